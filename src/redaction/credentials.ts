/** The credentials of one text: its one scan (through the decoded view when it holds written forms), mapped back to written spans and merged. */
import { writtenFindings } from './findings.ts';
import type { Finding } from './kind-record.ts';
import { withoutPublicNoted } from './public-notes.ts';
import { beginScan, continueScan, scanText } from './scan.ts';
import type { Scan, TextScan } from './scan.ts';

/** Texts shorter than this hold no credential. */
const SHORTEST = 8;

/** The credentials of `text`: non-overlapping written spans, sorted, each with its kind. */
export function findCredentials(text: string): Finding[] {
  if (text.length < SHORTEST) return [];
  const { view, found } = scanText(text);
  return withoutPublicNoted(text, writtenFindings(text, view, found));
}

/** How a paced scan shares the event loop: characters left before the next turn, and the turn (which resets `room`). */
export interface Pace {
  room: number;
  turn: () => Promise<void>;
}

/**
 * {@link findCredentials}, scanning at most `pace.room` characters between two turns: the
 * findings at once when the text fits in the room left (no promise per short text), else a
 * promise of the same findings.
 */
export function findCredentialsPaced(text: string, pace: Pace): Finding[] | Promise<Finding[]> {
  if (text.length < SHORTEST) return [];
  const scan = beginScan(text);
  const found = continueScan(scan, pace.room);
  if (found === null) return scanInTurns(text, scan, pace);
  pace.room -= text.length;
  return withoutPublicNoted(text, writtenFindings(text, found.view, found.found));
}

async function scanInTurns(text: string, scan: TextScan, pace: Pace): Promise<Finding[]> {
  let found: Scan | null = null;
  let from = 0;
  while (found === null) {
    await pace.turn();
    from = scan.next;
    found = continueScan(scan, pace.room);
  }
  pace.room -= text.length - from;
  return withoutPublicNoted(text, writtenFindings(text, found.view, found.found));
}
