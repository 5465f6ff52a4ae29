/** Runs the `dsh-session-ref` CLI from source as a child process, with a kill timer so a hang fails fast, and under a pseudo-terminal. */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The CLI entry point, run from source (Node strips the types). */
export const CLI_SOURCE = join(ROOT, 'src', 'cli', 'bin.ts');
/** The Node that runs the tests (22.x through the npm scripts). */
export const NODE = process.execPath;
/** How long a CLI run may take before it counts as hung and is killed. */
const HANG_MS = 45_000;

/** What a CLI run ended with; `hung` when it was killed for outliving {@link HANG_MS}. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  hung: boolean;
}

/** How {@link runCli} runs: the working directory, `HOME`, extra environment, stdin text or a file opened as stdin. */
export interface CliRun {
  cwd: string;
  home: string;
  env?: Record<string, string>;
  input?: string;
  stdinPath?: string;
  /** A file opened as stdout instead of a pipe (e.g. `/dev/full`). */
  stdoutPath?: string;
  /** A command that runs the CLI, placed before Node (`setpriv …` to run it as another user, `/usr/bin/time …`). */
  wrap?: readonly string[];
}

/** Runs the CLI with `args`; resolves once it exits or is killed as hung. */
export function runCli(args: readonly string[], run: CliRun): Promise<CliResult> {
  return new Promise((done, fail) => {
    // the caller's home and colour settings never leak in: only what `run.env` sets of them is passed
    const inherited = Object.entries(process.env).filter(([name]) => !['DSH_HOME', 'NO_COLOR', 'FORCE_COLOR'].includes(name));
    const env: NodeJS.ProcessEnv = { ...Object.fromEntries(inherited), HOME: run.home, ...run.env };
    const stdin = run.stdinPath === undefined ? 'pipe' : openSync(run.stdinPath, 'r');
    const stdout = run.stdoutPath === undefined ? 'pipe' : openSync(run.stdoutPath, 'w');
    const [command, ...rest] = [...(run.wrap ?? []), NODE, CLI_SOURCE, ...args];
    const child = spawn(command!, rest, { cwd: run.cwd, env, stdio: [stdin, stdout, 'pipe'] });
    for (const fd of [stdin, stdout]) if (typeof fd === 'number') closeSync(fd);
    let out = '';
    let err = '';
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout: out, stderr: err, hung });
    });
    child.stdin?.end(run.input ?? '');
  });
}

/**
 * Runs `commands` with `sh` under a pseudo-terminal (util-linux `script`), so every CLI in it writes to a TTY;
 * `$NODE` and `$CLI` run the CLI from source. Resolves with what the terminal received.
 */
export function onTerminal(commands: string, run: { cwd: string; home: string; env: Record<string, string> }): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qec', commands, '/dev/null'], {
      cwd: run.cwd,
      env: { ...process.env, HOME: run.home, SHELL: '/bin/sh', NODE, CLI: CLI_SOURCE, ...run.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', fail);
    child.on('close', () => {
      clearTimeout(timer);
      done(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
