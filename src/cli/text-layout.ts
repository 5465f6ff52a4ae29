/** Text helpers for the CLI: terminal-safe text, display widths, aligned tables, byte counts and section headings. */
import stringWidth from 'string-width';
import type { Colors } from './output-channel.ts';

/**
 * Characters a terminal would interpret rather than show: C0 controls but tab and newline, DEL, C1 controls,
 * bidi embedding/override/isolate controls and the line/paragraph separators.
 */
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const LINE_UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CELL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` made safe for a terminal: characters that could move the cursor, recolour or reorder the screen (escape
 * sequences from a session's text, a file or an id, say) become visible `\uXXXX` escapes; newlines and tabs stay.
 * For text whose line breaks are the CLI's own.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_UNSAFE, escapeChar);
}

/** {@link terminalSafe}, and newlines shown as `\n` too: for one line of text, so nothing in it can start another. */
export function lineSafe(text: string): string {
  return text.replace(LINE_UNSAFE, escapeChar);
}

/** `text` for one table cell: every control character, newlines and tabs included, escaped. */
export function cellSafe(text: string): string {
  return text.replace(CELL_UNSAFE, escapeChar);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text` cut to at most `max` columns, whole graphemes only, ending with `…` when cut; `fromStart` keeps the tail instead (for paths). */
export function fitWidth(text: string, max: number, fromStart = false): string {
  if (stringWidth(text) <= max) return text;
  const clusters = Array.from(graphemes.segment(text), (part) => part.segment);
  if (fromStart) clusters.reverse();
  let width = 1;
  const kept: string[] = [];
  for (const cluster of clusters) {
    const w = stringWidth(cluster);
    if (width + w > max) break;
    width += w;
    kept.push(cluster);
  }
  if (fromStart) return `…${kept.reverse().join('')}`;
  return `${kept.join('')}…`;
}

/** One table column. */
export interface Column<Row> {
  /** Header text. */
  header: string;
  /** The cell's plain text. */
  value(row: Row): string;
  /** Optional colouring applied after padding decisions (never changes the width). */
  style?(text: string, row: Row, c: Colors): string;
  /** Maximum width in columns; longer cells are cut with `…`. */
  max?: number;
  /** Cut long cells from the start (keeps the end of a path). */
  keepEnd?: boolean;
  /** Right-align (numbers). */
  right?: boolean;
}

/** Renders rows as an aligned, two-space separated table with a dim header; control characters in cells are escaped. */
export function table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], c: Colors): string {
  const cells = rows.map((row) =>
    columns.map((column) => {
      const text = cellSafe(column.value(row));
      return column.max === undefined ? text : fitWidth(text, column.max, column.keepEnd);
    }),
  );
  const widths = columns.map((column, i) => Math.max(stringWidth(column.header), ...cells.map((row) => stringWidth(row[i]!))));
  const pad = (text: string, i: number): string => {
    const gap = ' '.repeat(widths[i]! - stringWidth(text));
    return columns[i]!.right === true ? gap + text : text + gap;
  };
  const last = columns.length - 1;
  const trimEnd = (line: string): string => line.replace(/ +$/, '');
  const lines = [
    trimEnd(columns.map((column, i) => c.dim(i === last && column.right !== true ? column.header : pad(column.header, i))).join('  ')),
  ];
  rows.forEach((row, r) => {
    const line = columns.map((column, i) => {
      const text = cells[r]![i]!;
      const padded = i === last && column.right !== true ? text : pad(text, i);
      if (column.style === undefined) return padded;
      const start = padded.indexOf(text);
      return padded.slice(0, start) + column.style(text, row, c) + padded.slice(start + text.length);
    });
    lines.push(trimEnd(line.join('  ')));
  });
  return `${lines.join('\n')}\n`;
}

/** `n` with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** `n` bytes as `1,234 B`. */
export function bytes(n: number): string {
  return `${count(n)} B`;
}

/** A section heading: a bold title, an optional dim note, and a rule under it. */
export function heading(title: string, c: Colors, note?: string): string {
  const text = note === undefined ? c.bold(title) : `${c.bold(title)} ${c.dim(`— ${note}`)}`;
  const width = stringWidth(note === undefined ? title : `${title} — ${note}`);
  return `${text}\n${c.dim('─'.repeat(Math.min(Math.max(width, 8), 78)))}\n`;
}

/** `text` quoted for a POSIX shell when it needs quoting, for the command lines the demo prints. */
export function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
