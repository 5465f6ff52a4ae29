/** The typed INVALID_REFERENCE failure of a synchronous call, asserted and returned for its message. */
import { expect } from 'vitest';
import { SessionReferenceError, SessionReferenceErrorCode } from '../../src/errors.ts';

/** Runs `run`, expects it to throw INVALID_REFERENCE as a SessionReferenceError, and returns that error. */
export function expectInvalid(run: () => unknown): SessionReferenceError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(SessionReferenceError);
  const error = caught as SessionReferenceError;
  expect(error.code).toBe(SessionReferenceErrorCode.INVALID_REFERENCE);
  expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
  expect(error.name).toBe('SessionReferenceError');
  return error;
}

/** The SessionReferenceError `run` throws; anything else it throws is rethrown, and returning is a failure. */
export function thrownBy(run: () => unknown): SessionReferenceError {
  try {
    run();
  } catch (error) {
    if (error instanceof SessionReferenceError) return error;
    throw error;
  }
  throw new Error('expected a throw');
}
