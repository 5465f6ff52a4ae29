/** Credentials given as a keyword's operand in parentheses, as mainframe and IBM i commands write them: RACF's `PASSWORD(…)`, CL's `PASSWORD(…)`, MQSC's `LDAPPWD('…')`. */
import { classify, roleOfName } from './classify.ts';
import type { ScanState } from './classify.ts';

/** A keyword in capitals that ends just before its `(`: group 1. */
const KEYWORD_RE = /(?:^|[^A-Za-z0-9_])([A-Z][A-Z0-9]{1,15})$/;

/**
 * A token at `start` that opens a keyword's operand: after `(`, or after `('` or `("`. The whole operand, up to its `)` or
 * closing quote, is judged under the keyword when that names a password, a secret or a token; an unquoted one must look random.
 */
export function parenOperand(text: string, start: number, end: number, state: ScanState): void {
  const quote = text.charCodeAt(start - 1);
  const quoted = quote === 34 || quote === 39;
  const open = quoted ? start - 2 : start - 1;
  const last = text.charCodeAt(open - 1);
  // Command languages write keywords in capitals; a call in code (`check(x)`) has a lowercase name.
  if (text.charCodeAt(open) !== 40 || last < 65 || last > 90) return;
  if (text.charCodeAt(end) !== (quoted ? quote : 41)) return;
  const keyword = KEYWORD_RE.exec(text.slice(Math.max(0, open - 17), open))?.[1];
  if (keyword === undefined) return;
  const role = roleOfName(keyword);
  if (role === 'password' || role === 'secret' || role === 'token') classify(text, { start, end, quoted }, keyword, state, !quoted);
}
