/** Hosting and infrastructure platforms: HashiCorp, Fly.io, PlanetScale, Doppler, Databricks, Dynatrace, Pulumi, OpenShift, Tailscale, Scalingo, Netlify-style deploy services. */
import { chars } from '../chars.ts';
import { optional, run } from '../record.ts';
import type { KindRecord } from '../record.ts';
import { ALNUM, ALNUM_LOWER, DIGITS, HEX, URLSAFE, URLSAFE_PAD, hasDigit, lettersAndDigits, mixedCase } from './format-shapes.ts';

/** The hosting and infrastructure platforms kinds. */
export const PLATFORM_KINDS: readonly KindRecord[] = [
  {
    kind: 'vault-token',
    description: 'HashiCorp Vault service, batch and recovery tokens (`hvs.`, `hvb.`, `hvr.`) and legacy `s.` + 24 characters',
    formats: [
      { prefixes: ['hvs.', 'hvb.', 'hvr.'], body: [run(URLSAFE, 24, 512)], check: lettersAndDigits },
      // Legacy service tokens: random base62, so digits and both cases (`s.AcceptanceTimeoutSeconds` is code).
      { prefixes: ['s.'], body: [run(ALNUM, 24)], check: (value) => hasDigit(value) && mixedCase(value) },
    ],
  },
  {
    kind: 'terraform-token',
    description: 'HashiCorp Terraform Cloud API token (14 characters + `.atlasv1.` + 60–70 characters)',
    formats: [{ infix: '.atlasv1.', before: [run(ALNUM, 14)], body: [run(URLSAFE_PAD, 60, 70)] }],
  },
  {
    kind: 'flyio-token',
    description: 'Fly.io access tokens (`fo1_…`) and macaroon tokens (`FlyV1 fm1r_…`, `fm2_…`)',
    formats: [
      { prefixes: ['fo1_'], body: [run(URLSAFE, 43)] },
      { prefixes: ['fm1r_', 'fm1a_', 'fm2_'], lead: ['FlyV1 '], body: [run(chars('A-Za-z0-9_+/=,-'), 40, 8192)], check: lettersAndDigits },
    ],
  },
  {
    kind: 'planetscale-token',
    description: 'PlanetScale passwords and tokens (`pscale_pw_`, `pscale_tkn_`, `pscale_oauth_`)',
    formats: [{ prefixes: ['pscale_pw_', 'pscale_tkn_', 'pscale_oauth_'], body: [run(chars('A-Za-z0-9_=.-'), 32, 64)] }],
  },
  {
    kind: 'doppler-token',
    description:
      'Doppler tokens (`dp.pt.`, `dp.st.`, `dp.sa.`, `dp.ct.`, `dp.scim.`, `dp.audit.`, service tokens with their config slug, + 40–44 characters)',
    formats: [
      {
        prefixes: ['dp.pt.', 'dp.st.', 'dp.sa.', 'dp.ct.', 'dp.scim.', 'dp.audit.'],
        body: [optional(run(chars('a-z0-9_-'), 1, 32), '.'), run(ALNUM, 40, 44)],
      },
    ],
  },
  {
    kind: 'databricks-token',
    description: 'Databricks personal access token (`dapi` + 32 hex, optional `-N` suffix)',
    formats: [{ prefixes: ['dapi'], body: [run(HEX, 32), optional('-', run(DIGITS, 1, 2))] }],
  },
  {
    kind: 'dynatrace-token',
    description: 'Dynatrace API token (`dt0c01.` + 24 + `.` + 64 characters)',
    formats: [{ prefixes: ['dt0c01.'], body: [run(ALNUM, 24), '.', run(ALNUM, 64)] }],
  },
  {
    kind: 'pulumi-token',
    description: 'Pulumi access token (`pul-` + 40 characters)',
    formats: [{ prefixes: ['pul-'], body: [run(ALNUM_LOWER, 40)], check: hasDigit }],
  },
  {
    kind: 'openshift-token',
    description: 'OpenShift user token (`sha256~` + 43 characters)',
    formats: [{ prefixes: ['sha256~'], body: [run(URLSAFE, 43)] }],
  },
  {
    kind: 'tailscale-key',
    description: 'Tailscale API, auth, client and webhook keys (`tskey-<kind>-…`)',
    formats: [{ prefixes: ['tskey-'], body: [run(chars('a-z'), 3, 16), '-', run(URLSAFE, 10, 256)], check: lettersAndDigits }],
  },
  {
    kind: 'scalingo-token',
    description: 'Scalingo API token (`tk-us-` + 48 characters)',
    formats: [{ prefixes: ['tk-us-'], body: [run(URLSAFE, 48)] }],
  },
  {
    kind: 'netlify-token',
    description: 'Netlify personal access token (`nfp_` + 36 characters)',
    formats: [{ prefixes: ['nfp_'], body: [run(ALNUM, 36)], check: lettersAndDigits }],
  },
  {
    kind: 'neon-key',
    description: 'Neon API key (`napi_` + 64 lowercase characters)',
    formats: [{ prefixes: ['napi_'], body: [run(ALNUM_LOWER, 64)], check: lettersAndDigits }],
  },
  {
    kind: 'render-key',
    description: 'Render API key (`rnd_` + 32 characters)',
    formats: [{ prefixes: ['rnd_'], body: [run(ALNUM, 32)], check: lettersAndDigits }],
  },
];
