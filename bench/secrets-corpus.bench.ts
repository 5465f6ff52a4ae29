// Scores the detector on the shared secrets corpus (`../shared/secrets-corpus/corpus.json` from the
// repository root, or `SECRETS_CORPUS`), beside secretlint's recommended preset alone when it is
// installed: recall over every positive case, kinds caught at least once, false positives over
// the negative cases, partial leaks, and recall per kind for the kinds not fully caught.
//
// Run: node_modules/.bin/node --experimental-strip-types bench/secrets-corpus.bench.ts [--misses] [--fps] [--kinds]
// (or `npm run bench -- secrets-corpus`). `--misses` and `--fps` list the cases behind the figures;
// `--kinds` prints the catalogue of kinds as a table, for the README.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORDS } from '../src/redaction/kinds/index.ts';
import { redactTexts } from '../src/redaction/redact.ts';
import { kindRecallLines, loadCorpus, score, summaryRow } from './corpus-score.ts';
import type { Score } from './corpus-score.ts';
import { secretlintRedactor } from './secretlint-baseline.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const path = process.env.SECRETS_CORPUS ?? resolve(root, '../shared/secrets-corpus/corpus.json');
const corpus = await loadCorpus(path);
if (corpus === undefined) {
  console.log(`secrets corpus: ${path} is absent; nothing to score (set SECRETS_CORPUS to its path).`);
  process.exit(0);
}

if (process.argv.includes('--kinds')) {
  console.log('| kind | what it catches |\n|---|---|');
  for (const { kind, description } of RECORDS) console.log(`| \`${kind}\` | ${description} |`);
  console.log('');
}

const showMisses = process.argv.includes('--misses');
const showFalsePositives = process.argv.includes('--fps');

function details(name: string, s: Score): void {
  const lines = kindRecallLines(s);
  console.log(`\n${name}: recall per kind, kinds not fully caught (${lines.length}):`);
  for (const line of lines) console.log(line);
  if (showMisses) {
    console.log(`\n${name}: missed and partly leaked cases:`);
    for (const item of [...s.missedCases, ...s.leakedCases]) console.log(`  ${item.id}\n    ${JSON.stringify(item.text).slice(0, 300)}`);
  }
  if (showFalsePositives) {
    console.log(`\n${name}: false positives:`);
    for (const { item, output } of s.falsePositiveCases) console.log(`  ${item.id}\n    ${JSON.stringify(output).slice(0, 300)}`);
  }
}

const started = performance.now();
const ours = await score(corpus, async (texts) => (await redactTexts(texts)).texts);
const ms = performance.now() - started;
const rows = [summaryRow('this detector', ours)];
const secretlint = await secretlintRedactor();
const theirs = secretlint === undefined ? undefined : await score(corpus, secretlint);
if (theirs !== undefined) rows.push(summaryRow('secretlint recommended preset alone', theirs));

console.log(
  `secrets corpus: ${corpus.positives.length} credentials of ${new Set(corpus.positives.map((p) => p.kind)).size} kinds, ${corpus.negatives.length} look-alikes, ${corpus.cases.length} cases (scored in ${Math.round(ms)} ms)\n`,
);
console.log('| | recall, all positive cases | kinds caught | false positives, negative cases | partial leaks |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
if (theirs === undefined) console.log('\n(secretlint is not installed: no comparison row)');
details('this detector', ours);
