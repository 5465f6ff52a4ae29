/** The Cordis service `sessionReferenceResolver`: wires the pure core into the DSH host. */
import { Context, Service } from '@deepseek-ai/cordis';
import type z from '@deepseek-ai/schemastery';
import { createUserMessage, freezeMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionQueryEngine } from '@deepseek-ai/dsh-session-query';
import type { PreStepDecision } from '@deepseek-ai/dsh-agent';
import { ConfigSchema, resolveConfig, automaticReferenceBytes, MIN_AUTOMATIC_REFERENCE_BYTES } from '../core/config.ts';
import type { Config, ResolvedConfig } from '../core/config.ts';
import { cancelledError, SessionReferenceError, SessionReferenceErrorCode, throwIfAborted } from '../core/errors.ts';
import { normalizeReferences } from '../core/normalize.ts';
import { captureSource, SESSION_REFERENCE_SOURCE_KIND } from '../core/projection.ts';
import { retainReference } from '../core/retention.ts';
import { renderReferencedSessions } from '../core/render.ts';
import { renderTranscript } from '../core/transcript.ts';
import { parseSessionReferenceText, formatSessionReferenceMention } from '../core/uri.ts';
import { CandidateDiscovery } from './discovery.ts';
import type { SessionReferenceCandidate } from '../core/candidates.ts';
import { abortable } from '../core/abort.ts';
import { SessionReferenceRemote } from './remote.ts';
import type {
  FullSnapshotOutcome,
  NormalizedReference,
  OmissionNotice,
  RetentionResult,
  RetentionStats,
  SessionReferenceInput,
  SourceCapture,
} from '../core/types.ts';

/**
 * Per-reference metadata recorded on the injected context message's `source`: the capture facts
 * plus the retention statistics, in this key order.
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
}

/** The `source` of a context message injected by this package. */
export interface SessionReferenceMessageSource {
  /** Always `session-reference`. */
  kind: 'session-reference';
  /** Material lifted out of other sessions' logs. */
  form: 'recall';
  /** Source-format version of this record. */
  version: 1;
  /** One entry per referenced session, in normalised order. */
  references: SessionReferenceSourceEntry[];
}

declare module '@deepseek-ai/dsh-llm' {
  interface MessageSourceMap {
    'session-reference': SessionReferenceMessageSource;
  }
}

declare module '@deepseek-ai/cordis' {
  interface Context {
    sessionReferenceResolver: SessionReferenceResolver;
  }
}

/** The agent facts this service reads: identity, route options and its session header. */
export interface SessionReferenceAgent {
  /** The agent's (and its session's) id. */
  readonly id: string;
  /** Route options used when the agent was never assembled. */
  readonly options?: { readonly provider?: string; readonly model?: string };
  /** The agent's live session; only its header's `cwd` is read. */
  readonly session: { readonly header: { readonly cwd?: string } };
}

/** Result of {@link SessionReferenceResolver.prepare}. */
export interface PreparedSessionReferences {
  /** A deep copy of the input content blocks. */
  content: ContentBlock[];
  /** The frozen `## Referenced sessions` user message, present when there were references. */
  additionalContext?: UserMessage;
}

/** A candidate as the Remote face returns it: the candidate plus its canonical mention. */
export interface SessionReferenceRemoteCandidate extends SessionReferenceCandidate {
  /** `@[label](dsh-session:…)`, ready to insert. */
  mention: string;
}

interface Route {
  provider?: string;
  model?: string;
}

interface LlmLike {
  resolveModelInfo(provider: string, model: string, signal?: AbortSignal): Promise<{ context?: { contextWindow?: number } }>;
}

interface SpillStoreLike {
  saveText(input: {
    owner: { sessionId: string };
    source: { kind: 'session-reference'; sessionId: string; label: string };
    suggestedName: string;
    content: string;
  }): Promise<{ locator: string; bytes: number; retrievalHint: string }>;
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
  private readonly routes = new Map<string, Route>();
  private readonly discovery: CandidateDiscovery;

