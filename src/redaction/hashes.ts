/** Password hashes: bcrypt, the crypt(3) families (`$1$`, `$5$`, `$6$`, `$apr1$`, yescrypt), Cisco type 8 and 9, Kerberos ticket hashes, Argon2, Django's and passlib's PBKDF2, passlib's scrypt, MySQL native, PostgreSQL `md5…` and SCRAM, phpass, Drupal's, Mosquitto's, NetBSD's, GRUB's, SQL Server's, Oracle's, Werkzeug's, NT hashes on SAM dump lines, and LDAP `{SSHA}` and Atlassian `{PKCS5S2}` values. An offline guess recovers the password, so a hash is a credential. */
import { isPlaceholderToken } from './placeholders.ts';
import { isCredentialValue } from './credential-values.ts';
import type { CustomAnchor } from './kind-record.ts';

const B = '[./A-Za-z0-9]';
/** Each family: the literals its hashes start with, and its whole hash, anchored where the literal starts. */
const FAMILIES: readonly (readonly [string, RegExp])[] = [
  ['$2a$ $2b$ $2x$ $2y$', new RegExp(`\\$2[abxy]\\$\\d{2}\\$${B}{53}`, 'y')],
  ['$1$ $5$ $6$ $apr1$', new RegExp(`\\$(?:1|5|6|apr1)\\$(?:rounds=\\d{1,9}\\$)?${B}{1,16}\\$${B}{22,86}`, 'y')],
  ['$y$ $gy$ $7$', new RegExp(`\\$(?:y|gy|7)\\$${B}{1,64}\\$${B}{1,64}\\$${B}{43}`, 'y')],
  ['$8$ $9$', new RegExp(`\\$(?:8|9)\\$${B}{14}\\$${B}{43}`, 'y')],
  // Junos' `$9$` secrets (an authentication key, a RADIUS secret, a pre-shared key): a reversible encoding of the secret itself.
  ['$9$', /\$9\$[A-Za-z0-9./-]{8,512}(?![$A-Za-z0-9./-])/y],
  ['$argon2', /\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}/y],
  [
    'pbkdf2_sha256$ pbkdf2_sha1$ bcrypt_sha256$',
    /(?:pbkdf2_sha256|pbkdf2_sha1|bcrypt_sha256)\$\d+\$[A-Za-z0-9./+]{4,64}\$[A-Za-z0-9+/]{20,}={0,2}/y,
  ],
  [
    '0123456789ABCDEF'
      .split('')
      .map((digit) => `*${digit}`)
      .join(' '),
    /\*[0-9A-F]{40}/y,
  ],
  ['md5', /md5[0-9a-f]{32}/y],
  // bcrypt with its `$` doubled (a Compose file's escaping, Traefik labels) and bcrypt encoded in base64 (Caddy's `basicauth`).
  ['$$2a$$ $$2b$$ $$2y$$', new RegExp(`\\$\\$2[aby]\\$\\$\\d{2}\\$\\$${B}{53}`, 'y')],
  ['JDJhJD JDJiJD JDJ5JD', /JDJ[hiy5]JD[A-Za-z0-9+/]{72}[A-Za-z0-9+/=]{2}/y],
  // phpass (WordPress, phpBB): `$P$` or `$H$`, the cost, the salt and the hash, 34 characters in all.
  ['$P$ $H$', new RegExp(`\\$[PH]\\$${B}{31}`, 'y')],
  // Werkzeug's `generate_password_hash`: method and parameters, then `$<salt>$<hex digest>`.
  ['scrypt: pbkdf2:', /(?:scrypt:\d{1,7}:\d{1,3}:\d{1,3}|pbkdf2:sha(?:1|256|512):\d{1,8})\$[A-Za-z0-9]{8,64}\$[0-9a-f]{40,128}/y],
  // passlib's modular forms: `$pbkdf2-sha256$<rounds>$<salt>$<checksum>`, `$scrypt$ln=…,r=…,p=…$<salt>$<checksum>`.
  ['$pbkdf2', /\$pbkdf2(?:-sha(?:1|256|512))?\$\d{1,9}\$[A-Za-z0-9./]{4,64}\$[A-Za-z0-9./]{22,}/y],
  ['$scrypt$', /\$scrypt\$ln=\d{1,2},r=\d{1,3},p=\d{1,3}\$[A-Za-z0-9+/.]{4,64}\$[A-Za-z0-9+/.]{22,}/y],
  ['SCRAM-SHA-256$', /SCRAM-SHA-256\$\d+:[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]+={0,2}/y],
  // Django's bcrypt forms, the algorithm's name included: `bcrypt_sha256$$2b$12$…`.
  ['bcrypt_sha256$$ bcrypt$$', new RegExp(`(?:bcrypt_sha256|bcrypt)\\$\\$2[abxy]\\$\\d{2}\\$${B}{53}`, 'y')],
  // Mosquitto's `$7$<iterations>$<salt>$<sha512 PBKDF2>`, Drupal 7's `$S$`, NetBSD's `$sha1$`, GRUB's `grub.pbkdf2.sha512.…`.
  ['$7$', /\$7\$\d{1,7}\$[A-Za-z0-9+/]{12,24}={0,2}\$[A-Za-z0-9+/]{64,88}={0,2}/y],
  ['$S$', new RegExp(`\\$S\\$${B}{52}`, 'y')],
  ['$sha1$', new RegExp(`\\$sha1\\$\\d{1,9}\\$${B}{1,64}\\$${B}{28}`, 'y')],
  ['grub.pbkdf2.', /grub\.pbkdf2\.sha512\.\d{1,9}\.[0-9A-F]{32,256}\.[0-9A-F]{64,256}/y],
  // SQL Server's `0x0200…` (SHA-512) and `0x0100…` (SHA-1) password hashes, Oracle's 12c `S:` verifier.
  ['0x0200 0x0100', /0x0[12]00[0-9A-Fa-f]{80,136}/y],
  ['S:', /S:[0-9A-F]{60}(?:;T:[0-9A-F]{160})?(?:;H:[0-9A-F]{32})?/y],
];
const TAIL = /[A-Za-z0-9]/;
/** Longest hash read: a sha512-crypt with rounds, an Argon2 with long parameters, a GRUB PBKDF2. */
const MAX_HASH = 600;

