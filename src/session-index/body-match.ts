/** What a typed query means for body matching: its trigram lookup, how a text is checked against it, how strong a match is, and its snippet. */
import { splitsPair } from '../utf16.ts';
import { escapeRegExp } from '../regexp.ts';

/** Fewest characters a query needs for the trigram index; shorter queries match titles, ids and cwds only. */
export const BODY_QUERY_MIN_CHARS = 3;

/** Most code points of a query that take part in matching; the rest is ignored, so a keystroke's cost does not grow with its length. */
export const QUERY_MAX_CHARS = 256;

/** Longest body-match snippet, in characters (code points), ellipses included. */
export const BODY_SNIPPET_MAX_CHARS = 160;

/** Scripts written without spaces between words, where two characters already make a word. */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHAR = /^[\p{L}\p{N}\p{M}_]$/u;

/** A typed query, parsed for body matching. */
export interface BodyQuery {
  /**
   * `index`: looked up in the trigram index (3 characters or more); `scan`: the newest texts are
   * read within the keystroke's budget (a 2-character query in a script written without spaces,
   * where 2 characters make a word); `none`: no body matching.
   */
  readonly mode: 'index' | 'scan' | 'none';
  /** The query trimmed, each run of whitespace as one space. */
  readonly text: string;
  /** The FTS5 expression: every distinct trigram of the query, ANDed (the index keeps no positions). */
  readonly match: string;
  /** Finds the query in a text, ignoring case. */
  readonly pattern: RegExp;
}

/** The first {@link QUERY_MAX_CHARS} code points of `query`, read without looking past them. */
export function matchedQuery(query: string): string {
  let end = 0;
  for (let count = 0; end < query.length && count < QUERY_MAX_CHARS; count++) {
    end += splitsPair(query, end + 1) ? 2 : 1;
  }
  return query.slice(0, end);
}

/**
 * Parses `query` for body matching, on its first {@link QUERY_MAX_CHARS} code points. Any string
 * parses: the pattern is a literal of bounded length, and the trigram expression quotes every
 * trigram and leaves out those holding a NUL, which the full-text engine reads as the end of input.
 */
export function parseBodyQuery(query: string): BodyQuery {
  const text = matchedQuery(query).trim().replace(/\s+/gu, ' ');
  const chars = Array.from(text);
  const pattern = new RegExp(escapeRegExp(text), 'iu');
  if (chars.length >= BODY_QUERY_MIN_CHARS) {
    const match = trigramMatch(chars);
    return match === '' ? { mode: 'scan', text, match, pattern } : { mode: 'index', text, match, pattern };
  }
  if (chars.length === 2 && DENSE_SCRIPT.test(text)) return { mode: 'scan', text, match: '', pattern };
  return { mode: 'none', text, match: '', pattern };
}

function trigramMatch(chars: readonly string[]): string {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const gram = chars.slice(i, i + 3).join('');
    if (!gram.includes('\0')) grams.add(gram);
  }
  return [...grams].map((gram) => `"${gram.replaceAll('"', '""')}"`).join(' AND ');
}

/** How well a match sits in its text: a whole word (3), the start of a word (2), or inside a word (1). */
export type MatchStrength = 1 | 2 | 3;

/** A query found in a text. */
export interface TextMatch {
  /** UTF-16 offset of the match. */
  readonly index: number;
  /** UTF-16 length of the match. */
  readonly length: number;
  readonly strength: MatchStrength;
}

/** Matches looked at per text before the best so far is taken: a common query has many in one text. */
const MATCHES_PER_TEXT = 16;

/** The best match of `pattern` in `text` (the first whole-word one, else the first word-start one, else the first), or undefined. */
export function findMatch(text: string, pattern: RegExp): TextMatch | undefined {
  const global = new RegExp(pattern.source, 'giu');
  let best: TextMatch | undefined;
  for (let tries = 0; tries < MATCHES_PER_TEXT; tries++) {
    const found = global.exec(text);
    if (found === null || found[0].length === 0) break;
    const strength = strengthAt(text, found.index, found[0].length);
    if (best === undefined || strength > best.strength) best = { index: found.index, length: found[0].length, strength };
    if (strength === 3) break;
    global.lastIndex = found.index + 1;
  }
  return best;
}

/** The character (code point) ending just before UTF-16 offset `at`, or undefined at the start. */
function charBefore(text: string, at: number): string | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return String.fromCodePoint(text.codePointAt(start) ?? 0xfffd);
}

function charAt(text: string, at: number): string | undefined {
  const point = text.codePointAt(at);
  return point === undefined ? undefined : String.fromCodePoint(point);
}

const isWord = (char: string | undefined): boolean => char !== undefined && WORD_CHAR.test(char);

function strengthAt(text: string, index: number, length: number): MatchStrength {
  if (isWord(charBefore(text, index)) && isWord(charAt(text, index))) return 1;
  return isWord(charBefore(text, index + length)) && isWord(charAt(text, index + length)) ? 2 : 3;
}

/**
 * At most {@link BODY_SNIPPET_MAX_CHARS} characters of `text` around `match`, each run of whitespace as
 * one space: the whole text when it fits, else a window with the match in its middle and `…` at each
 * end where the text was cut.
 */
export function snippetAround(text: string, match: TextMatch): string {
  const squash = (part: string): string[] => Array.from(part.replace(/\s+/gu, ' '));
  const before = squash(text.slice(0, match.index).trimStart());
  const hit = squash(text.slice(match.index, match.index + match.length));
  const after = squash(text.slice(match.index + match.length).trimEnd());
  const max = BODY_SNIPPET_MAX_CHARS;
  if (before.length + hit.length + after.length <= max) return [...before, ...hit, ...after].join('');
  if (hit.length >= max - 2) {
    const head = before.length > 0 ? '…' : '';
    return `${head}${hit.slice(0, max - head.length - 1).join('')}…`;
  }
  // both ends cut: two ellipses; an end that reaches the text's edge gives its ellipsis back to the other side
  const room = max - 2 - hit.length;
  let left = Math.min(before.length, Math.floor(room / 2));
  let right = Math.min(after.length, room - left);
  left = Math.min(before.length, room - right);
  if (left === before.length) right = Math.min(after.length, room + 1 - left);
  else if (right === after.length) left = Math.min(before.length, room + 1 - right);
  const head = left < before.length ? '…' : '';
  const tail = right < after.length ? '…' : '';
  return `${head}${before.slice(before.length - left).join('')}${hit.join('')}${after.slice(0, right).join('')}${tail}`;
}
