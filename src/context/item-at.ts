/** Reads of an element that an invariant of the algorithm guarantees is there, narrowed without a non-null assertion. */

/**
 * Element `i` of `array`, which the caller's invariant guarantees exists (an index below the
 * length, into an array with no holes); a missing one is an internal error, thrown rather than
 * passed on as undefined.
 */
export function itemAt<T>(array: ArrayLike<T>, i: number): T {
  const item = array[i];
  if (item === undefined) throw new Error(`internal error: no element at ${i} of ${array.length}`);
  return item;
}
