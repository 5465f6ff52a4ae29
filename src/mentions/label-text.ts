/** Labels and titles are untrusted text: one cleaning — redacted, one line, no bidi controls, no framing tag, at most 120 code points — for every place a label goes. */
import { CONTROL_CHARACTERS } from '../errors.ts';
import { findCredentials } from '../redaction/credentials.ts';
import { applyFindings } from '../redaction/findings.ts';
import { splitsPair } from '../utf16.ts';

/** The most code points a cleaned label holds, its `…` included. */
export const MAX_LABEL_CODE_POINTS = 120;

/**
 * How much of a label is scanned, in UTF-16 units: far past the kept code points, so that a
 * credential that starts among them and runs on (a PEM block, a JWT) is scanned whole and
 * redacted whole before the cut, while a megabyte title costs a bounded scan.
 */
export const LABEL_WINDOW_UNITS = 16_384;

const ELLIPSIS = '…';

/** The framing tag's name, which no label may open or close. */
const TAG_NAME = 'referenced-sessions';
/** What stands in for a `<` that would start the framing tag: a full-width less-than sign. */
const SAFE_LESS_THAN = '\uff1c';

/** Redaction passes at most, after the first, until the cut label is stable; one is enough in practice. */
const MAX_SETTLE_PASSES = 4;

/** Options of {@link cleanLabel}. */
export interface CleanLabelOptions {
  /** Replace credentials by `[REDACTED <kind>]`, as message texts are (the `redactSecrets` setting). */
  readonly redact: boolean;
}

/**
 * The part of `text` a label is made from: all of it when it is short, else its first
 * {@link LABEL_WINDOW_UNITS} units (a surrogate pair is never split) followed by `…`, so that
 * the label still shows it was cut whatever redaction makes of the window.
 */
export function labelWindow(text: string): string {
  if (text.length <= LABEL_WINDOW_UNITS) return text;
  return text.slice(0, splitsPair(text, LABEL_WINDOW_UNITS) ? LABEL_WINDOW_UNITS - 1 : LABEL_WINDOW_UNITS) + ELLIPSIS;
}

/** Units taken by the code point at `at`: 2 for a surrogate pair, else 1. */
function unitsAt(text: string, at: number): number {
  return splitsPair(text, at + 1) ? 2 : 1;
}

/** `text` cut to {@link MAX_LABEL_CODE_POINTS} code points, the last being `…` when it was cut. */
function cut(text: string): string {
  if (text.length <= MAX_LABEL_CODE_POINTS) return text;
  let kept = 0;
  for (let points = 0; points < MAX_LABEL_CODE_POINTS - 1 && kept < text.length; points++) kept += unitsAt(text, kept);
  if (kept >= text.length || kept + unitsAt(text, kept) >= text.length) return text;
  return text.slice(0, kept) + ELLIPSIS;
}

function redacted(text: string): string {
  return applyFindings(text, findCredentials(text));
}

/**
 * `text` with every `<` that could open or close the framing tag replaced by a full-width `＜`:
 * one followed, case-insensitively and after an optional `/`, by the tag's name, or by a start of
 * it that runs to the end of the label (text written after the label could complete it).
 */
function withoutFramingTags(text: string): string {
  if (!text.includes('<')) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    let name = at + 1;
    if (text[name] === '/') name++;
    const rest = text.slice(name, name + TAG_NAME.length).toLowerCase();
    const opens = rest === TAG_NAME || (name + rest.length === text.length && TAG_NAME.startsWith(rest));
    if (!opens) continue;
    out += text.slice(from, at) + SAFE_LESS_THAN;
    from = at + 1;
  }
  return out + text.slice(from);
}

/**
 * A title or label made safe to show and to send: redacted when `redact` is on (the whole scan
 * window first, so a credential crossing the cut is gone whole), its control characters, line
 * breaks and bidirectional controls replaced by spaces, cut to at most
 * {@link MAX_LABEL_CODE_POINTS} code points ending in `…`, and every `<` that could open or close
 * the framing tag replaced by `＜`. Idempotent; the work is bounded by the window, whatever the
 * length of `text`.
 */
export function cleanLabel(text: string, options: CleanLabelOptions): string {
  const window = labelWindow(text);
  let label = cut((options.redact ? redacted(window) : window).replace(CONTROL_CHARACTERS, ' '));
  for (let pass = 0; options.redact && pass < MAX_SETTLE_PASSES; pass++) {
    const again = redacted(label);
    if (again === label) break;
    label = cut(again.replace(CONTROL_CHARACTERS, ' '));
  }
  return withoutFramingTags(label);
}

/**
 * A title as the index stores it: a known title cleaned by {@link cleanLabel}; `null` (it has none)
 * and `undefined` (not known) as they are.
 */
export function cleanTitle<T extends string | null | undefined>(title: T, redact: boolean): T {
  return (typeof title === 'string' ? cleanLabel(title, { redact }) : title) as T;
}
