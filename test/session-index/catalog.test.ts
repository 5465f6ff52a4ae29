/** The catalog, the one in-memory set of sessions: labels kept until something changes them, live sessions in the store's order, and closed ones kept or dropped. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionCatalog } from '../../src/session-index/catalog.ts';
import type { CatalogEntry, ListedEntry } from '../../src/session-index/catalog.ts';
import type { IndexedSession } from '../../src/session-index/session-index.ts';

const row = (id: string, createdAt: number, over: Partial<IndexedSession> = {}): IndexedSession => ({
  id,
  createdAt,
  cwd: undefined,
  title: undefined,
  persisted: true,
  revision: undefined,
  seq: undefined,
  raw: false,
  failed: undefined,
  touched: 0,
  ...over,
});
const listed = (id: string, createdAt: number, cwd?: string): ListedEntry => ({
  header: cwd === undefined ? { id, createdAt } : { id, createdAt, cwd },
  persisted: true,
  live: false,
});
const ids = (catalog: SessionCatalog) => catalog.newestFirst().map((entry) => entry.id);

/** A labeller that records which entries it labelled. */
function labeller(prefix: string) {
  const labelled: string[] = [];
  const label = (entry: CatalogEntry): string => {
    labelled.push(entry.id);
    return `${prefix}-${entry.id}`;
  };
  return { label, labelled };
}

describe('SessionCatalog', () => {
  it('labels on demand, and labels again only what something said changed', () => {
    const catalog = new SessionCatalog();
    catalog.apply({ sessions: [row('a', 2), row('b', 1)], removed: [], full: true });
    const first = labeller('T');
    const records = catalog.candidates(first.label);
    expect(records.map((record) => record.label)).toEqual(['T-a', 'T-b']);
    expect(records[0]!.searchKeys.label).toBe('t-a');
    expect(catalog.candidates(first.label)).toBe(records);
    expect(first.labelled).toEqual(['a', 'b']);

    catalog.relabel('b');
    catalog.relabel('nope');
    const second = labeller('U');
    const again = catalog.candidates(second.label);
    expect(again[0]).toBe(records[0]);
    expect(again[1]).not.toBe(records[1]);
    expect(second.labelled).toEqual(['b']);

    catalog.relabelAll();
    expect(catalog.candidates(() => 'x').map((record) => record.label)).toEqual(['x', 'x']);
  });

  it('keeps the labels of sessions a later listing gives unchanged, and labels what is new, opened, moved or retitled', () => {
    const catalog = new SessionCatalog();
    catalog.apply({
      sessions: [row('same', 5), row('retitled', 4), row('opened', 3), row('moved', 2, { cwd: '/a' })],
      removed: [],
      full: true,
    });
    catalog.candidates(labeller('old').label);

    const later = [listed('same', 5), listed('retitled', 4), listed('opened', 3), listed('moved', 2, '/b'), listed('new', 1)];
    for (const entry of catalog.plan(later, true, 0).noted) catalog.note(entry);
    catalog.remember(later);
    catalog.apply({ sessions: [row('retitled', 4, { title: 'Renamed' }), row('moved', 2, { cwd: '/b' })], removed: [], full: false });
    catalog.setLive({ id: 'opened', createdAt: 3 }, true);
    const now = labeller('new');
    expect(catalog.candidates(now.label).map((record) => record.label)).toEqual([
      'old-same',
      'new-retitled',
      'new-opened',
      'new-moved',
      'new-new',
    ]);
    expect(now.labelled).toEqual(['retitled', 'opened', 'moved', 'new']);
  });

  it('turns a known session live, and inserts a new one in newest-first order', () => {
    const catalog = new SessionCatalog();
    catalog.apply({ sessions: [row('c', 30), row('a', 10)], removed: [], full: true });
    const before = catalog.candidates(() => 'x');
    catalog.setLive({ id: 'a', createdAt: 10 }, true);
    expect(catalog.get('a')).toMatchObject({ live: true, persisted: true });
    expect(catalog.record('a', () => 'y')?.label).toBe('y');
    expect(catalog.record('c', () => 'y')).toBe(before[0]);
    catalog.setLive({ id: 'b', createdAt: 20 }, true);
    catalog.setLive({ id: 'd', createdAt: 40 }, true);
    catalog.setLive({ id: 'b2', createdAt: 20 }, true);
    expect(ids(catalog)).toEqual(['d', 'c', 'b', 'b2', 'a']);
    expect(catalog.get('b')).toMatchObject({ live: true, persisted: false });
  });

  it('keeps a closed session that logged events or was stored, and drops one that never reached the store', () => {
    const catalog = new SessionCatalog();
    catalog.apply({ sessions: [row('stored', 5)], removed: [], full: true });
    catalog.setLive({ id: 'stored', createdAt: 5 }, true);
    catalog.setLive({ id: 'logged', createdAt: 7 }, true);
    catalog.setLive({ id: 'empty', createdAt: 6 }, true);
    expect(catalog.closed({ id: 'logged', createdAt: 7 }, true)).toBe(false);
    expect(catalog.closed({ id: 'empty', createdAt: 6 }, false)).toBe(true);
    expect(catalog.closed({ id: 'stored', createdAt: 5 }, false)).toBe(false);
    expect(ids(catalog)).toEqual(['logged', 'stored']);
    expect(catalog.newestFirst().map((entry) => [entry.live, entry.persisted])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(catalog.offers('empty')).toBe(false);
    // a closed session this process never saw open, that logged events, is stored: it is offered
    expect(catalog.closed({ id: 'unknown', createdAt: 8 }, true)).toBe(false);
    expect(catalog.get('unknown')).toMatchObject({ live: false, persisted: true });
  });

  it('keeps the store’s order (createdAt descending, then id ascending) whatever order sessions open in', () => {
    const headerArb = fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), createdAt: fc.integer({ min: 0, max: 20 }) });
    const order = (a: { id: string; createdAt: number }, b: { id: string; createdAt: number }) =>
      b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    fc.assert(
      fc.property(
        fc.uniqueArray(headerArb, { selector: (header) => header.id, maxLength: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (headers, split) => {
          const catalog = new SessionCatalog();
          const stored = headers.slice(0, split).sort(order);
          catalog.apply({ sessions: stored.map(({ id, createdAt }) => row(id, createdAt)), removed: [], full: true });
          for (const header of headers.slice(split)) catalog.setLive(header, true);
          expect(catalog.newestFirst().map(({ id, createdAt }) => ({ id, createdAt }))).toEqual([...headers].sort(order));
        },
      ),
      { numRuns: 300 },
    );
  });
});
