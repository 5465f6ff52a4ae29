/**
 * The JSONL persistence's tree as the CLI checks it before the host opens anything: `<root>/<project>/<session>/`
 * holding `session.jsonl.zstd` or `session.jsonl`. The CLI knows this layout because the host offers no hook to vet
 * a file before it opens it, and both its listing and its lookup of one id open log files with a blocking open (a
 * FIFO there hangs them); which entries those opens reach is all this file knows. Directory names are decoded here
 * and accepted only when the persistence's own `locate` encodes the id back to the same name.
 */
import { readdir } from 'node:fs/promises';
import pLimit from 'p-limit';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import type { JsonlCompression } from '@deepseek-ai/dsh-session-persistence-jsonl';
import { describeThrown } from '../errors.ts';
import { checkDirectory, checkFile, MAX_LOG_BYTES } from './home-files.ts';

/** Entries checked at once: each check is a few system calls, none of which can block on what the entry is. */
const CHECK_CONCURRENCY = 16;

/** The log file name of each encoding. */
export const LOG_NAMES: Readonly<Record<JsonlCompression, string>> = { zstd: 'session.jsonl.zstd', none: 'session.jsonl' };

/** A session the CLI leaves out, with why: its log (or the entry in its place) cannot be read safely. */
export interface UnreadableLog {
  /** The session id its entry names (the entry's own name when it names none). */
  sessionId: string;
  /** The log file, or the entry that stands in its place. */
  path: string;
  /** Why it is left out. */
  reason: string;
}

/** A session log that passed the checks: a regular file inside the home, within the size cap. */
export interface CheckedLog {
  /** The session id its directory names. */
  sessionId: string;
  /** The log file. */
  path: string;
  /** Its size in bytes (0: an empty log, which the persistence lists as nothing). */
  size: number;
}

/** What {@link scanSessionTree} found: logs safe to hand to the host, and entries it must never open. */
export interface SessionTree {
  /** Logs of the configured encoding that passed every check. */
  readonly logs: readonly CheckedLog[];
  /** Entries refused, each costing only the session it names. */
  readonly refused: readonly UnreadableLog[];
}

/** Options of {@link scanSessionTree}. */
export interface ScanOptions {
  /** The real path of the home (links resolved): a link must stay under it. */
  realHome: string;
  /** The encoding the persistence reads. */
  compression: JsonlCompression;
  /** The directory name the persistence gives a session id (from its `locate`); undefined when it gives none. */
  directoryOf(sessionId: string): string | undefined;
}

