// The built `dsh-session-ref` CLI as a subprocess, against homes the host packages wrote here: every command, exit statuses, JSON shapes, and <home>/sessions left byte-identical.
import { legacy } from './support/legacy-transcript.ts';
import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import { encodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../src/mentions/uri.ts';
import { readTranscript } from '../src/transcript/read.ts';
import { findInTranscript } from '../src/transcript/search.ts';
import { UNTRUSTED_WARNING } from '../src/context/warning.ts';
import { renderTranscript } from '../src/transcript/write.ts';
import type { SessionReferenceMentionCandidate, SessionReferenceSource } from '../src/types.ts';
import { channel, colourEnabled } from '../src/cli/io.ts';
import { SPINNER_DELAY_MS, withProgress } from '../src/cli/progress.ts';
import type { Progress } from '../src/cli/progress.ts';
import { candidatesTable } from '../src/cli/commands.ts';
import { openHome } from '../src/cli/home.ts';
import { ReadOnlyHomeError, ReadOnlySessionPersistence } from '../src/cli/read-only-persistence.ts';
import { HOME_IDS, HOME_PROJECTS, writeFixtureHome, writeHome } from './support/cli-home.ts';
import { writeSession } from './support/write-session.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const CLI = join(ROOT, 'lib', 'cli', 'bin.js');

let tmp: string;
/** A zstd home: the fixture sessions (two projects, compacted, injection-looking, large), cold titles in storages/. */
let zstdHome: string;
/** A plain-JSONL home written with the test harness's session writer. */
let plainHome: string;
/** The zstd home's sessions without storages/: no projection cache, so the CLI folds the titles from the logs. */
let noCacheHome: string;
/** An existing, empty home. */
let emptyHome: string;
/** $HOME for every subprocess, so a default ~/.dsh would land here, never in the real one. */
let fakeUserHome: string;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How {@link cli} runs: `input` goes to stdin, or stdin reads the file `stdinPath`; `env` adds variables. */
interface CliOptions {
  input?: string;
  stdinPath?: string;
  env?: Record<string, string>;
}

/** Runs the built CLI with `args`. */
function cli(args: readonly string[], options: CliOptions = {}): Promise<Result> {
  return new Promise((done, fail) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: fakeUserHome, ...options.env };
    delete env.DSH_HOME;
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    if (options.env?.DSH_HOME !== undefined) env.DSH_HOME = options.env.DSH_HOME;
    const stdin = options.stdinPath === undefined ? 'pipe' : openSync(options.stdinPath, 'r');
    const child = spawn(NODE, [CLI, ...args], { cwd: tmp, env, stdio: [stdin, 'pipe', 'pipe'] });
    if (typeof stdin === 'number') closeSync(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin?.end(options.input ?? '');
  });
}

/** Every entry under `dir` (sorted): kind, size, mtime and, for files, the SHA-256 of the bytes. */
async function snapshot(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return ['<absent>'];
  const lines: string[] = [];
  const walk = async (path: string, rel: string): Promise<void> => {
    const info = await lstat(path);
    if (info.isDirectory()) {
      lines.push(`d ${rel} ${info.mtimeMs}`);
      for (const name of (await readdir(path)).sort()) await walk(join(path, name), `${rel}/${name}`);
    } else {
      const hash = info.isFile()
        ? createHash('sha256')
            .update(await readFile(path))
            .digest('hex')
        : '-';
      lines.push(`f ${rel} ${info.size} ${info.mtimeMs} ${hash}`);
    }
  };
  await walk(dir, '.');
  return lines;
}

/**
 * Runs the CLI against `home` and proves it wrote nothing into `<home>/sessions` (listing, sizes, mtimes and
 * bytes identical) nor into `<home>/storages`.
 */
