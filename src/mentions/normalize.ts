/** Normalisation of references: validation of caller-supplied ones, defaults, de-duplication and the count limit. */
import { quoteText, readGuarded, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';

/** Hard ceiling on distinct sources per message; `maxReferences` may lower it, never raise it. */
export const MAX_REFERENCES = 3;

/** The largest length an array can have; a Proxy claiming more (or a non-integer) is not an array of references. */
const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** A reference after normalisation: label resolved, position fixed. */
export interface NormalizedReference {
  /** The source session id. */
  sessionId: string;
  /** The mention label (the id when none was given). */
  label: string;
  /** 0-based position after normalisation. */
  inputIndex: number;
}

function invalid(message: string): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE);
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Normalises caller-supplied references in input order, stopping at the first error: each must be
 * an object with a string `sessionId` and an optional string `label` (INVALID_REFERENCE; a hole is
 * not an object); the agent's own id is SELF_REFERENCE; a repeated id is skipped (its first label
 * wins); a missing label becomes the id; the entry that brings the distinct ids past
 * `maxReferences` is TOO_MANY, so no entry after it is read. Each entry and each of its fields is
 * read once, inside a guard: a getter or Proxy trap that throws, and an array whose `length` throws
 * or is not an array length, is INVALID_REFERENCE with the thrown value as `cause`. Work is
 * proportional to the entries read up to the first error, whatever length the array claims.
 */
export function normalizeReferences(references: unknown, selfId: string, maxReferences: number): NormalizedReference[] {
  const length = lengthOf(references);
  const entries = references as readonly unknown[];
  const seen = new Set<string>();
  const out: NormalizedReference[] = [];
  for (let index = 0; index < length; index++) {
    const { sessionId, label } = readInput(
      readGuarded(() => entries[index], `reference ${index}`),
      index,
    );
    if (sessionId === selfId) {
      throw new SessionReferenceError(
        `reference ${index} cites the target session ${quoteText(sessionId)} itself`,
        SessionReferenceErrorCode.SELF_REFERENCE,
      );
    }
    if (seen.has(sessionId)) continue;
    seen.add(sessionId);
    if (seen.size > maxReferences) {
      throw new SessionReferenceError(
        `a message may cite at most ${maxReferences} distinct sessions; reference ${index} cites one more`,
        SessionReferenceErrorCode.TOO_MANY,
      );
    }
    out.push({ sessionId, label: label ?? sessionId, inputIndex: out.length });
  }
  return out;
}

function lengthOf(references: unknown): number {
  if (!readGuarded(() => Array.isArray(references), 'the references')) {
    throw invalid(`references must be an array, got ${typeName(references)}`);
  }
  const length = readGuarded(() => (references as readonly unknown[]).length, 'the length of the references array');
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > MAX_ARRAY_LENGTH) {
    const shown = typeof length === 'number' ? String(length) : typeName(length);
    throw invalid(`the references array reports a length that is not an array length: ${shown}`);
  }
  return length;
}

function readInput(entry: unknown, index: number): { sessionId: string; label: string | undefined } {
  if (entry === null || typeof entry !== 'object') {
    throw invalid(`reference ${index} is not an object (got ${typeName(entry)})`);
  }
  const fields = entry as { sessionId?: unknown; label?: unknown };
  const sessionId = readGuarded(() => fields.sessionId, `reference ${index}'s sessionId`);
  if (typeof sessionId !== 'string') throw invalid(`reference ${index} has no string sessionId (got ${typeName(sessionId)})`);
  const label = readGuarded(() => fields.label, `reference ${index}'s label`);
  if (label !== undefined && typeof label !== 'string') {
    throw invalid(`reference ${index} (session ${quoteText(sessionId)}) has a label that is not a string (got ${typeName(label)})`);
  }
  return { sessionId, label };
}
