// prepare() in a real host vs the host's own readSurface of the same source.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/prepare.bench.ts
//   (or `npm run bench`). Env: BENCH_PREPARE_ITER (timed iterations, default 5),
//   BENCH_PREPARE_WARMUP (default 1), BENCH_PREPARE_REBUILD=1 (rewrite the cached fixture).
//
// Fixture: sources written through a real SessionStore + JSONL persistence (both the default zstd
// and `compression: 'none'`, one root each), flushed, the writing host disposed. It is cached
// under `.bench/` keyed by FIXTURE_VERSION. Every read below comes from disk through a FRESH host
// (real SessionStore, JSONL persistence, the abstract session-query engine with empty full-text
// answers, no LLM, no invariants) on the same root.
//
// Sources are measured one after another; within a source, every iteration takes one sample of
// each (encoding, op, regime), interleaved, with the op order rotated each iteration. Two regimes:
// - warm: one long-lived host per variant. The JSONL persistence keeps a prepared-session cache,
//   so after the first read a repeat readSurface costs a directory listing, one stat and the
//   structuredClone of every event, not a file read; prepare on that host is equally warm.
// - cold: every sample boots a fresh host (untimed) and times one op on it, so each readSurface /
//   prepare reads, decodes and parses the log file (the OS page cache stays warm).
// Budget: explicit maxReferenceBytes 65536 (the automatic-budget floor). With a spill store
// (`@deepseek-ai/dsh-spill-local` on a temp root), truncated sources get a transcript saved.
//
// Targets at 10,000 messages: warm prepare ≤ 1.3× the warm readSurface; the truncated path (warm
// prepare + spill) ≤ 1.25× its floor: the warm readSurface, plus the store's own saveText of the
// same transcript, plus one JSON.stringify of the captured texts. The floor's two extra parts are
// sampled in the same iterations as the ops, on the same warm hosts.
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionReferenceAgent } from '../src/types.ts';
import { captureSource } from '../src/context/projection.ts';
import { SESSION_REFERENCE_SOURCE_KIND } from '../src/context/prepare-data.ts';
import { retainReference } from '../src/context/retention.ts';
import { renderReferencedSessions } from '../src/context/render.ts';
import { renderTranscript } from '../src/transcript/write.ts';
import type { OmissionNotice } from '../src/context/prepare-data.ts';
import {
  BUDGET,
  MiB,
  ITERATIONS,
  WARMUP,
  SOURCES,
  ENCODINGS,
  bootReader,
  clearSpill,
  closeReader,
  loadFixture,
} from './prepare-fixture.ts';
import type { SourceSpec, Encoding, Manifest, Reader } from './prepare-fixture.ts';

// ---------------------------------------------------------------- hosts and ops

const AGENT: SessionReferenceAgent = { id: 'bench-target', options: {}, session: { header: {} } };

type Op = 'readSurface' | 'prepare' | 'prepare+spill';
const OPS: Op[] = ['readSurface', 'prepare', 'prepare+spill'];

/** The parts of the truncated path's floor beyond the warm readSurface, sampled on warm hosts only. */
type FloorPart = 'saveText' | 'stringify';

/** What the floor samples work on: the source's transcript and its captured texts, made once (untimed). */
interface FloorInput {
  transcript: string;
  texts: string[];
}

/** The warm spill host's store, as the service uses it (a session-reference source, not a tool call). */
function storeOf(reader: Reader): {
  saveText(input: { owner: { sessionId: string }; source: object; suggestedName: string; content: string }): Promise<unknown>;
} {
  return reader.host.ctx.get('spillStore') as ReturnType<typeof storeOf>;
}

async function floorInput(reader: Reader, spec: SourceSpec): Promise<FloorInput> {
  const snapshot = await reader.host.ctx.sessionQuery.readSurface(SessionId(spec.id));
  const capture = captureSource(snapshot, spec.id, spec.id);
  return { transcript: renderTranscript(capture), texts: capture.messages.map((m) => m.text) };
}

