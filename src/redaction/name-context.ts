/** What the text around a name adds to it: the word before a bare `key` or a number (`Unseal Key 1:`), and a Terraform variable's name for its `default`. */
import { isDigit } from './chars.ts';
import { hintsCredential, NAME_CHARS } from './spans.ts';

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
