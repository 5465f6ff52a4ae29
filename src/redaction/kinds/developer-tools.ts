/** Package registries and developer tools: npm, PyPI, RubyGems, Clojars, Docker, JFrog, CircleCI, Postman, ReadMe, Prefect, Harness, Octopus, Infracost, SonarQube, Frame.io, Typeform, Figma, Contentful, Zuplo, Statsig, Stytch, DataStax Astra, Code Climate, Builder.io, ConfigCat, Unkey, Cal.com, Samsara, LaunchDarkly. */
import { chars } from '../chars.ts';
import { prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { ALNUM, ALNUM_LOWER, ALNUM_UPPER, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits, mixedCase } from './format-shapes.ts';

/** A UUID's five groups of hex. */
const UUID_BODY_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The package registries and developer tools kinds. */
export const DEVELOPER_TOOL_KINDS: readonly KindRecord[] = [
  tokenKind('builder-io-key', 'Builder.io private key (`bpk-` + 32 hex)', prefixed('bpk-', HEX, 32)),
  tokenKind(
    'launchdarkly-sdk-key',
    'LaunchDarkly server-side SDK key (`sdk-` + a UUID; mobile keys and client-side ids are shipped to apps)',
    prefixed('sdk-', chars('a-f0-9-'), 36, 36, (value) => UUID_BODY_RE.test(value.slice(4))),
  ),
  tokenKind('laravel-key', 'Laravel application key (`base64:` + the 44-character base64 of 32 bytes)', {
    prefixes: ['base64:'],
    body: [run(chars('A-Za-z0-9+/'), 43), '='],
    check: lettersAndDigits,
  }),
  tokenKind('configcat-sdk-key', 'ConfigCat SDK key (`configcat-sdk-1/` + 22 + `/` + 22 characters)', {
    prefixes: ['configcat-sdk-1/'],
    body: [run(URLSAFE, 22), '/', run(URLSAFE, 22)],
  }),
  tokenKind('unkey-key', 'Unkey root key (`unkey_` + 16 to 32 characters)', prefixed('unkey_', ALNUM, 16, 32, lettersAndDigits)),
  tokenKind('calcom-key', 'Cal.com API key (`cal_live_`, `cal_test_` + 32 hex)', prefixed(['cal_live_', 'cal_test_'], HEX, 32)),
  tokenKind('samsara-token', 'Samsara API token (`samsara_api_` + 30 characters)', prefixed('samsara_api_', ALNUM, 30)),
  {
    kind: 'npm-token',
    description: 'npm access token (`npm_` + 36 characters) and the value of an `.npmrc` `_authToken=`',
    formats: [{ prefixes: ['npm_'], body: [run(ALNUM, 36)] }],
    named: { written: '_authToken', value: run(chars('A-Za-z0-9._~+/=-'), 8, 512), check: lettersAndDigits },
  },
  tokenKind(
    'pypi-token',
    'PyPI upload token (`pypi-AgE…` macaroon)',
    prefixed(['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'], URLSAFE, 50, 4096),
  ),
  tokenKind('rubygems-token', 'RubyGems API key (`rubygems_` + 48 characters)', prefixed('rubygems_', ALNUM_LOWER, 48)),
  tokenKind('clojars-token', 'Clojars deploy token (`CLOJARS_` + 60 characters)', prefixed('CLOJARS_', ALNUM_LOWER, 60)),
  tokenKind(
    'docker-token',
    'Docker Hub personal and organisation access tokens (`dckr_pat_`, `dckr_oat_`)',
    prefixed(['dckr_pat_', 'dckr_oat_'], URLSAFE, 27, 64),
  ),
  tokenKind(
    'jfrog-token',
    'JFrog Artifactory API key (`AKCp` + 69) and reference token (`cmVmdGtu` + 56)',
    prefixed('AKCp', ALNUM, 69),
    prefixed('cmVmdGtu', ALNUM, 56),
  ),
  tokenKind(
    'circleci-token',
    'CircleCI personal and project API tokens (`CCIPAT_…`, `CCIPRJ_…`)',
    prefixed(['CCIPAT_', 'CCIPRJ_'], URLSAFE, 40, 80),
  ),
  tokenKind(
    'postman-key',
    'Postman API key (`PMAK-` + 24 hex + `-` + 34 hex)',
    prefixed('PMAK-', chars('A-Za-z0-9-'), 50, 70, lettersAndDigits),
  ),
  tokenKind('readme-key', 'ReadMe API key (`rdme_` + 70 characters)', prefixed('rdme_', ALNUM_LOWER, 70)),
  tokenKind('prefect-key', 'Prefect API key (`pnu_` + 36 characters)', prefixed('pnu_', ALNUM, 36)),
  tokenKind('harness-token', 'Harness personal and service account tokens (`pat.` / `sat.` + three dot-separated parts)', {
    prefixes: ['pat.', 'sat.'],
    body: [run(URLSAFE, 22), '.', run(ALNUM, 24), '.', run(ALNUM, 20)],
  }),
  tokenKind('octopus-key', 'Octopus Deploy API key (`API-` + 26 characters)', prefixed('API-', ALNUM_UPPER, 26, 26, lettersAndDigits)),
  tokenKind('infracost-key', 'Infracost API key (`ico-` + 32 characters)', prefixed('ico-', ALNUM, 32, 32, lettersAndDigits)),
  {
    kind: 'sonar-token',
    description: 'SonarQube / SonarCloud tokens (`squ_`, `sqp_`, `sqa_` + 40 hex)',
    formats: [{ prefixes: ['squ_', 'sqp_', 'sqa_'], body: [run(HEX, 40)] }],
    // Older tokens are bare hex, passed as `-Dsonar.login=` or `sonar.token=`.
    named: {
      names: (words) => words.some((word) => word.endsWith('sonar')) && (words.at(-1) === 'login' || words.at(-1) === 'token'),
      value: run(HEX, 40),
    },
  },
  tokenKind('nuget-key', 'NuGet API key (`oy2` + 43 lowercase characters)', prefixed('oy2', ALNUM_LOWER, 43, 43, lettersAndDigits)),
  tokenKind(
    'crates-token',
    'crates.io API token (`cio` + 32 characters)',
    prefixed('cio', ALNUM, 32, 32, (value) => lettersAndDigits(value) && mixedCase(value)),
  ),
  tokenKind(
    'buildkite-token',
    'Buildkite API access token (`bkua_` + 40 hex, or lowercase letters and digits as scanners accept)',
    prefixed('bkua_', ALNUM_LOWER, 40, 40, hasDigit),
  ),
  tokenKind(
    'deno-token',
    'Deno Deploy access tokens (`ddp_`, `ddo_` + 36 characters)',
    prefixed(['ddp_', 'ddo_'], ALNUM, 36, 36, lettersAndDigits),
  ),
  tokenKind('e2b-key', 'E2B API key (`e2b_` + 40 hex)', prefixed('e2b_', HEX, 40, 40, hasDigit)),
  tokenKind('adobe-key', 'Adobe client secret (`p8e-` + 32 characters)', prefixed('p8e-', chars('A-Za-z0-9-'), 32, 32, lettersAndDigits)),
  tokenKind('frameio-token', 'Frame.io developer token (`fio-u-` + 64 characters)', prefixed('fio-u-', URLSAFE_PAD, 64)),
  tokenKind('typeform-token', 'Typeform personal token (`tfp_…`)', prefixed('tfp_', chars('A-Za-z0-9_=.-'), 40, 64, hasDigit)),
  tokenKind('figma-token', 'Figma personal access tokens (`figd_`, `figp_`)', prefixed(['figd_', 'figp_'], URLSAFE_PAD, 38, 64)),
  tokenKind('contentful-token', 'Contentful personal access token (`CFPAT-` + 43 characters)', prefixed('CFPAT-', URLSAFE, 43)),
  tokenKind('linear-key', 'Linear API key (`lin_api_` + 40 characters)', prefixed('lin_api_', ALNUM, 40)),
  tokenKind(
    'shopify-token',
    'Shopify access tokens and shared secrets (`shpat_`, `shpca_`, `shppa_`, `shpss_` + 32 hex)',
    prefixed(['shpat_', 'shpca_', 'shppa_', 'shpss_'], chars('a-fA-F0-9'), 32),
  ),
  tokenKind('zuplo-key', 'Zuplo API consumer key (`zpka_` + 32 hex + `_` + 8 hex)', {
    prefixes: ['zpka_'],
    body: [run(HEX, 32), '_', run(HEX, 8)],
  }),
  tokenKind('statsig-key', 'Statsig server secret key (`secret-` + 43 characters)', prefixed('secret-', ALNUM, 43, 43, lettersAndDigits)),
  tokenKind(
    'stytch-secret',
    'Stytch project secret (`secret-live-` / `secret-test-` + 36 base64 characters)',
    prefixed(['secret-live-', 'secret-test-'], chars('A-Za-z0-9_=-'), 36, 40, lettersAndDigits),
  ),
  tokenKind('astra-token', 'DataStax Astra DB application token (`AstraCS:` + 24 letters and digits + `:` + 64 hex)', {
    prefixes: ['AstraCS:'],
    body: [run(ALNUM, 24), ':', run(HEX, 64)],
  }),
  {
    kind: 'codeclimate-reporter-id',
    description: 'Code Climate test reporter id (64 hex characters assigned to a name with `reporter` and `id`)',
    named: { names: (words) => words.includes('reporter') && words.includes('id'), value: run(HEX, 64) },
  },
];
