/** Keeps one unreadable session log from failing the CLI's whole listing: when the persistence's listing fails, sessions are listed one by one. */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { SessionHeader, SessionId } from '@deepseek-ai/dsh-session';
import type { SessionPersistence, SessionPersistenceSnapshot } from '@deepseek-ai/dsh-session-persistence';
import { describeThrown } from '../errors.ts';
import { decodeSessionDir, LOG_NAMES, subdirectories } from './session-dirs.ts';

/** A session the CLI could not read, with the host's reason. */
export interface UnreadableLog {
  /** The session id its directory names (the directory name itself when it names none). */
  sessionId: string;
  /** The log file. */
  path: string;
  /** The host's error message. */
  reason: string;
}

type ListingMethods = {
  list(signal?: AbortSignal): Promise<SessionHeader[]>;
  listSnapshots(signal?: AbortSignal): Promise<SessionPersistenceSnapshot[]>;
  readStoredRevision?(id: SessionId, signal?: AbortSignal): Promise<SessionPersistenceSnapshot['revision'] | undefined>;
};

/**
 * Replaces the listing methods of the mounted persistence so that a log the backend cannot read (corrupt,
 * garbage, a symlink to another file) costs only its own session. The backend's own listing runs first; the
 * first time it fails, every session directory under `sessionsRoot` is read on its own with the backend's
 * `readFrom`, the readable ones are listed, and the others are recorded. A one-shot CLI keeps that per-session
 * listing for the rest of its run. Reads of a named session never needed the listing's other sessions, so
 * `readSurface` of a healthy session then works again.
 * @returns the sessions skipped so far.
 */
export function tolerateUnreadableLogs(persistence: SessionPersistence, sessionsRoot: string): () => readonly UnreadableLog[] {
  const target = persistence as unknown as ListingMethods;
  const list = target.list.bind(persistence);
  const listSnapshots = target.listSnapshots.bind(persistence);
  const readStoredRevision = target.readStoredRevision?.bind(persistence);
  const unreadable: UnreadableLog[] = [];
  let fallback: Promise<SessionHeader[]> | undefined;

  const readOne = async (dir: string): Promise<SessionHeader | undefined> => {
    const log = Object.values(LOG_NAMES)
      .map((file) => join(dir, file))
      .find((path) => existsSync(path));
    if (log === undefined) return undefined;
    const name = basename(dir);
    const sessionId = decodeSessionDir(name);
    if (sessionId === undefined) {
      unreadable.push({ sessionId: name, path: log, reason: 'the directory name is not an encoded session id' });
      return undefined;
    }
    try {
      return (await persistence.readFrom(sessionId as SessionId, Number.MAX_SAFE_INTEGER)).meta;
    } catch (error) {
      unreadable.push({ sessionId, path: log, reason: describeThrown(error) });
      return undefined;
    }
  };

  const listEach = async (): Promise<SessionHeader[]> => {
    const headers: SessionHeader[] = [];
    for (const project of await subdirectories(sessionsRoot)) {
      for (const dir of await subdirectories(project)) {
        const header = await readOne(dir);
        if (header !== undefined) headers.push(header);
      }
    }
    return headers;
  };

  /** The backend's listing until it first fails, then the per-session one; a failure of that too is the backend's. */
  const listing = async <T>(
    backend: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<{ listed: T } | { each: SessionHeader[] }> => {
    if (fallback === undefined) {
      try {
        return { listed: await backend() };
      } catch (error) {
        if (signal?.aborted) throw error;
        fallback ??= listEach().catch(() => Promise.reject(error));
      }
    }
    return { each: await fallback };
  };

  target.list = async (signal) => {
    const result = await listing(() => list(signal), signal);
    return 'listed' in result ? result.listed : result.each;
  };
  target.listSnapshots = async (signal) => {
    const result = await listing(() => listSnapshots(signal), signal);
    if ('listed' in result) return result.listed;
    if (readStoredRevision === undefined) throw new Error('the session persistence cannot list sessions one by one');
    const snapshots = await Promise.all(
      result.each.map(async (header) => {
        const revision = await readStoredRevision(header.id, signal);
        return revision === undefined ? undefined : { header, revision };
      }),
    );
    return snapshots.filter((snapshot) => snapshot !== undefined);
  };
  return () => unreadable;
}
