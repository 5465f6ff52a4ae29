/** Boots the rc.8 host composition read-only over a DSH home, with the session-reference resolver mounted on top. */
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionProjectionCache from '@deepseek-ai/dsh-session-projection-cache';
import SqliteSessionQueryEngine from '@deepseek-ai/dsh-session-query-sqlite';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import LocalSpillStore from '@deepseek-ai/dsh-spill-local';
import Storage from '@deepseek-ai/dsh-storage';
import * as StorageDomain from '@deepseek-ai/dsh-storage-domain';
import * as StorageJson from '@deepseek-ai/dsh-storage-json';
import { SessionReferenceResolver } from '../host/service.ts';
import type { SessionReferenceAgent } from '../types.ts';
import type { Config } from '../core/config.ts';

/** Where a DSH home keeps its session logs (JSONL persistence root). */
export const SESSIONS_DIR = 'sessions';
/** Where a DSH home keeps its storage units (the projection cache's `session_projcache.json` among them). */
export const STORAGES_DIR = 'storages';
/** Where the CLI saves full transcripts with the local spill store. */
export const SPILL_DIR = 'spill';

/** Persistence methods that write (or commit a crash repair to) a session log; the CLI refuses every one. */
export const LOG_WRITE_METHODS = ['create', 'append', 'appendBatch', 'commitRepair', 'prepare', 'load'] as const;

