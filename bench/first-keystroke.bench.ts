/**
 * The first `@` on a home never indexed (issue 30, SPEC §7.6), at 10,000 short sessions written without
 * projection-cache checkpoints (headless runs: no title is known without reading the logs), each figure beside
 * the host's own operation in the same run:
 * 1. the floor: enumerating the sessions (`readdir` of the store's two levels) beside a fresh host's first
 *    `listSessions()`; reading every log's head (first 16 KB: header and first title event) with the plugin's
 *    walk ({@link scanLogHeads}); and, on a sample, the host folding one title from a whole log (`inspect` and the projection registry);
 * 2. the plugin on a fresh host and an empty index file: mounting plus the first keystroke (rows shown, rows
 *    titled), ten more keystrokes typed while the walk goes on, the time until every session is titled, and
 *    until every body is indexed.
 *
 * The home is written once under .bench/ (zstd JSONL, as dsh writes it) from one session the real host wrote,
 * its frames repeated with other ids, times, cwds and titles; a third of the sessions are renamed later in
 * their log (the first title is near the start, the newest one further on).
 * 3. the same first keystroke without the walk (an index in memory, which waits for the host's listing, as every
 *    first boot did before): its time and titled rows.
 * Each size is measured BENCH_FIRST_ROUNDS times (default 2), a row each.
 * Run: npm run bench -- first-keystroke. BENCH_FIRST_SIZES=2000 picks sizes (default 10000); BENCH_FIRST_BODIES=1
 * also waits for every body and every newest title.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants, zstdCompressSync } from 'node:zlib';
import { CandidateDiscovery } from '../src/discovery/discovery.ts';
import { inflateFrameSync, scanLogHeads } from '../src/session-index/log-heads.ts';
import { bootCatalogHost } from '../test/support/catalog-host.ts';
import type { CatalogHost } from '../test/support/catalog-host.ts';
import { writeSession } from '../test/support/write-session.ts';

const SIZES = (process.env.BENCH_FIRST_SIZES ?? '10000').split(',').map(Number);
/** Also wait for every body (and so every newest title): minutes at 10,000 sessions. */
const BODIES = process.env.BENCH_FIRST_BODIES === '1';
/** Rounds per size, each a row: the machine's noise shows as their spread. */
const ROUNDS = Number(process.env.BENCH_FIRST_ROUNDS ?? '2');
const AGENT = { id: 'bench-agent', session: { header: { cwd: '/home/dev/proj-03' } } };
const FIXTURE_VERSION = 1;
const T0 = 1_750_000_000_000;

const ms = (value: number): string => value.toFixed(0);
const ids = (candidates: readonly { sessionId: string }[]): string[] => candidates.map((candidate) => candidate.sessionId);

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
}

const titleOf = (i: number): string => `Task ${i} — fix the ${['parser', 'cache', 'build', 'router'][i % 4]} module`;
const renamedOf = (i: number): string => `Renamed task ${i}`;

/** Each frame of a zstd log, inflated. */
function frameTexts(bytes: Buffer): string[] {
  const texts: string[] = [];
  for (
    let frame = inflateFrameSync(bytes, 0, 1 << 30), at = 0;
    frame !== undefined && frame.used > 0;
    frame = inflateFrameSync(bytes, at, 1 << 30)
  ) {
    texts.push(frame.text.toString('utf8'));
    at += frame.used;
  }
  return texts;
}

/** The template: one session the real host wrote (title first, three turns, a rename at the end), as plain-text frames. */
async function template(root: string): Promise<string[]> {
  const host = await bootCatalogHost({ root, projectionCache: false });
  try {
    const said = 'please look into the failing build of the parser module and tell me what you find there';
    await writeSession(host, {
      id: 'TEMPLATE-ID',
      createdAt: 1,
      cwd: '/home/dev/TEMPLATE-CWD',
      title: 'TEMPLATE-TITLE',
      items: [
        { kind: 'user', text: said },
        { kind: 'assistant', text: `${said} — here is what I found. `.repeat(4) },
        { kind: 'user', text: said },
        { kind: 'assistant', text: `${said} — and more. `.repeat(4) },
      ],
    });
    const session = await host.resume('TEMPLATE-ID');
    host.rename(session, 'TEMPLATE-RENAMED');
    await host.ctx.sessions.flush(session);
    await host.close(session);
  } finally {
    await host.dispose();
  }
  for (const path of await readdir(join(root, 'sessions'), { recursive: true }))
    if (path.endsWith('session.jsonl.zstd')) return frameTexts(await readFile(join(root, 'sessions', path)));
  throw new Error('the template session was not written');
}

