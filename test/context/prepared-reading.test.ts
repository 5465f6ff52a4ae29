/** What a prepared message shows per source, read back from the message alone: previews, sizes, statistics and where each full transcript went. */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readPreparedContext } from '../../src/context/prepared-reading.ts';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import { writeSession } from '../support/host.ts';
import { mountResolver as mount, useHostPool } from '../support/host-pool.ts';
import { contextText, noticesOf, previewsOf, sourceOf } from '../support/prepared-text.ts';

const pool = useHostPool('dsh-sref-reading-', { agentLoop: false });
const agent = { id: 'target-session', options: {}, session: { header: {} } };

describe('readPreparedContext', () => {
  it('gives nothing for a message that cites nothing', async () => {
    const host = await pool.boot({});
    const service = await mount(host, {});
    expect(readPreparedContext(await service.prepare(agent, [{ type: 'text', text: 'hi' }], []))).toBeUndefined();
  });

  it('reads each source back in order: its entry, preview, size and, for a truncated one, where its transcript went', async () => {
    const host = await pool.boot({ spillRoot: pool.path('spill') });
    await writeSession(host, {
      id: 'long',
      items: [
        { kind: 'user', text: `old <b> "quoted" ${'x'.repeat(3000)}` },
        { kind: 'assistant', text: 'latest' },
      ],
    });
    await writeSession(host, { id: 'short', items: [{ kind: 'user', text: 'hello' }] });
    const service = await mount(host, { maxReferenceBytes: 1000 });
    const prepared = await service.prepare(agent, [], [{ sessionId: 'short' }, { sessionId: 'long', label: 'L' }]);
    const read = readPreparedContext(prepared)!;
    const text = contextText(prepared);
    const previews = previewsOf(text);
    expect(read.text).toBe(text);
    expect(read.budget).toBe(1000);
    expect(read.sources.map((s) => s.entry)).toEqual(sourceOf(prepared).references);
    expect(read.sources.map((s) => s.preview)).toEqual(previews);
    expect(read.sources.map((s) => s.size)).toEqual(previews.map((p) => Buffer.byteLength(tagSafeStringify(p))));
    expect(read.sources.every((s) => s.size <= 1000)).toBe(true);
    expect(read.sources[0]!.fullSnapshot).toBeUndefined();
    expect(read.sources[1]!.entry.truncated).toBe(true);
    expect(read.sources[1]!.fullSnapshot).toEqual((noticesOf(text)![0] as { fullSnapshot: unknown }).fullSnapshot);
    expect(read.sources[1]!.fullSnapshot!.status).toBe('saved');
  });
});
