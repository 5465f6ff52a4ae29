/** The index's schema, and what an opened file must hold before it is used: every table and column of it, and a full-text index that finds the texts it holds. */
import type { DatabaseSync } from 'node:sqlite';
import { sqlite } from './sqlite.ts';

/**
 * One row per session, one row per indexed text (a surface message), and a trigram index over the
 * texts that keeps no positions (`detail = none`): a candidate is checked against its text, which
 * keeps the index smaller than the text itself. Merging is left to explicit bounded steps
 * (`automerge = 0`), so no write holds the event loop for a whole merge.
 */
export const SCHEMA = `
CREATE TABLE sessions (
  key INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  cwd TEXT,
  title TEXT,
  title_known INTEGER NOT NULL DEFAULT 0,
  persisted INTEGER NOT NULL DEFAULT 0,
  revision TEXT,
  seq INTEGER,
  raw INTEGER NOT NULL DEFAULT 0,
  failed TEXT,
  gen INTEGER NOT NULL DEFAULT 0,
  touched INTEGER NOT NULL DEFAULT 0,
  changed INTEGER NOT NULL
);
CREATE INDEX sessions_changed ON sessions (changed);
CREATE TABLE texts (rowid INTEGER PRIMARY KEY, session INTEGER NOT NULL, text TEXT NOT NULL);
CREATE INDEX texts_session ON texts (session);
CREATE TABLE removed (id TEXT PRIMARY KEY, changed INTEGER NOT NULL);
CREATE INDEX removed_changed ON removed (changed);
CREATE TABLE doomed (key INTEGER PRIMARY KEY);
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO counters VALUES ('changed', 0);
CREATE VIRTUAL TABLE grams USING fts5 (text, content = 'texts', content_rowid = 'rowid', tokenize = 'trigram', detail = none, columnsize = 0);
INSERT INTO grams (grams, rank) VALUES ('automerge', 0);
INSERT INTO grams (grams, rank) VALUES ('crisismerge', 1000);
`;

/** Each table of {@link SCHEMA} (the full-text table's own among them) with its columns, read once from the schema created in memory. */
let expected: ReadonlyMap<string, ReadonlySet<string>> | undefined;

function expectedColumns(): ReadonlyMap<string, ReadonlySet<string>> {
  if (expected !== undefined) return expected;
  const db = new (sqlite().DatabaseSync)(':memory:');
  try {
    db.exec(SCHEMA);
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[];
    expected = new Map(tables.map(({ name }) => [name, columnsOf(db, name)]));
    return expected;
  } finally {
    db.close();
  }
}

/** Texts probed at open: the newest, the oldest and one between, each must be found by one of its trigrams. */
const PROBES = 3;

function columnsOf(db: DatabaseSync, table: string): Set<string> {
  const rows = db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[];
  return new Set(rows.map((row) => row.name));
}

/** A trigram of `text` that the full-text index must hold, or undefined for a text too short to have one. */
function trigramOf(text: string): string | undefined {
  const chars = Array.from(text.slice(0, 64));
  for (let i = 0; i + 3 <= chars.length; i++) {
    const gram = chars.slice(i, i + 3).join('');
    if (!gram.includes('\0')) return `"${gram.replaceAll('"', '""')}"`;
  }
  return undefined;
}

/**
 * Why `db` (of the right ids) cannot be used as it is, or undefined when it can: a table or column
 * of the schema is missing, the full-text table or one of its own tables is missing, or the
 * full-text index does not find a text the file holds (its shadow tables were damaged).
 */
export function schemaProblem(db: DatabaseSync): string | undefined {
  for (const [table, columns] of expectedColumns()) {
    const found = columnsOf(db, table);
    if (found.size === 0) return `table ${table} is missing`;
    const missing = [...columns].find((column) => !found.has(column));
    if (missing !== undefined) return `column ${table}.${missing} is missing`;
  }
  const sql = (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'grams'").get() as { sql: string } | undefined)?.sql ?? '';
  if (!/fts5/iu.test(sql) || !/trigram/iu.test(sql)) return 'the full-text table is not a trigram index';
  const counted = db.prepare("SELECT value FROM counters WHERE name = 'changed'").get() as { value: number } | undefined;
  if (counted === undefined) return 'the change counter is missing';
  const { low, high } = db.prepare('SELECT min(rowid) AS low, max(rowid) AS high FROM texts').get() as {
    low: number | null;
    high: number | null;
  };
  if (low === null || high === null) return undefined;
  const probes = new Set([high, low, Math.floor((low + high) / 2)].slice(0, PROBES));
  const textAt = db.prepare('SELECT rowid AS id, text FROM texts WHERE rowid <= ? ORDER BY rowid DESC LIMIT 1');
  const found = db.prepare('SELECT 1 FROM grams WHERE grams MATCH ? AND rowid = ?');
  for (const at of probes) {
    const row = textAt.get(at) as { id: number; text: string } | undefined;
    const gram = row === undefined ? undefined : trigramOf(row.text);
    if (row !== undefined && gram !== undefined && found.get(gram, row.id) === undefined) return 'the full-text index misses its texts';
  }
  return undefined;
}
