/** One listing of the host's sessions, `sessionQuery.listSessions()`, with each stored log's revision. */
import type { Context } from '@deepseek-ai/cordis';
import type { SessionHeader } from '@deepseek-ai/dsh-session';
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import type { ListedHeader, ListedSession } from './listing-cache.ts';

/** A listed session's header, with its log's revision when the store reports one. */
export interface StoreHeader extends ListedHeader {
  /** The header as the host gave it (the projection cache's checkpoint is keyed by it). */
  readonly source: SessionHeader;
  /** The stored log's revision: it changes whenever the log does. */
  readonly revision?: string | undefined;
}

function toStoreHeader(header: SessionHeader, revision?: string): StoreHeader {
  const { id, createdAt, cwd } = header;
  return { id, createdAt, ...(cwd === undefined ? {} : { cwd }), source: header, ...(revision === undefined ? {} : { revision }) };
}

/**
 * Lists the sessions the menu offers: `ctx.sessionQuery.listSessions()` (the stored sessions and
 * those open here, an open one's header winning), each stored one with its log's revision from
 * `sessionPersistence.listSnapshots()`, read alongside. When only the revisions fail, the listing
 * stands without them (changes by other processes wait for the next one).
 */
export async function listStore(ctx: Context, signal: AbortSignal): Promise<ListedSession<StoreHeader>[]> {
  const query = ctx.get('sessionQuery');
  if (query === undefined) {
    throw new SessionReferenceError('listing sessions failed: no sessionQuery service is mounted', SessionReferenceErrorCode.READ_FAILED);
  }
  const persistence = ctx.get('sessionPersistence');
  const [records, snapshots] = await Promise.all([
    query.listSessions(signal),
    persistence === undefined ? undefined : persistence.listSnapshots(signal).catch(() => undefined),
  ]);
  const revisions = new Map<string, string>();
  for (const { header, revision } of snapshots ?? []) revisions.set(header.id, revision);
  return records.map(({ header, live, persisted }) => ({ header: toStoreHeader(header, revisions.get(header.id)), live, persisted }));
}
