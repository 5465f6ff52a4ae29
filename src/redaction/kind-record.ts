/** What a credential kind's record holds: its stable name, what anchors it, the value's shape and range, and the checks a match must pass. */
import type { Chars } from './chars.ts';
import type { NameRole } from './credential-names.ts';

/** A run of `chars`, `min` to `max` long, read greedily (records never need backtracking into a run). */
export interface Run {
  chars: Chars;
  min: number;
  max: number;
}

/** A group tried once: matched whole, or skipped whole. */
export interface Optional {
  optional: readonly Part[];
}

/** One element of a value's shape: a literal, a run, or an optional group. */
export type Part = string | Run | Optional;

/**
 * One way a kind is written. The value is `lead? + prefix + body` (prefix formats) or
 * `before + infix + body` (infix formats, anchored on a literal inside the value).
 */
export interface Format {
  /** Literals the value starts with, case-sensitive. */
  prefixes?: readonly string[];
  /** A literal inside the value (`:AA`, `.atlasv1.`), with the part before it read backwards. */
  infix?: string;
  /** Parts before the infix, nearest first (read right to left). */
  before?: readonly Part[];
  /** The shape after the prefix or infix. */
  body: readonly Part[];
  /** Text that may sit just before the prefix and belongs to the value (`https://`, `FlyV1 `). */
  lead?: readonly string[];
  /**
   * Characters that may not sit just before the value (default: letters, digits, `_ - + / .`):
   * `hf_` inside `rhf_Sponsored` or `xoxo` inside `250-xoxo-indieweb` is no token. `null`: any.
   */
  edge?: Chars | null;
  /** Characters that may not follow the value (default: letters and digits). */
  after?: Chars | null;
  /** A last test over the whole value (structure, checksum, class mix). */
  check?: (value: string) => boolean;
  /** Skip the shared placeholder test (a format whose own check already rules placeholders out). */
  allowRepeats?: boolean;
}

/** The names a value is assigned to, for kinds a value alone does not identify. */
export interface NameAnchor {
  /** Whether the assigned name, split into lowercase words, is one of this kind's names. */
  names?: (words: readonly string[]) => boolean;
  /** The one name this kind is assigned to, as written, when its words would say too little (`_authToken`). */
  written?: string;
  /** The value's shape. */
  value: Run;
  /** A last test over the value. */
  check?: (value: string) => boolean;
}

/** A matcher for a kind no format describes (a PEM block, a URL's password), found at a literal. */
export interface CustomAnchor {
  /** The literal that triggers it. */
  literal: string;
  /** `start`: the literal starts a token; `infix`: it may sit anywhere in one (`://`). */
  at: 'start' | 'infix';
  /** The span to replace when the literal sits at `at`, or null. */
  match: (text: string, at: number) => [number, number] | null;
}

/** One credential kind. */
export interface KindRecord {
  /** The stable name: the `<kind>` of `[REDACTED <kind>]`. */
  kind: string;
  /** One line for the README's "what is caught" list. */
  description: string;
  /** The self-identifying ways it is written. */
  formats?: readonly Format[];
  /** The names it is assigned to, when the value needs one. */
  named?: NameAnchor;
  /** Matchers for shapes formats cannot express. */
  custom?: readonly CustomAnchor[];
  /** For the generic kinds: the name roles (`password`, `token`, …) whose random values it stands for. */
  roles?: readonly NameRole[];
}

/** How sure a finding is: a self-identifying format beats a named one, which beats a generic assignment. */
export const RANK_FORMAT = 3;
/** A value whose name (or header, or manifest) says what it is. */
export const RANK_NAMED = 2;
/** A random value assigned to a credential-like name. */
export const RANK_GENERIC = 1;

/** One value to replace, in the coordinates of the text that was scanned. */
export interface Finding {
  start: number;
  end: number;
  kind: string;
  rank: number;
}

/** A run part. */
export function run(charsOf: Chars, min: number, max = min): Run {
  return { chars: charsOf, min, max };
}

/** A format: one of `prefixes`, then `min` to `max` characters of `charsOf`, the whole value passing `check` when given. */
export function prefixed(
  prefixes: string | readonly string[],
  charsOf: Chars,
  min: number,
  max = min,
  check?: (value: string) => boolean,
): Format {
  return { prefixes: typeof prefixes === 'string' ? [prefixes] : prefixes, body: [run(charsOf, min, max)], ...(check ? { check } : {}) };
}

/** A kind its formats alone identify. */
export function tokenKind(kind: string, description: string, ...formats: Format[]): KindRecord {
  return { kind, description, formats };
}

/** An optional group. */
export function optional(...parts: Part[]): Optional {
  return { optional: parts };
}
