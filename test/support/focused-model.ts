/**
 * Focused retention for tests, written apart from src/context/focused-retention.ts:
 * every size by building the JSON, every cut by trying each R from the largest down, relevance by
 * tokenising every text whole. Slow on purpose, so retention can be compared with it result for result.
 */
import { Buffer } from 'node:buffer';
import { tagSafeStringify } from '../../src/context/tag-safe-json.ts';
import { STOP_WORDS } from '../../src/context/stop-words.ts';
import { MAX_QUERY_TERMS, stem } from '../../src/context/terms.ts';
import type { RetentionResult, SourceCapture } from '../../src/context/prepare-data.ts';
import { naiveCut, naiveRetain, referenceMarker } from './retention-model.ts';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const jsonSize = (v: unknown): number => bytes(tagSafeStringify(v));

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}_]/u;
type Kind = 'cjk' | 'word' | 'gap';
const kindOf = (char: string): Kind => (CJK.test(char) ? 'cjk' : WORD.test(char) ? 'word' : 'gap');

/** Maximal runs of one kind of code point, in order. */
function runs(text: string): { kind: Kind; chars: string[] }[] {
  const out: { kind: Kind; chars: string[] }[] = [];
  for (const char of text) {
    const kind = kindOf(char);
    const last = out.at(-1);
    if (last !== undefined && last.kind === kind) last.chars.push(char);
    else out.push({ kind, chars: [char] });
  }
  return out;
}

/** The counted terms of a query text, in query order, the first MAX_QUERY_TERMS distinct ones. */
export function modelTerms(query: string): string[] {
  const terms: string[] = [];
  const add = (term: string): void => {
    if (!STOP_WORDS.has(term) && !terms.includes(term)) terms.push(term);
  };
  for (const run of runs(query.toLowerCase())) {
    if (run.kind === 'word') {
      const word = run.chars.join('');
      if (word.length >= 2 && word.length <= 64 && !STOP_WORDS.has(word)) add(stem(word));
    } else if (run.kind === 'cjk') {
      if (run.chars.length === 1) add(run.chars[0]!);
      for (let i = 0; i + 1 < run.chars.length; i++) add(run.chars[i]! + run.chars[i + 1]!);
    }
  }
  return terms.slice(0, MAX_QUERY_TERMS);
}

/** How often each term occurs in a text: words by their stem, CJK pairs and lone characters at every position. */
function termCounts(text: string, terms: readonly string[]): number[] {
  const counts = terms.map(() => 0);
  const bump = (term: string): void => {
    const k = terms.indexOf(term);
    if (k >= 0) counts[k]!++;
  };
  for (const run of runs(text)) {
    if (run.kind === 'word') bump(stem(run.chars.join('').toLowerCase()));
    else if (run.kind === 'cjk') {
      for (let i = 0; i < run.chars.length; i++) {
        if (i + 1 < run.chars.length) bump(run.chars[i]! + run.chars[i + 1]!);
        bump(run.chars[i]!);
      }
    }
  }
  return counts;
}

