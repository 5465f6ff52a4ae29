/** The one pass over a text: native searches for pivot characters and for tokens no pivot stops in, each such token read once, and the record tables consulted at token starts, infix literals and assignment operators. */
import { assignedToJudgingName, assignmentAt } from './assignments.ts';
import type { ScanState } from './classify.ts';
import { chars } from './chars.ts';
import { quotedArgument } from './calls.ts';
import { valueAfterWord } from './word-values.ts';
import { isWideCloser } from './foreign-prose.ts';
import { colonFields, commandArgument, flagArgument } from './commands.ts';
import { userSwitchArgument } from './windows-commands.ts';
import { INFIXES, MIN_WORD_INFIX_TOKEN, WORD_LED } from './dispatch.ts';
import { nextWordInfix, tryInfixes, tryStarts } from './format-anchors.ts';
import { schemeValueAt } from './hashes.ts';
import { keyFileLine } from './key-files.ts';
import { kubernetesSecrets } from './kubernetes.ts';
import { mailCredential } from './mail-configs.ts';
import { networkSecret, wifiQrPassword } from './network-configs.ts';
import { printedSecret } from './shell-output.ts';
import { labelledLine } from './labelled-lines.ts';
import { crackedLine } from './cracked-hashes.ts';
import { sqlInsertValue } from './sql-inserts.ts';
import { elementText } from './markup.ts';
import { parenOperand } from './operands.ts';
import { OPENS_ROW, rowToken } from './row-tokens.ts';
import { aclPassword, redisCliValue } from './redis.ts';
import { wholeTokens } from './whole-tokens.ts';
import { confirmedLogin, windowsHash } from './windows-hashes.ts';
import { MIN_PREFIXED, prefixedToken } from './prefixed-tokens.ts';
import { RANK_FORMAT, RANK_GENERIC } from './kind-record.ts';
import type { Finding } from './kind-record.ts';
import { readQuotesAs } from './spans.ts';
import { NAME_CHARS, nameRunIs } from './name-runs.ts';
import { isSignal, plainView, ViewBuilder } from './decoded-view.ts';
import { PIVOT_RE, PIVOTS, TOKEN } from './pivots.ts';
import { lettersArguments, nextBare, valueWithoutPivot } from './pivot-free.ts';
import { hintsCredential } from './credential-names.ts';
import { afterBlank, quotedAfterBlanks, spoiler } from './token-context.ts';
import type { View } from './decoded-view.ts';

/** Characters read one by one for the next pivot before the native search takes over. */
const NEAR = 16;

/** The first pivot at or after `from`, or -1: dense text has its next pivot a few characters on, read here; the native search runs only past them. */
function nextPivot(text: string, from: number): number {
  const near = Math.min(text.length, from + NEAR);
  for (let at = from; at < near; at++) {
    const code = text.charCodeAt(at);
    if (code < 128 ? PIVOTS.has(code) : isSignal(code)) return at;
  }
  PIVOT_RE.lastIndex = near;
  return PIVOT_RE.test(text) ? PIVOT_RE.lastIndex - 1 : -1;
}

/** Characters after which a new token may start inside a run (`KEY=ghp_…`, `https://hooks…`); not `+`, which only base64 has inside. */
const SEPARATOR = chars('!#$%&*./:=?@^_|~-');

/** Per ASCII character: 1 a token may start after it, 2 an infix starts with it (not a letter or digit), 4 an operator, 8 a token character, 16 one no name holds. */
const FLAGS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  FLAGS[code] =
    (SEPARATOR.has(code) ? 1 : 0) |
    (INFIXES[code] !== undefined && !WORD_LED.has(code) ? 2 : 0) |
    (code === 61 || code === 58 ? 4 : 0) |
    (TOKEN.has(code) ? 8 : 0) |
    (TOKEN.has(code) && !NAME_CHARS.has(code) ? 16 : 0);
}
/** {@link readToken}'s answer: the token's start and end, and its first character with a flag other than 8, or -1. */
let tokenStart = 0;
let tokenEnd = 0;
let firstFlagged = -1;

