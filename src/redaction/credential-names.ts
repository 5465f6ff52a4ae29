/** Credential-like names: splitting `AWS_SECRET_ACCESS_KEY`, `twilioApiKey` or `"facebook access_token"` into words and reading what the last word says the value is. */

/** What an assigned name says about its value. */
export type NameRole = 'password' | 'secret' | 'token' | 'key' | 'client-id' | 'auth' | 'credential';

/** Words a compound splits into when written as one (`apikey`, `ACCESSID`, `authToken` lowercased). */
const QUALIFIERS = (
  'api access secret auth client private session refresh bearer app master account service signing encryption license ' +
  'deploy personal admin root db user consumer webhook oauth id sdk storage bot shared integration write read ingest token ' +
  'smtp mail ftp imap remote dn mqtt wifi ota rcon vnc ldap store keystore truststore'
).split(' ');
const COMPOUND_HEADS = ['password', 'passwd', 'secret', 'token', 'key', 'id', 'pwd', 'pw', 'pass', 'salt'];

/** Heads that end a one-word name whatever comes before them (`PGPASSWORD`, `MYSQLPWD`, Group Policy's `cpassword`): no English word ends so. */
const OPEN_HEADS = ['password', 'passwd', 'pwd'];
/** Heads that do so in a name without dots (`wstoken`); in a dotted package name they end a library's (`io.jsonwebtoken`). */
const UNDOTTED_OPEN_HEADS = ['token', 'secret'];

/** How a compound's head is read: `rootpw` and `dbpass` are passwords (alone, `pw` and `pass` are as often noise in code). */
const HEAD_WORDS: Readonly<Record<string, string>> = { pw: 'password', pass: 'password' };

function splitCompound(word: string, into: string[], dotted: boolean): void {
  // A number before the word names nothing either (`17token` is a token).
  let at = 0;
  while (at < word.length - 2 && word.charCodeAt(at) >= 48 && word.charCodeAt(at) <= 57) at++;
  const rest0 = at > 0 && word.charCodeAt(at) >= 97 ? word.slice(at) : word;
  for (const head of COMPOUND_HEADS) {
    if (rest0.length > head.length && rest0.endsWith(head)) {
      const rest = rest0.slice(0, -head.length);
      const open = OPEN_HEADS.includes(head) || (!dotted && UNDOTTED_OPEN_HEADS.includes(head));
      // A qualifier may itself follow a product's name (`AMPDBPASS`, `mysqlrootpass`).
      const qualified = QUALIFIERS.some((word) => rest.endsWith(word) && (rest.length === word.length || rest.length - word.length >= 3));
      if (qualified || (open && rest.length >= (head === 'password' ? 1 : 2))) {
        into.push(rest, HEAD_WORDS[head] ?? head);
        return;
      }
      // A vendor's name glued to `apikey` (`autopilotapikey`, Walk Score's `wsapikey`).
      if (head === 'key' && rest.length > 3 && rest.endsWith('api')) {
        into.push(rest.slice(0, -3), 'api', 'key');
        return;
      }
    }
  }
  into.push(rest0);
}

/**
 * The lowercase words of a name: split at non-alphanumerics, at lower→upper and at
 * UPPER→Upper-lower changes (`APIKey` → `api key`), then compounds such as `apikey` or `accessid`.
 * Digits stay with their word, and a trailing number is dropped (`token1` → `token`).
 */
