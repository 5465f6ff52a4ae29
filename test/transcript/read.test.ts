/** Reading a transcript back: the exact texts and header of what was written, whatever they hold, through a real spill store too, and an older transcript without its end line when asked. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/transcript/read.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import type { SessionItem } from '../support/host.ts';
import { useHostPool } from '../support/host-pool.ts';
import { legacy } from '../support/legacy-transcript.ts';
import { maxLine, saveAndRead, TRICKY as tricky } from '../support/saved-transcript.ts';
import { projected } from '../support/source-capture.ts';
import { assistant, capture, captureArb, SIX_MESSAGES, user } from '../support/transcript-captures.ts';
import { rejection, roundTrip } from '../support/transcript-assertions.ts';

const pool = useHostPool('dsh-sref-transcript-read-', { agentLoop: false });

/** The fragment lines of message `n` (1-based) of a rendered transcript, decoded. */
function fragmentsOf(text: string, n: number): string[] {
  const lines = text.slice(0, -1).split('\n');
  const start = lines.findIndex((l) => l.startsWith(`### Message ${n}: `));
  const out: string[] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('"'); i++) out.push(JSON.parse(lines[i]!) as string);
  return out;
}

describe('round trips', () => {
  it('recovers a 1 MiB single-line text exactly', () => {
    const big = Array.from({ length: 1 << 20 }, (_, i) => String.fromCharCode(32 + ((i * 7) % 95))).join('');
    expect(roundTrip(capture([user(big), assistant('ok')]))[0]).toBe(big);
  });

  it('recovers mixed CJK and astral text, never splitting a surrogate pair', () => {
    const text = 'head\n' + '界😀'.repeat(10000) + '\ntail';
    const source = capture([assistant(text)]);
    roundTrip(source);
    const rendered = renderTranscript(source);
    const fragments = fragmentsOf(rendered, 1);
    expect(fragments.join('')).toBe(text);
    const codePoints = Array.from(text);
    for (let i = 0, at = 0; i < fragments.length; i++) {
      const fragment = fragments[i]!;
      // Each fragment is exactly the next run of whole code points (64 each except the last).
      const n = Array.from(fragment).length;
      expect(fragment).toBe(codePoints.slice(at, at + n).join(''));
      if (i < fragments.length - 1) expect(n).toBe(64);
      const first = fragment.charCodeAt(0);
      expect(first >= 0xdc00 && first <= 0xdfff).toBe(false);
      const last = fragment.charCodeAt(fragment.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      at += n;
    }
  });

  it('recovers controls, quotes, backslashes, lone surrogates, < and line separators', () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
    const samples = [
      controls,
      controls.repeat(20),
      '"quoted" \\back\\slash\\ \\"',
      '\uD800',
      '\uDFFF',
      '\uDFFF\uD800',
      '\uDE00\uD83D x \uD800\uD800\uDFFF\uDFFF',
      ('a\uD800' + '\uDC00\uD800').repeat(100),
      '\uD800'.repeat(200),
      '<'.repeat(300),
      '\u2028\u2029'.repeat(100),
      'line1\r\nline2\n\n\n### Message 9: user\n"not a fragment"',
    ];
    const texts = roundTrip(capture(samples.map((s, i) => (i % 2 ? assistant(s) : user(s)))));
    expect(texts).toEqual(samples);
    // Six-character escapes at every position are the worst case: exactly 386 characters.
    const rendered = renderTranscript(capture([user('\uD800'.repeat(64))]));
    expect(rendered.split('\n').some((l) => l.length === 386)).toBe(true);
  });

  it('recovers checkpoints and keeps the marker on user and assistant headings', () => {
    const source = capture([user('summary', true), { role: 'assistant', text: 'odd', checkpoint: true }, user('after')]);
    roundTrip(source);
  });
});

