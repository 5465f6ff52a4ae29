// A seeded fault harness: a real host whose services reject with every kind of value, hang, or answer with
// malformed shapes at each await of prepare(). Whatever the host does, prepare settles with a typed
// SessionReferenceError (or, for model metadata, the host's own value unchanged, as the spec says), never a raw
// TypeError, and never with a partial context.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SessionReferenceResolver, { DEFAULT_MAX_REFERENCE_BYTES, SessionReferenceError } from '../src/index.ts';
import type { SessionReferenceAgent } from '../src/types.ts';
import type { SessionReferenceSource } from '../src/types.ts';
import { bootHost, writeSession } from './support/host.ts';
import type { Host } from './support/host.ts';

/** Values a host might reject with, including ones that cannot become a string. */
function hostileValues(): unknown[] {
  const throwingToString = {
    toString: () => {
      throw new Error('toString refused');
    },
  };
  const throwingMessage = Object.defineProperty(new Error('x'), 'message', {
    get: () => {
      throw new Error('message refused');
    },
  });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [
    null,
    undefined,
    0,
    '',
    'plain \u001b]0;pwned\u0007 string',
    Symbol('hostile'),
    Object.create(null),
    throwingToString,
    throwingMessage,
    revoked.proxy,
    new Error('ordinary'),
    Object.assign(new Error('coded'), { code: 'E_HOST' }),
    [1, 2, 3],
    () => 'fn',
    10n,
  ];
}

/** Shapes a host might answer a read with instead of a surface snapshot. */
const MALFORMED_SURFACES: unknown[] = [
  null,
  undefined,
  42,
  'surface',
  {},
  { session: null, events: [], capturedThroughSeq: null },
  { session: { id: 7 }, events: [], capturedThroughSeq: null },
  { session: { id: 's' }, events: null, capturedThroughSeq: null },
  { session: { id: 's' }, events: {}, capturedThroughSeq: null },
  { session: { id: 's' }, events: [], capturedThroughSeq: '3' },
  { session: { id: 's' }, events: [], capturedThroughSeq: -1 },
  { session: { id: 's' }, events: [], capturedThroughSeq: 1.5 },
  { session: { id: 's' }, events: [], capturedThroughSeq: Number.NaN },
  { session: { id: 's', cwd: 7 }, events: [], capturedThroughSeq: null },
  { session: { id: 's', version: -1 }, events: [], capturedThroughSeq: null },
  { session: { id: 's', version: '1' }, events: [], capturedThroughSeq: null },
];

/** Answers a save might resolve with instead of a spill ref. */
const MALFORMED_SAVES: unknown[] = [
  null,
  undefined,
  0,
  'saved',
  {},
  { locator: 5, bytes: 1, retrievalHint: '' },
  { locator: 'l', bytes: '1', retrievalHint: 'h' },
];

/** Model metadata a host might answer with; every one must give a valid budget. */
const ODD_MODEL_INFOS: unknown[] = [
  null,
  undefined,
  {},
  { context: null },
  { context: { contextWindow: Number.POSITIVE_INFINITY } },
  { context: { contextWindow: Number.NaN } },
  { context: { contextWindow: -1 } },
  { context: { contextWindow: 0 } },
  { context: { contextWindow: '128000' } },
  { context: { contextWindow: 1e300 } },
  { context: { contextWindow: 2 ** 51 } },
  { context: { contextWindow: Number.MAX_VALUE } },
];

type Point = 'read' | 'lookup' | 'save';
type Behaviour = { kind: 'reject'; value: unknown } | { kind: 'malformed'; value: unknown } | { kind: 'hang' };

let tmp: string;
let host: Host;
let resolver: SessionReferenceResolver;
const agent: SessionReferenceAgent = { id: 'target', options: { provider: 'test', model: 'm' }, session: { header: { cwd: '/w' } } };

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-ref-hostile-'));
  host = await bootHost({
    root: join(tmp, 'sessions'),
    spillRoot: join(tmp, 'spill'),
    agentLoop: false,
    invariants: false,
    contextWindow: 128_000,
  });
  await writeSession(host, {
    id: 'src',
    cwd: '/w',
    items: [
      { kind: 'user', text: 'x'.repeat(5000) },
      { kind: 'assistant', text: 'reply' },
    ],
  });
  await host.ctx.plugin(SessionReferenceResolver, {});
  resolver = host.ctx.sessionReferenceResolver;
});

