/** Operator-anchored values: `name = value`, `name: value`, `"name": "value"`, `?name=value`, `Authorization: Basic …`, `<add key="…" value="…"/>`; judged under what the name says. */
import { completedName, phraseNameBefore } from './name-context.ts';
import { isSessionCookie } from './cookies.ts';
import { claimsFormat, NAMED, namedBy, ROLE_KINDS, WRITTEN_NAMES } from './dispatch.ts';
import { nameRole, nameWords, withoutCount } from './credential-names.ts';
import type { NameRole } from './credential-names.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_GENERIC, RANK_NAMED } from './record.ts';
import type { Finding, KindRecord, NameAnchor } from './record.ts';
import { declaredName, hintsCredential, PATH_RE, readName, readValue, skipBlanks, sliceOrLast } from './spans.ts';
import type { Span } from './spans.ts';
import { isCredentialValue } from './values.ts';
import { wordShare } from './randomness.ts';

/** What a scan collects besides findings. */
export interface ScanState {
  found: Finding[];
  /** A `kind: Secret` was seen: the Kubernetes pass runs after the scan. */
  kubernetesSecret: boolean;
}

export function push(state: ScanState, start: number, end: number, kind: string, rank: number): void {
  state.found.push({ start, end, kind, rank });
}

/** What a name says: its role, and the named kinds it may hold. */
interface NameInfo {
  role: NameRole | null;
  named: readonly (KindRecord & { named: NameAnchor })[];
}

/** Names seen recently: dense text assigns to the same few names over and over. */
const NAME_CACHE = new Map<string, NameInfo>();
const NAME_CACHE_SIZE = 512;

/** A name that says nothing about credentials. */
const NO_INFO: NameInfo = { role: null, named: [] };

/** The last name looked up and what it says: dense text repeats one name line after line, and comparing it is cheaper than hashing it. */
let lastName = '';
let lastInfo: NameInfo = NO_INFO;

function nameInfo(name: string): NameInfo {
  if (name === lastName) return lastInfo;
  lastName = name;
  lastInfo = nameInfoOf(name);
  return lastInfo;
}

/** The role `name` gives its value, or null: {@link nameInfo}'s, cached with it. */
export function roleOfName(name: string): NameRole | null {
  return nameInfo(name).role;
}

function nameInfoOf(name: string): NameInfo {
  if (!hintsCredential(name)) return NO_INFO;
  if (WRITTEN_NAMES.has(name)) {
    const words = nameWords(name);
    return { role: nameRole(words), named: NAMED.filter((record) => namedBy(record, words, name)) };
  }
  // A number at the end names nothing (`key1`, `key2`, … are all `key`): names are cached without it.
  const key = withoutCount(name);
  const known = NAME_CACHE.get(key);
  if (known !== undefined) return known;
  const words = nameWords(key);
  const info = { role: nameRole(words), named: NAMED.filter((record) => namedBy(record, words, '')) };
  if (NAME_CACHE.size >= NAME_CACHE_SIZE) NAME_CACHE.clear();
  NAME_CACHE.set(key, info);
  return info;
}

/**
 * A named kind whose names and shape fit, else the generic kind of the name's role when the value
 * is random enough. `loose`: the name was not joined to the value by an operator (prose, a bare
 * `NAME value`), so even a password must look random (`the password is incorrect` stays);
 * `namedOnly`: only the named kinds, whose shapes are strict.
 */
