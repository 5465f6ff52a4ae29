// Run the e2e tests with node's test runner under this Node (which must be
// the host's >= 22.19), one file at a time, with a hard cap on the whole run.
// The runner gets its own process group, and every dsh it starts stays in that
// group, so overrunning the cap ends all of them at once.

import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertHostNode, E2E_DIR } from '../helpers/dsh.mjs';

const TOTAL_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS ?? 480_000);

try {
  assertHostNode();
} catch (error) {
  process.stderr.write(`e2e: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const files = readdirSync(join(E2E_DIR, 'test'))
  .filter((name) => name.endsWith('.test.mjs'))
  .sort()
  .map((name) => join('test', name));
const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-timeout=300000', ...process.argv.slice(2), ...files], {
  cwd: E2E_DIR,
  stdio: 'inherit',
  detached: true,
});
const killRun = (/** @type {NodeJS.Signals} */ signal) => {
  if (runner.pid === undefined) return; // never started: nothing to kill
  try {
    process.kill(-runner.pid, signal);
  } catch {
    // the group is gone
  }
};
const cap = setTimeout(() => {
  process.stderr.write(`e2e: the test run passed its ${String(TOTAL_TIMEOUT_MS)} ms cap and was stopped\n`);
  killRun('SIGKILL');
}, TOTAL_TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killRun('SIGKILL');
  });
}
runner.on('exit', (code, signal) => {
  clearTimeout(cap);
  killRun('SIGKILL'); // anything the run left behind
  process.exit(code ?? (signal ? 1 : 0));
});
