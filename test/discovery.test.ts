/** Candidate discovery against the real rc.8 catalog composition: labels from projections only, ranking, cancellation, cache correctness, title backfill, body matches and the never-wedged rule. */
import { existsSync } from 'node:fs';
import { getEventListeners } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionRecord } from '@deepseek-ai/dsh-session-query';
import { SessionId } from '@deepseek-ai/dsh-session';
import { projectionCacheDomainSpec } from '@deepseek-ai/dsh-session-projection-cache';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import type { DomainChanged } from '@deepseek-ai/dsh-storage-domain';
import { CandidateDiscovery } from '../src/discovery/discovery.ts';
import { SessionReferenceResolver } from '../src/plugin.ts';
import { withMentions } from '../src/discovery/rank.ts';
import type { CandidateDiscoveryAgent } from '../src/discovery/discovery.ts';
import { SessionReferenceError, SessionReferenceErrorCode } from '../src/errors.ts';
import { formatSessionReferenceMention, parseSessionReferenceText } from '../src/mentions/uri.ts';
import * as redact from '../src/redaction/redact.ts';
import { bootCatalogHost, writeSessions } from './support/catalog-host.ts';
import type { CatalogHost, CatalogHostOptions, SessionSpec } from './support/catalog-host.ts';

vi.mock('../src/redaction/redact.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/redaction/redact.ts')>();
  return { ...actual, redactTexts: vi.fn(actual.redactTexts) };
});

const APP = '/work/app';
const OTHER = '/work/other';

const STORED: SessionSpec[] = [
  { id: 'sess-a', cwd: APP, title: 'Build pipeline', createdAt: 1_000 },
  { id: 'sess-b', cwd: OTHER, title: 'Deploy notes', createdAt: 2_000 },
  { id: 'sess-c', title: 'Scratch ideas', createdAt: 3_000 },
  { id: 'sess-d', cwd: APP, createdAt: 4_000 },
  { id: 'sess-e', cwd: APP, title: 'Build cache', createdAt: 5_000 },
];

function agent(id: string, cwd?: string): CandidateDiscoveryAgent {
  return { id, session: { header: cwd === undefined ? {} : { cwd } } };
}

async function rejection(promise: Promise<unknown>): Promise<SessionReferenceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SessionReferenceError);
  return error as SessionReferenceError;
}

let root: string;
const hosts: CatalogHost[] = [];

async function boot(options: Omit<CatalogHostOptions, 'root'> = {}): Promise<CatalogHost> {
  const host = await bootCatalogHost({ root, ...options });
  hosts.push(host);
  return host;
}

