/**
 * The terms of a retention query and how a text is searched for them: case-folded words reduced to a
 * light stem, CJK as character pairs, stop words left out; one regular-expression pass per text.
 */
import { STOP_WORDS } from './stop-words.ts';
import { escapeRegExp } from '../regexp.ts';

/** At most this many distinct terms count, the first ones in query order: the scan's cost per character stays bounded. */
export const MAX_QUERY_TERMS = 32;
/** A word longer than this (a hash, a base64 run) is not a term. */
const MAX_TERM_LENGTH = 64;

/** A compiled retention query. */
export interface FocusQuery {
  /** The counted terms, in query order: word stems and CJK pairs (a lone CJK character stands alone). */
  readonly terms: readonly string[];
  /** Finds where a term may occur: each stem as written, each CJK pair, case-insensitively; undefined when no term counts. */
  readonly pattern: RegExp | undefined;
  /** Stem → term index. */
  readonly stems: ReadonlyMap<string, number>;
  /** CJK pair (or lone character) → term index. */
  readonly pairs: ReadonlyMap<string, number>;
}

const CJK_CLASS = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]`;
/** A code point that continues a word: a letter, digit, mark or `_` outside the CJK scripts. */
const WORD_PART = String.raw`(?:(?!${CJK_CLASS})[\p{L}\p{N}\p{M}_])`;
const CJK = new RegExp(CJK_CLASS, 'u');
/** A query's runs of CJK characters (group 1), which are read as character pairs, and its words. */
const QUERY_TOKENS = new RegExp(`(${CJK_CLASS}+)|${WORD_PART}+`, 'gu');
/** From its `lastIndex`, the rest of the word going on there. */
const WORD_REST = new RegExp(`${WORD_PART}*`, 'uy');
/** A text whose last code point continues a word. */
const ENDS_IN_WORD = new RegExp(`${WORD_PART}$`, 'u');

/** Endings one word loses, longest first, so that a word and its common inflections share a stem. */
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ers', 'ies', 'ied', 'es', 'ed', 'er', 'ly', 's', 'e', 'y'];

/** The light stem of a case-folded word: one common ending off, when at least three characters stay. */
export function stem(word: string): string {
  if (word.length < 4) return word;
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    // "class", "status", "analysis" are not plurals.
    if (suffix === 's' && 'sui'.includes(word.charAt(word.length - 2))) continue;
    return word.slice(0, word.length - suffix.length);
  }
  return word;
}

/**
 * Compiles the readable citing text into its counted terms: case-folded words (two characters or
 * more, not stop words) by their stems, and each adjacent pair of CJK characters (a lone one
 * alone) that is not a stop pair; the first {@link MAX_QUERY_TERMS} distinct ones, in query order.
 */
export function compileFocusQuery(text: string): FocusQuery {
  const stems = new Map<string, number>();
  const pairs = new Map<string, number>();
  const terms: string[] = [];
  const add = (map: Map<string, number>, term: string): void => {
    if (terms.length >= MAX_QUERY_TERMS || map.has(term) || STOP_WORDS.has(term)) return;
    map.set(term, terms.length);
    terms.push(term);
  };
  for (const [token, cjk] of text.toLowerCase().matchAll(QUERY_TOKENS)) {
    if (terms.length >= MAX_QUERY_TERMS) break;
    if (cjk === undefined) {
      if (token.length >= 2 && token.length <= MAX_TERM_LENGTH && !STOP_WORDS.has(token)) add(stems, stem(token));
      continue;
    }
    let previous = '';
    for (const char of cjk) {
      if (previous !== '') add(pairs, previous + char);
      previous = char;
    }
    if (previous === cjk) add(pairs, cjk); // a lone character stands alone
  }
  const alternatives = [...stems.keys(), ...pairs.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const pattern = alternatives.length === 0 ? undefined : new RegExp(alternatives.map(escapeRegExp).join('|'), 'gi');
  return { terms, pattern, stems, pairs };
}

/**
 * Calls `found` with the term index of every occurrence of a counted term in `text`, in one pass:
 * a whole word whose stem is a term, and every position where a CJK pair or lone CJK character
 * that is a term starts (pairs overlap: `哈哈哈` holds `哈哈` twice).
 */
export function forEachTerm(text: string, query: FocusQuery, found: (term: number) => void): void {
  const pattern = query.pattern;
  if (pattern === undefined) return;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index;
    const first = text.codePointAt(start) ?? 0;
    if (first >= 0x1100 && CJK.test(String.fromCodePoint(first))) {
      const firstLength = first > 0xffff ? 2 : 1;
      const second = text.codePointAt(start + firstLength);
      const firstChar = text.slice(start, start + firstLength);
      const pair = second === undefined ? undefined : query.pairs.get(firstChar + String.fromCodePoint(second));
      if (pair !== undefined) found(pair);
      const single = query.pairs.get(firstChar);
      if (single !== undefined) found(single);
      pattern.lastIndex = start + firstLength;
      continue;
    }
    WORD_REST.lastIndex = start + match[0].length;
    WORD_REST.test(text);
    const end = WORD_REST.lastIndex;
    pattern.lastIndex = end;
    if (ENDS_IN_WORD.test(text.slice(Math.max(0, start - 2), start))) continue;
    const term = query.stems.get(stem(text.slice(start, end).toLowerCase()));
    if (term !== undefined) found(term);
  }
}
