// Throughput and peak memory of renderTranscript / readTranscript on 1, 10 and 50 MiB
// mixed captures, on a chat-like capture (10,000 messages of ~1 KB words, as in prepare.bench.ts) and on
// an ASCII one (10,000 messages of ~1 KB of long alphanumeric runs: every text Latin-1, as in prepare-shapes.bench.ts),
// beside the engine's own JSON.stringify of the same message texts (the floor any renderer builds on).
// Target: render ≤ 1.5× one JSON.stringify of the texts. `plain` renders the same bytes with one
// JSON.stringify per fragment instead of the hand-written escaper, so the escaper's keep is measured.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/transcript.bench.ts
//
// Each (operation, size) is measured in a fresh child process so earlier runs cannot lend it
// already-committed memory. Inside the child a worker thread samples the process RSS every
// millisecond while the main thread runs the operation, giving the peak RSS above the
// post-gc baseline. Times come from one more child per capture that runs every operation in
// interleaved rounds, so a busy machine slows all of them alike; each figure is the best sample.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readTranscript } from '../src/transcript/read.ts';
import { renderTranscript } from '../src/transcript/write.ts';
import type { ProjectedMessage, SourceCapture } from '../src/context/prepare-data.ts';
import { MIXED_WORDS as WORDS, rng } from './rng.ts';

const MiB = 1024 * 1024;
const MB = 1e6;
/** Timed samples of each operation, after one warm-up round. */
const SAMPLES = 11;

/** Shortest timed sample, in ms: a faster operation runs several times per sample. */
const MIN_SAMPLE_MS = 40;