export function nameWords(written: string): string[] {
  const name = NON_ASCII_RE.test(written) ? foldedToAscii(written) : written;
  const raw: string[] = [];
  const starts: number[] = [];
  let start = -1;
  const close = (end: number): void => {
    if (start >= 0 && end > start) {
      raw.push(name.slice(start, end));
      starts.push(start);
    }
    start = -1;
  };
  for (let k = 0; k <= name.length; k++) {
    const code = k < name.length ? name.charCodeAt(k) : 0;
    const alnum = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!alnum) {
      close(k);
      continue;
    }
    if (start >= 0) {
      const previous = name.charCodeAt(k - 1);
      const next = k + 1 < name.length ? name.charCodeAt(k + 1) : 0;
      const upper = code >= 65 && code <= 90;
      const prevLower = (previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57);
      const prevUpper = previous >= 65 && previous <= 90;
      if (upper && (prevLower || (prevUpper && next >= 97 && next <= 122))) close(k);
    }
    if (start < 0) start = k;
  }
  const words: string[] = [];
  const dotted = name.includes('.');
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i] ?? '';
    if (word.length === 2 && word.toLowerCase() === 'pw' && !writtenAsPw(name, word, starts[i] ?? 0, raw[i - 1])) {
      words.push(UNREAD);
    } else splitCompound(withoutCount(word.toLowerCase()), words, dotted);
  }
  // `Unseal Key 1`, `token 2`: a trailing number counts keys, it names nothing.
  while (words.length > 1 && digitsFrom(words[words.length - 1] ?? '') === 0) words.pop();
  return words;
}

const NON_ASCII_RE = /[^\0-\x7f]/;
/** Latin letters that no canonical decomposition takes to ASCII. */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  đ: 'd',
  Đ: 'D',
  æ: 'ae',
  Æ: 'AE',
};

/** `name` with the accents of its Latin letters dropped (`contraseña` → `contrasena`, `hasło` → `haslo`), so its words read as ASCII ones. */
function foldedToAscii(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁıøØßđĐæÆ]/g, (letter) => UNDECOMPOSED[letter] ?? letter);
}

/** A word that names nothing and ends no name: the place of a `pw` written as no name writes it. */
const UNREAD = '-';

/**
 * Whether a `pw` at `at` in `name`, after the word `previous`, is written as a name writes it (`db_pw`, `DB_PW`, `dbPw`,
 * `casterUserPW`): two letters in random text (`UhPW`, `Fel_Pw`, `TXPw`) are not.
 */
function writtenAsPw(name: string, word: string, at: number, previous: string | undefined): boolean {
  if (word === 'pw') return true;
  if (word === 'PW') return name.toUpperCase() === name || (previous !== undefined && previous.length >= 3 && /^.[a-z]+$/.test(previous));
  const before = at > 0 ? name.charCodeAt(at - 1) : 0;
  return at === 0 || (before >= 97 && before <= 122) || (before >= 48 && before <= 57);
}

/** Where the digits that end `word` start (its length when it ends otherwise). */
function digitsFrom(word: string): number {
  let at = word.length;
  while (at > 0 && word.charCodeAt(at - 1) >= 48 && word.charCodeAt(at - 1) <= 57) at--;
  return at;
}

/** A word or name without the number that ends it after a letter (`token1` is `token`): {@link nameWords} drops that number. */
export function withoutCount(word: string): string {
  const at = digitsFrom(word);
  if (at === word.length || at === 0) return word;
  const code = word.charCodeAt(at - 1) | 32;
  return code >= 97 && code <= 122 ? word.slice(0, at) : word;
}

/** The word for a password in other languages, written in ASCII (`Passwort`, `wachtwoord`, `senha`). */
export const FOREIGN_PASSWORD_WORDS: readonly string[] =
  'passwort kennwort wachtwoord senha parola heslo salasana passord adgangskode haslo sifre sifresi parol losenord contrasena motdepasse jelszo lozinka geslo sandi'.split(
    ' ',
  );
/** Of those, the words that name a password wherever they stand in a name: these languages put the qualifier after the noun (`SENHA_BANCO`, `HASLO_BAZY`). */
const FOREIGN_PASSWORDS = new Set(FOREIGN_PASSWORD_WORDS.filter((word) => word !== 'parola' && word !== 'sandi'));
/** Nouns for a key in other languages (`clave`, `chave`, `sleutel`, `klucz`), which name a credential beside a word of {@link FOREIGN_QUALIFIERS}. */
const FOREIGN_KEYS = new Set('clave chave chiave llave sleutel schluessel schlussel klucz kunci nyckel avain'.split(' '));
/** Words that make such a key a credential: `api`, and `secret` or `private` in those languages. */
const FOREIGN_QUALIFIERS = new Set(
  'api secreta secreto segreta segreto privada privado privata geheim geheime secrete privee salainen rahasia tajny prywatny hemlig'.split(
    ' ',
  ),
);

