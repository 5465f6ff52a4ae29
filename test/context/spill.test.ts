/** Full transcripts of truncated sources in the spill store: which sources are saved and how, the notice of each outcome, and cancellation around a save. */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SpillRef } from '@deepseek-ai/dsh-spill';
import { sessionDir } from '@deepseek-ai/dsh-spill-local';
import { SessionReferenceError, readTranscript } from '../../src/index.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import type { PreparedReferencedMessage } from '../../src/types.ts';
import { writeSession } from '../support/host.ts';
import type { SessionItem } from '../support/host.ts';
import { mountResolver as mount, useHostPool } from '../support/host-pool.ts';
import { contextText, noticesOf, previewsOf, sourceOf } from '../support/prepared-text.ts';
import { captureOf, projected } from '../support/source-capture.ts';
import { recordSaves, wrapSave } from '../support/spill-spy.ts';
import { codeOf } from '../support/outcomes.ts';

const pool = useHostPool('dsh-sref-spill-', { agentLoop: false });
const boot = pool.boot;

const TARGET = 'target-session';
const agent = { id: TARGET, options: {}, session: { header: {} } };

/** A fresh spill root path (not created: the store creates it on first save). */
const spillRoot = (): string => pool.path('spill');

const long = (seed: string, n: number) => `${seed} ${'lorem ipsum <dolor> "sit" amet\\ '.repeat(n)}`;

