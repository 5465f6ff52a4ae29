/**
 * §4.7 focused retention, the `'focused'` policy: a source that does not fit keeps its checkpoints,
 * its newest message, its goal, a newest quarter, the messages most relevant to the citing text and
 * then further newest ones, each kept item marked with its position.
 */
import { Buffer } from 'node:buffer';
import { largestCut, markerOnlyBytes } from './cut.ts';
import type { Cut } from './cut.ts';
import { baseBytes, messageKeyBytes, wrapperBytes } from './item-bytes.ts';
import { retainNewest } from './newest-retention.ts';
import { formatOmittedRanges } from './omitted-ranges.ts';
import { relevanceScores } from './relevance.ts';
import { jsonByteLengthWithUtf8 } from './tag-safe-json.ts';
import type { FocusQuery } from './terms.ts';
import type { ReferencePreview, RetentionResult, SourceCapture } from './shapes.ts';
import type { ReferencedConversationItem } from '../types.ts';

/**
 * Retains one checked source under `budget` bytes by §4.7 for `query`. A source that fits, or
 * whose mandatory items cannot take their `message` positions within the budget, is retained by
 * §4.3 instead (so it is byte-identical to `'newest'`, and BUDGET_EXCEEDED is thrown exactly when
 * §4.3 throws it).
 */
export function retainFocused(capture: SourceCapture, budget: number, query: FocusQuery): RetentionResult {
  const messages = capture.messages;
  const utf8 = new Float64Array(messages.length);
  for (let i = 0; i < messages.length; i++) utf8[i] = Buffer.byteLength(messages[i]!.text, 'utf8');
  const plan = messages.length === 0 ? undefined : openPlan(capture, budget, utf8);
  if (plan === undefined) return retainNewest(capture, budget, utf8);
  keepMandatory(plan);
  const run = keepNewestQuarter(plan);
  const relevantCut = keepRelevant(plan, query, run.oldest);
  extendNewest(plan, run);
  spendLeftover(plan, relevantCut);
  closeLastGap(plan);
  return closePlan(plan);
}

/** The running account of one focused retention; sizes are tag-safe JSON bytes of the budgeted object with `message` keys. */
interface Plan {
  readonly capture: SourceCapture;
  readonly budget: number;
  /** UTF-8 bytes of each original text. */
  readonly utf8: Float64Array;
  /** JSON bytes of each original text, quotes included; -1 until measured. */
  readonly json: Float64Array;
  /** Each item's bytes besides its text's JSON: the `{role, text}` wrapper and its `,"message":N`. */
  readonly fixed: Float64Array;
  /** 1 for a kept item. */
  readonly kept: Uint8Array;
  /** Each kept item's bytes, without a separating comma. */
  readonly cost: Float64Array;
  /** The text a kept item shows when it is not its original: a cut, or `""`. */
  readonly replaced: (string | undefined)[];
  /** Original UTF-8 bytes a kept item's cut leaves out. */
  readonly cutOmitted: Float64Array;
  /** The goal's index (the first user message, when it is no checkpoint and not the newest), or -1. */
  goal: number;
  /** The object with the kept items (always at least the newest). */
  size: number;
}

/** The most one code point costs in JSON: a cut's largest R within a limit leaves less than this unused. */
const CODE_POINT_JSON_MAX = 6;

/** An item's smallest possible cost: a `{role:"user", text:""}` at position 1. */
const SMALLEST_ITEM = wrapperBytes('user') + 2 + messageKeyBytes(1);

/** The plan of a source that does not fit whole, or undefined when it fits or its mandatory items cannot carry positions. */
function openPlan(capture: SourceCapture, budget: number, utf8: Float64Array): Plan | undefined {
  const messages = capture.messages;
  const n = messages.length;
  const base = baseBytes(capture);
  const json = new Float64Array(n).fill(-1);
  const fixed = new Float64Array(n);
  let lowerBound = base + n - 1;
  let mandatory = base - 1;
  for (let i = 0; i < n; i++) {
    const wrap = wrapperBytes(messages[i]!.role);
    fixed[i] = wrap + messageKeyBytes(i + 1);
    lowerBound += wrap + utf8[i]! + 2;
    if (messages[i]!.checkpoint || i === n - 1) mandatory += fixed[i]! + 3;
  }
  if (lowerBound <= budget) {
    let whole = base + n - 1;
    for (let i = 0; i < n; i++) {
      json[i] = jsonByteLengthWithUtf8(messages[i]!.text, utf8[i]!);
      whole += wrapperBytes(messages[i]!.role) + json[i]!;
    }
    if (whole <= budget) return undefined;
  }
  if (mandatory > budget) return undefined;
  let goal = messages.findIndex((m) => m.role === 'user');
  if (goal < 0 || goal === n - 1 || messages[goal]!.checkpoint || mandatory + fixed[goal]! + 3 > budget) goal = -1;
  return {
    capture,
    budget,
    utf8,
    json,
    fixed,
    kept: new Uint8Array(n),
    cost: new Float64Array(n),
    replaced: new Array<string | undefined>(n),
    cutOmitted: new Float64Array(n),
    goal,
    size: base - 1,
  };
}

