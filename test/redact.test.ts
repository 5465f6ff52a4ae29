// Secret redaction (SPEC §5.5): every required format is replaced wherever it sits, look-alikes stay
// byte-exact, the prefilter never loses what the detector finds on whole texts, and strings survive
// untouched outside findings.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SECRET_KINDS,
  applyRedactions,
  findCandidateWindows,
  findSecrets,
  preloadSecretDetector,
  redactTexts,
  redactionMarker,
} from '../src/redaction/redact.ts';
import type { SecretKind } from '../src/redaction/redact.ts';
import { FALSE_POSITIVES, LEFT_EDGES, PRESET_EXAMPLES, RIGHT_EDGES, SECRET_FORMATS, filler } from './support/secret-corpus.ts';
import type { SecretExample } from './support/secret-corpus.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/** How an example is put into a session text, and how its secret is then written there. */
interface Wrapping {
  wrap: (text: string) => string;
  escape: (secret: string) => string;
}
const same = (secret: string): string => secret;
const WRAPPINGS: readonly Wrapping[] = [
  { wrap: same, escape: same },
  // A tool result or log line serialised as JSON: newlines and quotes become escapes.
  { wrap: (text) => JSON.stringify({ role: 'tool', output: text }), escape: (secret) => JSON.stringify(secret).slice(1, -1) },
  { wrap: (text) => `\`\`\`\n${text}\n\`\`\``, escape: same },
  { wrap: (text) => `> ${text}\n`, escape: same },
];
const wrapping = fc.constantFrom(...WRAPPINGS);

/** A text with the example somewhere inside, and the secret as written in that text. */
function embed(example: SecretExample, before: string, left: string, right: string, after: string, wrapping: Wrapping) {
  return { text: wrapping.wrap(before + left + example.text + right + after), written: wrapping.escape(example.secret) };
}

function expectRedacted(output: string, text: string, written: string, kind: SecretKind): void {
  const at = text.indexOf(written);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(output).toBe(text.slice(0, at) + redactionMarker(kind) + text.slice(at + written.length));
}

