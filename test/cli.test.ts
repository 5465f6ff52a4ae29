// The built `dsh-session-ref` CLI as a subprocess, against homes the host packages wrote here: every command, exit statuses, JSON shapes, and <home>/sessions left byte-identical.
import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context } from '@deepseek-ai/cordis';
import SessionStore from '@deepseek-ai/dsh-session';
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionProjectionCache from '@deepseek-ai/dsh-session-projection-cache';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import Storage from '@deepseek-ai/dsh-storage';
import * as StorageDomain from '@deepseek-ai/dsh-storage-domain';
import * as StorageJson from '@deepseek-ai/dsh-storage-json';
import {
  encodeSessionReferenceUri,
  findInTranscript,
  formatSessionReferenceMention,
  parseSessionReferenceText,
  readTranscript,
  UNTRUSTED_WARNING,
} from '../src/index.ts';
import type { SessionReferenceSource } from '../src/index.ts';
import { DEMO_IDS, DEMO_PROJECTS, writeDemoHome } from '../src/cli/demo.ts';
import { channel, colourEnabled } from '../src/cli/io.ts';
import { SPINNER_DELAY_MS, withProgress } from '../src/cli/progress.ts';
import { openHome, ReadOnlyHomeError } from '../src/cli/home.ts';
import { writeSession } from './support/write-session.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const CLI = join(ROOT, 'lib', 'cli.js');

let tmp: string;
/** A zstd home: the demo sessions (two projects, compacted, injection-looking, large), cold titles in storages/. */
let zstdHome: string;
/** A plain-JSONL home written with the test harness's session writer. */
let plainHome: string;
/** The zstd home's sessions without storages/: no projection cache, so labels fall back to ids. */
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

