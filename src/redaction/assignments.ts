/** Operator-anchored values: `name = value`, `name: value`, `"name": "value"`, `?name=value`, `Authorization: Basic …`, `<add key="…" value="…"/>`; judged under what the name says. */
import { lineBefore } from './argument-spans.ts';
import { sqlplusLogin } from './sql-logins.ts';
import { isDigit, isLetter } from './chars.ts';
import { blockScalar, heredoc } from './block-scalars.ts';
import { byteList, listedLiterals, objectMember, sequenceItems } from './listed-values.ts';
import { classify, push } from './classify.ts';
import { concatenatedValue, pieceOnNextLine } from './concatenated.ts';
import { isSessionCookie, mayEndSessionCookie } from './cookies.ts';
import { claimsFormat } from './dispatch.ts';
import type { ScanState } from './classify.ts';
import { ethereumAccounts, JWK_PRIVATE, jwkPrivateMember, pairedValue, settingPair } from './keyed-values.ts';
import { endsWideNoun, foreignColonValue } from './foreign-prose.ts';
import { completedName, phraseNameBefore } from './name-context.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_NAMED } from './kind-record.ts';
import { declaredName, PATH_RE, readName, readValue } from './spans.ts';
import { sliceOrLast } from './name-runs.ts';
import { hintsCredential } from './credential-names.ts';
import type { Span } from './spans.ts';
import { webhookUrlStart } from './urls.ts';
import { isCredentialValue } from './credential-values.ts';
import { wordShare } from './randomness.ts';
import { opensLine, unnamedConfigValue } from './unnamed-values.ts';

/** Whether the blank-free run that ends at `to` holds three colons or more (an ARN, a URN), read back 128 characters at most. */
function inColonChain(text: string, to: number): boolean {
  let colons = 0;
  for (let at = to - 1; at >= 0 && at >= to - 128; at--) {
    const code = text.charCodeAt(at);
    if (code === 32 || code === 10 || code === 9 || code === 34 || code === 39) return false;
    if (code === 58 && ++colons === 3) return true;
  }
  return false;
}

