// The Remote face: `sessionReferenceResolver/candidates` through the rc.8 Typert registry and API
// gateway (Host entry) in a real host, the Client face round trip over a loopback carrier, and
// the drift check between the published contributions and the method's TypeScript signature.
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
import ts from 'typescript';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import SessionReferenceResolver, {
  formatSessionReferenceMention,
  parseSessionReferenceText,
  SessionReferenceError,
  SessionReferenceErrorCode,
} from '../src/index.ts';
import type { SessionReferenceRemoteCandidate } from '../src/index.ts';
import SessionReferenceRemote from '../src/host/remote.ts';
import { AGENT_ID_TYPE_SYMBOL, agentIdSchema, candidatesDescriptor, candidatesResultSchema, querySchema } from '../src/host/remote-contract.ts';
import { CANDIDATES_ENDPOINT, REMOTE_NAMESPACE, REMOTE_PACKAGE, REMOTE_SERVICE_KEY } from '../src/host/remote-names.ts';
import TYPERT_REMOTE from '../src/host/remote-client.ts';
import type { SessionReferenceCandidatesRemote } from '../src/host/remote-client.ts';
import { TYPERT } from '../src/host/typert.ts';
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

async function gatewayError(promise: Promise<unknown>): Promise<{ code: TypertGatewayErrorCode; field: string | undefined; endpoint: string }> {
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

function expectCandidates(value: unknown, ids: readonly string[] = EXPECTED_IDS): SessionReferenceRemoteCandidate[] {
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
    const spy = vi.spyOn(SessionReferenceResolver.prototype, 'remoteExportCandidates');
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
    const [agent, query, signal] = spy.mock.calls[0]!;
    expect(agent).toBe(host.ctx.agents.get(SessionId('target')));
    expect(query).toBe('');
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(value).toEqual(await host.ctx.sessionReferenceResolver.remoteExportCandidates(agent, ''));
  });

  it('filters by query and honours candidateLimit', async () => {
    const host = await bootRemoteHost({ config: { candidateLimit: 2 } });
    expectCandidates(await invoke(host, { agentId: 'target', query: 'BET' }), ['beta']);
    expectCandidates(await invoke(host, { agentId: 'target', query: '' }), ['alpha', 'gamma']);
  });

  it('rejects bad arguments with typed gateway errors before reaching the resolver', async () => {
    const host = await bootRemoteHost();
    const spy = vi.spyOn(SessionReferenceResolver.prototype, 'remoteExportCandidates');
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
    expect(await gatewayError(invoke(host, { agentId: 'nobody', query: '' }))).toMatchObject({ code: 'lookup-not-found', field: 'agentId' });
    expect(await gatewayError(invoke(host, { agentId: 'alpha', query: '' }))).toMatchObject({ code: 'lookup-not-found', field: 'agentId' });
  });

  it('validates the result: a malformed candidate is result-invalid', async () => {
    const host = await bootRemoteHost();
    vi.spyOn(SessionReferenceResolver.prototype, 'remoteExportCandidates').mockResolvedValue([
      { sessionId: 'alpha', label: 'alpha', sameWorkspace: 'yes', createdAt: 1, mention: 'm' } as never,
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
    expect(await gatewayError(invoke(host, { agentId: 'nobody', query: '' }))).toMatchObject({ code: 'lookup-not-found', field: 'agentId' });
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
        loaded.set(id, factory((dependency) => {
          if (dependency === '@deepseek-ai/cordis') return cordis;
          throw new Error(`browser bundle ${id} requires unexpected module ${dependency}`);
        }));
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
  constructor(ctx: Context, private readonly carrier: LoopbackCarrier) {
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
  constructor(ctx: Context, private readonly carrier: LoopbackCarrier) {
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
    expect(unknown).toEqual({ ok: false, error: { code: 'internal', message: expect.stringMatching(/lookup provider "agent" did not resolve/), details: {} } });
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
// Drift: the hand-written contributions against the method's TypeScript signature.
// ---------------------------------------------------------------------------------------------

// Compile-time half (fails `tsc --noEmit`).
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

// Runtime half: read the signatures with the TypeScript checker and compare them with the
// descriptor, the zod codecs (as JSON Schema) and the reflected model.

type JsonSchema = { [key: string]: unknown };

/** One parameter: the cancellation signal, an object known by its `<package>#<Name>` type symbol, or JSON. */
type DerivedParameter =
  | { kind: 'signal'; name: string; optional: boolean }
  | { kind: 'object'; name: string; hostTypeSymbol: string; optional: boolean }
  | { kind: 'json'; name: string; schema: JsonSchema; optional: boolean };

interface DerivedSignature {
  parameters: DerivedParameter[];
  result: JsonSchema;
  text: string;
}

function packageSymbolOf(type: ts.Type): string | undefined {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
  const match = file === undefined ? null : /node_modules\/(@[^/]+\/[^/]+)\//.exec(file);
  return match === null || symbol === undefined ? undefined : `${match[1]}#${symbol.name}`;
}

function schemaOf(checker: ts.TypeChecker, type: ts.Type, where: string): JsonSchema {
  if (type.flags & ts.TypeFlags.String) return { type: 'string' };
  if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
  if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: 'array', items: schemaOf(checker, element!, `${where}[]`) };
  }
  const objectLike = (type.flags & ts.TypeFlags.Object) !== 0 || type.isIntersection();
  if (objectLike && checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const declared = checker.getTypeOfSymbol(property);
      properties[property.name] = schemaOf(checker, optional ? checker.getNonNullableType(declared) : declared, `${where}.${property.name}`);
      if (!optional) required.push(property.name);
    }
    return { type: 'object', properties, required, additionalProperties: false };
  }
  throw new Error(`drift check: no JSON Schema mapping for ${where}: ${checker.typeToString(type)}; extend schemaOf()`);
}

function signatureParts(checker: ts.TypeChecker, signature: ts.Signature, node: ts.Node, where: string) {
  const parameters = signature.getParameters().map((symbol) => {
    const declaration = symbol.valueDeclaration as ts.ParameterDeclaration;
    return { name: symbol.name, type: checker.getTypeOfSymbolAtLocation(symbol, node), optional: declaration.questionToken !== undefined };
  });
  const returned = signature.getReturnType();
  const awaited = checker.getAwaitedType(returned);
  if (awaited === undefined || awaited === returned) throw new Error(`drift check: ${where} must return a Promise`);
  return { parameters, returned, awaited };
}

function deriveParameter(checker: ts.TypeChecker, parameter: { name: string; type: ts.Type; optional: boolean }, where: string): DerivedParameter {
  const { name, optional } = parameter;
  const type = optional ? checker.getNonNullableType(parameter.type) : parameter.type;
  if (type.getSymbol()?.name === 'AbortSignal') return { kind: 'signal', name, optional };
  const hostTypeSymbol = packageSymbolOf(type);
  if (hostTypeSymbol !== undefined) return { kind: 'object', name, hostTypeSymbol, optional };
  return { kind: 'json', name, schema: schemaOf(checker, type, `${where}(${name})`), optional };
}

function createDriftProgram(overrides: Record<string, string> = {}, oldProgram?: ts.Program): ts.Program {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const options = { ...parsed.options, noEmit: true };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const readFile = host.readFile.bind(host);
  const override = (path: string) => overrides[resolve(path)];
  host.readFile = (path) => override(path) ?? readFile(path);
  host.getSourceFile = (path, language, onError, shouldCreate) => {
    const text = override(path);
    return text === undefined ? getSourceFile(path, language, onError, shouldCreate) : ts.createSourceFile(path, text, language, true);
  };
  return ts.createProgram([join(ROOT, 'src/remote.ts'), join(ROOT, 'src/remote-client.ts')], options, host, oldProgram);
}

/** The Host method `<className>.candidates` in `src/remote.ts` as the checker sees it. */
function deriveHostSignature(program: ts.Program, className: string): DerivedSignature {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(ROOT, 'src/remote.ts'))!;
  let method: ts.MethodDeclaration | undefined;
  file.forEachChild((node) => {
    if (ts.isClassDeclaration(node) && node.name?.text === className) {
      method = node.members.find((member): member is ts.MethodDeclaration => ts.isMethodDeclaration(member) && member.name.getText() === METHOD);
    }
  });
  if (method === undefined) throw new Error(`drift check: ${className}.candidates not found`);
  const signature = checker.getSignatureFromDeclaration(method)!;
  const { parameters, returned, awaited } = signatureParts(checker, signature, method, 'SessionReferenceRemote.candidates');
  const text = `@Remote ${METHOD}(${parameters.map((p) => `${p.name}: ${checker.typeToString(p.type)}`).join(', ')}): ${checker.typeToString(returned)}`;
  return {
    parameters: parameters.map((parameter) => deriveParameter(checker, parameter, 'candidates')),
    result: schemaOf(checker, awaited, 'candidates result'),
    text,
  };
}

/** The Client signature `SessionReferenceCandidatesRemote` as the checker sees it. */
function deriveClientSignature(program: ts.Program): DerivedSignature {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(ROOT, 'src/remote-client.ts'))!;
  let alias: ts.TypeAliasDeclaration | undefined;
  file.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'SessionReferenceCandidatesRemote') alias = node;
  });
  if (alias === undefined) throw new Error('drift check: SessionReferenceCandidatesRemote not found');
  const [signature] = checker.getTypeAtLocation(alias).getCallSignatures();
  const { parameters, awaited } = signatureParts(checker, signature!, alias, 'SessionReferenceCandidatesRemote');
  if (awaited.aliasSymbol?.name !== 'RemoteResult') throw new Error('drift check: the Client method must resolve to RemoteResult<T>');
  return {
    parameters: parameters.map((parameter) => deriveParameter(checker, parameter, 'client candidates')),
    result: schemaOf(checker, awaited.aliasTypeArguments![0]!, 'client candidates result'),
    text: checker.typeToString(checker.getTypeAtLocation(alias)),
  };
}