/** The role a name written in another language gives its value (`senha_banco`, `mot_de_passe`, `clave_api`, `mat_khau`), or null. */
function foreignRole(words: readonly string[]): NameRole | null {
  if (words.length > 4) return null;
  let key = false;
  let qualified = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const before = words[i - 1];
    if (FOREIGN_PASSWORDS.has(word)) return 'password';
    // French `mot de passe`, Portuguese `palavra-passe`, Vietnamese `mật khẩu`, Indonesian `kata sandi`, written as words.
    if ((word === 'passe' && (before === 'de' || before === 'palavra')) || (word === 'khau' && before === 'mat')) return 'password';
    if (word === 'sandi' && (before === 'kata' || i === 0)) return 'password';
    key ||= FOREIGN_KEYS.has(word);
    qualified ||= FOREIGN_QUALIFIERS.has(word);
  }
  return key && qualified ? 'key' : null;
}

/** Last words that make the name a credential, and what kind. */
const HEADS: ReadonlyMap<string, NameRole> = new Map<string, NameRole>([
  ['password', 'password'],
  ['passwd', 'password'],
  // Its common misspellings in chat (`pasword`, `passwrd`).
  ['pasword', 'password'],
  ['passwrd', 'password'],
  ['pwd', 'password'],
  ['pw', 'password'],
  ['pass', 'password'],
  ['passphrase', 'password'],
  ['pswd', 'password'],
  ['psk', 'password'],
  // `SSHPASS`, the variable `sshpass -e` reads.
  ['sshpass', 'password'],
  // The word for a password in German, Dutch, Portuguese, Italian, Czech, Finnish, Norwegian and Danish (`Passwort: …`).
  ...FOREIGN_PASSWORD_WORDS.map((word): [string, NameRole] => [word, 'password']),
  // An NT hash (mimikatz's `NTLM : <hex>`) logs in as the password does.
  ['ntlm', 'password'],
  ['authtok', 'password'],
  ['secret', 'secret'],
  // An application's salt (WordPress' `NONCE_SALT`, Drupal's `hash_salt`, Strapi's `API_TOKEN_SALT`) keys its hashes as a secret does.
  ['salt', 'secret'],
  // `secret` in Spanish, Portuguese and Italian, after its noun (`Chave secreta: …`, `chiave segreta`).
  ...['secreta', 'secreto', 'segreta', 'segreto'].map((word): [string, NameRole] => [word, 'secret']),
  // Duo's `skey` (beside its `ikey` and `akey`), the S/KEY one-time password; `sk` beside an `ak` (Huawei's and others' access key pairs).
  ['skey', 'secret'],
  ['sk', 'secret'],
  ['token', 'token'],
  ['tocken', 'token'],
  ['pat', 'token'],
  // curl's `--oauth2-bearer`: the bearer token itself.
  ['bearer', 'token'],
  ['jwt', 'token'],
  // A one-time password's seed (`login_totp`, `TOTP Seed`): whoever holds it makes the codes.
  ['totp', 'secret'],
  ['key', 'key'],
  ['auth', 'auth'],
  ['authorization', 'auth'],
  ['credential', 'credential'],
  ['credentials', 'credential'],
  ['creds', 'credential'],
]);

/**
 * Words that make a credential-like name something else: public keys, anti-forgery and paging
 * tokens, database, cache and duplicate-detection keys (NZBGet's `DupeKey`), counts (`max_tokens`), a reference to a stored secret (`existingSecret`), PubNub's
 * subscribe key (shipped in every client), an Ethereum validator's withdrawal credentials (a public address's hash).
 */
