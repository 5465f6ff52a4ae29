import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionReferenceError, SessionReferenceErrorCode } from '../src/errors.ts';
import {
  SESSION_REFERENCE_SCHEME,
  decodeSessionReferenceUri,
  encodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from '../src/mentions/uri.ts';
import { parseMentionsLiterally } from './support/mention-model.ts';

const RUNS = { numRuns: 10_000 };

function expectInvalid(run: () => unknown): SessionReferenceError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(SessionReferenceError);
  const error = caught as SessionReferenceError;
  expect(error.code).toBe(SessionReferenceErrorCode.INVALID_REFERENCE);
  expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
  expect(error.name).toBe('SessionReferenceError');
  return error;
}

/** Any sequence of UTF-16 code units, lone surrogates included. */
const codeUnitString = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units));

/** Strings biased towards surrogates, the mention syntax characters, and line terminators. */
const trickyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\\', ']', '[', '(', ')', '@', '\n', '\r', '\u2028', '\u2029', ' '),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
});

const anyString = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), codeUnitString, trickyString);

/** Surrounding text that cannot start or complete a mention or URI of its own. */
const plainText = fc
  .string({ unit: fc.constantFrom('a', 'b', ' ', '.', '\n', '[', ']', '(', ')', 'é', '😀', '\\') })
  .filter((s) => !s.includes('@[') && !s.includes(SESSION_REFERENCE_SCHEME));

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
      fc.property(fc.string({ unit: fc.constantFrom(...'IiAaQqMmYyJjbBcCLlx1wZ09-_=+/ %') }), (payload) => {
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
});

