/** The fault matrix, writes: a full disk, a read-only file or folder, and a lock another process holds; the host goes on, failures are logged once and retried on a growing timer, nothing is set aside, and the index heals. */
import { existsSync, statSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IndexDb } from '../../src/session-index/db.ts';
import { SessionIndex } from '../../src/session-index/session-index.ts';
import { hashTree, holdLocked, hostGoesOn, idsInFile, makeImmutable, makeIndexHome, STORED_IDS } from '../support/index-home.ts';
import type { IndexHome } from '../support/index-home.ts';
import { healed } from '../support/index-heal.ts';

let home: IndexHome;
const children: ChildProcess[] = [];
const immutable: string[] = [];

beforeEach(async () => {
  home = await makeIndexHome();
  await home.boot();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const path of immutable.splice(0)) makeImmutable(path, false);
  await home.dispose();
});

/** An error as `node:sqlite` throws it for SQLite result `errcode`. */
const engineError = (message: string, errcode: number) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });

/** Whether this machine lets a test make a file immutable even for root (`chattr +i`). */
function canMakeImmutable(path: string): boolean {
  if (!makeImmutable(path)) return false;
  makeImmutable(path, false);
  return true;
}

describe('a full disk', () => {
  it('costs freshness only: every write fails, is logged once, retried on a growing timer, and the index heals once space is back', async () => {
    await home.load();
    await healed(home, 'alpha');
    const write = vi.spyOn(IndexDb.prototype, 'write').mockImplementation(() => {
      throw engineError('database or disk is full', 13);
    });
    const outside = hashTree(home.victim);
    await hostGoesOn(home, 'full-1');
    await hostGoesOn(home, 'full-2');
    expect(home.warnings.filter((warning) => warning.includes('disk full'))).toHaveLength(1);
    // idle while writes fail: no loop retries them; a timer does, a growing while apart
    const before = write.mock.calls.length;
    await sleep(1_500);
    expect(write.mock.calls.length - before).toBeLessThanOrEqual(4);
    expect(hashTree(home.victim)).toEqual(outside);
    expect(existsSync(`${home.path}.aside`)).toBe(false);
    write.mockRestore();
    await healed(home, 'full-2');
    expect(idsInFile(home.path)).toEqual(expect.arrayContaining(['full-1', 'full-2']));
  });
});

describe('a read-only index', () => {
  it('a read-only file (immutable even for root): the host goes on, nothing is set aside, and writes resume once it is writable', async (context) => {
    const seed = SessionIndex.open(home.path);
    seed.close();
    if (!canMakeImmutable(home.path)) context.skip();
    makeImmutable(home.path);
    immutable.push(home.path);
    const bytes = statSync(home.path).size;
    await home.load();
    await hostGoesOn(home, 'readonly');
    expect(statSync(home.path).size).toBe(bytes);
    expect(existsSync(`${home.path}.aside`)).toBe(false);
    makeImmutable(home.path, false);
    await healed(home, 'readonly');
  });

  it('a read-only folder: the host goes on from memory, nothing is set aside, and the file is used once the folder is writable', async (context) => {
    const seed = SessionIndex.open(home.path);
    seed.close();
    if (!canMakeImmutable(home.folder)) context.skip();
    makeImmutable(home.folder);
    immutable.push(home.folder);
    const inside = hashTree(home.folder);
    await home.load();
    await hostGoesOn(home, 'frozen');
    expect(hashTree(home.folder)).toEqual(inside);
    makeImmutable(home.folder, false);
    await healed(home, 'frozen');
  });

  it('a write refused as read-only while in use is logged once and retried, never set aside', async () => {
    await home.load();
    await healed(home, 'alpha');
    const write = vi.spyOn(IndexDb.prototype, 'write').mockImplementation(() => {
      throw engineError('attempt to write a readonly database', 8);
    });
    await hostGoesOn(home, 'refused');
    expect(home.warnings.filter((warning) => warning.includes('read-only'))).toHaveLength(1);
    expect(existsSync(`${home.path}.aside`)).toBe(false);
    write.mockRestore();
    await healed(home, 'refused');
  });
});

describe('a lock another process holds', () => {
  it('at boot: the file is shared later, never renamed, and the host answers from memory meanwhile', async () => {
    const seed = SessionIndex.open(home.path);
    seed.close();
    const { ino } = statSync(home.path);
    children.push(await holdLocked(home.path));
    await home.load();
    await hostGoesOn(home, 'locked-out');
    expect(existsSync(`${home.path}.aside`)).toBe(false);
    expect(statSync(home.path).ino).toBe(ino);
    expect(home.warnings.filter((warning) => warning.includes('in memory'))).toHaveLength(1);
    children.pop()!.kill('SIGKILL');
    await healed(home, 'locked-out');
    expect(statSync(home.path).ino).toBe(ino);
    expect(idsInFile(home.path)).toEqual(expect.arrayContaining([...STORED_IDS]));
  });
});
