/** String literals a value is written in pieces of (`"ab" + "cd"`, C's and Python's adjacent literals over lines): read and judged as one value. */
import { skipBlanks } from './spans.ts';
import type { Span } from './spans.ts';
import { wrappedString } from './wrapped-strings.ts';

/** The most pieces followed, and the longest gap between two: a key is a few lines of code. */
const MAX_PIECES = 8;
const MAX_GAP = 24;
/** What a piece may hold: a key's characters, no quote, blank or backslash. */
const PIECE_RE = /["'`]([A-Za-z0-9+/=_.~!@#$%^&*:;?-]{1,256})["'`]/y;

/** Where the next piece's opening quote is after the piece that closes at `close`: past blanks, one `+` and one line break. */
function nextPiece(text: string, close: number): number {
  let p = skipBlanks(text, close + 1, close + 1 + MAX_GAP);
  const plus = text.charCodeAt(p) === 43;
  if (plus) p = skipBlanks(text, p + 1, p + 1 + MAX_GAP);
  if (text.charCodeAt(p) === 13) p++;
  if (text.charCodeAt(p) === 10) p = skipBlanks(text, p + 1, p + 1 + MAX_GAP);
  // Adjacent literals on one line need a `+` (C's `"a" "b"` is rare; `"a", "b"` is a list).
  return (plus || p > close + 1) && text.charCodeAt(p) === text.charCodeAt(close) ? p : -1;
}

/** `value`, a quoted piece, extended over the pieces that continue it; `pieces` set when there were some. */
export function concatenatedValue(text: string, value: Span): Span {
  if (!value.quoted) return value;
  let end = value.end;
  for (let k = 0; k < MAX_PIECES; k++) {
    const next = nextPiece(text, end);
    if (next < 0) break;
    PIECE_RE.lastIndex = next;
    const piece = PIECE_RE.exec(text);
    if (piece === null || text.charCodeAt(next + piece[0].length - 1) !== text.charCodeAt(next)) break;
    end = next + piece[0].length - 1;
  }
  return end === value.end ? value : { start: value.start, end, quoted: true, pieces: true };
}

/** A value whose first piece opens the next line (`KEY =` then `"ab"`, `KEY = (` then `"ab"` in Python), from `from` after the operator. */
export function pieceOnNextLine(text: string, from: number): Span | null {
  let p = skipBlanks(text, from, from + MAX_GAP);
  if (text.charCodeAt(p) === 40) p = skipBlanks(text, p + 1, p + 1 + MAX_GAP);
  if (text.charCodeAt(p) === 13) p++;
  if (text.charCodeAt(p) !== 10) return null;
  // PHP's `var_dump` writes the value on the line after its key, typed: `["password"]=>` and `string(20) "…"`.
  p = wrappedString(text, skipBlanks(text, p + 1, p + 1 + MAX_GAP));
  PIECE_RE.lastIndex = p;
  const piece = PIECE_RE.exec(text);
  if (piece === null || text.charCodeAt(p + piece[0].length - 1) !== text.charCodeAt(p)) return null;
  const value = concatenatedValue(text, { start: p + 1, end: p + piece[0].length - 1, quoted: true });
  // The literal is the whole expression (`;`, `)`, the line's end after it), not an operand (`'a' extends keyof T`).
  return STATEMENT_ENDS.has(text.charCodeAt(skipBlanks(text, value.end + 1, value.end + 1 + MAX_GAP))) ? value : null;
}

/** What may follow a value written on the line after its name: the statement's or the call's end, the line's, the text's. */
const STATEMENT_ENDS: ReadonlySet<number> = new Set([Number.NaN, 10, 13, 41, 44, 59]);
