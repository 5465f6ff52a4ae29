// Proves the real-host test harness: sources written through SessionStore survive a fresh host, queries read them, and an agent turn runs.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CallId, createUserMessage } from '@deepseek-ai/dsh-llm';
import type { UserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { SessionEvent } from '@deepseek-ai/dsh-session';
import {
  bootHost,
  createTargetAgent,
  messageText,
  readPersistedLog,
  runTurn,
  SESSION_REFERENCE_SOURCE,
  watchLogReads,
  writeSession,
} from './support/host.ts';
import type { Host, SessionItem } from './support/host.ts';

let tmp: string;
const hosts: Host[] = [];

/** Boot a host that is disposed after the test even when an assertion fails. */
async function boot(options: Parameters<typeof bootHost>[0]): Promise<Host> {
  const host = await bootHost(options);
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-host-harness-'));
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.dispose()));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const CWD = '/work/project';

/** Items covering every writer: compaction shadows the first exchange; later nodes stay visible. */
const SOURCE_ITEMS: SessionItem[] = [
  { kind: 'user', text: 'first question' },
  { kind: 'assistant', text: 'first answer' },
  { kind: 'compaction', summary: 'Summary of the first exchange.', first: 0, last: 1 },
  { kind: 'user', text: 'second question' },
  { kind: 'assistant', reasoning: 'let me think', text: 'checking a file' },
  { kind: 'tool', name: 'read', args: { path: 'a.txt' }, result: 'file contents', callId: 'call-1' },
  { kind: 'assistant', text: 'the file says hello' },
  { kind: 'plugin', plugin: 'x', text: 'plugin-injected context' },
  { kind: 'reference', text: 'recalled context', references: [{ uri: 'dsh-session:other' }] },
];

function sourceKinds(events: readonly SessionEvent[]): string[] {
  return events.map((event) => {
    if (event.type === 'user/message') {
      const source = event.data.source as { kind: string; plugin?: string };
      return `user:${source.kind}${source.plugin === undefined ? '' : `:${source.plugin}`}`;
    }
    if (event.type === 'assistant/message') return `assistant:${event.data.message.content.map((b) => b.type).join('+')}`;
    return event.type;
  });
}

