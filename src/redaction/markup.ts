/** Credentials in markup: the text of an XML element named like a credential (`<password>…</password>`, Maven's `settings.xml`, .NET configs). */
import { classify } from './assignments.ts';
import type { ScanState } from './assignments.ts';
import { chars } from './chars.ts';

const TAG = chars('A-Za-z0-9_.:-');
const MAX_TEXT = 512;

/** The element text starting at `start` (just after a `>`), judged under the element's name when it is closed on the same line. */
export function elementText(text: string, start: number, state: ScanState): void {
  const close = start - 1;
  const nameStart = TAG.runStart(text, close, close - 64);
  if (nameStart === close || nameStart === 0 || text.charCodeAt(nameStart - 1) !== 60) return;
  const name = text.slice(nameStart, close);
  const end = text.slice(start, start + MAX_TEXT + 1).indexOf('<') + start;
  if (end < start || !text.startsWith(`</${name}>`, end)) return;
  if (text.slice(start, end).includes('\n')) return;
  classify(text, { start, end, quoted: true }, name, state);
}
