/** Credential redaction's entry: `redactTexts` replaces every credential in a batch of texts by `[REDACTED <kind>]`; the rest of this folder is internal. */
import { findCredentials } from './credentials.ts';
import { applyFindings } from './findings.ts';

/** Options of {@link redactTexts}. */
export interface RedactOptions {
  /** Checked before the scan and between texts; an abort rejects with `signal.reason`. */
  signal?: AbortSignal;
}

/** What {@link redactTexts} returns. */
export interface RedactResult {
  /** The texts, each credential replaced by `[REDACTED <kind>]`; a text with none is the same string. */
  texts: string[];
  /** Values replaced per text. */
  counts: number[];
  /** Values replaced per kind, over all texts. */
  byKind: Record<string, number>;
  /** Sum of `counts`. */
  total: number;
}

/** Characters scanned between two yields to the microtask queue (where an abort can land). */
const YIELD_CHARS = 1 << 16;
const YIELD_TEXTS = 32;

/**
 * Redacts credentials in `texts` — pass a capture's label and every message text together. Each
 * value is replaced by `[REDACTED <kind>]` (kinds: the records of kinds/index.ts): self-identifying tokens,
 * PEM private keys, JWTs, URL passwords, HTTP credentials, Kubernetes Secret data, and random
 * values assigned to credential-like names; placeholders stay. The scan is linear in the total
 * length. Rejects with `signal.reason` when the signal aborts.
 */
export async function redactTexts(texts: readonly string[], options: RedactOptions = {}): Promise<RedactResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const out: string[] = [];
  const counts: number[] = [];
  const byKind: Record<string, number> = {};
  let total = 0;
  let sinceYield = 0;
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k] ?? '';
    const findings = findCredentials(text);
    out.push(applyFindings(text, findings));
    counts.push(findings.length);
    total += findings.length;
    for (const finding of findings) byKind[finding.kind] = (byKind[finding.kind] ?? 0) + 1;
    sinceYield += text.length;
    if (sinceYield >= YIELD_CHARS || k % YIELD_TEXTS === YIELD_TEXTS - 1) {
      sinceYield = 0;
      await Promise.resolve();
      signal?.throwIfAborted();
    }
  }
  return { texts: out, counts, byKind, total };
}
