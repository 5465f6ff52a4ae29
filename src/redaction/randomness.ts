/** How random a value looks: runs of words, sequences and the shapes of identifiers, paths, versions and UUIDs (credential-values.ts measures the rest in one pass). */
import { isDigit, isLetter } from './chars.ts';

/** Per ASCII code: 1 a digit, 2 a letter, 0 anything else. */
const ALNUM_CLASS = new Uint8Array(128);
for (let code = 48; code <= 57; code++) ALNUM_CLASS[code] = 1;
for (let code = 65; code <= 90; code++) ALNUM_CLASS[code] = ALNUM_CLASS[code + 32] = 2;

/** Per ASCII code: 1 a digit, {@link LOWER} a lowercase letter, {@link UPPER} an uppercase one, 0 anything else. */
const CASE_CLASS = new Uint8Array(128);
const LOWER = 2;
const UPPER = 3;
for (let code = 48; code <= 57; code++) CASE_CLASS[code] = 1;
for (let code = 65; code <= 90; code++) {
  CASE_CLASS[code] = UPPER;
  CASE_CLASS[code + 32] = LOWER;
}

/** Share of neighbouring pairs that step through the alphabet (in either case) or the digits, either way: `AbCeFG123` is 0.75, a random string about 0.05. */
export function sequenceShare(value: string): number {
  let pairs = 0;
  let steps = 0;
  let a = value.charCodeAt(0);
  let aClass = a < 128 ? (ALNUM_CLASS[a] ?? 0) : 0;
  for (let k = 1; k < value.length; k++) {
    const b = value.charCodeAt(k);
    const bClass = b < 128 ? (ALNUM_CLASS[b] ?? 0) : 0;
    if (aClass !== 0 && bClass !== 0) {
      pairs++;
      const step = (a | 32) - (b | 32);
      if (aClass === bClass && (step === 1 || step === -1)) steps++;
    }
    a = b;
    aClass = bClass;
  }
  return pairs === 0 ? 0 : steps / pairs;
}

/**
 * The 200 most frequent letter pairs of English prose (they cover 92% of its pairs), counted on
 * the README files of this project's dependencies: a run of letters whose pairs are mostly among
 * them reads as a word. Measured on that prose, 93% of identifiers' letter runs pass and 0.3% of
 * random 12-letter runs do (bench/secrets-corpus.ts reports the thresholds' effect).
 */
const COMMON_PAIR_LIST = (
  'th in on re er he or co es an ti it te at en ar se nt st is io de al li to ed ns nd le ng ri om of so ma me ' +
  'pe ch ct ec as ro ra ge ll tr si ce pa ve ou ht tt ta no ut op fi ac rs il ic ur fo ha ss wi lo et di us nc ' +
  'pr ea im ps tp ex ne ot od ty rt mi ol ts po wa ca be ub ig un ho la em hi su gi mp el ag am sc pt na sh ie ' +
  'ul id pl ab va ai ad js ft bu ef tw do rm ow rc lu bl ni hu if rr mo cl ke ue yp cr rn da ck ia ap um os tu ' +
  'ru fa oo ep ev ee ry oc ob ba wh lt rg fr gh vi sp ib pi ly ov tc cu ir ld wo iv py qu xp au ny ls pu ip bo ' +
  'sa ds yo fu rd je ay bi up pp av fe np ci ff nf mm eg ui eq'
).split(' ');
/** The common pairs as a table indexed by `first * 26 + second` (letters a–z as 0–25). */
const COMMON_PAIRS = new Uint8Array(26 * 26);
for (const pair of COMMON_PAIR_LIST) COMMON_PAIRS[(pair.charCodeAt(0) - 97) * 26 + pair.charCodeAt(1) - 97] = 1;

/** Whether the run of letters [start, end) of `value` reads like a word (in either case): three of four of its letter pairs are common English pairs. */
function wordLike(value: string, start: number, end: number): boolean {
  let common = 0;
  for (let k = start + 1; k < end; k++)
    common += COMMON_PAIRS[((value.charCodeAt(k - 1) | 32) - 97) * 26 + (value.charCodeAt(k) | 32) - 97] ?? 0;
  return common * 4 >= (end - start - 1) * 3;
}

