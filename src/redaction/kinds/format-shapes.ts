/** The character classes and small checks the kind records are written with. */
import { chars } from '../chars.ts';
import { wordShare } from '../randomness.ts';

/** Letters and digits. */
export const ALNUM = chars('A-Za-z0-9');
/** Lowercase letters and digits. */
export const ALNUM_LOWER = chars('a-z0-9');
/** Uppercase letters and digits. */
export const ALNUM_UPPER = chars('A-Z0-9');
/** Digits. */
export const DIGITS = chars('0-9');
/** Lowercase hex. */
export const HEX = chars('0-9a-f');
/** Hex in either case. */
export const HEX_ANY = chars('0-9a-fA-F');
/** Letters, digits and `_`. */
export const WORD = chars('A-Za-z0-9_');
/** base64url: letters, digits, `_`, `-`. */
export const URLSAFE = chars('A-Za-z0-9_-');
/** base64url with `=` padding. */
export const URLSAFE_PAD = chars('A-Za-z0-9_=-');
/** base64: letters, digits, `+`, `/`, `=`. */
export const BASE64 = chars('A-Za-z0-9+/=');
/** base64 and base64url together. */
export const BASE64_ANY = chars('A-Za-z0-9+/=_-');

/** At least one digit. */
export function hasDigit(value: string): boolean {
  return /[0-9]/.test(value);
}

/** Upper- and lowercase letters both, as in a random base62 string. */
export function mixedCase(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/** Not made of words: `hf_requiredCharacteristicTypes…` is an identifier, not a token. */
export function notWords(value: string): boolean {
  return wordShare(value) < 0.5;
}

/** Letters and digits both. */
export function lettersAndDigits(value: string): boolean {
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value);
}
