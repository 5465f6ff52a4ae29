/** The session index the CLI's `candidates` answers from, through the plugin's own discovery since the resolver has no public way to open a home's index read-only or to wait until an index is built: the home's own, read without writing, when it is current; else one built in memory for the run. */
import { join } from 'node:path';
import type { Context } from '@deepseek-ai/cordis';
import type { ResolvedConfig } from '../config.ts';
import { CandidateDiscovery } from '../discovery/discovery.ts';
import { IndexUnavailableError } from '../session-index/file.ts';
import { INDEX_FILE_NAME } from '../session-index/location.ts';
import { STORAGES_DIR } from './home.ts';

/** A discovery over one index, and how to let it go. */
export interface CandidateIndex {
  readonly discovery: CandidateDiscovery;
  /** `home`: the home's index, current for its sessions; `memory`: built for this run from the logs. */
  readonly source: 'home' | 'memory';
  /** Stops the discovery and closes its index. */
  dispose(): Promise<unknown>;
}

async function mount(ctx: Context, config: ResolvedConfig, indexPath: string, readOnly: boolean): Promise<Omit<CandidateIndex, 'source'>> {
  let discovery!: CandidateDiscovery;
  const fiber = ctx.plugin((scoped: Context) => {
    discovery = new CandidateDiscovery(scoped, {
      cacheTtlMs: Number.POSITIVE_INFINITY,
      indexPath,
      readOnly,
      titleBackfill: 'background',
      redactSecrets: config.redactSecrets,
      firstTitlesWaitMs: 0,
    });
  });
  await fiber;
  return { discovery, dispose: () => fiber.dispose() };
}

/**
 * The home's index (`<home>/storages/session-reference-index.sqlite`), opened immutable so that
 * nothing is written into the home, when its file has nothing a running dsh has yet to merge and
 * it holds every listed session at its listed revision; otherwise an index in memory, filled from
 * every log (titles folded with the host's own projection registry) before it answers.
 */
export async function openCandidateIndex(ctx: Context, home: string, config: ResolvedConfig): Promise<CandidateIndex> {
  try {
    const own = await mount(ctx, config, join(home, STORAGES_DIR, INDEX_FILE_NAME), true);
    try {
      await own.discovery.indexed();
      if (own.discovery.current) return { ...own, source: 'home' };
    } catch {
      // unreadable as it is: build one in memory
    }
    await own.dispose();
  } catch (error) {
    if (!(error instanceof IndexUnavailableError)) throw error;
  }
  const built = await mount(ctx, config, ':memory:', false);
  await built.discovery.indexed();
  return { ...built, source: 'memory' };
}