/** JSON with sorted object keys and sorted `required` lists, so comparisons ignore declaration order. */
function canonical(value: unknown): string {
  const sort = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return key === 'required' ? [...node].sort() : node.map((item) => sort(item));
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.keys(node).sort().map((k) => [k, sort((node as Record<string, unknown>)[k], k)]));
  };
  return JSON.stringify(sort(value)) ?? 'undefined';
}

function jsonSchemaOf(schema: unknown): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema as z.ZodType, { io: 'output' }) as JsonSchema;
  return rest;
}

/**
 * Every way the published contract differs from the signatures: descriptor parameters, wire
 * fields, lookup, cancellation, codecs (as JSON Schema), the Client signature and the model.
 */
function contractMismatches(
  program: ts.Program,
  lookup: { parameter: string; wire: string; hostTypeSymbol: string; wireTypeSymbol: string },
  className = 'SessionReferenceRemote',
): string[] {
  const mismatches: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    const [a, b] = [canonical(actual), canonical(expected)];
    if (a !== b) mismatches.push(`${what}: ${a} != ${b}`);
  };
  const host = deriveHostSignature(program, className);
  const client = deriveClientSignature(program);
  const last = host.parameters.at(-1);
  const cancellable = last?.kind === 'signal' && last.name === 'signal' && !last.optional;
  const business = cancellable ? host.parameters.slice(0, -1) : host.parameters;
  const descriptor = candidatesDescriptor;

  check('cancellation', descriptor.cancellation, cancellable ? { parameter: 'signal' } : undefined);
  check('parameter names', descriptor.parameters.map((p) => p.name), business.map((p) => p.name));
  business.forEach((parameter, i) => {
    const declared = descriptor.parameters[i];
    if (declared === undefined) return;
    if (parameter.kind === 'signal') {
      mismatches.push(`${parameter.name}: an AbortSignal is only allowed as the final parameter named signal`);
    } else if (parameter.kind === 'object') {
      check(`${parameter.name}: lookup`, [declared.source, declared.lookup, declared.wire], ['lookup', 'agent', lookup.wire]);
      check(`${parameter.name}: host type`, parameter.hostTypeSymbol, lookup.hostTypeSymbol);
      check(`${parameter.name}: parameter name`, parameter.name, lookup.parameter);
      check(`${parameter.name}: wire type symbol`, declared.codec.mode === 'strict' ? declared.codec.typeSymbol : undefined, lookup.wireTypeSymbol);
    } else {
      check(`${parameter.name}: source`, [declared.source, declared.wire], ['json', parameter.name]);
      check(`${parameter.name}: codec`, declared.codec.mode === 'strict' ? jsonSchemaOf(declared.codec.schema) : declared.codec.mode, parameter.schema);
    }
  });
  check('result codec', descriptor.result.mode === 'strict' ? jsonSchemaOf(descriptor.result.schema) : descriptor.result.mode, host.result);

  // The Client signature: wire identities in place of lookups, the same JSON parameters, an optional signal.
  const expectedClient: DerivedParameter[] = business.map((parameter) =>
    parameter.kind === 'object'
      ? { kind: 'object', name: lookup.wire, hostTypeSymbol: lookup.wireTypeSymbol.replace('/types#', '#'), optional: false }
      : parameter,
  );
  if (cancellable) expectedClient.push({ kind: 'signal', name: 'signal', optional: true });
  check('client parameters', client.parameters, expectedClient);
  check('client result', client.result, host.result);

  const member = TYPERT.model.services.find((service) => service.key === descriptor.service)?.members.find((m) => m.name === descriptor.method);
  check('model signature', member?.signature, host.text);
  return mismatches;
}

