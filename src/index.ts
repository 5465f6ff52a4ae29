/** Package entry: the `SessionReferenceResolver` plugin (default export) and the pure core it is built from. */
import { SessionReferenceResolver } from './host/service.ts';

export default SessionReferenceResolver;
export { SessionReferenceResolver };
export type {
  PreparedSessionReferences,
  SessionReferenceAgent,
  SessionReferenceMessageSource,
  SessionReferenceRemoteCandidate,
  SessionReferenceSourceEntry,
} from './host/service.ts';
export { ConfigSchema, resolveConfig, automaticReferenceBytes, MAX_REFERENCES_LIMIT, MIN_AUTOMATIC_REFERENCE_BYTES } from './core/config.ts';
export type { Config, ResolvedConfig } from './core/config.ts';
export { SessionReferenceError, SessionReferenceErrorCode, isSessionReferenceError } from './core/errors.ts';
export {
  SESSION_REFERENCE_SCHEME,
  encodeSessionReferenceUri,
  decodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from './core/uri.ts';
export type { ParsedSessionReferenceText, SessionReferenceMention } from './core/uri.ts';
export { normalizeReferences } from './core/normalize.ts';
export { projectSurface, captureSource, isCheckpointSource, SESSION_REFERENCE_SOURCE_KIND } from './core/projection.ts';
export type { SurfaceEventLike, SurfaceSnapshotLike } from './core/projection.ts';
export { retainReference } from './core/retention.ts';
export { renderReferencedSessions } from './core/render.ts';
export { tagSafeStringify } from './core/tag-safe-json.ts';
export { renderTranscript, transcriptChunks, readTranscript, findInTranscript } from './core/transcript.ts';
export type { ParsedTranscript, TranscriptHeader, TranscriptMatch, TranscriptMessage } from './core/transcript.ts';
export { UNTRUSTED_WARNING } from './core/warning.ts';
export { rankCandidates } from './core/candidates.ts';
export type { SessionReferenceCandidate } from './core/candidates.ts';
export type * from './core/types.ts';
