/** The injection corpus's sources: each payload written into a source in every placement (text, checkpoint, label, title, id and cwd), the 100k-message source, and the persisted ones. */
import { expect } from 'vitest';
import { createAssistantMessage, createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { Session } from '@deepseek-ai/dsh-session';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionTitleService, { normalizeSessionTitle } from '@deepseek-ai/dsh-session-title';
import SessionReferenceResolver, { formatSessionReferenceMention, parseSessionReferenceText } from '../../src/index.ts';
import { cleanLabel } from '../../src/mentions/label-text.ts';
import { agent, budgetsFor, cases, corpusHost, ID_PAYLOAD_UNITS, liveSources, refused } from './corpus-run.ts';
import type { Placement } from './corpus-run.ts';
import { projectItems } from './expected-source.ts';
import type { ExpectedMessage, ExpectedSource } from './expected-source.ts';
import { writeSession } from './host.ts';
import type { SessionItem } from './host.ts';
import { PAYLOADS, TINY_MESSAGE_COUNT } from './payloads.ts';
import type { Payload } from './payloads.ts';

const MAX_TITLE_BYTES = 4 << 20;

function itemsFor(placement: Placement, text: string, huge: boolean): SessionItem[] {
  switch (placement) {
    case 'user':
      return [
        { kind: 'user', text },
        { kind: 'assistant', text: 'noted' },
        { kind: 'user', text: `again: ${text}` },
      ];
    case 'assistant':
      return huge
        ? [
            { kind: 'user', text: 'what does it say?' },
            { kind: 'assistant', text },
          ]
        : [
            { kind: 'user', text: 'what does it say?' },
            { kind: 'tool', name: 'read', args: { path: text }, result: text, text: 'reading' },
            { kind: 'assistant', reasoning: text, text },
          ];
    case 'checkpoint':
      return [
        { kind: 'user', text: 'old question' },
        { kind: 'assistant', text: 'old answer' },
        ...(huge ? [] : [{ kind: 'plugin', plugin: 'watcher', text } as const, { kind: 'reference', text } as const]),
        { kind: 'compaction', summary: text, first: 0, last: -1 },
        { kind: 'user', text: 'after the summary' },
        { kind: 'assistant', text: 'done' },
      ];
    default:
      return [
        { kind: 'user', text: 'hello' },
        { kind: 'assistant', text: 'hi' },
      ];
  }
}

/** One neutral source cited under every label payload. */
const LABEL_CARRIER_ID = 'corpus-label-carrier';
let labelCarrier: ExpectedSource | undefined;

/** Writes `payload` in `placement` as a live source (the label ones all cite one neutral source) and adds its case. */
export async function writeCase(payload: Payload, placement: Exclude<Placement, 'title'>): Promise<void> {
  const host = corpusHost();
  const huge = payload.huge === true;
  if (huge && placement === 'sessionId+cwd') return;
  if (placement === 'label') {
    if (labelCarrier === undefined) {
      const items = itemsFor('label', '', false);
      const written = await writeSession(host, { id: LABEL_CARRIER_ID, items, live: true });
      labelCarrier = {
        sessionId: LABEL_CARRIER_ID,
        label: LABEL_CARRIER_ID,
        cwd: null,
        capturedThroughSeq: written.lastSeq,
        messages: projectItems(items),
      };
    }
    // A label is untrusted text: the context message and the transcript carry it cleaned.
    const source = { ...labelCarrier, label: cleanLabel(payload.text, { redact: true }) };
    cases.push({
      payload: payload.name,
      placement,
      reference: { sessionId: LABEL_CARRIER_ID, label: payload.text },
      source,
      budgets: budgetsFor(source, huge),
    });
    return;
  }
  // Ids are capped: the JSONL store names files after the (escaped) id, and long ones hit ENAMETOOLONG.
  const id = placement === 'sessionId+cwd' ? `corpus-id-${payload.text.slice(0, ID_PAYLOAD_UNITS)}` : `corpus-${placement}-${payload.name}`;
  const cwd = placement === 'sessionId+cwd' ? `/${payload.text}` : undefined;
  const items = itemsFor(placement, payload.text, huge);
  try {
    const written = await writeSession(host, { id, ...(cwd === undefined ? {} : { cwd }), items, live: true });
    const source: ExpectedSource = {
      sessionId: id,
      label: cleanLabel(id, { redact: true }), // the id stands in for the label, and is cleaned as one
      cwd: cwd ?? null,
      capturedThroughSeq: written.lastSeq,
      messages: projectItems(items),
    };
    cases.push({ payload: payload.name, placement, reference: { sessionId: id }, source, budgets: budgetsFor(source, huge) });
  } catch (error) {
    refused.push(`${payload.name} as ${placement}: ${(error as Error).message.slice(0, 160)}`);
  }
}

/** Appends one completed turn holding `messages` to a live session (user prompts as steering within one step, then one reply). */
function appendTurn(session: Session, turn: number, prompts: readonly string[], reply?: string): void {
  session.append('turn/start', { turn });
  session.append('step/start', { turn, step: 1 });
  for (const text of prompts) {
    session.append('user/message', createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'user' } }), {
      surfaceOp: 'append',
    });
  }
  if (reply !== undefined) {
    const message = createAssistantMessage({ content: [{ type: 'text', text: reply }], source: { provider: 'test', model: 'm' } });
    session.append('assistant/message', { turn, step: 1, message }, { surfaceOp: 'append' });
  }
  session.append('step/end', { turn, step: 1 });
  session.append('turn/end', { turn, reason: { kind: 'completed' } });
}

