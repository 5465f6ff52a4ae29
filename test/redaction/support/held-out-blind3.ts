/** A third held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md): other vendors, other structures, other look-alikes. */

/** A third held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md): other vendors, other structures, other look-alikes. */
export const BLIND3_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor tokens of services not covered before.
  ['ably-key-in-js', "const ably = new Ably.Realtime({ key: '{B6}.{B6}:«{B43}»' });"],
  ['paddle-key-in-python', 'paddle = Client("«pdl_sdbx_apikey_01{l24}_{a22}_{a3}»", options=Options(Environment.SANDBOX))'],
  ['duffel-token-chat', "here's the sandbox token for the flight search demo: «duffel_test_{B43}» (don't use it in prod)"],
  ['youtrack-permanent-token', 'youtrack:\n  url: https://acme.youtrack.cloud\n  token: «perm:{a11}=.{a15}=.{a30}»'],
  [
    'harness-pat-terraform',
    'provider "harness" {\n  endpoint         = "https://app.harness.io/gateway"\n  account_id       = "{B22}"\n  platform_api_key = "«pat.{B22}.{h24}.{a20}»"\n}',
  ],
  ['zuplo-key-chat', 'zuplo consumer key for acme-mobile is «zpka_{h32}_{h8}», it expires in 30 days'],
  [
    'klaviyo-private-key',
    "curl --request GET --url https://a.klaviyo.com/api/lists/ --header 'Authorization: Klaviyo-API-Key «pk_{h34}»' --header 'revision: 2024-10-15'",
  ],
  ['mollie-key-php', '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("«live_{a30}»");'],
  ['checkout-sandbox-key', 'checkout.com sandbox secret: «sk_sbox_{l27}» and public key pk_sbox_{l27}'],
  ['mailersend-token-js', 'const mailerSend = new MailerSend({ apiKey: "«mlsn.{h64}»" });'],
  [
    'axiom-token-vector',
    '[sinks.axiom]\ntype = "axiom"\ninputs = ["app_logs"]\ndataset = "prod-logs"\ntoken = "«xaat-{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'langfuse-secret-env',
    'LANGFUSE_PUBLIC_KEY="pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}"\nLANGFUSE_SECRET_KEY="«sk-lf-{h8}-{h4}-{h4}-{h4}-{h12}»"\nLANGFUSE_HOST="https://cloud.langfuse.com"',
  ],
  ['woocommerce-query', 'GET https://shop.acme.io/wp-json/wc/v3/orders?consumer_key=«ck_{h40}»&consumer_secret=«cs_{h40}»'],
  ['ghost-admin-key', "const api = new GhostAdminAPI({ url: 'https://blog.acme.io', key: '{h24}:«{h64}»', version: 'v5.0' });"],
  ['cloudinary-url', 'CLOUDINARY_URL=cloudinary://{d15}:«{B27}»@acme-media'],
  [
    'msteams-webhook',
    'TEAMS_WEBHOOK_URL=«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'google-chat-webhook',
    'curl -X POST "https://chat.googleapis.com/v1/spaces/AAAA{B7}/messages?key=«AIzaSy{B33}»&token=«{B43}%3D»" -d @msg.json',
  ],
  [
    'pubnub-secret-key',
    'const pubnub = new PubNub({\n  publishKey: "pub-c-{h8}-{h4}-{h4}-{h4}-{h12}",\n  subscribeKey: "sub-c-{h8}-{h4}-{h4}-{h4}-{h12}",\n  secretKey: "«sec-c-{a48}»",\n  userId: "billing-worker",\n});',
  ],
  ['telnyx-key-python', 'telnyx.api_key = "«KEY{H32}_{a22}»"'],
  [
    'sparkpost-raw-auth',
    'curl -X POST https://api.sparkpost.com/api/v1/transmissions -H "Authorization: «{h40}»" -H "Content-Type: application/json" -d @mail.json',
  ],
  [
    'mailjet-basic-user',
    'curl -s -X POST --user "{h32}:«{h32}»" https://api.mailjet.com/v3.1/send -H "Content-Type: application/json" -d @mail.json',
  ],
  ['pipedrive-query-token', 'fetch("https://acme.pipedrive.com/api/v1/deals?status=open&api_token=«{h40}»")'],
  ['zoho-oauthtoken', 'Authorization: Zoho-oauthtoken «1000.{h32}.{h32}»'],
  ['quay-robot-login', 'docker login -u="acme+deployer" -p="«{u64}»" quay.io'],
  ['ngrok-authtoken-cli', 'ngrok config add-authtoken «2{a26}_{a21}»'],
  ['jenkins-cli-auth', 'java -jar jenkins-cli.jar -s https://ci.acme.io/ -auth deploy:«11{h32}» build api-release -p VERSION=2.4.1'],
  [
    'akamai-edgerc',
    '[default]\nclient_secret = «{b43}=»\nhost = akab-{l16}-{l16}.luna.akamaiapis.net\naccess_token = «akab-{l16}-{l16}»\nclient_token = «akab-{l16}-{l16}»',
  ],
  ['backblaze-b2-env', 'B2_APPLICATION_KEY_ID=00{h10}0000000{d3}\nB2_APPLICATION_KEY=«K00{d1}{a27}»'],
  ['flagsmith-server-key', 'flagsmith = Flagsmith(environment_key="«ser.{a22}»", enable_local_evaluation=True)'],
  ['statsig-server-secret', 'await Statsig.initialize("«secret-{a43}»", { environment: { tier: "production" } });'],
  [
    'unleash-backend-token',
    "const unleash = initialize({\n  url: 'https://unleash.acme.io/api/',\n  appName: 'billing',\n  customHeaders: { Authorization: '«default:production.{h56}»' },\n});",
  ],
  ['prefect-api-key-cli', 'prefect cloud login -k «pnu_{a36}» --workspace acme/prod'],
  ['firecrawl-key-python', 'app = FirecrawlApp(api_key="«fc-{h32}»")'],
  ['ory-pat-header', 'curl -H "Authorization: Bearer «ory_pat_{a32}»" https://{l8}-{l6}.projects.oryapis.com/admin/identities'],
  ['midtrans-server-key', "\\Midtrans\\Config::$serverKey = '«SB-Mid-server-{B24}»';\n\\Midtrans\\Config::$isProduction = false;"],
  [
    'paypal-access-token-json',
    '{"scope":"https://uri.paypal.com/services/invoicing","access_token":"«A21AA{B92}»","token_type":"Bearer","app_id":"APP-80W284485P519543T","expires_in":32400}',
  ],
  [
    'neptune-api-token',
    'NEPTUNE_API_TOKEN="«eyJhcGlfYWRkcmVzcyI6Imh0dHBzOi8vYXBwLm5lcHR1bmUuYWkiLCJhcGlfdXJsIjoiaHR0cHM6Ly9hcHAubmVwdHVuZS5haSIsImFwaV9rZXkiOiI{a96}In0=»"',
  ],
  ['tinybird-token', 'tb auth --host https://api.europe-west2.gcp.tinybird.co --token «p.eyJ1IjogI{a60}.{B43}»'],
  ['recaptcha-secret-django', "RECAPTCHA_PUBLIC_KEY = '6L{B38}'\nRECAPTCHA_PRIVATE_KEY = '«6L{B38}»'"],
  ['turnstile-secret', 'formData.append("secret", "«0x4AAAAAAA{B25}»");\nformData.append("response", token);'],
  ['virustotal-header', "curl --request GET --url https://www.virustotal.com/api/v3/files/{h64} --header 'x-apikey: «{h64}»'"],
  ['bitwarden-sm-token', 'BWS_ACCESS_TOKEN=«0.{h8}-{h4}-{h4}-{h4}-{h12}.{a30}:{b22}==» bws secret list'],
  ['adafruit-io-key', 'ADAFRUIT_IO_USERNAME = "acme_lab"\nADAFRUIT_IO_KEY = "«aio_{a28}»"'],
  ['transifex-rc', '[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken = «1/{h40}»'],
  [
    'here-api-key-query',
    'https://router.hereapi.com/v8/routes?transportMode=car&origin=52.5308,13.3847&destination=52.5264,13.3686&return=summary&apiKey=«{B43}»',
  ],
  ['etherscan-query-key', 'https://api.etherscan.io/api?module=account&action=balance&address=0x{h40}&tag=latest&apikey=«{u34}»'],

  // Structural: connection strings of various drivers.
  ['jdbc-postgres-params', 'spring.datasource.url=jdbc:postgresql://db.acme.io:5432/app?user=app&password=«{a16}»&ssl=true'],
  ['jdbc-oracle-thin', 'jdbc:oracle:thin:scott/«{a12}»@//db.acme.io:1521/ORCLPDB1'],
  [
    'odbc-driver-braces',
    'conn = pyodbc.connect("Driver={ODBC Driver 18 for SQL Server};Server=tcp:db.acme.io,1433;Database=app;Uid=svc;Pwd=«{a14}»;Encrypt=yes;")',
  ],
  ['mongodb-srv-options', 'MONGO_URL=mongodb+srv://svc_app:«{a20}»@cluster0.{l5}.mongodb.net/app?retryWrites=true&w=majority'],
  ['rediss-default-user', 'REDIS_URL=rediss://default:«{a32}»@{l12}.upstash.io:6379'],
  ['amqps-url', 'broker_url = "amqps://{l8}:«{B32}»@{l8}.rmq.cloudamqp.com/{l8}"'],
  ['alembic-ini-url', '[alembic]\nscript_location = migrations\nsqlalchemy.url = mysql+pymysql://root:«{a14}»@127.0.0.1:3306/app'],
  ['libpq-keyword-dsn', 'psql "host=db.acme.io port=5432 dbname=app user=app password=«{a16}» sslmode=require"'],
  [
    'adonet-xml-attribute',
    '<connectionStrings>\n  <add name="Main" connectionString="Data Source=db.acme.io;Initial Catalog=app;User ID=sa;Password=«{a14}»" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'kafka-jaas-config',
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{b64}»";',
  ],
  // Structural: key=value in many syntaxes.
  [
    'compose-environment',
    'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: «{a20}»',
  ],
  [
    'k8s-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: payments-api\ntype: Opaque\nstringData:\n  API_TOKEN: «{a40}»',
  ],
  ['toml-database-table', '[database]\nhost = "db.acme.io"\nuser = "app"\npassword = "«{a18}»"'],
  ['ini-pass-key', '[smtp]\nhost = smtp.acme.io\nuser = alerts\npass = «{a16}»'],
  ['properties-rabbitmq', 'spring.rabbitmq.host=mq.acme.io\nspring.rabbitmq.username=app\nspring.rabbitmq.password=«{a20}»'],
  ['hcl-db-instance', 'resource "aws_db_instance" "main" {\n  engine   = "postgres"\n  username = "app_admin"\n  password = "«{a20}»"\n}'],
  ['go-struct-literal', 'cfg := db.Config{Host: "db.acme.io", User: "app", Password: "«{a16}»", Port: 5432}'],
  ['php-array-password', "'mysql' => [\n    'driver' => 'mysql',\n    'username' => 'forge',\n    'password' => '«{a16}»',\n],"],
  ['python-headers-dict', 'headers = {"X-API-Key": "«{a40}»", "Accept": "application/json"}'],
  [
    'npmrc-underscore-password',
    '//nexus.acme.io/repository/npm-private/:username=ci\n//nexus.acme.io/repository/npm-private/:_password=«{b24}»',
  ],
  ['pipconf-index-url', '[global]\nindex-url = https://__token__:«{a40}»@pypi.acme.io/simple/'],
  ['wpa-supplicant-psk', 'network={\n  ssid="acme-office"\n  psk="«{a20}»"\n}'],
  // Structural: command lines.
  ['cli-api-key-equals', 'acme-cli deploy --api-key=«{a40}» --region eu-west-1'],
  ['clickhouse-client-password', 'clickhouse-client --host ch.acme.io --secure --user default --password «{a20}» --query "SELECT 1"'],
  ['mysql-p-attached', 'mysql -h db.acme.io -u admin -p«{a14}» app_prod'],
  ['powershell-securestring', 'New-LocalUser -Name svc_backup -Password (ConvertTo-SecureString "«{a14}»" -AsPlainText -Force)'],
  ['vault-userpass-login', 'vault login -method=userpass username=ops password=«{a16}»'],
  ['smtp-login-positional', 'server = smtplib.SMTP_SSL("smtp.acme.io", 465)\nserver.login("alerts@acme.io", "«{a16}»")'],
  // Structural: HTTP headers, URLs, cookies.
  ['basic-auth-header', 'GET /api/v2/status HTTP/1.1\nHost: registry.acme.io\nAuthorization: Basic «{b32}»'],
  ['token-scheme-header', 'Authorization: Token token="«{h32}»"'],
  ['api-key-scheme-header', 'curl -H "Authorization: Api-Key «{B40}»" https://llm.api.cloud.acme.io/v1/completion'],
  ['custom-vendor-header', 'curl https://api.acme.io/v3/reports -H "X-Acme-Token: «{a48}»"'],
  ['hasura-admin-secret', 'curl https://gql.acme.io/v1/graphql -H "x-hasura-admin-secret: «{a32}»" -d \'{"query":"{ users { id } }"}\''],
  ['url-userinfo-git', 'git clone https://deploy:«{a24}»@git.acme.io/platform/api.git'],
  ['query-access-token', 'GET /v2/me?fields=id,name&access_token=«{a64}» HTTP/1.1'],
  ['query-api-key-ampersand', 'https://api.acme-weather.io/v1/forecast?lat=52.52&lon=13.40&api_key=«{h32}»&units=metric'],
  ['jwt-grpcurl', "grpcurl -H 'authorization: Bearer «eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B40}.{B86}»' api.acme.io:443 list"],
  ['cookie-sessionid', 'Cookie: _ga=GA1.2.{d10}.{d10}; sessionid=«{l32}»; theme=dark'],
  ['set-cookie-connect-sid', 'Set-Cookie: connect.sid=«s%3A{B32}.{B43}»; Path=/; HttpOnly; Secure'],
  ['log-json-body-password', '2024-06-01T10:22:13Z DEBUG http: POST /login body={"username":"ops","password":"«{a14}»"}'],
  // Structural: password hashes.
  ['bcrypt-json-fixture', '{"email": "ops@acme.io", "password_hash": "«$2b$12${p53}»"}'],
  ['argon2id-passwd-line', 'admin:«$argon2id$v=19$m=65536,t=3,p=4${b22}${b43}»'],
  ['sha512-crypt-shadow', 'root:«$6${p16}${p86}»:19700:0:99999:7:::'],
  ['yescrypt-usermod', "usermod -p '«$y$j9T${p22}${p43}»' deploy"],
  [
    'django-pbkdf2-fixture',
    '{"model": "auth.user", "pk": 1, "fields": {"username": "admin", "password": "«pbkdf2_sha256$870000${a22}${b43}=»"}}',
  ],
  // Structural: private keys.
  [
    'openssh-yaml-block',
    'ssh_private_key: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  «b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW»\n  «{b70}»\n  «{b70}»\n  «{b70}»\n  «{b26}»\n  -----END OPENSSH PRIVATE KEY-----',
  ],
  [
    'pkcs8-ec-dotenv',
    'JWT_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n«MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg{b16}»\\n«{b64}»\\n«{b56}»\\n-----END PRIVATE KEY-----"',
  ],
  [
    'putty-ppk-v3',
    'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@acme\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI{b39}\n{b3}=\nPrivate-Lines: 1\n«AAAAI{b43}»\nPrivate-MAC: {h64}',
  ],
];

