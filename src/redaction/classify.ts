/** Judging a value under its name: what the name says (its role and the named kinds, cached), the kinds' shapes, a header's scheme, and the randomness rules. */
import { isSessionCookie } from './cookies.ts';
import { claimsFormat, NAMED, namedBy, ROLE_KINDS, WRITTEN_NAMES } from './dispatch.ts';
import { hintsCredential, nameRole, nameWords, withoutCount } from './credential-names.ts';
import type { NameRole } from './credential-names.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_FORMAT, RANK_GENERIC, RANK_NAMED } from './kind-record.ts';
import { wholeFormat } from './whole-format.ts';
import type { Finding, KindRecord, NameAnchor } from './kind-record.ts';
import { joinedValue, readValue, skipBlanks } from './spans.ts';
import type { Span } from './spans.ts';
import { isCredentialValue, MIXED_RE } from './credential-values.ts';
import { isSeedPhrase, SEED_NAME_RE } from './seed-phrases.ts';
import { isEthereumAddress, wordShare } from './randomness.ts';

/** What a scan collects besides findings. */
export interface ScanState {
  found: Finding[];
  /** A `kind: Secret` was seen: the Kubernetes pass runs after the scan. */
  kubernetesSecret: boolean;
  /** The next infix literal that starts with a letter or digit (scan.ts), at or after {@link wordInfixFrom}: its index, -1 none, -2 not searched yet. */
  wordInfix: number;
  wordInfixFrom: number;
  /** The last URL query parameter read back (urls.ts): its `?` or `&`, -1 none, and where its run of URL characters starts. */
  query: number;
  queryRun: number;
  /** The scheme's `://` of the run at {@link queryRun} (-1 none), and whether its path is a hook's. */
  queryScheme: number;
  queryHook: boolean;
  /** Calls (calls.ts): the last `(` before {@link parenTo} (-1 none), and the first at or after it (-1 none, -2 not searched yet). */
  paren: number;
  parenTo: number;
  parenNext: number;
  /** Letters-only call arguments (pivot-free.ts): the next one's comma at or after {@link lettersFrom} (-1 none, -2 not searched yet). */
  letters: number;
  lettersFrom: number;
  /** Tokens the pivot search never stops in (pivot-free.ts): the next candidate's index at or after {@link bareFrom} (-1 none, -2 not searched yet). */
  bare: number;
  bareFrom: number;
  /** Command tables (config-columns.ts): the header line of the table the lines read so far end in (-1 none), and where reading stopped. */
  tableHeader: number;
  tableTo: number;
}

