/** The text focused retention searches for: the citing message as the model reads it, its mentions' labels left out. */
import type { ContentBlockLike } from '../mentions/rewrite.ts';
import { parseSessionReferenceText } from '../mentions/uri.ts';

/**
 * The readable text of a citing message without the labels it cites: its text blocks joined with
 * `\n`, each canonical mention rewritten to `@label` and that `@label` then left out (a block whose
 * mention does not parse is read as written), and every `@label` of `labels` (the normalised
 * references') left out too. Each left-out label becomes a space. The content is only read; the
 * cost is linear in its text.
 */
export function citingQueryText(content: readonly ContentBlockLike[], labels: readonly string[]): string {
  const parts: string[] = [];
  for (const block of content) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(withoutMentions(block.text));
  }
  let query = parts.join('\n');
  const distinct = [...new Set(labels)].filter((label) => label !== '');
  distinct.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const label of distinct) query = query.split(`@${label}`).join(' ');
  return query;
}

/** `text` with its mentions made readable and each one's `@label` then cut out, in one forward scan. */
function withoutMentions(text: string): string {
  let parsed: ReturnType<typeof parseSessionReferenceText>;
  try {
    parsed = parseSessionReferenceText(text);
  } catch {
    return text;
  }
  // Each mention became `@label` in order, so each is found at or after where the previous one ended.
  let out = '';
  let cursor = 0;
  for (const { label } of parsed.references) {
    const at = parsed.text.indexOf(`@${label}`, cursor);
    if (at < 0) continue;
    out += `${parsed.text.slice(cursor, at)} `;
    cursor = at + 1 + label.length;
  }
  return out + parsed.text.slice(cursor);
}
