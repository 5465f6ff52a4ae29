/** Body matches: the host engine's full-text hits for a query, waited for at most `bodySearchWaitMs` per keystroke. */

import type { Context } from '@deepseek-ai/cordis';
import type { SessionSearchHit } from '@deepseek-ai/dsh-session-query';
import { cancelledError } from '../errors.ts';

/** The engine codes that mean "nothing wrong, just nothing for this query". */
const NO_HITS_CODES: ReadonlySet<unknown> = new Set(['SESSION_QUERY_INVALID_QUERY']);

/** Longest delay `setTimeout` honours (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Most settled queries remembered per listing. */
const REMEMBERED_QUERIES = 64;

/** Largest page the default engine accepts (`@deepseek-ai/dsh-session-query-sqlite`'s `maxLimit`). */
export const BODY_SEARCH_MAX_PAGE = 100;

/** One search, for one normalised query. */
interface Search {
  readonly query: string;
  readonly promise: Promise<readonly SessionSearchHit[]>;
  readonly resolve: (hits: readonly SessionSearchHit[]) => void;
  hits: readonly SessionSearchHit[] | undefined;
}

/** Options of {@link BodySearch}. */
export interface BodySearchOptions {
  /** Sessions asked of the engine per query (at most {@link BODY_SEARCH_MAX_PAGE}). */
  pageSize: number;
  /** Aborts the search in flight (the discovery's lifetime). */
  signal: AbortSignal;
  /** Names the operation in CANCELLED errors. */
  what: string;
}

/**
 * The full-text side of one listing. One search runs at a time and at most one waits behind it —
 * the latest query, since a newer keystroke makes an older unanswered one moot — and finished
 * searches are remembered, so a keystroke that gave up waiting leaves its search running for a
 * later keystroke with the same text. An engine that refuses search
 * (`SESSION_QUERY_SEARCH_DISABLED`) or fails turns body matches off for this listing, silently;
 * an invalid query only has no hits.
 */
export class BodySearch {
  private readonly ctx: Context;
  private readonly options: BodySearchOptions;
  private readonly searches = new Map<string, Search>();
  private enabled = true;
  private running: Search | undefined;
  private queued: Search | undefined;

  constructor(ctx: Context, options: BodySearchOptions) {
    this.ctx = ctx;
    this.options = options;
  }

  /**
   * The engine's hits for `query`, in its order, if they arrive within `waitMs`; none when they do
   * not, when the query is blank, or when search is off. Rejects with CANCELLED when `signal`
   * aborts while waiting.
   */
  async hits(query: string, waitMs: number, signal: AbortSignal | undefined): Promise<readonly SessionSearchHit[]> {
    const normalized = query.trim().replace(/\s+/gu, ' ');
    if (!this.enabled || normalized === '' || this.options.signal.aborted) return [];
    const search = this.searches.get(normalized) ?? this.request(normalized);
    if (search.hits !== undefined) return search.hits;
    if (waitMs <= 0) return [];
    return within(search.promise, waitMs, signal, this.options.what);
  }

  private request(query: string): Search {
    let resolve!: (hits: readonly SessionSearchHit[]) => void;
    const promise = new Promise<readonly SessionSearchHit[]>((done) => (resolve = done));
    const search: Search = { query, promise, resolve, hits: undefined };
    this.searches.set(query, search);
    if (this.running === undefined) {
      this.run(search);
    } else {
      if (this.queued !== undefined) this.settle(this.queued, [], false);
      this.queued = search;
    }
    return search;
  }

  private run(search: Search): void {
    this.running = search;
    void this.search(search.query).then((hits) => {
      this.settle(search, hits, true);
      this.running = undefined;
      const next = this.queued;
      this.queued = undefined;
      if (next === undefined) return;
      if (this.enabled && !this.options.signal.aborted) this.run(next);
      else this.settle(next, [], false);
    });
  }

  /** Resolves `search`'s waiters; remembers the answer when `keep`, else forgets the search. */
  private settle(search: Search, hits: readonly SessionSearchHit[], keep: boolean): void {
    search.resolve(hits);
    if (!keep) {
      this.searches.delete(search.query);
      return;
    }
    search.hits = hits;
    if (this.searches.size > REMEMBERED_QUERIES) {
      for (const [query, remembered] of this.searches) {
        if (remembered.hits === undefined) continue;
        this.searches.delete(query);
        break;
      }
    }
  }

  private async search(query: string): Promise<readonly SessionSearchHit[]> {
    const engine = this.ctx.get('sessionQuery');
    if (engine === undefined) return [];
    try {
      const page = await engine.searchSessions({ query, limit: this.options.pageSize }, { signal: this.options.signal });
      return page.items;
    } catch (error) {
      if (!this.options.signal.aborted && !NO_HITS_CODES.has(codeOf(error))) this.enabled = false;
      return [];
    }
  }
}

function codeOf(error: unknown): unknown {
  try {
    return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  } catch {
    return undefined;
  }
}

/** `promise`'s value if it settles within `waitMs`, else none; CANCELLED when `signal` aborts first. No timer outlives the call. */
function within<T>(promise: Promise<readonly T[]>, waitMs: number, signal: AbortSignal | undefined, what: string): Promise<readonly T[]> {
  if (signal?.aborted) return Promise.reject(cancelledError(signal, what));
  return new Promise<readonly T[]>((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      done();
      reject(cancelledError(signal!, what));
    };
    const timer = setTimeout(
      () => {
        done();
        resolve([]);
      },
      Math.min(waitMs, MAX_TIMER_MS),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    void promise.then((value) => {
      done();
      resolve(value);
    });
  });
}
