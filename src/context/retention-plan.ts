/** The one byte account both retention policies keep for a source (what each item costs, which are kept and as what text), the steps they share, and the result it closes into. */
import { Buffer } from 'node:buffer';
import { decimalDigits, largestCut } from './cut.ts';
import type { Cut } from './cut.ts';
import { formatOmittedRanges } from './omitted-ranges.ts';
import { jsonByteLengthWithUtf8, tagSafeByteLength } from './tag-safe-json.ts';
import type { ReferencePreview, RetentionResult, SourceCapture } from './prepare-data.ts';
import type { ReferencedConversationItem } from '../types.ts';
import { itemAt } from './item-at.ts';

const USER_WRAPPER_BYTES = tagSafeByteLength({ role: 'user', text: '' }) - 2;
const ASSISTANT_WRAPPER_BYTES = tagSafeByteLength({ role: 'assistant', text: '' }) - 2;
/** `,"message":` without the number. */
const MESSAGE_KEY_BYTES = tagSafeByteLength({ role: 'user', text: '', message: 0 }) - tagSafeByteLength({ role: 'user', text: '' }) - 1;

/** Tag-safe JSON bytes of a `{role, text}` item without its text's JSON (quotes included) and without a separating comma. */
export function wrapperBytes(role: 'user' | 'assistant'): number {
  return role === 'assistant' ? ASSISTANT_WRAPPER_BYTES : USER_WRAPPER_BYTES;
}

/** Tag-safe JSON bytes an item's `"message"` key adds at 1-based `position`: `,"message":N`. */
export function messageKeyBytes(position: number): number {
  return MESSAGE_KEY_BYTES + decimalDigits(position);
}

/** Tag-safe JSON bytes of the budgeted object of `capture` with an empty conversation. */
export function baseBytes(capture: SourceCapture): number {
  return tagSafeByteLength({
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation: [],
  });
}

/** The running account of one source's retention; every size is in tag-safe JSON bytes of the budgeted object. */
export interface Plan {
  readonly capture: SourceCapture;
  readonly budget: number;
  /** Whether each kept item carries its 1-based `message` position (a truncated focused preview does). */
  readonly positions: boolean;
  /** The object with an empty conversation. */
  readonly base: number;
  /** UTF-8 bytes of each original text. */
  readonly utf8: Float64Array;
  /** JSON bytes of each original text, quotes included; -1 until measured. */
  readonly json: Float64Array;
  /** Each item's bytes besides its text's JSON and a separating comma: the `{role, text}` wrapper, and `,"message":N` with positions. */
  readonly fixed: Float64Array;
  /** 1 for a kept item. */
  readonly kept: Uint8Array;
  /** Each kept item's bytes without a separating comma, when the policy keeps it by {@link keep}. */
  readonly cost: Float64Array;
  /** The text a kept item shows when it is not its original: a cut, or `""`. */
  readonly replaced: (string | undefined)[];
  /** Original UTF-8 bytes a kept item's text leaves out. */
  readonly cutOmitted: Float64Array;
  /** How many items are kept. */
  count: number;
  /** The object with the kept items; a policy may hold a lower bound here until it has measured them. */
  size: number;
}

/** UTF-8 bytes of each text of `capture`. */
export function measureUtf8(capture: SourceCapture): Float64Array {
  const messages = capture.messages;
  const utf8 = new Float64Array(messages.length);
  for (let i = 0; i < messages.length; i++) utf8[i] = Buffer.byteLength(itemAt(messages, i).text, 'utf8');
  return utf8;
}

/** An account of `capture` under `budget` with nothing kept yet; `utf8` holds each text's UTF-8 length already measured. */
export function openPlan(capture: SourceCapture, budget: number, positions: boolean, utf8: Float64Array): Plan {
  const messages = capture.messages;
  const n = messages.length;
  const fixed = new Float64Array(n);
  for (let i = 0; i < n; i++) fixed[i] = wrapperBytes(itemAt(messages, i).role) + (positions ? messageKeyBytes(i + 1) : 0);
  const base = baseBytes(capture);
  return {
    capture,
    budget,
    positions,
    base,
    utf8,
    json: new Float64Array(n).fill(-1),
    fixed,
    kept: new Uint8Array(n),
    cost: new Float64Array(n),
    replaced: new Array<string | undefined>(n),
    cutOmitted: new Float64Array(n),
    count: 0,
    size: base,
  };
}

/** JSON bytes of item `i`'s original text, quotes included, measured once. */
export function jsonBytes(plan: Plan, i: number): number {
  if (itemAt(plan.json, i) < 0) plan.json[i] = jsonByteLengthWithUtf8(itemAt(plan.capture.messages, i).text, itemAt(plan.utf8, i));
  return itemAt(plan.json, i);
}

/** The least item `i` whole can cost: JSON is never below UTF-8 + 2, so this settles most "certainly over" questions unmeasured. */
export function leastWholeCost(plan: Plan, i: number): number {
  return itemAt(plan.fixed, i) + itemAt(plan.utf8, i) + 2;
}

/** Item `i` whole: its fixed bytes and its text's JSON. */
export function wholeCost(plan: Plan, i: number): number {
  return itemAt(plan.fixed, i) + jsonBytes(plan, i);
}

/** The largest cut of item `i` whose item costs at most `maxCost` bytes, or undefined when not even its marker fits. */
export function cutWithin(plan: Plan, i: number, maxCost: number): Cut | undefined {
  return largestCut(itemAt(plan.capture.messages, i).text, itemAt(plan.utf8, i), maxCost - itemAt(plan.fixed, i) - 2);
}

