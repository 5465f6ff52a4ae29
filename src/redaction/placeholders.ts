/** Placeholders that stay byte-exact: documented example keys, masked values, `your-…-here` and the other words people write where a key goes. */
import { isDigit } from './chars.ts';
import { CodeMarks } from './code-marks.ts';

/**
 * Words that mark a token as a stand-in: in one case (`EXAMPLE`, `your`, `Your`), as people type
 * them, so a random key rarely holds one by chance; `here` only at the end (`…TOKEN_HERE`).
 */
const TOKEN_MARKERS = ['example', 'placeholder', 'redacted', 'your', 'replace', 'changeme', 'change_me', 'insert', 'dummy'];
const cased = (word: string): string[] => [word, word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1)];
const TOKEN_MARKER_RE = new RegExp(`${TOKEN_MARKERS.flatMap(cased).join('|')}|(?:here|HERE|Here)$`);
/** Words that mark a value as a stand-in wherever they occur in it (in any case; Portuguese's `SUA_CHAVE_AQUI` too); the token markers are among them. */
const VALUE_MARKERS = [
  ...TOKEN_MARKERS,
  'here',
  'fake',
  'sample',
  'notreal',
  'not_real',
  'not-real',
  'todo',
  'xxxx',
  'sua_chave',
  'chave_aqui',
  // "your" in other languages, before the credential's own word (`votre_mot_de_passe`, `isi_dengan_kata_sandi_anda`).
  'votre',
  'sua_senha',
  'seu_token',
  'tu_clave',
  'tu_contrase',
  'ihr_passwort',
  'dein_passwort',
  'twoje_haslo',
  'isi_dengan',
  'sandi_anda',
  'kunci_anda',
];
/** Per three letters (in either case, `a`–`z` as 0–25, indexed `first * 676 + second * 26 + third`): 1 when a marker starts with them. */
export const MARKER_STARTS = new Uint8Array(26 * 26 * 26);
for (const word of VALUE_MARKERS)
  MARKER_STARTS[(word.charCodeAt(0) - 97) * 676 + (word.charCodeAt(1) - 97) * 26 + word.charCodeAt(2) - 97] = 1;

/** For each character, the call that last saw it. */
const SEEN = new CodeMarks();

/** Masking glyphs: `x`, `X`, `*`, `#`, `•`, and `0` (a zeroed key). */
export function isMaskGlyph(code: number): boolean {
  return code === 120 || code === 88 || code === 42 || code === 35 || code === 0x2022 || code === 48;
}

/** Separators (and the line breaks of a PEM body) ignored when judging a token's characters. */
export function isSeparator(code: number): boolean {
  return code === 45 || code === 95 || code === 46 || code === 10 || code === 13 || code === 32;
}

/**
 * Whether a token's characters (what follows its prefix) are a stand-in rather than a secret: a
 * marker word, mostly masking glyphs, one repeated character, or mostly runs of three or more of
 * one character (`5555555dAAAAA7777777…`). A real key is random: none of these happen by chance.
 */
export function isPlaceholderToken(body: string): boolean {
  const characters = placeholderCharacters(body);
  return (characters & STAND_IN) !== 0 || ((characters & MARKER_LETTERS) !== 0 && TOKEN_MARKER_RE.test(body)) || isCountedRun(body);
}

/** Whether a body of ten digits or more counts up, as a documentation example does (`glpat-01234567890123456789`): nine steps in ten go to the next digit. */
function isCountedRun(body: string): boolean {
  if (body.length < 10) return false;
  let steps = 0;
  for (let k = 1; k < body.length; k++) {
    const previous = body.charCodeAt(k - 1);
    const code = body.charCodeAt(k);
    if (code < 48 || code > 57) return false;
    if (code === previous + 1 || (previous === 57 && code === 48)) steps++;
  }
  return body.charCodeAt(0) >= 48 && body.charCodeAt(0) <= 57 && steps * 10 >= (body.length - 1) * 9;
}

/** {@link placeholderCharacters}: the characters are a stand-in's. */
export const STAND_IN = 1;
/** {@link placeholderCharacters}: three letters a marker starts with are among them (a random value seldom has any, so the slower marker patterns run only then). */
export const MARKER_LETTERS = 2;
/** {@link placeholderCharacters}: `$`, `{` or `%` is among them, as in every template reference. */
const TEMPLATE_CHARS = 4;

