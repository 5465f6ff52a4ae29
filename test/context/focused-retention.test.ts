// Focused retention: the specification's vectors, an exact match with the reference model, and the guarantees of every step.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { citingQueryText } from '../../src/context/citing-query.ts';
import { formatOmittedRanges, groupThousands } from '../../src/context/omitted-ranges.ts';
import { retainReference } from '../../src/context/retention.ts';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import { compileFocusQuery, MAX_QUERY_TERMS } from '../../src/context/terms.ts';
import type { ProjectedMessage, RetentionResult, SourceCapture } from '../../src/context/prepare-data.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';
import { focusedViolations } from '../support/focused-checks.ts';
import { modelTerms, naiveFocused } from '../support/focused-model.ts';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

function capture(messages: ProjectedMessage[], label = 's'): SourceCapture {
  return { sessionId: 's', label, cwd: null, capturedThroughSeq: null, capturedFormatVersion: 0, messages };
}

/** Message i of the vectors: alternating user and assistant, padded with `x` to 200 ASCII bytes. */
function vectorSource(): SourceCapture {
  const pad = (text: string): string => text + 'x'.repeat(200 - text.length);
  return capture(
    Array.from({ length: 40 }, (_, k) => {
      const i = k + 1;
      const text = i === 1 ? 'Goal: ship the parser rewrite' : i === 17 ? 'the harbor certificate expires on March 14' : `message ${i}`;
      return { role: i % 2 === 1 ? 'user' : 'assistant', text: pad(text), checkpoint: false };
    }),
  );
}

const focused = (source: SourceCapture, budget: number, query: string): RetentionResult =>
  retainReference(source, budget, compileFocusQuery(citingQueryText([{ type: 'text', text: query }], [source.label])));

const positions = (result: RetentionResult): (number | undefined)[] => result.preview.conversation.map((m) => m.message);

/** True when `kept` is `fixed` followed by a contiguous run that ends at `last`. */
function isFixedThenNewestRun(kept: readonly (number | undefined)[], fixed: number[], last: number): boolean {
  if (JSON.stringify(kept.slice(0, fixed.length)) !== JSON.stringify(fixed)) return false;
  const run = kept.slice(fixed.length) as number[];
  return run.length > 1 && run.at(-1) === last && run.every((p, k) => k === 0 || p === run[k - 1]! + 1);
}

describe('focused retention: the specification vectors', () => {
  it('keeps the goal, the message the question is about, and the newest messages contiguous back from the newest', () => {
    const result = focused(vectorSource(), 4096, 'when does the harbor certificate expire?');
    expect(isFixedThenNewestRun(positions(result), [1, 17], 40)).toBe(true);
    const asked = result.preview.conversation[1]!;
    expect(asked).toEqual({ role: 'user', text: vectorSource().messages[16]!.text, message: 17 });
    expect(Object.keys(asked)).toEqual(['role', 'text', 'message']);
    expect(result.size).toBe(bytes(tagSafeStringify(result.preview)));
    expect(result.size).toBeLessThanOrEqual(4096);
    expect(result.size).toBeGreaterThanOrEqual(0.99 * 4096);
  });

  it('gives a "continue from @s" message the goal and the newest messages only', () => {
    const result = focused(vectorSource(), 4096, 'continue from @s');
    expect(isFixedThenNewestRun(positions(result), [1], 40)).toBe(true);
    expect(result.omittedRanges).toMatch(/^messages 2–\d+ of 40$/);
  });

  it('keeps a source that fits whole, without positions, byte-identical to newest-first retention', () => {
    const result = focused(vectorSource(), 1_000_000, 'when does the harbor certificate expire?');
    expect(result.preview.conversation.every((m) => !('message' in m))).toBe(true);
    expect(tagSafeStringify(result)).toBe(tagSafeStringify(retainReference(vectorSource(), 1_000_000)));
    expect(result.stats.truncated).toBe(false);
    expect(result.omittedRanges).toBeUndefined();
  });
});