describe('redactTexts: required formats', () => {
  for (const [name, arb] of Object.entries(SECRET_FORMATS)) {
    it(`replaces ${name} wherever it sits, and nothing else`, async () => {
      await fc.assert(
        fc.asyncProperty(
          arb,
          filler,
          fc.constantFrom(...LEFT_EDGES),
          fc.constantFrom(...RIGHT_EDGES),
          filler,
          wrapping,
          async (example, before, left, right, after, wrap) => {
            const { text, written } = embed(example, before, left, right, after, wrap);
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
    const example = fc.sample(SECRET_FORMATS.pem!, { numRuns: 1, seed: 7 })[0]!;
    const text = JSON.stringify({ type: 'service_account', private_key_id: 'abc123', private_key: example.secret + '\n' });
    const result = await redactTexts([text]);
    expect(result.counts).toEqual([1]);
    expect(result.texts[0]).toContain('"private_key":"[REDACTED private-key]\\n"');
  });

  it('replaces a PEM block whose END line was cut off', async () => {
    const example = fc.sample(SECRET_FORMATS.pem!, { numRuns: 1, seed: 11 })[0]!;
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

  for (const example of PRESET_EXAMPLES) {
    it(`replaces a ${example.kind} (recommended preset)`, async () => {
      const result = await redactTexts([`config: ${example.text} # end`]);
      expect(result.texts[0]).toBe(`config: ${redactionMarker(example.kind)} # end`);
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
    const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
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

  it('opens no detector window on ordinary prose and code', () => {
    for (const text of FALSE_POSITIVES.slice(0, 20)) expect(findCandidateWindows(text)).toEqual([]);
  });
});

describe('redactTexts: a whole capture in one pass', () => {
  it('counts per text, across many texts, batched', async () => {
    const format = fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb);
    const item = fc.tuple(filler, fc.array(format, { maxLength: 3 }), filler);
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 4096 }), async (items, batchChars) => {
        const texts = items.map(([before, secrets, after]) => `${before}\n${secrets.map((s) => s.text).join('\n')}\n${after}`);
        const result = await redactTexts(texts, { batchChars });
        expect(result.counts).toEqual(items.map(([, secrets]) => secrets.length));
        expect(result.total).toBe(items.reduce((sum, [, secrets]) => sum + secrets.length, 0));
        for (const [k, [, secrets]] of items.entries()) {
          for (const secret of secrets) expect(result.texts[k]).not.toContain(secret.secret);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('finds with the prefilter exactly what the detector finds on whole texts', async () => {
    const format = fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb);
    const piece = fc.oneof(
      filler,
      format.map((s) => s.text),
      fc.constantFrom(...FALSE_POSITIVES),
    );
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(' '));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 8 }), async (texts) => {
        const windowed = await findSecrets(texts);
        const whole = await findSecrets(texts, { prefilter: false });
        expect(windowed).toEqual(whole);
      }),
      { numRuns: RUNS },
    );
  });

  it('scans the label like any text: pass it first', async () => {
    const result = await redactTexts(['deploy with ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'nothing here']);
    expect(result.texts).toEqual(['deploy with [REDACTED github-token]', 'nothing here']);
    expect(result.counts).toEqual([1, 0]);
  });

  it('counts overlapping findings once', async () => {
    // The preset, our stripe rule and an _authToken value all cover the same key.
    const result = await redactTexts(['_authToken=sk_live_4eC39HqLyjWDarjtT1zdp7dc']);
    expect(result.counts).toEqual([1]);
  });

  it('is idempotent: a redacted text has nothing left to find', async () => {
    const format = fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb);
    await fc.assert(
      fc.asyncProperty(fc.array(format, { minLength: 1, maxLength: 5 }), async (examples) => {
        const once = await redactTexts([examples.map((e) => e.text).join(' | ')]);
        const twice = await redactTexts(once.texts);
        expect(twice.texts).toEqual(once.texts);
        expect(twice.total).toBe(0);
      }),
      { numRuns: RUNS },
    );
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
    const format = fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb);
    await fc.assert(
      fc.asyncProperty(anyText, format, anyText, async (before, example, after) => {
        const text = `${before} ${example.text} ${after}`;
        const [findings] = await findSecrets([text]);
        const output = applyRedactions(text, findings!);
        expect(output).not.toContain(example.secret);
        // Everything before the first finding and after the last is the original, code unit for code unit.
        expect(output.startsWith(text.slice(0, findings![0]!.start))).toBe(true);
        expect(output.endsWith(text.slice(findings!.at(-1)!.end))).toBe(true);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('returns text with no candidate as the same string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyText, { maxLength: 5 }), async (texts) => {
        const clean = texts.filter((text) => findCandidateWindows(text).length === 0);
        const result = await redactTexts(clean);
        for (const [k, text] of clean.entries()) expect(result.texts[k]).toBe(text);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('takes a U+FEFF at the very start as text, not as a BOM', async () => {
    const result = await redactTexts(['\ufeffghp_abcdefghijklmnopqrstuvwxyz0123456789 x']);
    expect(result.texts[0]).toBe('\ufeff[REDACTED github-token] x');
  });
});

describe('redactTexts: redactSecrets off', () => {
  it('returns every text byte-exact and counts nothing', async () => {
    const format = fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.string({ unit: 'binary' }), format), { maxLength: 5 }), async (pairs) => {
        const texts = pairs.map(([text, secret]) => text + secret.text);
        const result = await redactTexts(texts, { enabled: false });
        expect(result.texts).toEqual(texts);
        for (const [k, text] of texts.entries()) expect(result.texts[k]).toBe(text);
        expect(result.counts).toEqual(texts.map(() => 0));
        expect(result.total).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('redactTexts: cancellation and hygiene', () => {
  it('rejects with the signal reason when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(redactTexts(['ghp_abcdefghijklmnopqrstuvwxyz0123456789'], { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('stops between detector batches when aborted mid-scan', async () => {
    const controller = new AbortController();
    const texts = Array.from(
      { length: 200 },
      (_, k) =>
        `line ${k}: AKIA${String(k)
          .padStart(16, '7')
          .replace(/[^A-Z2-7]/g, 'Q')}`,
    );
    const pending = redactTexts(texts, { signal: controller.signal, batchChars: 64 });
    queueMicrotask(() => controller.abort(new Error('late stop')));
    await expect(pending).rejects.toThrow('late stop');
  });

  it('leaves no secretlint profiler marks behind', async () => {
    performance.clearMarks();
    await redactTexts(['ghp_abcdefghijklmnopqrstuvwxyz0123456789 and AKIAQYLPMN5HHHFPZAM2']);
    expect(performance.getEntriesByType('mark')).toEqual([]);
  });

  it('ignores secretlint-disable directives inside session text', async () => {
    const text = '// secretlint-disable\ntoken = ghp_abcdefghijklmnopqrstuvwxyz0123456789\n// secretlint-enable';
    const result = await redactTexts([text]);
    expect(result.counts).toEqual([1]);
  });

  it('loads the detector once, on demand or when preloaded', async () => {
    await expect(preloadSecretDetector()).resolves.toBeUndefined();
    await expect(preloadSecretDetector()).resolves.toBeUndefined();
  });

  it('stays linear on repetitions built to make regexes and windows quadratic', async () => {
    // Each of these took minutes before the prefilter's searches were bounded and incremental.
    const cases = [
      '-----BEGIN PRIVATE KEY-----\n'.repeat(10_000),
      '-----BEGIN RSA PRIVATE KEY '.repeat(10_000),
      'sk-'.repeat(100_000) + 'a'.repeat(1000),
      'eyJ'.repeat(100_000) + '.eyJ' + 'a'.repeat(100) + '.',
      'https://a:b@c.d '.repeat(5_000),
      ('ghp_' + 'a'.repeat(36) + ' ').repeat(5_000),
      'x'.repeat(1_000_000) + ' ghp_abcdefghijklmnopqrstuvwxyz0123456789 ' + 'y'.repeat(1_000_000),
      'Bearer ' + 'a'.repeat(300_000),
      ':'.repeat(300_000) + '://'.repeat(100_000),
    ];
    const started = performance.now();
    const result = await redactTexts(cases);
    expect(result.counts).toEqual([0, 0, 0, 0, 5_000, 5_000, 1, 0, 0]);
    // Linear: a few seconds at most on a loaded machine; the quadratic versions took minutes.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('documents every kind it can produce', async () => {
    const format = fc.constantFrom(...Object.values(SECRET_FORMATS)).chain((arb) => arb);
    const examples = [...fc.sample(format, { numRuns: 200, seed: 3 }), ...PRESET_EXAMPLES];
    const findings = await findSecrets(examples.map((e) => e.text));
    for (const list of findings) for (const finding of list) expect(Object.keys(SECRET_KINDS)).toContain(finding.kind);
    for (const kind of Object.keys(SECRET_KINDS)) expect(kind).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
