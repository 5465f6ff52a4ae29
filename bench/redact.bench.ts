// Redaction speed: MB/s of `redactTexts` on sparse prose (with some code), on text dense with
// credentials and near misses, and the scaling of inputs built to make a scanner quadratic
// (`xoxb-1-` repeated, and others) and of dense inputs (a credential-shaped value on every short line) from
// 0.5 MB to 4 MB: a linear scan takes about 8× as long. Last, the worst-case table: every 1 MB input by MB/s.
//
// Run: node_modules/.bin/node --experimental-strip-types --expose-gc bench/redact.bench.ts
//   (or `npm run bench -- redact`). Env: BENCH_ITER (timed iterations, default 5). MB/s are given for
//   wall-clock and for this process's CPU time, steadier on a shared machine.
import { redactTexts } from '../src/redaction/redact.ts';
import { denseMessages, flat, proseMessage } from './redact-texts.ts';
import { rng } from './rng.ts';

const ITERATIONS = Math.max(1, Number(process.env.BENCH_ITER ?? 5));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall-clock ms, and median CPU ms of this process (steadier on a shared machine), over the timed iterations after one warm-up. */
async function time(run: () => Promise<unknown>, iterations = ITERATIONS): Promise<{ wall: number; cpu: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i <= iterations; i++) {
    gc();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (i > 0) {
      walls.push(wall);
      cpus.push((used.user + used.system) / 1000);
    }
  }
  return { wall: median(walls), cpu: median(cpus) };
}

const mbOf = (texts: readonly string[]): number => texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1e6;

const random = rng(1);
const corpora: [string, string[]][] = [
  ['sparse prose (about 10% of it code)', Array.from({ length: 10_000 }, () => proseMessage(random, 1000, 0.01))],
  ['prose and code (about 60% code)', Array.from({ length: 10_000 }, () => proseMessage(random, 1000, 0.1))],
  ['dense: 4 credentials + 4 near misses per KB', denseMessages(2_000)],
];

console.log('| text | MB | values replaced | wall ms | MB/s (wall) | CPU ms | MB/s (CPU) |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, texts] of corpora) {
  const { total } = await redactTexts(texts);
  const { wall, cpu } = await time(() => redactTexts(texts));
  const mb = mbOf(texts);
  console.log(
    `| ${name} | ${mb.toFixed(1)} | ${total} | ${wall.toFixed(1)} | ${(mb / (wall / 1000)).toFixed(0)} | ${cpu.toFixed(1)} | ${(mb / (cpu / 1000)).toFixed(0)} |`,
  );
}

/** A random base62 string of `length` from `seed` (a different value on every line, as real dense logs have). */
function base62(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let state = seed * 7919 + 1;
  let out = '';
  for (let k = 0; k < length; k++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += alphabet.charAt((state >>> 16) % 62);
  }
  return out;
}

/** `bytes` of lines made by `line` (given the line number). */
function lines(bytes: number, line: (k: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let k = 0; size < bytes; k++) {
    const part = line(k);
    parts.push(part);
    size += part.length;
  }
  return parts.join('').slice(0, bytes);
}

