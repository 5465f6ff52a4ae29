/** What the text around a name adds to it: the word before a bare `key` or a number (`Unseal Key 1:`), a Terraform variable's name for its `default`, and the credential word of a prose phrase (`the password for the db is …`). */
import { isDigit } from './chars.ts';
import { FOREIGN_PASSWORD_WORDS, hintsCredential, nameRole } from './credential-names.ts';
import { NAME_CHARS, sliceOrLast } from './name-runs.ts';

/** A Terraform variable's block, open up to its `default`: group 1 is the variable's name. */
const VARIABLE_BLOCK_RE = /\bvariable\s+"([A-Za-z_][\w-]{0,63})"\s*\{[^{}]*$/;

/** The name of the Terraform variable whose `default` starts at `at`, or null: `variable "db_password" { default = "…" }` sets a password. */
function variableName(text: string, at: number): string | null {
  return VARIABLE_BLOCK_RE.exec(text.slice(Math.max(0, at - 240), at))?.[1] ?? null;
}

/**
 * The name with the word before it on the line when it alone says too little: a number (`Unseal
 * Key 1:`, as Vault prints its keys) or a bare `key` (`cache key:`, `the api key:`).
 */
function withWordBefore(text: string, start: number, written: string): string {
  const number = written.length <= 2 && isDigit(written.charCodeAt(0)) && (written.length === 1 || isDigit(written.charCodeAt(1)));
  if (!number && written !== 'key' && written !== 'Key') return written;
  if (start < 2 || text.charCodeAt(start - 1) !== 32) return written;
  const wordStart = NAME_CHARS.runStart(text, start - 1, start - 1 - 24);
  if (wordStart === start - 1) return written;
  const word = text.slice(wordStart, start - 1);
  return number ? (hintsCredential(word) ? withWordBefore(text, wordStart, word) : written) : `${word} ${written}`;
}

/** The name `written` (unquoted, at `start`) with what the text around it adds: a Terraform variable's name for its `default`, or the word before it. */
export function completedName(text: string, start: number, written: string): string {
  return written === 'default' ? (variableName(text, start) ?? written) : withWordBefore(text, start, written);
}

/** Credential nouns of other languages, in a phrase before a verb (`parola` alone is any word in Italian prose, not read here). */
const FOREIGN_NOUN_RE = new RegExp(
  `\\b(?:${[...FOREIGN_PASSWORD_WORDS.filter((word) => word !== 'parola'), 'mot de passe', 'contraseña', 'lösenord'].join('|')})\\b`,
  'i',
);

/** A prose phrase's credential word (misspelt as chat does too), and what it is for: `pass for the staging box`, `root pw`; group 1 the phrase up to the word. */
const PROSE_HEAD_RE = /^(.*?\b(?:password|passwd|pasword|passwrd|passphrase|pass|pw|pwd|psk|secret|token|tocken|key))(?:\s+for\b.*)?\s*$/i;

/**
 * The name of a prose phrase before a verb, as the keyword rules read names: the phrase up to its
 * credential word when what follows says what it is for (`the password for the db` is `the
 * password`), with `pw` and a lone `pass` spelt `password` (in prose they name one; as a name in
 * code, `UhPW:` is as often noise).
 */
export function proseName(phrase: string): string {
  if (phrase === lastPhrase) return lastProseName;
  lastPhrase = phrase;
  lastProseName = readProseName(phrase);
  return lastProseName;
}

/** The last phrase {@link proseName} read, and its name: prose repeats one, and the same string keeps the name cache's fast path. */
let lastPhrase = '';
let lastProseName = '';

function readProseName(phrase: string): string {
  // `het wachtwoord voor de VPN-gebruiker ops`: a credential noun of another language names a password.
  if (FOREIGN_NOUN_RE.test(phrase)) return 'password';
  const head = PROSE_HEAD_RE.exec(phrase);
  const name = head?.[1];
  if (name === undefined) return phrase;
  const words = name.split(/\s+/);
  const last = (words[words.length - 1] ?? '').toLowerCase();
  if (last === 'pw' || last === 'pass') words[words.length - 1] = 'password';
  const written = words.join(' ');
  return nameRole([last === 'pw' || last === 'pass' ? 'password' : last]) === null ? phrase : written;
}

/** The last name read before a verb: prose repeats one ("the password is …"), and the same string keeps the name cache's fast path. */
let lastVerbName = '';

/** Up to seven words before `verbStart` (a verb, or the end of a phrase's last word), on the same line and in the same sentence: "The adafruit api key", "the admin pass for the staging box". */
export function phraseBefore(text: string, verbStart: number): string {
  let p = verbStart;
  let words = 0;
  let start = p;
  while (words < 7 && p > 0 && text.charCodeAt(p - 1) === 32) {
    const quote = text.charCodeAt(p - 2);
    // A quoted word (`the password for user 'postgres' is …`) is one word of the phrase.
    let open = -1;
    if (quote === 39 || quote === 34) for (let k = p - 3; k >= 0 && k > p - 35 && open < 0; k--) if (text.charCodeAt(k) === quote) open = k;
    const wordStart = open >= 0 ? open : NAME_CHARS.runStart(text, p - 1, p - 1 - 32);
    // A word that ends a sentence (`done.`) belongs to the one before.
    if (wordStart === p - 1 || text.charCodeAt(p - 2) === 46) break;
    start = wordStart;
    p = wordStart;
    words++;
  }
  lastVerbName = sliceOrLast(text, start, verbStart, lastVerbName);
  return lastVerbName;
}

/** Whether ` for ` sits in the 96 characters before `at`, read in place: most colons in code have none. */
function forBefore(text: string, at: number): boolean {
  for (let k = at - 4; k > 0 && k > at - 96; k--)
    if (
      text.charCodeAt(k) === 102 &&
      text.charCodeAt(k + 1) === 111 &&
      text.charCodeAt(k + 2) === 114 &&
      text.charCodeAt(k + 3) === 32 &&
      text.charCodeAt(k - 1) === 32
    )
      return true;
  return false;
}

/**
 * The name of a prose phrase that a colon closes (`psk for the tunnel to Lyon:`, `password for the
 * prod db:`): its credential word, when a `for` says what the credential is for; else null. The
 * phrase is read only when a ` for ` sits in the 96 characters before the name.
 */
export function phraseNameBefore(text: string, nameStart: number, nameEnd: number): string | null {
  if (nameStart < 6 || text.charCodeAt(nameStart - 1) !== 32 || !forBefore(text, nameStart)) return null;
  const phrase = phraseBefore(text, nameStart) + text.slice(nameStart, nameEnd);
  const name = proseName(phrase);
  return name === phrase ? null : name;
}
