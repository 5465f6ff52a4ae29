// Full transcripts in a real host: the real LocalSpillStore on a temp root, omission notices, exact read-back, cancellation.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SaveTextSpill, SpillRef } from '@deepseek-ai/dsh-spill';
import { sessionDir } from '@deepseek-ai/dsh-spill-local';
import SessionReferenceResolver, { SessionReferenceError, findInTranscript, readTranscript } from '../src/index.ts';
import { captureSource } from '../src/context/projection.ts';
import { renderTranscript } from '../src/transcript/write.ts';
import type { PreparedReferencedMessage } from '../src/types.ts';
import type { SessionReferenceSource } from '../src/types.ts';
import type { SourceCapture } from '../src/context/shapes.ts';
import { bootHost, writeSession } from './support/host.ts';
import type { BootHostOptions, Host, SessionItem } from './support/host.ts';
import type { ReferencePreview } from '../src/context/shapes.ts';

let tmp: string;
let counter = 0;
const hosts: Host[] = [];

async function boot(options: Partial<BootHostOptions> = {}): Promise<Host> {
  const host = await bootHost({ root: join(tmp, `root-${counter++}`), agentLoop: false, ...options });
  hosts.push(host);
  return host;
}

async function mount(host: Host, config: Record<string, unknown> = {}): Promise<SessionReferenceResolver> {
  await host.ctx.plugin(SessionReferenceResolver, config);
  const service = host.ctx.get('sessionReferenceResolver');
  if (!service) throw new Error('service did not mount');
  return service;
}

const TARGET = 'target-session';
const agent = { id: TARGET, options: {}, session: { header: {} } };

/** A fresh spill root path (not created: the store creates it on first save). */
const spillRoot = (): string => join(tmp, `spill-${counter++}`);

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-spill-'));
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.dispose()));
  vi.restoreAllMocks();
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof SessionReferenceError ? error.code : `other:${String(error)}`;
  }
  return 'resolved';
}

function contextText(result: PreparedReferencedMessage): string {
  const block = result.additionalContext?.content[0];
  if (block?.type !== 'text') throw new Error('no context text');
  return block.text;
}

type Preview = ReferencePreview;

function previewsOf(text: string): Preview[] {
  const open = '<referenced-sessions>\n';
  const start = text.indexOf(open) + open.length;
  return JSON.parse(text.slice(start, text.indexOf('\n</referenced-sessions>'))) as Preview[];
}

const OMISSIONS = '\n\n## Reference omissions\n\n';

/** The notices after `## Reference omissions` and its explanation line, or undefined when there is no section. */
function noticesOf(text: string): unknown[] | undefined {
  const at = text.indexOf(OMISSIONS);
  if (at < 0) return undefined;
  expect(text.indexOf(OMISSIONS, at + 1)).toBe(-1);
  const section = text.slice(at + OMISSIONS.length);
  const newline = section.indexOf('\n');
  const explanation = section.slice(0, newline);
  expect(explanation.length).toBeGreaterThan(0);
  expect(explanation).not.toContain('[');
  const json = section.slice(newline + 1);
  expect(json).not.toContain('<'); // tag-safe
  expect(json).not.toContain('\n');
  return JSON.parse(json) as unknown[];
}

function sourceOf(result: PreparedReferencedMessage): SessionReferenceSource {
  return result.additionalContext!.source as unknown as SessionReferenceSource;
}

/** Text items of a source, as the projected conversation (all items here are user/assistant text). */
function projected(items: readonly SessionItem[]): { index: number; role: string; text: string }[] {
  return items.map((item, i) => {
    if (item.kind !== 'user' && item.kind !== 'assistant') throw new Error('text items only');
    return { index: i + 1, role: item.kind, text: item.text ?? '' };
  });
}

async function captureOf(host: Host, sessionId: string, label: string): Promise<SourceCapture> {
  return captureSource(await host.ctx.sessionQuery.readSurface(SessionId(sessionId)), sessionId, label);
}

/** Wraps the real store's saveText; `around` gets the input and the real save. */
function wrapSave(host: Host, around: (input: SaveTextSpill, real: (input: SaveTextSpill) => Promise<SpillRef>) => Promise<SpillRef>) {
  const store = host.ctx.spillStore;
  const real = store.saveText.bind(store);
  return vi.spyOn(store, 'saveText').mockImplementation((input) => around(input, real));
}

