/** Realistic fake credentials (fast-check arbitraries) and a corpus of look-alikes that must stay, for the redaction tests. */
import fc from 'fast-check';
import type { SecretKind } from '../../src/redaction/redact.ts';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';
const BASE64 = ALNUM + '+/';
const BASE64URL = ALNUM + '-_';

/** `length` characters drawn from `alphabet` (both bounds inclusive when `max` is given). */
export function chars(alphabet: string, length: number, max = length): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: max });
}

/** At least one letter and one digit: what real random tokens have, and what rules that require entropy check. */
function mixed(alphabet: string, length: number, max = length): fc.Arbitrary<string> {
  return fc
    .tuple(
      chars(alphabet, length - 2, max - 2),
      fc.constantFrom(...[...alphabet].filter((c) => /[a-z]/i.test(c))),
      fc.constantFrom(...DIGITS),
      fc.nat(),
    )
    .map(([body, letter, digit, at]) => {
      const k = at % (body.length + 1);
      return body.slice(0, k) + letter + digit + body.slice(k);
    });
}

const base64url = (value: string): string => Buffer.from(value).toString('base64url');

/**
 * One generated credential: `text` is what appears in a session (it may carry a variable name or
 * a URL around the secret), `secret` the part that must be replaced, exactly once.
 */
export interface SecretExample {
  kind: SecretKind;
  text: string;
  secret: string;
}

const example = (kind: SecretKind, arb: fc.Arbitrary<string | [string, string]>): fc.Arbitrary<SecretExample> =>
  arb.map((value) => (typeof value === 'string' ? { kind, text: value, secret: value } : { kind, text: value[0], secret: value[1] }));

const pemBody = fc
  .tuple(fc.integer({ min: 3, max: 20 }), chars(BASE64, 64), chars(BASE64, 4, 60), fc.constantFrom('', '=', '=='))
  .map(([lines, line, last, pad]) => [
    'MII' + line.slice(3),
    ...Array.from({ length: lines - 1 }, (_, i) => line.slice(i % 7) + line.slice(0, i % 7)),
    last + pad,
  ]);

