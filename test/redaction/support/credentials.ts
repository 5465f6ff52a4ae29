/** Every kind's fixture generator in one list, and the text credentials are embedded in. */
import fc from 'fast-check';
import type { Spec } from './formats.ts';
import { GENERALISED_SPECS } from './generalised-formats.ts';
import { INFIX_SPECS, NAMED_SPECS } from './named-formats.ts';
import { VENDOR_SPECS } from './vendor-formats.ts';

/** A generated credential, and a kind's generators. */
export type { Example, Spec } from './formats.ts';

/** One spec per kind the detector can name. */
export const SPECS: readonly Spec[] = [...VENDOR_SPECS, ...INFIX_SPECS, ...NAMED_SPECS, ...GENERALISED_SPECS];

/** Ordinary words and code, none of which is or contains a credential (no `=`: `password = task-id` would be an assignment). */
export const FILLER_WORDS: readonly string[] = [
  'the',
  'build',
  'failed',
  'because',
  'of',
  'a',
  'missing',
  'import',
  'in',
  'src/index.ts',
  'const',
  'x',
  '1;',
  'return',
  'await',
  'fetch(url)',
  'README.md',
  '日本語',
  'élan',
  '😀',
  'user_name',
  'task-id',
  'v1.2.3',
  'ok.',
  'Error:',
  'function',
  'secret',
  'token',
  'key',
  'Bearer',
  'password',
  'sk',
  'learn',
  '#fff',
  'npm',
  'install',
  'github',
  '42',
];

/** Text from {@link FILLER_WORDS}, joined by spaces and newlines. */
export const filler: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...FILLER_WORDS), fc.constantFrom(' ', ' ', ' ', '\n', ', ')), { maxLength: 30 })
  .map((parts) => parts.map(([word, sep]) => word + sep).join(''));

/** Ordinary words that say nothing about credentials: the text around a look-alike (after `Bearer` or `token =` a random value is a credential). */
export const NEUTRAL_WORDS: readonly string[] = FILLER_WORDS.filter((word) => !/secret|token|key|Bearer|password|=/.test(word));

/** Text from {@link NEUTRAL_WORDS}. */
export const neutralFiller: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...NEUTRAL_WORDS), fc.constantFrom(' ', ' ', '\n', ', ')), { maxLength: 20 })
  .map((parts) => parts.map(([word, sep]) => word + sep).join(''));

/** What may touch a credential on its left without becoming part of it. */
export const LEFT_EDGES: readonly string[] = [' ', '\n', '\t', '"', "'", '`', '(', '[', '{', '<', '>', ',', ';', '|', '=', ': ', '\r\n'];
/** What may touch a credential on its right without becoming part of it. */
export const RIGHT_EDGES: readonly string[] = [' ', '\n', '\t', '"', "'", '`', ')', ']', '}', '<', ',', ';', '|', '\r\n'];
