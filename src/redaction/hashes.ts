/** Password hashes: bcrypt, the crypt(3) families (`$1$`, `$5$`, `$6$`, `$apr1$`, yescrypt), Argon2, Django's PBKDF2, MySQL native, PostgreSQL `md5…` and SCRAM, and LDAP `{SSHA}` values. An offline guess recovers the password, so a hash is a credential. */
import { isPlaceholderToken } from './placeholders.ts';

const B = '[./A-Za-z0-9]';
/** Each family's whole hash, anchored where its literal starts. */
const HASH_RES: readonly RegExp[] = [
  new RegExp(`\\$2[abxy]?\\$\\d{2}\\$${B}{53}`, 'y'),
  new RegExp(`\\$(?:1|5|6|apr1)\\$(?:rounds=\\d{1,9}\\$)?${B}{1,16}\\$${B}{22,86}`, 'y'),
  new RegExp(`\\$(?:y|gy|7)\\$${B}{1,64}\\$${B}{1,64}\\$${B}{43}`, 'y'),
  /\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}/y,
  /(?:pbkdf2_sha256|pbkdf2_sha1|bcrypt_sha256)\$\d+\$[A-Za-z0-9./+]{4,64}\$[A-Za-z0-9+/]{20,}={0,2}/y,
  /\*[0-9A-F]{40}/y,
  /md5[0-9a-f]{32}/y,
  /SCRAM-SHA-256\$\d+:[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]+={0,2}/y,
];
const TAIL = /[A-Za-z0-9]/;
/** Longest hash read: a sha512-crypt with rounds, or an Argon2 with long parameters. */
const MAX_HASH = 256;

/** Literals a password hash starts with; the matcher tells them apart. */
export const HASH_LITERALS: readonly string[] = [
  ...'$2a$ $2b$ $2x$ $2y$ $1$ $5$ $6$ $apr1$ $y$ $gy$ $7$ $argon2 pbkdf2_sha256$ pbkdf2_sha1$ bcrypt_sha256$ md5 SCRAM-SHA-256$'.split(' '),
  ...'0123456789ABCDEF'.split('').map((digit) => `*${digit}`),
];

/** The password hash starting at `at`, or null. */
export function matchPasswordHash(text: string, at: number): [number, number] | null {
  const window = text.slice(0, at + MAX_HASH);
  for (const re of HASH_RES) {
    re.lastIndex = at;
    if (!re.test(window)) continue;
    const end = re.lastIndex;
    if (end < text.length && TAIL.test(text.charAt(end))) return null;
    const dollar = text.lastIndexOf('$', end - 1);
    return isPlaceholderToken(text.slice(dollar > at ? dollar + 1 : at + 1, end)) ? null : [at, end];
  }
  return null;
}

const LDAP_RE = /\{(?:S?SHA(?:256|384|512)?|S?MD5|PBKDF2[A-Z0-9-]*|CRYPT)\}$/;

/** An LDAP `{SSHA}…` value whose base64 token starts at `start` (the scheme sits just before it, outside the token), or null. */
export function ldapHashAt(text: string, start: number, end: number): [number, number] | null {
  const open = text.slice(Math.max(0, start - 16), start).lastIndexOf('{') + Math.max(0, start - 16);
  if (open < Math.max(0, start - 16) || !LDAP_RE.test(text.slice(open, start))) return null;
  let stop = start;
  while (stop < end && /[A-Za-z0-9+/=.$]/.test(text.charAt(stop))) stop++;
  return stop - start >= 16 && !isPlaceholderToken(text.slice(start, stop)) ? [open, stop] : null;
}
