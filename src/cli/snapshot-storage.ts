/** A storage backend for the CLI: serves a home's storage units as the JSON backend reads them at open, each file checked first, and keeps every write in memory. */
import { join } from 'node:path';
import type { Context } from '@deepseek-ai/cordis';
import { StorageError, storageBackendServiceKey } from '@deepseek-ai/dsh-storage';
import type { KvUnit, KvUnitDescriptor, StorageBackend } from '@deepseek-ai/dsh-storage';
import { JsonStorageBackend } from '@deepseek-ai/dsh-storage-json';
import { describeThrown } from '../errors.ts';
import { checkDirectory, checkFile, MAX_UNIT_BYTES } from './home-files.ts';

/** Cordis plugin name. @public */
export const name = 'dsh-session-ref-snapshot-storage';
/** The hub must exist before the backend can register. @public */
export const inject = ['storage'];
/** The backend name the storage domain is routed to. */
export const SNAPSHOT_BACKEND = 'snapshot';

/** Plugin configuration. */
export interface Config {
  /** The home's storages directory; read only when it exists, never created or written. */
  root: string;
  /** The home's real path: the directory and each unit file may be a link only to something under it. */
  realHome: string;
  /** Told, for each unit whose file is there but is not read, the file and why; the unit then starts empty. */
  warn: (file: string, reason: string) => void;
  /** Told the name of each unit read from its file. */
  read?: (unit: string) => void;
}

type Snapshot = Awaited<ReturnType<KvUnit['loadAll']>>;

/** One unit held in memory: the snapshot read at open, then every write applied to it. */
class MemoryUnit implements KvUnit {
  private readonly descriptor: KvUnitDescriptor;
  private readonly tables: Map<string, Map<string, unknown>>;
  private global: unknown;
  private closed = false;

  constructor(descriptor: KvUnitDescriptor, tables: Map<string, Map<string, unknown>>, global: unknown) {
    this.descriptor = descriptor;
    this.tables = tables;
    this.global = global;
  }

  loadAll(): Promise<Snapshot> {
    return settle(() => {
      this.assertOpen();
      const tables: Snapshot['tables'] = {};
      for (const [table, records] of this.tables) tables[table] = Object.fromEntries(records);
      return { tables: structuredClone(tables), global: structuredClone(this.global) };
    });
  }

  putRecord(table: string, key: string, value: unknown): Promise<void> {
    return settle(() => void this.records(table).set(key, structuredClone(value)));
  }

  deleteRecord(table: string, key: string): Promise<void> {
    return settle(() => void this.records(table).delete(key));
  }

  setGlobal(value: unknown): Promise<void> {
    return settle(() => {
      this.assertOpen();
      if (!this.descriptor.hasGlobal) throw new Error(`unit '${this.descriptor.name}' does not declare a global slot`);
      this.global = structuredClone(value);
    });
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  private assertOpen(): void {
    if (this.closed) throw new StorageError('closed', `unit '${this.descriptor.name}' is closed`);
  }

  private records(table: string): Map<string, unknown> {
    this.assertOpen();
    const records = this.tables.get(table);
    if (records === undefined) throw new Error(`unit '${this.descriptor.name}' does not declare table '${table}'`);
    return records;
  }
}

/**
 * The backend: `open` reads the unit once with the host's own JSON backend (its format, version and
 * validity checks) when the directory exists, closes it, and serves a {@link MemoryUnit} seeded with it.
 */
class SnapshotBackend implements StorageBackend {
  private readonly config: Config;

  constructor(config: Config) {
    this.config = config;
  }

  readonly kv = {
    open: async (descriptor: KvUnitDescriptor): Promise<KvUnit> => {
      const snapshot = await this.read(descriptor);
      const tables = new Map(descriptor.tables.map((table) => [table, new Map(Object.entries(snapshot?.tables[table] ?? {}))]));
      return new MemoryUnit(descriptor, tables, snapshot?.global ?? null);
    },
  };

  async close(): Promise<void> {}

  /**
   * The unit's snapshot from `<root>/<unit>.json` (the JSON backend's one file per unit), when the directory and the
   * file pass the checks (a regular file inside the home, within the size cap) and the JSON backend reads it; else
   * undefined, with `warn` told why unless the file is simply absent.
   */
  private async read(descriptor: KvUnitDescriptor): Promise<Snapshot | undefined> {
    const { root, realHome, warn } = this.config;
    const file = join(root, `${descriptor.name}.json`);
    const directory = await checkDirectory(root, realHome);
    if (directory.kind === 'refused') warn(root, directory.reason);
    if (directory.kind !== 'ok') return undefined;
    const check = await checkFile(file, realHome, MAX_UNIT_BYTES);
    if (check.kind === 'refused') warn(file, check.reason);
    if (check.kind !== 'ok') return undefined;
    // The JSON backend creates its root on open; it is handed only a root that exists, holding the checked file.
    const disk = new JsonStorageBackend(root);
    try {
      const unit = await disk.kv.open(descriptor);
      try {
        const snapshot = await unit.loadAll();
        this.config.read?.(descriptor.name);
        return snapshot;
      } finally {
        await unit.close();
      }
    } catch (error) {
      warn(file, describeThrown(error));
      return undefined;
    } finally {
      await disk.close();
    }
  }
}

/** Registers the snapshot backend on the storage hub as {@link SNAPSHOT_BACKEND}. @public */
export function apply(ctx: Context, config: Config): void {
  const backend = new SnapshotBackend(config);
  ctx.effect(() => ctx.storage.backend.register(SNAPSHOT_BACKEND, backend), 'snapshotStorage.register');
  ctx.provide(storageBackendServiceKey(SNAPSHOT_BACKEND), backend);
}

/** `work()` as a promise: its value, or its throw as a rejection, as the async backend interface reports them. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}
