/** Values in a table's cells, judged under their column's header: a Markdown table (`| User | Password |` over `|---|---|`), a database client's (psql's `----+----`, MySQL's `+----+`), and a CSV, TSV or semicolon-separated block whose first line names its columns. */
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { hintsCredential } from './credential-names.ts';

/** The longest row read, and the most rows read back to a table's header. */
const MAX_ROW = 2048;
const MAX_ROWS_BACK = 64;
/** A header cell: a column's name (`#` for a row number), not a value. */
const COLUMN_NAME_RE = /^(?:#|[A-Za-z_][\w .-]{0,39})$/;
/** A separator row: Markdown's `|---|:--:|`, psql's `----+----`, MySQL's and reStructuredText's `+----+` (`+====+` under a header). */
const SEPARATOR_ROW_RE = /^\s*[|+]?(?:\s*:?(?:-{3,}|={3,}):?\s*[|+])+\s*:?[-=]*:?\s*$/;

/** A cell's value: [start, end) inside its quotes or backticks, and whether it was quoted. */
type Cell = readonly [number, number, boolean];

/**
 * The row read last: its text and bounds (`end` at its newline), its cells (null: not a row of a table), and the
 * credential-like column names of its table (`''` for every other column; null: no such column, or no header).
 */
interface Row {
  text: string;
  start: number;
  end: number;
  cells: readonly Cell[] | null;
  names: readonly string[] | null;
  /** A CSV block's first line: the rows under it read their names from it. */
  header: boolean;
}
let lastRow: Row = { text: '', start: 0, end: 0, cells: null, names: null, header: false };

/** A Markdown row's cells between unescaped pipes, trimmed; the leading pipe's empty cell left out (psql writes none). A wiki header (`||A||B||`, Jira's and Confluence's) is split at its double pipes. */
function markdownCells(text: string, start: number, end: number, wiki = false): Cell[] {
  const cells: Cell[] = [];
  const pipe = text.indexOf('|', start);
  let from = text.slice(start, pipe).trim() === '' ? pipe + (wiki ? 2 : 1) : start;
  for (let at = from; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 92) at++;
    else if (code === 124) {
      cells.push(trimmed(text, from, at));
      if (wiki && text.charCodeAt(at + 1) === 124) at++;
      from = at + 1;
    }
  }
  if (text.slice(from, end).trim() !== '') cells.push(trimmed(text, from, end));
  return cells;
}

/** The separator of a CSV-like row: a tab, else a comma, else a semicolon (44 when none). */
function separatorOf(line: string): number {
  return line.includes('\t') ? 9 : line.includes(',') || !line.includes(';') ? 44 : 59;
}

/** A CSV row's fields, quoted ones inside their quotes (a doubled quote is part of the value), or null when a quote is left open. */
function csvCells(text: string, start: number, end: number): Cell[] | null {
  const separator = separatorOf(text.slice(start, end));
  const cells: Cell[] = [];
  let at = start;
  for (;;) {
    if (text.charCodeAt(at) === 34) {
      let close = at + 1;
      for (; close < end; close++) {
        if (text.charCodeAt(close) !== 34) continue;
        if (text.charCodeAt(close + 1) !== 34) break;
        close++;
      }
      if (close >= end) return null;
      cells.push([at + 1, close, true]);
      at = close + 1;
    } else {
      let stop = at;
      while (stop < end && text.charCodeAt(stop) !== separator) stop++;
      cells.push([at, stop, false]);
      at = stop;
    }
    if (at >= end) return cells;
    if (text.charCodeAt(at) !== separator) return null;
    at++;
  }
}

/** A Markdown cell's bounds without its blanks, and inside its backticks when written as code. */
function trimmed(text: string, from: number, to: number): Cell {
  while (from < to && text.charCodeAt(from) === 32) from++;
  while (to > from && text.charCodeAt(to - 1) === 32) to--;
  if (to - from > 2 && text.charCodeAt(from) === 96 && text.charCodeAt(to - 1) === 96) return [from + 1, to - 1, true];
  return [from, to, false];
}

/** Whether a line is a row of pipes: its first character past up to 8 blanks is `|` (Markdown's, MySQL's), or it holds ` | ` (psql's). */
function isPipeLine(line: string): boolean {
  return /^ {0,8}\|/.test(line) || line.includes(' | ');
}

/** Whether the row at `start` is a row of pipes ({@link isPipeLine}), read by character code first. */
function isMarkdownRow(text: string, start: number): boolean {
  let at = start;
  while (at < start + 8 && text.charCodeAt(at) === 32) at++;
  if (text.charCodeAt(at) === 124) return true;
  const newline = text.indexOf('\n', start);
  const end = Math.min(newline < 0 ? text.length : newline, start + MAX_ROW);
  return text.slice(start, end).includes(' | ');
}

/** The cells of the row [start, end): Markdown's (a wiki header's when `wiki`) or CSV's as the row starts, null past {@link MAX_ROW}. */
function cellsOf(text: string, start: number, end: number, wiki = false): readonly Cell[] | null {
  const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
  if (stop - start > MAX_ROW) return null;
  return isMarkdownRow(text, start) ? markdownCells(text, start, stop, wiki) : csvCells(text, start, stop);
}

/** A header row's credential-like column names (`''` for the others), or null when a cell is no name or none is credential-like. */
function headerNames(text: string, start: number, end: number, wiki = false): string[] | null {
  const cells = cellsOf(text, start, end, wiki);
  if (cells === null || cells.length < 2) return null;
  const names = cells.map(([from, to]) => text.slice(from, to));
  // A trailing separator leaves an empty name (`repo,token,`).
  if (!names.every((name) => name === '' || COLUMN_NAME_RE.test(name)) || !names.some(hintsCredential)) return null;
  return names.map((name) => (hintsCredential(name) ? name : ''));
}

