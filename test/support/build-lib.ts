/** The test run's global setup: builds the package into lib/ once, type checking skipped (the emit is the same; `npm run typecheck` checks types), for the tests that run the built CLI. */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Runs `tsc -p tsconfig.build.json --noCheck` with this Node. */
export default async function setup(): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
    {
      cwd: ROOT,
    },
  );
}
