/** The format records tried at a token's start (`ghp_…`, after a separator inside a run) and at infix literals (`.apps.googleusercontent.com`, `-us21`), each match pushed as found. */
import type { ScanState } from './classify.ts';
import { INFIX_PAIRS, INFIX_SINGLES, STARTS, WORD_INFIX_RE } from './dispatch.ts';
import { RANK_FORMAT } from './kind-record.ts';
import { literalAt, matchInfix, matchPrefixed } from './match.ts';
import { softBreakEnd, tryJoined } from './wrapped-tokens.ts';

/** The formats whose start literal is at `at`: the first that matches, or a token no format takes whole on its line joined with the next. */
export function tryStarts(text: string, at: number, state: ScanState): void {
  if (at + 1 >= text.length) return;
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  if (a >= 128 || b >= 128) return;
  const entries = STARTS[a * 128 + b];
  if (entries === undefined) return;
  let joinable = false;
  for (const entry of entries) {
    if (!literalAt(text, at, entry.literal, 2)) continue;
    joinable ||= entry.format !== undefined;
    const span =
      entry.format !== undefined ? matchPrefixed(text, at, entry.literal, entry.format) : (entry.custom?.match(text, at) ?? null);
    if (span !== null) {
      const end =
        entry.format !== undefined && text.charCodeAt(span[1]) === 61
          ? softBreakEnd(text, at, entry.literal, entry.format, span[1])
          : span[1];
      state.found.push({ start: span[0], end, kind: entry.kind, rank: RANK_FORMAT });
      return;
    }
  }
  if (!joinable) return;
  // Only a token that no format takes whole on its own line is joined with the next line: a
  // complete token followed by a word on the next line (`live_…` then `Error:`) stays two.
  for (const entry of entries) {
    if (entry.format === undefined || !literalAt(text, at, entry.literal, 2)) continue;
    const span = tryJoined(text, at, entry.literal, entry.format);
    if (span !== null) {
      state.found.push({ start: span[0], end: span[1], kind: entry.kind, rank: RANK_FORMAT });
      return;
    }
  }
}

/** The formats whose infix literal starts at `at` (its first character `code`): the first that matches. */
export function tryInfixes(text: string, at: number, code: number, state: ScanState): void {
  const second = text.charCodeAt(at + 1);
  const entries = second < 128 ? INFIX_PAIRS[code * 128 + second] : INFIX_SINGLES[code];
  if (entries === undefined) return;
  for (const entry of entries) {
    if (!literalAt(text, at, entry.literal, 1)) continue;
    const span = entry.format !== undefined ? matchInfix(text, at, entry.literal, entry.format) : (entry.custom?.match(text, at) ?? null);
    if (span !== null) {
      state.found.push({ start: span[0], end: span[1], kind: entry.kind, rank: RANK_FORMAT });
      return;
    }
  }
}

/** The first word-led infix literal at or after `from`, or -1: one search answers every token up to it, so the searches read the text once. */
export function nextWordInfix(text: string, from: number, state: ScanState): number {
  const known = state.wordInfix;
  if (known === -2 || from < state.wordInfixFrom || (known >= 0 && known < from)) {
    WORD_INFIX_RE.lastIndex = from;
    state.wordInfix = WORD_INFIX_RE.exec(text)?.index ?? -1;
    state.wordInfixFrom = from;
  }
  return state.wordInfix;
}