/** gc, then the wall time of one floor part in ms. */
async function sampleFloor(part: FloorPart, spill: Reader, spec: SourceSpec, input: FloorInput): Promise<number> {
  gc();
  const t0 = performance.now();
  if (part === 'stringify') {
    if (JSON.stringify(input.texts).length === 0) throw new Error('no result');
  } else {
    await storeOf(spill).saveText({
      owner: { sessionId: AGENT.id },
      source: { kind: SESSION_REFERENCE_SOURCE_KIND, sessionId: spec.id, label: spec.id },
      suggestedName: 'session-reference-1.txt',
      content: input.transcript,
    });
  }
  const ms = performance.now() - t0;
  clearSpill(spill);
  return ms;
}

async function runOp(op: Op, reader: Reader, spec: SourceSpec): Promise<unknown> {
  if (op === 'readSurface') return reader.host.ctx.sessionQuery.readSurface(SessionId(spec.id));
  return reader.resolver.prepare(AGENT, [], [{ sessionId: spec.id }]);
}

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  collect();
  collect();
};

/** gc, then the wall time of one op in ms. */
async function sample(op: Op, reader: Reader, spec: SourceSpec): Promise<number> {
  gc();
  const t0 = performance.now();
  const result = await runOp(op, reader, spec);
  const ms = performance.now() - t0;
  if (result === undefined) throw new Error('no result');
  clearSpill(reader);
  return ms;
}

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Samples = Map<string, number[]>;
const key = (regime: string, encoding: Encoding, spec: SourceSpec, op: Op | FloorPart): string =>
  `${regime}|${encoding.name}|${spec.id}|${op}`;
function push(samples: Samples, k: string, ms: number): void {
  const list = samples.get(k);
  if (list === undefined) samples.set(k, [ms]);
  else list.push(ms);
}

/** Sanity check on a fresh host: the projected message count matches what was written. */
async function verify(manifest: Manifest): Promise<void> {
  for (const encoding of ENCODINGS) {
    for (const spec of SOURCES) {
      const reader = await bootReader(encoding, spec, false);
      try {
        const snapshot = await reader.host.ctx.sessionQuery.readSurface(SessionId(spec.id));
        const capture = captureSource(snapshot, spec.id, spec.id);
        const expected = manifest.sources[spec.id]!.projectedMessages;
        if (capture.messages.length !== expected) {
          throw new Error(`${encoding.name}/${spec.id}: projected ${capture.messages.length} messages, expected ${expected}`);
        }
      } finally {
        await closeReader(reader);
      }
    }
  }
}

async function measure(): Promise<Samples> {
  const samples: Samples = new Map();
  // Source by source (so only one source's warm hosts hold a cached log at a time); within a
  // source, the encodings, ops and regimes are interleaved sample by sample.
  for (const spec of SOURCES) {
    const warm = new Map<string, { plain: Reader; spill: Reader; floor: FloorInput }>();
    try {
      for (const encoding of ENCODINGS) {
        const plain = await bootReader(encoding, spec, false);
        const spill = await bootReader(encoding, spec, true);
        // Prime the persistence cache of both warm hosts.
        await plain.host.ctx.sessionQuery.readSurface(SessionId(spec.id));
        warm.set(encoding.name, { plain, spill, floor: await floorInput(spill, spec) });
      }
      for (let iteration = 0; iteration < WARMUP + ITERATIONS; iteration++) {
        const record = iteration >= WARMUP;
        const ops = OPS.map((_, i) => OPS[(i + iteration) % OPS.length]!);
        for (const encoding of ENCODINGS) {
          const hosts = warm.get(encoding.name)!;
          for (const op of ops) {
            const ms = await sample(op, op === 'prepare+spill' ? hosts.spill : hosts.plain, spec);
            if (record) push(samples, key('warm', encoding, spec, op), ms);
            const reader = await bootReader(encoding, spec, op === 'prepare+spill');
            try {
              const cold = await sample(op, reader, spec);
              if (record) push(samples, key('cold', encoding, spec, op), cold);
            } finally {
              await closeReader(reader);
            }
          }
          for (const part of ['saveText', 'stringify'] as const) {
            const ms = await sampleFloor(part, hosts.spill, spec, hosts.floor);
            if (record) push(samples, key('warm', encoding, spec, part), ms);
          }
        }
      }
    } finally {
      for (const { plain, spill } of warm.values()) {
        await closeReader(plain);
        await closeReader(spill);
      }
    }
    process.stderr.write(`  measured ${spec.name}\n`);
  }
  return samples;
}

