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

/** The longest written form ({@link FORM_RE}): `\\u` and four hex digits. */
const LONGEST_FORM = 6;
/** The least a step decodes, so that every step moves on. */
const MIN_STRETCH = 1024;
/** How far past its aim a cut looks for a stretch free of `\\` and `%`. */
const CUT_SEARCH = 4096;

/**
 * A cut at or after `aim` that no written form crosses and that leaves the decoding of both
 * sides as one pass would: the characters before it hold no `\\` or `%` for the length of the
 * longest form. The end of the text when none is near.
 */
function safeCut(text: string, aim: number): number {
  if (aim >= text.length) return text.length;
  let clean = 0;
  const stop = Math.min(text.length, aim + CUT_SEARCH);
  for (let at = Math.max(0, aim - LONGEST_FORM); at < stop; at++) {
    const code = text.charCodeAt(at);
    clean = code === 92 || code === 37 ? 0 : clean + 1;
    if (clean >= LONGEST_FORM && at + 1 >= aim) return at + 1;
  }
  return text.length;
}

/** One level of decoding, done a stretch at a time; the native replace builds each stretch. */
class LevelDecoder {
  readonly level: Level = { text: '', viewStarts: [], sourceStarts: [], sourceLengths: [] };
  /** Where the next stretch starts. */
  at = 0;
  /** Whether the decoded text so far holds a character that may start a written form. */
  signals = false;
  private readonly parts: string[] = [];
  private copied = 0;
  private view = 0;

  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** Decodes about `budget` more characters; true once the whole text is decoded. */
  step(budget: number): boolean {
    const { text, level } = this;
    const from = this.at;
    const to = safeCut(text, from + Math.max(budget, MIN_STRETCH));
    const stretch = from === 0 && to === text.length ? text : text.slice(from, to);
    const decoded = stretch.replace(FORM_RE, (form: string, offset: number) => {
      const at = from + offset;
      if (at > this.copied) {
        level.viewStarts.push(this.view);
        level.sourceStarts.push(this.copied);
        level.sourceLengths.push(-1);
        this.view += at - this.copied;
      }
      const value = decodeForm(form);
      if (value.length > 0) {
        level.viewStarts.push(this.view);
        level.sourceStarts.push(at);
        level.sourceLengths.push(form.length);
        this.view += 1;
      }
      this.copied = at + form.length;
      return value;
    });
    this.parts.push(decoded);
    SIGNAL_RE.lastIndex = 0;
    this.signals ||= SIGNAL_RE.test(decoded);
    this.at = to;
    return to === text.length;
  }

  /** The decoded level, or null when nothing was decoded (every form is longer than what it decodes to, so the same length means none). */
  finish(): Level | null {
    const { level } = this;
    const decoded = this.parts.length === 1 ? (this.parts[0] ?? '') : this.parts.join('');
    if (decoded.length === this.text.length) return null;
    level.viewStarts.push(this.view);
    level.sourceStarts.push(this.copied);
    level.sourceLengths.push(-1);
    level.text = decoded;
    return level;
  }
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

/** The decoded view of a text, built a stretch at a time so that a giant text need not be decoded in one go. */
export class ViewBuilder {
  private readonly levels: Level[] = [];
  private readonly text: string;
  private decoder: LevelDecoder;

  constructor(text: string) {
    this.text = text;
    this.decoder = new LevelDecoder(text);
  }

  /** Decodes about `budget` more characters; the view once done (the text itself when it has no written form to undo), else null. */
  step(budget: number): View | null {
    let left = budget;
    for (;;) {
      const from = this.decoder.at;
      const done = this.decoder.step(left);
      left -= this.decoder.at - from;
      if (!done) return null;
      const level = this.decoder.finish();
      if (level === null) break;
      this.levels.push(level);
      if (this.levels.length === MAX_LEVELS || !this.decoder.signals) break;
      this.decoder = new LevelDecoder(level.text);
      if (left <= 0) return null;
    }
    return this.view();
  }

  private view(): View {
    const { levels } = this;
    const innermost = levels.at(-1);
    if (innermost === undefined) return plainView(this.text);
    const innermostFirst = levels.toReversed();
    return {
      text: innermost.text,
      source: (start, end) => {
        let span: [number, number] = [start, end];
        for (const level of innermostFirst) span = toSource(level, span[0], span[1]);
        return span;
      },
    };
  }
}
