/** Newest-first retention, checked apart from src: the drop-oldest (and refill-the-last-dropped) alignments a kept conversation can be of its source. */
import { omittedByCut } from './cut-check.ts';
import type { ExpectedMessage } from './expected-source.ts';
import { utf8 } from './preview-size.ts';

/** One way the kept conversation lines up with its source: which messages it kept and how many bytes it omits. */
export interface Alignment {
  retained: number[];
  omittedBytes: number;
}

/**
 * The retained index sets newest-first retention allows for `m` kept messages out of `messages`: the oldest
 * droppable (non-checkpoint, not newest) messages dropped in order, optionally the last dropped one
 * refilled as a cut. Returns each candidate whose texts are valid, with its omitted-byte count.
 */
export function alignments(
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
    let ok = true as boolean;
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