const ADVERSARIAL: [string, (bytes: number) => string][] = [
  ['`xoxb-1-` repeated', (bytes) => 'xoxb-1-'.repeat(Math.ceil(bytes / 7))],
  ['`a=` repeated', (bytes) => 'a='.repeat(bytes / 2)],
  ['`-----BEGIN PRIVATE KEY-----\\n` repeated', (bytes) => '-----BEGIN PRIVATE KEY-----\n'.repeat(Math.ceil(bytes / 28))],
  ['`eyJ` repeated, then `.eyJ…`', (bytes) => 'eyJ'.repeat(bytes / 3) + '.eyJ' + 'a'.repeat(100) + '.'],
  ['`https://a:b@c.d ` repeated', (bytes) => 'https://a:b@c.d '.repeat(bytes / 16)],
  ['`\\\\u002d` repeated (escapes)', (bytes) => '\\u002d'.repeat(bytes / 6)],
  ['`api_key: "` repeated', (bytes) => 'api_key: "'.repeat(bytes / 10)],
  ['`$6$` repeated (hash prefixes)', (bytes) => '$6$'.repeat(Math.ceil(bytes / 3))],
  ['`$krb5tgs$23$` repeated', (bytes) => '$krb5tgs$23$'.repeat(Math.ceil(bytes / 12))],
  ['one 4 MB token of `a`', (bytes) => 'a'.repeat(bytes)],
  // Shapes that once made a round's first drafts quadratic: tokens with no pivot at all, keys that end no line, rows of pipes.
  ['`zvqjbVGBWwVSuS ` repeated (no pivot)', (bytes) => 'zvqjbVGBWwVSuS '.repeat(Math.ceil(bytes / 15))],
  ['`apiKey: { a: "v", ` repeated', (bytes) => 'apiKey: { a: "v", '.repeat(Math.ceil(bytes / 18))],
  ['` a | b | c` rows', (bytes) => ' a | b | c\n'.repeat(Math.ceil(bytes / 11))],
  ['`A(x` repeated (a capital before every parenthesis)', (bytes) => 'A(x'.repeat(Math.ceil(bytes / 3))],
  ['`token:.x=.` repeated (an operator in every value)', (bytes) => 'token:.x=.'.repeat(Math.ceil(bytes / 10))],
  ['`AccountKey=` repeated', (bytes) => 'AccountKey='.repeat(Math.ceil(bytes / 11))],
  // The slowest shapes a random search over repeated units found: another script's clause read back before every
  // operator, and a header's name whose value is read at every colon.
  ['`=一` repeated', (bytes) => '=一'.repeat(Math.ceil(bytes / 4))],
  ['`.X-Api-Key: ` repeated', (bytes) => '.X-Api-Key: '.repeat(Math.ceil(bytes / 12))],
  // Dense logins of this round's rules: a keyword's operand, embedded SQL's USER … USING, FTP's user command.
  ['`PASSWORD(<8 random>)` operands', (bytes) => lines(bytes, (k) => `PASSWORD(${base62(8, k)}) `)],
  ["`USER 'u' USING '<12 random>'` clauses", (bytes) => lines(bytes, (k) => `USER 'u' USING '${base62(12, k)}'\n`)],
  ['`user <name> <12 random>` lines', (bytes) => lines(bytes, (k) => `user edi ${base62(12, k)}\n`)],
  // Dense inputs: a credential-shaped value on every short line, each judged in full.
  ['`secret_key = <40 random>` lines', (bytes) => lines(bytes, (k) => `secret_key = ${base62(40, k)}\n`)],
  ['`Bearer <20 random>` lines', (bytes) => lines(bytes, (k) => `Bearer ${base62(20, k)}\n`)],
  ['`sk-<48 random>` runs', (bytes) => lines(bytes, (k) => `sk-${base62(48, k)} `)],
  ['`password=<12 random>` lines', (bytes) => lines(bytes, (k) => `password=${base62(12, k)}\n`)],
  ['`-p <12 random>` arguments', (bytes) => lines(bytes, (k) => `-p ${base62(12, k)} `)],
  ['`ghp_<16>` wrapped onto `<20>`', (bytes) => lines(bytes, (k) => `ghp_${base62(16, k)}\n${base62(20, k + 1)}\n`)],
  ['`$2b$12$<53>` bcrypt lines', (bytes) => lines(bytes, (k) => `$2b$12$${base62(53, k)}\n`)],
  ['`<password>…</password>` elements', (bytes) => lines(bytes, (k) => `<password>${base62(10, k)}</password>`)],
  ['bare DER key body lines (`MIIE…`)', (bytes) => lines(bytes, (k) => `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${base62(30, k)}\n`)],
  // Dense inputs of every structural kind, and long runs without a blank.
  ['`key<n>=<12 random>&` on one line', (bytes) => lines(bytes, (k) => `key${k}=${base62(12, k)}&`)],
  ['`--token <24 random>` arguments', (bytes) => lines(bytes, (k) => `--token ${base62(24, k)} `)],
  ['`curl -u admin:<12 random>`', (bytes) => lines(bytes, (k) => `curl -u admin:${base62(12, k)} `)],
  ['`token: <24 random>` lines', (bytes) => lines(bytes, (k) => `token: ${base62(24, k)}\n`)],
  ['`…;Password=<14 random>;` connection strings', (bytes) => lines(bytes, (k) => `Server=db;User Id=sa;Password=${base62(14, k)};\n`)],
  ['`https://user:<12 random>@host/db` URLs', (bytes) => lines(bytes, (k) => `https://user:${base62(12, k)}@host.example.com/db `)],
  ['`<add key="SmtpPassword" value="<16>"/>`', (bytes) => lines(bytes, (k) => `<add key="SmtpPassword" value="${base62(16, k)}"/>\n`)],
  ['`{"api_key": "<32 random>"}` lines', (bytes) => lines(bytes, (k) => `{"api_key": "${base62(32, k)}"}\n`)],
  // Dense shapes found later: prose, PowerShell and curl-style arguments, short pairs without blanks.
  ['`the password is <10>.` sentences', (bytes) => lines(bytes, (k) => `the password is ${base62(10, k)}. `)],
  ['`-Password <12 random>` arguments', (bytes) => lines(bytes, (k) => `-Password ${base62(12, k)} `)],
  ['`-u <8>:<8>` arguments', (bytes) => lines(bytes, (k) => `-u ${base62(8, k)}:${base62(8, k + 1)} `)],
  ['`pwd=<8>;` pairs on one line', (bytes) => lines(bytes, (k) => `pwd=${base62(8, k)};`)],
  ['`password <12 random>` in prose', (bytes) => lines(bytes, (k) => `the password ${base62(12, k)} works `)],
  ['`rabbitmqctl add_user u <12>` lines', (bytes) => lines(bytes, (k) => `rabbitmqctl add_user u ${base62(12, k)}\n`)],
  ['`acme_live_<40 random>` unnamed-format keys', (bytes) => lines(bytes, (k) => `acme_live_${base62(40, k)} `)],
  ['`Cookie: sessionid=<32>` headers', (bytes) => lines(bytes, (k) => `Cookie: theme=dark; sessionid=${base62(32, k)}\n`)],
  [
    'PEM blocks of two lines',
    (bytes) =>
      lines(bytes, (k) => `-----BEGIN RSA PRIVATE KEY-----\n${base62(64, k)}\n${base62(64, k + 1)}\n-----END RSA PRIVATE KEY-----\n`),
  ],
  // Shapes whose look-back once ran to the start of a long line (quadratic until bounded).
  ['`md5<32 hex>` hashes on one line', (bytes) => lines(bytes, (k) => `md5${base62(32, k).toLowerCase().replace(/[g-z]/g, 'a')} `)],
  ['`-p<8>` glued flags on one line', (bytes) => lines(bytes, (k) => `-p${base62(8, k)} `)],
  ['`-----BEGIN CERTIFICATE-----\\n` repeated', (bytes) => '-----BEGIN CERTIFICATE-----\n'.repeat(Math.ceil(bytes / 28))],
  // Found later: elements of a quoted list and a flag's value as the next element, each read back to its call.
  ['`"<16 random>", ` list elements', (bytes) => lines(bytes, (k) => `"${base62(16, k)}", `)],
  ['`"--token", "<16 random>", ` argument lists', (bytes) => lines(bytes, (k) => `"--token", "${base62(16, k)}", `)],
  [
    "`INSERT … (id, api_token) VALUES (<n>, '<16>'),` tuples",
    (bytes) => lines(bytes, (k) => `${k % 2000 === 0 ? 'INSERT INTO t (id, api_token) VALUES\n' : ''}(${k}, '${base62(16, k)}'),\n`),
  ],
  ['random base62 runs of 200', (bytes) => lines(bytes, (k) => `${base62(200, k)} `)],
  ['one random base62 line', (bytes) => lines(bytes, (k) => base62(1000, k))],
];

