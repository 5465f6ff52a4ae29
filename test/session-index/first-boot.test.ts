/** The first boot on a never-indexed home: the first keystroke answers from the log heads before the host's listing settles, titles come before bodies, and a later rename corrects a head title. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionRecord } from '@deepseek-ai/dsh-session-query';
import { CandidateDiscovery } from '../../src/discovery/discovery.ts';
import type { CandidateDiscoveryOptions } from '../../src/discovery/discovery.ts';
import { inflateFrameSync, parseLogHead } from '../../src/session-index/log-heads.ts';
import { bootCatalogHost, discoveryOptions, writeSessions } from '../support/catalog-host.ts';
import type { CatalogHost, CatalogHostOptions, SessionSpec } from '../support/catalog-host.ts';

const APP = '/work/app';
const AGENT = { id: 'self', session: { header: { cwd: APP } } };
const HEADLESS: SessionSpec[] = Array.from({ length: 6 }, (_, i) => ({
  id: `head-${i}`,
  cwd: i % 2 === 0 ? APP : '/work/other',
  title: `Headless task ${i}`,
  said: `please do task number ${i}`,
  createdAt: 1_000 + i,
}));
/** Newest first, as the menu shows them with nothing typed (same workspace first). */
const SHOWN = ['head-4', 'head-2', 'head-0', 'head-5', 'head-3', 'head-1'];
const titleOf = (id: string): string => `Headless task ${id.slice(5)}`;

let root: string;
const hosts: CatalogHost[] = [];
const fibers: { dispose: () => Promise<unknown> }[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-first-boot-'));
});

afterEach(async () => {
  for (const fiber of fibers.splice(0)) await fiber.dispose();
  vi.restoreAllMocks();
  for (const host of hosts.splice(0)) await host.dispose();
  await rm(root, { recursive: true, force: true });
});

async function boot(over: Omit<CatalogHostOptions, 'root'> = {}): Promise<CatalogHost> {
  const host = await bootCatalogHost({ root, projectionCache: false, ...over });
  hosts.push(host);
  return host;
}

/** A discovery over an index file that does not exist yet (a never-indexed home), in its own fiber. */
async function mount(host: CatalogHost, over: Partial<CandidateDiscoveryOptions> = {}): Promise<CandidateDiscovery> {
  let discovery!: CandidateDiscovery;
  const fiber = host.ctx.plugin((ctx) => {
    discovery = new CandidateDiscovery(ctx, discoveryOptions({ indexPath: join(root, 'index.sqlite'), ...over }));
  });
  await fiber;
  fibers.push(fiber);
  return discovery;
}

/** Makes the host's listing wait until `release` (or for ever). */
function holdListing(host: CatalogHost): { release: (keep?: (record: SessionRecord) => boolean) => void; calls: () => number } {
  const list = host.ctx.sessionQuery.listSessions.bind(host.ctx.sessionQuery);
  let open!: (keep: (record: SessionRecord) => boolean) => void;
  const gate = new Promise<(record: SessionRecord) => boolean>((resolve) => (open = resolve));
  const spy = vi.spyOn(host.ctx.sessionQuery, 'listSessions').mockImplementation(async (signal?: AbortSignal) => {
    const keep = await gate;
    return (await list(signal)).filter(keep);
  });
  return {
    release: (keep = () => true) => {
      open(keep);
    },
    calls: () => spy.mock.calls.length,
  };
}

/**
 * Holds every whole-log read until `release`: the host's listing is held (a body is read only once
 * the listing has come), and each whole-log read is counted where it starts, at the persistence's
 * `locate` of that session's log.
 */
function holdBodies(host: CatalogHost): { release: () => void; calls: () => number } {
  const listing = holdListing(host);
  const persistence = host.ctx.sessionPersistence;
  const wanted = new Set(HEADLESS.map((session) => session.id));
  const locate = vi.spyOn(persistence, 'locate');
  return {
    release: () => {
      listing.release();
    },
    calls: () => locate.mock.calls.filter(([header]) => wanted.has(header.id)).length,
  };
}

const ids = (candidates: readonly { sessionId: string }[]): string[] => candidates.map((candidate) => candidate.sessionId);
const labels = (candidates: readonly { label: string }[]): string[] => candidates.map((candidate) => candidate.label);

describe('the first keystroke on a never-indexed home', () => {
  it.each(['zstd', 'none'] as const)('answers, titled, while the host listing has not settled (%s logs)', async (compression) => {
    await writeSessions(root, HEADLESS, { projectionCache: false, compression });
    const host = await boot({ compression });
    const listing = holdListing(host);
    const discovery = await mount(host);

    const first = await discovery.list(AGENT, '', 50);

    expect(ids(first)).toEqual(SHOWN);
    expect(labels(first)).toEqual(SHOWN.map(titleOf));
    expect(listing.calls()).toBeGreaterThan(0);
    // typing filters what is known, still without the listing
    expect(ids(await discovery.list(AGENT, 'task 3', 50))).toEqual(['head-3']);
  });

  it('takes the host listing as the truth for presence once it arrives', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    const host = await boot();
    const listing = holdListing(host);
    const discovery = await mount(host);
    expect(ids(await discovery.list(AGENT, '', 50))).toEqual(SHOWN);

    listing.release((record) => record.header.id !== 'head-2');
    await vi.waitFor(async () => {
      expect(ids(await discovery.list(AGENT, '', 50))).toEqual(SHOWN.filter((id) => id !== 'head-2'));
    });
  });

  it('waits for the host listing as before when the walk finds nothing', async () => {
    const host = await boot();
    host.create({ id: 'live-1', cwd: APP, title: 'Open here' });
    const discovery = await mount(host);
    expect(labels(await discovery.list(AGENT, '', 50))).toEqual(['Open here']);
  });
});

