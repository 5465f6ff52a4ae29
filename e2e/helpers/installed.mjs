// Check that the dsh-session-reference inside the e2e install is this working
// tree's build (packed by scripts/setup.mjs), never the published package.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isRecord, readJson } from './json.mjs';

export const PACKAGE = '@deepseek-ai/dsh-session-reference';
export const TARBALL_SPEC = 'file:.pack/dsh-session-reference.tgz';

/** @param {string} dir */
function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(dir);
  return out;
}

/**
 * sha256 per relative path of every file under `dir`.
 * @param {string} dir
 */
export function digestTree(dir) {
  /** @type {Map<string, string>} */
  const digests = new Map();
  for (const file of filesUnder(dir)) {
    digests.set(relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return digests;
}

/**
 * Every installed copy of the package under `node_modules` (nested ones included).
 * @param {string} nodeModules
 */
export function installedCopies(nodeModules) {
  /** @type {string[]} */
  const copies = [];
  /**
   * @param {string} dir
   * @param {number} depth
   */
  const walk = (dir, depth) => {
    if (depth > 8 || !existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (name.startsWith('@')) {
        for (const inner of readdirSync(path)) {
          const pkg = join(path, inner);
          if (`${name}/${inner}` === PACKAGE) copies.push(pkg);
          walk(join(pkg, 'node_modules'), depth + 1);
        }
      } else {
        walk(join(path, 'node_modules'), depth + 1);
      }
    }
  };
  walk(nodeModules, 0);
  return copies;
}

/**
 * Problems with the installed copy, as sentences; empty when it is ours.
 * @param {{ e2eDir: string, rootDir: string }} dirs
 */
export function checkInstalledIsOurs({ e2eDir, rootDir }) {
  /** @type {string[]} */
  const problems = [];
  const nodeModules = join(e2eDir, 'node_modules');
  const copies = installedCopies(nodeModules);
  if (copies.length !== 1) {
    problems.push(`expected exactly one installed ${PACKAGE}, found ${String(copies.length)}: ${copies.join(', ')}`);
    if (copies.length === 0) return problems;
  }
  const installedDir = join(nodeModules, PACKAGE);
  const ours = manifest(join(rootDir, 'package.json'));
  const installed = manifest(join(installedDir, 'package.json'));
  for (const key of ['name', 'version', 'description']) {
    if (installed[key] !== ours[key]) {
      problems.push(`installed ${key} ${JSON.stringify(installed[key])} is not ours (${JSON.stringify(ours[key])})`);
    }
  }
  const hidden = /** @type {{ packages?: Record<string, { resolved?: string } | undefined> }} */ (
    readJson(join(nodeModules, '.package-lock.json'))
  );
  const resolved = hidden.packages?.[`node_modules/${PACKAGE}`]?.resolved;
  if (resolved !== TARBALL_SPEC) problems.push(`installed from ${JSON.stringify(resolved)}, not ${TARBALL_SPEC}`);
  const rootLib = join(rootDir, 'lib');
  if (existsSync(rootLib)) {
    const want = digestTree(rootLib);
    const got = digestTree(join(installedDir, 'lib'));
    const differing = [...new Set([...want.keys(), ...got.keys()])].filter((file) => want.get(file) !== got.get(file));
    if (differing.length > 0) {
      problems.push(
        `installed lib/ differs from the working tree's build in ${String(differing.length)} file(s) ` +
          `(e.g. ${differing.slice(0, 3).join(', ')}); run \`npm run e2e\` to rebuild, pack and reinstall`,
      );
    }
  } else {
    problems.push('the working tree has no lib/ to compare with; run `npm run build` (or `npm run e2e`)');
  }
  return problems;
}

/**
 * A package.json's top-level fields.
 * @param {string} path
 * @returns {Record<string, unknown>}
 */
function manifest(path) {
  const json = readJson(path);
  if (!isRecord(json)) throw new Error(`${path} is not a JSON object`);
  return json;
}
