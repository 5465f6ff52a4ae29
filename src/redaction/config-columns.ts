/** Config lines that give a value after their key with blanks alone: a directive (`password X` opening its line) and a column aligned after its key. */
import { lineBefore } from './argument-spans.ts';
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { hintsCredential } from './credential-names.ts';
import { sentenceValueEnd, skipBlanks } from './spans.ts';
import { MAX_NAME, NAME_CHARS } from './name-runs.ts';

/** The words a config file's directive gives a credential with (msmtp's `password X`, a router's `key X`, `secret X`). */
const DIRECTIVES = new Set(['password', 'passwd', 'secret', 'key', 'psk']);

/**
 * A directive's value: the word [wordStart, wordEnd) of {@link DIRECTIVES} opens its line (after an indent, or after a
 * router's `… host <address>`), and the value [start, end) closes it: judged as prose is, so only a random value.
 */
export function directiveValue(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): boolean {
  const word = text.slice(wordStart, wordEnd).toLowerCase();
  if (!DIRECTIVES.has(word)) return false;
  let after = end;
  while (after < text.length && (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9)) after++;
  if (after < text.length && text.charCodeAt(after) !== 10 && text.charCodeAt(after) !== 13) return false;
  const line = lineBefore(text, wordStart);
  if (!/^[ \t]*$|\shost\s+\S+\s$/.test(line)) return false;
  classify(text, { start, end, quoted: false }, word, state, true);
  return true;
}

/**
 * A value in a column aligned with blanks after its key, the line's first word (`vault read`'s `password    <value>`,
 * `spark-defaults.conf`'s `spark.hadoop.fs.s3a.secret.key    <value>`), the value closing the line: judged under the key
 * as prose is, so only a random value. `blanks` is where the blanks before the value end. Returns whether it was one.
 */
export function alignedValue(text: string, blanks: number, start: number, end: number, state: ScanState): boolean {
  let keyEnd = blanks;
  while (keyEnd > 0 && keyEnd > start - 64 && text.charCodeAt(keyEnd - 1) === 32) keyEnd--;
  const keyStart = NAME_CHARS.runStart(text, keyEnd, keyEnd - MAX_NAME);
  // The key opens its line, indented or not (a section's keys in fluent-bit's or an INI file).
  let indent = keyStart;
  while (indent > 0 && indent > keyStart - 16 && (text.charCodeAt(indent - 1) === 32 || text.charCodeAt(indent - 1) === 9)) indent--;
  if (keyStart === keyEnd || (indent > 0 && text.charCodeAt(indent - 1) !== 10)) return false;
  const valueEnd = sentenceValueEnd(text, start, end, '');
  if (valueEnd < text.length && text.charCodeAt(valueEnd) !== 10 && text.charCodeAt(valueEnd) !== 13) return false;
  const key = text.slice(keyStart, keyEnd);
  // A value that holds its own assignment (`sk  aws_secret_access_key=…`) is the assignment rules'.
  if (!hintsCredential(key) || !/^[^=:]*={0,2}$/.test(text.slice(start, valueEnd))) return false;
  classify(text, { start, end: valueEnd, quoted: false }, key, state, true);
  return true;
}

/** The names of table columns that hold no secret (`fly secrets list`'s DIGEST, a listing's ID, TYPE or AGE). */
const PLAIN_COLUMN_RE = /^(?:DIGEST|HASH|CHECKSUM|SHA\d*|FINGERPRINT|ID|VERSION|TYPE|STATUS|AGE|CREATED|UPDATED)$/i;
/** A table's header line: words in capitals. */
const HEADER_LINE_RE = /^[A-Z][A-Z0-9_]*(?: +[A-Z][A-Z0-9_]*)*\s*$/;

/**
 * Whether the value [start, end), after the key that opens its line and ends at `keyEnd`, sits in a column of a command's
 * table output whose header names something plain there: `NAME  DIGEST  CREATED AT` over `STRIPE_SECRET  <digest>  2m ago`
 * (over `SECRET_KEY_BASE <digest>` too, one blank after a name as wide as the column).
 * A table is the block of lines under its header (a line of capitals) up to a blank line; the scan reads each line for
 * one once, in order, so a text's lines are read once whatever asks.
 */
export function inPlainColumn(text: string, keyEnd: number, start: number, end: number, state: ScanState): boolean {
  // One blank after the key is a column's gap only after a name in capitals (`SECRET_KEY_BASE <digest>`, as wide as `NAME`
  // pads), before a value that another column's gap follows.
  const last = text.charCodeAt(keyEnd - 1);
  const capital = (last >= 65 && last <= 90) || (last >= 48 && last <= 57) || last === 95;
  if (start - keyEnd < 2 && !(capital && text.charCodeAt(end) === 32 && text.charCodeAt(end + 1) === 32)) return false;
  const lineStart = NAME_CHARS.runStart(text, keyEnd, keyEnd - MAX_NAME);
  if ((lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10) || start - lineStart > 256 || lineStart < state.tableTo) return false;
  for (let at = state.tableTo; at < lineStart;) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 || newline >= lineStart ? lineStart - 1 : newline;
    if (skipBlanks(text, at, end) >= end) state.tableHeader = -1;
    else if (HEADER_LINE_RE.test(text.slice(at, Math.min(end, at + 512)))) state.tableHeader = at;
    at = end + 1;
  }
  state.tableTo = lineStart;
  const header = state.tableHeader;
  if (header < 0 || text.charCodeAt(header + start - lineStart - 1) !== 32) return false;
  const word = /^[A-Z0-9_]+/.exec(text.slice(header + start - lineStart, header + start - lineStart + 16))?.[0];
  return word !== undefined && PLAIN_COLUMN_RE.test(word);
}
