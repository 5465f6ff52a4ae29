/** Lexical relevance of messages to a retention query: Okapi BM25 over the query's terms, from one scan of each text. */
import { forEachTerm } from './terms.ts';
import type { FocusQuery } from './terms.ts';
import { itemAt } from './item-at.ts';

/** Term-frequency saturation. */
const K1 = 1.2;
/** Length normalisation. */
const B = 0.75;

/**
 * The BM25 score of each of `candidates` (indexes into `texts`) against `query`, aligned with
 * `candidates`; 0 for a text that holds no counted term, and for every text when the query has
 * none. The collection is the candidates themselves; a text's length is its UTF-8 size (`utf8`,
 * indexed like `texts`), which the score only uses relative to the average, as BM25 uses word counts.
 */
export function relevanceScores(
  texts: readonly { readonly text: string }[],
  utf8: Float64Array,
  candidates: readonly number[],
  query: FocusQuery,
): Float64Array {
  const scores = new Float64Array(candidates.length);
  const termCount = query.terms.length;
  if (query.pattern === undefined || candidates.length === 0) return scores;
  /** Row `slot`: how often each term occurs in that candidate's text. */
  const counts = new Uint32Array(candidates.length * termCount);
  const documentFrequency = new Uint32Array(termCount);
  let totalLength = 0;
  for (let slot = 0; slot < candidates.length; slot++) {
    const i = itemAt(candidates, slot);
    totalLength += itemAt(utf8, i);
    const row = slot * termCount;
    forEachTerm(itemAt(texts, i).text, query, (term) => {
      const count = itemAt(counts, row + term);
      counts[row + term] = count + 1;
      if (count === 0) documentFrequency[term] = itemAt(documentFrequency, term) + 1;
    });
  }
  const n = candidates.length;
  const average = totalLength / n || 1;
  const idf = new Float64Array(termCount);
  for (let term = 0; term < termCount; term++) {
    const df = itemAt(documentFrequency, term);
    idf[term] = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }
  for (let slot = 0; slot < n; slot++) {
    const norm = K1 * (1 - B + (B * itemAt(utf8, itemAt(candidates, slot))) / average);
    let score = 0;
    // In term order, so a score's sum is the same whatever order the terms occur in.
    for (let term = 0; term < termCount; term++) {
      const tf = itemAt(counts, slot * termCount + term);
      if (tf > 0) score += (itemAt(idf, term) * tf * (K1 + 1)) / (tf + norm);
    }
    scores[slot] = score;
  }
  return scores;
}
