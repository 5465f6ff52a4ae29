/** The plain data `prepare` passes between its steps (the capture, the budgeted preview, the transcript outcomes) and the source kind it stamps. */
import type { TranscriptHeader } from '../transcript/layout.ts';
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

/** Everything captured from one source by a single surface read, its header facts as a transcript writes them; immutable after capture. */
export interface SourceCapture extends TranscriptHeader {
  /** Projected conversation, in surface order. */
  messages: readonly ProjectedMessage[];
}

/** The budgeted preview object of one source, keys in format order: the capture's facts and the retained conversation, in source order. */
export interface ReferencePreview extends Pick<SourceCapture, 'sessionId' | 'label' | 'cwd' | 'capturedThroughSeq'> {
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

/** One omission notice of the `## Reference omissions` section, keys in format order. */
export interface OmissionNotice extends Pick<RetentionStats, 'omittedMessages' | 'omittedBytes'> {
  sessionId: string;
  capturedThroughSeq: number | null;
  /** Focused retention only: the positions of the omitted messages, as ranges; absent when none is omitted. */
  omittedRanges?: string;
  /** Where the full transcript is. */
  fullSnapshot: FullSnapshotOutcome;
}
