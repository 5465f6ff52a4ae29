/** Passwords a cracking tool recovered: `hashcat --show` and John the Ripper's `--show` and pot files print each hash with its plaintext after a colon. */
import { push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { RANK_NAMED } from './kind-record.ts';
import { textMark } from './text-marks.ts';

/** Whether a text is a cracking tool's output: it names the tool, a pot file, or John's `password hashes cracked`. */
const crackingOutput = textMark(/hashcat|\bjohn\b|\.pot\b|potfile|password hash(?:es)? cracked/i);

/**
 * A cracked line: an optional user, a hash (32 or 40 hex digits, or a `$…$` hash form of 32 characters or more) and the
 * recovered plaintext after its colon, up to the line's end (hashcat writes a plaintext holding a colon as `$HEX[…]`).
 */
const CRACKED_RE = /^((?:[^\s:]{1,64}:)?)([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|\$[^\s]{31,}?):([^\s]{4,64})$/;

/**
 * The line [start, end) when it is a cracked hash with its plaintext, in a cracking tool's output: the plaintext is a
 * password, and a bare NT, MD5 or SHA-1 hash beside it logs in or recovers it as the password does (pass-the-hash).
 */
export function crackedLine(text: string, start: number, end: number, state: ScanState): void {
  if (end - start < 37 || end - start > 1200) return;
  const after = text.charCodeAt(end);
  if (end < text.length && after !== 10 && after !== 13) return;
  if (!crackingOutput(text)) return;
  const match = CRACKED_RE.exec(text.slice(start, end));
  if (match === null) return;
  const [, user = '', hash = '', plain = ''] = match;
  if (hash.charCodeAt(0) !== 36) push(state, start + user.length, start + user.length + hash.length, 'password-hash', RANK_NAMED);
  push(state, end - plain.length, end, 'password', RANK_NAMED);
}
