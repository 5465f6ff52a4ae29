/** Turning raw findings into replacements: written spans, snapped to code points, sorted, overlaps merged into one value named by its surest finding. */
import { chars } from './chars.ts';
import { claimsFormat } from './dispatch.ts';
import type { Finding } from './kind-record.ts';
import type { View } from './decoded-view.ts';

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** A terminal's width: a value that ends a line of exactly this many columns goes on at the next line's start. */
const TERMINAL_COLUMNS = 80;
/** A file name's extension ending a run: `.ts`, `.md`, `.json`. */
const FILE_NAME_END_RE = /\.[A-Za-z]{1,4}$/;
/** What a wrapped value's rest is made of: a token's characters but `=` and `:` (a setting of its own starts there). */
const WRAPPED_REST = chars('A-Za-z0-9+/_.~!-');

/**
 * Where a value that ends at the newline `end` ends when a terminal wrapped it: while its line is exactly
 * {@link TERMINAL_COLUMNS} wide and the next starts with a run of its characters (base64's `=` padding after it), eight
 * or more with a digit, a capital, `+` or `/`, that ends the line, a quote or an `@`, the value takes that run; 16 lines at most.
 */
function wrappedEnd(text: string, end: number): number {
  let at = end;
  for (let lines = 0; lines < 16 && text.charCodeAt(at) === 10; lines++) {
    const lineStart = at - TERMINAL_COLUMNS;
    if (lineStart < 0 || (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10)) return at;
    for (let k = lineStart; k < at; k++) if (text.charCodeAt(k) === 10) return at;
    let run = at + 1;
    // A token of a format of its own starts a value of its own (one key per line).
    if (claimsFormat(text, true, run)) return at;
    // A word on the next line is no value's rest, nor an identifier (`user_name`): the run holds a digit, a capital, `+` or `/`.
    let random = false;
    for (; run < text.length && run <= at + TERMINAL_COLUMNS && WRAPPED_REST.has(text.charCodeAt(run)); run++) {
      const code = text.charCodeAt(run);
      random ||= code < 97 && code !== 95 && code !== 46 && code !== 45 && code !== 126 && code !== 33;
    }
    while (text.charCodeAt(run) === 61 && run < at + TERMINAL_COLUMNS + 3) run++;
    const stop = text.charCodeAt(run);
    if (run - at <= 8 || !random || !(run === text.length || stop === 10 || stop === 13 || stop === 34 || stop === 39 || stop === 64))
      return at;
    // A file's name on the next line (`src/index.ts`, `README.md`) is no value's rest.
    if (FILE_NAME_END_RE.test(text.slice(run - 5, run))) return at;
    at = run;
  }
  return at;
}

