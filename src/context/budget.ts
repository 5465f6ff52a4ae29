/** The automatic per-source byte budget: a share of the model's context window, never below 64 KiB. */

/** Automatic per-source budget floor, and the budget when no model context window is known (64 KiB). */
export const DEFAULT_MAX_REFERENCE_BYTES = 65_536;
/** Bytes per context-window token assumed by the automatic budget; a sizing heuristic. */
export const BYTES_PER_TOKEN = 4;

/**
 * The automatic per-source budget for a model context window:
 * `max(65536, floor(contextWindow × 4 × fraction))`, at most `Number.MAX_SAFE_INTEGER`. A window
 * that is not a finite positive number counts as no window and gives 65536, so no model metadata
 * can produce a budget that retention refuses.
 */
export function automaticReferenceBytes(contextWindow: unknown, fraction: number): number {
  if (typeof contextWindow !== 'number' || !Number.isFinite(contextWindow) || contextWindow <= 0) return DEFAULT_MAX_REFERENCE_BYTES;
  // The fraction first: `window × 4` alone overflows to Infinity for huge windows, and `Infinity × 0` is NaN.
  const scaled = Math.floor(contextWindow * fraction * BYTES_PER_TOKEN);
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(DEFAULT_MAX_REFERENCE_BYTES, scaled));
}
