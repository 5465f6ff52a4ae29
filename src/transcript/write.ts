/** The transcript writer: a capture rendered as one string or streamed as chunks of whole lines. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProjectedMessage, SourceCapture } from '../context/shapes.ts';
import { TRANSCRIPT_INTRO, UNTRUSTED_WARNING } from '../context/warning.ts';
import {
  denseInEscapes,
  escapeLatin1,
  putEscapedLines,
  putFragmentLines,
  putLatin1,
  putLatin1FragmentLines,
  putUnits,
  takeBytes,
  takeUnits,
} from './escaper.ts';
import type { ByteBuffer, UnitBuffer } from './escaper.ts';
import { endLine, EXPLANATION, headerProblem, invalid, TITLE } from './format.ts';
import type { TranscriptHeader } from './format.ts';

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
  const checkpoint: unknown = message.checkpoint; // only `true` marks one, as a capture from untyped code may hold anything
  return `### Message ${m + 1}: ${message.role}${checkpoint === true ? ' (checkpoint)' : ''}`;
}

/**
 * Units (bytes for Latin-1 texts) per chunk of a rendered transcript. Texts are escaped straight
 * into a buffer this size, whose every fill is one chunk; no per-line string is made, which on a
 * chat of 10,000 ASCII messages cut the render by more than half and most of its collection
 * (bench/prepare-shapes.bench.ts). At 2 Mi units a fill takes a few ms, the longest the render holds
 * the event loop between two chunks.
 */
const CHUNK_UNITS = 1 << 21;

/** The escape of a Latin-1 text up to this size reuses one buffer per render; a longer one gets its own. */
const SCRATCH_BYTES = 1 << 16;

/** Any character outside Latin-1 (so any surrogate). */
const NON_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * The transcript of `capture` as chunks of whole lines, each ending with `\n`; their
 * concatenation is the transcript. The preamble is one chunk; then the lines of Latin-1 texts are
 * written into a byte buffer (one-byte chunks) and those of other texts into a UTF-16 unit buffer,
 * a chunk at each fill or when the kind of text changes.
 */
function* transcriptText(capture: SourceCapture): Generator<string, void, undefined> {
  yield `${preamble(capture)}\n`;
  let bytes: ByteBuffer | undefined;
  let units: UnitBuffer | undefined;
  let scratch: Buffer | undefined;
  const messages = capture.messages;
  for (const [m, message] of messages.entries()) {
    const text = message.text;
    const n = text.length;
    // A blank line, the heading, and a blank line before the fragments of a non-empty text.
    const opening = `\n${headingOf(message, m)}\n${n > 0 ? '\n' : ''}`;
    if (!NON_LATIN1.test(text)) {
      if (units !== undefined && units.length > 0) yield takeUnits(units);
      bytes ??= { bytes: new Uint8Array(CHUNK_UNITS), length: 0 };
      if (!putLatin1(bytes, opening)) {
        yield takeBytes(bytes);
        putLatin1(bytes, opening);
      }
      if (n > 0 && denseInEscapes(text)) {
        for (let start = 0; start < n;) {
          start = putLatin1FragmentLines(bytes, text, start);
          if (start < n) yield takeBytes(bytes);
        }
      } else if (n > 0) {
        scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES);
        const escaped = escapeLatin1(text, scratch);
        while (!putEscapedLines(bytes, escaped)) yield takeBytes(bytes);
      }
      continue;
    }
    if (bytes !== undefined && bytes.length > 0) yield takeBytes(bytes);
    units ??= { units: new Uint16Array(CHUNK_UNITS), length: 0 };
    if (!putUnits(units, opening)) {
      yield takeUnits(units);
      putUnits(units, opening);
    }
    for (let start = 0; start < n;) {
      start = putFragmentLines(units, text, start);
      if (start < n) yield takeUnits(units);
    }
  }
  if (units !== undefined && units.length > 0) yield takeUnits(units);
  if (bytes !== undefined && bytes.length > 0) yield takeBytes(bytes);
  yield `\n${endLine(messages.length)}\n`;
}

/**
 * Renders the full transcript of `capture`: all messages, untruncated. Time and memory are
 * linear in the text size: the text is built once, then joined once. The type check of the
 * capture is one pass over its messages, not over their texts.
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
 * The package itself renders with {@link renderTranscriptAsync}, which writes the same text; this
 * one, holding the event loop for the whole render, is for tests and benches, which need the text
 * in synchronous code.
 *
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE` if the capture's metadata or a message's role/text has the wrong type, so every rendered
 *   transcript reads back with `readTranscript`.
 * @internal
 */
export function renderTranscript(capture: SourceCapture): string {
  assertRenderable(capture);
  const chunks: string[] = [];
  for (const chunk of transcriptText(capture)) chunks.push(chunk);
  return chunks.join('');
}

/**
 * {@link renderTranscript}, giving the event loop back after every chunk, so that rendering a
 * large capture never holds it longer than one chunk's fill.
 */
export async function renderTranscriptAsync(capture: SourceCapture): Promise<string> {
  assertRenderable(capture);
  const chunks: string[] = [];
  for (const chunk of transcriptText(capture)) {
    chunks.push(chunk);
    if (chunk.length >= CHUNK_UNITS >> 1) await nextTurn();
  }
  return chunks.join('');
}
