// Build this working tree, pack it to the fixed path the e2e lockfile names,
// install dsh 0.1.0-rc.8 with that tarball in place of the published
// dsh-session-reference, and check that the installed copy is ours.
//
// The lockfile records no integrity for the tarball: every pack produces new
// bytes, and with a recorded integrity npm installs whatever its cache holds
// under the old hash, silently testing a stale build. Everything else stays
// pinned by the committed lockfile.
//
// `npm ci` cannot be used: dsh depends on node-addon-require-builtin, whose
// optionalDependencies name platform packages that were never published
// (only linux-x64-gnu exists), so npm leaves them out of any lockfile it
// writes and `npm ci` then refuses that lockfile as out of sync ("Missing:
// node-addon-require-builtin-darwin-arm64@ from lock file"). Instead the script
// runs `npm install --no-save` against the lockfile: it installs the locked
// versions and writes nothing back. The installed copy of our package is removed
// first so the new tarball is always unpacked, and the final check compares it
// file by file with lib/.
//
// When the packed manifest's dependencies no longer match what the lockfile
// recorded for it (main added or changed a runtime dependency), the script drops
// that entry and runs a saving `npm install`, which records it afresh, and says
// so: commit the lockfile.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_DIR, ROOT_DIR } from '../helpers/dsh.mjs';
import { checkInstalledIsOurs, PACKAGE } from '../helpers/installed.mjs';
import { parseJson, readJson } from '../helpers/json.mjs';

/**
 * The parts of package.json, of `npm pack --json` and of package-lock.json that this script reads.
 * @typedef {{ dependencies?: Record<string, string>, peerDependencies?: Record<string, string> }} Manifest
 * @typedef {{ filename: string, name: string, version: string, entryCount: number }} PackedTarball
 * @typedef {Manifest & { integrity?: string }} LockEntry
 * @typedef {{ packages?: Record<string, LockEntry | undefined> }} Lockfile
 */

const PACK_DIR = join(E2E_DIR, '.pack');
const TARBALL = join(PACK_DIR, 'dsh-session-reference.tgz');
const LOCKFILE = join(E2E_DIR, 'package-lock.json');
const LOCK_KEY = `node_modules/${PACKAGE}`;
const NPM_FLAGS = ['--no-audit', '--no-fund', '--legacy-peer-deps'];

/** @param {string} message */
function log(message) {
  process.stdout.write(`e2e setup: ${message}\n`);
}

/**
 * Run a command to completion (killed after `timeoutMs`); throws unless it exits 0.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs: number, capture?: boolean }} options
 * @returns {string} its stdout when `capture` is set
 */
function run(command, args, { cwd, timeoutMs, capture = false }) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message} after ${seconds}s`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${String(result.status ?? result.signal)} after ${seconds}s`);
  log(`${command} ${args.join(' ')} (${seconds}s)`);
  return result.stdout;
}

/**
 * The package.json inside a packed tarball.
 * @param {string} tarball
 * @returns {Manifest}
 */
function packedManifest(tarball) {
  const out = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`cannot read package/package.json from ${tarball}: ${out.stderr}`);
  return /** @type {Manifest} */ (parseJson(out.stdout));
}

/**
 * Whether two string records hold the same keys and values (absent is empty).
 * @param {Record<string, string>} [a]
 * @param {Record<string, string>} [b]
 */
function sameRecord(a = {}, b = {}) {
  const keys = (/** @type {Record<string, string>} */ o) => Object.keys(o).sort();
  return JSON.stringify(keys(a)) === JSON.stringify(keys(b)) && keys(a).every((k) => a[k] === b[k]);
}

/** @returns {Lockfile | undefined} */
function readLock() {
  return existsSync(LOCKFILE) ? /** @type {Lockfile} */ (readJson(LOCKFILE)) : undefined;
}

/** Drop the tarball's integrity from the lockfile; true when something changed. */
function stripTarballIntegrity() {
  const lock = readLock();
  const entry = lock?.packages?.[LOCK_KEY];
  if (entry === undefined || entry.integrity === undefined) return false;
  delete entry.integrity;
  writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  return true;
}

const started = Date.now();

// 1. Build and pack the working tree.
run('npm', ['--prefix', ROOT_DIR, 'run', 'build'], { cwd: ROOT_DIR, timeoutMs: 300_000 });
mkdirSync(PACK_DIR, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'dsh-e2e-pack-'));
try {
  const [packed] = /** @type {PackedTarball[]} */ (
    parseJson(
      run('npm', ['--prefix', ROOT_DIR, 'pack', ROOT_DIR, '--json', '--pack-destination', scratch], {
        cwd: ROOT_DIR,
        timeoutMs: 120_000,
        capture: true,
      }),
    )
  );
  if (packed === undefined) throw new Error('npm pack --json listed no tarball');
  renameSync(join(scratch, packed.filename), TARBALL);
  log(`packed ${packed.name}@${packed.version} (${String(packed.entryCount)} files) to ${TARBALL}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// 2. Install from the lockfile (see the header for why not `npm ci`).
if (stripTarballIntegrity()) log('removed the tarball integrity from package-lock.json (see the header of this script); commit it');
const manifest = packedManifest(TARBALL);
const entry = readLock()?.packages?.[LOCK_KEY];
const stale =
  entry === undefined
    ? 'the lockfile has no entry for it'
    : !sameRecord(entry.dependencies, manifest.dependencies)
      ? 'its dependencies changed'
      : !sameRecord(entry.peerDependencies, manifest.peerDependencies)
        ? 'its peer dependencies changed'
        : undefined;
rmSync(join(E2E_DIR, 'node_modules', PACKAGE), { recursive: true, force: true });
if (stale === undefined) {
  run('npm', ['--prefix', E2E_DIR, 'install', '--no-save', ...NPM_FLAGS], { cwd: E2E_DIR, timeoutMs: 540_000 });
} else {
  // npm trusts the lockfile's record of a file: dependency, so the stale entry
  // (and whatever was nested under it) is dropped first to make npm read the
  // packed manifest again; the rest of the lockfile stays as it is.
  log(
    `the lockfile no longer matches the packed ${PACKAGE} (${stale}): re-resolving it with npm install, which updates e2e/package-lock.json`,
  );
  const lock = readLock();
  if (lock?.packages !== undefined) {
    lock.packages = Object.fromEntries(
      Object.entries(lock.packages).filter(([key]) => !(key === LOCK_KEY || key.startsWith(`${LOCK_KEY}/`))),
    );
    writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  }
  run('npm', ['--prefix', E2E_DIR, 'install', ...NPM_FLAGS], { cwd: E2E_DIR, timeoutMs: 540_000 });
  stripTarballIntegrity();
  log('e2e/package-lock.json was updated: commit it');
}

// 3. The installed copy must be this build.
const problems = checkInstalledIsOurs({ e2eDir: E2E_DIR, rootDir: ROOT_DIR });
if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`e2e setup: ${problem}\n`);
  process.exit(1);
}
log(`installed ${PACKAGE} is this working tree's build; setup took ${((Date.now() - started) / 1000).toFixed(1)}s`);
