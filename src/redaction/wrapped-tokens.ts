/** Tokens a line wrap cut: a terminal's wrap of a long line, a `\n` inside a JSON string that the decoded view turns into a line break, or a quoted-printable mail's soft break (`=` at a line's end). */
import { chars } from './chars.ts';
import { matchPrefixed } from './match.ts';
import { textMark } from './text-marks.ts';
import { sequenceShare } from './randomness.ts';
import type { Format } from './kind-record.ts';

/** Characters a token cut by a line break is joined over. */
const JOINABLE = chars('A-Za-z0-9_-');
/** The shortest piece on either side of a line break that is joined: a cut never leaves less. */
const MIN_PIECE = 4;
/** The shortest line a wrap cuts: terminals and editors wrap at 20 columns or more. */
const MIN_WRAP = 20;

/**
 * A token cut by one line break (a terminal wrap, or a `\n` inside a JSON string, which the
 * decoded view turns into one): the run at `at`, joined with the next line's first run, when the
 * two together match the format and the first alone did not. A wrap cuts a long line, the token
 * starts a word, and the next line's run belongs to it whole; the span covers both halves.
 */
export function tryJoined(text: string, at: number, literal: string, format: Format): [number, number] | null {
  if (at > 0 && JOINABLE.has(text.charCodeAt(at - 1))) return null;
  const cut = JOINABLE.runEnd(text, at, at + 512);
  let next = cut;
  if (text.charCodeAt(next) === 13) next++;
  if (text.charCodeAt(next) !== 10) return null;
  next++;
  const tail = JOINABLE.runEnd(text, next, next + 512);
  if (cut - at < literal.length + MIN_PIECE || tail - next < MIN_PIECE) return null;
  // The next line starting with a word (`line 3`) is prose, not the rest of a token.
  if (/^[a-z]+$/.test(text.slice(next, tail))) return null;
  if (cut < MIN_WRAP || text.slice(cut - MIN_WRAP, at).includes('\n')) return null;
  const from = Math.max(0, at - 1);
  const joined = text.slice(from, cut) + text.slice(next, Math.min(text.length, tail + 1));
  const span = matchPrefixed(joined, at - from, literal, format);
  const tailEnd = cut - from + tail - next;
  if (span === null || span[1] !== tailEnd || sequenceShare(joined.slice(at - from + literal.length, tailEnd)) >= 0.4) return null;
  return [at, tail];
}

/** Whether a text declares a quoted-printable body (`Content-Transfer-Encoding: quoted-printable`). */
const quotedPrintable = textMark(/quoted-printable/i);

/** The most soft breaks one token is joined over. */
const MAX_SOFT_BREAKS = 8;

/**
 * Where a token that the format matched at `at` up to `end` really ends in a quoted-printable mail, whose soft breaks
 * (`=` and a line break) cut long lines anywhere: past each break after which the format, read over the joined
 * pieces, goes on. `end` itself when no break follows the token or the text is no such mail.
 */
export function softBreakEnd(text: string, at: number, literal: string, format: Format, end: number): number {
  const newline = text.charCodeAt(end + 1) === 13 ? end + 2 : end + 1;
  if (text.charCodeAt(newline) !== 10 || !quotedPrintable(text)) return end;
  let last = end;
  let joined = text.slice(at, end);
  for (let breaks = 0; breaks < MAX_SOFT_BREAKS && text.charCodeAt(last) === 61; breaks++) {
    let next = last + 1;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) !== 10 || !quotedPrintable(text)) return last;
    next++;
    const lineEnd = Math.min(text.length, next + 512);
    const piece = text.slice(next, lineEnd);
    const span = matchPrefixed(joined + piece, 0, literal, format);
    if (span === null || span[1] <= joined.length) return last;
    last = next + span[1] - joined.length;
    joined += piece.slice(0, span[1] - joined.length);
  }
  return last;
}
