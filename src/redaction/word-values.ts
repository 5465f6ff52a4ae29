/** Values whose name is not joined by an operator: after a verb in prose (`the api key is …`), after `Bearer` or `Basic`, after `curl -u`, after a `--token`-like flag, or after a compound name. */
import { argumentEnd, lineBefore } from './argument-spans.ts';
import { chars, isLetter } from './chars.ts';
import { classify, encodesStandIns, push, roleOfName } from './classify.ts';
import type { ScanState } from './classify.ts';
import { hintsCredential, nameRole } from './credential-names.ts';
import { claimsFormat } from './dispatch.ts';
import { alignedValue, inPlainColumn, directiveValue } from './config-columns.ts';
import { foreignProseValue } from './foreign-prose.ts';
import { phraseBefore, proseName } from './name-context.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_NAMED } from './kind-record.ts';
import { chainedAssignment, sentenceValueEnd } from './spans.ts';
import type { Span } from './spans.ts';
import { MAX_NAME, NAME_CHARS, wordEndBefore, wordStartBefore } from './name-runs.ts';
import { isCredentialValue, MIN_PASSWORD, LOWER_KEY_RE, MIXED_RE } from './credential-values.ts';

/** What a value read after a word may start with: like a token, not an operator or a bracket. */
const VALUE_START = chars('A-Za-z0-9_+/-');

