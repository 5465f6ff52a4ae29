/**
 * Benchmark of the `@` menu over its session index, on homes of 1,000 and 10,000 sessions of 20 chat messages
 * (about 400 bytes each, English with some code and some CJK), each figure beside the host's own operation in
 * the same run:
 * 1. building the index: its writes alone (MB/s of text, the longest slice, the file's bytes per byte of text
 *    beside the logs' bytes), and from boot over an empty file until every session is indexed, beside the host
 *    reading every log back to back; the time from boot until a word said in three sessions is found;
 * 2. a cold boot's first keystroke over a built index, beside one `listSessions()`;
 * 3. keystrokes typed at 120 ms, with the index complete and while it is being built, beside `listSessions()`;
 * 4. one appended message until a keystroke finds it, beside the host's `flush` of that session.
 *
 * 5. titles at first sight on 20 headless-written sessions, beside the host folding every title itself.
 *
 * The secret detector is loaded before anything is timed, as the plugin loads it at start.
 * Run: npm run bench -- candidates. BENCH_SIZES=1000 picks sizes (default 1000,10000).
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { CandidateDiscovery } from '../src/discovery/discovery.ts';
import type { CandidateDiscoveryOptions } from '../src/discovery/discovery.ts';
import { SLICE_CHARS } from '../src/session-index/backlog-reads.ts';
import { SessionIndex } from '../src/session-index/session-index.ts';
import type { SessionTexts } from '../src/session-index/session-index.ts';
import { bootCatalogHost, writeSessions } from '../test/support/catalog-host.ts';
import type { CatalogHost } from '../test/support/catalog-host.ts';
import { RARE_WORD, textBytes } from './chat-corpus.ts';
import type { ChatSession } from './chat-corpus.ts';
import { benchHome, bytesUnder } from './index-fixture.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const PACE_MS = 120;
const LIVE_ID = `bench-live-${process.pid}`;
const AGENT = { id: 'bench-agent', session: { header: { cwd: '/home/dev/proj-03' } } };
/** What is typed, one character at a time: a rare word, common words, two words, a code fragment, CJK. */
const TYPED = [RARE_WORD, 'pipeline', 'build cache', 'transaction', 'buffer.alloc', '文测试', 'question'];

const ms = (value: number): string => value.toFixed(1);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
}

function options(indexPath: string): CandidateDiscoveryOptions {
  return { cacheTtlMs: 2_000, indexPath, titleBackfill: 'background', redactSecrets: true, firstTitlesWaitMs: 250 };
}

/** A discovery in its own plugin fiber on `host`, so that disposing it closes its index. */
async function mount(host: CatalogHost, indexPath: string): Promise<{ discovery: CandidateDiscovery; dispose: () => Promise<unknown> }> {
  let discovery!: CandidateDiscovery;
  const fiber = host.ctx.plugin((ctx) => {
    discovery = new CandidateDiscovery(ctx, options(indexPath));
  });
  await fiber;
  return { discovery, dispose: () => fiber.dispose() };
}

/** Types every word of {@link TYPED} at {@link PACE_MS}, each keystroke due that long after the previous answer; the call-to-answer cost of each. */
async function type(discovery: CandidateDiscovery, until?: () => boolean): Promise<number[]> {
  const costs: number[] = [];
  for (const word of TYPED) {
    const chars = Array.from(word);
    for (let length = 1; length <= chars.length; length++) {
      if (until?.() === true) return costs;
      await sleep(PACE_MS);
      const [cost] = await time(() => discovery.list(AGENT, chars.slice(0, length).join(''), 50));
      costs.push(cost);
    }
  }
  return costs;
}

/** `listSessions()` three times on `host`: the first call's time (a fresh host's is cold), and the median. */
async function listTime(host: CatalogHost): Promise<{ first: number; median: number }> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push((await time(() => host.ctx.sessionQuery.listSessions()))[0]);
  return { first: runs[0]!, median: percentile(runs, 50) };
}

interface Row {
  count: number;
  text: number;
  writes: number;
  slice: number;
  written: number;
  logs: number;
  list: number;
  firstList: number;
  readAll: number;
  build: number;
  found: number;
  boot: number;
  cold: number;
  unseen: number;
  complete: number[];
  building: number[];
  append: number;
  flush: number;
}

