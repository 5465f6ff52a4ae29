/** Passwords in URLs and DSNs: `scheme://user:password@host`, `user:password@tcp(host)` and `jdbc:oracle:thin:user/password@host`, only the password replaced; variable references and placeholder words stay. */
import { Chars } from './chars.ts';

const SCHEME = new Chars('A-Za-z0-9+.-');
/** Userinfo and host characters (RFC 3986, plus the `(` `)` of `jdbc:…@tcp(host)`); a password may hold an unencoded `@`. */
const AUTHORITY = new Chars('A-Za-z0-9._~%!$&*+,;=:@()-');
const MAX_AUTHORITY = 512;
/** Shorter passwords are documentation (`https://a:b@host`, `abc:xyz@`). */
const MIN_PASSWORD = 4;

/** Passwords that are not secrets: variable references, templates, masks and placeholder words. */
const PLACEHOLDERS: readonly RegExp[] = [
  /^[$%{<[]/,
  /^(?:\*+|x+|X+|\.\.\.|•+)$/,
  /^(?:password|passwd|pass|pwd|secret|x-oauth-basic|changeme|change_me|redacted|placeholder|token)$/i,
];

/** The password of the URL whose `://` is at `at`, or null. */
export function matchUrlPassword(text: string, at: number): [number, number] | null {
  const schemeStart = SCHEME.runStart(text, at, at - 32);
  if (at - schemeStart < 2 || !/[A-Za-z]/.test(text.charAt(schemeStart))) return null;
  const start = at + 3;
  const end = AUTHORITY.runEnd(text, start, start + MAX_AUTHORITY + 1);
  if (end - start > MAX_AUTHORITY) return null;
  let lastAt = end - 1;
  while (lastAt >= start && text.charCodeAt(lastAt) !== 64) lastAt--;
  if (lastAt < start) return null;
  let colon = start;
  while (colon < lastAt && text.charCodeAt(colon) !== 58) colon++;
  if (colon >= lastAt) return null;
  const password = text.slice(colon + 1, lastAt);
  if (password.length < MIN_PASSWORD) return null;
  return PLACEHOLDERS.some((re) => re.test(password)) ? null : [colon + 1, lastAt];
}

const USER = new Chars('A-Za-z0-9._-');
const DSN_PASSWORD = new Chars('A-Za-z0-9._~!$&*+,;=%#^-');

/** The password of a Go MySQL DSN, `user:password@tcp(host:port)/db` (no scheme), whose `@tcp(`, `@unix(` or `@udp(` is at `at`; or null. */
export function matchDsnPassword(text: string, at: number): [number, number] | null {
  const start = DSN_PASSWORD.runStart(text, at, at - 129);
  if (start === at || text.charCodeAt(start - 1) !== 58) return null;
  const userStart = USER.runStart(text, start - 1, start - 66);
  if (userStart === start - 1) return null;
  const before = userStart > 0 ? text.charCodeAt(userStart - 1) : 32;
  // The DSN starts a string or a word: `"app:pw@tcp(…)"`, `DSN=app:pw@tcp(…)`.
  if (!(before === 34 || before === 39 || before === 96 || before === 61 || before === 32 || before === 10)) return null;
  const password = text.slice(start, at);
  if (password.length < MIN_PASSWORD) return null;
  return PLACEHOLDERS.some((re) => re.test(password)) ? null : [start, at];
}

/** The password of an Oracle thin-driver URL, `jdbc:oracle:thin:user/password@host…`, whose `:thin:` is at `at`; or null. */
export function matchOracleThinPassword(text: string, at: number): [number, number] | null {
  const userEnd = USER.runEnd(text, at + 6, at + 6 + 66);
  if (userEnd === at + 6 || text.charCodeAt(userEnd) !== 47) return null;
  const start = userEnd + 1;
  const end = DSN_PASSWORD.runEnd(text, start, start + 129);
  if (text.charCodeAt(end) !== 64) return null;
  const password = text.slice(start, end);
  if (password.length < MIN_PASSWORD) return null;
  return PLACEHOLDERS.some((re) => re.test(password)) ? null : [start, end];
}
