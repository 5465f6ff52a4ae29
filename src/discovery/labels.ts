/** The title sources the host offers: the live projection of an open session, the projection cache's checkpoint, and the registry's fold of logged events. */
import type { Context } from '@deepseek-ai/cordis';
import type { SessionEvent, SessionHeader, SessionId } from '@deepseek-ai/dsh-session';
import type { CatalogEntry, EntryLabeller } from '../session-index/catalog.ts';
import { cleanLabel } from '../mentions/label-text.ts';

/** A title as a source knows it: a string, `null` for "it has none", `undefined` for "this source does not know". */
export type KnownTitle = string | null | undefined;

function readTitle(read: () => unknown): KnownTitle {
  try {
    const title = read();
    return typeof title === 'string' || title === null ? title : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The live title of sessions open here, from `sessionProjections` (it covers the whole log, so it
 * is never older than a checkpoint or the index). The services are read from `ctx` once per
 * reader: every read through a Cordis service goes through its context-tracing proxy.
 */
export function liveTitles(ctx: Context): (id: string) => KnownTitle {
  const sessions = ctx.get('sessions');
  const projections = ctx.get('sessionProjections');
  if (sessions === undefined || projections === undefined) return () => undefined;
  return (id) => {
    const session = sessions.get(id as SessionId);
    return session === undefined ? undefined : readTitle(() => projections.snapshot(session).values.title);
  };
}

/** The title the host's projection registry folds from `events` (a whole log, or the start of one), when a title unit is registered. */
export function foldedTitle(ctx: Context, events: readonly SessionEvent[]): KnownTitle {
  const projections = ctx.get('sessionProjections');
  return projections === undefined ? undefined : readTitle(() => projections.restore({}, events, 0).snapshot.values.title);
}

/** The title the projection cache's checkpoint holds for a listed session (zero log reads). */
export function checkpointTitles(ctx: Context): (header: SessionHeader) => KnownTitle {
  const cache = ctx.get('sessionProjectionCache');
  if (cache === undefined) return () => undefined;
  return (header) => readTitle(() => cache.cachedSnapshot(header)?.values.title);
}

/**
 * Labels catalog entries: a live session's live title first, then the title the index holds, then
 * the projection cache's checkpoint for a session whose title the index does not know yet (zero log
 * reads; `headerOf` gives the listed header it is keyed by), else the id (also for an empty title).
 * Whichever it is, the label is untrusted text and comes out cleaned by {@link cleanLabel}.
 */
export function catalogLabeller(ctx: Context, headerOf: (entry: CatalogEntry) => SessionHeader, redact: boolean): EntryLabeller {
  const live = liveTitles(ctx);
  let checkpoint: ((header: SessionHeader) => KnownTitle) | undefined;
  return (entry: CatalogEntry) => {
    let title = entry.live ? live(entry.id) : undefined;
    if (title === undefined) title = entry.title;
    if (title === undefined && !entry.live) title = (checkpoint ??= checkpointTitles(ctx))(headerOf(entry));
    return cleanLabel(typeof title === 'string' && title !== '' ? title : entry.id, { redact });
  };
}
