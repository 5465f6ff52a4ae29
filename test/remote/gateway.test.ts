/** `sessionReferenceResolver/candidates` through the rc.8 Typert registry and API gateway in a real host: strict with the `./typert` definition, and SRC fallback without it. */
import * as cordis from '@deepseek-ai/cordis';
import type {} from '@deepseek-ai/dsh-api-gateway/client';
import { SessionId } from '@deepseek-ai/dsh-session';
import { remoteMethods } from '@deepseek-ai/dsh-typert-protocol';
import { describe, expect, it, vi } from 'vitest';
import SessionReferenceResolver, {
  formatSessionReferenceMention,
  SessionReferenceError,
  SessionReferenceErrorCode,
} from '../../src/index.ts';
import { SessionReferenceRemote } from '../../src/remote/service.ts';
import { withMentions } from '../../src/discovery/rank.ts';
import { candidatesDescriptor } from '../../src/remote/contract.ts';
import { CANDIDATES_ENDPOINT, REMOTE_NAMESPACE, PACKAGE_NAME, REMOTE_SERVICE_KEY } from '../../src/remote/contract.ts';
import { TYPERT } from '../../src/remote/typert.ts';
import { NoSearchSessionQuery } from '../support/host.ts';
import { bootRemoteHost, deferred, expectCandidates, gatewayError, invoke, rejection, useRemoteHosts } from '../support/remote-host.ts';

useRemoteHosts();

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
    expect(host.ctx.typert.getPackage(PACKAGE_NAME, 'host')?.model).toBe(TYPERT.model);
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
    const listing = deferred<undefined>();
    const listed = deferred<undefined>();
    const original = NoSearchSessionQuery.prototype.listSessions;
    vi.spyOn(NoSearchSessionQuery.prototype, 'listSessions').mockImplementation(async function (this: NoSearchSessionQuery, ...args) {
      listed.resolve(undefined);
      await listing.promise;
      return original.apply(this, args);
    });
    const controller = new AbortController();
    const call = rejection(invoke(host, { agentId: 'target', query: '' }, controller.signal));
    await listed.promise;
    controller.abort(new Error('user closed the menu'));
    const error = await call;
    listing.resolve(undefined);
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
