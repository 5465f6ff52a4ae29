/** Mail relays' credential files: Postfix's `sasl_passwd` (`[smtp.relay]:587  user:password`) and Sendmail's `AuthInfo` (`"P:password"`). */
import { lineBefore, pushPassword } from './argument-spans.ts';
import { chars } from './chars.ts';
import type { ScanState } from './classify.ts';
import { isCredentialValue } from './credential-values.ts';

/** A `sasl_passwd` line up to its credentials: the relay (a host name, bracketed as that file writes a relay not looked up in DNS, or not), its port, blanks. */
const RELAY_RE = /^[ \t]*(?:\[[\w-]{1,63}(?:\.[\w-]{1,63})+\]|[\w.-]{1,253})(?::\d{1,5})?[ \t]+$/;
/** What a relay and its port are written with. */
const RELAY = chars('A-Za-z0-9_.:[]-');
/** Sendmail's `AuthInfo:<relay>` line up to the quoted password field. */
const AUTH_INFO_RE = /^AuthInfo:\S{0,253}(?:\s+"[A-Z]:[^"\n]{0,256}")*\s+"$/;

/** An app password written in its four groups (it must close its line). */
const APP_PASSWORD_RE = /^[a-z]{4}(?: [a-z]{4}){3}$/;

/** The most characters a password is read over. */
const MAX_PASSWORD = 256;

/**
 * A token at `start` after a blank (or a quote after one): the password of a relay's credentials, by the line it sits on.
 * `flagged`: the token's first character that is not a letter or digit, or -1 (both forms hold a colon).
 */
export function mailCredential(text: string, start: number, end: number, flagged: number, state: ScanState): void {
  if (flagged < 0) return;
  const first = text.charCodeAt(start);
  if (first === 80 && text.charCodeAt(start + 1) === 58 && text.charCodeAt(start - 1) === 34) {
    if (!AUTH_INFO_RE.test(lineBefore(text, start, 512))) return;
    const field = text.slice(start + 2, start + 3 + MAX_PASSWORD);
    const close = field.indexOf('"');
    if (close > 0 && !field.slice(0, close).includes('\n')) password(text, start + 2, start + 2 + close, state);
    return;
  }
  // The token is a line's second field: blanks, and a relay at the line's start, before it.
  let at = start;
  while (at > start - 64 && (text.charCodeAt(at - 1) === 32 || text.charCodeAt(at - 1) === 9)) at--;
  if (at === start || text.charCodeAt(at - 1) === 34) return;
  let colon = flagged;
  while (colon < end && text.charCodeAt(colon) !== 58) colon++;
  if (colon === end || colon === start) return;
  const relay = RELAY.runStart(text, at, at - 260);
  if (relay === at || (relay > 0 && text.charCodeAt(relay - 1) !== 10)) return;
  const line = text.slice(relay, start);
  // The relay's brackets say it is that file's line; a bare host needs the file named before it.
  if (!RELAY_RE.test(line) || (!line.trimStart().startsWith('[') && !text.slice(Math.max(0, start - 512), start).includes('sasl_passwd')))
    return;
  // Google's app passwords are four groups of four letters with blanks between (`abcd efgh ijkl mnop`).
  if (APP_PASSWORD_RE.test(text.slice(colon + 1, colon + 20))) {
    let after = colon + 20;
    while (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9) after++;
    if (after >= text.length || text.charCodeAt(after) === 10 || text.charCodeAt(after) === 13) {
      pushPassword(state, colon + 1, colon + 20);
      return;
    }
  }
  let stop = colon + 1;
  while (stop < text.length && stop <= colon + MAX_PASSWORD && !/\s/.test(text.charAt(stop))) stop++;
  password(text, colon + 1, stop, state);
}

/** Pushes [start, end) as a password when it is one. */
function password(text: string, start: number, end: number, state: ScanState): void {
  if (end > start && isCredentialValue(text.slice(start, end), 'password')) pushPassword(state, start, end);
}