function ids(candidates: readonly { sessionId: string }[]): string[] {
  return candidates.map((candidate) => candidate.sessionId);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-candidates-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const host of hosts.splice(0)) await host.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('stored sessions discovered from a fresh host', () => {
  beforeEach(async () => {
    await writeSessions(root, STORED);
  });

  it('labels them from the persisted checkpoint, ranks them same-workspace first, and reads no log', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    host.calls.reset();

    const candidates = await discovery.list(agent('self', APP), '', 50);

    expect(candidates).toEqual([
      { sessionId: 'sess-e', label: 'Build cache', cwd: APP, sameWorkspace: true, createdAt: 5_000 },
      { sessionId: 'sess-d', label: 'sess-d', cwd: APP, sameWorkspace: true, createdAt: 4_000 },
      { sessionId: 'sess-a', label: 'Build pipeline', cwd: APP, sameWorkspace: true, createdAt: 1_000 },
      { sessionId: 'sess-c', label: 'Scratch ideas', sameWorkspace: false, createdAt: 3_000 },
      { sessionId: 'sess-b', label: 'Deploy notes', cwd: OTHER, sameWorkspace: false, createdAt: 2_000 },
    ]);
    expect(Object.keys(candidates[3]!)).toEqual(['sessionId', 'label', 'sameWorkspace', 'createdAt']);
    expect(host.calls.logReads).toEqual([]);

    await host.ctx.sessionQuery.readSession(SessionId('sess-a'));
    expect(host.calls.logReads.length).toBeGreaterThan(0);
  });

  it('filters case-insensitively on id, cwd and title, and never lists the agent itself', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    host.calls.reset();
    const self = agent('self', APP);

    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a']);
    expect(ids(await discovery.list(self, 'BuIlD', 50))).toEqual(['sess-e', 'sess-a']);
    expect(ids(await discovery.list(self, 'WORK/OTH', 50))).toEqual(['sess-b']);
    expect(ids(await discovery.list(self, 'SESS-D', 50))).toEqual(['sess-d']);
    expect(ids(await discovery.list(self, 'ideas', 50))).toEqual(['sess-c']);
    expect(await discovery.list(self, 'no such thing', 50)).toEqual([]);
    expect(ids(await discovery.list(agent('sess-e', APP), 'build', 50))).toEqual(['sess-a']);
    expect(ids(await discovery.list(agent('sess-e', APP), '', 2))).toEqual(['sess-d', 'sess-a']);
    expect(host.calls.logReads).toEqual([]);
  });

  it('ranks cwd-less sessions first for an agent without a cwd and marks nothing as same-workspace', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    const candidates = await discovery.list(agent('self'), '', 50);

    expect(ids(candidates)).toEqual(['sess-c', 'sess-e', 'sess-d', 'sess-b', 'sess-a']);
    expect(candidates.every((candidate) => !candidate.sameWorkspace)).toBe(true);
  });

  it('lets a live rename beat the older checkpoint', async () => {
    const host = await boot();
    const session = await host.resume('sess-a');
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    host.calls.reset();

    expect((await discovery.list(agent('self', APP), 'sess-a', 50))[0]?.label).toBe('Build pipeline');
    host.rename(session, 'Release checklist');

    expect(await discovery.list(agent('self', APP), 'release', 50)).toEqual([
      { sessionId: 'sess-a', label: 'Release checklist', cwd: APP, sameWorkspace: true, createdAt: 1_000, match: { in: 'title' } },
    ]);
    expect(ids(await discovery.list(agent('self', APP), 'pipeline', 50))).toEqual([]);
    expect(host.ctx.sessionProjectionCache.cachedSnapshot(session.header)?.values.title).toBe('Build pipeline');
    expect(host.calls.logReads).toEqual([]);
  });

  it('labels every session by its id when no projection service is composed', async () => {
    const host = await boot({ projections: false });
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    const candidates = await discovery.list(agent('self', APP), '', 50);

    expect(candidates.map((candidate) => candidate.label)).toEqual(ids(candidates));
    expect(await discovery.list(agent('self', APP), 'build', 50)).toEqual([]);
    expect(host.calls.logReads).toEqual([]);
  });
});

describe('sessions no projection face answers for', () => {
  it('are labelled by their id and not found by their title, without reading their log (backfill off)', async () => {
    await writeSessions(root, [{ id: 'plain-1', cwd: APP, title: 'Quarterly report', createdAt: 1_000 }], {
      projections: false,
    });
    await writeSessions(root, [{ id: 'plain-2', cwd: APP, title: 'Quarterly budget', createdAt: 2_000 }], {
      projectionCache: false,
    });
    await writeSessions(root, [{ id: 'cached-3', cwd: APP, title: 'Quarterly plan', createdAt: 3_000 }]);
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 0, titleBackfill: 'off' });
    host.calls.reset();

    expect(await discovery.list(agent('self', APP), '', 50)).toEqual([
      { sessionId: 'cached-3', label: 'Quarterly plan', cwd: APP, sameWorkspace: true, createdAt: 3_000 },
      { sessionId: 'plain-2', label: 'plain-2', cwd: APP, sameWorkspace: true, createdAt: 2_000 },
      { sessionId: 'plain-1', label: 'plain-1', cwd: APP, sameWorkspace: true, createdAt: 1_000 },
    ]);
    expect(ids(await discovery.list(agent('self', APP), 'quarterly', 50))).toEqual(['cached-3']);
    expect(ids(await discovery.list(agent('self', APP), 'PLAIN', 50))).toEqual(['plain-2', 'plain-1']);
    expect(host.calls.logReads).toEqual([]);
  });
});

describe('a cold read that checkpoints a session', () => {
  it('gives it its title at the next keystroke, without relisting', async () => {
    await writeSessions(root, [{ id: 'plain-1', cwd: APP, title: 'Quarterly report', createdAt: 1_000 }], {
      projectionCache: false,
    });
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, titleBackfill: 'off' });
    expect((await discovery.list(agent('self', APP), '', 50))[0]?.label).toBe('plain-1');

    await host.ctx.sessionProjectionCache.coldSnapshot(SessionId('plain-1'));
    host.calls.reset();

    expect(await discovery.list(agent('self', APP), 'quarterly', 50)).toEqual([
      { sessionId: 'plain-1', label: 'Quarterly report', cwd: APP, sameWorkspace: true, createdAt: 1_000, match: { in: 'title' } },
    ]);
    expect(host.calls.listings).toBe(0);
    expect(host.calls.logReads).toEqual([]);
  });
});

