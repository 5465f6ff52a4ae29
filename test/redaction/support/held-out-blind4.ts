/** A fourth held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md). */
export const BLIND4_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor tokens of services not covered by the earlier batches.
  // CI/CD and developer platforms.
  [
    'gitlab-feed-token-atom-url',
    'subscribe in Thunderbird: https://gitlab.acme.io/platform/api/-/issues.atom?feed_token=«glft-{B20}»&state=opened',
  ],
  [
    'gitlab-agent-token-helm',
    'helm upgrade --install prod-agent gitlab/gitlab-agent --namespace gitlab-agent \\\n' +
      '  --set config.token=«glagent-{B50}» \\\n  --set config.kasAddress=wss://kas.gitlab.com',
  ],
  [
    'gitlab-oauth-app-secret-go',
    'var gitlabOAuth = &oauth2.Config{\n\tClientID:     "{h64}",\n\tClientSecret: "«gloas-{B64}»",\n' +
      '\tEndpoint:     gitlab.Endpoint,\n\tScopes:       []string{"read_user"},\n}',
  ],
  [
    'gitlab-ci-job-token-log',
    '$ curl --header "JOB-TOKEN: «glcbt-{a2}_{B20}»" https://gitlab.acme.io/api/v4/projects/412/packages/generic/cli/1.4.0/cli.tgz',
  ],
  [
    'gitlab-ff-client-token-unleash-go',
    'unleash.Initialize(\n\tunleash.WithAppName("production"),\n' +
      '\tunleash.WithUrl("https://gitlab.com/api/v4/feature_flags/unleash/48213"),\n' +
      '\tunleash.WithInstanceId("«glffct-{B20}»"),\n)',
  ],
  [
    'gitlab-pipeline-trigger-curl',
    'curl -X POST -F token=«glptt-{h40}» -F ref=main https://gitlab.acme.io/api/v4/projects/77/trigger/pipeline',
  ],
  ['readme-api-key-node', "import api from '@api/acme-docs';\napi.auth('«rdme_{l70}»');\nconst { data } = await api.getChangelogs();"],
  ['infracost-key-actions', '- name: Setup Infracost\n  uses: infracost/actions/setup@v3\n  with:\n    api-key: «ico-{a32}»'],
  ['scalingo-token-cli', 'scalingo login --api-token «tk-us-{B48}» && scalingo --app acme-api env-set NODE_ENV=production'],
  [
    'infisical-service-token-docker',
    'docker run --rm -e INFISICAL_TOKEN=«st.{h8}-{h4}-{h4}-{h4}-{h12}.{h32}.{h32}» acme/worker:2.3 infisical run -- node index.js',
  ],
  ['runpod-key-cli', 'runpodctl config --apiKey «rpa_{u40}{a6}»'],
  ['rootly-token-terraform', 'provider "rootly" {\n  api_host  = "https://api.rootly.com"\n  api_token = "«rootly_{h64}»"\n}'],
  [
    'convex-deploy-key-env',
    'CONVEX_DEPLOY_KEY="«prod:{L5}-{L6}-{d3}|eyJ2MiI6Ij{B80}»"\nVITE_CONVEX_URL=https://happy-otter-123.convex.cloud',
  ],
  [
    'authress-service-client-key',
    "const authressClient = new AuthressClient({ authressApiUrl: 'https://auth.acme.io' },\n" +
      "  '«sc_{a22}.{l4}.acc-{l16}.MC4CAQAwBQYDK2VwBCIEI{B43}»');",
  ],
  // Cloud and infrastructure.
  [
    'aws-bedrock-api-key-env',
    'export AWS_BEARER_TOKEN_BEDROCK=«ABSKQmVkcm9ja0FQSUtleS{b116}»\naws bedrock-runtime converse --model-id anthropic.claude-3-haiku',
  ],
  [
    'exoscale-cli-toml',
    'defaultaccount = "acme"\n\n[[accounts]]\n  account = "acme"\n  defaultZone = "ch-gva-2"\n' +
      '  key = "«EXO{h24}»"\n  name = "acme"\n  secret = "«{B43}»"',
  ],
  [
    'yandex-cloud-api-key-header',
    'curl -H "Authorization: Api-Key «AQVN{B36}»" https://llm.api.cloud.yandex.net/foundationModels/v1/completion -d @req.json',
  ],
  [
    'clickhouse-cloud-key-terraform',
    'provider "clickhouse" {\n  organization_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  token_key       = "{a20}"\n' +
      '  token_secret    = "«4b1d{a38}»"\n}',
  ],
  [
    'defined-networking-dnkey',
    'export DN_API_KEY=«dnkey-{a26}-{a52}»\ncurl -H "Authorization: Bearer $DN_API_KEY" https://api.defined.net/v1/hosts',
  ],
  // Databases as a service.
  [
    'astra-db-token-python',
    'client = DataAPIClient("«AstraCS:{a24}:{h64}»")\n' +
      'db = client.get_database("https://{h8}-{h4}-{h4}-{h4}-{h12}-us-east1.apps.astra.datastax.com")',
  ],
  [
    'turso-auth-token-url',
    'TURSO_DATABASE_URL=libsql://orders-acme.turso.io?authToken=«eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJ{B90}.{B86}»',
  ],
  [
    'prisma-accelerate-url',
    'DATABASE_URL="prisma://accelerate.prisma-data.net/?api_key=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»"',
  ],
  [
    'aiven-service-password-url',
    'psql "postgres://avnadmin:«AVNS_{a21}»@pg-3f1c2a9e-acme.a.aivencloud.com:24931/defaultdb?sslmode=require"',
  ],
  // Crypto exchanges and web3.
  [
    'kucoin-ccxt-js',
    "const exchange = new ccxt.kucoin({\n  apiKey: '{h24}',\n  secret: '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n  password: '«{a16}»',\n});",
  ],
  [
    'kraken-krakenex-python',
    'api = krakenex.API()\napi.key = "«{b56}»"\n' + 'api.secret = "«{b86}==»"\nprint(api.query_private("Balance"))',
  ],
  ['binance-python-client', 'from binance.client import Client\nclient = Client("«{a64}»", "«{a64}»", testnet=False)'],
  ['alchemy-rpc-url-path', 'const provider = new ethers.JsonRpcProvider("https://eth-mainnet.g.alchemy.com/v2/«{B32}»");'],
  // Auth providers.
  ['stytch-secret-go', 'client, err := b2c.NewClient(\n\t"project-live-{h8}-{h4}-{h4}-{h4}-{h12}",\n\t"«secret-live-{B35}=»",\n)'],
  ['intra42-client-secret-env', 'FT_UID=u-s4t2ud-{h64}\nFT_SECRET=«s-s4t2ud-{h64}»\nFT_CALLBACK=https://peer.acme.dev/auth/callback'],
  [
    'adobe-client-secret-java',
    'IMSClient ims = IMSClient.builder()\n    .clientId("{h32}")\n    .clientSecret("«p8e-{a32}»")\n    .build();',
  ],
  // Email, SMS and push.
  [
    'onesignal-rest-key-php',
    "curl_setopt($ch, CURLOPT_HTTPHEADER, [\n    'Content-Type: application/json; charset=utf-8',\n" +
      "    'Authorization: Key «os_v2_app_{k103}»',\n]);",
  ],
  ['mailjet-private-key-env', 'MJ_APIKEY_PUBLIC={h32}\nMJ_APIKEY_PRIVATE=«{h32}»\nMJ_SENDER=news@acme.io'],
  [
    'sparkpost-key-header',
    'POST /api/v1/transmissions HTTP/1.1\nHost: api.sparkpost.com\nAuthorization: «{h40}»\nContent-Type: application/json',
  ],
  [
    'pubnub-secret-swift',
    'let config = PubNubConfiguration(\n  publishKey: "pub-c-{h8}-{h4}-{h4}-{h4}-{h12}",\n' +
      '  subscribeKey: "sub-c-{h8}-{h4}-{h4}-{h4}-{h12}",\n  userId: "server",\n  secretKey: "«sec-c-{a48}»"\n)',
  ],
  // Analytics, maps and search.
  [
    'matomo-token-auth-query',
    'https://stats.acme.io/index.php?module=API&method=VisitsSummary.get&idSite=3&period=day&date=today&format=JSON&token_auth=«{h32}»',
  ],
  [
    'here-maps-apikey-query',
    'GET https://router.hereapi.com/v8/routes?transportMode=car&origin=52.5308,13.3847&destination=52.5264,13.3686&apiKey=«{B43}»',
  ],
  ['typesense-admin-key-header', 'curl "https://xyz.a1.typesense.net/collections" -H "X-TYPESENSE-API-KEY: «{a32}»"'],
  [
    'meilisearch-master-key-compose',
    'services:\n  meilisearch:\n    image: getmeili/meilisearch:v1.8\n    environment:\n      MEILI_MASTER_KEY: «{a32}»',
  ],
  // Observability.
  [
    'betterstack-source-token-fluentbit',
    '[OUTPUT]\n    Name   http\n    Match  *\n    Host   in.logs.betterstack.com\n    Port   443\n    tls    On\n' +
      '    Header Authorization Bearer «{a24}»\n    Format json',
  ],
  // CMS and e-commerce.
  [
    'sanity-token-js',
    "export const client = createClient({\n  projectId: '{l8}',\n  dataset: 'production',\n  token: '«sk{a79}»',\n  useCdn: false,\n});",
  ],
  [
    'frameio-token-python',
    'from frameioclient import FrameioClient\n' + 'client = FrameioClient("«fio-u-{B64}»")\nme = client.users.get_me()',
  ],
  [
    'bigcommerce-token-php-config',
    "return [\n    'bigcommerce' => [\n        'store_hash'   => '{l10}',\n        'client_id'    => '{l31}',\n" +
      "        'access_token' => '«{l31}»',\n    ],\n];",
  ],
  ['lob-key-ruby', 'lob = Lob::Client.new(api_key: "«live_{h35}»")\nlob.letters.create(to: address_id, file: template_url)'],
  ['sidekiq-pro-bundle-config', '---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_GEMS__CONTRIBSYS__COM: "«{h8}:{h8}»"'],
  ['maxmind-license-geoipconf', '# GeoIP.conf\nAccountID 918273\nLicenseKey «{a6}_{a29}_mmk»\nEditionIDs GeoLite2-ASN GeoLite2-City'],
  [
    'apify-token-python',
    'from apify_client import ApifyClient\napify = ApifyClient("«apify_api_{a36}»")\nrun = apify.actor("apify/web-scraper").call()',
  ],
  // AI and ML APIs.
  [
    'cerebras-key-rust',
    'let resp = client\n    .post("https://api.cerebras.ai/v1/chat/completions")\n    .bearer_auth("«csk-{l48}»")\n    .json(&body)',
  ],
  ['llamacloud-key-python', 'parser = LlamaParse(api_key="«llx-{a48}»", result_type="markdown")'],
  [
    'helicone-auth-header',
    'client = OpenAI(base_url="https://oai.helicone.ai/v1",\n' +
      '    default_headers={"Helicone-Auth": "Bearer «sk-helicone-{k7}-{k7}-{k7}-{k7}»"})',
  ],
  [
    'azure-openai-api-key-header',
    'curl "https://acme-eastus.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01" \\\n' +
      '  -H "api-key: «{h32}»" -H "Content-Type: application/json" -d @prompt.json',
  ],
  ['clarifai-pat-header', 'Authorization: Key «{h32}»'],
  ['serpapi-key-python', 'search = GoogleSearch({"q": "coffee", "location": "Austin, Texas", "api_key": "«{h64}»"})'],
  // Other SaaS.
  [
    'spotify-client-secret-env',
    'SPOTIPY_CLIENT_ID={h32}\nSPOTIPY_CLIENT_SECRET=«{h32}»\nSPOTIPY_REDIRECT_URI=http://127.0.0.1:8888/callback',
  ],
  ['crowdin-token-yml', '"project_id": "612345"\n"api_token": "«{h80}»"\n"base_path": "."\nfiles:\n  - source: /locales/en/*.json'],
  ['fastly-token-env', 'FASTLY_API_TOKEN=«{B32}» fastly compute publish --service-id {a22}'],
  ['shodan-init-cli', '$ shodan init «{a32}»\nSuccessfully initialized'],

  // Structural cases: passwords and secrets in configs, code and commands, no vendor prefix.
  ['mysql-option-file', '# ~/.my.cnf\n[client]\nuser=backup\npassword=«{a20}»\nhost=db-replica-2.internal'],
  ['ansible-inventory-ssh-pass', '[web]\nweb1 ansible_host=10.0.4.11 ansible_user=deploy ansible_ssh_pass=«{a16}»'],
  ['helm-set-password', 'helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword=«{a20}» --set auth.database=app'],
  [
    'spring-application-yml',
    'spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/orders\n    username: orders\n    password: «{a18}»\n  jpa:\n' +
      '    open-in-view: false',
  ],
  [
    'laravel-env-default',
    "'mysql' => [\n    'driver' => 'mysql',\n    'username' => env('DB_USERNAME', 'forge'),\n" +
      "    'password' => env('DB_PASSWORD', '«{a18}»'),\n],",
  ],
  ['ruby-redis-new-kwargs', 'REDIS = Redis.new(host: "cache.internal", port: 6380, password: "«{a24}»", ssl: true)'],
  [
    'elixir-repo-config',
    'config :shop, Shop.Repo,\n  username: "shop",\n  password: "«{a20}»",\n  hostname: "db.internal",\n  pool_size: 10',
  ],
  ['gradle-properties-publishing', 'ossrhUsername=acme-release\nossrhPassword=«{a22}»\nsigning.keyId={H8}\nsigning.password=«{a16}»'],
  ['pgpass-line', '# ~/.pgpass\ndb.internal:5432:billing:billing_rw:«{a22}»'],
  ['docker-run-env-flag', 'docker run -d --name pg -e POSTGRES_PASSWORD=«{a20}» -p 5432:5432 postgres:16'],
  [
    'systemd-environment-line',
    '[Service]\nUser=worker\n' + 'Environment="API_SECRET=«{B32}»"\nExecStart=/usr/local/bin/worker --queue default',
  ],
  [
    'kafka-jaas-config',
    'sasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ' +
      'username="svc-orders" password="«{a24}»";',
  ],
  [
    'django-email-host-password',
    'EMAIL_HOST = "smtp.mailgun.org"\nEMAIL_HOST_USER = "postmaster@mg.acme.io"\nEMAIL_HOST_PASSWORD = "«{a24}»"',
  ],
  [
    'jenkins-casc-credentials',
    'credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n' +
      '              id: nexus-deploy\n              username: deployer\n              password: "«{a20}»"',
  ],
  ['go-smtp-plainauth', 'auth := smtp.PlainAuth("", "alerts@acme.io", "«{a20}»", "smtp.office365.com")'],
  ['rust-basic-auth-call', 'let res = client.get(url)\n    .basic_auth("metrics", Some("«{a22}»"))\n    .send()\n    .await?;'],
  [
    'kotlin-gradle-credentials',
    'maven {\n    url = uri("https://nexus.acme.io/repository/releases/")\n    credentials {\n        username = "ci-bot"\n' +
      '        password = "«{a24}»"\n    }\n}',
  ],
  ['swift-static-secret', 'enum Secrets {\n    static let clientID = "ios-app"\n    static let clientSecret = "«{B40}»"\n}'],
  [
    'keytool-storepass',
    'keytool -importkeystore -srckeystore app.p12 -srcstoretype PKCS12 -srcstorepass «{a16}» ' +
      '-destkeystore app.jks -deststorepass «{a16}»',
  ],
  ['smbclient-user-percent', "smbclient //fs01/finance -U 'ACME\\svc_backup%«{a18}»' -c 'get ledger.xlsx'"],
  ['sqlplus-user-slash-pass', 'sqlplus app_owner/«{a16}»@//ora-prod:1521/ORCLPDB1 @migrate.sql'],
  ['kubectl-from-literal', 'kubectl -n api create secret generic api-db --from-literal=username=api --from-literal=password=«{a20}»'],
  ['7z-password-flag', '7z a -p«{a16}» -mhe=on backup-2024-06.7z /srv/data'],
  ['rabbitmqctl-add-user', "rabbitmqctl add_user svc_ingest '«{a20}»' && rabbitmqctl set_user_tags svc_ingest monitoring"],
  ['header-x-api-secret', 'GET /v2/payouts HTTP/1.1\nHost: api.acme-pay.io\nX-Api-Key: «{a24}»\nX-Api-Secret: «{a40}»'],
  ['ocp-apim-subscription-key', 'curl -H "Ocp-Apim-Subscription-Key: «{h32}»" https://api.acme.io/orders/v2/open'],
  ['prose-wifi-password', 'guest wifi is AcmeGuest, password «{a14}» — it rotates on the 1st of each month'],
  ['prose-root-password', 'new box is up: ssh root@10.20.1.7, root pw is «{a16}» until we get LDAP working'],
  ['dotnet-user-secrets-cli', 'dotnet user-secrets set "Smtp:Password" "«{a20}»" --project src/Notifications'],
  [
    'composer-auth-json',
    '{\n  "http-basic": {\n    "repo.packagist.com": {\n      "username": "token",\n      "password": "«{h40}»"\n    }\n  }\n}',
  ],
  [
    'nuget-config-cleartext',
    '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="build" />\n' +
      '    <add key="ClearTextPassword" value="«{a24}»" />\n  </AcmeFeed>\n</packageSourceCredentials>',
  ],
  ['haproxy-userlist', 'userlist stats_admins\n    user ops insecure-password «{a18}»'],
  ['redis-conf-requirepass', 'bind 0.0.0.0\nport 6379\nrequirepass «{a32}»\nmasterauth «{a32}»'],
  ['sql-alter-user-password', "ALTER USER reporting WITH PASSWORD '«{a20}»';"],
  ['wireguard-private-key', '[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = «{b42}A=»\nDNS = 1.1.1.1'],
  ['ipsec-psk', '# /etc/ipsec.secrets\n203.0.113.5 198.51.100.7 : PSK "«{a32}»"'],
  ['erlang-cookie-env', 'rabbitmq:\n  image: rabbitmq:3.13-management\n  environment:\n    RABBITMQ_ERLANG_COOKIE: «{U20}»'],
  [
    'java-password-authentication',
    'protected PasswordAuthentication getPasswordAuthentication() {\n' +
      '    return new PasswordAuthentication("relay@acme.io", "«{a20}»".toCharArray());\n}',
  ],
];

