// prepare() with focused retention against the host's warm readSurface of the same source, measured in the same run
// (issue 22, "Cost": prepare ≤ 1.3× the warm read at 2,000 and 10,000 messages).
//
// Run: npm run bench -- focused-prepare
//   Env: BENCH_FOCUSED_ITER (timed iterations, default 7), BENCH_FOCUSED_REBUILD=1 (rewrite the cached fixture).
//
// Fixture: planted-fact sessions (bench/planted-facts.ts; ~500 B per message) of 2,000 and 10,000 messages written
// through a real SessionStore with JSONL persistence (zstd), cached under `.bench/`. Each size is read by two
// long-lived hosts on the same root, one with `retention: 'focused'` (the default) and one with `'newest'`, both at
// maxReferenceBytes 65536, redaction on (the default), no spill store; each host has read the source once before
// timing, so every readSurface and prepare is warm. Per iteration, one sample of each op, in an order rotated every
// iteration, gc before each: readSurface; prepare with a fact question; prepare with "continue from @…"; prepare
// with 'newest'. The citing content holds the canonical mention, as `prepare`'s callers pass it. The verdict uses the
// median of per-iteration ratios (each prepare against the read of its own iteration); the ratio of the fastest
// samples and the process CPU time of each op are reported too, since wall time on a shared machine moves with the load.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SessionId } from '@deepseek-ai/dsh-session';
import { bootHost, writeSession } from '../test/support/host.ts';
import type { Host, SessionItem } from '../test/support/host.ts';
import { SessionReferenceResolver } from '../src/plugin.ts';
import type { SessionReferenceAgent } from '../src/types.ts';
import { plantedSession } from './planted-facts.ts';
import type { PlantedSession } from './planted-facts.ts';

const FIXTURE_VERSION = 'focused-v1';
const BUDGET = 65_536;
const ITERATIONS = Number(process.env.BENCH_FOCUSED_ITER ?? 7);
const COUNTS = [2_000, 10_000];
const FIXTURE_DIR = join(import.meta.dirname, '..', '.bench', `focused-fixture-${FIXTURE_VERSION}`);
const AGENT: SessionReferenceAgent = { id: 'bench-target', options: {}, session: { header: {} } };

const rootOf = (count: number): string => join(FIXTURE_DIR, String(count));
const hostOptions = (count: number) => ({
  root: rootOf(count),
  query: 'nosearch' as const,
  llm: false,
  agentLoop: false,
  invariants: false,
});

function items(session: PlantedSession): SessionItem[] {
  return session.messages.map((m) => (m.role === 'user' ? { kind: 'user', text: m.text } : { kind: 'assistant', text: m.text }));
}

async function ensureFixture(): Promise<void> {
  const manifest = join(FIXTURE_DIR, 'manifest.json');
  if (process.env.BENCH_FOCUSED_REBUILD !== '1') {
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === FIXTURE_VERSION) return;
    } catch {
      // missing or unreadable: rebuild
    }
  }
  rmSync(FIXTURE_DIR, { recursive: true, force: true });
  for (const count of COUNTS) {
    mkdirSync(rootOf(count), { recursive: true });
    const session = plantedSession(1000, count);
    const host = await bootHost(hostOptions(count));
    try {
      await writeSession(host, { id: session.sessionId, cwd: '/work/billing', items: items(session) });
    } finally {
      await host.dispose();
    }
    console.error(`  wrote ${session.sessionId}`);
  }
  writeFileSync(manifest, JSON.stringify({ version: FIXTURE_VERSION }));
}

interface Reader {
  host: Host;
  resolver: SessionReferenceResolver;
}

async function bootReader(count: number, retention: 'focused' | 'newest'): Promise<Reader> {
  const host = await bootHost(hostOptions(count));
  await host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: BUDGET, retention });
  const resolver = host.ctx.get('sessionReferenceResolver');
  if (resolver === undefined) throw new Error('sessionReferenceResolver did not mount');
  return { host, resolver };
}

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  collect();
};

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Op = 'readSurface' | 'focused, fact question' | 'focused, "continue"' | 'newest';
const OPS: Op[] = ['readSurface', 'focused, fact question', 'focused, "continue"', 'newest'];

await ensureFixture();
console.log(
  `Node ${process.version}; budget ${BUDGET}; redaction on; warm hosts (the source read once before timing); ` +
    `median of ${ITERATIONS} interleaved samples, gc before each.\n`,
);
console.log(
  '| messages | text MB | readSurface ms | op | prepare ms | ratio of medians | median of per-iteration ratios | ratio of minimums | CPU-time ratio of medians | verdict (≤ 1.3×) |',
);
console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|---|');
for (const count of COUNTS) {
  const session = plantedSession(1000, count);
  const reference = [{ sessionId: session.sessionId, label: session.label }];
  const question = [{ type: 'text' as const, text: session.citing[0]!.text }];
  const resume = [{ type: 'text' as const, text: session.citing[20]!.text }];
  const focused = await bootReader(count, 'focused');
  const newest = await bootReader(count, 'newest');
  try {
    const id = SessionId(session.sessionId);
    await focused.host.ctx.sessionQuery.readSurface(id);
    await newest.host.ctx.sessionQuery.readSurface(id);
    const run: Record<Op, () => Promise<unknown>> = {
      readSurface: () => focused.host.ctx.sessionQuery.readSurface(id),
      'focused, fact question': () => focused.resolver.prepare(AGENT, question, reference),
      'focused, "continue"': () => focused.resolver.prepare(AGENT, resume, reference),
      newest: () => newest.resolver.prepare(AGENT, question, reference),
    };
    for (const op of OPS) await run[op]();
    const samples = new Map<Op, number[]>(OPS.map((op) => [op, []]));
    const cpu = new Map<Op, number[]>(OPS.map((op) => [op, []]));
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      for (let k = 0; k < OPS.length; k++) {
        const op = OPS[(k + iteration) % OPS.length]!;
        gc();
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await run[op]();
        samples.get(op)!.push(performance.now() - t0);
        const used = process.cpuUsage(c0);
        cpu.get(op)!.push((used.user + used.system) / 1000);
      }
    }
    const read = median(samples.get('readSurface')!);
    const megabytes = session.messages.reduce((sum, m) => sum + Buffer.byteLength(m.text), 0) / 1e6;
    const reads = samples.get('readSurface')!;
    for (const op of OPS.slice(1)) {
      const ms = median(samples.get(op)!);
      // Each iteration's prepare against the read of the same iteration: load that shifts during the run cancels out.
      const paired = median(samples.get(op)!.map((sample, iteration) => sample / reads[iteration]!));
      const cpuRatio = median(cpu.get(op)!) / median(cpu.get('readSurface')!);
      const verdict = op === 'newest' ? '—' : paired <= 1.3 ? 'meets' : 'MISSES';
      console.log(
        `| ${count.toLocaleString('en-US')} | ${megabytes.toFixed(2)} | ${read.toFixed(1)} | ${op} | ${ms.toFixed(1)} | ` +
          `${(ms / read).toFixed(2)}× | ${paired.toFixed(2)}× | ${(Math.min(...samples.get(op)!) / Math.min(...reads)).toFixed(2)}× | ` +
          `${cpuRatio.toFixed(2)}× | ${verdict} |`,
      );
    }
  } finally {
    await focused.host.dispose();
    await newest.host.dispose();
  }
}
