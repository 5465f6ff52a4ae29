/** The index kept current on real hosts: this process's changes at the next keystroke, other processes' through the shared file and the listing, deletions, a corrupt file, and where the file lives. */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import type { Session } from '@deepseek-ai/dsh-session';
import { CandidateDiscovery } from '../../src/discovery/discovery.ts';
import type { CandidateDiscoveryAgent } from '../../src/discovery/discovery.ts';
import { INDEX_FILE_NAME } from '../../src/session-index/location.ts';
import { SessionReferenceResolver } from '../../src/plugin.ts';
import { bootCatalogHost, writeSessions, discoveryOptions } from '../support/catalog-host.ts';
import type { CatalogHost, SessionSpec } from '../support/catalog-host.ts';

const APP = '/work/app';
const SELF: CandidateDiscoveryAgent = { id: 'self', session: { header: { cwd: APP } } };
const STORED: SessionSpec[] = [
  { id: 'sess-a', cwd: APP, title: 'Build pipeline', said: 'the pipeline is slow', createdAt: 1_000 },
  { id: 'sess-b', cwd: APP, title: 'Deploy notes', said: 'deploy on friday', createdAt: 2_000 },
];

let root: string;
const hosts: CatalogHost[] = [];

async function boot(): Promise<CatalogHost> {
  const host = await bootCatalogHost({ root });
  hosts.push(host);
  return host;
}

/** Appends one completed user turn to a live session, as the agent loop logs it. */
function say(session: Session, text: string): void {
  const turn = session.seq;
  session.append('turn/start', { turn });
  session.append('user/message', createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'user' } }), {
    surfaceOp: 'append',
  });
  session.append('turn/end', { turn, reason: { kind: 'completed' } });
}

const ids = (candidates: readonly { sessionId: string }[]): string[] => candidates.map((candidate) => candidate.sessionId);
const found = async (discovery: CandidateDiscovery, query: string) =>
  (await discovery.list(SELF, query, 50)).map((candidate) => [candidate.sessionId, candidate.label, candidate.match?.in]);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-fresh-'));
  await writeSessions(root, STORED);
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const host of hosts.splice(0)) await host.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('this process’s changes', () => {
  it('show at the next keystroke, without a new listing: created, appended to, renamed, closed and deleted', async () => {
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions());
    await discovery.indexed();
    host.calls.reset();

    const fresh = host.create({ id: 'sess-new', cwd: APP, title: 'Flaky tests', said: 'the quokka test flakes', createdAt: 3_000 });
    expect(await found(discovery, 'flaky')).toEqual([['sess-new', 'Flaky tests', 'title']]);
    expect(await found(discovery, 'quokk')).toEqual([['sess-new', 'Flaky tests', 'body']]);

    say(fresh, 'now the wombat build fails');
    expect(await found(discovery, 'wombat')).toEqual([['sess-new', 'Flaky tests', 'body']]);

    host.rename(fresh, 'Wombat failures');
    expect(await found(discovery, 'flaky')).toEqual([]);
    expect(await found(discovery, 'wombat')).toEqual([['sess-new', 'Wombat failures', 'title']]);

    const resumed = await host.resume('sess-a');
    say(resumed, 'appended to a stored session: platypus');
    expect(await found(discovery, 'platypus')).toEqual([['sess-a', 'Build pipeline', 'body']]);

    await host.close(fresh);
    expect(await found(discovery, 'wombat')).toEqual([['sess-new', 'Wombat failures', 'title']]);

    const empty = host.create({ id: 'sess-empty', cwd: APP, createdAt: 4_000, empty: true });
    expect(ids(await discovery.list(SELF, 'sess-', 50))).toContain('sess-empty');
    await host.close(empty);
    expect(ids(await discovery.list(SELF, 'sess-', 50))).not.toContain('sess-empty');

    expect(host.calls.listings).toBe(0);
  });
});

