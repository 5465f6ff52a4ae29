/** Credential redaction's entry: `redactTexts` replaces every credential in a batch of texts by `[REDACTED <kind>]`; the rest of this folder is internal. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { findCredentialsPaced } from './credentials.ts';
import type { Pace } from './credentials.ts';
import { applyFindings } from './findings.ts';
import type { Finding } from './kind-record.ts';

/** Options of {@link redactTexts}. */
export interface RedactOptions {
  /** Checked before the scan, between texts and after each turn of the event loop; an abort rejects with `signal.reason`. */
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

/** Characters scanned between two turns of the event loop, inside a text too: a giant message holds the loop a few milliseconds at a time, not for its whole scan. */
const TURN_CHARS = 1 << 18;
/** Replacements applied between two turns of the event loop: a giant text dense with credentials has hundreds of thousands. */
const APPLY_SLICE = 16_384;
/** Texts between two yields to the microtask queue (where an abort can land) when they are short. */
const YIELD_TEXTS = 32;

/** Adds each finding to its kind's count: a loop of its own, so that this hot loop never makes the async caller the one optimised (and deoptimised at its awaits). */
function countKinds(findings: readonly Finding[], byKind: Record<string, number>): void {
  for (const finding of findings) byKind[finding.kind] = (byKind[finding.kind] ?? 0) + 1;
}

/**
 * Redacts credentials in `texts` — pass a capture's label and every message text together. Each
 * value is replaced by `[REDACTED <kind>]` (kinds: the records of kinds/index.ts): self-identifying tokens,
 * PEM private keys, JWTs, URL passwords, HTTP credentials, Kubernetes Secret data, and random
 * values assigned to credential-like names; placeholders stay. The scan is linear in the total
 * length, and lets the event loop turn every 256 Ki characters, inside a long text too. Rejects
 * with `signal.reason` when the signal aborts.
 */
export async function redactTexts(texts: readonly string[], options: RedactOptions = {}): Promise<RedactResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const out: string[] = [];
  const counts: number[] = [];
  const byKind: Record<string, number> = {};
  let total = 0;
  const pace: Pace = {
    room: TURN_CHARS,
    turn: async () => {
      await nextTurn();
      signal?.throwIfAborted();
      pace.room = TURN_CHARS;
    },
  };
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k] ?? '';
    const pending = findCredentialsPaced(text, pace);
    const findings = Array.isArray(pending) ? pending : await pending;
    let redacted = applyFindings(text, findings, 0, Math.min(findings.length, APPLY_SLICE));
    for (let first = APPLY_SLICE; first < findings.length; first += APPLY_SLICE) {
      await pace.turn();
      redacted += applyFindings(text, findings, first, Math.min(findings.length, first + APPLY_SLICE));
    }
    out.push(redacted);
    counts.push(findings.length);
    total += findings.length;
    countKinds(findings, byKind);
    if (pace.room <= 0) {
      await pace.turn();
    } else if (k % YIELD_TEXTS === YIELD_TEXTS - 1) {
      await Promise.resolve();
      signal?.throwIfAborted();
    }
  }
  return { texts: out, counts, byKind, total };
}
