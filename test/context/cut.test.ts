/** The head-and-tail cut of a text: its marker, the longest head and tail within the room, never splitting a code point, as an independent per-code-point cut makes it. */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestCut } from '../../src/context/cut.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import { cutOmission } from '../support/retention-checks.ts';
import { bytes, nastyString } from '../support/retention-inputs.ts';
import { cutText, naiveCut } from '../support/retention-model.ts';

describe('cutText (the reference cut in test/support)', () => {
  it('cuts the digits vector: head, marker where the text was cut, tail', () => {
    const cut = cutText('0123456789'.repeat(10), 57);
    expect(cut.head).toBe('01234567890123456789012345678');
    expect(cut.tail).toBe('2345678901234567890123456789');
    expect(cut.omittedBytes).toBe(43);
    expect(cut.text).toBe(cut.head + '\n[\u2026 omitted 43 UTF-8 bytes \u2026]\n' + cut.tail);
    // R = 55: the largest allowance whose whole object fits a budget of 200.
    expect(cutText('0123456789'.repeat(10), 55).text).toBe(
      '0123456789012345678901234567\n[… omitted 45 UTF-8 bytes …]\n345678901234567890123456789',
    );
  });

  it('formats the marker with U+2026, a line break on each side', () => {
    // A room of the marker's JSON plus 13 keeps 7 head and 6 tail bytes of 20 and omits 7.
    const marker = '\n[… omitted 7 UTF-8 bytes …]\n';
    const cut = largestCut('abcdefghijklmnopqrst', 20, Buffer.byteLength(JSON.stringify(marker)) - 2 + 13)!;
    expect(cut.text).toBe(`abcdefg${marker}opqrst`);
    expect(cut.text.slice(7, -6)).toBe('\n[… omitted 7 UTF-8 bytes …]\n');
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
