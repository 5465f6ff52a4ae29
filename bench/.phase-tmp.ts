import { scanText } from '../src/redaction/scan.ts';
import { findCredentials } from '../src/redaction/credentials.ts';
import { applyFindings } from '../src/redaction/findings.ts';
import { isCredentialValue } from '../src/redaction/values.ts';
function base62(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let state = seed * 7919 + 1; let out = '';
  for (let k = 0; k < length; k++) { state = (Math.imul(state, 1103515245) + 12345) >>> 0; out += alphabet.charAt((state >>> 16) % 62); }
  return out;
}
function lines(bytes: number, line: (k: number) => string): string {
  const parts: string[] = []; let size = 0;
  for (let k = 0; size < bytes; k++) { const p = line(k); parts.push(p); size += p.length; }
  return parts.join('').slice(0, bytes);
}
const shapes: Record<string, (k: number) => string> = {
  'pwd=': (k) => `pwd=${base62(8, k)};`,
  '-u': (k) => `-u ${base62(8, k)}:${base62(8, k + 1)} `,
  '-p': (k) => `-p ${base62(12, k)} `,
  acme: (k) => `acme_live_${base62(40, k)} `,
};
function best(f: () => unknown) { let b = Infinity; for (let i = 0; i < 15; i++) { const t = performance.now(); f(); b = Math.min(b, performance.now() - t); } return b.toFixed(1); }
for (const [name, f] of Object.entries(shapes)) {
  const text = JSON.parse(JSON.stringify(lines(1_000_000, f))) as string;
  const found = findCredentials(text);
  const vals = found.map((x) => text.slice(x.start, x.end));
  console.log(name, 'findings', found.length, 'scan', best(() => scanText(text)), 'find', best(() => findCredentials(text)), 'apply', best(() => applyFindings(text, found)), 'isCredentialValue', best(() => { for (const v of vals) isCredentialValue(v, 'password'); }));
}
