/** A ninth held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md). */
export const BLIND9_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor credentials of services not covered by the earlier batches.
  // Data, background jobs and CI tooling.
  [
    'dbt-cloud-service-token-airflow-conn',
    '# airflow/.env  (docker compose picks this up)\nAIRFLOW__CORE__EXECUTOR=LocalExecutor\n' +
      'AIRFLOW__CORE__LOAD_EXAMPLES=False\n' +
      "AIRFLOW_CONN_DBT_CLOUD_DEFAULT='dbt-cloud://{d5}:«dbtc_{B56}»@cloud.getdbt.com'\nDBT_CLOUD_JOB_ID=418877",
  ],
  [
    'inngest-signing-and-event-key-env-local',
    '# .env.local\nNEXT_PUBLIC_APP_URL=http://localhost:3000\nINNGEST_EVENT_KEY=«{B86}»\n' +
      'INNGEST_SIGNING_KEY=«signkey-prod-{h64}»\nINNGEST_DEV=0',
  ],
  [
    'triggerdev-secret-key-printenv-grep',
    '$ printenv | grep -i trigger\nTRIGGER_PROJECT_REF=proj_{l20}\nTRIGGER_API_URL=https://api.trigger.dev\n' +
      'TRIGGER_SECRET_KEY=«tr_prod_{a20}»\n\nstill getting "Invalid API key" from tasks.trigger() in prod, any idea?',
  ],
  [
    'nx-cloud-access-token-nx-json',
    '{\n  "$schema": "./node_modules/nx/schemas/nx-schema.json",\n  "nxCloudAccessToken": "«{b63}=»",\n' +
      '  "targetDefaults": {\n    "build": { "dependsOn": ["^build"], "cache": true },\n    "lint": { "cache": true }\n' +
      '  },\n  "defaultBase": "main"\n}',
  ],
  [
    'cypress-record-key-gitlab-ci',
    'e2e:\n  stage: test\n  image: cypress/browsers:node-20.11.0-chrome-121.0.6167.85-1-ff-120.0-edge-121.0.2277.83-1\n' +
      '  parallel: 4\n  script:\n    - npm ci\n' +
      '    - npx cypress run --record --key «{h8}-{h4}-{h4}-{h4}-{h12}» --parallel --ci-build-id $CI_PIPELINE_ID',
  ],
  [
    'saucelabs-access-key-wdio-conf',
    "export const config: WebdriverIO.Config = {\n  user: 'acme-qa',\n  key: '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n" +
      "  region: 'eu',\n" +
      "  capabilities: [{ browserName: 'safari', platformName: 'macOS 13', 'sauce:options': { build: process.env.GITHUB_SHA } }],\n" +
      "  services: ['sauce'],\n};",
  ],
  [
    'semgrep-app-token-hardcoded-workflow',
    'jobs:\n  semgrep:\n    runs-on: ubuntu-latest\n    container: semgrep/semgrep\n    env:\n' +
      '      SEMGREP_APP_TOKEN: «{h64}»\n    steps:\n      - uses: actions/checkout@v4\n      - run: semgrep ci',
  ],
  [
    'depot-project-token-inline-build',
    '$ DEPOT_TOKEN=«depot_project_{h64}» depot build --project {l10} \\\n' +
      '    -t registry.acme.io/api:sha-{h7} --platform linux/amd64,linux/arm64 --push .\n' +
      '[+] Building 41.2s (18/18) FINISHED\n' +
      'error: failed to push registry.acme.io/api:sha-{h7}: unexpected status: 401 Unauthorized',
  ],
  [
    'codacy-project-token-coverage-reporter',
    '- name: Upload coverage to Codacy\n  run: |\n    bash <(curl -Ls https://coverage.codacy.com/get.sh) report \\\n' +
      '      -r coverage/lcov.info \\\n      --project-token «{h32}»',
  ],
  ['coveralls-repo-token-yml', '# .coveralls.yml\nservice_name: github-actions\nrepo_token: «{a32}»\nparallel: true'],
  [
    'deepsource-dsn-env-export',
    'export DEEPSOURCE_DSN=https://«{h32}»@app.deepsource.com\ncurl https://deepsource.io/cli | sh\n' +
      './bin/deepsource report --analyzer test-coverage --key python --value-file ./coverage.xml',
  ],
  [
    'expo-token-eas-workflow-env',
    'my eas build job fails with "An Expo user account is required to proceed", here\'s the workflow:\n\n' +
      '      - uses: expo/expo-github-action@v8\n        with:\n          eas-version: latest\n          token: «{B40}»\n' +
      '      - run: eas build --platform android --profile preview --non-interactive',
  ],
  [
    'temporal-cloud-api-key-go-client',
    'c, err := client.Dial(client.Options{\n\tHostPort:  "acme-prod.{l5}.tmprl.cloud:7233",\n' +
      '\tNamespace: "acme-prod.{l5}",\n\tConnectionOptions: client.ConnectionOptions{TLS: &tls.Config{}},\n' +
      '\tCredentials: client.NewAPIKeyStaticCredentials("«eyJhbGciOiJFUzI1NiIsImtpZCI6Ij{B10}In0.{B180}.{B86}»"),\n})\n' +
      'if err != nil {\n\tlog.Fatalln("unable to create Temporal client", err)\n}',
  ],
  [
    'incident-io-terraform-provider-key',
    'terraform {\n  required_providers {\n    incident = { source = "incident-io/incident", version = "~> 5.0" }\n  }\n' +
      '}\n\nprovider "incident" {\n  api_key = "«{a64}»"\n}',
  ],
  [
    'coralogix-private-key-otel-exporter',
    'exporters:\n  coralogix:\n    domain: "eu2.coralogix.com"\n    private_key: "«cxtp_{a30}»"\n' +
      '    application_name: "checkout"\n    subsystem_name: "api"\n    timeout: 30s',
  ],
  // Commerce, billing and product APIs.
  [
    'chargebee-live-key-python-configure',
    'import chargebee\n\nchargebee.configure("«live_{a32}»", "acme-saas")\n' +
      'result = chargebee.Subscription.list({"status[is]": "active", "limit": 100})\nfor entry in result:\n' +
      '    print(entry.subscription.id, entry.subscription.plan_id)',
  ],
  [
    'recurly-private-key-ruby-client',
    'require "recurly"\n\nclient = Recurly::Client.new(api_key: "«{h32}»")\n' +
      'client.list_accounts(params: { limit: 200, state: "active" }).each do |account|\n' +
      '  puts "#{account.code}\\t#{account.email}"\nend',
  ],
  [
    'revenuecat-secret-key-v2-fetch',
    'const res = await fetch(\n' +
      '  `https://api.revenuecat.com/v2/projects/proj{h8}/customers/${appUserId}/active_entitlements`,\n' +
      '  { headers: { Authorization: "Bearer «sk_{a32}»" } },\n);\n' +
      'if (!res.ok) throw new Error(`RevenueCat ${res.status}`);',
  ],
  [
    'polar-org-access-token-python',
    'from polar_sdk import Polar\n\nwith Polar(access_token="«polar_oat_{a43}»") as polar:\n' +
      '    res = polar.subscriptions.list(organization_id="{h8}-{h4}-{h4}-{h4}-{h12}", active=True)\n' +
      '    for sub in res.result.items:\n        print(sub.customer.email, sub.product.name)',
  ],
  [
    'wise-api-token-httpie-balances',
    '$ http GET "https://api.transferwise.com/v4/profiles/{d8}/balances?types=STANDARD" \\\n' +
      '    "Authorization:Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»"\nHTTP/1.1 403 Forbidden\n' +
      '{"error":"forbidden","error_description":"SCA required"}',
  ],
  [
    'loops-api-key-next-route-handler',
    '// app/api/subscribe/route.ts\nexport async function POST(req: Request) {\n  const { email } = await req.json();\n' +
      '  const r = await fetch("https://app.loops.so/api/v1/contacts/create", {\n    method: "POST",\n' +
      '    headers: { Authorization: "Bearer «{h32}»", "Content-Type": "application/json" },\n' +
      '    body: JSON.stringify({ email, source: "landing", mailingLists: { "{l25}": true } }),\n  });\n' +
      '  return Response.json(await r.json(), { status: r.status });\n}',
  ],
  [
    'unkey-root-key-ts-client',
    'import { Unkey } from "@unkey/api";\n\nconst unkey = new Unkey({ rootKey: "«unkey_{a24}»" });\n' +
      'const { result, error } = await unkey.keys.create({ apiId: "api_{a16}", prefix: "acme", ownerId: org.id });',
  ],
  // Auth, realtime and collaboration.
  [
    'kinde-client-secret-env-nextjs',
    'KINDE_CLIENT_ID={h32}\nKINDE_CLIENT_SECRET=«{a48}»\nKINDE_ISSUER_URL=https://acme.kinde.com\n' +
      'KINDE_SITE_URL=http://localhost:3000\nKINDE_POST_LOGOUT_REDIRECT_URL=http://localhost:3000\n' +
      'KINDE_POST_LOGIN_REDIRECT_URL=http://localhost:3000/dashboard',
  ],
  [
    'liveblocks-secret-key-node-auth',
    'import { Liveblocks } from "@liveblocks/node";\n\n' +
      'const liveblocks = new Liveblocks({ secret: "«sk_prod_{B64}»" });\n\n' +
      'export async function POST(request: Request) {\n  const user = await currentUser();\n' +
      '  const session = liveblocks.prepareSession(user.id, { userInfo: { name: user.name } });\n' +
      '  session.allow(`board:${user.orgId}:*`, session.FULL_ACCESS);\n' +
      '  const { status, body } = await session.authorize();\n  return new Response(body, { status });\n}',
  ],
  [
    'getstream-api-secret-server-client',
    'const { StreamChat } = require("stream-chat");\n\nconst serverClient = StreamChat.getInstance("{l12}", "«{l64}»");\n' +
      'const token = serverClient.createToken(req.user.id);\nres.json({ token });',
  ],
  [
    'monday-api-token-graphql',
    'const query = `query { boards(ids: [{d10}]) { items_page(limit: 50) { items { id name } } } }`;\n' +
      'const r = await fetch("https://api.monday.com/v2", {\n  method: "POST",\n  headers: {\n' +
      '    "Content-Type": "application/json",\n    Authorization: "«eyJhbGciOiJIUzI1NiJ9.{B150}.{B43}»",\n' +
      '    "API-Version": "2024-10",\n  },\n  body: JSON.stringify({ query }),\n});',
  ],
  [
    'shortcut-token-header-go',
    'req, _ := http.NewRequest("GET", "https://api.app.shortcut.com/api/v3/search/stories?query=owner:priya%20state:started", nil)\n' +
      'req.Header.Set("Content-Type", "application/json")\n' +
      'req.Header.Set("Shortcut-Token", "«{h8}-{h4}-{h4}-{h4}-{h12}»")\nresp, err := http.DefaultClient.Do(req)',
  ],
  [
    'toggl-api-token-basic-requests',
    'import requests\n\nr = requests.get(\n    "https://api.track.toggl.com/api/v9/me/time_entries",\n' +
      '    params={"start_date": "2025-03-01", "end_date": "2025-03-08"},\n    auth=("«{h32}»", "api_token"),\n)\n' +
      'r.raise_for_status()',
  ],
  [
    'webex-bot-token-webexteamssdk',
    'from webexteamssdk import WebexTeamsAPI\n\n' +
      'api = WebexTeamsAPI(access_token="«{a64}_{U2}{d2}_{h8}-{h4}-{h4}-{h4}-{h12}»")\n' +
      'api.messages.create(roomId=ALERTS_ROOM, markdown="**deploy** `api@{h7}` finished on prod")',
  ],
  [
    'box-jwt-config-json',
    '{\n  "boxAppSettings": {\n    "clientID": "{l32}",\n    "clientSecret": "«{a32}»",\n    "appAuth": {\n' +
      '      "publicKeyID": "{l8}",\n' +
      '      "privateKey": "-----BEGIN ENCRYPTED PRIVATE KEY-----\\n«{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b44}»\\n-----END ENCRYPTED PRIVATE KEY-----\\n",\n' +
      '      "passphrase": "«{h32}»"\n    }\n  },\n  "enterpriseID": "{d9}"\n}',
  ],
  [
    'reddit-praw-client-secret-and-password',
    'import praw\n\nreddit = praw.Reddit(\n    client_id="{B22}",\n    client_secret="«{B30}»",\n' +
      '    username="acme_mod_bot",\n    password="«{a18}»",\n    user_agent="linux:acme-modqueue:1.4 (by u/acme_ops)",\n' +
      ')\nfor item in reddit.subreddit("acmeapp").mod.modqueue(limit=25):\n    print(item.id, item.author)',
  ],
  [
    'tomtom-key-routing-url-kotlin',
    'private val client = OkHttpClient()\n\nfun route(from: LatLng, to: LatLng): Request {\n' +
      '    val url = "https://api.tomtom.com/routing/1/calculateRoute/${from.lat},${from.lng}:${to.lat},${to.lng}/json" +\n' +
      '        "?key=«{a32}»&traffic=true&travelMode=truck"\n    return Request.Builder().url(url).build()\n}',
  ],
  // Vector databases.
  [
    'qdrant-cloud-api-key-python',
    'from qdrant_client import QdrantClient\n\nclient = QdrantClient(\n' +
      '    url="https://{h8}-{h4}-{h4}-{h4}-{h12}.europe-west3-0.gcp.cloud.qdrant.io:6333",\n    api_key="«{B52}»",\n)\n' +
      'hits = client.query_points("docs", query=embedding, limit=8).points',
  ],
  [
    'weaviate-api-key-connect-cloud',
    'import os\nimport weaviate\nfrom weaviate.classes.init import Auth\n\nclient = weaviate.connect_to_weaviate_cloud(\n' +
      '    cluster_url="https://{l20}.c0.europe-west3.gcp.weaviate.cloud",\n    auth_credentials=Auth.api_key("«{a40}»"),\n' +
      '    headers={"X-OpenAI-Api-Key": os.environ["OPENAI_API_KEY"]},\n)',
  ],
  // Generic credentials in everyday developer output.
  // CI logs, stack traces and process dumps.
  [
    'gha-workflow-prisma-migrate-database-url',
    'migrate job keeps failing:\n\n' +
      '2025-03-04T10:22:14.9120012Z Error: P1000: Authentication failed against database server at `db.internal`, the provided database credentials for `orders_app` are not valid.\n' +
      '\nworkflow:\n    env:\n      DATABASE_URL: postgresql://orders_app:«{a24}»@db.internal:5432/orders?schema=public\n' +
      '    steps:\n      - run: npx prisma migrate deploy',
  ],
  [
    'node-mongo-connect-log-line',
    'api-1  | [2025-03-04 10:31:07] info: Connecting to mongodb+srv://orders-svc:«{a20}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority\n' +
      'api-1  | MongoServerError: bad auth : authentication failed\n' +
      'api-1  |     at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:231:30)\n' +
      'api-1  |     at MessageStream.<anonymous> (/app/node_modules/mongodb/lib/cmap/connection.js:61:60)',
  ],
  [
    'python-traceback-redis-cache-location',
    'Traceback (most recent call last):\n  File "/srv/shop/manage.py", line 22, in <module>\n    main()\n' +
      '  File "/srv/shop/venv/lib/python3.12/site-packages/redis/connection.py", line 380, in on_connect\n' +
      '    auth_response = self.read_response()\n' +
      'redis.exceptions.AuthenticationError: invalid username-password pair or user is disabled.\n\n' +
      '>>> settings.CACHES["default"]["LOCATION"]\n\'rediss://shop:«{a28}»@redis-prod.internal:6380/1\'\n',
  ],
  [
    'docker-exec-printenv-node-api',
    '$ docker exec api printenv\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nHOSTNAME={h12}\n' +
      'NODE_ENV=production\nPORT=8080\nJWT_SECRET=«{h64}»\nSESSION_SECRET=«{a40}»\nSMTP_USER=noreply@acme.io\n' +
      'SMTP_PASS=«{a16}»\nNODE_VERSION=20.11.1\nYARN_VERSION=1.22.19',
  ],
  [
    'docker-compose-config-keycloak-postgres',
    '$ docker compose config\nname: auth-stack\nservices:\n  db:\n    environment:\n      POSTGRES_DB: keycloak\n' +
      '      POSTGRES_PASSWORD: «{a22}»\n      POSTGRES_USER: keycloak\n    image: postgres:16-alpine\n  keycloak:\n' +
      '    command:\n      - start-dev\n    environment:\n      KC_BOOTSTRAP_ADMIN_PASSWORD: «{a16}»\n' +
      '      KC_BOOTSTRAP_ADMIN_USERNAME: admin\n      KC_DB: postgres\n      KC_DB_PASSWORD: «{a22}»\n' +
      '      KC_DB_URL: jdbc:postgresql://db:5432/keycloak\n    image: quay.io/keycloak/keycloak:26.0',
  ],
  [
    'kubectl-secret-yaml-decoded-by-hand',
    '$ kubectl get secret api-env -n prod -o yaml\napiVersion: v1\ndata:\n  DB_PASSWORD: «{b32}»\n' +
      '  JWT_SIGNING_KEY: «{b88}»\nkind: Secret\nmetadata:\n  name: api-env\n  namespace: prod\ntype: Opaque\n\n' +
      'decoded DB_PASSWORD by hand and it\'s «{a24}» — that matches what\'s in RDS, so why does the pod get "password authentication failed"?',
  ],
  // Framework configuration.
  [
    'laravel-dotenv-app-db-mail',
    'APP_NAME=Bookings\nAPP_ENV=production\nAPP_KEY=base64:«{b43}=»\nAPP_DEBUG=false\nDB_CONNECTION=mysql\n' +
      'DB_HOST=127.0.0.1\nDB_DATABASE=bookings\nDB_USERNAME=bookings\nDB_PASSWORD=«{a20}»\nREDIS_PASSWORD=«{a24}»\n' +
      'MAIL_MAILER=smtp\nMAIL_HOST=smtp.acme.io\nMAIL_USERNAME=bookings@acme.io\nMAIL_PASSWORD=«{a16}»',
  ],
  [
    'django-settings-databases-password',
    'DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "shop",\n' +
      '        "USER": "shop",\n        "PASSWORD": "«{a20}»",\n' +
      '        "HOST": "shop-db.cluster-{l12}.eu-central-1.rds.amazonaws.com",\n        "PORT": "5432",\n' +
      '        "CONN_MAX_AGE": 60,\n    }\n}',
  ],
  [
    'rails-database-yml-production-password',
    'default: &default\n  adapter: postgresql\n  encoding: unicode\n  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>\n' +
      '\nproduction:\n  <<: *default\n  database: storefront_production\n  username: storefront\n  password: «{a24}»\n' +
      '  host: 10.20.0.15',
  ],
  [
    'nextjs-config-server-runtime-secret',
    "/** @type {import('next').NextConfig} */\nmodule.exports = {\n  reactStrictMode: true,\n  serverRuntimeConfig: {\n" +
      "    apiSecret: '«{h48}»',\n  },\n  publicRuntimeConfig: {\n    apiBase: '/api',\n  },\n};",
  ],
  [
    'vite-env-local-admin-token',
    '# .env.local\nVITE_API_BASE=https://api.acme.io\nVITE_SENTRY_ENVIRONMENT=staging\nADMIN_API_TOKEN=«{B40}»\n\n' +
      'why is import.meta.env.ADMIN_API_TOKEN undefined in the browser but VITE_API_BASE works?',
  ],
  [
    'spring-properties-datasource-oauth-client',
    'spring.datasource.url=jdbc:postgresql://pg.internal:5432/ledger\nspring.datasource.username=ledger\n' +
      'spring.datasource.password=«{a20}»\nspring.security.oauth2.client.registration.keycloak.client-id=ledger-api\n' +
      'spring.security.oauth2.client.registration.keycloak.client-secret=«{a32}»\n' +
      'spring.security.oauth2.client.provider.keycloak.issuer-uri=https://sso.acme.io/realms/acme',
  ],
  [
    'nestjs-jwt-module-register-secret',
    '@Module({\n  imports: [\n    UsersModule,\n    JwtModule.register({\n      global: true,\n' +
      "      secret: '«{a44}»',\n      signOptions: { expiresIn: '15m' },\n    }),\n  ],\n  providers: [AuthService],\n" +
      '})\nexport class AuthModule {}',
  ],
  [
    'fastapi-pydantic-settings-defaults',
    'class Settings(BaseSettings):\n    model_config = SettingsConfigDict(env_file=".env")\n\n' +
      '    database_url: str = "postgresql+asyncpg://api:«{a22}»@localhost:5432/api"\n    jwt_secret: str = "«{h64}»"\n' +
      '    access_token_expire_minutes: int = 30',
  ],
  [
    'bitnami-values-postgresql-auth',
    'postgresql:\n  enabled: true\n  auth:\n    username: gitea\n    database: gitea\n    postgresPassword: «{a20}»\n' +
      '    password: «{a20}»\n  primary:\n    persistence:\n      size: 20Gi',
  ],
  // SDK and driver initialisation.
  [
    'go-sql-open-keyword-dsn',
    'db, err := sql.Open("pgx", "host=billing-db.internal port=5432 user=billing password=«{a22}» dbname=billing sslmode=require")\n' +
      'if err != nil {\n\tlog.Fatal(err)\n}',
  ],
  [
    'java-hikari-set-password',
    'HikariConfig config = new HikariConfig();\nconfig.setJdbcUrl("jdbc:mysql://mysql.internal:3306/inventory");\n' +
      'config.setUsername("inventory");\nconfig.setPassword("«{a20}»");\nconfig.setMaximumPoolSize(20);\n' +
      'HikariDataSource ds = new HikariDataSource(config);',
  ],
  [
    'csharp-sqlconnection-azure-sql',
    'await using var conn = new SqlConnection(\n' +
      '    "Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog=Orders;User ID=orders_api;Password=«{a24}»;Encrypt=True;Connection Timeout=30;");\n' +
      'await conn.OpenAsync();',
  ],
  [
    'ruby-net-http-basic-auth-report',
    'uri = URI("https://reports.acme.io/api/exports/weekly.csv")\nreq = Net::HTTP::Get.new(uri)\n' +
      'req.basic_auth("reports", "«{a20}»")\n' +
      'res = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |http| http.request(req) }',
  ],
  [
    'php-phpmailer-smtp-password',
    "$mail = new PHPMailer(true);\n$mail->isSMTP();\n$mail->Host       = 'smtp.acme.io';\n$mail->SMTPAuth   = true;\n" +
      "$mail->Username   = 'invoices@acme.io';\n$mail->Password   = '«{a18}»';\n" +
      '$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;\n$mail->Port       = 587;',
  ],
  [
    'rust-sqlx-pool-connect-url',
    'let pool = PgPoolOptions::new()\n    .max_connections(10)\n' +
      '    .connect("postgres://ingest:«{a22}»@10.0.3.14:5432/metrics")\n    .await?;',
  ],
  [
    'swift-urlrequest-bearer-header',
    'var request = URLRequest(url: URL(string: "https://api.acme.io/v1/me")!)\n' +
      'request.setValue("Bearer «{B48}»", forHTTPHeaderField: "Authorization")\n' +
      'let (data, _) = try await URLSession.shared.data(for: request)',
  ],
  [
    'kotlin-ktor-basic-auth-credentials',
    'val client = HttpClient(CIO) {\n    install(Auth) {\n        basic {\n' +
      '            credentials { BasicAuthCredentials(username = "sync", password = "«{a20}»") }\n' +
      '            sendWithoutRequest { true }\n        }\n    }\n}',
  ],
  // Command lines and clients.
  [
    'curl-oauth2-bearer-flag',
    'curl --fail-with-body --oauth2-bearer «{B43}» \\\n  -H "Accept: application/json" \\\n' +
      '  "https://api.internal.acme.io/v2/exports?since=2025-03-01"',
  ],
  ['pgpassword-inline-pg-dump', "PGPASSWORD='«{a22}»' pg_dump -h shop-db.internal -U backup -Fc shop > /backups/shop-$(date +%F).dump"],
  [
    'ssh-private-key-pasted-for-debugging',
    'ssh says "invalid format" with the deploy key from the old box, here it is:\n\n-----BEGIN OPENSSH PRIVATE KEY-----\n' +
      '«b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD{b49}\n{b70}\n{b70}\n{b70}\n' +
      '{b34}»\n-----END OPENSSH PRIVATE KEY-----',
  ],
  // Cloud CLI output.
  [
    'aws-sts-assume-role-json-output',
    '$ aws sts assume-role --role-arn arn:aws:iam::{d12}:role/deploy --role-session-name ci\n{\n    "Credentials": {\n' +
      '        "AccessKeyId": "«ASIA{U16}»",\n        "SecretAccessKey": "«{b40}»",\n' +
      '        "SessionToken": "«IQoJb3JpZ2luX2VjE{b300}»",\n        "Expiration": "2025-03-04T11:22:14+00:00"\n    },\n' +
      '    "AssumedRoleUser": {\n        "AssumedRoleId": "AROA{U17}:ci",\n' +
      '        "Arn": "arn:aws:sts::{d12}:assumed-role/deploy/ci"\n    }\n}',
  ],
  [
    'gcloud-print-access-token-output',
    '$ gcloud auth print-access-token\n«ya29.{B160}»\n' +
      '$ curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://run.googleapis.com/v2/projects/acme-prod/locations/europe-west1/services\n' +
      '{"error": {"code": 403, "message": "Permission \'run.services.list\' denied"}}',
  ],
  [
    'az-ad-sp-create-for-rbac-output',
    '$ az ad sp create-for-rbac --name gh-deploy --role contributor --scopes /subscriptions/{h8}-{h4}-{h4}-{h4}-{h12}/resourceGroups/web-prod\n' +
      '{\n  "appId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "displayName": "gh-deploy",\n  "password": "«{a3}8Q~{B34}»",\n' +
      '  "tenant": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  // Chat prose.
  [
    'chat-staging-admin-login-prose',
    'hey, can you log into the staging admin at https://admin.staging.acme.io — user ops@acme.io, password «{a14}» — and check why the CSV export button returns a 500?',
  ],
  [
    'chat-smtp-relay-creds-prose',
    'The SMTP relay creds are user relay-app / «{a18}» on smtp.acme.io:587 (STARTTLS). Can you wire them into the nodemailer transport in src/mail.ts?',
  ],
];

