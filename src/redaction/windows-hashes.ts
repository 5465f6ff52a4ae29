/** Hashes, keys and passwords that Windows credential tools print or take: mimikatz' `* NTLM : <hex>` and `/krbtgt:<hex>`, secretsdump's Kerberos keys, a hash passed for a password (`-H <hex>`, `-hashes <lm>:<nt>`), NetExec's confirmed `domain\user:password`. */
import { lineBefore, pushPassword } from './argument-spans.ts';
import { chars } from './chars.ts';
import type { ScanState } from './classify.ts';
import { push } from './classify.ts';
import { RANK_FORMAT, RANK_GENERIC } from './kind-record.ts';

/** A hash's label before it on its line: mimikatz' `* NTLM     :` (and SHA1, DPAPI, LM), `Hash NTLM:`, `ntlm- 0:`, a pass-the-hash flag. */
const LABEL_RE = /(?:\*\s(?:NTLM|SHA1|DPAPI|LM)\s*:|Hash NTLM:|\b(?:ntlm|lm)\s*-\s*\d{1,2}:|(?:^|\s)-H)\s*$/;
/** A secretsdump Kerberos key line's token: `<account>:<encryption type>:<key>`. */
const KERBEROS_KEY_RE = /^[^:\s]{1,64}:(?:aes256-cts-hmac-sha1-96|aes128-cts-hmac-sha1-96|des-cbc-md5|rc4_hmac(?:_nt)?):([0-9a-f]{16,64})$/;
/** mimikatz' key arguments: `/krbtgt:<hex>`, `/rc4:`, `/aes256:`, `/aes128:`, `/ntlm:`. */
const KEY_SWITCH_RE = /^\/(?:krbtgt|rc4|aes128|aes256|ntlm):([0-9a-fA-F]{32,64})$/;
/** impacket's `-hashes <lm>:<nt>` argument (its LM half may be empty). */
const HASHES_RE = /^((?:[0-9a-fA-F]{32})?):([0-9a-fA-F]{32})$/;

/** Hex digits, in either case (Rubeus writes upper case, impacket lower). */
const HEX = chars('0-9A-Fa-f');

/** The first `:` in [start, end), or -1. */
function colonIn(text: string, start: number, end: number): number {
  for (let at = start; at < end; at++) if (text.charCodeAt(at) === 58) return at;
  return -1;
}

/**
 * The token [start, end): a Windows credential tool's hash or key, by its label, its switch or its line's shape.
 * `flagged`: its first character that is not a plain token character (a colon is one), or -1.
 */
export function windowsHash(text: string, start: number, end: number, flagged: number, state: ScanState): void {
  const length = end - start;
  if (length < 32 || length > 160) return;
  if (length === 32 || length === 40) {
    // Every label ends in `:` or `-H` before the blanks: the line is read only then.
    let p = start;
    while (p > 0 && p > start - 8 && (text.charCodeAt(p - 1) === 32 || text.charCodeAt(p - 1) === 9)) p--;
    const label = text.charCodeAt(p - 1);
    // A label names the hash, but a name that says `NTLM` already has it judged as the password it stands for.
    if (p < start && (label === 58 || label === 72) && HEX.runEnd(text, start, end) === end) {
      if (LABEL_RE.test(lineBefore(text, start))) push(state, start, end, 'password-hash', RANK_GENERIC);
      return;
    }
  }
  // Every other form holds a colon: a token of letters and digits alone (most of random text) is not read again.
  const colon = flagged < 0 ? -1 : colonIn(text, flagged, end);
  if (colon < 0) return;
  const first = text.charCodeAt(start);
  const type = text.charCodeAt(colon + 1);
  const match =
    first === 47
      ? KEY_SWITCH_RE.exec(text.slice(start, end))
      : length <= 65 && /-hashes\s+$/.test(lineBefore(text, start, 32))
        ? HASHES_RE.exec(text.slice(start, end))
        : (type === 97 && text.startsWith('aes', colon + 1)) ||
            (type === 100 && text.startsWith('des-', colon + 1)) ||
            (type === 114 && text.startsWith('rc4_', colon + 1))
          ? KERBEROS_KEY_RE.exec(text.slice(start, end))
          : null;
  const key = match?.at(-1);
  if (key !== undefined) push(state, end - key.length, end, 'password-hash', RANK_FORMAT);
}

/** NetExec's (CrackMapExec's) line for a login that worked, up to the user after its domain: `SMB  10.0.0.5  445  FS01  [+] corp\`. */
const CONFIRMED_LOGIN_RE = /^(?:SMB|WINRM|LDAP|MSSQL|SSH|RDP|FTP|WMI|VNC)\s+\S+\s+\d{1,5}\s+\S+\s+\[\+\]\s+[\w.-]{1,128}\\$/;

/** The token [start, end) after a domain's `\`: on NetExec's line for a login that worked, `user:password`, the password after the colon. */
export function confirmedLogin(text: string, start: number, end: number, state: ScanState): void {
  const colon = colonIn(text, start, end);
  if (colon < 0 || !CONFIRMED_LOGIN_RE.test(lineBefore(text, start, 256))) return;
  // The password runs to the blank before NetExec's `(Pwn3d!)` mark, whatever it holds.
  let stop = colon + 1;
  while (stop < text.length && stop < colon + 257 && text.charCodeAt(stop) !== 32 && text.charCodeAt(stop) !== 10) stop++;
  if (stop > colon + 1) pushPassword(state, colon + 1, stop);
}
