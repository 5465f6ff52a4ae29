/** Credentials in prose of other languages: `le mot de passe …`, `la contraseña del wifi es …`, `A senha do banco é …`, `Das Passwort … ist …`, `Пароль от сервера: …`, `パスワードは …`. */
import { classify } from './classify.ts';
import type { ScanState } from './classify.ts';
import { readValue, sentenceValueEnd } from './spans.ts';

/** Credential nouns that may stand right before their value (`le mot de passe X`, `Passwort: X`), lowercased. */
const NOUNS = new Set([
  'passe',
  'passwort',
  'kennwort',
  'senha',
  'clave',
  'contrasena',
  'wachtwoord',
  'parola',
  'chiave',
  'haslo',
  'avain',
]);
/** Verbs that assign in those languages (`ist`, `est`, `es`, `er`, `jest`, Polish `to`, `era`, `continua`); `é`, `è` and `är` are read by code. */
const COPULAS = new Set(['ist', 'est', 'es', 'er', 'jest', 'to', 'era', 'continua', 'sigue', 'reste', 'bleibt']);
/** A credential noun, then the rest of the clause up to the verb: the phrase before a copula names a credential. */
const PHRASE_RE =
  /(?:^|[\s'’(])(?:mot de passe|palavra-passe|mật khẩu|kata sandi|password|passwort|kennwort|senha|clave|contraseña|contrasena|wachtwoord|lösenord|salasana|hasło|parola|chiave|token|jeton|clé d'api|api-schlüssel)(?:[^.!?;\n]{0,60})$/i;
/** The longest word read before a value. */
const LONGEST = 10;
/** Per lowercase ASCII code, 1 when a noun or a verb above starts with it: most words before a value are neither, and are not sliced. */
const FIRST = new Uint8Array(128);
for (const word of [...NOUNS, ...COPULAS]) FIRST[word.charCodeAt(0)] = 1;

/** Whether the word [wordStart, wordEnd) is a copula with a letter past ASCII, after a blank: `é`, `è` (Portuguese, Italian), `är` (Swedish) or `là` (Vietnamese). */
function wideCopula(text: string, wordStart: number, wordEnd: number): boolean {
  const before = text.charCodeAt(wordStart - 1);
  if (before === 0xe0) return wordEnd === wordStart && text.charCodeAt(wordStart - 2) === 108 && text.charCodeAt(wordStart - 3) === 32;
  if (text.charCodeAt(wordStart - 2) !== 32) return false;
  if (wordEnd === wordStart) return before === 0xe9 || before === 0xe8;
  return wordEnd === wordStart + 1 && before === 0xe4 && text.charCodeAt(wordStart) === 114;
}

/**
 * Credential nouns of prose that closes the phrase with a colon, a particle or an opening bracket before the value
 * (`Пароль от сервера: X`, `パスワードは X`, `密码是 X`, `签名密钥「X」`).
 */
const CLAUSE_NOUNS = [
  'mot de passe',
  'palavra-passe',
  'passwort',
  'kennwort',
  'wachtwoord',
  'senha',
  'salasana',
  'lösenord',
  'kata sandi',
  'пароль',
  'пароля',
  'токен',
  'ключ',
  'hasło',
  'heslo',
  'şifresi',
  'şifre',
  'parolası',
  'jelszó',
  'κωδικός',
  'contraseña',
  'clé',
  'schlüssel',
  'mật khẩu',
  'كلمة المرور',
  'كلمة السر',
  'पासवर्ड',
  'सीक्रेट',
  'パスワード',
  'パスフレーズ',
  '暗証番号',
  'トークン',
  'シークレット',
  'キー',
  '密码',
  '密碼',
  '口令',
  '令牌',
  '密钥',
  '秘钥',
  '金鑰',
  '비밀번호',
  '비번',
  '토큰',
  '키',
];
const CLAUSE_NOUN_RE = new RegExp(CLAUSE_NOUNS.join('|').replaceAll(' ', '[ _]'), 'i');
/** The English nouns such prose borrows, taken only before a closer past ASCII (`App Secret为“X”`, `SK：X`). */
const BORROWED_NOUN_RE = /password|secret|token|\b(?:api|access|app)[ _-]?key\b|\b[as]k\b/i;
/**
 * Characters that close such a phrase: a colon or an equals sign, ASCII or full-width, the particles and copulas `は`,
 * `が`, `是`, `为`, `는`, `은`, `가`, `이`, the brackets and quotes a value is given in (`「`, `『`, `【`, `】`, `《`, `“`, `„`, and `”`, which
 * Swedish and Finnish open with), and the ideographic space.
 */
const CLOSERS = new Set([
  0x3a, 0xff1a, 0xff1d, 0x306f, 0x304c, 0x662f, 0x4e3a, 0xb294, 0xc740, 0x300c, 0x300e, 0x3010, 0x3011, 0x300a, 0x201c, 0x201d, 0x201e,
  0x3000, 0xac00, 0xc774,
]);

/** A clause that says its key is a client's or public (`클라이언트 키(프론트 공개용)`, `Clave pública`, a Pix key, a token's contract address): no secret follows. */
const PUBLIC_CLAUSE_RE =
  /client|p[úu]b+li[ck]|publishable|contract|address|\bpix\b|클라이언트|공개|公开|公開|クライアント|公钥|公鑰|публичн|открыт/i;

/** Whether `code` is a kana, a CJK ideograph or a Hangul syllable: a blank after one may end a phrase (`口令改成了 X`). */
function isCjk(code: number): boolean {
  return (code >= 0x3040 && code <= 0x30ff) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af);
}