function wholeCost(plan: Plan, i: number): number {
  if (plan.json[i]! < 0) plan.json[i] = jsonByteLengthWithUtf8(plan.capture.messages[i]!.text, plan.utf8[i]!);
  return plan.fixed[i]! + plan.json[i]!;
}

/** Keeps item `i` (or changes what it keeps) at `cost` bytes, showing `text` in place of its original when given. */
function keep(plan: Plan, i: number, cost: number, text?: string, omitted = 0): void {
  plan.size += plan.kept[i] ? cost - plan.cost[i]! : cost + 1;
  plan.kept[i] = 1;
  plan.cost[i] = cost;
  plan.replaced[i] = text;
  plan.cutOmitted[i] = omitted;
}

/** The largest cut of item `i` whose item costs at most `maxCost` bytes. */
function cutWithin(plan: Plan, i: number, maxCost: number): Cut | undefined {
  return largestCut(plan.capture.messages[i]!.text, plan.utf8[i]!, maxCost - plan.fixed[i]! - 2);
}

/** Keeps item `i` whole when it costs at most `maxCost`, else as its largest cut within it; false when not even a cut fits. */
function keepWithin(plan: Plan, i: number, maxCost: number): 'whole' | 'cut' | undefined {
  if (plan.fixed[i]! + plan.utf8[i]! + 2 <= maxCost) {
    const whole = wholeCost(plan, i);
    if (whole <= maxCost) {
      keep(plan, i, whole);
      return 'whole';
    }
  }
  const cut = cutWithin(plan, i, maxCost);
  if (cut === undefined) return undefined;
  keep(plan, i, plan.fixed[i]! + 2 + cut.contentBytes, cut.text, cut.omittedBytes);
  return 'cut';
}

/**
 * Steps 1 and 2: the checkpoints and the newest message whole, the goal within an eighth of the
 * budget; when these are over budget, the costliest texts are cut first (earliest on a tie), as §4.3
 * cuts them, until the object fits.
 */
function keepMandatory(plan: Plan): void {
  const messages = plan.capture.messages;
  const n = messages.length;
  for (let i = 0; i < n; i++) if (messages[i]!.checkpoint || i === n - 1) keep(plan, i, wholeCost(plan, i));
  if (plan.goal >= 0 && keepWithin(plan, plan.goal, Math.floor(plan.budget / 8)) === undefined) plan.goal = -1;
  if (plan.size <= plan.budget) return;
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (plan.kept[i]) order.push(i);
  const textCost = (i: number): number => plan.cost[i]! - plan.fixed[i]!;
  order.sort((a, b) => textCost(b) - textCost(a) || a - b);
  for (const i of order) {
    if (plan.size <= plan.budget) return;
    const without = plan.size - textCost(i);
    const cut = cutWithin(plan, i, plan.budget - without + plan.fixed[i]!);
    if (cut === undefined) keep(plan, i, plan.fixed[i]! + 2, '', plan.utf8[i]);
    else keep(plan, i, plan.fixed[i]! + 2 + cut.contentBytes, cut.text, cut.omittedBytes);
  }
}

/** The newest run: its oldest item, and that item when it is a cut that may grow. */
interface NewestRun {
  oldest: number;
  cutAt: number;
}

/**
 * Step 3: newest messages, contiguous back from the newest, until they hold a quarter of the
 * budget. A message that would take the run past half of the budget, or does not fit, is cut to
 * what the quarter still needs (at least its marker; at most the room left) and ends the run.
 */
function keepNewestQuarter(plan: Plan): NewestRun {
  const n = plan.kept.length;
  const quarter = Math.floor(plan.budget / 4);
  let recency = plan.cost[n - 1]!;
  const run: NewestRun = { oldest: n - 1, cutAt: -1 };
  for (let i = n - 2; i >= 0 && recency < quarter; i--) {
    if (!plan.kept[i]) {
      const room = plan.budget - plan.size - 1;
      const wholeWithin = Math.min(room, 2 * quarter - recency);
      let kept: 'whole' | 'cut' | undefined;
      if (plan.fixed[i]! + plan.utf8[i]! + 2 <= wholeWithin && wholeCost(plan, i) <= wholeWithin) kept = keepWithin(plan, i, wholeWithin);
      else {
        const smallest = plan.fixed[i]! + 2 + markerOnlyBytes(plan.utf8[i]!);
        kept = keepWithin(plan, i, Math.min(room, Math.max(quarter - recency + CODE_POINT_JSON_MAX, smallest)));
      }
      if (kept === undefined) return run;
      if (kept === 'cut') {
        run.oldest = i;
        run.cutAt = i;
        return run;
      }
    }
    recency += plan.cost[i]!;
    run.oldest = i;
  }
  return run;
}

/**
 * Step 4: the room left goes to the messages older than the newest run by BM25 relevance to the
 * query (newer first on a tie), each whole; the first that does not fit enters as the cut that
 * fills the room and is the last. Returns that cut's index, or -1.
 */
