/** The transcript writer: a capture rendered as one string, chunk by chunk of whole lines. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProjectedMessage, SourceCapture } from '../context/prepare-data.ts';
import { TRANSCRIPT_INTRO, UNTRUSTED_WARNING } from '../context/warning.ts';
import { escapeLatin1, putEscapedLines, putFragmentLines, putUnits, takeUnits } from './escaper.ts';
import type { ByteBuffer, UnitBuffer } from './escaper.ts';
import { captureProblem, endLine, EXPLANATION, invalid, TITLE } from './layout.ts';
import type { TranscriptHeader } from './layout.ts';

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
 * Units per chunk of a rendered transcript. Texts are escaped straight into a buffer this size,
 * whose every fill is one chunk; at 1 Mi units a fill takes a few ms, the longest the render holds
 * the event loop between two chunks, below the host's own read of that much text.
 */
const CHUNK_UNITS = 1 << 20;

/** The engine's escape of a Latin-1 text up to this size reuses one buffer per render; a longer one gets its own. */
const SCRATCH_BYTES = 1 << 16;

/** Any character outside Latin-1 (so any surrogate). */
const NON_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * The transcript of `capture` as chunks of whole lines, each ending with `\n`; their
 * concatenation is the transcript. The preamble is one chunk; then the lines of Latin-1 texts go
 * into a byte buffer (one-byte chunks, which encode to UTF-8 fastest), copied out of the engine's
 * escape unless the text is dense in escapes, and those of other texts into a UTF-16 buffer, a
 * chunk at each fill or when the kind of text changes.
 */
function* transcriptText(capture: SourceCapture): Generator<string, void, undefined> {
  yield `${preamble(capture)}\n`;
  const bytes: ByteBuffer = { units: new Uint8Array(CHUNK_UNITS), length: 0 };
  let wide: UnitBuffer | undefined;
  let buffer: UnitBuffer = bytes;
  let scratch: Buffer | undefined;
  const messages = capture.messages;
  for (const [m, message] of messages.entries()) {
    const text = message.text;
    const n = text.length;
    const next = NON_LATIN1.test(text) ? (wide ??= { units: new Uint16Array(CHUNK_UNITS), length: 0 }) : bytes;
    if (next !== buffer && buffer.length > 0) yield takeUnits(buffer);
    buffer = next;
    // A blank line, the heading, and a blank line before the fragments of a non-empty text.
    const opening = `\n${headingOf(message, m)}\n${n > 0 ? '\n' : ''}`;
    if (!putUnits(buffer, opening)) {
      yield takeUnits(buffer);
      putUnits(buffer, opening);
    }
    const escaped = buffer === bytes && n > 0 ? escapeLatin1(text, (scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES))) : undefined;
    if (escaped !== undefined) {
      while (!putEscapedLines(bytes, escaped)) yield takeUnits(bytes);
      continue;
    }
    for (let start = 0; start < n;) {
      start = putFragmentLines(buffer, text, start);
      if (start < n) yield takeUnits(buffer);
    }
  }
  if (buffer.length > 0) yield takeUnits(buffer);
  yield `\n${endLine(messages.length)}\n`;
}

/** Throws INVALID_REFERENCE unless the capture's metadata and every message's role and text have the right types. */
function assertRenderable(capture: SourceCapture): void {
  const problem = captureProblem(capture);
  if (problem !== undefined) throw invalid(`cannot render transcript: ${problem}`);
}

/**
 * Renders the full transcript of `capture`, untruncated, in time and memory linear in its text: the
 * title, intro and warning lines, the header JSON (`JSON.stringify(header, null, 2)`) and the
 * explanation; then per message a blank line, its heading and, for a non-empty text, a blank line and
 * one `JSON.stringify(fragment)` line per fragment of at most 64 code points (a pair never split);
 * last a blank line and the end line. Every line ends with `\n` (docs/model-view.md shows the layout).
 *
 * The package itself renders with {@link renderTranscriptAsync}, which writes the same text; this
 * one, holding the event loop for the whole render, is for tests and benches.
 *
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE` if the capture's metadata or
 *   a message's role/text has the wrong type, so every rendered transcript reads back with `readTranscript`.
 * @internal
 */
export function renderTranscript(capture: SourceCapture): string {
  assertRenderable(capture);
  return [...transcriptText(capture)].join('');
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
