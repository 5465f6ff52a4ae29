/** The per-source byte budget: an explicit one exactly, else a fraction of the model's context window captured at prompt assembly, never under 64 KiB, a safe integer whatever the host answers. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_REFERENCE_BYTES, SessionReferenceError } from '../../src/index.ts';
import { mountResolver as mount, useHostPool } from '../support/host-pool.ts';
import { AGENT as agentOfHostile, bootHostileHost, prepareUnder, withReplaced } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';
import { behaviourAt, behaviourIndexes } from '../support/hostile-values.ts';
import { agent, codeOf } from '../support/outcomes.ts';

const pool = useHostPool('dsh-sref-budget-', { agentLoop: false });
const boot = pool.boot;

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost({}, { contextWindow: 128_000 });
});

afterAll(async () => {
  await (hostile as HostileHost | undefined)?.dispose(); // undefined when beforeAll failed before making it
});

/** Model metadata a host might answer with; every one must give a valid budget. */
const ODD_MODEL_INFOS: unknown[] = [
  null,
  undefined,
  {},
  { context: null },
  { context: { contextWindow: Number.POSITIVE_INFINITY } },
  { context: { contextWindow: Number.NaN } },
  { context: { contextWindow: -1 } },
  { context: { contextWindow: 0 } },
  { context: { contextWindow: '128000' } },
  { context: { contextWindow: 1e300 } },
  { context: { contextWindow: 2 ** 51 } },
  { context: { contextWindow: Number.MAX_VALUE } },
];

