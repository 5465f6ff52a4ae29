/** The schemastery schema Cordis validates the plugin config with at load; `resolveConfig` then applies the exact rules. */
import z from '@deepseek-ai/schemastery';
import {
  DEFAULT_BODY_SEARCH_WAIT_MS,
  DEFAULT_CANDIDATE_CACHE_TTL_MS,
  DEFAULT_CANDIDATE_LIMIT,
  DEFAULT_REFERENCE_CONTEXT_FRACTION,
  MAX_REFERENCES,
} from '../core/config.ts';
import type { Config } from '../core/config.ts';

/** The config schema, with each field's default and description. */
export const ConfigSchema: z<Config> = z.object({
  maxReferences: z.natural().min(1).max(MAX_REFERENCES).default(MAX_REFERENCES)
    .description('Maximum distinct source sessions in one prepared message (1 to 3).'),
  candidateLimit: z.natural().min(1).default(DEFAULT_CANDIDATE_LIMIT)
    .description('Default number of candidates returned to a host.'),
  maxReferenceBytes: z.natural().min(1)
    .description('Explicit serialised JSON byte budget per source; overrides the automatic budget.'),
  referenceContextFraction: z.number().min(0).max(1).default(DEFAULT_REFERENCE_CONTEXT_FRACTION)
    .description('Context-window fraction per source for the automatic budget (0 to 1).'),
  candidateCacheTtlMs: z.natural().default(DEFAULT_CANDIDATE_CACHE_TTL_MS)
    .description('How long one session listing serves later keystrokes, in ms; 0 lists on every call.'),
  titleBackfill: z.union(['background', 'off']).default('background')
    .description('Fold titles that no projection answers for in the background after a listing, or not at all.'),
  bodySearchWaitMs: z.natural().default(DEFAULT_BODY_SEARCH_WAIT_MS)
    .description('Longest wait of one keystroke for full-text hits, in ms.'),
  redactSecrets: z.boolean().default(true)
    .description('Replace credentials in captured text and in body-match snippets with [REDACTED <kind>] before the model, the log, the transcript or the @ menu sees them.'),
}) as z<Config>;
