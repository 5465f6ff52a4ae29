// Inputs built to make a scanner quadratic or to smuggle a credential through its edges: each comes back with the
// expected redactions (how long they take is measured in bench/redact.bench.ts, not here).
import { describe, expect, it } from 'vitest';
import { redactTexts } from '../../src/redaction/redact.ts';

describe('repetitions built against regex backtracking and rescans', () => {
  const CASES: readonly [name: string, text: string, count: number][] = [
    ['`xoxb-1-` repeated', 'xoxb-1-'.repeat(100_000), 0],
    ['BEGIN lines without END lines', '-----BEGIN PRIVATE KEY-----\n'.repeat(10_000), 0],
    ['unterminated BEGIN labels', '-----BEGIN RSA PRIVATE KEY '.repeat(10_000), 0],
    ['`sk-` repeated, then letters', 'sk-'.repeat(100_000) + 'a'.repeat(1000), 0],
    ['`eyJ` repeated, then one payload', 'eyJ'.repeat(100_000) + '.eyJ' + 'a'.repeat(100) + '.', 0],
    ['one-letter URL passwords', 'https://a:b@c.d '.repeat(5_000), 0],
    ['URL passwords', 'https://deploy:Zq8xVw2rKp5m@c.d '.repeat(5_000), 5_000],
    ['tokens of one repeated letter', ('ghp_' + 'a'.repeat(36) + ' ').repeat(5_000), 0],
    [
      'a token between two megabytes of letters',
      'x'.repeat(1_000_000) + ' ghp_abcdefghijklmnopqrstuvwxyz0123456789 ' + 'y'.repeat(1_000_000),
      1,
    ],
    ['Bearer and 300k letters', 'Bearer ' + 'a'.repeat(300_000), 0],
    ['colons, then `://` repeated', ':'.repeat(300_000) + '://'.repeat(100_000), 0],
    ['`a=` repeated', 'a='.repeat(200_000), 0],
    ['`api_key: "` repeated', 'api_key: "'.repeat(50_000), 0],
    ['escapes repeated', '\\u002d'.repeat(100_000), 0],
    ['`kind: Secret` repeated', 'kind: Secret\ndata:\n'.repeat(20_000), 0],
    ['`NRAZDOQ~` repeated (word-led infixes overlapping)', 'NRAZDOQ~'.repeat(50_000), 0],
    [
      'client secrets between random runs full of their first letter',
      'QaNQ9bAQzQ1 kRx8Q~xYpLm2nB8vC4zT6wE0sD3fG5hJ9kL1qa '.repeat(5_000),
      5_000,
    ],
    ['`AccountKey=` repeated', 'AccountKey='.repeat(50_000), 0],
    [
      'operators all through one run (`token:.x=.` repeated), then a token on the next line',
      'token:.x=.'.repeat(50_000) + '\ntoken: Zq8xVw2rKp5mTn4L',
      1,
    ],
    ['a client secret after a megabyte of `Q`', 'Q'.repeat(1_000_000) + ' kRx8Q~xYpLm2nB8vC4zT6wE0sD3fG5hJ9kL1qa', 1],
  ];
  for (const [name, text, count] of CASES) {
    it(`finds ${count} in ${name}`, async () => {
      const result = await redactTexts([text]);
      expect(result.counts).toEqual([count]);
    });
  }
});

describe('edges', () => {
  it('does not join a token across a line break, a quote or a bracket', async () => {
    const texts = [
      'ghp_abcdefghij\nklmnopqrstuvwxyz0123456789',
      'ghp_abcdefghij"klmnopqrstuvwxyz0123456789',
      'ghp_abcdefghij(klmnopqrstuvwxyz0123456789',
    ];
    expect((await redactTexts(texts)).texts).toEqual(texts);
  });

  it('does not take a token glued to the end of a word', async () => {
    const texts = [
      'xghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg',
      'amazon.de#@#div[data-cel-widget="desktop-rhf_SponsoredProductsRemoteRHFSearchEXPSubsK2ClickPagination"]',
    ];
    expect((await redactTexts(texts)).texts).toEqual(texts);
  });

  it('replaces the whole token, routable tails and suffixes included', async () => {
    const result = await redactTexts([
      'glpat-a94y6npj0vb5azqk2j71g696ty3.nwty8d7qf end',
      'dapif13ac4b49d1cb31f69f678e39602e381-2 end',
      'ATATT3xFfGF0' + 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6'.repeat(5) + '=C63992E6 end',
    ]);
    expect(result.texts).toEqual(['[REDACTED gitlab-token] end', '[REDACTED databricks-token] end', '[REDACTED atlassian-token] end']);
  });

  it('keeps empty texts, short texts and texts of blanks unchanged', async () => {
    const texts = ['', 'a', 'sk-', ' \n\t ', 'x'.repeat(7)];
    const result = await redactTexts(texts);
    expect(result.texts).toEqual(texts);
    expect(result.total).toBe(0);
  });
});
