/** The pure steps of `prepare` after the reads: per-source retention, spill outcomes and the assembled context. */
import { renderReferencedSessions } from './render.ts';
import { retainReference } from './retention.ts';
import { SESSION_REFERENCE_SOURCE_KIND } from './prepare-data.ts';
import type { FullSnapshotOutcome, OmissionNotice, RetentionResult, SourceCapture } from './prepare-data.ts';
import type { NormalizedReference } from '../mentions/normalize.ts';
import type { FocusQuery } from './terms.ts';
import type { SessionReferenceSource } from '../types.ts';
import { itemAt } from './item-at.ts';

/** One source as retention left it: what was captured and what the model sees of it. */
export interface RetainedSource extends RetentionResult {
  /** The normalised reference. */
  reference: NormalizedReference;
  /** The capture every other field was built from. */
  capture: SourceCapture;
}

/** The context of one message as the model gets it: its text and its `source` record. */
export interface AssembledContext {
  /** The rendered context text the model sees. */
  text: string;
  /** The context message's `source` record. */
  source: SessionReferenceSource;
}

/**
 * Retains every capture under the same per-source budget; throws BUDGET_EXCEEDED when one cannot
 * fit. Without `focus` every source is retained newest first; with it, focused on that query.
 */
export function retainSources(
  references: readonly NormalizedReference[],
  captures: readonly SourceCapture[],
  budget: number,
  focus?: FocusQuery,
): RetainedSource[] {
  return captures.map((capture, i) => ({ reference: itemAt(references, i), capture, ...retainReference(capture, budget, focus) }));
}

/** The outcome when no spill store is mounted. */
export const STORAGE_NOT_CONFIGURED: FullSnapshotOutcome = Object.freeze({ status: 'unavailable', reason: 'storage-not-configured' });

/** The outcome when the store rejected the save (the error itself is not shown to the model). */
export const SAVE_FAILED: FullSnapshotOutcome = Object.freeze({ status: 'unavailable', reason: 'save-failed' });

/** The longest `locator` or `retrievalHint` published to the model. */
const SPILL_FIELD_LIMIT = 4096;

/** Characters a published locator or hint may not hold: C0, DEL, C1 and the bidi embeddings, overrides and isolates. */
const UNPUBLISHABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function isPublishable(field: unknown): field is string {
  return typeof field === 'string' && field.length > 0 && field.length <= SPILL_FIELD_LIMIT && !UNPUBLISHABLE.test(field);
}

/**
 * The outcome for what a store's save resolved with: its locator, size and retrieval hint,
 * verbatim, when `bytes` is a non-negative safe integer and `locator` and `retrievalHint` are
 * non-empty strings of at most {@link SPILL_FIELD_LIMIT} characters with no control or bidi
 * character; else {@link SAVE_FAILED}, and nothing of the answer is kept. Each field is read once.
 */
export function savedOutcome(saved: unknown): FullSnapshotOutcome {
  if (saved === null || typeof saved !== 'object') return SAVE_FAILED;
  const { locator, bytes, retrievalHint } = saved as Record<string, unknown>;
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0) return SAVE_FAILED;
  if (!isPublishable(locator) || !isPublishable(retrievalHint)) return SAVE_FAILED;
  return { status: 'saved', locator, bytes, retrievalHint };
}

/** The spill file name a source's full transcript is saved under. */
export function transcriptFileName(reference: NormalizedReference): string {
  return `session-reference-${reference.inputIndex + 1}.txt`;
}

/**
 * Assembles the context of one message from its retained sources and the outcomes of their
 * transcript saves (index-aligned; undefined for a source that was not truncated): the `source`
 * record, and the rendered text with the notices of the truncated sources.
 */
export function assembleReferenceContext(
  budget: number,
  retained: readonly RetainedSource[],
  outcomes: readonly (FullSnapshotOutcome | undefined)[],
): AssembledContext {
  const notices: OmissionNotice[] = [];
  retained.forEach(({ preview, stats, omittedRanges }, i) => {
    const fullSnapshot = outcomes[i];
    if (fullSnapshot === undefined) return;
    notices.push({
      sessionId: preview.sessionId,
      capturedThroughSeq: preview.capturedThroughSeq,
      omittedMessages: stats.omittedMessages,
      omittedBytes: stats.omittedBytes,
      ...(omittedRanges === undefined ? {} : { omittedRanges }),
      fullSnapshot,
    });
  });
  const source: SessionReferenceSource = {
    kind: SESSION_REFERENCE_SOURCE_KIND,
    form: 'recall',
    version: 1,
    references: retained.map(({ reference, capture, preview, stats }) => ({
      sessionId: preview.sessionId,
      label: preview.label,
      capturedFormatVersion: capture.capturedFormatVersion,
      capturedThroughSeq: preview.capturedThroughSeq,
      ...stats,
      inputIndex: reference.inputIndex,
      redactedSecrets: capture.redactedSecrets ?? 0,
      budgetBytes: budget,
    })),
  };
  const text = renderReferencedSessions(
    retained.map((s) => s.preview),
    notices,
  );
  return { text, source };
}