/** The matcher of one family: its hash starting at `at`, or null. */
function familyMatcher(re: RegExp): (text: string, at: number) => [number, number] | null {
  return (text, at) => {
    re.lastIndex = at;
    if (!re.test(text.slice(0, at + MAX_HASH))) return null;
    const end = re.lastIndex;
    if (end < text.length && TAIL.test(text.charAt(end))) return null;
    // The last field is looked for inside the hash only (`md5…` has no `$`: a search of the text would run back to its start).
    const hash = text.slice(at, end);
    const dollar = hash.lastIndexOf('$');
    return isPlaceholderToken(hash.slice(dollar > 0 ? dollar + 1 : 1)) ? null : [at, end];
  };
}

/** The LM hash of no password, which every modern SAM dump writes before each account's NT hash. */
const EMPTY_LM = ':aad3b435b51404eeaad3b435b51404ee:';
const NT_HASH_RE = /[0-9a-fA-F]{32}:/y;

/**
 * The NT hash on a SAM dump's line held by the token [start, end) (`user:rid:<lm>:<nt>:::`, as
 * secretsdump and pwdump write it): the 32 hex digits after the empty LM hash, or null.
 */
export function samDumpHash(text: string, start: number, end: number): [number, number] | null {
  const lm = text.slice(start, end).indexOf(EMPTY_LM);
  if (lm < 0) return null;
  const at = start + lm + EMPTY_LM.length;
  NT_HASH_RE.lastIndex = at;
  // The NT hash of no password (a disabled Guest's, DefaultAccount's) is the same everywhere and opens nothing.
  return at + 33 <= end && NT_HASH_RE.test(text) && !text.startsWith(EMPTY_NT, at) ? [at, at + 32] : null;
}

/**
 * A captured NetNTLM response as Responder and hashcat write it: v2's `user::domain:<challenge>:<proof>:<blob>`, v1's
 * `user::domain:<LM response>:<NT response>:<challenge>`.
 */
const NET_NTLM_RE =
  /^[^\s:]{1,64}::[^\s:]{0,64}:(?:[0-9a-fA-F]{16}:([0-9a-fA-F]{32}:[0-9a-fA-F]{16,2048})|[0-9a-fA-F]{48}:[0-9a-fA-F]{48}:[0-9a-fA-F]{16})/;

/** A NetNTLM response held by the token [start, end), whole: who answered, the challenge and the crackable proof (a capture is cracked offline as it is written); or null. */
export function netNtlmResponse(text: string, start: number, end: number): [number, number] | null {
  const match = NET_NTLM_RE.exec(text.slice(start, Math.min(end, start + 2400)));
  if (match === null) return null;
  // A v2 blob runs on to the token's end.
  return [start, match[1] === undefined ? start + match[0].length : end];
}