/** Look-alikes that must come back byte-exact. */
export const BLIND4_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers under credential-like names.
  ['identifier', 'def rotate_api_key(self, key_id: str, *, grace_period: timedelta) -> ApiKey:'],
  ['identifier', 'PASSWORD_RESET_TOKEN_TTL_SECONDS = 3600'],
  ['identifier', 'val passwordEncoder: PasswordEncoder = BCryptPasswordEncoder(12)'],
  ['identifier', 'if !tokenBucket.Allow() {\n\thttp.Error(w, "rate limited", http.StatusTooManyRequests)\n}'],
  ['identifier', 'private_key_path = "~/.ssh/id_ed25519"'],
  ['identifier', "KeyError: 'api_key'"],
  // References to secrets kept elsewhere.
  ['variable', 'password: ${DB_PASSWORD:?database password must be set}'],
  ['variable', 'api_key = os.environ["SERPAPI_API_KEY"]'],
  ['variable', 'set PGPASSWORD=%DB_PASSWORD%\r\npsql -h db01 -U app -c "select 1"'],
  ['variable', 'LoadCredential=db_pass:/etc/credstore/db_pass\nEnvironment=DB_PASS_FILE=%d/db_pass'],
  ['variable', 'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: orders-db\n        key: password'],
  [
    'variable',
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc"' +
      ' password="${file:/opt/kafka/secrets.properties:password}";',
  ],
  ['variable', 'with:\n  username: ${{ vars.DOCKERHUB_USERNAME }}\n  password: ${{ secrets.DOCKERHUB_TOKEN }}'],
  ['variable', 'password: ${vcap.services.orders-db.credentials.password}'],
  ['variable', 'helm upgrade --install agent gitlab/gitlab-agent --set config.token="$(cat /run/secrets/agent_token)"'],
  // Placeholders, masks and empty values.
  ['placeholder', 'scalingo login --api-token <SCALINGO_API_TOKEN>'],
  ['placeholder', 'ROOTLY_API_TOKEN=rootly_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ['placeholder', 'Your key: csk-••••••••••••••••••••9f3a (created 3 days ago)'],
  ['placeholder', 'STYTCH_SECRET=secret-live-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx='],
  ['placeholder', 'EXOSCALE_API_KEY=EXO...\nEXOSCALE_API_SECRET=...'],
  ['placeholder', '[client]\nuser=backup\npassword=changeme'],
  ['placeholder', 'MJ_APIKEY_PRIVATE=\nMJ_APIKEY_PUBLIC='],
  ['placeholder', '"sanity": { "projectId": "", "token": null }'],
  ['placeholder', 'Authorization: Key ********************************'],
  // Digests and checksums.
  ['digest', 'git cherry-pick -x {h40}'],
  [
    'digest',
    '[[package]]\nname = "serde"\nversion = "1.0.203"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n' +
      'checksum = "{h64}"',
  ],
  [
    'digest',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.54.1"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n  ]\n}',
  ],
  ['digest', '  src = fetchFromGitHub {\n    owner = "acme";\n    repo = "cli";\n    rev = "v2.1.0";\n    hash = "sha256-{b43}=";\n  };'],
  ['digest', '{h64}  kubectl\n{h64}  kubectl.sha256'],
  ['digest', 'gpg --keyserver keys.openpgp.org --recv-keys {H40}'],
  ['digest', '"node_modules/lodash": {\n  "version": "4.17.21",\n  "integrity": "sha512-{b86}=="\n}'],
  // Ids of resources, not credentials.
  ['id', 'project_id: project-live-{h8}-{h4}-{h4}-{h4}-{h12}'],
  ['id', 'zone_id    = "{h32}"\naccount_id = "{h32}"'],
  ['id', 'stripe.subscriptions.create(customer="cus_{a14}", items=[{"price": "price_1{a23}"}])'],
  ['id', 'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}'],
  ['id', 'subscription_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\ntenant_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"'],
  ['id', 'tx 0x{h64} confirmed in block 19234567, sent to 0x{h40}'],
  // Public and publishable keys.
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-3'],
  ['public', '[Peer]\nPublicKey = {b42}Q=\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.io:51820'],
  ['public', 'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuYWNtZS5pbyQ'],
  ['public', 'NEXT_PUBLIC_STYTCH_PUBLIC_TOKEN=public-token-live-{h8}-{h4}-{h4}-{h4}-{h12}'],
  ['public', '<div class="g-recaptcha" data-sitekey="6L{B38}"></div>'],
  ['public', '{ "kty": "RSA", "use": "sig", "kid": "{h40}", "alg": "RS256", "e": "AQAB", "n": "{B342}" }'],
  ['public', 'webhooks:\n  - name: validate.acme.io\n    clientConfig:\n      caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b300}'],
  // Other encoded data and markup.
  ['encoded', '<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0{b120}" />'],
  ['encoded', 'db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {h80}\n  {h80}\n  {h40}'],
  ['html', '<input type="password" id="new-password" name="password" autocomplete="new-password" minlength="12" required>'],
  ['css', '.api-key-field--masked { font-family: var(--mono); letter-spacing: 0.2em; -webkit-text-security: disc; }'],
  // URLs, versions, logs, commands and prose.
  ['url', 'DATABASE_URL=postgres://app@db.internal:5432/app?sslmode=verify-full&sslrootcert=/etc/ssl/rds.pem'],
  ['url', 'curl -X POST https://gitlab.acme.io/api/v4/projects/77/trigger/pipeline -F token="$TRIGGER_TOKEN" -F ref=main'],
  ['version', '"dependencies": { "@infisical/sdk": "^4.0.6", "@stytch/vanilla-js": "5.2.1", "onesignal-node": "3.4.0" }'],
  ['log', '2024-06-03T10:22:11.482Z INFO auth token refreshed client_id=web-app expires_in=3600 request_id={h32}'],
  ['log', 'traceparent: 00-{h32}-{h16}-01'],
  ['command', 'openssl rand -hex 32 > .secrets/session_key && chmod 600 .secrets/session_key'],
  ['command', 'ssh-keygen -t ed25519 -f ~/.ssh/deploy_key -N "" -C "deploy@acme"'],
  ['command', 'kubectl get secret orders-db -o jsonpath="{.data.password}" | base64 -d'],
  ['docs', 'A GitLab feed token starts with glft- and is shown only once; reset it from Preferences > Access tokens if it leaks.'],
  ['docs', 'Cerebras keys begin with csk- followed by 48 lowercase letters and digits; store them in CEREBRAS_API_KEY.'],
  ['prose', "I rotated the RunPod key this morning, the new one is in 1Password under 'gpu-batch'. Nobody paste it in here please."],
  ['prose', 'Passwords must be at least 12 characters long and may not reuse any of your last 5 passwords.'],
  ['fixture', 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
];
