/** Redaction of whole captures: every label and message text of every source in one batched scan, right after capture. */
import { redactTexts } from './redact.ts';
import type { SourceCapture } from '../context/prepare-data.ts';

/**
 * The captures with every credential in their labels and message texts replaced by
 * `[REDACTED <kind>]`, each carrying how many values it lost in `redactedSecrets`; all sources go
 * through one scan; a capture that lost values records how many, and its transcript header shows
 * it. With `enabled: false` the very same captures come back. An abort of `signal`
 * rejects with the signal's reason.
 */
export async function redactCaptures(
  captures: readonly SourceCapture[],
  options: { enabled: boolean; signal?: AbortSignal },
): Promise<SourceCapture[]> {
  if (!options.enabled) return [...captures];
  const texts: string[] = [];
  for (const capture of captures) {
    texts.push(capture.label);
    for (const message of capture.messages) texts.push(message.text);
  }
  const { texts: redacted, counts } = await redactTexts(texts, options.signal ? { signal: options.signal } : {});
  let at = 0;
  return captures.map((capture) => {
    const labelAt = at++;
    let redactedSecrets = counts[labelAt] ?? 0;
    const messages = capture.messages.map((message) => {
      const i = at++;
      const count = counts[i] ?? 0;
      redactedSecrets += count;
      return count === 0 ? message : Object.freeze({ ...message, text: redacted[i] ?? message.text });
    });
    if (redactedSecrets === 0) return capture;
    return Object.freeze({ ...capture, label: redacted[labelAt] ?? capture.label, messages: Object.freeze(messages), redactedSecrets });
  });
}
