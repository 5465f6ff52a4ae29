/** Untrusted queries: any string answers with candidates or a typed error, none changes how a later one answers, and matching reads at most the first 256 code points. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchedQuery, parseBodyQuery, QUERY_MAX_CHARS } from '../../src/session-index/body-match.ts';
import { SessionIndex } from '../../src/session-index/session-index.ts';
import { hostGoesOn, makeIndexHome } from '../support/index-home.ts';
import type { IndexHome } from '../support/index-home.ts';

const HOSTILE = [
  'zan\0zib',
  '\0\0\0',
  'a\0',
  '"unterminated',
  "it's",
  'NEAR(a b)',
  'a OR b AND NOT c',
  '*',
  '\ud800\udc00\ud800',
  '\udfff lone',
  '(((',
  '\\',
  'x'.repeat(12_500),
  'axolotl pipeline '.repeat(800),
];

describe('queries on the index itself', () => {
  let index: SessionIndex;
  beforeEach(() => {
    index = SessionIndex.open(':memory:');
    index.writeBatch(
      [{ header: { id: 'a', createdAt: 1 }, texts: ['the zanzibarite axolotl pipeline ' + 'x'.repeat(20_000)], at: { seq: 1 } }],
      'newer',
    );
  });
  afterEach(() => {
    index.close();
  });

  it('answers every hostile query, and a normal query answers the same before and after them', () => {
    const normal = () => index.search(parseBodyQuery('zanz'), { limit: 5, accept: () => true }).hits.map((hit) => hit.sessionId);
    expect(normal()).toEqual(['a']);
    for (const query of HOSTILE) {
      expect(() => index.search(parseBodyQuery(query), { limit: 5, accept: () => true })).not.toThrow();
      expect(normal()).toEqual(['a']);
    }
  });

  it('matches on at most the first 256 code points, counting a surrogate pair as one', () => {
    expect(Array.from(matchedQuery('é'.repeat(1_000)))).toHaveLength(QUERY_MAX_CHARS);
    expect(Array.from(matchedQuery('😀'.repeat(1_000)))).toHaveLength(QUERY_MAX_CHARS);
    expect(matchedQuery('short')).toBe('short');
    expect(parseBodyQuery('x'.repeat(1_000_000)).text).toHaveLength(QUERY_MAX_CHARS);
    expect(parseBodyQuery('x'.repeat(12_500)).pattern.source.length).toBeLessThanOrEqual(2 * QUERY_MAX_CHARS);
  });

  it('leaves NUL-bearing trigrams out of the full-text expression', () => {
    expect(parseBodyQuery('zan\0zib').match).toBe('"zan" AND "zib"');
    expect(parseBodyQuery('a\0b').mode).not.toBe('index');
  });
});

describe('queries through the resolver on a real host', () => {
  let home: IndexHome;
  beforeEach(async () => {
    home = await makeIndexHome();
    await home.boot();
    await home.load();
  });
  afterEach(async () => {
    await home.dispose();
  });

  it('every hostile query answers with candidates, and none changes the next normal answer', async () => {
    await hostGoesOn(home, 'asking');
    const resolver = home.host.ctx.sessionReferenceResolver;
    const asker = { id: 'asker', options: {}, session: { header: { cwd: '/w' } } };
    const normal = async () => (await resolver.listCandidates(asker, 'axolotl')).map((candidate) => candidate.sessionId);
    await expect.poll(normal, { timeout: 20_000 }).toEqual(['alpha']);
    for (const query of [...HOSTILE, 'q'.repeat(1_000_000)]) {
      await expect(resolver.listCandidates(asker, query)).resolves.toBeInstanceOf(Array);
      expect(await normal()).toEqual(['alpha']);
    }
  });
});
