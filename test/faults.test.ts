// Fault injection at every await point of prepare() and listCandidates(), in a real host with the real agent loop:
// each point × fault kind, called directly and through a real turn, must give the typed error, publish and log
// nothing, raise no unhandled rejection, and leave no hook, abort listener or timer behind once disposed.
import { createHook } from 'node:async_hooks';
import { getEventListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '@deepseek-ai/dsh-agent';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent } from '@deepseek-ai/dsh-session';
import SessionReferenceResolver, { formatSessionReferenceMention, SessionReferenceError } from '../src/index.ts';
import type { OmissionNotice } from '../src/context/shapes.ts';
import type { SessionReferenceSource } from '../src/types.ts';
import { bootHost, messageText, writeSession } from './support/host.ts';
import type { Host } from './support/host.ts';

// ---------------------------------------------------------------------------------------------------------------
// The matrix

/** Where a fault is injected: one await point of `prepare` or `listCandidates`. */
type Point =
  'read:first' | 'read:middle' | 'read:last' | 'lookup' | 'save:first' | 'save:middle' | 'save:last' | 'list:cached' | 'list:uncached';

/**
 * What the fault does:
 * - `reject`: the awaited call rejects;
 * - `hang`: the awaited call never settles by itself; the caller aborts, and the hung call is settled (rejected)
 *   late, after the caller gave up — or, for listing, when the signal it was handed aborts;
 * - `abort-between`: the awaited call succeeds, but the caller aborts while it is in flight, so the abort lands
 *   between this step and the next.
 * `reject-no-adapter` (lookup only) is the control: a `NO_ADAPTER` lookup failure is not an error.
 */
type Kind = 'reject' | 'hang' | 'abort-between' | 'reject-no-adapter';

/** How the fault is driven: a direct call with our own signal, or a real agent turn cancelled by `agent.cancel`. */
type Mode = 'direct' | 'turn';

const POINTS: readonly Point[] = [
  'read:first',
  'read:middle',
  'read:last',
  'lookup',
  'save:first',
  'save:middle',
  'save:last',
  'list:cached',
  'list:uncached',
];
const KINDS: readonly Kind[] = ['reject', 'hang', 'abort-between'];

const SOURCES = ['src-0', 'src-1', 'src-2'] as const;
const SOURCE_OF: Partial<Record<Point, string>> = {
  'read:first': 'src-0',
  'read:middle': 'src-1',
  'read:last': 'src-2',
  'save:first': 'src-0',
  'save:middle': 'src-1',
  'save:last': 'src-2',
};

const isListing = (point: Point) => point.startsWith('list:');

interface Case {
  point: Point;
  kind: Kind;
  mode: Mode;
}

const CASES: Case[] = [];
for (const point of POINTS) {
  for (const kind of KINDS) {
    CASES.push({ point, kind, mode: 'direct' });
    // Listing is not part of a turn; every prepare() point is also driven through a real turn.
    if (!isListing(point)) CASES.push({ point, kind, mode: 'turn' });
  }
}
CASES.push({ point: 'lookup', kind: 'reject-no-adapter', mode: 'direct' });
CASES.push({ point: 'lookup', kind: 'reject-no-adapter', mode: 'turn' });

/** The outcome a case must have. */
type Expected =
  | { outcome: 'error'; code: 'SESSION_REFERENCE_READ_FAILED' | 'SESSION_REFERENCE_CANCELLED' }
  | { outcome: 'same-error' }
  | { outcome: 'save-failed'; sessionId: string }
  | { outcome: 'success' };

function expected({ point, kind }: Case): Expected {
  if (kind === 'hang' || kind === 'abort-between') return { outcome: 'error', code: 'SESSION_REFERENCE_CANCELLED' };
  if (kind === 'reject-no-adapter') return { outcome: 'success' };
  if (point === 'lookup') return { outcome: 'same-error' };
  if (point.startsWith('save:')) return { outcome: 'save-failed', sessionId: SOURCE_OF[point]! };
  return { outcome: 'error', code: 'SESSION_REFERENCE_READ_FAILED' };
}

// ---------------------------------------------------------------------------------------------------------------
// Instruments

