/**
 * Every invariant of a successful `prepare`, recomputed apart from src from the expected projected conversation of
 * each source: framing, tag safety, budget, exact omission counts, omission notices, the message source and the
 * saved transcripts.
 */
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import { FOCUSED_OMISSIONS_EXPLANATION, OMISSIONS_EXPLANATION } from '../../src/context/render.ts';
import { SNAPSHOT_INTRO, UNTRUSTED_WARNING } from '../../src/context/warning.ts';
import { checkContextMessage } from '../../src/invariant/context-check.ts';
import type { PreparedReferencedMessage } from '../../src/types.ts';
import type { ExpectedSource, SavedTranscript } from './expected-source.ts';
import { focusedViolations } from './focused-checks.ts';
import { alignments } from './newest-alignment.ts';
import { tagSafe, utf8 } from './preview-size.ts';
import { show } from './show.ts';
import { checkTranscript } from './saved-transcript-check.ts';

/** The framing tags; the rendered text must hold each exactly once and no other `<` at all. */
export const OPEN_TAG = '<referenced-sessions>';
export const CLOSE_TAG = '</referenced-sessions>';
export const HEADING = '## Referenced sessions';
export const OMISSIONS_HEADING = '## Reference omissions';

/** Options of {@link checkPrepared}. */
export interface CheckOptions {
  /** Expected sources in normalised order (duplicates already removed). */
  sources: readonly ExpectedSource[];
  /** The per-source byte budget the prepare ran under. */
  budget: number;
  /**
   * Saves observed during this prepare; when given, a spill store is mounted and every truncated
   * source must have been saved (and nothing else). When absent, no store is mounted.
   */
  transcripts?: readonly SavedTranscript[];
  /** The target (citing) session id: the saves' owner. */
  targetSessionId?: string;
  /** The content blocks handed to prepare; the result must be an equal, distinct copy. */
  content?: readonly ContentBlock[];
}

/** Figures of one successful check. */
export interface CheckReport {
  /** Individual assertions evaluated. */
  checks: number;
  /** Sources that came back truncated. */
  truncated: number;
  /** Bytes of each preview's tag-safe JSON. */
  sizes: number[];
}

/** Thrown by {@link checkPrepared} with every violated invariant listed. */
export class InvariantViolation extends Error {
  override readonly name = 'InvariantViolation';
  readonly violations: readonly string[];

  constructor(violations: readonly string[]) {
    super(`${violations.length} invariant violation(s):\n- ${violations.join('\n- ')}`);
    this.violations = violations;
  }
}

/** Occurrences of `needle` in `haystack` (non-overlapping scan is enough for the tags). */
export function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

const PREVIEW_KEYS = ['sessionId', 'label', 'cwd', 'capturedThroughSeq', 'conversation'];
const NOTICE_KEYS = ['sessionId', 'capturedThroughSeq', 'omittedMessages', 'omittedBytes', 'fullSnapshot'];
const FOCUSED_NOTICE_KEYS = ['sessionId', 'capturedThroughSeq', 'omittedMessages', 'omittedBytes', 'omittedRanges', 'fullSnapshot'];

/** The omission notice of `sessionId` in a rendered context text, if it has one. */
function noticeOf(text: string, sessionId: string): Record<string, unknown> | undefined {
  const at = text.lastIndexOf('\n[{');
  if (at < 0 || !text.includes(`\n\n${OMISSIONS_HEADING}\n\n`)) return undefined;
  try {
    const notices = JSON.parse(text.slice(at + 1)) as Record<string, unknown>[];
    return notices.find((notice) => notice.sessionId === sessionId);
  } catch {
    return undefined;
  }
}
/** The keys of one reference in a context message's `source`, in order. */
export const ENTRY_KEYS = [
  'sessionId',
  'label',
  'capturedFormatVersion',
  'capturedThroughSeq',
  'compacted',
  'originalMessages',
  'retainedMessages',
  'omittedMessages',
  'omittedBytes',
  'truncated',
  'inputIndex',
  'redactedSecrets',
  'budgetBytes',
];

const sameKeys = (value: unknown, keys: readonly string[]) =>
  value !== null && typeof value === 'object' && JSON.stringify(Object.keys(value)) === JSON.stringify(keys);

/**
 * Assert every invariant of a successful `prepare` (see the module doc). Collects all violations
 * and throws one {@link InvariantViolation} listing them.
 */
