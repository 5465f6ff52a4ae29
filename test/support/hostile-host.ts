/** The hostile-input harness: a real host with one long stored session, the resolver mounted, and ways to swap a host method or settle a call into a value. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SessionReferenceResolver, { SessionReferenceError } from '../../src/index.ts';
import type { SessionReferenceAgent } from '../../src/types.ts';
import { bootHost, writeSession } from './host.ts';
import type { Host } from './host.ts';

/** The stored session every case cites: long enough that a small budget truncates it, so its transcript is saved. */
export const SOURCE_ID = 'src';

/** A well-formed agent for `prepare` and `listCandidates`. */
export const AGENT: SessionReferenceAgent = { id: 'target', options: { provider: 'test', model: 'm' }, session: { header: { cwd: '/w' } } };

/** A booted host, the mounted resolver, and the teardown of both. */
export interface HostileHost {
  host: Host;
  /** The resolver mounted at boot; absent when booted with `config` null. */
  resolver: SessionReferenceResolver;
  dispose(): Promise<void>;
}

/**
 * Boots a real host (sessions, JSONL persistence, query, local spill store, llm reporting `contextWindow`) with
 * {@link SOURCE_ID} stored, and mounts the resolver with `config` (none is mounted when `config` is null).
 */
export async function bootHostileHost(
  config: Record<string, unknown> | null = {},
  options: { contextWindow?: number } = {},
): Promise<HostileHost> {
  const tmp = await mkdtemp(join(tmpdir(), 'dsh-ref-hostile-'));
  const host = await bootHost({
    root: join(tmp, 'sessions'),
    spillRoot: join(tmp, 'spill'),
    agentLoop: false,
    invariants: false,
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
  });
  await writeSession(host, {
    id: SOURCE_ID,
    cwd: '/w',
    items: [
      { kind: 'user', text: 'x'.repeat(5000) },
      { kind: 'assistant', text: 'reply' },
    ],
  });
  if (config !== null) await host.ctx.plugin(SessionReferenceResolver, config);
  return {
    host,
    resolver: host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver,
    async dispose() {
      await host.dispose();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** Replaces one method of a live service while `run` runs. */
export async function withReplaced<T>(
  target: object,
  method: string,
  replacement: (...args: unknown[]) => unknown,
  run: () => Promise<T>,
): Promise<T> {
  const record = target as Record<string, unknown>;
  const hadOwn = Object.hasOwn(record, method);
  const original = record[method];
  record[method] = replacement;
  try {
    return await run();
  } finally {
    if (hadOwn) record[method] = original;
    else Reflect.deleteProperty(record, method);
  }
}

/** What a call settled with: its value, or the error it threw or rejected with. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs `call` (which may throw synchronously) and settles it into a value. */
export async function settle<T>(call: () => Promise<T> | T): Promise<Settled<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The typed error a call failed with; fails (with what it got) when it succeeded or threw anything else. */
export function typedError(settled: Settled<unknown>): SessionReferenceError {
  if (settled.ok) throw new Error('expected a SessionReferenceError, the call succeeded');
  if (!(settled.error instanceof SessionReferenceError)) {
    throw new Error(`expected a SessionReferenceError, got ${String(settled.error)}`, { cause: settled.error });
  }
  return settled.error;
}

/** A host call `prepareUnder` stands in for. */
export type HostPoint = 'read' | 'lookup' | 'save';

/** What the stood-in call does: reject with a value, resolve with a malformed one, or never settle. */
export type HostBehaviour = { kind: 'reject'; value: unknown } | { kind: 'malformed'; value: unknown } | { kind: 'hang' };

const METHOD: Record<HostPoint, string> = { read: 'readSurface', lookup: 'resolveModelInfo', save: 'saveText' };

function serviceOf(host: Host, point: HostPoint): object {
  if (point === 'read') return host.ctx.sessionQuery;
  if (point === 'lookup') return host.ctx.llm;
  return host.ctx.spillStore;
}

/**
 * Prepares a citation of {@link SOURCE_ID} while the host call at `point` behaves as `behaviour` (a hang is
 * given up by the caller's signal a tick later), under `maxReferenceBytes` (automatic when undefined).
 */
export async function prepareUnder(
  hostile: HostileHost,
  point: HostPoint,
  behaviour: HostBehaviour,
  maxReferenceBytes?: number,
): Promise<Settled<Awaited<ReturnType<SessionReferenceResolver['prepare']>>>> {
  const { resolver } = hostile;
  const controller = new AbortController();
  const replacement = () => {
    if (behaviour.kind === 'reject') return Promise.reject(behaviour.value);
    if (behaviour.kind === 'malformed') return Promise.resolve(behaviour.value);
    setImmediate(() => {
      controller.abort(new Error('caller gave up'));
    });
    return new Promise(() => {});
  };
  const run = async () => {
    try {
      const config = resolver.config as { maxReferenceBytes: number | undefined };
      const saved = config.maxReferenceBytes;
      config.maxReferenceBytes = maxReferenceBytes;
      try {
        return {
          ok: true as const,
          value: await resolver.prepare(AGENT, [{ type: 'text', text: '@src' }], [{ sessionId: SOURCE_ID }], controller.signal),
        };
      } finally {
        config.maxReferenceBytes = saved;
      }
    } catch (error) {
      return { ok: false as const, error };
    }
  };
  return withReplaced(serviceOf(hostile.host, point), METHOD[point], replacement, run);
}

/** Calls prepare with arguments cast as a JavaScript caller would pass them, counting the reads it makes of the host. */
export async function prepareCountingReads(
  hostile: HostileHost,
  references: unknown,
  content: unknown = [{ type: 'text', text: '@src' }],
  agent: unknown = AGENT,
): Promise<{ settled: Settled<Awaited<ReturnType<SessionReferenceResolver['prepare']>>>; reads: number }> {
  let reads = 0;
  const query = hostile.host.ctx.sessionQuery as unknown as { readSurface: (id: string) => Promise<unknown> };
  const readSurface = query.readSurface.bind(query);
  const settled = await withReplaced(
    query,
    'readSurface',
    (id) => {
      reads++;
      return readSurface(id as string);
    },
    () => settle(() => hostile.resolver.prepare(agent as never, content as never, references as never)),
  );
  return { settled, reads };
}