describe('the query', () => {
  it('is the readable citing text: canonical mentions rewritten, every cited label left out', () => {
    const mention = formatSessionReferenceMention({ sessionId: 'id-1', label: 'Harbor work' });
    const content = [
      { type: 'text', text: `what did ${mention} decide about certificates?` },
      { type: 'image', data: 'harbor' },
      { type: 'text', text: 'and @Other plan' },
    ];
    const before = JSON.stringify(content);
    expect(citingQueryText(content, ['Other plan'])).toBe('what did   decide about certificates?\nand  ');
    expect(JSON.stringify(content)).toBe(before);
    expect(citingQueryText([{ type: 'text', text: 'what did @Harbor work decide' }], ['Harbor work'])).toBe('what did   decide');
  });

  it('leaves out the label of every mention of a text that holds many, where each mention stood', () => {
    const mentions = Array.from({ length: 1000 }, (_, i) => formatSessionReferenceMention({ sessionId: `id-${i}`, label: `L${i}` }));
    const query = citingQueryText([{ type: 'text', text: `@L5 first ${mentions.join(' and ')} last` }], []);
    expect(query).toBe(`@L5 first ${Array.from({ length: 1000 }, () => ' ').join(' and ')} last`);
    expect(citingQueryText([{ type: 'text', text: `@L5 first ${mentions.join(' and ')} last` }], ['L5'])).toBe(query.replace('@L5', ' '));
  });

  it('reads a block whose mention does not parse as written', () => {
    expect(citingQueryText([{ type: 'text', text: 'see @[x](dsh-session:!!) now' }], [])).toBe('see @[x](dsh-session:!!) now');
  });

  it('counts case-folded words by their stems, CJK as pairs, and leaves stop words out', () => {
    const query = compileFocusQuery('When does the Harbor certificate EXPIRE? 证书过期了吗 continue from the session');
    expect(query.terms).toEqual(['harbor', 'certificat', 'expir', '证书', '书过', '过期', '期了', '了吗']);
    expect(compileFocusQuery('continue from @s please, what was the goal?').pattern).toBeUndefined();
  });

  it('counts at most a fixed number of terms, whatever the length of the citing text', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `term${i}`).join(' ');
    const query = compileFocusQuery(long);
    expect(query.terms).toHaveLength(MAX_QUERY_TERMS);
    expect(query.terms).toEqual(modelTerms(long));
  });

  it('finds a stem in any inflection and case, never inside a longer word', () => {
    const source = capture([
      { role: 'user', text: 'goal ' + 'g'.repeat(300), checkpoint: false },
      { role: 'assistant', text: 'The certificates EXPIRED last week ' + 'a'.repeat(300), checkpoint: false },
      { role: 'user', text: 'precertificate unexpired ' + 'b'.repeat(300), checkpoint: false },
      ...Array.from({ length: 8 }, (_, i) => ({ role: 'assistant' as const, text: `filler ${i} ` + 'c'.repeat(300), checkpoint: false })),
    ]);
    const result = focused(source, 1400, 'which certificate expires?');
    expect(positions(result)).toContain(2);
    expect(positions(result)).not.toContain(3);
  });
});

describe('omitted ranges', () => {
  it('writes positions as ranges with en dashes and thousands separators', () => {
    const kept = new Uint8Array(2000).fill(1);
    kept.fill(0, 1, 310);
    kept.fill(0, 311, 1650);
    expect(formatOmittedRanges(kept)).toBe('messages 2\u2013310, 312\u20131,650 of 2,000');
    expect(formatOmittedRanges(new Uint8Array([1, 0, 1]))).toBe('message 2 of 3');
    expect(formatOmittedRanges(new Uint8Array([1, 1]))).toBeUndefined();
    expect([0, 999, 1000, 1234567].map(groupThousands)).toEqual(['0', '999', '1,000', '1,234,567']);
  });
});

const WORDS = [
  'harbor',
  'Harbors',
  'certificate',
  'EXPIRES',
  'the',
  'parser',
  'rewrite',
  '证书',
  '过期',
  'été',
  'x',
  '<',
  '"',
  '\n',
  'goal',
  'deploy',
  'deployed',
  '😀',
  '\ud800',
  'continue',
];
const wordsArb = (max: number, min = 1): fc.Arbitrary<string> =>
  fc
    .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max, size: 'max' }), fc.constantFrom(' ', '', '\n'))
    .map(([w, sep]) => w.join(sep));
