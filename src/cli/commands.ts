/** The work of the CLI commands that boot a host over a DSH home: candidates and preview. */
import type { TextBlock } from '@deepseek-ai/dsh-llm';
import { DEFAULT_REFERENCE_CONTEXT_FRACTION } from '../config.ts';
import { automaticReferenceBytes } from '../context/budget.ts';
import { isSessionReferenceError, quoteText } from '../errors.ts';
import { rewriteMentions } from '../mentions/rewrite.ts';
import { readPreparedContext } from '../context/prepared-reading.ts';
import type { PreparedSourceView } from '../context/prepared-reading.ts';
import type { PreparedReferencedMessage, SessionReferenceMentionCandidate } from '../types.ts';
import { copyContent } from '../context/content.ts';
import { prepareMessage } from '../context/prepare.ts';
import { withMentions } from '../discovery/rank.ts';
import { normalizeReferences } from '../mentions/normalize.ts';
import { bytes, cellSafe, count, heading, shellQuote, table } from './format.ts';
import type { Column } from './format.ts';
import { openHome, throwawayAgent } from './home.ts';
import type { HomeHost, OpenHomeOptions } from './home.ts';
import type { Colors, Io } from './io.ts';
import { withProgress } from './progress.ts';
import type { Progress } from './progress.ts';
import { openCandidateIndex } from './candidate-index.ts';
import { labelOf } from './session-label.ts';
import type { UnreadableLog } from './session-dirs.ts';

/** Options every home-reading command takes. */
export interface HomeOptions {
  /** Absolute DSH home. */
  home: string;
  /** Absolute working directory of the throwaway agent (ranking, same-workspace), symlinks resolved. */
  cwd: string;
}

/**
 * Boots the home (with a spinner on a TTY while it is read), runs `work`, and disposes the host; what `work`
 * passes to `warn` is printed on stderr afterwards, whether it succeeded or not.
 */
async function withHome<T>(
  io: Io,
  open: Omit<OpenHomeOptions, 'warn'>,
  label: string,
  work: (host: HomeHost, warn: (message: string) => void, progress: Progress) => Promise<T>,
): Promise<T> {
  const warnings: string[] = [];
  const warn = (message: string): void => void warnings.push(message);
  try {
    return await withProgress(io.err, `${label} in ${open.home}`, async (progress) => {
      const host = await openHome({ ...open, warn });
      try {
        return await work(host, warn, progress);
      } finally {
        await host.dispose();
      }
    });
  } finally {
    for (const warning of warnings) io.err.line(io.err.c.yellow(`warning: ${warning}`));
  }
}

/** The warning naming a session (or, for an entry that names none, a directory) the listing left out. */
function leftOut(log: UnreadableLog): string {
  if (log.sessionId === '*') return `left out every session under ${log.path}: ${log.reason}`;
  return `left out session ${JSON.stringify(log.sessionId)}: its log ${log.path} could not be read: ${log.reason}`;
}

/** Options of {@link runCandidates}. */
export interface CandidatesOptions extends HomeOptions {
  /** Filter text; empty lists everything. */
  query: string;
  /** Maximum candidates; the resolver's default (50) when undefined. */
  limit?: number;
  /** Print the JSON array instead of the table. */
  json: boolean;
}

/** Longest body-match snippet shown in the MATCH column. */
const SNIPPET_COLUMNS = 60;

/** What the MATCH column shows: the field that matched, or the body snippet on one line. */
function matchText(candidate: SessionReferenceMentionCandidate): string {
  const match = candidate.match;
  if (match === undefined) return '-';
  return match.in === 'body' ? `body: ${match.snippet.replace(/\s+/g, ' ')}` : match.in;
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
      value: matchText,
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
      for (const log of host.unreadable()) warn(leftOut(log));
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
    const unreadable = host.unreadable().find((log) => log.sessionId === sessionId);
    if (unreadable !== undefined)
      throw new Error(`session ${JSON.stringify(sessionId)} cannot be read: its log ${unreadable.path}: ${unreadable.reason}`);
    throw new Error(`no session ${JSON.stringify(sessionId)} in ${home}; pass --label to mention a session of another home`);
  });
}

/** Options of {@link runPreview}. */
export interface PreviewOptions extends HomeOptions {
  /** The citing message's text, mentions included. */
  text: string;
  /** Exact per-source budget in serialised bytes. */
  maxBytes?: number;
  /** Model context window in tokens; the budget becomes `automaticReferenceBytes(window, DEFAULT_REFERENCE_CONTEXT_FRACTION)`. */
  contextWindow?: number;
  /** Save truncated transcripts under `<home>/spill`. */
  spill: boolean;
  /** Print `{ content, additionalContext }` instead of the readable report. */
  json: boolean;
}

/** The per-source budget the flags select, or undefined for the resolver's own (64 KiB without a model). */
export function budgetFromFlags(maxBytes: number | undefined, contextWindow: number | undefined): number | undefined {
  if (maxBytes !== undefined) return maxBytes;
  if (contextWindow !== undefined) return automaticReferenceBytes(contextWindow, DEFAULT_REFERENCE_CONTEXT_FRACTION);
  return undefined;
}

