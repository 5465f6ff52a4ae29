/** The CLI tests' shared homes and runners: the built CLI run as a child process, homes proved untouched by a run, and the homes every CLI test file reads. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';
import { writeFixtureHome, writeHome } from './cli-home.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const NODE = process.execPath;
export const CLI = join(ROOT, 'lib', 'cli', 'bin.js');

export let tmp: string;
/** A zstd home: the fixture sessions (two projects, compacted, injection-looking, large), cold titles in storages/. */
export let zstdHome: string;
/** A plain-JSONL home written with the test harness's session writer. */
export let plainHome: string;
/** The zstd home's sessions without storages/: no projection cache, so the CLI folds the titles from the logs. */
export let noCacheHome: string;
/** An existing, empty home. */
export let emptyHome: string;
/** $HOME for every subprocess, so a default ~/.dsh would land here, never in the real one. */
export let fakeUserHome: string;

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How {@link cli} runs: `input` goes to stdin, or stdin reads the file `stdinPath`; `env` adds variables. */
export interface CliOptions {
  input?: string;
  stdinPath?: string;
  env?: Record<string, string>;
}

/** Runs the built CLI with `args`. */
export function cli(args: readonly string[], options: CliOptions = {}): Promise<Result> {
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
    child.on('close', (code) => {
      done({ code, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}

/** Every entry under `dir` (sorted): kind, size, mtime and, for files, the SHA-256 of the bytes. */
export async function snapshot(dir: string): Promise<string[]> {
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
export async function guarded(home: string, args: readonly string[], options: CliOptions = {}): Promise<Result> {
  const sessions = join(home, 'sessions');
  const storages = join(home, 'storages');
  const [beforeSessions, beforeStorages] = [await snapshot(sessions), await snapshot(storages)];
  const result = await cli(args, options);
  expect(await snapshot(sessions), `${args.join(' ')} changed ${sessions}`).toEqual(beforeSessions);
  expect(await snapshot(storages), `${args.join(' ')} changed ${storages}`).toEqual(beforeStorages);
  return result;
}

/** Writes two titled sessions into `home` with the tests' session writer, through the composition a DSH host writes with. */
export async function writeHarnessHome(home: string, compression: 'none' | 'zstd'): Promise<void> {
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

export const mentionOf = (id: string, label?: string): string =>
  formatSessionReferenceMention(label === undefined ? { sessionId: id } : { sessionId: id, label });

/** The log file of `sessionId` under `<home>/sessions`. */
export async function logOf(home: string, sessionId: string): Promise<string> {
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

/** Escape sequences, C1 controls and a bidi override, as a hostile file, id or path would carry them. */
export const HOSTILE = '\u001b]0;PWNED\u0007\u001b[31m\u009b31m\u0085\u202e';
/** The same, as the CLI shows it on a terminal. */
export const HOSTILE_SHOWN = '\\u001b]0;PWNED\\u0007\\u001b[31m\\u009b31m\\u0085\\u202e';

/** Runs `commands` with `sh` under a pseudo-terminal (util-linux `script`), so every CLI in it writes to a TTY; resolves with what the terminal received. */
export function onTerminal(commands: string, env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qec', commands, '/dev/null'], {
      cwd: tmp,
      env: { ...process.env, HOME: fakeUserHome, SHELL: '/bin/sh', NODE, CLI, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', fail);
    child.on('close', () => {
      done(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/** Builds the CLI's homes under a fresh temp directory before this file's tests, and removes them after. */
export function useCliHomes(): void {
  beforeAll(async () => {
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
    if (!existsSync(CLI)) throw new Error(`the test run's global setup did not build ${CLI}`);
  }, 120_000);

  afterAll(async () => {
    // No command ever created the default home under $HOME.
    expect(existsSync(join(fakeUserHome, '.dsh'))).toBe(false);
    await rm(tmp, { recursive: true, force: true });
  });
}
