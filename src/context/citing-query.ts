/** The text focused retention searches for: the citing message as the model reads it, its mentions' labels left out. */
import type { ContentBlockLike } from '../mentions/rewrite.ts';
import { parseSessionReferenceText } from '../mentions/uri.ts';

/**
 * The readable text of a citing message: its text blocks joined with `\n`, each canonical mention
 * rewritten to `@label` (a block already readable stays as it is; one whose mention does not parse
 * is read as written), and then every `@label` of its own mentions and of `labels` removed. The
 * content is only read.
 */
export function citingQueryText(content: readonly ContentBlockLike[], labels: readonly string[]): string {
  const cited = new Set(labels);
  const parts: string[] = [];
  for (const block of content) {
    if (block.type !== 'text' || typeof block.text !== 'string') continue;
    let text = block.text;
    try {
      const parsed = parseSessionReferenceText(text);
      text = parsed.text;
      for (const reference of parsed.references) cited.add(reference.label);
    } catch {
      // A malformed mention is prepare's caller's business; the query reads the text as written.
    }
    parts.push(text);
  }
  let query = parts.join('\n');
  const longestFirst = [...cited].filter((label) => label !== '').sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const label of longestFirst) query = query.split(`@${label}`).join(' ');
  return query;
}
