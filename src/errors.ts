/** The typed error every failure of this package surfaces as, with its stable codes. */

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

  /** Builds an error with a code, a message, and an optional cause. */
  constructor(code: SessionReferenceErrorCode, message: string, options?: { cause?: unknown }) {
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
  return new SessionReferenceError(SessionReferenceErrorCode.CANCELLED, `${what} was cancelled`, { cause: signal.reason });
}

/** Throws CANCELLED when `signal` is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelledError(signal, what);
}
