/** The head + marker + tail cut, checked apart from src: how many bytes a kept text omits of its original, or why it is no valid cut. */
import { utf8 } from './preview-size.ts';

/** The omission marker, matched where it starts (`\n[… omitted N UTF-8 bytes …]\n`, between head and tail). */
const MARKER = /\n\[\u2026 omitted (\d+) UTF-8 bytes \u2026\]\n/y;
const MARKER_START = '\n[\u2026 omitted ';

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** True when position `i` of `s` falls inside a well-formed surrogate pair. */
const splitsPair = (s: string, i: number) => i > 0 && i < s.length && isHigh(s.charCodeAt(i - 1)) && isLow(s.charCodeAt(i));
/** UTF-8 bytes of the code point starting at `i` (0 at the end). */
function cpBytesAt(s: string, i: number): number {
  if (i >= s.length) return 0;
  return utf8(String.fromCodePoint(s.codePointAt(i)!));
}
/** UTF-8 bytes of the code point ending just before `i` (0 at the start). */
function cpBytesBefore(s: string, i: number): number {
  if (i <= 0) return 0;
  const c = s.charCodeAt(i - 1);
  if (isLow(c) && i >= 2 && isHigh(s.charCodeAt(i - 2))) return 4;
  if (c >= 0xd800 && c <= 0xdfff) return 3;
  return utf8(s[i - 1]!);
}

/**
 * How many original bytes a retained text omits: 0 when it is the original, all of them when it
 * is empty, N when it is a valid cut: an exact code-point-aligned head of the original,
 * the marker `omitted N UTF-8 bytes`, and an exact suffix, each the longest within ⌈R/2⌉ / ⌊R/2⌋
 * bytes for one R. Every place the marker appears is tried, since the original may hold one too.
 * @returns the omitted byte count, or a string describing why the text is no valid cut.
 */
export function omittedByCut(kept: string, original: string): number | string {
  if (kept === original) return 0;
  if (kept === '') return utf8(original);
  let why = 'text is neither the original, empty, nor a marked cut';
  for (let at = kept.indexOf(MARKER_START); at !== -1; at = kept.indexOf(MARKER_START, at + 1)) {
    MARKER.lastIndex = at;
    const match = MARKER.exec(kept);
    if (match === null) continue;
    const n = Number(match[1]);
    if (!(n > 0) || String(n) !== match[1]) {
      why = `bad omitted count ${match[1]}`;
      continue;
    }
    const head = kept.slice(0, at);
    const tail = kept.slice(at + match[0].length);
    const h = head.length;
    const s = original.length - tail.length;
    if (h > s || !original.startsWith(head) || !original.endsWith(tail) || splitsPair(original, h) || splitsPair(original, s)) {
      why = 'text is not an exact code-point-aligned head + marker + tail of the original';
      continue;
    }
    const hb = utf8(head);
    const tb = utf8(tail);
    if (hb + tb + n !== utf8(original)) {
      why = `the marker says ${n} bytes omitted, the cut omits ${utf8(original) - hb - tb}`;
      continue;
    }
    // Some R must make this head the longest prefix within ⌈R/2⌉ and this tail the longest suffix within ⌊R/2⌋.
    const headMax = hb + Math.max(cpBytesAt(original, h), 1) - 1;
    const tailMax = tb + Math.max(cpBytesBefore(original, s), 1) - 1;
    // ⌈R/2⌉ = a ∈ [hb, headMax], ⌊R/2⌋ = b ∈ [tb, tailMax], a − b ∈ {0, 1}.
    if (Math.max(hb, tb) <= Math.min(headMax, tailMax + 1)) return n;
    why = 'the head and tail are not the longest ones for any single R';
  }
  return why;
}
