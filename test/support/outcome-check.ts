/** A `prepare` checked whether it succeeded or threw: BUDGET_EXCEEDED exactly when a source cannot fit, each cited source read once, and otherwise every invariant of a successful one. */
import type { PreparedReferencedMessage } from '../../src/types.ts';
import { checkPrepared, InvariantViolation } from './prepared-check.ts';
import type { CheckOptions, CheckReport } from './prepared-check.ts';
import { minimalPreviewBytes } from './preview-size.ts';
import { show } from './show.ts';

/** How one `prepare` ended. */
export type PrepareOutcome = { ok: true; result: PreparedReferencedMessage } | { ok: false; error: unknown };

/** Options of {@link checkOutcome}: those of {@link checkPrepared} plus the observed reads. */
export interface OutcomeOptions extends CheckOptions {
  /** Session ids passed to `sessionQuery.readSurface` during the prepare. */
  reads?: readonly string[];
}

/**
 * Check a prepare whether it succeeded or threw: it must fail with BUDGET_EXCEEDED (saving
 * nothing) exactly when the minimal preview of some source is over the budget, read each cited
 * source exactly once and nothing else, and otherwise satisfy {@link checkPrepared}.
 */
export function checkOutcome(outcome: PrepareOutcome, options: OutcomeOptions): CheckReport & { budgetExceeded: boolean } {
  const violations: string[] = [];
  const minimal = Math.max(0, ...options.sources.map(minimalPreviewBytes));
  const fits = minimal <= options.budget;
  if (options.reads !== undefined) {
    const want = JSON.stringify(options.sources.map((s) => s.sessionId).sort());
    const got = JSON.stringify([...options.reads].sort());
    if (want !== got) violations.push(`readSurface called for ${show(got, 300)}, expected exactly ${show(want, 300)}`);
  }
  if (!outcome.ok) {
    const code = (outcome.error as { code?: unknown } | null)?.code;
    if (fits || code !== 'SESSION_REFERENCE_BUDGET_EXCEEDED') {
      const error = outcome.error as { name?: unknown; message?: unknown } | null | undefined;
      violations.push(
        `prepare threw ${String(error?.name)} ${String(code)} (${String(error?.message).slice(0, 300)}) with minimal preview ${minimal} ≤ budget ${options.budget}: ${fits}`,
      );
    }
    if ((options.transcripts?.length ?? 0) > 0) violations.push(`${options.transcripts!.length} transcript(s) saved by a failed prepare`);
    if (violations.length > 0) throw new InvariantViolation(violations);
    return { checks: 3, truncated: 0, sizes: [], budgetExceeded: true };
  }
  if (!fits) violations.push(`prepare succeeded although a minimal preview takes ${minimal} bytes > budget ${options.budget}`);
  let report: CheckReport | undefined;
  try {
    report = checkPrepared(outcome.result, options);
  } catch (error) {
    if (!(error instanceof InvariantViolation)) throw error;
    violations.push(...error.violations);
  }
  if (violations.length > 0) throw new InvariantViolation(violations);
  return { ...report!, checks: report!.checks + 2, budgetExceeded: false };
}
