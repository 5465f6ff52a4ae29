/** The typed error every failure of this package surfaces as, its stable codes, and cancellation. */
import { splitsPair } from './utf16.ts';

/** Stable error codes; hosts branch on these, never on messages. */
export const SessionReferenceErrorCode = {
  INVALID_CONFIG: 'SESSION_REFERENCE_INVALID_CONFIG',
  INVALID_REFERENCE: 'SESSION_REFERENCE_INVALID_REFERENCE',
  SELF_REFERENCE: 'SESSION_REFERENCE_SELF_REFERENCE',
  TOO_MANY: 'SESSION_REFERENCE_TOO_MANY',
  READ_FAILED: 'SESSION_REFERENCE_READ_FAILED',
  BUDGET_EXCEEDED: 'SESSION_REFERENCE_BUDGET_EXCEEDED',
  CANCELLED: 'SESSION_REFERENCE_CANCELLED',
} as const;

/** One of the seven stable `SESSION_REFERENCE_*` codes. */
export type SessionReferenceErrorCode = (typeof SessionReferenceErrorCode)[keyof typeof SessionReferenceErrorCode];

/** Failure of a session-reference operation; `code` is stable, `cause` holds the underlying error when one exists. */
export class SessionReferenceError extends Error {
  override readonly name = 'SessionReferenceError';
  /** The stable code. */
  readonly code: SessionReferenceErrorCode;

  /** Builds an error from a message, a stable code and an optional cause: message first, as the host's error classes take it. */
  constructor(message: string, code: SessionReferenceErrorCode, options?: { cause?: unknown }) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
  }
}

/** True when `error` is a `SessionReferenceError`, optionally with the given code. */
export function isSessionReferenceError(error: unknown, code?: SessionReferenceErrorCode): error is SessionReferenceError {
  return error instanceof SessionReferenceError && (code === undefined || error.code === code);
}

/** The CANCELLED error for an aborted signal, carrying the signal's reason as `cause`. */
export function cancelledError(signal: AbortSignal, what: string): SessionReferenceError {
  return new SessionReferenceError(`${what} was cancelled`, SessionReferenceErrorCode.CANCELLED, { cause: signal.reason });
}

/** Throws CANCELLED when `signal` is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelledError(signal, what);
}

/** The most characters of host text (an id, a label, a file's bytes, a host error's message) an error message quotes. */
export const QUOTED_TEXT_LIMIT = 200;

/**
 * The controls no message or label holds raw: C0 (NUL, line breaks and tabs among them), DEL, C1
 * (NEL among them), the line and paragraph separators, and the bidi embeddings, overrides and isolates.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What may not stand raw in a message: the controls and lone surrogates. */
const UNPRINTABLE = new RegExp(
  `${CONTROL_CHARACTERS.source}|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
  'g',
);
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every character `pattern` matches, but those in `keep`, written as an escape: `\n`, `\u001b`. */
export function escapeMatches(text: string, pattern: RegExp, keep = ''): string {
  return text.replace(pattern, (c) => (keep.includes(c) ? c : (SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)));
}

/** `text` cut to {@link QUOTED_TEXT_LIMIT} characters (never inside a surrogate pair), and what follows the cut. */
function bounded(text: string): { head: string; tail: string } {
  if (text.length <= QUOTED_TEXT_LIMIT) return { head: text, tail: '' };
  const end = splitsPair(text, QUOTED_TEXT_LIMIT) ? QUOTED_TEXT_LIMIT - 1 : QUOTED_TEXT_LIMIT;
  return { head: text.slice(0, end), tail: `… (${text.length} characters)` };
}

/**
 * Host text as an error message quotes it: in double quotes, `"` and `\` escaped, every control (C0 with
 * NUL, DEL, C1), line/paragraph separator, bidi control and lone surrogate written as an escape (`\n`,
 * `\u001b`), and, past {@link QUOTED_TEXT_LIMIT} characters, cut there and followed by `… (<length>
 * characters)`: `"abc"` or `"<200 characters>"… (10000 characters)`.
 */
export function quoteText(text: string): string {
  const { head, tail } = bounded(text);
  return `"${escapeMatches(head.replace(/["\\]/g, '\\$&'), UNPRINTABLE)}"${tail}`;
}

/**
 * A one-line description of any thrown value, for an error message: `code: message` for an error
 * with a string code, the message for an error, else a string conversion; bounded and escaped like
 * {@link quoteText}, without the quotes. Never throws, whatever the value is (a symbol, an object
 * without a prototype, one whose `toString` or getters throw).
 */
export function describeThrown(value: unknown): string {
  const { head, tail } = bounded(rawDescription(value));
  return `${escapeMatches(head, UNPRINTABLE)}${tail}`;
}

function rawDescription(value: unknown): string {
  try {
    if (value instanceof Error) {
      const code = (value as { code?: unknown }).code;
      // a subclass or a foreign realm may leave `message` a non-string
      const raw: unknown = value.message;
      const message = typeof raw === 'string' ? raw : String(raw);
      return typeof code === 'string' ? `${code}: ${message}` : message;
    }
    return String(value); // a symbol too, which only a template or `+` refuses
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return 'an unprintable value';
    }
  }
}

/** READ_FAILED for a host rejection: `what` plus the thrown value's description, with the value as `cause`. */
export function readFailed(what: string, cause: unknown): SessionReferenceError {
  return new SessionReferenceError(`${what}: ${describeThrown(cause)}`, SessionReferenceErrorCode.READ_FAILED, { cause });
}

/**
 * The value `read` returns (a caller's getter, a Proxy trap, an `Array.isArray` of a revoked Proxy);
 * whatever it throws becomes INVALID_REFERENCE `<what> could not be read: …`, with the thrown value as `cause`.
 */
export function readGuarded<T>(read: () => T, what: string): T {
  try {
    return read();
  } catch (error) {
    throw new SessionReferenceError(`${what} could not be read: ${describeThrown(error)}`, SessionReferenceErrorCode.INVALID_REFERENCE, {
      cause: error,
    });
  }
}

/**
 * Settles like `promise`, or rejects with CANCELLED as soon as `signal` aborts (immediately when it
 * already has). The abort listener is removed once either side settles; a later rejection of
 * `promise` is observed, so it never surfaces as unhandled.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (signal === undefined) return promise;
  promise.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(cancelledError(signal, what));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}
