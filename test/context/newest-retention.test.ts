/** Newest-first retention of one source under its byte budget: the documented vectors, BUDGET_EXCEEDED when even the smallest preview cannot fit, and the order in which texts are dropped, emptied and cut. */
import { describe, expect, it } from 'vitest';
import { retainReference } from '../../src/context/retention.ts';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import { checkInvariants, expectBudgetExceeded, expectSameOutcome, run } from '../support/retention-checks.ts';
import { budgetFor, bytes, jsonSize, source } from '../support/retention-inputs.ts';
import type { MessageSpec } from '../support/retention-inputs.ts';
import { naiveRetain } from '../support/retention-model.ts';

describe('capture validation', () => {
  it.each([
    [null],
    [{ sessionId: 1, label: 's', cwd: null, capturedThroughSeq: null, capturedFormatVersion: 0, messages: [] }],
    [{ sessionId: 's', label: 's', cwd: 5, capturedThroughSeq: null, capturedFormatVersion: 0, messages: [] }],
    [{ sessionId: 's', label: 's', cwd: null, capturedThroughSeq: -1, capturedFormatVersion: 0, messages: [] }],
    [{ sessionId: 's', label: 's', cwd: null, capturedThroughSeq: null, capturedFormatVersion: 0, messages: {} }],
    [
      {
        sessionId: 's',
        label: 's',
        cwd: null,
        capturedThroughSeq: null,
        capturedFormatVersion: 0,
        messages: [{ role: 'system', text: 'x' }],
      },
    ],
    [{ sessionId: 's', label: 's', cwd: null, capturedThroughSeq: null, capturedFormatVersion: 0, messages: [{ role: 'user', text: 7 }] }],
  ])('rejects a malformed capture %j with INVALID_REFERENCE', (capture) => {
    let error: unknown;
    try {
      retainReference(capture as never, 1000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
  });
});

describe('retainReference on the documented vectors', () => {
  it('an empty source costs 94 bytes: 94 fits, 93 fails', () => {
    const empty = source([], { sessionId: 'source', label: 'source' });
    const r = retainReference(empty, 94);
    expect(r.size).toBe(94);
    expect(r.preview).toEqual({ sessionId: 'source', label: 'source', cwd: null, capturedThroughSeq: null, conversation: [] });
    expect(r.stats).toEqual({
      compacted: false,
      originalMessages: 0,
      retainedMessages: 0,
      omittedMessages: 0,
      omittedBytes: 0,
      truncated: false,
    });
    const error = expectBudgetExceeded(() => retainReference(empty, 93));
    expect(error.message).toContain('"source"');
    expect(error.message).toContain('93');
    expect(error.message).toContain('94');
  });

  it('cuts 100 digits at budget 200 with R = 55, the marker where the text was cut', () => {
    const r = retainReference(source([{ text: '0123456789'.repeat(10) }]), 200);
    expect(r.preview.conversation).toEqual([
      {
        role: 'user',
        text: '0123456789012345678901234567' + '\n[… omitted 45 UTF-8 bytes …]\n' + '345678901234567890123456789',
      },
    ]);
    expect(r.size).toBe(200);
    expect(bytes(tagSafeStringify(r.preview))).toBe(200);
    expect(r.stats).toMatchObject({ retainedMessages: 1, omittedMessages: 0, omittedBytes: 45, truncated: true });
  });

  it('empties 300 emoji at budget 140', () => {
    const r = retainReference(source([{ text: '😀'.repeat(300) }], { capturedThroughSeq: 1 }), 140);
    expect(r.preview.conversation).toEqual([{ role: 'user', text: '' }]);
    expect(r.stats).toEqual({
      compacted: false,
      originalMessages: 1,
      retainedMessages: 1,
      omittedMessages: 0,
      omittedBytes: 1200,
      truncated: true,
    });
    expect(r.size).toBe(bytes(tagSafeStringify(r.preview)));
  });

  const oldAndNew = source([{ text: 'old ' + '界'.repeat(300) }, { text: 'new fact' }]);

  it('keeps only the new fact at budget 180: the room is not worth a cut', () => {
    const r = retainReference(oldAndNew, 180);
    expect(r.preview.conversation).toEqual([{ role: 'user', text: 'new fact' }]);
    expect(r.stats).toMatchObject({ retainedMessages: 1, omittedMessages: 1, omittedBytes: 904, truncated: true });
  });

  it('brings the old message back as a cut at budget 400', () => {
    const r = retainReference(oldAndNew, 400);
    expect(r.preview.conversation).toHaveLength(2);
    const first = r.preview.conversation[0]!.text;
    expect(first).toBe('old ' + '界'.repeat(35) + '\n[… omitted 684 UTF-8 bytes …]\n' + '界'.repeat(37));
    expect(first.startsWith('old 界')).toBe(true);
    expect(r.preview.conversation[1]).toEqual({ role: 'user', text: 'new fact' });
    expect(r.stats).toMatchObject({ retainedMessages: 2, omittedMessages: 0, omittedBytes: 684, truncated: true });
    expect(r.size).toBe(400);
    expect(bytes(tagSafeStringify(r.preview))).toBe(400);
  });

  it('keeps the checkpoint and the newest message at budget 150', () => {
    const capture = source(
      [{ text: 'cp summary', checkpoint: true }, { text: 'a'.repeat(50) }, { text: 'b'.repeat(50), role: 'assistant' }, { text: 'latest' }],
      { cwd: '/w', capturedThroughSeq: 3 },
    );
    const r = retainReference(capture, 150);
    expect(r.preview).toEqual({
      sessionId: 's',
      label: 's',
      cwd: '/w',
      capturedThroughSeq: 3,
      conversation: [
        { role: 'user', text: 'cp summary' },
        { role: 'user', text: 'latest' },
      ],
    });
    expect(r.size).toBe(148);
    expect(r.stats).toEqual({
      compacted: true,
      originalMessages: 4,
      retainedMessages: 2,
      omittedMessages: 2,
      omittedBytes: 100,
      truncated: true,
    });
  });
});

describe('retainReference: behaviour', () => {
  it('returns everything untouched when it fits', () => {
    const capture = source([{ text: 'hi <b>' }, { text: 'yo', role: 'assistant' }], { cwd: '/x', capturedThroughSeq: 9 });
    const r = retainReference(capture, 10_000);
    expect(r.preview.conversation).toEqual([
      { role: 'user', text: 'hi <b>' },
      { role: 'assistant', text: 'yo' },
    ]);
    expect(r.stats.truncated).toBe(false);
    expect(r.size).toBe(bytes(tagSafeStringify(r.preview)));
  });

  it('fails when checkpoints and the newest message cannot fit even empty', () => {
    const capture = source([{ text: 'x', checkpoint: true }, { text: 'y' }, { text: 'z', checkpoint: true }, { text: 'w' }]);
    const minimal = jsonSize({
      sessionId: 's',
      label: 's',
      cwd: null,
      capturedThroughSeq: null,
      conversation: [
        { role: 'user', text: '' },
        { role: 'user', text: '' },
        { role: 'user', text: '' },
      ],
    });
    expect(retainReference(capture, minimal).size).toBe(minimal);
    const error = expectBudgetExceeded(() => retainReference(capture, minimal - 1));
    expect(error.message).toContain(String(minimal));
  });

  it('empties the largest first, then cuts the next one', () => {
    const capture = source([{ text: '<'.repeat(40), checkpoint: true }, { text: 'plain text '.repeat(5) }]);
    const r = retainReference(capture, 150);
    expect(r).toEqual(naiveRetain(capture, 150));
    expect(r.preview.conversation[0]!.text).toBe('');
  });

  it('keeps a lone high and a lone low surrogate apart across the marker, costing 6 JSON bytes each', () => {
    const capture = source([{ text: '\ud800'.repeat(30) + '\udc00'.repeat(30) }]);
    for (let budget = 100; budget < 500; budget += 3) {
      const expected = run(() => naiveRetain(capture, budget));
      const actual = run(() => retainReference(capture, budget));
      expectSameOutcome(actual, expected);
    }
  });

  it('does not mistake an astral code point for a lone surrogate at the join', () => {
    const capture = source([{ text: 'x'.repeat(20) + '\u{7d800}\ud800<' + '\udc00'.repeat(3) + '\u{1dc00}' + 'y'.repeat(20) }]);
    for (let budget = 100; budget < 200; budget++) {
      expectSameOutcome(
        run(() => retainReference(capture, budget)),
        run(() => naiveRetain(capture, budget)),
      );
    }
  });

  it('rejects a budget that is not a non-negative safe integer', () => {
    expect(() => retainReference(source([]), Number.NaN)).toThrow(SessionReferenceError);
    expect(() => retainReference(source([]), -1)).toThrow(SessionReferenceError);
    expect(() => retainReference(source([]), 1.5)).toThrow(SessionReferenceError);
  });

  it('shortens the costliest mandatory text first, measured or not, with exact ties', () => {
    // Checkpoints and the newest message only, so step 3 starts from them; the item with the most
    // UTF-8 bytes is not always the one with the most JSON bytes (`<` costs 6), and ties go to the earliest.
    const cases: MessageSpec[][] = [
      [{ text: '<'.repeat(20), checkpoint: true }, { text: 'a'.repeat(60) }],
      [{ text: 'a'.repeat(60), checkpoint: true }, { text: 'b'.repeat(60) }],
      [{ text: '<'.repeat(10), checkpoint: true }, { text: 'a'.repeat(60) }],
      [{ text: 'a'.repeat(60), checkpoint: true }, { text: '<'.repeat(8) + 'b'.repeat(20) }],
      [{ text: 'x'.repeat(120), checkpoint: true }, { text: '界'.repeat(20), checkpoint: true }, { text: '\ud800'.repeat(10) }],
      [{ text: 'x'.repeat(60), checkpoint: true }, { text: '界'.repeat(20), checkpoint: true }, { text: '\ud800'.repeat(30) }],
      [{ text: 'p'.repeat(50), checkpoint: true }, { text: 'dropped '.repeat(8) }, { text: '"'.repeat(48) }],
    ];
    for (const messages of cases) {
      const capture = source(messages);
      for (let permille = 0; permille <= 1000; permille += 9) {
        const budget = budgetFor(capture, permille);
        const actual = run(() => retainReference(capture, budget));
        expectSameOutcome(
          actual,
          run(() => naiveRetain(capture, budget)),
        );
        if (!(actual instanceof SessionReferenceError)) checkInvariants(capture, budget, actual);
      }
    }
  });

  // Its speed is measured in bench/retention.bench.ts; here, that the big inputs are handled exactly.
  it('fills the budget on 10k messages and on a 10 MB message', () => {
    const many = source(Array.from({ length: 10_000 }, (_, i) => ({ text: `message ${i} `.repeat(80), checkpoint: i % 1000 === 0 })));
    const r1 = retainReference(many, 65_536);
    const big = source([{ text: 'x<界😀'.repeat(1_000_000) }]);
    const r2 = retainReference(big, 160_000);
    expect(r1.size).toBeLessThanOrEqual(65_536);
    expect(r1.size).toBeGreaterThan(65_536 * 0.99);
    expect(r2.size).toBeLessThanOrEqual(160_000);
    expect(r2.size).toBeGreaterThan(160_000 - 8);
  });
});
