// A consumer of the built package: every published name of every subpath, imported by package name through `exports` and pinned by type (npm run typecheck:consumer).
import type { Context } from '@deepseek-ai/cordis';
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { RemoteResult, TypertRemoteContribution, TypertRemoteMap, TypertRemoteNamespaceMap } from '@deepseek-ai/dsh-typert-protocol';
import type { TypertContribution } from '@deepseek-ai/dsh-typert-registry/types';
import { expectTypeOf } from 'vitest';
import SessionReferenceResolverDefault, {
  ConfigSchema,
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
  DetailedPreparedReferencedMessage,
  PreparedReferencedMessage as RootPreparedReferencedMessage,
  SessionReferenceAgent,
  SessionReferenceErrorCode,
} from '@deepseek-ai/dsh-session-reference';
import type * as TypesOnly from '@deepseek-ai/dsh-session-reference/types';
import type {
  PreparedReferencedMessage,
  ReferencedConversationItem,
  SessionReferenceCandidate,
  SessionReferenceInput,
  SessionReferenceMentionCandidate,
  SessionReferenceSource,
} from '@deepseek-ai/dsh-session-reference/types';
import * as invariant from '@deepseek-ai/dsh-session-reference/invariant';
import TYPERT, { TYPERT as NAMED_TYPERT } from '@deepseek-ai/dsh-session-reference/typert';
import TYPERT_REMOTE, { TYPERT_REMOTE as NAMED_TYPERT_REMOTE } from '@deepseek-ai/dsh-session-reference/remote';
import type { SessionReferenceCandidatesRemote, SessionReferenceResolverRemoteNamespace } from '@deepseek-ai/dsh-session-reference/remote';
import {
  abortable,
  assembleReferenceContext,
  assertCandidateLimit,
  assertCandidateQuery,
  automaticReferenceBytes,
  BYTES_PER_TOKEN,
  captureSource,
  DEFAULT_BODY_SEARCH_WAIT_MS,
  DEFAULT_CANDIDATE_CACHE_TTL_MS,
  DEFAULT_CANDIDATE_LIMIT as CORE_DEFAULT_CANDIDATE_LIMIT,
  DEFAULT_MAX_REFERENCE_BYTES as CORE_DEFAULT_MAX_REFERENCE_BYTES,
  DEFAULT_REFERENCE_CONTEXT_FRACTION,
  describeThrown,
  findInTranscript,
  isSessionReferenceError,
  MAX_REFERENCES as CORE_MAX_REFERENCES,
  messageText,
  normalizeReferences,
  omissionMarker,
  projectSurface,
  rankCandidates,
  readTranscript,
  REFERENCE_OMISSIONS_HEADING,
  REFERENCED_SESSIONS_CLOSE_TAG,
  REFERENCED_SESSIONS_HEADING,
  REFERENCED_SESSIONS_OPEN_TAG,
  renderReferencedSessions,
  renderTranscript,
  resolveConfig,
  retainReference,
  retainSources,
  rewriteMentions,
  SAVE_FAILED,
  savedOutcome,
  SESSION_REFERENCE_SOURCE_KIND,
  SessionReferenceError as CoreSessionReferenceError,
  SessionReferenceErrorCode as CoreSessionReferenceErrorCode,
  SNAPSHOT_INTRO,
  STORAGE_NOT_CONFIGURED,
  tagSafeByteLength,
  tagSafeStringify,
  toSearchableRecord,
  TRANSCRIPT_INTRO,
  transcriptChunks,
  transcriptFileName,
  UNTRUSTED_WARNING,
} from '@deepseek-ai/dsh-session-reference/core';
import type {
  CandidateMatch,
  FullSnapshotOutcome,
  OmissionNotice,
  ParsedTranscript,
  PreparedReferenceContext,
  ReadTranscriptOptions,
  ReferencePreview,
  RetentionStats,
  SessionReferenceSourceEntry,
  SourceCapture,
  TranscriptMatch,
} from '@deepseek-ai/dsh-session-reference/core';
import manifest from '@deepseek-ai/dsh-session-reference/package.json' with { type: 'json' };

declare const ctx: Context;
declare const agent: SessionReferenceAgent;

// `.`: the default export is the plugin class, a Cordis service taking (ctx, config?).
expectTypeOf(SessionReferenceResolverDefault).toEqualTypeOf<typeof SessionReferenceResolver>();
expectTypeOf(SessionReferenceResolver).constructorParameters.toEqualTypeOf<[ctx: Context, config?: Config]>();
expectTypeOf(SessionReferenceResolver.inject).toEqualTypeOf<string[]>();
expectTypeOf(ConfigSchema).toEqualTypeOf(SessionReferenceResolver.Config);
ctx.plugin(SessionReferenceResolver, { maxReferences: 2 });
expectTypeOf(ctx.sessionReferenceResolver).toEqualTypeOf<SessionReferenceResolver>();
expectTypeOf(ctx.sessionReferenceResolver.prepare)
  .parameters.toEqualTypeOf<[agent: SessionReferenceAgent, content: readonly ContentBlock[], references: readonly unknown[], signal?: AbortSignal]>();
