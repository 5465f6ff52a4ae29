// Retention (SPEC §4): spec vectors, BUDGET_EXCEEDED, tag-safe sizing, and an exact match against a naive model.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionReferenceError, SessionReferenceErrorCode } from '../src/errors.ts';
import { omissionMarker, retainReference } from '../src/context/retention.ts';
import { jsonByteLengthWithUtf8, tagSafeStringify, utf8CodePointBytes } from '../src/context/tag-safe-json.ts';
import type { ProjectedMessage, RetentionResult, SourceCapture } from '../src/context/shapes.ts';
import { omittedByCut } from './support/cut-check.ts';
import { cutText, naiveCut, naiveRetain } from './support/retention-model.ts';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const jsonSize = (v: unknown): number => bytes(tagSafeStringify(v));

interface MessageSpec {
  text: string;
  role?: 'user' | 'assistant';
  checkpoint?: boolean;
}

function source(messages: MessageSpec[], extra: Partial<SourceCapture> = {}): SourceCapture {
  return {
    sessionId: 's',
    label: 's',
    cwd: null,
    capturedThroughSeq: null,
    capturedFormatVersion: 0,
    messages: messages.map((m) => ({ role: m.role ?? 'user', text: m.text, checkpoint: m.checkpoint ?? false })),
    ...extra,
  };
}

function expectBudgetExceeded(fn: () => unknown): SessionReferenceError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe(SessionReferenceErrorCode.BUDGET_EXCEEDED);
    return error as SessionReferenceError;
  }
  throw new Error('expected BUDGET_EXCEEDED');
}

/** UTF-8 and tag-safe JSON sizes of `s`, the way retention measures them. */
function measure(s: string): { utf8Bytes: number; jsonBytes: number } {
  const utf8Bytes = Buffer.byteLength(s, 'utf8');
  return { utf8Bytes, jsonBytes: jsonByteLengthWithUtf8(s, utf8Bytes) };
}

/** Any omission marker, wherever it stands. */
const MARKER_PATTERN = /\n\[\u2026 omitted (\d+) UTF-8 bytes \u2026\]\n/;

/** When `text` is a valid cut of `original`, its omitted byte count; else undefined. */
function cutOmission(original: string, text: string): number | undefined {
  const omitted = omittedByCut(text, original);
  return typeof omitted === 'number' && MARKER_PATTERN.test(text) ? omitted : undefined;
}

const nastyUnit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', ' ', '0', 'é', '界', '😀', '\u2028', '\u007f') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('<', '</referenced-sessions>', '<referenced-sessions>', '"', '\\', '\n', '\t', '\u0000', '\u001f'),
  },
  { weight: 2, arbitrary: fc.constantFrom('\ud800', '\udc00', '\udbff', '\udfff') },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
);
const nastyString = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: nastyUnit, maxLength });

const messageArb = (maxLength: number): fc.Arbitrary<ProjectedMessage> =>
  fc.record({
    role: fc.constantFrom<'user' | 'assistant'>('user', 'assistant'),
    text: fc.oneof(nastyString(Math.ceil(maxLength / 8)), {
      weight: 2,
      arbitrary: fc.string({ unit: nastyUnit, minLength: Math.floor(maxLength / 3), maxLength }),
    }),
    checkpoint: fc.integer({ min: 0, max: 3 }).map((x) => x === 0),
  });

const captureArb = (maxMessages: number, maxLength: number): fc.Arbitrary<SourceCapture> =>
  fc.record({
    sessionId: nastyString(6),
    label: nastyString(6),
    cwd: fc.option(nastyString(6), { nil: null }),
    capturedThroughSeq: fc.option(fc.nat(100000), { nil: null }),
    capturedFormatVersion: fc.nat(3),
    messages: fc.array(messageArb(maxLength), { maxLength: maxMessages }),
  });

const previewOf = (capture: SourceCapture, conversation: { role: string; text: string }[]): unknown => ({
  sessionId: capture.sessionId,
  label: capture.label,
  cwd: capture.cwd,
  capturedThroughSeq: capture.capturedThroughSeq,
  conversation,
});

/** Size of the smallest preview: checkpoints and the newest message, all emptied. */
function minimalSize(capture: SourceCapture): number {
  const last = capture.messages.length - 1;
  const required = capture.messages.filter((m, i) => m.checkpoint || i === last);
  return jsonSize(
    previewOf(
      capture,
      required.map((m) => ({ role: m.role, text: '' })),
    ),
  );
}

/** A budget spread between just under the minimal size and just over the full size. */
function budgetFor(capture: SourceCapture, permille: number): number {
  const full = jsonSize(
    previewOf(
      capture,
      capture.messages.map((m) => ({ role: m.role, text: m.text })),
    ),
  );
  const low = minimalSize(capture) - 3;
  return Math.max(0, Math.round(low + ((full + 5 - low) * permille) / 1000));
}

function run<T>(fn: () => T): T | SessionReferenceError {
  try {
    return fn();
  } catch (error) {
    if (error instanceof SessionReferenceError) return error;
    throw error;
  }
}

/** Same result, or the same BUDGET_EXCEEDED failure (messages differ). */
function expectSameOutcome(actual: RetentionResult | SessionReferenceError, expected: RetentionResult | SessionReferenceError): void {
  if (expected instanceof SessionReferenceError) {
    expect(actual).toBeInstanceOf(SessionReferenceError);
    expect((actual as SessionReferenceError).code).toBe(expected.code);
  } else expect(actual).toEqual(expected);
}

