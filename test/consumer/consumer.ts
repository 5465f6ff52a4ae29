// A consumer of the built package: every published name of every subpath, imported by package name through `exports` and pinned by type (npm run typecheck:consumer).
import type { Context } from '@deepseek-ai/cordis';
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { RemoteResult, TypertRemoteContribution, TypertRemoteMap, TypertRemoteNamespaceMap } from '@deepseek-ai/dsh-typert-protocol';
import type { TypertContribution } from '@deepseek-ai/dsh-typert-registry/types';
import { expectTypeOf } from 'vitest';
import SessionReferenceResolverDefault, {
  findInTranscript,
  readTranscript,
  redactTexts,
  SessionReferenceErrorCode as ErrorCodes,
  DEFAULT_CANDIDATE_LIMIT,
  DEFAULT_MAX_REFERENCE_BYTES,
  decodeSessionReferenceUri,
  encodeSessionReferenceUri,
  formatSessionReferenceMention,
  MAX_REFERENCES,
  parseSessionReferenceText,
  SESSION_REFERENCE_SCHEME,
  SessionReferenceError,
  SessionReferenceResolver,
} from '@deepseek-ai/dsh-session-reference';
import type {
  Config,
  ParsedTranscript,
  PreparedReferencedMessage as RootPreparedReferencedMessage,
  RedactResult,
  ReadTranscriptOptions,
  SessionReferenceAgent,
  SessionReferenceErrorCode,
} from '@deepseek-ai/dsh-session-reference';
import type * as TypesOnly from '@deepseek-ai/dsh-session-reference/types';
import type {
  CandidateMatch,
  PreparedReferencedMessage,
  ReferencedConversationItem,
  RetentionStats,
  SessionReferenceCandidate,
  SessionReferenceInput,
  SessionReferenceMentionCandidate,
  SessionReferenceSource,
  SessionReferenceSourceEntry,
} from '@deepseek-ai/dsh-session-reference/types';
import * as invariant from '@deepseek-ai/dsh-session-reference/invariant';
import TYPERT, { TYPERT as NAMED_TYPERT } from '@deepseek-ai/dsh-session-reference/typert';
import TYPERT_REMOTE, { TYPERT_REMOTE as NAMED_TYPERT_REMOTE } from '@deepseek-ai/dsh-session-reference/remote';
import type { SessionReferenceCandidatesRemote, SessionReferenceResolverRemoteNamespace } from '@deepseek-ai/dsh-session-reference/remote';
import manifest from '@deepseek-ai/dsh-session-reference/package.json' with { type: 'json' };

declare const ctx: Context;
declare const agent: SessionReferenceAgent;

// `.`: the default export is the plugin class, a Cordis service taking (ctx, config?).
expectTypeOf(SessionReferenceResolverDefault).toEqualTypeOf<typeof SessionReferenceResolver>();
expectTypeOf(SessionReferenceResolver).constructorParameters.toEqualTypeOf<[ctx: Context, config?: Config]>();
expectTypeOf(SessionReferenceResolver.inject).toEqualTypeOf<string[]>();
// the config schema is the plugin's static `Config`, as Cordis reads it: it resolves every field
expectTypeOf(SessionReferenceResolver.Config({}).maxReferences).toEqualTypeOf<number>();
expectTypeOf(SessionReferenceResolver.Config({}).maxReferenceBytes).toEqualTypeOf<number | undefined>();
ctx.plugin(SessionReferenceResolver, { maxReferences: 2 });
expectTypeOf(ctx.sessionReferenceResolver).toEqualTypeOf<SessionReferenceResolver>();
expectTypeOf(ctx.sessionReferenceResolver.prepare).parameters.toEqualTypeOf<
  [agent: SessionReferenceAgent, content: readonly ContentBlock[], references: readonly unknown[], signal?: AbortSignal]
