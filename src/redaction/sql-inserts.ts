/** Values of an SQL `INSERT … (columns) VALUES (…), (…)` statement, each judged under its column's name (`refresh_token`, `secret`). */
import { isLineBlank } from './argument-spans.ts';
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { hintsCredential } from './credential-names.ts';

/** How far before a value its statement's `INSERT INTO` is looked for, and the longest statement read. */
const MAX_REACH = 4096;
const MAX_STATEMENT = 65_536;
/** A statement's head from its `INSERT INTO` up to its first tuple: group 1 the column list. */
const HEAD_RE = /insert\s+into\s+[\w."`[\]]{1,128}\s*\(([^()]{1,2000})\)\s*values\s*/iy;
/** A column's name, without the quotes or brackets some dialects put around it. */
const COLUMN_RE = /^["`[]?([A-Za-z_][\w.]{0,63})["`\]]?$/;

/** A string value of a credential-like column: [start, end) inside its quotes, and the column's name. */
type Value = readonly [number, number, string];

/** The statements found: the text searched, how far it was searched, where the last `INSERT INTO` starts (-1 none). */
let searched = '';
let searchedTo = 0;
let found = -1;
/** Where the statement read last starts: each statement is read once, at the first value the scan meets in it. */
let readAt = -1;

/** Where the last `INSERT INTO` before `at` starts, searched forwards from where the last search stopped (so the text is read once). */
function statementBefore(text: string, at: number): number {
  if (searched !== text || at < searchedTo) {
    searched = text;
    searchedTo = Math.max(0, at - MAX_REACH);
    found = -1;
    readAt = -1;
  }
  if (at > searchedTo) {
    const from = Math.max(0, searchedTo - 11);
    const region = text.slice(from, at);
    const last = Math.max(region.lastIndexOf('INSERT INTO'), region.lastIndexOf('insert into'), region.lastIndexOf('Insert Into'));
    if (last >= 0) found = from + last;
    searchedTo = at;
  }
  return found >= 0 && at - found <= MAX_STATEMENT ? found : -1;
}

/** The end of the quoted string whose opening quote is at `open` (a doubled quote is part of it), or -1 past `limit`. */
function stringEnd(text: string, open: number, limit: number): number {
  for (let at = open + 1; at < limit; at++) {
    if (text.charCodeAt(at) !== 39) continue;
    if (text.charCodeAt(at + 1) !== 39) return at;
    at++;
  }
  return -1;
}

/** The values of the statement at `start` whose column is credential-like, read tuple by tuple up to its end. */
function readStatement(text: string, start: number): Value[] {
  HEAD_RE.lastIndex = start;
  const head = HEAD_RE.exec(text);
  if (head === null) return [];
  const names = (head[1] ?? '').split(',').map((column) => COLUMN_RE.exec(column.trim())?.[1] ?? '');
  const credential = names.map((name) => name !== '' && hintsCredential(name));
  if (!credential.includes(true)) return [];
  const out: Value[] = [];
  const limit = Math.min(text.length, start + MAX_STATEMENT);
  let at = HEAD_RE.lastIndex;
  while (at < limit && text.charCodeAt(at) === 40) {
    at++;
    for (let column = 0; ; column++) {
      while (at < limit && isLineBlank(text.charCodeAt(at))) at++;
      if (text.charCodeAt(at) === 39) {
        const end = stringEnd(text, at, limit);
        if (end < 0) return out;
        if (credential[column] === true) out.push([at + 1, end, names[column] ?? '']);
        at = end + 1;
      } else {
        for (let code = text.charCodeAt(at); at < limit && code !== 44 && code !== 41 && code !== 10; code = text.charCodeAt(++at));
      }
      while (at < limit && isLineBlank(text.charCodeAt(at))) at++;
      const code = text.charCodeAt(at++);
      if (code === 41) break;
      if (code !== 44) return out;
    }
    while (at < limit && (isLineBlank(text.charCodeAt(at)) || text.charCodeAt(at) === 44)) at++;
  }
  return out;
}

/**
 * A token at `start` after a `'` that opens a value of an SQL `INSERT` (after `(` or `,`): the first such token of a
 * statement has each of its values judged under its column's name when that is credential-like
 * (`INSERT INTO oauth_tokens (user_id, refresh_token) VALUES (311, '…')`).
 */
export function sqlInsertValue(text: string, start: number, state: ScanState): void {
  let p = start - 2;
  while (p > 0 && p > start - 10 && isLineBlank(text.charCodeAt(p))) p--;
  const opener = text.charCodeAt(p);
  if (opener !== 40 && opener !== 44) return;
  const statement = statementBefore(text, start);
  if (statement < 0) return;
  if (statement === readAt) return;
  readAt = statement;
  // Every value of the statement is judged now: one of letters alone holds no character the scan stops at.
  for (const [from, to, name] of readStatement(text, statement)) classify(text, { start: from, end: to, quoted: true }, name, state);
}
