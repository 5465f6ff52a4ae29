/** The per-source budget `prepare` uses: the explicit one, or the automatic one of the model the agent's route names, looked up through the host's `llm`. */
import type { LlmRuntime } from '@deepseek-ai/dsh-llm';
import type { ResolvedConfig } from '../config.ts';
import { abortable, cancelledError } from '../errors.ts';
import { automaticReferenceBytes, DEFAULT_MAX_REFERENCE_BYTES } from './budget.ts';

/**
 * The per-source byte budget: the explicit `maxReferenceBytes`; else, for a route with both
 * provider and model and a mounted `llm`, the automatic budget of the model's context window;
 * else 64 KiB. A `NO_ADAPTER` lookup failure also gives 64 KiB, an abort gives CANCELLED, and any
 * other lookup error propagates unchanged.
 */
export async function resolveBudget(
  llm: Pick<LlmRuntime, 'resolveModelInfo'> | undefined,
  config: Pick<ResolvedConfig, 'maxReferenceBytes' | 'referenceContextFraction'>,
  route: { readonly provider?: string; readonly model?: string },
  signal?: AbortSignal,
): Promise<number> {
  if (config.maxReferenceBytes !== undefined) return config.maxReferenceBytes;
  const { provider, model } = route;
  if (!provider || !model || llm === undefined) return DEFAULT_MAX_REFERENCE_BYTES;
  let window: unknown;
  try {
    const info = await abortable(llm.resolveModelInfo(provider, model, signal), signal, 'model metadata lookup');
    window = (info as { context?: { contextWindow?: unknown } } | undefined)?.context?.contextWindow;
  } catch (error) {
    if (signal?.aborted) throw cancelledError(signal, 'model metadata lookup');
    if (isNoAdapter(error)) return DEFAULT_MAX_REFERENCE_BYTES;
    throw error;
  }
  return automaticReferenceBytes(window, config.referenceContextFraction);
}

function isNoAdapter(error: unknown): boolean {
  try {
    return (error as { code?: unknown } | null | undefined)?.code === 'NO_ADAPTER';
  } catch {
    return false;
  }
}
