/** The `candidates` and `mention` commands on real homes: order, titles, JSON, and a home left exactly as it was. */
import { existsSync } from 'node:fs';
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import { parseSessionReferenceText } from '../../src/mentions/uri.ts';
import { HOME_IDS, HOME_PROJECTS } from '../support/cli-home.ts';
import { writeSession } from '../support/write-session.ts';
import { cli, emptyHome, guarded, mentionOf, noCacheHome, plainHome, tmp, useCliHomes, zstdHome } from '../support/cli-homes.ts';

useCliHomes();

describe('candidates', () => {
  it('lists the @ menu with cold titles from storages/, same workspace first, each with its mention (--json)', async () => {
    const result = await guarded(zstdHome, ['candidates', '--home', zstdHome, '--cwd', HOME_PROJECTS.atlas, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const candidates = JSON.parse(result.stdout) as {
      sessionId: string;
      label: string;
      cwd?: string;
      sameWorkspace: boolean;
      createdAt: number;
      mention: string;
    }[];
    expect(candidates.map((c) => [c.label, c.sameWorkspace])).toEqual([
      ['Flaky checkout test', true],
      ['Billing migration plan', true],
      ['Rotate Harbor TLS certificates', false],
      ['Harbor deploy notes', false],
    ]);
    for (const candidate of candidates) {
      expect(Object.keys(candidate).sort()).toEqual(['createdAt', 'cwd', 'label', 'mention', 'sameWorkspace', 'sessionId']);
      expect(candidate.mention).toBe(mentionOf(candidate.sessionId, candidate.label));
      expect(parseSessionReferenceText(candidate.mention).references).toEqual([{ sessionId: candidate.sessionId, label: candidate.label }]);
    }
  });

  it('prints a table of label, id, cwd and same-workspace; filters, limits, and reads $DSH_HOME', async () => {
    const [table, filtered, limited] = await Promise.all([
      guarded(zstdHome, ['candidates', '--cwd', HOME_PROJECTS.harbor], { env: { DSH_HOME: zstdHome } }),
      guarded(zstdHome, ['candidates', 'HARBOR', '--home', zstdHome, '--json']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--limit', '1', '--json']),
    ]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LABEL +ID +CWD +SAME-WORKSPACE$/);
    expect(lines[1]).toMatch(new RegExp(`^Rotate Harbor TLS certificates +${HOME_IDS.harborTls} +${HOME_PROJECTS.harbor} +yes$`));
    expect(lines[4]).toMatch(new RegExp(`^Billing migration plan +${HOME_IDS.billing} +${HOME_PROJECTS.atlas} +no$`));
    expect(table.stdout).not.toContain('\u001b'); // no colour off a TTY
    expect(JSON.parse(filtered.stdout).map((c: { sessionId: string }) => c.sessionId)).toEqual([HOME_IDS.harborTls, HOME_IDS.harborDeploy]);
    expect(JSON.parse(limited.stdout)).toHaveLength(1);
  });

  it('a body match shows the matched word in the MATCH column, however deep in the message it was said', async () => {
    const result = await guarded(zstdHome, ['candidates', 'AssertionError', '--home', zstdHome]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/ +MATCH$/);
    expect(lines[1]).toMatch(/^Flaky checkout test +.* body: .*AssertionError/);
  });

  it('reads a plain-JSONL home, and escapes control characters in table cells but not in JSON', async () => {
    const cwd = '/w/\u001b[31mone';
    const [json, table] = await Promise.all([
      guarded(plainHome, ['candidates', '--home', plainHome, '--cwd', cwd, '--json']),
      guarded(plainHome, ['candidates', '--home', plainHome, '--cwd', cwd]),
    ]);
    expect(json.code).toBe(0);
    expect(
      JSON.parse(json.stdout).map((c: { label: string; cwd?: string; sameWorkspace: boolean }) => [c.label, c.cwd, c.sameWorkspace]),
    ).toEqual([
      ['Alpha notes', cwd, true],
      ['Beta notes', undefined, false],
    ]);
    expect(table.stdout).not.toContain('\u001b');
    expect(table.stdout).toContain('/w/\\u001b[31mone');
  });

  it('folds titles the home has no projection cache for, in memory: every session titled, storages/ never created', async () => {
    // A home without a projection cache has its titles folded from the logs, where it once had its sessions labelled by their ids.
    const [json, zstd] = await Promise.all([
      guarded(noCacheHome, ['candidates', '--home', noCacheHome, '--cwd', HOME_PROJECTS.atlas, '--json']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--cwd', HOME_PROJECTS.atlas, '--json']),
    ]);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(zstd.stdout));
    expect(existsSync(join(noCacheHome, 'storages'))).toBe(false);
  });

  it('folds the title of a session the projection cache never checkpointed, and writes nothing back', async () => {
    const home = join(tmp, 'home-late');
    await cp(zstdHome, home, { recursive: true });
    // Another process without the projection cache (a headless run) wrote this one.
    const ctx = new Context();
    try {
      await ctx.plugin(SessionStore);
      await ctx.plugin(JsonlSessionPersistence, { root: join(home, 'sessions') });
      await writeSession(
        { ctx },
        { id: 'late-session', cwd: HOME_PROJECTS.atlas, title: 'Late notes', items: [{ kind: 'user', text: 'a late question' }] },
      );
    } finally {
      await ctx.fiber.dispose();
    }
    const result = await guarded(home, ['candidates', 'late', '--home', home, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const titled = JSON.parse(result.stdout).filter((c: { match: { in: string } }) => c.match.in === 'title');
    expect(titled.map((c: { sessionId: string; label: string }) => [c.sessionId, c.label])).toEqual([['late-session', 'Late notes']]);
  });

  it('on an empty home lists nothing and exits 0; an absent home exits 1 naming it; nothing is created', async () => {
    const absent = join(tmp, 'no-such-home');
    const [json, table, missing, missingPreview, missingEnv] = await Promise.all([
      guarded(emptyHome, ['candidates', '--home', emptyHome, '--json']),
      guarded(emptyHome, ['candidates', '--home', emptyHome]),
      cli(['candidates', '--home', absent, '--json']),
      cli(['preview', '--home', absent, mentionOf(HOME_IDS.billing)]),
      cli(['candidates'], { env: { DSH_HOME: absent } }),
    ]);
    expect([json.code, table.code]).toEqual([0, 0]);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(table.stdout).toBe('');
    expect(table.stderr).toContain('No sessions');
    for (const result of [missing, missingPreview, missingEnv]) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`error: no DSH home at ${absent}\n`);
    }
    expect(await readdir(emptyHome)).toEqual([]);
    expect(existsSync(absent)).toBe(false);
  });
});

describe('mention', () => {
  it('prints the canonical mention, escaping the label', async () => {
    const [plain, labelled] = await Promise.all([
      cli(['mention', 'abc', '--label', 'abc']),
      cli(['mention', HOME_IDS.billing, '--label', 'Plan [v2]']),
    ]);
    expect(plain).toEqual({ code: 0, stdout: '@[abc](dsh-session:ImFiYyI)\n', stderr: '' });
    expect(labelled.stdout).toBe(`${mentionOf(HOME_IDS.billing, 'Plan [v2]')}\n`);
  });
});
