/**
 * The terms of a retention query and how a text is searched for them: case-folded words reduced to a
 * light stem, CJK as character pairs, stop words left out; one regular-expression pass per text.
 */
import { STOP_WORDS } from './stop-words.ts';

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

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}_]/u;

/** True for a code point of CJK script: these are read as character pairs, never as words. */
function isCjk(codePoint: number): boolean {
  return codePoint >= 0x1100 && CJK.test(String.fromCodePoint(codePoint));
}

/** True for a code point that continues a word: a letter, digit, mark or `_` outside the CJK scripts. */
function isWordPart(codePoint: number): boolean {
  if (codePoint < 0x80) {
    return (
      (codePoint >= 0x30 && codePoint <= 0x39) ||
      (codePoint >= 0x61 && codePoint <= 0x7a) ||
      (codePoint >= 0x41 && codePoint <= 0x5a) ||
      codePoint === 0x5f
    );
  }
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  const char = String.fromCodePoint(codePoint);
  return WORD.test(char) && !CJK.test(char);
}

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

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  const addWord = (word: string): void => {
    if (word.length < 2 || word.length > MAX_TERM_LENGTH || STOP_WORDS.has(word)) return;
    add(stems, stem(word));
  };
  const addCjk = (chars: string[]): void => {
    let previous: string | undefined;
    for (const char of chars) {
      if (previous !== undefined) add(pairs, previous + char);
      previous = char;
    }
    if (chars.length === 1 && previous !== undefined) add(pairs, previous);
  };
  let word = '';
  let cjk: string[] = [];
  for (const char of text.toLowerCase()) {
    const codePoint = codePointAt(char, 0);
    if (isCjk(codePoint)) {
      if (word !== '') addWord(word);
      word = '';
      cjk.push(char);
    } else {
      if (cjk.length > 0) addCjk(cjk);
      cjk = [];
      if (isWordPart(codePoint)) word += char;
      else {
        if (word !== '') addWord(word);
        word = '';
      }
    }
    if (terms.length >= MAX_QUERY_TERMS) break;
  }
  if (word !== '') addWord(word);
  if (cjk.length > 0) addCjk(cjk);
  const alternatives = [...stems.keys(), ...pairs.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const pattern = alternatives.length === 0 ? undefined : new RegExp(alternatives.map(escapeRegExp).join('|'), 'gi');
  return { terms, pattern, stems, pairs };
}

/** The code point at `index` (below the text's length) as `codePointAt` reads it, a high surrogate and the low one after it being one. */
function codePointAt(text: string, index: number): number {
  const high = text.charCodeAt(index);
  if (high >= 0xd800 && high <= 0xdbff) {
    const low = text.charCodeAt(index + 1); // NaN past the end, which is no low surrogate
    if (low >= 0xdc00 && low <= 0xdfff) return 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
  }
  return high;
}

/** The code point that ends just before `index`, or -1 at the start. */
function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
  }
  return low;
}

/** Where the word going on at `index` ends. */
function wordEnd(text: string, index: number): number {
  let at = index;
  while (at < text.length) {
    const codePoint = codePointAt(text, at);
    if (!isWordPart(codePoint)) break;
    at += codePoint > 0xffff ? 2 : 1;
  }
  return at;
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
    const first = codePointAt(text, start);
    if (isCjk(first)) {
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
    const end = wordEnd(text, start + match[0].length);
    pattern.lastIndex = end;
    if (isWordPart(codePointBefore(text, start))) continue;
    const term = query.stems.get(stem(text.slice(start, end).toLowerCase()));
    if (term !== undefined) found(term);
  }
}
