// prepare() on text shapes the main prepare bench does not write: 10,000 messages of ~1 KB holding
// long alphanumeric runs (the truncated path, plain JSONL, a real LocalSpillStore), and one 10 MB
// message of ASCII prose, of dense code-like text and of the bench's mixed words.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/prepare-shapes.bench.ts
//   Env: BENCH_SHAPES_ITER (timed iterations, default 5), BENCH_SHAPES_ONLY (run the cases whose name holds it),
//   BENCH_SHAPES_OPS (a |-separated subset of the ops; the ratios need them all).
//   Add --cpu-prof --cpu-prof-dir=DIR for a profile; docs/performance.md keeps its summary.
//
// Every case is written once through a real host (plain JSONL) to a temp root, then read back by a
// long-lived host (warm: its persistence cache holds the log) with a spill store on a temp root.
// Within an iteration the ops are interleaved, their order rotated each time, gc() before each.
// Targets: the truncated path (prepare + spill) ≤ 1.25× its floor = the warm readSurface + the
// store's own saveText of the same transcript + one JSON.stringify of the captured texts; one
// 10 MB message: prepare ≤ 1.5× the read (≤ 2× with the spill), and the longest event-loop stall
// of prepare no longer than the read's own.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SessionId } from '@deepseek-ai/dsh-session';
import { bootHost, writeSession } from '../test/support/host.ts';
import type { Host, SessionItem } from '../test/support/host.ts';
import { SessionReferenceResolver } from '../src/plugin.ts';
import type { SessionReferenceAgent } from '../src/types.ts';
import { captureSource } from '../src/context/projection.ts';
import { SESSION_REFERENCE_SOURCE_KIND } from '../src/context/prepare-data.ts';
import { renderTranscript } from '../src/transcript/write.ts';
import { MIXED_WORDS, rng, wordText } from './rng.ts';

const ITERATIONS = Number(process.env.BENCH_SHAPES_ITER ?? 5);
const ONLY = process.env.BENCH_SHAPES_ONLY ?? '';
const BUDGET = 65_536;
const MiB = 1024 * 1024;
const AGENT: SessionReferenceAgent = { id: 'bench-target', options: {}, session: { header: {} } };

/** `bytes` of text: words of base-62 runs 8 to 200 characters long, as hashes, ids and encoded blobs write them. */
function alphanumericText(random: () => number, bytes: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let text = '';
  while (text.length < bytes) {
    const run = 8 + Math.floor(random() * 192);
    for (let i = 0; i < run; i++) text += alphabet.charAt(Math.floor(random() * 62));
    text += random() < 0.1 ? '\n' : ' ';
  }
  return text.slice(0, bytes);
}

/** `bytes` of dense code-like ASCII: identifiers, operators, brackets, quotes and escapes, short lines. */
function codeText(random: () => number, bytes: number): string {
  const tokens = [
    'const',
    'x',
    '=',
    '{',
    '}',
    '(',
    ')',
    ';',
    '"a\\"b"',
    'if',
    '<',
    '>',
    '&&',
    '=>',
    '\t',
    '\n',
    'fn(arg)',
    '[0]',
    '0x1f',
    '//',
  ];
  return wordText(random, tokens, bytes);
}

