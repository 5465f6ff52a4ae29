/** The CLI's one adapter over the host: a `sessionPersistence` that reads a home's logs with the bounded log reader and refuses every write, and the check of a home's entries (logs, storages, spill) made without opening them. */
import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import type { Context } from '@deepseek-ai/cordis';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent, SessionHeader, SessionPreparation } from '@deepseek-ai/dsh-session';
import { SessionPersistence } from '@deepseek-ai/dsh-session-persistence';
import type { SessionInspection, SessionLocation, SessionPersistenceSnapshot } from '@deepseek-ai/dsh-session-persistence';
import type { JsonlSessionPersistence } from '@deepseek-ai/dsh-session-persistence-jsonl';
import { describeThrown } from '../errors.ts';
import { entryKind } from '../session-index/entry-kind.ts';
import { readSessionLog, UnreadableLogError } from '../session-index/log-reader.ts';

/** Logs checked at once while the home is listed. */
const LIST_CONCURRENCY = 8;
/** The log names of the two encodings. */
const LOG_NAMES = ['session.jsonl.zstd', 'session.jsonl'];

/** What a check found: nothing there, an entry of the expected kind, or something refused, with the reason. */
type EntryCheck = { readonly kind: 'absent' | 'ok' } | { readonly kind: 'refused'; readonly reason: string };

const refusal = (reason: string): EntryCheck => ({ kind: 'refused', reason });

/**
 * Checks that `path` is what `want` names (a regular file, or a directory), itself or through a link to one
 * inside `realHome`; a broken link, a link out of the home or an entry of another kind is refused with why.
 * Nothing is opened, so nothing blocks.
 */
export async function checkEntry(path: string, realHome: string, want: 'file' | 'directory'): Promise<EntryCheck> {
  let info: Stats | undefined;
  let target: string | undefined;
  try {
    info = await lstat(path);
    if (info.isSymbolicLink()) {
      target = await realpath(path);
      info = await stat(target);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return refusal(describeThrown(error));
    return info === undefined ? { kind: 'absent' } : refusal('it is a broken link');
  }
  const rel = relative(realHome, target ?? realHome);
  if (target !== undefined && (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)))
    return refusal(`it is a link out of the home (to ${target})`);
  const fits = want === 'file' ? info.isFile() : info.isDirectory();
  return fits ? { kind: 'ok' } : refusal(`it is ${entryKind(info)}, not a ${want === 'file' ? 'regular file' : 'directory'}`);
}

/** A write reached the CLI's persistence, which refuses every one (`operation`: `create`, `append`, `prepare`, `load`): the CLI never writes a session log. */
export class ReadOnlyHomeError extends Error {
  override readonly name = 'ReadOnlyHomeError';
  readonly operation: string;

  /** @param operation - the refused method. @param root - the sessions root it was refused under. */
  constructor(operation: string, root: string) {
    super(`dsh-session-ref never writes session logs: refused ${operation}() under ${root}`);
    this.operation = operation;
  }
}

/**
 * A session the CLI leaves out: the session its entry stands for (its directory's or flat log's name, the id for a
 * read that failed, `*` for a directory of many), the log file or the entry in its place, and why.
 */
interface UnreadableLog {
  sessionId: string;
  path: string;
  reason: string;
}

/**
 * Plugin configuration: the host's JSONL persistence over the home, mounted where nothing writes through it (its
 * locate and revisions only), `<home>/sessions`, and the home's real path (a log may link only to a file under it).
 */
export interface Config {
  reader: JsonlSessionPersistence;
  root: string;
  realHome: string;
}

/**
 * Serves `ctx.sessionPersistence` for the CLI. The host's JSONL persistence offers no read-only mode, no bounded
 * read (it inflates a whole log however large), no non-blocking open and no listing that survives one bad log, so
 * this adapter lists and reads the home itself, taking the layout (file and directory names, revisions) from that
 * persistence. Each log is checked (a regular file, or a link to one inside the home), its header read without
 * blocking, and its header's id must be its directory's; what fails costs only its session, named by
 * {@link unreadable}. Reads go through the bounded log reader; `create`, `append`, `prepare` and `load` reject with
 * {@link ReadOnlyHomeError}.
 */
export class ReadOnlySessionPersistence extends SessionPersistence {
  readonly supportsRawArtifacts = false;
  private readonly options: Config;
  /** The entries left out, by path. */
  private readonly refused = new Map<string, UnreadableLog>();
  private scanned: Promise<Map<string, { path: string; header: SessionHeader }>> | undefined;

  constructor(ctx: Context, config: Config) {
    super(ctx);
    this.options = config;
  }

  /** The sessions left out so far, each with its log and the reason. */
  unreadable(): readonly UnreadableLog[] {
    return [...this.refused.values()];
  }

  /** The entry left out in place of session `id`'s log or directory, matched by the directory name the host's layout gives `id`. */
  refusedFor(id: string): UnreadableLog | undefined {
    const name = this.directoryOf(id);
    return this.unreadable().find((found) => found.sessionId === id || found.sessionId === name);
  }

  locate(meta: SessionHeader): SessionLocation | undefined {
    return this.options.reader.locate(meta);
  }

  create(_meta: SessionHeader): Promise<void> {
    return this.refuse('create');
  }

