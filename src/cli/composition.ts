/** The host services a DSH home is written and read with (sessions, JSONL logs, storage domain, projections, titles, projection cache), shared by the CLI, its demo and the tests. */
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionProjectionCache from '@deepseek-ai/dsh-session-projection-cache';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import Storage from '@deepseek-ai/dsh-storage';
import * as StorageDomain from '@deepseek-ai/dsh-storage-domain';
import * as StorageJson from '@deepseek-ai/dsh-storage-json';
import { writeSession } from './session-writer.ts';
import type { WriteSessionSpec } from './session-writer.ts';
import * as SnapshotStorage from './snapshot-storage.ts';

/** Where a DSH home keeps its session logs (JSONL persistence root). */
export const SESSIONS_DIR = 'sessions';
/** Where a DSH home keeps its storage units (the projection cache's `session_projcache.json` among them). */
export const STORAGES_DIR = 'storages';

/** The title service's limits, as a DSH host configures them. */
export const TITLE_CONFIG = { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 } as const;
/** The projection cache's write-behind triggers: high, so only its mandatory points (turn end, session close) write. */
export const PROJECTION_CACHE_CONFIG = { writeEveryEvents: 10_000, writeIntervalMs: 3_600_000 } as const;

/** Options of {@link mountHomeServices}. */
export interface HomeServicesOptions {
  /** The DSH home directory. */
  home: string;
  /** The JSONL encoding; the backend's default (zstd) when absent. */
  compression?: JsonlCompression;
  /**
   * How `<home>/storages` is served: `json` reads and writes it with the host's JSON backend; `snapshot` reads it
   * once (when it exists) and keeps every write in memory; `memory` starts empty and keeps every write in memory.
   */
  storage: 'json' | 'snapshot' | 'memory';
  /** Runs right after the persistence is mounted, before any other service can use it. */
  afterPersistence?(ctx: Context): void;
}

/**
 * Mounts on `ctx`, in order, the session store, the JSONL persistence on `<home>/sessions`, the storage hub with
 * its backend, the storage domain, the projection registry, the title service and the projection cache.
 */
export async function mountHomeServices(ctx: Context, options: HomeServicesOptions): Promise<void> {
  const storagesRoot = join(options.home, STORAGES_DIR);
  await ctx.plugin(SessionStore);
  await ctx.plugin(JsonlSessionPersistence, {
    root: join(options.home, SESSIONS_DIR),
    ...(options.compression === undefined ? {} : { compression: options.compression }),
  });
  options.afterPersistence?.(ctx);
  await ctx.plugin(Storage);
  if (options.storage === 'json') {
    await ctx.plugin(StorageJson, { root: storagesRoot });
    await ctx.plugin(StorageDomain, { backend: 'json' });
  } else {
    await ctx.plugin(SnapshotStorage, { root: storagesRoot, ignoreDisk: options.storage === 'memory' });
    await ctx.plugin(StorageDomain, { backend: SnapshotStorage.SNAPSHOT_BACKEND });
  }
  await ctx.plugin(SessionProjectionRegistry);
  await ctx.plugin(SessionTitleService, TITLE_CONFIG);
  await ctx.plugin(SessionProjectionCache, PROJECTION_CACHE_CONFIG);
}

/**
 * Writes `sessions` into `home` the way a DSH host does: through the session store and the JSONL persistence,
 * each renamed through the title service and checkpointed by the projection cache under `<home>/storages`.
 */
export async function writeHome(
  home: string,
  sessions: readonly Omit<WriteSessionSpec, 'live'>[],
  options: { compression?: JsonlCompression } = {},
): Promise<void> {
  const ctx = new Context();
  try {
    await mountHomeServices(ctx, { home, storage: 'json', ...options });
    for (const spec of sessions) {
      const { id } = await writeSession({ ctx }, { ...spec, live: true });
      await ctx.sessionProjectionCache.write(ctx.sessions.get(id)!);
    }
  } finally {
    await ctx.fiber.dispose();
  }
}