describe.each([{ compression: 'none' as const }, { compression: 'zstd' as const }])('JSONL compression $compression', ({ compression }) => {
  it('writes sources in host A, reads them from disk in a fresh host B, and runs an agent turn', async () => {
    const root = join(tmp, `root-${compression}`);
    const a = await boot({ root, compression });
    const written = await writeSession(a, { id: 'src-a', cwd: CWD, items: SOURCE_ITEMS });
    const other = await writeSession(a, {
      id: 'src-b',
      items: [
        { kind: 'user', text: 'hi' },
        { kind: 'assistant', text: 'hello' },
      ],
    });
    // Not live after writing: host A's own query already reads it from persistence.
    expect(a.ctx.sessions.get(written.id)).toBeUndefined();
    await a.dispose();

    const b = await boot({ root, compression });
    const reads = watchLogReads(b);

    const records = await b.ctx.sessionQuery.listSessions();
    expect(records.map((record) => [record.header.id, record.live, record.persisted]).sort()).toEqual([
      ['src-a', false, true],
      ['src-b', false, true],
    ]);
    expect(records.find((record) => record.header.id === 'src-a')?.header.cwd).toBe(CWD);
    expect(reads.count({ layer: 'all' })).toBe(0); // listing reads headers only

    const surface = await b.ctx.sessionQuery.readSurface(written.id);
    expect(reads.count({ sessionId: 'src-a' })).toBeGreaterThan(0);
    expect(surface.capturedThroughSeq).toBe(written.lastSeq);
    expect(surface.events.map((event) => event.seq)).toEqual(written.surface);
    expect(sourceKinds(surface.events)).toEqual([
      'user:plugin:compact',
      'user:user',
      'assistant:reasoning+text',
      'assistant:tool-call',
      'tool/result',
      'assistant:text',
      'user:plugin:x',
      `user:${SESSION_REFERENCE_SOURCE}`,
    ]);

    const [checkpoint] = surface.events;
    expect(checkpoint?.surfaceOp).toEqual({ op: 'replace', start: written.itemSeqs[0]?.[0], end: written.itemSeqs[1]?.[0] });
    expect(checkpoint?.sourceEventSeqs).toEqual([written.itemSeqs[0]?.[0], written.itemSeqs[1]?.[0]]);
    expect(checkpoint?.type === 'user/message' && checkpoint.data.source).toMatchObject({
      kind: 'plugin',
      plugin: 'compact',
      compactionId: expect.any(String),
    });
    const reference = surface.events.at(-1);
    expect(reference?.type === 'user/message' && reference.data.source).toEqual({
      kind: SESSION_REFERENCE_SOURCE,
      form: 'recall',
      version: 1,
      references: [{ uri: 'dsh-session:other' }],
    });
    const toolResult = surface.events.find((event) => event.type === 'tool/result');
    expect(toolResult?.type === 'tool/result' && toolResult.data.message.source).toEqual({ kind: 'tool', callId: CallId('call-1') });

    // The shadowed first exchange is still in the raw log.
    const classified = await b.ctx.sessionQuery.listEvents(written.id);
    expect(classified.filter((record) => record.surface === 'shadowed').map((record) => record.seq)).toEqual([
      written.itemSeqs[0]?.[0],
      written.itemSeqs[1]?.[0],
    ]);
    expect((await b.ctx.sessionQuery.readSurface(other.id)).events).toHaveLength(2);

    // A live target agent through the real loop, answered by the test adapter.
    const agent = createTargetAgent(b, { id: 'target', cwd: CWD });
    const turn = await runTurn(agent, 'hello model');
    expect(turn.reason).toEqual({ kind: 'completed' });
    expect(b.adapter.requests).toHaveLength(1);
    const request = b.adapter.requests[0];
    expect(request?.provider).toBe('test');
    expect(request?.model).toBe('m');
    expect(request?.system).toContain('DeepSeek Harness');
    expect(request?.messages.map((message) => [message.role, messageText(message)])).toEqual([['user', 'hello model']]);
    await b.dispose();

    const log = await readPersistedLog({ root, compression }, 'target');
    expect(log.header.cwd).toBe(CWD);
    const user = log.events.find((event) => event.type === 'user/message');
    const reply = log.events.find((event) => event.type === 'assistant/message');
    expect(user?.type === 'user/message' && messageText(user.data)).toBe('hello model');
    expect(reply?.type === 'assistant/message' && messageText(reply.data.message)).toBe('ok');
    expect(log.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'completed' } } });
  });
});

describe('host options', () => {
  it('mounts the real SQLite engine, spill store and context window; the no-search engine answers empty pages', async () => {
    const root = join(tmp, 'root-options');
    const spillRoot = join(tmp, 'spill');
    const host = await boot({ root, compression: 'none', query: 'sqlite', spillRoot, contextWindow: 64_000 });
    await writeSession(host, { id: 'src-fts', items: [{ kind: 'user', text: 'zebra crossing' }] });
    const page = await host.ctx.sessionQuery.searchSessions({ query: 'zebra' });
    expect(page.items.map((hit) => hit.header.id)).toEqual(['src-fts']);

    const spilled = await host.ctx.spillStore.saveText({
      owner: { sessionId: SessionId('src-fts') },
      source: { toolName: 'read', callId: CallId('c'), label: 'x' },
      suggestedName: 'out.txt',
      content: 'spilled text',
    });
    expect(String(spilled.locator).startsWith(spillRoot)).toBe(true);
    expect(await readFile(String(spilled.locator), 'utf8')).toBe('spilled text');

    const agent = createTargetAgent(host, { id: 'target-cw' });
    await runTurn(agent, 'hi');
    expect(agent.session.requestContext()).toEqual({ provider: 'test', model: 'm', contextWindow: 64_000 });
    await host.dispose();

    const plain = await boot({ root, compression: 'none' });
    expect((await plain.ctx.sessionQuery.searchSessions({ query: 'zebra' })).items).toEqual([]);
    const events = await plain.ctx.sessionQuery.searchEvents({ sessionId: SessionId('src-fts'), query: 'zebra' });
    expect(events).toMatchObject({ items: [], session: { id: 'src-fts' } });
    const agent2 = createTargetAgent(plain, { id: 'target-nocw' });
    await runTurn(agent2, 'hi');
    expect(agent2.session.requestContext()).toEqual({ provider: 'test', model: 'm' });
  });
});

