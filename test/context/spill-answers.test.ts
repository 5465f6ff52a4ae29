/** A spill store's answer is checked before the model sees it: a failed save, a malformed answer, or a field that is empty, over 4,096 characters or holds a control or bidi character, is save-failed and none of it reaches the context text. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionReferenceError } from '../../src/index.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import { AGENT, bootHostileHost, prepareUnder, settle, SOURCE_ID, withReplaced } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';
import { behaviourAt, behaviourIndexes } from '../support/hostile-values.ts';

const MARK = 'SPILLMARK';
const GOOD = { locator: `/spill/${MARK}-locator.txt`, bytes: 1234, retrievalHint: `read ${MARK}-hint with the read tool` };

/** Characters no locator or hint may hold: C0 (NUL included), DEL, C1, and the bidi embeddings, overrides and isolates. */
const FORBIDDEN = ['\u0000', '\u0009', '\u000a', '\u001b', '\u001f', '\u007f', '\u0080', '\u009b', '\u009f'].concat([
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
]);

const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Every bad shape of each field, the others left good. */
const BAD_ANSWERS: [string, unknown][] = [
  ['bytes -5', { ...GOOD, bytes: -5 }],
  ['bytes 1.5', { ...GOOD, bytes: 1.5 }],
  ['bytes Infinity', { ...GOOD, bytes: Number.POSITIVE_INFINITY }],
  ['bytes NaN', { ...GOOD, bytes: Number.NaN }],
  ['bytes 2^53', { ...GOOD, bytes: 2 ** 53 }],
  ['bytes -0.5', { ...GOOD, bytes: -0.5 }],
  ['an empty locator', { ...GOOD, locator: '' }],
  ['an empty hint', { ...GOOD, retrievalHint: '' }],
  ['a 4,097-character locator', { ...GOOD, locator: `${MARK}${'l'.repeat(4097 - MARK.length)}` }],
  ['a 4,097-character hint', { ...GOOD, retrievalHint: `${MARK}${'h'.repeat(4097 - MARK.length)}` }],
  ['a 1 MB locator', { ...GOOD, locator: `${MARK}${'l'.repeat(1_000_000)}` }],
  ['a 1 MB hint', { ...GOOD, retrievalHint: `${MARK}${'h'.repeat(1_000_000)}` }],
  ...FORBIDDEN.map((c): [string, unknown] => [`${hex(c)} in the locator`, { ...GOOD, locator: `${GOOD.locator}${c}x` }]),
  ...FORBIDDEN.map((c): [string, unknown] => [`${hex(c)} in the hint`, { ...GOOD, retrievalHint: `${c}${GOOD.retrievalHint}` }]),
];

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost({ maxReferenceBytes: 600 });
});

afterAll(async () => {
  await (hostile as HostileHost | undefined)?.dispose(); // undefined when beforeAll failed before making it
});

/** Prepares a citation of the long source with the store's save answering `answer`; returns the context text. */
async function contextTextWhenSaveAnswers(answer: unknown): Promise<string> {
  const settled = await withReplaced(
    hostile.host.ctx.spillStore,
    'saveText',
    () => Promise.resolve(answer),
    () => settle(() => hostile.resolver.prepare(AGENT, [{ type: 'text', text: '@src' }], [{ sessionId: SOURCE_ID }])),
  );
  if (!settled.ok) throw new Error('prepare failed', { cause: settled.error });
  return settled.value.additionalContext!.content[0]!.type === 'text'
    ? (settled.value.additionalContext!.content[0] as { text: string }).text
    : '';
}

describe('a spill answer outside its contract', () => {
  it.each(BAD_ANSWERS)('%s: save-failed, and nothing of the answer in the model text', async (_name, answer) => {
    const text = await contextTextWhenSaveAnswers(answer);
    expect(text).toContain('"fullSnapshot":{"status":"unavailable","reason":"save-failed"}');
    expect(text).not.toContain(MARK);
    expect(text).not.toContain('"status":"saved"');
    expect(text.length).toBeLessThan(4000);
  });

  it('an answer at every limit is published verbatim: 4,096-character fields, 0 bytes, the largest safe size, non-BMP text', async () => {
    for (const answer of [
      { locator: `/${'l'.repeat(4095)}`, bytes: 0, retrievalHint: 'h'.repeat(4096) },
      { locator: '/spill/😀 \u00e9\u200d.txt', bytes: Number.MAX_SAFE_INTEGER, retrievalHint: 'read it 👩‍👧' },
    ]) {
      const text = await contextTextWhenSaveAnswers(answer);
      expect(text).toContain(`"fullSnapshot":${JSON.stringify({ status: 'saved', ...answer })}`);
    }
  });

  it('a real local spill store still answers with a published locator', async () => {
    const settled = await settle(() => hostile.resolver.prepare(AGENT, [{ type: 'text', text: '@src' }], [{ sessionId: SOURCE_ID }]));
    expect(settled.ok).toBe(true);
    const text = (settled as { value: { additionalContext?: { content: { text: string }[] } } }).value.additionalContext!.content[0]!.text;
    expect(text).toContain('"status":"saved"');
  });
});

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

describe('a save against a hostile host', () => {
  it('a save that rejects with any value or hangs: save-failed (prepare still succeeds) or CANCELLED', async () => {
    await fc.assert(
      fc.asyncProperty(behaviourIndexes(), async (index) => {
        const behaviour = behaviourAt(index);
        const result = await prepareUnder(hostile, 'save', behaviour, 600);
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
    const result = await prepareUnder(hostile, 'save', { kind: 'malformed', value }, 600);
    expect(result.ok).toBe(true);
    const context = (result as { value: { additionalContext?: { content: { text: string }[]; source: unknown } } }).value
      .additionalContext!;
    expect(context.content[0]!.text).toContain('"reason":"save-failed"');
    expect((context.source as SessionReferenceSource).references[0]!.truncated).toBe(true);
  });
});
