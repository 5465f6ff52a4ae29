/** The injection corpus's host and runner: a real host whose reads and saves are recorded, one plugin mount per budget, and each prepare checked against every invariant. */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import SessionReferenceResolver, { SessionReferenceError } from '../../src/index.ts';
import type { PreparedReferencedMessage } from '../../src/types.ts';
import type { ExpectedSource, SavedTranscript } from './expected-source.ts';
import { bootHost, writeSession } from './host.ts';
import type { Host } from './host.ts';
import { CORPUS_BYSTANDER_ID, CORPUS_TARGET_ID } from './payloads.ts';
import { checkPrepared } from './prepared-check.ts';
import { DEFAULT_BUDGET, fullPreviewBytes, minimalPreviewBytes } from './preview-size.ts';

/** Where a payload sits in a source; `sessionId+cwd`: one source whose id and working directory both carry the payload. */
export const PLACEMENTS = ['user', 'assistant', 'checkpoint', 'label', 'title', 'sessionId+cwd'] as const;
/** One of {@link PLACEMENTS}. */
export type Placement = (typeof PLACEMENTS)[number];
/** Budgets shared by every source (one plugin mount each), kept when at least the source's minimum. */
const LADDER = [256, 1024, 4096, 16_384, DEFAULT_BUDGET];
/** UTF-16 units of a payload used in a session id (longer ids overflow the JSONL store's file names). */
export const ID_PAYLOAD_UNITS = 40;

/** One payload in one placement: the reference that cites it, the source it must come back as, the budgets it is tried at. */
export interface Case {
  payload: string;
  placement: Placement;
  reference: { sessionId: string; label?: string };
  source: ExpectedSource;
  budgets: number[];
}

let tmp: string;
let host: Host;
const reads: string[] = [];
const restores: (() => void)[] = [];
/** The placement cases written so far. */
export const cases: Case[] = [];
/** Every id ever read, across all prepares. */
export const everRead = new Set<string>();
/** The saves observed during the current prepare. */
export const saves: SavedTranscript[] = [];
/** Placements the host refused, with its reason. */
export const refused: string[] = [];
/** Sources kept live, and why. */
export const liveSources: string[] = [];
/** What the runs did, for the summary printed after the file. */
export const figures = {
  persistedSources: 0,
  prepares: 0,
  fits: 0,
  budgetExceeded: 0,
  checks: 0,
  transcripts: 0,
  truncated: 0,
  budgets: new Set<number>(),
};

/** The citing agent: the corpus's target session. */
export const agent = { id: CORPUS_TARGET_ID, session: { header: { cwd: '/corpus' } } };
/** The content the agent sends with its citations. */
export const content: ContentBlock[] = [{ type: 'text', text: 'what did @source say?' }];

/** The host, once the file's `beforeAll` booted it. */
export const corpusHost = (): Host => host;

/** Budgets a source is tried at: around its smallest preview, a shared ladder, around its full preview, and the default. */
export function budgetsFor(source: ExpectedSource, huge: boolean): number[] {
  const min = minimalPreviewBytes(source);
  const full = fullPreviewBytes(source);
  const wanted = huge
    ? [min - 1, min, Math.floor((min + DEFAULT_BUDGET) / 2), DEFAULT_BUDGET]
    : [min - 1, min, min + 1, min + 16, ...LADDER.filter((b) => b < full), full - 1, full, DEFAULT_BUDGET];
  const ceiling = Math.max(DEFAULT_BUDGET, min);
  return [...new Set(wanted)].filter((b) => b >= min - 1 && b >= 0 && b <= ceiling).sort((a, b) => a - b);
}

/**
 * Registers the file's hooks: boots the host with every read and save recorded and the bystander stored, and
 * after the file prints what the runs did under `name`.
 */
export function useCorpusHost(name: string): void {
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-corpus-'));
    host = await bootHost({
      root: join(tmp, 'sessions'),
      compression: 'none',
      agentLoop: false,
      llm: false,
      spillRoot: join(tmp, 'spill'),
    });

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
    await host.dispose();
    await rm(tmp, { recursive: true, force: true });
    console.log(
      [
        `${name}: ${cases.length} placement cases, ${figures.persistedSources} persisted sources`,
        `${figures.prepares} prepares at ${figures.budgets.size} distinct budgets: ${figures.fits} checked results, ${figures.budgetExceeded} expected BUDGET_EXCEEDED`,
        `${figures.checks} invariant checks, ${figures.truncated} truncated previews, ${figures.transcripts} transcripts decoded`,
        `refused by the host: ${refused.length === 0 ? 'none' : `\n  ${refused.join('\n  ')}`}`,
        `live sources: ${liveSources.join('; ')}`,
      ].join('\n'),
    );
  });
}

/** Runs `run` with the resolver mounted at `budget`, unmounting it after. */
export async function withBudget<T>(budget: number, run: (service: SessionReferenceResolver) => Promise<T>): Promise<T> {
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
export async function runMany(
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
  try {
    result = await service.prepare(agent, content, references);
  } catch (error) {
    if (!fits && error instanceof SessionReferenceError && error.code === 'SESSION_REFERENCE_BUDGET_EXCEEDED') {
      figures.budgetExceeded++;
      if (saves.length > 0) return `${where}: saved ${saves.length} transcript(s) before failing`;
      if (!readOk()) return `${where}: read ${JSON.stringify(reads).slice(0, 200)}`;
      return undefined;
    }
    return `${where}: prepare threw ${(error as Error).name} ${(error as { code?: string }).code ?? ''}: ${(error as Error).message.slice(0, 300)}`;
  }
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

/** One prepare of one source at one budget, checked as {@link runMany} checks it. */
export function runOne(
  service: SessionReferenceResolver,
  label: string,
  reference: Case['reference'],
  source: ExpectedSource,
  budget: number,
): Promise<string | undefined> {
  return runMany(service, label, [reference], [source], budget);
}

/** Runs every (case, budget) pair, one plugin mount per distinct budget. */
export async function runCases(selected: readonly Case[]): Promise<string[]> {
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