describe('argument validation and cancellation', () => {
  it.each([0, -1, 1.5, Number.NaN, 2 ** 53, Number.POSITIVE_INFINITY, '3' as unknown as number])(
    'rejects limit %s with INVALID_REFERENCE before listing',
    async (limit) => {
      const host = await boot();
      const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
      host.calls.reset();

      const error = await rejection(discovery.list(agent('self', APP), '', limit));

      expect(error.code).toBe(SessionReferenceErrorCode.INVALID_REFERENCE);
      expect(host.calls.listings).toBe(0);
    },
  );

  it('accepts the largest safe integer as a limit', async () => {
    await writeSessions(root, STORED.slice(0, 2));
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    expect(await discovery.list(agent('self', APP), '', Number.MAX_SAFE_INTEGER)).toHaveLength(2);
  });

  it('rejects a non-string query and a bad cacheTtlMs', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    expect((await rejection(discovery.list(agent('self'), 7 as unknown as string, 5))).code).toBe(
      SessionReferenceErrorCode.INVALID_REFERENCE,
    );
    for (const candidateCacheTtlMs of [-1, Number.NaN]) {
      expect(() => new SessionReferenceResolver(host.ctx, { candidateCacheTtlMs })).toThrow(
        expect.objectContaining({ code: SessionReferenceErrorCode.INVALID_CONFIG }),
      );
    }
  });

  it('takes its options from the config, whose load rejects a bad bodySearchWaitMs or titleBackfill with INVALID_CONFIG', async () => {
    const host = await boot();
    for (const options of [{ bodySearchWaitMs: -1 }, { bodySearchWaitMs: Number.NaN }, { titleBackfill: 'eager' as never }]) {
      expect(() => new SessionReferenceResolver(host.ctx, options)).toThrow(
        expect.objectContaining({ code: SessionReferenceErrorCode.INVALID_CONFIG }),
      );
    }
  });

  it.each([0, 60_000])('is CANCELLED by a signal aborted before the call (cacheTtlMs %d), without listing', async (cacheTtlMs) => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs });
    host.calls.reset();
    const controller = new AbortController();
    const reason = new Error('user moved on');
    controller.abort(reason);

    const error = await rejection(discovery.list(agent('self'), '', 5, controller.signal));

    expect(error.code).toBe(SessionReferenceErrorCode.CANCELLED);
    expect(error.cause).toBe(reason);
    expect(host.calls.listings).toBe(0);
  });

  // §7.6: a listing its only keystroke abandoned is not shared, so the next keystroke lists afresh with or without the cache.
  it.each([0, 60_000])('is CANCELLED while listing hangs (cacheTtlMs %d) and leaves no abort listener', async (cacheTtlMs) => {
    await writeSessions(root, STORED);
    const host = await boot();
    const engine = host.ctx.sessionQuery;
    const listSessions = engine.listSessions.bind(engine);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = vi.fn();
    vi.spyOn(engine, 'listSessions').mockImplementation(async (signal?: AbortSignal): Promise<SessionRecord[]> => {
      started();
      await gate;
      return listSessions(signal);
    });
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs });
    const controller = new AbortController();

    const pending = discovery.list(agent('self', APP), 'build', 5, controller.signal);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    expect(getEventListeners(controller.signal, 'abort').length).toBeGreaterThan(0);
    controller.abort(new Error('next keystroke'));
    const error = await rejection(pending);

    expect(error.code).toBe(SessionReferenceErrorCode.CANCELLED);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);

    release();
    const next = new AbortController();
    expect(ids(await discovery.list(agent('self', APP), 'build', 5, next.signal))).toEqual(['sess-e', 'sess-a']);
    expect(getEventListeners(next.signal, 'abort')).toHaveLength(0);
    expect(started).toHaveBeenCalledTimes(2);
  });

  it('reports a failed listing as READ_FAILED naming the cause', async () => {
    const host = await boot();
    const failure = new Error('disk on fire');
    vi.spyOn(host.ctx.sessionQuery, 'listSessions').mockRejectedValue(failure);
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    const error = await rejection(discovery.list(agent('self'), '', 5));

    expect(error.code).toBe(SessionReferenceErrorCode.READ_FAILED);
    expect(error.message).toContain('disk on fire');
    expect(error.cause).toBe(failure);
  });
});

