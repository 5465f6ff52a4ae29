/** Payments and commerce: Stripe, Square, Facebook/Meta, Flutterwave, GoCardless, Lob, Shippo, Duffel, EasyPost, Braintree. */
import { chars } from '../chars.ts';
import { optional, run } from '../record.ts';
import type { KindRecord } from '../record.ts';
import { ALNUM, DIGITS, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits } from './format-shapes.ts';

/** The payment and commerce kinds. */
export const PAYMENT_KINDS: readonly KindRecord[] = [
  {
    kind: 'stripe-key',
    description:
      'Stripe secret and restricted keys, live and test (`sk_live_`, `sk_test_`, `rk_live_`, `rk_test_`) and webhook signing secrets (`whsec_`)',
    formats: [
      { prefixes: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], body: [run(ALNUM, 16, 247)], check: lettersAndDigits },
      { prefixes: ['whsec_'], body: [run(chars('A-Za-z0-9+/='), 32, 88)], check: lettersAndDigits },
    ],
  },
  {
    kind: 'square-token',
    description: 'Square access tokens and OAuth secrets (`sq0atp-`, `sq0csp-`, `EAAA…`)',
    formats: [
      { prefixes: ['sq0atp-'], body: [run(URLSAFE, 22)] },
      { prefixes: ['sq0csp-'], body: [run(URLSAFE, 43)] },
      { prefixes: ['EAAA'], body: [run(URLSAFE, 30, 70)], check: lettersAndDigits },
    ],
  },
  {
    kind: 'facebook-token',
    description: 'Facebook / Meta access tokens (`EAA…`, 90+ characters) and app tokens (`<app id>|<secret>`)',
    formats: [
      { prefixes: ['EAA'], body: [run(ALNUM, 90, 1024)], check: lettersAndDigits },
      // Instagram Basic Display user tokens.
      { prefixes: ['IGQV'], body: [run(URLSAFE, 100, 1024)], check: lettersAndDigits },
      {
        infix: '|',
        before: [run(DIGITS, 15, 16)],
        body: [run(URLSAFE, 27, 40)],
        check: (value) => lettersAndDigits(value.slice(value.indexOf('|'))),
      },
    ],
  },
  {
    kind: 'flutterwave-key',
    description: 'Flutterwave secret, public and encryption keys (`FLWSECK-`, `FLWSECK_TEST-`, `FLWPUBK-`, `FLWPUBK_TEST-`)',
    formats: [
      {
        prefixes: ['FLWSECK_TEST-', 'FLWSECK-', 'FLWPUBK_TEST-', 'FLWPUBK-'],
        body: [run(chars('a-z0-9'), 12, 32), optional('-X')],
        check: hasDigit,
      },
    ],
  },
  {
    kind: 'gocardless-token',
    description: 'GoCardless access token (`live_` + 40 characters)',
    formats: [{ prefixes: ['live_'], body: [run(URLSAFE_PAD, 40)], check: lettersAndDigits }],
  },
  {
    kind: 'lob-key',
    description: 'Lob API keys (`live_` / `test_` + 35 hex, `live_pub_` / `test_pub_` + 31 hex)',
    formats: [
      { prefixes: ['live_pub_', 'test_pub_'], body: [run(HEX, 31)], check: lettersAndDigits },
      { prefixes: ['live_', 'test_'], body: [run(HEX, 35)], check: lettersAndDigits },
    ],
  },
  {
    kind: 'shippo-token',
    description: 'Shippo API token (`shippo_live_` / `shippo_test_` + 40 hex)',
    formats: [{ prefixes: ['shippo_live_', 'shippo_test_'], body: [run(HEX, 40)] }],
  },
  {
    kind: 'duffel-token',
    description: 'Duffel API token (`duffel_live_` / `duffel_test_` + 43 characters)',
    formats: [{ prefixes: ['duffel_live_', 'duffel_test_'], body: [run(URLSAFE_PAD, 43)] }],
  },
  {
    kind: 'easypost-key',
    description: 'EasyPost production and test API keys (`EZAK` / `EZTK` + 54 characters)',
    formats: [{ prefixes: ['EZAK', 'EZTK'], body: [run(ALNUM, 54)] }],
  },
  {
    kind: 'braintree-token',
    description: 'Braintree / PayPal access token (`access_token$production$…$…`)',
    formats: [{ prefixes: ['access_token$production$', 'access_token$sandbox$'], body: [run(ALNUM, 16), '$', run(HEX, 32)] }],
  },
];