/** Whether `code`, past ASCII, may close such a phrase right before its value (`密码：X`, `パスワードはX`). */
export function isWideCloser(code: number): boolean {
  return code > 127 && CLOSERS.has(code);
}

/**
 * Whether the character at `at` closes such a phrase: a particle, a bracket, a colon after a letter past ASCII, a `)`
 * or a blank (`Пароль (deploy):`, French `Clé Wi-Fi : X`), or a blank after a CJK character; a colon after an ASCII
 * word (`key: value`) is the assignment rules'.
 */
function closesForeignPhrase(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code === 32) return isCjk(text.charCodeAt(at - 1));
  if (!CLOSERS.has(code)) return false;
  if (code !== 0x3a) return true;
  const before = text.charCodeAt(at - 1);
  return before > 127 || before === 41 || before === 32;
}

/** Whether the clause that ends at `to` (80 characters at most, back to a sentence's end; the character at `to` included) holds a character past ASCII and a credential noun of {@link CLAUSE_NOUN_RE}. */
function clauseNamesCredential(text: string, to: number): boolean {
  let from = to;
  let wide = text.charCodeAt(to) > 127;
  for (; from > 0 && from > to - 80; from--) {
    const code = text.charCodeAt(from - 1);
    if (code === 10 || code === 0x3002 || ((code === 46 || code === 33 || code === 63) && text.charCodeAt(from) === 32)) break;
    if (code > 127) wide = true;
  }
  if (!wide) return false;
  const named = holdsNoun(text, from, to) || (text.charCodeAt(to) > 127 && BORROWED_NOUN_RE.test(text.slice(from, to)));
  return named && !PUBLIC_CLAUSE_RE.test(text.slice(from, to));
}

/** The longest noun of {@link CLAUSE_NOUN_RE}: one that ends past a clause's end starts at most this far before it. */
const LONGEST_NOUN = Math.max(...CLAUSE_NOUNS.map((noun) => noun.length));
const NOUNS_RE = new RegExp(CLAUSE_NOUN_RE.source, 'gi');
/** The clause last searched, and where the last noun in it starts (-1: none). */
const searched = { text: '', from: 0, to: 0, noun: -1 };

/**
 * Whether [from, to) holds a noun of {@link CLAUSE_NOUN_RE}. The clauses of operators a few characters apart overlap
 * (`=一` repeated): a clause that starts inside the last one searched and ends past it is searched only where it
 * adds text, and keeps the last one's noun when that noun is still inside.
 */
function holdsNoun(text: string, from: number, to: number): boolean {
  const follows = text === searched.text && from >= searched.from && from <= searched.to && to >= searched.to;
  let noun = follows && searched.noun >= from ? searched.noun : -1;
  const start = follows ? Math.max(from, searched.to - LONGEST_NOUN) : from;
  const part = text.slice(start, to);
  NOUNS_RE.lastIndex = 0;
  for (let match = NOUNS_RE.exec(part); match !== null; match = NOUNS_RE.exec(part)) {
    noun = Math.max(noun, start + match.index);
    NOUNS_RE.lastIndex = match.index + 1;
  }
  Object.assign(searched, { text, from, to, noun });
  return noun >= 0;
}

