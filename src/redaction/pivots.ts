/** The characters the scan stops at (pivots) and the characters it reads as one token around a pivot. */
import { chars } from './chars.ts';

/**
 * Pivots: digits, `_ - = : | ~ @`, and the characters a written form starts with (`\`, `%`,
 * zero-width ones). Every format's literal or body holds one (random bodies hold digits), and so
 * does every assignment; prose has few, so the search runs at native speed between them. A
 * single class keeps V8 on its fast scanning path.
 */
export const PIVOT_RE = /[0-9_=:|~@\\%\u200B-\u200D\u2060\uFEFF-]/g;
/** {@link PIVOT_RE}'s ASCII characters, per code. */
export const PIVOTS = chars('0-9_=:|~@\\%-');

/** Token characters: printable ASCII but blanks, quotes, brackets, `,`, `;`, `\` and `%` (a written form starts with those two). */
export const TOKEN = chars('!#$&*+./0-9:=?@A-Z^_a-z|~-');
