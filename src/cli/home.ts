/** Boots the rc.8 host composition read-only over a DSH home, with the session-reference resolver mounted on top. */
import { randomUUID } from 'node:crypto';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import { JsonlSessionPersistence } from '@deepseek-ai/dsh-session-persistence-jsonl';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';
import SqliteSessionQueryEngine from '@deepseek-ai/dsh-session-query-sqlite';
import LocalSpillStore from '@deepseek-ai/dsh-spill-local';
import * as StorageJson from '@deepseek-ai/dsh-storage-json';
import type { Config } from '../config.ts';
import { SessionReferenceResolver } from '../plugin.ts';
import type { SessionReferenceAgent } from '../types.ts';
import type { Io } from './output-channel.ts';
import { withProgress } from './progress.ts';
import type { Progress } from './progress.ts';
import { mountHomeServices, SESSIONS_DIR, STORAGES_DIR } from './composition.ts';
import { checkEntry } from './home-entries.ts';
import { ReadOnlySessionPersistence } from './read-only-persistence.ts';
import type { UnreadableLog } from './read-only-persistence.ts';
import { copyStorages } from './storage-copy.ts';

/** Where the CLI saves full transcripts with the local spill store. */
export const SPILL_DIR = 'spill';

/** The DSH home named on the command line is missing or not a directory (exit status 1). */
export class MissingHomeError extends Error {
  override readonly name = 'MissingHomeError';
}

/** `<home>/spill` is not a directory under the real home, so the CLI writes nothing there (exit status 1). */
export class UnsafeSpillError extends Error {
  override readonly name = 'UnsafeSpillError';
}

/** Options of {@link openHome}. */
export interface OpenHomeOptions {
  /** Absolute DSH home directory; it must exist. */
  home: string;
  /** Mount the local spill store on `<home>/spill` so truncated references save their transcripts. */
  spill: boolean;
  /** Resolver configuration (budget, candidate limit). */
  config?: Config;
  /** Receives a note when the composition degrades (a storage unit that is not read). */
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
  /** The detected log encoding. */
  readonly compression: JsonlCompression;
  /** Whether any unit under `<home>/storages` (the projection cache's among them) was read; the cache itself is always mounted, in memory. */
  readonly projectionCache: boolean;
  /** The sessions whose logs could not be read so far, each left out of listings. */
  unreadable(): readonly UnreadableLog[];
  /** Disposes the whole composition. */
  dispose(): Promise<void>;
}

/** The home's real path; {@link MissingHomeError} when it is absent or not a directory. */
async function realHomeOf(home: string): Promise<string> {
  try {
    if (!(await stat(home)).isDirectory()) throw new MissingHomeError(`the DSH home ${home} is not a directory`);
    return await realpath(home);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingHomeError(`no DSH home at ${home}`);
    throw error;
  }
}

/** `<home>/spill`, when it is absent or a directory under the real home; anything else is refused before a byte is written. */
async function spillRootOf(home: string, realHome: string): Promise<string> {
  const spillRoot = join(home, SPILL_DIR);
  const check = await checkEntry(spillRoot, realHome, 'directory');
  if (check.kind === 'refused') throw new UnsafeSpillError(`the spill directory ${spillRoot} is not written to: ${check.reason}`);
  return spillRoot;
}

/** The encoding of the first log found under `root` (no file is opened); zstd, the host's default, when there is none. */
async function detectCompression(root: string): Promise<JsonlCompression> {
  const names = async (path: string): Promise<string[]> => readdir(path).catch(() => []);
  for (const project of await names(root)) {
    for (const session of await names(join(root, project))) {
      const found = await names(join(root, project, session));
      if (found.includes('session.jsonl.zstd')) return 'zstd';
      if (found.includes('session.jsonl')) return 'none';
    }
  }
  return 'zstd';
}

/**
 * The host's JSONL persistence over `root`, mounted with a session store in a context of its own: nothing there
 * creates or appends a session, so nothing writes through it. Only the CLI's read-only persistence calls it.
 */
async function openReader(root: string, compression: JsonlCompression): Promise<{ reader: JsonlSessionPersistence; ctx: Context }> {
  const ctx = new Context();
  try {
    await ctx.plugin(SessionStore);
    await ctx.plugin(JsonlSessionPersistence, { root, compression });
    const reader = ctx.get('sessionPersistence');
    if (!(reader instanceof JsonlSessionPersistence)) throw new Error('the JSONL session persistence did not start');
    return { reader, ctx };
  } catch (error) {
    await ctx.fiber.dispose();
    throw error;
  }
}

