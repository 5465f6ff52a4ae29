/** Vendor credentials no format can express: Microsoft Teams webhook URLs, the id and secret of an Azure App Configuration connection string, DeepL's free keys (a UUID and `:fx`), and the keys blockchain node providers take in a URL's path. */
import { chars } from './chars.ts';
import { isPlaceholderToken } from './placeholders.ts';

const HOST = chars('A-Za-z0-9.-');
const TEAMS_PATH_RE =
  /webhook(?:b2)?\/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}@[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\/IncomingWebhook\/[0-9a-f]{32}\/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}(?:\/V2[A-Za-z0-9_-]{20,128})?/y;

/**
 * A Teams incoming webhook at the literal `.com/webhook` (the current `….webhook.office.com/webhookb2/…`
 * and the legacy `outlook.office.com/webhook/…`); the literal starts with `.`, a character the scan
 * already stops at, and the path's shape alone tells a Teams webhook. The whole URL, from its
 * `https://` (or its host) to the last path segment, `/V2…` signature included.
 */
export function matchTeamsWebhook(text: string, at: number): [number, number] | null {
  const pathAt = at + '.com/'.length;
  TEAMS_PATH_RE.lastIndex = pathAt;
  if (!TEAMS_PATH_RE.test(text.slice(0, pathAt + 400))) return null;
  let start = HOST.runStart(text, at, at - 64);
  if (start >= 8 && text.startsWith('https://', start - 8)) start -= 8;
  return [start, TEAMS_PATH_RE.lastIndex];
}

const APP_CONFIG_RE = /Id=([A-Za-z0-9-]{2,32}:[A-Za-z0-9+/=_-]{8,64});Secret=([A-Za-z0-9+/]{40,64}={0,2})/y;

/** An Azure App Configuration connection string at `.azconfig.io;`: its `Id` and `Secret` values (the endpoint stays). */
export function matchAppConfiguration(text: string, at: number): [number, number] | null {
  const from = at + '.azconfig.io;'.length;
  APP_CONFIG_RE.lastIndex = from;
  const match = APP_CONFIG_RE.exec(text.slice(0, from + 200));
  if (match === null || isPlaceholderToken(match[2] ?? '')) return null;
  return [from + 3, APP_CONFIG_RE.lastIndex];
}

const UUID_BEFORE_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A DeepL API Free key at its `:fx` suffix: the UUID before it, suffix included (`deepl.Translator("<uuid>:fx")`). */
export function matchDeeplKey(text: string, at: number): [number, number] | null {
  if (at < 36 || /[A-Za-z0-9]/.test(text.charAt(at + 3)) || !UUID_BEFORE_RE.test(text.slice(at - 36, at))) return null;
  return /[0-9a-f-]/.test(text.charAt(at - 37)) ? null : [at - 36, at + 3];
}

/**
 * The key a blockchain node provider takes as a segment of its endpoint's path, after the literal
 * `host` (`.infura.io/v3/<key>`, `.ankr.com/<chain>/<key>`): `key` matched at the segment (or, with
 * `chain`, at the one after it), ending the segment. The host alone tells the key from a path.
 */
export function rpcPathKey(host: string, key: RegExp, chain = false): (text: string, at: number) => [number, number] | null {
  const sticky = new RegExp(`${key.source}(?![A-Za-z0-9_-])`, 'y');
  return (text, at) => {
    let from = at + host.length;
    if (chain) {
      const segment = text.slice(from, from + 33);
      const slash = segment.indexOf('/');
      if (slash < 1 || !HOST.all(segment.slice(0, slash))) return null;
      from += slash + 1;
    }
    sticky.lastIndex = from;
    if (!sticky.test(text.slice(0, from + 128)) || isPlaceholderToken(text.slice(from, sticky.lastIndex))) return null;
    return [from, sticky.lastIndex];
  };
}
