/** Turning raw findings into replacements: written spans, snapped to code points, sorted, overlaps merged into one value named by its surest finding. */
import type { Finding } from './record.ts';
import type { View } from './views.ts';

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Whether `candidate` names a merged group better than `current`: surer, then longer. */
function namesBetter(candidate: Finding, current: Finding): boolean {
  if (candidate.rank !== current.rank) return candidate.rank > current.rank;
  return candidate.end - candidate.start > current.end - current.start;
}

/**
 * The findings of a scan of `view`, as non-overlapping spans of the written text, sorted. A
 * value found twice (a format and an assignment) or in overlapping pieces counts once.
 */
export function writtenFindings(text: string, view: View, found: readonly Finding[]): Finding[] {
  if (found.length === 0) return [];
  const plain = view.text === text;
  const spans = found.map((finding): Finding => {
    let [start, end] = plain ? [finding.start, finding.end] : view.source(finding.start, finding.end);
    if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start--;
    if (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end++;
    return { start, end, kind: finding.kind, rank: finding.rank };
  });
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Finding[] = [];
  let group = { ...spans[0]! };
  let namer = spans[0]!;
  for (let k = 1; k < spans.length; k++) {
    const span = spans[k]!;
    if (span.start < group.end) {
      group.end = Math.max(group.end, span.end);
      if (namesBetter(span, namer)) namer = span;
    } else {
      merged.push({ ...group, kind: namer.kind, rank: namer.rank });
      group = { ...span };
      namer = span;
    }
  }
  merged.push({ ...group, kind: namer.kind, rank: namer.rank });
  return merged;
}

/** `text` with each finding replaced by `[REDACTED <kind>]`. */
export function applyFindings(text: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const finding of findings) {
    parts.push(text.slice(from, finding.start), `[REDACTED ${finding.kind}]`);
    from = finding.end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
