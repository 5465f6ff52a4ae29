/** Keeps the session index current in the background: listings, checkpoint titles, the backlog of texts newest first, and upkeep, in bounded steps that yield to keystrokes. */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import type { SessionHeader } from '@deepseek-ai/dsh-session';
import { SessionCatalog } from './catalog.ts';
import type { CatalogEntry, ListedEntry } from './catalog.ts';
import { IndexHandle } from './handle.ts';
import { checkpointTitles } from '../discovery/labels.ts';
import { cleanTitle } from '../mentions/label-text.ts';
import { ListingCache } from './listing-cache.ts';
import { readAndWrite, SLICE_CHARS } from './backlog-reads.ts';
import type { ReadStep } from './backlog-reads.ts';
import { listStore, reportOnce } from './store-listing.ts';
import type { StoreEntry, StoreHeader } from './store-listing.ts';
import { BUSY_BACKOFF_MS, MERGE_PAGES, NOTE_BATCH, READ_CONCURRENCY, TITLE_BATCH } from './sync-options.ts';
import type { CandidateDiscoveryOptions } from '../discovery/discovery.ts';
import type { UnreadableLogError } from './log-reader.ts';

/** A wait for some sessions' titles. */
interface TitleWaiter {
  readonly ids: readonly string[];
  readonly resolve: () => void;
}

/**
 * The background side of the index. A listing of the store ({@link listStore}) tells the catalog
 * at once what exists; the index learns it in batches. Then, one bounded step at a time with the
 * event loop given back between steps, so that a keystroke arriving meanwhile waits for one step
 * at most: headers, removals, titles from the projection cache's checkpoints, then the sessions
 * whose texts the index lacks or holds at an older revision, newest first (each read once:
 * surface texts and title, see {@link readAndWrite}), and finally merges of the trigram index.
 * Sessions open here are written by `LiveSessions` through {@link handle}.
 */
export class IndexSync {
  /** The sessions the menu offers. */
  readonly catalog = new SessionCatalog();
  /** The open index. */
  readonly handle: IndexHandle;
  /** The listing shared between the background and a keystroke that must wait for one. */
  readonly listing: ListingCache<readonly StoreEntry[]>;
  private readonly ctx: Context;
  private readonly options: CandidateDiscoveryOptions;
  private readonly lifetime = new AbortController();
  private notes: ListedEntry[] = [];
  private removals: string[] = [];
  private priority: string[] = [];
  private titleCursor = 0;
  private bodyCursor = 0;
  private generation = 0;
  private listingRuns = 0;
  private listingEnded: number | undefined;
  private waiters: TitleWaiter[] = [];
  private idleWaiters: (() => void)[] = [];
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly reads: ReadStep;
  /** Logs a log the listing left out, once per log and reason. */
  private readonly onSkipped: (skipped: UnreadableLogError) => void;
  /** Why reading a session's log failed, by id (this process's reads). */
  readonly failures = new Map<string, string>();
  /** Whether the last listing found the index holding every listed session at its listed revision, and nothing else. */
  matched = false;
  /** Whether the catalog holds what some listing said: the index had stored sessions when opened, or a listing was applied since. */
  listed = false;
  /** While true (a first boot reading log heads), no session's texts are read, so that a first boot's titles come before bodies. */
  holdBodies: () => boolean = () => false;

  constructor(ctx: Context, options: CandidateDiscoveryOptions) {
    this.ctx = ctx;
    this.options = options;
    const warn = (message: string): void => {
      ctx.logger('session-reference').warn(message);
    };
    this.onSkipped = reportOnce(warn);
    this.handle = new IndexHandle(
      options.indexPath,
      this.catalog,
      () => {
        this.rewrite();
      },
      options.readOnly === true,
      warn,
    );
    this.listed = this.catalog.newestFirst().some((entry) => entry.persisted);
    let oldestIndexed = Number.POSITIVE_INFINITY;
    for (const entry of this.catalog.newestFirst()) if (entry.seq !== undefined) oldestIndexed = Math.min(oldestIndexed, entry.createdAt);
    this.reads = {
      ctx,
      handle: this.handle,
      redactSecrets: options.redactSecrets,
      titleBackfill: options.titleBackfill,
      signal: this.lifetime.signal,
      revisionOf: (id) => this.catalog.get(id)?.listed?.revision,
      oldestIndexed,
      failures: this.failures,
    };
    this.listing = new ListingCache({
      ttlMs: options.cacheTtlMs,
      now: () => performance.now(),
      list: (signal) => this.listAndApply(signal),
      what: 'listing session reference candidates',
    });
  }

  /** Something happened here that a listing in flight may have missed: it must not remove sessions. */
  changed(): void {
    this.generation++;
    this.listing.changed();
  }

  /**
   * Lists the store in the background when the last listing ended `cacheTtlMs` ago and none runs,
   * then works. While the index still lacks sessions a listing found (the first build of a home),
   * no further listing starts: each scans the whole store twice, and would take the disk and the
   * thread pool from the logs being read.
   */
  nudge(): void {
    if (this.stopped) return;
    const due = this.listingEnded === undefined || performance.now() - this.listingEnded >= this.options.cacheTtlMs;
    if (this.listingRuns === 0 && due && !(this.listed && this.backlog())) this.listing.acquire().catch(() => {});
    this.kick();
  }

