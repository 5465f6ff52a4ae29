/** Rejecting a transcript that is not exactly one the writer wrote: each malformed, truncated, edited or oversized input is INVALID_REFERENCE naming its line, and quotes nothing raw. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionReferenceErrorCode, isSessionReferenceError } from '../../src/errors.ts';
import { readTranscript } from '../../src/transcript/read.ts';
import type { ReadTranscriptOptions } from '../../src/transcript/read.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import type { SessionItem } from '../support/host.ts';
import { useHostPool } from '../support/host-pool.ts';
import { splitEnd } from '../support/legacy-transcript.ts';
import { saveAndRead, TRICKY as tricky } from '../support/saved-transcript.ts';
import { projected } from '../support/source-capture.ts';
import { assistant, capture, captureArb, SIX_MESSAGES, unit, user } from '../support/transcript-captures.ts';
import { rejection } from '../support/transcript-assertions.ts';

const pool = useHostPool('dsh-sref-transcript-reject-', { agentLoop: false });

function expectInvalid(text: string, line: number, why?: RegExp): void {
  let caught: unknown;
  try {
    readTranscript(text);
  } catch (error) {
    caught = error;
  }
  expect(isSessionReferenceError(caught, SessionReferenceErrorCode.INVALID_REFERENCE)).toBe(true);
  const message = (caught as Error).message;
  expect(message).toContain(`line ${line}:`);
  if (why) expect(message).toMatch(why);
}

describe('readTranscript strictness', () => {
  const good = renderTranscript(capture([user('first'), assistant('second'), user('third')]));
  const lines = good.slice(0, -1).split('\n');
  const lineOf = (prefix: string): number => lines.findIndex((l) => l.startsWith(prefix)) + 1;
  const withLine = (n: number, replacement: string | null): string => {
    const copy = [...lines];
    if (replacement === null) copy.splice(n - 1, 1);
    else copy[n - 1] = replacement;
    return copy.join('\n') + '\n';
  };

  it('rejects a bad title', () => {
    expectInvalid(withLine(1, '## Referenced session - full transcript'), 1, /title/);
    expectInvalid('', 1);
  });

  it('rejects a bad heading', () => {
    const n = lineOf('### Message 2');
    expectInvalid(withLine(n, '### Message 2: system'), n, /heading/);
    expectInvalid(withLine(n, '## Message 2: assistant'), n, /heading/);
    expectInvalid(withLine(n, '### Message 2: assistant (checkpoint) '), n, /heading/);
    expectInvalid(withLine(n, '### Message 02: assistant'), n, /message number 2/);
  });

  it('rejects non-consecutive numbering', () => {
    const n = lineOf('### Message 3');
    expectInvalid(withLine(n, '### Message 4: user'), n, /expected message number 3, found 4/);
    const one = lineOf('### Message 1');
    expectInvalid(withLine(one, '### Message 0: user'), one, /expected message number 1/);
  });

  it('rejects a non-string fragment', () => {
    const n = lineOf('"second"');
    expectInvalid(withLine(n, '42'), n, /fragment/);
    expectInvalid(withLine(n, '"a" + "b"'), n, /not a valid JSON string/);
    expectInvalid(withLine(n, '"bad \\x escape"'), n, /not a valid JSON string/);
    expectInvalid(withLine(n, '""'), n, /empty fragment/);
    expectInvalid(withLine(n, JSON.stringify('y'.repeat(65))), n, /65 code points/);
    expectInvalid(withLine(n, ' "second"'), n, /fragment/);
  });

  it('rejects a truncated header JSON', () => {
    const open = lineOf('{');
    const close = lineOf('}');
    expectInvalid(withLine(close, null), close, /header JSON property or a closing/);
    expectInvalid(lines.slice(0, open + 2).join('\n') + '\n', open + 3, /end of transcript inside the header JSON/);
    expectInvalid(withLine(open + 1, '  "sessionId": "src-1"'), open, /does not parse/);
    expectInvalid(withLine(open + 1, '  "sessionId": 5,'), open, /sessionId/);
    expectInvalid(withLine(open + 1, '  "other": "src-1",'), open, /unknown header field/);
  });

  it('rejects garbage lines anywhere', () => {
    const heading = lineOf('### Message 2');
    expectInvalid(withLine(heading - 1, 'garbage'), heading - 1, /expected a JSON string fragment line/);
    expectInvalid(withLine(heading + 1, 'garbage'), heading + 1, /blank line after the message heading/);
    expectInvalid(withLine(heading + 2, 'garbage'), heading + 2, /fragment/);
    expectInvalid(withLine(2, 'garbage'), 2, /blank/);
    expectInvalid(withLine(3, ''), 3, /intro/);
    // Garbage where the end of the last message meets the end line.
    const [body, end] = splitEnd(good);
    expectInvalid(body + 'garbage\n' + end, lines.length - 1, /expected a JSON string fragment line/);
    const [emptyBody, emptyEnd] = splitEnd(renderTranscript(capture([user('a'), assistant('')])));
    const emptyLines = emptyBody.split('\n').length;
    expectInvalid(emptyBody + 'garbage\n' + emptyEnd, emptyLines, /blank line after the message heading/);
    expectInvalid(emptyBody + '\ngarbage\n' + emptyEnd, emptyLines + 1, /fragment/);
    expectInvalid(good + 'garbage\n', lines.length + 1, /after the end line/);
    expectInvalid(good.replace('"first"\n', '"first"\n### Message 2: assistant\n'), lineOf('"first"') + 1, /preceded by a blank line/);
  });

  it('rejects a bad ending', () => {
    expectInvalid(good.slice(0, -1), lines.length, /final newline/);
    expectInvalid(good + '\n', lines.length + 1, /after the end line/);
    expectInvalid(good.slice(0, good.lastIndexOf('### End')), lines.length - 1, /ends with a blank line/);
    expectInvalid(good.replace(/\n/g, '\r\n'), 1, /title/);
  });

  it('all errors are typed SessionReferenceErrors', () => {
    try {
      readTranscript('nonsense');
      expect.unreachable();
    } catch (error) {
      expect(isSessionReferenceError(error)).toBe(true);
      expect((error as Error).name).toBe('SessionReferenceError');
    }
  });
});

/** Every proper prefix of `text` that ends at a line boundary (after a `\n`), with the number of lines it keeps. */
function lineCuts(text: string): { cut: string; kept: number }[] {
  const cuts: { cut: string; kept: number }[] = [];
  for (let i = text.indexOf('\n'), kept = 1; i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1), kept++) {
    cuts.push({ cut: text.slice(0, i + 1), kept });
  }
  return cuts;
}