/** One arbitrary per format SPEC §5.5 requires, keyed by a short name. */
export const SECRET_FORMATS: Record<string, fc.Arbitrary<SecretExample>> = {
  awsAccessKeyId: example(
    'aws-access-key',
    fc.tuple(fc.constantFrom('AKIA', 'ASIA', 'ABIA', 'ACCA', 'AROA', 'AIDA'), chars(UPPER + '234567', 16)).map(([p, b]) => p + b),
  ),
  awsSecretKey: example(
    'aws-secret-key',
    fc
      .tuple(
        fc.constantFrom(
          'aws_secret_access_key',
          'AWS_SECRET_ACCESS_KEY',
          'SecretAccessKey',
          'secretAccessKey',
          'aws_secret_key',
          'AWS_SECRET_KEY',
          'AwsSecretAccessKey',
          'secret-access-key',
        ),
        fc.constantFrom(' = ', '=', ': ', '="', "='", '": "', ' => ', ' '),
        mixed(BASE64, 40),
      )
      .map(([name, assign, value]): [string, string] => [`${name}${assign}${value}`, value]),
  ),
  githubClassic: example(
    'github-token',
    fc.tuple(fc.constantFrom('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'), mixed(ALNUM, 36)).map(([p, b]) => p + b),
  ),
  githubFineGrained: example(
    'github-token',
    fc.tuple(mixed(ALNUM, 22), mixed(ALNUM, 59)).map(([a, b]) => `github_pat_${a}_${b}`),
  ),
  slack: example(
    'slack-token',
    fc.oneof(
      fc
        .tuple(fc.constantFrom('xoxb', 'xoxp'), chars(DIGITS, 10, 13), chars(DIGITS, 10, 13), mixed(ALNUM, 24))
        .map(([p, a, b, c]) => `${p}-${a}-${b}-${c}`),
      fc
        .tuple(chars(DIGITS, 11, 13), chars(DIGITS, 11, 13), chars(DIGITS, 12, 13), mixed(HEX, 32))
        .map(([a, b, c, d]) => `xoxp-${a}-${b}-${c}-${d}`),
      fc.tuple(chars(UPPER + DIGITS, 10), chars(DIGITS, 13), mixed(HEX, 64)).map(([a, b, c]) => `xapp-1-A${a}-${b}-${c}`),
    ),
  ),
  stripe: example(
    'stripe-key',
    fc.tuple(fc.constantFrom('sk_live_', 'rk_live_', 'sk_test_'), mixed(ALNUM, 24, 99)).map(([p, b]) => p + b),
  ),
  npm: example(
    'npm-token',
    mixed(ALNUM, 36).map((b) => `npm_${b}`),
  ),
  npmrc: example(
    'npm-token',
    fc
      .tuple(fc.constantFrom('//registry.npmjs.org/:_authToken=', '_authToken = '), mixed(ALNUM + '-', 36))
      .map(([p, v]): [string, string] => [p + v, v]),
  ),
  openaiProject: example(
    'openai-key',
    fc
      .tuple(fc.constantFrom('proj', 'svcacct', 'admin'), mixed(BASE64URL, 74), mixed(BASE64URL, 74))
      .map(([k, a, b]) => `sk-${k}-${a.replace(/^[-_]/, 'A')}T3BlbkFJ${b.replace(/[-_]$/, 'z')}`),
  ),
  openaiLegacy: example(
    'openai-key',
    fc.oneof(
      fc.tuple(mixed(ALNUM, 20), mixed(ALNUM, 20)).map(([a, b]) => `sk-${a}T3BlbkFJ${b}`),
      mixed(ALNUM, 48).map((b) => `sk-${b}`),
    ),
  ),
  anthropic: example(
    'anthropic-key',
    fc.tuple(fc.constantFrom('api03', 'admin01'), mixed(BASE64URL, 93)).map(([k, b]) => `sk-ant-${k}-${b.replace(/^[-_]/, 'Q')}AA`),
  ),
  deepseek: example(
    'deepseek-key',
    mixed(HEX, 32).map((b) => `sk-${b}`),
  ),
  google: example(
    'google-api-key',
    mixed(BASE64URL, 35).map((b) => `AIza${b}`),
  ),
  pem: example(
    'private-key',
    fc
      .tuple(fc.constantFrom('RSA ', 'EC ', 'OPENSSH ', 'DSA ', 'ENCRYPTED ', ''), pemBody, fc.constantFrom('\n', '\r\n'))
      .map(([label, lines, nl]) => `-----BEGIN ${label}PRIVATE KEY-----${nl}${lines.join(nl)}${nl}-----END ${label}PRIVATE KEY-----`),
  ),
  pemOneLine: example(
    'private-key',
    fc
      .tuple(pemBody, fc.constantFrom(' ', '\\n'))
      .map(([lines, sep]) => `-----BEGIN PRIVATE KEY-----${sep}${lines.join(sep)}${sep}-----END PRIVATE KEY-----`),
  ),
  urlPassword: example(
    'url-password',
    fc
      .tuple(
        fc.constantFrom('https', 'http', 'postgres', 'postgresql', 'mysql', 'mongodb', 'mongodb+srv', 'redis', 'amqp', 'ftp'),
        chars(LOWER, 3, 10),
        // No `$`: `$NAME` is a variable reference, which stays.
        mixed(ALNUM + '-_~!&+=;', 8, 24),
        fc.constantFrom('db.example.com', 'localhost', '10.0.0.7', 'cache.internal.example.org'),
        fc.constantFrom('', ':5432', ':6379/0', '/app?sslmode=require', ':443/path/to#frag'),
      )
      .map(([scheme, user, password, host, rest]): [string, string] => [`${scheme}://${user}:${password}@${host}${rest}`, password]),
  ),
  jwt: example(
    'jwt',
    fc
      .tuple(
        fc.constantFrom('HS256', 'RS256', 'ES256'),
        fc.record({ sub: fc.uuid(), name: fc.string({ maxLength: 20 }), iat: fc.nat() }),
        chars(BASE64URL, 43, 86),
        fc.constantFrom('', 'Bearer ', 'Authorization: Bearer ', 'token='),
      )
      .map(([alg, payload, sig, before]): [string, string] => {
        const jwt = `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${sig}`;
        return [before + jwt, jwt];
      }),
  ),
  bearerOpaque: example(
    'bearer-token',
    fc
      .tuple(fc.constantFrom('Bearer ', 'Authorization: Bearer ', 'BEARER '), mixed(ALNUM, 24, 64))
      .map(([before, token]): [string, string] => [before + token, token]),
  ),
};

