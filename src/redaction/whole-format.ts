/** A value read whole under a name that is a vendor's token from end to end: the scan never stops in a token of letters alone (`ASIA…` with no digit), so the name's rule asks the formats. */
import { STARTS } from './dispatch.ts';
import { matchPrefixed } from './match.ts';

/** The kind of the format that matches [start, end) of `text` exactly, from its first two characters' literals; or null. */
export function wholeFormat(text: string, start: number, end: number): string | null {
  const a = text.charCodeAt(start);
  const b = text.charCodeAt(start + 1);
  if (a >= 128 || b >= 128 || end - start < 8) return null;
  const entries = STARTS[a * 128 + b];
  if (entries === undefined) return null;
  for (const entry of entries) {
    if (entry.format === undefined || !text.startsWith(entry.literal, start)) continue;
    const span = matchPrefixed(text, start, entry.literal, entry.format);
    if (span !== null && span[0] === start && span[1] === end) return entry.kind;
  }
  return null;
}
