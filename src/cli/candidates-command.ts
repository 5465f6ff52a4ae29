/** The `candidates` and `mention` commands: the `@` menu a host would show, as a table or JSON, answered from the session index the CLI opens, and the label a session of the home is mentioned with. */
import { join } from 'node:path';
import stringWidth from 'string-width';
import type { Context } from '@deepseek-ai/cordis';
import type { ResolvedConfig } from '../config.ts';
import { CandidateDiscovery } from '../discovery/discovery.ts';
import { checkpointTitles } from '../discovery/labels.ts';
import { withMentions } from '../discovery/rank.ts';
import { describeThrown, quoteText } from '../errors.ts';
import { cleanLabel } from '../mentions/label-text.ts';
import { findMatch, parseBodyQuery } from '../session-index/body-match.ts';
import { IndexUnavailableError } from '../session-index/file.ts';
import { INDEX_FILE_NAME, STORAGE_AREA } from '../session-index/location.ts';
import type { SessionReferenceMentionCandidate } from '../types.ts';
import { throwawayAgent, withHome } from './home.ts';
import type { HomeOptions } from './home.ts';
import type { Colors, Io } from './output-channel.ts';
import { cellSafe, fitWidth, table, yesNo } from './text-layout.ts';
import type { Column } from './text-layout.ts';

/** A discovery over one index (`home`: the home's own, current for its sessions; `memory`: built for this run from the logs), and how to let it go. */
export interface CandidateIndex {
  readonly discovery: CandidateDiscovery;
  readonly source: 'home' | 'memory';
  dispose(): Promise<unknown>;
}

async function mount(ctx: Context, config: ResolvedConfig, indexPath: string, readOnly: boolean): Promise<Omit<CandidateIndex, 'source'>> {
  let discovery!: CandidateDiscovery;
  const fiber = ctx.plugin((scoped: Context) => {
    const options = { cacheTtlMs: Infinity, indexPath, readOnly, titleBackfill: 'background' as const, firstTitlesWaitMs: 0 };
    discovery = new CandidateDiscovery(scoped, { ...options, redactSecrets: config.redactSecrets });
  });
  await fiber;
  return { discovery, dispose: () => fiber.dispose() };
}

/**
 * The session index `candidates` answers from, through the plugin's own discovery, since the resolver offers no
 * public way to open a home's index read-only or to wait until an index is built: the home's index
 * (`<home>/storages/session-reference-index.sqlite`), opened immutable so nothing is written into the home, when
 * nothing in it waits for a running dsh to merge it and it holds every listed session at its listed revision;
 * otherwise an index in memory, filled from every log (titles folded with the host's projection registry).
 */
