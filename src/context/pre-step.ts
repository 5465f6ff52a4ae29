/** The `agent/pre-step` listener: each direct user message that cites sessions becomes its readable form plus its context message. */
import type { Context } from '@deepseek-ai/cordis';
import type { PreStepDecision } from '@deepseek-ai/dsh-agent';
import { freezeMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock, UserMessage } from '@deepseek-ai/dsh-llm';
import { cleanLabel } from '../mentions/label-text.ts';
import { rewriteMentions } from '../mentions/rewrite.ts';
import type { PreparedReferencedMessage, SessionReferenceAgent } from '../types.ts';

/** What the listener calls for one citing message, with its readable content and its references: the service's own `prepare`. */
export type PrepareMessage = (
  agent: SessionReferenceAgent,
  content: readonly ContentBlock[],
  references: readonly unknown[],
  signal: AbortSignal,
) => Promise<PreparedReferencedMessage>;

/**
 * Registers, outermost, the `agent/pre-step` listener: after the inner listeners decide, every
 * direct user message with mentions is replaced by its rewritten, frozen copy followed by its
 * context message; a rejected step or one without mentions passes unchanged. Each readable
 * `@label` is the label cleaned as untrusted text ({@link cleanLabel}, redacted when `redact`).
 * A failure of `prepare` fails the step. Returns the registration's disposer.
 */
export function listenPreStep(ctx: Context, redact: boolean, prepare: PrepareMessage): () => void {
  return ctx.on(
    'agent/pre-step',
    async (payload, next) => {
      const decision = await next();
      return decision.kind === 'reject' ? decision : rewriteDecision(prepare, payload.agent, decision, payload.signal, redact);
    },
    { prepend: true },
  );
}

async function rewriteDecision(
  prepare: PrepareMessage,
  agent: SessionReferenceAgent,
  decision: Extract<PreStepDecision, { kind: 'enter' }>,
  signal: AbortSignal,
  redact: boolean,
): Promise<PreStepDecision> {
  const readable = (label: string): string => cleanLabel(label, { redact });
  let changed = false;
  const messages: UserMessage[] = [];
  for (const message of decision.messages) {
    const rewritten = message.source.kind === 'user' ? rewriteMentions(message.content, readable) : undefined;
    if (rewritten === undefined || rewritten.references.length === 0) {
      messages.push(message);
      continue;
    }
    const prepared = await prepare(agent, rewritten.content, rewritten.references, signal);
    const context = prepared.additionalContext;
    // Preparing a message that cites sessions always gives its reference context.
    if (context === undefined) throw new Error('internal error: a message citing sessions was prepared without reference context');
    messages.push(freezeMessage({ ...message, content: prepared.content }), context);
    changed = true;
  }
  return changed ? { kind: 'enter', messages } : decision;
}
