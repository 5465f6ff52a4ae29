/** Values their author's comment calls public: `// publishable key, safe in the browser` beside or above the line that gives one. */
import type { Finding } from './kind-record.ts';

/** A comment that says the value beside it is public by design, unless a negation comes just before what it says. */
const PUBLIC_NOTE_RE =
  /(?:\/\/|#|\/\*|<!--)[^\n]{0,120}?(?<!\b(?:not|never|isn't|is not|aren't)\s{1,3})\b(?:safe (?:to (?:ship|expose|share|embed|commit)|(?:in|for) the (?:browser|client|frontend))|publishable key|public by design|(?:client|browser)[- ]side key|search-only|read-only, shipped)/i;

/** How far a line is read each way from a value; a longer line is no config line a comment annotates. */
const REACH = 256;

/** Whether `code` may open a comment (`/`, `#`, `<`). */
const opensComment = (code: number): boolean => code === 47 || code === 35 || code === 60;

/**
 * The verdict for the line holding `at`, and the span of positions it holds for: whether a comment on the line or the
 * line above calls its value public. A line longer than {@link REACH} each way holds no such comment.
 */
function lineVerdict(text: string, at: number): [from: number, to: number, publicNoted: boolean] {
  let marker = false;
  let start = at;
  while (start > 0 && at - start < REACH && text.charCodeAt(start - 1) !== 10) {
    start--;
    if (opensComment(text.charCodeAt(start))) marker = true;
  }
  let end = at;
  for (; end < text.length && end - at < REACH && text.charCodeAt(end) !== 10; end++) if (opensComment(text.charCodeAt(end))) marker = true;
  if ((start > 0 && text.charCodeAt(start - 1) !== 10) || (end < text.length && text.charCodeAt(end) !== 10)) return [at, end + 1, false];
  let above = start - 1;
  while (above > 0 && start - above < REACH && text.charCodeAt(above - 1) !== 10) {
    above--;
    if (opensComment(text.charCodeAt(above))) marker = true;
  }
  return [start, end + 1, marker && PUBLIC_NOTE_RE.test(text.slice(Math.max(0, above), end))];
}

/** `found` (sorted, disjoint) without the values a comment on their line, or the line above, calls public. */
export function withoutPublicNoted(text: string, found: Finding[]): Finding[] {
  let kept: Finding[] | null = null;
  let from = -1;
  let to = -1;
  let publicNoted = false;
  for (let i = 0; i < found.length; i++) {
    const finding = found[i];
    if (finding === undefined) break;
    if (finding.start < from || finding.start >= to) [from, to, publicNoted] = lineVerdict(text, finding.start);
    if (publicNoted) kept ??= found.slice(0, i);
    else kept?.push(finding);
  }
  return kept ?? found;
}
