/** Prepare when a host call fails: a fault at every await (rejection, hang, abort between steps), directly and through a real turn, gives the typed error, publishes and logs nothing, and leaves nothing behind; a read that rejects with any value or answers any shape is READ_FAILED. */
import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@deepseek-ai/dsh-agent';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent } from '@deepseek-ai/dsh-session';
import SessionReferenceResolver, { formatSessionReferenceMention, SessionReferenceError } from '../../src/index.ts';
import type { OmissionNotice } from '../../src/context/prepare-data.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import { useFaultHost } from '../support/fault-host.ts';
import { assertError, expected, installFault, KINDS, SOURCES } from '../support/faults.ts';
import type { Case, Point } from '../support/faults.ts';
import { messageText } from '../support/host.ts';
import type { Host } from '../support/host.ts';
import { bootHostileHost, prepareUnder } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';
import { behaviourAt, behaviourIndexes } from '../support/hostile-values.ts';
import { hookTotal, probeSignal, ticks, timeouts, watchTimers } from '../support/leftovers.ts';
import type { SignalProbe } from '../support/leftovers.ts';

/** The await points of prepare: each read, the model lookup, each save. */
const POINTS: readonly Point[] = ['read:first', 'read:middle', 'read:last', 'lookup', 'save:first', 'save:middle', 'save:last'];

/** Each point and kind, called directly and through a real turn; then the lookup's control, a NO_ADAPTER failure. */
const CASES: Case[] = [];
for (const point of POINTS) {
  for (const kind of KINDS) {
    CASES.push({ point, kind, mode: 'direct' });
    CASES.push({ point, kind, mode: 'turn' });
  }
}
CASES.push({ point: 'lookup', kind: 'reject-no-adapter', mode: 'direct' });
CASES.push({ point: 'lookup', kind: 'reject-no-adapter', mode: 'turn' });

const fx = useFaultHost('prepare');

const prompt = () =>
  'compare ' + SOURCES.map((id, i) => formatSessionReferenceMention({ sessionId: id, label: `S${i}` })).join(', ') + ' please';

const omissions = (text: string): OmissionNotice[] => JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as OmissionNotice[];

function assertSaveOutcomes(notices: readonly OmissionNotice[], failed: string | undefined): void {
  expect(notices.map((n) => n.sessionId)).toEqual([...SOURCES]);
  for (const notice of notices) {
    if (notice.sessionId === failed) expect(notice.fullSnapshot).toEqual({ status: 'unavailable', reason: 'save-failed' });
    else expect(notice.fullSnapshot).toMatchObject({ status: 'saved' });
  }
}

