/** Boots the web app's session-catalog composition from the rc.8 line (store, JSONL logs, storage domain, projections, title, projection cache, query) on temp dirs. */
import { join } from 'node:path';
import { Context } from '@deepseek-ai/cordis';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import SessionStore, { SessionId } from '@deepseek-ai/dsh-session';
import type { Session } from '@deepseek-ai/dsh-session';
import type { SessionPersistence } from '@deepseek-ai/dsh-session-persistence';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionProjectionCache, { projectionCacheDomainSpec } from '@deepseek-ai/dsh-session-projection-cache';
import SqliteSessionQueryEngine from '@deepseek-ai/dsh-session-query-sqlite';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import Storage from '@deepseek-ai/dsh-storage';
import * as StorageDomain from '@deepseek-ai/dsh-storage-domain';
import type { DomainChanged } from '@deepseek-ai/dsh-storage-domain';
import * as StorageJson from '@deepseek-ai/dsh-storage-json';
import type { CandidateDiscoveryOptions } from '../../src/discovery/discovery.ts';
import { NoSearchSessionQuery } from './host.ts';

/** Persistence methods that read (part of) a stored session log rather than only its header. */
export const LOG_READ_METHODS = [
  'load',
  'inspect',
  'readFrom',
  'prepare',
  'readRaw',
  'loadStored',
  'loadStoredFrom',
  'readStoredRevision',
] as const;

/** Calls made to the persistence service since the counter was installed (or last reset). */
export interface PersistenceCallCounter {
  /** Log reads, one entry per call, as `method(id)`. */
  readonly logReads: string[];
  /** Header listings (`list` / `listSnapshots`). */
  listings: number;
  /** Log reads and listings started and not yet settled (not cleared by `reset`). */
  readonly inFlight: number;
  /** Clears both counts. */
  reset(): void;
}

/**
 * Wraps the log-reading and listing methods of `persistence` in place so every call is counted,
 * including the coordinator's internal calls back into its backend.
 */
export function countPersistenceCalls(persistence: SessionPersistence): PersistenceCallCounter {
  let inFlight = 0;
  const counter: PersistenceCallCounter = {
    logReads: [],
    listings: 0,
    get inFlight() {
      return inFlight;
    },
    reset() {
      counter.logReads.length = 0;
      counter.listings = 0;
    },
  };
  const tracked = (result: unknown): unknown => {
    if (!(result instanceof Promise)) return result;
    inFlight++;
    const settle = (): void => {
      inFlight--;
    };
    result.then(settle, settle);
    return result;
  };
  const target = persistence as unknown as Record<string, unknown>;
  for (const method of LOG_READ_METHODS) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      counter.logReads.push(`${method}(${String(args[0])})`);
      return tracked((original as (...a: unknown[]) => unknown).apply(this, args));
    };
  }
  for (const method of ['list', 'listSnapshots']) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      counter.listings++;
      return tracked((original as (...a: unknown[]) => unknown).apply(this, args));
    };
  }
  return counter;
}

/** Options of {@link bootCatalogHost}. */
export interface CatalogHostOptions {
  /** Directory shared by every host over the same store: logs under `sessions/`, domain data under `data/`. */
  root: string;
  /** Compose the projection registry and the title service. Default true. */
  projections?: boolean;
  /** Compose the persisted projection cache (requires `projections`). Default true. */
  projectionCache?: boolean;
  /** JSONL encoding; default the backend's (zstd). */
  compression?: 'none' | 'zstd';
  /** Projection-cache write-behind count trigger; default high, so only the mandatory points write. */
  writeEveryEvents?: number;
  /**
   * `ctx.sessionQuery`: the harness's engine without full-text search (default), the SQLite engine
   * on `:memory:` with search on, or the SQLite engine with search off (`openAt: 'never'`).
   */
  query?: 'nosearch' | 'sqlite' | 'sqlite-off';
}

/** A titled session to write. */
export interface SessionSpec {
  /** Session id. */
  id: string;
  /** Absolute working directory, if any. */
  cwd?: string;
  /** Title written as a user rename (a `session/title` event); when omitted, one empty completed turn is logged instead. */
  title?: string;
  /** Creation time, epoch ms; the store's clock when omitted. */
  createdAt?: number;
  /** Log nothing at all (and ignore `title` and `said`): such a session never reaches the JSONL store. */
  empty?: boolean;
  /** A user prompt logged as one completed turn, after the title. */
  said?: string;
}

/** A booted catalog host. */
export interface CatalogHost {
  /** The root context. */
  readonly ctx: Context;
  /** Counts of the persistence service's log reads and listings. */
  readonly calls: PersistenceCallCounter;
  /** Creates a live session owned by the host; it reaches the log at its first flush. */
  create(spec: SessionSpec): Session;
  /** Renames a live session through the title service, or by appending the `session/title` event without it. */
  rename(session: Session, title: string): void;
  /** Reopens a stored session as live (reads its log), owned by the host. */
  resume(id: string): Promise<Session>;
  /** Takes one live session out of the store (`session/disposed`); with the cache, resolves once its checkpoint is durable. */
  close(session: Session): Promise<void>;
  /** Disposes the host: live sessions are flushed and, with the projection cache, checkpointed. */
  dispose(): Promise<void>;
}

