/** Credentials passed to calls in code: `NetworkCredential("user", "…")`, `.login("user", "…")`, Go's `smtp.PlainAuth`, reqwest's `basic_auth(…, Some("…"))`, a setter named for a credential (`setApiKey("…")`), and a setting passed as a pair (`define('DB_PASSWORD', '…')`). */
import { argumentEnd, passwordArgument, pushPassword } from './argument-spans.ts';
import { blanksBefore, callName, callNameBefore, lastSolid, NAME_START, quoteBefore, REFERENCE, stringStart } from './call-arguments.ts';
import { classify, push, roleOfName } from './classify.ts';
import type { ScanState } from './classify.ts';
import { claimsFormat } from './dispatch.ts';
import { isCredentialValue, LOWER_KEY_RE, MIXED_RE } from './credential-values.ts';
import { RANK_NAMED } from './kind-record.ts';

/** Calls whose second string argument is a password or an account's key (Azure's `SharedKeyCredentials(account, key)`; a device's Wi-Fi `WiFi.begin(ssid, password)`, `softAP`, `autoConnect`, MicroPython's `wlan.connect`, an OTA updater's `setAuth(user, password)`; paho's `username_pw_set`; Smack's `setUsernameAndPassword`, OMERO's `BlitzGateway(user, password)`; JMS's `createConnection(user, password)`, Crystal Reports' `SetDatabaseLogon`, Perl's `$ftp->login`; Jenkins' `realm.createAccount(user, password)`; Topshelf's `RunAs(user, password)`; the third of Go's `smtp.PlainAuth(identity, user, password, host)`), Python's `auth=("user", "…")`, `http_auth=(…)`, the Cassandra driver's `withAuthCredentials`, and Faraday's `:basic, "user", "…"`. */
const CREDENTIAL_CALL_RE =
  /(?:(?:(?:\.|->)login|\.createConnection|SetDatabaseLogon|\.RunAs|\bauthenticate|WiFi\.begin|\.softAP|\.autoConnect|\.addAP|\b(?:wlan|sta(?:_if)?|station|wifi)\.connect|\.setAuth|\.username_pw_set|NetworkCredential|PSCredential|PlainCredentials|AuthenticationHeaderValue|UsernamePasswordCredentials?|PasswordAuthentication|HTTPBasicAuth|HTTPDigestAuth|BasicAuth(?:entication)?|basic_auth|SharedKeyCredentials?|StorageSharedKeyCredential|AzureNamedKeyCredential|NewSimpleBindRequest|simple_bind(?:_s)?|\.[Bb]ind|\.withAuthCredentials|(?:Username|User)AndPassword|BlitzGateway|\.createAccount|\b(?:http_|basic_)?auth\s*=\s*)\(|PlainAuth\(\s*"[^"\n]*"\s*,|:basic\s*,)\s*@?["'][^"'\n]{1,64}["']\s*$/;
/** Calls whose third string argument is a password: JDBC's `DriverManager.getConnection(url, user, password)`, PHP's `new PDO(dsn, user, password)` and `mysqli`, Ruby's `Net::FTP.open(host, user, password)`, Python's `ftplib.FTP(host, user, passwd)`, Perl's `DBI->connect(dsn, user, password)` and Ruby's `DBI.connect`, .NET's `new DirectoryEntry(path, user, password)`, FreeSWITCH's `ESLconnection(host, port, password)`, MATLAB's `database(source, user, password)`, Domino's `NotesFactory.createSession(host, user, password)`, IBM i's `new AS400(host, user, password)` and `db2_connect`, Nim's `open("host:port", user, password, db)`, PHP's `ldap_bind($link, dn, password)`, an MQTT client's `client.connect(id, user, password)`, any call given a JDBC URL first (Groovy's `Sql.newInstance(url, user, password, driver)`); the fourth of sbt's `Credentials(realm, host, user, password)`. */
const THIRD_ARGUMENT_CALL_RE =
  /(?:(?:getConnection|\bPDO(?:->__construct)?|mysqli_connect|\bmysqli|Net::FTP\.(?:open|new)|\bFTP_TLS|\bFTP|DBI(?:->|\.)connect|DirectoryEntry|ESLconnection|\bdatabase|\.createSession|\bAS400|\bdb2_p?connect|\b(?:mqtt[A-Za-z]*|client)\.connect)\(\s*(?:"[^"\n]{0,200}"|'[^'\n]{0,200}')|\bopen\(\s*["'][\w.-]+:\d{2,5}["']|\bldap_bind\(\s*\$?[\w>-]{1,40}|\(\s*["']jdbc:[^"'\n]{0,200}["']|\bCredentials\(\s*"[^"\n]{0,200}"\s*,\s*"[^"\n]{0,200}")\s*,\s*["'][^"'\n]{1,64}["']\s*$/;
/** A JWT library's call up to the comma after its first argument (a name, or an object literal of one level). */
const JWT_CALL_RE = /\b(?:jwt|JWT|jsonwebtoken)\.(?:sign|verify|encode|decode)\(\s*(?:\{[^{}]{0,240}\}|[\w$.]{1,80})\s*$/;
/** A lowercase word quoted as a call's argument after a comma, which may name the next one. */
const NAMING_ARGUMENT_RE = /,\s*["']([a-z][a-z_]{2,31})["']\s*$/;
/** reqwest's `.basic_auth("user", Some(` up to the password. */
const BASIC_AUTH_SOME_RE = /\.basic_auth\(\s*"[^"\n]{1,64}"\s*,\s*Some$/;
/** The string argument before a call's comma: group 1 its text. */
const LAST_STRING_RE = /["']([^"'\n]{1,64})["']\s*$/;
/**
 * A call's first argument, a quoted name (or a form field's `#id`) or a constant's (`Context.SECURITY_CREDENTIALS`), up to the
 * comma before the second; or any argument that quotes a constant's name (Gradle's `buildConfigField("String", "API_KEY", …)`).
 */
const NAMED_PAIR_RE =
  /(?:[({[]\s*["']#?([A-Za-z_][\w.-]{1,63})["']|[(,]\s*(?:[A-Za-z_][\w$]*\.)?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)|,\s*["']([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'])\s*$/;

/** Calls that build a wallet, a signer or a key pair from a private key given as text. */
const KEY_MATERIAL_CALL_RE =
  /(?:privateKeyToAccount|ToECDSA|fromWIF|CBitcoinSecret|from_base58_string|fromSecretKey|from_key|PrivateKey|SigningKey|Wallet|Credentials\.create|accounts\.add)\($/;
/** A private key as such calls take it: 64 hex digits (an Ethereum key, `0x` or not), a Bitcoin WIF, a Solana key pair in base58. */
const KEY_MATERIAL_RE = /^(?:(?:0x)?[0-9a-fA-F]{64}|[5KL][1-9A-HJ-NP-Za-km-z]{50,51}|[1-9A-HJ-NP-Za-km-z]{86,88})$/;

/** A field named for a password, a secret or a token, then what types into it (Playwright, Cypress, Selenium, WebdriverIO). */
const TYPED_INTO_RE =
  /(?:[Pp]ass(?:word|wd)?|PASSWORD|[Ss]ecret|[Tt]oken)[^()'"\n]{0,24}["']\]?["']?\s*\)\s*\.(?:fill|type|pressSequentially|send_keys|sendKeys|setValue)\($/;

/** A method that sets a credential, `setApiKey(`, `set_password(`, `WithToken(`, a builder's `.password(`, Lua's `red:auth(`, a function named for one (`ors_api_key(`, Stata's `password(` option): group 1 is its name. */
const SETTER_RE =
  /(?:[.:]|\b(?=[Ss]et|[Ww]ith|[A-Za-z][A-Za-z0-9]*_|(?:password|passwd)\())(?:[Ss]et_?|[Ww]ith_?)?([A-Za-z][A-Za-z0-9_]{2,40})\($/;

/** A call that wraps a secret given in clear: AWS CDK's `SecretValue.unsafePlainText(` (Python's `unsafe_plain_text(`, the older `plainText(`). */
const PLAIN_SECRET_RE = /SecretValue\.(?:unsafePlainText|unsafe_plain_text|plainText|plain_text)\($/;

/** A call given Basic credentials: Python's `auth=(`, `HTTPBasicAuth(`. */
const KEY_AS_USER_RE = /(?:\bauth\s*=\s*|HTTPBasicAuth)\($/;
/** The rest of a Basic pair whose password is empty or a stand-in (`"X"`, as Freshdesk's API asks). */
const EMPTY_PASSWORD_RE = /^["']\s*,\s*(["'])[Xx]?\1/;

/** A call that encodes Basic credentials: `btoa(`, Python's `b64encode(`. */
const BASE64_CALL_RE = /(?:\bbtoa|b64encode)\($/;
/** A class's constructor or factory: a capitalised word (`Smartsheet`, `Fleetbase`, `MPRester`), after `new` or a module's name or neither. */
const CLASS_CALL_RE = /(?:^|[^\w$])([A-Z](?=[A-Z]{0,3}[a-z])[A-Za-z0-9]+)\($/;
/** Classes built from a digest, an id or a version, whose hex argument is no key. */
const HEX_CLASS_RE = /hash|digest|sha|md5|commit|revision|checksum|id$|uuid|guid|version|color|colour|hex|address|tx/i;

/**
 * Whether a class's argument is a key: it mixes cases and digits, or is lowercase letters and digits unlike a hex digest,
 * or is hex of 32 or more given to a class not named for a digest or an id (`new Onfleet('<hex>')`).
 */
function classKey(value: string, className: string): boolean {
  // A public key or an address built from its text (Solana's `new PublicKey('…')`) is public.
  if (/Public|Address/.test(className)) return false;
  if (MIXED_RE.test(value) || LOWER_KEY_RE.test(value)) return true;
  return value.length >= 32 && /^[0-9a-f]+$/.test(value) && /[a-f]/.test(value) && !HEX_CLASS_RE.test(className);
}
/** Prefixes of keys a browser SDK is given, public by design (Branch's `key_live_`, PostHog's `phc_`, publishable `pk_`). */
const PUBLIC_KEY_PREFIX_RE = /^(?:pk|pub|public|phc|key|client|site)[_-]/;
/** A key given to a class: letters, digits, `_` and `-` only. */
const CLASS_KEY_RE = /^[A-Za-z0-9_-]+$/;
/** A call that builds an API client or a session from its first argument: its name ends in `API`, `Client`, `Session`, `Auth` or holds `Token`, a module's export called at once (`require('telnyx')(…)`), or a module's `init`/`configure` (`rollbar.init(…)`, `chargebee.configure(…)`). */
const CLIENT_CALL_RE =
  /(?:API|Api|Client|Session|Auth|Token[A-Za-z]*|\bcookie(?:Parser|Session)|\brequire\(\s*['"][\w@/.-]{1,64}['"]\s*\)|\b[a-z][a-z0-9]{2,20}\.(?:init|configure))\($/;

/** A string argument at `start`, after its quote: the first of a call (`("…`), the next one with no blank after its comma (`,"…`), or one quoted twice (`, "\\"…`). */
export function quotedArgument(text: string, start: number, end: number, state: ScanState): void {
  const before = text.charCodeAt(start - 2);
  if (before === 40) setterArgument(text, start, end, state);
  else if (before === 44) credentialCall(text, start - 2, start, end, state);
  else if (before === 60 && text.charCodeAt(start - 3) === 60) {
    // An Erlang binary (`{default_pass, <<"…">>}`) is the tuple's next element.
    let comma = start - 4;
    while (text.charCodeAt(comma) === 32) comma--;
    if (text.charCodeAt(comma) === 44) credentialCall(text, comma, start, end, state);
  } else wrappedArgument(text, start, end, state);
}

/** A string argument at `start` (after `("`): a credential when the call sets one by name, `$mollie->setApiKey("live_…")`. */
function setterArgument(text: string, start: number, end: number, state: ScanState): void {
  const open = start - 2;
  if (text.startsWith('Some', open - 4) && BASIC_AUTH_SOME_RE.test(text.slice(Math.max(0, open - 96), open))) {
    const valueEnd = argumentEnd(text, start, end);
    if (isCredentialValue(text.slice(start, valueEnd), 'password')) pushPassword(state, start, valueEnd);
    return;
  }
  const head = text.slice(Math.max(0, open - 48), open + 1);
  // `btoa('user:<password>')`, `b64encode(b'user:<password>')`: Basic credentials being built.
  if (BASE64_CALL_RE.test(head)) {
    const valueEnd = argumentEnd(text, start, end);
    const colon = text.slice(start, valueEnd).indexOf(':');
    if (colon > 0 && isCredentialValue(text.slice(start + colon + 1, valueEnd), 'password'))
      pushPassword(state, start + colon + 1, valueEnd);
    return;
  }
  // `auth=("<key>", "")`, `HTTPBasicAuth('<key>', 'X')`: an API key sent as the user of Basic credentials, the password left empty.
  if (KEY_AS_USER_RE.test(head)) {
    const valueEnd = argumentEnd(text, start, end);
    const key = text.slice(start, valueEnd);
    if (EMPTY_PASSWORD_RE.test(text.slice(valueEnd, valueEnd + 12)) && key.length >= 16 && isCredentialValue(key, 'token'))
      push(state, start, valueEnd, 'basic-auth', RANK_NAMED);
    return;
  }
  // A wallet built from its private key: viem's `privateKeyToAccount('0x…')`, Go's `crypto.HexToECDSA("…")`, `ECPair.fromWIF('…')`.
  if (KEY_MATERIAL_CALL_RE.test(head)) {
    const valueEnd = argumentEnd(text, start, end);
    if (KEY_MATERIAL_RE.test(text.slice(start, valueEnd))) {
      push(state, start, valueEnd, 'private-key', RANK_NAMED);
      return;
    }
  }
  // AWS CDK's `SecretValue.unsafePlainText("…")`: a secret written into the template in clear; a browser test typing
  // into a password's field (`getByLabel('Password').fill('…')`, `cy.get('#password').type('…')`).
  if (PLAIN_SECRET_RE.test(head) || TYPED_INTO_RE.test(head)) {
    passwordArgument(text, start - 1, state);
    return;
  }
  const setter = SETTER_RE.exec(head);
  const name = setter?.[1];
  // A bare `setKey(` names a cache or map key as often as a credential.
  if (name !== undefined && name.length > 3 && roleOfName(name) !== null) {
    classify(text, { start, end: argumentEnd(text, start, end), quoted: true }, name, state);
    return;
  }
  // A client built from its key: `TodoistAPI("…")`, `berserk.TokenSession("…")`, `cohere.Client("…")`: a long random first argument;
  // any class built from one (`smartsheet.Smartsheet("…")`, `new Fleetbase('…')`): a longer one that mixes cases and digits.
  const client = CLIENT_CALL_RE.test(head);
  const className = client ? undefined : CLASS_CALL_RE.exec(head)?.[1];
  if ((client || className !== undefined) && text.charCodeAt(argumentEnd(text, start, end)) === text.charCodeAt(start - 1)) {
    const valueEnd = argumentEnd(text, start, end);
    const value = text.slice(start, valueEnd);
    const long = client ? value.length >= 20 : value.length >= 30 && CLASS_KEY_RE.test(value) && classKey(value, className ?? '');
    if (long && !PUBLIC_KEY_PREFIX_RE.test(value) && !claimsFormat(value) && isCredentialValue(value, 'token'))
      push(state, start, valueEnd, 'token', RANK_NAMED);
  }
}

/**
 * A call's second argument that starts with a word, `addHeader("Authorization", "KakaoAK <key>")`:
 * the word (at `wordStart`, after its opening quote) holds no character the scan stops at, so the
 * argument is read from it when the token after it is scanned.
 */
export function schemedArgument(text: string, wordStart: number, end: number, state: ScanState): void {
  let comma = wordStart - 1;
  while (comma > 0 && comma > wordStart - 8 && text.charCodeAt(comma - 1) === 32) comma--;
  if (text.charCodeAt(comma - 1) === 44) credentialCall(text, comma - 1, wordStart, end, state);
}

/**
 * An argument quoted twice, a string literal that holds a quoted string (Gradle's `buildConfigField("String", "API_KEY",
 * "\\"<key>\\"")`, read as `""<key>""` once its escapes are decoded; Groovy's `'"<key>"'`): read as the call's argument
 * when a comma comes before its outer quote.
 */
function wrappedArgument(text: string, start: number, end: number, state: ScanState): void {
  const wrap = text.charCodeAt(start - 2);
  const outer = wrap === 92 ? start - 3 : start - 2;
  const quote = text.charCodeAt(outer);
  if (quote !== 34 && quote !== 39) return;
  let comma = outer;
  while (comma > 0 && comma > outer - 8 && text.charCodeAt(comma - 1) === 32) comma--;
  if (text.charCodeAt(comma - 1) === 44) credentialCall(text, comma - 1, start, end, state);
}

/** `NetworkCredential("user", "<password>")`: the second argument, when `comma` follows a call's first string argument. */
export function credentialCall(text: string, comma: number, start: number, end: number, state: ScanState): void {
  const quote = text.charCodeAt(start - 1);
  if (quote !== 34 && quote !== 39) return;
  const before = text.slice(Math.max(0, comma - 280), comma);
  const valueStart = start;
  const valueEnd = argumentEnd(text, start, end);
  // Every pattern below ends at a quoted string or a name before the comma: one that ends otherwise (a SQL tuple's `(42,`) is searched by none.
  const last = lastSolid(before, before.length);
  const quoted = before.charCodeAt(last) === 34 || before.charCodeAt(last) === 39;
  // A quoted string's opening quote, and what stands before it: a call's `(` or a list's `,`.
  const open = quoted ? quoteBefore(before, last) : -1;
  // C#'s verbatim string (`@"ACME\svc"`) opens after its `@`.
  const openerAt = open < 0 ? -1 : lastSolid(before, open);
  const opener = open < 0 ? 0 : before.charCodeAt(before.charCodeAt(openerAt) === 64 ? lastSolid(before, openerAt) : openerAt);
  const run = quoted ? last : REFERENCE.runStart(before, last + 1, 0);
  const named = !quoted && run <= last && NAME_START.has(before.charCodeAt(run));
  // Every call pattern holds a `(` but Ruby's `:basic,`: a list's elements (`["…", "…"]`) are not searched for them.
  const inCall = parenWithin(text, comma - before.length, comma, state);
  const call = (opener === 40 || opener === 44) && inCall;
  if ((call || (opener === 44 && before.includes(':basic'))) && CREDENTIAL_CALL_RE.test(before)) {
    if (isCredentialValue(text.slice(valueStart, valueEnd), 'password')) pushPassword(state, valueStart, valueEnd);
    // The user may be an API key too (`:basic, "<key>", "<secret>"`, as ShipStation's API takes them): long and random.
    const user = LAST_STRING_RE.exec(before);
    const name = user?.[1] ?? '';
    if (user !== null && name.length >= 20 && isCredentialValue(name, 'token')) {
      const userStart = comma - before.length + user.index + 1;
      push(state, userStart, userStart + name.length, 'basic-auth', RANK_NAMED);
    }
    return;
  }
  if (call && THIRD_ARGUMENT_CALL_RE.test(before)) {
    if (isCredentialValue(text.slice(valueStart, valueEnd), 'password')) pushPassword(state, valueStart, valueEnd);
    return;
  }
  // A JWT library's signing or verifying call: its second argument is the HMAC secret (`jwt.sign(payload, '…')`, `JWT.encode(payload, '…', 'HS256')`).
  if ((named || before.charCodeAt(last) === 125) && JWT_CALL_RE.test(before)) {
    if (isCredentialValue(text.slice(valueStart, valueEnd), 'secret')) push(state, valueStart, valueEnd, 'secret', RANK_NAMED);
    return;
  }
  // Elixir's `{:basic, "user:<password>"}`: the password after the user's colon.
  if (before.endsWith(':basic')) {
    const colon = valueStart + text.slice(valueStart, valueEnd).indexOf(':');
    if (colon > valueStart && colon < valueEnd - 1 && isCredentialValue(text.slice(colon + 1, valueEnd), 'password'))
      pushPassword(state, colon + 1, valueEnd);
    return;
  }
  // A setting passed as a pair: `define('DB_PASSWORD', '…')`, `setenv("API_TOKEN", "…")`, `page.fill('#password', '…')`, `env.put(Context.SECURITY_CREDENTIALS, "…")`.
  // A name quoted after a `(`, or a constant's (`Context.SECURITY_CREDENTIALS`, `, "API_KEY"`), which holds a `_`.
  const constant = before.includes('_', quoted ? open : run);
  const pair =
    opener === 40 || opener === 123 || opener === 91 || ((opener === 44 || named) && constant) ? NAMED_PAIR_RE.exec(before) : null;
  // An Erlang or Elixir tuple's atom before its value: `{password, "…"}` in a proplist.
  const atom = named && before.charCodeAt(lastSolid(before, run)) === 123 ? before.slice(run, last + 1) : null;
  // A call's later argument named by the one before it (Kamailio's `modparam("auth_ephemeral", "secret", "…")`).
  const word = pair === null && opener === 44 && inCall ? NAMING_ARGUMENT_RE.exec(before)?.[1] : undefined;
  const namedBy = word !== undefined && roleOfName(word) !== null ? word : null;
  const name = atom ?? namedBy ?? (pair === null ? flagElementBefore(before) : (pair[1] ?? pair[2] ?? pair[3] ?? ''));
  // A name among a call's arguments may be a translation's key (`t("de", "password", "Passwort")`): only a random value is taken.
  if (name !== null && roleOfName(name) !== null)
    classify(text, { start: valueStart, end: valueEnd, quoted: true }, name, state, name === namedBy);
  else if (inCall && keyPairCall(before, text.slice(valueStart, valueEnd), opener === 40 || named))
    push(state, valueStart, valueEnd, 'secret', RANK_NAMED);
  else if (inCall && connectionArgument(before, text.slice(valueStart, valueEnd))) pushPassword(state, valueStart, valueEnd);
  else if (name !== null) classify(text, { start: valueStart, end: valueEnd, quoted: true }, name, state);
}

/** A flag as an element of an argument list, quoted, at the end of `before`: its name in group 1. */
const FLAG_ELEMENT_RE = /(?:^|[[(,\s])["']--?([A-Za-z][\w-]{1,40})["']\s*$/;

/**
 * The name of a flag quoted as the element before a value in an argument list (`args: ["--token", "…"]`, `docker
 * inspect`'s `"Args"`, a subprocess list), or null: only a string that starts with `-` is read.
 */
function flagElementBefore(before: string): string | null {
  const close = blanksBefore(before, before.length) - 1;
  const quote = before.charCodeAt(close);
  if (quote !== 34 && quote !== 39) return null;
  const open = stringStart(before, close);
  if (open < 0 || before.charCodeAt(open + 1) !== 45) return null;
  return FLAG_ELEMENT_RE.exec(before.slice(Math.max(0, open - 1)))?.[1] ?? null;
}

/**
 * A call's first argument from its opening parenthesis up to the comma before the second: a quoted string (group 1) or a
 * reference (group 2). The search starts at a `(`, which a native search finds fast; the call's name is read back from it.
 */
const FIRST_ARGUMENT_RE = /\(\s*(?:["']([^"'\n]{8,200})["']|([A-Za-z_$][\w$.]{0,80}))\s*$/;
/** Calls that compare, hash, log or edit strings: two random arguments are digests or data there, not a key and its secret. */
const NOT_A_CLIENT_RE =
  /hash|digest|sha|md5|hmac|compare|equal|assert|expect|check|verify|match|diff|replace|format|join|log|print|test|encode|decode|sign|encrypt|decrypt|get$|set$/i;
/** An id of a few letters and hex (Twilio's `SK…` key SID), which the value rules leave alone. */
const PREFIXED_HEX_ID_RE = /^[A-Za-z]{1,4}[0-9a-f]{24,}$/;
/** A reference that names the first half of a key pair: an id, a user, an account or an application (`ALGOLIA_APP_ID`, `accountSid`). */
const ID_REFERENCE_RE = /(?:id|sid|user(?:name)?|account|app|key)$/i;

/**
 * Whether `value`, a call's second string argument, is the secret half of a key pair given to a
 * client: `Aws::Credentials.new('AKIA…', '<secret>')`, `twilio("SK…", "<secret>")`,
 * `algoliasearch(APP_ID, '<key>')`. The first argument is a random id or a reference named for one, the
 * call is not one that compares or hashes strings, and the value is long and random.
 */
function keyPairCall(before: string, value: string, argumentEnds: boolean): boolean {
  if (value.length < 16 || !(MIXED_RE.test(value) || LOWER_KEY_RE.test(value) || /^[0-9a-f]{20,}$/.test(value)))
    return laterArgument(before, value);
  const call = argumentEnds ? FIRST_ARGUMENT_RE.exec(before) : null;
  const name = call === null ? '' : callName(before, call.index);
  if (call === null || name === '') return laterArgument(before, value);
  const [, first, reference = ''] = call;
  if (NOT_A_CLIENT_RE.test(name)) return false;
  const paired =
    first === undefined
      ? ID_REFERENCE_RE.test(reference)
      : PREFIXED_HEX_ID_RE.test(first) || (/[0-9]/.test(first) && isCredentialValue(first, 'token'));
  return paired && !claimsFormat(value) && isCredentialValue(value, 'token');
}

/** Whether a `(` lies in `text` from `from` to `to`: a scan meets its commas in order, so each `(` is searched for once. */
function parenWithin(text: string, from: number, to: number, state: ScanState): boolean {
  if (to < state.parenTo) return text.slice(from, to).includes('(');
  if (state.parenNext === -2) state.parenNext = text.indexOf('(', state.parenTo);
  while (state.parenNext >= 0 && state.parenNext < to) {
    state.paren = state.parenNext;
    state.parenNext = text.indexOf('(', state.paren + 1);
  }
  state.parenTo = to;
  return state.paren >= from;
}

/** Calls that open a connection or a session from a host, a user and a password given in order (`redis.Redis(host, port, db, "…")`, `MySQLdb.connect`, `new Sequelize(db, user, "…")`, `boto3.Session`). */
const CONNECTION_CALL_RE = /(?:^|[._])(?:[Cc]onnect|Redis|StrictRedis|Sequelize|Session)$/;

/**
 * Whether `value`, a later argument of a call that opens a connection (not its first), is its password: random, mixing
 * cases and digits (a host's, a user's and a database's names do not).
 */
function connectionArgument(before: string, value: string): boolean {
  if (value.length < 12 || !MIXED_RE.test(value) || claimsFormat(value)) return false;
  const close = blanksBefore(before, before.length) - 1;
  const last = before.charCodeAt(close);
  const previous = last === 34 || last === 39 ? stringStart(before, close) : REFERENCE.runStart(before, close + 1, close - 64);
  if (previous < 0 || previous > close) return false;
  const call = callNameBefore(before, previous);
  return call !== null && CONNECTION_CALL_RE.test(call) && isCredentialValue(value, 'password');
}

/**
 * Whether `value` is a secret given after its key in a client's call: the string argument before it (`before` ends with
 * it) is a vendor's key or a random id of 16 characters or more (`getProfile("cn-hangzhou", "LTAI…", "<secret>")`, a
 * key, its secret and a passphrase), the call is not one that compares or hashes strings, and the value is random.
 */
function laterArgument(before: string, value: string): boolean {
  if (value.length < 8) return false;
  const close = blanksBefore(before, before.length) - 1;
  const quote = before.charCodeAt(close);
  const open = quote === 34 || quote === 39 ? stringStart(before, close) : -1;
  if (open < 0 || close - open <= 8) return false;
  const previous = before.slice(open + 1, close);
  const paired = claimsFormat(previous) || (previous.length >= 16 && /[0-9]/.test(previous) && isCredentialValue(previous, 'token'));
  if (!paired || claimsFormat(value)) return false;
  const call = callNameBefore(before, open);
  return (
    call !== null &&
    !NOT_A_CLIENT_RE.test(call) &&
    (isCredentialValue(value, 'token') || (MIXED_RE.test(value) && isCredentialValue(value, 'password')))
  );
}