// ---------------------------------------------------------------- stage breakdown

/** Median ms of a synchronous stage over `runs` calls after one warm-up call. */
function timeSync(fn: () => unknown, runs: number): number {
  fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return median(out);
}

/** The pure stages of prepare, timed separately on one snapshot read from disk (zstd host). */
async function stages(): Promise<string[]> {
  const rows: string[] = [];
  const encoding = ENCODINGS[0]!;
  for (const spec of SOURCES) {
    const reader = await bootReader(encoding, spec, true);
    try {
      const snapshot = await reader.host.ctx.sessionQuery.readSurface(SessionId(spec.id));
      const runs = 3;
      const capture = captureSource(snapshot, spec.id, spec.id);
      const retained = retainReference(capture, BUDGET);
      const notices: OmissionNotice[] = retained.stats.truncated
        ? [
            {
              sessionId: spec.id,
              capturedThroughSeq: capture.capturedThroughSeq,
              omittedMessages: retained.stats.omittedMessages,
              omittedBytes: retained.stats.omittedBytes,
              fullSnapshot: { status: 'unavailable', reason: 'storage-not-configured' },
            },
          ]
        : [];
      const text = renderReferencedSessions([retained.preview], notices);
      const transcript = renderTranscript(capture);
      const store = storeOf(reader);
      const project = timeSync(() => captureSource(snapshot, spec.id, spec.id), runs);
      const retain = timeSync(() => retainReference(capture, BUDGET), runs);
      const render = timeSync(() => renderReferencedSessions([retained.preview], notices), runs);
      const clone = timeSync(() => structuredClone([]), runs);
      const message = timeSync(
        () =>
          createUserMessage({
            content: [{ type: 'text', text }],
            source: { kind: SESSION_REFERENCE_SOURCE_KIND, form: 'recall', version: 1, references: [] },
          }),
        runs,
      );
      const transcriptMs = retained.stats.truncated ? timeSync(() => renderTranscript(capture), runs) : 0;
      const saves: number[] = [];
      for (let i = 0; retained.stats.truncated && i < runs; i++) {
        gc();
        const t0 = performance.now();
        await store.saveText({
          owner: { sessionId: AGENT.id },
          source: { kind: SESSION_REFERENCE_SOURCE_KIND, sessionId: spec.id, label: spec.id },
          suggestedName: 'session-reference-1.txt',
          content: transcript,
        });
        saves.push(performance.now() - t0);
        clearSpill(reader);
      }
      const save = saves.length > 0 ? median(saves) : 0;
      rows.push(
        `| ${spec.name} | ${fmt(project)} | ${fmt(retain)} | ${fmt(render)} | ${fmt(clone, 4)} | ${fmt(message, 3)} | ` +
          `${retained.stats.truncated ? fmt(transcriptMs) : '—'} | ${retained.stats.truncated ? fmt(save) : '—'} | ` +
          `${Buffer.byteLength(text)} | ${retained.stats.truncated ? Buffer.byteLength(transcript) : '—'} |`,
      );
    } finally {
      await closeReader(reader);
    }
  }
  return rows;
}

// ---------------------------------------------------------------- report

const fmt = (x: number, digits = 2): string => x.toFixed(digits);

