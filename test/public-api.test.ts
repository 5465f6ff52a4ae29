// The main entry is narrow: rc.8's names plus what a host needs beside them, and nothing else.
import { expect, it } from 'vitest';
import * as entry from '../src/index.ts';

const RC8_NAMES = [
  'default',
  'SessionReferenceResolver',
  'SessionReferenceError',
  'MAX_REFERENCES',
  'DEFAULT_CANDIDATE_LIMIT',
  'DEFAULT_MAX_REFERENCE_BYTES',
  'SESSION_REFERENCE_SCHEME',
  'encodeSessionReferenceUri',
  'decodeSessionReferenceUri',
  'formatSessionReferenceMention',
  'parseSessionReferenceText',
];
const HOST_NAMES = ['ConfigSchema', 'SessionReferenceErrorCode', 'readTranscript', 'findInTranscript', 'redactTexts'];

it("exports exactly rc.8's runtime names plus the config schema, the error codes, the transcript reader and the redaction", () => {
  expect(Object.keys(entry).sort()).toEqual([...RC8_NAMES, ...HOST_NAMES].sort());
  expect(Object.keys(entry).length).toBeLessThanOrEqual(24);
});

it("keeps rc.8's constants", () => {
  expect([entry.MAX_REFERENCES, entry.DEFAULT_CANDIDATE_LIMIT, entry.DEFAULT_MAX_REFERENCE_BYTES, entry.SESSION_REFERENCE_SCHEME]).toEqual([
    3,
    50,
    65_536,
    'dsh-session:',
  ]);
  expect(entry.default).toBe(entry.SessionReferenceResolver);
});
