/** Payments and commerce: Stripe, Square, Facebook/Meta, Flutterwave, GoCardless, Lob, Shippo, Duffel, EasyPost, Braintree, Paddle, Mercado Pago, Cashfree, RevenueCat. */
import { chars } from '../chars.ts';
import { isPublicSample } from '../placeholders.ts';
import { optional, prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { ALNUM, ALNUM_LOWER, DIGITS, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits, mixedCase } from './format-shapes.ts';

/** The payment and commerce kinds. */
export const PAYMENT_KINDS: readonly KindRecord[] = [
  tokenKind(
    'stripe-key',
    'Stripe secret and restricted keys, live and test (`sk_live_`, `sk_test_`, `rk_live_`, `rk_test_`) and webhook signing secrets (`whsec_`)',
    prefixed(
      ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'],
      ALNUM,
      16,
      247,
      (value) => lettersAndDigits(value) && !isPublicSample(value),
    ),
    prefixed('whsec_', chars('A-Za-z0-9+/='), 32, 88, lettersAndDigits),
  ),
  tokenKind(
    'square-token',
    'Square access tokens and OAuth secrets (`sq0atp-`, `sq0csp-`, `EAAA…`)',
    prefixed('sq0atp-', URLSAFE, 22),
    prefixed('sq0csp-', URLSAFE, 43),
    prefixed('EAAA', URLSAFE, 30, 70, lettersAndDigits),
  ),
  tokenKind(
    'facebook-token',
    'Facebook / Meta access tokens (`EAA…`, 90+ characters) and app tokens (`<app id>|<secret>`)',
    prefixed('EAA', ALNUM, 90, 1024, lettersAndDigits), // Instagram Basic Display user tokens.
    { prefixes: ['IGQV'], body: [run(URLSAFE, 100, 1024)], check: lettersAndDigits },
    {
      infix: '|',
      before: [run(DIGITS, 15, 16)],
      body: [run(URLSAFE, 27, 40)],
      check: (value) => lettersAndDigits(value.slice(value.indexOf('|'))),
    },
  ),
  tokenKind('flutterwave-key', 'Flutterwave secret keys (`FLWSECK-`, `FLWSECK_TEST-`; the public `FLWPUBK-` keys ship to browsers)', {
    prefixes: ['FLWSECK_TEST-', 'FLWSECK-'],
    body: [run(chars('a-z0-9'), 12, 32), optional('-X')],
    check: hasDigit,
  }),
  tokenKind(
    'gocardless-token',
    'GoCardless access token (`live_` + 40 characters)',
    prefixed('live_', URLSAFE_PAD, 40, 40, lettersAndDigits),
  ),
  tokenKind(
    'lob-key',
    'Lob API keys (`live_` / `test_` + 35 hex, `live_pub_` / `test_pub_` + 31 hex)',
    prefixed(['live_pub_', 'test_pub_'], HEX, 31, 31, lettersAndDigits),
    prefixed(['live_', 'test_'], HEX, 35, 35, lettersAndDigits),
  ),
  tokenKind(
    'shippo-token',
    'Shippo API token (`shippo_live_` / `shippo_test_` + 40 hex)',
    prefixed(['shippo_live_', 'shippo_test_'], HEX, 40),
  ),
  tokenKind(
    'duffel-token',
    'Duffel API token (`duffel_live_` / `duffel_test_` + 43 characters)',
    prefixed(['duffel_live_', 'duffel_test_'], URLSAFE_PAD, 43),
  ),
  tokenKind(
    'easypost-key',
    'EasyPost production and test API keys (`EZAK` / `EZTK` + 54 characters)',
    prefixed(['EZAK', 'EZTK'], ALNUM, 54),
  ),
  tokenKind('braintree-token', 'Braintree / PayPal access token (`access_token$production$…$…`)', {
    prefixes: ['access_token$production$', 'access_token$sandbox$'],
    body: [run(ALNUM, 16), '$', run(HEX, 32)],
  }),
  tokenKind(
    'midtrans-server-key',
    'Midtrans server key (`Mid-server-`, `SB-Mid-server-` + 10 to 30 characters; the client key is public)',
    prefixed(['SB-Mid-server-', 'Mid-server-'], chars('A-Za-z0-9_-'), 10, 30, lettersAndDigits),
  ),
  tokenKind('plaid-access-token', 'Plaid access tokens (`access-production-`, `access-development-`, `access-sandbox-` + a UUID)', {
    prefixes: ['access-production-', 'access-development-', 'access-sandbox-'],
    body: [run(HEX, 8), '-', run(HEX, 4), '-', run(HEX, 4), '-', run(HEX, 4), '-', run(HEX, 12)],
  }),
  tokenKind('mercadopago-token', 'Mercado Pago access tokens (`APP_USR-` or `TEST-` + 16 digits, 6 digits, 32 hex and a user id)', {
    prefixes: ['APP_USR-', 'TEST-'],
    body: [run(DIGITS, 16), '-', run(DIGITS, 6), '-', run(HEX, 32), '-', run(DIGITS, 6, 12)],
  }),
  tokenKind('cashfree-key', 'Cashfree secret keys (`cfsk_ma_prod_` / `cfsk_ma_test_` + 32 hex + `_` + 8 hex)', {
    prefixes: ['cfsk_ma_prod_', 'cfsk_ma_test_'],
    body: [run(HEX, 32), '_', run(HEX, 8)],
  }),
  tokenKind(
    'revenuecat-key',
    'RevenueCat secret API key (`sk_` + 24 to 40 letters and digits; the public SDK keys are `appl_`, `goog_`, `amzn_`)',
    prefixed('sk_', ALNUM, 24, 40, (value) => lettersAndDigits(value) && mixedCase(value)),
  ),
  tokenKind('razorpay-key', 'Razorpay live key id (`rzp_live_` + 14 characters)', prefixed('rzp_live_', ALNUM, 14, 14, lettersAndDigits)),
  tokenKind('paddle-key', 'Paddle API key (`pdl_live_apikey_` / `pdl_sdbx_apikey_` + 26 + `_` + 22 + `_` + 3 characters)', {
    prefixes: ['pdl_live_apikey_', 'pdl_sdbx_apikey_'],
    body: [run(ALNUM_LOWER, 26), '_', run(ALNUM, 22), '_', run(ALNUM, 3)],
  }),
];