const NOT_SECRET = new Set(
  (
    'public publishable pub csrf xsrf next page continuation cursor sort partition foreign cache idempotency dedup max ' +
    'min num count total hash row object map lookup sequence schema bucket ssh gpg pgp host authorized known foo dummy fake dupe ' +
    'example sample mock instrumentation existing hashed site anon encrypted ciphertext subscribe withdrawal definition process release'
  ).split(' '),
);

/** Of {@link NOT_SECRET}, the words that make a password something else too; the rest say where a key lives (`EMAIL_HOST_PASSWORD`, `ansible_ssh_pass`, `cache_password`). */
const NOT_A_PASSWORD = new Set('public publishable pub max min num count total hash example sample mock dummy fake foo'.split(' '));

/** Last words that say which environment, instance or encoding a credential is for, or that it is written in clear, not what it is (`b` is `B64` with its count read off). */
const NAME_SUFFIXES = new Set(
  (
    'prod production dev development staging stage live sandbox local qa uat pilot b hex pem der plain plaintext clear cleartext raw ' +
    'primary secondary backup old new legacy readonly rw ro property content material seed'
  ).split(' '),
);

/** Words a salt is named after when it is a public parameter: a signature's, a password hash's, an encryption's, a key derivation's (a name's trailing number read off: `Argon2` is `argon`). */
const SALT_OWNERS = new Set(['signing', 'password', 'encryption', 'argon', 'scrypt', 'pbkdf', 'kdf']);

