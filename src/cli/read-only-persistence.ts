/**
 * The CLI's read-only `sessionPersistence`: a persistence service of its own that reads a home through the host's
 * JSONL persistence, after checking every file that persistence will open, and refuses every write.
 */
import pLimit from 'p-limit';
import type { Context } from '@deepseek-ai/cordis';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent, SessionHeader, SessionPreparation } from '@deepseek-ai/dsh-session';
import { SessionPersistence } from '@deepseek-ai/dsh-session-persistence';
import type {
  SessionInspection,
  SessionLocation,
  SessionPersistenceSnapshot,
  SessionRawArtifact,
} from '@deepseek-ai/dsh-session-persistence';
import type { JsonlCompression, JsonlSessionPersistence } from '@deepseek-ai/dsh-session-persistence-jsonl';
import { describeThrown } from '../errors.ts';
import { scanSessionTree } from './session-dirs.ts';
import type { SessionTree, UnreadableLog } from './session-dirs.ts';

/** Logs read at once when the home is listed one session at a time. */
const READ_CONCURRENCY = 4;

/** A write reached the CLI's persistence, which refuses every one: the CLI never writes a session log. */
export class ReadOnlyHomeError extends Error {
  override readonly name = 'ReadOnlyHomeError';
  /** The refused operation (`create`, `append`, `prepare`, `load`). */
  readonly operation: string;

  /** @param operation - the refused persistence method. @param root - the sessions root it was refused under. */
  constructor(operation: string, root: string) {
    super(`dsh-session-ref never writes session logs: refused ${operation}() under ${root}`);
    this.operation = operation;
  }
}

/** A session whose log the CLI does not let the host open (a FIFO, a link out of the home, …). */
export class UnreadableLogError extends Error {
  override readonly name = 'UnreadableLogError';
  /** The refused log and why. */
  readonly log: UnreadableLog;

  /** @param log - the refused entry. */
  constructor(log: UnreadableLog) {
    super(`its log ${log.path} is not read: ${log.reason}`);
    this.log = log;
  }
}

/** Plugin configuration. */
export interface Config {
  /** The host's JSONL persistence over the home, mounted in a context of its own where nothing writes through it. */
  reader: JsonlSessionPersistence;
  /** `<home>/sessions`, as the reader is configured with it. */
  root: string;
  /** The home's real path: a log may be a link only to a file under it. */
  realHome: string;
  /** The encoding the reader reads. */
  compression: JsonlCompression;
}

/**
 * Serves `ctx.sessionPersistence` for the CLI. Reads (`list`, `listSnapshots`, `readFrom`, `inspect`, `readRaw`,
 * `locate`) go to the host's JSONL persistence; `create`, `append`, `prepare` and `load` (which commits a crash
 * repair) reject with {@link ReadOnlyHomeError}. Before the reader opens anything, the session tree is checked once
 * (`scanSessionTree`): a session whose entry is refused is never handed to it, and reading it rejects with
 * {@link UnreadableLogError}. The reader lists the home in one pass that fails as a whole on one bad log; when an
 * entry was refused, or that pass fails, the home is listed one checked log at a time, and the logs that cannot be
 * read are left out. {@link unreadable} names every session left out, an empty or header-less log included.
 */
export class ReadOnlySessionPersistence extends SessionPersistence {
  readonly supportsRawArtifacts: boolean;
  private readonly reader: JsonlSessionPersistence;
  private readonly options: Config;
  private readonly skipped = new Map<string, UnreadableLog>();
  private tree: Promise<SessionTree> | undefined;
  private eachLog: Promise<SessionHeader[]> | undefined;

  constructor(ctx: Context, config: Config) {
    super(ctx);
    this.reader = config.reader;
    this.options = config;
    this.supportsRawArtifacts = config.reader.supportsRawArtifacts;
  }

  /** The sessions left out so far, each with its log and the reason. */
  unreadable(): readonly UnreadableLog[] {
    return [...this.skipped.values()];
  }

  locate(meta: SessionHeader): SessionLocation | undefined {
    return this.reader.locate(meta);
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
    await this.admit(id);
    return this.reader.inspect(id, signal);
  }

  async readFrom(id: SessionId, fromSeq: number, signal?: AbortSignal): Promise<{ meta: SessionHeader; events: SessionEvent[] }> {
    await this.admit(id);
    return this.reader.readFrom(id, fromSeq, signal);
  }

