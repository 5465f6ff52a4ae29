/** The index sync's options and the sizes of its bounded steps. */
import type { TitleBackfillMode } from '../config.ts';

/** Header rows written per transaction. */
export const NOTE_BATCH = 500;
/** Checkpoint titles looked up per step (no log read: the projection cache's memory). */
export const TITLE_BATCH = 500;
/** Pages of segment merging per step: enough to keep up with the backlog's writes (see the bench). */
export const MERGE_PAGES = 16;
/** Logs read at once by one step. */
export const READ_CONCURRENCY = 4;
/** How long the loop waits when another process holds the file, before trying again. */
export const BUSY_BACKOFF_MS = 25;

/** Options of the index's background sync. */
export interface IndexSyncOptions {
  /** The index file, or `':memory:'`. */
  readonly path: string;
  /** Open the file immutable and write nothing (the CLI over a home another process keeps). */
  readonly readOnly: boolean;
  /** How long one listing serves before the next keystroke lists the store again, in ms. */
  readonly cacheTtlMs: number;
  /** `'off'` keeps titles folded from logs out of the index (checkpoint and live titles stay). */
  readonly titleBackfill: TitleBackfillMode;
  /** Redact texts before they are written. */
  readonly redactSecrets: boolean;
}