/** A noun of {@link CLAUSE_NOUN_RE} that ends a word: read back from the ASCII tail of a word with a letter past ASCII (`hasło`, `şifre`). */
const WIDE_NOUNS = CLAUSE_NOUNS.filter((noun) => /[^\0-\x7f]/.test(noun));
const WIDE_NOUN_END_RE = new RegExp(`(?:${WIDE_NOUNS.join('|')})$`, 'i');
/** The last letter past ASCII of each such noun, in both cases: the only letters before a word (or its ASCII tail) that may end one. */
const WIDE_NOUN_LAST = new Set(
  WIDE_NOUNS.flatMap((noun) => {
    let wide = '';
    for (let k = 0; k < noun.length; k++) if (noun.charCodeAt(k) > 127) wide = noun.charAt(k);
    return [wide.toLowerCase(), wide.toUpperCase()].map((char) => char.charCodeAt(0));
  }),
);

/** Whether the text before `at` ends a noun of {@link CLAUSE_NOUN_RE} written with a letter past ASCII (`lösenord`). */
export function endsWideNoun(text: string, at: number): boolean {
  return WIDE_NOUN_END_RE.test(text.slice(Math.max(0, at - 12), at));
}

/**
 * A value after an ASCII colon that closes a clause naming a credential in a language past ASCII (`密码:X`, `hasło: X`): the
 * colon at `at` follows a letter past ASCII, or a word that does. Judged as prose is: only a random value.
 */
export function foreignColonValue(text: string, at: number, valueFrom: number, state: ScanState): void {
  const foreign = clauseNamesCredential(text, at);
  if (!foreign && !labelNamesCredential(text, at)) return;
  const value = readValue(text, valueFrom);
  // A label's number (a Brazilian invoice's 44-digit `Chave de acesso`) is no password.
  if (value !== null && (foreign || /[A-Za-z]/.test(text.slice(value.start, value.end)))) classify(text, value, 'password', state, true);
}

/** Credential nouns of labels in languages written in Latin letters, English included (`Chave secreta`, `Kunci rahasia Xendit`, `Token OAuth SMSAPI`). */
const LABEL_NOUN_RE =
  /(?:^|[^a-z])(?:password|passwort|kennwort|passe|palavra-passe|senha|contrase[ñn]a|sandi|has[łl]o|parola|şifre|token|secret|secreta|secreto|segreta|segreto|rahasia|chave|clave|llave|chiave|kunci|klucz|cl[ée]|schl[üu]ssel)(?:$|[^a-z])/i;
/** The longest label read. */
const MAX_LABEL = 48;

/**
 * Whether the colon at `at` closes a label that opens its line and names a credential in words ({@link LABEL_NOUN_RE}):
 * `Chave secreta: X`, `Llave privada de Conekta: X`, `Secret key DOKU: X`. A label's last word names what the value is
 * for; the assignment rules read only that word.
 */
function labelNamesCredential(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && from > at - MAX_LABEL && text.charCodeAt(from - 1) !== 10) from--;
  if (from > 0 && text.charCodeAt(from - 1) !== 10) return false;
  const label = text.slice(from, at);
  return label.includes(' ') && LABEL_NOUN_RE.test(label) && !PUBLIC_CLAUSE_RE.test(label);
}

/**
 * The value at `start` (in a token ending at `end`) after a credential noun (the word
 * [wordStart, wordEnd): `mot de passe X`) or after a verb whose clause starts with one (`la
 * contraseña del wifi es X`), judged as prose is: only a random value. Returns whether the word
 * before was one of these.
 */
export function foreignProseValue(text: string, wordStart: number, wordEnd: number, start: number, end: number, state: ScanState): boolean {
  const length = wordEnd - wordStart;
  if (length === 0 && closesForeignPhrase(text, wordStart - 1) && clauseNamesCredential(text, wordStart - 1)) {
    classify(text, { start, end: sentenceValueEnd(text, start, end), quoted: false }, 'password', state, true);
    return true;
  }
  // `hasło X`, `şifre "X"`, `비번 X`: the word (or its ASCII tail) after a letter past ASCII ends a noun.
  if (WIDE_NOUN_LAST.has(text.charCodeAt(wordStart - 1)) && endsWideNoun(text, wordEnd)) {
    classify(text, { start, end: sentenceValueEnd(text, start, end), quoted: false }, 'password', state, true);
    return true;
  }
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
