/** When a value assigned to a credential-like name is a credential: long enough, no placeholder, no identifier, path or version, and random enough for its alphabet. */
import { CodeMarks } from './code-marks.ts';
import type { NameRole } from './credential-names.ts';
import { MARKER_STARTS, isMarkedValue, isMaskGlyph, isSeparator, standInCharacters } from './placeholders.ts';
import { isStructuredNonSecret, uuidShape, wordShare } from './randomness.ts';

/** Shortest value taken for a password, and for any other credential. */
export const MIN_PASSWORD = 6;
/** Shortest value taken for any other credential. */
export const MIN_SECRET = 8;
/** Longest value an assignment is read to; a longer one is data, not a credential. */
export const MAX_VALUE = 4096;

const SPACE_RE = /\s/;
/** A key of lowercase letters and digits (`cfgk7aygjdg5…`) with a letter past `f`, so not a hex digest. */
export const LOWER_KEY_RE = /^(?=[a-z0-9]*[g-z])(?=[a-z]*[0-9])[a-z0-9]+$/;
/** A value that mixes lowercase, uppercase and digits. */
export const MIXED_RE = /^(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\D*\d)/;

/**
 * Per ASCII code, everything the profile asks of a character, packed: bits 0–3 what a value of
 * such characters may be (1 all digits, 2 lowercase hex, 4 uppercase hex, 8 letters only), bits
 * 4–5 its class (0 lowercase, 1 uppercase, 2 digit, 3 anything else: a class change is a step
 * between two of these), bit 6 a separator and bit 7 a masking glyph (placeholders.ts).
 */
const CHAR_INFO = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const lower = code >= 97 && code <= 122;
  const upper = code >= 65 && code <= 90;
  const digit = code >= 48 && code <= 57;
  const bits = digit ? 1 | 2 | 4 : lower ? (code <= 102 ? 8 | 2 : 8) : upper ? (code <= 70 ? 8 | 4 : 8) : 0;
  const cls = lower ? 0 : upper ? 1 : digit ? 2 : 3;
  CHAR_INFO[code] = bits | (cls << 4) | (isSeparator(code) ? 64 : 0) | (isMaskGlyph(code) ? 128 : 0);
}
/** A character past ASCII: of class 3; `•` is a masking glyph. */
const WIDE_INFO = 3 << 4;
const WIDE_MASK_INFO = WIDE_INFO | 128;
/** Per character code, its count in the value being measured; valid only where {@link COUNTED} holds the current measure's mark. */
const COUNTS = new Uint32Array(65_536);
/** Per character code, the last measure that counted it: a fresh mark per value clears every count at once. */
const COUNTED = new CodeMarks();
/** `(c + 1) * log2(c + 1) - c * log2(c)`: what one more occurrence adds to `Σ c·log2(c)`, for every count a value up to 4 KiB reaches. */
const C_LOG_C_STEP = Float64Array.from({ length: 4097 }, (_, c) => (c + 1) * Math.log2(c + 1) - (c === 0 ? 0 : c * Math.log2(c)));
/** `log2(n)` for every length a value can have. */
const LOG2 = Float64Array.from({ length: 4097 }, (_, n) => Math.log2(n));
/** The marker table, bound here: an imported binding is read through its module on every access. */
const MARKERS = MARKER_STARTS;

/**
 * Everything the randomness rules ask of a value, read in one pass: its classes (all digits, all
 * hex in one case, all letters), the share of neighbouring pairs that step through the alphabet
 * or the digits, the share of pairs that change class, the runs of digits glued between letters,
 * the number of distinct characters and the Shannon entropy in bits per character. Each figure is
 * computed as the single-purpose measures it replaced (and placeholders.ts) compute it, so the rules decide alike: entropy
 * is log2(n) − Σ c·log2(c) / n over the character counts c.
 */
class Profile {
  digitsOnly = false;
  hex = false;
  lettersOnly = false;
  sequence = 0;
  classChanges = 0;
  gluedRuns = 0;
  distinct = 0;
  entropy = 0;
  /** A blank (ASCII), a character past ASCII, a character that is neither letter nor digit. */
  blank = false;
  wide = false;
  punctuated = false;
  /** Whether it holds three letters a stand-in marker starts with (placeholders.ts). */
  marker = false;
  /** Whether it holds `$`, `{` or `%`, which every template reference holds. */
  template = false;
  /** Whether its characters, separators left out, are a stand-in's (placeholders.ts). */
  standIn = false;
}
const PROFILE = new Profile();

