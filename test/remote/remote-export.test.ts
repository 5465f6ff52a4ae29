/** rc.8's `remoteExportCandidates` on the resolver: the method the host's generated remote registry names for `sessionReferenceResolver/candidates`. */
import { SessionId } from '@deepseek-ai/dsh-session';
import { describe, expect, it } from 'vitest';
import { formatSessionReferenceMention } from '../../src/index.ts';
import type SessionReferenceResolver from '../../src/index.ts';
import { REMOTE_SERVICE_KEY } from '../../src/remote/contract.ts';
import type { SessionReferenceRemote } from '../../src/remote/service.ts';
import { bootRemoteHost, expectCandidates, NAMESPACE, useRemoteHosts } from '../support/remote-host.ts';
import type { RemoteHost } from '../support/remote-host.ts';

useRemoteHosts();

/** The generated registry's entry: endpoint → the service instance named by its namespace, and the method on it. */
const REGISTRY: Record<string, { readonly service: string; readonly method: string }> = {
  [`${NAMESPACE}/candidates`]: { service: NAMESPACE, method: 'remoteExportCandidates' },
};

/** Dispatches `endpoint` as the host's generated registry does: looks the service up and calls the named method with `(agent, query, signal)`. */
function dispatch(host: RemoteHost, endpoint: string, agentId: string, query: string, signal: AbortSignal): Promise<unknown> {
  const entry = REGISTRY[endpoint]!;
  const service = host.ctx.get(entry.service) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return service[entry.method]!.call(service, host.ctx.agents.get(SessionId(agentId)), query, signal);
}

describe('remoteExportCandidates', () => {
  it('is a public method of the resolver instance, as in rc.8', async () => {
    const host = await bootRemoteHost();
    const resolver = host.ctx.get(NAMESPACE) as SessionReferenceResolver;
    expect(typeof resolver.remoteExportCandidates).toBe('function');
    expect(resolver.remoteExportCandidates.length).toBeGreaterThanOrEqual(2);
  });

  it('answers a host dispatching sessionReferenceResolver/candidates with the Remote face’s mention-carrying candidates', async () => {
    const host = await bootRemoteHost({ config: { candidateLimit: 2 } });
    const remote = host.ctx.get(REMOTE_SERVICE_KEY) as SessionReferenceRemote;
    const agent = host.ctx.agents.get(SessionId('target'))!;
    for (const query of ['', 'BET', 'zzz-none']) {
      const signal = new AbortController().signal;
      const dispatched = await dispatch(host, `${NAMESPACE}/candidates`, 'target', query, signal);
      expect(dispatched).toEqual(await remote.candidates(agent, query, signal));
    }
    const all = expectCandidates(await dispatch(host, `${NAMESPACE}/candidates`, 'target', '', new AbortController().signal), [
      'alpha',
      'gamma',
    ]);
    for (const candidate of all) expect(candidate.mention).toBe(formatSessionReferenceMention(candidate));
  });

  it('rejects with the resolver’s typed error once its signal aborts', async () => {
    const host = await bootRemoteHost();
    const controller = new AbortController();
    controller.abort();
    await expect(dispatch(host, `${NAMESPACE}/candidates`, 'target', '', controller.signal)).rejects.toMatchObject({
      code: 'SESSION_REFERENCE_CANCELLED',
    });
  });
});
