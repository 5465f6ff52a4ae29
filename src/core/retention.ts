/** Per-source retention under a byte budget (SPEC §4.3–§4.5): drop, refill, cut — all on running byte counts. */
import { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
import { Buffer } from 'node:buffer';
import {
  jsonByteLengthWithUtf8,
  jsonCodePointBytes,
  measureString,
  tagSafeByteLength,
  tagSafeStringify,
  utf8CodePointBytes,
} from './tag-safe-json.ts';
import type { ReferencedConversationItem, ProjectedMessage, ReferencePreview, RetentionResult, SourceCapture } from './types.ts';

/** The marker that ends a cut text: `\n[… omitted N UTF-8 bytes …]` (SPEC §4.4). */
export function omissionMarker(omittedBytes: number): string {
  return `\n[\u2026 omitted ${omittedBytes} UTF-8 bytes \u2026]`;
}

/** A head+tail cut of a text (SPEC §4.4). */
export interface TextCut {
  /** `head + tail + omissionMarker(omittedBytes)`, or the original text when nothing is cut. */
  text: string;
  /** Exact prefix of the original, at most ⌈R/2⌉ UTF-8 bytes. */
  head: string;
  /** Exact suffix of the original, at most ⌊R/2⌋ UTF-8 bytes. */
  tail: string;
  /** Original UTF-8 bytes not kept. */
  omittedBytes: number;
}

/**
 * Cuts `text` with byte allowance `allowance` (R): the longest code-point-aligned prefix of at most
 * ⌈R/2⌉ UTF-8 bytes, the longest suffix of at most ⌊R/2⌋, then the omission marker. When R reaches
 * the text's UTF-8 length nothing is cut and the text comes back unchanged. Linear reference form;
 * retention itself searches R on prefix sums.
 */
export function cutText(text: string, allowance: number): TextCut {
  if (!Number.isSafeInteger(allowance) || allowance < 0) {
    throw new SessionReferenceError(`invalid cut allowance ${String(allowance)}`, SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  const units = codePointUnits(text);
  let total = 0;
  for (const u of units) total += u.utf8;
  if (allowance >= total) return { text, head: text, tail: '', omittedBytes: 0 };
  const headBudget = Math.ceil(allowance / 2);
  const tailBudget = Math.floor(allowance / 2);
  let headBytes = 0;
  let headUnits = 0;
  for (const u of units) {
    if (headBytes + u.utf8 > headBudget) break;
    headBytes += u.utf8;
    headUnits += u.length;
  }
  let tailBytes = 0;
  let tailUnits = 0;
  for (let k = units.length - 1; k >= 0; k--) {
    const u = units[k]!;
    if (tailBytes + u.utf8 > tailBudget) break;
    tailBytes += u.utf8;
    tailUnits += u.length;
  }
  const head = text.slice(0, headUnits);
  const tail = text.slice(text.length - tailUnits);
  const omittedBytes = total - headBytes - tailBytes;
  return { text: head + tail + omissionMarker(omittedBytes), head, tail, omittedBytes };
}

function codePointUnits(text: string): { length: number; utf8: number }[] {
  const out: { length: number; utf8: number }[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const length = cp > 0xffff ? 2 : 1;
    out.push({ length, utf8: utf8CodePointBytes(cp) });
    i += length;
  }
  return out;
}

/**
 * Retains one source under `budget` bytes of tag-safe JSON (SPEC §4.3); throws BUDGET_EXCEEDED when it cannot fit.
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
  /** JSON bytes of each text, quotes included; -1 while not measured. */
  const json = new Float64Array(n).fill(-1);
  const wrap = new Float64Array(n);
  /** 1 for a kept item; starts as the mandatory ones: the checkpoints and the newest item. */
  const retained = new Uint8Array(n);
  let minimal = base;
  let mandatory = 0;
  /** Lower bound of the object with only the mandatory items, uncut (JSON ≥ UTF-8 + 2 per text). */
  let mandatoryLow = base;
  for (let i = 0; i < n; i++) {
    const m = messages[i]!;
    utf8[i] = Buffer.byteLength(m.text, 'utf8');
    wrap[i] = wrapperBytes(m);
    if (m.checkpoint || i === n - 1) {
      const comma = mandatory > 0 ? 1 : 0;
      minimal += wrap[i]! + 2 + comma;
      mandatoryLow += wrap[i]! + utf8[i]! + 2 + comma;
      mandatory++;
      retained[i] = 1;
    }
  }
  if (minimal > budget) {
    throw new SessionReferenceError(
      `session ${tagSafeStringify(capture.sessionId)} does not fit its reference budget of ${budget} bytes: ` +
        `its smallest possible preview takes ${minimal} bytes`,
      SessionReferenceErrorCode.BUDGET_EXCEEDED,
    );
  }
  const measure = (i: number): number => {
    if (json[i]! < 0) json[i] = jsonByteLengthWithUtf8(messages[i]!.text, utf8[i]!);
    return json[i]!;
  };

  // Step 1. The kept set is the mandatory items plus the longest most recent run of droppable
  // items that fits; the droppable item where the run stops is the newest dropped one.
  const replaced: (string | undefined)[] = new Array<string | undefined>(n);
  let retainedCount = mandatory;
  let omittedMessages = 0;
  let omittedBytes = 0;
  /** Exact size while every mandatory text is measured; otherwise the lower bound `mandatoryLow` (> budget). */
  let size = mandatoryLow;
  const mandatoryMeasured = mandatoryLow <= budget;
  if (mandatoryMeasured) {
    size = base;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (retained[i]) size += wrap[i]! + measure(i) + (count++ > 0 ? 1 : 0);
    }
  }
  let lastDropped = -1;
  for (let i = n - 2; i >= 0; i--) {
    if (retained[i]) continue;
    if (lastDropped < 0) {
      const added = wrap[i]! + 1;
      if (size + added + utf8[i]! + 2 <= budget && size + added + measure(i) <= budget) {
        retained[i] = 1;
        retainedCount++;
        size += added + json[i]!;
        continue;
      }
      lastDropped = i;
    }
    omittedMessages++;
    omittedBytes += utf8[i]!;
  }

  // Step 2. Refill the newest dropped message with its largest cut, when that is worth it.
  if (lastDropped >= 0 && size <= budget) {
    const i = lastDropped;
    const text = messages[i]!.text;
    const plan = largestCut(text, utf8[i]!, budget - size - 1 - wrap[i]! - 2);
    if (plan !== undefined) {
      const added = 1 + wrap[i]! + 2 + plan.contentBytes;
      if (2 * plan.keptJsonBytes >= added) {
        retained[i] = 1;
        retainedCount++;
        replaced[i] = plan.text;
        size += added;
        omittedMessages--;
        omittedBytes += plan.omittedBytes - utf8[i]!;
      }
    }
  }

  /** Cuts (or empties) retained item `i` to fit, `without` being the object's size without its text; returns the omitted bytes. */
  function shorten(i: number, without: number): number {
    const plan = largestCut(messages[i]!.text, utf8[i]!, budget - without - 2);
    if (plan !== undefined) {
      replaced[i] = plan.text;
      size = without + 2 + plan.contentBytes;
      return plan.omittedBytes;
    }
    replaced[i] = '';
    size = without + 2;
    return utf8[i]!;
  }

  // Step 3. Still over budget: only the mandatory items are retained here (any droppable one
  // would have been dropped first). Shorten the most expensive texts first.
  if (size > budget) {
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (retained[i]) order.push(i);
    // When the mandatory texts were not measured, the one with the largest lower bound comes first
    // without measuring it if that bound beats every other text's exact size: it is certainly cut
    // first, and the sizes around it are exact.
    let first = -1;
    if (!mandatoryMeasured) {
      let widest = order[0]!;
      for (const i of order) if (utf8[i]! > utf8[widest]!) widest = i;
      let others = 0;
      for (const i of order) if (i !== widest) others = Math.max(others, measure(i));
      if (utf8[widest]! + 2 > others) first = widest;
      else measure(widest);
      size = base;
      let count = 0;
      for (const i of order) size += wrap[i]! + (i === first ? 0 : json[i]!) + (count++ > 0 ? 1 : 0);
    }
    const rest = first < 0 ? order : order.filter((i) => i !== first);
    rest.sort((a, b) => json[b]! - json[a]! || a - b);
    if (first >= 0) {
      // `size` lacks the first text's JSON, so it is the size without that text.
      omittedBytes += shorten(first, size);
    }
    for (const i of rest) {
      if (size <= budget) break;
      omittedBytes += shorten(i, size - json[i]!);
    }
    if (size > budget) {
      throw new SessionReferenceError(
        `session ${tagSafeStringify(capture.sessionId)} does not fit its reference budget of ${budget} bytes: ` +
          `its smallest possible preview takes ${minimal} bytes`,
        SessionReferenceErrorCode.BUDGET_EXCEEDED,
      );
    }
  }

  const conversation: ReferencedConversationItem[] = [];
  let compacted = false;
  for (let i = 0; i < n; i++) {
    const m = messages[i]!;
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
      originalMessages: n,
      retainedMessages: retainedCount,
      omittedMessages,
      omittedBytes,
      truncated: omittedMessages > 0 || omittedBytes > 0,
    },
    size,
  };
}