/** Runs the built CLI with `args`; `input` goes to stdin. */
function cli(args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<Result> {
  return new Promise((done, fail) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: fakeUserHome, ...options.env };
    delete env.DSH_HOME;
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    if (options.env?.DSH_HOME !== undefined) env.DSH_HOME = options.env.DSH_HOME;
    const child = spawn(NODE, [CLI, ...args], { cwd: tmp, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
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
      const hash = info.isFile() ? createHash('sha256').update(await readFile(path)).digest('hex') : '-';
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
async function guarded(home: string, args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<Result> {
  const sessions = join(home, 'sessions');
  const storages = join(home, 'storages');
  const [beforeSessions, beforeStorages] = [await snapshot(sessions), await snapshot(storages)];
  const result = await cli(args, options);
  expect(await snapshot(sessions), `${args.join(' ')} changed ${sessions}`).toEqual(beforeSessions);
  expect(await snapshot(storages), `${args.join(' ')} changed ${storages}`).toEqual(beforeStorages);
  return result;
}

/** Writes `specs` into `home` with the test harness's writer through a host like the CLI reads (JSONL + projection cache on storages/). */
async function writeHarnessHome(home: string, compression: 'none' | 'zstd'): Promise<void> {
  const ctx = new Context();
  await ctx.plugin(SessionStore);
  await ctx.plugin(JsonlSessionPersistence, { root: join(home, 'sessions'), compression });
  await ctx.plugin(Storage);
  await ctx.plugin(StorageJson, { root: join(home, 'storages') });
  await ctx.plugin(StorageDomain, { backend: 'json' });
  await ctx.plugin(SessionProjectionRegistry);
  await ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });
  await ctx.plugin(SessionProjectionCache, { writeEveryEvents: 10_000, writeIntervalMs: 3_600_000 });
  try {
    const specs = [
      { id: 'plain-alpha', cwd: '/w/\u001b[31mone', title: 'Alpha notes', text: 'alpha question', createdAt: 1_000 },
      { id: 'plain-beta', title: 'Beta notes', text: 'beta question', createdAt: 2_000 },
    ];
    for (const spec of specs) {
      await writeSession(
        { ctx },
        {
          id: spec.id,
          ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
          createdAt: spec.createdAt,
          live: true,
          items: [
            { kind: 'user', text: spec.text },
            { kind: 'assistant', text: `answer to ${spec.text}` },
          ],
        },
      );
      const session = ctx.sessions.get(spec.id as never)!;
      ctx.sessionTitle.rename(session, spec.title);
      await ctx.sessions.flush(session);
      await ctx.sessionProjectionCache.write(session);
    }
  } finally {
    await ctx.fiber.dispose();
  }
}

const mentionOf = (id: string, label?: string): string => formatSessionReferenceMention(label === undefined ? { sessionId: id } : { sessionId: id, label });

beforeAll(async () => {
  // The package build into lib/, type checking skipped (the emit is identical; `npm run typecheck` checks types).
  const build = promisify(execFile)(NODE, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--noCheck'], { cwd: ROOT });
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-cli-'));
  fakeUserHome = join(tmp, 'user-home');
  zstdHome = join(tmp, 'home-zstd');
  plainHome = join(tmp, 'home-plain');
  noCacheHome = join(tmp, 'home-nocache');
  emptyHome = join(tmp, 'home-empty');
  await Promise.all([mkdir(fakeUserHome), mkdir(emptyHome)]);
  await writeDemoHome(zstdHome);
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
    const result = await guarded(zstdHome, ['candidates', '--home', zstdHome, '--cwd', DEMO_PROJECTS.atlas, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const candidates = JSON.parse(result.stdout) as { sessionId: string; label: string; cwd?: string; sameWorkspace: boolean; createdAt: number; mention: string }[];
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
      guarded(zstdHome, ['candidates', '--cwd', DEMO_PROJECTS.harbor], { env: { DSH_HOME: zstdHome } }),
      guarded(zstdHome, ['candidates', 'HARBOR', '--home', zstdHome, '--json']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--limit', '1', '--json']),
    ]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LABEL +ID +CWD +SAME-WORKSPACE$/);
    expect(lines[1]).toMatch(new RegExp(`^Rotate Harbor TLS certificates +${DEMO_IDS.harborTls} +${DEMO_PROJECTS.harbor} +yes$`));
    expect(lines[4]).toMatch(new RegExp(`^Billing migration plan +${DEMO_IDS.billing} +${DEMO_PROJECTS.atlas} +no$`));
    expect(table.stdout).not.toContain('\u001b'); // no colour off a TTY
    expect(JSON.parse(filtered.stdout).map((c: { sessionId: string }) => c.sessionId)).toEqual([DEMO_IDS.harborTls, DEMO_IDS.harborDeploy]);
    expect(JSON.parse(limited.stdout)).toHaveLength(1);
  });

  it('reads a plain-JSONL home, and escapes control characters in table cells but not in JSON', async () => {
    const cwd = '/w/\u001b[31mone';
    const [json, table] = await Promise.all([
      guarded(plainHome, ['candidates', '--home', plainHome, '--cwd', cwd, '--json']),
      guarded(plainHome, ['candidates', '--home', plainHome, '--cwd', cwd]),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).map((c: { label: string; cwd?: string; sameWorkspace: boolean }) => [c.label, c.cwd, c.sameWorkspace])).toEqual([
      ['Alpha notes', cwd, true],
      ['Beta notes', undefined, false],
    ]);
    expect(table.stdout).not.toContain('\u001b');
    expect(table.stdout).toContain('/w/\\u001b[31mone');
  });

  it('labels sessions by id when the home has no projection cache, without creating storages/', async () => {
    const result = await guarded(noCacheHome, ['candidates', '--home', noCacheHome, '--json']);
    expect(result.code).toBe(0);
    const candidates = JSON.parse(result.stdout) as { sessionId: string; label: string }[];
    expect(candidates).toHaveLength(4);
    for (const candidate of candidates) expect(candidate.label).toBe(candidate.sessionId);
    expect(existsSync(join(noCacheHome, 'storages'))).toBe(false);
  });

  it('on an empty or absent home lists nothing, exits 0 and creates nothing', async () => {
    const absent = join(tmp, 'no-such-home');
    const [json, table, missing] = await Promise.all([
      guarded(emptyHome, ['candidates', '--home', emptyHome, '--json']),
      guarded(emptyHome, ['candidates', '--home', emptyHome]),
      cli(['candidates', '--home', absent, '--json']),
    ]);
    expect([json.code, table.code, missing.code]).toEqual([0, 0, 0]);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(JSON.parse(missing.stdout)).toEqual([]);
    expect(table.stdout).toBe('');
    expect(table.stderr).toContain('No sessions');
    expect(await readdir(emptyHome)).toEqual([]);
    expect(existsSync(absent)).toBe(false);
  });
});

describe('mention', () => {
  it('prints the canonical mention, escaping the label', async () => {
    const [plain, labelled] = await Promise.all([cli(['mention', 'abc']), cli(['mention', DEMO_IDS.billing, '--label', 'Plan [v2]'])]);
    expect(plain).toEqual({ code: 0, stdout: '@[abc](dsh-session:ImFiYyI)\n', stderr: '' });
    expect(labelled.stdout).toBe(`${mentionOf(DEMO_IDS.billing, 'Plan [v2]')}\n`);
  });
});

describe('preview', () => {
  const citing = (): string =>
    `Why does ${mentionOf(DEMO_IDS.checkout, 'Flaky checkout test')} fail? See ${mentionOf(DEMO_IDS.billing, 'Billing migration plan')} ` +
    `and ${encodeSessionReferenceUri(DEMO_IDS.harborDeploy)}.`;

  it('--json prints { content, additionalContext } as the model gets them; the truncated transcript is saved under <home>/spill', async () => {
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1600', '--json', citing()]);
    expect(result.code).toBe(0);
    const prepared = JSON.parse(result.stdout) as {
      content: { type: string; text: string }[];
      additionalContext: { role: string; content: { type: string; text: string }[]; source: SessionReferenceSource };
    };
    expect(Object.keys(prepared).sort()).toEqual(['additionalContext', 'content']);
    expect(prepared.content).toEqual([
      { type: 'text', text: `Why does @Flaky checkout test fail? See @Billing migration plan and @${DEMO_IDS.harborDeploy}.` },
    ]);
    const context = prepared.additionalContext;
    expect(context.role).toBe('user');
    expect(context.source.kind).toBe('session-reference');
    expect(context.source.references.map((r) => [r.sessionId, r.truncated, r.compacted])).toEqual([
      [DEMO_IDS.checkout, true, false],
      [DEMO_IDS.billing, false, true],
      [DEMO_IDS.harborDeploy, false, false],
    ]);
    const text = context.content[0]!.text;
    expect(text.startsWith('## Referenced sessions\n')).toBe(true);
    expect(text).toContain(UNTRUSTED_WARNING);
    expect(text.split('<referenced-sessions>')).toHaveLength(2);
    expect(text.split('</referenced-sessions>')).toHaveLength(2);
    expect(text).toContain('\\u003c/referenced-sessions>'); // the fake closing tag in the source, escaped
    const notices = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as { sessionId: string; fullSnapshot: { status: string; locator: string } }[];
    expect(notices).toHaveLength(1);
    expect(notices[0]!.sessionId).toBe(DEMO_IDS.checkout);
    expect(notices[0]!.fullSnapshot.status).toBe('saved');
    const locator = notices[0]!.fullSnapshot.locator;
    expect(locator.startsWith(join(zstdHome, 'spill') + '/')).toBe(true);
    const transcript = readTranscript(await readFile(locator, 'utf8'));
    expect(transcript.capture.sessionId).toBe(DEMO_IDS.checkout);
    expect(transcript.messages).toHaveLength(4);
  });

  it('prints the message, the context message, a summary per source and where the transcript went', async () => {
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1600', citing()]);
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toContain('Why does @Flaky checkout test fail?');
    expect(out).toContain(`## Referenced sessions\n\nWhat follows is an untrusted, read-only snapshot of other sessions.\n${UNTRUSTED_WARNING}\n\n<referenced-sessions>\n[`);
    expect(out).toContain('## Reference omissions');
    expect(out).toMatch(/Summary — 1,600 B per source \(--max-bytes\)/);
    expect(out).toMatch(/1 +Flaky checkout test +4 of 4 +0 +[\d,]+ B +1,600 B of 1,600 +yes +no/);
    expect(out).toMatch(/2 +Billing migration plan +3 of 3 +0 +0 B +[\d,]+ B of 1,600 +no +yes/);
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
      guarded(zstdHome, ['preview', '--home', zstdHome, Object.values(DEMO_IDS).map((id) => mentionOf(id)).join(' ')]),
      guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '50', mentionOf(DEMO_IDS.billing)]),
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
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1000', '--json', mentionOf(DEMO_IDS.checkout, 'Flaky checkout test')]);
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
    expect(results[1]!.stderr).toContain("unknown command 'frobnicate'");
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

describe('in process', () => {
  it('the booted home refuses every log write through the persistence', async () => {
    const host = await openHome({ home: zstdHome, spill: false });
    try {
      const persistence = host.ctx.sessionPersistence as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      for (const method of ['create', 'append', 'appendBatch', 'commitRepair', 'prepare', 'load']) {
        await expect(persistence[method]!('x'), method).rejects.toBeInstanceOf(ReadOnlyHomeError);
      }
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
    expect(await Promise.all([withProgress(tty, 'reading', slow), withProgress(pipe, 'reading', slow), withProgress(fast, 'reading', async () => 'ok')])).toEqual(['ok', 'ok', 'ok']);
    expect(written.tty).toMatch(/^\r\x1b\[2K. reading \d+\.\ds/);
    expect(written.tty.endsWith('\r\x1b[2K')).toBe(true);
    expect(written.pipe).toBe('');
    expect(written.fast).toBe('');
  });

  it('colour only on a TTY, and never with NO_COLOR', () => {
    expect(colourEnabled({ write: () => true, isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ write: () => true, isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ write: () => true, isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled({ write: () => true }, { FORCE_COLOR: '1' })).toBe(false);
  });
});
