/** The rules a published context message must keep (framing, budget, placement, frozenness), as plain checks that return violations. */
import { MAX_REFERENCES } from '../mentions/normalize.ts';
import { cleanLabel } from '../mentions/label-text.ts';
import { rewriteMentions } from '../mentions/rewrite.ts';
import type { ContentBlockLike, RewrittenContent } from '../mentions/rewrite.ts';
import { SESSION_REFERENCE_SOURCE_KIND } from '../context/prepare-data.ts';
import {
  FOCUSED_OMISSIONS_EXPLANATION,
  OMISSIONS_EXPLANATION,
  REFERENCE_OMISSIONS_HEADING,
  REFERENCED_SESSIONS_CLOSE_TAG,
  REFERENCED_SESSIONS_HEADING,
  REFERENCED_SESSIONS_OPEN_TAG,
} from '../context/render.ts';
import { Buffer } from 'node:buffer';
import { quoteText } from '../errors.ts';
import { tagSafeStringify } from '../context/tag-safe-json.ts';
import { SNAPSHOT_INTRO, UNTRUSTED_WARNING } from '../context/warning.ts';

/** A message as the checks read it: every field is checked before it is trusted. */
export interface CheckedMessage {
  readonly id?: unknown;
  readonly role?: unknown;
  readonly content?: unknown;
  readonly source?: unknown;
}

const PREFIX = `${REFERENCED_SESSIONS_HEADING}\n\n${SNAPSHOT_INTRO}\n${UNTRUSTED_WARNING}\n\n${REFERENCED_SESSIONS_OPEN_TAG}\n`;
const CLOSE_LINE = `\n${REFERENCED_SESSIONS_CLOSE_TAG}`;
const OMISSIONS_LEADS = [OMISSIONS_EXPLANATION, FOCUSED_OMISSIONS_EXPLANATION].map(
  (explanation) => `\n\n${REFERENCE_OMISSIONS_HEADING}\n\n${explanation}\n`,
);
const MAX_LISTED = 3;

type Entry = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

const sourceKind = (message: CheckedMessage | undefined): unknown => (isRecord(message?.source) ? message.source.kind : undefined);

const count = (text: string, needle: string): number => text.split(needle).length - 1;

/**
 * The items of `json`, and each item's own tag-safe JSON (a slice of the list's text), when `json`
 * is exactly the tag-safe serialisation of the list it parses to; otherwise why not (`what` is plural).
 */
function parseTagSafeList(json: string, what: string): { items: unknown[]; parts: string[] } | string {
  let items: unknown;
  try {
    items = JSON.parse(json);
  } catch {
    return `${what} are not JSON`;
  }
  if (!Array.isArray(items)) return `${what} are not a list`;
  const parts = items.map((item: unknown) => tagSafeStringify(item));
  return `[${parts.join(',')}]` === json ? { items, parts } : `${what} are not tag-safe JSON (a raw '<' or a non-canonical form)`;
}

/** True for a message whose `source.kind` is `session-reference`: a context message this package publishes. */
export function isSessionReferenceContext(message: unknown): boolean {
  return isRecord(message) && sourceKind(message) === SESSION_REFERENCE_SOURCE_KIND;
}

/** The `source` record's entries when it has the context message's source shape (kind, form, version, references) with a recorded budget per entry, plus what is wrong with it. */
function checkSource(source: unknown, violations: string[]): Entry[] {
  if (!isRecord(source)) {
    violations.push('source is not an object');
    return [];
  }
  if (source.form !== 'recall' || source.version !== 1)
    violations.push(`source is form ${String(source.form)} version ${String(source.version)}, not recall version 1`);
  const entries = source.references;
  if (!Array.isArray(entries) || entries.length < 1 || entries.length > MAX_REFERENCES) {
    violations.push(`source.references is not a list of 1 to ${MAX_REFERENCES} entries`);
    return [];
  }
  const ids = new Set<unknown>();
  entries.forEach((entry: unknown, i) => {
    if (!isRecord(entry) || typeof entry.sessionId !== 'string') {
      violations.push(`source.references[${i}] has no session id`);
      return;
    }
    if (ids.has(entry.sessionId)) violations.push(`source.references[${i}] repeats session ${quoteValue(entry.sessionId)}`);
    ids.add(entry.sessionId);
    if (entry.inputIndex !== i) violations.push(`source.references[${i}] has inputIndex ${String(entry.inputIndex)}`);
    const budget = entry.budgetBytes;
    if (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget < 1)
      violations.push(`source.references[${i}] records no budget (budgetBytes ${String(budget)})`);
  });
  return entries.filter(isRecord);
}