export async function openCandidateIndex(ctx: Context, home: string, config: ResolvedConfig): Promise<CandidateIndex> {
  try {
    const own = await mount(ctx, config, join(home, STORAGE_AREA, INDEX_FILE_NAME), true);
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

/** Longest body-match snippet shown in the MATCH column, in display columns. */
const SNIPPET_COLUMNS = 60;

/**
 * The part of a body snippet the MATCH column has room for, on one line with its controls escaped: the whole
 * snippet when it fits `width` columns, else a window that keeps the query's match in view (centred when the text
 * allows), or the snippet's start when it holds no match; `…` marks a cut.
 */
export function snippetWindow(snippet: string, query: string, width = SNIPPET_COLUMNS - 'body: '.length): string {
  const text = cellSafe(snippet.replace(/\s+/g, ' '));
  if (stringWidth(text) <= width) return text;
  const match = findMatch(text, parseBodyQuery(query).pattern);
  if (match === undefined) return fitWidth(text, width);
  const [before, from] = [text.slice(0, match.index), text.slice(match.index)];
  const hit = stringWidth(from.slice(0, match.length));
  const head = fitWidth(before, Math.max(1, Math.floor((width - hit) / 2), width - stringWidth(from)), true);
  return head + fitWidth(from, width - stringWidth(head));
}

/**
 * The candidates table: label, id, cwd and same-workspace, and for a non-empty query a MATCH column saying
 * whether the title, id or cwd matched, or, for a match in what was said, the engine's snippet.
 */
export function candidatesTable(candidates: readonly SessionReferenceMentionCandidate[], query: string, c: Colors): string {
  const columns: Column<SessionReferenceMentionCandidate>[] = [
    { header: 'LABEL', value: (row) => row.label, max: 48, style: (text, _row, cc) => cc.bold(text) },
    { header: 'ID', value: (row) => row.sessionId, style: (text, _row, cc) => cc.cyan(text) },
    { header: 'CWD', value: (row) => row.cwd ?? '-', max: 48, keepEnd: true },
    yesNo('SAME-WORKSPACE', (row) => row.sameWorkspace, 'green'),
  ];
  if (query !== '')
    columns.push({
      header: 'MATCH',
      value: ({ match }) => (match === undefined ? '-' : match.in === 'body' ? `body: ${snippetWindow(match.snippet, query)}` : match.in),
      max: SNIPPET_COLUMNS,
      style: (text, row, cc) => (row.match?.in === 'body' ? cc.dim(text) : text),
    });
  return table(candidates, columns, c);
}

/**
 * `candidates`: the `@` menu a host would show an agent working in `cwd`, as the Remote face answers it (discovery
 * under the candidate limit, each with its mention), as a table or JSON, from {@link openCandidateIndex} (a progress
 * line on a TTY); nothing is written into the home. A session whose log cannot be listed is named on stderr and
 * left out; one that cannot be folded is labelled by its id.
 */
export async function runCandidates(io: Io, options: HomeOptions & { query: string; limit?: number; json?: boolean }): Promise<void> {
  const config = options.limit === undefined ? {} : { candidateLimit: options.limit };
  const candidates = await withHome(io, { home: options.home, spill: false, config }, 'listing sessions', async (host, warn, progress) => {
    progress.set(`indexing sessions in ${options.home}`);
    const { resolver } = host;
    const index = await openCandidateIndex(host.ctx, options.home, resolver.config);
    try {
      const agent = throwawayAgent('candidates', options.cwd);
      const listed = withMentions(await index.discovery.list(agent, options.query, resolver.config.candidateLimit));
      for (const { sessionId, path, reason } of host.persistence.unreadable())
        warn(
          sessionId === '*'
            ? `left out every session under ${path}: ${reason}`
            : `left out session ${JSON.stringify(sessionId)}: its log ${path} could not be read: ${reason}`,
        );
      for (const { sessionId, reason } of index.discovery.unreadable())
        warn(`session ${quoteText(sessionId)} is labelled by its id: its log could not be folded: ${reason}`);
      return listed;
    } finally {
      await index.dispose();
    }
  });
  if (options.json) io.out.json(candidates);
  else if (candidates.length > 0) io.out.lines(candidatesTable(candidates, options.query, io.out.c));
  else
    io.err.line(
      io.err.c.dim(options.query === '' ? `No sessions in ${options.home}.` : `No session matches ${JSON.stringify(options.query)}.`),
    );
}

/**
 * The label the `@` menu gives `sessionId` (cleaned as untrusted text): its title from the projection cache's
 * checkpoint, else folded from the log by the host's session query, else its id, with a warning saying why the id
 * stands in; undefined when the home lists no such session.
 * @param ctx - a home opened by `openHome`.
 */
export async function labelOf(ctx: Context, sessionId: string): Promise<{ label: string; warning?: string } | undefined> {
  const record = (await ctx.sessionQuery.listSessions()).find((listed) => listed.header.id === sessionId);
  if (record === undefined) return undefined;
  const labelFrom = (title: string | null | undefined): string =>
    cleanLabel(typeof title === 'string' && title !== '' ? title : sessionId, { redact: true });
  const checkpoint = checkpointTitles(ctx)(record.header);
  if (checkpoint !== undefined) return { label: labelFrom(checkpoint) };
  try {
    return { label: labelFrom((await ctx.sessionQuery.readTitle(record.header.id))?.title) };
  } catch (error) {
    return {
      label: labelFrom(undefined),
      warning: `session ${JSON.stringify(sessionId)} is labelled by its id: its log could not be folded: ${describeThrown(error)}`,
    };
  }
}

/**
 * The label `mention` gives a session when no `--label` is passed: its title, read from the home as the `@` menu
 * labels it. Fails with a one-line error when the home holds no such session, or cannot read its log.
 */
export async function sessionLabel(io: Io, home: string, sessionId: string): Promise<string> {
  return withHome(io, { home, spill: false }, 'reading the session title', async (host, warn) => {
    const found = await labelOf(host.ctx, sessionId);
    if (found?.warning !== undefined) warn(found.warning);
    if (found !== undefined) return found.label;
    const unreadable = host.persistence.refusedFor(sessionId);
    if (unreadable !== undefined)
      throw new Error(`session ${JSON.stringify(sessionId)} cannot be read: its log ${unreadable.path}: ${unreadable.reason}`);
    throw new Error(`no session ${JSON.stringify(sessionId)} in ${home}; pass --label to mention a session of another home`);
  });
}
