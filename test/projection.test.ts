import type { SessionEvent } from '@deepseek-ai/dsh-session';
import type { SessionSurfaceSnapshot } from '@deepseek-ai/dsh-session-query';
import { describe, expect, it } from 'vitest';
import { captureSource, projectSurface } from '../src/context/projection.ts';

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
