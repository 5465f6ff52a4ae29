/** The credentials of one text: its one scan (through the decoded view when it holds written forms), mapped back to written spans and merged. */
import { writtenFindings } from './findings.ts';
import type { Finding } from './record.ts';
import { scanText } from './scan.ts';

/** The credentials of `text`: non-overlapping written spans, sorted, each with its kind. */
export function findCredentials(text: string): Finding[] {
  if (text.length < 8) return [];
  const { view, found } = scanText(text);
  return writtenFindings(text, view, found);
}
