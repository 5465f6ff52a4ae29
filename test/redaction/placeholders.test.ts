// Placeholders stay byte-exact: the documented example keys, `your-…-here`, values made of a repeated x, X or 0 (or one
// repeated character), masked values, and template references — under a credential-like name or on their own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactTexts } from '../../src/redaction/redact.ts';
import { ASSIGNMENTS } from './support/formats.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const DOCUMENTED = [
  'AKIAIOSFODNN7EXAMPLE',
  'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'xoxb-your-token-here',
  'your-api-key-here',
  'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'sk_test_xxxxxxxxxxxxxxxxxxxxxxxx',
  'AIzaXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  'npm_000000000000000000000000000000000000',
  'glpat-xxxxxxxxxxxxxxxxxxxx',
  'sk-ant-api03-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  'xoxp-XXXXXXXXXXXX-XXXXXXXXXXXX-XXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  'hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'sk-...',
  'sk-proj-...',
  '<YOUR_API_KEY>',
  '${GITHUB_TOKEN}',
  '$NPM_TOKEN',
  'REPLACE_ME',
  'sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX',
  'xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere',
  '-----BEGIN PRIVATE KEY-----\nXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n-----END PRIVATE KEY-----',
];

describe('documented placeholders', () => {
  for (const text of DOCUMENTED) {
    it(`keeps ${JSON.stringify(text.slice(0, 60))} on its own and assigned to a credential name`, async () => {
      const texts = [text, ...ASSIGNMENTS.map((assign) => assign('API_KEY', text))];
      const result = await redactTexts(texts);
      expect(result.texts).toEqual(texts);
    });
  }
});

describe('runs of one character', () => {
  it('keeps a prefix followed by a run of x, X, 0 or any one character', async () => {
    const prefixes = [
      'ghp_',
      'github_pat_',
      'sk_live_',
      'AKIA',
      'AIza',
      'npm_',
      'glpat-',
      'xoxb-',
      'dop_v1_',
      'SG.',
      'hvs.',
      'pypi-AgEIcHlwaS5vcmc',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.constantFrom('x', 'X', '0', '1', 'a', 'Q', '*'),
        fc.integer({ min: 16, max: 120 }),
        async (prefix, ch, length) => {
          const text = `token: ${prefix}${ch.repeat(length)}`;
          expect((await redactTexts([text])).texts[0]).toBe(text);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('keeps masked and partly masked values', async () => {
    const texts = [
      'sk-proj-abc1XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      'password: ••••••••',
      'API_KEY=****************',
      'token: xxxx-xxxx-xxxx-xxxx',
    ];
    expect((await redactTexts(texts)).texts).toEqual(texts);
  });
});
