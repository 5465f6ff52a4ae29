// Disposing the plugin settles what is in flight: a prepare() or listCandidates() waiting on a host call that never
// settles rejects with CANCELLED as soon as the plugin is disposed, whether or not the caller passed a signal; no
// timer is left behind, and the plugin mounts and works again afterwards.
import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SessionReferenceResolver from '../../src/index.ts';
import { AGENT, bootHostileHost, SOURCE_ID, typedError, withReplaced } from '../support/hostile-host.ts';
import type { HostileHost, Settled } from '../support/hostile-host.ts';

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost(null);
});

afterAll(async () => {
  await hostile?.dispose();
});

/** Timers created while watching that are still pending (neither fired nor cleared); the test runner's own are left out. */
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

/** Lets pending callbacks and microtasks run. */
async function ticks(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

type Call = 'prepare' | 'listCandidates';
type Hang = { service: () => object; method: string; call: Call; config: Record<string, unknown> };

const HANGS: Record<string, Hang> = {
  'a read': { service: () => hostile.host.ctx.sessionQuery, method: 'readSurface', call: 'prepare', config: { maxReferenceBytes: 600 } },
  'a model lookup': { service: () => hostile.host.ctx.llm, method: 'resolveModelInfo', call: 'prepare', config: {} },
  'a save': { service: () => hostile.host.ctx.spillStore, method: 'saveText', call: 'prepare', config: { maxReferenceBytes: 600 } },
  'a shared listing': { service: () => hostile.host.ctx.sessionQuery, method: 'listSessions', call: 'listCandidates', config: {} },
  'an unshared listing': {
    service: () => hostile.host.ctx.sessionQuery,
    method: 'listSessions',
    call: 'listCandidates',
    config: { candidateCacheTtlMs: 0 },
  },
};

function start(resolver: SessionReferenceResolver, call: Call, signal: AbortSignal | undefined): Promise<unknown> {
  return call === 'prepare'
    ? resolver.prepare(AGENT, [{ type: 'text', text: '@src' }], [{ sessionId: SOURCE_ID }], signal)
    : resolver.listCandidates(AGENT, '', 10, signal);
}

describe('disposal while a host call hangs', () => {
  const cases = Object.keys(HANGS).flatMap((name) => [
    [name, 'without a signal'],
    [name, 'with a signal that never aborts'],
  ]);

  it.each(cases)('%s, %s: CANCELLED once the plugin is disposed, no timer left', async (name, signalKind) => {
    const hang = HANGS[name]!;
    const timers = watchTimers();
    const fiber = hostile.host.ctx.plugin(SessionReferenceResolver, hang.config);
    try {
      await fiber;
      const resolver = hostile.host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
      let enter!: () => void;
      const entered = new Promise<void>((resolve) => (enter = resolve));
      let settled: Settled<unknown> | undefined;
      await withReplaced(
        hang.service(),
        hang.method,
        () => {
          enter();
          return new Promise(() => {});
        },
        async () => {
          const signal = signalKind === 'without a signal' ? undefined : new AbortController().signal;
          const running = start(resolver, hang.call, signal).then(
            (value) => (settled = { ok: true, value }),
            (error: unknown) => (settled = { ok: false, error }),
          );
          await Promise.race([entered, running]);
          await ticks();
          expect(settled).toBeUndefined();
          await fiber.dispose();
          await ticks();
          expect(settled).toBeDefined();
          await running;
        },
      );
      expect(typedError(settled!).code).toBe('SESSION_REFERENCE_CANCELLED');
      await ticks();
      expect(timers.pending()).toEqual([]);
    } finally {
      timers.stop();
      await fiber.dispose();
    }
  });

  it('a call made on a disposed instance is CANCELLED at once, without any host call', async () => {
    const fiber = hostile.host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: 600 });
    await fiber;
    const resolver = hostile.host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
    await fiber.dispose();
    expect(hostile.host.ctx.get('sessionReferenceResolver')).toBeUndefined();
    let calls = 0;
    const count = () => {
      calls++;
      return new Promise(() => {});
    };
    for (const call of ['prepare', 'listCandidates'] as const) {
      const settled = await withReplaced(hostile.host.ctx.sessionQuery, call === 'prepare' ? 'readSurface' : 'listSessions', count, () =>
        start(resolver, call, undefined).then(
          (value): Settled<unknown> => ({ ok: true, value }),
          (error: unknown): Settled<unknown> => ({ ok: false, error }),
        ),
      );
      expect(typedError(settled).code).toBe('SESSION_REFERENCE_CANCELLED');
    }
    expect(calls).toBe(0);
  });

  it('after a disposal with calls in flight, a re-mounted plugin prepares and lists', async () => {
    const first = hostile.host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: 600 });
    await first;
    const disposed = hostile.host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
    let cancelled: unknown;
    await withReplaced(
      hostile.host.ctx.sessionQuery,
      'readSurface',
      () => new Promise(() => {}),
      async () => {
        const running = start(disposed, 'prepare', undefined).catch((error: unknown) => (cancelled = error));
        await ticks();
        await first.dispose();
        await ticks();
        expect(cancelled).toBeDefined();
        await running;
      },
    );
    const second = hostile.host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: 600 });
    await second;
    try {
      const resolver = hostile.host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
      const prepared = await resolver.prepare(AGENT, [{ type: 'text', text: '@src' }], [{ sessionId: SOURCE_ID }]);
      expect(prepared.additionalContext).toBeDefined();
      expect((await resolver.listCandidates(AGENT, '')).map((c) => c.sessionId)).toContain(SOURCE_ID);
    } finally {
      await second.dispose();
    }
  });
});
