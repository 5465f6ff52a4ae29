/** Secret redaction: a one-pass prefilter over each text, secretlint only on the candidate windows, each finding replaced by `[REDACTED <kind>]`. */
import type { lintSource as LintSource } from '@secretlint/core';

/**
 * Every kind a finding can have, with what it covers. The names are stable: they appear in the
 * redacted text as `[REDACTED <kind>]` and callers may count or filter by them. `secret` is the
 * fallback for a rule a newer secretlint preset adds before this table names it.
 */
export const SECRET_KINDS = {
  'aws-access-key': 'AWS access key id: AKIA…, ASIA…, ABIA…, ACCA…, A3T… and the other IAM prefixes, 20 characters',
  'aws-secret-key': '40-character AWS secret access key after aws_secret_access_key / SecretAccessKey / aws_secret_key / … (any case)',
  'github-token':
    'GitHub classic (ghp_, gho_, ghu_, ghs_, ghr_), fine-grained (github_pat_) and app installation tokens; tokens before :x-oauth-basic@',
  'gitlab-token': 'GitLab personal access token (glpat-…)',
  'slack-token': 'Slack bot, user, app, refresh and configuration tokens (xoxb-, xoxp-, xoxa-, xoxo-, xoxr-, xoxs-, xoxe-, xapp-)',
  'slack-webhook': 'Slack incoming webhook URL (hooks.slack.com/services/…)',
  'stripe-key': 'Stripe secret and restricted keys, live and test (sk_live_, sk_test_, rk_live_, rk_test_)',
  'npm-token': 'npm access token (npm_…) and the value of an .npmrc _authToken=',
  'openai-key': 'OpenAI API key: sk-proj-, sk-svcacct-, sk-admin-, legacy sk-…T3BlbkFJ… and sk- + 48 characters',
  'anthropic-key': 'Anthropic API and admin keys (sk-ant-api03-…, sk-ant-admin01-…)',
  'deepseek-key': 'DeepSeek API key: sk- + 32 hex digits',
  'google-api-key': 'Google API key (AIza + 35 characters)',
  'private-key':
    'PEM private key block (RSA, EC, DSA, OPENSSH, PGP, PKCS#8, encrypted), also with \\n-escaped newlines or without its END line',
  'url-password': 'the password of scheme://user:password@host (only the password is replaced)',
  jwt: 'JSON Web Token (eyJ….ey….signature), with or without a Bearer in front',
  'bearer-token': 'opaque token after Bearer: 20+ URL-safe characters mixing letters and digits',
  'sendgrid-key': 'SendGrid API key (SG.….…)',
  'shopify-token': 'Shopify access tokens (shpat_, shpca_, shppa_, shpss_)',
  'grafana-token': 'Grafana cloud and service account tokens (glc_, glsa_)',
  'groq-key': 'Groq API key (gsk_…)',
  'huggingface-token': 'Hugging Face user access token (hf_…)',
  'linear-key': 'Linear API key (lin_api_…)',
  'notion-token': 'Notion integration token (ntn_…)',
  '1password-token': '1Password service account token (ops_ey…)',
  'vault-token': 'HashiCorp Vault service, batch and recovery tokens (hvs., hvb., hvr.)',
  'vercel-token': 'Vercel tokens (vcp_, vci_, vca_, vcr_, vck_)',
  'databricks-token': 'Databricks personal access token (dapi + 32 hex)',
  'docker-token': 'Docker Hub personal access token (dckr_pat_…)',
  'figma-token': 'Figma personal access token (figd_…)',
  'cloudflare-token': 'Cloudflare API keys and tokens (cfk_, cfut_, cfat_)',
  'tailscale-key': 'Tailscale API, auth, client and webhook keys (tskey-…)',
  secret: 'a credential reported by a secretlint rule this table does not name yet',
} as const;

/** A stable redaction kind, one of the keys of {@link SECRET_KINDS}. */
export type SecretKind = keyof typeof SECRET_KINDS;

/** One credential in one text: `text.slice(start, end)` is replaced by `[REDACTED <kind>]`. */
export interface SecretFinding {
  /** UTF-16 offset of the first character of the value. */
  start: number;
  /** UTF-16 offset just after the value. */
  end: number;
  kind: SecretKind;
}

/** Options of {@link findSecrets} and {@link redactTexts}. */
export interface RedactOptions {
  /** `redactSecrets`: when false, {@link redactTexts} returns every text unchanged and scans nothing. Default true. */
  enabled?: boolean;
  /** Checked before the scan and between detector batches; an abort rejects with `signal.reason`. */
  signal?: AbortSignal;
  /**
   * Run the detector only on the windows the prefilter finds (default). `false` runs it over every
   * whole text: the reference the prefilter is tested against, and a baseline for the bench.
   */
  prefilter?: boolean;
  /** Characters of window text per detector call (default 32768). */
  batchChars?: number;
}

/** What {@link redactTexts} returns. */
export interface RedactResult {
  /** The texts, each finding replaced by `[REDACTED <kind>]`; identical strings outside findings. */
  texts: string[];
  /** Values replaced per text (overlapping findings count once). */
  counts: number[];
  /** Sum of `counts`. */
  total: number;
}

/** The text that replaces a finding of `kind`. */
export function redactionMarker(kind: SecretKind): string {
  return `[REDACTED ${kind}]`;
}

// ---------------------------------------------------------------- detector configuration

