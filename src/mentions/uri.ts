/** The canonical `dsh-session:` URI codec, mention formatting, and linear-time mention parsing. */

import { quoteText, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';

/** The exact, case-sensitive scheme prefix of a canonical session reference URI. */
export const SESSION_REFERENCE_SCHEME = 'dsh-session:';

/** A mention found in text: the referenced session id and the label the user saw. */
export interface SessionReferenceMention {
  /** The referenced session id. */
  sessionId: string;
  /** The unescaped mention label; for a bare URI, the id itself. */
  label: string;
}

/** Result of {@link parseSessionReferenceText}: the readable text and the references in appearance order. */
export interface ParsedSessionReferenceText {
  /** The input with every mention and bare URI replaced by `@` + its label. */
  text: string;
  /** One entry per mention or bare URI, in appearance order, duplicates included. */
  references: SessionReferenceMention[];
}

const BASE64URL_PAYLOAD = /^[A-Za-z0-9_-]+$/;
const NON_BASE64URL_CHAR = /[^A-Za-z0-9_-]/;
const MENTION_MIDDLE = `](${SESSION_REFERENCE_SCHEME}`;
const MENTION_OPEN = '@[';
const PAYLOAD_END = /[\s)]/g;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function invalid(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}

function describeType(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Encodes a session id as its canonical URI: the scheme followed by unpadded base64url
 * of the UTF-8 bytes of `JSON.stringify(id)`. Every JavaScript string round-trips.
 */
export function encodeSessionReferenceUri(id: string): string {
  if (typeof id !== 'string') {
    throw invalid(`Cannot encode a session reference URI: the session id must be a string, got ${describeType(id)}`);
  }
  return SESSION_REFERENCE_SCHEME + Buffer.from(JSON.stringify(id), 'utf8').toString('base64url');
}

/** rc.8's phrase for a URI that does not decode; every such message starts with it. */
const INVALID_URI = 'invalid session reference URI';

/**
 * Decodes a canonical session reference URI back to its session id.
 * Throws `SESSION_REFERENCE_INVALID_REFERENCE` for anything {@link encodeSessionReferenceUri} would not produce.
 */
export function decodeSessionReferenceUri(uri: string): string {
  if (typeof uri !== 'string') {
    throw invalid(`${INVALID_URI}: expected a string, got ${describeType(uri)}`);
  }
  return decodeOr(uri, (why, cause) => invalid(`${INVALID_URI} ${quoteText(uri)}: ${why}`, cause));
}

/** Decodes `uri`, or throws what `fail` makes of the reason it does not decode. */
function decodeOr(uri: string, fail: (why: string, cause?: unknown) => SessionReferenceError): string {
  if (!uri.startsWith(SESSION_REFERENCE_SCHEME)) {
    const prefix = uri.slice(0, SESSION_REFERENCE_SCHEME.length);
    throw fail(
      prefix.toLowerCase() === SESSION_REFERENCE_SCHEME
        ? `the scheme must be exactly "${SESSION_REFERENCE_SCHEME}" (it is case-sensitive)`
        : `it does not start with the "${SESSION_REFERENCE_SCHEME}" scheme`,
    );
  }
  const payload = uri.slice(SESSION_REFERENCE_SCHEME.length);
  if (payload.length === 0) throw fail('the payload is empty');
  if (!BASE64URL_PAYLOAD.test(payload)) {
    const bad = NON_BASE64URL_CHAR.exec(payload)?.[0] ?? '';
    throw fail(`the payload contains ${quoteText(bad)}, which is not an unpadded base64url character`);
  }

  let json: string;
  try {
    json = utf8Decoder.decode(Buffer.from(payload, 'base64url'));
  } catch (error) {
    throw fail('the payload bytes are not valid UTF-8', error);
  }
  let id: unknown;
  try {
    id = JSON.parse(json);
  } catch (error) {
    throw fail(`the payload ${quoteText(json)} is not valid JSON`, error);
  }
  if (typeof id !== 'string') throw fail(`the payload is JSON ${describeType(id)}, not a JSON string`);
  if (encodeSessionReferenceUri(id) !== uri) {
    throw fail('it is not canonical (re-encoding the decoded id gives a different URI)');
  }
  return id;
}

/**
 * Formats a Markdown mention `@[label](dsh-session:…)`. The label defaults to the session id
 * (an empty label stays empty); only `\` and `]` in it are escaped, each with a backslash.
 */
export function formatSessionReferenceMention(reference: { sessionId: string; label?: string }): string {
  // JavaScript callers are held to the type at run time
  if (typeof (reference as unknown) !== 'object' || (reference as unknown) === null) {
    throw invalid(`Cannot format a session mention: expected an object, got ${describeType(reference)}`);
  }
  const uri = encodeSessionReferenceUri(reference.sessionId);
  const label = reference.label ?? reference.sessionId;
  if (typeof label !== 'string') {
    throw invalid(`Cannot format a session mention: the label must be a string, got ${describeType(label)}`);
  }
  return `${MENTION_OPEN}${label.replace(/[\\\]]/g, '\\$&')}](${uri})`;
}

function isLineTerminator(char: string | undefined): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
}

function unescapeLabel(raw: string): string {
  return raw.replace(/\\([^])/g, '$1');
}

function isBase64UrlCode(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x5f
  );
}

/** A mention or bare URI recognised in the text: the reference, and the index just past its source. */
interface Recognised extends SessionReferenceMention {
  end: number;
}

/**
 * Decodes the URI of a mention or bare URI found at `start`; when it does not decode, the message
 * starts with rc.8's phrase and names the source text and its index in the text.
 */
