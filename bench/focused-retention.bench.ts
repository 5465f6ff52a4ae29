// Focused against newest-first retention on planted facts (this project's own generator), and the cost of retention alone:
// seeded sessions of 2,000 messages (~1 MB) at a 64 KiB budget, 20 facts spread from start to end, each asked by a
// citing message that uses its topic words but never its answer, plus 3 "continue from @…" and 3 "what was the goal
// of @…" messages per session. The query is built the way `prepare` builds it (citingQueryText + compileFocusQuery
// from the citing message with its canonical mention); retention is the same `retainReference` prepare runs.
//
// Run: npm run bench -- focused-retention
//   Env: BENCH_RECALL_SESSIONS (seeded sessions per size, default 5).
import { Buffer } from 'node:buffer';
import { citingQueryText } from '../src/context/citing-query.ts';
import { retainReference } from '../src/context/retention.ts';
import { tagSafeStringify } from '../src/context/tag-safe-json.ts';
import { compileFocusQuery } from '../src/context/terms.ts';
import type { RetentionResult, SourceCapture } from '../src/context/prepare-data.ts';
import { plantedSession } from './planted-facts.ts';
import type { PlantedSession } from './planted-facts.ts';

const BUDGET = 65_536;
const SESSIONS = Number(process.env.BENCH_RECALL_SESSIONS ?? 5);
/** The session shapes: the target case, a short one, and a stress case where topic words are everywhere. */
const VARIANTS = [
  { count: 2_000, topicRate: 0.01, name: '2,000-message sessions' },
  { count: 200, topicRate: 0.01, name: '200-message sessions' },
  { count: 2_000, topicRate: 0.3, name: '2,000-message sessions, stress: topic words in most messages' },
];

type Mode = 'focused' | 'newest';

function capture(session: PlantedSession): SourceCapture {
  return {
    sessionId: session.sessionId,
    label: session.label,
    cwd: '/work/billing',
    capturedThroughSeq: session.messages.length * 3,
    capturedFormatVersion: 1,
    messages: session.messages,
  };
}

function retain(session: PlantedSession, source: SourceCapture, text: string, mode: Mode): RetentionResult {
  if (mode === 'newest') return retainReference(source, BUDGET);
  const query = compileFocusQuery(citingQueryText([{ type: 'text', text }], [session.label]));
  return retainReference(source, BUDGET, query);
}

/** The positions a result kept: its `message` keys, or for a newest-first result (no keys) the aligned suffix. */
function keptPositions(result: RetentionResult, n: number): number[] {
  const items = result.preview.conversation;
  if (items.every((m) => m.message !== undefined)) return items.map((m) => m.message!);
  // Newest first without checkpoints keeps a suffix of the conversation.
  return items.map((_, k) => n - items.length + 1 + k);
}

/** Bytes of the contiguous newest run: items whose positions run n, n − 1, … without a gap. */
function newestRunBytes(result: RetentionResult, positions: number[], n: number): number {
  const items = result.preview.conversation;
  let bytes = 0;
  for (let k = items.length - 1, expected = n; k >= 0 && positions[k] === expected; k--, expected--) {
    bytes += Buffer.byteLength(tagSafeStringify(items[k]));
  }
  return bytes;
}

interface Tally {
  asked: number;
  recalled: number;
  byBin: { asked: number; recalled: number }[];
  goal: { asked: number; kept: number };
  goalAll: { asked: number; kept: number };
  newest: { asked: number; kept: number };
  continueQuarter: { asked: number; held: number };
  fill: number[];
}

const BINS = 5;

function tally(count: number, topicRate: number, mode: Mode): Tally {
  const t: Tally = {
    asked: 0,
    recalled: 0,
    byBin: Array.from({ length: BINS }, () => ({ asked: 0, recalled: 0 })),
    goal: { asked: 0, kept: 0 },
    goalAll: { asked: 0, kept: 0 },
    newest: { asked: 0, kept: 0 },
    continueQuarter: { asked: 0, held: 0 },
    fill: [],
  };
  for (let s = 0; s < SESSIONS; s++) {
    const session = plantedSession(1000 + s, count, 500, topicRate);
    const source = capture(session);
    const n = source.messages.length;
    for (const citing of session.citing) {
      const result = retain(session, source, citing.text, mode);
      const texts = result.preview.conversation.map((m) => m.text);
      const positions = keptPositions(result, n);
      t.fill.push(result.size / BUDGET);
      const goalKept = texts.some((text) => text.includes(session.goalMark));
      t.goalAll.asked++;
      if (goalKept) t.goalAll.kept++;
      t.newest.asked++;
      if (texts.at(-1) === source.messages[n - 1]!.text) t.newest.kept++;
      if (citing.kind === 'fact') {
        const fact = session.facts[citing.fact!]!;
        const recalled = texts.some((text) => text.includes(fact.answer));
        const bin = t.byBin[Math.min(BINS - 1, Math.floor(((fact.position - 1) * BINS) / n))]!;
        t.asked++;
        bin.asked++;
        if (recalled) {
          t.recalled++;
          bin.recalled++;
        }
      } else if (citing.kind === 'goal') {
        t.goal.asked++;
        if (goalKept) t.goal.kept++;
      } else {
        t.continueQuarter.asked++;
        if (newestRunBytes(result, positions, n) >= Math.floor(BUDGET / 4)) t.continueQuarter.held++;
      }
    }
  }
  return t;
}

