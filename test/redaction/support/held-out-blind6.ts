/** A sixth held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md). */
export const BLIND6_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor tokens of services not covered by the earlier batches.
  // Payments.
  [
    'lemonsqueezy-api-key-curl',
    'curl "https://api.lemonsqueezy.com/v1/subscriptions?filter[store_id]={d5}" \\\n' +
      '  -H "Accept: application/vnd.api+json" \\\n' +
      '  -H "Authorization: Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiIxIiwianRpIjoi{B120}{B90}.{B120}{B120}{B102}»"',
  ],
  [
    'authorize-net-transaction-key-xml',
    '<createTransactionRequest xmlns="AnetApi/xml/v1/schema/AnetApiSchema.xsd">\n' +
      '  <merchantAuthentication>\n    <name>{a10}</name>\n    <transactionKey>«{a16}»</transactionKey>\n' +
      '  </merchantAuthentication>\n  <refId>{d8}</refId>',
  ],
  // Ecommerce and shipping.
  [
    'aftership-as-api-key-header',
    'curl --request POST https://api.aftership.com/tracking/2024-10/trackings \\\n' +
      "  --header 'as-api-key: «{h32}»' \\\n  --header 'Content-Type: application/json' \\\n" +
      '  --data \'{"tracking_number": "1Z{u16}", "slug": "ups"}\'',
  ],
  // CRM and marketing automation.
  [
    'activecampaign-api-token-php',
    "$ch = curl_init('https://acmefoods.api-us1.com/api/3/contacts?email=' . urlencode($email));\n" +
      "curl_setopt($ch, CURLOPT_HTTPHEADER, ['Api-Token: «{h72}»', 'Accept: application/json']);",
  ],
  [
    'customerio-track-key-python',
    'from customerio import CustomerIO, Regions\n\n' +
      'cio = CustomerIO(site_id="{h20}", api_key="«{h20}»", region=Regions.EU)\n' +
      'cio.identify(id=user.id, email=user.email, plan="pro")',
  ],
  [
    'braze-rest-key-curl',
    'curl -X POST https://rest.fra-02.braze.eu/users/track \\\n' +
      '  -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -H "Content-Type: application/json" \\\n' +
      '  -d @attributes.json',
  ],
  ['close-crm-key-basic', 'curl -s -u «api_{a22}.{a22}»: "https://api.close.com/api/v1/lead/?_limit=25&_fields=id,display_name"'],
  // Email, SMS and push notifications.
  [
    'smtp2go-key-json',
    'POST https://api.smtp2go.com/v3/email/send\nContent-Type: application/json\n\n' +
      '{\n  "api_key": "«api-{H32}»",\n  "to": ["Ops <ops@acme.io>"],\n  "sender": "alerts@acme.io",\n  "subject": "Disk 91% on db-02"\n}',
  ],
  [
    'messagebird-accesskey-header',
    'curl -X POST https://rest.messagebird.com/messages \\\n  -H "Authorization: AccessKey «{a25}»" \\\n' +
      '  -d "recipients=31612345678" -d "originator=AcmeShop" -d "body=Your code is 482913"',
  ],
  [
    'ntfy-token-bearer',
    'curl -H "Authorization: Bearer «tk_{l29}»" -H "Priority: high" \\\n  -d "deploy of api v2.14 failed" https://ntfy.acme.dev/deploys',
  ],
  [
    'line-channel-secrets-env',
    '# LINE Messaging API (bot: @acme-support)\nLINE_CHANNEL_ID={d10}\nLINE_CHANNEL_SECRET=«{h32}»\n' +
      'LINE_CHANNEL_ACCESS_TOKEN=«{b120}{b51}=»',
  ],
  // Chat and social networks.
  [
    'matrix-synapse-access-token',
    'curl -X PUT -H "Authorization: Bearer «syt_b3BzLWJvdA_{a20}_{a6}»" \\\n' +
      '  "https://matrix.acme.chat/_matrix/client/v3/rooms/!{a18}:acme.chat/send/m.room.message/{d6}" \\\n' +
      '  -d \'{"msgtype": "m.text", "body": "nightly build green"}\'',
  ],
  [
    'mastodon-py-access-token',
    'from mastodon import Mastodon\n\nmasto = Mastodon(\n    access_token="«{B43}»",\n' +
      '    api_base_url="https://hachyderm.io",\n)\nmasto.status_post("v3.2 is out, changelog in the thread")',
  ],
  [
    'bluesky-app-password-atproto',
    "import { AtpAgent } from '@atproto/api';\n\nconst agent = new AtpAgent({ service: 'https://bsky.social' });\n" +
      "await agent.login({ identifier: 'status.acme.dev', password: '«{l4}-{l4}-{l4}-{l4}»' });",
  ],
  // Maps and location.
  [
    'locationiq-key-fetch',
    'const res = await fetch(`https://eu1.locationiq.com/v1/reverse?key=«pk.{h32}»&lat=${lat}&lon=${lon}&format=json`);',
  ],
  // AI, ML and search.
  [
    'stability-key-python',
    'resp = requests.post(\n    "https://api.stability.ai/v2beta/stable-image/generate/core",\n' +
      '    headers={"authorization": "Bearer «sk-{a48}»", "accept": "image/*"},\n' +
      '    files={"none": ""},\n    data={"prompt": "isometric warehouse, soft light", "output_format": "webp"},\n)',
  ],
  [
    'brave-subscription-token-header',
    'curl -s "https://api.search.brave.com/res/v1/web/search?q=postgres+17+release+notes" \\\n' +
      '  -H "Accept: application/json" \\\n  -H "X-Subscription-Token: «BSA{a28}»"',
  ],
  ['kaggle-json-key', '$ cat ~/.kaggle/kaggle.json\n{"username":"mlops-acme","key":"«{h32}»"}\n$ kaggle competitions list'],
  // Databases as a service.
  [
    'upstash-rest-token-env',
    'UPSTASH_REDIS_REST_URL="https://eu1-brave-lynx-{d5}.upstash.io"\nUPSTASH_REDIS_REST_TOKEN="«AX{a2}ASQg{b84}=»"',
  ],
  [
    'fauna-secret-js',
    "import { Client, fql } from 'fauna';\n\nconst client = new Client({ secret: '«fnA{a37}»' });\n" +
      'const page = await client.query(fql`Orders.where(.status == "open")`);',
  ],
  // CI/CD and developer tooling.
  [
    'teamcity-token-rest',
    'curl -H "Authorization: Bearer «eyJ0eXAiOiAiVENWMiJ9.{B43}.{B64}»" \\\n' +
      '  -H "Accept: application/json" https://ci.acme.io/app/rest/builds?locator=buildType:Api_Release,count:5',
  ],
  ['percy-token-ci', '- name: Visual review\n  env:\n    PERCY_TOKEN: «web_{h64}»\n  run: npx percy exec -- npm run e2e'],
  ['deno-deploy-token-flag', 'deployctl deploy --project=acme-edge --prod --token=«ddp_{a36}» main.ts'],
  // Error tracking and synthetic monitoring.
  ['honeybadger-project-key-yml', '# config/honeybadger.yml\n---\napi_key: "«hbp_{a30}»"\nenv: production\ninsights:\n  enabled: true'],
  [
    'checkly-api-key-env',
    'export CHECKLY_ACCOUNT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport CHECKLY_API_KEY=«cu_{h32}»\nnpx checkly deploy --force',
  ],
  // Feature flags.
  [
    'configcat-sdk-key-python',
    "import configcatclient\n\ncc = configcatclient.get('«configcat-sdk-1/{B22}/{B22}»')\n" +
      "show_new_checkout = cc.get_value('newCheckout', False, user)",
  ],
  // Media and file storage.
  [
    'imagekit-private-key-node',
    "const imagekit = new ImageKit({\n  publicKey: 'public_{b27}=',\n  privateKey: '«private_{b27}=»',\n" +
      "  urlEndpoint: 'https://ik.imagekit.io/acme',\n});",
  ],
  ['uploadthing-secret-env', 'UPLOADTHING_APP_ID={l10}\nUPLOADTHING_SECRET=«sk_live_{h64}»'],
  // Identity and access.
  ['workos-api-key-env', 'WORKOS_CLIENT_ID=client_01{u24}\nWORKOS_API_KEY=«sk_a2V5XzAx{a64}»\nWORKOS_COOKIE_PASSWORD=«{a40}»'],
  [
    'duo-authproxy-skey',
    '[ad_client]\nhost=10.0.4.10\nservice_account_username=svc-duo\nservice_account_password=«{a18}»\n\n' +
      '[radius_server_auto]\nikey=DI{u18}\nskey=«{a40}»\napi_host=api-{h8}.duosecurity.com\n' +
      'radius_ip_1=10.0.8.2\nradius_secret_1=«{a20}»',
  ],
  [
    'persona-api-key-header',
    "const r = await fetch('https://withpersona.com/api/v1/inquiries?page[size]=10', {\n" +
      "  headers: { Authorization: 'Bearer «persona_production_{h8}-{h4}-{h4}-{h4}-{h12}»', 'Persona-Version': '2023-01-05' },\n});",
  ],
  // Crypto exchanges, brokers and RPC providers.
  [
    'okx-ccxt-credentials',
    "exchange = ccxt.okx({\n    'apiKey': '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n    'secret': '«{H32}»',\n" +
      "    'password': '«{a14}»',\n    'enableRateLimit': True,\n})",
  ],
  ['alpaca-keys-env', 'APCA_API_BASE_URL=https://api.alpaca.markets\nAPCA_API_KEY_ID=«AK{u18}»\nAPCA_API_SECRET_KEY=«{a40}»'],
  [
    'helius-rpc-url',
    'const connection = new Connection(\n  "https://mainnet.helius-rpc.com/?api-key=«{h8}-{h4}-{h4}-{h4}-{h12}»",\n  "confirmed",\n);',
  ],
  // Analytics and BI.
  [
    'ga4-mp-api-secret-url',
    'requests.post(\n    "https://www.google-analytics.com/mp/collect?measurement_id=G-{u10}&api_secret=«{B22}»",\n' +
      '    json={"client_id": cid, "events": [{"name": "purchase", "params": {"value": 42.5}}]},\n)',
  ],
  ['metabase-api-key-header', 'curl -s -H "x-api-key: «mb_{b43}=»" https://bi.acme.io/api/card/{d3}/query/json > weekly.json'],
  [
    'tableau-pat-secret-tsc',
    "auth = TSC.PersonalAccessTokenAuth('nightly-extract', '«{b22}==:{a32}»', site_id='acmeanalytics')\n" +
      "server = TSC.Server('https://prod-uk-a.online.tableau.com', use_server_version=True)",
  ],
  // E-signature.
  ['dropbox-sign-key-basic', "curl -u '«{h64}»:' 'https://api.hellosign.com/v3/signature_request/list?page_size=20'"],
  ['pandadoc-api-key-header', "curl -H 'Authorization: API-Key «{h40}»' 'https://api.pandadoc.com/public/v1/documents?status=2&count=50'"],
  // HR.
  [
    'personio-client-secret-env',
    'PERSONIO_CLIENT_ID=papi-{h8}-{h4}-{h4}-{h4}-{h12}\nPERSONIO_CLIENT_SECRET=«papi-{a48}»\nPERSONIO_PARTNER_ID=ACME',
  ],
  // Video.
  ['mux-token-secret-env', 'MUX_TOKEN_ID={h8}-{h4}-{h4}-{h4}-{h12}\nMUX_TOKEN_SECRET=«{b75}»\nMUX_WEBHOOK_SECRET=«{a32}»'],
  // Scheduling, time tracking, meetings and publishing.
  [
    'cal-com-key-bearer',
    'curl https://api.cal.com/v2/bookings?status=upcoming \\\n  -H "Authorization: Bearer «cal_live_{h32}»" \\\n  -H "cal-api-version: 2024-08-13"',
  ],
  [
    'harvest-pat-headers',
    'headers = {\n    "Harvest-Account-Id": "{d7}",\n    "Authorization": "Bearer «{d7}.pt.{B86}»",\n' +
      '    "User-Agent": "acme-timesync (ops@acme.io)",\n}',
  ],
  ['zoom-s2s-secret-env', 'ZOOM_ACCOUNT_ID={B22}\nZOOM_CLIENT_ID={a22}\nZOOM_CLIENT_SECRET=«{a32}»'],
  [
    'wordpress-application-password-curl',
    'curl --user "editor-bot:«{a4} {a4} {a4} {a4} {a4} {a4}»" \\\n' +
      '  -X POST https://blog.acme.io/wp-json/wp/v2/posts -d "title=Release notes 3.4&status=draft"',
  ],
  ['make-webhook-url', 'MAKE_ORDER_HOOK=https://hook.eu2.make.com/«{l32}»'],
  // Networking.
  ['netbird-pat-header', 'curl -s https://api.netbird.io/api/peers -H "Accept: application/json" -H "Authorization: Token «nbp_{a36}»"'],
  [
    'ovh-conf-secrets',
    '; ~/.ovh.conf\n[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key={a16}\napplication_secret=«{a32}»\nconsumer_key=«{a32}»',
  ],

  // Structural cases without vendor prefixes.
  // CLI tools taking a password as an argument.
  ['mongosh-password-flag', 'mongosh "mongodb://db0.acme.internal:27017/admin" --username ops_admin --password \'«{a20}»\' --tls'],
  ['cqlsh-user-password', 'cqlsh cassandra-0.data.svc.cluster.local 9042 -u cassandra_admin -p «{a18}» --ssl'],
  ['oc-login-kubeadmin', 'oc login https://api.ocp4.acme.lab:6443 -u kubeadmin -p «{a5}-{a5}-{a5}-{a5}» --insecure-skip-tls-verify'],
  ['mount-cifs-options', 'sudo mount -t cifs //nas01/media /mnt/media -o username=svc_media,password=«{a14}»,vers=3.0,uid=1000'],
  // Connection URIs of other databases, brokers and proxies.
  ['oracle-sqlalchemy-url', 'engine = create_engine("oracle+oracledb://reporting:«{a18}»@ora-db.internal:1521/?service_name=ORCLPDB1")'],
  ['https-proxy-userinfo', 'export HTTPS_PROXY=http://jdoe:«{a12}»@proxy.corp.acme:8080\nexport NO_PROXY=localhost,.acme.internal'],
  ['smtps-url-nodemailer', "const transport = nodemailer.createTransport('smtps://alerts%40acme.io:«{a18}»@smtp.acme.io:465');"],
  // Config files of build, infrastructure and monitoring tools.
  [
    'sbt-credentials-file',
    '$ cat ~/.sbt/.credentials\nrealm=Sonatype Nexus Repository Manager\nhost=nexus.acme.io\nuser=deployer\npassword=«{a22}»',
  ],
  ['grafana-ini-admin', '[security]\nadmin_user = admin\nadmin_password = «{a18}»\nsecret_key = «{a32}»\ncookie_secure = true'],
  [
    'tomcat-connector-keystore-pass',
    '<Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol" SSLEnabled="true"\n' +
      '           keystoreFile="conf/acme.p12" keystoreType="PKCS12" keystorePass="«{a16}»" />',
  ],
  [
    'logstash-output-password',
    'output {\n  elasticsearch {\n    hosts => ["https://es01:9200"]\n    user => "logstash_writer"\n' +
      '    password => "«{a20}»"\n    index => "app-%{+YYYY.MM.dd}"\n  }\n}',
  ],
  [
    'telegraf-influx-password',
    '[[outputs.influxdb]]\n  urls = ["http://influxdb:8086"]\n  database = "telegraf"\n  username = "telegraf"\n  password = "«{a18}»"',
  ],
  [
    'prometheus-basic-auth-scrape',
    'scrape_configs:\n  - job_name: edge-routers\n    scheme: https\n    basic_auth:\n      username: prom\n' +
      '      password: «{a22}»\n    static_configs:\n      - targets: ["rtr1.acme.net:9100"]',
  ],
  [
    'synapse-homeserver-secrets',
    'server_name: "acme.chat"\nregistration_shared_secret: "«{a40}»"\nmacaroon_secret_key: "«{a40}»"\nform_secret: "«{a40}»"',
  ],
  // Provisioning files.
  [
    'cloud-init-chpasswd',
    '#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: «{a16}»\n      type: text',
  ],
  [
    'unattend-xml-admin-password',
    '<UserAccounts>\n  <AdministratorPassword>\n    <Value>«{a16}»</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>',
  ],
  [
    'docker-compose-requirepass-command',
    'services:\n  cache:\n    image: redis:7-alpine\n    command: redis-server --appendonly yes --requirepass «{a24}»',
  ],
  // Network devices and Wi-Fi profiles.
  ['cisco-type7-password', 'username netops privilege 15 password 7 «0{d1}{H18}»\nline vty 0 4\n login local'],
  [
    'nmconnection-8021x-password',
    '[802-1x]\neap=peap;\nidentity=jdoe@acme.io\npassword=«{a14}»\nphase2-auth=mschapv2\n\n[ipv4]\nmethod=auto',
  ],
  // Password hashes and private keys of other formats.
  ['postgres-scram-verifier', "ALTER ROLE app_rw PASSWORD '«SCRAM-SHA-256$4096:{b22}==${b43}=:{b43}=»';"],
  ['werkzeug-scrypt-hash', 'INSERT INTO users (email, password_hash) VALUES\n' + "  ('admin@acme.io', '«scrypt:32768:8:1${a16}${h128}»');"],
  ['phpass-wordpress-hash', "INSERT INTO wp_users (user_login, user_pass) VALUES ('siteadmin', '«$P$B{p30}»');"],
  [
    'ntlm-secretsdump-line',
    '[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\n' +
      'svc_backup:1003:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'pgp-private-key-block',
    '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«lFgEZ{b3}BYJKwYBBAHaRw8BAQdA{b35}\n{b64}\n{b64}\n{b40}\n={b4}»\n-----END PGP PRIVATE KEY BLOCK-----',
  ],
  [
    'jwk-ec-private-d',
    '{\n  "kty": "EC",\n  "crv": "P-256",\n  "kid": "signing-2024-10",\n  "x": "{B43}",\n  "y": "{B43}",\n  "d": "«{B43}»"\n}',
  ],
  [
    'kubeconfig-client-key-data',
    'users:\n- name: admin@prod-eu\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURCVENDQWUyZ0F3SUJBZ0{b80}\n' +
      '    client-key-data: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB{b120}{b80}»',
  ],
  [
    'hardhat-deployer-key-infura',
    'module.exports = {\n  solidity: "0.8.24",\n  networks: {\n    sepolia: {\n' +
      '      url: "https://sepolia.infura.io/v3/«{h32}»",\n      accounts: ["«0x{h64}»"],\n    },\n  },\n};',
  ],
  ['otpauth-totp-secret', 'otpauth://totp/ACME:jdoe%40acme.io?secret=«{c32}»&issuer=ACME&algorithm=SHA1&digits=6&period=30'],
  // HTTP headers with custom names and basic auth in code.
  [
    'okhttp-x-access-key-header',
    'Request request = new Request.Builder()\n    .url("https://inventory.acme.io/v2/stock")\n' +
      '    .addHeader("X-Access-Key", "«{a40}»")\n    .build();',
  ],
  [
    'nginx-x-service-token-header',
    'location /billing/ {\n    proxy_pass http://billing:8080/;\n    proxy_set_header X-Service-Token "«{h48}»";\n}',
  ],
  ['proxy-authorization-basic-raw', 'CONNECT api.acme.io:443 HTTP/1.1\nHost: api.acme.io:443\nProxy-Authorization: Basic «{b32}»'],
  [
    'go-setbasicauth',
    'req, _ := http.NewRequest("GET", metricsURL, nil)\nreq.SetBasicAuth("metrics", "«{a20}»")\nresp, err := client.Do(req)',
  ],
  [
    'csharp-basic-header-literal',
    'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic",\n' +
      '    Convert.ToBase64String(Encoding.UTF8.GetBytes("svc_reports:«{a18}»")));',
  ],
  // Prose and logs.
  ['prose-german-nas-password', 'Das Passwort für das NAS im Büro ist «{a12}» – bitte nicht weitergeben, ich ändere es nächste Woche.'],
  [
    'log-bearer-in-header-dump',
    '2024-10-21 09:14:02.117 ERROR [http-nio-8080-exec-7] c.a.g.Client - upstream 502, request headers: ' +
      '{Authorization=Bearer «{B64}», Accept=application/json, X-Request-Id={h32}}',
  ],
  [
    'python-log-token-response',
    "DEBUG oauth.client: token response {'access_token': '«{B40}»', 'refresh_token': '«{B48}»', 'token_type': 'Bearer', 'expires_in': 3600}",
  ],
];

