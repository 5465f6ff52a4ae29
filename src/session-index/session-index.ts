/** The session index: each session's header, title and redacted texts in SQLite, shared safely by every process on one home. */
import type { BodyQuery } from './body-match.ts';
import { IndexDb, SESSION_COLUMNS } from './db.ts';
import type { SessionIdentity, SessionRow } from './db.ts';
import { rankTextRows } from './body-search.ts';
import type { BodySearchOptions, BodySearchResult, TextRow } from './body-search.ts';
import { appendTexts, dropTexts, replaceTexts, writeBatch } from './texts.ts';
import type { Placement, SessionTexts, WriteOutcome } from './texts.ts';

export type { SessionIdentity } from './db.ts';
export type { Placement, SessionTexts, WriteOutcome } from './texts.ts';

/** One session as the index holds it. */
export interface IndexedSession {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd: string | undefined;
  /** Its title; `null` when it is known to have none, `undefined` when not known yet. */
  readonly title: string | null | undefined;
  /** Whether a listing has seen its log stored. */
  readonly persisted: boolean;
  /** The log revision (as the host's listing reports it) its texts were read at, when read from a stored log. */
  readonly revision: string | undefined;
  /** Seq of the last log event its texts cover; `undefined` until its texts are indexed. */
  readonly seq: number | undefined;
  /** Its texts were stored unredacted (by a process with `redactSecrets: false`). */
  readonly raw: boolean;
  /** The revision at which reading its log failed: it is read again only once its revision differs. */
  readonly failed: string | undefined;
  /** When (epoch ms) a process last wrote the row. */
  readonly touched: number;
}

/** What changed in the file since the previous look: rows written and ids removed; `full` when every row is given. */
export interface IndexChanges {
  readonly sessions: IndexedSession[];
  readonly removed: string[];
  readonly full: boolean;
}

/** Tombstones of removed sessions kept for other processes' catalogs; past this many, the oldest are dropped. */
const TOMBSTONES_KEPT = 10_000;

function toSession(row: SessionRow): IndexedSession {
  return {
    id: row.id,
    createdAt: row.created_at,
    cwd: row.cwd ?? undefined,
    title: row.title_known === 1 ? row.title : undefined,
    persisted: row.persisted === 1,
    revision: row.revision ?? undefined,
    seq: row.seq ?? undefined,
    raw: row.raw === 1,
    failed: row.failed ?? undefined,
    touched: row.touched,
  };
}

/**
 * The index over one SQLite file, or memory. Every write is one short transaction, so processes
 * sharing the file take turns while WAL lets keystroke reads go on, and every write that carries
 * texts is guarded by the log position they were read at: the file keeps the latest point any
 * process read, so no process overwrites a newer reading with an older one (its write is `stale`).
 */
export class SessionIndex extends IndexDb {
  private stamp = 0;
  private dataVersion = -1;

  /** Opens the index at `path` (`':memory:'` allowed), creating or rebuilding the file as needed; see `openIndexFile`. */
  static open(path: string, options: { readonly readOnly?: boolean } = {}): SessionIndex {
    return new SessionIndex(path, options);
  }

  /** Every session the index holds; later {@link changes} count from here. */
  all(): IndexedSession[] {
    return this.guard(() => {
      this.dataVersion = (this.sql('PRAGMA data_version').get() as { data_version: number }).data_version;
      this.wrote = false;
      this.stamp = this.counter('changed');
      return (this.sql(`SELECT ${SESSION_COLUMNS} FROM sessions`).all() as unknown as SessionRow[]).map(toSession);
    });
  }

