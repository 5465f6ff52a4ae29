/** The strict, linear-time transcript reader: a transcript's text back to its header and its messages' exact texts. */
import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { END_LINE, EXPLANATION, FRAGMENT_CODE_POINTS, HEADING, headerProblem, invalid, isSeq, TITLE } from './layout.ts';
import type { TranscriptHeader } from './layout.ts';

/** A high surrogate and the low one after it: one code point in two units. */
const SURROGATE_PAIRS = /[\ud800-\udbff][\udc00-\udfff]/g;

/** One message decoded from a transcript. */
export interface TranscriptMessage {
  /** 1-based message number, as in its heading. */
  index: number;
  /** Speaker. */
  role: 'user' | 'assistant';
  /** The exact text: all fragments of the message concatenated. */
  text: string;
  /** Present (and `true`) only when the heading carries the ` (checkpoint)` marker. */
  checkpoint?: boolean;
}

/** Result of {@link readTranscript}. */
export interface ParsedTranscript {
  /** The header metadata. */
  capture: TranscriptHeader;
  /** Messages in order; `messages[i].index === i + 1`. */
  messages: TranscriptMessage[];
  /**
   * Present (and `true`) only for a transcript without the end line, read because
   * {@link ReadTranscriptOptions.allowUnterminated} allowed it: it may have been cut off, so
   * `messages` may lack messages or end inside one. Absent for every complete transcript.
   */
  unterminated?: boolean;
}

/** Options of {@link readTranscript} and of `findInTranscript`. */
export interface ReadTranscriptOptions {
  /**
   * Also read a transcript written before the end line existed: one that ends after
   * its last message, without `### End of transcript: <n> messages`. It is reported with
   * `unterminated: true`, since it cannot be told apart from a cut-off file. A transcript whose
   * explanation line is the current writer's (which announces the end line) must still end with
   * it. Default `false`: a transcript without the end line is rejected as truncated.
   */
  allowUnterminated?: boolean;
  /**
   * Largest transcript accepted, in UTF-8 bytes; a larger one is rejected before any parsing.
   * A non-negative safe integer; default: no limit.
   */
  maxBytes?: number;
}

/** A number read from the file, for a message: as it is when short, else quoted (cut, its length shown). */
function digits(text: string): string {
  return text.length <= 16 ? text : quoteText(text);
}

/** Line cursor over a text that ends with `\n`; `line` is the 1-based number of the last taken line. */
class Lines {
  private readonly all: string[];
  line = 0;

  constructor(text: string) {
    this.all = text.split('\n');
    this.all.pop(); // what follows the final newline: nothing
  }

  /** The next line without consuming it, or null at the end. */
  peek(): string | null {
    return this.all[this.line] ?? null;
  }

  /** Consumes and returns the next line, or null at the end. */
  take(): string | null {
    const line = this.peek();
    if (line !== null) this.line++;
    return line;
  }

  /** An INVALID_REFERENCE error naming `line` (default: the next line to be read). */
  error(why: string, line: number = this.line + 1): SessionReferenceError {
    return invalid(`invalid transcript, line ${line}: ${why}`);
  }

  /** Consumes a line that must exist and satisfy `ok`, else throws with `why`. */
  expect(ok: (line: string) => boolean, why: string): string {
    const line = this.take();
    if (line === null) throw this.error(`unexpected end of transcript; ${why}`);
    if (!ok(line)) throw this.error(why, this.line);
    return line;
  }
}

const isBlank = (line: string): boolean => line === '';
const isText = (line: string): boolean => line !== '';

