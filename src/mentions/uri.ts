/** The canonical `dsh-session:` URI codec, mention formatting, and linear-time mention parsing. */

import { typeName } from '../arguments.ts';
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

const NON_BASE64URL_CHAR = /[^A-Za-z0-9_-]/;
const BASE64URL_RUN = /[A-Za-z0-9_-]+/y;
const MENTION_MIDDLE = `](${SESSION_REFERENCE_SCHEME}`;
const MENTION_OPEN = '@[';
/** Where a mention or a bare URI may start. */
const MENTION_OR_URI = new RegExp(`@\\[|${SESSION_REFERENCE_SCHEME}`, 'g');
/** A mention's label: escaped characters (a backslash and one character that ends no line) and characters other than `\` and `]`. */
const LABEL_RUN = /(?:\\[^\n\r\u2028\u2029]|[^\\\]])*/y;
/** A mention's payload: characters that are neither whitespace nor `)`. */
const PAYLOAD_RUN = /[^\s)]*/y;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function invalid(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}

/**
 * Encodes a session id as its canonical URI: the scheme followed by unpadded base64url
 * of the UTF-8 bytes of `JSON.stringify(id)`. Every JavaScript string round-trips.
 */
export function encodeSessionReferenceUri(id: string): string {
  if (typeof id !== 'string') {
    throw invalid(`Cannot encode a session reference URI: the session id must be a string, got ${typeName(id)}`);
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
    throw invalid(`${INVALID_URI}: expected a string, got ${typeName(uri)}`);
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
  const bad = NON_BASE64URL_CHAR.exec(payload);
  if (bad !== null) throw fail(`the payload contains ${quoteText(bad[0])}, which is not an unpadded base64url character`);

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
  if (typeof id !== 'string') throw fail(`the payload is ${typeName(id)} in JSON, not a string`);
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
    throw invalid(`Cannot format a session mention: expected an object, got ${typeName(reference)}`);
  }
  const uri = encodeSessionReferenceUri(reference.sessionId);
  const label = reference.label ?? reference.sessionId;
  if (typeof label !== 'string') {
    throw invalid(`Cannot format a session mention: the label must be a string, got ${typeName(label)}`);
  }
  return `${MENTION_OPEN}${label.replace(/[\\\]]/g, '\\$&')}](${uri})`;
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

/** Where a run of a sticky `pattern` that starts at some index ends, remembering the last run so that a start inside it is answered without a rescan. */
class RunEnds {
  readonly #pattern: RegExp;
  readonly #text: string;
  #from = -1;
  #stop = -1;

  constructor(pattern: RegExp, text: string) {
    this.#pattern = pattern;
    this.#text = text;
  }

  /** The index just past the run that starts at `from`. */
  from(from: number): number {
    if (from < this.#from || from > this.#stop) {
      this.#from = from;
      this.#pattern.lastIndex = from;
      this.#pattern.exec(this.#text);
      this.#stop = this.#pattern.lastIndex;
    }
    return this.#stop;
  }
}

/**
 * Recognises the Markdown mention `@[label](dsh-session:payload)` whose `@[` starts at a given
 * index of `text`, or answers undefined when the text there does not have the mention's shape; a
 * mention with that shape whose payload does not decode throws INVALID_REFERENCE.
 *
 * A label's end depends only on where the scan meets it, never on where the label started, because
 * every label start follows a `[`, which no escape spans; a payload's end is the first whitespace or
 * `)`. Both runs are remembered, so failed candidates over the same region (`@[@[@[…`) never rescan
 * it and the whole text is scanned in linear time.
 */
function mentionsIn(text: string): (start: number) => Recognised | undefined {
  const labels = new RunEnds(LABEL_RUN, text);
  const payloads = new RunEnds(PAYLOAD_RUN, text);
  return (start) => {
    const labelStart = start + MENTION_OPEN.length;
    const labelEnd = labels.from(labelStart);
    if (!text.startsWith(MENTION_MIDDLE, labelEnd)) return undefined;
    const payloadEnd = payloads.from(labelEnd + MENTION_MIDDLE.length);
    if (text[payloadEnd] !== ')') return undefined;
    const end = payloadEnd + 1;
    const sessionId = decodeFound('session mention', text, start, end, text.slice(labelEnd + 2, payloadEnd));
    return { sessionId, label: text.slice(labelStart, labelEnd).replace(/\\([^])/g, '$1'), end };
  };
}

/**
 * The bare URI `dsh-session:` + base64url run starting at `start`, or undefined when no
 * base64url character follows the scheme. A base64url-shaped payload that does not decode throws.
 */
function bareUriAt(text: string, start: number): Recognised | undefined {
  BASE64URL_RUN.lastIndex = start + SESSION_REFERENCE_SCHEME.length;
  if (BASE64URL_RUN.exec(text) === null) return undefined;
  const end = BASE64URL_RUN.lastIndex;
  const sessionId = decodeFound('bare URI', text, start, end, text.slice(start, end));
  return { sessionId, label: sessionId, end };
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
    throw invalid(`Cannot parse session mentions: expected a string, got ${typeName(text)}`);
  }
  const mentionAt = mentionsIn(text);
  const out: string[] = [];
  const references: SessionReferenceMention[] = [];
  let copied = 0;
  MENTION_OR_URI.lastIndex = 0;
  for (let start = MENTION_OR_URI.exec(text); start !== null; start = MENTION_OR_URI.exec(text)) {
    const i = start.index;
    const found = start[0] === MENTION_OPEN ? mentionAt(i) : bareUriAt(text, i);
    if (found === undefined) {
      MENTION_OR_URI.lastIndex = i + 1;
      continue;
    }
    out.push(text.slice(copied, i), '@', readable(found.label));
    references.push({ sessionId: found.sessionId, label: found.label });
    copied = MENTION_OR_URI.lastIndex = found.end;
  }
  out.push(text.slice(copied));
  return { text: out.join(''), references };
}
