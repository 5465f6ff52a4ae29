/** Writes sessions the way the agent loop logs them, through the real SessionStore and Session.append, and flushes them to disk: the tests' session writer. */
import { randomUUID } from 'node:crypto';
import type { Context } from '@deepseek-ai/cordis';
import { CompactionId, compactCheckpointSource } from '@deepseek-ai/dsh-compaction';
import { CallId, createAssistantMessage, createToolResultMessage, createUserMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock, MessageSource } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { JsonValue, Session } from '@deepseek-ai/dsh-session';

/**
 * One logical item of a source session. Turn and step boundaries are derived:
 * - `user` closes any open turn, opens a new turn and its first step, and appends the prompt (`source: {kind:'user'}`);
 * - `assistant` / `tool` append model output in the open step, opening a new step when the
 *   current one already holds model output (a turn is opened when none is open);
 * - `plugin` / `reference` append injected context in the open step (a new step after model
 *   output), or between turns when no turn is open;
 * - `compaction` closes any open turn and records a standalone manual compaction
 *   (`compaction/start` → `compaction/summary` → replacement `user/message` → `compaction/end`).
 */
export type SessionItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text?: string; reasoning?: string }
  | {
      kind: 'tool';
      /** Tool name. */
      name: string;
      /** Arguments: a raw JSON string, or a value to stringify. Defaults to `{}`. */
      args?: unknown;
      /** Tool-result text. */
      result: string;
      isError?: boolean;
      /** Optional assistant text before the tool call. */
      text?: string;
      /** Call id; defaults to a fresh unique id. */
      callId?: string;
    }
  | { kind: 'plugin'; plugin: string; text: string }
  | { kind: 'reference'; text: string; references?: JsonValue[] }
  | {
      kind: 'compaction';
      summary: string;
      /** Index into the current surface of the first shadowed node (negative counts from the end). Default 0. */
      first?: number;
      /** Index into the current surface of the last shadowed node (negative counts from the end). Default -1. */
      last?: number;
    };

/** What {@link writeSession} writes. */
export interface WriteSessionSpec {
  /** Session id. */
  id: string;
  /** Absolute working directory stored in the header. */
  cwd?: string;
  /** Header creation time (epoch ms); defaults to now. */
  createdAt?: number;
  /** Fork lineage parent stored in the header. */
  parentSession?: string;
  /** Provider recorded on assistant messages and compaction summaries. */
  provider: string;
  /** Model recorded with the provider. */
  model: string;
  items: readonly SessionItem[];
  /**
   * The title its user gave the session, logged after the items as an explicit rename: through the title
   * service when one is mounted, else as the `session/title` event the service would append.
   */
  title?: string;
  /**
   * Keep the session live in the store after writing. Default `false`: the
   * session is flushed and then detached, so readers observe it from persistence only.
   */
  live?: boolean;
}

/** Result of {@link writeSession}. */
export interface WrittenSession {
  id: SessionId;
  /** Surface-event seqs appended by each item, index-aligned with `items` (compaction: its replacement node). */
  itemSeqs: number[][];
  /** Seq of the last event written. */
  lastSeq: number;
  /** Final model-visible surface node seqs. */
  surface: readonly number[];
  /** The complete written log (frozen). */
  events: Session['events'];
}

/** Source kind of injected session-reference context. */
export const SESSION_REFERENCE_SOURCE = 'session-reference';

/**
 * Build the source of an injected session-reference recall message. Typed as
 * `MessageSource` by cast so a writer does not depend on the package's own
 * declaration merge.
 * @param references - the durable reference list carried by the source.
 * @returns `{ kind: 'session-reference', form: 'recall', version: 1, references }`.
 */
export function sessionReferenceSource(references: readonly JsonValue[] = []): MessageSource {
  return { kind: SESSION_REFERENCE_SOURCE, form: 'recall', version: 1, references: [...references] } as unknown as MessageSource;
}

