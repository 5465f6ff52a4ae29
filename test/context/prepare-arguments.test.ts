/** Prepare's content and agent at the edge: each checked before anything is read, and anything it cannot read or copy is INVALID_REFERENCE with the thrown value as cause. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, bootHostileHost, prepareCountingReads, SOURCE_ID, typedError, withReplaced } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';
import { countingArray, sparse } from '../support/lying-arrays.ts';

let hostile: HostileHost;
let reads = 0;

beforeAll(async () => {
  hostile = await bootHostileHost();
});

afterAll(async () => {
  await (hostile as HostileHost | undefined)?.dispose(); // undefined when beforeAll failed before making it
});

const CONTENT = [{ type: 'text', text: '@src' }];

/** Calls prepare with these arguments, as a JavaScript caller would pass them, counting its reads in `reads`. */
async function prepare(references: unknown, content: unknown = CONTENT, agent: unknown = AGENT) {
  const counted = await prepareCountingReads(hostile, references, content, agent);
  reads = counted.reads;
  return counted.settled;
}

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

describe('content prepare cannot copy', () => {
  it.each([
    ['a function in a block', [{ type: 'text', text: 'x', extra: () => 1 }]],
    ['a symbol in a block', [{ type: 'text', text: 'x', extra: Symbol('s') }]],
    ['not an array', { type: 'text', text: 'x' }],
    ['a null block', [null]],
    ['a block without a type', [{ text: 'x' }]],
  ])('%s is INVALID_REFERENCE, checked before anything is read', async (_name, content) => {
    let reads = 0;
    const error = await withReplaced(
      hostile.host.ctx.sessionQuery,
      'readSurface',
      () => {
        reads++;
        return Promise.reject(new Error('must not read'));
      },
      () =>
        hostile.resolver.prepare(AGENT, content as never, [{ sessionId: 'src' }]).then(
          () => undefined,
          (e: unknown) => e,
        ),
    );
    expect(error).toMatchObject({ name: 'SessionReferenceError', code: 'SESSION_REFERENCE_INVALID_REFERENCE' });
    expect(reads).toBe(0);
  });
});
