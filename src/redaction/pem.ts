/** PEM private key blocks: `-----BEGIN … PRIVATE KEY-----` (and OpenVPN's static key), a base64 body, the END line (or none, when the text was cut); and SSH2 (RFC 4716) private key blocks. */
import { Chars } from './chars.ts';
import { isPlaceholderToken } from './placeholders.ts';

const LABEL = new Chars('A-Z0-9 ');
const MAX_BLOCK = 65_536;
const MIN_BASE64 = 32;

/**
 * `text.indexOf(needle, from)`, remembered: blocks' first lines come in increasing order, so the
 * search for what follows one never rereads a stretch.
 */
class ForwardSearch {
  private readonly needle: string;
  private text: string | undefined;
  private from = 0;
  private found = -1;

  constructor(needle: string) {
    this.needle = needle;
  }

  next(text: string, from: number): number {
    if (text !== this.text || from < this.from || (this.found >= 0 && from > this.found)) {
      this.text = text;
      this.from = from;
      this.found = text.indexOf(this.needle, from);
    } else if (this.found < 0) {
      this.from = from;
    }
    return this.found;
  }
}

/** The next `-----` (a PEM END line, or the next block). */
const DASHES = new ForwardSearch('-----');

/** The label of an OpenVPN static key, with the dashes that close it. */
const OPENVPN_STATIC_KEY = 'OpenVPN Static key V1-----';

/** The end of the label (`-----BEGIN RSA PRIVATE KEY-----`) starting at `at`, or -1. */
function labelEnd(text: string, at: number): number {
  const from = at + '-----BEGIN '.length;
  if (!text.startsWith('-----BEGIN ', at)) return -1;
  // OpenVPN's shared static key (`--secret`, `tls-auth`, `tls-crypt`): 2048 bits of hex, a private key of both ends.
  if (text.startsWith(OPENVPN_STATIC_KEY, from)) return from + OPENVPN_STATIC_KEY.length;
  const words = LABEL.runEnd(text, from, from + 48);
  // Looked for inside the label only: a search of the text would run back to its start at every other label.
  const inLabel = text.slice(from, words).lastIndexOf('PRIVATE KEY');
  if (inLabel < 0) return -1;
  const key = from + inLabel;
  let end = key + 'PRIVATE KEY'.length;
  if (text.startsWith(' BLOCK', end)) end += 6;
  return text.startsWith('-----', end) ? end + 5 : -1;
}

/** Whether a body holds enough base64 to be a key rather than `anything` or nothing. */
function realBody(body: string): boolean {
  let base64 = 0;
  // Lines of a key built by string concatenation (`"MIIE…\\n" +`) keep their quotes.
  for (const written of body.split(/\s+/)) {
    const line = written.replace(/^["'`]+|["'`+,;]+$/g, '');
    if (!line.includes(':') && /^[A-Za-z0-9+/=]+$/.test(line)) base64 += line.length;
  }
  return base64 >= MIN_BASE64 && !isPlaceholderToken(body);
}

const BASE64 = new Chars('A-Za-z0-9+/=');
const HEADER_LINE_RE = /^[A-Za-z][A-Za-z-]*: ?\S.*$/;

/** Where the base64 lines of a block without END line stop: after a short line, or where a line stops being base64. */
function cutBodyEnd(text: string, from: number, stop: number): number {
  let p = from;
  while (p < stop && /\s/.test(text.charAt(p))) p++;
  // Lines are separated by line breaks, or by blanks when the block was flattened onto one line.
  // Both looked for before `stop` only: a search of the text would run on to its end at every block.
  const bodyStart = p;
  const body = text.slice(p, stop);
  const newline = body.indexOf('\n');
  const blank = body.indexOf(' ');
  const separator = newline >= 0 && (blank < 0 || newline < blank) ? 10 : 32;
  let end = from;
  let headers = true;
  let afterFullLine = false;
  while (p < stop) {
    const found = body.indexOf(separator === 10 ? '\n' : ' ', p - bodyStart);
    const lineEnd = found < 0 ? stop : bodyStart + found;
    const line = text.slice(p, lineEnd).replace(/\r$/, '');
    if (headers && HEADER_LINE_RE.test(line)) {
      end = p + line.length;
      p = lineEnd + 1;
      continue;
    }
    headers = false;
    const run = BASE64.runEnd(text, p, lineEnd);
    // After a full line, the next line is the body's last, whatever follows it; otherwise a line that is not
    // base64 to its end (`the build …`) is prose after the body.
    if (run === p || (!afterFullLine && run < p + line.length && /^\s*[A-Za-z0-9]/.test(line.slice(run - p)))) break;
    end = run;
    if (run - p < 64 || run < p + line.length) break;
    afterFullLine = true;
    p = lineEnd + 1;
  }
  return end;
}

/** The whole block starting at `at` (its END line included, or up to the end of its body when cut), or null. */
export function matchPem(text: string, at: number): [number, number] | null {
  const bodyStart = labelEnd(text, at);
  if (bodyStart < 0) return null;
  const limit = Math.min(text.length, at + MAX_BLOCK);
  const dashes = DASHES.next(text, bodyStart);
  if (dashes >= 0 && dashes < limit && text.startsWith('-----END ', dashes)) {
    if (!realBody(text.slice(bodyStart, dashes))) return null;
    const close = text.indexOf('-----', dashes + 9);
    const end = close >= 0 && close - dashes <= 64 ? close + 5 : dashes + 8;
    return [at, end];
  }
  // No END line (the text was cut): whole lines of base64 — PEM lines are 64 characters, only the last is shorter — after optional headers.
  const stop = dashes >= 0 && dashes < limit ? dashes : limit;
  const end = cutBodyEnd(text, bodyStart, stop);
  return end > bodyStart && realBody(text.slice(bodyStart, end)) ? [at, end] : null;
}

/** An SSH2 private key block's first line. */
const SSH2_BEGIN_RE = /^---- BEGIN SSH2 (?:ENCRYPTED )?PRIVATE KEY ----/;
const SSH2_END = '---- END SSH2 ';
/** What starts an SSH2 block's BEGIN and END lines. */
const SSH2_DASHES = '---- ';

/** The next SSH2 dashes line (an END line, or the next block's BEGIN). */
const SSH2_LINES = new ForwardSearch(SSH2_DASHES);

/** An SSH2 private key block at `at` (`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`, headers, base64, the END line), or null. */
export function matchSsh2Key(text: string, at: number): [number, number] | null {
  const begin = SSH2_BEGIN_RE.exec(text.slice(at, at + 64));
  if (begin === null) return null;
  const bodyStart = at + begin[0].length;
  // The next line of dashes ends the block: an END line, or another block's BEGIN (then this one is not read).
  const end = SSH2_LINES.next(text, bodyStart);
  if (end < 0 || end - at > MAX_BLOCK || !text.startsWith(SSH2_END, end) || !realBody(text.slice(bodyStart, end))) return null;
  const close = text.slice(end + SSH2_END.length, end + 64).indexOf('----');
  return [at, close < 0 ? end : end + SSH2_END.length + close + 4];
}
