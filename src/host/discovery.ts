/** Host-side candidate discovery (SPEC §7): lists sessions, labels them from projections only, and caches between keystrokes. */

import { symbols } from '@deepseek-ai/cordis';
import type { Context } from '@deepseek-ai/cordis';
import type { Session, SessionHeader } from '@deepseek-ai/dsh-session';
import type { SessionProjectionRegistry } from '@deepseek-ai/dsh-session-projection';
import type { SessionProjectionCache } from '@deepseek-ai/dsh-session-projection-cache';
import type { SessionQueryEngine } from '@deepseek-ai/dsh-session-query';
import type { SessionTitleEventData } from '@deepseek-ai/dsh-session-title';
import type { DomainChanged } from '@deepseek-ai/dsh-storage-domain';
import {
  assertCandidateLimit,
  assertCandidateQuery,
  rankCandidates,
  toSearchableRecord,
  type SearchableCandidateRecord,
} from '../core/candidates.ts';
import type { SessionReferenceCandidate } from '../core/types.ts';
import { cancelledError, isSessionReferenceError, SessionReferenceError, SessionReferenceErrorCode, throwIfAborted } from '../core/errors.ts';
import { abortable } from '../core/abort.ts';

const WHAT = 'listing session reference candidates';

/** Services whose arrival or departure can change every label: the two projection faces and the title unit's owner. */
const LABEL_SERVICES = ['sessionProjections', 'sessionProjectionCache', 'sessionTitle'] as const;

/**
 * The storage domain `@deepseek-ai/dsh-session-projection-cache` keeps its checkpoints in;
 * a `domain/changed` put on its `sessions` table means a session's cold label may have moved.
 */
export const PROJECTION_CACHE_DOMAIN = 'session_projcache';

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
   * before the store is listed again. 0 disables the cache (every call lists); `Infinity` relies
   * on events alone.
   */
  cacheTtlMs: number;
}

/** One listed session as the cache holds it; `record` is dropped whenever its label may have changed. */
interface Entry {
  readonly header: SessionHeader;
  live: boolean;
  persisted: boolean;
  record: SearchableCandidateRecord | undefined;
}

/** One listing of the store, kept current by this process's events until it expires. */
interface Corpus {
  readonly entries: Entry[];
  readonly byId: Map<string, Entry>;
  readonly listedAt: number;
  records: SearchableCandidateRecord[] | undefined;
}

interface LabelSources {
  readonly sessions: Context['sessions'] | undefined;
  readonly projections: SessionProjectionRegistry | undefined;
  readonly checkpoints: SessionProjectionCache | undefined;
}

type TitleValue = SessionTitleEventData['title'] | null | undefined;

/**
 * Lists the sessions an agent may cite, for a host's `@` menu (SPEC §7): every session
 * `ctx.sessionQuery.listSessions()` knows except the agent's own, labelled by its projected title
 * — the live cut of `ctx.sessionProjections` for a session live in this process, else the
 * persisted checkpoint of `ctx.sessionProjectionCache`, else its id — then filtered and ranked
 * by {@link rankCandidates}. It never reads, inspects or folds a session log.
 *
 * Keystroke cost: the `@` menu calls this on every keystroke, and a listing reads one header per
 * stored session. So one listing, with its labels and lower-cased search keys, serves the
 * following keystrokes, and only filtering and ranking run per keystroke.
 *
 * Invalidation: this process's own changes reach the cache through its events, so they show at
 * the next keystroke without a new listing. `session/created` adds the session (or marks a listed
 * one live); `session/disposed` turns it cold — a session the listing never saw stored is kept when
 * it logged events and persistence is composed (the persistence's retirement flush is writing
 * it), and dropped otherwise, since the store would never list it. Title changes (`session/title` events and the
 * projection change feed) and projection-cache checkpoints (`domain/changed` on
 * {@link PROJECTION_CACHE_DOMAIN}) relabel one session; a projection or title service coming or
 * going relabels all; a persistence service coming or going drops the listing.
 *
 * Trade-off: nothing tells this process about sessions other processes store or delete after a
 * listing, so those appear or disappear up to `cacheTtlMs` (counted from the listing's completion)
 * late; so can a session closed here while no listing was cached, if the next listing runs before
 * its log is written. A longer bound makes more keystrokes cheap, a shorter one shows outside
 * changes sooner, and 0 lists on every call. Labels of cold sessions are only as fresh as the
 * projection cache this process loaded. Concurrent keystrokes share one listing; a cancelled
 * keystroke stops waiting but lets the listing finish for the next one. No timers are involved:
 * expiry is checked when a call arrives.
 *
 * Construct it on a host-level (unscoped) context, such as the one a host plugin receives: the
 * session events are scope-filtered, and an agent-scoped context would miss other agents'
 * sessions. Its listeners and the in-flight listing end with that context's fiber.
 */
