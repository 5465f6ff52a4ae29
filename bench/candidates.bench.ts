/**
 * Benchmark of the `@` menu's candidate discovery, each figure next to the host's own operation in the same run:
 * 1. keystrokes against 1,000 and 10,000 persisted sessions, relative to one host `listSessions()`;
 * 2. the labelling pass at 10,000 sessions through Cordis' tracing proxies (what discovery does) and around them;
 * 3. the title backfill of 1,000 headless-written sessions, relative to the host's own `coldSnapshot` of the same
 *    sessions back to back, and the time until all of them are labelled;
 * 4. keystrokes at 10,000 sessions while a backfill of 1,000 of them runs, against the same typing without one;
 * 5. keystrokes with the SQLite full-text engine at 1,000 and 10,000 sessions, and its first (index-building) search.
 *
 * Run: npm run bench -- candidates, or node --experimental-strip-types --expose-gc bench/candidates.bench.ts.
 * BENCH_CANDIDATES=keystrokes,labels,backfill,typing,body picks sections (default: all).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { symbols } from '@deepseek-ai/cordis';
import type { Context } from '@deepseek-ai/cordis';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { Session, SessionHeader } from '@deepseek-ai/dsh-session';
import { checkpointRecord, projectionCacheDomainSpec } from '@deepseek-ai/dsh-session-projection-cache';
import type { CheckpointRecord } from '@deepseek-ai/dsh-session-projection-cache';
import type { DomainChanged } from '@deepseek-ai/dsh-storage-domain';
import { rankCandidates } from '../src/discovery/rank.ts';
import { SessionListing } from '../src/discovery/listing-cache.ts';
import { CandidateDiscovery } from '../src/discovery/discovery.ts';
import type { CandidateDiscoveryOptions } from '../src/discovery/discovery.ts';
import { openLabeller } from '../src/discovery/labels.ts';
import { bootCatalogHost } from '../test/support/catalog-host.ts';
import type { CatalogHost, SessionSpec } from '../test/support/catalog-host.ts';

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
        .map((spec) => ({
          sessionId: spec.id,
          label: spec.title!,
          createdAt: spec.createdAt!,
          ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
        }))
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

const SECTIONS = new Set((process.env.BENCH_CANDIDATES ?? 'keystrokes,labels,backfill,typing,body').split(',').map((name) => name.trim()));
const ms = (value: number): string => value.toFixed(1);
const ratio = (value: number): string => `${value.toFixed(3)}×`;
const fixtureRoot = (count: number): string => resolve('.bench', `candidates-${count}-v${FIXTURE_VERSION}`);

async function fixture(count: number): Promise<string> {
  const root = fixtureRoot(count);
  if (!existsSync(join(root, 'ready'))) {
    const [took] = await time(() => buildFixture(root, count));
    console.error(`built ${count}-session fixture in ${(took / 1_000).toFixed(1)} s at ${root}`);
  }
  return root;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A scratch root whose `sessions/` is the fixture's (a symlink: nothing here writes a log) and whose `data/` holds
 * the fixture's projection cache minus the checkpoints `drop` rejects — those sessions are then "headless-written".
 */
async function scratchRoot(count: number, name: string, drop: (id: string, index: number) => boolean): Promise<string> {
  const source = await fixture(count);
  const root = resolve('.bench', 'scratch', name);
  await rm(root, { recursive: true, force: true });
  await mkdir(join(root, 'data'), { recursive: true });
  await symlink(join(source, 'sessions'), join(root, 'sessions'), 'dir');
  const file = `${projectionCacheDomainSpec.name}.json`;
  const document = JSON.parse(await readFile(join(source, 'data', file), 'utf8')) as { tables: { sessions: Record<string, unknown> } };
  const kept: Record<string, unknown> = {};
  let index = 0;
  for (const [id, record] of Object.entries(document.tables.sessions)) if (!drop(id, index++)) kept[id] = record;
  document.tables.sessions = kept;
  await writeFile(join(root, 'data', file), `${JSON.stringify(document, null, 2)}\n`);
  return root;
}

async function inPlugin(
  host: CatalogHost,
  options: CandidateDiscoveryOptions,
): Promise<{ discovery: CandidateDiscovery; dispose: () => Promise<unknown> }> {
  let discovery!: CandidateDiscovery;
  const fiber = host.ctx.plugin((ctx) => {
    discovery = new CandidateDiscovery(ctx, options);
  });
  await fiber;
  return { discovery, dispose: () => fiber.dispose() };
}

