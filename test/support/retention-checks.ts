/** Assertions on a retention result: the typed BUDGET_EXCEEDED, the same outcome as the reference model, the paths it took, and every invariant a successful one keeps. */
import { expect } from 'vitest';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';
import type { RetentionResult, SourceCapture } from '../../src/context/prepare-data.ts';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import { omittedByCut } from './cut-check.ts';
import { bytes } from './retention-inputs.ts';

/** Expects `fn` to throw BUDGET_EXCEEDED and returns the error. */
export function expectBudgetExceeded(fn: () => unknown): SessionReferenceError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe(SessionReferenceErrorCode.BUDGET_EXCEEDED);
    return error as SessionReferenceError;
  }
  throw new Error('expected BUDGET_EXCEEDED');
}

/** Any omission marker, wherever it stands. */
export const MARKER_PATTERN = /\n\[\u2026 omitted (\d+) UTF-8 bytes \u2026\]\n/;

/** When `text` is a valid cut of `original`, its omitted byte count; else undefined. */
export function cutOmission(original: string, text: string): number | undefined {
  const omitted = omittedByCut(text, original);
  return typeof omitted === 'number' && MARKER_PATTERN.test(text) ? omitted : undefined;
}

/** The result of `fn`, or the SessionReferenceError it threw. */
export function run<T>(fn: () => T): T | SessionReferenceError {
  try {
    return fn();
  } catch (error) {
    if (error instanceof SessionReferenceError) return error;
    throw error;
  }
}

/** Same result, or the same BUDGET_EXCEEDED failure (messages differ). */
export function expectSameOutcome(
  actual: RetentionResult | SessionReferenceError,
  expected: RetentionResult | SessionReferenceError,
): void {
  if (expected instanceof SessionReferenceError) {
    expect(actual).toBeInstanceOf(SessionReferenceError);
    expect((actual as SessionReferenceError).code).toBe(expected.code);
  } else expect(actual).toEqual(expected);
}

/** Which retention paths a result went through, to check the generators reach all of them. */
export function outcomeKinds(result: RetentionResult | SessionReferenceError): string[] {
  if (result instanceof SessionReferenceError) return ['fail'];
  const conversation = result.preview.conversation;
  const cuts = conversation.some((m) => MARKER_PATTERN.test(m.text));
  const kinds: string[] = [];
  if (!result.stats.truncated) kinds.push('untouched');
  if (result.stats.omittedMessages > 0) kinds.push(cuts ? 'refilled' : 'dropped');
  else if (cuts) kinds.push('cut');
  if (result.stats.omittedBytes > 0 && conversation.some((m) => m.text === '')) kinds.push('emptied');
  return kinds;
}

/** Invariants that hold for any successful retention, checked without the naive model. */
export function checkInvariants(capture: SourceCapture, budget: number, result: RetentionResult): void {
  const json = tagSafeStringify(result.preview);
  expect(result.size).toBe(bytes(json));
  expect(result.size).toBeLessThanOrEqual(budget);
  expect(json).not.toContain('<');
  expect(JSON.parse(json)).toEqual(result.preview);
  expect(Object.keys(result.preview)).toEqual(['sessionId', 'label', 'cwd', 'capturedThroughSeq', 'conversation']);

  const messages = capture.messages;
  const conversation = result.preview.conversation;
  let cursor = 0;
  let keptBytes = 0;
  for (const entry of conversation) {
    expect(Object.keys(entry)).toEqual(['role', 'text']);
    let found = -1;
    for (; cursor < messages.length; cursor++) {
      const m = messages[cursor]!;
      if (m.role !== entry.role) continue;
      if (m.text === entry.text) {
        found = cursor;
        keptBytes += bytes(m.text);
        break;
      }
      if (entry.text === '') {
        found = cursor;
        break;
      }
      const omitted = cutOmission(m.text, entry.text);
      if (omitted !== undefined) {
        found = cursor;
        keptBytes += bytes(m.text) - omitted;
        break;
      }
    }
    expect(found).toBeGreaterThanOrEqual(0);
    cursor++;
  }
  const totalBytes = messages.reduce((sum, m) => sum + bytes(m.text), 0);
  expect(result.stats.originalMessages).toBe(messages.length);
  expect(result.stats.retainedMessages).toBe(conversation.length);
  expect(result.stats.omittedMessages).toBe(messages.length - conversation.length);
  expect(result.stats.omittedBytes).toBe(totalBytes - keptBytes);
  expect(result.stats.truncated).toBe(result.stats.omittedMessages > 0 || result.stats.omittedBytes > 0);
  expect(result.stats.compacted).toBe(messages.some((m) => m.checkpoint));
  const required = messages.filter((m, i) => m.checkpoint || i === messages.length - 1).length;
  expect(conversation.length).toBeGreaterThanOrEqual(required);
  const newest = messages.at(-1);
  if (newest !== undefined) {
    const last = conversation.at(-1)!;
    expect(last.role).toBe(newest.role);
    expect(last.text === newest.text || last.text === '' || cutOmission(newest.text, last.text) !== undefined).toBe(true);
  }
}
