// Injection corpus in a real host: every hostile payload, in every field of a source, at budgets from the smallest that fits to the default, keeps the framing, the budget, exact omission counts and an exact transcript.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistantMessage, createUserMessage } from '@deepseek-ai/dsh-llm';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type { Session } from '@deepseek-ai/dsh-session';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionTitleService, { normalizeSessionTitle } from '@deepseek-ai/dsh-session-title';
import SessionReferenceResolver, { SessionReferenceError, formatSessionReferenceMention, parseSessionReferenceText } from '../src/index.ts';
import type { PreparedReferencedMessage } from '../src/types.ts';
import { bootHost, writeSession } from './support/host.ts';
import type { Host, SessionItem } from './support/host.ts';
import { projectItems } from './support/expected-source.ts';
import type { ExpectedMessage, ExpectedSource, SavedTranscript } from './support/expected-source.ts';
import { checkPrepared, InvariantViolation } from './support/prepared-check.ts';
import { DEFAULT_BUDGET, fullPreviewBytes, minimalPreviewBytes } from './support/preview-size.ts';
import { CORPUS_BYSTANDER_ID, CORPUS_TARGET_ID, PAYLOADS, TINY_MESSAGE_COUNT } from './corpus/payloads.ts';
import type { Payload } from './corpus/payloads.ts';

/** `sessionId+cwd`: one source whose id and working directory both carry the payload. */
const PLACEMENTS = ['user', 'assistant', 'checkpoint', 'label', 'title', 'sessionId+cwd'] as const;
type Placement = (typeof PLACEMENTS)[number];
/** Budgets shared by every source (one plugin mount each), kept when at least the source's minimum. */
const LADDER = [256, 1024, 4096, 16_384, DEFAULT_BUDGET];
const MAX_TITLE_BYTES = 4 << 20;
/** UTF-16 units of a payload used in a session id (longer ids overflow the JSONL store's file names). */
const ID_PAYLOAD_UNITS = 40;

interface Case {
  payload: string;
  placement: Placement;
  reference: { sessionId: string; label?: string };
  source: ExpectedSource;
  budgets: number[];
}

let tmp: string;
let host: Host;
const cases: Case[] = [];
const reads: string[] = [];
/** Every id ever read, across all prepares. */
const everRead = new Set<string>();
const saves: SavedTranscript[] = [];
const restores: (() => void)[] = [];
/** Placements the host refused, with its reason. */
const refused: string[] = [];
/** Sources kept live, and why. */
const liveSources: string[] = [];
const figures = {
  persistedSources: 0,
  writeMs: {} as Record<string, number>,
  prepareMs: 0,
  prepares: 0,
  fits: 0,
  budgetExceeded: 0,
  checks: 0,
  transcripts: 0,
  truncated: 0,
  budgets: new Set<number>(),
};

const agent = { id: CORPUS_TARGET_ID, session: { header: { cwd: '/corpus' } } };
const content: ContentBlock[] = [{ type: 'text', text: 'what did @source say?' }];

function budgetsFor(source: ExpectedSource, huge: boolean): number[] {
  const min = minimalPreviewBytes(source);
  const full = fullPreviewBytes(source);
  const wanted = huge
    ? [min - 1, min, Math.floor((min + DEFAULT_BUDGET) / 2), DEFAULT_BUDGET]
    : [min - 1, min, min + 1, min + 16, ...LADDER.filter((b) => b < full), full - 1, full, DEFAULT_BUDGET];
  const ceiling = Math.max(DEFAULT_BUDGET, min);
  return [...new Set(wanted)].filter((b) => b >= min - 1 && b >= 0 && b <= ceiling).sort((a, b) => a - b);
}

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
let tinySource: ExpectedSource | undefined;

async function writeCase(payload: Payload, placement: Exclude<Placement, 'title'>): Promise<void> {
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
    const source = { ...labelCarrier, label: payload.text };
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
      label: id,
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
  const session = host.ctx.sessions.prepare(SessionId(id), { meta: {} });
  host.ctx.sessions.enter(session);
  host.ctx.sessions.announce(session);
  return session;
}