export function checkPrepared(result: PreparedReferencedMessage, options: CheckOptions): CheckReport {
  const violations: string[] = [];
  let checks = 0;
  const check = (ok: boolean, message: () => string): boolean => {
    checks++;
    if (!ok) violations.push(message());
    return ok;
  };
  const finish = (report: Omit<CheckReport, 'checks'>): CheckReport => {
    if (violations.length > 0) throw new InvariantViolation(violations);
    return { checks, ...report };
  };
  const { sources, budget } = options;
  const sizes: number[] = [];

  if (options.content !== undefined) {
    check(result.content !== options.content, () => 'content is the input array, not a copy');
    check(JSON.stringify(result.content) === JSON.stringify(options.content), () => 'content copy differs from the input');
  }
  const message = result.additionalContext;
  if (message === undefined) {
    check(false, () => 'no additionalContext');
    return finish({ truncated: 0, sizes });
  }
  check(Object.isFrozen(message), () => 'context message is not frozen');
  // The runtime invariant companion's message check must stay silent on everything prepare publishes.
  const companion = checkContextMessage(message);
  check(companion.length === 0, () => `the invariant companion's checks fail it: ${show(companion, 300)}`);
  check((message.role as string) === 'user', () => `context role ${message.role}`);
  const blocks = message.content;
  if (!check(blocks.length === 1 && blocks[0]?.type === 'text', () => 'context is not exactly one text block')) {
    return finish({ truncated: 0, sizes });
  }
  const text = (blocks[0] as { text: string }).text;

  // Framing: exactly one pair, in order, and no other `<` anywhere in the text.
  const open = text.indexOf(OPEN_TAG);
  const close = text.indexOf(CLOSE_TAG);
  check(countOccurrences(text, OPEN_TAG) === 1, () => `${countOccurrences(text, OPEN_TAG)} opening tags`);
  check(countOccurrences(text, CLOSE_TAG) === 1, () => `${countOccurrences(text, CLOSE_TAG)} closing tags`);
  check(open !== -1 && close > open, () => `closing tag at ${close} not after opening tag at ${open}`);
  const lessThan: number[] = [];
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) lessThan.push(i);
  check(
    lessThan.length === 2 && lessThan[0] === open && lessThan[1] === close,
    () => `raw '<' outside the two framing tags at ${show(lessThan.slice(0, 10))}`,
  );
  const lines = text.split('\n');
  const headings = lines.filter((line) => line.startsWith('#'));
  check(text.length > 0 && !text.endsWith('\n'), () => 'text ends with a newline');

  const prefix = `${HEADING}\n\n${SNAPSHOT_INTRO}\n${UNTRUSTED_WARNING}\n\n${OPEN_TAG}\n`;
  if (
    !check(
      text.startsWith(prefix),
      () => `text does not start with the fixed heading, intro, warning and opening tag: ${show(text.slice(0, 300))}`,
    )
  ) {
    return finish({ truncated: 0, sizes });
  }
  const closeLine = `\n${CLOSE_TAG}`;
  const jsonEnd = text.indexOf(closeLine, prefix.length);
  if (!check(jsonEnd !== -1, () => 'no closing tag on its own line')) return finish({ truncated: 0, sizes });
  const json = text.slice(prefix.length, jsonEnd);
  check(!/[\n\r]/.test(json), () => 'framed JSON spans several lines');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    check(false, () => `framed JSON does not parse: ${(error as Error).message}`);
    return finish({ truncated: 0, sizes });
  }
  check(tagSafe(parsed) === json, () => 'framed JSON is not the tag-safe serialisation of what it parses to');
  if (
    !check(Array.isArray(parsed) && parsed.length === sources.length, () => `framed JSON is not an array of ${sources.length} previews`)
  ) {
    return finish({ truncated: 0, sizes });
  }
  const previews = parsed as {
    sessionId: string;
    label: string;
    cwd: string | null;
    capturedThroughSeq: number | null;
    conversation: { role: string; text: string; message?: number }[];
  }[];
  // Focused retention marks every kept item of a truncated source with its position; such a
  // preview is checked against focused retention's guarantees, any other against newest-first retention's alignments.
  const positioned = previews.map(
    (preview) => Array.isArray((preview as typeof preview | undefined)?.conversation) && preview.conversation.some((m) => 'message' in m),
  );

  const entries = message.source as unknown as { kind?: string; form?: string; version?: number; references?: Record<string, unknown>[] };
  check(
    entries.kind === 'session-reference' && entries.form === 'recall' && entries.version === 1,
    () => `message source ${show({ kind: entries.kind, form: entries.form, version: entries.version })}`,
  );
  const references = Array.isArray(entries.references) ? entries.references : [];
  check(references.length === sources.length, () => `message source lists ${references.length} references, expected ${sources.length}`);

  interface Stats {
    omittedMessages: number;
    omittedBytes: number;
    truncated: boolean;
  }
  const stats: Stats[] = [];
  sources.forEach((source, i) => {
    const preview = previews[i];
    const where = `source ${i} (${show(source.sessionId, 40)})`;
    check(preview !== undefined && sameKeys(preview, PREVIEW_KEYS), () => `${where}: preview keys ${show(Object.keys(preview ?? {}))}`);
    if (preview === undefined) return;
    check(preview.sessionId === source.sessionId, () => `${where}: sessionId ${show(preview.sessionId)}`);
    check(preview.label === source.label, () => `${where}: label ${show(preview.label)} ≠ ${show(source.label)}`);
    check(preview.cwd === source.cwd, () => `${where}: cwd ${show(preview.cwd)} ≠ ${show(source.cwd)}`);
    check(
      preview.capturedThroughSeq === source.capturedThroughSeq,
      () => `${where}: capturedThroughSeq ${preview.capturedThroughSeq} ≠ ${source.capturedThroughSeq}`,
    );
    const size = utf8(JSON.stringify(preview).replaceAll('<', '\\u003c'));
    sizes.push(size);
    check(size <= budget, () => `${where}: preview is ${size} bytes, over the budget of ${budget}`);
    const conversation = Array.isArray(preview.conversation) ? preview.conversation : [];
    const itemKeys = positioned[i] ? ['role', 'text', 'message'] : ['role', 'text'];
    check(
      conversation.every((entry) => sameKeys(entry, itemKeys) && typeof entry.text === 'string'),
      () => `${where}: malformed conversation entry`,
    );

    const n = source.messages.length;
    const omittedMessages = n - conversation.length;
    const entry = references[i] ?? {};
    const reported = entry.omittedBytes;
    let omittedBytes: number;
    if (positioned[i]) {
      omittedBytes = reported as number;
      const notice = noticeOf(text, source.sessionId);
      const focused = focusedViolations(source, budget, {
        conversation,
        omittedMessages: entry.omittedMessages as number,
        omittedBytes,
        omittedRanges: notice?.omittedRanges as string | undefined,
      });
      check(focused.length === 0, () => `${where}: focused retention breaks its guarantees: ${focused.slice(0, 3).join('; ')}`);
    } else {
      const problems: string[] = [];
      const found = alignments(source.messages, conversation, problems);
      omittedBytes = found[0]?.omittedBytes ?? -1;
      if (found.some((a) => a.omittedBytes === reported)) omittedBytes = reported as number;
      check(
        found.length > 0,
        () => `${where}: conversation is no newest-first retention of the projected messages (${problems.slice(0, 3).join('; ')})`,
      );
    }
    const truncated = omittedMessages > 0 || omittedBytes > 0;
    stats.push({ omittedMessages, omittedBytes, truncated });

    const expectedEntry = {
      sessionId: source.sessionId,
      label: source.label,
      capturedFormatVersion: source.capturedFormatVersion ?? SESSION_FORMAT_VERSION,
      capturedThroughSeq: source.capturedThroughSeq,
      compacted: source.messages.some((m) => m.checkpoint),
      originalMessages: n,
      retainedMessages: conversation.length,
      omittedMessages,
      omittedBytes,
      truncated,
      inputIndex: i,
      // The corpus and the fuzzer hold no credential, so redaction (on by default) must replace nothing.
      redactedSecrets: 0,
      budgetBytes: budget,
    };
    check(sameKeys(entry, ENTRY_KEYS), () => `${where}: source entry keys ${show(Object.keys(entry))}`);
    for (const key of ENTRY_KEYS) {
      const want = (expectedEntry as Record<string, unknown>)[key];
      check(Object.is(entry[key], want), () => `${where}: source entry ${key} = ${show(entry[key])}, expected ${show(want)}`);
    }
  });

  // Omission notices.
  const rest = text.slice(jsonEnd + closeLine.length);
  const truncatedIndexes = stats.flatMap((s, i) => (s.truncated ? [i] : []));
  check(
    headings.length === (truncatedIndexes.length > 0 ? 2 : 1) && headings[0] === HEADING,
    () => `headings at line starts: ${show(headings)}`,
  );
  let notices: Record<string, unknown>[] = [];
  if (truncatedIndexes.length === 0) {
    check(rest === '', () => `text continues after the closing tag with nothing truncated: ${show(rest)}`);
  } else {
    const head = `\n\n${OMISSIONS_HEADING}\n\n`;
    if (check(rest.startsWith(head), () => `no omissions section after the closing tag: ${show(rest.slice(0, 80))}`)) {
      const body = rest.slice(head.length);
      const newline = body.indexOf('\n');
      const explanation = positioned.some(Boolean) ? FOCUSED_OMISSIONS_EXPLANATION : OMISSIONS_EXPLANATION;
      check(
        newline > 0 && body.slice(0, newline) === explanation,
        () => `omissions explanation line differs: ${show(body.slice(0, Math.max(newline, 0)))}`,
      );
      const noticeJson = body.slice(newline + 1);
      check(!/[\n\r]/.test(noticeJson), () => 'omission notices span several lines');
      try {
        notices = JSON.parse(noticeJson) as Record<string, unknown>[];
        check(tagSafe(notices) === noticeJson, () => 'omission notices are not tag-safe JSON');
      } catch (error) {
        check(false, () => `omission notices do not parse: ${(error as Error).message}`);
      }
    }
  }
  check(
    Array.isArray(notices) && notices.length === truncatedIndexes.length,
    () => `${notices.length} notices for ${truncatedIndexes.length} truncated sources`,
  );

  const saves = options.transcripts;
  if (saves !== undefined) {
    check(
      saves.length === truncatedIndexes.length,
      () => `${saves.length} transcripts saved for ${truncatedIndexes.length} truncated sources`,
    );
  }
  truncatedIndexes.forEach((i, k) => {
    const source = sources[i]!;
    const where = `source ${i} (${show(source.sessionId, 40)})`;
    const notice = notices[k];
    if (notice === undefined) return;
    const noticeKeys = positioned[i] && stats[i]!.omittedMessages > 0 ? FOCUSED_NOTICE_KEYS : NOTICE_KEYS;
    check(sameKeys(notice, noticeKeys), () => `${where}: notice keys ${show(Object.keys(notice))}`);
    check(notice.sessionId === source.sessionId, () => `${where}: notice sessionId ${show(notice.sessionId)}`);
    check(
      notice.capturedThroughSeq === source.capturedThroughSeq,
      () => `${where}: notice capturedThroughSeq ${show(notice.capturedThroughSeq)}`,
    );
    check(
      notice.omittedMessages === stats[i]!.omittedMessages,
      () => `${where}: notice omittedMessages ${show(notice.omittedMessages)} ≠ ${stats[i]!.omittedMessages}`,
    );
    check(
      notice.omittedBytes === stats[i]!.omittedBytes,
      () => `${where}: notice omittedBytes ${show(notice.omittedBytes)} ≠ ${stats[i]!.omittedBytes}`,
    );
    if (saves === undefined) {
      check(
        show(notice.fullSnapshot) === show({ status: 'unavailable', reason: 'storage-not-configured' }),
        () => `${where}: fullSnapshot ${show(notice.fullSnapshot)} without a store`,
      );
      return;
    }
    const matching = saves.filter((save) => save.sessionId === source.sessionId);
    if (!check(matching.length === 1, () => `${where}: ${matching.length} transcripts saved`)) return;
    const save = matching[0]!;
    check(save.suggestedName === `session-reference-${i + 1}.txt`, () => `${where}: suggestedName ${show(save.suggestedName)}`);
    check(save.label === source.label, () => `${where}: save label ${show(save.label)}`);
    if (options.targetSessionId !== undefined) {
      check(save.ownerSessionId === options.targetSessionId, () => `${where}: save owner ${show(save.ownerSessionId)}`);
    }
    const expectedSnapshot =
      save.ref === undefined
        ? { status: 'unavailable', reason: 'save-failed' }
        : { status: 'saved', locator: save.ref.locator, bytes: save.ref.bytes, retrievalHint: save.ref.retrievalHint };
    check(
      show(notice.fullSnapshot, Infinity) === show(expectedSnapshot, Infinity),
      () => `${where}: fullSnapshot ${show(notice.fullSnapshot)} ≠ ${show(expectedSnapshot)}`,
    );
    if (save.ref !== undefined) {
      check(save.ref.bytes === utf8(save.content), () => `${where}: saved bytes ${save.ref!.bytes} ≠ ${utf8(save.content)}`);
    }
    checkTranscript(save.content, source, where, check);
  });

  return finish({ truncated: truncatedIndexes.length, sizes });
}
