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

function hexValue(text: string, at: number, digits: number): number {
  let value = 0;
  for (let k = 0; k < digits; k++) {
    const code = text.charCodeAt(at + k);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 70 ? code - 55 : code >= 97 && code <= 102 ? code - 87 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * One level of decoding. `segments` holds, per stretch of the view, `[viewStart, sourceStart,
 * sourceLength]`; `sourceLength` -1 marks a stretch copied as is (same length both sides).
 */
interface Level {
  text: string;
  viewStarts: number[];
  sourceStarts: number[];
  sourceLengths: number[];
}

/** What one written form at `at` decodes to, and how many source characters it takes; null when it is not one. */
function decodeAt(text: string, at: number): [string, number] | null {
  const code = text.charCodeAt(at);
  if (code === 92) {
    const next = text[at + 1];
    if (next === undefined) return null;
    if (next === 'u') {
      const value = hexValue(text, at + 2, 4);
      return value < 0 ? null : [String.fromCharCode(value), 6];
    }
    const simple = SIMPLE_ESCAPES[next];
    return simple === undefined ? null : [simple, 2];
  }
  if (code === 37) {
    const value = hexValue(text, at + 1, 2);
    return value >= 0x20 && value <= 0x7e ? [String.fromCharCode(value), 3] : null;
  }
  return ['', 1];
}

function decodeLevel(text: string): Level | null {
  const parts: string[] = [];
  const level: Level = { text: '', viewStarts: [], sourceStarts: [], sourceLengths: [] };
  let copied = 0;
  let view = 0;
  let changed = false;
  SIGNAL_RE.lastIndex = 0;
  while (SIGNAL_RE.test(text)) {
    const at = SIGNAL_RE.lastIndex - 1;
    if (at < copied) continue;
    const decoded = decodeAt(text, at);
    if (decoded === null) continue;
    changed = true;
    if (at > copied) {
      parts.push(text.slice(copied, at));
      level.viewStarts.push(view);
      level.sourceStarts.push(copied);
      level.sourceLengths.push(-1);
      view += at - copied;
    }
    const [value, length] = decoded;
    if (value.length > 0) {
      parts.push(value);
      level.viewStarts.push(view);
      level.sourceStarts.push(at);
      level.sourceLengths.push(length);
      view += 1;
    }
    copied = at + length;
    SIGNAL_RE.lastIndex = copied;
  }
  if (!changed) return null;
  parts.push(text.slice(copied));
  level.viewStarts.push(view);
  level.sourceStarts.push(copied);
  level.sourceLengths.push(-1);
  level.text = parts.join('');
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
