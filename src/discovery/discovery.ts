/** Candidate discovery for the host's `@` menu: every keystroke answered from the session index, which is kept current in the background. */
import type { Context } from '@deepseek-ai/cordis';
import type { TitleBackfillMode } from '../config.ts';
import { cancelledError, isSessionReferenceError, readFailed, throwIfAborted } from '../errors.ts';
import { redactTexts } from '../redaction/redact.ts';
import type { SessionReferenceCandidate } from '../types.ts';
import { matchedQuery, parseBodyQuery } from '../session-index/body-match.ts';
import type { BodyHit } from '../session-index/body-search.ts';
import type { EntryLabeller } from '../session-index/catalog.ts';
import { IndexSync } from '../session-index/sync.ts';
import { FirstBoot } from '../session-index/first-titles.ts';
import { catalogLabeller } from './labels.ts';
import { cleanLabel } from '../mentions/label-text.ts';
import { IN_PROCESS_WAIT_MS, LiveSessions } from '../session-index/live-sessions.ts';
import { appendBodyMatches, assertCandidateLimit, assertCandidateQuery, rankCandidates } from './rank.ts';
import type { BodyMatchRecord } from './rank.ts';

const WHAT = 'listing session reference candidates';

/** Services whose arrival or departure can change every label. */
const LABEL_SERVICES = ['sessionProjections', 'sessionProjectionCache', 'sessionTitle'] as const;

/** The part of an agent discovery reads: its id (excluded from the results) and its session's cwd (ranking). */
export interface CandidateDiscoveryAgent {
  /** The agent's id, which is also its session's id. */
  readonly id: string;
  /** The agent's session; only `header.cwd` is read. */
  readonly session: { readonly header: { readonly cwd?: string } };
}

/** Options of {@link CandidateDiscovery}; the plugin passes its resolved config. */
export interface CandidateDiscoveryOptions {
  /** How long one listing serves later keystrokes, in ms, before the next keystroke lists the store again in the background. */
  readonly cacheTtlMs: number;
  /** The index file, or `':memory:'`. */
  readonly indexPath: string;
  /** Open the file immutable and write nothing (the CLI over a home whose index is current). */
  readonly readOnly?: boolean;
  /** `'off'` leaves titles that no checkpoint or live projection gives unfolded: those sessions are labelled by id. */
  readonly titleBackfill: TitleBackfillMode;
  /** Redact texts before they reach the index. */
  readonly redactSecrets: boolean;
  /** Longest a keystroke waits for the titles of the rows it shows when the index lacks them, in ms. */
  readonly firstTitlesWaitMs: number;
}

/**
 * Lists the sessions an agent may cite: those of the host's listing as the index last saw them
 * (plus this process's open ones), minus the agent's own, labelled by title, filtered and ranked by
 * {@link rankCandidates}, then followed by the sessions whose redacted texts contain the query.
 *
 * A keystroke reads only memory and the index: it never reads a log and never waits for a listing
 * once the index has rows. Before the index has any row (the first boot on a home), it waits for
 * the host's listing, shared as the listing cache shares it. When the rows it would show lack
 * titles, it waits up to `firstTitlesWaitMs` while those sessions are read ahead of the backlog.
 * Body matches are read newest first within a bounded number of texts; a query matches on its
 * first 256 code points.
 *
 * Construct it on a host-level context: the session events are scope-filtered. Its listeners, the
 * listing and the work in flight end with that context's fiber, which closes the index.
 */
export class CandidateDiscovery {
  private readonly ctx: Context;
  private readonly options: CandidateDiscoveryOptions;
  private readonly sync: IndexSync;
  private readonly live: LiveSessions | undefined;
  /** The first boot's walk of the log heads, when the index started empty on a JSONL store. */
  private readonly firstBoot: FirstBoot | undefined;

