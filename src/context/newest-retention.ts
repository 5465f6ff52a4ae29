/** The `'newest'` retention policy: drop the oldest, refill the newest dropped, cut the largest. */
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { largestCut } from './cut.ts';
import { closePlan, jsonBytes, keep, markKept, measureUtf8, openPlan } from './retention-plan.ts';
import type { Plan } from './retention-plan.ts';
import type { RetentionResult, SourceCapture } from './shapes.ts';
import { itemAt } from './item-at.ts';

/**
 * Retains one checked source under `budget` bytes of tag-safe JSON, newest first; throws
 * BUDGET_EXCEEDED when it cannot fit.
 *
 * Only texts that can end up in the preview have their JSON size measured: the checkpoints and the
 * newest message (always kept), and the other messages newest first until the budget is certainly
 * crossed — dropping the oldest keeps exactly the longest run of most recent droppable messages
 * that fits with the mandatory ones. Every older message is certainly dropped and needs only its
 * native UTF-8 length for `omittedBytes`. A JSON size is never below the UTF-8 size + 2, which
 * settles most "certainly over" questions without measuring. `utf8`, when given, holds each text's
 * UTF-8 length already measured.
 */
export function retainNewest(capture: SourceCapture, budget: number, utf8?: Float64Array): RetentionResult {
  const plan = openPlan(capture, budget, false, utf8 ?? measureUtf8(capture));
  const state = keepMandatory(plan);
  const newestDropped = dropOldest(plan);
  if (newestDropped >= 0) refillNewestDropped(plan, newestDropped);
  if (plan.size > budget) cutLargest(plan, state);
  return closePlan(plan);
}

/** What the policy knows besides the plan: the smallest preview, and whether `size` is exact yet. */
interface NewestState {
  /** The smallest possible preview: the mandatory items with empty texts. */
  readonly minimal: number;
  /**
   * Whether the plan's `size` is exact. Until it is, while a mandatory text is unmeasured, `size`
   * is a lower bound that is already over the budget (JSON ≥ UTF-8 + 2 per text).
   */
  measured: boolean;
}

/** Keeps the checkpoints and the newest item, and fails early when even their empty texts are over budget. */
function keepMandatory(plan: Plan): NewestState {
  const { capture, utf8, fixed } = plan;
  const n = capture.messages.length;
  let minimal = plan.base;
  let lowerBound = plan.base;
  for (let i = 0; i < n; i++) {
    if (!itemAt(capture.messages, i).checkpoint && i !== n - 1) continue;
    const comma = plan.count > 0 ? 1 : 0;
    minimal += itemAt(fixed, i) + 2 + comma;
    lowerBound += itemAt(fixed, i) + itemAt(utf8, i) + 2 + comma;
    markKept(plan, i);
  }
  plan.size = lowerBound;
  const state: NewestState = { minimal, measured: false };
  if (minimal > plan.budget) throw budgetExceeded(plan, state);
  if (lowerBound <= plan.budget) measureKept(plan, state);
  return state;
}

/** Makes `size` exact by measuring every kept text. */
function measureKept(plan: Plan, state: NewestState): void {
  let size = plan.base;
  let count = 0;
  for (let i = 0; i < plan.kept.length; i++) {
    if (plan.kept[i]) size += itemAt(plan.fixed, i) + jsonBytes(plan, i) + (count++ > 0 ? 1 : 0);
  }
  plan.size = size;
  state.measured = true;
}

/**
 * Drops the oldest while over budget: keeps the longest run of most recent droppable items that
 * fits beside the mandatory ones. Returns the newest dropped item, or -1.
 */
function dropOldest(plan: Plan): number {
  const { budget, utf8, fixed, kept } = plan;
  for (let i = kept.length - 2; i >= 0; i--) {
    if (kept[i]) continue;
    // `size` is a lower bound over the budget until measured, so nothing is kept then.
    if (plan.size + itemAt(fixed, i) + 1 + itemAt(utf8, i) + 2 > budget) return i;
    const cost = itemAt(fixed, i) + jsonBytes(plan, i);
    if (plan.size + cost + 1 > budget) return i;
    keep(plan, i, cost);
  }
  return -1;
}

/**
 * When the drops left the object within budget, brings the newest dropped item back as its largest
 * cut that fits, provided its kept text is at least half of the bytes it adds.
 */
function refillNewestDropped(plan: Plan, i: number): void {
  if (plan.size > plan.budget) return;
  // The item comes back between kept ones (the newest item always follows it): comma + wrapper + quotes.
  const overhead = 1 + itemAt(plan.fixed, i) + 2;
  const cut = largestCut(itemAt(plan.capture.messages, i).text, itemAt(plan.utf8, i), plan.budget - plan.size - overhead);
  if (cut === undefined) return;
  if (2 * cut.keptJsonBytes < overhead + cut.contentBytes) return;
  keep(plan, i, itemAt(plan.fixed, i) + 2 + cut.contentBytes, cut.text, cut.omittedBytes);
}

/**
 * Still over budget, so only the mandatory items are kept (a droppable one would have been dropped
 * first). Shortens the costliest texts first, earliest on a tie, until the object fits.
 */
function cutLargest(plan: Plan, state: NewestState): void {
  const { kept, utf8, json } = plan;
  const order: number[] = [];
  for (let i = 0; i < kept.length; i++) if (kept[i]) order.push(i);
  let first = -1;
  if (!state.measured) {
    // The widest text by UTF-8 is certainly the costliest when its lower bound beats every other
    // text's exact size; it is then cut without measuring it, and the sizes around it are exact.
    let widest = itemAt(order, 0);
    for (const i of order) if (itemAt(utf8, i) > itemAt(utf8, widest)) widest = i;
    let others = 0;
    for (const i of order) if (i !== widest) others = Math.max(others, jsonBytes(plan, i));
    if (itemAt(utf8, widest) + 2 > others) first = widest;
    else jsonBytes(plan, widest);
    let size = plan.base;
    let count = 0;
    for (const i of order) size += itemAt(plan.fixed, i) + (i === first ? 0 : itemAt(json, i)) + (count++ > 0 ? 1 : 0);
    state.measured = true;
    // Without the first text's JSON: the size around it.
    if (first >= 0) shorten(plan, first, size);
    else plan.size = size;
  }
  const rest = first < 0 ? order : order.filter((i) => i !== first);
  rest.sort((a, b) => itemAt(json, b) - itemAt(json, a) || a - b);
  for (const i of rest) {
    if (plan.size <= plan.budget) return;
    shorten(plan, i, plan.size - itemAt(json, i));
  }
  if (plan.size > plan.budget) throw budgetExceeded(plan, state);
}

/** Replaces kept item `i`'s text by its largest cut that fits, or by `""`; `without` is the object's size without its text. */
function shorten(plan: Plan, i: number, without: number): void {
  const cut = largestCut(itemAt(plan.capture.messages, i).text, itemAt(plan.utf8, i), plan.budget - without - 2);
  markKept(plan, i, cut?.text ?? '', cut?.omittedBytes ?? itemAt(plan.utf8, i));
  plan.size = without + 2 + (cut?.contentBytes ?? 0);
}

function budgetExceeded(plan: Plan, state: NewestState): SessionReferenceError {
  return new SessionReferenceError(
    `session ${quoteText(plan.capture.sessionId)} does not fit its reference budget of ${plan.budget} bytes: ` +
      `its smallest possible preview takes ${state.minimal} bytes`,
    SessionReferenceErrorCode.BUDGET_EXCEEDED,
  );
}
