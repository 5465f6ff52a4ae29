/** Where UTF-16 text may be cut: never between the two units of a surrogate pair. */

/** Whether cutting `text` at UTF-16 offset `at` would split a surrogate pair: a high surrogate before `at`, its low one at it. */
export const splitsPair = (text: string, at: number): boolean => at > 0 && (text.codePointAt(at - 1) ?? 0) > 0xffff;
