/** The agent a caller hands to `prepare` or `listCandidates`, checked and read once at the public edge. */
import { readGuarded, SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
import type { SessionReferenceAgent } from './types.ts';

/** What `prepare` reads of its agent: the id (the target session) and the route options. */
export type PrepareAgent = Pick<SessionReferenceAgent, 'id' | 'options'>;

/** What `listCandidates` reads of its agent: the id (left out of the results) and its session's cwd (ranking). */
export interface ListingAgent {
  readonly id: string;
  readonly session: { readonly header: { readonly cwd?: string } };
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

function invalid(message: string): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE);
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function idOf(agent: unknown): string {
  if (!isObject(agent)) throw invalid(`agent must be an object with a string id, got ${typeName(agent)}`);
  const id = readGuarded(() => (agent as { id?: unknown }).id, 'agent.id');
  if (typeof id !== 'string') throw invalid(`agent.id must be a string, got ${typeName(id)}`);
  return id;
}

/**
 * A plain copy of `prepare`'s agent: an object with a string `id`, and its `options`' string
 * `provider` and `model` when present. Anything else, or a getter that throws, is INVALID_REFERENCE
 * (with the thrown value as `cause`).
 */
export function readPrepareAgent(agent: unknown): PrepareAgent {
  const id = idOf(agent);
  const options = readGuarded(() => (agent as { options?: unknown }).options, 'agent.options');
  if (!isObject(options)) return { id };
  const provider = readGuarded(() => (options as { provider?: unknown }).provider, 'agent.options.provider');
  const model = readGuarded(() => (options as { model?: unknown }).model, 'agent.options.model');
  return {
    id,
    options: { ...(typeof provider === 'string' ? { provider } : {}), ...(typeof model === 'string' ? { model } : {}) },
  };
}

/**
 * A plain copy of `listCandidates`' agent: an object with a string `id` and a `session.header`
 * object, whose `cwd` is kept when it is a string. Anything else, or a getter that throws, is
 * INVALID_REFERENCE (with the thrown value as `cause`) saying what was wrong.
 */
export function readListingAgent(agent: unknown): ListingAgent {
  const id = idOf(agent);
  const session = readGuarded(() => (agent as { session?: unknown }).session, 'agent.session');
  if (!isObject(session)) throw invalid(`agent.session must be an object with a header, got ${typeName(session)}`);
  const header = readGuarded(() => (session as { header?: unknown }).header, 'agent.session.header');
  if (!isObject(header)) throw invalid(`agent.session.header must be an object, got ${typeName(header)}`);
  const cwd = readGuarded(() => (header as { cwd?: unknown }).cwd, 'agent.session.header.cwd');
  return { id, session: { header: typeof cwd === 'string' ? { cwd } : {} } };
}