export class CandidateDiscovery {
  private readonly ctx: Context;
  private readonly ttl: number;
  private readonly lifetime = new AbortController();
  private corpus: Corpus | undefined;
  private pending: Promise<Corpus> | undefined;
  private generation = 0;

  /**
   * Registers the invalidation listeners on `ctx`; they, and any in-flight listing, end with its fiber.
   * Throws INVALID_CONFIG when `cacheTtlMs` is not a non-negative number.
   */
  constructor(ctx: Context, options: CandidateDiscoveryOptions) {
    this.ctx = ctx;
    const ttl = options.cacheTtlMs;
    if (typeof ttl !== 'number' || Number.isNaN(ttl) || ttl < 0) {
      throw new SessionReferenceError(
        `candidate discovery: cacheTtlMs must be a non-negative number of milliseconds, got ${String(ttl)}`,
        SessionReferenceErrorCode.INVALID_CONFIG,
      );
    }
    this.ttl = ttl;

    ctx.on('session/created', (session) => this.onCreated(session));
    ctx.on('session/disposed', (session) => this.onDisposed(session));
    ctx.on('session/event', (session, event) => {
      if (event.type === 'session/title') this.relabel(session.id);
    });
    ctx.on('domain/changed', (change: DomainChanged) => {
      if (change.domain === PROJECTION_CACHE_DOMAIN && change.table === 'sessions') this.relabel(change.key);
    });
    ctx.inject(['sessionProjections'], (scoped) => {
      scoped.sessionProjections.onChanged((session, key) => {
        if (key === 'title') this.relabel(session.id);
      });
    });
    for (const name of LABEL_SERVICES) {
      ctx.inject([name], (scoped) => {
        this.relabelAll();
        scoped.effect(() => () => this.relabelAll(), `candidateDiscovery.watch(${name})`);
      });
    }
    let persistenceSeen = ctx.get('sessionPersistence') !== undefined;
    ctx.inject(['sessionPersistence'], (scoped) => {
      if (persistenceSeen) persistenceSeen = false;
      else this.forget();
      scoped.effect(() => () => this.forget(), 'candidateDiscovery.persistence');
    });
    ctx.effect(() => () => {
      this.lifetime.abort(new Error('candidate discovery disposed'));
      this.corpus = undefined;
      this.pending = undefined;
    }, 'candidateDiscovery');
  }

