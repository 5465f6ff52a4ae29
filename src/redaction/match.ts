/** Matching a record's format at a position: literals and bounded greedy runs, forwards from a prefix or backwards from an infix, never backtracking into a run. */
import { chars } from './chars.ts';
import type { Format, Part } from './kind-record.ts';
import { isPlaceholderToken } from './placeholders.ts';

/** What may not sit just before a token: `hf_` in `rhf_x`, `xoxo` in `250-xoxo-x`, `ico-` in `box.ico-7a…`, `EZAK` in `…vfQ+EZAK…`. */
export const TOKEN_EDGE = chars('A-Za-z0-9_+/.-');
/** What may not follow a token. */
export const TOKEN_AFTER = chars('A-Za-z0-9');

/**
 * Whether `literal` sits at `at` in `text`, its first `known` characters already matched (the
 * tables bucket literals by them): compared by character code, cheaper than `startsWith` at an offset.
 */
export function literalAt(text: string, at: number, literal: string, known: number): boolean {
  if (at + literal.length > text.length) return false;
  for (let k = known; k < literal.length; k++) if (text.charCodeAt(at + k) !== literal.charCodeAt(k)) return false;
  return true;
}

/** End of `parts` matched forwards from `at`, or -1. */
export function matchForward(text: string, at: number, parts: readonly Part[]): number {
  let p = at;
  for (const part of parts) {
    if (typeof part === 'string') {
      if (!text.startsWith(part, p)) return -1;
      p += part.length;
    } else if ('optional' in part) {
      const end = matchForward(text, p, part.optional);
      if (end >= 0) p = end;
    } else {
      const end = part.chars.runEnd(text, p, p + part.max + 1);
      const length = end - p;
      if (length < part.min || length > part.max) return -1;
      p = end;
    }
  }
  return p;
}

/** Start of `parts` (nearest first) matched backwards from `at`, or -1. */
export function matchBackward(text: string, at: number, parts: readonly Part[]): number {
  let p = at;
  for (const part of parts) {
    if (typeof part === 'string') {
      if (p < part.length || !text.startsWith(part, p - part.length)) return -1;
      p -= part.length;
    } else if ('optional' in part) {
      const start = matchBackward(text, p, part.optional);
      if (start >= 0) p = start;
    } else {
      const start = part.chars.runStart(text, p, p - part.max - 1);
      const length = p - start;
      if (length < part.min || length > part.max) return -1;
      p = start;
    }
  }
  return p;
}

function edgeOk(text: string, start: number, format: Format): boolean {
  const edge = format.edge === undefined ? TOKEN_EDGE : format.edge;
  if (edge === null || start === 0 || !edge.has(text.charCodeAt(start - 1))) return true;
  // A token as a URL's user: `https://ghp_…@github.com`.
  return start >= 3 && text.startsWith('://', start - 3);
}

function afterOk(text: string, end: number, format: Format): boolean {
  const after = format.after === undefined ? TOKEN_AFTER : format.after;
  return after === null || end >= text.length || !after.has(text.charCodeAt(end));
}

/** The value passes the format's own check (over the whole value) and is no placeholder (judged on what follows the prefix). */
function accept(text: string, start: number, bodyStart: number, end: number, format: Format): boolean {
  if (!afterOk(text, end, format)) return false;
  if (format.check !== undefined && !format.check(text.slice(start, end))) return false;
  return format.allowRepeats === true || !isPlaceholderToken(text.slice(bodyStart, end));
}

/**
 * The span of `format` when its prefix `prefix` starts at `at` (the caller checked the literal),
 * including a lead such as `https://` right before it; or null.
 */
export function matchPrefixed(text: string, at: number, prefix: string, format: Format): [number, number] | null {
  let start = at;
  if (format.lead !== undefined) {
    for (const lead of format.lead) {
      if (at >= lead.length && text.startsWith(lead, at - lead.length)) {
        start = at - lead.length;
        break;
      }
    }
  }
  if (!edgeOk(text, start, format)) return null;
  const end = matchForward(text, at + prefix.length, format.body);
  if (end < 0 || !accept(text, at, at + prefix.length, end, format)) return null;
  return [start, dashedTail(text, end)];
}

/** Letters, digits, `_` and `-`: what a key's dash-joined tail is made of. */
const TAIL = chars('A-Za-z0-9_-');

/**
 * Where a token ends when a `-` and more key characters follow its format (`sk_live_<40>-<52>`): a longer key of the same
 * family, redacted whole so that no piece of it stays visible (4 KiB at most).
 */
function dashedTail(text: string, end: number): number {
  if (text.charCodeAt(end) !== 45 || !TOKEN_AFTER.has(text.charCodeAt(end + 1))) return end;
  return TAIL.runEnd(text, end, end + 4096);
}

/** The span of an infix `format` whose infix starts at `at` (the caller checked the literal), with a lead right before it; or null. The part after the infix is read first: it fails fastest. */
export function matchInfix(text: string, at: number, infix: string, format: Format): [number, number] | null {
  const end = matchForward(text, at + infix.length, format.body);
  if (end < 0) return null;
  const start = matchBackward(text, at, format.before ?? []);
  if (start < 0 || !edgeOk(text, start, format) || !accept(text, start, start, end, format)) return null;
  const lead = format.lead?.find((candidate) => text.startsWith(candidate, start - candidate.length));
  return [lead === undefined ? start : start - lead.length, end];
}
