/** The session index on its own: schema and file handling, guarded writes shared by two connections, body search, and the catalog's reading of a listing. */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBodyQuery } from '../../src/session-index/body-match.ts';
import { SessionCatalog, UNSTORED_ROW_LIFETIME_MS } from '../../src/session-index/catalog.ts';
import { IndexUnavailableError, INDEX_SCHEMA_VERSION } from '../../src/session-index/file.ts';
import { IndexHandle } from '../../src/session-index/handle.ts';
import { SessionIndex } from '../../src/session-index/session-index.ts';
import type { IndexedSession } from '../../src/session-index/session-index.ts';
import { sqlite } from '../../src/session-index/sqlite.ts';

let dir: string;
const open: SessionIndex[] = [];
const handles: IndexHandle[] = [];

function openIndex(path = join(dir, 'index.sqlite'), readOnly = false): SessionIndex {
  const index = SessionIndex.open(path, { readOnly });
  open.push(index);
  return index;
}

const header = (id: string, createdAt = 1_000) => ({ id, createdAt, cwd: '/w' });

function searchAll(index: SessionIndex, query: string, limit = 50) {
  return index.search(parseBodyQuery(query), { limit, accept: () => true });
}

function write(index: SessionIndex, id: string, texts: string[], seq: number, createdAt = 1_000) {
  return index.writeBatch([{ header: header(id, createdAt), texts, at: { seq } }], 'newer')[0];
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsh-index-'));
});

afterEach(async () => {
  for (const index of open.splice(0)) index.close();
  for (const handle of handles.splice(0)) handle.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the index file', () => {
  it('is created with its schema version, in a directory created on the way, and keeps its rows across opens', () => {
    const path = join(dir, 'deep', 'er', 'index.sqlite');
    const first = openIndex(path);
    expect(first.setAside).toBeUndefined();
    write(first, 'a', ['hello world'], 4);
    first.close();
    const again = openIndex(path);
    expect(again.all().map((row) => [row.id, row.seq])).toEqual([['a', 4]]);
    const db = new (sqlite().DatabaseSync)(path, { readOnly: true });
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(INDEX_SCHEMA_VERSION);
    db.close();
  });

  it('sets aside a corrupt file and a file of another version, and starts empty', () => {
    const path = join(dir, 'index.sqlite');
    writeFileSync(path, Buffer.alloc(8192, 7));
    const rebuilt = openIndex(path);
    expect(rebuilt.setAside).toBe('corrupt');
    expect(rebuilt.all()).toEqual([]);
    expect(existsSync(`${path}.aside`)).toBe(true);
    write(rebuilt, 'a', ['kept'], 1);
    rebuilt.close();
    const db = new (sqlite().DatabaseSync)(path);
    db.exec('PRAGMA user_version = 99');
    db.close();
    const fresh = openIndex(path);
    expect(fresh.setAside).toBe('other-version');
    expect(fresh.all()).toEqual([]);
  });

  it('never sets aside a file another connection keeps locked: an index in memory stands in, and the file is left as it was', () => {
    const path = join(dir, 'index.sqlite');
    const locker = new (sqlite().DatabaseSync)(path);
    locker.exec('PRAGMA locking_mode = EXCLUSIVE; CREATE TABLE held (x); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1);');
    try {
      expect(() => openIndex(path)).toThrow(/locked/u);
      const handle = new IndexHandle(path, new SessionCatalog(), () => {});
      handles.push(handle);
      expect(handle.problem).toBe('locked');
      expect(handle.current.path).toBe(':memory:');
      expect(write(handle.current, 'a', ['still works'], 1)).toBe('written');
      expect(existsSync(`${path}.aside`)).toBe(false);
    } finally {
      locker.close();
    }
  });

  it('opens read-only without writing a byte, and refuses a missing file or one with unmerged changes', () => {
    const path = join(dir, 'index.sqlite');
    expect(() => openIndex(path, true)).toThrow(IndexUnavailableError);
    const writer = openIndex(path);
    write(writer, 'a', ['the quick brown fox'], 3);
    expect(() => openIndex(path, true)).toThrow(/not merged/);
    writer.close();
    const files = readdirSync(dir).sort();
    const reader = openIndex(path, true);
    expect(reader.all().map((row) => row.id)).toEqual(['a']);
    expect(searchAll(reader, 'quick').hits.map((hit) => hit.sessionId)).toEqual(['a']);
    reader.close();
    expect(readdirSync(dir).sort()).toEqual(files);
  });
});

