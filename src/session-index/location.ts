/** Where the session index lives by default: a file in the host's storage area of the DSH home. */
import { join } from 'node:path';
import type { Context } from '@deepseek-ai/cordis';

/** The index file's name in the storage area. */
export const INDEX_FILE_NAME = 'session-reference-index.sqlite';

/** The storage area's directory under the DSH home, as the dsh-web-app bundle roots its storage backend (`dshHomePath('storages')`). */
export const STORAGE_AREA = 'storages';

/**
 * The default `sessionIndexPath`: `<DSH home>/storages/session-reference-index.sqlite`. A dsh host
 * provides `ctx.dshHomePath(...segments)` (`@deepseek-ai/dsh-app-boot` provides it at boot, for the
 * Loader's config expressions), and its web bundle roots the storage backend at
 * `dshHomePath('storages')`; no service names the storage area itself. A host without that
 * resolver (a test host, another embedding) gets an index in memory: the plugin never guesses a
 * home and never writes outside one.
 */
export function defaultIndexPath(ctx: Context): string {
  const resolver: unknown = (ctx.get as (name: string) => unknown)('dshHomePath');
  if (typeof resolver !== 'function') return ':memory:';
  try {
    const path: unknown = (resolver as (...segments: string[]) => unknown)(STORAGE_AREA, INDEX_FILE_NAME);
    return typeof path === 'string' && path !== '' ? path : ':memory:';
  } catch {
    return ':memory:';
  }
}

/** `configured` when given, else {@link defaultIndexPath}. */
export function indexPathFor(ctx: Context, configured: string | undefined): string {
  return configured === undefined ? defaultIndexPath(ctx) : configured === ':memory:' ? configured : join(configured);
}
