/** Normalising cited references: first-mention order, default labels, repeats skipped, the earliest error; at prepare's edge each field read once and the walk stopped at the first offending entry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionReferenceError } from '../../src/errors.ts';
import { normalizeReferences } from '../../src/mentions/normalize.ts';
import { formatSessionReferenceMention, parseSessionReferenceText } from '../../src/mentions/uri.ts';
import { bootHostileHost, prepareCountingReads, SOURCE_ID, typedError } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';
import { countingArray, sparse } from '../support/lying-arrays.ts';

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

let hostile: HostileHost;
let reads = 0;

beforeAll(async () => {
  hostile = await bootHostileHost();
});

afterAll(async () => {
  await hostile.dispose();
});

/** Calls prepare with these references, as a JavaScript caller would pass them, counting its reads in `reads`. */
async function prepare(references: unknown) {
  const counted = await prepareCountingReads(hostile, references);
  reads = counted.reads;
  return counted.settled;
}

/** Values a getter might throw, including ones that cannot become a string. */
const THROWN: unknown[] = [new RangeError('getter refused'), null, Symbol('thrown'), Object.create(null), 'a string'];

function throwing(field: 'sessionId' | 'label', value: unknown): object {
  return Object.defineProperty({ sessionId: SOURCE_ID }, field, {
    enumerable: true,
    get() {
      throw value;
    },
  });
}

describe('a reference whose field getter throws', () => {
  it.each(THROWN.map((value, i) => [i, value]))(
    'sessionId getter throwing value %i: INVALID_REFERENCE with it as cause',
    async (_i, value) => {
      const error = typedError(await prepare([throwing('sessionId', value)]));
      expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
      expect(Object.is(error.cause, value)).toBe(true);
      expect(error.message).toMatch(/reference 0/);
      expect(reads).toBe(0);
    },
  );

  it.each(THROWN.map((value, i) => [i, value]))('label getter throwing value %i: INVALID_REFERENCE with it as cause', async (_i, value) => {
    const error = typedError(await prepare([{ sessionId: 'other' }, throwing('label', value)]));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(Object.is(error.cause, value)).toBe(true);
    expect(error.message).toMatch(/reference 1/);
    expect(reads).toBe(0);
  });

  it('each field of each reference is read exactly once', async () => {
    const counts = { sessionId: 0, label: 0 };
    const reference = {
      get sessionId() {
        counts.sessionId++;
        return SOURCE_ID;
      },
      get label() {
        counts.label++;
        return 'Source';
      },
    };
    const settled = await prepare([reference]);
    expect(settled.ok).toBe(true);
    expect(counts).toEqual({ sessionId: 1, label: 1 });
  });
});

describe('a references array that is not what it says', () => {
  it('a Proxy whose length getter throws: INVALID_REFERENCE with the thrown value as cause', async () => {
    const refusal = new RangeError('length refused');
    const references = new Proxy([], {
      get(target, key, receiver) {
        if (key === 'length') throw refusal;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const error = typedError(await prepare(references));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.cause).toBe(refusal);
  });

  it('a Proxy whose index read throws: INVALID_REFERENCE with the thrown value as cause', async () => {
    const refusal = new Error('index refused');
    const references = new Proxy([{ sessionId: SOURCE_ID }], {
      get(target, key, receiver) {
        if (key === '0') throw refusal;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const error = typedError(await prepare(references));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.cause).toBe(refusal);
  });

  it('a revoked Proxy: INVALID_REFERENCE', async () => {
    const revocable = Proxy.revocable([], {});
    revocable.revoke();
    const error = typedError(await prepare(revocable.proxy));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
  });

  it.each([['-1'], ['1.5'], ['"1"'], ['Infinity'], ['NaN'], ['2**32']])('a Proxy reporting length %s: INVALID_REFERENCE', async (shown) => {
    const length: unknown = { '-1': -1, '1.5': 1.5, '"1"': '1', Infinity: Infinity, NaN: NaN, '2**32': 2 ** 32 }[shown];
    const lying = new Proxy([{ sessionId: SOURCE_ID }], {
      get: (target, key, receiver) => (key === 'length' ? length : (Reflect.get(target, key, receiver) as unknown)),
    });
    const { array } = countingArray(lying);
    const error = typedError(await prepare(array));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toMatch(/length/);
  });
});

describe('a huge sparse references array is refused at its first hole', () => {
  it('length 2^31, all holes: INVALID_REFERENCE for reference 0', async () => {
    const error = typedError(await prepare(sparse(2 ** 31)));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toMatch(/reference 0 /);
  });

  it('length 2^31 behind a counting Proxy: the walk stops at the first hole', async () => {
    const { array, touches } = countingArray(sparse(2 ** 31, [{ sessionId: SOURCE_ID }]));
    const error = typedError(await prepare(array));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toMatch(/reference 1 /);
    expect(touches()).toBeLessThanOrEqual(2);
    expect(reads).toBe(0);
  });

  it('length 2^31 of distinct ids: TOO_MANY once a fourth distinct id is seen, no further entry read', async () => {
    const target = sparse(2 ** 31);
    const references = new Proxy(target, {
      get: (t, key, receiver) =>
        typeof key === 'string' && /^\d+$/.test(key) ? { sessionId: `s${key}` } : (Reflect.get(t, key, receiver) as unknown),
    });
    const { array, touches } = countingArray(references);
    const error = typedError(await prepare(array));
    expect(error.code).toBe('SESSION_REFERENCE_TOO_MANY');
    expect(touches()).toBeLessThanOrEqual(4);
  });

  it('TOO_MANY at the fourth distinct id wins over a later entry whose getter throws, which is never read', async () => {
    let touched = false;
    const later = {
      get sessionId(): string {
        touched = true;
        throw new Error('never read');
      },
    };
    const error = typedError(await prepare([{ sessionId: 'a' }, { sessionId: 'b' }, { sessionId: 'c' }, { sessionId: 'd' }, later]));
    expect(error.code).toBe('SESSION_REFERENCE_TOO_MANY');
    expect(touched).toBe(false);
  });
});
