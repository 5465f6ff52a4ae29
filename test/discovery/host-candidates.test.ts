/** Candidate discovery on real rc.8 hosts over persisted JSONL homes: ranking and labels, titles at first sight, body matches from the index, in-process changes, and the never-wedged rules. */
import { getEventListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionRecord } from '@deepseek-ai/dsh-session-query';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import { CandidateDiscovery } from '../../src/discovery/discovery.ts';
import type { CandidateDiscoveryAgent } from '../../src/discovery/discovery.ts';
import { withMentions } from '../../src/discovery/rank.ts';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';
import { formatSessionReferenceMention, parseSessionReferenceText } from '../../src/mentions/uri.ts';
import { bootCatalogHost, writeSessions, discoveryOptions } from '../support/catalog-host.ts';
import type { CatalogHost, CatalogHostOptions, SessionSpec } from '../support/catalog-host.ts';

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

/** The plugin's defaults, with an index in memory and a first-titles wait long enough for a slow test machine. */
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

async function boot(over: Omit<CatalogHostOptions, 'root'> = {}): Promise<CatalogHost> {
  const host = await bootCatalogHost({ root, ...over });
  hosts.push(host);
  return host;
}

const ids = (candidates: readonly { sessionId: string }[]): string[] => candidates.map((candidate) => candidate.sessionId);
const labels = (candidates: readonly { label: string }[]): string[] => candidates.map((candidate) => candidate.label);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-candidates-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const host of hosts.splice(0)) await host.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('stored sessions', () => {
  beforeEach(async () => {
    await writeSessions(root, STORED);
  });

  it('are labelled from their checkpoints, ranked same workspace first, then no cwd, then other cwds, newest first within each', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());

    const candidates = await discovery.list(agent('self', APP), '', 50);

    expect(candidates).toEqual([
      { sessionId: 'sess-e', label: 'Build cache', cwd: APP, sameWorkspace: true, createdAt: 5_000 },
      { sessionId: 'sess-d', label: 'sess-d', cwd: APP, sameWorkspace: true, createdAt: 4_000 },
      { sessionId: 'sess-a', label: 'Build pipeline', cwd: APP, sameWorkspace: true, createdAt: 1_000 },
      { sessionId: 'sess-c', label: 'Scratch ideas', sameWorkspace: false, createdAt: 3_000 },
      { sessionId: 'sess-b', label: 'Deploy notes', cwd: OTHER, sameWorkspace: false, createdAt: 2_000 },
    ]);
    expect(Object.keys(candidates[3]!)).toEqual(['sessionId', 'label', 'sameWorkspace', 'createdAt']);
  });

  it('filters case-insensitively on id, cwd and title, and never lists the agent itself', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    const self = agent('self', APP);

    expect(ids(await discovery.list(self, 'build', 50))).toEqual(['sess-e', 'sess-a']);
    expect(ids(await discovery.list(self, 'BuIlD', 50))).toEqual(['sess-e', 'sess-a']);
    expect(ids(await discovery.list(self, 'WORK/OTH', 50))).toEqual(['sess-b']);
    expect(ids(await discovery.list(self, 'SESS-D', 50))).toEqual(['sess-d']);
    expect(await discovery.list(self, 'no such thing', 50)).toEqual([]);
    expect(ids(await discovery.list(agent('sess-e', APP), 'build', 50))).toEqual(['sess-a']);
    expect(ids(await discovery.list(agent('sess-e', APP), '', 2))).toEqual(['sess-d', 'sess-a']);
    expect(ids(await discovery.list(agent('self'), '', 50))).toEqual(['sess-c', 'sess-e', 'sess-d', 'sess-b', 'sess-a']);
  });

  it('answers every keystroke without reading a log once the index is built', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    await discovery.indexed();
    host.calls.reset();

    for (const typed of ['', 'b', 'bu', 'build', 'sess', 'zzz']) await discovery.list(agent('self', APP), typed, 50);

    expect(host.calls.logReads).toEqual([]);
  });

  it('lets a live rename beat the older checkpoint, at the next keystroke', async () => {
    const host = await boot();
    const session = await host.resume('sess-a');
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    expect((await discovery.list(agent('self', APP), 'sess-a', 50))[0]?.label).toBe('Build pipeline');

    host.rename(session, 'Release checklist');

    expect(await discovery.list(agent('self', APP), 'release', 50)).toEqual([
      { sessionId: 'sess-a', label: 'Release checklist', cwd: APP, sameWorkspace: true, createdAt: 1_000, match: { in: 'title' } },
    ]);
    expect(ids(await discovery.list(agent('self', APP), 'pipeline', 50))).toEqual([]);
  });

  it('labels every session by its id when no projection service is composed', async () => {
    const host = await boot({ projections: false });
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    const candidates = await discovery.list(agent('self', APP), '', 50);
    expect(labels(candidates)).toEqual(ids(candidates));
  });

  it('relabels every session when the title service unloads and when it returns', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ titleBackfill: 'off' }));
    expect(ids(await discovery.list(agent('self', APP), 'build', 50))).toEqual(['sess-e', 'sess-a']);
    await Promise.all([...host.ctx.registry.get(SessionTitleService)!.fibers].map((fiber) => fiber.dispose()));
    await host.ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });
    expect(ids(await discovery.list(agent('self', APP), 'build', 50))).toEqual(['sess-e', 'sess-a']);
  });

  it('attaches the canonical mention of each candidate', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    const candidates = await discovery.list(agent('self', APP), 'build', 50);
    const withMention = withMentions(candidates);
    expect(withMention).toEqual(candidates.map((candidate) => ({ ...candidate, mention: formatSessionReferenceMention(candidate) })));
    expect(parseSessionReferenceText(withMention[0]!.mention).references).toEqual([{ sessionId: 'sess-e', label: 'Build cache' }]);
  });
});

