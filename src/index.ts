/** Package entry: the `SessionReferenceResolver` plugin (default export) and what a host needs beside it. */
import { SessionReferenceResolver } from './plugin.ts';

export default SessionReferenceResolver;
export { SessionReferenceResolver };
export { ConfigSchema, DEFAULT_CANDIDATE_LIMIT, DEFAULT_MAX_REFERENCE_BYTES, MAX_REFERENCES } from './config.ts';
export type { Config } from './config.ts';
export { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
export {
  SESSION_REFERENCE_SCHEME,
  decodeSessionReferenceUri,
  encodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from './mentions/uri.ts';
export { findInTranscript, readTranscript } from './transcript/transcript.ts';
export type {
  ParsedTranscript,
  ReadTranscriptOptions,
  TranscriptHeader,
  TranscriptMatch,
  TranscriptMessage,
} from './transcript/transcript.ts';
export { redactTexts } from './redaction/redact.ts';
export type { RedactResult } from './redaction/redact.ts';
export type * from './types.ts';
