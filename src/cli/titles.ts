/** Folds, in memory, the titles a home's projection cache holds no checkpoint for, with the host's own projection cache. */
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
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < missing.length) {
      const { id } = missing[next++]!.header;
      try {
        await cache.coldSnapshot(id);
      } catch (error) {
        failed.push({ sessionId: id, reason: describeThrown(error) });
      }
      progress?.(++done, missing.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FOLD_CONCURRENCY, missing.length) }, worker));
  return failed;
}
