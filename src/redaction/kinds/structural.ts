/** Kinds recognised by structure rather than a vendor: PEM private keys, JWTs, URL passwords, HTTP credentials, Kubernetes Secret data, and values assigned to credential-like names. */
import { chars } from '../chars.ts';
import { HASH_ANCHORS } from '../hashes.ts';
import { DER_LITERALS, encodesPrivateKey, matchDerBody, matchPuttyKey } from '../key-bodies.ts';
import { matchPem, matchSsh2Key } from '../pem.ts';
import { optional, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { matchDsnPassword, matchOracleThinPassword, matchUrlPassword, matchUrlPathKey, matchUrlUserKey } from '../urls.ts';
import { URLSAFE } from './format-shapes.ts';

/** A JWT segment: base64url of a JSON object, so it starts `ey` (`{"` or `{'`-like) and is at least `{"a":1}` long. */
const SEGMENT = run(URLSAFE, 14, 16_384);
/** A JOSE header's start: `{"alg":`, `{"typ":` or `{"kid":` in base64url. */
const JOSE_HEADER_RE = /^eyJ(?:hbGciOi|0eXAiOi|raWQiOi)/;

/** The structural and generic kinds. */
export const STRUCTURAL_KINDS: readonly KindRecord[] = [
  {
    kind: 'private-key',
    description:
      'PEM private key block (RSA, EC, DSA, OPENSSH, PGP, PKCS#8, encrypted) and OpenVPN static key, also JSON-escaped, on one line, built by string concatenation, without its END line, base64-encoded, or a bare DER body; PuTTY private lines; private members of a JSON Web Key (`"d"`, …)',
    custom: [
      { literal: '-----BEGIN ', at: 'start', match: matchPem },
      ...DER_LITERALS.map((literal) => ({ literal, at: 'start' as const, match: matchDerBody })),
      { literal: 'PuTTY-User-Key-File-', at: 'start', match: matchPuttyKey },
      { literal: '---- BEGIN SSH2 ', at: 'start', match: matchSsh2Key },
    ],
    // A whole PEM block encoded in base64 (`LS0tLS1CRUdJTi` is `-----BEGIN`).
    formats: [{ prefixes: ['LS0tLS1CRUdJTi'], body: [run(chars('A-Za-z0-9+/='), 40, 16_384)], check: encodesPrivateKey }],
  },
  {
    kind: 'password-hash',
    description:
      'password hashes: bcrypt (`$2b$…`), crypt(3) (`$1$`, `$5$`, `$6$`, `$apr1$`, yescrypt `$y$`), Cisco type 8 and 9, Kerberos ticket hashes (`$krb5tgs$`, `$krb5asrep$`), Argon2, Django and passlib PBKDF2 (`$pbkdf2-sha256$…`), passlib scrypt, Werkzeug (`scrypt:…$…$…`), phpass (`$P$`), MySQL native (`*` + 40 hex), NT hashes on SAM dump lines, LDAP `{SSHA}`, Atlassian `{PKCS5S2}`',
    custom: HASH_ANCHORS,
  },
  tokenKind(
    'jwt',
    'JSON Web Token: two base64url JSON segments (`ey….ey…`) and a signature, or none (unsecured); a signed token of any payload under a JOSE header (`eyJhbGciOi…`); or encrypted with a direct key (JWE, `ey…..<iv>.<ciphertext>.<tag>`)',
    {
      prefixes: ['ey'],
      body: [SEGMENT, '.ey', SEGMENT, '.', optional(run(chars('A-Za-z0-9_=+/-'), 1, 4096))],
      check: (value) => !isPublicJwt(value),
    },
    { prefixes: ['ey'], body: [SEGMENT, '..', run(URLSAFE, 16, 64), '.', run(URLSAFE, 16, 16_384), '.', run(URLSAFE, 16, 64)] },
    // A header that opens with `{"alg":`, `{"typ":` or `{"kid":` signs whatever payload follows it, JSON or not.
    {
      prefixes: ['ey'],
      body: [SEGMENT, '.', SEGMENT, '.', run(URLSAFE, 16, 4096)],
      // A JSON payload (`.ey…`) is the first format's, read whole across a wrap.
      check: (value) => JOSE_HEADER_RE.test(value) && !value.includes('.ey'),
    },
  ),
  {
    kind: 'url-password',
    description:
      'the password of `scheme://user:password@host`, of a Go DSN `user:password@tcp(host)` and of an Oracle `jdbc:oracle:thin:user/password@host` (only the password is replaced), and a Cloudinary URL whole (`cloudinary://<key>:<secret>@<cloud>`)',
    custom: [
      { literal: '://', at: 'infix', match: matchUrlPassword },
      ...['@tcp(', '@unix(', '@udp('].map((literal) => ({ literal, at: 'infix' as const, match: matchDsnPassword })),
      { literal: ':thin:', at: 'infix', match: matchOracleThinPassword },
    ],
  },
  {
    kind: 'url-key',
    description:
      "a key in a URL's path: after a `/key/`, `/token/`, `/hooks/` or `/hook/` segment (IFTTT's `/with/key/…`, a Mattermost hook, a Feishu or Lark bot's URL whole), or a webhook host's last segment (`https://hook.eu2.make.com/…`); or a random user name with no password (a DSN's key, `https://<key>@host`, `https://<key>:@host`)",
    custom: [
      { literal: '://', at: 'infix', match: matchUrlPathKey },
      { literal: '://', at: 'infix', match: matchUrlUserKey },
    ],
  },
  { kind: 'bearer-token', description: 'opaque token after `Bearer` or `Authorization: Bearer|Token`: 16+ random characters' },
  { kind: 'azure-sas-signature', description: 'the `sig=` of an Azure shared access signature URL (base64 HMAC, URL-encoded or not)' },
  { kind: 'basic-auth', description: 'HTTP basic credentials: `Authorization: Basic …` and the `user:password` of `curl -u` / `--user`' },
  {
    kind: 'kubernetes-secret',
    description: 'the base64 `data` values (and `stringData` values) of a Kubernetes `Secret`, in YAML or JSON',
  },
  {
    kind: 'password',
    description:
      "a value assigned to a password-like name (`password`, `passwd`, `pwd`, `DB_PASS`, …) that is no placeholder, reference or identifier (quoted, it may hold a blank or two between random pieces), in a table's `Password` column (Markdown or CSV), a Redis ACL's `>…` or Sentinel's `auth-pass`",
    roles: ['password'],
  },
  {
    kind: 'api-key',
    description: 'a random-looking value assigned to an `*_key` name (`api_key`, `apiKey`, `X-Api-Key`, `access_key`, …)',
    roles: ['key'],
  },
  {
    kind: 'token',
    description:
      'a random-looking value assigned to a `*_token` name (`access_token`, `authToken`, `GITLAB_PAT`, …), or a long random value under a config key that names only its service (`tomtom: …`, `LINENOTIFY=…`)',
    roles: ['token'],
  },
  {
    kind: 'secret',
    description:
      'a random-looking value assigned to a `secret`, `client_secret`, `auth` or `credentials` name, or given after its key in a client\'s call (`getProfile("region", "LTAI…", "<secret>")`); whatever a GitHub Actions log\'s `::add-mask::` hides',
    roles: ['secret', 'auth', 'credential'],
  },
  {
    kind: 'client-id',
    description:
      'a random-looking value (not a UUID) assigned to a `client_id` / `access_id` name, unless its secret is given as a reference beside it',
    roles: ['client-id'],
  },
];

/**
 * Whether a JWT opens nothing: jwt.io's documented sample (its payload names `John Doe`, issued at 1516239022, every
 * algorithm's sample there), or a key whose role is `anon` (Supabase's anon key, public by design, shipped to browsers).
 */
function isPublicJwt(value: string): boolean {
  const payload = value.split('.', 2)[1] ?? '';
  if (payload.length > 256) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (payload.length % 4)) % 4));
    return (json.includes('"John Doe"') && json.includes('1516239022')) || /"role"\s*:\s*"anon"/.test(json);
  } catch {
    return false;
  }
}
