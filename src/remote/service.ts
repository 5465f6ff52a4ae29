/**
 * The Remote face of the resolver: the Typert endpoint `sessionReferenceResolver/candidates`,
 * which the web app's `@` menu calls through the host's API gateway.
 *
 * Kept out of `service.ts` and written without decorator syntax: neither
 * `node --experimental-strip-types` (the benches) nor the test transformer can run standard
 * decorators, so `@Remote` is applied by hand below, exactly as a compiler lowers it.
 */
import type { Context } from '@deepseek-ai/cordis';
import type { Agent } from '@deepseek-ai/dsh-agent';
import { Remote, TypertRemoteService } from '@deepseek-ai/dsh-typert-protocol';
import { withMentions } from '../discovery/rank.ts';
import type { CandidatesResult } from './contract.ts';
import { CANDIDATES_METHOD, REMOTE_NAMESPACE, REMOTE_SERVICE_KEY } from './names.ts';

declare module '@deepseek-ai/cordis' {
  interface Context {
    sessionReferenceRemote: SessionReferenceRemote;
  }
}

type Initializer = (this: SessionReferenceRemote) => void;
type CandidatesMethod = SessionReferenceRemote['candidates'];

/** Instance initializers queued by the method decorators applied below the class. */
const initializers: Initializer[] = [];

/**
 * Remote service `sessionReferenceRemote`, exported on the wire as namespace
 * `sessionReferenceResolver`. `SessionReferenceResolver` mounts it as a child plugin, so it comes
 * and goes with the resolver.
 */
export class SessionReferenceRemote extends TypertRemoteService {
  /** Required services. */
  static inject = ['sessionReferenceResolver'];

  /** The plugin's own context, which always sees the injected resolver. */
  private readonly home: Context;

  /** Registers the service and binds it to the `sessionReferenceResolver` wire namespace. */
  constructor(ctx: Context) {
    super(ctx, REMOTE_SERVICE_KEY, { namespace: REMOTE_NAMESPACE });
    this.home = ctx;
    for (const initialize of initializers) initialize.call(this);
  }

  /**
   * Remote `sessionReferenceResolver/candidates`: the sessions `agent` may cite, filtered by
   * `query`, under the configured `candidateLimit`, each with its canonical mention.
   * Wire arguments `{ agentId, query }`; the gateway resolves `agentId` through the host's
   * `agent` lookup (a live agent) and injects `signal`.
   * @param agent - the live requesting agent.
   * @param query - filter text; empty lists everything.
   * @param signal - cancellation, injected by the gateway.
   */
  async candidates(agent: Agent, query: string, signal: AbortSignal): Promise<CandidatesResult> {
    const resolver = this.home.sessionReferenceResolver;
    return withMentions(await resolver.listCandidates(agent, query, resolver.config.candidateLimit, signal));
  }
}

/**
 * Applies a standard method decorator without decorator syntax, the way a compiler lowers
 * `@decorator name(...) {}`: call it with the method and a method context, and run the
 * initializers it adds on each new instance (the constructor above does that).
 */
function decorateMethod(
  name: typeof CANDIDATES_METHOD,
  decorator: (method: CandidatesMethod, context: ClassMethodDecoratorContext<SessionReferenceRemote, CandidatesMethod>) => void,
): void {
  // The decorator takes the method itself, unbound, as a compiler passes it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const method = SessionReferenceRemote.prototype[name];
  decorator(method, {
    kind: 'method',
    name,
    static: false,
    private: false,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    access: { has: (object) => name in object, get: (object) => object[name] },
    metadata: {},
    addInitializer: (initializer) => {
      initializers.push(initializer);
    },
  });
}

// `@Remote candidates(...)`.
decorateMethod(CANDIDATES_METHOD, Remote);
