/** Writing a session's texts into the index, guarded by the log position they were read at, in rowid blocks that keep the newest first. */
import type { IndexDb, SessionIdentity, SessionRow } from './db.ts';

/** Where new texts go in rowid order, the order body search reads them in (highest first). */
export type Placement = 'newer' | 'older';

/**
 * What a write did: `written`; `stale` when the index already holds the same or a later point of
 * the log; `missing` when an append finds no indexed texts to extend; `superseded` when another
 * write to the session came between the parts of a long one.
 */
export type WriteOutcome = 'written' | 'stale' | 'missing' | 'superseded';

/** One session's texts, read at one point of its log. */
export interface SessionTexts {
  readonly header: SessionIdentity;
  /** The redacted texts, in surface order. */
  readonly texts: readonly string[];
  /**
   * The seq of the last log event read, the listing's revision of the log, the title found in it
   * (omitted: left as is), and whether the texts were stored unredacted (`redactSecrets: false`).
   */
  readonly at: {
    readonly seq: number;
    readonly revision?: string | undefined;
    readonly title?: string | null | undefined;
    readonly raw?: boolean | undefined;
  };
}

/** Rowids start here; blocks go below it for older sessions and above it for newer ones. */
const ROWID_ORIGIN = 2 ** 40;

/** The first of `count` free rowids above (`newer`) or below (`older`) every text. */
function blockStart(db: IndexDb, count: number, placement: Placement): number {
  if (placement === 'newer') return ((db.sql('SELECT max(rowid) AS m FROM texts').get() as { m: number | null }).m ?? ROWID_ORIGIN) + 1;
  return ((db.sql('SELECT min(rowid) AS m FROM texts').get() as { m: number | null }).m ?? ROWID_ORIGIN + 1) - count;
}

function insertText(db: IndexDb, rowid: number, key: number, text: string): void {
  db.sql('INSERT INTO texts (rowid, session, text) VALUES (?, ?, ?)').run(rowid, key, text);
  db.sql('INSERT INTO grams (rowid, text) VALUES (?, ?)').run(rowid, text);
}

/** Inserts with ascending rowids: FTS5 flushes its pending terms whenever a rowid goes down. */
function insertTexts(db: IndexDb, key: number, texts: readonly string[], placement: Placement): void {
  let rowid = blockStart(db, texts.length, placement);
  for (const text of texts) insertText(db, rowid++, key, text);
}

/** Deletes the texts of session `key`, about `bytes` of them at most; true when some may remain. */
export function dropTexts(db: IndexDb, key: number, bytes: number): boolean {
  const rows = db.sql('SELECT rowid AS r, text AS t FROM texts WHERE session = ?').all(key) as { r: number; t: string }[];
  let deleted = 0;
  for (const { r, t } of rows) {
    if (deleted >= bytes) return true;
    db.sql("INSERT INTO grams (grams, rowid, text) VALUES ('delete', ?, ?)").run(r, t);
    db.sql('DELETE FROM texts WHERE rowid = ?').run(r);
    deleted += t.length;
  }
  return false;
}

/**
 * The row that takes `doc`'s texts (its old texts dropped), or `stale` when the index holds that
 * point of the log or a later one; redacted texts replace unredacted ones of the same point. A stale
 * reading still records the listing's revision it was taken at, so that the session is not read
 * again for it.
 */
function claim(db: IndexDb, doc: SessionTexts, stamp: number): SessionRow | 'stale' {
  const { header, at } = doc;
  const row = db.row(header.id);
  if (row === undefined) return db.insertRow(header, false, stamp);
  if (row.created_at !== header.createdAt) return db.restartRow(row, header, false, stamp);
  const redactsRaw = row.raw === 1 && at.raw !== true && at.seq === row.seq;
  if (row.seq !== null && at.seq <= row.seq && !redactsRaw) {
    if (at.revision !== undefined && at.revision !== row.revision) {
      db.sql('UPDATE sessions SET revision = ?, failed = NULL, changed = ? WHERE key = ?').run(at.revision, stamp, row.key);
    }
    return 'stale';
  }
  dropTexts(db, row.key, Number.POSITIVE_INFINITY);
  return row;
}

