/** The captures `prepare` works from: each cited session read once through `sessionQuery`, projected, then redacted. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionQueryEngine, SessionSurfaceSnapshot } from '@deepseek-ai/dsh-session-query';
import { abortable, cancelledError, isSessionReferenceError, quoteText, readFailed } from '../errors.ts';
import { captureSource, isSurfaceSnapshot } from './projection.ts';
import { redactCaptures } from '../redaction/captures.ts';
import { cleanLabel, labelWindow } from '../mentions/label-text.ts';
import type { NormalizedReference } from '../mentions/normalize.ts';
import type { SourceCapture } from './prepare-data.ts';
import { itemAt } from './item-at.ts';

/**
 * One capture per reference, in order: all sources read in parallel, a malformed surface or any
 * rejection becoming READ_FAILED (with the host's value as `cause`), then projected, then, when
 * `redactSecrets` is on, every label (its scan window) and text scanned once; last, each label is
 * cleaned as untrusted text. An abort rejects with CANCELLED.
 */
export async function captureSources(
  sessionQuery: Pick<SessionQueryEngine, 'readSurface'>,
  references: readonly NormalizedReference[],
  redactSecrets: boolean,
  signal: AbortSignal | undefined,
): Promise<SourceCapture[]> {
  const snapshots = await readSources(sessionQuery, references, signal);
  // The event loop gets a turn after the host's read, after the projection and before the scan, so no two of them hold it as one block.
  await nextTurn();
  const captures = snapshots.map((snapshot, i) => {
    const { sessionId, label } = itemAt(references, i);
    try {
      return captureSource(snapshot, sessionId, labelWindow(label));
    } catch (error) {
      throw readFailed(`could not read referenced session ${quoteText(sessionId)}`, error);
    }
  });
  if (!redactSecrets) return captures.map((capture) => withCleanLabel(capture, false));
  await nextTurn();
  try {
    const redacted = await redactCaptures(captures, { enabled: true, ...(signal ? { signal } : {}) });
    return redacted.map((capture) => withCleanLabel(capture, true));
  } catch (error) {
    if (signal?.aborted) throw cancelledError(signal, 'redacting referenced sessions');
    throw error;
  }
}

/** `capture` with its label cleaned as untrusted text; the same capture when that changes nothing. */
function withCleanLabel(capture: SourceCapture, redact: boolean): SourceCapture {
  const label = cleanLabel(capture.label, { redact });
  return label === capture.label ? capture : Object.freeze({ ...capture, label });
}

async function readSources(
  sessionQuery: Pick<SessionQueryEngine, 'readSurface'>,
  references: readonly NormalizedReference[],
  signal: AbortSignal | undefined,
): Promise<SessionSurfaceSnapshot[]> {
  const reads = references.map(async ({ sessionId }) => {
    try {
      const snapshot: unknown = await sessionQuery.readSurface(sessionId as SessionId);
      if (!isSurfaceSnapshot(snapshot)) throw new TypeError('the session query returned a malformed surface');
      return snapshot;
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal, `reading session ${quoteText(sessionId)}`);
      throw readFailed(`could not read referenced session ${quoteText(sessionId)}`, error);
    }
  });
  try {
    return await abortable(Promise.all(reads), signal, 'reading referenced sessions');
  } catch (error) {
    if (signal?.aborted && !isSessionReferenceError(error, 'SESSION_REFERENCE_CANCELLED'))
      throw cancelledError(signal, 'reading referenced sessions');
    throw error;
  }
}
