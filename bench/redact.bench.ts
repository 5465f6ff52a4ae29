// Secret redaction scanner throughput (SPEC §5.5): the prefilter alone, the whole redaction
// (prefilter + secretlint on the candidate windows + replacement), and secretlint over every whole
// text (no prefilter) for comparison — on ordinary text and on text dense with candidates.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/redact.bench.ts
//   (or `npm run bench -- redact`). Env: BENCH_REDACT_ITER (timed iterations, default 5),
//   BENCH_REDACT_WARMUP (default 1).
//
// Texts (deterministic, from bench/rng.ts):
// - ordinary: 10,000 messages of ~1 KB of prose and code — paths, URLs without passwords, git SHAs,
//   UUIDs, versions, package names, JSON, `sk-learn`, "Bearer token", "secret"; one in five has
//   non-Latin-1 text (a two-byte string). No credential.
// - prepare fixture: 10,000 × ~1 KB of the words bench/prepare.bench.ts writes (the source the
//   1.1× prepare target is about).
// - dense: 2,000 messages of ~1 KB, each with four credentials of random formats and four
//   near-misses, so nearly every message opens detector windows.
// MB are UTF-8 megabytes (10^6 bytes) of the texts scanned.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { findCandidateWindows, redactTexts } from '../src/redaction/redact.ts';
import { FALSE_POSITIVES, SECRET_FORMATS } from '../test/support/secret-corpus.ts';
import { rng, wordText } from './rng.ts';

const ITERATIONS = positiveInt(process.env.BENCH_REDACT_ITER, 5);
const WARMUP = positiveInt(process.env.BENCH_REDACT_WARMUP, 1);

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Strings as a host hands them over: flat, not ropes left by concatenation. */
const flat = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

// ---------------------------------------------------------------- texts

const PROSE = (
  'the build failed because a missing import in the parser module broke the bundle so we reverted the change and ' +
  'reran the tests which passed after the cache was cleared; next we should review the schema migration and update ' +
  'the docs before the release, keep the secret out of the repo and rotate the token if it leaked'
).split(' ');
const CODE = [
  'const result = await fetch(`${baseUrl}/api/v2/items?page=${page}`, { headers });',
  'export function parseConfig(raw: string): Config { return schema.parse(JSON.parse(raw)); }',
  'def load_model(path, max_len=512):\n    return AutoModel.from_pretrained(path, max_length=max_len)',
  'if (!user_name || task_id === undefined) throw new Error(`missing ${field}`);',
  'pip install scikit-learn pandas  # sk-learn for the baseline',
  'git commit -m "fix: handle empty input" && git push origin feature/parse-empty',
  'commit 3f786850e387550fdab836ed7e6dc881de23001b\nAuthor: Dev <dev@example.com>',
  'request id 0f8fad5b-d9cb-469f-a165-70867728950e took 231 ms',
  'npm install @scope/pkg@1.2.3 @types/node@22.20.7 --save-dev',
  '{"name": "@deepseek-ai/dsh-session-reference", "version": "0.1.0-rc.8", "private": true}',
  'See https://github.com/org/repo/blob/main/src/index.ts#L42 and http://localhost:3000/health',
  'color: #ff00aa; background: rgb(12, 34, 56); margin: 0 auto;',
  'curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/models',
  'ls -la /home/dev/projects/atlas/src/core && cat ./README.md | head -20',
  'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'SELECT id, title FROM sessions WHERE cwd = ? ORDER BY created_at DESC LIMIT 50;',
];
const WIDE = ['日本語のテキスト', 'über', '😀', '界面', 'naïve café'];

function ordinaryMessage(random: () => number, bytes: number): string {
  const wide = random() < 0.2;
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const part =
      random() < 0.35
        ? `\n${CODE[Math.floor(random() * CODE.length)]!}\n`
        : wide && random() < 0.05
          ? WIDE[Math.floor(random() * WIDE.length)]!
          : PROSE[Math.floor(random() * PROSE.length)]! + (random() < 0.08 ? '.' : '');
    parts.push(part);
    size += Buffer.byteLength(part) + 1;
  }
  return flat(parts.join(' '));
}

