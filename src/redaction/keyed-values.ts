/** Values a structure names rather than a credential word: private members of a JSON Web Key, Hardhat's `accounts`, and settings written as a name/value pair (`<add key="…" value="…"/>`, `- name: X` then `value: …`). */
import { namesSessionCookie } from './cookies.ts';
import { classify, push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_NAMED } from './kind-record.ts';
import { readValue, skipBlanks } from './spans.ts';
import type { Span } from './spans.ts';

/** A JSON Web Key's private members: the EC/OKP/RSA private exponent `d`, RSA's primes and CRT values, a symmetric key's `k`. */
export const JWK_PRIVATE = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);
/** How far a key's `"kty"` is looked for around a member. */
const JWK_WINDOW = 512;
const BASE64URL_RE = /^[A-Za-z0-9_-]{16,}$/;

/** A private member of a JSON Web Key (`"d": "…"` in an object with a `"kty"`): the key itself. */
export function jwkPrivateMember(text: string, name: Span, valueFrom: number, state: ScanState): void {
  // The value is judged first, the object's `"kty"` looked for only around a key-shaped one.
  const value = readValue(text, valueFrom);
  if (value === null || !value.quoted) return;
  const raw = text.slice(value.start, value.end);
  if (!BASE64URL_RE.test(raw) || isPlaceholderValue(raw)) return;
  // Both searches read a bounded window: a text of many `"d"` members is read a window per member, not to its start.
  const head = text.slice(Math.max(0, name.start - JWK_WINDOW), name.start);
  const before = head.lastIndexOf('"kty"');
  const inObject = before >= 0 && !head.includes('}', before);
  const tail = inObject ? '' : text.slice(name.end, name.end + JWK_WINDOW);
  const after = tail.indexOf('"kty"');
  if (!inObject && (after < 0 || tail.slice(0, after).includes('{'))) return;
  push(state, value.start, value.end, 'private-key', RANK_NAMED);
}

/** An Ethereum private key as a string: `0x` and 64 hex digits, quoted. */
const ETHEREUM_KEY_RE = /(\s*)(["'])0x[0-9a-fA-F]{64}\2\s*,?/y;

/** A Hardhat or Truffle network's `accounts: ["0x…", …]`: each entry is a private key. */
export function ethereumAccounts(text: string, from: number, state: ScanState): void {
  const open = skipBlanks(text, from, from + 16);
  if (text.charCodeAt(open) !== 91) return;
  ETHEREUM_KEY_RE.lastIndex = open + 1;
  for (let entries = 0; entries < 16; entries++) {
    const at = ETHEREUM_KEY_RE.lastIndex;
    const match = ETHEREUM_KEY_RE.exec(text);
    if (match === null) return;
    const start = at + (match[1] ?? '').length + 1;
    push(state, start, start + 66, 'private-key', RANK_NAMED);
  }
}

/** HTML form controls: their `name`/`value` pair is a form field (a CSRF token, a default), not a setting. */
const FORM_CONTROL_RE = /<(?:input|button|option|select|textarea|meta)(?![\w-])[^<>]*$/i;

/** Whether the attribute at `at` sits in an HTML form control's tag. */
function inFormControl(text: string, at: number): boolean {
  return FORM_CONTROL_RE.test(text.slice(Math.max(0, at - 160), at));
}

/** The name of an Android `<meta-data>` entry that holds a secret, not an SDK's public key. */
const MANIFEST_SECRET_RE = /secret|passw|private/i;

/**
 * A setting written as a pair of attributes, `<add key="SmtpPassword" value="…"/>` (.NET, Java
 * properties in XML) or `<property name="password" value="…"/>`: the value is judged under the
 * pair's name. `nameAt`: where a `name` attribute starts (a form control's is no setting), or -1.
 * Returns whether it was one.
 */
export function settingPair(text: string, key: Span, state: ScanState, nameAt: number): boolean {
  const match = /^\s+(android:)?value\s*=\s*/.exec(text.slice(key.end + 1, key.end + 32));
  if (match === null || (nameAt >= 0 && inFormControl(text, nameAt))) return false;
  const name = text.slice(key.start, key.end);
  // An Android manifest's `<meta-data>` ships in the app: its SDK keys are public, only a secret's or password's name is one.
  if (match[1] !== undefined && !MANIFEST_SECRET_RE.test(name)) return true;
  const value = readValue(text, key.end + 1 + match[0].length);
  if (value !== null && value.quoted) classify(text, value, name, state);
  return true;
}

/** A `name`/`key` field before a `value` field (up to three short fields between, a plan's `+`/`~` marks allowed), its name in group 2: Kubernetes' `- name: X` / `value: …`, ECS' and HAR's `{"name": "X", "value": …}`, Postman's `{"key": "X", "value": …}`, CloudFormation's `ParameterKey`/`ParameterValue`, AWS SSM's and Azure's JSON. */
const PAIR_NAME_RE =
  /["']?(?:[Nn]ame|[Kk]ey|ParameterKey)["']?\s*[:=]\s*(["']?)([A-Za-z0-9_.:/-]{1,64})\1[\s+~]*,?(?:[\s+~]*["']?\w{1,24}["']?\s*:\s*(?:["'][^"'\n]{0,40}["']|\w{1,10})\s*,){0,3}[\s+~]*["']?$/;
/** An object named by its key, opened before a `value` field (up to three short fields between): Terraform's `"redis_auth_token": {` / `"value": …`. */
const PARENT_NAME_RE =
  /["']([A-Za-z0-9_.:/-]{1,64})["']\s*:\s*\{\s*(?:["']?\w{1,24}["']?\s*:\s*(?:["'][^"'\n]{0,40}["']|\w{1,10})\s*,\s*){0,3}["']?$/;
/** Postman's API-key auth, whose `{"key": "value", "value": …}` item holds the key itself. */
const POSTMAN_APIKEY_RE = /["']apikey["']\s*:\s*\[[^\]]*$/;
/** How far back the pair's name is looked for. */
const PAIR_WINDOW = 160;

/** The value of a `value` field whose `name` or `key` field comes just before it, judged under that name (`- name: DB_PASSWORD` / `value: …`). */
export function pairedValue(text: string, name: Span, valueFrom: number, state: ScanState): void {
  const to = name.quoted ? name.start - 1 : name.start;
  const window = text.slice(Math.max(0, to - PAIR_WINDOW), to + (name.quoted ? 1 : 0));
  let pairName = PAIR_NAME_RE.exec(window)?.[2] ?? PARENT_NAME_RE.exec(window)?.[1];
  if (pairName === undefined || inFormControl(text, to)) return;
  if (pairName === 'value' && POSTMAN_APIKEY_RE.test(window)) pairName = 'api_key';
  const value = readValue(text, valueFrom);
  // A session cookie's name in a name/value pair is a browser's cookie (a HAR file, a saved session): its value is a session token.
  if (value !== null) classify(text, value, namesSessionCookie(pairName) ? 'session_token' : pairName, state);
}
