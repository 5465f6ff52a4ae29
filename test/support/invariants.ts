/**
 * Shared checker for `prepare` results (corpus and fuzz tests): framing, tag safety, budget,
 * exact omission counts, omission notices, message-source statistics and saved transcripts,
 * all recomputed independently from the expected projected conversation of each source.
 */
import { Buffer } from 'node:buffer';
import { SESSION_FORMAT_VERSION } from '@deepseek-ai/dsh-session';
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import type { PreparedReferencedMessage } from '../../src/types.ts';
import { checkContextMessage } from '../../src/invariant/context-check.ts';
import { FOCUSED_OMISSIONS_EXPLANATION, OMISSIONS_EXPLANATION } from '../../src/context/render.ts';
import { readTranscript } from '../../src/transcript/read.ts';
import { SNAPSHOT_INTRO, UNTRUSTED_WARNING } from '../../src/context/warning.ts';
import { focusedViolations } from './focused-checks.ts';
import type { SessionItem } from './write-session.ts';

/** The framing tags; the rendered text must hold each exactly once and no other `<` at all. */
export const OPEN_TAG = '<referenced-sessions>';
export const CLOSE_TAG = '</referenced-sessions>';
export const HEADING = '## Referenced sessions';
export const OMISSIONS_HEADING = '## Reference omissions';
/** The automatic budget floor (and default): 64 KiB. */
export const DEFAULT_BUDGET = 65_536;

/** One message of a source's projected conversation (the oracle's view). */
export interface ExpectedMessage {
  role: 'user' | 'assistant';
  text: string;
  checkpoint: boolean;
}

/** What one cited source must come back as, in normalised order. */
export interface ExpectedSource {
  sessionId: string;
  label: string;
  cwd: string | null;
  capturedThroughSeq: number | null;
  /** Defaults to the host's `SESSION_FORMAT_VERSION`. */
  capturedFormatVersion?: number;
  /** The full projected conversation, in surface order. */
  messages: readonly ExpectedMessage[];
}

/** One `spillStore.saveText` call observed during the checked `prepare`. */
export interface SavedTranscript {
  ownerSessionId: string;
  sessionId: string;
  label: string;
  suggestedName: string;
  content: string;
  /** What the store returned (absent when the save rejected). */
  ref?: { locator: string; bytes: number; retrievalHint: string };
}

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
  constructor(readonly violations: readonly string[]) {
    super(`${violations.length} invariant violation(s):\n- ${violations.join('\n- ')}`);
  }
}