/** Replaces `target[method]` with `wrapper(original)`; returns the undo. */
function intercept(
  target: object,
  method: string,
  wrapper: (original: (...args: unknown[]) => Promise<unknown>) => (...args: unknown[]) => Promise<unknown>,
): () => void {
  const record = target as Record<string, unknown>;
  const hadOwn = Object.hasOwn(record, method);
  const original = record[method] as (...args: unknown[]) => Promise<unknown>;
  const bound =
    (self: unknown) =>
    (...args: unknown[]) =>
      original.apply(self, args);
  record[method] = function (this: unknown, ...args: unknown[]) {
    return wrapper(bound(this))(...args);
  };
  return () => {
    if (hadOwn) record[method] = original;
    else delete record[method];
  };
}

interface TrackedListener {
  type: string;
  listener: unknown;
  capture: boolean;
  once: boolean;
  addedWhileAborted: boolean;
}

/** Add/remove bookkeeping on one AbortSignal instance: which listeners added while `recording()` are still attached. */
interface SignalProbe {
  adds: number;
  removes: number;
  /** Recorded listeners still attached: not removed, and not a `once` abort listener already fired by the abort. */
  live(): TrackedListener[];
  restore(): void;
}

function probeSignal(signal: AbortSignal, recording: () => boolean): SignalProbe {
  const tracked: TrackedListener[] = [];
  const own = signal as unknown as Record<string, unknown>;
  const add = signal.addEventListener;
  const remove = signal.removeEventListener;
  const captureOf = (options: unknown) =>
    typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
  const probe: SignalProbe = {
    adds: 0,
    removes: 0,
    live: () => tracked.filter((entry) => !(entry.once && entry.type === 'abort' && signal.aborted && !entry.addedWhileAborted)),
    restore() {
      delete own.addEventListener;
      delete own.removeEventListener;
    },
  };
  own.addEventListener = function (this: AbortSignal, type: string, listener: unknown, options?: unknown) {
    if (recording() && listener != null) {
      probe.adds++;
      const capture = captureOf(options);
      if (!tracked.some((e) => e.type === type && e.listener === listener && e.capture === capture)) {
        const once = typeof options === 'object' && options !== null && Boolean((options as { once?: boolean }).once);
        tracked.push({ type, listener, capture, once, addedWhileAborted: signal.aborted });
      }
    }
    return (add as (...a: unknown[]) => void).call(this, type, listener, options);
  };
  own.removeEventListener = function (this: AbortSignal, type: string, listener: unknown, options?: unknown) {
    const capture = captureOf(options);
    const at = tracked.findIndex((e) => e.type === type && e.listener === listener && e.capture === capture);
    if (at >= 0) {
      probe.removes++;
      tracked.splice(at, 1);
    }
    return (remove as (...a: unknown[]) => void).call(this, type, listener, options);
  };
  return probe;
}

/** Total Cordis listeners registered on the host's event service, all events. */
function hookTotal(host: Host): number {
  const hooks = (host.ctx.events as unknown as { _hooks: Record<string, unknown> })._hooks;
  let total = 0;
  for (const list of Object.values(hooks)) if (Array.isArray(list)) total += list.length;
  return total;
}

/**
 * Timers created while watching and still pending (neither fired nor cleared), with their creation stacks; the
 * test runner's own timers are left out. Precise where a count of active timers is not: the runner's timers come
 * and go meanwhile.
 */
