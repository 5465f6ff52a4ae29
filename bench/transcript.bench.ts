// Throughput and peak memory of renderTranscript / transcriptChunks / readTranscript on 1, 10 and 50 MiB
// mixed captures and on a chat-like capture (10,000 messages of ~1 KB words, as in prepare.bench.ts),
// beside the engine's own JSON.stringify of the same message texts (the floor any renderer builds on).
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/transcript.bench.ts
//
// Each (operation, size) is measured in a fresh child process so earlier runs cannot lend it
// already-committed memory. Inside the child a worker thread samples the process RSS every
// millisecond while the main thread runs the operation, giving the peak RSS above the
// post-gc baseline. Throughput is the best of several timed runs after a warm-up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readTranscript } from '../src/transcript/read.ts';
import { renderTranscript, transcriptChunks } from '../src/transcript/write.ts';
import type { ProjectedMessage, SourceCapture } from '../src/context/shapes.ts';
import { rng } from './rng.ts';

const MiB = 1024 * 1024;
const MB = 1e6;

/** A capture kind and its size: MiB of text for `mixed`, message count for `chat`. */
type Case = { kind: 'mixed' | 'chat'; size: number };
const CASES: Case[] = [
  { kind: 'mixed', size: 1 },
  { kind: 'mixed', size: 10 },
  { kind: 'mixed', size: 50 },
  { kind: 'chat', size: 10_000 },
];

/** A new flat string with the same content (so messages do not share one rope or buffer). */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Deterministic mixed capture whose message texts total at least `bytes` UTF-8 bytes. */
function makeCapture(bytes: number): SourceCapture {
  const prose = 'The quick brown fox jumps over the lazy dog; "quotes" and a \\ backslash.\n'.repeat(60);
  const cjk = '界面设计与实现😀，多字节文本\n'.repeat(200);
  const longLine = '{"key":"value\\n","n":12345,"tag":"<div>"},'.repeat(6000); // ~256 KiB, one line
  const code = 'function f(a, b) {\n\tif (a < b) return `${a}\\t${b}`;\n\treturn null;\n}\n'.repeat(40);
  const kinds = [prose, cjk, prose, longLine, code, cjk];
  const messages: ProjectedMessage[] = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    const text = flat(`#${i} ${kinds[i % kinds.length]!}`);
    total += Buffer.byteLength(text, 'utf8');
    messages.push({ role: i % 2 === 0 ? 'user' : 'assistant', text, checkpoint: i === 0 });
  }
  return {
    sessionId: 'bench-source',
    label: 'bench',
    cwd: '/bench',
    capturedThroughSeq: messages.length * 3,
    capturedFormatVersion: 1,
    messages,
  };
}

const WORDS = [
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

/** `count` alternating user/assistant messages of ~1 KB of words (prepare.bench.ts's 10k source): two-byte text, quotes, newlines, sparse emoji. */
function makeChat(count: number): SourceCapture {
  const random = rng(count);
  const messages: ProjectedMessage[] = [];
  for (let i = 0; i < count; i++) {
    const parts: string[] = [];
    for (let size = 0; size < 1000;) {
      const word = WORDS[Math.floor(random() * WORDS.length)]!;
      parts.push(word);
      size += Buffer.byteLength(word) + 1;
    }
    messages.push({ role: i % 2 === 0 ? 'user' : 'assistant', text: parts.join(' '), checkpoint: false });
  }
  return { sessionId: 'bench-chat', label: 'chat', cwd: '/bench', capturedThroughSeq: count * 2, capturedFormatVersion: 1, messages };
}

const makeCase = ({ kind, size }: Case): SourceCapture => (kind === 'mixed' ? makeCapture(size * MiB) : makeChat(size));
const caseName = ({ kind, size }: Case): string =>
  kind === 'mixed' ? `${size} MiB mixed` : `chat ${size.toLocaleString('en-US')} × ~1 KB`;

const captureBytes = (capture: SourceCapture): number => capture.messages.reduce((sum, m) => sum + Buffer.byteLength(m.text, 'utf8'), 0);

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  collect();
  collect();
};

