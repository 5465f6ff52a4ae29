/** Per-source retention under a byte budget: measure, drop the oldest, refill the newest dropped, cut the largest. */
import { Buffer } from 'node:buffer';
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { jsonByteLengthWithUtf8, jsonCodePointBytes, tagSafeByteLength, tagSafeStringify, utf8CodePointBytes } from './tag-safe-json.ts';
import type { ProjectedMessage, ReferencePreview, RetentionResult, SourceCapture } from './shapes.ts';
import type { ReferencedConversationItem } from '../types.ts';

/** The marker that stands where a text was cut, between its head and its tail: `\n[… omitted N UTF-8 bytes …]\n`. */
export function omissionMarker(omittedBytes: number): string {
  return `\n[\u2026 omitted ${omittedBytes} UTF-8 bytes \u2026]\n`;
}

/**
 * Retains one source under `budget` bytes of tag-safe JSON; throws BUDGET_EXCEEDED when it cannot fit.
 *
 * Only texts that can end up in the preview have their JSON size measured: the checkpoints and the
 * newest message (always kept), and the other messages newest first until the budget is certainly
 * crossed — step 1 keeps exactly the longest run of most recent droppable messages that fits with
 * the mandatory ones. Every older message is certainly dropped and needs only its native UTF-8
 * length for `omittedBytes`. A JSON size is never below the UTF-8 size + 2, which settles most
 * "certainly over" questions without measuring.
 */
export function retainReference(capture: SourceCapture, budget: number): RetentionResult {
  if (!Number.isSafeInteger(budget) || budget < 0) {
    throw new SessionReferenceError(
      `reference budget must be a non-negative safe integer, got ${String(budget)}`,
      SessionReferenceErrorCode.INVALID_CONFIG,
    );
  }
  assertCapture(capture);
  return retainCapture(capture, budget);
}

/**
 * {@link retainReference} without its checks, for a capture built by `captureSource` from a
 * checked snapshot and a budget from the resolved config: `prepare` validates each once, at its edge.
 */
export function retainCapture(capture: SourceCapture, budget: number): RetentionResult {
  const ledger = openLedger(capture, budget);
  const newestDropped = dropOldest(ledger);
  if (newestDropped >= 0) refillNewestDropped(ledger, newestDropped);
  if (ledger.size > budget) cutLargest(ledger);
  return closeLedger(ledger);
}

/** The running account of one source's retention; every size is in tag-safe JSON bytes of the budgeted object. */
interface Ledger {
  readonly capture: SourceCapture;
  readonly budget: number;
  /** The object with an empty conversation. */
  readonly base: number;
  /** UTF-8 bytes of each text. */
  readonly utf8: Float64Array;
  /** JSON bytes of each text, quotes included; -1 until measured. */
  readonly json: Float64Array;
  /** JSON bytes of each item without its text's JSON and without a separating comma. */
  readonly wrap: Float64Array;
  /** 1 for a retained item; the checkpoints and the newest item from the start. */
  readonly retained: Uint8Array;
  /** The text a retained item keeps when it is not its original (a cut, or `""`). */
  readonly replaced: (string | undefined)[];
  /** The smallest possible preview: the mandatory items with empty texts. */
  readonly minimal: number;
  /**
   * The object with the retained items. Exact once `measured`; before, while a mandatory text is
   * unmeasured, a lower bound that is already over the budget (JSON ≥ UTF-8 + 2 per text).
   */
  size: number;
  /** Whether `size` is exact. */
  measured: boolean;
  retainedMessages: number;
  omittedMessages: number;
  omittedBytes: number;
}

/** Measures what retention needs and fails early when even the smallest preview is over budget. */
function openLedger(capture: SourceCapture, budget: number): Ledger {
  const messages = capture.messages;
  const n = messages.length;
  const base = tagSafeByteLength({
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation: [],
  });
  const utf8 = new Float64Array(n);
  const wrap = new Float64Array(n);
  const retained = new Uint8Array(n);
  let minimal = base;
  let lowerBound = base;
  let mandatory = 0;
  for (let i = 0; i < n; i++) {
    const m = messages[i]!;
    utf8[i] = Buffer.byteLength(m.text, 'utf8');
    wrap[i] = wrapperBytes(m);
    if (m.checkpoint || i === n - 1) {
      const comma = mandatory > 0 ? 1 : 0;
      minimal += wrap[i]! + 2 + comma;
      lowerBound += wrap[i]! + utf8[i]! + 2 + comma;
      mandatory++;
      retained[i] = 1;
    }
  }
  const ledger: Ledger = {
    capture,
    budget,
    base,
    utf8,
    json: new Float64Array(n).fill(-1),
    wrap,
    retained,
    replaced: new Array<string | undefined>(n),
    minimal,
    size: lowerBound,
    measured: false,
    retainedMessages: mandatory,
    omittedMessages: 0,
    omittedBytes: 0,
  };
  if (minimal > budget) throw budgetExceeded(ledger);
  if (lowerBound <= budget) measureRetained(ledger);
  return ledger;
}

