/** Folds, in memory, the titles a home's projection cache holds no checkpoint for, with the host's own projection cache. */
import pLimit from 'p-limit';
import type { Context } from '@deepseek-ai/cordis';
import type { SessionHeader } from '@deepseek-ai/dsh-session';
import { describeThrown } from '../errors.ts';

/** Sessions folded at once: each fold reads one whole log. */
const FOLD_CONCURRENCY = 4;

/** A session whose title could not be folded, with the host's reason. */
export interface UnfoldedTitle {
  /** The session id. */
  sessionId: string;
  /** Why its log could not be folded. */
  reason: string;
}

/**
 * Gives every listed cold session a title the projection cache can serve: for each one its cached checkpoint
 * does not title, `sessionProjectionCache.coldSnapshot(id)` folds the log with the registered projection units and
 * writes the checkpoint back, which in the CLI's composition lands in memory only (see `snapshot-storage.ts`).
 * Discovery then labels those sessions from the cache as it labels any other. A session whose log cannot be
 * folded keeps its id as label and is reported.
 * @param ctx - a home opened by `openHome`.
 * @param progress - told `(done, total)` after each fold.
 */
export async function foldMissingTitles(ctx: Context, progress?: (done: number, total: number) => void): Promise<UnfoldedTitle[]> {
  const cache = ctx.get('sessionProjectionCache');
  if (cache === undefined) return [];
  const untitled = (header: SessionHeader): boolean => {
    try {
      return typeof cache.cachedSnapshot(header)?.values.title !== 'string';
    } catch {
      return true;
    }
  };
  const missing = (await ctx.sessionQuery.listSessions()).filter((record) => !record.live && untitled(record.header));
  const failed: UnfoldedTitle[] = [];
  const limit = pLimit(FOLD_CONCURRENCY);
  let done = 0;
  await Promise.all(
    missing.map(({ header: { id } }) =>
      limit(async () => {
        try {
          await cache.coldSnapshot(id);
        } catch (error) {
          failed.push({ sessionId: id, reason: describeThrown(error) });
        }
        progress?.(++done, missing.length);
      }),
    ),
  );
  return failed;
}

/** What `mention` labels a session with, and a note when its title could not be folded. */
export interface SessionLabel {
  /** The session's projected title, or its id when it has none. */
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
  if (cache === undefined) return { label: sessionId };
  const labelFrom = (title: unknown): SessionLabel => ({ label: typeof title === 'string' && title !== '' ? title : sessionId });
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
      label: sessionId,
      warning: `session ${JSON.stringify(sessionId)} is labelled by its id: its log could not be folded: ${describeThrown(error)}`,
    };
  }
}
