/** The references walk fuzzed through prepare against a model: each array is decided at its first offending entry, and an accepted one reads exactly its distinct sessions (`npm run fuzz` runs 10,000). */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SessionReferenceError } from '../../src/index.ts';
import { AGENT, bootHostileHost, settle, withReplaced } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 0x23_a77a);
const MAX_REFERENCES = 3;
const IDS = ['s1', 's2', 's3', 's4', 's5', AGENT.id];

type Entry =
  | { kind: 'ref'; id: number; label?: string }
  | { kind: 'hole' }
  | { kind: 'primitive'; value: null | number | string | boolean }
  | { kind: 'badId'; value: unknown }
  | { kind: 'badLabel'; id: number; value: unknown }
  | { kind: 'idThrows' }
  | { kind: 'labelThrows'; id: number }
  | { kind: 'trapThrows' };

type LengthMode = 'true' | 'huge' | 'throws' | 'not-a-length';
interface Spec {
  entries: Entry[];
  proxy: boolean;
  length: LengthMode;
  badLength: unknown;
}

const idIndex = fc.nat({ max: IDS.length - 1 });
const entry: fc.Arbitrary<Entry> = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.record({ kind: fc.constant('ref' as const), id: idIndex, label: fc.option(fc.string(), { nil: undefined }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'hole' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('primitive' as const), value: fc.constantFrom(null, 0, 'id', true) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('badId' as const), value: fc.constantFrom(5, null, undefined, {}, ['s1']) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('badLabel' as const), id: idIndex, value: fc.constantFrom(5, null, {}, false) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'idThrows' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('labelThrows' as const), id: idIndex }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'trapThrows' as const }) },
);
const spec: fc.Arbitrary<Spec> = fc.record({
  entries: fc.array(entry, { maxLength: 10 }),
  proxy: fc.boolean(),
  length: fc.constantFrom<LengthMode>('true', 'true', 'true', 'huge', 'huge', 'throws', 'not-a-length'),
  badLength: fc.constantFrom(-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32, '2', null),
});

/** What the thrown values are, so a cause can be matched to its entry. */
const thrownAt = (index: number) => new Error(`thrown by entry ${index}`);
const LENGTH_THROWN = new RangeError('length refused');

/** The entry as a JavaScript value (undefined for a hole, which is never stored). */
function valueOf(e: Entry, index: number): unknown {
  switch (e.kind) {
    case 'ref':
      return e.label === undefined ? { sessionId: IDS[e.id] } : { sessionId: IDS[e.id], label: e.label };
    case 'hole':
    case 'trapThrows':
      return undefined;
    case 'primitive':
      return e.value;
    case 'badId':
      return { sessionId: e.value };
    case 'badLabel':
      return { sessionId: IDS[e.id], label: e.value };
    case 'idThrows':
      return Object.defineProperty({}, 'sessionId', {
        get: () => {
          throw thrownAt(index);
        },
      });
    case 'labelThrows':
      return Object.defineProperty({ sessionId: IDS[e.id] }, 'label', {
        get: () => {
          throw thrownAt(index);
        },
      });
  }
}

/** The references argument the spec describes, and a count of the indexes read through it (Proxy shapes only). */
function build(s: Spec): { references: unknown[]; reads: () => number } {
  const target: unknown[] = [];
  s.entries.forEach((e, i) => {
    if (e.kind !== 'hole' && !(e.kind === 'trapThrows' && !s.proxy)) target[i] = valueOf(e, i);
  });
  target.length = s.length === 'huge' ? 2 ** 31 : s.entries.length;
  let reads = 0;
  if (!s.proxy) return { references: target, reads: () => reads };
  const references = new Proxy(target, {
    get(t, key, receiver) {
      if (key === 'length') {
        if (s.length === 'throws') throw LENGTH_THROWN;
        if (s.length === 'not-a-length') return s.badLength;
      }
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        reads++;
        if (s.entries[Number(key)]?.kind === 'trapThrows') throw thrownAt(Number(key));
      }
      return Reflect.get(t, key, receiver) as unknown;
    },
  });
  return { references, reads: () => reads };
}

type Expected = { code: string; at?: number; cause?: 'entry' | 'length' } | { ids: string[] };