  override async readRaw(id: SessionId, signal?: AbortSignal): Promise<SessionRawArtifact | undefined> {
    await this.admit(id);
    return this.reader.readRaw(id, signal);
  }

  async list(signal?: AbortSignal): Promise<SessionHeader[]> {
    const tree = await this.checkedTree();
    if (tree.refused.length === 0 && this.eachLog === undefined) {
      try {
        const headers = await this.reader.list(signal);
        this.noteUnlisted(tree, headers);
        return headers;
      } catch (error) {
        if (signal?.aborted) throw error;
      }
    }
    return this.listEach(tree);
  }

  async listSnapshots(signal?: AbortSignal): Promise<SessionPersistenceSnapshot[]> {
    const tree = await this.checkedTree();
    if (tree.refused.length === 0 && this.eachLog === undefined) {
      try {
        const snapshots = await this.reader.listSnapshots(signal);
        this.noteUnlisted(
          tree,
          snapshots.map((snapshot) => snapshot.header),
        );
        return snapshots;
      } catch (error) {
        if (signal?.aborted) throw error;
      }
    }
    const limit = pLimit(READ_CONCURRENCY);
    const snapshots = await Promise.all(
      (await this.listEach(tree)).map((header) =>
        limit(async () => {
          const revision = await this.reader.readStoredRevision(header.id, signal);
          return revision === undefined ? undefined : { header, revision };
        }),
      ),
    );
    return snapshots.filter((snapshot) => snapshot !== undefined);
  }

  private refuse(operation: string): Promise<never> {
    return Promise.reject(new ReadOnlyHomeError(operation, this.options.root));
  }

  /** The session tree, checked once; its refused entries are recorded as left out. */
  private checkedTree(): Promise<SessionTree> {
    this.tree ??= scanSessionTree(this.options.root, {
      realHome: this.options.realHome,
      compression: this.options.compression,
      directoryOf: (id) => this.directoryOf(id),
    }).then((tree) => {
      for (const entry of tree.refused) this.skip(entry);
      return tree;
    });
    return this.tree;
  }

  /** The name of the directory the reader keeps `id`'s log in. */
  private directoryOf(id: string): string | undefined {
    try {
      const path = this.reader.locate({ version: 0, id: SessionId(id), createdAt: 0 }).path;
      return path.split(/[\\/]/).at(-2);
    } catch {
      return undefined;
    }
  }

  /** Rejects a read of a session whose entry was refused (or of any session, when the sessions root was). */
  private async admit(id: SessionId): Promise<void> {
    const tree = await this.checkedTree();
    const refused = tree.refused.find((entry) => entry.sessionId === id || entry.path === this.options.root);
    if (refused !== undefined) throw new UnreadableLogError(refused);
  }

  private skip(entry: UnreadableLog): void {
    if (!this.skipped.has(entry.path)) this.skipped.set(entry.path, entry);
  }

  /** Names every checked log the reader's listing left out silently: an empty log, or one without a whole header line. */
  private noteUnlisted(tree: SessionTree, headers: readonly SessionHeader[]): void {
    const listed = new Set(headers.map((header) => this.reader.locate(header).path));
    for (const log of tree.logs) {
      if (listed.has(log.path)) continue;
      this.skip({
        sessionId: log.sessionId,
        path: log.path,
        reason:
          log.size === 0
            ? 'the log is empty (0 bytes)'
            : 'the persistence lists nothing from it: its first line is not a whole session header',
      });
    }
  }

  /** The home listed one checked log at a time, once: each readable log's header; the others are left out. */
  private listEach(tree: SessionTree): Promise<SessionHeader[]> {
    this.eachLog ??= (async () => {
      const refusedIds = new Set(tree.refused.map((entry) => entry.sessionId));
      const limit = pLimit(READ_CONCURRENCY);
      const headers = await Promise.all(
        tree.logs.map((log) =>
          limit(async () => {
            // Looking an id up reaches every entry that names it, so an id refused anywhere is never looked up.
            if (refusedIds.has(log.sessionId)) return undefined;
            if (log.size === 0) {
              this.skip({ ...log, reason: 'the log is empty (0 bytes)' });
              return undefined;
            }
            try {
              return (await this.reader.readFrom(SessionId(log.sessionId), Number.MAX_SAFE_INTEGER)).meta;
            } catch (error) {
              this.skip({ sessionId: log.sessionId, path: log.path, reason: describeThrown(error) });
              return undefined;
            }
          }),
        ),
      );
      return headers.filter((header) => header !== undefined);
    })();
    return this.eachLog;
  }
}