const USER_WRAPPER_BYTES = tagSafeByteLength({ role: 'user', text: '' }) - 2;
const ASSISTANT_WRAPPER_BYTES = tagSafeByteLength({ role: 'assistant', text: '' }) - 2;
/** JSON bytes of the marker without its number and without quotes. */
const MARKER_FIXED_BYTES = measureString(omissionMarker(0)).jsonBytes - 2 - 1;
/** Joining a lone high surrogate (head end) to a lone low one (tail start) makes a pair: 6 + 6 escaped → 4 bytes. */
const PAIR_JOIN_SAVING = 8;

function wrapperBytes(m: ProjectedMessage): number {
  return m.role === 'assistant' ? ASSISTANT_WRAPPER_BYTES : USER_WRAPPER_BYTES;
}

function decimalDigits(value: number): number {
  return String(value).length;
}

interface CutPlan {
  text: string;
  omittedBytes: number;
  keptJsonBytes: number;
  contentBytes: number;
}

/**
 * Per-code-point prefix sums along one edge of a text (the start for a head, the end for a tail),
 * covering only the code points within `maxBytes` UTF-8 bytes of that edge.
 */
interface Edge {
  count: number;
  utf8: Uint32Array;
  json: Uint32Array;
  offset: Uint32Array;
  loneAtEdge: Uint8Array;
}

