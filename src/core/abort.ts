/** Racing a promise against an AbortSignal without leaking listeners. */
import { cancelledError } from './errors.ts';

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
