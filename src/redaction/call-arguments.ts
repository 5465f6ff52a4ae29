/** Reading a call's arguments backwards from a comma: the strings and references before it, and the name of the call they belong to. */
import { chars } from './chars.ts';
import { isLineBlank } from './argument-spans.ts';

/** A reference argument's characters (`Environment.PRODUCTION`, `$key`), its first one's, and a call's name's. */
export const REFERENCE = chars('A-Za-z0-9_$.');
export const NAME_START = chars('A-Za-z_$');
const CALL_NAME = chars('A-Za-z0-9_$');

/** The name of the call whose `(` is at `paren` in `before`: a run of name characters that starts with no digit (64 at most), or ''. */
export function callName(before: string, paren: number): string {
  let start = CALL_NAME.runStart(before, paren, paren - 64);
  while (start < paren && before.charCodeAt(start) >= 48 && before.charCodeAt(start) <= 57) start++;
  return before.slice(start, paren);
}

/** The index of the quote nearest before `at` in `text`, of either kind, or -1. */
export function quoteBefore(text: string, at: number): number {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) !== 34 && text.charCodeAt(k) !== 39) k--;
  return k;
}

/** The index of the last character of `text` before `end` that is no white space (as a pattern's `\\s` reads it), or -1. */
export function lastSolid(text: string, end: number): number {
  let at = end - 1;
  while (at >= 0 && WHITE_SPACE_RE.test(text.charAt(at))) at--;
  return at;
}
/** One character of white space, as `\\s` reads it. */
const WHITE_SPACE_RE = /^\s$/;

/** Where the blanks and line breaks that end at `at` in `text` start. */
export function blanksBefore(text: string, at: number): number {
  let k = at;
  while (k > 0 && isLineBlank(text.charCodeAt(k - 1))) k--;
  return k;
}

/** The start of the quoted string whose closing quote is at `close` (its opening quote's index), or -1: 200 characters at most, on one line. */
export function stringStart(text: string, close: number): number {
  const quote = text.charCodeAt(close);
  let at = close;
  while (at > 0 && close - at <= 200 && text.charCodeAt(at - 1) !== quote && text.charCodeAt(at - 1) !== 10) at--;
  return at > 0 && text.charCodeAt(at - 1) === quote ? at - 1 : -1;
}

/** The name of the call whose arguments end at `at` in `before`, read backwards over at most four arguments (strings or references); or null. */
export function callNameBefore(before: string, from: number): string | null {
  let at = from;
  for (let argument = 0; argument <= 4; argument++) {
    at = blanksBefore(before, at);
    const code = before.charCodeAt(at - 1);
    if (code === 40) {
      const start = CALL_NAME.runStart(before, at - 1, 0);
      return start < at - 1 ? before.slice(start, at - 1) : null;
    }
    if (code !== 44) return null;
    at = blanksBefore(before, at - 1);
    const last = before.charCodeAt(at - 1);
    if (last === 34 || last === 39) {
      at = stringStart(before, at - 1);
      if (at < 0) return null;
    } else {
      const end = at;
      at = REFERENCE.runStart(before, end, end - 65);
      if (at === end) return null;
    }
  }
  return null;
}
