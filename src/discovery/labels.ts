/** The title sources of a listed session, read through the host's public services with zero log reads. */

import type { Context } from '@deepseek-ai/cordis';
import type { Session, SessionHeader } from '@deepseek-ai/dsh-session';
import type { EntryLabel, Labeller, ListingEntry } from './listing-cache.ts';

/** A title folded by the backfill for one session lifecycle (its id and creation time); `null` when the session has none. */
export interface FoldedTitle {
  /** Creation time of the session the title was folded from. */
  readonly createdAt: number;
  /** The folded title, or null when the log holds none. */
  readonly title: string | null;
}

type TitleValue = string | null | undefined;

/**
 * A labeller over the services mounted on `ctx` now. In order: the live cut of
 * `sessionProjections` for a session open here (it covers the whole log, so it is never older than
 * a checkpoint), else the `sessionProjectionCache` checkpoint, else a title `folded` by the
 * backfill, else the id. A source "answers" when it knows the session's title, even to say there is
 * none.
 *
 * Each service and method is read from `ctx` once here, not once per session: every read through a
 * Cordis service goes through its context-tracing proxy, which is costly at 10,000 sessions.
 */
export function openLabeller(ctx: Context, folded: ReadonlyMap<string, FoldedTitle>): Labeller<SessionHeader> {
  const sessions = ctx.get('sessions');
  const projections = ctx.get('sessionProjections');
  const checkpoints = ctx.get('sessionProjectionCache');
  const liveSession = sessions === undefined ? undefined : sessions.get.bind(sessions);
  const liveCut = projections === undefined ? undefined : projections.snapshot.bind(projections);
  const checkpointCut = checkpoints === undefined ? undefined : checkpoints.cachedSnapshot.bind(checkpoints);

  return (entry: Readonly<ListingEntry<SessionHeader>>): EntryLabel => {
    const { header } = entry;
    const id = header.id;
    if (entry.live && liveSession !== undefined && liveCut !== undefined) {
      const session: Session | undefined = liveSession(header.id);
      if (session !== undefined) {
        const title = readTitle(() => liveCut(session).values.title);
        if (title !== undefined) return { text: title === null || title === '' ? id : title, answered: true };
      }
    }
    if (checkpointCut !== undefined) {
      const title = readTitle(() => checkpointCut(header)?.values.title);
      if (title !== undefined) return { text: title === null || title === '' ? id : title, answered: true };
    }
    const fold = folded.get(id);
    if (fold !== undefined && fold.createdAt === header.createdAt) {
      return { text: fold.title === null || fold.title === '' ? id : fold.title, answered: true };
    }
    return { text: id, answered: false };
  };
}

function readTitle(read: () => unknown): TitleValue {
  try {
    const title = read();
    return typeof title === 'string' || title === null ? title : undefined;
  } catch {
    return undefined;
  }
}
