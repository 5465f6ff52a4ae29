/** Tokens of formats no record names: a lowercase prefix of one to three words, each closed by `_` or `-`, then 32 or more random letters and digits (`acme_live_…`) or hex after a secret word (`prj_live_sk_…`), the shapes most vendors now give their keys. */
import { chars } from './chars.ts';
import { CodeMarks } from './code-marks.ts';
import { claimsFormat } from './dispatch.ts';
import { isCredentialValue } from './credential-values.ts';

/** A prefix word's characters: lowercase letters (a digit in it would let random values pass for one, `f48_…`). */
const PREFIX = chars('a-z');
/** The body: letters and digits, with `_` and `-` inside (base64url). */
const BODY = chars('A-Za-z0-9_-');
/** The shortest body: ids of objects, messages and tool calls (`msg_…`, `call_…`, `cus_…`) stay under it. */
const MIN_BODY = 32;
/** The shortest body after a word that says the key is live or secret (`flb_live_…`, `acme_prod_…`): no id's prefix holds one. */
const MIN_LIVE_BODY = 20;
/** A prefix word that says a key is live or secret. */
const LIVE_WORD_RE = /(?:^|[_-])(?:live|prod|production|sk|secret)[_-]/;
/** The shortest token the rule reads: a two-letter word, its separator and the shortest body. */
export const MIN_PREFIXED = MIN_LIVE_BODY + 3;
/** The longest body: past it, the run is data, not a key. */
const MAX_BODY = 256;
/** A prefix word's longest. */
const MAX_WORD = 12;
/** Characters that may not follow the body: standard base64 and padding go on (`sha512-…+…/…=`), a `.` or `@` makes a name or an address. */
const NOT_AFTER = chars('+/=.@');
/** Prefixes of public values (publishable and client-side keys, Branch's `key_live_`, project ids) and of stand-ins (`foo_…`, `your_…`). */
const PUBLIC_PREFIX_RE =
  /^(?:pk|pub|public|publishable|client|phc|anon|site|cs|key|test|example|sample|dummy|fake|mock|foo|bar|baz|qux|your|my)[_-]/;
/** A later word of a prefix that says the key is public (Xendit's `xnd_public_production_…`). */
const PUBLIC_WORD_RE = /[_-](?:pub|public|publishable)[_-]/;
/** Prefixes of digests (`sha384-…` in an `integrity` attribute): a hash of public content. */
const DIGEST_PREFIX_RE = /^(?:sha\d*|md5|blake\w*|xxh\w*|crc\d*)[_-]/;
/** Separators a key's body holds at most (`<26>_<22>_<3>`); identifiers made of words hold more. */
const MAX_SEPARATORS = 3;
/** The longest run between separators a key's body holds at least. */
const MIN_SEGMENT = 20;
/** The same for a body of lowercase letters and digits alone. */
const MIN_LOWER_SEGMENT = 40;

/** The characters a body holds, marked per body read. */
const SEEN = new CodeMarks();

/** Per ASCII code: 1 a lowercase letter, 2 an uppercase letter, 4 a digit. */
const CLASS = new Uint8Array(128);
for (let code = 97; code <= 122; code++) CLASS[code] = 1;
for (let code = 65; code <= 90; code++) CLASS[code] = 2;
for (let code = 48; code <= 57; code++) CLASS[code] = 4;

/**
 * Whether the body [start, end) reads like a key's: it mixes lowercase, uppercase and digits (or
 * holds a run of 40 lowercase letters and digits with a letter past `f`),
 * holds at most {@link MAX_SEPARATORS} separators with one segment of {@link MIN_SEGMENT} or
 * more, and repeats a character (an alphabet written out, `useandom-26T198340PX…`, never does).
 */
