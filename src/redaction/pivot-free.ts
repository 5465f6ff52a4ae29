/** Values the pivot search never stops in, letters alone: the argument after a long flag, and a quoted string after a call's comma. */
import { credentialCall } from './calls.ts';
import type { ScanState } from './classify.ts';
import { PIVOTS, TOKEN } from './pivots.ts';
import { valueAfterWord } from './word-values.ts';

/**
 * The argument after a long flag or a name that ends at `flagEnd` (`--password SfEwqLJhzQcTb`, `#define WIFI_PASS "…"`),
 * read here when it holds no pivot (letters alone): the pivot search never stops in it, so the rules that read a value
 * after its flag or name are asked now.
 */
export function valueWithoutPivot(text: string, flagEnd: number, state: ScanState): void {
  let start = flagEnd;
  while (start < text.length && start < flagEnd + 24 && text.charCodeAt(start) === 32) start++;
  const quote = text.charCodeAt(start);
  if (quote === 34 || quote === 39) start++;
  if (start === flagEnd) return;
  let end = start;
  for (; end < text.length && end < start + 256; end++) {
    const code = text.charCodeAt(end);
    if (!TOKEN.has(code)) break;
    if (PIVOTS.has(code)) return;
  }
  if (end - start >= 8) valueAfterWord(text, start, end, state);
}

/** Whether `code` is an ASCII letter. */
const isLetter = (code: number): boolean => (code | 32) >= 97 && (code | 32) <= 122;

/** The first comma at or after `from` in `text` followed (blanks aside) by a quoted string of 8 to 64 letters, or -1. */
function searchLettersArgument(text: string, from: number): number {
  for (let comma = text.indexOf(',', from); comma >= 0; comma = text.indexOf(',', comma + 1)) {
    let quote = comma + 1;
    while (text.charCodeAt(quote) === 32 || text.charCodeAt(quote) === 9) quote++;
    const code = text.charCodeAt(quote);
    if (code !== 34 && code !== 39) continue;
    let close = quote + 1;
    while (close - quote <= 65 && isLetter(text.charCodeAt(close))) close++;
    if (text.charCodeAt(close) === code && close - quote > 8 && close - quote <= 65) return comma;
  }
  return -1;
}

/** The first letters-only argument at or after `from` in `text` (its comma), or -1; remembered in `state`. */
function nextLettersArgument(text: string, from: number, state: ScanState): number {
  if (state.letters === -2 || from < state.lettersFrom || (state.letters >= 0 && state.letters < from)) {
    state.letters = searchLettersArgument(text, from);
    state.lettersFrom = from;
  }
  return state.letters;
}

/**
 * The quoted strings of letters alone that follow a comma in [from, to) of `text` (`SetBasicAuth("user", "…")`), each
 * read as a call's next argument. The next match is remembered, so a text scanned a stretch at a time is searched once.
 */
export function lettersArguments(text: string, from: number, to: number, state: ScanState): void {
  for (let comma = nextLettersArgument(text, from, state); comma >= 0 && comma < to; comma = nextLettersArgument(text, comma + 1, state)) {
    let start = comma + 1;
    while (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9) start++;
    const close = text.indexOf(text.charAt(start), start + 1);
    credentialCall(text, comma, start + 1, close, state);
  }
}

/**
 * Where a token the pivot search never stops in may start a credential: a format whose literal and body may both hold no
 * pivot (an AWS key id of capitals alone), letters whose case changes at random (`zvqjbVGBWwVSuS`), not as in camelCase,
 * or letters alone in a password's element (`<password>…</password>`). Every branch starts at a capital or a `<`, which
 * the native search looks for first.
 */
const BARE_RE =
  /[A-Z<](?:(?<=[a-z].)(?:[A-Z]|[a-z]{1,2}[A-Z])|[A-Z][a-z][A-Z]|(?<=\bA)(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|PKA|ROA|KID|Iza)[A-Za-z]{12}|(?<=\bL)TAI[A-Za-z]{12}|(?<=<)(?:[Pp]assword|PASSWORD|passwd|pwd|[Ss]ecret)>(?=[A-Za-z]{8,64}<\/))/g;

/** The next candidate of {@link BARE_RE} at or after `from`, or -1; remembered in `state`, so the text is searched once. */
export function nextBare(text: string, from: number, state: ScanState): number {
  if (state.bare === -2 || from < state.bareFrom || (state.bare >= 0 && state.bare < from)) {
    BARE_RE.lastIndex = from;
    const match = BARE_RE.exec(text);
    // An element's letters follow the tag the pattern matched.
    state.bare = match === null ? -1 : match.index + (text.charCodeAt(match.index) === 60 ? match[0].length : 0);
    state.bareFrom = from;
  }
  return state.bare;
}
