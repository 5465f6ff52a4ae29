/** A DSH home opened read-only: its entries checked without opening them, its storage units copied aside, and the rc.8 host composition booted over it with the session-reference resolver on top. */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdtemp, open, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import { JsonlSessionPersistence } from '@deepseek-ai/dsh-session-persistence-jsonl';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionProjectionCache from '@deepseek-ai/dsh-session-projection-cache';
import SqliteSessionQueryEngine from '@deepseek-ai/dsh-session-query-sqlite';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import LocalSpillStore from '@deepseek-ai/dsh-spill-local';
import Storage from '@deepseek-ai/dsh-storage';
import * as StorageDomain from '@deepseek-ai/dsh-storage-domain';
import * as StorageJson from '@deepseek-ai/dsh-storage-json';
import type { Config } from '../config.ts';
import { describeThrown } from '../errors.ts';
import { SessionReferenceResolver } from '../plugin.ts';
import { entryKind } from '../session-index/entry-kind.ts';
import { STORAGE_AREA } from '../session-index/location.ts';
import type { SessionReferenceAgent } from '../types.ts';
import { withProgress } from './output-channel.ts';
import type { Io, Progress } from './output-channel.ts';
import { checkEntry, ReadOnlySessionPersistence } from './read-only-persistence.ts';
import { count } from './text-layout.ts';

/** Where a DSH home keeps its session logs (JSONL persistence root). */
export const SESSIONS_DIR = 'sessions';

/** Largest storage unit (`<home>/storages/<unit>.json`) copied. */
const MAX_UNIT_BYTES = 256 * 1024 * 1024;

/** The bytes of a unit file, opened without blocking; rejects, saying why, unless it is a regular file within the cap that parses as JSON. */
async function unitBytes(file: string): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`it is ${entryKind(info)}, not a regular file`);
    if (info.size > MAX_UNIT_BYTES) throw new Error(`it holds ${count(info.size)} bytes, over the cap`);
    const bytes = await handle.readFile();
    JSON.parse(bytes.toString('utf8'));
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * Copies every `*.json` unit under `storages` that is a regular file (or a link to one inside `realHome`) into a
 * fresh temporary directory, and returns that directory (the caller removes it); a unit or a `storages` that fails
 * the checks is left out, and `warn` is told the path and why. Nothing under `storages` is written.
 */
async function copyStorages(storages: string, realHome: string, warn: (path: string, reason: string) => void): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'dsh-session-ref-storages-'));
  const directory = await checkEntry(storages, realHome, 'directory');
  if (directory.kind === 'refused') warn(storages, directory.reason);
  if (directory.kind !== 'ok') return root;
  for (const name of (await readdir(storages)).filter((entry) => entry.endsWith('.json'))) {
    const file = join(storages, name);
    const check = await checkEntry(file, realHome, 'file');
    const bytes = check.kind === 'refused' ? check.reason : await unitBytes(file).catch(describeThrown);
    if (typeof bytes === 'string') warn(file, bytes);
    else await writeFile(join(root, name), bytes);
  }
  return root;
}

/**
 * Mounts on `ctx`, in order and configured as a DSH host configures them, the session store, the persistence
 * `mountPersistence` mounts, the storage hub, the JSON storage backend on `storages`, the storage domain, the
 * projection registry, the title service and the projection cache (which writes only at its mandatory points).
 */
export async function mountHomeServices(ctx: Context, mountPersistence: () => Promise<unknown>, storages: string): Promise<void> {
  await ctx.plugin(SessionStore);
  await mountPersistence();
  await ctx.plugin(Storage);
  await ctx.plugin(StorageJson, { root: storages });
  await ctx.plugin(StorageDomain, { backend: 'json' });
  await ctx.plugin(SessionProjectionRegistry);
  await ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });
  await ctx.plugin(SessionProjectionCache, { writeEveryEvents: 10_000, writeIntervalMs: 3_600_000 });
}

/** A booted read-only host over a DSH home: its root context, the resolver, the read-only persistence (which names the sessions left out), and how to dispose it all. */
export type HomeHost = Awaited<ReturnType<typeof openHome>>;

