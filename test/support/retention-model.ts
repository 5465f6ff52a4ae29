/**
 * Reference newest-first retention and cut for tests: the rules taken literally, slow on purpose
 * and written apart from src/context/newest-retention.ts and src/context/cut.ts (own marker, own
 * sizing by building the JSON), so retention can be compared with it result for result.
 */
import { Buffer } from 'node:buffer';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import type { ReferencePreview, RetentionResult, SourceCapture } from '../../src/context/prepare-data.ts';
import type { RetentionStats } from '../../src/types.ts';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const jsonSize = (v: unknown): number => bytes(tagSafeStringify(v));

/** `\n[… omitted N UTF-8 bytes …]\n`, written out here rather than imported. */
export const referenceMarker = (omitted: number): string => `\n[\u2026 omitted ${omitted} UTF-8 bytes \u2026]\n`;

/** A head + marker + tail cut of a text. */
export interface TextCut {
  /** `head + marker + tail`, or the original text when nothing is cut. */
  text: string;
  /** Exact prefix of the original, at most ⌈R/2⌉ UTF-8 bytes. */
  head: string;
  /** Exact suffix of the original, at most ⌊R/2⌋ UTF-8 bytes. */
  tail: string;
  /** Original UTF-8 bytes not kept. */
  omittedBytes: number;
}

/**
 * Cuts `text` with allowance R in one pass over its code points: the longest prefix of at most ⌈R/2⌉
 * UTF-8 bytes, the longest suffix of at most ⌊R/2⌋, the marker between them. When R reaches the
 * text's UTF-8 length nothing is cut and the text comes back unchanged.
 */
export function cutText(text: string, allowance: number): TextCut {
  if (!Number.isSafeInteger(allowance) || allowance < 0) {
    throw new SessionReferenceError(`invalid cut allowance ${String(allowance)}`, SessionReferenceErrorCode.INVALID_REFERENCE);
  }
  const units: { length: number; utf8: number }[] = [];
  for (const cp of text) units.push({ length: cp.length, utf8: bytes(cp) });
  const total = units.reduce((sum, u) => sum + u.utf8, 0);
  if (allowance >= total) return { text, head: text, tail: '', omittedBytes: 0 };
  let headBytes = 0;
  let headUnits = 0;
  for (const u of units) {
    if (headBytes + u.utf8 > Math.ceil(allowance / 2)) break;
    headBytes += u.utf8;
    headUnits += u.length;
  }
  let tailBytes = 0;
  let tailUnits = 0;
  for (let k = units.length - 1; k >= 0; k--) {
    const u = units[k]!;
    if (tailBytes + u.utf8 > Math.floor(allowance / 2)) break;
    tailBytes += u.utf8;
    tailUnits += u.length;
  }
  const head = text.slice(0, headUnits);
  const tail = text.slice(text.length - tailUnits);
  const omittedBytes = total - headBytes - tailBytes;
  return { text: head + referenceMarker(omittedBytes) + tail, head, tail, omittedBytes };
}

/** An independent cut by string building: the longest code-point prefix/suffix within ⌈R/2⌉ / ⌊R/2⌋ UTF-8 bytes. */
export function naiveCut(text: string, r: number): { text: string; head: string; tail: string; omitted: number } {
  const cps = Array.from(text);
  let head = '';
  for (const cp of cps) {
    if (bytes(head + cp) > Math.ceil(r / 2)) break;
    head += cp;
  }
  let tail = '';
  for (let k = cps.length - 1; k >= 0; k--) {
    if (bytes(cps[k]!) + bytes(tail) > Math.floor(r / 2)) break;
    tail = cps[k]! + tail;
  }
  const omitted = bytes(text) - bytes(head) - bytes(tail);
  return { text: head + referenceMarker(omitted) + tail, head, tail, omitted };
}

interface Entry {
  index: number;
  role: 'user' | 'assistant';
  text: string;
  checkpoint: boolean;
}

/** Newest-first retention taken literally: re-serialises the whole object at every step and tries every R. */
export function naiveRetain(capture: SourceCapture, budget: number): RetentionResult {
  const n = capture.messages.length;
  const build = (entries: Entry[]): ReferencePreview => ({
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation: entries.map((e) => ({ role: e.role, text: e.text })),
  });
  const size = (entries: Entry[]): number => jsonSize(build(entries));
  let entries: Entry[] = capture.messages.map((m, index) => ({ index, role: m.role, text: m.text, checkpoint: m.checkpoint }));
  let omittedMessages = 0;
  let omittedBytes = 0;
  let lastDropped: Entry | undefined;
  while (size(entries) > budget) {
    const k = entries.findIndex((e) => !e.checkpoint && e.index !== n - 1);
    if (k < 0) break;
    lastDropped = entries[k]!;
    entries.splice(k, 1);
    omittedMessages++;
    omittedBytes += bytes(lastDropped.text);
  }
  if (lastDropped !== undefined && size(entries) <= budget) {
    const d = lastDropped;
    const without = size(entries);
    const at = entries.findIndex((e) => e.index > d.index);
    for (let r = bytes(d.text) - 1; r >= 0; r--) {
      const cut = naiveCut(d.text, r);
      const candidate = [...entries.slice(0, at), { ...d, text: cut.text }, ...entries.slice(at)];
      const s = size(candidate);
      if (s > budget) continue;
      // The serialised kept text: head and tail, each escaped on its own, without quotes or marker.
      const keptJson = jsonSize(cut.head) - 2 + jsonSize(cut.tail) - 2;
      if (2 * keptJson >= s - without) {
        entries = candidate;
        omittedMessages--;
        omittedBytes += cut.omitted - bytes(d.text);
      }
      break;
    }
  }
  while (size(entries) > budget) {
    let best = -1;
    let bestCost = -1;
    entries.forEach((e, k) => {
      const cost = jsonSize(e.text);
      if (cost > bestCost) {
        best = k;
        bestCost = cost;
      }
    });
    if (best < 0 || entries[best]!.text === '') {
      throw new SessionReferenceError('naive: does not fit', SessionReferenceErrorCode.BUDGET_EXCEEDED);
    }
    const e = entries[best]!;
    let cutFits = false;
    for (let r = bytes(e.text) - 1; r >= 0 && !cutFits; r--) {
      const cut = naiveCut(e.text, r);
      const candidate = entries.map((x) => (x === e ? { ...x, text: cut.text } : x));
      if (size(candidate) <= budget) {
        entries = candidate;
        omittedBytes += cut.omitted;
        cutFits = true;
      }
    }
    if (!cutFits) {
      omittedBytes += bytes(e.text);
      entries = entries.map((x) => (x === e ? { ...x, text: '' } : x));
    }
  }
  const stats: RetentionStats = {
    compacted: capture.messages.some((m) => m.checkpoint),
    originalMessages: n,
    retainedMessages: entries.length,
    omittedMessages,
    omittedBytes,
    truncated: omittedMessages > 0 || omittedBytes > 0,
  };
  return { preview: build(entries), stats, size: size(entries) };
}
