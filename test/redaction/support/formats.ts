/** Building blocks for credential fixtures: a token spec from a vendor's documented format, and the near misses every such format has. */
import fc from 'fast-check';
import { random } from './random.ts';

/** One generated credential: `text` as it appears in a session, `secret` the part that must disappear (replaced exactly once). */
export interface Example {
  kind: string;
  text: string;
  secret: string;
}

/** A literal, or a random run: `[alphabet, min, max]`. */
export type Piece = string | readonly [alphabet: string, min: number, max?: number];

/** How a kind is generated, and the look-alikes of it that must stay. */
export interface Spec {
  kind: string;
  examples: fc.Arbitrary<Example>;
  nearMisses: fc.Arbitrary<string>[];
}

function pieces(
  parts: readonly Piece[],
  map: (run: readonly [string, number, number?], index: number) => fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  return fc
    .tuple(...parts.map((part, index) => (typeof part === 'string' ? fc.constant(part) : map(part, index))))
    .map((values) => values.join(''));
}

/** Options of {@link token}. */
export interface TokenOptions {
  /** The value may sit right after a letter without being another word (`https://` webhooks). */
  glued?: boolean;
  /** The last run has a documented minimum (a shorter one is no token). */
  short?: boolean;
  /** Text before the value that is replaced with it (`https://`). */
  lead?: string;
}

/**
 * A self-identifying token: one of `prefixes`, then `parts`. Its near misses: the token glued to a
 * preceding word, its last run one character short, every run masked with `x`, the prefix alone.
 */
export function token(kind: string, prefixes: readonly string[], parts: readonly Piece[], options: TokenOptions = {}): Spec {
  const prefix = fc.constantFrom(...prefixes);
  const body = pieces(parts, ([alphabet, min, max]) => random(alphabet, min, max ?? min));
  const lead = options.lead ?? '';
  const examples = fc.tuple(prefix, body).map(([p, b]): Example => ({ kind, text: lead + p + b, secret: lead + p + b }));
  const lastRun = parts.reduce((found, part, index) => (typeof part === 'string' ? found : index), -1);
  const nearMisses: fc.Arbitrary<string>[] = [
    fc
      .tuple(
        prefix,
        pieces(parts, ([, min, max]) => fc.constant('x'.repeat(Math.max(min, Math.min(max ?? min, 40))))),
      )
      .map(([p, b]) => lead + p + b),
    prefix.map((p) => `${lead}${p} `),
  ];
  if (options.glued !== false)
    nearMisses.push(fc.tuple(fc.constantFrom('a', 'Z', '9', '_'), prefix, body).map(([g, p, b]) => `${g}${p}${b}`));
  if (options.short !== false && lastRun >= 0) {
    const shorter = pieces(parts, ([alphabet, min, max], index) =>
      index === lastRun ? random(alphabet, Math.max(1, min - 6), min - 1) : random(alphabet, min, max ?? min),
    );
    nearMisses.push(fc.tuple(prefix, shorter).map(([p, b]) => lead + p + b));
  }
  return { kind, examples, nearMisses };
}

/** Credential-like names in the spellings people use, for one set of words (`['api', 'key']`). */
export function spellings(words: readonly string[]): string[] {
  const camel = words.map((w, k) => (k === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  return [
    words.join('_').toUpperCase(),
    words.join('_'),
    camel,
    words.join('-'),
    words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(''),
  ];
}

/** The ways a name is assigned a value: .env, shell, YAML, JSON, code, URL query. */
export const ASSIGNMENTS: readonly ((name: string, value: string) => string)[] = [
  (n, v) => `${n}=${v}`,
  (n, v) => `export ${n}="${v}"`,
  (n, v) => `${n}: ${v}`,
  (n, v) => `"${n}": "${v}"`,
  (n, v) => `const ${n} = '${v}';`,
  (n, v) => `${n} := "${v}"`,
  (n, v) => `https://api.example.com/v1/items?${n}=${v}&page=2`,
];

/** A value assigned to one of `names`, in any of {@link ASSIGNMENTS}. */
export function assigned(kind: string, names: readonly string[], value: fc.Arbitrary<string>): fc.Arbitrary<Example> {
  return fc
    .tuple(fc.constantFrom(...names), value, fc.constantFrom(...ASSIGNMENTS))
    .map(([name, v, assign]) => ({ kind, text: assign(name, v), secret: v }));
}

/** The same values assigned to names that say nothing about credentials. */
export function unnamed(value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('COMMIT', 'request_id', 'checksum', 'thumbnail', 'ImageDigest', 'build'), value, fc.constantFrom(...ASSIGNMENTS))
    .map(([name, v, assign]) => assign(name, v));
}
