/** Full-transcript text format: writer (one string or streamed), strict linear-time reader, and phrase search. */

import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import type { ProjectedMessage, SourceCapture } from '../context/shapes.ts';
import { TRANSCRIPT_INTRO, UNTRUSTED_WARNING } from '../context/warning.ts';

/** Most code points one fragment line carries; with 6-character escapes a line stays within 2 + 64 × 6 = 386 characters. */
const FRAGMENT_CODE_POINTS = 64;

/** Fragment lines batched into one streamed chunk (keeps chunk count and per-line overhead low). */
const LINES_PER_CHUNK = 1024;

/** First line of every transcript. */
const TITLE = '## Referenced session — full transcript';

/** The one explanation line written before the messages; a transcript that carries it must end with its end line. */
const EXPLANATION =
  'Each message below is a heading followed by lines that are JSON strings, each a fragment of at most ' +
  `${FRAGMENT_CODE_POINTS} Unicode code points; JSON-decode every line and concatenate a message's fragments ` +
  'in order to get its exact text. A heading marked (checkpoint) holds a compaction summary. A complete ' +
  'transcript ends with the line "### End of transcript: <n> messages".';

const HEADING = /^### Message (\d+): (user|assistant)( \(checkpoint\))?$/;

/** The last line of a complete transcript: its message count, so a cut-off file is detectable. */
const END_LINE = /^### End of transcript: (0|[1-9]\d*) messages$/;

/** The end line for `count` messages. */
const endLine = (count: number): string => `### End of transcript: ${count} messages`;

/** The capture metadata written as the transcript's header JSON, keys in this order. */
export interface TranscriptHeader {
  /** Source session id. */
  sessionId: string;
  /** Mention label. */
  label: string;
  /** Source working directory, or null. */
  cwd: string | null;
  /** Seq of the last raw log event at capture time, or null. */
  capturedThroughSeq: number | null;
  /** Source header format version; a transcript without the field reads as 0. */
  capturedFormatVersion: number;
  /** Credentials replaced by `[REDACTED <kind>]` before the capture was written; present only when some were. */
  redactedSecrets?: number;
}

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

/** Options of {@link readTranscript} and {@link findInTranscript}. */
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

/** One occurrence found by {@link findInTranscript}. */
export interface TranscriptMatch {
  /** 1-based message number. */
  message: number;
  /** UTF-16 offset of the occurrence within the message's decoded text. */
  offset: number;
}

function invalid(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}

/** A number read from the file, for a message: as it is when short, else quoted (cut, its length shown). */
function digits(text: string): string {
  return text.length <= 16 ? text : quoteText(text);
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The reason `header` is not a valid transcript header, or undefined when it is. */
function headerProblem(header: Record<string, unknown>): string | undefined {
  if (typeof header.sessionId !== 'string') return 'sessionId must be a string';
  if (typeof header.label !== 'string') return 'label must be a string';
  if (header.cwd !== null && typeof header.cwd !== 'string') return 'cwd must be a string or null';
  if (header.capturedThroughSeq !== null && !isSeq(header.capturedThroughSeq)) {
    return 'capturedThroughSeq must be a non-negative integer or null';
  }
  if (!isSeq(header.capturedFormatVersion)) return 'capturedFormatVersion must be a non-negative integer';
  if (header.redactedSecrets !== undefined && !isSeq(header.redactedSecrets)) return 'redactedSecrets must be a non-negative integer';
  return undefined;
}

/** The capture's header metadata, keys in the written order; `redactedSecrets` only when some were. */
function headerOf(capture: SourceCapture): TranscriptHeader {
  return {
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    capturedFormatVersion: capture.capturedFormatVersion,
    ...(capture.redactedSecrets ? { redactedSecrets: capture.redactedSecrets } : {}),
  };
}

/** Throws INVALID_REFERENCE unless the capture's metadata and every message's role and text have the right types. */
function assertRenderable(capture: SourceCapture): void {
  const problem = headerProblem(headerOf(capture) as unknown as Record<string, unknown>);
  if (problem !== undefined) throw invalid(`cannot render transcript: ${problem}`);
  const messages: unknown = capture.messages;
  if (!Array.isArray(messages)) throw invalid('cannot render transcript: messages must be an array');
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m] as { role?: unknown; text?: unknown } | null;
    if (message === null || typeof message !== 'object' || (message.role !== 'user' && message.role !== 'assistant')) {
      throw invalid(`cannot render transcript: message ${m + 1} has an unknown role`);
    }
    if (typeof message.text !== 'string') throw invalid(`cannot render transcript: message ${m + 1} text is not a string`);
  }
}

