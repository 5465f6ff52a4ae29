/** A forty-fifth held-out batch, written blind from the facts (vendor, token shape, required context) of two public rule sets, Kingfisher and Nosey Parker, as a sweep of their rules for vendors from M to Z: one case per rule in a context not yet in the corpus, every value a template run, scored once before any tuning. */
export const BLIND45_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'mailchimp-api-key-terraform-provider-block',
    'provider "mailchimp" {\n  api_key = "«{h32}-us14»"\n}\n\nresource "mailchimp_list" "newsletter" {\n  name = "Product updates"\n}',
  ],
  [
    'mailchimp-api-key-wp-cli-option-update',
    '# Mailchimp for WordPress: the key has to be set before the import job runs\n$ wp option update mc4wp --format=json \'{"api_key":"«{h32}-us6»"}\'\nSuccess: Updated \'mc4wp\' option.',
  ],
  [
    'mailchimp-transactional-key-in-php-array',
    "// config/services.php\n'mailchimp' => [\n    'key' => '«{h32}-us21»',\n    'list_id' => '{h10}',\n],",
  ],
  [
    'mailersend-api-token-docker-run-env',
    'docker run -d --name notifier \\\n  -e MAILERSEND_API_KEY=«mlsn.{h64}» \\\n  -e MAIL_FROM=no-reply@acme.io \\\n  ghcr.io/acme/notifier:1.8.2',
  ],
  [
    'mailersend-token-php-sdk-ctor',
    "$mailersend = new MailerSend(['api_key' => '«mlsn.{h64}»']);\n$recipients = [new Recipient('ops@acme.io', 'Ops')];",
  ],
  [
    'mailgun-primary-key-curl-user-api',
    "curl -s --user 'api:«key-{h32}»' \\\n    https://api.mailgun.net/v3/mg.acme.io/messages \\\n    -F from='Ops <ops@mg.acme.io>' -F to=oncall@acme.io -F subject='disk 91%' -F text='see grafana' ",
  ],
  [
    'mailgun-api-key-k8s-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mailer\ntype: Opaque\nstringData:\n  MAILGUN_DOMAIN: mg.acme.io\n  MAILGUN_API_KEY: "«{h32}-{h8}-{h8}»"',
  ],
  [
    'mailjet-sms-token-curl-bearer',
    '# mailjet SMS API (v4) uses a bearer token, not the key pair\ncurl -X POST https://api.mailjet.com/v4/sms-send \\\n  -H "Authorization: Bearer «{a32}»" \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"From":"ACME","To":"+447700900123","Text":"Your code is 448291"}\' ',
  ],
  [
    'mailjet-secret-symfony-mailer-dsn',
    '###> symfony/mailjet-mailer ###\nMAILER_DSN=mailjet+api://{h32}:«{h32}»@default\n###< symfony/mailjet-mailer ###',
  ],
  [
    'mandrill-api-key-python-client',
    "import mandrill\n\nmandrill_client = mandrill.Mandrill('«md-{B22}»')\nresult = mandrill_client.messages.send(message=msg, send_async=False)",
  ],
  [
    'mandrill-key-smtp-relay-main-cf',
    '# /etc/postfix/sasl_passwd  (relay through mandrill)\n[smtp.mandrillapp.com]:587 acme-mailer:«md-{B22}»',
  ],
  [
    'mapbox-secret-token-tilesets-cli-env',
    '$ export MAPBOX_ACCESS_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Ij{B22}In0.{B22}»\n$ tilesets upload-source acme-maps parcels ./parcels.geojson.ld',
  ],
  [
    'mapbox-secret-token-react-native-gradle-env',
    '# android/gradle.properties is gitignored, CI injects it:\necho "MAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1IjoiZGV2LXRlYW0iLCJhIjoi{B24}In0.{B22}»" >> android/gradle.properties',
  ],
  [
    'mariadb-jdbc-url-password-param',
    'spring.datasource.url=jdbc:mariadb://db.internal:3306/shop?user=shop_app&password=«{a18}»&useSsl=true\nspring.datasource.driver-class-name=org.mariadb.jdbc.Driver',
  ],
  ['mariadb-cli-inline-password', 'ops@db01:~$ mariadb -h 127.0.0.1 -u replicator -p\'«{a16}»\' -e "SHOW REPLICA STATUS\\G"'],
  [
    'mattermost-access-token-python-driver',
    "from mattermostdriver import Driver\n\nmm = Driver({\n    'url': 'chat.acme.io',\n    'token': '«{l26}»',\n    'scheme': 'https',\n    'port': 443,\n})",
  ],
  [
    'mattermost-incoming-webhook-gha-env',
    '      - name: Notify channel\n        env:\n          MATTERMOST_WEBHOOK_URL: «https://mattermost.acme.io/hooks/{l26}»\n        run: ./scripts/notify.sh "deploy ${{ github.sha }} done"',
  ],
  ['mattermost-pat-mm-token-terraform', 'provider "mattermost" {\n  url   = "https://mm.acme.io"\n  mm_token = "«{l26}»"\n}'],
  [
    'maxmind-license-key-geoip2-webservice-client',
    "import geoip2.webservice\n\n# MaxMind account 123456\nwith geoip2.webservice.Client(123456, '«{a6}_{a29}_mmk»') as client:\n    print(client.city('203.0.113.7').country.iso_code)",
  ],
  [
    'mem0-api-key-curl-token-header',
    'curl -X POST https://api.mem0.ai/v1/memories/ \\\n  -H "Authorization: Token «m0-{a40}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"messages":[{"role":"user","content":"I prefer aisle seats"}],"user_id":"alex"}\' ',
  ],
  [
    'mercadopago-access-token-python-sdk',
    'import mercadopago\n\nsdk = mercadopago.SDK("«APP_USR-{d16}-{d6}-{h32}-{d9}»")\npreference = sdk.preference().create(preference_data)["response"]',
  ],
  [
    'mercadopago-access-token-node-config',
    "const client = new MercadoPagoConfig({\n  accessToken: '«APP_USR-{d16}-{d6}-{h32}-{d9}»',\n  options: { timeout: 5000 },\n});",
  ],
  [
    'mercury-production-token-curl-secret-token',
    'curl https://api.mercury.com/api/v1/accounts \\\n  -H "Accept: application/json" \\\n  -H "Authorization: Bearer secret-token:«mercury_production_wma_{a44}_yrucrem»"',
  ],
  [
    'mercury-sandbox-token-env',
    '# Mercury sandbox (non-production) credentials for the payouts service\nMERCURY_API_URL=https://api-sandbox.mercury.com/api/v1\nMERCURY_API_TOKEN=secret-token:«mercury_sandbox_rma_{a44}_yrucrem»',
  ],
  [
    'messagebird-access-key-go-client',
    'import messagebird "github.com/messagebird/go-rest-api/v9"\n\nfunc newClient() *messagebird.Client {\n\treturn messagebird.New("«{a25}»")\n}',
  ],
  [
    'msteams-webhook-jenkins-office365-connector',
    "post {\n  failure {\n    office365ConnectorSend webhookUrl: '«https://acmecorp.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»',\n      message: \"Build ${env.BUILD_NUMBER} failed\", status: 'Failure'\n  }\n}",
  ],
  [
    'msteams-webhook-python-pymsteams',
    'import pymsteams\n\ncard = pymsteams.connectorcard("«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»")\ncard.text("Nightly ETL finished with 3 warnings")\ncard.send()',
  ],
  [
    'midtrans-production-server-key-python-core-api',
    "core = midtransclient.CoreApi(\n    is_production=True,\n    server_key='«Mid-server-{B24}»',\n    client_key='Mid-client-{B16}'\n)",
  ],
  [
    'mistral-api-key-continue-config-yaml',
    'models:\n  - name: Codestral\n    provider: mistral\n    model: codestral-latest\n    apiKey: «{a32}»\n    roles: [autocomplete]',
  ],
  [
    'mistral-api-key-curl-chat',
    'curl https://api.mistral.ai/v1/chat/completions \\\n  -H "Authorization: Bearer «{a32}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"model":"mistral-small-latest","messages":[{"role":"user","content":"hi"}]}\' ',
  ],
  [
    'mixpanel-service-account-secret-python-auth-tuple',
    'resp = requests.get(\n    "https://data.mixpanel.com/api/2.0/export",\n    params={"from_date": "2024-05-01", "to_date": "2024-05-07", "project_id": 2915530},\n    auth=("etl-export.7f3c21.mp-service-account", "«{a32}»"),\n)',
  ],
  [
    'mixpanel-api-secret-ingest-basic',
    "# mixpanel import endpoint, project api secret as basic auth user\ncurl https://api.mixpanel.com/import?strict=1 -u «{h32}»: -H 'Content-Type: application/json' -d @events.json",
  ],
  [
    'modal-token-secret-cli-set',
    '$ modal token set --token-id ak-{a22} --token-secret «as-{a22}» --profile acme\nToken written to /home/dev/.modal.toml in profile acme.',
  ],
  [
    'monday-api-token-python-headers',
    'MONDAY_URL = "https://api.monday.com/v2"\nheaders = {\n    "Authorization": "«eyJhbGciOiJIUzI1NiJ9.{B120}.{B43}»",\n    "API-Version": "2024-01",\n}',
  ],
  [
    'mongodb-atlas-private-key-terraform-provider',
    'provider "mongodbatlas" {\n  public_key  = "{l8}"\n  private_key = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n}',
  ],
  [
    'mongodb-uri-mongodump-archive',
    'mongodump --uri="mongodb://backup:«{a20}»@db1.acme.internal:27017,db2.acme.internal:27017/?authSource=admin&replicaSet=rs0" \\\n  --archive=/backups/$(date +%F).gz --gzip',
  ],
  [
    'mongodb-atlas-sa-secret-atlas-cli-env',
    'export MONGODB_ATLAS_CLIENT_ID=mdb_sa_id_{h24}\nexport MONGODB_ATLAS_CLIENT_SECRET=«mdb_sa_sk_{a40}»\natlas clusters list --projectId {h24}',
  ],
  [
    'moralis-api-key-curl-x-api-key',
    'curl "https://deep-index.moralis.io/api/v2.2/0x{h40}/erc20?chain=eth" \\\n  -H "accept: application/json" \\\n  -H "X-API-Key: «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B140}.{B43}»"',
  ],
  [
    'mssql-password-go-connection-string',
    'connString := "server=sql01.acme.local;user id=reporting;password=«{a16}»;port=1433;database=Sales"\ndb, err := sql.Open("sqlserver", connString)',
  ],
  [
    'mux-token-secret-python-sdk',
    'import mux_python\n\nconfiguration = mux_python.Configuration()\nconfiguration.username = "{h8}-{h4}-{h4}-{h4}-{h12}"\nconfiguration.password = "«{b75}»"',
  ],
  ['mysql-password-mycnf-client-section', '[client]\nuser=backup\npassword="«{a20}»"\nhost=db-primary.internal'],
  [
    'nango-secret-key-python-client',
    'from nango import Nango\n\nnango = Nango(secret_key="«{h8}-{h4}-{h4}-{h4}-{h12}»")\nconn = nango.get_connection("hubspot", "user-8812")',
  ],
  [
    'nasa-api-key-r-httr-query',
    'library(httr)\nres <- GET("https://api.nasa.gov/neo/rest/v1/feed",\n           query = list(start_date = "2024-03-01", api_key = "«{a40}»"))',
  ],
  [
    'neo4j-aura-password-cypher-shell',
    'cypher-shell -a neo4j+s://{h8}.databases.neo4j.io -u neo4j -p \'«{B43}»\' \\\n  "MATCH (n) RETURN count(n);"',
  ],
  ['neon-api-key-neonctl-inline', '$ NEON_API_KEY=«napi_{l64}» neonctl branches create --project-id {L10}-{L6}-{d8} --name preview-412'],
  [
    'nessus-linking-key-nessuscli-agent-link',
    '/opt/nessus_agent/sbin/nessuscli agent link --key=«{h64}» --groups="linux-servers" --host=cloud.tenable.com --port=443',
  ],
  [
    'netlify-pat-nfp-python-requests',
    'NETLIFY = "https://api.netlify.com/api/v1"\nheaders = {"Authorization": "Bearer «nfp_{a44}»"}\nsites = requests.get(f"{NETLIFY}/sites", headers=headers).json()',
  ],
  ['netlify-api-key-hex-fly-secrets', 'fly secrets set NETLIFY_AUTH_TOKEN=«{h64}» -a docs-preview'],
  [
    'newrelic-insert-key-fluentbit-output',
    '[OUTPUT]\n    Name        nrlogs\n    Match       *\n    base_uri    https://log-api.newrelic.com/log/v1\n    insert_key  «NRII-{B32}»',
  ],
  [
    'newrelic-license-key-ingest-docker-infra',
    'docker run -d --name newrelic-infra --network=host --cap-add=SYS_PTRACE \\\n  -e NRIA_LICENSE_KEY=«{h36}NRAL» \\\n  newrelic/infrastructure:latest',
  ],
  ['newsapi-key-x-api-key-header', 'curl "https://newsapi.org/v2/top-headlines?country=us&category=technology" -H "X-Api-Key: «{h32}»"'],
  [
    'ngrok-api-key-curl-bearer',
    'curl -s https://api.ngrok.com/endpoints \\\n  -H "Authorization: Bearer «2{l26}_{d1}{a20}»" \\\n  -H "Ngrok-Version: 2"',
  ],
  [
    'ngrok-authtoken-compose-env',
    '  ngrok:\n    image: ngrok/ngrok:latest\n    command: http app:3000\n    environment:\n      NGROK_AUTHTOKEN: «2{a26}_{d1}{a20}»',
  ],
  [
    'nightfall-api-key-curl-scan',
    'curl -X POST https://api.nightfall.ai/v3/scan \\\n  -H "Authorization: Bearer «NF-{a32}»" -H "Content-Type: application/json" \\\n  -d \'{"payload":["4242 4242 4242 4242"],"policy":{"detectionRules":[]}}\' ',
  ],
  [
    'notion-oauth-refresh-token-json-response',
    '# notion oauth token exchange response (public integration)\n{\n  "access_token": "ntn_{d11}{a35}",\n  "refresh_token": "«nrt_{a48}»",\n  "bot_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "workspace_name": "Acme"\n}',
  ],
  [
    'notion-ntn-token-mcp-server-config',
    '{\n  "mcpServers": {\n    "notion": {\n      "command": "npx",\n      "args": ["-y", "@notionhq/notion-mcp-server"],\n      "env": { "NOTION_TOKEN": "«ntn_{d11}{a35}»" }\n    }\n  }\n}',
  ],
  ['novu-secret-key-node-sdk', "import { Novu } from '@novu/api';\n\nconst novu = new Novu({ secretKey: '«{h32}»' });"],
  [
    'npm-granular-token-npmrc-echo-ci',
    '- run: echo "//registry.npmjs.org/:_authToken=«npm_{a36}»" > ~/.npmrc\n- run: npm publish --access public',
  ],
  [
    'nuget-api-key-github-packages-push',
    'dotnet nuget push bin/Release/Acme.Core.3.1.0.nupkg --api-key «oy2{l43}» --source https://api.nuget.org/v3/index.json --skip-duplicate',
  ],
  ['numverify-access-key-php-curl', "$ch = curl_init('http://apilayer.net/api/validate?access_key=«{h32}»&number=14158586273&format=1');"],
  [
    'nvidia-nim-key-langchain',
    'from langchain_nvidia_ai_endpoints import ChatNVIDIA\n\nllm = ChatNVIDIA(model="meta/llama-3.1-70b-instruct", api_key="«nvapi-{B64}»")',
  ],
  ['nytimes-api-key-books-curl', 'curl "https://api.nytimes.com/svc/books/v3/lists/current/hardcover-fiction.json?api-key=«{a32}»"'],
  [
    'octopusdeploy-api-key-terraform-provider',
    'provider "octopusdeploy" {\n  address  = "https://deploy.acme.io"\n  api_key  = "«API-{U26}»"\n  space_id = "Spaces-1"\n}',
  ],
  [
    'odbc-connection-string-excel-power-query',
    'Source = Odbc.DataSource("Driver={ODBC Driver 18 for SQL Server};Server=bi-sql.acme.local;Database=Finance;Uid=pbi_reader;Pwd=«{a16}»;Encrypt=yes")',
  ],
  [
    'okta-api-token-python-sdk-config',
    "from okta.client import Client as OktaClient\n\nconfig = {'orgUrl': 'https://acme.okta.com', 'token': '«00{B40}»'}\nokta_client = OktaClient(config)",
  ],
  [
    'ollama-cloud-api-key-js-client',
    "const ollama = new Ollama({\n  host: 'https://ollama.com',\n  headers: { Authorization: 'Bearer «{h32}.{a24}»' },\n});",
  ],
  [
    'onelogin-client-secret-curl-token',
    'curl -X POST https://acme.onelogin.com/auth/oauth2/v2/token \\\n  -u "{h64}:«{h64}»" \\\n  -H "Content-Type: application/json" -d \'{"grant_type":"client_credentials"}\' ',
  ],
  [
    '1password-service-account-token-gha-env',
    '    steps:\n      - uses: 1password/load-secrets-action@v2\n        env:\n          OP_SERVICE_ACCOUNT_TOKEN: «ops_eyJ{B260}»\n          DB_PASSWORD: op://ci/postgres/password',
  ],
  [
    '1password-account-secret-key-emergency-kit-text',
    '1Password Emergency Kit\nSign-in address: acme.1password.com\nEmail: dana@acme.io\nSecret Key: «A3-{u6}-{u6}-{u5}-{u5}-{u5}-{u5}»',
  ],
  [
    '1password-recovery-code-saved-note',
    'team recovery code for the admin vault (printed copy is in the safe):\n«1PRK-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}-{u4}»',
  ],
  [
    'onesignal-rest-api-key-v2-curl',
    'curl -X POST https://api.onesignal.com/notifications \\\n  -H "Authorization: Key «os_v2_app_{k112}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"app_id":"{h8}-{h4}-{h4}-{h4}-{h12}","contents":{"en":"New message"},"included_segments":["Active Users"]}\' ',
  ],
  [
    'onfido-api-token-node-sdk',
    "const onfido = new DefaultApi(\n  new Configuration({\n    apiToken: '«api_live.{B11}.{B32}»',\n    region: Region.EU,\n  }),\n);",
  ],
  ['openai-project-key-aider-conf', '# ~/.aider.conf.yml\nmodel: gpt-4o\nopenai-api-key: «sk-proj-{B74}T3BlbkFJ{B74}»'],
  [
    'openrouter-key-python-openai-sdk',
    'client = OpenAI(\n    base_url="https://openrouter.ai/api/v1",\n    api_key="«sk-or-v1-{h64}»",\n)',
  ],
  [
    'openshift-token-oc-curl-bearer',
    'curl -k -H "Authorization: Bearer «sha256~{B43}»" https://api.ocp4.acme.io:6443/apis/user.openshift.io/v1/users/~',
  ],
  ['openvsx-token-ovsx-publish-flag', 'npx ovsx publish acme-theme-1.4.0.vsix -p «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'openweather-appid-pyowm',
    "from pyowm import OWM\n\nowm = OWM('«{h32}»')\nweather = owm.weather_manager().weather_at_place('Lisbon,PT').weather",
  ],
  [
    'opsgenie-geniekey-header-curl',
    'curl -X POST https://api.opsgenie.com/v2/alerts \\\n  -H "Content-Type: application/json" \\\n  -H "Authorization: GenieKey «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -d \'{"message":"db replica lag > 30s","priority":"P2"}\' ',
  ],
  [
    'optimizely-pat-python-headers',
    'OPTIMIZELY_TOKEN = "«2:{B44}»"\nr = requests.get("https://api.optimizely.com/v2/projects", headers={"Authorization": f"Bearer {OPTIMIZELY_TOKEN}"})',
  ],
  ['oracle-sqlplus-connect-inline-password', 'sqlplus -s app_owner/«{a14}»@//ora-prod.acme.local:1521/ORCLPDB1 @migrate.sql'],
  [
    'ory-session-token-header-curl',
    'curl -s https://{L8}-{L6}-{d4}.projects.oryapis.com/sessions/whoami \\\n  -H "X-Session-Token: «ory_st_{a32}»"',
  ],
  ['ory-oauth2-access-token-bearer', 'GET /userinfo HTTP/1.1\nHost: auth.acme.io\nAuthorization: Bearer «ory_at_{B43}.{B43}»'],
  ['ory-pat-terraform-provider', 'provider "ory" {\n  workspace_api_key = "«ory_pat_{a32}»"\n}'],
  [
    'ovh-consumer-key-terraform-provider',
    'provider "ovh" {\n  endpoint           = "ovh-eu"\n  application_key    = "{a16}"\n  application_secret = "«{a32}»"\n  consumer_key       = "«{a32}»"\n}',
  ],
  ['owlbot-token-curl-header', 'curl -H "Authorization: Token «{h40}»" https://owlbot.info/api/v4/dictionary/serendipity'],
  [
    'packagecloud-token-ruby-client',
    'credentials = Packagecloud::Credentials.new("acme", "«{h48}»")\nclient = Packagecloud::Client.new(credentials)',
  ],
  [
    'paddle-live-api-key-curl-event-types',
    'curl https://api.paddle.com/event-types \\\n  -H "Authorization: Bearer «pdl_live_apikey_{l26}_{a22}_{a3}»"',
  ],
  [
    'pagerduty-api-token-python-pdpyras',
    'from pdpyras import APISession\n\nsession = APISession("«u+{B18}»", default_from="oncall@acme.io")',
  ],
  [
    'pagerduty-integration-key-alertmanager-receiver',
    'receivers:\n  - name: pagerduty-critical\n    pagerduty_configs:\n      - routing_key: «{h32}»\n        severity: critical',
  ],
  [
    'pandadoc-api-key-authorization-header-fetch',
    "const res = await fetch('https://api.pandadoc.com/public/v1/documents', {\n  headers: { Authorization: 'API-Key «{h40}»' },\n});",
  ],
  ['pangea-token-python-audit-env', 'export PANGEA_AUDIT_TOKEN=«pts_{k32}»\nexport PANGEA_DOMAIN=aws.us.pangea.cloud'],
  ['particle-access-token-cli-env', '$ PARTICLE_ACCESS_TOKEN=«{h40}» particle call garage-door toggle'],
  [
    'pastebin-dev-key-php-post-fields',
    "$fields = [\n    'api_dev_key'    => '«{a32}»',\n    'api_option'     => 'paste',\n    'api_paste_code' => $log,\n];",
  ],
  [
    'paypal-client-secret-curl-oauth-token',
    'curl -v https://api-m.paypal.com/v1/oauth2/token \\\n  -u "A{B79}:«E{B79}»" \\\n  -d "grant_type=client_credentials"',
  ],
  [
    'paystack-secret-key-python-requests',
    'headers = {"Authorization": "Bearer «sk_live_{h40}»"}\nr = requests.get("https://api.paystack.co/transaction/verify/" + reference, headers=headers)',
  ],
  [
    'pdflayer-access-key-node-fetch',
    'const url = `https://api.pdflayer.com/api/convert?access_key=«{h32}»&document_url=${encodeURIComponent(page)}`;',
  ],
  [
    'pendo-integration-key-python-headers',
    'PENDO_HEADERS = {\n    "content-type": "application/json",\n    "x-pendo-integration-key": "«{h8}-{h4}-{h4}-{h4}-{h12}.us»",\n}',
  ],
  [
    'pepipost-api-key-python-headers',
    'headers = {"api_key": "«{h32}»", "content-type": "application/json"}\nrequests.post("https://api.pepipost.com/v5/mail/send", json=payload, headers=headers)',
  ],
  ['permitio-api-key-python-sdk', 'from permit import Permit\n\npermit = Permit(pdp="http://localhost:7766", token="«permit_key_{a90}»")'],
  [
    'perplexity-key-curl-chat-completions',
    'curl https://api.perplexity.ai/chat/completions \\\n  -H "Authorization: Bearer «pplx-{a48}»" \\\n  -H "Content-Type: application/json" -d \'{"model":"sonar","messages":[{"role":"user","content":"hi"}]}\' ',
  ],
  [
    'persona-api-key-node-axios',
    "const persona = axios.create({\n  baseURL: 'https://withpersona.com/api/v1',\n  headers: { Authorization: 'Bearer «persona_production_{h8}-{h4}-{h4}-{h4}-{h12}»', 'Persona-Version': '2023-01-05' },\n});",
  ],
  [
    'phpmailer-smtp-password-laravel-mail-env',
    'MAIL_MAILER=smtp\nMAIL_HOST=smtp.office365.com\nMAIL_PORT=587\nMAIL_USERNAME=noreply@acme.io\nMAIL_PASSWORD=«{a16}»\nMAIL_ENCRYPTION=tls',
  ],
  [
    'pinata-jwt-curl-pinning',
    'curl -X POST https://api.pinata.cloud/pinning/pinFileToIPFS \\\n  -H "Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B300}.{B43}»" \\\n  -F file=@./metadata.json',
  ],
  [
    'pinecone-pcsk-key-python-client',
    'from pinecone import Pinecone\n\npc = Pinecone(api_key="«pcsk_{a5}_{a63}»")\nindex = pc.Index("docs-embeddings")',
  ],
  ['pingdom-api-token-terraform', 'provider "pingdom" {\n  api_token = "«{B64}»"\n}'],
  [
    'pingone-client-secret-spring-yaml',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          pingone:\n            client-id: {h8}-{h4}-{h4}-{h4}-{h12}\n            client-secret: «{B64}»',
  ],
  [
    'pinterest-access-token-python-sdk',
    "from pinterest.client import PinterestSDKClient\n\nclient = PinterestSDKClient.create_client_with_token('«pina_{B88}»')",
  ],
  [
    'pipedrive-api-token-node-client',
    "const apiClient = new pipedrive.ApiClient();\napiClient.authentications.api_key.apiKey = '«{h40}»';",
  ],
  ['pirsch-access-key-curl-hit', 'curl -X POST https://api.pirsch.io/api/v1/hit \\\n  -H "Authorization: Bearer «pa_{a45}»" -d @hit.json'],
  [
    'plaid-secret-node-configuration',
    "const configuration = new Configuration({\n  basePath: PlaidEnvironments.production,\n  baseOptions: {\n    headers: { 'PLAID-CLIENT-ID': '{h24}', 'PLAID-SECRET': '«{h30}»' },\n  },\n});",
  ],
  ['planetscale-password-prisma-url', 'DATABASE_URL="mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/shop?sslaccept=strict"'],
  [
    'plivo-auth-token-curl-basic',
    'curl -i --user MA{U18}:«{a40}» \\\n  -H "Content-Type: application/json" \\\n  -d \'{"src":"+14155550100","dst":"+14155550123","text":"Hello"}\' \\\n  https://api.plivo.com/v1/Account/MA{U18}/Message/',
  ],
  ['polar-personal-access-token-shell-export', 'export POLAR_ACCESS_TOKEN=«polar_pat_{B43}»\npolar products list --org acme'],
  ['polymarket-private-key-env', 'POLYMARKET_PRIVATE_KEY=«0x{h64}»\nPOLYMARKET_FUNDER=0x{h40}'],
  ['portainer-api-token-x-api-key-curl', 'curl -H "X-API-Key: «ptr_{B43}»" https://portainer.acme.io:9443/api/endpoints'],
  [
    'positionstack-access-key-python-params',
    'params = {"access_key": "«{h32}»", "query": "1600 Pennsylvania Ave NW"}\nrequests.get("http://api.positionstack.com/v1/forward", params=params)',
  ],
  ['postgres-password-pgpass-line', '# ~/.pgpass\ndb-replica.acme.internal:5432:analytics:etl_user:«{a20}»'],
  ['posthog-personal-api-key-curl', 'curl "https://us.posthog.com/api/projects/@current/insights/" -H "Authorization: Bearer «phx_{a43}»"'],
  [
    'postman-api-key-x-api-key-header',
    "curl --location 'https://api.getpostman.com/collections' --header 'X-Api-Key: «PMAK-{h24}-{h34}»' ",
  ],
  [
    'postmark-server-token-python-postmarker',
    'from postmarker.core import PostmarkClient\n\npostmark = PostmarkClient(server_token="«{h8}-{h4}-{h4}-{h4}-{h12}»")',
  ],
  [
    'powershell-pscredential-new-object-inline',
    '$pw = ConvertTo-SecureString "«{a14}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("ACME\\svc_backup", $pw)\nInvoke-Command -ComputerName fs01 -Credential $cred -ScriptBlock { wbadmin get versions }',
  ],
  [
    'prefect-api-key-env-file',
    'PREFECT_API_URL=https://api.prefect.cloud/api/accounts/{h8}-{h4}-{h4}-{h4}-{h12}/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}\nPREFECT_API_KEY=«pnu_{a36}»',
  ],
  [
    'privateai-api-key-python-client',
    'from privateai_client import PAIClient\n\nclient = PAIClient(url="https://api.private-ai.com/community/", api_key="«{h32}»")',
  ],
  ['proof-api-key-curl-header', 'curl https://api.proof.com/v1/transactions -H "ApiKey: «{a32}»"'],
  ['psexec-hostname-credentials-batch', 'psexec \\\\WKS-0415 -u ACME\\deploy -p «{a14}» -h -d C:\\tools\\agent-install.cmd'],
  [
    'pubnub-secret-key-python-config',
    'pnconfig = PNConfiguration()\npnconfig.publish_key = "pub-c-{h8}-{h4}-{h4}-{h4}-{h12}"\npnconfig.subscribe_key = "sub-c-{h8}-{h4}-{h4}-{h4}-{h12}"\npnconfig.secret_key = "«sec-c-{B48}»"',
  ],
  [
    'pulumi-access-token-gitlab-ci',
    'deploy:\n  stage: deploy\n  variables:\n    PULUMI_ACCESS_TOKEN: «pul-{h40}»\n  script:\n    - pulumi stack select acme/prod\n    - pulumi up --yes',
  ],
  ['pushbullet-access-token-curl-header', "curl --header 'Access-Token: «o.{a32}»' https://api.pushbullet.com/v2/users/me"],
  [
    'pusher-app-secret-node-constructor',
    'const pusher = new Pusher({\n  appId: "{d7}",\n  key: "{h20}",\n  secret: "«{h20}»",\n  cluster: "eu",\n  useTLS: true,\n});',
  ],
  [
    'pypi-token-github-actions-password',
    '      - name: Publish\n        uses: pypa/gh-action-pypi-publish@release/v1\n        with:\n          password: «pypi-AgEIcHlwaS5vcmc{B150}»',
  ],
  ['rabbitmq-amqp-url-celery-broker', 'CELERY_BROKER_URL = "amqp://worker:«{a20}»@rabbitmq.acme.internal:5672/jobs"'],
  ['rabbitmqadmin-password-flag', "rabbitmqadmin -H mq01 -u admin -p '«{a16}»' list queues name messages consumers"],
  [
    'rails-secret-key-base-heroku-config-set',
    '$ heroku config:set SECRET_KEY_BASE=«{h128}» -a acme-web\nSetting SECRET_KEY_BASE and restarting ⬢ acme-web... done, v142',
  ],
  ['rails-master-key-kamal-secrets', '# .kamal/secrets\nKAMAL_REGISTRY_PASSWORD=$KAMAL_REGISTRY_PASSWORD\nRAILS_MASTER_KEY=«{h32}»'],
  ['railway-token-gha-env', '      - run: railway up --service api\n        env:\n          RAILWAY_TOKEN: «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'ramp-client-secret-python-requests-auth',
    'resp = requests.post(\n    "https://api.ramp.com/developer/v1/token",\n    auth=("ramp_id_{a40}", "«ramp_sec_{a48}»"),\n    data={"grant_type": "client_credentials", "scope": "transactions:read"},\n)',
  ],
  [
    'rapidapi-key-python-headers',
    'headers = {\n    "X-RapidAPI-Key": "«{a50}»",\n    "X-RapidAPI-Host": "weatherbit-v1-mashape.p.rapidapi.com",\n}',
  ],
  [
    'razorpay-key-secret-php-api',
    "$api = new Api('rzp_live_{a14}', '«{a24}»');\n$order = $api->order->create(['receipt' => 'rcpt_11', 'amount' => 50000, 'currency' => 'INR']);",
  ],
  [
    'rdp-file-password-51-blob',
    'full address:s:ts01.acme.local\nusername:s:ACME\\helpdesk\npassword 51:b:«01000000D08C9DDF0115D1118C7A00C04FC297EB01000000{H300}»',
  ],
  ['react-app-api-secret-dotenv-production', 'REACT_APP_API_BASE=https://api.acme.io\nREACT_APP_ADMIN_PASSWORD=«{a14}»'],
  ['readme-api-key-curl-basic', 'curl -u "«rdme_{l70}»:" https://dash.readme.com/api/v1/api-specification'],
  [
    'recaptcha-secret-node-siteverify',
    "const params = new URLSearchParams({\n  secret: '«6L{B38}»',\n  response: token,\n});\nawait fetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body: params });",
  ],
  [
    'redirectpizza-token-python-headers',
    'headers = {"Authorization": "Bearer «rpa_{a32}»"}\nrequests.get("https://redirect.pizza/api/v1/redirects", headers=headers)',
  ],
  [
    'redis-url-sidekiq-yaml',
    'production:\n  :redis_url: redis://default:«{a32}»@redis-{d5}.c{d3}.eu-west-1-2.ec2.redns.redis-cloud.com:{d5}/0',
  ],
  [
    'redshift-password-psql-env',
    "PGPASSWORD='«{a18}»' psql -h analytics.{l10}.eu-west-1.redshift.amazonaws.com -p 5439 -U etl -d warehouse -c 'select 1' ",
  ],
  [
    'render-api-key-curl-services',
    "curl --request GET --url 'https://api.render.com/v1/services?limit=20' \\\n  --header 'Authorization: Bearer «rnd_{a32}»' ",
  ],
  ['replicate-api-token-node-client', "const replicate = new Replicate({ auth: '«r8_{a37}»' });"],
  [
    'resend-api-key-python-module-attr',
    'import resend\n\nresend.api_key = "«re_{a8}_{a24}»"\nresend.Emails.send({"from": "Acme <hi@acme.io>", "to": ["dana@acme.io"], "subject": "hi", "html": "<p>hi</p>"})',
  ],
  ['retell-api-key-python-client', 'from retell import Retell\n\nclient = Retell(api_key="«key_{h28}»")'],
  ['ringcentral-client-secret-env-pair', 'RC_SERVER_URL=https://platform.ringcentral.com\nRC_CLIENT_ID={B22}\nRC_CLIENT_SECRET=«{B22}»'],
  ['riot-api-key-dotenv-comment', '# Riot development key, expires every 24h\nRIOT_API_KEY=«RGAPI-{h8}-{h4}-{h4}-{h4}-{h12}»'],
  ['robinhood-crypto-api-key-env', 'ROBINHOOD_API_KEY=«rh-api-{h8}-{h4}-{h4}-{h4}-{h12}»\nROBINHOOD_BASE64_PRIVATE_KEY=«{b44}»'],
  [
    'rollbar-post-server-item-token-curl',
    'curl https://api.rollbar.com/api/1/deploy/ -F access_token=«{h32}» -F environment=production -F revision=$(git rev-parse HEAD)',
  ],
  ['rootly-api-key-env', 'ROOTLY_API_TOKEN=«rootly_{h64}»'],
  [
    'rubygems-api-key-gem-push-env',
    '$ GEM_HOST_API_KEY=«rubygems_{h48}» gem push acme-client-2.0.1.gem\nPushing gem to https://rubygems.org...',
  ],
  ['runpod-api-key-python-sdk', 'import runpod\n\nrunpod.api_key = "«rpa_{u40}{a6}»"\nendpoint = runpod.Endpoint("{l14}")'],
  ['runway-api-secret-python-client', 'from runwayml import RunwayML\n\nclient = RunwayML(api_key="«key_{h128}»")'],
  [
    'saladcloud-api-key-python-headers',
    'headers = {"Salad-Api-Key": "«salad_cloud_user_{a60}»"}\nrequests.get("https://api.salad.com/api/public/organizations/acme/projects", headers=headers)',
  ],
  [
    'salesforce-refresh-token-sfdx-auth-url',
    '$ echo "force://PlatformCLI::«5Aep861{B80}»@acme.my.salesforce.com" > authurl.txt\n$ sf org login sfdx-url --sfdx-url-file authurl.txt --alias prod',
  ],
  ['salesforce-consumer-secret-env-pair', 'SF_CONSUMER_KEY=3MVG9{B80}\nSF_CONSUMER_SECRET=«{H64}»\nSF_USERNAME=integration@acme.io'],
  [
    'salesforce-access-token-workbench-session',
    'curl https://acme.my.salesforce.com/services/data/v60.0/sobjects/Account \\\n  -H "Authorization: Bearer «00D{a12}!{a96}»"',
  ],
  [
    'salesloft-api-key-python-headers',
    'headers = {"Authorization": "Bearer «v2_ak_{d5}_{h64}»"}\nrequests.get("https://api.salesloft.com/v2/people", headers=headers)',
  ],
  ['samsara-api-token-curl-bearer', 'curl https://api.samsara.com/fleet/vehicles -H "Authorization: Bearer «samsara_api_{a30}»"'],
  ['sanity-token-cli-env', 'SANITY_AUTH_TOKEN=«sk{a180}» npx sanity dataset export production prod.tar.gz'],
  [
    'saucelabs-access-key-python-remote',
    'sauce_url = "https://acme-ci:«{h8}-{h4}-{h4}-{h4}-{h12}»@ondemand.eu-central-1.saucelabs.com:443/wd/hub"\ndriver = webdriver.Remote(command_executor=sauce_url, options=options)',
  ],
  ['scale-api-key-python-client', 'import scaleapi\n\nclient = scaleapi.ScaleClient("«live_{h32}»")'],
  [
    'scaleway-secret-key-rclone-remote',
    '[scw]\ntype = s3\nprovider = Scaleway\naccess_key_id = SCW{U17}\nsecret_access_key = «{h8}-{h4}-{h4}-{h4}-{h12}»\nregion = fr-par\nendpoint = s3.fr-par.scw.cloud',
  ],
  ['scalingo-api-token-cli-env', 'SCALINGO_API_TOKEN=«tk-us-{B48}» scalingo --app acme-api env'],
  ['scalr-token-cli-env', 'export SCALR_HOSTNAME=acme.scalr.io\nexport SCALR_TOKEN=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{B180}.{B86}»'],
  ['scraperapi-key-curl-url', 'curl "http://api.scraperapi.com?api_key=«{h32}»&url=https://httpbin.org/ip&render=true"'],
  ['seam-api-key-python-client', 'from seam import Seam\n\nseam = Seam(api_key="«seam_{a28}»")'],
  [
    'segment-public-api-token-python-headers',
    'headers = {"Authorization": "Bearer «sgp_{a64}»", "Content-Type": "application/vnd.segment.v1+json"}',
  ],
  [
    'sendbird-api-token-python-headers',
    'SENDBIRD_APP_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nheaders = {"Api-Token": "«{h40}»", "Content-Type": "application/json; charset=utf8"}',
  ],
  ['sendgrid-api-key-go-client', 'client := sendgrid.NewSendClient("«SG.{B22}.{B43}»")\nresponse, err := client.Send(message)'],
  [
    'sendinblue-key-curl-api-key-header',
    "curl --request GET --url https://api.brevo.com/v3/account \\\n  --header 'api-key: «xkeysib-{h64}-{a16}»' ",
  ],
  ['sentry-user-token-sentry-cli-flag', 'sentry-cli --auth-token «sntryu_{h64}» releases new -p web "$VERSION"'],
  [
    'sentry-org-token-xcode-build-phase',
    'export SENTRY_ORG=acme\nexport SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3{B100}_{B43}»\nERROR=$(sentry-cli debug-files upload --include-sources "$DWARF_DSYM_FOLDER_PATH" 2>&1 >/dev/null)',
  ],
  [
    'serpapi-key-node-getjson',
    'getJson({ engine: "google", q: "coffee", api_key: "«{h64}»" }, (json) => console.log(json.organic_results));',
  ],
  ['settlemint-service-token-gha', 'env:\n  SETTLEMINT_ACCESS_TOKEN: «sm_sat_{a16}»'],
  ['shippo-live-token-node-sdk', 'const shippo = new Shippo({ apiKeyHeader: "ShippoToken «shippo_live_{h40}»" });'],
  ['shodan-api-key-curl-host', 'curl "https://api.shodan.io/shodan/host/203.0.113.10?key=«{a32}»"'],
  [
    'shopify-admin-token-graphql-curl',
    "curl -X POST https://acme-store.myshopify.com/admin/api/2024-04/graphql.json \\\n  -H 'Content-Type: application/json' \\\n  -H 'X-Shopify-Access-Token: «shpat_{h32}»' \\\n  -d '{\"query\":\"{ shop { name } }\"}' ",
  ],
  ['shortcut-token-python-headers', 'headers = {"Content-Type": "application/json", "Shortcut-Token": "«{h8}-{h4}-{h4}-{h4}-{h12}»"}'],
  [
    'shutterstock-oauth-token-curl',
    'curl -X GET "https://api.shutterstock.com/v2/images/search?query=lighthouse" -H "Authorization: Bearer «v2/{B200}»"',
  ],
  ['sidekiq-enterprise-credential-bundle-config', 'bundle config --local enterprise.contribsys.com «{h8}:{h8}»'],
  [
    'signifyd-api-key-python-basic',
    'resp = requests.post("https://api.signifyd.com/v3/orders/events/sales", json=order, auth=("«{a32}»", ""))',
  ],
  ['siliconflow-api-key-python-openai-client', 'client = OpenAI(api_key="«sk-{l48}»", base_url="https://api.siliconflow.cn/v1")'],
  [
    'slack-session-cookie-xoxd-curl',
    'curl -s https://acme.slack.com/api/conversations.history \\\n  -H "Cookie: d=«xoxd-{B40}%2F{B60}%2B{B30}%3D»" \\\n  -H "Authorization: Bearer «xoxc-{d12}-{d12}-{d13}-{h64}»" \\\n  -d channel=C{U10}',
  ],
  ['slack-app-token-socket-mode-python', 'handler = SocketModeHandler(app, "«xapp-1-A{U10}-{d13}-{h64}»")\nhandler.start()'],
  [
    'slack-webhook-terraform-variable-default',
    'variable "slack_webhook_url" {\n  type    = string\n  default = "«https://hooks.slack.com/services/T{U8}/B{U10}/{a24}»"\n}',
  ],
  ['smb-uri-python-smbprotocol', 'smbclient.register_session("fs01.acme.local", username="ACME\\\\scanner", password="«{a16}»")'],
  [
    'smtp-credentials-django-settings',
    'EMAIL_HOST = "smtp.sendinblue.com"\nEMAIL_PORT = 587\nEMAIL_HOST_USER = "mailer@acme.io"\nEMAIL_HOST_PASSWORD = "«{a20}»"',
  ],
  [
    'snowflake-pat-connections-toml',
    '[connections.prod]\naccount = "xy{d5}.us-east-1"\nhost = "xy{d5}.us-east-1.snowflakecomputing.com"\nuser = "SVC_DBT"\nauthenticator = "PROGRAMMATIC_ACCESS_TOKEN"\ntoken = "«{B160}»"',
  ],
  [
    'snyk-token-cli-auth-arg',
    '$ snyk auth «{h8}-{h4}-{h4}-{h4}-{h12}»\nYour account has been authenticated. Snyk is now ready to be used.',
  ],
  ['solr-basic-auth-curl-user', 'curl --user solr:«{a16}» "http://solr.acme.internal:8983/solr/admin/collections?action=CLUSTERSTATUS"'],
  [
    'sonarcloud-token-sonar-scanner-cli',
    'sonar-scanner -Dsonar.organization=acme -Dsonar.projectKey=acme_web -Dsonar.host.url=https://sonarcloud.io -Dsonar.token=«{h40}»',
  ],
  ['sonarqube-global-analysis-token-gradle', './gradlew sonar -Dsonar.host.url=https://sonar.acme.io -Dsonar.token=«sqa_{h40}»'],
  [
    'sourcegraph-access-token-curl-graphql',
    'curl -H \'Authorization: token «sgp_{h16}_{h40}»\' -d \'{"query":"query { currentUser { username } }"}\' https://sourcegraph.acme.io/.api/graphql',
  ],
  ['sparkpost-api-key-python-client', "from sparkpost import SparkPost\n\nsp = SparkPost('«{h40}»')"],
  [
    'splunk-hec-token-fluentd-config',
    '<match app.**>\n  @type splunk_hec\n  hec_host splunk-hec.acme.io\n  hec_port 8088\n  hec_token «{h8}-{h4}-{h4}-{h4}-{h12}»\n</match>',
  ],
  [
    'spotify-access-token-web-api-curl',
    "curl --request GET --url https://api.spotify.com/v1/me/player/currently-playing \\\n  --header 'Authorization: Bearer «BQ{B150}»' ",
  ],
  [
    'sqlddl-mysql-create-user-identified-by',
    "CREATE USER 'reporting'@'10.0.%' IDENTIFIED BY '«{a18}»';\nGRANT SELECT ON sales.* TO 'reporting'@'10.0.%';",
  ],
  ['sqreen-token-env', 'SQREEN_TOKEN=«env_org_{a40}»'],
  [
    'square-access-token-curl-locations',
    "curl https://connect.squareup.com/v2/locations \\\n  -H 'Square-Version: 2024-04-17' \\\n  -H 'Authorization: Bearer «EAAA{B60}»' ",
  ],
  [
    'squarespace-api-key-curl-orders',
    'curl "https://api.squarespace.com/1.0/commerce/orders" -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" -H "User-Agent: acme-sync"',
  ],
  ['sshpass-rsync-password-flag', "sshpass -p '«{a14}»' rsync -avz -e ssh ./dist/ deploy@web02.acme.io:/var/www/app/"],
  ['sslmate-api-key-curl', 'curl -u «{a36}»: https://sslmate.com/api/v2/certs'],
  [
    'stabilityai-key-curl-generate',
    'curl -f -sS "https://api.stability.ai/v2beta/stable-image/generate/core" \\\n  -H "authorization: Bearer «sk-{a48}»" -H "accept: image/*" \\\n  -F prompt="lighthouse at dusk" -F output_format=webp -o lighthouse.webp',
  ],
  [
    'stackhawk-api-key-docker-run-env',
    'docker run -v $(pwd):/hawk:rw -t -e API_KEY=«hawk.{a20}.{a20}» -e NO_COLOR=true stackhawk/hawkscan',
  ],
  ['statsig-server-secret-node-initialize', "await Statsig.initialize('«secret-{a43}»', { environment: { tier: 'production' } });"],
  ['statuscake-api-token-curl', 'curl -H "Authorization: Bearer «{a20}»" https://api.statuscake.com/v1/uptime'],
  [
    'statuspage-api-key-curl-oauth',
    'curl https://api.statuspage.io/v1/pages/{l12}/incidents -H "Authorization: OAuth «{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  ['storyblok-management-token-curl', 'curl "https://mapi.storyblok.com/v1/spaces/{d6}/stories" -H "Authorization: «{a22}tt-{d6}-{a20}»"'],
  ['strava-access-token-python-stravalib', 'client = Client(access_token="«{h40}»")\nathlete = client.get_athlete()'],
  ['stream-api-secret-node-server-client', "const serverClient = StreamChat.getInstance('{l12}', '«{l64}»');"],
  ['stripe-secret-key-go-assignment', 'stripe.Key = "«sk_live_{a99}»"'],
  [
    'stytch-project-secret-python-client',
    'client = stytch.Client(\n    project_id="project-live-{h8}-{h4}-{h4}-{h4}-{h12}",\n    secret="«secret-live-{B36}=»",\n)',
  ],
  ['sumologic-access-key-collector-curl', 'curl -u "su{a12}:«{a64}»" https://api.sumologic.com/api/v1/collectors'],
  [
    'supabase-service-role-key-python-client',
    'supabase = create_client(\n    "https://{l20}.supabase.co",\n    "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B140}.{B43}»",\n)',
  ],
  ['supabase-sbp-token-cli-env', 'SUPABASE_ACCESS_TOKEN=«sbp_{h40}» supabase functions deploy webhook --project-ref {l20}'],
  ['surge-token-npx-deploy', 'SURGE_LOGIN=ops@acme.io SURGE_TOKEN=«{h32}» npx surge ./build acme-preview.surge.sh'],
  ['svix-webhook-secret-clerk-env', 'CLERK_SECRET_KEY=«sk_live_{a40}»\nCLERK_WEBHOOK_SIGNING_SECRET=«whsec_{b32}»'],
  [
    'tableau-pat-secret-rest-signin-json',
    'curl -X POST https://tableau.acme.io/api/3.22/auth/signin -H \'Content-Type: application/json\' -d \'{\n  "credentials": {\n    "personalAccessTokenName": "ci-refresh",\n    "personalAccessTokenSecret": "«{B22}==:{a32}»",\n    "site": {"contentUrl": "finance"}\n  }\n}\' ',
  ],
  ['tailscale-api-key-curl-devices', 'curl -u "«tskey-api-k{a16}-{a33}»:" https://api.tailscale.com/api/v2/tailnet/-/devices'],
  [
    'tailscale-auth-key-docker-compose',
    '  tailscale:\n    image: tailscale/tailscale:stable\n    environment:\n      - TS_AUTHKEY=«tskey-auth-k{a16}-{a33}»\n      - TS_HOSTNAME=nas-sidecar',
  ],
  [
    'tavily-key-curl-search',
    "curl -X POST https://api.tavily.com/search -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer «tvly-{a32}»' -d '{\"query\":\"kubernetes 1.31 release notes\"}' ",
  ],
  [
    'tavus-api-key-python-headers',
    'headers = {"x-api-key": "«{h32}»", "Content-Type": "application/json"}\nrequests.post("https://tavusapi.com/v2/conversations", json=body, headers=headers)',
  ],
  [
    'teamcity-token-python-requests',
    'TC = "https://ci.acme.io"\nheaders = {"Authorization": "Bearer «eyJ0eXAiOiAiVENWMiJ9.{B36}.{B48}»", "Accept": "application/json"}\nrequests.get(f"{TC}/app/rest/builds?locator=running:true", headers=headers)',
  ],
  [
    'telegram-bot-token-curl-send-message',
    'curl -s "https://api.telegram.org/bot«{d10}:AA{B33}»/sendMessage" -d chat_id=-100{d10} -d text="backup ok"',
  ],
  ['telnyx-api-key-curl-bearer-numbers', 'curl -X GET https://api.telnyx.com/v2/phone_numbers -H "Authorization: Bearer «KEY{H32}_{a22}»"'],
  [
    'temporal-cloud-api-key-tcld-env',
    'export TEMPORAL_CLOUD_API_KEY=«eyJhbGciOiJFUzI1NiIsImtpZCI6Ij{B20}In0.{B200}.{B86}»\ntcld namespace list',
  ],
  ['tencent-secret-key-tccli-configure', '$ tccli configure set secretId AKID{a32} secretKey «{a32}» region ap-guangzhou'],
  [
    'terraform-cloud-token-gha-setup-terraform',
    '      - uses: hashicorp/setup-terraform@v3\n        with:\n          cli_config_credentials_token: «{a14}.atlasv1.{a67}»',
  ],
  ['testkube-api-key-cli-flag', 'testkube pro connect --api-key «tkcapi_{h30}» --org-id tkcorg_{h16} --env-id tkcenv_{h16}'],
  [
    'thingsboard-device-token-mqtt-pub',
    'mosquitto_pub -d -q 1 -h thingsboard.acme.io -p 1883 -t v1/devices/me/telemetry -u "«{a20}»" -m \'{"temperature":21.4}\' ',
  ],
  [
    'thunderstore-token-gha-env',
    '      - name: Publish mod\n        run: tcli publish --file build/AcmeMod.zip\n        env:\n          TCLI_AUTH_TOKEN: «tss_{d2}{B30}»',
  ],
  [
    'tigris-keys-aws-cli-profile',
    '[profile tigris]\nendpoint_url = https://fly.storage.tigris.dev\naws_access_key_id = tid_{a30}\naws_secret_access_key = «tsec_{B50}»',
  ],
  ['tinybird-token-curl-pipe', 'curl "https://api.tinybird.co/v0/pipes/top_pages.json?token=«p.eyJ1IjogIj{B60}In0.{B43}»"'],
  ['todoist-api-token-curl-tasks', 'curl -X GET https://api.todoist.com/rest/v2/tasks -H "Authorization: Bearer «{h40}»"'],
  ['together-api-key-python-client', 'from together import Together\n\nclient = Together(api_key="«tgp_v1_{B43}»")'],
  ['tolgee-pat-cli-env', 'export TOLGEE_API_URL=https://app.tolgee.io\nexport TOLGEE_API_KEY=«tgpat_{l32}»\ntolgee --project-id 1187 push'],
  [
    'travis-api-token-curl-restart',
    'curl -X POST -H "Travis-API-Version: 3" -H "Authorization: token «{B22}»" https://api.travis-ci.com/build/{d9}/restart',
  ],
  ['trello-token-python-py-trello', "client = TrelloClient(\n    api_key='{h32}',\n    token='«ATTA{h64}{H8}»',\n)"],
  [
    'trendmicro-cloudone-api-key-curl',
    'curl https://workload.us-1.cloudone.trendmicro.com/api/computers \\\n  -H "Authorization: ApiKey «{a27}:{B44}»" -H "api-version: v1"',
  ],
  [
    'triggerdev-pat-ci-env',
    '      - name: Deploy background jobs\n        run: npx trigger.dev@latest deploy\n        env:\n          TRIGGER_ACCESS_TOKEN: «tr_pat_{a40}»',
  ],
  ['triggerdev-prod-secret-key-node-configure', 'configure({ secretKey: "«tr_prod_{a20}»" });'],
  [
    'truenas-api-key-midclt-websocket',
    'from truenas_api_client import Client\n\nwith Client("wss://nas.acme.lan/api/current") as c:\n    c.call("auth.login_with_api_key", "«{d1}-{a64}»")',
  ],
  [
    'turso-auth-token-libsql-url-python',
    'client = libsql_client.create_client_sync(\n    url="libsql://acme-prod-{l8}.turso.io",\n    auth_token="«eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.{B90}.{B86}»",\n)',
  ],
  [
    'twilio-auth-token-curl-basic-messages',
    'curl -X POST "https://api.twilio.com/2010-04-01/Accounts/AC{h32}/Messages.json" \\\n  --data-urlencode "Body=Your code is 8812" --data-urlencode "From=+15005550006" --data-urlencode "To=+14155551212" \\\n  -u AC{h32}:«{h32}»',
  ],
  [
    'twitch-app-access-token-helix-curl',
    "curl -H 'Client-Id: {l30}' -H 'Authorization: Bearer «{l30}»' 'https://api.twitch.tv/helix/users?login=acme_live' ",
  ],
  [
    'twitter-bearer-token-curl-recent-search',
    'curl "https://api.twitter.com/2/tweets/search/recent?query=from:acme" -H "Authorization: Bearer «AAAAAAAAAAAAAAAAAAAAA{a30}%3D{a50}»"',
  ],
  [
    'typeform-pat-python-headers',
    'headers = {"Authorization": "Bearer «tfp_{a44}_{a14}»"}\nforms = requests.get("https://api.typeform.com/forms", headers=headers).json()',
  ],
  ['uber-server-token-python-session', 'session = Session(server_token="«{B40}»")\nclient = UberRidesClient(session)'],
  [
    'ubidots-token-curl-header',
    'curl -X POST https://industrial.api.ubidots.com/api/v1.6/devices/pump-07 \\\n  -H "X-Auth-Token: «BBFF-{a30}»" -H "Content-Type: application/json" -d \'{"pressure": 3.2}\' ',
  ],
  [
    'unattend-xml-autologon-password',
    '<AutoLogon>\n  <Password>\n    <Value>«{a14}»</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <LogonCount>2</LogonCount>\n  <Username>Administrator</Username>\n</AutoLogon>',
  ],
  [
    'unkey-api-key-verify-curl-body',
    'curl -X POST https://api.unkey.com/v2/keys.verifyKey \\\n  -H "Authorization: Bearer «unkey_{a24}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"key":"«key_{a24}»"}\' ',
  ],
  [
    'unleash-client-token-helm-set',
    'helm upgrade --install edge unleash/unleash-edge \\\n  --set unleashEdge.tokens="«default:production.{h64}»"',
  ],
  [
    'unsplash-access-key-client-id-header',
    'curl -H "Authorization: Client-ID «{B43}»" "https://api.unsplash.com/photos/random?query=mountains"',
  ],
  ['upcloud-token-shell-export', 'export UPCLOUD_TOKEN=«ucat_{u26}»\nterraform plan -var-file=prod.tfvars'],
  ['upstage-api-key-openai-client', 'client = OpenAI(api_key="«up_{a30}»", base_url="https://api.upstage.ai/v1/solar")'],
  [
    'upstash-redis-rest-token-python-client',
    'from upstash_redis import Redis\n\nredis = Redis(url="https://{L6}-{L7}-{d5}.upstash.io", token="«A{B62}=»")',
  ],
  [
    'uptimerobot-api-key-python-post',
    'requests.post("https://api.uptimerobot.com/v2/getMonitors", data={"api_key": "«u{d7}-{h24}»", "format": "json"})',
  ],
  ['uri-basic-credentials-git-remote', '$ git remote -v\norigin\thttps://deploy-bot:«{a24}»@git.acme.io/platform/infra.git (fetch)'],
  [
    'urlscan-api-key-curl-submit',
    'curl -X POST "https://urlscan.io/api/v1/scan/" -H "Content-Type: application/json" \\\n  -H "API-Key: «{h8}-{h4}-{h4}-{h4}-{h12}»" -d \'{"url":"https://suspicious.acme-login.co","visibility":"private"}\' ',
  ],
  [
    'valtown-token-python-headers',
    'headers = {"Authorization": "Bearer «vtwn_{d2}{B30}»"}\nrequests.get("https://api.val.town/v1/me", headers=headers)',
  ],
  ['vapi-private-key-curl-calls', 'curl https://api.vapi.ai/call -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»"'],
  ['vastai-api-key-curl-instances', 'curl "https://console.vast.ai/api/v0/instances/?owner=me" -H "Authorization: Bearer «{h64}»"'],
  [
    'vercel-pat-vcp-gha-env',
    '      - name: Deploy\n        run: npx vercel deploy --prod --token "$VERCEL_TOKEN"\n        env:\n          VERCEL_TOKEN: «vcp_{B50}{a6}»',
  ],
  ['vercel-ai-gateway-key-dotenv', 'AI_GATEWAY_API_KEY=«vck_{B50}{a6}»'],
  ['vercel-integration-token-curl', 'curl https://api.vercel.com/v9/projects -H "Authorization: Bearer «vci_{B50}{a6}»"'],
  ['vercel-legacy-token-cli-flag', 'vercel --token «{a24}» pull --yes --environment=production'],
  [
    'viewstate-machinekey-validation-key-web-config',
    '<system.web>\n  <machineKey validationKey="«{H128}»" decryptionKey="«{H48}»" validation="HMACSHA256" decryption="AES" />\n</system.web>',
  ],
  [
    'virustotal-api-key-vt-py-client',
    'import vt\n\nclient = vt.Client("«{h64}»")\nfile = client.get_object("/files/44d88612fea8a8f36de82e1278abb02f")',
  ],
  ['vkontakte-access-token-python-vk-api', 'vk_session = vk_api.VkApi(token="«vk1.a.{B200}»")\nvk = vk_session.get_api()'],
  [
    'vmware-govc-password-env',
    "export GOVC_URL=https://vcsa.acme.local/sdk\nexport GOVC_USERNAME=administrator@vsphere.local\nexport GOVC_PASSWORD='«{a16}»'\ngovc ls /Datacenter/vm",
  ],
  ['voiceflow-api-key-python-headers', 'headers = {"Authorization": "«VF.DM.{h24}.{a16}»", "versionID": "production"}'],
  [
    'volcengine-ark-api-key-openai-client',
    'client = OpenAI(\n    base_url="https://ark.cn-beijing.volces.com/api/v3",\n    api_key="«{h8}-{h4}-{h4}-{h4}-{h12}»",\n)',
  ],
  ['volcengine-access-key-secret-env', 'VOLCENGINE_ACCESS_KEY=AKLT{B42}\nVOLCENGINE_SECRET_KEY=«{b60}==»'],
  [
    'vonage-api-secret-curl-sms',
    'curl -X POST https://rest.nexmo.com/sms/json \\\n  -d from=ACME -d text="code 5512" -d to=447700900000 \\\n  -d api_key={h8} -d api_secret=«{a16}»',
  ],
  ['voyageai-key-python-client', 'import voyageai\n\nvo = voyageai.Client(api_key="«pa-{B43}»")'],
  ['vultr-api-key-vultr-cli-env', 'VULTR_API_KEY=«{U36}» vultr-cli instance list'],
  ['wakatime-prefixed-key-cli-flag', 'wakatime-cli --key «waka_{h8}-{h4}-{h4}-{h4}-{h12}» --today'],
  [
    'warpstream-agent-key-docker-run',
    'docker run public.ecr.aws/warpstream-labs/warpstream_agent:latest agent \\\n  -bucketURL s3://acme-warpstream -agentKey «aks_{h64}» -defaultVirtualClusterID vci_{h8}_{h4}_{h4}_{h4}_{h12}',
  ],
  [
    'weatherapi-key-python-params',
    'params = {"key": "«{h31}»", "q": "Porto", "aqi": "no"}\nr = requests.get("https://api.weatherapi.com/v1/current.json", params=params)',
  ],
  [
    'webex-bot-token-curl-messages',
    'curl -X POST https://webexapis.com/v1/messages -H "Authorization: Bearer «{a64}_{a4}_{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -H "Content-Type: application/json" -d \'{"roomId":"Y2lz{B60}","text":"deploy done"}\' ',
  ],
  [
    'webflow-api-token-python-headers',
    'headers = {"accept": "application/json", "authorization": "Bearer «{h64}»"}\nrequests.get("https://api.webflow.com/v2/sites", headers=headers)',
  ],
  ['wechat-app-secret-python-wechatpy', 'client = WeChatClient("wx{h16}", "«{h32}»")'],
  ['wandb-api-key-docker-env', 'docker run --gpus all -e WANDB_API_KEY=«{h40}» -e WANDB_PROJECT=detector acme/train:latest'],
  ['wepay-access-token-python-sdk', 'api = WePay(production=True, access_token="«PRODUCTION_{h64}»")'],
  [
    'wincmd-schtasks-create-rp-password',
    'schtasks /Create /S app02 /U ACME\\svc_jobs /P «{a14}» /RU ACME\\svc_jobs /RP «{a14}» /TN "Nightly Export" /TR "C:\\jobs\\export.bat" /SC DAILY /ST 02:00',
  ],
  ['wincmd-cmdkey-generic-credential', 'cmdkey /generic:git:https://git.acme.local /user:build /pass:«{a16}»'],
  ['wireguard-private-key-wg-quick-postup', '[Interface]\nAddress = 10.8.0.2/32\nPrivateKey = «{b42}{a1}=»\nDNS = 10.8.0.1'],
  ['wistia-api-token-curl-medias', 'curl "https://api.wistia.com/v1/medias.json" -H "Authorization: Bearer «{h64}»"'],
  [
    'wiz-client-secret-python-token-request',
    'data = {\n    "grant_type": "client_credentials",\n    "audience": "wiz-api",\n    "client_id": "{l52}",\n    "client_secret": "«{a64}»",\n}',
  ],
  [
    'woocommerce-consumer-secret-node-client',
    'const api = new WooCommerceRestApi({\n  url: "https://shop.acme.io",\n  consumerKey: "ck_{h40}",\n  consumerSecret: "«cs_{h40}»",\n  version: "wc/v3",\n});',
  ],
  ['workato-api-token-curl', 'curl https://www.workato.com/api/recipes -H "Authorization: Bearer «wrkaus-{a40}»"'],
  [
    'workos-api-key-python-client',
    'from workos import WorkOSClient\n\nworkos = WorkOSClient(api_key="«sk_{a80}»", client_id="client_{U26}")',
  ],
  ['wpengine-api-password-curl', 'curl -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{a32}»" https://api.wpengineapi.com/v1/installs'],
  ['xai-api-key-python-sdk', 'from xai_sdk import Client\n\nclient = Client(api_key="«xai-{a80}»")'],
  ['xata-api-key-cli-env', 'XATA_API_KEY=«xau_{a32}» xata pull main'],
  ['xendit-secret-key-python', 'xendit.set_api_key("«xnd_production_{a60}»")'],
  ['yahoo-client-secret-python-oauth', 'oauth = OAuth2Session(client_id="dj0yJmk9{a40}", client_secret="«{h40}»")'],
  ['yandex-iam-token-python-headers', 'headers = {"Authorization": "Bearer «t1.{B96}.{B86}»"}'],
  ['yandex-api-key-yc-cli-env', 'export YC_API_KEY=«AQVN{B36}»\nyc compute instance list'],
  [
    'yelp-api-key-python-headers',
    'headers = {"Authorization": "Bearer «{B128}»"}\nrequests.get("https://api.yelp.com/v3/businesses/search", headers=headers, params={"location": "Austin"})',
  ],
  ['yousign-api-key-curl', 'curl https://api.yousign.app/v3/signature_requests -H "Authorization: Bearer «{a32}»"'],
  ['youtube-api-key-curl-search', 'curl "https://www.googleapis.com/youtube/v3/search?part=snippet&q=rust+async&key=«AIza{B35}»"'],
  [
    'zapier-catch-hook-url-python-post',
    'requests.post("«https://hooks.zapier.com/hooks/catch/{d8}/{l7}/»", json={"order_id": 18812, "total": 49.0})',
  ],
  ['zendesk-api-token-python-zenpy', 'zenpy_client = Zenpy(subdomain="acme", email="ops@acme.io", token="«{a40}»")'],
  ['zerobounce-api-key-python-sdk', 'zb = ZeroBounce("«{h32}»")\nresult = zb.validate("someone@acme.io")'],
  ['zerotier-api-token-curl', 'curl -H "Authorization: token «{a32}»" https://api.zerotier.com/api/v1/network'],
  ['zhipu-api-key-python-zhipuai', 'from zhipuai import ZhipuAI\n\nclient = ZhipuAI(api_key="«{h32}.{a16}»")'],
  ['zoho-crm-access-token-curl', 'curl "https://www.zohoapis.com/crm/v6/Leads" -H "Authorization: Zoho-oauthtoken «1000.{h32}.{h32}»"'],
  [
    'zoho-client-secret-refresh-grant',
    'curl -X POST "https://accounts.zoho.com/oauth/v2/token?refresh_token=«1000.{h32}.{h32}»&client_id=1000.{U30}&client_secret=«{h42}»&grant_type=refresh_token"',
  ],
  [
    'zoom-client-secret-s2s-curl-basic',
    'curl -X POST "https://zoom.us/oauth/token?grant_type=account_credentials&account_id={B22}" \\\n  -u "{B22}:«{a32}»"',
  ],
  ['zuplo-api-key-curl-bearer', 'curl https://acme-main-{h7}.zuplo.app/v1/orders -H "Authorization: Bearer «zpka_{h32}_{h8}»"'],
];

