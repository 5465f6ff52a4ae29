/**
 * The Remote face of the resolver: the Typert endpoint `sessionReferenceResolver/candidates`,
 * which the web app's `@` menu calls through the host's API gateway.
 *
 * Written without decorator syntax: neither `node --experimental-strip-types` (the benches) nor
 * the test transformer can run standard decorators, so `@Remote` is applied by hand below, as a
 * compiler lowers it.
 */
import type { Context } from '@deepseek-ai/cordis';
import type { Agent } from '@deepseek-ai/dsh-agent';
import { Remote, TypertRemoteService } from '@deepseek-ai/dsh-typert-protocol';
import type { CandidatesResult } from './contract.ts';
import { CANDIDATES_METHOD, REMOTE_NAMESPACE, REMOTE_SERVICE_KEY } from './contract.ts';

declare module '@deepseek-ai/cordis' {
  interface Context {
    sessionReferenceRemote: SessionReferenceRemote;
  }
}

/** Instance initializers queued by the method decorator applied below the class. */
const initializers: ((this: SessionReferenceRemote) => void)[] = [];

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
   * Remote `sessionReferenceResolver/candidates`: the resolver's `remoteExportCandidates`. Wire
   * arguments `{ agentId, query }`; the gateway resolves `agentId` through the host's `agent`
   * lookup (a live agent) and injects `signal`.
   * @param agent - the live requesting agent.
   * @param query - filter text; empty lists everything.
   * @param signal - cancellation, injected by the gateway.
   */
  candidates(agent: Agent, query: string, signal: AbortSignal): Promise<CandidatesResult> {
    return this.home.sessionReferenceResolver.remoteExportCandidates(agent, query, signal);
  }
}

/** `@Remote candidates(...)`, lowered: the method context a compiler passes, its initializers run by the constructor. */
const candidatesContext: ClassMethodDecoratorContext<SessionReferenceRemote, SessionReferenceRemote['candidates']> = {
  kind: 'method',
  name: CANDIDATES_METHOD,
  static: false,
  private: false,
  // eslint-disable-next-line @typescript-eslint/unbound-method
  access: { has: (object) => CANDIDATES_METHOD in object, get: (object) => object.candidates },
  metadata: {},
  addInitializer: (initializer) => {
    initializers.push(initializer);
  },
};
// The decorator takes the method itself, unbound, as a compiler passes it.
// eslint-disable-next-line @typescript-eslint/unbound-method
Remote(SessionReferenceRemote.prototype.candidates, candidatesContext);