/** `bytes` of ASCII prose. */
function proseText(random: () => number, bytes: number): string {
  const words = ['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'a', 'lazy', 'dog', 'and', 'then', 'sleeps.', 'Again,'];
  return wordText(random, words, bytes);
}

interface Shape {
  name: string;
  items: () => SessionItem[];
  /** True for a source of many messages, measured against the truncated path's floor. */
  chat: boolean;
}

const SHAPES: Shape[] = [
  {
    name: '10k × ~1 KB alphanumeric runs',
    chat: true,
    items: () => {
      const random = rng(29);
      return Array.from({ length: 10_000 }, (_, i): SessionItem => ({
        kind: i % 2 ? 'assistant' : 'user',
        text: alphanumericText(random, 1000),
      }));
    },
  },
  {
    name: '10k × ~1 KB mixed words',
    chat: true,
    items: () => {
      const random = rng(30);
      return Array.from({ length: 10_000 }, (_, i): SessionItem => ({
        kind: i % 2 ? 'assistant' : 'user',
        text: wordText(random, MIXED_WORDS, 1000),
      }));
    },
  },
  { name: '1 × 10 MB ASCII prose', chat: false, items: () => [{ kind: 'user', text: proseText(rng(31), 10 * MiB) }] },
  { name: '1 × 10 MB code-like', chat: false, items: () => [{ kind: 'user', text: codeText(rng(32), 10 * MiB) }] },
  { name: '1 × 10 MB mixed words', chat: false, items: () => [{ kind: 'user', text: wordText(rng(33), MIXED_WORDS, 10 * MiB) }] },
];

type Op =
  | 'read'
  | 'prepare'
  | 'prepare, no redaction'
  | 'prepare+spill'
  | 'prepare+spill, no redaction'
  | 'saveText'
  | 'stringify'
  | 'every character read once';
const ALL_OPS: Op[] = [
  'read',
  'prepare',
  'prepare, no redaction',
  'prepare+spill',
  'prepare+spill, no redaction',
  'saveText',
  'stringify',
  'every character read once',
];

/** The floor of any scan written in JavaScript: each code unit of the texts read once, nothing done with it. */
function readEveryCharacter(texts: readonly string[]): number {
  let sum = 0;
  for (const text of texts) for (let at = 0; at < text.length; at++) sum += text.charCodeAt(at);
  return sum;
}
/** BENCH_SHAPES_OPS=op,op… times only those ops (for a profile of one of them). */
const OPS: Op[] = process.env.BENCH_SHAPES_OPS === undefined ? ALL_OPS : (process.env.BENCH_SHAPES_OPS.split('|') as Op[]);

interface Reader {
  host: Host;
  resolver: SessionReferenceResolver;
  spillRoot: string;
}

async function bootReader(root: string, spill: boolean, redactSecrets: boolean): Promise<Reader> {
  const spillRoot = mkdtempSync(join(tmpdir(), 'shapes-spill-'));
  const host = await bootHost({
    root,
    compression: 'none',
    query: 'nosearch',
    llm: false,
    agentLoop: false,
    invariants: false,
    ...(spill ? { spillRoot } : {}),
  });
  await host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: BUDGET, redactSecrets });
  const resolver = host.ctx.get('sessionReferenceResolver')!;
  await host.ctx.sessionQuery.readSurface(SessionId('shape'));
  return { host, resolver, spillRoot };
}

/** The four warm readers: with and without a spill store, with and without redaction. */
interface Readers {
  plain: Reader;
  spill: Reader;
  plainExact: Reader;
  spillExact: Reader;
}

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  collect();
  collect();
};

function clearSpill(root: string): void {
  for (const entry of readdirSync(root)) rmSync(join(root, entry), { recursive: true, force: true });
}

