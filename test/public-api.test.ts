// The main entry is narrow: rc.8's names plus what a host needs beside them, and nothing else.
import { expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
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
const HOST_NAMES = ['SessionReferenceErrorCode', 'readTranscript', 'findInTranscript', 'redactTexts'];

it("exports exactly rc.8's runtime names plus the error codes, the transcript reader and the redaction", () => {
  expect(Object.keys(entry).sort()).toEqual([...RC8_NAMES, ...HOST_NAMES].sort());
});

it("publishes rc.8's subpaths and no other: the config schema is the plugin's static Config, not a second name", () => {
  expect(Object.keys(manifest.exports).sort()).toEqual(['.', './invariant', './package.json', './remote', './typert', './types']);
  expect(entry.SessionReferenceResolver.Config({ candidateLimit: null })).toMatchObject({ candidateLimit: 50 });
  expect(() => entry.SessionReferenceResolver.Config({ maxReferences: 4 })).toThrow();
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
