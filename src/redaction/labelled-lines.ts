/** A value alone on its line under a line that names it: `API Secret` over the key, `new superuser pw:` over an indented value, `### API key` over a code span, a definition list's `: <value>`. */
import { lineBefore } from './argument-spans.ts';
import { chars } from './chars.ts';
import { push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { RANK_NAMED } from './kind-record.ts';
import { isCredentialValue, LOWER_KEY_RE, MIXED_RE } from './credential-values.ts';

/** A labelled value's characters: a key's, and the punctuation passwords hold; not base64's `+`, `/` and `=` (a PEM body's line). */
const LABELLED_CHARS = chars('A-Za-z0-9_!#$%&*@^~?.-');
/** A line with something on it. */
const NOT_BLANK_RE = /\S/;
/** A credential's noun in a line before a value alone on its own line. */
const LABEL_RE = /\b(?:api[ _-]?key|key|token|secret|password|passphrase|passwd|pwd|pw|credentials?|creds)\b/i;
/** A label that says the value is public or encrypted (an `.enc`, `.gpg`, `.age` file printed), a key that locks nothing (an idempotency or cache key, a key's id), or a PEM block's armour. */
const PUBLIC_LABEL_RE =
  /public|publishable|encrypted|idempotency|\b(?:cache|primary|partition|sort|foreign)[ _-]?key|\bkey[ _-]?id\b|\.(?:enc|gpg|age|asc)\b|^\s*-----/i;
/** A line that introduces what follows: closed by a colon or a bracket, a heading (Markdown, bold, wiki, AsciiDoc, Org), or saying the value is below. */
const INTRODUCES_RE = /[:：)]\s*$|^\s*(?:#{1,6}\s|\*\*.*\*\*\s*$|==.*==\s*$|\.[A-Za-z]|\*{1,3}\s)|\b(?:below|follows|next line)\b/i;
/** What may stand before a value alone on its line: blanks, a list's bullet or number, a definition's colon, an opening quote or backtick. */
const LEAD_RE = /^[ \t]*(?:(?:[-*•>]|\d{1,2}[.)]|:)[ \t]+)?[`"']?$/;
/** The shortest value taken from its own line after a line that names it; shorter ones are words, ids and codes. */
const MIN_LABELLED = 20;
/** The shortest, when the line before introduces it. */
const MIN_INTRODUCED = 12;

/** Whether a value alone on its line is a key: random, mixing cases (and digits) or long hex, and no digest's length (a git SHA, a SHA-256). */
function labelledValue(value: string): boolean {
  const hex = /^[0-9a-f]+$/i.test(value);
  if (
    hex
      ? value.length < 32 || value.length === 40 || value.length === 64
      : !MIXED_RE.test(value) && !LOWER_KEY_RE.test(value) && !/[a-z]/.test(value)
  )
    return false;
  return isCredentialValue(value, 'secret');
}

/** The end of the line [start, end) is on when only a closing quote or backtick and blanks follow the token, else -1. */
function loneEnd(text: string, end: number): number {
  let at = end;
  const close = text.charCodeAt(at);
  if (close === 96 || close === 34 || close === 39) at++;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9 || text.charCodeAt(at) === 13) at++;
  return at >= text.length || text.charCodeAt(at) === 10 ? at : -1;
}

/**
 * A token [start, end) alone on its line (blanks, a bullet or a backtick before it), under a line that names a credential
 * (a blank line between or not): a key when random. A short value, or one not at the line's start, needs a line that
 * introduces it (`…:`, a heading).
 */
export function labelledLine(text: string, start: number, end: number, state: ScanState): void {
  if (end - start < MIN_INTRODUCED || loneEnd(text, end) < 0 || LABELLED_CHARS.runEnd(text, start, end) !== end) return;
  const lead = lineBefore(text, start, 24);
  if (lead.length === 24 || !LEAD_RE.test(lead)) return;
  const lineStart = start - lead.length;
  if (lineStart === 0) return;
  const previous = lineBefore(text, lineStart - 1, 200);
  const label = NOT_BLANK_RE.test(previous) ? previous : lineBefore(text, lineStart - 1 - previous.length - 1, 200);
  if (!LABEL_RE.test(label) || PUBLIC_LABEL_RE.test(label)) return;
  // A short value, or one indented, bulleted or quoted (a block's text, a list's item), needs a line that introduces it.
  if ((lead !== '' || end - start < MIN_LABELLED) && !INTRODUCES_RE.test(label)) return;
  if (labelledValue(text.slice(start, end))) push(state, start, end, 'secret', RANK_NAMED);
}
