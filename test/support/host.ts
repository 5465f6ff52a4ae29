/** Integration-test harness: boots a real DeepSeek Harness host (only the LLM adapter is a double) in a Cordis Context. */
import { Context } from '@deepseek-ai/cordis';
import AgentRegistry from '@deepseek-ai/dsh-agent';
import type { Agent } from '@deepseek-ai/dsh-agent';
import * as AgentInvariant from '@deepseek-ai/dsh-agent/invariant';
import AgentLoop from '@deepseek-ai/dsh-agent-loop';
import * as AgentLoopInvariant from '@deepseek-ai/dsh-agent-loop/invariant';
import * as CompactionInvariant from '@deepseek-ai/dsh-compaction/invariant';
import InvariantRegistry from '@deepseek-ai/dsh-invariants';
import LlmRuntime, { createUserMessage } from '@deepseek-ai/dsh-llm';
import * as LlmInvariant from '@deepseek-ai/dsh-llm/invariant';
import * as ScopeInvariant from '@deepseek-ai/dsh-scope/invariant';
import SessionStore, { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent, SessionHeader, TurnEndReason } from '@deepseek-ai/dsh-session';
import * as SessionInvariant from '@deepseek-ai/dsh-session/invariant';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import SessionQueryEngine, { SessionQueryError } from '@deepseek-ai/dsh-session-query';
import type {
  SessionEventSearchPage,
  SessionEventSearchRequest,
  SessionSearchHit,
  SessionSearchPage,
} from '@deepseek-ai/dsh-session-query';
import SqliteSessionQueryEngine from '@deepseek-ai/dsh-session-query-sqlite';
import LocalSpillStore from '@deepseek-ai/dsh-spill-local';
import SystemPrompt from '@deepseek-ai/dsh-system-prompt';
import * as SystemPromptInvariant from '@deepseek-ai/dsh-system-prompt/invariant';
import ToolRuntime from '@deepseek-ai/dsh-tools';
import * as ToolsInvariant from '@deepseek-ai/dsh-tools/invariant';
import { TEST_MODEL, TEST_PROVIDER, TestLlmAdapter } from './test-llm.ts';
import type { TestReply } from './test-llm.ts';

export * from './test-llm.ts';
export * from './write-session.ts';

/**
 * `ctx.sessionQuery` engine whose two abstract full-text methods return empty
 * pages; every exact read (`readSurface`, `listSessions`, `readSession`, …) is
 * the real inherited implementation.
 */
export class NoSearchSessionQuery extends SessionQueryEngine {
  /** @returns an empty page. */
  override async searchSessions(): Promise<SessionSearchPage<SessionSearchHit>> {
    return { items: [] };
  }

  /**
   * @param request - the target session is resolved from metadata only (no log read).
   * @returns an empty page carrying the target's header.
   * @throws SessionQueryError `SESSION_QUERY_SESSION_NOT_FOUND` for an unknown id.
   */
  override async searchEvents(request: SessionEventSearchRequest): Promise<SessionEventSearchPage> {
    const record = (await this.listSessions()).find((candidate) => candidate.header.id === request.sessionId);
    if (record === undefined) {
      throw new SessionQueryError(`session "${request.sessionId}" not found`, 'SESSION_QUERY_SESSION_NOT_FOUND');
    }
    return { items: [], session: record.header };
  }
}

/** Options for {@link bootHost}. */
export interface BootHostOptions {
  /** JSONL persistence root (one root per compression mode: the backend refuses a root of the other encoding). */
  root: string;
  /** JSONL physical encoding; omitted uses the backend default (zstd). */
  compression?: 'none' | 'zstd';
  /** `ctx.sessionQuery` engine: `'nosearch'` (default), real SQLite FTS on `:memory:`, or none. */
  query?: 'nosearch' | 'sqlite' | false;
  /** Mount `@deepseek-ai/dsh-spill-local` (`ctx.spillStore`) with this root. */
  spillRoot?: string;
  /** Context window the test adapter reports; `null`/omitted reports none. */
  contextWindow?: number | null;
  /** Canned model reply (see {@link TestReply}); default `'ok'`. */
  reply?: TestReply;
  /** Mount `ctx.llm` with the test adapter registered for provider `test`. Default true. */
  llm?: boolean;
  /** Mount system prompt, tools, agents and the agent loop (`ctx.agentLoop`). Default true; requires `llm`. */
  agentLoop?: boolean;
  /** Mount `ctx.invariants` and the executable companions of the loaded packages. Default true. */
  invariants?: boolean;
}

