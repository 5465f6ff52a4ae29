/** Monitoring and incident tools: Sentry, Grafana, New Relic, Datadog, Rootly, Sumo Logic, Honeycomb, PagerDuty. */
import { chars } from '../chars.ts';
import { prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { ALNUM, BASE64, BASE64_ANY, HEX, HEX_ANY, URLSAFE, lettersAndDigits } from './format-shapes.ts';

/** The monitoring and incident tools kinds. */
export const OBSERVABILITY_KINDS: readonly KindRecord[] = [
  tokenKind(
    'sentry-token',
    'Sentry user tokens (`sntryu_` + 64 hex) and organisation tokens (`sntrys_eyJ…`)',
    prefixed('sntryu_', HEX, 64),
    prefixed('sntrys_eyJ', BASE64_ANY, 60, 1024),
  ),
  tokenKind(
    'grafana-token',
    'Grafana cloud tokens (`glc_`), service account tokens (`glsa_`) and API keys (`eyJrIjoi…`)',
    prefixed('glc_', BASE64_ANY, 32, 400, lettersAndDigits),
    { prefixes: ['glsa_'], body: [run(ALNUM, 32), '_', run(HEX_ANY, 8)] },
    prefixed('eyJrIjoi', BASE64, 40, 400),
  ),
  tokenKind(
    'newrelic-key',
    'New Relic user API keys (`NRAK-`), insert keys (`NRII-`), browser tokens (`NRJS-`) REST keys (`NRRA-`) and license keys (36 hex + `NRAL`)',
    prefixed('NRAK-', ALNUM, 27, 27, lettersAndDigits),
    prefixed('NRII-', URLSAFE, 25, 40),
    prefixed('NRJS-', HEX, 19),
    prefixed('NRRA-', HEX, 42), // Ingest license keys end in `NRAL`.
    { infix: 'NRAL', before: [run(HEX, 36)], body: [] },
  ),
  {
    kind: 'datadog-key',
    description: 'Datadog API (32 hex) and application (40 hex) keys assigned to a Datadog name (`DD_API_KEY`, `datadog_app_key`, …)',
    named: {
      names: (words) => words.includes('datadog') || words[0] === 'dd',
      value: run(chars('a-z0-9'), 32, 40),
      check: lettersAndDigits,
    },
  },
  tokenKind('rootly-key', 'Rootly API key (`rootly_` + 64 hex)', prefixed('rootly_', HEX, 64)),
  {
    kind: 'sumologic-key',
    description: 'Sumo Logic access id (`su` + 12 characters) and access key (64 characters) assigned to a Sumo Logic name',
    named: {
      names: (words) => words.includes('sumo') || words.includes('sumologic'),
      value: run(ALNUM, 14, 64),
      check: (value) => lettersAndDigits(value) && (value.length === 64 || (value.length === 14 && value.startsWith('su'))),
    },
  },
  {
    kind: 'honeycomb-key',
    description:
      'Honeycomb API keys (22 characters, or an ingest or configuration key of 64 such as `hcaik_…`) assigned to a Honeycomb name (`x-honeycomb-team`, `HONEYCOMB_API_KEY`)',
    named: { names: (words) => words.includes('honeycomb'), value: run(chars('A-Za-z0-9_'), 22, 96), check: lettersAndDigits },
  },
  {
    kind: 'pagerduty-key',
    description: 'PagerDuty API key: 20 characters assigned to a PagerDuty name',
    named: { names: (words) => words.includes('pagerduty') || words.includes('pd'), value: run(URLSAFE, 20), check: lettersAndDigits },
  },
];