/** Thrown when something in the composition tries to write a session log through the guarded persistence. */
export class ReadOnlyHomeError extends Error {
  override readonly name = 'ReadOnlyHomeError';
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function listDirs(path: string): Promise<string[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => join(path, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The physical encoding of the JSONL logs under `sessionsRoot` (`<root>/<project>/<session>/session.jsonl[.zstd]`),
 * from the first log found on disk; `undefined` when there is none (the backend default then applies). A root
 * holding both encodings is refused by the persistence backend itself, with its own message, at the first read.
 * @param sessionsRoot - the JSONL persistence root.
 */
export async function detectCompression(sessionsRoot: string): Promise<JsonlCompression | undefined> {
  for (const project of await listDirs(sessionsRoot)) {
    for (const session of await listDirs(project)) {
      let names: string[];
      try {
        names = await readdir(session);
      } catch {
        continue;
      }
      if (names.includes('session.jsonl.zstd')) return 'zstd';
      if (names.includes('session.jsonl')) return 'none';
    }
  }
  return undefined;
}

/** Options of {@link openHome}. */
export interface OpenHomeOptions {
  /** Absolute DSH home directory. */
  home: string;
  /** Mount the local spill store on `<home>/spill` so truncated references save their transcripts. */
  spill: boolean;
  /** Resolver configuration (budget, candidate limit). */
  config?: Config;
  /** Receives a note when the composition degrades (an unreadable projection cache). */
  warn?: (message: string) => void;
}

/** A booted read-only host over a DSH home. */
export interface HomeHost {
  /** The root Cordis context. */
  readonly ctx: Context;
  /** The mounted `ctx.sessionReferenceResolver`. */
  readonly resolver: SessionReferenceResolver;
  /** The home directory. */
  readonly home: string;
  /** `<home>/sessions`. */
  readonly sessionsRoot: string;
  /** The spill root, when the spill store is mounted. */
  readonly spillRoot: string | undefined;
  /** The detected log encoding. */
  readonly compression: JsonlCompression;
  /** Whether the projection cache (cold titles) was found and mounted. */
  readonly projectionCache: boolean;
  /** Disposes the whole composition. */
  dispose(): Promise<void>;
}

/**
 * Replaces every log-writing method of the mounted persistence with one that rejects, so no code path in the
 * composition (a crash repair on load, a flush of a session someone published, a resume) can touch the logs.
 * The coordinator calls back into the same backend object, so its internal writes are refused too.
 */
function guardPersistence(ctx: Context, sessionsRoot: string): void {
  const target = ctx.sessionPersistence as unknown as Record<string, unknown>;
  for (const method of LOG_WRITE_METHODS) {
    if (typeof target[method] !== 'function') continue;
    target[method] = () =>
      Promise.reject(new ReadOnlyHomeError(`dsh-session-ref never writes session logs: refused ${method}() under ${sessionsRoot}`));
  }
}

/**
 * Boots, over `options.home`, the composition a DSH host mounts for reading sessions: the session store, the
 * JSONL persistence on `<home>/sessions` (encoding detected from disk, every write method refused), the storage
 * hub with the JSON backend on `<home>/storages`, the projection registry, the title service and the projection
 * cache (only when `<home>/storages` exists, so nothing is created there; when it cannot be read the host boots
 * without it and `warn` is told), the SQLite session-query engine on an in-memory index, optionally the local spill
 * store on `<home>/spill`, and finally the resolver.
 */
export async function openHome(options: OpenHomeOptions): Promise<HomeHost> {
  const { home } = options;
  const sessionsRoot = join(home, SESSIONS_DIR);
  const storagesRoot = join(home, STORAGES_DIR);
  const compression = (await detectCompression(sessionsRoot)) ?? 'zstd';
  const spillRoot = options.spill ? join(home, SPILL_DIR) : undefined;
  let withCache = await isDirectory(storagesRoot);
  let ctx: Context;
  try {
    ctx = await compose({ ...options, sessionsRoot, storagesRoot, compression, withCache, spillRoot });
  } catch (error) {
    if (!withCache) throw error;
    // An unreadable projection cache costs the cold titles, not the command: retry without it.
    options.warn?.(`cold titles unavailable, labelling sessions by id: ${error instanceof Error ? error.message : String(error)}`);
    withCache = false;
    ctx = await compose({ ...options, sessionsRoot, storagesRoot, compression, withCache, spillRoot });
  }
  const resolver = ctx.get('sessionReferenceResolver');
  if (resolver === undefined) {
    await ctx.fiber.dispose();
    throw new Error('the session-reference resolver did not start');
  }
  let disposed: Promise<void> | undefined;
  return {
    ctx,
    resolver,
    home,
    sessionsRoot,
    spillRoot,
    compression,
    projectionCache: withCache,
    dispose() {
      disposed ??= ctx.fiber.dispose().then(() => undefined);
      return disposed;
    },
  };
}

interface Composition extends OpenHomeOptions {
  sessionsRoot: string;
  storagesRoot: string;
  compression: JsonlCompression;
  withCache: boolean;
  spillRoot: string | undefined;
}

async function compose(options: Composition): Promise<Context> {
  const ctx = new Context();
  try {
    await ctx.plugin(SessionStore);
    await ctx.plugin(JsonlSessionPersistence, { root: options.sessionsRoot, compression: options.compression });
    guardPersistence(ctx, options.sessionsRoot);
    if (options.withCache) {
      await ctx.plugin(Storage);
      await ctx.plugin(StorageJson, { root: options.storagesRoot });
      await ctx.plugin(StorageDomain, { backend: 'json' });
      await ctx.plugin(SessionProjectionRegistry);
      await ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });
      await ctx.plugin(SessionProjectionCache, { writeEveryEvents: 10_000, writeIntervalMs: 3_600_000 });
    }
    await ctx.plugin(SqliteSessionQueryEngine, { path: ':memory:' });
    if (options.spillRoot !== undefined) await ctx.plugin(LocalSpillStore, { root: options.spillRoot });
    await ctx.plugin(SessionReferenceResolver, options.config ?? {});
    return ctx;
  } catch (error) {
    await ctx.fiber.dispose();
    throw error;
  }
}

/**
 * A throwaway agent for the CLI: a fresh id that names no stored session, no route (so the budget is the
 * configured one or the 64 KiB fallback), and `cwd` for same-workspace ranking. It is never created in the store.
 * @param purpose - short tag in the id (`preview`, `candidates`).
 * @param cwd - the working directory the agent's session claims.
 */
export function throwawayAgent(purpose: string, cwd: string): SessionReferenceAgent {
  return { id: `dsh-session-ref-${purpose}-${randomUUID()}`, options: {}, session: { header: { cwd } } };
}
