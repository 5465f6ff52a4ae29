/** Candidate discovery against the real rc.8 catalog composition: labels from projections only, ranking, cancellation, and cache correctness. */
import { getEventListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionRecord } from '@deepseek-ai/dsh-session-query';
import { SessionId } from '@deepseek-ai/dsh-session';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import { CandidateDiscovery } from '../src/host/discovery.ts';
import { withMentions } from '../src/core/candidates.ts';
import type { CandidateDiscoveryAgent } from '../src/host/discovery.ts';
import { SessionReferenceError, SessionReferenceErrorCode } from '../src/core/errors.ts';
import { formatSessionReferenceMention, parseSessionReferenceText } from '../src/core/uri.ts';
import { bootCatalogHost, writeSessions } from './support/catalog-host.ts';
import type { CatalogHost, SessionSpec } from './support/catalog-host.ts';

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

async function boot(options: { projections?: boolean; projectionCache?: boolean } = {}): Promise<CatalogHost> {
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

  it('labels them from the persisted checkpoint, ranks them per §7.3, and reads no log', async () => {
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
    for (const cacheTtlMs of [-1, Number.NaN]) {
      expect(() => new CandidateDiscovery(host.ctx, { cacheTtlMs })).toThrow(
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
    await vi.waitFor(() =>
      expect(host.ctx.sessionProjectionCache.cachedSnapshot(resumed.header)?.values.title).toBe('Deploy build'),
    );
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

    expect(withMention).toEqual(
      candidates.map((candidate) => ({ ...candidate, mention: formatSessionReferenceMention(candidate) })),
    );
    expect(parseSessionReferenceText(withMention[0]!.mention).references).toEqual([
      { sessionId: 'sess-e', label: 'Build cache' },
    ]);
  });
});
