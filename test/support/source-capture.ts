/** A source as the resolver captures it from the host, and the transcript messages expected of text-only items. */
import { SessionId } from '@deepseek-ai/dsh-session';
import { captureSource } from '../../src/context/projection.ts';
import type { SourceCapture } from '../../src/context/prepare-data.ts';
import type { Host, SessionItem } from './host.ts';

/** Text items of a source, as the projected conversation (all items here are user/assistant text). */
export function projected(items: readonly SessionItem[]): { index: number; role: string; text: string }[] {
  return items.map((item, i) => {
    if (item.kind !== 'user' && item.kind !== 'assistant') throw new Error('text items only');
    return { index: i + 1, role: item.kind, text: item.text ?? '' };
  });
}

/** The capture of `sessionId` under `label`, read from the host's query the way the resolver reads it. */
export async function captureOf(host: Host, sessionId: string, label: string): Promise<SourceCapture> {
  return captureSource(await host.ctx.sessionQuery.readSurface(SessionId(sessionId)), sessionId, label);
}