describe('titles at first sight', () => {
  const HEADLESS: SessionSpec[] = Array.from({ length: 20 }, (_, i) => ({
    id: `head-${String(i).padStart(2, '0')}`,
    cwd: i % 2 === 0 ? APP : OTHER,
    title: `Headless task ${i}`,
    said: `please do task number ${i}`,
    createdAt: 1_000 + i,
  }));

  it('shows every title of a home of 20 headless-written sessions at its first keystroke', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());

    const first = await discovery.list(agent('self', APP), '', 50);

    expect(first).toHaveLength(20);
    expect(first.every((candidate) => candidate.label === `Headless task ${Number(candidate.sessionId.slice(5))}`)).toBe(true);
  });

  it('answers with ids when the wait is over, and has the titles at a later keystroke', async () => {
    await writeSessions(root, HEADLESS.slice(0, 3), { projectionCache: false });
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ firstTitlesWaitMs: 0 }));

    expect(labels(await discovery.list(agent('self', APP), '', 50))).toEqual(['head-02', 'head-00', 'head-01']);
    await discovery.indexed();
    expect(labels(await discovery.list(agent('self', APP), '', 50))).toEqual(['Headless task 2', 'Headless task 0', 'Headless task 1']);
  });

  it('folds no title with titleBackfill off: sessions without a checkpoint stay labelled by their id', async () => {
    await writeSessions(root, HEADLESS.slice(0, 3), { projectionCache: false });
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ titleBackfill: 'off' }));
    await discovery.list(agent('self', APP), '', 50);
    await discovery.indexed();
    expect(labels(await discovery.list(agent('self', APP), '', 50))).toEqual(['head-02', 'head-00', 'head-01']);
  });
});