/** Our own pattern-rule entries: formats the preset misses, or reports with a wrong range. */
interface PatternSpec {
  kind: SecretKind;
  patterns: string[];
  /**
   * Where a match carries context before the value (a variable name, `Bearer `, a URL): the
   * value's offset inside the match, or `url` to take the password out of `://user:password@`.
   * Patterns start with that context rather than a lookbehind because a leading lookbehind is
   * tried at every position: 20–50× slower than a pattern V8 can skip ahead in.
   */
  value?: ((match: string) => number) | 'url';
}

/**
 * URL passwords that are not secrets: variable references, obvious placeholders, and GitHub's
 * `x-oauth-basic` (the token sits in the user part). Checked on every URL password found.
 */
const URL_PASSWORD_PLACEHOLDERS: readonly RegExp[] = [
  /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/,
  /^\$\(.*\)$/,
  /^%(?:\([A-Za-z_]+\))?s$/,
  /^(?:\*+|x+|X+|\.\.\.)$/,
  /^(?:password|passwd|pass|pwd|secret|x-oauth-basic)$/i,
];

/**
 * Left edge of a token: not after a token character, except after a JSON escape (`\n`, `\t`,
 * `\r`), where a token often starts in a serialised log or tool result — the preset's
 * `(?<!\p{L})` misses those, one reason the formats that matter most have a pattern here too.
 */
const EDGE = String.raw`(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))`;
const EDGE_ALNUM = String.raw`(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))`;

/** `literal` where a token starts, written literal-first so the regex engine can skip ahead to it. */
const tokenAt = (literal: string, edge = EDGE): string => `(?:${literal})(?<=${edge}(?:${literal}))`;

// A quote may be JSON-escaped (`KEY=\"…\"` inside a JSON string).
const ASSIGN = String.raw`\\?["']?(?:\s*(?::=|=>|[:=])\s*|\s+)\\?["']?`;
const PEM_LABEL = String.raw`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----`;

