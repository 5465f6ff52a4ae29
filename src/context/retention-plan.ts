/** The one byte account both retention policies keep for a source: what each item costs, which are kept and as what text, and the result it closes into. */
import { Buffer } from 'node:buffer';
import { baseBytes, messageKeyBytes, wrapperBytes } from './item-bytes.ts';
import { formatOmittedRanges } from './omitted-ranges.ts';
import { jsonByteLengthWithUtf8 } from './tag-safe-json.ts';
import type { ReferencePreview, RetentionResult, SourceCapture } from './shapes.ts';
import type { ReferencedConversationItem } from '../types.ts';
import { itemAt } from './item-at.ts';

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

/** Item `i` whole: its fixed bytes and its text's JSON. */
export function wholeCost(plan: Plan, i: number): number {
  return itemAt(plan.fixed, i) + jsonBytes(plan, i);
}

/** Marks item `i` kept, showing `text` in place of its original when given, `omitted` of its UTF-8 bytes left out; sizes are the caller's. */
export function markKept(plan: Plan, i: number, text?: string, omitted = 0): void {
  if (!plan.kept[i]) plan.count++;
  plan.kept[i] = 1;
  plan.replaced[i] = text;
  plan.cutOmitted[i] = omitted;
}

/** Keeps item `i` (or changes what it keeps) at `cost` bytes, and accounts for it in `size`, its separating comma included. */
export function keep(plan: Plan, i: number, cost: number, text?: string, omitted = 0): void {
  plan.size += plan.kept[i] ? cost - itemAt(plan.cost, i) : cost + (plan.count > 0 ? 1 : 0);
  plan.cost[i] = cost;
  markKept(plan, i, text, omitted);
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