describe('which references are saved', () => {
  it('intact references are not saved and produce no omissions section', async () => {
    const root = spillRoot();
    const host = await boot({ spillRoot: root });
    await writeSession(host, {
      id: 'small-1',
      items: [
        { kind: 'user', text: 'short question' },
        { kind: 'assistant', text: 'short answer' },
      ],
    });
    await writeSession(host, { id: 'small-2', items: [{ kind: 'user', text: 'hello' }] });
    const service = await mount(host, { maxReferenceBytes: 4096 });
    const { spy } = recordSaves(host);
    const result = await service.prepare(agent, [], [{ sessionId: 'small-1' }, { sessionId: 'small-2' }]);
    const text = contextText(result);
    expect(spy).not.toHaveBeenCalled();
    expect(text).not.toContain('## Reference omissions');
    expect(noticesOf(text)).toBeUndefined();
    expect(text.endsWith('</referenced-sessions>')).toBe(true);
    expect(sourceOf(result).references.map((r) => r.truncated)).toEqual([false, false]);
    expect(existsSync(root)).toBe(false); // not a single file (nor the root) was created
  });

  it('three sources with the middle one intact: saves -1 and -3 with distinct locators, owner and source as specified', async () => {
    const root = spillRoot();
    const host = await boot({ spillRoot: root });
    const items1: SessionItem[] = [
      { kind: 'user', text: long('first old', 40) },
      { kind: 'assistant', text: long('first answer', 30) },
      { kind: 'user', text: 'first latest' },
    ];
    const items2: SessionItem[] = [{ kind: 'user', text: 'middle is small' }];
    const items3: SessionItem[] = [
      { kind: 'user', text: 'third old question' },
      { kind: 'assistant', text: long('third answer', 50) },
      { kind: 'user', text: long('third latest', 20) },
    ];
    const w1 = await writeSession(host, { id: 'src-1', cwd: '/w/one', items: items1 });
    await writeSession(host, { id: 'src-2', items: items2 });
    const w3 = await writeSession(host, { id: 'src-3', items: items3 });
    const service = await mount(host, { maxReferenceBytes: 400 });
    const { spy, returned } = recordSaves(host);

    const refs = [{ sessionId: 'src-1', label: 'One <1>' }, { sessionId: 'src-2' }, { sessionId: 'src-3' }];
    const result = await service.prepare(agent, [{ type: 'text', text: 'see @One @src-2 @src-3' }], refs);
    const text = contextText(result);
    const stats = sourceOf(result).references;
    expect(stats.map((r) => r.truncated)).toEqual([true, false, true]);

    // The requests: one per truncated source, in parallel, nothing fabricated.
    expect(spy).toHaveBeenCalledTimes(2);
    const requests = spy.mock.calls.map(([input]) => input as unknown as Record<string, unknown>);
    const captures = [await captureOf(host, 'src-1', 'One <1>'), await captureOf(host, 'src-3', 'src-3')];
    expect(requests).toEqual([
      {
        owner: { sessionId: TARGET },
        source: { kind: 'session-reference', sessionId: 'src-1', label: 'One <1>' },
        suggestedName: 'session-reference-1.txt',
        content: renderTranscript(captures[0]!),
      },
      {
        owner: { sessionId: TARGET },
        source: { kind: 'session-reference', sessionId: 'src-3', label: 'src-3' },
        suggestedName: 'session-reference-3.txt',
        content: renderTranscript(captures[1]!),
      },
    ]);
    for (const request of requests) {
      expect(Object.keys(request.source as object)).toEqual(['kind', 'sessionId', 'label']);
      expect(request.source).not.toHaveProperty('toolName');
      expect(request.source).not.toHaveProperty('callId');
    }

    // The files: names derived from the suggested names, distinct locators, under the target's session dir.
    expect(returned).toHaveLength(2);
    // The saves run in parallel, so they may finish in either order.
    const [ref1, ref3] = [...returned].sort((a, b) => (a.locator.endsWith('-1.txt') ? -1 : b.locator.endsWith('-1.txt') ? 1 : 0)) as [
      SpillRef,
      SpillRef,
    ];
    expect(ref1.locator).not.toBe(ref3.locator);
    expect(basename(ref1.locator).endsWith('-session-reference-1.txt')).toBe(true);
    expect(basename(ref3.locator).endsWith('-session-reference-3.txt')).toBe(true);
    expect(basename(ref1.locator)).not.toBe('session-reference-1.txt'); // derived from, not equal to
    expect(dirname(ref1.locator)).toBe(sessionDir(resolve(root), TARGET));
    expect(dirname(ref3.locator)).toBe(sessionDir(resolve(root), TARGET));
    const dirs = await readdir(root);
    expect(dirs).toHaveLength(1);
    expect((await readdir(join(root, dirs[0]!))).sort()).toEqual([basename(ref1.locator), basename(ref3.locator)].sort());

    // The notices: after the explanation line, keys in order, outcome verbatim from the store.
    const notices = noticesOf(text)!;
    expect(notices).toEqual([
      {
        sessionId: 'src-1',
        capturedThroughSeq: w1.lastSeq,
        omittedMessages: stats[0]!.omittedMessages,
        omittedBytes: stats[0]!.omittedBytes,
        omittedRanges: 'message 1 of 3',
        fullSnapshot: { status: 'saved', locator: ref1.locator, bytes: ref1.bytes, retrievalHint: ref1.retrievalHint },
      },
      {
        sessionId: 'src-3',
        capturedThroughSeq: w3.lastSeq,
        omittedMessages: stats[2]!.omittedMessages,
        omittedBytes: stats[2]!.omittedBytes,
        omittedRanges: 'messages 1\u20132 of 3',
        fullSnapshot: { status: 'saved', locator: ref3.locator, bytes: ref3.bytes, retrievalHint: ref3.retrievalHint },
      },
    ]);
    for (const notice of notices as Record<string, Record<string, unknown>>[]) {
      expect(Object.keys(notice)).toEqual([
        'sessionId',
        'capturedThroughSeq',
        'omittedMessages',
        'omittedBytes',
        'omittedRanges',
        'fullSnapshot',
      ]);
      expect(Object.keys(notice.fullSnapshot!)).toEqual(['status', 'locator', 'bytes', 'retrievalHint']);
    }
    expect(stats[0]!.omittedBytes).toBeGreaterThan(0);

    // The files read back from their locators: the exact transcript, every projected message, dropped ones included.
    const expected = [projected(items1), projected(items3)];
    for (const [i, ref] of [ref1, ref3].entries()) {
      const file = await readFile(ref.locator, 'utf8');
      expect(file).toBe(renderTranscript(captures[i]!));
      expect(Buffer.byteLength(file, 'utf8')).toBe(ref.bytes);
      const parsed = readTranscript(file);
      expect(parsed.messages).toEqual(expected[i]);
      expect(parsed.capture).toEqual({
        sessionId: i === 0 ? 'src-1' : 'src-3',
        label: i === 0 ? 'One <1>' : 'src-3',
        cwd: i === 0 ? '/w/one' : null,
        capturedThroughSeq: i === 0 ? w1.lastSeq : w3.lastSeq,
        capturedFormatVersion: captures[i]!.capturedFormatVersion,
      });
    }
    // The first source's preview dropped a message that the transcript still holds.
    expect(stats[0]!.omittedMessages).toBeGreaterThan(0);
    expect(previewsOf(text)[0]!.conversation.length).toBeLessThan(items1.length);
  });
});

