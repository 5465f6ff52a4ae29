/** Per-source retention under a byte budget: the capture's checks, and the choice between the focused and the newest-first policy. */
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { retainFocused } from './focused-retention.ts';
import { retainNewest } from './newest-retention.ts';
import type { ProjectedMessage, RetentionResult, SourceCapture } from './shapes.ts';
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
  assertCapture(capture);
  return focus === undefined ? retainNewest(capture, budget) : retainFocused(capture, budget, focus);
}

function invalidCapture(why: string): SessionReferenceError {
  return new SessionReferenceError(`invalid source capture: ${why}`, SessionReferenceErrorCode.INVALID_REFERENCE);
}

/** Rejects a capture that is not the plain shape retention works on, before any work. */
function assertCapture(capture: SourceCapture): void {
  const value: unknown = capture; // typed for callers, but it may come from untyped code
  if (value === null || typeof value !== 'object') throw invalidCapture('not an object');
  const { sessionId, label, cwd, capturedThroughSeq, messages } = capture;
  if (typeof sessionId !== 'string') throw invalidCapture('sessionId is not a string');
  if (typeof label !== 'string') throw invalidCapture(`label of session ${quoteText(sessionId)} is not a string`);
  if (cwd !== null && typeof cwd !== 'string') throw invalidCapture(`cwd of session ${quoteText(sessionId)} is neither a string nor null`);
  if (capturedThroughSeq !== null && !(Number.isSafeInteger(capturedThroughSeq) && capturedThroughSeq >= 0)) {
    throw invalidCapture(`capturedThroughSeq of session ${quoteText(sessionId)} is neither a non-negative integer nor null`);
  }
  if (!Array.isArray(messages)) throw invalidCapture(`messages of session ${quoteText(sessionId)} is not an array`);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as Partial<ProjectedMessage> | null | undefined;
    if (m === null || typeof m !== 'object' || (m.role !== 'user' && m.role !== 'assistant') || typeof m.text !== 'string') {
      throw invalidCapture(`message ${i} of session ${quoteText(sessionId)} is not {role: 'user'|'assistant', text: string}`);
    }
  }
}
