/** Package entry: the `SessionReferenceResolver` plugin (default export) and the pure core it is built from. */
import { SessionReferenceResolver } from './service.ts';

export default SessionReferenceResolver;
export { SessionReferenceResolver };
export type {
  PreparedSessionReferences,
  SessionReferenceAgent,
  SessionReferenceMessageSource,
  SessionReferenceRemoteCandidate,
  SessionReferenceSourceEntry,
} from './service.ts';
export { ConfigSchema, resolveConfig, automaticReferenceBytes, MAX_REFERENCES_LIMIT, MIN_AUTOMATIC_REFERENCE_BYTES } from './config.ts';
export type { Config, ResolvedConfig } from './config.ts';
export { SessionReferenceError, SessionReferenceErrorCode, isSessionReferenceError } from './errors.ts';
export {
  SESSION_REFERENCE_SCHEME,
  encodeSessionReferenceUri,
  decodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from './uri.ts';
export type { ParsedSessionReferenceText, SessionReferenceMention } from './uri.ts';
export { normalizeReferences } from './normalize.ts';
export { projectSurface, captureSource, isCheckpointSource, SESSION_REFERENCE_SOURCE_KIND } from './projection.ts';
export type { SurfaceEventLike, SurfaceSnapshotLike } from './projection.ts';
export { retainReference } from './retention.ts';
export { renderReferencedSessions } from './render.ts';
export { tagSafeStringify } from './tag-safe-json.ts';
export { renderTranscript, transcriptChunks, readTranscript, findInTranscript } from './transcript.ts';
export type { ParsedTranscript, TranscriptHeader, TranscriptMatch, TranscriptMessage } from './transcript.ts';
export { UNTRUSTED_WARNING } from './warning.ts';
export { rankCandidates } from './candidates.ts';
export type { SessionReferenceCandidate } from './candidates.ts';
export type * from './types.ts';
