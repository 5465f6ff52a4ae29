/** Plain data shapes shared by the pure core and the host layer. */

/** A reference as a caller hands it to `prepare`: a session id and an optional mention label. */
export interface SessionReferenceInput {
  /** The referenced (source) session id. */
  sessionId: string;
  /** The label the user saw; defaults to the session id. */
  label?: string;
}

/** A reference after normalisation: label resolved, position fixed. */
export interface NormalizedReference {
  /** The source session id. */
  sessionId: string;
  /** The mention label (the id when none was given). */
  label: string;
  /** 0-based position after normalisation. */
  inputIndex: number;
}

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

/** One conversation entry of the budgeted preview object. */
export interface ReferencedConversationItem {
  /** Speaker. */
  role: 'user' | 'assistant';
  /** Original text, or a cut of it: head, the omission marker, tail. */
  text: string;
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

/** Per-source retention statistics: what was kept and what was left out. */
export interface RetentionStats {
  /** Some projected item is a checkpoint. */
  compacted: boolean;
  /** Projected message count before retention. */
  originalMessages: number;
  /** Messages present in the preview (cut ones included). */
  retainedMessages: number;
  /** Whole messages dropped. */
  omittedMessages: number;
  /** UTF-8 text bytes left out: dropped messages plus cut bytes. */
  omittedBytes: number;
  /** `omittedMessages > 0 || omittedBytes > 0`. */
  truncated: boolean;
}

/** Result of retaining one source under a byte budget. */
export interface RetentionResult {
  /** The budgeted preview object. */
  preview: ReferencePreview;
  /** Its statistics. */
  stats: RetentionStats;
  /** UTF-8 byte length of the preview's tag-safe JSON; never above the budget. */
  size: number;
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
  /** Where the full transcript is. */
  fullSnapshot: FullSnapshotOutcome;
}

/**
 * Per-reference metadata recorded on the injected context message's `source`: the capture facts,
 * the retention statistics and the budget they were retained under, in this key order.
 */
export interface SessionReferenceSourceEntry extends RetentionStats {
  /** Source session id. */
  sessionId: string;
  /** Mention label. */
  label: string;
  /** The source header's format version at capture (0 when absent). */
  capturedFormatVersion: number;
  /** Seq the snapshot was captured through, or null for an empty log. */
  capturedThroughSeq: number | null;
  /** 0-based normalised position. */
  inputIndex: number;
  /** Credentials replaced by `[REDACTED <kind>]` in this source's label and texts (0 with `redactSecrets: false`). */
  redactedSecrets: number;
  /** The per-source byte budget the preview was retained under; its tag-safe JSON takes at most this many UTF-8 bytes. */
  budgetBytes: number;
}

/** The `source` of a context message injected by this package (registered as message-source kind `session-reference`). */
export interface SessionReferenceSource {
  /** Always `session-reference`. */
  kind: 'session-reference';
  /** Material lifted out of other sessions' logs. */
  form: 'recall';
  /** Source-format version of this record. */
  version: 1;
  /** One entry per referenced session, in normalised order. */
  references: SessionReferenceSourceEntry[];
}

/** Why a candidate matched a non-empty query: its title, id or cwd, or (full-text search) what was said in it. */
export type CandidateMatch = { in: 'title' | 'id' | 'cwd' } | { in: 'body'; snippet: string };

/** A session offered to the `@` menu. */
export interface SessionReferenceCandidate {
  /** The candidate session's id. */
  sessionId: string;
  /** Its projected title, or its id when no projection answers for it. */
  label: string;
  /** Its working directory; absent when the session has none. */
  cwd?: string;
  /** True when `cwd` is present and equals the requesting agent's cwd. */
  sameWorkspace: boolean;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Why it matched a non-empty query; absent for an empty query. */
  match?: CandidateMatch;
}

/** A candidate plus its canonical mention, as the Remote face and the `@` menu use it. */
export interface SessionReferenceMentionCandidate extends SessionReferenceCandidate {
  /** `@[label](dsh-session:…)`, ready to insert. */
  mention: string;
}
