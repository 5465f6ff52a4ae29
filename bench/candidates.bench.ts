/** Benchmark: `@`-menu keystrokes of candidate discovery against 1,000 and 10,000 persisted sessions, relative to one host `listSessions()`. */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Session } from '@deepseek-ai/dsh-session';
import { checkpointRecord, projectionCacheDomainSpec } from '@deepseek-ai/dsh-session-projection-cache';
import type { CheckpointRecord } from '@deepseek-ai/dsh-session-projection-cache';
import { rankCandidates } from '../src/core/candidates.ts';
import { CandidateDiscovery } from '../src/host/discovery.ts';
import { bootCatalogHost } from '../test/support/catalog-host.ts';
import type { SessionSpec } from '../test/support/catalog-host.ts';

/** Store sizes and how many rounds each is measured for. */
const SIZES: ReadonlyArray<readonly [sessions: number, rounds: number]> = [
  [1_000, 9],
  [10_000, 5],
];
const FIXTURE_VERSION = 1;
const BATCH = 250;
const LIMIT = 50;
const CACHE_TTL_MS = 2_000;
const TYPED = 'build cache';
const VERBS = ['build', 'fix', 'deploy', 'review', 'refactor', 'test', 'debug', 'write'];
const NOUNS = ['cache', 'api', 'docs', 'pipeline', 'login', 'parser', 'bundle', 'schema'];
const PROJECTS = Array.from({ length: 20 }, (_, i) => `/home/dev/proj-${String(i).padStart(2, '0')}`);
const AGENT = { id: 'bench-agent', session: { header: { cwd: PROJECTS[3]! } } };

/** The fixture's sessions: deterministic titles, cwds (one in ten without) and creation times. */
function specs(count: number): SessionSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const title = `${VERBS[i % VERBS.length]} ${NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]} #${i}`;
    const id = `bench-${String(i).padStart(5, '0')}`;
    const createdAt = 1_700_000_000_000 + i * 1_000;
    return i % 10 === 9 ? { id, title, createdAt } : { id, title, createdAt, cwd: PROJECTS[i % PROJECTS.length]! };
  });
}

/**
 * Writes `count` titled sessions through the real store and JSONL persistence, in batches. The
 * projection-cache checkpoints are the registry's own `checkpoint()` rows, validated by the cache's
 * record schema, written as one `session_projcache` document in the JSON backend's format: the
 * cache's per-session write rewrites the whole document, which is quadratic at this scale.
 */
