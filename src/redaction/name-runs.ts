/** The run of name characters before a position, read back once for all the rules of one token, and the word before a value. */
import { chars } from './chars.ts';

export const NAME_CHARS = chars('A-Za-z0-9_.$-');
export const MAX_NAME = 64;

/** The last word read back by {@link wordStartBefore}: the rules for one token read back over the same word. */
let wordText = '';
let wordEnd = -1;
let wordStart = -1;

/** Where the run of name characters that ends at `end` starts, read back {@link MAX_NAME} characters at most. */
export function wordStartBefore(text: string, end: number): number {
  if (end !== wordEnd || text !== wordText) {
    wordText = text;
    wordEnd = end;
    wordStart = NAME_CHARS.runStart(text, end, end - MAX_NAME);
  }
  return wordStart;
}
/** Tells {@link wordStartBefore} that [start, end) is a whole run of name characters (read by the caller). */
export function nameRunIs(text: string, start: number, end: number): void {
  wordText = text;
  wordEnd = end;
  wordStart = Math.max(start, end - MAX_NAME);
}

/** Where the word before a value at `start` ends: before the value's opening quote or Discord's spoiler bars (`||`), if any, and up to 24 blanks (a C header aligns its `#define` values). */
export function wordEndBefore(text: string, start: number): number {
  let p = start;
  const quote = text.charCodeAt(p - 1);
  if (quote === 34 || quote === 39 || quote === 96) p--;
  else if (quote === 124 && text.charCodeAt(p - 2) === 124) p -= 2;
  while (p > 0 && p > start - 24 && (text.charCodeAt(p - 1) === 32 || text.charCodeAt(p - 1) === 9)) p--;
  return p;
}

/** `text.slice(start, end)`, or `last` itself when it reads the same: dense text repeats one name, and one string saves an allocation and keeps the name cache's fast path. */
export function sliceOrLast(text: string, start: number, end: number, last: string): string {
  return end - start === last.length && text.startsWith(last, start) ? last : text.slice(start, end);
}
