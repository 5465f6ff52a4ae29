/** A value alone on its line under a line that names it: `API Secret` over the key, `new superuser pw:` over an indented value, `### API key` over a code span, a definition list's `: <value>`. */
import { lineBefore } from './argument-spans.ts';
import { chars } from './chars.ts';
import { push, roleOfName } from './classify.ts';
import type { ScanState } from './classify.ts';
import { RANK_NAMED } from './kind-record.ts';
import { isCredentialValue, LOWER_KEY_RE, MIXED_RE } from './credential-values.ts';
import { hintsCredential } from './credential-names.ts';

/** A labelled value's characters: a key's, and the punctuation passwords hold; not base64's `+`, `/` and `=` (a PEM body's line) unless a line introduces it. */
const LABELLED_CHARS = chars('A-Za-z0-9_!#$%&*@^~?.-');
const INTRODUCED_CHARS = chars('A-Za-z0-9_!#$%&*@^~?.+/=-');
/** Anything but `=`: a run of it ends at a value's first `=`. */
const EQUALS = chars('A-Za-z0-9_!#$%&*@^~?.+/-');
/** A code fence or a literal block's delimiter between a label and its value (Markdown's, AsciiDoc's). */
const FENCE_RE = /^\s*(?:`{3,}\w*|~{3,}|\.{4,})\s*$/;
/** What a label holds and a key's body does not. */
const LABEL_MARK_RE = /[ :*#]/;
/** A setting's name alone on its line (group 1) before its operator (group 3), blanks between (group 2): a YAML key when a colon ends the name. */
const KEY_LINE_RE = /^\s*([\w.-]+)(\s*)([=:])\s*$/;
/** A list's item: a bullet or a number before it. */
const ITEM_RE = /^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+\S/;
/** The most items of a list read back to the line that introduces them. */
const MAX_ITEMS_BACK = 8;
/** A line with something on it. */
const NOT_BLANK_RE = /\S/;
/** A credential's noun in a line before a value alone on its own line. */
const LABEL_RE = /\b(?:api[ _-]?keys?|keys?|tokens?|secrets?|passwords?|passphrases?|passwd|pwd|pw|credentials?|creds)\b/i;
/** A label that says the value is public or encrypted (an `.enc`, `.gpg`, `.age` file printed), a key that locks nothing (an idempotency or cache key, a key's id), or a PEM block's armour. */
const PUBLIC_LABEL_RE =
  /public|publishable|encrypted|idempotency|\b(?:cache|primary|partition|sort|foreign)[ _-]?key|\bkey[ _-]?id\b|\.(?:enc|gpg|age|asc)\b|^\s*-----/i;
/** A line that introduces what follows: closed by a colon, a bracket, a question (`What's the admin password?`), an INI key's `=` (its value continued on the next line) or `is`, a heading (Markdown, bold, wiki, AsciiDoc, Org), or saying the value is below. */
const INTRODUCES_RE =
  /[:：)?=]\s*$|\b(?:is|are)[ \t]*(?:…|\.{3})?\s*$|^\s*(?:#{1,6}\s|\*\*.*\*\*\s*$|==.*==\s*$|\.[A-Za-z]|\*{1,3}\s)|\b(?:below|follows|next line)\b/i;
/** What may stand before a value alone on its line: blanks, a list's bullet or number, a definition's colon, a chat turn's role (`User:`), an opening quote or backtick. */
const LEAD_RE = /^[ \t]*(?:(?:[-*•>]|\d{1,2}[.)]|:)[ \t]+|(?:User|Human|Assistant|AI|Q|A):[ \t]+)?[`"']?$/;
/** A chat log turn's speaker (group 1) before its text, after its time (`[10:42] Priya: `, `sam: `). */
const SPEAKER_RE = /^(?:\[\d{1,2}:\d{2}(?::\d{2})?\][ \t]*)?([A-Za-z][\w.-]{0,15}):[ \t]+/;
/** The shortest value taken from its own line after a line that names it; shorter ones are words, ids and codes. */
const MIN_LABELLED = 20;
/** The shortest, when the line before introduces it. */
const MIN_INTRODUCED = 10;

/** A BitLocker recovery key. */
const BITLOCKER_RE = /^\d{6}(?:-\d{6}){7}$/;

/** Whether a value alone on its line is a key: random, mixing cases (and digits) or long hex, and no digest's length (a git SHA, a SHA-256); or a BitLocker recovery key. */
function labelledValue(value: string): boolean {
  if (value.length === 55 && BITLOCKER_RE.test(value)) return true;
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
  if (end - start < MIN_INTRODUCED || loneEnd(text, end) < 0 || !mayLead(text, start)) return;
  if (INTRODUCED_CHARS.runEnd(text, start, end) !== end) return;
  // A setting's line (`NAME=value`) is the assignment rules'; base64 holds `=` only as its padding.
  const equals = EQUALS.runEnd(text, start, end);
  if (equals < end && text.charCodeAt(equals) === 61 && equals + 1 < end && text.charCodeAt(equals + 1) !== 61) return;
  // So is a setting's name with its value left empty (`jdbc.url=`); base64's padding follows no `.` or `_`.
  if (equals === end - 1 && /[._]/.test(text.slice(start, equals))) return;
  const lead = lineBefore(text, start, 24);
  if (lead.length === 24) return;
  const led = LEAD_RE.test(lead);
  const speaker = led ? undefined : SPEAKER_RE.exec(lead)?.[1];
  // A credential's name before a colon (`token: <value>`) is an assignment, which the assignment rules read, not a speaker.
  if (!led && (speaker === undefined || hintsCredential(speaker))) return;
  const label = labelAbove(text, start - lead.length, ITEM_RE.test(text.slice(start - lead.length, end)));
  // In a chat log, the turn before names the value (`dana: what's the replica password?`, `sam: <value>`).
  if (!led && (label === null || !SPEAKER_RE.test(label))) return;
  // A YAML key alone on its line (`api_keys:`) opens a sequence or a block, which the assignment rules read.
  // A label holds a blank, a colon or a heading's mark (`API key`, `Password:`, `**Token**`): a line of a key's body holds none.
  if (label === null || !LABEL_MARK_RE.test(label)) return;
  const keyLine = KEY_LINE_RE.exec(label);
  // A value at the start of its line under an unindented key (`Password:` over it) is no YAML: YAML indents a key's value.
  const yaml = keyLine !== null && keyLine[2] === '' && keyLine[3] === ':' && (lead !== '' || /^\s/.test(label));
  // A key alone before its `=` or `:` (an INI value continued on the next line) is judged as a setting's name is.
  const key = keyLine?.[1];
  if (!(LABEL_RE.test(label) || (key !== undefined && roleOfName(key) !== null)) || PUBLIC_LABEL_RE.test(label) || yaml) return;
  // A short value, or one indented, bulleted or quoted (a block's text, a list's item), needs a line that introduces it,
  // as a definition list's `: <value>` is; so does a value of base64's characters.
  const introduced = INTRODUCES_RE.test(label) || /^\s*:/.test(lead);
  if ((lead !== '' || end - start < MIN_LABELLED || LABELLED_CHARS.runEnd(text, start, end) !== end) && !introduced) return;
  if (labelledValue(text.slice(start, end))) push(state, start, end, 'secret', RANK_NAMED);
}

/** What ends a lead other than its blanks: a bullet, a number's `.` or `)`, a colon, a quote or a backtick. */
const LEAD_END = chars('-*>.):"\'`');

/** Whether what stands before `start`, past its blanks, may end a lead ({@link LEAD_RE}): read by character code before the line is. */
function mayLead(text: string, start: number): boolean {
  let at = start - 1;
  while (at >= 0 && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at--;
  const code = text.charCodeAt(at);
  return at < 0 || code === 10 || code === 13 || code === 0x2022 || LEAD_END.has(code);
}

/**
 * The line that labels the line starting at `lineStart`: the line before it, past a blank line, a code fence, or (for a
 * list's `item`) the list's other items; null when there is none.
 */
function labelAbove(text: string, lineStart: number, item: boolean): string | null {
  let at = lineStart;
  for (let lines = 0; lines <= MAX_ITEMS_BACK + 2 && at > 0; lines++) {
    const line = lineBefore(text, at - 1, 200);
    if (line.length === 200) return null;
    at -= line.length + 1;
    if (NOT_BLANK_RE.test(line) && !FENCE_RE.test(line) && !(item && ITEM_RE.test(line))) return line;
  }
  return null;
}