/** Okapi BM25 (k1 1.2, b 0.75) of each candidate, lengths in UTF-8 bytes, sums in term order. */
export function modelScores(texts: readonly string[], candidates: readonly number[], terms: readonly string[]): number[] {
  if (terms.length === 0 || candidates.length === 0) return candidates.map(() => 0);
  const counts = candidates.map((i) => termCounts(texts[i]!, terms));
  const lengths = candidates.map((i) => bytes(texts[i]!));
  const n = candidates.length;
  const average = lengths.reduce((a, b) => a + b, 0) / n || 1;
  const idf = terms.map((_, k) => {
    const df = counts.filter((c) => c[k]! > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  return counts.map((c, slot) => {
    const norm = 1.2 * (1 - 0.75 + (0.75 * lengths[slot]!) / average);
    let score = 0;
    c.forEach((tf, k) => {
      if (tf > 0) score += (idf[k]! * tf * (1.2 + 1)) / (tf + norm);
    });
    return score;
  });
}

/** `messages 2–310, 312 of 2,000`, written out here with the platform's own number grouping. */
export function modelRanges(kept: readonly boolean[]): string | undefined {
  const group = (v: number): string => v.toLocaleString('en-US');
  const parts: string[] = [];
  let omitted = 0;
  for (let i = 0; i < kept.length; i++) {
    if (kept[i]) continue;
    let j = i;
    while (j + 1 < kept.length && !kept[j + 1]) j++;
    parts.push(i === j ? group(i + 1) : `${group(i + 1)}\u2013${group(j + 1)}`);
    omitted += j - i + 1;
    i = j;
  }
  return omitted === 0 ? undefined : `${omitted === 1 ? 'message' : 'messages'} ${parts.join(', ')} of ${group(kept.length)}`;
}

interface Kept {
  text: string;
  omitted: number;
}

/** Focused retention as this project decides it, from the query's readable text; falls back to newest-first retention where retention does. */
export function naiveFocused(capture: SourceCapture, budget: number, query: string): RetentionResult {
  const messages = capture.messages;
  const n = messages.length;
  const object = (conversation: unknown[]) => ({
    sessionId: capture.sessionId,
    label: capture.label,
    cwd: capture.cwd,
    capturedThroughSeq: capture.capturedThroughSeq,
    conversation,
  });
  if (n === 0 || jsonSize(object(messages.map((m) => ({ role: m.role, text: m.text })))) <= budget) return naiveRetain(capture, budget);
  const item = (i: number, text: string) => ({ role: messages[i]!.role, text, message: i + 1 });
  const itemSize = (i: number, text: string): number => jsonSize(item(i, text));
  const kept = new Map<number, Kept>();
  const size = (extra?: [number, string]): number => {
    const conversation: unknown[] = [];
    for (let i = 0; i < n; i++) {
      if (extra?.[0] === i) conversation.push(item(i, extra[1]));
      else if (kept.has(i)) conversation.push(item(i, kept.get(i)!.text));
    }
    return jsonSize(object(conversation));
  };
  const mandatory = messages.flatMap((m, i) => (m.checkpoint || i === n - 1 ? [i] : []));
  const emptyWith = (extra: number[]) => jsonSize(object([...mandatory, ...extra].sort((a, b) => a - b).map((i) => item(i, ''))));
  if (emptyWith([]) > budget) return naiveRetain(capture, budget);
  let goal = messages.findIndex((m) => m.role === 'user');
  if (goal < 0 || goal === n - 1 || messages[goal]!.checkpoint || emptyWith([goal]) > budget) goal = -1;

  /** Whole when its item is within `max`, else its largest cut within `max`. */
  const keepWithin = (i: number, max: number): 'whole' | 'cut' | undefined => {
    const text = messages[i]!.text;
    if (itemSize(i, text) <= max) {
      kept.set(i, { text, omitted: 0 });
      return 'whole';
    }
    for (let r = bytes(text) - 1; r >= 0; r--) {
      const cut = naiveCut(text, r);
      if (itemSize(i, cut.text) <= max) {
        kept.set(i, { text: cut.text, omitted: cut.omitted });
        return 'cut';
      }
    }
    return undefined;
  };
  const roomFor = (i: number): number => budget - size() + (kept.has(i) ? itemSize(i, kept.get(i)!.text) : -1);
  const grow = (i: number): 'whole' | 'cut' | undefined => {
    const before = kept.get(i)!;
    const result = keepWithin(i, roomFor(i));
    if (result === 'cut' && itemSize(i, kept.get(i)!.text) < itemSize(i, before.text)) kept.set(i, before);
    return result;
  };

  // Steps 1 and 2.
  for (const i of mandatory) kept.set(i, { text: messages[i]!.text, omitted: 0 });
  if (goal >= 0 && keepWithin(goal, Math.floor(budget / 8)) === undefined) goal = -1;
  if (size() > budget) {
    const order = [...kept.keys()].sort((a, b) => jsonSize(kept.get(b)!.text) - jsonSize(kept.get(a)!.text) || a - b);
    for (const i of order) {
      if (size() <= budget) break;
      const text = messages[i]!.text;
      let next: Kept = { text: '', omitted: bytes(text) };
      for (let r = bytes(text) - 1; r >= 0; r--) {
        const cut = naiveCut(text, r);
        if (size([i, cut.text]) <= budget) {
          next = { text: cut.text, omitted: cut.omitted };
          break;
        }
      }
      kept.set(i, next);
    }
  }

  // Step 3.
  // The run counts its items as `{role, text}`, without positions, toward a quarter rounded up.
  const quarter = Math.ceil(budget / 4);
  const runSize = (i: number, text: string): number => jsonSize({ role: messages[i]!.role, text });
  const keyBytes = (i: number): number => itemSize(i, '') - runSize(i, '');
  let recency = runSize(n - 1, kept.get(n - 1)!.text);
  let oldest = n - 1;
  let cutAt = -1;
  for (let i = n - 2; i >= 0 && recency < quarter; i--) {
    if (!kept.has(i)) {
      const room = budget - size() - 1;
      const text = messages[i]!.text;
      let result: 'whole' | 'cut' | undefined;
      if (runSize(i, text) <= Math.min(room - keyBytes(i), 2 * quarter - recency)) result = keepWithin(i, room);
      else result = keepWithin(i, Math.min(room, Math.max(quarter - recency + keyBytes(i) + 6, itemSize(i, referenceMarker(bytes(text))))));
      if (result === undefined) break;
      if (result === 'cut') {
        oldest = i;
        cutAt = i;
        break;
      }
    }
    recency += runSize(i, kept.get(i)!.text);
    oldest = i;
  }

  // Step 4.
  const smallest = jsonSize({ role: 'user', text: '', message: 1 });
  const terms = modelTerms(query);
  let relevantCut = -1;
  if (terms.length > 0) {
    const candidates: number[] = [];
    for (let i = 0; i < oldest; i++) if (!kept.has(i)) candidates.push(i);
    const scores = modelScores(
      messages.map((m) => m.text),
      candidates,
      terms,
    );
    const ranked = candidates.map((_, slot) => slot).filter((slot) => scores[slot]! > 0);
    ranked.sort((a, b) => scores[b]! - scores[a]! || b - a);
    for (const slot of ranked) {
      const room = budget - size() - 1;
      if (room < smallest) break;
      if (keepWithin(candidates[slot]!, room) === 'cut') {
        relevantCut = candidates[slot]!;
        break;
      }
    }
  }

  // Step 5.
  if (cutAt < 0 || grow(cutAt) === 'whole') {
    for (let i = oldest - 1; i >= 0; i--) {
      if (kept.has(i)) continue;
      const room = budget - size() - 1;
      if (room < smallest || keepWithin(i, room) !== 'whole') break;
    }
  }

  // What is left.
  if (size() < budget && relevantCut >= 0) grow(relevantCut);
  if (goal >= 0 && kept.get(goal)!.text !== messages[goal]!.text && size() < budget && kept.size === n) grow(goal);

  // The last gap, when the fill is under 99%.
  const left = budget - size();
  let first = n - 1;
  while (first > 0 && kept.has(first - 1)) first--;
  const next = first - 1;
  if (left > Math.floor(budget / 100) && next >= 0) {
    const nextText = messages[next]!.text;
    const need = Math.min(itemSize(next, referenceMarker(bytes(nextText))), itemSize(next, nextText)) + 1 - left;
    const givers = [...Array.from({ length: n - first }, (_, k) => first + k), ...Array.from({ length: next }, (_, k) => next - 1 - k)];
    gap: for (const giver of need > 0 ? givers : []) {
      const text = messages[giver]!.text;
      const current = kept.get(giver)?.text;
      if (current === undefined) continue;
      for (let r = bytes(text) - 1; r >= 0; r--) {
        const cut = naiveCut(text, r);
        if (itemSize(giver, cut.text) <= itemSize(giver, current) - need) {
          kept.set(giver, { text: cut.text, omitted: cut.omitted });
          break gap;
        }
      }
    }
    keepWithin(next, budget - size() - 1);
  }

  const conversation = [...kept.keys()].sort((a, b) => a - b).map((i) => item(i, kept.get(i)!.text));
  let omittedBytes = 0;
  messages.forEach((m, i) => (omittedBytes += kept.has(i) ? kept.get(i)!.omitted : bytes(m.text)));
  const omittedMessages = n - conversation.length;
  const omittedRanges = modelRanges(messages.map((_, i) => kept.has(i)));
  return {
    preview: object(conversation) as RetentionResult['preview'],
    stats: {
      compacted: messages.some((m) => m.checkpoint),
      originalMessages: n,
      retainedMessages: conversation.length,
      omittedMessages,
      omittedBytes,
      truncated: omittedMessages > 0 || omittedBytes > 0,
    },
    size: size(),
    ...(omittedRanges === undefined ? {} : { omittedRanges }),
  };
}
