/** The sessions the menu can offer, in memory: the index's rows plus this process's live sessions, in the store's newest-first order. */
import { toSearchableRecord } from '../discovery/rank.ts';
import type { SearchableCandidateRecord } from '../discovery/rank.ts';
import type { IndexChanges, IndexedSession } from './session-index.ts';

/** One session as the catalog holds it: the index's row, whether it is live in this process, and what the last listing said of it. */
export interface CatalogEntry extends IndexedSession {
  /** Open in this process. */
  readonly live: boolean;
  /** The session as the last applied listing gave it (its header and log revision); undefined when that listing left it out. */
  readonly listed?: ListedEntry | undefined;
}

/** The header fields a listing gives: the id, the creation time (order) and the cwd (ranking). */
export interface ListedHeader {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string | undefined;
}

/** A session as one listing reports it. */
export interface ListedEntry {
  readonly header: ListedHeader;
  /** The store holds its log. */
  readonly persisted: boolean;
  /** Open in the listing process. */
  readonly live: boolean;
  /** The log's revision, when the store reports one. */
  readonly revision?: string | undefined;
}

/** Labels an entry: its title, or its id. Called only for entries whose label may have changed. */
export type EntryLabeller = (entry: CatalogEntry) => string;

/** What a listing means for the index: rows to add or mark stored, and sessions gone from the store. */
export interface ListingPlan {
  /** Sessions the index must hold as the listing reports them (new, restarted, or newly stored). */
  readonly noted: readonly ListedEntry[];
  /** Sessions to remove: stored before, absent now and not live here (or never stored and left behind long ago). */
  readonly removed: readonly string[];
}

/** How long a row no listing has seen stored may stay when no process shows it live: a process that wrote it died before it was stored. */
export const UNSTORED_ROW_LIFETIME_MS = 60 * 60 * 1000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A session the index knows nothing of but its header. */
function untitled(header: ListedHeader, persisted: boolean): IndexedSession {
  const { id, createdAt, cwd } = header;
  const unknown = { title: undefined, revision: undefined, seq: undefined, failed: undefined };
  return { id, createdAt, cwd, persisted, raw: false, touched: Date.now(), ...unknown };
}

/** Newest first, then by id: the store's listing order. */
function newestFirst(a: CatalogEntry, b: CatalogEntry): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The catalog. It offers a session that some listing saw stored, or that is live here; another
 * process's unstored live session is not offered. Records for ranking are built lazily and kept
 * until something says a label changed ({@link relabel}, or a change to the entry).
 */
export class SessionCatalog {
  private readonly entries = new Map<string, Mutable<CatalogEntry>>();
  private readonly records = new Map<string, SearchableCandidateRecord>();
  private ordered: CatalogEntry[] | undefined;
  private offered: SearchableCandidateRecord[] | undefined;

  /** How many sessions the catalog holds (offered or not). */
  get size(): number {
    return this.entries.size;
  }

  /** The entry of `id`. */
  get(id: string): CatalogEntry | undefined {
    return this.entries.get(id);
  }

  /** Whether the menu may offer `id`. */
  offers(id: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && (entry.persisted || entry.live);
  }

  /** Every entry, newest first. */
  newestFirst(): readonly CatalogEntry[] {
    this.ordered ??= [...this.entries.values()].sort(newestFirst);
    return this.ordered;
  }

  /** Takes an index row, keeping the entry's liveness; a changed identity or title drops the entry's label. Entries are updated in place. */
  put(session: IndexedSession): void {
    const known = this.entries.get(session.id);
    if (known === undefined) {
      this.entries.set(session.id, { ...session, live: false });
      this.ordered = undefined;
      this.relabel(session.id);
      return;
    }
    if (known.createdAt !== session.createdAt || known.cwd !== session.cwd) this.ordered = undefined;
    const relabel =
      known.title !== session.title ||
      known.persisted !== session.persisted ||
      known.createdAt !== session.createdAt ||
      known.cwd !== session.cwd;
    Object.assign(known, session);
    if (relabel) this.relabel(session.id);
  }

  /** Drops entries; a live one stays (its session is still open here). */
  drop(ids: readonly string[]): void {
    for (const id of ids) {
      if (this.entries.get(id)?.live === true) continue;
      if (this.entries.delete(id)) {
        this.records.delete(id);
        this.ordered = undefined;
        this.offered = undefined;
      }
    }
  }

