/** The transcript layout written the straightforward way, apart from src's writer: fragments from the string iterator (code points, lone surrogates alone). */
import type { SourceCapture } from '../../src/context/prepare-data.ts';
import { TRANSCRIPT_INTRO, UNTRUSTED_WARNING } from '../../src/context/warning.ts';
import { renderTranscript } from '../../src/transcript/write.ts';

/** Straightforward reference writer: the same layout, fragments from the string iterator (code points, lone surrogates alone). */
export function naiveRender(source: SourceCapture): string {
  const { sessionId, label, cwd, capturedThroughSeq, capturedFormatVersion } = source;
  const header = JSON.stringify({ sessionId, label, cwd, capturedThroughSeq, capturedFormatVersion }, null, 2);
  const explanation = renderTranscript({ ...source, messages: [] })
    .split('\n')
    .at(-4)!;
  let out = `## Referenced session — full transcript\n\n${TRANSCRIPT_INTRO}\n${UNTRUSTED_WARNING}\n\n${header}\n\n${explanation}\n`;
  source.messages.forEach((m, i) => {
    out += `\n### Message ${i + 1}: ${m.role}${m.checkpoint ? ' (checkpoint)' : ''}\n`;
    const points = Array.from(m.text);
    if (points.length > 0) out += '\n';
    for (let at = 0; at < points.length; at += 64) out += JSON.stringify(points.slice(at, at + 64).join('')) + '\n';
  });
  return `${out}\n### End of transcript: ${source.messages.length} messages\n`;
}
