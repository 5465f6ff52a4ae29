/** GitHub Actions' workflow commands in a job's log: `::add-mask::<value>` hides a value because it is a secret, and `::set-output name=<name>::<value>` assigns a value to a name. */
import { classify, push } from './classify.ts';
import type { ScanState } from './classify.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_NAMED } from './kind-record.ts';
import { isCredentialValue } from './credential-values.ts';

/** A command that assigns its value to a name: `set-output`, `save-state` (the name up to `::`). */
const NAMED_COMMAND_RE = /^::(?:set-output|save-state) name=([A-Za-z_][\w.-]{0,63})::/;
/** The longest value read after a command. */
const MAX_COMMAND_VALUE = 512;

/** The end of a command's value from `from`: its line's end (a `\r` before it left out), 512 characters at most. */
function lineValueEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_COMMAND_VALUE);
  let end = from;
  while (end < limit && text.charCodeAt(end) !== 10) end++;
  while (end > from && (text.charCodeAt(end - 1) === 13 || text.charCodeAt(end - 1) === 32)) end--;
  return end;
}

/**
 * A workflow command whose token starts at `start` with `::`: what `add-mask` hides is a secret whatever its shape (a
 * reference such as `$TOKEN` or `${{ secrets.X }}` stays, and a quote closing an `echo` ends it); what `set-output` and
 * `save-state` assign is judged under its name.
 */
export function workflowCommand(text: string, start: number, state: ScanState): void {
  if (text.startsWith('::add-mask::', start)) {
    const from = start + 12;
    let end = lineValueEnd(text, from);
    const last = text.charCodeAt(end - 1);
    if ((last === 34 || last === 39) && text.charCodeAt(start - 1) === last) end--;
    const value = text.slice(from, end);
    if (!/\s/.test(value) && !isPlaceholderValue(value) && isCredentialValue(value, 'password'))
      push(state, from, end, 'secret', RANK_NAMED);
    return;
  }
  const named = NAMED_COMMAND_RE.exec(text.slice(start, start + 96));
  if (named === null) return;
  const from = start + named[0].length;
  classify(text, { start: from, end: lineValueEnd(text, from), quoted: false }, named[1] ?? '', state);
}
