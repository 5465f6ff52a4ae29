// The Remote face: `sessionReferenceResolver/candidates` through the rc.8 Typert registry and API
// gateway (Host entry) in a real host, the Client face round trip over a loopback carrier, and
// compile-time checks that the wire types derived from the codecs match the method's signature.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cordis from '@deepseek-ai/cordis';
import { Context, Service } from '@deepseek-ai/cordis';
import type { Plugin } from '@deepseek-ai/cordis';
import TypertGatewayService, { TypertGatewayError } from '@deepseek-ai/dsh-api-gateway';
import type { TypertGatewayErrorCode } from '@deepseek-ai/dsh-api-gateway';
import type {} from '@deepseek-ai/dsh-api-gateway/client';
import { SessionId } from '@deepseek-ai/dsh-session';
import { remoteMethods } from '@deepseek-ai/dsh-typert-protocol';
import type {
  RemoteFailure,
  RemoteResult,
  TypertLookupHost,
  TypertLookupMap,
  TypertLookupWire,
  TypertRemoteMap,
} from '@deepseek-ai/dsh-typert-protocol';
import TypertRegistry from '@deepseek-ai/dsh-typert-registry';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import SessionReferenceResolver, {
  formatSessionReferenceMention,
  parseSessionReferenceText,
  SessionReferenceError,
  SessionReferenceErrorCode,
} from '../src/index.ts';
import type { SessionReferenceMentionCandidate } from '../src/types.ts';
import SessionReferenceRemote from '../src/remote/service.ts';
import { withMentions } from '../src/discovery/rank.ts';
import { agentIdSchema, candidatesDescriptor, candidatesResultSchema, querySchema } from '../src/remote/contract.ts';
import { CANDIDATES_ENDPOINT, REMOTE_NAMESPACE, REMOTE_PACKAGE, REMOTE_SERVICE_KEY } from '../src/remote/names.ts';
import TYPERT_REMOTE from '../src/remote/client.ts';
import type { SessionReferenceCandidatesRemote } from '../src/remote/client.ts';
import { TYPERT } from '../src/remote/typert.ts';
import { bootHost, createTargetAgent, NoSearchSessionQuery, writeSession } from './support/host.ts';
import type { Host } from './support/host.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NAMESPACE = 'sessionReferenceResolver';
const METHOD = 'candidates';

let tmp: string;
let counter = 0;
const hosts: Host[] = [];
const clients: Context[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-remote-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(clients.splice(0).map((ctx) => ctx.fiber.dispose()));
  await Promise.all(hosts.splice(0).map((host) => host.dispose()));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

interface RemoteHost extends Host {
  resolverFiber: { dispose(): Promise<unknown> };
}

/**
 * A real host (agents + loop) with the rc.8 Typert registry and gateway, the resolver mounted,
 * three stored sessions and a live target agent in `/w/a`. `strict` registers the `./typert`
 * contribution the way a Typert loader does; otherwise the gateway runs in SRC mode.
 */
async function bootRemoteHost(options: { strict?: boolean; config?: Record<string, unknown> } = {}): Promise<RemoteHost> {
  const host = await bootHost({ root: join(tmp, `root-${counter++}`), agentLoop: true });
  hosts.push(host);
  await host.ctx.plugin(TypertRegistry);
  await host.ctx.plugin(TypertGatewayService);
  const resolverFiber = host.ctx.plugin(SessionReferenceResolver, options.config ?? {});
  await resolverFiber;
  if (options.strict ?? true) host.ctx.typert.register(TYPERT);
  await writeSession(host, { id: 'alpha', cwd: '/w/a', createdAt: 3_000, items: [{ kind: 'user', text: 'alpha' }] });
  await writeSession(host, { id: 'beta', cwd: '/w/b', createdAt: 2_000, items: [{ kind: 'user', text: 'beta' }] });
  await writeSession(host, { id: 'gamma', createdAt: 1_000, items: [{ kind: 'user', text: 'gamma' }] });
  createTargetAgent(host, { id: 'target', cwd: '/w/a' });
  return Object.assign(host, { resolverFiber });
}

function invoke(host: Host, args: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
  return host.ctx.typertGateway.invoke({ namespace: NAMESPACE, method: METHOD, args, ...(signal === undefined ? {} : { signal }) });
}

async function gatewayError(
  promise: Promise<unknown>,
): Promise<{ code: TypertGatewayErrorCode; field: string | undefined; endpoint: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TypertGatewayError) return { code: error.code, field: error.field, endpoint: error.endpoint };
    throw error;
  }
  throw new Error('expected a TypertGatewayError, got a result');
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolvePromise!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolvePromise = r;
  });
  return { promise, resolve: resolvePromise };
}