/** Writes `count` sessions from the template's frames; every third keeps its late rename, the others drop that frame. */
async function buildHome(root: string, count: number): Promise<void> {
  await rm(root, { recursive: true, force: true });
  const frames = await template(join(root, 'template'));
  await rm(join(root, 'template'), { recursive: true, force: true });
  const renameFrame = frames.findIndex((frame) => frame.includes('TEMPLATE-RENAMED'));
  const compress = (text: string): Buffer => zstdCompressSync(text, { params: { [constants.ZSTD_c_checksumFlag]: 1 } });
  for (let start = 0; start < count; start += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - start) }, async (_, k) => {
        const i = start + k;
        const id = `s-${String(i).padStart(6, '0')}`;
        const cwd = `proj-${String(i % 40).padStart(2, '0')}`;
        const parts = frames
          .filter((_frame, f) => f !== renameFrame || i % 3 === 0)
          .map((frame) =>
            compress(
              frame
                .replaceAll('TEMPLATE-ID', id)
                .replaceAll('"createdAt":1', `"createdAt":${T0 + i * 1000}`)
                .replaceAll('TEMPLATE-CWD', cwd)
                .replaceAll('TEMPLATE-TITLE', titleOf(i))
                .replaceAll('TEMPLATE-RENAMED', renamedOf(i)),
            ),
          );
        const dir = join(root, 'sessions', `--home-dev-${cwd}--`, id);
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'session.jsonl.zstd'), Buffer.concat(parts));
      }),
    );
  }
  await writeFile(join(root, 'ready'), `${count}\n`);
}

async function home(count: number): Promise<string> {
  const root = resolve('.bench', `first-home-${count}-v${FIXTURE_VERSION}`);
  if (!existsSync(join(root, 'ready'))) {
    const [took] = await time(() => buildHome(root, count));
    console.error(`built the ${count}-session home in ${(took / 1000).toFixed(1)} s at ${root}`);
  }
  return root;
}

/** The expected newest title of session `i`. */
const newest = (i: number): string => (i % 3 === 0 ? renamedOf(i) : titleOf(i));

interface Row {
  count: number;
  readdir: number;
  hostList: number;
  heads: number;
  headsTitled: number;
  coldFold: number;
  mountAndFirst: number;
  firstRows: number;
  firstTitled: number;
  allTitled: number | undefined;
  newestTitled: number;
  bodies: number;
  hostListAgain: number;
  noWalkFirst: number;
  firstRight: number;
  typing: number;
  noWalkTitled: number;
}

async function measure(count: number): Promise<Row> {
  const root = await home(count);
  const sessions = join(root, 'sessions');
  const row = { count } as Row;

  // 1. The floor.
  [row.readdir] = await time(async () => {
    let n = 0;
    for (const project of await readdir(sessions)) n += (await readdir(join(sessions, project))).length;
    if (n !== count) throw new Error(`readdir found ${n} sessions, not ${count}`);
  });
  let host = await bootCatalogHost({ root, projectionCache: false });
  try {
    const [took, listed] = await time(() => host.ctx.sessionQuery.listSessions());
    if (listed.length !== count) throw new Error(`the host listed ${listed.length} sessions, not ${count}`);
    row.hostList = took;
    let titled = 0;
    [row.heads] = await time(() =>
      scanLogHeads({
        store: { root: sessions, fileName: 'session.jsonl.zstd', compression: 'zstd' },
        signal: new AbortController().signal,
        onBatch: (heads) => (titled += heads.filter((head) => head.title !== undefined).length),
      }),
    );
    row.headsTitled = titled;
    const sample = listed.slice(0, 50).map((record) => record.header.id);
    const [folds] = await time(async () => {
      for (const id of sample) {
        const { events } = await host.ctx.sessionPersistence.inspect(id);
        host.ctx.sessionProjections.restore({}, events, 0);
      }
    });
    row.coldFold = (folds / sample.length) * count;
  } finally {
    await host.dispose();
  }

  // 2. The plugin on a fresh host over an empty index file.
  const scratch = resolve('.bench', 'scratch', `first-${count}`);
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  host = await bootCatalogHost({ root, projectionCache: false });
  try {
    const booted = performance.now();
    const { discovery, dispose } = await mount(host, join(scratch, 'index.sqlite'));
    const first = await discovery.list(AGENT, '', 50);
    row.mountAndFirst = performance.now() - booted;
    row.firstRows = first.length;
    row.firstTitled = first.filter((candidate) => candidate.label !== candidate.sessionId).length;
    // typing on, at 120 ms a character, while the walk goes on
    const typing: number[] = [];
    for (const typed of ['t', 'ta', 'tas', 'task', 'task ', 'task 1', 'task 12', 'task 1', 'task ', 'task']) {
      await sleep(120);
      typing.push((await time(() => discovery.list(AGENT, typed, 50)))[0]);
    }
    row.typing = Math.max(...typing);
    let indexed = false as boolean;
    void discovery.indexed().then(
      () => {
        row.bodies = performance.now() - booted;
        indexed = true;
      },
      () => {}, // disposed before the bodies were done (BENCH_FIRST_BODIES unset)
    );
    for (;;) {
      const all = await discovery.list(AGENT, '', count + 10);
      const titled = all.filter((candidate) => candidate.label !== candidate.sessionId).length;
      if (row.allTitled === undefined && all.length === count && titled === count) {
        row.allTitled = performance.now() - booted;
        if (!BODIES) break;
      }
      if (all.length === count && all.every((candidate) => candidate.label === newest(Number(candidate.sessionId.slice(2))))) {
        row.newestTitled = performance.now() - booted;
        break;
      }
      if (performance.now() - booted > 900_000) throw new Error('titles did not arrive within 15 minutes');
      // each look labels and ranks every session: not so often that it slows what it watches
      await sleep(250);
    }
    const settled = new Set(ids(await discovery.list(AGENT, '', 50)));
    row.firstRight = first.filter((candidate) => settled.has(candidate.sessionId)).length;
    while (BODIES && !indexed) await sleep(100);
    await dispose();
  } finally {
    await host.dispose();
  }
  host = await bootCatalogHost({ root, projectionCache: false });
  try {
    [row.hostListAgain] = await time(() => host.ctx.sessionQuery.listSessions());
  } finally {
    await host.dispose();
  }

  // 3. Without the walk: the first keystroke waits for the host's listing.
  host = await bootCatalogHost({ root, projectionCache: false });
  try {
    const booted = performance.now();
    const { discovery, dispose } = await mount(host, ':memory:');
    const first = await discovery.list(AGENT, '', 50);
    row.noWalkFirst = performance.now() - booted;
    row.noWalkTitled = first.filter((candidate) => candidate.label !== candidate.sessionId).length;
    await dispose();
  } finally {
    await host.dispose();
  }
  return row;
}

