/** A spill answer of any shape, fuzzed through a real prepare: published verbatim exactly when it passes the check, otherwise none of it reaches the model (`npm run fuzz` runs 10,000). */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AGENT, bootHostileHost, settle, SOURCE_ID, withReplaced } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 0x5_9111);
const LIMIT = 4096;
const MARK = 'ANSWERMARK';

/** Characters a published field may not hold. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const HAZARDS = ['\u0000', '\n', '\u001b', '\u007f', '\u0085', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069'];
const HARMLESS = ['a', '/', ' ', 'é', '😀', '\u200d', '\u2028', '\u00a0', '<', '"', '\\'];

/** A field text: a marker (unless empty), then filler, sometimes with one hazard somewhere, at lengths around the limit. */
const fieldText = fc
  .record({
    length: fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(0, LIMIT + 1, 100_000) },
      { weight: 3, arbitrary: fc.constantFrom(1, LIMIT - 1, LIMIT) },
      { weight: 4, arbitrary: fc.integer({ min: MARK.length, max: 64 }) },
    ),
    filler: fc.constantFrom(...HARMLESS),
    hazard: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HAZARDS), fc.double({ min: 0, max: 1, noNaN: true })) },
    ),
  })
  .map(({ length, filler, hazard }) => {
    if (length === 0) return '';
    let text = `${MARK}${filler.repeat(Math.max(0, length - MARK.length))}`.slice(0, Math.max(length, 1));
    if (hazard !== undefined) {
      const at = Math.floor(hazard[1] * text.length);
      text = `${text.slice(0, at)}${hazard[0]}${text.slice(at + 1)}`;
    }
    return text;
  });

const field = fc.oneof(
  { weight: 12, arbitrary: fieldText },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, 5, {}, ['x'], true) },
);
const size = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.nat(), fc.constantFrom(0, Number.MAX_SAFE_INTEGER)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      -1,
      -5,
      1.5,
      -0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      2 ** 53,
      12n,
      '12',
      null,
      undefined,
    ),
  },
);
const answer = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      locator: field,
      bytes: size,
      retrievalHint: field,
      throwing: fc.constantFrom(...Array<undefined>(9).fill(undefined), 'locator', 'bytes', 'retrievalHint'),
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, undefined, 0, 'saved', []) },
);

const isField = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= LIMIT && !FORBIDDEN.test(value);

/** The model of the check: a record with a non-negative safe-integer size and two publishable fields, none of them a throwing getter. */
function passes(a: unknown): a is { locator: string; bytes: number; retrievalHint: string } {
  if (a === null || typeof a !== 'object' || Array.isArray(a)) return false;
  const r = a as { locator?: unknown; bytes?: unknown; retrievalHint?: unknown; throwing?: unknown };
  if (r.throwing !== undefined) return false;
  return typeof r.bytes === 'number' && Number.isSafeInteger(r.bytes) && r.bytes >= 0 && isField(r.locator) && isField(r.retrievalHint);
}

/** The answer as the store resolves with it: the generated record, one field turned into a throwing getter when asked. */
function asResolved(a: unknown): unknown {
  if (a === null || typeof a !== 'object' || Array.isArray(a)) return a;
  const { throwing, ...fields } = a as Record<string, unknown> & { throwing?: string };
  if (throwing === undefined) return fields;
  return Object.defineProperty(fields, throwing, {
    enumerable: true,
    get: () => {
      throw new Error(`${MARK} getter`);
    },
  });
}

let hostile: HostileHost;
const tally = { runs: 0, saved: 0, refused: 0 };

beforeAll(async () => {
  hostile = await bootHostileHost({ maxReferenceBytes: 600 });
});

afterAll(async () => {
  await (hostile as HostileHost | undefined)?.dispose(); // undefined when beforeAll failed before making it
});

async function runAnswer(a: unknown): Promise<void> {
  const settled = await withReplaced(
    hostile.host.ctx.spillStore,
    'saveText',
    () => Promise.resolve(asResolved(a)),
    () => settle(() => hostile.resolver.prepare(AGENT, [{ type: 'text', text: '@src' }], [{ sessionId: SOURCE_ID }])),
  );
  if (!settled.ok) throw new Error('prepare failed', { cause: settled.error });
  const text = (settled.value.additionalContext!.content[0] as { text: string }).text;
  tally.runs++;
  if (passes(a)) {
    tally.saved++;
    const { locator, bytes, retrievalHint } = a;
    expect(text).toContain(
      `"fullSnapshot":${JSON.stringify({ status: 'saved', locator, bytes, retrievalHint }).replaceAll('<', '\\u003c')}`,
    );
  } else {
    tally.refused++;
    expect(text).toContain('"fullSnapshot":{"status":"unavailable","reason":"save-failed"}');
    expect(text).not.toContain(MARK);
    expect(text).not.toContain('"status":"saved"');
    expect(text.length).toBeLessThan(4000);
  }
}

it(`a spill answer reaches the model exactly when it passes the check, over ${RUNS} random answers (seed ${SEED})`, async () => {
  await fc.assert(fc.asyncProperty(answer, runAnswer), { numRuns: RUNS, seed: SEED });
  console.log(`spill-answer fuzz: ${tally.runs} answers, ${tally.saved} published, ${tally.refused} refused as save-failed`);
  expect(tally.runs).toBeGreaterThanOrEqual(RUNS);
}, 3_600_000);
