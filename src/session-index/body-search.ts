/** Body search over candidate texts read newest first: each checked against the query, within a budget of work, then ranked. */
import { findMatch, snippetAround } from './body-match.ts';
import type { BodyQuery, MatchStrength, TextMatch } from './body-match.ts';

/** One candidate text, as the index yields it. */
export interface TextRow {
  /** The text (a surface message). */
  readonly text: string;
  /** Its session's id. */
  readonly id: string;
  /** Its session's creation time. */
  readonly createdAt: number;
  /** 1 when the session's texts were stored unredacted. */
  readonly raw: number;
}

/** One session found by what was said in it. */
export interface BodyHit {
  readonly sessionId: string;
  readonly createdAt: number;
  readonly strength: MatchStrength;
  /** At most 160 characters of the matched text, around the match. */
  readonly snippet: string;
  /** The text was stored unredacted: a caller that redacts must scan the snippet. */
  readonly raw: boolean;
}

/** Options of a body search. */
export interface BodySearchOptions {
  /** Most sessions returned. */
  readonly limit: number;
  /** Whether a session may be returned (offered to the agent, and not already shown for its title). */
  readonly accept: (sessionId: string) => boolean;
  /** Most texts examined; past them, what was found is ranked. Defaults to {@link BODY_SEARCH_ROWS}. */
  readonly maxRows?: number;
  /** Most characters of text examined; past them, what was found is ranked. Defaults to {@link BODY_SEARCH_CHARS}. */
  readonly maxChars?: number;
}

/** Texts one body search examines at most: a bound on work, so a loaded machine gives the same answer. */
export const BODY_SEARCH_ROWS = 2_000;
/** Characters of text one body search examines at most (a single long message counts whole). */
export const BODY_SEARCH_CHARS = 4_000_000;

/** What a body search found; `complete` is false when its budget of work stopped it before every candidate was read. */
export interface BodySearchResult {
  readonly hits: BodyHit[];
  readonly complete: boolean;
}

/**
 * The sessions whose texts in `rows` contain the query: the strongest match first (a whole word,
 * then the start of a word, then inside a word), then the newest session, at most `limit`, each
 * with a snippet around its best match. `rows` come newest first; reading stops once the budget of
 * texts or characters is spent, or once `limit` sessions have a whole-word match, since no later text can outrank those.
 */
export function rankTextRows(rows: Iterable<TextRow>, query: BodyQuery, options: BodySearchOptions): BodySearchResult {
  const best = new Map<string, { text: string; createdAt: number; raw: boolean; match: TextMatch }>();
  const refused = new Set<string>();
  let whole = 0;
  let rowsLeft = options.maxRows ?? BODY_SEARCH_ROWS;
  let charsLeft = options.maxChars ?? BODY_SEARCH_CHARS;
  let complete = true;
  for (const row of rows) {
    if (rowsLeft-- <= 0 || charsLeft <= 0) {
      complete = false;
      break;
    }
    charsLeft -= row.text.length;
    const known = best.get(row.id);
    if (known?.match.strength === 3 || refused.has(row.id)) continue;
    if (known === undefined && !options.accept(row.id)) {
      refused.add(row.id);
      continue;
    }
    const match = findMatch(row.text, query.pattern);
    if (match === undefined || (known !== undefined && match.strength <= known.match.strength)) continue;
    best.set(row.id, { text: row.text, createdAt: row.createdAt, raw: row.raw === 1, match });
    if (match.strength === 3 && ++whole >= options.limit) break;
  }
  const ranked = [...best.entries()]
    .sort(([, a], [, b]) => b.match.strength - a.match.strength || b.createdAt - a.createdAt)
    .slice(0, options.limit);
  return {
    hits: ranked.map(([sessionId, found]) => ({
      sessionId,
      createdAt: found.createdAt,
      strength: found.match.strength,
      snippet: snippetAround(found.text, found.match),
      raw: found.raw,
    })),
    complete,
  };
}
