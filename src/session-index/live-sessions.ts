/** This process's own sessions in the index: created, appended to, renamed and closed, written as they happen. */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import type { Session, SessionEvent } from '@deepseek-ai/dsh-session';
import type { IndexSync } from './sync.ts';
import { SLICE_CHARS, writeInParts } from './backlog-reads.ts';
import { liveTitles } from '../discovery/labels.ts';
import { cleanTitle } from '../mentions/label-text.ts';
import { appendedTexts, readLiveSession, redacted } from './session-texts.ts';

/** How long a write another process holds up waits before it is tried again. */
const BUSY_RETRY_MS = 50;

/** Longest a keystroke waits for this process's changes still being redacted and written, in ms. */
export const IN_PROCESS_WAIT_MS = 100;

/**
 * Listens to the session store on a host-level context (the session events are scope-filtered:
 * an agent-scoped context would miss other agents' sessions). A message appended to an open
 * session is projected, redacted and added to the index on its own (one short write, in order per
 * session); a session seen for the first time, one whose surface was replaced (compaction), and
 * one the index holds no texts for are written whole from their in-memory log. A rename writes the
 * title. A session counts as stored from its first logged event; a closed one with a log stays,
 * and one without a log is removed, since the store will never list it.
 */
export class LiveSessions {
  private readonly ctx: Context;
  private readonly sync: IndexSync;
  private readonly redact: boolean;
  private readonly lifetime = new AbortController();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly resyncs = new Map<string, Session>();
  private readonly stored = new Set<string>();
  private resyncing: Promise<void> | undefined;
  private readonly queue: (() => void)[] = [];
  private stopped = false;

  constructor(ctx: Context, sync: IndexSync, redact: boolean) {
    this.ctx = ctx;
    this.sync = sync;
    this.redact = redact;
    ctx.on('session/created', (session) => {
      this.listen(() => {
        this.opened(session);
      });
    });
    ctx.on('session/event', (session, event) => {
      this.listen(() => {
        this.appended(session, event);
      });
    });
    ctx.on('session/disposed', (session) => {
      this.listen(() => {
        this.closed(session);
      });
    });
    // a file replaced (rebuilt, or written again after failing writes) lacks what was written of the open sessions
    sync.handle.onRebuilt(() => {
      for (const session of ctx.get('sessions')?.list() ?? []) if (!this.stopped) this.resync(session);
    });
    for (const session of ctx.get('sessions')?.list() ?? [])
      this.listen(() => {
        this.opened(session);
      });
  }

  /**
   * Runs a listener's work once the host's listener returned, in the order the events came: the
   * host's call (creating a session, appending to it) never waits for the index, and nothing the
   * index does can throw into it.
   */
  private listen(work: () => void): void {
    this.queue.push(work);
    if (this.queue.length === 1)
      queueMicrotask(() => {
        this.flush();
      });
  }

  /** Runs the listeners' queued work, in order; a failing piece costs only itself. */
  private flush(): void {
    for (let next = this.queue[0]; next !== undefined; next = this.queue[0]) {
      this.queue.shift();
      try {
        next();
      } catch {
        // the next change to the session, or the next listing, writes it again
      }
    }
  }

  /** Resolves once every change seen so far is written, or after `maxMs`, whichever comes first. */
  async settled(maxMs: number): Promise<void> {
    this.flush();
    // writes held back (a lock, failing writes) would only make the keystroke wait for nothing
    if (this.sync.handle.backingOff) return;
    const pending = [...this.chains.values(), ...(this.resyncing === undefined ? [] : [this.resyncing])];
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
    clearTimeout(timer);
  }