/** A JAAS login module whose options define users and their passwords (Kafka's brokers). */
const JAAS_PLAIN_RE = /\bPlainLoginModule\s+required\b/;

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
    if (next === 61 && previous !== 61 && previous !== 33) comparedLiteral(text, at, state);
    // `!=`, `!==` and Lua's `~=` compare as `==` does.
    else if (previous === 33 || previous === 126) comparedLiteral(text, at - 1, state);
    if (next === 61 || previous === 61 || previous === 33 || previous === 60 || previous === 62) return;
    // `:=`, and make's `?=` and `+=` and PHP's `.=` (a value assigned in pieces).
    if (previous === 58 || previous === 63 || previous === 43 || previous === 46) nameEnd = at - 1;
    if (next === 62) valueFrom = at + 2;
  } else {
    if (next === 61 || next === 58 || previous === 58) return;
    if (next === 47 && text.charCodeAt(at + 2) === 47) return;
  }
  const name = code === 61 ? declaredName(text, nameEnd) : readName(text, nameEnd);
  // A colon after a word in a language past ASCII (`密码:X`, `hasło: X`: at most the word's last four letters are ASCII, or
  // it ends a noun such as `lösenord`) closes a clause of prose, as does an equals sign right after one (`db.пароль=X`).
  if (
    code === 58
      ? name === null
        ? previous > 127
        : !name.quoted && text.charCodeAt(name.start - 1) > 127 && (name.end - name.start <= 4 || endsWideNoun(text, name.end))
      : name === null && previous > 127
  ) {
    foreignColonValue(text, at, valueFrom, state);
    return;
  }
  if (name === null) return;
  // `https://key:<password>@host`: a URL's user and password, which the URL rules read, not a name and its value.
  if (code === 58 && !name.quoted && text.startsWith('://', name.start - 3)) return;
  // `ICAgKEY= …`: base64 of text whose padding reads as an operator, not a name and its value.
  if (code === 61 && next === 32 && !name.quoted && name.end === at && encodesText(text, name.start, at)) return;
  // `"Password:"`: a label whose colon ends its string, not an operator.
  if (code === 58 && !name.quoted && (next === 34 || next === 39) && text.charCodeAt(name.start - 1) === next) return;
  // `${DB_PASSWORD:?missing}`, `${TOKEN:-}`: a shell parameter expansion, not an assignment; nor is `$KEY:` (a URL's user-info).
  // Spring's `${twilio.auth-token:<default>}` gives its default straight after the colon: that literal is the value.
  if (
    !name.quoted &&
    ((code === 58 && text.charCodeAt(name.start) === 36) ||
      (name.start >= 2 &&
        text.charCodeAt(name.start - 1) === 123 &&
        text.charCodeAt(name.start - 2) === 36 &&
        !(code === 58 && (isLetter(next) || isDigit(next)))))
  )
    return;
  const bare = sliceOrLast(text, name.start, name.end, lastBare);
  lastBare = bare;
  // A checksum annotation (`checksum/secret: <sha256>`) or a CI cache's key (`Cache restored from key: …`) names a digest.
  if (!name.quoted && digestLabel(text, name.start, bare)) return;
  let written = bare;
  const kubernetesKind = written === 'kind';
  const before = name.start > 0 ? text.charCodeAt(name.start - (name.quoted ? 2 : 1)) : 0;
  // `arn:aws:secretsmanager:…:secret:prod/db-AbCdEf`: a field of a colon-separated name (an ARN, a URN), not an assignment.
  if (code === 58 && next !== 32 && !name.quoted && inColonChain(text, name.start)) return;
  const query = before === 63 || before === 38;
  if (query && written === 'sig') {
    sasSignature(text, valueFrom, state);
    return;
  }
  if (query && written === 'code') {
    queryCode(text, valueFrom, state);
    return;
  }
  if (name.quoted && name.end - name.start <= 2 && JWK_PRIVATE.has(bare)) {
    jwkPrivateMember(text, name, valueFrom, state);
    return;
  }
  // `"value": …` and `value: …` after a `name`/`key` field or inside an object named by its key (JSON, YAML; Pulumi's `plaintext`, Postman's `currentValue`);
  // an XML `value="…"` is read from its `key=` (settingPair).
  if (bare === 'value' || bare === 'Value' || bare === 'ParameterValue' || bare === 'plaintext' || bare === 'currentValue') {
    pairedValue(text, name, valueFrom, state);
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
    // Kafka's JAAS `PlainLoginModule` defines each user as `user_<name>="<password>"`.
    if (code === 61 && written.startsWith('user_') && JAAS_PLAIN_RE.test(text.slice(Math.max(0, name.start - 400), name.start))) {
      const password = readValue(text, valueFrom);
      if (password !== null) classify(text, password, 'password', state);
      return;
    }
    // `apiKey: { mainnet: "…" }`: a member of an object a credential's name opens is one of those credentials.
    if (code === 58 && objectMember(text, name, valueFrom, state)) return;
    // A prose phrase closed by a colon and a blank: `password for the prod db: …` is judged as prose is, under its credential word.
    const phrase = code === 58 && next === 32 && !name.quoted ? phraseNameBefore(text, name.start, name.end) : null;
    const value = phrase === null ? null : readValue(text, valueFrom);
    if (phrase !== null && value !== null && !value.quoted) classify(text, value, phrase, state, true);
    // `Hasło do VPN dla nowego konta: …`: a clause of another language that names a credential before its last word.
    else if (phrase === null && code === 58 && next === 32 && !name.quoted) foreignColonValue(text, at, valueFrom, state);
    if (phrase === null && opensLine(text, name.start, name.quoted)) {
      const unnamed = readValue(text, valueFrom);
      if (unnamed !== null) unnamedConfigValue(text, written, unnamed, state);
    }
    if (code === 61) sessionCookieAt(text, nameEnd, valueFrom, state);
    return;
  }
  // `app.keys = ['…', '…']`: a list of secrets under one name, each judged under it.
  if (listedLiterals(text, valueFrom, written, state) || byteList(text, valueFrom, state)) return;
  // `signingKey = []byte("…")`, `key = bytes.fromhex("…")`: a literal converted to bytes is the value.
  const converted = convertedLiteral(text, valueFrom);
  if (converted !== null) {
    classify(text, converted, written, state, true);
    return;
  }
  // A YAML block scalar (`signing_key: |` and indented lines) is one value over its lines.
  let value =
    readValue(text, valueFrom, query) ??
    (code === 58 ? blockScalar(text, valueFrom) : (heredoc(text, valueFrom) ?? pieceOnNextLine(text, valueFrom)));
  // A YAML sequence under the key (`client_secret:` / `- …`, `api_keys:` / `- …` / `- …`): each item is a value.
  if (value === null && code === 58) sequenceItems(text, valueFrom, written, state);
  if (value === null) return;
  // Go's `%+v` writes an empty field as `Password: Host:db` (the next field right after the blank): no value.
  if (
    code === 58 &&
    next === 32 &&
    !value.quoted &&
    GO_FIELD_RE.test(text.slice(value.start, value.end)) &&
    GO_FIELDS_BEFORE_RE.test(text.slice(Math.max(0, name.start - 80), name.start))
  )
    return;
  // `"ab" + "cd"`, adjacent literals over lines: the pieces are one value.
  value = concatenatedValue(text, value);
  // `KEY = process.env.KEY || "<fallback>"`: the literal a reference falls back to is the value, a credential when random
  // (a password's fallback is often a word: `|| "not-set"`).
  const fallback = value.quoted ? null : fallbackAfter(text, value.end);
  if (fallback !== null) {
    classify(text, fallback, written, state, true);
    return;
  }
  // Oracle's `userid=user/password@db` (sqlldr, Forms, a Reports URL's query): the password after the user's slash.
  if (bare === 'userid' || bare === 'USERID') {
    sqlplusLogin(text, value.start, value.end, state);
    return;
  }
  // `login=user:password` (Squid's `cache_peer`, a proxy's settings), Yarn's `npmAuthIdent: "user:password"`: the password after the user's colon.
  const colon = bare === 'login' || bare === 'npmAuthIdent' ? value.start + text.slice(value.start, value.end).indexOf(':') : -1;
  if (colon > value.start && colon < value.end - 1) {
    if (isCredentialValue(text.slice(colon + 1, value.end), 'password')) push(state, colon + 1, value.end, 'password', RANK_NAMED);
    return;
  }
  // `Server=db;User Id=sa;Password=…;` (a connection string's pair) and `--set db.password=… --set …` (`=` with no blank
  // around it, a blank after the value: a command line's) hold a literal, never a code reference.
  // So does a run of random letters no identifier reads like (`password=wxasrhtfnuvburyj, starttls=true` in a `toString()`).
  if (
    value.reference === true &&
    (before === 59 ||
      (before === 32 && text.charCodeAt(name.start - 2) === 59) ||
      (code === 61 && previous !== 32 && next !== 32 && text.charCodeAt(value.end) === 32) ||
      lettersNoWordHolds(text.slice(value.start, value.end)))
  )
    value = { ...value, reference: false };
  if (pair && value.quoted && settingPair(text, value, state, bare === 'name' ? name.start : -1)) return;
  if (pair && !hintsCredential(written)) return;
  // `{ key: "X-Api-Key", value: … }` (Postman, HAR): the key's text names the value that follows, it is no credential.
  if ((pair || bare === 'key') && PAIR_VALUE_NEXT_RE.test(text.slice(value.end, value.end + 24))) return;
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
  const known = state.found.length;
  classify(text, value, written, state);
  // A string that is a name and its key glued (`'private_key:<key>'`, as Cloverly writes its keys) is the key whole.
  const found = state.found[known];
  const quote = text.charCodeAt(name.start - 1);
  if (
    found !== undefined &&
    code === 58 &&
    found.start === valueFrom &&
    !name.quoted &&
    (quote === 34 || quote === 39) &&
    text.charCodeAt(found.end) === quote
  )
    found.start = name.start;
  // A webhook's key in its URL's query (`…/robot/send?access_token=<token>`): the URL is the credential whole.
  else if (found !== undefined && query && found.start === value.start) {
    const url = webhookUrlStart(text, name.start - 1, state);
    if (url >= 0) found.start = url;
  }
}

