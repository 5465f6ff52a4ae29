/** Captures under concurrency: 50 prepares over three live sources being appended to each capture a snapshot that is exactly the source's projection up to its capturedThroughSeq. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactionId, compactCheckpointSource } from '@deepseek-ai/dsh-compaction';
import { CallId, createAssistantMessage, createToolResultMessage, createUserMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { foldSurface, SessionId } from '@deepseek-ai/dsh-session';
import type { Session, SessionEvent } from '@deepseek-ai/dsh-session';
import SessionReferenceResolver from '../../src/index.ts';
import { projectSurface } from '../../src/context/projection.ts';
import type { PreparedReferencedMessage } from '../../src/types.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import { bootHost } from '../support/host.ts';
import type { Host } from '../support/host.ts';
import type { ReferencePreview } from '../../src/context/prepare-data.ts';

const SOURCES = ['live-a', 'live-b', 'live-c'] as const;
const PREPARES = 50;
/** Far above what the sources reach, so no snapshot is truncated and the conversation can be compared whole. */
const BUDGET = 4_000_000;

let tmp: string;
let host: Host;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-concurrency-'));
  host = await bootHost({ root: join(tmp, 'sessions'), llm: false, agentLoop: false });
});
afterAll(async () => {
  await (host as Host | undefined)?.dispose(); // undefined when beforeAll failed before making it
  await rm(tmp, { recursive: true, force: true });
});

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Appends to one live session through the real Session API, one event per macrotask, until stopped: user/assistant
 * turns (text with `<`, quotes, newlines and astral characters; some with reasoning or a tool call), plugin context
 * between turns (dropped by projection), and every third turn a compaction that replaces all but the last two nodes.
 */
async function write(session: Session, stopped: () => boolean): Promise<number> {
  let turn = 0;
  let appended = 0;
  const append = async (...args: Parameters<Session['append']>) => {
    (session.append as (...a: unknown[]) => unknown)(...args);
    appended++;
    await immediate();
  };
  while (!stopped()) {
    turn++;
    await append('turn/start', { turn });
    await append('step/start', { turn, step: 1 });
    const user = createUserMessage({
      content: [{ type: 'text', text: `${session.id} q${turn} <b>"x"</b>\n😀` }],
      source: { kind: 'user' },
    });
    await append('user/message', user, { surfaceOp: 'append' });
    let step = 1;
    if (turn % 4 === 0) {
      const callId = CallId(`call-${session.id}-${turn}`);
      const call = createAssistantMessage({
        content: [
          { type: 'text', text: `calling ${turn}` },
          { type: 'tool-call', id: callId, name: 'read', arguments: '{}' },
        ],
        source: { provider: 'test', model: 'm' },
      });
      await append('assistant/message', { turn, step, message: call }, { surfaceOp: 'append' });
      await append('tool/call', { turn, step, callId, name: 'read', arguments: '{}' });
      const result = createToolResultMessage({ callId, content: [{ type: 'text', text: `result ${turn}` }], isError: false });
      await append('tool/result', { turn, step, message: result }, { surfaceOp: 'append' });
      await append('step/end', { turn, step });
      step++;
      await append('step/start', { turn, step });
    }
    const content: ContentBlock[] = turn % 3 === 0 ? [{ type: 'reasoning', text: 'thinking' }] : [];
    content.push({ type: 'text', text: `${session.id} a${turn} </referenced-sessions> \\ \u2028` });
    const answer = createAssistantMessage({ content, source: { provider: 'test', model: 'm' } });
    await append('assistant/message', { turn, step, message: answer }, { surfaceOp: 'append' });
    await append('step/end', { turn, step });
    await append('turn/end', { turn, reason: { kind: 'completed' } });

    if (turn % 5 === 0) {
      const plugin = createUserMessage({
        content: [{ type: 'text', text: `plugin note ${turn}` }],
        source: { kind: 'plugin', plugin: 'watcher' },
      });
      await append('user/message', plugin, { surfaceOp: 'append' });
    }
    const nodes = session.surface.nodes;
    if (turn % 3 === 0 && nodes.length > 3) {
      const shadowedSeqs = nodes.slice(0, nodes.length - 2);
      const start = shadowedSeqs[0]!;
      const end = shadowedSeqs.at(-1)!;
      const compactionId = CompactionId(`compaction-${session.id}-${turn}`);
      const summary: ContentBlock[] = [{ type: 'text', text: `summary of ${session.id} through turn ${turn}` }];
      await append('compaction/start', { compactionId, turn: null });
      await append('compaction/summary', {
        compactionId,
        summary,
        shadowedRange: { start, end },
        shadowedSeqs,
        shadowedTokenCount: 0,
        provider: 'test',
        model: 'm',
      });
      const checkpoint = createUserMessage({ content: summary, source: compactCheckpointSource(compactionId) });
      await append('user/message', checkpoint, { surfaceOp: { op: 'replace', start, end }, sourceEventSeqs: shadowedSeqs });
      await append('compaction/end', { compactionId, turn: null });
    }
  }
  return appended;
}

type Preview = ReferencePreview;

