/** The plugin's one config schema: every field's type, range, default and description, resolved once at load. */
import z from '@deepseek-ai/schemastery';
import { DEFAULT_MAX_REFERENCE_BYTES } from './context/budget.ts';
import { DEFAULT_CANDIDATE_LIMIT } from './discovery/rank.ts';
import { describeThrown, SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
import { MAX_REFERENCES } from './mentions/normalize.ts';

export { DEFAULT_CANDIDATE_LIMIT, DEFAULT_MAX_REFERENCE_BYTES, MAX_REFERENCES };

/** Default context-window fraction given to each source by the automatic budget. */
export const DEFAULT_REFERENCE_CONTEXT_FRACTION = 0.2;
/** Default freshness bound of the cached session listing, in milliseconds. */
export const DEFAULT_CANDIDATE_CACHE_TTL_MS = 2000;
/**
 * Default longest wait of one keystroke for the titles of the rows it shows, in milliseconds: the
 * first `@` on a home of 20 headless-written sessions gets every title well within it (see the bench).
 */
export const DEFAULT_FIRST_TITLES_WAIT_MS = 250;

/** How a cited session that does not fit its budget is retained: focused on the citing message, or newest first. */
export type RetentionMode = 'focused' | 'newest';

/** How titles missing from every projection are filled in: folded in the background, or not at all. */
export type TitleBackfillMode = 'background' | 'off';

/**
 * Accepted configuration of `SessionReferenceResolver`. A field given as `null` counts as absent
 * (its default applies), for every field alike.
 */
export interface Config {
  /** Maximum distinct source sessions in one prepared message: an integer from 1 to 3. Default 3. */
  maxReferences?: number | null;
  /** Default number of candidates returned to a host: an integer ≥ 1. Default 50. */
  candidateLimit?: number | null;
  /** Explicit serialised-JSON byte budget per source; overrides the automatic budget exactly. Default: automatic. */
  maxReferenceBytes?: number | null;
  /** Context-window fraction given to each source by the automatic budget, in [0, 1]. Default 0.2. */
  referenceContextFraction?: number | null;
  /** How long, in ms, one session listing serves later keystrokes before the store is listed again. Default 2000; 0 lists on every call. */
  candidateCacheTtlMs?: number | null;
  /** `'background'` folds titles no projection answers for after a listing; `'off'` labels such sessions by id. Default `'background'`. */
  titleBackfill?: TitleBackfillMode | null;
  /** The session index's SQLite file, or `':memory:'`. Default: `session-reference-index.sqlite` in the DSH home's storage area (`<home>/storages`); in memory on a host that names no home. */
  sessionIndexPath?: string | null;
  /** Longest wait, in ms, of one keystroke for the titles of the rows it shows when the index lacks them. Default 250. */
  firstTitlesWaitMs?: number | null;
  /** Replace credentials in captured text and in the session index (so in the `@` menu's snippets) with `[REDACTED <kind>]`. Default true. */
  redactSecrets?: boolean | null;
  /**
   * How a cited session over its budget is retained: `'focused'` keeps its goal, its newest
   * messages and the messages most relevant to the citing message, each marked with its position;
   * `'newest'` keeps the newest messages only. Default `'focused'`.
   */
  retention?: RetentionMode | null;
}

/** The fields without a default: undefined selects the automatic budget and the index file in the host's storage area. */
type Unset = 'maxReferenceBytes' | 'sessionIndexPath';

/** Configuration after the schema: every field set, a `null` one to its default (the {@link Unset} ones to undefined). */
export type ResolvedConfig = { readonly [K in Exclude<keyof Config, Unset>]-?: NonNullable<Config[K]> } & {
  readonly [K in Unset]: NonNullable<Config[K]> | undefined;
};

const fields = z.object({
  maxReferences: z
    .natural()
    .min(1)
    .max(MAX_REFERENCES)
    .default(MAX_REFERENCES)
    .description('Maximum distinct source sessions in one prepared message (1 to 3).'),
  candidateLimit: z.natural().min(1).default(DEFAULT_CANDIDATE_LIMIT).description('Default number of candidates returned to a host.'),
  maxReferenceBytes: z.natural().min(1).description('Explicit serialised JSON byte budget per source; overrides the automatic budget.'),
  referenceContextFraction: z
    .number()
    .min(0)
    .max(1)
    .default(DEFAULT_REFERENCE_CONTEXT_FRACTION)
    .description('Context-window fraction per source for the automatic budget (0 to 1).'),
  candidateCacheTtlMs: z
    .natural()
    .default(DEFAULT_CANDIDATE_CACHE_TTL_MS)
    .description('How long one session listing serves later keystrokes, in ms; 0 lists on every call.'),
  titleBackfill: z
    .union(['background', 'off'])
    .default('background')
    .description('Fold titles that no projection answers for in the background after a listing, or not at all.'),
  sessionIndexPath: z
    .string()
    .min(1)
    .description("The session index's SQLite file, or ':memory:'. Default: a file in the DSH home's storage area."),
  firstTitlesWaitMs: z
    .natural()
    .default(DEFAULT_FIRST_TITLES_WAIT_MS)
    .description('Longest wait of one keystroke for the titles of the rows it shows when the index lacks them, in ms.'),
  redactSecrets: z
    .boolean()
    .default(true)
    .description(
      'Replace credentials in captured text and in the session index with [REDACTED <kind>] before the model, the log, the transcript, the index or the @ menu sees them.',
    ),
  retention: z
    .union(['focused', 'newest'])
    .default('focused')
    .description(
      'How a cited session over its budget is retained: focused on the citing message (its goal, newest and most relevant messages), or newest first.',
    ),
});

function invalid(field: string, rule: string, value: unknown): SessionReferenceError {
  const shown = typeof value === 'number' ? String(value) : JSON.stringify(value);
  return new SessionReferenceError(
    `invalid sessionReferenceResolver config: ${field} must be ${rule}, got ${shown}`,
    SessionReferenceErrorCode.INVALID_CONFIG,
  );
}

/** The numeric fields, in the order they are checked; only `referenceContextFraction` may be fractional. */
const NUMBER_FIELDS = [
  'maxReferences',
  'candidateLimit',
  'maxReferenceBytes',
  'referenceContextFraction',
  'candidateCacheTtlMs',
  'firstTitlesWaitMs',
] as const;

/**
 * Checks what the schema lets through: NaN, infinities and integers past 2^53, which no field
 * accepts. Every default is the schema's, which also takes a `null` field as absent.
 */
function resolve(config: Config): ResolvedConfig {
  for (const field of NUMBER_FIELDS) {
    const value = config[field];
    const integer = field !== 'referenceContextFraction';
    if (value != null && !(integer ? Number.isSafeInteger(value) : Number.isFinite(value))) {
      throw invalid(field, integer ? 'a safe integer' : 'a finite number', value);
    }
  }
  return {
    ...(config as ResolvedConfig),
    maxReferenceBytes: config.maxReferenceBytes ?? undefined,
    sessionIndexPath: config.sessionIndexPath ?? undefined,
  };
}

/**
 * The config schema Cordis validates the plugin's config with at load. It returns a
 * {@link ResolvedConfig}; a bad value throws the schema's `ValidationError` (wrong type or range)
 * or `SESSION_REFERENCE_INVALID_CONFIG` (NaN, an infinity, an unsafe integer), naming the field.
 */
export const ConfigSchema: z<Config, ResolvedConfig> = z.transform(fields, resolve, true);

/**
 * The config a constructed plugin runs with: `config` through {@link ConfigSchema} (absent or null
 * is `{}`), any failure as `SESSION_REFERENCE_INVALID_CONFIG` naming the field.
 */
export function loadConfig(config: Config | null | undefined): ResolvedConfig {
  try {
    return ConfigSchema(config ?? {});
  } catch (error) {
    if (error instanceof SessionReferenceError) throw error;
    throw new SessionReferenceError(
      `invalid sessionReferenceResolver config: ${describeThrown(error)}`,
      SessionReferenceErrorCode.INVALID_CONFIG,
      { cause: error },
    );
  }
}
