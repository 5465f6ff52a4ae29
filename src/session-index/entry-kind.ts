/** What kind of file-system entry a status describes, in words, for the messages that refuse one. */
import type { Stats } from 'node:fs';

/** `a FIFO`, `a socket`, `a character device`, … or `a regular file`. */
export function entryKind(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSymbolicLink()) return 'a link';
  return 'a regular file';
}
