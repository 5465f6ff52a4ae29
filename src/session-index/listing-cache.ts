/** One listing of the store shared between callers: joined while it runs, served while young, never wedged. */
import { abortable } from '../errors.ts';

/** Options of {@link ListingCache}. */
export interface ListingCacheOptions<T> {
  /**
   * How long, after it completes, one listing serves later calls, and how long one still running
   * may be joined by them. 0 disables sharing (every call lists); `Infinity` relies on events alone.
   */
  ttlMs: number;
  /** The clock, in milliseconds. */
  now: () => number;
  /** Lists the store; `signal` aborts when no caller waits any more or the cache is disposed. */
  list: (signal: AbortSignal) => Promise<T>;
  /** Names the operation in CANCELLED errors. */
  what: string;
}

/** One listing in flight. */
interface Pending<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  readonly startedAt: number;
  waiters: number;
  settled: boolean;
}

/**
 * Shares one listing of the store between calls. A completed listing serves every call for
 * `ttlMs`; calls arriving while one runs join it. A call served a listing past half its `ttlMs`
 * starts the next one in the background, so on a store that lists in less than that, typing
 * never waits for a listing after the first. A listing is shared only while it is younger
 * than `ttlMs` and somebody still waits for it: one that has not settled in time, or whose last
 * caller gave up, is left behind (and, once nobody waits, aborted), so the next call lists afresh
 * and a stuck `list` costs only the calls already waiting on it. A listing completes into the
 * cache only when nothing it may have missed happened meanwhile ({@link changed}) and no newer
 * listing completed first. No timers: age is checked when a call arrives.
 */
export class ListingCache<T> {
  private readonly options: ListingCacheOptions<T>;
  private cached: { readonly value: T; readonly at: number } | undefined;
  private cachedStart = -1;
  private shared: Pending<T> | undefined;
  private readonly inFlight = new Set<Pending<T>>();
  private generation = 0;
  private starts = 0;
  private disposed = false;

  /** `ttlMs` is trusted: the config it comes from was checked at load. */
  constructor(options: ListingCacheOptions<T>) {
    this.options = options;
  }

  /**
   * A listing no older than `ttlMs`: the cached one (past half its `ttlMs`, the next one starts in
   * the background), a running one to join, or a new one. Rejects as `list` does, or with
   * CANCELLED as soon as `signal` aborts.
   */
  acquire(signal?: AbortSignal): Promise<T> {
    const { ttlMs, now, list, what } = this.options;
    if (this.cached !== undefined && now() - this.cached.at < ttlMs) {
      if (now() - this.cached.at >= ttlMs / 2 && this.joinable() === undefined) this.start();
      return Promise.resolve(this.cached.value);
    }
    if (!this.sharing()) return abortable(list(signal ?? new AbortController().signal), signal, what);
    return this.wait(this.joinable() ?? this.start(), signal);
  }

  /** Something a running listing may have missed happened here; it must not become the cached listing. */
  changed(): void {
    this.generation++;
  }

  /** Drops the cached listing; the next call lists afresh. */
  forget(): void {
    this.generation++;
    this.cached = undefined;
  }

  /** Aborts every running listing and caches nothing more; later calls each list on their own. */
  dispose(): void {
    this.disposed = true;
    this.cached = undefined;
    this.shared = undefined;
    for (const pending of this.inFlight) pending.controller.abort(new Error('candidate discovery disposed'));
  }

  /** The running listing a call may join: one started less than `ttlMs` ago that somebody still waits for. */
  private joinable(): Pending<T> | undefined {
    const pending = this.shared;
    return pending !== undefined && this.options.now() - pending.startedAt < this.options.ttlMs ? pending : undefined;
  }

  private sharing(): boolean {
    return this.options.ttlMs > 0 && !this.disposed;
  }

  private start(): Pending<T> {
    const { now, list } = this.options;
    const generation = this.generation;
    const order = ++this.starts;
    const controller = new AbortController();
    const settle = (): void => {
      pending.settled = true;
      this.inFlight.delete(pending);
      if (this.shared === pending) this.shared = undefined;
    };
    const promise = list(controller.signal).then(
      (value) => {
        settle();
        const current = !controller.signal.aborted && generation === this.generation && this.sharing();
        if (current && order > this.cachedStart) {
          this.cached = { value, at: now() };
          this.cachedStart = order;
        }
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    promise.catch(() => {});
    const pending: Pending<T> = { promise, controller, startedAt: now(), waiters: 0, settled: false };
    this.inFlight.add(pending);
    this.shared = pending;
    return pending;
  }

  private async wait(pending: Pending<T>, signal: AbortSignal | undefined): Promise<T> {
    pending.waiters++;
    try {
      return await abortable(pending.promise, signal, this.options.what);
    } finally {
      pending.waiters--;
      if (pending.waiters === 0 && !pending.settled) {
        // every caller gave up: the next call lists afresh
        if (this.shared === pending) this.shared = undefined;
        pending.controller.abort(new Error('every caller waiting for this listing gave up'));
      }
    }
  }
}
