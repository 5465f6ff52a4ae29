/**
 * The wire contract of `sessionReferenceResolver/candidates`: the Remote face's names, strict zod
 * codecs for its arguments and result, and the invocation descriptor both published contributions
 * carry. Client-safe: only zod and type imports. The Host method's result type is derived from these codecs.
 */
import { z } from 'zod';
import type { InvocationDescriptor } from '@deepseek-ai/dsh-typert-protocol';

/** This package's npm name: the Remote contributions' `package` field and the invariant companion's registration key. */
export const PACKAGE_NAME = '@deepseek-ai/dsh-session-reference';

/**
 * Cordis key of the Remote service. `sessionReferenceResolver` is taken by the resolver itself,
 * so the Remote face registers under its own key and exports through the wire namespace below.
 */
export const REMOTE_SERVICE_KEY = 'sessionReferenceRemote';

/** Wire namespace: the browser calls `ctx.remote.sessionReferenceResolver.*`. */
export const REMOTE_NAMESPACE = 'sessionReferenceResolver';

/** Method name of the candidates endpoint. */
export const CANDIDATES_METHOD = 'candidates';

/** `<namespace>/<method>` of the candidates endpoint. */
export const CANDIDATES_ENDPOINT = `${REMOTE_NAMESPACE}/${CANDIDATES_METHOD}` as const;

/** Type symbol of the `agent` lookup's wire identity, as `@deepseek-ai/dsh-agent` registers it. */
export const AGENT_ID_TYPE_SYMBOL = '@deepseek-ai/dsh-session/types#SessionId';

/** `agentId`: a `SessionId`, a branded string. */
export const agentIdSchema = z.intersection(z.string(), z.unknown());

/** `query`: filter text. */
export const querySchema = z.string();

/** Why a candidate matched: its title, id or cwd, or its body with the engine's excerpt. */
export const candidateMatchSchema = z.discriminatedUnion('in', [
  z.object({ in: z.enum(['title', 'id', 'cwd']) }),
  z.object({ in: z.literal('body'), snippet: z.string() }),
]);

/** One candidate with its canonical mention (`SessionReferenceMentionCandidate`). */
export const candidateSchema = z.object({
  sessionId: z.string(),
  label: z.string(),
  cwd: z.string().optional(),
  sameWorkspace: z.boolean(),
  createdAt: z.number(),
  match: candidateMatchSchema.optional(),
  mention: z.string(),
});

/** The result: candidates in ranked order. */
export const candidatesResultSchema = z.array(candidateSchema);

/** Invocation descriptor of `sessionReferenceResolver/candidates`. */
export const candidatesDescriptor: InvocationDescriptor = {
  id: `${PACKAGE_NAME}#${CANDIDATES_ENDPOINT}`,
  service: REMOTE_SERVICE_KEY,
  namespace: REMOTE_NAMESPACE,
  method: CANDIDATES_METHOD,
  invocation: { kind: 'direct' },
  parameters: [
    {
      name: 'agent',
      wire: 'agentId',
      source: 'lookup',
      lookup: 'agent',
      codec: { mode: 'strict', typeSymbol: AGENT_ID_TYPE_SYMBOL, schema: agentIdSchema },
    },
    {
      name: 'query',
      wire: 'query',
      source: 'json',
      codec: { mode: 'strict', typeSymbol: `${PACKAGE_NAME}#${CANDIDATES_ENDPOINT}:query`, schema: querySchema },
    },
  ],
  cancellation: { parameter: 'signal' },
  result: { mode: 'strict', typeSymbol: `${PACKAGE_NAME}#${CANDIDATES_ENDPOINT}:result`, schema: candidatesResultSchema },
};

/** The wire result type, derived from its codec; a type test holds it equal to `SessionReferenceMentionCandidate[]`. */
export type CandidatesResult = z.output<typeof candidatesResultSchema>;
