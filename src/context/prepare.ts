/** `prepare` step by step, after the edge's checks: the budget lookup, one read per source, retention, transcript saves and the context message. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import type { ResolvedConfig } from '../config.ts';
import { abortable, cancelledError, throwIfAborted } from '../errors.ts';
import type { NormalizedReference } from '../mentions/normalize.ts';
import type { PrepareAgent } from '../arguments.ts';
import type { PreparedReferencedMessage } from '../types.ts';
import { assembleReferenceContext, retainSources } from './assemble.ts';
import { automaticReferenceBytes, DEFAULT_MAX_REFERENCE_BYTES } from './budget.ts';
import { captureSources } from './capture.ts';
import { citingQueryText } from './citing-query.ts';
import type { AgentRoute } from './routes.ts';
import type { SourceCapture } from './prepare-data.ts';
import { saveTranscripts } from './spill.ts';
import { compileFocusQuery } from './terms.ts';
import type { FocusQuery } from './terms.ts';

const PREPARING = 'session reference preparation';

/** What preparing reads from its host: the services on `ctx`, the resolved config and each agent's model route. */
export interface PrepareHost {
  /** The context whose `sessionQuery`, `llm` and `spillStore` are used; the optional ones are looked up on every call. */
  readonly ctx: Context;
  /** The resolved config. */
  readonly config: ResolvedConfig;
  /** The provider/model route the automatic budget is computed for. */
  readonly routeOf: (agent: PrepareAgent) => AgentRoute;
}

/**
 * The per-source byte budget for `agent` now: the explicit `maxReferenceBytes`; else, for a route
 * with both provider and model and a mounted `llm`, the automatic budget of the model's context
 * window; else 64 KiB. A `NO_ADAPTER` lookup failure also gives 64 KiB, an abort gives CANCELLED,
 * and any other lookup error propagates unchanged.
 */
export async function budgetFor(host: PrepareHost, agent: PrepareAgent, signal?: AbortSignal): Promise<number> {
  if (host.config.maxReferenceBytes !== undefined) return host.config.maxReferenceBytes;
  const { provider, model } = host.routeOf(agent);
  const llm = host.ctx.get('llm');
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
  return automaticReferenceBytes(window, host.config.referenceContextFraction);
}

function isNoAdapter(error: unknown): boolean {
  try {
    return (error as { code?: unknown } | null | undefined)?.code === 'NO_ADAPTER';
  } catch {
    return false;
  }
}

/**
 * Prepares checked content and normalised references: resolves the budget, reads every source once
 * in parallel, retains each, saves the transcripts of truncated ones and builds the frozen context
 * message. All or nothing: any failure throws and nothing is returned. What it decided per source
 * can be read back from the message with `readPreparedContext`. With `retention: 'focused'`
 * the retention query is the content's readable text, whether it still holds canonical mentions
 * (`prepare`) or is already rewritten (the pre-step listener); the content itself is not changed.
 */
export async function prepareMessage(
  host: PrepareHost,
  agent: PrepareAgent,
  content: ContentBlock[],
  references: readonly NormalizedReference[],
  signal: AbortSignal | undefined,
): Promise<PreparedReferencedMessage> {
  if (references.length === 0) return { content };
  throwIfAborted(signal, PREPARING);
  const budget = await budgetFor(host, agent, signal);
  throwIfAborted(signal, PREPARING);
  const captures = await captureSources(host.ctx.sessionQuery, references, host.config.redactSecrets, signal);
  // A turn of the event loop between the scan and retention, so that neither adds to the other's hold on it.
  if (host.config.redactSecrets) await nextTurn();
  throwIfAborted(signal, PREPARING);
  const focus = host.config.retention === 'focused' ? focusOf(content, references, captures) : undefined;
  const retained = retainSources(references, captures, budget, focus);
  const outcomes = await saveTranscripts(host.ctx.get('spillStore'), agent.id, retained, signal);
  const { text, source } = assembleReferenceContext(budget, retained, outcomes);
  return { content, additionalContext: createUserMessage({ content: [{ type: 'text', text }], source }) };
}

/** The focused-retention query of a citing message: its readable text, the cited labels left out, as given and as cleaned. */
function focusOf(
  content: readonly ContentBlock[],
  references: readonly NormalizedReference[],
  captures: readonly SourceCapture[],
): FocusQuery {
  return compileFocusQuery(
    citingQueryText(content, [...references.map((reference) => reference.label), ...captures.map((capture) => capture.label)]),
  );
}