export function classify(text: string, given: Span, name: string, state: ScanState, loose = false, namedOnly = false): void {
  const { role: nameGives, named: candidates } = nameInfo(name);
  // A quoted value holding characters no key has (blanks, brackets) may be a quote never closed: keys are read up to them.
  // A value closed on its line with no blank in it is whole, brackets and all (a Django key holds `(`), unless all
  // that follows the run is closing punctuation (`"key…)` inside a JSON string is a quote never closed).
  const unbalanced = given.unbalanced;
  const cut =
    unbalanced !== undefined &&
    (/\s/.test(text.slice(given.start, given.end)) || !/[A-Za-z0-9]/.test(text.slice(unbalanced.end, given.end)));
  const value = unbalanced !== undefined && cut && nameGives !== 'password' ? unbalanced : given;
  const raw = text.slice(value.start, value.end);
  for (const record of value.reference === true ? [] : candidates) {
    const named = record.named;
    const shape = named.value;
    if (
      raw.length >= shape.min &&
      raw.length <= shape.max &&
      shape.chars.all(raw) &&
      (named.check?.(raw) ?? true) &&
      !isPlaceholderValue(raw)
    ) {
      push(state, value.start, value.end, record.kind, RANK_NAMED);
      return;
    }
  }
  const role = namedOnly ? null : nameGives;
  if (role === null) {
    // A session cookie's name (`sessionid`, `PHPSESSID`) says nothing alone; on a cookie header its value is a session token.
    if (!namedOnly && isSessionCookie(text, given.start, name)) classify(text, given, 'session_token', state, loose);
    return;
  }
  if (role === 'auth' && authorization(text, value, state, AUTHORIZATION_RE.test(name))) return;
  if (value !== given && role !== 'password' && schemedCredential(text, given, state)) return;
  if (value.reference === true) return;
  if (claimsFormat(raw) || !isCredentialValue(raw, loose && role === 'password' ? 'secret' : role)) return;
  push(state, value.start, value.end, ROLE_KINDS.get(role) ?? 'secret', RANK_GENERIC);
}

const SCHEMES: ReadonlyMap<string, string | null> = new Map([
  ['basic', 'basic-auth'],
  ['bearer', 'bearer-token'],
  ['token', 'bearer-token'],
  ['apikey', 'bearer-token'],
  ['ssws', 'okta-token'],
  ['splunk', 'bearer-token'],
  ['digest', null],
  ['negotiate', null],
  ['ntlm', null],
]);

/** A name that is an `Authorization` header's. */
const AUTHORIZATION_RE = /authorization$/i;
/** An authentication scheme's name: a word, hyphens and dots allowed. */
const SCHEME_RE = /^[a-z][a-z0-9._-]{1,31}$/;

/** `Authorization: <scheme> <credentials>`: the credentials, named by the scheme (`header`: the name is `Authorization`). Returns whether the value had a scheme. */
function authorization(text: string, value: Span, state: ScanState, header: boolean): boolean {
  const raw = text.slice(value.start, value.end);
  const space = raw.search(/\s/);
  let schemeEnd: number;
  let credentials: Span | null;
  if (value.quoted) {
    if (space < 0) return false;
    schemeEnd = value.start + space;
    const from = skipBlanks(text, schemeEnd, value.end);
    credentials = from < value.end ? { start: from, end: value.end, quoted: true } : null;
  } else {
    schemeEnd = value.end;
    credentials = readValue(text, value.end);
  }
  const scheme = text.slice(value.start, schemeEnd).toLowerCase();
  // In an `Authorization` header a scheme no list names (`GenieKey`, `DeepL-Auth-Key`, `sso-key`) still carries a
  // credential, judged as a token; after another name (`user_auth=… # note`) the first word is the credential itself.
  const kind = SCHEMES.has(scheme)
    ? SCHEMES.get(scheme)
    : header && credentials !== null && SCHEME_RE.test(scheme)
      ? 'authorization'
      : undefined;
  if (kind === undefined) return false;
  if (kind === null || credentials === null) return true;
  const secret = text.slice(credentials.start, credentials.end);
  const ok =
    kind === 'basic-auth'
      ? secret.length >= 8 && !isPlaceholderValue(secret) && !/\s/.test(secret)
      : !claimsFormat(secret) && isCredentialValue(secret, 'token');
  if (ok) push(state, credentials.start, credentials.end, kind, RANK_NAMED);
  return true;
}

/** The last name an operator assigned to. */
let lastBare = '';

