/** Reading around an assignment operator: the name before it (quoted, subscripted, typed or a C# property) and the value after it (quoted, unbalanced, or a run), and the shapes that make a value code rather than a literal. */
import { chars } from './chars.ts';
import { hintsCredential, nameRole, nameWords } from './credential-names.ts';
import { MAX_VALUE } from './credential-values.ts';
import { MAX_NAME, NAME_CHARS } from './name-runs.ts';
import { wrappedString } from './wrapped-strings.ts';

/** The most blanks read back between a name and its operator. */
const MAX_ALIGNMENT = 40;
/** Unquoted values: printable ASCII but blanks, quotes, brackets, `,`, `;`, `|`, `\`. */
export const VALUE_CHARS = chars('!#$%&*+./0-9:=?@A-Z^_a-z~-');
/** ASCII but `=`, `.` and the digits: whether a value holds one, read through each class's run cache. */
const WITHOUT_EQUALS = chars('\x00-<>-\x7f');
const WITHOUT_DOT = chars('\x00---/-\x7f');
const WITHOUT_DIGIT = chars('\x00-/:-\x7f');
/** Unquoted values in a URL query stop at `&` and `#`. */
const QUERY_CHARS = chars('!$%*+./0-9:=?@A-Z^_a-z~-');
/** Inside quotes: printable ASCII and space, but the quote itself and `\`. */
const QUOTED: Readonly<Record<number, ReturnType<typeof chars>>> = {
  34: chars(' !#-[]-~'),
  39: chars(' -&(-[]-~'),
  96: chars(' -[]-_a-~'),
};

/** A value's span, whether it sat in quotes, and whether it is a code reference (`apiKey: anthropic,`, `token = token_value`). */
export interface Span {
  start: number;
  end: number;
  quoted: boolean;
  reference?: boolean;
  /** For a quoted value holding characters no key has (blanks, brackets): the run right after the quote, in case the quote was never closed there. */
  unbalanced?: Span;
  /** The value is string literals joined (`"ab" + "cd"`): judged without what joins them. */
  pieces?: boolean;
}

/** The YAML tags a literal value follows (Ansible's `!unsafe` marks a literal it must not template). */
const YAML_VALUE_TAG_RE = /^(?:!!(?:binary|str)|!unsafe)$/;

/** What may follow a literal value on its line: the line's end, a comment, a closing quote. */
const LINE_END = new Set([10, 13, 35, 34, 39, 96]);
/**
 * An expression in code: an identifier without digits (`anthropic`), or a member path
 * (`result.groups?.password`, `win32api.RegEnumKey`). `hunter2` alone is a literal (an .ini value).
 */
