// The bounded log reader: it reads a healthy log as the JSONL persistence does, and refuses a FIFO, random bytes or a decompression bomb at a bounded cost, so that readStoredSession fails for that session alone.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zstdCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import { SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import type { SessionId } from '@deepseek-ai/dsh-session';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import { jsonlLogPath } from '../../src/session-index/location.ts';
import { readSessionLog, UnreadableLogError } from '../../src/session-index/log-reader.ts';
import { readStoredSession } from '../../src/session-index/session-texts.ts';
import { HOME_IDS, writeFixtureHome } from '../support/cli-home.ts';
import { writeRandomLog, writeZstdBomb } from '../support/cli-log-faults.ts';

let tmp: string;
let home: string;
let ctx: Context;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-log-reader-'));
  home = join(tmp, 'home');
  await writeFixtureHome(home);
  ctx = new Context();
  await ctx.plugin(SessionStore);
  await ctx.plugin(JsonlSessionPersistence, { root: join(home, 'sessions') });
}, 60_000);

afterAll(async () => {
  await ctx.fiber.dispose();
  await rm(tmp, { recursive: true, force: true });
});

/** The header of `id` in the fixture home. */
async function headerOf(id: string) {
  return (await ctx.sessionPersistence.inspect(id as SessionId)).meta;
}

/** The log of `id` in the fixture home, where the store's `locate` puts it. */
async function logOf(id: string): Promise<string> {
  const path = jsonlLogPath(ctx.sessionPersistence, await headerOf(id));
  if (path === undefined) throw new Error(`no log of ${id}`);
  return path;
}

describe('readSessionLog', () => {
  it('reads every fixture log exactly as the persistence inspects it', async () => {
    for (const id of Object.values(HOME_IDS)) {
      const expected = await ctx.sessionPersistence.inspect(id as SessionId);
      const read = await readSessionLog(await logOf(id));
      expect(read.meta).toEqual(expected.meta);
      expect(read.events).toEqual(expected.events);
    }
  });

  it('reads no log for an id the store does not hold', async () => {
    const missing = { id: 'no-such-session', createdAt: 0 };
    expect(jsonlLogPath(ctx.sessionPersistence, missing)).toBeDefined();
    await expect(readStoredSession(ctx, missing, false, new AbortController().signal)).rejects.toThrow();
  });

  it('refuses random bytes, a FIFO and an empty file, each with its reason', async () => {
    const random = join(tmp, 'random.jsonl.zstd');
    await writeRandomLog(random);
    await expect(readSessionLog(random)).rejects.toThrow(/corrupt Zstandard frame at byte 0/);
    const fifo = join(tmp, 'fifo.jsonl.zstd');
    execFileSync('mkfifo', [fifo]);
    await expect(readSessionLog(fifo)).rejects.toThrow('it is a FIFO, not a regular file');
    const plain = join(tmp, 'random.jsonl');
    await writeRandomLog(plain);
    await expect(readSessionLog(plain)).rejects.toBeInstanceOf(UnreadableLogError);
  });

  it('stops a 1.5 GB zstd bomb at the inflated cap, in bounded time and memory', async () => {
    const bomb = join(tmp, 'bomb.jsonl.zstd');
    const size = await writeZstdBomb(bomb, 'bomb');
    expect(size).toBeLessThan(100_000);
    const started = performance.now();
    const before = process.memoryUsage().rss;
    await expect(readSessionLog(bomb)).rejects.toThrow(/it inflates past 134,217,728 bytes/);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(600 * 1024 * 1024);
    await expect(readSessionLog(bomb, { maxTextBytes: 1024 * 1024 })).rejects.toThrow(/it inflates past 1,048,576 bytes/);
    expect((await readSessionLog(bomb, { headerOnly: true })).meta.id).toBe('bomb');
  }, 60_000);
});

describe('readSessionLog with headerOnly', () => {
  it('reads a header longer than the first slice it reads, plain and zstd, and refuses one past 1 MiB', async () => {
    for (const [cwdLength, refused] of [
      [100, false],
      [40_000, false],
      [2 * 1024 * 1024, true],
    ] as const) {
      const header = JSON.stringify({
        type: 'session',
        version: SESSION_FORMAT_VERSION,
        id: `long-${cwdLength}`,
        createdAt: 1,
        cwd: `/${'w'.repeat(cwdLength)}`,
      });
      const tail = 'x'.repeat(200_000);
      const plain = join(tmp, `long-${cwdLength}.jsonl`);
      await writeFile(plain, `${header}\n${tail}\n`);
      const zstd = join(tmp, `long-${cwdLength}.jsonl.zstd`);
      await writeFile(zstd, Buffer.concat([zstdCompressSync(`${header}\n`), zstdCompressSync(`${tail}\n`)]));
      for (const path of [plain, zstd]) {
        const read = readSessionLog(path, { headerOnly: true });
        if (refused) await expect(read).rejects.toBeInstanceOf(UnreadableLogError);
        else expect((await read).meta.cwd).toHaveLength(cwdLength + 1);
      }
    }
  });
});

describe('readStoredSession', () => {
  it('reads a healthy session, and rejects for a corrupt log or a bomb alone', async () => {
    const signal = new AbortController().signal;
    const headers = {
      billing: await headerOf(HOME_IDS.billing),
      harborTls: await headerOf(HOME_IDS.harborTls),
      harborDeploy: await headerOf(HOME_IDS.harborDeploy),
      checkout: await headerOf(HOME_IDS.checkout),
    };
    const healthy = await readStoredSession(ctx, headers.billing, false, signal);
    expect(healthy.header.id).toBe(HOME_IDS.billing);
    expect(healthy.texts.length).toBeGreaterThan(0);
    await writeRandomLog(await logOf(HOME_IDS.harborTls));
    await expect(readStoredSession(ctx, headers.harborTls, false, signal)).rejects.toBeInstanceOf(UnreadableLogError);
    await writeZstdBomb(await logOf(HOME_IDS.harborDeploy), HOME_IDS.harborDeploy, { inflated: 300 * 1024 * 1024 });
    await expect(readStoredSession(ctx, headers.harborDeploy, false, signal)).rejects.toThrow(/inflates past/);
    expect((await readStoredSession(ctx, headers.checkout, false, signal)).header.id).toBe(HOME_IDS.checkout);
    expect(await readdir(join(home, 'sessions'))).toHaveLength(2);
  }, 60_000);
});
