/** A command's or call's argument: where it ends, quoted or not, and recording it as a password. */
import { push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { RANK_NAMED } from './kind-record.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { readValue, sentenceValueEnd } from './spans.ts';
import { isCredentialValue } from './credential-values.ts';

/** The end of the argument at `start` (after its opening quote, if any): quoted to its closing quote, else a run of printable ASCII but blanks, quotes, brackets, `,`, `;`, `|` and `\`. */
export function argumentEnd(text: string, start: number, end: number): number {
  const quote = text.charCodeAt(start - 1);
  if (quote === 34 || quote === 39) {
    const value = readValue(text, start - 1);
    if (value !== null && value.quoted) return value.end;
  }
  return sentenceValueEnd(text, start, end, '.,;:)');
}

/** Records [start, end) as a password. */
export function pushPassword(state: ScanState, start: number, end: number): void {
  push(state, start, end, 'password', RANK_NAMED);
}

/** A quoted password's text when it holds blanks: a passphrase on one line, with no quote or stand-in's brackets in it. */
const PASSPHRASE_RE = /^[^\s"'<>{}$%][^\n"'<>{}$%]{0,126}[^\s"'<>{}$%]$/;

/**
 * The argument at `from` (its opening quote, if any, skipped), read forwards up to 4 KiB: recorded as a password when it
 * is one. A quoted one is the password whole, blanks and all (`/pass:"N1ght-Ops 7f3Kq9Zx"`), unless it is a stand-in.
 */
export function passwordArgument(text: string, from: number, state: ScanState): void {
  const quote = text.charCodeAt(from);
  const quoted = quote === 34 || quote === 39;
  const start = quoted ? from + 1 : from;
  const end = argumentEnd(text, start, Math.min(text.length, start + 4096));
  const value = text.slice(start, end);
  if (isCredentialValue(value, 'password')) pushPassword(state, start, end);
  else if (quoted && text.charCodeAt(end) === quote && value.includes(' ') && PASSPHRASE_RE.test(value) && !isPlaceholderValue(value))
    pushPassword(state, start, end);
}

/** The line before `at`, at most 96 characters of it: a command's user flag or name sits near its password flag. */
export function lineBefore(text: string, at: number, reach = 96): string {
  const from = Math.max(0, at - reach);
  const window = text.slice(from, at);
  return window.slice(window.lastIndexOf('\n') + 1);
}

/** A blank or a line break: a decoded view's other control characters (`\f` of `\\srv\finance`) sit inside an argument. */
export function isLineBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}
