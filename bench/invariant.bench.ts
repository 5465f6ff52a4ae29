// The invariant companion's per-message checks vs the host's own Session.append of the same context message.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/invariant.bench.ts
//   (or `npm run bench -- invariant`). Env: BENCH_INVARIANT_ITER (timed samples per size, default 41).
//
// Each context message is built by the real core (retention + assembly, then frozen by the host's
// createUserMessage) from three sources that fill their budget. Per sample, interleaved and in a
// rotated order, two host operations on that message: `Session.append('user/message', …)` on a fresh
// detached session (its lossless JSON snapshot, deep freeze and surface validation; the session is
// created untimed), which shares the text string instead of copying it, so it costs the same at
// every size; and `JSON.stringify` of the logged event, which is how the JSONL backend encodes every
// event it writes, so it grows with the text like the checks do. Then the companion's log check
// (`checkContextMessage`) and its step check (`checkContextMessage` plus `checkDeepFrozen`).
// Reported: medians, and the checks' ratio to the JSONL encoding.
import { Buffer } from 'node:buffer';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { Session, SessionId } from '@deepseek-ai/dsh-session';
import { checkContextMessage, checkDeepFrozen } from '../src/invariant/context-check.ts';
import { assembleReferenceContext, retainSources, STORAGE_NOT_CONFIGURED } from '../src/context/assemble.ts';
import type { NormalizedReference } from '../src/mentions/normalize.ts';
import type { SourceCapture } from '../src/context/prepare-data.ts';
import '../src/augment.ts';
import { rng } from './rng.ts';

const ITERATIONS = Number(process.env.BENCH_INVARIANT_ITER ?? 41);
const BUDGETS = [8_192, 65_536, 160_000];
const ALPHABET = ['a', 'e', 'o', 't', ' ', ' ', '\n', '<', '"', 'é', '界', '😀', 'x', '0', '.'];

function makeText(random: () => number, bytes: number): string {
  let out = '';
  while (Buffer.byteLength(out) < bytes) out += random() < 0.7 ? 'the quick brown fox ' : ALPHABET[Math.floor(random() * ALPHABET.length)]!;
  return out;
}

function contextMessage(budget: number) {
  const random = rng(budget);
  const captures: SourceCapture[] = [0, 1, 2].map((s) => ({
    sessionId: `source-${s}`,
    label: `Source ${s}`,
    cwd: '/work',
    capturedThroughSeq: 400,
    capturedFormatVersion: 1,
    messages: Array.from({ length: 200 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      text: makeText(random, 1_024),
      checkpoint: false,
    })),
  }));
  const references: NormalizedReference[] = captures.map((c, inputIndex) => ({ sessionId: c.sessionId, label: c.label, inputIndex }));
  const retained = retainSources(references, captures, budget);
  const details = assembleReferenceContext(
    budget,
    retained,
    retained.map((r) => (r.stats.truncated ? STORAGE_NOT_CONFIGURED : undefined)),
  );
  return createUserMessage({ content: [{ type: 'text', text: details.text }], source: details.source });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function time(run: () => unknown): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

console.log('budget/source  text bytes  append ms  encode ms  log check ms (×encode)  step check ms (×encode)');
for (const budget of BUDGETS) {
  const message = contextMessage(budget);
  if (checkContextMessage(message).length > 0 || checkDeepFrozen(message, 'message').length > 0)
    throw new Error('the bench message fails the checks');
  const logged = Session.create(SessionId(`bench-${budget}`)).append('user/message', message, { surfaceOp: 'append' });
  const samples = { append: [] as number[], encode: [] as number[], log: [] as number[], step: [] as number[] };
  const ops: [keyof typeof samples, () => unknown][] = [
    ['append', () => undefined],
    ['encode', () => JSON.stringify(logged)],
    ['log', () => checkContextMessage(message)],
    ['step', () => [...checkContextMessage(message), ...checkDeepFrozen(message, 'message')]],
  ];
  for (let i = -3; i < ITERATIONS; i++) {
    globalThis.gc?.();
    for (let k = 0; k < ops.length; k++) {
      const [name, run] = ops[(i + 3 + k) % ops.length]!;
      let elapsed: number;
      if (name === 'append') {
        const session = Session.create(SessionId(`bench-${budget}-${i}`));
        elapsed = time(() => session.append('user/message', message, { surfaceOp: 'append' }));
      } else elapsed = time(run);
      if (i >= 0) samples[name].push(elapsed);
    }
  }
  const [append, encode, log, step] = [samples.append, samples.encode, samples.log, samples.step].map(median) as [
    number,
    number,
    number,
    number,
  ];
  const bytes = Buffer.byteLength((message.content[0] as { text: string }).text);
  console.log(
    `${String(budget).padStart(13)}  ${String(bytes).padStart(10)}  ${append.toFixed(3).padStart(9)}  ${encode.toFixed(3).padStart(9)}  ` +
      `${log.toFixed(3).padStart(12)} (${(log / encode).toFixed(1)}×)  ${step.toFixed(3).padStart(13)} (${(step / encode).toFixed(1)}×)`,
  );
}
