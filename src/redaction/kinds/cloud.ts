/** Cloud providers: AWS, Google, Azure, Alibaba, DigitalOcean, Heroku, Cloudflare, Yandex, IBM, Backblaze. */
import { chars } from '../chars.ts';
import { optional, prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { isEmulatorKey, wordShare } from '../randomness.ts';
import { matchAppConfiguration } from '../vendor-matchers.ts';
import {
  ALNUM,
  ALNUM_LOWER,
  BASE64,
  BASE64_ANY,
  DIGITS,
  HEX,
  URLSAFE,
  URLSAFE_PAD,
  hasDigit,
  lettersAndDigits,
  mixedCase,
} from './format-shapes.ts';

/** AWS access key ids: AWS issues them in base32 (`A-Z`, `2-7`), and scanners and tools accept any upper-case letter or digit. */
const UPPER_ALNUM = chars('A-Z0-9');
/** A letter that no protein or DNA sequence writes (their one-letter codes skip B, J, O, U, X and Z). */
const NON_RESIDUE_RE = /[BJOUXZ]/;

/**
 * Whether an AWS key id's body is random: one in thirty of the ids AWS issues holds no digit, and a body of capitals
 * alone must then hold a letter no protein sequence has and read as no words (`ASIAPACIFICSOUTHEAST` is an enum's).
 */
function randomKeyIdBody(value: string): boolean {
  const body = value.slice(4, 20);
  return /[0-9]/.test(body) || (NON_RESIDUE_RE.test(body) && wordShare(body) < 0.5);
}

/** The cloud providers kinds. */
export const CLOUD_KINDS: readonly KindRecord[] = [
  tokenKind(
    'aws-access-key',
    'AWS access key id: `AKIA`, `ASIA` and the other IAM prefixes + 16 upper-case letters and digits (base32 in the keys AWS issues), with its secret or SES SMTP password when written after it (`AKIA…:<secret>`)',
    {
      prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'APKA'],
      body: [run(UPPER_ALNUM, 16), optional(':', run(BASE64, 40, 44))],
      check: randomKeyIdBody,
    },
    prefixed('A3T', UPPER_ALNUM, 17),
  ),
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
  tokenKind(
    'aws-bedrock-key',
    'Amazon Bedrock API keys: long-term `ABSK…` and short-term `bedrock-api-key-…`',
    prefixed('ABSKQmVkcm9ja0FQSUtleS', BASE64, 80, 400),
    prefixed('bedrock-api-key-', BASE64, 100, 4096),
  ),
  tokenKind(
    'tencent-key',
    'Tencent Cloud SecretId (`AKID` + 32 characters)',
    prefixed('AKID', ALNUM, 32, 32, (value) => hasDigit(value) && mixedCase(value)),
  ),
  tokenKind('azure-devops-pat', 'Azure DevOps personal access token (84 characters with `AZDO` at the 77th)', {
    infix: 'AZDO',
    before: [run(ALNUM, 76)],
    body: [run(ALNUM, 4)],
    check: (value) => hasDigit(value) && mixedCase(value),
  }),
  {
    kind: 'azure-app-configuration',
    description: 'the `Id` and `Secret` of an Azure App Configuration connection string (`Endpoint=https://….azconfig.io;Id=…;Secret=…`)',
    custom: [{ literal: '.azconfig.io;', at: 'infix', match: matchAppConfiguration }],
  },
  tokenKind(
    'mongodb-atlas-key',
    'MongoDB Atlas service account secret (`mdb_sa_sk_` + 40 characters)',
    prefixed('mdb_sa_sk_', ALNUM, 40, 40, lettersAndDigits),
  ),
  tokenKind('google-api-key', 'Google API key: `AIza` + 35 characters', prefixed('AIza', URLSAFE, 35)),
  tokenKind(
    'google-oauth-token',
    "Google OAuth access token (`ya29.…`, and a service account's `ya29.c.…`) and refresh token (`1//0…`)",
    prefixed(['ya29.c.', 'ya29.'], URLSAFE, 30, 2048, lettersAndDigits),
    prefixed('1//0', URLSAFE, 40, 512, lettersAndDigits),
  ),
  tokenKind('google-oauth-secret', 'Google OAuth client secret (`GOCSPX-` + 28 characters)', prefixed('GOCSPX-', URLSAFE, 28)),
  tokenKind('azure-client-secret', 'Microsoft Entra (Azure AD) client secret: 3 characters, a digit, `Q~`, 31–34 characters', {
    infix: 'Q~',
    before: [run(chars('A-Za-z0-9_~.'), 4)],
    body: [run(chars('A-Za-z0-9_~.-'), 31, 34)],
    check: (value) => /^.{3}\dQ~/.test(value),
  }),
  {
    kind: 'azure-storage-key',
    description: 'Azure storage account key: 88 base64 characters after `AccountKey=` or assigned to an Azure storage name',
    formats: [
      {
        prefixes: ['AccountKey='],
        body: [run(BASE64, 86, 88)],
        edge: null,
        check: (value) => value.endsWith('==') && !isEmulatorKey(value),
      },
    ],
    named: {
      names: (words) => words.includes('azure') || words.includes('storage'),
      value: run(BASE64, 86, 88),
      check: (value) => value.endsWith('==') && lettersAndDigits(value) && !isEmulatorKey(value),
    },
  },
  tokenKind(
    'alibaba-access-key',
    'Alibaba Cloud AccessKey id (`LTAI` + 12–20 characters)',
    prefixed('LTAI', ALNUM, 12, 20, lettersAndDigits),
  ),
  tokenKind(
    'digitalocean-token',
    'DigitalOcean personal, OAuth and refresh tokens (`dop_v1_`, `doo_v1_`, `dor_v1_` + 64 hex)',
    prefixed(['dop_v1_', 'doo_v1_', 'dor_v1_'], HEX, 64),
  ),
  tokenKind('heroku-key', 'Heroku API key (`HRKU-AA` + 58 characters)', prefixed('HRKU-AA', URLSAFE, 58)),
  tokenKind(
    'cloudflare-token',
    'Cloudflare API keys and tokens (`cfk_`, `cfut_`, `cfat_`)',
    prefixed(['cfk_', 'cfut_', 'cfat_'], ALNUM, 40, 120, lettersAndDigits),
  ),
  tokenKind('cloudflare-origin-ca-key', 'Cloudflare Origin CA key (`v1.0-` + 24 hex + `-` + 146 hex)', {
    prefixes: ['v1.0-'],
    body: [run(HEX, 24), '-', run(HEX, 146)],
  }),
  tokenKind(
    'yandex-key',
    'Yandex Cloud API key (`AQVN…`), IAM token (`t1.…`), and Dictionary, Translate and Predictor keys (`dict.1.1.…`)',
    prefixed('AQVN', URLSAFE, 35, 38, lettersAndDigits),
    {
      prefixes: ['t1.'],
      body: [run(URLSAFE, 1, 8), optional(run(chars('='), 1, 2)), '.', run(URLSAFE, 80, 100), optional(run(chars('='), 1, 2))],
    },
    {
      prefixes: ['dict.1.1.', 'trnsl.1.1.', 'pdct.1.1.'],
      body: [run(DIGITS, 8), 'T', run(DIGITS, 6), 'Z.', run(HEX, 16), '.', run(HEX, 40)],
    },
  ),
  {
    kind: 'ibm-cloud-key',
    description: 'IBM Cloud API key assigned to an `ibm` / `iam` api-key name (44 characters)',
    named: {
      names: (words) => (words.includes('ibm') || words.includes('iam')) && words.at(-1) === 'key',
      value: run(URLSAFE, 44),
      check: lettersAndDigits,
    },
  },
  tokenKind(
    'supabase-token',
    'Supabase access token (`sbp_` + 40 characters) and secret API key (`sb_secret_` + 31 or more characters)',
    prefixed('sbp_', ALNUM_LOWER, 40, 40, hasDigit),
    prefixed('sb_secret_', URLSAFE, 31, 64, lettersAndDigits),
  ),
  tokenKind(
    'vercel-token',
    'Vercel tokens (`vcp_`, `vci_`, `vca_`, `vcr_`, `vck_`)',
    // Random base62: both cases (a `vci_…` id of lowercase hex groups is another service's).
    prefixed(
      ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
      URLSAFE_PAD,
      24,
      128,
      (value) => lettersAndDigits(value) && mixedCase(value.slice(4)),
    ),
  ),
  tokenKind(
    'azure-integration-runtime-key',
    'Azure Data Factory integration runtime key (`IR@` + id `@` factory `@` region `@` base64 key)',
    {
      prefixes: ['IR@'],
      body: [run(chars('0-9a-f-'), 36), '@', run(chars('A-Za-z0-9-'), 1, 63), '@', run(ALNUM_LOWER, 2, 24), '@', run(BASE64, 40, 48)],
    },
  ),
  tokenKind(
    'cloudflare-tunnel-token',
    'Cloudflare Tunnel token (base64 of `{"a":…,"t":…,"s":…}`, so `eyJhIjoi…`)',
    prefixed('eyJhIjoi', BASE64_ANY, 100, 512, hasDigit),
  ),
  tokenKind(
    'google-express-key',
    'Google Cloud express-mode API key (`AQ.Ab8R` + 40 to 60 characters)',
    prefixed('AQ.Ab8R', URLSAFE, 40, 60, lettersAndDigits),
  ),
  tokenKind(
    'backblaze-key',
    'Backblaze B2 application key (`K00` + a digit + 27 characters)',
    prefixed(['K000', 'K001', 'K002', 'K003', 'K004', 'K005', 'K006', 'K007', 'K008', 'K009'], ALNUM, 27, 27, mixedCase),
  ),
];
