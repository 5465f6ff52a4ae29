/** Listing candidates when the host's listing fails: a rejection, a hang or an abort mid-listing, shared or not, gives the typed error and leaves no hook, abort listener or timer behind. */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import SessionReferenceResolver from '../../src/index.ts';
import { useFaultHost } from '../support/fault-host.ts';
import { assertError, expected, installFault, KINDS } from '../support/faults.ts';
import type { Case, Point } from '../support/faults.ts';
import { hookTotal, probeSignal, ticks, timeouts, watchTimers } from '../support/leftovers.ts';
import type { SignalProbe } from '../support/leftovers.ts';

/** The listing's one await, reached through the shared listing (cached) or a listing of its own (uncached). */
const POINTS: readonly Point[] = ['list:cached', 'list:uncached'];

/** Listing is not part of a turn: each point and kind is called directly. */
const CASES: Case[] = POINTS.flatMap((point) => KINDS.map((kind): Case => ({ point, kind, mode: 'direct' })));

const fx = useFaultHost('listing');

describe('a fault at the listing of listCandidates', () => {
  it.each(CASES.map((c) => [`${c.point} × ${c.kind} (${c.mode})`, c] as const))('%s', async (_name, c) => {
    const { host, unhandled, tally, stops } = fx;
    tally.attempted++;
    const want = expected(c);
    const id = fx.nextTarget();

    await ticks();
    const hooksBefore = hookTotal(host);
    const timersBefore = timeouts();
    const timers = watchTimers();
    stops.push(timers.stop);

    const fiber = host.ctx.plugin(SessionReferenceResolver, c.point === 'list:uncached' ? { candidateCacheTtlMs: 0 } : {});
    await fiber;
    const service = host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
    expect(service).toBeInstanceOf(SessionReferenceResolver);

    let armed = false;
    const controller = new AbortController();
    const directReason = new Error('caller aborted');
    const { fault, restore } = installFault(
      host,
      c,
      () => armed,
      () => {
        controller.abort(directReason);
      },
    );
    const probes: SignalProbe[] = [];

    let settledBeforeDispose = false;
    let error: unknown;
    try {
      probes.push(probeSignal(controller.signal, () => armed));
      const agent = { id, options: { provider: 'test', model: 'm' }, session: { header: { cwd: '/w' } } };
      armed = true;
      try {
        const candidates = await service.listCandidates(agent, '', 50, controller.signal);
        expect(want.outcome).toBe('success');
        expect(candidates.length).toBeGreaterThan(0);
      } catch (caught) {
        error = caught;
      } finally {
        armed = false;
      }
      assertError(error, want, fault, directReason);
      expect(fault.fired).toBe(1);
    } finally {
      restore();
      for (const probe of probes) probe.restore();
      // A hung listing is settled by the signal it was handed: the caller's (uncached), or the shared listing's own,
      // which aborts once its last waiting caller gave up (cached).
      if (c.kind === 'hang' && c.point !== 'list:cached' && !fault.hungSettled) fault.release?.();
      settledBeforeDispose = fault.hungSettled;
      await fiber.dispose();
      await ticks();
      tally.faults += fault.fired;
    }

    if (c.kind === 'hang') expect(fault.hungSettled).toBe(true);
    // A shared listing its only keystroke abandoned is not kept for later ones: it ends at once, not with the plugin.
    if (c.kind === 'hang' && c.point === 'list:cached') expect(settledBeforeDispose).toBe(true);
    expect(host.ctx.get('sessionReferenceResolver')).toBeUndefined();

    // Nothing left behind: Cordis hooks, abort listeners on the signal the resolver was handed, timers.
    expect(hookTotal(host)).toBe(hooksBefore);
    expect(probes).toHaveLength(1);
    for (const probe of probes) {
      expect(probe.live()).toEqual([]);
      expect(probe.adds).toBeGreaterThan(0);
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(timeouts()).toBeLessThanOrEqual(timersBefore);
    timers.stop();
    expect(timers.pending()).toEqual([]);
    expect(unhandled).toEqual([]);

    tally.passed++;
  });
});
