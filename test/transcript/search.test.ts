/** Searching a transcript for a phrase: matches across fragment lines and escapes, in order with message number and UTF-16 offset, in a real saved file too, as a naive scan finds them. */
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/transcript/read.ts';
import { findInTranscript } from '../../src/transcript/search.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import { writeSession } from '../support/host.ts';
import type { SessionItem } from '../support/host.ts';
import { mountResolver as mount, useHostPool } from '../support/host-pool.ts';
import { legacy } from '../support/legacy-transcript.ts';
import { contextText, noticesOf } from '../support/prepared-text.ts';
import { assistant, capture, captureArb, unit, user } from '../support/transcript-captures.ts';

const pool = useHostPool('dsh-sref-transcript-search-', { agentLoop: false });

const agent = { id: 'target-session', options: {}, session: { header: {} } };
const long = (seed: string, n: number) => `${seed} ${'lorem ipsum <dolor> "sit" amet\\ '.repeat(n)}`;

describe('findInTranscript', () => {
  it('finds phrases across fragment lines and escapes, overlapping, in order', () => {
    const a = 'x'.repeat(60) + 'needle"\n\\' + 'x'.repeat(10);
    const text = renderTranscript(capture([user(a), assistant('aaaa'), user('no')]));
    expect(findInTranscript(text, 'needle"\n\\')).toEqual([{ message: 1, offset: 60 }]);
    expect(findInTranscript(text, 'aa')).toEqual([
      { message: 2, offset: 0 },
      { message: 2, offset: 1 },
      { message: 2, offset: 2 },
    ]);
    expect(findInTranscript(text, 'zzz')).toEqual([]);
  });

  it('searches an already-read transcript, and an old one with allowUnterminated', () => {
    const text = renderTranscript(capture([user('abcabc'), assistant('xbc')]));
    const expected = [
      { message: 1, offset: 1 },
      { message: 1, offset: 4 },
      { message: 2, offset: 1 },
    ];
    expect(findInTranscript(readTranscript(text), 'bc')).toEqual(expected);
    const old = legacy(text);
    expect(() => findInTranscript(old, 'bc')).toThrow(/truncated/);
    expect(findInTranscript(old, 'bc', { allowUnterminated: true })).toEqual(expected);
    expect(() => findInTranscript(text, 'bc', { maxBytes: 10 })).toThrow(/maxBytes/);
  });

  it('throws INVALID_REFERENCE for an empty phrase or a bad transcript', () => {
    const text = renderTranscript(capture([user('a')]));
    expect(() => findInTranscript(text, '')).toThrow(/non-empty/);
    expect(() => findInTranscript('junk\n', 'a')).toThrow(/line 1/);
  });
});

it('findInTranscript agrees with a naive indexOf scan', () => {
  const withPhrase = captureArb
    .filter((c) => c.messages.some((m) => m.text.length > 0))
    .chain((c) => {
      const texts = c.messages.map((m) => m.text).filter((t) => t.length > 0);
      const picked = fc.tuple(fc.integer({ min: 0, max: texts.length - 1 }), fc.nat(), fc.nat()).map(([i, a, b]) => {
        const t = texts[i]!;
        const start = a % t.length;
        return t.slice(start, start + 1 + (b % Math.min(8, t.length - start)));
      });
      const random = fc.string({ unit, minLength: 1, maxLength: 3 });
      return fc.tuple(fc.constant(c), fc.oneof(picked, random));
    });
  fc.assert(
    fc.property(withPhrase, ([source, phrase]) => {
      const expected: { message: number; offset: number }[] = [];
      source.messages.forEach((m, i) => {
        for (let at = m.text.indexOf(phrase); at !== -1; at = m.text.indexOf(phrase, at + 1)) {
          expected.push({ message: i + 1, offset: at });
        }
      });
      expect(findInTranscript(renderTranscript(source), phrase)).toEqual(expected);
    }),
    { numRuns: 1500 },
  );
});

describe('findInTranscript on a real saved file', () => {
  it('finds phrases that straddle fragment lines, with the message number and UTF-16 offset', async () => {
    const host = await pool.boot({ spillRoot: pool.path('spill') });
    // 50 emoji (100 UTF-16 units) fill 50 of the first fragment's 64 code points, so the phrase crosses into line 2.
    const straddling = 'straddling phrase here';
    const escaped = 'a "quoted\\path"\nand <tag>';
    const second = `${'😀'.repeat(50)}${straddling}${'y'.repeat(41)}${escaped} end`;
    const items: SessionItem[] = [
      { kind: 'user', text: long('dropped first', 60) },
      { kind: 'assistant', text: second },
      { kind: 'user', text: `again: ${straddling}` },
    ];
    await writeSession(host, { id: 'find', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    const result = await service.prepare(agent, [], [{ sessionId: 'find' }]);
    const notice = noticesOf(contextText(result))![0] as { omittedMessages: number; fullSnapshot: { locator: string } };
    expect(notice.omittedMessages).toBeGreaterThan(0);
    const file = await readFile(notice.fullSnapshot.locator, 'utf8');

    // In message 2 neither phrase is on one line of the file: a line-based grep finds only message 3's copy.
    const lines = file.split('\n');
    expect(lines.filter((line) => line.includes(straddling))).toEqual([JSON.stringify(`again: ${straddling}`)]);
    expect(file).not.toContain(JSON.stringify(escaped).slice(1, -1));
    const crossing = lines.findIndex((line) => line.endsWith('straddling phr"'));
    expect(crossing).toBeGreaterThan(0);
    expect(lines[crossing + 1]!.startsWith('"ase here')).toBe(true);

    expect(findInTranscript(file, straddling)).toEqual([
      { message: 2, offset: 100 },
      { message: 3, offset: 7 },
    ]);
    const escapedAt = second.indexOf(escaped);
    expect(escapedAt).toBe(100 + straddling.length + 41);
    expect(findInTranscript(file, escaped)).toEqual([{ message: 2, offset: escapedAt }]);
    expect(findInTranscript(file, '😀😀y')).toEqual([]);
    expect(findInTranscript(file, '😀s')).toEqual([{ message: 2, offset: 98 }]);
  });
});
