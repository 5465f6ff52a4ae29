/** The typed error every failure of this package surfaces as, its stable codes, and cancellation. */

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

/**
 * A one-line description of any thrown value, for an error message: `code: message` for an error
 * with a string code, the message for an error, else a string conversion. Never throws, whatever
 * the value is (a symbol, an object without a prototype, one whose `toString` or getters throw).
 */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error) {
      const code = (value as { code?: unknown }).code;
      const message = String(value.message);
      return typeof code === 'string' ? `${code}: ${message}` : message;
    }
    if (typeof value === 'symbol') return value.toString();
    return String(value);
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
 * Settles like `promise`, or rejects with CANCELLED as soon as `signal` aborts (immediately when it
 * already has). The abort listener is removed once either side settles; a later rejection of
 * `promise` is observed, so it never surfaces as unhandled.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(cancelledError(signal, what));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(cancelledError(signal, what));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
