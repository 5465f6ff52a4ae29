/** The Cordis service `sessionReferenceResolver`: wires the pure core into the DSH host (listeners, reads, saves, discovery). */
import { Context, Service } from '@deepseek-ai/cordis';
import type z from '@deepseek-ai/schemastery';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { readContent, readListingAgent, readPrepareAgent } from './arguments.ts';
import { ConfigSchema, loadConfig } from './config.ts';
import type { Config, ResolvedConfig } from './config.ts';
import { listenPreStep } from './context/pre-step.ts';
import { budgetFor, prepareMessage } from './context/prepare.ts';
import type { PrepareHost } from './context/prepare.ts';
import { trackAgentRoutes } from './context/routes.ts';
import { CandidateDiscovery } from './discovery/discovery.ts';
import { indexPathFor } from './session-index/location.ts';
import { Lifetime } from './lifetime.ts';
import { normalizeReferences } from './mentions/normalize.ts';
import { withMentions } from './discovery/rank.ts';
import { SessionReferenceRemote } from './remote/service.ts';
import type {
  PreparedReferencedMessage,
  SessionReferenceAgent,
  SessionReferenceCandidate,
  SessionReferenceMentionCandidate,
} from './types.ts';
import './augment.ts';

/**
 * Cross-session references for DSH: rewrites `dsh-session:` mentions in direct user messages to
 * readable `@label` text and inserts a bounded, untrusted snapshot of each cited session right
 * after the citing message. Also lists candidate sessions for a host's `@` menu.
 */
export class SessionReferenceResolver extends Service {
  /** Required services. */
  static inject = ['sessionQuery'];
  /** Config schema, validated by Cordis at load. */
  static Config: z<Config, ResolvedConfig> = ConfigSchema;

  /** The validated configuration. */
  readonly config: ResolvedConfig;
  private readonly host: PrepareHost;
  private readonly discovery: CandidateDiscovery;
  /** Calls in flight; disposal cancels them, whether or not their caller gave a signal. */
  private readonly lifetime = new Lifetime();

  /** Validates the config (failing loudly) and registers the listeners; disposal removes them. */
  constructor(ctx: Context, config: Config = {}) {
    const resolved = loadConfig(config); // before super(): a bad config registers nothing
    super(ctx, 'sessionReferenceResolver');
    this.config = resolved;
    this.discovery = new CandidateDiscovery(ctx, {
      cacheTtlMs: resolved.candidateCacheTtlMs,
      indexPath: indexPathFor(ctx, resolved.sessionIndexPath),
      titleBackfill: resolved.titleBackfill,
      redactSecrets: resolved.redactSecrets,
      firstTitlesWaitMs: resolved.firstTitlesWaitMs,
    });
    ctx.plugin(SessionReferenceRemote);
    this.host = { ctx, config: resolved, routeOf: trackAgentRoutes(ctx) };
    // The pre-step prepares each citing message exactly as a host's own `prepare` call would.
    listenPreStep(ctx, resolved.redactSecrets, (agent, content, references, signal) => this.prepare(agent, content, references, signal));
    // Disposal runs the fiber's effects together; this one settles every call in flight with CANCELLED.
    ctx.effect(
      () => () => {
        this.lifetime.end(new Error('the sessionReferenceResolver plugin was disposed'));
      },
      'sessionReferenceResolver.lifetime',
    );
  }

  /**
   * Prepares a message's references: normalises them, resolves the per-source budget, reads every
   * distinct source once in parallel, retains each under its budget, saves full transcripts of
   * truncated sources, and renders one frozen context message. All-or-nothing: any failure throws
   * a `SessionReferenceError` (or a model-metadata error other than `NO_ADAPTER`) and returns nothing.
   * @param agent - the target agent; its id is the target session.
   * @param content - the citing message's content blocks (copied, never mutated).
   * @param references - raw references, in mention order.
   * @param signal - cancellation, honoured at every await; disposing the plugin cancels the call too.
   */
  prepare(
    agent: SessionReferenceAgent,
    content: readonly ContentBlock[],
    references: readonly unknown[],
    signal?: AbortSignal,
  ): Promise<PreparedReferencedMessage> {
    return this.lifetime.run(signal, async (linked) => {
      const target = readPrepareAgent(agent);
      const copied = readContent(content);
      const normalized = normalizeReferences(references, target.id, this.config.maxReferences);
      return prepareMessage(this.host, target, copied, normalized, linked);
    });
  }

  /**
   * The per-source byte budget `prepare` would use now for `agent`: the explicit
   * `maxReferenceBytes`, else a fraction of the context window of the route captured at the
   * agent's last prompt assembly (or its options).
   */
  resolveBudget(agent: SessionReferenceAgent, signal?: AbortSignal): Promise<number> {
    return this.lifetime.run(signal, (linked) => budgetFor(this.host, readPrepareAgent(agent), linked));
  }

  /**
   * Lists sessions the agent may cite, for a host's `@` menu: every session but the agent's own,
   * filtered case-insensitively by id, cwd or title, same-workspace first. Never reads a session log.
   * @param agent - the requesting agent.
   * @param query - filter text; empty lists everything.
   * @param limit - maximum results, a positive safe integer; defaults to `candidateLimit`.
   * @param signal - cancellation; disposing the plugin cancels the call too.
   */
  listCandidates(
    agent: SessionReferenceAgent,
    query = '',
    limit: number = this.config.candidateLimit,
    signal?: AbortSignal,
  ): Promise<SessionReferenceCandidate[]> {
    return this.lifetime.run(signal, (linked) => this.discovery.list(readListingAgent(agent), query, limit, linked));
  }

  /**
   * The host's remote export of `sessionReferenceResolver/candidates`, as rc.8 shipped it: the
   * sessions `agent` may cite, filtered by `query`, under the configured `candidateLimit`, each
   * with its canonical mention. The host's generated remote registry dispatches the endpoint here;
   * the answer is the Remote face's.
   * @param agent - the requesting agent.
   * @param query - filter text; empty lists everything.
   * @param signal - cancellation; disposing the plugin cancels the call too.
   */
  async remoteExportCandidates(
    agent: SessionReferenceAgent,
    query: string,
    signal?: AbortSignal,
  ): Promise<SessionReferenceMentionCandidate[]> {
    return withMentions(await this.listCandidates(agent, query, this.config.candidateLimit, signal));
  }
}
