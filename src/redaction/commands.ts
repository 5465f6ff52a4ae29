/** Credentials passed as arguments: `-p <password>` and `-p<password>` (mysql, 7z), `-Password`, `-passout pass:…`, keytool's `-storepass`, `ConvertTo-SecureString "…"`, a netrc `password`, SQL's `PASSWORD '…'`, `net use … /user:`, `smbclient -U user%…`, `sqlplus user/…@db`, `htpasswd -b`, `rabbitmqctl add_user`, and `<tool> login|auth|init <token>`. */
import { argumentEnd, isLineBlank, lineBefore, passwordArgument, pushPassword } from './argument-spans.ts';
import { classify, push, roleOfName } from './classify.ts';
import { credentialCall, schemedArgument } from './calls.ts';
import { netUserPassword, switchPassword } from './windows-commands.ts';
import { bodySecret, writtenSecret } from './shell-output.ts';
import type { ScanState } from './classify.ts';
import { chars } from './chars.ts';
import { claimsFormat } from './dispatch.ts';
import { RANK_FORMAT, RANK_NAMED } from './kind-record.ts';
import { netNtlmResponse, samDumpHash } from './hashes.ts';
import { skipBlanks } from './spans.ts';
import { wordEndBefore, wordStartBefore } from './name-runs.ts';
import { ORACLE_LOGINS, sqlClausePassword, sqlplusAfterFlag, sqlplusLogin } from './sql-logins.ts';
import { isCredentialValue, MIXED_RE, passwordAndSecretVerdicts } from './credential-values.ts';

