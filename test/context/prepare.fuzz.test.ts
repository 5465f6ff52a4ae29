/** Prepare fuzzed over whole host sessions written through the real store (random event mixes, hostile unicode, 1–3 sources, random budgets and labels): every invariant on every run (`npm run fuzz` runs 10,000). */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import SessionReferenceResolver from '../../src/index.ts';
import { cleanLabel } from '../../src/mentions/label-text.ts';
import { bootHost, writeSession } from '../support/host.ts';
import type { Host, SessionItem } from '../support/host.ts';
import { projectItems } from '../support/expected-source.ts';
import type { ExpectedSource, SavedTranscript } from '../support/expected-source.ts';
import { checkOutcome } from '../support/outcome-check.ts';
import type { PrepareOutcome } from '../support/outcome-check.ts';
import { DEFAULT_BUDGET, fullPreviewBytes, minimalPreviewBytes } from '../support/preview-size.ts';
import { PAYLOADS, uriOf } from '../support/payloads.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 0x5e55_10e);
/**
 * Runs per host before a fresh host on a fresh root replaces it: a cold `readSurface` lists the
 * whole store (cost grows with every stored session) and live sessions are never detached.
 */
const RUNS_PER_HOST = 10;
/** Every PERSIST_EVERY-th source is persisted and read back cold; the others stay live. */
const PERSIST_EVERY = 4;

const TARGET_ID = 'fuzz-target';
const BYSTANDER_ID = 'fuzz-bystander';
const agent = { id: TARGET_ID, session: { header: { cwd: '/fuzz' } } };
const content: ContentBlock[] = [{ type: 'text', text: 'compare @a and @b' }];

// ---------------------------------------------------------------- generators

/** Single "characters" that stress escaping, sizing and cutting. */
const SPECIAL_UNITS = [
  '<',
  '>',
  '"',
  '\\',
  '/',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001f',
  '\u2028',
  '\u2029',
  '\uFEFF',
  '\u202E',
  '\u200D',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '😀',
  '👩‍👧',
  '界',
  'é',
  'e\u0301',
  '…',
  ']',
  '[',
  '@',
  ' ',
  'a',
  'z',
  '0',
  '9',
];
/** Fragments lifted from the injection corpus plus mentions of the target and of a session nobody cites. */
const FRAGMENTS = [
  ...PAYLOADS.filter((p) => p.huge !== true).map((p) => p.text.slice(0, 300)),
  `@[me](${uriOf(TARGET_ID)})`,
  `@[other](${uriOf(BYSTANDER_ID)})`,
  uriOf(BYSTANDER_ID),
  '\n[… omitted 12 UTF-8 bytes …]',
  '\n[… omitted 12 UTF-8 bytes …]\n',
];

const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_UNITS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);
const shortText = fc.string({ unit, maxLength: 40 });
const text = fc.oneof(
  { weight: 6, arbitrary: shortText },
  { weight: 2, arbitrary: fc.constantFrom(...FRAGMENTS) },
  {
    weight: 2,
    arbitrary: fc.array(fc.oneof(shortText, fc.constantFrom(...FRAGMENTS)), { minLength: 2, maxLength: 6 }).map((parts) => parts.join('')),
  },
  // Big texts force drops and cuts at most budgets.
  {
    weight: 1,
    arbitrary: fc.tuple(fc.oneof(shortText, fc.constantFrom(...FRAGMENTS)), fc.integer({ min: 20, max: 400 })).map(([s, n]) => s.repeat(n)),
  },
  { weight: 1, arbitrary: fc.constant('') },
);

/** A compaction before its indexes are resolved against the surface at that point. */
type RawItem = Exclude<SessionItem, { kind: 'compaction' }> | { kind: 'compaction'; summary: string; a: number; b: number };

const rawItem: fc.Arbitrary<RawItem> = fc.oneof(
  { weight: 5, arbitrary: text.map((t): RawItem => ({ kind: 'user', text: t })) },
  {
    weight: 5,
    arbitrary: fc
      .record({ text: fc.option(text, { nil: undefined }), reasoning: fc.option(text, { nil: undefined }) })
      .map((r): RawItem =>
        r.text === undefined && r.reasoning === undefined ? { kind: 'assistant', text: '' } : { kind: 'assistant', ...r },
      )
      .map((r) => JSON.parse(JSON.stringify(r)) as RawItem),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        name: fc.constantFrom('read', 'bash', 'web_fetch'),
        args: text,
        result: text,
        isError: fc.boolean(),
        text: fc.option(text, { nil: undefined }),
      })
      .map((r): RawItem => ({
        kind: 'tool',
        name: r.name,
        args: { input: r.args },
        result: r.result,
        isError: r.isError,
        ...(r.text === undefined ? {} : { text: r.text }),
      })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ plugin: fc.constantFrom('watcher', 'memory', 'x'), text }).map((r): RawItem => ({ kind: 'plugin', ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ text, references: fc.array(fc.record({ sessionId: shortText, label: shortText }), { maxLength: 2 }) })
      .map((r): RawItem => ({ kind: 'reference', text: r.text, references: r.references })),
  },
  { weight: 2, arbitrary: fc.record({ summary: text, a: fc.nat(), b: fc.nat() }).map((r): RawItem => ({ kind: 'compaction', ...r })) },
);