describe('the keystroke cache', () => {
  beforeEach(async () => {
    await writeSessions(root, STORED);
  });

  it('lists the store once for consecutive keystrokes, and on every call when disabled', async () => {
    const host = await boot();
    const cached = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    const uncached = new CandidateDiscovery(host.ctx, { cacheTtlMs: 0 });
    host.calls.reset();

    const typed = ['b', 'bu', 'bui', 'buil', 'build'];
    const results = await Promise.all(typed.map((query) => cached.list(agent('self', APP), query, 50)));
    for (const query of typed) await cached.list(agent('self', APP), query, 50);
    expect(host.calls.listings).toBe(1);
    expect(ids(results.at(-1)!)).toEqual(['sess-e', 'sess-a']);

    host.calls.reset();
    for (const query of typed) await uncached.list(agent('self', APP), query, 50);
    expect(host.calls.listings).toBe(typed.length);
    expect(host.calls.logReads).toEqual([]);
  });

  it('shows a session created, renamed or closed in this process at the next keystroke, without relisting', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    const self = agent('self', APP);
    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a']);
    host.calls.reset();

    const fresh = host.create({ id: 'sess-new', cwd: APP, title: 'Build matrix', createdAt: 4_500 });
    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-new', 'sess-a']);

    host.rename(fresh, 'Flaky tests');
    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a']);
    expect(await discovery.list(self, 'flaky', 50)).toEqual([
      { sessionId: 'sess-new', label: 'Flaky tests', cwd: APP, sameWorkspace: true, createdAt: 4_500, match: { in: 'title' } },
    ]);

    const resumed = await host.resume('sess-b');
    host.calls.reset();
    host.rename(resumed, 'Deploy build');
    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a', 'sess-b']);
    await host.close(resumed);
    expect((await discovery.list(self, 'deploy', 50))[0]?.label).toBe('Deploy build');
    await vi.waitFor(() => expect(host.ctx.sessionProjectionCache.cachedSnapshot(resumed.header)?.values.title).toBe('Deploy build'));
    expect((await discovery.list(self, 'deploy', 50))[0]?.label).toBe('Deploy build');
    expect(host.calls.listings).toBe(0);
    expect(host.calls.logReads).toEqual([]);
  });

  it('keeps a closed session the listing never saw stored when it has a log, and drops an empty one', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    const self = agent('self', APP);
    await discovery.list(self, '', 50);
    const logged = host.create({ id: 'sess-brief', cwd: APP, title: 'Brief chat', createdAt: 9_000 });
    const empty = host.create({ id: 'sess-empty', cwd: APP, createdAt: 9_500, empty: true });
    expect(ids(await discovery.list(self, 'sess-', 2))).toEqual(['sess-empty', 'sess-brief']);

    await host.close(logged);
    await host.close(empty);
    host.calls.reset();
    expect(await discovery.list(self, 'sess-', 2)).toEqual([
      { sessionId: 'sess-brief', label: 'Brief chat', cwd: APP, sameWorkspace: true, createdAt: 9_000, match: { in: 'id' } },
      { sessionId: 'sess-e', label: 'Build cache', cwd: APP, sameWorkspace: true, createdAt: 5_000, match: { in: 'id' } },
    ]);
    expect(host.calls.listings).toBe(0);
    expect(host.calls.logReads).toEqual([]);
    await vi.waitFor(async () =>
      expect((await host.ctx.sessionQuery.listSessions()).map((record) => record.header.id)).toContain('sess-brief'),
    );
  });

  it('picks up sessions another process stored once cacheTtlMs has passed', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 2_000 });
    const self = agent('self', APP);
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    expect(await discovery.list(self, 'sess-x', 50)).toEqual([]);

    await writeSessions(root, [{ id: 'sess-x', cwd: OTHER, createdAt: 10_000 }], { projectionCache: false });

    now += 1_999;
    expect(await discovery.list(self, 'sess-x', 50)).toEqual([]);
    now += 1;
    expect(ids(await discovery.list(self, 'sess-x', 50))).toEqual(['sess-x']);
    expect(host.calls.logReads).toEqual([]);
  });

  it('relabels every session when the title service unloads and when it returns', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    const self = agent('self', APP);
    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a']);
    host.calls.reset();

    await Promise.all([...host.ctx.registry.get(SessionTitleService)!.fibers].map((fiber) => fiber.dispose()));
    expect(await discovery.list(self, 'build', 50)).toEqual([]);
    expect((await discovery.list(self, 'sess-a', 50))[0]?.label).toBe('sess-a');

    await host.ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });
    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a']);
    expect(host.calls.listings).toBe(0);
    expect(host.calls.logReads).toEqual([]);
  });

  it('removes its listeners with the fiber that owns it', async () => {
    const host = await boot();
    const events = ['session/created', 'session/disposed', 'session/event', 'domain/changed'] as const;
    const count = (): number[] => events.map((name) => host.ctx.events._hooks[name]?.length ?? 0);
    const before = count();
    let discovery!: CandidateDiscovery;
    const fiber = host.ctx.plugin((ctx) => {
      discovery = new CandidateDiscovery(ctx, { cacheTtlMs: 60_000 });
    });
    await fiber;
    await discovery.list(agent('self'), '', 5);
    expect(count()).not.toEqual(before);

    await fiber.dispose();

    expect(count()).toEqual(before);
  });
});

