/** The open session index behind the catalog: opening it (in memory when the file cannot be used), rebuilding a corrupt one, and feeding its changes to the catalog. */
import { isBusy, setAside } from './file.ts';
import type { SetAsideReason } from './file.ts';
import type { SessionCatalog } from './catalog.ts';
import { SessionIndex } from './session-index.ts';

/** Consecutive busy failures after which the index is left alone for a while, doubling up to {@link MAX_QUIET_MS}. */
const BUSY_STREAK = 3;
const MAX_QUIET_MS = 5_000;

/** The outcome of one guarded index operation: its value, or why there is none (another process holds the file; the file was found corrupt and rebuilt). */
export type Guarded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: 'busy' | 'rebuilt' };

/**
 * Keeps one {@link SessionIndex} open for a catalog. A file that fails to open is set aside and
 * rebuilt by the index itself; one that cannot be created at all is replaced by an index in
 * memory, so the menu keeps working (without sharing) and the failure is reported once. A file
 * found corrupt later is set aside and a fresh one opened; `rebuilt` is then called so that the
 * owner writes what the catalog knows into it again. A file another process keeps locked is left
 * alone for a growing while after a few failed tries, since each try waits for the lock on the
 * event loop.
 */
export class IndexHandle {
  /** Where the index was asked to live. */
  readonly path: string;
  /** Why the file found at the path was set aside, or why an index in memory is used instead of it. */
  readonly problem: SetAsideReason | 'unopenable' | undefined;
  private index: SessionIndex;
  private readonly catalog: SessionCatalog;
  private readonly rebuilt: () => void;
  private closed = false;
  private busyStreak = 0;
  private quietUntil = 0;

  constructor(path: string, catalog: SessionCatalog, rebuilt: () => void, readOnly = false) {
    this.path = path;
    this.catalog = catalog;
    this.rebuilt = rebuilt;
    let problem: SetAsideReason | 'unopenable' | undefined;
    let index: SessionIndex;
    try {
      index = SessionIndex.open(path, { readOnly });
      problem = index.setAside;
    } catch (error) {
      if (readOnly) throw error;
      index = SessionIndex.open(':memory:');
      problem = 'unopenable';
    }
    this.index = index;
    this.problem = problem;
    catalog.apply({ sessions: index.all(), removed: [], full: true });
  }

  /** Whether writes are held back because another process kept the file locked. */
  get backingOff(): boolean {
    return performance.now() < this.quietUntil;
  }

  /** The open index (for reads). */
  get current(): SessionIndex {
    return this.index;
  }

  /** Applies what any process changed in the file to the catalog; a corrupt file is rebuilt. */
  refresh(): void {
    this.guard(() => {
      const changes = this.index.changes();
      if (changes !== undefined) this.catalog.apply(changes);
    });
  }

  /**
   * Runs `operation` on the index. Another process holding the file
   * past the busy timeout gives `busy` (try again later); a corrupt file is set aside, replaced by a
   * fresh one, and gives `rebuilt`. Any other error is thrown.
   */
  guard<T>(operation: (index: SessionIndex) => T): Guarded<T> {
    if (this.closed || performance.now() < this.quietUntil) return { ok: false, reason: 'busy' };
    try {
      const value = operation(this.index);
      if (this.index.corrupt) throw new Error('the session index is corrupt');
      this.busyStreak = 0;
      return { ok: true, value };
    } catch (error) {
      if (isBusy(error)) {
        // each wait for the lock holds the event loop: after repeated ones, stop asking for a while
        this.busyStreak++;
        if (this.busyStreak >= BUSY_STREAK)
          this.quietUntil = performance.now() + Math.min(MAX_QUIET_MS, 25 * 2 ** (this.busyStreak - BUSY_STREAK));
        return { ok: false, reason: 'busy' };
      }
      if (!this.index.corrupt) throw error;
      this.rebuild();
      return { ok: false, reason: 'rebuilt' };
    }
  }

  private rebuild(): void {
    this.index.close();
    if (this.index.path !== ':memory:') setAside(this.index.path);
    this.index = SessionIndex.open(this.index.path);
    this.index.all();
    this.rebuilt();
  }

  /** Closes the index; later operations report `busy`. Idempotent. */
  close(): void {
    this.closed = true;
    this.index.close();
  }
}
