/** The `@` menu's session listing cache: one listing shared between keystrokes, kept current in place, never wedged. */

import { toSearchableRecord } from '../discovery/rank.ts';
import type { SearchableCandidateRecord } from '../discovery/rank.ts';
import { abortable } from '../errors.ts';

/** The header fields a listing reads: the id, the cwd (ranking) and the creation time (order). */
export interface ListedHeader {
  /** Session id. */
  readonly id: string;
  /** Working directory, when the session has one. */
  readonly cwd?: string;
  /** Creation time, epoch milliseconds. */
  readonly createdAt: number;
}

/** One session as the store lists it. */
export interface ListedSession<H extends ListedHeader = ListedHeader> {
  /** Its header. */
  readonly header: H;
  /** Whether it is open in this process. */
  readonly live: boolean;
  /** Whether the store holds its log. */
  readonly persisted: boolean;
}

/** A session's label and whether any title source answered for it (a session no source knows is labelled by its id). */
export interface EntryLabel {
  /** The text the candidate carries: its title, or its id. */
  readonly text: string;
  /** False when no source knew anything about its title; the label is then its id. */
  readonly answered: boolean;
}

/** One listed session as the cache holds it; `record` is dropped whenever its label may have changed. */
export interface ListingEntry<H extends ListedHeader = ListedHeader> {
  /** Its header. */
  readonly header: H;
  /** Whether it is open in this process. */
  live: boolean;
  /** Whether the store holds (or is writing) its log. */
  persisted: boolean;
  /** Its labelled record, or undefined until labelled. */
  record: SearchableCandidateRecord | undefined;
  /** Whether a title source answered at its last labelling; meaningful only while `record` is set. */
  answered: boolean;
}

/** Labels one entry; built once per labelling pass, so it may hold on to the services it reads. */
export type Labeller<H extends ListedHeader = ListedHeader> = (entry: Readonly<ListingEntry<H>>) => EntryLabel;

/**
 * One listing of the store, in its newest-first order (creation time descending, then id), with
 * the labelled records ranking reads. Labels are computed on demand and kept until something says
 * they changed, so a keystroke after the first only re-labels what moved.
 */
export class SessionListing<H extends ListedHeader = ListedHeader> {
  /** The entries, newest first. */
  readonly entries: ListingEntry<H>[];
  /** When the listing completed, on the cache's clock. */
  readonly listedAt: number;
  private readonly byId = new Map<string, ListingEntry<H>>();
  private records: SearchableCandidateRecord[] | undefined;

  /** Takes `listed` in the store's order. */
  constructor(listed: readonly ListedSession<H>[], listedAt: number) {
    this.listedAt = listedAt;
    this.entries = new Array<ListingEntry<H>>(listed.length);
    for (const [i, { header, live, persisted }] of listed.entries()) {
      const entry: ListingEntry<H> = { header, live, persisted, record: undefined, answered: false };
      this.entries[i] = entry;
      this.byId.set(header.id, entry);
    }
  }

  /** The entry of `id`, if listed. */
  get(id: string): ListingEntry<H> | undefined {
    return this.byId.get(id);
  }

  /**
   * Every entry's record, in listing order. Entries without one are labelled with the labeller
   * `labeller()` returns, called at most once per pass and only when some entry needs it.
   */
  labelled(labeller: () => Labeller<H>): readonly SearchableCandidateRecord[] {
    if (this.records !== undefined) return this.records;
    let label: Labeller<H> | undefined;
    const { entries } = this;
    const records = new Array<SearchableCandidateRecord>(entries.length);
    for (const [i, entry] of entries.entries()) {
      records[i] = entry.record ?? labelEntry(entry, (label ??= labeller()));
    }
    this.records = records;
    return records;
  }