/** Records a finding: [start, end) to replace as `kind`, `rank` saying how sure it is (overlapping findings merge, the surer naming the whole). */
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
  // A wallet's recovery phrase, words and blanks, under a name for one (`MNEMONIC="…"`, `mnemonic: "…"`, `seed_phrase`).
  if (given.unbalanced !== undefined && SEED_NAME_RE.test(name) && isSeedPhrase(text.slice(given.start, given.end))) {
    push(state, given.start, given.end, 'secret', RANK_NAMED);
    return;
  }
  const { role: nameGives, named: candidates } = nameInfo(name);
  // A quoted value holding characters no key has (blanks, brackets) may be a quote never closed: keys are read up to them.
  // A value closed on its line with no blank in it is whole, brackets and all (a Django key holds `(`), unless all
  // that follows the run is closing punctuation (`"key…)` inside a JSON string is a quote never closed).
  const unbalanced = given.unbalanced;
  const cut =
    unbalanced !== undefined &&
    (/\s/.test(joinedValue(text.slice(given.start, given.end))) || !/[A-Za-z0-9]/.test(text.slice(unbalanced.end, given.end)));
  const read = unbalanced !== undefined && cut && nameGives !== 'password' ? unbalanced : given;
  // A registry export's binary value (`"Password"=hex:a6,bc,…`) runs over its comma-separated bytes and continued lines.
  const value =
    text.charCodeAt(read.start) === 104 && text.startsWith('hex', read.start) ? { ...read, end: hexListEnd(text, read.end) } : read;
  const raw = joinedValue(text.slice(value.start, value.end), value.pieces === true);
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
  // Google's and WordPress' application passwords are written in groups of four with blanks between (`abcd efgh ijkl mnop`).
  if ((role === 'password' || role === 'secret') && given.quoted && isAppPassword(text.slice(given.start, given.end))) {
    push(state, given.start, given.end, 'password', RANK_GENERIC);
    return;
  }
  if (role === 'auth' && authorization(text, value, state, AUTHORIZATION_RE.test(name))) return;
  // A single-page app's sign-in config ships its OAuth client id to every browser, as a web client's id is (Amplify's
  // `aws_user_pools_web_client_id`): public by design.
  if (
    role === 'client-id' &&
    (/web_?client/i.test(name) ||
      BROWSER_AUTH_RE.test(text.slice(Math.max(0, given.start - 300), given.start)) ||
      inAuthorizeUrl(text, given.start) ||
      SCRIPT_SRC_RE.test(text.slice(Math.max(0, given.start - 300), given.start)) ||
      googleAccountId(text, raw, given.start))
  )
    return;
  if (value !== given && role !== 'password' && schemedCredential(text, given, state)) return;
  // An OpenPGP key's id or fingerprint given to a tool that encrypts or signs with it (duplicity's `--encrypt-key`) names a public key.
  if (OPENPGP_KEY_FLAG_RE.test(name) && OPENPGP_KEY_ID_RE.test(raw)) return;
  if (value.reference === true) return;
  // A value that a placeholder continues (`eyJhbGciOiJIUzI1NiJ9.<payload>.<signature>`) is a template of one.
  const placeholderNext = text.charCodeAt(value.end) === 60 || text.charCodeAt(value.end + 1) === 60;
  if (placeholderNext && PLACEHOLDER_AFTER_RE.test(text.slice(value.end, value.end + 35))) return;
  // The public half of a pair whose secret is kept elsewhere (`client_secret: process.env.…`) is configuration.
  if ((role === 'client-id' || role === 'key') && !/secret|private/i.test(name) && secretKeptElsewhere(text, value.start, value.end))
    return;
  // A client whose secret is read from a file (oauth2-proxy's `client_secret_file = "/etc/…"`).
  if (role === 'client-id' && CLIENT_SECRET_FILE_RE.test(text.slice(value.end, value.end + 400))) return;
  // A quoted password may hold a blank or two (`'ycqeWS Zp7Z#38'`); a phrase of words is no password.
  if (role === 'password' && given.quoted && !loose && isSpacedPassword(raw)) {
    push(state, value.start, value.end, 'password', RANK_GENERIC);
    return;
  }
  // An Ethereum address in prose (`Token deployed to: 0x…`) is an account's public name; named, the shape is hCaptcha's secret too.
  if (loose && isEthereumAddress(raw)) return;
  if (claimsFormat(raw) || !isCredentialValue(raw, loose && role === 'password' ? 'secret' : role)) {
    // A vendor's token of letters alone, which the scan never stopped in (`"AccessKeyId": "ASIA…"`).
    const format = value.pieces === true ? null : wholeFormat(text, value.start, value.end);
    if (format !== null) push(state, value.start, value.end, format, RANK_FORMAT);
    return;
  }
  // A client-side SDK key is public: PostHog's `phc_`, RevenueCat's `appl_`/`goog_`/`amzn_`, publishable `pk_`/`pub_`.
  if (PUBLIC_KEY_RE.test(raw)) return;
  push(state, value.start, value.end, ROLE_KINDS.get(role) ?? 'secret', RANK_GENERIC);
}

/** A registry export's list of bytes (`,a6`, or `,\` and a line break before the next) read on from `at`. */
const HEX_BYTE_RE = /,(?:\\\r?\n[ \t]*)?[0-9a-fA-F]{2}(?![0-9a-fA-F])/y;

/** Where a list of hex bytes that goes on at `at` ends (4096 characters at most). */
function hexListEnd(text: string, at: number): number {
  let end = at;
  HEX_BYTE_RE.lastIndex = end;
  while (end - at < 4096 && HEX_BYTE_RE.test(text)) end = HEX_BYTE_RE.lastIndex;
  return end;
}

/** Whether a quoted password holds one or two single blanks between random pieces: random once they are left out, and no words. */
function isSpacedPassword(raw: string): boolean {
  if (raw.length > 64 || !/^\S+(?: \S+){1,2}$/.test(raw) || wordShare(raw) >= 0.25) return false;
  const joined = raw.replaceAll(' ', '');
  return !isPlaceholderValue(joined) && MIXED_RE.test(joined) && isCredentialValue(joined, 'password');
}

/** An application password: four to six groups of four letters or digits, one blank between. */
const APP_PASSWORD_RE = /^[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){3,5}$/;

/**
 * Whether `raw` is an application password rather than four words: {@link APP_PASSWORD_RE}'s groups, with a digit, a
 * capital or a group without a vowel (random groups of four lack one four times in five; words seldom do).
 */
function isAppPassword(raw: string): boolean {
  if (!APP_PASSWORD_RE.test(raw) || isPlaceholderValue(raw.replaceAll(' ', ''))) return false;
  return /[0-9A-Z]/.test(raw) || raw.split(' ').some((group) => !/[aeiouy]/.test(group));
}

