/** The Cordis service `sessionReferenceResolver`: wires the pure core into the DSH host (listeners, reads, saves, discovery). */
import { Context, Service } from '@deepseek-ai/cordis';
import type z from '@deepseek-ai/schemastery';
import type { PreStepDecision } from '@deepseek-ai/dsh-agent';
import { isCompactCheckpointSource } from '@deepseek-ai/dsh-compaction/checkpoint';
import { createUserMessage, freezeMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { SpillSource } from '@deepseek-ai/dsh-spill';
import { abortable } from '../core/abort.ts';
import { withMentions } from '../core/candidates.ts';
import { resolveConfig } from '../core/config.ts';
import type { Config, ResolvedConfig } from '../core/config.ts';
import { cancelledError, isSessionReferenceError, readFailed, throwIfAborted } from '../core/errors.ts';
import { normalizeReferences } from '../core/normalize.ts';
import {
  assembleReferenceContext,
  retainSources,
  rewriteMentions,
  SAVE_FAILED,
  savedOutcome,
  STORAGE_NOT_CONFIGURED,
  transcriptFileName,
} from '../core/prepare.ts';
import type { PreparedReferenceContext, PreparedSource } from '../core/prepare.ts';
import { redactCaptures } from '../core/redacted-capture.ts';
import { preloadSecretDetector } from '../core/redact.ts';
import { captureSource, isSurfaceSnapshot, SESSION_REFERENCE_SOURCE_KIND } from '../core/projection.ts';
import { renderTranscript } from '../core/transcript.ts';
import type { FullSnapshotOutcome, NormalizedReference, SessionReferenceCandidate, SessionReferenceMentionCandidate, SourceCapture } from '../core/types.ts';
import type { PreparedReferencedMessage, SessionReferenceAgent } from '../types.ts';
import { copyContent, resolveBudget } from './budget-and-content.ts';
import { ConfigSchema } from './config-schema.ts';
import { CandidateDiscovery } from './discovery.ts';
import { SessionReferenceRemote } from './remote.ts';
import './augment.ts';

const PREPARING = 'session reference preparation';

/** {@link SessionReferenceResolver.prepareDetailed}'s result: the published result plus everything decided on the way. */
export interface DetailedPreparedReferencedMessage extends PreparedReferencedMessage {
  /** Budget, per-source previews, statistics, notices, outcomes, text and source; absent when there were no references. */
  details?: PreparedReferenceContext;
}

/**
 * Cross-session references for DSH: rewrites `dsh-session:` mentions in direct user messages to
 * readable `@label` text and inserts a bounded, untrusted snapshot of each cited session right
 * after the citing message. Also lists candidate sessions for a host's `@` menu.
 */
export class SessionReferenceResolver extends Service {
  /** Required services. */
  static inject = ['sessionQuery'];
  /** Config schema, validated by Cordis at load. */
  static Config: z<Config> = ConfigSchema;

  /** The validated configuration. */
  readonly config: ResolvedConfig;
  private readonly routes = new Map<string, { provider?: string; model?: string }>();
  private readonly discovery: CandidateDiscovery;

  /** Validates the config (failing loudly) and registers the listeners; disposal removes them. */
  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'sessionReferenceResolver');
    this.config = resolveConfig(config);
    this.discovery = new CandidateDiscovery(ctx, {
      cacheTtlMs: this.config.candidateCacheTtlMs,
      titleBackfill: this.config.titleBackfill,
      bodySearchWaitMs: this.config.bodySearchWaitMs,
      bodySearchPage: this.config.candidateLimit + 1,
    });
    // secretlint takes a few hundred ms to load: pay it at start-up, not in the first citing turn.
    if (this.config.redactSecrets) preloadSecretDetector().catch(() => {});
    ctx.plugin(SessionReferenceRemote);

    ctx.on('system-prompt/assemble', async (_assembly, context, next) => {
      const assembled = await next();
      if (context.agent !== undefined) {
        const { provider, model } = assembled.variables;
        this.routes.set(context.agent.id, { provider, model });
      }
      return assembled;
    }, { prepend: true });
    ctx.on('agent/disposed', ({ agent }) => void this.routes.delete(agent.id));
    ctx.on('agent/pre-step', async (payload, next) => {
      const decision = await next();
      return decision.kind === 'reject' ? decision : this.rewriteDecision(payload.agent, decision, payload.signal);
    }, { prepend: true });
  }

  private async rewriteDecision(
    agent: SessionReferenceAgent,
    decision: Extract<PreStepDecision, { kind: 'enter' }>,
    signal: AbortSignal,
  ): Promise<PreStepDecision> {
    let changed = false;
    const messages: UserMessage[] = [];
    for (const message of decision.messages) {
      const rewritten = message.source.kind === 'user' ? rewriteMentions(message.content) : undefined;
      if (rewritten === undefined || rewritten.references.length === 0) {
        messages.push(message);
        continue;
      }
      const prepared = await this.prepare(agent, rewritten.content, rewritten.references, signal);
      messages.push(freezeMessage({ ...message, content: prepared.content }), prepared.additionalContext!);
      changed = true;
    }
    return changed ? { kind: 'enter', messages } : decision;
  }

  /**
   * Prepares a message's references: normalises them, resolves the per-source budget, reads every
   * distinct source once in parallel, retains each under its budget, saves full transcripts of
   * truncated sources, and renders one frozen context message. All-or-nothing: any failure throws
   * a `SessionReferenceError` (or a model-metadata error other than `NO_ADAPTER`) and returns nothing.
   * @param agent - the target agent; its id is the target session.
   * @param content - the citing message's content blocks (copied, never mutated).
   * @param references - raw references, in mention order.
   * @param signal - cancellation, honoured at every await.
   */
  async prepare(agent: SessionReferenceAgent, content: readonly ContentBlock[], references: readonly unknown[], signal?: AbortSignal): Promise<PreparedReferencedMessage> {
    const { details: _details, ...prepared } = await this.prepareDetailed(agent, content, references, signal);
    return prepared;
  }

  /** {@link prepare}, also returning the structured result the context message was rendered from. */
  async prepareDetailed(
    agent: SessionReferenceAgent,
    content: readonly ContentBlock[],
    references: readonly unknown[],
    signal?: AbortSignal,
  ): Promise<DetailedPreparedReferencedMessage> {
    const copied = copyContent(content);
    const normalized = normalizeReferences(references, agent.id, this.config.maxReferences);
    if (normalized.length === 0) return { content: copied };
    throwIfAborted(signal, PREPARING);
    const route = this.routes.get(agent.id) ?? agent.options ?? {};
    const budget = await resolveBudget(this.ctx.get('llm'), this.config, route, signal);
    throwIfAborted(signal, PREPARING);
    const captures = await this.redact(await this.readSources(normalized, signal), signal);
    throwIfAborted(signal, PREPARING);
    const retained = retainSources(normalized, captures, budget);
    const outcomes = await this.saveTranscripts(agent.id, retained, signal);
    const details = assembleReferenceContext(budget, retained, outcomes);
    const additionalContext = createUserMessage({ content: [{ type: 'text', text: details.text }], source: details.source });
    return { content: copied, additionalContext, details };
  }

  /**
   * The per-source byte budget `prepare` would use now for `agent`: the explicit
   * `maxReferenceBytes`, else a fraction of the context window of the route captured at the
   * agent's last prompt assembly (or its options).
   */
  resolveBudget(agent: SessionReferenceAgent, signal?: AbortSignal): Promise<number> {
    return resolveBudget(this.ctx.get('llm'), this.config, this.routes.get(agent.id) ?? agent.options ?? {}, signal);
  }

  private async readSources(references: readonly NormalizedReference[], signal?: AbortSignal): Promise<SourceCapture[]> {
    const reads = references.map(async ({ sessionId, label }) => {
      try {
        const snapshot: unknown = await this.ctx.sessionQuery.readSurface(sessionId as SessionId);
        if (!isSurfaceSnapshot(snapshot)) throw new TypeError('the session query returned a malformed surface');
        return captureSource(snapshot, sessionId, label, isCompactCheckpointSource);
      } catch (error) {
        if (signal?.aborted) throw cancelledError(signal, `reading session ${JSON.stringify(sessionId)}`);
        throw readFailed(`could not read referenced session ${JSON.stringify(sessionId)}`, error);
      }
    });
    try {
      return await abortable(Promise.all(reads), signal, 'reading referenced sessions');
    } catch (error) {
      if (signal?.aborted && !isSessionReferenceError(error, 'SESSION_REFERENCE_CANCELLED')) throw cancelledError(signal, 'reading referenced sessions');
      throw error;
    }
  }

  private async redact(captures: SourceCapture[], signal?: AbortSignal): Promise<SourceCapture[]> {
    if (!this.config.redactSecrets) return captures;
    try {
      return await redactCaptures(captures, { enabled: true, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal, 'redacting referenced sessions');
      throw error;
    }
  }

  private async saveTranscripts(
    targetSessionId: string,
    retained: readonly Omit<PreparedSource, 'fullSnapshot'>[],
    signal?: AbortSignal,
  ): Promise<(FullSnapshotOutcome | undefined)[]> {
    if (!retained.some((r) => r.stats.truncated)) return retained.map(() => undefined);
    throwIfAborted(signal, 'saving referenced-session transcripts');
    const store = this.ctx.get('spillStore');
    const saves = retained.map(async ({ reference, capture, stats }): Promise<FullSnapshotOutcome | undefined> => {
      if (!stats.truncated) return undefined;
      if (store === undefined) return STORAGE_NOT_CONFIGURED;
      const content = renderTranscript(capture);
      // rc.8's SpillSource names a tool call; a reference has none, so the record describes the cited session instead.
      const source = { kind: SESSION_REFERENCE_SOURCE_KIND, sessionId: reference.sessionId, label: reference.label } as unknown as SpillSource;
      try {
        const saved: unknown = await store.saveText({ owner: { sessionId: targetSessionId as SessionId }, source, suggestedName: transcriptFileName(reference), content });
        return savedOutcome(saved);
      } catch {
        return SAVE_FAILED;
      }
    });
    const outcomes = await abortable(Promise.all(saves), signal, 'saving referenced-session transcripts');
    throwIfAborted(signal, 'saving referenced-session transcripts');
    return outcomes;
  }

  /**
   * Lists sessions the agent may cite, for a host's `@` menu: every session but the agent's own,
   * filtered case-insensitively by id, cwd or title, same-workspace first. Never reads a session log.
   * @param agent - the requesting agent.
   * @param query - filter text; empty lists everything.
   * @param limit - maximum results, a positive safe integer; defaults to `candidateLimit`.
   * @param signal - cancellation.
   */
  listCandidates(agent: SessionReferenceAgent, query = '', limit: number = this.config.candidateLimit, signal?: AbortSignal): Promise<SessionReferenceCandidate[]> {
    return this.discovery.list(agent, query, limit, signal);
  }

  /** The candidates call browsers reach through the Remote gateway: discovery under `candidateLimit`, each with its canonical mention. */
  async remoteExportCandidates(agent: SessionReferenceAgent, query = '', signal?: AbortSignal): Promise<SessionReferenceMentionCandidate[]> {
    return withMentions(await this.listCandidates(agent, query, this.config.candidateLimit, signal));
  }
}

export default SessionReferenceResolver;
