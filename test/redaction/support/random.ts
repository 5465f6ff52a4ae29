/** Random-looking strings for fixtures: a seeded generator per value, so a generated key is as random as a real one (fast-check's own strings lean towards repeats, which are placeholders). */
import fc from 'fast-check';

/** Alphabets fixtures are drawn from. */
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const ALNUM = UPPER + LOWER + DIGITS;
export const ALNUM_LOWER = LOWER + DIGITS;
export const ALNUM_UPPER = UPPER + DIGITS;
export const HEX = '0123456789abcdef';
export const BASE64 = ALNUM + '+/';
export const BASE64URL = ALNUM + '-_';

/** xorshift32 from a seed: the same seed gives the same string. */
function generator(seed: number): () => number {
  let state = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

/** Words that would make a generated key a placeholder (`…yourXYZ…`): a generated key never holds one. */
const STAND_IN_RE = /example|placeholder|redacted|your|here|replace|change|insert|dummy|fake|sample|todo|xxx/i;

/** `length` characters of `alphabet` from `seed`, with at least one letter and one digit when the alphabet has both. */
export function randomString(seed: number, alphabet: string, length: number): string {
  for (let attempt = 0; ; attempt++) {
    const value = draw(seed + attempt * 0x51ed27, alphabet, length);
    if (!STAND_IN_RE.test(value) || attempt > 8) return value;
  }
}

function draw(seed: number, alphabet: string, length: number): string {
  const next = generator(seed);
  const chars: string[] = [];
  for (let k = 0; k < length; k++) chars.push(alphabet[next() % alphabet.length]!);
  const letters = Array.from(alphabet).filter((c) => /[A-Za-z]/.test(c));
  const digits = Array.from(alphabet).filter((c) => /[0-9]/.test(c));
  if (length >= 4 && letters.length > 0 && digits.length > 0) {
    if (!chars.some((c) => /[0-9]/.test(c))) chars[next() % length] = digits[next() % digits.length]!;
    if (!chars.some((c) => /[A-Za-z]/.test(c))) chars[next() % length] = letters[next() % letters.length]!;
    const upper = letters.filter((c) => /[A-Z]/.test(c));
    const lower = letters.filter((c) => /[a-z]/.test(c));
    if (length >= 8 && upper.length > 0 && lower.length > 0) {
      if (!chars.some((c) => /[A-Z]/.test(c))) chars[(next() % (length - 1)) + 1] = upper[next() % upper.length]!;
      if (!chars.some((c) => /[a-z]/.test(c))) chars[(next() % (length - 1)) + 1] = lower[next() % lower.length]!;
    }
  }
  return chars.join('');
}

/** An arbitrary random string of `alphabet`, `min` to `max` long. */
export function random(alphabet: string, min: number, max = min): fc.Arbitrary<string> {
  return fc.tuple(fc.nat(), fc.integer({ min, max })).map(([seed, length]) => randomString(seed, alphabet, length));
}