/** Everything before the first message: title, intro, warning, header JSON and explanation, without the final `\n`. */
function preamble(capture: SourceCapture): string {
  return `${TITLE}\n\n${TRANSCRIPT_INTRO}\n${UNTRUSTED_WARNING}\n\n${JSON.stringify(headerOf(capture), null, 2)}\n\n${EXPLANATION}`;
}

/** The heading line of message `m` (0-based). */
function headingOf(message: ProjectedMessage, m: number): string {
  return `### Message ${m + 1}: ${message.role}${message.checkpoint === true ? ' (checkpoint)' : ''}`;
}

/** How big the chunks of one transcript are. */
interface ChunkSizes {
  /** Characters per chunk of Latin-1 lines, at least. */
  chars: number;
  /** UTF-16 units of the buffer other lines are written into; each fill becomes one chunk. */
  units: number;
}

/**
 * Streamed chunks: big enough that per-chunk costs vanish, small enough (under 128 KiB, even
 * as two-byte strings) to be allocated in the young generation and die there, so a stream's
 * memory stays flat.
 */
const STREAM_CHUNKS: ChunkSizes = { chars: 1 << 16, units: 1 << 15 };

/**
 * Chunks of a whole rendered transcript. Every chunk lives until the final join; at 128 Ki
 * characters V8 allocates a string in large-object space, where the collector never copies it,
 * while the lines awaiting a chunk stay few and die young.
 */
const RENDER_CHUNKS: ChunkSizes = { chars: 1 << 17, units: 1 << 17 };

/** Any character outside Latin-1 (so any surrogate); a Latin-1 text is cut every 64 units. */
const NON_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * For each ASCII code: 0 when `JSON.stringify` writes it as is; else the letter after `\` in its
 * escape (`"`, `\`, `b t n f r`), or 1 for a `\u00xx` escape.
 */
const ASCII_ESCAPE = new Uint8Array(0x80);
ASCII_ESCAPE.fill(1, 0, 0x20);
ASCII_ESCAPE[0x08] = 0x62; // b
ASCII_ESCAPE[0x09] = 0x74; // t
ASCII_ESCAPE[0x0a] = 0x6e; // n
ASCII_ESCAPE[0x0c] = 0x66; // f
ASCII_ESCAPE[0x0d] = 0x72; // r
ASCII_ESCAPE[0x22] = 0x22; // "
ASCII_ESCAPE[0x5c] = 0x5c; // backslash

/** Lowercase hex digits, as `JSON.stringify` writes them. */
const HEX = new Uint8Array([...'0123456789abcdef'].map((digit) => digit.charCodeAt(0)));

/** The longest fragment line with its newline: a quote, 64 six-unit escapes, a quote. */
const MAX_LINE_UNITS = 2 + FRAGMENT_CODE_POINTS * 6 + 1;

/** True on a big-endian host, where the units must be swapped to read as UTF-16LE. */
const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

/** A buffer of UTF-16 units being filled with transcript lines, `length` of them so far. */
interface UnitBuffer {
  readonly units: Uint16Array;
  length: number;
}

/** Empties `buffer` into a string (a one-byte one when every unit is Latin-1). */
function takeUnits(buffer: UnitBuffer): string {
  const bytes = Buffer.from(buffer.units.buffer, buffer.units.byteOffset, buffer.length * 2);
  if (BIG_ENDIAN) bytes.swap16();
  buffer.length = 0;
  return bytes.toString('utf16le');
}

/** Appends `line` and a newline to `buffer`; false (nothing written) when they do not fit. */
function putLine(buffer: UnitBuffer, line: string): boolean {
  const { units } = buffer;
  let o = buffer.length;
  if (o + line.length + 1 > units.length) return false;
  for (let i = 0; i < line.length; i++) units[o++] = line.charCodeAt(i);
  units[o++] = 0x0a;
  buffer.length = o;
  return true;
}

