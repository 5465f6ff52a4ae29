// What secret redaction adds to prepare(): the same prepare of a 10,000-message source of ordinary text with
// `redactSecrets` on and off, in one real host, samples interleaved; and the host's own warm readSurface of the
// same source in the same run, for scale. The floor of any scan of every text: the scanner's own first step alone,
// one native pass of its pivot-character search over the texts.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/redact-prepare.bench.ts
//   (or `npm run bench -- redact-prepare`). Env: BENCH_REDACT_ITER (default 9).
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionId } from '@deepseek-ai/dsh-session';
import { bootHost, writeSession } from '../test/support/host.ts';
import type { SessionItem } from '../test/support/host.ts';
import { SessionReferenceResolver } from '../src/plugin.ts';
import type { SessionReferenceAgent } from '../src/types.ts';
import { redactTexts } from '../src/redaction/redact.ts';
import { PIVOT_RE } from '../src/redaction/pivots.ts';
import { rng, wordText } from './rng.ts';

const ITERATIONS = Number(process.env.BENCH_REDACT_ITER ?? 21);
const MESSAGES = 10_000;
const WORDS = [
  'the',
  'build',
  'failed',
  'because',
  'import',
  'src/index.ts',
  'const',
  'await',
  'fetch(url)',
  'returns',
  'a',
  'promise',
  'README',
  'test',
  'passes',
  'again',
  'cache',
  'key',
  'token',
  'value',
  'sk',
  'learn',
  'v1.2.3',
  '#fff',
  'we',
  'should',
  'retry',
  'later',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const root = mkdtempSync(join(tmpdir(), 'dsh-ref-bench-redact-'));
try {
  const random = rng(20261203);
  const items: SessionItem[] = [];
  for (let i = 0; i < MESSAGES; i++) items.push({ kind: i % 2 === 0 ? 'user' : 'assistant', text: wordText(random, WORDS, 1000) });
  const writer = await bootHost({ root, agentLoop: false, llm: false, invariants: false });
  await writeSession(writer, { id: 'ordinary', cwd: '/w', items });
  await writer.dispose();

  const host = await bootHost({ root, agentLoop: false, llm: false, invariants: false });
  await host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: 65_536 });
  const resolver = host.ctx.sessionReferenceResolver;
  const config = resolver.config as { redactSecrets: boolean };
  const agent: SessionReferenceAgent = { id: 'target', options: {}, session: { header: { cwd: '/w' } } };
  const prepare = async (redact: boolean) => {
    config.redactSecrets = redact;
    const started = performance.now();
    await resolver.prepare(agent, [{ type: 'text', text: '@x' }], [{ sessionId: 'ordinary' }]);
    return performance.now() - started;
  };
  const read = async () => {
    const started = performance.now();
    await host.ctx.sessionQuery.readSurface(SessionId('ordinary'));
    return performance.now() - started;
  };
  await prepare(true);
  await prepare(false);
  await read();
  const texts = items.map((item) => (item as { text: string }).text);
  const megabytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1e6;
  const scans: number[] = [];
  const pivotPasses: number[] = [];
  const on: number[] = [];
  const off: number[] = [];
  const reads: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    globalThis.gc?.();
    const first = i % 2 === 0;
    const a = await prepare(first);
    const b = await prepare(!first);
    const withRedaction = first ? a : b;
    const without = first ? b : a;
    on.push(withRedaction);
    off.push(without);
    ratios.push(withRedaction / without);
    reads.push(await read());
    const scanStarted = performance.now();
    await redactTexts(texts);
    scans.push(performance.now() - scanStarted);
    const pivotStarted = performance.now();
    for (const text of texts) {
      PIVOT_RE.lastIndex = 0;
      while (PIVOT_RE.test(text));
    }
    pivotPasses.push(performance.now() - pivotStarted);
  }
  await host.dispose();
  console.log(
    `prepare of ${MESSAGES.toLocaleString('en')} messages (~10 MB of ordinary text), budget 65536, warm host, ${ITERATIONS} interleaved samples:`,
  );
  console.log(
    `| readSurface (warm) | prepare, redactSecrets off | prepare, redactSecrets on | on ÷ off (medians) | on ÷ off (median of per-sample ratios) | the scan alone | off + scan, ÷ off | pivot search alone | off + pivot search, ÷ off |`,
  );
  console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  const scan = median(scans);
  const pivot = median(pivotPasses);
  console.log(
    `| ${median(reads).toFixed(0)} ms | ${median(off).toFixed(0)} ms | ${median(on).toFixed(0)} ms | ${(median(on) / median(off)).toFixed(3)}× | ${median(ratios).toFixed(3)}× | ${scan.toFixed(1)} ms (${(megabytes / (scan / 1000)).toFixed(0)} MB/s) | ${((median(off) + scan) / median(off)).toFixed(3)}× | ${pivot.toFixed(1)} ms (${(megabytes / (pivot / 1000)).toFixed(0)} MB/s) | ${((median(off) + pivot) / median(off)).toFixed(3)}× |`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
