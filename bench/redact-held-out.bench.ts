// Scores the detector on the project's own held-out corpus (test/redaction/support/held-out-*.ts:
// credentials written from vendors' public format documentation, and hard look-alikes), the way the
// shared corpus is scored: a positive is caught when no needle survives and no 8-character piece of
// one sits beside a marker; a negative must come back unchanged.
//
// Run: node_modules/.bin/node --experimental-strip-types bench/redact-held-out.bench.ts [--misses] [--fps]
// (or `npm run bench -- held-out`).
import { redactTexts } from '../src/redaction/redact.ts';
import { BLIND_BATCHES, NEGATIVE_CASES, POSITIVE_CASES } from '../test/redaction/support/held-out-corpus.ts';
import type { HeldOutNegative, HeldOutPositive } from '../test/redaction/support/held-out-corpus.ts';
import { partialLeak } from './corpus-score.ts';

const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const showMisses = process.argv.includes('--misses');
const showAlarms = process.argv.includes('--fps');

async function scoreBatch(
  name: string,
  positiveCases: readonly HeldOutPositive[],
  negativeCases: readonly HeldOutNegative[],
): Promise<string> {
  const positives = await redactTexts(positiveCases.map((item) => item.text));
  const negatives = await redactTexts(negativeCases.map((item) => item.text));
  const missed: string[] = [];
  const leaked: string[] = [];
  positiveCases.forEach((item, k) => {
    const output = positives.texts[k]!;
    const line = `${item.kind}\n    ${JSON.stringify(output).slice(0, 300)}`;
    if (item.needles.some((needle) => output.includes(needle))) missed.push(line);
    else if (partialLeak(output, item.needles)) leaked.push(line);
  });
  const alarms: string[] = [];
  negativeCases.forEach((item, k) => {
    const output = negatives.texts[k]!;
    if (output !== item.text) alarms.push(`${item.category}\n    ${JSON.stringify(output).slice(0, 300)}`);
  });
  if (showMisses) for (const line of [...missed, ...leaked]) console.log(`  ${name} missed: ${line}`);
  if (showAlarms) for (const line of alarms) console.log(`  ${name} false alarm: ${line}`);
  const caught = positiveCases.length - missed.length - leaked.length;
  const kinds = new Set(positiveCases.map((item) => item.kind)).size;
  return `| ${name} | ${kinds} | ${pct(caught, positiveCases.length)} (${caught} / ${positiveCases.length}) | ${pct(alarms.length, negativeCases.length)} (${alarms.length} / ${negativeCases.length}) | ${leaked.length} |`;
}

const rows = [await scoreBatch('held-out corpus', POSITIVE_CASES, NEGATIVE_CASES)];
for (const batch of BLIND_BATCHES) rows.push(await scoreBatch(batch.name, batch.positives, batch.negatives));
rows.push(
  await scoreBatch(
    `all ${String(BLIND_BATCHES.length + 1)}`,
    [...POSITIVE_CASES, ...BLIND_BATCHES.flatMap((batch) => batch.positives)],
    [...NEGATIVE_CASES, ...BLIND_BATCHES.flatMap((batch) => batch.negatives)],
  ),
);
console.log('| | kinds | recall | false alarms | partial leaks |\n|---|---|---|---|---|');
for (const row of rows) console.log(row);