/** Fixed examples of formats the recommended preset alone catches (beyond the required list). */
export const PRESET_EXAMPLES: readonly SecretExample[] = [
  { kind: 'gitlab-token', text: 'glpat-Xy7Kq2Lm9Np4Rs8Tv1Wz', secret: 'glpat-Xy7Kq2Lm9Np4Rs8Tv1Wz' },
  {
    kind: 'sendgrid-key',
    text: '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',
    secret: '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',
  },
  {
    kind: 'groq-key',
    text: 'gsk_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6',
    secret: 'gsk_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6',
  },
  { kind: 'huggingface-token', text: 'hf_' + 'aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH', secret: 'hf_' + 'aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH' },
  {
    kind: 'slack-webhook',
    text: 'https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/abcdefghijklmnopqrstuvwx',
    secret: 'https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/abcdefghijklmnopqrstuvwx',
  },
  { kind: 'docker-token', text: 'dckr_pat_' + 'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9', secret: 'dckr_pat_' + 'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9' },
  { kind: 'databricks-token', text: 'dapi0123456789abcdef0123456789abcdef', secret: 'dapi0123456789abcdef0123456789abcdef' },
  { kind: 'shopify-token', text: 'shpat_' + '0123456789abcdef0123456789abcdef', secret: 'shpat_' + '0123456789abcdef0123456789abcdef' },
];

/** Ordinary words and code, none of which is or contains a credential. */
export const FILLER_WORDS: readonly string[] = [
  'the',
  'build',
  'failed',
  'because',
  'of',
  'a',
  'missing',
  'import',
  'in',
  'src/index.ts',
  'const',
  'x',
  '=',
  '1;',
  'return',
  'await',
  'fetch(url)',
  'README.md',
  '日本語',
  'élan',
  '😀',
  'user_name',
  'task-id',
  'v1.2.3',
  'ok.',
  'Error:',
  'function',
  'secret',
  'token',
  'key',
  'Bearer',
  'password',
  'sk',
  'learn',
  '#fff',
  'npm',
  'install',
  'github',
  '42',
];

/** Text from {@link FILLER_WORDS}, joined by spaces and newlines. */
export const filler: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...FILLER_WORDS), fc.constantFrom(' ', ' ', ' ', '\n', ', ')), { maxLength: 30 })
  .map((parts) => parts.map(([word, sep]) => word + sep).join(''));

/** What may touch a credential on its left / right without becoming part of it. */
export const LEFT_EDGES: readonly string[] = [' ', '\n', '\t', '"', "'", '`', '(', '[', '{', '<', '>', ',', ';', '|', '=', ': ', '\r\n'];
export const RIGHT_EDGES: readonly string[] = [' ', '\n', '\t', '"', "'", '`', ')', ']', '}', '<', ',', ';', '|', '!', '?', '\r\n'];