/**
 * Appends to `buffer` the fragment lines of `text` from offset `from`, each with its newline, as
 * many as fit; returns the offset where the next fragment starts (`text.length` when done).
 *
 * One pass, unit by unit: each line is a quote, the fragment with exactly the escapes
 * `JSON.stringify` writes (`\"`, `\\`, `\b \t \n \f \r`, `\u00xx` for other controls,
 * `\udxxx` for a lone surrogate; everything else as is), and a quote. A fragment ends after 64
 * code points, a high surrogate followed by a low one counting as one, any other unit as one,
 * so a pair is never split. On text outside Latin-1 this beats a `JSON.stringify` per fragment,
 * which pays a walk over the surrogates and the engine's slower two-byte escaper on every call.
 */
function putFragmentLines(buffer: UnitBuffer, text: string, from: number): number {
  const { units } = buffer;
  const n = text.length;
  let i = from;
  let o = buffer.length;
  while (i < n && o + MAX_LINE_UNITS <= units.length) {
    units[o++] = 0x22;
    let end = i + FRAGMENT_CODE_POINTS < n ? i + FRAGMENT_CODE_POINTS : n; // one unit more per surrogate pair
    while (i < end) {
      const c = text.charCodeAt(i++);
      if (c < 0x80) {
        const escape = ASCII_ESCAPE[c]!;
        if (escape === 0) {
          units[o++] = c;
        } else if (escape !== 1) {
          units[o++] = 0x5c;
          units[o++] = escape;
        } else {
          units[o++] = 0x5c;
          units[o++] = 0x75;
          units[o++] = 0x30;
          units[o++] = 0x30;
          units[o++] = HEX[c >> 4]!;
          units[o++] = HEX[c & 15]!;
        }
      } else if ((c & 0xf800) !== 0xd800) {
        units[o++] = c;
      } else if (c <= 0xdbff && i < n && (text.charCodeAt(i) & 0xfc00) === 0xdc00) {
        units[o++] = c; // a high surrogate and the low one after it: one code point, written as is
        units[o++] = text.charCodeAt(i++);
        if (end < n) end++;
      } else {
        units[o++] = 0x5c; // a lone surrogate
        units[o++] = 0x75;
        units[o++] = HEX[c >> 12]!;
        units[o++] = HEX[(c >> 8) & 15]!;
        units[o++] = HEX[(c >> 4) & 15]!;
        units[o++] = HEX[c & 15]!;
      }
    }
    units[o++] = 0x22;
    units[o++] = 0x0a;
  }
  buffer.length = o;
  return i;
}

/**
 * The transcript of `capture` as chunks of whole lines, each ending with `\n`; their
 * concatenation is the transcript. Lines of Latin-1 texts are collected as strings and joined
 * into chunks of at least `sizes.chars` characters; lines of other texts are written into a
 * buffer of `sizes.units` units whose every fill is one chunk. A chunk never mixes the two, so a Latin-1 chunk stays
 * a one-byte string.
 *
 * A Latin-1 text has no surrogate, so its fragments are its runs of 64 units, each line
 * `JSON.stringify(fragment)` (the engine's escaper is fastest on one-byte strings); any other
 * text goes through {@link putFragmentLines}.
 */