/** Resolves once `count` projection-cache checkpoints have been written on `host` (or rejects after `timeoutMs`). */
function checkpoints(host: CatalogHost, count: number, timeoutMs = 600_000): { done: Promise<number>; landed: () => number } {
  let landed = 0;
  let stop: () => void = () => {};
  const done = new Promise<number>((resolveDone, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`only ${landed} of ${count} checkpoints landed within ${timeoutMs} ms`));
    }, timeoutMs);
    stop = host.ctx.on('domain/changed', (change: DomainChanged) => {
      if (change.domain !== projectionCacheDomainSpec.name) return;
      if (++landed < count) return;
      clearTimeout(timer);
      stop();
      resolveDone(performance.now());
    });
  });
  return { done, landed: () => landed };
}

const sleep = (delay: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, delay));

// 1. Keystrokes
if (SECTIONS.has('keystrokes')) {
  const rows: Row[] = [];
  for (const [count, rounds] of SIZES) rows.push(await measure(await fixture(count), count, rounds));
  console.log(`## Keystrokes\n`);
  console.log(
    `Typed query "${TYPED}" (${TYPED.length} keystrokes), limit ${LIMIT}, cacheTtlMs ${CACHE_TTL_MS}; medians over the rounds; ratios are per round, to that round's \`listSessions()\`.`,
  );
  console.log(
    "Own cost: the first keystroke with the listing served from memory (a clone of one listSessions() result) — discovery's labelling and ranking alone.",
  );
  console.log('');
  console.log(
    '| sessions | rounds | `listSessions()` ms | first keystroke ms | first / list | following keystrokes, median ms | following / list | own cost of first keystroke ms | log reads |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.sessions.toLocaleString('en-US')} | ${row.rounds} | ${ms(row.list)} | ${ms(row.first)} | ${ratio(row.firstRatio)} | ${ms(row.following)} | ${ratio(row.followingRatio)} | ${ms(row.own)} | ${row.logReads} |`,
    );
  }
}

// 2. The labelling pass, through Cordis' tracing proxies and around them
if (SECTIONS.has('labels')) {
  const count = 10_000;
  const rounds = 9;
  const host = await bootCatalogHost({ root: await fixture(count) });
  try {
    const listed = await host.ctx.sessionQuery.listSessions();
    const untraced = {
      get: (name: string) => {
        const service = host.ctx.get(name as never) as Record<symbol, unknown> | undefined;
        return service?.[symbols.original] ?? service;
      },
    } as unknown as Context;
    const traced: number[] = [];
    const around: number[] = [];
    const adopted: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const pair: Array<[Context, number[]]> =
        round % 2 === 0
          ? [
              [host.ctx, traced],
              [untraced, around],
            ]
          : [
              [untraced, around],
              [host.ctx, traced],
            ];
      let last: SessionListing<SessionHeader> | undefined;
      for (const [ctx, out] of pair) {
        const listing = new SessionListing<SessionHeader>(listed, 0);
        const [took] = await time(async () => listing.labelled(() => openLabeller(ctx, new Map())));
        out.push(took);
        last = listing;
      }
      const relisted = new SessionListing<SessionHeader>(listed, 0);
      const [took] = await time(async () => {
        relisted.adopt(last);
        relisted.labelled(() => openLabeller(host.ctx, new Map()));
      });
      adopted.push(took);
    }
    console.log(`\n## Labelling ${count.toLocaleString('en-US')} listed sessions (first keystroke of a listing)\n`);
    console.log(
      'Every label comes from `sessionProjectionCache.cachedSnapshot(header)`. Discovery reads each service from `ctx` once per pass',
    );
    console.log(
      'and calls it through Cordis\' context-tracing proxy; "around the proxy" calls the same methods on `symbols.original` (measured here only).',
    );
    console.log(
      'A new listing takes over the labels of the listing it replaces, so a relisting (every `cacheTtlMs` while typing) labels only what changed.\n',
    );
    console.log(
      `| rounds | through the proxy, median ms | around the proxy, median ms | proxy / around | relisting with labels taken over, median ms |`,
    );
    console.log('|---:|---:|---:|---:|---:|');
    console.log(
      `| ${rounds} | ${ms(median(traced))} | ${ms(median(around))} | ${ratio(median(traced) / median(around))} | ${ms(median(adopted))} |`,
    );
  } finally {
    await host.dispose();
  }
}

