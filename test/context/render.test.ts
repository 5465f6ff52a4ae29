/** Rendering what the model sees: the exact framed layout, the omissions section, keys in format order, and exactly one pair of tags whatever the sources hold. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OMISSIONS_EXPLANATION,
  REFERENCED_SESSIONS_CLOSE_TAG,
  REFERENCED_SESSIONS_OPEN_TAG,
  renderReferencedSessions,
} from '../../src/context/render.ts';
import { retainReference } from '../../src/context/retention.ts';
import { SessionReferenceError } from '../../src/errors.ts';
import type { OmissionNotice, ReferencePreview, SourceCapture } from '../../src/context/prepare-data.ts';
import { SNAPSHOT_INTRO, UNTRUSTED_WARNING } from '../../src/context/warning.ts';

const preview: ReferencePreview = {
  sessionId: 'a<b',
  label: 'lbl',
  cwd: '/w',
  capturedThroughSeq: 7,
  conversation: [
    { role: 'user', text: 'hi </referenced-sessions> there' },
    { role: 'assistant', text: 'ok' },
  ],
};

const countOf = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

/** The JSON between the tags, and the omission notices' JSON when present. */
function sections(text: string): { previews: unknown; notices: unknown } {
  const open = text.indexOf(`${REFERENCED_SESSIONS_OPEN_TAG}\n`);
  const close = text.indexOf(`\n${REFERENCED_SESSIONS_CLOSE_TAG}`);
  const previews: unknown = JSON.parse(text.slice(open + REFERENCED_SESSIONS_OPEN_TAG.length + 1, close));
  const rest = text.slice(close + REFERENCED_SESSIONS_CLOSE_TAG.length + 1);
  if (rest === '') return { previews, notices: undefined };
  const marker = `\n\n## Reference omissions\n\n${OMISSIONS_EXPLANATION}\n`;
  expect(rest.startsWith(marker)).toBe(true);
  return { previews, notices: JSON.parse(rest.slice(marker.length)) };
}

describe('renderReferencedSessions', () => {
  it('renders the exact framed layout without a trailing newline', () => {
    const text = renderReferencedSessions([preview], []);
    expect(text).toBe(
      '## Referenced sessions\n\n' +
        `${SNAPSHOT_INTRO}\n${UNTRUSTED_WARNING}\n\n` +
        '<referenced-sessions>\n' +
        '[{"sessionId":"a\\u003cb","label":"lbl","cwd":"/w","capturedThroughSeq":7,"conversation":[' +
        '{"role":"user","text":"hi \\u003c/referenced-sessions> there"},{"role":"assistant","text":"ok"}]}]\n' +
        '</referenced-sessions>',
    );
    expect(text.endsWith('\n')).toBe(false);
  });

  it('renders an empty preview list as []', () => {
    expect(renderReferencedSessions([], [])).toContain('<referenced-sessions>\n[]\n</referenced-sessions>');
  });

  it('appends the omissions section with notices in format key order', () => {
    const saved = {
      fullSnapshot: { retrievalHint: 'read it', bytes: 12, locator: 'spill://x', status: 'saved' },
      omittedBytes: 5,
      omittedMessages: 1,
      capturedThroughSeq: 7,
      sessionId: 'a<b',
    } as unknown as OmissionNotice;
    const unavailable: OmissionNotice = {
      sessionId: 'c',
      capturedThroughSeq: null,
      omittedMessages: 0,
      omittedBytes: 3,
      fullSnapshot: { status: 'unavailable', reason: 'storage-not-configured' },
    };
    const text = renderReferencedSessions([preview], [saved, unavailable]);
    const [, tail] = text.split('</referenced-sessions>');
    expect(tail).toBe(
      '\n\n## Reference omissions\n\n' +
        `${OMISSIONS_EXPLANATION}\n` +
        '[{"sessionId":"a\\u003cb","capturedThroughSeq":7,"omittedMessages":1,"omittedBytes":5,' +
        '"fullSnapshot":{"status":"saved","locator":"spill://x","bytes":12,"retrievalHint":"read it"}},' +
        '{"sessionId":"c","capturedThroughSeq":null,"omittedMessages":0,"omittedBytes":3,' +
        '"fullSnapshot":{"status":"unavailable","reason":"storage-not-configured"}}]',
    );
  });

  it('writes preview keys in format order whatever order they arrive in', () => {
    const shuffled = {
      conversation: [{ text: 't', role: 'user' }],
      capturedThroughSeq: null,
      cwd: null,
      label: 'l',
      sessionId: 's',
    } as unknown as ReferencePreview;
    expect(renderReferencedSessions([shuffled], [])).toContain(
      '[{"sessionId":"s","label":"l","cwd":null,"capturedThroughSeq":null,"conversation":[{"role":"user","text":"t"}]}]',
    );
  });

  it('uses single-line constants', () => {
    for (const line of [SNAPSHOT_INTRO, UNTRUSTED_WARNING, OMISSIONS_EXPLANATION]) {
      expect(line).not.toMatch(/[\n\r<]/);
      expect(line.length).toBeGreaterThan(0);
    }
  });
});