describe('a fault at every await of prepare', () => {
  it.each(CASES.map((c) => [`${c.point} × ${c.kind} (${c.mode})`, c] as const))('%s', async (_name, c) => {
    const { host, unhandled, tally, handles, stops } = fx;
    tally.attempted++;
    const want = expected(c);
    const id = fx.nextTarget();

    // The target agent is created (and later disposed) outside the measured window: only the plugin is measured.
    let handle: Awaited<ReturnType<Host['ctx']['agents']['create']>> | undefined;
    if (c.mode === 'turn') {
      handle = await host.ctx.agents.create({ sessionId: SessionId(id), agentOptions: { provider: 'test', model: 'm' } });
      handles.push(handle);
      // The write-behind persistence arms a batching timer per append; drain it so only the plugin is measured.
      await host.ctx.sessions.flush(handle.agent.session);
    }
    await ticks();
    const hooksBefore = hookTotal(host);
    const timersBefore = timeouts();
    const timers = watchTimers();
    stops.push(timers.stop);

    const fiber = host.ctx.plugin(SessionReferenceResolver, {});
    await fiber;
    const service = host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
    expect(service).toBeInstanceOf(SessionReferenceResolver);

    let armed = false;
    const controller = new AbortController();
    const directReason = new Error('caller aborted');
    const userCause = { kind: 'user' } as const;
    const abort =
      c.mode === 'direct'
        ? () => {
            controller.abort(directReason);
          }
        : () => {
            handle!.agent.cancel(userCause);
          };
    const { fault, restore } = installFault(host, c, () => armed, abort);
    const probes: SignalProbe[] = [];

    let error: unknown;
    let result: Awaited<ReturnType<SessionReferenceResolver['prepare']>> | undefined;
    try {
      if (c.mode === 'direct') {
        probes.push(probeSignal(controller.signal, () => armed));
        const agent = { id, options: { provider: 'test', model: 'm' }, session: { header: { cwd: '/w' } } };
        armed = true;
        try {
          result = await service.prepare(
            agent,
            [{ type: 'text', text: 'see' }],
            SOURCES.map((sessionId) => ({ sessionId })),
            controller.signal,
          );
        } catch (caught) {
          error = caught;
        } finally {
          armed = false;
        }
        if (want.outcome === 'save-failed' || want.outcome === 'success') {
          expect(error).toBeUndefined();
          const text = (result!.additionalContext!.content[0] as { text: string }).text;
          assertSaveOutcomes(omissions(text), want.outcome === 'save-failed' ? want.sessionId : undefined);
        } else {
          assertError(error, want, fault, directReason);
          expect(result).toBeUndefined();
        }
      } else {
        const agent: Agent = handle!.agent;
        // Outermost: sees exactly what the resolver's listener throws. Inner: arms the fault (and the listener probe
        // on the turn's own signal) only for the resolver's work after its `next()` returns.
        const offOuter = host.ctx.on(
          'agent/pre-step',
          async (payload, next) => {
            try {
              return await next();
            } catch (caught) {
              if (payload.agent.id === agent.id) error = caught;
              throw caught;
            } finally {
              armed = false;
            }
          },
          { prepend: true },
        );
        const offInner = host.ctx.on('agent/pre-step', async (payload, next) => {
          const decision = await next();
          if (payload.agent.id === agent.id) {
            probes.push(probeSignal(payload.signal, () => armed));
            armed = true;
          }
          return decision;
        });
        const from = agent.session.seq;
        const requestsBefore = host.adapter.requests.length;
        try {
          agent.followup(createUserMessage({ content: [{ type: 'text', text: prompt() }], source: { kind: 'user' } }));
          await agent.whenIdle();
          await host.ctx.sessions.flush(agent.session);
        } finally {
          offOuter();
          offInner();
        }
        const events = agent.session.events.slice(from);
        const end = events.findLast((event): event is SessionEvent<'turn/end'> => event.type === 'turn/end');
        const logged = events
          .filter((event): event is SessionEvent<'user/message'> => event.type === 'user/message')
          .map((event) => event.data);
        const contexts = agent.session.events.filter(
          (event) => event.type === 'user/message' && event.data.source.kind === ('session-reference' as never),
        );
        if (want.outcome === 'save-failed' || want.outcome === 'success') {
          expect(error).toBeUndefined();
          expect(end?.data.reason.kind).toBe('completed');
          expect(logged.map((m) => messageText(m).slice(0, 22))).toEqual(['compare @S0, @S1, @S2 ', '## Referenced sessions']);
          expect(host.adapter.requests.length).toBe(requestsBefore + 1);
          const context = logged[1]!;
          expect((context.source as unknown as SessionReferenceSource).kind).toBe('session-reference');
          assertSaveOutcomes(omissions(messageText(context)), want.outcome === 'save-failed' ? want.sessionId : undefined);
        } else {
          assertError(error, want, fault, userCause);
          // The turn ended before anything was logged or sent: no citing message, no context, no model request.
          expect(end?.data.reason.kind).toBe(c.kind === 'reject' ? 'error' : 'aborted');
          // (`agent/inbox/spliced` is the inbox's own bookkeeping of the queued prompt: insert, then claim or clear.)
          expect(events.map((event) => event.type).filter((type) => type !== 'agent/inbox/spliced')).toEqual(['turn/start', 'turn/end']);
          expect(logged).toEqual([]);
          expect(contexts).toEqual([]);
          expect(host.adapter.requests.length).toBe(requestsBefore);
        }
      }
      expect(fault.fired).toBe(1);
    } finally {
      restore();
      for (const probe of probes) probe.restore();
      // A hung call settles late, after the caller gave up.
      if (c.kind === 'hang' && !fault.hungSettled) fault.release?.();
      await fiber.dispose();
      await ticks();
      tally.faults += fault.fired;
    }

    if (c.kind === 'hang') expect(fault.hungSettled).toBe(true);
    expect(host.ctx.get('sessionReferenceResolver')).toBeUndefined();

    // Nothing left behind: Cordis hooks, abort listeners on the signals the resolver was handed, timers.
    expect(hookTotal(host)).toBe(hooksBefore);
    expect(probes).toHaveLength(1);
    for (const probe of probes) {
      expect(probe.live()).toEqual([]);
      expect(probe.adds).toBeGreaterThan(0);
    }
    if (c.mode === 'direct') expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(timeouts()).toBeLessThanOrEqual(timersBefore);
    timers.stop();
    expect(timers.pending()).toEqual([]);
    expect(unhandled).toEqual([]);

    tally.passed++;
  });
});

