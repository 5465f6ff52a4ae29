/** The session index's SQLite file: its version, how it is opened, and how a file that cannot be used is set aside. */
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseSync } from 'node:sqlite';
import { sqlite } from './sqlite.ts';
import { SCHEMA, schemaProblem } from './schema.ts';

/** `PRAGMA application_id` of an index file ("DSRI"). */
export const INDEX_APPLICATION_ID = 0x44535249;
/** `PRAGMA user_version` of the schema below; a file of any other version is set aside and rebuilt. */
export const INDEX_SCHEMA_VERSION = 1;
/**
 * How long a statement waits for another process's write lock before failing with SQLITE_BUSY.
 * The wait is synchronous (it holds the event loop), so it is short; a busy write is retried later.
 */
export const INDEX_BUSY_TIMEOUT_MS = 50;

/**
 * Why an index file was set aside: it could not be read, was corrupt, of another version, of the
 * right version but a wrong or partial schema, or was (or had as a companion) a symbolic link or
 * something other than a regular file. `locked` is never a reason to set a file aside (another
 * process uses it); it says why an index in memory is used meanwhile.
 */
export type SetAsideReason = 'unreadable' | 'corrupt' | 'locked' | 'other-version' | 'schema' | 'link';

/** The companions SQLite keeps beside the file in WAL mode. */
const COMPANIONS = ['-wal', '-shm'] as const;

/** An opened index database, and why the file found at its path was set aside, if it was. */
export interface OpenedIndexFile {
  readonly db: DatabaseSync;
  readonly setAside: SetAsideReason | undefined;
}

/** Thrown by a read-only {@link openIndexFile} when there is no index it can read without writing. */
export class IndexUnavailableError extends Error {
  override readonly name = 'IndexUnavailableError';
}

/** SQLite primary result codes that say the file itself is bad, or held by another connection. */
const CORRUPT_CODES: ReadonlySet<number> = new Set([11, 26]);
const BUSY_CODES: ReadonlySet<number> = new Set([5, 6]);

/** The SQLite primary result code of `error` (from `node:sqlite`), if it carries one. */
export function primaryCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null | undefined)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

/** Whether `error` (from `node:sqlite`) says the database file is corrupt or not a database. */
export function isCorruption(error: unknown): boolean {
  const code = primaryCode(error);
  return code !== undefined && CORRUPT_CODES.has(code);
}

/** Whether `error` (from `node:sqlite`) is another connection holding a lock past the busy timeout. */
export function isBusy(error: unknown): boolean {
  const code = primaryCode(error);
  return code !== undefined && BUSY_CODES.has(code);
}

/** Rolls back the transaction `db` may be in; a connection with none is left as it is. */
export function rollback(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // no transaction was open
  }
}

/** A pragma's number; NaN when the file gives none, which equals no version and so counts as another's file. */
function pragma(db: DatabaseSync, name: string): number {
  return (db.prepare(`PRAGMA ${name}`).get() as Record<string, number | undefined> | undefined)?.[name] ?? Number.NaN;
}

/**
 * WAL so that one process's keystrokes read while another writes; `synchronous = OFF` because the
 * index is derived data: an OS crash may leave it corrupt, and a corrupt file is set aside and
 * rebuilt, while fsyncs would hold the event loop for tens of ms at every checkpoint. A 16 MiB page
 * cache keeps the trigram doclists a keystroke reads in memory.
 */
