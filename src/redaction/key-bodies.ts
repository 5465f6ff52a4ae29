/** Private keys without their PEM armour: a DER key's base64 body on its own, a whole PEM block encoded in base64, and a PuTTY key file's private lines. */
import { Chars } from './chars.ts';
import { isPlaceholderToken } from './placeholders.ts';

const BASE64 = new Chars('A-Za-z0-9+/=');
/** What follows `MII` + three characters in the base64 of a PKCS#8 or PKCS#1 private key. */
const DER_AFTER_LENGTH = ['IBADANBgkqhkiG9w0BAQEFAASC', 'IBAAKCA'];
/** Base64 of the start of an EC (SEC1 and PKCS#8) or Ed25519 private key. */
export const DER_LITERALS: readonly string[] = ['MII', 'MHcCAQEEI', 'MIGkAgEBBDA', 'MIGHAgEAMBMGByqGSM49', 'MC4CAQAwBQYDK2VwBCIEI'];
const MIN_BODY = 100;
const MAX_BODY = 16_384;

/** The end of base64 lines from `at`: each full line (40+ characters) may be followed by a line break and another. */
function base64LinesEnd(text: string, at: number): number {
  let end = at;
  let p = at;
  const stop = Math.min(text.length, at + MAX_BODY);
  while (p < stop) {
    const lineEnd = BASE64.runEnd(text, p, stop);
    if (lineEnd === p) break;
    end = lineEnd;
    if (lineEnd - p < 40) break;
    let next = lineEnd;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) !== 10) break;
    p = next + 1;
  }
  return end;
}

/** The last body found: a line inside it is no new key (each body is read once, however many lines start like one). */
let lastText: string | undefined;
let lastStart = 0;
let lastEnd = 0;

/** A DER private key's base64 body starting at `at` (a key pasted without its BEGIN line), or null. */
export function matchDerBody(text: string, at: number): [number, number] | null {
  if (text.startsWith('MII', at) && !DER_AFTER_LENGTH.some((literal) => text.startsWith(literal, at + 6))) return null;
  if (text === lastText && at > lastStart && at < lastEnd) return null;
  const end = base64LinesEnd(text, at);
  if (end - at < MIN_BODY || isPlaceholderToken(text.slice(at, end))) return null;
  lastText = text;
  lastStart = at;
  lastEnd = end;
  return [at, end];
}

/** Whether base64 `value` decodes to a PEM private key's BEGIN line. */
export function encodesPrivateKey(value: string): boolean {
  const head = value.slice(0, 64);
  try {
    return /PRIVATE KEY/.test(atob(head.slice(0, head.length - (head.length % 4))));
  } catch {
    return false;
  }
}

/** A PuTTY key file at `PuTTY-User-Key-File-`: its `Private-Lines` and `Private-MAC` (or `Private-Hash`) lines. */
export function matchPuttyKey(text: string, at: number): [number, number] | null {
  const window = text.slice(at, at + MAX_BODY);
  const lines = /\nPrivate-Lines: *\d+\r?\n/.exec(window);
  if (lines === null) return null;
  const start = at + lines.index + lines[0].length;
  const mac = /\nPrivate-(?:MAC|Hash): *[0-9a-f]+/.exec(window.slice(lines.index));
  const end = mac === null ? base64LinesEnd(text, start) : at + lines.index + mac.index + mac[0].length;
  return end > start ? [start, end] : null;
}
