/** Lookup tables built once from the kind records: formats and matchers by their literal's first two characters, infixes by their first, named and generic kinds. */
import { RECORDS } from './kinds/index.ts';
import type { NameRole } from './credential-names.ts';
import { chars } from './chars.ts';
import { isCredentialValue } from './credential-values.ts';
import { escapeRegExp } from '../regexp.ts';
import type { CustomAnchor, Format, KindRecord, NameAnchor, Part } from './kind-record.ts';

/** A literal that starts a token or sits inside one, and what to try there. */
export interface Entry {
  kind: string;
  literal: string;
  format?: Format;
  custom?: CustomAnchor;
}

/** Start literals by `first * 128 + second` character code (both ASCII). */
export const STARTS: (Entry[] | undefined)[] = new Array<Entry[] | undefined>(128 * 128);
/** Infix literals by first character code. */
export const INFIXES: (Entry[] | undefined)[] = new Array<Entry[] | undefined>(128);
/** Kinds anchored by the names they are assigned to, tried before the generic ones. */
export const NAMED: readonly (KindRecord & { named: NameAnchor })[] = RECORDS.filter(
  (record): record is KindRecord & { named: NameAnchor } => record.named !== undefined,
);
/** Names a named kind knows as written rather than by their words (`_authToken`). */
export const WRITTEN_NAMES: ReadonlySet<string> = new Set(NAMED.flatMap((record) => record.named.written ?? []));

/** Whether a named kind takes values assigned to `name`, of `words`. */
export function namedBy(record: KindRecord & { named: NameAnchor }, words: readonly string[], name: string): boolean {
  return record.named.written === name || (record.named.names?.(words) ?? false);
}

/** The generic kind for each name role. */
export const ROLE_KINDS: ReadonlyMap<NameRole, string> = new Map(
  RECORDS.flatMap((record) => (record.roles ?? []).map((role) => [role, record.kind] as const)),
);

function key(literal: string): number {
  const a = literal.charCodeAt(0);
  const b = literal.charCodeAt(1);
  if (!(a < 128 && b < 128) || literal.length < 2) throw new Error(`redaction: literal ${literal} must start with two ASCII characters`);
  return a * 128 + b;
}

function addStart(entry: Entry): void {
  (STARTS[key(entry.literal)] ??= []).push(entry);
}

function addInfix(entry: Entry): void {
  const first = entry.literal.charCodeAt(0);
  if (first >= 128) throw new Error(`redaction: infix ${entry.literal} must start with an ASCII character`);
  (INFIXES[first] ??= []).push(entry);
}

for (const record of RECORDS) {
  for (const format of record.formats ?? []) {
    if (format.infix !== undefined) addInfix({ kind: record.kind, literal: format.infix, format });
    for (const prefix of format.prefixes ?? []) addStart({ kind: record.kind, literal: prefix, format });
  }
  for (const custom of record.custom ?? []) {
    if (custom.at === 'start') addStart({ kind: record.kind, literal: custom.literal, custom });
    else addInfix({ kind: record.kind, literal: custom.literal, custom });
  }
}
// Longer literals first: `sk-ant-` is tried before `sk-`.
for (const list of STARTS) list?.sort((a, b) => b.literal.length - a.literal.length);
for (const list of INFIXES) list?.sort((a, b) => b.literal.length - a.literal.length);
/**
 * Infix literals by `first * 128 + second` character code, longest first, each bucket ending with the one-character literals
 * of its first character: at a `.` only the literals that go on with the next character are compared.
 */
export const INFIX_PAIRS: (Entry[] | undefined)[] = new Array<Entry[] | undefined>(128 * 128);
/** The one-character infix literals by character code: all a character past ASCII after one can go on with. */
export const INFIX_SINGLES: (Entry[] | undefined)[] = new Array<Entry[] | undefined>(128);
INFIXES.forEach((entries: Entry[] | undefined, first) => {
  if (entries === undefined) return;
  const singles = entries.filter((entry) => entry.literal.length === 1);
  if (singles.length > 0) INFIX_SINGLES[first] = singles;
  for (let second = 0; second < 128; second++) {
    const pair = entries.filter((entry) => entry.literal.length > 1 && entry.literal.charCodeAt(1) === second);
    if (pair.length > 0 || singles.length > 0) INFIX_PAIRS[first * 128 + second] = [...pair, ...singles];
  }
});

