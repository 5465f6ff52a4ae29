// Keyword-anchored values: a random value assigned to a credential-like name is redacted in every syntax people paste
// (.env, shell, YAML, JSON, code, URL query, prose, CLI flags, HTTP headers); words, identifiers, references, paths,
// versions, hashes under unrelated names and UUIDs under id names stay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimsFormat } from '../../src/redaction/dispatch.ts';
import { redactTexts } from '../../src/redaction/redact.ts';
import { ASSIGNMENTS, spellings } from './support/formats.ts';
import { ALNUM, ALNUM_LOWER, BASE64URL, HEX, random } from './support/random.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/** One test per text: it comes back unchanged. */
function keepsEach(texts: readonly string[]): void {
  for (const text of texts) {
    it(`keeps ${JSON.stringify(text)}`, async () => {
      expect((await redactTexts([text])).texts[0]).toBe(text);
    });
  }
}

/** One test per text and the secret it holds: no piece of the secret comes back, a redaction marker does. */
function redactsEach(cases: readonly (readonly [text: string, secret: string])[]): void {
  for (const [text, secret] of cases) {
    it(`redacts the secret in ${JSON.stringify(text.slice(0, 48))}…`, async () => {
      const redacted = (await redactTexts([text])).texts[0] ?? '';
      expect(redacted).not.toContain(secret);
      expect(redacted).toContain('[REDACTED ');
    });
  }
}

const ROLES: readonly [kind: string, names: readonly string[]][] = [
  ['password', [...spellings(['db', 'password']), 'PASSWORD', 'smtp_pass', 'passwd', 'redisPwd']],
  ['api-key', [...spellings(['api', 'key']), 'X-Api-Key', 'apikey', 'ACCESS_KEY', 'stripeSecretKey'.replace('Secret', '')]],
  ['token', [...spellings(['access', 'token']), 'authToken', 'GITLAB_PAT', 'refresh_token']],
  ['secret', [...spellings(['client', 'secret']), 'app_secret', 'user_auth', 'credentials']],
  ['client-id', spellings(['client', 'id'])],
];
const randomValue = fc.oneof(random(ALNUM, 16, 48), random(ALNUM_LOWER, 20, 40), random(HEX, 32, 64), random(BASE64URL, 24, 64));

