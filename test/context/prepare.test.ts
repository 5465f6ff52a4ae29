/** Prepare over sessions read from disk: a copy of the content, each distinct source read once and projected, one frozen context message, and its typed failures. */
import { describe, expect, it, vi } from 'vitest';
import { SessionReferenceError } from '../../src/index.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import { writeSession } from '../support/host.ts';
import type { SessionItem } from '../support/host.ts';
import { mountResolver as mount, useHostPool } from '../support/host-pool.ts';
import { agent, codeOf } from '../support/outcomes.ts';
import { ENTRY_KEYS } from '../support/prepared-check.ts';

const pool = useHostPool('dsh-sref-prepare-', { agentLoop: false });
const boot = pool.boot;

function contextPayload(text: string): unknown[] {
  const open = '<referenced-sessions>\n';
  const start = text.indexOf(open) + open.length;
  const end = text.indexOf('\n</referenced-sessions>');
  return JSON.parse(text.slice(start, end)) as unknown[];
}

describe('prepare', () => {
  const items: SessionItem[] = [
    { kind: 'user', text: 'What is the plan?' },
    { kind: 'assistant', reasoning: 'hidden', text: 'Build the <thing>.' },
    { kind: 'tool', name: 'read', result: 'tool output', text: 'reading' },
    { kind: 'plugin', plugin: 'watcher', text: 'file changed' },
    { kind: 'reference', text: 'nested recall' },
    { kind: 'assistant', text: 'done' },
  ];

  it('with no references returns a copy of the content and reads nothing', async () => {
    const host = await boot();
    const service = await mount(host);
    const read = vi.spyOn(host.ctx.sessionQuery, 'readSurface');
    const content = [{ type: 'text' as const, text: 'hi' }];
    const result = await service.prepare(agent(), content, []);
    expect(result).toEqual({ content });
    expect(result.content).not.toBe(content);
    expect(result.content[0]).not.toBe(content[0]);
    expect(read).not.toHaveBeenCalled();
  });

  it('reads each distinct source once from disk, projects it, and renders one frozen context message', async () => {
    const root = pool.path('disk');
    const writer = await boot({ root });
    await writeSession(writer, { id: 'src-a', cwd: '/w/a', items });
    await writeSession(writer, { id: 'src-b', items: [{ kind: 'user', text: 'b says hi' }] });
    await writer.dispose();

    const host = await boot({ root });
    const service = await mount(host);
    const read = vi.spyOn(host.ctx.sessionQuery, 'readSurface');
    const content = [{ type: 'text' as const, text: 'see @A and @b' }];
    const result = await service.prepare(agent(), content, [
      { sessionId: 'src-a', label: 'A' },
      { sessionId: 'src-b' },
      { sessionId: 'src-a', label: 'ignored' },
    ]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(result.content).toEqual(content);
    const message = result.additionalContext!;
    expect(message.role).toBe('user');
    expect(Object.isFrozen(message)).toBe(true);
    expect(message.content).toHaveLength(1);
    const text = (message.content[0] as { text: string }).text;
    expect(text.startsWith('## Referenced sessions\n\n')).toBe(true);
    expect(text.endsWith('</referenced-sessions>')).toBe(true);
    expect(text).not.toContain('## Reference omissions');
    const payload = contextPayload(text) as {
      sessionId: string;
      label: string;
      cwd: string | null;
      capturedThroughSeq: number;
      conversation: unknown[];
    }[];
    expect(payload.map((p) => [p.sessionId, p.label, p.cwd])).toEqual([
      ['src-a', 'A', '/w/a'],
      ['src-b', 'src-b', null],
    ]);
    expect(Object.keys(payload[0]!)).toEqual(['sessionId', 'label', 'cwd', 'capturedThroughSeq', 'conversation']);
    expect(payload[0]!.conversation).toEqual([
      { role: 'user', text: 'What is the plan?' },
      { role: 'assistant', text: 'Build the <thing>.' },
      { role: 'assistant', text: 'reading' },
      { role: 'assistant', text: 'done' },
    ]);
    expect(text).toContain('Build the \\u003cthing>.');
    const source = message.source as unknown as SessionReferenceSource;
    expect(source.kind).toBe('session-reference');
    expect(source.form).toBe('recall');
    expect(source.version).toBe(1);
    expect(source.references).toEqual([
      expect.objectContaining({
        sessionId: 'src-a',
        label: 'A',
        capturedFormatVersion: 0,
        compacted: false,
        originalMessages: 4,
        retainedMessages: 4,
        omittedMessages: 0,
        omittedBytes: 0,
        truncated: false,
        inputIndex: 0,
        budgetBytes: 65_536,
      }),
      expect.objectContaining({ sessionId: 'src-b', label: 'src-b', inputIndex: 1, originalMessages: 1 }),
    ]);
    expect(source.references[0]!.capturedThroughSeq).toBe(payload[0]!.capturedThroughSeq);
    expect(Object.keys(source.references[0]!)).toEqual(ENTRY_KEYS);
  });

  it('flags a compacted source and keeps the checkpoint plus what followed', async () => {
    const host = await boot();
    await writeSession(host, {
      id: 'compacted',
      items: [
        { kind: 'user', text: 'old question' },
        { kind: 'assistant', text: 'old answer' },
        { kind: 'compaction', summary: 'summary of old', first: 0, last: 1 },
        { kind: 'user', text: 'new question' },
      ],
    });
    const service = await mount(host);
    const result = await service.prepare(agent(), [], [{ sessionId: 'compacted' }]);
    const text = (result.additionalContext!.content[0] as { text: string }).text;
    const [preview] = contextPayload(text) as { conversation: unknown[] }[];
    expect(preview!.conversation).toEqual([
      { role: 'user', text: 'summary of old' },
      { role: 'user', text: 'new question' },
    ]);
    const source = result.additionalContext!.source as unknown as SessionReferenceSource;
    expect(source.references[0]!.compacted).toBe(true);
  });

  it('validates references before any read: self, too many, malformed', async () => {
    const host = await boot();
    const service = await mount(host, { maxReferences: 2 });
    const read = vi.spyOn(host.ctx.sessionQuery, 'readSurface');
    expect(await codeOf(service.prepare(agent('me'), [], [{ sessionId: 'me' }]))).toBe('SESSION_REFERENCE_SELF_REFERENCE');
    expect(await codeOf(service.prepare(agent('me'), [], [{ sessionId: 'a' }, { sessionId: 'b' }, { sessionId: 'c' }]))).toBe(
      'SESSION_REFERENCE_TOO_MANY',
    );
    expect(await codeOf(service.prepare(agent('me'), [], [{ sessionId: 5 }]))).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(await codeOf(service.prepare(agent('me'), [], [null]))).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(read).not.toHaveBeenCalled();
  });

  it('a missing source fails with READ_FAILED naming the session and the cause', async () => {
    const host = await boot();
    const service = await mount(host);
    const error = await service.prepare(agent(), [], [{ sessionId: 'nope' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_READ_FAILED');
    expect((error as Error).message).toContain('"nope"');
    expect((error as Error).cause).toBeDefined();
  });

  it('fails the whole prepare with BUDGET_EXCEEDED when a source cannot fit, saving nothing', async () => {
    const host = await boot({ spillRoot: pool.path('spill-budget') });
    await writeSession(host, { id: 'src', items: [{ kind: 'user', text: 'x'.repeat(1000) }] });
    const service = await mount(host, { maxReferenceBytes: 20 });
    const save = vi.spyOn(host.ctx.spillStore, 'saveText');
    expect(await codeOf(service.prepare(agent(), [], [{ sessionId: 'src' }]))).toBe('SESSION_REFERENCE_BUDGET_EXCEEDED');
    expect(save).not.toHaveBeenCalled();
  });

  it('an aborted signal cancels before any read, and an abort during a read reports CANCELLED', async () => {
    const host = await boot();
    await writeSession(host, { id: 'src', items: [{ kind: 'user', text: 'hi' }] });
    const service = await mount(host, { maxReferenceBytes: 10_000 });
    const read = vi.spyOn(host.ctx.sessionQuery, 'readSurface');
    const aborted = AbortSignal.abort(new Error('stop'));
    const error = await service.prepare(agent(), [], [{ sessionId: 'src' }], aborted).catch((e: unknown) => e);
    expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_CANCELLED');
    expect((error as Error).cause).toBe(aborted.reason);
    expect(read).not.toHaveBeenCalled();

    const controller = new AbortController();
    read.mockImplementation(
      () =>
        new Promise((_, reject) => {
          setTimeout(() => {
            reject(new Error('late failure'));
          }, 20);
        }),
    );
    const pending = service.prepare(agent(), [], [{ sessionId: 'src' }], controller.signal);
    setTimeout(() => {
      controller.abort(new Error('user'));
    }, 5);
    expect(await codeOf(pending)).toBe('SESSION_REFERENCE_CANCELLED');
  });

  it('a read that fails after an abort reports CANCELLED, not READ_FAILED', async () => {
    const host = await boot();
    const service = await mount(host, { maxReferenceBytes: 10_000 });
    const controller = new AbortController();
    vi.spyOn(host.ctx.sessionQuery, 'readSurface').mockImplementation(() => {
      controller.abort(new Error('user'));
      return Promise.reject(new Error('disk gone'));
    });
    expect(await codeOf(service.prepare(agent(), [], [{ sessionId: 'x' }], controller.signal))).toBe('SESSION_REFERENCE_CANCELLED');
  });
});
