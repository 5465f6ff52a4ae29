/** The public methods' arguments as JavaScript callers may pass them, checked once at the edge so the insides trust their types. */
import { quoteText, readGuarded, SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';
import type { PreparedReferencedMessage, SessionReferenceAgent, SessionReferenceInput } from './types.ts';

/** What `prepare` reads of its agent: the id (the target session) and the route options. */
export type PrepareAgent = Pick<SessionReferenceAgent, 'id' | 'options'>;

/** What `listCandidates` reads of its agent: the id (left out of the results) and its session's cwd (ranking). */
export interface ListingAgent {
  readonly id: string;
  readonly session: { readonly header: { readonly cwd?: string } };
}

/** The largest length an array can have; a Proxy claiming more (or a non-integer) is not an array. */
const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** A value's kind as an error message names it: `null`, `an array`, `a number`, `an object`, `undefined`. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function invalid(message: string): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE);
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** `object[key]`, read once inside {@link readGuarded}, which names the read `what`. */
function field(object: unknown, key: string, what: string): unknown {
  return readGuarded(() => (object as Record<string, unknown>)[key], what);
}

function idOf(agent: unknown): string {
  if (!isObject(agent)) throw invalid(`agent must be an object with a string id, got ${typeName(agent)}`);
  const id = field(agent, 'id', 'agent.id');
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
  const options = field(agent, 'options', 'agent.options');
  if (!isObject(options)) return { id };
  const provider = field(options, 'provider', 'agent.options.provider');
  const model = field(options, 'model', 'agent.options.model');
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
  const session = field(agent, 'session', 'agent.session');
  if (!isObject(session)) throw invalid(`agent.session must be an object with a header, got ${typeName(session)}`);
  const header = field(session, 'header', 'agent.session.header');
  if (!isObject(header)) throw invalid(`agent.session.header must be an object, got ${typeName(header)}`);
  const cwd = field(header, 'cwd', 'agent.session.header.cwd');
  return { id, session: { header: typeof cwd === 'string' ? { cwd } : {} } };
}

/**
 * The caller's references, each read and checked only when the walk reaches it, so a consumer that
 * stops at its first error reads nothing after it, whatever length the array claims. The array must
 * be an array with a true array length, each entry an object (a hole is not) with a string
 * `sessionId` and an optional string `label`, each field read once; anything else, a getter or
 * Proxy trap that throws included, is INVALID_REFERENCE (with the thrown value as `cause`).
 */
export function* readReferences(references: unknown): Generator<SessionReferenceInput, void, undefined> {
  const length = arrayLength(references, 'references');
  for (let index = 0; index < length; index++) yield readReference(field(references, String(index), `reference ${index}`), index);
}

/** The length of the array a caller passed as `name`: INVALID_REFERENCE unless it is an array whose `length` reads as an array length. */
function arrayLength(value: unknown, name: string): number {
  if (!readGuarded(() => Array.isArray(value), `the ${name}`)) throw invalid(`${name} must be an array, got ${typeName(value)}`);
  const length = field(value, 'length', `the length of the ${name} array`);
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > MAX_ARRAY_LENGTH) {
    const shown = typeof length === 'number' ? String(length) : typeName(length);
    throw invalid(`the ${name} array reports a length that is not an array length: ${shown}`);
  }
  return length;
}

/**
 * A deep copy of the citing message's content, after checking it is an array of blocks (objects
 * with a string `type`) that can be copied. The walk stops at the first bad block (a hole is one);
 * bad content, a getter or Proxy trap that throws, or a value that cannot be cloned is
 * INVALID_REFERENCE (with the thrown value as `cause`), never a raw `TypeError` or `DataCloneError`.
 */
export function readContent(content: unknown): PreparedReferencedMessage['content'] {
  const length = arrayLength(content, 'content');
  const blocks: unknown[] = [];
  for (let index = 0; index < length; index++) {
    const block = field(content, String(index), `content block ${index}`);
    const type = isObject(block) ? field(block, 'type', `content block ${index}'s type`) : undefined;
    if (typeof type !== 'string') throw invalid(`content block ${index} is not an object with a string type (got ${typeName(block)})`);
    blocks.push(block);
  }
  try {
    return structuredClone(blocks) as PreparedReferencedMessage['content'];
  } catch (error) {
    throw new SessionReferenceError(
      'content cannot be copied (it holds a function, a symbol or another value that cannot be cloned)',
      SessionReferenceErrorCode.INVALID_REFERENCE,
      { cause: error },
    );
  }
}

function readReference(entry: unknown, index: number): SessionReferenceInput {
  if (entry === null || typeof entry !== 'object') throw invalid(`reference ${index} is not an object (got ${typeName(entry)})`);
  const sessionId = field(entry, 'sessionId', `reference ${index}'s sessionId`);
  if (typeof sessionId !== 'string') throw invalid(`reference ${index} has no string sessionId (got ${typeName(sessionId)})`);
  const label = field(entry, 'label', `reference ${index}'s label`);
  if (label === undefined) return { sessionId };
  if (typeof label !== 'string') {
    throw invalid(`reference ${index} (session ${quoteText(sessionId)}) has a label that is not a string (got ${typeName(label)})`);
  }
  return { sessionId, label };
}

/**
 * Links the signal a caller passed (`null` counts as absent) to `call`: aborts it at once when the
 * signal has aborted, else when it does, with the signal's reason. A signal whose `aborted`,
 * `reason` or `addEventListener` cannot be read is INVALID_REFERENCE, with what it threw as `cause`.
 * @returns the unlink, to run once the call settles.
 */
export function linkCallerSignal(signal: AbortSignal | null | undefined, call: AbortController): () => void {
  if (signal === undefined || signal === null) return () => {};
  if (readGuarded(() => signal.aborted, 'the signal')) {
    call.abort(readGuarded(() => signal.reason as unknown, 'the signal'));
    return () => {};
  }
  const onAbort = () => {
    call.abort(signal.reason);
  };
  readGuarded(() => {
    signal.addEventListener('abort', onAbort, { once: true });
  }, 'the signal');
  return () => {
    signal.removeEventListener('abort', onAbort);
  };
}
