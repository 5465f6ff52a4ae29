/** Pure candidate filtering, ranking and body matches: examples, validation, and fast-check properties against a reference model. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendBodyMatches, clampSnippet, rankCandidates, toSearchableRecord } from '../../src/discovery/rank.ts';
import { BODY_SNIPPET_MAX_CHARS } from '../../src/session-index/body-match.ts';
import type { BodyMatchRecord, CandidateRecord, RankCandidatesOptions } from '../../src/discovery/rank.ts';
import type { SessionReferenceCandidate } from '../../src/types.ts';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';

const RECORDS: CandidateRecord[] = [
  { sessionId: 'n1', cwd: '/srv/api', createdAt: 60, label: 'Fix login bug' },
  { sessionId: 'n2', createdAt: 50, label: 'Build notes' },
  { sessionId: 'n3', cwd: '/srv/web', createdAt: 40, label: 'Build the web bundle' },
  { sessionId: 'n4', cwd: '/srv/api', createdAt: 30, label: 'n4' },
  { sessionId: 'self', cwd: '/srv/api', createdAt: 20, label: 'Build everything' },
  { sessionId: 'n6', createdAt: 10, label: 'Scratch' },
];

function rank(records: readonly CandidateRecord[], options: Partial<RankCandidatesOptions> = {}): SessionReferenceCandidate[] {
  return rankCandidates(records, { selfId: 'self', agentCwd: '/srv/api', query: '', limit: 50, ...options });
}

function ids(candidates: readonly SessionReferenceCandidate[]): string[] {
  return candidates.map((candidate) => candidate.sessionId);
}

describe('rankCandidates', () => {
  it('excludes self and ranks same cwd, then no cwd, then other cwds, keeping input order within each', () => {
    expect(rank(RECORDS)).toEqual([
      { sessionId: 'n1', label: 'Fix login bug', cwd: '/srv/api', sameWorkspace: true, createdAt: 60 },
      { sessionId: 'n4', label: 'n4', cwd: '/srv/api', sameWorkspace: true, createdAt: 30 },
      { sessionId: 'n2', label: 'Build notes', sameWorkspace: false, createdAt: 50 },
      { sessionId: 'n6', label: 'Scratch', sameWorkspace: false, createdAt: 10 },
      { sessionId: 'n3', label: 'Build the web bundle', cwd: '/srv/web', sameWorkspace: false, createdAt: 40 },
    ]);
  });

  it('omits the cwd key, rather than setting it undefined, for a session without one', () => {
    const [first] = rank([{ sessionId: 'x', createdAt: 1, label: 'x' }]);
    expect(Object.keys(first!)).toEqual(['sessionId', 'label', 'sameWorkspace', 'createdAt']);
  });

  it('filters case-insensitively on id, cwd and label', () => {
    expect(ids(rank(RECORDS, { query: 'BUILD' }))).toEqual(['n2', 'n3']);
    expect(ids(rank(RECORDS, { query: 'srv/WEB' }))).toEqual(['n3']);
    expect(ids(rank(RECORDS, { query: 'N4' }))).toEqual(['n4']);
    expect(ids(rank(RECORDS, { query: 'self' }))).toEqual([]);
    expect(ids(rank([{ sessionId: 'é', createdAt: 1, label: 'ÉCOLE' }], { query: 'éc' }))).toEqual(['é']);
  });

  it('treats a cwd-less agent as sharing no workspace, putting cwd-less sessions first', () => {
    const candidates = rank(RECORDS, { agentCwd: undefined });
    expect(ids(candidates)).toEqual(['n2', 'n6', 'n1', 'n3', 'n4']);
    expect(candidates.some((candidate) => candidate.sameWorkspace)).toBe(false);
  });

  it('slices to the limit after ranking', () => {
    expect(ids(rank(RECORDS, { limit: 3 }))).toEqual(['n1', 'n4', 'n2']);
    expect(ids(rank(RECORDS, { limit: 1, query: 'build' }))).toEqual(['n2']);
  });

  it('stops reading records once the same-cwd group alone fills the limit', () => {
    const poisoned = {
      get sessionId(): string {
        throw new Error('read past the limit');
      },
    } as unknown as CandidateRecord;
    expect(ids(rank([RECORDS[0]!, RECORDS[3]!, poisoned], { limit: 2 }))).toEqual(['n1', 'n4']);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53, Number.POSITIVE_INFINITY, '2' as unknown as number])(
    'rejects limit %s with INVALID_REFERENCE',
    (limit) => {
      expect(() => rank(RECORDS, { limit })).toThrow(SessionReferenceError);
      expect(() => rank(RECORDS, { limit })).toThrow(expect.objectContaining({ code: SessionReferenceErrorCode.INVALID_REFERENCE }));
    },
  );

  it('rejects a non-string query with INVALID_REFERENCE', () => {
    expect(() => rank(RECORDS, { query: null as unknown as string })).toThrow(
      expect.objectContaining({ code: SessionReferenceErrorCode.INVALID_REFERENCE }),
    );
  });

  it('says why each record matched a non-empty query: title before id before cwd, and nothing for an empty query', () => {
    const records: CandidateRecord[] = [
      { sessionId: 'api-1', cwd: '/srv/api', createdAt: 3, label: 'API keys' },
      { sessionId: 'api-2', cwd: '/srv/api', createdAt: 2, label: 'api-2' },
      { sessionId: 'n9', cwd: '/srv/api', createdAt: 1, label: 'Notes' },
    ];
    expect(rank(records, { query: 'API' }).map((candidate) => candidate.match)).toEqual([{ in: 'title' }, { in: 'id' }, { in: 'cwd' }]);
    expect(rank(records).some((candidate) => 'match' in candidate)).toBe(false);
    const [a, b] = rank(records, { query: 'api' });
    expect(a!.match).not.toBe(b!.match);
  });
});

describe('appendBodyMatches', () => {
  const options = { selfId: 'self', agentCwd: '/srv/api', limit: 5 };
  const hit = (sessionId: string, snippet: string, cwd?: string): BodyMatchRecord => ({
    record: cwd === undefined ? { sessionId, createdAt: 1, label: sessionId } : { sessionId, cwd, createdAt: 1, label: sessionId },
    snippet,
  });

  it('puts the hits after every title match, in the engine order, skipping self and sessions already listed', () => {
    const ranked = rank(RECORDS, { query: 'build' });
    const out = appendBodyMatches(
      ranked,
      [hit('n3', 'x'), hit('b2', 'said build here', '/srv/api'), hit('self', 'me'), hit('b1', 'build again')],
      options,
    );
    expect(out.slice(0, ranked.length)).toEqual(ranked);
    expect(out.slice(ranked.length)).toEqual([
      {
        sessionId: 'b2',
        label: 'b2',
        cwd: '/srv/api',
        sameWorkspace: true,
        createdAt: 1,
        match: { in: 'body', snippet: 'said build here' },
      },
      { sessionId: 'b1', label: 'b1', sameWorkspace: false, createdAt: 1, match: { in: 'body', snippet: 'build again' } },
    ]);
  });

  it('stops at the limit and returns the title matches unchanged when they fill it or there are no hits', () => {
    const ranked = rank(RECORDS, { query: 'build' });
    expect(
      appendBodyMatches(ranked, [hit('b1', 'a'), hit('b2', 'b'), hit('b3', 'c')], { ...options, limit: 3 }).map((c) => c.sessionId),
    ).toEqual(['n2', 'n3', 'b1']);
    expect(appendBodyMatches(ranked, [hit('b1', 'a')], { ...options, limit: 2 })).toBe(ranked);
    expect(appendBodyMatches(ranked, [], options)).toBe(ranked);
  });

  it('clamps snippets to 160 characters (code points), marking the cut', () => {
    expect(clampSnippet('short')).toBe('short');
    const exact = 'é'.repeat(BODY_SNIPPET_MAX_CHARS);
    expect(clampSnippet(exact)).toBe(exact);
    const astral = '😀'.repeat(BODY_SNIPPET_MAX_CHARS + 5);
    const clamped = clampSnippet(astral);
    expect(Array.from(clamped)).toHaveLength(BODY_SNIPPET_MAX_CHARS);
    expect(clamped.endsWith('😀…')).toBe(true);
    const [candidate] = appendBodyMatches([], [hit('b', 'x'.repeat(400))], options);
    expect(candidate!.match).toEqual({ in: 'body', snippet: `${'x'.repeat(BODY_SNIPPET_MAX_CHARS - 1)}…` });
  });
});

describe('toSearchableRecord', () => {
  it('keeps the record and adds lower-cased keys, empty for a missing cwd', () => {
    expect(toSearchableRecord({ sessionId: 'AbC', createdAt: 3, label: 'Tïtle' })).toEqual({
      sessionId: 'AbC',
      createdAt: 3,
      label: 'Tïtle',
      searchKeys: { id: 'abc', cwd: '', label: 'tïtle', all: 'tïtle\nabc\n' },
    });
    expect(toSearchableRecord({ sessionId: 'a', cwd: '/W', createdAt: 3, label: 'a' }).searchKeys.cwd).toBe('/w');
  });
});

const CWDS = ['/w/a', '/w/b', '/W/A', undefined] as const;
const CHARS = ['a', 'b', 'A', 'B', 'é', 'É', '/', 'x'];

const text = (maxLength: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...CHARS), { maxLength }).map((chars) => chars.join(''));

const recordsArb: fc.Arbitrary<CandidateRecord[]> = fc
  .uniqueArray(text(4), { maxLength: 30 })
  .chain((sessionIds) =>
    fc.tuple(
      ...sessionIds.map((sessionId) =>
        fc
          .record({ cwd: fc.constantFrom(...CWDS), label: text(6), createdAt: fc.nat(1_000) })
          .map(({ cwd, label, createdAt }): CandidateRecord =>
            cwd === undefined ? { sessionId, createdAt, label } : { sessionId, cwd, createdAt, label },
          ),
      ),
    ),
  );

const scenarioArb = recordsArb.chain((records) =>
  fc.record({
    records: fc.constant(records),
    selfId: records.length > 0 ? fc.oneof(fc.constantFrom(...records.map((r) => r.sessionId)), text(3)) : text(3),
    agentCwd: fc.constantFrom(...CWDS),
    query: text(2),
    limit: fc.integer({ min: 1, max: 40 }),
  }),
);

function groupOf(record: CandidateRecord, agentCwd: string | undefined): number {
  if (record.cwd !== undefined && record.cwd === agentCwd) return 0;
  return record.cwd === undefined ? 1 : 2;
}

function matches(record: CandidateRecord, query: string): boolean {
  const needle = query.toLowerCase();
  return [record.sessionId, record.cwd ?? '', record.label].some((field) => field.toLowerCase().includes(needle));
}

/** Why `record` matched a non-empty `query`: a title that is more than the id, else the id, else the cwd. */
function matchIn(record: CandidateRecord, query: string): 'title' | 'id' | 'cwd' {
  const needle = query.toLowerCase();
  if (record.label !== record.sessionId && record.label.toLowerCase().includes(needle)) return 'title';
  if (record.sessionId.toLowerCase().includes(needle)) return 'id';
  return 'cwd';
}