/** Titles flow into labels through discovery: title → candidate label → mention → parsed reference. */
async function writeTitleCases(): Promise<void> {
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
    expect(candidate?.label, payload.name).toBe(title);
    const mention = formatSessionReferenceMention(candidate!);
    const parsed = parseSessionReferenceText(mention);
    expect(parsed.references, payload.name).toEqual([{ sessionId: session.id, label: title }]);
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
function writeTinyMessages(): ExpectedSource {
  const session = liveSession('corpus-100k-tiny-messages');
  const prompts = Array.from({ length: TINY_MESSAGE_COUNT - 1 }, (_, i) => tinyText(i));
  appendTurn(session, 1, prompts, tinyText(TINY_MESSAGE_COUNT - 1));
  liveSources.push(`corpus-100k-tiny-messages (live for speed: ${TINY_MESSAGE_COUNT} messages)`);
  const messages: ExpectedMessage[] = prompts.map((text) => ({ role: 'user', text, checkpoint: false }));
  messages.push({ role: 'assistant', text: tinyText(TINY_MESSAGE_COUNT - 1), checkpoint: false });
  return { sessionId: session.id, label: session.id, cwd: null, capturedThroughSeq: session.seq - 1, messages };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-corpus-'));
  host = await bootHost({ root: join(tmp, 'sessions'), compression: 'none', agentLoop: false, llm: false, spillRoot: join(tmp, 'spill') });

  const query = host.ctx.sessionQuery as unknown as { readSurface: (id: string) => Promise<unknown> };
  const readSurface = query.readSurface;
  query.readSurface = function (id: string) {
    reads.push(id);
    everRead.add(id);
    return readSurface.call(this, id);
  };
  restores.push(() => void (query.readSurface = readSurface));
  const store = host.ctx.spillStore as unknown as { saveText: (input: Record<string, unknown>) => Promise<SavedTranscript['ref']> };
  const saveText = store.saveText;
  store.saveText = async function (input: Record<string, unknown>) {
    const owner = input.owner as { sessionId: string };
    const source = input.source as { sessionId: string; label: string };
    const record: SavedTranscript = {
      ownerSessionId: owner.sessionId,
      sessionId: source.sessionId,
      label: source.label,
      suggestedName: input.suggestedName as string,
      content: input.content as string,
    };
    saves.push(record);
    const ref = await saveText.call(this, input);
    record.ref = ref;
    return ref;
  };
  restores.push(() => void (store.saveText = saveText));

  await writeSession(host, { id: CORPUS_BYSTANDER_ID, items: [{ kind: 'user', text: 'a secret nobody cites' }] });
}, 120_000);

afterAll(async () => {
  for (const restore of restores.splice(0)) restore();
  await host?.dispose();
  await rm(tmp, { recursive: true, force: true });
  console.log(
    [
      `corpus: ${PAYLOADS.length + 1} payloads (${PAYLOADS.length} texts + ${TINY_MESSAGE_COUNT} tiny messages), ${cases.length + 1} placement cases, ${figures.persistedSources} persisted sources`,
      `${figures.prepares} prepares at ${figures.budgets.size} distinct budgets: ${figures.fits} checked results, ${figures.budgetExceeded} expected BUDGET_EXCEEDED`,
      `time inside prepare: ${Math.round(figures.prepareMs)} ms; writing: ${JSON.stringify(figures.writeMs, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))} ms`,
      `${figures.checks} invariant checks, ${figures.truncated} truncated previews, ${figures.transcripts} transcripts decoded`,
      `refused by the host: ${refused.length === 0 ? 'none' : `\n  ${refused.join('\n  ')}`}`,
      `live sources: ${liveSources.join('; ')}`,
    ].join('\n'),
  );
});

async function withBudget<T>(budget: number, run: (service: SessionReferenceResolver) => Promise<T>): Promise<T> {
  const fiber = host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: budget });
  await fiber;
  try {
    return await run(host.ctx.get('sessionReferenceResolver') as SessionReferenceResolver);
  } finally {
    await fiber.dispose();
  }
}