/** JSON bytes of item `i`'s original text, quotes included, measured once. */
function jsonBytes(ledger: Ledger, i: number): number {
  if (ledger.json[i]! < 0) ledger.json[i] = jsonByteLengthWithUtf8(ledger.capture.messages[i]!.text, ledger.utf8[i]!);
  return ledger.json[i]!;
}

/** Makes `size` exact by measuring every retained text. */
function measureRetained(ledger: Ledger): void {
  let size = ledger.base;
  let count = 0;
  for (let i = 0; i < ledger.retained.length; i++) {
    if (ledger.retained[i]) size += ledger.wrap[i]! + jsonBytes(ledger, i) + (count++ > 0 ? 1 : 0);
  }
  ledger.size = size;
  ledger.measured = true;
}

/**
 * Step 1: keeps the longest run of most recent droppable items that fits beside the mandatory ones,
 * which is what dropping the oldest while over budget leaves. Returns the newest dropped item, or -1.
 */
function dropOldest(ledger: Ledger): number {
  const { budget, utf8, wrap, retained } = ledger;
  let newestDropped = -1;
  for (let i = retained.length - 2; i >= 0; i--) {
    if (retained[i]) continue;
    if (newestDropped < 0) {
      const added = wrap[i]! + 1;
      // `size` is a lower bound over the budget until measured, so nothing is kept then.
      if (ledger.size + added + utf8[i]! + 2 <= budget && ledger.size + added + jsonBytes(ledger, i) <= budget) {
        retained[i] = 1;
        ledger.retainedMessages++;
        ledger.size += added + ledger.json[i]!;
        continue;
      }
      newestDropped = i;
    }
    ledger.omittedMessages++;
    ledger.omittedBytes += utf8[i]!;
  }
  return newestDropped;
}

/**
 * Step 2: when the drops left the object within budget, brings the newest dropped item back as its
 * largest cut that fits, provided its kept text is at least half of the bytes it adds.
 */
function refillNewestDropped(ledger: Ledger, i: number): void {
  if (ledger.size > ledger.budget) return;
  const { utf8, wrap } = ledger;
  // The item comes back between retained ones (the newest item always follows it): comma + wrapper + quotes.
  const overhead = 1 + wrap[i]! + 2;
  const cut = largestCut(ledger.capture.messages[i]!.text, utf8[i]!, ledger.budget - ledger.size - overhead);
  if (cut === undefined) return;
  const added = overhead + cut.contentBytes;
  if (2 * cut.keptJsonBytes < added) return;
  ledger.retained[i] = 1;
  ledger.replaced[i] = cut.text;
  ledger.retainedMessages++;
  ledger.size += added;
  ledger.omittedMessages--;
  ledger.omittedBytes += cut.omittedBytes - utf8[i]!;
}

/**
 * Step 3: still over budget, so only the mandatory items are retained (a droppable one would have
 * been dropped first). Shortens the costliest texts first, earliest on a tie, until the object fits.
 */
function cutLargest(ledger: Ledger): void {
  const { retained, utf8, json } = ledger;
  const order: number[] = [];
  for (let i = 0; i < retained.length; i++) if (retained[i]) order.push(i);
  let first = -1;
  if (!ledger.measured) {
    // The widest text by UTF-8 is certainly the costliest when its lower bound beats every other
    // text's exact size; it is then cut without measuring it, and the sizes around it are exact.
    let widest = order[0]!;
    for (const i of order) if (utf8[i]! > utf8[widest]!) widest = i;
    let others = 0;
    for (const i of order) if (i !== widest) others = Math.max(others, jsonBytes(ledger, i));
    if (utf8[widest]! + 2 > others) first = widest;
    else jsonBytes(ledger, widest);
    let size = ledger.base;
    let count = 0;
    for (const i of order) size += ledger.wrap[i]! + (i === first ? 0 : json[i]!) + (count++ > 0 ? 1 : 0);
    ledger.measured = true;
    // Without the first text's JSON: the size around it.
    if (first >= 0) shorten(ledger, first, size);
    else ledger.size = size;
  }
  const rest = first < 0 ? order : order.filter((i) => i !== first);
  rest.sort((a, b) => json[b]! - json[a]! || a - b);
  for (const i of rest) {
    if (ledger.size <= ledger.budget) return;
    shorten(ledger, i, ledger.size - json[i]!);
  }
  if (ledger.size > ledger.budget) throw budgetExceeded(ledger);
}

/** Replaces retained item `i`'s text by its largest cut that fits, or by `""`; `without` is the object's size without its text. */
function shorten(ledger: Ledger, i: number, without: number): void {
  const cut = largestCut(ledger.capture.messages[i]!.text, ledger.utf8[i]!, ledger.budget - without - 2);
  ledger.replaced[i] = cut?.text ?? '';
  ledger.size = without + 2 + (cut?.contentBytes ?? 0);
  ledger.omittedBytes += cut?.omittedBytes ?? ledger.utf8[i]!;
}