/** Wall ms of one op and the longest event-loop stall during it, in ms. */
async function sample(op: Op, readers: Readers, id: string, floor: { transcript: string; texts: string[] }): Promise<[number, number]> {
  gc();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const t0 = performance.now();
  if (op === 'read') await readers.plain.host.ctx.sessionQuery.readSurface(SessionId(id));
  else if (op === 'stringify') JSON.stringify(floor.texts);
  else if (op === 'every character read once') readEveryCharacter(floor.texts);
  else if (op === 'saveText') {
    await (readers.spill.host.ctx.get('spillStore') as { saveText(input: object): Promise<unknown> }).saveText({
      owner: { sessionId: AGENT.id },
      source: { kind: SESSION_REFERENCE_SOURCE_KIND, sessionId: id, label: id },
      suggestedName: 'session-reference-1.txt',
      content: floor.transcript,
    });
  } else {
    const exact = op.endsWith('no redaction');
    const reader = op.startsWith('prepare+spill')
      ? exact
        ? readers.spillExact
        : readers.spill
      : exact
        ? readers.plainExact
        : readers.plain;
    await reader.resolver.prepare(AGENT, [], [{ sessionId: id }]);
  }
  const ms = performance.now() - t0;
  // A timer after the op, so that a block at its very end is recorded too (an immediate would run before the delay is sampled).
  await new Promise((resolve) => setTimeout(resolve, 5));
  histogram.disable();
  for (const reader of Object.values(readers)) clearSpill(reader.spillRoot);
  return [ms, histogram.max / 1e6];
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const fmt = (x: number): string => x.toFixed(1);

async function run(shape: Shape): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'shapes-root-'));
  const id = 'shape';
  const writer = await bootHost({ root, compression: 'none', query: 'nosearch', llm: false, agentLoop: false, invariants: false });
  try {
    await writeSession(writer, { id, cwd: '/work/bench', items: shape.items() });
  } finally {
    await writer.dispose();
  }
  const readers: Readers = {
    plain: await bootReader(root, false, true),
    spill: await bootReader(root, true, true),
    plainExact: await bootReader(root, false, false),
    spillExact: await bootReader(root, true, false),
  };
  try {
    const capture = captureSource(await readers.spill.host.ctx.sessionQuery.readSurface(SessionId(id)), id, id);
    const floor = { transcript: renderTranscript(capture), texts: capture.messages.map((m) => m.text) };
    const times = new Map<Op, number[]>(OPS.map((op) => [op, []]));
    const stalls = new Map<Op, number[]>(OPS.map((op) => [op, []]));
    for (let iteration = -1; iteration < ITERATIONS; iteration++) {
      const order = OPS.map((_, i) => OPS[(i + iteration + 1) % OPS.length]!);
      for (const op of order) {
        const [ms, stall] = await sample(op, readers, id, floor);
        if (iteration < 0) continue;
        times.get(op)!.push(ms);
        stalls.get(op)!.push(stall);
      }
    }
    const t = (op: Op): number => median(times.get(op)!);
    const s = (op: Op): number => median(stalls.get(op)!);
    console.log(`\n### ${shape.name}\n`);
    console.log('| op | median ms | longest stall ms |');
    console.log('|---|---:|---:|');
    for (const op of OPS) console.log(`| ${op} | ${fmt(t(op))} | ${fmt(s(op))} |`);
    if (OPS !== ALL_OPS) return;
    const read = t('read');
    if (shape.chat) {
      const floorMs = read + t('saveText') + t('stringify');
      console.log(
        `\nfloor ${fmt(floorMs)} ms; prepare+spill ÷ floor ${(t('prepare+spill') / floorMs).toFixed(2)}× ` +
          `(no redaction ${(t('prepare+spill, no redaction') / floorMs).toFixed(2)}×; target ≤ 1.25×); ` +
          `a scan that only read each character once would give ${((t('prepare+spill, no redaction') + t('every character read once')) / floorMs).toFixed(2)}×`,
      );
    } else {
      console.log(
        `\nprepare ÷ read ${(t('prepare') / read).toFixed(2)}× (no redaction ${(t('prepare, no redaction') / read).toFixed(2)}×; ≤ 1.5×); ` +
          `with spill ${(t('prepare+spill') / read).toFixed(2)}× (no redaction ${(t('prepare+spill, no redaction') / read).toFixed(2)}×; ≤ 2×); ` +
          `stall ${fmt(s('prepare'))} ms against the read's ${fmt(s('read'))} ms; ` +
          `a scan that only read each character once would give ${((t('prepare, no redaction') + t('every character read once')) / read).toFixed(2)}×`,
      );
    }
  } finally {
    for (const reader of Object.values(readers)) {
      await reader.host.dispose();
      rmSync(reader.spillRoot, { recursive: true, force: true });
    }
    rmSync(root, { recursive: true, force: true });
  }
}

console.log(`Node ${process.version}; budget ${BUDGET} B; plain JSONL; warm hosts; median of ${ITERATIONS} interleaved samples.`);
for (const shape of SHAPES) if (shape.name.includes(ONLY)) await run(shape);