/**
 * One prepare of the given sources at one budget, checked: BUDGET_EXCEEDED exactly when even the
 * minimal preview of some source cannot fit, only the cited sources read (each once), and every
 * invariant of {@link checkPrepared}.
 * @returns a failure description, or undefined.
 */
async function runMany(
  service: SessionReferenceResolver,
  label: string,
  references: readonly Case['reference'][],
  sources: readonly ExpectedSource[],
  budget: number,
): Promise<string | undefined> {
  reads.length = 0;
  saves.length = 0;
  figures.prepares++;
  figures.budgets.add(budget);
  const where = `${label} @ budget ${budget}`;
  const minimal = Math.max(...sources.map(minimalPreviewBytes));
  const fits = minimal <= budget;
  const cited = JSON.stringify(sources.map((s) => s.sessionId).sort());
  const readOk = () => JSON.stringify([...reads].sort()) === cited;
  let result: PreparedReferencedMessage;
  const started = performance.now();
  try {
    result = await service.prepare(agent, content, references);
  } catch (error) {
    figures.prepareMs += performance.now() - started;
    if (!fits && error instanceof SessionReferenceError && error.code === 'SESSION_REFERENCE_BUDGET_EXCEEDED') {
      figures.budgetExceeded++;
      if (saves.length > 0) return `${where}: saved ${saves.length} transcript(s) before failing`;
      if (!readOk()) return `${where}: read ${JSON.stringify(reads).slice(0, 200)}`;
      return undefined;
    }
    return `${where}: prepare threw ${(error as Error).name} ${(error as { code?: string }).code ?? ''}: ${(error as Error).message.slice(0, 300)}`;
  }
  figures.prepareMs += performance.now() - started;
  if (!fits) return `${where}: succeeded although the minimal preview takes ${minimal} bytes`;
  if (!readOk()) return `${where}: readSurface called for ${JSON.stringify(reads).slice(0, 200)}`;
  try {
    const report = checkPrepared(result, { sources, budget, transcripts: [...saves], targetSessionId: CORPUS_TARGET_ID, content });
    figures.fits++;
    figures.checks += report.checks;
    figures.truncated += report.truncated;
    for (const save of saves) {
      if (save.ref === undefined || !isAbsolute(save.ref.locator)) continue;
      const onDisk = await readFile(save.ref.locator, 'utf8');
      if (onDisk !== save.content) return `${where}: the saved file differs from the transcript handed to the store`;
      figures.transcripts++;
    }
  } catch (error) {
    return `${where}: ${(error as Error).message.slice(0, 2000)}`;
  }
  return undefined;
}

function runOne(
  service: SessionReferenceResolver,
  label: string,
  reference: Case['reference'],
  source: ExpectedSource,
  budget: number,
): Promise<string | undefined> {
  return runMany(service, label, [reference], [source], budget);
}

/** Runs every (case, budget) pair, one plugin mount per distinct budget. */
async function runCases(selected: readonly Case[]): Promise<string[]> {
  const byBudget = new Map<number, Case[]>();
  for (const c of selected) for (const b of c.budgets) byBudget.set(b, [...(byBudget.get(b) ?? []), c]);
  const failures: string[] = [];
  for (const [budget, group] of [...byBudget].sort((a, b) => a[0] - b[0])) {
    await withBudget(budget, async (service) => {
      for (const c of group) {
        const failure = await runOne(service, `${c.payload} in ${c.placement}`, c.reference, c.source, budget);
        if (failure !== undefined) failures.push(failure);
      }
    });
  }
  return failures;
}

/**
 * Persisted sources, read back cold from the JSONL store. They are written while the store holds
 * almost nothing else: a cold `readSurface` lists the whole store (measured ~1 ms per stored
 * session), so the big matrix below uses live sources.
 */
