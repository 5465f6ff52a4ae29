/** Real hosts for the Remote face: the rc.8 Typert registry and gateway with the resolver mounted over three sessions, a client booted over the loopback carrier, and the checks the Remote tests share. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Context } from '@deepseek-ai/cordis';
import type { Plugin } from '@deepseek-ai/cordis';
import TypertGatewayService, { TypertGatewayError } from '@deepseek-ai/dsh-api-gateway';
import type { TypertGatewayErrorCode } from '@deepseek-ai/dsh-api-gateway';
import type {} from '@deepseek-ai/dsh-api-gateway/client';
import TypertRegistry from '@deepseek-ai/dsh-typert-registry';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import SessionReferenceResolver, { formatSessionReferenceMention, parseSessionReferenceText } from '../../src/index.ts';
import type { SessionReferenceMentionCandidate } from '../../src/types.ts';
import { candidatesResultSchema } from '../../src/remote/contract.ts';
import TYPERT_REMOTE from '../../src/remote/client.ts';
import { TYPERT } from '../../src/remote/typert.ts';
import { bootHost, createTargetAgent, writeSession } from './host.ts';
import type { Host } from './host.ts';
import { loadBrowserBundles, LoopbackCarrier, HostConnection, ClientConnection } from './loopback.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NAMESPACE = 'sessionReferenceResolver';
export const METHOD = 'candidates';

let tmp: string;
let counter = 0;
const hosts: Host[] = [];
const clients: Context[] = [];

export interface RemoteHost extends Host {
  resolverFiber: { dispose(): Promise<unknown> };
}

/**
 * A real host (agents + loop) with the rc.8 Typert registry and gateway, the resolver mounted,
 * three stored sessions and a live target agent in `/w/a`. `strict` registers the `./typert`
 * contribution the way a Typert loader does; otherwise the gateway runs in SRC mode.
 */
export async function bootRemoteHost(options: { strict?: boolean; config?: Record<string, unknown> } = {}): Promise<RemoteHost> {
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

export function invoke(host: Host, args: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
  return host.ctx.typertGateway.invoke({ namespace: NAMESPACE, method: METHOD, args, ...(signal === undefined ? {} : { signal }) });
}

export async function gatewayError(
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

export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolvePromise!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolvePromise = r;
  });
  return { promise, resolve: resolvePromise };
}

export const EXPECTED_IDS = ['alpha', 'gamma', 'beta'];

export function expectCandidates(value: unknown, ids: readonly string[] = EXPECTED_IDS): SessionReferenceMentionCandidate[] {
  const candidates = candidatesResultSchema.parse(value);
  expect(candidates.map((candidate) => candidate.sessionId)).toEqual(ids);
  for (const candidate of candidates) {
    expect(candidate.mention).toBe(formatSessionReferenceMention(candidate));
    expect(parseSessionReferenceText(candidate.mention).references).toEqual([{ sessionId: candidate.sessionId, label: candidate.label }]);
  }
  return candidates;
}

export async function bootClient(host: Host): Promise<{ client: Context; carrier: LoopbackCarrier }> {
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

/** Registers the hooks that give this file a temp root and dispose every host and client a test booted. */
export function useRemoteHosts(): void {
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
}