/** Resolve a possibly negative index into an array of `length`. */
function resolveIndex(index: number, length: number): number {
  const resolved = index < 0 ? length + index : index;
  if (!Number.isInteger(resolved) || resolved < 0 || resolved >= length) {
    throw new RangeError(`surface index ${index} out of range for ${length} node(s)`);
  }
  return resolved;
}

/**
 * Write one session through the real `SessionStore` (prepare → enter → announce →
 * `Session.append`), then await `ctx.sessions.flush` so the JSONL backend has it on
 * disk. Unless `spec.live`, the session is then detached from the store.
 * @param host - anything carrying the host context.
 * @param spec - id, header metadata, and items.
 * @returns ids and seqs of what was written.
 */
export async function writeSession(host: { ctx: Context }, spec: WriteSessionSpec): Promise<WrittenSession> {
  const { ctx } = host;
  const { provider, model } = spec;
  const session = ctx.sessions.prepare(SessionId(spec.id), {
    meta: {
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      ...(spec.createdAt === undefined ? {} : { createdAt: spec.createdAt }),
      ...(spec.parentSession === undefined ? {} : { parentSession: SessionId(spec.parentSession) }),
    },
  });
  const detach = ctx.sessions.enter(session);
  try {
    ctx.sessions.announce(session);
    const itemSeqs = spec.items.map((item) => appendItem(session, item, provider, model));
    closeTurn(session);
    if (spec.title !== undefined) rename(ctx, session, spec.title);
    const flushed = await ctx.sessions.flush(session);
    if (!flushed) throw new Error(`session "${spec.id}": no durability listener flushed it (is persistence mounted?)`);
    return { id: session.id, itemSeqs, lastSeq: session.seq - 1, surface: [...session.surface.nodes], events: session.events };
  } finally {
    if (spec.live !== true) detach();
  }
}

function rename(ctx: Context, session: Session, title: string): void {
  const titles = ctx.get('sessionTitle');
  if (titles !== undefined) titles.rename(session, title);
  else session.append('session/title', { title, messageSeqs: [], source: { kind: 'user' } });
}

/** Turn/step cursor kept per session while writing. */
interface Cursor {
  turn: number;
  step: number;
  turnOpen: boolean;
  stepOpen: boolean;
  stepHasModelOutput: boolean;
}

const cursors = new WeakMap<Session, Cursor>();

function cursorOf(session: Session): Cursor {
  let cursor = cursors.get(session);
  if (cursor === undefined) {
    cursor = { turn: 0, step: 0, turnOpen: false, stepOpen: false, stepHasModelOutput: false };
    cursors.set(session, cursor);
  }
  return cursor;
}

function openTurn(session: Session): void {
  const cursor = cursorOf(session);
  if (cursor.turnOpen) return;
  cursor.turn += 1;
  cursor.step = 0;
  cursor.turnOpen = true;
  session.append('turn/start', { turn: cursor.turn });
}

function openStep(session: Session): void {
  const cursor = cursorOf(session);
  openTurn(session);
  if (cursor.stepOpen) session.append('step/end', { turn: cursor.turn, step: cursor.step });
  cursor.step += 1;
  cursor.stepOpen = true;
  cursor.stepHasModelOutput = false;
  session.append('step/start', { turn: cursor.turn, step: cursor.step });
}

function closeTurn(session: Session): void {
  const cursor = cursorOf(session);
  if (!cursor.turnOpen) return;
  if (cursor.stepOpen) session.append('step/end', { turn: cursor.turn, step: cursor.step });
  session.append('turn/end', { turn: cursor.turn, reason: { kind: 'completed' } });
  cursor.turnOpen = false;
  cursor.stepOpen = false;
}

/** Open a step that can take model output: a fresh step after earlier output. */
function modelStep(session: Session): Cursor {
  const cursor = cursorOf(session);
  if (!cursor.stepOpen || cursor.stepHasModelOutput) openStep(session);
  return cursor;
}

