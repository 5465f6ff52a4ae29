/** Secrets a shell session shows: a value piped into a command that stores it (`printf '…' | docker secret create`), given to `gh secret set --body`, or printed alone on the line after a command that reads one back (`gcloud secrets versions access`, `… | base64 -d`). */
import { argumentEnd, lineBefore, pushPassword } from './argument-spans.ts';
import { chars } from './chars.ts';
import type { ScanState } from './classify.ts';
import { skipBlanks } from './spans.ts';
import { isCredentialValue } from './credential-values.ts';

/** A command line up to the value `echo` or `printf` writes. */
const WRITER_RE = /(?:^|[\s;&|(`])(?:echo(?:\s+-[neE]{1,3})?|printf(?:\s+(?:'%s\\?n?'|"%s\\?n?"))?)\s+["']?$/;
/** What takes the written value and keeps it or logs in with it: a secret store's command after a pipe, run by a package runner or not (`npx wrangler secret put`, `systemd-creds encrypt`, kinit, `sudo -S`, `realm join`, any `--password-stdin` or `--stdin-password`, `pass insert`, `secret-tool store`), or a file named for a password or key. */
const KEEPER_RE =
  /^\s*(?:\|\s*(?:sudo\s+)?(?:(?:npx|bunx|pnpx|pnpm\s+dlx|yarn\s+dlx)\s+(?:-y\s+)?)?(?:vercel\s+env\s+add|docker\s+secret\s+create|gh\s+secret\s+set|fly(?:ctl)?\s+secrets\s+(?:set|import)|kubectl\s+create\s+secret|wrangler\s+secret\s+put|netlify\s+env:set|heroku\s+config:set|vault\s+(?:kv\s+put|login)|docker\s+login|podman\s+login|helm\s+registry\s+login|systemd-creds\s+encrypt|chpasswd|passwd\s+--stdin|kinit\b|sudo\s+(?:-\w+\s+)*-S\b|smbpasswd\s+-s\b|(?:sudo\s+)?realm\s+join\b|pass\s+insert\b|secret-tool\s+store\b|[^|\n]{0,64}--(?:password-stdin|stdin-password|passwd-on-stdin))|>{1,2}\s*\S*(?:pass|secret|token|key|cred)\S*)/i;
/** A line that reads a secret back or makes one: a secret manager's read, an environment's get, a Kubernetes secret decoded, a password file or an Erlang cookie printed (not an encrypted one), a key file dumped in base64 or hex, a registry's login password, a cloud's access token, a generated key (`openssl rand`, `artisan key:generate --show`, `mix phx.gen.secret`, `rails secret`, `npx auth secret`, `wg genkey`), a framework's secret revealed (`secrets:reveal`, `wp config get AUTH_KEY`), an initial password (`argocd admin initial-password`), a vault's session key (`bw unlock --raw`), a desktop keyring's or password store's entry (`secret-tool lookup`, `pass show`, macOS `security … -w`, `nmcli -s`), a WireGuard private key, a Thread network's key (`ot-ctl`'s `networkkey`, `pskc`), a field or raw output asked for. */
const READER_RE =
  /^\s*(?:\[[^\]\n]{1,64}\]\s?|(?=([\w.-]{1,32}))\1@[\w.-]{1,64}:[^\s$#]{0,128})?[$#>]\s.*(?:secrets\s+versions\s+access|kubeadm\s+token\s+create|get-login-password|print-(?:access|identity)-token|--expose-token|key:generate\s+--show|output\s+-raw|-field=|get_random_secret_key|secrets\.token_|openssl\s+rand|(?:phx|guardian)\.gen\.secret|(?:rails|rake)\s+secret\b|\bauth\s+secret\b|secrets:reveal|wp\s+config\s+get\s+\w*(?:KEY|SALT|PASSWORD)\b|\bpwgen\b|credential\s+show|keys\s+list|token\s+create|keystore\s+show|create-enrollment-token|initial-password|wg\s+gen(?:key|psk)|\b(?:networkkey|pskc)\s*$|wg\s+show\s+\S+\s+private-key|secret-tool\s+lookup|kwallet-query\b.*\s-r\b|find-(?:generic|internet)-password\b.*\s-w\s*$|nmcli\s+(?:-s|--show-secrets)\b|pass\s+show\b|gpg\s.*-d\w*\s+\S*password-store|bw\s+(?:unlock|login)\b.*--raw|env:get|config:get|get-secret-value|secret\s+show|kv\s+get|base64\s+(?:-d|--decode)|(?:base64|xxd)\s+(?:-\S+\s+)*\S*(?<!pub(?:lic)?[._-]?)(?:secret|token|key)(?:\s|$)|(?:cat|head|tail)\s+(?:-\S+\s+)*(?!\S*(?:\.gpg-id|pub(?:lic)?[._-]?key)\b)\S*(?:pass|secret|token|key|cred|\.psk\b|\.erlang\.cookie|\.irodsA)\S*(?<!\.(?:enc|gpg|age|asc|pub))(?=\s|$))/i;

/** A value written by `echo`/`printf` at `start` (its token ends at `end`) and piped or redirected to a keeper of secrets. */
export function writtenSecret(text: string, start: number, end: number, state: ScanState): void {
  // Most arguments are followed by anything but a pipe or a redirection: read in place first.
  const closing = text.charCodeAt(end);
  const after = skipBlanks(text, closing === 34 || closing === 39 ? end + 1 : end, end + 9);
  const next = text.charCodeAt(after);
  if (next !== 124 && next !== 62) return;
  // Code is full of `>` (`=>`, `x > y`): the writer's name just before the value is looked for before the line is read.
  const head = text.slice(Math.max(0, start - 24), start);
  if (!head.includes('echo') && !head.includes('printf')) return;
  if (!KEEPER_RE.test(text.slice(after, after + 96)) || !WRITER_RE.test(lineBefore(text, start))) return;
  const valueEnd = argumentEnd(text, start, end);
  const value = text.slice(start, valueEnd);
  // A line of a settings file (`storePassword=$STORE_PASSWORD` written into `keystore.properties`) is the assignment rules'.
  if (!ASSIGNMENT_RE.test(value) && isCredentialValue(value, 'password')) pushPassword(state, start, valueEnd);
}

/** A written value that is a setting's line: a name and `=`. */
const ASSIGNMENT_RE = /^[A-Za-z_][\w.-]*=/;

/** A pipeline that derives the public half of the key it makes (`wg genkey | tee … | wg pubkey`): what it prints is public. */
const PUBLIC_HALF_RE = /\|\s*(?:sudo\s+)?wg\s+pubkey\b/;

/** What every prompt ends with: `$`, `#` or `>`, then a blank. */
const PROMPT_MARK_RE = /[$#>]\s/;
/** A credential file's line: a user's name, one colon, and the rest of the line in printable ASCII without a blank or another colon (a mask's `•` is none). */
const USER_LINE_RE = /^([\w.@+-]{1,64}):([!-9;-~]{8,256})$/;
/** A user's name alone on its line, as a credentials file gives it before the password (OpenVPN's `auth-user-pass`). */
const USER_NAME_RE = /^[a-z_][a-z0-9._@-]{0,31}$/;

/**
 * Whether the line at `start` is output of a command a few lines above that reads a secret back or makes one: the
 * line right after it, or one of a file's next lines past a user's name or another `user:password` line.
 */
function readerAbove(text: string, start: number): boolean {
  let lineEnd = start - 1;
  for (let lines = 0; lines < 3 && lineEnd > 0; lines++) {
    const line = lineBefore(text, lineEnd);
    if (line.length === 0) return false;
    // Most lines hold no prompt's mark, found faster than the reader's pattern fails.
    if (PROMPT_MARK_RE.test(line) && READER_RE.test(line)) return !PUBLIC_HALF_RE.test(line);
    if (!USER_NAME_RE.test(line) && !(line.includes(':') && USER_LINE_RE.test(line))) return false;
    lineEnd -= line.length + 1;
  }
  return false;
}

/**
 * A value alone on its line [start, end), or a credential file's `user:password` line, printed by a command that reads a
 * secret back or makes one (`$ gcloud secrets versions access …`, `$ cat /etc/rsyncd.secrets`).
 */
export function printedSecret(text: string, start: number, end: number, state: ScanState): void {
  const after = text.charCodeAt(end);
  const alone = end >= text.length || after === 10 || after === 13;
  if (!alone && after !== 58) return;
  // A colon after the token: the line may be a `user:password` one, read to its end (512 characters at most).
  let stop = end;
  while (!alone && stop < text.length && stop < start + 512 && text.charCodeAt(stop) !== 10 && text.charCodeAt(stop) !== 13) stop++;
  if (stop === start + 512 || !readerAbove(text, start)) return;
  const line = text.slice(start, stop);
  const userLine = line.includes(':') ? USER_LINE_RE.exec(line) : null;
  if (userLine !== null) {
    const from = start + (userLine[1]?.length ?? 0) + 1;
    if (isCredentialValue(text.slice(from, stop), 'password')) pushPassword(state, from, stop);
  } else if (alone && isCredentialValue(line, 'secret')) pushPassword(state, start, outputEnd(text, start, end));
}

/** What a command's base64 output is made of. */
const BASE64_OUTPUT = chars('A-Za-z0-9+/=');

/** The narrowest width a tool wraps base64 at (`openssl … -base64` at 64, `base64` at 76). */
const MIN_WRAP = 60;
/** The shortest line read on as a key's own after a line narrower than a wrap. */
const MIN_PIECE = 16;

/**
 * Where the output whose first line [start, end) ends: base64 the command wrapped onto whole lines after it (16 at most),
 * each after a line as wide as a wrap or itself long enough to be a key's (a key file's second line), not a word (`Done`).
 */
function outputEnd(text: string, start: number, end: number): number {
  let at = end;
  let from = start;
  for (let lines = 0; lines < 16 && text.charCodeAt(at) === 10; lines++) {
    const next = BASE64_OUTPUT.runEnd(text, at + 1, at + 1 + 4096);
    if (next === at + 1 || (next < text.length && text.charCodeAt(next) !== 10 && text.charCodeAt(next) !== 13)) break;
    if (at - from < MIN_WRAP && next - at - 1 < MIN_PIECE) break;
    from = at + 1;
    at = next;
  }
  return at;
}

/** A `gh secret set` command line. */
const GH_SECRET_RE = /(?:^|[\s;&|`])gh\s+secret\s+set\s/;

/** `gh secret set NAME --body <value>`: the argument at `start` after the `--body` (or `-b`) word [wordStart, wordEnd). */
export function bodySecret(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): void {
  // `-b` or `--body`, told by length and character code before the line is read.
  const length = wordEnd - wordStart;
  if (text.charCodeAt(wordStart) !== 45 || (length === 2 ? text.charCodeAt(wordStart + 1) !== 98 : !text.startsWith('--body', wordStart)))
    return;
  if (!GH_SECRET_RE.test(lineBefore(text, wordStart))) return;
  const valueEnd = argumentEnd(text, start, end);
  if (isCredentialValue(text.slice(start, valueEnd), 'password')) pushPassword(state, start, valueEnd);
}