/** The start of the row whose newline is at `newline`, read back {@link MAX_ROW} characters at most; -1 when it is longer. */
function rowStartBefore(text: string, newline: number): number {
  let start = newline;
  while (start > 0 && start >= newline - MAX_ROW && text.charCodeAt(start - 1) !== 10) start--;
  return start > 0 && text.charCodeAt(start - 1) !== 10 ? -1 : start;
}

/**
 * The column names of the table whose row starts at `row`: read back row by row to its header (a Markdown table's
 * row above its separator, a CSV block's first line), or taken from the row read last once it is reached; undefined
 * when `row` is itself a CSV block's first line.
 */
function columnNames(text: string, row: number, markdown: boolean): readonly string[] | null | undefined {
  let at = row;
  const rowEnd = text.indexOf('\n', row);
  const mark = markdown ? '' : String.fromCharCode(separatorOf(text.slice(row, rowEnd < 0 ? text.length : rowEnd)));
  for (let back = 0; back <= MAX_ROWS_BACK; back++) {
    if (at !== row && lastRow.text === text && lastRow.start === at)
      return lastRow.header ? headerNames(text, lastRow.start, lastRow.end) : lastRow.names;
    const above = at === 0 ? -1 : rowStartBefore(text, at - 1);
    if (above < 0 && at !== 0) return null;
    const line = above < 0 ? '' : text.slice(above, at - 1);
    if (markdown) {
      if (SEPARATOR_ROW_RE.test(line)) {
        const header = above === 0 ? -1 : rowStartBefore(text, above - 1);
        return header < 0 ? null : headerNames(text, header, above - 1);
      }
      // A wiki table's header row (`||Env||Password||`) has no separator under it.
      if (line.trimStart().startsWith('||')) return headerNames(text, above, at - 1, true);
      if (!isPipeLine(line)) return null;
    } else if (!line.includes(mark)) {
      if (at === row) return undefined;
      const end = text.indexOf('\n', at);
      return headerNames(text, at, end < 0 ? text.length : end);
    }
    at = above;
  }
  return null;
}

/** The row holding `at`: the row read last when it holds it, else found (read back from `at` no further than the row read last ends) and read. */
function rowAt(text: string, at: number): Row {
  if (lastRow.text === text && at >= lastRow.start && at < lastRow.end) return lastRow;
  const floor = Math.max(lastRow.text === text && lastRow.end < at ? lastRow.end + 1 : 0, at - MAX_ROW - 1);
  let start = at;
  while (start > floor && text.charCodeAt(start - 1) !== 10) start--;
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  // A row longer than any table's is passed over whole.
  if (start > 0 && text.charCodeAt(start - 1) !== 10) {
    lastRow = { text, start: at, end, cells: null, names: null, header: false };
    return lastRow;
  }
  const markdown = isMarkdownRow(text, start);
  const names = columnNames(text, start, markdown);
  // A Markdown row whose header names no credential may still pair a name with its value (`| API_KEY | <value> |`).
  const cells = names === undefined || (names === null && !markdown) ? null : cellsOf(text, start, end);
  lastRow = { text, start, end, cells, names: names ?? null, header: names === undefined };
  return lastRow;
}

/** Whether a token at `start` after `before` opens a cell: after `|` and blanks or a backtick in a Markdown row, after `,` or a tab, or a separator (`,`, a tab, `;`) and a quote, in a CSV row. */
function opensCell(text: string, start: number, before: number): boolean {
  if (before === 44 || before === 124 || before === 9) return true;
  let at = start - 1;
  if (before === 34) {
    const separator = text.charCodeAt(at - 1);
    return separator === 44 || separator === 9 || separator === 59;
  }
  if (before === 96) at--;
  while (at > start - 10 && text.charCodeAt(at) === 32) at--;
  return at < start - 1 && text.charCodeAt(at) === 124;
}

/** A name in a table's cell that names the value in the next one: an identifier (`SLACK_SIGNING_SECRET`, `api_key`), not prose. */
const PAIRED_NAME_RE = /^[A-Za-z_][\w.-]{2,63}$/;

/**
 * A token at `start` in a table's cell: the whole cell, judged under its column's name (`Password`, `api_key`), or in
 * a Markdown row whose header names no credential, under the name in the cell before it (`| API_KEY | <value> |`),
 * when it holds no blank.
 */
export function tableCell(text: string, start: number, before: number, state: ScanState): void {
  if (!opensCell(text, start, before)) return;
  const row = rowAt(text, start);
  const { cells, names } = row;
  if (cells === null || (names !== null && names.length !== cells.length)) return;
  // A name and its value pair up in a Markdown row; a CLI's table (psql's, no leading pipe) lists names beside digests and ids.
  const pairs = names === null && /^ {0,8}\|/.test(text.slice(row.start, row.start + 10));
  for (let column = 0; column < cells.length; column++) {
    const [from, to, quoted] = cells[column] as Cell;
    if (start < from || start >= to) continue;
    const left = cells[column - 1];
    const paired = pairs && left !== undefined ? text.slice(left[0], left[1]) : '';
    const name = names === null ? (PAIRED_NAME_RE.test(paired) && hintsCredential(paired) ? paired : '') : (names[column] ?? '');
    if (name !== '' && !/\s/.test(text.slice(from, to))) classify(text, { start: from, end: to, quoted }, name, state);
    return;
  }
}