/** Letters and digits: random tokens are full of them, so the infix literals they start (`AZDO`, `NRAL`, `Q~`) are found by one native search. */
export const WORD_LED = chars('A-Za-z0-9');
const WORD_INFIXES = INFIXES.flatMap((entries, code) => (entries !== undefined && WORD_LED.has(code) ? entries : []));
/** Any word-led infix literal. */
export const WORD_INFIX_RE = new RegExp(WORD_INFIXES.map(({ literal }) => escapeRegExp(literal)).join('|'), 'g');

/** The fewest characters `parts` are written with. */
function partsMin(parts: readonly Part[]): number {
  return parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : 'min' in part ? part.min : 0), 0);
}

/** The shortest token that holds a word-led infix format: shorter ones are not searched. */
export const MIN_WORD_INFIX_TOKEN = Math.min(
  ...WORD_INFIXES.map(
    ({ literal, format }) => literal.length + (format === undefined ? 0 : partsMin(format.before ?? []) + partsMin(format.body)),
  ),
);

/** Prefixes too generic to say "this value claims a vendor's format" (`live_…` may be anything). */
const GENERIC_PREFIXES = new Set('live_ test_ key- s. pk. sk. sk- tk. sl. t1. pat SK API- sk_ EAA EAAA YC secret- secret_'.split(' '));
// Short literals of letters and digits alone (`oy2`, `cio`, `00D`) start random values by chance: they claim nothing either.
for (const list of STARTS)
  for (const { literal } of list ?? []) if (literal.length <= 4 && /^[A-Za-z0-9]+$/.test(literal)) GENERIC_PREFIXES.add(literal);

/**
 * Whether `value` starts with a vendor's literal prefix. A value that claims a vendor format
 * but does not match it (`xoxp-1234567890`, `glpat-XXXX`) is a documentation example: the
 * generic keyword rule leaves it alone. A long random body after the prefix is a key all the
 * same (another version of the vendor's format, or another vendor's with the same prefix:
 * Segment's `sgp_` beside Sourcegraph's), so a whole value claims nothing then. `anyPrefix`: the
 * generic prefixes (`live_`, `secret-`) claim too, for a rule that has no name to go by. `at`:
 * where the value starts in `value` (a token read in place, unsliced).
 */
export function claimsFormat(value: string, anyPrefix = false, at = 0): boolean {
  if (value.length < at + 2) return false;
  const a = value.charCodeAt(at);
  const b = value.charCodeAt(at + 1);
  if (a >= 128 || b >= 128) return false;
  const entries = STARTS[a * 128 + b];
  if (entries === undefined) return false;
  for (const { literal } of entries) {
    // The first two characters match by the bucket; a literal of three or more is compared from its third.
    if (literal.length < 3 || literal.length > value.length - at || literal.charCodeAt(2) !== value.charCodeAt(at + 2)) continue;
    if ((anyPrefix || !GENERIC_PREFIXES.has(literal)) && value.startsWith(literal, at))
      return at > 0 || anyPrefix || !randomBody(value, literal.length);
  }
  return false;
}

/** The shortest body after a vendor's prefix that is judged as a key of its own. */
const MIN_UNCLAIMED_BODY = 24;
/** A body's characters. */
const BODY = chars('A-Za-z0-9');

/** Whether `value` past `from` (and the separators after the prefix) is one long random run of letters and digits. */
function randomBody(value: string, from: number): boolean {
  let body = from;
  while (body < value.length && !BODY.has(value.charCodeAt(body))) body++;
  return (
    value.length - body >= MIN_UNCLAIMED_BODY &&
    BODY.runEnd(value, body, value.length) === value.length &&
    isCredentialValue(value.slice(body), 'token')
  );
}