/** A third held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md): other vendors, other structures, other look-alikes. */
export const BLIND3_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers and code under credential-like names.
  ['identifier', 'func (s *Server) rotateSigningKey(ctx context.Context) error {'],
  ['identifier', 'const isPasswordValid = await bcrypt.compare(plain, user.passwordHash);'],
  ['identifier', '@JsonProperty("refresh_token_expires_in") private Long refreshTokenExpiresIn;'],
  ['identifier', 'let tokenizer = Tokenizer::from_pretrained("bert-base-uncased", None)?;'],
  ['identifier', 'public class AuthenticationTokenRefreshSchedulerConfigurationProperties {'],
  ['identifier', 'const digest = crypto.createHmac("sha256", signingSecret).update(rawBody).digest("hex");'],
  ['identifier', 'password = data.aws_secretsmanager_secret_version.db.secret_string'],
  ['i18n', '"auth.password.reset.success": "Your password has been changed.",'],
  ['i18n', "t('settings.apiKeys.revokeConfirm', { name: key.name })"],
  // Placeholders and template references.
  ['placeholder', 'API_KEY=<your-api-key-here>'],
  ['placeholder', 'token: {{ .Values.api.token }}'],
  ['placeholder', '[db]\npassword = %(db_password)s'],
  ['placeholder', '"acme.apiKey": "${env:ACME_API_KEY}"'],
  ['placeholder', 'client_secret: xxxxxxxxxxxxxxxxxxxxxxxx'],
  ['placeholder', 'secret_key = "REPLACE_ME"'],
  ['placeholder', 'Authorization: Bearer {{access_token}}'],
  ['placeholder', '"token": "[REDACTED]"'],
  ['placeholder', 'GH_TOKEN: ${{ github.token }}'],
  ['placeholder', '{{ with secret "kv/data/app" }}{{ .Data.data.password }}{{ end }}'],
  // Hashes, digests and ids.
  ['digest', 'git revert --no-edit {h40}'],
  ['digest', '"hashes": [\n    "sha256:{h64}",\n    "sha256:{h64}"\n]'],
  ['digest', 'FROM python:3.12-slim@sha256:{h64}'],
  ['digest', 'golang.org/x/crypto v0.24.0 h1:{b43}='],
  [
    'digest',
    '<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>',
  ],
  [
    'digest',
    'background-image: url("data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PHBhdGggZD0iTTggMGw4IDE2SDB6Ii8+PC9zdmc+");',
  ],
  ['digest', '256 SHA256:{b43} deploy@ci (ED25519)'],
  ['digest', 'gpg --keyserver keys.openpgp.org --recv-keys 0x{H40}'],
  ['id', '"correlationId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"'],
  ['id', 'https://app.acme.io/invoices/{h8}-{h4}-{h4}-{h4}-{h12}/download'],
  ['id', '"customer": "cus_{a14}", "payment_intent": "pi_{a24}", "status": "succeeded"'],
  ['id', '{"to": "0x{h40}", "value": "0x2386f26fc10000", "gas": "0x5208"}'],
  ['id', 'ISBN 978-0-13-468599-1'],
  ['id', 'https://youtu.be/{B11}?t=42'],
  // Logs with request and trace ids.
  ['log', 'traceparent: 00-{h32}-{h16}-01'],
  ['log', 'level=info msg="token cache refreshed" entries=128 duration=4.2ms request_id=01{u24}'],
  ['log', 'Sentry event {h32} captured for release api@2.4.1'],
  // Resource names, paths, URLs without credentials.
  ['resource', 'arn:aws:ssm:us-west-2:{d12}:parameter/app/prod/db_password'],
  ['resource', 'gcloud secrets versions access latest --secret=github-app-private-key --project=acme-prod-{d6}'],
  ['resource', '/var/lib/kubelet/pods/{h8}-{h4}-{h4}-{h4}-{h12}/volumes/kubernetes.io~secret/default-token-{l5}'],
  ['resource', 'ssl_certificate /etc/ssl/certs/acme.crt;\nssl_certificate_key /etc/ssl/private/acme.key;'],
  ['url', 'https://acmeprodlogs.blob.core.windows.net/app-logs/2024/05/01/api.log'],
  // Commands, prose, CSS, docs.
  ['command', "kubectl get secret db-credentials -o jsonpath='{.data.password}' | base64 -d"],
  ['prose', 'Never commit your API key; store it in a secrets manager and reference it as an environment variable.'],
  ['prose', 'If you forget your password, click "Forgot password" and we will email you a reset link valid for 30 minutes.'],
  ['docs', "| password | string | yes | The user's password (min 12 chars) |"],
  ['docs', 'Access-Control-Allow-Headers: Authorization, X-API-Key, X-CSRF-Token'],
  ['css', '.btn-primary { background: #1f6feb; border-color: #1a5fd0; } #token-list > li:nth-child(2n) { opacity: .8; }'],
  ['version', 'Bumps [jsonwebtoken](https://github.com/auth0/node-jsonwebtoken) from 8.5.1 to 9.0.2.'],
  ['regex', 'PASSWORD_REGEX = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{12,}$/'],
];
