/** Values their author's comment calls public: `// publishable key, safe in the browser` beside or above the line that gives one. */
import type { Finding } from './kind-record.ts';

/** A comment that says the value beside it is public by design, unless a negation comes just before what it says. */
const PUBLIC_NOTE_RE =
  /(?:\/\/|#|\/\*|<!--)[^\n]{0,120}?(?<!\b(?:not|never|isn't|is not|aren't)\s{1,3})\b(?:safe (?:to (?:ship|expose|share|embed|commit)|(?:in|for) the (?:browser|client|frontend))|publishable key|public by design|(?:client|browser)[- ]side key|search-only|read-only, shipped)/i;
/** Where a comment may open: `//`, `/*`, `<!--`, or `#` at a line's start or after a blank. */
const MARKER_RE = /\/\/|\/\*|<!--|(?:^|[ \t])#/gm;

/** How far a line is read each way from a value; a longer line is no config line a comment annotates. */
const REACH = 256;

/** `found` (sorted, disjoint) without the values a comment on their line, or the line above, calls public. */
export function withoutPublicNoted(text: string, found: Finding[]): Finding[] {
  let kept: Finding[] | null = null;
  // The verdict holds for findings from `from` to `to`; the next comment marker at or after `markerFrom` is `marker`.
  let from = -1;
  let to = -1;
  let publicNoted = false;
  let marker = -2;
  let markerFrom = 0;
  for (let i = 0; i < found.length; i++) {
    const finding = found[i];
    if (finding === undefined) break;
    const at = finding.start;
    // No comment can open within the reach of the value's line or the line above: nothing to read (findings come in
    // order, so the marker search moves forwards, reading the text once).
    const floor = Math.max(0, at - 2 * REACH);
    if (marker === -2 || floor < markerFrom || (marker >= 0 && marker < floor)) {
      MARKER_RE.lastIndex = floor;
      marker = MARKER_RE.test(text) ? MARKER_RE.lastIndex - 1 : -1;
      markerFrom = floor;
    }
    if (marker < 0 || marker > at + REACH) publicNoted = false;
    else if (at < from || at >= to) {
      let start = at;
      while (start > 0 && at - start < REACH && text.charCodeAt(start - 1) !== 10) start--;
      let end = at;
      while (end < text.length && end - at < REACH && text.charCodeAt(end) !== 10) end++;
      publicNoted = false;
      if ((start > 0 && text.charCodeAt(start - 1) !== 10) || (end < text.length && text.charCodeAt(end) !== 10))
        [from, to] = [at, end + 1];
      else {
        let above = start > 0 ? start - 1 : 0;
        while (above > 0 && start - above < REACH && text.charCodeAt(above - 1) !== 10) above--;
        publicNoted = PUBLIC_NOTE_RE.test(text.slice(above, end));
        [from, to] = [start, end + 1];
      }
    }
    if (publicNoted) kept ??= found.slice(0, i);
    else kept?.push(finding);
  }
  return kept ?? found;
}
