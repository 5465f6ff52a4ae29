/** Scoring a redactor on the shared secrets corpus, the way its README says: a positive case is caught when no needle survives and no 8-character piece of one sits beside a marker; a negative case must come back unchanged. */
import { readFile } from 'node:fs/promises';

/** One chat-like text of the corpus. */
export interface CorpusCase {
  id: string;
  sample: string;
  polarity: 'positive' | 'negative';
  form: string;
  text: string;
  needles?: string[];
  allow?: string[];
}

/** A labelled credential. */
export interface CorpusPositive {
  id: string;
  kind: string;
  class: string;
  value: string;
}

/** A labelled look-alike. */
export interface CorpusNegative {
  id: string;
  category: string;
  value: string;
}

/** The corpus file. */
export interface Corpus {
  positives: CorpusPositive[];
  negatives: CorpusNegative[];
  cases: CorpusCase[];
}

/** Reads the corpus, or undefined when the file is absent. */
export async function loadCorpus(path: string): Promise<Corpus | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Corpus;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Something that redacts a batch of texts into `[REDACTED …]` markers. */
export type Redactor = (texts: readonly string[]) => Promise<string[]>;

const MARKER_RE = /\[REDACTED [a-z0-9-]+\]/g;
const PIECE = 8;

/** Whether an 8-character piece of a needle sits right beside a marker in `output`. */
export function partialLeak(output: string, needles: readonly string[]): boolean {
  MARKER_RE.lastIndex = 0;
  let marker: RegExpExecArray | null;
  while ((marker = MARKER_RE.exec(output)) !== null) {
    const left = output.slice(Math.max(0, marker.index - PIECE), marker.index);
    const right = output.slice(MARKER_RE.lastIndex, MARKER_RE.lastIndex + PIECE);
    for (const needle of needles) {
      if ((left.length === PIECE && needle.includes(left)) || (right.length === PIECE && needle.includes(right))) return true;
    }
  }
  return false;
}

/** The figures of one run. */
export interface Score {
  positives: number;
  caught: number;
  partialLeaks: number;
  negatives: number;
  falsePositives: number;
  placeholderCases: number;
  placeholderFalsePositives: number;
  kinds: number;
  kindsCaught: number;
  /** Per corpus kind: [caught, cases]. */
  byKind: Map<string, [number, number]>;
  missedCases: CorpusCase[];
  leakedCases: CorpusCase[];
  falsePositiveCases: { item: CorpusCase; output: string }[];
}

/** Runs `redact` over every case and scores it. */
export async function score(corpus: Corpus, redact: Redactor): Promise<Score> {
  const kindOf = new Map(corpus.positives.map((p) => [p.id, p.kind]));
  const categoryOf = new Map(corpus.negatives.map((n) => [n.id, n.category]));
  const outputs = await redact(corpus.cases.map((c) => c.text));
  const result: Score = {
    positives: 0,
    caught: 0,
    partialLeaks: 0,
    negatives: 0,
    falsePositives: 0,
    placeholderCases: 0,
    placeholderFalsePositives: 0,
    kinds: 0,
    kindsCaught: 0,
    byKind: new Map(),
    missedCases: [],
    leakedCases: [],
    falsePositiveCases: [],
  };
  corpus.cases.forEach((item, k) => {
    const output = outputs[k]!;
    if (item.polarity === 'positive') {
      result.positives++;
      const needles = item.needles ?? [];
      const survived = needles.some((needle) => output.includes(needle));
      const leaked = !survived && partialLeak(output, needles);
      const caught = !survived && !leaked;
      if (caught) result.caught++;
      if (leaked) {
        result.partialLeaks++;
        result.leakedCases.push(item);
      }
      if (!caught && !leaked) result.missedCases.push(item);
      const kind = kindOf.get(item.sample) ?? '?';
      const entry = result.byKind.get(kind) ?? [0, 0];
      entry[1]++;
      if (caught) entry[0]++;
      result.byKind.set(kind, entry);
    } else {
      result.negatives++;
      const placeholder = categoryOf.get(item.sample) === 'placeholder';
      if (placeholder) result.placeholderCases++;
      if (output !== item.text) {
        result.falsePositives++;
        if (placeholder) result.placeholderFalsePositives++;
        result.falsePositiveCases.push({ item, output });
      }
    }
  });
  result.kinds = result.byKind.size;
  result.kindsCaught = [...result.byKind.values()].filter(([caught]) => caught > 0).length;
  return result;
}

const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

/** One table row of the headline figures. */
export function summaryRow(name: string, s: Score): string {
  const withoutPlaceholders = pct(s.falsePositives - s.placeholderFalsePositives, s.negatives - s.placeholderCases);
  return `| ${name} | ${pct(s.caught, s.positives)} (${s.caught} / ${s.positives}) | ${s.kindsCaught} / ${s.kinds} | ${pct(s.falsePositives, s.negatives)} (${s.falsePositives} / ${s.negatives}; ${withoutPlaceholders} without placeholders) | ${s.partialLeaks} |`;
}

/** Kinds below full recall, worst first. */
export function kindRecallLines(s: Score): string[] {
  return [...s.byKind.entries()]
    .filter(([, [caught, total]]) => caught < total)
    .sort((a, b) => a[1][0] / a[1][1] - b[1][0] / b[1][1] || a[0].localeCompare(b[0]))
    .map(([kind, [caught, total]]) => `  ${kind}: ${caught} / ${total}`);
}