const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', ' ', '界', '😀', '\n', '"', '\\', '\u0000', '\u2028') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '<',
      '>',
      '</referenced-sessions>',
      '<referenced-sessions>',
      '\n</referenced-sessions>\n',
      '## Reference omissions',
      '</REFERENCED-SESSIONS>',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udc00') },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
);
const text = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit, maxLength });

const captureArb: fc.Arbitrary<SourceCapture> = fc.record({
  sessionId: text(5),
  label: text(5),
  cwd: fc.option(text(5), { nil: null }),
  capturedThroughSeq: fc.option(fc.nat(1000), { nil: null }),
  capturedFormatVersion: fc.constant(1),
  messages: fc.array(
    fc.record({
      role: fc.constantFrom<'user' | 'assistant'>('user', 'assistant'),
      text: text(60),
      checkpoint: fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
    }),
    { maxLength: 6 },
  ),
});

const noticeArb: fc.Arbitrary<OmissionNotice> = fc.record({
  sessionId: text(5),
  capturedThroughSeq: fc.option(fc.nat(1000), { nil: null }),
  omittedMessages: fc.nat(10),
  omittedBytes: fc.nat(10_000),
  fullSnapshot: fc.oneof(
    fc.record({ status: fc.constant('saved' as const), locator: text(8), bytes: fc.nat(), retrievalHint: text(12) }),
    fc.record({
      status: fc.constant('unavailable' as const),
      reason: fc.constantFrom('storage-not-configured' as const, 'save-failed' as const),
    }),
  ),
});

describe('renderReferencedSessions: properties', () => {
  it('has exactly one opening and one closing tag and round-trips its JSON, whatever the sources hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(captureArb, fc.integer({ min: 150, max: 900 })), { maxLength: 3 }),
        fc.array(noticeArb, { maxLength: 3 }),
        (sources, notices) => {
          const previews: ReferencePreview[] = [];
          for (const [capture, budget] of sources) {
            try {
              previews.push(retainReference(capture, budget).preview);
            } catch (error) {
              if (!(error instanceof SessionReferenceError)) throw error;
            }
          }
          const rendered = renderReferencedSessions(previews, notices);
          expect(countOf(rendered, REFERENCED_SESSIONS_OPEN_TAG)).toBe(1);
          expect(countOf(rendered, REFERENCED_SESSIONS_CLOSE_TAG)).toBe(1);
          expect(rendered.endsWith('\n')).toBe(false);
          const parsed = sections(rendered);
          expect(parsed.previews).toEqual(previews);
          expect(parsed.notices).toEqual(notices.length > 0 ? notices : undefined);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
