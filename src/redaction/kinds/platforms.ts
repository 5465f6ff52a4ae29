/** Hosting and infrastructure platforms: HashiCorp, Fly.io, PlanetScale, Doppler, Databricks, Dynatrace, Pulumi, OpenShift, Tailscale, Scalingo, Netlify-style deploy services, The Things Stack, Docker Swarm, blockchain node providers, Erlang's distribution cookie, Consul's and Nomad's gossip keys. */
import { chars } from '../chars.ts';
import { optional, prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { rpcPathKey } from '../vendor-matchers.ts';
import { ALNUM, ALNUM_LOWER, BASE64, DIGITS, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits, mixedCase } from './format-shapes.ts';

/** The hosting and infrastructure platforms kinds. */
export const PLATFORM_KINDS: readonly KindRecord[] = [
  tokenKind('thethingsstack-key', 'The Things Stack API key (`NNSXS.` + 39 + `.` + 52 base32 characters)', {
    prefixes: ['NNSXS.'],
    body: [run(chars('A-Z2-7'), 39), '.', run(chars('A-Z2-7'), 52)],
  }),
  tokenKind(
    'vault-token',
    'HashiCorp Vault service, batch and recovery tokens (`hvs.`, `hvb.`, `hvr.`) and legacy `s.` + 24 characters',
    prefixed(['hvs.', 'hvb.', 'hvr.'], URLSAFE, 24, 512, lettersAndDigits), // Legacy service tokens: random base62, so digits and both cases (`s.AcceptanceTimeoutSeconds` is code).
    { prefixes: ['s.'], body: [run(ALNUM, 24)], check: (value) => hasDigit(value) && mixedCase(value) },
  ),
  tokenKind('terraform-token', 'HashiCorp Terraform Cloud API token (14 characters + `.atlasv1.` + 60–70 characters)', {
    infix: '.atlasv1.',
    before: [run(ALNUM, 14)],
    body: [run(URLSAFE_PAD, 60, 70)],
  }),
  tokenKind('flyio-token', 'Fly.io access tokens (`fo1_…`) and macaroon tokens (`FlyV1 fm1r_…`, `fm2_…`)', prefixed('fo1_', URLSAFE, 43), {
    prefixes: ['fm1r_', 'fm1a_', 'fm2_'],
    lead: ['FlyV1 '],
    body: [run(chars('A-Za-z0-9_+/=,-'), 40, 8192)],
    check: lettersAndDigits,
  }),
  tokenKind(
    'planetscale-token',
    'PlanetScale passwords and tokens (`pscale_pw_`, `pscale_tkn_`, `pscale_oauth_`)',
    prefixed(['pscale_pw_', 'pscale_tkn_', 'pscale_oauth_'], chars('A-Za-z0-9_=.-'), 32, 64),
  ),
  tokenKind(
    'doppler-token',
    'Doppler tokens (`dp.pt.`, `dp.st.`, `dp.sa.`, `dp.ct.`, `dp.scim.`, `dp.audit.`, service tokens with their config slug, + 40–44 characters)',
    {
      prefixes: ['dp.pt.', 'dp.st.', 'dp.sa.', 'dp.ct.', 'dp.scim.', 'dp.audit.'],
      body: [optional(run(chars('a-z0-9_-'), 1, 32), '.'), run(ALNUM, 40, 44)],
    },
  ),
  tokenKind('databricks-token', 'Databricks personal access token (`dapi` + 32 hex, optional `-N` suffix)', {
    prefixes: ['dapi'],
    body: [run(HEX, 32), optional('-', run(DIGITS, 1, 2))],
  }),
  tokenKind('dynatrace-token', 'Dynatrace API token (`dt0c01.` + 24 + `.` + 64 characters)', {
    prefixes: ['dt0c01.'],
    body: [run(ALNUM, 24), '.', run(ALNUM, 64)],
  }),
  tokenKind('pulumi-token', 'Pulumi access token (`pul-` + 40 characters)', prefixed('pul-', ALNUM_LOWER, 40, 40, hasDigit)),
  tokenKind('openshift-token', 'OpenShift user token (`sha256~` + 43 characters)', prefixed('sha256~', URLSAFE, 43)),
  tokenKind('tailscale-key', 'Tailscale API, auth, client and webhook keys (`tskey-<kind>-…`)', {
    prefixes: ['tskey-'],
    body: [run(chars('a-z'), 3, 16), '-', run(URLSAFE, 10, 256)],
    check: lettersAndDigits,
  }),
  tokenKind('scalingo-token', 'Scalingo API token (`tk-us-` + 48 characters)', prefixed('tk-us-', URLSAFE, 48)),
  tokenKind(
    'netlify-token',
    'Netlify personal access token (`nfp_` + 36 to 40 characters)',
    prefixed('nfp_', ALNUM, 36, 40, lettersAndDigits),
  ),
  tokenKind('neon-key', 'Neon API key (`napi_` + 64 lowercase characters)', prefixed('napi_', ALNUM_LOWER, 64, 64, lettersAndDigits)),
  tokenKind('render-key', 'Render API key (`rnd_` + 32 characters)', prefixed('rnd_', ALNUM, 32, 32, lettersAndDigits)),
  tokenKind(
    'docker-swarm-key',
    'Docker Swarm unlock key (`SWMKEY-1-` + 43 base64 characters) and join token (`SWMTKN-1-` + 50 + `-` + 25)',
    prefixed('SWMKEY-1-', BASE64, 43, 43, hasDigit),
    { prefixes: ['SWMTKN-1-'], body: [run(ALNUM_LOWER, 50, 52), '-', run(ALNUM_LOWER, 25)] },
  ),
  {
    kind: 'rpc-endpoint-key',
    description:
      "Blockchain node providers' keys in an endpoint's path (Infura, Alchemy, Ankr, QuickNode, Chainstack, GetBlock, Blast, The Graph's gateway)",
    custom: [
      { literal: '.infura.io/v3/', at: 'infix', match: rpcPathKey('.infura.io/v3/', /[0-9a-f]{32}/) },
      { literal: '.alchemy.com/v2/', at: 'infix', match: rpcPathKey('.alchemy.com/v2/', /[A-Za-z0-9_-]{32}/) },
      { literal: '.ankr.com/', at: 'infix', match: rpcPathKey('.ankr.com/', /[0-9a-f]{64}/, true) },
      { literal: '.quiknode.pro/', at: 'infix', match: rpcPathKey('.quiknode.pro/', /[0-9a-f]{40}/) },
      { literal: '.p2pify.com/', at: 'infix', match: rpcPathKey('.p2pify.com/', /[0-9a-f]{32}/) },
      { literal: '.chainstack.com/', at: 'infix', match: rpcPathKey('.chainstack.com/', /[0-9a-f]{32}/) },
      { literal: '.getblock.io/', at: 'infix', match: rpcPathKey('.getblock.io/', /[0-9a-f]{32}/) },
      {
        literal: '.blastapi.io/',
        at: 'infix',
        match: rpcPathKey('.blastapi.io/', /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/),
      },
      { literal: '.thegraph.com/api/', at: 'infix', match: rpcPathKey('.thegraph.com/api/', /[0-9a-f]{32}/) },
    ],
  },
  tokenKind(
    'database-platform-key',
    'Databricks OAuth secret (`dose` + 32 to 36 characters) and CockroachDB Cloud API key (`CCDB1_` + 22 + `_` + 40)',
    prefixed('dose', ALNUM, 32, 36, (value) => lettersAndDigits(value) && mixedCase(value)),
    { prefixes: ['CCDB1_'], body: [run(ALNUM, 22), '_', run(ALNUM, 40)], check: lettersAndDigits },
  ),
  {
    kind: 'gossip-key',
    description: "Consul's and Nomad's gossip encryption key: base64 of 32 bytes under `encrypt`",
    named: {
      names: (words) => words.length === 1 && words[0] === 'encrypt',
      value: run(BASE64, 44),
      check: (value) => value.endsWith('=') && !value.endsWith('==') && lettersAndDigits(value),
    },
  },
  {
    kind: 'erlang-cookie',
    description:
      "Erlang distribution cookie: 20 capitals, as `erl` generates it, under a cookie's name (`-setcookie`, `set_cookie`, `RELEASE_COOKIE`, `ERLANG_COOKIE`, RabbitMQ's)",
    named: {
      names: (words) =>
        words.includes('setcookie') ||
        (words.includes('cookie') && ['erlang', 'release', 'set', 'rabbitmq', 'erl', 'node'].some((word) => words.includes(word))),
      value: run(chars('A-Z'), 20),
      check: (value) => new Set(value).size >= 8,
    },
  },
];
