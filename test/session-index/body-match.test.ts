/** Body matching: how a query is looked up, how strong a match is, and the snippet around it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_SNIPPET_MAX_CHARS, findMatch, parseBodyQuery, snippetAround } from '../../src/session-index/body-match.ts';

const chars = (text: string): number => Array.from(text).length;

describe('parseBodyQuery', () => {
  it('looks up three characters or more in the trigram index, as every distinct trigram ANDed', () => {
    expect(parseBodyQuery('  zanz ')).toMatchObject({ mode: 'index', text: 'zanz', match: '"zan" AND "anz"' });
    expect(parseBodyQuery('a  "b')).toMatchObject({ mode: 'index', text: 'a "b', match: '"a """ AND " ""b"' });
    expect(parseBodyQuery('aaaa').match).toBe('"aaa"');
    expect(parseBodyQuery('构建缓存').match).toBe('"构建缓" AND "建缓存"');
  });

  it('scans for a two-character query only in a script written without spaces, and matches nothing shorter', () => {
    expect(parseBodyQuery('构建').mode).toBe('scan');
    expect(parseBodyQuery('テス').mode).toBe('scan');
    expect(parseBodyQuery('ab').mode).toBe('none');
    expect(parseBodyQuery('x').mode).toBe('none');
    expect(parseBodyQuery('   ').mode).toBe('none');
  });

  it('finds the query literally, ignoring case, whatever regular-expression characters it holds', () => {
    for (const query of ['a.b', '(x)', 'c++', '[0-9]', 'a|b', 'end$', '^start', 'back\\slash', 'q?', '{1}', '/path/']) {
      const { pattern } = parseBodyQuery(query);
      expect(pattern.test(`xx ${query.toUpperCase()} yy`)).toBe(true);
      expect(pattern.test('xx yy zz')).toBe(false);
    }
  });
});

describe('findMatch', () => {
  it('prefers a whole word, then the start of a word, then a match inside a word', () => {
    const pattern = parseBodyQuery('cache').pattern;
    expect(findMatch('no match here', pattern)).toBeUndefined();
    expect(findMatch('precached then cache!', pattern)).toMatchObject({ index: 15, strength: 3 });
    expect(findMatch('precached then caches', pattern)).toMatchObject({ index: 15, strength: 2 });
    expect(findMatch('precached', pattern)).toMatchObject({ index: 3, strength: 1 });
    expect(findMatch('CACHE', pattern)).toMatchObject({ index: 0, length: 5, strength: 3 });
  });

  it('finds a prefix of a longer word as the start of a word', () => {
    expect(findMatch('we found zanzibarite there', parseBodyQuery('zanz').pattern)).toMatchObject({ index: 9, strength: 2 });
  });
});

describe('snippetAround', () => {
  it('returns a short text whole, whitespace runs as one space', () => {
    const text = 'first line\n\n  second   line';
    expect(snippetAround(text, findMatch(text, /second/iu)!)).toBe('first line second line');
  });

  it('centres the match in a long text, with an ellipsis at each cut end', () => {
    const text = `${'a'.repeat(500)} needle ${'b'.repeat(500)}`;
    const snippet = snippetAround(text, findMatch(text, /needle/iu)!);
    expect(chars(snippet)).toBe(BODY_SNIPPET_MAX_CHARS);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    const at = snippet.indexOf('needle');
    expect(Math.abs(at - (snippet.length - at - 'needle'.length))).toBeLessThanOrEqual(2);
  });

  it('cuts only the end when the match is near the start, and only the start when it is near the end', () => {
    const head = `needle ${'x'.repeat(400)}`;
    const early = snippetAround(head, findMatch(head, /needle/iu)!);
    expect(early.startsWith('needle')).toBe(true);
    expect(early.endsWith('…')).toBe(true);
    expect(chars(early)).toBe(BODY_SNIPPET_MAX_CHARS);
    const tail = `${'x'.repeat(400)} needle`;
    const late = snippetAround(tail, findMatch(tail, /needle/iu)!);
    expect(late.startsWith('…')).toBe(true);
    expect(late.endsWith('needle')).toBe(true);
    expect(chars(late)).toBe(BODY_SNIPPET_MAX_CHARS);
  });

  it('keeps the matched text and stays within 160 characters for any text, match and script', () => {
    const piece = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ maxLength: 400 }));
    fc.assert(
      fc.property(piece, fc.string({ unit: 'grapheme', minLength: 3, maxLength: 40 }), piece, (before, query, after) => {
        const text = `${before}${query}${after}`;
        const parsed = parseBodyQuery(query);
        const match = findMatch(text, parsed.pattern);
        if (match === undefined) return;
        const snippet = snippetAround(text, match);
        expect(chars(snippet)).toBeLessThanOrEqual(BODY_SNIPPET_MAX_CHARS);
        const shown = text.slice(match.index, match.index + match.length).replace(/\s+/gu, ' ');
        if (chars(shown) <= BODY_SNIPPET_MAX_CHARS - 2) expect(snippet).toContain(shown.trim());
      }),
    );
  });

  it('never splits a surrogate pair', () => {
    const text = `${'😀'.repeat(300)}needle${'😀'.repeat(300)}`;
    const snippet = snippetAround(text, findMatch(text, /needle/iu)!);
    expect(snippet).toContain('needle');
    expect(snippet.isWellFormed()).toBe(true);
    expect(chars(snippet)).toBe(BODY_SNIPPET_MAX_CHARS);
  });
});
