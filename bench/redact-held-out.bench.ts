// Scores the detector on the project's own held-out corpus (test/redaction/support/held-out-*.ts:
// credentials written from vendors' public format documentation, and hard look-alikes), the way the
// shared corpus is scored: a positive is caught when no needle survives and no 8-character piece of
// one sits beside a marker; a negative must come back unchanged.
//
// Run: node_modules/.bin/node --experimental-strip-types bench/redact-held-out.bench.ts [--misses] [--fps]
// (or `npm run bench -- held-out`).
import { redactTexts } from '../src/redaction/redact.ts';
import { NEGATIVE_CASES, POSITIVE_CASES } from '../test/redaction/support/held-out-corpus.ts';
import { partialLeak } from './corpus-score.ts';

const positives = await redactTexts(POSITIVE_CASES.map((item) => item.text));
const negatives = await redactTexts(NEGATIVE_CASES.map((item) => item.text));
const missed: string[] = [];
const leaked: string[] = [];
POSITIVE_CASES.forEach((item, k) => {
  const output = positives.texts[k]!;
  if (item.needles.some((needle) => output.includes(needle))) missed.push(`${item.kind}\n    ${JSON.stringify(output).slice(0, 300)}`);
  else if (partialLeak(output, item.needles)) leaked.push(`${item.kind}\n    ${JSON.stringify(output).slice(0, 300)}`);
});
const alarms: string[] = [];
NEGATIVE_CASES.forEach((item, k) => {
  const output = negatives.texts[k]!;
  if (output !== item.text) alarms.push(`${item.category}\n    ${JSON.stringify(output).slice(0, 300)}`);
});

const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const caught = POSITIVE_CASES.length - missed.length - leaked.length;
const kinds = new Set(POSITIVE_CASES.map((item) => item.kind)).size;
console.log(`held-out corpus: ${POSITIVE_CASES.length} positive cases of ${kinds} kinds, ${NEGATIVE_CASES.length} hard negatives\n`);
console.log('| | recall | false alarms | partial leaks |\n|---|---|---|---|');
console.log(
  `| this detector | ${pct(caught, POSITIVE_CASES.length)} (${caught} / ${POSITIVE_CASES.length}) | ${pct(alarms.length, NEGATIVE_CASES.length)} (${alarms.length} / ${NEGATIVE_CASES.length}) | ${leaked.length} |`,
);
if (process.argv.includes('--misses')) for (const line of [...missed, ...leaked]) console.log(`  missed: ${line}`);
if (process.argv.includes('--fps')) for (const line of alarms) console.log(`  false alarm: ${line}`);
