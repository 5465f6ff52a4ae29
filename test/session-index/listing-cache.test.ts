/** The pure listing cache on an injected clock: sharing, expiry, abandonment, never wedged, and in-place updates. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListingCache, SessionListing } from '../../src/session-index/listing-cache.ts';
import type { EntryLabel, ListedHeader, ListedSession, ListingEntry } from '../../src/session-index/listing-cache.ts';
import { ConfigSchema } from '../../src/config.ts';
import { SessionReferenceErrorCode } from '../../src/errors.ts';

interface Call {
  readonly signal: AbortSignal;
  resolve(listed: readonly ListedSession[]): void;
  reject(error: unknown): void;
}

/** A cache whose `list` calls wait until the test settles them, on a clock the test moves. */
function harness(ttlMs: number) {
  let now = 0;
  const calls: Call[] = [];
  const cache = new ListingCache({
    ttlMs,
    now: () => now,
    what: 'listing',
    list: (signal) =>
      new Promise<readonly ListedSession[]>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  });
  return {
    cache,
    calls,
    advance(ms: number) {
      now += ms;
    },
  };
}

const session = (id: string, createdAt: number, live = false): ListedSession => ({ header: { id, createdAt }, live, persisted: !live });
const ids = (listing: SessionListing) => listing.entries.map((entry) => entry.header.id);
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ListingCache', () => {
  it('serves one completed listing until ttlMs after it completed, then lists again', async () => {
    const { cache, calls, advance } = harness(1_000);
    const first = cache.acquire();
    advance(300);
    calls[0]!.resolve([session('a', 1)]);
    const listing = await first;

    advance(499);
    expect(await cache.acquire()).toBe(listing);
    expect(calls).toHaveLength(1);
    advance(500);
    expect(await cache.acquire()).toBe(listing);
    expect(calls).toHaveLength(2);
    advance(1);
    const next = cache.acquire();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve([session('b', 2)]);
    expect(ids(await next)).toEqual(['b']);
  });

  it('starts the next listing in the background once the cached one is past half its ttlMs', async () => {
    const { cache, calls, advance } = harness(1_000);
    const first = cache.acquire();
    calls[0]!.resolve([session('a', 1)]);
    const listing = await first;
    advance(499);
    expect(await cache.acquire()).toBe(listing);
    expect(calls).toHaveLength(1);

    advance(1);
    expect(await cache.acquire()).toBe(listing);
    expect(await cache.acquire()).toBe(listing);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal.aborted).toBe(false);
    advance(100);
    calls[1]!.resolve([session('a', 1), session('b', 2)]);
    await flush();
    advance(499);
    expect(ids(await cache.acquire())).toEqual(['a', 'b']);
    expect(calls).toHaveLength(2);
  });

  it('lets calls arriving while a listing runs join it', async () => {
    const { cache, calls } = harness(1_000);
    const all = [cache.acquire(), cache.acquire(), cache.acquire()];
    expect(calls).toHaveLength(1);
    calls[0]!.resolve([session('a', 1)]);
    const [a, b, c] = await Promise.all(all);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('does not share a listing that has not settled within ttlMs: the next call lists afresh and answers (never wedged)', async () => {
    const { cache, calls, advance } = harness(1_000);
    const stuck = cache.acquire();
    let stuckSettled = false;
    void stuck.then(() => (stuckSettled = true));
    advance(999);
    void cache.acquire();
    expect(calls).toHaveLength(1);

    advance(1);
    const fresh = cache.acquire();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve([session('fresh', 2)]);
    expect(ids(await fresh)).toEqual(['fresh']);
    expect(cache.current).toBe(await fresh);
    await flush();
    expect(stuckSettled).toBe(false);

    calls[0]!.resolve([session('stale', 1)]);
    expect(ids(await stuck)).toEqual(['stale']);
    expect(ids(cache.current!)).toEqual(['fresh']);
  });

  it('aborts and stops sharing a listing once every caller waiting for it gave up', async () => {
    const { cache, calls } = harness(60_000);
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.acquire(first.signal);
    const b = cache.acquire(second.signal);
    expect(calls).toHaveLength(1);

    first.abort(new Error('next keystroke'));
    await expect(a).rejects.toMatchObject({ code: SessionReferenceErrorCode.CANCELLED });
    expect(calls[0]!.signal.aborted).toBe(false);
    second.abort(new Error('menu closed'));
    await expect(b).rejects.toMatchObject({ code: SessionReferenceErrorCode.CANCELLED });
    expect(calls[0]!.signal.aborted).toBe(true);

    const c = cache.acquire();
    expect(calls).toHaveLength(2);
    calls[0]!.resolve([session('abandoned', 1)]);
    calls[1]!.resolve([session('fresh', 2)]);
    expect(ids(await c)).toEqual(['fresh']);
    await flush();
    expect(ids(cache.current!)).toEqual(['fresh']);
  });

  it('answers the callers of a listing that may have missed a local change, but does not cache it', async () => {
    const { cache, calls } = harness(60_000);
    const pending = cache.acquire();
    cache.changed();
    calls[0]!.resolve([session('a', 1)]);
    expect(ids(await pending)).toEqual(['a']);
    expect(cache.current).toBeUndefined();
    void cache.acquire();
    expect(calls).toHaveLength(2);
  });

  it('rejects the callers of a failed listing and shares nothing afterwards', async () => {
    const { cache, calls } = harness(60_000);
    const failure = new Error('disk on fire');
    const a = cache.acquire();
    calls[0]!.reject(failure);
    await expect(a).rejects.toBe(failure);
    void cache.acquire();
    expect(calls).toHaveLength(2);
  });

  it('with ttlMs 0 lists for every call with the caller’s own signal and caches nothing', async () => {
    const { cache, calls } = harness(0);
    const controller = new AbortController();
    const a = cache.acquire(controller.signal);
    const b = cache.acquire();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal).toBe(controller.signal);
    calls[0]!.resolve([session('a', 1)]);
    calls[1]!.resolve([session('b', 1)]);
    expect(ids(await a)).toEqual(['a']);
    expect(ids(await b)).toEqual(['b']);
    expect(cache.current).toBeUndefined();
  });

  it('forgets its listing on demand, and on dispose aborts what is in flight and caches nothing more', async () => {
    const { cache, calls } = harness(60_000);
    const first = cache.acquire();
    calls[0]!.resolve([session('a', 1)]);
    await first;
    cache.forget();
    expect(cache.current).toBeUndefined();

    const pending = cache.acquire();
    cache.dispose();
    expect(calls[1]!.signal.aborted).toBe(true);
    calls[1]!.resolve([session('late', 1)]);
    await pending;
    expect(cache.current).toBeUndefined();
    void cache.acquire();
    void cache.acquire();
    expect(calls).toHaveLength(4);
  });

  it.each([-1, Number.NaN, '5' as unknown as number])(
    'takes its TTL from the config, whose load rejects candidateCacheTtlMs %s',
    (ttlMs) => {
      expect(() => ConfigSchema({ candidateCacheTtlMs: ttlMs })).toThrow(/candidateCacheTtlMs/);
    },
  );
});