/** Reads the token around `pivot`, back to `floor` at most, in one pass that also finds its first flagged character (most tokens of random text have none). */
function readToken(text: string, pivot: number, floor: number): void {
  let first = -1;
  let at = pivot;
  for (; at > floor; at--) {
    const code = text.charCodeAt(at - 1);
    const flags = code < 128 ? (FLAGS[code] ?? 0) : 0;
    if ((flags & 8) === 0) break;
    if (flags !== 8) first = at - 1;
  }
  tokenStart = at;
  const n = text.length;
  for (at = pivot; at < n; at++) {
    const code = text.charCodeAt(at);
    const flags = code < 128 ? (FLAGS[code] ?? 0) : 0;
    if ((flags & 8) === 0) break;
    if (first < 0 && flags !== 8) first = at;
  }
  tokenEnd = at;
  firstFlagged = first;
}

/** {@link OPENS_ROW}, bound here: an imported binding is read through its module on every access. */
const ROW_OPENERS = OPENS_ROW;

/**
 * Everything a token [start, end) may hold; `flagged`: its first character with a flag other than 8, or -1. `bare`: the
 * token holds no pivot, so a call's quoted argument is no value (`createToken("jsxTagStart")` names a token).
 */
function scanToken(text: string, start: number, end: number, flagged: number, state: ScanState, bare: boolean): void {
  if (afterBlank(text, start)) {
    // Discord's spoiler (`||<value>||`) hides a value between bars.
    if (spoiler(text, start, end)) valueAfterWord(text, start + 2, end - 2, state);
    else valueAfterWord(text, start, end, state);
    commandArgument(text, start, end, state);
    networkSecret(text, start, state);
    mailCredential(text, start, end, flagged, state);
  } else if (start > 0 && isWideCloser(text.charCodeAt(start - 1))) valueAfterWord(text, start, end, state);
  const before = start > 0 ? text.charCodeAt(start - 1) : 0;
  // A name and a quoted value of letters alone after blanks (`#define WIFI_PASS "…"`): the pivot search never stops in that value.
  if (
    text.charCodeAt(end) === 32 &&
    flagged >= 0 &&
    end - start >= 4 &&
    NAME_CHARS.has(text.charCodeAt(end - 1)) &&
    quotedAfterBlanks(text, end) &&
    hintsCredential(text.slice(start, end))
  )
    valueWithoutPivot(text, end, state);
  if (before === 32 || before === 9) {
    const first = text.charCodeAt(start);
    if (first === 45) {
      flagArgument(text, start, end, state);
      if (text.charCodeAt(start + 1) === 45) valueWithoutPivot(text, end, state);
      else if (text.charCodeAt(start + 2) === 58) userSwitchArgument(text, start, state);
    } else if (first === 47) userSwitchArgument(text, start, state);
  } else if ((before === 10 || start === 0) && text.charCodeAt(start) === 45 && text.charCodeAt(start + 1) !== 45)
    // A flag that starts a line (an `vm.args` file's `-setcookie …`).
    flagArgument(text, start, end, state);
  // RACF's and CL's `PASSWORD(…)`, MQSC's `LDAPPWD('…')`: a keyword's operand.
  if (before === 40 || ((before === 34 || before === 39) && text.charCodeAt(start - 2) === 40)) parenOperand(text, start, end, state);
  if ((before === 34 || before === 39) && start >= 2) {
    if (!bare) quotedArgument(text, start, end, state);
    // `2) "…"`, `"AUTH" "…"`: redis-cli's replies and MONITOR's quoted arguments.
    const third = text.charCodeAt(start - 3);
    if (before === 34 && text.charCodeAt(start - 2) === 32 && (third === 41 || third === 34)) redisCliValue(text, start, state);
    else if (before === 39) sqlInsertValue(text, start, state);
  }
  // After a blank, only a workflow command (`::…`) or a cell (`| value`, aligned `|   value`) is asked for.
  if (
    before === 32
      ? text.charCodeAt(start) === 58 || text.charCodeAt(start - 2) === 124 || text.charCodeAt(start - 2) === 32
      : before < 128 && ROW_OPENERS[before] === 1
  )
    rowToken(text, start, before, state);
  // A Wi-Fi QR code's `;P:<password>;`.
  if (before === 59 && text.charCodeAt(start) === 80 && text.charCodeAt(start + 1) === 58) wifiQrPassword(text, start, state);
  const length = end - start;
  if (length >= 32) windowsHash(text, start, end, flagged, state);
  else if (before === 92) confirmedLogin(text, start, end, state);
  // `add_user`, `change_password`, `ConvertTo-SecureString`, `auth-pass` by length and second letter.
  const second = text.charCodeAt(start + 1) | 32;
  if (
    (length === 8 && second === 100) ||
    (length === 15 && second === 104) ||
    (length === 22 && second === 111) ||
    (length === 9 && second === 117)
  )
    wholeTokens(text, start, end, state);
  if (before === 62) {
    const blank = text.charCodeAt(start - 2) === 32 || (text.charCodeAt(start - 2) === 34 && text.charCodeAt(start - 3) === 32);
    if (blank) aclPassword(text, start, state);
    else elementText(text, start, state);
  } else if (before === 125) {
    const span = schemeValueAt(text, start, end);
    if (span !== null) state.found.push({ start: span[0], end: span[1], kind: span[2], rank: RANK_FORMAT });
  }
  const known = state.found.length;
  tryStarts(text, start, state);
  // A diff's added line (`+-----BEGIN PRIVATE KEY-----`): what follows the `+` starts a token too.
  if (before === 10 && text.charCodeAt(start) === 43) tryStarts(text, start + 1, state);
  // A token no format took at its start may be a key of a format no record names; a value assigned to a name is judged by the name.
  if (end - start >= MIN_PREFIXED && state.found.length === known) {
    const prefixed = prefixedToken(text, start, end);
    if (prefixed !== null && !assignedToJudgingName(text, start))
      state.found.push({ start: prefixed[0], end: prefixed[1], kind: 'token', rank: RANK_GENERIC });
  }
  if (before === 10) {
    printedSecret(text, start, end, state);
    keyFileLine(text, start, state);
  }
  // A value alone on its line (indented, bulleted, quoted) under a line that names it.
  if (state.found.length === known && (before === 10 || before === 32 || before === 96 || before === 9))
    labelledLine(text, start, end, state);
  if (before === 10 || start === 0) crackedLine(text, start, end, state);
  if (end - start >= MIN_WORD_INFIX_TOKEN)
    for (let at = nextWordInfix(text, start, state); at >= 0 && at < end; at = nextWordInfix(text, at + 1, state))
      tryInfixes(text, at, text.charCodeAt(at), state);
  if (flagged < 0) return;
  let colons = 0;
  for (let at = flagged; at < end; at++) {
    const flags = (FLAGS[text.charCodeAt(at)] ?? 0) & 7;
    if (flags === 0) continue;
    const code = text.charCodeAt(at);
    if (code === 58) colons++;
    if ((flags & 2) !== 0) tryInfixes(text, at, code, state);
    if ((flags & 4) !== 0) assignmentAt(text, at, state);
    if ((flags & 1) !== 0 && at + 1 < end) {
      tryStarts(text, at + 1, state);
      // A cell of a table written without blanks (`|dev|app|<value>|`, Jira's and Confluence's).
      if (code === 124 && text.charCodeAt(at + 1) !== 124) rowToken(text, at + 1, code, state);
    }
  }
  if (colons >= 4) colonFields(text, start, end, colons, before, state);
}