/** The role a name gives its value, or null when it names no credential. */
export function nameRole(words: readonly string[]): NameRole | null {
  if (words.length === 0) return null;
  // `NANGO_SECRET_KEY_PROD`, `PRIVATE_KEY_B64`: a last word that says which environment or which encoding names the same credential.
  if (words.length > 1 && NAME_SUFFIXES.has(words[words.length - 1] ?? '')) return nameRole(words.slice(0, -1));
  // Alone, `pass` is a verb or a test result far more often than a password, and `pw` a variable of any kind (`$pw = Read-Host`): only a random value is taken.
  if (words.length === 1 && (words[0] === 'pass' || words[0] === 'pw')) return 'secret';
  const last = words[words.length - 1] ?? '';
  const before = words[words.length - 2];
  // A password's hash (`password_hash`, RabbitMQ's definitions) recovers the password offline: it is a secret too.
  if (last === 'hash' && (before === 'password' || before === 'passwd')) return 'secret';
  // Phoenix's `signing_salt` is public by design (the key is derived from a secret kept elsewhere), as is a password hash's salt.
  // A salt named alone is a key derivation's parameter, stored beside its hash (`"salt": …, "iterations": …`).
  // So is Pulumi's `encryptionsalt`, written beside the stack's ciphertexts.
  // So is a key derivation's salt in a key file's header (PuTTY's `Argon2-Salt`).
  if (last === 'salt' && (before === undefined || SALT_OWNERS.has(before))) return null;
  // Drupal's `hash_salt` keys its one-time links and form tokens, and VNPay's `vnp_HashSecret` signs its requests: secrets, although `hash` names no credential.
  if ((last === 'salt' || last === 'secret') && before === 'hash') return 'secret';
  // ESP-IDF's menuconfig names its settings `CONFIG_EXAMPLE_…` (`CONFIG_EXAMPLE_WIFI_PASSWORD`): a project's own, not a sample.
  if (words[0] === 'config' && words[1] === 'example') return nameRole(words.slice(2));
  // git's `user.signingkey` names the GPG or SSH key that signs commits, by its id or public key.
  if (last === 'key' && before === 'signing' && words[words.length - 3] === 'user') return null;
  // Confluent's `basic.auth.user.info`: a client's `key:secret`, under a schema registry's prefix too.
  if (last === 'info' && before === 'user' && words.includes('auth')) return 'credential';
  const cancels = HEADS.get(last) === 'password' ? NOT_A_PASSWORD : NOT_SECRET;
  // An encryption key keeps its role under a namespace that names what it encrypts (`xpack.encryptedSavedObjects.encryptionKey`).
  for (const word of words) if (cancels.has(word) && !(word === 'encrypted' && before === 'encryption')) return null;
  // `MJ_APIKEY_PRIVATE`, `TOKEN_PRIVATE`: the private one of a pair.
  if (last === 'private' && before !== undefined && before !== 'private') return HEADS.get(before) ?? null;
  if (last === 'id') {
    // A private key's id (a service account file) names the key; a secret id (Tencent Cloud) is its access id.
    if (before === 'key' && words[words.length - 3] === 'private') return 'key';
    // An access key's id (`AWS_ACCESS_KEY_ID`) is the half of the pair that names the key: taken as a client id.
    if (before === 'key' && words[words.length - 3] === 'access') return 'client-id';
    return before === 'client' || before === 'access' || before === 'secret' ? 'client-id' : null;
  }
  // OCI's `pass_phrase`: a passphrase written as two words.
  if (last === 'phrase' && before === 'pass') return 'password';
  // `auth_session`, `login_session`: the session that carries a login, a bearer credential.
  if (last === 'session' && (before === 'auth' || before === 'login')) return 'token';
  // Azure Service Bus' `SharedSecretValue`, proxmoxer's `token_value`: the value of the credential the word before names.
  if (last === 'value' && before !== undefined && before !== 'value') return nameRole(words.slice(0, -1));
  // Rails' `secret_key_base`.
  if (last === 'base' && before === 'key' && words[words.length - 3] === 'secret') return 'secret';
  // A client key (Adyen's `clientKey`, Midtrans') is the key a payment page gives the browser: public by design; sent in a
  // header (`X-Client-Key`), it is a caller's key.
  if (words.length === 2 && last === 'key' && before === 'client') return null;
  // LaunchDarkly's mobile key (`mob-…`) ships inside every build of an app, as a client id does.
  if (last === 'key' && before === 'mobile') return null;
  // The Web Push API's `applicationServerKey` is the VAPID key pair's public half, which every browser receives.
  if (last === 'key' && before === 'server' && words[words.length - 3] === 'application') return null;
  // WildFly's `credential-reference={clear-text="…"}`: a password as written.
  if (last === 'text' && before === 'clear') return 'password';
  // keytool's and Ant's `storepass`, `keypass`, `srcstorepass`: a keystore's password written as one word.
  if (words.length === 1 && KEYSTORE_PASS_RE.test(last)) return 'password';
  // Agora's `appCertificate`: the app's signing secret, not a certificate.
  if (last === 'certificate' && before === 'app') return 'secret';
  return HEADS.get(last) ?? foreignRole(words);
}

/** A keystore's password named in one word (keytool's flags, Ant's `signjar` attributes). */
const KEYSTORE_PASS_RE = /^(?:src|dest|new)?(?:store|key)pass$/;

/**
 * Cheap test before splitting a name into words: every credential-like name, and every name a
 * named record knows, holds one of these.
 */
const NAME_HINT_RE = new RegExp(
  `pass|pw|pswd|secret|token|key|auth|cred|id|pat|bearer|mnemonic|seed|totp|phrase|contribsys|honeycomb|login|clear.?text|^encrypt$|setcookie|erlang_cookie|release_cookie|set_cookie|psk|ntlm|certificate|salt|^sk$|pasword|passwrd|tocken|${FOREIGN_PASSWORD_WORDS.join('|')}|contrase|has[łl]o|[şs]ifre|senord|jelsz|khau|${[...FOREIGN_KEYS].join('|')}`,
  'i',
);

/** The last name tested and its answer: dense text tests one name line after line, and comparing it is cheaper than the search. */
let lastHintName = '';
let lastHint = false;

/** Whether `name` holds a word every credential-like name holds one of. */
export function hintsCredential(name: string): boolean {
  if (name !== lastHintName) {
    lastHintName = name;
    lastHint = NAME_HINT_RE.test(name);
  }
  return lastHint;
}
