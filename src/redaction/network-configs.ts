/** Secrets in network gear's and VPN daemons' configs: pre-shared keys, routing and NTP keys, SNMP communities and v3 passphrases, Wi-Fi PSKs, a Wi-Fi QR code's password. */
import { lineBefore, passwordArgument, pushPassword } from './argument-spans.ts';
import { isCredentialValue } from './credential-values.ts';
import type { ScanState } from './classify.ts';
import { wordEndBefore, wordStartBefore } from './name-runs.ts';

/**
 * The line up to a secret's argument: IOS' `crypto isakmp key`, `pre-shared-key` (IOS, ASA, Junos' `ascii-text`),
 * `wpa-psk ascii 0`, `key-string 7`, `message-digest-key 1 md5 0`, NTP's `authentication-key 5 md5`, SNMP v3 users'
 * `auth sha …` and `priv aes 128 …`, net-snmp's `createUser … SHA "…" AES "…"` and `rocommunity`, FortiOS' `set psksecret`,
 * `set passwd` and `set password ENC`, strongSwan's `: PSK "…"`, `: EAP "…"`.
 */
const LINE_RE = new RegExp(
  String.raw`(?:^|\s)(?:${[
    String.raw`crypto\s+isakmp\s+key`,
    String.raw`pre-shared-key(?:\s+(?:ascii-text|[07]))?`,
    String.raw`wpa-psk\s+(?:ascii|hex)(?:\s+[07])?`,
    String.raw`key-string(?:\s+[07])?`,
    String.raw`message-digest-key\s+\d{1,3}\s+md5(?:\s+[07])?`,
    String.raw`authentication-key\s+\d{1,5}\s+md5`,
    String.raw`snmp-server\s+user\s.{1,128}?\s(?:auth\s+(?:md5|sha\S*)|priv\s+(?:3?des|aes(?:\s+\d{3})?))`,
    String.raw`createUser\s+\S{1,64}\s+(?:MD5|SHA\S*)(?:\s+"[^"\n]{1,128}"\s+(?:AES|DES)\S*)?`,
    String.raw`r[ow]community6?`,
    String.raw`set\s+(?:psksecret|passwd|password\s+ENC)`,
    String.raw`:\s+(?:PSK|EAP|XAUTH)`,
  ].join('|')})\s+"?$`,
  'i',
);

/** The last two characters (lowercased, `a * 128 + b`) of every word a secret's argument follows in {@link LINE_RE}. */
const LAST_WORD_ENDS = new Set(
  ['key', 'ascii-text', 'ascii', 'hex', 'md5', 'key-string', 'sha', 'sha256', 'sha512', 'des', 'aes', '128', '192', 'psksecret']
    .concat(['passwd', 'enc', 'rocommunity', 'psk', 'eap', 'xauth', 'community6'])
    .map((word) => word.charCodeAt(word.length - 2) * 128 + word.charCodeAt(word.length - 1)),
);

/** A token at `start` (a blank, or a quote after one, before it): a secret when its line says so ({@link LINE_RE}). */
export function networkSecret(text: string, start: number, state: ScanState): void {
  const p = wordEndBefore(text, start);
  const wordStart = wordStartBefore(text, p);
  const length = p - wordStart;
  if (length === 1) {
    const digit = text.charCodeAt(wordStart);
    if (digit !== 48 && digit !== 55) return;
  } else if (length < 3 || !LAST_WORD_ENDS.has((text.charCodeAt(p - 2) | 32) * 128 + (text.charCodeAt(p - 1) | 32))) return;
  const quote = text.charCodeAt(start - 1);
  if (LINE_RE.test(lineBefore(text, start, 256))) passwordArgument(text, quote === 34 || quote === 39 ? start - 1 : start, state);
}

/** A Wi-Fi QR code's payload up to a field: `WIFI:` and the fields before it, on one line. */
const WIFI_QR_RE = /WIFI:(?:[A-Z]:(?:[^;\\\n]|\\.){0,64};){0,4}$/;

/** A token at `start` after a `;` that starts `P:`: a Wi-Fi QR code's password (`WIFI:T:WPA;S:<ssid>;P:<password>;;`, `\;` escaping). */
export function wifiQrPassword(text: string, start: number, state: ScanState): void {
  if (!WIFI_QR_RE.test(text.slice(Math.max(0, start - 300), start))) return;
  let end = start + 2;
  while (end < text.length && end < start + 130 && text.charCodeAt(end) !== 59 && text.charCodeAt(end) !== 10)
    end += text.charCodeAt(end) === 92 ? 2 : 1;
  if (text.charCodeAt(end) === 59 && isCredentialValue(text.slice(start + 2, end), 'password')) pushPassword(state, start + 2, end);
}