// The pattern rule compiles each string with the `u` and `g` flags added and reports the whole match.
const PATTERN_SPECS: readonly PatternSpec[] = [
  {
    kind: 'aws-access-key',
    patterns: [
      String.raw`/${tokenAt('A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA', EDGE_ALNUM)}[A-Z0-9]{16}(?![A-Za-z0-9])/`,
    ],
  },
  {
    // The preset's AWS secret rule reports [matchStart, matchStart + value length): it covers the
    // variable name and leaves the end of the key visible, so its messages are dropped for this one.
    kind: 'aws-secret-key',
    patterns: [String.raw`/(?:secret[_-]?(?:access[_-]?)?key|aws[_-]?secret)${ASSIGN}[A-Za-z0-9\/+=]{40}(?![A-Za-z0-9\/+=])/i`],
    value: (match) => match.length - 40,
  },
  {
    kind: 'github-token',
    patterns: [
      String.raw`/${tokenAt('gh[pousr]_')}[A-Za-z0-9_]{36}(?![A-Za-z0-9_])/`,
      String.raw`/${tokenAt('github_pat_')}[A-Za-z0-9_]{82}(?![A-Za-z0-9_])/`,
      // The preset's x-oauth-basic check has the same range error as the AWS one.
      String.raw`/:\/\/[A-Za-z0-9_]{20,255}(?=:x-oauth-basic@)/`,
    ],
    value: (match) => (match.startsWith('://') ? 3 : 0),
  },
  {
    kind: 'slack-token',
    patterns: [String.raw`/${tokenAt('xox[bpaorse]|xapp', EDGE_ALNUM)}(?:\.xox[a-z])?-\d[A-Za-z0-9-]{15,255}(?![A-Za-z0-9-])/`],
  },
  {
    kind: 'stripe-key',
    patterns: [String.raw`/${tokenAt('[rs]k_(?:live|test)_', EDGE_ALNUM)}[A-Za-z0-9]{16,247}(?![A-Za-z0-9])/`],
  },
  {
    kind: 'npm-token',
    patterns: [
      String.raw`/${tokenAt('npm_')}[A-Za-z0-9_]{36}(?![A-Za-z0-9_])/`,
      // The preset's .npmrc check reports from `_authToken=` on with the value's length (range error).
      String.raw`/_authToken\s*=\s*\\?["']?[A-Za-z0-9._~+\/=-]{8,}/`,
    ],
    value: (match) => /^_authToken\s*=\s*\\?["']?/.exec(match)?.[0].length ?? 0,
  },
  {
    kind: 'openai-key',
    patterns: [
      String.raw`/${tokenAt('sk-(?:proj|svcacct|admin|None)-')}[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/`,
      String.raw`/${tokenAt('sk-')}[A-Za-z0-9]{48}(?![A-Za-z0-9_-])/`,
    ],
  },
  {
    kind: 'anthropic-key',
    patterns: [String.raw`/${tokenAt('sk-ant-')}[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/`],
  },
  { kind: 'deepseek-key', patterns: [String.raw`/${tokenAt('sk-')}[0-9a-fA-F]{32}(?![A-Za-z0-9_-])/`] },
  { kind: 'google-api-key', patterns: [String.raw`/${tokenAt('AIza')}[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/`] },
  {
    // The preset wants real DER magic bytes, 100+ base64 characters and one of five labels; a
    // block in running text (placeholder body, PKCS#8 "ENCRYPTED", one long line) still counts here.
    kind: 'private-key',
    patterns: [
      // The body stops at the next `-----`: a text of many BEGIN lines costs linear time, not quadratic.
      String.raw`/${PEM_LABEL}(?:[^\u0000-]|-(?!----)){0,65536}?-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/`,
      // No END line (cut output): the label plus the base64 lines and headers that follow it.
      String.raw`/${PEM_LABEL}(?:(?:\s|\\[rnt])+(?:[A-Za-z0-9+\/]{16,}={0,2}|[A-Za-z0-9+\/]{0,15}={1,2}|[A-Za-z][A-Za-z-]*: ?[^\s\\\u0000]{1,200}))+/`,
    ],
  },
  {
    // RFC 3986 userinfo characters (plus a stray unencoded @: the password runs to the last @).
    kind: 'url-password',
    patterns: [
      String.raw`/:(?<=[A-Za-z][A-Za-z0-9+.-]{0,30}:)\/\/[A-Za-z0-9\-._~%!$&()*+,;=]{0,256}:[A-Za-z0-9\-._~%!$&()*+,;=:@]{1,256}@(?=[A-Za-z0-9\[])/`,
    ],
    value: 'url',
  },
  {
    // The preset's pattern allows one - or _ in the last part and then wants exactly 69 characters,
    // so a key with two of them is missed entirely.
    kind: 'sendgrid-key',
    patterns: [String.raw`/${tokenAt('SG\\.')}[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/`],
  },
  {
    kind: 'jwt',
    patterns: [String.raw`/${tokenAt('eyJ')}[A-Za-z0-9_-]{5,}\.ey[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/`],
  },
  {
    kind: 'bearer-token',
    patterns: [
      String.raw`/${tokenAt('[Bb]earer|BEARER', EDGE_ALNUM)}\s{1,8}(?!eyJ)(?=[A-Za-z._~+\/-]*[0-9])(?=[0-9._~+\/-]*[A-Za-z])[A-Za-z0-9._~+\/-]{20,}=*/`,
    ],
    value: (match) => /^\S+\s+/.exec(match)![0].length,
  },
];

const PATTERN_VALUES = new Map(PATTERN_SPECS.map((spec) => [spec.kind, spec.value]));

/** How a preset rule's messages map to kinds; `null` drops a message. */
interface PresetMapping {
  kind: SecretKind | null;
  messages?: Record<string, SecretKind | null>;
  /** The range is a whole URL: narrow it to the password. */
  urlPassword?: boolean;
}

const PRESET_PREFIX = '@secretlint/secretlint-rule-';
const PRESET_KINDS: ReadonlyMap<string, PresetMapping> = new Map(
  Object.entries<PresetMapping>({
    aws: { kind: 'aws-access-key', messages: { AWSAccessKeyID: 'aws-access-key', AWSSecretAccessKey: null, AWSAccountID: null } },
    privatekey: { kind: 'private-key' },
    npm: { kind: 'npm-token', messages: { NPM_ACCESS_TOKEN: 'npm-token', Npmrc_authToken: null, PackageJSON_xOauthToken: null } },
    basicauth: { kind: 'url-password', urlPassword: true },
    'database-connection-string': { kind: 'url-password', urlPassword: true },
    slack: { kind: 'slack-token', messages: { SLACK_TOKEN: 'slack-token', IncomingWebhook: 'slack-webhook' } },
    sendgrid: { kind: 'sendgrid-key' },
    shopify: { kind: 'shopify-token' },
    stripe: { kind: 'stripe-key' },
    github: { kind: 'github-token' },
    gitlab: { kind: 'gitlab-token' },
    grafana: { kind: 'grafana-token' },
    openai: { kind: 'openai-key' },
    anthropic: { kind: 'anthropic-key' },
    groq: { kind: 'groq-key' },
    huggingface: { kind: 'huggingface-token' },
    linear: { kind: 'linear-key' },
    notion: { kind: 'notion-token' },
    '1password': { kind: '1password-token' },
    'hashicorp-vault': { kind: 'vault-token' },
    vercel: { kind: 'vercel-token' },
    databricks: { kind: 'databricks-token' },
    docker: { kind: 'docker-token' },
    figma: { kind: 'figma-token' },
    cloudflare: { kind: 'cloudflare-token' },
    tailscale: { kind: 'tailscale-key' },
  }),
);

// gcp parses a whole file as service-account JSON (a PEM inside is caught anyway); filter-comments
// would let a `secretlint-disable` comment inside session text switch detection off.
const EXCLUDED_PRESET_RULES = new Set([`${PRESET_PREFIX}gcp`, `${PRESET_PREFIX}filter-comments`]);
const OWN_RULE_PREFIX = 'dsh-redact/';

type DetectorConfig = Parameters<typeof LintSource>[0]['options']['config'];

/** secretlint, loaded on first use, with the configuration built from it. */
interface Detector {
  lintSource: typeof LintSource;
  config: DetectorConfig;
}

let detector: Promise<Detector> | undefined;

/**
 * secretlint takes a few hundred milliseconds to load, so it is loaded when the first candidate
 * window needs it, not with this module: text without candidates never pays for it. A host that
 * would rather pay at start-up than in its first `prepare` with a candidate calls this early
 * (fire and forget). A failed load is retried on the next call.
 */
export function preloadSecretDetector(): Promise<void> {
  return loadDetector().then(() => undefined);
}

function loadDetector(): Promise<Detector> {
  detector ??= (async () => {
    const [core, profiler, pattern, preset] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/profiler'),
      import('@secretlint/secretlint-rule-pattern'),
      import('@secretlint/secretlint-rule-preset-recommend'),
    ]);
    // secretlint's profiler is on by default: every lint and every rule leaves a `performance.mark`
    // and an observer keeps every entry, which grows without bound in a long-running host (73k marks
    // and +30 MB after a few hundred calls). Profiling is a CLI feature; a library switches it off.
    profiler.secretLintProfiler.setEnabled(false);
    const config = {
      rules: [
        ...preset.rules
          .filter((rule) => !EXCLUDED_PRESET_RULES.has(rule.meta.id))
          // Default options throughout. The aws rule's ID scan (off by default: why the preset
          // misses access key ids) stays off: our access-key pattern covers more prefixes, and the
          // scan's account-id regex, tried at every position, was the costliest regex on dense
          // text — for findings we would drop.
          .map((rule) => ({ id: rule.meta.id, rule, options: {} })),
        ...PATTERN_SPECS.map((spec) => ({
          id: `${OWN_RULE_PREFIX}${spec.kind}`,
          rule: pattern.creator,
          options: { patterns: [{ name: spec.kind, patterns: spec.patterns }] },
        })),
      ],
    } as DetectorConfig;
    return { lintSource: core.lintSource, config };
  })();
  detector.catch(() => {
    detector = undefined;
  });
  return detector;
}

