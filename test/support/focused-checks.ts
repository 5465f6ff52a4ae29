/**
 * The guarantees of a focused preview, checked from the source and the preview alone:
 * positions in order, texts that are originals or valid cuts, exact counts, the checkpoints and the
 * newest message, the goal within an eighth, a newest quarter, the fill, and the omitted ranges.
 */
import { Buffer } from 'node:buffer';
import { omittedByCut } from './cut-check.ts';
import { modelRanges } from './focused-model.ts';
import { referenceMarker } from './retention-model.ts';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const jsonSize = (v: unknown): number => bytes(JSON.stringify(v).replaceAll('<', '\\u003c'));

/** A source as the checks read it. */
interface CheckedSource {
  sessionId: string;
  label: string;
  cwd: string | null;
  capturedThroughSeq: number | null;
  messages: readonly { role: 'user' | 'assistant'; text: string; checkpoint: boolean }[];
}

/** What a focused retention reported besides its preview. */
export interface FocusedReport {
  conversation: readonly { role: string; text: string; message?: number }[];
  omittedMessages: number;
  omittedBytes: number;
  omittedRanges?: string | undefined;
}

/**
 * The violated guarantees of a truncated focused preview of `source` under `budget` (empty when
 * all hold); the ≥ 99% fill is asked at budgets of 4 KiB and more, as focused retention promises it.
 */
export function focusedViolations(source: CheckedSource, budget: number, report: FocusedReport): string[] {
  const violations: string[] = [];
  const { messages } = source;
  const n = messages.length;
  const items = report.conversation;
  const object = {
    sessionId: source.sessionId,
    label: source.label,
    cwd: source.cwd,
    capturedThroughSeq: source.capturedThroughSeq,
    conversation: items,
  };
  const size = jsonSize(object);
  if (size > budget) violations.push(`takes ${size} bytes, over the budget of ${budget}`);
  if (budget >= 4096 && size < 0.99 * budget) violations.push(`fills ${size} of ${budget} bytes, under 99%`);
  const kept = new Map<number, string>();
  let omittedBytes = 0;
  let previous = 0;
  for (const item of items) {
    const position = item.message;
    if (JSON.stringify(Object.keys(item)) !== '["role","text","message"]')
      violations.push(`item keys ${JSON.stringify(Object.keys(item))}`);
    if (typeof position !== 'number' || !Number.isInteger(position) || position <= previous || position > n) {
      violations.push(`position ${String(position)} after ${previous} of ${n}`);
      return violations;
    }
    previous = position;
    const original = messages[position - 1]!;
    if (item.role !== original.role) violations.push(`message ${position} has role ${item.role}, not ${original.role}`);
    const omitted = omittedByCut(item.text, original.text);
    if (typeof omitted === 'string') violations.push(`message ${position}: ${omitted}`);
    else omittedBytes += omitted;
    kept.set(position, item.text);
  }
  messages.forEach((m, i) => {
    if (!kept.has(i + 1)) omittedBytes += bytes(m.text);
  });
  if (report.omittedMessages !== n - items.length) violations.push(`omittedMessages ${report.omittedMessages}, not ${n - items.length}`);
  if (report.omittedBytes !== omittedBytes) violations.push(`omittedBytes ${report.omittedBytes}, not ${omittedBytes}`);
  const ranges = modelRanges(messages.map((_, i) => kept.has(i + 1)));
  if (report.omittedRanges !== ranges) violations.push(`omittedRanges ${String(report.omittedRanges)}, not ${String(ranges)}`);
  messages.forEach((m, i) => {
    if ((m.checkpoint || i === n - 1) && !kept.has(i + 1)) violations.push(`${m.checkpoint ? 'checkpoint' : 'newest'} ${i + 1} dropped`);
  });

  const itemSize = (position: number, text: string): number => jsonSize({ role: messages[position - 1]!.role, text, message: position });
  // A goal inside the newest contiguous run is held to the run's rules (its newest message may be cut), not to the eighth.
  const inNewestRun = (position: number): boolean => {
    for (let p = n; p >= position; p--) if (!kept.has(p)) return false;
    return true;
  };
  const goal = messages.findIndex((m) => m.role === 'user') + 1;
  if (goal > 0 && goal < n && !messages[goal - 1]!.checkpoint) {
    const text = messages[goal - 1]!.text;
    const eighth = Math.floor(budget / 8);
    const smallest = Math.min(itemSize(goal, text), itemSize(goal, referenceMarker(bytes(text))));
    const emptied = messages.flatMap((m, i) =>
      m.checkpoint || i === n - 1 || i === goal - 1 ? [{ role: m.role, text: '', message: i + 1 }] : [],
    );
    const room = jsonSize({ ...object, conversation: emptied }) <= budget;
    if (!kept.has(goal)) {
      if (smallest <= eighth && room) violations.push(`the goal (message ${goal}) is dropped`);
    } else if (kept.size < n && !inNewestRun(goal) && itemSize(goal, kept.get(goal)!) > eighth) {
      violations.push(`the goal takes ${itemSize(goal, kept.get(goal)!)} bytes, over an eighth of ${budget}`);
    }
  }
  // The newest run is measured as its `{role, text}` items, positions left out, and held to 25% of the budget exactly.
  let oldest = n;
  let run = 0;
  for (; oldest >= 1 && kept.has(oldest); oldest--) run += jsonSize({ role: messages[oldest - 1]!.role, text: kept.get(oldest)! });
  if (4 * run < budget && oldest >= 1) {
    const smallestNext = itemSize(oldest, referenceMarker(bytes(messages[oldest - 1]!.text))) + 1;
    if (budget - size >= smallestNext)
      violations.push(`the newest run (messages ${oldest + 1}–${n}) holds ${run} bytes, under a quarter of ${budget}`);
  }
  return violations;
}
