/** The home: where it is found, and a log that cannot be read stopping only its own session. */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOME_IDS, HOME_PROJECTS, writeHome } from '../support/cli-home.ts';
import { cli, guarded, logOf, mentionOf, noCacheHome, tmp, useCliHomes, zstdHome } from '../support/cli-homes.ts';

useCliHomes();

describe('the home', () => {
  it('--home "" is a usage error (exit 2), never a fall back to $DSH_HOME, so nothing lands in its spill/', async () => {
    const home = join(tmp, 'home-env');
    await Promise.all(['sessions', 'storages'].map((dir) => cp(join(zstdHome, dir), join(home, dir), { recursive: true })));
    const results = await Promise.all([
      guarded(home, ['preview', '--home', '', '--max-bytes', '1000', mentionOf(HOME_IDS.checkout)], { env: { DSH_HOME: home } }),
      guarded(home, ['preview', '-', '--home', ''], { env: { DSH_HOME: home }, input: mentionOf(HOME_IDS.checkout) }),
      guarded(home, ['candidates', '--home', ''], { env: { DSH_HOME: home } }),
    ]);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('error: --home: expected a directory, got an empty string\n');
    }
    expect(existsSync(join(home, 'spill'))).toBe(false);
  });

  it('a --home that is a file exits 1 saying so', async () => {
    const notDir = join(tmp, 'home-file');
    await writeFile(notDir, 'not a home');
    const result = await cli(['candidates', '--home', notDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: the DSH home ${notDir} is not a directory\n`);
  });

  it('--cwd resolves symlinks before same-workspace ranking', async () => {
    const home = join(tmp, 'home-linked');
    const project = join(await realpath(tmp), 'project-real');
    const link = join(tmp, 'project-link');
    await mkdir(project);
    await symlink(project, link);
    const item = { kind: 'user', text: 'hello' } as const;
    await writeHome(home, [
      { id: 'linked-here', cwd: project, title: 'Here', provider: 'test', model: 'm', createdAt: 1_000, items: [item] },
      { id: 'linked-there', cwd: '/elsewhere', title: 'There', provider: 'test', model: 'm', createdAt: 2_000, items: [item] },
    ]);
    const result = await guarded(home, ['candidates', '--home', home, '--cwd', link, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).map((c: { sessionId: string; sameWorkspace: boolean }) => [c.sessionId, c.sameWorkspace])).toEqual([
      ['linked-here', true],
      ['linked-there', false],
    ]);
  });
});

describe('one unreadable log stops only its own session', () => {
  /** Copies of the zstd home where the Harbor deploy session's log is garbage, a symlink to a non-log, or a symlink to another session's log. */
  const homes: Record<'garbage' | 'foreign' | 'duplicate', string> = { garbage: '', foreign: '', duplicate: '' };

  beforeAll(async () => {
    const foreign = join(tmp, 'foreign.txt');
    await writeFile(foreign, 'not a session log\n');
    for (const kind of Object.keys(homes) as (keyof typeof homes)[]) {
      const home = join(tmp, `home-${kind}`);
      await Promise.all(['sessions', 'storages'].map((dir) => cp(join(zstdHome, dir), join(home, dir), { recursive: true })));
      const log = await logOf(home, HOME_IDS.harborDeploy);
      await rm(log);
      if (kind === 'garbage') await writeFile(log, Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)));
      else await symlink(kind === 'foreign' ? foreign : await logOf(home, HOME_IDS.billing), log);
      homes[kind] = home;
    }
  });

  it('candidates lists every healthy session and names the unreadable one on stderr', async () => {
    for (const [kind, home] of Object.entries(homes)) {
      const result = await guarded(home, ['candidates', '--home', home, '--cwd', HOME_PROJECTS.atlas, '--json']);
      expect(result.code, `${kind}: ${result.stderr}`).toBe(0);
      expect(
        JSON.parse(result.stdout).map((c: { label: string }) => c.label),
        kind,
      ).toEqual(['Flaky checkout test', 'Billing migration plan', 'Rotate Harbor TLS certificates']);
      expect(result.stderr, kind).toMatch(
        new RegExp(
          `^warning: left out session "${HOME_IDS.harborDeploy}": its log ${await logOf(home, HOME_IDS.harborDeploy)} could not be read: \\S`,
        ),
      );
    }
  });

  it('preview of a healthy session works; citing the unreadable one fails with READ_FAILED and the log named', async () => {
    for (const [kind, home] of Object.entries(homes)) {
      const [healthy, broken] = await Promise.all([
        guarded(home, ['preview', '--home', home, '--no-spill', '--json', mentionOf(HOME_IDS.billing)]),
        guarded(home, ['preview', '--home', home, '--no-spill', mentionOf(HOME_IDS.harborDeploy)]),
      ]);
      expect(healthy.code, `${kind}: ${healthy.stderr}`).toBe(0);
      expect(JSON.parse(healthy.stdout).additionalContext.source.references[0].sessionId).toBe(HOME_IDS.billing);
      expect(broken.code, kind).toBe(1);
      expect(broken.stderr, kind).toContain(`warning: the log of session "${HOME_IDS.harborDeploy}"`);
      expect(broken.stderr, kind).toContain('SESSION_REFERENCE_READ_FAILED: ');
    }
  });

  it('a log whose body cannot be folded keeps its id as label, with a warning; the others are titled', async () => {
    const home = join(tmp, 'home-torn-body');
    await cp(join(noCacheHome, 'sessions'), join(home, 'sessions'), { recursive: true });
    const log = await logOf(home, HOME_IDS.billing);
    const bytes = await readFile(log);
    for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 40; i++) bytes[i]! ^= 0xff;
    await writeFile(log, bytes);
    const result = await guarded(home, ['candidates', '--home', home, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const labels = Object.fromEntries(JSON.parse(result.stdout).map((c: { sessionId: string; label: string }) => [c.sessionId, c.label]));
    expect(labels).toEqual({
      [HOME_IDS.billing]: HOME_IDS.billing,
      [HOME_IDS.checkout]: 'Flaky checkout test',
      [HOME_IDS.harborDeploy]: 'Harbor deploy notes',
      [HOME_IDS.harborTls]: 'Rotate Harbor TLS certificates',
    });
    expect(result.stderr).toMatch(
      new RegExp(`^warning: session "${HOME_IDS.billing}" is labelled by its id: its log could not be folded: \\S`),
    );
    expect(existsSync(join(home, 'storages'))).toBe(false);
  });
});