function budgetNote(options: PreviewOptions, budget: number): string {
  if (options.maxBytes !== undefined) return `${bytes(budget)} per source (--max-bytes)`;
  if (options.contextWindow !== undefined) {
    const share = `${DEFAULT_REFERENCE_CONTEXT_FRACTION * 100}%`;
    return `${bytes(budget)} per source (${share} of a ${count(options.contextWindow)}-token window, 4 bytes a token, at least 64 KiB)`;
  }
  return `${bytes(budget)} per source (the resolver's fallback: no model is mounted)`;
}

function summaryTable(sources: readonly PreparedSourceView[], budget: number, c: Colors): string {
  const columns: Column<PreparedSourceView>[] = [
    { header: '#', value: (s) => String(s.entry.inputIndex + 1), right: true },
    { header: 'LABEL', value: (s) => s.preview.label, max: 40, style: (text, _s, cc) => cc.bold(text) },
    { header: 'MESSAGES KEPT', value: (s) => `${s.entry.retainedMessages} of ${s.entry.originalMessages}`, right: true },
    { header: 'DROPPED', value: (s) => count(s.entry.omittedMessages), right: true },
    { header: 'TEXT OMITTED', value: (s) => bytes(s.entry.omittedBytes), right: true },
    { header: 'SIZE', value: (s) => `${bytes(s.size)} of ${count(budget)}`, right: true },
  ];
  columns.push(
    { header: 'SECRETS REDACTED', value: (s) => count(s.entry.redactedSecrets), right: true },
    {
      header: 'TRUNCATED',
      value: (s) => (s.entry.truncated ? 'yes' : 'no'),
      style: (text, s, cc) => (s.entry.truncated ? cc.yellow(text) : cc.dim(text)),
    },
    {
      header: 'COMPACTED',
      value: (s) => (s.entry.compacted ? 'yes' : 'no'),
      style: (text, s, cc) => (s.entry.compacted ? text : cc.dim(text)),
    },
  );
  return table(sources, columns, c);
}

/**
 * Prepares the mentions in `options.text` against the home exactly as the pre-step would for a message of a
 * throwaway target session (never stored), then prints, from what preparing decided, the readable message
 * and the context message as the model gets them, a summary per source, and where truncated transcripts went;
 * or `{content, additionalContext}`.
 */
export async function runPreview(io: Io, options: PreviewOptions): Promise<PreparedReferencedMessage> {
  const { content, references } = rewriteMentions<TextBlock>([{ type: 'text', text: options.text }]);
  const maxReferenceBytes = budgetFromFlags(options.maxBytes, options.contextWindow);
  const config = maxReferenceBytes === undefined ? {} : { maxReferenceBytes };
  const agent = throwawayAgent('preview', options.cwd);
  const prepared = await withHome(
    io,
    { home: options.home, spill: options.spill, config },
    'reading referenced sessions',
    async (host, warn) => {
      try {
        const preparing = { ctx: host.ctx, config: host.resolver.config, routeOf: () => ({}) };
        return await prepareMessage(
          preparing,
          agent,
          copyContent(content),
          normalizeReferences(references, agent.id, host.resolver.config.maxReferences),
          undefined,
        );
      } catch (error) {
        if (isSessionReferenceError(error, 'SESSION_REFERENCE_READ_FAILED')) {
          const cited = new Set(references.map((reference) => reference.sessionId));
          for (const log of host.unreadable()) {
            if (cited.has(log.sessionId))
              warn(`the log of session ${JSON.stringify(log.sessionId)} (${log.path}) could not be read: ${log.reason}`);
          }
        }
        throw error;
      }
    },
  );

  const context = prepared.additionalContext;
  if (options.json) {
    const json = context === undefined ? { content: prepared.content } : { content: prepared.content, additionalContext: context };
    io.out.lines(`${JSON.stringify(json, null, 2)}\n`);
    return prepared;
  }

  const { out } = io;
  const c = out.c;
  out.lines(heading('Message', c, 'role user, the citing message as the model reads it'));
  out.block((prepared.content as TextBlock[]).map((block) => block.text).join('\n'));
  const details = readPreparedContext(prepared);
  if (details === undefined) {
    out.line();
    io.err.line(c.dim('No session mentions in the text: nothing would be added after the message.'));
    return prepared;
  }
  out.line();
  out.lines(heading('Context message', c, 'role user, source session-reference, inserted right after it'));
  out.block(details.text);
  out.line();

  out.lines(heading('Summary', c, budgetNote(options, details.budget)));
  out.lines(summaryTable(details.sources, details.budget, c));

  const truncated = details.sources.filter((source) => source.fullSnapshot !== undefined);
  if (truncated.length > 0) {
    out.line();
    out.lines(heading('Full transcripts', c, 'of the truncated sources'));
    for (const { preview, fullSnapshot } of truncated) {
      const name = cellSafe(preview.label);
      if (fullSnapshot!.status === 'saved') {
        const locator = cellSafe(fullSnapshot!.locator);
        out.line(`${c.bold(name)}: saved ${bytes(fullSnapshot!.bytes)} to`);
        out.line(`  ${c.cyan(locator)}`);
        out.line(c.dim(`  read it back with: dsh-session-ref transcript ${shellQuote(locator)}`));
      } else {
        const why = fullSnapshot!.reason === 'storage-not-configured' ? 'no spill store (--no-spill)' : 'the save failed';
        out.line(`${c.bold(name)}: ${c.yellow(`not saved, ${why}`)}`);
      }
    }
  }
  return prepared;
}
