/** The project's own held-out corpus: credentials written from vendors' public format documentation into chat-like texts, and hard look-alikes, expanded from templates with a seeded generator. */
import { BLIND_NEGATIVES, BLIND_POSITIVES } from './held-out-blind.ts';
import { BLIND3_NEGATIVES, BLIND3_POSITIVES } from './held-out-blind3.ts';
import { BLIND4_NEGATIVES, BLIND4_POSITIVES } from './held-out-blind4.ts';
import { BLIND5_NEGATIVES, BLIND5_POSITIVES } from './held-out-blind5.ts';
import { BLIND6_NEGATIVES, BLIND6_POSITIVES } from './held-out-blind6.ts';
import { BLIND7_NEGATIVES, BLIND7_POSITIVES } from './held-out-blind7.ts';
import { BLIND8_NEGATIVES, BLIND8_POSITIVES } from './held-out-blind8.ts';
import { BLIND9_NEGATIVES, BLIND9_POSITIVES } from './held-out-blind9.ts';
import { BLIND10_NEGATIVES, BLIND10_POSITIVES } from './held-out-blind10.ts';
import { BLIND11_NEGATIVES, BLIND11_POSITIVES } from './held-out-blind11.ts';
import { BLIND12_NEGATIVES, BLIND12_POSITIVES } from './held-out-blind12.ts';
import { BLIND13_NEGATIVES, BLIND13_POSITIVES } from './held-out-blind13.ts';
import { BLIND14_NEGATIVES, BLIND14_POSITIVES } from './held-out-blind14.ts';
import { BLIND15_NEGATIVES, BLIND15_POSITIVES } from './held-out-blind15.ts';
import { BLIND16_NEGATIVES, BLIND16_POSITIVES } from './held-out-blind16.ts';
import { BLIND17_NEGATIVES, BLIND17_POSITIVES } from './held-out-blind17.ts';
import { BLIND18_NEGATIVES, BLIND18_POSITIVES } from './held-out-blind18.ts';
import { BLIND19_NEGATIVES, BLIND19_POSITIVES } from './held-out-blind19.ts';
import { BLIND20_NEGATIVES, BLIND20_POSITIVES } from './held-out-blind20.ts';
import { BLIND21_NEGATIVES, BLIND21_POSITIVES } from './held-out-blind21.ts';
import { BLIND22_NEGATIVES, BLIND22_POSITIVES } from './held-out-blind22.ts';
import { BLIND23_NEGATIVES, BLIND23_POSITIVES } from './held-out-blind23.ts';
import { BLIND24_NEGATIVES, BLIND24_POSITIVES } from './held-out-blind24.ts';
import { BLIND25_NEGATIVES, BLIND25_POSITIVES } from './held-out-blind25.ts';
import { BLIND26_NEGATIVES, BLIND26_POSITIVES } from './held-out-blind26.ts';
import { BLIND27_NEGATIVES, BLIND27_POSITIVES } from './held-out-blind27.ts';
import { BLIND28_NEGATIVES, BLIND28_POSITIVES } from './held-out-blind28.ts';
import { BLIND29_NEGATIVES, BLIND29_POSITIVES } from './held-out-blind29.ts';
import { BLIND30_NEGATIVES, BLIND30_POSITIVES } from './held-out-blind30.ts';
import { BLIND31_NEGATIVES, BLIND31_POSITIVES } from './held-out-blind31.ts';
import { BLIND32_NEGATIVES, BLIND32_POSITIVES } from './held-out-blind32.ts';
import { BLIND33_NEGATIVES, BLIND33_POSITIVES } from './held-out-blind33.ts';
import { BLIND34_NEGATIVES, BLIND34_POSITIVES } from './held-out-blind34.ts';
import { BLIND35_NEGATIVES, BLIND35_POSITIVES } from './held-out-blind35.ts';
import { BLIND36_NEGATIVES, BLIND36_POSITIVES } from './held-out-blind36.ts';
import { BLIND37_NEGATIVES, BLIND37_POSITIVES } from './held-out-blind37.ts';
import { BLIND38_NEGATIVES, BLIND38_POSITIVES } from './held-out-blind38.ts';
import { BLIND39_NEGATIVES, BLIND39_POSITIVES } from './held-out-blind39.ts';
import { BLIND40_NEGATIVES, BLIND40_POSITIVES } from './held-out-blind40.ts';
import { BLIND41_NEGATIVES, BLIND41_POSITIVES } from './held-out-blind41.ts';
import { BLIND42_NEGATIVES, BLIND42_POSITIVES } from './held-out-blind42.ts';
import { BLIND43_NEGATIVES, BLIND43_POSITIVES } from './held-out-blind43.ts';
import { BLIND44_NEGATIVES, BLIND44_POSITIVES } from './held-out-blind44.ts';
import { BLIND45_NEGATIVES, BLIND45_POSITIVES } from './held-out-blind45.ts';
import { BLIND46_NEGATIVES, BLIND46_POSITIVES } from './held-out-blind46.ts';
import { BLIND47_NEGATIVES, BLIND47_POSITIVES } from './held-out-blind47.ts';
import { BLIND48_NEGATIVES, BLIND48_POSITIVES } from './held-out-blind48.ts';
import { BLIND49_NEGATIVES, BLIND49_POSITIVES } from './held-out-blind49.ts';
import { BLIND50_NEGATIVES, BLIND50_POSITIVES } from './held-out-blind50.ts';
import { BLIND51_NEGATIVES, BLIND51_POSITIVES } from './held-out-blind51.ts';
import { BLIND52_NEGATIVES, BLIND52_POSITIVES } from './held-out-blind52.ts';
import { BLIND53_NEGATIVES, BLIND53_POSITIVES } from './held-out-blind53.ts';
import { BLIND54_NEGATIVES, BLIND54_POSITIVES } from './held-out-blind54.ts';
import { BLIND55_NEGATIVES, BLIND55_POSITIVES } from './held-out-blind55.ts';
import { BLIND56_NEGATIVES, BLIND56_POSITIVES } from './held-out-blind56.ts';
import { BLIND57_NEGATIVES, BLIND57_POSITIVES } from './held-out-blind57.ts';
import { BLIND58_NEGATIVES, BLIND58_POSITIVES } from './held-out-blind58.ts';
import { BLIND59_NEGATIVES, BLIND59_POSITIVES } from './held-out-blind59.ts';
import { BLIND60_NEGATIVES, BLIND60_POSITIVES } from './held-out-blind60.ts';
import { BLIND61_NEGATIVES, BLIND61_POSITIVES } from './held-out-blind61.ts';
import { BLIND62_NEGATIVES, BLIND62_POSITIVES } from './held-out-blind62.ts';
import { BLIND63_NEGATIVES, BLIND63_POSITIVES } from './held-out-blind63.ts';
import { BLIND64_NEGATIVES, BLIND64_POSITIVES } from './held-out-blind64.ts';
import { BLIND65_NEGATIVES, BLIND65_POSITIVES } from './held-out-blind65.ts';
import { BLIND66_NEGATIVES, BLIND66_POSITIVES } from './held-out-blind66.ts';
import { BLIND67_NEGATIVES, BLIND67_POSITIVES } from './held-out-blind67.ts';
import { BLIND68_NEGATIVES, BLIND68_POSITIVES } from './held-out-blind68.ts';
import { BLIND69_NEGATIVES, BLIND69_POSITIVES } from './held-out-blind69.ts';
import { BLIND70_NEGATIVES, BLIND70_POSITIVES } from './held-out-blind70.ts';
import { BLIND71_NEGATIVES, BLIND71_POSITIVES } from './held-out-blind71.ts';
import { BLIND72_NEGATIVES, BLIND72_POSITIVES } from './held-out-blind72.ts';
import { BLIND73_NEGATIVES, BLIND73_POSITIVES } from './held-out-blind73.ts';
import { BLIND74_NEGATIVES, BLIND74_POSITIVES } from './held-out-blind74.ts';
import { BLIND75_NEGATIVES, BLIND75_POSITIVES } from './held-out-blind75.ts';
import { BLIND76_NEGATIVES, BLIND76_POSITIVES } from './held-out-blind76.ts';
import { BLIND77_NEGATIVES, BLIND77_POSITIVES } from './held-out-blind77.ts';
import { BLIND78_NEGATIVES, BLIND78_POSITIVES } from './held-out-blind78.ts';
import { BLIND79_NEGATIVES, BLIND79_POSITIVES } from './held-out-blind79.ts';
import { BLIND80_NEGATIVES, BLIND80_POSITIVES } from './held-out-blind80.ts';
import { BLIND81_NEGATIVES, BLIND81_POSITIVES } from './held-out-blind81.ts';
import { BLIND82_NEGATIVES, BLIND82_POSITIVES } from './held-out-blind82.ts';
import { BLIND83_NEGATIVES, BLIND83_POSITIVES } from './held-out-blind83.ts';
import { BLIND84_NEGATIVES, BLIND84_POSITIVES } from './held-out-blind84.ts';
import { BLIND85_NEGATIVES, BLIND85_POSITIVES } from './held-out-blind85.ts';
import { BLIND86_NEGATIVES, BLIND86_POSITIVES } from './held-out-blind86.ts';
import { BLIND87_NEGATIVES, BLIND87_POSITIVES } from './held-out-blind87.ts';
import { BLIND88_NEGATIVES, BLIND88_POSITIVES } from './held-out-blind88.ts';
import { BLIND89_NEGATIVES, BLIND89_POSITIVES } from './held-out-blind89.ts';
import { BLIND90_NEGATIVES, BLIND90_POSITIVES } from './held-out-blind90.ts';
import { BLIND91_NEGATIVES, BLIND91_POSITIVES } from './held-out-blind91.ts';
import { BLIND92_NEGATIVES, BLIND92_POSITIVES } from './held-out-blind92.ts';
import { BLIND93_NEGATIVES, BLIND93_POSITIVES } from './held-out-blind93.ts';
import { BLIND94_NEGATIVES, BLIND94_POSITIVES } from './held-out-blind94.ts';
import { BLIND95_NEGATIVES, BLIND95_POSITIVES } from './held-out-blind95.ts';
import { BLIND96_NEGATIVES, BLIND96_POSITIVES } from './held-out-blind96.ts';
import { BLIND97_NEGATIVES, BLIND97_POSITIVES } from './held-out-blind97.ts';
import { BLIND98_NEGATIVES, BLIND98_POSITIVES } from './held-out-blind98.ts';
import { BLIND99_NEGATIVES, BLIND99_POSITIVES } from './held-out-blind99.ts';
import { BLIND100_NEGATIVES, BLIND100_POSITIVES } from './held-out-blind100.ts';
import { HELD_OUT_NEGATIVES } from './held-out-negatives.ts';
import { HELD_OUT_POSITIVES } from './held-out-positives.ts';

