/** A saved transcript checked apart from src's writer: it reads back to the exact header and full projected conversation of its source, in lines of bounded length. */
import { SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import { readTranscript } from '../../src/transcript/read.ts';
import type { ExpectedSource } from './expected-source.ts';
import { show } from './show.ts';

/** The saved transcript decodes to the exact full projected conversation and header. */
export function checkTranscript(
  content: string,
  source: ExpectedSource,
  where: string,
  check: (ok: boolean, message: () => string) => boolean,
): void {
  let parsed: ReturnType<typeof readTranscript>;
  try {
    parsed = readTranscript(content);
  } catch (error) {
    check(false, () => `${where}: transcript does not read back: ${(error as Error).message}`);
    return;
  }
  const header = {
    sessionId: source.sessionId,
    label: source.label,
    cwd: source.cwd,
    capturedThroughSeq: source.capturedThroughSeq,
    capturedFormatVersion: source.capturedFormatVersion ?? SESSION_FORMAT_VERSION,
  };
  check(show(parsed.capture, Infinity) === show(header, Infinity), () => `${where}: transcript header ${show(parsed.capture)}`);
  const messages = parsed.messages;
  if (
    !check(
      messages.length === source.messages.length,
      () => `${where}: transcript has ${messages.length} messages, expected ${source.messages.length}`,
    )
  )
    return;
  let bad = -1;
  for (let j = 0; j < messages.length; j++) {
    const got = messages[j]!;
    const want = source.messages[j]!;
    if (got.index !== j + 1 || got.role !== want.role || got.text !== want.text || (got.checkpoint === true) !== want.checkpoint) {
      bad = j;
      break;
    }
  }
  check(bad === -1, () => `${where}: transcript message ${bad + 1} differs: ${show(messages[bad])} vs ${show(source.messages[bad])}`);
  let longest = 0;
  for (const line of content.split('\n')) if (line.startsWith('"') && line.length > longest) longest = line.length;
  check(longest <= 386, () => `${where}: a transcript fragment line has ${longest} characters`);
}