describe('withMentions', () => {
  it('attaches the canonical mention of each candidate', async () => {
    await writeSessions(root, STORED);
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    const candidates = await discovery.list(agent('self', APP), 'build', 50);
    const withMention = withMentions(candidates);

    expect(withMention).toEqual(candidates.map((candidate) => ({ ...candidate, mention: formatSessionReferenceMention(candidate) })));
    expect(parseSessionReferenceText(withMention[0]!.mention).references).toEqual([{ sessionId: 'sess-e', label: 'Build cache' }]);
  });
});

/** Every readFrom call's session id, and the most cold reads ever in flight at once. */
function watchColdReads(host: CatalogHost): { readonly ids: string[]; readonly peak: number; readonly active: number } {
  const persistence = host.ctx.sessionPersistence as unknown as Record<string, unknown>;
  const original = persistence.readFrom as (...args: unknown[]) => Promise<unknown>;
  const state = { ids: [] as string[], peak: 0, active: 0 };
  persistence.readFrom = function (this: unknown, ...args: unknown[]) {
    state.ids.push(String(args[0]));
    state.active++;
    state.peak = Math.max(state.peak, state.active);
    const settle = () => void state.active--;
    const result = original.apply(this, args);
    result.then(settle, settle);
    return result;
  };
  return state;
}

/** How many projection-cache checkpoints `host` has written since. */
function countCheckpoints(host: CatalogHost): () => number {
  let written = 0;
  host.ctx.on('domain/changed', (change: DomainChanged) => {
    if (change.domain === projectionCacheDomainSpec.name) written++;
  });
  return () => written;
}

/** Resolves after the event loop has turned `n` times. */
async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

const labels = (candidates: readonly { label: string }[]) => candidates.map((candidate) => candidate.label);

/** Finds `<root>/sessions/<project>/<id>/session.jsonl`. */
async function logFile(id: string): Promise<string> {
  for (const project of await readdir(join(root, 'sessions'))) {
    const path = join(root, 'sessions', project, id, 'session.jsonl');
    if (existsSync(path)) return path;
  }
  throw new Error(`no plain JSONL log for ${id}`);
}