describe('readTranscript', () => {
  const good = renderTranscript(capture([user('first'), assistant('second'), user('third')]));

  it('treats a missing capturedFormatVersion as 0', () => {
    const text = good.replace(',\n  "capturedFormatVersion": 1\n}', '\n}');
    expect(text).not.toContain('capturedFormatVersion');
    const parsed = readTranscript(text);
    expect(parsed.capture.capturedFormatVersion).toBe(0);
    expect(parsed.messages.map((m) => m.text)).toEqual(['first', 'second', 'third']);
  });

  const source = SIX_MESSAGES;
  const text = renderTranscript(source);

  it('reads a transcript from before the end line only with allowUnterminated, and reports it as unterminated', () => {
    const old = legacy(text);
    expect(old.endsWith('\n"last"\n')).toBe(true);
    expect(rejection(old)).toMatch(/truncated: the transcript ends after 6 message\(s\) without its end line .* allowUnterminated/);
    const parsed = readTranscript(old, { allowUnterminated: true });
    expect(parsed.unterminated).toBe(true);
    expect(parsed.messages).toEqual(readTranscript(text).messages);
    expect(parsed.capture).toEqual(readTranscript(text).capture);
    // Old transcripts ending with an empty message or holding none.
    for (const messages of [[user('a'), assistant('')], []]) {
      const other = legacy(renderTranscript(capture(messages)));
      expect(readTranscript(other, { allowUnterminated: true })).toEqual({
        ...readTranscript(renderTranscript(capture(messages))),
        unterminated: true,
      });
    }
    // A complete transcript reads the same with the option; an old one cut at a line boundary reads as a shorter unterminated one.
    expect(readTranscript(text, { allowUnterminated: true })).toEqual(readTranscript(text));
    const shorter = readTranscript(old.slice(0, old.indexOf('\n\n### Message 4') + 1), { allowUnterminated: true });
    expect(shorter.messages.map((m) => m.index)).toEqual([1, 2, 3]);
    expect(shorter.unterminated).toBe(true);
    // The old explanation with an end line (another wording, say) is a complete transcript.
    expect(readTranscript(old + '\n### End of transcript: 6 messages\n')).toEqual(readTranscript(text));
  });

  it('write → read is the identity', () => {
    fc.assert(
      fc.property(captureArb, (source) => {
        const rendered = renderTranscript(source);
        const parsed = readTranscript(rendered);
        expect(parsed.unterminated).toBeUndefined();
        const { messages, ...header } = source;
        expect(parsed.capture).toEqual(header);
        expect(parsed.messages).toEqual(
          messages.map((m, i) => ({ index: i + 1, role: m.role, text: m.text, ...(m.checkpoint ? { checkpoint: true } : {}) })),
        );
        for (const line of renderTranscript({ ...source, sessionId: 's', label: 'l', cwd: null }).split('\n')) {
          expect(line.length).toBeLessThanOrEqual(386);
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('exact recovery from a real saved transcript', () => {
  /** 1 MiB of printable ASCII on one line (quotes, backslashes and `<` included), deterministic. */
  function oneMiB(): string {
    const codes = new Uint8Array(1 << 20);
    let x = 12345;
    for (let i = 0; i < codes.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      codes[i] = 0x20 + ((x >>> 16) % 95);
    }
    return Buffer.from(codes).toString('latin1');
  }

  const cjk = `head\n${'界😀'.repeat(10000)}\ntail`;

  it('a 1 MiB single-line text, CJK/astral text and controls/quotes/backslashes/<×300 come back exactly (persisted source)', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: oneMiB() },
      { kind: 'assistant', text: cjk },
      { kind: 'user', text: `${tricky} latest` },
    ];
    const { file, capture } = await saveAndRead(pool, items, false);
    expect(capture.messages.map((m) => m.text)).toEqual(items.map((i) => (i as { text: string }).text));
    expect(file).toBe(renderTranscript(capture));
    expect(readTranscript(file).messages).toEqual(projected(items));
    expect(maxLine(file)).toBeLessThanOrEqual(386);
    expect(maxLine(file)).toBe(386); // a fragment of 64 `\u0000` escapes hits the bound exactly
  });

  it('lone surrogates survive JSONL persistence and come back exactly', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: 'older' },
      { kind: 'assistant', text: tricky },
      { kind: 'user', text: `${tricky} again` },
    ];
    const { file, capture } = await saveAndRead(pool, items, false);
    expect(capture.messages.map((m) => m.text)).toEqual(items.map((i) => (i as { text: string }).text));
    const messages = readTranscript(file).messages;
    expect(messages).toEqual(projected(items));
    expect(messages[1]!.text.charCodeAt(0)).toBe(0xdc00);
    expect(messages[1]!.text.at(-1)).toBe('\uDBFF');
    expect(file).not.toContain('\uD800'); // lone surrogates are escaped in the file, which stays valid UTF-8
    expect(Buffer.from(file, 'utf8').toString('utf8')).toBe(file);
    expect(maxLine(file)).toBe(386);
  });

  it('lone surrogates in a live source come back exactly', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: 'x'.repeat(3000) },
      { kind: 'assistant', text: tricky },
    ];
    const { file } = await saveAndRead(pool, items, true);
    expect(readTranscript(file).messages).toEqual(projected(items));
    expect(maxLine(file)).toBeLessThanOrEqual(386);
  });
});
