/** Fragment lines with exactly the escapes `JSON.stringify` writes: copied out of the engine's escape of a Latin-1 text, or written unit by unit into a byte or UTF-16 buffer. */
import { FRAGMENT_CODE_POINTS } from './layout.ts';

/**
 * For each ASCII code: 0 when `JSON.stringify` writes it as is; else the letter after `\` in its
 * escape (`"`, `\`, `b t n f r`), or 1 for a `\u00xx` escape.
 */
const ASCII_ESCAPE_CODES = new Uint8Array(0x80);
ASCII_ESCAPE_CODES.fill(1, 0, 0x20);
ASCII_ESCAPE_CODES[0x08] = 0x62; // b
ASCII_ESCAPE_CODES[0x09] = 0x74; // t
ASCII_ESCAPE_CODES[0x0a] = 0x6e; // n
ASCII_ESCAPE_CODES[0x0c] = 0x66; // f
ASCII_ESCAPE_CODES[0x0d] = 0x72; // r
ASCII_ESCAPE_CODES[0x22] = 0x22; // "
ASCII_ESCAPE_CODES[0x5c] = 0x5c; // backslash

/** The same table as a one-byte string: `charCodeAt` reads it as a number, with no undefined to rule out. */
const ASCII_ESCAPE = String.fromCharCode(...ASCII_ESCAPE_CODES);

/** Lowercase hex digits, as `JSON.stringify` writes them (read with `charCodeAt`). */
const HEX = '0123456789abcdef';

/** The longest fragment line with its newline: a quote, 64 six-unit escapes, a quote. */
const MAX_LINE_UNITS = 2 + FRAGMENT_CODE_POINTS * 6 + 1;

/** True on a big-endian host, where the units must be swapped to read as UTF-16LE. */
const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

/**
 * A buffer being filled with transcript lines, `length` units of it so far: bytes for text with no
 * unit above U+00FF (taken as a one-byte string), else UTF-16 units.
 */
export interface UnitBuffer {
  readonly units: Uint8Array | Uint16Array;
  length: number;
}

/** A {@link UnitBuffer} of bytes. */
export interface ByteBuffer extends UnitBuffer {
  readonly units: Uint8Array;
}

/** Empties `buffer` into a string. */
export function takeUnits(buffer: UnitBuffer): string {
  const { units, length } = buffer;
  buffer.length = 0;
  if (units instanceof Uint8Array) return Buffer.from(units.buffer, units.byteOffset, length).toString('latin1');
  const bytes = Buffer.from(units.buffer, units.byteOffset, length * 2);
  if (BIG_ENDIAN) bytes.swap16();
  return bytes.toString('utf16le');
}

/** Appends `text` (newlines included as given; Latin-1 only into a byte buffer) to `buffer`; false (nothing written) when it does not fit. */
export function putUnits(buffer: UnitBuffer, text: string): boolean {
  const { units } = buffer;
  let o = buffer.length;
  if (o + text.length > units.length) return false;
  for (let i = 0; i < text.length; i++) units[o++] = text.charCodeAt(i);
  buffer.length = o;
  return true;
}

/**
 * Appends to `buffer` the fragment lines of `text` from offset `from`, each with its newline, as
 * many as fit; returns the offset where the next fragment starts (`text.length` when done). A byte
 * buffer takes only text with no unit above U+00FF.
 *
 * One pass, unit by unit: each line is a quote, the fragment with exactly the escapes
 * `JSON.stringify` writes (`\"`, `\\`, `\b \t \n \f \r`, `\u00xx` for other controls,
 * `\udxxx` for a lone surrogate; everything else as is), and a quote. A fragment ends after 64
 * code points, a high surrogate followed by a low one counting as one, any other unit as one,
 * so a pair is never split. Writing straight into the buffer makes no string per line or per
 * fragment, which on a chat of 10,000 messages is most of what a `JSON.stringify` per fragment costs.
 */