export const BLIND45_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'reference',
    '      - name: Send release mail\n        env:\n          MAILERSEND_API_KEY: ${{ secrets.MAILERSEND_API_KEY }}\n        run: node scripts/release-mail.js',
  ],
  ['stand-in', '# Mailchimp\nMAILCHIMP_API_KEY=your-mailchimp-api-key-us6\nMAILCHIMP_LIST_ID='],
  ['masked', '$ heroku config:get MERCURY_API_TOKEN -a payouts\nsecret-token:mercury_production_wma_••••••••••••••••_yrucrem'],
  ['stand-in', 'NOTION_TOKEN=ntn_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ['other', "$ vercel env add VERCEL_TOKEN production\n? What's the value of VERCEL_TOKEN? [hidden]"],
  ['hash-of-public', "$ git log -1 --format='%H %s'\n{h40} pipedrive: retry deal sync on 429"],
  ['hash-of-public', '$ sha256sum Nessus-10.7.3-ubuntu1804_amd64.deb\n{h64}  Nessus-10.7.3-ubuntu1804_amd64.deb'],
  [
    'identifier',
    '{"ErrorCode":0,"Message":"OK","MessageID":"{h8}-{h4}-{h4}-{h4}-{h12}","SubmittedAt":"2024-05-02T09:14:11.0411-04:00","To":"dana@acme.io"}',
  ],
  ['stand-in', 'OKTA_ORG_URL=https://acme.okta.com\nOKTA_API_TOKEN=<your-okta-api-token>'],
  [
    'reference',
    'export OP_SERVICE_ACCOUNT_TOKEN=$(cat /run/secrets/op_token)\nexport STRIPE_KEY="op://ci/stripe/secret key"\nop run -- ./deploy.sh',
  ],
  [
    'reference',
    'prefect_api_key: "{{ vault_prefect_api_key }}"\nprefect_api_url: "https://api.prefect.cloud/api/accounts/{{ prefect_account_id }}/workspaces/{{ prefect_workspace_id }}"',
  ],
  ['identifier', 'SLACK_CHANNEL_ID=C{U10}\nSLACK_TEAM_ID=T{U8}'],
  ['identifier', 'TELEGRAM_CHAT_ID=-100{d10}\nTELEGRAM_BOT_USERNAME=acme_alerts_bot'],
  ['public', '<script src="https://js.stripe.com/v3/"></script>\n<script>const stripe = Stripe(\'pk_live_{a99}\');</script>'],
  ['public', "posthog.init('phc_{a43}', { api_host: 'https://eu.i.posthog.com', person_profiles: 'identified_only' })"],
  ['public', '<div class="g-recaptcha" data-sitekey="6L{B38}"></div>'],
  ['masked', 'SENDGRID_API_KEY=SG.********************.*******************************************'],
  ['masked', 'Default payment key: sk_live_••••••••••••••••••••••••4242 (last rotated 12 days ago)'],
  ['stand-in', 'export TAVILY_API_KEY=tvly-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ['stand-in', 'XAI_API_KEY="xai-..."  # paste the key from console.x.ai'],
  [
    'public',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b64}\n{b64}\n{b24}IDAQAB\n-----END PUBLIC KEY-----',
  ],
  ['public', '[Peer]\nPublicKey = {b42}{a1}=\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.io:51820'],
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-04'],
  [
    'reference',
    'SENTRY_AUTH_TOKEN=$(aws ssm get-parameter --name /ci/sentry/auth-token --with-decryption --query Parameter.Value --output text)',
  ],
  [
    'reference',
    '        env:\n          - name: SHOPIFY_ACCESS_TOKEN\n            valueFrom:\n              secretKeyRef:\n                name: shopify-credentials\n                key: admin-token',
  ],
  [
    'hash-of-public',
    '"node_modules/@sentry/node": {\n  "version": "7.112.2",\n  "resolved": "https://registry.npmjs.org/@sentry/node/-/node-7.112.2.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  ['hash-of-public', '    image: ghcr.io/acme/payments-api@sha256:{h64}'],
  ['identifier', '[sentry] Event sent: {h32} (release web@4.12.0, environment production)'],
  ['reference', 'provider "tfe" {\n  hostname = "app.terraform.io"\n  token    = var.tfe_token\n}'],
  [
    'other',
    "$cred = Get-Credential -UserName 'ACME\\svc_backup' -Message 'Backup service account'\nNew-PSDrive -Name B -PSProvider FileSystem -Root \\\\fs01\\backup -Credential $cred",
  ],
  ['prose', 'Rotate the Mailgun sending key in the dashboard first, then update MAILGUN_API_KEY in Vault and redeploy the notifier.'],
  ['reference', 'DATABASE_URL=postgres://app:${POSTGRES_PASSWORD}@db:5432/app?sslmode=disable'],
  ['stand-in', 'mongosh "mongodb+srv://<username>:<password>@cluster0.{l5}.mongodb.net/"'],
  ['identifier', 'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_MESSAGING_SERVICE_SID=MG{h32}'],
  ['identifier', 'RAMP_CLIENT_ID=ramp_id_{a40}\nRAMP_CLIENT_SECRET='],
  ['identifier', 'MUX_TOKEN_ID={h8}-{h4}-{h4}-{h4}-{h12}\nMUX_TOKEN_SECRET=${MUX_TOKEN_SECRET}'],
  ['too-short', 'PINTEREST_ACCESS_TOKEN=pina_short'],
  ['stand-in', 'export VERCEL_TOKEN=vcp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ['identifier', 'request-id: {h8}-{h4}-{h4}-{h4}-{h12}\nx-ratelimit-remaining-requests: 4999\nopenai-organization: org-{a24}'],
  ['prose', 'The Snowflake PAT rotates every 90 days; ask #data-platform for a new one instead of reusing the old token.'],
  ['other', 'twilio:\n  auth_token: ENC[AES256_GCM,data:{b44},iv:{b22}=,tag:{b22}==,type:str]'],
  ['stand-in', 'ZENDESK_API_TOKEN=changeme\nZENDESK_EMAIL=ops@acme.io'],
];