/** What a scan found, and in which view of the text. */
export interface Scan {
  view: View;
  found: Finding[];
}

/** A scan in progress: where the pivot search goes on, in which view, with what it found so far. */
export interface TextScan {
  readonly text: string;
  view: View | null;
  /** The decoded view being built, from the first written form on. */
  decoding: ViewBuilder | null;
  source: string;
  state: ScanState;
  covered: number;
  next: number;
}

/** What a scan has found before it starts, or starts over on the decoded view. */
function emptyState(): ScanState {
  return {
    found: [],
    kubernetesSecret: false,
    wordInfix: -2,
    wordInfixFrom: 0,
    query: -1,
    queryRun: -1,
    queryScheme: -1,
    queryHook: false,
    paren: -1,
    parenTo: 0,
    parenNext: -2,
    letters: -2,
    lettersFrom: 0,
    bare: -2,
    bareFrom: 0,
    tableHeader: -1,
    tableTo: 0,
  };
}

/** A scan of `text` not yet started; {@link continueScan} runs it. */
export function beginScan(text: string): TextScan {
  return { text, view: null, decoding: null, source: text, state: emptyState(), covered: 0, next: 0 };
}

/**
 * Runs `scan` on for about `budget` more characters, and returns the findings once the text is
 * done, else null: a caller may yield between two steps and gets the same answer as from one
 * run. The findings are unsorted and possibly overlapping, in the coordinates of `view`. The
 * pivot search reads the text once; at the first written form (`\u002d`, `%2F`, a zero-width
 * character) it decodes the text once, a stretch at a time too, and starts over on the decoded view.
 *
 * Worst case, linear in the length n for every input: the pivot search and the search for tokens
 * with no pivot never move back, each answer is kept until the scan passes it, and every token is
 * read once; formats and assignment values read runs through per-class caches,
 * so overlapping candidates (`xoxb-1-` repeated) share one read; names are read back at most 64
 * characters per operator and values forward at most 4 KiB, cached; PEM searches for the next
 * `-----` only forwards; the decoded view takes at most three linear passes, and the restart
 * rereads at most the stretch before the first written form; word-led infixes are searched
 * forwards only. Timings per input shape: bench/redact.bench.ts.
 */
