/** Per-source retention under a byte budget: the capture's checks, and the choice between the focused and the newest-first policy. */
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { captureProblem } from '../transcript/layout.ts';
import { retainFocused } from './focused-retention.ts';
import { retainNewest } from './newest-retention.ts';
import type { RetentionResult, SourceCapture } from './prepare-data.ts';
import type { FocusQuery } from './terms.ts';

/**
 * Retains one source under `budget` bytes of tag-safe JSON; throws BUDGET_EXCEEDED when it cannot
 * fit, and INVALID_CONFIG or INVALID_REFERENCE for a budget or capture retention cannot work on
 * (checked in one pass over the messages, before any measuring). Without `focus` it is the
 * `'newest'` policy; with it, the `'focused'` policy for that query.
 */
export function retainReference(capture: SourceCapture, budget: number, focus?: FocusQuery): RetentionResult {
  if (!Number.isSafeInteger(budget) || budget < 0) {
    throw new SessionReferenceError(
      `reference budget must be a non-negative safe integer, got ${String(budget)}`,
      SessionReferenceErrorCode.INVALID_CONFIG,
    );
  }
  const problem = captureProblem(capture);
  if (problem !== undefined) {
    throw new SessionReferenceError(`invalid source capture: ${problem}`, SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  return focus === undefined ? retainNewest(capture, budget) : retainFocused(capture, budget, focus);
}
