/**
 * Host Typert contribution (package export `./typert`): the strict definition of
 * `sessionReferenceResolver/candidates` plus its reflection. A Typert loader registers it with
 * `ctx.typert.register(TYPERT)`; without it the gateway still reaches the method through its
 * `@Remote` marker (SRC mode), but without generated validation.
 */
import type { TypertContribution } from '@deepseek-ai/dsh-typert-registry/types';
import { candidatesDescriptor, PACKAGE_NAME, REMOTE_SERVICE_KEY } from './contract.ts';

/** The Host face contribution. */
export const TYPERT: TypertContribution = {
  package: PACKAGE_NAME,
  face: 'host',
  schemas: [],
  invocations: [candidatesDescriptor],
  model: {
    services: [
      {
        summary: 'Remote face of the session reference resolver.',
        description:
          "Remote face of the session reference resolver: lists the sessions an agent may cite, for a host's `@` menu. Exported on the wire as namespace `sessionReferenceResolver`.",
        tags: [],
        key: REMOTE_SERVICE_KEY,
        exportName: 'SessionReferenceRemote',
        members: [
          {
            kind: 'method',
            name: 'candidates',
            signature: '@Remote candidates(agent: Agent, query: string, signal: AbortSignal): Promise<SessionReferenceMentionCandidate[]>',
            summary:
              'The sessions `agent` may cite, filtered by `query`, under the configured `candidateLimit`, each with its canonical mention.',
          },
        ],
        types: [],
      },
    ],
    events: [],
    objects: [],
  },
};

export default TYPERT;