function model(options: RankCandidatesOptions & { records: CandidateRecord[] }): SessionReferenceCandidate[] {
  const { records, selfId, agentCwd, query, limit } = options;
  return records
    .filter((record) => record.sessionId !== selfId && (query === '' || matches(record, query)))
    .map((record, index) => ({ record, index, group: groupOf(record, agentCwd) }))
    .sort((a, b) => a.group - b.group || a.index - b.index)
    .slice(0, limit)
    .map(({ record }) => ({
      sessionId: record.sessionId,
      label: record.label,
      ...(record.cwd === undefined ? {} : { cwd: record.cwd }),
      sameWorkspace: record.cwd !== undefined && record.cwd === agentCwd,
      createdAt: record.createdAt,
      ...(query === '' ? {} : { match: { in: matchIn(record, query) } }),
    }));
}

describe('rankCandidates properties', () => {
  it('equals the reference model of filtering and ranking', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        expect(rankCandidates(scenario.records, scenario)).toEqual(model(scenario));
      }),
      { numRuns: 500 },
    );
  });

  it('returns a rank-ordered subsequence of the filtered input, without self, within the limit', () => {
    fc.assert(
      fc.property(scenarioArb, ({ records, ...options }) => {
        const out = rankCandidates(records, options);
        const position = new Map(records.map((record, index) => [record.sessionId, index]));
        const filtered = records.filter((r) => r.sessionId !== options.selfId && (options.query === '' || matches(r, options.query)));

        expect(out.length).toBe(Math.min(options.limit, filtered.length));
        expect(out.some((candidate) => candidate.sessionId === options.selfId)).toBe(false);
        for (const candidate of out) {
          const record = records[position.get(candidate.sessionId)!]!;
          expect(matches(record, options.query) || options.query === '').toBe(true);
          expect(candidate.sameWorkspace).toBe(record.cwd !== undefined && record.cwd === options.agentCwd);
          expect('cwd' in candidate).toBe(record.cwd !== undefined);
        }
        for (let i = 1; i < out.length; i++) {
          const previous = records[position.get(out[i - 1]!.sessionId)!]!;
          const current = records[position.get(out[i]!.sessionId)!]!;
          const order =
            groupOf(previous, options.agentCwd) - groupOf(current, options.agentCwd) ||
            position.get(previous.sessionId)! - position.get(current.sessionId)!;
          expect(order).toBeLessThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same answer from precomputed search keys and is a prefix of itself under a larger limit', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 10 }), ({ records, ...options }, extra) => {
        const out = rankCandidates(records, options);
        expect(rankCandidates(records.map(toSearchableRecord), options)).toEqual(out);
        expect(rankCandidates(records, { ...options, limit: options.limit + extra }).slice(0, out.length)).toEqual(out);
      }),
      { numRuns: 300 },
    );
  });
});