  /** Applies what the index reports changed; a full report replaces every entry but the live ones. */
  apply(changes: IndexChanges): void {
    if (changes.full) {
      const seen = new Set(changes.sessions.map((session) => session.id));
      this.drop([...this.entries.keys()].filter((id) => !seen.has(id)));
    } else {
      this.drop(changes.removed);
    }
    for (const session of changes.sessions) this.put(session);
  }

  /**
   * Keeps what the last applied listing said of each session it holds, so that no copy of the listing is kept beside
   * the catalog: listed entries hold their listing, every other entry holds none. Call after the listing's notes.
   */
  remember(listed: readonly ListedEntry[]): void {
    for (const entry of this.entries.values()) entry.listed = undefined;
    for (const item of listed) {
      const entry = this.entries.get(item.header.id);
      if (entry !== undefined) entry.listed = item;
    }
  }

  /** Takes what a listing says of a session: a new one is added untitled, a known one keeps its title and texts and turns stored when listed so. */
  note(listed: ListedEntry): void {
    const known = this.entries.get(listed.header.id);
    if (known?.createdAt !== listed.header.createdAt) this.put(untitled(listed.header, listed.persisted));
    else if (listed.persisted && !known.persisted) this.put({ ...known, persisted: true });
  }

  /** Marks a session opened or closed in this process; an unknown one is added with what its header says. */
  setLive(header: ListedHeader, live: boolean, persisted?: boolean): void {
    if (this.entries.get(header.id)?.createdAt !== header.createdAt) this.put(untitled(header, false));
    const entry = this.entries.get(header.id);
    if (entry === undefined) return;
    entry.live = live;
    if (persisted !== undefined) entry.persisted = persisted;
    this.relabel(header.id);
  }

  /**
   * A session closed in this process turns cold and stored when `logged` (its log is being written) or
   * already stored; one never stored and without a log is dropped, since the store will never list it.
   * Returns whether it was dropped.
   */
  closed(header: ListedHeader, logged: boolean): boolean {
    const stored = logged || this.entries.get(header.id)?.persisted === true;
    this.setLive(header, false, stored);
    if (!stored) this.drop([header.id]);
    return !stored;
  }

  /** The label of `id` may have changed. */
  relabel(id: string): void {
    this.records.delete(id);
    this.offered = undefined;
  }

  /** Every label may have changed. */
  relabelAll(): void {
    this.records.clear();
    this.offered = undefined;
  }

  /** The offered sessions as ranking records, newest first; only entries whose label may have changed are labelled again. */
  candidates(label: EntryLabeller): readonly SearchableCandidateRecord[] {
    if (this.offered !== undefined) return this.offered;
    const out: SearchableCandidateRecord[] = [];
    for (const entry of this.newestFirst()) if (this.offers(entry.id)) out.push(this.recordOf(entry, label));
    this.offered = out;
    return out;
  }

  /** The ranking record of an offered session. */
  record(id: string, label: EntryLabeller): SearchableCandidateRecord | undefined {
    const entry = this.entries.get(id);
    return entry !== undefined && this.offers(id) ? this.recordOf(entry, label) : undefined;
  }

  private recordOf(entry: CatalogEntry, label: EntryLabeller): SearchableCandidateRecord {
    let record = this.records.get(entry.id);
    if (record === undefined) {
      const { id: sessionId, cwd, createdAt } = entry;
      record = toSearchableRecord({ sessionId, createdAt, label: label(entry), ...(cwd === undefined ? {} : { cwd }) });
      this.records.set(entry.id, record);
    }
    return record;
  }

  /**
   * What one listing means, given the catalog now (pure): sessions to note in the index, and
   * sessions to remove. Removal needs a complete listing taken while nothing happened here that it
   * could have missed (`complete`); a session live here is never removed.
   */
  plan(listed: readonly ListedEntry[], complete: boolean, now: number): ListingPlan {
    const noted: ListedEntry[] = [];
    const seen = new Set<string>();
    for (const item of listed) {
      seen.add(item.header.id);
      const known = this.entries.get(item.header.id);
      if (known?.createdAt === item.header.createdAt && (known.persisted || !item.persisted)) continue;
      noted.push(item);
    }
    const removed: string[] = [];
    if (complete) {
      for (const entry of this.entries.values()) {
        if (seen.has(entry.id) || entry.live) continue;
        if (entry.persisted || now - entry.touched > UNSTORED_ROW_LIFETIME_MS) removed.push(entry.id);
      }
    }
    return { noted, removed };
  }
}
