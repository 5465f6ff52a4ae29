/** Code hosting: GitHub, GitLab, Bitbucket, Sourcegraph. */
import { chars } from '../chars.ts';
import { optional, prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { ALNUM, ALNUM_LOWER, DIGITS, HEX_ANY, URLSAFE, WORD, lettersAndDigits, notWords } from './format-shapes.ts';

/** The user part of `https://<token>:x-oauth-basic@github.com`, when it is a token. */
function oauthBasicUser(text: string, at: number): [number, number] | null {
  const start = WORD.runStart(text, at, at - 256);
  if (at - start < 20 || start < 3 || !text.startsWith('://', start - 3)) return null;
  return lettersAndDigits(text.slice(start, at)) ? [start, at] : null;
}

/** GitLab's routable tokens end in `.<version>.<checksum>`-style tails; the whole tail is part of the value. */
const GITLAB_TAIL = optional('.', run(ALNUM_LOWER, 2, 32), optional('.', run(ALNUM_LOWER, 2, 32)));

/** A name of lowercase words joined by hyphens, three or more. */
const BRANCH_NAME_RE = /^[a-z]+-[a-z0-9]+-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The code hosting kinds. */
export const CODE_HOSTING_KINDS: readonly KindRecord[] = [
  {
    kind: 'github-token',
    description:
      'GitHub classic (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, up to 255 characters) and fine-grained (`github_pat_`) tokens; tokens before `:x-oauth-basic@`',
    formats: [
      // A stateless installation token: `ghs_`, the installation id, `_`, then a JWT.
      {
        prefixes: ['ghs_'],
        body: [run(DIGITS, 1, 12), '_eyJ', run(URLSAFE, 10, 2048), '.', run(URLSAFE, 10, 4096), '.', run(URLSAFE, 10, 1024)],
      },
      { prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], body: [run(WORD, 36, 251)] },
      { prefixes: ['github_pat_'], body: [run(WORD, 50, 244)] },
    ],
    custom: [{ literal: ':x-oauth-basic@', at: 'infix', match: oauthBasicUser }],
  },
  tokenKind(
    'gitlab-token',
    'GitLab tokens: personal, deploy, feed, runner, CI job, SCIM, agent, OAuth app, trigger, feature-flag, incoming-mail (`glpat-`, `gldt-`, …, routable `.…` tails included), runner registration (`GR1348941…`) and session cookies',
    {
      prefixes: ['glpat-', 'gldt-', 'glft-', 'glsoat-', 'glrt-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-', 'glptt-', 'glffct-'],
      body: [run(URLSAFE, 20, 300), GITLAB_TAIL],
      // A branch or a file named after the prefix (`glpat-expiry-notifications-v2`) is lowercase words and hyphens.
      check: (value) => !BRANCH_NAME_RE.test(value) || notWords(value.slice(value.indexOf('-') + 1)),
    },
    prefixed('GR1348941', URLSAFE, 20),
    { prefixes: ['_gitlab_session='], body: [run(ALNUM_LOWER, 32)], edge: null },
  ),
  tokenKind(
    'bitbucket-token',
    'Bitbucket app passwords and API tokens (`ATBB…`) and Bitbucket Data Center HTTP access tokens (`BBDC-` + 44)',
    prefixed('ATBB', ALNUM, 32, 64, lettersAndDigits),
    prefixed('BBDC-', chars('A-Za-z0-9+/'), 40, 48, lettersAndDigits),
  ),
  tokenKind(
    'sourcegraph-token',
    'Sourcegraph access tokens (`sgp_` + 16 hex + `_` + 40 hex, `sgp_local_…`, or `sgp_` + 40 hex) and Cody gateway keys (`slk_` + 64 hex)',
    prefixed('sgp_local_', HEX_ANY, 40),
    prefixed('slk_', HEX_ANY, 64),
    { prefixes: ['sgp_'], body: [optional(run(HEX_ANY, 16), '_'), run(HEX_ANY, 40)] },
  ),
  tokenKind(
    'atlassian-token',
    'Atlassian API tokens (`ATATT3…`, `ATCTT3…`)',
    prefixed(['ATATT3', 'ATCTT3'], chars('A-Za-z0-9_=-'), 150, 300),
  ),
];