function isSecretKind(value: string): value is SecretKind {
  return Object.hasOwn(SECRET_KINDS, value);
}

/** How to read a detector message: its kind, and where the value sits inside its range. */
interface Reading {
  kind: SecretKind;
  value: PatternSpec['value'];
}

/** The reading of a detector message, or `null` to drop it. */
function classify(ruleId: string, messageId: string): Reading | null {
  if (ruleId.startsWith(OWN_RULE_PREFIX)) {
    const kind = ruleId.slice(OWN_RULE_PREFIX.length);
    return isSecretKind(kind) ? { kind, value: PATTERN_VALUES.get(kind) } : null;
  }
  const mapping = ruleId.startsWith(PRESET_PREFIX) ? PRESET_KINDS.get(ruleId.slice(PRESET_PREFIX.length)) : undefined;
  if (mapping === undefined) return { kind: 'secret', value: undefined };
  const kind = mapping.messages !== undefined && Object.hasOwn(mapping.messages, messageId) ? mapping.messages[messageId]! : mapping.kind;
  return kind === null ? null : { kind, value: mapping.urlPassword === true ? 'url' : undefined };
}

// ---------------------------------------------------------------- prefilter

/**
 * One family of candidates: literal anchors, and a sticky shape tried at the anchor's start — a
 * necessary condition of every detector pattern the anchor stands for, so the prefilter never
 * drops a value the detector would report, and ordinary text (`sk-learn`, URLs, `Bearer auth`)
 * opens no window.
 */
interface Anchor {
  literals: readonly string[];
  shape: RegExp;
  /** End of the candidate's value, when it is not the end of the shape match. */
  extent?: (text: string, start: number, shapeEnd: number) => number;
  /**
   * How far past its start a value of this family can reach (default 1024): the window extends
   * to whitespace, but no further. A detector finding that still touches a window's cut edge is
   * extended to the end of its run in the text, so a longer value is over-redacted, never cut.
   */
  reach?: number;
  /**
   * Every detector rule behind this anchor wants a token edge before it (not after a token
   * character unless after a JSON escape): checking it here keeps a run like `eyJeyJeyJ…` linear.
   */
  tokenEdge?: boolean;
}

const LONG_REACH = 16_384;

const sticky = (source: string, flags = ''): RegExp => new RegExp(source, `y${flags}`);