describe('outcomes without a usable store', () => {
  const items: SessionItem[] = [
    { kind: 'user', text: long('big', 40) },
    { kind: 'assistant', text: 'fine' },
  ];

  it('no store mounted gives unavailable/storage-not-configured', async () => {
    const host = await boot();
    expect(host.ctx.get('spillStore')).toBeUndefined();
    const written = await writeSession(host, { id: 'src', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    const result = await service.prepare(agent, [], [{ sessionId: 'src' }]);
    const [stats] = sourceOf(result).references;
    expect(noticesOf(contextText(result))).toEqual([
      {
        sessionId: 'src',
        capturedThroughSeq: written.lastSeq,
        omittedMessages: stats!.omittedMessages,
        omittedBytes: stats!.omittedBytes,
        fullSnapshot: { status: 'unavailable', reason: 'storage-not-configured' },
      },
    ]);
  });

  it('a real save failure (root below a regular file) gives unavailable/save-failed and prepare still succeeds', async () => {
    const blocker = pool.path('regular-file');
    await writeFile(blocker, 'not a directory');
    const host = await boot({ spillRoot: join(blocker, 'spill') });
    const written = await writeSession(host, { id: 'src', items });
    await writeSession(host, { id: 'other', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    const spy = vi.spyOn(host.ctx.spillStore, 'saveText');
    const result = await service.prepare(agent, [], [{ sessionId: 'src' }, { sessionId: 'other' }]);
    expect(spy).toHaveBeenCalledTimes(2);
    for (const outcome of spy.mock.results) {
      await expect(outcome.value as Promise<unknown>).rejects.toMatchObject({ code: 'ENOTDIR' });
    }
    const notices = noticesOf(contextText(result)) as { sessionId: string; capturedThroughSeq: number; fullSnapshot: unknown }[];
    expect(notices.map((n) => n.sessionId)).toEqual(['src', 'other']);
    expect(notices[0]!.capturedThroughSeq).toBe(written.lastSeq);
    for (const notice of notices) expect(notice.fullSnapshot).toEqual({ status: 'unavailable', reason: 'save-failed' });
    expect(previewsOf(contextText(result))).toHaveLength(2);
  });

  it('one failing save fails only its own notice', async () => {
    const host = await boot({ spillRoot: spillRoot() });
    await writeSession(host, { id: 'a', items });
    await writeSession(host, { id: 'b', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    wrapSave(host, async (input, real) => {
      if (input.suggestedName === 'session-reference-1.txt') throw new Error('disk full');
      return real(input);
    });
    const result = await service.prepare(agent, [], [{ sessionId: 'a' }, { sessionId: 'b' }]);
    const notices = noticesOf(contextText(result)) as { fullSnapshot: { status: string; reason?: string; locator?: string } }[];
    expect(notices[0]!.fullSnapshot).toEqual({ status: 'unavailable', reason: 'save-failed' });
    expect(notices[1]!.fullSnapshot.status).toBe('saved');
    expect(existsSync(notices[1]!.fullSnapshot.locator!)).toBe(true);
  });
});

describe('cancellation', () => {
  const items: SessionItem[] = [
    { kind: 'user', text: long('big', 40) },
    { kind: 'assistant', text: 'fine' },
  ];

  it('an abort right after the real save completes gives CANCELLED; the file stays and nothing is returned', async () => {
    const host = await boot({ spillRoot: spillRoot() });
    await writeSession(host, { id: 'src', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    const controller = new AbortController();
    const reason = new Error('user pressed stop');
    const saved: SpillRef[] = [];
    wrapSave(host, async (input, real) => {
      const ref = await real(input);
      saved.push(ref);
      controller.abort(reason);
      return ref;
    });
    let returned: PreparedReferencedMessage | undefined;
    const error = await service.prepare(agent, [], [{ sessionId: 'src' }], controller.signal).then(
      (value) => {
        returned = value;
      },
      (e: unknown) => e,
    );
    expect(returned).toBeUndefined();
    expect(error).toBeInstanceOf(SessionReferenceError);
    expect((error as SessionReferenceError).code).toBe('SESSION_REFERENCE_CANCELLED');
    expect((error as Error).cause).toBe(reason);
    expect(saved).toHaveLength(1);
    const file = await readFile(saved[0]!.locator, 'utf8');
    expect(file).toBe(renderTranscript(await captureOf(host, 'src', 'src')));
  });

  it('an abort during a hanging save gives CANCELLED', async () => {
    const host = await boot({ spillRoot: spillRoot() });
    await writeSession(host, { id: 'src', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    const controller = new AbortController();
    let started!: () => void;
    const saveStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const spy = vi.spyOn(host.ctx.spillStore, 'saveText').mockImplementation(() => {
      started();
      return new Promise<SpillRef>(() => {});
    });
    const pending = service.prepare(agent, [], [{ sessionId: 'src' }], controller.signal);
    await saveStarted;
    controller.abort(new Error('stop'));
    expect(await codeOf(pending)).toBe('SESSION_REFERENCE_CANCELLED');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