describe('title backfill', () => {
  const HEADLESS: SessionSpec[] = [
    { id: 'head-1', cwd: APP, title: 'Invoice export', createdAt: 1_000 },
    { id: 'head-2', cwd: APP, title: 'Cron cleanup', createdAt: 2_000 },
    { id: 'head-3', title: 'Flame graphs', createdAt: 3_000 },
  ];

  it('titles sessions written without the cache soon after the first listing, newest first, at most two at a time, never on the keystroke path', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    await writeSessions(root, [{ id: 'cached', cwd: APP, title: 'Already cached', createdAt: 500 }]);
    const host = await boot();
    const reads = watchColdReads(host);
    const written = countCheckpoints(host);
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });
    host.calls.reset();

    expect(labels(await discovery.list(agent('self', APP), '', 50))).toEqual(['head-2', 'head-1', 'Already cached', 'head-3']);
    expect(host.calls.logReads).toEqual([]);

    await vi.waitFor(() => expect(written()).toBe(3), { timeout: 5_000 });
    expect(labels(await discovery.list(agent('self', APP), '', 50))).toEqual([
      'Cron cleanup',
      'Invoice export',
      'Already cached',
      'Flame graphs',
    ]);
    expect(reads.ids).toEqual(['head-3', 'head-2', 'head-1']);
    expect(reads.peak).toBeLessThanOrEqual(2);
    expect(host.calls.listings).toBe(1);
    expect(ids(await discovery.list(agent('self', APP), 'cron', 50))).toEqual(['head-2']);
  });

  it('writes the titles back, so a fresh host labels them at its first keystroke with zero log reads', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    const first = await boot();
    const discovery = new CandidateDiscovery(first.ctx, { cacheTtlMs: 60_000, backfillQuietMs: 0 });
    await discovery.list(agent('self', APP), '', 50);
    await vi.waitFor(async () => expect(labels(await discovery.list(agent('self', APP), 'e', 50))).toContain('Flame graphs'));
    await vi.waitFor(() =>
      expect(
        first.ctx.sessionProjectionCache.cachedSnapshot({ id: SessionId('head-1'), createdAt: 1_000, cwd: APP } as never)?.values.title,
      ).toBe('Invoice export'),
    );
    await first.dispose();
    hosts.splice(hosts.indexOf(first), 1);

    const fresh = await boot();
    const later = new CandidateDiscovery(fresh.ctx, { cacheTtlMs: 60_000 });
    fresh.calls.reset();
    expect(labels(await later.list(agent('self', APP), '', 50))).toEqual(['Cron cleanup', 'Invoice export', 'Flame graphs']);
    await turns();
    expect(fresh.calls.logReads).toEqual([]);
  });

  it('backfills nothing when titleBackfill is off, or without the projection cache', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    const host = await boot();
    const off = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, titleBackfill: 'off', backfillQuietMs: 0 });
    host.calls.reset();
    await off.list(agent('self', APP), '', 50);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await turns(20);
    expect(labels(await off.list(agent('self', APP), '', 50))).toEqual(['head-2', 'head-1', 'head-3']);
    expect(host.calls.logReads).toEqual([]);

    const bare = await boot({ projectionCache: false });
    const discovery = new CandidateDiscovery(bare.ctx, { cacheTtlMs: 60_000, backfillQuietMs: 0 });
    bare.calls.reset();
    await discovery.list(agent('self', APP), '', 50);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await turns(20);
    expect(labels(await discovery.list(agent('self', APP), '', 50))).toEqual(['head-2', 'head-1', 'head-3']);
    expect(bare.calls.logReads).toEqual([]);
  });

  it('starts no session while the menu is in use, and resumes once it has been quiet for backfillQuietMs', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    const host = await boot();
    const reads = watchColdReads(host);
    const written = countCheckpoints(host);
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, backfillQuietMs: 300 });
    const typed = 'invoice';
    for (let i = 1; i <= typed.length; i++) {
      await discovery.list(agent('self', APP), typed.slice(0, i), 50);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(reads.ids).toEqual([]);

    await vi.waitFor(() => expect(written()).toBe(3), { timeout: 5_000 });
    expect(ids(await discovery.list(agent('self', APP), typed, 50))).toEqual(['head-1']);
  });

  it('leaves no timer and no read behind when disposed in the middle of a backfill', async () => {
    const many = Array.from({ length: 16 }, (_, i): SessionSpec => ({
      id: `bulk-${String(i).padStart(2, '0')}`,
      title: `Bulk ${i}`,
      createdAt: 1_000 + i,
    }));
    await writeSessions(root, many, { projectionCache: false });
    const host = await boot();
    const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout' || kind === 'Immediate').length;
    await turns();
    const timersBefore = pendingTimers();
    let discovery!: CandidateDiscovery;
    const fiber = host.ctx.plugin((ctx) => {
      discovery = new CandidateDiscovery(ctx, { cacheTtlMs: 60_000 });
    });
    await fiber;
    let landed = 0;
    let disposed: Promise<unknown> | undefined;
    const stop = host.ctx.on('domain/changed', (change: DomainChanged) => {
      if (change.domain !== projectionCacheDomainSpec.name) return;
      landed++;
      disposed ??= fiber.dispose();
    });

    await discovery.list(agent('self'), '', 50);
    await vi.waitFor(() => expect(disposed).toBeDefined());
    await disposed;
    expect(host.calls.inFlight).toBe(0);
    const reads = host.calls.logReads.length;
    const landedAtDispose = landed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await turns();

    expect(host.calls.logReads.length).toBe(reads);
    expect(landed).toBe(landedAtDispose);
    expect(landed).toBeLessThan(many.length);
    expect(pendingTimers()).toBeLessThanOrEqual(timersBefore);
    stop();
  });

  it('does not retry a session whose cold read failed until its log changes', async () => {
    await writeSessions(
      root,
      [
        { id: 'newer', title: 'From a newer harness', createdAt: 2_000 },
        { id: 'plain', title: 'Plain one', createdAt: 1_000 },
      ],
      {
        projectionCache: false,
        compression: 'none',
      },
    );
    const path = await logFile('newer');
    const good = await readFile(path, 'utf8');
    const last = JSON.parse(good.trimEnd().split('\n').at(-1)!) as { seq: number };
    await writeFile(path, `${good}${JSON.stringify({ type: 'future/event', seq: last.seq + 1, time: 1, data: {} })}\n`);

    const host = await boot({ compression: 'none' });
    const reads = watchColdReads(host);
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 1_000, backfillQuietMs: 0 });
    const self = agent('self');
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);

    await discovery.list(self, '', 50);
    await vi.waitFor(async () => expect(labels(await discovery.list(self, '', 50))).toEqual(['newer', 'Plain one']));
    await vi.waitFor(() => expect(reads.active).toBe(0));
    expect(reads.ids.filter((id) => id === 'newer')).toHaveLength(1);

    for (let relist = 0; relist < 2; relist++) {
      now += 1_000;
      host.calls.reset();
      expect(labels(await discovery.list(self, '', 50))).toEqual(['newer', 'Plain one']);
      await vi.waitFor(() => expect(host.calls.listings).toBe(2));
      await vi.waitFor(() => expect(host.calls.inFlight).toBe(0));
      await turns();
    }
    expect(reads.ids.filter((id) => id === 'newer')).toHaveLength(1);

    await writeFile(path, good);
    now += 1_000;
    await discovery.list(self, '', 50);
    await vi.waitFor(async () => expect(labels(await discovery.list(self, '', 50))).toEqual(['From a newer harness', 'Plain one']));
    expect(reads.ids.filter((id) => id === 'newer')).toHaveLength(2);
  });
});