/** The id a session directory name encodes: the persistence writes characters other than `[A-Za-z0-9._-]` as `~XXXX`. */
function decodeName(name: string): string | undefined {
  if (!/^(?:[A-Za-z0-9._-]|~[0-9A-F]{4})+$/.test(name)) return undefined;
  return name.replace(/~([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function entries(path: string): Promise<Dirent[]> {
  try {
    return await readdir(path, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The encoded id of a flat `<project>/<id>.jsonl[.zstd]` file of an older layout, which the persistence opens when it looks an id up. */
function flatLogName(name: string): string | undefined {
  const suffix = Object.values(LOG_NAMES)
    .map((log) => log.slice('session'.length))
    .find((end) => name.endsWith(end));
  return suffix === undefined ? undefined : name.slice(0, -suffix.length);
}

/**
 * Walks `root` as the persistence would and checks, before the host opens any of them, every entry its listing or
 * its lookup of an id opens: each session directory's two log names, a link in place of a session directory, and
 * a flat log file of the older layout. Only regular files inside the home within {@link MAX_LOG_BYTES} pass; a FIFO,
 * a socket, a device, a directory, a link out of the home, a log of the other encoding, or a name that does not
 * encode a session id is refused, named with its session.
 */
export async function scanSessionTree(root: string, options: ScanOptions): Promise<SessionTree> {
  const logs: CheckedLog[] = [];
  const refused: UnreadableLog[] = [];
  const idOf = (name: string): string | undefined => {
    const id = decodeName(name);
    return id !== undefined && options.directoryOf(id) === name ? id : undefined;
  };
  const rootCheck = await checkDirectory(root, options.realHome);
  if (rootCheck.kind === 'refused') return { logs, refused: [{ sessionId: '*', path: root, reason: rootCheck.reason }] };
  if (rootCheck.kind === 'absent') return { logs, refused };
  const limit = pLimit(CHECK_CONCURRENCY);
  for (const project of await entries(root)) {
    if (!project.isDirectory()) continue;
    const projectPath = join(root, project.name);
    let listed: Dirent[];
    try {
      listed = await entries(projectPath);
    } catch (error) {
      refused.push({ sessionId: '*', path: projectPath, reason: describeThrown(error) });
      continue;
    }
    const found = await Promise.all(listed.map((entry) => limit(() => checkEntry(join(projectPath, entry.name), entry))));
    for (const entry of found) {
      logs.push(...entry.logs);
      refused.push(...entry.refused);
    }
  }
  return { logs, refused };

  /** What one entry of a project directory holds: a session directory's logs, or what a lookup would reach. */
  async function checkEntry(path: string, entry: Dirent): Promise<{ logs: CheckedLog[]; refused: UnreadableLog[] }> {
    const found = { logs: [] as CheckedLog[], refused: [] as UnreadableLog[] };
    if (entry.isDirectory()) {
      const sessionId = idOf(entry.name);
      for (const [compression, file] of Object.entries(LOG_NAMES) as [JsonlCompression, string][]) {
        const log = join(path, file);
        let check;
        try {
          check = await checkFile(log, options.realHome, MAX_LOG_BYTES);
        } catch (error) {
          check = { kind: 'refused', reason: describeThrown(error) } as const;
        }
        if (check.kind === 'absent') continue;
        if (sessionId === undefined) {
          found.refused.push({ sessionId: entry.name, path: log, reason: 'the directory name is not an encoded session id' });
        } else if (check.kind === 'refused') {
          found.refused.push({ sessionId, path: log, reason: check.reason });
        } else if (compression !== options.compression) {
          const kind = compression === 'zstd' ? 'Zstandard' : 'plain';
          found.refused.push({ sessionId, path: log, reason: `it is a ${kind} log in a home of the other encoding` });
        } else {
          found.logs.push({ sessionId, path: log, size: check.size });
        }
      }
      return found;
    }
    // Looking an id up opens `<project>/<id>/session.*` and `<project>/<id>.jsonl[.zstd]`, following links.
    const linkedId = entry.isSymbolicLink() ? idOf(entry.name) : undefined;
    if (linkedId !== undefined) found.refused.push({ sessionId: linkedId, path, reason: 'it is a link in place of a session directory' });
    const flat = flatLogName(entry.name);
    if (flat !== undefined) {
      const reason = 'it is a log outside its session directory (an older layout)';
      found.refused.push({ sessionId: idOf(flat) ?? flat, path, reason });
    }
    return found;
  }
}

/**
 * The physical encoding of the JSONL logs under `sessionsRoot`, from the first log name found on disk (no file is
 * opened); `undefined` when there is none, and the backend's default applies.
 * @param sessionsRoot - the JSONL persistence root.
 */
export async function detectCompression(sessionsRoot: string): Promise<JsonlCompression | undefined> {
  for (const project of await entries(sessionsRoot)) {
    if (!project.isDirectory()) continue;
    for (const session of await entries(join(sessionsRoot, project.name))) {
      if (!session.isDirectory()) continue;
      let names: string[];
      try {
        names = await readdir(join(sessionsRoot, project.name, session.name));
      } catch {
        continue;
      }
      if (names.includes(LOG_NAMES.zstd)) return 'zstd';
      if (names.includes(LOG_NAMES.none)) return 'none';
    }
  }
  return undefined;
}