// 3. Backfill of 1,000 headless-written sessions
if (SECTIONS.has('backfill')) {
  const count = 1_000;
  const rounds = 3;
  const hostRuns: number[] = [];
  const backfillRuns: number[] = [];
  const labelledAfter: number[] = [];
  const firstKeystrokes: number[] = [];
  const runHost = async (round: number): Promise<void> => {
    const root = await scratchRoot(count, `backfill-host-${round}`, () => true);
    const host = await bootCatalogHost({ root });
    try {
      const ids = (await host.ctx.sessionQuery.listSessions()).map((record) => record.header.id);
      const [took] = await time(async () => {
        for (const id of ids) await host.ctx.sessionProjectionCache.coldSnapshot(SessionId(id));
      });
      hostRuns.push(took);
    } finally {
      await host.dispose();
    }
  };
  const runBackfill = async (round: number): Promise<void> => {
    const root = await scratchRoot(count, `backfill-ours-${round}`, () => true);
    const host = await bootCatalogHost({ root });
    try {
      const { discovery, dispose } = await inPlugin(host, { cacheTtlMs: CACHE_TTL_MS });
      const landing = checkpoints(host, count);
      const start = performance.now();
      const first = await discovery.list(AGENT, '', LIMIT);
      const answered = performance.now();
      if (first.some((candidate) => candidate.label !== candidate.sessionId)) throw new Error('fixture sessions were already labelled');
      const done = await landing.done;
      const all = await discovery.list(AGENT, '', count);
      const labelled = performance.now();
      if (all.length !== count || all.some((candidate) => candidate.label === candidate.sessionId))
        throw new Error('not every session was labelled');
      firstKeystrokes.push(answered - start);
      backfillRuns.push(done - answered);
      labelledAfter.push(labelled - start);
      await dispose();
    } finally {
      await host.dispose();
    }
  };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await runHost(round);
      await runBackfill(round);
    } else {
      await runBackfill(round);
      await runHost(round);
    }
  }
  const ratios = hostRuns.map((hostMs, i) => backfillRuns[i]! / hostMs);
  console.log(`\n## Title backfill of ${count.toLocaleString('en-US')} headless-written sessions\n`);
  console.log(
    'Sessions written without the projection cache (the fixture minus its checkpoints). Host: `coldSnapshot(id)` of every session,',
  );
  console.log(
    "newest first, back to back, on a fresh host. Backfill: from the first keystroke's answer until the last checkpoint is written",
  );
  console.log(`(cacheTtlMs ${CACHE_TTL_MS}, no further typing). Ratio per round, median over ${rounds} rounds (alternating order).\n`);
  console.log(
    '| host back to back, s | host sessions/s | backfill, s | backfill sessions/s | backfill / host | first keystroke ms | all labelled after, s |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${(median(hostRuns) / 1_000).toFixed(2)} | ${(count / (median(hostRuns) / 1_000)).toFixed(0)} | ${(median(backfillRuns) / 1_000).toFixed(2)} | ${(count / (median(backfillRuns) / 1_000)).toFixed(0)} | ${ratio(median(ratios))} | ${ms(median(firstKeystrokes))} | ${(median(labelledAfter) / 1_000).toFixed(2)} |`,
  );
}

