/** Fixture generators for the kinds added so that redaction generalises: vendor formats from public documentation, Teams webhooks, App Configuration strings, SAS signatures and password hashes. */
import fc from 'fast-check';
import { token } from './formats.ts';
import type { Example, Spec } from './formats.ts';
import { ALNUM, ALNUM_LOWER, ALNUM_UPPER, BASE64, BASE64URL, HEX, random } from './random.ts';

const HEX_MIXED = HEX + 'ABCDEF';
const CRYPT64 = './' + ALNUM;
const uuid = fc
  .tuple(random(HEX, 8), random(HEX, 4), random(HEX, 3), random(HEX, 3), random(HEX, 12))
  .map(([a, b, c, d, e]) => `${a}-${b}-4${c}-a${d}-${e}`);

function example(kind: string, text: string, secret = text): Example {
  return { kind, text, secret };
}

/** One generator per kind added for the held-out formats. */
export const GENERALISED_SPECS: readonly Spec[] = [
  token('tencent-key', ['AKID'], [[ALNUM, 32]]),
  token('azure-devops-pat', [''], [[ALNUM, 76], 'AZDO', [ALNUM, 4]]),
  token('mongodb-atlas-key', ['mdb_sa_sk_'], [[ALNUM, 40]]),
  token('laravel-key', ['base64:'], [[ALNUM, 43], '=']),
  token('tavily-key', ['tvly-', 'tvly-dev-'], [[ALNUM, 32]]),
  token('jina-key', ['jina_'], [[ALNUM, 60]]),
  token('fireworks-key', ['fw_'], [[ALNUM, 24]]),
  token('anyscale-key', ['esecret_'], [[ALNUM_LOWER, 26]]),
  token('voyage-key', ['pa-'], [[BASE64URL, 43]]),
  token('resend-key', ['re_'], [[ALNUM, 8], '_', [ALNUM, 24]]),
  token('netlify-token', ['nfp_'], [[ALNUM, 36, 40]]),
  token('backblaze-key', ['K001', 'K005'], ['a', [ALNUM, 26]]),
  token('mailchimp-key', ['md-'], ['aB1', [ALNUM, 19]]),
  token('neon-key', ['napi_'], [[ALNUM_LOWER, 64]]),
  token('nuget-key', ['oy2'], [[ALNUM_LOWER, 43]]),
  token('crates-token', ['cio'], [[ALNUM, 32]]),
  token('buildkite-token', ['bkua_'], [[HEX, 40]]),
  token('deno-token', ['ddp_', 'ddo_'], [[ALNUM, 36]]),
  token('e2b-key', ['e2b_'], [[HEX, 40]]),
  token('adobe-key', ['p8e-'], [[ALNUM, 16], '-', [ALNUM, 15]]),
  token('google-express-key', ['AQ.Ab8R'], [[BASE64URL, 40, 60]]),
  token('ai-platform-key', ['MINIMAX-'], [[ALNUM_UPPER, 8], '-', [ALNUM_UPPER, 8], '-', [ALNUM_UPPER, 8], '-', [ALNUM_UPPER, 8]]),
  token('ai-platform-key', ['sk_car_'], [[ALNUM, 20, 64]]),
  token('ai-platform-key', ['fc-'], [[HEX, 32]]),
  token('midtrans-server-key', ['SB-Mid-server-', 'Mid-server-'], [[ALNUM, 10, 30]]),
  token(
    'plaid-access-token',
    ['access-production-', 'access-sandbox-'],
    [[HEX, 8], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 12]],
  ),
  token('razorpay-key', ['rzp_live_'], [[ALNUM, 14]]),
  token('database-platform-key', ['dose'], [[ALNUM, 32, 36]]),
  token('database-platform-key', ['CCDB1_'], [[ALNUM, 22], '_', [ALNUM, 40]]),
  token('mailersend-token', ['mlsn.'], [[ALNUM, 30, 100]]),
  token('mappedin-key', ['mik_'], [[ALNUM, 25]]),
  token('mappedin-key', ['mis_'], [[ALNUM, 51]]),
  token('mintlify-key', ['mint_', 'mint_dsc_'], [[ALNUM, 24, 44]]),
  token('redirect-pizza-token', ['rpa_'], [[ALNUM, 30]]),
  token('builder-io-key', ['bpk-'], [[HEX, 32]]),
  token('configcat-sdk-key', ['configcat-sdk-1/'], [[BASE64URL, 22], '/', [BASE64URL, 22]]),
  token('unkey-key', ['unkey_'], [[ALNUM, 16, 32]]),
  token('calcom-key', ['cal_live_', 'cal_test_'], [[HEX, 32]]),
  token('samsara-token', ['samsara_api_'], [[ALNUM, 30]]),
  token(
    'yandex-key',
    ['dict.1.1.', 'trnsl.1.1.', 'pdct.1.1.'],
    [['0123456789', 8], 'T', ['0123456789', 6], 'Z.', [HEX, 16], '.', [HEX, 40]],
  ),
  token('mem0-key', ['m0-'], [[ALNUM, 40]]),
  token('pubnub-publish-key', ['pub-c-'], [[HEX, 8], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 4], '-', [HEX, 12]]),
  token('app-platform-key', ['ajkey_'], [[ALNUM_LOWER, 26, 64]]),
  token('app-platform-key', ['AIK_SECRET_'], [[ALNUM, 40, 96]]),
  token('app-platform-key', ['cnvca'], [[BASE64URL, 40, 64]]),
  token('app-platform-key', ['b10ck5.'], [[ALNUM, 24, 48], '.', [ALNUM, 24, 48]]),
  token('salesforce-token', ['00D'], [[ALNUM, 15], '!', [ALNUM + '._', 96]], { short: false }),
  token('trello-token', ['ATTA'], [[HEX_MIXED, 72]]),
  token('pinterest-token', ['pina_'], [[ALNUM, 40, 96]], { short: false }),
  {
    kind: 'teams-webhook',
    examples: fc
      .tuple(
        fc.constantFrom('acme.webhook.office.com/webhookb2', 'outlook.office.com/webhook', 'outlook.office365.com/webhook'),
        uuid,
        uuid,
        random(HEX, 32),
        uuid,
      )
      .map(([path, a, b, c, d]) => example('teams-webhook', `https://${path}/${a}@${b}/IncomingWebhook/${c}/${d}`)),
    nearMisses: [
      fc.constantFrom(
        'https://acme.webhook.office.com/webhookb2/',
        'https://acme.webhook.office.com/webhookb2/<team-id>@<tenant-id>/IncomingWebhook/<id>/<owner>',
      ),
    ],
  },
  token('thethingsstack-key', ['NNSXS.'], [['ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 39], '.', ['ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 52]]),
  {
    kind: 'deepl-key',
    examples: uuid.map((id) => ({ kind: 'deepl-key', text: `${id}:fx`, secret: `${id}:fx` })),
    nearMisses: [fc.constantFrom('<uuid>:fx', 'see a:fx', 'id 123e4567-e89b-12d3-a456-426614174000 is a request')],
  },
  {
    kind: 'rpc-endpoint-key',
    examples: fc.oneof(
      random(HEX, 32).map((key) => ({ kind: 'rpc-endpoint-key', text: `https://mainnet.infura.io/v3/${key}`, secret: key })),
      random(BASE64URL, 32).map((key) => ({ kind: 'rpc-endpoint-key', text: `https://eth-mainnet.g.alchemy.com/v2/${key}`, secret: key })),
      random(HEX, 64).map((key) => ({ kind: 'rpc-endpoint-key', text: `https://rpc.ankr.com/polygon/${key}`, secret: key })),
      random(HEX, 40).map((key) => ({ kind: 'rpc-endpoint-key', text: `https://a-b.quiknode.pro/${key}/`, secret: key })),
    ),
    nearMisses: [
      fc.constantFrom(
        'https://mainnet.infura.io/v3/YOUR_PROJECT_ID',
        'https://rpc.ankr.com/eth',
        'https://eth-mainnet.g.alchemy.com/v2/<key>',
      ),
    ],
  },
  {
    kind: 'url-key',
    examples: fc
      .tuple(
        fc.constantFrom('https://maker.ifttt.com/trigger/door/with/key/', 'https://hook.eu2.make.com/', 'https://api.acme.io/v2/token/'),
        random(ALNUM, 22, 40),
      )
      .map(([url, key]) => ({ kind: 'url-key', text: url + key, secret: key })),
    nearMisses: [
      fc.constantFrom(
        'https://maker.ifttt.com/trigger/door/with/key/{key}',
        'https://api.acme.io/v1/keys/123e4567-e89b-12d3-a456-426614174000',
        'https://hook.eu2.make.com/',
      ),
    ],
  },
  {
    kind: 'azure-app-configuration',
    examples: fc.tuple(random(ALNUM, 4), random(ALNUM, 20), random(BASE64, 43)).map(([id, credential, secret]) => {
      const value = `${id}-l0-s0:${credential};Secret=${secret}=`;
      return example('azure-app-configuration', `Endpoint=https://app.azconfig.io;Id=${value}`, value);
    }),
    nearMisses: [fc.constantFrom('Endpoint=https://app.azconfig.io;Id=<id>;Secret=<secret>', 'see https://app.azconfig.io for the store')],
  },
  {
    kind: 'azure-sas-signature',
    examples: random(BASE64, 43).map((sig) =>
      example('azure-sas-signature', `https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&sig=${sig}%3D`, `${sig}%3D`),
    ),
    nearMisses: [fc.constantFrom('https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&sig=<signature>', 'a?x=1&sig=short')],
  },
  {
    kind: 'password-hash',
    examples: fc.oneof(
      fc.tuple(fc.constantFrom('2a', '2b', '2y'), random(CRYPT64, 53)).map(([v, h]) => example('password-hash', `$${v}$12$${h}`)),
      fc
        .tuple(fc.constantFrom('1', '5', '6'), random(CRYPT64, 16), random(CRYPT64, 43))
        .map(([v, s, h]) => example('password-hash', `$${v}$${s}$${h}`)),
      fc.tuple(random(CRYPT64, 22), random(CRYPT64, 43)).map(([s, h]) => example('password-hash', `$y$j9T$${s}$${h}`)),
      random(HEX_MIXED.replace(/[a-f]/g, ''), 40).map((h) => example('password-hash', `*${h}`)),
      fc.tuple(random(ALNUM, 22), random(BASE64, 43)).map(([s, h]) => example('password-hash', `pbkdf2_sha256$600000$${s}$${h}=`)),
    ),
    nearMisses: [fc.constantFrom('bcrypt hashes look like $2b$12$ and then 53 characters', 'costs $6$ or $5$', 'pbkdf2_sha256$600000$')],
  },
];
