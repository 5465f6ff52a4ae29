/** The `transcript` command: a saved full transcript decoded with the package's reader, shown message by message or searched. */
import { readTranscript } from '../transcript/read.ts';
import type { ParsedTranscript, ReadTranscriptOptions, TranscriptMessage } from '../transcript/read.ts';
import { findInTranscript } from '../transcript/search.ts';
import { UsageError } from './command-args.ts';
import type { Io } from './output-channel.ts';
import { cellSafe, heading } from './text-layout.ts';

/** Options of {@link runTranscript}. */
export interface TranscriptOptions {
  /** The transcript's text. */
  text: string;
  /** Show (or search) only this 1-based message. */
  message?: number;
  /** Print the exact matches of this phrase instead of the messages. */
  grep?: string;
  /** Print JSON. */
  json: boolean;
  /** Accept a transcript without its closing `### End of transcript` line (written before it existed), with a warning. */
  allowUnterminated?: boolean;
  /** Largest transcript, in UTF-8 bytes, the reader accepts (`--max-input-bytes`). */
  maxBytes?: number;
}

/** One `--grep` hit: where it is and the text around it. */
export interface TranscriptHit {
  /** 1-based message number. */
  message: number;
  /** UTF-16 offset in the message's decoded text. */
  offset: number;
  /** The match with up to {@link HIT_CONTEXT} code units of text on each side, never splitting a surrogate pair. */
  text: string;
}

/** Code units of surrounding text kept on each side of a `--grep` match. */
export const HIT_CONTEXT = 40;

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The excerpt of `text` around `[offset, offset + length)`, widened so no surrogate pair is cut. */
function excerpt(text: string, offset: number, length: number): { start: number; end: number } {
  let start = Math.max(0, offset - HIT_CONTEXT);
  let end = Math.min(text.length, offset + length + HIT_CONTEXT);
  if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start--;
  if (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end++;
  return { start, end };
}

/**
 * Decodes a saved transcript with the package's reader and prints its messages (all, or `--message N`), or with
 * `--grep` the exact matches of a phrase with their surrounding text; `--json` prints the reader's result or the
 * array of hits.
 */
export function runTranscript(io: Io, options: TranscriptOptions): ParsedTranscript | TranscriptHit[] {
  const readOptions: ReadTranscriptOptions = {
    ...(options.allowUnterminated === true ? { allowUnterminated: true } : {}),
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  };
  const parsed = readTranscript(options.text, readOptions);
  if (parsed.unterminated === true) {
    io.err.line(
      io.err.c.yellow('warning: the transcript has no "### End of transcript" line, so it may be cut off (read with --allow-unterminated)'),
    );
  }
  if (options.message !== undefined && options.message > parsed.messages.length) {
    throw new UsageError(`--message ${options.message}: the transcript has ${parsed.messages.length} message(s)`);
  }
  const selected: TranscriptMessage[] =
    options.message === undefined ? parsed.messages : parsed.messages.filter((m) => m.index === options.message);

  if (options.grep !== undefined) {
    const phrase = options.grep;
    const hits: TranscriptHit[] = findInTranscript(parsed, phrase)
      .filter((hit) => options.message === undefined || hit.message === options.message)
      .map((hit) => {
        const text = parsed.messages[hit.message - 1]!.text;
        const { start, end } = excerpt(text, hit.offset, phrase.length);
        return { message: hit.message, offset: hit.offset, text: text.slice(start, end) };
      });
    if (options.json) {
      io.out.lines(`${JSON.stringify(hits, null, 2)}\n`);
      return hits;
    }
    const { out } = io;
    const c = out.c;
    for (const hit of hits) {
      const message = parsed.messages[hit.message - 1]!;
      const { start, end } = excerpt(message.text, hit.offset, phrase.length);
      const before = message.text.slice(start, hit.offset);
      const match = message.text.slice(hit.offset, hit.offset + phrase.length);
      const after = message.text.slice(hit.offset + phrase.length, end);
      out.line(
        `${c.cyan(`message ${hit.message}`)} ${c.dim(`offset ${hit.offset}`)}  ` +
          `${start > 0 ? c.dim('…') : ''}${cellSafe(before)}${c.bold(c.yellow(cellSafe(match)))}${cellSafe(after)}${end < message.text.length ? c.dim('…') : ''}`,
      );
    }
    io.err.line(c.dim(`${hits.length} match${hits.length === 1 ? '' : 'es'} of ${JSON.stringify(phrase)}`));
    return hits;
  }

  if (options.json) {
    const result: ParsedTranscript = { ...parsed, messages: selected };
    io.out.lines(`${JSON.stringify(result, null, 2)}\n`);
    return result;
  }
  const { out } = io;
  const c = out.c;
  const { capture } = parsed;
  out.lines(heading(`Transcript of ${cellSafe(capture.label)}`, c, `session ${cellSafe(capture.sessionId)}`));
  out.line(
    c.dim(
      `cwd ${cellSafe(capture.cwd ?? '-')} · captured through seq ${capture.capturedThroughSeq ?? '-'} · format v${capture.capturedFormatVersion} · ${parsed.messages.length} message(s)`,
    ),
  );
  for (const message of selected) {
    out.line();
    out.line(c.bold(`### Message ${message.index}: ${message.role}${message.checkpoint === true ? ' (checkpoint)' : ''}`));
    out.block(message.text);
  }
  return { ...parsed, messages: selected };
}
