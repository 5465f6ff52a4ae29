/** Checks an entry of a DSH home before anything opens it: a regular file or a directory inside the real home, a file within a size cap. */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { describeThrown } from '../errors.ts';
import { count } from './format.ts';

/** Largest session log the CLI lets the host read: the JSONL persistence reads a whole log into memory. */
export const MAX_LOG_BYTES = 512 * 1024 * 1024;
/** Largest storage unit (`<home>/storages/<unit>.json`) the CLI lets the host's JSON backend read. */
export const MAX_UNIT_BYTES = 256 * 1024 * 1024;

/** What a check found: nothing there, an entry of the expected kind, or something refused, with the reason. */
export type EntryCheck =
  { readonly kind: 'absent' } | { readonly kind: 'ok'; readonly size: number } | { readonly kind: 'refused'; readonly reason: string };

const ABSENT: EntryCheck = { kind: 'absent' };

/** True when `path` is `root` or lies under it (both absolute, without links). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSymbolicLink()) return 'a link';
  return 'a regular file';
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Where `path` leads, without opening it: its own status when it is not a link, else its target's, refused when
 * the link is broken or leads out of `realHome`. `path`'s parent directories must already be real directories.
 */
async function resolveEntry(path: string, realHome: string): Promise<{ target: string; info: Stats } | EntryCheck> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch (error) {
    return errorCode(error) === 'ENOENT' ? ABSENT : { kind: 'refused', reason: describeThrown(error) };
  }
  if (!info.isSymbolicLink()) return { target: path, info };
  let target: string;
  try {
    target = await realpath(path);
  } catch (error) {
    return { kind: 'refused', reason: errorCode(error) === 'ENOENT' ? 'it is a broken link' : describeThrown(error) };
  }
  if (!isInside(target, realHome)) return { kind: 'refused', reason: `it is a link out of the home (to ${target})` };
  try {
    return { target, info: await stat(target) };
  } catch (error) {
    return { kind: 'refused', reason: describeThrown(error) };
  }
}

/**
 * Checks the file at `path` the way the CLI requires before it or the host reads one: a regular file, or a link
 * to one inside `realHome`, that opens for reading without blocking and holds at most `maxBytes`. A FIFO, a socket,
 * a device, a directory, a link out of the home or a file over the cap is refused with the reason; nothing blocks,
 * since the probe opens the file non-blocking and without following a link.
 */
export async function checkFile(path: string, realHome: string, maxBytes: number): Promise<EntryCheck> {
  const entry = await resolveEntry(path, realHome);
  if ('kind' in entry) return entry;
  if (!entry.info.isFile()) return { kind: 'refused', reason: `it is ${kindOf(entry.info)}, not a regular file` };
  let handle;
  try {
    handle = await open(entry.target, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return { kind: 'refused', reason: `it cannot be opened: ${describeThrown(error)}` };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'refused', reason: `it is ${kindOf(info)}, not a regular file` };
    if (info.size > maxBytes)
      return { kind: 'refused', reason: `it holds ${count(info.size)} bytes, over the ${count(maxBytes)}-byte cap` };
    return { kind: 'ok', size: info.size };
  } finally {
    await handle.close();
  }
}

/** Checks that `path` is a directory, or a link to one inside `realHome`; anything else is refused with the reason. */
export async function checkDirectory(path: string, realHome: string): Promise<EntryCheck> {
  const entry = await resolveEntry(path, realHome);
  if ('kind' in entry) return entry;
  if (!entry.info.isDirectory()) return { kind: 'refused', reason: `it is ${kindOf(entry.info)}, not a directory` };
  return { kind: 'ok', size: 0 };
}