/** The model: the entries walked in order, stopping at the first error, TOO_MANY where the distinct ids pass the limit. */
function model(s: Spec): { expected: Expected; walked: number } {
  const invalid = (at: number, cause?: 'entry') => ({
    expected: { code: 'SESSION_REFERENCE_INVALID_REFERENCE', at, ...(cause ? { cause } : {}) },
    walked: at + 1,
  });
  if (s.proxy && s.length === 'throws') return { expected: { code: 'SESSION_REFERENCE_INVALID_REFERENCE', cause: 'length' }, walked: 0 };
  if (s.proxy && s.length === 'not-a-length') return { expected: { code: 'SESSION_REFERENCE_INVALID_REFERENCE' }, walked: 0 };
  const length = s.length === 'huge' ? 2 ** 31 : s.entries.length;
  const seen: string[] = [];
  for (let i = 0; i < length; i++) {
    const e: Entry = s.entries[i] ?? { kind: 'hole' };
    if (e.kind === 'hole' || e.kind === 'primitive' || e.kind === 'badId' || e.kind === 'badLabel') return invalid(i);
    if (e.kind === 'idThrows' || e.kind === 'labelThrows') return invalid(i, 'entry');
    if (e.kind === 'trapThrows') return s.proxy ? invalid(i, 'entry') : invalid(i);
    const id = IDS[e.id]!;
    if (id === AGENT.id) return { expected: { code: 'SESSION_REFERENCE_SELF_REFERENCE', at: i }, walked: i + 1 };
    if (seen.includes(id)) continue;
    seen.push(id);
    if (seen.length > MAX_REFERENCES) return { expected: { code: 'SESSION_REFERENCE_TOO_MANY', at: i }, walked: i + 1 };
  }
  return { expected: { ids: seen }, walked: length };
}

let hostile: HostileHost;
const tally = { runs: 0, accepted: 0, invalid: 0, self: 0, tooMany: 0, huge: 0, proxies: 0 };

beforeAll(async () => {
  hostile = await bootHostileHost({ maxReferences: MAX_REFERENCES });
});

afterAll(async () => {
  await hostile.dispose();
});

async function runSpec(s: Spec): Promise<void> {
  const { references, reads } = build(s);
  const { expected, walked } = model(s);
  const readIds: string[] = [];
  const settled = await withReplaced(
    hostile.host.ctx.sessionQuery,
    'readSurface',
    (id) => {
      readIds.push(id as string);
      return Promise.reject(new Error('not stored'));
    },
    () => settle(() => hostile.resolver.prepare(AGENT, [{ type: 'text', text: 'x' }], references)),
  );
  tally.runs++;
  if (s.length === 'huge') tally.huge++;
  if (s.proxy) tally.proxies++;
  if ('ids' in expected) {
    tally.accepted++;
    if (expected.ids.length === 0) expect(settled.ok).toBe(true);
    else expect(settled.ok ? 'resolved' : (settled.error as SessionReferenceError).code).toBe('SESSION_REFERENCE_READ_FAILED');
    expect(readIds).toEqual(expected.ids);
  } else {
    expect(settled.ok).toBe(false);
    const error = (settled as { error: unknown }).error;
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe(expected.code);
    if (expected.at !== undefined) expect((error as Error).message).toMatch(new RegExp(`reference ${expected.at}\\b`));
    if (expected.cause === 'entry') expect((error as Error).cause).toEqual(thrownAt(expected.at!));
    if (expected.cause === 'length') expect((error as Error).cause).toBe(LENGTH_THROWN);
    expect(readIds).toEqual([]);
    if (expected.code === 'SESSION_REFERENCE_INVALID_REFERENCE') tally.invalid++;
    else if (expected.code === 'SESSION_REFERENCE_SELF_REFERENCE') tally.self++;
    else tally.tooMany++;
  }
  if (s.proxy) expect(reads()).toBe(walked);
}

it(`prepare decides every reference array at its first offending entry, over ${RUNS} random arrays (seed ${SEED})`, async () => {
  await fc.assert(fc.asyncProperty(spec, runSpec), { numRuns: RUNS, seed: SEED });
  console.log(
    `reference-array fuzz: ${tally.runs} arrays (${tally.proxies} Proxies, ${tally.huge} of length 2^31): ` +
      `${tally.accepted} accepted, ${tally.invalid} INVALID_REFERENCE, ${tally.self} SELF_REFERENCE, ${tally.tooMany} TOO_MANY`,
  );
  expect(tally.runs).toBeGreaterThanOrEqual(RUNS);
}, 3_600_000);