/** The index's writes alone: `sessions`' texts written newest first in slices of {@link SLICE_CHARS}, then merged, as the background does it. */
async function writeAlone(sessions: readonly ChatSession[], path: string): Promise<{ ms: number; slice: number; file: number }> {
  const index = SessionIndex.open(path);
  const slices: number[] = [];
  const started = performance.now();
  for (let next = sessions.length - 1; next >= 0;) {
    const docs: SessionTexts[] = [];
    let chars = 0;
    while (next >= 0 && chars < SLICE_CHARS) {
      const session = sessions[next--]!;
      docs.push({ header: session, texts: session.messages, at: { seq: session.messages.length, title: session.title } });
      for (const text of session.messages) chars += text.length;
    }
    const [took] = await time(async () => index.writeBatch(docs, 'older'));
    slices.push(took);
    await nextTurn();
    slices.push((await time(async () => index.merge(16)))[0]);
    await nextTurn();
  }
  for (;;) {
    const [took, more] = await time(async () => index.upkeep(SLICE_CHARS, 16));
    slices.push(took);
    if (!more) break;
  }
  const ms = performance.now() - started;
  index.close();
  return { ms, slice: Math.max(...slices), file: (await stat(path)).size };
}

async function measure(count: number): Promise<Row> {
  const { root, sessions } = await benchHome(count);
  const scratch = resolve('.bench', 'scratch', `index-${count}`);
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  const path = join(scratch, 'index.sqlite');
  const row = { count, text: textBytes(sessions), logs: await bytesUnder(join(root, 'sessions')) } as Row;
  const alone = await writeAlone(sessions, join(scratch, 'alone.sqlite'));
  row.writes = alone.ms;
  row.slice = alone.slice;
  row.written = alone.file;

  // 1. Build from nothing.
  let host = await bootCatalogHost({ root });
  try {
    ({ first: row.firstList, median: row.list } = await listTime(host));
    const ids = (await host.ctx.sessionQuery.listSessions()).map((record) => record.header.id);
    [row.readAll] = await time(async () => {
      for (const id of ids) await host.ctx.sessionPersistence.inspect(id);
    });
    const booted = performance.now();
    const { discovery, dispose } = await mount(host, path);
    let found = false;
    const watch = (async () => {
      while (!found) {
        if ((await discovery.list(AGENT, RARE_WORD, 50)).some((candidate) => candidate.match?.in === 'body')) found = true;
        else await sleep(50);
      }
      row.found = performance.now() - booted;
    })();
    await discovery.indexed();
    row.build = performance.now() - booted;
    await watch;
    await dispose();
  } finally {
    await host.dispose();
  }

  // 2 and 3. A cold boot over the built index, then typing with it complete.
  host = await bootCatalogHost({ root });
  try {
    const [boot, mounted] = await time(() => mount(host, path));
    row.boot = boot;
    [row.cold] = await time(() => mounted.discovery.list(AGENT, '', 50));
    row.list = Math.min(row.list, (await listTime(host)).median);
    row.complete = await type(mounted.discovery);

    // 4. One appended message, until a keystroke finds it.
    const live = host.create({ id: LIVE_ID, cwd: AGENT.session.header.cwd, title: 'Live one', createdAt: Date.now() });
    await mounted.discovery.list(AGENT, 'live one', 50);
    const appends: number[] = [];
    const flushes: number[] = [];
    for (let i = 0; i < 9; i++) {
      const word = `quetzal${i}x`;
      const [cost] = await time(async () => {
        live.append(
          'user/message',
          createUserMessage({ content: [{ type: 'text', text: `a note about ${word}` }], source: { kind: 'user' } }),
          {
            surfaceOp: 'append',
          },
        );
        while (!(await mounted.discovery.list(AGENT, word, 50)).some((candidate) => candidate.sessionId === LIVE_ID)) await sleep(1);
      });
      appends.push(cost);
      flushes.push((await time(() => host.ctx.sessions.flush(live)))[0]);
    }
    row.append = percentile(appends, 50);
    row.flush = percentile(flushes, 50);
    await mounted.dispose();
  } finally {
    await host.dispose();
    // the live session's log is not part of the home
    for (const dir of await readdir(join(root, 'sessions')))
      await rm(join(root, 'sessions', dir, LIVE_ID), { recursive: true, force: true });
  }

  // 3. Typing while the index is being built from nothing.
  const fresh = join(scratch, 'building.sqlite');
  host = await bootCatalogHost({ root });
  try {
    const { discovery, dispose } = await mount(host, fresh);
    // the first keystroke on a home the index has never seen waits for the host's listing
    [row.unseen] = await time(() => discovery.list(AGENT, '', 50));
    let done = false;
    void discovery.indexed().then(
      () => (done = true),
      () => {}, // disposed below while still building: the typing stops at its keystroke cap
    );
    row.building = await type(discovery, () => done);
    await dispose();
  } finally {
    await host.dispose();
  }
  return row;
}

/**
 * Titles at first sight: a home of 20 sessions written by headless runs (no checkpoints), the index
 * never built. Each round: a fresh host and an empty index file, the first keystroke's time and how
 * many of its rows carry their title; beside it the host folding every title itself
 * (`sessionQuery.readTitleSnapshots`, what a menu without an index must do on every keystroke).
 */