const pct = (a: number, b: number): string => `${a} of ${b} (${((100 * a) / Math.max(1, b)).toFixed(0)}%)`;

for (const { count, topicRate, name } of VARIANTS) {
  const results = new Map<Mode, Tally>([
    ['focused', tally(count, topicRate, 'focused')],
    ['newest', tally(count, topicRate, 'newest')],
  ]);
  const sample = plantedSession(1000, count, 500, topicRate);
  const sourceBytes = sample.messages.reduce((sum, m) => sum + Buffer.byteLength(m.text), 0);
  const mentioning = (word: string): number => sample.messages.filter((m) => m.text.toLowerCase().includes(word)).length;
  console.log(
    `\n## ${name} (~${(sourceBytes / 1e6).toFixed(2)} MB of text each; the topic word "avatar" in ${mentioning('avatar')} messages, ` +
      `"timeout" in ${mentioning('timeout')}), budget ${BUDGET}, ${SESSIONS} seeded sessions × 26 citing messages\n`,
  );
  console.log('| | focused | newest |');
  console.log('|---|---|---|');
  const row = (name: string, cell: (t: Tally) => string): void => {
    console.log(`| ${name} | ${cell(results.get('focused')!)} | ${cell(results.get('newest')!)} |`);
  };
  row('asked-about facts whose answer is in the snapshot', (t) => pct(t.recalled, t.asked));
  for (let b = 0; b < BINS; b++) {
    const from = Math.floor((b * count) / BINS) + 1;
    const to = Math.floor(((b + 1) * count) / BINS);
    row(`  facts at messages ${from}–${to}`, (t) => pct(t.byBin[b]!.recalled, t.byBin[b]!.asked));
  }
  row('goal kept, "what was the goal" messages', (t) => pct(t.goal.kept, t.goal.asked));
  row('goal kept, every citing message', (t) => pct(t.goalAll.kept, t.goalAll.asked));
  row('newest message kept whole', (t) => pct(t.newest.kept, t.newest.asked));
  row('"continue": newest contiguous run ≥ budget/4', (t) => pct(t.continueQuarter.held, t.continueQuarter.asked));
  row('budget used (min / median)', (t) => {
    const sorted = [...t.fill].sort((a, b) => a - b);
    return `${(sorted[0]! * 100).toFixed(2)}% / ${(sorted[sorted.length >> 1]! * 100).toFixed(2)}%`;
  });
}

const focused = tally(2_000, 0.01, 'focused');
const recall = focused.recalled / focused.asked;
console.log(
  `\nTargets at 2,000 messages (focused): facts ≥ 90% → ${(recall * 100).toFixed(0)}% ${recall >= 0.9 ? 'meets' : 'MISSES'}; ` +
    `goal every time → ${focused.goalAll.kept === focused.goalAll.asked ? 'meets' : 'MISSES'}; ` +
    `newest every time → ${focused.newest.kept === focused.newest.asked ? 'meets' : 'MISSES'}; ` +
    `"continue" newest quarter → ${focused.continueQuarter.held === focused.continueQuarter.asked ? 'meets' : 'MISSES'}`,
);

/** Median wall time in ms of `fn` over `runs` calls, after one warm-up call. */
function time(fn: () => unknown, runs: number): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[runs >> 1]!;
}

console.log('\n## Retention alone (median of 9 calls, ms): the query compiled and the source retained, no read, no redaction\n');
console.log('| messages | text MB | newest | focused, fact question | focused, "continue" |');
console.log('|---:|---:|---:|---:|---:|');
for (const count of [2_000, 10_000]) {
  const session = plantedSession(1000, count);
  const source = capture(session);
  const megabytes = session.messages.reduce((sum, m) => sum + Buffer.byteLength(m.text), 0) / 1e6;
  const newest = time(() => retain(session, source, session.citing[0]!.text, 'newest'), 9);
  const fact = time(() => retain(session, source, session.citing[0]!.text, 'focused'), 9);
  const resume = time(() => retain(session, source, session.citing[20]!.text, 'focused'), 9);
  console.log(
    `| ${count.toLocaleString('en-US')} | ${megabytes.toFixed(2)} | ${newest.toFixed(2)} | ${fact.toFixed(2)} | ${resume.toFixed(2)} |`,
  );
}
