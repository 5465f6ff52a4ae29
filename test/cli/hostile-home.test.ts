// A home whose logs, storage units or spill directory are FIFOs, sockets, devices, directories or links out of the home: each such entry costs only itself, is named on stderr, and nothing hangs or writes outside the home.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';
import { HOME_IDS, HOME_PROJECTS, writeFixtureHome } from '../support/cli-home.ts';
import { runCli } from '../support/cli-process.ts';
import type { CliResult } from '../support/cli-process.ts';

let tmp: string;
let fixture: string;
let userHome: string;
const servers: Server[] = [];

const cli = (args: readonly string[]): Promise<CliResult> => runCli(args, { cwd: tmp, home: userHome });

/** A fresh copy of the fixture home named `name`. */
async function copyHome(name: string): Promise<string> {
  const home = join(tmp, name);
  await cp(fixture, home, { recursive: true });
  return home;
}

/** The log file of `sessionId` under `<home>/sessions`. */
async function logOf(home: string, sessionId: string): Promise<string> {
  for (const project of await readdir(join(home, 'sessions'))) {
    const dir = join(home, 'sessions', project, sessionId);
    const names = await readdir(dir).catch(() => [] as string[]);
    if (names.includes('session.jsonl.zstd')) return join(dir, 'session.jsonl.zstd');
  }
  throw new Error(`no log of ${sessionId} under ${home}`);
}

/** Listens on a Unix socket, bound at a short path (a socket path has a length limit) and then moved to `path`. */
async function socketAt(path: string): Promise<void> {
  const server = createServer();
  servers.push(server);
  const short = join(tmpdir(), `sref-${process.pid}-${servers.length}.sock`);
  await new Promise<void>((done) => server.listen(short, done));
  await rename(short, path);
}

/** The labels a `candidates --json` run listed. */
const labels = (result: CliResult): string[] => (JSON.parse(result.stdout) as { label: string }[]).map((c) => c.label);

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-hostile-'));
  fixture = join(tmp, 'fixture');
  userHome = join(tmp, 'user-home');
  await mkdir(userHome);
  await writeFixtureHome(fixture);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  await rm(tmp, { recursive: true, force: true });
});