/** Measures `value` (1 to 4096 characters) into the shared {@link PROFILE}. */
function measure(value: string): Profile {
  const n = value.length;
  let all = 15;
  let punctuated = false;
  let pairs = 0;
  let steps = 0;
  let changes = 0;
  let glued = 0;
  // Glued runs: 0 outside, 1 after a letter, 2 in digits that follow a letter.
  let gluedState = 0;
  let distinct = 0;
  let previous = -1;
  let previousClass = 3;
  let blank = false;
  let wide = false;
  let counted = 0;
  let masked = 0;
  let inRuns = 0;
  let runLength = 0;
  let runCode = -1;
  // The last two letters (0–25), for the three-letter marker window; -1 after a non-letter.
  let letter1 = -1;
  let letter2 = -1;
  let marker = false;
  let template = false;
  let sum = 0;
  let distinctCounted = 0;
  const current = COUNTED.next();
  const marks = COUNTED.marks;
  for (let k = 0; k < n; k++) {
    const code = value.charCodeAt(k);
    const info = code < 128 ? (CHAR_INFO[code] ?? 0) : code === 0x2022 ? WIDE_MASK_INFO : WIDE_INFO;
    const cls = (info >> 4) & 3;
    if (cls < 2) {
      const letter = (code | 32) - 97;
      if (letter2 >= 0 && MARKERS[letter2 * 676 + letter1 * 26 + letter] === 1) marker = true;
      letter2 = letter1;
      letter1 = letter;
    } else {
      letter1 = letter2 = -1;
    }
    all &= info;
    if (cls === 3) {
      // A blank rules the value out: the rest is not read.
      if (code === 32 || (code >= 9 && code <= 13)) {
        blank = true;
        break;
      } else if (code >= 128) wide = true;
      else if (code === 36 || code === 123 || code === 37) template = true;
      punctuated = true;
    }
    // The stand-in measures skip separators.
    if ((info & 64) === 0) {
      counted++;
      if ((info & 128) !== 0) masked++;
      if (code === runCode) {
        runLength++;
        if (runLength === 3) inRuns += 3;
        else if (runLength > 3) inRuns++;
      } else {
        runLength = 1;
        runCode = code;
      }
    }
    if (cls !== 3 && previousClass !== 3) {
      pairs++;
      const step = (previous | 32) - (code | 32);
      // Letters step through letters, digits through digits.
      if ((step === 1 || step === -1) && (cls === 2) === (previousClass === 2)) steps++;
    }
    if (k > 0 && cls !== previousClass) changes++;
    if (cls < 2) {
      if (gluedState === 2) glued++;
      gluedState = 1;
    } else if (cls === 2) {
      if (gluedState === 1) gluedState = 2;
    } else {
      gluedState = 0;
    }
    let count = 0;
    if (marks[code] === current) count = COUNTS[code] ?? 0;
    else {
      marks[code] = current;
      distinct++;
      if ((info & 64) === 0) distinctCounted++;
    }
    COUNTS[code] = count + 1;
    sum += C_LOG_C_STEP[count] ?? 0;
    previous = code;
    previousClass = cls;
  }
  const profile = PROFILE;
  profile.digitsOnly = (all & 1) !== 0;
  profile.hex = (all & 6) !== 0;
  profile.lettersOnly = (all & 8) !== 0;
  profile.sequence = pairs === 0 ? 0 : steps / pairs;
  profile.classChanges = n < 2 ? 0 : changes / (n - 1);
  profile.gluedRuns = glued;
  profile.distinct = distinct;
  profile.entropy = n === 0 ? 0 : (LOG2[n] ?? 0) - sum / n;
  profile.blank = blank;
  profile.marker = marker;
  profile.template = template;
  if (blank) return profile;
  profile.wide = wide;
  profile.punctuated = punctuated;
  profile.standIn = standInCharacters(counted, distinctCounted, masked, inRuns);
  return profile;
}

/**
 * Bits per character a random value of this length reaches: short random strings cannot reach
 * log2 of their alphabet, so the floor grows with the length. Measured: a quarter of a bit under
 * the 0.1% quantile of random lowercase-and-digit strings (2.0 bits at 8 characters, 2.95 at 16,
 * 3.74 at 32), capped at 3.2 bits, where words and identifiers begin to pass anyway.
 */
export function entropyFloor(length: number): number {
  return length <= MAX_VALUE ? (ENTROPY_FLOORS[length] ?? 0) : floorOf(length);
}

function floorOf(length: number): number {
  return Math.min(3.2, 1.75 + 0.85 * Math.log2(length / 8));
}

/** {@link entropyFloor} for every length a judged value can have, computed once. */
const ENTROPY_FLOORS = Float64Array.from({ length: MAX_VALUE + 1 }, (_, length) => floorOf(length));

