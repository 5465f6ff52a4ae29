/**
 * The package's public types (export `./types`): types only, so a browser bundle can import them
 * without loading Cordis or any host package.
 */
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';
import type { PreparedReferenceContext } from './core/prepare.ts';

export type * from './core/types.ts';
export type { Config, ResolvedConfig, TitleBackfillMode } from './core/config.ts';
export type { SessionReferenceErrorCode } from './core/errors.ts';
export type { PreparedReferenceContext, PreparedSource } from './core/prepare.ts';
export type { ParsedSessionReferenceText, SessionReferenceMention } from './core/uri.ts';

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

/** Result of `prepareDetailed`: the published result plus everything decided on the way. */
export interface DetailedPreparedReferencedMessage extends PreparedReferencedMessage {
  /** Budget, per-source previews, statistics, notices, outcomes, text and source; absent when there were no references. */
  details?: PreparedReferenceContext;
}