/** Flags that may name a credential: every credential-like name holds one of these. */
const FLAG_HINT_RE = /pass|pwd|secret|token|key|auth|cred|pat\b|setcookie|hmac/i;
/** Tools whose `-a` (redis-cli, sipsak), `-P` (sqlcmd, bcp, ssh-keygen's old passphrase), `-s` (ldappasswd's new password, slappasswd's secret) or `-w` (macOS `security`) flag takes a password, by the flag's letter. */
const TOOL_FLAG_RE: ReadonlyMap<number, RegExp> = new Map([
  [97, /(?:^|[\s/`])(?:redis-cli(?:\.exe)?|sipsak)\s/],
  // macOS `security import <file> -P <passphrase>`.
  [80, /(?:^|[\s/`])(?:(?:sqlcmd|bcp|osql|zip|unzip)(?:\.exe)?|security\s+import|ssh-keygen)\s/],
  // ssh-keygen's new passphrase.
  [78, /(?:^|[\s/`])ssh-keygen\s/],
  [115, /(?:^|[\s/`])(?:ldappasswd|slappasswd)\s/],
  // `openssl enc … -k <password>`, and macOS `security set-key-partition-list … -k <keychain password>`.
  [107, /(?:^|[\s/`])(?:openssl\s+(?:enc\b|aes|des|bf|camellia|chacha)|security\s+set-key-partition-list\s)/],
  // macOS `security add-generic-password … -w <password>`.
  [119, /(?:^|[\s/`])security\s+(?:add|find|set)-(?:generic|internet)-password\s/],
]);
/** SNMPv3 tools and Nagios' `check_snmp` plugins, whose `-A` and `-X` take the auth and privacy passphrases. */
const SNMP_LINE_RE = /(?:^|[\s/`])(?:snmp(?:walk|get|getnext|set|bulkwalk|bulkget|trap|table|inform)(?:\.exe)?|check_snmp\w*)\s/;

/** Tools whose `-p` takes the password glued to it, on a command line or as an argument list's element (`["mysqladmin", …]`). */
const GLUED_P_RE = /(?:^|[\s/"'`])(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|7z|7za|7zz|7zr)(?:\.exe)?(?:\s|["']\s*,)[^\n]*$/;
/** A netrc entry up to its `password` word. */
const NETRC_RE = /(?:^|\s)machine\s+\S+\s+(?:login\s+(?!anonymous\s|ftp\s)\S+\s+)?(?:account\s+\S+\s+)?$/;

/** Directives whose argument is a password: Redis' `requirepass` and `masterauth`, slapd's `rootpw`, nslcd's `bindpw`. */
const PASSWORD_DIRECTIVES = new Set(['requirepass', 'masterauth', 'rootpw', 'bindpw']);
/** Words an argument is read after, besides those ending in `password` or `passwd`: the directives, login subcommands, Oracle's. */
const ARGUMENT_WORDS = new Set([...PASSWORD_DIRECTIVES, ...ORACLE_LOGINS, 'login', 'auth', 'init', 'send']);
/** The last two letters of each word an argument is read after, and of `password` and `passwd`: most words are none of them. */
const ARGUMENT_WORD_ENDS = new Set(
  [...ARGUMENT_WORDS, 'password', 'passwd'].map((word) => word.charCodeAt(word.length - 2) * 128 + word.charCodeAt(word.length - 1)),
);
/** `openssl passwd`'s flags that name the hash, and the command before them. */
const OPENSSL_HASH_FLAGS = new Set(['-1', '-5', '-6', '-apr1', '-aixmd5', '-crypt']);
const OPENSSL_PASSWD_RE = /(?:^|[\s/`(])openssl\s+passwd\s+(?:-\S+\s+)*$/;
/** An expect script's line that waits for a password's or passphrase's prompt, then its `send "`. */
const EXPECT_PROMPT_RE = /\bexpect\s[^\n]*(?:assword|assphrase)[^\n]*\n\s*send\s+"?$/i;

/** Whether `word` (lowercase) names a password (`password`, SQL's `PASSWORD`, haproxy's `insecure-password`, `db_passwd`). */
function passwordWord(word: string): boolean {
  const head = word.endsWith('password') ? word.length - 8 : word.endsWith('passwd') ? word.length - 6 : -1;
  const before = word.charCodeAt(head - 1);
  return head === 0 || (head > 0 && (before === 45 || before === 95));
}
/** A command line that logs in: a user flag, a login subcommand, or a tool whose `-p` is always a password (Kerberos' admin tools: `-w`, `-P`). */
const LOGIN_LINE_RE =
  /(?:^|\s)(?:-u|-U|-D|--?user(?:name)?|-l|login)(?:\s|=)|(?:^|\s)\/u:|(?:^|[\s/`])(?:sshpass|psexec|mysql|mysqldump|mysqladmin|mariadb|redis-cli|sqlcmd|bcp|osql|kadmin|kdb5_util)(?:\.exe)?\s/;

/** What a short flag's value holds, per ASCII code: 1 a path or host character, 2 a letter, 4 not a lowercase letter, 8 an uppercase letter, 16 a digit, 32 a symbol. */
const FLAG_VALUE_BITS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  FLAG_VALUE_BITS[code] =
    (/[/:.\\]/.test(char) ? 1 : 0) |
    (/[A-Za-z]/.test(char) ? 2 : 0) |
    (/[^a-z]/.test(char) ? 4 : 0) |
    (/[A-Z]/.test(char) ? 8 : 0) |
    (/[0-9]/.test(char) ? 16 : 0) |
    (/[!@#$%^&*+=?~]/.test(char) ? 32 : 0);
}

/**
 * Whether a value given to a short flag at `flagStart` is a password: not a port, path, host,
 * pattern or word. On a line that logs in, a password-like value is enough; elsewhere `-p` is as
 * often a package, a profile, a crate or a project (`-p lightningcss_node`), so the value must look
 * random and mix upper case and digits, or hold a symbol. `line`: the line before the flag, when it is not `text`'s.
 */
function shortFlagPassword(value: string, text: string, flagStart: number, line?: string): boolean {
  if (value.length < 6) return false;
  let bits = 0;
  for (let k = 0; k < value.length; k++) {
    const code = value.charCodeAt(k);
    // Past ASCII: not a lowercase letter, nothing else.
    bits |= code < 128 ? (FLAG_VALUE_BITS[code] ?? 0) : 4;
  }
  if ((bits & 1) !== 0 || (bits & 2) === 0 || (bits & 4) === 0) return false;
  // Both verdicts come from one profile of the value; the line is read only when they differ.
  const verdicts = passwordAndSecretVerdicts(value);
  const loginVerdict = (verdicts & 1) !== 0;
  const otherVerdict = ((bits & 24) === 24 || (bits & 32) !== 0) && (verdicts & 2) !== 0;
  if (loginVerdict === otherVerdict) return loginVerdict;
  return LOGIN_LINE_RE.test(line ?? lineBefore(text, flagStart)) ? loginVerdict : otherVerdict;
}

/**
 * An argument token at `start` (a blank, or a quote after one, before it): a credential when the
 * word before it is a password flag, a credential constructor, a netrc `password` or a `login` subcommand.
 */
export function commandArgument(text: string, start: number, end: number, state: ScanState): void {
  // Poetry's `config http-basic.<repository> <user> <password>`.
  if (text.charCodeAt(start) === 104 && text.startsWith('http-basic.', start) && POETRY_RE.test(lineBefore(text, start))) {
    passwordAfter(text, end, 1, state);
    return;
  }
  // `mysql -u root -pS3cret`: the password glued to `-p`.
  // `-p'S3cret'` (a crontab's mysqldump) is quoted: the token ends at the quote.
  const quote = text.charCodeAt(start + 2);
  const quoted = end === start + 2 && (quote === 34 || quote === 39);
  if (text.charCodeAt(start) === 45 && text.charCodeAt(start + 1) === 112 && (quoted || end - start >= 8)) {
    // The line before, read back 256 characters at most: a search of the text would run back to the start of a long line.
    const window = text.slice(Math.max(0, start - 257), start);
    const newline = window.lastIndexOf('\n');
    if ((newline >= 0 || start <= 256) && GLUED_P_RE.test(window.slice(newline + 1))) {
      const from = quoted ? start + 3 : start + 2;
      const stop = argumentEnd(text, from, quoted ? Math.min(text.length, from + 512) : end);
      if (shortFlagPassword(text.slice(from, stop), text, start, 'mysql ')) pushPassword(state, from, stop);
    }
    return;
  }
  const p = wordEndBefore(text, start);
  // A call's next argument, on the same line or the next (`DBI->connect(\n  "dsn",\n  "user",\n  "…"`).
  const comma = commaBefore(text, p);
  if (text.charCodeAt(comma) === 44) {
    credentialCall(text, comma, start, end, state);
    return;
  }
  // A quoted word (`set "Smtp:Password" "…"`) is read inside its quotes.
  const closing = text.charCodeAt(p - 1);
  const wordEnd = closing === 34 || closing === 39 ? p - 1 : p;
  const wordStart = Math.max(wordStartBefore(text, wordEnd), wordEnd - 40);
  const length = wordEnd - wordStart;
  const opening = text.charCodeAt(wordStart - 1);
  if ((opening === 34 || opening === 39) && wordEnd === p && text.charCodeAt(start - 1) === 32)
    schemedArgument(text, wordStart, end, state);
  if ((length === 2 || length === 5) && sqlClausePassword(text, wordStart, length, p, start, end, state)) return;
  // Cisco IOS: `enable secret 0 <password>`, `username … password 7 <password>` (type 0 is clear text, type 7 a reversible encoding).
  if (length === 1 && (text.charCodeAt(wordStart) === 48 || text.charCodeAt(wordStart) === 55)) {
    if (CISCO_TYPE_RE.test(text.slice(Math.max(0, wordStart - 20), wordStart))) {
      const valueEnd = argumentEnd(text, start, end);
      if (isCredentialValue(text.slice(start, valueEnd), 'password')) pushPassword(state, start, valueEnd);
    }
    return;
  }
  if (length <= 2 && text.charCodeAt(wordStart - 1) === 47) switchPassword(text, wordStart, wordEnd, start, state);
  netUserPassword(text, wordStart, start, state);
  if (length === 6 || length === 2) bodySecret(text, wordStart, wordEnd, start, end, state);
  writtenSecret(text, start, end, state);
  if (length === 2 && text.charCodeAt(wordStart) === 45) sqlplusAfterFlag(text, wordStart, start, end, state);
  // `openssl passwd -6 '<password>'`: the password a hash is made of, after the hash's flag.
  if (
    length <= 7 &&
    text.charCodeAt(wordStart) === 45 &&
    OPENSSL_HASH_FLAGS.has(text.slice(wordStart, wordEnd)) &&
    OPENSSL_PASSWD_RE.test(lineBefore(text, wordStart))
  ) {
    const valueEnd = argumentEnd(text, start, end);
    if (isCredentialValue(text.slice(start, valueEnd), 'password')) pushPassword(state, start, valueEnd);
    return;
  }
  if (length < 3 || length > 24 || !ARGUMENT_WORD_ENDS.has((text.charCodeAt(wordEnd - 2) | 32) * 128 + (text.charCodeAt(wordEnd - 1) | 32)))
    return;
  // A flag (`-Password`) is the flag rules' to read.
  if (text.charCodeAt(wordStart) === 45) return;
  const word = text.slice(wordStart, wordEnd).toLowerCase();
  const password = passwordWord(word);
  if (!password && !ARGUMENT_WORDS.has(word)) return;
  const valueStart = start;
  const valueEnd = argumentEnd(text, start, end);
  const value = text.slice(valueStart, valueEnd);
  if (password || PASSWORD_DIRECTIVES.has(word)) {
    const quote = text.charCodeAt(start - 1);
    const from = Math.max(0, wordStart - 256);
    // A netrc entry or a quoted literal (`WITH PASSWORD '…'`, `set "Smtp:Password" "…"`) is a password as written; after a bare word
    // (`password u41s…` in prose, `requirepass …`) the value must look random and mix cases and digits (`via_the_link` is prose).
    const literal =
      quote === 34 || quote === 39 || ((word === 'password' || word === 'passwd') && NETRC_RE.test(text.slice(from, wordStart)));
    if (literal ? isCredentialValue(value, 'password') : MIXED_RE.test(value) && isCredentialValue(value, 'secret'))
      pushPassword(state, valueStart, valueEnd);
  } else if (ORACLE_LOGINS.has(word)) {
    sqlplusLogin(text, valueStart, valueEnd, state);
  } else if (word === 'send') {
    // An expect script answering a password prompt: `send "<password>\r"`.
    const typed = value.replace(/(?:\\r|\\n|\r|\n)+$/, '');
    if (EXPECT_PROMPT_RE.test(text.slice(Math.max(0, wordStart - 96), start)) && isCredentialValue(typed, 'password'))
      pushPassword(state, valueStart, valueStart + typed.length);
  } else {
    // `wandb login <key>`, `snyk auth <token>`, `shodan init <key>`: a long random argument to a login subcommand.
    if (value.length >= 32 && !claimsFormat(value) && isCredentialValue(value, 'token'))
      push(state, valueStart, valueEnd, 'token', RANK_NAMED);
  }
}

/** A Poetry command line up to its `config`. */
const POETRY_RE = /(?:^|[\s;&|`])poetry\s+config\s+$/;

/** Samba tools (and its `net ads`, `net rpc`), whose `-U` takes `user%password`. */
const SAMBA_LINE_RE = /(?:^|[\s/`])(?:smbclient|rpcclient|smbmap|smbcacls|smbget|smbpasswd|net\s+(?:ads|rpc|rap))(?:\.exe)?\s/;

/** `smbclient -U 'DOMAIN\user%<password>'`: the password after the argument's first `%`, read forwards from `from`. */
function sambaPassword(text: string, from: number, state: ScanState): void {
  let at = skipBlanks(text, from, from + 8);
  // An unquoted argument ends at a blank only (its first character is no quote to look for).
  const quote = text.charCodeAt(at) === 34 || text.charCodeAt(at) === 39 ? text.charCodeAt(at++) : 32;
  const limit = Math.min(text.length, at + 256);
  let percent = -1;
  let end = at;
  for (; end < limit; end++) {
    const code = text.charCodeAt(end);
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === quote) break;
    if (code === 37 && percent < 0) percent = end;
  }
  if (percent > at && isCredentialValue(text.slice(percent + 1, end), 'password')) pushPassword(state, percent + 1, end);
}

/** htpasswd's and mosquitto_passwd's batch flags (`-b`, `-bc`, `-nbB`). */
const BATCH_FLAG_RE = /^-[cnBmsdi]*b[cnBmsdi]*$/;
/** A line that runs htpasswd or mosquitto_passwd. */
const HTPASSWD_LINE_RE = /(?:^|[\s/`])(?:htpasswd|mosquitto_passwd)(?:\.exe)?\s/;
/** rabbitmqctl before its subcommand. */
const RABBITMQCTL_RE = /(?:^|[\s/`])rabbitmqctl(?:\.bat)?\s+(?:-\S+\s+(?:[^\s-]\S*\s+)?)*$/;

/** The token [start, end) when it is `rabbitmqctl add_user` or `change_password`, whose second argument is the password. */
export function userPasswordSubcommand(text: string, start: number, end: number, state: ScanState): void {
  const subcommand = end - start === 8 ? 'add_user' : 'change_password';
  if (text.startsWith(subcommand, start) && RABBITMQCTL_RE.test(lineBefore(text, start))) passwordAfter(text, end, 1, state);
}

/** The argument after `skip` others from `from` on, read forwards (a letters-only password holds no pivot): a password when it is one. */
export function passwordAfter(text: string, from: number, skip: number, state: ScanState): void {
  let at = from;
  let counted = 0;
  let flag = false;
  // Up to 8 flags between the arguments (`htpasswd -b -c <file> <user> <password>`) are read past, not counted, and so is a
  // number after one (htpasswd's `-C 12`), the flag's own value.
  for (let read = 0; read <= skip + 8; read++) {
    const argument = skipBlanks(text, at, at + 8);
    if (argument === at || argument >= text.length) return;
    const quote = text.charCodeAt(argument);
    const quoted = quote === 34 || quote === 39;
    const isFlag = text.charCodeAt(quoted ? argument + 1 : argument) === 45;
    const digits = flag && !quoted ? DIGITS.runEnd(text, argument, argument + 8) : argument;
    const flagValue = digits > argument && isLineBlank(text.charCodeAt(digits));
    flag = isFlag;
    if (!isFlag && !flagValue) {
      if (counted === skip) {
        passwordArgument(text, argument, state);
        return;
      }
      counted++;
    }
    const limit = Math.min(text.length, argument + 256);
    // A quoted argument's closing quote is looked for within the limit only: an unclosed one would send the search to the text's end.
    const close = quoted ? text.slice(argument + 1, limit).indexOf(String.fromCharCode(quote)) : -1;
    at = quoted ? (close < 0 ? -1 : argument + 2 + close) : argument;
    if (at < 0) return;
    while (at < limit && !/\s/.test(text.charAt(at))) at++;
  }
}

/** Cisco's `password` or `secret` keyword before a type number, and a RADIUS or TACACS+ `key` (`pac key`, `tacacs-server key`, a server block's `key`). */
const CISCO_TYPE_RE = /(?:\b(?:password|secret)|(?:^|\n)[ \t]*(?:pac[ \t]+)?key|-server[ \t]+key)[ \t]+$/;

/**
 * A flag token [start, token) that takes a credential as its next argument: `-p <password>`
 * (psexec, sshpass, docker login) or `-p=<password>`, `-passout pass:…` (openssl), `-Password …`,
 * `-ApiKey …` (PowerShell). The argument is read forwards: it may hold no character the scan stops at.
 */
export function flagArgument(text: string, start: number, token: number, state: ScanState): void {
  // `-p=…`, `-p="…"`: a short flag's value may follow an `=` (long ones are assignments).
  const equals = text.charCodeAt(start + 2) === 61 ? start + 2 : text.charCodeAt(start + 3) === 61 ? start + 3 : -1;
  const end = equals > 0 && equals < token ? equals : token;
  const length = end - start;
  const letter = text.charCodeAt(start + 1);
  // `-field=password` carries its own value: the next argument is not a password for it.
  if (length > 24 || letter === 45 || (equals < 0 && text.slice(start, token).includes('='))) return;
  // `-p`, `-pw`, and `-a` or `-P` of the tools that take a password there, read by character code: most flags are none of these.
  const passwordFlag = (length === 2 && letter === 112) || (length === 3 && letter === 112 && text.charCodeAt(start + 2) === 119);
  // `-a`/`-P` of the tools that take a password there; `-P` (ipmitool, mosquitto) and `-w` (ldapsearch) on a line that logs in;
  // `-A`/`-X` of SNMPv3 tools.
  const toolFlag =
    length === 2 &&
    ((TOOL_FLAG_RE.get(letter)?.test(lineBefore(text, start)) ?? false) ||
      ((letter === 80 || letter === 119) && LOGIN_LINE_RE.test(lineBefore(text, start))) ||
      ((letter === 65 || letter === 88) && SNMP_LINE_RE.test(lineBefore(text, start))));
  if (length === 2 && letter === 117) {
    lftpUser(text, start, token, state);
    return;
  }
  if (length === 2 && letter === 85 && SAMBA_LINE_RE.test(lineBefore(text, start))) {
    sambaPassword(text, token, state);
    return;
  }
  // `htpasswd -b <file> <user> <password>`, `htpasswd -nb <user> <password>`: batch mode takes the password as an argument.
  if (
    length <= 4 &&
    (letter === 98 || text.charCodeAt(start + 2) === 98 || text.charCodeAt(start + 3) === 98) &&
    BATCH_FLAG_RE.test(text.slice(start, end)) &&
    HTPASSWD_LINE_RE.test(lineBefore(text, start))
  ) {
    passwordAfter(text, token, text.slice(start, end).includes('n') ? 1 : 2, state);
    return;
  }
  if (!passwordFlag && !toolFlag && length <= 3) return;
  const word = text.slice(start, end);
  if (!passwordFlag && !toolFlag && !FLAG_HINT_RE.test(word)) return;
  let from = end;
  if (end === equals) from++;
  else while (from < text.length && from < end + 8 && text.charCodeAt(from) === 32) from++;
  if (from === end || from >= text.length) return;
  const quote = text.charCodeAt(from);
  if (quote === 34 || quote === 39) from++;
  const valueStart = from;
  const valueEnd = argumentEnd(text, from, Math.min(text.length, from + 4096));
  const value = text.slice(valueStart, valueEnd);
  if (passwordFlag || toolFlag) {
    if (shortFlagPassword(value, text, start)) pushPassword(state, valueStart, valueEnd);
  } else if (/^-pass(?:in|out|word)?$/i.test(word) && value.startsWith('pass:')) {
    if (isCredentialValue(value.slice(5), 'password')) pushPassword(state, valueStart + 5, valueEnd);
  } else if (word.length > 3) {
    const name = word.slice(1);
    // Erlang's `-setcookie` names its cookie's kind alone.
    if (roleOfName(name) !== null || name === 'setcookie') classify(text, { start: valueStart, end: valueEnd, quoted: false }, name, state);
    // keytool's `-storepass`, `-srcstorepass`, `-keypass`: a compound no word list splits; the value must look random.
    else if (/pass$/i.test(name) && isCredentialValue(value, 'secret')) pushPassword(state, valueStart, valueEnd);
  }
}

/** An lftp command line. */
const LFTP_LINE_RE = /(?:^|[\s/`])lftp\s/;

/** `lftp -u user,<password>`: the password after the user's comma, for the `-u` token [start, token). */
function lftpUser(text: string, start: number, token: number, state: ScanState): void {
  const from = skipBlanks(text, token, token + 8);
  // Most `-u` arguments hold no comma (`-u root`, curl's `-u user:pass`): the argument is read only up to one, or a colon.
  let comma = from;
  for (let code = text.charCodeAt(comma); comma < from + 256 && code > 32 && code !== 44 && code !== 58; code = text.charCodeAt(++comma));
  if (from === token || text.charCodeAt(comma) !== 44) return;
  const user = argumentEnd(text, from, comma + 1);
  if (user !== comma || !LFTP_LINE_RE.test(lineBefore(text, start))) return;
  const end = argumentEnd(text, comma + 1, Math.min(text.length, comma + 513));
  if (isCredentialValue(text.slice(comma + 1, end), 'password')) pushPassword(state, comma + 1, end);
}

/** The character before the blanks and line breaks that end at `at` (64 at most: arguments aligned under a call's parenthesis): where a call's previous argument may end with its comma. */
function commaBefore(text: string, at: number): number {
  let p = at;
  while (p > 0 && p > at - 64 && isLineBlank(text.charCodeAt(p - 1))) p--;
  return p - 1;
}

/** Digits, as a flag's numeric value is written. */
const DIGITS = chars('0-9');
/** A `.pgpass` host field's characters. */
const HOST = chars('A-Za-z0-9_.*-');
/** A `.pgpass` line: `host:port:database:user:password`, each of the first four a name or `*`. */
const PGPASS_LINE_RE = /^[\w.*-]+:(?:\d{1,5}|\*):[A-Za-z_*][\w.-]*:[A-Za-z_*][\w.@-]*:(\S{1,128})$/;

/** The token [start, end) when it is a whole `.pgpass` line: its last field is the password. */
export function pgpassLine(text: string, start: number, end: number, state: ScanState): void {
  // The host's field ends at a `:` followed by a port's digit or `*`, read in place before anything is sliced.
  const colon = HOST.runEnd(text, start, end);
  const port = text.charCodeAt(colon + 1);
  if (text.charCodeAt(colon) !== 58 || !((port >= 48 && port <= 57) || port === 42)) return;
  const line = PGPASS_LINE_RE.exec(text.slice(start, end));
  const password = line?.[1];
  if (password !== undefined && isCredentialValue(password, 'password')) pushPassword(state, end - password.length, end);
}

/** A token of five fields or more, [start, end) with `colons` colons and `before` the code before it: a `.pgpass` line or a SAM dump's. */
export function colonFields(text: string, start: number, end: number, colons: number, before: number, state: ScanState): void {
  // Six fields or more may be a SAM dump's line (`user:rid:<lm>:<nt>:::`).
  if (colons >= 5) {
    const span = samDumpHash(text, start, end) ?? netNtlmResponse(text, start, end);
    if (span !== null) push(state, span[0], span[1], 'password-hash', RANK_FORMAT);
  }
  // A whole line of four fields or more after its host (`host:port:database:user:password`) may be a `.pgpass` entry,
  // indented too (a YAML block's or a heredoc's content).
  const opens = before === 10 || start === 0 || ((before === 32 || before === 9) && /^[ \t]*$/.test(lineBefore(text, start, 64)));
  if (opens && (end === text.length || text.charCodeAt(end) === 10 || text.charCodeAt(end) === 13)) pgpassLine(text, start, end, state);
}
