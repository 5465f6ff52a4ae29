/** Pure candidate filtering and ranking for the `@` menu; no host services involved. */

import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import type { CandidateMatch, SessionReferenceCandidate, SessionReferenceMentionCandidate } from '../types.ts';
import { formatSessionReferenceMention } from '../mentions/uri.ts';
import { BODY_SNIPPET_MAX_CHARS } from '../session-index/body-match.ts';

/** Default number of candidates returned to a host. */
export const DEFAULT_CANDIDATE_LIMIT = 50;

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
  /** The three joined by newlines: one `includes` rules out a record that matches in none of them. */
  readonly all?: string;
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
  const id = sessionId.toLowerCase();
  const lowerCwd = cwd === undefined ? '' : cwd.toLowerCase();
  const lowerLabel = label.toLowerCase();
  const searchKeys: CandidateSearchKeys = { id, cwd: lowerCwd, label: lowerLabel, all: `${lowerLabel}\n${id}\n${lowerCwd}` };
  return cwd === undefined ? { sessionId, createdAt, label, searchKeys } : { sessionId, cwd, createdAt, label, searchKeys };
}

function searchKeysOf(record: CandidateRecord): CandidateSearchKeys {
  return (record as Partial<SearchableCandidateRecord>).searchKeys ?? toSearchableRecord(record).searchKeys;
}

function toCandidate(record: CandidateRecord, agentCwd: string | undefined, match: CandidateMatch | undefined): SessionReferenceCandidate {
  const { sessionId, cwd, createdAt, label } = record;
  const candidate: SessionReferenceCandidate =
    cwd === undefined
      ? { sessionId, label, sameWorkspace: false, createdAt }
      : { sessionId, label, cwd, sameWorkspace: cwd === agentCwd, createdAt };
  if (match !== undefined) candidate.match = match;
  return candidate;
}

type FieldMatch = Exclude<CandidateMatch, { in: 'body' }>['in'];

/**
 * Which field of `record` contains `needle` (already lower-cased and non-empty): its title first
 * (a label that is not just the id), then its id, then its cwd; undefined when none does.
 */
function matchOf(record: CandidateRecord, needle: string): FieldMatch | undefined {
  const keys = searchKeysOf(record);
  if (keys.all !== undefined && !keys.all.includes(needle)) return undefined;
  if (record.label !== record.sessionId && keys.label.includes(needle)) return 'title';
  if (keys.id.includes(needle)) return 'id';
  if (keys.cwd.includes(needle)) return 'cwd';
  return undefined;
}

/**
 * Filters and ranks listed sessions for one agent. Drops the agent's own session; with a
 * non-empty query keeps a record when its lower-cased id, cwd or label contains the lower-cased
 * query, and says which in `match` (`title` before `id` before `cwd`; a label that is only the id
 * counts as `id`); then orders same-cwd records first, cwd-less ones next and other cwds last,
 * keeping input order (the backend's newest-first order) within each group; returns at most
 * `limit`. One pass over `records`, stopping early once the first group alone fills `limit`.
 */
export function rankCandidates(records: readonly CandidateRecord[], options: RankCandidatesOptions): SessionReferenceCandidate[] {
  const { selfId, agentCwd, query, limit } = options;
  assertCandidateLimit(limit);
  assertCandidateQuery(query);
  const needle = query.toLowerCase();
  const same: Ranked[] = [];
  const cwdless: Ranked[] = [];
  const other: Ranked[] = [];
  for (const record of records) {
    if (record.sessionId === selfId) continue;
    let match: FieldMatch | undefined;
    if (needle.length > 0) {
      match = matchOf(record, needle);
      if (match === undefined) continue;
    }
    if (record.cwd === undefined) {
      if (cwdless.length < limit) cwdless.push({ record, match });
    } else if (record.cwd === agentCwd) {
      same.push({ record, match });
      if (same.length === limit) break;
    } else if (other.length < limit) {
      other.push({ record, match });
    }
  }
  const out: SessionReferenceCandidate[] = [];
  for (const group of [same, cwdless, other]) {
    for (const { record, match } of group) {
      if (out.length === limit) return out;
      out.push(toCandidate(record, agentCwd, match === undefined ? undefined : { in: match }));
    }
  }
  return out;
}

interface Ranked {
  readonly record: CandidateRecord;
  readonly match: FieldMatch | undefined;
}

/** `snippet` cut to {@link BODY_SNIPPET_MAX_CHARS} code points, ending in `…` when it was cut. */
export function clampSnippet(snippet: string): string {
  if (snippet.length <= BODY_SNIPPET_MAX_CHARS) return snippet;
  const chars = Array.from(snippet);
  if (chars.length <= BODY_SNIPPET_MAX_CHARS) return snippet;
  return `${chars.slice(0, BODY_SNIPPET_MAX_CHARS - 1).join('')}…`;
}

/** A full-text hit as {@link appendBodyMatches} takes it: the session's record and the engine's excerpt. */
export interface BodyMatchRecord {
  /** The hit session, labelled like every listed one. */
  readonly record: CandidateRecord;
  /** The engine's plain-text excerpt around the match. */
  readonly snippet: string;
}

/**
 * `ranked` (the id, cwd and title matches, already within `limit`) followed by the full-text hits
 * in the engine's order, skipping the agent's own session and any session already in `ranked`,
 * each with `match: {in: 'body', snippet}` (snippet clamped by {@link clampSnippet}), up to `limit`
 * in all. Returns `ranked` itself when nothing is added.
 */
export function appendBodyMatches(
  ranked: readonly SessionReferenceCandidate[],
  hits: readonly BodyMatchRecord[],
  options: Omit<RankCandidatesOptions, 'query'>,
): SessionReferenceCandidate[] {
  const { selfId, agentCwd, limit } = options;
  assertCandidateLimit(limit);
  if (ranked.length >= limit || hits.length === 0) return ranked as SessionReferenceCandidate[];
  const seen = new Set<string>(ranked.map((candidate) => candidate.sessionId));
  seen.add(selfId);
  const out = ranked.slice();
  for (const { record, snippet } of hits) {
    if (out.length === limit) break;
    if (seen.has(record.sessionId)) continue;
    seen.add(record.sessionId);
    out.push(toCandidate(record, agentCwd, { in: 'body', snippet: clampSnippet(snippet) }));
  }
  return out;
}

/** Each candidate plus its canonical mention, as the Remote face returns them. */
export function withMentions(candidates: readonly SessionReferenceCandidate[]): SessionReferenceMentionCandidate[] {
  return candidates.map((candidate) => ({ ...candidate, mention: formatSessionReferenceMention(candidate) }));
}
