/** What an opened index file must hold before it is used: every table and column of the schema, and a full-text index that finds the texts it holds. */
import type { DatabaseSync } from 'node:sqlite';

/** The tables of the schema and the columns each must have. */
const EXPECTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sessions: [
    'key',
    'id',
    'created_at',
    'cwd',
    'title',
    'title_known',
    'persisted',
    'revision',
    'seq',
    'raw',
    'failed',
    'gen',
    'touched',
    'changed',
  ],
  texts: ['rowid', 'session', 'text'],
  removed: ['id', 'changed'],
  doomed: ['key'],
  counters: ['name', 'value'],
  grams: ['text'],
};

/** The full-text table's own tables, which it needs with its options (external content, no document sizes). */
const FTS_SHADOWS = ['grams_data', 'grams_idx', 'grams_config'] as const;

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
  for (const [table, columns] of Object.entries(EXPECTED_COLUMNS)) {
    const found = columnsOf(db, table);
    if (table === 'texts') found.add('rowid');
    if (found.size === 0) return `table ${table} is missing`;
    const missing = columns.find((column) => !found.has(column));
    if (missing !== undefined) return `column ${table}.${missing} is missing`;
  }
  const sql = (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'grams'").get() as { sql: string } | undefined)?.sql ?? '';
  if (!/fts5/iu.test(sql) || !/trigram/iu.test(sql)) return 'the full-text table is not a trigram index';
  for (const shadow of FTS_SHADOWS) {
    if (db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(shadow) === undefined) return `table ${shadow} is missing`;
  }
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