function hasLower(value: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const code = value.charCodeAt(k);
    if (code >= 97 && code <= 122) return true;
  }
  return false;
}

/**
 * Share of the value's letters and digits that sit in word-like runs of four or more letters,
 * split at non-letters and at lower→upper case changes: `SalesResults-1.2` is 0.86,
 * `__vite_ssr_dynamic_import__` 0.85, a random key near 0.
 */
export function wordShare(value: string): number {
  const n = value.length;
  let inWords = 0;
  let alnum = 0;
  let start = -1;
  let runLower = false;
  let previousClass = 0;
  // Beside lowercase letters, an uppercase run of five or more is no acronym: random (`wffVRAILBnMOLIA4`).
  const mixed = hasLower(value, 0, n);
  for (let k = 0; k <= n; k++) {
    const code = k < n ? value.charCodeAt(k) : 0;
    const cls = code < 128 ? (CASE_CLASS[code] ?? 0) : 0;
    if (cls !== 0) alnum++;
    // `fooBar` splits before `B`; `XMLParser` before `P` (an upper run ends where a Titlecase word starts).
    let split = cls < LOWER;
    if (cls === UPPER && k > 0)
      split = previousClass === LOWER || (previousClass === UPPER && k + 1 < n && CASE_CLASS[value.charCodeAt(k + 1)] === LOWER);
    if (split && start >= 0) {
      const length = k - start;
      if (length >= 4 && !(mixed && length >= 5 && !runLower) && wordLike(value, start, k)) inWords += length;
      start = -1;
    }
    if (cls >= LOWER && start < 0) {
      start = k;
      runLower = false;
    }
    if (cls === LOWER) runLower = true;
    previousClass = cls;
  }
  return alnum === 0 ? 0 : inWords / alnum;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A base64 value that starts with `/` (one in 64 does), not an absolute path: a `+`, or a segment of 24 random letters and digits. */
const BASE64_LED_BY_SLASH_RE = /\+|\/(?=[A-Za-z0-9]{0,64}[0-9])(?=[A-Za-z0-9]{0,64}[a-z])(?=[A-Za-z0-9]{0,64}[A-Z])[A-Za-z0-9]{24,}/;

/** A relative path of two segments or more that ends in a file's extension. */
const RELATIVE_FILE_RE = /^[\w-]{1,64}(?:\/[\w.-]{1,128}){1,16}\.[A-Za-z][A-Za-z0-9]{1,4}$/;
/** A bundler's fingerprinted asset (`application-<sha256>.css`, `main.3f9a1c2b.js`): a file's name and its content's digest. */
const ASSET_EXTENSIONS = new Set('css js mjs map png jpg jpeg gif svg webp woff woff2 ttf ico wasm'.split(' '));
const FINGERPRINTED_ASSET_RE = /^[\w.-]{1,64}[-.][0-9a-f]{8,64}\.[a-z0-9]{2,5}$/;

/** Lowercase segments, each led by a letter, joined by `/`, and a field of the secret they name (Vault's `kv/data/app:token`); or an id and words (API Gateway's `<api id>/prod`). */
const LOWERCASE_PATH_RE =
  /^[a-z][a-z0-9_-]{0,63}(?:\/[a-z][a-z0-9_.-]{0,63}){1,16}(?::[a-z][a-z0-9_.-]{0,63})?$|^[a-z0-9]{6,32}(?:\/[a-z][a-z_-]{0,31}){1,4}$/;

/** An Ethereum address: `0x` + 40 hex. */
const ETH_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

/** Whether `value` is an Ethereum address (an account's public name; hCaptcha's secrets share its shape). */
export function isEthereumAddress(value: string): boolean {
  return value.length === 42 && ETH_ADDRESS_RE.test(value);
}

/** A resource's name: collections, each followed by a UUID. */
const RESOURCE_NAME_RE = /^(?:[a-z][A-Za-z]{1,31}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?){1,6}$/i;

/** An IPv4 address, with its port or not (`10.2.3.15:3306`). */
const IP_PORT_RE = /^\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?$/;
/** A Twilio resource SID: two capitals and 32 hex. */
const RESOURCE_SID_RE = /^[A-Z]{2}[0-9a-f]{32}$/;
/** A SealedSecret's ciphertext: `Ag` and base64. */
const SEALED_RE = /^Ag[A-Za-z0-9+/]+={0,2}$/;

/** The storage emulator's account key (Azurite's `devstoreaccount1`), published in Microsoft's documentation: it opens nothing. */
const EMULATOR_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/** A hex digest behind its algorithm's name. */
const DIGEST_RE = /^(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?|xxh64):[0-9a-f]{32,128}$/i;
/** A Subresource Integrity hash (`sha512-<base64>`, a lockfile's `integrity`). */
const SRI_RE = /^sha(?:256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$/;

/** Google's published reCAPTCHA v2 test site key and secret. */
const RECAPTCHA_TEST_KEYS = new Set(['6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe']);

/** Whether a value ends in the storage emulator's published account key. */
export function isEmulatorKey(value: string): boolean {
  return value.endsWith(EMULATOR_KEY);
}

/**
 * A UUID's 8-4-4-4-12 shape of hex: 2 for an RFC 9562 UUID (a version from 1 to 8 and the standard variant), 1 for the
 * shape alone (a key written in it, Heroku's), 0 otherwise.
 */
export function uuidShape(value: string): number {
  if (value.length !== 36) return 0;
  const match = UUID_RE.exec(value);
  if (match === null) return 0;
  const version = parseInt(match[1] ?? '', 16);
  const variant = parseInt(match[2] ?? '', 16);
  return version >= 1 && version <= 8 && variant >= 8 && variant <= 11 ? 2 : 1;
}

/** A version: semantic (`1.2.3-rc.1`), a tool's (`go1.22.0-…`), a Jenkins plugin's incremental build (`681.vf91669a_32e45`). */
const VERSION_RE = /^v?\d+(?:\.\d+){1,3}(?:[-+._][0-9A-Za-z.+_-]*)?$|^[a-z]{1,6}\d+(?:\.\d+){1,3}[-+._]|^\d{1,5}\.v[0-9a-f_]{6,40}$/i;
const DOTTED_IDENTIFIER_RE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
/** Capitalised words run together (`Security`, `SecureString`). */
const CAPITALISED_RE = /^(?:[A-Z][a-z]+)+$/;
const FILE_CHARS_RE = /^[\w./-]+$/;
const PUNCTUATION_RE = /[^A-Za-z0-9]/;
const EXTENSION_RE = /^[a-z][a-z0-9]{1,4}$/;

/** `[\w./-]*[A-Za-z]\w*\.[a-z][a-z0-9]{1,4}`, read without backtracking: a name with an extension, a letter in the word before it. */
function isFileName(value: string): boolean {
  const dot = value.lastIndexOf('.');
  if (dot < 1 || !EXTENSION_RE.test(value.slice(dot + 1)) || !FILE_CHARS_RE.test(value)) return false;
  for (let k = dot - 1; k >= 0; k--) {
    const code = value.charCodeAt(k);
    if (isLetter(code)) return true;
    if (!isDigit(code) && code !== 95) return false;
  }
  return false;
}
/** Whether `value` holds a build label's word (`1.2-SNAPSHOT`, `RELEASE`), found by the native substring search. */
function isBuildLabel(value: string): boolean {
  return value.includes('SNAPSHOT') || value.includes('RELEASE');
}
/**
 * Values public by their prefix: a public key in DER (SubjectPublicKeyInfo, base64: EC P-256 and P-384, Ed25519 and
 * X25519, RSA 2048 and 4096), a GitHub App's or OAuth app's client id (`Iv1.` + 16 hex, `Iv23`/`Ov23` + 16), an Okta
 * app's (`0oa` + 17), a LiveKit API key's id (`API` + 12; its secret is another value) and a Contentstack stack's API key
 * (`blt` + 16 hex; its delivery token is the secret).
 */
const PUBLIC_BY_PREFIX_RE =
  /^(?:MFkwEwYHKoZIzj0CAQYI|MHYwEAYHKoZIzj0CAQYFK4EEACID|MCowBQYDK2V[uw]AyEA|MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA|MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA|Iv\d+\.[0-9a-f]{16}$|[IO]v23[A-Za-z0-9]{16}$|0oa[A-Za-z0-9]{17}$|API[A-Za-z0-9]{12}$|blt[0-9a-f]{16}$)/;
const SECRET_REFERENCE_RE = /^[a-z][a-z0-9_-]{2,}:(?:latest|\d{1,4})$/;
const ACRONYM_CHAIN_RE = /^(?:[A-Z]{1,6}\d{0,4}|\d{1,4})(?:[-_./](?:[A-Z]{1,6}\d{0,4}|\d{1,4})){1,4}$/;
const HOST_RE = /^(?:[a-z0-9-]+\.){2,}[a-z]{2,12}(?::\d+)?$/;
const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;

function fileBaseLooksNamed(value: string): boolean {
  const base = value.slice(value.lastIndexOf('/') + 1, value.lastIndexOf('.'));
  return base.length <= 12 || wordShare(base) >= 0.3;
}

/** A JA4 TLS client fingerprint. */
const JA4_RE = /^[tqd]\d{2}[di]\d{4}[0-9a-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}$/;

/**
 * Shapes that are not credentials although they may be assigned to a credential-like name:
 * versions, dotted code references, constant names (`SOME_API_KEY`), file names and paths, host
 * names, e-mail addresses, URLs. `punctuated`: whether it holds a character other than a letter or digit, when the caller knows.
 */
export function isStructuredNonSecret(value: string, punctuated = PUNCTUATION_RE.test(value)): boolean {
  // A Twilio resource SID (`AC`, `SM`, `MG` + 32 hex) names an account or a message; its token is another value.
  if (value.length === 34 && RESOURCE_SID_RE.test(value)) return true;
  // A Bitnami SealedSecret's ciphertext (`Ag…`, hundreds of base64 characters) is safe to publish by design.
  if (value.length >= 300 && SEALED_RE.test(value)) return true;
  // A public key (DER SubjectPublicKeyInfo in base64), an app's public client id (GitHub's `Iv1.`/`Iv23`/`Ov23`, Okta's `0oa`), a LiveKit
  // key's id, a Contentstack stack's API key (`blt…`).
  const first = value.charCodeAt(0);
  if ((first === 77 || first === 73 || first === 79 || first === 48 || first === 65 || first === 98) && PUBLIC_BY_PREFIX_RE.test(value))
    return true;
  // Letters and digits alone hold none of the shapes below but a build label.
  if (!punctuated) return isBuildLabel(value);
  if ((first === 47 && !BASE64_LED_BY_SLASH_RE.test(value)) || value.startsWith('./') || value.startsWith('../') || value.startsWith('~/'))
    return true;
  // A relative path to a file (`u/2024/04/<hash>.png`, an upload's storage key): no key holds both `/` and an extension.
  // A path of lowercase words (a secret manager's `airflow/config/webserver_secret_key`): base64 holding `/` mixes cases.
  // A resource's name of collections and UUIDs (Coinbase's `organizations/<uuid>/apiKeys/<uuid>`) names a key, it holds none.
  if (
    RELATIVE_FILE_RE.test(value) ||
    LOWERCASE_PATH_RE.test(value) ||
    RESOURCE_NAME_RE.test(value) ||
    (value.length <= 140 && ASSET_EXTENSIONS.has(value.slice(value.lastIndexOf('.') + 1)) && FINGERPRINTED_ASSET_RE.test(value))
  )
    return true;
  // A URL, and an Amazon Resource Name (`arn:aws:iam::aws:policy/IAMUserChangePassword`) names a resource, not a key.
  if (value.includes('://') || value.startsWith('arn:')) return true;
  // A JA4 TLS fingerprint (`t13d1516h2_<12 hex>_<12 hex>`) hashes a handshake's public fields.
  if (value.length === 36 && JA4_RE.test(value)) return true;
  // An iOS app's OAuth client id reversed into the URL scheme it registers (`com.googleusercontent.apps.<id>`) is public by design.
  if (first === 99 && value.startsWith('com.googleusercontent.apps.')) return true;
  // A digest labelled with its algorithm (`sha256:…`, an image's or a file's) is a hash of public content; an id and an
  // absolute path (systemd's `LoadCredential=db:/etc/…`) say where a credential is read from.
  if (DIGEST_RE.test(value) || SRI_RE.test(value) || /^[\w.-]{1,64}:\/[\w./-]+$/.test(value)) return true;
  if (VERSION_RE.test(value) || isBuildLabel(value)) return true;
  if (EMAIL_RE.test(value) || HOST_RE.test(value) || IP_PORT_RE.test(value)) return true;
  // `os.environ`, `config.apiKey`, `Shared.LintStatsTimePass`: each part a word, or short.
  if (DOTTED_IDENTIFIER_RE.test(value)) {
    const parts = value.split('.');
    // A type's full name (`System.Security.SecureString`, as PowerShell prints a secure string): three capitalised parts or more.
    const typeName = parts.length >= 3 && parts.every((part) => CAPITALISED_RE.test(part));
    if (typeName || parts.every((part) => part.length <= 4 || wordShare(part) >= 0.5)) return true;
  }
  if (/^[A-Z][A-Z0-9]*(?:__?[A-Z0-9]+)+$/.test(value) && !/[0-9]/.test(value)) return true;
  // A secret manager's reference, `<name>:<version>` (`gcloud run deploy --set-secrets=DB_PASSWORD=db-password:latest`).
  if (SECRET_REFERENCE_RE.test(value)) return true;
  // Algorithm and standard names: `AES-256-GCM`, `JWT-HS256`, `RSA-OAEP-256`, `TLS1.3` (upper-case words, each with a number at most).
  if (ACRONYM_CHAIN_RE.test(value)) return true;
  // A CSS or DOM selector (`#add-password`, `.secret-field`) and a key binding (`ctrl+shift+alt+f12`).
  if (/^[#.][a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/.test(value)) return true;
  if (/^(?:(?:ctrl|shift|alt|cmd|meta|option|super|win)\+)+[a-z0-9]+$/i.test(value)) return true;
  if (value.length === EMULATOR_KEY.length && value === EMULATOR_KEY) return true;
  // reCAPTCHA's published test keys (every check passes) open nothing.
  if (value.length === 40 && RECAPTCHA_TEST_KEYS.has(value)) return true;
  // A Braintree tokenization key and a Midtrans client key are client-side keys, public by design.
  if (/^(?:sandbox|production)_[a-z0-9]{8}_[a-z0-9]{16}$/.test(value) || /^(?:SB-)?Mid-client-/.test(value)) return true;
  // So is a Zoho client id (`1000.` + 30 upper-case letters and digits); its tokens are `1000.<hex>.<hex>`. A Dynatrace
  // token's id (`dt0c01.` + 24) is its public half, shown in lists; the secret is the `.` + 64 after it.
  if (/^1000\.[A-Z0-9]{30}$/.test(value) || /^dt0c01\.[A-Z0-9]{24}$/.test(value)) return true;
  // SSH public key types (`ssh-ed25519`, `ecdsa-sha2-nistp256`) name a public key.
  if (/^(?:ssh|ecdsa|sk-ssh|sk-ecdsa)-[a-z0-9@.-]+$/.test(value)) return true;
  // `cert.p12`, `src/index.ts`, `s_rsa1024_priv.pem`: a file name is made of words, not of random characters.
  return value.length < 48 && isFileName(value) && fileBaseLooksNamed(value);
}
