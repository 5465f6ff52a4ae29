/** Strings that stress the mention codec: any code units, lone surrogates, the mention syntax characters, and plain text that cannot start a mention. */
import fc from 'fast-check';
import { SESSION_REFERENCE_SCHEME } from '../../src/mentions/uri.ts';

/** Any sequence of UTF-16 code units, lone surrogates included. */
export const codeUnitString = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((units) => String.fromCharCode(...units));

/** Strings biased towards surrogates, the mention syntax characters, and line terminators. */
const trickyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\\', ']', '[', '(', ')', '@', '\n', '\r', '\u2028', '\u2029', ' '),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
});

export const anyString = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), codeUnitString, trickyString);

/** Surrounding text that cannot start or complete a mention or URI of its own. */
export const plainText = fc
  .string({ unit: fc.constantFrom('a', 'b', ' ', '.', '\n', '[', ']', '(', ')', 'é', '😀', '\\') })
  .filter((s) => !s.includes('@[') && !s.includes(SESSION_REFERENCE_SCHEME));
