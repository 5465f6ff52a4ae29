/** Phrase search over the decoded message texts of a transcript. */
import { invalid } from './layout.ts';
import { readTranscript } from './read.ts';
import type { ParsedTranscript, ReadTranscriptOptions } from './read.ts';

/** One occurrence found by {@link findInTranscript}. */
export interface TranscriptMatch {
  /** 1-based message number. */
  message: number;
  /** UTF-16 offset of the occurrence within the message's decoded text. */
  offset: number;
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
  const given = transcript as string | ParsedTranscript | null; // untyped callers may pass null
  const { messages } =
    typeof given === 'object' && given !== null && Array.isArray(given.messages) ? given : readTranscript(given as string, options);
  const found: TranscriptMatch[] = [];
  for (const message of messages) {
    const text = message.text;
    for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
      found.push({ message: message.index, offset: at });
    }
  }
  return found;
}
