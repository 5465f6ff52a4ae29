// Run the installed dsh CLI as a user would, in throwaway homes and working
// directories, with every process bounded in time and tracked so that none
// outlives the test run.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord, parseJson, readJson } from './json.mjs';

/**
 * @import { ChildProcess, ChildProcessByStdio } from 'node:child_process'
 * @import { Readable } from 'node:stream'
 * @typedef {ChildProcessByStdio<null, Readable, Readable>} DshChild
 * @typedef {ReturnType<typeof makeSandbox>} Sandbox
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string, ms: number }} HeadlessRun
 * @typedef {{ child: DshChild, url: string, bootMs: number, readonly stdout: string, readonly stderr: string, stop: () => Promise<void> }} Web
 * @typedef {{ code?: unknown, message?: unknown, details?: unknown }} ApiError
 */
/**
 * The `result` of a gateway reply. `T` is the value the caller expects; the
 * suite's assertions check it, nothing here does.
 * @template [T=unknown]
 * @typedef {{ ok: true, value: T } | { ok: false, error: ApiError }} ApiResult
 */

/** The e2e package folder. */
export const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The package under test (the repository root). */
export const ROOT_DIR = resolve(E2E_DIR, '..');
export const OVERLAYS = {
  headless: join(E2E_DIR, 'overlays', 'headless.yml'),
  web: join(E2E_DIR, 'overlays', 'web.yml'),
};

/** Absolute path of the installed dsh CLI entry (its package.json `bin.dsh`). */
export function dshBin() {
  const dir = join(E2E_DIR, 'node_modules', '@deepseek-ai', 'dsh');
  const manifest = readJson(join(dir, 'package.json'));
  const bin = isRecord(manifest) ? manifest.bin : undefined;
  const path = isRecord(bin) ? bin.dsh : bin;
  if (typeof path !== 'string') throw new Error(`${dir}/package.json names no dsh bin`);
  return join(dir, path);
}

/** The dsh host needs Node >= 22.19 (zstd in node:zlib, node:sqlite). */
export function assertHostNode(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 19)) {
    throw new Error(
      `the e2e suite runs dsh with this Node (${version}); it needs >= 22.19. ` +
        "Run it through the root `npm run e2e`, whose npm scripts use the project's Node 22 dev dependency.",
    );
  }
}

/** Child processes started by this module and not yet reaped. */
/** @type {Set<ChildProcess>} */
const live = new Set();

// dsh children stay in the test runner's process group (no `detached`), so
// scripts/run-tests.mjs can end every one of them with a single group kill if
// the whole run overruns its cap.
/**
 * @param {ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  try {
    child.kill(signal);
  } catch {
    // already gone
  }
}

process.on('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/** Stop every child still running: SIGTERM, then SIGKILL after `graceMs`. */
export async function killAll(graceMs = 5000) {
  await Promise.all([...live].map((child) => stopChild(child, graceMs)));
}

/**
 * Stop one child and wait (bounded) for it to exit.
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const hard = setTimeout(() => {
      killGroup(child, 'SIGKILL');
    }, graceMs);
    const last = setTimeout(resolveStop, graceMs + 2000);
    child.once('exit', () => {
      clearTimeout(hard);
      clearTimeout(last);
      resolveStop();
    });
    killGroup(child, 'SIGTERM');
  });
}

/**
 * A fresh sandbox: a root folder holding the DSH home, a user home and the
 * working directories the tests name. Removed by `cleanup()` unless
 * E2E_KEEP_TMP is set (the path is printed so a failure can be inspected).
 */