const ANCHORS: readonly Anchor[] = [
  // ghs_ app installation tokens can run to thousands of characters.
  { literals: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], shape: sticky(String.raw`gh[pousr]_[A-Za-z0-9_]{16}`), reach: LONG_REACH },
  { literals: ['github_pat_'], shape: sticky(String.raw`github_pat_[A-Za-z0-9_]{16}`) },
  { literals: ['x-oauth-basic@'], shape: sticky('x-oauth-basic@') },
  { literals: ['npm_'], shape: sticky(String.raw`npm_[A-Za-z0-9_]{16}`) },
  { literals: ['_authToken'], shape: sticky(String.raw`_authToken\s*=\s*\\?["']?[A-Za-z0-9._~+\/=-]`) },
  { literals: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], shape: sticky(String.raw`[rs]k_(?:live|test)_[A-Za-z0-9]{8}`) },
  { literals: ['shppa_', 'shpca_', 'shpat_', 'shpss_'], shape: sticky(String.raw`shp[a-z]{2}_[A-Za-z0-9]{16}`) },
  { literals: ['glpat-'], shape: sticky(String.raw`glpat-[A-Za-z0-9_-]{16}`) },
  { literals: ['glc_', 'glsa_'], shape: sticky(String.raw`gl(?:c|sa)_[A-Za-z0-9+\/]{16}`) },
  { literals: ['gsk_'], shape: sticky(String.raw`gsk_[A-Za-z0-9]{16}`) },
  { literals: ['hf_'], shape: sticky(String.raw`hf_[A-Za-z]{16}`) },
  { literals: ['lin_api_'], shape: sticky(String.raw`lin_api_[A-Za-z0-9_]{16}`) },
  { literals: ['ntn_'], shape: sticky(String.raw`ntn_[0-9]{11}`) },
  { literals: ['ops_'], shape: sticky('ops_ey') },
  { literals: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], shape: sticky(String.raw`vc[piark]_[A-Za-z0-9]{16}`) },
  { literals: ['dckr_pat_'], shape: sticky(String.raw`dckr_pat_[A-Za-z0-9_-]{16}`) },
  { literals: ['figd_'], shape: sticky(String.raw`figd_[A-Za-z0-9_-]{16}`) },
  { literals: ['cfk_', 'cfut_', 'cfat_'], shape: sticky(String.raw`cf(?:k|ut|at)_[A-Za-z0-9]{16}`) },
  { literals: ['tskey-'], shape: sticky(String.raw`tskey-[a-z]{2,20}-`) },
  {
    literals: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxr-', 'xoxs-', 'xoxe-', 'xapp-'],
    shape: sticky(String.raw`x(?:ox[a-z]|app)-[A-Za-z0-9]{1,40}-`),
  },
  { literals: ['hooks.slack.com/'], shape: sticky(String.raw`hooks\.slack\.com\/services\/`) },
  { literals: ['sk-'], shape: sticky(String.raw`sk-[A-Za-z0-9_-]{24}`) },
  { literals: ['SG.'], shape: sticky(String.raw`SG\.\w{1,128}\.`) },
  { literals: ['hvs.', 'hvb.', 'hvr.'], shape: sticky(String.raw`hv[sbr]\.[A-Za-z0-9_-]{16}`) },
  { literals: ['eyJ'], shape: sticky(String.raw`eyJ[A-Za-z0-9_-]{5,4096}\.ey`), reach: LONG_REACH, tokenEdge: true },
  {
    literals: ['A3T', 'AKIA', 'ASIA', 'ABIA', 'ACCA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'APKA'],
    shape: sticky(String.raw`A(?:3T[A-Z0-9]|KIA|SIA|BIA|CCA|GPA|IDA|ROA|IPA|NPA|NVA|PKA)[A-Z0-9]{16}`),
  },
  { literals: ['AIza'], shape: sticky(String.raw`AIza[0-9A-Za-z_-]{35}`) },
  { literals: ['dapi'], shape: sticky(String.raw`dapi[0-9a-fA-F]{32}`) },
  {
    // AWS secret key names in any case: snake, kebab and camel forms all contain one of these.
    literals: ['ecret_', 'ECRET_', 'ecret-', 'ECRET-', 'ecretA', 'ecretK', '_secret', '_Secret', '_SECRET', '-secret'],
    shape: sticky(String.raw`[A-Za-z_-]{0,40}?${ASSIGN}[A-Za-z0-9\/+=]{40}`, 'i'),
  },
  // The scheme sits before the pivot: the window's left context covers it.
  { literals: ['://'], shape: sticky(String.raw`:\/\/[^\s\/]{0,300}?:[^\s\/]{0,300}?@`) },
  { literals: ['Bearer', 'BEARER'], shape: sticky(String.raw`(?:Bearer|BEARER)\s{1,8}[A-Za-z0-9._~+\/-]{20}`), reach: LONG_REACH },
  { literals: ['-----BEGIN'], shape: sticky(String.raw`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY`), extent: pemExtent },
];

/** Pivot characters: every literal holds one; ordinary prose has few of them. */
const PIVOT_CHARS = '_-.:ABJKp';

interface AnchorEntry {
  literal: string;
  /** Index of the pivot inside the literal. */
  offset: number;
  anchor: Anchor;
}

// Dispatch on (pivot, the character before it) — or after it, for a literal that starts with its pivot.
const BY_PREV: (AnchorEntry[] | undefined)[] = new Array<AnchorEntry[] | undefined>(128 * 128);
const BY_NEXT: (AnchorEntry[] | undefined)[] = new Array<AnchorEntry[] | undefined>(128 * 128);
for (const anchor of ANCHORS) {
  for (const literal of anchor.literals) {
    let offset = -1;
    for (let k = 0; k < literal.length && offset < 0; k++) if (PIVOT_CHARS.includes(literal[k]!)) offset = k;
    if (offset < 0 || literal.length < 2) throw new Error(`redact: anchor ${literal} has no pivot character`);
    const [table, key] =
      offset > 0
        ? [BY_PREV, literal.charCodeAt(offset) * 128 + literal.charCodeAt(offset - 1)]
        : [BY_NEXT, literal.charCodeAt(0) * 128 + literal.charCodeAt(1)];
    (table[key] ??= []).push({ literal, offset, anchor });
  }
}

/**
 * One regex that matches exactly a pivot character whose neighbour some literal needs —
 * `-(?:(?<=[kpy…]-)|(?=[-s]))`, … — built from the dispatch tables, so a `-` inside a kebab-case
 * word costs a class test inside the regex engine, not a return to JavaScript.
 */
const PIVOT_RE = buildPivotRegex();