/** An HTML soft hyphen written as an entity: a browser breaks a long value there and shows none of it. */
const SOFT_HYPHEN_RE = /^&(?:shy|#173|#[xX][aA][dD]);/;

/** Where a value that ends at `end` ends when an HTML soft hyphen (`&shy;`) sits inside it: the run after it (256 characters at most) is its rest, 16 at most. */
function softHyphenEnd(text: string, end: number): number {
  let at = end;
  for (let k = 0; k < 16 && text.charCodeAt(at) === 38; k++) {
    const entity = SOFT_HYPHEN_RE.exec(text.slice(at, at + 8));
    if (entity === null) return at;
    let run = at + entity[0].length;
    while (run < text.length && run < at + 256 && WRAPPED_REST.has(text.charCodeAt(run))) run++;
    if (run - at - entity[0].length < 4) return at;
    at = run;
  }
  return at;
}

/** The deepest indent of a line a value's block may start after, read back. */
const MAX_INDENT = 64;

/**
 * Where a value that spans lines starts once the indent of its first line is counted in: a block (a PEM key in a YAML
 * literal, under a deep indent) is written with the same indent on every line, so eight blanks or more left beside
 * its marker would be a piece of it. A value on one line, or under a shallower indent, starts where it did.
 */
function indentedBlockStart(text: string, start: number, end: number): number {
  let lineStart = start;
  while (lineStart > 0 && lineStart > start - MAX_INDENT && text.charCodeAt(lineStart - 1) === 32) lineStart--;
  if (start - lineStart < 8 || (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10)) return start;
  const newline = text.indexOf('\n', start);
  return newline >= 0 && newline < end ? lineStart : start;
}

/** Whether `candidate` names a merged group better than the current namer of `rank` and `length`: surer, then longer. */
function namesBetter(candidate: Finding, rank: number, length: number): boolean {
  if (candidate.rank !== rank) return candidate.rank > rank;
  return candidate.end - candidate.start > length;
}

/** Whether `b` may follow `a` in the order spans are merged in: by start, the longer first. */
function inOrder(a: Finding, b: Finding): boolean {
  return a.start < b.start || (a.start === b.start && a.end >= b.end);
}

/**
 * The findings of a scan of `view`, as non-overlapping spans of the written text, sorted. A
 * value found twice (a format and an assignment) or in overlapping pieces counts once.
 */
export function writtenFindings(text: string, view: View, found: Finding[]): Finding[] {
  if (found.length === 0) return [];
  const plain = view.text === text;
  // The scan's findings are its own: each is moved to its written span in place.
  let sorted = true;
  let disjoint = true;
  let previous: Finding | undefined;
  let wrapFrom = -1;
  let wrapTo = -1;
  for (const finding of found) {
    if (!plain) [finding.start, finding.end] = view.source(finding.start, finding.end);
    const { start, end } = finding;
    if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) finding.start--;
    if (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) finding.end++;
    if (text.charCodeAt(start - 1) === 32) finding.start = indentedBlockStart(text, finding.start, finding.end);
    // A wrap already followed from an earlier value is not read again: the value is merged with it.
    if (text.charCodeAt(finding.end) === 10) {
      if (finding.end < wrapFrom || finding.end > wrapTo) {
        wrapFrom = finding.end;
        wrapTo = wrappedEnd(text, finding.end);
      }
      finding.end = wrapTo;
    } else if (text.charCodeAt(finding.end) === 38) finding.end = softHyphenEnd(text, finding.end);
    if (previous !== undefined) {
      if (!inOrder(previous, finding)) sorted = false;
      else if (finding.start < previous.end) disjoint = false;
    }
    previous = finding;
  }
  // Dense text mostly finds each value once, in order: nothing to merge.
  if (sorted && disjoint) return found;
  // The scan reads forwards, so its findings mostly come in order already.
  const spans = sorted ? found : found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Groups are merged in place: each group's first span becomes the merged value, named by its surest member.
  const merged: Finding[] = [];
  const [first] = spans;
  if (first === undefined) return merged;
  let group = first;
  let kind = group.kind;
  let rank = group.rank;
  let length = group.end - group.start;
  const close = (): void => {
    group.kind = kind;
    group.rank = rank;
    merged.push(group);
  };
  for (const span of spans) {
    if (span === first) continue;
    if (span.start < group.end) {
      if (namesBetter(span, rank, length)) {
        kind = span.kind;
        rank = span.rank;
        length = span.end - span.start;
      }
      group.end = Math.max(group.end, span.end);
    } else {
      close();
      group = span;
      kind = span.kind;
      rank = span.rank;
      length = span.end - span.start;
    }
  }
  close();
  return merged;
}

/** `[REDACTED <kind>]` per kind, built once: dense text replaces one kind thousands of times. */
const MARKS = new Map<string, string>();

function markOf(kind: string): string {
  let mark = MARKS.get(kind);
  if (mark === undefined) {
    mark = `[REDACTED ${kind}]`;
    MARKS.set(kind, mark);
  }
  return mark;
}

/**
 * `text` with each finding replaced by `[REDACTED <kind>]`; with `first` and `last`, the piece
 * that holds findings [first, last): from the end of the finding before to the end of finding
 * `last - 1` (to the text's end after the last finding), so that consecutive pieces concatenate
 * to the whole.
 */
export function applyFindings(text: string, findings: readonly Finding[], first = 0, last = findings.length): string {
  if (findings.length === 0) return text;
  // Concatenation builds a rope that V8 flattens once; an array of parts and a join cost twice as much on dense text.
  let out = '';
  let from = first === 0 ? 0 : (findings[first - 1]?.end ?? 0);
  for (let k = first; k < last; k++) {
    const finding = findings[k];
    if (finding === undefined) break;
    out += text.slice(from, finding.start) + markOf(finding.kind);
    from = finding.end;
  }
  return last >= findings.length ? out + text.slice(from) : out;
}