>();
expectTypeOf(ctx.sessionReferenceResolver.prepare(agent, [], [])).resolves.toEqualTypeOf<PreparedReferencedMessage>();
expectTypeOf(ctx.sessionReferenceResolver.listCandidates(agent, 'q', 5)).resolves.toEqualTypeOf<SessionReferenceCandidate[]>();
// rc.8's remote export, which the host's generated remote registry dispatches `sessionReferenceResolver/candidates` to.
expectTypeOf(ctx.sessionReferenceResolver.remoteExportCandidates).parameters.toEqualTypeOf<
  [agent: SessionReferenceAgent, query: string, signal?: AbortSignal]
>();
expectTypeOf(ctx.sessionReferenceResolver.remoteExportCandidates(agent, 'q')).resolves.toEqualTypeOf<SessionReferenceMentionCandidate[]>();

// `.`: the error class takes (message, code, options?), message first.
expectTypeOf(SessionReferenceError).constructorParameters.toEqualTypeOf<
  [message: string, code: SessionReferenceErrorCode, options?: { cause?: unknown }]
>();
expectTypeOf(new SessionReferenceError('m', 'SESSION_REFERENCE_TOO_MANY', { cause: 1 })).toExtend<
  Error & { readonly code: SessionReferenceErrorCode }
>();
// @ts-expect-error the code is the second argument, never the first
void new SessionReferenceError('SESSION_REFERENCE_TOO_MANY', 'message');
expectTypeOf<SessionReferenceErrorCode>().toEqualTypeOf<
  | 'SESSION_REFERENCE_INVALID_CONFIG'
  | 'SESSION_REFERENCE_INVALID_REFERENCE'
  | 'SESSION_REFERENCE_SELF_REFERENCE'
  | 'SESSION_REFERENCE_TOO_MANY'
  | 'SESSION_REFERENCE_READ_FAILED'
  | 'SESSION_REFERENCE_BUDGET_EXCEEDED'
  | 'SESSION_REFERENCE_CANCELLED'
>();

// `.`: the config fields (every one optional), the constants as literal types, the URI and mention functions.
const everyField: Required<
  Pick<
    Config,
    | 'maxReferences'
    | 'candidateLimit'
    | 'maxReferenceBytes'
    | 'referenceContextFraction'
    | 'candidateCacheTtlMs'
    | 'titleBackfill'
    | 'sessionIndexPath'
    | 'firstTitlesWaitMs'
  >
> = {
  maxReferences: 3,
  candidateLimit: 50,
  maxReferenceBytes: 65_536,
  referenceContextFraction: 0.2,
  candidateCacheTtlMs: 2000,
  titleBackfill: 'background',
  sessionIndexPath: ':memory:',
  firstTitlesWaitMs: 250,
};
expectTypeOf(everyField).toExtend<Config>();
expectTypeOf({}).toExtend<Config>();
expectTypeOf<typeof MAX_REFERENCES>().toEqualTypeOf<3>();
expectTypeOf<typeof DEFAULT_CANDIDATE_LIMIT>().toEqualTypeOf<50>();
expectTypeOf<typeof DEFAULT_MAX_REFERENCE_BYTES>().toEqualTypeOf<65536>();
expectTypeOf<typeof SESSION_REFERENCE_SCHEME>().toEqualTypeOf<'dsh-session:'>();
expectTypeOf(encodeSessionReferenceUri).toEqualTypeOf<(id: string) => string>();
expectTypeOf(decodeSessionReferenceUri).toEqualTypeOf<(uri: string) => string>();
expectTypeOf(formatSessionReferenceMention).toEqualTypeOf<(reference: { sessionId: string; label?: string }) => string>();
expectTypeOf(parseSessionReferenceText).toEqualTypeOf<
  (text: string) => { text: string; references: { sessionId: string; label: string }[] }
>();
expectTypeOf<RootPreparedReferencedMessage>().toEqualTypeOf<PreparedReferencedMessage>();

