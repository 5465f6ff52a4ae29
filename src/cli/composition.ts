/** The host services a DSH home is read and written with (sessions, persistence, storage domain, projections, titles, projection cache), shared by the CLI and its demo. */
import type { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionProjectionCache from '@deepseek-ai/dsh-session-projection-cache';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import Storage from '@deepseek-ai/dsh-storage';
import * as StorageDomain from '@deepseek-ai/dsh-storage-domain';

/** Where a DSH home keeps its session logs (JSONL persistence root). */
export const SESSIONS_DIR = 'sessions';
/** Where a DSH home keeps its storage units (the projection cache's `session_projcache.json` among them). */
export const STORAGES_DIR = 'storages';

/** The title service's limits, as a DSH host configures them. */
const TITLE_CONFIG = { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 } as const;
/** The projection cache's write-behind triggers: high, so only its mandatory points (turn end, session close) write. */
const PROJECTION_CACHE_CONFIG = { writeEveryEvents: 10_000, writeIntervalMs: 3_600_000 } as const;

/** How {@link mountHomeServices} mounts the two services that touch the disk. */
export interface HomeServicesOptions {
  /** Mounts `ctx.sessionPersistence` (the session store is mounted already). */
  persistence(ctx: Context): Promise<void>;
  /** Mounts a storage backend on the storage hub and returns the name the storage domain is routed to. */
  storage(ctx: Context): Promise<string>;
}

/**
 * Mounts on `ctx`, in order, the session store, the persistence, the storage hub with its backend, the storage
 * domain, the projection registry, the title service and the projection cache.
 */
export async function mountHomeServices(ctx: Context, options: HomeServicesOptions): Promise<void> {
  await ctx.plugin(SessionStore);
  await options.persistence(ctx);
  await ctx.plugin(Storage);
  const backend = await options.storage(ctx);
  await ctx.plugin(StorageDomain, { backend });
  await ctx.plugin(SessionProjectionRegistry);
  await ctx.plugin(SessionTitleService, TITLE_CONFIG);
  await ctx.plugin(SessionProjectionCache, PROJECTION_CACHE_CONFIG);
}
