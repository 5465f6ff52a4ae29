/** Assertions on transcripts: a round trip through the writer and the reader, and the message a rejected transcript gets. */
import { expect } from 'vitest';
import type { SourceCapture } from '../../src/context/prepare-data.ts';
import { SessionReferenceErrorCode, isSessionReferenceError } from '../../src/errors.ts';
import { readTranscript } from '../../src/transcript/read.ts';
import type { ReadTranscriptOptions } from '../../src/transcript/read.ts';
import { renderTranscript } from '../../src/transcript/write.ts';

/** Renders, checks every line's length and the fragment invariants, reads back, and returns the decoded texts. */
export function roundTrip(source: SourceCapture): string[] {
  const text = renderTranscript(source);
  expect(text.endsWith('\n')).toBe(true);
  expect(text.endsWith('\n\n')).toBe(false);
  for (const line of text.slice(0, -1).split('\n')) {
    expect(line.length).toBeLessThanOrEqual(386);
    if (line.startsWith('"')) {
      const fragment = JSON.parse(line) as string;
      expect(Array.from(fragment).length).toBeLessThanOrEqual(64);
      expect(fragment.length).toBeGreaterThan(0);
    }
  }
  const parsed = readTranscript(text);
  expect(parsed.capture).toEqual({
    sessionId: source.sessionId,
    label: source.label,
    cwd: source.cwd,
    capturedThroughSeq: source.capturedThroughSeq,
    capturedFormatVersion: source.capturedFormatVersion,
  });
  expect(parsed.messages.length).toBe(source.messages.length);
  parsed.messages.forEach((message, i) => {
    const original = source.messages[i]!;
    expect(message.index).toBe(i + 1);
    expect(message.role).toBe(original.role);
    expect(message.checkpoint === true).toBe(original.checkpoint);
    expect(message.text === original.text).toBe(true);
  });
  return parsed.messages.map((m) => m.text);
}

/** The INVALID_REFERENCE message `readTranscript(text, options)` throws, failing the test when it reads. */
export function rejection(text: string, options?: ReadTranscriptOptions): string {
  try {
    readTranscript(text, options);
  } catch (error) {
    expect(isSessionReferenceError(error, SessionReferenceErrorCode.INVALID_REFERENCE)).toBe(true);
    return (error as Error).message;
  }
  return expect.unreachable(`read a transcript that should be rejected: ${JSON.stringify(text.slice(-80))}`);
}
