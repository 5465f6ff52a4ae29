/** The `'newest'` retention policy: drop the oldest, refill the newest dropped, cut the largest. */
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { itemAt } from './item-at.ts';
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
  openPlan,
  settleWidest,
} from './retention-plan.ts';
import type { Plan } from './retention-plan.ts';
import type { RetentionResult, SourceCapture } from './prepare-data.ts';

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
  const minimal = mandatoryBytes(plan);
  if (minimal > budget) {
    throw new SessionReferenceError(
      `session ${quoteText(capture.sessionId)} does not fit its reference budget of ${budget} bytes: ` +
        `its smallest possible preview takes ${minimal} bytes`,
      SessionReferenceErrorCode.BUDGET_EXCEEDED,
    );
  }
  settleWidest(plan, keepMandatory(plan));
  const newestDropped = dropOldest(plan);
  if (newestDropped >= 0) refillNewestDropped(plan, newestDropped);
  cutCostliest(plan);
  return closePlan(plan);
}

/**
 * Drops the oldest while over budget: keeps the longest run of most recent droppable items that
 * fits beside the mandatory ones. Returns the newest dropped item, or -1.
 */
function dropOldest(plan: Plan): number {
  const { budget, fixed, kept } = plan;
  for (let i = kept.length - 2; i >= 0; i--) {
    if (kept[i]) continue;
    if (plan.size + 1 + leastWholeCost(plan, i) > budget) return i;
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
  const cut = cutWithin(plan, i, plan.budget - plan.size - 1);
  if (cut !== undefined && 2 * cut.keptJsonBytes >= overhead + cut.contentBytes) keepCut(plan, i, cut);
}
