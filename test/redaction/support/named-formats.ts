/** Fixture generators for kinds found by structure or by the name a value is assigned to: PEM keys, JWTs, URL passwords, HTTP credentials, Kubernetes Secrets, vendor keys named in config, and generic credential-like names. */
import fc from 'fast-check';
import { assigned, spellings, unnamed } from './formats.ts';
import type { Example, Spec } from './formats.ts';
import { ALNUM, ALNUM_LOWER, BASE64, BASE64URL, DIGITS, HEX, UPPER, random } from './random.ts';

const base64url = (value: string): string => Buffer.from(value).toString('base64url');
const base64 = (value: string): string => Buffer.from(value).toString('base64');

const PLACEHOLDER_VALUES = fc.constantFrom(
  'your-api-key-here',
  '${API_KEY}',
  '<token>',
  'changeme',
  'xxxxxxxxxxxxxxxxxxxx',
  '$SECRET',
  '{{ secret }}',
  'REPLACE_ME',
  '********',
);

function namedSpec(kind: string, names: readonly string[], value: fc.Arbitrary<string>): Spec {
  return {
    kind,
    examples: assigned(kind, names, value),
    nearMisses: [unnamed(value), assigned(kind, names, PLACEHOLDER_VALUES).map((e) => e.text)],
  };
}

const pemBody = fc
  .tuple(fc.integer({ min: 3, max: 16 }), random(BASE64, 64), random(BASE64, 4, 60), fc.constantFrom('', '=', '=='))
  .map(([lines, line, last, pad]) => [
    'MII' + line.slice(3),
    ...Array.from({ length: lines - 1 }, (_, i) => line.slice(i % 7) + line.slice(0, i % 7)),
    last + pad,
  ]);

const pem: fc.Arbitrary<Example> = fc
  .tuple(fc.constantFrom('RSA ', 'EC ', 'OPENSSH ', 'DSA ', 'ENCRYPTED ', ''), pemBody, fc.constantFrom('\n', '\r\n', ' '), fc.boolean())
  .map(([label, lines, nl, ended]) => {
    const block = `-----BEGIN ${label}PRIVATE KEY-----${nl}${lines.join(nl)}${ended ? `${nl}-----END ${label}PRIVATE KEY-----` : ''}`;
    return { kind: 'private-key', text: block, secret: block };
  });

const jwt: fc.Arbitrary<Example> = fc
  .tuple(
    fc.constantFrom('HS256', 'RS256', 'ES256', 'none'),
    fc.record({ sub: fc.uuid(), name: fc.string({ maxLength: 20 }), iat: fc.nat() }),
    random(BASE64URL, 43, 86),
  )
  .map(([alg, payload, signature]) => {
    const value = `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${alg === 'none' ? '' : signature}`;
    return { kind: 'jwt', text: value, secret: value };
  });

const urlPassword: fc.Arbitrary<Example> = fc
  .tuple(
    fc.constantFrom('https', 'postgres', 'postgresql', 'mysql', 'mongodb+srv', 'redis', 'rediss', 'amqps', 'ftp'),
    random(ALNUM_LOWER, 3, 10),
    random(ALNUM + '-_~!+=;', 8, 24),
    fc.constantFrom('db.example.com', 'localhost', '10.0.0.7', 'cache.internal.example.org'),
    fc.constantFrom('', ':5432', ':6379/0', '/app?sslmode=require', ':443/path/to#frag'),
  )
  .map(([scheme, user, password, host, rest]) => ({
    kind: 'url-password',
    text: `${scheme}://${user}:${password}@${host}${rest}`,
    secret: password,
  }));

const bearer: fc.Arbitrary<Example> = fc
  .tuple(
    fc.constantFrom('Authorization: Bearer ', 'Bearer ', 'authorization: token ', '"Authorization": "Bearer '),
    random(ALNUM, 1),
    random(ALNUM + '-._~', 22, 62),
    random(ALNUM, 1),
  )
  .map(([before, first, body, last]) => [before, first + body + last] as const)
  .map(([before, value]) => ({ kind: 'bearer-token', text: `${before}${value}${before.startsWith('"') ? '"' : ''}`, secret: value }));

const basicAuth: fc.Arbitrary<Example> = fc
  .tuple(random(ALNUM_LOWER, 4, 10), random(ALNUM, 1), random(ALNUM + '@$^*', 9, 19), fc.boolean())
  .map(([user, first, rest, header]) => [user, first + rest, header] as const)
  .map(([user, password, header]) => {
    const pair = `${user}:${password}`;
    return header
      ? { kind: 'basic-auth', text: `curl -H 'Authorization: Basic ${base64(pair)}' https://api.example.com`, secret: base64(pair) }
      : { kind: 'basic-auth', text: `curl -u ${pair} https://api.example.com/v1`, secret: pair };
  });

