/** The plain data `prepare` passes between its steps (the capture, the budgeted preview, the transcript outcomes) and the source kind it stamps. */
import type { ReferencedConversationItem, RetentionStats } from '../types.ts';

/** The message-source kind this package stamps on the context messages it injects. */
export const SESSION_REFERENCE_SOURCE_KIND = 'session-reference';

/** One projected message of a source session. */
export interface ProjectedMessage {
  /** Who spoke: direct user text and checkpoints are `user`. */
  role: 'user' | 'assistant';
  /** The text blocks joined with `\n`; never empty. */
  text: string;
  /** True for a compaction checkpoint; checkpoints are never dropped by retention. */
  checkpoint: boolean;
}

/** Everything captured from one source by a single surface read; immutable after capture. */
export interface SourceCapture {
  /** Source session id. */
  sessionId: string;
  /** Mention label. */
  label: string;
  /** Source working directory, or null when the session has none. */
  cwd: string | null;
  /** Seq of the last raw log event at capture time, or null for an empty log. */
  capturedThroughSeq: number | null;
  /** The source header's format version; 0 when the header has none. */
  capturedFormatVersion: number;
  /** Projected conversation, in surface order. */
  messages: readonly ProjectedMessage[];
  /** Credentials replaced by `[REDACTED <kind>]` in the label and the texts; absent when none were. */
  redactedSecrets?: number;
}

/** The budgeted preview object of one source; its key order is part of the format. */
export interface ReferencePreview {
  /** Source session id. */
  sessionId: string;
  /** Mention label. */
  label: string;
  /** Source working directory or null. */
  cwd: string | null;
  /** Seq the snapshot was captured through, or null. */
  capturedThroughSeq: number | null;
  /** Retained conversation, in source order. */
  conversation: ReferencedConversationItem[];
}

/** Result of retaining one source under a byte budget. */
export interface RetentionResult {
  /** The budgeted preview object. */
  preview: ReferencePreview;
  /** Its statistics. */
  stats: RetentionStats;
  /** UTF-8 byte length of the preview's tag-safe JSON; never above the budget. */
  size: number;
  /** Focused retention only: the omitted positions as ranges (`messages 2–310, 312–1,650 of 2,000`); absent when none is omitted. */
  omittedRanges?: string;
}

/** Where a truncated reference's full transcript went. */
export type FullSnapshotOutcome =
  | { status: 'saved'; locator: string; bytes: number; retrievalHint: string }
  | { status: 'unavailable'; reason: 'storage-not-configured' | 'save-failed' };

/** One omission notice of the `## Reference omissions` section. */
export interface OmissionNotice {
  /** Source session id. */
  sessionId: string;
  /** Seq the snapshot was captured through. */
  capturedThroughSeq: number | null;
  /** Whole messages dropped from the preview. */
  omittedMessages: number;
  /** UTF-8 text bytes left out of the preview. */
  omittedBytes: number;
  /** Focused retention only: the positions of the omitted messages, as ranges; absent when none is omitted. */
  omittedRanges?: string;
  /** Where the full transcript is. */
  fullSnapshot: FullSnapshotOutcome;
}
