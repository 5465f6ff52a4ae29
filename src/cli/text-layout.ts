/** Text helpers for the CLI: terminal-safe text, display widths, aligned tables, byte counts and section headings. */
import stringWidth from 'string-width';
import type { Colors } from './output-channel.ts';

const SHORT_ESCAPES: Readonly<Partial<Record<string, string>>> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/**
 * Characters a terminal would interpret rather than show: C0 controls, DEL, C1 controls, bidi embedding, override
 * and isolate controls and the line and paragraph separators; `keep` spares tab and newline, or tab, or none.
 */
function escapeControls(text: string, keep: '\t\n' | '\t' | ''): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (char) => {
    if (keep.includes(char)) return char;
    return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * `text` made safe for a terminal: characters that could move the cursor, recolour or reorder the screen (escape
 * sequences from a session's text, a file or an id, say) become visible `\uXXXX` escapes; newlines and tabs stay.
 * For text whose line breaks are the CLI's own.
 */
export const terminalSafe = (text: string): string => escapeControls(text, '\t\n');

/** {@link terminalSafe}, and newlines shown as `\n` too: for one line of text, so nothing in it can start another. */
export const lineSafe = (text: string): string => escapeControls(text, '\t');

/** `text` for one table cell: every control character, newlines and tabs included, escaped. */
export const cellSafe = (text: string): string => escapeControls(text, '');

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
  const widths = columns.map((column, i) => Math.max(stringWidth(column.header), ...cells.map((row) => stringWidth(row[i] ?? ''))));
  const line = (texts: readonly string[], style: (text: string, i: number) => string): string =>
    texts
      .map((text, i) => {
        const gap = ' '.repeat((widths[i] ?? 0) - stringWidth(text));
        if (columns[i]?.right === true) return gap + style(text, i);
        return style(text, i) + (i === columns.length - 1 ? '' : gap);
      })
      .join('  ')
      .replace(/ +$/, '');
  const header = line(
    columns.map((column) => column.header),
    (text) => c.dim(text),
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
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
