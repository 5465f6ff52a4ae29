/** Reads one JSONL session log within bounds: a regular file opened without blocking, its text inflated frame by frame and stopped past a cap, so that one bad log costs only its own session. */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createZstdDecompress } from 'node:zlib';
import pLimit from 'p-limit';
import { entryKind } from './entry-kind.ts';
import { inflateFrameSync } from './log-heads.ts';
import { decodeStorageRecord, SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import type { SessionEvent, SessionHeader } from '@deepseek-ai/dsh-session';

/** Largest text a log may hold once inflated (and largest file read): past it, the log is refused, whatever its compressed size. */
export const MAX_LOG_TEXT_BYTES = 128 * 1024 * 1024;
/** Bytes read from the start of a log for its header alone; a header line must end within them. */
const HEADER_BYTES = 1024 * 1024;
/** Bytes read first for a header alone, enough for nearly every log; the rest of {@link HEADER_BYTES} only when its header does not fit. */
const HEAD_BYTES = 16 * 1024;
/** Whole logs read at once, so that a home of many large logs or bombs stays within a bounded memory. */
const wholeReads = pLimit(2);

/** Largest frame text inflated in one synchronous call; a larger frame is inflated as a stream, off the event loop. */
const SYNC_FRAME_BYTES = 1024 * 1024;
/** Longest run of synchronous frame inflation before the event loop gets a turn, in ms. */
const TURN_MS = 20;
/** Bytes of a plain log parsed before the event loop gets a turn. */
const PLAIN_SLICE_BYTES = 1024 * 1024;

/** A session log that is not read, with why; it costs only its own session. */
export class UnreadableLogError extends Error {
  override readonly name = 'UnreadableLogError';
  /** The log file. */
  readonly path: string;
  /** Why it is not read, without the path. */
  readonly reason: string;

  /** @param path - the log. @param reason - why it is refused. */
  constructor(path: string, reason: string) {
    super(`the session log ${path} is not read: ${reason}`);
    this.path = path;
    this.reason = reason;
  }
}

/** One log's header and the contiguous prefix of its events. */
export interface SessionLog {
  readonly meta: SessionHeader;
  readonly events: SessionEvent[];
}

/** Options of {@link readSessionLog}. */
export interface LogReadOptions {
  /** Largest inflated text accepted; {@link MAX_LOG_TEXT_BYTES} by default. */
  maxTextBytes?: number;
  /** Cancellation, checked between frames and slices. */
  signal?: AbortSignal;
  /** Read the header alone, from the first {@link HEADER_BYTES} of the file; `events` is then empty. */
  headerOnly?: boolean;
}

/** What a thrown value says, for a reason in an {@link UnreadableLogError}. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Turns text lines into a header and events, holding at most one partial line, and refusing text past the cap. */
class LineScanner {
  meta: SessionHeader | undefined;
  readonly events: SessionEvent[] = [];
  private pending: Buffer[] = [];
  private total = 0;
  private issue: Error | undefined;
  private line = 0;
  /** The log, for the errors. */
  readonly path: string;
  private readonly maxBytes: number;

  private readonly headerOnly: boolean;

  constructor(path: string, maxBytes: number, headerOnly: boolean) {
    this.path = path;
    this.maxBytes = maxBytes;
    this.headerOnly = headerOnly;
  }

  /** Whether the scan is over: the header alone was asked for, and it is read. */
  get done(): boolean {
    return this.headerOnly && this.meta !== undefined;
  }

  write(chunk: Buffer): void {
    if (this.done) return;
    this.total += chunk.length;
    if (this.total > this.maxBytes)
      throw new UnreadableLogError(this.path, `it inflates past ${this.maxBytes.toLocaleString('en-US')} bytes`);
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, newline);
      const whole = this.pending.length === 0 ? part : Buffer.concat([...this.pending, part]);
      this.pending = [];
      this.consume(whole);
      start = newline + 1;
    }
    if (start < chunk.length) this.pending.push(Buffer.from(chunk.subarray(start)));
  }

  finish(): SessionLog {
    if (this.meta === undefined) throw new UnreadableLogError(this.path, 'it has no whole session header line');
    return { meta: this.meta, events: this.events };
  }

  /** The first line is the header; later lines are events, kept while their seqs are contiguous, as the persistence keeps them. */
  private consume(line: Buffer): void {
    this.line++;
    if (this.meta === undefined) {
      this.meta = this.header(line);
      return;
    }
    if (this.headerOnly) return;
    let decoded: SessionEvent[];
    try {
      decoded = decodeStorageRecord(JSON.parse(line.toString('utf8')));
    } catch {
      this.issue ??= new Error(`unparsable committed event at line ${this.line}`);
      return;
    }
    // A turn's end after a bad line means the bad line was committed: the log is corrupt, not torn.
    if (this.issue !== undefined) {
      if (decoded.some((event) => event.type === 'turn/end')) throw new UnreadableLogError(this.path, `corrupt: ${this.issue.message}`);
      return;
    }
    const start = this.events.length;
    for (const event of decoded) {
      if (event.seq !== this.events.length) {
        this.events.length = start;
        this.issue = new Error(`seq gap at line ${this.line}`);
        if (decoded.some((e) => e.type === 'turn/end')) throw new UnreadableLogError(this.path, `corrupt: ${this.issue.message}`);
        return;
      }
      this.events.push(event);
    }
  }

  private header(line: Buffer): SessionHeader {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line.toString('utf8'));
    } catch {
      throw new UnreadableLogError(this.path, 'corrupt: its header line is not valid JSON');
    }
    const record = parsed as Record<string, unknown> | null;
    if (typeof record !== 'object' || record === null || record.type !== 'session' || typeof record.id !== 'string')
      throw new UnreadableLogError(this.path, 'corrupt: its first line is not a session header');
    if (record.version !== SESSION_FORMAT_VERSION)
      throw new UnreadableLogError(this.path, `it is of session format version ${String(record.version)}, which this build does not read`);
    const { type: _type, ...header } = record;
    return header as unknown as SessionHeader;
  }
}

