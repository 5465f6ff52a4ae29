/**
 * Client Typert contribution (package export `./remote`): mount it with
 * `await ctx.remote.$mount(TYPERT_REMOTE)` to get
 * `ctx.remote.sessionReferenceResolver.candidates(agentId, query, signal?)`.
 * Strict: the zod codecs validate the arguments before the call and the result after it.
 */
import type { RemoteResult, TypertRemoteContribution } from '@deepseek-ai/dsh-typert-protocol';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionReferenceMentionCandidate } from '../types.ts';
import { candidatesDescriptor, PACKAGE_NAME } from './contract.ts';

/** `sessionReferenceResolver/candidates` as the Client calls it. */
export type SessionReferenceCandidatesRemote = (
  agentId: SessionId,
  query: string,
  signal?: AbortSignal,
) => Promise<RemoteResult<SessionReferenceMentionCandidate[]>>;

/** The `ctx.remote.sessionReferenceResolver` namespace. */
export interface SessionReferenceResolverRemoteNamespace {
  candidates: SessionReferenceCandidatesRemote;
}

declare module '@deepseek-ai/dsh-typert-protocol' {
  interface TypertRemoteMap {
    'sessionReferenceResolver/candidates': SessionReferenceCandidatesRemote;
  }
  interface TypertRemoteNamespaceMap {
    sessionReferenceResolver: SessionReferenceResolverRemoteNamespace;
  }
}

/** The Client face contribution. */
export const TYPERT_REMOTE: TypertRemoteContribution = {
  package: PACKAGE_NAME,
  descriptors: [candidatesDescriptor],
};

export default TYPERT_REMOTE;
