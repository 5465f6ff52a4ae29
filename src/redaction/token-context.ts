/** What surrounds a token the scan reads: a blank before it, a quote or a Discord spoiler's bars around it, a quoted value after it. */

/** Whether the token [start, end) is a value between Discord's spoiler bars: `||…||`. */
export function spoiler(text: string, start: number, end: number): boolean {
  return end - start > 12 && text.charCodeAt(start) === 124 && text.startsWith('||', start) && text.startsWith('||', end - 2);
}

/** Whether a value may start at `at` after a word: a blank before it, or a quote after a blank. */
export function afterBlank(text: string, at: number): boolean {
  if (at === 0) return false;
  let code = text.charCodeAt(at - 1);
  if ((code === 34 || code === 39 || code === 96) && at > 1) code = text.charCodeAt(at - 2);
  return code === 32 || code === 9;
}

/** Whether blanks (up to 24) after `at` end at a quote. */
export function quotedAfterBlanks(text: string, at: number): boolean {
  let next = at;
  while (next < at + 24 && text.charCodeAt(next) === 32) next++;
  const code = text.charCodeAt(next);
  return code === 34 || code === 39;
}
