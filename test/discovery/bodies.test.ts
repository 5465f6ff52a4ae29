/** Body matches from the session index on real hosts: after every title, id and cwd match, by prefix and across scripts, with a snippet around the match, and no credential in the index's bytes. */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CandidateDiscovery } from '../../src/discovery/discovery.ts';
import type { CandidateDiscoveryAgent, CandidateDiscoveryOptions } from '../../src/discovery/discovery.ts';
import { SessionIndex } from '../../src/session-index/session-index.ts';
import { bootCatalogHost, writeSessions, discoveryOptions } from '../support/catalog-host.ts';
import type { CatalogHost, SessionSpec } from '../support/catalog-host.ts';

const APP = '/work/app';
const OTHER = '/work/other';
const SELF: CandidateDiscoveryAgent = { id: 'self', session: { header: { cwd: APP } } };

const CHATS: SessionSpec[] = [
  { id: 'chat-1', cwd: APP, title: 'Release prep', said: 'remember the zanzibarite rollout window before Friday', createdAt: 1_000 },
  { id: 'chat-2', cwd: OTHER, title: 'Zanzibarite dashboard', said: 'make the charts load faster', createdAt: 2_000 },
  { id: 'chat-3', title: 'Zanzibarite notes', said: 'nothing else', createdAt: 3_000 },
  { id: 'chat-4', cwd: APP, title: 'Unrelated', said: '构建缓存在周五之前很慢，需要检查', createdAt: 4_000 },
];

/** A GitHub-style token: the detector's documented format, assembled here so no literal credential sits in the source. */
const TOKEN = `ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6`;

let root: string;
const hosts: CatalogHost[] = [];

async function indexedDiscovery(
  over: Partial<CandidateDiscoveryOptions> = {},
): Promise<{ host: CatalogHost; discovery: CandidateDiscovery }> {
  const host = await bootCatalogHost({ root });
  hosts.push(host);
  const discovery = new CandidateDiscovery(host.ctx, discoveryOptions(over));
  await discovery.indexed();
  return { host, discovery };
}

const matches = (candidates: readonly { sessionId: string; match?: { in: string } }[]) => candidates.map((c) => [c.sessionId, c.match?.in]);
const snippetOf = (candidate: { match?: { in: string; snippet?: string } } | undefined): string => candidate?.match?.snippet ?? '';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-bodies-'));
});

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('body matches', () => {
  beforeEach(async () => {
    await writeSessions(root, CHATS);
  });

  it('come after every title match, with a snippet showing the match', async () => {
    const { discovery } = await indexedDiscovery();

    const candidates = await discovery.list(SELF, 'Zanzibarite', 50);

    expect(matches(candidates)).toEqual([
      ['chat-3', 'title'],
      ['chat-2', 'title'],
      ['chat-1', 'body'],
    ]);
    expect(candidates[2]).toMatchObject({ label: 'Release prep', cwd: APP, sameWorkspace: true, createdAt: 1_000 });
    expect(snippetOf(candidates[2])).toBe('remember the zanzibarite rollout window before Friday');
    expect(ids(await discovery.list(SELF, 'zanzibarite', 2))).toEqual(['chat-3', 'chat-2']);
    expect(await discovery.list({ ...SELF, id: 'chat-1' }, 'rollout', 50)).toEqual([]);
    expect((await discovery.list(SELF, '', 50)).every((candidate) => candidate.match === undefined)).toBe(true);
  });

  it('match a typed prefix and a substring: "zanz" finds "zanzibarite", "ollou" finds "rollout"', async () => {
    const { discovery } = await indexedDiscovery();
    expect(matches(await discovery.list(SELF, 'rollo', 50))).toEqual([['chat-1', 'body']]);
    expect(matches(await discovery.list(SELF, 'ollou', 50))).toEqual([['chat-1', 'body']]);
    const typed = 'zanzibarite';
    for (let length = 3; length <= typed.length; length++) {
      expect(matches(await discovery.list(SELF, typed.slice(0, length), 50))).toContainEqual(['chat-1', 'body']);
    }
  });

  it('match across scripts, two characters of a script without spaces included', async () => {
    const { discovery } = await indexedDiscovery();
    const found = await discovery.list(SELF, '缓存在', 50);
    expect(matches(found)).toEqual([['chat-4', 'body']]);
    expect(snippetOf(found[0])).toContain('缓存在');
    expect(matches(await discovery.list(SELF, '缓存', 50))).toEqual([['chat-4', 'body']]);
  });

  it('never read a log at a keystroke', async () => {
    const { host, discovery } = await indexedDiscovery();
    host.calls.reset();
    for (const typed of ['z', 'za', 'zan', 'zanz', 'zanzi', 'rollout', '缓存']) await discovery.list(SELF, typed, 50);
    expect(host.calls.logReads).toEqual([]);
  });
});