/** Inflates one Zstandard frame at `offset` into `scanner` as a stream; resolves with the compressed bytes the frame took. */
function inflateFrame(bytes: Buffer, offset: number, scanner: LineScanner): Promise<number> {
  return new Promise((done, fail) => {
    const stream = createZstdDecompress();
    stream.on('data', (chunk: Buffer) => {
      try {
        scanner.write(chunk);
        if (scanner.done) {
          stream.destroy();
          done(bytes.length - offset);
        }
      } catch (error) {
        stream.destroy();
        fail(error);
      }
    });
    stream.on('error', (error) => {
      fail(new UnreadableLogError(scanner.path, `corrupt Zstandard frame at byte ${offset}: ${reasonOf(error)}`));
    });
    stream.on('end', () => {
      done(stream.bytesWritten);
    });
    stream.end(bytes.subarray(offset));
  });
}

/** The file's bytes, read from a descriptor opened without blocking and checked to be a regular file within the cap. */
async function readLogFile(path: string, maxBytes: number, readLimit: number | undefined): Promise<{ bytes: Buffer; size: number }> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UnreadableLogError(path, `it cannot be opened: ${reasonOf(error)}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnreadableLogError(path, `it is ${entryKind(info)}, not a regular file`);
    if (info.size === 0) throw new UnreadableLogError(path, 'the log is empty (0 bytes)');
    if (info.size > maxBytes)
      throw new UnreadableLogError(
        path,
        `it holds ${info.size.toLocaleString('en-US')} bytes, over the ${maxBytes.toLocaleString('en-US')}-byte cap`,
      );
    const bytes = Buffer.allocUnsafe(Math.min(info.size, readLimit ?? info.size));
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { bytes: bytes.subarray(0, filled), size: info.size };
  } catch (error) {
    if (error instanceof UnreadableLogError) throw error;
    throw new UnreadableLogError(path, `it cannot be read: ${reasonOf(error)}`);
  } finally {
    await handle.close();
  }
}

/**
 * Reads the session log at `path` (`*.zstd`: concatenated Zstandard frames; else plain JSONL) as the JSONL
 * persistence reads it: the header line and the contiguous prefix of complete event lines (a torn tail is left
 * out). Unlike the persistence, it opens without blocking, refuses anything but a regular file, and stops as soon
 * as the inflated text passes `maxTextBytes`, so a FIFO, a corrupt log or a decompression bomb rejects with
 * {@link UnreadableLogError} at a bounded cost. At most two whole logs are read at once.
 */
export function readSessionLog(path: string, options: LogReadOptions = {}): Promise<SessionLog> {
  if (options.headerOnly === true) return readHeader(path, options);
  return wholeReads(() => readWithin(path, options, undefined));
}

/** A header scan of a first slice of the log that failed where the whole of {@link HEADER_BYTES} might not. */
class CutHead extends Error {}

/** The header alone: from the first {@link HEAD_BYTES}, and from the first {@link HEADER_BYTES} only when the scan of those was cut short. */
async function readHeader(path: string, options: LogReadOptions): Promise<SessionLog> {
  try {
    return await readWithin(path, options, HEAD_BYTES);
  } catch (error) {
    if (!(error instanceof CutHead)) throw error;
    return readWithin(path, options, HEADER_BYTES);
  }
}

async function readWithin(path: string, options: LogReadOptions, readLimit: number | undefined): Promise<SessionLog> {
  const headerOnly = options.headerOnly === true;
  const maxBytes = options.maxTextBytes ?? MAX_LOG_TEXT_BYTES;
  const { bytes, size } = await readLogFile(path, maxBytes, readLimit);
  try {
    return await scan(path, bytes, options);
  } catch (error) {
    // a header cut by the end of a first slice is looked for again in a longer one
    if (headerOnly && readLimit !== undefined && readLimit < HEADER_BYTES && bytes.length < size && error instanceof UnreadableLogError)
      throw new CutHead(error.message);
    throw error;
  }
}

async function scan(path: string, bytes: Buffer, options: LogReadOptions): Promise<SessionLog> {
  const headerOnly = options.headerOnly === true;
  const maxBytes = options.maxTextBytes ?? MAX_LOG_TEXT_BYTES;
  const scanner = new LineScanner(path, headerOnly ? HEADER_BYTES : maxBytes, headerOnly);
  if (path.endsWith('.zstd')) {
    let turn = performance.now();
    for (let offset = 0; offset < bytes.length && !scanner.done;) {
      options.signal?.throwIfAborted();
      const small = inflateFrameSync(bytes, offset, SYNC_FRAME_BYTES);
      if (small !== undefined) scanner.write(small.text);
      const used = small?.used ?? (await inflateFrame(bytes, offset, scanner));
      if (used === 0) break;
      offset += used;
      if (small !== undefined && performance.now() - turn > TURN_MS) {
        await yieldToLoop();
        turn = performance.now();
      }
    }
  } else {
    for (let offset = 0; offset < bytes.length && !scanner.done; offset += PLAIN_SLICE_BYTES) {
      options.signal?.throwIfAborted();
      scanner.write(bytes.subarray(offset, offset + PLAIN_SLICE_BYTES));
      await yieldToLoop();
    }
  }
  return scanner.finish();
}
