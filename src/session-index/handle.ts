/** The open session index behind the catalog: opening it (in memory while the file cannot be used), healing a broken or vanished file, and backing off while writes fail. */
import { entryAt, isBusy, isCorruption, primaryCode, setAside } from './file.ts';
import type { SetAsideReason } from './file.ts';
import type { SessionCatalog } from './catalog.ts';
import { SessionIndex } from './session-index.ts';

/** Consecutive busy failures after which the index is left alone for a while, doubling up to {@link MAX_BUSY_QUIET_MS}. */
const BUSY_STREAK = 3;
const MAX_BUSY_QUIET_MS = 5_000;
/** First and longest wait after a failed write (full disk, read-only file) or a file that could not be opened; it doubles in between. */
const FIRST_FAILURE_QUIET_MS = 500;
const MAX_FAILURE_QUIET_MS = 8_000;
/** Fewest ms between two looks at whether the file at the path is still the one open. */
const IDENTITY_EVERY_MS = 1_000;

/** Engine messages that say the file lacks part of its schema: it is set aside and rebuilt. */
const SCHEMA_ERROR = /no such (table|column|module)|vtable constructor failed|fts5: corrupt|malformed/iu;

/** SQLite primary result codes by the name a failure is logged under. */
const FAILURE_KINDS: Readonly<Record<number, string>> = {
  3: 'permission denied',
  8: 'read-only',
  10: 'disk I/O error',
  13: 'disk full',
  14: 'cannot open',
};

/** The outcome of one guarded index operation: its value, or why there is none (another process holds the file; the file was rebuilt; writing failed and is retried later). */
export type Guarded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: 'busy' | 'rebuilt' | 'failed' };

/** Why the index at the path is not the one in use, or why the one found there was set aside. */
export type IndexProblem = SetAsideReason | 'unopenable';

/** What the handle reports: a message for the host's log, given once per kind of failure. */
export type IndexWarn = (message: string) => void;

