/** The fault matrix, files: wrong and partial schemas, a missing or damaged full-text table, symbolic links, a file deleted while in use and a storage area that is no folder; the host goes on, nothing outside the index folder changes, and the index heals. */
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INDEX_APPLICATION_ID, INDEX_SCHEMA_VERSION } from '../../src/session-index/file.ts';
import { SessionIndex } from '../../src/session-index/session-index.ts';
import { sqlite } from '../../src/session-index/sqlite.ts';
import { hashTree, hostGoesOn, idsInFile, makeIndexHome, STORED_IDS } from '../support/index-home.ts';
import type { IndexHome } from '../support/index-home.ts';
import { healed } from '../support/index-heal.ts';

let home: IndexHome;

beforeEach(async () => {
  home = await makeIndexHome();
  await home.boot();
});

afterEach(async () => {
  await home.dispose();
});

/** A file of the index's ids holding `sql` instead of its schema. */
function plant(path: string, sql: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const db = new (sqlite().DatabaseSync)(path);
  db.exec(sql);
  db.exec(`PRAGMA application_id = ${INDEX_APPLICATION_ID}; PRAGMA user_version = ${INDEX_SCHEMA_VERSION};`);
  db.close();
}

/** A real index with one session's texts, then changed by `sql`. */
function damage(path: string, sql: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const index = SessionIndex.open(path);
  index.writeBatch([{ header: { id: 'old', createdAt: 500 }, texts: ['an old text about narwhals and quokkas'], at: { seq: 1 } }], 'newer');
  index.close();
  const db = new (sqlite().DatabaseSync)(path);
  db.exec(sql);
  db.close();
}

describe('a file of the right ids but another schema', () => {
  it.each([
    [
      'no sessions table',
      () => {
        plant(home.path, 'CREATE TABLE other (x);');
      },
    ],
    [
      'no counters table',
      () => {
        damage(home.path, 'DROP TABLE counters;');
      },
    ],
    [
      'a missing column',
      () => {
        damage(home.path, 'ALTER TABLE sessions DROP COLUMN touched;');
      },
    ],
    [
      'no full-text table',
      () => {
        damage(home.path, 'DROP TABLE grams;');
      },
    ],
    [
      'a damaged full-text shadow table',
      () => {
        damage(home.path, 'DELETE FROM grams_data WHERE id > 10;');
      },
    ],
  ])('%s: is set aside at load and rebuilt while the host goes on', async (_name, inject) => {
    inject();
    const outside = hashTree(home.victim);
    await home.load();
    expect(existsSync(`${home.path}.aside`)).toBe(true);
    await hostGoesOn(home, 'made');
    expect(hashTree(home.victim)).toEqual(outside);
    await healed(home, 'made');
    const asker = { id: 'asker', options: {}, session: { header: { cwd: '/w' } } };
    const found = await home.host.ctx.sessionReferenceResolver.listCandidates(asker, 'axolotl');
    expect(found.map((candidate) => [candidate.sessionId, candidate.match?.in])).toEqual([['alpha', 'body']]);
  });
});

describe('a full-text table lost while in use', () => {
  it('is noticed at the next query, set aside and rebuilt; every query answers meanwhile', async () => {
    await home.load();
    await hostGoesOn(home, 'before');
    await healed(home, 'before');
    const db = new (sqlite().DatabaseSync)(home.path);
    db.exec('DROP TABLE grams;');
    db.close();
    const asker = { id: 'asker', options: {}, session: { header: { cwd: '/w' } } };
    const resolver = home.host.ctx.sessionReferenceResolver;
    for (const query of ['axolotl', 'friday', 'zzz']) await expect(resolver.listCandidates(asker, query)).resolves.toBeInstanceOf(Array);
    await hostGoesOn(home, 'after');
    await healed(home, 'after');
    expect((await resolver.listCandidates(asker, 'axolotl')).map((candidate) => candidate.sessionId)).toEqual(['alpha']);
  });
});

describe('symbolic links', () => {
  it.each([
    ['the file', ''],
    ['its WAL', '-wal'],
    ['its shared memory', '-shm'],
  ])('%s linked out of the folder: the link is set aside, its target never written', async (_name, suffix) => {
    mkdirSync(home.folder, { recursive: true });
    const target = join(home.victim, `target${suffix}`);
    writeFileSync(target, 'precious bytes that are no index');
    symlinkSync(target, `${home.path}${suffix}`);
    const outside = hashTree(home.victim);
    await home.load();
    await hostGoesOn(home, 'linked');
    await healed(home, 'linked');
    expect(hashTree(home.victim)).toEqual(outside);
    expect(lstatSync(home.path).isSymbolicLink()).toBe(false);
    expect(lstatSync(`${home.path}.aside${suffix}`).isSymbolicLink()).toBe(true);
  });

  it('a link to itself (a loop) is set aside, and a file takes its place', async () => {
    mkdirSync(home.folder, { recursive: true });
    symlinkSync(home.path, home.path);
    await home.load();
    await hostGoesOn(home, 'looped');
    await healed(home, 'looped');
    expect(lstatSync(home.path).isFile()).toBe(true);
  });
});

describe('a file deleted while in use', () => {
  it('is created again while the process runs, holding what it knew', async () => {
    await home.load();
    await hostGoesOn(home, 'first');
    await healed(home, 'first');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${home.path}${suffix}`, { force: true });
    expect(idsInFile(home.path)).toBeUndefined();
    await hostGoesOn(home, 'second');
    await healed(home, 'second');
    expect(idsInFile(home.path)).toEqual(expect.arrayContaining([...STORED_IDS, 'first']));
  });
});

describe('a storage area that is no folder', () => {
  it('falls back to an index in memory, says so once, and moves to the file once the folder can be made', async () => {
    mkdirSync(dirname(home.folder), { recursive: true });
    writeFileSync(home.folder, 'a file where the folder should be');
    const outside = hashTree(dirname(home.folder));
    await home.load();
    await hostGoesOn(home, 'stranded');
    await hostGoesOn(home, 'stranded-again');
    expect(hashTree(dirname(home.folder))).toEqual(outside);
    expect(home.warnings.filter((warning) => warning.includes('in memory'))).toHaveLength(1);
    rmSync(home.folder);
    await healed(home, 'stranded');
  });
});
