/** The omitted message positions of a focused preview, written as compact ranges: `messages 2–310, 312–1,650 of 2,000`. */

/** A non-negative integer with a comma between thousands: 1650 → `1,650`. */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * The 1-based positions of the messages not kept (`kept[i]` is 0), as ranges in order, each
 * `a–b` with an en dash or a lone `a`, after `messages ` (`message ` for a single one) and before
 * ` of <total>`; undefined when every message is kept.
 */
export function formatOmittedRanges(kept: Uint8Array): string | undefined {
  const ranges: string[] = [];
  let omitted = 0;
  for (let i = 0; i < kept.length; i++) {
    if (kept[i]) continue;
    let last = i;
    while (last + 1 < kept.length && !kept[last + 1]) last++;
    ranges.push(last === i ? groupThousands(i + 1) : `${groupThousands(i + 1)}\u2013${groupThousands(last + 1)}`);
    omitted += last - i + 1;
    i = last;
  }
  if (omitted === 0) return undefined;
  return `${omitted === 1 ? 'message' : 'messages'} ${ranges.join(', ')} of ${groupThousands(kept.length)}`;
}