function* transcriptText(capture: SourceCapture, sizes: ChunkSizes): Generator<string, void, undefined> {
  let lines: string[] = [preamble(capture)];
  let chars = 0;
  let buffer: UnitBuffer | undefined;
  const takeLines = (): string => {
    lines.push('');
    const chunk = lines.join('\n');
    lines = [];
    chars = 0;
    return chunk;
  };
  const messages = capture.messages;
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m]!;
    const heading = headingOf(message, m);
    const text = message.text;
    const n = text.length;
    if (n === 0 || !NON_LATIN1.test(text)) {
      if (buffer !== undefined && buffer.length > 0) yield takeUnits(buffer);
      lines.push('', heading);
      chars += heading.length + 2;
      if (n > 0) lines.push(''); // the blank line between heading and fragments
      for (let start = 0; start < n; start += FRAGMENT_CODE_POINTS) {
        const line = JSON.stringify(text.slice(start, start + FRAGMENT_CODE_POINTS));
        lines.push(line);
        chars += line.length + 1;
        if (chars >= sizes.chars) yield takeLines();
      }
      continue;
    }
    if (lines.length > 0) yield takeLines();
    buffer ??= { units: new Uint16Array(sizes.units), length: 0 };
    const opening = `\n${heading}\n`; // blank line, heading, blank line
    if (!putLine(buffer, opening)) {
      yield takeUnits(buffer);
      putLine(buffer, opening);
    }
    for (let start = 0; start < n;) {
      start = putFragmentLines(buffer, text, start);
      if (start < n) yield takeUnits(buffer);
    }
  }
  if (buffer !== undefined && buffer.length > 0) yield takeUnits(buffer);
  lines.push('', endLine(messages.length));
  yield takeLines();
}

/**
 * Streams the transcript of `capture` as string chunks whose concatenation is
 * exactly {@link renderTranscript}'s result; a host may write them out one by one. Chunks are
 * runs of whole lines of at most about 64 Ki characters, so memory stays flat whatever the size.
 *
 * Layout, line by line (`⏎` = end of line, every line including the last ends with `\n`):
 * ```
 * ## Referenced session — full transcript⏎
 * ⏎
 * <TRANSCRIPT_INTRO>⏎
 * <UNTRUSTED_WARNING>⏎
 * ⏎
 * <JSON.stringify(header, null, 2), several lines>⏎
 * ⏎
 * <explanation line>⏎
 * ```
 * then, for each message N (1-based): a blank line, the heading
 * `### Message N: <role>` (with ` (checkpoint)` appended for checkpoints), and — when the
 * text is non-empty — a blank line followed by one `JSON.stringify(fragment)` line per
 * fragment. A message with empty text is just its heading. Last come a blank line and the end
 * line `### End of transcript: <n> messages` (n = the number of messages, `messages` even for
 * one), so every transcript ends with `messages\n`.
 *
 * Fragments cut the text into runs of at most 64 code points, a well-formed surrogate pair
 * counting as one and a lone surrogate as one; a pair is never split. Linear in the text size.
 *
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE` at the first iteration,
 *   before any chunk, if the capture's metadata or a message's role/text has the wrong type, so every rendered
 *   transcript reads back with {@link readTranscript}.
 */
export function* transcriptChunks(capture: SourceCapture): Generator<string, void, undefined> {
  assertRenderable(capture);
  yield* transcriptText(capture, STREAM_CHUNKS);
}

/**
 * Renders the full transcript of `capture`: all messages, untruncated, in the
 * layout documented on {@link transcriptChunks}, ending with the end line and a single newline.
 * Time and memory are linear in the text size: the text is built once, then joined once.
 *
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE` for a malformed capture.
 */
export function renderTranscript(capture: SourceCapture): string {
  assertRenderable(capture);
  return renderCapturedTranscript(capture);
}

/**
 * {@link renderTranscript} without its checks, for a capture `captureSource` built from a checked
 * snapshot (valid by construction): `prepare` validates it once, at its edge.
 */
export function renderCapturedTranscript(capture: SourceCapture): string {
  const chunks: string[] = [];
  for (const chunk of transcriptText(capture, RENDER_CHUNKS)) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : chunks.join('');
}

/** Line cursor over a text that ends with `\n`; `line` is the 1-based number of the last taken line. */
class Lines {
  private readonly text: string;
  private pos = 0;
  /** End (index of the `\n`) of the next line once peeked, else -1. */
  private nextEnd = -1;
  line = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** Start offset of the next line. */
  get offset(): number {
    return this.pos;
  }

  /** The next line without consuming it, or null at the end. */
  peek(): string | null {
    if (this.pos >= this.text.length) return null;
    if (this.nextEnd < 0) this.nextEnd = this.text.indexOf('\n', this.pos);
    return this.text.slice(this.pos, this.nextEnd);
  }

