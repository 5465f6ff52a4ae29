/** Credentials in URLs and DSNs: the password of `scheme://user:password@host`, `user:password@tcp(host)` and `jdbc:oracle:thin:user/password@host` (only the password replaced), a key as a URL's user name or in its path; variable references and placeholder words stay. */
import type { ScanState } from './classify.ts';
import { Chars } from './chars.ts';
import { isWritten, valueRunEnd } from './spans.ts';
import { isCredentialValue } from './credential-values.ts';

const SCHEME = new Chars('A-Za-z0-9+.-');
/** Userinfo and host characters (RFC 3986, plus the `(` `)` of `jdbc:…@tcp(host)`); a password may hold an unencoded `@`. */
const AUTHORITY = new Chars('A-Za-z0-9._~%!$&*+,;=:@()-');
const MAX_AUTHORITY = 512;
/** Shorter passwords are documentation (`https://a:b@host`, `abc:xyz@`). */
const MIN_PASSWORD = 4;

/** Passwords that are not secrets: variable references, templates, masks and placeholder words. */
const PLACEHOLDERS: readonly RegExp[] = [
  /^[$%{<[]/,
  /^(?:\*+|x+|X+|\.\.\.|•+)$/,
  /^(?:password|passwd|pass|pwd|secret|x-oauth-basic|changeme|change_me|redacted|placeholder|token)$/i,
];

/** Whether a scheme of `min` characters or more, starting with a letter, ends at the `://` at `at`. */
function hasScheme(text: string, at: number, min: number): boolean {
  const start = SCHEME.runStart(text, at, at - 32);
  return at - start >= min && /[A-Za-z]/.test(text.charAt(start));
}

/** The password of the URL whose `://` is at `at`, or null. */
export function matchUrlPassword(text: string, at: number): [number, number] | null {
  if (!hasScheme(text, at, 2)) return null;
  const start = at + 3;
  const end = valueRunEnd(AUTHORITY, text, start, start + MAX_AUTHORITY + 1);
  if (end - start > MAX_AUTHORITY) return null;
  // An `@` or a `:` written encoded (`%40`, `%3A`) is the password's own, never a separator.
  let lastAt = end - 1;
  while (lastAt >= start && (text.charCodeAt(lastAt) !== 64 || isWritten(lastAt))) lastAt--;
  if (lastAt < start) return null;
  let colon = start;
  while (colon < lastAt && (text.charCodeAt(colon) !== 58 || isWritten(colon))) colon++;
  if (colon >= lastAt) return null;
  const password = text.slice(colon + 1, lastAt);
  // A password that repeats its user (`postgres:postgres@localhost`) is a local default, written in every `.env.example`.
  if (password.length < MIN_PASSWORD || text.startsWith(`${password}:`, start)) return null;
  if (PLACEHOLDERS.some((re) => re.test(password))) return null;
  // A Cloudinary URL (`cloudinary://<api key>:<api secret>@<cloud>`) is its credential whole, as its SDKs read it.
  return text.startsWith('cloudinary', at - 10) ? [at - 10, end] : [colon + 1, lastAt];
}

/** A URL's user name taken as a key: at least this long (people's and services' names are shorter or not random), at most 128. */
const MIN_USER_KEY = 16;
const MAX_USER_KEY = 128;
/** Sentry's ingest hosts: a Sentry DSN's key is public by design (browsers ship it), so it is no credential. */
const SENTRY_HOST_RE = /^@(?:o\d+\.)?ingest\.(?:[a-z]{2}\.)?sentry\.io\b/;

/** A user name with no password in the URL whose `://` is at `at`, when it is a random key (a DSN: `https://<key>@api.uptrace.dev/1`, `https://<key>:@…`); or null. */
export function matchUrlUserKey(text: string, at: number): [number, number] | null {
  const start = at + 3;
  const end = USER.runEnd(text, start, start + MAX_USER_KEY + 1);
  // An empty password after the key (`https://<token>:@npm.fury.io/`) is written as npm's and pip's configs write it.
  const userEnd = text.charCodeAt(end) === 58 ? end + 1 : end;
  if (text.charCodeAt(userEnd) !== 64 || end - start < MIN_USER_KEY || end - start > MAX_USER_KEY) return null;
  if (!hasScheme(text, at, 1) || SENTRY_HOST_RE.test(text.slice(userEnd, userEnd + 48))) return null;
  const user = text.slice(start, end);
  // A prefixed token (`ghs_…`, `glpat-…`) is its format's to name.
  return !UUID_SHAPE_RE.test(user) && !/^[a-z]{2,8}[_-]/.test(user) && isCredentialValue(user, 'token') ? [start, end] : null;
}

const USER = new Chars('A-Za-z0-9._-');
const DSN_PASSWORD = new Chars('A-Za-z0-9._~!$&*+,;=%#^-');

/** The password of a Go MySQL DSN, `user:password@tcp(host:port)/db` (no scheme), whose `@tcp(`, `@unix(` or `@udp(` is at `at`; or null. */
export function matchDsnPassword(text: string, at: number): [number, number] | null {
  const start = DSN_PASSWORD.runStart(text, at, at - 129);
  if (start === at || text.charCodeAt(start - 1) !== 58) return null;
  const userStart = USER.runStart(text, start - 1, start - 66);
  if (userStart === start - 1) return null;
  const before = userStart > 0 ? text.charCodeAt(userStart - 1) : 32;
  // The DSN starts a string or a word: `"app:pw@tcp(…)"`, `DSN=app:pw@tcp(…)`.
  if (!(before === 34 || before === 39 || before === 96 || before === 61 || before === 32 || before === 10)) return null;
  const password = text.slice(start, at);
  if (password.length < MIN_PASSWORD) return null;
  return PLACEHOLDERS.some((re) => re.test(password)) ? null : [start, at];
}

/** The password of an Oracle thin-driver URL, `jdbc:oracle:thin:user/password@host…`, whose `:thin:` is at `at`; or null. */
export function matchOracleThinPassword(text: string, at: number): [number, number] | null {
  const userEnd = USER.runEnd(text, at + 6, at + 6 + 66);
  if (userEnd === at + 6 || text.charCodeAt(userEnd) !== 47) return null;
  const start = userEnd + 1;
  const end = DSN_PASSWORD.runEnd(text, start, start + 129);
  if (text.charCodeAt(end) !== 64) return null;
  const password = text.slice(start, end);
  if (password.length < MIN_PASSWORD) return null;
  return PLACEHOLDERS.some((re) => re.test(password)) ? null : [start, end];
}

const HOST = new Chars('A-Za-z0-9.-');
const PORT = new Chars('0-9');
/** A path's characters, up to a query, a fragment, a quote or punctuation that ends a sentence or a list (`,`, `;`). */
const PATH = new Chars('A-Za-z0-9._~%:@/-');
const MAX_PATH = 1024;
/** Path segments after which the next one is a key: IFTTT's `/with/key/…`, `/token/…`, Mattermost's incoming `/hooks/…`, a chat bot's `/hook/…`. */
const KEY_SEGMENTS = new Set(['key', 'keys', 'token', 'tokens', 'apikey', 'api_key', 'api-key', 'secret', 'access_token', 'hooks', 'hook']);
/** What a device does with its access token in a device API's path. */
const DEVICE_ACTIONS = new Set(['telemetry', 'attributes', 'rpc', 'claim']);
/** The shortest key taken from a path: ids of objects stay under it. */
const MIN_PATH_KEY = 20;
const UUID_SHAPE_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the host at `at` is a webhook host, `hook.…` or `hooks.…` (Make, Zapier): its URLs' paths are their secret. */
function isHookHost(text: string, at: number): boolean {
  if (!text.startsWith('hook', at)) return false;
  const next = text.charCodeAt(at + 4);
  return next === 46 || (next === 115 && text.charCodeAt(at + 5) === 46);
}

/** Whether the segment [start, end) names a key (`key`, `token`, `apikey`, …): sliced only when its length fits one. */
function namesKey(text: string, start: number, end: number): boolean {
  const length = end - start;
  return length >= 3 && length <= 12 && KEY_SEGMENTS.has(text.slice(start, end).toLowerCase());
}

/**
 * A key in the path of the URL whose `://` is at `at`: the segment after `/key/` or `/token/`
 * (IFTTT's `maker.ifttt.com/trigger/…/with/key/<key>`), or a webhook host's last segment
 * (`https://hook.eu2.make.com/<key>`) or a live stream's ingest URL's (`rtmp://a.rtmp.youtube.com/live2/<key>`), when it
 * is random; or null. Object ids (UUIDs, `0x…`
 * addresses) and words stay.
 */
export function matchUrlPathKey(text: string, at: number): [number, number] | null {
  const hostStart = at + 3;
  const nameEnd = HOST.runEnd(text, hostStart, hostStart + 254);
  // A port after the host (`tb.plant-3.local:8080/…`).
  const hostEnd = text.charCodeAt(nameEnd) === 58 ? PORT.runEnd(text, nameEnd + 1, nameEnd + 7) : nameEnd;
  if (nameEnd === hostStart || text.charCodeAt(hostEnd) !== 47) return null;
  const end = PATH.runEnd(text, hostEnd, hostEnd + MAX_PATH + 1);
  if (end - hostEnd > MAX_PATH) return null;
  let previousStart = 0;
  let previousEnd = 0;
  // The segment before the previous one, for a device API's `/api/v1/<token>/telemetry`.
  let v1 = false;
  for (let segment = hostEnd + 1; segment < end;) {
    let stop = segment;
    while (stop < end && text.charCodeAt(stop) !== 47) stop++;
    // A sentence's full stop or colon after the URL is not the key's.
    if (stop === end) while (stop > segment && (text.charCodeAt(stop - 1) === 46 || text.charCodeAt(stop - 1) === 58)) stop--;
    if (namesKey(text, previousStart, previousEnd)) {
      // A hook's URL is the credential whole (`https://chat.acme.io/hooks/<id>`, a Feishu or Lark bot's `…/bot/v2/hook/<uuid>`), as Slack's is.
      const hook = text.startsWith('hook', previousStart) && previousEnd - previousStart <= 5;
      const key = text.slice(segment, stop);
      if (!(hook && UUID_SHAPE_RE.test(key)) && !pathKey(key)) return null;
      return hook ? [SCHEME.runStart(text, at, at - 32), stop] : [segment, stop];
    }
    // ThingsBoard's device API (HTTP and CoAP): `/api/v1/<access token>/telemetry`, `…/attributes`, `…/rpc`, `…/claim`.
    if (v1 && DEVICE_ACTIONS.has(text.slice(segment, stop)) && pathKey(text.slice(previousStart, previousEnd)))
      return [previousStart, previousEnd];
    if (stop > segment) {
      v1 = previousEnd - previousStart === 2 && text.startsWith('v1', previousStart);
      previousStart = segment;
      previousEnd = stop;
    } else previousEnd = previousStart;
    segment = stop + 1;
  }
  if (previousEnd <= previousStart) return null;
  const hook = isHookHost(text, hostStart);
  if (!hook && !isIngest(text, at)) return null;
  const last = text.slice(previousStart, previousEnd);
  return pathKey(last) || (!hook && INGEST_KEY_RE.test(last)) ? [previousStart, previousEnd] : null;
}

/** A stream key of groups of four (YouTube's `xxxx-xxxx-xxxx-xxxx-xxxx`), which a token's shape does not read as random. */
const INGEST_KEY_RE = /^[a-z0-9]{4}(?:-[a-z0-9]{4}){3,4}$/;

/** Whether the URL whose `://` is at `at` is a live stream's ingest URL (`rtmp`, `rtmps`): the last segment of its path is the stream key. */
function isIngest(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  if (before !== 112 && before !== 115) return false;
  const scheme = text.slice(SCHEME.runStart(text, at, at - 7), at);
  return scheme === 'rtmp' || scheme === 'rtmps';
}

/** Whether a path segment is a key: long and random, not an object id. */
function pathKey(value: string): boolean {
  return (
    value.length >= MIN_PATH_KEY &&
    !/^0x[0-9a-fA-F]+$/.test(value) &&
    !UUID_SHAPE_RE.test(value) &&
    !PLACEHOLDERS.some((re) => re.test(value)) &&
    isCredentialValue(value, 'token')
  );
}

/** A webhook's or a deploy hook's path: its URL is the credential whole (`…/robot/send?access_token=…`, `…/webhook/send?key=…`, Render's `…/deploy/srv-…?key=…`). */
const WEBHOOK_PATH_RE = /hook|\/robot\/|\/deploy\//i;
/** What a URL up to its query may hold. */
const URL_CHARS = new Chars('A-Za-z0-9._~%:@/?&=+-');
/**
 * Where the URL starts whose query holds the parameter before `query` (its `?` or `&`), when that URL is a webhook's
 * ({@link WEBHOOK_PATH_RE}): its scheme's start; else -1. Reads back at most {@link MAX_PATH} characters of the URL,
 * and a later parameter of the same URL only what lies between (`state` keeps the last one read, its run's scheme and
 * whether its path is a hook's).
 */
export function webhookUrlStart(text: string, query: number, state: ScanState): number {
  let at = query;
  const after = state.query >= 0 && state.query < query && query - state.query <= MAX_PATH;
  const floor = after ? state.query : query - MAX_PATH;
  while (at > 0 && at > floor && URL_CHARS.has(text.charCodeAt(at - 1))) at--;
  const continued = after && at === state.query;
  state.query = query;
  if (!continued) {
    // A new run of URL characters: its scheme, and whether its path is a hook's, are read once for all its parameters.
    state.queryRun = at;
    const found = text.slice(at, query).indexOf('://');
    state.queryScheme = found < 0 ? -1 : at + found;
    state.queryHook = found >= 0 && WEBHOOK_PATH_RE.test(text.slice(at + found, query));
  }
  const scheme = state.queryScheme;
  if (scheme < 0) return -1;
  // A feed's URL (`…/api.atom?feed_token=…`) is subscribed to whole, as a webhook's is called.
  if (!state.queryHook && !text.startsWith('feed_token=', query + 1)) return -1;
  return SCHEME.runStart(text, scheme, scheme - 32);
}