/** Boots the composition on `options.root` and resolves once every service is up. */
export async function bootCatalogHost(options: CatalogHostOptions): Promise<CatalogHost> {
  const projections = options.projections ?? true;
  const projectionCache = projections && (options.projectionCache ?? true);
  const ctx = new Context();
  await ctx.plugin(SessionStore);
  await ctx.plugin(JsonlSessionPersistence, {
    root: join(options.root, 'sessions'),
    ...(options.compression === undefined ? {} : { compression: options.compression }),
  });
  await ctx.plugin(Storage);
  await ctx.plugin(StorageJson, { root: join(options.root, 'data') });
  await ctx.plugin(StorageDomain, { backend: 'json' });
  if (projections) {
    await ctx.plugin(SessionProjectionRegistry);
    await ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });
  }
  if (projectionCache) {
    await ctx.plugin(SessionProjectionCache, {
      writeEveryEvents: options.writeEveryEvents ?? 10_000,
      writeIntervalMs: 3_600_000,
    });
  }
  const query = options.query ?? 'nosearch';
  if (query === 'nosearch') await ctx.plugin(NoSearchSessionQuery);
  else await ctx.plugin(SqliteSessionQueryEngine, { path: ':memory:', ...(query === 'sqlite-off' ? { openAt: 'never' as const } : {}) });
  const calls = countPersistenceCalls(ctx.sessionPersistence);

  const rename = (session: Session, title: string): void => {
    const titles = ctx.get('sessionTitle');
    if (titles !== undefined) titles.rename(session, title);
    else session.append('session/title', { title, messageSeqs: [], source: { kind: 'user' } });
  };

  const detachers = new Map<Session, () => Promise<void>>();
  const publish = (session: Session): Session => {
    const detach = ctx.effect(() => {
      const leave = ctx.sessions.enter(session);
      ctx.sessions.announce(session);
      return leave;
    }, `catalogHost.session(${session.id})`);
    detachers.set(session, detach);
    return session;
  };

  return {
    ctx,
    calls,
    create(spec) {
      const meta = {
        ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
        ...(spec.createdAt === undefined ? {} : { createdAt: spec.createdAt }),
      };
      const session = publish(ctx.sessions.prepare(SessionId(spec.id), { meta }));
      if (spec.empty === true) return session;
      if (spec.title !== undefined) rename(session, spec.title);
      if (spec.said !== undefined) {
        const message = createUserMessage({ content: [{ type: 'text', text: spec.said }], source: { kind: 'user' } });
        session.append('turn/start', { turn: 1 });
        session.append('step/start', { turn: 1, step: 1 });
        session.append('user/message', message, { surfaceOp: 'append' });
        session.append('step/end', { turn: 1, step: 1 });
        session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
      } else if (spec.title === undefined) {
        session.append('turn/start', { turn: 1 });
        session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
      }
      return session;
    },
    rename,
    async resume(id) {
      const preparation = await ctx.sessionPersistence.prepare(SessionId(id));
      try {
        return publish(preparation.session);
      } finally {
        preparation[Symbol.dispose]();
      }
    },
    async close(session) {
      const detach = detachers.get(session);
      if (detach === undefined) throw new Error(`session "${session.id}" is not open in this host`);
      detachers.delete(session);
      const checkpointed = projectionCache ? checkpointOf(ctx, session.id) : undefined;
      await detach();
      await checkpointed;
    },
    async dispose() {
      await ctx.fiber.dispose();
    },
  };
}

/** Resolves at the next durable projection-cache put for `sessionId`; rejects when none lands within `timeoutMs`. */
function checkpointOf(ctx: Context, sessionId: string, timeoutMs = 10_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no projection-cache checkpoint of "${sessionId}" landed within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = ctx.on('domain/changed', (change: DomainChanged) => {
      if (change.domain !== projectionCacheDomainSpec.name || change.key !== sessionId) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/**
 * Writes `specs` through one fresh host on `root`, closing each session (so the cache, when
 * composed, checkpoints it at `session/disposed`), then disposes the host.
 */
export async function writeSessions(
  root: string,
  specs: readonly SessionSpec[],
  options: Omit<CatalogHostOptions, 'root'> = {},
): Promise<void> {
  const host = await bootCatalogHost({ ...options, root });
  try {
    for (const spec of specs) await host.close(host.create(spec));
  } finally {
    await host.dispose();
  }
}

/** The discovery options the host tests start from: an in-memory index, a long listing TTL, redaction on and a generous first-titles wait; `over` replaces any of them. */
export function discoveryOptions(over: Partial<CandidateDiscoveryOptions> = {}): CandidateDiscoveryOptions {
  return {
    cacheTtlMs: 60_000,
    indexPath: ':memory:',
    titleBackfill: 'background',
    redactSecrets: true,
    firstTitlesWaitMs: 10_000,
    ...over,
  };
}