// `./types`: types only, with the published shapes.
expectTypeOf<keyof typeof TypesOnly>().toEqualTypeOf<never>();
expectTypeOf<SessionReferenceInput>().toEqualTypeOf<{ sessionId: string; label?: string }>();
expectTypeOf<ReferencedConversationItem>().toEqualTypeOf<{ role: 'user' | 'assistant'; text: string; message?: number }>();
expectTypeOf<SessionReferenceCandidate>().toEqualTypeOf<{
  sessionId: string;
  label: string;
  cwd?: string;
  sameWorkspace: boolean;
  createdAt: number;
  match?: CandidateMatch;
}>();
expectTypeOf<SessionReferenceMentionCandidate>().toExtend<SessionReferenceCandidate>();
expectTypeOf<Omit<SessionReferenceMentionCandidate, 'mention'>>().toEqualTypeOf<SessionReferenceCandidate>();
expectTypeOf<SessionReferenceMentionCandidate['mention']>().toEqualTypeOf<string>();
expectTypeOf<PreparedReferencedMessage>().toEqualTypeOf<{ content: ContentBlock[]; additionalContext?: UserMessage }>();
expectTypeOf<SessionReferenceSource>().toExtend<{
  kind: 'session-reference';
  form: 'recall';
  version: 1;
  references: SessionReferenceSourceEntry[];
}>();
expectTypeOf<SessionReferenceSourceEntry>().toExtend<
  RetentionStats & {
    sessionId: string;
    label: string;
    capturedFormatVersion: number;
    capturedThroughSeq: number | null;
    inputIndex: number;
    budgetBytes: number;
  }
>();

// `./invariant`: the companion plugin of the `@deepseek-ai/dsh-invariants` contract.
expectTypeOf<typeof invariant.name>().toEqualTypeOf<'session-reference-invariant'>();
expectTypeOf(invariant.inject).toEqualTypeOf<string[]>();
expectTypeOf(invariant.apply).toEqualTypeOf<(ctx: Context) => Promise<() => void>>();
ctx.plugin(invariant);

// `./typert` and `./remote`: the Host and Client Typert contributions, and the typed Remote endpoint.
expectTypeOf(TYPERT).toEqualTypeOf<TypertContribution>();
expectTypeOf(NAMED_TYPERT).toEqualTypeOf(TYPERT);
expectTypeOf(TYPERT_REMOTE).toEqualTypeOf<TypertRemoteContribution>();
expectTypeOf(NAMED_TYPERT_REMOTE).toEqualTypeOf(TYPERT_REMOTE);
type Candidates = (agentId: SessionId, query: string, signal?: AbortSignal) => Promise<RemoteResult<SessionReferenceMentionCandidate[]>>;
expectTypeOf<TypertRemoteMap['sessionReferenceResolver/candidates']>().toEqualTypeOf<Candidates>();
expectTypeOf<SessionReferenceCandidatesRemote>().toEqualTypeOf<Candidates>();
expectTypeOf<TypertRemoteNamespaceMap['sessionReferenceResolver']>().toEqualTypeOf<SessionReferenceResolverRemoteNamespace>();
expectTypeOf<SessionReferenceResolverRemoteNamespace['candidates']>().toEqualTypeOf<Candidates>();

// `.`: what a host needs beside rc.8's names: the error codes, the transcript reader and the redaction.
expectTypeOf<typeof ErrorCodes.TOO_MANY>().toEqualTypeOf<'SESSION_REFERENCE_TOO_MANY'>();
expectTypeOf(readTranscript).parameters.toEqualTypeOf<[text: string, options?: ReadTranscriptOptions]>();
expectTypeOf(readTranscript).returns.toEqualTypeOf<ParsedTranscript>();
expectTypeOf(findInTranscript).parameter(0).toEqualTypeOf<string | ParsedTranscript>();
expectTypeOf(redactTexts).returns.resolves.toEqualTypeOf<RedactResult>();

// `./package.json`: the manifest lists every subpath export.
expectTypeOf(manifest.exports).toHaveProperty('.');
expectTypeOf(manifest.exports).toHaveProperty('./types');
expectTypeOf(manifest.exports).toHaveProperty('./invariant');
expectTypeOf(manifest.exports).toHaveProperty('./typert');
expectTypeOf(manifest.exports).toHaveProperty('./remote');
expectTypeOf(manifest.exports).not.toHaveProperty('./core');
expectTypeOf(manifest.exports).toHaveProperty('./package.json');
