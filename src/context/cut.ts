/** The cut of one text: a head and a tail of its UTF-8 bytes around the omission marker, at the largest allowance that fits. */
import { itemAt } from './item-at.ts';
import { jsonCodePointBytes, tagSafeByteLength, utf8CodePointBytes } from './tag-safe-json.ts';

/** The marker that stands where a text was cut, between its head and its tail: `\n[… omitted N UTF-8 bytes …]\n`. */
function omissionMarker(omittedBytes: number): string {
  return `\n[\u2026 omitted ${omittedBytes} UTF-8 bytes \u2026]\n`;
}

/** JSON bytes of the marker without its number and without quotes. */
const MARKER_FIXED_BYTES = tagSafeByteLength(omissionMarker(0)) - 2 - 1;
/** A head (tail) trimmed to a code-point boundary keeps more than its allowance less one code point: 3 bytes each. */
const TRIM_SLACK = 6;

/** Decimal digits of a non-negative integer. */
export function decimalDigits(value: number): number {
  return String(value).length;
}

/** JSON bytes (no quotes) of the smallest cut of a text of `textBytes` UTF-8 bytes: the marker alone. */
export function markerOnlyBytes(textBytes: number): number {
  return MARKER_FIXED_BYTES + decimalDigits(textBytes);
}

/** A head-and-tail cut of a text and its sizes. */
export interface Cut {
  /** `head + omissionMarker(omittedBytes) + tail`. */
  text: string;
  /** Original UTF-8 bytes not kept. */
  omittedBytes: number;
  /** JSON bytes of the kept head and tail, without quotes or marker. */
  keptJsonBytes: number;
  /** JSON bytes of the whole cut text, without quotes. */
  contentBytes: number;
}

/**
 * Per-code-point prefix sums along one edge of a text (the start for a head, the end for a tail),
 * covering only the code points within `maxBytes` UTF-8 bytes of that edge: after `k` code points,
 * `utf8[k]` and `json[k]` bytes, and the UTF-16 offset where the edge stops.
 */
interface Edge {
  count: number;
  utf8: Uint32Array;
  json: Uint32Array;
  offset: Uint32Array;
}

function buildEdge(text: string, maxBytes: number, fromEnd: boolean): Edge {
  const capacity = Math.min(text.length, maxBytes) + 1;
  const utf8 = new Uint32Array(capacity);
  const json = new Uint32Array(capacity);
  const offset = new Uint32Array(capacity);
  let count = 0;
  let bytes = 0;
  let jsonBytes = 0;
  let pos = fromEnd ? text.length : 0;
  offset[0] = pos;
  while (fromEnd ? pos > 0 : pos < text.length) {
    let cp: number;
    if (fromEnd) {
      // The code point ending at `pos`: a surrogate pair when the two units before it make one.
      const pair = pos >= 2 ? (text.codePointAt(pos - 2) ?? 0) : 0;
      cp = pair > 0xffff ? pair : text.charCodeAt(pos - 1);
    } else cp = text.codePointAt(pos) ?? 0;
    const units = cp > 0xffff ? 2 : 1;
    const cpBytes = utf8CodePointBytes(cp);
    if (bytes + cpBytes > maxBytes) break;
    bytes += cpBytes;
    jsonBytes += jsonCodePointBytes(cp);
    pos += fromEnd ? -units : units;
    count++;
    utf8[count] = bytes;
    json[count] = jsonBytes;
    offset[count] = pos;
  }
  return { count, utf8, json, offset };
}

/** How many of the edge's code points fit in `maxBytes` UTF-8 bytes. */
function countWithin(edge: Edge, maxBytes: number): number {
  let lo = 0;
  let hi = edge.count;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (itemAt(edge.utf8, mid) <= maxBytes) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** What allowance R keeps: head and tail code-point counts, and the JSON bytes of the cut text without quotes. */
interface Kept {
  headCount: number;
  tailCount: number;
  /** JSON bytes of head and tail. */
  keptJson: number;
  omittedBytes: number;
  /** JSON bytes of head, marker and tail. */
  contentBytes: number;
}

function keptAt(head: Edge, tail: Edge, textBytes: number, allowance: number): Kept {
  const headCount = countWithin(head, (allowance + 1) >>> 1);
  const tailCount = countWithin(tail, allowance >>> 1);
  const keptJson = itemAt(head.json, headCount) + itemAt(tail.json, tailCount);
  const omittedBytes = textBytes - itemAt(head.utf8, headCount) - itemAt(tail.utf8, tailCount);
  return { headCount, tailCount, keptJson, omittedBytes, contentBytes: keptJson + MARKER_FIXED_BYTES + decimalDigits(omittedBytes) };
}

/**
 * The cut with the largest R whose JSON content (escaped head + marker + tail, no quotes) fits in
 * `room` bytes, or undefined when none does (R = 0 keeps only the marker).
 *
 * One binary search over R finds it, because the content size never falls as R grows: R + 1 keeps
 * k ≥ 0 more UTF-8 bytes, which cost at least k more JSON bytes, and N's digit count drops by at most
 * one, and only when k ≥ 1. Digit changes make plateaus, not dips. The marker sits between head and
 * tail, so no surrogate pair forms at a join either.
 */
export function largestCut(text: string, textBytes: number, room: number): Cut | undefined {
  if (textBytes === 0 || markerOnlyBytes(textBytes) > room) return undefined;
  const maxAllowance = Math.min(textBytes - 1, room - MARKER_FIXED_BYTES - 1 + TRIM_SLACK);
  const head = buildEdge(text, (maxAllowance + 1) >>> 1, false);
  const tail = buildEdge(text, maxAllowance >>> 1, true);
  let lo = 0;
  let hi = maxAllowance;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (keptAt(head, tail, textBytes, mid).contentBytes <= room) lo = mid;
    else hi = mid - 1;
  }
  const kept = keptAt(head, tail, textBytes, lo);
  return {
    text: text.slice(0, head.offset[kept.headCount]) + omissionMarker(kept.omittedBytes) + text.slice(tail.offset[kept.tailCount]),
    omittedBytes: kept.omittedBytes,
    keptJsonBytes: kept.keptJson,
    contentBytes: kept.contentBytes,
  };
}
