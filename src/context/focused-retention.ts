/**
 * The `'focused'` retention policy: a source that does not fit keeps its checkpoints, its newest
 * message, its goal, a newest quarter, the messages most relevant to the citing text and then
 * further newest ones, each kept item marked with its position.
 */
import { markerOnlyBytes } from './cut.ts';
import { retainNewest } from './newest-retention.ts';
import { relevanceScores } from './relevance.ts';
import {
  closePlan,
  cutCostliest,
  cutWithin,
  jsonBytes,
  keep,
  keepCut,
  keepMandatory,
  leastWholeCost,
  mandatoryBytes,
  measureUtf8,
  messageKeyBytes,
  openPlan,
  settleWidest,
  wholeCost,
  wrapperBytes,
} from './retention-plan.ts';
import type { Plan } from './retention-plan.ts';
import type { FocusQuery } from './terms.ts';
import type { RetentionResult, SourceCapture } from './prepare-data.ts';
import { itemAt } from './item-at.ts';

/**
 * Retains one checked source under `budget` bytes, focused on `query`. A source that fits, or
 * whose mandatory items cannot take their `message` positions within the budget, is retained
 * newest first instead (so it is byte-identical to `'newest'`, and BUDGET_EXCEEDED is thrown
 * exactly when newest-first retention throws it).
 */
export function retainFocused(capture: SourceCapture, budget: number, query: FocusQuery): RetentionResult {
  const utf8 = measureUtf8(capture);
  const plan = capture.messages.length === 0 ? undefined : focusedPlan(capture, budget, utf8);
  if (plan === undefined) return retainNewest(capture, budget, utf8);
  const goal = keepFirstSteps(plan, goalOf(plan));
  const run = keepNewestQuarter(plan);
  const relevantCut = keepRelevant(plan, query, run.oldest);
  extendNewest(plan, run);
  spendLeftover(plan, relevantCut, goal);
  closeLastGap(plan);
  return closePlan(plan);
}

/** The most one code point costs in JSON: a cut's largest R within a limit leaves less than this unused. */
const CODE_POINT_JSON_MAX = 6;

/** An item's smallest possible cost: a `{role:"user", text:""}` at position 1. */
const SMALLEST_ITEM = wrapperBytes('user') + 2 + messageKeyBytes(1);

/** The plan of a source that does not fit whole, or undefined when it fits or its mandatory items cannot carry positions. */
function focusedPlan(capture: SourceCapture, budget: number, utf8: Float64Array): Plan | undefined {
  const messages = capture.messages;
  const n = messages.length;
  const plan = openPlan(capture, budget, true, utf8);
  let lowerBound = plan.base + n - 1;
  for (let i = 0; i < n; i++) lowerBound += wrapperBytes(itemAt(messages, i).role) + itemAt(utf8, i) + 2;
  if (lowerBound <= budget) {
    let whole = plan.base + n - 1;
    for (let i = 0; i < n; i++) whole += wrapperBytes(itemAt(messages, i).role) + jsonBytes(plan, i);
    if (whole <= budget) return undefined;
  }
  return mandatoryBytes(plan) > budget ? undefined : plan;
}

/** The goal's index (the first user message, when it is no checkpoint, not the newest, and fits with its position), or -1. */
function goalOf(plan: Plan): number {
  const messages = plan.capture.messages;
  const n = messages.length;
  const goal = messages.findIndex((m) => m.role === 'user');
  if (goal < 0 || goal === n - 1 || itemAt(messages, goal).checkpoint) return -1;
  return mandatoryBytes(plan) + itemAt(plan.fixed, goal) + 3 > plan.budget ? -1 : goal;
}

/** Keeps item `i` whole when it costs at most `maxCost`, else as its largest cut within it; false when not even a cut fits. */
function keepWithin(plan: Plan, i: number, maxCost: number): 'whole' | 'cut' | undefined {
  if (leastWholeCost(plan, i) <= maxCost) {
    const whole = wholeCost(plan, i);
    if (whole <= maxCost) {
      keep(plan, i, whole);
      return 'whole';
    }
  }
  const cut = cutWithin(plan, i, maxCost);
  if (cut === undefined) return undefined;
  keepCut(plan, i, cut);
  return 'cut';
}

/**
 * Steps 1 and 2: the checkpoints and the newest message whole, the goal within an eighth of the
 * budget; when these are over budget, the costliest texts are cut first, as newest-first retention
 * cuts them, until the object fits. Returns the goal's index when it is kept, else -1.
 */