export function continueScan(scan: TextScan, budget: number): Scan | null {
  const { text } = scan;
  if (scan.decoding !== null) {
    const decoded = scan.decoding.step(budget);
    if (decoded === null) return null;
    scan.decoding = null;
    scan.view = decoded;
    if (decoded.text !== text) Object.assign(scan, { source: decoded.text, state: emptyState(), covered: 0, next: 0 });
    // The step that finishes the view has copied the whole text into it: the scan goes on at the next step.
    if (budget !== Infinity) return null;
  }
  const { source, state, next } = scan;
  const until = next + budget;
  readQuotesAs(scan.view === null || scan.view.text === text ? null : scan.view.source);
  const stop = scanPivots(source, state, scan.covered, next, until, scan.view === null);
  if (stop >= 0 || stop === DONE) lettersArguments(source, next, stop === DONE ? source.length : stop, state);
  readQuotesAs(null);
  scan.covered = pivotsCovered;
  if (stop === DONE) {
    if (state.kubernetesSecret) kubernetesSecrets(source, state);
    return { view: scan.view ?? plainView(text), found: state.found };
  }
  if (stop < 0) {
    // A written form starts at -stop - 2: the decoded view is built from here on.
    const pivot = -stop - 2;
    scan.decoding = new ViewBuilder(text);
    scan.next = pivot;
    return continueScan(scan, until - pivot);
  }
  scan.next = stop;
  return null;
}

/** {@link scanPivots}' end of the text. */
const DONE = -1;
/** What {@link scanPivots} has read up to when it returns. */
let pivotsCovered = 0;

/**
 * The hot loop, over primitives only (an optimised loop stays optimised): the pivots of `source`
 * from `next` on, until a token ends at or past `until`. Returns where to go on, {@link DONE} at
 * the end, or `-pivot - 2` at a written form when `signals` (no decoded view yet); leaves
 * {@link pivotsCovered}.
 */
function scanPivots(source: string, state: ScanState, covered: number, next: number, until: number, signals: boolean): number {
  let read = covered;
  let at = next;
  // The next pivot is searched again only once the scan has passed it: tokens with none between do not search on.
  for (
    let pivot = nextPivot(source, at);
    pivot >= 0 || state.bare !== -1;
    pivot = pivot >= at || pivot < 0 ? pivot : nextPivot(source, at)
  ) {
    // A token that holds no pivot but may hold a credential is read as if it did.
    const bare = nextBare(source, at, state);
    const visit = bare >= 0 && (pivot < 0 || bare < pivot) ? bare : pivot;
    if (visit < 0) break;
    const code = source.charCodeAt(visit);
    if (signals && isSignal(code)) {
      pivotsCovered = read;
      return -visit - 2;
    }
    at = visit + 1;
    if (TOKEN.has(code)) {
      readToken(source, visit, read);
      const end = tokenEnd;
      const flagged = firstFlagged;
      scanToken(source, tokenStart, end, flagged, state, visit !== pivot && (pivot < 0 || pivot >= end));
      // A token of name characters alone (no flag but 8) is the word the next token's rules read back: they need not read it again.
      if (flagged < 0) nameRunIs(source, tokenStart, end);
      read = end;
      at = end;
    }
    if (at >= until) {
      pivotsCovered = read;
      return at;
    }
  }
  pivotsCovered = read;
  return DONE;
}

/** The findings in `text`, in one run of its scan (see {@link continueScan}). */
export function scanText(text: string): Scan {
  const scan = beginScan(text);
  for (;;) {
    const found = continueScan(scan, Infinity);
    if (found !== null) return found;
  }
}