describe('budget resolution', () => {
  it('an explicit maxReferenceBytes is used exactly, with no model lookup', async () => {
    const host = await boot({ contextWindow: 1_000_000 });
    const service = await mount(host, { maxReferenceBytes: 1234 });
    const lookup = vi.spyOn(host.ctx.llm, 'resolveModelInfo');
    expect(await service.resolveBudget(agent('t', { provider: 'test', model: 'm' }))).toBe(1234);
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each([
    [200_001, 0.2, 160_000],
    [200_001, 0.1, 80_000],
    [200_001, 0, 65_536],
    [8_000, 0.2, 65_536],
    [128_000, 0.2, 102_400],
  ])('window %d at fraction %d gives %d bytes', async (window, fraction, bytes) => {
    const host = await boot({ contextWindow: window });
    const service = await mount(host, { referenceContextFraction: fraction });
    expect(await service.resolveBudget(agent('t', { provider: 'test', model: 'm' }))).toBe(bytes);
  });

  it('falls back to 64 KiB without a route, without an llm service, for NO_ADAPTER, or without a window', async () => {
    const host = await boot({ contextWindow: 1_000_000 });
    const service = await mount(host);
    expect(await service.resolveBudget(agent('t', {}))).toBe(65_536);
    expect(await service.resolveBudget(agent('t', { provider: 'test' }))).toBe(65_536);
    expect(await service.resolveBudget(agent('t', { provider: 'unknown-provider', model: 'm' }))).toBe(65_536);
    host.adapter.contextWindow = null;
    expect(await service.resolveBudget(agent('t', { provider: 'test', model: 'm' }))).toBe(65_536);

    const bare = await boot({ llm: false });
    const bareService = await mount(bare);
    expect(await bareService.resolveBudget(agent('t', { provider: 'test', model: 'm' }))).toBe(65_536);
  });

  it('other lookup errors propagate unchanged; an abort during the lookup is CANCELLED', async () => {
    const host = await boot({ contextWindow: 100_000 });
    const service = await mount(host);
    const failure = Object.assign(new Error('provider said no'), { code: 'AUTH' });
    vi.spyOn(host.ctx.llm, 'resolveModelInfo').mockRejectedValueOnce(failure);
    const error = await service.resolveBudget(agent('t', { provider: 'test', model: 'm' })).catch((e: unknown) => e);
    expect(error).toBe(failure);

    const controller = new AbortController();
    vi.spyOn(host.ctx.llm, 'resolveModelInfo').mockImplementationOnce(() => new Promise(() => {}));
    const pending = service.resolveBudget(agent('t', { provider: 'test', model: 'm' }), controller.signal);
    controller.abort(new Error('user'));
    expect(await codeOf(pending)).toBe('SESSION_REFERENCE_CANCELLED');
  });

  it("uses the route captured at the agent's last system-prompt assembly, not its options", async () => {
    const host = await boot({ agentLoop: true, contextWindow: 500_000 });
    const service = await mount(host);
    const lookup = vi.spyOn(host.ctx.llm, 'resolveModelInfo');
    const target = agent('t', { provider: 'nobody', model: 'none' });
    await host.ctx.systemPrompt.assemble({ agent: target as never });
    await host.ctx.systemPrompt.assemble({});
    expect(await service.resolveBudget(target)).toBe(65_536);
    expect(lookup).toHaveBeenLastCalledWith('nobody', 'none', expect.any(AbortSignal));

    const off = host.ctx.on('system-prompt/assemble', async (_assembly, _context, next) => {
      const assembled = await next();
      return { ...assembled, variables: { ...assembled.variables, provider: 'test', model: 'big' } };
    });
    await host.ctx.systemPrompt.assemble({ agent: target as never });
    off();
    expect(await service.resolveBudget(target)).toBe(400_000);
    expect(lookup).toHaveBeenLastCalledWith('test', 'big', expect.any(AbortSignal));
  });
});

describe('budget against a hostile host', () => {
  it('a metadata lookup that rejects propagates the very value (host lookup errors stay unchanged); a hang is CANCELLED', async () => {
    await fc.assert(
      fc.asyncProperty(behaviourIndexes(), async (index) => {
        const behaviour = behaviourAt(index);
        const result = await prepareUnder(hostile, 'lookup', behaviour);
        expect(result.ok).toBe(false);
        const error = (result as { error: unknown }).error;
        if (behaviour.kind === 'hang') expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_CANCELLED');
        else expect(Object.is(error, behaviour.value)).toBe(true);
      }),
      { seed: 16, numRuns: 40 },
    );
  });

  it.each(ODD_MODEL_INFOS.map((value) => [value]))('model info %o gives a safe budget and prepare succeeds', async (value) => {
    const result = await prepareUnder(hostile, 'lookup', { kind: 'malformed', value });
    expect(result.ok).toBe(true);
    const budget = await withReplaced(
      hostile.host.ctx.llm,
      'resolveModelInfo',
      () => Promise.resolve(value),
      () => hostile.resolver.resolveBudget(agentOfHostile),
    );
    expect(Number.isSafeInteger(budget)).toBe(true);
    expect(budget).toBeGreaterThanOrEqual(DEFAULT_MAX_REFERENCE_BYTES);
  });
});

describe('budget from absurd context windows', () => {
  const cases: [number, number][] = [];
  for (const window of [Number.POSITIVE_INFINITY, 1e300, 2 ** 51]) for (const fraction of [0, 0.2, 1]) cases.push([window, fraction]);

  it.each(cases)('window %d at fraction %d: a safe budget, and prepare succeeds', async (window, fraction) => {
    const config = hostile.resolver.config as { referenceContextFraction: number };
    const saved = config.referenceContextFraction;
    config.referenceContextFraction = fraction;
    try {
      const info = { context: { contextWindow: window } };
      const budget = await withReplaced(
        hostile.host.ctx.llm,
        'resolveModelInfo',
        () => Promise.resolve(info),
        () => hostile.resolver.resolveBudget(agentOfHostile),
      );
      expect(Number.isSafeInteger(budget)).toBe(true);
      const expected = Number.isFinite(window)
        ? Math.min(Number.MAX_SAFE_INTEGER, Math.max(DEFAULT_MAX_REFERENCE_BYTES, Math.floor(window * 4 * fraction)))
        : DEFAULT_MAX_REFERENCE_BYTES;
      expect(budget).toBe(expected);
      const prepared = await withReplaced(
        hostile.host.ctx.llm,
        'resolveModelInfo',
        () => Promise.resolve(info),
        () => hostile.resolver.prepare(agentOfHostile, [{ type: 'text', text: '@src' }], [{ sessionId: 'src' }]),
      );
      expect(prepared.additionalContext).toBeDefined();
    } finally {
      config.referenceContextFraction = saved;
    }
  });
});
