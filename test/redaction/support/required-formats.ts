/** Generators for the formats the specification lists as required (AWS, GitHub, Slack, Stripe, npm, OpenAI, Anthropic, DeepSeek, Google, PEM keys, URL passwords, JWTs, bearer tokens), and fixed examples of other vendors' formats. */
import fc from 'fast-check';
import type { Example } from './formats.ts';
import { ALNUM, ALNUM_LOWER, BASE64, BASE64URL, DIGITS, HEX, UPPER, random } from './random.ts';

const example = (kind: string, arb: fc.Arbitrary<string | readonly [string, string]>): fc.Arbitrary<Example> =>
  arb.map((value) => (typeof value === 'string' ? { kind, text: value, secret: value } : { kind, text: value[0], secret: value[1] }));

const base64url = (value: string): string => Buffer.from(value).toString('base64url');

const pemBody = fc
  .tuple(fc.integer({ min: 3, max: 20 }), random(BASE64, 64), random(BASE64, 4, 60), fc.constantFrom('', '=', '=='))
  .map(([lines, line, last, pad]) => [
    'MII' + line.slice(3),
    ...Array.from({ length: lines - 1 }, (_, i) => line.slice(i % 7) + line.slice(0, i % 7)),
    last + pad,
  ]);

/** One arbitrary per required format, keyed by a short name. */
export const REQUIRED_FORMATS: Record<string, fc.Arbitrary<Example>> = {
  awsAccessKeyId: example(
    'aws-access-key',
    fc.tuple(fc.constantFrom('AKIA', 'ASIA', 'ABIA', 'ACCA', 'AROA', 'AIDA'), random(UPPER + '234567', 16)).map(([p, b]) => p + b),
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
        random(BASE64, 40),
      )
      .map(([name, assign, value]) => [`${name}${assign}${value}`, value] as const),
  ),
  githubClassic: example(
    'github-token',
    fc.tuple(fc.constantFrom('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'), random(ALNUM, 36)).map(([p, b]) => p + b),
  ),
  githubFineGrained: example(
    'github-token',
    fc.tuple(random(ALNUM, 22), random(ALNUM, 59)).map(([a, b]) => `github_pat_${a}_${b}`),
  ),
  slack: example(
    'slack-token',
    fc.oneof(
      fc
        .tuple(fc.constantFrom('xoxb', 'xoxp'), random(DIGITS, 10, 13), random(DIGITS, 10, 13), random(ALNUM, 24))
        .map(([p, a, b, c]) => `${p}-${a}-${b}-${c}`),
      fc
        .tuple(random(DIGITS, 11, 13), random(DIGITS, 11, 13), random(DIGITS, 12, 13), random(HEX, 32))
        .map(([a, b, c, d]) => `xoxp-${a}-${b}-${c}-${d}`),
      fc.tuple(random(UPPER + DIGITS, 10), random(DIGITS, 13), random(HEX, 64)).map(([a, b, c]) => `xapp-1-A${a}-${b}-${c}`),
    ),
  ),
  stripe: example(
    'stripe-key',
    fc.tuple(fc.constantFrom('sk_live_', 'rk_live_', 'sk_test_'), random(ALNUM, 24, 99)).map(([p, b]) => p + b),
  ),
  npm: example(
    'npm-token',
    random(ALNUM, 36).map((b) => `npm_${b}`),
  ),
  npmrc: example(
    'npm-token',
    fc
      .tuple(fc.constantFrom('//registry.npmjs.org/:_authToken=', '_authToken = '), random(ALNUM + '-', 36))
      .map(([p, v]) => [p + v, v] as const),
  ),
  openaiProject: example(
    'openai-key',
    fc
      .tuple(fc.constantFrom('proj', 'svcacct', 'admin'), random(ALNUM, 74), random(ALNUM, 74))
      .map(([k, a, b]) => `sk-${k}-${a}T3BlbkFJ${b}`),
  ),
  openaiLegacy: example(
    'openai-key',
    fc.oneof(
      fc.tuple(random(ALNUM, 20), random(ALNUM, 20)).map(([a, b]) => `sk-${a}T3BlbkFJ${b}`),
      random(ALNUM, 48).map((b) => `sk-${b}`),
    ),
  ),
  anthropic: example(
    'anthropic-key',
    fc.tuple(fc.constantFrom('api03', 'admin01'), random(BASE64URL, 93)).map(([k, b]) => `sk-ant-${k}-${b}AA`),
  ),
  deepseek: example(
    'deepseek-key',
    random(HEX, 32).map((b) => `sk-${b}`),
  ),
  google: example(
    'google-api-key',
    random(BASE64URL, 35).map((b) => `AIza${b}`),
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
        random(ALNUM_LOWER, 3, 10),
        random(ALNUM + '-_~!&+=;', 8, 24),
        fc.constantFrom('db.example.com', 'localhost', '10.0.0.7', 'cache.internal.example.org'),
        fc.constantFrom('', ':5432', ':6379/0', '/app?sslmode=require', ':443/path/to#frag'),
      )
      .map(([scheme, user, password, host, rest]) => [`${scheme}://${user}:${password}@${host}${rest}`, password] as const),
  ),
  jwt: example(
    'jwt',
    fc
      .tuple(
        fc.constantFrom('HS256', 'RS256', 'ES256'),
        fc.record({ sub: fc.uuid(), name: fc.string({ maxLength: 20 }), iat: fc.nat() }),
        random(BASE64URL, 43, 86),
        fc.constantFrom('', 'Bearer ', 'Authorization: Bearer ', 'token='),
      )
      .map(([alg, payload, sig, before]) => {
        const jwt = `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${sig}`;
        return [before + jwt, jwt] as const;
      }),
  ),
  bearerOpaque: example(
    'bearer-token',
    fc
      .tuple(fc.constantFrom('Bearer ', 'Authorization: Bearer ', 'BEARER '), random(ALNUM, 24, 64))
      .map(([before, token]) => [before + token, token] as const),
  ),
};

/** Fixed examples of other vendors' formats. */
export const OTHER_VENDOR_EXAMPLES: readonly Example[] = [
  { kind: 'gitlab-token', text: 'glpat-Xy7Kq2Lm9Np4Rs8Tv1Wz', secret: 'glpat-Xy7Kq2Lm9Np4Rs8Tv1Wz' },
  {
    kind: 'sendgrid-key',
    text: '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',
    secret: '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',
  },
  {
    kind: 'groq-key',
    text: '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',
    secret: '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',
  },
  { kind: 'huggingface-token', text: 'hf_aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH', secret: 'hf_aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH' },
  {
    kind: 'slack-webhook',
    text: 'https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/abcdefghijklmnopqrstuvwx',
    secret: 'https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/abcdefghijklmnopqrstuvwx',
  },
  { kind: 'docker-token', text: 'dckr_pat_Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9', secret: 'dckr_pat_Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9' },
  { kind: 'databricks-token', text: 'dapi0123456789abcdef0123456789abcdef', secret: 'dapi0123456789abcdef0123456789abcdef' },
  { kind: 'shopify-token', text: 'shpat_0123456789abcdef0123456789abcdef', secret: 'shpat_0123456789abcdef0123456789abcdef' },
];
