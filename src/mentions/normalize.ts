/** Normalisation of references: validation of caller-supplied ones, defaults, de-duplication and the count limit. */
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import type { SessionReferenceInput } from '../types.ts';

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

function show(id: string): string {
  const json = JSON.stringify(id);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
}

/**
 * Normalises caller-supplied references in input order: each must be an object with a string
 * `sessionId` and an optional string `label` (INVALID_REFERENCE); the agent's own id is
 * SELF_REFERENCE; a repeated id is skipped (its first label wins); a missing label becomes the id.
 * More than `maxReferences` distinct ids is TOO_MANY. Errors are reported for the earliest
 * offending entry.
 */
export function normalizeReferences(references: readonly unknown[], selfId: string, maxReferences: number): NormalizedReference[] {
  if (!Array.isArray(references)) {
    throw new SessionReferenceError('references must be an array', SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  return normalize(references, selfId, maxReferences);
}

function assertInput(entry: unknown, index: number): asserts entry is SessionReferenceInput {
  if (entry === null || typeof entry !== 'object') {
    throw new SessionReferenceError(`reference ${index} is not an object`, SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  const { sessionId, label } = entry as { sessionId?: unknown; label?: unknown };
  if (typeof sessionId !== 'string') {
    throw new SessionReferenceError(`reference ${index} has no string sessionId`, SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  if (label !== undefined && typeof label !== 'string') {
    throw new SessionReferenceError(
      `reference ${index} (session ${show(sessionId)}) has a label that is not a string`,
      SessionReferenceErrorCode.INVALID_REFERENCE,
    );
  }
}

function normalize(entries: readonly unknown[], selfId: string, maxReferences: number): NormalizedReference[] {
  const seen = new Set<string>();
  const out: NormalizedReference[] = [];
  entries.forEach((entry: unknown, index) => {
    assertInput(entry, index);
    const { sessionId, label } = entry;
    if (sessionId === selfId) {
      throw new SessionReferenceError(
        `reference ${index} cites the target session ${show(sessionId)} itself`,
        SessionReferenceErrorCode.SELF_REFERENCE,
      );
    }
    if (seen.has(sessionId)) return;
    seen.add(sessionId);
    out.push({ sessionId, label: label ?? sessionId, inputIndex: out.length });
  });
  if (out.length > maxReferences) {
    throw new SessionReferenceError(
      `a message may cite at most ${maxReferences} distinct sessions; this one cites ${out.length}`,
      SessionReferenceErrorCode.TOO_MANY,
    );
  }
  return out;
}
