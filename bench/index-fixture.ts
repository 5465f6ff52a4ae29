/** The benches' DSH homes: sessions of 20 chat messages written through the real store and JSONL persistence, with projection-cache checkpoints. */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { checkpointRecord, projectionCacheDomainSpec } from '@deepseek-ai/dsh-session-projection-cache';
import type { CheckpointRecord } from '@deepseek-ai/dsh-session-projection-cache';
import { bootCatalogHost } from '../test/support/catalog-host.ts';
import { writeSession } from '../test/support/write-session.ts';
import { chatSessions } from './chat-corpus.ts';
import type { ChatSession } from './chat-corpus.ts';

const FIXTURE_VERSION = 1;
const BATCH = 50;

/** Where the home of `count` sessions is kept between runs. */
export function fixtureRoot(count: number): string {
  return resolve('.bench', `index-home-${count}-v${FIXTURE_VERSION}`);
}

/**
 * Writes `sessions` as a home under `root`: `sessions/` (zstd JSONL, as dsh writes it) and `data/` holding
 * the projection cache's checkpoints, computed by the host's registry from each written log and saved as the
 * JSON backend's one document (the cache's own per-session write rewrites the whole document each time).
 */
async function build(root: string, sessions: readonly ChatSession[]): Promise<void> {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const host = await bootCatalogHost({ root, projectionCache: false });
  const records: Record<string, CheckpointRecord> = {};
  try {
    for (let start = 0; start < sessions.length; start += BATCH) {
      await Promise.all(
        sessions.slice(start, start + BATCH).map(async (spec) => {
          const written = await writeSession(host, {
            id: spec.id,
            createdAt: spec.createdAt,
            ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
            title: spec.title,
            items: spec.messages.map((text, i) => (i % 2 === 0 ? { kind: 'user' as const, text } : { kind: 'assistant' as const, text })),
          });
          records[spec.id] = checkpointRecord.parse({
            identity: spec.cwd === undefined ? { createdAt: spec.createdAt } : { createdAt: spec.createdAt, cwd: spec.cwd },
            rows: host.ctx.sessionProjections.restore({}, written.events, 0).checkpoint,
          });
        }),
      );
    }
  } finally {
    await host.dispose();
  }
  const document = {
    unit: { name: projectionCacheDomainSpec.name, version: projectionCacheDomainSpec.version },
    global: null,
    tables: { sessions: records },
  };
  await mkdir(join(root, 'data'), { recursive: true });
  await writeFile(join(root, 'data', `${projectionCacheDomainSpec.name}.json`), `${JSON.stringify(document)}\n`);
  await writeFile(join(root, 'ready'), `${sessions.length}\n`);
}

/** The home of `count` sessions (built on first use), and the sessions it holds. */
export async function benchHome(count: number): Promise<{ root: string; sessions: ChatSession[] }> {
  const root = fixtureRoot(count);
  const sessions = chatSessions(count);
  if (!existsSync(join(root, 'ready'))) {
    const started = performance.now();
    await build(root, sessions);
    console.error(`built the ${count}-session home in ${((performance.now() - started) / 1000).toFixed(1)} s at ${root}`);
  }
  return { root, sessions };
}

/** Bytes of every file under `dir`. */
export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}