/** A positive case: the text and every written value that must disappear from it. */
export interface HeldOutPositive {
  kind: string;
  text: string;
  needles: string[];
}

/** A negative case: a text that must come back byte-exact. */
export interface HeldOutNegative {
  category: string;
  text: string;
}

/**
 * Alphabets of the `{<letter><count>}` runs in a template: `h` lowercase hex, `H` uppercase hex,
 * `a` letters and digits, `l` lowercase letters and digits, `u` uppercase letters and digits,
 * `d` digits, `b` base64, `B` base64url, `c` base32 (RFC 4648), `k` lowercase base32, `L`
 * lowercase letters, `U` uppercase letters, `p` bcrypt's base64 (`./A-Za-z0-9`), `e` bech32 in upper case.
 */
const ALPHABETS: Readonly<Record<string, string>> = {
  h: '0123456789abcdef',
  H: '0123456789ABCDEF',
  a: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  l: 'abcdefghijklmnopqrstuvwxyz0123456789',
  u: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  d: '0123456789',
  b: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  B: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  c: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
  k: 'abcdefghijklmnopqrstuvwxyz234567',
  L: 'abcdefghijklmnopqrstuvwxyz',
  U: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  p: './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  e: 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L',
};

/** Words a generated run must not hold by chance (they would make it a stand-in). */
const STAND_IN_RE = /example|placeholder|redacted|your|here|replace|change|insert|dummy|fake|sample|todo|xxx|test/i;

