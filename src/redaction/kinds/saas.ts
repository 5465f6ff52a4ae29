/** Productivity and data services: 1Password, Notion, Airtable, ClickUp, PostHog, SaladCloud, Apify, Adafruit IO, Ubidots, SettleMint, Dropbox, MaxMind, 42 Intra, Defined Networking, ClickHouse, HubSpot, Mapbox, Okta. */
import { chars } from '../chars.ts';
import { run } from '../record.ts';
import type { KindRecord } from '../record.ts';
import { ALNUM, ALNUM_UPPER, BASE64_ANY, DIGITS, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits } from './format-shapes.ts';

/** The productivity and data services kinds. */
export const SAAS_KINDS: readonly KindRecord[] = [
  {
    kind: '1password-token',
    description: '1Password service account token (`ops_eyJ…`, any ending)',
    formats: [{ prefixes: ['ops_eyJ'], body: [run(BASE64_ANY, 200, 8192)] }],
  },
  {
    kind: '1password-secret-key',
    description: '1Password account secret key (`A3-` + six dash-separated groups)',
    formats: [
      {
        prefixes: ['A3-'],
        body: [
          run(ALNUM_UPPER, 6),
          '-',
          run(ALNUM_UPPER, 5, 11),
          '-',
          run(ALNUM_UPPER, 5),
          '-',
          run(ALNUM_UPPER, 5),
          '-',
          run(ALNUM_UPPER, 5),
        ],
        check: lettersAndDigits,
      },
    ],
  },
  {
    kind: 'notion-token',
    description: 'Notion integration tokens (`ntn_` + 11 digits + 35 characters; legacy `secret_` + 43)',
    formats: [
      { prefixes: ['ntn_'], body: [run(ALNUM, 46)], check: (value) => /^ntn_\d{11}/.test(value) && /[A-Za-z]/.test(value) },
      { prefixes: ['secret_'], body: [run(ALNUM, 43)], check: lettersAndDigits },
    ],
  },
  {
    kind: 'airtable-token',
    description: 'Airtable personal access token (`pat` + 14 + `.` + 64 hex)',
    formats: [{ prefixes: ['pat'], body: [run(ALNUM, 14), '.', run(HEX, 64)] }],
  },
  {
    kind: 'clickup-token',
    description: 'ClickUp personal token (`pk_<user id>_` + 32 characters)',
    formats: [{ prefixes: ['pk_'], body: [run(DIGITS, 5, 12), '_', run(ALNUM_UPPER, 32)] }],
  },
  {
    kind: 'posthog-key',
    description: 'PostHog personal API key (`phx_` + 43+ characters)',
    formats: [{ prefixes: ['phx_'], body: [run(URLSAFE, 40, 60)], check: lettersAndDigits }],
  },
  {
    kind: 'saladcloud-key',
    description: 'SaladCloud API key (`salad_cloud_org_` / `salad_cloud_user_` + 40+ characters)',
    formats: [{ prefixes: ['salad_cloud_org_', 'salad_cloud_user_'], body: [run(ALNUM, 40, 80)], check: lettersAndDigits }],
  },
  {
    kind: 'apify-token',
    description: 'Apify API token (`apify_api_` + 36 characters)',
    formats: [{ prefixes: ['apify_api_'], body: [run(chars('A-Za-z0-9-'), 36)] }],
  },
  {
    kind: 'adafruit-key',
    description: 'Adafruit IO key (`aio_` + 28 characters, or 32 characters assigned to an Adafruit name)',
    formats: [{ prefixes: ['aio_'], body: [run(ALNUM, 28)], check: lettersAndDigits }],
    named: { names: (words) => words.includes('adafruit'), value: run(URLSAFE, 32), check: lettersAndDigits },
  },
  {
    kind: 'ubidots-token',
    description: 'Ubidots token (`BBFF-` + 30 characters)',
    formats: [{ prefixes: ['BBFF-'], body: [run(ALNUM, 30)] }],
  },
  {
    kind: 'settlemint-token',
    description: 'SettleMint personal, application and service tokens (`sm_pat_`, `sm_aat_`, `sm_sat_` + 16 characters)',
    formats: [{ prefixes: ['sm_pat_', 'sm_aat_', 'sm_sat_'], body: [run(ALNUM, 16)], check: lettersAndDigits }],
  },
  {
    kind: 'dropbox-token',
    description: 'Dropbox short-lived access token (`sl.` + 130+ characters)',
    formats: [{ prefixes: ['sl.u.', 'sl.'], body: [run(URLSAFE, 130, 1400)], check: lettersAndDigits }],
  },
  {
    kind: 'maxmind-key',
    description: 'MaxMind license key (6 + `_` + 29 characters + `_mmk`)',
    formats: [{ infix: '_mmk', before: [run(ALNUM, 29), '_', run(ALNUM, 6)], body: [] }],
  },
  {
    kind: 'intra42-secret',
    description: '42 Intra client secret (`s-s4t2ud-` / `s-s4t2af-` + 64 hex)',
    formats: [{ prefixes: ['s-s4t2ud-', 's-s4t2af-'], body: [run(HEX, 64)] }],
  },
  {
    kind: 'defined-networking-token',
    description: 'Defined Networking API token (`dnkey-` + 79 characters)',
    formats: [{ prefixes: ['dnkey-'], body: [run(chars('a-z0-9=_-'), 70, 90)], check: lettersAndDigits }],
  },
  {
    kind: 'clickhouse-key',
    description: 'ClickHouse Cloud API secret key (`4b1d` + 38 characters)',
    formats: [{ prefixes: ['4b1d'], body: [run(ALNUM, 38)], check: (value) => lettersAndDigits(value) && /[A-Z]/.test(value) }],
  },
  {
    kind: 'hubspot-token',
    description: 'HubSpot private app token (`pat-na1-` / `pat-eu1-` + UUID)',
    formats: [{ prefixes: ['pat-na1-', 'pat-eu1-', 'pat-na2-'], body: [run(chars('a-f0-9-'), 36)] }],
  },
  {
    kind: 'mapbox-token',
    description: 'Mapbox access tokens (`pk.`, `sk.`, `tk.` + 60 + `.` + 22 characters)',
    formats: [{ prefixes: ['pk.', 'sk.', 'tk.'], body: [run(ALNUM, 60, 64), '.', run(ALNUM, 22)], check: lettersAndDigits }],
  },
  {
    kind: 'okta-token',
    description: 'Okta API token (`00` + 40 characters) assigned to an Okta name',
    named: {
      names: (words) => words.includes('okta'),
      value: run(URLSAFE_PAD, 42),
      check: (value) => value.startsWith('00') && lettersAndDigits(value),
    },
  },
  {
    kind: 'algolia-key',
    description: 'Algolia API key (32 hex) assigned to an Algolia name',
    named: { names: (words) => words.includes('algolia'), value: run(HEX, 32) },
  },
  {
    kind: 'age-secret-key',
    description: 'age encryption secret key (`AGE-SECRET-KEY-1` + 58 bech32 characters)',
    formats: [{ prefixes: ['AGE-SECRET-KEY-1'], body: [run(chars('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'), 58)] }],
  },
  {
    kind: 'salesforce-token',
    description: 'Salesforce session / access token (`00D` + org id + `!` + 80+ characters)',
    formats: [{ prefixes: ['00D'], body: [run(ALNUM, 12, 15), '!', run(chars('A-Za-z0-9_.'), 80, 256)], check: lettersAndDigits }],
  },
  {
    kind: 'trello-token',
    description: 'Trello / Atlassian API token (`ATTA` + 64 hex + 8-character checksum)',
    formats: [{ prefixes: ['ATTA'], body: [run(chars('0-9a-fA-F'), 72)], check: hasDigit }],
  },
  {
    kind: 'pinterest-token',
    description: 'Pinterest access token (`pina_` + 32–128 characters)',
    formats: [{ prefixes: ['pina_'], body: [run(ALNUM, 32, 128)], check: lettersAndDigits }],
  },
  {
    kind: 'twitter-token',
    description: 'X (Twitter) app bearer token (`AAAAAAAAAAAAAAAAAAAAA…`)',
    formats: [{ prefixes: ['AAAAAAAAAAAAAAAAAAAAA'], body: [run(chars('A-Za-z0-9%='), 60, 200)], check: lettersAndDigits }],
  },
];