export function putFragmentLines(buffer: UnitBuffer, text: string, from: number): number {
  const { units } = buffer;
  const n = text.length;
  let i = from;
  let o = buffer.length;
  while (i < n && o + MAX_LINE_UNITS <= units.length) {
    units[o++] = 0x22;
    let end = i + FRAGMENT_CODE_POINTS < n ? i + FRAGMENT_CODE_POINTS : n; // one unit more per surrogate pair
    while (i < end) {
      const c = text.charCodeAt(i++);
      if (c < 0x80) {
        const escape = ASCII_ESCAPE.charCodeAt(c);
        if (escape === 0) {
          units[o++] = c;
        } else if (escape !== 1) {
          units[o++] = 0x5c;
          units[o++] = escape;
        } else {
          units[o++] = 0x5c;
          units[o++] = 0x75;
          units[o++] = 0x30;
          units[o++] = 0x30;
          units[o++] = HEX.charCodeAt(c >> 4);
          units[o++] = HEX.charCodeAt(c & 15);
        }
      } else if ((c & 0xf800) !== 0xd800) {
        units[o++] = c;
      } else if (c <= 0xdbff && i < n && (text.charCodeAt(i) & 0xfc00) === 0xdc00) {
        units[o++] = c; // a high surrogate and the low one after it: one code point, written as is
        units[o++] = text.charCodeAt(i++);
        if (end < n) end++;
      } else {
        units[o++] = 0x5c; // a lone surrogate
        units[o++] = 0x75;
        units[o++] = HEX.charCodeAt(c >> 12);
        units[o++] = HEX.charCodeAt((c >> 8) & 15);
        units[o++] = HEX.charCodeAt((c >> 4) & 15);
        units[o++] = HEX.charCodeAt(c & 15);
      }
    }
    units[o++] = 0x22;
    units[o++] = 0x0a;
  }
  buffer.length = o;
  return i;
}

/** A Latin-1 text as `JSON.stringify` escapes it, in bytes, and how far its fragment lines are written. */
export interface EscapedLatin1 {
  /** The JSON string's bytes (one per character: its escapes are ASCII), quotes included. */
  readonly json: Buffer;
  /** Where the closing quote is. */
  readonly end: number;
  /** Where the next fragment starts (just after the opening quote at first). */
  at: number;
  /** The first backslash at or after `at`, or `Infinity`. */
  nextBackslash: number;
}

/** Characters of a long text's start that tell whether it is dense in escapes. */
const SAMPLE_CHARS = 4096;

/**
 * The engine's own escape of a text with no unit above U+00FF (so no surrogate), written into
 * `scratch` when it fits, else into a buffer of its own. Each character of the text is one token
 * of the result: itself, or an escape (`\"`, `\\`, `\b \t \n \f \r`, `\u00xx`) that starts with the
 * only backslashes there are. Undefined for a text dense in escapes (in its first 4,096 characters
 * they add one per 32 or more), where counting tokens on nearly every line loses to {@link putFragmentLines}.
 */
export function escapeLatin1(text: string, scratch: Buffer): EscapedLatin1 | undefined {
  // A long text is judged by its start, so that a dense one is not escaped whole for nothing.
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  let escaped = JSON.stringify(sample);
  if ((escaped.length - 2 - sample.length) * 32 >= sample.length) return undefined;
  if (sample !== text) escaped = JSON.stringify(text);
  const json = escaped.length <= scratch.length ? scratch : Buffer.allocUnsafe(escaped.length);
  json.write(escaped, 0, 'latin1');
  const first = escaped.indexOf('\\');
  return { json, end: escaped.length - 1, at: 1, nextBackslash: first < 0 ? Infinity : first };
}

/**
 * Appends to `buffer` the fragment lines of an escaped Latin-1 text from where it stopped, as many
 * as fit; true when the text is done. A fragment is 64 characters, so 64 tokens: without a
 * backslash ahead within 64 bytes it is the next 64 bytes, copied natively (the engine escapes
 * ASCII far faster than a loop can); otherwise its tokens are counted one by one. Each line is a
 * quote, the fragment's bytes, a quote and a newline, which is `JSON.stringify(fragment)` and its newline.
 */
export function putEscapedLines(buffer: ByteBuffer, text: EscapedLatin1): boolean {
  const { units } = buffer;
  const { json, end } = text;
  let p = text.at;
  let next = text.nextBackslash;
  let o = buffer.length;
  while (p < end && o + MAX_LINE_UNITS <= units.length) {
    let q: number;
    if (next - p >= FRAGMENT_CODE_POINTS) q = p + FRAGMENT_CODE_POINTS < end ? p + FRAGMENT_CODE_POINTS : end;
    else {
      q = p;
      for (let count = 0; count < FRAGMENT_CODE_POINTS && q < end; count++) q += json[q] !== 0x5c ? 1 : json[q + 1] === 0x75 ? 6 : 2;
      const found = json.indexOf(0x5c, q);
      next = found < 0 || found >= end ? Infinity : found;
    }
    units[o++] = 0x22;
    o += json.copy(units, o, p, q);
    units[o++] = 0x22;
    units[o++] = 0x0a;
    p = q;
  }
  text.at = p;
  text.nextBackslash = next;
  buffer.length = o;
  return p >= end;
}
