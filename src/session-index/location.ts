/** Where things live: the session index's file in the host's storage area of the DSH home, and the JSONL store's session logs. */
import { basename, dirname, join } from 'node:path';
import type { Context } from '@deepseek-ai/cordis';
import { SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionPersistence } from '@deepseek-ai/dsh-session-persistence';
import type { ListedHeader } from './catalog.ts';

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

/** The JSONL store's layout: `<root>/<project>/<session>/<fileName>`, the file compressed when it ends in `.zstd`. */
export interface JsonlStore {
  readonly root: string;
  readonly fileName: string;
  readonly compression: 'zstd' | 'none';
}

/** Where the JSONL store keeps the log of the session `header` names, from the persistence's own `locate`; undefined for any other store. */
export function jsonlLogPath(persistence: SessionPersistence | undefined, header: ListedHeader): string | undefined {
  try {
    const { id, createdAt, cwd } = header;
    const meta = { version: SESSION_FORMAT_VERSION, id: id as SessionId, createdAt, ...(cwd === undefined ? {} : { cwd }) };
    const location = persistence?.locate(meta);
    return location?.kind === 'jsonl' ? location.path : undefined;
  } catch {
    return undefined;
  }
}

/** The JSONL store's layout, from where it would keep a probe session's log; undefined for any other store. */
export function jsonlStore(persistence: SessionPersistence | undefined): JsonlStore | undefined {
  const path = jsonlLogPath(persistence, { id: 'session-reference-probe', createdAt: 0 });
  if (path === undefined) return undefined;
  const fileName = basename(path);
  const compression = fileName === 'session.jsonl.zstd' ? 'zstd' : fileName === 'session.jsonl' ? 'none' : undefined;
  return compression === undefined ? undefined : { root: dirname(dirname(dirname(path))), fileName, compression };
}
