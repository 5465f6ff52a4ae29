/**
 * The Cordis-free core (export `./core`): plain functions over plain data that turn mentions,
 * captured surfaces and a budget into the context a model sees. Loads with no host package installed.
 */
export { abortable } from './abort.ts';
export { rankCandidates, toSearchableRecord, assertCandidateLimit, assertCandidateQuery } from './candidates.ts';
export type { CandidateRecord, CandidateSearchKeys, RankCandidatesOptions, SearchableCandidateRecord } from './candidates.ts';
export {
  automaticReferenceBytes,
  resolveConfig,
  BYTES_PER_TOKEN,
  DEFAULT_BODY_SEARCH_WAIT_MS,
  DEFAULT_CANDIDATE_CACHE_TTL_MS,
  DEFAULT_CANDIDATE_LIMIT,
  DEFAULT_MAX_REFERENCE_BYTES,
  DEFAULT_REFERENCE_CONTEXT_FRACTION,
  MAX_REFERENCES,
} from './config.ts';
export type { Config, ResolvedConfig, TitleBackfillMode } from './config.ts';
export { SessionReferenceError, SessionReferenceErrorCode, isSessionReferenceError, describeThrown } from './errors.ts';
export { normalizeReferences } from './normalize.ts';
export {
  assembleReferenceContext,
  retainSources,
  rewriteMentions,
  savedOutcome,
  transcriptFileName,
  SAVE_FAILED,
  STORAGE_NOT_CONFIGURED,
} from './prepare.ts';
export type { ContentBlockLike, PreparedReferenceContext, PreparedSource, RewrittenContent } from './prepare.ts';
export { captureSource, isSurfaceSnapshot, projectSurface, messageText, SESSION_REFERENCE_SOURCE_KIND } from './projection.ts';
export type { CheckpointPredicate, SurfaceEventLike, SurfaceSnapshotLike } from './projection.ts';
export {
  renderReferencedSessions,
  REFERENCED_SESSIONS_HEADING,
  REFERENCED_SESSIONS_OPEN_TAG,
  REFERENCED_SESSIONS_CLOSE_TAG,
  REFERENCE_OMISSIONS_HEADING,
} from './render.ts';
export { retainReference, omissionMarker } from './retention.ts';
export { tagSafeStringify, tagSafeByteLength } from './tag-safe-json.ts';
export { renderTranscript, transcriptChunks, readTranscript, findInTranscript } from './transcript.ts';
export type { ParsedTranscript, ReadTranscriptOptions, TranscriptHeader, TranscriptMatch, TranscriptMessage } from './transcript.ts';
export {
  SESSION_REFERENCE_SCHEME,
  encodeSessionReferenceUri,
  decodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from './uri.ts';
export type { ParsedSessionReferenceText, SessionReferenceMention } from './uri.ts';
export { UNTRUSTED_WARNING, SNAPSHOT_INTRO, TRANSCRIPT_INTRO } from './warning.ts';
export type * from './types.ts';
