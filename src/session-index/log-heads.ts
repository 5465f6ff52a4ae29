/**
 * The first boot's fast listing: the JSONL store's tree walked, newest session directory first, and
 * the first few KB of each session's log read for its header and its first title. The host's own listing reads
 * every header one session after another, several thread-pool round trips each (and the plugin's listing walks
 * the tree twice), which takes seconds at 10,000 sessions; this walk reads each head with three synchronous
 * system calls, in short slices of the event loop. What it finds is a partial listing: the host's listing stays
 * the source of truth for presence once it arrives. Its walk of the session directories and its frame-by-frame
 * inflation serve the log-by-log listing and the bounded log reader too.
 *
 * Layout (the persistence's `layout.ts`): `<root>/<project>/<session>/session.jsonl.zstd` (independently
 * compressed frames: the header line alone in the first, then one frame per durable batch) or `session.jsonl`.
 */
import { closeSync, constants, lstatSync, openSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import type { JsonlStore } from './location.ts';

/** Bytes read from the start of each log: the header and, for most sessions, the first title event. */
export const HEAD_BYTES = 16_384;
/** Longest the walk holds the event loop at a time, in ms. */
const SLICE_MS = 8;
/** Largest decoded frame accepted from a head (a decompression bomb costs that session only). */
const MAX_FRAME_BYTES = 1 << 20;

/** A session header as the log's first line gives it. */
export interface HeadHeader {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  /** The header line's other fields, as the host's listing would give them. */
  readonly [field: string]: unknown;
}

/** What the start of one log says: its header, and its first title event when the head holds one. */
export interface LogHead {
  readonly header: HeadHeader;
  /** The first `session/title` event, as logged. */
  readonly title?: { readonly type: 'session/title'; readonly seq: number; readonly data?: unknown };
}

/** Options of {@link scanLogHeads}. */
export interface HeadScanOptions {
  /** The store's layout. */
  readonly store: JsonlStore;
  /** Ends the walk. */
  readonly signal: AbortSignal;
  /** Takes each batch of heads, as they are read (newest session directory first). */
  readonly onBatch: (heads: LogHead[]) => void;
}

async function directories(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => join(path, entry.name));
}

/**
 * The session directories of the store under `root` (`<root>/<project>/<session>`); a project directory that
 * cannot be listed is handed to `onUnlistable`. A missing root has none. Rejects when the root cannot be listed
 * or `signal` aborts.
 */