function configure(db: DatabaseSync): void {
  db.exec(`PRAGMA busy_timeout = ${INDEX_BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = OFF');
  db.exec('PRAGMA cache_size = -16384');
}

/** `undefined` when `db` holds this schema's version (creating it in an empty file), else why it cannot be used. */
function adopt(db: DatabaseSync): SetAsideReason | undefined {
  if (pragma(db, 'user_version') === INDEX_SCHEMA_VERSION && pragma(db, 'application_id') === INDEX_APPLICATION_ID) {
    return schemaProblem(db) === undefined ? undefined : 'schema';
  }
  if (pragma(db, 'user_version') !== 0 || pragma(db, 'application_id') !== 0) return 'other-version';
  db.exec('BEGIN IMMEDIATE');
  try {
    // another process may have created it meanwhile
    if (pragma(db, 'user_version') !== 0) {
      db.exec('COMMIT');
      return pragma(db, 'user_version') === INDEX_SCHEMA_VERSION ? undefined : 'other-version';
    }
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n;
    if (tables > 0) {
      rollback(db);
      return 'other-version';
    }
    db.exec(SCHEMA);
    db.exec(`PRAGMA application_id = ${INDEX_APPLICATION_ID}`);
    db.exec(`PRAGMA user_version = ${INDEX_SCHEMA_VERSION}`);
    db.exec('COMMIT');
    return undefined;
  } catch (error) {
    rollback(db);
    throw error;
  }
}

function reasonOf(error: unknown): SetAsideReason {
  if (isCorruption(error)) return 'corrupt';
  return 'unreadable';
}

/** What is at `path`, without following a symbolic link; undefined when nothing is. */
export function entryAt(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Whether the file or one of its companions is a symbolic link or anything but a regular file. */
function linked(path: string): boolean {
  return ['', ...COMPANIONS].some((suffix) => {
    const entry = entryAt(`${path}${suffix}`);
    return entry !== undefined && !entry.isFile();
  });
}

/**
 * Moves the file at `path`, with its WAL and shared-memory files, to `<path>.aside` (replacing an
 * older one). A symbolic link is moved as a link: its target is never touched. Nothing is deleted
 * but an older set-aside copy; a rename that fails throws.
 */
export function setAside(path: string): void {
  for (const suffix of [...COMPANIONS, '']) {
    const from = `${path}${suffix}`;
    const to = `${path}.aside${suffix}`;
    if (entryAt(from) === undefined) continue;
    if (entryAt(to)?.isDirectory() === false) rmSync(to, { force: true });
    renameSync(from, to);
  }
}

function openWritable(path: string): DatabaseSync {
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(path, { timeout: INDEX_BUSY_TIMEOUT_MS });
  try {
    configure(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens the index at `path` (`':memory:'` for one in memory), creating its directory (owner-only)
 * and schema as needed. A file that is unreadable, corrupt, of another version or of a wrong or
 * partial schema, or that is (or has as a companion) a symbolic link or no regular file, is set
 * aside ({@link setAside}) and a fresh one takes its place; the reason is returned. A file another
 * process keeps locked past the busy timeout is never set aside: the busy error is thrown. With `readOnly`, nothing is written anywhere: the file is opened immutable, without its
 * WAL, so {@link IndexUnavailableError} is thrown for a missing or unusable file and for one whose
 * WAL holds changes not merged into it (a dsh process is writing it).
 */
export function openIndexFile(path: string, options: { readonly readOnly?: boolean } = {}): OpenedIndexFile {
  if (options.readOnly === true) return { db: openImmutable(path), setAside: undefined };
  let reason: SetAsideReason | undefined;
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    if (!statSync(dirname(path)).isDirectory()) throw new Error(`the folder of the session index at ${path} is no directory`);
    if (linked(path)) {
      setAside(path);
      reason = 'link';
    }
  }
  for (let attempt = 0; ; attempt++) {
    let db: DatabaseSync | undefined;
    try {
      db = openWritable(path);
      const problem = adopt(db);
      if (problem === undefined) return { db, setAside: reason };
      reason = problem;
    } catch (error) {
      if (path === ':memory:' || attempt > 0 || isBusy(error)) {
        db?.close();
        throw error;
      }
      reason = reasonOf(error);
    }
    db?.close();
    if (attempt > 0) throw new Error(`the session index at ${path} could not be created (${reason})`);
    setAside(path);
  }
}

function openImmutable(path: string): DatabaseSync {
  if (path === ':memory:' || !existsSync(path) || statSync(path).size === 0) throw new IndexUnavailableError(`no session index at ${path}`);
  if (linked(path)) throw new IndexUnavailableError(`the session index at ${path} is a symbolic link or has one beside it`);
  if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) {
    throw new IndexUnavailableError(`the session index at ${path} has changes a running dsh has not merged yet`);
  }
  const { DatabaseSync } = sqlite();
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(`${pathToFileURL(path).href}?immutable=1`, { readOnly: true });
    if (pragma(db, 'user_version') !== INDEX_SCHEMA_VERSION || pragma(db, 'application_id') !== INDEX_APPLICATION_ID) {
      throw new IndexUnavailableError(`the session index at ${path} is of another version`);
    }
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof IndexUnavailableError) throw error;
    throw new IndexUnavailableError(`the session index at ${path} cannot be read`, { cause: error });
  }
}