describe('end line and truncation', () => {
  const source = SIX_MESSAGES;
  const text = renderTranscript(source);
  const explanationLine = text.split('\n').findIndex((l) => l.startsWith('Each message below')) + 1;

  it('rejects every line-boundary truncation, with or without allowUnterminated', () => {
    const cuts = lineCuts(text);
    expect(cuts.length).toBe(text.split('\n').length - 2);
    for (const { cut, kept } of cuts) {
      const message = rejection(cut);
      expect(rejection(cut, { allowUnterminated: true })).toBe(message);
      // Past the explanation line the reason names the truncation and the line where the file stops.
      if (kept > explanationLine) {
        expect(message).toMatch(/truncated/);
        expect(message).toMatch(new RegExp(`line (${kept}|${kept + 1}):`));
      }
    }
  });

  it('rejects every byte truncation', () => {
    const bytes = Buffer.from(text, 'utf8');
    for (let length = 0; length < bytes.length; length++) {
      rejection(bytes.subarray(0, length).toString('utf8'));
    }
  });

  it('rejects an end line whose count differs from the messages read', () => {
    const [body] = splitEnd(text);
    const lineCount = text.split('\n').length - 1;
    expect(rejection(`${body}\n### End of transcript: 7 messages\n`)).toMatch(
      new RegExp(`line ${lineCount}: truncated or edited: the end line counts 7 messages but 6 were read`),
    );
    expect(rejection(`${body}\n### End of transcript: 5 messages\n`)).toMatch(/counts 5 messages but 6 were read/);
    // A whole last message cut out while the end line stays.
    const withoutLast = body.slice(0, body.lastIndexOf('\n\n### Message 6: user'));
    expect(rejection(`${withoutLast}\n\n### End of transcript: 6 messages\n`)).toMatch(/counts 6 messages but 5 were read/);
    // Malformed end lines are not end lines.
    for (const bad of [
      '### End of transcript: 06 messages',
      '### End of transcript: 6 message',
      '### End of transcript: 6 messages ',
      '### end of transcript: 6 messages',
    ]) {
      expect(rejection(`${body}\n${bad}\n`)).toMatch(/expected a heading .* or the end line/);
    }
    expect(rejection(`${body}\n### End of transcript: 6 messages\n\n`)).toMatch(/after the end line/);
    expect(rejection(`${body}\n### End of transcript: 6 messages\n### End of transcript: 6 messages\n`)).toMatch(/after the end line/);
  });

  it('rejects input over maxBytes before parsing, counting UTF-8 bytes', () => {
    const bytes = Buffer.byteLength(text, 'utf8');
    expect(bytes).toBeGreaterThan(text.length); // multi-byte content, so units and bytes differ
    expect(readTranscript(text, { maxBytes: bytes })).toEqual(readTranscript(text));
    expect(rejection(text, { maxBytes: bytes - 1 })).toBe(
      `invalid transcript: ${bytes} UTF-8 bytes, over the maxBytes limit of ${bytes - 1}`,
    );
    expect(rejection(text, { maxBytes: 10 })).toBe(
      `invalid transcript: at least ${text.length} UTF-8 bytes, over the maxBytes limit of 10`,
    );
    // Checked before parsing: a malformed text over the limit reports the size.
    expect(rejection('junk'.repeat(100), { maxBytes: 0 })).toMatch(/over the maxBytes limit of 0/);
    for (const options of [{ maxBytes: -1 }, { maxBytes: 1.5 }, { maxBytes: Infinity }, { allowUnterminated: 'yes' }, null]) {
      expect(() => readTranscript(text, options as ReadTranscriptOptions)).toThrow(
        expect.objectContaining({ code: SessionReferenceErrorCode.INVALID_CONFIG }),
      );
    }
  });

  it('never quotes the file raw in an error message', () => {
    const lines = text.slice(0, -1).split('\n');
    const open = lines.indexOf('{') + 1;
    const hostile = '\u001b]8;;http://x\u0007\u001b[31m\u202e\u2028\u0085\u007f\uD800';
    for (const replacement of [`  "sessionId": "${hostile}`, `  "${hostile}": 1,`, `  "sessionId": ${hostile},`]) {
      const copy = [...lines];
      copy[open] = replacement;
      const message = rejection(copy.join('\n') + '\n');
      expect(message).toMatch(new RegExp(`line ${open}: header JSON`));
      expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(message.isWellFormed()).toBe(true);
    }
    const key = [...lines];
    key[open] = `  ${JSON.stringify(hostile)}: 1,`; // parses: an unknown field named with control characters
    expect(rejection(key.join('\n') + '\n')).toBe(
      `invalid transcript, line ${open}: unknown header field "\\u001b]8;;http://x\\u0007\\u001b[31m\\u202e\\u2028\\u0085\\u007f\\ud800"`,
    );
  });
});

