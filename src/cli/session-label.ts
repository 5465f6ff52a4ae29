/** The label `mention` gives a session of the home: its title, folded in memory with the host's projection cache when no checkpoint holds it. */
import type { Context } from '@deepseek-ai/cordis';
import { describeThrown } from '../errors.ts';
import { cleanLabel } from '../mentions/label-text.ts';

/** What `mention` labels a session with, and a note when its title could not be folded. */
export interface SessionLabel {
  /** The session's projected title, or its id when it has none, cleaned as untrusted text (redacted). */
  label: string;
  /** Why the id stands in for a title that could not be read. */
  warning?: string;
}

/**
 * The label the `@` menu gives `sessionId`: its title from the projection cache's checkpoint, else folded from the
 * log in memory, else its id; undefined when the home lists no such session.
 * @param ctx - a home opened by `openHome`.
 */
export async function labelOf(ctx: Context, sessionId: string): Promise<SessionLabel | undefined> {
  const record = (await ctx.sessionQuery.listSessions()).find((listed) => listed.header.id === sessionId);
  if (record === undefined) return undefined;
  const cache = ctx.get('sessionProjectionCache');
  const labelFrom = (title: unknown): SessionLabel => ({
    label: cleanLabel(typeof title === 'string' && title !== '' ? title : sessionId, { redact: true }),
  });
  if (cache === undefined) return labelFrom(undefined);
  try {
    const cached = cache.cachedSnapshot(record.header);
    if (cached !== undefined && (typeof cached.values.title === 'string' || cached.values.title === null))
      return labelFrom(cached.values.title);
  } catch {
    // An unusable checkpoint is folded again from the log below.
  }
  try {
    return labelFrom((await cache.coldSnapshot(record.header.id)).values.title);
  } catch (error) {
    return {
      ...labelFrom(undefined),
      warning: `session ${JSON.stringify(sessionId)} is labelled by its id: its log could not be folded: ${describeThrown(error)}`,
    };
  }
}