/** Spy on the real saveText, keeping the real behaviour, and record what it returned. */
function recordSaves(host: Host) {
  const returned: SpillRef[] = [];
  const spy = wrapSave(host, async (input, real) => {
    const ref = await real(input);
    returned.push(ref);
    return ref;
  });
  return { spy, returned };
}

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
    const blocker = join(tmp, `regular-file-${counter++}`);
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

describe('capture consistency', () => {
  it('a live source mutated during the save changes neither the transcript nor the preview', async () => {
    const host = await boot({ spillRoot: spillRoot() });
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

describe('exact recovery from a real saved transcript', () => {
  /** 1 MiB of printable ASCII on one line (quotes, backslashes and `<` included), deterministic. */
  function oneMiB(): string {
    const codes = new Uint8Array(1 << 20);
    let x = 12345;
    for (let i = 0; i < codes.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      codes[i] = 0x20 + ((x >>> 16) % 95);
    }
    return Buffer.from(codes).toString('latin1');
  }

  const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
  const tricky =
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
  const cjk = `head\n${'界😀'.repeat(10000)}\ntail`;

  async function saveAndRead(items: SessionItem[], live: boolean) {
    const host = await boot({ spillRoot: spillRoot() });
    await writeSession(host, { id: 'exact', items, live });
    // A detached source is read back from the JSONL files, a live one from memory.
    expect(host.ctx.sessions.get(SessionId('exact')) !== undefined).toBe(live);
    const service = await mount(host, { maxReferenceBytes: 2048 });
    const { returned } = recordSaves(host);
    const result = await service.prepare(agent, [], [{ sessionId: 'exact' }]);
    const notices = noticesOf(contextText(result)) as { fullSnapshot: { status: string; locator: string } }[];
    expect(notices[0]!.fullSnapshot.status).toBe('saved');
    expect(notices[0]!.fullSnapshot.locator).toBe(returned[0]!.locator);
    const file = await readFile(notices[0]!.fullSnapshot.locator, 'utf8');
    return { host, file, capture: await captureOf(host, 'exact', 'exact') };
  }

  function maxLine(file: string): number {
    let max = 0;
    for (const line of file.split('\n')) max = Math.max(max, line.length);
    return max;
  }

  it('a 1 MiB single-line text, CJK/astral text and controls/quotes/backslashes/<×300 come back exactly (persisted source)', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: oneMiB() },
      { kind: 'assistant', text: cjk },
      { kind: 'user', text: `${tricky} latest` },
    ];
    const { file, capture } = await saveAndRead(items, false);
    expect(capture.messages.map((m) => m.text)).toEqual(items.map((i) => (i as { text: string }).text));
    expect(file).toBe(renderTranscript(capture));
    expect(readTranscript(file).messages).toEqual(projected(items));
    expect(maxLine(file)).toBeLessThanOrEqual(386);
    expect(maxLine(file)).toBe(386); // a fragment of 64 `\u0000` escapes hits the bound exactly
  });

  it('lone surrogates survive JSONL persistence and come back exactly', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: 'older' },
      { kind: 'assistant', text: tricky },
      { kind: 'user', text: `${tricky} again` },
    ];
    const { file, capture } = await saveAndRead(items, false);
    expect(capture.messages.map((m) => m.text)).toEqual(items.map((i) => (i as { text: string }).text));
    const messages = readTranscript(file).messages;
    expect(messages).toEqual(projected(items));
    expect(messages[1]!.text.charCodeAt(0)).toBe(0xdc00);
    expect(messages[1]!.text.at(-1)).toBe('\uDBFF');
    expect(file).not.toContain('\uD800'); // lone surrogates are escaped in the file, which stays valid UTF-8
    expect(Buffer.from(file, 'utf8').toString('utf8')).toBe(file);
    expect(maxLine(file)).toBe(386);
  });

  it('a real saved transcript cut at any line boundary, or at a sample of byte offsets, is rejected as truncated', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: 'older' },
      { kind: 'assistant', text: tricky },
      { kind: 'user', text: '界😀'.repeat(300) },
      { kind: 'assistant', text: `${tricky} again` },
      ...Array.from({ length: 6 }, (_, i): SessionItem => ({
        kind: i % 2 ? 'assistant' : 'user',
        text: `turn ${i}: ${'"q" \\ <b>\n'.repeat(9 * i)}`,
      })),
      { kind: 'user', text: 'latest' },
    ];
    const { file } = await saveAndRead(items, false);
    expect(file.endsWith(`\n"latest"\n\n### End of transcript: ${items.length} messages\n`)).toBe(true);
    expect(readTranscript(file).messages).toEqual(projected(items));
    const firstMessageLine = file.split('\n').indexOf('### Message 1: user') + 1;
    let lineCuts = 0;
    for (let i = file.indexOf('\n'), kept = 1; i < file.length - 1; i = file.indexOf('\n', i + 1), kept++) {
      const cut = file.slice(0, i + 1);
      for (const options of [undefined, { allowUnterminated: true }]) {
        expect(() => readTranscript(cut, options), `cut after line ${kept}`).toThrow(
          expect.objectContaining({ name: 'SessionReferenceError', code: 'SESSION_REFERENCE_INVALID_REFERENCE' }),
        );
      }
      if (kept >= firstMessageLine) expect(() => readTranscript(cut)).toThrow(/truncated/);
      lineCuts++;
    }
    expect(lineCuts).toBe(file.split('\n').length - 2);
    expect(lineCuts).toBeGreaterThan(80);
    const bytes = Buffer.from(file, 'utf8');
    for (let length = 0; length < bytes.length; length += length > bytes.length - 200 ? 1 : 7) {
      expect(() => readTranscript(bytes.subarray(0, length).toString('utf8')), `first ${length} bytes`).toThrow(
        expect.objectContaining({ code: 'SESSION_REFERENCE_INVALID_REFERENCE' }),
      );
    }
  });

  it('lone surrogates in a live source come back exactly', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: 'x'.repeat(3000) },
      { kind: 'assistant', text: tricky },
    ];
    const { file } = await saveAndRead(items, true);
    expect(readTranscript(file).messages).toEqual(projected(items));
    expect(maxLine(file)).toBeLessThanOrEqual(386);
  });
});