/** A seeded xorshift32 generator. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

function randomRun(next: () => number, alphabet: string, length: number): string {
  for (;;) {
    let out = '';
    for (let k = 0; k < length; k++) out += alphabet[next() % alphabet.length]!;
    // Random strings, as real keys are: no stand-in word, no run of three of one character.
    if (!STAND_IN_RE.test(out) && !/(.)\1\1/.test(out)) return out;
  }
}

/** The text of a template with its runs filled in, and its `«…»`-marked needles. */
export function expand(template: string, seed: number): { text: string; needles: string[] } {
  const next = generator(seed * 2_654_435_761 + 12_345);
  const filled = template.replace(/\{([a-zA-Z])(\d+)\}/g, (_, letter: string, count: string) => {
    const alphabet = ALPHABETS[letter];
    if (alphabet === undefined) throw new Error(`held-out corpus: no alphabet ${letter}`);
    return randomRun(next, alphabet, Number(count));
  });
  const needles: string[] = [];
  const text = filled.replace(/«([^»]*)»/g, (_, needle: string) => {
    needles.push(needle);
    return needle;
  });
  return { text, needles };
}

type Templates = readonly (readonly [string, string])[];

/** Positive cases expanded from `[kind, template]` pairs, the k-th with seed `seed + k`. */
function positives(templates: Templates, seed: number): readonly HeldOutPositive[] {
  return templates.map(([kind, template], k) => ({ kind, ...expand(template, seed + k) }));
}