// bench/prepare.bench.ts's words.
const PREPARE_WORDS = [
  'the',
  'quick',
  'brown',
  'fox',
  'jumps',
  'over',
  'lazy',
  'dog',
  'const',
  'return',
  '<div>',
  '"q"',
  'é',
  '界面',
  '😀',
  '\n',
  'x = 1;',
];

const NEAR_MISSES = [
  ...FALSE_POSITIVES,
  'sk-learn-0123456789abcdef',
  'ghp_short',
  'AKIA1234',
  'Bearer of bad news',
  'https://user@example.com/x',
];
function denseMessages(count: number): string[] {
  const random = rng(3);
  const secrets = fc.sample(
    fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb),
    { numRuns: count * 4, seed: 5 },
  );
  return Array.from({ length: count }, (_, i) => {
    const parts: string[] = [];
    for (let k = 0; k < 4; k++) {
      parts.push(ordinaryMessage(random, 80), secrets[i * 4 + k]!.text, NEAR_MISSES[Math.floor(random() * NEAR_MISSES.length)]!);
    }
    return flat(parts.join('\n'));
  });
}

function corpus(name: string, count: number, make: (random: () => number) => string, seed: number) {
  const random = rng(seed);
  return { name, texts: Array.from({ length: count }, () => make(random)) };
}

const CORPORA = [
  corpus('ordinary prose + code', 10_000, (random) => ordinaryMessage(random, 1000), 1),
  corpus('prepare fixture words', 10_000, (random) => flat(wordText(random, PREPARE_WORDS, 1000)), 2),
  { name: 'candidate-dense', texts: denseMessages(2_000) },
];

// ---------------------------------------------------------------- measure

interface Timing {
  /** Median wall-clock ms. */
  wall: number;
  /** Median CPU ms of this process (user + system): steadier than wall time on a shared machine. */
  cpu: number;
}

async function time(run: () => unknown): Promise<Timing> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run();
    const wall = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    if (i >= WARMUP) {
      walls.push(wall);
      cpus.push((c1.user + c1.system) / 1000);
    }
  }
  return { wall: median(walls), cpu: median(cpus) };
}

const rows: string[] = [];
for (const { name, texts } of CORPORA) {
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const mb = bytes / 1e6;
  let windows = 0;
  let windowChars = 0;
  for (const text of texts) {
    for (const [start, end] of findCandidateWindows(text)) {
      windows++;
      windowChars += end - start;
    }
  }
  const { total } = await redactTexts(texts);
  const prefilter = await time(() => {
    for (const text of texts) findCandidateWindows(text);
  });
  const redact = await time(() => redactTexts(texts));
  const whole = await time(() => redactTexts(texts, { prefilter: false }));
  const rate = (ms: number) => (mb / (ms / 1000)).toFixed(0);
  const cell = (t: Timing) => `${t.wall.toFixed(1)} / ${t.cpu.toFixed(1)}`;
  rows.push(
    `| ${name} | ${texts.length} | ${mb.toFixed(2)} | ${windows} | ${(windowChars / 1e6).toFixed(2)} M | ${total} | ` +
      `${cell(prefilter)} | ${rate(prefilter.cpu)} | **${cell(redact)}** | **${rate(redact.cpu)}** | ${cell(whole)} | ${rate(whole.cpu)} |`,
  );
  console.error(`  measured ${name}`);
}

console.log(
  `Node ${process.version}; median of ${ITERATIONS} samples after ${WARMUP} warm-up(s)${(globalThis as { gc?: unknown }).gc ? '; gc before every sample' : ''}. ` +
    'MB = 10^6 UTF-8 bytes; times are wall / CPU ms; MB/s from CPU time.',
);
console.log('');
console.log(
  '| text | messages | MB | detector windows | window chars | values replaced | prefilter ms | MB/s | redactTexts ms | MB/s | secretlint on whole texts ms | MB/s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
