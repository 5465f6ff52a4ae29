/** Productivity and data services: 1Password, Notion, Airtable, ClickUp, PostHog, SaladCloud, Apify, Adafruit IO, Ubidots, SettleMint, Dropbox, MaxMind, 42 Intra, Defined Networking, ClickHouse, HubSpot, Foursquare, Mapbox, Okta, Klaviyo. */
import { chars } from '../chars.ts';
import { prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import {
  ALNUM,
  ALNUM_LOWER,
  ALNUM_UPPER,
  BASE64_ANY,
  DIGITS,
  HEX,
  URLSAFE,
  URLSAFE_PAD,
  hasDigit,
  lettersAndDigits,
} from './format-shapes.ts';

/** The productivity and data services kinds. */
export const SAAS_KINDS: readonly KindRecord[] = [
  tokenKind('1password-token', '1Password service account token (`ops_eyJ…`, any ending)', prefixed('ops_eyJ', BASE64_ANY, 200, 8192)),
  tokenKind('1password-secret-key', '1Password account secret key (`A3-` + six dash-separated groups)', {
    prefixes: ['A3-'],
    body: [run(ALNUM_UPPER, 6), '-', run(ALNUM_UPPER, 5, 11), '-', run(ALNUM_UPPER, 5), '-', run(ALNUM_UPPER, 5), '-', run(ALNUM_UPPER, 5)],
    check: lettersAndDigits,
  }),
  tokenKind(
    'notion-token',
    'Notion integration tokens (`ntn_` + 11 digits + 35 characters; legacy `secret_` + 43)',
    prefixed('ntn_', ALNUM, 46, 46, (value) => /^ntn_\d{11}/.test(value) && /[A-Za-z]/.test(value)),
    prefixed('secret_', ALNUM, 43, 43, lettersAndDigits),
  ),
  tokenKind('airtable-token', 'Airtable personal access token (`pat` + 14 + `.` + 64 hex)', {
    prefixes: ['pat'],
    body: [run(ALNUM, 14), '.', run(HEX, 64)],
  }),
  tokenKind('clickup-token', 'ClickUp personal token (`pk_<user id>_` + 32 characters)', {
    prefixes: ['pk_'],
    body: [run(DIGITS, 5, 12), '_', run(ALNUM_UPPER, 32)],
  }),
  tokenKind(
    'posthog-key',
    'PostHog personal, secure, app and refresh keys (`phx_`, `phs_`, `pha_`, `phr_` + 40 or more characters)',
    prefixed(['phx_', 'phs_', 'pha_', 'phr_'], URLSAFE, 40, 60, lettersAndDigits),
  ),
  tokenKind(
    'saladcloud-key',
    'SaladCloud API key (`salad_cloud_org_` / `salad_cloud_user_` + 40+ characters)',
    prefixed(['salad_cloud_org_', 'salad_cloud_user_'], ALNUM, 40, 80, lettersAndDigits),
  ),
  tokenKind('apify-token', 'Apify API token (`apify_api_` + 36 characters)', prefixed('apify_api_', chars('A-Za-z0-9-'), 36)),
  {
    kind: 'adafruit-key',
    description: 'Adafruit IO key (`aio_` + 28 characters, or 32 characters assigned to an Adafruit name)',
    formats: [{ prefixes: ['aio_'], body: [run(ALNUM, 28)], check: lettersAndDigits }],
    named: { names: (words) => words.includes('adafruit'), value: run(URLSAFE, 32), check: lettersAndDigits },
  },
  tokenKind('ubidots-token', 'Ubidots token (`BBFF-` + 30 characters)', prefixed('BBFF-', ALNUM, 30)),
  tokenKind(
    'settlemint-token',
    'SettleMint personal, application and service tokens (`sm_pat_`, `sm_aat_`, `sm_sat_` + 16 characters)',
    prefixed(['sm_pat_', 'sm_aat_', 'sm_sat_'], ALNUM, 16, 16, lettersAndDigits),
  ),
  tokenKind(
    'dropbox-token',
    'Dropbox short-lived access token (`sl.` + 130+ characters)',
    prefixed(['sl.u.', 'sl.'], URLSAFE, 130, 1400, lettersAndDigits),
  ),
  tokenKind('maxmind-key', 'MaxMind license key (6 + `_` + 29 characters + `_mmk`)', {
    infix: '_mmk',
    before: [run(ALNUM, 29), '_', run(ALNUM, 6)],
    body: [],
  }),
  tokenKind('intra42-secret', '42 Intra client secret (`s-s4t2ud-` / `s-s4t2af-` + 64 hex)', prefixed(['s-s4t2ud-', 's-s4t2af-'], HEX, 64)),
  tokenKind(
    'defined-networking-token',
    'Defined Networking API token (`dnkey-` + 79 characters)',
    prefixed('dnkey-', chars('A-Za-z0-9=_-'), 70, 90, lettersAndDigits),
  ),
  tokenKind(
    'clickhouse-key',
    'ClickHouse Cloud API secret key (`4b1d` + 38 characters)',
    prefixed('4b1d', ALNUM, 38, 38, (value) => lettersAndDigits(value) && /[A-Z]/.test(value)),
  ),
  tokenKind(
    'hubspot-token',
    'HubSpot private app token (`pat-na1-` / `pat-eu1-` + UUID)',
    prefixed(['pat-na1-', 'pat-eu1-', 'pat-na2-'], chars('a-f0-9-'), 36),
  ),
  tokenKind('foursquare-key', 'Foursquare Places API key (`fsq3` + 44 base64 characters)', prefixed('fsq3', BASE64_ANY, 44, 44, hasDigit)),
  tokenKind(
    'mapbox-token',
    'Mapbox secret and temporary tokens (`sk.`, `tk.` + 40 or more base64url + `.` + 22 characters; `pk.` tokens are public)',
    {
      prefixes: ['sk.', 'tk.'],
      body: [run(URLSAFE, 40, 128), '.', run(URLSAFE, 22)],
      check: lettersAndDigits,
    },
  ),
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
  tokenKind(
    'age-secret-key',
    'age encryption secret keys (`AGE-SECRET-KEY-1` + 58 bech32 characters, and the post-quantum `AGE-SECRET-KEY-PQ-1…`)',
    prefixed(['AGE-SECRET-KEY-1', 'AGE-SECRET-KEY-PQ-1'], chars('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'), 58, 2048),
  ),
  tokenKind('salesforce-token', 'Salesforce session / access token (`00D` + org id + `!` + 80+ characters)', {
    prefixes: ['00D'],
    body: [run(ALNUM, 12, 15), '!', run(chars('A-Za-z0-9_.'), 80, 256)],
    check: lettersAndDigits,
  }),
  tokenKind(
    'trello-token',
    'Trello / Atlassian API token (`ATTA` + 64 hex + 8-character checksum)',
    prefixed('ATTA', chars('0-9a-fA-F'), 72, 72, hasDigit),
  ),
  tokenKind('pinterest-token', 'Pinterest access token (`pina_` + 32–128 characters)', prefixed('pina_', ALNUM, 32, 128, lettersAndDigits)),
  tokenKind(
    'twitter-token',
    'X (Twitter) app bearer token (`AAAAAAAAAAAAAAAAAAAAA…`)',
    prefixed('AAAAAAAAAAAAAAAAAAAAA', chars('A-Za-z0-9%='), 60, 200, lettersAndDigits),
  ),
  tokenKind('klaviyo-key', 'Klaviyo private API key (`pk_` + 34 characters)', prefixed('pk_', ALNUM, 34, 34, lettersAndDigits)),
  tokenKind(
    'mailersend-token',
    'MailerSend API token (`mlsn.` + 30 to 100 characters)',
    prefixed('mlsn.', ALNUM, 30, 100, lettersAndDigits),
  ),
  tokenKind(
    'mappedin-key',
    'Mappedin API key and secret (`mik_` + 25, `mis_` + 51 characters)',
    prefixed('mik_', ALNUM, 25, 25, lettersAndDigits),
    prefixed('mis_', ALNUM, 51, 51, lettersAndDigits),
  ),
  tokenKind(
    'mintlify-key',
    'Mintlify API keys (`mint_`, `mint_dsc_` + 24 to 44 characters)',
    prefixed(['mint_dsc_', 'mint_'], ALNUM, 24, 44, lettersAndDigits),
  ),
  tokenKind('redirect-pizza-token', 'redirect.pizza API token (`rpa_` + 30 characters)', prefixed('rpa_', ALNUM, 30, 30, lettersAndDigits)),
  tokenKind(
    'app-platform-key',
    'Arcjet (`ajkey_`), Aikido (`AIK_SECRET_`), Canva (`cnvca`) and Block Protocol (`b10ck5.`) keys',
    prefixed('ajkey_', ALNUM_LOWER, 26, 64, hasDigit),
    prefixed('AIK_SECRET_', ALNUM, 40, 96, lettersAndDigits),
    prefixed('cnvca', URLSAFE, 40, 64, lettersAndDigits),
    { prefixes: ['b10ck5.'], body: [run(ALNUM, 24, 48), '.', run(ALNUM, 24, 48)], check: lettersAndDigits },
  ),
  tokenKind(
    'segment-token',
    'Segment public API token (`sgp_` + 64 letters and digits)',
    prefixed('sgp_', ALNUM, 64, 64, lettersAndDigits),
  ),
  tokenKind('zoho-token', 'Zoho OAuth access and refresh tokens (`1000.` + 32 hex + `.` + 32 hex)', {
    prefixes: ['1000.'],
    body: [run(HEX, 32), '.', run(HEX, 32)],
  }),
  {
    kind: 'openweather-key',
    description: "OpenWeather API key: 32 hex passed as its `appid` parameter (another vendor's `appId` is an app's public id)",
    named: { written: 'appid', value: run(HEX, 32), check: hasDigit },
  },
];