/** Look-alikes SPEC §5.5 says MUST stay byte-exact. */
export const FALSE_POSITIVES: readonly string[] = [
  // UUIDs, git SHAs, digests
  '123e4567-e89b-12d3-a456-426614174000',
  'request id 0f8fad5b-d9cb-469f-a165-70867728950e failed',
  'commit 3f786850e387550fdab836ed7e6dc881de23001b (HEAD -> main)',
  'git checkout a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
  'sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'image@sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
  'md5 d41d8cd98f00b204e9800998ecf8427e',
  'integrity sha512-8+9WqebbFzpX9OR+Wa6O29asIogeRMzcGtAINdpMHHyAg10f05aSFVBbcEqGf/PXw1EjAZ+q2/bEBg3DvurK3Q==',
  // colours, versions, package names
  'color: #ff00aa; background: #FFF; border: 1px solid rgb(12, 34, 56); fill: hsl(210 40% 50%)',
  'v1.2.3 0.1.0-rc.8 22.23.3 ^13.1.0 ~4.0.8 >=22.19.0 1.0.0-beta.2+exp.sha.5114f85',
  '@deepseek-ai/dsh-session-reference @types/node @secretlint/secretlint-rule-preset-recommend @scope/pkg@1.2.3',
  'npm install @scope/pkg --save-dev && npm_config_cache=/tmp/npm npm ci',
  // words that start like key prefixes
  'pip install scikit-learn; import sklearn; we use sk-learn for the model; ask-me-anything; task-4f3a2b1c',
  'sk-learn-0123456789 and sk_learn and risk_level and desk-lamp and sk- alone',
  'the ghp_ prefix marks a classic token; github_pat_ a fine-grained one; AKIA starts an access key id',
  'npm_ tokens, xoxb- tokens and AIza keys are redacted; glpat- too',
  'AKIA1234 is too short and AKIAIOSFODNN is not a full id either',
  // base64 of ordinary text, and a JWT-looking header alone
  Buffer.from('The quick brown fox jumps over the lazy dog, again and again.').toString('base64'),
  Buffer.from('{"hello":"world","n":1}').toString('base64'),
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is just a header',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  // URLs without passwords
  'https://github.com/deepseek-ai/dsh/blob/main/README.md#install',
  'https://user@example.com/path and ssh://git@github.com:22/org/repo.git and git@github.com:org/repo.git',
  'http://localhost:3000/api?x=1&y=2#top postgres://localhost:5432/app redis://cache:6379/0',
  'mailto:someone@example.com, https://example.com:8443/a:b/c@d',
  'postgres://app:${DB_PASSWORD}@db/app and mysql://root:$MYSQL_PWD@localhost/x and https://user:password@example.com',
  // Bearer followed by ordinary words or placeholders
  'Use the Bearer authentication scheme: Authorization: Bearer <token>',
  'curl -H "Authorization: Bearer $TOKEN" -H "Authorization: Bearer ${process.env.API_TOKEN}"',
  'Bearer tokens are opaque; a bearer instrument; Bearer token_from_the_environment_variable',
  // variable names without a 40-character value
  'AWS_SECRET_ACCESS_KEY=${{ secrets.AWS_SECRET_ACCESS_KEY }}',
  'aws_secret_access_key = <your secret key here>',
  'export AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID; secret_key = get_secret("name")',
  '//registry.npmjs.org/:_authToken=${NPM_TOKEN}',
  // public keys and certificates are not secrets
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ4qQ0MbR9Zf7Fq0QF3b7nq8c2xkwCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----',
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8XjcO7nzS9Mb0xV2r6e0cN1qQ1A\n-----END PUBLIC KEY-----',
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGb4Nq0k2v7XlZ5o1Jm1a8rZb5gYv8n3Q0c1o2p3q4r5 user@host',
  // a secretlint directive in session text changes nothing here, and is no secret itself
  '// secretlint-disable-next-line',
  // plain prose and code
  'The secret to a fast build is caching; keep your API keys out of the repo.',
  'for (const [key, value] of Object.entries(obj)) { if (key === "secret") continue; }',
  'self.max_len = kwargs.get("max_len", 512); user_name, task_id = row["user_name"], row["task_id"]',
];