function budgetExceeded(ledger: Ledger): SessionReferenceError {
  return new SessionReferenceError(
    `session ${tagSafeStringify(ledger.capture.sessionId)} does not fit its reference budget of ${ledger.budget} bytes: ` +
      `its smallest possible preview takes ${ledger.minimal} bytes`,
    SessionReferenceErrorCode.BUDGET_EXCEEDED,
  );
}

function closeLedger(ledger: Ledger): RetentionResult {
  const { capture, retained, replaced } = ledger;
  const conversation: ReferencedConversationItem[] = [];
  let compacted = false;
  for (let i = 0; i < capture.messages.length; i++) {
    const m = capture.messages[i]!;
    if (m.checkpoint) compacted = true;
    if (retained[i]) conversation.push({ role: m.role, text: replaced[i] ?? m.text });
  }
  const preview: ReferencePreview = {
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation,
  };
  return {
    preview,
    stats: {
      compacted,
      originalMessages: capture.messages.length,
      retainedMessages: ledger.retainedMessages,
      omittedMessages: ledger.omittedMessages,
      omittedBytes: ledger.omittedBytes,
      truncated: ledger.omittedMessages > 0 || ledger.omittedBytes > 0,
    },
    size: ledger.size,
  };
}

const USER_WRAPPER_BYTES = tagSafeByteLength({ role: 'user', text: '' }) - 2;
const ASSISTANT_WRAPPER_BYTES = tagSafeByteLength({ role: 'assistant', text: '' }) - 2;
/** JSON bytes of the marker without its number and without quotes. */
const MARKER_FIXED_BYTES = tagSafeByteLength(omissionMarker(0)) - 2 - 1;
/** A head (tail) trimmed to a code-point boundary keeps more than its allowance less one code point: 3 bytes each. */
const TRIM_SLACK = 6;

function wrapperBytes(m: ProjectedMessage): number {
  return m.role === 'assistant' ? ASSISTANT_WRAPPER_BYTES : USER_WRAPPER_BYTES;
}

function decimalDigits(value: number): number {
  return String(value).length;
}

/** A head-and-tail cut of a text and its sizes. */
interface Cut {
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
    let units = 1;
    if (fromEnd) {
      cp = text.charCodeAt(pos - 1);
      if ((cp & 0xfc00) === 0xdc00 && pos >= 2) {
        const high = text.charCodeAt(pos - 2);
        if ((high & 0xfc00) === 0xd800) {
          cp = 0x10000 + ((high - 0xd800) << 10) + (cp - 0xdc00);
          units = 2;
        }
      }
    } else {
      cp = text.codePointAt(pos)!;
      if (cp > 0xffff) units = 2;
    }
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
    if (edge.utf8[mid]! <= maxBytes) lo = mid;
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
  const keptJson = head.json[headCount]! + tail.json[tailCount]!;
  const omittedBytes = textBytes - head.utf8[headCount]! - tail.utf8[tailCount]!;
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
function largestCut(text: string, textBytes: number, room: number): Cut | undefined {
  if (textBytes === 0 || MARKER_FIXED_BYTES + decimalDigits(textBytes) > room) return undefined;
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

function invalidCapture(why: string): SessionReferenceError {
  return new SessionReferenceError(`invalid source capture: ${why}`, SessionReferenceErrorCode.INVALID_REFERENCE);
}

/** Rejects a capture that is not the plain shape retention works on, before any work. */
function assertCapture(capture: SourceCapture): void {
  if (capture === null || typeof capture !== 'object') throw invalidCapture('not an object');
  const { sessionId, label, cwd, capturedThroughSeq, messages } = capture;
  if (typeof sessionId !== 'string') throw invalidCapture('sessionId is not a string');
  if (typeof label !== 'string') throw invalidCapture(`label of session ${quoteText(sessionId)} is not a string`);
  if (cwd !== null && typeof cwd !== 'string') throw invalidCapture(`cwd of session ${quoteText(sessionId)} is neither a string nor null`);
  if (capturedThroughSeq !== null && !(Number.isSafeInteger(capturedThroughSeq) && capturedThroughSeq >= 0)) {
    throw invalidCapture(`capturedThroughSeq of session ${quoteText(sessionId)} is neither a non-negative integer nor null`);
  }
  if (!Array.isArray(messages)) throw invalidCapture(`messages of session ${quoteText(sessionId)} is not an array`);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as Partial<ProjectedMessage> | null | undefined;
    if (m === null || typeof m !== 'object' || (m.role !== 'user' && m.role !== 'assistant') || typeof m.text !== 'string') {
      throw invalidCapture(`message ${i} of session ${quoteText(sessionId)} is not {role: 'user'|'assistant', text: string}`);
    }
  }
}