/** Look-alikes that must come back byte-exact. */
export const BLIND6_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers under credential-like names.
  ['identifier', 'private static final Duration PASSWORD_RESET_TOKEN_TTL = Duration.ofMinutes(30);'],
  ['identifier', 'def rotate_api_key(self, key_id: str, *, revoke_old: bool = True) -> ApiKey:'],
  ['identifier', 'class SecretKeyRotationJob < ApplicationJob\n  queue_as :maintenance'],
  ['identifier', '@Column(name = "hashed_password", nullable = false, length = 255)\nprivate String hashedPassword;'],
  ['identifier', 'PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]'],
  ['identifier', 'type TokenBucket struct {\n\tcapacity   int\n\trefillRate float64\n}'],
  // References to secrets kept elsewhere.
  ['variable', 'env:\n  LEMONSQUEEZY_API_KEY: ${{ secrets.LEMONSQUEEZY_API_KEY }}\n  MUX_TOKEN_SECRET: ${{ secrets.MUX_TOKEN_SECRET }}'],
  ['variable', '- name: MUX_TOKEN_SECRET\n  valueFrom:\n    secretKeyRef:\n      name: mux-credentials\n      key: token-secret'],
  ['variable', 'export OVH_APPLICATION_SECRET="$(vault kv get -field=application_secret kv/infra/ovh)"'],
  ['variable', 'password = data.aws_secretsmanager_secret_version.db.secret_string'],
  ['variable', 'spring.datasource.password=${DB_PASSWORD}\nspring.datasource.username=${DB_USER:app}'],
  ['variable', 'client_secret = os.environ["ZOOM_CLIENT_SECRET"]'],
  ['variable', 'cqlsh cassandra-0 9042 -u cassandra_admin -p "$CASSANDRA_PASSWORD"'],
  ['variable', 'admin_password = {{ grafana_admin_password }}'],
  // Placeholders and masks.
  ['placeholder', 'MUX_TOKEN_SECRET=<your-mux-token-secret>'],
  ['placeholder', 'curl -H "Authorization: Bearer <token>" https://api.cal.com/v2/bookings'],
  ['placeholder', 'api_key = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"'],
  ['placeholder', '[security]\nadmin_user = admin\nadmin_password = changeme'],
  ['placeholder', 'db_password: "********"'],
  ['placeholder', 'PERCY_TOKEN=web_****************'],
  ['placeholder', 'WORKOS_API_KEY=sk_test_...'],
  ['placeholder', '{\n  "username": "",\n  "password": ""\n}'],
  // Digests, checksums and content hashes.
  ['digest', 'commit {h40}\nAuthor: Dana Ortiz <dana@acme.io>\nDate:   Tue Oct 8 14:02:11 2024 +0200'],
  ['digest', '"node_modules/lodash": {\n  "version": "4.17.21",\n  "integrity": "sha512-{b86}=="\n}'],
  ['digest', '[[package]]\nname = "serde"\nversion = "1.0.210"\nchecksum = "{h64}"'],
  ['digest', 'requests==2.32.3 \\\n    --hash=sha256:{h64}'],
  ['digest', '"content-hash": "{h32}",\n"packages": ['],
  ['digest', 'bin/server: ELF 64-bit LSB executable, x86-64, BuildID[sha1]={h40}, stripped'],
  // Ids of events, resources and traces.
  ['id', '"event_id": "{h32}",\n"level": "error",\n"platform": "python"'],
  ['id', 'X-Amzn-Trace-Id: Root=1-{h8}-{h24};Parent={h16};Sampled=1'],
  ['id', '"customer": "cus_{a14}",\n"payment_intent": "pi_{a24}",\n"status": "succeeded"'],
  ['id', "INSERT INTO tenants (id, name) VALUES ('{h8}-{h4}-4{h3}-8{h3}-{h12}', 'acme');"],
  ['id', '<video src="https://stream.mux.com/{a44}.m3u8" controls></video>'],
  ['id', 'GET /api/v1/invoices/{h8}-{h4}-{h4}-{h4}-{h12}/pdf 200 41ms'],
  // Public keys and publishable identifiers.
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-03'],
  ['public', "branch.init('key_live_{a32}');"],
  ['public', 'NEXT_PUBLIC_POSTHOG_KEY=phc_{a43}\nNEXT_PUBLIC_POSTHOG_HOST=https://eu.i.posthog.com'],
  ['public', '{\n  "kty": "EC",\n  "crv": "P-256",\n  "kid": "signing-2024-10",\n  "x": "{B43}",\n  "y": "{B43}"\n}'],
  ['public', '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIU{b44}\n{b64}\n{b64}\n{b20}==\n-----END CERTIFICATE-----'],
  // Encoded non-secret data.
  ['encoded', 'GET /v1/orders?cursor=eyJwYWdlIjoyLCJwZXJfcGFnZSI6NTB9 HTTP/1.1'],
  ['encoded', '@font-face {\n  font-family: "Inter";\n  src: url(data:font/woff2;base64,d09GMgABAAAAA{b120}) format("woff2");\n}'],
  // URLs without credentials.
  ['url', 'MONGO_URL=mongodb+srv://cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority'],
  ['url', 'https://support.acme.io/hc/en-us/articles/{d12}-How-to-reset-your-password'],
  ['url', 'CELERY_BROKER_URL=redis://redis:6379/0'],
  // Commands, markup, logs, versions and docs prose.
  ['command', 'gh secret set WORKOS_API_KEY --env production < workos.key'],
  ['command', "kubectl get secret mux-credentials -o jsonpath='{.data.token-secret}' | base64 -d"],
  ['command', 'ssh-keygen -t ed25519 -C "deploy@ci" -f ~/.ssh/id_ed25519 -N ""'],
  ['html', '<label for="api-key-input">API key</label>\n<input id="api-key-input" name="apiKey" type="password" autocomplete="off">'],
  ['log', '2024-11-04T10:22:31Z INFO request_id={h32} path=/v1/tokens/refresh status=200 duration_ms=41'],
  ['log', 'Started POST "/users/sign_in" for 10.0.3.7\n  Parameters: {"user"=>{"email"=>"jdoe@acme.io", "password"=>"[FILTERED]"}}'],
  ['log', 'WARN  auth: login failed for user "jdoe": invalid password (attempt 3 of 5)'],
  ['version', '"dependencies": {\n  "@upstash/redis": "^1.34.3",\n  "configcat-node": "^11.3.1"\n}'],
  ['docs', 'Duo integration keys start with DI; the secret key (skey) is 40 characters and belongs in the proxy config, not in git.'],
  ['prose', 'we rotated the Honeybadger key yesterday, the new one is in 1Password under "Observability / Honeybadger".'],
];