  /**
   * Takes over `previous`'s labels for the sessions both list unchanged (same creation time, cwd
   * and liveness) whose label nothing has dropped since, so a new listing re-labels only what is new
   * or moved. Labels depend on nothing a listing can change, and the events that can change them
   * drop them from the cached listing, which is the one a new listing takes over from.
   */
  adopt(previous: SessionListing<H> | undefined): void {
    if (previous === undefined || previous === this) return;
    for (const entry of this.entries) {
      const before = previous.byId.get(entry.header.id);
      if (before?.record === undefined || before.live !== entry.live) continue;
      if (before.header.createdAt !== entry.header.createdAt || before.header.cwd !== entry.header.cwd) continue;
      entry.record = before.record;
      entry.answered = before.answered;
    }
    this.records = undefined;
  }

  /** The record of `entry`, labelling it with `label` when it has none. */
  recordOf(entry: ListingEntry<H>, label: Labeller<H>): SearchableCandidateRecord {
    return entry.record ?? labelEntry(entry, label);
  }

  /** A session opened in this process: a listed one turns live; a new one is inserted in order. */
  opened(header: H): void {
    const known = this.byId.get(header.id);
    if (known !== undefined) {
      known.live = true;
      known.record = undefined;
    } else {
      const entry: ListingEntry<H> = { header, live: true, persisted: false, record: undefined, answered: false };
      this.entries.splice(insertionIndex(this.entries, header), 0, entry);
      this.byId.set(header.id, entry);
    }
    this.records = undefined;
  }

  /**
   * A session closed in this process turns cold. One the listing never saw stored is kept when
   * `logged` (its log is being written) and dropped otherwise, since the store will never list it.
   */
  closed(id: string, logged: boolean): void {
    const entry = this.byId.get(id);
    if (entry === undefined) return;
    if (!entry.persisted && !logged) {
      this.entries.splice(this.entries.indexOf(entry), 1);
      this.byId.delete(id);
    } else {
      entry.persisted = true;
      entry.live = false;
      entry.record = undefined;
    }
    this.records = undefined;
  }

  /** `id`'s label may have changed. */
  relabel(id: string): void {
    const entry = this.byId.get(id);
    if (entry === undefined) return;
    entry.record = undefined;
    this.records = undefined;
  }

  /** Every label may have changed. */
  relabelAll(): void {
    for (const entry of this.entries) entry.record = undefined;
    this.records = undefined;
  }
}

function labelEntry<H extends ListedHeader>(entry: ListingEntry<H>, label: Labeller<H>): SearchableCandidateRecord {
  const { text, answered } = label(entry);
  const { id, cwd, createdAt } = entry.header;
  entry.answered = answered;
  entry.record = toSearchableRecord(
    cwd === undefined ? { sessionId: id, createdAt, label: text } : { sessionId: id, cwd, createdAt, label: text },
  );
  return entry.record;
}