describe('an entry in place of a session log costs only that session, named with why', () => {
  const outside = (): string => join(tmp, 'outside-log.txt');
  const cases: [kind: string, plant: (log: string) => Promise<void>, reason: RegExp][] = [
    ['a FIFO', async (log) => void execFileSync('mkfifo', [log]), /it is a FIFO, not a regular file/],
    ['a socket', (log) => socketAt(log), /it is a socket, not a regular file/],
    ['a link to a device out of the home', (log) => symlink('/dev/zero', log), /it is a link out of the home \(to \/dev\/zero\)/],
    ['a link to a file out of the home', (log) => symlink(outside(), log), /it is a link out of the home/],
    ['a directory', (log) => mkdir(log), /it is a directory, not a regular file/],
  ];

  it.each(cases)(
    '%s: candidates lists the other sessions; preview of a healthy one works, of that one fails naming the log',
    async (kind, plant, reason) => {
      await writeFile(outside(), 'not a session log\n');
      const home = await copyHome(`home-${kind.replaceAll(' ', '-')}`);
      const log = await logOf(home, HOME_IDS.harborDeploy);
      await rm(log);
      await plant(log);
      const [listed, healthy, broken] = await Promise.all([
        cli(['candidates', '--home', home, '--cwd', HOME_PROJECTS.atlas, '--json']),
        cli(['preview', '--home', home, '--no-spill', '--json', formatSessionReferenceMention({ sessionId: HOME_IDS.billing })]),
        cli(['preview', '--home', home, '--no-spill', formatSessionReferenceMention({ sessionId: HOME_IDS.harborDeploy })]),
      ]);
      for (const result of [listed, healthy, broken]) expect(result.hung, kind).toBe(false);
      expect(listed.code, listed.stderr).toBe(0);
      expect(labels(listed)).toEqual(['Flaky checkout test', 'Billing migration plan', 'Rotate Harbor TLS certificates']);
      expect(listed.stderr).toContain(`warning: left out session "${HOME_IDS.harborDeploy}": its log ${log} could not be read: `);
      expect(listed.stderr).toMatch(reason);
      expect(healthy.code, healthy.stderr).toBe(0);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`warning: the log of session "${HOME_IDS.harborDeploy}" (${log}) could not be read: `);
      expect(broken.stderr).toMatch(reason);
      expect(broken.stderr).toContain('SESSION_REFERENCE_READ_FAILED: ');
    },
  );

  it('a 0-byte log is named on stderr, and the other sessions are listed', async () => {
    const home = await copyHome('home-empty-log');
    const log = await logOf(home, HOME_IDS.harborTls);
    await writeFile(log, '');
    const result = await cli(['candidates', '--home', home, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(labels(result).sort()).toEqual(['Billing migration plan', 'Flaky checkout test', 'Harbor deploy notes']);
    expect(result.stderr).toBe(
      `warning: left out session "${HOME_IDS.harborTls}": its log ${log} could not be read: the log is empty (0 bytes)\n`,
    );
  });

  it('a link in place of a session directory, leading to a FIFO, is never followed', async () => {
    const home = await copyHome('home-linked-dir');
    const elsewhere = join(tmp, 'elsewhere-session');
    await mkdir(elsewhere);
    execFileSync('mkfifo', [join(elsewhere, 'session.jsonl.zstd')]);
    const project = join(home, 'sessions', (await readdir(join(home, 'sessions')))[0]!);
    await symlink(elsewhere, join(project, 'linked-session'));
    const [listed, cited] = await Promise.all([
      cli(['candidates', '--home', home, '--json']),
      cli(['preview', '--home', home, '--no-spill', formatSessionReferenceMention({ sessionId: 'linked-session' })]),
    ]);
    expect([listed.hung, cited.hung]).toEqual([false, false]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(labels(listed)).toHaveLength(4);
    expect(listed.stderr).toContain('left out session "linked-session"');
    expect(listed.stderr).toContain('it is a link in place of a session directory');
    expect(cited.code).toBe(1);
    expect(cited.stderr).toContain('SESSION_REFERENCE_READ_FAILED: ');
  });
});

describe('a storage unit that cannot be read safely starts empty, and titles are folded from the logs', () => {
  it('a FIFO in place of storages/session_projcache.json', async () => {
    const home = await copyHome('home-fifo-projcache');
    const unit = join(home, 'storages', 'session_projcache.json');
    await rm(unit);
    execFileSync('mkfifo', [unit]);
    const result = await cli(['candidates', '--home', home, '--json']);
    expect(result.hung).toBe(false);
    expect(result.code, result.stderr).toBe(0);
    expect(labels(result).sort()).toEqual([
      'Billing migration plan',
      'Flaky checkout test',
      'Harbor deploy notes',
      'Rotate Harbor TLS certificates',
    ]);
    expect(result.stderr).toBe(
      `warning: ${unit} is not read, so what it holds starts empty (titles are folded from the logs): it is a FIFO, not a regular file\n`,
    );
  });

  it('storages/ as a link out of the home', async () => {
    const home = await copyHome('home-linked-storages');
    const away = join(tmp, 'storages-away');
    await cp(join(home, 'storages'), away, { recursive: true });
    await rm(join(home, 'storages'), { recursive: true });
    await symlink(away, join(home, 'storages'));
    const result = await cli(['candidates', '--home', home, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(labels(result)).toHaveLength(4);
    expect(result.stderr).toContain(`warning: ${join(home, 'storages')} is not read`);
    expect(result.stderr).toContain('it is a link out of the home');
  });
});

describe('the spill directory', () => {
  it('as a link out of the home is a clear error (exit 1), and nothing is written there', async () => {
    const home = await copyHome('home-linked-spill');
    const away = join(tmp, 'spill-away');
    await mkdir(away);
    await symlink(away, join(home, 'spill'));
    const result = await cli([
      'preview',
      '--home',
      home,
      '--max-bytes',
      '1000',
      formatSessionReferenceMention({ sessionId: HOME_IDS.checkout }),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: the spill directory ${join(home, 'spill')} is not written to: it is a link out of the home (to ${away})\n`,
    );
    expect(await readdir(away)).toEqual([]);
  });

  it('as a link to a directory inside the home is written through', async () => {
    const home = await copyHome('home-inner-spill');
    await mkdir(join(home, 'spill-real'));
    await symlink(join(home, 'spill-real'), join(home, 'spill'));
    const result = await cli([
      'preview',
      '--home',
      home,
      '--max-bytes',
      '1000',
      '--json',
      formatSessionReferenceMention({ sessionId: HOME_IDS.checkout }),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(await readdir(join(home, 'spill-real'))).toHaveLength(1);
  });
});