function keyLikeBody(text: string, start: number, end: number): boolean {
  let seen = 0;
  let separators = 0;
  let segment = 0;
  let longest = 0;
  let repeats = false;
  let beyondHex = false;
  const pass = SEEN.next();
  const marks = SEEN.marks;
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k);
    if (code === 95 || code === 45) {
      if (++separators > MAX_SEPARATORS) return false;
      segment = 0;
      continue;
    }
    seen |= CLASS[code] ?? 0;
    if (code > 102 && code <= 122) beyondHex = true;
    if (++segment > longest) longest = segment;
    if (marks[code] === pass) repeats = true;
    marks[code] = pass;
  }
  // Lowercase letters and digits alone make a key when long and unlike a hex digest (`cog_k7c3qxye…`).
  return (seen === 7 || (seen === 5 && beyondHex && longest >= MIN_LOWER_SEGMENT)) && longest >= MIN_SEGMENT && repeats;
}

/** A prefix with a word that says the token is secret (`prj_live_sk_…`): a hex body is a key only after one. */
const SECRET_WORD_RE = /(?:^|[_-])(?:sk|secret|token|apikey|api|priv|private|pat|auth)[_-]/;

/** Whether [start, end) is hex in one case (`0-9a-f` or `0-9A-F`), as some vendors write their keys' bodies. */
function isHexBody(text: string, start: number, end: number): boolean {
  let seen = 0;
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k);
    if (code >= 48 && code <= 57) continue;
    if (code >= 97 && code <= 102) seen |= 1;
    else if (code >= 65 && code <= 70) seen |= 2;
    else return false;
  }
  return seen !== 3;
}

/** Where the body starts after the prefix words at `start`, or -1: one to three words of 2–12 lowercase letters, each closed by `_` or `-`. */
function bodyStart(text: string, start: number, end: number): number {
  let at = start;
  for (let words = 0; words < 3; words++) {
    const first = text.charCodeAt(at);
    if (first < 97 || first > 122) return words === 0 ? -1 : at;
    const wordEnd = PREFIX.runEnd(text, at, at + MAX_WORD + 1);
    const separator = text.charCodeAt(wordEnd);
    if (wordEnd - at < 2 || wordEnd - at > MAX_WORD || wordEnd >= end || (separator !== 95 && separator !== 45))
      return words === 0 ? -1 : at;
    at = wordEnd + 1;
  }
  return at;
}

/**
 * The token [start, end) when it is a key of a format no record names: a prefix of lowercase
 * words (not a public key's, not one a record claims, at its start or inside it), then a body
 * of at least 32 letters and digits (20 after a word such as `live` or `sk`) that mixes both cases and digits (or is hex in one case
 * after a word that says it is secret, `prj_live_sk_…`) and is random by the rules a named value
 * is judged by. Returns its span, or null.
 */
export function prefixedToken(text: string, start: number, end: number): [number, number] | null {
  if (end - start < MIN_PREFIXED) return null;
  const body = bodyStart(text, start, end);
  if (body < 0) return null;
  const bodyEnd = BODY.runEnd(text, body, body + MAX_BODY + 1);
  if (bodyEnd - body < MIN_LIVE_BODY || bodyEnd - body > MAX_BODY || NOT_AFTER.has(text.charCodeAt(bodyEnd))) return null;
  if (bodyEnd - body < MIN_BODY && !LIVE_WORD_RE.test(text.slice(start, body))) return null;
  const keyLike = keyLikeBody(text, body, bodyEnd);
  if (!keyLike && !isHexBody(text, body, bodyEnd)) return null;
  const prefix = text.slice(start, body);
  if (
    (!keyLike && !SECRET_WORD_RE.test(prefix)) ||
    PUBLIC_PREFIX_RE.test(prefix) ||
    PUBLIC_WORD_RE.test(prefix) ||
    DIGEST_PREFIX_RE.test(prefix)
  )
    return null;
  // A vendor's prefix, generic ones included, at the start or glued inside a word (`xghp_…`, `xlive_…`) leaves the token to
  // its record; after a separator it is a word of this token's own prefix (`acme_live_…`, `orbit-sk-…`).
  for (let k = start; k < body; k++)
    if ((k === start || (CLASS[text.charCodeAt(k - 1)] ?? 0) !== 0) && claimsFormat(text, true, k)) return null;
  return isCredentialValue(text.slice(body, bodyEnd), 'token') ? [start, bodyEnd] : null;
}
