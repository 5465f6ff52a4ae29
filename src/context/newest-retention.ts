/** §4.3 retention, newest first: drop the oldest, refill the newest dropped, cut the largest; the `'newest'` policy. */
import { Buffer } from 'node:buffer';
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { largestCut } from './cut.ts';
import { baseBytes, wrapperBytes } from './item-bytes.ts';
import { jsonByteLengthWithUtf8 } from './tag-safe-json.ts';
import type { ReferencePreview, RetentionResult, SourceCapture } from './shapes.ts';
import type { ReferencedConversationItem } from '../types.ts';

/**
 * Retains one checked source under `budget` bytes of tag-safe JSON by §4.3; throws BUDGET_EXCEEDED
 * when it cannot fit.
 *
 * Only texts that can end up in the preview have their JSON size measured: the checkpoints and the
 * newest message (always kept), and the other messages newest first until the budget is certainly
 * crossed — step 1 keeps exactly the longest run of most recent droppable messages that fits with
 * the mandatory ones. Every older message is certainly dropped and needs only its native UTF-8
 * length for `omittedBytes`. A JSON size is never below the UTF-8 size + 2, which settles most
 * "certainly over" questions without measuring. `utf8`, when given, holds each text's UTF-8 length
 * already measured.
 */
export function retainNewest(capture: SourceCapture, budget: number, utf8?: Float64Array): RetentionResult {
  const ledger = openLedger(capture, budget, utf8);
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
function openLedger(capture: SourceCapture, budget: number, measuredUtf8: Float64Array | undefined): Ledger {
  const messages = capture.messages;
  const n = messages.length;
  const base = baseBytes(capture);
  const utf8 = measuredUtf8 ?? new Float64Array(n);
  const wrap = new Float64Array(n);
  const retained = new Uint8Array(n);
  let minimal = base;
  let lowerBound = base;
  let mandatory = 0;
  for (let i = 0; i < n; i++) {
    const m = messages[i]!;
    if (measuredUtf8 === undefined) utf8[i] = Buffer.byteLength(m.text, 'utf8');
    wrap[i] = wrapperBytes(m.role);
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
    `session ${quoteText(ledger.capture.sessionId)} does not fit its reference budget of ${ledger.budget} bytes: ` +
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