/** Shapes a host might answer a read with instead of a surface snapshot. */
const MALFORMED_SURFACES: unknown[] = [
  null,
  undefined,
  42,
  'surface',
  {},
  { session: null, events: [], capturedThroughSeq: null },
  { session: { id: 7 }, events: [], capturedThroughSeq: null },
  { session: { id: 's' }, events: null, capturedThroughSeq: null },
  { session: { id: 's' }, events: {}, capturedThroughSeq: null },
  { session: { id: 's' }, events: [], capturedThroughSeq: '3' },
  { session: { id: 's' }, events: [], capturedThroughSeq: -1 },
  { session: { id: 's' }, events: [], capturedThroughSeq: 1.5 },
  { session: { id: 's' }, events: [], capturedThroughSeq: Number.NaN },
  { session: { id: 's', cwd: 7 }, events: [], capturedThroughSeq: null },
  { session: { id: 's', version: -1 }, events: [], capturedThroughSeq: null },
  { session: { id: 's', version: '1' }, events: [], capturedThroughSeq: null },
];

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost({}, { contextWindow: 128_000 });
});

afterAll(async () => {
  await (hostile as HostileHost | undefined)?.dispose(); // undefined when beforeAll failed before making it
});

describe('a read against a hostile host', () => {
  it('a read that rejects with any value is READ_FAILED with that value as cause; a hung read is CANCELLED', async () => {
    await fc.assert(
      fc.asyncProperty(behaviourIndexes(), async (index) => {
        const behaviour = behaviourAt(index);
        const result = await prepareUnder(hostile, 'read', behaviour);
        expect(result.ok).toBe(false);
        const error = (result as { error: unknown }).error;
        expect(error).toBeInstanceOf(SessionReferenceError);
        const typed = error as SessionReferenceError;
        expect(typeof typed.message).toBe('string');
        if (behaviour.kind === 'hang') expect(typed.code).toBe('SESSION_REFERENCE_CANCELLED');
        else {
          expect(typed.code).toBe('SESSION_REFERENCE_READ_FAILED');
          expect(Object.is(typed.cause, behaviour.value)).toBe(true);
        }
      }),
      { seed: 14, numRuns: 60 },
    );
  });

  it.each(MALFORMED_SURFACES.map((value) => [value]))('a read answering %o is READ_FAILED, not a TypeError', async (value) => {
    const result = await prepareUnder(hostile, 'read', { kind: 'malformed', value });
    expect(result.ok).toBe(false);
    expect((result as { error: SessionReferenceError }).error).toMatchObject({
      name: 'SessionReferenceError',
      code: 'SESSION_REFERENCE_READ_FAILED',
    });
  });
});
