/** Key files written as base64 lines under a header line of their own: `borg key export` (`BORG_KEY <repository id>`) and Tarsnap's key file. */
import { chars } from './chars.ts';
import type { ScanState } from './classify.ts';
import { push } from './classify.ts';
import { RANK_FORMAT } from './kind-record.ts';

/** The header line that ends just before a key's first line. */
const HEADER_RE = /(?:^|\n)(?:BORG_KEY [0-9a-f]{64}|# START OF TARSNAP KEY FILE)\r?\n$/;
const BASE64 = chars('A-Za-z0-9+/=');
/** The shortest first line of a key's body. */
const MIN_LINE = 16;
/** The most a key's body is read over. */
const MAX_KEY = 65_536;

/** A token at a line's start: when a key file's header ends just before it, the key's body (its base64 lines, read forwards) is one secret. */
export function keyFileLine(text: string, start: number, state: ScanState): void {
  // The header's line ends just before `start` (after `\n` or `\r\n`): its first characters are looked for at its two possible starts.
  const crlf = text.charCodeAt(start - 2) === 13 ? 1 : 0;
  if (!text.startsWith('BORG_KEY ', start - 74 - crlf) && !text.startsWith('# START OF TARSNAP', start - 28 - crlf)) return;
  let end = BASE64.runEnd(text, start, start + 1024);
  if (end - start < MIN_LINE || !lineEndsAt(text, end) || !HEADER_RE.test(text.slice(Math.max(0, start - 128), start))) return;
  for (;;) {
    const next = end + (text.charCodeAt(end) === 13 ? 2 : 1);
    const lineEnd = BASE64.runEnd(text, next, next + 1024);
    if (lineEnd === next || !lineEndsAt(text, lineEnd) || lineEnd - start > MAX_KEY) break;
    end = lineEnd;
  }
  push(state, start, end, 'private-key', RANK_FORMAT);
}

/** Whether a line ends at `at` (a line break, or the end of the text). */
function lineEndsAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return at >= text.length || code === 10 || code === 13;
}
