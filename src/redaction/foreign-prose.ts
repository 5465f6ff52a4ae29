/** Credentials in prose of other languages: `le mot de passe …`, `la contraseña del wifi es …`, `A senha do banco é …`, `Das Passwort … ist …`. */
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { sentenceValueEnd } from './spans.ts';

/** Credential nouns that may stand right before their value (`le mot de passe X`, `Passwort: X`), lowercased. */
const NOUNS = new Set(['passe', 'passwort', 'kennwort', 'senha', 'clave', 'contrasena', 'wachtwoord', 'parola', 'chiave', 'haslo']);
/** Verbs that assign in those languages (`ist`, `est`, `es`, `er`, `jest`, `era`, `continua`); `é`, `è` and `är` are read by code. */
const COPULAS = new Set(['ist', 'est', 'es', 'er', 'jest', 'era', 'continua', 'sigue', 'reste', 'bleibt']);
/** A credential noun, then the rest of the clause up to the verb: the phrase before a copula names a credential. */
const PHRASE_RE =
  /(?:^|[\s'’(])(?:mot de passe|passwort|kennwort|senha|clave|contraseña|contrasena|wachtwoord|lösenord|salasana|hasło|parola|chiave|token|jeton|clé d'api|api-schlüssel)(?:[^.!?;\n]{0,60})$/i;
/** The longest word read before a value. */
const LONGEST = 10;
/** Per lowercase ASCII code, 1 when a noun or a verb above starts with it: most words before a value are neither, and are not sliced. */
const FIRST = new Uint8Array(128);
for (const word of [...NOUNS, ...COPULAS]) FIRST[word.charCodeAt(0)] = 1;

/** Whether the word [wordStart, wordEnd) is a copula with a letter past ASCII, after a blank: `é`, `è` (Portuguese, Italian) or `är` (Swedish). */
function wideCopula(text: string, wordStart: number, wordEnd: number): boolean {
  const before = text.charCodeAt(wordStart - 1);
  if (text.charCodeAt(wordStart - 2) !== 32) return false;
  if (wordEnd === wordStart) return before === 0xe9 || before === 0xe8;
  return wordEnd === wordStart + 1 && before === 0xe4 && text.charCodeAt(wordStart) === 114;
}

/**
 * The value at `start` (in a token ending at `end`) after a credential noun (the word
 * [wordStart, wordEnd): `mot de passe X`) or after a verb whose clause starts with one (`la
 * contraseña del wifi es X`), judged as prose is: only a random value. Returns whether the word
 * before was one of these.
 */
export function foreignProseValue(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): boolean {
  const length = wordEnd - wordStart;
  const wide = length <= 1 && wideCopula(text, wordStart, wordEnd);
  if (!wide && (length < 2 || length > LONGEST || FIRST[text.charCodeAt(wordStart) | 32] !== 1)) return false;
  const word = wide ? '' : text.slice(wordStart, wordEnd).toLowerCase();
  const noun = NOUNS.has(word);
  if (!wide && !noun && !COPULAS.has(word)) return false;
  const value = { start, end: sentenceValueEnd(text, start, end), quoted: false };
  if (noun) {
    classify(text, value, 'password', state, true);
    return true;
  }
  const clauseEnd = wide ? wordStart - 1 : wordStart;
  const phrase = PHRASE_RE.exec(text.slice(Math.max(0, clauseEnd - 96), clauseEnd));
  if (phrase === null) return false;
  classify(text, value, /token|jeton|clé|schlüssel/i.test(phrase[0]) ? 'token' : 'password', state, true);
  return true;
}
