// A session log of random bytes, a decompression bomb, or a session directory the user cannot read costs only that session: the others list and preview, the bad one is named on stderr, and no command hangs or balloons.
import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';
import { HOME_IDS, HOME_PROJECTS, writeFixtureHome } from '../support/cli-home.ts';
import { writeRandomLog, writeZstdBomb } from '../support/cli-log-faults.ts';
import { runCli } from '../support/cli-process.ts';
import type { CliResult, CliRun } from '../support/cli-process.ts';

let tmp: string;
let fixture: string;
let userHome: string;

const cli = (args: readonly string[], run: Partial<CliRun> = {}): Promise<CliResult> => runCli(args, { cwd: tmp, home: userHome, ...run });
const mention = (sessionId: string): string => formatSessionReferenceMention({ sessionId });
const labels = (result: CliResult): string[] => (JSON.parse(result.stdout) as { label: string }[]).map((c) => c.label);

async function copyHome(name: string): Promise<string> {
  const home = join(tmp, name);
  await cp(fixture, home, { recursive: true });
  return home;
}

async function logOf(home: string, sessionId: string): Promise<string> {
  for (const project of await readdir(join(home, 'sessions'))) {
    const log = join(home, 'sessions', project, sessionId, 'session.jsonl.zstd');
    if ((await readdir(dirname(log)).catch(() => [])).length > 0) return log;
  }
  throw new Error(`no log of ${sessionId}`);
}

/** Whether `setpriv` can run a command as `nobody` here (the tests run as root, which ignores mode 000). */
function canDropToNobody(): boolean {
  try {
    execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-bad-logs-'));
  fixture = join(tmp, 'fixture');
  userHome = join(tmp, 'user-home');
  await mkdir(userHome);
  await writeFixtureHome(fixture);
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('a log of random bytes', () => {
  it('is left out by candidates and named; a healthy session previews; citing it fails with READ_FAILED', async () => {
    const home = await copyHome('home-random');
    const log = await logOf(home, HOME_IDS.harborDeploy);
    await writeRandomLog(log);
    const [listed, healthy, broken] = await Promise.all([
      cli(['candidates', '--home', home, '--cwd', HOME_PROJECTS.atlas, '--json']),
      cli(['preview', '--home', home, '--no-spill', '--json', mention(HOME_IDS.billing)]),
      cli(['preview', '--home', home, '--no-spill', mention(HOME_IDS.harborDeploy)]),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(labels(listed)).toEqual(['Flaky checkout test', 'Billing migration plan', 'Rotate Harbor TLS certificates']);
    expect(listed.stderr).toContain(`warning: left out session "${HOME_IDS.harborDeploy}": its log ${log} could not be read: corrupt`);
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`warning: the log of session "${HOME_IDS.harborDeploy}" (${log}) could not be read: `);
    expect(broken.stderr).toContain('SESSION_REFERENCE_READ_FAILED: ');
  });
});

describe('a zstd bomb (48 KB on disk, 1.5 GB inflated)', () => {
  it('costs its own session only, in bounded time and memory, for candidates, mention and preview', async () => {
    const home = await copyHome('home-bomb');
    const log = await logOf(home, HOME_IDS.harborDeploy);
    await writeZstdBomb(log, HOME_IDS.harborDeploy, { cwd: HOME_PROJECTS.harbor });
    const measured = join(tmp, 'bomb-time.txt');
    const started = performance.now();
    const listed = await cli(['candidates', '--home', home, '--json'], { wrap: ['/usr/bin/time', '-f', '%M', '-o', measured] });
    const seconds = (performance.now() - started) / 1000;
    const maxRssKb = Number((await readFile(measured, 'utf8')).trim().split('\n').at(-1));
    expect(listed.code, listed.stderr).toBe(0);
    expect(labels(listed)).toContain('Billing migration plan');
    expect(listed.stderr).toContain(`session "${HOME_IDS.harborDeploy}" is labelled by its id: its log could not be folded: `);
    expect(listed.stderr).toContain('inflates past');
    expect(seconds).toBeLessThan(20);
    expect(maxRssKb).toBeLessThan(1024 * 1024);
    const [broken, healthy] = await Promise.all([
      cli(['preview', '--home', home, '--no-spill', mention(HOME_IDS.harborDeploy)]),
      cli(['mention', HOME_IDS.billing, '--home', home]),
    ]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`warning: the log of session "${HOME_IDS.harborDeploy}" (${log}) could not be read: it inflates past`);
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(healthy.stdout).toContain('Billing migration plan');
  }, 120_000);
});

describe('a session directory at mode 000, for a user other than root', () => {
  it.runIf(canDropToNobody())('is named on stderr with its log; the other sessions list, mention and preview', async () => {
    const home = await copyHome('home-mode-000');
    const log = await logOf(home, HOME_IDS.harborDeploy);
    execFileSync('chmod', ['-R', 'a+rwX', tmp]);
    await chmod(dirname(log), 0o000);
    const nobody = { wrap: ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] };
    const [listed, labelled, healthy, broken] = await Promise.all([
      cli(['candidates', '--home', home, '--cwd', HOME_PROJECTS.atlas, '--json'], nobody),
      cli(['mention', HOME_IDS.billing, '--home', home], nobody),
      cli(['preview', '--home', home, '--no-spill', '--json', mention(HOME_IDS.billing)], nobody),
      cli(['preview', '--home', home, '--no-spill', mention(HOME_IDS.harborDeploy)], nobody),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(labels(listed)).toEqual(['Flaky checkout test', 'Billing migration plan', 'Rotate Harbor TLS certificates']);
    expect(listed.stderr).toContain(`warning: left out session "${HOME_IDS.harborDeploy}": its log ${log} could not be read: `);
    expect(listed.stderr).toContain('EACCES');
    expect(labelled.code, labelled.stderr).toBe(0);
    expect(labelled.stdout).toContain('@[Billing migration plan]');
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`(${log}) could not be read: `);
    expect(broken.stderr).toContain('SESSION_REFERENCE_READ_FAILED: ');
    await chmod(dirname(log), 0o755);
  });
});

describe('transcript of a file that is not a regular one', () => {
  it('refuses a FIFO at once, exit 1, without opening it blocking', async () => {
    const fifo = join(tmp, 'transcript.fifo');
    execFileSync('mkfifo', [fifo]);
    const result = await cli(['transcript', fifo]);
    expect(result.hung).toBe(false);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${fifo} is a FIFO, not a regular file; pass - to read standard input\n`);
  });
});
