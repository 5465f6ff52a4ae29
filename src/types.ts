/**
 * The package's public types (export `./types`): types only, so a browser bundle can import them
 * without loading Cordis or any host package.
 */
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';

export type { Config } from './config.ts';
export type { SessionReferenceErrorCode } from './errors.ts';
export type { ParsedSessionReferenceText, SessionReferenceMention } from './mentions/uri.ts';

/** A reference as a caller hands it to `prepare`: a session id and an optional mention label. */
export interface SessionReferenceInput {
  /** The referenced (source) session id. */
  sessionId: string;
  /** The label the user saw; defaults to the session id. */
  label?: string;
}

/** One conversation entry of the budgeted preview object. */
export interface ReferencedConversationItem {
  /** Speaker. */
  role: 'user' | 'assistant';
  /** Original text, or a cut of it: head, the omission marker, tail. */
  text: string;
  /**
   * Focused retention of a truncated source only: the item's 1-based position in the captured
   * conversation, the `N` of the full transcript's `### Message N`.
   */
  message?: number;
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

/**
 * Per-reference metadata recorded on the injected context message's `source`: the capture facts,
 * the retention statistics and the budget they were retained under, in this key order.
 */
export interface SessionReferenceSourceEntry extends RetentionStats {
  /** Source session id. */
  sessionId: string;
  /** Mention label, cleaned as untrusted text (redacted, one line, at most 120 code points). */
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
  /** Its projected title, or its id when no projection answers for it, cleaned as untrusted text (redacted, one line, at most 120 code points). */
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

/** The agent facts the resolver reads: identity, route options and its session header. */
export interface SessionReferenceAgent {
  /** The agent's (and its session's) id. */
  readonly id: string;
  /** Route options used when the agent was never assembled. */
  readonly options?: { readonly provider?: string; readonly model?: string };
  /** The agent's live session; only its header's `cwd` is read. */
  readonly session: { readonly header: { readonly cwd?: string } };
}

/** Result of `prepare`: the copied content and, when there were references, the frozen context message. */
export interface PreparedReferencedMessage {
  /** A deep copy of the input content blocks. */
  content: ContentBlock[];
  /** The frozen `## Referenced sessions` user message, present when there were references. */
  additionalContext?: UserMessage;
}