const messagesArb = (maxMessages: number, maxWords: number, minMessages = 1, minWords = 1): fc.Arbitrary<ProjectedMessage[]> =>
  fc.array(
    fc.record({
      role: fc.constantFrom<'user' | 'assistant'>('user', 'assistant'),
      text: wordsArb(maxWords, minWords),
      checkpoint: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
    }),
    { minLength: minMessages, maxLength: maxMessages, size: 'max' },
  );

function outcome(fn: () => RetentionResult): RetentionResult | string {
  try {
    return fn();
  } catch (error) {
    if (error instanceof SessionReferenceError) return error.code;
    throw error;
  }
}

/** A budget between a little over the empty object and a little over the whole source. */
function spreadBudget(messages: ProjectedMessage[], permille: number): number {
  const whole = bytes(tagSafeStringify(capture(messages).messages.map((m) => ({ role: m.role, text: m.text })))) + 94;
  return Math.round(60 + ((whole * 1.05 - 60) * permille) / 1000);
}

describe('the newest quarter', () => {
  /** Bytes of the newest kept items, contiguous back from the newest, each as its `{role, text}` without its position. */
  const newestRunBytes = (result: RetentionResult, n: number): number => {
    const items = result.preview.conversation;
    let run = 0;
    for (let k = items.length - 1, p = n; k >= 0 && items[k]!.message === p; k--, p--) {
      run += bytes(tagSafeStringify({ role: items[k]!.role, text: items[k]!.text }));
    }
    return run;
  };

  it('holds at least 25% of a budget not divisible by four when the newest messages add up to exactly its floor', () => {
    // The four newest items take exactly ⌊4099/4⌋ = 1024 bytes, under 25% of 4099; the one before them fits whole.
    const budget = 4099;
    const messages: ProjectedMessage[] = [
      { role: 'user', text: 'Goal: ship the parser rewrite', checkpoint: false },
      { role: 'assistant', text: 'the harbor certificate expires on March 14 '.padEnd(3000, 'h'), checkpoint: false },
      ...Array.from({ length: 6 }, (_, k): ProjectedMessage => ({
        role: k % 2 ? 'assistant' : 'user',
        text: `message ${k + 3} `.padEnd(400, 'x'),
        checkpoint: false,
      })),
    ];
    for (let k = 0; k < 4; k++) {
      const role = k % 2 ? 'assistant' : 'user';
      const text = `newest ${k} `;
      messages.push({ role, text: text.padEnd(text.length + 256 - bytes(tagSafeStringify({ role, text })), 'n'), checkpoint: false });
    }
    const n = messages.length;
    expect(messages.slice(n - 4).reduce((sum, m) => sum + bytes(tagSafeStringify({ role: m.role, text: m.text })), 0)).toBe(1024);
    for (const query of ['when does the harbor certificate expire?', 'continue from @s']) {
      const result = focused(capture(messages), budget, query);
      expect(result.stats.truncated).toBe(true);
      expect(4 * newestRunBytes(result, n)).toBeGreaterThanOrEqual(budget);
      expect(
        focusedViolations(capture(messages), budget, {
          ...result.stats,
          omittedRanges: result.omittedRanges,
          conversation: result.preview.conversation,
        }),
      ).toEqual([]);
    }
  });
});

describe('the fill', () => {
  it('stays at 99% or more when the newest messages are too small to give room by a cut', () => {
    for (const small of [10, 25, 40, 60]) {
      for (const budget of [4096, 5000, 8192]) {
        const messages: ProjectedMessage[] = [{ role: 'user', text: `goal ${'g'.repeat(488)}`, checkpoint: false }];
        for (let i = 0; i < 40; i++) messages.push({ role: i % 2 ? 'user' : 'assistant', text: 'b'.repeat(488), checkpoint: false });
        for (let i = 0; i < 120; i++) messages.push({ role: i % 2 ? 'user' : 'assistant', text: 's'.repeat(small), checkpoint: false });
        const result = retainReference(capture(messages), budget, compileFocusQuery(''));
        expect(result.stats.truncated).toBe(true);
        expect(result.size).toBeLessThanOrEqual(budget);
        expect(result.size).toBeGreaterThanOrEqual(0.99 * budget);
      }
    }
  });
});

