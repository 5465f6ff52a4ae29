/** The `preview` command: the mentions of a message prepared against the home as the pre-step prepares them, and what the model would get. */
import type { TextBlock } from '@deepseek-ai/dsh-llm';
import { DEFAULT_REFERENCE_CONTEXT_FRACTION } from '../config.ts';
import { automaticReferenceBytes } from '../context/budget.ts';
import { readPreparedContext } from '../context/prepared-reading.ts';
import type { PreparedSourceView } from '../context/prepared-reading.ts';
import { isSessionReferenceError } from '../errors.ts';
import { rewriteMentions } from '../mentions/rewrite.ts';
import { throwawayAgent, withHome } from './home.ts';
import type { HomeOptions } from './home.ts';
import type { Colors, Io } from './output-channel.ts';
import { bytes, cellSafe, count, heading, shellQuote, table, yesNo } from './text-layout.ts';
import type { Column } from './text-layout.ts';

/**
 * Options of {@link runPreview}: the citing message's text, mentions included; the per-source budget, exact
 * (`maxBytes`) or from a model context window in tokens (`contextWindow`, through the automatic budget); whether
 * truncated transcripts are saved under `<home>/spill`; and whether `{ content, additionalContext }` is printed
 * instead of the readable report.
 */
export interface PreviewOptions extends HomeOptions {
  text: string;
  maxBytes?: number;
  contextWindow?: number;
  spill: boolean;
  json?: boolean;
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
    { header: 'SECRETS REDACTED', value: (s) => count(s.entry.redactedSecrets), right: true },
    yesNo('TRUNCATED', (s) => s.entry.truncated, 'yellow'),
    yesNo('COMPACTED', (s) => s.entry.compacted),
  ];
  return table(sources, columns, c);
}

/**
 * Prepares the mentions in `options.text` against the home with the resolver's `prepare`, as a host does, for a
 * message of a throwaway target session (never stored), then prints from what it returned the readable message
 * and the context message as the model gets them, a summary per source, and where truncated transcripts went;
 * or `{content, additionalContext}`.
 */
export async function runPreview(io: Io, options: PreviewOptions): Promise<void> {
  const { content, references } = rewriteMentions<TextBlock>([{ type: 'text', text: options.text }]);
  // with neither flag the resolver's own budget applies: 64 KiB, since no model is mounted
  const { maxBytes, contextWindow } = options;
  const maxReferenceBytes =
    maxBytes ?? (contextWindow === undefined ? undefined : automaticReferenceBytes(contextWindow, DEFAULT_REFERENCE_CONTEXT_FRACTION));
  const config = maxReferenceBytes === undefined ? {} : { maxReferenceBytes };
  const agent = throwawayAgent('preview', options.cwd);
  const prepared = await withHome(
    io,
    { home: options.home, spill: options.spill, config },
    'reading referenced sessions',
    async (host, warn) => {
      try {
        return await host.resolver.prepare(agent, content, references);
      } catch (error) {
        if (isSessionReferenceError(error, 'SESSION_REFERENCE_READ_FAILED')) {
          for (const sessionId of new Set(references.map((reference) => reference.sessionId))) {
            const log = host.persistence.refusedFor(sessionId);
            if (log !== undefined) warn(`the log of session ${JSON.stringify(sessionId)} (${log.path}) could not be read: ${log.reason}`);
          }
        }
        throw error;
      }
    },
  );

  const context = prepared.additionalContext;
  if (options.json) {
    io.out.json({ content: prepared.content, additionalContext: context });
    return;
  }
  const { out } = io;
  const c = out.c;
  out.lines(heading('Message', c, 'role user, the citing message as the model reads it'));
  out.block((prepared.content as TextBlock[]).map((block) => block.text).join('\n'));
  if (context === undefined) {
    out.line();
    io.err.line(c.dim('No session mentions in the text: nothing would be added after the message.'));
    return;
  }
  // what the model reads, and per source what preparing decided, read back from the message alone as a host can
  const { text, sources, budget } = readPreparedContext(prepared) ?? { text: '', sources: [], budget: 0 };
  out.line();
  out.lines(heading('Context message', c, 'role user, source session-reference, inserted right after it'));
  out.block(text);
  out.line();

  out.lines(heading('Summary', c, budgetNote(options, budget)));
  out.lines(summaryTable(sources, budget, c));

  const truncated = sources.flatMap(({ preview, fullSnapshot }) => (fullSnapshot === undefined ? [] : [{ preview, fullSnapshot }]));
  if (truncated.length > 0) {
    out.line();
    out.lines(heading('Full transcripts', c, 'of the truncated sources'));
  }
  for (const { preview, fullSnapshot } of truncated) {
    const name = cellSafe(preview.label);
    if (fullSnapshot.status === 'saved') {
      const locator = cellSafe(fullSnapshot.locator);
      out.line(`${c.bold(name)}: saved ${bytes(fullSnapshot.bytes)} to`);
      out.line(`  ${c.cyan(locator)}`);
      out.line(c.dim(`  read it back with: dsh-session-ref transcript ${shellQuote(locator)}`));
    } else {
      const why = fullSnapshot.reason === 'storage-not-configured' ? 'no spill store (--no-spill)' : 'the save failed';
      out.line(`${c.bold(name)}: ${c.yellow(`not saved, ${why}`)}`);
    }
  }
}
