/** What a cited source must come back as, modelled apart from src: its expected fields and the projection of the items `writeSession` writes. */
import type { SessionItem } from './write-session.ts';

/** One message of a source's projected conversation (the oracle's view). */
export interface ExpectedMessage {
  role: 'user' | 'assistant';
  text: string;
  checkpoint: boolean;
}

/** What one cited source must come back as, in normalised order. */
export interface ExpectedSource {
  sessionId: string;
  label: string;
  cwd: string | null;
  capturedThroughSeq: number | null;
  /** Defaults to the host's `SESSION_FORMAT_VERSION`. */
  capturedFormatVersion?: number;
  /** The full projected conversation, in surface order. */
  messages: readonly ExpectedMessage[];
}

/** One `spillStore.saveText` call observed during the checked `prepare`. */
export interface SavedTranscript {
  ownerSessionId: string;
  sessionId: string;
  label: string;
  suggestedName: string;
  content: string;
  /** What the store returned (absent when the save rejected). */
  ref?: { locator: string; bytes: number; retrievalHint: string };
}

/**
 * Independent model of the surface projection (user, checkpoint and assistant texts kept; everything else dropped) of the items `writeSession` writes:
 * user text and assistant text kept, checkpoints kept and flagged, everything else dropped,
 * compaction replacing the surface range it names, empty texts dropped.
 */
export function projectItems(items: readonly SessionItem[]): ExpectedMessage[] {
  type Node = ExpectedMessage & { kept: boolean };
  const nodes: Node[] = [];
  const resolve = (index: number) => (index < 0 ? nodes.length + index : index);
  for (const item of items) {
    switch (item.kind) {
      case 'user':
        nodes.push({ role: 'user', text: item.text, checkpoint: false, kept: true });
        break;
      case 'assistant':
        nodes.push({ role: 'assistant', text: item.text ?? '', checkpoint: false, kept: true });
        break;
      case 'tool':
        nodes.push({ role: 'assistant', text: item.text ?? '', checkpoint: false, kept: true });
        nodes.push({ role: 'user', text: item.result, checkpoint: false, kept: false });
        break;
      case 'plugin':
      case 'reference':
        nodes.push({ role: 'user', text: item.text, checkpoint: false, kept: false });
        break;
      case 'compaction': {
        const first = resolve(item.first ?? 0);
        const last = resolve(item.last ?? -1);
        nodes.splice(first, last - first + 1, { role: 'user', text: item.summary, checkpoint: true, kept: true });
        break;
      }
    }
  }
  return nodes.filter((n) => n.kept && n.text !== '').map(({ role, text, checkpoint }) => ({ role, text, checkpoint }));
}
