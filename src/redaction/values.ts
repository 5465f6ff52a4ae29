/** When a value assigned to a credential-like name is a credential: long enough, no placeholder, no identifier, path or version, and random enough for its alphabet. */
import type { NameRole } from './names.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { classChangeShare, entropy, gluedDigitRuns, isStructuredNonSecret, isUuid, sequenceShare, wordShare } from './randomness.ts';

/** Shortest value taken for a password, and for any other credential. */
export const MIN_PASSWORD = 6;
/** Shortest value taken for any other credential. */
export const MIN_SECRET = 8;
/** Longest value an assignment is read to; a longer one is data, not a credential. */
export const MAX_VALUE = 4096;

const HEX_RE = /^(?:[0-9a-f]+|[0-9A-F]+)$/;
const DIGITS_RE = /^[0-9]+$/;
const LETTERS_RE = /^[A-Za-z]+$/;
const SPACE_RE = /\s/;

function distinct(value: string): number {
  return new Set(value).size;
}

/**
 * Bits per character a random value of this length reaches: short random strings cannot reach
 * log2 of their alphabet, so the floor grows with the length. Measured: a quarter of a bit under
 * the 0.1% quantile of random lowercase-and-digit strings (2.0 bits at 8 characters, 2.95 at 16,
 * 3.74 at 32), capped at 3.2 bits, where words and identifiers begin to pass anyway.
 */
export function entropyFloor(length: number): number {
  return Math.min(3.2, 1.75 + 0.85 * Math.log2(length / 8));
}

/** Whether a password value is one: people choose words too, so only stand-ins and keyboard runs (`abc123`, `12345678`) are left. */
function passwordValue(value: string): boolean {
  return value.length >= MIN_PASSWORD && (sequenceShare(value) < 0.5 || value.length > 16);
}

/** Whether a value random enough to be a key, token or secret. */
function randomValue(value: string, role: NameRole): boolean {
  if (value.length < MIN_SECRET) return false;
  if (isUuid(value)) return role !== 'client-id';
  if (sequenceShare(value) >= 0.4) return false;
  if (DIGITS_RE.test(value)) return value.length >= 12 && distinct(value) >= 5;
  if (HEX_RE.test(value)) return value.length >= 16 && entropy(value) >= 2.3;
  // Letters only: a key or token made of letters alone mixes case at random (`jCBaQngSHiHDRY`); one case, or
  // camelCase (`typertGateway`, `endpoint`), is a word or an identifier.
  if (LETTERS_RE.test(value)) return classChangeShare(value) >= 0.3 && entropy(value) >= entropyFloor(value.length);
  // Words and identifiers (`SalesResults-1.2`, `token_from_the_environment`), unless digits are glued inside
  // the letters as in random strings (`Uinso9dh0cOupgeK`).
  if (gluedDigitRuns(value) < 2) {
    const words = wordShare(value);
    if (words >= 0.5 || (words >= 0.3 && classChangeShare(value) < 0.1)) return false;
  }
  return entropy(value) >= entropyFloor(value.length);
}

/** Whether `value`, assigned to a name of `role`, is a credential. */
export function isCredentialValue(value: string, role: NameRole): boolean {
  if (value.length > MAX_VALUE || SPACE_RE.test(value)) return false;
  if (isPlaceholderValue(value) || isStructuredNonSecret(value)) return false;
  return role === 'password' ? passwordValue(value) : randomValue(value, role);
}