function buildPivotRegex(): RegExp {
  const escape = (chars: Iterable<string>): string =>
    [...new Set(chars)]
      .sort()
      .map((c) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
      .join('');
  const alternatives: string[] = [];
  for (const pivot of PIVOT_CHARS) {
    const code = pivot.charCodeAt(0);
    const before: string[] = [];
    const after: string[] = [];
    for (let other = 0; other < 128; other++) {
      if (BY_PREV[code * 128 + other] !== undefined) before.push(String.fromCharCode(other));
      if (BY_NEXT[code * 128 + other] !== undefined) after.push(String.fromCharCode(other));
    }
    const checks = [
      ...(before.length > 0 ? [`(?<=[${escape(before)}]${escape(pivot)})`] : []),
      ...(after.length > 0 ? [`(?=[${escape(after)}])`] : []),
    ];
    if (checks.length > 0) alternatives.push(`${escape(pivot)}(?:${checks.join('|')})`);
  }
  return new RegExp(alternatives.join('|'), 'g');
}

/** Left context of a candidate: the scheme before `://`, the variable name, a lookbehind. */
const CONTEXT_BEFORE = 64;
/** How far a window may grow back to reach whitespace (context only). */
const MAX_RUN_BACK = 256;
const DEFAULT_REACH = 1024;
/** Merged windows stop growing here (one candidate's window may be larger). */
const MAX_WINDOW = 65_536;
const PEM_MAX = 65_536;

const WHITESPACE_RE = /\s/g;
const PEM_BODY_END_RE = /[^A-Za-z0-9+/=\s\\:,-]/g;

/** The index of the first whitespace at or after `from`, or `limit` (searched within `[from, limit)` only). */
function nextWhitespace(text: string, from: number, limit: number): number {
  const end = Math.min(limit, text.length);
  if (from >= end) return end;
  WHITESPACE_RE.lastIndex = 0;
  const slice = from === 0 && end === text.length ? text : text.slice(from, end);
  return WHITESPACE_RE.test(slice) ? from + WHITESPACE_RE.lastIndex - 1 : end;
}

/** The start of the whitespace-free run that contains `from - 1`, no further back than `limit`. */
function runStart(text: string, from: number, limit: number): number {
  let i = from;
  while (i > limit && !isWhitespace(text.charCodeAt(i - 1))) i--;
  return i;
}

/** {@link runStart} for positions that mostly grow, without rescanning what an earlier search covered. */
function runStarts(text: string): (from: number, limit: number) => number {
  // [low, high) holds no whitespace; `exact`: `low` starts a run (text start, or whitespace before it).
  let low = -1;
  let high = -1;
  let exact = false;
  return (from, limit) => {
    if (from >= low && from <= high) {
      if (limit >= low) return limit;
      if (exact) return low;
      const start = runStart(text, low, limit);
      exact = start > limit || start === 0;
      low = start;
      return start;
    }
    const start = runStart(text, from, limit);
    low = start;
    high = from;
    exact = start > limit || start === 0;
    return start;
  };
}

function isWhitespace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x1680 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Where a PEM block that starts at `start` ends: its END line, else the end of its base64 body. */
function pemExtent(text: string, start: number, shapeEnd: number): number {
  // Searched inside a bounded slice: many BEGIN lines without END lines stay linear.
  const limit = Math.min(text.length, start + PEM_MAX);
  const area = text.slice(shapeEnd, limit);
  const label = area.indexOf('-----');
  const next = label < 0 ? -1 : area.indexOf('-----', label + 5);
  if (next >= 0 && area.startsWith('-----END', next)) {
    const close = area.indexOf('-----', next + 8);
    return shapeEnd + (close >= 0 && close - next <= 64 ? close + 5 : next + 8);
  }
  // No END line: the body runs to the next dash line (another BEGIN) or the first non-body character.
  const body = next >= 0 ? area.slice(0, next) : area;
  PEM_BODY_END_RE.lastIndex = 0;
  return shapeEnd + (PEM_BODY_END_RE.test(body) ? PEM_BODY_END_RE.lastIndex - 1 : body.length);
}

/**
 * `next(from, limit)`: the next whitespace at or after `from` (or `limit`), for positions that
 * mostly grow, without rescanning what an earlier search covered: many candidates in one long
 * whitespace-free run cost linear time in total.
 */
function runEnds(text: string): (from: number, limit: number) => number {
  // [covered, to) holds no whitespace; `hit`: `to` is whitespace or the end of the text.
  let covered = -1;
  let to = -1;
  let hit = false;
  return (from, limit) => {
    if (from >= covered && from <= to) {
      if (hit || to >= limit) return Math.min(to, limit);
      from = to;
    } else {
      covered = from;
    }
    to = nextWhitespace(text, from, limit);
    hit = to < limit || to >= text.length;
    return to;
  };
}

/** At most this many candidates share a merged window or a detector call: secretlint's duplicate filter is quadratic in its messages. */
const MAX_CANDIDATES = 256;

/**
 * The windows of `text` the detector must see, sorted, as `[start, end, candidates]`: one regex
 * pass for pivot characters, a table lookup on the neighbouring character, then the anchor's
 * literal and sticky shape. Each candidate's window runs from 64 characters before it (extended
 * back to whitespace, at most 256 more) to the end of its value, extended on to whitespace within
 * the anchor's reach, so no token is cut. Overlapping windows merge up to 64 KiB and 256 candidates.
 */
export function findCandidateWindows(text: string): Array<[start: number, end: number, candidates: number]> {
  const raw: Array<[number, number]> = [];
  const n = text.length;
  const nextRunEnd = runEnds(text);
  const previousRunStart = runStarts(text);
  PIVOT_RE.lastIndex = 0;
  while (PIVOT_RE.test(text)) {
    const i = PIVOT_RE.lastIndex - 1;
    const c = text.charCodeAt(i);
    let hit: [AnchorEntry, number] | undefined;
    if (i > 0) {
      const prev = text.charCodeAt(i - 1);
      if (prev < 128) hit = matchEntries(BY_PREV[c * 128 + prev], text, i);
    }
    if (hit === undefined && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      if (next < 128) hit = matchEntries(BY_NEXT[c * 128 + next], text, i);
    }
    if (hit === undefined) continue;
    const [entry, shapeEnd] = hit;
    const start = i - entry.offset;
    const valueEnd = entry.anchor.extent ? entry.anchor.extent(text, start, shapeEnd) : shapeEnd;
    const from = Math.max(0, start - CONTEXT_BEFORE);
    const windowStart = previousRunStart(from, Math.max(0, from - MAX_RUN_BACK));
    const windowEnd = Math.min(n, nextRunEnd(valueEnd, Math.max(valueEnd, start + (entry.anchor.reach ?? DEFAULT_REACH))) + 1);
    raw.push([windowStart, windowEnd]);
  }
  if (raw.length === 0) return [];
  raw.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number, number]> = [[raw[0]![0], raw[0]![1], 1]];
  for (let k = 1; k < raw.length; k++) {
    const [start, end] = raw[k]!;
    const last = merged[merged.length - 1]!;
    if (start <= last[1] && Math.max(end, last[1]) - last[0] <= MAX_WINDOW && last[2] < MAX_CANDIDATES) {
      last[1] = Math.max(last[1], end);
      last[2]++;
    } else if (end > last[1] || last[2] >= MAX_CANDIDATES) merged.push([start, end, 1]);
    else last[2]++;
  }
  return merged;
}