describe('snippets', () => {
  it('show a match deep in a long message, centred, at most 160 characters with … where cut', async () => {
    const said = `${'lorem ipsum dolor '.repeat(60)}the quasar telescope alignment ${'sit amet consectetur '.repeat(60)}`;
    await writeSessions(root, [{ id: 'long', cwd: APP, title: 'Long one', said, createdAt: 1_000 }]);
    const { discovery } = await indexedDiscovery();
    const snippet = snippetOf((await discovery.list(SELF, 'quasar', 50))[0]);
    expect(snippet).toContain('quasar telescope');
    expect(Array.from(snippet).length).toBeLessThanOrEqual(160);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });
});

describe('credentials', () => {
  const LEAKY: SessionSpec[] = [
    { id: 'leaky', cwd: APP, title: 'Deploy notes', said: `the quokka deploy uses ${TOKEN} for now`, createdAt: 1_000 },
  ];

  function indexBytes(path: string): Buffer {
    return Buffer.concat([path, `${path}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
  }

  it('never reach the index file: the text is redacted before it is written', async () => {
    await writeSessions(root, LEAKY);
    const path = join(root, 'index.sqlite');
    const { host, discovery } = await indexedDiscovery({ indexPath: path });
    const [found] = await discovery.list(SELF, 'quokka', 50);
    expect(snippetOf(found)).toContain('[REDACTED');
    expect(snippetOf(found)).not.toContain(TOKEN);
    await host.dispose();
    hosts.splice(hosts.indexOf(host), 1);
    const bytes = indexBytes(path);
    expect(bytes.includes('quokka')).toBe(true);
    for (let at = 0; at + 12 <= TOKEN.length; at += 4) expect(bytes.includes(TOKEN.slice(at, at + 12))).toBe(false);
    const reader = SessionIndex.open(path, { readOnly: true });
    expect(reader.all()).toMatchObject([{ id: 'leaky', raw: false }]);
    reader.close();
  });

  it('are stored as they are with redactSecrets off, and a redacting process neither shows nor keeps them', async () => {
    await writeSessions(root, LEAKY);
    const path = join(root, 'index.sqlite');
    const raw = await indexedDiscovery({ indexPath: path, redactSecrets: false });
    expect(snippetOf((await raw.discovery.list(SELF, 'quokka', 50))[0])).toContain(TOKEN);
    await raw.host.dispose();
    hosts.splice(hosts.indexOf(raw.host), 1);
    expect(indexBytes(path).includes(TOKEN)).toBe(true);

    const host = await bootCatalogHost({ root });
    hosts.push(host);
    const careful = new CandidateDiscovery(host.ctx, discoveryOptions({ indexPath: path }));
    expect(snippetOf((await careful.list(SELF, 'quokka', 50))[0])).not.toContain(TOKEN);
    await careful.indexed();
    expect(snippetOf((await careful.list(SELF, 'quokka', 50))[0])).toContain('[REDACTED');
    await host.dispose();
    hosts.splice(hosts.indexOf(host), 1);
    const reader = SessionIndex.open(path, { readOnly: true });
    expect(reader.all()).toMatchObject([{ id: 'leaky', raw: false }]);
    reader.close();
  });
});

function ids(candidates: readonly { sessionId: string }[]): string[] {
  return candidates.map((candidate) => candidate.sessionId);
}