  /** Whether some listed, stored session's texts were never indexed. */
  private backlog(): boolean {
    return this.nextBodies(1).some((entry) => entry.seq === undefined);
  }

  /**
   * Waits, at most `waitMs` and never past `signal`, for the titles of `ids` (newest first), which
   * are read ahead of the rest of the backlog. Resolves either way.
   */
  async titlesFor(ids: readonly string[], waitMs: number, signal: AbortSignal | undefined): Promise<void> {
    if (ids.length === 0 || waitMs <= 0 || this.stopped) return;
    this.priority = [...ids, ...this.priority.filter((id) => !ids.includes(id))];
    let resolve!: () => void;
    const done = new Promise<void>((settle) => (resolve = settle));
    const waiter: TitleWaiter = { ids, resolve };
    this.waiters.push(waiter);
    this.kick();
    const timer = setTimeout(resolve, waitMs);
    const abort = (): void => {
      resolve();
    };
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await done;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      this.waiters = this.waiters.filter((other) => other !== waiter);
    }
  }

  /** The header the last listing gave for `entry`'s session (the projection cache's checkpoints are keyed by it), else one built from the entry. */
  headerOf(entry: CatalogEntry): SessionHeader {
    return (
      // every listing the sync applies comes from the store's listing, whose headers carry their source
      (this.catalog.get(entry.id)?.listed?.header as StoreHeader | undefined)?.source ??
      ({ id: entry.id, createdAt: entry.createdAt, ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }) } as SessionHeader)
    );
  }

  /** The projection cache came or went: untitled sessions are looked up in its checkpoints again. */
  rescanTitles(): void {
    this.titleCursor = 0;
    this.kick();
  }

  /** Resolves once the loop has nothing left to do (every listed session read, every merge done); at once when read-only. */
  whenIdle(): Promise<void> {
    if (this.options.readOnly === true || this.stopped || (this.running === undefined && !this.hasWork())) return Promise.resolve();
    const idle = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    this.kick();
    return idle;
  }

  /** Starts the loop unless it runs. */
  kick(): void {
    if (this.stopped || this.options.readOnly === true || this.running !== undefined) return;
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.hasWork() && !this.stopped) this.kick();
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  /** Stops: aborts the listing and the reads in flight, waits for the step in flight, closes the index. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.lifetime.abort(new Error('candidate discovery disposed'));
    this.listing.dispose();
    for (const waiter of this.waiters) waiter.resolve();
    await this.running;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    this.handle.close();
  }

  private async listAndApply(signal: AbortSignal): Promise<readonly StoreEntry[]> {
    const generation = this.generation;
    this.listingRuns++;
    try {
      const listed = await listStore(this.ctx, signal, this.onSkipped);
      if (!signal.aborted && !this.stopped) this.applyListing(listed, generation === this.generation);
      return listed;
    } finally {
      this.listingRuns--;
      this.listingEnded = performance.now();
    }
  }

  private applyListing(entries: readonly StoreEntry[], complete: boolean): void {
    this.listed = true;
    const plan = this.catalog.plan(entries, complete, Date.now());
    this.matched =
      plan.noted.length === 0 &&
      plan.removed.length === 0 &&
      entries.every(({ header, live, persisted, revision }) => {
        const known = this.catalog.get(header.id);
        return (
          live || !persisted || (known?.seq !== undefined && known.revision === revision && !(this.options.redactSecrets && known.raw))
        );
      });
    for (const entry of plan.noted) this.catalog.note(entry);
    this.catalog.drop(plan.removed);
    this.catalog.remember(entries);
    this.notes.push(...plan.noted);
    this.removals.push(...plan.removed);
    this.titleCursor = 0;
    this.bodyCursor = 0;
    this.kick();
  }

  /** After the file was replaced, or writes failed for a while: everything the catalog knows goes into the file again. */
  private rewrite(): void {
    this.notes = this.catalog.newestFirst().map((entry) => ({ header: entry, persisted: entry.persisted, live: entry.live }));
    for (const entry of this.catalog.newestFirst()) this.catalog.put({ ...entry, seq: undefined, revision: undefined, failed: undefined });
    // what the file holds still counts: rows it kept (writes came back, another process's file) are not read again
    this.handle.guard((index) => {
      this.catalog.apply({ sessions: index.all(), removed: [], full: false });
    }, true);
    this.reads.oldestIndexed = Number.POSITIVE_INFINITY;
    this.titleCursor = 0;
    this.bodyCursor = 0;
    this.kick();
  }

  /** Whether `stop` ran; read through a call, since it changes while the loop awaits. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private hasWork(): boolean {
    return (
      this.notes.length > 0 ||
      this.removals.length > 0 ||
      this.nextUntitled() !== undefined ||
      this.priority.some((id) => this.needs(id)) ||
      this.nextBodies(1).length > 0
    );
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await nextTurn(undefined, { signal: this.lifetime.signal });
        if (this.isStopped()) return;
        // writes are held back (a lock, a full disk, a read-only file): one timer, no spinning
        if (this.handle.backingOff) await sleep(this.handle.quietMs, undefined, { signal: this.lifetime.signal, ref: false });
        if (this.isStopped()) return;
        const worked = await this.step();
        this.handle.refresh();
        this.settleWaiters();
        if (!worked) return;
      } catch {
        if (this.isStopped()) return;
        await sleep(BUSY_BACKOFF_MS).catch(() => {});
      }
    }
  }

  /** One bounded step; false when there was nothing to do. */
  private async step(): Promise<boolean> {
    if (this.notes.length > 0) {
      const batch = this.notes.slice(0, NOTE_BATCH);
      const done = this.handle.guard((index) => index.noteListed(batch.map(({ header, persisted }) => ({ header, persisted }))));
      if (done.ok) this.notes = this.notes.slice(batch.length);
      else if (done.reason === 'busy') await sleep(BUSY_BACKOFF_MS);
      return true;
    }
    if (this.removals.length > 0) {
      const batch = this.removals.slice(0, NOTE_BATCH);
      const done = this.handle.guard((index) => {
        index.remove(batch);
      });
      if (done.ok) this.removals = this.removals.slice(batch.length);
      return true;
    }
    if (this.checkpointTitles()) return true;
    const bodies = this.nextBodies(READ_CONCURRENCY, true);
    if (bodies.length > 0) {
      await readAndWrite(this.reads, bodies, () => this.stopped);
      this.handle.guard((index) => index.merge(MERGE_PAGES));
      return true;
    }
    const upkeep = this.handle.guard((index) => index.upkeep(SLICE_CHARS, MERGE_PAGES));
    return !upkeep.ok || upkeep.value;
  }

  /** The next stored session, not open here, whose title is unknown, from the title cursor on; the cursor skips the others. */
  private nextUntitled(): CatalogEntry | undefined {
    const entries = this.catalog.newestFirst();
    for (let entry = entries[this.titleCursor]; entry !== undefined; entry = entries[++this.titleCursor]) {
      if (entry.title === undefined && entry.persisted && !entry.live) return entry;
    }
    return undefined;
  }

  /** Writes the titles the projection cache's checkpoints hold for untitled sessions, a batch at a time (no log read). */
  private checkpointTitles(): boolean {
    if (this.nextUntitled() === undefined) return false;
    const read = checkpointTitles(this.ctx);
    const found: { header: CatalogEntry; title: string | null }[] = [];
    const end = this.titleCursor + TITLE_BATCH;
    for (let entry = this.nextUntitled(); entry !== undefined && this.titleCursor < end; entry = this.nextUntitled()) {
      this.titleCursor++;
      const title = read(this.headerOf(entry));
      if (title !== undefined) found.push({ header: entry, title: cleanTitle(title, this.options.redactSecrets) });
    }
    this.handle.guard((index) => {
      index.setTitles(found);
    });
    return true;
  }

  /** Whether the index lacks `entry`'s texts, or holds them from an older revision of its log (and reading that revision has not failed). */
  private needsTexts(entry: CatalogEntry): boolean {
    if (this.holdBodies()) return false; // titles first
    if (entry.live || !entry.persisted) return false;
    const revision = entry.listed?.revision;
    if (revision === undefined ? entry.failed !== undefined : entry.failed === revision) return false;
    return entry.seq === undefined || (revision !== undefined && revision !== entry.revision) || (this.options.redactSecrets && entry.raw);
  }

  private needs(id: string): boolean {
    const entry = this.catalog.get(id);
    return entry !== undefined && this.needsTexts(entry);
  }

  /** Up to `count` sessions to read next, the newest the index lacks; `priority` (a keystroke waits for those) first when `take`. */
  private nextBodies(count: number, take = false): CatalogEntry[] {
    const out = new Map<string, CatalogEntry>();
    while (take && out.size < count && this.priority.length > 0) {
      const id = this.priority.shift();
      const entry = id === undefined ? undefined : this.catalog.get(id);
      if (entry !== undefined && this.needsTexts(entry)) out.set(entry.id, entry);
    }
    const entries = this.catalog.newestFirst();
    for (let at = this.bodyCursor; out.size < count && at < entries.length; at++) {
      const entry = entries[at];
      if (entry === undefined) break;
      if (!this.needsTexts(entry) || out.has(entry.id)) {
        if (at === this.bodyCursor) this.bodyCursor++;
        continue;
      }
      out.set(entry.id, entry);
    }
    return [...out.values()];
  }

  private settleWaiters(): void {
    for (const waiter of this.waiters) {
      const ready = waiter.ids.every((id) => {
        const entry = this.catalog.get(id);
        return entry === undefined || entry.title !== undefined || !this.needsTexts(entry);
      });
      if (ready) waiter.resolve();
    }
  }
}
