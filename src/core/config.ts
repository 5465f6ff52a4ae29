/** The plugin's configuration: its schema, defaults, and the load-time validation that fails loudly. */
import z from '@deepseek-ai/schemastery';
import { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';

/** Hard ceiling on distinct sources per message; `maxReferences` may lower it, never raise it. */
export const MAX_REFERENCES_LIMIT = 3;
/** Automatic per-source budget floor, in serialised bytes (64 KiB). */
export const MIN_AUTOMATIC_REFERENCE_BYTES = 65_536;
/** Bytes per context-window token assumed by the automatic budget; a sizing heuristic. */
export const BYTES_PER_TOKEN = 4;

/** Accepted configuration of `SessionReferenceResolver`. */
export interface Config {
  /** Maximum distinct source sessions in one prepared message: an integer from 1 to 3. Default 3. */
  maxReferences?: number;
  /** Default number of candidates returned to a host: an integer ≥ 1. Default 50. */
  candidateLimit?: number;
  /** Explicit serialised-JSON byte budget per source; overrides the automatic budget exactly. Default: automatic. */
  maxReferenceBytes?: number;
  /** Context-window fraction given to each source by the automatic budget, in [0, 1]. Default 0.2. */
  referenceContextFraction?: number;
  /** How long, in milliseconds, a cached session list may serve candidate discovery before it is listed again. Default 2000; 0 disables the cache. */
  candidateCacheTtlMs?: number;
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
}

/** The schemastery schema Cordis validates the plugin config with at load. */
export const ConfigSchema: z<Config> = z.object({
  maxReferences: z.natural().min(1).max(MAX_REFERENCES_LIMIT).default(MAX_REFERENCES_LIMIT)
    .description('Maximum distinct source sessions in one prepared message (1 to 3).'),
  candidateLimit: z.natural().min(1).default(50)
    .description('Default number of candidates returned to a host.'),
  maxReferenceBytes: z.natural().min(1)
    .description('Explicit serialised JSON byte budget per source; overrides the automatic budget.'),
  referenceContextFraction: z.number().min(0).max(1).default(0.2)
    .description('Context-window fraction per source for the automatic budget (0 to 1).'),
  candidateCacheTtlMs: z.natural().default(2000)
    .description('Freshness bound of the cached session list used by candidate discovery, in ms; 0 disables it.'),
}) as z<Config>;

function invalid(field: string, rule: string, value: unknown): SessionReferenceError {
  return new SessionReferenceError(
    `invalid sessionReferenceResolver config: ${field} must be ${rule}, got ${describe(value)}`,
    SessionReferenceErrorCode.INVALID_CONFIG,
  );
}

function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  return typeof value;
}

function integerIn(field: string, value: unknown, min: number, max: number, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(field, max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/**
 * Validates a config and applies defaults; the second, schema-independent gate that rejects what the
 * schema lets through (NaN, Infinity, unsafe integers, non-objects).
 * @throws SessionReferenceError `SESSION_REFERENCE_INVALID_CONFIG` naming the field and the bad value.
 */
export function resolveConfig(config: unknown = {}): ResolvedConfig {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw invalid('config', 'an object', config);
  }
  const raw = config as Record<string, unknown>;
  const fraction = raw.referenceContextFraction ?? 0.2;
  if (typeof fraction !== 'number' || !Number.isFinite(fraction) || fraction < 0 || fraction > 1) {
    throw invalid('referenceContextFraction', 'a finite number from 0 to 1', fraction);
  }
  return {
    maxReferences: integerIn('maxReferences', raw.maxReferences, 1, MAX_REFERENCES_LIMIT, MAX_REFERENCES_LIMIT)!,
    candidateLimit: integerIn('candidateLimit', raw.candidateLimit, 1, Number.MAX_SAFE_INTEGER, 50)!,
    maxReferenceBytes: integerIn('maxReferenceBytes', raw.maxReferenceBytes, 1, Number.MAX_SAFE_INTEGER, undefined),
    referenceContextFraction: fraction,
    candidateCacheTtlMs: integerIn('candidateCacheTtlMs', raw.candidateCacheTtlMs, 0, Number.MAX_SAFE_INTEGER, 2000)!,
  };
}

/**
 * The automatic per-source budget for a model context window:
 * `max(65536, floor(contextWindow × 4 × fraction))`.
 */
export function automaticReferenceBytes(contextWindow: number, fraction: number): number {
  return Math.max(MIN_AUTOMATIC_REFERENCE_BYTES, Math.floor(contextWindow * BYTES_PER_TOKEN * fraction));
}
