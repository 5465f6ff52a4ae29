/** The plugin's lifecycle in a real host: it mounts with a valid config and registers its listeners, refuses a bad one loudly, and disposal removes what it registered and settles every call in flight as CANCELLED. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SessionReferenceResolver, { SessionReferenceError } from '../src/index.ts';
import type { Host } from './support/host.ts';
import { useHostPool } from './support/host-pool.ts';
import { AGENT, bootHostileHost, settle, SOURCE_ID, typedError, withReplaced } from './support/hostile-host.ts';
import type { HostileHost, Settled } from './support/hostile-host.ts';
import { ticks, watchTimers } from './support/leftovers.ts';

const pool = useHostPool('dsh-sref-plugin-', { agentLoop: false });
const boot = pool.boot;

function hookCount(host: Host, name: string): number {
  const hooks = (host.ctx.events as unknown as { _hooks: Record<string, unknown[]> })._hooks[name];
  return hooks?.length ?? 0;
}

describe('mounting', () => {
  it('mounts after SessionStore and a query engine, and disposal removes its listeners', async () => {
    const host = await boot({ agentLoop: true });
    const before = { pre: hookCount(host, 'agent/pre-step'), asm: hookCount(host, 'system-prompt/assemble') };
    const fiber = host.ctx.plugin(SessionReferenceResolver, {});
    await fiber;
    expect(host.ctx.get('sessionReferenceResolver')).toBeInstanceOf(SessionReferenceResolver);
    expect(hookCount(host, 'agent/pre-step')).toBe(before.pre + 1);
    expect(hookCount(host, 'system-prompt/assemble')).toBe(before.asm + 1);
    await fiber.dispose();
    expect(host.ctx.get('sessionReferenceResolver')).toBeUndefined();
    expect(hookCount(host, 'agent/pre-step')).toBe(before.pre);
    expect(hookCount(host, 'system-prompt/assemble')).toBe(before.asm);
  });

  it('a bad config fails loudly at load and registers nothing', async () => {
    const host = await boot();
    const errors: unknown[] = [];
    const fiber = host.ctx.plugin(SessionReferenceResolver, { maxReferences: 7 });
    await Promise.resolve(fiber).catch((error: unknown) => errors.push(error));
    expect(host.ctx.get('sessionReferenceResolver')).toBeUndefined();
    const failure = errors[0] ?? (fiber as unknown as { error?: unknown }).error;
    expect(failure).toBeDefined();
    expect(failure instanceof Error ? failure.message : String(failure)).toMatch(/maxReferences/);
  });

  it('a NaN fraction (which the schema lets through) fails with SESSION_REFERENCE_INVALID_CONFIG', async () => {
    const host = await boot();
    const fiber = host.ctx.plugin(SessionReferenceResolver, { referenceContextFraction: Number.NaN });
    const error = await Promise.resolve(fiber).then(
      () => (fiber as unknown as { error?: unknown }).error,
      (e: unknown) => e,
    );
    expect(host.ctx.get('sessionReferenceResolver')).toBeUndefined();
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_INVALID_CONFIG');
  });

  it('a config the constructor rejects leaves the service name free: a good config mounts next', async () => {
    const host = await boot();
    expect(() => new SessionReferenceResolver(host.ctx, { candidateLimit: 0 })).toThrow(
      expect.objectContaining({ code: 'SESSION_REFERENCE_INVALID_CONFIG' }),
    );
    await host.ctx.plugin(SessionReferenceResolver, {});
    expect(host.ctx.get('sessionReferenceResolver')).toBeInstanceOf(SessionReferenceResolver);
  });
});

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost(null);
});

afterAll(async () => {
  await hostile.dispose();
});

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

describe('a signal the caller passes that cannot be read', () => {
  const refusal = new Error('signal refused');
  const SIGNALS: [string, object][] = [
    [
      'whose aborted getter throws',
      {
        get aborted(): boolean {
          throw refusal;
        },
      },
    ],
    [
      'aborted, whose reason getter throws',
      {
        aborted: true,
        get reason(): unknown {
          throw refusal;
        },
      },
    ],
    [
      'whose addEventListener throws',
      {
        aborted: false,
        addEventListener() {
          throw refusal;
        },
      },
    ],
  ];

  it.each(SIGNALS)(
    'a signal %s: INVALID_REFERENCE with the thrown value as cause, from prepare and listCandidates',
    async (_name, signal) => {
      const fiber = hostile.host.ctx.plugin(SessionReferenceResolver, {});
      await fiber;
      try {
        const resolver = hostile.host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
        for (const call of ['prepare', 'listCandidates'] as const) {
          const error = typedError(await settle(() => start(resolver, call, signal as AbortSignal)));
          expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
          expect(error.cause).toBe(refusal);
        }
      } finally {
        await fiber.dispose();
      }
    },
  );
});