// 4. Typing at 10,000 sessions while a backfill runs
if (SECTIONS.has('typing')) {
  const count = 10_000;
  const headless = (index: number) => index % 10 === 5;
  const paces: ReadonlyArray<readonly [interval: number, keystrokes: number]> = [
    [40, 300],
    [250, 120],
  ];
  interface Typing {
    interval: number;
    backfill: boolean;
    costs: number[];
    lags: number[];
    /** Costs and lags of the keystrokes during which no listing completed (served from the cached listing). */
    cachedCosts: number[];
    cachedLags: number[];
    landed: number;
  }
  const type = async (interval: number, keystrokes: number, backfill: boolean): Promise<Typing> => {
    const root = await scratchRoot(count, `typing-${interval}-${backfill ? 'backfill' : 'quiet'}`, (_id, index) => headless(index));
    const host = await bootCatalogHost({ root });
    try {
      host.create({ id: AGENT.id, cwd: AGENT.session.header.cwd, empty: true });
      const { discovery, dispose } = await inPlugin(host, { cacheTtlMs: CACHE_TTL_MS, titleBackfill: backfill ? 'background' : 'off' });
      const landing = checkpoints(host, count / 10);
      landing.done.catch(() => {});
      const engine = host.ctx.sessionQuery;
      const realList = engine.listSessions;
      let listingsDone = 0;
      engine.listSessions = (signal?: AbortSignal) => {
        const listing = realList.call(engine, signal);
        void listing.finally(() => listingsDone++).catch(() => {});
        return listing;
      };
      await discovery.list(AGENT, '', LIMIT);
      const run: Typing = { interval, backfill, costs: [], lags: [], cachedCosts: [], cachedLags: [], landed: 0 };
      let answered = performance.now();
      for (let typed = 0; typed < keystrokes; typed++) {
        const due = answered + interval;
        await sleep(interval);
        const arrived = performance.now();
        const before = listingsDone;
        await discovery.list(AGENT, TYPED.slice(0, 1 + (typed % TYPED.length)), LIMIT);
        answered = performance.now();
        run.costs.push(answered - arrived);
        run.lags.push(answered - due);
        if (listingsDone === before) {
          run.cachedCosts.push(answered - arrived);
          run.cachedLags.push(answered - due);
        }
      }
      run.landed = landing.landed();
      engine.listSessions = realList;
      await dispose();
      return run;
    } finally {
      await host.dispose();
    }
  };
  const runs: Typing[] = [];
  for (const [interval, keystrokes] of paces) {
    runs.push(await type(interval, keystrokes, false));
    runs.push(await type(interval, keystrokes, true));
  }
  console.log(`\n## Keystrokes at ${count.toLocaleString('en-US')} sessions while a backfill runs\n`);
  console.log(
    `${count / 10} of the ${count.toLocaleString('en-US')} sessions have no checkpoint. After the first keystroke (the listing), a keystroke is due a`,
  );
  console.log(
    `fixed interval after the previous answer (prefixes of "${TYPED}", cacheTtlMs ${CACHE_TTL_MS}, so relistings are included); each pace runs`,
  );
  console.log('without and with a backfill. Cost: call to answer. Lag: due time to answer, which adds the time the event loop was busy');
  console.log('elsewhere (the host folding a session and rewriting its JSON document). The backfill starts a session only after 200 ms');
  console.log('without a keystroke, so at 40 ms it waits for the typing to stop, and at 250 ms it works in the gaps.\n');
  console.log(
    '| interval ms | backfill | keystrokes | cost median ms | cost p95 ms | cost max ms | lag median ms | lag p95 ms | checkpoints written meanwhile |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const run of runs) {
    console.log(
      `| ${run.interval} | ${run.backfill ? 'running' : 'off'} | ${run.costs.length} | ${ms(median(run.costs))} | ${ms(percentile(run.costs, 95))} | ${ms(Math.max(...run.costs))} | ${ms(median(run.lags))} | ${ms(percentile(run.lags, 95))} | ${run.landed} |`,
    );
  }
  console.log(
    '\nThe same keystrokes without those during which a listing completed (each relisting of 10,000 sessions takes seconds here,',
  );
  console.log('longer than cacheTtlMs, so the refresh started at half of it cannot hide it):\n');
  console.log(
    '| interval ms | backfill | keystrokes served from the cached listing | cost median ms | cost p95 ms | lag median ms | lag p95 ms |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const run of runs) {
    console.log(
      `| ${run.interval} | ${run.backfill ? 'running' : 'off'} | ${run.cachedCosts.length} | ${ms(median(run.cachedCosts))} | ${ms(percentile(run.cachedCosts, 95))} | ${ms(median(run.cachedLags))} | ${ms(percentile(run.cachedLags, 95))} |`,
    );
  }
}

// 5. Full-text body search with the SQLite engine
if (SECTIONS.has('body')) {
  const rows: string[] = [];
  const word = 'zebra';
  for (const [count] of SIZES) {
    const host = await bootCatalogHost({ root: await fixture(count), query: 'sqlite' });
    try {
      host.create({ id: AGENT.id, cwd: AGENT.session.header.cwd, empty: true });
      const engine = host.ctx.sessionQuery;
      const [firstSearch] = await time(() => engine.searchSessions({ query: 'index build', limit: LIMIT + 1 }));
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) warm.push((await time(() => engine.searchSessions({ query: `warm ${i}`, limit: LIMIT + 1 })))[0]);
      const { discovery, dispose } = await inPlugin(host, { cacheTtlMs: 60_000, bodySearchWaitMs: 50 });
      await discovery.list(AGENT, '', LIMIT);
      const keystrokes: number[] = [];
      for (let round = 0; round < 3; round++) {
        for (let typed = 1; typed <= word.length; typed++) {
          keystrokes.push((await time(() => discovery.list(AGENT, `${word.slice(0, typed)}${round}`, LIMIT)))[0]);
          await sleep(60);
        }
      }
      await dispose();
      rows.push(
        `| ${count.toLocaleString('en-US')} | ${ms(firstSearch)} | ${ms(median(warm))} | ${keystrokes.length} | ${ms(median(keystrokes))} | ${ms(percentile(keystrokes, 95))} |`,
      );
    } finally {
      await host.dispose();
    }
  }
  console.log("\n## Keystrokes with the SQLite full-text engine (`path: ':memory:'`)\n");
  console.log("First search: the engine's first `searchSessions`, which opens the index and reads every log into it. Warm search: the");
  console.log(
    `engine alone afterwards (it re-stats every log each time). Keystrokes: a word no title contains, typed with a pause of 60 ms,`,
  );
  console.log(
    "so each keystroke asks the engine and waits at most `bodySearchWaitMs` (50). The fixture's logs hold only a title event each.\n",
  );
  console.log('| sessions | first search ms | warm search, median ms | keystrokes | keystroke median ms | keystroke p95 ms |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}
