/** Tag-safe JSON and its sizes: every `<` escaped, and byte lengths measured without building the JSON that equal the built JSON's, lone surrogates included. */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonByteLengthWithUtf8, tagSafeStringify, utf8CodePointBytes } from '../../src/context/tag-safe-json.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import { bytes, nastyString, nastyUnit } from '../support/retention-inputs.ts';

/** UTF-8 and tag-safe JSON sizes of `s`, the way retention measures them. */
function measure(s: string): { utf8Bytes: number; jsonBytes: number } {
  const utf8Bytes = Buffer.byteLength(s, 'utf8');
  return { utf8Bytes, jsonBytes: jsonByteLengthWithUtf8(s, utf8Bytes) };
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