export const PATH_RE = /^(?:[A-Za-z_$][A-Za-z_$]*|[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+)$/;

export function skipBlanks(text: string, from: number, limit: number): number {
  let p = from;
  while (p < limit && p < text.length && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  return p;
}

/**
 * Unquoted values read in a row, each starting inside the one before (`token:.x=.token:.x=.…`, operators all through
 * one run): past this many, the run is no text a credential sits in, and its further values are not read, so that
 * each does not cost a read of the rest of the run.
 */
const MAX_NESTED_VALUES = 16;
const nested = { text: '', start: -1, end: -1, count: 0 };

/** The letters and signs that prefix a string literal: `N`, `E`, `@`, `b`, `r`. */
const LITERAL_PREFIX = new Set([78, 69, 64, 98, 114]);

/** The value starting at `from` (after blanks): quoted to its closing quote on the same line, else a run of value characters. */
export function readValue(text: string, from: number, query = false): Span | null {
  let p = skipBlanks(text, from, from + 16);
  if (p >= text.length) return null;
  p = wrappedString(text, p);
  let first = text.charCodeAt(p);
  // A YAML tag and a blank: `!!binary` and `!!str` precede the value itself; a local tag (`!Ref`, `!secret`) makes it a reference.
  if (first === 33) {
    const tagEnd = VALUE_CHARS.runEnd(text, p, p + 32);
    const after = skipBlanks(text, tagEnd, tagEnd + 16);
    if (after > tagEnd && after < text.length) {
      if (!YAML_VALUE_TAG_RE.test(text.slice(p, tagEnd))) return null;
      p = after;
      first = text.charCodeAt(p);
    }
  }
  // Prefixed string literals: SQL's `N'…'` and `E'…'`, Objective-C's and C#'s `@"…"`, Python's `b'…'` and `r"…"`: the string itself.
  if (LITERAL_PREFIX.has(first) && (text.charCodeAt(p + 1) === 39 || text.charCodeAt(p + 1) === 34)) first = text.charCodeAt(++p);
  // Python's and TOML's triple-quoted strings (`password = """…"""` in an ini file): the string between.
  if (first === 34 && text.startsWith('"""', p)) {
    const close = text.slice(p + 3, p + 3 + MAX_VALUE).indexOf('"""');
    return close > 0 && !text.slice(p + 3, p + 3 + close).includes('\n') ? { start: p + 3, end: p + 3 + close, quoted: true } : null;
  }
  // Most values are unquoted: the table is read only for a quote (a miss on it walks the prototype chain).
  const quoted = first === 34 || first === 39 || first === 96 ? QUOTED[first] : undefined;
  if (quoted !== undefined) {
    const end = closingQuote(text, p, first, quoted, p + 2 + MAX_VALUE);
    // An opening quote whose closing one is missing or far away (`name": "value`, a cut line): the run after it.
    const open = VALUE_CHARS.runEnd(text, p + 1, p + 2 + MAX_VALUE);
    const last = text.charCodeAt(open - 1);
    const hasRun = open > p + 1 && last !== 58 && last !== 61;
    if (text.charCodeAt(end) !== first) return hasRun ? { start: p + 1, end: open, quoted: false } : null;
    // Every span has the same shape (`unbalanced` absent or set), and the run's span is made only when kept.
    const span: Span = { start: p + 1, end, quoted: true, unbalanced: undefined };
    if (hasRun && open < end) span.unbalanced = { start: p + 1, end: open, quoted: false };
    return span;
  }
  // `token = =x`, `a: :b`: no value starts with an operator.
  if (first === 61 || first === 58) return null;
  let end = valueRunEnd(query ? QUERY_CHARS : VALUE_CHARS, text, p, p + 1 + MAX_VALUE);
  if (text === nested.text && p > nested.start && p < nested.end) nested.count++;
  else nested.count = 0;
  nested.text = text;
  nested.start = p;
  nested.end = end;
  if (nested.count > MAX_NESTED_VALUES) return null;
  // Code, not a value: `getpass()`, `os.environ[…]`.
  const stop = text.charCodeAt(end);
  if (stop === 40 || stop === 91) return null;
  // Sentence punctuation after an unquoted value.
  const read = end;
  while (end > p && isSentenceEnd(text.charCodeAt(end - 1))) end--;
  // An elided or masked value (`pylf_v1_us_...`, `sk-abc…`, `signkey-prod-••••`) is a stand-in for one.
  if (
    end === p ||
    (read - end >= 2 && text.charCodeAt(end) === 46 && text.charCodeAt(end + 1) === 46) ||
    text.charCodeAt(read) === 0x2026 ||
    text.charCodeAt(read) === 0x2022
  )
    return null;
  // Most values hold no `=` and no `.`: they are read in place, not sliced. One pass over a short value says whether it
  // holds a `=`, and whether it may match PATH_RE (a word with a digit is one only as a dotted path); a long one is read
  // through per-class run caches, which values that overlap (an operator inside another's run) share.
  let equals = false;
  let dot = false;
  let digit = false;
  if (end - p > MAX_NAME) {
    equals = !WITHOUT_EQUALS.covers(text, p, end);
    dot = !WITHOUT_DOT.covers(text, p, end);
    digit = !WITHOUT_DIGIT.covers(text, p, end);
  } else
    for (let k = p; k < end; k++) {
      const code = text.charCodeAt(k);
      if (code === 61) equals = true;
      else if (code === 46) dot = true;
      else if (code >= 48 && code <= 57) digit = true;
    }
  if (equals && chainedAssignment(text.slice(p, end))) return null;
  const next = skipBlanks(text, end, end + 8);
  // An identifier path followed by more code (`{ apiKey: anthropic, … }`, `pass: result?.pass ?? false`) is an expression;
  // at the end of a line (.env, YAML) it is a literal.
  const reference =
    !query && next < text.length && !LINE_END.has(text.charCodeAt(next)) && (dot || !digit) && PATH_RE.test(text.slice(p, end));
  return { start: p, end, quoted: false, reference };
}

/**
 * Where the string that `quote` opens at `p` closes, `inside` being what it may hold: an escaped character (`\"`, `\\`),
 * a line it continues (`\` at a line's end), a doubled quote ({@link doubles}), a character a decoded view wrote as an
 * escape, and a terminal's wrap ({@link WRAPPED}) do not close it.
 */
function closingQuote(text: string, p: number, quote: number, inside: ReturnType<typeof chars>, limit: number): number {
  let end = inside.runEnd(text, p + 1, limit);
  for (let steps = 0; end + 1 < limit && end < p + MAX_JOINED && steps < MAX_STEPS; steps++) {
    const code = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    if (code === 92 && ((next !== 10 && next !== 13) || continues(text, afterEscape(text, end))))
      end = inside.runEnd(text, afterEscape(text, end), limit);
    else if (code === quote && next === quote && end > p + 1 && doubles(text, p, quote)) {
      // The doubled quote is inside only when the string closes further on (`'it''s'`), not at `'a''b` cut off.
      const rest = inside.runEnd(text, end + 2, limit);
      if (rest === end + 2 || text.charCodeAt(rest) !== quote) break;
      end = rest;
    } else if ((code === quote || code < 32) && writtenAs !== null && writtenLength(end) !== writtenLength(p))
      end = inside.runEnd(text, end + 1, limit);
    else if (code === 10 && end > p + 1) {
      // A terminal's wrap inside the string: the next line holds the rest of a key and the closing quote, nothing else.
      const rest = WRAPPED.runEnd(text, end + 1, limit);
      if (rest === end + 1 || text.charCodeAt(rest) !== quote || !CLOSES.has(text.charCodeAt(rest + 1))) break;
      end = rest;
    } else break;
  }
  return end;
}

/**
 * `inside.runEnd(text, from, limit)`, read on over what a value writes escaped: a backslash and the printable character
 * it escapes (`\=`, `\:` in a properties file), and, in a decoded view, a printable character but a quote written as
 * an escape or an encoding (`%23`, `\\`), which is the value's own, never its end.
 */
export function valueRunEnd(inside: ReturnType<typeof chars>, text: string, from: number, limit: number): number {
  let end = inside.runEnd(text, from, limit);
  for (let steps = 0; end < limit && end < from + MAX_JOINED && steps < MAX_STEPS; steps++) {
    const code = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    if (code === 92 && next > 32 && next < 127 && end + 1 < limit) end = inside.runEnd(text, end + 2, limit);
    else if (code === 92 && (next === 10 || next === 13)) {
      // A continued line (`abc\` then `  def`): read on at its text, unless it is another setting.
      const line = skipBlanks(text, afterEscape(text, end), limit);
      if (!continues(text, line)) break;
      end = inside.runEnd(text, line, limit);
    } else if (code > 32 && code < 127 && code !== 34 && code !== 39 && code !== 96 && isWritten(end))
      end = inside.runEnd(text, end + 1, limit);
    else break;
  }
  return end;
}

/** How far into a value its escapes, continued lines and wraps are read through: real values are shorter, and text made of them is read in linear time. */
const MAX_JOINED = 256;
/** How many escapes, continued lines and wraps of one value are read through, for the same reasons. */
const MAX_STEPS = 4;

/** What a key wrapped onto the next line by a terminal holds. */
const WRAPPED = chars('A-Za-z0-9+/=_.~-');
/** What may follow a wrapped string's closing quote: the line's end or the punctuation that ends a member or an argument. */
const CLOSES: ReadonlySet<number> = new Set([Number.NaN, 10, 13, 32, 44, 59, 41, 93, 125]);

/** A line that opens with a name and its operator (`password=…`, `key: …`): another setting, not a value's continued line. */
const SETTING_LINE_RE = /[A-Za-z_][\w.-]{0,63}\s*[=:](?![=:])/y;

/** Whether the line at `at`, after a backslash that continues the one before, holds the rest of a value rather than another setting. */
function continues(text: string, at: number): boolean {
  SETTING_LINE_RE.lastIndex = at;
  return !SETTING_LINE_RE.test(text);
}

/** Where the text goes on after the backslash at `at`: past the character it escapes, or past a line break it continues (`\r\n` too). */
function afterEscape(text: string, at: number): number {
  return text.charCodeAt(at + 1) === 13 && text.charCodeAt(at + 2) === 10 ? at + 3 : at + 2;
}

/**
 * A value as it reads once its continued lines (`abc\` and `def` on the next), a terminal's wrap and, with `pieces`, its
 * string literals (`"ab" + "cd"`) are joined and a control character a decoded view wrote (`\b`) stands as a character:
 * what is judged of a value that spans lines.
 */
export function joinedValue(raw: string, pieces = false): string {
  if (pieces) return joinedValue(raw.replace(/["'`]\s*\+?\s*["'`]/g, ''));
  if (!/[\x00-\x1f]/.test(raw)) return raw;
  return raw.replace(/\\?\r?\n[ \t]*/g, '').replace(/[\x00-\x1f]/g, '-');
}

/** Whether the string `quote` opens at `p` writes its quote doubled: a single-quoted one (SQL, YAML, PowerShell) or C#'s verbatim `@"…"`. */
function doubles(text: string, p: number, quote: number): boolean {
  return quote === 39 || (quote === 34 && text.charCodeAt(p - 1) === 64);
}

/**
 * The decoded view's way back to the written text while one is scanned: a quote closes only a string opened by a quote
 * written alike, and a tab, backspace or form feed written as an escape (`\t`) stays inside it.
 */
let writtenAs: ((start: number, end: number) => [number, number]) | null = null;

/** Whether the view's character at `at` was written as an escape or an encoding (`%40`, `\\"`), while a decoded view is scanned. */
export function isWritten(at: number): boolean {
  return writtenAs !== null && writtenLength(at) > 1;
}

/** How many characters the view's character at `at` was written with (`"` 1, `\"` 2, `\\\"` 4), while a decoded view is scanned. */
function writtenLength(at: number): number {
  const [from, to] = writtenAs?.(at, at + 1) ?? [at, at + 1];
  return to - from;
}

/**
 * Reads quotes in a decoded view by how they were written (`source`: the view's map back to the text), or as they
 * stand (null): inside `"…\"…"`, the decoded `"` that was written `\"` is part of the string.
 */
export function readQuotesAs(source: ((start: number, end: number) => [number, number]) | null): void {
  writtenAs = source;
}

/** Whether `code` is punctuation that ends a sentence after an unquoted value: `.`, `:`, `!`, `?`. */
function isSentenceEnd(code: number): boolean {
  return code === 46 || code === 58 || code === 33 || code === 63;
}

/**
 * Whether an unquoted value is in fact another assignment: `n:s.value=n` (minified code) or
 * `PAGERDUTY_TOKEN=…` after `token =`. Base64 pads only at its end, so `=` inside a value is rare.
 */
export function chainedAssignment(raw: string): boolean {
  if (!raw.includes('=')) return false;
  // Padding before a segment separator (`perm:…=.…=.…`) is base64's, not an operator.
  const inner = raw.search(/[^=]=+[^=.:]/);
  if (inner < 0) return false;
  const head = raw.slice(0, inner + 1);
  return /[:.]/.test(head) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(head) || nameRole(nameWords(head)) !== null;
}

/** The name ending just before `to` (blanks skipped): a quoted name, or a run of name characters. */
export function readName(text: string, to: number): Span | null {
  let p = to;
  // Up to 40 blanks: HCL, Go and YAML align their operators in columns.
  while (p > 0 && p > to - MAX_ALIGNMENT && (text.charCodeAt(p - 1) === 32 || text.charCodeAt(p - 1) === 9)) p--;
  if (p === 0) return null;
  let last = text.charCodeAt(p - 1);
  // A subscript: `config['SECRET_KEY'] = …`.
  if (last === 93 && p > 2 && (text.charCodeAt(p - 2) === 34 || text.charCodeAt(p - 2) === 39)) {
    p--;
    last = text.charCodeAt(p - 1);
  } else if (last === 93) {
    // A C array: `char pass[] = "…"`, `char password[32] = "…"`.
    let open = p - 1;
    while (open > 0 && open > p - 6 && text.charCodeAt(open - 1) >= 48 && text.charCodeAt(open - 1) <= 57) open--;
    if (open > 0 && text.charCodeAt(open - 1) === 91) {
      p = open - 1;
      last = text.charCodeAt(p - 1);
    } else {
      // A bare key in brackets: PHP's `print_r` (`[password] => …`), a shell's associative array (`[pass]="…"`).
      const key = NAME_CHARS.runStart(text, p - 1, p - 2 - MAX_NAME);
      if (key < p - 1 && text.charCodeAt(key - 1) === 91) return { start: key, end: p - 1, quoted: false };
    }
  }
  // A name in quotes, or in backticks as Markdown writes code (`` `API_KEY` = … ``) and MySQL an identifier.
  if (last === 34 || last === 39 || last === 96) {
    let start = p - 1;
    while (start > 0 && start > p - 2 - MAX_NAME && text.charCodeAt(start - 1) !== last && text.charCodeAt(start - 1) !== 10) start--;
    if (start > 0 && text.charCodeAt(start - 1) === last && start < p - 1) return { start, end: p - 1, quoted: true };
    // A closing quote without its opening one (`name": "value`): the name is the run before it.
    p--;
  }
  const start = Math.max(NAME_CHARS.runStart(text, p, p - MAX_NAME - 1), p - MAX_NAME);
  return start < p ? { start, end: p, quoted: false } : null;
}

/** The start of the white space (as `\s` reads it) that ends just before `to`, looking back no further than `limit`. */
function spaceStart(text: string, to: number, limit: number): number {
  let at = to;
  for (; at > limit; at--) {
    const code = text.charCodeAt(at - 1);
    if (!(code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(text.charAt(at - 1))))) break;
  }
  return at;
}

/** Type names written after a declared name. */
const TYPE_WORDS = new Set(['string', 'String', 'str', 'securestring', 'SecureString', 'Text']);

/** Whether `name` is one of {@link TYPE_WORDS}: sliced only when it starts as they do (`s`, `S`, `T`). */
function isTypeWord(text: string, name: Span): boolean {
  const first = text.charCodeAt(name.start);
  return (first === 115 || first === 83 || first === 84) && TYPE_WORDS.has(text.slice(name.start, name.end));
}

/** A C# auto-property before its initialiser: `ApiKey { get; set; }`. */
const PROPERTY_RE = /([A-Za-z_]\w{0,63})\s*\{\s*(?:get;|set;|init;|private set;|\s)*\}\s*$/;

/**
 * The name an `=` assigns to: the name before it, or, in a typed declaration, the declared name
 * before its type (`const API_TOKEN: &str =`, `val token: String =`) or a property's before its
 * accessors (`ApiKey { get; set; } =`).
 */
export function declaredName(text: string, to: number): Span | null {
  const name = readName(text, to);
  if (name !== null && !name.quoted && name.end - name.start >= 3 && name.end - name.start <= 12 && isTypeWord(text, name)) {
    // A type after the declared name: Go's `var password string =`, Bicep's `param adminPassword string =`, VB's `ApiSecret As String =`.
    let p = name.start;
    while (p > 0 && p > name.start - 8 && text.charCodeAt(p - 1) === 32) p--;
    if (p >= 3 && (text.charCodeAt(p - 1) | 32) === 115 && (text.charCodeAt(p - 2) | 32) === 97 && text.charCodeAt(p - 3) === 32) p -= 2;
    const declared = p < name.start ? readName(text, p) : null;
    if (declared !== null && !declared.quoted) return declared;
  }
  if (name !== null) {
    let p = name.start;
    while (p > 0 && (text.charCodeAt(p - 1) === 38 || text.charCodeAt(p - 1) === 32)) p--;
    if (p > 1 && text.charCodeAt(p - 1) === 58 && text.charCodeAt(p - 2) !== 58 && !hintsCredential(text.slice(name.start, name.end))) {
      const declared = readName(text, p - 1);
      // An XML attribute's namespace (`android:name="…"`) is no declaration's name.
      if (declared !== null && !declared.quoted && !(p === name.start && text.startsWith('name=', p))) return declared;
    }
    return name;
  }
  // The accessors are `{ …; }` (or `{ }`) just before the `=`: without that, the pattern is not tried.
  const from = Math.max(0, to - 96);
  const close = spaceStart(text, to, from) - 1;
  const last = text.charCodeAt(spaceStart(text, close, from) - 1);
  if (text.charCodeAt(close) !== 125 || (last !== 59 && last !== 123)) return null;
  const match = PROPERTY_RE.exec(text.slice(from, to));
  if (match === null) return null;
  const value = match[1] ?? '';
  const start = to - match[0].length + match[0].indexOf(value);
  return { start, end: start + value.length, quoted: false };
}

/** Where a value run at `start` ends, before the `trailing` punctuation that closes a sentence (or an argument, `.,;:)`). */
export function sentenceValueEnd(text: string, start: number, end: number, trailing = '.,:;!?'): number {
  let valueEnd = VALUE_CHARS.runEnd(text, start, end);
  while (valueEnd > start && trailing.includes(text.charAt(valueEnd - 1))) valueEnd--;
  return valueEnd;
}