describe('body matches', () => {
  const CHATS: SessionSpec[] = [
    { id: 'chat-1', cwd: APP, title: 'Release prep', said: 'remember the zanzibar rollout window before Friday', createdAt: 1_000 },
    { id: 'chat-2', cwd: OTHER, title: 'Zanzibar dashboard', said: 'make the charts load faster', createdAt: 2_000 },
    { id: 'chat-3', title: 'Zanzibar notes', said: 'nothing else', createdAt: 3_000 },
    { id: 'chat-4', cwd: APP, title: 'Unrelated', said: 'talk about lunch', createdAt: 4_000 },
  ];

  it('finds a word said only in one session’s body, after every title match, with its snippet', async () => {
    await writeSessions(root, CHATS);
    const host = await boot({ query: 'sqlite' });
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 30_000 });

    const candidates = await discovery.list(agent('self', APP), 'Zanzibar', 50);

    expect(candidates.map((candidate) => [candidate.sessionId, candidate.match?.in])).toEqual([
      ['chat-3', 'title'],
      ['chat-2', 'title'],
      ['chat-1', 'body'],
    ]);
    expect(candidates[2]).toMatchObject({ label: 'Release prep', cwd: APP, sameWorkspace: true, createdAt: 1_000 });
    const match = candidates[2]!.match as { in: 'body'; snippet: string };
    expect(match.snippet).toContain('zanzibar rollout window');
    expect(Array.from(match.snippet).length).toBeLessThanOrEqual(160);
    expect(await discovery.list(agent('self', APP), 'rollout', 50)).toEqual(
      [{ sessionId: 'chat-1', label: 'Release prep', cwd: APP, sameWorkspace: true, createdAt: 1_000, match }].map((candidate) => ({
        ...candidate,
        match: { in: 'body', snippet: expect.stringContaining('rollout') },
      })),
    );
    expect(await discovery.list(agent('chat-1', APP), 'rollout', 50)).toEqual([]);
    expect(ids(await discovery.list(agent('self', APP), 'zanzibar', 2))).toEqual(['chat-3', 'chat-2']);
    expect((await discovery.list(agent('self', APP), '', 50)).every((candidate) => candidate.match === undefined)).toBe(true);
  });

  it('redacts credentials in body-match snippets unless redactSnippets is off', async () => {
    const key = 'ghp_' + 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6';
    await writeSessions(root, [
      { id: 'leaky', cwd: APP, title: 'Deploy notes', said: `the quokka deploy uses ${key} for now`, createdAt: 1_000 },
    ]);
    const host = await boot({ query: 'sqlite' });
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 30_000 });
    const [found] = await discovery.list(agent('self', APP), 'quokka', 50);
    const snippet = (found!.match as { in: 'body'; snippet: string }).snippet;
    expect(snippet).toContain('quokka');
    expect(snippet).toContain('[REDACTED');
    expect(snippet).not.toContain(key);
    expect(snippet).not.toContain(key.slice(4, 20));

    const raw = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 30_000, redactSnippets: false });
    const [plain] = await raw.list(agent('self', APP), 'quokka', 50);
    expect((plain!.match as { in: 'body'; snippet: string }).snippet).toContain(key);
  });

  it('shows no body hit when the snippet scan fails, and a cancelled scan is CANCELLED', async () => {
    await writeSessions(root, CHATS);
    const host = await boot({ query: 'sqlite' });
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 30_000 });
    vi.mocked(redact.redactTexts).mockRejectedValueOnce(new Error('detector crashed'));
    expect(ids(await discovery.list(agent('self', APP), 'zanzibar', 50))).toEqual(['chat-3', 'chat-2']);
    expect(ids(await discovery.list(agent('self', APP), 'zanzibar', 50))).toEqual(['chat-3', 'chat-2', 'chat-1']);

    const controller = new AbortController();
    vi.mocked(redact.redactTexts).mockImplementationOnce(async () => {
      controller.abort(new Error('user moved on'));
      throw controller.signal.reason;
    });
    const error = await discovery.list(agent('self', APP), 'zanzibar', 50, controller.signal).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SessionReferenceError', code: SessionReferenceErrorCode.CANCELLED });
  });

  it('is silent when the engine has search off or throws, and title matches are unaffected', async () => {
    await writeSessions(root, CHATS);
    const off = await boot({ query: 'sqlite-off' });
    const quiet = new CandidateDiscovery(off.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 30_000 });
    expect(ids(await quiet.list(agent('self', APP), 'zanzibar', 50))).toEqual(['chat-3', 'chat-2']);
    expect(await quiet.list(agent('self', APP), 'rollout', 50)).toEqual([]);

    const failing = await boot({ query: 'sqlite' });
    const search = vi.spyOn(failing.ctx.sessionQuery, 'searchSessions').mockRejectedValue(new Error('index exploded'));
    const discovery = new CandidateDiscovery(failing.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 30_000 });
    expect(ids(await discovery.list(agent('self', APP), 'zanzibar', 50))).toEqual(['chat-3', 'chat-2']);
    expect(await discovery.list(agent('self', APP), 'rollout', 50)).toEqual([]);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('does not hold a keystroke past bodySearchWaitMs for an engine that takes 1 s, and a later keystroke uses its answer', async () => {
    await writeSessions(root, CHATS);
    const host = await boot({ query: 'sqlite' });
    const engine = host.ctx.sessionQuery;
    const search = engine.searchSessions.bind(engine);
    vi.spyOn(engine, 'searchSessions').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return search(...args);
    });
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000, bodySearchWaitMs: 50 });
    await discovery.list(agent('self', APP), '', 50);

    const started = performance.now();
    const first = await discovery.list(agent('self', APP), 'rollout', 50);
    const elapsed = performance.now() - started;

    expect(first).toEqual([]);
    expect(elapsed).toBeLessThan(900);
    await vi.waitFor(async () => expect(ids(await discovery.list(agent('self', APP), 'rollout', 50))).toEqual(['chat-1']), {
      timeout: 5_000,
    });
  });
});