describe('properties', () => {
  it('rejects a cut or damaged transcript with a message that quotes nothing raw', () => {
    const damage = fc.oneof(
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('line' as const), at: fc.nat(), line: fc.string({ unit, maxLength: 40 }) }),
    );
    fc.assert(
      fc.property(captureArb, damage, (source, change) => {
        const rendered = renderTranscript(source);
        let broken: string;
        if (change.kind === 'cut') {
          broken = rendered.slice(0, change.at % rendered.length);
        } else {
          const lines = rendered.slice(0, -1).split('\n');
          const at = change.at % lines.length;
          if (lines[at] === change.line) return;
          lines[at] = change.line;
          broken = lines.join('\n') + '\n';
        }
        let message: string | undefined;
        try {
          readTranscript(broken);
        } catch (error) {
          expect(isSessionReferenceError(error, SessionReferenceErrorCode.INVALID_REFERENCE)).toBe(true);
          message = (error as Error).message;
        }
        // A replaced line may still read (e.g. one fragment for another); a cut never does.
        if (change.kind === 'cut') expect(message).toBeDefined();
        if (message !== undefined) {
          expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
          expect(message.isWellFormed()).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('a real saved transcript', () => {
  it('a real saved transcript cut at any line boundary, or at a sample of byte offsets, is rejected as truncated', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: 'older' },
      { kind: 'assistant', text: tricky },
      { kind: 'user', text: '界😀'.repeat(300) },
      { kind: 'assistant', text: `${tricky} again` },
      ...Array.from({ length: 6 }, (_, i): SessionItem => ({
        kind: i % 2 ? 'assistant' : 'user',
        text: `turn ${i}: ${'"q" \\ <b>\n'.repeat(9 * i)}`,
      })),
      { kind: 'user', text: 'latest' },
    ];
    const { file } = await saveAndRead(pool, items, false);
    expect(file.endsWith(`\n"latest"\n\n### End of transcript: ${items.length} messages\n`)).toBe(true);
    expect(readTranscript(file).messages).toEqual(projected(items));
    const firstMessageLine = file.split('\n').indexOf('### Message 1: user') + 1;
    let lineCuts = 0;
    for (let i = file.indexOf('\n'), kept = 1; i < file.length - 1; i = file.indexOf('\n', i + 1), kept++) {
      const cut = file.slice(0, i + 1);
      for (const options of [undefined, { allowUnterminated: true }]) {
        expect(() => readTranscript(cut, options), `cut after line ${kept}`).toThrow(
          expect.objectContaining({ name: 'SessionReferenceError', code: 'SESSION_REFERENCE_INVALID_REFERENCE' }),
        );
      }
      if (kept >= firstMessageLine) expect(() => readTranscript(cut)).toThrow(/truncated/);
      lineCuts++;
    }
    expect(lineCuts).toBe(file.split('\n').length - 2);
    expect(lineCuts).toBeGreaterThan(80);
    const bytes = Buffer.from(file, 'utf8');
    for (let length = 0; length < bytes.length; length += length > bytes.length - 200 ? 1 : 7) {
      expect(() => readTranscript(bytes.subarray(0, length).toString('utf8')), `first ${length} bytes`).toThrow(
        expect.objectContaining({ code: 'SESSION_REFERENCE_INVALID_REFERENCE' }),
      );
    }
  });
});
