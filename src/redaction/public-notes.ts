/** Values their author's comment calls public: `// publishable key, safe in the browser` beside or above the line that gives one. */
import type { Finding } from './kind-record.ts';

/** A comment that says the value beside it is public by design, unless a negation comes just before what it says. */
const PUBLIC_NOTE_RE =
  /(?:\/\/|#|\/\*|<!--)[^\n]{0,120}?(?<!\b(?:not|never|isn't|is not|aren't)\s{1,3})\b(?:safe (?:to (?:ship|expose|share|embed|commit)|(?:in|for) the (?:browser|client|frontend))|publishable key|public by design|(?:client|browser)[- ]side key|search-only|read-only, shipped)/i;

/** The text of the line holding `at`, and of the line before it, 256 characters each at most. */
function nearbyLines(text: string, at: number): string {
  let start = at;
  let breaks = 0;
  while (start > 0 && at - start < 512) {
    if (text.charCodeAt(start - 1) === 10 && ++breaks === 2) break;
    start--;
  }
  const newline = text.indexOf('\n', at);
  const end = newline < 0 || newline - at > 256 ? Math.min(text.length, at + 256) : newline;
  return text.slice(start, end);
}

/** `found` without the values a comment on their line, or the line above, calls public. */
export function withoutPublicNoted(text: string, found: Finding[]): Finding[] {
  if (found.length === 0) return found;
  return found.filter((finding) => !PUBLIC_NOTE_RE.test(nearbyLines(text, finding.start)));
}
