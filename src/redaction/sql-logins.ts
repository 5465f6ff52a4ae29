/** Database logins written as arguments: Oracle's `user/password@db` after its tools, SQL's `IDENTIFIED BY '…'` and embedded SQL's and Db2's `USER <user> USING <password>`. */
import { argumentEnd, lineBefore, pushPassword } from './argument-spans.ts';
import type { ScanState } from './classify.ts';
import { isCredentialValue } from './credential-values.ts';

/** Oracle's tools and RMAN's keywords (and TSO's `LOGON`), each before a `user/password@db` login. */
export const ORACLE_LOGINS = new Set([
  'sqlplus',
  'rman',
  'target',
  'auxiliary',
  'expdp',
  'impdp',
  'exp',
  'imp',
  'sqlldr',
  'dgmgrl',
  'fndcpass',
  'logon',
]);

/** sqlplus' connect argument: `user/password`, then `@` and the database or the argument's end. */
const SQLPLUS_LOGIN_RE = /^[A-Za-z][\w$#]{0,127}\/([^\s/@"']{1,128})(?:@|$)/;
/** sqlplus and its short flags (`-s`, `-L`), up to its login argument. */
const SQLPLUS_FLAGS_RE = /(?:^|\s)sqlplus(?:\s+-[A-Za-z]{1,8})+\s+$/;

/** `sqlplus -s user/…@db`, `sqlplus -L …`: the login after a flag (at `flagStart`) between the command and it. */
export function sqlplusAfterFlag(text: string, flagStart: number, start: number, end: number, state: ScanState): void {
  const letter = text.charCodeAt(flagStart + 1) | 32;
  if ((letter === 115 || letter === 108) && SQLPLUS_FLAGS_RE.test(lineBefore(text, start)))
    sqlplusLogin(text, start, argumentEnd(text, start, end), state);
}

/** The password of an Oracle tool's `user/password@db` argument at [start, end), when it is one. */
export function sqlplusLogin(text: string, start: number, end: number, state: ScanState): void {
  const value = text.slice(start, end);
  const secret = SQLPLUS_LOGIN_RE.exec(value)?.[1];
  if (secret === undefined || !isCredentialValue(secret, 'password')) return;
  const from = start + value.indexOf('/') + 1;
  pushPassword(state, from, from + secret.length);
}

/** SQL's `IDENTIFIED BY` up to the password after it. */
const IDENTIFIED_BY_RE = /\bidentified\s+(?:with\s+\w{1,32}\s+)?by\s*$/i;
/** Embedded SQL's and Db2's `CONNECT … USER <user> USING` up to the password after it; a host variable (`:WS-USER`) as the user too. */
const USER_USING_RE = /\buser\s+(?::?[\w$#@.-]{1,64}|'[^'\n]{1,64}'|"[^"\n]{1,64}")\s+using\s*$/i;

/**
 * The value at `start` after the word [wordStart, wordStart + length) that ends at `p`: a password when the word closes
 * `IDENTIFIED BY` (quoted) or `USER <user> USING` (quoted, or bare as Db2's command line writes it; a host variable
 * `:WS-PASS` is none). Returns whether the word was one of them.
 */
export function sqlClausePassword(
  text: string,
  wordStart: number,
  length: number,
  p: number,
  start: number,
  end: number,
  state: ScanState,
): boolean {
  const first = text.charCodeAt(wordStart) | 32;
  const by = length === 2 && first === 98 && (text.charCodeAt(wordStart + 1) | 32) === 121;
  const using = length === 5 && first === 117 && (text.charCodeAt(wordStart + 4) | 32) === 103;
  if (!by && !using) return false;
  if (!(by ? IDENTIFIED_BY_RE : USER_USING_RE).test(text.slice(Math.max(0, p - 96), p))) return false;
  const quote = text.charCodeAt(start - 1);
  const quoted = quote === 34 || quote === 39;
  if ((!quoted && (by || text.charCodeAt(start) === 58 || text.charCodeAt(start) === 63)) || start - p > 2) return true;
  const valueEnd = argumentEnd(text, start, end);
  const value = text.slice(start, valueEnd);
  // A bare value mixes letters and digits: prose says `as user admin using Kerberos`.
  if ((quoted || (/[0-9]/.test(value) && /[A-Za-z]/.test(value))) && isCredentialValue(value, 'password'))
    pushPassword(state, start, valueEnd);
  return true;
}