function parseHeader(lines: Lines): TranscriptHeader {
  const open = lines.line + 1;
  const json = [lines.expect((l) => l === '{', "expected '{' opening the header JSON")];
  for (;;) {
    const line = lines.take();
    if (line === null) throw lines.error(`unexpected end of transcript inside the header JSON opened on line ${open}`);
    json.push(line);
    if (line === '}') break;
    if (!line.startsWith('  "')) throw lines.error("expected an indented header JSON property or a closing '}'", lines.line);
  }
  let value: unknown;
  try {
    value = JSON.parse(json.join('\n'));
  } catch (error) {
    // The engine's message quotes bytes of the file: keep it, but only escaped.
    const detail = error instanceof Error ? `: ${quoteText(error.message)}` : '';
    throw invalid(`invalid transcript, line ${open}: header JSON does not parse${detail}`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`invalid transcript, line ${open}: header JSON is not an object`);
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!['sessionId', 'label', 'cwd', 'capturedThroughSeq', 'capturedFormatVersion', 'redactedSecrets'].includes(key)) {
      throw invalid(`invalid transcript, line ${open}: unknown header field ${quoteText(key)}`);
    }
  }
  if (!Object.hasOwn(record, 'capturedFormatVersion')) record.capturedFormatVersion = 0;
  for (const key of ['cwd', 'capturedThroughSeq'] as const) {
    if (!Object.hasOwn(record, key)) throw invalid(`invalid transcript, line ${open}: header lacks ${key}`);
  }
  const problem = headerProblem(record);
  if (problem !== undefined) throw invalid(`invalid transcript, line ${open}: header ${problem}`);
  return {
    sessionId: record.sessionId as string,
    label: record.label as string,
    cwd: record.cwd as string | null,
    capturedThroughSeq: record.capturedThroughSeq as number | null,
    capturedFormatVersion: record.capturedFormatVersion as number,
    ...(record.redactedSecrets === undefined ? {} : { redactedSecrets: record.redactedSecrets as number }),
  };
}

/** Decodes one fragment line (the one `lines` just took), or throws naming its line. */
function parseFragment(line: string, lines: Lines): string {
  const n = line.length;
  if (n < 2 || line.charCodeAt(0) !== 0x22 || line.charCodeAt(n - 1) !== 0x22) {
    if (line.startsWith('### ')) throw lines.error('a heading or end line must be preceded by a blank line', lines.line);
    throw lines.error('expected a JSON string fragment line', lines.line);
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw lines.error('fragment line is not a valid JSON string', lines.line);
  }
  if (typeof value !== 'string') throw lines.error('fragment line is not a JSON string', lines.line);
  const len = value.length;
  if (len === 0) throw lines.error('empty fragment', lines.line);
  if (len > FRAGMENT_CODE_POINTS) {
    const count = len - (value.match(SURROGATE_PAIRS)?.length ?? 0);
    if (count > FRAGMENT_CODE_POINTS) {
      throw lines.error(`fragment has ${count} code points, more than ${FRAGMENT_CODE_POINTS}`, lines.line);
    }
  }
  return value;
}

/** Checks the options of {@link readTranscript}; a bad one is a caller's bug, INVALID_CONFIG. */
function checkOptions(options: ReadTranscriptOptions | undefined): void {
  if (options === undefined) return;
  const bad = (why: string): SessionReferenceError =>
    new SessionReferenceError(`readTranscript: ${why}`, SessionReferenceErrorCode.INVALID_CONFIG);
  const value: unknown = options; // typed for callers, but it may come from untyped code
  if (typeof value !== 'object' || value === null) throw bad('options must be an object');
  const { allowUnterminated, maxBytes } = options;
  if (allowUnterminated !== undefined && typeof allowUnterminated !== 'boolean') throw bad('allowUnterminated must be a boolean');
  if (maxBytes !== undefined && !isSeq(maxBytes)) throw bad('maxBytes must be a non-negative safe integer');
}

/**
 * Strictly parses a transcript produced by `renderTranscript`, in time linear in its size.
 *
 * Checked: the exact title line; blank lines exactly where the layout puts them; one
 * non-blank intro line and one non-blank warning line (their wording is not compared, so
 * wording changes stay readable); the header JSON (lines `{` … `}`) with exactly the fields
 * `sessionId`, `label`, `cwd`, `capturedThroughSeq` and optionally `capturedFormatVersion`
 * (missing → 0), correctly typed; one non-blank explanation line; headings
 * `### Message N: user|assistant`, optionally followed by ` (checkpoint)`, numbered
 * consecutively from 1; fragment lines that are JSON strings of 1 to 64 code points; the end
 * line `### End of transcript: <n> messages` with n equal to the messages read, then a final
 * `\n` and nothing else. Lines are split on `\n` only (U+2028/2029 may appear raw inside
 * fragment lines); a `\r` is never accepted as part of the layout.
 *
 * A transcript without the end line, or without its final newline, is taken as cut off and
 * rejected, unless `options.allowUnterminated` asks to read one written before the end line
 * existed (see {@link ReadTranscriptOptions}); it is then returned with `unterminated: true`.
 * Error messages never quote the file's bytes unescaped.
 *
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE`, with a message naming
 *   the 1-based line number and the reason, for anything malformed or truncated, and for a
 *   text over `options.maxBytes` (checked before parsing); `SESSION_REFERENCE_INVALID_CONFIG`
 *   for malformed options.
 */