export const BLIND9_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers under credential-like names.
  ['identifier', 'const [showPassword, setShowPassword] = useState(false);\nconst [apiKeyVisible, setApiKeyVisible] = useState(false);'],
  ['identifier', 'def rotate_api_key(self, key_id: str, *, revoke_previous: bool = True) -> ApiKey:'],
  [
    'identifier',
    'type Credentials struct {\n\tClientID     string `json:"client_id"`\n\tClientSecret string `json:"client_secret"`\n' +
      '\tRefreshToken string `json:"refresh_token,omitempty"`\n}',
  ],
  [
    'identifier',
    'ALTER TABLE users ADD COLUMN password_hash text NOT NULL;\n' + 'CREATE INDEX idx_api_tokens_owner ON api_tokens (owner_id);',
  ],
  // References to secrets kept elsewhere.
  [
    'variable',
    '      - run: npx trigger.dev@latest deploy --env prod\n        env:\n' +
      '          TRIGGER_ACCESS_TOKEN: ${{ secrets.TRIGGER_ACCESS_TOKEN }}',
  ],
  ['variable', 'jwt_secret = os.environ["JWT_SECRET"]\ndatabase_url = os.getenv("DATABASE_URL", "sqlite:///./dev.db")'],
  [
    'variable',
    'spring.datasource.password=${DB_PASSWORD:}\n' +
      'spring.security.oauth2.client.registration.keycloak.client-secret=${KEYCLOAK_CLIENT_SECRET}',
  ],
  [
    'variable',
    'services:\n  db:\n    image: postgres:16-alpine\n    environment:\n' +
      '      POSTGRES_PASSWORD_FILE: /run/secrets/postgres_password\n    secrets:\n      - postgres_password\nsecrets:\n' +
      '  postgres_password:\n    file: ./secrets/postgres_password.txt',
  ],
  [
    'variable',
    '        env:\n          - name: JWT_SIGNING_KEY\n            valueFrom:\n              secretKeyRef:\n' +
      '                name: api-env\n                key: JWT_SIGNING_KEY',
  ],
  [
    'variable',
    'DATABASE_URL="op://Engineering/orders-db/connection string"\n' + 'STRIPE_SECRET_KEY="op://Engineering/stripe-prod/credential"',
  ],
  ['variable', 'StripeKey = @Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/StripeKey/)'],
  [
    'variable',
    'gcloud run deploy api --image europe-docker.pkg.dev/acme-prod/api/api:{h7} \\\n' +
      '  --set-secrets=DB_PASSWORD=orders-db-password:latest,JWT_SECRET=jwt-secret:3',
  ],
  [
    'variable',
    '"secrets": [\n' +
      '  { "name": "DB_PASSWORD", "valueFrom": "arn:aws:secretsmanager:eu-central-1:{d12}:secret:prod/orders/db-{a6}:password::" }\n' +
      ']',
  ],
  [
    'variable',
    '$ curl -H "Authorization: Bearer $WISE_API_TOKEN" "https://api.transferwise.com/v4/profiles/$PROFILE_ID/balances?types=STANDARD"',
  ],
  // Placeholders, masks and empty values.
  ['placeholder', '# .env.example\nINNGEST_EVENT_KEY=\nINNGEST_SIGNING_KEY=\nKINDE_CLIENT_SECRET=\nLIVEBLOCKS_SECRET_KEY='],
  [
    'placeholder',
    '2025-03-04T10:22:13.4410221Z   env:\n2025-03-04T10:22:13.4410892Z     TRIGGER_ACCESS_TOKEN: ***\n' +
      '2025-03-04T10:22:13.4411230Z     EXPO_TOKEN: ***',
  ],
  [
    'placeholder',
    '[2025-03-04 10:40:02,118: ERROR/MainProcess] consumer: Cannot connect to amqp://guest:**@rabbitmq:5672//: [Errno 111] Connection refused.\n' +
      'Trying again in 4.00 seconds... (2/100)',
  ],
  [
    'placeholder',
    '$ aws configure list\n      Name                    Value             Type    Location\n' +
      '      ----                    -----             ----    --------\n' +
      '   profile                 deploy           manual    --profile\n' +
      'access_key     ****************{U4} shared-credentials-file\n' +
      'secret_key     ****************{a4} shared-credentials-file\n' +
      '    region             eu-central-1      config-file    ~/.aws/config',
  ],
  ['placeholder', 'DATABASE_URL="postgresql://USER:PASSWORD@HOST:PORT/DATABASE?schema=public"'],
  ['placeholder', 'TRIGGER_SECRET_KEY=tr_dev_••••••••••••\nINNGEST_SIGNING_KEY=signkey-prod-••••••••'],
  // Digests, checksums and commit ids.
  [
    'digest',
    '$ docker pull postgres:16-alpine\n16-alpine: Pulling from library/postgres\nDigest: sha256:{h64}\n' +
      'Status: Downloaded newer image for postgres:16-alpine',
  ],
  ['digest', "  /stream-chat@8.46.0:\n    resolution: {integrity: sha512-{b86}==}\n    engines: {node: '>=16'}"],
  [
    'digest',
    '$ git log --oneline -4\n{h7} (HEAD -> main, origin/main) fix(auth): refresh Kinde session before redirect\n' +
      '{h7} chore(deps): bump @liveblocks/node to 2.15.0\n{h7} Merge pull request #412 from acme/rotate-signing-key\n' +
      '{h7} docs: explain INNGEST_SIGNING_KEY_FALLBACK',
  ],
  ['digest', '{h64}  acme-cli_2.4.0_linux_amd64.tar.gz\n{h64}  acme-cli_2.4.0_darwin_arm64.tar.gz'],
  // Ids of requests, objects and runs.
  ['id', '2025-03-04T10:22:14.091Z INFO  request_id={h8}-{h4}-{h4}-{h4}-{h12} trace_id={h32} span_id={h16} POST /v1/checkout 201 84ms'],
  [
    'id',
    'metadata:\n  creationTimestamp: "2025-03-04T10:22:14Z"\n  name: api-7c9d8f6b5-{l5}\n  namespace: prod\n' +
      '  resourceVersion: "{d8}"\n  uid: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'id',
    "export default defineConfig({\n  projectId: '{l6}',\n" +
      "  e2e: { baseUrl: 'http://localhost:3000', specPattern: 'cypress/e2e/**/*.cy.ts' },\n});",
  ],
  [
    'id',
    '$ temporal workflow describe --workflow-id order-{d8} --run-id {h8}-{h4}-{h4}-{h4}-{h12}\nExecution Info:\n' +
      '  WorkflowId            order-{d8}\n  RunId                 {h8}-{h4}-{h4}-{h4}-{h12}\n' +
      '  Type                  OrderFulfillment\n  Status                COMPLETED',
  ],
  // Public keys and publishable client keys.
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-03'],
  [
    'public',
    'JWT_PUBLIC_KEY="-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b64}\n' +
      '{b64}\n{b64}\n{b8}IDAQAB\n-----END PUBLIC KEY-----"',
  ],
  ['public', 'Purchases.logLevel = .warn\nPurchases.configure(withAPIKey: "appl_{a27}")'],
  ['public', 'const client = createClient({\n  publicApiKey: "pk_prod_{B64}",\n  throttle: 16,\n});'],
  ['public', '<meta name="google-signin-client_id" content="{d12}-{l32}.apps.googleusercontent.com">'],
  // Encoded ordinary data.
  ['encoded', '{"data": [...], "has_more": true, "next_cursor": "eyJpZCI6MTgzNDIsImNyZWF0ZWRfYXQiOiIyMDI1LTAzLTA0VDEwOjIyOjE0WiJ9"}'],
  ['encoded', '.logo { background-image: url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{b64}"); }'],
  // URLs without credentials.
  ['url', 'git clone https://github.com/acme/payments-api.git\ncd payments-api && cp .env.example .env'],
  ['url', 'REDIS_URL=redis://redis:6379/0\nDATABASE_URL=postgres://localhost:5432/shop_dev\n' + 'INNGEST_BASE_URL=http://localhost:8288'],
  // Versions and log lines.
  ['version', 'node v20.11.1, npm 10.2.4, @trigger.dev/sdk 3.3.17, inngest 3.27.4, prisma 6.4.1'],
  ['version', 'eas-cli/14.4.1 darwin-arm64 node-v20.11.1\nExpo SDK 52.0.37, React Native 0.76.7'],
  [
    'log',
    'npm ERR! code E401\nnpm ERR! Unable to authenticate, need: Basic realm="Artifactory Realm"\n' +
      'npm ERR! A complete log of this run can be found in: /home/runner/.npm/_logs/2025-03-04T10_22_14_091Z-debug-0.log',
  ],
  ['log', 'WARN  EXPO_TOKEN is not set; falling back to interactive login\nError: build command failed.'],
  // Documentation and prose.
  [
    'docs',
    "Inngest signing keys begin with signkey-prod- or signkey-branch-; set INNGEST_SIGNING_KEY in your host's environment and never commit it to the repository.",
  ],
  [
    'docs',
    'RevenueCat secret keys start with sk_ and must stay on your server; the appl_ and goog_ SDK keys are safe to ship inside the app bundle.',
  ],
  [
    'prose',
    'I rotated the Chargebee live key this morning; the new one is in Doppler under billing/prod, so just redeploy the worker and it will pick it up.',
  ],
];
