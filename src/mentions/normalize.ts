/** Normalisation of references: defaults, de-duplication, the self-reference and the count limit. */
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { readReferences } from '../arguments.ts';

/** Hard ceiling on distinct sources per message; `maxReferences` may lower it, never raise it. */
export const MAX_REFERENCES = 3;

/** A reference after normalisation: label resolved, position fixed. */
export interface NormalizedReference {
  /** The source session id. */
  sessionId: string;
  /** The mention label (the id when none was given). */
  label: string;
  /** 0-based position after normalisation. */
  inputIndex: number;
}

/**
 * Normalises caller-supplied references in input order, stopping at the first error, so no entry
 * after it is read: each entry is checked as {@link readReferences} says (INVALID_REFERENCE); the
 * agent's own id is SELF_REFERENCE; a repeated id is skipped (its first label wins); a missing
 * label becomes the id; the entry that brings the distinct ids past `maxReferences` is TOO_MANY.
 */
export function normalizeReferences(references: unknown, selfId: string, maxReferences: number): NormalizedReference[] {
  const seen = new Set<string>();
  const out: NormalizedReference[] = [];
  let index = 0;
  for (const { sessionId, label } of readReferences(references)) {
    if (sessionId === selfId) {
      throw new SessionReferenceError(
        `reference ${index} cites the target session ${quoteText(sessionId)} itself`,
        SessionReferenceErrorCode.SELF_REFERENCE,
      );
    }
    if (!seen.has(sessionId)) {
      seen.add(sessionId);
      if (seen.size > maxReferences) {
        throw new SessionReferenceError(
          `a message may cite at most ${maxReferences} distinct sessions; reference ${index} cites one more`,
          SessionReferenceErrorCode.TOO_MANY,
        );
      }
      out.push({ sessionId, label: label ?? sessionId, inputIndex: out.length });
    }
    index++;
  }
  return out;
}