export async function sessionDirs(
  root: string,
  signal: AbortSignal,
  onUnlistable: (project: string, error: unknown) => void,
): Promise<string[]> {
  let projects: string[];
  try {
    projects = await directories(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const dirs: string[] = [];
  for (const project of projects) {
    signal.throwIfAborted();
    try {
      dirs.push(...(await directories(project)));
    } catch (error) {
      onUnlistable(project, error);
    }
  }
  return dirs;
}

/**
 * Inflates the Zstandard frame at `offset` in one synchronous call, returning its text and the compressed bytes it
 * took (a frame cut short takes the rest and gives what it could); undefined when it inflates past `maxBytes`, or
 * fails.
 */
export function inflateFrameSync(bytes: Buffer, offset: number, maxBytes: number): { text: Buffer; used: number } | undefined {
  try {
    const { buffer, engine } = zstdDecompressSync(bytes.subarray(offset), { info: true, maxOutputLength: maxBytes }) as unknown as {
      buffer: Buffer;
      engine: { bytesWritten: number };
    };
    return { text: buffer, used: engine.bytesWritten };
  } catch {
    return undefined;
  }
}

/** How a `session/title` event's line starts: the persistence writes `type` first (in a text, the quotes would be escaped). */
const TITLE_LINE = '{"type":"session/title"';

/** The first complete line of `text` that is a `session/title` event. */
function titleLine(text: string): string | undefined {
  let at: number;
  if (text.startsWith(TITLE_LINE)) at = 0;
  else {
    at = text.indexOf(`\n${TITLE_LINE}`);
    if (at < 0) return undefined;
    at++;
  }
  const end = text.indexOf('\n', at);
  return end < 0 ? undefined : text.slice(at, end);
}

function parseJson(line: string | undefined): Record<string, unknown> | undefined {
  if (line === undefined) return undefined;
  try {
    const parsed = JSON.parse(line) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function headerOf(line: string | undefined): HeadHeader | undefined {
  const parsed = parseJson(line);
  if (parsed?.type !== 'session') return undefined;
  const { type: _type, version: _version, ...header } = parsed;
  if (typeof header.id !== 'string' || header.id === '' || typeof header.createdAt !== 'number') return undefined;
  if (header.cwd !== undefined && typeof header.cwd !== 'string') return undefined;
  return header as HeadHeader;
}

function titleOf(line: string | undefined): LogHead['title'] {
  const parsed = parseJson(line);
  return parsed?.type === 'session/title' && typeof parsed.seq === 'number' ? (parsed as NonNullable<LogHead['title']>) : undefined;
}

/**
 * Parses a log's head (the bytes read from its start): the header line, then the first title event among
 * the complete lines (only those two lines are parsed). Undefined when the head holds no well-formed header.
 */
export function parseLogHead(head: Buffer, compression: 'zstd' | 'none'): LogHead | undefined {
  let header: HeadHeader | undefined;
  let title: LogHead['title'];
  if (compression === 'zstd') {
    for (let at = 0; at < head.length && title === undefined;) {
      const frame = inflateFrameSync(head, at, MAX_FRAME_BYTES);
      if (frame === undefined || frame.used === 0) break;
      at += frame.used;
      const text = frame.text.toString('utf8');
      if (header === undefined) {
        header = headerOf(text.slice(0, Math.max(0, text.indexOf('\n'))));
        if (header === undefined) return undefined;
      } else {
        title = titleOf(titleLine(text));
      }
    }
  } else {
    const text = head.toString('utf8');
    const end = text.indexOf('\n');
    header = end < 0 ? undefined : headerOf(text.slice(0, end));
    if (header !== undefined) title = titleOf(titleLine(text.slice(end + 1)));
  }
  if (header === undefined) return undefined;
  return title === undefined ? { header } : { header, title };
}

/** Reads the first {@link HEAD_BYTES} of a log into `buffer`; never follows a link and never blocks on a FIFO. */
function readHead(path: string, buffer: Buffer): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Runs `each` over `items` in slices of at most {@link SLICE_MS} of the event loop, giving it back between slices; false when `signal` ended it. */
async function sliced<T>(items: readonly T[], signal: AbortSignal, each: (item: T) => void, afterSlice: () => void): Promise<boolean> {
  let at = 0;
  while (at < items.length) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) return false;
    const until = performance.now() + SLICE_MS;
    do each(items[at++] as T);
    while (at < items.length && performance.now() < until);
    afterSlice();
  }
  return true;
}

/**
 * Walks the store under `root` and reads each log's head, newest session directory first (a session's
 * directory is written once, when its log is created), handing heads over a slice at a time. Reads are
 * synchronous, in slices of at most {@link SLICE_MS} with the event loop given back between them: a head
 * is a few KB, so a round trip through the thread pool per system call would cost more than the read. A
 * log that cannot be read or holds no header is skipped (the host's listing decides about it). Resolves
 * when every log was read or `signal` aborted; never rejects.
 */
export async function scanLogHeads(options: HeadScanOptions): Promise<void> {
  const { signal, onBatch } = options;
  const { root, fileName, compression } = options.store;
  let dirs: string[];
  try {
    dirs = await sessionDirs(root, signal, () => {});
  } catch {
    return; // aborted, or the root cannot be listed: the host's listing decides
  }
  const stamped: { dir: string; mtime: number }[] = [];
  const stamp = (dir: string): void => {
    try {
      const stat = lstatSync(dir, { throwIfNoEntry: false });
      if (stat?.isDirectory() === true) stamped.push({ dir, mtime: stat.mtimeMs });
    } catch {
      // gone or unreadable: the host's listing decides
    }
  };
  if (!(await sliced(dirs, signal, stamp, () => {}))) return;
  stamped.sort((a, b) => b.mtime - a.mtime);
  const buffer = Buffer.allocUnsafe(HEAD_BYTES);
  let batch: LogHead[] = [];
  const read = ({ dir }: { dir: string }): void => {
    const head = readHead(join(dir, fileName), buffer);
    const parsed = head === undefined ? undefined : parseLogHead(head, compression);
    if (parsed !== undefined) batch.push(parsed);
  };
  const flush = (): void => {
    if (batch.length === 0 || signal.aborted) return;
    const heads = batch;
    batch = [];
    onBatch(heads);
  };
  await sliced(stamped, signal, read, flush);
}