  /** Opens the index, registers the listeners and starts the background work; all end with `ctx`'s fiber. */
  constructor(ctx: Context, options: CandidateDiscoveryOptions) {
    this.ctx = ctx;
    this.options = options;
    const sync = new IndexSync(ctx, options);
    this.sync = sync;
    this.live = options.readOnly === true ? undefined : new LiveSessions(ctx, sync, options.redactSecrets);
    for (const name of LABEL_SERVICES) {
      ctx.inject([name], (scoped) => {
        sync.catalog.relabelAll();
        sync.rescanTitles();
        scoped.effect(
          () => () => {
            sync.catalog.relabelAll();
          },
          `candidateDiscovery.watch(${name})`,
        );
      });
    }
    ctx.inject(['sessionProjections'], (scoped) => {
      scoped.sessionProjections.onChanged((session, key) => {
        // the host's type names one key today; a later host may report others, which change no label
        const changed: string = key;
        if (changed === 'title') sync.catalog.relabel(session.id);
      });
    });
    // another store: the next keystroke lists it (the one present at construction is the one listed)
    let persistenceSeen = ctx.get('sessionPersistence') !== undefined;
    ctx.inject(['sessionPersistence'], (scoped) => {
      if (persistenceSeen) persistenceSeen = false;
      else sync.listing.forget();
      scoped.effect(
        () => () => {
          sync.listing.forget();
        },
        'candidateDiscovery.persistence',
      );
    });
    ctx.effect(
      () => async () => {
        await this.live?.stop();
        await sync.stop();
      },
      'candidateDiscovery',
    );
    // A file that holds nothing yet (the first boot on a home) is filled at once, so that the home is
    // listed and titled before the first `@`. Otherwise (a filled file, which this process's own
    // sessions keep current; an index in memory, as in a test host or the CLI's resolver) the
    // listing and the backlog wait for the first keystroke: a headless run never reads the home.
    // On that first boot, the log heads give a partial listing and titles first.
    const firstBoot = options.indexPath !== ':memory:' && options.readOnly !== true && !sync.listed;
    this.firstBoot = firstBoot ? FirstBoot.start(ctx, sync, options.titleBackfill) : undefined;
    if (firstBoot) sync.nudge();
  }

  /** What the index file is, and why one found there was set aside or is not used. */
  get index(): { readonly path: string; readonly problem: string | undefined } {
    return { path: this.sync.handle.path, problem: this.sync.handle.problem };
  }

  /** Resolves once a listing has been applied and every listed session's texts are indexed (the CLI's in-memory index). */
  async indexed(signal?: AbortSignal): Promise<void> {
    await this.acquireListing(signal);
    await this.firstBoot?.done; // bodies wait for the heads
    await this.sync.whenIdle();
  }

  /** Whether the last listing found the index holding every listed session at its listed revision, and nothing else. */
  get current(): boolean {
    return this.sync.matched;
  }

  /** The sessions whose logs this process could not read for the index (labelled by id, no body matches), with the host's reason. */
  unreadable(): { readonly sessionId: string; readonly reason: string }[] {
    return [...this.sync.failures].map(([sessionId, reason]) => ({ sessionId, reason }));
  }

  /**
   * The candidates for `agent`: every offered session but its own, filtered by `query` and ranked
   * same-workspace first, then the sessions whose texts contain `query`, at most `limit`. Throws
   * INVALID_REFERENCE for a bad `limit` or `query`, CANCELLED when `signal` aborts, and READ_FAILED
   * when the first listing of a home fails.
   */
  async list(agent: CandidateDiscoveryAgent, query: string, limit: number, signal?: AbortSignal): Promise<SessionReferenceCandidate[]> {
    assertCandidateLimit(limit);
    assertCandidateQuery(query);
    throwIfAborted(signal, WHAT);
    const waited = !this.sync.listed;
    try {
      return await this.answer(agent, matchedQuery(query), limit, signal);
    } finally {
      // a keystroke that waited for the listing has it (or saw it fail): no second one behind it
      if (!waited) this.sync.nudge();
    }
  }