/** A discovery in its own plugin fiber on `host`, so that disposing it closes its index. */
async function mount(host: CatalogHost, indexPath: string): Promise<{ discovery: CandidateDiscovery; dispose: () => Promise<unknown> }> {
  let discovery!: CandidateDiscovery;
  const fiber = host.ctx.plugin((ctx) => {
    discovery = new CandidateDiscovery(ctx, {
      cacheTtlMs: 2_000,
      indexPath,
      titleBackfill: 'background',
      redactSecrets: true,
      firstTitlesWaitMs: 250,
    });
  });
  await fiber;
  return { discovery, dispose: () => fiber.dispose() };
}

const rows: Row[] = [];
for (const count of SIZES) for (let round = 0; round < ROUNDS; round++) rows.push(await measure(count));

console.log('## First keystroke on a never-indexed home\n');
console.log('Short sessions (3 turns, ~3 KB of zstd JSONL each), no projection-cache checkpoints; a third renamed late in their log.');
console.log(
  'Floor: enumerating (readdir of the two levels), reading every head (16 KB: header, first title), the host reading a whole log and folding its title (`inspect` + the projection registry), on 50, times the count.\n',
);
console.log(
  '| sessions | readdir ms | fresh host `listSessions()` ms | every head read ms (titled) | host reads every log and folds its title, s (from 50) |',
);
console.log('|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.count.toLocaleString('en-US')} | ${ms(row.readdir)} | ${ms(row.hostList)} | ${ms(row.heads)} (${row.headsTitled}) | ${(row.coldFold / 1000).toFixed(1)} |`,
  );
}
console.log('\nThe plugin on a fresh host and an empty index file (times from mounting):\n');
console.log(
  '| sessions | mount + first keystroke ms | rows shown / titled / among the settled first 50 | next 10 keystrokes at 120 ms, max ms | every session titled s | every newest title s | every body indexed s | fresh host `listSessions()` ms, same run | without the walk: first keystroke ms, rows titled |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.count.toLocaleString('en-US')} | ${ms(row.mountAndFirst)} | ${row.firstRows} / ${row.firstTitled} / ${row.firstRight} | ${ms(row.typing)} | ${((row.allTitled ?? NaN) / 1000).toFixed(1)} | ${BODIES ? (row.newestTitled / 1000).toFixed(1) : '-'} | ${BODIES ? (row.bodies / 1000).toFixed(1) : '-'} | ${ms(row.hostListAgain)} | ${ms(row.noWalkFirst)}, ${row.noWalkTitled} |`,
  );
}