/** Per ASCII code: 1 a separator, 2 a masking glyph, 4 a letter, 8 `$`, `{` or `%` (`•`, the one glyph past ASCII, is read apart). */
const TOKEN_CHAR_INFO = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  TOKEN_CHAR_INFO[code] =
    (isSeparator(code) ? 1 : 0) | (isMaskGlyph(code) ? 2 : 0) | (letter ? 4 : 0) | (code === 36 || code === 123 || code === 37 ? 8 : 0);
}

/** One pass over a token's characters: {@link STAND_IN} when {@link standInCharacters} says so, {@link MARKER_LETTERS} and {@link TEMPLATE_CHARS}. */
export function placeholderCharacters(body: string): number {
  const call = SEEN.next();
  const seen = SEEN.marks;
  let counted = 0;
  let distinct = 0;
  let masked = 0;
  let inRuns = 0;
  let runLength = 0;
  let previous = -1;
  let window = 0;
  let letters = 0;
  let marker = 0;
  let seenInfo = 0;
  for (let k = 0; k < body.length; k++) {
    const code = body.charCodeAt(k);
    const info = code < 128 ? (TOKEN_CHAR_INFO[code] ?? 0) : code === 0x2022 ? 2 : 0;
    if ((info & 4) === 0) {
      letters = 0;
    } else {
      window = (window % 676) * 26 + (code | 32) - 97;
      if (++letters >= 3 && MARKER_STARTS[window] === 1) marker = MARKER_LETTERS;
    }
    seenInfo |= info;
    if ((info & 1) !== 0) continue;
    counted++;
    if (seen[code] !== call) {
      seen[code] = call;
      distinct++;
    }
    if ((info & 2) !== 0) masked++;
    if (code === previous) {
      runLength++;
      if (runLength === 3) inRuns += 3;
      else if (runLength > 3) inRuns++;
    } else {
      runLength = 1;
      previous = code;
    }
  }
  return (standInCharacters(counted, distinct, masked, inRuns) ? STAND_IN : 0) | marker | ((seenInfo & 8) !== 0 ? TEMPLATE_CHARS : 0);
}

/**
 * The verdict on a token's characters, separators left out: none counted, half or more masking
 * glyphs or in runs of three or more of one character, or at least 12 with at most 4 distinct ones
 * (`12312312312312312312`) is a stand-in. The value profile (credential-values.ts) counts them in its own pass.
 */
export function standInCharacters(counted: number, distinct: number, masked: number, inRuns: number): boolean {
  return counted === 0 || masked * 2 >= counted || inRuns * 2 >= counted || (counted >= 12 && distinct <= 4);
}

/** Whole values that mean "no value here" (case-insensitive; KeePassXC's `PROTECTED` too), and published defaults (MinIO's, Postgres', RabbitMQ's `guest`, the Android debug keystore's). */
const PLACEHOLDER_WORDS = new Set(
  (
    'changeme change_me changeit todo tbd fixme none null nil undefined true false secret password passwd pass token key ' +
    'apikey api_key default example sample test dummy fake placeholder redacted hidden empty unset required optional string ' +
    'notasecret minioadmin postgres guest android protected'
  ).split(' '),
);

const LONGEST_WORD = Math.max(...[...PLACEHOLDER_WORDS].map((word) => word.length));
/** Whether a placeholder word holds a digit: while none does, a value with one is looked up without lower-casing it. */
const WORDS_HOLD_DIGITS = [...PLACEHOLDER_WORDS].some((word) => /[0-9]/.test(word));

/** Whether `value` may be a placeholder word: short enough, and (while no word holds one) without a digit. */
function mayBeWord(value: string): boolean {
  if (value.length > LONGEST_WORD) return false;
  if (!WORDS_HOLD_DIGITS) for (let k = 0; k < value.length; k++) if (isDigit(value.charCodeAt(k))) return false;
  return true;
}

/** The value markers as one pattern, in any case. */
const VALUE_MARKER_RE = new RegExp(VALUE_MARKERS.join('|'), 'i');

/**
 * Whether an assigned value is a stand-in: a placeholder token, a placeholder word, a variable or
 * template reference (`$X`, `${X}`, `{{x}}`, `%s`, `<token>`, `[PASSWORD]`), or a masked value.
 */