afterAll(async () => {
  await host?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

/** Replaces one method of a live service for the duration of `run`. */
async function withReplaced<T>(
  target: object,
  method: string,
  replacement: (...args: unknown[]) => unknown,
  run: () => Promise<T>,
): Promise<T> {
  const record = target as Record<string, unknown>;
  const hadOwn = Object.hasOwn(record, method);
  const original = record[method];
  record[method] = replacement;
  try {
    return await run();
  } finally {
    if (hadOwn) record[method] = original;
    else delete record[method];
  }
}

function serviceOf(point: Point): object {
  if (point === 'read') return host.ctx.sessionQuery;
  if (point === 'lookup') return host.ctx.llm;
  return host.ctx.spillStore;
}

const METHOD: Record<Point, string> = { read: 'readSurface', lookup: 'resolveModelInfo', save: 'saveText' };

async function prepareUnder(
  point: Point,
  behaviour: Behaviour,
  maxReferenceBytes?: number,
): Promise<{ ok: true; value: Awaited<ReturnType<SessionReferenceResolver['prepare']>> } | { ok: false; error: unknown }> {
  const controller = new AbortController();
  const replacement = () => {
    if (behaviour.kind === 'reject') return Promise.reject(behaviour.value);
    if (behaviour.kind === 'malformed') return Promise.resolve(behaviour.value);
    setImmediate(() => controller.abort(new Error('caller gave up')));
    return new Promise(() => {});
  };
  const run = async () => {
    try {
      const config = resolver.config as { maxReferenceBytes: number | undefined };
      const saved = config.maxReferenceBytes;
      config.maxReferenceBytes = maxReferenceBytes;
      try {
        return {
          ok: true as const,
          value: await resolver.prepare(agent, [{ type: 'text', text: '@src' }], [{ sessionId: 'src' }], controller.signal),
        };
      } finally {
        config.maxReferenceBytes = saved;
      }
    } catch (error) {
      return { ok: false as const, error };
    }
  };
  return withReplaced(serviceOf(point), METHOD[point], replacement, run);
}

const HOSTILE = hostileValues();

/** A rejection with one of the hostile values, or a hang; by index, since fast-check inspects generated values and a revoked proxy refuses that. */
const behaviourIndexes = (): fc.Arbitrary<number> => fc.integer({ min: 0, max: HOSTILE.length });

function behaviourAt(index: number): Behaviour {
  return index === HOSTILE.length ? { kind: 'hang' } : { kind: 'reject', value: HOSTILE[index] };
}

describe('prepare against a hostile host (seeded)', () => {
  it('a read that rejects with any value is READ_FAILED with that value as cause; a hung read is CANCELLED', async () => {
    await fc.assert(
      fc.asyncProperty(behaviourIndexes(), async (index) => {
        const behaviour = behaviourAt(index);
        const result = await prepareUnder('read', behaviour);
        expect(result.ok).toBe(false);
        const error = (result as { error: unknown }).error;
        expect(error).toBeInstanceOf(SessionReferenceError);
        const typed = error as SessionReferenceError;
        expect(typeof typed.message).toBe('string');
        if (behaviour.kind === 'hang') expect(typed.code).toBe('SESSION_REFERENCE_CANCELLED');
        else {
          expect(typed.code).toBe('SESSION_REFERENCE_READ_FAILED');
          expect(Object.is(typed.cause, behaviour.value)).toBe(true);
        }
      }),
      { seed: 14, numRuns: 60 },
    );
  });

  it.each(MALFORMED_SURFACES.map((value) => [value]))('a read answering %o is READ_FAILED, not a TypeError', async (value) => {
    const result = await prepareUnder('read', { kind: 'malformed', value });
    expect(result.ok).toBe(false);
    expect((result as { error: SessionReferenceError }).error).toMatchObject({
      name: 'SessionReferenceError',
      code: 'SESSION_REFERENCE_READ_FAILED',
    });
  });

  it('a save that rejects with any value or hangs: save-failed (prepare still succeeds) or CANCELLED', async () => {
    await fc.assert(
      fc.asyncProperty(behaviourIndexes(), async (index) => {
        const behaviour = behaviourAt(index);
        const result = await prepareUnder('save', behaviour, 600);
        if (behaviour.kind === 'hang') {
          expect(result.ok).toBe(false);
          expect((result as { error: SessionReferenceError }).error.code).toBe('SESSION_REFERENCE_CANCELLED');
          return;
        }
        expect(result.ok).toBe(true);
        const text = (result as { value: { additionalContext?: { content: { text: string }[] } } }).value.additionalContext!.content[0]!
          .text;
        expect(text).toContain('"fullSnapshot":{"status":"unavailable","reason":"save-failed"}');
      }),
      { seed: 15, numRuns: 40 },
    );
  });

  it.each(MALFORMED_SAVES.map((value) => [value]))('a save answering %o counts as save-failed', async (value) => {
    const result = await prepareUnder('save', { kind: 'malformed', value }, 600);
    expect(result.ok).toBe(true);
    const context = (result as { value: { additionalContext?: { content: { text: string }[]; source: unknown } } }).value
      .additionalContext!;
    expect(context.content[0]!.text).toContain('"reason":"save-failed"');
    expect((context.source as SessionReferenceSource).references[0]!.truncated).toBe(true);
  });

  it('a metadata lookup that rejects propagates the very value (the spec keeps host lookup errors unchanged); a hang is CANCELLED', async () => {
    await fc.assert(
      fc.asyncProperty(behaviourIndexes(), async (index) => {
        const behaviour = behaviourAt(index);
        const result = await prepareUnder('lookup', behaviour);
        expect(result.ok).toBe(false);
        const error = (result as { error: unknown }).error;
        if (behaviour.kind === 'hang') expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_CANCELLED');
        else expect(Object.is(error, behaviour.value)).toBe(true);
      }),
      { seed: 16, numRuns: 40 },
    );
  });

  it.each(ODD_MODEL_INFOS.map((value) => [value]))('model info %o gives a safe budget and prepare succeeds', async (value) => {
    const result = await prepareUnder('lookup', { kind: 'malformed', value });
    expect(result.ok).toBe(true);
    const budget = await withReplaced(
      host.ctx.llm,
      'resolveModelInfo',
      () => Promise.resolve(value),
      () => resolver.resolveBudget(agent),
    );
    expect(Number.isSafeInteger(budget)).toBe(true);
    expect(budget).toBeGreaterThanOrEqual(DEFAULT_MAX_REFERENCE_BYTES);
  });
});

describe('budget from absurd context windows (issue D1)', () => {
  const cases: [number, number][] = [];
  for (const window of [Number.POSITIVE_INFINITY, 1e300, 2 ** 51]) for (const fraction of [0, 0.2, 1]) cases.push([window, fraction]);

  it.each(cases)('window %d at fraction %d: a safe budget, and prepare succeeds', async (window, fraction) => {
    const config = resolver.config as { referenceContextFraction: number };
    const saved = config.referenceContextFraction;
    config.referenceContextFraction = fraction;
    try {
      const info = { context: { contextWindow: window } };
      const budget = await withReplaced(
        host.ctx.llm,
        'resolveModelInfo',
        () => Promise.resolve(info),
        () => resolver.resolveBudget(agent),
      );
      expect(Number.isSafeInteger(budget)).toBe(true);
      const expected = Number.isFinite(window)
        ? Math.min(Number.MAX_SAFE_INTEGER, Math.max(DEFAULT_MAX_REFERENCE_BYTES, Math.floor(window * 4 * fraction)))
        : DEFAULT_MAX_REFERENCE_BYTES;
      expect(budget).toBe(expected);
      const prepared = await withReplaced(
        host.ctx.llm,
        'resolveModelInfo',
        () => Promise.resolve(info),
        () => resolver.prepare(agent, [{ type: 'text', text: '@src' }], [{ sessionId: 'src' }]),
      );
      expect(prepared.additionalContext).toBeDefined();
    } finally {
      config.referenceContextFraction = saved;
    }
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
      host.ctx.sessionQuery,
      'readSurface',
      () => {
        reads++;
        return Promise.reject(new Error('must not read'));
      },
      () =>
        resolver.prepare(agent, content as never, [{ sessionId: 'src' }]).then(
          () => undefined,
          (e: unknown) => e,
        ),
    );
    expect(error).toMatchObject({ name: 'SessionReferenceError', code: 'SESSION_REFERENCE_INVALID_REFERENCE' });
    expect(reads).toBe(0);
  });
});
