/** The storage units of a DSH home copied into a temporary directory, so that the host's JSON storage backend reads them and writes only the copy. */
import { constants } from 'node:fs';
import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeThrown } from '../errors.ts';
import { entryKind } from '../session-index/entry-kind.ts';
import { checkEntry } from './home-entries.ts';

/** Largest storage unit (`<home>/storages/<unit>.json`) copied. */
const MAX_UNIT_BYTES = 256 * 1024 * 1024;

/** A temporary copy of `<home>/storages`, and how to remove it. */
export interface StorageCopy {
  /** The directory the JSON backend is rooted at. */
  readonly root: string;
  /** How many units were copied. */
  readonly units: number;
  /** Removes the copy. */
  remove(): Promise<void>;
}

/** The bytes of a unit file, opened without blocking and checked to be a regular file within the cap; else why not. */
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
 * fresh temporary directory; a unit or a `storages` that fails the checks is left out, and `warn` is told the
 * path and why. Nothing under `storages` is written.
 */
export async function copyStorages(storages: string, realHome: string, warn: (path: string, reason: string) => void): Promise<StorageCopy> {
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