/** Whether `start` begins a token: not after `[A-Za-z0-9_-]`, unless after a JSON escape (`\\n`, `\\r`, `\\t`). */
function atTokenEdge(text: string, start: number): boolean {
  if (start === 0) return true;
  const prev = text.charCodeAt(start - 1);
  const tokenChar = (prev >= 48 && prev <= 57) || (prev >= 65 && prev <= 90) || (prev >= 97 && prev <= 122) || prev === 95 || prev === 45;
  return !tokenChar || ((prev === 110 || prev === 114 || prev === 116) && start >= 2 && text.charCodeAt(start - 2) === 92);
}

function matchEntries(entries: AnchorEntry[] | undefined, text: string, pivot: number): [AnchorEntry, number] | undefined {
  if (entries === undefined) return undefined;
  for (const entry of entries) {
    const start = pivot - entry.offset;
    if (start < 0 || !text.startsWith(entry.literal, start)) continue;
    if (entry.anchor.tokenEdge === true && !atTokenEdge(text, start)) continue;
    const shape = entry.anchor.shape;
    shape.lastIndex = start;
    if (shape.test(text)) return [entry, shape.lastIndex];
  }
  return undefined;
}

// ---------------------------------------------------------------- detection

interface Window {
  text: number;
  start: number;
  end: number;
  /** Prefilter candidates inside. */
  candidates: number;
  /** Offset of the window inside the batch content. */
  at: number;
}

/** Between windows in a batch: nothing any pattern matches runs across a NUL with newlines around it. */
const SEPARATOR = '\n\u0000\n';
const DEFAULT_BATCH_CHARS = 32_768;

/**
 * Finds the credentials in each text: per text, non-overlapping findings sorted by offset, never
 * splitting a surrogate pair. `enabled` is ignored (finding is what this does).
 */
export async function findSecrets(texts: readonly string[], options: RedactOptions = {}): Promise<SecretFinding[][]> {
  const { signal } = options;
  signal?.throwIfAborted();
  const batchChars = Math.max(1, options.batchChars ?? DEFAULT_BATCH_CHARS);
  const windows: Window[] = [];
  for (let t = 0; t < texts.length; t++) {
    const text = texts[t]!;
    if (options.prefilter === false) {
      if (text.length > 0) windows.push({ text: t, start: 0, end: text.length, candidates: 1, at: 0 });
    } else {
      for (const [start, end, candidates] of findCandidateWindows(text)) windows.push({ text: t, start, end, candidates, at: 0 });
    }
  }
  const found: SecretFinding[][] = texts.map(() => []);
  let next = 0;
  while (next < windows.length) {
    const batch: Window[] = [];
    let size = 0;
    let candidates = 0;
    do {
      const window = windows[next++]!;
      batch.push(window);
      size += window.end - window.start + SEPARATOR.length;
      candidates += window.candidates;
    } while (
      next < windows.length &&
      size + windows[next]!.end - windows[next]!.start <= batchChars &&
      candidates + windows[next]!.candidates <= MAX_CANDIDATES
    );
    await detectBatch(texts, batch, found);
    signal?.throwIfAborted();
  }
  return found.map((findings, t) => normalizeFindings(texts[t]!, findings));
}

async function detectBatch(texts: readonly string[], batch: Window[], found: SecretFinding[][]): Promise<void> {
  // A leading separator also keeps a U+FEFF at a window's start from being taken for a BOM.
  const parts: string[] = [SEPARATOR];
  let at = SEPARATOR.length;
  for (const window of batch) {
    window.at = at;
    parts.push(texts[window.text]!.slice(window.start, window.end), SEPARATOR);
    at += window.end - window.start + SEPARATOR.length;
  }
  const content = parts.join('');
  const { lintSource, config } = await loadDetector();
  const result = await lintSource({
    // A neutral name: the npm rule's package.json / .npmrc checks (range errors, see above) stay off.
    source: { content, filePath: 'session-text.txt', ext: '.txt', contentType: 'text' },
    options: { config, noPhysicFilePath: true },
  });
  for (const message of result.messages) {
    const reading = classify(message.ruleId, message.messageId);
    if (reading === null) continue;
    let [start, end] = message.range;
    if (reading.value === 'url') {
      const narrowed = urlPasswordRange(content, start, end);
      if (narrowed === null) continue;
      [start, end] = narrowed;
    } else if (reading.value !== undefined) {
      start += reading.value(content.slice(start, end));
    }
    if (!(end > start)) continue;
    mapToTexts(texts, batch, start, end, reading.kind, found);
  }
}