describe('guarded writes', () => {
  it('keeps the latest point of a log: an older or equal reading is stale, a later one replaces the texts', () => {
    const index = openIndex(':memory:');
    expect(write(index, 'a', ['first reading'], 5)).toBe('written');
    expect(write(index, 'a', ['older reading'], 4)).toBe('stale');
    expect(write(index, 'a', ['same point'], 5)).toBe('stale');
    expect(write(index, 'a', ['later reading'], 9)).toBe('written');
    expect(searchAll(index, 'first').hits).toEqual([]);
    expect(searchAll(index, 'later').hits.map((hit) => hit.sessionId)).toEqual(['a']);
  });

  it('appends an event’s texts only after its texts are indexed, and only for a later event', () => {
    const index = openIndex(':memory:');
    expect(index.appendTexts(header('a'), ['too early'], 3, false)).toBe('missing');
    write(index, 'a', ['opening words'], 3);
    expect(index.appendTexts(header('a'), ['an appended zebra'], 3, false)).toBe('stale');
    expect(index.appendTexts(header('a'), ['an appended zebra'], 4, false)).toBe('written');
    expect(index.appendTexts(header('a'), ['raw text'], 5, true)).toBe('missing');
    expect(searchAll(index, 'zebra').hits[0]).toMatchObject({ sessionId: 'a', snippet: 'an appended zebra' });
  });

  it('starts over when a session id comes back with another creation time', () => {
    const index = openIndex(':memory:');
    write(index, 'a', ['old life'], 9, 1_000);
    index.setTitles([{ header: header('a', 1_000), title: 'Old title' }]);
    expect(write(index, 'a', ['new life'], 2, 2_000)).toBe('written');
    expect(index.all()).toMatchObject([{ id: 'a', createdAt: 2_000, seq: 2, title: undefined }]);
    expect(searchAll(index, 'old life').hits).toEqual([]);
  });

  it('loses no update when two connections on one file write the same sessions in any order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ who: fc.integer({ min: 0, max: 1 }), id: fc.constantFrom('s1', 's2', 's3'), seq: fc.integer({ min: 0, max: 50 }) }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (writes) => {
          const path = join(dir, `shared-${Math.random().toString(36).slice(2)}.sqlite`);
          const pair = [SessionIndex.open(path), SessionIndex.open(path)];
          try {
            const highest = new Map<string, number>();
            for (const { who, id, seq } of writes) {
              write(pair[who]!, id, [`reading ${id} at ${seq}`], seq);
              highest.set(id, Math.max(highest.get(id) ?? -1, seq));
            }
            const rows = pair[0]!.all();
            expect(new Map(rows.map((row) => [row.id, row.seq]))).toEqual(highest);
            for (const [id, seq] of highest) {
              expect(searchAll(pair[1]!, `reading ${id} at `).hits.find((hit) => hit.sessionId === id)?.snippet).toBe(
                `reading ${id} at ${seq}`,
              );
            }
          } finally {
            for (const index of pair) index.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('tells each connection what the other changed, removals included', () => {
    const path = join(dir, 'index.sqlite');
    const [one, two] = [openIndex(path), openIndex(path)];
    one.all();
    expect(one.changes()).toBeUndefined();
    write(two, 'a', ['text'], 1);
    two.setTitles([{ header: header('a'), title: 'Alpha' }]);
    expect(one.changes()).toMatchObject({ sessions: [{ id: 'a', title: 'Alpha', seq: 1 }], removed: [], full: false });
    expect(one.changes()).toBeUndefined();
    two.remove(['a']);
    expect(one.changes()).toMatchObject({ sessions: [], removed: ['a'] });
  });

  it('writes a long session in parts, giving control back between them, and yields to a write that comes between', () => {
    const index = openIndex(':memory:');
    const texts = Array.from({ length: 6 }, (_, i) => `part ${i} ${'x'.repeat(1_000)}`);
    const steps = index.replaceTexts({ header: header('a'), texts, at: { seq: 7 } }, 'newer', 2_100);
    let parts = 0;
    for (let step = steps.next(); step.done !== true; step = steps.next()) parts++;
    expect(parts).toBe(2);
    expect(index.all()[0]!.seq).toBe(7);
    const interrupted = index.replaceTexts({ header: header('a'), texts, at: { seq: 8 } }, 'newer', 2_100);
    expect(interrupted.next().done).toBe(false);
    expect(index.appendTexts(header('a'), ['meanwhile'], 9, false)).toBe('missing');
    write(index, 'a', ['someone else'], 9);
    let last = interrupted.next();
    while (last.done !== true) last = interrupted.next();
    expect(last.value).toBe('superseded');
    expect(index.all()[0]!.seq).toBe(9);
  });
});

describe('body search', () => {
  it('finds a prefix and a substring, across scripts, newest session first among equal matches', () => {
    const index = openIndex(':memory:');
    index.writeBatch(
      [
        { header: header('new', 3_000), texts: ['we found zanzibarite in the rock'], at: { seq: 1 } },
        { header: header('old', 1_000), texts: ['zanzibarite again', '构建缓存很慢'], at: { seq: 1 } },
      ],
      'older',
    );
    expect(searchAll(index, 'zanz').hits.map((hit) => [hit.sessionId, hit.strength])).toEqual([
      ['new', 2],
      ['old', 2],
    ]);
    expect(searchAll(index, 'nzibar').hits.map((hit) => hit.sessionId)).toEqual(['new', 'old']);
    expect(searchAll(index, '缓存很').hits.map((hit) => [hit.sessionId, hit.snippet])).toEqual([['old', '构建缓存很慢']]);
    expect(searchAll(index, '缓存').hits.map((hit) => hit.sessionId)).toEqual(['old']);
    expect(searchAll(index, 'za').hits).toEqual([]);
  });

  it('ranks a whole-word match above a word start above a match inside a word', () => {
    const index = openIndex(':memory:');
    index.writeBatch(
      [
        { header: header('inside', 3_000), texts: ['precache'], at: { seq: 1 } },
        { header: header('start', 2_000), texts: ['caches'], at: { seq: 1 } },
        { header: header('word', 1_000), texts: ['the cache'], at: { seq: 1 } },
      ],
      'newer',
    );
    expect(searchAll(index, 'cache').hits.map((hit) => hit.sessionId)).toEqual(['word', 'start', 'inside']);
  });

  it('reads newest first and stops once its budget of work is spent, answering from what it read', () => {
    const index = openIndex(':memory:');
    for (let i = 0; i < 40; i++) write(index, `s${i}`, [`common words number ${i}`], 1, 1_000 + i);
    const result = index.search(parseBodyQuery('common'), { limit: 50, accept: () => true, maxRows: 16 });
    expect(result.complete).toBe(false);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.length).toBeLessThan(40);
    expect(result.hits[0]!.sessionId).toBe('s39');
  });

  it('skips what the caller does not accept, and marks texts stored unredacted', () => {
    const index = openIndex(':memory:');
    write(index, 'a', ['shared phrase'], 1);
    index.writeBatch([{ header: header('b'), texts: ['shared phrase'], at: { seq: 1, raw: true } }], 'newer');
    const result = index.search(parseBodyQuery('shared'), {
      limit: 5,
      accept: (id) => id !== 'a',
    });
    expect(result.hits.map((hit) => [hit.sessionId, hit.raw])).toEqual([['b', true]]);
  });

  it('deletes a removed session’s texts in bounded upkeep steps', () => {
    const index = openIndex(':memory:');
    write(
      index,
      'a',
      Array.from({ length: 10 }, (_, i) => `gone text ${i} ${'y'.repeat(100)}`),
      1,
    );
    index.remove(['a']);
    expect(searchAll(index, 'gone').hits).toEqual([]);
    let steps = 0;
    while (index.upkeep(300, 8)) steps++;
    expect(steps).toBeGreaterThan(1);
    expect(index.size().textBytes).toBe(0);
  });
});

describe('the catalog', () => {
  const row = (id: string, over: Partial<IndexedSession> = {}): IndexedSession => ({
    id,
    createdAt: 1_000,
    cwd: undefined,
    title: undefined,
    persisted: true,
    revision: undefined,
    seq: undefined,
    raw: false,
    failed: undefined,
    touched: 0,
    ...over,
  });
  const listed = (id: string, persisted = true) => ({ header: { id, createdAt: 1_000 }, persisted, live: false });

  it('offers stored sessions and this process’s live ones, never another process’s unstored one', () => {
    const catalog = new SessionCatalog();
    catalog.apply({ sessions: [row('stored'), row('elsewhere', { persisted: false })], removed: [], full: true });
    catalog.setLive({ id: 'mine', createdAt: 2_000 }, true);
    expect(catalog.candidates((entry) => entry.id).map((record) => record.sessionId)).toEqual(['mine', 'stored']);
    expect(catalog.offers('elsewhere')).toBe(false);
  });

  it('removes sessions a complete listing no longer has, except live ones, and unstored rows only once they are old', () => {
    const catalog = new SessionCatalog();
    catalog.apply({
      sessions: [row('kept'), row('gone'), row('young', { persisted: false, touched: 10 }), row('stale', { persisted: false })],
      removed: [],
      full: true,
    });
    catalog.setLive({ id: 'open', createdAt: 1_000 }, true, true);
    const now = UNSTORED_ROW_LIFETIME_MS + 5;
    expect(catalog.plan([listed('kept'), listed('new')], true, now)).toEqual({ noted: [listed('new')], removed: ['gone', 'stale'] });
    expect(catalog.plan([listed('kept')], false, now).removed).toEqual([]);
  });
});
