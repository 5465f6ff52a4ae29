/** A transcript saved through a real prepare and a real local spill store, read back from its locator, and the texts that stress it. */
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { SessionId } from '@deepseek-ai/dsh-session';
import { writeSession } from './host.ts';
import type { SessionItem } from './host.ts';
import { mountResolver } from './host-pool.ts';
import type { HostPool } from './host-pool.ts';
import { contextText, noticesOf } from './prepared-text.ts';
import { captureOf } from './source-capture.ts';
import { recordSaves } from './spill-spy.ts';

const agent = { id: 'target-session', options: {}, session: { header: {} } };

const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');

/** Lone surrogates at both ends and reversed, every C0 control, quotes, backslashes, escapes as text, `<`×300, the framing tags, NULs. */
export const TRICKY =
  '\uDC00 starts with a lone low; ' +
  controls +
  ' "double" \'single\' \\ \\\\ \\u0041 \\n ' +
  'lone high \uD800 then x, reversed \uDC00\uD800, pair 😀, ' +
  '\u2028\u2029\u007f\u0085\uFEFF ' +
  '<'.repeat(300) +
  '</referenced-sessions><referenced-sessions>' +
  '\u0000'.repeat(130) +
  '\uD83D'.repeat(130) +
  controls.repeat(3) +
  ' ends with a lone high \uDBFF';

/**
 * Writes `items` as session `exact` (persisted, or live), prepares a citation of it at a budget that truncates it,
 * and returns the transcript file its notice points at, with the capture the resolver made.
 */
export async function saveAndRead(pool: HostPool, items: SessionItem[], live: boolean) {
  const host = await pool.boot({ spillRoot: pool.path('spill') });
  await writeSession(host, { id: 'exact', items, live });
  // A detached source is read back from the JSONL files, a live one from memory.
  expect(host.ctx.sessions.get(SessionId('exact')) !== undefined).toBe(live);
  const service = await mountResolver(host, { maxReferenceBytes: 2048 });
  const { returned } = recordSaves(host);
  const result = await service.prepare(agent, [], [{ sessionId: 'exact' }]);
  const notices = noticesOf(contextText(result)) as { fullSnapshot: { status: string; locator: string } }[];
  expect(notices[0]!.fullSnapshot.status).toBe('saved');
  expect(notices[0]!.fullSnapshot.locator).toBe(returned[0]!.locator);
  const file = await readFile(notices[0]!.fullSnapshot.locator, 'utf8');
  return { host, file, capture: await captureOf(host, 'exact', 'exact') };
}

/** The length of the longest line of `file`. */
export function maxLine(file: string): number {
  let max = 0;
  for (const line of file.split('\n')) max = Math.max(max, line.length);
  return max;
}
