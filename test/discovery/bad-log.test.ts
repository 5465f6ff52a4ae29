/** One log of random bytes among healthy ones, on real hosts: keystrokes answer with the healthy sessions on a fresh home and on an indexed one, sessions of other processes still appear, the bad one is left out and logged once, and a host listing that works again wins. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import type { SessionId } from '@deepseek-ai/dsh-session';
import { CandidateDiscovery } from '../../src/discovery/discovery.ts';
import type { CandidateDiscoveryAgent } from '../../src/discovery/discovery.ts';
import { bootCatalogHost, writeSessions, discoveryOptions } from '../support/catalog-host.ts';
import type { CatalogHost, SessionSpec } from '../support/catalog-host.ts';

const APP = '/work/app';
const SELF: CandidateDiscoveryAgent = { id: 'self', session: { header: { cwd: APP } } };
const STORED: SessionSpec[] = [
  { id: 'sess-a', cwd: APP, title: 'Build pipeline', said: 'the pipeline is slow', createdAt: 1_000 },
  { id: 'sess-b', cwd: APP, title: 'Deploy notes', said: 'deploy on friday', createdAt: 2_000 },
];

let root: string;
const hosts: { host: CatalogHost; warnings: string[] }[] = [];

async function boot(): Promise<{ host: CatalogHost; warnings: string[] }> {
  const host = await bootCatalogHost({ root });
  const warnings: string[] = [];
  host.ctx.logger.exporter({
    levels: { default: 3 },
    export: (message) => {
      if (message.name === 'session-reference' && message.type === 'warn') warnings.push(String(message.args[0]));
    },
  });
  const booted = { host, warnings };
  hosts.push(booted);
  return booted;
}

/** Writes 4 KiB of random bytes where the store keeps the log of session `id`. */
function writeBadLog(host: CatalogHost, id: string): string {
  const located = host.ctx.sessionPersistence.locate({ version: SESSION_FORMAT_VERSION, id: id as SessionId, createdAt: 0, cwd: APP });
  if (located?.kind !== 'jsonl') throw new Error('the catalog host keeps one JSONL file per session');
  mkdirSync(dirname(located.path), { recursive: true });
  writeFileSync(located.path, randomBytes(4096));
  return located.path;
}

const ids = (candidates: readonly { sessionId: string }[]): string[] => candidates.map((candidate) => candidate.sessionId);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-badlog-'));
  await writeSessions(root, STORED);
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const { host } of hosts.splice(0)) await host.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('a session log of random bytes', () => {
  it('fails the host’s own listing (the fault this guards against)', async () => {
    const { host } = await boot();
    writeBadLog(host, 'sess-bad');
    await expect(host.ctx.sessionQuery.listSessions()).rejects.toThrow();
  });

  it('on a fresh home, costs only its own session: every keystroke answers with the healthy ones, and it is logged once', async () => {
    const { host, warnings } = await boot();
    const path = writeBadLog(host, 'sess-bad');
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ cacheTtlMs: 0 }));
    expect(ids(await discovery.list(SELF, '', 50))).toEqual(['sess-b', 'sess-a']);
    expect(ids(await discovery.list(SELF, 'deploy', 50))).toEqual(['sess-b']);
    expect(ids(await discovery.list(SELF, 'sess-bad', 50))).toEqual([]);
    await discovery.indexed();
    expect(ids(await discovery.list(SELF, 'pipeline', 50))).toEqual(['sess-a']);
    const logged = warnings.filter((warning) => warning.includes(path));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('left out');
  });

  it('on an indexed home, does not hide the sessions other processes create', async () => {
    const path = join(root, 'index.sqlite');
    const { host } = await boot();
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ indexPath: path, cacheTtlMs: 0 }));
    await discovery.indexed();
    expect(ids(await discovery.list(SELF, '', 50))).toEqual(['sess-b', 'sess-a']);

    writeBadLog(host, 'sess-bad');
    await writeSessions(root, [{ id: 'sess-other', cwd: APP, title: 'From elsewhere', said: 'the narwhal migration', createdAt: 3_000 }]);
    await vi.waitFor(async () => {
      expect(ids(await discovery.list(SELF, '', 50))).toEqual(['sess-other', 'sess-b', 'sess-a']);
    });
    await vi.waitFor(async () => {
      expect(ids(await discovery.list(SELF, 'narwhal', 50))).toEqual(['sess-other']);
    });
  });

  it('is listed around only while the host’s listing fails: once it works again, its answer wins', async () => {
    const { host } = await boot();
    const outcomes: string[] = [];
    const query = host.ctx.sessionQuery;
    const original = query.listSessions.bind(query);
    Object.assign(query, {
      listSessions: (signal?: AbortSignal) =>
        original(signal).then(
          (records) => {
            outcomes.push('listed');
            return records;
          },
          (error: unknown) => {
            outcomes.push('rejected');
            throw error;
          },
        ),
    });
    const bad = writeBadLog(host, 'sess-bad');
    const discovery = new CandidateDiscovery(host.ctx, discoveryOptions({ cacheTtlMs: 0 }));
    expect(ids(await discovery.list(SELF, '', 50))).toEqual(['sess-b', 'sess-a']);
    expect(outcomes).toContain('rejected');
    expect(outcomes).not.toContain('listed');
    await rm(dirname(bad), { recursive: true, force: true });
    await vi.waitFor(async () => {
      expect(ids(await discovery.list(SELF, '', 50))).toEqual(['sess-b', 'sess-a']);
      expect(outcomes).toContain('listed');
    });
  });
});
