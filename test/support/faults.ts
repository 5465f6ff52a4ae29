/** Faults injected at one await of `prepare` or `listCandidates` on a real host's services (a rejection, a hang the caller gives up, an abort between steps), and the outcome each must have. */
import { expect } from 'vitest';
import { SessionReferenceError } from '../../src/index.ts';
import type { Host } from './host.ts';

/** Where a fault is injected: one await point of `prepare` or `listCandidates`. */
export type Point =
  'read:first' | 'read:middle' | 'read:last' | 'lookup' | 'save:first' | 'save:middle' | 'save:last' | 'list:cached' | 'list:uncached';

/**
 * What the fault does:
 * - `reject`: the awaited call rejects;
 * - `hang`: the awaited call never settles by itself; the caller aborts, and the hung call is settled (rejected)
 *   late, after the caller gave up — or, for listing, when the signal it was handed aborts;
 * - `abort-between`: the awaited call succeeds, but the caller aborts while it is in flight, so the abort lands
 *   between this step and the next.
 * `reject-no-adapter` (lookup only) is the control: a `NO_ADAPTER` lookup failure is not an error.
 */
export type Kind = 'reject' | 'hang' | 'abort-between' | 'reject-no-adapter';

/** How the fault is driven: a direct call with our own signal, or a real agent turn cancelled by `agent.cancel`. */
export type Mode = 'direct' | 'turn';

/** The fault kinds every point is tried with (`reject-no-adapter` is lookup's own control). */
export const KINDS: readonly Kind[] = ['reject', 'hang', 'abort-between'];

/** The cited sources, each the target of the read and save points of its position. */
export const SOURCES = ['src-0', 'src-1', 'src-2'] as const;
const SOURCE_OF: Partial<Record<Point, string>> = {
  'read:first': 'src-0',
  'read:middle': 'src-1',
  'read:last': 'src-2',
  'save:first': 'src-0',
  'save:middle': 'src-1',
  'save:last': 'src-2',
};

export interface Case {
  point: Point;
  kind: Kind;
  mode: Mode;
}

/** The outcome a case must have. */
export type Expected =
  | { outcome: 'error'; code: 'SESSION_REFERENCE_READ_FAILED' | 'SESSION_REFERENCE_CANCELLED' }
  | { outcome: 'same-error' }
  | { outcome: 'save-failed'; sessionId: string }
  | { outcome: 'success' };

export function expected({ point, kind }: Case): Expected {
  if (kind === 'hang' || kind === 'abort-between') return { outcome: 'error', code: 'SESSION_REFERENCE_CANCELLED' };
  if (kind === 'reject-no-adapter') return { outcome: 'success' };
  if (point === 'lookup') return { outcome: 'same-error' };
  if (point.startsWith('save:')) return { outcome: 'save-failed', sessionId: SOURCE_OF[point]! };
  return { outcome: 'error', code: 'SESSION_REFERENCE_READ_FAILED' };
}

/** Replaces `target[method]` with `wrapper(original)`; returns the undo. */
function intercept(
  target: object,
  method: string,
  wrapper: (original: (...args: unknown[]) => Promise<unknown>) => (...args: unknown[]) => Promise<unknown>,
): () => void {
  const record = target as Record<string, unknown>;
  const hadOwn = Object.hasOwn(record, method);
  const original = record[method] as (...args: unknown[]) => Promise<unknown>;
  const bound =
    (self: unknown) =>
    (...args: unknown[]) =>
      original.apply(self, args);
  record[method] = function (this: unknown, ...args: unknown[]) {
    return wrapper(bound(this))(...args);
  };
  return () => {
    if (hadOwn) record[method] = original;
    else Reflect.deleteProperty(record, method);
  };
}

/** State of one armed fault. */
export interface Fault {
  /** Times the fault actually fired. */
  fired: number;
  /** The error a `reject` fault rejects with. */
  readonly error: Error & { code: string };
  /** Settles a hung call late (a rejection, as a dying backend would); set once a hang fired. */
  release?: () => void;
  /** Whether the hung call has settled. */
  hungSettled: boolean;
}

/** Installs the fault of `c` on the host's real services; `armed()` gates it, `abort()` is the caller's cancellation. */
export function installFault(host: Host, c: Case, armed: () => boolean, abort: () => void): { fault: Fault; restore: () => void } {
  const fault: Fault = {
    fired: 0,
    error: Object.assign(new Error(`injected ${c.kind} at ${c.point}`), {
      code: c.kind === 'reject-no-adapter' ? 'NO_ADAPTER' : 'E_INJECTED',
    }),
    hungSettled: false,
  };

  const inject = async (original: () => Promise<unknown>, signal: AbortSignal | undefined): Promise<unknown> => {
    fault.fired++;
    switch (c.kind) {
      case 'reject':
      case 'reject-no-adapter':
        throw fault.error;
      case 'abort-between': {
        const value = await original();
        abort();
        return value;
      }
      case 'hang': {
        const hung = new Promise<never>((_resolve, reject) => {
          const settle = (reason: unknown) => {
            if (fault.hungSettled) return;
            fault.hungSettled = true;
            signal?.removeEventListener('abort', onAbort);
            reject(reason);
          };
          // Only listing is handed a signal; a hung listing honours it like the real engine's next check would.
          const onAbort = () => {
            settle(signal!.reason);
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          fault.release = () => {
            settle(new Error(`late failure of the hung ${c.point}`));
          };
        });
        setImmediate(abort);
        return hung;
      }
    }
  };

  const target = SOURCE_OF[c.point];
  let restore: () => void;
  switch (c.point) {
    case 'read:first':
    case 'read:middle':
    case 'read:last':
      restore = intercept(
        host.ctx.sessionQuery,
        'readSurface',
        (original) =>
          (...args) =>
            armed() && args[0] === target ? inject(() => original(...args), undefined) : original(...args),
      );
      break;
    case 'lookup':
      restore = intercept(
        host.ctx.llm,
        'resolveModelInfo',
        (original) =>
          (...args) =>
            armed() ? inject(() => original(...args), undefined) : original(...args),
      );
      break;
    case 'save:first':
    case 'save:middle':
    case 'save:last':
      restore = intercept(
        host.ctx.spillStore,
        'saveText',
        (original) =>
          (...args) =>
            armed() && (args[0] as { source: { sessionId: string } }).source.sessionId === target
              ? inject(() => original(...args), undefined)
              : original(...args),
      );
      break;
    case 'list:cached':
    case 'list:uncached':
      restore = intercept(
        host.ctx.sessionQuery,
        'listSessions',
        (original) =>
          (...args) =>
            armed() ? inject(() => original(...args), args[0] as AbortSignal | undefined) : original(...args),
      );
      break;
  }
  return { fault, restore };
}

/** Expects `error` to be the outcome `want` names for `fault`, a cancellation caused by `cancelReason`. */
export function assertError(error: unknown, want: Expected, fault: Fault, cancelReason: unknown): void {
  if (want.outcome === 'same-error') {
    expect(error).toBe(fault.error);
    return;
  }
  if (want.outcome !== 'error') throw new Error(`expected success, got ${String(error)}`);
  expect(error).toBeInstanceOf(SessionReferenceError);
  expect((error as SessionReferenceError).name).toBe('SessionReferenceError');
  expect((error as SessionReferenceError).code).toBe(want.code);
  if (want.code === 'SESSION_REFERENCE_READ_FAILED') {
    expect((error as Error).cause).toBe(fault.error);
    expect((error as Error).message).toContain(fault.error.message);
  } else {
    expect((error as Error).cause).toBe(cancelReason);
  }
}
