/** Full transcripts of truncated sources, saved through the host's spill store. */
import type { SessionId } from '@deepseek-ai/dsh-session';
import type { SpillSource, SpillStore } from '@deepseek-ai/dsh-spill';
import { abortable, throwIfAborted } from '../errors.ts';
import { SAVE_FAILED, savedOutcome, STORAGE_NOT_CONFIGURED, transcriptFileName } from './assemble.ts';
import type { RetainedSource } from './assemble.ts';
import { SESSION_REFERENCE_SOURCE_KIND } from './prepare-data.ts';
import type { FullSnapshotOutcome } from './prepare-data.ts';
import { renderTranscriptAsync } from '../transcript/write.ts';

const SAVING = 'saving referenced-session transcripts';

/**
 * One outcome per retained source, in order: undefined for a source that fit its budget; for a
 * truncated one, its transcript saved in parallel into `store` owned by `targetSessionId`
 * (`saved`), `storage-not-configured` without a store, or `save-failed` when the store throws or
 * answers with something that fails `savedOutcome`'s check. An abort rejects with CANCELLED.
 */
export async function saveTranscripts(
  store: Pick<SpillStore, 'saveText'> | undefined,
  targetSessionId: string,
  retained: readonly RetainedSource[],
  signal: AbortSignal | undefined,
): Promise<(FullSnapshotOutcome | undefined)[]> {
  if (!retained.some((r) => r.stats.truncated)) return retained.map(() => undefined);
  throwIfAborted(signal, SAVING);
  const saves = retained.map(async ({ reference, capture, stats }): Promise<FullSnapshotOutcome | undefined> => {
    if (!stats.truncated) return undefined;
    if (store === undefined) return STORAGE_NOT_CONFIGURED;
    // Rendered chunk by chunk, giving the event loop back in between: a large source never holds it for the whole render.
    const content = await renderTranscriptAsync(capture);
    // rc.8's SpillSource names a tool call; a reference has none, so the record describes the cited session instead.
    const source = {
      kind: SESSION_REFERENCE_SOURCE_KIND,
      sessionId: reference.sessionId,
      label: capture.label,
    } as unknown as SpillSource;
    try {
      const saved: unknown = await store.saveText({
        owner: { sessionId: targetSessionId as SessionId },
        source,
        suggestedName: transcriptFileName(reference),
        content,
      });
      return savedOutcome(saved);
    } catch {
      return SAVE_FAILED;
    }
  });
  const outcomes = await abortable(Promise.all(saves), signal, SAVING);
  throwIfAborted(signal, SAVING);
  return outcomes;
}