function appendInjected(session: Session, text: string, source: MessageSource): number[] {
  const cursor = cursorOf(session);
  if (cursor.turnOpen && (!cursor.stepOpen || cursor.stepHasModelOutput)) openStep(session);
  const message = createUserMessage({ content: [{ type: 'text', text }], source });
  return [session.append('user/message', message, { surfaceOp: 'append' }).seq];
}

function appendItem(session: Session, item: SessionItem, provider: string, model: string): number[] {
  switch (item.kind) {
    case 'user': {
      closeTurn(session);
      openStep(session);
      const message = createUserMessage({ content: [{ type: 'text', text: item.text }], source: { kind: 'user' } });
      return [session.append('user/message', message, { surfaceOp: 'append' }).seq];
    }
    case 'assistant': {
      const cursor = modelStep(session);
      const content: ContentBlock[] = [];
      if (item.reasoning !== undefined) content.push({ type: 'reasoning', text: item.reasoning });
      if (item.text !== undefined) content.push({ type: 'text', text: item.text });
      const message = createAssistantMessage({ content, source: { provider, model } });
      const seq = session.append('assistant/message', { turn: cursor.turn, step: cursor.step, message }, { surfaceOp: 'append' }).seq;
      cursor.stepHasModelOutput = true;
      return [seq];
    }
    case 'tool': {
      const cursor = modelStep(session);
      const callId = CallId(item.callId ?? `call-${randomUUID()}`);
      const args = typeof item.args === 'string' ? item.args : JSON.stringify(item.args ?? {});
      const content: ContentBlock[] = [];
      if (item.text !== undefined) content.push({ type: 'text', text: item.text });
      content.push({ type: 'tool-call', id: callId, name: item.name, arguments: args });
      const call = createAssistantMessage({ content, source: { provider, model } });
      const { turn, step } = cursor;
      const callSeq = session.append('assistant/message', { turn, step, message: call }, { surfaceOp: 'append' }).seq;
      cursor.stepHasModelOutput = true;
      session.append('tool/call', { turn, step, callId, name: item.name, arguments: args });
      const result = createToolResultMessage({
        callId,
        content: [{ type: 'text', text: item.result }],
        isError: item.isError ?? false,
      });
      const resultSeq = session.append(
        'tool/result',
        {
          turn,
          step,
          message: result,
          ...(item.isError === true ? { error: { name: 'Error', code: 'TOOL_FAILED' } } : {}),
        },
        { surfaceOp: 'append' },
      ).seq;
      return [callSeq, resultSeq];
    }
    case 'plugin':
      return appendInjected(session, item.text, { kind: 'plugin', plugin: item.plugin });
    case 'reference':
      return appendInjected(session, item.text, sessionReferenceSource(item.references));
    case 'compaction': {
      closeTurn(session);
      const nodes = session.surface.nodes;
      const first = resolveIndex(item.first ?? 0, nodes.length);
      const last = resolveIndex(item.last ?? -1, nodes.length);
      if (first > last) throw new RangeError(`compaction first ${first} is after last ${last}`);
      const shadowedSeqs = nodes.slice(first, last + 1);
      const start = nodes[first] as number;
      const end = nodes[last] as number;
      const compactionId = CompactionId(`compaction-${randomUUID()}`);
      const summary: ContentBlock[] = [{ type: 'text', text: item.summary }];
      session.append('compaction/start', { compactionId, turn: null });
      session.append('compaction/summary', {
        compactionId,
        summary,
        shadowedRange: { start, end },
        shadowedSeqs,
        shadowedTokenCount: 0,
        provider,
        model,
      });
      const checkpoint = createUserMessage({ content: summary, source: compactCheckpointSource(compactionId) });
      const seq = session.append('user/message', checkpoint, {
        surfaceOp: { op: 'replace', start, end },
        sourceEventSeqs: shadowedSeqs,
      }).seq;
      session.append('compaction/end', { compactionId, turn: null });
      return [seq];
    }
  }
}