/** Negative cases expanded from `[category, template]` pairs, the k-th with seed `seed + k`. */
function negatives(templates: Templates, seed: number): readonly HeldOutNegative[] {
  return templates.map(([category, template], k) => ({ category, text: expand(template, seed + k).text }));
}

/** The positive cases. */
export const POSITIVE_CASES = positives(HELD_OUT_POSITIVES, 1);
/** The negative cases. */
export const NEGATIVE_CASES = negatives(HELD_OUT_NEGATIVES, 10_000);
/** A blind batch: written by a helper who never saw the rules, scored once on the code when it arrived, before any tuning (see docs/secrets.md). */
export interface BlindBatch {
  name: string;
  positives: readonly HeldOutPositive[];
  negatives: readonly HeldOutNegative[];
}

/** The blind batches in the order they arrived, each expanded with seeds of its own. */
export const BLIND_BATCHES: readonly BlindBatch[] = (
  [
    ['blind batch', BLIND_POSITIVES, BLIND_NEGATIVES],
    ['third blind batch', BLIND3_POSITIVES, BLIND3_NEGATIVES],
    ['fourth blind batch', BLIND4_POSITIVES, BLIND4_NEGATIVES],
    ['fifth blind batch', BLIND5_POSITIVES, BLIND5_NEGATIVES],
    ['sixth blind batch', BLIND6_POSITIVES, BLIND6_NEGATIVES],
    ['seventh blind batch', BLIND7_POSITIVES, BLIND7_NEGATIVES],
    ['eighth blind batch', BLIND8_POSITIVES, BLIND8_NEGATIVES],
    ['ninth blind batch', BLIND9_POSITIVES, BLIND9_NEGATIVES],
    ['tenth blind batch', BLIND10_POSITIVES, BLIND10_NEGATIVES],
    ['eleventh blind batch', BLIND11_POSITIVES, BLIND11_NEGATIVES],
    ['twelfth blind batch', BLIND12_POSITIVES, BLIND12_NEGATIVES],
    ['thirteenth blind batch', BLIND13_POSITIVES, BLIND13_NEGATIVES],
    // The fifteenth arrived before the fourteenth: each batch keeps the seeds of its place in the order of arrival.
    ['fifteenth blind batch', BLIND15_POSITIVES, BLIND15_NEGATIVES],
    ['fourteenth blind batch', BLIND14_POSITIVES, BLIND14_NEGATIVES],
    ['sixteenth blind batch', BLIND16_POSITIVES, BLIND16_NEGATIVES],
    ['seventeenth blind batch', BLIND17_POSITIVES, BLIND17_NEGATIVES],
    ['eighteenth blind batch', BLIND18_POSITIVES, BLIND18_NEGATIVES],
    ['nineteenth blind batch', BLIND19_POSITIVES, BLIND19_NEGATIVES],
    ['twentieth blind batch', BLIND20_POSITIVES, BLIND20_NEGATIVES],
    ['twenty-first blind batch', BLIND21_POSITIVES, BLIND21_NEGATIVES],
    ['twenty-second blind batch', BLIND22_POSITIVES, BLIND22_NEGATIVES],
    // The twenty-fourth arrived before the twenty-third.
    ['twenty-fourth blind batch', BLIND24_POSITIVES, BLIND24_NEGATIVES],
    ['twenty-third blind batch', BLIND23_POSITIVES, BLIND23_NEGATIVES],
    // The twenty-sixth arrived before the twenty-fifth.
    ['twenty-sixth blind batch', BLIND26_POSITIVES, BLIND26_NEGATIVES],
    ['twenty-fifth blind batch', BLIND25_POSITIVES, BLIND25_NEGATIVES],
    // The twenty-ninth arrived first of the last three, then the twenty-eighth and the twenty-seventh.
    ['twenty-ninth blind batch', BLIND29_POSITIVES, BLIND29_NEGATIVES],
    ['twenty-eighth blind batch', BLIND28_POSITIVES, BLIND28_NEGATIVES],
    ['twenty-seventh blind batch', BLIND27_POSITIVES, BLIND27_NEGATIVES],
    ['thirtieth blind batch', BLIND30_POSITIVES, BLIND30_NEGATIVES],
    ['thirty-first blind batch', BLIND31_POSITIVES, BLIND31_NEGATIVES],
    ['thirty-second blind batch', BLIND32_POSITIVES, BLIND32_NEGATIVES],
    ['thirty-third blind batch', BLIND33_POSITIVES, BLIND33_NEGATIVES],
    ['thirty-fourth blind batch', BLIND34_POSITIVES, BLIND34_NEGATIVES],
    ['thirty-fifth blind batch', BLIND35_POSITIVES, BLIND35_NEGATIVES],
    // The thirty-seventh arrived before the thirty-sixth.
    ['thirty-seventh blind batch', BLIND37_POSITIVES, BLIND37_NEGATIVES],
    ['thirty-sixth blind batch', BLIND36_POSITIVES, BLIND36_NEGATIVES],
    ['thirty-eighth blind batch', BLIND38_POSITIVES, BLIND38_NEGATIVES],
    ['thirty-ninth blind batch', BLIND39_POSITIVES, BLIND39_NEGATIVES],
    ['fortieth blind batch', BLIND40_POSITIVES, BLIND40_NEGATIVES],
    ['forty-first blind batch', BLIND41_POSITIVES, BLIND41_NEGATIVES],
    ['forty-second blind batch', BLIND42_POSITIVES, BLIND42_NEGATIVES],
    ['forty-third blind batch', BLIND43_POSITIVES, BLIND43_NEGATIVES],
    // The forty-fifth arrived before the forty-fourth.
    ['forty-fifth blind batch', BLIND45_POSITIVES, BLIND45_NEGATIVES],
    ['forty-fourth blind batch', BLIND44_POSITIVES, BLIND44_NEGATIVES],
    ['forty-sixth blind batch', BLIND46_POSITIVES, BLIND46_NEGATIVES],
    ['forty-seventh blind batch', BLIND47_POSITIVES, BLIND47_NEGATIVES],
    ['forty-eighth blind batch', BLIND48_POSITIVES, BLIND48_NEGATIVES],
    ['forty-ninth blind batch', BLIND49_POSITIVES, BLIND49_NEGATIVES],
    ['fiftieth blind batch', BLIND50_POSITIVES, BLIND50_NEGATIVES],
    // The fifty-second arrived before the fifty-first.
    ['fifty-second blind batch', BLIND52_POSITIVES, BLIND52_NEGATIVES],
    ['fifty-first blind batch', BLIND51_POSITIVES, BLIND51_NEGATIVES],
    // The fifty-fifth arrived before the fifty-third and the fifty-fourth.
    ['fifty-fifth blind batch', BLIND55_POSITIVES, BLIND55_NEGATIVES],
    ['fifty-third blind batch', BLIND53_POSITIVES, BLIND53_NEGATIVES],
    ['fifty-fourth blind batch', BLIND54_POSITIVES, BLIND54_NEGATIVES],
    // The fifty-seventh arrived before the fifty-sixth.
    ['fifty-seventh blind batch', BLIND57_POSITIVES, BLIND57_NEGATIVES],
    ['fifty-sixth blind batch', BLIND56_POSITIVES, BLIND56_NEGATIVES],
    // The fifty-ninth arrived before the fifty-eighth.
    ['fifty-ninth blind batch', BLIND59_POSITIVES, BLIND59_NEGATIVES],
    ['fifty-eighth blind batch', BLIND58_POSITIVES, BLIND58_NEGATIVES],
    // The sixty-first arrived before the sixtieth.
    ['sixty-first blind batch', BLIND61_POSITIVES, BLIND61_NEGATIVES],
    ['sixtieth blind batch', BLIND60_POSITIVES, BLIND60_NEGATIVES],
    ['sixty-second blind batch', BLIND62_POSITIVES, BLIND62_NEGATIVES],
    ['sixty-third blind batch', BLIND63_POSITIVES, BLIND63_NEGATIVES],
    ['sixty-fourth blind batch', BLIND64_POSITIVES, BLIND64_NEGATIVES],
    // The sixty-sixth arrived before the sixty-fifth.
    ['sixty-sixth blind batch', BLIND66_POSITIVES, BLIND66_NEGATIVES],
    ['sixty-fifth blind batch', BLIND65_POSITIVES, BLIND65_NEGATIVES],
    ['sixty-seventh blind batch', BLIND67_POSITIVES, BLIND67_NEGATIVES],
    ['sixty-eighth blind batch', BLIND68_POSITIVES, BLIND68_NEGATIVES],
    ['sixty-ninth blind batch', BLIND69_POSITIVES, BLIND69_NEGATIVES],
    ['seventieth blind batch', BLIND70_POSITIVES, BLIND70_NEGATIVES],
    ['seventy-first blind batch', BLIND71_POSITIVES, BLIND71_NEGATIVES],
    ['seventy-second blind batch', BLIND72_POSITIVES, BLIND72_NEGATIVES],
    ['seventy-third blind batch', BLIND73_POSITIVES, BLIND73_NEGATIVES],
    ['seventy-fourth blind batch', BLIND74_POSITIVES, BLIND74_NEGATIVES],
    ['seventy-fifth blind batch', BLIND75_POSITIVES, BLIND75_NEGATIVES],
    ['seventy-sixth blind batch', BLIND76_POSITIVES, BLIND76_NEGATIVES],
    ['seventy-seventh blind batch', BLIND77_POSITIVES, BLIND77_NEGATIVES],
    ['seventy-eighth blind batch', BLIND78_POSITIVES, BLIND78_NEGATIVES],
    ['eightieth blind batch', BLIND80_POSITIVES, BLIND80_NEGATIVES],
    ['seventy-ninth blind batch', BLIND79_POSITIVES, BLIND79_NEGATIVES],
    ['eighty-third blind batch', BLIND83_POSITIVES, BLIND83_NEGATIVES],
    ['eighty-fourth blind batch', BLIND84_POSITIVES, BLIND84_NEGATIVES],
    ['eighty-first blind batch', BLIND81_POSITIVES, BLIND81_NEGATIVES],
    ['eighty-second blind batch', BLIND82_POSITIVES, BLIND82_NEGATIVES],
    ['eighty-fifth blind batch', BLIND85_POSITIVES, BLIND85_NEGATIVES],
    ['eighty-sixth blind batch', BLIND86_POSITIVES, BLIND86_NEGATIVES],
    ['eighty-eighth blind batch', BLIND88_POSITIVES, BLIND88_NEGATIVES],
    ['eighty-seventh blind batch', BLIND87_POSITIVES, BLIND87_NEGATIVES],
    ['eighty-ninth blind batch', BLIND89_POSITIVES, BLIND89_NEGATIVES],
    ['ninetieth blind batch', BLIND90_POSITIVES, BLIND90_NEGATIVES],
    ['ninety-second blind batch', BLIND92_POSITIVES, BLIND92_NEGATIVES],
    ['ninety-first blind batch', BLIND91_POSITIVES, BLIND91_NEGATIVES],
    ['ninety-third blind batch', BLIND93_POSITIVES, BLIND93_NEGATIVES],
    ['ninety-fourth blind batch', BLIND94_POSITIVES, BLIND94_NEGATIVES],
    ['ninety-fifth blind batch', BLIND95_POSITIVES, BLIND95_NEGATIVES],
    ['ninety-sixth blind batch', BLIND96_POSITIVES, BLIND96_NEGATIVES],
    ['ninety-seventh blind batch', BLIND97_POSITIVES, BLIND97_NEGATIVES],
    ['ninety-eighth blind batch', BLIND98_POSITIVES, BLIND98_NEGATIVES],
    ['ninety-ninth blind batch', BLIND99_POSITIVES, BLIND99_NEGATIVES],
    ['hundredth blind batch', BLIND100_POSITIVES, BLIND100_NEGATIVES],
  ] as const
).map(([name, positiveTemplates, negativeTemplates], k) => ({
  name,
  positives: positives(positiveTemplates, 20_000 + 20_000 * k),
  negatives: negatives(negativeTemplates, 30_000 + 20_000 * k),
}));
