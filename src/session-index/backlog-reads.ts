/** One step of the backlog: reading a few stored sessions in parallel and writing their texts, small ones in one transaction, a long one in parts. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from '@deepseek-ai/cordis';
import type { TitleBackfillMode } from '../config.ts';
import { describeThrown } from '../errors.ts';
import type { CatalogEntry } from './catalog.ts';
import type { IndexHandle } from './handle.ts';
import type { Placement, SessionTexts } from './session-index.ts';
import { readStoredSession } from './session-texts.ts';
import { cleanTitle } from '../mentions/label-text.ts';

/** Text written per transaction (one session at least): a few ms of trigram indexing. */
export const SLICE_CHARS = 32_768;

/** What a step needs from the background it runs in. */
export interface ReadStep {
  readonly ctx: Context;
  readonly handle: IndexHandle;
  readonly redactSecrets: boolean;
  readonly titleBackfill: TitleBackfillMode;
  readonly signal: AbortSignal;
  /** The revision the last listing gave a session's log. */
  revisionOf(id: string): string | undefined;
  /** The oldest session whose texts are indexed: older ones go below it in rowid order, the others above. */
  oldestIndexed: number;
  /** Why reading a session failed, by id. */
  readonly failures: Map<string, string>;
}

function placementOf(step: ReadStep, doc: SessionTexts): Placement {
  return doc.header.createdAt < step.oldestIndexed ? 'older' : 'newer';
}

/**
 * Writes one session's texts whole, in parts of {@link SLICE_CHARS} with the event loop given back between them,
 * until they land, turn out stale or superseded, or `stopped()`; false when a write was held back (a lock, failing
 * writes), for the caller to try again later.
 */
export async function writeInParts(handle: IndexHandle, doc: SessionTexts, placement: Placement, stopped: () => boolean): Promise<boolean> {
  const parts = handle.guard((index) => index.replaceTexts(doc, placement, SLICE_CHARS));
  if (!parts.ok) return false;
  for (;;) {
    const part = handle.guard(() => parts.value.next());
    if (!part.ok) return false;
    if (part.value.done === true) return true;
    await nextTurn();
    if (stopped()) return true;
  }
}

/**
 * Reads `entries` in parallel (each once, see {@link readStoredSession}) and writes their texts,
 * with the title found in the log when `titleBackfill` allows; a session whose read fails is marked
 * failed at its revision. Small sessions go in one transaction per placement; a long one in parts
 * of {@link SLICE_CHARS}, with the event loop given back between parts.
 */
export async function readAndWrite(step: ReadStep, entries: readonly CatalogEntry[], stopped: () => boolean): Promise<void> {
  const readings = await Promise.allSettled(entries.map((entry) => readStoredSession(step.ctx, entry, step.redactSecrets, step.signal)));
  if (stopped()) return;
  const small = new Map<Placement, SessionTexts[]>();
  const large: SessionTexts[] = [];
  readings.forEach((result, i) => {
    const entry = entries[i];
    if (entry === undefined) return;
    if (result.status === 'rejected' || result.value.header.createdAt !== entry.createdAt) {
      step.failures.set(entry.id, result.status === 'rejected' ? describeThrown(result.reason) : 'its header changed while it was read');
      step.handle.guard((index) => {
        index.markFailed(entry, step.revisionOf(entry.id));
      });
      return;
    }
    step.failures.delete(entry.id);
    const { seq, texts, title } = result.value;
    const at = {
      seq,
      revision: step.revisionOf(entry.id),
      raw: !step.redactSecrets,
      ...(step.titleBackfill === 'background' && title !== undefined ? { title: cleanTitle(title, step.redactSecrets) } : {}),
    };
    const doc: SessionTexts = { header: entry, texts, at };
    if (texts.reduce((sum, text) => sum + text.length, 0) > SLICE_CHARS) large.push(doc);
    else small.set(placementOf(step, doc), [...(small.get(placementOf(step, doc)) ?? []), doc]);
  });
  for (const [placement, docs] of small) step.handle.guard((index) => index.writeBatch(docs, placement));
  for (const doc of large) {
    await writeInParts(step.handle, doc, placementOf(step, doc), stopped);
    if (stopped()) return;
  }
  for (const docs of [...small.values(), large])
    for (const doc of docs) step.oldestIndexed = Math.min(step.oldestIndexed, doc.header.createdAt);
}