function previews(prepared: PreparedReferencedMessage): Preview[] {
  const text = (prepared.additionalContext!.content[0] as { text: string }).text;
  const open = '<referenced-sessions>\n';
  return JSON.parse(text.slice(text.indexOf(open) + open.length, text.indexOf('\n</referenced-sessions>'))) as Preview[];
}

/** The exact projection of `events` (a complete log) as it stood through `seq`: fold the prefix, project its surface. */
function projectionThrough(events: readonly SessionEvent[], seq: number | null): { role: string; text: string }[] {
  const prefix = seq === null ? [] : events.slice(0, seq + 1);
  const { nodes } = foldSurface(prefix);
  return projectSurface(nodes.map((n) => prefix[n]!)).map(({ role, text }) => ({ role, text }));
}

describe('concurrent prepare over live, growing sources', () => {
  it(`${PREPARES} concurrent prepares each capture an internally consistent snapshot of every source`, async () => {
    const fiber = host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: BUDGET });
    await fiber;
    const service = host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;

    const sessions = SOURCES.map((id) => {
      const session = host.ctx.sessions.prepare(SessionId(id), { meta: { cwd: `/w/${id}` } });
      host.ctx.sessions.enter(session);
      host.ctx.sessions.announce(session);
      return session;
    });

    // Latency after the capture: each read returns its snapshot 50–57 macrotasks later, while the writers keep
    // appending, so all 50 prepares are in flight at once, and a snapshot that were not detached from the live log
    // would be caught changing under retention.
    const query = host.ctx.sessionQuery;
    const readSurface = query.readSurface.bind(query);
    let reads = 0;
    query.readSurface = async (id) => {
      reads++;
      const snapshot = await readSurface(id);
      for (let i = 0; i < PREPARES + (reads % 8); i++) await immediate();
      return snapshot;
    };

    let stop = false;
    const writers = sessions.map((session) => write(session, () => stop));
    let inFlight = 0;
    let maxInFlight = 0;
    const runs: Promise<{ index: number; order: string[]; prepared: PreparedReferencedMessage }>[] = [];
    let results: Awaited<(typeof runs)[number]>[];
    let appended: number[];
    try {
      for (let i = 0; i < PREPARES; i++) {
        // One launch per macrotask, so captures land all over the writers' progress while earlier prepares still wait.
        await immediate();
        const order = [...SOURCES.slice(i % 3), ...SOURCES.slice(0, i % 3)];
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        runs.push(
          service
            .prepare(
              { id: 'target', options: {}, session: { header: {} } },
              [{ type: 'text', text: `#${i}` }],
              order.map((sessionId) => ({ sessionId })),
            )
            .then((prepared) => ({ index: i, order, prepared }))
            .finally(() => inFlight--),
        );
      }
      results = await Promise.all(runs);
    } finally {
      stop = true;
      appended = await Promise.all(writers);
      delete (query as unknown as Record<string, unknown>).readSurface;
      await fiber.dispose();
    }

    expect(results).toHaveLength(PREPARES);
    expect(reads).toBe(PREPARES * SOURCES.length);
    const seen = new Map<string, Set<number | null>>(SOURCES.map((id) => [id, new Set()]));
    let checked = 0;
    let compactedSnapshots = 0;
    let midTurnSnapshots = 0;
    for (const { order, prepared } of results) {
      const got = previews(prepared);
      const source = prepared.additionalContext!.source as unknown as SessionReferenceSource;
      expect(got.map((p) => p.sessionId)).toEqual(order);
      for (const [i, preview] of got.entries()) {
        const session = sessions.find((s) => s.id === preview.sessionId)!;
        const events = session.events;
        const want = projectionThrough(events, preview.capturedThroughSeq);
        expect(preview.conversation).toEqual(want);
        expect(preview.cwd).toBe(`/w/${preview.sessionId}`);
        const entry = source.references[i]!;
        expect(entry).toMatchObject({
          sessionId: preview.sessionId,
          capturedThroughSeq: preview.capturedThroughSeq,
          originalMessages: want.length,
          retainedMessages: want.length,
          omittedMessages: 0,
          omittedBytes: 0,
          truncated: false,
          inputIndex: i,
        });
        const last = preview.capturedThroughSeq === null ? undefined : events[preview.capturedThroughSeq];
        if (last !== undefined && last.type !== 'turn/end' && last.type !== 'compaction/end') midTurnSnapshots++;
        if (entry.compacted) compactedSnapshots++;
        seen.get(preview.sessionId)!.add(preview.capturedThroughSeq);
        checked++;
      }
    }
    expect(checked).toBe(PREPARES * SOURCES.length);
    // The captures really were spread over the writers' progress, mid-turn and after compactions included.
    for (const id of SOURCES) expect(seen.get(id)!.size).toBeGreaterThan(PREPARES / 2);
    expect(midTurnSnapshots).toBeGreaterThan(0);
    expect(compactedSnapshots).toBeGreaterThan(0);
    expect(maxInFlight).toBe(PREPARES);
    console.info(
      `concurrency: ${PREPARES} prepares (max ${maxInFlight} in flight), ${checked} snapshots checked, ` +
        `distinct capture points ${SOURCES.map((id) => seen.get(id)!.size).join('/')}, ${midTurnSnapshots} mid-turn, ` +
        `${compactedSnapshots} compacted, appends per source ${appended.join('/')}`,
    );
  });
});