function persistedSpecs(): { id: string; items: SessionItem[] }[] {
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

describe('injection corpus', () => {
  it('has at least 40 payloads with unique names', () => {
    expect(PAYLOADS.length + 1).toBeGreaterThanOrEqual(40);
    expect(new Set(PAYLOADS.map((p) => p.name)).size).toBe(PAYLOADS.length);
  });

  it('the checker itself fails on tampered results (so a pass means something)', async () => {
    const items: SessionItem[] = [
      { kind: 'user', text: `old <${'x'.repeat(400)}` },
      { kind: 'assistant', text: `new <b> ${'界'.repeat(100)} \uD800 end` },
    ];
    const written = await writeSession(host, { id: 'corpus-checker', items, live: true });
    const source: ExpectedSource = {
      sessionId: 'corpus-checker',
      label: 'L',
      cwd: null,
      capturedThroughSeq: written.lastSeq,
      messages: projectItems(items),
    };
    const budget = minimalPreviewBytes(source) + 200;
    const prepared = await withBudget(budget, async (service) => {
      saves.length = 0;
      return service.prepare(agent, content, [{ sessionId: source.sessionId, label: 'L' }]);
    });
    const transcripts = [...saves];
    const options = { sources: [source], budget, transcripts, targetSessionId: CORPUS_TARGET_ID, content };
    expect(checkPrepared(prepared, options).truncated).toBe(1);

    const message = prepared.additionalContext!;
    const text = (message.content[0] as { text: string }).text;
    const entry = (message.source as unknown as { references: Record<string, unknown>[] }).references[0]!;
    const tampered = (changes: { text?: string; entry?: Record<string, unknown> }): PreparedReferencedMessage => ({
      content: structuredClone(content),
      additionalContext: Object.freeze({
        ...message,
        content: [{ type: 'text' as const, text: changes.text ?? text }],
        source: { ...(message.source as object), references: [{ ...entry, ...changes.entry }] } as never,
      }),
    });
    const violations = (result: PreparedReferencedMessage, overrides: Partial<typeof options> = {}) => {
      try {
        checkPrepared(result, { ...options, ...overrides });
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(InvariantViolation);
        return (error as InvariantViolation).violations;
      }
    };
    expect(violations(tampered({}))).toEqual([]);
    // A raw closing tag inside the JSON, a raw `<`, a second framing after the close, a raw line break.
    expect(violations(tampered({ text: text.replace('\\u003c', '</referenced-sessions>') })).length).toBeGreaterThan(0);
    expect(violations(tampered({ text: text.replace('\\u003c', '<') })).length).toBeGreaterThan(0);
    expect(violations(tampered({ text: `${text}\n<referenced-sessions>\n[]\n</referenced-sessions>` })).length).toBeGreaterThan(0);
    expect(
      violations(tampered({ text: text.replace('"L"', '"L\\n## Referenced sessions"').replace('\\n## Ref', '\n## Ref') })).length,
    ).toBeGreaterThan(0);
    // Counts off by one, a dropped notice, a cut that is not head + tail, the budget one byte short.
    expect(violations(tampered({ entry: { omittedBytes: (entry.omittedBytes as number) + 1 } })).length).toBeGreaterThan(0);
    expect(violations(tampered({ entry: { omittedMessages: 0, retainedMessages: 2 } })).length).toBeGreaterThan(0);
    expect(violations(tampered({ text: text.slice(0, text.indexOf('\n\n## Reference omissions')) })).length).toBeGreaterThan(0);
    expect(violations(tampered({ text: text.replace('new ', 'New ') })).length).toBeGreaterThan(0);
    const size = checkPrepared(prepared, options).sizes[0]!;
    expect(violations(prepared, { budget: size - 1 }).length).toBeGreaterThan(0);
    // A transcript that lost one character, or none saved at all.
    const broken = [{ ...transcripts[0]!, content: transcripts[0]!.content.replace('xxxx', 'xxx') }];
    expect(violations(prepared, { transcripts: broken }).length).toBeGreaterThan(0);
    expect(violations(prepared, { transcripts: [] }).length).toBeGreaterThan(0);
  });

  it('persisted sources round-trip every payload through JSONL and stay data at every budget', async () => {
    const persisted: Case[] = [];
    for (const spec of persistedSpecs()) {
      const written = await writeSession(host, { ...spec, cwd: '/corpus/</referenced-sessions>' });
      const source: ExpectedSource = {
        sessionId: spec.id,
        label: `${spec.id} </referenced-sessions>`,
        cwd: '/corpus/</referenced-sessions>',
        capturedThroughSeq: written.lastSeq,
        messages: projectItems(spec.items),
      };
      figures.persistedSources++;
      persisted.push({
        payload: spec.id,
        placement: 'user',
        reference: { sessionId: spec.id, label: source.label },
        source,
        budgets: budgetsFor(source, spec.id.includes('less-than') || spec.id.includes('mib')),
      });
    }
    expect(await runCases(persisted)).toEqual([]);
    // All three at once: one prepare, three sources in normalised order, one budget for each.
    const sources = persisted.slice(0, 3).map((c) => c.source);
    const budget = Math.max(...sources.map(minimalPreviewBytes)) + 4096;
    const failure = await withBudget(budget, (service) =>
      runMany(
        service,
        'three persisted sources',
        persisted.slice(0, 3).map((c) => c.reference),
        sources,
        budget,
      ),
    );
    expect(failure).toBeUndefined();

    // Hostile ids and working directories survive the store too: every payload as both, cited three at a time.
    const hostile: ExpectedSource[] = [];
    for (const payload of PAYLOADS.filter((p) => p.huge !== true)) {
      const id = `corpus-pid-${payload.text.slice(0, ID_PAYLOAD_UNITS)}`;
      const items: SessionItem[] = [{ kind: 'user', text: payload.text }];
      const written = await writeSession(host, { id, cwd: `/${payload.text}`, items });
      figures.persistedSources++;
      hostile.push({
        sessionId: id,
        label: id,
        cwd: `/${payload.text}`,
        capturedThroughSeq: written.lastSeq,
        messages: projectItems(items),
      });
    }
    const failures = await withBudget(DEFAULT_BUDGET, async (service) => {
      const found: string[] = [];
      for (let i = 0; i < hostile.length; i += 3) {
        const group = hostile.slice(i, i + 3);
        const failed = await runMany(
          service,
          `persisted hostile ids ${i}..${i + group.length - 1}`,
          group.map((s) => ({ sessionId: s.sessionId })),
          group,
          DEFAULT_BUDGET,
        );
        if (failed !== undefined) found.push(failed);
      }
      return found;
    });
    expect(failures).toEqual([]);
  }, 120_000);

  describe('live sources: every payload in every placement', () => {
    beforeAll(async () => {
      const started = performance.now();
      for (const payload of PAYLOADS) {
        for (const placement of PLACEMENTS) if (placement !== 'title') await writeCase(payload, placement);
      }
      liveSources.push(`${cases.length} payload placements (live: see the persisted test for the JSONL round trip)`);
      // Before the title service mounts: it re-reads a session's whole log on every user message.
      const tiny = performance.now();
      tinySource = writeTinyMessages();
      const titles = performance.now();
      await writeTitleCases();
      figures.writeMs = { placements: tiny - started, tiny: titles - tiny, titles: performance.now() - titles };
    }, 120_000);

    it.each(PLACEMENTS)('every payload in %s stays data at every budget from the smallest that fits to the default', async (placement) => {
      const selected = cases.filter((c) => c.placement === placement);
      expect(selected.length).toBeGreaterThan(0);
      expect(await runCases(selected)).toEqual([]);
    });

    it(`${TINY_MESSAGE_COUNT} tiny messages stay exact at the smallest budget and the default`, async () => {
      const source = tinySource!;
      const failures: string[] = [];
      for (const budget of [minimalPreviewBytes(source), DEFAULT_BUDGET]) {
        await withBudget(budget, async (service) => {
          const failure = await runOne(service, 'tiny messages', { sessionId: source.sessionId }, source, budget);
          if (failure !== undefined) failures.push(failure);
        });
      }
      expect(failures).toEqual([]);
    }, 120_000);
  });

  it('never resolves a mention found inside a source: the bystander session is never read', () => {
    expect(figures.prepares).toBeGreaterThan(0);
    expect(everRead.has(CORPUS_BYSTANDER_ID)).toBe(false);
    expect(refused.filter((r) => / as (user|assistant|checkpoint|label):/.test(r))).toEqual([]);
  });
});