console.log('\n| adversarial input (CPU ms) | 0.5 MB | 1 MB | 2 MB | 4 MB | 4 MB ÷ 0.5 MB (linear ≈ 8) |');
console.log('|---|---|---|---|---|---|');
const worst: [string, number][] = [];
for (const [name, make] of ADVERSARIAL) {
  const cells: number[] = [];
  for (const bytes of [500_000, 1_000_000, 2_000_000, 4_000_000]) {
    const text = flat(make(bytes));
    cells.push((await time(() => redactTexts([text]), Math.max(ITERATIONS, 7))).cpu);
  }
  worst.push([name, 1 / (cells[1]! / 1000)]);
  console.log(`| ${name} | ${cells.map((ms) => ms.toFixed(1)).join(' | ')} | ${(cells[3]! / cells[0]!).toFixed(1)} |`);
}

// Worst case first: MB/s of CPU time on each 1 MB input, against the 20 MB/s target.
console.log('\n| 1 MB input, slowest first | MB/s (CPU) | ≥ 20 MB/s |');
console.log('|---|---|---|');
for (const [name, rate] of worst.sort((a, b) => a[1] - b[1]))
  console.log(`| ${name} | ${rate.toFixed(1)} | ${rate >= 20 ? 'yes' : 'no'} |`);