/** Starts a worker that tracks the maximum process RSS in `peak[0]` until `stop[0]` is set. */
function startRssSampler(): { peak: () => number; stop: () => Promise<void> } {
  const shared = new SharedArrayBuffer(16);
  const peak = new Float64Array(shared, 0, 1);
  const flags = new Int32Array(shared, 8, 1);
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData, 0, 1);
     const flags = new Int32Array(workerData, 8, 1);
     Atomics.store(flags, 0, 1);
     while (Atomics.load(flags, 0) !== 2) {
       const rss = process.memoryUsage.rss();
       if (rss > peak[0]) peak[0] = rss;
       Atomics.wait(flags, 0, 1, 1);
     }`,
    { eval: true, workerData: shared },
  );
  return {
    peak: () => peak[0]!,
    stop: async () => {
      Atomics.store(flags, 0, 2);
      Atomics.notify(flags, 0);
      await worker.terminate();
    },
  };
}

/** `escape` is the engine's baseline: one `JSON.stringify` per message text, no lines, no transcript around them. */
type Op = 'render' | 'stream' | 'read' | 'escape';

/** The engine's own escaper over the same texts, results kept (as a render keeps its string). */
function escapeTexts(capture: SourceCapture): string[] {
  return capture.messages.map((message) => JSON.stringify(message.text));
}

/** Consumes the chunk stream without keeping it, as a host writing to a file would. */
function stream(capture: SourceCapture): number {
  let length = 0;
  for (const chunk of transcriptChunks(capture)) length += chunk.length;
  return length;
}

async function child(op: Op, testCase: Case, file: string): Promise<void> {
  // Warm the JIT on a small input first.
  const warm = makeCapture(MiB);
  readTranscript(renderTranscript(warm));

  const capture = op === 'read' ? undefined : makeCase(testCase);
  const transcript = op === 'read' ? readFileSync(file, 'utf8') : undefined;
  const inputBytes = capture ? captureBytes(capture) : Buffer.byteLength(transcript!, 'utf8');
  const run = (): unknown =>
    op === 'render'
      ? renderTranscript(capture!)
      : op === 'stream'
        ? stream(capture!)
        : op === 'escape'
          ? escapeTexts(capture!)
          : readTranscript(transcript!);

  const sampler = startRssSampler();
  await new Promise((resolve) => setTimeout(resolve, 20)); // let the worker start sampling
  gc();
  const before = process.memoryUsage();
  const t0 = performance.now();
  let result: unknown = run();
  const first = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 5));
  const peakRss = Math.max(sampler.peak(), process.memoryUsage.rss());
  await sampler.stop();
  gc(); // the result is still referenced: what remains above the baseline is the result itself
  const retainedHeap = process.memoryUsage().heapUsed - before.heapUsed;

  result = undefined;
  gc();
  let best = first;
  for (let i = 0, spent = first; i < 4 && spent < 3000; i++) {
    const t = performance.now();
    result = run();
    const ms = performance.now() - t;
    spent += ms;
    best = Math.min(best, ms);
    result = undefined;
    gc();
  }
  void result;
  process.stdout.write(JSON.stringify({ inputBytes, best, peakRssDelta: peakRss - before.rss, retainedHeap, baselineRss: before.rss }));
}

async function main(): Promise<void> {
  const [mode, op, kind, size, file] = process.argv.slice(2);
  if (mode === 'child') return child(op as Op, { kind: kind as Case['kind'], size: Number(size) }, file!);

  const dir = mkdtempSync(join(tmpdir(), 'transcript-bench-'));
  const rows: string[] = [];
  const ratios: string[] = [];
  try {
    for (const testCase of CASES) {
      const path = join(dir, `${testCase.kind}-${testCase.size}.txt`);
      const capture = makeCase(testCase);
      const text = renderTranscript(capture);
      writeFileSync(path, text);
      const lines = text.split('\n').length - 1;
      const ms: Partial<Record<Op, number>> = {};
      for (const op of ['render', 'stream', 'read', 'escape'] as const) {
        const args = [...process.execArgv, import.meta.filename, 'child', op, testCase.kind, String(testCase.size), path];
        const res = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 16 * MiB });
        if (res.status !== 0) throw new Error(`child ${op} ${caseName(testCase)} failed: ${res.stderr}`);
        const r = JSON.parse(res.stdout) as { inputBytes: number; best: number; peakRssDelta: number; retainedHeap: number };
        ms[op] = r.best;
        const inMiB = r.inputBytes / MiB;
        rows.push(
          `| ${op} | ${caseName(testCase)} (${capture.messages.length} msgs, ${lines} lines) | ${inMiB.toFixed(2)} | ` +
            `${r.best.toFixed(0)} | ${(inMiB / (r.best / 1000)).toFixed(0)} | ${(r.inputBytes / MB / (r.best / 1000)).toFixed(0)} | ` +
            `${(r.peakRssDelta / MiB).toFixed(0)} (${(r.peakRssDelta / r.inputBytes).toFixed(2)}×) | ` +
            `${(r.retainedHeap / MiB).toFixed(0)} (${(r.retainedHeap / r.inputBytes).toFixed(2)}×) |`,
        );
      }
      const mb = (ms2: number): string => (captureBytes(capture) / MB / (ms2 / 1000)).toFixed(0);
      ratios.push(
        `| ${caseName(testCase)} | ${mb(ms.escape!)} | ${mb(ms.render!)} | ${(ms.render! / ms.escape!).toFixed(2)}× | ${(ms.render! / ms.stream!).toFixed(2)}× |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `Node ${process.version}; input = UTF-8 bytes of the message texts (render, stream) or of the transcript (read); ` +
      'stream = transcriptChunks consumed without keeping the chunks.\n',
  );
  console.log('| op | capture | input MiB | best ms | MiB/s | MB/s | peak RSS Δ MiB (÷ input) | result heap MiB (÷ input) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    "\nTarget: render (one string) ≥ 300 MB/s. Against the engine's own escaper (escape = one JSON.stringify per message " +
      'text, no lines around it) and against streaming the same text, which keeps no chunk:\n',
  );
  console.log('| capture | escape MB/s | render MB/s | render ÷ escape | render ÷ stream |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of ratios) console.log(row);
}

await main();
