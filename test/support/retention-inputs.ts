/** Inputs for the retention tests: captures written by hand or generated with hostile text, their byte sizes, and budgets spread from just under the smallest preview to just over the full one. */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import type { ProjectedMessage, SourceCapture } from '../../src/context/prepare-data.ts';

/** UTF-8 bytes of `s`. */
export const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
/** Bytes of the tag-safe JSON of `v`. */
export const jsonSize = (v: unknown): number => bytes(tagSafeStringify(v));

/** One message of a hand-written source: a user message unless told, not a checkpoint unless told. */
export interface MessageSpec {
  text: string;
  role?: 'user' | 'assistant';
  checkpoint?: boolean;
}

/** A capture of `messages` with plain header facts, `extra` overriding them. */
export function source(messages: MessageSpec[], extra: Partial<SourceCapture> = {}): SourceCapture {
  return {
    sessionId: 's',
    label: 's',
    cwd: null,
    capturedThroughSeq: null,
    capturedFormatVersion: 0,
    messages: messages.map((m) => ({ role: m.role ?? 'user', text: m.text, checkpoint: m.checkpoint ?? false })),
    ...extra,
  };
}

/** Characters that stress sizing and cutting: multi-byte, astral, escaped, the framing tags and lone surrogates. */
export const nastyUnit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', ' ', '0', 'é', '界', '😀', '\u2028', '\u007f') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('<', '</referenced-sessions>', '<referenced-sessions>', '"', '\\', '\n', '\t', '\u0000', '\u001f'),
  },
  { weight: 2, arbitrary: fc.constantFrom('\ud800', '\udc00', '\udbff', '\udfff') },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
);
export const nastyString = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: nastyUnit, maxLength });

const messageArb = (maxLength: number): fc.Arbitrary<ProjectedMessage> =>
  fc.record({
    role: fc.constantFrom<'user' | 'assistant'>('user', 'assistant'),
    text: fc.oneof(nastyString(Math.ceil(maxLength / 8)), {
      weight: 2,
      arbitrary: fc.string({ unit: nastyUnit, minLength: Math.floor(maxLength / 3), maxLength }),
    }),
    checkpoint: fc.integer({ min: 0, max: 3 }).map((x) => x === 0),
  });

export const captureArb = (maxMessages: number, maxLength: number): fc.Arbitrary<SourceCapture> =>
  fc.record({
    sessionId: nastyString(6),
    label: nastyString(6),
    cwd: fc.option(nastyString(6), { nil: null }),
    capturedThroughSeq: fc.option(fc.nat(100000), { nil: null }),
    capturedFormatVersion: fc.nat(3),
    messages: fc.array(messageArb(maxLength), { maxLength: maxMessages }),
  });

export const previewOf = (capture: SourceCapture, conversation: { role: string; text: string }[]): unknown => ({
  sessionId: capture.sessionId,
  label: capture.label,
  cwd: capture.cwd,
  capturedThroughSeq: capture.capturedThroughSeq,
  conversation,
});

/** Size of the smallest preview: checkpoints and the newest message, all emptied. */
export function minimalSize(capture: SourceCapture): number {
  const last = capture.messages.length - 1;
  const required = capture.messages.filter((m, i) => m.checkpoint || i === last);
  return jsonSize(
    previewOf(
      capture,
      required.map((m) => ({ role: m.role, text: '' })),
    ),
  );
}

/** A budget spread between just under the minimal size and just over the full size. */
export function budgetFor(capture: SourceCapture, permille: number): number {
  const full = jsonSize(
    previewOf(
      capture,
      capture.messages.map((m) => ({ role: m.role, text: m.text })),
    ),
  );
  const low = minimalSize(capture) - 3;
  return Math.max(0, Math.round(low + ((full + 5 - low) * permille) / 1000));
}
