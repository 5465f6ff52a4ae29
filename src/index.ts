/** Package entry: the `SessionReferenceResolver` plugin (default export) and what a host needs beside it. */
import { SessionReferenceResolver } from './plugin.ts';

export default SessionReferenceResolver;
export { SessionReferenceResolver };
export { DEFAULT_CANDIDATE_LIMIT, DEFAULT_MAX_REFERENCE_BYTES, MAX_REFERENCES } from './config.ts';
export type { Config } from './config.ts';
export { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
export {
  SESSION_REFERENCE_SCHEME,
  decodeSessionReferenceUri,
  encodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from './mentions/uri.ts';
export { readTranscript } from './transcript/read.ts';
export type { ParsedTranscript, ReadTranscriptOptions, TranscriptMessage } from './transcript/read.ts';
export type { TranscriptHeader } from './transcript/layout.ts';
export { findInTranscript } from './transcript/search.ts';
export type { TranscriptMatch } from './transcript/search.ts';
export { redactTexts } from './redaction/redact.ts';
export type { RedactResult } from './redaction/redact.ts';
export type * from './types.ts';
