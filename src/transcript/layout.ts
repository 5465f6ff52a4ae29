/** The full-transcript format shared by writer and reader: layout lines, the header shape, the checks of a header and of a capture, the format's error. */
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';

/** Most code points one fragment line carries; with 6-character escapes a line stays within 2 + 64 × 6 = 386 characters. */
export const FRAGMENT_CODE_POINTS = 64;

/** First line of every transcript. */
export const TITLE = '## Referenced session — full transcript';

/** The one explanation line written before the messages; a transcript that carries it must end with its end line. */
export const EXPLANATION =
  'Each message below is a heading followed by lines that are JSON strings, each a fragment of at most ' +
  `${FRAGMENT_CODE_POINTS} Unicode code points; JSON-decode every line and concatenate a message's fragments ` +
  'in order to get its exact text. A heading marked (checkpoint) holds a compaction summary. A complete ' +
  'transcript ends with the line "### End of transcript: <n> messages".';

/** A message heading: its 1-based number, its role and the optional checkpoint marker. */
export const HEADING = /^### Message (\d+): (user|assistant)( \(checkpoint\))?$/;

/** The last line of a complete transcript: its message count, so a cut-off file is detectable. */
export const END_LINE = /^### End of transcript: (0|[1-9]\d*) messages$/;

/** The end line for `count` messages. */
export const endLine = (count: number): string => `### End of transcript: ${count} messages`;

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

/** An INVALID_REFERENCE error: a transcript (or a capture to write as one) that breaks the format. */
export function invalid(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}

/** A non-negative safe integer, as seqs, versions and counts are. */
export function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The reason `header` is not a valid transcript header, or undefined when it is. */
export function headerProblem(header: Record<string, unknown>): string | undefined {
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

/**
 * The reason `value` is not a capture the writer and retention can work on (its header fields, then
 * each message's role and text, in one pass over the messages, not over their texts), or undefined.
 */
export function captureProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return 'the capture is not an object';
  const problem = headerProblem(value as Record<string, unknown>);
  if (problem !== undefined) return problem;
  const messages = (value as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return 'messages must be an array';
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m] as { role?: unknown; text?: unknown } | null;
    if (message === null || typeof message !== 'object' || (message.role !== 'user' && message.role !== 'assistant')) {
      return `message ${m + 1} has an unknown role`;
    }
    if (typeof message.text !== 'string') return `message ${m + 1} text is not a string`;
  }
  return undefined;
}
