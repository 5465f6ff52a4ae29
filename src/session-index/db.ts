/** One connection to the session index: its cached statements, write transactions, change stamps and session-row access. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { isCorruption, openIndexFile, rollback } from './file.ts';
import type { SetAsideReason } from './file.ts';

/** The header fields the index keys a session by: an id names a slot, the creation time the lifecycle in it. */
export interface SessionIdentity {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string | undefined;
}

/** A `sessions` row as stored. */
export interface SessionRow {
  key: number;
  id: string;
  created_at: number;
  cwd: string | null;
  title: string | null;
  title_known: number;
  persisted: number;
  revision: string | null;
  seq: number | null;
  raw: number;
  failed: string | null;
  gen: number;
  touched: number;
}

/** The columns of {@link SessionRow}, for a SELECT. */
export const SESSION_COLUMNS = 'key, id, created_at, cwd, title, title_known, persisted, revision, seq, raw, failed, gen, touched';

/**
 * A connection to the index file (or memory). Every write runs in one short `BEGIN IMMEDIATE`
 * transaction ({@link write}), so processes sharing the file take turns while WAL lets reads go on;
 * a corruption error from any statement sets {@link corrupt}.
 */
export class IndexDb {
  /** The file, or `':memory:'`. */
  readonly path: string;
  /** Why a file found at `path` was set aside when it was opened. */
  readonly setAside: SetAsideReason | undefined;
  /** Set when a statement reported corruption: the owner sets the file aside and opens a new one. */
  corrupt = false;
  /** Set by every committed write; cleared by whoever looks for changes. */
  wrote = false;
  /** Write transactions committed on this connection. */
  commits = 0;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private closed = false;

  /** Opens the index at `path` (`':memory:'` allowed), creating or rebuilding the file as needed; see {@link openIndexFile}. */
  protected constructor(path: string, options: { readonly readOnly?: boolean }) {
    const { db, setAside } = openIndexFile(path, options);
    this.db = db;
    this.path = path;
    this.setAside = setAside;
  }

  /** The prepared statement for `text`, prepared once. */
  sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** Runs `body`, noting corruption. */
  guard<T>(body: () => T): T {
    try {
      return body();
    } catch (error) {
      if (isCorruption(error)) this.corrupt = true;
      throw error;
    }
  }

  /** Runs `body` in one write transaction, rolled back if it throws. */
  write<T>(body: () => T): T {
    return this.guard(() => {
      this.sql('BEGIN IMMEDIATE').run();
      try {
        const value = body();
        this.sql('COMMIT').run();
        this.wrote = true;
        this.commits++;
        return value;
      } catch (error) {
        rollback(this.db);
        throw error;
      }
    });
  }

  /** The next change stamp; inside a write. */
  nextStamp(): number {
    return (this.sql("UPDATE counters SET value = value + 1 WHERE name = 'changed' RETURNING value").get() as { value: number }).value;
  }

  /** A counter's value (0 when unset). */
  counter(name: string): number {
    return (this.sql('SELECT value FROM counters WHERE name = ?').get(name) as { value: number } | undefined)?.value ?? 0;
  }

  /** The row of session `id`, if the index holds one. */
  row(id: string): SessionRow | undefined {
    return this.sql(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).get(id) as SessionRow | undefined;
  }

  /** Adds a session row with no title and no texts, stamped `stamp`. */
  insertRow(header: SessionIdentity, persisted: boolean, stamp: number): SessionRow {
    this.sql('INSERT INTO sessions (id, created_at, cwd, persisted, touched, changed) VALUES (?, ?, ?, ?, ?, ?)').run(
      header.id,
      header.createdAt,
      header.cwd ?? null,
      persisted ? 1 : 0,
      Date.now(),
      stamp,
    );
    this.sql('DELETE FROM removed WHERE id = ?').run(header.id);
    const row = this.row(header.id);
    if (row === undefined) throw new Error(`the row of session ${header.id} is gone within the transaction that wrote it`);
    return row;
  }

  /** A new lifecycle in an old slot: the old row's texts are left for upkeep, and a fresh row (no title, texts or position) replaces it. */
  restartRow(row: SessionRow, header: SessionIdentity, persisted: boolean, stamp: number): SessionRow {
    this.sql('INSERT OR IGNORE INTO doomed (key) VALUES (?)').run(row.key);
    this.sql('DELETE FROM sessions WHERE key = ?').run(row.key);
    return this.insertRow(header, persisted, stamp);
  }

  /** Closes the connection; the last connection to a file merges its WAL into it. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.statements.clear();
    try {
      this.db.close();
    } catch {
      // already closed
    }
  }
}
