/** The work of the CLI commands that boot a host over a DSH home: candidates and preview. */
import { Buffer } from 'node:buffer';
import type { TextBlock } from '@deepseek-ai/dsh-llm';
import { automaticReferenceBytes } from '../core/config.ts';
import { REFERENCE_OMISSIONS_HEADING, REFERENCED_SESSIONS_OPEN_TAG } from '../core/render.ts';
import type { SessionReferenceSource, SessionReferenceMentionCandidate } from '../types.ts';
import { tagSafeStringify } from '../core/tag-safe-json.ts';
import type { OmissionNotice, ReferencePreview } from '../core/types.ts';
import { parseSessionReferenceText } from '../core/uri.ts';
import { bytes, cellSafe, count, heading, shellQuote, table, writeExact } from './format.ts';
import { openHome, throwawayAgent } from './home.ts';
import type { HomeHost, OpenHomeOptions } from './home.ts';
import type { Io } from './io.ts';
import { withProgress } from './progress.ts';

/** Options every home-reading command takes. */
export interface HomeOptions {
  /** Absolute DSH home. */
  home: string;
  /** Absolute working directory of the throwaway agent (ranking, same-workspace). */
  cwd: string;
}

/** Boots the home (with a spinner on a TTY while it is read), runs `work`, and disposes the host. */
async function withHome<T>(io: Io, open: Omit<OpenHomeOptions, 'warn'>, label: string, work: (host: HomeHost) => Promise<T>): Promise<T> {
  const warnings: string[] = [];
  try {
    return await withProgress(io.err, `${label} in ${open.home}`, async () => {
      const host = await openHome({ ...open, warn: (message) => warnings.push(message) });
      try {
        return await work(host);
      } finally {
        await host.dispose();
      }
    });
  } finally {
    for (const warning of warnings) io.err.line(io.err.c.yellow(`warning: ${warning}`));
  }
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

/**
 * The `@` menu a host would show an agent working in `cwd`: the Remote face's candidates (discovery under the
 * candidate limit, each with its mention), as a table of label, id, cwd and same-workspace, or as JSON.
 */
export async function runCandidates(io: Io, options: CandidatesOptions): Promise<SessionReferenceMentionCandidate[]> {
  const config = options.limit === undefined ? {} : { candidateLimit: options.limit };
  const candidates = await withHome(io, { home: options.home, spill: false, config }, 'listing sessions', (host) =>
    host.resolver.remoteExportCandidates(throwawayAgent('candidates', options.cwd), options.query),
  );
  if (options.json) {
    io.out.line(JSON.stringify(candidates, null, 2));
    return candidates;
  }
  if (candidates.length === 0) {
    io.err.line(io.err.c.dim(options.query === '' ? `No sessions in ${options.home}.` : `No session matches ${JSON.stringify(options.query)}.`));
    return candidates;
  }
  io.out.write(
    table(
      candidates,
      [
        { header: 'LABEL', value: (row) => row.label, max: 48, style: (text, _row, c) => c.bold(text) },
        { header: 'ID', value: (row) => row.sessionId, style: (text, _row, c) => c.cyan(text) },
        { header: 'CWD', value: (row) => row.cwd ?? '-', max: 48, keepEnd: true },
        {
          header: 'SAME-WORKSPACE',
          value: (row) => (row.sameWorkspace ? 'yes' : 'no'),
          style: (text, row, c) => (row.sameWorkspace ? c.green(text) : c.dim(text)),
        },
      ],
      io.out.c,
    ),
  );
  return candidates;
}

/** Options of {@link runPreview}. */
export interface PreviewOptions extends HomeOptions {
  /** The citing message's text, mentions included. */
  text: string;
  /** Exact per-source budget in serialised bytes. */
  maxBytes?: number;
  /** Model context window in tokens; the budget becomes `automaticReferenceBytes(window, 0.2)`. */
  contextWindow?: number;
  /** Save truncated transcripts under `<home>/spill`. */
  spill: boolean;
  /** Print `{ content, additionalContext }` instead of the readable report. */
  json: boolean;
}

/** What {@link runPreview} computed, for callers that show more (the demo). */
export interface PreviewReport {
  /** The readable message content. */
  content: TextBlock[];
  /** The context message's text, when there were references. */
  contextText: string | undefined;
  /** The per-source budget used. */
  budget: number | undefined;
  /** Notices of truncated references. */
  notices: OmissionNotice[];
}

/** The per-source budget the flags select, or undefined for the resolver's own (64 KiB without a model). */
export function budgetFromFlags(maxBytes: number | undefined, contextWindow: number | undefined): number | undefined {
  if (maxBytes !== undefined) return maxBytes;
  if (contextWindow !== undefined) return automaticReferenceBytes(contextWindow, 0.2);
  return undefined;
}

function budgetNote(options: PreviewOptions, budget: number): string {
  if (options.maxBytes !== undefined) return `${bytes(budget)} per source (--max-bytes)`;
  if (options.contextWindow !== undefined) {
    return `${bytes(budget)} per source (20% of a ${count(options.contextWindow)}-token window, 4 bytes a token, at least 64 KiB)`;
  }
  return `${bytes(budget)} per source (the resolver's fallback: no model is mounted)`;
}

/** The previews and notices embedded in a rendered context text (each is one line of tag-safe JSON). */
function embedded(text: string): { previews: ReferencePreview[]; notices: OmissionNotice[] } {
  const lines = text.split('\n');
  const open = lines.indexOf(REFERENCED_SESSIONS_OPEN_TAG);
  const previews = open === -1 ? [] : (JSON.parse(lines[open + 1] ?? '[]') as ReferencePreview[]);
  const notices = lines.includes(REFERENCE_OMISSIONS_HEADING) ? (JSON.parse(lines.at(-1)!) as OmissionNotice[]) : [];
  return { previews, notices };
}

/**
 * Prepares the mentions in `options.text` against the home exactly as the pre-step would for a message of a
 * throwaway target session (never stored), then prints the readable message and the context message as the
 * model gets them, a summary per source, and where truncated transcripts went; or `{content, additionalContext}`.
 */
export async function runPreview(io: Io, options: PreviewOptions): Promise<PreviewReport> {
  const parsed = parseSessionReferenceText(options.text);
  const content: TextBlock[] = [{ type: 'text', text: parsed.text }];
  const maxReferenceBytes = budgetFromFlags(options.maxBytes, options.contextWindow);
  const config = maxReferenceBytes === undefined ? {} : { maxReferenceBytes };
  const agent = throwawayAgent('preview', options.cwd);
  const { prepared, budget } = await withHome(io, { home: options.home, spill: options.spill, config }, 'reading referenced sessions', async (host) => {
    const prepared = await host.resolver.prepare(agent, content, parsed.references);
    const budget = prepared.additionalContext === undefined ? undefined : await host.resolver.resolveBudget(agent);
    return { prepared, budget };
  });

  const context = prepared.additionalContext;
  const contextText = context?.content.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? undefined;
  const { previews, notices } = contextText === undefined ? { previews: [], notices: [] } : embedded(contextText);
  const report: PreviewReport = { content: prepared.content as TextBlock[], contextText, budget, notices };

  if (options.json) {
    io.out.line(JSON.stringify(context === undefined ? { content: prepared.content } : { content: prepared.content, additionalContext: context }, null, 2));
    return report;
  }

  const { out } = io;
  const c = out.c;
  out.write(heading('Message', c, 'role user, the citing message as the model reads it'));
  writeExact(out, (prepared.content as TextBlock[]).map((block) => block.text).join('\n'));
  out.line();
  if (context === undefined || contextText === undefined) {
    out.line();
    io.err.line(c.dim('No session mentions in the text: nothing would be added after the message.'));
    return report;
  }
  const source = context.source as SessionReferenceSource;
  out.line();
  out.write(heading('Context message', c, 'role user, source session-reference, inserted right after it'));
  writeExact(out, contextText);
  out.line();
  out.line();

  out.write(heading('Summary', c, budgetNote(options, budget!)));
  const rows = source.references.map((ref, i) => ({ ref, size: previews[i] === undefined ? 0 : Buffer.byteLength(tagSafeStringify(previews[i])) }));
  out.write(
    table(
      rows,
      [
        { header: '#', value: (row) => String(row.ref.inputIndex + 1), right: true },
        { header: 'LABEL', value: (row) => row.ref.label, max: 40, style: (text, _row, cc) => cc.bold(text) },
        { header: 'MESSAGES KEPT', value: (row) => `${row.ref.retainedMessages} of ${row.ref.originalMessages}`, right: true },
        { header: 'DROPPED', value: (row) => count(row.ref.omittedMessages), right: true },
        { header: 'TEXT OMITTED', value: (row) => bytes(row.ref.omittedBytes), right: true },
        { header: 'SIZE', value: (row) => `${bytes(row.size)} of ${count(budget!)}`, right: true },
        {
          header: 'TRUNCATED',
          value: (row) => (row.ref.truncated ? 'yes' : 'no'),
          style: (text, row, cc) => (row.ref.truncated ? cc.yellow(text) : cc.dim(text)),
        },
        { header: 'COMPACTED', value: (row) => (row.ref.compacted ? 'yes' : 'no'), style: (text, row, cc) => (row.ref.compacted ? text : cc.dim(text)) },
      ],
      c,
    ),
  );

  if (notices.length > 0) {
    out.line();
    out.write(heading('Full transcripts', c, 'of the truncated sources'));
    for (const notice of notices) {
      const ref = source.references.find((r) => r.sessionId === notice.sessionId);
      const name = cellSafe(ref?.label ?? notice.sessionId);
      const snapshot = notice.fullSnapshot;
      if (snapshot.status === 'saved') {
        out.line(`${c.bold(name)}: saved ${bytes(snapshot.bytes)} to`);
        out.line(`  ${c.cyan(cellSafe(snapshot.locator))}`);
        out.line(c.dim(`  read it back with: dsh-session-ref transcript ${shellQuote(cellSafe(snapshot.locator))}`));
      } else {
        const why = snapshot.reason === 'storage-not-configured' ? 'no spill store (--no-spill)' : 'the save failed';
        out.line(`${c.bold(name)}: ${c.yellow(`not saved, ${why}`)}`);
      }
    }
  }
  return report;
}
