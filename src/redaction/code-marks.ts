/** Per character code, the pass that last saw it: a fresh mark per pass clears every code at once, with no reset and no allocation. */

/** A table of marks, one per UTF-16 code unit, and the mark of the current pass. */
export class CodeMarks {
  readonly marks = new Uint32Array(65_536);
  private mark = 0;

  /** A mark no code holds yet, for a new pass. */
  next(): number {
    if (this.mark === 0xffffffff) {
      this.marks.fill(0);
      this.mark = 0;
    }
    return ++this.mark;
  }
}
