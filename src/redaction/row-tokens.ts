/** Tokens that open a line's or a row's field: a GitHub Actions workflow command (`::add-mask::…`), a table's cell. */
import type { ScanState } from './classify.ts';
import { tableCell } from './table-cells.ts';
import { workflowCommand } from './workflow-commands.ts';

/** What a token that starts a table's cell or a workflow command's line follows: `,`, `|`, a tab, a blank, a quote, a backtick, a line's start. */
export const OPENS_ROW = Uint8Array.from({ length: 128 }, (_, code) =>
  code === 44 || code === 124 || code === 9 || code === 32 || code === 34 || code === 96 || code === 10 || code === 0 ? 1 : 0,
);

/** A token after one of {@link OPENS_ROW}'s characters: a workflow command (`::add-mask::…`), or a table's cell. */
export function rowToken(text: string, start: number, before: number, state: ScanState): void {
  if (text.charCodeAt(start) === 58 && text.charCodeAt(start + 1) === 58) workflowCommand(text, start, state);
  // A tab separates cells after a cell's text; after a blank, a line's start or another tab it indents.
  else if (before === 9) {
    if (start >= 2 && text.charCodeAt(start - 2) > 32) tableCell(text, start, before, state);
  }
  // After a blank, only a cell's (`| value`, aligned `|   value`) is read further.
  else if (before !== 32 || text.charCodeAt(start - 2) === 124 || text.charCodeAt(start - 2) === 32) tableCell(text, start, before, state);
}
