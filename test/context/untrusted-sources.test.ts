/** Hostile text in every field of a live cited source stays data: every injection payload in user, assistant and checkpoint text, labels, titles, ids and cwds, at every budget from the smallest that fits to the default, keeps the framing, the budget, exact omission counts and an exact transcript. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cases,
  everRead,
  figures,
  liveSources,
  PLACEMENTS,
  refused,
  runCases,
  runOne,
  useCorpusHost,
  withBudget,
} from '../support/corpus-run.ts';
import { writeCase, writeTinyMessages, writeTitleCases } from '../support/corpus-sources.ts';
import type { ExpectedSource } from '../support/expected-source.ts';
import { CORPUS_BYSTANDER_ID, PAYLOADS, TINY_MESSAGE_COUNT } from '../support/payloads.ts';
import { DEFAULT_BUDGET, minimalPreviewBytes } from '../support/preview-size.ts';

useCorpusHost('live sources');

let tinySource: ExpectedSource | undefined;

describe('injection corpus', () => {
  describe('live sources: every payload in every placement', () => {
    beforeAll(async () => {
      for (const payload of PAYLOADS) {
        for (const placement of PLACEMENTS) if (placement !== 'title') await writeCase(payload, placement);
      }
      liveSources.push(`${cases.length} payload placements (live: see the persisted sources' file for the JSONL round trip)`);
      // Before the title service mounts: it re-reads a session's whole log on every user message.
      tinySource = writeTinyMessages();
      await writeTitleCases();
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
