/** An eleventh held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning. */
export const BLIND11_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'growthbook-secret-key-basic-user',
    'GrowthBook REST API keeps answering 401, am I passing the key wrong?\n' +
      'curl https://api.growthbook.io/api/v1/features -u «secret_admin_{a40}»:',
  ],
  [
    'devcycle-server-sdk-key-dotenv',
    '# .env.production\nDEVCYCLE_SERVER_SDK_KEY=«dvc_server_{h8}_{h4}_{h4}_{h4}_{h12}_{h7}»\nDEVCYCLE_ENABLE_EDGE_DB=false',
  ],
  [
    'plane-api-key-header-curl',
    'works against api.plane.so but 401s through our proxy:\n' +
      'curl "https://api.plane.so/api/v2/users/me/" -H "X-Api-Key: «plane_api_{h32}»"',
  ],
  [
    'weglot-translate-api-key-query',
    'POST https://api.weglot.com/translate?api_key=«wg_{h32}» returns 402, but the dashboard says we have words left',
  ],
  [
    'coingecko-pro-header-python-dict',
    'HEADERS = {"accept": "application/json", "x-cg-pro-api-key": "«CG-{a24}»"}\n' +
      'r = requests.get(f"{BASE}/coins/markets", headers=HEADERS, params={"vs_currency": "usd"}, timeout=20)',
  ],
  [
    'covalent-goldrush-basic-username-colon',
    'curl -X GET https://api.covalenthq.com/v1/eth-mainnet/address/demo.eth/balances_v2/ \\\n' +
      '  -u «cqt_{a26}»: -H "Content-Type: application/json"',
  ],
  [
    'retell-key-node-client',
    "import Retell from 'retell-sdk';\n\nconst client = new Retell({ apiKey: '«key_{h28}»' });\n" +
      'const agents = await client.agent.list();',
  ],
  ['gitbook-api-token-bearer', 'curl -H "Authorization: Bearer «gb_api_{a40}»" https://api.gitbook.com/v1/user'],
  [
    'omise-secret-key-basic-user',
    'curl https://api.omise.co/charges -X POST -u «skey_{l19}»: \\\n  -d "amount=150000" -d "currency=thb" -d "card=tokn_{l19}"',
  ],
  [
    'conekta-private-key-bearer-accept-version',
    'curl -X GET https://api.conekta.io/customers \\\n  -H "Accept: application/vnd.conekta-v2.1.0+json" \\\n' +
      '  -H "Authorization: Bearer «key_{a27}»"',
  ],
  ['modern-treasury-live-key-dotenv', 'MODERN_TREASURY_ORGANIZATION_ID={h8}-{h4}-{h4}-{h4}-{h12}\nMODERN_TREASURY_API_KEY=«live-{a48}»'],
  [
    'shopware-integration-client-credentials-body',
    'POST https://shop.acme-outdoor.de/api/oauth/token\nContent-Type: application/json\n\n' +
      '{"grant_type": "client_credentials", "client_id": "SWIA{U22}", "client_secret": "«{a56}»"}',
  ],
  [
    'gcore-permanent-token-apikey-scheme',
    'export GCORE_API_KEY=\'«{d5}${h64}»\'\ncurl -H "Authorization: APIKey $GCORE_API_KEY" https://api.gcore.com/iam/users/me',
  ],
  ['volcengine-ak-sk-zshrc', '# ~/.zshrc\nexport VOLC_ACCESSKEY=«AKLT{a43}»\nexport VOLC_SECRETKEY=«{b58}==»'],
  [
    'teamtailor-token-token-header',
    "headers = {\n    'Authorization': 'Token token=«{a40}»',\n    'X-Api-Version': '20240404',\n}\n" +
      "resp = requests.get('https://api.teamtailor.com/v1/candidates', headers=headers)",
  ],
  [
    'textmagic-tm-key-headers-curl',
    'curl https://rest.textmagic.com/api/v2/messages -H "X-TM-Username: opsalerts" -H "X-TM-Key: «{a30}»" -d ' +
      '"text=disk 92% on db-2" -d "phones=447700900123"',
  ],
  [
    'pivotal-tracker-x-trackertoken',
    'curl -X GET -H "X-TrackerToken: «{h32}»" \\\n' +
      '  "https://www.pivotaltracker.com/services/v5/projects/{d7}/stories?with_state=started"',
  ],
  ['papertrail-cli-yml-token', "$ cat ~/.papertrail.yml\ntoken: «{a20}»\n$ papertrail -f 'program:sidekiq severity:error'"],
  [
    'buttercms-auth-token-fetch-url',
    'const res = await fetch(`https://api.buttercms.com/v2/pages/landing-page/homepage/?auth_token=«{h40}»&preview=1`);',
  ],
  [
    'datocms-cma-bearer-api-version',
    "curl -H 'Authorization: Bearer «{h30}»' -H 'Accept: application/json' -H 'X-Api-Version: 3' " + 'https://site-api.datocms.com/site',
  ],
  [
    'storyblok-pat-raw-authorization-header',
    'the management API wants the personal token with no Bearer word:\n' +
      'curl -H "Authorization: «{a22}-{d6}-{a20}»" https://mapi.storyblok.com/v1/spaces/{d6}/stories',
  ],
  [
    'cloudsmith-api-key-export-push',
    'export CLOUDSMITH_API_KEY=«{h40}»\ncloudsmith push python acme/internal dist/acme_utils-2.3.1-py3-none-any.whl',
  ],
  ['healthchecks-management-key-header', 'curl --header "X-Api-Key: «{a32}»" https://healthchecks.io/api/v3/checks/'],
  [
    'securitytrails-apikey-bare-header',
    'curl --include --header "APIKEY: «{a32}»" \'https://api.securitytrails.com/v1/domain/acme-corp.io/subdomains\'',
  ],
  [
    'airbrake-project-key-ruby-initializer',
    "# config/initializers/airbrake.rb\nAirbrake.configure do |c|\n  c.project_id = {d6}\n  c.project_key = '«{h32}»'\n" +
      '  c.environment = Rails.env\nend',
  ],
  ['akeyless-configure-access-key-flag', 'akeyless configure --profile default --access-id p-{l12} --access-key «{b43}=»'],
  ['civo-apikey-save-positional', 'civo apikey save prod «{a50}» && civo apikey current prod && civo kubernetes ls'],
  [
    'coinmarketcap-pro-header-uuid',
    "curl -H 'X-CMC_PRO_API_KEY: «{h8}-{h4}-{h4}-{h4}-{h12}»' -H 'Accept: application/json' \\\n" +
      '  -G https://pro-api.coinmarketcap.com/v1/cryptocurrency/listings/latest -d limit=10',
  ],
  ['aircall-api-id-token-basic', "curl -X GET 'https://api.aircall.io/v1/calls/search?per_page=20&order=desc' -u '{h32}:«{h32}»'"],
  ['wistia-api-token-dotenv', 'WISTIA_API_TOKEN=«{h64}»\nWISTIA_PROJECT_ID={l10}'],
  [
    'drone-cli-token-export',
    'export DRONE_SERVER=https://drone.acme.dev\nexport DRONE_TOKEN=«{a32}»\n' +
      'drone secret add --repository acme/api --name docker_password --data @pw.txt',
  ],
  [
    'codemagic-x-auth-token-trigger-build',
    'curl -H "Content-Type: application/json" -H "x-auth-token: «{B43}»" \\\n' +
      '  --data \'{"appId": "{h24}", "workflowId": "ios-release", "branch": "main"}\' \\\n  -X POST https://api.codemagic.io/builds',
  ],
  [
    'gemfury-token-in-push-url',
    'git remote add fury https://«{a20}»@git.fury.io/acme/\n' + 'curl -F package=@acme-sdk-1.4.0.gem https://«{a20}»@push.fury.io/acme/',
  ],
  [
    'chocolatey-push-api-key-flag',
    'choco push acme-agent.2.7.0.nupkg --source https://push.chocolatey.org/ --api-key «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'oci-cli-config-pass-phrase',
    '[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa{k52}\n' +
      'fingerprint={h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}\n' +
      'tenancy=ocid1.tenancy.oc1..aaaaaaaa{k52}\nregion=eu-frankfurt-1\nkey_file=~/.oci/oci_api_key.pem\npass_phrase=«{a20}»',
  ],
  [
    'sakura-cloud-token-and-secret-env',
    'export SAKURACLOUD_ACCESS_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»\nexport SAKURACLOUD_ACCESS_TOKEN_SECRET=«{a64}»\n' +
      'export SAKURACLOUD_ZONE=is1b\nterraform plan',
  ],
  [
    'zilliz-cloud-milvus-client-token',
    'client = MilvusClient(\n    uri="https://in03-{h15}.serverless.gcp-us-west1.cloud.zilliz.com",\n    token="«{h104}»",\n)',
  ],
  [
    'redis-cloud-account-key-and-user-secret',
    'curl -s https://api.redislabs.com/v1/subscriptions \\\n  -H "x-api-key: «{a50}»" \\\n  -H "x-api-secret-key: «{a50}»"',
  ],
  ['bitfinex-key-secret-python-kwargs', 'from bfxapi import Client\n\nbfx = Client(\n    api_key="«{a43}»",\n    api_secret="«{a43}»",\n)'],
  [
    'tatum-x-api-key-header',
    "curl --request GET --url https://api.tatum.io/v3/ethereum/block/current --header 'x-api-key: «t-{h24}-{h32}»'",
  ],
  [
    'coveo-search-api-key-dotenv',
    'COVEO_ORGANIZATION_ID=acmeproduction{l20}\nCOVEO_API_KEY=«xx{h8}-{h4}-{h4}-{h4}-{h12}»\n' +
      'COVEO_PLATFORM_URL=https://platform.cloud.coveo.com',
  ],
  ['fathom-analytics-id-pipe-token', 'curl https://api.usefathom.com/v1/sites -H "Authorization: Bearer «{d5}|{a40}»"'],
  [
    'plausible-stats-api-bearer',
    "curl -X POST https://plausible.io/api/v2/query -H 'Authorization: Bearer «{B64}»' -H 'Content-Type: " +
      'application/json\' -d \'{"site_id": "acme.io", "metrics": ["visitors"], "date_range": "7d"}\'',
  ],
  ['snipcart-secret-key-basic-user', "curl https://app.snipcart.com/api/orders -H 'Accept: application/json' -u «{B64}»:"],
  [
    'statuspage-oauth-scheme-header',
    'curl https://api.statuspage.io/v1/pages/{l12}/incidents -H "Authorization: OAuth «{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  ['teleport-node-join-token-flag', 'sudo teleport start --roles=node --token=«{h32}» --auth-server=teleport.acme.internal:3025'],
  ['poeditor-api-token-form-field', 'curl -X POST https://api.poeditor.com/v2/projects/list -d api_token="«{h32}»"'],
  [
    'shotstack-x-api-key-fetch',
    "const res = await fetch('https://api.shotstack.io/edit/v1/render', {\n  method: 'POST',\n" +
      "  headers: { 'x-api-key': '«{a40}»', 'content-type': 'application/json' },\n  body: JSON.stringify(edit),\n});",
  ],
  [
    'attio-bearer-axios-instance',
    "const attio = axios.create({\n  baseURL: 'https://api.attio.com/v2',\n  headers: { Authorization: 'Bearer «{h64}»' },\n" + '});',
  ],
  [
    'copper-pw-access-token-headers',
    'X-PW-AccessToken: «{h32}»\nX-PW-Application: developer_api\nX-PW-UserEmail: ops@acme.io\nContent-Type: application/json',
  ],
  ['crunchy-bridge-cbkey-bearer', 'curl -H "Authorization: Bearer «cbkey_{a43}»" https://api.crunchybridge.com/clusters'],
  [
    'groovy-sql-newinstance-password-arg',
    "def sql = Sql.newInstance('jdbc:postgresql://db.internal:5432/billing', 'billing_app', '«{a16}»', " +
      "'org.postgresql.Driver')\nsql.eachRow('select count(*) from invoices') { println it }",
  ],
  [
    'jenkinsfile-withenv-literal-password',
    "stage('Migrate') {\n  steps {\n    withEnv(['FLYWAY_USER=migrator', 'FLYWAY_PASSWORD=«{a18}»']) {\n" +
      "      sh './gradlew flywayMigrate'\n    }\n  }\n}",
  ],
  [
    'ansible-mysql-user-task-password',
    '- name: Create reporting user\n  community.mysql.mysql_user:\n    name: reporting\n    password: "«{a20}»"\n' +
      '    priv: "analytics.*:SELECT"\n    host: "%"\n    state: present',
  ],
  [
    'systemd-setcredential-directive',
    '[Service]\nExecStart=/usr/local/bin/mailer --smtp-host relay.internal\nSetCredential=smtp-pass:«{a20}»\n' +
      'LoadCredential=tls.key:/etc/mailer/tls.key',
  ],
  [
    'apache-authldapbindpassword-directive',
    '<Location /grafana>\n  AuthType Basic\n  AuthBasicProvider ldap\n' +
      '  AuthLDAPURL "ldaps://ldap.acme.internal/ou=people,dc=acme,dc=internal?uid"\n' +
      '  AuthLDAPBindDN "cn=apache,ou=svc,dc=acme,dc=internal"\n  AuthLDAPBindPassword "«{a18}»"\n  Require valid-user\n</Location>',
  ],
  [
    'squid-cache-peer-login-option',
    'cache_peer proxy.upstream-isp.net parent 3128 0 no-query default login=squidsvc:«{a16}»\nnever_direct allow all',
  ],
  ['boto-config-gs-hmac-secret', '# ~/.boto\n[Credentials]\ngs_access_key_id = GOOG1E{U57}\ngs_secret_access_key = «{b40}»'],
  [
    'pg-service-conf-password-line',
    '# ~/.pg_service.conf\n[billing-ro]\nhost=pg-replica-2.internal\nport=5432\ndbname=billing\nuser=billing_ro\npassword=«{a18}»',
  ],
  [
    'muttrc-imap-pass-setting',
    'set imap_user = "dana@acme.io"\nset imap_pass = "«{a16}»"\nset folder = "imaps://mail.acme.io:993"\nset spoolfile = "+INBOX"',
  ],
  ['ppp-chap-secrets-line', '# /etc/ppp/chap-secrets\n# client   server   secret   IP addresses\n"vpnbranch"   *   "«{a14}»"   *'],
  [
    'postfix-sasl-passwd-map',
    '# /etc/postfix/sasl_passwd  (then: postmap /etc/postfix/sasl_passwd)\n' +
      '[smtp.relayhost.net]:587    relay-acme@relayhost.net:«{a18}»',
  ],
  [
    'sqlserver-create-login-with-password',
    "CREATE LOGIN [svc_reporting] WITH PASSWORD = N'«{a18}»', CHECK_POLICY = ON;\n" +
      'CREATE USER [svc_reporting] FOR LOGIN [svc_reporting];',
  ],
  [
    'oracle-create-database-link-identified-by',
    'CREATE DATABASE LINK fin_link CONNECT TO fin_ro IDENTIFIED BY "«{a14}»" USING \'FINPROD\';',
  ],
  [
    'mysql-change-replication-source-password',
    "CHANGE REPLICATION SOURCE TO SOURCE_HOST='10.0.3.14', SOURCE_USER='repl', SOURCE_PASSWORD='«{a18}»', " +
      'SOURCE_AUTO_POSITION=1, SOURCE_SSL=1;\nSTART REPLICA;',
  ],
  [
    'slapd-conf-plaintext-rootpw',
    'database    mdb\nsuffix      "dc=acme,dc=internal"\nrootdn      "cn=admin,dc=acme,dc=internal"\nrootpw      «{a16}»\n' +
      'directory   /var/lib/ldap',
  ],
  [
    'jarsigner-storepass-keypass-flags',
    'jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore release.jks -storepass «{a16}» -keypass ' +
      '«{a16}» app-release.aab upload',
  ],
  [
    'vbnet-private-const-api-secret',
    'Public Class BillingClient\n    Private Const ApiUser As String = "billing-sync"\n' +
      '    Private Const ApiSecret As String = "«{a32}»"\nEnd Class',
  ],
  [
    'perl-config-hash-api-secret',
    "my %cfg = (\n    api_user   => 'reports',\n    api_secret => '«{a32}»',\n" +
      "    endpoint   => 'https://reports.acme.internal/v2',\n);",
  ],
  ['haskell-servant-basicauthdata-literal', 'ingestCreds :: BasicAuthData\ningestCreds = BasicAuthData "svc-ingest" "«{a18}»"'],
  ['clojure-def-private-signing-secret', '(ns acme.webhooks)\n\n(def ^:private webhook-signing-secret "«{a32}»")'],
  ['ocaml-let-smtp-password', 'let smtp_host = "smtp.acme.io"\nlet smtp_user = "noreply"\nlet smtp_password = "«{a16}»"'],
  [
    'zig-struct-init-password-field',
    'const cfg = Config{\n    .host = "10.0.4.20",\n    .port = 5432,\n    .user = "ledger",\n    .password = "«{a16}»",\n};',
  ],
  [
    'nix-grafana-admin-password-option',
    'services.grafana = {\n  enable = true;\n  settings.security.admin_user = "admin";\n' +
      '  settings.security.admin_password = "«{a18}»";\n};',
  ],
  [
    'bicep-secure-param-default-value',
    "@secure()\nparam sqlAdminPassword string = '«{a18}»'\n\nresource sql 'Microsoft.Sql/servers@2023-05-01-preview' = {\n" +
      "  name: 'acme-sql-prod'\n}",
  ],
  [
    'pulumi-yaml-resource-password-property',
    'resources:\n  db:\n    type: aws:rds:Instance\n    properties:\n      engine: postgres\n      instanceClass: db.t4g.micro\n' +
      '      username: appadmin\n      password: «{a20}»',
  ],
  ['hcl-locals-redis-auth-token', 'locals {\n  env        = "prod"\n  redis_auth = "«{a32}»"\n}'],
  [
    'json-log-oauth-token-form-body',
    '{"ts": "2024-06-11T08:41:07Z", "level": "debug", "msg": "outgoing request", "method": "POST", "url": ' +
      '"https://auth.partner.io/oauth/token", "body": "grant_type=client_credentials&client_id=svc-export&client_secret=«{a40}»"}',
  ],
  [
    'node-axios-error-config-headers-dump',
    'AxiosError: Request failed with status code 403\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n' +
      "    url: 'https://api.partner.io/v1/orders',\n    headers: {\n      Accept: 'application/json',\n" +
      "      'X-Api-Key': '«{a32}»'\n    }\n  }",
  ],
  [
    'kickstart-rootpw-plaintext',
    '# ks.cfg\nlang en_US.UTF-8\nkeyboard us\ntimezone Europe/Berlin --utc\nrootpw --plaintext «{a16}»\n' +
      'user --name=ops --groups=wheel --password=«{a16}» --plaintext',
  ],
];
export const BLIND11_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'identifier',
    'const apiKeyHeaderName = "X-Api-Key";\nexport function rotateSecretKey(keyId: string) {\n  return vault.rotate(keyId);\n}',
  ],
  ['identifier', 'def get_password_hash(password: str) -> str:\n    return pwd_context.hash(password)'],
  [
    'identifier',
    'private static final String TOKEN_ENDPOINT_PATH = "/oauth2/token";\n' +
      'private static final String CLIENT_SECRET_PARAM = "client_secret";',
  ],
  [
    'identifier',
    'type Credentials struct {\n	AccessKeyID     string `json:"access_key_id"`\n' + '	SecretAccessKey string `json:"secret_access_key"`\n}',
  ],
  ['reference', 'DATABASE_PASSWORD=${DATABASE_PASSWORD:?must be set}\nSTRIPE_SECRET_KEY=${STRIPE_SECRET_KEY}'],
  ['reference', 'env:\n  - name: REDIS_PASSWORD\n    value: {{ .Values.redis.auth.password | quote }}'],
  ['reference', 'db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {h64}\n          {h64}'],
  ['reference', 'api_token: ENC[AES256_GCM,data:{b44},iv:{b43}=,tag:{b22}==,type:str]'],
  ['reference', 'SENDGRID_API_KEY="op://Production/SendGrid/credential"\nDB_PASSWORD="op://Production/Postgres/password"'],
  [
    'reference',
    '"secrets": [{"name": "STRIPE_KEY", "valueFrom": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/payments/stripe-{a6}"}]',
  ],
  [
    'reference',
    'gcloud secrets versions access latest --secret=stripe-webhook-secret  # ' +
      'projects/acme-prod/secrets/stripe-webhook-secret/versions/latest',
  ],
  ['reference', 'StorageConnection=@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/storage-conn/{h32})'],
  ['reference', 'env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  SONAR_TOKEN: ${{ secrets.SONAR_TOKEN }}'],
  ['reference', 'valueFrom:\n  secretKeyRef:\n    name: postgres-credentials\n    key: password'],
  ['digest', 'commit {h40}\nAuthor: Dana Ortiz <dana@acme.io>\n\n    fix(auth): stop logging refresh token expiry'],
  [
    'digest',
    '"node_modules/jsonwebtoken": {\n  "version": "9.0.2",\n' +
      '  "resolved": "https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  ['digest', 'HTTP/2 200\ncontent-type: application/json\netag: W/"{h32}"\ncache-control: max-age=300'],
  ['digest', '<script src="https://cdn.jsdelivr.net/npm/htmx.org@1.9.12" integrity="sha384-{b64}" crossorigin="anonymous"></script>'],
  ['digest', 'FROM node:20-alpine@sha256:{h64}'],
  ['digest', 'golang.org/x/crypto v0.23.0 h1:{b43}=\ngolang.org/x/crypto v0.23.0/go.mod h1:{b43}='],
  ['digest', 'cryptography==42.0.7 \\\n    --hash=sha256:{h64}'],
  [
    'digest',
    '[[package]]\nname = "ring"\nversion = "0.17.8"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n' +
      'checksum = "{h64}"',
  ],
  ['id', 'ERROR 2024-06-11T09:12:44Z request_id={h8}-{h4}-4{h3}-a{h3}-{h12} upstream timed out after 30s'],
  ['id', 'order_id: 01HZX{u21} (a ULID, so it sorts by creation time)'],
  ['id', 'Discord message {d19} in channel {d18} was deleted by the automod'],
  ['id', 'Refund failed for cus_{a14} / pi_{a24} (charge ch_{a24}): insufficient balance'],
  ['id', 'Posting to channel C0{u9} as bot user U0{u9}, thread_ts 1718097164.{d6}'],
  ['id', 'instance i-0{h16} in subnet-0{h16}, security group sg-0{h16}, vpc-0{h16}, ami-0{h16}'],
  ['id', "gtag('config', 'G-{u10}'); // GA4 measurement ID, it ships in the page anyway"],
  ['id', 'Sentry captured event {h32} for release web@4.12.0 (environment: production)'],
  ['public-key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dana@laptop'],
  ['public-key', '-----BEGIN CERTIFICATE-----\nMIIB{b60}\n{b64}\n{b64}\n{b20}==\n-----END CERTIFICATE-----'],
  ['public-key', '# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml\n    age: age1{k58}'],
  ['public-key', '[Peer]\nPublicKey = {b43}=\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.acme.io:51820'],
  ['public-key', '{"keys":[{"kty":"RSA","kid":"{h16}","use":"sig","alg":"RS256","n":"{B86}","e":"AQAB"}]}'],
  [
    'base64-data',
    '.dot { background-image: ' +
      'url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="); }',
  ],
  [
    'base64-data',
    'The state param is just base64 JSON: eyJyZXR1cm5UbyI6Ii9kYXNoYm9hcmQiLCJ0YWIiOiJiaWxsaW5nIn0= decodes to ' +
      '{"returnTo":"/dashboard","tab":"billing"}',
  ],
  ['placeholder', 'OPENAI_API_KEY=<paste from 1Password>\nANTHROPIC_API_KEY=\nSTRIPE_SECRET_KEY=sk_live_...'],
  ['masked', 'The dashboard lists the key as sk_live_••••••••••••4242, created 2024-03-02 by dana@acme.io'],
  ['masked', '"spring.datasource.password": {"value": "******", "origin": "System Environment Property \\"DB_PASSWORD\\""}'],
  ['version', 'acme-api version 3.18.2+build.{d4}.g{h7} (go1.22.4 linux/amd64)'],
  ['version', 'image: ghcr.io/acme/worker:sha-{h7}-20240611\nimagePullPolicy: IfNotPresent'],
  ['fixture', '// fixture for the shuffle unit test: deterministic seed bytes, not a key\nconst SEED_BYTES = "{h64}";'],
  ['fixture', 'fixtures/users.json: [{"id": 1, "name": "Ada", "avatar_hash": "{h32}"}]'],
  ['css-html-js', '<div class="css-{l7} e1{l6}0" data-testid="token-balance">12.50 USDC</div>'],
  ['css-html-js', '<script defer src="/static/js/main.{h8}.js"></script>\n<link href="/static/css/main.{h8}.css" rel="stylesheet">'],
  [
    'css-html-js',
    'const [secretVisible, setSecretVisible] = useState(false);\n' +
      'return <input type={secretVisible ? "text" : "password"} name="apiKey" autoComplete="off" />;',
  ],
  ['prose', 'Rotate the Twilio auth token first, then update the secret in Vault and redeploy; the old token stays valid for 24 hours.'],
  ['prose', 'Our API keys are 40 hex characters after an ak_ prefix, so the pre-commit hook should flag any ak_ string it sees.'],
  ['prose', 'Why does the password reset token expire after 15 minutes while the session secret is never rotated at all?'],
];
