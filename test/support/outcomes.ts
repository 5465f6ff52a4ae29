/** What the context tests call prepare with and read back from it: a target agent, and the code a call settles with. */
import { SessionReferenceError } from '../../src/errors.ts';

/** A target agent of id `id`, with model `options` and, when given, a `cwd` in its session header. */
export const agent = (id = 'target', options: { provider?: string; model?: string } = {}, cwd?: string) => ({
  id,
  options,
  session: { header: cwd === undefined ? {} : { cwd } },
});

/** `'resolved'`, the `SessionReferenceError` code it rejects with, or `other:<class>:<message>` for any other rejection. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof SessionReferenceError
      ? error.code
      : `other:${String((error as { constructor?: { name?: unknown } } | null | undefined)?.constructor?.name)}:${String((error as { message?: unknown } | null | undefined)?.message)}`;
  }
  return 'resolved';
}
