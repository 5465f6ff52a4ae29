/** One listing of the host's sessions, `sessionQuery.listSessions()`, with each stored log's revision, or log by log when the host's listing fails. */
import type { Context } from '@deepseek-ai/cordis';
import type { SessionHeader } from '@deepseek-ai/dsh-session';
import type { SessionPersistence } from '@deepseek-ai/dsh-session-persistence';
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import type { ListedEntry, ListedHeader } from './catalog.ts';
import { jsonlStore } from './location.ts';
import { listLogs } from './log-listing.ts';
import type { UnreadableLogError } from './log-reader.ts';

/** A listed session's header, with the header as the host gave it (the projection cache's checkpoint is keyed by it). */
export interface StoreHeader extends ListedHeader {
  readonly source: SessionHeader;
}

/** One session as a listing of the store gives it. */
export interface StoreEntry extends ListedEntry {
  readonly header: StoreHeader;
}

function toEntry(header: SessionHeader, live: boolean, persisted: boolean, revision?: string): StoreEntry {
  const { id, createdAt, cwd } = header;
  return { header: { id, createdAt, ...(cwd === undefined ? {} : { cwd }), source: header }, live, persisted, revision };
}

/**
 * Lists the sessions the menu offers: `ctx.sessionQuery.listSessions()` (the stored sessions and
 * those open here, an open one's header winning), each stored one with its log's revision from
 * `sessionPersistence.listSnapshots()`, read alongside. When only the revisions fail, the listing
 * stands without them (changes by other processes wait for the next one). When the host's listing
 * rejects (its signal not aborted), the store is listed log by log instead, so that one log which
 * cannot be read costs only its own session: each log left out is handed to `onSkipped`. The next
 * listing asks the host first again, and its answer wins as soon as it gives one.
 */
export async function listStore(
  ctx: Context,
  signal: AbortSignal,
  onSkipped: (error: UnreadableLogError) => void = () => undefined,
): Promise<StoreEntry[]> {
  const query = ctx.get('sessionQuery');
  if (query === undefined) {
    throw new SessionReferenceError('listing sessions failed: no sessionQuery service is mounted', SessionReferenceErrorCode.READ_FAILED);
  }
  const persistence = ctx.get('sessionPersistence');
  let records, snapshots;
  try {
    [records, snapshots] = await Promise.all([
      query.listSessions(signal),
      persistence === undefined ? undefined : persistence.listSnapshots(signal).catch(() => undefined),
    ]);
  } catch (error) {
    if (signal.aborted || persistence === undefined) throw error;
    const fallback = await listLogByLog(ctx, persistence, signal).catch(() => undefined);
    // The fallback answers only when it found the cause, a log it cannot read; otherwise the host's own failure stands.
    if (fallback === undefined || fallback.skipped.length === 0) throw error;
    for (const skipped of fallback.skipped) onSkipped(skipped);
    return fallback.sessions;
  }
  const revisions = new Map<string, string>();
  for (const { header, revision } of snapshots ?? []) revisions.set(header.id, revision);
  return records.map(({ header, live, persisted }) => toEntry(header, live, persisted, revisions.get(header.id)));
}

/** The sessions a log-by-log listing found, with the logs it left out. */
interface FallbackListing {
  readonly sessions: StoreEntry[];
  readonly skipped: UnreadableLogError[];
}

/**
 * Lists a file-per-session store log by log (the directory layout its `locate` gives), each header read alone, and
 * adds the sessions open here, an open one's header winning, newest first as the host orders them. A log that
 * cannot be read is left out, as is a second log of an id already listed. Undefined when the store keeps no file
 * per session.
 */
async function listLogByLog(ctx: Context, persistence: SessionPersistence, signal: AbortSignal): Promise<FallbackListing | undefined> {
  const store = jsonlStore(persistence);
  if (store === undefined) return undefined;
  const { logs, skipped } = await listLogs(store.root, store.fileName, signal);
  const records = new Map<string, StoreEntry>();
  for (const { meta, revision } of logs) if (!records.has(meta.id)) records.set(meta.id, toEntry(meta, false, true, revision));
  for (const session of ctx.get('sessions')?.list() ?? []) {
    records.set(session.id, toEntry(session.header, true, records.has(session.id)));
  }
  const sessions = [...records.values()].sort((a, b) => b.header.createdAt - a.header.createdAt || a.header.id.localeCompare(b.header.id));
  return { sessions, skipped };
}

/** A reporter of logs left out that warns once per log and reason, however many listings leave it out; a failing logger is ignored. */
export function reportOnce(warn: (message: string) => void): (skipped: UnreadableLogError) => void {
  const reported = new Set<string>();
  return (skipped) => {
    const key = `${skipped.path}\0${skipped.reason}`;
    if (reported.has(key)) return;
    reported.add(key);
    try {
      warn(`${skipped.message}; its session is left out of the menu`);
    } catch {
      // a failing logger is no reason to fail a listing
    }
  };
}
