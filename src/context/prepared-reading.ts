/** Reads back, from a prepared message alone, what preparing decided per source: the previews the model sees, their sizes and where each full transcript went. */
import { REFERENCE_OMISSIONS_HEADING, REFERENCED_SESSIONS_CLOSE_TAG, REFERENCED_SESSIONS_OPEN_TAG } from './render.ts';
import { tagSafeByteLength } from './tag-safe-json.ts';
import type { FullSnapshotOutcome, OmissionNotice, ReferencePreview } from './prepare-data.ts';
import type { PreparedReferencedMessage, SessionReferenceSource, SessionReferenceSourceEntry } from '../types.ts';
import { itemAt } from './item-at.ts';

/** One cited source as its prepared message shows it. */
export interface PreparedSourceView {
  /** Its entry of the context message's `source`: capture facts, statistics, budget. */
  entry: SessionReferenceSourceEntry;
  /** Its budgeted preview, as the model reads it. */
  preview: ReferencePreview;
  /** UTF-8 bytes of the preview's tag-safe JSON; never above the budget. */
  size: number;
  /** Where its full transcript went; present exactly when the preview is truncated. */
  fullSnapshot?: FullSnapshotOutcome;
}

/** The context of a prepared message, read back from it. */
export interface PreparedContextView {
  /** The context text the model sees. */
  text: string;
  /** The per-source byte budget used. */
  budget: number;
  /** One view per distinct source, in normalised order. */
  sources: PreparedSourceView[];
}

/**
 * The context a prepared message carries, read from its public parts only (the context message's
 * text and `source`), or undefined when the message cites nothing. The message must be one this
 * package prepared: its text holds the framed previews and, when some source is truncated, the
 * omission notices, one per truncated source in order.
 */
export function readPreparedContext(prepared: PreparedReferencedMessage): PreparedContextView | undefined {
  const context = prepared.additionalContext;
  if (context === undefined) return undefined;
  const block = context.content[0];
  const text = block !== undefined && block.type === 'text' ? block.text : '';
  const entries = (context.source as unknown as SessionReferenceSource).references;
  const open = text.indexOf(`${REFERENCED_SESSIONS_OPEN_TAG}\n`) + REFERENCED_SESSIONS_OPEN_TAG.length + 1;
  const close = text.indexOf(`\n${REFERENCED_SESSIONS_CLOSE_TAG}`, open);
  const previews = JSON.parse(text.slice(open, close)) as ReferencePreview[];
  const omissions = text.indexOf(`\n\n${REFERENCE_OMISSIONS_HEADING}\n\n`, close);
  const notices: OmissionNotice[] =
    omissions < 0
      ? []
      : (JSON.parse(text.slice(text.indexOf('\n', omissions + REFERENCE_OMISSIONS_HEADING.length + 4) + 1)) as OmissionNotice[]);
  let notice = 0;
  const sources = entries.map((entry, i): PreparedSourceView => {
    const preview = itemAt(previews, i);
    const size = tagSafeByteLength(preview);
    return entry.truncated ? { entry, preview, size, fullSnapshot: itemAt(notices, notice++).fullSnapshot } : { entry, preview, size };
  });
  return { text, budget: entries[0]?.budgetBytes ?? 0, sources };
}
