/** Tag-safe JSON: `JSON.stringify` with every `<` escaped, plus byte-exact size arithmetic for it. */
import { Buffer } from 'node:buffer';
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';

const LESS_THAN = /</g;

/**
 * For each ASCII code, the bytes of its tag-safe JSON escape, as the char code at that index of a
 * one-byte string: `charCodeAt` reads it as a number, with no undefined to rule out.
 */
const ASCII_JSON_BYTES: string = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const escaped = JSON.stringify(String.fromCharCode(c)).replace(LESS_THAN, '\\u003c');
    table[c] = escaped.length - 2;
  }
  return String.fromCharCode(...table);
})();

/**
 * `JSON.stringify(value, keys)` with every `<` replaced by `\u003c`; parsing the result gives back
 * the same value (its `keys` only, when given).
 */
export function tagSafeStringify(value: unknown, keys?: string[]): string {
  const json = JSON.stringify(value, keys) as string | undefined;
  if (json === undefined) {
    throw new SessionReferenceError(`a ${typeof value} value has no JSON representation`, SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  return json.replace(LESS_THAN, '\\u003c');
}

/** UTF-8 byte length of `tagSafeStringify(value)`. */
export function tagSafeByteLength(value: unknown): number {
  return Buffer.byteLength(tagSafeStringify(value), 'utf8');
}

/**
 * UTF-8 bytes one code point occupies inside tag-safe JSON. A value in U+D800..U+DFFF stands for a
 * lone surrogate, which `JSON.stringify` writes as a six-character `\udxxx` escape.
 */
export function jsonCodePointBytes(codePoint: number): number {
  if (codePoint < 0x80) return ASCII_JSON_BYTES.charCodeAt(codePoint);
  if (codePoint < 0x800) return 2;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** UTF-8 bytes of one code point; a lone surrogate (U+D800..U+DFFF) counts 3, like `Buffer.byteLength`. */
export function utf8CodePointBytes(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** Runs of characters that `tagSafeStringify` writes as they are (one JSON byte per ASCII character). */
const PLAIN_RUNS = /[^\u0000-\u001f"\\<]+/g;

/**
 * UTF-8 byte length of `tagSafeStringify(s)` (quotes included), given `utf8Bytes` =
 * `Buffer.byteLength(s, 'utf8')`. Without lone surrogates every non-ASCII code point costs in JSON
 * exactly its UTF-8 bytes and every ASCII character one byte, except the escaped ones (controls,
 * `"`, `\`, `<`), which cost their escape length instead; those are collected natively by one regex
 * replace, so the JS loop only sees them. A string with a lone surrogate (6-byte `\udxxx` escape,
 * 3 UTF-8 bytes) is measured by stringifying it.
 */
export function jsonByteLengthWithUtf8(s: string, utf8Bytes: number): number {
  if (!s.isWellFormed()) return tagSafeByteLength(s);
  const escaped = s.replace(PLAIN_RUNS, '');
  let jsonBytes = utf8Bytes + 2;
  for (let i = 0; i < escaped.length; i++) jsonBytes += ASCII_JSON_BYTES.charCodeAt(escaped.charCodeAt(i)) - 1;
  return jsonBytes;
}
