/** Two edges of `prepare`: the one check and copy of caller content, and the budget lookup through the host's `llm`. */
import type { ContentBlock, LlmRuntime } from '@deepseek-ai/dsh-llm';
import { abortable } from '../core/abort.ts';
import { automaticReferenceBytes, DEFAULT_MAX_REFERENCE_BYTES } from '../core/config.ts';
import type { ResolvedConfig } from '../core/config.ts';
import { cancelledError, SessionReferenceError, SessionReferenceErrorCode } from '../core/errors.ts';

/**
 * A deep copy of the citing message's content, after checking it is an array of blocks (objects
 * with a string `type`) that can be copied. Bad content is INVALID_REFERENCE, never a raw
 * `TypeError` or `DataCloneError`.
 */
export function copyContent(content: unknown): ContentBlock[] {
  if (!Array.isArray(content)) throw badContent('content must be an array of content blocks');
  content.forEach((block: unknown, index) => {
    if (block === null || typeof block !== 'object' || typeof (block as { type?: unknown }).type !== 'string') {
      throw badContent(`content block ${index} is not an object with a string type`);
    }
  });
  return cloneContent(content as ContentBlock[]);
}

/** A deep copy of content blocks whose shape is already known (a host message's); uncloneable content is INVALID_REFERENCE. */
export function cloneContent(content: readonly ContentBlock[]): ContentBlock[] {
  try {
    return structuredClone(content) as ContentBlock[];
  } catch (error) {
    throw badContent('content cannot be copied (it holds a function, a symbol or another value that cannot be cloned)', error);
  }
}

function badContent(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}

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