function keepFirstSteps(plan: Plan, wantedGoal: number): number {
  const widest = keepMandatory(plan);
  const goal = wantedGoal >= 0 && keepWithin(plan, wantedGoal, Math.floor(plan.budget / 8)) !== undefined ? wantedGoal : -1;
  settleWidest(plan, widest);
  cutCostliest(plan);
  return goal;
}

/** The newest run: its oldest item, and that item when it is a cut that may grow. */
interface NewestRun {
  oldest: number;
  cutAt: number;
}

/**
 * What an item of the newest run counts toward its quarter: its serialised `{role, text}` bytes,
 * without its position key and without a separating comma, the least any reading of "the bytes of
 * the newest messages" gives.
 */
function runBytes(plan: Plan, i: number): number {
  return itemAt(plan.cost, i) - messageKeyBytes(i + 1);
}

/**
 * Step 3: newest messages, contiguous back from the newest, until they hold at least a quarter of
 * the budget, rounded up, so that the share is never below 25% of it. A message that would take the
 * run past half of the budget, or does not fit, is cut to what the quarter still needs (at least
 * its marker; at most the room left) and ends the run.
 */
function keepNewestQuarter(plan: Plan): NewestRun {
  const n = plan.kept.length;
  const quarter = Math.ceil(plan.budget / 4);
  let recency = runBytes(plan, n - 1);
  const run: NewestRun = { oldest: n - 1, cutAt: -1 };
  for (let i = n - 2; i >= 0 && recency < quarter; i--) {
    if (!plan.kept[i]) {
      const room = plan.budget - plan.size - 1;
      const key = messageKeyBytes(i + 1);
      const wholeWithin = Math.min(room, 2 * quarter - recency + key);
      let kept: 'whole' | 'cut' | undefined;
      if (leastWholeCost(plan, i) <= wholeWithin && wholeCost(plan, i) <= wholeWithin) kept = keepWithin(plan, i, wholeWithin);
      else {
        const smallest = itemAt(plan.fixed, i) + 2 + markerOnlyBytes(itemAt(plan.utf8, i));
        kept = keepWithin(plan, i, Math.min(room, Math.max(quarter - recency + key + CODE_POINT_JSON_MAX, smallest)));
      }
      if (kept === undefined) return run;
      if (kept === 'cut') {
        run.oldest = i;
        run.cutAt = i;
        return run;
      }
    }
    recency += runBytes(plan, i);
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
  for (let slot = 0; slot < candidates.length; slot++) if (itemAt(scores, slot) > 0) ranked.push(slot);
  ranked.sort((a, b) => itemAt(scores, b) - itemAt(scores, a) || b - a);
  for (const slot of ranked) {
    const room = plan.budget - plan.size - 1;
    if (room < SMALLEST_ITEM) break;
    const i = itemAt(candidates, slot);
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
  const cost = itemAt(plan.cost, i);
  const replaced = plan.replaced[i];
  const omitted = itemAt(plan.cutOmitted, i);
  const kept = keepWithin(plan, i, cost + plan.budget - plan.size);
  if (kept === 'cut' && itemAt(plan.cost, i) < cost) keep(plan, i, cost, replaced, omitted);
  return kept;
}

/**
 * Room the steps could not use (a message that did not fit whole and left too little room for
 * its cut) grows step 4's cut; once every other message is kept, the goal's cut grows past its
 * eighth as well, since nothing else can use the room.
 */
function spendLeftover(plan: Plan, relevantCut: number, goal: number): void {
  if (plan.size >= plan.budget) return;
  if (relevantCut >= 0) grow(plan, relevantCut);
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
  // The marker alone when the text is at least that long, so a long text is not measured for this.
  const markerItem = itemAt(plan.fixed, next) + 2 + markerOnlyBytes(itemAt(plan.utf8, next));
  const smallest = itemAt(plan.utf8, next) >= markerItem ? markerItem : Math.min(markerItem, wholeCost(plan, next));
  const need = smallest + 1 - left;
  const gives = (giver: number): boolean => {
    if (!plan.kept[giver]) return false;
    const cut = cutWithin(plan, giver, itemAt(plan.cost, giver) - need);
    if (cut !== undefined) keepCut(plan, giver, cut);
    return cut !== undefined;
  };
  // The run's messages first, oldest first; then the kept messages before it, newest first.
  let given = need <= 0;
  for (let giver = oldest; giver < n && !given; giver++) given = gives(giver);
  for (let giver = next - 1; giver >= 0 && !given; giver--) given = gives(giver);
  keepWithin(plan, next, plan.budget - plan.size - 1);
}