/** The NT hash of the empty password. */
const EMPTY_NT = '31d6cfe0d16ae931b73c59d7e0c089c0';

/** Every literal a password hash starts with, and its family's matcher (one pattern tried per literal found). */
export const HASH_ANCHORS: readonly CustomAnchor[] = [
  ...FAMILIES.flatMap(([literals, re]) => {
    const match = familyMatcher(re);
    return literals.split(' ').map((literal) => ({ literal, at: 'start' as const, match }));
  }),
  { literal: '$krb5', at: 'start', match: matchKerberosHash },
];

const LDAP_RE = /\{(?:S?SHA(?:256|384|512)?|S?MD5|PBKDF2[A-Z0-9-]*|PKCS5S2|ARGON2|CRYPT)\}$/;

/** The schemes that store a password as written (Dovecot's and nginx's `{PLAIN}`, `{CLEARTEXT}`). */
const PLAIN_RE = /\{(?:PLAIN|CLEARTEXT|CLEAR)\}$/;

/**
 * A value after a password scheme whose token starts at `start` (the scheme sits just before it,
 * outside the token): an LDAP `{SSHA}…` hash (from its scheme on), or a `{PLAIN}` password (the
 * password alone); with its kind, or null.
 */
export function schemeValueAt(text: string, start: number, end: number): [number, number, string] | null {
  const open = text.slice(Math.max(0, start - 16), start).lastIndexOf('{') + Math.max(0, start - 16);
  if (open < Math.max(0, start - 16)) return null;
  const scheme = text.slice(open, start);
  let stop = start;
  while (stop < end && /[A-Za-z0-9+/=.$]/.test(text.charAt(stop))) stop++;
  if (PLAIN_RE.test(scheme)) {
    const password = argumentRunEnd(text, start, end);
    return isCredentialValue(text.slice(start, password), 'password') ? [start, password, 'password'] : null;
  }
  if (!LDAP_RE.test(scheme)) return null;
  return stop - start >= 16 && !isPlaceholderToken(text.slice(start, stop)) ? [open, stop, 'password-hash'] : null;
}

/** Where a plain password at `start` ends within its token [.., end): at a `:` that starts the next field, if any. */
function argumentRunEnd(text: string, start: number, end: number): number {
  let stop = start;
  while (stop < end && text.charCodeAt(stop) !== 58) stop++;
  return stop;
}

/** Hex digits, per code, in either case (impacket writes lowercase, Rubeus uppercase). */
function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 102);
}

const KERBEROS_HEAD_RE = /\$krb5(?:tgs|asrep|pa)\$\d{1,2}\$/y;

/**
 * A Kerberos ticket hash as cracking tools write it (`$krb5tgs$23$*user$realm$spn*$<checksum>$<data>`,
 * `$krb5asrep$23$user@realm:<checksum>$<data>`): the account part (at most 300 characters), a hex
 * checksum of 16 to 64 digits and the encrypted data, 64 or more hex digits, read back from the
 * token's end. The token is read up to the next `$krb5` at most, so repeats read each character once.
 */
function matchKerberosHash(text: string, at: number): [number, number] | null {
  KERBEROS_HEAD_RE.lastIndex = at;
  if (!KERBEROS_HEAD_RE.test(text)) return null;
  const account = KERBEROS_HEAD_RE.lastIndex;
  const limit = Math.min(text.length, account + 300 + 65 + 16_384);
  let end = account;
  for (; end < limit; end++) {
    const code = text.charCodeAt(end);
    if (code <= 32 || code === 34 || code === 39 || code === 96) break;
    if (code === 36 && text.startsWith('krb5', end + 1)) break;
  }
  let k = end;
  while (k > account && isHex(text.charCodeAt(k - 1))) k--;
  if (end - k < 64 || text.charCodeAt(k - 1) !== 36) return null;
  const data = k - 1;
  k = data;
  while (k > account && data - k < 65 && isHex(text.charCodeAt(k - 1))) k--;
  const checksum = data - k;
  const mark = text.charCodeAt(k - 1);
  if (checksum < 16 || checksum > 64 || k - 1 <= account || k - 1 - account > 300) return null;
  return mark === 36 || mark === 58 || mark === 42 ? [at, end] : null;
}