describe('never wedged, whatever the listing fails with', () => {
  it('lists afresh and answers once cacheTtlMs has passed since a listSessions() that never settles', async () => {
    await writeSessions(root, STORED);
    const host = await boot();
    const engine = host.ctx.sessionQuery;
    const listSessions = engine.listSessions.bind(engine);
    let calls = 0;
    vi.spyOn(engine, 'listSessions').mockImplementation((signal?: AbortSignal) => {
      calls++;
      return calls === 1 ? new Promise<SessionRecord[]>(() => {}) : listSessions(signal);
    });
    let now = 5_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 2_000 });

    let stuckSettled = false;
    void discovery.list(agent('self', APP), '', 50).finally(() => (stuckSettled = true));
    await turns();
    now += 2_000;

    expect(ids(await discovery.list(agent('self', APP), 'build', 50))).toEqual(['sess-e', 'sess-a']);
    expect(calls).toBe(2);
    expect(stuckSettled).toBe(false);
  });

  it.each([
    ['an object without a prototype', Object.create(null) as unknown],
    [
      'an object whose toString throws',
      {
        toString: () => {
          throw new Error('no string for you');
        },
      },
    ],
    ['a symbol', Symbol('odd')],
    ['undefined', undefined],
  ])('turns a listing rejected with %s into READ_FAILED carrying it as cause', async (_name, value) => {
    const host = await boot();
    vi.spyOn(host.ctx.sessionQuery, 'listSessions').mockImplementation(() => Promise.reject(value));
    const discovery = new CandidateDiscovery(host.ctx, { cacheTtlMs: 60_000 });

    const error = await rejection(discovery.list(agent('self'), '', 5));

    expect(error.code).toBe(SessionReferenceErrorCode.READ_FAILED);
    expect(error.message).toMatch(/^listing sessions failed: /);
    expect(error.cause).toBe(value);
  });
});