function buildEdge(text: string, maxBytes: number, fromEnd: boolean): Edge {
  const capacity = Math.min(text.length, maxBytes) + 1;
  const utf8 = new Uint32Array(capacity);
  const json = new Uint32Array(capacity);
  const offset = new Uint32Array(capacity);
  const loneAtEdge = new Uint8Array(capacity);
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
    loneAtEdge[count] = fromEnd ? Number(cp >= 0xdc00 && cp <= 0xdfff) : Number(cp >= 0xd800 && cp <= 0xdbff);
  }
  return { count, utf8, json, offset, loneAtEdge };
}

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

interface Probe {
  headCount: number;
  tailCount: number;
  rawJson: number;
  keptJson: number;
}

function probe(head: Edge, tail: Edge, allowance: number): Probe {
  const headCount = countWithin(head, (allowance + 1) >>> 1);
  const tailCount = countWithin(tail, allowance >>> 1);
  const rawJson = head.json[headCount]! + tail.json[tailCount]!;
  const paired = headCount > 0 && tailCount > 0 && head.loneAtEdge[headCount] === 1 && tail.loneAtEdge[tailCount] === 1;
  return { headCount, tailCount, rawJson, keptJson: paired ? rawJson - PAIR_JOIN_SAVING : rawJson };
}

/**
 * Largest R in [0, maxAllowance] whose kept head+tail costs at most `cap` JSON bytes, or -1.
 * The raw (unjoined) cost is monotone in R and exceeds the joined cost by at most PAIR_JOIN_SAVING,
 * so a binary search on `raw ≤ cap + saving` bounds the answer and a short downward scan settles it.
 */
