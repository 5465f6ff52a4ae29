/** What the index stores of one session, taken from its log in one read: the redacted texts of its current surface, and its title. */
import { lstat } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import { foldSurface, isAppendSurfaceEvent, isSurfaceEvent } from '@deepseek-ai/dsh-session';
import type { Session, SessionEvent, SessionHeader, SessionId } from '@deepseek-ai/dsh-session';
import { projectSurface } from '../context/projection.ts';
import { redactTexts } from '../redaction/redact.ts';
import { foldedTitle, liveTitles } from '../discovery/labels.ts';
import type { KnownTitle } from '../discovery/labels.ts';
import type { ListedHeader } from './catalog.ts';
import { jsonlLogPath } from './location.ts';
import { readSessionLog } from './log-reader.ts';

/** Longest text row, in characters: a longer message is stored in overlapping pieces so that no row costs much to check or write. */
export const TEXT_PIECE_CHARS = 16_384;
/** Characters each piece repeats from the previous one, so that a query up to this long is found across a cut. */
export const TEXT_PIECE_OVERLAP = 256;

/** One session's log, read once. */
export interface SessionReading {
  readonly header: SessionHeader;
  /** Seq of the last event read; -1 for an empty log. */
  readonly seq: number;
  /** The projected texts of its current surface, in order (the same projection as a snapshot's), redacted when asked. */
  readonly texts: string[];
  /** Its title as the host's projection registry folds it; `undefined` when no title unit is registered. */
  readonly title: KnownTitle;
}

/** `text` as one piece, or as pieces of {@link TEXT_PIECE_CHARS} that overlap by {@link TEXT_PIECE_OVERLAP}. */
export function pieces(text: string): string[] {
  if (text.length <= TEXT_PIECE_CHARS) return [text];
  const out: string[] = [];
  for (let start = 0; start < text.length; start += TEXT_PIECE_CHARS - TEXT_PIECE_OVERLAP) {
    let from = start;
    // never split a surrogate pair
    if (from > 0 && /[\udc00-\udfff]/.test(text[from] ?? '')) from--;
    out.push(text.slice(from, Math.min(text.length, start + TEXT_PIECE_CHARS)));
    if (start + TEXT_PIECE_CHARS >= text.length) break;
  }
  return out;
}

/** The events at `nodes` (surface seqs) of `events`. */
function surfaceOf(events: readonly SessionEvent[], nodes: readonly number[]): SessionEvent[] {
  const contiguous = events[0]?.seq === 0 && events.at(-1)?.seq === events.length - 1;
  const bySeq = contiguous ? undefined : new Map(events.map((e) => [e.seq, e]));
  const out: SessionEvent[] = [];
  for (const seq of nodes) {
    const event = bySeq === undefined ? events[seq] : bySeq.get(seq);
    if (event !== undefined && isSurfaceEvent(event)) out.push(event);
  }
  return out;
}

/** The texts `events` contribute (user, checkpoint and assistant messages), each cut into pieces. */
export function projectTexts(events: readonly SessionEvent[]): string[] {
  return projectSurface(events).flatMap((message) => pieces(message.text));
}

/** Characters of text redacted between two turns of the event loop, so that a keystroke waits a few ms at most. */
const REDACT_SLICE_CHARS = 65_536;

/**
 * Redacts `texts` unless `redact` is off; rejects when the scan fails, so that no unscanned text is
 * stored. Texts are scanned a slice at a time with the event loop given back in between (each text
 * is a piece of at most {@link TEXT_PIECE_CHARS}, scanned whole), so a very large message never
 * holds it long.
 */
export async function redacted(texts: string[], redact: boolean, signal: AbortSignal | undefined): Promise<string[]> {
  if (!redact || texts.length === 0) return texts;
  const options = signal === undefined ? {} : { signal };
  const out: string[] = [];
  for (let start = 0; start < texts.length;) {
    let end = start;
    for (
      let size = 0, text = texts[end];
      text !== undefined && (end === start || size + text.length <= REDACT_SLICE_CHARS);
      text = texts[++end]
    )
      size += text.length;
    if (start > 0) await nextTurn();
    out.push(...(await redactTexts(texts.slice(start, end), options)).texts);
    start = end;
  }
  return out;
}

/**
 * Reads a stored session once, without a listing (the query engine's `readSurface` lists the whole store for
 * every read): a file-per-session log, found where the store's `locate` puts it, with the bounded log reader, so that
 * a log that cannot be opened, is corrupt or inflates past the cap rejects for this session alone; a session with no
 * such file, or another persistence, through its `inspect`.
 * Then folds its surface and title with the host's code, and redacts the texts.
 */
export async function readStoredSession(ctx: Context, header: ListedHeader, redact: boolean, signal: AbortSignal): Promise<SessionReading> {
  const persistence = ctx.get('sessionPersistence');
  if (persistence === undefined) throw new Error('no sessionPersistence service is mounted');
  const path = jsonlLogPath(persistence, header);
  const stored =
    path !== undefined &&
    (await lstat(path).then(
      () => true,
      () => false,
    ));
  const { meta, events } = stored ? await readSessionLog(path, { signal }) : await persistence.inspect(header.id as SessionId, signal);
  const texts = projectTexts(surfaceOf(events, foldSurface(events).nodes));
  return { header: meta, seq: events.at(-1)?.seq ?? -1, title: foldedTitle(ctx, events), texts: await redacted(texts, redact, signal) };
}

/** Reads a session open here from its in-memory log and live surface (no I/O); its title from the live projection. */
export async function readLiveSession(ctx: Context, session: Session, redact: boolean, signal: AbortSignal): Promise<SessionReading> {
  const { events } = session;
  const texts = projectTexts(surfaceOf(events, session.surface.nodes));
  const title = liveTitles(ctx)(session.id);
  return { header: session.header, seq: events.at(-1)?.seq ?? -1, title, texts: await redacted(texts, redact, signal) };
}

/** What one appended event does to a live session's texts: adds these texts, replaces the surface (`resync`), or nothing. */
export function appendedTexts(event: SessionEvent): string[] | 'resync' {
  if (!isSurfaceEvent(event)) return [];
  if (!isAppendSurfaceEvent(event)) return 'resync';
  return projectTexts([event]);
}