/** Whether [start, end) is a verb that assigns in prose ("the token is …"): `is`, `was`, `are` or `IS`, compared by character code. */
function isCopula(text: string, start: number, end: number): boolean {
  const a = text.charCodeAt(start);
  const b = text.charCodeAt(start + 1);
  if (end - start === 2) return (a === 105 && b === 115) || (a === 73 && b === 83);
  const c = text.charCodeAt(start + 2);
  return end - start === 3 && ((a === 119 && b === 97 && c === 115) || (a === 97 && b === 114 && c === 101));
}
/** A Caddyfile's `dns` directive up to its provider's name. */
const CADDY_DNS_RE = /^\s*dns\s+$/;
/** Flags that take a credential as their next argument: curl's, and HTTPie's `--auth`. */
const CURL_USER = new Set(['-u', '--user', '--proxy-user', '--auth']);
/** An HTTPie command line, whose `-a` takes `user:password`. */
const HTTPIE_RE = /(?:^|[\s;&|`])https?\s/;

/** Whether `word` is curl's user flag: compared only when a flag's length fits, as the word before a value is often a long token. */
function isCurlUser(word: string): boolean {
  return (word.length === 2 || word.length === 6 || word.length === 12) && CURL_USER.has(word);
}

/**
 * Whether the word [start, end) is a compound identifier: 2 for `aws_secret_access_key`, `git-ftp.password` or
 * `apiKey`, 1 for kebab-case `secret-access-key` (prose has those too: only named kinds are
 * tried after it), 0 otherwise.
 */
function compound(text: string, start: number, end: number): number {
  let kebab = 0;
  let joined = 0;
  const first = text.charCodeAt(start);
  let digitRuns = first >= 48 && first <= 57 ? 1 : 0;
  for (let k = start + 1; k < end; k++) {
    const code = text.charCodeAt(k);
    const previous = text.charCodeAt(k - 1);
    if (code >= 48 && code <= 57) {
      if (previous < 48 || previous > 57) digitRuns++;
    } else if ((code === 95 || (code === 46 && previous !== 46)) && k + 1 < end) return 2;
    else if (code >= 65 && code <= 90 && previous >= 97 && previous <= 122) joined = 2;
    else if (code === 45 && k + 1 < end && previous !== 45) kebab = 1;
  }
  // Digits in three runs or more between letters make a random token, not a name (`x509`, `oauth2`, `s3` hold one).
  if (digitRuns >= 3) return 0;
  return joined || kebab;
}

/** A flag's value that is a list of options itself (`docker build --secret id=npmrc,src=…`): no credential. */
const OPTION_RE = /^[a-z]{1,16}=/;

/**
 * A value run at `start` whose name is not joined by an operator: after a verb in prose ("the
 * api key is …"), after `Bearer`, after `curl -u`, after a `--token`-like flag, or after a
 * compound name (`aws configure set aws_secret_access_key …`).
 */
export function valueAfterWord(text: string, start: number, end: number, state: ScanState): void {
  // No credential is shorter than a password, and the value ends within the token.
  if (end - start < MIN_PASSWORD) return;
  // A token that starts like an option (`-Password`, `--token`) is one: the flag rules read what follows it.
  if (text.charCodeAt(start) === 45 && (isLetter(text.charCodeAt(start + 1)) || text.charCodeAt(start + 1) === 45)) return;
  const p = wordEndBefore(text, start);
  // Two blanks or more after a line's first word: a column of values aligned after their keys, unless a table's header names the column for something plain.
  if (inPlainColumn(text, p, start, end, state) || (start - p >= 2 && alignedValue(text, p, start, end, state))) return;
  if (text.charCodeAt(p - 1) === 32) return;
  const wordStart = wordStartBefore(text, p);
  const length = p - wordStart;
  // A word longer than any name (a hash, an encoded blob before the value) names nothing.
  if (length === MAX_NAME && wordStart > 0 && NAME_CHARS.has(text.charCodeAt(wordStart - 1))) return;
  // The value itself starts like a token, not with an operator or a bracket; curl's `-u :<token>` leaves its user empty.
  if (!VALUE_START.has(text.charCodeAt(start)) && !(text.charCodeAt(start) === 58 && length === 2 && text.startsWith('-u', wordStart)))
    return;
  const first = text.charCodeAt(wordStart);
  // A dash between blanks stands for the verb in chat (`API key - <value>`), as `to` does after a credential's name (`set the password to …`).
  const to = length === 2 && (first | 32) === 116 && (text.charCodeAt(wordStart + 1) | 32) === 111;
  // `admin / <password>`, `elastic // <password>`: a user, a slash between blanks, and the user's password.
  if (length === 0 && isUserSlash(text, p)) {
    // Only a value that mixes letters and digits: prose pairs words (`static / dynamic-…`).
    const valueEnd = sentenceValueEnd(text, start, end);
    const raw = text.slice(start, valueEnd);
    if (MIXED_RE.test(raw) || LOWER_KEY_RE.test(raw)) classify(text, { start, end: valueEnd, quoted: false }, 'password', state, true);
    return;
  }
  // Scala's map arrow (`"sfPassword" -> "…"`): the key before it names the value, as an operator's would.
  if (length === 0 && text.charCodeAt(p - 1) === 62 && text.charCodeAt(p - 2) === 45 && text.charCodeAt(p - 3) === 32) {
    const name = lastWordBefore(text, p - 2);
    const quoted = text.charCodeAt(start - 1) === 34;
    const valueEnd = quoted ? argumentEnd(text, start, sentenceValueEnd(text, start, end)) : sentenceValueEnd(text, start, end);
    if (name !== '' && hintsCredential(name)) classify(text, { start, end: valueEnd, quoted }, name, state);
    return;
  }
  if ((length <= 1 && isDashVerb(text, p)) || (to && hintsCredential(lastWordBefore(text, wordStart)))) {
    const verbStart = length <= 1 ? p - 1 : wordStart;
    classify(
      text,
      { start, end: sentenceValueEnd(text, start, end), quoted: false },
      proseName(phraseBefore(text, verbStart)),
      state,
      true,
    );
    return;
  }
  // A short flag other than curl's `-u` takes no value here (commands.ts reads `-p` and the like).
  const httpieAuth = length === 2 && first === 45 && text.charCodeAt(wordStart + 1) === 97 && HTTPIE_RE.test(lineBefore(text, wordStart));
  if (first === 45 && text.charCodeAt(wordStart + 1) !== 45 && !(length === 2 && text.charCodeAt(wordStart + 1) === 117) && !httpieAuth)
    return;
  if ((length === 5 || length === 7) && saslResponse(text, wordStart, p, start, end, state)) return;
  // A Caddyfile's `dns <provider> <token>` in a `tls` block: the provider's API token.
  if (text.startsWith('dns ', wordStart - 4) && CADDY_DNS_RE.test(lineBefore(text, wordStart))) {
    classify(text, { start, end: sentenceValueEnd(text, start, end), quoted: false }, 'api_token', state, true);
    return;
  }
  // A flag is no word of prose: the prose rules are not asked.
  if (first !== 45 && length <= 10 && foreignProseValue(text, wordStart, p, start, end, state)) return;
  if (length < 2 || (first !== 45 && length <= 9 && leadWordValue(text, wordStart, p, start, end, state))) return;
  // `is now`, `was now`: the verb before `now` assigns.
  const now = length === 3 && text.startsWith('now', wordStart) && text.charCodeAt(wordStart - 1) === 32;
  const verbStart = now ? wordStartBefore(text, wordStart - 1) : wordStart;
  const copula = length <= 3 && isCopula(text, verbStart, now ? wordStart - 1 : p);
  // Okta's `SSWS <token>` scheme is a bearer's too.
  const ssws = length === 4 && first === 83 && text.startsWith('SSWS', wordStart);
  const bearer = ssws || (length === 6 && (first === 66 || first === 98) && /^(?:Bearer|bearer|BEARER)$/.test(text.slice(wordStart, p)));
  const basic = length === 5 && (first === 66 || first === 98) && /^(?:Basic|basic|BASIC)$/.test(text.slice(wordStart, p));
  const flag = first === 45;
  // FTP's and IRC's `PASS <password>` (one blank after it: a report's aligned `PASS  <region>` column is a verdict), isync's
  // `Pass <password>` alike, at a line's or a string's start; FTP's `user <name> <password>`, the password after the name.
  const command =
    start - p === 1 &&
    ((length === 4 &&
      first === 80 &&
      (text.startsWith('PASS', wordStart) || text.startsWith('Pass', wordStart)) &&
      startsLine(text, wordStart)) ||
      (length >= 2 &&
        (text.charCodeAt(wordStart - 2) | 32) === 114 &&
        FTP_USER_RE.test(text.slice(Math.max(0, wordStart - 6), wordStart)) &&
        startsLine(text, wordStart - 5)) ||
      // NickServ's `IDENTIFY [account] <password>`.
      ((text.startsWith('IDENTIFY ', wordStart - 9) || (length === 8 && text.startsWith('IDENTIFY', wordStart))) &&
        NICKSERV_RE.test(lineBefore(text, wordStart))));
  const scheme = bearer || basic || command;
  const joined = copula || scheme || flag ? 0 : compound(text, wordStart, p);
  if (!copula && !scheme && !flag && joined === 0) {
    if (length >= 3 && length <= 8 && directiveValue(text, wordStart, p, start, end, state)) return;
    if (length >= 3 && length <= 6) nounValue(text, wordStart, p, start, end, state);
    return;
  }
  const word = text.slice(wordStart, p);
  // A compound name or a long flag is judged under itself: one that hints at no credential says nothing.
  const curlUser = isCurlUser(word) || httpieAuth;
  // Kickstart's `rootpw --plaintext <password>`.
  if (length === 11 && word === '--plaintext' && text.startsWith('rootpw ', wordStart - 7))
    classify(text, { start, end: sentenceValueEnd(text, start, end), quoted: false }, 'password', state, true);
  if (!copula && !scheme && !curlUser && !hintsCredential(word)) return;
  // A quoted argument (`--password '…'`) runs to its closing quote, whatever it holds.
  const opening = text.charCodeAt(start - 1);
  let valueEnd =
    opening === 34 || opening === 39 ? argumentEnd(text, start, sentenceValueEnd(text, start, end)) : sentenceValueEnd(text, start, end);
  // Laravel Sanctum's `<id>|<token>`: the id and its bar belong to the bearer token.
  if (bearer && text.charCodeAt(valueEnd) === 124 && /^\d{1,12}$/.test(text.slice(start, valueEnd)))
    valueEnd = sentenceValueEnd(text, valueEnd + 1, end);
  // No credential is shorter than a password (`-p`, `-u`, a word).
  if (valueEnd - start < MIN_PASSWORD) return;
  // A token that holds its own assignment (`NAME=value`, `NAME :=`) is read by the assignment rule, not as a value.
  const candidate = text.slice(start, valueEnd);
  const last = text.charCodeAt(valueEnd - 1);
  if (
    !curlUser &&
    !basic &&
    (last === 58 ||
      (last === 61 && text.charCodeAt(valueEnd - 2) === 58) ||
      (candidate.includes('=') &&
        (chainedAssignment(candidate) ||
          (/^[A-Za-z_][\w.-]*=$/.test(candidate) && !paddedKey(candidate)) ||
          (flag && OPTION_RE.test(candidate)))))
  )
    return;
  const value: Span = { start, end: valueEnd, quoted: false };
  if (copula || command) {
    classify(text, value, command ? 'password' : proseName(phraseBefore(text, verbStart)), state, true);
    return;
  }
  const raw = candidate;
  if (basic) {
    if (isBasicCredentials(raw)) push(state, start, valueEnd, 'basic-auth', RANK_NAMED);
  } else if (bearer) {
    const token = raw.slice(raw.indexOf('|') + 1);
    if (!claimsFormat(token) && token.length >= 16 && isCredentialValue(token, 'token'))
      push(state, start, valueEnd, ssws ? 'okta-token' : 'bearer-token', RANK_NAMED);
  } else if (curlUser) {
    const colon = raw.indexOf(':');
    const password = colon < 0 ? '' : raw.slice(colon + 1);
    // An empty user (`-u :<token>`, Azure DevOps' PATs) leaves the token as the password.
    if (colon >= 0 && password.length >= MIN_PASSWORD && !isPlaceholderValue(raw) && isCredentialValue(password, 'password'))
      push(state, start, valueEnd, 'basic-auth', RANK_NAMED);
    // An API key as the user, with no password or a stand-in one (`-u <key>:`, `-u <key>:x`).
    else {
      // `-u <key>:` ends where the sentence rule cut its colon.
      const user = colon < 0 && text.charCodeAt(valueEnd) === 58 ? raw.length : colon;
      if (user >= 20 && password.length <= 1 && isCredentialValue(raw.slice(0, user), 'token'))
        push(state, start, start + user, 'basic-auth', RANK_NAMED);
      // HTTPie's and Netlify's `--auth <token>`: a token alone.
      else if (colon < 0 && length === 6 && word === '--auth') classify(text, value, 'auth_token', state);
    }
  } else if (flag && PASS_FLAG_RE.test(word) && roleOfName(word) === null) {
    // `--requirepass`, `--storepass`: a compound no word list splits; the value must look random.
    classify(text, value, 'password', state, true);
  } else if (!flag || word.startsWith('--')) {
    // A quoted literal after a compound name is assigned as by an operator (Gradle's `storePassword "…"`): a password may hold words.
    const literal = joined === 2 && (opening === 34 || opening === 39) && text.charCodeAt(valueEnd) === opening;
    // After a kebab-case word (prose has those too) a short value must be a named kind; a long one may be any (`ngrok config add-authtoken …`).
    classify(text, value, word, state, !flag && !literal, joined === 1 && valueEnd - start < 24);
  }
}

/** Whether a dash (`-`, `–` or `—`) between blanks ends at `p`. */
function isDashVerb(text: string, p: number): boolean {
  const dash = text.charCodeAt(p - 1);
  return p >= 3 && (dash === 45 || dash === 0x2013 || dash === 0x2014) && text.charCodeAt(p - 2) === 32 && text.charCodeAt(p) === 32;
}

/** A user name as chat gives it before its password: a login, an e-mail address, `.\\Administrator`, in bold or code. */
const USER_RE = /(?:^|[\s(:])[*`]{0,2}[\w.\\@-]{2,64}[*`]{0,2}$/;

/** Whether a slash (or two) between blanks ends at `p`, after a user name ({@link USER_RE}): `admin / <password>`. */
function isUserSlash(text: string, p: number): boolean {
  if (text.charCodeAt(p - 1) !== 47 || text.charCodeAt(p) !== 32) return false;
  const slash = text.charCodeAt(p - 2) === 47 ? p - 2 : p - 1;
  if (text.charCodeAt(slash - 1) !== 32) return false;
  const user = USER_RE.exec(text.slice(Math.max(0, slash - 72), slash - 1))?.[0];
  // A list of slashes (`TLSv1.3 / TLS_AES_256_GCM_SHA384 / X25519`), or an id rather than a login (`cus_hQ2iAtgDV8qFol / …`), is no pair.
  return user !== undefined && !MIXED_RE.test(user) && !text.startsWith(' / ', slash - 1 - user.trimStart().length - 3);
}

/** The name-like word (quoted or not) that ends a blank before `at`, or the empty string. */
function lastWordBefore(text: string, at: number): string {
  if (text.charCodeAt(at - 1) !== 32) return '';
  // A quoted name (Kotlin's `"password" to "…"`) is read inside its quotes.
  const close = text.charCodeAt(at - 2);
  const end = close === 34 || close === 39 ? at - 2 : at - 1;
  return text.slice(NAME_CHARS.runStart(text, end, end - MAX_NAME), end);
}

/** Credential nouns a value may follow in prose with nothing between (`the token <value>`, `diffbot token <value>`, `api key <value>`). */
const BARE_NOUN_RE = /^(?:token|secret|apikey|key)$/i;
/** Words before a noun that name no service: articles, determiners and adjectives of state. */
const NOT_A_NAME = new Set(
  'the a an this that these my your our their his her its new old same each every any no one first last which what valid invalid expired current'.split(
    ' ',
  ),
);

/** A service name's characters. */
const WORD_BEFORE = chars('A-Za-z0-9');
/** What joins a word to the one before it in a compound. */
const COMPOUND_BEFORE = chars('A-Za-z0-9_./-');
/** A digit anywhere. */
const DIGIT_RE = /[0-9]/;

/** The word before `wordStart` (after one blank), lowercased, when it may name a service: 3 to 24 letters and digits, not {@link NOT_A_NAME}. */
function serviceBefore(text: string, wordStart: number): string | null {
  if (text.charCodeAt(wordStart - 1) !== 32) return null;
  const from = WORD_BEFORE.runStart(text, wordStart - 1, wordStart - 26);
  // A word of a compound (`multi-Region key`, `aws.kms key`) names no service.
  if (wordStart - 1 - from < 3 || wordStart - 1 - from > 24 || (from > 0 && COMPOUND_BEFORE.has(text.charCodeAt(from - 1)))) return null;
  const word = text.slice(from, wordStart - 1).toLowerCase();
  return NOT_A_NAME.has(word) ? null : word;
}

/**
 * A value right after a bare credential noun in prose: after a service's name (`diffbot token <value>`, `keen master key
 * <value>`) any long random value with a digit; after an article or nothing (`use the token <value>`, `api key <value>`),
 * only one that mixes cases and digits, or lowercase letters and digits unlike a hex digest, as words and identifiers follow
 * these nouns too. A name that says what else the noun is (`cache key`, `csrf token`) names no credential.
 */
/** Public-key algorithms, as gpg and ssh name a key before its fingerprint or id. */
const PUBLIC_KEY_ALGORITHMS = new Set(['rsa', 'dsa', 'eddsa', 'ecdsa', 'ed25519', 'ed448', 'ecdh', 'cv25519', 'elg']);

function nounValue(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): void {
  const noun = text.slice(wordStart, wordEnd);
  if (end - start < 20 || !BARE_NOUN_RE.test(noun)) return;
  const service = serviceBefore(text, wordStart);
  // A public-key algorithm before `key` (gpg's `using EDDSA key <fingerprint>`) names a key by its id.
  if (service !== null && PUBLIC_KEY_ALGORITHMS.has(service.toLowerCase())) return;
  const named = service !== null && nameRole([service, noun.toLowerCase()]) !== null;
  if (service !== null && !named) return;
  // `key` alone (`the key …`) names a cache's or a map's as often: only a named one (`api key`, `secret key`, `keen master key`).
  if (noun.length === 3 && !named) return;
  const valueEnd = sentenceValueEnd(text, start, end);
  const value = text.slice(start, valueEnd);
  const shaped = MIXED_RE.test(value) || LOWER_KEY_RE.test(value) || (named && DIGIT_RE.test(value));
  if (value.length >= 20 && shaped && !claimsFormat(value) && isCredentialValue(value, 'token'))
    push(state, start, valueEnd, 'token', RANK_NAMED);
}

/** Whether a value that ends in `=` is base64 padding a key rather than a name's operator: long, mixing cases and digits. */
function paddedKey(candidate: string): boolean {
  return candidate.length >= 24 && MIXED_RE.test(candidate);
}

/** Base64, as HTTP Basic credentials are written. */
const BASE64_RE = /^[A-Za-z0-9+/]{12,}={0,2}$/;
/** `user:password` once decoded: printable ASCII with a colon after the first character. */
const USER_PASSWORD_RE = /^[\x20-\x7e]+:[\x20-\x7e]*$/;

/**
 * Whether the value after a bare `Basic` (an nginx `proxy_set_header Authorization "Basic …"`, a
 * header pasted without its colon) is HTTP Basic credentials: base64 that decodes to
 * `user:password`, or random enough to be a token (`Basic authentication` is neither).
 */
function isBasicCredentials(raw: string): boolean {
  if (!BASE64_RE.test(raw) || isPlaceholderValue(raw) || encodesStandIns(raw)) return false;
  if (raw.length % 4 === 0 && USER_PASSWORD_RE.test(atob(raw))) return true;
  return raw.length >= 16 && isCredentialValue(raw, 'token');
}

/** A SASL PLAIN response once decoded (`authzid NUL user NUL password`), or an XOAUTH2 one (`user=… ^A auth=Bearer …`). */
const SASL_RE = /^[\x20-\x7e]*\0[\x20-\x7e]+\0[^]{4,}$|^user=[\x20-\x7e]+\x01auth=Bearer [^]{8,}/;

/**
 * The initial response of an SMTP `AUTH PLAIN`/`AUTH XOAUTH2` or an IMAP `AUTHENTICATE …` (the word [wordStart,
 * wordEnd) names the mechanism): base64 that decodes to a user and a password or a bearer token. Returns whether it was one.
 */
function saslResponse(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): boolean {
  const mechanism = text.slice(wordStart, wordEnd);
  if (mechanism !== 'PLAIN' && mechanism !== 'XOAUTH2') return false;
  if (!text.startsWith('AUTH ', wordStart - 5) && !text.startsWith('AUTHENTICATE ', wordStart - 13)) return false;
  const valueEnd = sentenceValueEnd(text, start, end);
  const raw = text.slice(start, valueEnd);
  // Unpadded base64 decodes too, unless one character is left over.
  if (raw.length % 4 === 1 || !BASE64_RE.test(raw) || !SASL_RE.test(atob(raw))) return false;
  push(state, start, valueEnd, 'basic-auth', RANK_NAMED);
  return true;
}

/**
 * A value after a word that introduces one on a config line or in chat: `pw <password>` in prose
 * (the value must mix cases and digits), HAProxy's `stats auth user:<password>`, an SNMP
 * `community <string>`, a registry value's `<name>    REG_SZ    <value>`. Returns whether the
 * word was one of these.
 */
function leadWordValue(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): boolean {
  const length = wordEnd - wordStart;
  const first = text.charCodeAt(wordStart) | 32;
  if (
    !(first === 112 && length <= 4) &&
    !(first === 97 && length === 4) &&
    !(first === 99 && length === 9) &&
    !(first === 114 && length === 6)
  )
    return false;
  const word = text.slice(wordStart, wordEnd);
  const value: Span = { start, end: sentenceValueEnd(text, start, end), quoted: false };
  const raw = text.slice(value.start, value.end);
  if (word === 'pw' || word === 'PW' || word === 'pwd' || word === 'pass') {
    if (MIXED_RE.test(raw)) classify(text, value, 'password', state, true);
  } else if (word === 'auth') {
    const colon = raw.indexOf(':');
    if (colon > 0 && isCredentialValue(raw.slice(colon + 1), 'password') && !isPlaceholderValue(raw))
      push(state, start + colon + 1, value.end, 'basic-auth', RANK_NAMED);
  } else if (word === 'community') classify(text, value, 'password', state, true);
  else if (word === 'REG_SZ') {
    const nameEnd = wordEndBefore(text, wordStart);
    const nameStart = NAME_CHARS.runStart(text, nameEnd, nameEnd - MAX_NAME);
    if (nameStart < nameEnd) classify(text, value, text.slice(nameStart, nameEnd), state);
  } else return false;
  return true;
}

/** Whether `at` starts a line or a string (a protocol command sent from code, `"PASS …\r\n"`), or a line a client sent in a session's transcript. */
function startsLine(text: string, at: number): boolean {
  const before = at === 0 ? 10 : text.charCodeAt(at - 1);
  return before === 10 || before === 34 || before === 39 || SENT_PREFIX_RE.test(lineBefore(text, at, 8));
}

/** What a transcript of a session writes before a line the client sent: curl's `> `, `C: `, swaks' ` -> `, a script's `quote `, z/OS FTP's log line (`EZA1701I >>> `). */
const SENT_PREFIX_RE = /^(?:> |C: | ?-> |quote )$|\s>>> $/;
/** A line that messages IRC's NickServ. */
const NICKSERV_RE = /nickserv/i;
/** FTP's `user` command before the user's name. */
const FTP_USER_RE = /(?:^|[^\w-])(?:user|USER) $/;

/** A long flag whose last word runs into `pass` (`--requirepass`, `--storepass`, `--keypass`), not a word ending in it (`--bypass`). */
const PASS_FLAG_RE = /^--(?!(?:by|com|encom|sur|over|under|tres)pass$)[a-z]+pass$/i;