/** A booted host. */
export interface Host {
  /** Root context; mount the plugin under test with `host.ctx.plugin(...)`. */
  ctx: Context;
  /** The options the host was booted with. */
  options: Readonly<BootHostOptions>;
  /** The LLM test double (registered only when `llm` is enabled). */
  adapter: TestLlmAdapter;
  /** Dispose the whole context; persistence drains to disk first. Idempotent. */
  dispose(): Promise<void>;
}

/**
 * Boot a real host. Plugin order: invariants (+ companions) → `SessionStore` →
 * JSONL persistence → session query → spill store → `LlmRuntime` (+ test adapter) →
 * `SystemPrompt` → `ToolRuntime` → `AgentRegistry` → `AgentLoop`.
 * @param options - persistence root/encoding and which optional services to mount.
 * @returns the host; call `dispose()` when done.
 */
export async function bootHost(options: BootHostOptions): Promise<Host> {
  const llm = options.llm ?? true;
  const agentLoop = options.agentLoop ?? true;
  const query = options.query ?? 'nosearch';
  if (agentLoop && !llm) throw new Error('bootHost: agentLoop requires llm');
  const ctx = new Context();
  const adapter = new TestLlmAdapter({ contextWindow: options.contextWindow ?? null, ...(options.reply ? { reply: options.reply } : {}) });
  let disposed: Promise<void> | undefined;
  const dispose = () => (disposed ??= ctx.fiber.dispose().then(() => undefined));
  try {
    if (options.invariants ?? true) {
      await ctx.plugin(InvariantRegistry, { enabled: true });
      await ctx.plugin(SessionInvariant);
      await ctx.plugin(CompactionInvariant);
      await ctx.plugin(ScopeInvariant);
      if (llm) await ctx.plugin(LlmInvariant);
      if (agentLoop) {
        await ctx.plugin(SystemPromptInvariant);
        await ctx.plugin(ToolsInvariant);
        await ctx.plugin(AgentInvariant);
        await ctx.plugin(AgentLoopInvariant);
      }
    }
    await ctx.plugin(SessionStore);
    await ctx.plugin(JsonlSessionPersistence, {
      root: options.root,
      ...(options.compression === undefined ? {} : { compression: options.compression }),
    });
    if (query === 'nosearch') await ctx.plugin(NoSearchSessionQuery);
    else if (query === 'sqlite') await ctx.plugin(SqliteSessionQueryEngine, { path: ':memory:' });
    if (options.spillRoot !== undefined) await ctx.plugin(LocalSpillStore, { root: options.spillRoot });
    if (llm) {
      await ctx.plugin(LlmRuntime);
      ctx.llm.registerAdapter([TEST_PROVIDER], adapter);
    }
    if (agentLoop) {
      await ctx.plugin(SystemPrompt, {});
      await ctx.plugin(ToolRuntime, {});
      await ctx.plugin(AgentRegistry);
      await ctx.plugin(AgentLoop, { agents: [] });
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { ctx, options, adapter, dispose };
}

/** Options for {@link createTargetAgent}. */
export interface TargetAgentOptions {
  /** Shared agent/session id. */
  id: string;
  /** Absolute workspace stored in the session header. */
  cwd?: string;
  /** Provider route; default `test`. */
  provider?: string;
  /** Model id; default `m`. */
  model?: string;
}

/**
 * Create a live agent through `ctx.agentLoop.create` (owned by the host's root fiber).
 * @param host - a host booted with the agent loop.
 * @param options - id, cwd, and model route.
 * @returns the running (idle) agent.
 */
export function createTargetAgent(host: Host, options: TargetAgentOptions): Agent {
  return host.ctx.agentLoop.create(
    SessionId(options.id),
    { provider: options.provider ?? TEST_PROVIDER, model: options.model ?? TEST_MODEL },
    options.cwd === undefined ? {} : { cwd: options.cwd },
  );
}

/** Result of {@link runTurn}. */
export interface TurnResult {
  /** Why the turn ended (`completed`, `blocked`, `error`, …). */
  reason: TurnEndReason;
  /** Events appended to the agent's session by this turn. */
  events: SessionEvent[];
}

/**
 * Run one user turn: `agent.followup(user message)`, `await agent.whenIdle()`,
 * then flush the session to disk (the loop itself does not flush at turn end).
 * Loop failures do not throw; inspect `reason`.
 * @param agent - an idle agent.
 * @param text - the user prompt.
 * @returns the turn's end reason and the events it appended.
 */
export async function runTurn(agent: Agent, text: string): Promise<TurnResult> {
  const from = agent.session.seq;
  agent.followup(createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'user' } }));
  await agent.whenIdle();
  await agent.ctx.sessions.flush(agent.session);
  const events = agent.session.events.slice(from);
  const end = events.findLast((event) => event.type === 'turn/end');
  if (end?.type !== 'turn/end') throw new Error(`agent "${agent.id}": no turn/end after followup`);
  return { reason: end.data.reason, events };
}