/** Position keeping the store's newest-first order (createdAt descending, then id ascending). */
function insertionIndex(entries: readonly ListingEntry[], header: ListedHeader): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = entries[mid]?.header;
    if (other === undefined) break;
    const order = header.createdAt - other.createdAt || other.id.localeCompare(header.id);
    if (order <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Options of {@link ListingCache}. */
export interface ListingCacheOptions<H extends ListedHeader> {
  /**
   * How long, after it completes, one listing serves later calls, and how long one still running
   * may be joined by them. 0 disables sharing (every call lists); `Infinity` relies on events alone.
   */
  ttlMs: number;
  /** The clock, in milliseconds. */
  now: () => number;
  /** Lists the store; `signal` aborts when no caller waits any more or the cache is disposed. */
  list: (signal: AbortSignal) => Promise<readonly ListedSession<H>[]>;
  /** Names the operation in CANCELLED errors. */
  what: string;
}

/** One listing in flight. */
interface Pending<H extends ListedHeader> {
  readonly promise: Promise<SessionListing<H>>;
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
 * listing completed first; it takes over the cached listing's labels ({@link SessionListing.adopt}).
 * No timers: age is checked when a call arrives.
 */
export class ListingCache<H extends ListedHeader = ListedHeader> {
  private readonly ttl: number;
  private readonly now: () => number;
  private readonly list: (signal: AbortSignal) => Promise<readonly ListedSession<H>[]>;
  private readonly what: string;
  private listing: SessionListing<H> | undefined;
  private listingStart = -1;
  private shared: Pending<H> | undefined;
  private readonly inFlight = new Set<Pending<H>>();
  private generation = 0;
  private starts = 0;
  private disposed = false;

  /** `ttlMs` is trusted: the config it comes from was checked at load. */
  constructor(options: ListingCacheOptions<H>) {
    this.ttl = options.ttlMs;
    this.now = options.now;
    this.list = options.list;
    this.what = options.what;
  }

  /** The cached listing, however old: the one this process's events update in place. */
  get current(): SessionListing<H> | undefined {
    return this.listing;
  }

  /**
   * The cached listing when it is younger than `ttlMs`, without waiting: a caller that gets one
   * answers in the same turn of the event loop. Past half its `ttlMs`, starts the next listing in
   * the background.
   */
  fresh(): SessionListing<H> | undefined {
    const cached = this.listing;
    if (cached === undefined) return undefined;
    const age = this.now() - cached.listedAt;
    if (age >= this.ttl) return undefined;
    if (age >= this.ttl / 2) this.refreshAhead();
    return cached;
  }

  /**
   * A listing no older than `ttlMs`: the cached one ({@link fresh}), a running one to join, or a
   * new one. Rejects as `list` does, or with CANCELLED as soon as `signal` aborts.
   */
  acquire(signal?: AbortSignal): Promise<SessionListing<H>> {
    const cached = this.fresh();
    if (cached !== undefined) return Promise.resolve(cached);
    if (!this.sharing()) return this.listAlone(signal);
    let pending = this.shared;
    if (pending === undefined || this.now() - pending.startedAt >= this.ttl) pending = this.start();
    return this.wait(pending, signal);
  }

  /** Something a running listing may have missed happened here; it must not become the cached listing. */
  changed(): void {
    this.generation++;
  }

  /** Drops the cached listing; the next call lists afresh. */
  forget(): void {
    this.generation++;
    this.listing = undefined;
  }

  /** Aborts every running listing and caches nothing more; later calls each list on their own. */
  dispose(): void {
    this.disposed = true;
    this.listing = undefined;
    this.shared = undefined;
    for (const pending of this.inFlight) pending.controller.abort(new Error('candidate discovery disposed'));
  }

  /** Starts the next listing in the background, unless one is running, so the call at expiry finds it done or under way. */
  private refreshAhead(): void {
    if (!this.sharing()) return;
    const pending = this.shared;
    if (pending === undefined || this.now() - pending.startedAt >= this.ttl) this.start();
  }

  private sharing(): boolean {
    return this.ttl > 0 && !this.disposed;
  }

  private async listAlone(signal: AbortSignal | undefined): Promise<SessionListing<H>> {
    const listed = await abortable(this.list(signal ?? new AbortController().signal), signal, this.what);
    return new SessionListing(listed, this.now());
  }

  private start(): Pending<H> {
    const generation = this.generation;
    const order = ++this.starts;
    const controller = new AbortController();
    const settle = (): void => {
      pending.settled = true;
      this.inFlight.delete(pending);
      if (this.shared === pending) this.shared = undefined;
    };
    const promise = this.list(controller.signal).then(
      (listed) => {
        settle();
        const listing = new SessionListing(listed, this.now());
        listing.adopt(this.listing);
        const abandoned = controller.signal.aborted;
        if (!abandoned && generation === this.generation && this.sharing() && order > this.listingStart) {
          this.listing = listing;
          this.listingStart = order;
        }
        return listing;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    promise.catch(() => {});
    const pending: Pending<H> = { promise, controller, startedAt: this.now(), waiters: 0, settled: false };
    this.inFlight.add(pending);
    this.shared = pending;
    return pending;
  }

  private async wait(pending: Pending<H>, signal: AbortSignal | undefined): Promise<SessionListing<H>> {
    pending.waiters++;
    try {
      return await abortable(pending.promise, signal, this.what);
    } finally {
      pending.waiters--;
      if (pending.waiters === 0 && !pending.settled) this.abandon(pending);
    }
  }

  private abandon(pending: Pending<H>): void {
    if (this.shared === pending) this.shared = undefined;
    pending.controller.abort(new Error('every caller waiting for this listing gave up'));
  }
}