const kubernetes: fc.Arbitrary<Example> = fc
  .tuple(random(ALNUM, 12, 40), fc.constantFrom('password', 'token', 'tls.key', 'config'), fc.boolean())
  .map(([value, key, dataFirst]) => {
    const data = `data:\n  ${key}: ${base64(value)}\n`;
    const head = 'apiVersion: v1\n';
    const tail = 'kind: Secret\nmetadata:\n  name: app\ntype: Opaque\n';
    // The document ends with `---`: an indented line after it belongs to the next document, not to `data`.
    return { kind: 'kubernetes-secret', text: `${dataFirst ? head + data + tail : head + tail + data}---\n`, secret: base64(value) };
  });

const password = fc.tuple(random(ALNUM + '*-_', 10, 24)).map(([v]) => v);

/** Kinds found by structure, by a header or manifest, or by the name a value is assigned to. */
export const NAMED_SPECS: readonly Spec[] = [
  {
    kind: 'private-key',
    examples: pem,
    nearMisses: [
      fc.constantFrom(
        '-----BEGIN PRIVATE KEY-----\nanything\n-----END PRIVATE KEY-----',
        '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8XjcO7nzS9Mb0xV2r6e0cN1qQ1A\n-----END PUBLIC KEY-----',
        '-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----',
      ),
    ],
  },
  {
    kind: 'jwt',
    examples: jwt,
    nearMisses: [fc.constantFrom('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is just a header', 'eyJAAAA.eyJBBB', 'eyes.eyebrows.eyelids')],
  },
  {
    kind: 'url-password',
    examples: urlPassword,
    nearMisses: [
      fc.constantFrom(
        'postgres://app:${DB_PASSWORD}@db/app',
        'https://user:password@example.com',
        'https://user@example.com/x',
        'https://example.com:8443/a:b/c@d',
        'ssh://git@github.com:22/org/repo.git',
      ),
    ],
  },
  {
    kind: 'bearer-token',
    examples: bearer,
    nearMisses: [
      fc.constantFrom(
        'Authorization: Bearer <token>',
        'Authorization: Bearer $TOKEN',
        'Bearer token_from_the_environment_variable',
        'Bearer realm="api"',
      ),
    ],
  },
  {
    kind: 'basic-auth',
    examples: basicAuth,
    nearMisses: [
      fc.constantFrom(
        'curl -u "${username}:${password}" https://x',
        'curl -u username:password https://x',
        'curl -u user https://x',
        'Authorization: Basic ...',
      ),
    ],
  },
  {
    kind: 'kubernetes-secret',
    examples: kubernetes,
    nearMisses: [fc.constantFrom('apiVersion: v1\nkind: ConfigMap\ndata:\n  mode: cHJvZHVjdGlvbg==\n')],
  },
  namedSpec('aws-secret-key', [...spellings(['aws', 'secret', 'access', 'key']), 'SecretAccessKey', 'aws_secret_key'], random(BASE64, 40)),
  namedSpec('aws-session-token', spellings(['aws', 'session', 'token']), random(BASE64, 120, 300)),
  namedSpec(
    'azure-storage-key',
    spellings(['azure', 'storage', 'key']),
    random(BASE64, 86).map((v) => `${v}==`),
  ),
  namedSpec('ibm-cloud-key', spellings(['ibm', 'cloud', 'api', 'key']), random(BASE64URL, 44)),
  namedSpec('cohere-key', spellings(['cohere', 'api', 'key']), random(ALNUM, 40)),
  namedSpec('openweather-key', ['appid'], random(HEX, 32)),
  namedSpec('honeycomb-key', ['x-honeycomb-team', ...spellings(['honeycomb', 'api', 'key'])], random(ALNUM, 22)),
  namedSpec('mattermost-token', spellings(['mattermost', 'token']), random(ALNUM_LOWER, 26)),
  namedSpec(
    'gossip-key',
    ['encrypt'],
    fc.tuple(random(ALNUM, 42), random('AEIMQUYcgkosw048', 1)).map(([body, last]) => `a1${body.slice(2)}${last}=`),
  ),
  namedSpec(
    'erlang-cookie',
    ['RELEASE_COOKIE', 'RABBITMQ_ERLANG_COOKIE', 'erlang_cookie'],
    random(UPPER, 20).filter((value) => new Set(value).size >= 8),
  ),
  namedSpec('messagebird-key', spellings(['messagebird', 'api', 'key']), random(ALNUM, 25)),
  namedSpec(
    'sidekiq-secret',
    ['BUNDLE_ENTERPRISE__CONTRIBSYS__COM', 'BUNDLE_GEMS__CONTRIBSYS__COM'],
    fc.tuple(random(HEX, 8), random(HEX, 8)).map(([a, b]) => `${a}:${b}`),
  ),
  namedSpec('codeclimate-reporter-id', ['CC_TEST_REPORTER_ID', 'codeClimateReporterId'], random(HEX, 64)),
  namedSpec('datadog-key', [...spellings(['datadog', 'api', 'key']), 'DD_APP_KEY'], random(HEX, 32)),
  namedSpec('sumologic-key', spellings(['sumo', 'access', 'key']), random(ALNUM, 64)),
  namedSpec('pagerduty-key', spellings(['pagerduty', 'token']), random(BASE64URL, 20)),
  namedSpec(
    'okta-token',
    spellings(['okta', 'api', 'token']),
    random(BASE64URL, 40).map((v) => `00${v}`),
  ),
  namedSpec('algolia-key', spellings(['algolia', 'api', 'key']), random(HEX, 32)),
  namedSpec('password', [...spellings(['db', 'password']), 'PASSWORD', 'passwd', 'smtp_pass'], password),
  namedSpec('api-key', [...spellings(['api', 'key']), 'X-Api-Key', 'access_key'], random(ALNUM_LOWER, 20, 40)),
  namedSpec('token', [...spellings(['access', 'token']), 'GITLAB_PAT'], random(ALNUM, 20, 48)),
  namedSpec('secret', [...spellings(['client', 'secret']), 'webhook_secret'], random(ALNUM, 20, 48)),
  namedSpec('client-id', spellings(['client', 'id']), random(ALNUM, 16, 32)),
];

