/** The files of a DSH home, checked without opening them (inside the home's real path, of the expected kind), and its storage units copied aside. */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, mkdtemp, open, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import { describeThrown } from '../errors.ts';
import { entryKind } from '../session-index/entry-kind.ts';

/** Largest storage unit (`<home>/storages/<unit>.json`) copied. */
const MAX_UNIT_BYTES = 256 * 1024 * 1024;

/** What a check found: nothing there, an entry of the expected kind, or something refused, with the reason. */
export type EntryCheck = { readonly kind: 'absent' } | { readonly kind: 'ok' } | { readonly kind: 'refused'; readonly reason: string };

const refused = (reason: string): EntryCheck => ({ kind: 'refused', reason });

/**
 * Checks that `path` is what `want` names (a regular file, or a directory), itself or through a link to one
 * inside `realHome`; a broken link, a link out of the home or an entry of another kind is refused with why.
 * Nothing is opened, so nothing blocks.
 */
export async function checkEntry(path: string, realHome: string, want: 'file' | 'directory'): Promise<EntryCheck> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'absent' } : refused(describeThrown(error));
  }
  if (info.isSymbolicLink()) {
    let target: string;
    try {
      target = await realpath(path);
      info = await stat(target);
    } catch (error) {
      return refused((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is a broken link' : describeThrown(error));
    }
    const rel = relative(realHome, target);
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return refused(`it is a link out of the home (to ${target})`);
  }
  const fits = want === 'file' ? info.isFile() : info.isDirectory();
  return fits ? { kind: 'ok' } : refused(`it is ${entryKind(info)}, not a ${want === 'file' ? 'regular file' : 'directory'}`);
}

/** The bytes of a unit file, opened without blocking and checked to be a regular file within the cap that parses as JSON; else why not. */
async function unitBytes(file: string): Promise<Buffer | string> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return `it cannot be opened: ${describeThrown(error)}`;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return `it is ${entryKind(info)}, not a regular file`;
    if (info.size > MAX_UNIT_BYTES) return `it holds ${info.size.toLocaleString('en-US')} bytes, over the cap`;
    const bytes = await handle.readFile();
    JSON.parse(bytes.toString('utf8'));
    return bytes;
  } catch (error) {
    return describeThrown(error);
  } finally {
    await handle.close();
  }
}

/**
 * Copies every `*.json` unit under `storages` that is a regular file (or a link to one inside `realHome`) into a
 * fresh temporary directory, and returns that directory and how many units it holds; a unit or a `storages` that
 * fails the checks is left out, and `warn` is told the path and why. Nothing under `storages` is written.
 */
export async function copyStorages(
  storages: string,
  realHome: string,
  warn: (path: string, reason: string) => void,
): Promise<{ root: string; units: number; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'dsh-session-ref-storages-'));
  const copy = { root, units: 0, remove: () => rm(root, { recursive: true, force: true }) };
  const directory = await checkEntry(storages, realHome, 'directory');
  if (directory.kind === 'refused') warn(storages, directory.reason);
  if (directory.kind !== 'ok') return copy;
  for (const name of await readdir(storages)) {
    if (!name.endsWith('.json')) continue;
    const file = join(storages, name);
    const check = await checkEntry(file, realHome, 'file');
    const bytes = check.kind === 'refused' ? check.reason : await unitBytes(file);
    if (typeof bytes === 'string') {
      warn(file, bytes);
      continue;
    }
    await writeFile(join(root, name), bytes);
    copy.units++;
  }
  return copy;
}
