/**
 * Reference mention parser for tests: at every position a sticky regex per shape, taken
 * from the grammar's wording; quadratic at worst and written apart from src/mentions.
 */
import { decodeSessionReferenceUri } from '../../src/mentions/uri.ts';

/** (A) `@[` LABEL `](dsh-session:` PAYLOAD `)`: LABEL escapes are `\` + one non-line-terminator. */
const MARKDOWN_MENTION = /@\[((?:\\[^\n\r\u2028\u2029]|[^\\\]])*)\]\((dsh-session:[^\s)]*)\)/y;
/** (B) the scheme and one or more base64url characters. */
const BARE_URI = /dsh-session:[A-Za-z0-9_-]+/y;

/** `{ text, references }`: each mention rewritten to `@label` and listed in order; throws what decoding throws. */
export function parseMentionsLiterally(input: string): { text: string; references: { sessionId: string; label: string }[] } {
  let text = '';
  const references: { sessionId: string; label: string }[] = [];
  for (let i = 0; i < input.length;) {
    MARKDOWN_MENTION.lastIndex = i;
    const mention = MARKDOWN_MENTION.exec(input);
    if (mention !== null) {
      const label = mention[1]!.replace(/\\(.)/gsu, '$1');
      references.push({ sessionId: decodeSessionReferenceUri(mention[2]!), label });
      text += `@${label}`;
      i += mention[0].length;
      continue;
    }
    BARE_URI.lastIndex = i;
    const uri = BARE_URI.exec(input);
    if (uri !== null) {
      const sessionId = decodeSessionReferenceUri(uri[0]);
      references.push({ sessionId, label: sessionId });
      text += `@${sessionId}`;
      i += uri[0].length;
      continue;
    }
    text += input[i];
    i++;
  }
  return { text, references };
}
