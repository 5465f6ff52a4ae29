/** Deterministic data for the benches: a seeded PRNG (mulberry32) and word text built from it, so every run generates the same data. */

/** A seeded generator of numbers in [0, 1). */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words drawn from `words` with `random`, joined by spaces, until the text holds at least `bytes` UTF-8 bytes. */
export function wordText(random: () => number, words: readonly string[], bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const word = words[Math.floor(random() * words.length)]!;
    parts.push(word);
    size += Buffer.byteLength(word) + 1;
  }
  return parts.join(' ');
}

/** Words of mixed kinds for chat-like text: prose, code, markup, quotes, accents, CJK, emoji and line breaks. */
export const MIXED_WORDS: readonly string[] = [
  'the',
  'quick',
  'brown',
  'fox',
  'jumps',
  'over',
  'lazy',
  'dog',
  'const',
  'return',
  '<div>',
  '"q"',
  'é',
  '界面',
  '😀',
  '\n',
  'x = 1;',
];
