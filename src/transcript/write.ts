/** The transcript writer: a capture rendered as one string or streamed as chunks of whole lines. */
import type { ProjectedMessage, SourceCapture } from '../context/shapes.ts';
import { TRANSCRIPT_INTRO, UNTRUSTED_WARNING } from '../context/warning.ts';
import { putFragmentLines, putLine, takeUnits } from './escaper.ts';
import type { UnitBuffer } from './escaper.ts';
import { endLine, EXPLANATION, FRAGMENT_CODE_POINTS, headerProblem, invalid, TITLE } from './format.ts';
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
  return `### Message ${m + 1}: ${message.role}${message.checkpoint === true ? ' (checkpoint)' : ''}`;
}

/**
 * Chunks of a rendered transcript. Every chunk lives until the final join; at 128 Ki characters
 * V8 allocates a string in large-object space, where the collector never copies it, while the
 * lines awaiting a chunk stay few and die young. The unit buffer other lines are written into is
 * far larger (4 MiB, its pages touched only as it fills), so a two-byte transcript makes few, big
 * chunks: on a 10,000-message chat that cut the render's main-thread CPU by about a fifth against
 * 128 Ki-unit chunks, mostly in string conversion and collection (bench/transcript.bench.ts).
 */
const CHUNK_CHARS = 1 << 17;
const CHUNK_UNITS = 1 << 21;

/** Any character outside Latin-1 (so any surrogate); a Latin-1 text is cut every 64 units. */
const NON_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * The transcript of `capture` as chunks of whole lines, each ending with `\n`; their
 * concatenation is the transcript. Lines of Latin-1 texts are collected as strings and joined
 * into chunks of at least {@link CHUNK_CHARS} characters; lines of other texts are written into a
 * buffer of {@link CHUNK_UNITS} units whose every fill is one chunk. A chunk never mixes the two, so a Latin-1 chunk stays
 * a one-byte string.
 *
 * A Latin-1 text has no surrogate, so its fragments are its runs of 64 units, each line
 * `JSON.stringify(fragment)` (the engine's escaper is fastest on one-byte strings); any other
 * text goes through {@link putFragmentLines}.
 */
function* transcriptText(capture: SourceCapture): Generator<string, void, undefined> {
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
        if (chars >= CHUNK_CHARS) yield takeLines();
      }
      continue;
    }
    if (lines.length > 0) yield takeLines();
    buffer ??= { units: new Uint16Array(CHUNK_UNITS), length: 0 };
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
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_REFERENCE` if the capture's metadata or a message's role/text has the wrong type, so every rendered
 *   transcript reads back with `readTranscript`.
 */
export function renderTranscript(capture: SourceCapture): string {
  assertRenderable(capture);
  const chunks: string[] = [];
  for (const chunk of transcriptText(capture)) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : chunks.join('');
}