function report(manifest: Manifest, samples: Samples, stageRows: string[]): void {
  const at = (regime: string, encoding: Encoding, spec: SourceSpec, op: Op | FloorPart): number =>
    median(samples.get(key(regime, encoding, spec, op)) ?? [NaN]);

  console.log(
    `Node ${process.version}; budget ${BUDGET} B (explicit maxReferenceBytes); median of ${ITERATIONS} interleaved samples ` +
      `after ${WARMUP} warm-up iteration(s); gc before every sample. warm = long-lived host whose persistence cache ` +
      'already holds the source; cold = fresh host per sample (log file read, decoded and parsed; OS page cache warm).\n',
  );
  console.log('## Sources\n');
  console.log('| source | items written | projected msgs | projected text bytes | all text bytes | zstd file bytes | none file bytes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const spec of SOURCES) {
    const f = manifest.sources[spec.id]!;
    console.log(
      `| ${spec.name} | ${f.items} | ${f.projectedMessages} | ${f.projectedBytes} | ${f.textBytes} | ${f.fileBytes.zstd ?? '—'} | ${f.fileBytes.none ?? '—'} |`,
    );
  }

  for (const regime of ['cold', 'warm']) {
    console.log(`\n## prepare vs readSurface — ${regime} (median ms)\n`);
    console.log('| encoding | source | readSurface | prepare | ratio | prepare − read | prepare + spill | ratio |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const encoding of ENCODINGS) {
      for (const spec of SOURCES) {
        const read = at(regime, encoding, spec, 'readSurface');
        const prep = at(regime, encoding, spec, 'prepare');
        const spill = at(regime, encoding, spec, 'prepare+spill');
        console.log(
          `| ${encoding.name} | ${spec.name} | ${fmt(read)} | ${fmt(prep)} | ${fmt(prep / read)}× | ${fmt(prep - read)} | ` +
            `${fmt(spill)} | ${fmt(spill / read)}× |`,
        );
      }
    }
  }

  console.log(
    '\n## Targets at 10,000 messages, warm hosts: prepare ≤ 1.3× readSurface; the truncated path (prepare + spill to a ' +
      "real LocalSpillStore) ≤ 1.25× its floor = readSurface + the store's saveText of the same transcript + one " +
      'JSON.stringify of the captured texts (medians of the same run)\n',
  );
  console.log(
    '| encoding | readSurface ms | prepare ms | prepare ÷ readSurface | verdict (≤ 1.3×) | saveText ms | JSON.stringify ms | ' +
      'floor ms | prepare + spill ms | prepare + spill ÷ floor | verdict (≤ 1.25×) |',
  );
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|');
  const tenK = SOURCES.find((s) => s.messages === 10_000)!;
  for (const encoding of ENCODINGS) {
    const read = at('warm', encoding, tenK, 'readSurface');
    const prep = at('warm', encoding, tenK, 'prepare');
    const spill = at('warm', encoding, tenK, 'prepare+spill');
    const save = at('warm', encoding, tenK, 'saveText');
    const stringify = at('warm', encoding, tenK, 'stringify');
    const floor = read + save + stringify;
    const r = prep / read;
    const f = spill / floor;
    console.log(
      `| ${encoding.name} | ${fmt(read)} | ${fmt(prep)} | ${fmt(r)}× | ${r <= 1.3 ? 'meets' : 'MISSES'} | ${fmt(save)} | ` +
        `${fmt(stringify)} | ${fmt(floor)} | ${fmt(spill)} | ${fmt(f)}× | ${f <= 1.25 ? 'meets' : 'MISSES'} |`,
    );
  }

  console.log('\n## Cost per source byte (prepare ms ÷ projected text bytes; single-message sources)\n');
  console.log('| regime | encoding | variant | 1 MB ns/B | 10 MB ns/B | 10 MB ÷ 1 MB | flat within 2× |');
  console.log('|---|---|---|---:|---:|---:|---|');
  const one = SOURCES.find((s) => s.singleBytes === MiB)!;
  const ten = SOURCES.find((s) => s.singleBytes === 10 * MiB)!;
  for (const regime of ['cold', 'warm']) {
    for (const encoding of ENCODINGS) {
      for (const op of ['prepare', 'prepare+spill'] as const) {
        const a = (at(regime, encoding, one, op) * 1e6) / manifest.sources[one.id]!.projectedBytes;
        const b = (at(regime, encoding, ten, op) * 1e6) / manifest.sources[ten.id]!.projectedBytes;
        const spread = Math.max(a, b) / Math.min(a, b);
        console.log(
          `| ${regime} | ${encoding.name} | ${op} | ${fmt(a, 3)} | ${fmt(b, 3)} | ${fmt(b / a)} | ${spread <= 2 ? 'yes' : 'NO'} |`,
        );
      }
    }
  }

  console.log('\n## Where prepare spends its time beyond readSurface (zstd snapshot, median ms per stage)\n');
  console.log(
    '| source | project (captureSource) | retain | render | structuredClone(content) | createUserMessage | renderTranscript | spill saveText | context msg bytes | transcript bytes |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of stageRows) console.log(row);
}

async function main(): Promise<void> {
  const manifest = await loadFixture();
  await verify(manifest);
  const samples = await measure();
  const stageRows = await stages();
  report(manifest, samples, stageRows);
}

await main();
