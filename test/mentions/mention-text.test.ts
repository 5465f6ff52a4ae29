/** Mentions in message text: formatting a mention, parsing mentions and bare URIs out of text into readable @label text, and the grammar read literally. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';
import {
  SESSION_REFERENCE_SCHEME,
  encodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from '../../src/mentions/uri.ts';
import { expectInvalid, thrownBy } from '../support/invalid-reference.ts';
import { parseMentionsLiterally } from '../support/mention-model.ts';
import { anyString, plainText } from '../support/mention-strings.ts';

const RUNS = { numRuns: 10_000 };

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

  it('a malformed mention says "invalid session reference URI" and where the mention stands', () => {
    const error = thrownBy(() => parseSessionReferenceText('look at @[x](dsh-session:%%%) now'));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toContain('invalid session reference URI');
    expect(error.message).toContain('"@[x](dsh-session:%%%)"');
    expect(error.message).toMatch(/at index 8\b/);
  });

  it('a malformed mention with a 10,000-character label: the quoted mention cut, its length shown', () => {
    const text = `@[${'L'.repeat(10_000)}](dsh-session:IiJ)`;
    const error = thrownBy(() => parseSessionReferenceText(text));
    expect(error.message).toContain('invalid session reference URI');
    expect(error.message).toContain(`(${text.length} characters)`);
    expect(error.message.length).toBeLessThanOrEqual(1_000);
  });
});
