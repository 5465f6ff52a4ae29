/** Byte accounting of the budgeted object: its frame with an empty conversation and each conversation item's fixed part. */
import { decimalDigits } from './cut.ts';
import { tagSafeByteLength } from './tag-safe-json.ts';
import type { SourceCapture } from './shapes.ts';

const USER_WRAPPER_BYTES = tagSafeByteLength({ role: 'user', text: '' }) - 2;
const ASSISTANT_WRAPPER_BYTES = tagSafeByteLength({ role: 'assistant', text: '' }) - 2;
/** `,"message":` without the number. */
const MESSAGE_KEY_BYTES = tagSafeByteLength({ role: 'user', text: '', message: 0 }) - tagSafeByteLength({ role: 'user', text: '' }) - 1;

/** Tag-safe JSON bytes of a `{role, text}` item without its text's JSON (quotes included) and without a separating comma. */
export function wrapperBytes(role: 'user' | 'assistant'): number {
  return role === 'assistant' ? ASSISTANT_WRAPPER_BYTES : USER_WRAPPER_BYTES;
}

/** Tag-safe JSON bytes an item's `"message"` key adds at 1-based `position`: `,"message":N`. */
export function messageKeyBytes(position: number): number {
  return MESSAGE_KEY_BYTES + decimalDigits(position);
}

/** Tag-safe JSON bytes of the budgeted object of `capture` with an empty conversation. */
export function baseBytes(capture: SourceCapture): number {
  return tagSafeByteLength({
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation: [],
  });
}
