/** Written forms: a decoded view of a text (JSON escapes, doubly escaped too, URL-encoding, zero-width characters removed), with the map from every view offset back to the written span. */

import { endianness } from 'node:os';

/** Levels of escaping undone (a JSON string inside a JSON string inside a tool result). */
const MAX_LEVELS = 3;

/**
 * One level of decoding: per stretch of the view, three numbers: where it starts in the view and in the source,
 * and its source length (-1 marks a stretch copied as is, the same length on both sides); grown by doubling.
 */
class Level {
  text = '';
  stretches = new Int32Array(48);
  count = 0;

  add(view: number, source: number, length: number): void {
    const at = this.count * 3;
    if (at + 3 > this.stretches.length) {
      const grown = new Int32Array(this.stretches.length * 2);
      grown.set(this.stretches);
      this.stretches = grown;
    }
    this.stretches[at] = view;
    this.stretches[at + 1] = source;
    this.stretches[at + 2] = length;
    this.count++;
  }
}

/** The value of a hex digit, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Whether `code` may start a written form. */
export function isSignal(code: number): boolean {
  return code === 92 || code === 37 || (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff;
}

/** The code units JSON's one-letter escapes stand for, by the letter's code; 0 for none. */
const ESCAPED = new Uint16Array(128);
for (const [letter, value] of Object.entries({ n: 10, r: 13, t: 9, b: 8, f: 12, '"': 34, "'": 39, '\\': 92, '/': 47 }))
  ESCAPED[letter.charCodeAt(0)] = value;

/**
 * The written form that starts at `at` (whose code unit is a signal): its length, and in {@link formValue} the code
 * unit it decodes to (-1 for none: a zero-width character). 0 when none starts there. The forms: JSON escapes
 * (`\\uXXXX`, `\\n`, `\\"`…), URL-encoded printable ASCII (`%20` to `%7E`), and zero-width characters.
 */
function formAt(text: string, at: number, code: number): number {
  if (code === 92) {
    const next = text.charCodeAt(at + 1);
    if (next === 117) {
      let value = 0;
      for (let k = at + 2; k < at + 6; k++) {
        const digit = hexValue(text.charCodeAt(k));
        if (digit < 0) return 0;
        value = value * 16 + digit;
      }
      formValue = value;
      return 6;
    }
    formValue = next < 128 ? (ESCAPED[next] ?? 0) : 0;
    return formValue === 0 ? 0 : 2;
  }
  if (code === 37) {
    const high = text.charCodeAt(at + 1) - 48;
    const low = hexValue(text.charCodeAt(at + 2));
    if (high < 2 || high > 7 || low < 0 || (high === 7 && low === 15)) return 0;
    formValue = high * 16 + low;
    return 3;
  }
  if (!isSignal(code)) return 0;
  formValue = -1;
  return 1;
}
/** What the last form {@link formAt} found decodes to. */
let formValue = 0;

/** Whether code units written to a `Uint16Array` lie in memory as UTF-16LE, the order `Buffer` decodes. */
const LITTLE_ENDIAN = endianness() === 'LE';

/** The least a step decodes, so that every step moves on. */
const MIN_STRETCH = 1024;
/** The longest written form: `\\u` and four hex digits; a step may end inside one, and reads it whole. */
const LONGEST_FORM = 6;

/** The code units of the stretch being decoded, reused from one stretch to the next. */
let stretchUnits = new Uint16Array(0);

/**
 * One level of decoding, done a stretch at a time, each code unit written once: into one byte each while all
 * fit one (so the decoded text is one byte per character, as a native replace would build it), else two.
 */
class LevelDecoder {
  readonly level = new Level();
  /** Where the next stretch starts. */
  at = 0;
  /** Whether the decoded text so far holds a character that may start a written form. */
  signals = false;
  /** The decoded text's code units so far, {@link length} of them; allocated at the first step. */
  private narrow: Buffer | null = null;
  private wide: Uint16Array | null = null;
  private length = 0;
  private copied = 0;
  private view = 0;

  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** Appends `count` code units of {@link stretchUnits}, widening the decoded text once one needs two bytes. */
  private keep(count: number, bits: number): void {
    const units = stretchUnits.subarray(0, count);
    // Every form is longer than what it decodes to, so the decoded text is never longer than the source.
    if (this.wide === null && bits > 0xff) {
      this.wide = new Uint16Array(this.text.length);
      if (this.narrow !== null) this.wide.set(this.narrow.subarray(0, this.length));
      this.narrow = null;
    }
    if (this.wide !== null) this.wide.set(units, this.length);
    else (this.narrow ??= Buffer.allocUnsafe(this.text.length)).set(units, this.length);
    this.length += count;
  }

  /** Decodes about `budget` more characters; true once the whole text is decoded. */
  step(budget: number): boolean {
    const { text, level } = this;
    const from = this.at;
    const to = Math.min(text.length, from + Math.max(budget, MIN_STRETCH));
    if (stretchUnits.length < to - from + LONGEST_FORM) stretchUnits = new Uint16Array(to - from + LONGEST_FORM);
    const units = stretchUnits;
    let written = 0;
    // Every code unit written, ORed: past 0xff when one of them is.
    let bits = 0;
    let { copied, view, signals } = this;
    let at = from;
    while (at < to) {
      const code = text.charCodeAt(at);
      const length = code === 92 || code === 37 || code >= 0x200b ? formAt(text, at, code) : -1;
      if (length < 0) {
        bits |= code;
        units[written++] = code;
        at++;
        continue;
      }
      if (length === 0) {
        signals ||= code === 92 || code === 37;
        bits |= code;
        units[written++] = code;
        at++;
        continue;
      }
      if (at > copied) {
        level.add(view, copied, -1);
        view += at - copied;
      }
      if (formValue >= 0) {
        level.add(view, at, length);
        view += 1;
        signals ||= isSignal(formValue);
        bits |= formValue;
        units[written++] = formValue;
      }
      copied = at + length;
      at = copied;
    }
    this.keep(written, bits);
    this.copied = copied;
    this.view = view;
    this.signals = signals;
    this.at = at;
    return at >= text.length;
  }

  /** The decoded level, or null when nothing was decoded (every form is longer than what it decodes to, so the same length means none). */
  finish(): Level | null {
    const { level, length, wide, narrow } = this;
    if (length === this.text.length) return null;
    if (wide === null) level.text = narrow?.toString('latin1', 0, length) ?? '';
    else {
      const bytes = Buffer.from(wide.buffer, 0, length * 2);
      level.text = (LITTLE_ENDIAN ? bytes : Buffer.from(bytes).swap16()).toString('utf16le');
    }
    this.narrow = this.wide = null;
    level.add(this.view, this.copied, -1);
    return level;
  }
}

/** The index of the last stretch of `level` that starts at or before view offset `at`. */
function segmentOf(level: Level, at: number): number {
  const { stretches } = level;
  let lo = 0;
  let hi = level.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((stretches[mid * 3] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo * 3;
}

/** The source span of the view span [start, end) at one level. */
function toSource(level: Level, start: number, end: number): [number, number] {
  const { stretches } = level;
  const first = segmentOf(level, start);
  const firstStart = stretches[first + 1] ?? 0;
  const from = (stretches[first + 2] ?? 0) < 0 ? firstStart + start - (stretches[first] ?? 0) : firstStart;
  const last = segmentOf(level, end - 1);
  const length = stretches[last + 2] ?? 0;
  const lastStart = stretches[last + 1] ?? 0;
  const to = length < 0 ? lastStart + end - (stretches[last] ?? 0) : lastStart + length;
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