describe('host event semantics', () => {
  it('a prepend waterfall listener runs outermost: called first and wrapping earlier-registered ones', async () => {
    const host = await boot({ root: join(tmp, 'root-waterfall'), compression: 'none' });
    const order: string[] = [];
    host.ctx.on('system-prompt/assemble', async (_assembly, _context, next) => {
      order.push('plain:before');
      const result = await next();
      order.push('plain:after');
      return result;
    });
    host.ctx.on(
      'system-prompt/assemble',
      async (_assembly, _context, next) => {
        order.push('prepend:before');
        const result = await next();
        order.push('prepend:after');
        return result;
      },
      { prepend: true },
    );
    await host.ctx.systemPrompt.assemble();
    expect(order).toEqual(['prepend:before', 'plain:before', 'plain:after', 'prepend:after']);
  });

  it('agent/pre-step runs after turn/start and prompt assembly; messages it adds are logged and sent', async () => {
    const root = join(tmp, 'root-prestep');
    const host = await boot({ root, compression: 'none' });
    const trace: string[] = [];
    let seenMessages: readonly UserMessage[] = [];
    host.ctx.on('system-prompt/assemble', async (_assembly, context, next) => {
      trace.push(`assemble(agent=${context.agent?.id ?? '-'})`);
      return next();
    });
    host.ctx.on('agent/pre-step', async (payload, next) => {
      trace.push(`pre-step(turn=${payload.turn},step=${payload.step},last=${payload.agent.session.events.at(-1)?.type})`);
      seenMessages = payload.messages;
      const decision = await next();
      if (decision.kind !== 'enter') return decision;
      const context = createUserMessage({ content: [{ type: 'text', text: 'injected' }], source: { kind: 'plugin', plugin: 'x' } });
      return { kind: 'enter', messages: [...decision.messages, context] };
    });
    const agent = createTargetAgent(host, { id: 'target-prestep' });
    const turn = await runTurn(agent, 'question');
    expect(turn.reason).toEqual({ kind: 'completed' });
    expect(trace).toEqual(['assemble(agent=target-prestep)', 'pre-step(turn=1,step=1,last=agent/inbox/spliced)']);
    expect(seenMessages.map(messageText)).toEqual(['question']);
    expect(host.adapter.lastRequest?.messages.map(messageText)).toEqual(['question', 'injected']);
    const logged = turn.events.filter((event) => event.type === 'user/message' || event.type === 'step/start');
    expect(logged.map((event) => event.type)).toEqual(['step/start', 'user/message', 'user/message']);
  });

  it('counts log reads and can be restored', async () => {
    const root = join(tmp, 'root-reads');
    const host = await boot({ root, compression: 'none' });
    await writeSession(host, { id: 'src-r', items: [{ kind: 'user', text: 'x' }] });
    const reads = watchLogReads(host);
    await host.ctx.sessionQuery.listSessions();
    expect(reads.reads).toEqual([]);
    await host.ctx.sessionQuery.readSession(SessionId('src-r'));
    expect(reads.count({ layer: 'api', sessionId: 'src-r' })).toBe(1);
    expect(reads.count({ sessionId: 'src-r' })).toBe(1);
    reads.reset();
    reads.restore();
    await host.ctx.sessionQuery.readSession(SessionId('src-r'));
    expect(reads.count({ layer: 'all' })).toBe(0);
  });
});
