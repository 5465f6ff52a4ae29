/** ASCII character classes with a per-class run cache: the longest run of a class from a position, each character read at most once per class and text. */

/** Expands `a-z`-style ranges; a `-` first or last is literal. */
function expand(spec: string): number[] {
  const codes: number[] = [];
  for (let k = 0; k < spec.length; k++) {
    const from = spec.charCodeAt(k);
    if (spec[k + 1] === '-' && k + 2 < spec.length) {
      const to = spec.charCodeAt(k + 2);
      for (let c = from; c <= to; c++) codes.push(c);
      k += 2;
    } else {
      codes.push(from);
    }
  }
  return codes;
}

/**
 * A set of ASCII characters. `runEnd` answers "where does the run of this class that covers
 * `from` end" and remembers the answer, so candidates that share one long run (`xoxb-1-xoxb-1-…`)
 * cost one read of it in total, not one per candidate.
 */
export class Chars {
  readonly spec: string;
  private readonly table = new Uint8Array(128);
  private text: string | undefined;
  /** [start, end) is known to be inside one run; `closed`: `end` is its true end. */
  private start = 0;
  private end = 0;
  private closed = false;

  constructor(spec: string) {
    this.spec = spec;
    for (const code of expand(spec)) {
      if (code >= 128) throw new Error(`redaction: non-ASCII class ${spec}`);
      this.table[code] = 1;
    }
  }

  has(code: number): boolean {
    return code < 128 && this.table[code] === 1;
  }

  /** Every character of `value` is in the class. */
  all(value: string): boolean {
    for (let k = 0; k < value.length; k++) if (!this.has(value.charCodeAt(k))) return false;
    return true;
  }

  /** Every character of `text` in [from, to) is in the class, read through the run cache. */
  covers(text: string, from: number, to: number): boolean {
    return this.runEnd(text, from, to) >= to;
  }

  /**
   * The end of the run of this class starting at `from`, or `limit` when the run reaches it
   * (callers pass `from + max + 1` to learn "longer than max" without reading further).
   */
  runEnd(text: string, from: number, limit: number): number {
    const stop = Math.min(limit, text.length);
    if (from >= stop) return from;
    let at = from;
    if (text === this.text && from >= this.start && from < this.end) {
      if (this.closed || this.end >= stop) return Math.min(this.end, stop);
      at = this.end;
    } else {
      this.text = text;
      this.start = from;
      if (!this.has(text.charCodeAt(from))) {
        this.end = from;
        this.closed = true;
        return from;
      }
    }
    while (at < stop && this.has(text.charCodeAt(at))) at++;
    this.end = at;
    this.closed = at < stop || at >= text.length;
    return at;
  }

  /** The start of the run of this class that ends just before `to`, looking back no further than `limit` (no cache: back-reads are bounded by the caller). */
  runStart(text: string, to: number, limit: number): number {
    let at = to;
    const floor = Math.max(0, limit);
    while (at > floor && this.has(text.charCodeAt(at - 1))) at--;
    return at;
  }
}

/** Classes are shared by spec, so every record that reads `[A-Za-z0-9]` shares one run cache. */
const CLASSES = new Map<string, Chars>();

/** The shared class for `spec` (`A-Za-z0-9_-`, …). */
export function chars(spec: string): Chars {
  let found = CLASSES.get(spec);
  if (found === undefined) {
    found = new Chars(spec);
    CLASSES.set(spec, found);
  }
  return found;
}

/** Whether `code` is an ASCII letter. */
export function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Whether `code` is an ASCII digit. */
export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
