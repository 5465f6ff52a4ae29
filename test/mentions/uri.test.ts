/** The dsh-session: URI codec: exact vectors, canonical-only decoding with a reason for each refusal, and lossless round trips of any string. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';
import { SESSION_REFERENCE_SCHEME, decodeSessionReferenceUri, encodeSessionReferenceUri } from '../../src/mentions/uri.ts';
import { expectInvalid, thrownBy } from '../support/invalid-reference.ts';
import { anyString, codeUnitString } from '../support/mention-strings.ts';
import { UNPRINTABLE } from '../support/printable.ts';

const RUNS = { numRuns: 10_000 };

describe('SESSION_REFERENCE_SCHEME', () => {
  it('is the exact scheme', () => {
    expect(SESSION_REFERENCE_SCHEME).toBe('dsh-session:');
  });
});

describe('encodeSessionReferenceUri / decodeSessionReferenceUri', () => {
  const vectors: [string, string][] = [
    ['abc', 'dsh-session:ImFiYyI'],
    ['', 'dsh-session:IiI'],
    ['"', 'dsh-session:IlwiIg'],
    ['😀', 'dsh-session:IvCfmIAi'],
    ['\uD800', 'dsh-session:Ilx1ZDgwMCI'],
    ['\u0000', 'dsh-session:Ilx1MDAwMCI'],
    ['\u2028', 'dsh-session:IuKAqCI'],
    ['a]b', 'dsh-session:ImFdYiI'],
  ];

  it.each(vectors)('encodes %j as %s and decodes it back', (id, uri) => {
    expect(encodeSessionReferenceUri(id)).toBe(uri);
    expect(decodeSessionReferenceUri(uri)).toBe(id);
  });

  it('decodes a space id', () => {
    expect(decodeSessionReferenceUri('dsh-session:IiAi')).toBe(' ');
  });

  const invalidUris: [string, string][] = [
    ['dsh-session:', 'empty payload'],
    ['DSH-SESSION:ImFiYyI', 'miscased scheme'],
    ['Dsh-session:ImFiYyI', 'miscased scheme'],
    ['ImFiYyI', 'missing scheme'],
    ['', 'empty string'],
    ['session:ImFiYyI', 'wrong scheme'],
    ['dsh-session:ImFiYyJ', 'non-zero trailing bits'],
    ['dsh-session:IiI=', 'padding'],
    ['dsh-session:ImFiYyI=', 'padding'],
    ['dsh-session:Im+iYyI', 'standard base64 +'],
    ['dsh-session:Im/iYyI', 'standard base64 /'],
    ['dsh-session:Im iYyI', 'whitespace'],
    ['dsh-session: ImFiYyI', 'leading whitespace'],
    ['dsh-session:ImFiYyI\n', 'trailing newline'],
    ['dsh-session:%%%', 'punctuation'],
    ['dsh-session:MQ', 'a number'],
    ['dsh-session:bnVsbA', 'null'],
    ['dsh-session:W10', 'an array'],
    ['dsh-session:e30', 'an object'],
    ['dsh-session:Ilx1MDA2MSI', 'needless \\u escape'],
    ['dsh-session:ICJhYmMiIA', 'JSON whitespace'],
    ['dsh-session:Iv8i', 'invalid UTF-8'],
    ['dsh-session:I', 'impossible base64 length'],
    ['dsh-session:77u_ImFiYyI', 'UTF-8 BOM before the JSON'],
    ['dsh-session:ImFiYw', 'unterminated JSON string'],
  ];

  it.each(invalidUris)('rejects %j (%s)', (uri) => {
    const error = expectInvalid(() => decodeSessionReferenceUri(uri));
    expect(error.message).toContain(JSON.stringify(uri));
  });

  it('says why it rejects', () => {
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:')).message).toMatch(/empty/);
    expect(expectInvalid(() => decodeSessionReferenceUri('DSH-SESSION:ImFiYyI')).message).toMatch(/case-sensitive/);
    expect(expectInvalid(() => decodeSessionReferenceUri('ImFiYyI')).message).toMatch(/scheme/);
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:IiI=')).message).toMatch(/"="/);
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:Iv8i')).message).toMatch(/UTF-8/);
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:ImFiYw')).message).toMatch(/JSON/);
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:MQ')).message).toMatch(/number/);
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:bnVsbA')).message).toMatch(/null/);
    expect(expectInvalid(() => decodeSessionReferenceUri('dsh-session:Ilx1MDA2MSI')).message).toMatch(/canonical/);
  });

  it('truncates very long inputs in messages', () => {
    const uri = `dsh-session:${'%'.repeat(10_000)}`;
    const error = expectInvalid(() => decodeSessionReferenceUri(uri));
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).toContain('…');
    expect(error.message).toContain('dsh-session:%%%');
  });

  it('rejects non-string input', () => {
    for (const value of [undefined, null, 1, {}, ['a']]) {
      expectInvalid(() => encodeSessionReferenceUri(value as string));
      expectInvalid(() => decodeSessionReferenceUri(value as string));
    }
  });

  it('round-trips every string exactly', () => {
    fc.assert(
      fc.property(anyString, (id) => {
        const uri = encodeSessionReferenceUri(id);
        expect(uri).toMatch(/^dsh-session:[A-Za-z0-9_-]+$/);
        expect(decodeSessionReferenceUri(uri)).toBe(id);
      }),
      RUNS,
    );
  });

  it('round-trips strings with lone surrogates', () => {
    fc.assert(
      fc.property(codeUnitString, (id) => {
        expect(decodeSessionReferenceUri(encodeSessionReferenceUri(id))).toBe(id);
      }),
      RUNS,
    );
  });

  it('accepts exactly the canonical URIs, and throws only the typed error', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...Array.from('IiAaQqMmYyJjbBcCLlx1wZ09-_=+/ %')) }), (payload) => {
        const uri = SESSION_REFERENCE_SCHEME + payload;
        let id: string;
        try {
          id = decodeSessionReferenceUri(uri);
        } catch (error) {
          expect(error).toBeInstanceOf(SessionReferenceError);
          expect((error as SessionReferenceError).code).toBe(SessionReferenceErrorCode.INVALID_REFERENCE);
          return;
        }
        expect(encodeSessionReferenceUri(id)).toBe(uri);
      }),
      RUNS,
    );
  });

  it('a bidi override in a URI payload is escaped where the message names it', () => {
    const error = thrownBy(() => decodeSessionReferenceUri('dsh-session:ab\u202ecd'));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).not.toMatch(UNPRINTABLE);
    expect(error.message).toContain('\\u202e');
  });
});