/** The password inside a URL finding (`scheme://user:password@host…`), or null when it has none. */
function urlPasswordRange(content: string, start: number, end: number): [number, number] | null {
  const scheme = content.indexOf('://', start);
  if (scheme < 0 || scheme >= end) return [start, end];
  let authorityEnd = end;
  for (let k = scheme + 3; k < end; k++) {
    const code = content.charCodeAt(k);
    if (code === 0x2f || code === 0x3f || code === 0x23 || isWhitespace(code)) {
      authorityEnd = k;
      break;
    }
  }
  const at = content.lastIndexOf('@', authorityEnd - 1);
  if (at <= scheme + 3) return [start, end];
  const colon = content.indexOf(':', scheme + 3);
  if (colon < 0 || colon >= at) return [start, end];
  if (colon + 1 >= at) return null;
  const password = content.slice(colon + 1, at);
  return URL_PASSWORD_PLACEHOLDERS.some((re) => re.test(password)) ? null : [colon + 1, at];
}

/** Maps a batch range onto the windows it touches; a range cut by a window edge inside a token grows to the token's end. */
function mapToTexts(
  texts: readonly string[],
  batch: Window[],
  start: number,
  end: number,
  kind: SecretKind,
  found: SecretFinding[][],
): void {
  // Binary search for the last window starting at or before `start`.
  let lo = 0;
  let hi = batch.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (batch[mid]!.at <= start) lo = mid;
    else hi = mid - 1;
  }
  for (let k = lo; k < batch.length; k++) {
    const window = batch[k]!;
    if (window.at >= end) break;
    const length = window.end - window.start;
    const from = Math.max(start, window.at) - window.at;
    const to = Math.min(end, window.at + length) - window.at;
    if (to <= from) continue;
    const text = texts[window.text]!;
    let first = window.start + from;
    let last = window.start + to;
    if (from === 0 && first > 0 && !isWhitespace(text.charCodeAt(first - 1))) first = runStart(text, first, 0);
    if (to === length && last < text.length && !isWhitespace(text.charCodeAt(last))) last = nextWhitespace(text, last, text.length);
    found[window.text]!.push({ start: first, end: last, kind });
  }
}

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Kinds that lose to a specific kind covering the same value (`Bearer AIza…` is a Google key). */
const GENERIC_KINDS: ReadonlySet<SecretKind> = new Set(['bearer-token', 'secret']);

/** The finding whose kind names a merged group: the longest, then a specific kind, then the earliest. */
function namesGroup(candidate: SecretFinding, current: SecretFinding): boolean {
  const length = candidate.end - candidate.start - (current.end - current.start);
  if (length !== 0) return length > 0;
  return GENERIC_KINDS.has(current.kind) && !GENERIC_KINDS.has(candidate.kind);
}

/** Snaps to code points, sorts, and merges overlapping findings into one each. */
function normalizeFindings(text: string, findings: SecretFinding[]): SecretFinding[] {
  if (findings.length === 0) return findings;
  for (const finding of findings) {
    if (finding.start > 0 && isLow(text.charCodeAt(finding.start)) && isHigh(text.charCodeAt(finding.start - 1))) finding.start--;
    if (finding.end < text.length && isLow(text.charCodeAt(finding.end)) && isHigh(text.charCodeAt(finding.end - 1))) finding.end++;
  }
  findings.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretFinding[] = [];
  let group = { ...findings[0]! };
  let namer = findings[0]!;
  for (let k = 1; k < findings.length; k++) {
    const finding = findings[k]!;
    if (finding.start < group.end) {
      group.end = Math.max(group.end, finding.end);
      if (namesGroup(finding, namer)) namer = finding;
    } else {
      merged.push({ ...group, kind: namer.kind });
      group = { ...finding };
      namer = finding;
    }
  }
  merged.push({ ...group, kind: namer.kind });
  return merged;
}

// ---------------------------------------------------------------- redaction

/** `text` with each finding (sorted, non-overlapping, as {@link findSecrets} returns them) replaced by its marker. */
export function applyRedactions(text: string, findings: readonly SecretFinding[]): string {
  if (findings.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const finding of findings) {
    parts.push(text.slice(from, finding.start), redactionMarker(finding.kind));
    from = finding.end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * Redacts a whole capture in one batched scan — pass the label and every message text together.
 * With `enabled: false` every text comes back as the same string and every count is 0.
 */
export async function redactTexts(texts: readonly string[], options: RedactOptions = {}): Promise<RedactResult> {
  if (options.enabled === false) return { texts: [...texts], counts: texts.map(() => 0), total: 0 };
  const findings = await findSecrets(texts, options);
  const counts = findings.map((list) => list.length);
  return {
    texts: texts.map((text, t) => applyRedactions(text, findings[t]!)),
    counts,
    total: counts.reduce((sum, count) => sum + count, 0),
  };
}