describe('drift between the published contributions and the TypeScript signature', () => {
  let program: ts.Program;
  let lookup: Parameters<typeof contractMismatches>[1];

  beforeAll(async () => {
    program = createDriftProgram();
    const host = await bootHost({ root: join(tmp, `drift-${counter++}`), agentLoop: true, invariants: false });
    try {
      await host.ctx.plugin(TypertRegistry);
      const definition = host.ctx.typert.lookups.definitions().find((candidate) => candidate.key === 'agent');
      if (definition === undefined) throw new Error('dsh-agent registered no agent lookup');
      lookup = definition;
    } finally {
      await host.dispose();
    }
  });

  it('the descriptor, codecs, Client signature and model match SessionReferenceRemote.candidates', () => {
    expect(lookup).toMatchObject({ parameter: 'agent', wire: 'agentId', wireTypeSymbol: AGENT_ID_TYPE_SYMBOL });
    expect(contractMismatches(program, lookup)).toEqual([]);
  });

  it('detects drift: a changed parameter type, a new result field or a renamed parameter each fail', () => {
    const path = join(ROOT, 'src/remote.ts');
    const variants = {
      DriftedQuery: 'candidates(agent: Agent, query: number, signal: AbortSignal): Promise<SessionReferenceRemoteCandidate[]>;',
      DriftedResult: 'candidates(agent: Agent, query: string, signal: AbortSignal): Promise<(SessionReferenceRemoteCandidate & { score: number })[]>;',
      DriftedName: 'candidates(agent: Agent, text: string, signal: AbortSignal): Promise<SessionReferenceRemoteCandidate[]>;',
      DriftedSignal: 'candidates(agent: Agent, query: string): Promise<SessionReferenceRemoteCandidate[]>;',
    };
    const appended = Object.entries(variants)
      .map(([name, member]) => `export declare class ${name} {\n  ${member}\n}\n`)
      .join('');
    const drifted = createDriftProgram({ [path]: `${readFileSync(path, 'utf8')}\n${appended}` }, program);
    const report = (name: keyof typeof variants) => contractMismatches(drifted, lookup, name).join('\n');
    expect(report('DriftedQuery')).toMatch(/^query: codec/m);
    expect(report('DriftedResult')).toMatch(/^result codec/m);
    expect(report('DriftedResult')).toMatch(/^client result/m);
    expect(report('DriftedName')).toMatch(/^parameter names/m);
    expect(report('DriftedSignal')).toMatch(/^cancellation/m);
    expect(contractMismatches(drifted, lookup)).toEqual([]);
  });

  it('package.json exports ./typert and ./remote from the built contributions, with types', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
    expect(manifest.name).toBe(REMOTE_PACKAGE);
    expect(manifest.exports['./typert']).toEqual({ types: './lib/typert.d.ts', default: './lib/typert.js' });
    expect(manifest.exports['./remote']).toEqual({ types: './lib/remote-client.d.ts', default: './lib/remote-client.js' });
    expect(TYPERT).toMatchObject({ package: REMOTE_PACKAGE, face: 'host', invocations: [candidatesDescriptor] });
    expect(TYPERT_REMOTE).toEqual({ package: REMOTE_PACKAGE, descriptors: [candidatesDescriptor] });
  });
});