/**
 * Boots over `options.home` the composition a DSH host mounts for reading sessions: the session store, the CLI's
 * read-only persistence over the host's JSONL persistence on `<home>/sessions` (encoding detected from disk; every
 * file checked before it is opened; every write refused; one unreadable log costing only its own session), the
 * storage domain over `<home>/storages` read once, each unit file checked first, and kept in memory (so the
 * projection cache can fold titles without writing; a unit that is not read starts empty and `warn` is told), the
 * projection registry, the title service, the projection cache, the SQLite session-query engine for exact reads
 * (its full-text search off: body matches come from the session index), optionally the local spill store on `<home>/spill` (refused when that is not a
 * directory under the real home), and finally the resolver. Throws {@link MissingHomeError} when the home does not
 * exist; nothing is created then.
 */
export async function openHome(options: OpenHomeOptions): Promise<HomeHost> {
  const { home } = options;
  const realHome = await realHomeOf(home);
  const sessionsRoot = join(home, SESSIONS_DIR);
  const spillRoot = options.spill ? await spillRootOf(home, realHome) : undefined;
  const compression = await detectCompression(sessionsRoot);
  const { reader, ctx: readerCtx } = await openReader(sessionsRoot, compression);
  const ctx = new Context();
  const warned = new Set<string>();
  const warnUnit = (file: string, reason: string): void => {
    const message = `${file} is not read, so what it holds starts empty (titles are folded from the logs): ${reason}`;
    if (!warned.has(message)) options.warn?.(message);
    warned.add(message);
  };
  const storages = await copyStorages(join(home, STORAGES_DIR), realHome, warnUnit);
  let persistence: ReadOnlySessionPersistence | undefined;
  const disposeAll = async (): Promise<void> => {
    await ctx.fiber.dispose();
    await readerCtx.fiber.dispose();
    await storages.remove();
  };
  try {
    await mountHomeServices(ctx, {
      persistence: async (mounting) => {
        await mounting.plugin(ReadOnlySessionPersistence, { reader, root: sessionsRoot, realHome });
        persistence = mounting.get('sessionPersistence') as ReadOnlySessionPersistence;
      },
      storage: async (mounting) => {
        await mounting.plugin(StorageJson, { root: storages.root });
        return 'json';
      },
    });
    // exact reads only: body matches come from the session index
    await ctx.plugin(SqliteSessionQueryEngine, { path: ':memory:', openAt: 'never' });
    if (spillRoot !== undefined) await ctx.plugin(LocalSpillStore, { root: spillRoot });
    // the resolver's own index stays in memory (and idle until asked): the CLI never writes into the home
    await ctx.plugin(SessionReferenceResolver, { titleBackfill: 'off', ...options.config, sessionIndexPath: ':memory:' });
  } catch (error) {
    await disposeAll();
    throw error;
  }
  const resolver = ctx.get('sessionReferenceResolver');
  if (resolver === undefined || persistence === undefined) {
    await disposeAll();
    throw new Error('the session-reference resolver did not start');
  }
  const mounted = persistence;
  let disposed: Promise<void> | undefined;
  return {
    ctx,
    resolver,
    home,
    compression,
    projectionCache: storages.units > 0,
    unreadable: () => mounted.unreadable(),
    dispose() {
      disposed ??= disposeAll();
      return disposed;
    },
  };
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

/** Options every home-reading command takes. */
export interface HomeOptions {
  /** Absolute DSH home. */
  home: string;
  /** Absolute working directory of the throwaway agent (ranking, same-workspace), symlinks resolved. */
  cwd: string;
}

/**
 * Boots the home (with a spinner on a TTY while it is read), runs `work`, and disposes the host; what `work`
 * passes to `warn` is printed on stderr afterwards, whether it succeeded or not.
 */
export async function withHome<T>(
  io: Io,
  open: Omit<OpenHomeOptions, 'warn'>,
  label: string,
  work: (host: HomeHost, warn: (message: string) => void, progress: Progress) => Promise<T>,
): Promise<T> {
  const warnings: string[] = [];
  const warn = (message: string): void => void warnings.push(message);
  try {
    return await withProgress(io.err, `${label} in ${open.home}`, async (progress) => {
      const host = await openHome({ ...open, warn });
      try {
        return await work(host, warn, progress);
      } finally {
        await host.dispose();
      }
    });
  } finally {
    for (const warning of warnings) io.err.line(io.err.c.yellow(`warning: ${warning}`));
  }
}

/** The warning naming a session (or, for an entry that names none, a directory) the listing left out. */
export function leftOut(log: UnreadableLog): string {
  if (log.sessionId === '*') return `left out every session under ${log.path}: ${log.reason}`;
  return `left out session ${JSON.stringify(log.sessionId)}: its log ${log.path} could not be read: ${log.reason}`;
}
