/** The sizes of the index sync's bounded steps. */

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
