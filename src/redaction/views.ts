/** Written forms: a decoded view of a text (JSON escapes, doubly escaped too, URL-encoding, zero-width characters removed), with the map from every view offset back to the written span. */

/** Characters that may start a written form. */
const SIGNAL_RE = /[\\%\u200B-\u200D\u2060\uFEFF]/g;
/** Levels of escaping undone (a JSON string inside a JSON string inside a tool result). */
const MAX_LEVELS = 3;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
};

/**
 * One level of decoding: per stretch of the view, where it starts in the view and in the source,
 * and its source length (-1 marks a stretch copied as is, the same length on both sides).
 */
interface Level {
  text: string;
  viewStarts: number[];
  sourceStarts: number[];
  sourceLengths: number[];
}

/** What a written form matched by {@link FORM_RE} decodes to: one character, or none (a zero-width character). */
function decodeForm(form: string): string {
  if (form.startsWith('\\u')) return String.fromCharCode(parseInt(form.slice(2), 16));
  if (form.startsWith('\\')) return SIMPLE_ESCAPES[form.charAt(1)] ?? '';
  if (form.startsWith('%')) return String.fromCharCode(parseInt(form.slice(1), 16));
  return '';
}

/** Every written form undone: JSON escapes, URL-encoded printable ASCII, zero-width characters; the native replace builds the decoded text. */
const FORM_RE = /\\(?:u[0-9A-Fa-f]{4}|[nrtbf"'\\/])|%(?:[2-6][0-9A-Fa-f]|7[0-9A-Ea-e])|[\u200B-\u200D\u2060\uFEFF]/g;

function decodeLevel(text: string): Level | null {
  const level: Level = { text: '', viewStarts: [], sourceStarts: [], sourceLengths: [] };
  let copied = 0;
  let view = 0;
  const decoded = text.replace(FORM_RE, (form: string, at: number) => {
    if (at > copied) {
      level.viewStarts.push(view);
      level.sourceStarts.push(copied);
      level.sourceLengths.push(-1);
      view += at - copied;
    }
    const value = decodeForm(form);
    if (value.length > 0) {
      level.viewStarts.push(view);
      level.sourceStarts.push(at);
      level.sourceLengths.push(form.length);
      view += 1;
    }
    copied = at + form.length;
    return value;
  });
  // Every form is longer than what it decodes to: the same length means nothing was decoded.
  if (decoded.length === text.length) return null;
  level.viewStarts.push(view);
  level.sourceStarts.push(copied);
  level.sourceLengths.push(-1);
  level.text = decoded;
  return level;
}

function segmentOf(level: Level, at: number): number {
  let lo = 0;
  let hi = level.viewStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((level.viewStarts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The source span of the view span [start, end) at one level. */
function toSource(level: Level, start: number, end: number): [number, number] {
  const first = segmentOf(level, start);
  const firstStart = level.sourceStarts[first] ?? 0;
  const from = (level.sourceLengths[first] ?? 0) < 0 ? firstStart + start - (level.viewStarts[first] ?? 0) : firstStart;
  const last = segmentOf(level, end - 1);
  const length = level.sourceLengths[last] ?? 0;
  const lastStart = level.sourceStarts[last] ?? 0;
  const to = length < 0 ? lastStart + end - (level.viewStarts[last] ?? 0) : lastStart + length;
  return [from, to];
}

/** A text as the detector reads it, and the way back to the written offsets. */
export interface View {
  text: string;
  /** The written span of the view span [start, end). */
  source: (start: number, end: number) => [number, number];
}

const IDENTITY = (start: number, end: number): [number, number] => [start, end];

/** `text` read as written. */
export function plainView(text: string): View {
  return { text, source: IDENTITY };
}

/** Whether `code` may start a written form. */
export function isSignal(code: number): boolean {
  return code === 92 || code === 37 || (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff;
}

/** The decoded view of `text` (the text itself when it has no written form to undo). */
export function viewOf(text: string): View {
  const levels: Level[] = [];
  let current = text;
  for (let k = 0; k < MAX_LEVELS; k++) {
    const level = decodeLevel(current);
    if (level === null) break;
    levels.push(level);
    current = level.text;
    SIGNAL_RE.lastIndex = 0;
    if (!SIGNAL_RE.test(current)) break;
  }
  if (levels.length === 0) return plainView(text);
  const innermostFirst = levels.toReversed();
  return {
    text: current,
    source: (start, end) => {
      let span: [number, number] = [start, end];
      for (const level of innermostFirst) span = toSource(level, span[0], span[1]);
      return span;
    },
  };
}
