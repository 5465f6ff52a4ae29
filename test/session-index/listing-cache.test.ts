/** The pure listing cache on an injected clock: sharing, expiry, abandonment, never wedged. */
import { describe, expect, it } from 'vitest';
import { ListingCache } from '../../src/session-index/listing-cache.ts';
import { ConfigSchema } from '../../src/config.ts';
import { SessionReferenceErrorCode } from '../../src/errors.ts';

interface Call {
  readonly signal: AbortSignal;
  resolve(listed: readonly string[]): void;
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
      new Promise<readonly string[]>((resolve, reject) => {
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

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ListingCache', () => {
  it('serves one completed listing until ttlMs after it completed, then lists again', async () => {
    const { cache, calls, advance } = harness(1_000);
    const first = cache.acquire();
    advance(300);
    calls[0]!.resolve(['a']);
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
    calls[1]!.resolve(['b']);
    expect(await next).toEqual(['b']);
  });

  it('starts the next listing in the background once the cached one is past half its ttlMs', async () => {
    const { cache, calls, advance } = harness(1_000);
    const first = cache.acquire();
    calls[0]!.resolve(['a']);
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
    calls[1]!.resolve(['a', 'b']);
    await flush();
    advance(499);
    expect(await cache.acquire()).toEqual(['a', 'b']);
    expect(calls).toHaveLength(2);
  });

  it('lets calls arriving while a listing runs join it', async () => {
    const { cache, calls } = harness(1_000);
    const all = [cache.acquire(), cache.acquire(), cache.acquire()];
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(['a']);
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
    calls[1]!.resolve(['fresh']);
    expect(await fresh).toEqual(['fresh']);
    expect(await cache.acquire()).toBe(await fresh);
    await flush();
    expect(stuckSettled).toBe(false);

    calls[0]!.resolve(['stale']);
    expect(await stuck).toEqual(['stale']);
    expect(await cache.acquire()).toEqual(['fresh']);
    expect(calls).toHaveLength(2);
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
    calls[0]!.resolve(['abandoned']);
    calls[1]!.resolve(['fresh']);
    expect(await c).toEqual(['fresh']);
    await flush();
    expect(await cache.acquire()).toEqual(['fresh']);
    expect(calls).toHaveLength(2);
  });

  it('answers the callers of a listing that may have missed a local change, but does not cache it', async () => {
    const { cache, calls } = harness(60_000);
    const pending = cache.acquire();
    cache.changed();
    calls[0]!.resolve(['a']);
    expect(await pending).toEqual(['a']);
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
    calls[0]!.resolve(['a']);
    calls[1]!.resolve(['b']);
    expect(await a).toEqual(['a']);
    expect(await b).toEqual(['b']);
    void cache.acquire();
    expect(calls).toHaveLength(3);
  });

  it('forgets its listing on demand, and on dispose aborts what is in flight and caches nothing more', async () => {
    const { cache, calls } = harness(60_000);
    const first = cache.acquire();
    calls[0]!.resolve(['a']);
    await first;
    cache.forget();

    const pending = cache.acquire();
    expect(calls).toHaveLength(2);
    cache.dispose();
    expect(calls[1]!.signal.aborted).toBe(true);
    calls[1]!.resolve(['late']);
    await pending;
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
