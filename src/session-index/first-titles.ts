/**
 * The first boot on a home: before the index has any row, the store's log heads are
 * read in parallel ({@link scanLogHeads}) and streamed into the index as a partial listing, each with its
 * first title, ahead of the bodies; a keystroke answers from what they gave so far instead of waiting for the
 * host's whole listing. The host's listing, when it arrives, stays the source of truth for presence: it
 * removes what it does not list, and after it only sessions it listed get a head title. A later title (a
 * rename) arrives with the session's body, which folds its whole log.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import type { SessionEvent, SessionHeader } from '@deepseek-ai/dsh-session';
import type { TitleBackfillMode } from '../config.ts';
import { checkpointTitles, foldedTitle } from '../discovery/labels.ts';
import type { KnownTitle } from '../discovery/labels.ts';
import { jsonlStore } from './location.ts';
import type { JsonlStore } from './location.ts';
import { scanLogHeads } from './log-heads.ts';
import type { LogHead } from './log-heads.ts';
import type { IndexSync } from './sync.ts';

/** How long after boot a keystroke may wait for the heads still being read, in ms, once some were found: it then answers with what is known. */
export const FIRST_ANSWER_MS = 500;
/** How often that wait looks whether the walk ended, in ms. */
const POLL_MS = 10;
/**
 * How long after the walk bodies still wait for the host's listing, in ms: a log read before the listing gave
 * its revision is read again once it does. Past this (a stuck listing), the next keystroke starts them.
 */
const LISTING_GRACE_MS = 30_000;

/** A head's first title as the host's projection registry folds the event (its raw title when that fails). */
function headTitle(ctx: Context, head: LogHead): KnownTitle {
  const folded = foldedTitle(ctx, [head.title] as unknown as SessionEvent[]);
  const data = head.title?.data as { title?: unknown } | undefined;
  return folded ?? (typeof data?.title === 'string' ? data.title : undefined);
}

/** The walk of a first boot; {@link start} returns none when the store is not the JSONL one. */
export class FirstBoot {
  /** Resolves when the walk ended (every head read, or disposed). */
  readonly done: Promise<void>;
  /** Sessions the walk found (noted in the index or the catalog). */
  found = 0;
  private running = true;
  private ended = Number.POSITIVE_INFINITY;
  private readonly startedAt = performance.now();
  private readonly ctx: Context;
  private readonly sync: IndexSync;
  private readonly titleBackfill: TitleBackfillMode;

  /** Starts the walk over `store` when it is a JSONL store; bodies wait until it ends. */
  static start(ctx: Context, sync: IndexSync, titleBackfill: TitleBackfillMode): FirstBoot | undefined {
    const store = jsonlStore(ctx.get('sessionPersistence'));
    return store === undefined ? undefined : new FirstBoot(ctx, sync, titleBackfill, store);
  }

  private constructor(ctx: Context, sync: IndexSync, titleBackfill: TitleBackfillMode, store: JsonlStore) {
    this.ctx = ctx;
    this.sync = sync;
    this.titleBackfill = titleBackfill;
    const controller = new AbortController();
    // titles before bodies: the backlog reads no log while the heads are read, nor before the listing gives revisions
    sync.holdBodies = () => this.running || (!sync.listed && performance.now() - this.ended < LISTING_GRACE_MS);
    this.done = scanLogHeads({
      store,
      signal: controller.signal,
      onBatch: (heads) => {
        this.apply(heads);
      },
    })
      .catch(() => {})
      .finally(() => {
        this.running = false;
        this.ended = performance.now();
        sync.kick();
      });
    ctx.effect(
      () => () => {
        controller.abort();
        return this.done;
      },
      'sessionReference.firstBoot',
    );
  }

  /**
   * What a first-boot keystroke waits for instead of the host's listing: the end of the walk, at most until
   * {@link FIRST_ANSWER_MS} after the walk began (so that a keystroke typed at boot shows the newest heads
   * with their titles, and one typed later does not wait at all), or, while the walk has found nothing yet,
   * its first heads. Then it answers from what is known, the host's listing or not. When the walk found
   * nothing, it waits for the listing as before (`acquire`, which also reports a failed first listing).
   */
  async beforeAnswer(acquire: () => Promise<void>, signal: AbortSignal | undefined): Promise<void> {
    const deadline = this.startedAt + FIRST_ANSWER_MS;
    while (this.running && (performance.now() < deadline || (this.found === 0 && !this.sync.listed)) && signal?.aborted !== true)
      await sleep(POLL_MS);
    if (this.sync.listed) return;
    if (this.found === 0 || signal?.aborted === true) return acquire();
    // the listing started at boot goes on in the background (or starts again when it failed)
    this.sync.nudge();
  }

  /** Notes a batch of heads in the index (the catalog follows), with their titles: a checkpoint's when there is one, else the head's. */
  private apply(heads: readonly LogHead[]): void {
    const { catalog } = this.sync;
    const checkpoint = checkpointTitles(this.ctx);
    const rows: { header: HeadHeaderRow; persisted: boolean }[] = [];
    const titles: { header: HeadHeaderRow; title: string | null }[] = [];
    for (const head of heads) {
      const { header } = head;
      const known = catalog.get(header.id);
      // once the host's listing arrived, it decides what exists
      if (known === undefined ? this.sync.listed : known.live || known.createdAt !== header.createdAt) continue;
      if (known === undefined) rows.push({ header, persisted: true });
      if (known?.title !== undefined) continue;
      let title = checkpoint(header as unknown as SessionHeader);
      if (title === undefined && head.title !== undefined && this.titleBackfill === 'background') title = headTitle(this.ctx, head);
      if (title !== undefined) titles.push({ header, title });
    }
    this.found += rows.length;
    try {
      const written = this.sync.handle.guard((index) => {
        index.noteListed(rows);
        index.setTitles(titles);
      });
      if (written.ok) {
        this.sync.handle.refresh();
        return;
      }
    } catch {
      // an index that fails costs freshness only: the catalog below
    }
    // the index cannot be written now: the catalog holds them until the listing and the backlog write them
    for (const row of rows) catalog.note({ ...row, live: false });
    for (const { header, title } of titles) {
      const entry = catalog.get(header.id);
      if (entry !== undefined && entry.title === undefined) catalog.put({ ...entry, title });
    }
  }
}

/** The identity the index keys a session by. */
type HeadHeaderRow = LogHead['header'];
