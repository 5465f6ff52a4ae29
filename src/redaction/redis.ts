/**
 * Redis' own places for a password: an ACL rule's `>password` (`user app on >… ~keys:*`, `ACL SETUSER`), Sentinel's
 * `auth-pass <master> <password>`, and what redis-cli prints: a `CONFIG GET`'s reply and `MONITOR`'s logged commands.
 */
import { lineBefore, passwordArgument, pushPassword } from './argument-spans.ts';
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { passwordAfter } from './commands.ts';
import { isCredentialValue } from './credential-values.ts';

/** A line `MONITOR` prints before the command it logs: `1712131415.884388 [0 172.18.0.5:40112] `. */
const MONITOR_PREFIX = String.raw`\d{9,11}\.\d{6} \[\d{1,3} [^\]\n]{1,64}\] `;

/**
 * An ACL rule's line: `user <name> …` in a users.acl file or a config, `ACL SETUSER <name> …` (after a prompt,
 * `127.0.0.1:6379> `), or logged by `MONITOR` with each word quoted.
 */
const ACL_LINE_RE = new RegExp(String.raw`^\s*(?:\S{1,64}>\s*|${MONITOR_PREFIX})?(?:user|"?acl"?\s+"?setuser"?)\s+\S`, 'i');

/** A token after `>` and a blank before it at `start`: the password an ACL rule adds, on a line that is one. */
export function aclPassword(text: string, start: number, state: ScanState): void {
  if (ACL_LINE_RE.test(lineBefore(text, start, 256))) passwordArgument(text, start, state);
}

/** The `auth-pass` token at `start` (ending at `end`): after `sentinel`, the argument after the master's name is its password. */
export function sentinelAuthPass(text: string, start: number, end: number, state: ScanState): void {
  if (/sentinel\s+$/.test(text.slice(Math.max(0, start - 12), start))) passwordAfter(text, end, 1, state);
}

/** A command `MONITOR` logged, up to its last argument's opening quote when that is a password: `"AUTH" ["<user>"] "`, `"CONFIG" "SET" "requirepass" "`. */
const MONITOR_PASSWORD_RE = new RegExp(
  String.raw`^${MONITOR_PREFIX}(?:"auth"(?: "[^"\n]{1,64}")?|"config" "set" "(?:requirepass|masterauth)") "$`,
  'i',
);

/** A numbered line of a redis-cli reply that holds a quoted field: its number and the field. */
const REPLY_FIELD_RE = /^(\d{1,6})\) "([^"\n]{1,64})"$/;
/** A numbered reply line up to its value's opening quote: its number. */
const REPLY_VALUE_RE = /^(\d{1,6})\) "$/;
/** Fields whose value is a password in a `CONFIG GET` reply. */
const PASSWORD_FIELDS = new Set(['requirepass', 'masterauth']);

/**
 * A quoted value at `start` (after `" `), as redis-cli prints one: the last argument of a logged `AUTH` or
 * `CONFIG SET requirepass`, or a reply's value after its field on the line before (`1) "requirepass"` / `2) "…"`,
 * `HGETALL`'s field/value pairs), judged under that field.
 */
export function redisCliValue(text: string, start: number, state: ScanState): void {
  const close = text.indexOf('"', start);
  if (close < 0 || close - start > 512) return;
  const line = lineBefore(text, start, 160);
  if (text.charCodeAt(start - 3) === 34) {
    const next = text.charCodeAt(close + 1);
    const last = close + 1 === text.length || next === 10 || next === 13;
    if (last && MONITOR_PASSWORD_RE.test(line) && isCredentialValue(text.slice(start, close), 'password'))
      pushPassword(state, start, close);
    return;
  }
  const number = REPLY_VALUE_RE.exec(line)?.[1];
  if (number === undefined || Number(number) % 2 !== 0) return;
  const lineStart = start - line.length;
  const field = REPLY_FIELD_RE.exec(lineBefore(text, lineStart - 1, 160).trimEnd());
  if (field === null || Number(field[1]) !== Number(number) - 1) return;
  const name = field[2] ?? '';
  classify(text, { start, end: close, quoted: true }, PASSWORD_FIELDS.has(name.toLowerCase()) ? 'password' : name, state);
}