export function makeSandbox(prefix = 'dsh-e2e-') {
  const base = process.env.E2E_TMPDIR ?? tmpdir();
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, prefix));
  const home = join(root, 'dsh-home');
  const userHome = join(root, 'user-home');
  mkdirSync(home);
  mkdirSync(userHome);
  return {
    root,
    home,
    userHome,
    /**
     * A working directory `<root>/<name>`, created on first use.
     * @param {string} name
     */
    cwd(name) {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    cleanup({ keep = false } = {}) {
      if (keep || process.env.E2E_KEEP_TMP) {
        process.stderr.write(`e2e: kept ${root}\n`);
        return;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The environment of a dsh child: this process's, minus any DSH_* and
 * DEEPSEEK_* a developer may have set, plus the test home, the fake model and
 * telemetry off. HOME points into the sandbox so nothing reads or writes the
 * real user's files.
 * @param {{ home: string, userHome: string, modelUrl: string }} where
 * @returns {NodeJS.ProcessEnv}
 */
export function dshEnv({ home, userHome, modelUrl }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(DSH_|DEEPSEEK_)/.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    HOME: userHome,
    DSH_HOME: home,
    DEEPSEEK_BASE_URL: modelUrl,
    DEEPSEEK_API_KEY: 'sk-e2e-fake-key-not-a-secret',
    DSH_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}

/**
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {DshChild}
 */
function spawnDsh(args, { cwd, env }) {
  const child = spawn(process.execPath, [dshBin(), ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  return child;
}

/**
 * One headless turn: `dsh --profile headless --patch <overlay> <task>` in `cwd`.
 * Resolves with the exit status and both streams; kills the run after `timeoutMs`.
 * @param {{ sandbox: Sandbox, cwd: string, task: string, modelUrl: string, timeoutMs?: number }} options
 * @returns {Promise<HeadlessRun>}
 */
export function runHeadless({ sandbox, cwd, task, modelUrl, timeoutMs = 90_000 }) {
  const started = Date.now();
  const child = spawnDsh(['--profile', 'headless', '--patch', OVERLAYS.headless, task], {
    cwd,
    env: dshEnv({ home: sandbox.home, userHome: sandbox.userHome, modelUrl }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (/** @type {string} */ chunk) => (stdout += chunk));
  child.stderr.on('data', (/** @type {string} */ chunk) => (stderr += chunk));
  return new Promise((resolveRun, rejectRun) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stopChild(child, 2000);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      rejectRun(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        rejectRun(new Error(`dsh headless did not finish in ${String(timeoutMs)} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`));
        return;
      }
      resolveRun({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/**
 * Boot `dsh --profile web` on 127.0.0.1 with an OS-chosen port, and resolve
 * once it prints its URL. The caller stops it with `stop()`.
 * @param {{ sandbox: Sandbox, cwd: string, modelUrl: string, bootTimeoutMs?: number }} options
 * @returns {Promise<Web>}
 */
export function startWeb({ sandbox, cwd, modelUrl, bootTimeoutMs = 60_000 }) {
  const started = Date.now();
  const child = spawnDsh(['--profile', 'web', '--patch', OVERLAYS.web, '--no-open', '--host', '127.0.0.1', '--port', '0'], {
    cwd,
    env: dshEnv({ home: sandbox.home, userHome: sandbox.userHome, modelUrl }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (/** @type {string} */ chunk) => (stdout += chunk));
  child.stderr.on('data', (/** @type {string} */ chunk) => (stderr += chunk));
  /** @type {Web} */
  const handle = {
    child,
    url: '',
    bootMs: 0,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    stop: () => stopChild(child, 8000),
  };
  return new Promise((resolveBoot, rejectBoot) => {
    let settled = false;
    const fail = (/** @type {string} */ why) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      clearTimeout(timer);
      void stopChild(child, 2000).then(() => {
        rejectBoot(new Error(`dsh web ${why}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
      });
    };
    const timer = setTimeout(() => {
      fail(`printed no URL within ${String(bootTimeoutMs)} ms`);
    }, bootTimeoutMs);
    const poll = setInterval(() => {
      const match = /\bdsh web: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      const url = match?.[1];
      if (url !== undefined && !settled) {
        settled = true;
        clearInterval(poll);
        clearTimeout(timer);
        handle.url = url;
        handle.bootMs = Date.now() - started;
        resolveBoot(handle);
      }
    }, 50);
    child.once('exit', (code, signal) => {
      fail(`exited during boot (code ${String(code)}, signal ${String(signal)})`);
    });
  });
}

let rpcCounter = 0;

/**
 * One call through the web API gateway, the way the browser client makes it:
 * `POST /api/<method>` with the `client-request` envelope. Resolves with the
 * envelope's `result` (`{ ok: true, value } | { ok: false, error }`).
 * @param {string} baseUrl
 * @param {string} method
 * @param {unknown} payload
 * @returns {Promise<ApiResult>}
 */
export async function apiCall(baseUrl, method, payload, timeoutMs = 15_000) {
  const rpcId = `e2e-${String(process.pid)}-${String(++rpcCounter)}`;
  const response = await fetch(`${baseUrl}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'client-request', rpcId, method, payload }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method}: HTTP ${String(response.status)}: ${text}`);
  const body = parseJson(text);
  if (!isRecord(body) || body.type !== 'server-response' || body.rpcId !== rpcId) {
    throw new Error(`${method}: unexpected envelope ${text}`);
  }
  return /** @type {ApiResult} */ (body.result);
}

/**
 * A Typert Remote call: the gateway takes the named wire arguments as `{ args }`.
 * @param {string} baseUrl
 * @param {string} endpoint
 * @param {Record<string, unknown>} args
 * @param {number} [timeoutMs]
 */
export function remoteCall(baseUrl, endpoint, args, timeoutMs) {
  return apiCall(baseUrl, endpoint, { args }, timeoutMs);
}

/**
 * The canonical mention of a session id, built from the format, not from the package.
 * @param {string} sessionId
 * @param {string} label
 */
export function mentionOf(sessionId, label) {
  const uri = `dsh-session:${Buffer.from(JSON.stringify(sessionId), 'utf8').toString('base64url')}`;
  return `@[${label.replace(/[\\\]]/g, (c) => `\\${c}`)}](${uri})`;
}
