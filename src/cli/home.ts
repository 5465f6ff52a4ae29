/** Boots the rc.8 host composition read-only over a DSH home, with the session-reference resolver mounted on top. */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';
import SqliteSessionQueryEngine from '@deepseek-ai/dsh-session-query-sqlite';
import LocalSpillStore from '@deepseek-ai/dsh-spill-local';
import { describeThrown } from '../errors.ts';
import type { Config } from '../config.ts';
import { SessionReferenceResolver } from '../plugin.ts';
import type { SessionReferenceAgent } from '../types.ts';
import { mountHomeServices, SESSIONS_DIR, STORAGES_DIR } from './composition.ts';
import { detectCompression } from './session-dirs.ts';
import { tolerateUnreadableLogs } from './tolerant-listing.ts';
import type { UnreadableLog } from './tolerant-listing.ts';

/** Where the CLI saves full transcripts with the local spill store. */
export const SPILL_DIR = 'spill';

/** Persistence methods that write (or commit a crash repair to) a session log; the CLI refuses every one. */
export const LOG_WRITE_METHODS = ['create', 'append', 'appendBatch', 'commitRepair', 'prepare', 'load'] as const;

/** Thrown when something in the composition tries to write a session log through the guarded persistence. */
export class ReadOnlyHomeError extends Error {
  override readonly name = 'ReadOnlyHomeError';
}

/** The DSH home named on the command line is missing or not a directory (exit status 1). */
export class MissingHomeError extends Error {
  override readonly name = 'MissingHomeError';
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Options of {@link openHome}. */
export interface OpenHomeOptions {
  /** Absolute DSH home directory; it must exist. */
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
  /** Whether the home's projection cache (`<home>/storages`) was read; the cache itself is always mounted, in memory. */
  readonly projectionCache: boolean;
  /** The sessions whose logs could not be read so far, each left out of listings. */
  unreadable(): readonly UnreadableLog[];
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
 * Boots over `options.home` the composition a DSH host mounts for reading sessions: the session store, the JSONL
 * persistence on `<home>/sessions` (encoding detected from disk, every write method refused, one unreadable log
 * costing only its own session), the storage domain over `<home>/storages` read once and kept in memory (so the
 * projection cache can fold titles without writing; when the home's units cannot be read the cache starts empty
 * and `warn` is told), the projection registry, the title service, the projection cache, the SQLite
 * session-query engine for exact reads (its full-text search off), optionally the local spill store on
 * `<home>/spill`, and finally the resolver. Throws {@link MissingHomeError} when the home does not exist;
 * nothing is created then.
 */
export async function openHome(options: OpenHomeOptions): Promise<HomeHost> {
  const { home } = options;
  let info;
  try {
    info = await stat(home);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingHomeError(`no DSH home at ${home}`);
    throw error;
  }
  if (!info.isDirectory()) throw new MissingHomeError(`the DSH home ${home} is not a directory`);
  const sessionsRoot = join(home, SESSIONS_DIR);
  const compression = (await detectCompression(sessionsRoot)) ?? 'zstd';
  const spillRoot = options.spill ? join(home, SPILL_DIR) : undefined;
  let projectionCache = await isDirectory(join(home, STORAGES_DIR));
  const composition = { ...options, sessionsRoot, compression, spillRoot };
  let composed: Composed;
  try {
    composed = await compose({ ...composition, storage: 'snapshot' });
  } catch (error) {
    if (!projectionCache) throw error;
    // An unreadable projection cache costs the cold titles read from it, not the command: start it empty.
    options.warn?.(
      `the projection cache under ${join(home, STORAGES_DIR)} could not be read, so titles are folded from the logs: ${describeThrown(error)}`,
    );
    projectionCache = false;
    composed = await compose({ ...composition, storage: 'memory' });
  }
  const { ctx, unreadable } = composed;
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
    projectionCache,
    unreadable,
    dispose() {
      disposed ??= ctx.fiber.dispose().then(() => undefined);
      return disposed;
    },
  };
}

interface Composition extends OpenHomeOptions {
  sessionsRoot: string;
  compression: JsonlCompression;
  spillRoot: string | undefined;
  storage: 'snapshot' | 'memory';
}

interface Composed {
  ctx: Context;
  unreadable: () => readonly UnreadableLog[];
}

async function compose(options: Composition): Promise<Composed> {
  const ctx = new Context();
  let unreadable: () => readonly UnreadableLog[] = () => [];
  try {
    await mountHomeServices(ctx, {
      home: options.home,
      compression: options.compression,
      storage: options.storage,
      afterPersistence(mounted) {
        guardPersistence(mounted, options.sessionsRoot);
        unreadable = tolerateUnreadableLogs(mounted.sessionPersistence, options.sessionsRoot);
      },
    });
    // exact reads only: body matches come from the session index
    await ctx.plugin(SqliteSessionQueryEngine, { path: ':memory:', openAt: 'never' });
    if (options.spillRoot !== undefined) await ctx.plugin(LocalSpillStore, { root: options.spillRoot });
    // the resolver's own index stays in memory (and idle until asked): the CLI never writes into the home
    await ctx.plugin(SessionReferenceResolver, { titleBackfill: 'off', ...options.config, sessionIndexPath: ':memory:' });
    return { ctx, unreadable: () => unreadable() };
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