function keepRelevant(plan: Plan, query: FocusQuery, before: number): number {
  if (query.pattern === undefined) return -1;
  const candidates: number[] = [];
  for (let i = 0; i < before; i++) if (!plan.kept[i]) candidates.push(i);
  const scores = relevanceScores(plan.capture.messages, plan.utf8, candidates, query);
  const ranked: number[] = [];
  for (let slot = 0; slot < candidates.length; slot++) if (scores[slot]! > 0) ranked.push(slot);
  ranked.sort((a, b) => scores[b]! - scores[a]! || b - a);
  for (const slot of ranked) {
    const room = plan.budget - plan.size - 1;
    if (room < SMALLEST_ITEM) break;
    const i = candidates[slot]!;
    const kept = keepWithin(plan, i, room);
    if (kept === 'cut') return i;
  }
  return -1;
}

/** Step 5: what is left grows the newest run's cut, then goes to further newest messages, contiguous, the last one cut. */
function extendNewest(plan: Plan, run: NewestRun): void {
  if (run.cutAt >= 0 && grow(plan, run.cutAt) !== 'whole') return;
  for (let i = run.oldest - 1; i >= 0; i--) {
    if (plan.kept[i]) continue;
    const room = plan.budget - plan.size - 1;
    if (room < SMALLEST_ITEM || keepWithin(plan, i, room) !== 'whole') return;
  }
}

/** Gives a kept cut all the room left, up to its whole text. */
function grow(plan: Plan, i: number): 'whole' | 'cut' | undefined {
  const cost = plan.cost[i]!;
  const replaced = plan.replaced[i];
  const omitted = plan.cutOmitted[i]!;
  const kept = keepWithin(plan, i, cost + plan.budget - plan.size);
  if (kept === 'cut' && plan.cost[i]! < cost) keep(plan, i, cost, replaced, omitted);
  return kept;
}

/**
 * Room the steps could not use (a message that did not fit whole and left too little room for
 * its cut) grows step 4's cut; once every other message is kept, the goal's cut grows past its
 * eighth as well, since nothing else can use the room.
 */
function spendLeftover(plan: Plan, relevantCut: number): void {
  if (plan.size >= plan.budget) return;
  if (relevantCut >= 0) grow(plan, relevantCut);
  const goal = plan.goal;
  if (goal < 0 || plan.replaced[goal] === undefined || plan.size >= plan.budget) return;
  for (let i = 0; i < plan.kept.length; i++) if (i !== goal && !plan.kept[i]) return;
  grow(plan, goal);
}

/**
 * Keeps the fill at 99% or more: when the room left is over a hundredth of the budget, it is
 * smaller than the next older message beyond the newest run can take (whole, or its marker alone).
 * A kept message that can spare the difference becomes a (shorter) cut (the run's, oldest first,
 * then the ones before the run, newest first), and the next older message enters in the room this
 * makes.
 */
function closeLastGap(plan: Plan): void {
  const n = plan.kept.length;
  const left = plan.budget - plan.size;
  if (left <= Math.floor(plan.budget / 100)) return;
  let oldest = n - 1;
  while (oldest > 0 && plan.kept[oldest - 1]) oldest--;
  const next = oldest - 1;
  if (next < 0) return;
  const smallest = Math.min(plan.fixed[next]! + 2 + markerOnlyBytes(plan.utf8[next]!), wholeCost(plan, next));
  const need = smallest + 1 - left;
  const gives = (giver: number): boolean => {
    if (!plan.kept[giver]) return false;
    const cut = cutWithin(plan, giver, plan.cost[giver]! - need);
    if (cut !== undefined) keep(plan, giver, plan.fixed[giver]! + 2 + cut.contentBytes, cut.text, cut.omittedBytes);
    return cut !== undefined;
  };
  // The run's messages first, oldest first; then the kept messages before it, newest first.
  let given = need <= 0;
  for (let giver = oldest; giver < n && !given; giver++) given = gives(giver);
  for (let giver = next - 1; giver >= 0 && !given; giver--) given = gives(giver);
  keepWithin(plan, next, plan.budget - plan.size - 1);
}

function closePlan(plan: Plan): RetentionResult {
  const { capture, kept, replaced } = plan;
  const conversation: ReferencedConversationItem[] = [];
  let compacted = false;
  let omittedBytes = 0;
  for (let i = 0; i < capture.messages.length; i++) {
    const m = capture.messages[i]!;
    if (m.checkpoint) compacted = true;
    if (!kept[i]) omittedBytes += plan.utf8[i]!;
    else {
      conversation.push({ role: m.role, text: replaced[i] ?? m.text, message: i + 1 });
      omittedBytes += plan.cutOmitted[i]!;
    }
  }
  const preview: ReferencePreview = {
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation,
  };
  const omittedMessages = capture.messages.length - conversation.length;
  const omittedRanges = formatOmittedRanges(kept);
  return {
    preview,
    stats: {
      compacted,
      originalMessages: capture.messages.length,
      retainedMessages: conversation.length,
      omittedMessages,
      omittedBytes,
      truncated: omittedMessages > 0 || omittedBytes > 0,
    },
    size: plan.size,
    ...(omittedRanges === undefined ? {} : { omittedRanges }),
  };
}
