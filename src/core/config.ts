/** The plugin's configuration: its fields, defaults, the one validation at load, and the automatic budget. */
import { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';

/** Hard ceiling on distinct sources per message; `maxReferences` may lower it, never raise it. */
export const MAX_REFERENCES = 3;
/** Default number of candidates returned to a host. */
export const DEFAULT_CANDIDATE_LIMIT = 50;
/** Automatic per-source budget floor, and the budget when no model context window is known (64 KiB). */
export const DEFAULT_MAX_REFERENCE_BYTES = 65_536;
/** Default context-window fraction given to each source by the automatic budget. */
export const DEFAULT_REFERENCE_CONTEXT_FRACTION = 0.2;
/** Default freshness bound of the cached session listing, in milliseconds. */
export const DEFAULT_CANDIDATE_CACHE_TTL_MS = 2000;
/** Default longest wait of one keystroke for full-text hits, in milliseconds. */
export const DEFAULT_BODY_SEARCH_WAIT_MS = 50;
/** Bytes per context-window token assumed by the automatic budget; a sizing heuristic. */
export const BYTES_PER_TOKEN = 4;

/** How titles missing from every projection are filled in: folded in the background, or not at all. */
export type TitleBackfillMode = 'background' | 'off';

/**
 * Accepted configuration of `SessionReferenceResolver`. A field given as `null` counts as absent
 * (its default applies), for every field alike, as the host's schema loader treats it.
 */
export interface Config {
  /** Maximum distinct source sessions in one prepared message: an integer from 1 to 3. Default 3. */
  maxReferences?: number;
  /** Default number of candidates returned to a host: an integer ≥ 1. Default 50. */
  candidateLimit?: number;
  /** Explicit serialised-JSON byte budget per source; overrides the automatic budget exactly. Default: automatic. */
  maxReferenceBytes?: number;
  /** Context-window fraction given to each source by the automatic budget, in [0, 1]. Default 0.2. */
  referenceContextFraction?: number;
  /** How long, in ms, one session listing serves later keystrokes before the store is listed again. Default 2000; 0 lists on every call. */
  candidateCacheTtlMs?: number;
  /** `'background'` folds titles no projection answers for after a listing; `'off'` labels such sessions by id. Default `'background'`. */
  titleBackfill?: TitleBackfillMode;
  /** Longest wait, in ms, of one keystroke for the host's full-text hits. Default 50. */
  bodySearchWaitMs?: number;
  /** Replace credentials in captured text and in the `@` menu's body-match snippets with `[REDACTED <kind>]` before anything downstream sees them. Default true. */
  redactSecrets?: boolean;
}

/** Configuration after defaults and validation. */
export interface ResolvedConfig {
  /** See {@link Config.maxReferences}. */
  maxReferences: number;
  /** See {@link Config.candidateLimit}. */
  candidateLimit: number;
  /** See {@link Config.maxReferenceBytes}; undefined selects the automatic budget. */
  maxReferenceBytes: number | undefined;
  /** See {@link Config.referenceContextFraction}. */
  referenceContextFraction: number;
  /** See {@link Config.candidateCacheTtlMs}. */
  candidateCacheTtlMs: number;
  /** See {@link Config.titleBackfill}. */
  titleBackfill: TitleBackfillMode;
  /** See {@link Config.bodySearchWaitMs}. */
  bodySearchWaitMs: number;
  /** See {@link Config.redactSecrets}. */
  redactSecrets: boolean;
}

function invalid(field: string, rule: string, value: unknown): SessionReferenceError {
  return new SessionReferenceError(
    `invalid sessionReferenceResolver config: ${field} must be ${rule}, got ${describeValue(value)}`,
    SessionReferenceErrorCode.INVALID_CONFIG,
  );
}

function describeValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function integerIn(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(field, max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/**
 * Validates a config and applies defaults; the one gate every config passes at load. It also
 * rejects what a schema lets through (NaN, Infinity, unsafe integers, non-objects). `null` and
 * `undefined` both mean "absent" for every field.
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_CONFIG` naming the field and the bad value.
 */
export function resolveConfig(config: unknown = {}): ResolvedConfig {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw invalid('config', 'an object', config);
  }
  const raw = config as Record<string, unknown>;
  const field = <T>(name: keyof Config, fallback: T, check: (value: unknown) => T): T => {
    const value = raw[name];
    return value === undefined || value === null ? fallback : check(value);
  };
  const safeInteger = (name: keyof Config, min: number, max = Number.MAX_SAFE_INTEGER) => (value: unknown) => integerIn(name, value, min, max);
  return {
    maxReferences: field('maxReferences', MAX_REFERENCES, safeInteger('maxReferences', 1, MAX_REFERENCES)),
    candidateLimit: field('candidateLimit', DEFAULT_CANDIDATE_LIMIT, safeInteger('candidateLimit', 1)),
    maxReferenceBytes: field<number | undefined>('maxReferenceBytes', undefined, safeInteger('maxReferenceBytes', 1)),
    referenceContextFraction: field('referenceContextFraction', DEFAULT_REFERENCE_CONTEXT_FRACTION, (value) => {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
        throw invalid('referenceContextFraction', 'a finite number from 0 to 1', value);
      }
      return value;
    }),
    candidateCacheTtlMs: field('candidateCacheTtlMs', DEFAULT_CANDIDATE_CACHE_TTL_MS, safeInteger('candidateCacheTtlMs', 0)),
    titleBackfill: field<TitleBackfillMode>('titleBackfill', 'background', (value) => {
      if (value !== 'background' && value !== 'off') throw invalid('titleBackfill', "'background' or 'off'", value);
      return value;
    }),
    bodySearchWaitMs: field('bodySearchWaitMs', DEFAULT_BODY_SEARCH_WAIT_MS, safeInteger('bodySearchWaitMs', 0)),
    redactSecrets: field('redactSecrets', true, (value) => {
      if (typeof value !== 'boolean') throw invalid('redactSecrets', 'a boolean', value);
      return value;
    }),
  };
}

/**
 * The automatic per-source budget for a model context window:
 * `max(65536, floor(contextWindow × 4 × fraction))`, at most `Number.MAX_SAFE_INTEGER`. A window
 * that is not a finite positive number counts as no window and gives 65536, so no model metadata
 * can produce a budget that retention refuses.
 */
export function automaticReferenceBytes(contextWindow: unknown, fraction: number): number {
  if (typeof contextWindow !== 'number' || !Number.isFinite(contextWindow) || contextWindow <= 0) return DEFAULT_MAX_REFERENCE_BYTES;
  const scaled = Math.floor(contextWindow * BYTES_PER_TOKEN * fraction);
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(DEFAULT_MAX_REFERENCE_BYTES, scaled));
}
