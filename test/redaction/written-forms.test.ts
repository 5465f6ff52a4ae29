// Credentials written in other forms: JSON escapes (`\u002d`, `\/`, doubly escaped strings), URL-encoding, zero-width
// characters inside a token, and the base64 data of a Kubernetes Secret. The whole written span is replaced and the
// text around it is kept code unit for code unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactTexts } from '../../src/redaction/redact.ts';
import { SPECS, neutralFiller } from './support/credentials.ts';
import { BASE64, random } from './support/random.ts';
import { ViewBuilder } from '../../src/redaction/decoded-view.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/** Self-identifying tokens (the whole text is the secret), whose characters the transforms below can rewrite. */
const TOKENS = SPECS.filter((spec) =>
  [
    'github-token',
    'openai-key',
    'stripe-key',
    'slack-token',
    'gitlab-token',
    'npm-token',
    'aws-access-key',
    'google-api-key',
    'anthropic-key',
  ].includes(spec.kind),
);
const token = fc.constantFrom(...TOKENS).chain((spec) => spec.examples);

/** Ways to write one character of a token differently. */
const WRITTEN: readonly [string, (ch: string) => string][] = [
  ['a JSON \\u escape', (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`],
  ['URL-encoding', (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`],
  ['a zero-width space before it', (ch) => `\u200b${ch}`],
  ['a zero-width joiner before it', (ch) => `\u200d${ch}`],
];

describe('a token with one character written differently', () => {
  for (const [name, write] of WRITTEN) {
    it(`is replaced whole when a character is written as ${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(token, fc.nat(), neutralFiller, neutralFiller, async (example, at, before, after) => {
          // Any character after the first four (inside the prefix, as `sk\u002dproj-`, or in the body).
          const k = 4 + (at % (example.secret.length - 4));
          const written = example.secret.slice(0, k) + write(example.secret[k]!) + example.secret.slice(k + 1);
          const text = `${before} ${written} ${after}`;
          const result = await redactTexts([text]);
          expect(result.texts[0]).toBe(`${before} [REDACTED ${example.kind}] ${after}`);
          expect(result.counts).toEqual([1]);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('is replaced whole inside a doubly escaped JSON string', async () => {
    await fc.assert(
      fc.asyncProperty(token, async (example) => {
        const inner = JSON.stringify({ env: `TOKEN="${example.secret}"\n` });
        const text = JSON.stringify({ tool: 'bash', stdout: inner });
        const result = await redactTexts([text]);
        expect(result.texts[0]).not.toContain(example.secret.slice(4, 12));
        expect(result.texts[0]).toContain(`[REDACTED ${example.kind}]`);
        expect(result.counts).toEqual([1]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('escaped and encoded values of named credentials', () => {
  it('replaces an AWS secret key with `\\/` escapes in JSON, the escapes included', async () => {
    await fc.assert(
      fc.asyncProperty(random(BASE64, 40), async (secret) => {
        const text = JSON.stringify({ aws_secret_access_key: secret });
        const written = JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/');
        const escaped = text.replace(JSON.stringify(secret).slice(1, -1), written);
        const result = await redactTexts([escaped]);
        expect(result.texts[0]).toBe('{"aws_secret_access_key":"[REDACTED aws-secret-key]"}');
      }),
      { numRuns: RUNS },
    );
  });

  it('replaces a URL-encoded AWS secret key in a query string, encoded characters included', async () => {
    await fc.assert(
      fc.asyncProperty(random(BASE64, 40), async (secret) => {
        const text = `GET https://example.com/sign?aws_secret_access_key=${encodeURIComponent(secret)}&region=eu-west-1`;
        const result = await redactTexts([text]);
        expect(result.texts[0]).toBe('GET https://example.com/sign?aws_secret_access_key=[REDACTED aws-secret-key]&region=eu-west-1');
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps a text whose escapes hide no credential byte-exact', async () => {
    const text = String.raw`C:\Users\dev\new_project\tests and "quoted \"text\"" and 100% \u00e9l\u00e8ve %41%42 ` + '\u200b zero width';
    const result = await redactTexts([text]);
    expect(result.texts[0]).toBe(text);
    expect(result.total).toBe(0);
  });
});

describe('Kubernetes Secret manifests', () => {
  const base64 = (value: string): string => Buffer.from(value).toString('base64');

  it('replaces every data value of a YAML Secret, wherever `kind` sits, and keeps the rest', async () => {
    const text = [
      'apiVersion: v1',
      'data:',
      `  password: ${base64('hunter2hunter2')}`,
      `  username: ${base64('admin')}`,
      'kind: Secret',
      'metadata:',
      '  name: db',
      'type: Opaque',
    ].join('\n');
    const result = await redactTexts([text]);
    expect(result.texts[0]).toBe(
      [
        'apiVersion: v1',
        'data:',
        '  password: [REDACTED kubernetes-secret]',
        '  username: [REDACTED kubernetes-secret]',
        'kind: Secret',
        'metadata:',
        '  name: db',
        'type: Opaque',
      ].join('\n'),
    );
    expect(result.counts).toEqual([2]);
  });

  it('replaces the data values of a JSON Secret (kubectl -o json), also inside a tool result', async () => {
    const manifest = JSON.stringify(
      {
        apiVersion: 'v1',
        kind: 'Secret',
        data: { token: base64('s3cr3t-t0ken-value'), 'ca.crt': base64('not a secret but in a Secret') },
        type: 'Opaque',
      },
      null,
      2,
    );
    for (const text of [manifest, JSON.stringify({ tool: 'bash', stdout: manifest })]) {
      const result = await redactTexts([text]);
      expect(result.counts).toEqual([2]);
      expect(result.texts[0]).not.toContain(base64('s3cr3t-t0ken-value'));
      expect(result.texts[0]).toContain('"kind": "Secret"'.replaceAll('"', text === manifest ? '"' : '\\"'));
    }
  });

  it('leaves the data of a ConfigMap alone', async () => {
    const text = ['apiVersion: v1', 'kind: ConfigMap', 'data:', `  mode: ${base64('production')}`, '  level: debug'].join('\n');
    const result = await redactTexts([text]);
    expect(result.texts[0]).toBe(text);
  });
});

describe('the decoded view, built a stretch at a time', () => {
  const piece = fc.constantFrom('\\u0041', '\\\\', '\\\\u0042', '%2F', '%', '\\', '\\n', '\u200B', 'a', '\\"');

  it('is the view of one pass, whatever the steps it is built in', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 200, maxLength: 1500 }), fc.integer({ min: 1, max: 3000 }), (pieces, budget) => {
        const text = pieces.join('');
        const whole = new ViewBuilder(text).step(Infinity);
        const builder = new ViewBuilder(text);
        let view = builder.step(budget);
        while (view === null) view = builder.step(budget);
        expect(whole).not.toBeNull();
        expect(view.text).toBe(whole?.text);
        for (let at = 0; at < view.text.length; at++) expect(view.source(at, at + 1)).toEqual(whole?.source(at, at + 1));
      }),
      { numRuns: 150 },
    );
  });
});
