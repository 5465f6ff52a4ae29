// redactTexts as a whole: every required format is replaced wherever it sits, look-alikes stay byte-exact, counts are
// per text and per kind, strings survive untouched outside findings, and an abort rejects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECORDS } from '../../src/redaction/kinds/index.ts';
import { redactTexts } from '../../src/redaction/redact.ts';
import { beginScan, continueScan, scanText } from '../../src/redaction/scan.ts';
import { LEFT_EDGES, RIGHT_EDGES, filler, neutralFiller } from './support/credentials.ts';
import type { Example } from './support/credentials.ts';
import { FALSE_POSITIVES } from './support/look-alikes.ts';
import { OTHER_VENDOR_EXAMPLES, REQUIRED_FORMATS } from './support/required-formats.ts';
import { WRAPPINGS } from './support/wrappings.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const anyRequired = fc.constantFrom(...Object.values(REQUIRED_FORMATS)).chain((arb) => arb);

function expectRedacted(output: string, text: string, written: string, kind: string): void {
  const at = text.indexOf(written);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(output).toBe(`${text.slice(0, at)}[REDACTED ${kind}]${text.slice(at + written.length)}`);
}

describe('redactTexts: required formats', () => {
  for (const [name, arb] of Object.entries(REQUIRED_FORMATS)) {
    it(`replaces ${name} wherever it sits, and nothing else`, async () => {
      await fc.assert(
        fc.asyncProperty(
          arb,
          neutralFiller,
          fc.constantFrom(...LEFT_EDGES),
          fc.constantFrom(...RIGHT_EDGES),
          filler,
          fc.constantFrom(...WRAPPINGS),
          async (example, before, left, right, after, wrapping) => {
            const text = wrapping.wrap(before + left + example.text + right + after);
            const written = wrapping.escape(example.secret);
            const result = await redactTexts([text]);
            expect(result.texts[0]).not.toContain(example.secret);
            expect(result.counts).toEqual([1]);
            expect(result.total).toBe(1);
            expectRedacted(result.texts[0]!, text, written, example.kind);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('replaces a JSON-escaped PEM block (service-account style) as one private key', async () => {
    const example = fc.sample(REQUIRED_FORMATS.pem!, { numRuns: 1, seed: 7 })[0]!;
    const text = JSON.stringify({ type: 'service_account', private_key_id: 'abc123', private_key: `${example.secret}\n` });
    const result = await redactTexts([text]);
    expect(result.counts).toEqual([1]);
    expect(result.texts[0]).toContain('"private_key":"[REDACTED private-key]\\n"');
  });

  it('replaces a PEM block whose END line was cut off', async () => {
    const example = fc.sample(REQUIRED_FORMATS.pem!, { numRuns: 1, seed: 11 })[0]!;
    const cut = example.secret.slice(0, example.secret.indexOf('-----END'));
    const result = await redactTexts([`tail of the output:\n${cut}`]);
    expect(result.counts).toEqual([1]);
    expect(result.texts[0]).toBe(`tail of the output:\n[REDACTED private-key]${cut.slice(cut.trimEnd().length)}`);
  });

  it('replaces only the password of a URL, keeping scheme, user and host', async () => {
    const result = await redactTexts(['DATABASE_URL=postgres://app:s3cr3t-P4ss@db.internal:5432/app?sslmode=require']);
    expect(result.texts[0]).toBe('DATABASE_URL=postgres://app:[REDACTED url-password]@db.internal:5432/app?sslmode=require');
  });

  it('keeps a password that contains @ whole', async () => {
    const result = await redactTexts(['mongodb://admin:p@ssw0rd!@cluster0.example.net/db']);
    expect(result.texts[0]).toBe('mongodb://admin:[REDACTED url-password]@cluster0.example.net/db');
  });

  for (const example of OTHER_VENDOR_EXAMPLES) {
    it(`replaces a ${example.kind}`, async () => {
      const result = await redactTexts([`config: ${example.text} # end`]);
      expect(result.texts[0]).toBe(`config: [REDACTED ${example.kind}] # end`);
    });
  }
});

describe('redactTexts: look-alikes stay byte-exact', () => {
  for (const text of FALSE_POSITIVES) {
    it(JSON.stringify(text.length > 70 ? `${text.slice(0, 67)}...` : text), async () => {
      const result = await redactTexts([text]);
      expect(result.counts).toEqual([0]);
      expect(result.texts[0]).toBe(text);
    });
  }

  it('leaves random UUIDs, git SHAs, sha256 digests, colours and versions alone', async () => {
    const hex = (n: number) => fc.string({ unit: fc.constantFrom(...Array.from('0123456789abcdef')), minLength: n, maxLength: n });
    const lookAlike = fc.oneof(
      fc.uuid(),
      hex(40),
      hex(64),
      hex(32),
      hex(6).map((h) => `#${h}`),
      fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99)).map(([a, b, c]) => `v${a}.${b}.${c}`),
      hex(40).map((h) => `commit ${h}`),
      hex(64).map((h) => `sha256:${h}`),
      fc.string({ minLength: 1, maxLength: 60 }).map((s) => Buffer.from(s).toString('base64')),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(lookAlike, { minLength: 1, maxLength: 20 }), async (parts) => {
        const text = parts.join(' ');
        const result = await redactTexts([text]);
        expect(result.texts[0]).toBe(text);
        expect(result.total).toBe(0);
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('redactTexts: a whole capture in one pass', () => {
  it('counts per text and per kind, across many texts', async () => {
    const item = fc.tuple(neutralFiller, fc.array(anyRequired, { maxLength: 3 }), neutralFiller);
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 25 }), async (items) => {
        const texts = items.map(([before, secrets, after]) => `${before}\n${secrets.map((s) => s.text).join('\n')}\n${after}`);
        const result = await redactTexts(texts);
        expect(result.counts).toEqual(items.map(([, secrets]) => secrets.length));
        expect(result.total).toBe(items.reduce((sum, [, secrets]) => sum + secrets.length, 0));
        const kinds: Record<string, number> = {};
        for (const [, secrets] of items) for (const secret of secrets) kinds[secret.kind] = (kinds[secret.kind] ?? 0) + 1;
        expect(result.byKind).toEqual(kinds);
        for (const [k, [, secrets]] of items.entries()) for (const secret of secrets) expect(result.texts[k]).not.toContain(secret.secret);
      }),
      { numRuns: RUNS },
    );
  });

  it('scans the label like any text: pass it first', async () => {
    const result = await redactTexts(['deploy with ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'nothing here']);
    expect(result.texts).toEqual(['deploy with [REDACTED github-token]', 'nothing here']);
    expect(result.counts).toEqual([1, 0]);
  });

  it('counts a value found by two rules once', async () => {
    // A Stripe key is also the value of an .npmrc _authToken.
    const result = await redactTexts(['_authToken=sk_live_4eC39HqLyjWDarjtT1zdp7dc']);
    expect(result.counts).toEqual([1]);
    expect(result.byKind).toEqual({ 'stripe-key': 1 });
  });

  it('is idempotent: a redacted text has nothing left to find', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyRequired, { minLength: 1, maxLength: 5 }), async (examples) => {
        const once = await redactTexts([examples.map((e: Example) => e.text).join(' | ')]);
        const twice = await redactTexts(once.texts);
        expect(twice.texts).toEqual(once.texts);
        expect(twice.total).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('names only kinds of the catalogue', async () => {
    const examples = [...fc.sample(anyRequired, { numRuns: 200, seed: 3 }), ...OTHER_VENDOR_EXAMPLES];
    const result = await redactTexts(examples.map((e) => e.text));
    for (const kind of Object.keys(result.byKind)) expect(RECORDS.map((record) => record.kind)).toContain(kind);
  });
});

describe('redactTexts: strings survive', () => {
  const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
  const anyText = fc
    .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), loneSurrogate, fc.constantFrom('\u0000', '\ufeff', '\r\n', '\\n')), {
      maxLength: 8,
    })
    .map((parts) => parts.join(''));

  it('keeps every code unit outside a finding, lone surrogates, NULs and BOMs included', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyRequired, anyText, async (before, example, after) => {
        const text = `${before} ${example.text} ${after}`;
        const [output] = (await redactTexts([text])).texts;
        expect(output).not.toContain(example.secret);
        const marker = output!.indexOf('[REDACTED ');
        expect(marker).toBeGreaterThanOrEqual(0);
        // What precedes the first marker and follows the last is the original, code unit for code unit.
        expect(text.startsWith(output!.slice(0, marker))).toBe(true);
        const tail = output!.slice(output!.lastIndexOf(']') + 1);
        expect(text.endsWith(tail)).toBe(true);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('returns a text without findings as the same string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyText, { maxLength: 5 }), async (texts) => {
        const result = await redactTexts(texts);
        for (const [k, text] of texts.entries()) if (result.counts[k] === 0) expect(result.texts[k]).toBe(text);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('takes a U+FEFF at the very start as text, not as a BOM', async () => {
    const result = await redactTexts(['\ufeffghp_abcdefghijklmnopqrstuvwxyz0123456789 x']);
    expect(result.texts[0]).toBe('\ufeff[REDACTED github-token] x');
  });

  it('ignores secretlint-disable directives inside session text', async () => {
    const text = '// secretlint-disable\ntoken = ghp_abcdefghijklmnopqrstuvwxyz0123456789\n// secretlint-enable';
    expect((await redactTexts([text])).counts).toEqual([1]);
  });
});

describe('redactTexts: cancellation', () => {
  it('rejects with the signal reason when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(redactTexts(['ghp_abcdefghijklmnopqrstuvwxyz0123456789'], { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('stops between texts when aborted mid-scan', async () => {
    const controller = new AbortController();
    const texts = Array.from(
      { length: 200 },
      (_, k) =>
        `line ${k}: AKIA${String(k)
          .padStart(16, '7')
          .replace(/[^A-Z2-7]/g, 'Q')}`,
    );
    const pending = redactTexts(texts, { signal: controller.signal });
    queueMicrotask(() => {
      controller.abort(new Error('late stop'));
    });
    await expect(pending).rejects.toThrow('late stop');
  });
});

describe('redactTexts: giant texts', () => {
  const piece = fc.oneof(
    fc.constantFrom(
      ' ',
      '\n',
      'word ',
      '-p ',
      'api_key = "',
      '"',
      '\\u002d',
      '\\\\u0041',
      '%2F',
      '\u200B',
      'ghp_',
      'AKIA',
      '\\n',
      '=',
      'x',
    ),
    fc.string({ unit: fc.constantFrom(...Array.from('ABCDEFGHabcdefgh0123456789')), minLength: 4, maxLength: 40 }),
  );

  it('a scan stopped after any number of characters and continued finds what one run finds', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), fc.integer({ min: 1, max: 64 }), (pieces, budget) => {
        const text = pieces.join('');
        const whole = scanText(text);
        const scan = beginScan(text);
        let steps = 0;
        let found = continueScan(scan, budget);
        while (found === null) {
          steps++;
          found = continueScan(scan, budget);
        }
        expect(steps).toBeLessThanOrEqual(text.length + 8);
        expect(found.view.text).toBe(whole.view.text);
        expect(found.found).toEqual(whole.found);
      }),
      { numRuns: 300 },
    );
  });

  it('lets the event loop turn while one giant text is scanned, with the same answer', async () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const filler = 'const x = fn(arg) && "a\\"b" [0] 0x1f;\n'.repeat(40_000);
    const text = `${token}\n${filler}${token}\n${filler}${token}`;
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const result = await redactTexts([text]);
    clearInterval(timer);
    expect(turns).toBeGreaterThan(2);
    expect(result.counts).toEqual([3]);
    expect(result.texts[0]).toBe(text.replaceAll(token, '[REDACTED github-token]'));
  });

  it('stops inside one giant text when the signal aborts at a turn of the event loop', async () => {
    const controller = new AbortController();
    const pending = redactTexts(['const x = fn(arg) && "a\\"b" [0] 0x1f;\n'.repeat(80_000)], { signal: controller.signal });
    setImmediate(() => {
      controller.abort(new Error('stop mid-text'));
    });
    await expect(pending).rejects.toThrow('stop mid-text');
  });

  it('applies tens of thousands of replacements in one text a slice at a time, with the same answer', async () => {
    const line = 'x ghp_abcdefghijklmnopqrstuvwxyz0123456789\n';
    const text = line.repeat(40_000) + 'tail';
    const result = await redactTexts([text]);
    expect(result.counts).toEqual([40_000]);
    expect(result.texts[0]).toBe('x [REDACTED github-token]\n'.repeat(40_000) + 'tail');
  });
});
