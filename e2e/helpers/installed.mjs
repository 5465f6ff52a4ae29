// Check that the dsh-session-reference inside the e2e install is this working
// tree's build (packed by scripts/setup.mjs), never the published package.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const PACKAGE = '@deepseek-ai/dsh-session-reference';
export const TARBALL_SPEC = 'file:.pack/dsh-session-reference.tgz';

function filesUnder(dir) {
  const out = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** sha256 per relative path of every file under `dir`. */
export function digestTree(dir) {
  const digests = new Map();
  for (const file of filesUnder(dir)) {
    digests.set(relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return digests;
}

/** Every installed copy of the package under `node_modules` (nested ones included). */
export function installedCopies(nodeModules) {
  const copies = [];
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
  const problems = [];
  const nodeModules = join(e2eDir, 'node_modules');
  const copies = installedCopies(nodeModules);
  if (copies.length !== 1) {
    problems.push(`expected exactly one installed ${PACKAGE}, found ${copies.length}: ${copies.join(', ')}`);
    if (copies.length === 0) return problems;
  }
  const installedDir = join(nodeModules, PACKAGE);
  const ours = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
  const installed = JSON.parse(readFileSync(join(installedDir, 'package.json'), 'utf8'));
  for (const key of ['name', 'version', 'description']) {
    if (installed[key] !== ours[key]) {
      problems.push(`installed ${key} ${JSON.stringify(installed[key])} is not ours (${JSON.stringify(ours[key])})`);
    }
  }
  const hidden = JSON.parse(readFileSync(join(nodeModules, '.package-lock.json'), 'utf8'));
  const resolved = hidden.packages?.[`node_modules/${PACKAGE}`]?.resolved;
  if (resolved !== TARBALL_SPEC) problems.push(`installed from ${JSON.stringify(resolved)}, not ${TARBALL_SPEC}`);
  const rootLib = join(rootDir, 'lib');
  if (existsSync(rootLib)) {
    const want = digestTree(rootLib);
    const got = digestTree(join(installedDir, 'lib'));
    const differing = [...new Set([...want.keys(), ...got.keys()])].filter((file) => want.get(file) !== got.get(file));
    if (differing.length > 0) {
      problems.push(
        `installed lib/ differs from the working tree's build in ${differing.length} file(s) ` +
          `(e.g. ${differing.slice(0, 3).join(', ')}); run \`npm run e2e\` to rebuild, pack and reinstall`,
      );
    }
  } else {
    problems.push('the working tree has no lib/ to compare with; run `npm run build` (or `npm run e2e`)');
  }
  return problems;
}