describe('focused retention: properties', () => {
  it('matches the reference model result for result, or fails the same way', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(messagesArb(24, 50), fc.integer({ min: 0, max: 1000 }), wordsArb(5), (messages, permille, query) => {
        const source = capture(messages);
        const budget = spreadBudget(messages, permille);
        const actual = outcome(() => retainReference(source, budget, compileFocusQuery(query)));
        const expected = outcome(() => naiveFocused(source, budget, query));
        expect(actual).toEqual(expected);
        if (typeof actual === 'string') kinds.add('fails');
        else if (!actual.stats.truncated) kinds.add('whole');
        else kinds.add(actual.preview.conversation[0]?.message === undefined ? 'newest-first' : 'focused');
      }),
      { numRuns: 200, seed: 1 },
    );
    expect([...kinds].sort()).toEqual(['fails', 'focused', 'newest-first', 'whole']);
  });

  it('keeps every guarantee on long sources at budgets of 4 KiB and more', () => {
    let truncated = 0;
    fc.assert(
      fc.property(
        messagesArb(150, 400, 20, 10),
        fc.integer({ min: 4096, max: 40_000 }),
        wordsArb(6),
        fc.integer({ min: 0, max: 3 }),
        (messages, budget, query, goalLength) => {
          if (goalLength > 0) messages.unshift({ role: 'user', text: 'Goal: '.repeat(goalLength * 300), checkpoint: false });
          const source = capture(messages);
          const result = outcome(() => retainReference(source, budget, compileFocusQuery(query)));
          if (typeof result === 'string' || !result.stats.truncated) return;
          truncated++;
          expect(result.size).toBe(bytes(tagSafeStringify(result.preview)));
          expect(result.stats.retainedMessages).toBe(result.preview.conversation.length);
          expect(
            focusedViolations(source, budget, {
              conversation: result.preview.conversation,
              omittedMessages: result.stats.omittedMessages,
              omittedBytes: result.stats.omittedBytes,
              omittedRanges: result.omittedRanges,
            }),
          ).toEqual([]);
          const again = retainReference(structuredClone(source), budget, compileFocusQuery(query));
          expect(tagSafeStringify(again)).toBe(tagSafeStringify(result));
        },
      ),
      { numRuns: 150 },
    );
    expect(truncated).toBeGreaterThan(50);
  });

  it('at a budget whose eighth cannot hold the goal, lets the goal in only as a cut of the newest run', () => {
    const tag = '</referenced-sessions>';
    const source = capture([
      { role: 'assistant', text: tag.repeat(20), checkpoint: false },
      { role: 'user', text: tag.repeat(20), checkpoint: false },
      { role: 'assistant', text: tag, checkpoint: false },
    ]);
    for (const budget of [239, 284, 320]) {
      const result = retainReference(source, budget, compileFocusQuery(''));
      expect(result.preview.conversation.map((item) => item.message)).toEqual([2, 3]);
      expect(result.preview.conversation[0]!.text).toMatch(/omitted \d+ UTF-8 bytes/);
      expect(
        focusedViolations(source, budget, {
          conversation: result.preview.conversation,
          omittedMessages: result.stats.omittedMessages,
          omittedBytes: result.stats.omittedBytes,
          omittedRanges: result.omittedRanges,
        }),
      ).toEqual([]);
    }
  });

  it('is newest-first retention, byte for byte, whenever the source fits', () => {
    fc.assert(
      fc.property(messagesArb(10, 20), wordsArb(4), (messages, query) => {
        const source = capture(messages);
        const budget = spreadBudget(messages, 955) + 40;
        const newest = retainReference(source, budget);
        if (newest.stats.truncated) return;
        expect(tagSafeStringify(retainReference(source, budget, compileFocusQuery(query)))).toBe(tagSafeStringify(newest));
      }),
      { numRuns: 200 },
    );
  });

  it('gives a query without counted terms exactly what an empty query gets', () => {
    fc.assert(
      fc.property(messagesArb(30, 60), fc.integer({ min: 300, max: 6000 }), (messages, budget) => {
        const source = capture(messages);
        const none = outcome(() => retainReference(source, budget, compileFocusQuery('')));
        const stop = outcome(() => focused(source, budget, 'continue from @s, please: what was the goal?'));
        expect(stop).toEqual(none);
      }),
      { numRuns: 100 },
    );
  });
});