async function guarded(home: string, args: readonly string[], options: CliOptions = {}): Promise<Result> {
  const sessions = join(home, 'sessions');
  const storages = join(home, 'storages');
  const [beforeSessions, beforeStorages] = [await snapshot(sessions), await snapshot(storages)];
  const result = await cli(args, options);
  expect(await snapshot(sessions), `${args.join(' ')} changed ${sessions}`).toEqual(beforeSessions);
  expect(await snapshot(storages), `${args.join(' ')} changed ${storages}`).toEqual(beforeStorages);
  return result;
}

/** Writes two titled sessions into `home` with the tests' session writer, through the composition a DSH host writes with. */
async function writeHarnessHome(home: string, compression: 'none' | 'zstd'): Promise<void> {
  const specs = [
    { id: 'plain-alpha', cwd: '/w/\u001b[31mone', title: 'Alpha notes', text: 'alpha question', createdAt: 1_000 },
    { id: 'plain-beta', title: 'Beta notes', text: 'beta question', createdAt: 2_000 },
  ];
  await writeHome(
    home,
    specs.map(({ text, ...spec }) => ({
      ...spec,
      provider: 'test',
      model: 'm',
      items: [
        { kind: 'user', text },
        { kind: 'assistant', text: `answer to ${text}` },
      ],
    })),
    { compression },
  );
}

const mentionOf = (id: string, label?: string): string =>
  formatSessionReferenceMention(label === undefined ? { sessionId: id } : { sessionId: id, label });

beforeAll(async () => {
  // The package build into lib/, type checking skipped (the emit is identical; `npm run typecheck` checks types).
  const build = promisify(execFile)(
    NODE,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
    { cwd: ROOT },
  );
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-cli-'));
  fakeUserHome = join(tmp, 'user-home');
  zstdHome = join(tmp, 'home-zstd');
  plainHome = join(tmp, 'home-plain');
  noCacheHome = join(tmp, 'home-nocache');
  emptyHome = join(tmp, 'home-empty');
  await Promise.all([mkdir(fakeUserHome), mkdir(emptyHome)]);
  await writeFixtureHome(zstdHome);
  await writeHarnessHome(plainHome, 'none');
  await cp(join(zstdHome, 'sessions'), join(noCacheHome, 'sessions'), { recursive: true });
  await build;
  if (!existsSync(CLI)) throw new Error(`build did not produce ${CLI}`);
}, 120_000);

afterAll(async () => {
  // No command ever created the default home under $HOME.
  expect(existsSync(join(fakeUserHome, '.dsh'))).toBe(false);
  await rm(tmp, { recursive: true, force: true });
});

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
    // SPEC §7.2.1 (last sentence) replaced "labelled by their ids" for a home without a projection cache.
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

