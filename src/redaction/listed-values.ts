/** Credentials listed under one name: `app.keys = ['…', '…']`, a YAML sequence under `api_keys:`, an object's members under `apiKey: {`, each item judged under the name. */
import { isLineBlank } from './argument-spans.ts';
import { sequenceSpans } from './block-scalars.ts';
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { hintsCredential, nameRole, nameWords } from './credential-names.ts';
import { readValue } from './spans.ts';
import type { Span } from './spans.ts';

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
  if (text.charCodeAt(at) !== 91) return false;
  // Go's slice literal: `[]string{"…", "…"}`.
  if (text.charCodeAt(at + 1) === 93) {
    const brace = text.indexOf('{', at);
    if (brace < 0 || brace - at > 16) return false;
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

/** The items of the YAML sequence under the key whose `:` ends its line (`from` after it), each judged under the key's name. */
export function sequenceItems(text: string, from: number, written: string, state: ScanState): void {
  const name = itemName(written);
  for (const item of sequenceSpans(text, from)) classify(text, item, name, state);
}

/** The name that opens the object a member's name starts (`apiKey: {` before `mainnet: "…"`), sibling members between: group 1. */
const OPENER_RE =
  /(?:^|[\s{,])["']?([A-Za-z_][\w.-]{1,40})["']?\s*[:=]\s*\{(?:\s*["']?\w{1,32}["']?\s*:\s*(?:"[^"\n]{0,100}"|'[^'\n]{0,100}'|[\w.-]{1,60})\s*,)*\s*["']?$/;
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
  const opener = OPENER_RE.exec(text.slice(Math.max(0, name.start - OPENER_WINDOW), name.start))?.[1];
  if (opener === undefined || !hintsCredential(opener)) return false;
  const listName = itemName(opener);
  const role = nameRole(nameWords(listName));
  if (role !== 'key' && role !== 'token' && role !== 'secret') return false;
  const value = readValue(text, valueFrom);
  if (value !== null && value.quoted) classify(text, value, listName, state);
  return true;
}