  /**
   * What any process changed since the previous {@link all} or `changes()`, or `undefined` when
   * nothing did: one pragma when neither this connection nor another wrote meanwhile.
   */
  changes(): IndexChanges | undefined {
    return this.guard(() => {
      const version = (this.sql('PRAGMA data_version').get() as { data_version: number }).data_version;
      if (version === this.dataVersion && !this.wrote) return undefined;
      this.dataVersion = version;
      this.wrote = false;
      const since = this.stamp;
      const now = this.counter('changed');
      if (now === since) return undefined;
      if (since < this.counter('pruned')) return { sessions: this.all(), removed: [], full: true };
      this.stamp = now;
      const sessions = (this.sql(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE changed > ?`).all(since) as unknown as SessionRow[]).map(
        toSession,
      );
      const removed = (this.sql('SELECT id FROM removed WHERE changed > ?').all(since) as { id: string }[]).map((row) => row.id);
      return { sessions, removed, full: false };
    });
  }

  /**
   * Records what one listing says of `sessions`: a session the index lacks is added (no title, no
   * texts), a stored one is marked persisted, and one whose creation time differs starts over.
   * Returns how many rows changed.
   */
  noteListed(sessions: readonly { readonly header: SessionIdentity; readonly persisted: boolean }[]): number {
    return this.write(() => {
      let stamp: number | undefined;
      let changed = 0;
      for (const { header, persisted } of sessions) {
        const row = this.row(header.id);
        if (row !== undefined && row.created_at === header.createdAt && (row.persisted === 1 || !persisted)) continue;
        stamp ??= this.nextStamp();
        changed++;
        if (row === undefined) this.insertRow(header, persisted, stamp);
        else if (row.created_at !== header.createdAt) this.restartRow(row, header, persisted, stamp);
        else this.sql('UPDATE sessions SET persisted = 1, changed = ? WHERE key = ?').run(stamp, row.key);
      }
      return changed;
    });
  }

  /** Sets sessions' titles (`null`: it has none), in one transaction; a session the index does not hold is skipped. */
  setTitles(titles: readonly { readonly header: SessionIdentity; readonly title: string | null }[]): void {
    if (titles.length === 0) return;
    this.write(() => {
      let stamp: number | undefined;
      for (const { header, title } of titles) {
        const row = this.row(header.id);
        if (row?.created_at !== header.createdAt || (row.title_known === 1 && row.title === title)) continue;
        stamp ??= this.nextStamp();
        this.sql('UPDATE sessions SET title = ?, title_known = 1, touched = ?, changed = ? WHERE key = ?').run(
          title,
          Date.now(),
          stamp,
          row.key,
        );
      }
    });
  }

  /** Records that reading a session's log failed at `revision`. */
  markFailed(header: SessionIdentity, revision: string | undefined): void {
    this.write(() => {
      const row = this.row(header.id);
      if (row?.created_at !== header.createdAt) return;
      this.sql('UPDATE sessions SET failed = ?, changed = ? WHERE key = ?').run(revision ?? '', this.nextStamp(), row.key);
    });
  }

  /** See {@link writeBatch}. */
  writeBatch(docs: readonly SessionTexts[], placement: Placement): WriteOutcome[] {
    return writeBatch(this, docs, placement);
  }

  /** See {@link replaceTexts}. */
  replaceTexts(doc: SessionTexts, placement: Placement, partBytes: number): Generator<void, WriteOutcome, void> {
    return replaceTexts(this, doc, placement, partBytes);
  }

  /** See {@link appendTexts}. */
  appendTexts(header: SessionIdentity, texts: readonly string[], seq: number, raw: boolean): WriteOutcome {
    return appendTexts(this, header, texts, seq, raw);
  }

  /** Removes sessions at once; their texts are deleted by later {@link upkeep} steps. */
  remove(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.write(() => {
      const stamp = this.nextStamp();
      for (const id of ids) {
        const row = this.row(id);
        if (row === undefined) continue;
        this.sql('INSERT OR IGNORE INTO doomed (key) VALUES (?)').run(row.key);
        this.sql('DELETE FROM sessions WHERE key = ?').run(row.key);
        this.sql('INSERT OR REPLACE INTO removed (id, changed) VALUES (?, ?)').run(id, stamp);
      }
    });
  }

  /**
   * One bounded step of upkeep: deletes up to about `bytes` of the texts of removed sessions, else
   * merges up to `pages` pages of the trigram index's segments, else drops the oldest tombstones
   * past {@link TOMBSTONES_KEPT}. Returns false when there was nothing to do.
   */
  upkeep(bytes: number, pages: number): boolean {
    return this.write(() => {
      const doomed = this.sql('SELECT key FROM doomed LIMIT 1').get() as { key: number } | undefined;
      if (doomed !== undefined) {
        if (!dropTexts(this, doomed.key, bytes)) this.sql('DELETE FROM doomed WHERE key = ?').run(doomed.key);
        return true;
      }
      if (this.mergeStep(pages)) return true;
      const excess = (this.sql('SELECT count(*) AS n FROM removed').get() as { n: number }).n - TOMBSTONES_KEPT;
      if (excess <= 0) return false;
      const { upto } = this.sql('SELECT max(changed) AS upto FROM (SELECT changed FROM removed ORDER BY changed LIMIT ?)').get(excess) as {
        upto: number;
      };
      this.sql('DELETE FROM removed WHERE changed <= ?').run(upto);
      this.sql("INSERT OR REPLACE INTO counters (name, value) VALUES ('pruned', ?)").run(upto);
      return true;
    });
  }

  /**
   * Merges up to about `pages` pages of the trigram index's segments in one transaction (its own
   * merging is off, so that no write pays for a whole merge); true when there was something to merge.
   * Run after each write, it keeps the segments few.
   */
  merge(pages: number): boolean {
    return this.write(() => this.mergeStep(pages));
  }

  private mergeStep(pages: number): boolean {
    const changes = (): number => (this.sql('SELECT total_changes() AS n').get() as { n: number }).n;
    const before = changes();
    this.sql("INSERT INTO grams (grams, rank) VALUES ('merge', ?)").run(pages);
    return changes() - before > 1;
  }

  /**
   * The sessions whose texts contain the query, ranked as {@link rankTextRows} says. Texts are
   * read newest first (highest rowid first; new sessions' texts take the highest rowids) within a
   * budget of work, so a query too common to check whole is answered from the newest texts.
   */
  search(query: BodyQuery, options: BodySearchOptions): BodySearchResult {
    if (query.mode === 'none') return { hits: [], complete: true };
    return this.guard(() => {
      const rows =
        query.mode === 'index'
          ? this.sql(
              'SELECT t.text AS text, s.id AS id, s.created_at AS createdAt, s.raw AS raw FROM grams JOIN texts t ON t.rowid = grams.rowid ' +
                'JOIN sessions s ON s.key = t.session WHERE grams MATCH ? ORDER BY grams.rowid DESC',
            ).iterate(query.match)
          : this.sql(
              'SELECT t.text AS text, s.id AS id, s.created_at AS createdAt, s.raw AS raw FROM texts t JOIN sessions s ON s.key = t.session ORDER BY t.rowid DESC',
            ).iterate();
      return rankTextRows(rows as Iterable<TextRow>, query, options);
    });
  }

  /** How many sessions, how many UTF-8 bytes of text, and how many bytes the file takes (0 in memory). */
  size(): { readonly sessions: number; readonly textBytes: number; readonly fileBytes: number } {
    return this.guard(() => {
      const { n } = this.sql('SELECT count(*) AS n FROM sessions').get() as { n: number };
      const { c } = this.sql('SELECT coalesce(sum(length(CAST(text AS BLOB))), 0) AS c FROM texts').get() as { c: number };
      const { page_count: pages } = this.sql('PRAGMA page_count').get() as { page_count: number };
      const { page_size: pageSize } = this.sql('PRAGMA page_size').get() as { page_size: number };
      return { sessions: n, textBytes: c, fileBytes: this.path === ':memory:' ? 0 : pages * pageSize };
    });
  }
}