/** An assignment operator (`=`, `:`, `:=`, `=>`) at `at`: the value it assigns, when its name is credential-like. */
export function assignmentAt(text: string, at: number, state: ScanState): void {
  const code = text.charCodeAt(at);
  const next = text.charCodeAt(at + 1);
  const previous = at > 0 ? text.charCodeAt(at - 1) : 0;
  let nameEnd = at;
  let valueFrom = at + 1;
  if (code === 61) {
    if (next === 61 || previous === 61 || previous === 33 || previous === 60 || previous === 62) return;
    if (previous === 58) nameEnd = at - 1;
    if (next === 62) valueFrom = at + 2;
  } else {
    if (next === 61 || next === 58 || previous === 58) return;
    if (next === 47 && text.charCodeAt(at + 2) === 47) return;
  }
  const name = code === 61 ? declaredName(text, nameEnd) : readName(text, nameEnd);
  if (name === null) return;
  // `${DB_PASSWORD:?missing}`, `${TOKEN:-}`: a shell parameter expansion, not an assignment.
  if (!name.quoted && name.start >= 2 && text.charCodeAt(name.start - 1) === 123 && text.charCodeAt(name.start - 2) === 36) return;
  const bare = sliceOrLast(text, name.start, name.end, lastBare);
  lastBare = bare;
  let written = bare;
  const kubernetesKind = written === 'kind';
  const before = name.start > 0 ? text.charCodeAt(name.start - (name.quoted ? 2 : 1)) : 0;
  const query = before === 63 || before === 38;
  if (query && written === 'sig') {
    sasSignature(text, valueFrom, state);
    return;
  }
  if (name.quoted && name.end - name.start <= 2 && JWK_PRIVATE.has(bare)) {
    jwkPrivateMember(text, name, valueFrom, state);
    return;
  }
  if (bare === 'accounts') {
    ethereumAccounts(text, valueFrom, state);
    return;
  }
  if (!name.quoted) written = completedName(text, name.start, written);
  // `<add key="SmtpPassword" value="…"/>`, `<property name="password" value="…"/>`: the value is judged under the pair's name.
  const pair = !name.quoted && (bare === 'key' || bare === 'name');
  if (!kubernetesKind && !pair && !hintsCredential(written)) {
    // A prose phrase closed by a colon: `password for the prod db: …` is judged as prose is, under its credential word.
    const phrase = code === 58 && !name.quoted ? phraseNameBefore(text, name.start, name.end) : null;
    const value = phrase === null ? null : readValue(text, valueFrom);
    if (phrase !== null && value !== null && !value.quoted) classify(text, value, phrase, state, true);
    return;
  }
  let value = readValue(text, valueFrom, query);
  if (value === null) return;
  // `Server=db;User Id=sa;Password=…;` (a connection string's pair) and `--set db.password=… --set …` (`=` with no blank
  // around it, a blank after the value: a command line's) hold a literal, never a code reference.
  if (
    value.reference === true &&
    (before === 59 ||
      (before === 32 && text.charCodeAt(name.start - 2) === 59) ||
      (code === 61 && previous !== 32 && next !== 32 && text.charCodeAt(value.end) === 32))
  )
    value = { ...value, reference: false };
  if (pair && value.quoted && settingPair(text, value, state, bare === 'name' ? name.start : -1)) return;
  if (pair && !hintsCredential(written)) return;
  if (kubernetesKind) {
    if (value.end - value.start === 6 && text.startsWith('Secret', value.start)) state.kubernetesSecret = true;
    return;
  }
  // `token = token_value` (blanks around `=`) is code; `TOKEN=value` in a .env file is a literal, and so is a long run of
  // random letters (`admin_password = DCyUvTYmsouxTDRmna` in an .ini file): no identifier reads like one.
  if (code === 61 && !value.quoted && (previous === 32 || next === 32)) {
    const raw = text.slice(value.start, value.end);
    if (PATH_RE.test(raw) && !isRandomWord(raw)) return;
  }
  classify(text, value, written, state);
}

/** A JSON Web Key's private members: the EC/OKP/RSA private exponent `d`, RSA's primes and CRT values, a symmetric key's `k`. */
const JWK_PRIVATE = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);
/** How far a key's `"kty"` is looked for around a member. */
const JWK_WINDOW = 1024;
const BASE64URL_RE = /^[A-Za-z0-9_-]{16,}$/;

/** A private member of a JSON Web Key (`"d": "…"` in an object with a `"kty"`): the key itself. */
function jwkPrivateMember(text: string, name: Span, valueFrom: number, state: ScanState): void {
  // Both searches read a bounded window: a text of many `"d"` members is read a window per member, not to its start.
  const head = text.slice(Math.max(0, name.start - JWK_WINDOW), name.start);
  const before = head.lastIndexOf('"kty"');
  const inObject = before >= 0 && !head.includes('}', before);
  const tail = inObject ? '' : text.slice(name.end, name.end + JWK_WINDOW);
  const after = tail.indexOf('"kty"');
  if (!inObject && (after < 0 || tail.slice(0, after).includes('{'))) return;
  const value = readValue(text, valueFrom);
  if (value === null || !value.quoted) return;
  const raw = text.slice(value.start, value.end);
  if (BASE64URL_RE.test(raw) && !isPlaceholderValue(raw)) push(state, value.start, value.end, 'private-key', RANK_NAMED);
}