/** The home's real path; an error saying so when it is absent or not a directory. */
async function realHomeOf(home: string): Promise<string> {
  try {
    if (!(await stat(home)).isDirectory()) throw new Error(`the DSH home ${home} is not a directory`);
    return await realpath(home);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`no DSH home at ${home}`);
    throw error;
  }
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
 * Boots over `options.home` the composition a DSH host mounts for reading sessions ({@link mountHomeServices}), with
 * the CLI's read-only persistence over the host's JSONL persistence on `<home>/sessions` (mounted in a context of its
 * own, where nothing writes through it; encoding detected from disk), the JSON storage rooted at a checked copy of
 * `<home>/storages` (a unit that is not read starts empty, and `warn` is told), the SQLite session-query engine for
 * exact reads (its full-text search off: body matches come from the session index), with `spill` the local spill
 * store on `<home>/spill` (refused when that is not a directory under the real home), and the resolver. A missing
 * home throws, and nothing is created then.
 */
export async function openHome(options: { home: string; spill: boolean; config?: Config; warn?: (message: string) => void }) {
  const { home } = options;
  const realHome = await realHomeOf(home);
  const root = join(home, SESSIONS_DIR);
  const spillRoot = join(home, 'spill');
  const spillCheck = options.spill ? await checkEntry(spillRoot, realHome, 'directory') : undefined;
  if (spillCheck?.kind === 'refused') throw new Error(`the spill directory ${spillRoot} is not written to: ${spillCheck.reason}`);
  const compression = await detectCompression(root);
  const storages = await copyStorages(join(home, STORAGE_AREA), realHome, (file, reason) => {
    options.warn?.(`${file} is not read, so what it holds starts empty (titles are folded from the logs): ${reason}`);
  });
  const readerCtx = new Context();
  const ctx = new Context();
  const dispose = async (): Promise<void> => {
    await ctx.fiber.dispose();
    await readerCtx.fiber.dispose();
    await rm(storages, { recursive: true, force: true });
  };
  try {
    await readerCtx.plugin(SessionStore);
    await readerCtx.plugin(JsonlSessionPersistence, { root, compression });
    const reader = readerCtx.get('sessionPersistence');
    if (!(reader instanceof JsonlSessionPersistence)) throw new Error('the JSONL session persistence did not start');
    await mountHomeServices(ctx, async () => ctx.plugin(ReadOnlySessionPersistence, { reader, root, realHome }), storages);
    await ctx.plugin(SqliteSessionQueryEngine, { path: ':memory:', openAt: 'never' });
    if (options.spill) await ctx.plugin(LocalSpillStore, { root: spillRoot });
    // the resolver's own index stays in memory (and idle until asked): the CLI never writes into the home
    await ctx.plugin(SessionReferenceResolver, { titleBackfill: 'off', ...options.config, sessionIndexPath: ':memory:' });
    const resolver = ctx.get('sessionReferenceResolver');
    const persistence = ctx.get('sessionPersistence');
    if (resolver === undefined || !(persistence instanceof ReadOnlySessionPersistence))
      throw new Error('the session-reference resolver did not start');
    return { ctx, resolver, persistence, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Where a command reads: the absolute DSH home, and the citing session's working directory (links resolved) for same-workspace ranking. */
export interface HomeOptions {
  home: string;
  cwd: string;
}

/**
 * A throwaway agent working in `cwd`: a fresh id that names no stored session (and is never created in the store),
 * and no route, so the budget is the configured one or the 64 KiB fallback.
 */
export function throwawayAgent(purpose: string, cwd: string): SessionReferenceAgent {
  return { id: `dsh-session-ref-${purpose}-${randomUUID()}`, options: {}, session: { header: { cwd } } };
}

/**
 * Boots the home (with a spinner on a TTY while it is read), runs `work`, and disposes the host; what `work`
 * passes to `warn` is printed on stderr afterwards, whether it succeeded or not.
 */
export async function withHome<T>(
  io: Io,
  open: { home: string; spill: boolean; config?: Config },
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
