/** Reading a prepared context message: its text, its framed previews, its omission notices (checked to be one tag-safe line) and its message source. */
import { expect } from 'vitest';
import type { ReferencePreview } from '../../src/context/prepare-data.ts';
import type { PreparedReferencedMessage, SessionReferenceSource } from '../../src/types.ts';

/** The text of the context message `prepare` published. */
export function contextText(result: PreparedReferencedMessage): string {
  const block = result.additionalContext?.content[0];
  if (block?.type !== 'text') throw new Error('no context text');
  return block.text;
}

type Preview = ReferencePreview;

/** The framed previews of a context text. */
export function previewsOf(text: string): Preview[] {
  const open = '<referenced-sessions>\n';
  const start = text.indexOf(open) + open.length;
  return JSON.parse(text.slice(start, text.indexOf('\n</referenced-sessions>'))) as Preview[];
}

const OMISSIONS = '\n\n## Reference omissions\n\n';

/** The notices after `## Reference omissions` and its explanation line, or undefined when there is no section. */
export function noticesOf(text: string): unknown[] | undefined {
  const at = text.indexOf(OMISSIONS);
  if (at < 0) return undefined;
  expect(text.indexOf(OMISSIONS, at + 1)).toBe(-1);
  const section = text.slice(at + OMISSIONS.length);
  const newline = section.indexOf('\n');
  const explanation = section.slice(0, newline);
  expect(explanation.length).toBeGreaterThan(0);
  expect(explanation).not.toContain('[');
  const json = section.slice(newline + 1);
  expect(json).not.toContain('<'); // tag-safe
  expect(json).not.toContain('\n');
  return JSON.parse(json) as unknown[];
}

/** The message source of the context message `prepare` published. */
export function sourceOf(result: PreparedReferencedMessage): SessionReferenceSource {
  return result.additionalContext!.source as unknown as SessionReferenceSource;
}