async function buildFixture(root: string, count: number): Promise<void> {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const host = await bootCatalogHost({ root, projectionCache: false });
  const records: Record<string, CheckpointRecord> = {};
  try {
    const all = specs(count);
    for (let start = 0; start < all.length; start += BATCH) {
      const sessions: Session[] = all.slice(start, start + BATCH).map((spec) => host.create(spec));
      await Promise.all(sessions.map((session) => host.ctx.sessions.flush(session)));
      for (const session of sessions) {
        const { createdAt, cwd } = session.header;
        records[session.id] = checkpointRecord.parse({
          identity: cwd === undefined ? { createdAt } : { createdAt, cwd },
          rows: host.ctx.sessionProjections.checkpoint(session),
        });
      }
      await Promise.all(sessions.map((session) => host.close(session)));
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
  await writeFile(join(root, 'data', `${projectionCacheDomainSpec.name}.json`), `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(join(root, 'ready'), `${count}\n`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
}

interface Row {
  sessions: number;
  rounds: number;
  list: number;
  first: number;
  firstRatio: number;
  following: number;
  followingRatio: number;
  own: number;
  logReads: number;
}

/**
 * Each round lists the store once and types the query into a fresh discovery, alternating which
 * goes first; ratios are taken within a round (adjacent in time), then the medians reported.
 */
async function measure(root: string, count: number, rounds: number): Promise<Row> {
  const host = await bootCatalogHost({ root });
  try {
    host.create({ id: AGENT.id, cwd: AGENT.session.header.cwd, empty: true });
    const expected = rankCandidates(
      specs(count)
        .map((spec) => ({ sessionId: spec.id, label: spec.title!, createdAt: spec.createdAt!, ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }) }))
        .reverse(),
      { selfId: AGENT.id, agentCwd: AGENT.session.header.cwd, query: TYPED, limit: LIMIT },
    );
    await host.ctx.sessionQuery.listSessions();
    const lists: number[] = [];
    const firsts: number[] = [];
    const followingAll: number[] = [];
    const firstRatios: number[] = [];
    const followingRatios: number[] = [];
    host.calls.reset();
    for (let round = 0; round < rounds; round++) {
      let list = 0;
      let first = 0;
      const following: number[] = [];
      const listOnce = async (): Promise<void> => {
        const [ms, listed] = await time(() => host.ctx.sessionQuery.listSessions());
        if (listed.length !== count + 1) throw new Error(`listed ${listed.length} sessions, expected ${count + 1}`);
        list = ms;
      };
      const typeQuery = async (): Promise<void> => {
        let discovery!: CandidateDiscovery;
        const fiber = host.ctx.plugin((ctx) => {
          discovery = new CandidateDiscovery(ctx, { cacheTtlMs: CACHE_TTL_MS });
        });
        await fiber;
        let last: unknown;
        for (let typed = 1; typed <= TYPED.length; typed++) {
          const [ms, result] = await time(() => discovery.list(AGENT, TYPED.slice(0, typed), LIMIT));
          if (typed === 1) first = ms;
          else following.push(ms);
          last = result;
        }
        await fiber.dispose();
        if (JSON.stringify(last) !== JSON.stringify(expected)) throw new Error(`round ${round}: unexpected candidates for "${TYPED}"`);
      };
      if (round % 2 === 0) {
        await listOnce();
        await typeQuery();
      } else {
        await typeQuery();
        await listOnce();
      }
      lists.push(list);
      firsts.push(first);
      followingAll.push(...following);
      firstRatios.push(first / list);
      followingRatios.push(median(following) / list);
    }
    const listed = await host.ctx.sessionQuery.listSessions();
    const engine = host.ctx.sessionQuery;
    const realList = engine.listSessions;
    engine.listSessions = async () => structuredClone(listed);
    const owns: number[] = [];
    try {
      for (let round = 0; round < rounds; round++) {
        let discovery!: CandidateDiscovery;
        const fiber = host.ctx.plugin((ctx) => {
          discovery = new CandidateDiscovery(ctx, { cacheTtlMs: CACHE_TTL_MS });
        });
        await fiber;
        const [ms] = await time(() => discovery.list(AGENT, TYPED.slice(0, 1), LIMIT));
        owns.push(ms);
        await fiber.dispose();
      }
    } finally {
      engine.listSessions = realList;
    }
    return {
      sessions: count,
      rounds,
      list: median(lists),
      first: median(firsts),
      firstRatio: median(firstRatios),
      following: median(followingAll),
      followingRatio: median(followingRatios),
      own: median(owns),
      logReads: host.calls.logReads.length,
    };
  } finally {
    await host.dispose();
  }
}

const rows: Row[] = [];
for (const [count, rounds] of SIZES) {
  const root = resolve('.bench', `candidates-${count}-v${FIXTURE_VERSION}`);
  if (!existsSync(join(root, 'ready'))) {
    const [ms] = await time(() => buildFixture(root, count));
    console.error(`built ${count}-session fixture in ${(ms / 1_000).toFixed(1)} s at ${root}`);
  }
  rows.push(await measure(root, count, rounds));
}

const ms = (value: number): string => value.toFixed(1);
const ratio = (value: number): string => `${value.toFixed(3)}×`;
console.log(`Typed query "${TYPED}" (${TYPED.length} keystrokes), limit ${LIMIT}, cacheTtlMs ${CACHE_TTL_MS}; medians over the rounds; ratios are per round, to that round's \`listSessions()\`.`);
console.log("Own cost: the first keystroke with the listing served from memory (a clone of one listSessions() result) — discovery's labelling and ranking alone.");
console.log('');
console.log('| sessions | rounds | `listSessions()` ms | first keystroke ms | first / list | following keystrokes, median ms | following / list | own cost of first keystroke ms | log reads |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.sessions.toLocaleString('en-US')} | ${row.rounds} | ${ms(row.list)} | ${ms(row.first)} | ${ratio(row.firstRatio)} | ${ms(row.following)} | ${ratio(row.followingRatio)} | ${ms(row.own)} | ${row.logReads} |`,
  );
}
