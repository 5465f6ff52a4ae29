/** Turns a current transcript into one as written before the end line existed: the old explanation line, no end line. */

/** The explanation line transcripts carried before they announced the end line. */
export const LEGACY_EXPLANATION =
  'Each message below is a heading followed by lines that are JSON strings, each a fragment of at most 64 ' +
  "Unicode code points; JSON-decode every line and concatenate a message's fragments in order to get its " +
  'exact text. A heading marked (checkpoint) holds a compaction summary.';

/** `text` split before its end line: the body, and the end line with what follows it. */
export function splitEnd(text: string): [string, string] {
  const at = text.lastIndexOf('\n### End of transcript: ');
  return [text.slice(0, at), text.slice(at)];
}

/** `text` as a pre-end-line writer would have written it. */
export function legacy(text: string): string {
  const [body] = splitEnd(text);
  const lines = body.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Each message below is a heading'));
  lines[at] = LEGACY_EXPLANATION;
  return lines.join('\n');
}