/** Keeps item `i` as `cut`, or with an empty text when there is none. */
export function keepCut(plan: Plan, i: number, cut: Cut | undefined): void {
  keep(plan, i, itemAt(plan.fixed, i) + 2 + (cut?.contentBytes ?? 0), cut?.text ?? '', cut?.omittedBytes ?? itemAt(plan.utf8, i));
}

/**
 * Keeps item `i` (or changes what it keeps) at `cost` bytes, showing `text` in place of its original
 * when given, `omitted` of its UTF-8 bytes left out; accounts for it in `size`, its separating comma included.
 */
export function keep(plan: Plan, i: number, cost: number, text?: string, omitted = 0): void {
  if (plan.kept[i]) plan.size += cost - itemAt(plan.cost, i);
  else plan.size += cost + (plan.count++ > 0 ? 1 : 0);
  plan.kept[i] = 1;
  plan.cost[i] = cost;
  plan.replaced[i] = text;
  plan.cutOmitted[i] = omitted;
}

/** Item `i`'s bytes besides its fixed part: its text's JSON (or its cut's, or `""`), quotes included. */
export function textCost(plan: Plan, i: number): number {
  return itemAt(plan.cost, i) - itemAt(plan.fixed, i);
}

/** Whether item `i` is kept whatever the budget: a checkpoint or the newest message. */
function isMandatory(plan: Plan, i: number): boolean {
  return itemAt(plan.capture.messages, i).checkpoint || i === plan.kept.length - 1;
}

/** The smallest object both policies can make: the checkpoints and the newest item, each with an empty text. */
export function mandatoryBytes(plan: Plan): number {
  let bytes = plan.kept.length > 0 ? plan.base - 1 : plan.base; // n items, n - 1 commas
  for (let i = 0; i < plan.kept.length; i++) if (isMandatory(plan, i)) bytes += itemAt(plan.fixed, i) + 3;
  return bytes;
}

/**
 * Keeps the checkpoints and the newest item whole. When even their UTF-8 sizes are over the budget,
 * the widest text enters at that lower bound (JSON ≥ UTF-8 + 2), unmeasured, and its index is
 * returned for {@link settleWidest}; else -1. A giant text is then cut without being measured whole.
 */
export function keepMandatory(plan: Plan): number {
  let widest = -1;
  let bound = plan.base - 1;
  for (let i = 0; i < plan.kept.length; i++) {
    if (!isMandatory(plan, i)) continue;
    if (widest < 0 || itemAt(plan.utf8, i) > itemAt(plan.utf8, widest)) widest = i;
    bound += 1 + leastWholeCost(plan, i);
  }
  if (bound <= plan.budget) widest = -1;
  for (let i = 0; i < plan.kept.length; i++) {
    if (isMandatory(plan, i)) keep(plan, i, i === widest ? leastWholeCost(plan, i) : wholeCost(plan, i));
  }
  return widest;
}

/** Measures the widest text kept at its lower bound unless that bound already makes it the costliest text, so the first cut. */
export function settleWidest(plan: Plan, widest: number): void {
  if (widest < 0) return;
  let others = 0;
  for (let i = 0; i < plan.kept.length; i++) if (plan.kept[i] && i !== widest) others = Math.max(others, textCost(plan, i));
  if (itemAt(plan.utf8, widest) + 2 <= others) keep(plan, widest, wholeCost(plan, widest));
}

/**
 * While the object is over budget, cuts the kept texts, costliest first (earliest on a tie), each to
 * its largest cut that fits, or to `""`. It then fits whenever {@link mandatoryBytes} does.
 */
export function cutCostliest(plan: Plan): void {
  const order: number[] = [];
  for (let i = 0; i < plan.kept.length; i++) if (plan.kept[i]) order.push(i);
  order.sort((a, b) => textCost(plan, b) - textCost(plan, a) || a - b);
  for (const i of order) {
    if (plan.size <= plan.budget) return;
    keepCut(plan, i, cutWithin(plan, i, plan.budget - plan.size + itemAt(plan.cost, i)));
  }
}

/** The retention result the account describes: the kept items in session order, and the exact counts of what was left out. */
export function closePlan(plan: Plan): RetentionResult {
  const { capture, kept, replaced } = plan;
  const conversation: ReferencedConversationItem[] = [];
  let compacted = false;
  let omittedBytes = 0;
  for (let i = 0; i < capture.messages.length; i++) {
    const m = itemAt(capture.messages, i);
    if (m.checkpoint) compacted = true;
    if (!kept[i]) omittedBytes += itemAt(plan.utf8, i);
    else {
      const text = replaced[i] ?? m.text;
      conversation.push(plan.positions ? { role: m.role, text, message: i + 1 } : { role: m.role, text });
      omittedBytes += itemAt(plan.cutOmitted, i);
    }
  }
  const preview: ReferencePreview = {
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation,
  };
  const omittedMessages = capture.messages.length - conversation.length;
  const omittedRanges = plan.positions ? formatOmittedRanges(kept) : undefined;
  return {
    preview,
    stats: {
      compacted,
      originalMessages: capture.messages.length,
      retainedMessages: conversation.length,
      omittedMessages,
      omittedBytes,
      truncated: omittedMessages > 0 || omittedBytes > 0,
    },
    size: plan.size,
    ...(omittedRanges === undefined ? {} : { omittedRanges }),
  };
}