/** Header and complete stored log of one persisted session. */
export interface PersistedLog {
  header: SessionHeader;
  events: readonly SessionEvent[];
}

/**
 * Read one session's log back from disk with a FRESH minimal host (sessions +
 * JSONL persistence on the same root/encoding), via `sessionPersistence.inspect`
 * (no recovery is committed). Flush the writing host first.
 * @param location - persistence root and encoding of the writing host.
 * @param id - session id.
 * @returns the stored header and events.
 */
export async function readPersistedLog(location: Pick<BootHostOptions, 'root' | 'compression'>, id: string): Promise<PersistedLog> {
  const host = await bootHost({ ...location, query: false, llm: false, agentLoop: false, invariants: false });
  try {
    const inspection = await host.ctx.sessionPersistence.inspect(SessionId(id));
    return { header: inspection.meta, events: inspection.events };
  } finally {
    await host.dispose();
  }
}

/** Persistence methods that read a stored log. `api` = public service methods, `backend` = physical JSONL reads. */
const LOG_READ_METHODS = {
  api: ['load', 'inspect', 'readFrom', 'prepare', 'readRaw'],
  backend: ['loadStored', 'loadStoredFrom'],
} as const;

/** One observed log read. */
export interface LogRead {
  layer: 'api' | 'backend';
  method: string;
  sessionId: string;
}

/** Live counter of persistence log reads. */
export interface LogReadCounter {
  /** Every read observed since the last reset, in call order. */
  readonly reads: readonly LogRead[];
  /**
   * Count observed reads.
   * @param filter - restrict to one layer (default `backend`, the physical file reads) and/or session id.
   */
  count(filter?: { layer?: 'api' | 'backend' | 'all'; sessionId?: string }): number;
  /** Forget observed reads. */
  reset(): void;
  /** Remove the wrappers. */
  restore(): void;
}

/**
 * Wrap the mounted persistence service's log-read methods to count calls.
 * `backend` reads are the physical file reads (`loadStored`/`loadStoredFrom`),
 * which every API read goes through; note that creating a NEW live session also
 * probes its own id with one `loadStored` (the backend's "already on disk?" check),
 * and `list`/`listSnapshots` (header-only) are not counted.
 * @param host - a host with persistence mounted.
 * @returns the counter.
 */
export function watchLogReads(host: Host): LogReadCounter {
  const service = host.ctx.get('sessionPersistence');
  if (service === undefined) throw new Error('watchLogReads: no sessionPersistence mounted');
  const target = service as unknown as Record<string, unknown>;
  const reads: LogRead[] = [];
  const restores: (() => void)[] = [];
  for (const layer of ['api', 'backend'] as const) {
    for (const method of LOG_READ_METHODS[layer]) {
      const original = target[method];
      if (typeof original !== 'function') continue;
      const hadOwn = Object.hasOwn(target, method);
      target[method] = function (this: unknown, ...args: unknown[]) {
        reads.push({ layer, method, sessionId: String(args[0]) });
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
      restores.push(() => {
        if (hadOwn) target[method] = original;
        else Reflect.deleteProperty(target, method);
      });
    }
  }
  return {
    reads,
    count(filter = {}) {
      const layer = filter.layer ?? 'backend';
      return reads.filter(
        (read) => (layer === 'all' || read.layer === layer) && (filter.sessionId === undefined || read.sessionId === filter.sessionId),
      ).length;
    },
    reset() {
      reads.length = 0;
    },
    restore() {
      for (const undo of restores.splice(0)) undo();
    },
  };
}
