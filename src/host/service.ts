/** The Cordis service `sessionReferenceResolver`: wires the pure core into the DSH host (listeners, reads, saves, discovery). */
import { Context, Service } from '@deepseek-ai/cordis';
import type z from '@deepseek-ai/schemastery';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { withMentions } from '../core/candidates.ts';
import { resolveConfig } from '../core/config.ts';
import type { Config, ResolvedConfig } from '../core/config.ts';
import { throwIfAborted } from '../core/errors.ts';
import { normalizeParsedReferences, normalizeReferences } from '../core/normalize.ts';
import { assembleReferenceContext, retainSources } from '../core/prepare.ts';
import { preloadSecretDetector } from '../core/redact.ts';
import type { NormalizedReference, SessionReferenceCandidate, SessionReferenceMentionCandidate } from '../core/types.ts';
import type { DetailedPreparedReferencedMessage, PreparedReferencedMessage, SessionReferenceAgent } from '../types.ts';
import { trackAgentRoutes } from './agent-routes.ts';
import type { AgentRoute } from './agent-routes.ts';
import { cloneContent, copyContent, resolveBudget } from './budget-and-content.ts';
import { ConfigSchema } from './config-schema.ts';
import { CandidateDiscovery } from './discovery.ts';
import { listenPreStep } from './pre-step.ts';
import { SessionReferenceRemote } from './remote.ts';
import { captureSources } from './source-captures.ts';
import { saveTranscripts } from './transcript-saves.ts';
import './augment.ts';

const PREPARING = 'session reference preparation';

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
  private readonly routeOf: (agent: SessionReferenceAgent) => AgentRoute;
  private readonly discovery: CandidateDiscovery;

  /** Validates the config (failing loudly) and registers the listeners; disposal removes them. */
  constructor(ctx: Context, config: Config = {}) {
    const resolved = resolveConfig(config); // before super(): a bad config registers nothing
    super(ctx, 'sessionReferenceResolver');
    this.config = resolved;
    this.discovery = new CandidateDiscovery(ctx, {
      cacheTtlMs: this.config.candidateCacheTtlMs,
      titleBackfill: this.config.titleBackfill,
      bodySearchWaitMs: this.config.bodySearchWaitMs,
      bodySearchPage: this.config.candidateLimit + 1,
      redactSnippets: this.config.redactSecrets,
    });
    // secretlint takes a few hundred ms to load: pay it at start-up, not in the first citing turn.
    if (this.config.redactSecrets) preloadSecretDetector().catch(() => {});
    ctx.plugin(SessionReferenceRemote);
    this.routeOf = trackAgentRoutes(ctx);
    listenPreStep(ctx, (agent, rewritten, signal) => {
      const references = normalizeParsedReferences(rewritten.references, agent.id, this.config.maxReferences);
      return this.prepareChecked(agent, cloneContent(rewritten.content), references, signal);
    });
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
    return this.prepareChecked(agent, copied, normalizeReferences(references, agent.id, this.config.maxReferences), signal);
  }

  /** The steps after the edge, for content and references already checked: budget, reads, retention, saves, assembly. */
  private async prepareChecked(
    agent: SessionReferenceAgent,
    content: ContentBlock[],
    normalized: readonly NormalizedReference[],
    signal: AbortSignal | undefined,
  ): Promise<DetailedPreparedReferencedMessage> {
    if (normalized.length === 0) return { content };
    throwIfAborted(signal, PREPARING);
    const budget = await this.resolveBudget(agent, signal);
    throwIfAborted(signal, PREPARING);
    const captures = await captureSources(this.ctx.sessionQuery, normalized, this.config.redactSecrets, signal);
    throwIfAborted(signal, PREPARING);
    const retained = retainSources(normalized, captures, budget);
    const outcomes = await saveTranscripts(this.ctx.get('spillStore'), agent.id, retained, signal);
    const details = assembleReferenceContext(budget, retained, outcomes);
    const additionalContext = createUserMessage({ content: [{ type: 'text', text: details.text }], source: details.source });
    return { content, additionalContext, details };
  }

  /**
   * The per-source byte budget `prepare` would use now for `agent`: the explicit
   * `maxReferenceBytes`, else a fraction of the context window of the route captured at the
   * agent's last prompt assembly (or its options).
   */
  resolveBudget(agent: SessionReferenceAgent, signal?: AbortSignal): Promise<number> {
    return resolveBudget(this.ctx.get('llm'), this.config, this.routeOf(agent), signal);
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