/** Infix formats: the literal sits inside the value. */
export const INFIX_SPECS: readonly Spec[] = [
  {
    kind: 'telegram-bot-token',
    examples: fc
      .tuple(random(DIGITS, 8, 10), random(BASE64URL, 33))
      .map(([id, secret]) => ({ kind: 'telegram-bot-token', text: `${id}:AA${secret}`, secret: `${id}:AA${secret}` })),
    nearMisses: [random(BASE64URL, 33).map((s) => `foo:AA${s}`)],
  },
  {
    kind: 'mailchimp-key',
    examples: fc
      .tuple(random(HEX, 32), fc.integer({ min: 1, max: 21 }))
      .map(([key, dc]) => ({ kind: 'mailchimp-key', text: `${key}-us${dc}`, secret: `${key}-us${dc}` })),
    nearMisses: [random(HEX, 15).map((k) => `${k}-us2`), random(HEX, 32).map((k) => `${k}-2`)],
  },
  {
    kind: 'maxmind-key',
    examples: fc
      .tuple(random(ALNUM, 6), random(ALNUM, 29))
      .map(([a, b]) => ({ kind: 'maxmind-key', text: `${a}_${b}_mmk`, secret: `${a}_${b}_mmk` })),
    nearMisses: [fc.constant('the_mmk_suffix and foo_mmk')],
  },
  {
    kind: 'terraform-token',
    examples: fc
      .tuple(random(ALNUM, 14), random(BASE64URL, 67))
      .map(([a, b]) => ({ kind: 'terraform-token', text: `${a}.atlasv1.${b}`, secret: `${a}.atlasv1.${b}` })),
    nearMisses: [fc.constant('xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')],
  },
  {
    kind: 'azure-client-secret',
    examples: fc
      .tuple(random(ALNUM, 3), random(DIGITS, 1), random(ALNUM + '_~.-', 34))
      .map(([a, d, b]) => ({ kind: 'azure-client-secret', text: `${a}${d}Q~${b}`, secret: `${a}${d}Q~${b}` })),
    nearMisses: [
      fc.constant('client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
      fc.constant('~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~'),
    ],
  },
  {
    kind: 'discord-token',
    examples: fc
      .tuple(fc.constantFrom('M', 'N', 'O'), random(BASE64URL, 23, 25), random(BASE64URL, 6), random(BASE64URL, 27, 38))
      .map(([m, a, b, c]) => ({ kind: 'discord-token', text: `${m}${a}.${b}.${c}`, secret: `${m}${a}.${b}.${c}` })),
    nearMisses: [fc.constant('settings.default.json and a.b.c')],
  },
];