/**
 * Checks one context message on its own: a user-role message with one text block
 * that opens with the fixed heading, intro and warning, holds exactly one `<referenced-sessions>`
 * and one `</referenced-sessions>` in that order around tag-safe JSON of one preview per recorded
 * reference (same session, in order, each within the entry's `budgetBytes`), and continues with the
 * omissions section exactly when some reference is truncated, one notice per truncated reference.
 * @returns the violations found, empty when the message keeps every rule.
 */
export function checkContextMessage(message: CheckedMessage): string[] {
  const violations: string[] = [];
  if (message.role !== 'user') violations.push(`role is ${String(message.role)}, not user`);
  const entries = checkSource(message.source, violations);
  const blocks = message.content;
  const block: unknown = Array.isArray(blocks) && blocks.length === 1 ? blocks[0] : undefined;
  if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') {
    violations.push('content is not exactly one text block');
    return violations;
  }
  const text = block.text;
  const opens = count(text, REFERENCED_SESSIONS_OPEN_TAG);
  const closes = count(text, REFERENCED_SESSIONS_CLOSE_TAG);
  if (opens !== 1 || closes !== 1) {
    violations.push(
      `text holds ${opens} ${REFERENCED_SESSIONS_OPEN_TAG} and ${closes} ${REFERENCED_SESSIONS_CLOSE_TAG}, not exactly one of each`,
    );
    return violations;
  }
  if (!text.startsWith(PREFIX)) {
    violations.push('text does not open with the fixed heading, intro, warning and opening tag');
    return violations;
  }
  const jsonEnd = text.indexOf(CLOSE_LINE, PREFIX.length);
  if (jsonEnd === -1) {
    violations.push(`${REFERENCED_SESSIONS_CLOSE_TAG} does not follow ${REFERENCED_SESSIONS_OPEN_TAG} on a line of its own`);
    return violations;
  }
  const framed = parseTagSafeList(text.slice(PREFIX.length, jsonEnd), 'the framed previews');
  if (typeof framed === 'string') violations.push(framed);
  else if (framed.items.length !== entries.length) {
    violations.push(`the framed previews are not a list of ${entries.length} (one per recorded reference)`);
  } else {
    entries.forEach((entry, i) => {
      const preview = framed.items[i];
      if (!isRecord(preview) || preview.sessionId !== entry.sessionId) {
        violations.push(`preview ${i} is not of session ${quoteValue(entry.sessionId)}`);
        return;
      }
      const size = Buffer.byteLength(framed.parts[i] ?? '');
      if (typeof entry.budgetBytes === 'number' && size > entry.budgetBytes) {
        violations.push(
          `preview ${i} (session ${quoteValue(entry.sessionId)}) takes ${size} bytes, over its recorded budget of ${entry.budgetBytes}`,
        );
      }
    });
  }
  checkOmissions(text.slice(jsonEnd + CLOSE_LINE.length), entries, violations);
  return violations;
}

function checkOmissions(rest: string, entries: readonly Entry[], violations: string[]): void {
  const truncated = entries.filter((entry) => entry.truncated === true);
  if (truncated.length === 0) {
    if (rest !== '') violations.push(`text continues after ${REFERENCED_SESSIONS_CLOSE_TAG} although no reference is truncated`);
    return;
  }
  const lead = OMISSIONS_LEADS.find((candidate) => rest.startsWith(candidate));
  if (lead === undefined) {
    violations.push(
      `no ${REFERENCE_OMISSIONS_HEADING} section after ${REFERENCED_SESSIONS_CLOSE_TAG} although ${truncated.length} reference(s) are truncated`,
    );
    return;
  }
  const notices = parseTagSafeList(rest.slice(lead.length), 'the omission notices');
  if (typeof notices === 'string') violations.push(notices);
  else if (
    notices.items.length !== truncated.length ||
    notices.items.some((notice, i) => !isRecord(notice) || notice.sessionId !== truncated[i]?.sessionId)
  ) {
    violations.push(`the omission notices are not one per truncated reference, in reference order`);
  }
}