/** Whether a password value is one: people choose words too, so only stand-ins and keyboard runs (`abc123`, `12345678`) are left. */
function passwordValue(value: string, profile: Profile): boolean {
  return value.length >= MIN_PASSWORD && (value.length > 16 || profile.sequence < 0.5);
}

/** A name of short lowercase words joined by hyphens or underscores (`azure-storage-key`, `gh_actions_token`): an identifier, whatever its words (a key's random body is longer). */
const KEBAB_NAME_RE = /^[a-z]{2,12}(?:[-_][a-z]{2,12})+$/;

/** Capitalised words run together (`AzureStorageKey`) or joined by hyphens as an HTTP header's name (`X-Api-Key`, `X-API-Key`): a name, however short its words. */
const CAPITALISED_NAME_RE = /^(?:[A-Z][a-z]{2,}){2,}$|^(?=[^a-z]*[a-z])(?:[A-Z][a-z]*|[A-Z]{2,5})(?:-(?:[A-Z][a-z]*|[A-Z]{2,5}))+$/;

/** The shortest key of letters in one case (Vultr's 36 capitals): shorter runs of one case are words and constants' names. */
const MIN_ONE_CASE_KEY = 24;

/** Whether a value random enough to be a key, token or secret. */
function randomValue(value: string, role: NameRole, profile: Profile): boolean {
  if (value.length < MIN_SECRET) return false;
  // A UUID names a client (public); a key written in the UUID's shape (Heroku's) is a key.
  const uuid = uuidShape(value);
  if (uuid !== 0) return role !== 'client-id' || uuid === 1;
  if (profile.sequence >= 0.4 || CAPITALISED_NAME_RE.test(value)) return false;
  if (profile.digitsOnly) return value.length >= 12 && profile.distinct >= 5;
  // ipinfo's tokens are 14 hex characters; a client's id is told apart by more.
  if (profile.hex) return value.length >= (role === 'client-id' ? 16 : 14) && profile.entropy >= 2.3;
  // Letters only: a key or token made of letters alone mixes case at random (`jCBaQngSHiHDRY`); one case, or
  // camelCase (`typertGateway`, `endpoint`, `ClientId`: mostly words), is a word or an identifier.
  if (profile.lettersOnly)
    return (
      (profile.classChanges >= 0.3 ? wordShare(value) < 0.5 : value.length >= MIN_ONE_CASE_KEY && wordShare(value) < 0.2) &&
      profile.entropy >= entropyFloor(value.length)
    );
  // Words and identifiers (`SalesResults-1.2`, `token_from_the_environment`), unless digits are glued inside
  // the letters as in random strings (`Uinso9dh0cOupgeK`).
  if (profile.gluedRuns < 2) {
    const { classChanges, entropy } = profile;
    const words = wordShare(value);
    if (words >= 0.5 || (words >= 0.3 && classChanges < 0.1) || KEBAB_NAME_RE.test(value)) return false;
    return entropy >= entropyFloor(value.length);
  }
  return profile.entropy >= entropyFloor(value.length);
}

/** The profile of a value that may be a credential of any role, or null: too long or empty, blanks, a stand-in, a structured non-secret. */
function screened(value: string): Profile | null {
  // A space, the common blank, is found natively before the profile is measured.
  if (value.length > MAX_VALUE || value.length === 0 || value.includes(' ')) return null;
  // One pass measures the value; the rules read its figures.
  const profile = measure(value);
  if (profile.blank || (profile.wide && SPACE_RE.test(value))) return null;
  if (profile.standIn || isMarkedValue(value, profile.marker, profile.template) || isStructuredNonSecret(value, profile.punctuated))
    return null;
  return profile;
}

/** The value judged: Spring Security's `{noop}` marks a password stored as written, WebSphere's `{xor}` and Liberty's `{aes}` one encoded reversibly: the rest is. */
function storedAs(written: string): string {
  return written.startsWith('{noop}')
    ? written.slice(6)
    : written.startsWith('{xor}') || written.startsWith('{aes}')
      ? written.slice(5)
      : written;
}

/** Whether `value`, assigned to a name of `role`, is a credential. */
export function isCredentialValue(written: string, role: NameRole): boolean {
  const value = storedAs(written);
  const profile = screened(value);
  if (profile === null) return false;
  return role === 'password' ? passwordValue(value, profile) : randomValue(value, role, profile);
}

/** {@link isCredentialValue}'s verdicts for a password (bit 1) and for a secret (bit 2), from one profile of the value. */
export function passwordAndSecretVerdicts(written: string): number {
  const value = storedAs(written);
  const profile = screened(value);
  if (profile === null) return 0;
  return (passwordValue(value, profile) ? 1 : 0) | (randomValue(value, 'secret', profile) ? 2 : 0);
}
