// The CLI's persistence reads a home with the bounded log reader, takes its layout from the host's JSONL persistence, which it never patches, and refuses every write with a typed error; a torn log stays byte-identical.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Context } from '@deepseek-ai/cordis';
import SessionStore, { SessionId } from '@deepseek-ai/dsh-session';
import { JsonlSessionPersistence } from '@deepseek-ai/dsh-session-persistence-jsonl';
import { ReadOnlyHomeError, ReadOnlySessionPersistence } from '../../src/cli/read-only-persistence.ts';
import { UnreadableLogError } from '../../src/session-index/log-reader.ts';
import { HOME_IDS, writeFixtureHome, writeHome } from '../support/cli-home.ts';

let tmp: string;
let home: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-readonly-'));
  home = join(tmp, 'home');
  await writeFixtureHome(home);
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The host's JSONL persistence in a context of its own, and the CLI's persistence over it on another. */
async function mount(
  at = home,
): Promise<{ reader: JsonlSessionPersistence; persistence: ReadOnlySessionPersistence; dispose(): Promise<void> }> {
  const root = join(at, 'sessions');
  const inner = new Context();
  await inner.plugin(SessionStore);
  await inner.plugin(JsonlSessionPersistence, { root });
  const reader = inner.get('sessionPersistence') as JsonlSessionPersistence;
  const outer = new Context();
  await outer.plugin(ReadOnlySessionPersistence, { reader, root, realHome: await realpath(at) });
  const persistence = outer.get('sessionPersistence') as ReadOnlySessionPersistence;
  return {
    reader,
    persistence,
    async dispose() {
      await outer.fiber.dispose();
      await inner.fiber.dispose();
    },
  };
}

/** The function-valued own properties of an object: a method replaced on the instance would show here. */
const ownFunctions = (value: object): string[] =>
  Object.getOwnPropertyNames(value).filter((name) => typeof (value as Record<string, unknown>)[name] === 'function');

it('refuses create, append, prepare and load with ReadOnlyHomeError naming the operation, and leaves a torn log as it was', async () => {
  const project = (await readdir(join(home, 'sessions'))).find((name) => name.includes('atlas'))!;
  const log = join(home, 'sessions', project, HOME_IDS.billing, 'session.jsonl.zstd');
  await appendFile(log, Buffer.from([0x28, 0xb5, 0x2f])); // a torn frame that load() would truncate
  const before = await readFile(log);
  const { persistence, dispose } = await mount();
  try {
    const id = SessionId(HOME_IDS.billing);
    const writes: [string, () => Promise<unknown>][] = [
      ['create', () => persistence.create({ version: 1, id, createdAt: 1 })],
      ['append', () => persistence.append(id, [])],
      ['prepare', () => persistence.prepare(id)],
      ['load', () => persistence.load(id)],
    ];
    for (const [operation, write] of writes) {
      const error: unknown = await write().catch((caught: unknown) => caught);
      expect(error, operation).toBeInstanceOf(ReadOnlyHomeError);
      expect((error as ReadOnlyHomeError).operation).toBe(operation);
    }
    expect((await persistence.inspect(id)).meta.id).toBe(HOME_IDS.billing);
    expect(await readFile(log)).toEqual(before);
  } finally {
    await dispose();
  }
});

it("lists and reads through the host's persistence without replacing any of its methods", async () => {
  const { reader, persistence, dispose } = await mount();
  try {
    expect(ownFunctions(reader)).toEqual([]);
    const listed = await persistence.list();
    expect(listed.map((header) => header.id).sort()).toEqual(Object.values(HOME_IDS).sort());
    expect(await persistence.listSnapshots()).toHaveLength(4);
    expect((await persistence.readFrom(SessionId(HOME_IDS.checkout), 0)).meta.id).toBe(HOME_IDS.checkout);
    expect(persistence.locate(listed[0]!)).toEqual(reader.locate(listed[0]!));
    expect(ownFunctions(reader)).toEqual([]);
    expect(persistence.unreadable()).toEqual([]);
  } finally {
    await dispose();
  }
});

it('a read of a session whose entry was refused rejects with UnreadableLogError, without the host opening it', async () => {
  const project = join(
    home,
    'sessions',
    (await readdir(join(home, 'sessions'))).find((name) => name.includes('harbor'))!,
  );
  // A FIFO where a lookup of "piped" would open an older layout's log: opening it would block.
  execFileSync('mkfifo', [join(project, 'piped.jsonl.zstd')]);
  const { persistence, dispose } = await mount();
  try {
    const error: unknown = await persistence.readFrom(SessionId('piped'), 0).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableLogError);
    expect((error as UnreadableLogError).reason).toBe('it is a log outside its session directory (an older layout)');
    expect(persistence.unreadable().map((log) => log.sessionId)).toEqual(['piped']);
  } finally {
    await dispose();
    await rm(join(project, 'piped.jsonl.zstd'));
  }
});

it("a session whose id the host's layout escapes lists under its id, and a refused log of it is found by that id", async () => {
  const odd = join(tmp, 'odd-home');
  const id = 'odd id/1~';
  await writeHome(odd, [{ id, cwd: '/work/odd', title: 'Odd', provider: 'test', model: 'm', items: [{ kind: 'user', text: 'hello' }] }]);
  const first = await mount(odd);
  let log: string;
  try {
    expect((await first.persistence.list()).map((header) => header.id)).toEqual([id]);
    log = first.reader.locate({ version: 0, id: SessionId(id), cwd: '/work/odd', createdAt: 0 }).path;
  } finally {
    await first.dispose();
  }
  await rm(log);
  execFileSync('mkfifo', [log]);
  const { persistence, dispose } = await mount(odd);
  try {
    expect(await persistence.list()).toEqual([]);
    expect(persistence.refusedFor(id)?.reason).toBe('it is a FIFO, not a regular file');
    const error: unknown = await persistence.readFrom(SessionId(id), 0).catch((caught: unknown) => caught);
    expect((error as UnreadableLogError).path).toBe(log);
  } finally {
    await dispose();
  }
});
