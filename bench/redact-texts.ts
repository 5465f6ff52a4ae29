/** Deterministic texts for the redaction speed bench: sparse prose with a little code, prose with much code, and text dense with generated credentials and their near misses. */
import fc from 'fast-check';
import { SPECS } from '../test/redaction/support/credentials.ts';
import { rng } from './rng.ts';

/** Strings as a host hands them over: flat, not ropes left by concatenation. */
export const flat = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

const PROSE = (
  'the build failed because a missing import in the parser module broke the bundle so we reverted the change and ' +
  'reran the tests which passed after the cache was cleared; next we should review the schema migration and update ' +
  'the docs before the release, keep the secret out of the repo and rotate the token if it leaked. The key point is ' +
  'that the password policy and the api key rotation are owned by the platform team'
).split(' ');
const CODE = [
  'const result = await fetch(`${baseUrl}/api/v2/items?page=${page}`, { headers });',
  'export function parseConfig(raw: string): Config { return schema.parse(JSON.parse(raw)); }',
  'def load_model(path, max_len=512):\n    return AutoModel.from_pretrained(path, max_length=max_len)',
  'if (!user_name || task_id === undefined) throw new Error(`missing ${field}`);',
  'pip install scikit-learn pandas  # sk-learn for the baseline',
  'commit 3f786850e387550fdab836ed7e6dc881de23001b\nAuthor: Dev <dev@example.com>',
  'request id 0f8fad5b-d9cb-469f-a165-70867728950e took 231 ms',
  'npm install @scope/pkg@1.2.3 @types/node@22.20.7 --save-dev',
  'See https://github.com/org/repo/blob/main/src/index.ts#L42 and http://localhost:3000/health',
  'curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/models',
  'SELECT id, title FROM sessions WHERE cwd = ? ORDER BY created_at DESC LIMIT 50;',
];

/** About `bytes` of prose, with a line of code, a path, a URL or an id now and then. No credential. */
export function proseMessage(random: () => number, bytes: number, codeShare = 0.1): string {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const part =
      random() < codeShare
        ? `\n${CODE[Math.floor(random() * CODE.length)]!}\n`
        : PROSE[Math.floor(random() * PROSE.length)]! + (random() < 0.08 ? '.' : '');
    parts.push(part);
    size += part.length + 1;
  }
  return flat(parts.join(' '));
}

/** `count` messages of about 1 KB, each with four generated credentials of random kinds and four of their near misses. */
export function denseMessages(count: number): string[] {
  const random = rng(3);
  const examples = fc.sample(
    fc.constantFrom(...SPECS).chain((spec) => spec.examples),
    { numRuns: count * 4, seed: 5 },
  );
  const misses = fc.sample(
    fc.constantFrom(...SPECS.flatMap((spec) => spec.nearMisses)).chain((arb) => arb),
    { numRuns: count * 4, seed: 6 },
  );
  return Array.from({ length: count }, (_, i) => {
    const parts: string[] = [];
    for (let k = 0; k < 4; k++) parts.push(proseMessage(random, 100, 0.3), examples[i * 4 + k]!.text, misses[i * 4 + k]!);
    return flat(parts.join('\n'));
  });
}
