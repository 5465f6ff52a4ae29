/** The CLI's session index: the home's own, read without writing a byte, when it is current; else one built in memory. */
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openCandidateIndex } from '../../src/cli/candidates-command.ts';
import { loadConfig } from '../../src/config.ts';
import { CandidateDiscovery } from '../../src/discovery/discovery.ts';
import { INDEX_FILE_NAME } from '../../src/session-index/location.ts';
import { bootCatalogHost, writeSessions } from '../support/catalog-host.ts';

const AGENT = { id: 'cli-agent', session: { header: { cwd: '/work/app' } } };
let home: string;

/** Every file under the home with its size and modification time. */
function snapshot(): string[] {
  return readdirSync(home, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(path);
      return `${path} ${size} ${mtimeMs}`;
    })
    .sort();
}

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'dsh-cli-index-'));
  await writeSessions(home, [
    { id: 'sess-a', cwd: '/work/app', title: 'Build pipeline', said: 'the okapi build is slow', createdAt: 1_000 },
    { id: 'sess-b', cwd: '/work/app', title: 'Deploy notes', said: 'deploy on friday', createdAt: 2_000 },
  ]);
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

it("answers from the home's current index without writing into the home, and from one in memory once the index is behind", async () => {
  const indexPath = join(home, 'storages', INDEX_FILE_NAME);
  const writer = await bootCatalogHost({ root: home });
  await new CandidateDiscovery(writer.ctx, {
    cacheTtlMs: 60_000,
    indexPath,
    titleBackfill: 'background',
    redactSecrets: true,
    firstTitlesWaitMs: 0,
  }).indexed();
  await writer.dispose();

  const before = snapshot();
  const host = await bootCatalogHost({ root: home });
  try {
    const current = await openCandidateIndex(host.ctx, home, loadConfig({}));
    expect(current.source).toBe('home');
    expect((await current.discovery.list(AGENT, 'okap', 50)).map((c) => [c.sessionId, c.match?.in])).toEqual([['sess-a', 'body']]);
    await current.dispose();
    expect(snapshot()).toEqual(before);
  } finally {
    await host.dispose();
  }

  await writeSessions(home, [{ id: 'sess-c', cwd: '/work/app', title: 'Later one', said: 'the tapir report', createdAt: 3_000 }]);
  const after = snapshot();
  const later = await bootCatalogHost({ root: home });
  try {
    const behind = await openCandidateIndex(later.ctx, home, loadConfig({}));
    expect(behind.source).toBe('memory');
    expect((await behind.discovery.list(AGENT, 'tapir', 50)).map((c) => [c.sessionId, c.label])).toEqual([['sess-c', 'Later one']]);
    await behind.dispose();
    expect(snapshot()).toEqual(after);
  } finally {
    await later.dispose();
  }
});
