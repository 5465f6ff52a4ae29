/** Credentials in markup: the text of an XML element named like a credential (`<password>…</password>`, Maven's `settings.xml`, .NET configs) or by its `name` attribute (Hibernate), of a `<Value>` inside one (Windows answer files) or after a `<name>` (Hadoop's `*-site.xml`), of a property list's `<string>` after its `<key>`, and the private parts of .NET's `<RSAKeyValue>`. */
import { classify, push } from './classify.ts';
import { RANK_NAMED } from './kind-record.ts';
import type { ScanState } from './classify.ts';
import { chars } from './chars.ts';

const TAG = chars('A-Za-z0-9_.:-');
/** The elements of an RSA key's private half in .NET's XML form. */
const RSA_PRIVATE_PARTS = new Set(['P', 'Q', 'DP', 'DQ', 'InverseQ', 'D']);
/** The closing tag of the element before a private part, in the order .NET writes them (`Modulus`, `Exponent`, `P`, `Q`, …). */
const RSA_PREVIOUS_RE = /<\/(?:Exponent|P|Q|DP|DQ|InverseQ)>\s*$/;
/** A tag's `name` or `key` attribute: what its text is the value of. */
const NAME_ATTRIBUTE_RE = /\b(?:name|key)\s*=\s*["']([^"'\n]{1,128})["']/;
const MAX_TEXT = 512;

/** The name of the element whose opening tag ends just before `at` (blanks and line breaks skipped), or null. */
function parentName(text: string, at: number): string | null {
  let p = at;
  while (p > 0 && p > at - 64 && /\s/.test(text.charAt(p - 1))) p--;
  if (text.charCodeAt(p - 1) !== 62) return null;
  const nameStart = TAG.runStart(text, p - 1, p - 65);
  return nameStart < p - 1 && text.charCodeAt(nameStart - 1) === 60 ? text.slice(nameStart, p - 1) : null;
}

/**
 * A property list's key, closed just before the `<` at `at` (blanks and line breaks skipped): `<key>AWSSecretKey</key>`, KeePass' `<Key>Password</Key>`, or
 * a Hadoop-style property's `<name>javax.jdo.option.ConnectionPassword</name>`; or the flag before an argument of a launchd
 * job's `ProgramArguments` (`<string>--authtoken</string>`).
 */
const PLIST_KEY_RE = /(?:<(?:[Kk]ey|name)>([^<>\n]{1,128})<\/(?:[Kk]ey|name)>|<string>--?([A-Za-z][\w-]{1,40})<\/string>)\s*$/;

/** The name of the property-list key whose `<key>` element ends just before the tag at `at`, or null. */
function plistKey(text: string, at: number): string | null {
  const match = PLIST_KEY_RE.exec(text.slice(Math.max(0, at - 200), at));
  return match === null ? null : (match[1] ?? match[2] ?? null);
}

/** Where the attributes of the tag whose `>` is at `close` start (the blank after its name), or `close` when none is found within 256 characters. */
function attributesStart(text: string, close: number): number {
  const open = text.slice(Math.max(0, close - 256), close).lastIndexOf('<');
  if (open < 0) return close;
  const at = Math.max(0, close - 256) + open + 1;
  const nameEnd = TAG.runEnd(text, at, at + 65);
  const blank = text.charCodeAt(nameEnd);
  return blank === 32 || blank === 9 || blank === 10 ? nameEnd : close;
}

/** A property list's value element, after its `<key>`. */
const PLIST_VALUE_RE = /^\s*<(?:string|integer|real|true|false|array|dict|data|date)\b/;

/**
 * The element text starting at `start` (just after a `>`), judged under the element's name when
 * it is closed on the same line; a `<Value>` is judged under its parent's
 * (`<AdministratorPassword><Value>…</Value>`).
 */
export function elementText(text: string, start: number, state: ScanState): void {
  const close = start - 1;
  const quote = text.charCodeAt(close - 1);
  // A tag with attributes (`<wsse:Password Type="…">`): its name follows its `<`.
  const tagEnd = quote === 34 || quote === 39 ? attributesStart(text, close) : close;
  const nameStart = TAG.runStart(text, tagEnd, tagEnd - 64);
  if (nameStart === tagEnd || nameStart === 0 || text.charCodeAt(nameStart - 1) !== 60) return;
  const name = text.slice(nameStart, tagEnd);
  const end = text.slice(start, start + MAX_TEXT + 1).indexOf('<') + start;
  if (end < start || !text.startsWith(`</${name}>`, end)) return;
  if (text.slice(start, end).includes('\n')) return;
  // A property list's `<key>` names the value after it (`<key>FacebookAppID</key>`).
  if (name === 'key' && PLIST_VALUE_RE.test(text.slice(end + 6, end + 32))) return;
  // The private parts of .NET's `<RSAKeyValue>` (`<P>`, `<Q>`, `<DP>`, `<DQ>`, `<InverseQ>`, `<D>`), each after the element before it in the key.
  if (RSA_PRIVATE_PARTS.has(name)) {
    if (end - start >= 16 && RSA_PREVIOUS_RE.test(text.slice(Math.max(0, nameStart - 20), nameStart - 1)))
      push(state, start, end, 'private-key', RANK_NAMED);
    return;
  }
  // A setting named by its attribute (Hibernate's `<property name="hibernate.connection.password">…</property>`).
  const attribute = tagEnd < close ? NAME_ATTRIBUTE_RE.exec(text.slice(tagEnd, close))?.[1] : undefined;
  // A property list's `<string>` is the value of the `<key>` before it (an iOS app's Info.plist).
  const judged =
    name === 'Value' || name === 'value'
      ? (plistKey(text, nameStart - 1) ?? parentName(text, nameStart - 1) ?? name)
      : (attribute ?? (name === 'string' ? (plistKey(text, nameStart - 1) ?? name) : name));
  classify(text, { start, end, quoted: true }, judged, state);
}
