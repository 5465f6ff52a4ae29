/** Text helpers for the CLI: terminal-safe text, display widths, aligned tables, byte counts and section headings. */
import type { Channel, Colors } from './io.ts';

/**
 * Characters a terminal would interpret rather than show: C0 controls but tab and newline, DEL, C1 controls,
 * bidi embedding/override/isolate controls and the line/paragraph separators.
 */
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CELL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` made safe for a terminal: characters that could move the cursor, recolour or reorder the screen (escape
 * sequences from a session's text, say) become visible `\uXXXX` escapes; newlines and tabs stay. Only applied
 * when writing to a TTY, so piped output stays byte-exact.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_UNSAFE, escapeChar);
}

/** `text` for one table cell: every control character, newlines and tabs included, escaped. */
export function cellSafe(text: string): string {
  return text.replace(CELL_UNSAFE, escapeChar);
}

/** Writes `text` to `channel` exactly, escaping terminal controls only when the channel is a TTY. */
export function writeExact(channel: Channel, text: string): void {
  channel.write(channel.tty ? terminalSafe(text) : text);
}

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufe00-\ufe0f]$/u;

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Approximate terminal columns `text` takes: wide East Asian and emoji code points count 2, combining marks 0. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (ZERO_WIDTH.test(char)) continue;
    width += isWide(char.codePointAt(0)!) ? 2 : 1;
  }
  return width;
}

/** `text` cut to at most `max` columns, ending with `…` when cut; `fromStart` keeps the tail instead (for paths). */
export function fitWidth(text: string, max: number, fromStart = false): string {
  if (displayWidth(text) <= max) return text;
  const chars = [...text];
  if (fromStart) chars.reverse();
  let width = 1;
  const kept: string[] = [];
  for (const char of chars) {
    const w = ZERO_WIDTH.test(char) ? 0 : isWide(char.codePointAt(0)!) ? 2 : 1;
    if (width + w > max) break;
    width += w;
    kept.push(char);
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
  const widths = columns.map((column, i) => Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[i]!))));
  const pad = (text: string, i: number): string => {
    const gap = ' '.repeat(widths[i]! - displayWidth(text));
    return columns[i]!.right === true ? gap + text : text + gap;
  };
  const last = columns.length - 1;
  const trimEnd = (line: string): string => line.replace(/ +$/, '');
  const lines = [trimEnd(columns.map((column, i) => c.dim(i === last && column.right !== true ? column.header : pad(column.header, i))).join('  '))];
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
  const width = displayWidth(note === undefined ? title : `${title} — ${note}`);
  return `${text}\n${c.dim('─'.repeat(Math.min(Math.max(width, 8), 78)))}\n`;
}

/** `text` quoted for a POSIX shell when it needs quoting, for the command lines the demo prints. */
export function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