describe('titles before bodies', () => {
  it('shows every title from the log heads while no whole log has been read', async () => {
    await writeSessions(root, HEADLESS, { projectionCache: false });
    const host = await boot();
    const bodies = holdBodies(host);
    const discovery = await mount(host);

    const first = await discovery.list(AGENT, '', 50);

    expect(labels(first)).toEqual(SHOWN.map(titleOf));
    expect(bodies.calls()).toBe(0);
    expect(ids(await discovery.list(AGENT, 'number 4', 50))).toEqual([]);
    // the bodies come after: released, every session's texts are indexed and found
    bodies.release();
    await discovery.indexed();
    expect(bodies.calls()).toBe(HEADLESS.length);
    expect(ids(await discovery.list(AGENT, 'number 4', 50))).toEqual(['head-4']);
  });

  it('leaves titles to checkpoints and live projections with titleBackfill off', async () => {
    await writeSessions(root, HEADLESS.slice(0, 2), { projectionCache: false });
    const host = await boot();
    const discovery = await mount(host, { titleBackfill: 'off' });
    expect(labels(await discovery.list(AGENT, '', 50))).toEqual(['head-0', 'head-1']);
  });

  it('takes a checkpoint title over a head title', async () => {
    await writeSessions(root, [{ id: 'ck', cwd: APP, title: 'Named first', createdAt: 1_000 }]);
    let host = await boot({ projectionCache: true });
    const session = await host.resume('ck');
    host.rename(session, 'Renamed later');
    await host.close(session);
    await host.dispose();
    hosts.splice(0);
    host = await boot({ projectionCache: true });
    holdListing(host);
    holdBodies(host);
    const discovery = await mount(host);
    expect(labels(await discovery.list(AGENT, '', 50))).toEqual(['Renamed later']);
  });
});

describe('a rename after the first title', () => {
  it('shows the head title first and the newest title once the body is read', async () => {
    await writeSessions(root, [{ id: 'renamed', cwd: APP, title: 'First name', said: 'hello', createdAt: 1_000 }], {
      projectionCache: false,
    });
    let host = await boot();
    const session = await host.resume('renamed');
    host.rename(session, 'Second name');
    await host.close(session);
    await host.dispose();
    hosts.splice(0);

    host = await boot();
    const bodies = holdBodies(host);
    const discovery = await mount(host);
    expect(labels(await discovery.list(AGENT, '', 50))).toEqual(['First name']);

    bodies.release();
    await discovery.indexed();
    expect(labels(await discovery.list(AGENT, '', 50))).toEqual(['Second name']);
  });
});

describe('parseLogHead', () => {
  it('reads the header and the events up to the first title of a head cut anywhere', async () => {
    const header = '{"type":"session","version":0,"id":"a","createdAt":5,"cwd":"/w","delegationDepth":0}\n';
    const title = '{"type":"session/title","seq":1,"time":1,"data":{"title":"T","messageSeqs":[],"source":{"kind":"user"}}}\n';
    const text = `${header}{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}\n${title}`;
    expect(parseLogHead(Buffer.from(text), 'none')).toMatchObject({ header: { id: 'a', createdAt: 5, cwd: '/w' }, title: { seq: 1 } });
    expect(parseLogHead(Buffer.from(text.slice(0, -3)), 'none')).toEqual({
      header: { id: 'a', createdAt: 5, cwd: '/w', delegationDepth: 0 },
    });
    const quoted = JSON.stringify({ type: 'user/message', seq: 0, data: { text: `\n${title}` } });
    expect(parseLogHead(Buffer.from(`${header}${quoted}\n`), 'none')).toEqual({
      header: { id: 'a', createdAt: 5, cwd: '/w', delegationDepth: 0 },
    });
    expect(parseLogHead(Buffer.from(header.slice(0, 20)), 'none')).toBeUndefined();
    expect(parseLogHead(Buffer.from('{"type":"turn/start"}\n'), 'none')).toBeUndefined();
    const turn = '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}\n';
    const frames = Buffer.concat([header, turn, title].map((line) => zstdCompressSync(line)));
    expect(parseLogHead(frames, 'zstd')).toMatchObject({ header: { id: 'a', createdAt: 5, cwd: '/w' }, title: { seq: 1 } });
    expect(parseLogHead(frames.subarray(0, frames.length - 3), 'zstd')).toEqual({
      header: { id: 'a', createdAt: 5, cwd: '/w', delegationDepth: 0 },
    });
    expect(inflateFrameSync(Buffer.from('not zstd at all'), 0, 1024)).toBeUndefined();
    expect(parseLogHead(Buffer.from('not zstd at all'), 'zstd')).toBeUndefined();
  });
});
