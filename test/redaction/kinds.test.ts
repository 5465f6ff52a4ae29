// Every kind: credentials generated from its documented format are replaced wherever they sit and however the text
// is wrapped, exactly and only them (the text before them says nothing about credentials: after `password ` a `=`
// edge would make an assignment of its own); its near misses (glued to a word, one character short, masked, the prefix alone,
// the value under an unrelated name or a placeholder) come back byte-exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECORDS } from '../../src/redaction/kinds/index.ts';
import { redactTexts } from '../../src/redaction/redact.ts';
import { LEFT_EDGES, RIGHT_EDGES, SPECS, filler, neutralFiller } from './support/credentials.ts';
import type { Example } from './support/credentials.ts';
import { WRAPPINGS } from './support/wrappings.ts';
import type { Wrapping } from './support/wrappings.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Every kind a redaction can name, with what it covers, from the records the scan is built from. */
const SECRET_KINDS: Readonly<Record<string, string>> = Object.fromEntries(RECORDS.map((record) => [record.kind, record.description]));

function embed(
  example: Example,
  before: string,
  left: string,
  right: string,
  after: string,
  wrapping: Wrapping,
): { text: string; written: string } {
  return { text: wrapping.wrap(`${before}${left}${example.text}${right}${after}`), written: wrapping.escape(example.secret) };
}

describe('every kind has generated fixtures', () => {
  it('covers each kind of the catalogue with a generator', () => {
    const covered = new Set(SPECS.map((spec) => spec.kind));
    expect(Object.keys(SECRET_KINDS).filter((kind) => !covered.has(kind))).toEqual([]);
    expect([...covered].filter((kind) => !Object.hasOwn(SECRET_KINDS, kind))).toEqual([]);
  });

  it('names every kind in lowercase-kebab-case and describes it', () => {
    for (const [kind, description] of Object.entries(SECRET_KINDS)) {
      expect(kind).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(description.length).toBeGreaterThan(10);
    }
  });
});

describe.each(SPECS.map((spec) => [spec.kind, spec] as const))('%s', (kind, spec) => {
  it('replaces a generated value wherever it sits, and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        spec.examples,
        neutralFiller,
        fc.constantFrom(...LEFT_EDGES),
        fc.constantFrom(...RIGHT_EDGES),
        filler,
        fc.constantFrom(...WRAPPINGS),
        async (example, before, left, right, after, wrapping) => {
          const { text, written } = embed(example, before, left, right, after, wrapping);
          const result = await redactTexts([text]);
          const at = text.indexOf(written);
          expect(at).toBeGreaterThanOrEqual(0);
          expect(result.texts[0]).toBe(`${text.slice(0, at)}[REDACTED ${kind}]${text.slice(at + written.length)}`);
          expect(result.counts).toEqual([1]);
          expect(result.byKind).toEqual({ [kind]: 1 });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('leaves its near misses byte-exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(...spec.nearMisses), neutralFiller, async (lookAlike, around) => {
        const text = `${around} ${lookAlike} ${around}`;
        const result = await redactTexts([text]);
        expect(result.texts[0]).toBe(text);
        expect(result.total).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });
});