async function firstTitles(rounds: number): Promise<{ first: number[]; titled: number[]; host: number[] }> {
  const root = resolve('.bench', 'scratch', 'headless-20');
  await rm(root, { recursive: true, force: true });
  const specs = Array.from({ length: 20 }, (_, i) => ({
    id: `headless-${String(i).padStart(2, '0')}`,
    cwd: AGENT.session.header.cwd,
    title: `Headless task ${i}`,
    said: `please look into task number ${i} of the migration`,
    createdAt: 1_700_000_000_000 + i * 60_000,
  }));
  await writeSessions(root, specs, { projectionCache: false });
  const result = { first: [] as number[], titled: [] as number[], host: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const host = await bootCatalogHost({ root });
    try {
      const ids = (await host.ctx.sessionQuery.listSessions()).map((record) => record.header.id);
      result.host.push((await time(() => host.ctx.sessionQuery.readTitleSnapshots(ids)))[0]);
      const path = join(root, `index-${round}.sqlite`);
      const [ms, mounted] = await time(async () => {
        const mountedNow = await mount(host, path);
        const first = await mountedNow.discovery.list(AGENT, '', 50);
        result.titled.push(first.filter((candidate) => candidate.label !== candidate.sessionId).length);
        return mountedNow;
      });
      result.first.push(ms);
      await mounted.dispose();
    } finally {
      await host.dispose();
    }
  }
  return result;
}

const titles = await firstTitles(7);
const rows: Row[] = [];
for (const count of SIZES) rows.push(await measure(count));

console.log('## Titles at first sight\n');
console.log('20 headless-written sessions (no projection-cache checkpoint), the index never built, a fresh host each of 7 rounds:');
console.log(
  `first keystroke (mounting the discovery included) ${ms(percentile(titles.first, 50))} ms median, ${ms(Math.max(...titles.first))} ms max,`,
);
console.log(
  `with ${Math.min(...titles.titled)}–${Math.max(...titles.titled)} of 20 rows titled; the host folding all 20 titles itself (\`readTitleSnapshots\`) takes ${ms(percentile(titles.host, 50))} ms median.\n`,
);

console.log('## The session index\n');
console.log('Homes of sessions of 20 messages (~400 bytes each: English, code, some CJK), zstd JSONL, with projection-cache checkpoints.');
console.log('Writes alone: the texts written newest first in slices, then merged (the file fully merged); MB/s of UTF-8 text.');
console.log('From boot: an empty index file until every session is indexed (listing, log reads, surface fold, redaction, writes),');
console.log(
  'beside the host reading every log back to back (`sessionPersistence.inspect`). Found: boot until a word said in 3 sessions shows as a body match.\n',
);
console.log(
  '| sessions | text MB | writes alone MB/s | longest write step ms | file / text | logs on disk / text | from boot s | from boot MB/s | host reads every log, s | boot → body word found, s |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.count.toLocaleString('en-US')} | ${mb(row.text)} | ${(row.text / 1e6 / (row.writes / 1000)).toFixed(2)} | ${ms(row.slice)} | ${(row.written / row.text).toFixed(2)}× | ${(row.logs / row.text).toFixed(2)}× | ${(row.build / 1000).toFixed(1)} | ${(row.text / 1e6 / (row.build / 1000)).toFixed(2)} | ${(row.readAll / 1000).toFixed(1)} | ${(row.found / 1000).toFixed(2)} |`,
  );
}
console.log(
  `\nKeystrokes: prefixes of ${TYPED.map((word) => JSON.stringify(word)).join(', ')}, each due ${PACE_MS} ms after the previous answer; cost = call to answer.`,
);
console.log(
  'Cold boot: a new host context over the built index: mounting the discovery (opening the file, loading its sessions), then the first keystroke.',
);
console.log(
  'While indexing: over an empty index file, after its first keystroke (which waits for the host listing: "first keystroke, unseen home").',
);
console.log('Append → found: a message appended to a session open here, until a keystroke finds it.\n');
console.log(
  '| sessions | `listSessions()` ms (median of 3) | first `listSessions()` on a fresh host, ms | cold boot: mount ms, first keystroke ms | first keystroke, unseen home ms | index complete: p50 / p95 / max ms | while indexing: keystrokes, p50 / p95 / max ms | append → found ms | host `flush` ms |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const stats = (costs: number[]) => `${ms(percentile(costs, 50))} / ${ms(percentile(costs, 95))} / ${ms(Math.max(...costs))}`;
  console.log(
    `| ${row.count.toLocaleString('en-US')} | ${ms(row.list)} | ${ms(row.firstList)} | ${ms(row.boot)}, ${ms(row.cold)} | ${ms(row.unseen)} | ${stats(row.complete)} | ${row.building.length}: ${row.building.length === 0 ? '-' : stats(row.building)} | ${ms(row.append)} | ${ms(row.flush)} |`,
  );
}
