// Retention benchmark: time by source size, cost per source byte, and budget fill over a generated corpus.
import { retainReference } from '../src/context/retention.ts';
import type { ProjectedMessage, SourceCapture } from '../src/context/prepare-data.ts';
import { rng } from './rng.ts';

const ALPHABET = ['a', 'e', 'o', 't', ' ', ' ', '\n', '<', '"', 'é', '界', '😀', 'x', 'y', '0', '.'];

function makeText(random: () => number, bytes: number): string {
  let out = '';
  let size = 0;
  while (size < bytes) {
    const piece = random() < 0.7 ? 'the quick brown fox ' : ALPHABET[Math.floor(random() * ALPHABET.length)]!;
    out += piece;
    size += Buffer.byteLength(piece);
  }
  return out;
}

function capture(messages: ProjectedMessage[], id = 'bench-session'): SourceCapture {
  return { sessionId: id, label: id, cwd: '/work', capturedThroughSeq: messages.length * 3, capturedFormatVersion: 1, messages };
}

function manyMessages(count: number, bytesEach: number): SourceCapture {
  const random = rng(count);
  return capture(
    Array.from({ length: count }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      text: makeText(random, bytesEach),
      checkpoint: i > 0 && i % 500 === 0,
    })),
  );
}

function singleMessage(bytes: number): SourceCapture {
  return capture([{ role: 'user', text: makeText(rng(bytes), bytes), checkpoint: false }]);
}

function sourceBytes(c: SourceCapture): number {
  return c.messages.reduce((sum, m) => sum + Buffer.byteLength(m.text), 0);
}

/** Median wall time in milliseconds over `runs` calls, after one warm-up call. */
function time(fn: () => unknown, runs: number): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const budgets = [65_536, 160_000];
const fmt = (x: number, digits = 2): string => x.toFixed(digits);

console.log('## Retention time (median wall time)\n');
console.log('| source | source bytes | budget | ms | preview bytes | retained / original msgs |');
console.log('|---|---:|---:|---:|---:|---:|');
const timed: [string, SourceCapture][] = [
  ['100 × ~1 KB', manyMessages(100, 1024)],
  ['1k × ~1 KB', manyMessages(1_000, 1024)],
  ['10k × ~1 KB', manyMessages(10_000, 1024)],
  ['1 × 10 MB', singleMessage(10 * 1024 * 1024)],
];
for (const [name, c] of timed) {
  for (const budget of budgets) {
    const ms = time(() => retainReference(c, budget), 7);
    const r = retainReference(c, budget);
    console.log(
      `| ${name} | ${sourceBytes(c)} | ${budget} | ${fmt(ms)} | ${r.size} | ${r.stats.retainedMessages} / ${r.stats.originalMessages} |`,
    );
  }
}

console.log('\n## Cost per source byte (budget 65536)\n');
console.log('| source | source bytes | ms | ns / source byte |');
console.log('|---|---:|---:|---:|');
const perByte: [string, SourceCapture][] = [
  ['1 × 1 MB', singleMessage(1024 * 1024)],
  ['1 × 10 MB', singleMessage(10 * 1024 * 1024)],
  ['1k × 1 KB (1 MB)', manyMessages(1_000, 1024)],
  ['10k × 1 KB (10 MB)', manyMessages(10_000, 1024)],
];
for (const [name, c] of perByte) {
  const bytes = sourceBytes(c);
  const ms = time(() => retainReference(c, 65_536), 7);
  console.log(`| ${name} | ${bytes} | ${fmt(ms)} | ${fmt((ms * 1e6) / bytes, 3)} |`);
}

/** Lognormal-ish message size between 10 B and 200 KB. */
function messageSize(random: () => number): number {
  const u = Math.max(random(), 1e-9);
  const v = random();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.round(Math.min(200_000, Math.max(10, Math.exp(5.5 + 2 * normal))));
}

function corpus(count: number): SourceCapture[] {
  const random = rng(424242);
  return Array.from({ length: count }, (_, s) => {
    const length = 1 + Math.floor(random() * 60);
    const messages: ProjectedMessage[] = Array.from({ length }, (_, i) => ({
      role: random() < 0.5 ? ('user' as const) : ('assistant' as const),
      text: makeText(random, messageSize(random)),
      checkpoint: i === 0 && random() < 0.2,
    }));
    return capture(messages, `source-${s}`);
  });
}

console.log('\n## Budget fill (preview bytes ÷ budget, truncated sources only)\n');
console.log('| budget | sources | truncated | min fill | median fill | min-fill source: msgs kept/orig, omitted msgs |');
console.log('|---:|---:|---:|---:|---:|---|');
const sources = corpus(50);
for (const budget of [1024, 4096, 16_384, 65_536]) {
  const fills: { fill: number; note: string }[] = [];
  for (const c of sources) {
    const r = retainReference(c, budget);
    if (!r.stats.truncated) continue;
    fills.push({
      fill: r.size / budget,
      note: `${r.stats.retainedMessages}/${r.stats.originalMessages}, ${r.stats.omittedMessages}`,
    });
  }
  fills.sort((a, b) => a.fill - b.fill);
  const min = fills[0];
  const median = fills[Math.floor(fills.length / 2)];
  console.log(
    `| ${budget} | ${sources.length} | ${fills.length} | ${min ? fmt(min.fill * 100) + '%' : '—'} | ` +
      `${median ? fmt(median.fill * 100) + '%' : '—'} | ${min?.note ?? '—'} |`,
  );
}
