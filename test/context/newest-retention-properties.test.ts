/** Newest-first retention against its reference model on generated sources: result for result, every invariant kept, the largest cut found, and every retention path reached. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retainReference } from '../../src/context/retention.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import { checkInvariants, expectSameOutcome, MARKER_PATTERN, outcomeKinds, run } from '../support/retention-checks.ts';
import {
  budgetFor,
  bytes,
  captureArb,
  jsonSize,
  minimalSize,
  nastyString,
  nastyUnit,
  previewOf,
  source,
} from '../support/retention-inputs.ts';
import { cutText, naiveCut, naiveRetain } from '../support/retention-model.ts';

describe('retainReference: properties', () => {
  it('matches the naive model and keeps every invariant (many messages)', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(captureArb(6, 90), fc.integer({ min: 0, max: 1000 }), (capture, permille) => {
        const budget = budgetFor(capture, permille);
        const expected = run(() => naiveRetain(capture, budget));
        const actual = run(() => retainReference(capture, budget));
        expectSameOutcome(actual, expected);
        if (!(actual instanceof SessionReferenceError)) checkInvariants(capture, budget, actual);
        for (const kind of outcomeKinds(actual)) seen.set(kind, (seen.get(kind) ?? 0) + 1);
      }),
      { numRuns: 1000 },
    );
    for (const kind of ['fail', 'untouched', 'dropped', 'refilled', 'cut', 'emptied']) {
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(20);
    }
  });

  it('finds the largest R for a single message (brute force over every R)', () => {
    fc.assert(
      fc.property(nastyString(80), fc.integer({ min: 0, max: 1000 }), (text, permille) => {
        const capture = source([{ text }]);
        const budget = budgetFor(capture, permille);
        const actual = run(() => retainReference(capture, budget));
        expectSameOutcome(
          actual,
          run(() => naiveRetain(capture, budget)),
        );
        if (actual instanceof SessionReferenceError) return;
        checkInvariants(capture, budget, actual);
        const kept = actual.preview.conversation[0]!.text;
        if (kept === text || kept === '') return;
        const base = jsonSize({ ...actual.preview, conversation: [{ role: 'user', text: '' }] }) - 2;
        let best = -1;
        for (let r = 0; r < bytes(text); r++) if (base + jsonSize(naiveCut(text, r).text) <= budget) best = r;
        expect(best).toBeGreaterThanOrEqual(0);
        expect(kept).toBe(naiveCut(text, best).text);
      }),
      { numRuns: 1000 },
    );
  });

  it('a cut never gets smaller as R grows, even where N loses a digit (why one binary search finds the largest R)', () => {
    fc.assert(
      fc.property(fc.string({ unit: nastyUnit, maxLength: 400 }), (text) => {
        let previous = -1;
        for (let r = 0; r < bytes(text); r++) {
          const size = jsonSize(cutText(text, r).text);
          expect(size).toBeGreaterThanOrEqual(previous);
          previous = size;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds the largest R where N goes from four digits to three (brute force over every R)', () => {
    const text = 'x<界'.repeat(150) + 'y'.repeat(300);
    const capture = source([{ text }]);
    const base = jsonSize(previewOf(capture, [{ role: 'user', text: '' }])) - 2;
    const cuts = Array.from({ length: bytes(text) }, (_, r) => cutText(text, r));
    const sizes = cuts.map((cut) => base + jsonSize(cut.text));
    const digits = new Set<number>();
    for (let budget = sizes[0]!; budget < sizes[0]! + 130; budget++) {
      const best = sizes.findLastIndex((size) => size <= budget);
      const actual = retainReference(capture, budget);
      expect(actual.preview.conversation).toEqual([{ role: 'user', text: cuts[best]!.text }]);
      expect(actual.stats.omittedBytes).toBe(cuts[best]!.omittedBytes);
      expect(actual.size).toBe(sizes[best]);
      digits.add(String(cuts[best]!.omittedBytes).length);
    }
    expect([...digits].sort()).toEqual([3, 4]);
  });

  it('holds its invariants on larger random sources', () => {
    fc.assert(
      fc.property(captureArb(40, 200), fc.integer({ min: 0, max: 1000 }), (capture, permille) => {
        const budget = budgetFor(capture, permille);
        const actual = run(() => retainReference(capture, budget));
        if (actual instanceof SessionReferenceError) {
          expect(minimalSize(capture)).toBeGreaterThan(budget);
          return;
        }
        checkInvariants(capture, budget, actual);
      }),
      { numRuns: 1000 },
    );
  });

  it('matches the naive model on long histories where most old messages are dropped', () => {
    // Many short messages with checkpoints scattered among them and budgets small relative to the
    // total: step 1 drops most of the history, keeping the checkpoints, the newest message and a
    // recent run; step 2 may refill the newest dropped one; step 3 may cut the mandatory ones.
    const longHistory = fc.record({
      sessionId: nastyString(4),
      label: nastyString(4),
      cwd: fc.option(nastyString(4), { nil: null }),
      capturedThroughSeq: fc.option(fc.nat(100000), { nil: null }),
      capturedFormatVersion: fc.nat(3),
      messages: fc.array(
        fc.record({
          role: fc.constantFrom<'user' | 'assistant'>('user', 'assistant'),
          text: fc.oneof(
            { weight: 3, arbitrary: nastyString(12) },
            { weight: 2, arbitrary: fc.string({ unit: nastyUnit, minLength: 30, maxLength: 80 }) },
          ),
          checkpoint: fc.integer({ min: 0, max: 7 }).map((x) => x === 0),
        }),
        { minLength: 20, maxLength: 50 },
      ),
    });
    let manyDropped = 0;
    let checkpointAmongDropped = 0;
    let refilled = 0;
    fc.assert(
      fc.property(longHistory, fc.integer({ min: 0, max: 300 }), (capture, permille) => {
        const budget = budgetFor(capture, permille);
        const expected = run(() => naiveRetain(capture, budget));
        const actual = run(() => retainReference(capture, budget));
        expectSameOutcome(actual, expected);
        if (actual instanceof SessionReferenceError) return;
        checkInvariants(capture, budget, actual);
        const stats = actual.stats;
        if (stats.omittedMessages >= 10) manyDropped++;
        // Step 3 only runs once every droppable message is gone, so a cut next to a kept droppable one is a refill.
        const mandatory = capture.messages.filter((m, i) => m.checkpoint || i === capture.messages.length - 1).length;
        const cut = actual.preview.conversation.some((m) => MARKER_PATTERN.test(m.text));
        if (stats.omittedMessages > 0 && stats.retainedMessages > mandatory && cut) refilled++;
        // Drops go oldest first, so more drops than messages before the first checkpoint means
        // dropped messages on both sides of a checkpoint, which stays.
        const firstCheckpoint = capture.messages.findIndex((m) => m.checkpoint);
        if (firstCheckpoint >= 1 && stats.omittedMessages > firstCheckpoint) checkpointAmongDropped++;
      }),
      { numRuns: 250, seed: 1 },
    );
    expect(manyDropped).toBeGreaterThanOrEqual(100);
    expect(checkpointAmongDropped).toBeGreaterThanOrEqual(50);
    expect(refilled).toBeGreaterThanOrEqual(10);
  });
});