  /**
   * The candidates for `agent`: every listed session but its own, filtered by `query` and ranked
   * per SPEC §7.3, at most `limit` of them. Throws INVALID_REFERENCE for a `limit` that is not a
   * positive safe integer or a non-string `query`, CANCELLED when `signal` is aborted before or
   * while listing, and READ_FAILED when listing fails.
   */
  async list(
    agent: CandidateDiscoveryAgent,
    query: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<SessionReferenceCandidate[]> {
    assertCandidateLimit(limit);
    assertCandidateQuery(query);
    throwIfAborted(signal, WHAT);
    let corpus = this.freshCorpus();
    if (corpus === undefined) {
      try {
        corpus = await abortable(this.loadCorpus(signal), signal, WHAT);
      } catch (error) {
        if (signal?.aborted) throw cancelledError(signal, WHAT);
        if (isSessionReferenceError(error)) throw error;
        throw new SessionReferenceError(
          `listing sessions failed: ${error instanceof Error ? error.message : String(error)}`,
          SessionReferenceErrorCode.READ_FAILED,
          { cause: error },
        );
      }
    }
    return rankCandidates(this.recordsOf(corpus), {
      selfId: agent.id,
      agentCwd: agent.session.header.cwd,
      query,
      limit,
    });
  }

  private cacheable(): boolean {
    return this.ttl > 0 && !this.lifetime.signal.aborted;
  }

  private freshCorpus(): Corpus | undefined {
    const corpus = this.corpus;
    if (corpus === undefined || !this.cacheable() || performance.now() - corpus.listedAt >= this.ttl) return undefined;
    return corpus;
  }

  private loadCorpus(signal: AbortSignal | undefined): Promise<Corpus> {
    if (!this.cacheable()) return this.listCorpus(signal);
    if (this.pending !== undefined) return this.pending;
    const generation = this.generation;
    const fill: Promise<Corpus> = this.listCorpus(this.lifetime.signal).then(
      (corpus) => {
        if (this.pending === fill) this.pending = undefined;
        if (generation === this.generation && this.cacheable()) this.corpus = corpus;
        return corpus;
      },
      (error: unknown) => {
        if (this.pending === fill) this.pending = undefined;
        throw error;
      },
    );
    fill.catch(() => {});
    this.pending = fill;
    return fill;
  }

  private async listCorpus(signal: AbortSignal | undefined): Promise<Corpus> {
    const query: SessionQueryEngine | undefined = this.ctx.get('sessionQuery');
    if (query === undefined) {
      throw new SessionReferenceError('listing sessions failed: no sessionQuery service is mounted', SessionReferenceErrorCode.READ_FAILED);
    }
    const listed = await query.listSessions(signal);
    const entries: Entry[] = new Array<Entry>(listed.length);
    const byId = new Map<string, Entry>();
    for (let i = 0; i < listed.length; i++) {
      const { header, live, persisted } = listed[i]!;
      const entry: Entry = { header, live, persisted, record: undefined };
      entries[i] = entry;
      byId.set(header.id, entry);
    }
    return { entries, byId, listedAt: performance.now(), records: undefined };
  }

  private labelSources(): LabelSources {
    return {
      sessions: untraced(this.ctx.get('sessions')),
      projections: untraced(this.ctx.get('sessionProjections')),
      checkpoints: untraced(this.ctx.get('sessionProjectionCache')),
    };
  }

  private recordsOf(corpus: Corpus): SearchableCandidateRecord[] {
    if (corpus.records !== undefined) return corpus.records;
    const sources = this.labelSources();
    const { entries } = corpus;
    const records = new Array<SearchableCandidateRecord>(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      records[i] = entry.record ??= recordOf(entry, label(entry, sources));
    }
    corpus.records = records;
    return records;
  }

  private onCreated(session: Session): void {
    this.generation++;
    const corpus = this.corpus;
    if (corpus === undefined) return;
    const known = corpus.byId.get(session.id);
    if (known !== undefined) {
      known.live = true;
      known.record = undefined;
    } else {
      const entry: Entry = { header: session.header, live: true, persisted: false, record: undefined };
      corpus.entries.splice(insertionIndex(corpus.entries, entry.header), 0, entry);
      corpus.byId.set(session.id, entry);
    }
    corpus.records = undefined;
  }

  private onDisposed(session: Session): void {
    this.generation++;
    const corpus = this.corpus;
    const entry = corpus?.byId.get(session.id);
    if (corpus === undefined || entry === undefined) return;
    if (!entry.persisted) {
      if (session.seq === 0 || this.ctx.get('sessionPersistence') === undefined) {
        corpus.entries.splice(corpus.entries.indexOf(entry), 1);
        corpus.byId.delete(session.id);
        corpus.records = undefined;
        return;
      }
      entry.persisted = true;
    }
    entry.record = undefined;
    entry.live = false;
    corpus.records = undefined;
  }

  private relabel(sessionId: string): void {
    const corpus = this.corpus;
    const entry = corpus?.byId.get(sessionId);
    if (corpus === undefined || entry === undefined) return;
    entry.record = undefined;
    corpus.records = undefined;
  }

  private relabelAll(): void {
    const corpus = this.corpus;
    if (corpus === undefined) return;
    for (const entry of corpus.entries) entry.record = undefined;
    corpus.records = undefined;
  }

  private forget(): void {
    this.generation++;
    this.corpus = undefined;
  }
}

/**
 * The service behind Cordis's context-tracing proxy. Labelling makes one read per listed session
 * and those reads register no effects, so tracing buys nothing there while its proxy traps would
 * cost more than the reads themselves.
 */
function untraced<T extends object>(service: T | undefined): T | undefined {
  if (service === undefined) return undefined;
  const original = (service as Record<symbol, unknown>)[symbols.original];
  return typeof original === 'object' && original !== null ? (original as T) : service;
}

function recordOf(entry: Entry, labelText: string): SearchableCandidateRecord {
  const { id, cwd, createdAt } = entry.header;
  return toSearchableRecord(cwd === undefined ? { sessionId: id, createdAt, label: labelText } : { sessionId: id, cwd, createdAt, label: labelText });
}

/**
 * The entry's projected title: the live cut when the session is live here (authoritative whenever
 * the title unit answers — it covers the whole log, so it is never older than a checkpoint), else
 * the checkpoint's view, else the id.
 */
function label(entry: Entry, sources: LabelSources): string {
  const id = entry.header.id;
  const live = entry.live ? sources.sessions?.get(id as Session['id']) : undefined;
  if (live !== undefined && sources.projections !== undefined) {
    const projections = sources.projections;
    const title = readTitle(() => projections.snapshot(live).values.title);
    if (title !== undefined) return title === null || title === '' ? id : title;
  }
  if (sources.checkpoints !== undefined) {
    const checkpoints = sources.checkpoints;
    const title = readTitle(() => checkpoints.cachedSnapshot(entry.header)?.values.title);
    if (typeof title === 'string' && title !== '') return title;
  }
  return id;
}

function readTitle(read: () => TitleValue): TitleValue {
  try {
    const title = read();
    return typeof title === 'string' || title === null ? title : undefined;
  } catch {
    return undefined;
  }
}

/** Position keeping the store's newest-first order (createdAt descending, then id). */
function insertionIndex(entries: readonly Entry[], header: SessionHeader): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = entries[mid]!.header;
    const order = header.createdAt - other.createdAt || other.id.localeCompare(header.id);
    if (order <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
