/** Each agent's final provider/model route, captured at prompt assembly, for the automatic budget. */
import type { Context } from '@deepseek-ai/cordis';
import type { PrepareAgent } from '../arguments.ts';

/** A provider/model route; either may be missing. */
export interface AgentRoute {
  readonly provider?: string;
  readonly model?: string;
}

/**
 * Registers on `ctx` the listeners that record each agent's route as `system-prompt/assemble`
 * finally resolves it and forget it on `agent/disposed`; they end with `ctx`'s fiber. Returns the
 * lookup: the captured route, else the agent's options, else an empty route.
 */
export function trackAgentRoutes(ctx: Context): (agent: PrepareAgent) => AgentRoute {
  const routes = new Map<string, AgentRoute>();
  ctx.on(
    'system-prompt/assemble',
    async (_assembly, context, next) => {
      const assembled = await next();
      if (context.agent !== undefined) {
        const { provider, model } = assembled.variables;
        routes.set(context.agent.id, { provider, model });
      }
      return assembled;
    },
    { prepend: true },
  );
  ctx.on('agent/disposed', ({ agent }) => void routes.delete(agent.id));
  return (agent) => routes.get(agent.id) ?? agent.options ?? {};
}
