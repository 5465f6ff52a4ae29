/** A config line whose name says nothing of credentials (`tomtom: <key>`, `LINENOTIFY=<token>`): a long random value there is a service's key, unless the name says what else it is (an id, a hash, a cursor). */
import { push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { chars } from './chars.ts';
import { nameWords } from './credential-names.ts';
import { claimsFormat } from './dispatch.ts';
import { wordShare } from './randomness.ts';
import { RANK_GENERIC } from './kind-record.ts';
import type { Span } from './spans.ts';
import { isCredentialValue } from './credential-values.ts';

/** A value such a name may hold: a key's characters; a `/`, `+` or `=` makes an encoded blob, a path or a URL. */
const KEY_CHARS = chars('A-Za-z0-9_.-');
/** The shortest value taken when it mixes cases, and when it has one case only. */
const MIN_MIXED = 27;
const MIN_ONE_CASE = 32;

/** Words of a name that say what a random value under it is when it is no credential: ids, hashes, cursors, encodings, places, a token's claims. */
const SAYS_WHAT = new Set(
  (
    'id ids uid uuid guid ulid oid cid hash sha sha1 sha256 sha512 md5 digest checksum sum crc integrity etag nonce state salt iv seed ' +
    'commit rev revision version ver build ref tag tags image img sig signature fingerprint thumbprint cursor next prev page after ' +
    'before offset trace span request req correlation slug path url uri file filename name title data content body value text ' +
    'payload blob address addr account user username email host domain region zone bucket project org tenant workspace team channel ' +
    'room group pipeline job run node cluster namespace owner repo branch sku plan code model label color theme font icon locale organization ' +
    'lang format type kind mode env stage status message msg description desc comment note hint public pub publishable site client ' +
    'app instance device session machine serial number no num count age recipient recipients flag flags pref prefs preferences settings ' +
    'config options opts cookie snippet example examples sample samples test tests demo fake mock dummy fixture thumbnail ' +
    'thumb preview table foo bar baz qux error err warning warn info debug exception reason cause result output response log ' +
    'sub iss aud subject issuer audience jti kid'
  ).split(' '),
);

/** Names judged recently and their verdicts: a config file repeats its names. */
const VERDICTS = new Map<string, boolean>();

/** Whether a word of `name` is in {@link SAYS_WHAT}. */
function saysWhat(name: string): boolean {
  let says = VERDICTS.get(name);
  if (says === undefined) {
    says = nameWords(name).some((word) => SAYS_WHAT.has(word));
    if (VERDICTS.size >= 256) VERDICTS.clear();
    VERDICTS.set(name, says);
  }
  return says;
}

/** Whether a name at `start` opens its line: blanks, an `export`, a quote before it at most. */
export function opensLine(text: string, start: number, quoted: boolean): boolean {
  let p = quoted ? start - 1 : start;
  const stop = p - 64;
  while (p > 0 && p > stop && (text.charCodeAt(p - 1) === 32 || text.charCodeAt(p - 1) === 9)) p--;
  if (p >= 7 && text.startsWith('export', p - 7) && text.charCodeAt(p - 1) === 32) p -= 7;
  return p === 0 || text.charCodeAt(p - 1) === 10 || text.charCodeAt(p - 1) === 13;
}

/** Whether `raw` holds lower-case letters, upper-case letters and digits: 2 for all three, 1 for one case and digits, 0 otherwise. */
function mix(raw: string): number {
  let lower = false;
  let upper = false;
  let digit = false;
  let pastHex = false;
  // `0x` leads a hex number (an Ethereum address, a hash): the hex after it is read.
  for (let k = raw.startsWith('0x') ? 2 : 0; k < raw.length; k++) {
    const code = raw.charCodeAt(k);
    if (code >= 97 && code <= 122) {
      lower = true;
      if (code > 102) pastHex = true;
    } else if (code >= 65 && code <= 90) {
      upper = true;
      if (code > 70) pastHex = true;
    } else if (code >= 48 && code <= 57) digit = true;
  }
  // Hex under a name that says nothing is a hash or an address (mixed case: an Ethereum checksum) far more often than a key.
  if (!digit || !pastHex) return 0;
  return lower && upper ? 2 : 1;
}

/**
 * Values that are something else by their shape: a UUID (an id, with or without its version), an object id behind its
 * type's prefix (`pi_…`, `asst_…`), encoded JSON (`eyJ…`), an age recipient (`age1…`, a public key).
 */
const NOT_A_KEY_RE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|[a-z]{2,10}_|eyJ|age1)/i;

/**
 * A value assigned to a name that hints at no credential, the name opening its line ({@link opensLine}: `.env`, YAML,
 * TOML, INI, one JSON member a line): a key when it is long, random and of a key's characters, and no word of its
 * name says it is something else.
 */
export function unnamedConfigValue(text: string, written: string, value: Span, state: ScanState): void {
  const length = value.end - value.start;
  if (length < MIN_MIXED || length > 256 || value.reference === true || KEY_CHARS.runEnd(text, value.start, value.end) !== value.end)
    return;
  if (written.length < 3 || written.length > 40) return;
  const raw = text.slice(value.start, value.end);
  const kind = mix(raw);
  if (kind === 0 || (kind === 1 && length < MIN_ONE_CASE) || NOT_A_KEY_RE.test(raw)) return;
  if (saysWhat(written)) return;
  if (claimsFormat(raw) || wordShare(raw) >= 0.2 || !isCredentialValue(raw, 'token')) return;
  push(state, value.start, value.end, 'token', RANK_GENERIC);
}
