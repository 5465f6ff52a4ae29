/** The `candidates` and `mention` commands: the `@` menu a host would show, as a table or JSON, and the label a session of the home is mentioned with. */
import stringWidth from 'string-width';
import type { Context } from '@deepseek-ai/cordis';
import { describeThrown, quoteText } from '../errors.ts';
import { cleanLabel } from '../mentions/label-text.ts';
import { checkpointTitles } from '../discovery/labels.ts';
import { withMentions } from '../discovery/rank.ts';
import type { SessionReferenceMentionCandidate } from '../types.ts';
import { openCandidateIndex } from './candidate-index.ts';
import { leftOut, throwawayAgent, withHome } from './home.ts';
import type { HomeOptions } from './home.ts';
import type { Colors, Io } from './output-channel.ts';
import { findMatch, parseBodyQuery } from '../session-index/body-match.ts';
import { cellSafe, fitWidth, table } from './text-layout.ts';
import type { Column } from './text-layout.ts';

/** Options of {@link runCandidates}. */
export interface CandidatesOptions extends HomeOptions {
  /** Filter text; empty lists everything. */
  query: string;
  /** Maximum candidates; the resolver's default (50) when undefined. */
  limit?: number;
  /** Print the JSON array instead of the table. */
  json: boolean;
}

/** Longest body-match snippet shown in the MATCH column, in display columns. */
const SNIPPET_COLUMNS = 60;

/**
 * The part of a body snippet the MATCH column has room for, on one line and with its controls escaped: the whole
 * snippet when it fits `width` display columns, else a window that keeps the query's match in view (cut from the
 * start when need be, centred when the text allows), or the snippet's start when it holds no match; `…` marks a cut.
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

/** What the MATCH column shows: the field that matched, or the body snippet around the matched word. */
function matchText(candidate: SessionReferenceMentionCandidate, query: string): string {
  const match = candidate.match;
  if (match === undefined) return '-';
  return match.in === 'body' ? `body: ${snippetWindow(match.snippet, query)}` : match.in;
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
    {
      header: 'SAME-WORKSPACE',
      value: (row) => (row.sameWorkspace ? 'yes' : 'no'),
      style: (text, row, cc) => (row.sameWorkspace ? cc.green(text) : cc.dim(text)),
    },
  ];
  if (query !== '') {
    columns.push({
      header: 'MATCH',
      value: (row) => matchText(row, query),
      max: SNIPPET_COLUMNS,
      style: (text, row, cc) => (row.match?.in === 'body' ? cc.dim(text) : text),
    });
  }
  return table(candidates, columns, c);
}

/**
 * The `@` menu a host would show an agent working in `cwd`: the Remote face's candidates (discovery under the
 * candidate limit, each with its mention), as a table or as JSON, answered from the home's session index when it
 * is current, else from one built in memory from the logs (a progress line on a TTY); nothing is written into the
 * home. A session whose log cannot be listed is named on stderr and left out; one that cannot be read is labelled
 * by its id.
 */
export async function runCandidates(io: Io, options: CandidatesOptions): Promise<SessionReferenceMentionCandidate[]> {
  const config = options.limit === undefined ? {} : { candidateLimit: options.limit };
  const candidates = await withHome(io, { home: options.home, spill: false, config }, 'listing sessions', async (host, warn, progress) => {
    progress.set(`indexing sessions in ${options.home}`);
    const { resolver } = host;
    const index = await openCandidateIndex(host.ctx, options.home, resolver.config);
    try {
      const agent = throwawayAgent('candidates', options.cwd);
      const listed = withMentions(await index.discovery.list(agent, options.query, resolver.config.candidateLimit));
      for (const log of host.persistence.unreadable()) warn(leftOut(log));
      for (const { sessionId, reason } of index.discovery.unreadable())
        warn(`session ${quoteText(sessionId)} is labelled by its id: its log could not be folded: ${reason}`);
      return listed;
    } finally {
      await index.dispose();
    }
  });
  if (options.json) {
    io.out.lines(`${JSON.stringify(candidates, null, 2)}\n`);
    return candidates;
  }
  if (candidates.length === 0) {
    io.err.line(
      io.err.c.dim(options.query === '' ? `No sessions in ${options.home}.` : `No session matches ${JSON.stringify(options.query)}.`),
    );
    return candidates;
  }
  io.out.lines(candidatesTable(candidates, options.query, io.out.c));
  return candidates;
}

/** What `mention` labels a session with (its title, or its id when it has none, cleaned as untrusted text), and why the id stands in for a title that could not be read. */
type SessionLabel = { label: string; warning?: string };

/**
 * The label the `@` menu gives `sessionId`: its title from the projection cache's checkpoint, else folded from the
 * log by the host's session query, else its id; undefined when the home lists no such session.
 * @param ctx - a home opened by `openHome`.
 */
export async function labelOf(ctx: Context, sessionId: string): Promise<SessionLabel | undefined> {
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
    if (found !== undefined) {
      if (found.warning !== undefined) warn(found.warning);
      return found.label;
    }
    const unreadable = host.persistence.refusedFor(sessionId);
    if (unreadable !== undefined)
      throw new Error(`session ${JSON.stringify(sessionId)} cannot be read: its log ${unreadable.path}: ${unreadable.reason}`);
    throw new Error(`no session ${JSON.stringify(sessionId)} in ${home}; pass --label to mention a session of another home`);
  });
}