function largestAllowanceWithin(head: Edge, tail: Edge, cap: number, maxAllowance: number): { allowance: number; probe: Probe } | undefined {
  let lo = 0;
  let hi = maxAllowance;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (probe(head, tail, mid).rawJson <= cap + PAIR_JOIN_SAVING) lo = mid;
    else hi = mid - 1;
  }
  for (let r = lo; r >= 0; r--) {
    const p = probe(head, tail, r);
    if (p.keptJson <= cap) return { allowance: r, probe: p };
  }
  return undefined;
}

/**
 * The cut with the largest R whose JSON content (escaped head+tail+marker, no quotes) fits in `room`
 * bytes, or undefined when no cut fits. Size is monotone in R within each band of equal digit count
 * of N, and N falls as R grows, so the first band (fewest digits) whose best R really lands in it wins.
 */
function largestCut(text: string, textBytes: number, room: number): CutPlan | undefined {
  if (textBytes === 0) return undefined;
  const widestCap = room - MARKER_FIXED_BYTES - 1;
  if (widestCap < 0) return undefined;
  const maxAllowance = Math.min(textBytes - 1, widestCap + PAIR_JOIN_SAVING);
  const head = buildEdge(text, (maxAllowance + 1) >>> 1, false);
  const tail = buildEdge(text, maxAllowance >>> 1, true);
  const maxDigits = decimalDigits(textBytes);
  for (let digits = 1; digits <= maxDigits; digits++) {
    const cap = room - MARKER_FIXED_BYTES - digits;
    if (cap < 0) return undefined;
    const found = largestAllowanceWithin(head, tail, cap, maxAllowance);
    if (found === undefined) return undefined;
    const p = found.probe;
    const omittedBytes = textBytes - head.utf8[p.headCount]! - tail.utf8[p.tailCount]!;
    if (decimalDigits(omittedBytes) > digits) continue;
    const kept = text.slice(0, head.offset[p.headCount]!) + text.slice(tail.offset[p.tailCount]!);
    return {
      text: kept + omissionMarker(omittedBytes),
      omittedBytes,
      keptJsonBytes: p.keptJson,
      contentBytes: p.keptJson + MARKER_FIXED_BYTES + decimalDigits(omittedBytes),
    };
  }
  return undefined;
}

function invalidCapture(why: string): SessionReferenceError {
  return new SessionReferenceError(`invalid source capture: ${why}`, SessionReferenceErrorCode.INVALID_REFERENCE);
}

/** Rejects a capture that is not the plain shape retention works on, before any work. */
function assertCapture(capture: SourceCapture): void {
  if (capture === null || typeof capture !== 'object') throw invalidCapture('not an object');
  const { sessionId, label, cwd, capturedThroughSeq, messages } = capture;
  if (typeof sessionId !== 'string') throw invalidCapture('sessionId is not a string');
  if (typeof label !== 'string') throw invalidCapture(`label of session ${JSON.stringify(sessionId)} is not a string`);
  if (cwd !== null && typeof cwd !== 'string') throw invalidCapture(`cwd of session ${JSON.stringify(sessionId)} is neither a string nor null`);
  if (capturedThroughSeq !== null && !(Number.isSafeInteger(capturedThroughSeq) && capturedThroughSeq >= 0)) {
    throw invalidCapture(`capturedThroughSeq of session ${JSON.stringify(sessionId)} is neither a non-negative integer nor null`);
  }
  if (!Array.isArray(messages)) throw invalidCapture(`messages of session ${JSON.stringify(sessionId)} is not an array`);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as Partial<ProjectedMessage> | null | undefined;
    if (m === null || typeof m !== 'object' || (m.role !== 'user' && m.role !== 'assistant') || typeof m.text !== 'string') {
      throw invalidCapture(`message ${i} of session ${JSON.stringify(sessionId)} is not {role: 'user'|'assistant', text: string}`);
    }
  }
}
