/**
 * The DSH invariant companion (package export `./invariant`, the `@deepseek-ai/dsh-invariants`
 * contract): runtime checks of every context message this package publishes.
 */
import type { Context } from '@deepseek-ai/cordis';
import type { PreStepDecision } from '@deepseek-ai/dsh-agent';
import type { InvariantFailure } from '@deepseek-ai/dsh-invariants';
import type { UserMessage } from '@deepseek-ai/dsh-llm';
import type { Session, SessionEvent } from '@deepseek-ai/dsh-session';
import { checkCitingRewrite, checkContextMessage, checkDeepFrozen, checkPlacement, isSessionReferenceContext } from './context-check.ts';
import type { CheckedMessage } from './context-check.ts';
import { PACKAGE_NAME } from '../remote/contract.ts';

/** Cordis companion plugin name. */
export const name = 'session-reference-invariant';

/** Service required before the companion can register. */
export const inject: string[] = ['invariants'];

type PreStepPayload = { agent: { id: string }; messages: UserMessage[]; turn: number; step: number };

/**
 * Every context message in the decision a step enters: frozen through and through, well formed
 * (framing, previews within their recorded budgets), right after a direct user message; and when
 * that message entered the step with another form, it is that message with its mentions rewritten.
 */
function checkDecision(payload: PreStepPayload, messages: readonly UserMessage[], fail: InvariantFailure): void {
  messages.forEach((message, i) => {
    if (!isSessionReferenceContext(message)) return;
    const citing: CheckedMessage | undefined = messages[i - 1];
    const violations = [...checkContextMessage(message), ...checkDeepFrozen(message, 'message'), ...checkPlacement(citing)];
    if (citing !== undefined && !payload.messages.includes(message)) {
      violations.push(...checkDeepFrozen(citing, 'citing message'));
      const original = payload.messages.find((entered) => entered.id === citing.id);
      if (original !== undefined) violations.push(...checkCitingRewrite(original, citing, message));
    }
    if (violations.length > 0) {
      fail(
        `context message ${String(message.id)} entering step ${payload.turn}.${payload.step} of agent "${payload.agent.id}": ${violations.join('; ')}`,
      );
    }
  });
}

/** A context message about to enter a session log: well formed, right after a logged direct user message. */
function checkAppend(session: Session, event: SessionEvent, fail: InvariantFailure): void {
  if (event.type !== 'user/message' || !isSessionReferenceContext(event.data)) return;
  const previous = session.events.at(-1);
  const placement =
    previous === undefined || previous.type === 'user/message'
      ? checkPlacement(previous?.data)
      : [`it follows a ${previous.type} event, not its citing direct user message`];
  const violations = [...checkContextMessage(event.data), ...placement];
  if (violations.length > 0) fail(`context message ${String(event.data.id)} appended to session "${session.id}": ${violations.join('; ')}`);
}

/**
 * Installs both observations. The step check wraps `agent/pre-step` and must see the decision the
 * loop actually takes, so it is re-prepended just before every dispatch of that waterfall: it stays
 * outermost whatever order the resolver and other listeners were mounted in. The log check runs
 * on `internal/dispatch` of `session/event`, before the append commits, so a violation keeps the
 * message out of the log.
 */
function install(ctx: Context, fail: InvariantFailure): void {
  const observeStep = async (payload: PreStepPayload, next: () => Promise<PreStepDecision>): Promise<PreStepDecision> => {
    const decision = await next();
    if (decision.kind === 'enter') checkDecision(payload, decision.messages, fail);
    return decision;
  };
  const listen = () => ctx.on('agent/pre-step', observeStep, { global: true, prepend: true });
  let unlisten = listen();
  ctx.on(
    'internal/dispatch',
    (_mode, eventName, args) => {
      if (eventName === 'session/event') checkAppend(args[0] as Session, args[1] as SessionEvent, fail);
      else if (eventName === 'agent/pre-step') {
        unlisten();
        unlisten = listen();
      }
    },
    { global: true },
  );
}

/**
 * Registers this package's checks with the invariant registry.
 * @param ctx - a context carrying `ctx.invariants`.
 * @returns the registration's disposer, once the checks are installed.
 */
export const apply = (ctx: Context): Promise<() => void> => Promise.resolve(ctx.invariants.register(PACKAGE_NAME, install));
