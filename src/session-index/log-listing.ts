/** Lists a file-per-session store log by log, reading each header alone, so that a log which cannot be read costs only its own session. */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { sessionDirs } from './log-heads.ts';
import { readSessionLog, reasonOf, UnreadableLogError } from './log-reader.ts';
import type { SessionLog } from './log-reader.ts';

/** Header reads at once during one listing, so that a home of many logs keeps its file descriptors bounded. */
const HEADER_READS = 8;

/** One log the per-log listing read. */
export interface ListedLog {
  /** The log's header line. */
  readonly meta: SessionLog['meta'];
  /** The log's identity as the store words it (device, inode, size, change times): it changes whenever the log does. */
  readonly revision: string;
}

/** What one per-log listing found: the logs it read, and those it left out with why. */
export interface LogListing {
  /** The readable logs, in no particular order. */
  readonly logs: ListedLog[];
  /** The logs left out, each costing only its own session. */
  readonly skipped: UnreadableLogError[];
}

async function readOne(path: string, signal: AbortSignal): Promise<ListedLog | UnreadableLogError | undefined> {
  let identity;
  try {
    identity = await stat(path, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return new UnreadableLogError(path, `it cannot be read: ${reasonOf(error)}`);
  }
  signal.throwIfAborted();
  try {
    const { meta } = await readSessionLog(path, { headerOnly: true, signal });
    const revision = [identity.dev, identity.ino, identity.size, identity.mtimeNs, identity.ctimeNs].join(':');
    return { meta, revision };
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof UnreadableLogError) return error;
    return new UnreadableLogError(path, reasonOf(error));
  }
}

/**
 * Lists the logs named `fileName` two levels under `root` (a project directory, then a session directory, as the
 * JSONL store lays them out), each read header alone. A log that cannot be read, or whose header is corrupt, is
 * left out and named in `skipped`; a project or session directory that cannot be listed is skipped the same way.
 * A missing root lists nothing. Rejects only when `signal` aborts or the root itself cannot be listed.
 */
export async function listLogs(root: string, fileName: string, signal: AbortSignal): Promise<LogListing> {
  const skipped: UnreadableLogError[] = [];
  const dirs = await sessionDirs(root, signal, (project, error) => {
    skipped.push(new UnreadableLogError(project, `its sessions cannot be listed: ${reasonOf(error)}`));
  });
  const paths = dirs.map((dir) => join(dir, fileName));
  const limit = pLimit(HEADER_READS);
  const results = await Promise.all(paths.map((path) => limit(() => readOne(path, signal))));
  signal.throwIfAborted();
  const logs: ListedLog[] = [];
  for (const result of results) {
    if (result instanceof UnreadableLogError) skipped.push(result);
    else if (result !== undefined) logs.push(result);
  }
  return { logs, skipped };
}