describe('appendBodyMatches properties', () => {
  it('is the title matches followed by the unseen, non-self hits in engine order, cut to the limit', () => {
    const hitsArb = fc.array(fc.record({ sessionId: text(3), snippet: fc.string({ maxLength: 200 }) }), { maxLength: 20 });
    fc.assert(
      fc.property(scenarioArb, hitsArb, (scenario, rawHits) => {
        const query = scenario.query === '' ? 'a' : scenario.query;
        const ranked = rankCandidates(scenario.records, { ...scenario, query });
        const hits = rawHits.map(({ sessionId, snippet }) => ({ record: { sessionId, createdAt: 0, label: sessionId }, snippet }));
        const out = appendBodyMatches(ranked, hits, scenario);

        const seen = new Set([scenario.selfId, ...ranked.map((candidate) => candidate.sessionId)]);
        const expected = [...ranked];
        for (const { record, snippet } of hits) {
          if (seen.has(record.sessionId)) continue;
          seen.add(record.sessionId);
          expected.push({
            sessionId: record.sessionId,
            label: record.label,
            sameWorkspace: false,
            createdAt: 0,
            match: { in: 'body', snippet: clampSnippet(snippet) },
          });
        }
        expect(out).toEqual(expected.slice(0, Math.max(scenario.limit, ranked.length)));
      }),
      { numRuns: 300 },
    );
  });
});