function kindOf(error: unknown): string {
  const code = primaryCode(error);
  if (code !== undefined) return FAILURE_KINDS[code] ?? `SQLite error ${code}`;
  return (error as { code?: unknown } | null | undefined)?.code === undefined ? 'error' : String((error as { code: unknown }).code);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Keeps one {@link SessionIndex} open for a catalog, and never lets an index failure reach its
 * caller. A file that fails to open is set aside and rebuilt by the index itself; one another
 * process keeps locked is shared later, never set aside; one that cannot be created at all is
 * replaced by an index in memory, said once, and opened again after a growing wait. A file found
 * corrupt or missing part of its schema later is set aside and a fresh one opened; one deleted or
 * replaced is opened anew; either way `rebuilt` is then called so that the owner writes what it
 * knows into it again. A failing write (full disk, read-only file) is logged once per kind and
 * writes wait a growing while, on a timer, before the next try; when one succeeds again the owner
 * writes what it knows again too.
 */
export class IndexHandle {
  /** Where the index was asked to live. */
  readonly path: string;
  private index: SessionIndex;
  private issue: IndexProblem | undefined;
  private readonly catalog: SessionCatalog;
  private readonly rebuiltListeners: (() => void)[] = [];
  private readonly warn: IndexWarn;
  private readonly warned = new Set<string>();
  private closed = false;
  private busyStreak = 0;
  private failures = 0;
  private reconnecting = false;
  private quietUntil = 0;
  private identity: { dev: number; ino: number } | undefined;
  private identityAt = 0;
  private reopenTimer: NodeJS.Timeout | undefined;
  private reopenDelay = FIRST_FAILURE_QUIET_MS;

  constructor(path: string, catalog: SessionCatalog, rebuilt: () => void, readOnly = false, warn: IndexWarn = () => {}) {
    this.path = path;
    this.catalog = catalog;
    this.rebuiltListeners.push(rebuilt);
    this.warn = warn;
    const index = readOnly ? SessionIndex.open(path, { readOnly }) : this.openOrMemory(false);
    if (index.setAside !== undefined)
      this.warnOnce(`set-aside:${index.setAside}`, `the session index at ${path} was set aside (${index.setAside}) and rebuilt`);
    this.index = index;
    this.use(index, true);
  }

  /** Why the file found at the path was set aside, or why an index in memory is used instead of it. */
  get problem(): IndexProblem | undefined {
    return this.issue;
  }

  /** Whether writes are held back: another process kept the file locked, or writing failed. */
  get backingOff(): boolean {
    return performance.now() < this.quietUntil;
  }

  /** How long writes are still held back, in ms (0 when they are not). */
  get quietMs(): number {
    return Math.max(0, this.quietUntil - performance.now());
  }

  /** The open index (for reads). */
  get current(): SessionIndex {
    return this.index;
  }

  /** Also calls `listener` whenever the index was replaced by one that lacks what was written before. */
  onRebuilt(listener: () => void): void {
    this.rebuiltListeners.push(listener);
  }

  /** Applies what any process changed in the file to the catalog; a broken, deleted or replaced file is healed. */
  refresh(): void {
    if (this.closed) return;
    if (performance.now() - this.identityAt >= IDENTITY_EVERY_MS && this.moved()) {
      this.reopen(false);
      return;
    }
    this.guard((index) => {
      const changes = index.changes();
      if (changes !== undefined) this.catalog.apply(changes);
    }, true);
  }

  /**
   * Runs `operation` on the index; never throws. Another process holding the file past the busy
   * timeout gives `busy` (try again later); a corrupt file, or one missing part of its schema, is
   * set aside and replaced by a fresh one, and a deleted or replaced one opened anew: `rebuilt`;
   * any other failure (full disk, read-only file) gives `failed`, and writes are held back a
   * growing while. A `read` is tried even while writes are held back.
   */
  guard<T>(operation: (index: SessionIndex) => T, read = false): Guarded<T> {
    if (this.closed || (!read && performance.now() < this.quietUntil)) return { ok: false, reason: 'busy' };
    if (!read && this.reconnecting) this.reconnect();
    const commits = this.index.commits;
    try {
      const value = operation(this.index);
      if (this.index.corrupt) throw new Error('the session index is corrupt');
      this.busyStreak = 0;
      if (this.failures > 0 && this.index.commits > commits) this.recovered();
      return { ok: true, value };
    } catch (error) {
      return { ok: false, reason: this.failed(error) };
    }
  }

  private failed(error: unknown): 'busy' | 'rebuilt' | 'failed' {
    if (isBusy(error)) {
      // each wait for the lock holds the event loop: after repeated ones, stop asking for a while
      this.busyStreak++;
      if (this.busyStreak >= BUSY_STREAK)
        this.quietUntil = performance.now() + Math.min(MAX_BUSY_QUIET_MS, 25 * 2 ** (this.busyStreak - BUSY_STREAK));
      return 'busy';
    }
    // a step begun on a connection since replaced: the caller begins it again
    if ((error as { code?: unknown } | null | undefined)?.code === 'ERR_INVALID_STATE') return 'busy';
    if (this.index.path !== ':memory:' && this.moved()) {
      this.reopen(false);
      return 'rebuilt';
    }
    if ((this.index.corrupt || isCorruption(error) || SCHEMA_ERROR.test(messageOf(error))) && this.failures === 0) {
      this.warnOnce('rebuilt', `the session index at ${this.path} was broken (${messageOf(error)}); it is set aside and rebuilt`);
      this.reopen(true);
      return 'rebuilt';
    }
    const kind = kindOf(error);
    this.warnOnce(
      `write:${kind}`,
      `writing the session index at ${this.path} failed (${kind}: ${messageOf(error)}); retrying with back-off`,
    );
    this.failures++;
    this.reconnecting = true;
    this.quietUntil = performance.now() + Math.min(MAX_FAILURE_QUIET_MS, FIRST_FAILURE_QUIET_MS * 2 ** (this.failures - 1));
    return 'failed';
  }

  /**
   * Before writes are tried again after failing: a fresh connection to the file, since one opened
   * while the file could not be written stays read-only. Kept as it is when the file cannot be opened.
   */
  private reconnect(): void {
    this.reconnecting = false;
    if (this.index.path === ':memory:') return;
    try {
      this.use(SessionIndex.open(this.path));
    } catch {
      // the next failure says why
    }
  }

  /** Writes work again after failing: what failed meanwhile is written again. */
  private recovered(): void {
    this.failures = 0;
    this.quietUntil = 0;
    this.warned.clear();
    this.notifyRebuilt();
  }

  /** Whether the file at the path is gone, or is another file than the one open. */
  private moved(): boolean {
    this.identityAt = performance.now();
    if (this.index.path === ':memory:' || this.identity === undefined) return false;
    const entry = entryAt(this.path);
    return entry === undefined || !entry.isFile() || entry.ino !== this.identity.ino || entry.dev !== this.identity.dev;
  }

  private noteIdentity(): void {
    const entry = this.index.path === ':memory:' ? undefined : entryAt(this.path);
    this.identity = entry === undefined ? undefined : { dev: entry.dev, ino: entry.ino };
    this.identityAt = performance.now();
  }

  /** Replaces the open index by the file at the path (set aside first when `broken`), or by one in memory when that fails. */
  private reopen(broken: boolean): void {
    this.index.close();
    const index = this.openOrMemory(broken);
    if (broken && index.setAside === undefined && index.path !== ':memory:') this.issue = 'corrupt';
    this.use(index);
    this.notifyRebuilt();
  }

  /**
   * The index at the path (set aside first when `broken`), or, when it cannot be opened, one in memory,
   * said once and the file tried again later; {@link problem} says which and why.
   */
  private openOrMemory(broken: boolean): SessionIndex {
    try {
      if (broken) setAside(this.path);
      const index = SessionIndex.open(this.path);
      this.issue = index.setAside ?? this.issue;
      return index;
    } catch (error) {
      this.issue = isBusy(error) ? 'locked' : 'unopenable';
      this.fellBack(error);
      return SessionIndex.open(':memory:');
    }
  }

  /** Makes `index` the open one, closing the one it replaces, and hands what it holds to the catalog (`full`: every session). */
  private use(index: SessionIndex, full = false): void {
    if (index !== this.index) this.index.close();
    this.index = index;
    this.noteIdentity();
    this.catalog.apply({ sessions: index.all(), removed: [], full });
  }

  /** An index in memory stands in for the file: said once, and the file is tried again after a growing wait. */
  private fellBack(error: unknown): void {
    this.warnOnce(
      `memory:${this.issue}`,
      `the session index at ${this.path} cannot be used (${messageOf(error)}); an index in memory stands in until it can`,
    );
    if (this.reopenTimer !== undefined || this.closed) return;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      if (this.closed) return;
      this.reopenDelay = Math.min(MAX_FAILURE_QUIET_MS, this.reopenDelay * 2);
      this.tryFile();
    }, this.reopenDelay);
    this.reopenTimer.unref();
  }

  /** Tries to move from the index in memory to the file; the memory's sessions stay in the catalog and are written into it. */
  private tryFile(): void {
    let index: SessionIndex;
    try {
      index = SessionIndex.open(this.path);
    } catch (error) {
      this.fellBack(error);
      return;
    }
    this.issue = index.setAside;
    this.reopenDelay = FIRST_FAILURE_QUIET_MS;
    this.use(index);
    this.notifyRebuilt();
  }

  private notifyRebuilt(): void {
    for (const listener of this.rebuiltListeners) {
      try {
        listener();
      } catch {
        // a listener's failure costs its own rewrite only
      }
    }
  }

  private warnOnce(kind: string, message: string): void {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    try {
      this.warn(message);
    } catch {
      // a failing logger is no reason to fail
    }
  }

  /** Closes the index; later operations report `busy`. Idempotent. */
  close(): void {
    this.closed = true;
    clearTimeout(this.reopenTimer);
    this.index.close();
  }
}
