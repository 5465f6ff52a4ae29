import { redactTexts } from '../src/redaction/redact.ts';
import { flat } from './redact-texts.ts';
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
const ROWS: [string, (k: number) => string][] = [
  ['-u', (k) => `-u ${base62(8, k)}:${base62(8, k + 1)} `],
  ['pwd=', (k) => `pwd=${base62(8, k)};`],
  ['-Password', (k) => `-Password ${base62(12, k)} `],
  ['-p', (k) => `-p ${base62(12, k)} `],
  ['key<n>=', (k) => `key${k}=${base62(12, k)}&`],
  ['curl -u', (k) => `curl -u admin:${base62(12, k)} `],
  ['--token', (k) => `--token ${base62(24, k)} `],
  ['password=', (k) => `password=${base62(12, k)}\n`],
  ['conn', (k) => `Server=db;User Id=sa;Password=${base62(14, k)};\n`],
  ['pw prose', (k) => `the password ${base62(12, k)} works `],
  ['the password is', (k) => `the password is ${base62(10, k)}. `],
  ['rabbit', (k) => `rabbitmqctl add_user u ${base62(12, k)}\n`],
  ['acme', (k) => `acme_live_${base62(40, k)} `],
  ['cookie', (k) => `Cookie: theme=dark; sessionid=${base62(32, k)}\n`],
  ['token:', (k) => `token: ${base62(24, k)}\n`],
  ['secret_key', (k) => `secret_key = ${base62(40, k)}\n`],
  ['Bearer', (k) => `Bearer ${base62(20, k)}\n`],
  ['sk-', (k) => `sk-${base62(48, k)} `],
  ['ghp wrap', (k) => `ghp_${base62(16, k)}\n${base62(20, k + 1)}\n`],
  ['add key', (k) => `<add key="SmtpPassword" value="${base62(16, k)}"/>\n`],
  ['json api_key', (k) => `{"api_key": "${base62(32, k)}"}\n`],
];
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
const N = Number(process.env.N ?? 7);
const out: string[] = [];
const apikey = flat('api_key: "'.repeat(100_000));
const all: [string, string][] = ROWS.filter(([n]) => !only || only.test(n)).map(([n, f]) => [n, flat(lines(1_000_000, f))]);
if (!only || only.test('api_key: "')) all.push(['api_key: "', apikey]);
for (const [name, text] of all) {
  await redactTexts([text]);
  let best = Infinity; let bestWall = Infinity;
  for (let i = 0; i < N; i++) { const c = process.cpuUsage(); const t0 = performance.now(); await redactTexts([text]); bestWall = Math.min(bestWall, performance.now() - t0); const u = process.cpuUsage(c); best = Math.min(best, (u.user + u.system) / 1000); }
  out.push(`${name.padEnd(16)} ${best.toFixed(1).padStart(7)} ms  ${(1000 / best).toFixed(1).padStart(6)} MB/s  wall ${bestWall.toFixed(1).padStart(7)} ms ${(1000 / bestWall).toFixed(1).padStart(6)} MB/s`);
}
console.log(out.join('\n'));
