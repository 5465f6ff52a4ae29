/** Mention rewriting over a message's content blocks: each text block's mentions become readable `@label` text. */
import type { SessionReferenceInput } from '../types.ts';
import { rewriteSessionReferenceText } from './uri.ts';

/** A content block as mention rewriting sees it: text blocks are rewritten, every other block is kept as it is. */
export type ContentBlockLike = { readonly type: string; readonly text?: unknown };

/** Content blocks with their mentions rewritten to readable `@label` text, and the references found, in order. */
export interface RewrittenContent<Block> {
  /** The blocks: each text block that held a mention is a new block with the readable text; others are the input blocks. */
  content: Block[];
  /** Every reference found, in appearance order across blocks, duplicates included. */
  references: SessionReferenceInput[];
}

/**
 * Rewrites the canonical mentions in every text block of one message, in order, leaving other
 * blocks in place; each mention is written as `@` + `readable(label)` (the label as it stands when
 * none is given), and the references keep their labels as written. Throws INVALID_REFERENCE for a
 * malformed explicit mention.
 */
export function rewriteMentions<Block extends ContentBlockLike>(
  blocks: readonly Block[],
  readable: (label: string) => string = (label) => label,
): RewrittenContent<Block> {
  const references: SessionReferenceInput[] = [];
  const content = blocks.map((block) => {
    if (block.type !== 'text' || typeof block.text !== 'string') return block;
    const parsed = rewriteSessionReferenceText(block.text, readable);
    if (parsed.references.length === 0) return block;
    references.push(...parsed.references);
    return { ...block, text: parsed.text };
  });
  return { content, references };
}
