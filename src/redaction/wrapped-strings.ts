/** Strings that debug prints of objects wrap: Rust's `Some("…")`, Haskell's `Just`, Erlang's binaries, PHP's `var_dump`, R's `str()`, gdb's C strings. */
import { chars } from './chars.ts';

const DIGITS = chars('0-9');
const HEX = chars('0-9a-fA-F');

/**
 * Where the string a debug print wraps opens, when one starts at `p`: Rust's `Some("…")`, Haskell's `Just "…"`, an Erlang
 * binary `<<"…">>`, PHP's `string(20) "…"`, R's `chr "…"`, a C string after its address (`0x5555555592e0 "…"`); else `p`.
 */
export function wrappedString(text: string, p: number): number {
  const first = text.charCodeAt(p);
  let q = p;
  if (first === 83 || first === 74) q = text.startsWith('Some(', p) || text.startsWith('Just ', p) ? p + 5 : p;
  else if (first === 60) q = text.charCodeAt(p + 1) === 60 ? p + 2 : p;
  else if (first === 99) q = text.startsWith('chr ', p) ? p + 4 : p;
  else if (first === 115 && text.startsWith('string(', p)) {
    q = DIGITS.runEnd(text, p + 7, p + 14);
    q = q > p + 7 && text.charCodeAt(q) === 41 && text.charCodeAt(q + 1) === 32 ? q + 2 : p;
  } else if (first === 48 && text.charCodeAt(p + 1) === 120) {
    q = HEX.runEnd(text, p + 2, p + 19);
    q = q >= p + 6 && text.charCodeAt(q) === 32 ? q + 1 : p;
  }
  const quote = text.charCodeAt(q);
  return q > p && (quote === 34 || (quote === 39 && first === 83)) ? q : p;
}
