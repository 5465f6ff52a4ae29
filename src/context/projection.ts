/** Projection of a source session's current surface, as `sessionQuery.readSurface` returns it, into the plain conversation a snapshot carries. */
import { isCompactCheckpointSource } from '@deepseek-ai/dsh-compaction/checkpoint';
import type { MessageSource } from '@deepseek-ai/dsh-llm';
import type { SessionEvent } from '@deepseek-ai/dsh-session';
import type { SessionSurfaceSnapshot } from '@deepseek-ai/dsh-session-query';
import type { ProjectedMessage, SourceCapture } from './prepare-data.ts';
import { isSeq } from '../transcript/layout.ts';

/**
 * True when a host's read result has the shape of a surface snapshot: a header object with a
 * string id, a string, null or absent cwd and a non-negative integer or absent version, an events
 * array, and a `capturedThroughSeq` that is a non-negative integer or null. The one check of what
 * the host returned: the capture {@link captureSource} builds from a snapshot that passes it is
 * valid by construction.
 */
export function isSurfaceSnapshot(value: unknown): value is SessionSurfaceSnapshot {
  if (value === null || typeof value !== 'object') return false;
  const { session, events, capturedThroughSeq } = value as Record<string, unknown>;
  if (session === null || typeof session !== 'object') return false;
  const { id, cwd, version } = session as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    (cwd === undefined || cwd === null || typeof cwd === 'string') &&
    (version === undefined || isSeq(version)) &&
    Array.isArray(events) &&
    (capturedThroughSeq === null || isSeq(capturedThroughSeq))
  );
}

/** The parts of a logged message projection reads; a host's event data is read defensively. */
interface LoggedMessage {
  readonly content?: unknown;
  readonly source?: MessageSource;
}

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

/** A user message's role in the projection: a direct user message, a compaction checkpoint, or neither. */
function userRole(source: unknown): 'user' | 'checkpoint' | undefined {
  if (source === null || typeof source !== 'object' || typeof (source as { kind?: unknown }).kind !== 'string') return undefined;
  if ((source as MessageSource).kind === 'user') return 'user';
  return isCompactCheckpointSource(source as MessageSource) ? 'checkpoint' : undefined;
}

/**
 * Projects surface events to the kept conversation: direct user messages, compaction checkpoints
 * (as `user`, flagged) and assistant messages, with empty texts dropped. Tool traffic, reasoning,
 * non-text blocks, other plugin messages and injected session-reference context are left out.
 */
export function projectSurface(events: readonly SessionEvent[]): ProjectedMessage[] {
  const out: ProjectedMessage[] = [];
  for (const event of events) {
    let message: LoggedMessage | undefined;
    let role: 'user' | 'assistant';
    let checkpoint = false;
    if (event.type === 'user/message') {
      const data = event.data as LoggedMessage | undefined; // a log written by another build may lack it
      message = data;
      const kind = userRole(data?.source);
      if (kind === undefined) continue;
      role = 'user';
      checkpoint = kind === 'checkpoint';
    } else if (event.type === 'assistant/message') {
      message = (event.data as { message?: LoggedMessage } | undefined)?.message;
      role = 'assistant';
    } else continue;
    const text = messageText(message?.content);
    if (text.length > 0) out.push({ role, text, checkpoint });
  }
  return out;
}

/** Builds the immutable capture of one source from a single surface snapshot. */
export function captureSource(snapshot: SessionSurfaceSnapshot, sessionId: string, label: string): SourceCapture {
  const version = snapshot.session.version as number | undefined;
  const messages = projectSurface(snapshot.events);
  for (const message of messages) Object.freeze(message);
  return Object.freeze({
    sessionId,
    label,
    cwd: snapshot.session.cwd ?? null,
    capturedThroughSeq: snapshot.capturedThroughSeq,
    capturedFormatVersion: version ?? 0,
    messages: Object.freeze(messages),
  });
}
