/** Projection of a source session's current surface into the plain conversation a snapshot carries. */
import type { ProjectedMessage, SourceCapture } from './shapes.ts';

/** The message-source kind this package stamps on the context messages it injects. */
export const SESSION_REFERENCE_SOURCE_KIND = 'session-reference';

/** Structural view of one surface event: only the fields projection reads. */
export interface SurfaceEventLike {
  /** Event type, e.g. `user/message`. */
  readonly type: string;
  /** Event payload: a message for `user/message`, `{message}` for `assistant/message`. */
  readonly data: unknown;
}

/** Structural view of a surface snapshot as `sessionQuery.readSurface` returns it. */
export interface SurfaceSnapshotLike {
  /** The source header. */
  readonly session: { readonly id: string; readonly cwd?: string | null; readonly version?: number };
  /** Seq of the last raw log event captured, or null for an empty log. */
  readonly capturedThroughSeq: number | null;
  /** Current surface events in model-history order. */
  readonly events: readonly SurfaceEventLike[];
}

/** A non-negative safe integer, as seqs and format versions are. */
function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * True when `value` has the shape of a surface snapshot: a header object with a string id, a
 * string, null or absent cwd and a non-negative integer or absent version, an events array, and a
 * `capturedThroughSeq` that is a non-negative integer or null. The one check of a host's read
 * result: the capture {@link captureSource} builds from a snapshot that passes it is valid by
 * construction, and nothing after it checks the capture again.
 */
export function isSurfaceSnapshot(value: unknown): value is SurfaceSnapshotLike {
  if (value === null || typeof value !== 'object') return false;
  const { session, events, capturedThroughSeq } = value as Record<string, unknown>;
  if (session === null || typeof session !== 'object') return false;
  const { id, cwd, version } = session as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    (cwd === undefined || cwd === null || typeof cwd === 'string') &&
    (version === undefined || isCount(version)) &&
    Array.isArray(events) &&
    (capturedThroughSeq === null || isCount(capturedThroughSeq))
  );
}

interface MessageLike {
  readonly content?: unknown;
  readonly source?: { readonly kind?: unknown; readonly plugin?: unknown };
}

/**
 * Recognises a compaction checkpoint from a user message's `source`. DSH hosts pass
 * `isCompactCheckpointSource` from `@deepseek-ai/dsh-compaction/checkpoint`.
 */
export type CheckpointPredicate = (source: never) => boolean;

/** The text blocks of a message joined with `\n`; other blocks are ignored. */
export function messageText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content as unknown[]) {
    if (block !== null && typeof block === 'object' && (block as { type?: unknown }).type === 'text') {
      const text = (block as { text?: unknown }).text;
      if (typeof text === 'string') parts.push(text);
    }
  }
  return parts.join('\n');
}

/**
 * Projects surface events to the kept conversation: direct user messages, compaction checkpoints
 * (as `user`, flagged) and assistant messages, with empty texts dropped. Tool traffic, reasoning,
 * non-text blocks, other plugin messages and injected session-reference context are left out.
 */
export function projectSurface(events: readonly SurfaceEventLike[], isCheckpoint: CheckpointPredicate): ProjectedMessage[] {
  const out: ProjectedMessage[] = [];
  for (const event of events) {
    let role: 'user' | 'assistant';
    let checkpoint = false;
    let message: MessageLike | undefined;
    if (event.type === 'user/message') {
      message = event.data as MessageLike;
      const source = message?.source;
      if (source === null || typeof source !== 'object' || typeof source.kind !== 'string') continue;
      if (source.kind === 'user') role = 'user';
      else if (isCheckpoint(source as never)) {
        role = 'user';
        checkpoint = true;
      } else continue;
    } else if (event.type === 'assistant/message') {
      message = (event.data as { message?: MessageLike } | undefined)?.message;
      role = 'assistant';
    } else continue;
    const text = messageText(message?.content);
    if (text.length > 0) out.push({ role, text, checkpoint });
  }
  return out;
}

/** Builds the immutable capture of one source from a single surface snapshot. */
export function captureSource(
  snapshot: SurfaceSnapshotLike,
  sessionId: string,
  label: string,
  isCheckpoint: CheckpointPredicate,
): SourceCapture {
  const version = snapshot.session.version;
  return Object.freeze({
    sessionId,
    label,
    cwd: snapshot.session.cwd ?? null,
    capturedThroughSeq: snapshot.capturedThroughSeq,
    capturedFormatVersion: version ?? 0,
    messages: Object.freeze(projectSurface(snapshot.events, isCheckpoint).map((m) => Object.freeze(m))),
  });
}
