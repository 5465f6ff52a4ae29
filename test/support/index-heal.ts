/** Waits for a broken index to heal: its file holds the stored sessions and the one created under the fault, again. */
import { expect, vi } from 'vitest';
import { idsInFile, STORED_IDS } from './index-home.ts';
import type { IndexHome } from './index-home.ts';

/** Longest wait for the file to heal: the back-off after failing writes reaches a few seconds while a case runs. */
export const HEAL_TIMEOUT_MS = 30_000;

/**
 * Resolves once the index file holds the stored sessions and `created`; keystrokes keep coming
 * meanwhile (a keystroke is what notices a file deleted or replaced).
 */
export async function healed(home: IndexHome, created: string): Promise<void> {
  const asker = { id: 'heal-asker', options: {}, session: { header: { cwd: '/w' } } };
  await vi.waitFor(
    async () => {
      await home.host.ctx.sessionReferenceResolver.listCandidates(asker, '');
      expect(idsInFile(home.path)).toEqual(expect.arrayContaining([...STORED_IDS, created]));
    },
    { timeout: HEAL_TIMEOUT_MS, interval: 100 },
  );
}