/** A capture kind and its size: MiB of text for `mixed`, message count for `chat` and `ascii-chat`. */
type Case = { kind: 'mixed' | 'chat' | 'ascii-chat'; size: number };
const CASES: Case[] = [
  { kind: 'mixed', size: 1 },
  { kind: 'mixed', size: 10 },
  { kind: 'mixed', size: 50 },
  { kind: 'chat', size: 10_000 },
  { kind: 'ascii-chat', size: 10_000 },
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

/** `count` alternating messages of ~1 KB of base-62 runs 8 to 200 characters long: every text pure ASCII. */
function makeAsciiChat(count: number): SourceCapture {
  const random = rng(count + 1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const messages: ProjectedMessage[] = [];
  for (let i = 0; i < count; i++) {
    let text = '';
    while (text.length < 1000) {
      const run = 8 + Math.floor(random() * 192);
      for (let k = 0; k < run; k++) text += alphabet.charAt(Math.floor(random() * 62));
      text += random() < 0.1 ? '\n' : ' ';
    }
    messages.push({ role: i % 2 === 0 ? 'user' : 'assistant', text: text.slice(0, 1000), checkpoint: false });
  }
  return { sessionId: 'bench-ascii', label: 'ascii', cwd: '/bench', capturedThroughSeq: count * 2, capturedFormatVersion: 1, messages };
}

const makeCase = ({ kind, size }: Case): SourceCapture =>
  kind === 'mixed' ? makeCapture(size * MiB) : kind === 'chat' ? makeChat(size) : makeAsciiChat(size);
const caseName = ({ kind, size }: Case): string =>
  kind === 'mixed' ? `${size} MiB mixed` : `${kind === 'chat' ? 'chat' : 'ASCII chat'} ${size.toLocaleString('en-US')} × ~1 KB`;

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

/**
 * The engine's baselines: `stringify` is one `JSON.stringify` of the texts (one string, as a render
 * makes); `escape` is one `JSON.stringify` per message text, results kept, no string around them.
 * `plain` is {@link renderPlain}.
 */
type Op = 'render' | 'plain' | 'read' | 'stringify' | 'escape';
const OPS: readonly Op[] = ['render', 'plain', 'read', 'stringify', 'escape'];

const texts = (capture: SourceCapture): string[] => capture.messages.map((message) => message.text);

/** The engine's own escaper over the same texts, results kept (as a render keeps its string). */
function escapeTexts(capture: SourceCapture): string[] {
  return capture.messages.map((message) => JSON.stringify(message.text));
}

/** Any surrogate; a text without one is cut every 64 units. */
const SURROGATE = /[\ud800-\udfff]/;
/** Runs of at most 64 code points, a lone surrogate counting as one. */
const FRAGMENTS = /.{1,64}/gsu;

/**
 * The transcript renderTranscript writes, with no hand-written escaper: one `JSON.stringify` per
 * fragment, all lines joined once. The frame around the messages is renderTranscript's own.
 */
function renderPlain(capture: SourceCapture): string {
  const frame = renderTranscript({ ...capture, messages: [] }).split('\n');
  const lines = frame.slice(0, -3);
  capture.messages.forEach((message, m) => {
    const text = message.text;
    lines.push('', `### Message ${m + 1}: ${message.role}${message.checkpoint ? ' (checkpoint)' : ''}`);
    if (text.length === 0) return;
    lines.push('');
    if (!SURROGATE.test(text)) {
      for (let start = 0; start < text.length; start += 64) lines.push(JSON.stringify(text.slice(start, start + 64)));
    } else {
      for (const fragment of text.match(FRAGMENTS)!) lines.push(JSON.stringify(fragment));
    }
  });
  lines.push('', `### End of transcript: ${capture.messages.length} messages`, '');
  return lines.join('\n');
}

/** The operations on one capture (or its transcript file, for `read`). */
function operations(capture: SourceCapture, transcript: string): Record<Op, () => unknown> {
  const all = texts(capture);
  return {
    render: () => renderTranscript(capture),
    plain: () => renderPlain(capture),
    read: () => readTranscript(transcript),
    stringify: () => JSON.stringify(all),
    escape: () => escapeTexts(capture),
  };
}

/** Peak RSS and retained heap of one run of `op`, in a process of its own; prints them as JSON. */
async function memoryChild(op: Op, testCase: Case, file: string): Promise<void> {
  // Warm the JIT on a small input first.
  const warm = makeCapture(MiB);
  readTranscript(renderTranscript(warm));

  // Only what the operation reads is in memory.
  const capture = op === 'read' ? makeChat(0) : makeCase(testCase);
  const transcript = op === 'read' ? readFileSync(file, 'utf8') : '';
  const inputBytes = op === 'read' ? Buffer.byteLength(transcript, 'utf8') : captureBytes(capture);
  const run = operations(capture, transcript)[op];

  const sampler = startRssSampler();
  await new Promise((resolve) => setTimeout(resolve, 20)); // let the worker start sampling
  gc();
  const before = process.memoryUsage();
  const result: unknown = run();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const peakRss = Math.max(sampler.peak(), process.memoryUsage.rss());
  await sampler.stop();
  gc(); // the result is still referenced: what remains above the baseline is the result itself
  const retainedHeap = process.memoryUsage().heapUsed - before.heapUsed;
  // Read after the measure, so the result stays referenced through it; every operation returns one.
  if (result === undefined) throw new Error(`${op} returned nothing`);
  process.stdout.write(JSON.stringify({ inputBytes, peakRssDelta: peakRss - before.rss, retainedHeap }));
}

/** Best wall ms and mean main-thread CPU ms of each operation (the CPU clock ticks too coarsely for a best). */
type Times = { wall: Record<Op, number>; cpu: Record<Op, number> };

/**
 * Ms per run of every operation on one capture, in one process: SAMPLES rounds, each taking one
 * sample of every operation (order rotated, gc before each; a sample repeats a fast operation up
 * to MIN_SAMPLE_MS), so load on the machine hits all of them alike.
 * Wall time is what a caller waits; main-thread CPU time is what the operation costs, and holds
 * still when other processes take the cores.
 */
function timeChild(testCase: Case, file: string): void {
  const capture = makeCase(testCase);
  const ops = operations(capture, readFileSync(file, 'utf8'));
  const wall: Partial<Record<Op, number>> = {};
  const cpu: Partial<Record<Op, number>> = {};
  const reps: Partial<Record<Op, number>> = {};
  for (let round = 0; round < 1 + SAMPLES; round++) {
    for (let k = 0; k < OPS.length; k++) {
      const op = OPS[(k + round) % OPS.length]!;
      const times = reps[op] ?? 1;
      gc();
      const c0 = process.threadCpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < times; i++) {
        ops[op](); // the result is dropped at once, as a caller that is done with it would
      }
      const ms = (performance.now() - t0) / times;
      const used = process.threadCpuUsage(c0);
      if (round === 0) {
        reps[op] = Math.max(1, Math.ceil(MIN_SAMPLE_MS / ms)); // round 0 warms the JIT and sizes the samples
        continue;
      }
      wall[op] = Math.min(wall[op] ?? Infinity, ms);
      cpu[op] = (cpu[op] ?? 0) + (used.user + used.system) / 1000 / times / SAMPLES;
    }
  }
  process.stdout.write(JSON.stringify({ wall, cpu }));
}

function spawnChild(args: string[]): string {
  const res = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, ...args], { encoding: 'utf8', maxBuffer: 16 * MiB });
  if (res.status !== 0) throw new Error(`child ${args.join(' ')} failed: ${res.stderr}`);
  return res.stdout;
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === 'memory') {
    await memoryChild(args[0] as Op, { kind: args[1] as Case['kind'], size: Number(args[2]) }, args[3]!);
    return;
  }
  if (mode === 'time') {
    timeChild({ kind: args[0] as Case['kind'], size: Number(args[1]) }, args[2]!);
    return;
  }

  const dir = mkdtempSync(join(tmpdir(), 'transcript-bench-'));
  const rows: string[] = [];
  const ratios: string[] = [];
  let missed = false;
  try {
    for (const testCase of CASES) {
      const capture = makeCase(testCase);
      const text = renderTranscript(capture);
      if (renderPlain(capture) !== text) throw new Error(`renderPlain differs from renderTranscript on ${caseName(testCase)}`);
      const path = join(dir, `${testCase.kind}-${testCase.size}.txt`);
      writeFileSync(path, text);
      const lines = text.split('\n').length - 1;
      const bytes = captureBytes(capture);
      const when = [testCase.kind, String(testCase.size), path];
      const { wall: ms, cpu } = JSON.parse(spawnChild(['time', ...when])) as Times;
      for (const op of OPS) {
        const r = JSON.parse(spawnChild(['memory', op, ...when])) as { inputBytes: number; peakRssDelta: number; retainedHeap: number };
        const inMiB = r.inputBytes / MiB;
        rows.push(
          `| ${op} | ${caseName(testCase)} (${capture.messages.length} msgs, ${lines} lines) | ${inMiB.toFixed(2)} | ` +
            `${ms[op].toFixed(0)} | ${(inMiB / (ms[op] / 1000)).toFixed(0)} | ${(r.inputBytes / MB / (ms[op] / 1000)).toFixed(0)} | ` +
            `${(r.peakRssDelta / MiB).toFixed(0)} (${(r.peakRssDelta / r.inputBytes).toFixed(2)}×) | ` +
            `${(r.retainedHeap / MiB).toFixed(0)} (${(r.retainedHeap / r.inputBytes).toFixed(2)}×) |`,
        );
      }
      const mb = (op: Op): string => (bytes / MB / (ms[op] / 1000)).toFixed(0);
      const ratio = (op: Op, base: Op): string => `${(ms[op] / ms[base]).toFixed(2)}× / ${(cpu[op] / cpu[base]).toFixed(2)}×`;
      const verdict = (times: Record<Op, number>): string => (times.render <= 1.5 * times.stringify ? 'meets' : 'MISSES');
      missed ||= verdict(ms) !== 'meets' || verdict(cpu) !== 'meets';
      ratios.push(
        `| ${caseName(testCase)} | ${mb('stringify')} | ${mb('escape')} | ${mb('render')} | ${mb('plain')} | ` +
          `${ratio('render', 'stringify')} | ${ratio('plain', 'stringify')} | ${ratio('render', 'escape')} | ${ratio('plain', 'escape')} | ` +
          `${verdict(ms)} / ${verdict(cpu)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `Node ${process.version}; input = UTF-8 bytes of the message texts (read: of the transcript); ` +
      `best wall ms of ${SAMPLES} interleaved samples per operation (CPU: their mean main-thread ms), one process per ` +
      'capture; memory from one run per operation in a process of its own.\n',
  );
  console.log('| op | capture | input MiB | best ms | MiB/s | MB/s | peak RSS Δ MiB (÷ input) | result heap MiB (÷ input) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    "\nTarget: render ≤ 1.5× the engine's JSON.stringify of the same texts (stringify: one call on the texts, one " +
      'string, as a render makes). Also against one JSON.stringify per message text (escape: no string around them), ' +
      'and against plain (the same bytes with one JSON.stringify per fragment, no hand-written escaper). Ratios and ' +
      'verdicts are wall / main-thread CPU:\n',
  );
  console.log(
    '| capture | stringify MB/s | escape MB/s | render MB/s | plain MB/s | render ÷ stringify | plain ÷ stringify | ' +
      'render ÷ escape | plain ÷ escape | render ≤ 1.5× stringify |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of ratios) console.log(row);
  if (missed) console.log('\nrender MISSES its target on at least one capture (wall or CPU).');
}

await main();