describe('a random value assigned to a credential-like name', () => {
  for (const [kind, names] of ROLES) {
    it(`is redacted as ${kind} in .env, shell, YAML, JSON, code and URL-query syntax`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), randomValue, fc.constantFrom(...ASSIGNMENTS), async (name, value, assign) => {
          // A value that starts with a vendor's prefix (`A3-…`, one draw in about 10^5) is that vendor's documentation example.
          fc.pre(!claimsFormat(value));
          const text = assign(name, value);
          const result = await redactTexts([text]);
          expect(result.texts[0]).toBe(text.replace(value, `[REDACTED ${kind}]`));
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('is redacted in prose ("the api key is …"), after a CLI flag, and after a compound name', async () => {
    await fc.assert(
      fc.asyncProperty(random(ALNUM, 20, 40), async (value) => {
        const texts = [
          `The staging api key is ${value} if you need it.`,
          `deploy --api-token ${value} --region eu`,
          `aws configure set aws_secret_access_key ${value}`,
          // The name before the verb stops at the sentence before it: `cache.` does not make it a cache key.
          `Warmed the cache. The password is ${value} if you need it.`,
        ];
        const result = await redactTexts(texts);
        expect(result.counts).toEqual([1, 1, 1, 1]);
        for (const text of result.texts) expect(text).not.toContain(value);
      }),
      { numRuns: RUNS },
    );
  });

  it('is redacted right after a bare credential noun in prose when it is long and mixes cases and digits', async () => {
    await fc.assert(
      fc.asyncProperty(random(ALNUM, 20, 40), async (value) => {
        fc.pre(/[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value) && !claimsFormat(value));
        const texts = [
          `use the token ${value} for now`,
          `Apollo API key ${value}`,
          `the secret ${value} works`,
          `apikey ${value}`,
          // A dash between blanks, or `to` after a credential's name, stands for the verb.
          `Apollo API key - ${value}`,
          `Token — ${value}`,
          `then set apollo_secret to ${value} and redeploy`,
        ];
        const result = await redactTexts(texts);
        expect(result.counts).toEqual([1, 1, 1, 1, 1, 1, 1]);
        for (const text of result.texts) expect(text).not.toContain(value);
        // `key` alone names a cache's or a table's key; a short or one-case value after a noun is a word or an id.
        const kept = [
          `the cache key ${value} expired`,
          'the token refreshHandler2 is gone',
          'the secret 8f14e45fceea167a5a36dedd4bea2543 rotated',
        ];
        expect((await redactTexts(kept)).texts).toEqual(kept);
      }),
      { numRuns: RUNS },
    );
  });

  it('is left alone under a name that says nothing about credentials', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('COMMIT', 'request_id', 'checksum', 'digest', 'build', 'sha256', 'etag', 'nonce'),
        randomValue,
        fc.constantFrom(...ASSIGNMENTS),
        async (name, value, assign) => {
          const text = assign(name, value);
          expect((await redactTexts([text])).texts[0]).toBe(text);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('HTTP credentials', () => {
  it('redacts the credentials of an Authorization header, not its scheme', async () => {
    const result = await redactTexts([
      "curl -H 'Authorization: Basic YWRtaW46czNjcjN0LXBhc3M=' https://x",
      '"Authorization": "Bearer 8f7d6a5s4d3f2g1h0j9k8l7m6n5b4v3c"',
      'authorization: token 9a8s7d6f5g4h3j2k1l0q9w8e7r6t5y4u',
      'curl -u deploy:Zq8x-Vw2r-Kp5m https://x',
      // `alice:tfWN^b6yX9Df`: the encoding holds `YOUR`, a stand-in's word, by chance; the password is judged.
      'Authorization: Basic YWxpY2U6dGZXTl5iNnlYOURm',
    ]);
    expect(result.texts).toEqual([
      "curl -H 'Authorization: Basic [REDACTED basic-auth]' https://x",
      '"Authorization": "Bearer [REDACTED bearer-token]"',
      'authorization: token [REDACTED bearer-token]',
      'curl -u [REDACTED basic-auth] https://x',
      'Authorization: Basic [REDACTED basic-auth]',
    ]);
  });

  it('keeps references, placeholders and schemes alone', async () => {
    const texts = [
      'curl -H "Authorization: Bearer $TOKEN" https://x',
      'Authorization: Bearer <token>',
      'Authorization: Basic ...',
      'curl -u "${username}:${password}" https://x',
      'curl -u username:password https://x',
      'WWW-Authenticate: Bearer realm="api"',
      'Bearer tokens are opaque; a bearer instrument',
    ];
    expect((await redactTexts(texts)).texts).toEqual(texts);
  });
});

describe('values that are not credentials although the name is', () => {
  const KEEP: readonly string[] = [
    // stand-ins and references
    'API_KEY=your-api-key-here',
    'api_key: "<YOUR_API_KEY>"',
    'token = "${GITHUB_TOKEN}"',
    'PASSWORD=changeme',
    'password: "********"',
    'SECRET_KEY={{ vault_secret }}',
    'client_secret=%s',
    'API_KEY=$API_KEY',
    'token: REPLACE_ME',
    'password = None',
    // code: references, calls, expressions
    'const apiKey = config.apiKey;',
    '{ apiKey: anthropic, timeout: 10 }',
    'token = get_token()',
    'password = request.form["password"]',
    'const password = result.groups?.password;',
    'secret = os.environ.get("SECRET")',
    'const token = tokenFromEnv;',
    // words, identifiers, paths, versions, hosts, mail addresses, UUIDs under id names
    'secret_name = "database-credentials"',
    'key_file=/etc/ssl/private/server.key',
    'TOKEN_URL=https://auth.example.com/oauth/token',
    'api_version: 2024-01-01',
    'auth_host: auth.internal.example.com',
    'password_reset_email = "ops@example.com"',
    'client_id = "73082700-1f09-405b-80d0-3131bfd6272d"',
    'token_type: bearer',
    'max_tokens: 4096',
    'csrf_token=Mj2qykJO5rELyHgezQ69nzUX0i3OH67V7',
    'public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"',
    'AUTHORIZED_KEY=ssh-ed25519',
    'keyPressed = kVK_Return.u16',
    'key: endpoint',
    'token: "SOME_CONSTANT_NAME"',
    'secretKey: ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    'api_key = "abc123"',
    'The password is required.',
    'Your token is stored in the keychain',
    'the api key is rotated every night',
    // options after a compound name or a flag: each is read by the flag rules, not as a value
    'aws_secret_access_key --profile-name staging',
    'deploy --api-token --dry-run',
    // debug prints: Go's empty field before the next one, LiteLLM's reference, a Google service account's numeric id
    'config: {User:svc Password: Host:db.internal Port:5432}',
    'api_key: os.environ/AZURE_API_KEY',
    '{"client_email": "etl@acme-bi.iam.gserviceaccount.com", "client_id": "103498273645109283746"}',
  ];
  keepsEach(KEEP);
});

describe('values in debug prints of objects', () => {
  const PRINTS: readonly [text: string, secret: string, kind: string][] = [
    ['Credentials { user: "svc", password: Some("tCxBXfWjcwH3Mcd3K8"), mfa: None }', 'tCxBXfWjcwH3Mcd3K8', 'password'],
    [
      'Auth {authToken = Just "ltPKpV81r3bJPcGn8RZW4B3O3m23QO9USF6nOEdx", timeout = 30}',
      'ltPKpV81r3bJPcGn8RZW4B3O3m23QO9USF6nOEdx',
      'token',
    ],
    ['#{api_key => <<"snnofVoBbKlQcljgfxqVxO08HdQxiRPNqKC9ymMM">>, retries => 3}', 'snnofVoBbKlQcljgfxqVxO08HdQxiRPNqKC9ymMM', 'api-key'],
    [' $ api_key : chr "24fbb96bdc98531e0b8124250529d7c9"', '24fbb96bdc98531e0b8124250529d7c9', 'api-key'],
    ['$1 = {user = 0x5555555592c0 "app", password = 0x5555555592e0 "KtxDI5FIHjxBDu5o", fd = -1}', 'KtxDI5FIHjxBDu5o', 'password'],
    ['array(2) {\n  ["password"]=>\n  string(20) "QV5u2RzBhILvW6kKqDzE"\n}', 'QV5u2RzBhILvW6kKqDzE', 'password'],
    ['Array\n(\n    [username] => forge\n    [password] => aJ5ruKGqMG4wNBzXFd\n)', 'aJ5ruKGqMG4wNBzXFd', 'password'],
    ['declare -A creds=([user]="deploy" [pass]="bdWBagKQ3wc5ayIMti")', 'bdWBagKQ3wc5ayIMti', 'secret'],
    ['MailProperties(host=smtp.gmail.com, password=wxasrhtfnuvburyj, starttls=true)', 'wxasrhtfnuvburyj', 'password'],
  ];
  for (const [text, secret, kind] of PRINTS) {
    it(`redacts the value in ${JSON.stringify(text.slice(0, 40))}…`, async () => {
      expect((await redactTexts([text])).texts[0]).toBe(text.replace(secret, `[REDACTED ${kind}]`));
    });
  }
});

describe('a password of letters alone passed to a call', () => {
  const CALLS: readonly string[] = [
    'req.SetBasicAuth("metrics-pusher", "zGiIAxHpGRRtoSzgGUMLEwur")',
    'client.username_pw_set("sensor-hub", "iDPLzzoJnHjwGabuXlbW")',
    "define( 'WPMS_SMTP_PASS', 'oVQcbxWwsIgtvYrgxy' );",
    'new NetworkCredential("svc", "RXTBlpESfdcyjYrk")',
  ];
  for (const text of CALLS) {
    it(`is redacted in ${JSON.stringify(text)}`, async () => {
      expect((await redactTexts([text])).texts[0]).toMatch(/^[^"']*["'][^"']*["'][^"']*["']\[REDACTED password\]["']/);
    });
  }

  it('leaves words passed to other calls alone', async () => {
    const text = 'print("hello", "Wonderful"); colors = ["red", "MagentaBlue"]; foo("abc", "abcdefghijk")';
    expect((await redactTexts([text])).texts[0]).toBe(text);
  });
});

describe('credentials in test fixtures, recordings and build glue', () => {
  const FOUND: readonly [text: string, secret: string][] = [
    [
      'form:\n  client_secret:\n  - jNwbupQkyxusYCfc00drbykkffBarDrps4CTANIc\nurl: https://auth.acme.io',
      'jNwbupQkyxusYCfc00drbykkffBarDrps4CTANIc',
    ],
    ["'password' => Hash::make('EeJOFMbrX9k39xhmb5'),", 'EeJOFMbrX9k39xhmb5'],
    ["await page.getByLabel('Password').fill('MCrVNCwXOf4IvAUF');", 'MCrVNCwXOf4IvAUF'],
    [
      'Credentials(\n  "Artifactory Realm",\n  "acme.jfrog.io",\n  "sbt",\n  "DOL8PHKn035d2zhB0uFrcXyK4lj1C9PK"\n)',
      'DOL8PHKn035d2zhB0uFrcXyK4lj1C9PK',
    ],
    ['test: ["CMD", "mysqladmin", "ping", "-uroot", "-pyl9TnkjuprxtDHRxIW"]', 'yl9TnkjuprxtDHRxIW'],
    [
      '<string>--authtoken</string>\n<string>JzCDDdIYXzLy2R1Ow1tGaMduI6o_t7uW6RWPx1JrUK6vthUrU</string>',
      'JzCDDdIYXzLy2R1Ow1tGaMduI6o_t7uW6RWPx1JrUK6vthUrU',
    ],
    ['npmAuthIdent: "ci-bot:3RrQyUsyJkS6gkhOn0Lwyx"', '3RrQyUsyJkS6gkhOn0Lwyx'],
    ['{ "key": "pg_password", "value": "", "enabled": true, "currentValue": "pwt20ypEIOBpozE8nQvnOpVO" }', 'pwt20ypEIOBpozE8nQvnOpVO'],
    [
      '"auth": { "type": "bearer", "bearer": "XVVs5Ple8LiEY10_-_kDqPUjodHfDzb8P-9eETpg1oiTOVjm" }',
      'XVVs5Ple8LiEY10_-_kDqPUjodHfDzb8P-9eETpg1oiTOVjm',
    ],
    ['"db_password": {\n  "sensitive": true,\n  "type": "string",\n  "value": "1ZDpbnsiVNBQrHaMiKllpf9B"\n}', '1ZDpbnsiVNBQrHaMiKllpf9B'],
  ];
  redactsEach(FOUND);

  it('redacts an Azure DevOps token given to curl with an empty user', async () => {
    const text = 'curl -u :vlknpsnlcmvi4u4axnci7leafyluuxof3ychwdhrtzl2vsdhipuo https://dev.azure.com/acme';
    expect((await redactTexts([text])).texts[0]).toBe('curl -u [REDACTED basic-auth] https://dev.azure.com/acme');
  });

  const KEPT: readonly string[] = [
    'docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t acme/web .',
    "token: \"{{ lookup('hashi_vault', 'secret=kv/data/cloudflare:token') }}\"",
    'MINIO_ROOT_USER: minioadmin\nMINIO_ROOT_PASSWORD: minioadmin',
    'NAME            DIGEST              CREATED AT\nSTRIPE_SECRET   8d0c5e1f2a3b4c6d    2m ago',
    'PUBNUB_SUBSCRIBE_KEY=sub-c-1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
    "applicationServerKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',",
    'curl https://api.stripe.com/v1/charges -u sk_test_4eC39HqLyjWDarjtT1zdp7dc:',
    '{ "key": "key", "value": "X-API-Key", "type": "string" }',
  ];
  keepsEach(KEPT);
});

describe('wallet keys and recovery phrases', () => {
  const PHRASE = 'basket museum shrimp sniff spoon tomato iron fossil juniper fiddle kettle ivory';
  const FOUND: readonly [text: string, secret: string][] = [
    [`MNEMONIC="${PHRASE}"`, PHRASE],
    [`accounts: {\n  mnemonic: "${PHRASE}",\n  count: 5,\n},`, PHRASE],
    [
      "privateKeyToAccount('0x74fc30631529621773d2143e1a10d50dbc98ec66d99e1ddfcf1fcf48f360346d')",
      '0x74fc30631529621773d2143e1a10d50dbc98ec66d99e1ddfcf1fcf48f360346d',
    ],
    [
      "ECPair.fromWIF('L3Bxf1bUXHQwB9FQo8y3aW3YaiHUsEDKZ4GU8C5dymKsKF8Mn4G6', network)",
      'L3Bxf1bUXHQwB9FQo8y3aW3YaiHUsEDKZ4GU8C5dymKsKF8Mn4G6',
    ],
    ['rpc: https://go.getblock.io/bfbc8e47dac5dbf52d911946aba6ab89/', 'bfbc8e47dac5dbf52d911946aba6ab89'],
    [
      '# public key: age1fmttal2rzoy16ysruf3zml2nnwwpfsx4w5pk31jn91pon6gt1yglgpndgp\nAGE-SECRET-KEY-15ZXJNVEV9LNA7472NE7FUTZ5EGGW7TEGLXUVW4E20VJRW6ZD9Q5Z2UHSU7',
      'AGE-SECRET-KEY-15ZXJNVEV9LNA7472NE7FUTZ5EGGW7TEGLXUVW4E20VJRW6ZD9Q5Z2UHSU7',
    ],
  ];
  redactsEach(FOUND);

  const KEPT: readonly string[] = [
    "const USDC_MINT = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');",
    "8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',",
    '"merkleRoot": "0xeb13e46d575a23320db78cd309ce0785b4eaf9a490fb2b15f4859773f3287990",',
    "provider.getTransaction('0x74fc30631529621773d2143e1a10d50dbc98ec66d99e1ddfcf1fcf48f360346d')",
    'description: "this is a long sentence with many words that is not a seed at all okay"',
    "apiKey: 'Q7vB2kX9mN4pL8sR3tW6yZ1a', // search-only key, safe to expose",
  ];
  keepsEach(KEPT);
});