describe('SessionListing', () => {
  const label = (text: string) => (): EntryLabel => ({ text, answered: true });

  it('labels on demand, asking for a labeller once per pass and only when an entry needs one', () => {
    const listing = new SessionListing([session('a', 2), session('b', 1, true)], 0);
    let labellers = 0;
    const labeller = () => {
      labellers++;
      return (entry: Readonly<ListingEntry>) => ({ text: `T-${entry.header.id}`, answered: entry.header.id === 'a' });
    };
    const records = listing.labelled(labeller);
    expect(records.map((record) => record.label)).toEqual(['T-a', 'T-b']);
    expect(records[0]!.searchKeys.label).toBe('t-a');
    expect(listing.entries.map((entry) => entry.answered)).toEqual([true, false]);
    expect(listing.labelled(labeller)).toBe(records);
    expect(labellers).toBe(1);

    listing.relabel('b');
    listing.relabel('nope');
    const again = listing.labelled(labeller);
    expect(again[0]).toBe(records[0]);
    expect(again[1]).not.toBe(records[1]);
    expect(labellers).toBe(2);

    listing.relabelAll();
    expect(listing.labelled(() => label('x')).map((record) => record.label)).toEqual(['x', 'x']);
  });

  it('takes over the labels of sessions listed unchanged, and labels what is new, moved or dropped since', () => {
    const before = new SessionListing(
      [
        session('same', 5),
        session('relabelled', 4),
        session('opened', 3),
        { header: { id: 'moved', cwd: '/a', createdAt: 2 }, live: false, persisted: true },
      ],
      0,
    );
    before.labelled(() => (entry) => ({ text: `old-${entry.header.id}`, answered: entry.header.id !== 'same' }));
    before.relabel('relabelled');
    const after = new SessionListing(
      [
        session('same', 5),
        session('relabelled', 4),
        session('opened', 3, true),
        { header: { id: 'moved', cwd: '/b', createdAt: 2 }, live: false, persisted: true },
        session('new', 1),
      ],
      0,
    );
    after.adopt(before);
    const labelledNow: string[] = [];
    const records = after.labelled(() => (entry) => {
      labelledNow.push(entry.header.id);
      return { text: `new-${entry.header.id}`, answered: true };
    });
    expect(records.map((record) => record.label)).toEqual(['old-same', 'new-relabelled', 'new-opened', 'new-moved', 'new-new']);
    expect(labelledNow).toEqual(['relabelled', 'opened', 'moved', 'new']);
    expect(after.get('same')!.answered).toBe(false);
  });

  it('a listing that completes into the cache takes over the cached labels', async () => {
    const { cache, calls, advance } = harness(1_000);
    const first = cache.acquire();
    calls[0]!.resolve([session('a', 1)]);
    (await first).labelled(() => () => ({ text: 'A', answered: true }));
    advance(1_000);
    const second = cache.acquire();
    calls[1]!.resolve([session('a', 1), session('b', 2)]);
    expect((await second).labelled(() => (entry) => ({ text: entry.header.id, answered: true })).map((record) => record.label)).toEqual([
      'A',
      'b',
    ]);
  });

  it('turns a listed session live, and inserts a new one in newest-first order', () => {
    const listing = new SessionListing([session('c', 30), session('a', 10)], 0);
    listing.labelled(() => label('x'));
    listing.opened({ id: 'a', createdAt: 10 });
    expect(listing.get('a')).toMatchObject({ live: true, record: undefined });
    listing.opened({ id: 'b', createdAt: 20 });
    listing.opened({ id: 'd', createdAt: 40 });
    listing.opened({ id: 'b2', createdAt: 20 });
    expect(ids(listing)).toEqual(['d', 'c', 'b', 'b2', 'a']);
    expect(listing.get('b')).toMatchObject({ live: true, persisted: false });
  });

  it('keeps a closed session that logged events and drops one that never reached the store', () => {
    const listing = new SessionListing([{ header: { id: 'stored', createdAt: 5 }, live: true, persisted: true }], 0);
    listing.opened({ id: 'logged', createdAt: 7 });
    listing.opened({ id: 'empty', createdAt: 6 });
    listing.closed('logged', true);
    listing.closed('empty', false);
    listing.closed('stored', false);
    listing.closed('unknown', true);
    expect(ids(listing)).toEqual(['logged', 'stored']);
    expect(listing.entries.map((entry) => [entry.live, entry.persisted])).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  it('keeps the store’s order (createdAt descending, then id ascending) whatever order sessions open in', () => {
    const headerArb = fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), createdAt: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(headerArb, { selector: (header) => header.id, maxLength: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (headers, split) => {
          const order = (a: ListedHeader, b: ListedHeader) => b.createdAt - a.createdAt || a.id.localeCompare(b.id);
          const listed = headers.slice(0, split).sort(order);
          const listing = new SessionListing(
            listed.map((header) => ({ header, live: false, persisted: true })),
            0,
          );
          for (const header of headers.slice(split)) listing.opened(header);
          expect(listing.entries.map((entry) => entry.header)).toEqual([...headers].sort(order));
        },
      ),
      { numRuns: 300 },
    );
  });
});
