/** Where an entry of a DSH home leads, found without opening it: a file or directory inside the home's real path, or refused with the reason. */
import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { describeThrown } from '../errors.ts';
import { entryKind } from '../session-index/entry-kind.ts';

/** What a check found: nothing there, an entry of the expected kind, or something refused, with the reason. */
export type EntryCheck = { readonly kind: 'absent' } | { readonly kind: 'ok' } | { readonly kind: 'refused'; readonly reason: string };

/** True when `path` is `root` or lies under it (both absolute, without links). */
function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

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
    if (!isInside(target, realHome)) return refused(`it is a link out of the home (to ${target})`);
  }
  const fits = want === 'file' ? info.isFile() : info.isDirectory();
  return fits ? { kind: 'ok' } : refused(`it is ${entryKind(info)}, not a ${want === 'file' ? 'regular file' : 'directory'}`);
}
