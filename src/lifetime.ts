/** The plugin's lifetime as seen by each call: a per-call signal that aborts when the caller's signal does or when the plugin is disposed. */
import { linkCallerSignal } from './arguments.ts';

/**
 * Every call in flight, each with its own signal. {@link Lifetime.end} aborts them all with one
 * reason; a call started after the end gets a signal already aborted. The lifetime holds no listener
 * on anything long-lived: a call's links are removed once it settles, so no count of calls, however
 * large or concurrent, leaves anything behind.
 */
export class Lifetime {
  readonly #calls = new Set<AbortController>();
  #ended = false;
  #reason: unknown;

  /** Ends the lifetime: aborts every call in flight, and every later one at its start, with `reason`. Idempotent. */
  end(reason: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#reason = reason;
    for (const call of this.#calls) call.abort(reason);
    this.#calls.clear();
  }

  /**
   * Runs `work` with a signal that aborts when `signal` aborts (with its reason) or when the lifetime
   * ends (with the end's reason); `signal` is linked as {@link linkCallerSignal} says.
   */
  async run<T>(signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const call = new AbortController();
    const unlink = linkCallerSignal(signal, call);
    if (this.#ended) call.abort(this.#reason);
    else this.#calls.add(call);
    try {
      return await work(call.signal);
    } finally {
      this.#calls.delete(call);
      unlink();
    }
  }
}
