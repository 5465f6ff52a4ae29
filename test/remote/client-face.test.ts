/** The Client face over a loopback carrier, compile-time checks that the wire types derived from the codecs match the method's signature, and the published contributions. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {} from '@deepseek-ai/dsh-api-gateway/client';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { RemoteResult, TypertLookupHost, TypertLookupMap, TypertLookupWire, TypertRemoteMap } from '@deepseek-ai/dsh-typert-protocol';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import type { SessionReferenceMentionCandidate } from '../../src/types.ts';
import { SessionReferenceRemote } from '../../src/remote/service.ts';
import { agentIdSchema, candidatesDescriptor, candidatesResultSchema, querySchema } from '../../src/remote/contract.ts';
import { CANDIDATES_ENDPOINT, PACKAGE_NAME } from '../../src/remote/contract.ts';
import TYPERT_REMOTE from '../../src/remote/client.ts';
import type { SessionReferenceCandidatesRemote } from '../../src/remote/client.ts';
import { TYPERT } from '../../src/remote/typert.ts';
import { NoSearchSessionQuery } from '../support/host.ts';
import { ROOT, bootClient, bootRemoteHost, deferred, expectCandidates, invoke, useRemoteHosts } from '../support/remote-host.ts';

useRemoteHosts();

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
    const listing = deferred<undefined>();
    const listed = deferred<undefined>();
    const original = NoSearchSessionQuery.prototype.listSessions;
    vi.spyOn(NoSearchSessionQuery.prototype, 'listSessions').mockImplementation(async function (this: NoSearchSessionQuery, ...args) {
      listed.resolve(undefined);
      await listing.promise;
      return original.apply(this, args);
    });
    const controller = new AbortController();
    const call = client.remote.sessionReferenceResolver.candidates(SessionId('target'), '', controller.signal);
    await listed.promise;
    controller.abort();
    const result = await call;
    listing.resolve(undefined);
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
    expect(manifest.name).toBe(PACKAGE_NAME);
    expect(manifest.exports['./typert']).toEqual({ types: './lib/remote/typert.d.ts', default: './lib/remote/typert.js' });
    expect(manifest.exports['./remote']).toEqual({ types: './lib/remote/client.d.ts', default: './lib/remote/client.js' });
    expect(TYPERT).toMatchObject({ package: PACKAGE_NAME, face: 'host', invocations: [candidatesDescriptor] });
    expect(TYPERT_REMOTE).toEqual({ package: PACKAGE_NAME, descriptors: [candidatesDescriptor] });
  });
});
expectTypeOf<HostResult>().toEqualTypeOf<SessionReferenceMentionCandidate[]>();