function liveSession(id: string): Session {
  const host = corpusHost();
  const session = host.ctx.sessions.prepare(SessionId(id), { meta: {} });
  host.ctx.sessions.enter(session);
  host.ctx.sessions.announce(session);
  return session;
}

/** Titles flow into labels through discovery: title → candidate label → mention → parsed reference. */
export async function writeTitleCases(): Promise<void> {
  const host = corpusHost();
  await host.ctx.plugin(SessionProjectionRegistry);
  await host.ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: MAX_TITLE_BYTES });
  const titled: { payload: Payload; session: Session; title: string }[] = [];
  for (const payload of PAYLOADS) {
    const title = normalizeSessionTitle(payload.text, MAX_TITLE_BYTES);
    if (title === '') {
      refused.push(`${payload.name} as title: normalizes to an empty title (the title service rejects it)`);
      continue;
    }
    const session = liveSession(`corpus-title-${payload.name}`);
    host.ctx.sessionTitle.rename(session, payload.text); // pins the title: no automatic generation follows
    appendTurn(session, 1, ['titled session'], 'ok');
    await host.ctx.sessions.flush(session);
    titled.push({ payload, session, title });
  }
  liveSources.push(`${titled.length} titled sources (live: discovery reads a live session's title from its projection)`);
  const fiber = host.ctx.plugin(SessionReferenceResolver, {});
  await fiber;
  const service = host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
  const candidates = await service.listCandidates(agent, '', 100_000);
  await fiber.dispose();
  for (const { payload, session, title } of titled) {
    const candidate = candidates.find((c) => c.sessionId === session.id);
    // A title is untrusted text: the candidate carries it cleaned, and so do the mention and what follows.
    expect(candidate?.label, payload.name).toBe(cleanLabel(title, { redact: true }));
    const mention = formatSessionReferenceMention(candidate!);
    const parsed = parseSessionReferenceText(mention);
    expect(parsed.references, payload.name).toEqual([{ sessionId: session.id, label: cleanLabel(title, { redact: true }) }]);
    const reference = parsed.references[0]!;
    const source: ExpectedSource = {
      sessionId: session.id,
      label: reference.label,
      cwd: null,
      capturedThroughSeq: session.seq - 1,
      messages: [
        { role: 'user', text: 'titled session', checkpoint: false },
        { role: 'assistant', text: 'ok', checkpoint: false },
      ],
    };
    cases.push({ payload: payload.name, placement: 'title', reference, source, budgets: budgetsFor(source, payload.huge === true) });
  }
}

function tinyText(i: number): string {
  return ['<', '"', '\\', '\uD800', '</referenced-sessions>', '\u2028', 'x'][i % 7]! + String(i % 100);
}

/** The 100k-message source, written as one turn of steering prompts (live: a persisted reload of it takes ~10 s). */
export function writeTinyMessages(): ExpectedSource {
  const session = liveSession('corpus-100k-tiny-messages');
  const prompts = Array.from({ length: TINY_MESSAGE_COUNT - 1 }, (_, i) => tinyText(i));
  appendTurn(session, 1, prompts, tinyText(TINY_MESSAGE_COUNT - 1));
  liveSources.push(`corpus-100k-tiny-messages (live for speed: ${TINY_MESSAGE_COUNT} messages)`);
  const messages: ExpectedMessage[] = prompts.map((text) => ({ role: 'user', text, checkpoint: false }));
  messages.push({ role: 'assistant', text: tinyText(TINY_MESSAGE_COUNT - 1), checkpoint: false });
  return { sessionId: session.id, label: session.id, cwd: null, capturedThroughSeq: session.seq - 1, messages };
}

/**
 * Persisted sources, read back cold from the JSONL store. They are written while the store holds
 * almost nothing else: a cold `readSurface` lists the whole store (measured ~1 ms per stored
 * session), so the big placement matrix uses live sources.
 */
export function persistedSpecs(): { id: string; items: SessionItem[] }[] {
  const small = PAYLOADS.filter((p) => p.huge !== true);
  const huge = PAYLOADS.filter((p) => p.huge === true);
  return [
    {
      id: 'corpus-persisted-conversation',
      items: small.flatMap((p, i): SessionItem[] => [
        { kind: 'user', text: p.text },
        i % 3 === 0
          ? { kind: 'tool', name: 'read', args: { q: p.text }, result: p.text, text: p.text }
          : { kind: 'assistant', reasoning: p.text, text: p.text },
        ...(i % 4 === 0
          ? [{ kind: 'plugin', plugin: 'watcher', text: p.text } as const, { kind: 'reference', text: p.text } as const]
          : []),
      ]),
    },
    {
      id: 'corpus-persisted-checkpoints',
      items: small.flatMap((p, i): SessionItem[] => [
        { kind: 'user', text: `question ${i}` },
        { kind: 'assistant', text: p.text },
        { kind: 'compaction', summary: p.text, first: 0, last: -1 },
      ]),
    },
    ...huge.map((p) => ({
      id: `corpus-persisted-${p.name}`,
      items: [{ kind: 'user', text: p.text } as const, { kind: 'assistant', text: `${p.text}!` } as const],
    })),
  ];
}