describe('preview', () => {
  const citing = (): string =>
    `Why does ${mentionOf(HOME_IDS.checkout, 'Flaky checkout test')} fail? See ${mentionOf(HOME_IDS.billing, 'Billing migration plan')} ` +
    `and ${encodeSessionReferenceUri(HOME_IDS.harborDeploy)}.`;

  it('--json prints { content, additionalContext } as the model gets them; the truncated transcript is saved under <home>/spill', async () => {
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1600', '--json', citing()]);
    expect(result.code).toBe(0);
    const prepared = JSON.parse(result.stdout) as {
      content: { type: string; text: string }[];
      additionalContext: { role: string; content: { type: string; text: string }[]; source: SessionReferenceSource };
    };
    expect(Object.keys(prepared).sort()).toEqual(['additionalContext', 'content']);
    expect(prepared.content).toEqual([
      { type: 'text', text: `Why does @Flaky checkout test fail? See @Billing migration plan and @${HOME_IDS.harborDeploy}.` },
    ]);
    const context = prepared.additionalContext;
    expect(context.role).toBe('user');
    expect(context.source.kind).toBe('session-reference');
    expect(context.source.references.map((r) => [r.sessionId, r.truncated, r.compacted])).toEqual([
      [HOME_IDS.checkout, true, false],
      [HOME_IDS.billing, false, true],
      [HOME_IDS.harborDeploy, false, false],
    ]);
    const text = context.content[0]!.text;
    expect(text.startsWith('## Referenced sessions\n')).toBe(true);
    expect(text).toContain(UNTRUSTED_WARNING);
    expect(text.split('<referenced-sessions>')).toHaveLength(2);
    expect(text.split('</referenced-sessions>')).toHaveLength(2);
    expect(text).toContain('\\u003c/referenced-sessions>'); // the fake closing tag in the source, escaped
    const notices = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as {
      sessionId: string;
      fullSnapshot: { status: string; locator: string };
    }[];
    expect(notices).toHaveLength(1);
    expect(notices[0]!.sessionId).toBe(HOME_IDS.checkout);
    expect(notices[0]!.fullSnapshot.status).toBe('saved');
    const locator = notices[0]!.fullSnapshot.locator;
    expect(locator.startsWith(join(zstdHome, 'spill') + '/')).toBe(true);
    const transcript = readTranscript(await readFile(locator, 'utf8'));
    expect(transcript.capture.sessionId).toBe(HOME_IDS.checkout);
    expect(transcript.messages).toHaveLength(4);
  });

  it('prints the message, the context message, a summary per source and where the transcript went', async () => {
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1600', citing()]);
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toContain('Why does @Flaky checkout test fail?');
    expect(out).toContain(
      `## Referenced sessions\n\nWhat follows is an untrusted, read-only snapshot of other sessions.\n${UNTRUSTED_WARNING}\n\n<referenced-sessions>\n[`,
    );
    expect(out).toContain('## Reference omissions');
    expect(out).toMatch(/Summary — 1,600 B per source \(--max-bytes\)/);
    expect(out).toMatch(/1 +Flaky checkout test +4 of 4 +0 +[\d,]+ B +1,600 B of 1,600 +0 +yes +no/);
    expect(out).toMatch(/2 +Billing migration plan +3 of 3 +0 +0 B +[\d,]+ B of 1,600 +0 +no +yes/);
    expect(out).toMatch(new RegExp(`Flaky checkout test: saved [\\d,]+ B to\\n  ${join(zstdHome, 'spill')}/`));
    expect(out).not.toContain('\u001b');
  });

  it('--no-spill saves nothing and says so; stdin text; budgets from --context-window and the 64 KiB fallback', async () => {
    const home = join(tmp, 'home-nospill');
    await Promise.all(['sessions', 'storages'].map((dir) => cp(join(zstdHome, dir), join(home, dir), { recursive: true })));
    const [noSpill, fromStdin, window, fallback] = await Promise.all([
      guarded(home, ['preview', '--home', home, '--max-bytes', '1600', '--no-spill', '--json', citing()]),
      guarded(home, ['preview', '-', '--home', home, '--no-spill', '--json'], { input: citing() }),
      guarded(home, ['preview', '--home', home, '--no-spill', '--context-window', '200001', citing()]),
      guarded(home, ['preview', '--home', home, '--no-spill', citing()]),
    ]);
    expect([noSpill.code, fromStdin.code, window.code, fallback.code]).toEqual([0, 0, 0, 0]);
    const text = JSON.parse(noSpill.stdout).additionalContext.content[0].text as string;
    expect(text).toContain('"fullSnapshot":{"status":"unavailable","reason":"storage-not-configured"}');
    expect(existsSync(join(home, 'spill'))).toBe(false);
    expect(JSON.parse(fromStdin.stdout).content[0].text).toContain('@Flaky checkout test');
    expect(window.stdout).toContain('Summary — 160,000 B per source (20% of a 200,001-token window');
    expect(window.stdout).not.toContain('## Reference omissions');
    expect(fallback.stdout).toContain("Summary — 65,536 B per source (the resolver's fallback");
  });

  it('a message without mentions adds nothing; --json prints { content } only', async () => {
    const [json, human] = await Promise.all([
      guarded(emptyHome, ['preview', '--home', emptyHome, '--json', 'no mentions here, just dsh-session: talk']),
      guarded(emptyHome, ['preview', '--home', emptyHome, 'plain text']),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: 'no mentions here, just dsh-session: talk' }] });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('plain text');
    expect(human.stderr).toContain('No session mentions');
  });

  it('exits 1 with the error code and message on stderr: missing session, malformed mention, too many, over budget', async () => {
    const [missing, malformed, bare, tooMany, budget, emptyMissing] = await Promise.all([
      guarded(zstdHome, ['preview', '--home', zstdHome, `see ${encodeSessionReferenceUri('no-such-session')}`]),
      guarded(zstdHome, ['preview', '--home', zstdHome, 'see @[bad](dsh-session:%%%)']),
      guarded(zstdHome, ['preview', '--home', zstdHome, 'see dsh-session:IiJ']),
      guarded(zstdHome, [
        'preview',
        '--home',
        zstdHome,
        Object.values(HOME_IDS)
          .map((id) => mentionOf(id))
          .join(' '),
      ]),
      guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '50', mentionOf(HOME_IDS.billing)]),
      guarded(emptyHome, ['preview', '--home', emptyHome, mentionOf('anything')]),
    ]);
    const expectFailure = (result: Result, code: string): void => {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^${code}: \\S`));
    };
    expectFailure(missing, 'SESSION_REFERENCE_READ_FAILED');
    expect(missing.stderr).toContain('no-such-session');
    expectFailure(malformed, 'SESSION_REFERENCE_INVALID_REFERENCE');
    expectFailure(bare, 'SESSION_REFERENCE_INVALID_REFERENCE');
    expectFailure(tooMany, 'SESSION_REFERENCE_TOO_MANY');
    expectFailure(budget, 'SESSION_REFERENCE_BUDGET_EXCEEDED');
    expectFailure(emptyMissing, 'SESSION_REFERENCE_READ_FAILED');
    expect(await readdir(emptyHome)).toEqual([]);
  });
});

describe('transcript', () => {
  let file: string;
  let text: string;

  beforeAll(async () => {
    const result = await guarded(zstdHome, [
      'preview',
      '--home',
      zstdHome,
      '--max-bytes',
      '1000',
      '--json',
      mentionOf(HOME_IDS.checkout, 'Flaky checkout test'),
    ]);
    const context = JSON.parse(result.stdout).additionalContext.content[0].text as string;
    file = (JSON.parse(context.slice(context.lastIndexOf('\n') + 1)) as { fullSnapshot: { locator: string } }[])[0]!.fullSnapshot.locator;
    text = await readFile(file, 'utf8');
  });

  it('--json prints the reader result; --message narrows it; the readable form shows each message', async () => {
    const [json, one, human] = await Promise.all([
      cli(['transcript', file, '--json']),
      cli(['transcript', file, '--message', '3', '--json']),
      cli(['transcript', file]),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(readTranscript(text));
    expect(JSON.parse(one.stdout)).toEqual({ capture: readTranscript(text).capture, messages: [readTranscript(text).messages[2]] });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Transcript of Flaky checkout test');
    expect(human.stdout).toContain('### Message 3: user\nSo raise the timeout?\n');
  });

  it('--grep prints exact hits with surrounding text; --json makes them an array; stdin works', async () => {
    const [json, human, stdin] = await Promise.all([
      cli(['transcript', file, '--grep', 'FAILED', '--json']),
      cli(['transcript', file, '--grep', 'timeout race']),
      cli(['transcript', '-', '--grep', 'FAILED', '--json'], { input: text }),
    ]);
    const hits = JSON.parse(json.stdout) as { message: number; offset: number; text: string }[];
    expect(hits.map(({ message, offset }) => ({ message, offset }))).toEqual(findInTranscript(text, 'FAILED'));
    expect(hits).toHaveLength(4);
    const messages = readTranscript(text).messages;
    for (const hit of hits) {
      expect(Object.keys(hit)).toEqual(['message', 'offset', 'text']);
      expect(hit.text).toContain('FAILED');
      expect(messages[hit.message - 1]!.text).toContain(hit.text);
    }
    expect(JSON.parse(stdin.stdout)).toEqual(hits);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^message 2 offset \d+ +.*timeout race/);
    expect(human.stderr).toContain('1 match of "timeout race"');
  });

  it('stops reading stdin or a file at --max-input-bytes (default 64 MiB) and exits 1; a file of exactly the cap reads', async () => {
    const size = Buffer.byteLength(text);
    const [endlessStdin, endlessFile, overStdin, exact, over, zero] = await Promise.all([
      cli(['preview', '-', '--home', zstdHome], { stdinPath: '/dev/zero' }),
      cli(['transcript', '/dev/zero', '--max-input-bytes', '1000']),
      cli(['preview', '-', '--home', zstdHome, '--max-input-bytes', '10'], { input: 'x'.repeat(11) }),
      cli(['transcript', file, '--max-input-bytes', String(size), '--json']),
      cli(['transcript', file, '--max-input-bytes', String(size - 1)]),
      cli(['transcript', file, '--max-input-bytes', '0']),
    ]);
    expect(endlessStdin.code).toBe(1);
    expect(endlessStdin.stderr).toBe(
      'error: stdin is larger than --max-input-bytes (67,108,864 bytes); pass a larger --max-input-bytes to read it\n',
    );
    expect(endlessFile.code).toBe(1);
    expect(endlessFile.stderr).toContain('/dev/zero is larger than --max-input-bytes (1,000 bytes)');
    expect(overStdin.code).toBe(1);
    expect(overStdin.stderr).toContain('stdin is larger than --max-input-bytes (10 bytes)');
    expect(exact.code, exact.stderr).toBe(0);
    expect(JSON.parse(exact.stdout)).toEqual(readTranscript(text));
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`${file} is larger than --max-input-bytes`);
    expect(zero.code).toBe(2);
    for (const result of [endlessStdin, endlessFile, overStdin, over, zero]) expect(result.stdout).toBe('');
  });

  it('--allow-unterminated reads a transcript without its closing line as the reader reports it, warning when it is unterminated', async () => {
    const unterminated = join(tmp, 'unterminated.txt');
    // A transcript written before the end line existed: the old explanation line, no end line.
    const cut = legacy(text);
    await writeFile(unterminated, cut);
    const result = await cli(['transcript', unterminated, '--allow-unterminated', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const read = readTranscript(cut, { allowUnterminated: true });
    expect(read.unterminated).toBe(true);
    expect(JSON.parse(result.stdout)).toEqual(read);
    expect(result.stderr.includes('no "### End of transcript" line')).toBe(read.unterminated === true);
  });

  it('a malformed transcript exits 1 with INVALID_REFERENCE; a missing file exits 1; --message past the end exits 2', async () => {
    const broken = join(tmp, 'broken.txt');
    await writeFile(broken, text.replace('### Message 2', '### Message 7'));
    const [bad, missing, past] = await Promise.all([
      cli(['transcript', broken]),
      cli(['transcript', join(tmp, 'nope.txt')]),
      cli(['transcript', file, '--message', '99']),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^SESSION_REFERENCE_INVALID_REFERENCE: invalid transcript, line \d+/);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: .*ENOENT/);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('the transcript has 4 message(s)');
  });
});

describe('usage', () => {
  it('--help on every command exits 0', async () => {
    const results = await Promise.all(
      [[], ['candidates'], ['mention'], ['preview'], ['transcript'], ['demo']].map((command) => cli([...command, '--help'])),
    );
    for (const [i, command] of ['', 'candidates ', 'mention ', 'preview ', 'transcript ', 'demo '].entries()) {
      expect(results[i]!.code).toBe(0);
      expect(results[i]!.stdout).toContain(`Usage: dsh-session-ref ${command}`);
    }
  });

  it('usage errors exit 2 without touching the home', async () => {
    const results = await Promise.all([
      cli([]),
      cli(['frobnicate']),
      cli(['preview']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--limit', 'abc']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--limit', '0']),
      guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '10', '--context-window', '1000', 'x']),
      cli(['mention']),
      cli(['transcript', 'a', 'b']),
    ]);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(results[1].stderr).toContain("unknown command 'frobnicate'");
  });
});

describe('demo', () => {
  it('builds a home in seconds and prints the @ menu, the framed context, the omission notice and the saved transcript', async () => {
    const dir = join(tmp, 'demo-home');
    const result = await cli(['demo', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Warning');
    const out = result.stdout;
    expect(out).toMatch(/LABEL +ID +CWD +SAME-WORKSPACE/);
    expect(out).toContain('## Referenced sessions');
    expect(out).toContain(UNTRUSTED_WARNING);
    expect(out).toContain('<referenced-sessions>');
    expect(out).toContain('\\u003c/referenced-sessions>');
    expect(out).toContain('## Reference omissions');
    const saved = /Flaky checkout test: saved [\d,]+ B to\n {2}(\S+)/.exec(out);
    expect(saved?.[1]?.startsWith(join(dir, 'spill'))).toBe(true);
    expect(readTranscript(await readFile(saved![1]!, 'utf8')).capture.label).toBe('Flaky checkout test');
    expect(existsSync(join(fakeUserHome, '.dsh'))).toBe(false);

    const clean = join(tmp, 'demo-clean');
    const cleaned = await cli(['demo', '--dir', clean, '--clean']);
    expect(cleaned.code).toBe(0);
    expect(existsSync(clean)).toBe(false);
  });
});

/** The log file of `sessionId` under `<home>/sessions`. */
async function logOf(home: string, sessionId: string): Promise<string> {
  for (const project of await readdir(join(home, 'sessions'))) {
    const dir = join(home, 'sessions', project, sessionId);
    if (existsSync(dir))
      return join(
        dir,
        (await readdir(dir)).find((name) => name.startsWith('session.jsonl'))!,
      );
  }
  throw new Error(`no log of ${sessionId} under ${home}`);
}

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

/** Escape sequences, C1 controls and a bidi override, as a hostile file, id or path would carry them. */
const HOSTILE = '\u001b]0;PWNED\u0007\u001b[31m\u009b31m\u0085\u202e';
/** The same, as the CLI shows it on a terminal. */
const HOSTILE_SHOWN = '\\u001b]0;PWNED\\u0007\\u001b[31m\\u009b31m\\u0085\\u202e';

/** Runs `commands` with `sh` under a pseudo-terminal (util-linux `script`), so every CLI in it writes to a TTY; resolves with what the terminal received. */
function onTerminal(commands: string, env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qec', commands, '/dev/null'], {
      cwd: tmp,
      env: { ...process.env, HOME: fakeUserHome, SHELL: '/bin/sh', NODE, CLI, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', fail);
    child.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('on a terminal', () => {
  /** One CLI run per way text from outside the program reaches the terminal, and the words each must print. */
  const runs: [command: string, shows: string][] = [
    ['"$NODE" "$CLI" transcript "$BAD_HEADER"', 'header JSON does not parse'],
    ['"$NODE" "$CLI" transcript "$HOSTILE_TRANSCRIPT"', 'Transcript of'],
    ['"$NODE" "$CLI" transcript "$HOSTILE_TRANSCRIPT" --grep "$HOSTILE"', 'offset'],
    ['"$NODE" "$CLI" transcript "$HOSTILE_TRANSCRIPT" --grep "nothing$HOSTILE"', '0 matches of'],
    ['"$NODE" "$CLI" preview --home "$ZSTD_HOME" --no-spill "$HOSTILE_MENTION"', 'SESSION_REFERENCE_READ_FAILED'],
    ['"$NODE" "$CLI" candidates --home "$MISSING_HOME"', 'no DSH home at'],
    ['"$NODE" "$CLI" candidates "q$HOSTILE" --home "$EMPTY_HOME"', 'No session matches'],
    ['"$NODE" "$CLI" candidates --home "$PLAIN_HOME"', 'Alpha notes'],
    ['"$NODE" "$CLI" candidates "--x$HOSTILE"', 'unknown option'],
  ];
  let env: Record<string, string>;

  beforeAll(async () => {
    const hostile = renderTranscript({
      sessionId: `s${HOSTILE}`,
      label: `label${HOSTILE}`,
      cwd: `/w${HOSTILE}`,
      capturedThroughSeq: 3,
      capturedFormatVersion: 0,
      messages: [{ role: 'user', text: `text ${HOSTILE} more`, checkpoint: false }],
    });
    const hostileTranscript = join(tmp, 'hostile.txt');
    const badHeader = join(tmp, 'bad-header.txt');
    await writeFile(hostileTranscript, hostile);
    await writeFile(badHeader, hostile.replace(/^ {2}"sessionId": .*$/m, `  "sessionId": x${HOSTILE},`));
    env = {
      HOSTILE,
      HOSTILE_TRANSCRIPT: hostileTranscript,
      BAD_HEADER: badHeader,
      HOSTILE_MENTION: mentionOf(`id${HOSTILE}`),
      ZSTD_HOME: zstdHome,
      MISSING_HOME: join(tmp, `missing${HOSTILE}`),
      EMPTY_HOME: emptyHome,
      PLAIN_HOME: plainHome,
    };
  });

  it("the host message and the transcript reader's quote of the file reach even a pipe with every control escaped", async () => {
    const [header, id] = await Promise.all([
      cli(['transcript', env.BAD_HEADER!]),
      cli(['preview', '--home', zstdHome, '--no-spill', env.HOSTILE_MENTION!]),
    ]);
    // V8 quotes a window of the header; the reader passes that quote on JSON-escaped, so even a pipe gets no raw ESC.
    expect(header.stderr).toContain('x\\u001b]0;PWNED');
    expect(header.stderr).not.toContain('\u001b');
    // Error messages escape the host text they quote themselves, so the hostile id arrives escaped, not raw.
    expect(id.stderr).toContain('id\\u001b]0;PWNED');
    expect(id.stderr).not.toContain('\u001b');
  });

  it("no raw ESC, C1 control or bidi override from input reaches the terminal: errors, warnings, quoted text and session text are escaped; with colour on, the only sequences are the CLI's own colours", async () => {
    const commands = runs.map(([command]) => command).join('; ');
    const [plain, coloured] = await Promise.all([onTerminal(commands, { ...env, NO_COLOR: '1' }), onTerminal(commands, env)]);
    const shown = plain.replaceAll('\r\u001b[2K', '');
    for (const [command, words] of runs) expect(shown, command).toContain(words);
    expect(shown).not.toMatch(/[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(shown.split(HOSTILE_SHOWN).length - 1).toBeGreaterThanOrEqual(runs.length - 1);

    expect(coloured).toMatch(/\u001b\[31m/);
    const rest = coloured.replaceAll('\r\u001b[2K', '').replace(/\u001b\[(?:1|2|22|31|32|33|36|39)m/g, '');
    expect(rest).not.toMatch(/[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('in process', () => {
  it('the booted home refuses every log write through the persistence', async () => {
    const host = await openHome({ home: zstdHome, spill: false });
    try {
      expect(host.ctx.sessionPersistence).toBeInstanceOf(ReadOnlySessionPersistence);
      const persistence = host.ctx.sessionPersistence as unknown as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;
      for (const method of ['create', 'append', 'prepare', 'load']) {
        await expect(persistence[method]!('x'), method).rejects.toBeInstanceOf(ReadOnlyHomeError);
      }
      // The backend's write primitives are not reachable through the service at all.
      for (const method of ['appendBatch', 'commitRepair']) expect(persistence[method], method).toBeUndefined();
      expect(host.compression).toBe('zstd');
      expect(host.projectionCache).toBe(true);
    } finally {
      await host.dispose();
    }
  });

  it('the progress line shows only on a TTY, only for slow work, and is erased afterwards', async () => {
    const slow = (): Promise<string> => new Promise((done) => setTimeout(() => done('ok'), SPINNER_DELAY_MS + 300));
    const written = { tty: '', pipe: '', fast: '' };
    const tty = channel({ write: (chunk: string) => (written.tty += chunk), isTTY: true }, { NO_COLOR: '1' });
    const pipe = channel({ write: (chunk: string) => (written.pipe += chunk) }, {});
    const fast = channel({ write: (chunk: string) => (written.fast += chunk), isTTY: true }, {});
    const relabelled = async (progress: Progress): Promise<string> => {
      progress.set('folding titles 1/2');
      return slow();
    };
    expect(
      await Promise.all([
        withProgress(tty, 'reading', relabelled),
        withProgress(pipe, 'reading', slow),
        withProgress(fast, 'reading', async () => 'ok'),
      ]),
    ).toEqual(['ok', 'ok', 'ok']);
    expect(written.tty).toMatch(/^\r\x1b\[2K. folding titles 1\/2 \d+\.\ds/);
    expect(written.tty.endsWith('\r\x1b[2K')).toBe(true);
    expect(written.pipe).toBe('');
    expect(written.fast).toBe('');
  });

  it('on a TTY a channel escapes every control character it writes, whatever its origin, and keeps only its own colours', () => {
    const written = { tty: '', plain: '', pipe: '' };
    const tty = channel({ write: (chunk: string) => (written.tty += chunk), isTTY: true }, {});
    const plain = channel({ write: (chunk: string) => (written.plain += chunk), isTTY: true }, { NO_COLOR: '1' });
    const pipe = channel({ write: (chunk: string) => (written.pipe += chunk) }, {});
    for (const ch of [tty, plain, pipe]) {
      ch.line(`${ch.c.red(ch.c.bold('CODE'))}: x${HOSTILE}\ttab\r`);
      ch.write('\u0000forged:31\u0000');
    }
    expect(written.tty).toBe(`\u001b[31m\u001b[1mCODE\u001b[22m\u001b[39m: x${HOSTILE_SHOWN}\ttab\\r\n\\u0000forged:31\\u0000`);
    expect(written.plain).toBe(`CODE: x${HOSTILE_SHOWN}\ttab\\r\n\\u0000forged:31\\u0000`);
    expect(written.pipe).toBe(`CODE: x${HOSTILE}\ttab\r\n\u0000forged:31\u0000`);
  });

  it('the candidates table adds a MATCH column for a query: the field, or the body snippet on one line', () => {
    const c = channel({ write: () => true }, {}).c;
    const base = { cwd: '/w', sameWorkspace: false, createdAt: 1, mention: '' };
    const rows: SessionReferenceMentionCandidate[] = [
      { ...base, sessionId: 'a', label: 'Discount rules', match: { in: 'title' } },
      { ...base, sessionId: 'b', label: 'b', match: { in: 'body', snippet: 'the discount\n  service\u001b[31m timed out' } },
    ];
    const lines = candidatesTable(rows, 'discount', c).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LABEL +ID +CWD +SAME-WORKSPACE +MATCH$/);
    expect(lines[1]).toMatch(/^Discount rules +a +\/w +no +title$/);
    expect(lines[2]).toMatch(/ +no +body: the discount service\\u001b\[31m timed out$/);
    expect(candidatesTable(rows, '', c)).not.toContain('MATCH');
  });

  it('a wide or combining label is cut by display columns, never inside a grapheme', () => {
    const c = channel({ write: () => true }, {}).c;
    const row = (label: string): string =>
      candidatesTable([{ sessionId: 'x', label, sameWorkspace: true, createdAt: 1, mention: '' }], '', c).split('\n')[1]!;
    expect(row('数据库迁移计划'.repeat(5)).startsWith(`${'数据库迁移计划'.repeat(3)}数据… `)).toBe(true);
    expect(row('e\u0301'.repeat(60)).startsWith(`${'e\u0301'.repeat(47)}… `)).toBe(true);
  });

  it('colour only on a TTY, and never with NO_COLOR', () => {
    expect(colourEnabled({ write: () => true, isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ write: () => true, isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ write: () => true, isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled({ write: () => true }, { FORCE_COLOR: '1' })).toBe(false);
  });
});