/** A scheme's name: letters, with `-` and `.` inside, no digit (a key's first run has them). */
const SCHEME_WORD_RE = /^[A-Za-z][A-Za-z.-]{1,31} $/;

/** A token, key or secret written with its scheme, one quoted value (`token: "Zoho-enczapikey <key>"`): the credential after the scheme, when it is one. */
function schemedCredential(text: string, given: Span, state: ScanState): boolean {
  const space = text.indexOf(' ', given.start);
  if (space < 0 || space >= given.end || !SCHEME_WORD_RE.test(text.slice(given.start, space + 1))) return false;
  const secret = text.slice(space + 1, given.end);
  if (secret.length < 16 || secret.includes(' ') || claimsFormat(secret) || !isCredentialValue(secret, 'token')) return false;
  const kind = SCHEMES.get(text.slice(given.start, space).toLowerCase());
  if (kind === null) return false;
  push(state, space + 1, given.end, kind ?? 'authorization', RANK_NAMED);
  return true;
}

/** An Ethereum private key as a string: `0x` and 64 hex digits, quoted. */
const ETHEREUM_KEY_RE = /(\s*)(["'])0x[0-9a-fA-F]{64}\2\s*,?/y;

/** A Hardhat or Truffle network's `accounts: ["0x…", …]`: each entry is a private key. */
function ethereumAccounts(text: string, from: number, state: ScanState): void {
  const open = skipBlanks(text, from, from + 16);
  if (text.charCodeAt(open) !== 91) return;
  ETHEREUM_KEY_RE.lastIndex = open + 1;
  for (let entries = 0; entries < 16; entries++) {
    const at = ETHEREUM_KEY_RE.lastIndex;
    const match = ETHEREUM_KEY_RE.exec(text);
    if (match === null) return;
    const start = at + (match[1] ?? '').length + 1;
    push(state, start, start + 66, 'private-key', RANK_NAMED);
  }
}

/** The shortest run of letters taken for a literal rather than an identifier. */
const MIN_RANDOM_WORD = 12;

/** Whether a run of letters is random, not an identifier: long, no word-like run in it (`myApiKeyValue` has `Value`), random as a secret. */
function isRandomWord(raw: string): boolean {
  return raw.length >= MIN_RANDOM_WORD && !raw.includes('.') && wordShare(raw) < 0.2 && isCredentialValue(raw, 'secret');
}

/** HTML form controls: their `name`/`value` pair is a form field (a CSRF token, a default), not a setting. */
const FORM_CONTROL_RE = /<(?:input|button|option|select|textarea|meta)\b[^<>]*$/i;

/** Whether the attribute at `at` sits in an HTML form control's tag. */
function inFormControl(text: string, at: number): boolean {
  return FORM_CONTROL_RE.test(text.slice(Math.max(0, at - 160), at));
}

/** An Azure shared access signature's `sig=` in a URL query: base64 (URL-encoded or not) of an HMAC. */
function sasSignature(text: string, from: number, state: ScanState): void {
  const value = readValue(text, from, true);
  if (value === null) return;
  const raw = text.slice(value.start, value.end);
  const random = /[a-z]/.test(raw) && /[A-Z]/.test(raw) && /[0-9]/.test(raw) && !isPlaceholderValue(raw);
  if (raw.length >= 40 && raw.length <= 96 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) && random)
    push(state, value.start, value.end, 'azure-sas-signature', RANK_NAMED);
}

/**
 * A setting written as a pair of attributes, `<add key="SmtpPassword" value="…"/>` (.NET, Java
 * properties in XML) or `<property name="password" value="…"/>`: the value is judged under the
 * pair's name. `nameAt`: where a `name` attribute starts (a form control's is no setting), or -1.
 * Returns whether it was one.
 */
function settingPair(text: string, key: Span, state: ScanState, nameAt: number): boolean {
  const match = /^\s+value\s*=\s*/.exec(text.slice(key.end + 1, key.end + 24));
  if (match === null || (nameAt >= 0 && inFormControl(text, nameAt))) return false;
  const value = readValue(text, key.end + 1 + match[0].length);
  if (value !== null && value.quoted) classify(text, value, text.slice(key.start, key.end), state);
  return true;
}
