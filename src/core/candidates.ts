/** Pure candidate filtering and ranking for the `@` menu (SPEC §7.3); no host services involved. */

import { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
import type { SessionReferenceCandidate, SessionReferenceMentionCandidate } from './types.ts';
import { formatSessionReferenceMention } from './uri.ts';

/** One listed session before filtering: what ranking needs to know about it. */
export interface CandidateRecord {
  /** Session id. */
  readonly sessionId: string;
  /** Working directory, when the session has one. */
  readonly cwd?: string;
  /** Creation time, epoch milliseconds. */
  readonly createdAt: number;
  /** The label the candidate will carry (title or id). */
  readonly label: string;
}

/** Lower-cased copies of the three searchable fields, computed once per record rather than per keystroke. */
export interface CandidateSearchKeys {
  /** Lower-cased id. */
  readonly id: string;
  /** Lower-cased cwd; empty when the record has none. */
  readonly cwd: string;
  /** Lower-cased label. */
  readonly label: string;
}

/** A record carrying its precomputed search keys; build it with {@link toSearchableRecord}. */
export interface SearchableCandidateRecord extends CandidateRecord {
  /** Must match the record's current id, cwd and label. */
  readonly searchKeys: CandidateSearchKeys;
}

/** Options of {@link rankCandidates}. */
export interface RankCandidatesOptions {
  /** The requesting agent's own session id; never a candidate. */
  selfId: string;
  /** The requesting agent's cwd, or undefined when its session has none. */
  agentCwd: string | undefined;
  /** Filter text; empty keeps every record. */
  query: string;
  /** Maximum number of candidates; a positive safe integer. */
  limit: number;
}

/** Throws INVALID_REFERENCE unless `limit` is a positive safe integer. */
export function assertCandidateLimit(limit: unknown): asserts limit is number {
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    throw new SessionReferenceError(
      `candidate limit must be a positive safe integer, got ${typeof limit === 'number' ? String(limit) : typeof limit}`,
      SessionReferenceErrorCode.INVALID_REFERENCE,
    );
  }
}

/** Throws INVALID_REFERENCE unless `query` is a string. */
export function assertCandidateQuery(query: unknown): asserts query is string {
  if (typeof query !== 'string') {
    throw new SessionReferenceError(
      `candidate query must be a string, got ${query === null ? 'null' : typeof query}`,
      SessionReferenceErrorCode.INVALID_REFERENCE,
    );
  }
}

/** Returns `record` with its lower-cased search keys attached. */
export function toSearchableRecord(record: CandidateRecord): SearchableCandidateRecord {
  const { sessionId, cwd, createdAt, label } = record;
  const searchKeys: CandidateSearchKeys = {
    id: sessionId.toLowerCase(),
    cwd: cwd === undefined ? '' : cwd.toLowerCase(),
    label: label.toLowerCase(),
  };
  return cwd === undefined ? { sessionId, createdAt, label, searchKeys } : { sessionId, cwd, createdAt, label, searchKeys };
}

function searchKeysOf(record: CandidateRecord): CandidateSearchKeys {
  return (record as Partial<SearchableCandidateRecord>).searchKeys ?? toSearchableRecord(record).searchKeys;
}

function toCandidate(record: CandidateRecord, agentCwd: string | undefined): SessionReferenceCandidate {
  const { sessionId, cwd, createdAt, label } = record;
  return cwd === undefined
    ? { sessionId, label, sameWorkspace: false, createdAt }
    : { sessionId, label, cwd, sameWorkspace: cwd === agentCwd, createdAt };
}

/**
 * Filters and ranks listed sessions for one agent. Drops the agent's own session; with a
 * non-empty query keeps a record when its lower-cased id, cwd or label contains the lower-cased
 * query; then orders same-cwd records first, cwd-less ones next and other cwds last, keeping
 * input order (the backend's newest-first order) within each group; returns at most `limit`.
 * One pass over `records`, stopping early once the first group alone fills `limit`.
 */
export function rankCandidates(records: readonly CandidateRecord[], options: RankCandidatesOptions): SessionReferenceCandidate[] {
  const { selfId, agentCwd, query, limit } = options;
  assertCandidateLimit(limit);
  assertCandidateQuery(query);
  const needle = query.toLowerCase();
  const same: CandidateRecord[] = [];
  const cwdless: CandidateRecord[] = [];
  const other: CandidateRecord[] = [];
  for (const record of records) {
    if (record.sessionId === selfId) continue;
    if (needle.length > 0) {
      const keys = searchKeysOf(record);
      if (!keys.id.includes(needle) && !keys.cwd.includes(needle) && !keys.label.includes(needle)) continue;
    }
    if (record.cwd === undefined) {
      if (cwdless.length < limit) cwdless.push(record);
    } else if (record.cwd === agentCwd) {
      same.push(record);
      if (same.length === limit) break;
    } else if (other.length < limit) {
      other.push(record);
    }
  }
  const out: SessionReferenceCandidate[] = [];
  for (const group of [same, cwdless, other]) {
    for (const record of group) {
      if (out.length === limit) return out;
      out.push(toCandidate(record, agentCwd));
    }
  }
  return out;
}

/** Each candidate plus its canonical mention, as the Remote face returns them. */
export function withMentions(candidates: readonly SessionReferenceCandidate[]): SessionReferenceMentionCandidate[] {
  return candidates.map((candidate) => ({ ...candidate, mention: formatSessionReferenceMention(candidate) }));
}
