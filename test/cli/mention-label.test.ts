// `mention <id>` without --label labels the mention with the session's title from the home, as the @ menu does; an id the home does not hold exits 1 with a clear error.
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';
import { HOME_IDS, writeFixtureHome } from '../support/cli-home.ts';
import { runCli } from '../support/cli-process.ts';
import type { CliResult } from '../support/cli-process.ts';

let tmp: string;
let userHome: string;
let home: string;

const cli = (args: readonly string[], env?: Record<string, string>): Promise<CliResult> =>
  runCli(args, { cwd: tmp, home: userHome, ...(env === undefined ? {} : { env }) });

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-mention-'));
  userHome = join(tmp, 'user-home');
  await mkdir(userHome);
  home = join(tmp, 'home');
  await writeFixtureHome(home);
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

it("labels the mention with the session's title, from --home or $DSH_HOME", async () => {
  const [fromFlag, fromEnv] = await Promise.all([
    cli(['mention', HOME_IDS.billing, '--home', home]),
    cli(['mention', HOME_IDS.harborTls], { DSH_HOME: home }),
  ]);
  expect(fromFlag).toEqual({
    code: 0,
    stdout: `${formatSessionReferenceMention({ sessionId: HOME_IDS.billing, label: 'Billing migration plan' })}\n`,
    stderr: '',
    hung: false,
  });
  expect(fromEnv.stdout).toBe(
    `${formatSessionReferenceMention({ sessionId: HOME_IDS.harborTls, label: 'Rotate Harbor TLS certificates' })}\n`,
  );
});

it('folds the title from the log when the home has no projection cache, writing nothing', async () => {
  const bare = join(tmp, 'home-no-cache');
  await cp(join(home, 'sessions'), join(bare, 'sessions'), { recursive: true });
  const result = await cli(['mention', HOME_IDS.checkout, '--home', bare]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe(`${formatSessionReferenceMention({ sessionId: HOME_IDS.checkout, label: 'Flaky checkout test' })}\n`);
  expect(await readdir(bare)).toEqual(['sessions']);
});

it('an id the home does not hold exits 1 saying so, and prints no mention', async () => {
  const result = await cli(['mention', 'no-such-session', '--home', home]);
  expect(result).toEqual({
    code: 1,
    stdout: '',
    stderr: `error: no session "no-such-session" in ${home}; pass --label to mention a session of another home\n`,
    hung: false,
  });
});

it('a session whose log cannot be read exits 1 naming the log; a missing home exits 1 as every command does', async () => {
  const broken = join(tmp, 'home-broken');
  await cp(home, broken, { recursive: true });
  const project = (await readdir(join(broken, 'sessions'))).find((name) => name.includes('harbor'))!;
  const log = join(broken, 'sessions', project, HOME_IDS.harborDeploy, 'session.jsonl.zstd');
  await writeFile(log, '');
  const [unreadable, missing] = await Promise.all([
    cli(['mention', HOME_IDS.harborDeploy, '--home', broken]),
    cli(['mention', HOME_IDS.billing, '--home', join(tmp, 'nowhere')]),
  ]);
  expect(unreadable.code).toBe(1);
  expect(unreadable.stdout).toBe('');
  expect(unreadable.stderr).toBe(`error: session "${HOME_IDS.harborDeploy}" cannot be read: its log ${log}: the log is empty (0 bytes)\n`);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toBe(`error: no DSH home at ${join(tmp, 'nowhere')}\n`);
});
