/** What a call may leave behind once it is over, measured: Cordis hooks, abort listeners on a signal it was handed, and pending timers. */
import { createHook } from 'node:async_hooks';
import type { Host } from './host.ts';

interface TrackedListener {
  type: string;
  listener: unknown;
  capture: boolean;
  once: boolean;
  addedWhileAborted: boolean;
}

/** Add/remove bookkeeping on one AbortSignal instance: which listeners added while `recording()` are still attached. */
export interface SignalProbe {
  adds: number;
  removes: number;
  /** Recorded listeners still attached: not removed, and not a `once` abort listener already fired by the abort. */
  live(): TrackedListener[];
  restore(): void;
}

export function probeSignal(signal: AbortSignal, recording: () => boolean): SignalProbe {
  const tracked: TrackedListener[] = [];
  const own = signal as unknown as Record<string, unknown>;
  const add = signal.addEventListener;
  const remove = signal.removeEventListener;
  const captureOf = (options: unknown) =>
    typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
  const probe: SignalProbe = {
    adds: 0,
    removes: 0,
    live: () => tracked.filter((entry) => !(entry.once && entry.type === 'abort' && signal.aborted && !entry.addedWhileAborted)),
    restore() {
      delete own.addEventListener;
      delete own.removeEventListener;
    },
  };
  own.addEventListener = function (this: AbortSignal, type: string, listener: unknown, options?: unknown) {
    if (recording() && listener != null) {
      probe.adds++;
      const capture = captureOf(options);
      if (!tracked.some((e) => e.type === type && e.listener === listener && e.capture === capture)) {
        const once = typeof options === 'object' && options !== null && Boolean((options as { once?: boolean }).once);
        tracked.push({ type, listener, capture, once, addedWhileAborted: signal.aborted });
      }
    }
    (add as (...a: unknown[]) => void).call(this, type, listener, options);
  };
  own.removeEventListener = function (this: AbortSignal, type: string, listener: unknown, options?: unknown) {
    const capture = captureOf(options);
    const at = tracked.findIndex((e) => e.type === type && e.listener === listener && e.capture === capture);
    if (at >= 0) {
      probe.removes++;
      tracked.splice(at, 1);
    }
    (remove as (...a: unknown[]) => void).call(this, type, listener, options);
  };
  return probe;
}

/** Total Cordis listeners registered on the host's event service, all events. */
export function hookTotal(host: Host): number {
  const hooks = (host.ctx.events as unknown as { _hooks: Record<string, unknown> })._hooks;
  let total = 0;
  for (const list of Object.values(hooks)) if (Array.isArray(list)) total += list.length;
  return total;
}

/**
 * Timers created while watching and still pending (neither fired nor cleared), with their creation stacks; the
 * test runner's own timers are left out. Precise where a count of active timers is not: the runner's timers come
 * and go meanwhile.
 */
export function watchTimers(): { pending(): string[]; stop(): void } {
  const live = new Map<number, string>();
  const hook = createHook({
    init(id, type) {
      if (type !== 'Timeout') return;
      const stack = new Error('timer created').stack ?? '';
      if (!/[\\/]@?vitest[\\/]/.test(stack)) live.set(id, stack);
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return { pending: () => [...live.values()], stop: () => void hook.disable() };
}

export const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

/** Lets pending I/O callbacks, microtasks and unhandled-rejection detection run. */
export async function ticks(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
