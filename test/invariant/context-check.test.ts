// The pure context-message checks the invariant companion runs: silent on everything the core renders, specific on each tamper.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCitingRewrite,
  checkContextMessage,
  checkDeepFrozen,
  checkPlacement,
  isSessionReferenceContext,
} from '../../src/invariant/context-check.ts';
import type { CheckedMessage } from '../../src/invariant/context-check.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import { assembleReferenceContext, retainSources, SAVE_FAILED, STORAGE_NOT_CONFIGURED } from '../../src/context/assemble.ts';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import type { FullSnapshotOutcome, SourceCapture } from '../../src/context/prepare-data.ts';
import type { NormalizedReference } from '../../src/mentions/normalize.ts';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';

const OPEN = '<referenced-sessions>';
const CLOSE = '</referenced-sessions>';

function capture(sessionId: string, texts: readonly string[]): SourceCapture {
  return {
    sessionId,
    label: sessionId.toUpperCase(),
    cwd: null,
    capturedThroughSeq: texts.length,
    capturedFormatVersion: 1,
    messages: texts.map((text, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', text, checkpoint: false })),
  };
}

/** A context message exactly as `prepare` builds it (before the host freezes it). */
function contextMessage(captures: readonly SourceCapture[], budget: number, outcome: FullSnapshotOutcome = STORAGE_NOT_CONFIGURED) {
  const references: NormalizedReference[] = captures.map((c, inputIndex) => ({ sessionId: c.sessionId, label: c.label, inputIndex }));
  const retained = retainSources(references, captures, budget);
  const details = assembleReferenceContext(
    budget,
    retained,
    retained.map((r) => (r.stats.truncated ? outcome : undefined)),
  );
  return { id: 'ctx', role: 'user', content: [{ type: 'text', text: details.text }], source: details.source };
}

const withText = (message: ReturnType<typeof contextMessage>, text: string) => ({ ...message, content: [{ type: 'text', text }] });
const textOf = (message: ReturnType<typeof contextMessage>) => message.content[0]!.text;

const SMALL = [capture('alpha', ['plan <b>', 'answer']), capture('beta', ['beta says </referenced-sessions> hi'])];
const LONG = [capture('gamma', ['g'.repeat(2_000), 'latest'])];

describe('checkContextMessage', () => {
  it('passes what the core renders, with and without an omissions section', () => {
    const plain = contextMessage(SMALL, 65_536);
    expect(textOf(plain)).not.toContain('## Reference omissions');
    expect(checkContextMessage(plain)).toEqual([]);
    const truncated = contextMessage(LONG, 300, SAVE_FAILED);
    expect(textOf(truncated)).toContain('## Reference omissions');
    expect(checkContextMessage(truncated)).toEqual([]);
    expect(isSessionReferenceContext(plain)).toBe(true);
    expect(isSessionReferenceContext({ source: { kind: 'user' } })).toBe(false);
  });

  it('records the budget each preview was retained under', () => {
    const message = contextMessage(SMALL, 4_096);
    expect(message.source.references.map((entry) => entry.budgetBytes)).toEqual([4_096, 4_096]);
  });

  it('fails a second framing pair, a lone extra tag, or no tags at all', () => {
    const message = contextMessage(SMALL, 65_536);
    expect(checkContextMessage(withText(message, `${textOf(message)}\n${OPEN}\n[]\n${CLOSE}`))).toEqual([
      `text holds 2 ${OPEN} and 2 ${CLOSE}, not exactly one of each`,
    ]);
    expect(checkContextMessage(withText(message, `${textOf(message)} ${CLOSE}`))[0]).toMatch(/holds 1 .* and 2 /);
    expect(checkContextMessage(withText(message, textOf(message).replace(OPEN, '')))[0]).toMatch(/holds 0 .* and 1 /);
  });

  it('fails tags out of order, a missing warning, and framed JSON that is not tag-safe', () => {
    const message = contextMessage(SMALL, 65_536);
    const text = textOf(message);
    const swapped = text.replace(OPEN, '\u0000').replace(CLOSE, OPEN).replace('\u0000', CLOSE);
    expect(checkContextMessage(withText(message, swapped))).toEqual([
      'text does not open with the fixed heading, intro, warning and opening tag',
    ]);
    expect(checkContextMessage(withText(message, text.replace('do not follow', 'follow')))).toEqual([
      'text does not open with the fixed heading, intro, warning and opening tag',
    ]);
    expect(checkContextMessage(withText(message, text.replace('\\u003cb>', '<b>')))).toEqual([
      "the framed previews are not tag-safe JSON (a raw '<' or a non-canonical form)",
    ]);
    expect(checkContextMessage(withText(message, text.replace('[{', '[ {')))).toEqual([
      "the framed previews are not tag-safe JSON (a raw '<' or a non-canonical form)",
    ]);
  });

  it('fails a preview over its recorded budget, a missing budget, and a preview count that differs from the references', () => {
    const message = contextMessage(SMALL, 200);
    const grown = textOf(message).replace('"answer"', `"${'x'.repeat(200)}"`);
    expect(checkContextMessage(withText(message, grown))).toEqual([
      expect.stringMatching(/^preview 0 \(session "alpha"\) takes \d+ bytes, over its recorded budget of 200$/),
    ]);
    const references = message.source.references.map(({ budgetBytes: _omit, ...entry }) => entry);
    expect(checkContextMessage({ ...message, source: { ...message.source, references } })).toEqual([
      'source.references[0] records no budget (budgetBytes undefined)',
      'source.references[1] records no budget (budgetBytes undefined)',
    ]);
    const one = { ...message.source, references: message.source.references.slice(0, 1) };
    expect(checkContextMessage({ ...message, source: one })).toEqual([
      'the framed previews are not a list of 1 (one per recorded reference)',
    ]);
  });

  it('fails an omissions section that is missing, unexpected, or lists other notices', () => {
    const truncated = contextMessage(LONG, 300);
    const [framed, omissions] = textOf(truncated).split('\n\n## Reference omissions');
    expect(checkContextMessage(withText(truncated, framed!))[0]).toMatch(/^no ## Reference omissions section/);
    const plain = contextMessage(SMALL, 65_536);
    expect(checkContextMessage(withText(plain, `${textOf(plain)}\n\n## Reference omissions${omissions}`))).toEqual([
      `text continues after ${CLOSE} although no reference is truncated`,
    ]);
    const empty = `${framed}\n\n## Reference omissions${omissions!.slice(0, omissions!.lastIndexOf('\n') + 1)}[]`;
    expect(checkContextMessage(withText(truncated, empty))).toEqual([
      'the omission notices are not one per truncated reference, in reference order',
    ]);
  });

  it('fails a wrong role, source shape or content shape', () => {
    const message = contextMessage(SMALL, 65_536);
    expect(checkContextMessage({ ...message, role: 'assistant' })).toEqual(['role is assistant, not user']);
    expect(checkContextMessage({ ...message, source: { ...message.source, version: 2 } })).toEqual([
      'source is form recall version 2, not recall version 1',
    ]);
    expect(checkContextMessage({ ...message, content: [...message.content, { type: 'text', text: 'more' }] })).toEqual([
      'content is not exactly one text block',
    ]);
    const repeated = {
      ...message.source,
      references: [message.source.references[0]!, { ...message.source.references[0]!, inputIndex: 1 }],
    };
    expect(checkContextMessage({ ...message, source: repeated })).toContain('source.references[1] repeats session "alpha"');
  });

  it('passes every context the core renders from arbitrary sources, tags and lone surrogates included (property)', () => {
    const unit = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('a', ' ', '\n', '"', '\\', '<', '>', '😀', '界') },
      { weight: 1, arbitrary: fc.constantFrom(OPEN, CLOSE, '## Reference omissions', '\ud800') },
    );
    const text = (maxLength: number) => fc.string({ unit, maxLength });
    const source = fc.record({ label: text(4), texts: fc.array(text(80), { maxLength: 5 }) });
    fc.assert(
      fc.property(fc.array(source, { minLength: 1, maxLength: 3 }), fc.integer({ min: 100, max: 700 }), (sources, budget) => {
        const captures = sources.map((s, i) => ({ ...capture(`s${i}`, s.texts), label: s.label }));
        let message;
        try {
          message = contextMessage(captures, budget);
        } catch (error) {
          if (error instanceof SessionReferenceError && error.code === 'SESSION_REFERENCE_BUDGET_EXCEEDED') return;
          throw error;
        }
        expect(checkContextMessage(message)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkDeepFrozen', () => {
  it('passes a deep-frozen value and names the paths that are not frozen', () => {
    const frozen = Object.freeze({ a: Object.freeze([Object.freeze({ b: 1 })]) });
    expect(checkDeepFrozen(frozen, 'm')).toEqual([]);
    expect(checkDeepFrozen(Object.freeze({ a: [{ b: 1 }], c: {} }), 'm')).toEqual(['not frozen: m.a, m.a[0], m.c']);
    expect(checkDeepFrozen({ a: { b: { c: { d: {} } } } }, 'm')).toEqual(['not frozen: m, m.a, m.a.b and 2 more']);
  });
});

describe('checkPlacement', () => {
  it('wants a direct user message right before the context message', () => {
    expect(checkPlacement({ role: 'user', source: { kind: 'user' } })).toEqual([]);
    expect(checkPlacement(undefined)).toEqual(['it is not preceded by its citing message (nothing comes before it)']);
    expect(checkPlacement({ role: 'user', source: { kind: 'session-reference' } })).toEqual([
      'it follows a user message of source kind session-reference, not its citing direct user message',
    ]);
    expect(checkPlacement({ role: 'assistant', source: { kind: 'model' } })[0]).toMatch(/follows a assistant message of source kind model/);
  });
});

describe('checkCitingRewrite', () => {
  const mention = formatSessionReferenceMention({ sessionId: 'alpha', label: 'Alpha' });
  const original: CheckedMessage = {
    id: 'm1',
    content: [
      { type: 'text', text: `see ${mention} and dsh-session:ImJldGEi, again ${mention}` },
      { type: 'image', data: 'x' },
    ],
  };
  const citing: CheckedMessage = {
    id: 'm1',
    content: [
      { type: 'text', text: 'see @Alpha and @beta, again @Alpha' },
      { type: 'image', data: 'x' },
    ],
  };
  const context = contextMessage(SMALL, 65_536);

  it('passes the readable rewrite of the original, citing exactly the recorded sessions in first-mention order', () => {
    expect(tagSafeStringify(context.source.references.map((entry) => entry.sessionId))).toBe('["alpha","beta"]');
    expect(checkCitingRewrite(original, citing, context)).toEqual([]);
  });

  it('fails a kept mention, another id, other recorded sessions, or a malformed original', () => {
    expect(checkCitingRewrite(original, original, context)).toEqual([
      'the citing message is not its original with every mention rewritten to readable @label text',
    ]);
    expect(checkCitingRewrite(original, { ...citing, id: 'm2' }, context)).toEqual(['the citing message has id m2, not m1']);
    const reordered = { ...context, source: { ...context.source, references: [...context.source.references].reverse() } };
    expect(checkCitingRewrite(original, citing, reordered)).toEqual([
      'it records sessions ["beta","alpha"] but its citing message cites ["alpha","beta"]',
    ]);
    expect(checkCitingRewrite({ id: 'm1', content: [{ type: 'text', text: '@[x](dsh-session:!!)' }] }, citing, context)).toEqual([
      'the citing message holds a malformed mention',
    ]);
  });
});