const EXPECTED_IDS = ['alpha', 'gamma', 'beta'];

function expectCandidates(value: unknown, ids: readonly string[] = EXPECTED_IDS): SessionReferenceMentionCandidate[] {
  const candidates = candidatesResultSchema.parse(value);
  expect(candidates.map((candidate) => candidate.sessionId)).toEqual(ids);
  for (const candidate of candidates) {
    expect(candidate.mention).toBe(formatSessionReferenceMention(candidate));
    expect(parseSessionReferenceText(candidate.mention).references).toEqual([{ sessionId: candidate.sessionId, label: candidate.label }]);
  }
  return candidates;
}

describe('the Remote service', () => {
  it('is mounted by the resolver under its own key, bound to the sessionReferenceResolver namespace, with a @Remote marker', async () => {
    const host = await bootRemoteHost();
    const remote = host.ctx.get(REMOTE_SERVICE_KEY) as SessionReferenceRemote;
    expect(remote).toBeInstanceOf(SessionReferenceRemote);
    const original = (Reflect.get(remote, cordis.symbols.original) ?? remote) as SessionReferenceRemote;
    expect(original.typertRemote).toMatchObject({ serviceKey: REMOTE_SERVICE_KEY, namespace: REMOTE_NAMESPACE });
    expect(original.typertRemote.service).toBe(original);
    expect(remoteMethods(original)).toEqual([{ method: 'candidates', invocation: { kind: 'direct' } }]);
    expect(host.ctx.typert.local.get(CANDIDATES_ENDPOINT)).toBe(candidatesDescriptor);
    expect(host.ctx.typert.getPackage(REMOTE_PACKAGE, 'host')?.model).toBe(TYPERT.model);
  });

  it('goes with the resolver: disposing the resolver unmounts it and the endpoint stops resolving', async () => {
    const host = await bootRemoteHost();
    await host.resolverFiber.dispose();
    expect(host.ctx.get(REMOTE_SERVICE_KEY)).toBeUndefined();
    expect(await gatewayError(invoke(host, { agentId: 'target', query: '' }))).toMatchObject({ code: 'service-unavailable' });
  });
});

