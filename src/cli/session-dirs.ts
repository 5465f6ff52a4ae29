/** The JSONL persistence's layout on disk as the CLI reads it: `<root>/<project>/<session>/session.jsonl[.zstd]`. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';

/** The log file name of each encoding. */
export const LOG_NAMES: Readonly<Record<JsonlCompression, string>> = { zstd: 'session.jsonl.zstd', none: 'session.jsonl' };

/** The directories directly under `path`; none when it does not exist. */
export async function subdirectories(path: string): Promise<string[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => join(path, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The id a session directory name encodes: the persistence writes characters other than `[A-Za-z0-9._-]` as `~XXXX`. */
export function decodeSessionDir(name: string): string | undefined {
  if (!/^(?:[A-Za-z0-9._-]|~[0-9A-F]{4})+$/.test(name)) return undefined;
  return name.replace(/~([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The physical encoding of the JSONL logs under `sessionsRoot`, from the first log found on disk; `undefined` when
 * there is none (the backend default then applies). A root holding both encodings is refused by the persistence
 * backend itself, with its own message, at the first read.
 * @param sessionsRoot - the JSONL persistence root.
 */
export async function detectCompression(sessionsRoot: string): Promise<JsonlCompression | undefined> {
  for (const project of await subdirectories(sessionsRoot)) {
    for (const session of await subdirectories(project)) {
      let names: string[];
      try {
        names = await readdir(session);
      } catch {
        continue;
      }
      if (names.includes(LOG_NAMES.zstd)) return 'zstd';
      if (names.includes(LOG_NAMES.none)) return 'none';
    }
  }
  return undefined;
}
