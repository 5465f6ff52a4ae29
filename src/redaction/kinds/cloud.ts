/** Cloud providers: AWS, Google, Azure, Alibaba, DigitalOcean, Heroku, Cloudflare, Yandex, IBM. */
import { chars } from '../chars.ts';
import { optional, run } from '../record.ts';
import type { KindRecord } from '../record.ts';
import { matchAppConfiguration } from '../vendor-matchers.ts';
import { ALNUM, ALNUM_LOWER, BASE64, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits, mixedCase } from './format-shapes.ts';

/** AWS access key ids are base32: `A-Z` and `2-7`. */
const BASE32_UPPER = chars('A-Z2-7');

/** The cloud providers kinds. */
export const CLOUD_KINDS: readonly KindRecord[] = [
  {
    kind: 'aws-access-key',
    description: 'AWS access key id: `AKIA`, `ASIA` and the other IAM prefixes + 16 base32 characters',
    formats: [
      { prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'APKA'], body: [run(BASE32_UPPER, 16)] },
      { prefixes: ['A3T'], body: [run(chars('A-Z0-9'), 17)] },
    ],
  },
  {
    kind: 'aws-secret-key',
    description: '40-character AWS secret access key assigned to `aws_secret_access_key`, `SecretAccessKey`, `aws_secret_key` and the like',
    named: {
      names: (words) => words.includes('secret') && (words.includes('aws') || words.includes('access')) && words.at(-1) === 'key',
      value: run(BASE64, 40),
      check: (value) => hasDigit(value) && mixedCase(value),
    },
  },
  {
    kind: 'aws-session-token',
    description: 'AWS temporary session token assigned to `aws_session_token` / `AWS_SECURITY_TOKEN`',
    named: {
      names: (words) =>
        (words.includes('session') || words.includes('security')) &&
        words.at(-1) === 'token' &&
        (words.includes('aws') || words.length <= 2),
      value: run(BASE64, 64, 4096),
      check: lettersAndDigits,
    },
  },
  {
    kind: 'aws-bedrock-key',
    description: 'Amazon Bedrock API keys: long-term `ABSK…` and short-term `bedrock-api-key-…`',
    formats: [
      { prefixes: ['ABSKQmVkcm9ja0FQSUtleS'], body: [run(BASE64, 80, 400)] },
      { prefixes: ['bedrock-api-key-'], body: [run(BASE64, 100, 4096)] },
    ],
  },
  {
    kind: 'tencent-key',
    description: 'Tencent Cloud SecretId (`AKID` + 32 characters)',
    formats: [{ prefixes: ['AKID'], body: [run(ALNUM, 32)], check: (value) => hasDigit(value) && mixedCase(value) }],
  },
  {
    kind: 'azure-devops-pat',
    description: 'Azure DevOps personal access token (84 characters with `AZDO` at the 77th)',
    formats: [{ infix: 'AZDO', before: [run(ALNUM, 76)], body: [run(ALNUM, 4)], check: (value) => hasDigit(value) && mixedCase(value) }],
  },
  {
    kind: 'azure-app-configuration',
    description: 'the `Id` and `Secret` of an Azure App Configuration connection string (`Endpoint=https://….azconfig.io;Id=…;Secret=…`)',
    custom: [{ literal: '.azconfig.io;', at: 'infix', match: matchAppConfiguration }],
  },
  {
    kind: 'mongodb-atlas-key',
    description: 'MongoDB Atlas service account secret (`mdb_sa_sk_` + 40 characters)',
    formats: [{ prefixes: ['mdb_sa_sk_'], body: [run(ALNUM, 40)], check: lettersAndDigits }],
  },
  {
    kind: 'google-api-key',
    description: 'Google API key: `AIza` + 35 characters',
    formats: [{ prefixes: ['AIza'], body: [run(URLSAFE, 35)] }],
  },
  {
    kind: 'google-oauth-token',
    description: 'Google OAuth access token (`ya29.…`)',
    formats: [{ prefixes: ['ya29.'], body: [run(URLSAFE, 30, 2048)], check: lettersAndDigits }],
  },
  {
    kind: 'google-oauth-secret',
    description: 'Google OAuth client secret (`GOCSPX-` + 28 characters)',
    formats: [{ prefixes: ['GOCSPX-'], body: [run(URLSAFE, 28)] }],
  },
  {
    kind: 'azure-client-secret',
    description: 'Microsoft Entra (Azure AD) client secret: 3 characters, a digit, `Q~`, 31–34 characters',
    formats: [
      {
        infix: 'Q~',
        before: [run(chars('A-Za-z0-9_~.'), 4)],
        body: [run(chars('A-Za-z0-9_~.-'), 31, 34)],
        check: (value) => /^.{3}\dQ~/.test(value),
      },
    ],
  },
  {
    kind: 'azure-storage-key',
    description: 'Azure storage account key: 88 base64 characters after `AccountKey=` or assigned to an Azure storage name',
    formats: [{ prefixes: ['AccountKey='], body: [run(BASE64, 86, 88)], edge: null, check: (value) => value.endsWith('==') }],
    named: {
      names: (words) => words.includes('azure') || words.includes('storage'),
      value: run(BASE64, 86, 88),
      check: (value) => value.endsWith('==') && lettersAndDigits(value),
    },
  },
  {
    kind: 'alibaba-access-key',
    description: 'Alibaba Cloud AccessKey id (`LTAI` + 12–20 characters)',
    formats: [{ prefixes: ['LTAI'], body: [run(ALNUM, 12, 20)], check: lettersAndDigits }],
  },
  {
    kind: 'digitalocean-token',
    description: 'DigitalOcean personal, OAuth and refresh tokens (`dop_v1_`, `doo_v1_`, `dor_v1_` + 64 hex)',
    formats: [{ prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'], body: [run(HEX, 64)] }],
  },
  {
    kind: 'heroku-key',
    description: 'Heroku API key (`HRKU-AA` + 58 characters)',
    formats: [{ prefixes: ['HRKU-AA'], body: [run(URLSAFE, 58)] }],
  },
  {
    kind: 'cloudflare-token',
    description: 'Cloudflare API keys and tokens (`cfk_`, `cfut_`, `cfat_`)',
    formats: [{ prefixes: ['cfk_', 'cfut_', 'cfat_'], body: [run(ALNUM, 40, 120)], check: lettersAndDigits }],
  },
  {
    kind: 'cloudflare-origin-ca-key',
    description: 'Cloudflare Origin CA key (`v1.0-` + 24 hex + `-` + 146 hex)',
    formats: [{ prefixes: ['v1.0-'], body: [run(HEX, 24), '-', run(HEX, 146)] }],
  },
  {
    kind: 'yandex-key',
    description: 'Yandex Cloud API key (`AQVN…`) and IAM token (`t1.…`)',
    formats: [
      { prefixes: ['AQVN'], body: [run(URLSAFE, 35, 38)], check: lettersAndDigits },
      {
        prefixes: ['t1.'],
        body: [run(URLSAFE, 1, 8), optional(run(chars('='), 1, 2)), '.', run(URLSAFE, 80, 100), optional(run(chars('='), 1, 2))],
      },
    ],
  },
  {
    kind: 'ibm-cloud-key',
    description: 'IBM Cloud API key assigned to an `ibm` / `iam` api-key name (44 characters)',
    named: {
      names: (words) => (words.includes('ibm') || words.includes('iam')) && words.at(-1) === 'key',
      value: run(URLSAFE, 44),
      check: lettersAndDigits,
    },
  },
  {
    kind: 'supabase-token',
    description: 'Supabase access token (`sbp_` + 40 characters)',
    formats: [{ prefixes: ['sbp_'], body: [run(ALNUM_LOWER, 40)], check: hasDigit }],
  },
  {
    kind: 'vercel-token',
    description: 'Vercel tokens (`vcp_`, `vci_`, `vca_`, `vcr_`, `vck_`)',
    formats: [{ prefixes: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], body: [run(URLSAFE_PAD, 24, 128)], check: lettersAndDigits }],
  },
];