/**
 * Checks that `value` and everything reachable from it are frozen.
 * @param value - the object to walk.
 * @param what - how violations name it.
 * @returns one violation naming the first few paths that are not frozen, or none.
 */
export function checkDeepFrozen(value: unknown, what: string): string[] {
  const thawed: string[] = [];
  const seen = new Set<object>();
  const pending: [unknown, string][] = [[value, what]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, path] = next;
    if (!isRecord(node) || seen.has(node)) continue;
    seen.add(node);
    if (!Object.isFrozen(node)) thawed.push(path);
    for (const key of Object.keys(node)) pending.push([node[key], Array.isArray(node) ? `${path}[${key}]` : `${path}.${key}`]);
  }
  if (thawed.length === 0) return [];
  const listed = thawed.sort().slice(0, MAX_LISTED).join(', ');
  return [`not frozen: ${listed}${thawed.length > MAX_LISTED ? ` and ${thawed.length - MAX_LISTED} more` : ''}`];
}

/**
 * Checks where a context message sits: right after its citing message, which is a
 * direct user message (source kind `user`).
 * @param previous - the message just before the context message, if any.
 */
export function checkPlacement(previous: CheckedMessage | undefined): string[] {
  if (previous === undefined) return ['it is not preceded by its citing message (nothing comes before it)'];
  if (previous.role !== 'user' || sourceKind(previous) !== 'user') {
    return [
      `it follows a ${String(previous.role)} message of source kind ${String(sourceKind(previous))}, not its citing direct user message`,
    ];
  }
  return [];
}

/** A recorded value for a violation message: a string quoted (cut and escaped), anything else by its type. */
function quoteValue(value: unknown): string {
  return typeof value === 'string' ? quoteText(value) : value === null ? 'null' : typeof value;
}

/** Up to four values of a list, each as {@link quoteValue} shows it, for a violation message. */
function quoteList(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_REFERENCES + 1).map(quoteValue);
  return `[${shown.join(',')}${values.length > shown.length ? `,… (${values.length} in all)` : ''}]`;
}

/**
 * Checks a citing message against the message it was rewritten from: same id, content
 * equal to the original with every mention rewritten to readable `@label` text (the label cleaned
 * as untrusted text, redacted or not as the resolver is configured), and the context
 * message's references naming exactly the sessions the original cites, in first-mention order.
 * @param original - the message as it entered the step.
 * @param citing - the message published in its place.
 * @param context - the context message published after it.
 */
export function checkCitingRewrite(original: CheckedMessage, citing: CheckedMessage, context: CheckedMessage): string[] {
  if (citing.id !== original.id) return [`the citing message has id ${String(citing.id)}, not ${String(original.id)}`];
  if (!Array.isArray(original.content)) return ['the citing message had no content blocks'];
  let rewritten: RewrittenContent<ContentBlockLike>;
  let unredacted: RewrittenContent<ContentBlockLike>;
  try {
    rewritten = rewriteMentions(original.content as ContentBlockLike[], (label) => cleanLabel(label, { redact: true }));
    unredacted = rewriteMentions(original.content as ContentBlockLike[], (label) => cleanLabel(label, { redact: false }));
  } catch {
    return ['the citing message holds a malformed mention'];
  }
  const violations: string[] = [];
  const content = JSON.stringify(citing.content);
  if (content !== JSON.stringify(rewritten.content) && content !== JSON.stringify(unredacted.content)) {
    violations.push('the citing message is not its original with every mention rewritten to readable @label text');
  }
  const cited = [...new Set(rewritten.references.map((reference) => reference.sessionId))];
  const source = context.source;
  const recorded =
    isRecord(source) && Array.isArray(source.references)
      ? source.references.map((entry: unknown) => (isRecord(entry) ? entry.sessionId : undefined))
      : [];
  if (JSON.stringify(recorded) !== JSON.stringify(cited)) {
    violations.push(`it records sessions ${quoteList(recorded)} but its citing message cites ${quoteList(cited)}`);
  }
  return violations;
}
