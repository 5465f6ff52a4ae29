// Focused retention through a real host: prepare and the pre-step listener both focus on the readable citing text, the model sees positions and omitted ranges, and 'newest' keeps today's output.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserMessage } from '@deepseek-ai/dsh-llm';
import SessionReferenceResolver, { formatSessionReferenceMention } from '../../src/index.ts';
import type { PreparedReferencedMessage, SessionReferenceAgent } from '../../src/types.ts';
import { FOCUSED_OMISSIONS_EXPLANATION, OMISSIONS_EXPLANATION } from '../../src/context/render.ts';
import { bootHost, createTargetAgent, messageText, runTurn, writeSession } from '../support/host.ts';
import type { Host, SessionItem } from '../support/host.ts';
import { naiveRetain } from '../support/retention-model.ts';

let tmp: string;
let counter = 0;
const hosts: Host[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-focused-'));
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.dispose()));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const BUDGET = 4096;
const LABEL = 'Harbor work';
const FACT = 'the harbor certificate expires on March 14';
const pad = (text: string): string => `${text} ${'x'.repeat(300 - text.length)}`;

/** 60 messages of about 300 bytes: the goal first, the fact at message 17. */
const ITEMS: SessionItem[] = Array.from({ length: 60 }, (_, k) => {
  const text = pad(k === 0 ? 'Goal: ship the parser rewrite' : k === 16 ? FACT : `message ${k + 1}`);
  return k % 2 === 0 ? { kind: 'user', text } : { kind: 'assistant', text };
});
const PROJECTED = ITEMS.map((item) => ({
  role: item.kind === 'user' ? ('user' as const) : ('assistant' as const),
  text: (item as { text: string }).text,
  checkpoint: false,
}));

async function boot(config: Record<string, unknown>): Promise<Host> {
  const root = join(tmp, `root-${counter++}`);
  const writer = await bootHost({ root, agentLoop: false });
  await writeSession(writer, { id: 'source', cwd: '/w', items: ITEMS });
  await writer.dispose();
  const host = await bootHost({ root });
  hosts.push(host);
  await host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: BUDGET, ...config });
  return host;
}

const AGENT: SessionReferenceAgent = { id: 'target', options: {}, session: { header: {} } };
const MENTION = formatSessionReferenceMention({ sessionId: 'source', label: LABEL });
const ASK = `when does the harbor certificate expire? It is in ${MENTION}`;

function contextText(message: Pick<UserMessage, 'content'>): string {
  return messageText(message);
}

interface Rendered {
  previews: { conversation: { role: string; text: string; message?: number }[] }[];
  explanation: string;
  notices: Record<string, unknown>[];
}

function rendered(text: string): Rendered {
  const json = text.slice(text.indexOf('<referenced-sessions>\n') + 22, text.indexOf('\n</referenced-sessions>'));
  const rest = text.slice(text.indexOf('\n## Reference omissions\n\n') + 25).split('\n');
  return { previews: JSON.parse(json), explanation: rest[0]!, notices: JSON.parse(rest[1]!) };
}

async function prepareAsk(host: Host, content: string): Promise<PreparedReferencedMessage> {
  const service = host.ctx.get('sessionReferenceResolver')!;
  return service.prepare(AGENT, [{ type: 'text', text: content }], [{ sessionId: 'source', label: LABEL }]);
}

describe('focused retention in prepare', () => {
  it('keeps the message the citing text asks about, each kept item with its position, and lists the omitted ranges', async () => {
    const host = await boot({});
    const result = await prepareAsk(host, ASK);
    expect(result.content).toEqual([{ type: 'text', text: ASK }]);
    const { previews, explanation, notices } = rendered(contextText(result.additionalContext!));
    const kept = previews[0]!.conversation;
    expect(kept.every((m) => Object.keys(m).join() === 'role,text,message')).toBe(true);
    expect(kept.find((m) => m.message === 17)?.text).toBe(pad(FACT));
    expect(kept[0]!.message).toBe(1);
    expect(kept.at(-1)!.message).toBe(60);
    expect(explanation).toBe(FOCUSED_OMISSIONS_EXPLANATION);
    expect(Object.keys(notices[0]!)).toEqual([
      'sessionId',
      'capturedThroughSeq',
      'omittedMessages',
      'omittedBytes',
      'omittedRanges',
      'fullSnapshot',
    ]);
    expect(notices[0]!.omittedRanges).toMatch(/^messages 2–16, 18–\d+ of 60$/);
  });

  it('focuses the pre-step listener on the same readable text: a real turn gets the same snapshot as prepare', async () => {
    const host = await boot({});
    const prepared = rendered(contextText((await prepareAsk(host, ASK)).additionalContext!));
    const agent = createTargetAgent(host, { id: 'target', cwd: '/w' });
    const turn = await runTurn(agent, ASK);
    expect(turn.reason.kind).toBe('completed');
    const users = host.adapter.lastRequest!.messages.filter((message) => message.role === 'user');
    const citing = users.findIndex((message) => messageText(message) === `when does the harbor certificate expire? It is in @${LABEL}`);
    expect(citing).toBeGreaterThanOrEqual(0);
    const inTurn = rendered(messageText(users[citing + 1]!));
    expect(inTurn.previews).toEqual(prepared.previews);
    expect(inTurn.previews[0]!.conversation.some((m) => m.message === 17)).toBe(true);
  });

  it('gives an already readable citing text the same snapshot as its canonical form', async () => {
    const host = await boot({});
    const canonical = rendered(contextText((await prepareAsk(host, ASK)).additionalContext!));
    const readable = rendered(
      contextText((await prepareAsk(host, `when does the harbor certificate expire? It is in @${LABEL}`)).additionalContext!),
    );
    expect(readable.previews).toEqual(canonical.previews);
  });

  it("keeps today's newest-first output exactly with retention: 'newest'", async () => {
    const host = await boot({ retention: 'newest' });
    const { previews, explanation, notices } = rendered(contextText((await prepareAsk(host, ASK)).additionalContext!));
    const today = naiveRetain(
      { sessionId: 'source', label: LABEL, cwd: '/w', capturedThroughSeq: null, capturedFormatVersion: 0, messages: PROJECTED },
      BUDGET,
    );
    expect(previews[0]!.conversation).toEqual(today.preview.conversation);
    expect(explanation).toBe(OMISSIONS_EXPLANATION);
    expect(Object.keys(notices[0]!)).toEqual(['sessionId', 'capturedThroughSeq', 'omittedMessages', 'omittedBytes', 'fullSnapshot']);
    expect(notices[0]!.omittedMessages).toBe(today.stats.omittedMessages);
  });
});