describe('ctx.typertGateway.invoke() with the strict ./typert definition', () => {
  it('resolves agentId to the live agent and returns validated candidates with mentions', async () => {
    const host = await bootRemoteHost();
    const spy = vi.spyOn(SessionReferenceResolver.prototype, 'listCandidates');
    const value = await invoke(host, { agentId: 'target', query: '' });
    const candidates = expectCandidates(value);
    expect(candidates[0]).toEqual({
      sessionId: 'alpha',
      label: 'alpha',
      cwd: '/w/a',
      sameWorkspace: true,
      createdAt: 3_000,
      mention: formatSessionReferenceMention({ sessionId: 'alpha', label: 'alpha' }),
    });
    expect(candidates[1]).not.toHaveProperty('cwd');
    expect(spy).toHaveBeenCalledTimes(1);
    const [agent, query, limit, signal] = spy.mock.calls[0]!;
    expect(agent).toBe(host.ctx.agents.get(SessionId('target')));
    expect(query).toBe('');
    expect(limit).toBe(host.ctx.sessionReferenceResolver.config.candidateLimit);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(value).toEqual(withMentions(await host.ctx.sessionReferenceResolver.listCandidates(agent, '')));
  });

  it('filters by query and honours candidateLimit', async () => {
    const host = await bootRemoteHost({ config: { candidateLimit: 2 } });
    expectCandidates(await invoke(host, { agentId: 'target', query: 'BET' }), ['beta']);
    expectCandidates(await invoke(host, { agentId: 'target', query: '' }), ['alpha', 'gamma']);
  });

  it('rejects bad arguments with typed gateway errors before reaching the resolver', async () => {
    const host = await bootRemoteHost();
    const spy = vi.spyOn(SessionReferenceResolver.prototype, 'listCandidates');
    const endpoint = CANDIDATES_ENDPOINT;
    expect(await gatewayError(invoke(host, { agentId: 'target', query: 42 }))).toEqual({ code: 'input-invalid', field: 'query', endpoint });
    expect(await gatewayError(invoke(host, { agentId: 7, query: '' }))).toEqual({ code: 'input-invalid', field: 'agentId', endpoint });
    expect(await gatewayError(invoke(host, { agentId: 'target' }))).toMatchObject({ code: 'arguments-invalid', endpoint });
    expect(await gatewayError(invoke(host, { agentId: 'target', query: '', limit: 5 }))).toMatchObject({ code: 'arguments-invalid' });
    expect(await gatewayError(invoke(host, { agent: 'target', query: '' }))).toMatchObject({ code: 'arguments-invalid' });
    expect(spy).not.toHaveBeenCalled();
  });

  it('rejects an unknown agent, and a stored session that is not a live agent, as lookup-not-found', async () => {
    const host = await bootRemoteHost();
    expect(await gatewayError(invoke(host, { agentId: 'nobody', query: '' }))).toMatchObject({
      code: 'lookup-not-found',
      field: 'agentId',
    });
    expect(await gatewayError(invoke(host, { agentId: 'alpha', query: '' }))).toMatchObject({ code: 'lookup-not-found', field: 'agentId' });
  });

  it('validates the result: a malformed candidate is result-invalid', async () => {
    const host = await bootRemoteHost();
    vi.spyOn(SessionReferenceResolver.prototype, 'listCandidates').mockResolvedValue([
      { sessionId: 'alpha', label: 'alpha', sameWorkspace: 'yes', createdAt: 1 } as never,
    ]);
    expect(await gatewayError(invoke(host, { agentId: 'target', query: '' }))).toMatchObject({ code: 'result-invalid', field: 'result' });
  });

  it('passes the injected signal through: an abort while listing cancels the call', async () => {
    const host = await bootRemoteHost({ config: { candidateCacheTtlMs: 0 } });
    const listing = deferred<void>();
    const listed = deferred<void>();
    const original = NoSearchSessionQuery.prototype.listSessions;
    vi.spyOn(NoSearchSessionQuery.prototype, 'listSessions').mockImplementation(async function (this: NoSearchSessionQuery, ...args) {
      listed.resolve();
      await listing.promise;
      return original.apply(this, args);
    });
    const controller = new AbortController();
    const call = rejection(invoke(host, { agentId: 'target', query: '' }, controller.signal));
    await listed.promise;
    controller.abort(new Error('user closed the menu'));
    const error = await call;
    listing.resolve();
    expect(error.name).toBe('RemoteInvocationCancelled');
    expect(error.message).toContain(CANDIDATES_ENDPOINT);
    expect(error.cause).toBeInstanceOf(SessionReferenceError);
    expect((error.cause as SessionReferenceError).code).toBe(SessionReferenceErrorCode.CANCELLED);
  });

  it('an already-aborted signal cancels before listing', async () => {
    const host = await bootRemoteHost();
    const spy = vi.spyOn(NoSearchSessionQuery.prototype, 'listSessions');
    const error = await rejection(invoke(host, { agentId: 'target', query: '' }, AbortSignal.abort()));
    expect(error.name).toBe('RemoteInvocationCancelled');
    expect((error.cause as SessionReferenceError).code).toBe(SessionReferenceErrorCode.CANCELLED);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('SRC fallback (a host that does not load ./typert)', () => {
  it('reaches the method through its @Remote marker with the same wire arguments', async () => {
    const host = await bootRemoteHost({ strict: false });
    expect(host.ctx.typert.local.get(CANDIDATES_ENDPOINT)).toBeUndefined();
    expectCandidates(await invoke(host, { agentId: 'target', query: 'gam' }), ['gamma']);
    expect(await gatewayError(invoke(host, { agentId: 'nobody', query: '' }))).toMatchObject({
      code: 'lookup-not-found',
      field: 'agentId',
    });
    expect(await gatewayError(invoke(host, { agentId: 'target', query: '', extra: 1 }))).toMatchObject({ code: 'arguments-invalid' });
    const error = await rejection(invoke(host, { agentId: 'target', query: '' }, AbortSignal.abort()));
    expect(error.name).toBe('RemoteInvocationCancelled');
  });
});

// ---------------------------------------------------------------------------------------------
// Client face round trip.
//
// `@deepseek-ai/dsh-api-gateway/client` and `@deepseek-ai/dsh-typert-registry/client` are browser
// bundles that register through `window.__ModuleLoader__`; a small shim loads them in Node with
// the same Cordis module. The carrier is a loopback double of `@deepseek-ai/dsh-client-connection`
// (which must not be installed here): it offers exactly the two calls the gateway uses,
// `rpc.intercept('/api', claims, handler)` on the Host and `rpc.call('/api', endpoint, payload,
// signal)` on the Client, and JSON-encodes every payload and envelope as the wire would.
// ---------------------------------------------------------------------------------------------

interface ClientFace {
  inject: string[];
  apply(ctx: Context): void;
}

interface ModuleLoaderEntry {
  id: string;
  factory: (require: (id: string) => unknown) => ClientFace;
}

/** Factories registered by the bundles; ES modules evaluate once, so this outlives a single load. */
const loaded = new Map<string, ClientFace>();

async function loadBrowserBundles(): Promise<{ registry: ClientFace; gateway: ClientFace }> {
  const globals = globalThis as { window?: unknown };
  const previous = globals.window;
  globals.window = {
    __ModuleLoader__: {
      load: ({ id, factory }: ModuleLoaderEntry) => {
        loaded.set(
          id,
          factory((dependency) => {
            if (dependency === '@deepseek-ai/cordis') return cordis;
            throw new Error(`browser bundle ${id} requires unexpected module ${dependency}`);
          }),
        );
      },
    },
  };
  try {
    await import('@deepseek-ai/dsh-typert-registry/client');
    await import('@deepseek-ai/dsh-api-gateway/client');
  } finally {
    globals.window = previous;
  }
  const registry = loaded.get('@deepseek-ai/dsh-typert-registry');
  const gateway = loaded.get('@deepseek-ai/dsh-api-gateway');
  if (registry === undefined || gateway === undefined) throw new Error('browser bundles did not register');
  return { registry, gateway };
}

type Envelope = { ok: true; value: unknown } | { ok: false; error: RemoteFailure };

interface Interceptor {
  path: string;
  claims(endpoint: string): boolean;
  handle(endpoint: string, payload: unknown, signal: AbortSignal): Promise<Envelope>;
}

class LoopbackCarrier {
  readonly interceptors = new Set<Interceptor>();
  readonly frames: { endpoint: string; payload: unknown; envelope?: unknown }[] = [];

  async call(path: string, endpoint: string, payload: unknown, signal?: AbortSignal): Promise<Envelope> {
    const frame: { endpoint: string; payload: unknown; envelope?: unknown } = { endpoint, payload: JSON.parse(JSON.stringify(payload)) };
    this.frames.push(frame);
    const interceptor = [...this.interceptors].find((candidate) => candidate.path === path && candidate.claims(endpoint));
    if (interceptor === undefined) return { ok: false, error: { code: 'not-found', message: `nothing claims ${endpoint}`, details: {} } };
    const envelope = await interceptor.handle(endpoint, frame.payload, signal ?? new AbortController().signal);
    frame.envelope = JSON.parse(JSON.stringify(envelope));
    return frame.envelope as Envelope;
  }
}

/** Host half of the loopback carrier: `ctx.connection.rpc.intercept`. */
class HostConnection extends Service {
  constructor(
    ctx: Context,
    private readonly carrier: LoopbackCarrier,
  ) {
    super(ctx, 'connection');
  }

  get rpc() {
    const ctx = this.ctx;
    const carrier = this.carrier;
    return {
      intercept(path: string, claims: Interceptor['claims'], handle: Interceptor['handle'], _options?: { authority?: string }) {
        const interceptor: Interceptor = { path, claims, handle };
        return ctx.effect(() => {
          carrier.interceptors.add(interceptor);
          return () => {
            carrier.interceptors.delete(interceptor);
          };
        }, 'loopback.intercept');
      },
    };
  }
}

/** Client half of the loopback carrier: `ctx.connection.rpc.call`. */
class ClientConnection extends Service {
  constructor(
    ctx: Context,
    private readonly carrier: LoopbackCarrier,
  ) {
    super(ctx, 'connection');
  }

  get rpc() {
    const carrier = this.carrier;
    return {
      call: (path: string, endpoint: string, payload: unknown, signal?: AbortSignal) => carrier.call(path, endpoint, payload, signal),
    };
  }
}

async function bootClient(host: Host): Promise<{ client: Context; carrier: LoopbackCarrier }> {
  const { registry, gateway } = await loadBrowserBundles();
  const carrier = new LoopbackCarrier();
  await host.ctx.plugin(HostConnection as Plugin, carrier);
  const client = new Context();
  clients.push(client);
  await client.plugin(registry as Plugin);
  await client.plugin(ClientConnection as Plugin, carrier);
  await client.plugin(gateway as Plugin);
  await client.remote.$mount(TYPERT_REMOTE);
  return { client, carrier };
}

describe('Client face: ctx.remote.sessionReferenceResolver.candidates over a loopback carrier', () => {
  it('round-trips named wire args {agentId, query} and returns the validated candidates', async () => {
    const host = await bootRemoteHost();
    const { client, carrier } = await bootClient(host);
    const result = await client.remote.sessionReferenceResolver.candidates(SessionId('target'), '');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expectCandidates(result.value);
    expect(result.value).toEqual(await invoke(host, { agentId: 'target', query: '' }));
    expect(carrier.frames[0]).toMatchObject({ endpoint: CANDIDATES_ENDPOINT, payload: { args: { agentId: 'target', query: '' } } });
  });

  it('rejects a bad argument on the Client before sending, and reports Host failures as RemoteResult errors', async () => {
    const host = await bootRemoteHost();
    const { client, carrier } = await bootClient(host);
    const remote = client.remote.sessionReferenceResolver as unknown as { candidates: (...args: unknown[]) => Promise<unknown> };
    await expect(remote.candidates('target', 42)).rejects.toThrow(/rejected "query"/);
    await expect(remote.candidates('target')).rejects.toThrow(/expected 2 business argument/);
    expect(carrier.frames).toHaveLength(0);
    const unknown = await client.remote.sessionReferenceResolver.candidates(SessionId('nobody'), '');
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/lookup provider "agent" did not resolve/), details: {} },
    });
  });

  it('cancels through the caller signal: the Host method sees the abort and the Client gets a cancelled result', async () => {
    const host = await bootRemoteHost({ config: { candidateCacheTtlMs: 0 } });
    const { client } = await bootClient(host);
    const listing = deferred<void>();
    const listed = deferred<void>();
    const original = NoSearchSessionQuery.prototype.listSessions;
    vi.spyOn(NoSearchSessionQuery.prototype, 'listSessions').mockImplementation(async function (this: NoSearchSessionQuery, ...args) {
      listed.resolve();
      await listing.promise;
      return original.apply(this, args);
    });
    const controller = new AbortController();
    const call = client.remote.sessionReferenceResolver.candidates(SessionId('target'), '', controller.signal);
    await listed.promise;
    controller.abort();
    const result = await call;
    listing.resolve();
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

// ---------------------------------------------------------------------------------------------
// Drift: the wire types are derived from the zod codecs; these compile-time checks fail `tsc --noEmit` when they part.
// ---------------------------------------------------------------------------------------------

type HostMethod = SessionReferenceRemote['candidates'];
type HostResult = Awaited<ReturnType<HostMethod>>;
type AgentLookup = TypertLookupMap['agent'];
expectTypeOf<Parameters<HostMethod>>().toEqualTypeOf<[agent: TypertLookupHost<AgentLookup>, query: string, signal: AbortSignal]>();
expectTypeOf<z.output<typeof querySchema>>().toEqualTypeOf<Parameters<HostMethod>[1]>();
expectTypeOf<z.output<typeof candidatesResultSchema>>().toEqualTypeOf<HostResult>();
expectTypeOf<TypertLookupWire<AgentLookup>>().toExtend<z.output<typeof agentIdSchema>>();
expectTypeOf<SessionReferenceCandidatesRemote>().toEqualTypeOf<
  (agentId: TypertLookupWire<AgentLookup>, query: Parameters<HostMethod>[1], signal?: AbortSignal) => Promise<RemoteResult<HostResult>>
>();
expectTypeOf<TypertRemoteMap['sessionReferenceResolver/candidates']>().toEqualTypeOf<SessionReferenceCandidatesRemote>();

describe('the published contributions', () => {
  it('package.json exports ./typert and ./remote from the built contributions, with types', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
    expect(manifest.name).toBe(REMOTE_PACKAGE);
    expect(manifest.exports['./typert']).toEqual({ types: './lib/remote/typert.d.ts', default: './lib/remote/typert.js' });
    expect(manifest.exports['./remote']).toEqual({ types: './lib/remote/client.d.ts', default: './lib/remote/client.js' });
    expect(TYPERT).toMatchObject({ package: REMOTE_PACKAGE, face: 'host', invocations: [candidatesDescriptor] });
    expect(TYPERT_REMOTE).toEqual({ package: REMOTE_PACKAGE, descriptors: [candidatesDescriptor] });
  });
});
expectTypeOf<HostResult>().toEqualTypeOf<SessionReferenceMentionCandidate[]>();