/** The browser sign-in SDKs' configs, whose client id every visitor receives (Auth0, Okta, Amplify/Cognito, MSAL, Google). */
const BROWSER_AUTH_RE =
  /<Auth0Provider\b|createAuth0Client\(|new OktaAuth\(|OktaAuth\(\{|Amplify\.configure\(|\bCognito:\s*\{|new PublicClientApplication\(|<GoogleOAuthProvider\b|<MsalProvider\b/;

/** A browser SDK's `<script src="…?client-id=`: the id every page's visitor downloads (PayPal's JavaScript SDK). */
const SCRIPT_SRC_RE = /<script\b[^<>]*\bsrc=["'][^"'<>]*$/i;

/** Whether `raw`, at `at`, is a Google service account's numeric id (21 digits, beside the account's `….iam.gserviceaccount.com`): shown by every `describe`. */
function googleAccountId(text: string, raw: string, at: number): boolean {
  return raw.length === 21 && /^\d+$/.test(raw) && text.slice(Math.max(0, at - 600), at + 600).includes('.iam.gserviceaccount.com');
}

/** A secret's name given a reference, a masked value, a stand-in or nothing instead of its value: `clientSecret: process.env.X`, `APP_SECRET=${X}`, `api_secret: ****`, `CLIENT_SECRET=`. */
const SECRET_REFERENCE_RE =
  /secret\w{0,32}["']?[ \t]{0,4}(?:(?:=>?|:|,)[ \t]{0,4}["']?(?:process\.env|os\.environ|os\.getenv|ENV\[|env\(|System\.getenv|\$\{|\$\(|\$[A-Za-z_]|!env\b|\*{4,}|<[A-Za-z_]|\{\{)|[=:][ \t]{0,4}(?:""|''|$))/i;
/** A secret's name with nothing after it on its line: an empty value, unless the lines below are indented deeper (a YAML mapping, `secret:` over `create: true`). */
const SECRET_AT_LINE_END_RE = /secret\w{0,32}["']?[ \t]{0,4}[=:][ \t]{0,4}\r?\n([ \t]*)/gi;

/** Whether a secret named within 400 characters of [start, end) is given a reference there: the value is the public half of its pair. */
function secretKeptElsewhere(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - 400);
  // Most values have no secret named near them: the next `secret` after the window's start, found by one native search
  // and kept while the scan moves forwards, says so before the pattern runs.
  if (secretWord.text !== text || from < secretWord.from || (secretWord.at >= 0 && secretWord.at < from)) {
    SECRET_WORD_RE.lastIndex = from;
    secretWord = { text, from, at: SECRET_WORD_RE.exec(text)?.index ?? -1 };
  }
  if (secretWord.at < 0 || secretWord.at > end + 400) return false;
  const window = text.slice(from, end + 400);
  if (SECRET_REFERENCE_RE.test(window)) return true;
  SECRET_AT_LINE_END_RE.lastIndex = 0;
  for (let found = SECRET_AT_LINE_END_RE.exec(window); found !== null; found = SECRET_AT_LINE_END_RE.exec(window)) {
    const lineStart = window.lastIndexOf('\n', found.index) + 1;
    let indent = lineStart;
    while (window.charCodeAt(indent) === 32 || window.charCodeAt(indent) === 9) indent++;
    if ((found[1] ?? '').length <= indent - lineStart) return true;
  }
  return false;
}

/** The word every secret's name holds, in either case. */
const SECRET_WORD_RE = /ecret|ECRET/g;
/** The last search for {@link SECRET_WORD_RE}: in `text`, from `from` on, found at `at` (-1: nowhere). */
let secretWord = { text: '', from: 0, at: -1 };

/** A placeholder right after a value, glued or after a separator (`.<payload>`): the value is a template's first piece. */
const PLACEHOLDER_AFTER_RE = /^[.:_-]?<[A-Za-z][\w-]{0,31}>/;

/** An OAuth authorization endpoint's path: `/authorize`, `/oauth/authorize`, `/o/oauth2/v2/auth`, `/oauth2/v2.0/authorize`. */
const AUTHORIZE_PATH_RE = /\/(?:authorize|authorization|auth)$/i;

/** Whether `at` is in the query of an OAuth authorization URL, where the browser is sent: the client id there is public. */
function inAuthorizeUrl(text: string, at: number): boolean {
  let start = at;
  for (const floor = Math.max(0, at - 512); start > floor; start--) {
    const code = text.charCodeAt(start - 1);
    if (code === 32 || code === 10 || code === 9 || code === 34 || code === 39 || code === 60 || code === 40) break;
  }
  const url = text.slice(start, at);
  const query = url.indexOf('?');
  return query > 0 && url.includes('://') && AUTHORIZE_PATH_RE.test(url.slice(0, query));
}

/** Prefixes of the public keys and client ids client SDKs embed in apps and pages (`klarna_live_client_…`, Datadog's `pub…` client tokens, Mapbox's `pk.` public tokens, Crossmint's `ck_production_` client keys). */
const PUBLIC_KEY_RE =
  /^(?:(?:pk|pub|phc|appl|goog|amzn|strp)_|pk\.ey|[a-z]+_(?:live|test)_client_|pub[0-9a-f]{32}$|ck_(?:production|staging)_)/;

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

/** A client secret's file or path setting given a path. */
const CLIENT_SECRET_FILE_RE = /client[_-]?secret[_-]?(?:file|path)["']?[ \t]*[=:][ \t]*["']?~?\//i;

/** The flags that take an OpenPGP key by its id, and the id's forms: 8 or 16 hex digits, or a fingerprint of 40. */
const OPENPGP_KEY_FLAG_RE = /^--(?:encrypt|sign|default|hidden-encrypt)-key$/;
const OPENPGP_KEY_ID_RE = /^(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})$/;

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
  if (kind === 'basic-auth') credentials = { ...credentials, end: wrappedBase64End(text, credentials.start, credentials.end) };
  const secret = joinedValue(text.slice(credentials.start, credentials.end));
  const ok = kind === 'basic-auth' ? isBasicSecret(secret) : !claimsFormat(secret) && isCredentialValue(secret, 'token');
  if (ok) push(state, credentials.start, credentials.end, kind, RANK_NAMED);
  return true;
}

/** A user and password that are both stand-ins: `username:password`, `<user>:<pass>`, `$USER:$PASS`. */
const STAND_IN_PAIR_RE = /^(?:user(?:name)?|<[^>]*>|\$\{?\w+\}?):(?:pass(?:word)?|<[^>]*>|\$\{?\w+\}?)$/i;

/** Printable ASCII with a colon: what base64 basic credentials decode to. */
const DECODED_PAIR_RE = /^[\x20-\x7e]*:[\x20-\x7e]*$/;

/** The `user:password` pair that base64 basic credentials decode to, or null when they decode to none. */
function decodedPair(secret: string): string | null {
  if (secret.length % 4 !== 0 || secret.length > 512) return null;
  try {
    const pair = atob(secret);
    return DECODED_PAIR_RE.test(pair) ? pair : null;
  } catch {
    return null;
  }
}

/**
 * Whether base64 basic credentials are a secret: no blank, no pair of stand-ins (the docs' `username:password`), and no
 * stand-in for a password, judged on the decoded password where there is one (`YOUR` or `Here` can appear in base64
 * by chance), else on the encoding (an empty password: a user's name alone is a key of its own in some APIs).
 */
function isBasicSecret(secret: string): boolean {
  if (secret.length < 8 || /\s/.test(secret)) return false;
  const pair = decodedPair(secret);
  if (pair !== null && STAND_IN_PAIR_RE.test(pair)) return false;
  const password = pair === null ? '' : pair.slice(pair.indexOf(':') + 1);
  return !isPlaceholderValue(password === '' ? secret : password);
}

/** Whether base64 basic credentials encode a pair of stand-ins (the docs' `username:password`). */
export function encodesStandIns(secret: string): boolean {
  const pair = decodedPair(secret);
  return pair !== null && STAND_IN_PAIR_RE.test(pair);
}

/** A line of base64 alone. */
const BASE64_LINE_RE = /\r?\n([A-Za-z0-9+/]{4,}={0,2})(?=\r?\n|$)/y;

/** Where base64 at [start, end) ends when a terminal wrapped its rest onto the next line: its length then makes whole base64 quanta. */
function wrappedBase64End(text: string, start: number, end: number): number {
  if ((end - start) % 4 === 0) return end;
  BASE64_LINE_RE.lastIndex = end;
  const rest = BASE64_LINE_RE.exec(text)?.[0];
  return rest !== undefined && (end - start + rest.trim().length) % 4 === 0 ? end + rest.length : end;
}

/** A scheme's name: letters, with `-` and `.` inside, no digit (a key's first run has them). */
const SCHEME_WORD_RE = /^[A-Za-z][A-Za-z.-]{1,31} $/;

/** A token, key or secret written with its scheme, one quoted value (`token: "Zoho-enczapikey <key>"`): the credential after the scheme, when it is one. */
function schemedCredential(text: string, given: Span, state: ScanState): boolean {
  const space = given.start + text.slice(given.start, given.end).indexOf(' ');
  if (space < given.start || !SCHEME_WORD_RE.test(text.slice(given.start, space + 1))) return false;
  const secret = text.slice(space + 1, given.end);
  if (secret.length < 16 || secret.includes(' ') || claimsFormat(secret) || !isCredentialValue(secret, 'token')) return false;
  const kind = SCHEMES.get(text.slice(given.start, space).toLowerCase());
  if (kind === null) return false;
  push(state, space + 1, given.end, kind ?? 'authorization', RANK_NAMED);
  return true;
}