function watchTimers(): { pending(): string[]; stop(): void } {
  const live = new Map<number, string>();
  const hook = createHook({
    init(id, type) {
      if (type !== 'Timeout') return;
      const stack = new Error('timer created').stack ?? '';
      if (!/[\\/]@?vitest[\\/]/.test(stack)) live.set(id, stack);
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return { pending: () => [...live.values()], stop: () => void hook.disable() };
}

const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

/** Lets pending I/O callbacks, microtasks and unhandled-rejection detection run. */
async function ticks(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** State of one armed fault. */
interface Fault {
  /** Times the fault actually fired. */
  fired: number;
  /** The error a `reject` fault rejects with. */
  readonly error: Error & { code: string };
  /** Settles a hung call late (a rejection, as a dying backend would); set once a hang fired. */
  release?: () => void;
  /** Whether the hung call has settled. */
  hungSettled: boolean;
}

/** Installs the fault of `c` on the host's real services; `armed()` gates it, `abort()` is the caller's cancellation. */
function installFault(host: Host, c: Case, armed: () => boolean, abort: () => void): { fault: Fault; restore: () => void } {
  const fault: Fault = {
    fired: 0,
    error: Object.assign(new Error(`injected ${c.kind} at ${c.point}`), {
      code: c.kind === 'reject-no-adapter' ? 'NO_ADAPTER' : 'E_INJECTED',
    }),
    hungSettled: false,
  };

  const inject = async (original: () => Promise<unknown>, signal: AbortSignal | undefined): Promise<unknown> => {
    fault.fired++;
    switch (c.kind) {
      case 'reject':
      case 'reject-no-adapter':
        throw fault.error;
      case 'abort-between': {
        const value = await original();
        abort();
        return value;
      }
      case 'hang': {
        const hung = new Promise<never>((_resolve, reject) => {
          const settle = (reason: unknown) => {
            if (fault.hungSettled) return;
            fault.hungSettled = true;
            signal?.removeEventListener('abort', onAbort);
            reject(reason);
          };
          // Only listing is handed a signal; a hung listing honours it like the real engine's next check would.
          const onAbort = () => settle(signal!.reason);
          signal?.addEventListener('abort', onAbort, { once: true });
          fault.release = () => settle(new Error(`late failure of the hung ${c.point}`));
        });
        setImmediate(abort);
        return hung;
      }
    }
  };

  const target = SOURCE_OF[c.point];
  let restore: () => void;
  switch (c.point) {
    case 'read:first':
    case 'read:middle':
    case 'read:last':
      restore = intercept(
        host.ctx.sessionQuery,
        'readSurface',
        (original) =>
          (...args) =>
            armed() && args[0] === target ? inject(() => original(...args), undefined) : original(...args),
      );
      break;
    case 'lookup':
      restore = intercept(
        host.ctx.llm,
        'resolveModelInfo',
        (original) =>
          (...args) =>
            armed() ? inject(() => original(...args), undefined) : original(...args),
      );
      break;
    case 'save:first':
    case 'save:middle':
    case 'save:last':
      restore = intercept(
        host.ctx.spillStore,
        'saveText',
        (original) =>
          (...args) =>
            armed() && (args[0] as { source: { sessionId: string } }).source.sessionId === target
              ? inject(() => original(...args), undefined)
              : original(...args),
      );
      break;
    case 'list:cached':
    case 'list:uncached':
      restore = intercept(
        host.ctx.sessionQuery,
        'listSessions',
        (original) =>
          (...args) =>
            armed() ? inject(() => original(...args), args[0] as AbortSignal | undefined) : original(...args),
      );
      break;
  }
  return { fault, restore };
}

// ---------------------------------------------------------------------------------------------------------------
// Host

let tmp: string;
let host: Host;
let serial = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
const tally = { attempted: 0, passed: 0, faults: 0 };
const handles: { dispose(): Promise<void> }[] = [];
const stops: (() => void)[] = [];

/** Context window of the test adapter: the automatic budget is 100 000 × 4 × 0.2 = 80 000 bytes per source. */
const CONTEXT_WINDOW = 100_000;
/** Each source is about 3 × 30 KB of text, so every source is truncated and every prepare saves three transcripts. */
const sourceItems = (n: number) => [
  { kind: 'user' as const, text: `question ${n} ` + 'q'.repeat(30_000) },
  { kind: 'assistant' as const, text: `answer ${n} ` + 'a'.repeat(30_000) },
  { kind: 'user' as const, text: `follow-up ${n} ` + 'f'.repeat(30_000) },
];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-faults-'));
  host = await bootHost({ root: join(tmp, 'sessions'), spillRoot: join(tmp, 'spill'), contextWindow: CONTEXT_WINDOW });
  for (const [n, id] of SOURCES.entries()) await writeSession(host, { id, cwd: '/w', items: sourceItems(n) });
});
afterAll(async () => {
  await host?.dispose();
  await rm(tmp, { recursive: true, force: true });
  console.info(`fault matrix: ${tally.attempted} cases, ${tally.faults} faults injected, ${tally.attempted - tally.passed} violations`);
});
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
  for (const stop of stops.splice(0)) stop();
  await Promise.all(handles.splice(0).map((handle) => handle.dispose()));
});