  /** Validates the config (failing loudly) and registers the listeners; disposal removes them. */
  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'sessionReferenceResolver');
    this.config = resolveConfig(config);
    this.discovery = new CandidateDiscovery(ctx, { cacheTtlMs: this.config.candidateCacheTtlMs });
    ctx.plugin(SessionReferenceRemote);

    ctx.on('system-prompt/assemble', async (_assembly, context, next) => {
      const assembled = await next();
      const agent = context.agent;
      if (agent !== undefined) {
        const { provider, model } = assembled.variables;
        this.routes.set(agent.id, { provider, model });
      }
      return assembled;
    }, { prepend: true });

    ctx.on('agent/disposed', ({ agent }) => {
      this.routes.delete(agent.id);
    });

    ctx.on('agent/pre-step', async (payload, next) => {
      const decision = await next();
      if (decision.kind === 'reject') return decision;
      return this.rewriteDecision(payload.agent, decision, payload.signal);
    }, { prepend: true });
  }

  private get sessionQuery(): SessionQueryEngine {
    return this.ctx.sessionQuery;
  }

  private async rewriteDecision(
    agent: SessionReferenceAgent,
    decision: Extract<PreStepDecision, { kind: 'enter' }>,
    signal: AbortSignal,
  ): Promise<PreStepDecision> {
    let changed = false;
    const messages: UserMessage[] = [];
    for (const message of decision.messages) {
      if (message.source.kind !== 'user') {
        messages.push(message);
        continue;
      }
      const references: SessionReferenceInput[] = [];
      const content = message.content.map((block) => {
        if (block.type !== 'text') return block;
        const parsed = parseSessionReferenceText(block.text);
        if (parsed.references.length === 0) return block;
        references.push(...parsed.references);
        return { ...block, text: parsed.text };
      });
      if (references.length === 0) {
        messages.push(message);
        continue;
      }
      const prepared = await this.prepare(agent, content, references, signal);
      messages.push(freezeMessage({ ...message, content: prepared.content }));
      if (prepared.additionalContext) messages.push(prepared.additionalContext);
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
  async prepare(
    agent: SessionReferenceAgent,
    content: readonly ContentBlock[],
    references: readonly unknown[],
    signal?: AbortSignal,
  ): Promise<PreparedSessionReferences> {
    const copied = structuredClone(content) as ContentBlock[];
    const normalized = normalizeReferences(references, agent.id, this.config.maxReferences);
    if (normalized.length === 0) return { content: copied };
    throwIfAborted(signal, 'session reference preparation');

    const budget = await this.resolveBudget(agent, signal);
    throwIfAborted(signal, 'session reference preparation');

    const captures = await this.readSources(normalized, signal);
    throwIfAborted(signal, 'session reference preparation');
    const retained = captures.map((capture) => retainReference(capture, budget));
    const outcomes = await this.saveTranscripts(agent.id, normalized, captures, retained, signal);

    const notices: OmissionNotice[] = [];
    retained.forEach((result, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) return;
      notices.push({
        sessionId: result.preview.sessionId,
        capturedThroughSeq: result.preview.capturedThroughSeq,
        omittedMessages: result.stats.omittedMessages,
        omittedBytes: result.stats.omittedBytes,
        fullSnapshot: outcome,
      });
    });
    const text = renderReferencedSessions(retained.map((r) => r.preview), notices);
    const source: SessionReferenceMessageSource = {
      kind: SESSION_REFERENCE_SOURCE_KIND,
      form: 'recall',
      version: 1,
      references: retained.map((result, i) => ({
        sessionId: result.preview.sessionId,
        label: result.preview.label,
        capturedFormatVersion: captures[i]!.capturedFormatVersion,
        capturedThroughSeq: result.preview.capturedThroughSeq,
        ...result.stats,
        inputIndex: normalized[i]!.inputIndex,
      })),
    };
    const additionalContext = createUserMessage({ content: [{ type: 'text', text }], source });
    return { content: copied, additionalContext };
  }

  /**
   * The per-source byte budget for `agent`: the explicit `maxReferenceBytes`, else a fraction of the
   * context window of the route captured at the agent's last prompt assembly (or its options).
   */
  async resolveBudget(agent: SessionReferenceAgent, signal?: AbortSignal): Promise<number> {
    if (this.config.maxReferenceBytes !== undefined) return this.config.maxReferenceBytes;
    const route = this.routes.get(agent.id) ?? { provider: agent.options?.provider, model: agent.options?.model };
    const { provider, model } = route;
    if (!provider || !model) return MIN_AUTOMATIC_REFERENCE_BYTES;
    const llm = this.ctx.get('llm') as LlmLike | undefined;
    if (!llm) return MIN_AUTOMATIC_REFERENCE_BYTES;
    let info: Awaited<ReturnType<LlmLike['resolveModelInfo']>>;
    try {
      info = await abortable(llm.resolveModelInfo(provider, model, signal), signal, 'model metadata lookup');
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal, 'model metadata lookup');
      if ((error as { code?: unknown } | null)?.code === 'NO_ADAPTER') return MIN_AUTOMATIC_REFERENCE_BYTES;
      throw error;
    }
    const window = info?.context?.contextWindow;
    if (typeof window !== 'number' || !(window > 0)) return MIN_AUTOMATIC_REFERENCE_BYTES;
    return automaticReferenceBytes(window, this.config.referenceContextFraction);
  }

  private async readSources(references: readonly NormalizedReference[], signal?: AbortSignal): Promise<SourceCapture[]> {
    const reads = references.map(async (ref) => {
      try {
        const snapshot = await this.sessionQuery.readSurface(ref.sessionId as SessionId);
        return captureSource(snapshot, ref.sessionId, ref.label);
      } catch (error) {
        if (signal?.aborted) throw cancelledError(signal, `reading session ${JSON.stringify(ref.sessionId)}`);
        throw new SessionReferenceError(
          `could not read referenced session ${JSON.stringify(ref.sessionId)}: ${describeError(error)}`,
          SessionReferenceErrorCode.READ_FAILED,
          { cause: error },
        );
      }
    });
    try {
      return await abortable(Promise.all(reads), signal, 'reading referenced sessions');
    } catch (error) {
      if (signal?.aborted && !(error instanceof SessionReferenceError && error.code === SessionReferenceErrorCode.CANCELLED)) {
        throw cancelledError(signal, 'reading referenced sessions');
      }
      throw error;
    }
  }

  private async saveTranscripts(
    targetSessionId: string,
    references: readonly NormalizedReference[],
    captures: readonly SourceCapture[],
    retained: readonly RetentionResult[],
    signal?: AbortSignal,
  ): Promise<(FullSnapshotOutcome | undefined)[]> {
    if (!retained.some((r) => r.stats.truncated)) return retained.map(() => undefined);
    throwIfAborted(signal, 'saving referenced-session transcripts');
    const store = this.ctx.get('spillStore') as SpillStoreLike | undefined;
    const saves = retained.map(async (result, i): Promise<FullSnapshotOutcome | undefined> => {
      if (!result.stats.truncated) return undefined;
      if (!store) return { status: 'unavailable', reason: 'storage-not-configured' };
      const ref = references[i]!;
      try {
        const saved = await store.saveText({
          owner: { sessionId: targetSessionId },
          source: { kind: SESSION_REFERENCE_SOURCE_KIND, sessionId: ref.sessionId, label: ref.label },
          suggestedName: `session-reference-${ref.inputIndex + 1}.txt`,
          content: renderTranscript(captures[i]!),
        });
        return { status: 'saved', locator: saved.locator, bytes: saved.bytes, retrievalHint: saved.retrievalHint };
      } catch {
        return { status: 'unavailable', reason: 'save-failed' };
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
  listCandidates(
    agent: SessionReferenceAgent,
    query = '',
    limit: number = this.config.candidateLimit,
    signal?: AbortSignal,
  ): Promise<SessionReferenceCandidate[]> {
    return this.discovery.list(agent, query, limit, signal);
  }

  /**
   * The candidates call browsers reach through the Remote gateway: discovery under the configured
   * `candidateLimit`, each candidate with its canonical mention.
   */
  async remoteExportCandidates(agent: SessionReferenceAgent, query = '', signal?: AbortSignal): Promise<SessionReferenceRemoteCandidate[]> {
    const candidates = await this.listCandidates(agent, query, this.config.candidateLimit, signal);
    return candidates.map((candidate) => ({ ...candidate, mention: formatSessionReferenceMention(candidate) }));
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export default SessionReferenceResolver;