  /** Consumes and returns the next line, or null at the end. */
  take(): string | null {
    if (this.pos >= this.text.length) return null;
    const end = this.nextEnd >= 0 ? this.nextEnd : this.text.indexOf('\n', this.pos);
    const line = this.text.slice(this.pos, end);
    this.pos = end + 1;
    this.nextEnd = -1;
    this.line++;
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

function parseHeader(lines: Lines, text: string): TranscriptHeader {
  const open = lines.line + 1;
  const from = lines.offset;
  lines.expect((l) => l === '{', "expected '{' opening the header JSON");
  for (;;) {
    const line = lines.take();
    if (line === null) throw lines.error(`unexpected end of transcript inside the header JSON opened on line ${open}`);
    if (line === '}') break;
    if (!line.startsWith('  "')) throw lines.error("expected an indented header JSON property or a closing '}'", lines.line);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.slice(from, lines.offset - 1));
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
    let count = 0;
    for (let i = 0; i < len; i++, count++) {
      const c = value.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
        const d = value.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
    }
    if (count > FRAGMENT_CODE_POINTS) {
      throw lines.error(`fragment has ${count} code points, more than ${FRAGMENT_CODE_POINTS}`, lines.line);
    }
  }
  return value;
}

/** Checks the options of {@link readTranscript}; a bad one is a caller's bug, INVALID_CONFIG. */
function checkOptions(options: ReadTranscriptOptions | undefined): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) {
    throw new SessionReferenceError('readTranscript: options must be an object', SessionReferenceErrorCode.INVALID_CONFIG);
  }
  const { allowUnterminated, maxBytes } = options;
  if (allowUnterminated !== undefined && typeof allowUnterminated !== 'boolean') {
    throw new SessionReferenceError('readTranscript: allowUnterminated must be a boolean', SessionReferenceErrorCode.INVALID_CONFIG);
  }
  if (maxBytes !== undefined && !isSeq(maxBytes)) {
    throw new SessionReferenceError(
      'readTranscript: maxBytes must be a non-negative safe integer',
      SessionReferenceErrorCode.INVALID_CONFIG,
    );
  }
}

/**
 * Strictly parses a transcript produced by {@link renderTranscript}, in time linear in its size.
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
  const capture = parseHeader(lines, text);
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
          `truncated or edited: the end line counts ${digits(end[1]!)} messages but ${messages.length} were read`,
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
      throw lines.error(`expected message number ${index}, found ${digits(match[1]!)}`, lines.line);
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

    // Two-level join: batches of decoded fragments are joined early so the fragment strings die young.
    const parts: string[] = [];
    let batch: string[] = [];
    for (let next: string | null = first; next !== null && next !== ''; next = lines.peek()) {
      batch.push(parseFragment(lines.take() as string, lines));
      if (batch.length >= LINES_PER_CHUNK) {
        parts.push(batch.join(''));
        batch = [];
      }
    }
    parts.push(batch.join(''));
    message.text = parts.length === 1 ? parts[0]! : parts.join('');
  }
}

/**
 * Finds every occurrence of `phrase` in the decoded text of every message of a transcript:
 * exact UTF-16 code-unit matches (so a phrase may straddle fragment lines or contain
 * characters that are escaped in the file), overlapping ones included, in order of message
 * then offset. `transcript` is the transcript text, read with {@link readTranscript} and
 * `options`, or a transcript it already read. The search is the engine's `indexOf`, restarted
 * one unit after each match.
 *
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE` for an empty phrase
 *   (it would match at every offset) or a malformed transcript.
 */
export function findInTranscript(
  transcript: string | ParsedTranscript,
  phrase: string,
  options?: ReadTranscriptOptions,
): TranscriptMatch[] {
  if (typeof phrase !== 'string' || phrase.length === 0) {
    throw invalid('findInTranscript: the phrase must be a non-empty string');
  }
  const { messages } =
    typeof transcript === 'object' && transcript !== null && Array.isArray(transcript.messages)
      ? transcript
      : readTranscript(transcript as string, options);
  const found: TranscriptMatch[] = [];
  for (const message of messages) {
    const text = message.text;
    for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
      found.push({ message: message.index, offset: at });
    }
  }
  return found;
}