  append(_id: SessionId, _events: readonly SessionEvent[]): Promise<void> {
    return this.refuse('append');
  }

  override prepare(_id: SessionId, _signal?: AbortSignal): Promise<SessionPreparation> {
    return this.refuse('prepare');
  }

  load(_id: SessionId): Promise<SessionInspection> {
    return this.refuse('load');
  }

  async inspect(id: SessionId, signal?: AbortSignal): Promise<SessionInspection> {
    const log = (await this.scan()).get(id);
    if (log === undefined) {
      const entry = this.refusedFor(id) ?? this.unreadable().find((found) => found.sessionId === '*');
      if (entry !== undefined) throw new UnreadableLogError(entry.path, entry.reason);
      throw new Error(`session "${id}" not found under ${this.options.root}`);
    }
    try {
      return await readSessionLog(log.path, signal === undefined ? {} : { signal });
    } catch (error) {
      if (error instanceof UnreadableLogError) this.skip(id, error.path, error.reason);
      throw error;
    }
  }

  async readFrom(id: SessionId, fromSeq: number, signal?: AbortSignal): Promise<{ meta: SessionHeader; events: SessionEvent[] }> {
    const { meta, events } = await this.inspect(id, signal);
    return { meta, events: events.filter((event) => event.seq >= fromSeq) };
  }

  async list(): Promise<SessionHeader[]> {
    return [...(await this.scan()).values()].map((log) => log.header);
  }

  async listSnapshots(signal?: AbortSignal): Promise<SessionPersistenceSnapshot[]> {
    const limit = pLimit(LIST_CONCURRENCY);
    const revisionOf = (header: SessionHeader): Promise<SessionPersistenceSnapshot | undefined> =>
      this.options.reader.readStoredRevision(header.id, signal).then(
        (revision) => (revision === undefined ? undefined : { header, revision }),
        () => undefined,
      );
    const snapshots = await Promise.all((await this.list()).map((header) => limit(() => revisionOf(header))));
    return snapshots.filter((snapshot) => snapshot !== undefined);
  }

  private refuse(operation: string): Promise<never> {
    return Promise.reject(new ReadOnlyHomeError(operation, this.options.root));
  }

  private skip(sessionId: string, path: string, reason: string): void {
    if (!this.refused.has(path)) this.refused.set(path, { sessionId, path, reason });
  }

  /** The name of the session directory the host's layout gives `id`; undefined when it gives none. */
  private directoryOf(id: string): string | undefined {
    try {
      return this.locate({ version: 0, id: SessionId(id), createdAt: 0 })
        ?.path.split(/[\\/]/)
        .at(-2);
    } catch {
      return undefined;
    }
  }

  /** The home walked once (`<root>/<project>/<session>/<log>`): every log checked and its header read, the entries left out recorded. */
  private scan(): Promise<Map<string, { path: string; header: SessionHeader }>> {
    this.scanned ??= (async () => {
      const logs = new Map<string, { path: string; header: SessionHeader }>();
      const { root, realHome } = this.options;
      const rootCheck = await checkEntry(root, realHome, 'directory');
      if (rootCheck.kind === 'refused') this.skip('*', root, rootCheck.reason);
      if (rootCheck.kind !== 'ok') return logs;
      const list = (path: string): Promise<Dirent[]> =>
        readdir(path, { withFileTypes: true }).catch((error: unknown) => {
          this.skip('*', path, describeThrown(error));
          return [];
        });
      const limit = pLimit(LIST_CONCURRENCY);
      const work: Promise<void>[] = [];
      for (const project of await list(root)) {
        if (!project.isDirectory()) continue;
        for (const entry of await list(join(root, project.name)))
          work.push(limit(() => this.checkSession(join(root, project.name, entry.name), entry, logs)));
      }
      await Promise.all(work);
      return logs;
    })();
    return this.scanned;
  }

  /**
   * One entry of a project directory: a session directory's log, listed when it passes and its header's id is the
   * one the host's layout names that directory after; a link or an older layout's flat log, which a lookup would
   * reach, refused. A refused entry is named by its directory or file name.
   */
  private async checkSession(path: string, entry: Dirent, logs: Map<string, { path: string; header: SessionHeader }>): Promise<void> {
    if (!entry.isDirectory()) {
      if (entry.isSymbolicLink()) this.skip(entry.name, path, 'it is a link in place of a session directory');
      const flat = /^(.+)\.jsonl(?:\.zstd)?$/.exec(entry.name)?.[1];
      if (flat !== undefined) this.skip(flat, path, 'it is a log outside its session directory (an older layout)');
      return;
    }
    for (const log of LOG_NAMES.map((name) => join(path, name))) {
      const check = await checkEntry(log, this.options.realHome, 'file');
      if (check.kind === 'absent') continue;
      try {
        if (check.kind === 'refused') throw new UnreadableLogError(log, check.reason);
        const { meta } = await readSessionLog(log, { headerOnly: true });
        if (this.directoryOf(meta.id) !== entry.name)
          throw new UnreadableLogError(log, `its header names another session (${JSON.stringify(meta.id)})`);
        if (!logs.has(meta.id)) logs.set(meta.id, { path: log, header: meta });
      } catch (error) {
        this.skip(entry.name, log, error instanceof UnreadableLogError ? error.reason : describeThrown(error));
      }
      return;
    }
  }
}