describe('formatSessionReferenceMention', () => {
  it('defaults the label to the id', () => {
    expect(formatSessionReferenceMention({ sessionId: 'abc' })).toBe('@[abc](dsh-session:ImFiYyI)');
  });

  it('keeps an empty label empty', () => {
    expect(formatSessionReferenceMention({ sessionId: 'abc', label: '' })).toBe('@[](dsh-session:ImFiYyI)');
  });

  it('escapes only backslash and closing bracket', () => {
    expect(formatSessionReferenceMention({ sessionId: 'abc', label: 'a]b\\c[d)e\nf' })).toBe('@[a\\]b\\\\c[d)e\nf](dsh-session:ImFiYyI)');
    expect(formatSessionReferenceMention({ sessionId: 'a]b' })).toBe('@[a\\]b](dsh-session:ImFdYiI)');
  });

  it('rejects invalid input', () => {
    expectInvalid(() => formatSessionReferenceMention({ sessionId: 1 as unknown as string }));
    expectInvalid(() => formatSessionReferenceMention({ sessionId: 'a', label: 1 as unknown as string }));
    expectInvalid(() => formatSessionReferenceMention(null as unknown as { sessionId: string }));
  });

  it('parses back to the same id and label inside surrounding text', () => {
    fc.assert(
      fc.property(plainText, anyString, fc.option(anyString, { nil: undefined }), plainText, (before, sessionId, label, after) => {
        const mention = formatSessionReferenceMention(label === undefined ? { sessionId } : { sessionId, label });
        const parsed = parseSessionReferenceText(before + mention + after);
        const expectedLabel = label ?? sessionId;
        expect(parsed.references).toEqual([{ sessionId, label: expectedLabel }]);
        expect(parsed.text).toBe(`${before}@${expectedLabel}${after}`);
      }),
      RUNS,
    );
  });

  it('parses several adjacent mentions and bare URIs in order', () => {
    const piece = fc.record({ sessionId: anyString, label: anyString, bare: fc.boolean(), gap: plainText });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), (pieces) => {
        let text = '';
        let expectedText = '';
        const expected: { sessionId: string; label: string }[] = [];
        for (const { sessionId, label, bare, gap } of pieces) {
          // A bare URI is greedy over base64url, so it needs a non-base64url character after it.
          text += bare ? `${encodeSessionReferenceUri(sessionId)} ${gap}` : formatSessionReferenceMention({ sessionId, label }) + gap;
          expectedText += bare ? `@${sessionId} ${gap}` : `@${label}${gap}`;
          expected.push({ sessionId, label: bare ? sessionId : label });
        }
        const parsed = parseSessionReferenceText(text);
        expect(parsed.references).toEqual(expected);
        expect(parsed.text).toBe(expectedText);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('parseSessionReferenceText', () => {
  it.each([
    ['what is a dsh-session: URI?', 'what is a dsh-session: URI?', []],
    ['see dsh-session:ImFiYyI.', 'see @abc.', [{ sessionId: 'abc', label: 'abc' }]],
    [
      '@[lbl](dsh-session:ImFiYyI) and dsh-session:ImFiYyI',
      '@lbl and @abc',
      [
        { sessionId: 'abc', label: 'lbl' },
        { sessionId: 'abc', label: 'abc' },
      ],
    ],
    ['@[a\\]b](dsh-session:ImFiYyI)', '@a]b', [{ sessionId: 'abc', label: 'a]b' }]],
    ['@[](dsh-session:ImFiYyI)', '@', [{ sessionId: 'abc', label: '' }]],
    ['dsh-session:ImFiYyI=', '@abc=', [{ sessionId: 'abc', label: 'abc' }]],
    ['@[a](https://x)', '@[a](https://x)', []],
    ['[a](dsh-session:ImFiYyI)', '[a](@abc)', [{ sessionId: 'abc', label: 'abc' }]],
  ] as [string, string, { sessionId: string; label: string }[]][])('parses %j', (input, text, references) => {
    expect(parseSessionReferenceText(input)).toEqual({ text, references });
  });

  it.each(['@[bad](dsh-session:%%%)', '@[x](dsh-session:)', 'see dsh-session:IiJ'])('throws on %j', (input) => {
    const error = expectInvalid(() => parseSessionReferenceText(input));
    expect(error.message).toContain(input.replace('see ', ''));
  });

  it('leaves scheme text without a base64url payload alone', () => {
    for (const input of ['dsh-session:', 'dsh-session:%%%', 'dsh-session:.', 'dsh-session: x', 'a dsh-session:)', 'DSH-SESSION:ImFiYyI']) {
      expect(parseSessionReferenceText(input)).toEqual({ text: input, references: [] });
    }
  });

  it('needs no word boundary before a bare URI', () => {
    expect(parseSessionReferenceText('xdsh-session:ImFiYzIi!')).toEqual({
      text: 'x@abc2!',
      references: [{ sessionId: 'abc2', label: 'abc2' }],
    });
  });

  it('keeps duplicates in appearance order', () => {
    const text = 'dsh-session:ImFiYyI @[x](dsh-session:ImFiYyI) dsh-session:ImFiYyI';
    expect(parseSessionReferenceText(text).references).toEqual([
      { sessionId: 'abc', label: 'abc' },
      { sessionId: 'abc', label: 'x' },
      { sessionId: 'abc', label: 'abc' },
    ]);
  });

  it('allows unescaped line terminators in a label but not escaped ones', () => {
    expect(parseSessionReferenceText('@[a\nb](dsh-session:ImFiYyI)')).toEqual({
      text: '@a\nb',
      references: [{ sessionId: 'abc', label: 'a\nb' }],
    });
    expect(parseSessionReferenceText('@[a\\\\\nb](dsh-session:ImFiYyI)').references).toEqual([{ sessionId: 'abc', label: 'a\\\nb' }]);
    // `\` + newline is no escape, so the mention shape fails and only the bare URI is taken.
    expect(parseSessionReferenceText('@[a\\\nb](dsh-session:ImFiYyI)')).toEqual({
      text: '@[a\\\nb](@abc)',
      references: [{ sessionId: 'abc', label: 'abc' }],
    });
  });

  it('falls back to the bare URI when the mention shape does not complete', () => {
    expect(parseSessionReferenceText('@[x](dsh-session:ImFiYyI next)')).toEqual({
      text: '@[x](@abc next)',
      references: [{ sessionId: 'abc', label: 'abc' }],
    });
    expect(parseSessionReferenceText('@[x](dsh-session: ImFiYyI)')).toEqual({
      text: '@[x](dsh-session: ImFiYyI)',
      references: [],
    });
    expect(parseSessionReferenceText('@[x](dsh-session:')).toEqual({ text: '@[x](dsh-session:', references: [] });
    expect(() => parseSessionReferenceText('@[x](dsh-session:IiJ next)')).toThrow(SessionReferenceError);
  });

  it('throws when a structurally complete mention has a bad payload', () => {
    for (const input of [
      '@[x](dsh-session:ImFiYyI=)',
      '@[x](dsh-session:ImFiYyI(x))',
      '@[x](dsh-session:IiJ)',
      'ok @[x](dsh-session:MQ)',
    ]) {
      expectInvalid(() => parseSessionReferenceText(input));
    }
  });

  it('takes the earliest complete mention, even when its label spans another opener', () => {
    expect(parseSessionReferenceText('@[a @[b](dsh-session:ImFiYyI)')).toEqual({
      text: '@a @[b',
      references: [{ sessionId: 'abc', label: 'a @[b' }],
    });
    expect(parseSessionReferenceText('@[a] @[b](dsh-session:ImFiYyI)')).toEqual({
      text: '@[a] @b',
      references: [{ sessionId: 'abc', label: 'b' }],
    });
  });

  it('takes a bare URI inside a mention that is not one', () => {
    expect(parseSessionReferenceText('@[dsh-session:ImFiYyI] x')).toEqual({
      text: '@[@abc] x',
      references: [{ sessionId: 'abc', label: 'abc' }],
    });
  });

  it('rejects non-string input', () => {
    expectInvalid(() => parseSessionReferenceText(undefined as unknown as string));
  });

  it('never throws on text without the scheme', () => {
    fc.assert(
      fc.property(fc.oneof(anyString, plainText), (text) => {
        fc.pre(!text.includes(SESSION_REFERENCE_SCHEME));
        expect(parseSessionReferenceText(text)).toEqual({ text, references: [] });
      }),
      RUNS,
    );
  });

  it('is total: returns or throws INVALID_REFERENCE only', () => {
    const unit = fc.oneof(
      fc.constantFrom('@[', ']', '](', '](dsh-session:', 'dsh-session:', ')', '\\', '\n', ' ', '=', '%', 'ImFiYyI', 'IiI', 'I', 'x'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 30 }).map((parts) => parts.join('')),
        (text) => {
          try {
            const parsed = parseSessionReferenceText(text);
            expect(typeof parsed.text).toBe('string');
            expect(parsed.references.every((r) => typeof r.sessionId === 'string' && typeof r.label === 'string')).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(SessionReferenceError);
            expect((error as SessionReferenceError).code).toBe(SessionReferenceErrorCode.INVALID_REFERENCE);
          }
        },
      ),
      RUNS,
    );
  });

  it('agrees with the grammar read literally (a sticky regex per shape at every position)', () => {
    const unit = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          '@[',
          '@',
          '[',
          ']',
          '](',
          '](dsh-session:',
          'dsh-session:',
          ')',
          '(',
          '\\',
          '\\\\',
          '\\]',
          '\\\n',
          '\\\u2028',
          '\n',
          '\u2028',
          ' ',
          '\t',
          '=',
          '%',
          '-',
          '_',
        ),
      },
      { weight: 3, arbitrary: fc.constantFrom('ImFiYyI', 'IiI', 'IvCfmIAi', 'Ilx1ZDgwMCI', 'IiJ', 'MQ', 'I', 'x', 'é', '😀', '\uD800') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '@[a](dsh-session:ImFiYyI)',
          '](dsh-session:ImFiYyI)',
          'dsh-session:ImFiYyI',
          '@[a\\]b](dsh-session:IiI)',
          '@[x](dsh-session:IiJ)',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    );
    // Near-mentions: every part of the shape, each part sometimes slightly wrong.
    const labelPart = fc
      .array(fc.constantFrom('a', '\\', '\\\\', '\\]', ']', '\\\n', '\\\r', '\n', '[', '@[', 'dsh-session:ImFiYyI', '😀', '\uD800'), {
        maxLength: 4,
      })
      .map((parts) => parts.join(''));
    const payloadPart = fc.constantFrom(
      'ImFiYyI',
      'IiI',
      'IiJ',
      'MQ',
      '',
      '%%%',
      'ImFiYyI=',
      'ImFiYyI\t',
      'ImFiYyI ',
      'ImFiYyI\u2028',
      'ImFiYyI\u00a0',
      'ImFiYyI(x',
    );
    const nearMention = fc
      .tuple(
        fc.constantFrom('@[', '@[', '[', '@'),
        labelPart,
        fc.constantFrom('](dsh-session:', '](dsh-session:', '](', ']( dsh-session:', '](DSH-SESSION:'),
        payloadPart,
        fc.constantFrom(')', ')', '', ' )'),
      )
      .map((parts) => parts.join(''));
    const piece = fc.oneof({ weight: 3, arbitrary: unit }, { weight: 1, arbitrary: nearMention });
    const outcome = (text: string): unknown => {
      try {
        return parseSessionReferenceText(text);
      } catch (error) {
        return { code: (error as SessionReferenceError).code };
      }
    };
    const literal = (text: string): unknown => {
      try {
        return parseMentionsLiterally(text);
      } catch (error) {
        return { code: (error as SessionReferenceError).code };
      }
    };
    let parsed = 0;
    let thrown = 0;
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 16 }).map((parts) => parts.join('')),
        (text) => {
          const actual = outcome(text);
          expect(actual).toEqual(literal(text));
          if ('code' in (actual as object)) thrown++;
          else if ((actual as { references: unknown[] }).references.length > 0) parsed++;
        },
      ),
      RUNS,
    );
    expect(parsed).toBeGreaterThan(RUNS.numRuns / 10);
    expect(thrown).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('scans adversarial megabyte inputs in linear time', () => {
    const inputs = [
      '@['.repeat(500_000),
      '@[a](dsh-session:'.repeat(60_000),
      `@[${'\\'.repeat(1_000_000)}`,
      `@[${'\\\\'.repeat(500_000)}]`,
      '@[a](dsh-session:% '.repeat(50_000),
      '@[a]'.repeat(250_000),
      '@[a](dsh-session:%'.repeat(60_000),
      'dsh-session:%'.repeat(80_000),
      'dsh-session: '.repeat(80_000),
      `@[${'a](dsh-session:%'.repeat(60_000)}`,
      `${'@[\\'.repeat(300_000)}\n`,
    ];
    for (const input of inputs) {
      expect(input.length).toBeGreaterThanOrEqual(900_000);
      expect(parseSessionReferenceText(input).references).toEqual([]);
    }
  });
});
