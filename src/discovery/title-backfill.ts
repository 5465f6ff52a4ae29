/** Title backfill: folds, in the background, the titles of listed sessions no title source answers for. */

import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import type { SessionHeader } from '@deepseek-ai/dsh-session';
import type { Labeller, ListingEntry, SessionListing } from './listing-cache.ts';
import type { FoldedTitle } from './labels.ts';

/** How many sessions are folded at once. */
export const BACKFILL_CONCURRENCY = 2;

/** How long the menu must have been quiet (no keystroke in flight or answered) before the backfill starts a session. */
export const BACKFILL_QUIET_MS = 200;

/** A session whose cold read failed, and the revision of its log at the time (undefined when unknown). */
interface FailedRead {
  readonly createdAt: number;
  readonly revision: string | undefined;
}

/**
 * Backfills titles through the host's `sessionProjectionCache.coldSnapshot(id)`, which folds a
 * session once and writes its checkpoint back, so later listings (here and in every later process)
 * label it from the checkpoint with zero log reads.
 *
 * {@link schedule} points it at a listing after a keystroke has been answered; it then works
 * through that listing's cold, stored sessions that no title source answered for, newest first,
 * {@link BACKFILL_CONCURRENCY} at a time, yielding to the event loop before each session and
 * starting one only once the menu has been quiet for a while (`quietIn`): the host's fold and its
 * rewrite of the checkpoint document run on the event loop and compete with listing for I/O, so
 * a session started while someone types would hold up their next keystrokes. A newer listing
 * replaces the one being worked through. Each landed title is kept in {@link folded} (a
 * label source of its own, for when the checkpoint write-back fails) and reported to `landed`.
 * A session whose cold read fails is skipped until its log's revision
 * (`sessionPersistence.listSnapshots()`, read once per pass and only when such a session is met)
 * changes. Without the projection cache and title services it does nothing.
 */
export class TitleBackfill {
  /** Titles folded here, by session id. */
  readonly folded = new Map<string, FoldedTitle>();
  private readonly ctx: Context;
  private readonly labeller: () => Labeller<SessionHeader>;
  private readonly landed: (id: string) => void;
  private readonly quietIn: () => number;
  private readonly lifetime = new AbortController();
  private readonly failed = new Map<string, FailedRead>();
  private readonly inProgress = new Set<string>();
  private target: SessionListing<SessionHeader> | undefined;
  private cursor = 0;
  private revisions: Promise<Map<string, string> | undefined> | undefined;
  private running: Promise<void> | undefined;

  /**
   * @param labeller - builds a labeller over the current services (to re-check an entry whose label was dropped).
   * @param landed - told the id of each session whose title was folded.
   * @param quietIn - how many ms until the menu counts as quiet; 0 when it is.
   */
  constructor(ctx: Context, labeller: () => Labeller<SessionHeader>, landed: (id: string) => void, quietIn: () => number) {
    this.ctx = ctx;
    this.labeller = labeller;
    this.landed = landed;
    this.quietIn = quietIn;
  }

  /** Works through `listing` from its newest session, after the current turn of the event loop. */
  schedule(listing: SessionListing<SessionHeader>): void {
    if (this.lifetime.signal.aborted || this.target === listing) return;
    this.target = listing;
    this.cursor = 0;
    this.revisions = undefined;
    if (this.running !== undefined) return;
    const workers = Array.from({ length: BACKFILL_CONCURRENCY }, () => this.work());
    this.running = Promise.all(workers).then(
      () => {
        this.running = undefined;
      },
      () => {
        this.running = undefined;
      },
    );
  }

  /** Stops: aborts the cold reads in flight and resolves once nothing is left running. */
  async stop(): Promise<void> {
    this.lifetime.abort(new Error('candidate discovery disposed'));
    this.target = undefined;
    await this.running;
  }

  private async work(): Promise<void> {
    const { signal } = this.lifetime;
    for (;;) {
      try {
        await nextTurn(undefined, { signal });
        for (let wait = this.quietIn(); wait > 0; wait = this.quietIn()) await sleep(wait, undefined, { signal });
      } catch {
        return;
      }
      const next = await this.next();
      if (next === undefined) return;
      await this.fold(next);
    }
  }

  /** The next session of the target listing to fold, or undefined when there is none (or it should stop). */
  private async next(): Promise<ListingEntry<SessionHeader> | undefined> {
    if (!this.available()) return undefined;
    while (!this.lifetime.signal.aborted) {
      const listing = this.target;
      if (listing === undefined || this.cursor >= listing.entries.length) return undefined;
      const entry = listing.entries[this.cursor++]!;
      if (!this.needsTitle(listing, entry)) continue;
      const failure = this.failed.get(entry.header.id);
      if (failure !== undefined && failure.createdAt === entry.header.createdAt) {
        const revisions = await (this.revisions ??= this.readRevisions());
        if (this.target !== listing) continue;
        const now = revisions?.get(entry.header.id);
        if (now === undefined || now === failure.revision) continue;
        this.failed.delete(entry.header.id);
      }
      return entry;
    }
    return undefined;
  }

  private available(): boolean {
    return this.ctx.get('sessionProjectionCache') !== undefined && this.ctx.get('sessionTitle') !== undefined;
  }

  private needsTitle(listing: SessionListing<SessionHeader>, entry: ListingEntry<SessionHeader>): boolean {
    if (entry.live || !entry.persisted || this.inProgress.has(entry.header.id)) return false;
    const known = this.folded.get(entry.header.id);
    if (known !== undefined && known.createdAt === entry.header.createdAt) return false;
    if (entry.record === undefined) listing.recordOf(entry, this.labeller());
    return !entry.answered;
  }

  private async fold(entry: ListingEntry<SessionHeader>): Promise<void> {
    const { id, createdAt } = entry.header;
    const cache = this.ctx.get('sessionProjectionCache');
    if (cache === undefined) return;
    this.inProgress.add(id);
    try {
      const snapshot = await cache.coldSnapshot(entry.header.id, this.lifetime.signal);
      const title = snapshot.values.title;
      this.folded.set(id, { createdAt, title: typeof title === 'string' ? title : null });
      this.landed(id);
    } catch {
      if (this.lifetime.signal.aborted) return;
      const revisions = await (this.revisions ??= this.readRevisions());
      this.failed.set(id, { createdAt, revision: revisions?.get(id) });
    } finally {
      this.inProgress.delete(id);
    }
  }

  /** Every stored log's revision, from one `listSnapshots()`; undefined when it cannot be read. */
  private async readRevisions(): Promise<Map<string, string> | undefined> {
    const persistence = this.ctx.get('sessionPersistence');
    if (persistence === undefined) return undefined;
    try {
      const snapshots = await persistence.listSnapshots(this.lifetime.signal);
      return new Map(snapshots.map((snapshot) => [snapshot.header.id, snapshot.revision as string]));
    } catch {
      return undefined;
    }
  }
}