/** Stamps the row with where its texts were read; `seq` null while parts are still to come. */
function finish(db: IndexDb, key: number, doc: SessionTexts, seq: number | null, stamp: number): void {
  db.sql('UPDATE sessions SET seq = ?, revision = ?, raw = ?, failed = NULL, gen = gen + 1, touched = ?, changed = ? WHERE key = ?').run(
    seq,
    doc.at.revision ?? null,
    doc.at.raw === true ? 1 : 0,
    Date.now(),
    stamp,
    key,
  );
  if (seq !== null && doc.at.title !== undefined)
    db.sql('UPDATE sessions SET title = ?, title_known = 1 WHERE key = ?').run(doc.at.title, key);
}

/**
 * Writes several sessions' texts in one transaction, each guarded as in {@link replaceTexts}: for
 * the backlog's small sessions, one transaction per slice rather than per session keeps the
 * index's segments few. `docs` come newest first; the newest one's texts get the highest rowids.
 */
export function writeBatch(db: IndexDb, docs: readonly SessionTexts[], placement: Placement): WriteOutcome[] {
  return db.write(() => {
    const stamp = db.nextStamp();
    const keys = docs.map((doc) => {
      const row = claim(db, doc, stamp);
      if (row === 'stale') return undefined;
      finish(db, row.key, doc, doc.at.seq, stamp);
      return row.key;
    });
    let count = 0;
    docs.forEach((doc, i) => (count += keys[i] === undefined ? 0 : doc.texts.length));
    let rowid = blockStart(db, count, placement);
    for (let i = docs.length - 1; i >= 0; i--) {
      const key = keys[i];
      if (key !== undefined) for (const text of docs[i]?.texts ?? []) insertText(db, rowid++, key, text);
    }
    return keys.map((key) => (key === undefined ? 'stale' : 'written'));
  });
}

/**
 * Replaces one session's texts with `doc`'s, unless the index already holds that point of its log
 * or a later one, in transactions of about `partBytes` of text each (one text at least), yielding
 * between them so that the caller can give the event loop back. Until the last part lands the
 * session's log position is unset, so it counts as not indexed.
 */
export function* replaceTexts(
  db: IndexDb,
  doc: SessionTexts,
  placement: Placement,
  partBytes: number,
): Generator<void, WriteOutcome, void> {
  const { texts } = doc;
  let next = 0;
  const part = (): readonly string[] => {
    const from = next;
    let bytes = 0;
    for (let text = texts[next]; text !== undefined && (next === from || bytes + text.length <= partBytes); text = texts[++next])
      bytes += text.length;
    return texts.slice(from, next);
  };
  const first = db.write((): { key: number; gen: number } | 'stale' => {
    const stamp = db.nextStamp();
    const row = claim(db, doc, stamp);
    if (row === 'stale') return 'stale';
    insertTexts(db, row.key, part(), placement);
    finish(db, row.key, doc, next >= texts.length ? doc.at.seq : null, stamp);
    const written = db.row(doc.header.id);
    if (written === undefined) throw new Error(`the row of session ${doc.header.id} is gone within the transaction that wrote it`);
    return { key: row.key, gen: written.gen };
  });
  if (first === 'stale') return 'stale';
  while (next < texts.length) {
    yield;
    const outcome = db.write((): WriteOutcome | undefined => {
      const row = db.row(doc.header.id);
      if (row?.key !== first.key || row.gen !== first.gen) return 'superseded';
      insertTexts(db, row.key, part(), placement);
      if (next >= texts.length) finish(db, row.key, doc, doc.at.seq, db.nextStamp());
      return undefined;
    });
    if (outcome !== undefined) return outcome;
  }
  return 'written';
}

/**
 * Adds the texts of one event read at log position `seq` to a session indexed up to an earlier
 * position: `missing` when the index holds no texts for it, or holds them redacted differently
 * (the caller writes them whole), `stale` when it holds `seq` or later.
 */
export function appendTexts(db: IndexDb, header: SessionIdentity, texts: readonly string[], seq: number, raw: boolean): WriteOutcome {
  return db.write((): WriteOutcome => {
    const row = db.row(header.id);
    if (row?.created_at !== header.createdAt || row.seq === null || row.raw !== (raw ? 1 : 0)) return 'missing';
    if (seq <= row.seq) return 'stale';
    if (texts.length > 0) insertTexts(db, row.key, texts, 'newer');
    db.sql('UPDATE sessions SET seq = ?, gen = gen + 1, touched = ?, changed = ? WHERE key = ?').run(
      seq,
      Date.now(),
      db.nextStamp(),
      row.key,
    );
    return 'written';
  });
}
