/** Literal text inside a regular expression. */

/** `text` with every character a regular expression gives a meaning to escaped, so the pattern matches it literally (also under the `u` flag). */
export const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
