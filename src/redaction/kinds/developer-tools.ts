/** Package registries and developer tools: npm, PyPI, RubyGems, Clojars, Docker, JFrog, CircleCI, Postman, ReadMe, Prefect, Harness, Octopus, Infracost, SonarQube, Frame.io, Typeform, Figma, Contentful. */
import { chars } from '../chars.ts';
import { run } from '../record.ts';
import type { KindRecord } from '../record.ts';
import { ALNUM, ALNUM_LOWER, ALNUM_UPPER, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits, mixedCase } from './format-shapes.ts';

/** The package registries and developer tools kinds. */
export const DEVELOPER_TOOL_KINDS: readonly KindRecord[] = [
  {
    kind: 'npm-token',
    description: 'npm access token (`npm_` + 36 characters) and the value of an `.npmrc` `_authToken=`',
    formats: [{ prefixes: ['npm_'], body: [run(ALNUM, 36)] }],
    named: {
      written: '_authToken',
      value: run(chars('A-Za-z0-9._~+/=-'), 8, 512),
      check: lettersAndDigits,
    },
  },
  {
    kind: 'pypi-token',
    description: 'PyPI upload token (`pypi-AgE…` macaroon)',
    formats: [{ prefixes: ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'], body: [run(URLSAFE, 50, 4096)] }],
  },
  {
    kind: 'rubygems-token',
    description: 'RubyGems API key (`rubygems_` + 48 characters)',
    formats: [{ prefixes: ['rubygems_'], body: [run(ALNUM_LOWER, 48)] }],
  },
  {
    kind: 'clojars-token',
    description: 'Clojars deploy token (`CLOJARS_` + 60 characters)',
    formats: [{ prefixes: ['CLOJARS_'], body: [run(ALNUM_LOWER, 60)] }],
  },
  {
    kind: 'docker-token',
    description: 'Docker Hub personal and organisation access tokens (`dckr_pat_`, `dckr_oat_`)',
    formats: [{ prefixes: ['dckr_pat_', 'dckr_oat_'], body: [run(URLSAFE, 27, 64)] }],
  },
  {
    kind: 'jfrog-token',
    description: 'JFrog Artifactory API key (`AKCp` + 69) and reference token (`cmVmdGtu` + 56)',
    formats: [
      { prefixes: ['AKCp'], body: [run(ALNUM, 69)] },
      { prefixes: ['cmVmdGtu'], body: [run(ALNUM, 56)] },
    ],
  },
  {
    kind: 'circleci-token',
    description: 'CircleCI personal API token (`CCIPAT_…`)',
    formats: [{ prefixes: ['CCIPAT_'], body: [run(URLSAFE, 40, 80)] }],
  },
  {
    kind: 'postman-key',
    description: 'Postman API key (`PMAK-` + 24 hex + `-` + 34 hex)',
    formats: [{ prefixes: ['PMAK-'], body: [run(chars('A-Za-z0-9-'), 50, 70)], check: lettersAndDigits }],
  },
  {
    kind: 'readme-key',
    description: 'ReadMe API key (`rdme_` + 70 characters)',
    formats: [{ prefixes: ['rdme_'], body: [run(ALNUM_LOWER, 70)] }],
  },
  {
    kind: 'prefect-key',
    description: 'Prefect API key (`pnu_` + 36 characters)',
    formats: [{ prefixes: ['pnu_'], body: [run(ALNUM, 36)] }],
  },
  {
    kind: 'harness-token',
    description: 'Harness personal and service account tokens (`pat.` / `sat.` + three dot-separated parts)',
    formats: [{ prefixes: ['pat.', 'sat.'], body: [run(URLSAFE, 22), '.', run(ALNUM, 24), '.', run(ALNUM, 20)] }],
  },
  {
    kind: 'octopus-key',
    description: 'Octopus Deploy API key (`API-` + 26 characters)',
    formats: [{ prefixes: ['API-'], body: [run(ALNUM_UPPER, 26)], check: lettersAndDigits }],
  },
  {
    kind: 'infracost-key',
    description: 'Infracost API key (`ico-` + 32 characters)',
    formats: [{ prefixes: ['ico-'], body: [run(ALNUM, 32)], check: lettersAndDigits }],
  },
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
  {
    kind: 'nuget-key',
    description: 'NuGet API key (`oy2` + 43 lowercase characters)',
    formats: [{ prefixes: ['oy2'], body: [run(ALNUM_LOWER, 43)], check: lettersAndDigits }],
  },
  {
    kind: 'crates-token',
    description: 'crates.io API token (`cio` + 32 characters)',
    formats: [{ prefixes: ['cio'], body: [run(ALNUM, 32)], check: (value) => lettersAndDigits(value) && mixedCase(value) }],
  },
  {
    kind: 'buildkite-token',
    description: 'Buildkite API access token (`bkua_` + 40 hex)',
    formats: [{ prefixes: ['bkua_'], body: [run(HEX, 40)] }],
  },
  {
    kind: 'frameio-token',
    description: 'Frame.io developer token (`fio-u-` + 64 characters)',
    formats: [{ prefixes: ['fio-u-'], body: [run(URLSAFE_PAD, 64)] }],
  },
  {
    kind: 'typeform-token',
    description: 'Typeform personal token (`tfp_…`)',
    formats: [{ prefixes: ['tfp_'], body: [run(chars('A-Za-z0-9_=.-'), 40, 64)], check: hasDigit }],
  },
  {
    kind: 'figma-token',
    description: 'Figma personal access tokens (`figd_`, `figp_`)',
    formats: [{ prefixes: ['figd_', 'figp_'], body: [run(URLSAFE_PAD, 38, 64)] }],
  },
  {
    kind: 'contentful-token',
    description: 'Contentful personal access token (`CFPAT-` + 43 characters)',
    formats: [{ prefixes: ['CFPAT-'], body: [run(URLSAFE, 43)] }],
  },
  {
    kind: 'linear-key',
    description: 'Linear API key (`lin_api_` + 40 characters)',
    formats: [{ prefixes: ['lin_api_'], body: [run(ALNUM, 40)] }],
  },
  {
    kind: 'shopify-token',
    description: 'Shopify access tokens and shared secrets (`shpat_`, `shpca_`, `shppa_`, `shpss_` + 32 hex)',
    formats: [{ prefixes: ['shpat_', 'shpca_', 'shppa_', 'shpss_'], body: [run(chars('a-fA-F0-9'), 32)] }],
  },
];