/** Which retention paths a result went through, to check the generators reach all of them. */
function outcomeKinds(result: RetentionResult | SessionReferenceError): string[] {
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
function checkInvariants(capture: SourceCapture, budget: number, result: RetentionResult): void {
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

describe('tag-safe JSON sizes', () => {
  it('escapes every < and parses back', () => {
    const value = { a: '</referenced-sessions><x>', b: ['<', 1, null] };
    const json = tagSafeStringify(value);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/referenced-sessions>');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('rejects values without a JSON form', () => {
    expect(() => tagSafeStringify(undefined)).toThrow(SessionReferenceError);
  });

  it('counts the escaped byte length of single characters', () => {
    const cases: [string, number][] = [
      ['', 2],
      ['a', 3],
      ['<', 8],
      ['"', 4],
      ['\\', 4],
      ['\n', 4],
      ['\u0000', 8],
      ['\u001f', 8],
      ['\u007f', 3],
      ['é', 4],
      ['界', 5],
      ['\u2028', 5],
      ['\u2029', 5],
      ['😀', 6],
      ['\ud800', 8],
      ['\udc00', 8],
      ['\udc00\ud800', 14],
    ];
    for (const [s, expected] of cases) {
      expect(measure(s).jsonBytes).toBe(expected);
      expect(bytes(tagSafeStringify(s))).toBe(expected);
    }
  });

  it('jsonByteLengthWithUtf8 matches the built JSON for any string', () => {
    fc.assert(
      fc.property(nastyString(40), (s) => {
        const m = measure(s);
        expect(m.jsonBytes).toBe(bytes(tagSafeStringify(s)));
        expect(m.utf8Bytes).toBe(bytes(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('jsonByteLengthWithUtf8 is exact on long texts, a lone surrogate counting 3 UTF-8 and 6 JSON bytes', () => {
    const long = fc.string({ unit: nastyUnit, minLength: 100, maxLength: 3000 });
    fc.assert(
      fc.property(long, (s) => {
        const m = measure(s);
        // Per code point: a lone surrogate is written as EF BF BD in UTF-8 and as \udxxx in JSON.
        const utf8 = Array.from(s).reduce((sum, cp) => sum + utf8CodePointBytes(cp.codePointAt(0)!), 0);
        expect(m.utf8Bytes).toBe(utf8);
        expect(m.utf8Bytes).toBe(Buffer.from(s, 'utf8').length);
        expect(m.jsonBytes).toBe(bytes(tagSafeStringify(s)));
      }),
      { numRuns: 500 },
    );
    for (const lone of ['\ud800', '\udbff', '\udc00', '\udfff']) {
      for (const s of [lone, `a${lone}`, `${lone}<`, '😀' + lone + '界'.repeat(50), lone.repeat(1000)]) {
        expect(measure(s)).toEqual({ utf8Bytes: Buffer.from(s, 'utf8').length, jsonBytes: bytes(tagSafeStringify(s)) });
      }
    }
    expect(measure('\udc00\ud800')).toEqual({ utf8Bytes: 6, jsonBytes: 14 });
  });
});

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

describe('cutText (the reference cut in test/support)', () => {
  it('cuts the digits vector: head, marker where the text was cut, tail', () => {
    const cut = cutText('0123456789'.repeat(10), 57);
    expect(cut.head).toBe('01234567890123456789012345678');
    expect(cut.tail).toBe('2345678901234567890123456789');
    expect(cut.omittedBytes).toBe(43);
    expect(cut.text).toBe(cut.head + '\n[\u2026 omitted 43 UTF-8 bytes \u2026]\n' + cut.tail);
    // R = 55, the largest R at budget 200 (SPEC §4.4).
    expect(cutText('0123456789'.repeat(10), 55).text).toBe(
      '0123456789012345678901234567\n[… omitted 45 UTF-8 bytes …]\n345678901234567890123456789',
    );
  });

  it('formats the marker with U+2026, a line break on each side', () => {
    expect(omissionMarker(7)).toBe('\n[… omitted 7 UTF-8 bytes …]\n');
  });

  it('never splits a code point and keeps lone surrogates as they are', () => {
    expect(cutText('😀😀😀', 6)).toMatchObject({ head: '', tail: '', omittedBytes: 12 });
    expect(cutText('😀😀😀', 7)).toMatchObject({ head: '😀', tail: '', omittedBytes: 8 });
    expect(cutText('😀😀😀', 8)).toMatchObject({ head: '😀', tail: '😀', omittedBytes: 4 });
    expect(cutText('\ud800ab\udc00', 6)).toMatchObject({ head: '\ud800', tail: '\udc00', omittedBytes: 2 });
    // The marker keeps a lone high and a lone low surrogate apart: they never join into a pair.
    expect(cutText('\ud800ab\udc00', 6).text).toBe('\ud800\n[… omitted 2 UTF-8 bytes …]\n\udc00');
  });

  it('leaves a text alone when R covers it', () => {
    expect(cutText('abc', 3)).toEqual({ text: 'abc', head: 'abc', tail: '', omittedBytes: 0 });
    expect(cutText('abc', 99).text).toBe('abc');
    expect(() => cutText('abc', -1)).toThrow(SessionReferenceError);
  });

  it('agrees with an independent per-code-point cut', () => {
    fc.assert(
      fc.property(nastyString(30), fc.nat(140), (text, r) => {
        fc.pre(r < bytes(text));
        const expected = naiveCut(text, r);
        const cut = cutText(text, r);
        expect(cut).toEqual({ text: expected.text, head: expected.head, tail: expected.tail, omittedBytes: expected.omitted });
        expect(cutOmission(text, cut.text)).toBe(cut.omittedBytes);
      }),
      { numRuns: 1000 },
    );
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
      { numRuns: 250 },
    );
    expect(manyDropped).toBeGreaterThanOrEqual(100);
    expect(checkpointAmongDropped).toBeGreaterThanOrEqual(50);
    expect(refilled).toBeGreaterThanOrEqual(10);
  });
});