  /** Stops writing and waits for the writes in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.lifetime.abort(new Error('candidate discovery disposed'));
    await Promise.allSettled([...this.chains.values(), this.resyncing]);
  }

  private opened(session: Session): void {
    if (this.stopped) return;
    this.sync.changed();
    this.sync.catalog.setLive(session.header, true);
    this.sync.handle.guard((index) => index.noteListed([{ header: session.header, persisted: false }]));
    this.resync(session);
  }

  private closed(session: Session): void {
    if (this.stopped) return;
    this.sync.changed();
    this.stored.delete(session.id);
    const logged = session.seq > 0 && this.ctx.get('sessionPersistence') !== undefined;
    if (this.sync.catalog.closed(session.header, logged)) {
      // a pending whole write stays for a stored session (its log is final); one that will never be stored is dropped
      this.resyncs.delete(session.id);
      this.sync.handle.guard((index) => {
        index.remove([session.id]);
      });
    } else {
      this.sync.handle.guard((index) => index.noteListed([{ header: session.header, persisted: true }]));
    }
    this.sync.handle.refresh();
  }

  private appended(session: Session, event: SessionEvent): void {
    if (this.stopped) return;
    this.markStored(session);
    if (event.type === 'session/title') {
      const title = (event.data as { title?: unknown }).title;
      if (typeof title === 'string') {
        const clean = cleanTitle(title, this.redact);
        this.sync.handle.guard((index) => {
          index.setTitles([{ header: session.header, title: clean }]);
        });
      }
      this.sync.handle.refresh();
      this.sync.catalog.relabel(session.id);
      return;
    }
    const texts = appendedTexts(event);
    // a very large message is written in parts, as a whole session is, so that no write holds the event loop long
    if (texts === 'resync' || texts.reduce((sum, text) => sum + text.length, 0) > SLICE_CHARS) this.resync(session);
    else if (texts.length > 0) this.chain(session.id, () => this.append(session, texts, event.seq));
  }

  /**
   * A session that logged an event while a persistence service is composed is being stored: it is
   * marked so at once, so that other processes offer it without waiting for a listing (a process
   * may exit without closing its sessions, as a headless run does).
   */
  private markStored(session: Session): void {
    if (this.stored.has(session.id) || session.seq === 0 || this.ctx.get('sessionPersistence') === undefined) return;
    const done = this.sync.handle.guard((index) => index.noteListed([{ header: session.header, persisted: true }]));
    if (!done.ok) return;
    this.stored.add(session.id);
    this.sync.catalog.setLive(session.header, true, true);
  }

  private chain(id: string, work: () => Promise<void>): void {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work).catch(() => {});
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
  }

  private async append(session: Session, texts: string[], seq: number): Promise<void> {
    let scanned: string[];
    try {
      scanned = await redacted(texts, this.redact, this.lifetime.signal);
    } catch {
      if (!this.stopped) this.resync(session);
      return;
    }
    if (this.stopped) return;
    const outcome = this.sync.handle.guard((index) => index.appendTexts(session.header, scanned, seq, !this.redact));
    if (!outcome.ok || outcome.value === 'missing') this.resync(session);
    this.sync.handle.refresh();
    // each write adds a segment to the trigram index: the background merges them when idle
    this.sync.kick();
  }

  private resync(session: Session): void {
    this.resyncs.set(session.id, session);
    this.resyncing ??= this.drain().finally(() => (this.resyncing = undefined));
  }

  /** Writes each queued session whole, from its in-memory log, a slice at a time. */
  private async drain(): Promise<void> {
    await nextTurn();
    for (let next = this.resyncs.entries().next(); !next.done && !this.stopped; next = this.resyncs.entries().next()) {
      const [id, session] = next.value;
      this.resyncs.delete(id);
      // a closed session is still written (its log is final); one dropped meanwhile (no log) is not
      if (this.sync.catalog.get(id)?.createdAt !== session.header.createdAt) continue;
      try {
        const { seq, texts } = await readLiveSession(this.ctx, session, this.redact, this.lifetime.signal);
        // the title as it is now: a rename during the redaction above is already in the index
        const title = cleanTitle(liveTitles(this.ctx)(id), this.redact);
        const doc = { header: session.header, texts, at: { seq, raw: !this.redact, ...(title === undefined ? {} : { title }) } };
        if (!(await writeInParts(this.sync.handle, doc, 'newer', () => this.stopped))) {
          // held back (a lock, failing writes): tried again once writes resume, on a timer
          this.resyncs.set(id, session);
          await sleep(Math.max(BUSY_RETRY_MS, this.sync.handle.quietMs), undefined, { signal: this.lifetime.signal, ref: false });
        }
      } catch {
        // the next change to this session, or the next listing, writes it again
      }
      this.sync.handle.refresh();
    }
  }
}
