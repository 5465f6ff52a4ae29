/** Session cookies: a `Cookie:` or `Set-Cookie:` header's session id (`sessionid`, `connect.sid`, `PHPSESSID`) is a bearer credential. */

/**
 * Session cookies' names: `sessionid`, `session_id`, `connect.sid`, `PHPSESSID`, `JSESSIONID`, `ASP.NET_SessionId`, a
 * framework's `session` (Flask's), `<app>_session` (Rails', Laravel's) and ASP.NET Core's sign-in cookies.
 */
const SESSION_COOKIE_RE =
  /sess(?:ion)?[_-]?id$|(?:^|\.)sid$|(?:^|[._-])session$|^\.AspNetCore\.(?:Identity\.Application|Session|Cookies)$/i;
/**
 * A cookie header near its line's start: `Cookie:` and `Set-Cookie:` as sent, logged by `curl -v` (`> Cookie:`), passed as
 * `-H "Cookie: …"` or as curl's `-b '…'`, or written as a header field of a fetch call (`"cookie": "…"`).
 */
const COOKIE_HEADER_RE = /(?:^|[\s"'<>])(?:set-)?cookie["']?\s*:|(?:^|\s)(?:-b|--cookie)\s+["']/i;

/** The line last read and its verdict: a header holds many cookies, and each line is read once. */
let lineText = '';
let lineFrom = 0;
let lineTo = -1;
let lineIsHeader = false;

/** Whether `at` sits on a line that is a cookie header: the line is found once, then its verdict is reused. */
function onCookieHeader(text: string, at: number): boolean {
  if (text !== lineText || at < lineFrom || at >= lineTo) {
    lineText = text;
    lineFrom = text.lastIndexOf('\n', at - 1) + 1;
    const end = text.indexOf('\n', at);
    lineTo = end < 0 ? text.length : end;
    lineIsHeader = COOKIE_HEADER_RE.test(text.slice(lineFrom, Math.min(lineTo, lineFrom + 256)));
  }
  return lineIsHeader;
}

/**
 * Whether a name whose last two characters are `a` and `b` may be a session cookie's: every one ends in `id`, `on` or
 * `es` (`sid`, `_app_session`, `.AspNetCore.Cookies`), so the pattern runs only then.
 */
export function mayEndSessionCookie(a: number, b: number): boolean {
  const end = (a | 32) * 128 + (b | 32);
  return end === 105 * 128 + 100 || end === 111 * 128 + 110 || end === 101 * 128 + 115;
}

/** Whether the name `name`, written at `at`, is a session cookie's in a cookie header: its value is then judged as a session token. */
export function isSessionCookie(text: string, at: number, name: string): boolean {
  return namesSessionCookie(name) && onCookieHeader(text, at);
}

/** Whether `name` is a session cookie's, wherever it is written (a browser's cookie list: `{"name": "sessionid", "value": …}`). */
export function namesSessionCookie(name: string): boolean {
  const n = name.length;
  return n >= 3 && mayEndSessionCookie(name.charCodeAt(n - 2), name.charCodeAt(n - 1)) && SESSION_COOKIE_RE.test(name);
}
