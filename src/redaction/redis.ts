/** Redis' own places for a password: an ACL rule's `>password` (`user app on >… ~keys:*`, `ACL SETUSER`) and Sentinel's `auth-pass <master> <password>`. */
import { lineBefore, passwordArgument } from './argument-spans.ts';
import type { ScanState } from './classify.ts';
import { passwordAfter } from './commands.ts';

/** An ACL rule's line: `user <name> …` in a users.acl file or a config, `ACL SETUSER <name> …` (after a prompt, `127.0.0.1:6379> `). */
const ACL_LINE_RE = /^\s*(?:\S{1,64}>\s*)?(?:user|acl\s+setuser)\s+\S/i;

/** A token after `>` and a blank before it at `start`: the password an ACL rule adds, on a line that is one. */
export function aclPassword(text: string, start: number, state: ScanState): void {
  if (ACL_LINE_RE.test(lineBefore(text, start, 256))) passwordArgument(text, start, state);
}

/** The `auth-pass` token at `start` (ending at `end`): after `sentinel`, the argument after the master's name is its password. */
export function sentinelAuthPass(text: string, start: number, end: number, state: ScanState): void {
  if (/sentinel\s+$/.test(text.slice(Math.max(0, start - 12), start))) passwordAfter(text, end, 1, state);
}
