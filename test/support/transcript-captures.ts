/** Captures for the transcript tests: message and capture builders, a six-message source ending each way a message can, and generated captures biased to what the format must escape or not split. */
import fc from 'fast-check';
import type { ProjectedMessage, SourceCapture } from '../../src/context/prepare-data.ts';

/** A user message, a checkpoint when asked. */
export const user = (text: string, checkpoint = false): ProjectedMessage => ({ role: 'user', text, checkpoint });
/** An assistant message. */
export const assistant = (text: string): ProjectedMessage => ({ role: 'assistant', text, checkpoint: false });

/** A capture of `messages` with fixed header facts, `extra` overriding them. */
export function capture(messages: ProjectedMessage[], extra: Partial<SourceCapture> = {}): SourceCapture {
  return {
    sessionId: 'src-1',
    label: 'Source one',
    cwd: '/work',
    capturedThroughSeq: 12,
    capturedFormatVersion: 1,
    messages,
    ...extra,
  };
}

/** Six messages: a checkpoint, escapes and `<`, empty messages, a lone surrogate past a fragment boundary, and a last one. */
export const SIX_MESSAGES = capture([
  user('cp summary', true),
  user('hi "there"\n<x>'),
  assistant(''),
  assistant('😀'.repeat(65) + '\uD800 lone'),
  user(''),
  user('last'),
]);

// Full-range unicode units biased towards the characters the format has to escape or must not split.
export const unit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((cu) => String.fromCharCode(cu)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'a',
      'b',
      '\n',
      '"',
      '\\',
      '<',
      '\u0000',
      '\u001f',
      '\u2028',
      '\u2029',
      '😀',
      '界',
      '\uD83D',
      '\uDE00',
      '\r',
    ),
  },
);
const text = fc.string({ unit, minLength: 0, maxLength: 300 });
const message = fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), text, checkpoint: fc.boolean() });
export const captureArb = fc.record({
  sessionId: fc.string({ unit, maxLength: 20 }),
  label: fc.string({ unit, maxLength: 20 }),
  cwd: fc.option(fc.string({ unit, maxLength: 20 }), { nil: null }),
  capturedThroughSeq: fc.option(fc.nat(), { nil: null }),
  capturedFormatVersion: fc.nat(5),
  messages: fc.array(message, { maxLength: 8 }),
});