  private async answer(
    agent: CandidateDiscoveryAgent,
    query: string,
    limit: number,
    signal: AbortSignal | undefined,
  ): Promise<SessionReferenceCandidate[]> {
    await this.live?.settled(IN_PROCESS_WAIT_MS);
    throwIfAborted(signal, WHAT);
    const { sync } = this;
    sync.handle.refresh();
    // a first boot answers from the heads found so far rather than wait for the whole listing
    if (this.firstBoot !== undefined) await this.firstBoot.beforeAnswer(() => this.acquireListing(signal), signal);
    else if (!sync.listed) await this.acquireListing(signal);
    const options = { selfId: agent.id, agentCwd: agent.session.header.cwd, limit };
    if (this.options.titleBackfill === 'background' && this.options.firstTitlesWaitMs > 0) {
      const untitled = this.untitledRows(options);
      if (untitled.length > 0) {
        await sync.titlesFor(untitled, this.options.firstTitlesWaitMs, signal);
        throwIfAborted(signal, WHAT);
        sync.handle.refresh();
      }
    }
    const labeller = this.labeller();
    const ranked = rankCandidates(sync.catalog.candidates(labeller), { ...options, query });
    if (ranked.length >= limit || query.trim() === '') return ranked;
    const shown = new Set(ranked.map((candidate) => candidate.sessionId));
    const found = sync.handle.guard((index) =>
      index.search(parseBodyQuery(query), {
        limit: limit - ranked.length,
        accept: (id) => id !== agent.id && !shown.has(id) && sync.catalog.offers(id),
      }),
    );
    if (!found.ok || found.value.hits.length === 0) return ranked;
    const hits = await this.scanned(found.value.hits, signal);
    const records: BodyMatchRecord[] = [];
    for (const hit of hits) {
      const record = sync.catalog.record(hit.sessionId, labeller);
      if (record !== undefined) records.push({ record, snippet: hit.snippet });
    }
    return appendBodyMatches(ranked, records, options);
  }

  /** Labels the catalog's entries for this keystroke. */
  private labeller(): EntryLabeller {
    return catalogLabeller(this.ctx, (entry) => this.sync.headerOf(entry), this.options.redactSecrets);
  }

  /** The sessions among the rows the menu shows before anything is typed whose titles are unknown, newest first. */
  private untitledRows(options: { selfId: string; agentCwd: string | undefined; limit: number }): string[] {
    const { catalog } = this.sync;
    const rows = rankCandidates(catalog.candidates(this.labeller()), { ...options, query: '' });
    return rows
      .filter((row) => {
        const entry = catalog.get(row.sessionId);
        return (
          entry !== undefined &&
          !entry.live &&
          entry.title === undefined &&
          row.label === cleanLabel(row.sessionId, { redact: this.options.redactSecrets })
        );
      })
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((row) => row.sessionId);
  }

  /**
   * The hits with snippets safe to show: a snippet of texts another process stored unredacted is
   * scanned now when `redactSecrets` is on, and when that scan fails the hit is not shown.
   */
  private async scanned(hits: readonly BodyHit[], signal: AbortSignal | undefined): Promise<readonly BodyHit[]> {
    if (!this.options.redactSecrets || !hits.some((hit) => hit.raw)) return hits;
    try {
      const raw = hits.filter((hit) => hit.raw);
      const { texts } = await redactTexts(
        raw.map((hit) => hit.snippet),
        signal === undefined ? {} : { signal },
      );
      // a snippet the redaction gave no text for is shown empty, never as it was
      const clean = new Map(raw.map((hit, i) => [hit, texts[i] ?? '']));
      return hits.map((hit) => (hit.raw ? { ...hit, snippet: clean.get(hit) ?? '' } : hit));
    } catch {
      if (signal?.aborted) throw cancelledError(signal, WHAT);
      return hits.filter((hit) => !hit.raw);
    }
  }

  private async acquireListing(signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.sync.listing.acquire(signal);
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal, WHAT);
      if (isSessionReferenceError(error)) throw error;
      throw readFailed('listing sessions failed', error);
    }
  }
}