describe('findInTranscript on a real saved file', () => {
  it('finds phrases that straddle fragment lines, with the message number and UTF-16 offset', async () => {
    const host = await boot({ spillRoot: spillRoot() });
    // 50 emoji (100 UTF-16 units) fill 50 of the first fragment's 64 code points, so the phrase crosses into line 2.
    const straddling = 'straddling phrase here';
    const escaped = 'a "quoted\\path"\nand <tag>';
    const second = `${'😀'.repeat(50)}${straddling}${'y'.repeat(41)}${escaped} end`;
    const items: SessionItem[] = [
      { kind: 'user', text: long('dropped first', 60) },
      { kind: 'assistant', text: second },
      { kind: 'user', text: `again: ${straddling}` },
    ];
    await writeSession(host, { id: 'find', items });
    const service = await mount(host, { maxReferenceBytes: 300 });
    const result = await service.prepare(agent, [], [{ sessionId: 'find' }]);
    const notice = noticesOf(contextText(result))![0] as { omittedMessages: number; fullSnapshot: { locator: string } };
    expect(notice.omittedMessages).toBeGreaterThan(0);
    const file = await readFile(notice.fullSnapshot.locator, 'utf8');

    // In message 2 neither phrase is on one line of the file: a line-based grep finds only message 3's copy.
    const lines = file.split('\n');
    expect(lines.filter((line) => line.includes(straddling))).toEqual([JSON.stringify(`again: ${straddling}`)]);
    expect(file).not.toContain(JSON.stringify(escaped).slice(1, -1));
    const crossing = lines.findIndex((line) => line.endsWith('straddling phr"'));
    expect(crossing).toBeGreaterThan(0);
    expect(lines[crossing + 1]!.startsWith('"ase here')).toBe(true);

    expect(findInTranscript(file, straddling)).toEqual([
      { message: 2, offset: 100 },
      { message: 3, offset: 7 },
    ]);
    const escapedAt = second.indexOf(escaped);
    expect(escapedAt).toBe(100 + straddling.length + 41);
    expect(findInTranscript(file, escaped)).toEqual([{ message: 2, offset: escapedAt }]);
    expect(findInTranscript(file, '😀😀y')).toEqual([]);
    expect(findInTranscript(file, '😀s')).toEqual([{ message: 2, offset: 98 }]);
  });
});
