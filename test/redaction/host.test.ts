// Secret redaction through the real host: credentials in a cited session never reach the context text, the message
// source, the saved transcript or the target's log, at budgets that truncate and at ones that do not; look-alikes
// stay byte-exact; retention works on the redacted text; and `redactSecrets: false` gives the exact text.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SessionReferenceResolver, { formatSessionReferenceMention, readTranscript } from '../../src/index.ts';
import type { SessionReferenceAgent } from '../../src/types.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { readContent } from '../../src/arguments.ts';
import { prepareMessage } from '../../src/context/prepare.ts';
import { readPreparedContext } from '../../src/context/prepared-reading.ts';
import type { PreparedContextView } from '../../src/context/prepared-reading.ts';
import type { PreparedReferencedMessage } from '../../src/types.ts';
import { normalizeReferences } from '../../src/mentions/normalize.ts';
import { bootHost, createTargetAgent, readPersistedLog, runTurn, writeSession } from '../support/host.ts';
import type { Host } from '../support/host.ts';
import { filler } from './support/credentials.ts';
import type { Example } from './support/credentials.ts';
import { FALSE_POSITIVES } from './support/look-alikes.ts';
import { REQUIRED_FORMATS } from './support/required-formats.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let tmp: string;
let host: Host;
let resolver: SessionReferenceResolver;
let counter = 0;
const agent: SessionReferenceAgent = { id: 'target', options: {}, session: { header: { cwd: '/w' } } };

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-ref-redact-'));
  host = await bootHost({ root: join(tmp, 'sessions'), spillRoot: join(tmp, 'spill'), agentLoop: false, invariants: false });
  await host.ctx.plugin(SessionReferenceResolver, {});
  resolver = host.ctx.sessionReferenceResolver;
});

afterAll(async () => {
  await host.dispose();
  await rm(tmp, { recursive: true, force: true });
});

/** Runs `work` with some config fields changed on the live resolver. */
async function withConfig<T>(changes: Partial<{ maxReferenceBytes: number; redactSecrets: boolean }>, work: () => Promise<T>): Promise<T> {
  const config = resolver.config as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(changes).map((key) => [key, config[key]]));
  Object.assign(config, changes);
  try {
    return await work();
  } finally {
    Object.assign(config, saved);
  }
}

/** A prepared message and what it shows per source. */
type PreparedMessageDetails = PreparedReferencedMessage & { details?: PreparedContextView };

/** `prepare`, also returning what it decided per source, as read back from the message. */
async function prepareDetailed(
  agent: SessionReferenceAgent,
  content: ContentBlock[],
  references: readonly unknown[],
): Promise<PreparedMessageDetails> {
  const preparing = {
    ctx: host.ctx,
    config: resolver.config,
    routeOf: (a: Pick<SessionReferenceAgent, 'id' | 'options'>) => a.options ?? {},
  };
  const prepared = await prepareMessage(
    preparing,
    agent,
    readContent(content),
    normalizeReferences(references, agent.id, resolver.config.maxReferences),
    undefined,
  );
  return { ...prepared, details: readPreparedContext(prepared) };
}

/** Everything model-visible or stored that a prepare produced: the context text, its source, and the decoded transcript. */
async function outputs(
  prepared: PreparedMessageDetails,
): Promise<{ text: string; source: string; transcript: string[]; headerCounts: (number | undefined)[] }> {
  const context = prepared.additionalContext!;
  const text = (context.content[0] as { text: string }).text;
  const transcript: string[] = [];
  const headerCounts: (number | undefined)[] = [];
  for (const source of prepared.details!.sources) {
    const outcome = source.fullSnapshot;
    if (outcome?.status !== 'saved') continue;
    const parsed = readTranscript(await readFile(outcome.locator, 'utf8'));
    transcript.push(parsed.capture.label, ...parsed.messages.map((message) => message.text));
    headerCounts.push(parsed.capture.redactedSecrets);
  }
  return { text, source: JSON.stringify(context.source), transcript, headerCounts };
}