/** `JSON.stringify` with every `<` written as `\u003c` (SPEC §5.2), computed independently of src. */
export function tagSafe(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** UTF-8 bytes, a lone surrogate counting 3. */
export function utf8(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Serialised cost of a budgeted preview object. */
export function previewBytes(preview: unknown): number {
  return utf8(tagSafe(preview));
}

function budgetedObject(source: ExpectedSource, conversation: { role: string; text: string }[]) {
  return {
    sessionId: source.sessionId,
    label: source.label,
    cwd: source.cwd,
    capturedThroughSeq: source.capturedThroughSeq,
    conversation,
  };
}

/** Size of the smallest preview retention can produce: checkpoints and the newest item, all with empty text. */
export function minimalPreviewBytes(source: ExpectedSource): number {
  const n = source.messages.length;
  const mandatory = source.messages.filter((m, i) => m.checkpoint || i === n - 1).map((m) => ({ role: m.role, text: '' }));
  return previewBytes(budgetedObject(source, mandatory));
}

/** Size of the untruncated preview. */
export function fullPreviewBytes(source: ExpectedSource): number {
  return previewBytes(
    budgetedObject(
      source,
      source.messages.map((m) => ({ role: m.role, text: m.text })),
    ),
  );
}

/**
 * Independent model of the surface projection (SPEC §3.2) of the items `writeSession` writes:
 * user text and assistant text kept, checkpoints kept and flagged, everything else dropped,
 * compaction replacing the surface range it names, empty texts dropped.
 */
export function projectItems(items: readonly SessionItem[]): ExpectedMessage[] {
  type Node = ExpectedMessage & { kept: boolean };
  const nodes: Node[] = [];
  const resolve = (index: number) => (index < 0 ? nodes.length + index : index);
  for (const item of items) {
    switch (item.kind) {
      case 'user':
        nodes.push({ role: 'user', text: item.text, checkpoint: false, kept: true });
        break;
      case 'assistant':
        nodes.push({ role: 'assistant', text: item.text ?? '', checkpoint: false, kept: true });
        break;
      case 'tool':
        nodes.push({ role: 'assistant', text: item.text ?? '', checkpoint: false, kept: true });
        nodes.push({ role: 'user', text: item.result, checkpoint: false, kept: false });
        break;
      case 'plugin':
      case 'reference':
        nodes.push({ role: 'user', text: item.text, checkpoint: false, kept: false });
        break;
      case 'compaction': {
        const first = resolve(item.first ?? 0);
        const last = resolve(item.last ?? -1);
        nodes.splice(first, last - first + 1, { role: 'user', text: item.summary, checkpoint: true, kept: true });
        break;
      }
    }
  }
  return nodes.filter((n) => n.kept && n.text !== '').map(({ role, text, checkpoint }) => ({ role, text, checkpoint }));
}

/** Occurrences of `needle` in `haystack` (non-overlapping scan is enough for the tags). */
export function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

/** The omission marker, matched where it starts (SPEC §4.4: `\n[… omitted N UTF-8 bytes …]\n` between head and tail). */
const MARKER = /\n\[\u2026 omitted (\d+) UTF-8 bytes \u2026\]\n/y;
const MARKER_START = '\n[\u2026 omitted ';

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** True when position `i` of `s` falls inside a well-formed surrogate pair. */
const splitsPair = (s: string, i: number) => i > 0 && i < s.length && isHigh(s.charCodeAt(i - 1)) && isLow(s.charCodeAt(i));
/** UTF-8 bytes of the code point starting at `i` (0 at the end). */
function cpBytesAt(s: string, i: number): number {
  if (i >= s.length) return 0;
  return utf8(String.fromCodePoint(s.codePointAt(i)!));
}
/** UTF-8 bytes of the code point ending just before `i` (0 at the start). */
function cpBytesBefore(s: string, i: number): number {
  if (i <= 0) return 0;
  const c = s.charCodeAt(i - 1);
  if (isLow(c) && i >= 2 && isHigh(s.charCodeAt(i - 2))) return 4;
  if (c >= 0xd800 && c <= 0xdfff) return 3;
  return utf8(s[i - 1]!);
}

/**
 * How many original bytes a retained text omits: 0 when it is the original, all of them when it
 * is empty, N when it is a valid cut (SPEC §4.4): an exact code-point-aligned head of the original,
 * the marker `omitted N UTF-8 bytes`, and an exact suffix, each the longest within ⌈R/2⌉ / ⌊R/2⌋
 * bytes for one R. Every place the marker appears is tried, since the original may hold one too.
 * @returns the omitted byte count, or a string describing why the text is no valid cut.
 */
export function omittedByCut(kept: string, original: string): number | string {
  if (kept === original) return 0;
  if (kept === '') return utf8(original);
  let why = 'text is neither the original, empty, nor a marked cut';
  for (let at = kept.indexOf(MARKER_START); at !== -1; at = kept.indexOf(MARKER_START, at + 1)) {
    MARKER.lastIndex = at;
    const match = MARKER.exec(kept);
    if (match === null) continue;
    const n = Number(match[1]);
    if (!(n > 0) || String(n) !== match[1]) {
      why = `bad omitted count ${match[1]}`;
      continue;
    }
    const head = kept.slice(0, at);
    const tail = kept.slice(at + match[0].length);
    const h = head.length;
    const s = original.length - tail.length;
    if (h > s || !original.startsWith(head) || !original.endsWith(tail) || splitsPair(original, h) || splitsPair(original, s)) {
      why = 'text is not an exact code-point-aligned head + marker + tail of the original';
      continue;
    }
    const hb = utf8(head);
    const tb = utf8(tail);
    if (hb + tb + n !== utf8(original)) {
      why = `the marker says ${n} bytes omitted, the cut omits ${utf8(original) - hb - tb}`;
      continue;
    }
    // Some R must make this head the longest prefix within ⌈R/2⌉ and this tail the longest suffix within ⌊R/2⌋.
    const headMax = hb + Math.max(cpBytesAt(original, h), 1) - 1;
    const tailMax = tb + Math.max(cpBytesBefore(original, s), 1) - 1;
    // ⌈R/2⌉ = a ∈ [hb, headMax], ⌊R/2⌋ = b ∈ [tb, tailMax], a − b ∈ {0, 1}.
    if (Math.max(hb, tb) <= Math.min(headMax, tailMax + 1)) return n;
    why = 'the head and tail are not the longest ones for any single R';
  }
  return why;
}

interface Alignment {
  retained: number[];
  omittedBytes: number;
}

/**
 * The retained index sets SPEC §4.3 allows for `m` kept messages out of `messages`: the oldest
 * droppable (non-checkpoint, not newest) messages dropped in order, optionally the last dropped one
 * refilled as a cut. Returns each candidate whose texts are valid, with its omitted-byte count.
 */
function alignments(
  messages: readonly ExpectedMessage[],
  conversation: readonly { role: string; text: string }[],
  problems: string[],
): Alignment[] {
  const n = messages.length;
  const m = conversation.length;
  const droppable: number[] = [];
  for (let i = 0; i < n - 1; i++) if (!messages[i]!.checkpoint) droppable.push(i);
  const found: Alignment[] = [];
  for (const refill of [false, true]) {
    const k = refill ? n - m + 1 : n - m;
    if (k < 0 || k > droppable.length || (refill && k === 0)) continue;
    const dropped = new Set(droppable.slice(0, refill ? k - 1 : k));
    const refilled = refill ? droppable[k - 1]! : -1;
    const retained: number[] = [];
    for (let i = 0; i < n; i++) if (!dropped.has(i)) retained.push(i);
    if (retained.length !== m) continue;
    let omittedBytes = 0;
    for (const i of dropped) omittedBytes += utf8(messages[i]!.text);
    let ok = true;
    for (let j = 0; j < m && ok; j++) {
      const original = messages[retained[j]!]!;
      const kept = conversation[j]!;
      if (kept.role !== original.role) {
        problems.push(`${refill ? 'refill' : 'drop'} alignment: entry ${j} role ${kept.role} ≠ ${original.role}`);
        ok = false;
        break;
      }
      const cut = omittedByCut(kept.text, original.text);
      if (typeof cut === 'string') {
        problems.push(`${refill ? 'refill' : 'drop'} alignment: entry ${j} (message ${retained[j]}): ${cut}`);
        ok = false;
        break;
      }
      if (retained[j] === refilled && (cut === 0 || kept.text === '')) {
        problems.push(`refill alignment: refilled message ${refilled} is not a marked cut`);
        ok = false;
        break;
      }
      omittedBytes += cut;
    }
    if (ok) found.push({ retained, omittedBytes });
  }
  return found;
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
const ENTRY_KEYS = [
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

const show = (value: unknown, max = 160) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
};

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
  check(message.role === 'user', () => `context role ${message.role}`);
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
  // preview is checked against §4.7's guarantees, any other against §4.3's alignments.
  const positioned = previews.map((preview) => Array.isArray(preview?.conversation) && preview.conversation.some((m) => 'message' in m));

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
    const preview = previews[i]!;
    const where = `source ${i} (${show(source.sessionId, 40)})`;
    check(sameKeys(preview, PREVIEW_KEYS), () => `${where}: preview keys ${show(Object.keys(preview ?? {}))}`);
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
        () => `${where}: conversation is no SPEC §4.3 retention of the projected messages (${problems.slice(0, 3).join('; ')})`,
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

/** How one `prepare` ended. */
export type PrepareOutcome = { ok: true; result: PreparedReferencedMessage } | { ok: false; error: unknown };

/** Options of {@link checkOutcome}: those of {@link checkPrepared} plus the observed reads. */
export interface OutcomeOptions extends CheckOptions {
  /** Session ids passed to `sessionQuery.readSurface` during the prepare. */
  reads?: readonly string[];
}

/**
 * Check a prepare whether it succeeded or threw: it must fail with BUDGET_EXCEEDED (saving
 * nothing) exactly when the minimal preview of some source is over the budget, read each cited
 * source exactly once and nothing else, and otherwise satisfy {@link checkPrepared}.
 */
export function checkOutcome(outcome: PrepareOutcome, options: OutcomeOptions): CheckReport & { budgetExceeded: boolean } {
  const violations: string[] = [];
  const minimal = Math.max(0, ...options.sources.map(minimalPreviewBytes));
  const fits = minimal <= options.budget;
  if (options.reads !== undefined) {
    const want = JSON.stringify(options.sources.map((s) => s.sessionId).sort());
    const got = JSON.stringify([...options.reads].sort());
    if (want !== got) violations.push(`readSurface called for ${show(got, 300)}, expected exactly ${show(want, 300)}`);
  }
  if (!outcome.ok) {
    const code = (outcome.error as { code?: unknown } | null)?.code;
    if (fits || code !== 'SESSION_REFERENCE_BUDGET_EXCEEDED') {
      const error = outcome.error as Error;
      violations.push(
        `prepare threw ${String(error?.name)} ${String(code)} (${String(error?.message).slice(0, 300)}) with minimal preview ${minimal} ≤ budget ${options.budget}: ${fits}`,
      );
    }
    if ((options.transcripts?.length ?? 0) > 0) violations.push(`${options.transcripts!.length} transcript(s) saved by a failed prepare`);
    if (violations.length > 0) throw new InvariantViolation(violations);
    return { checks: 3, truncated: 0, sizes: [], budgetExceeded: true };
  }
  if (!fits) violations.push(`prepare succeeded although a minimal preview takes ${minimal} bytes > budget ${options.budget}`);
  let report: CheckReport | undefined;
  try {
    report = checkPrepared(outcome.result, options);
  } catch (error) {
    if (!(error instanceof InvariantViolation)) throw error;
    violations.push(...error.violations);
  }
  if (violations.length > 0) throw new InvariantViolation(violations);
  return { ...report!, checks: report!.checks + 2, budgetExceeded: false };
}

/** The saved transcript decodes to the exact full projected conversation and header. */
function checkTranscript(
  content: string,
  source: ExpectedSource,
  where: string,
  check: (ok: boolean, message: () => string) => boolean,
): void {
  let parsed: ReturnType<typeof readTranscript>;
  try {
    parsed = readTranscript(content);
  } catch (error) {
    check(false, () => `${where}: transcript does not read back: ${(error as Error).message}`);
    return;
  }
  const header = {
    sessionId: source.sessionId,
    label: source.label,
    cwd: source.cwd,
    capturedThroughSeq: source.capturedThroughSeq,
    capturedFormatVersion: source.capturedFormatVersion ?? SESSION_FORMAT_VERSION,
  };
  check(show(parsed.capture, Infinity) === show(header, Infinity), () => `${where}: transcript header ${show(parsed.capture)}`);
  const messages = parsed.messages;
  if (
    !check(
      messages.length === source.messages.length,
      () => `${where}: transcript has ${messages.length} messages, expected ${source.messages.length}`,
    )
  )
    return;
  let bad = -1;
  for (let j = 0; j < messages.length; j++) {
    const got = messages[j]!;
    const want = source.messages[j]!;
    if (got.index !== j + 1 || got.role !== want.role || got.text !== want.text || (got.checkpoint === true) !== want.checkpoint) {
      bad = j;
      break;
    }
  }
  check(bad === -1, () => `${where}: transcript message ${bad + 1} differs: ${show(messages[bad])} vs ${show(source.messages[bad])}`);
  let longest = 0;
  for (const line of content.split('\n')) if (line.startsWith('"') && line.length > longest) longest = line.length;
  check(longest <= 386, () => `${where}: a transcript fragment line has ${longest} characters`);
}
