/** Tokens that open a line's or a row's field: a GitHub Actions workflow command (`::add-mask::…`), a table's cell, a session cookie's value in a cookie jar. */
import type { ScanState } from './classify.ts';
import { tableCell } from './table-cells.ts';
import { workflowCommand } from './workflow-commands.ts';
import { isDigit } from './chars.ts';
import { classify } from './classify.ts';
import { namesSessionCookie } from './cookies.ts';

/** The value at `start` (after a tab) of a session cookie in a Netscape cookie jar's line (curl's, wget's, a browser extension's export: `github.com\tFALSE\t/\tTRUE\t1767225600\tuser_session\t…`), read back by character code. */
function jarCookie(text: string, start: number, state: ScanState): void {
  // The name, back to its tab (128 characters at most); then the expiry's digits, back to theirs; then `TRUE` or `FALSE`.
  let at = start - 2;
  for (const floor = Math.max(0, start - 130); at >= floor && text.charCodeAt(at) !== 9 && text.charCodeAt(at) !== 10;) at--;
  if (at < 0 || text.charCodeAt(at) !== 9) return;
  let digits = at - 1;
  for (const floor = Math.max(0, at - 14); digits >= floor && isDigit(text.charCodeAt(digits));) digits--;
  if (digits === at - 1 || text.charCodeAt(digits) !== 9 || !(text.startsWith('TRUE', digits - 4) || text.startsWith('FALSE', digits - 5)))
    return;
  if (!namesSessionCookie(text.slice(at + 1, start - 1))) return;
  let end = start;
  while (end < text.length && text.charCodeAt(end) > 32) end++;
  classify(text, { start, end, quoted: false }, 'session_token', state);
}

/** What a token that starts a table's cell or a workflow command's line follows: `,`, `|`, a tab, a blank, a quote, a backtick, a line's start. */
export const OPENS_ROW = Uint8Array.from({ length: 128 }, (_, code) =>
  code === 44 || code === 124 || code === 9 || code === 32 || code === 34 || code === 96 || code === 10 || code === 0 ? 1 : 0,
);

/** A token after one of {@link OPENS_ROW}'s characters: a workflow command (`::add-mask::…`), or a table's cell. */
export function rowToken(text: string, start: number, before: number, state: ScanState): void {
  if (text.charCodeAt(start) === 58 && text.charCodeAt(start + 1) === 58) workflowCommand(text, start, state);
  // A tab separates cells after a cell's text; after a blank, a line's start or another tab it indents.
  else if (before === 9) {
    if (start >= 2 && text.charCodeAt(start - 2) > 32) {
      tableCell(text, start, before, state);
      jarCookie(text, start, state);
    }
  }
  // After a blank, only a cell's (`| value`, aligned `|   value`) is read further.
  else if (before !== 32 || text.charCodeAt(start - 2) === 124 || text.charCodeAt(start - 2) === 32) tableCell(text, start, before, state);
}