/**
 * A session cookie named by its framework (`_app_session`, Flask's `session`, `.AspNetCore.Cookies`) whose `=` is at
 * `nameEnd`, in a cookie header: its value is a session token. The name is read only when its last letters may be one's.
 */
function sessionCookieAt(text: string, nameEnd: number, valueFrom: number, state: ScanState): void {
  if (!mayEndSessionCookie(text.charCodeAt(nameEnd - 2), text.charCodeAt(nameEnd - 1))) return;
  const own = readName(text, nameEnd);
  if (own === null || own.quoted || !isSessionCookie(text, own.start, text.slice(own.start, own.end))) return;
  const value = readValue(text, valueFrom);
  if (value !== null) classify(text, value, 'cookie_token', state);
}

/** The operators a reference falls back to a literal with: `||`, `??`, Kotlin's `?:`, Python's `or`. */
const FALLBACK_RE = /^\s{0,4}(?:\|\||\?\?|\?:|or\s)\s{0,4}["'`]/;

/** The quoted literal after a reference that ends at `end` and a fallback operator, or null. */
function fallbackAfter(text: string, end: number): Span | null {
  const match = FALLBACK_RE.exec(text.slice(end, end + 16));
  if (match === null) return null;
  const literal = readValue(text, end + match[0].length - 1);
  return literal !== null && literal.quoted ? literal : null;
}

/**
 * A literal a credential is compared with (`c.password == "<password>"`, `token !== '<token>'`), whose operator starts at
 * `at`: a hard-coded credential, judged under the name when random.
 */
function comparedLiteral(text: string, at: number, state: ScanState): void {
  const name = readName(text, at);
  if (name === null) return;
  const written = text.slice(name.start, name.end);
  if (!hintsCredential(written)) return;
  let from = text.charCodeAt(at + 2) === 61 ? at + 3 : at + 2;
  while (text.charCodeAt(from) === 32) from++;
  const literal = readValue(text, from);
  if (literal !== null && literal.quoted) classify(text, literal, written, state, true);
}

/** Whether the name `bare` at `start` labels a digest: after `checksum/`, or a cache's `key` (`Cache restored from key:`). */
function digestLabel(text: string, start: number, bare: string): boolean {
  if (text.charCodeAt(start - 1) === 47) return text.startsWith('checksum', start - 9);
  return bare === 'key' && /\bcache\b[^\n]{0,40}$/i.test(lineBefore(text, start, 48));
}

/** Base64 with one padding character to come. */
const PADDED_BASE64_RE = /^[A-Za-z0-9+/]{3,}$/;

/** Whether [start, end), with the `=` after it, is base64 of printable ASCII text (no name decodes to such: `api_key`, `authKey`). */
function encodesText(text: string, start: number, end: number): boolean {
  if ((end - start + 1) % 4 !== 0 || (start > 0 && text.charCodeAt(start - 1) > 32)) return false;
  const written = text.slice(start, end);
  if (!PADDED_BASE64_RE.test(written)) return false;
  const decoded = atob(`${written}=`);
  for (let k = 0; k < decoded.length; k++) {
    const code = decoded.charCodeAt(k);
    if (code < 32 || code > 126) return false;
  }
  return true;
}

/**
 * A conversion of a string literal to bytes (Go, Rust, Python, Node, Swift, .NET), or a hash of it (a seeder's
 * `Hash::make('…')`, Django's `make_password`, bcrypt: the literal is the password in clear), up to the literal's quote.
 */
const CONVERSION_RE =
  /\s*(?:\[\]byte\(|hex!\(|bytes\.fromhex\(|Buffer\.from\(|Data\(base64Encoded:\s*|base64\.b64decode\(|Convert\.FromBase64String\(|Encoding\.(?:UTF8|ASCII)\.GetBytes\(|Hash::make\(|bcrypt(?:\.hash(?:Sync)?)?\(|BCrypt::Password\.create\(|make_password\(|generate_password_hash\(|password_hash\(|b(?=["']))/y;
/** The characters a conversion of {@link CONVERSION_RE} starts with: `[`, `h`, `b`, `B`, `D`, `C`, `H`, `m`, `g`, `p` (and `E`, read by code). */
const CONVERSION_FIRST = new Set([91, 104, 98, 66, 68, 67, 72, 109, 103, 112]);

/** The quoted literal a conversion to bytes starting at `from` (blanks first) holds, or null. */
function convertedLiteral(text: string, from: number): Span | null {
  let at = from;
  while (text.charCodeAt(at) === 32) at++;
  if (!CONVERSION_FIRST.has(text.charCodeAt(at)) && !(text.charCodeAt(at) === 69 && text.startsWith('Encoding.', at))) return null;
  CONVERSION_RE.lastIndex = from;
  if (!CONVERSION_RE.test(text)) return null;
  const literal = readValue(text, CONVERSION_RE.lastIndex);
  return literal !== null && literal.quoted ? literal : null;
}

/** A pair's `value` field right after its key's text. */
const PAIR_VALUE_NEXT_RE = /^["']?\s*,?\s*["']?[Vv]alue["']?\s*[:=]/;

/** The shortest run of letters taken for a literal rather than an identifier. */
const MIN_RANDOM_WORD = 12;

/** A run of 12 letters or more with no word-like part in it: what no identifier reads like. */
function lettersNoWordHolds(raw: string): boolean {
  return raw.length >= MIN_RANDOM_WORD && !raw.includes('.') && wordShare(raw) < 0.1;
}

/** A field of Go's `%+v` (`Host:db.internal`), and the fields before one (`{User:svc `). */
const GO_FIELD_RE = /^[A-Z]\w*:(?!\/\/)\S/;
const GO_FIELDS_BEFORE_RE = /(?:^|[{ ])[A-Z]\w*:\S+ $/;

/** Whether a run of letters is random, not an identifier: long, no word-like run in it (`myApiKeyValue` has `Value`), random as a secret. */
function isRandomWord(raw: string): boolean {
  return raw.length >= MIN_RANDOM_WORD && !raw.includes('.') && wordShare(raw) < 0.2 && isCredentialValue(raw, 'secret');
}

/**
 * A URL query's `code=`: an OAuth authorization code or an Azure Functions key (`?code=…==`), a credential when long
 * and random; a country, a coupon or an error code is short or a word.
 */
function queryCode(text: string, from: number, state: ScanState): void {
  const value = readValue(text, from, true);
  if (value === null || value.end - value.start < 20) return;
  const raw = text.slice(value.start, value.end);
  if (!claimsFormat(raw) && isCredentialValue(raw, 'token')) push(state, value.start, value.end, 'token', RANK_NAMED);
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

/** Names that say nothing of a value (a letter or two, `value`, `data`, `tmp`): a token assigned to one is judged by its shape. */
const BLANK_NAME_RE = /^(?:[A-Za-z]{1,2}\d?|val(?:ue)?|data|result|res|out(?:put)?|args?|str(?:ing)?|text|tmp|temp)$/;

/**
 * Whether the token at `start` is a value an operator assigns to a name that judges it (`COMMIT="…"`, `id: …`): after `=` or
 * `:`, a quote and blanks between, and a name other than {@link BLANK_NAME_RE}'s.
 */
export function assignedToJudgingName(text: string, start: number): boolean {
  let at = start - 1;
  const quote = text.charCodeAt(at);
  if (quote === 34 || quote === 39) at--;
  while (at >= 0 && at > start - 10 && text.charCodeAt(at) === 32) at--;
  const code = text.charCodeAt(at);
  if (code !== 61 && code !== 58) return false;
  // Most names are longer than a blank one: seven letters before the operator say so without reading the name.
  let k = at - 1;
  while (k > 0 && k > at - 8 && text.charCodeAt(k) === 32) k--;
  let letters = 0;
  for (; k >= 0 && letters < 7 && isLetter(text.charCodeAt(k)); k--) letters++;
  if (letters === 7) return true;
  const name = readName(text, at);
  return name === null || name.end - name.start > 6 || !BLANK_NAME_RE.test(text.slice(name.start, name.end));
}