describe('argument validation and cancellation', () => {
  it.each([0, -1, 1.5, Number.NaN, 2 ** 53, Number.POSITIVE_INFINITY, '3' as unknown as number])(
    'rejects limit %s with INVALID_REFERENCE before listing',
    async (limit) => {
      const host = await boot();
      const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
      host.calls.reset();
      expect((await rejection(discovery.list(agent('self', APP), '', limit))).code).toBe(SessionReferenceErrorCode.INVALID_REFERENCE);
      expect(host.calls.listings).toBe(0);
    },
  );

  it('rejects a non-string query, and is CANCELLED by a signal aborted before the call without listing', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    host.calls.reset();
    expect((await rejection(discovery.list(agent('self'), 7 as unknown as string, 5))).code).toBe(
      SessionReferenceErrorCode.INVALID_REFERENCE,
    );
    const reason = new Error('user moved on');
    const error = await rejection(discovery.list(agent('self'), '', 5, AbortSignal.abort(reason)));
    expect(error.code).toBe(SessionReferenceErrorCode.CANCELLED);
    expect(error.cause).toBe(reason);
    expect(host.calls.listings).toBe(0);
  });

  it.each([0, 60_000])(
    'is CANCELLED while the first listing hangs (cacheTtlMs %d), leaves no abort listener, and lists afresh next time',
    async (cacheTtlMs) => {
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
      const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ cacheTtlMs }));
      const controller = new AbortController();

      const pending = discovery.list(agent('self', APP), 'build', 5, controller.signal);
      await vi.waitFor(() => {
        expect(started).toHaveBeenCalledTimes(1);
      });
      controller.abort(new Error('next keystroke'));
      expect((await rejection(pending)).code).toBe(SessionReferenceErrorCode.CANCELLED);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);

      release();
      const next = new AbortController();
      expect(ids(await discovery.list(agent('self', APP), 'build', 5, next.signal))).toEqual(['sess-e', 'sess-a']);
      expect(getEventListeners(next.signal, 'abort')).toHaveLength(0);
      expect(started).toHaveBeenCalledTimes(2);
    },
  );

  it.each([
    ['an Error', new Error('disk on fire')],
    ['an object without a prototype', Object.create(null) as unknown],
    ['a symbol', Symbol('odd')],
    ['undefined', undefined],
  ])('turns a first listing rejected with %s into READ_FAILED carrying it as cause', async (_name, value) => {
    const host = await boot();
    vi.spyOn(host.ctx.sessionQuery, 'listSessions').mockImplementation(() => Promise.reject(value));
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    const error = await rejection(discovery.list(agent('self'), '', 5));
    expect(error.code).toBe(SessionReferenceErrorCode.READ_FAILED);
    expect(error.message).toMatch(/^listing sessions failed: /);
    expect(error.cause).toBe(value);
  });
});

describe('never wedged', () => {
  it('answers from the index while a later host listing never settles', async () => {
    await writeSessions(root, STORED);
    const host = await boot();
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ cacheTtlMs: 2_000 }));
    expect(ids(await discovery.list(agent('self', APP), 'build', 50))).toEqual(['sess-e', 'sess-a']);
    await discovery.indexed();
    const hung = vi.spyOn(host.ctx.sessionQuery, 'listSessions').mockImplementation(() => new Promise<SessionRecord[]>(() => {}));

    for (let keystroke = 0; keystroke < 5; keystroke++) {
      now += 2_500;
      expect(ids(await discovery.list(agent('self', APP), 'build', 50))).toEqual(['sess-e', 'sess-a']);
    }
    expect(hung).toHaveBeenCalled();
  });

  it('removes its listeners and closes its index with the fiber that owns it, leaving no timer', async () => {
    await writeSessions(root, STORED);
    const host = await boot();
    const events = ['session/created', 'session/disposed', 'session/event'] as const;
    const count = (): number[] => events.map((name) => host.ctx.events._hooks[name]?.length ?? 0);
    const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout' || kind === 'Immediate').length;
    const before = count();
    const timers = pendingTimers();
    let discovery!: CandidateDiscovery;
    const path = join(root, 'index.sqlite');
    const fiber = host.ctx.plugin((ctx) => {
      discovery = new CandidateDiscovery(ctx, discoveryOptions({ indexPath: path }));
    });
    await fiber;
    await discovery.list(agent('self'), '', 5);
    expect(count()).not.toEqual(before);

    await fiber.dispose();

    expect(count()).toEqual(before);
    expect(pendingTimers()).toBeLessThanOrEqual(timers);
    // closed: the last connection merged its WAL into the file, which then opens immutable
    const { SessionIndex } = await import('../../src/session-index/session-index.ts');
    const reader = SessionIndex.open(path, { readOnly: true });
    expect(reader.all().length).toBe(STORED.length);
    reader.close();
  });
});
