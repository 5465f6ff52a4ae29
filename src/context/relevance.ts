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
  const counts = new Uint32Array(termCount);
  const documentFrequency = new Uint32Array(termCount);
  const touched: number[] = [];
  /** Per matching candidate: its slot, then (term, count) pairs, closed by -1. */
  const postings: number[] = [];
  let totalLength = 0;
  const found = (term: number): void => {
    const count = itemAt(counts, term);
    counts[term] = count + 1;
    if (count === 0) touched.push(term);
  };
  for (let slot = 0; slot < candidates.length; slot++) {
    const i = itemAt(candidates, slot);
    totalLength += itemAt(utf8, i);
    forEachTerm(itemAt(texts, i).text, query, found);
    if (touched.length === 0) continue;
    postings.push(slot);
    // In term order, so a score's sum is the same whatever order the terms occur in.
    touched.sort((a, b) => a - b);
    for (const term of touched) {
      postings.push(term, itemAt(counts, term));
      documentFrequency[term] = itemAt(documentFrequency, term) + 1;
      counts[term] = 0;
    }
    postings.push(-1);
    touched.length = 0;
  }
  const n = candidates.length;
  const average = totalLength / n || 1;
  const idf = new Float64Array(termCount);
  for (let term = 0; term < termCount; term++) {
    const df = itemAt(documentFrequency, term);
    idf[term] = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }
  for (let at = 0; at < postings.length; at++) {
    const slot = itemAt(postings, at);
    const norm = K1 * (1 - B + (B * itemAt(utf8, itemAt(candidates, slot))) / average);
    let score = 0;
    for (at++; postings[at] !== -1; at += 2) {
      const tf = itemAt(postings, at + 1);
      score += (itemAt(idf, itemAt(postings, at)) * tf * (K1 + 1)) / (tf + norm);
    }
    scores[slot] = score;
  }
  return scores;
}