function decodeFound(kind: string, text: string, start: number, end: number, uri: string): string {
  return decodeOr(uri, (why, cause) =>
    invalid(`${INVALID_URI} in the ${kind} ${quoteText(text.slice(start, end))} at index ${start}: ${why}`, cause),
  );
}

/**
 * Recognises Markdown mentions `@[label](dsh-session:payload)` in one text.
 *
 * A label's end (its first unescaped `]`, or failure) depends only on where the scan meets it, never
 * on where the label started, because every label start follows a `[`, which resets backslash parity.
 * Likewise a payload's end is the first whitespace or `)`. Both are cached, so failed candidates over
 * the same region (`@[@[@[…`) never rescan it and the whole text is scanned in linear time.
 */
class MarkdownMentionScanner {
  readonly #text: string;
  #labelFrom = -1;
  #labelStop = -1;
  #payloadFrom = -1;
  #payloadStop = -1;

  constructor(text: string) {
    this.#text = text;
  }

  /**
   * The mention whose `@[` starts at `start`, or undefined when the text there does not have the
   * mention's shape. A mention with that shape whose payload does not decode throws INVALID_REFERENCE.
   */
  at(start: number): Recognised | undefined {
    const text = this.#text;
    const labelStart = start + MENTION_OPEN.length;
    const labelEnd = this.#labelEnd(labelStart);
    if (!text.startsWith(MENTION_MIDDLE, labelEnd)) return undefined;
    const payloadEnd = this.#payloadEnd(labelEnd + MENTION_MIDDLE.length);
    if (text[payloadEnd] !== ')') return undefined;
    const end = payloadEnd + 1;
    const sessionId = decodeFound('session mention', text, start, end, text.slice(labelEnd + 2, payloadEnd));
    return { sessionId, label: unescapeLabel(text.slice(labelStart, labelEnd)), end };
  }

  /**
   * Where a label starting at `from` stops: its closing (unescaped) `]`, or where it cannot go on
   * (an escaped line terminator, the end of the text), neither of which is followed by `](`.
   */
  #labelEnd(from: number): number {
    if (from >= this.#labelFrom && from <= this.#labelStop) return this.#labelStop;
    const text = this.#text;
    this.#labelFrom = from;
    let backslashes = 0;
    let k = from;
    for (; k < text.length; k++) {
      const char = text[k];
      if (char === '\\') {
        backslashes++;
        continue;
      }
      const escaped = backslashes % 2 === 1;
      if ((char === ']' && !escaped) || (escaped && isLineTerminator(char))) break;
      backslashes = 0;
    }
    this.#labelStop = k;
    return k;
  }

  /** Index of the first whitespace or `)` at or after `from` (the text's length when none). */
  #payloadEnd(from: number): number {
    if (from < this.#payloadFrom || from > this.#payloadStop) {
      this.#payloadFrom = from;
      PAYLOAD_END.lastIndex = from;
      this.#payloadStop = PAYLOAD_END.exec(this.#text)?.index ?? this.#text.length;
    }
    return this.#payloadStop;
  }
}

/**
 * The bare URI `dsh-session:` + base64url run starting at `start`, or undefined when no
 * base64url character follows the scheme. A base64url-shaped payload that does not decode throws.
 */
function bareUriAt(text: string, start: number): Recognised | undefined {
  const payloadStart = start + SESSION_REFERENCE_SCHEME.length;
  let end = payloadStart;
  while (end < text.length && isBase64UrlCode(text.charCodeAt(end))) end++;
  if (end === payloadStart) return undefined;
  const sessionId = decodeFound('bare URI', text, start, end, text.slice(start, end));
  return { sessionId, label: sessionId, end };
}

/** The next index at or after a position where `needle` starts (-1 when none); searches again only once passed. */
function occurrences(text: string, needle: string): (from: number) => number {
  let next = text.indexOf(needle);
  return (from) => {
    if (next !== -1 && next < from) next = text.indexOf(needle, from);
    return next;
  };
}

/**
 * Rewrites the session mentions in `text` into readable `@label` text and returns them in order.
 * Scanning left to right, each position first tries a Markdown mention `@[label](dsh-session:…)`,
 * then a bare `dsh-session:` URI. Explicit mentions and base64url-shaped bare URIs that do not
 * decode throw `SESSION_REFERENCE_INVALID_REFERENCE`; everything else stays plain text.
 * Runs in time linear in the length of `text`.
 */
export function parseSessionReferenceText(text: string): ParsedSessionReferenceText {
  return rewriteSessionReferenceText(text, (label) => label);
}

/**
 * {@link parseSessionReferenceText}, with each mention written as `@` + `readable(label)` instead of
 * its label as it stands; the references keep their labels as they stand.
 */
export function rewriteSessionReferenceText(text: string, readable: (label: string) => string): ParsedSessionReferenceText {
  if (typeof text !== 'string') {
    throw invalid(`Cannot parse session mentions: expected a string, got ${describeType(text)}`);
  }
  const mentions = new MarkdownMentionScanner(text);
  const nextMention = occurrences(text, MENTION_OPEN);
  const nextUri = occurrences(text, SESSION_REFERENCE_SCHEME);
  const out: string[] = [];
  const references: SessionReferenceMention[] = [];
  let copied = 0;
  for (let i = 0; ;) {
    const mention = nextMention(i);
    const uri = nextUri(i);
    if (mention === -1 && uri === -1) break;
    i = uri === -1 || (mention !== -1 && mention < uri) ? mention : uri;
    const found = i === mention ? mentions.at(i) : bareUriAt(text, i);
    if (found === undefined) {
      i++;
      continue;
    }
    out.push(text.slice(copied, i), '@', readable(found.label));
    references.push({ sessionId: found.sessionId, label: found.label });
    copied = i = found.end;
  }
  out.push(text.slice(copied));
  return { text: out.join(''), references };
}
