/** Candidate discovery for the host's `@` menu: the listing cache, label sources, backfill and body search wired to host events. */

import type { Context } from '@deepseek-ai/cordis';
import type { SessionHeader } from '@deepseek-ai/dsh-session';
import type { SessionSearchHit } from '@deepseek-ai/dsh-session-query';
import type { DomainChanged } from '@deepseek-ai/dsh-storage-domain';
import { appendBodyMatches, assertCandidateLimit, assertCandidateQuery, rankCandidates } from './rank.ts';
import type { BodyMatchRecord } from './rank.ts';
import { DEFAULT_BODY_SEARCH_WAIT_MS } from '../config.ts';
import type { TitleBackfillMode } from '../config.ts';
import {
  cancelledError,
  isSessionReferenceError,
  readFailed,
  SessionReferenceError,
  SessionReferenceErrorCode,
  throwIfAborted,
} from '../errors.ts';
import { ListingCache } from './listing-cache.ts';
import { redactTexts } from '../redaction/redact.ts';
import type { Labeller, ListingEntry, SessionListing } from './listing-cache.ts';
import type { SessionReferenceCandidate } from '../types.ts';
import { BODY_SEARCH_MAX_PAGE, BodySearch } from './body-search.ts';
import { openLabeller } from './labels.ts';
import type { FoldedTitle } from './labels.ts';
import { BACKFILL_QUIET_MS, TitleBackfill } from './title-backfill.ts';

const WHAT = 'listing session reference candidates';

/** Services whose arrival or departure can change every label: the two projection faces and the title unit's owner. */
const LABEL_SERVICES = ['sessionProjections', 'sessionProjectionCache', 'sessionTitle'] as const;

/**
 * The storage domain of `@deepseek-ai/dsh-session-projection-cache`, read from that package (an
 * optional peer) the first time its service is seen; until then a change to any domain's
 * `sessions` table relabels the session it names, which is merely more than needed.
 */
let projectionCacheDomain: Promise<string | undefined> | undefined;
let projectionCacheDomainName: string | undefined;

function loadProjectionCacheDomain(): void {
  projectionCacheDomain ??= import('@deepseek-ai/dsh-session-projection-cache').then(
    (module) => (projectionCacheDomainName = module.projectionCacheDomainSpec.name),
    () => undefined,
  );
}

/** The part of an agent discovery reads: its id (excluded from the results) and its session's cwd (ranking). */
export interface CandidateDiscoveryAgent {
  /** The agent's id, which is also its session's id. */
  readonly id: string;
  /** The agent's session; only `header.cwd` is read. */
  readonly session: { readonly header: { readonly cwd?: string } };
}

/** Options of {@link CandidateDiscovery}. */
export interface CandidateDiscoveryOptions {
  /**
   * How long, in ms after it completes, one listing of the session store serves later calls
   * before the store is listed again, and how long a listing still running may be joined. 0
   * disables the cache (every call lists); `Infinity` relies on events alone.
   */
  cacheTtlMs: number;
  /** `'background'` (default) folds titles no source answers for after a listing has answered; `'off'` leaves them labelled by id. */
  titleBackfill?: TitleBackfillMode;
  /** Longest wait, in ms, of one call for the engine's full-text hits. Default 50. */
  bodySearchWaitMs?: number;
  /** Sessions asked of the full-text engine per query; default 51, at most 100. */
  bodySearchPage?: number;
  /** How long, in ms, no keystroke must have been in flight before the backfill starts a session. Default 200. */
  backfillQuietMs?: number;
  /** Replace credentials in body-match snippets with `[REDACTED <kind>]` (the config's `redactSecrets`). Default true. */
  redactSnippets?: boolean;
}

/**
 * Lists the sessions an agent may cite, for a host's `@` menu: every session
 * `ctx.sessionQuery.listSessions()` knows except the agent's own, labelled by its projected title
 * (see {@link openLabeller}; never a log read), filtered and ranked by {@link rankCandidates}, and,
 * when the engine answers full-text search, followed by sessions whose messages contain the query.
 *
 * Keystroke cost: one listing, with its labels and lower-cased search keys, serves the following
 * keystrokes ({@link ListingCache}); only filtering and ranking run per keystroke, plus at most
 * `bodySearchWaitMs` waiting for the engine. A listing that has not settled within `cacheTtlMs`,
 * or that every keystroke waiting for it abandoned, is not shared: the next keystroke lists afresh.
 *
 * Invalidation: this process's own changes reach the cache through its events, so they show at
 * the next keystroke without a new listing. `session/created` adds the session (or marks a listed
 * one live); `session/disposed` turns it cold — a session the listing never saw stored is kept when
 * it logged events and persistence is composed, and dropped otherwise. Title changes
 * (`session/title` events and the projection change feed), projection-cache checkpoints
 * (`domain/changed` on its `sessions` table) and backfilled titles relabel one session; a
 * projection or title service coming or going relabels all; a persistence service coming or going
 * drops the listing. Sessions other processes store or delete show up to `cacheTtlMs` late.
 *
 * Backfill: after a keystroke has been answered, {@link TitleBackfill} folds in the background the
 * titles of cold sessions no source answers for (unless `titleBackfill` is `'off'`), starting a
 * session only once no keystroke has been in flight for `backfillQuietMs`.
 *
 * Construct it on a host-level (unscoped) context, such as the one a host plugin receives: the
 * session events are scope-filtered, and an agent-scoped context would miss other agents'
 * sessions. Its listeners, the listing in flight, the backfill and the search in flight end with
 * that context's fiber, which waits for the backfill's cold read in flight to stop.
 */