describe('other processes', () => {
  it('share one index file: what one host writes shows in the other’s next keystroke', async () => {
    const path = join(root, 'index.sqlite');
    const [one, two] = [await boot(), await boot()];
    const first = new CandidateDiscovery(one.ctx, discoveryOptions({ indexPath: path }));
    const second = new CandidateDiscovery(two.ctx, discoveryOptions({ indexPath: path }));
    await first.indexed();
    await second.indexed();

    const elsewhere = two.create({ id: 'from-two', cwd: APP, title: 'Written by two', said: 'the narwhal migration', createdAt: 5_000 });
    expect(ids(await first.list(SELF, 'narwhal', 50))).toEqual([]);
    await two.close(elsewhere);
    await vi.waitFor(async () => {
      expect(await found(first, 'narwhal')).toEqual([['from-two', 'Written by two', 'body']]);
    });
    expect(await found(first, 'written by')).toEqual([['from-two', 'Written by two', 'title']]);

    const resumed = await one.resume('sess-b');
    say(resumed, 'an ocelot appeared');
    await vi.waitFor(async () => {
      expect(await found(second, 'ocelot')).toEqual([['sess-b', 'Deploy notes', 'body']]);
    });
  });

  it('are picked up from the listing once cacheTtlMs has passed, and a deleted session goes', async () => {
    const host = await boot();
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ cacheTtlMs: 2_000 }));
    await discovery.indexed();
    await writeSessions(root, [{ id: 'sess-x', cwd: APP, title: 'Headless one', said: 'the axolotl report', createdAt: 9_000 }], {
      projectionCache: false,
    });

    expect(ids(await discovery.list(SELF, 'sess-x', 50))).toEqual([]);
    now += 2_000;
    await discovery.list(SELF, '', 50);
    await vi.waitFor(async () => {
      expect(await found(discovery, 'axolotl')).toEqual([['sess-x', 'Headless one', 'body']]);
    });

    const project = readdirSync(join(root, 'sessions')).find((dir) => existsSync(join(root, 'sessions', dir, 'sess-a')))!;
    await rm(join(root, 'sessions', project, 'sess-a'), { recursive: true, force: true });
    now += 2_000;
    await discovery.list(SELF, '', 50);
    await vi.waitFor(async () => {
      expect(ids(await discovery.list(SELF, '', 50))).not.toContain('sess-a');
    });
    expect(await found(discovery, 'pipeline is')).toEqual([]);
  });
});

describe('the index file', () => {
  it('when corrupt, is set aside and rebuilt while the menu answers', async () => {
    const path = join(root, 'index.sqlite');
    writeFileSync(path, Buffer.alloc(16_384, 0x5a));
    const host = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ indexPath: path }));
    expect(discovery.index).toEqual({ path, problem: 'corrupt' });
    expect(existsSync(`${path}.aside`)).toBe(true);
    expect(ids(await discovery.list(SELF, '', 50))).toEqual(['sess-b', 'sess-a']);
    await discovery.indexed();
    expect(await found(discovery, 'friday')).toEqual([['sess-b', 'Deploy notes', 'body']]);
  });

  it('lives in the DSH home’s storage area when the host names its home, and in memory otherwise', async () => {
    const home = join(root, 'home');
    const host = await boot();
    host.ctx.provide('dshHomePath' as never, ((...segments: string[]) => join(home, ...segments)) as never);
    await host.ctx.plugin(SessionReferenceResolver, {});
    await vi.waitFor(() => {
      expect(existsSync(join(home, 'storages', INDEX_FILE_NAME))).toBe(true);
    });

    const bare = await boot();
    await bare.ctx.plugin(SessionReferenceResolver, {});
    expect(
      await bare.ctx.sessionReferenceResolver.listCandidates({ id: 'self', options: {}, session: { header: { cwd: APP } } }, ''),
    ).toHaveLength(2);
    expect(readdirSync(root).sort()).toEqual(['data', 'home', 'sessions']);
  });
});
