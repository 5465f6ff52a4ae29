/** The session writer (session-writer.ts) with the test adapter's provider and model as defaults. */
import type { Context } from '@deepseek-ai/cordis';
import { writeSession as writeLoggedSession } from './session-writer.ts';
import type { WriteSessionSpec as LoggedSessionSpec, WrittenSession } from './session-writer.ts';
import { TEST_MODEL, TEST_PROVIDER } from './test-llm.ts';

export { SESSION_REFERENCE_SOURCE } from './session-writer.ts';
export type { SessionItem, WrittenSession } from './session-writer.ts';

/** What {@link writeSession} writes: provider and model default to the test adapter's `test` / `m`. */
export type WriteSessionSpec = Omit<LoggedSessionSpec, 'provider' | 'model'> & { provider?: string; model?: string };

/**
 * Writes one session through the real `SessionStore`, flushes it, and (unless `spec.live`) detaches it; see
 * the shared writer for how items become turns and steps.
 */
export function writeSession(host: { ctx: Context }, spec: WriteSessionSpec): Promise<WrittenSession> {
  return writeLoggedSession(host, { ...spec, provider: spec.provider ?? TEST_PROVIDER, model: spec.model ?? TEST_MODEL });
}
