/** Text helpers for the CLI: terminal-safe text, display widths, aligned tables, byte counts and section headings. */
import stringWidth from 'string-width';
import { CONTROL_CHARACTERS, escapeMatches } from '../errors.ts';
import type { Colors } from './output-channel.ts';

/** `text` safe for a terminal, for text whose line breaks are the CLI's own: controls become visible escapes, newlines and tabs stay. */
export const terminalSafe = (text: string): string => escapeMatches(text, CONTROL_CHARACTERS, '\t\n');

/** {@link terminalSafe} for one line: newlines are shown as `\n` too, so nothing in it can start another. */
export const lineSafe = (text: string): string => escapeMatches(text, CONTROL_CHARACTERS, '\t');

/** `text` for one table cell: every control character, newlines and tabs included, escaped. */
export const cellSafe = (text: string): string => escapeMatches(text, CONTROL_CHARACTERS);

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text` cut to at most `max` columns, whole graphemes only, ending with `…` when cut; `fromStart` keeps the tail instead (for paths). */
export function fitWidth(text: string, max: number, fromStart = false): string {
  if (stringWidth(text) <= max) return text;
  const clusters = Array.from(graphemes.segment(text), (part) => part.segment);
  if (fromStart) clusters.reverse();
  let width = 1;
  const kept: string[] = [];
  for (const cluster of clusters) {
    width += stringWidth(cluster);
    if (width > max) break;
    kept.push(cluster);
  }
  return fromStart ? `…${kept.reverse().join('')}` : `${kept.join('')}…`;
}

/** One table column: its header, a cell's plain text, an optional colouring (never changing the width), a maximum width, cut from the start (`keepEnd`, for paths), right-aligned. */
export interface Column<Row> {
  header: string;
  value(row: Row): string;
  style?(text: string, row: Row, c: Colors): string;
  max?: number;
  keepEnd?: boolean;
  right?: boolean;
}

/** A column of `yes`, coloured `on` when given, or a dim `no`. */
export function yesNo<Row>(header: string, test: (row: Row) => boolean, on?: keyof Colors): Column<Row> {
  return {
    header,
    value: (row) => (test(row) ? 'yes' : 'no'),
    style: (text, row, c) => (!test(row) ? c.dim(text) : on === undefined ? text : c[on](text)),
  };
}

/** Renders rows as an aligned, two-space separated table with a dim header; control characters in cells are escaped. */
export function table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], c: Colors): string {
  const cells = rows.map((row) => columns.map((column) => fitWidth(cellSafe(column.value(row)), column.max ?? Infinity, column.keepEnd)));
  const widths = columns.map((column, i) => Math.max(stringWidth(column.header), ...cells.map((row) => stringWidth(row[i] ?? ''))));
  const line = (texts: readonly string[], style: (text: string, i: number) => string): string =>
    texts
      .map((text, i) => {
        const gap = ' '.repeat((widths[i] ?? 0) - stringWidth(text));
        return columns[i]?.right === true ? gap + style(text, i) : style(text, i) + (i === columns.length - 1 ? '' : gap);
      })
      .join('  ')
      .replace(/ +$/, '');
  const header = line(
    columns.map((column) => column.header),
    c.dim,
  );
  const body = rows.map((row, r) => line(cells[r] ?? [], (text, i) => columns[i]?.style?.(text, row, c) ?? text));
  return `${[header, ...body].join('\n')}\n`;
}

/** `n` with thousands separators. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** `n` bytes as `1,234 B`. */
export const bytes = (n: number): string => `${count(n)} B`;

/** A section heading: a bold title, an optional dim note, and a rule under it. */
export function heading(title: string, c: Colors, note?: string): string {
  const text = note === undefined ? c.bold(title) : `${c.bold(title)} ${c.dim(`— ${note}`)}`;
  const width = stringWidth(note === undefined ? title : `${title} — ${note}`);
  return `${text}\n${c.dim('─'.repeat(Math.min(Math.max(width, 8), 78)))}\n`;
}

/** `text` quoted for a POSIX shell when it needs quoting, for the command lines the demo prints. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
