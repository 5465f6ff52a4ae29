/** The canonical `dsh-session:` URI codec, mention formatting, and linear-time mention parsing (SPEC §1). */

import { SessionReferenceError, SessionReferenceErrorCode } from './errors.ts';

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

const MESSAGE_TEXT_LIMIT = 80;
const BASE64URL_PAYLOAD = /^[A-Za-z0-9_-]+$/;
const NON_BASE64URL_CHAR = /[^A-Za-z0-9_-]/;
const MENTION_MIDDLE = `](${SESSION_REFERENCE_SCHEME}`;
const MENTION_OPEN = '@[';
const PAYLOAD_END = /[\s)]/g;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function quote(text: string): string {
  return JSON.stringify(text.length > MESSAGE_TEXT_LIMIT ? `${text.slice(0, MESSAGE_TEXT_LIMIT)}…` : text);
}

function invalid(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(
    message,
    SessionReferenceErrorCode.INVALID_REFERENCE,
    cause === undefined ? undefined : { cause },
  );
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

/**
 * Decodes a canonical session reference URI back to its session id.
 * Throws `SESSION_REFERENCE_INVALID_REFERENCE` for anything {@link encodeSessionReferenceUri} would not produce.
 */
export function decodeSessionReferenceUri(uri: string): string {
  if (typeof uri !== 'string') {
    throw invalid(`Invalid session reference URI: expected a string, got ${describeType(uri)}`);
  }
  const fail = (why: string, cause?: unknown): SessionReferenceError =>
    invalid(`Invalid session reference URI ${quote(uri)}: ${why}`, cause);

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
    throw fail(`the payload contains ${JSON.stringify(bad)}, which is not an unpadded base64url character`);
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
    throw fail(`the payload ${quote(json)} is not valid JSON`, error);
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
  if (typeof reference !== 'object' || reference === null) {
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
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x5f
  );
}

/**
 * Rewrites the session mentions in `text` into readable `@label` text and returns them in order.
 * Scanning left to right, each position first tries a Markdown mention `@[label](dsh-session:…)`,
 * then a bare `dsh-session:` URI. Explicit mentions and base64url-shaped bare URIs that do not
 * decode throw `SESSION_REFERENCE_INVALID_REFERENCE`; everything else stays plain text.
 * Runs in time linear in the length of `text`.
 */
export function parseSessionReferenceText(text: string): ParsedSessionReferenceText {
  if (typeof text !== 'string') {
    throw invalid(`Cannot parse session mentions: expected a string, got ${describeType(text)}`);
  }
  const n = text.length;
  const out: string[] = [];
  const references: SessionReferenceMention[] = [];

  // A label's end (first unescaped `]`, or failure) depends only on where the scan meets it,
  // never on where the label started, because every label start follows a `[`. Likewise a
  // payload's end is the first whitespace or `)`. Caching both keeps repeated failed
  // candidates over the same region from rescanning it.
  let labelScanStart = -1;
  let labelEnd = -1;
  let labelClosed = false;
  const scanLabel = (start: number): void => {
    if (start >= labelScanStart && start <= labelEnd) return;
    labelScanStart = start;
    let backslashes = 0;
    for (let k = start; k < n; k++) {
      const char = text[k];
      if (char === '\\') {
        backslashes++;
        continue;
      }
      const escaped = backslashes % 2 === 1;
      if (char === ']' && !escaped) {
        labelEnd = k;
        labelClosed = true;
        return;
      }
      if (escaped && isLineTerminator(char)) {
        labelEnd = k;
        labelClosed = false;
        return;
      }
      backslashes = 0;
    }
    labelEnd = n;
    labelClosed = false;
  };

  let payloadScanStart = -1;
  let payloadEnd = -1;
  const scanPayload = (start: number): void => {
    if (start >= payloadScanStart && start <= payloadEnd) return;
    payloadScanStart = start;
    PAYLOAD_END.lastIndex = start;
    payloadEnd = PAYLOAD_END.exec(text)?.index ?? n;
  };

  const wrap = (kind: string, source: string, at: number, error: unknown): SessionReferenceError =>
    invalid(
      `Invalid ${kind} ${quote(source)} at index ${at}: ${error instanceof Error ? error.message : String(error)}`,
      error,
    );

  let nextMention = text.indexOf(MENTION_OPEN);
  let nextUri = text.indexOf(SESSION_REFERENCE_SCHEME);
  let copied = 0;
  let i = 0;
  while (i < n) {
    if (nextMention !== -1 && nextMention < i) nextMention = text.indexOf(MENTION_OPEN, i);
    if (nextUri !== -1 && nextUri < i) nextUri = text.indexOf(SESSION_REFERENCE_SCHEME, i);
    if (nextMention === -1 && nextUri === -1) break;
    i = nextMention === -1 ? nextUri : nextUri === -1 ? nextMention : Math.min(nextMention, nextUri);

    if (i === nextMention) {
      const labelStart = i + MENTION_OPEN.length;
      scanLabel(labelStart);
      if (labelClosed && text.startsWith(MENTION_MIDDLE, labelEnd)) {
        const payloadStart = labelEnd + MENTION_MIDDLE.length;
        scanPayload(payloadStart);
        if (text[payloadEnd] === ')') {
          const end = payloadEnd + 1;
          const source = text.slice(i, end);
          let sessionId: string;
          try {
            sessionId = decodeSessionReferenceUri(text.slice(labelEnd + 2, payloadEnd));
          } catch (error) {
            throw wrap('session mention', source, i, error);
          }
          const label = unescapeLabel(text.slice(labelStart, labelEnd));
          out.push(text.slice(copied, i), '@', label);
          references.push({ sessionId, label });
          copied = i = end;
          continue;
        }
      }
      i++;
      continue;
    }

    let end = i + SESSION_REFERENCE_SCHEME.length;
    while (end < n && isBase64UrlCode(text.charCodeAt(end))) end++;
    if (end === i + SESSION_REFERENCE_SCHEME.length) {
      i++;
      continue;
    }
    const source = text.slice(i, end);
    let sessionId: string;
    try {
      sessionId = decodeSessionReferenceUri(source);
    } catch (error) {
      throw wrap('session reference URI', source, i, error);
    }
    out.push(text.slice(copied, i), '@', sessionId);
    references.push({ sessionId, label: sessionId });
    copied = i = end;
  }
  out.push(text.slice(copied));
  return { text: out.join(''), references };
}