expectTypeOf(ctx.sessionReferenceResolver.prepare(agent, [], [])).resolves.toEqualTypeOf<PreparedReferencedMessage>();
expectTypeOf(ctx.sessionReferenceResolver.prepareDetailed(agent, [], [])).resolves.toEqualTypeOf<DetailedPreparedReferencedMessage>();
expectTypeOf(ctx.sessionReferenceResolver.listCandidates(agent, 'q', 5)).resolves.toEqualTypeOf<SessionReferenceCandidate[]>();

// `.`: the error class takes (message, code, options?), message first.
expectTypeOf(SessionReferenceError).constructorParameters.toEqualTypeOf<[message: string, code: SessionReferenceErrorCode, options?: { cause?: unknown }]>();
expectTypeOf(new SessionReferenceError('m', 'SESSION_REFERENCE_TOO_MANY', { cause: 1 })).toExtend<Error & { readonly code: SessionReferenceErrorCode }>();
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
const everyField: Required<Pick<Config, 'maxReferences' | 'candidateLimit' | 'maxReferenceBytes' | 'referenceContextFraction' | 'candidateCacheTtlMs' | 'titleBackfill' | 'bodySearchWaitMs'>> = {
  maxReferences: 3,
  candidateLimit: 50,
  maxReferenceBytes: 65_536,
  referenceContextFraction: 0.2,
  candidateCacheTtlMs: 2000,
  titleBackfill: 'background',
  bodySearchWaitMs: 50,
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
expectTypeOf(parseSessionReferenceText).toEqualTypeOf<(text: string) => { text: string; references: { sessionId: string; label: string }[] }>();
expectTypeOf<RootPreparedReferencedMessage>().toEqualTypeOf<PreparedReferencedMessage>();

// `./types`: types only, with the published shapes.
expectTypeOf<keyof typeof TypesOnly>().toEqualTypeOf<never>();
expectTypeOf<SessionReferenceInput>().toEqualTypeOf<{ sessionId: string; label?: string }>();
expectTypeOf<ReferencedConversationItem>().toEqualTypeOf<{ role: 'user' | 'assistant'; text: string }>();
expectTypeOf<SessionReferenceCandidate>().toEqualTypeOf<{ sessionId: string; label: string; cwd?: string; sameWorkspace: boolean; createdAt: number; match?: CandidateMatch }>();
expectTypeOf<SessionReferenceMentionCandidate>().toExtend<SessionReferenceCandidate>();
expectTypeOf<Omit<SessionReferenceMentionCandidate, 'mention'>>().toEqualTypeOf<SessionReferenceCandidate>();
expectTypeOf<SessionReferenceMentionCandidate['mention']>().toEqualTypeOf<string>();
expectTypeOf<PreparedReferencedMessage>().toEqualTypeOf<{ content: ContentBlock[]; additionalContext?: UserMessage }>();
expectTypeOf<SessionReferenceSource>().toExtend<{ kind: 'session-reference'; form: 'recall'; version: 1; references: SessionReferenceSourceEntry[] }>();
expectTypeOf<SessionReferenceSourceEntry>().toExtend<
  RetentionStats & { sessionId: string; label: string; capturedFormatVersion: number; capturedThroughSeq: number | null; inputIndex: number; budgetBytes: number }
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

// `./core`: the same values as `.` re-exports, and the plain pipeline a host-free consumer runs.
expectTypeOf(CoreSessionReferenceError).toEqualTypeOf(SessionReferenceError);
expectTypeOf<typeof CoreSessionReferenceErrorCode.TOO_MANY>().toEqualTypeOf<'SESSION_REFERENCE_TOO_MANY'>();
expectTypeOf<typeof CORE_MAX_REFERENCES>().toEqualTypeOf<typeof MAX_REFERENCES>();
expectTypeOf<typeof CORE_DEFAULT_CANDIDATE_LIMIT>().toEqualTypeOf<typeof DEFAULT_CANDIDATE_LIMIT>();
expectTypeOf<typeof CORE_DEFAULT_MAX_REFERENCE_BYTES>().toEqualTypeOf<typeof DEFAULT_MAX_REFERENCE_BYTES>();
expectTypeOf([DEFAULT_BODY_SEARCH_WAIT_MS, DEFAULT_CANDIDATE_CACHE_TTL_MS, DEFAULT_REFERENCE_CONTEXT_FRACTION, BYTES_PER_TOKEN]).toEqualTypeOf<number[]>();
expectTypeOf([REFERENCED_SESSIONS_HEADING, REFERENCED_SESSIONS_OPEN_TAG, REFERENCED_SESSIONS_CLOSE_TAG, REFERENCE_OMISSIONS_HEADING, SESSION_REFERENCE_SOURCE_KIND]).toExtend<string[]>();
expectTypeOf([UNTRUSTED_WARNING, SNAPSHOT_INTRO, TRANSCRIPT_INTRO]).toEqualTypeOf<string[]>();
expectTypeOf([SAVE_FAILED, STORAGE_NOT_CONFIGURED, savedOutcome({ locator: 'l', bytes: 1, retrievalHint: 'h' })]).toEqualTypeOf<FullSnapshotOutcome[]>();
expectTypeOf(isSessionReferenceError).guards.toEqualTypeOf<SessionReferenceError>();
expectTypeOf(describeThrown).toEqualTypeOf<(value: unknown) => string>();
expectTypeOf(abortable<number>).returns.toEqualTypeOf<Promise<number>>();
expectTypeOf(resolveConfig).parameters.toEqualTypeOf<[config?: unknown]>();
expectTypeOf(resolveConfig).returns.toExtend<Required<Pick<Config, 'maxReferences' | 'candidateLimit' | 'referenceContextFraction'>>>();
expectTypeOf(automaticReferenceBytes).returns.toEqualTypeOf<number>();
expectTypeOf(normalizeReferences).returns.items.toEqualTypeOf<{ sessionId: string; label: string; inputIndex: number }>();
expectTypeOf(rewriteMentions([{ type: 'text', text: 'x' }]).references).toEqualTypeOf<SessionReferenceInput[]>();
expectTypeOf(captureSource).returns.toEqualTypeOf<SourceCapture>();
expectTypeOf(projectSurface).returns.items.toExtend<{ role: 'user' | 'assistant'; text: string; checkpoint: boolean }>();
expectTypeOf(messageText).toEqualTypeOf<(content: unknown) => string>();
expectTypeOf(retainReference).returns.toExtend<{ preview: ReferencePreview; stats: RetentionStats; size: number }>();
expectTypeOf(retainSources).returns.items.toHaveProperty('preview').toEqualTypeOf<ReferencePreview>();
expectTypeOf(assembleReferenceContext).returns.toEqualTypeOf<PreparedReferenceContext>();
expectTypeOf(renderReferencedSessions).toEqualTypeOf<(previews: readonly ReferencePreview[], notices: readonly OmissionNotice[]) => string>();
expectTypeOf(omissionMarker).toEqualTypeOf<(omittedBytes: number) => string>();
expectTypeOf(transcriptFileName).returns.toEqualTypeOf<string>();
expectTypeOf(tagSafeStringify).toEqualTypeOf<(value: unknown) => string>();
expectTypeOf(tagSafeByteLength).toEqualTypeOf<(value: unknown) => number>();
expectTypeOf(renderTranscript).parameter(0).toEqualTypeOf<SourceCapture>();
expectTypeOf(readTranscript).returns.toEqualTypeOf<ParsedTranscript>();
expectTypeOf(transcriptChunks).returns.toExtend<Iterable<string>>();
expectTypeOf(renderTranscript).returns.toEqualTypeOf<string>();
expectTypeOf(findInTranscript).parameters.toEqualTypeOf<[transcript: string | ParsedTranscript, phrase: string, options?: ReadTranscriptOptions]>();
expectTypeOf(readTranscript).parameters.toEqualTypeOf<[text: string, options?: ReadTranscriptOptions]>();
expectTypeOf(findInTranscript).returns.toEqualTypeOf<TranscriptMatch[]>();
expectTypeOf(rankCandidates).returns.toEqualTypeOf<SessionReferenceCandidate[]>();
expectTypeOf(toSearchableRecord).returns.toBeObject();
expectTypeOf(assertCandidateLimit).parameter(0).toEqualTypeOf<unknown>();
expectTypeOf(assertCandidateQuery).parameter(0).toEqualTypeOf<unknown>();

// `./package.json`: the manifest lists every subpath export.
expectTypeOf(manifest.exports).toHaveProperty('.');
expectTypeOf(manifest.exports).toHaveProperty('./types');
expectTypeOf(manifest.exports).toHaveProperty('./invariant');
expectTypeOf(manifest.exports).toHaveProperty('./typert');
expectTypeOf(manifest.exports).toHaveProperty('./remote');
expectTypeOf(manifest.exports).toHaveProperty('./core');
expectTypeOf(manifest.exports).toHaveProperty('./package.json');