const prompt = () =>
  'compare ' + SOURCES.map((id, i) => formatSessionReferenceMention({ sessionId: id, label: `S${i}` })).join(', ') + ' please';

const omissions = (text: string): OmissionNotice[] => JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as OmissionNotice[];

function assertError(error: unknown, want: Expected, fault: Fault, cancelReason: unknown): void {
  if (want.outcome === 'same-error') {
    expect(error).toBe(fault.error);
    return;
  }
  if (want.outcome !== 'error') throw new Error(`expected success, got ${String(error)}`);
  expect(error).toBeInstanceOf(SessionReferenceError);
  expect((error as SessionReferenceError).name).toBe('SessionReferenceError');
  expect((error as SessionReferenceError).code).toBe(want.code);
  if (want.code === 'SESSION_REFERENCE_READ_FAILED') {
    expect((error as Error).cause).toBe(fault.error);
    expect((error as Error).message).toContain(fault.error.message);
  } else {
    expect((error as Error).cause).toBe(cancelReason);
  }
}

function assertSaveOutcomes(notices: readonly OmissionNotice[], failed: string | undefined): void {
  expect(notices.map((n) => n.sessionId)).toEqual([...SOURCES]);
  for (const notice of notices) {
    if (notice.sessionId === failed) expect(notice.fullSnapshot).toEqual({ status: 'unavailable', reason: 'save-failed' });
    else expect(notice.fullSnapshot).toMatchObject({ status: 'saved' });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The cases

describe('fault injection matrix', () => {
  it.each(CASES.map((c) => [`${c.point} × ${c.kind} (${c.mode})`, c] as const))('%s', async (_name, c) => {
    tally.attempted++;
    const want = expected(c);
    const id = `target-${serial++}`;

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

    const fiber = host.ctx.plugin(SessionReferenceResolver, c.point === 'list:uncached' ? { candidateCacheTtlMs: 0 } : {});
    await fiber;
    const service = host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
    expect(service).toBeInstanceOf(SessionReferenceResolver);

    let armed = false;
    const controller = new AbortController();
    const directReason = new Error('caller aborted');
    const userCause = { kind: 'user' } as const;
    const abort = c.mode === 'direct' ? () => controller.abort(directReason) : () => handle!.agent.cancel(userCause);
    const { fault, restore } = installFault(host, c, () => armed, abort);
    const probes: SignalProbe[] = [];

    let settledBeforeDispose = false;
    let error: unknown;
    let result: Awaited<ReturnType<SessionReferenceResolver['prepare']>> | undefined;
    try {
      if (c.mode === 'direct') {
        probes.push(probeSignal(controller.signal, () => armed));
        const agent = { id, options: { provider: 'test', model: 'm' }, session: { header: { cwd: '/w' } } };
        armed = true;
        try {
          if (isListing(c.point)) {
            const candidates = await service.listCandidates(agent, '', 50, controller.signal);
            expect(want.outcome).toBe('success');
            expect(candidates.length).toBeGreaterThan(0);
          } else {
            result = await service.prepare(
              agent,
              [{ type: 'text', text: 'see' }],
              SOURCES.map((sessionId) => ({ sessionId })),
              controller.signal,
            );
          }
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
      // A hung call settles late (after the caller gave up); a hung listing is settled by the signal it was handed —
      // the caller's (uncached), or the shared listing's own, which aborts once its last waiting caller gave up (cached).
      if (c.kind === 'hang' && c.point !== 'list:cached' && !fault.hungSettled) fault.release?.();
      settledBeforeDispose = fault.hungSettled;
      await fiber.dispose();
      await ticks();
      tally.faults += fault.fired;
    }

    if (c.kind === 'hang') expect(fault.hungSettled).toBe(true);
    // SPEC §7.6 (changed): a shared listing its only keystroke abandoned is not kept for later ones; it ends at once, not with the plugin.
    if (c.kind === 'hang' && c.point === 'list:cached') expect(settledBeforeDispose).toBe(true);
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
