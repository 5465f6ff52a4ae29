// prepare()'s arguments at the edge: references, content and agent are checked before any walk or read, each field
// read once inside a guard; whatever a getter, a Proxy or a huge sparse array does, the outcome is a typed
// INVALID_REFERENCE (the thrown value as cause) or TOO_MANY, decided at the first offending entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, bootHostileHost, settle, SOURCE_ID, typedError, withReplaced } from './harness.ts';
import type { HostileHost } from './harness.ts';

let hostile: HostileHost;
let reads = 0;

beforeAll(async () => {
  hostile = await bootHostileHost();
});

afterAll(async () => {
  await hostile?.dispose();
});

const CONTENT = [{ type: 'text', text: '@src' }];

/** Calls prepare with its sessionQuery counting reads; the arguments are cast, as a JavaScript caller would pass them. */
function prepare(references: unknown, content: unknown = CONTENT, agent: unknown = AGENT) {
  reads = 0;
  const query = hostile.host.ctx.sessionQuery as unknown as { readSurface: (id: string) => Promise<unknown> };
  const readSurface = query.readSurface.bind(query);
  return withReplaced(
    query,
    'readSurface',
    (id) => {
      reads++;
      return readSurface(id as string);
    },
    () => settle(() => hostile.resolver.prepare(agent as never, content as never, references as never)),
  );
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

/** An array Proxy that counts index reads (get, has, descriptor) and refuses to go past `limit` of them. */
function countingArray(target: unknown[], limit = 16): { array: unknown[]; touches: () => number } {
  let touches = 0;
  const touch = (key: string | symbol) => {
    if (typeof key === 'string' && /^\d+$/.test(key) && ++touches > limit) throw new Error(`walked to index ${key}`);
  };
  const array = new Proxy(target, {
    get: (t, key, receiver) => (touch(key), Reflect.get(t, key, receiver) as unknown),
    has: (t, key) => (touch(key), Reflect.has(t, key)),
    getOwnPropertyDescriptor: (t, key) => (touch(key), Reflect.getOwnPropertyDescriptor(t, key)),
  });
  return { array, touches: () => touches };
}

function sparse(length: number, entries: unknown[] = []): unknown[] {
  const array: unknown[] = [...entries];
  array.length = length;
  return array;
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

describe('content and agent that cannot be read', () => {
  it('content whose length getter throws: INVALID_REFERENCE with the thrown value as cause', async () => {
    const refusal = new TypeError('content length refused');
    const content = new Proxy(CONTENT, {
      get: (target, key, receiver) => {
        if (key === 'length') throw refusal;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const error = typedError(await prepare([{ sessionId: SOURCE_ID }], content));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.cause).toBe(refusal);
    expect(reads).toBe(0);
  });

  it('a content block whose type getter throws: INVALID_REFERENCE with the thrown value as cause', async () => {
    const refusal = new Error('type refused');
    const block = {
      get type(): string {
        throw refusal;
      },
      text: 'x',
    };
    const error = typedError(await prepare([{ sessionId: SOURCE_ID }], [block]));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.cause).toBe(refusal);
  });

  it('a revoked Proxy as content: INVALID_REFERENCE', async () => {
    const revocable = Proxy.revocable([], {});
    revocable.revoke();
    const error = typedError(await prepare([{ sessionId: SOURCE_ID }], revocable.proxy));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
  });

  it('content of length 2^31 behind a counting Proxy: refused at its first hole', async () => {
    const { array, touches } = countingArray(sparse(2 ** 31, [{ type: 'text', text: 'x' }]));
    const error = typedError(await prepare([{ sessionId: SOURCE_ID }], array));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toMatch(/content block 1 /);
    expect(touches()).toBeLessThanOrEqual(2);
  });

  const idRefusal = new Error('id refused');
  it.each([
    ['null', null],
    ['a string', 'target'],
    ['an object without an id', {}],
    ['an object with a numeric id', { id: 7 }],
    [
      'an object whose id getter throws',
      {
        get id(): string {
          throw idRefusal;
        },
      },
    ],
  ])('an agent that is %s: INVALID_REFERENCE naming the agent, nothing read', async (_name, agent) => {
    const error = typedError(await prepare([{ sessionId: SOURCE_ID }], CONTENT, agent));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toMatch(/agent/);
    expect(error.message).not.toMatch(/Cannot read properties/);
    if (_name.includes('getter')) expect(error.cause).toBe(idRefusal);
    expect(reads).toBe(0);
  });
});
