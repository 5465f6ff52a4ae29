/** Credentials listed under one name: `app.keys = ['…', '…']`, R's `c("…", "…")`, a YAML sequence under `api_keys:`, an object's members under `apiKey: {`, each item judged under the name. */
import { isLineBlank } from './argument-spans.ts';
import { chars } from './chars.ts';
import { sequenceSpans } from './block-scalars.ts';
import { classify, push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { hintsCredential, nameRole, nameWords } from './credential-names.ts';
import { RANK_GENERIC } from './kind-record.ts';
import { readValue } from './spans.ts';
import type { Span } from './spans.ts';

/** A call or bracket that opens a vector of literals other than `[`, up to its `(`. */
const VECTOR_RE = /^(?:c|list|array)\((?=\s*["'])/;
/** The most literals of a list read, and the farthest its closing bracket may be. */
const MAX_LISTED = 8;
const MAX_LIST = 1024;

/** The name each item of a list is judged under: a plural's singular (`api_keys`, `VALID_TOKENS`, `passwords` name one key each), unless the plural names a role itself (`creds`). */
function itemName(written: string): string {
  if (written.length <= 3 || !/[^sS][sS]$/.test(written) || nameRole(nameWords(written)) !== null) return written;
  return written.slice(0, -1);
}

/**
 * The quoted literals of a list that starts at `from` (blanks first) under the name `written` (`app.keys = ['…', '…']`,
 * Koa's keys, a cookie parser's secrets), each judged under the name when random. Returns whether such a list started there.
 */
export function listedLiterals(text: string, from: number, written: string, state: ScanState): boolean {
  let at = from;
  while (text.charCodeAt(at) === 32) at++;
  // R's vector and list, PHP's array: `c("…", "…")`, `array('…')`.
  const call = VECTOR_RE.exec(text.slice(at, at + 7));
  if (call !== null) at += call[0].length - 1;
  else if (text.charCodeAt(at) !== 91) return false;
  // Go's slice literal: `[]string{"…", "…"}`.
  if (text.charCodeAt(at + 1) === 93) {
    const brace = text.slice(at, at + 16).indexOf('{') + at;
    if (brace < at) return false;
    at = brace;
  }
  const stop = Math.min(text.length, at + MAX_LIST);
  const name = itemName(written);
  let listed = 0;
  for (let next = at + 1; listed < MAX_LISTED && next < stop; listed++) {
    while (next < stop && (isLineBlank(text.charCodeAt(next)) || text.charCodeAt(next) === 44)) next++;
    const quote = text.charCodeAt(next);
    if (quote !== 34 && quote !== 39) break;
    const literal = readValue(text, next);
    if (literal === null || !literal.quoted) break;
    classify(text, literal, name, state, true);
    next = literal.end + 1;
  }
  return listed > 0;
}

/**
 * A key's bytes listed under its name: C's `{ 0xDE, 0xE6, … }`, Python's `bytearray([0x26, …])`, YAML's `[153, 20, …]`,
 * `Buffer.from(…)`, a quoted `"0x2B, 0x67, …"`; 16 to 64 bytes, in hex or decimal, brackets and quote matched.
 */
const BYTE_LIST_RE =
  /^\s*(?:(?:bytearray|bytes|Buffer\.from|new\s+Uint8Array)\s*\(\s*)?([[{"'])\s*((?:(?:0[xX][0-9A-Fa-f]{1,2}|\d{1,3})\s*,\s*){15,63}(?:0[xX][0-9A-Fa-f]{1,2}|\d{1,3}))\s*,?\s*([\]}"'])/;
/** The bracket or quote that closes each opening one. */
const CLOSER: Readonly<Record<string, string>> = { '{': '}', '[': ']', '"': '"', "'": "'" };

/**
 * The bytes of a key listed at `from` (blanks first) under a credential's name ({@link BYTE_LIST_RE}), when they are a
 * key's: each a byte, half of them different at least, and no counted run (an all-zero key or `1, 2, 3, …` is a stand-in). Returns whether
 * the list was taken.
 */
export function byteList(text: string, from: number, state: ScanState): boolean {
  const list = BYTE_LIST_RE.exec(text.slice(from, from + 640));
  const items = list?.[2];
  if (list === null || items === undefined || CLOSER[list[1] ?? ''] !== list[3]) return false;
  const bytes = items.split(/\s*,\s*/).map((item) => (/^0x/i.test(item) ? parseInt(item.slice(2), 16) : Number(item)));
  const counted = bytes.every((byte, k) => k === 0 || byte - (bytes[k - 1] ?? 0) === (bytes[1] ?? 0) - (bytes[0] ?? 0));
  if (counted || bytes.some((byte) => byte > 255) || new Set(bytes).size < bytes.length / 2) return false;
  const start = from + list[0].indexOf(items);
  push(state, start, start + items.length, 'secret', RANK_GENERIC);
  return true;
}

/** The items of the YAML sequence under the key whose `:` ends its line (`from` after it), each judged under the key's name. */
export function sequenceItems(text: string, from: number, written: string, state: ScanState): void {
  const name = itemName(written);
  for (const item of sequenceSpans(text, from)) classify(text, item, name, state);
}

/** A name's characters, read back from an object's `{`. */
const OPENER_NAME = chars('A-Za-z0-9_.-');

/**
 * The name that opens the object a member's name starting at `from` belongs to (`apiKey: {` before `mainnet: "…"`), read
 * back over sibling members (no bracket between) at most {@link OPENER_WINDOW} characters, or ''.
 */
function openerBefore(text: string, from: number): string {
  let at = from - 1;
  for (const floor = Math.max(0, from - OPENER_WINDOW); at >= floor; at--) {
    const code = text.charCodeAt(at);
    if (code === 123) break;
    if (code === 125 || code === 91 || code === 93 || code === 40 || code === 41) return '';
  }
  if (at < 0 || text.charCodeAt(at) !== 123) return '';
  let end = at;
  while (end > 0 && isLineBlank(text.charCodeAt(end - 1))) end--;
  const operator = text.charCodeAt(end - 1);
  if (operator !== 58 && operator !== 61) return '';
  end--;
  while (end > 0 && isLineBlank(text.charCodeAt(end - 1))) end--;
  const quote = text.charCodeAt(end - 1);
  if (quote === 34 || quote === 39) end--;
  const start = OPENER_NAME.runStart(text, end, end - 40);
  // A path's last segment (`"node_modules/jsonwebtoken": {`) names a package, not a credential.
  return start > 0 && text.charCodeAt(start - 1) === 47 ? '' : text.slice(start, end);
}
/** A member's name that says which credential it holds (a network, a stage, a service: `mainnet`, `prod`, `github`), not what the value is (`encrypted_data`, `iv`, `integrity`). */
const MEMBER_RE =
  /^(?!(?:encrypted\w*|iv|auth_tag|integrity|checksum|hash|digest|version|cipher|salt|nonce|type|name|id|url|host|region|algorithm)$)[a-z][\w.-]{2,63}$/i;
/** How far back the object's opening is looked for. */
const OPENER_WINDOW = 240;

/**
 * A quoted value of the member `name` of an object opened by a key's, token's or secret's name (Hardhat's
 * `apiKey: { mainnet: "…", sepolia: "…" }`), judged under that name. Returns whether the object's name was one.
 */
export function objectMember(text: string, name: Span, valueFrom: number, state: ScanState): boolean {
  let before = name.start - (name.quoted ? 2 : 1);
  while (before > 0 && (text.charCodeAt(before) === 32 || text.charCodeAt(before) === 10 || text.charCodeAt(before) === 13)) before--;
  const opening = text.charCodeAt(before);
  if ((opening !== 123 && opening !== 44) || !MEMBER_RE.test(text.slice(name.start, name.end))) return false;
  const opener = openerBefore(text, name.start);
  if (opener === '' || !hintsCredential(opener)) return false;
  const listName = itemName(opener);
  const role = nameRole(nameWords(listName));
  if (role !== 'key' && role !== 'token' && role !== 'secret') return false;
  const value = readValue(text, valueFrom);
  if (value !== null && value.quoted) classify(text, value, listName, state);
  return true;
}