export class CandidateDiscovery {
  private readonly ctx: Context;
  private readonly cache: ListingCache<SessionHeader>;
  private readonly backfill: TitleBackfill | undefined;
  private readonly folded: TitleBackfill['folded'];
  private readonly bodies = new WeakMap<SessionListing<SessionHeader>, BodySearch>();
  private readonly bodyWaitMs: number;
  private readonly bodyPage: number;
  private readonly lifetime = new AbortController();
  private readonly quietMs: number;
  private readonly redactSnippets: boolean;
  private keystrokes = 0;
  private lastKeystroke = Number.NEGATIVE_INFINITY;

  /**
   * Registers the invalidation listeners on `ctx`; they, and any work in flight, end with its fiber.
   * The options are trusted: the service passes its resolved config, checked at load.
   */
  constructor(ctx: Context, options: CandidateDiscoveryOptions) {
    this.ctx = ctx;
    this.cache = new ListingCache<SessionHeader>({
      ttlMs: options.cacheTtlMs,
      now: () => performance.now(),
      list: (signal) => this.listSessions(signal),
      what: WHAT,
    });
    this.bodyWaitMs = options.bodySearchWaitMs ?? DEFAULT_BODY_SEARCH_WAIT_MS;
    this.bodyPage = Math.min(BODY_SEARCH_MAX_PAGE, Math.max(1, Math.floor(options.bodySearchPage ?? 51)));
    const mode = options.titleBackfill ?? 'background';
    this.quietMs = options.backfillQuietMs ?? BACKFILL_QUIET_MS;
    this.redactSnippets = options.redactSnippets ?? true;
    const backfill =
      mode === 'background'
        ? new TitleBackfill(
            ctx,
            () => this.labeller(),
            (id) => this.relabel(id),
            () => this.quietIn(),
          )
        : undefined;
    this.backfill = backfill;
    this.folded = backfill?.folded ?? new Map<string, FoldedTitle>();

    ctx.on('session/created', (session) => {
      this.cache.changed();
      this.cache.current?.opened(session.header);
    });
    ctx.on('session/disposed', (session) => {
      this.cache.changed();
      this.cache.current?.closed(session.id, session.seq > 0 && ctx.get('sessionPersistence') !== undefined);
    });
    ctx.on('session/event', (session, event) => {
      if (event.type === 'session/title') this.relabel(session.id);
    });
    ctx.on('domain/changed', (change: DomainChanged) => {
      if (change.table !== 'sessions') return;
      if (projectionCacheDomainName !== undefined && change.domain !== projectionCacheDomainName) return;
      this.relabel(change.key);
    });
    ctx.inject(['sessionProjections'], (scoped) => {
      scoped.sessionProjections.onChanged((session, key) => {
        if (key === 'title') this.relabel(session.id);
      });
    });
    ctx.inject(['sessionProjectionCache'], () => loadProjectionCacheDomain());
    for (const name of LABEL_SERVICES) {
      ctx.inject([name], (scoped) => {
        this.relabelAll();
        scoped.effect(() => () => this.relabelAll(), `candidateDiscovery.watch(${name})`);
      });
    }
    let persistenceSeen = ctx.get('sessionPersistence') !== undefined;
    ctx.inject(['sessionPersistence'], (scoped) => {
      if (persistenceSeen) persistenceSeen = false;
      else this.cache.forget();
      scoped.effect(() => () => this.cache.forget(), 'candidateDiscovery.persistence');
    });
    ctx.effect(
      () => async () => {
        this.lifetime.abort(new Error('candidate discovery disposed'));
        this.cache.dispose();
        await backfill?.stop();
      },
      'candidateDiscovery',
    );
  }