/** The framed JSON's conversation texts and labels, decoded: what the model reads, with escapes undone. */
function framedStrings(text: string): string[] {
  const json = text.slice(text.indexOf('<referenced-sessions>\n') + 22, text.indexOf('\n</referenced-sessions>'));
  const previews = JSON.parse(json) as { label: string; conversation: { text: string }[] }[];
  return previews.flatMap((preview) => [preview.label, ...preview.conversation.map((item) => item.text)]);
}

const anySecret: fc.Arbitrary<Example> = fc.oneof(...Object.values(REQUIRED_FORMATS));

/** Three messages with the secrets placed anywhere between filler, plus an optional secret in the label. */
const sessionWithSecrets = fc.record({
  secrets: fc.array(fc.tuple(anySecret, fc.nat({ max: 2 }), fc.nat()), { minLength: 1, maxLength: 4 }),
  fillers: fc.array(filler, { minLength: 6, maxLength: 6 }),
  labelSecret: fc.option(anySecret, { nil: undefined }),
});

describe('no secret travels (property, through prepare with a real spill store)', () => {
  it.each([
    ['a budget that truncates', 400],
    ['a budget that does not', 1_000_000],
  ])('at %s', async (_name, budget) => {
    await fc.assert(
      fc.asyncProperty(sessionWithSecrets, async ({ secrets, fillers, labelSecret }) => {
        const padding = 'the build failed because of a missing import in src/index.ts, so we looked again. '.repeat(2);
        const texts = [
          padding + fillers[0]! + ' ' + fillers[1]!,
          fillers[2]! + ' ' + fillers[3]! + padding,
          fillers[4]! + padding + fillers[5]!,
        ];
        // Cuts are taken in the messages as written, and made from the last one back, so no secret splits another;
        // spaces around each keep it from gluing onto a neighbouring word.
        const placed = secrets
          .map(([example, message, at]) => ({ example, message, cut: at % (texts[message]!.length + 1) }))
          .sort((a, b) => b.cut - a.cut);
        for (const { example, message, cut } of placed) {
          const text = texts[message]!;
          texts[message] = `${text.slice(0, cut)} ${example.text} ${text.slice(cut)}`;
        }
        const id = `src-${counter++}`;
        await writeSession(host, {
          id,
          cwd: '/w',
          items: [
            { kind: 'user', text: texts[0]! },
            { kind: 'assistant', text: texts[1]! },
            { kind: 'user', text: texts[2]! },
          ],
        });
        const label = labelSecret === undefined ? 'plain label' : `label ${labelSecret.text} end`;
        const prepared = await withConfig({ maxReferenceBytes: budget }, () =>
          prepareDetailed(agent, [{ type: 'text', text: '@x' }], [{ sessionId: id, label }]),
        );
        const { text, source, transcript, headerCounts } = await outputs(prepared);
        const values = [...secrets.map(([example]) => example.secret), ...(labelSecret ? [labelSecret.secret] : [])];
        const decoded = [...framedStrings(text), ...transcript];
        for (const value of values) {
          expect(text).not.toContain(value);
          expect(source).not.toContain(value);
          for (const piece of decoded) expect(piece).not.toContain(value);
        }
        const entry = (prepared.additionalContext!.source as SessionReferenceSource).references[0]!;
        expect(entry.redactedSecrets).toBeGreaterThanOrEqual(values.length > 0 ? 1 : 0);
        expect(prepared.details!.sources[0]!.size).toBeLessThanOrEqual(budget);
        if (budget === 400) {
          expect(entry.truncated).toBe(true);
          // The transcript's header says how many values were redacted.
          expect(headerCounts).toEqual([entry.redactedSecrets || undefined]);
        }
      }),
      { seed: 1505, numRuns: RUNS },
    );
  });
});

