/** Capturing a source: its surface projected to the conversation the model sees, header facts frozen with it, and a capture that stays as it was when the live source moves on. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import type { SessionEvent } from '@deepseek-ai/dsh-session';
import type { SessionSurfaceSnapshot } from '@deepseek-ai/dsh-session-query';
import type { SpillRef } from '@deepseek-ai/dsh-spill';
import { captureSource, projectSurface } from '../../src/context/projection.ts';
import { readTranscript } from '../../src/index.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import { writeSession } from '../support/host.ts';
import type { SessionItem } from '../support/host.ts';
import { mountResolver as mount, useHostPool } from '../support/host-pool.ts';
import { contextText, noticesOf, previewsOf, sourceOf } from '../support/prepared-text.ts';
import { captureOf, projected } from '../support/source-capture.ts';
import { wrapSave } from '../support/spill-spy.ts';

const pool = useHostPool('dsh-sref-capture-', { agentLoop: false });
const boot = pool.boot;

const agent = { id: 'target-session', options: {}, session: { header: {} } };
const long = (seed: string, n: number) => `${seed} ${'lorem ipsum <dolor> "sit" amet\\ '.repeat(n)}`;

/** Test fixtures carry only the fields projection reads. */
const asEvents = (events: unknown[]): SessionEvent[] => events as SessionEvent[];
const asSnapshot = (snapshot: unknown): SessionSurfaceSnapshot => snapshot as SessionSurfaceSnapshot;

const text = (t: string) => ({ type: 'text', text: t });
const user = (content: unknown[], source: unknown = { kind: 'user' }) => ({
  type: 'user/message',
  data: { id: 'x', role: 'user', content, source },
});
const assistant = (content: unknown[]) => ({
  type: 'assistant/message',
  data: { turn: 1, step: 1, message: { id: 'y', role: 'assistant', content, source: { kind: 'model', provider: 'p', model: 'm' } } },
});

describe('projectSurface', () => {
  it('keeps direct user text, checkpoints and assistant text; drops everything else', () => {
    const events = [
      { type: 'system/message', data: {} },
      user([text('hello'), { type: 'image', data: 'x' }, text('world')]),
      assistant([{ type: 'reasoning', text: 'thinking' }, text('answer'), { type: 'tool-call', name: 'x' }]),
      {
        type: 'tool/result',
        data: {
          message: { role: 'user', content: [{ type: 'tool-result', content: [text('tool out')] }], source: { kind: 'tool', callId: 'c' } },
        },
      },
      user([text('file changed')], { kind: 'plugin', plugin: 'watcher' }),
      user([text('## Referenced sessions …')], { kind: 'session-reference', form: 'recall', version: 1, references: [] }),
      user([text('summary so far')], { kind: 'plugin', plugin: 'compact', compactionId: 'c1' }),
      user([text('')]),
      assistant([{ type: 'reasoning', text: 'only reasoning' }]),
    ];
    expect(projectSurface(asEvents(events))).toEqual([
      { role: 'user', text: 'hello\nworld', checkpoint: false },
      { role: 'assistant', text: 'answer', checkpoint: false },
      { role: 'user', text: 'summary so far', checkpoint: true },
    ]);
  });

  it('captures header facts and freezes the capture', () => {
    const capture = captureSource(
      asSnapshot({ session: { id: 's', cwd: '/w', version: 0 }, capturedThroughSeq: 7, events: [user([text('hi')])] }),
      's',
      'S',
    );
    expect(capture).toEqual({
      sessionId: 's',
      label: 'S',
      cwd: '/w',
      capturedThroughSeq: 7,
      capturedFormatVersion: 0,
      messages: [{ role: 'user', text: 'hi', checkpoint: false }],
    });
    expect(Object.isFrozen(capture)).toBe(true);
    expect(Object.isFrozen(capture.messages)).toBe(true);
  });

  it('uses null cwd and version 0 when the header has neither', () => {
    const capture = captureSource(asSnapshot({ session: { id: 's' }, capturedThroughSeq: null, events: [] }), 's', 's');
    expect(capture.cwd).toBeNull();
    expect(capture.capturedFormatVersion).toBe(0);
    expect(capture.capturedThroughSeq).toBeNull();
  });
});

describe('capture consistency', () => {
  it('a live source mutated during the save changes neither the transcript nor the preview', async () => {
    const host = await boot({ spillRoot: pool.path('spill') });
    const items: SessionItem[] = [
      { kind: 'user', text: long('question', 40) },
      { kind: 'assistant', text: long('answer', 10) },
      { kind: 'user', text: 'latest before capture' },
    ];
    const written = await writeSession(host, { id: 'live-src', items, live: true });
    const live = host.ctx.sessions.get(written.id)!;
    expect(live).toBeDefined();
    const service = await mount(host, { maxReferenceBytes: 350 });
    const captured = await captureOf(host, 'live-src', 'live-src');
    const saved: SpillRef[] = [];
    wrapSave(host, async (input, real) => {
      // A new turn lands in the source while the transcript is being saved.
      const turn = 3;
      live.append('turn/start', { turn });
      live.append('step/start', { turn, step: 1 });
      const late = createUserMessage({ content: [{ type: 'text', text: 'LATE message after capture' }], source: { kind: 'user' } });
      live.append('user/message', late, { surfaceOp: 'append' });
      live.append('step/end', { turn, step: 1 });
      live.append('turn/end', { turn, reason: { kind: 'completed' } });
      const ref = await real(input);
      saved.push(ref);
      return ref;
    });
    const result = await service.prepare(agent, [], [{ sessionId: 'live-src' }]);

    // The mutation really happened and is visible to a fresh read.
    expect(live.seq - 1).toBeGreaterThan(written.lastSeq);
    const after = await captureOf(host, 'live-src', 'live-src');
    expect(after.messages.at(-1)!.text).toBe('LATE message after capture');

    const text = contextText(result);
    const [preview] = previewsOf(text);
    expect(preview!.capturedThroughSeq).toBe(written.lastSeq);
    expect(preview!.conversation.map((m) => m.text)).not.toContain('LATE message after capture');
    expect(preview!.conversation.at(-1)).toEqual({ role: 'user', text: 'latest before capture', message: 3 });
    expect(sourceOf(result).references[0]!.capturedThroughSeq).toBe(written.lastSeq);
    expect((noticesOf(text)![0] as { capturedThroughSeq: number }).capturedThroughSeq).toBe(written.lastSeq);

    const file = await readFile(saved[0]!.locator, 'utf8');
    expect(file).toBe(renderTranscript(captured));
    const parsed = readTranscript(file);
    expect(parsed.capture.capturedThroughSeq).toBe(written.lastSeq);
    expect(parsed.messages).toEqual(projected(items));
  });
});