  /**
   * The candidates for `agent`: every listed session but its own, filtered by `query` and ranked
   * same-workspace first, then the engine's full-text hits, at most `limit` of them. Throws
   * INVALID_REFERENCE for a `limit` that is not a positive safe integer or a non-string `query`,
   * CANCELLED when `signal` is aborted before or while listing or waiting for hits, and
   * READ_FAILED when listing fails, whatever the listing rejected with.
   */
  async list(agent: CandidateDiscoveryAgent, query: string, limit: number, signal?: AbortSignal): Promise<SessionReferenceCandidate[]> {
    assertCandidateLimit(limit);
    assertCandidateQuery(query);
    throwIfAborted(signal, WHAT);
    this.keystrokes++;
    try {
      return await this.answer(agent, query, limit, signal);
    } finally {
      this.keystrokes--;
      this.lastKeystroke = performance.now();
    }
  }

  private async answer(
    agent: CandidateDiscoveryAgent,
    query: string,
    limit: number,
    signal: AbortSignal | undefined,
  ): Promise<SessionReferenceCandidate[]> {
    const listing = this.cache.fresh() ?? (await this.acquire(signal));
    const options = { selfId: agent.id, agentCwd: agent.session.header.cwd, limit };
    let candidates = rankCandidates(
      listing.labelled(() => this.labeller()),
      { ...options, query },
    );
    if (candidates.length < limit && query.trim() !== '') {
      const hits = await this.bodySearch(listing).hits(query, this.bodyWaitMs, signal);
      if (hits.length > 0)
        candidates = appendBodyMatches(candidates, await this.redacted(this.bodyRecords(listing, hits), signal), options);
    }
    this.backfill?.schedule(listing);
    return candidates;
  }

  private async acquire(signal: AbortSignal | undefined): Promise<SessionListing<SessionHeader>> {
    try {
      return await this.cache.acquire(signal);
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal, WHAT);
      if (isSessionReferenceError(error)) throw error;
      throw readFailed('listing sessions failed', error);
    }
  }

  /** Ms until the menu counts as quiet for the backfill: no keystroke in flight, none answered in the last `backfillQuietMs`. */
  private quietIn(): number {
    if (this.keystrokes > 0) return Math.max(1, this.quietMs);
    return Math.max(0, Math.min(this.quietMs, this.lastKeystroke + this.quietMs - performance.now()));
  }

  private async listSessions(signal: AbortSignal) {
    const query = this.ctx.get('sessionQuery');
    if (query === undefined) {
      throw new SessionReferenceError('listing sessions failed: no sessionQuery service is mounted', SessionReferenceErrorCode.READ_FAILED);
    }
    return query.listSessions(signal);
  }

  private labeller(): Labeller<SessionHeader> {
    return openLabeller(this.ctx, this.folded);
  }

  private bodySearch(listing: SessionListing<SessionHeader>): BodySearch {
    let search = this.bodies.get(listing);
    if (search === undefined) {
      search = new BodySearch(this.ctx, { pageSize: this.bodyPage, signal: this.lifetime.signal, what: WHAT });
      this.bodies.set(listing, search);
    }
    return search;
  }

  /** The hits as records labelled like listed sessions; a hit the listing has not seen is labelled from its own header. */
  private bodyRecords(listing: SessionListing<SessionHeader>, hits: readonly SessionSearchHit[]): BodyMatchRecord[] {
    let label: Labeller<SessionHeader> | undefined;
    return hits.map((hit) => {
      label ??= this.labeller();
      const entry: ListingEntry<SessionHeader> = listing.get(hit.header.id) ?? {
        header: hit.header,
        live: hit.live,
        persisted: hit.persisted,
        record: undefined,
        answered: false,
      };
      return { record: listing.recordOf(entry, label), snippet: hit.bestMatch.snippet };
    });
  }

  /**
   * The records with every credential in their snippets replaced, unless `redactSnippets` is off.
   * When the scan fails, no record: a snippet that was not scanned is never shown.
   */
  private async redacted(records: BodyMatchRecord[], signal: AbortSignal | undefined): Promise<BodyMatchRecord[]> {
    if (!this.redactSnippets) return records;
    try {
      const { texts } = await redactTexts(
        records.map((record) => record.snippet),
        signal ? { signal } : {},
      );
      return records.map((record, i) => (texts[i] === record.snippet ? record : { ...record, snippet: texts[i]! }));
    } catch {
      if (signal?.aborted) throw cancelledError(signal, WHAT);
      return [];
    }
  }

  private relabel(sessionId: string): void {
    this.cache.current?.relabel(sessionId);
  }

  private relabelAll(): void {
    this.cache.current?.relabelAll();
  }
}