export function isPlaceholderValue(value: string): boolean {
  const characters = placeholderCharacters(value);
  return (characters & STAND_IN) !== 0 || isMarkedValue(value, (characters & MARKER_LETTERS) !== 0, (characters & TEMPLATE_CHARS) !== 0);
}

/** The test-mode keys Stripe's API reference prints for everyone to copy: public samples, no account's secret. */
const PUBLIC_SAMPLES = new Set(['sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'sk_test_BQokikJOvBiI2HlWgH4olfQ2']);

/** Whether `value` is a key a vendor's documentation publishes as its sample. */
export function isPublicSample(value: string): boolean {
  return value.charCodeAt(0) === 115 && PUBLIC_SAMPLES.has(value);
}

/** A printf-style `%s` directive. */
const FORMAT_RE = /%s(?![A-Za-z0-9])/;
/** A password's source rather than the password: `env:NAME`, `file:path`, `fd:N`, TeamCity's `credentialsJSON:<id>`, wpa_supplicant's `ext:<name>`; or its ciphertext, hiera-eyaml's `ENC[PKCS7,…]`. */
const SOURCE_RE = /^(?:(?:env|file|fd|vault|op|ssm|awssm|gcpsm|azkv|credentialsJSON|ext):\S|os\.environ\/\w|ENC\[(?:PKCS7|GPG),)/;

/** A key that starts with `$`: letters, digits and `_`, both cases and a digit. */
const DOLLAR_KEY_RE = /^\$(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\D*\d)[A-Za-z0-9_]+$/;

/** Whether `value` ends in four or more bullets or asterisks, as a dashboard shows a key it hides. */
function maskedTail(value: string): boolean {
  const n = value.length;
  if (n < 4) return false;
  for (let k = n - 4; k < n; k++) {
    const code = value.charCodeAt(k);
    if (code !== 0x2022 && code !== 42) return false;
  }
  return true;
}

/**
 * Whether a non-empty value is a stand-in by what it says rather than by its characters: a
 * reference, a template, a placeholder word or a marker. The caller measured whether it holds
 * three letters a marker starts with (`mayHold`) and `$`, `{` or `%` (`template`).
 */
export function isMarkedValue(value: string, mayHold: boolean, template = true): boolean {
  const first = value.charCodeAt(0);
  // $VAR ${VAR} %s %(x)s {{x}} {x} <x> [x] `cmd` @var
  if (first === 37 || first === 123 || first === 60 || first === 91 || first === 96 || first === 64) return true;
  // `$VAR`, unless what follows the `$` is a long random key (Asaas writes its keys `$aact_prod_…`).
  if (first === 36) return value.length < 40 || !DOLLAR_KEY_RE.test(value);
  // openssl's and others' `env:VAR`, `file:path`, `fd:3`, a secret manager's `vault:…`, `op://…`, LiteLLM's `os.environ/VAR`: where the password is read from.
  if (SOURCE_RE.test(value) || isPublicSample(value)) return true;
  // A quoted shell variable spliced into a string (`"'$DB_PASSWORD'"`).
  if ((first === 39 || first === 34) && value.charCodeAt(1) === 36) return true;
  // `%s` as a format string writes it, before a blank, punctuation or the end (a random key may hold `%s4` by chance).
  if (template && (value.includes('${') || value.includes('{{') || FORMAT_RE.test(value) || value.includes('$('))) return true;
  // Vault's audit log writes every sensitive field HMAC'd (`hmac-sha256:<hex>`): a keyed hash, not the value.
  if (first === 104 && value.startsWith('hmac-sha256:')) return true;
  // A deployment tool's token, replaced at release (`__DB_PASSWORD__`, Octopus' and Azure Pipelines' token replacement).
  if (first === 95 && /^__[A-Z][A-Z0-9_]*__$/.test(value)) return true;
  // A value shown with its tail masked (`signkey-prod-••••••••`, `sk_live_****`): the rest is hidden; BFG's `***REMOVED***`.
  // Metabase's API shows `**MetabasePass**` in place of a stored password (a bold password in chat is `**…**` too: only this one).
  if (maskedTail(value) || (first === 42 && ((value.startsWith('***') && value.endsWith('***')) || value === '**MetabasePass**')))
    return true;
  // Every token marker is a value marker.
  return (mayBeWord(value) && PLACEHOLDER_WORDS.has(value.toLowerCase())) || (mayHold && VALUE_MARKER_RE.test(value));
}
