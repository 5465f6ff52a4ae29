/** Values written on the lines under their key: YAML block scalars (`signing_key: |` then indented lines), a YAML sequence's items, and heredocs (`api_key = <<-EOT`), read whole. */
import { readValue, skipBlanks } from './spans.ts';
import type { Span } from './spans.ts';

/** A block scalar's header after the key: `|` or `>`, a chomping indicator, an indentation digit, a comment, nothing else. */
const HEADER_RE = /[|>][+-]?[1-9]?[+-]?[ \t]*(?:#[^\n]*)?(?=\r?\n)/y;
/** The most lines and characters a block value spans: a key is a few lines (a PEM block has its own rule), and text made of headers is read in linear time. */
const MAX_LINES = 16;
/** A line that holds a key and its operator, or a block's header. */
const KEY_LINE_RE = /:(?:\s|$)|[|>]\s*$/;
const MAX_BLOCK = 2048;

/** The indentation of the line holding `at`. */
function indentOf(text: string, at: number): number {
  const start = text.lastIndexOf('\n', at) + 1;
  return skipBlanks(text, start, at) - start;
}

/**
 * The value of the block scalar whose header starts after blanks at `from`, from its first line's text to its last
 * line's end (its lines more indented than the key's), or null when no block starts there or it is empty.
 */
export function blockScalar(text: string, from: number): Span | null {
  const header = skipBlanks(text, from, from + 16);
  const code = text.charCodeAt(header);
  if (code !== 124 && code !== 62) return null;
  HEADER_RE.lastIndex = header;
  if (!HEADER_RE.test(text)) return null;
  const keyIndent = indentOf(text, from);
  let line = text.indexOf('\n', header) + 1;
  let start = -1;
  let end = -1;
  for (let lines = 0; line > 0 && line < text.length && lines < MAX_LINES && line - header < MAX_BLOCK; lines++) {
    const content = skipBlanks(text, line, text.length);
    const next = text.indexOf('\n', line);
    const lineEnd = next < 0 ? text.length : next;
    if (content < lineEnd && content - line <= keyIndent) break;
    if (content < lineEnd) {
      // A first line holding a key of its own (`name: …`) is a mapping's, not a key's text.
      if (start < 0 && KEY_LINE_RE.test(text.slice(content, Math.min(lineEnd, content + 128)))) return null;
      if (start < 0) start = content;
      end = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    }
    line = next + 1;
  }
  return start < 0 ? null : { start, end, quoted: false };
}

/** The most items of a YAML sequence read. */
const MAX_ITEMS = 8;

/**
 * The items of the YAML sequence under a key whose `:` ends its line (`from` after it), no less indented than the key
 * (`client_secret:` / `- …`, as an HTTP cassette records every header and form field; `api_keys:` / `- …` / `- …`), up
 * to the first line that is no item of it or an item that opens a mapping (`- name: …`, a key, not a value).
 */
export function sequenceSpans(text: string, from: number): Span[] {
  const items: Span[] = [];
  let line = skipBlanks(text, from, from + 16);
  if (text.charCodeAt(line) === 13) line++;
  // Only a key whose `:` ends its line opens a sequence: its line's indent is read after that.
  if (text.charCodeAt(line) !== 10) return items;
  const keyIndent = indentOf(text, from);
  let column = -1;
  while (items.length < MAX_ITEMS && text.charCodeAt(line) === 10) {
    const dash = skipBlanks(text, line + 1, line + 1 + MAX_LINES * 4);
    if (text.charCodeAt(dash) !== 45 || text.charCodeAt(dash + 1) !== 32 || dash - line - 1 < keyIndent) break;
    if (column >= 0 && dash - line !== column) break;
    column = dash - line;
    const item = readValue(text, dash + 2);
    if (item === null || text.charCodeAt(item.end) === 58) break;
    items.push(item);
    line = text.indexOf('\n', item.end);
  }
  return items;
}

/** A heredoc's opening after `=`: `<<EOT` or `<<-EOT` (HCL, shell), its marker captured. */
const HEREDOC_RE = /<<-?([A-Z_]{2,16})[ \t]*\r?\n/y;

/** The body of the heredoc that opens after blanks at `from` (its lines up to the one holding its marker alone), or null. */
export function heredoc(text: string, from: number): Span | null {
  const open = skipBlanks(text, from, from + 16);
  HEREDOC_RE.lastIndex = open;
  const match = HEREDOC_RE.exec(text);
  if (match === null) return null;
  const marker = match[1] ?? '';
  let line = open + match[0].length;
  let start = -1;
  let end = -1;
  for (let lines = 0; line < text.length && lines < MAX_LINES && line - open < MAX_BLOCK; lines++) {
    const content = skipBlanks(text, line, text.length);
    const next = text.indexOf('\n', line);
    const lineEnd = next < 0 ? text.length : next;
    const body = text.slice(content, lineEnd).trimEnd();
    if (body === marker) return start < 0 ? null : { start, end, quoted: false };
    if (body !== '') {
      if (start < 0) start = content;
      end = content + body.length;
    }
    if (next < 0) break;
    line = next + 1;
  }
  return null;
}
