// Soak: 1,000 sequential turns through the real agent loop, each citing one or two sessions, with the heap measured
// after a full GC every 100 turns. Memory must stay flat. Run: `npm run soak` (node --experimental-strip-types
// --expose-gc bench/soak.ts). Exit code 1 when the heap grows beyond the threshold after warm-up or a turn fails.
//
// The target session's own history grows with every turn and is not this package's to bound, so the target agent
// is replaced by a fresh one every AGENT_EVERY turns (the old one disposed) and heap is sampled right after a
// replacement: each sample then holds the same live state, and anything that accumulates across turns shows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent } from '@deepseek-ai/dsh-session';
import SessionReferenceResolver, { encodeSessionReferenceUri, formatSessionReferenceMention } from '../src/index.ts';
import { bootHost, runTurn, writeSession } from '../test/support/host.ts';
import { rng as random } from './rng.ts';

const TURNS = Number(process.env.SOAK_TURNS ?? 1000);
/** `SOAK_REFERENCES=0` is the control run: the same turns with no mention, so only the host's own footprint shows. */
const REFERENCES = process.env.SOAK_REFERENCES !== '0';
/** `SOAK_SNAPSHOTS=<dir>` writes a heap snapshot at every sample, for diffing when the heap does grow. */
const SNAPSHOTS = process.env.SOAK_SNAPSHOTS;
const SAMPLE_EVERY = 100;
const AGENT_EVERY = 50;
/**
 * Samples before this turn are warm-up. Over the first 200–400 turns the heap after GC sits ~3 MiB higher, then
 * drops once V8 flushes the bytecode of code run only at start-up and compacts (a snapshot diff across the drop
 * shows only BytecodeArray, constant pools and feedback metadata released); growth is measured from here on.
 */
const WARMUP = 400;
/** Allowed heap growth from just after warm-up to the end, as a fraction of the heap after warm-up. */
const THRESHOLD = 0.2;
/** Context window of the test model: the automatic budget is max(65536, 8000 × 4 × 0.2) = 65 536 bytes per source. */
const CONTEXT_WINDOW = 8_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('soak: run with --expose-gc (npm run soak)');
  process.exit(2);
}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Heap after a full GC. `heap` is `heapUsed`; `data` leaves out the code and trusted spaces, where V8 keeps compiled
 * code and bytecode: those swing by megabytes as functions are optimised and their bytecode is later flushed, which
 * says nothing about retained objects. The threshold applies to `data`; both series are reported.
 */
async function heapAfterGc(): Promise<{ heap: number; data: number }> {
  for (let i = 0; i < 4; i++) {
    gc!();
    await immediate();
  }
  const data = getHeapSpaceStatistics()
    .filter((space) => !/code|trusted|read_only/.test(space.space_name))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return { heap: process.memoryUsage().heapUsed, data };
}

const mib = (bytes: number) => (bytes / 1048576).toFixed(2);

const tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-soak-'));
const host = await bootHost({ root: join(tmp, 'sessions'), spillRoot: join(tmp, 'spill'), contextWindow: CONTEXT_WINDOW });
let exitCode = 0;
try {
  // Sources: three small ones and one of ~80 KB that every citation truncates (so a transcript is saved).
  const sources = [
    {
      id: 'soak-alpha',
      label: 'Alpha',
      items: [
        { kind: 'user' as const, text: 'alpha plan <b>' },
        { kind: 'assistant' as const, text: 'alpha answer' },
      ],
    },
    {
      id: 'soak-beta',
      label: 'Beta',
      items: [
        { kind: 'user' as const, text: 'beta "quoted" question' },
        { kind: 'assistant' as const, text: 'beta reply' },
      ],
    },
    { id: 'soak-gamma', label: 'Gamma', items: [{ kind: 'user' as const, text: 'gamma 😀 notes' }] },
    {
      id: 'soak-big',
      label: 'Big',
      items: Array.from({ length: 10 }, (_, i) => ({
        kind: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        text: `${i}:` + 'x'.repeat(8_000),
      })),
    },
  ];
  for (const source of sources) await writeSession(host, { id: source.id, cwd: '/soak', items: source.items });
  await host.ctx.plugin(SessionReferenceResolver, {});

  const pick = random(0x5eed);
  let generation = 0;
  let handle = await host.ctx.agents.create({
    sessionId: SessionId(`soak-target-${generation}`),
    agentOptions: { provider: 'test', model: 'm' },
  });
  const samples: { turn: number; heap: number; data: number }[] = [{ turn: 0, ...(await heapAfterGc()) }];
  let failures = 0;
  let citations = 0;
  let truncated = 0;
  const started = performance.now();

  for (let turn = 1; turn <= TURNS; turn++) {
    const count = 1 + Math.floor(pick() * 2);
    const cited = [...sources].sort(() => pick() - 0.5).slice(0, count);
    const text = !REFERENCES
      ? `turn ${turn}: compare ${cited.map((source) => source.label).join(' and ')}`
      : `turn ${turn}: compare ` +
        cited
          .map((source, i) =>
            i === 0 ? formatSessionReferenceMention({ sessionId: source.id, label: source.label }) : encodeSessionReferenceUri(source.id),
          )
          .join(' and ');
    const result = await runTurn(handle.agent, text);
    const contexts = result.events
      .filter((event): event is SessionEvent<'user/message'> => event.type === 'user/message')
      .map((event) => event.data)
      .filter((message) => (message.source.kind as string) === 'session-reference');
    if (result.reason.kind !== 'completed' || contexts.length !== (REFERENCES ? 1 : 0)) {
      failures++;
      if (failures <= 3)
        console.error(`soak: turn ${turn} ended ${JSON.stringify(result.reason)} with ${contexts.length} context message(s)`);
    } else if (REFERENCES) {
      const refs = (contexts[0]!.source as unknown as { references: { truncated: boolean }[] }).references;
      citations += refs.length;
      truncated += refs.filter((ref) => ref.truncated).length;
    }
    // The LLM double records every request it answers; that record is the harness's, not the plugin's memory.
    host.adapter.requests.length = 0;

    if (turn % AGENT_EVERY === 0) {
      await handle.dispose();
      generation++;
      handle = await host.ctx.agents.create({
        sessionId: SessionId(`soak-target-${generation}`),
        agentOptions: { provider: 'test', model: 'm' },
      });
    }
    if (turn % SAMPLE_EVERY === 0) {
      const { heap, data } = await heapAfterGc();
      samples.push({ turn, heap, data });
      if (SNAPSHOTS !== undefined) writeHeapSnapshot(join(SNAPSHOTS, `soak-${turn}.heapsnapshot`));
      console.log(
        `turn ${String(turn).padStart(5)}  data ${mib(data).padStart(8)} MiB  heapUsed ${mib(heap).padStart(8)} MiB  ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  await handle.dispose();

  // Robust to one odd sample (a JIT or GC-heuristics blip): the baseline is the median of the first three samples
  // after warm-up, the end the median of the last three; the slope is a least-squares fit over the same span.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const tail = samples.filter((s) => s.turn >= Math.min(WARMUP, TURNS));
  const warm = median(tail.slice(0, 3).map((s) => s.data));
  const end = median(tail.slice(-3).map((s) => s.data));
  const growth = (end - warm) / warm;
  const n = tail.length;
  const meanX = tail.reduce((sum, s) => sum + s.turn, 0) / n;
  const meanY = tail.reduce((sum, s) => sum + s.data, 0) / n;
  const slope =
    tail.reduce((sum, s) => sum + (s.turn - meanX) * (s.data - meanY), 0) / (tail.reduce((sum, s) => sum + (s.turn - meanX) ** 2, 0) || 1);

  console.log('');
  console.log(`data series (turn: MiB after GC): ${samples.map((s) => `${s.turn}: ${mib(s.data)}`).join(', ')}`);
  console.log(`heapUsed series (turn: MiB after GC): ${samples.map((s) => `${s.turn}: ${mib(s.heap)}`).join(', ')}`);
  console.log(
    `turns ${TURNS}, failed turns ${failures}, citations ${citations} (${truncated} truncated, each saved as a transcript), ` +
      `agents ${generation + 1}, wall ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `data heap after warm-up (median of turns ${tail
      .slice(0, 3)
      .map((s) => s.turn)
      .join('/')}) ${mib(warm)} MiB, ` +
      `end (median of turns ${tail
        .slice(-3)
        .map((s) => s.turn)
        .join('/')}) ${mib(end)} MiB, ` +
      `growth ${(growth * 100).toFixed(1)}% (limit ${THRESHOLD * 100}%), slope ${(slope / 1024).toFixed(2)} KiB/turn after warm-up`,
  );
  if (failures > 0) {
    console.error(`soak: FAIL, ${failures} turn(s) did not complete with exactly one context message`);
    exitCode = 1;
  }
  if (growth > THRESHOLD) {
    console.error(`soak: FAIL, the data heap (code and bytecode aside) grew ${(growth * 100).toFixed(1)}% after warm-up`);
    exitCode = 1;
  }
  if (exitCode === 0) console.log('soak: PASS, memory flat');
} catch (error) {
  console.error('soak: FAIL,', error);
  exitCode = 1;
} finally {
  await host.dispose();
  await rm(tmp, { recursive: true, force: true });
}
process.exit(exitCode);