export function readTranscript(text: string, options?: ReadTranscriptOptions): ParsedTranscript {
  checkOptions(options);
  if (typeof text !== 'string') throw invalid('invalid transcript: not a string');
  const maxBytes = options?.maxBytes;
  // A UTF-16 unit is 1 to 3 UTF-8 bytes, so only lengths between maxBytes / 3 and maxBytes need counting.
  if (maxBytes !== undefined && text.length * 3 > maxBytes) {
    const bytes = text.length > maxBytes ? undefined : Buffer.byteLength(text, 'utf8');
    if (bytes === undefined || bytes > maxBytes) {
      const size = bytes === undefined ? `at least ${text.length}` : String(bytes);
      throw invalid(`invalid transcript: ${size} UTF-8 bytes, over the maxBytes limit of ${maxBytes}`);
    }
  }
  if (text.length === 0) throw invalid('invalid transcript, line 1: empty transcript');
  if (text.charCodeAt(text.length - 1) !== 0x0a) {
    let last = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) last++;
    throw invalid(`invalid transcript, line ${last}: truncated: missing final newline`);
  }

  const lines = new Lines(text);
  lines.expect((l) => l === TITLE, `expected the title line ${JSON.stringify(TITLE)}`);
  lines.expect(isBlank, 'expected a blank line after the title');
  lines.expect(isText, 'expected the intro line');
  lines.expect(isText, 'expected the warning line');
  lines.expect(isBlank, 'expected a blank line before the header JSON');
  const capture = parseHeader(lines);
  lines.expect(isBlank, 'expected a blank line after the header JSON');
  // Only a transcript from before the end line (another explanation) may lack it, and only when allowed.
  const legacy = lines.expect(isText, 'expected the explanation line') !== EXPLANATION;
  const allowUnterminated = options?.allowUnterminated === true && legacy;

  const messages: TranscriptMessage[] = [];
  /** At the end of the text where a blank line and the end line should follow. */
  const unterminated = (): ParsedTranscript => {
    if (allowUnterminated) return { capture, messages, unterminated: true };
    throw lines.error(
      `truncated: the transcript ends after ${messages.length} message(s) without its end line ` +
        `"### End of transcript: <n> messages" (cut off?${legacy ? '; a transcript written before end lines existed reads with allowUnterminated' : ''})`,
    );
  };
  let separated = false;
  for (;;) {
    if (!separated) {
      if (lines.peek() === null) return unterminated();
      lines.expect(isBlank, 'expected a blank line before the next message heading or the end line');
    }
    const heading = lines.take();
    if (heading === null) throw lines.error('truncated: the transcript ends with a blank line instead of its end line', lines.line);
    const end = END_LINE.exec(heading);
    if (end !== null) {
      if (Number(end[1]) !== messages.length) {
        throw lines.error(
          `truncated or edited: the end line counts ${digits(end[1] ?? '')} messages but ${messages.length} were read`,
          lines.line,
        );
      }
      if (lines.peek() !== null) throw lines.error('unexpected content after the end line');
      return { capture, messages };
    }
    const match = HEADING.exec(heading);
    if (match === null) {
      throw lines.error(
        'expected a heading "### Message N: user|assistant" (optionally " (checkpoint)") or the end line "### End of transcript: <n> messages"',
        lines.line,
      );
    }
    const index = messages.length + 1;
    if (match[1] !== String(index)) {
      throw lines.error(`expected message number ${index}, found ${digits(match[1] ?? '')}`, lines.line);
    }
    const message: TranscriptMessage = { index, role: match[2] as 'user' | 'assistant', text: '' };
    if (match[3] !== undefined) message.checkpoint = true;
    messages.push(message);

    separated = false;
    if (lines.peek() === null) return unterminated();
    lines.expect(isBlank, 'expected a blank line after the message heading');
    const first = lines.peek();
    if (first === null) throw lines.error('truncated: the transcript ends with a blank line instead of its end line', lines.line);
    if (first.startsWith('### ')) {
      separated = true; // empty message: that blank line separated it from the next heading or the end line
      continue;
    }

    const fragments: string[] = [];
    for (let next: string | null = first; next !== null && next !== ''; next = lines.peek()) {
      fragments.push(parseFragment(lines.take() as string, lines));
    }
    message.text = fragments.join('');
  }
}
