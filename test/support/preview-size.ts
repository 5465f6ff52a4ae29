/** Byte sizes of a budgeted preview, computed apart from src: tag-safe JSON, UTF-8, and the smallest and the full preview of a source. */
import { Buffer } from 'node:buffer';
import type { ExpectedSource } from './expected-source.ts';

/** The automatic budget floor (and default): 64 KiB. */
export const DEFAULT_BUDGET = 65_536;

/** `JSON.stringify` with every `<` written as `\u003c`, computed independently of src. */
export function tagSafe(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** UTF-8 bytes, a lone surrogate counting 3. */
export function utf8(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Serialised cost of a budgeted preview object. */
export function previewBytes(preview: unknown): number {
  return utf8(tagSafe(preview));
}

function budgetedObject(source: ExpectedSource, conversation: { role: string; text: string }[]) {
  return {
    sessionId: source.sessionId,
    label: source.label,
    cwd: source.cwd,
    capturedThroughSeq: source.capturedThroughSeq,
    conversation,
  };
}

/** Size of the smallest preview retention can produce: checkpoints and the newest item, all with empty text. */
export function minimalPreviewBytes(source: ExpectedSource): number {
  const n = source.messages.length;
  const mandatory = source.messages.filter((m, i) => m.checkpoint || i === n - 1).map((m) => ({ role: m.role, text: '' }));
  return previewBytes(budgetedObject(source, mandatory));
}

/** Size of the untruncated preview. */
export function fullPreviewBytes(source: ExpectedSource): number {
  return previewBytes(
    budgetedObject(
      source,
      source.messages.map((m) => ({ role: m.role, text: m.text })),
    ),
  );
}
