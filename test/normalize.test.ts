import { describe, expect, it } from 'vitest';
import { normalizeReferences } from '../src/mentions/normalize.ts';
import { formatSessionReferenceMention, parseSessionReferenceText } from '../src/mentions/uri.ts';
import { SessionReferenceError } from '../src/errors.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof SessionReferenceError ? error.code : 'not-typed';
  }
  return undefined;
}

describe('normalizeReferences', () => {
  it('keeps first-mention order, defaults labels, skips repeats with the first label winning', () => {
    expect(
      normalizeReferences(
        [{ sessionId: 'b', label: 'B' }, { sessionId: 'a' }, { sessionId: 'b', label: 'other' }, { sessionId: 'c', label: '' }],
        'self',
        3,
      ),
    ).toEqual([
      { sessionId: 'b', label: 'B', inputIndex: 0 },
      { sessionId: 'a', label: 'a', inputIndex: 1 },
      { sessionId: 'c', label: '', inputIndex: 2 },
    ]);
  });

  it('returns nothing for no references', () => {
    expect(normalizeReferences([], 'self', 3)).toEqual([]);
  });

  it.each([
    [[null], 'SESSION_REFERENCE_INVALID_REFERENCE'],
    [['a'], 'SESSION_REFERENCE_INVALID_REFERENCE'],
    [[{ sessionId: 1 }], 'SESSION_REFERENCE_INVALID_REFERENCE'],
    [[{}], 'SESSION_REFERENCE_INVALID_REFERENCE'],
    [[{ sessionId: 'a', label: 5 }], 'SESSION_REFERENCE_INVALID_REFERENCE'],
    [[{ sessionId: 'self' }], 'SESSION_REFERENCE_SELF_REFERENCE'],
    [[{ sessionId: 'a' }, { sessionId: 'b' }, { sessionId: 'c' }, { sessionId: 'd' }], 'SESSION_REFERENCE_TOO_MANY'],
  ])('rejects %j with %s', (refs, code) => {
    expect(codeOf(() => normalizeReferences(refs, 'self', 3))).toBe(code);
  });

  it('counts distinct ids only against maxReferences', () => {
    const refs = [{ sessionId: 'a' }, { sessionId: 'a' }, { sessionId: 'b' }];
    expect(normalizeReferences(refs, 'self', 2)).toHaveLength(2);
    expect(codeOf(() => normalizeReferences(refs, 'self', 1))).toBe('SESSION_REFERENCE_TOO_MANY');
  });

  it('reports the earliest error', () => {
    expect(codeOf(() => normalizeReferences([{ sessionId: 'self' }, null], 'self', 3))).toBe('SESSION_REFERENCE_SELF_REFERENCE');
    expect(codeOf(() => normalizeReferences([null, { sessionId: 'self' }], 'self', 3))).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    // TOO_MANY stands where the distinct ids pass the limit: here at 'b', before the self-reference.
    expect(codeOf(() => normalizeReferences([{ sessionId: 'a' }, { sessionId: 'b' }, { sessionId: 'self' }], 'self', 1))).toBe(
      'SESSION_REFERENCE_TOO_MANY',
    );
    expect(codeOf(() => normalizeReferences([{ sessionId: 'a' }, { sessionId: 'self' }, { sessionId: 'b' }], 'self', 1))).toBe(
      'SESSION_REFERENCE_SELF_REFERENCE',
    );
    expect(codeOf(() => normalizeReferences([{ sessionId: 'a' }, { sessionId: 'a' }, null, { sessionId: 'b' }], 'self', 1))).toBe(
      'SESSION_REFERENCE_INVALID_REFERENCE',
    );
  });
});

describe('normalizeReferences on what the parser found', () => {
  it('takes what the parser found as it is: the references of a message with mentions', () => {
    const mention = (sessionId: string, label: string) => formatSessionReferenceMention({ sessionId, label });
    const { references } = parseSessionReferenceText(`see ${mention('a', 'A')} and ${mention('a', 'again')} and ${mention('b', 'B')}`);
    expect(normalizeReferences(references, 'self', 3)).toEqual([
      { sessionId: 'a', label: 'A', inputIndex: 0 },
      { sessionId: 'b', label: 'B', inputIndex: 1 },
    ]);
  });
});