describe('the target log of a real turn', () => {
  it('holds no secret of the cited session, and the source log keeps its own text', async () => {
    const root = join(tmp, 'turn');
    const turnHost = await bootHost({ root, contextWindow: 100_000 });
    try {
      const examples = fc.sample(fc.tuple(...Object.values(REQUIRED_FORMATS)), { seed: 7, numRuns: 1 })[0]!;
      const text = examples.map((example, i) => `step ${i}: ${example.text}`).join('\n');
      await writeSession(turnHost, {
        id: 'leaky',
        cwd: '/w',
        items: [
          { kind: 'user', text },
          { kind: 'assistant', text: 'noted' },
        ],
      });
      await turnHost.ctx.plugin(SessionReferenceResolver, {});
      const target = createTargetAgent(turnHost, { id: 'target', cwd: '/w' });
      const turn = await runTurn(target, `what did ${formatSessionReferenceMention({ sessionId: 'leaky', label: 'Leaky' })} do?`);
      expect(turn.reason.kind).toBe('completed');
      const request = JSON.stringify(turnHost.adapter.lastRequest!.messages);
      await turnHost.dispose();
      const log = JSON.stringify((await readPersistedLog({ root }, 'target')).events);
      const sourceLog = JSON.stringify((await readPersistedLog({ root }, 'leaky')).events);
      expect(log).toContain('[REDACTED ');
      for (const example of examples) {
        const json = JSON.stringify(example.secret).slice(1, -1);
        expect(request).not.toContain(json);
        expect(log).not.toContain(json);
        expect(sourceLog).toContain(json);
      }
    } finally {
      await turnHost.dispose();
    }
  });
});

describe('look-alikes', () => {
  it('stay byte-exact and count nothing', async () => {
    const text = FALSE_POSITIVES.join('\n');
    await writeSession(host, { id: 'lookalikes', items: [{ kind: 'user', text }] });
    const prepared = await prepareDetailed(agent, [{ type: 'text', text: '@x' }], [{ sessionId: 'lookalikes' }]);
    expect(framedStrings((prepared.additionalContext!.content[0] as { text: string }).text)).toContain(text);
    expect((prepared.additionalContext!.source as SessionReferenceSource).references[0]!.redactedSecrets).toBe(0);
  });
});

describe('redaction and retention', () => {
  const key = 'ghp_' + 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6';
  const long = `${'a'.repeat(300)} ${key} ${'b'.repeat(300)}`;

  it('a secret where the text is cut is wholly gone; omittedBytes counts the redacted text; the budget holds', async () => {
    await writeSession(host, { id: 'straddle', items: [{ kind: 'user', text: long }] });
    for (const budget of [200, 260, 320, 400, 500]) {
      const prepared = await withConfig({ maxReferenceBytes: budget }, () =>
        prepareDetailed(agent, [{ type: 'text', text: '@x' }], [{ sessionId: 'straddle' }]),
      );
      const source = prepared.details!.sources[0]!;
      const kept = source.preview.conversation[0]!.text;
      expect(kept).not.toContain(key.slice(4, 20));
      expect(source.size).toBeLessThanOrEqual(budget);
      // The redacted capture, as the saved full transcript holds it.
      const saved = source.fullSnapshot!;
      const redacted = readTranscript(await readFile(saved.status === 'saved' ? saved.locator : '', 'utf8')).messages[0]!.text;
      expect(redacted).toBe(`${'a'.repeat(300)} [REDACTED github-token] ${'b'.repeat(300)}`);
      const marker = /\n\[… omitted (\d+) UTF-8 bytes …\]\n/.exec(kept)!;
      const head = kept.slice(0, marker.index);
      const tail = kept.slice(marker.index + marker[0].length);
      expect(Number(marker[1])).toBe(source.entry.omittedBytes);
      expect(Buffer.byteLength(head) + Buffer.byteLength(tail) + source.entry.omittedBytes).toBe(Buffer.byteLength(redacted));
    }
  });

  it('with redactSecrets: false every text is byte-exact', async () => {
    const prepared = await withConfig({ redactSecrets: false }, () =>
      prepareDetailed(agent, [{ type: 'text', text: '@x' }], [{ sessionId: 'straddle' }]),
    );
    expect(framedStrings((prepared.additionalContext!.content[0] as { text: string }).text)).toContain(long);
    expect((prepared.additionalContext!.source as SessionReferenceSource).references[0]!.redactedSecrets).toBe(0);
  });
});
