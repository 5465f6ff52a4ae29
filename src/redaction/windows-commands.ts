/** Credentials on Windows command lines: `net use … /user:… <password>` (either side of the switch), `net user <name> <password>`, xfreerdp's `/p:` and winrs' `-p:`, schtasks' `/rp`, signtool's `/p`, `reg add`'s `/d` under a password's name, cmdkey's `/pass:`, and `ConvertTo-SecureString "<password>"`. */
import { isLineBlank, lineBefore, passwordArgument, pushPassword } from './argument-spans.ts';
import { roleOfName } from './classify.ts';
import type { ScanState } from './classify.ts';
import { skipBlanks } from './spans.ts';
import { isCredentialValue } from './credential-values.ts';

/** A schtasks command line. */
const SCHTASKS_RE = /(?:^|[\s&;|(>`])schtasks(?:\.exe)?\s/i;
/** A cmdkey command line. */
const CMDKEY_RE = /(?:^|[\s&;|(>`])cmdkey(?:\.exe)?\s/i;
/** A `net use` command line, up to a switch. */
const NET_USE_RE = /(?:^|[\s&;|(>`])net(?:\.exe)?\s+use\s/i;

/** A `reg add` command line up to its `/d` switch, the value's name (`/v <name>`) in group 1. */
const REG_ADD_RE = /(?:^|[\s&;|(>`])reg(?:\.exe)?\s+add\s.*\s\/v\s+"?([\w.-]{1,64})"?\s.*\/d\s*$/i;
/** A signtool command line. */
const SIGNTOOL_RE = /(?:^|[\s&;|(>"\\`])signtool(?:\.exe)?"?\s/i;

/** schtasks' `/rp <password>` (the run-as user's, beside `/ru`), signtool's `/p <password>` (its PFX file's) and `reg add`'s `/d <password>` under a password's name: the argument at `start` after the switch [wordStart - 1, wordEnd). */
export function switchPassword(text: string, wordStart: number, wordEnd: number, start: number, state: ScanState): void {
  const length = wordEnd - wordStart;
  const first = text.charCodeAt(wordStart) | 32;
  // Each command line names its task, program or file before the switch: read back 256 characters.
  if (length === 2 && first === 114 && (text.charCodeAt(wordStart + 1) | 32) === 112) {
    if (SCHTASKS_RE.test(lineBefore(text, start, 256))) passwordArgument(text, start, state);
  } else if (length === 1 && first === 112 && SIGNTOOL_RE.test(lineBefore(text, start, 256))) passwordArgument(text, start, state);
  else if (length === 1 && first === 100) {
    // `reg add <key> /v ProxyPassword /t REG_SZ /d <value>`: the data of a value named for a password.
    const name = REG_ADD_RE.exec(lineBefore(text, start, 256))?.[1];
    if (name !== undefined && roleOfName(name) === 'password') passwordArgument(text, start, state);
  }
}

/**
 * `net use \\srv\share /user:DOMAIN\name <password>`: the argument after a `/user:` switch token at `start`, on a `net use`
 * line (a prompt's `C:\…>` before the command too); and the `/p:` or `-p:` token of xfreerdp and winrs, cmdkey's `/pass:`.
 */
export function userSwitchArgument(text: string, start: number, state: ScanState): void {
  // xfreerdp's `/p:<password>` beside its `/u:`, winrs' `-p:` beside its `-u:`.
  if (text.charCodeAt(start + 1) === 112 && text.charCodeAt(start + 2) === 58 && /(?:^|\s)[/-]u:/.test(lineBefore(text, start))) {
    passwordArgument(text, start + 3, state);
    return;
  }
  // cmdkey's `/pass:<password>`.
  if (/^\/pass:/i.test(text.slice(start, start + 6)) && CMDKEY_RE.test(lineBefore(text, start))) {
    passwordArgument(text, start + 6, state);
    return;
  }
  if (!/^\/user:/i.test(text.slice(start, start + 6)) || !NET_USE_RE.test(lineBefore(text, start))) return;
  passwordBeforeSwitch(text, start, state);
  let at = start + 6;
  const limit = Math.min(text.length, at + 128);
  while (at < limit && !/\s/.test(text.charAt(at))) at++;
  const from = skipBlanks(text, at, at + 8);
  // `*` asks for the password; another switch or the line's end gives none.
  if (from === at || from >= text.length || '*/\r\n'.includes(text.charAt(from))) return;
  passwordArgument(text, from, state);
}

/** A `net user` command up to the user's name. */
const NET_USER_RE = /(?:^|[\s&;|(>`])net(?:\.exe)?\s+user\s+$/i;

/**
 * `net user <name> <password> [/add]`: the argument at `start` after the user's name [wordStart, …), on a `net user`
 * line (`*` asks for the password, a switch gives none).
 */
export function netUserPassword(text: string, wordStart: number, start: number, state: ScanState): void {
  let p = wordStart;
  while (p > 0 && p > wordStart - 8 && text.charCodeAt(p - 1) === 32) p--;
  if (p < 4 || (text.charCodeAt(p - 4) | 32) !== 117 || (text.charCodeAt(p - 1) | 32) !== 114) return;
  const first = text.charCodeAt(start);
  if (first === 47 || first === 42 || !NET_USER_RE.test(lineBefore(text, wordStart))) return;
  passwordArgument(text, start, state);
}

/** `net use Z: \\srv\share <password> /user:…`: the argument before the `/user:` switch at `start`, unless it is the share, the drive or `use`. */
function passwordBeforeSwitch(text: string, start: number, state: ScanState): void {
  let end = start;
  while (end > 0 && end > start - 8 && text.charCodeAt(end - 1) === 32) end--;
  let from = end;
  while (from > 0 && from > end - 128 && !isLineBlank(text.charCodeAt(from - 1))) from--;
  const quote = text.charCodeAt(from);
  const [first, last] = quote === 34 || quote === 39 ? [from + 1, end - 1] : [from, end];
  const value = text.slice(first, last);
  // A share path holds a `\` (read in the decoded view, `\\srv\finance` may hold a control character too).
  if (/[\\\x00-\x1f]/.test(value) || value.startsWith('/') || /^(?:[A-Za-z]:|use|\*)$/i.test(value)) return;
  if (isCredentialValue(value, 'password')) pushPassword(state, first, last);
}

/** A switch of ConvertTo-SecureString written before its argument. */
const SWITCH_RE = /^-(?:AsPlainText|Force)(?=\s)/i;

/**
 * `ConvertTo-SecureString "<password>" -AsPlainText`: the argument after the token [start, end),
 * read forwards, as a password of letters alone holds no character the scan stops at.
 */
export function secureStringArgument(text: string, start: number, end: number, state: ScanState): void {
  if (!/^convertto-securestring$/i.test(text.slice(start, end))) return;
  let from = skipBlanks(text, end, end + 8);
  // Its switches may come first: `ConvertTo-SecureString -AsPlainText "…" -Force`.
  for (let flag = SWITCH_RE.exec(text.slice(from, from + 13)); flag !== null; flag = SWITCH_RE.exec(text.slice(from, from + 13)))
    from = skipBlanks(text, from + flag[0].length, from + flag[0].length + 8);
  // The argument may be named: `-String "…"`.
  if (from > end && /^-String\s/i.test(text.slice(from, from + 8))) from = skipBlanks(text, from + 7, from + 16);
  if (from === end || from >= text.length || text.charCodeAt(from) === 45) return;
  passwordArgument(text, from, state);
}