/** Resolves compaction ranges against the surface node count at their point (dropping compactions of an empty surface). */
function resolveItems(raw: readonly RawItem[]): SessionItem[] {
  const items: SessionItem[] = [];
  let nodes = 0;
  for (const item of raw) {
    if (item.kind !== 'compaction') {
      items.push(item);
      nodes += item.kind === 'tool' ? 2 : 1;
      continue;
    }
    if (nodes === 0) continue;
    const first = item.a % nodes;
    const last = first + (item.b % (nodes - first));
    items.push({ kind: 'compaction', summary: item.summary, first, last });
    nodes -= last - first;
  }
  return items;
}

const sourceSpec = fc.record({
  items: fc
    .oneof(
      { weight: 5, arbitrary: fc.array(rawItem, { maxLength: 8 }) },
      { weight: 1, arbitrary: fc.array(rawItem, { minLength: 10, maxLength: 30 }) },
    )
    .map(resolveItems),
  cwd: fc.option(
    shortText.map((s) => `/${s}`),
    { nil: undefined },
  ),
  label: fc.option(text, { nil: undefined }),
  /** Suffix of the session id: usually plain, sometimes hostile. */
  idSuffix: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: shortText }),
});

const scenario = fc.record({
  sources: fc.array(sourceSpec, { minLength: 1, maxLength: 3 }),
  /** Cite one source a second time (another label): normalisation must skip it. */
  duplicate: fc.option(fc.record({ index: fc.nat(), label: text }), { nil: undefined, freq: 4 }),
  budget: fc.oneof(
    { weight: 2, arbitrary: fc.record({ mode: fc.constant('below' as const), delta: fc.integer({ min: 1, max: 40 }) }) },
    { weight: 2, arbitrary: fc.record({ mode: fc.constant('minimal' as const), delta: fc.integer({ min: 0, max: 3 }) }) },
    { weight: 6, arbitrary: fc.record({ mode: fc.constant('between' as const), delta: fc.double({ min: 0, max: 1, noNaN: true }) }) },
    { weight: 1, arbitrary: fc.record({ mode: fc.constant('full' as const), delta: fc.integer({ min: -1, max: 1 }) }) },
    { weight: 1, arbitrary: fc.record({ mode: fc.constant('default' as const), delta: fc.constant(0) }) },
  ),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------- host

let tmp: string;
let host: Host | undefined;
let hostRuns = 0;
let hostCount = 0;
let run = 0;
const reads: string[] = [];
const saves: SavedTranscript[] = [];
const stats = { runs: 0, budgetExceeded: 0, truncated: 0, sources: 0, persisted: 0, checks: 0, transcripts: 0, hosts: 0 };

async function freshHost(): Promise<Host> {
  await host?.dispose();
  if (hostCount > 0) {
    // Keep the disk small over 10,000 runs: the finished host's logs and transcripts go.
    await rm(join(tmp, `sessions-${hostCount - 1}`), { recursive: true, force: true });
    await rm(join(tmp, `spill-${hostCount - 1}`), { recursive: true, force: true });
  }
  hostRuns = 0;
  const index = hostCount++;
  stats.hosts++;
  const next = await bootHost({
    root: join(tmp, `sessions-${index}`),
    compression: index % 2 === 0 ? 'none' : 'zstd',
    agentLoop: false,
    llm: false,
    spillRoot: join(tmp, `spill-${index}`),
  });
  const query = next.ctx.sessionQuery as unknown as { readSurface: (id: string) => Promise<unknown> };
  const readSurface = query.readSurface;
  query.readSurface = function (id: string) {
    reads.push(id);
    return readSurface.call(this, id);
  };
  const store = next.ctx.spillStore as unknown as { saveText: (input: Record<string, unknown>) => Promise<SavedTranscript['ref']> };
  const saveText = store.saveText;
  store.saveText = async function (input: Record<string, unknown>) {
    const record: SavedTranscript = {
      ownerSessionId: (input.owner as { sessionId: string }).sessionId,
      sessionId: (input.source as { sessionId: string }).sessionId,
      label: (input.source as { label: string }).label,
      suggestedName: input.suggestedName as string,
      content: input.content as string,
    };
    saves.push(record);
    record.ref = await saveText.call(this, input);
    return record.ref;
  };
  await writeSession(next, { id: BYSTANDER_ID, items: [{ kind: 'user', text: 'nobody cites me' }] });
  host = next;
  return next;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-fuzz-'));
});

afterAll(async () => {
  await host?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

function chooseBudget(spec: Scenario['budget'], sources: readonly ExpectedSource[]): number {
  const minimal = Math.max(...sources.map(minimalPreviewBytes));
  const full = Math.max(...sources.map(fullPreviewBytes));
  switch (spec.mode) {
    case 'below':
      return Math.max(1, minimal - spec.delta);
    case 'minimal':
      return minimal + spec.delta;
    case 'between':
      return Math.max(1, Math.round(minimal + (Math.max(full, minimal) - minimal) * spec.delta));
    case 'full':
      return Math.max(1, full + spec.delta);
    case 'default':
      return DEFAULT_BUDGET;
  }
}

/** One fuzz run: write the sources, prepare once at the chosen budget, check everything. */
async function runScenario(s: Scenario): Promise<void> {
  const current = hostRuns >= RUNS_PER_HOST || host === undefined ? await freshHost() : host;
  hostRuns++;
  const id = run++;
  const sources: ExpectedSource[] = [];
  const references: { sessionId: string; label?: string }[] = [];
  for (const [k, spec] of s.sources.entries()) {
    const sessionId = `fz${id}-${k}${spec.idSuffix}`;
    const persisted = (stats.sources + 1) % PERSIST_EVERY === 0 && spec.items.length > 0;
    const written = await writeSession(current, {
      id: sessionId,
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      items: spec.items,
      live: !persisted,
    });
    stats.sources++;
    if (persisted) stats.persisted++;
    sources.push({
      sessionId,
      // A label (the id when none is given) is untrusted text: the context message carries it cleaned.
      label: cleanLabel(spec.label ?? sessionId, { redact: true }),
      cwd: spec.cwd ?? null,
      capturedThroughSeq: written.lastSeq >= 0 ? written.lastSeq : null,
      messages: projectItems(spec.items),
    });
    references.push(spec.label === undefined ? { sessionId } : { sessionId, label: spec.label });
  }
  if (s.duplicate !== undefined) {
    const index = s.duplicate.index % references.length;
    references.splice(index + 1, 0, { sessionId: references[index]!.sessionId, label: s.duplicate.label });
  }
  const budget = chooseBudget(s.budget, sources);

  // The default mode goes through automatic budget resolution (no llm service: the 64 KiB floor).
  const fiber = current.ctx.plugin(SessionReferenceResolver, s.budget.mode === 'default' ? {} : { maxReferenceBytes: budget });
  await fiber;
  try {
    const service = current.ctx.get('sessionReferenceResolver') as SessionReferenceResolver;
    reads.length = 0;
    saves.length = 0;
    let outcome: PrepareOutcome;
    try {
      outcome = { ok: true, result: await service.prepare(agent, content, references) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const report = checkOutcome(outcome, {
      sources,
      budget,
      reads: [...reads],
      transcripts: [...saves],
      targetSessionId: TARGET_ID,
      content,
    });
    stats.runs++;
    stats.checks += report.checks;
    stats.truncated += report.truncated;
    if (report.budgetExceeded) stats.budgetExceeded++;
    for (const save of saves) {
      if (save.ref === undefined || !isAbsolute(save.ref.locator)) continue;
      expect(await readFile(save.ref.locator, 'utf8')).toBe(save.content);
      stats.transcripts++;
    }
  } finally {
    await fiber.dispose();
  }
}

it(`prepare keeps every invariant over ${RUNS} random host sessions (seed ${SEED})`, async () => {
  await fc.assert(fc.asyncProperty(scenario, runScenario), { numRuns: RUNS, seed: SEED });
  console.log(
    `prepare fuzz: ${stats.runs} runs, seed ${SEED}, ` +
      `${stats.sources} sources (${stats.persisted} persisted and read back cold), ${stats.hosts} hosts, ` +
      `${stats.budgetExceeded} expected BUDGET_EXCEEDED, ${stats.truncated} truncated previews, ` +
      `${stats.transcripts} transcripts decoded, ${stats.checks} invariant checks`,
  );
  expect(stats.runs).toBeGreaterThanOrEqual(RUNS);
}, 3_600_000);
