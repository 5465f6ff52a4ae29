/** A fifteenth held-out batch, written blind from the documented formats of public detector sets (trufflehog, GitGuardian, detect-secrets, GitHub secret scanning), every value a template run, scored once before any tuning. */
export const BLIND15_POSITIVES: readonly (readonly [string, string])[] = [
  // --- vendor tokens with a self-identifying prefix ---
  [
    'nightfall-api-key-python-client',
    'from nightfall import Nightfall\n\nnf = Nightfall(key="«NF-{a32}»")\nfindings, redactions = nf.scan_text(payloads, detection_rules=rules)',
  ],
  [
    'portainer-access-token-stack-redeploy',
    'PORTAINER_URL=https://portainer.ops.acme.io:9443\nPORTAINER_TOKEN=«ptr_{B43}»\ncurl -s -H "X-API-Key: $PORTAINER_TOKEN" "$PORTAINER_URL/api/stacks/14/git/redeploy?endpointId=2" -X PUT',
  ],
  [
    'voiceflow-dialog-manager-key-widget',
    "const res = await fetch(`https://general-runtime.voiceflow.com/state/user/${userId}/interact`, {\n  method: 'POST',\n  headers: { Authorization: '«VF.DM.{h24}.{a16}»', versionID: 'production' },\n  body: JSON.stringify({ action: { type: 'text', payload: msg } }),\n});",
  ],
  [
    'ramp-client-secret-token-exchange',
    'RAMP_CLIENT_ID=ramp_id_{a40}\nRAMP_CLIENT_SECRET=«ramp_sec_{a48}»\nRAMP_SCOPES="transactions:read receipts:write"',
  ],
  [
    'saladcloud-api-key-header',
    'curl -s https://api.salad.com/api/public/organizations/acme-ml/projects/render/containers \\\n  -H "Salad-Api-Key: «salad_cloud_user_{a54}»"',
  ],
  [
    'robinhood-crypto-key-and-private-seed',
    '# robinhood crypto trading bot\nRH_API_KEY=«rh-api-{h8}-{h4}-{h4}-{h4}-{h12}»\nRH_PRIVATE_KEY_B64=«{b43}=»\nRH_BASE_URL=https://trading.robinhood.com',
  ],
  [
    'endorlabs-api-credentials-gha',
    '- uses: endorlabs/github-action@v1\n  with:\n    namespace: acme\n    api_key: «endr+{a16}»\n    api_secret: «endr+{a16}»\n    scan_dependencies: true',
  ],
  [
    'tines-webhook-url-alert-forwarder',
    'alertmanager receiver "soc" posts to «https://lucid-cedar-4821.tines.com/webhook/{l32}/{l32}» and Tines opens the ticket',
  ],
  [
    'azure-container-registry-admin-password',
    'docker login acmeprodregistry.azurecr.io --username acmeprodregistry --password «{b42}+ACR{a6}»',
  ],
  [
    'azure-apim-direct-management-key',
    '# APIM > Management API > Enable, primary key\nAPIM_MGMT_URL=https://acme-gateway.management.azure-api.net\nAZURE_APIM_PRIMARY_KEY=«{b86}==»\nAPIM_IDENTIFIER=integration',
  ],
  [
    'azure-batch-account-key-python',
    'credentials = SharedKeyCredentials("acmerender", "«{b86}==»")\nbatch_client = BatchServiceClient(credentials, batch_url="https://acmerender.westeurope.batch.azure.com")',
  ],
  [
    'vault-approle-secret-id-login',
    'export VAULT_ADDR=https://vault-cluster-public-vault-{h8}.{h8}.z1.hashicorp.cloud:8200\nvault write auth/approle/login \\\n    role_id={h8}-{h4}-{h4}-{h4}-{h12} \\\n    secret_id=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'jupiterone-api-key-graphql-client',
    'j1 = JupiterOneClient(\n    account="{h8}-{h4}-{h4}-{h4}-{h12}",\n    token="«{a76}»",\n    url="https://graphql.us.jupiterone.io",\n)',
  ],
  [
    'apideck-api-key-unify-headers',
    "const apideck = new Apideck({\n  apiKey: '«sk_live_{a40}-{a52}»',\n  appId: '{a40}',\n  consumerId: 'tenant-4411',\n});",
  ],
  ['pagarme-live-api-key-php', "$pagarme = new PagarMe\\Client('«ak_live_{a30}»');\n$transactions = $pagarme->transactions()->getList();"],
  [
    'fleetbase-live-key-sdk',
    "import Fleetbase from '@fleetbase/sdk';\n\nconst fleetbase = new Fleetbase('«flb_live_{a20}»');\nconst orders = await fleetbase.orders.query({ status: 'dispatched' });",
  ],
  [
    'flexport-api-token-shipments',
    'curl -s "https://api.flexport.com/shipments?page=1&per=50" \\\n  -H "Authorization: Bearer «shltm_{a40}»" \\\n  -H "Flexport-Version: 2"',
  ],
  [
    'planetscale-service-token-gha-env',
    'env:\n  PLANETSCALE_ORG: acme\n  PLANETSCALE_SERVICE_TOKEN_ID: {l12}\n  PLANETSCALE_SERVICE_TOKEN: «pscale_tkn_{B43}»\nsteps:\n  - run: pscale deploy-request create orders main',
  ],
  [
    'planetscale-oauth-token-config-file',
    '# ~/.config/planetscale/access-token was copied into the build image by mistake\n«pscale_oauth_{B43}»',
  ],
  ['sourcegraph-cody-gateway-token', 'CODY_GATEWAY_URL=https://cody-gateway.sourcegraph.com\nCODY_ACCESS_TOKEN=«slk_{h64}»'],
  [
    'openai-admin-key-usage-api',
    'curl "https://api.openai.com/v1/organization/usage/completions?start_time=1735689600" \\\n  -H "Authorization: Bearer «sk-admin-{B58}T3BlbkFJ{B58}»" -H "Content-Type: application/json"',
  ],
  [
    'ionic-personal-access-token-appflow-ci',
    'export IONIC_TOKEN=«ion_{a42}»\nionic login --token=$IONIC_TOKEN && ionic deploy build --environment=production',
  ],
  [
    'wakatime-api-key-cfg',
    '[settings]\ndebug = false\nhidefilenames = true\napi_key = «waka_{h8}-{h4}-{h4}-{h4}-{h12}»\nstatus_bar_enabled = true',
  ],
  [
    'gc-notify-api-key-header',
    'curl -X POST https://api.notification.canada.ca/v2/notifications/email \\\n  -H "Authorization: ApiKey-v1 «gcntfy-billing_prod-{h8}-{h4}-{h4}-{h4}-{h12}-{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -H "Content-Type: application/json" -d @payload.json',
  ],
  [
    'klarna-api-key-basic-password',
    'KLARNA_API_USERNAME={h8}-{h4}-{h4}-{h4}-{h12}\nKLARNA_API_PASSWORD=«klarna_live_api_{b100}»\nKLARNA_API_BASE_URL=https://api.klarna.com',
  ],
  [
    'asaas-production-access-token-header',
    "$ch = curl_init('https://api.asaas.com/v3/customers');\ncurl_setopt($ch, CURLOPT_HTTPHEADER, [\n    'access_token: «$aact_prod_{a90}»',\n    'Content-Type: application/json',\n]);",
  ],
  [
    'redirect-pizza-api-token',
    'redirect.pizza token for the domain migration: «rpa_{a30}»\ncurl https://redirect.pizza/api/v1/redirects -H "Authorization: Bearer $TOKEN"',
  ],
  [
    'mergify-application-key-ci-upload',
    '- name: Upload JUnit to Mergify CI Insights\n  uses: mergifyio/gha-mergify-ci@v6\n  with:\n    token: «mergify_application_key_{B64}»\n    report_path: reports/junit.xml',
  ],
  ['minimax-api-key-python', 'client = OpenAI(\n    base_url="https://api.minimax.io/v1",\n    api_key="«sk-api-{B119}»",\n)'],
  [
    'devin-user-api-key-env',
    'DEVIN_API_KEY=«apk_user_{b150}»\ncurl -s https://api.devin.ai/v1/sessions -H "Authorization: Bearer $DEVIN_API_KEY"',
  ],
  [
    'devin-service-key-cog-prefix',
    'we rotated the org service key after the contractor left, the old one «cog_{k52}» is still in the runbook page',
  ],
  ['proof-api-key-env', 'PROOF_API_KEY=«prf_{B40}»\nPROOF_BASE_URL=https://api.proof.com/v1'],
  ['val-town-api-token-deno', 'const vt = new ValTown({ bearerToken: "«vtwn_{B40}»" });\nconst me = await vt.me.profile.retrieve();'],
  [
    'thunderstore-service-account-token-publish',
    'tcli publish --token «tss_{B48}» --file build/AcmeMod-1.2.0.zip --repository https://thunderstore.io',
  ],
  [
    'workato-api-client-token-bearer',
    'curl -s https://www.workato.com/api/recipes -H "Authorization: Bearer «wrkaus-eyJ{B30}.{B44}.{B86}»"',
  ],
  [
    'onepassword-account-secret-key-emergency-kit',
    'Sign-in address: acme.1password.com\nEmail: dana@acme.io\nSecret Key: «A3-{u6}-{u6}-{u5}-{u5}-{u5}-{u5}»',
  ],
  ['cloudflare-tunnel-token-service-install', 'sudo cloudflared service install «eyJhIjoi{a32}IiwidCI6Ij{a60}{b90}In0=»'],
  ['magic-link-secret-key-node-admin', "const { Magic } = require('@magic-sdk/admin');\nconst magic = new Magic('«sk_live_{H16}»');"],
  ['iex-cloud-secret-token-query', 'r = requests.get(f"https://cloud.iexapis.com/stable/stock/{symbol}/quote?token=«sk_{h32}»")'],
  ['scale-ai-live-key-basic', 'client = scaleapi.ScaleClient("«live_{h32}»")\ntasks = client.get_tasks(project_name="lidar-q3")'],
  ['promptlayer-api-key-python', 'import promptlayer\npromptlayer.api_key = "«pl_{h32}»"\nopenai = promptlayer.openai'],
  [
    'anaconda-org-token-condarc-channel',
    'channels:\n  - https://conda.anaconda.org/t/«{l2}-{h8}-{h4}-{h4}-{h4}-{h12}»/acme-internal\n  - conda-forge\nchannel_priority: strict',
  ],
  [
    'proxmox-api-token-tfvars',
    'pm_api_url          = "https://pve01.lab.acme.io:8006/api2/json"\npm_api_token_id     = "terraform@pve!provider"\npm_api_token_secret = "«{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'proxmox-api-token-authorization-header',
    'curl -k -H "Authorization: PVEAPIToken=automation@pam!ci=«{h8}-{h4}-{h4}-{h4}-{h12}»" https://10.20.0.5:8006/api2/json/nodes',
  ],
  // --- vendor credentials without a prefix, named by their context ---
  ['smartsheet-access-token-python-sdk', "smart = smartsheet.Smartsheet('«{a37}»')\nsheet = smart.Sheets.get_sheet(4583173393803140)"],
  [
    'clockify-api-key-header-requests',
    "headers = {'X-Api-Key': '«{a48}»', 'Content-Type': 'application/json'}\nrequests.get('https://api.clockify.me/api/v1/workspaces', headers=headers)",
  ],
  [
    'coda-api-token-uuid-bearer',
    'CODA_API_TOKEN="«{h8}-{h4}-{h4}-{h4}-{h12}»"\ncurl -H "Authorization: Bearer $CODA_API_TOKEN" https://coda.io/apis/v1/docs',
  ],
  ['raygun-api-key-dotnet-appsettings', '"RaygunSettings": {\n  "ApiKey": "«{a22}»",\n  "ExcludedStatusCodes": [404]\n}'],
  ['mezmo-logdna-ingestion-key-agent', 'LOGDNA_INGESTION_KEY=«{h32}»\nLOGDNA_HOST=logs.mezmo.com\nLOGDNA_TAGS=prod,api'],
  ['appsignal-push-api-key-ruby-yml', 'production:\n  active: true\n  name: "acme-web"\n  push_api_key: "«{h8}-{h4}-{h4}-{h4}-{h12}»"'],
  ['pingdom-api-token-bearer', 'curl -s https://api.pingdom.com/api/3.1/checks -H "Authorization: Bearer «{B64}»"'],
  ['uploadcare-secret-key-django', "UPLOADCARE = {\n    'pub_key': '{h20}',\n    'secret': '«{h20}»',\n}"],
  ['xero-client-secret-env', 'XERO_CLIENT_ID={H32}\nXERO_CLIENT_SECRET=«{B48}»\nXERO_REDIRECT_URI=https://books.acme.io/xero/callback'],
  [
    'intuit-quickbooks-client-secret-node',
    "const oauthClient = new OAuthClient({\n  clientId: '{a50}',\n  clientSecret: '«{a40}»',\n  environment: 'production',\n  redirectUri: 'https://books.acme.io/qbo/callback',\n});",
  ],
  ['avalara-avatax-license-key-config', 'avatax:\n  account_id: 2{d9}\n  license_key: «{H16}»\n  environment: production'],
  ['dwolla-key-secret-client', "const dwolla = new Client({\n  key: '{a50}',\n  secret: '«{a50}»',\n  environment: 'production',\n});"],
  ['ankr-rpc-url-path-token', 'networks: { mainnet: { url: "https://rpc.ankr.com/eth/«{h64}»", accounts: [deployer] } }'],
  ['chainstack-node-endpoint-key', 'BSC_RPC=https://nd-{d3}-{d3}-{d3}.p2pify.com/«{h32}»'],
  ['roboflow-api-key-python', 'rf = Roboflow(api_key="«{a20}»")\nproject = rf.workspace("acme").project("pallet-detect")'],
  [
    'comet-ml-api-key-experiment',
    'experiment = Experiment(\n    api_key="«{a25}»",\n    project_name="churn-model",\n    workspace="acme-ds",\n)',
  ],
  ['serper-api-key-header', "conn.request('POST', '/search', payload, {'X-API-KEY': '«{h40}»', 'Content-Type': 'application/json'})"],
  [
    'scrapingbee-api-key-client',
    "client = ScrapingBeeClient(api_key='«{u80}»')\nresponse = client.get('https://shop.acme.io/catalog', params={'render_js': 'true'})",
  ],
  ['scraperapi-key-proxy-url', 'proxies = {"https": "http://scraperapi:«{h32}»@proxy-server.scraperapi.com:8001"}'],
  [
    'brightdata-zone-password-proxy',
    'curl --proxy brd.superproxy.io:33335 --proxy-user brd-customer-hl_{h8}-zone-residential_1:«{l12}» "https://geo.brdtest.com/welcome.txt"',
  ],
  [
    'browserless-token-websocket-endpoint',
    "const browser = await puppeteer.connect({\n  browserWSEndpoint: 'wss://production-sfo.browserless.io?token=«{a40}»',\n});",
  ],
  ['ipinfo-token-query', 'curl "https://ipinfo.io/8.8.8.8/json?token=«{h14}»"'],
  ['ipgeolocation-api-key-query', 'GEO_URL = "https://api.ipgeolocation.io/ipgeo?apiKey=«{h32}»&ip="'],
  [
    'hunter-io-api-key-domain-search',
    'GET https://api.hunter.io/v2/domain-search?domain=acme.io&api_key=«{h40}» returns only 10 emails on the starter plan?',
  ],
  ['zerobounce-api-key-validate', 'ZEROBOUNCE_API_KEY=«{h32}»\nZEROBOUNCE_TIMEOUT_SECONDS=10'],
  ['discogs-personal-token-header', 'headers = {"User-Agent": "AcmeCrateDigger/1.0", "Authorization": "Discogs token=«{a40}»"}'],
  ['genius-access-token-lyricsgenius', 'genius = lyricsgenius.Genius("«{B64}»", timeout=15, retries=3)'],
  ['tmdb-v3-api-key-query', 'const url = `https://api.themoviedb.org/3/movie/${id}?api_key=«{h32}»&language=en-US`;'],
  [
    'newsapi-key-client',
    'newsapi = NewsApiClient(api_key="«{h32}»")\ntop = newsapi.get_top_headlines(category="technology", language="en")',
  ],
  [
    'polygon-io-api-key-rest-client',
    'client = RESTClient(api_key="«{a32}»")\naggs = client.get_aggs("AAPL", 1, "day", "2025-01-02", "2025-03-31")',
  ],
  ['printful-private-token-bearer', 'curl -H "Authorization: Bearer «{a40}»" -H "X-PF-Store-Id: {d8}" https://api.printful.com/orders'],
  ['smartthings-pat-bearer-uuid', 'curl -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" https://api.smartthings.com/v1/devices'],
  [
    'philips-hue-bridge-username-url',
    'turning the porch light off from cron: curl -X PUT -d \'{"on":false}\' http://192.168.1.40/api/«{a40}»/lights/7/state',
  ],
  ['telesign-customer-and-api-key', 'TELESIGN_CUSTOMER_ID={H8}-{H4}-{H4}-{H4}-{H12}\nTELESIGN_API_KEY=«{b86}==»'],
  ['iterable-api-key-header', "axios.post('https://api.iterable.com/api/events/track', event, { headers: { 'Api-Key': '«{h32}»' } });"],
  ['airship-master-secret-basic', 'AIRSHIP_APP_KEY={B22}\nAIRSHIP_MASTER_SECRET=«{B22}»\nAIRSHIP_BASE_URL=https://go.airship.eu'],
  ['helpscout-app-secret-oauth', 'HELPSCOUT_APP_ID={a32}\nHELPSCOUT_APP_SECRET=«{a32}»'],
  // --- credentials in configuration, connection strings, tools and logs ---
  [
    'kafkajs-sasl-scram-config',
    "const kafka = new Kafka({\n  clientId: 'orders-consumer',\n  brokers: ['b-1.msk.acme.internal:9096'],\n  ssl: true,\n  sasl: { mechanism: 'scram-sha-512', username: 'orders', password: '«{a24}»' },\n});",
  ],
  [
    'elasticsearch-reset-password-output',
    '$ bin/elasticsearch-reset-password -u elastic -a -b\nPassword for the [elastic] user successfully reset.\nNew value: «{a8}_{a4}*{a6}»',
  ],
  [
    'mongodb-replica-set-uri-multi-host',
    'MONGO_URL=mongodb://inventory:«{a20}»@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/inventory?replicaSet=rs0&authSource=admin&readPreference=secondaryPreferred',
  ],
  [
    'redis-users-acl-file',
    '# /etc/redis/users.acl\nuser default off\nuser app on >«{a24}» ~cache:* ~session:* +@read +@write -@dangerous\nuser metrics on >«{a20}» +info +ping',
  ],
  [
    'rails-action-mailer-smtp-settings',
    'config.action_mailer.smtp_settings = {\n  address: "smtp.mailgun.org",\n  port: 587,\n  user_name: "postmaster@mg.acme.io",\n  password: "«{h32}-{h8}-{h8}»",\n  authentication: :plain,\n  enable_starttls_auto: true\n}',
  ],
  ['symfony-mailer-dsn-env', 'MAILER_DSN=smtp://notifications%40acme.io:«{a16}»@smtp.office365.com:587'],
  [
    'ghost-config-production-mail',
    '"mail": {\n  "transport": "SMTP",\n  "options": {\n    "service": "Mailgun",\n    "host": "smtp.eu.mailgun.org",\n    "port": 465,\n    "secure": true,\n    "auth": { "user": "postmaster@blog.acme.io", "pass": "«{a20}»" }\n  }\n}',
  ],
  [
    'wp-mail-smtp-constants',
    "define( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', 'smtp.sendgrid.net' );\ndefine( 'WPMS_SMTP_USER', 'apikey' );\ndefine( 'WPMS_SMTP_PASS', '«{a18}»' );",
  ],
  [
    'jupyter-server-password-sha1-hash',
    "# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.password = '«sha1:{h12}:{h40}»'\nc.ServerApp.open_browser = False",
  ],
  [
    'ansible-yaml-inventory-winrm',
    'windows:\n  hosts:\n    win-build-01.corp.acme.io:\n  vars:\n    ansible_user: svc_ansible@CORP.ACME.IO\n    ansible_password: «{a14}!»\n    ansible_connection: winrm\n    ansible_winrm_transport: kerberos',
  ],
  [
    'helm-values-external-database',
    'postgresql:\n  enabled: false\nexternalDatabase:\n  host: orders-db.cluster-{l12}.eu-west-1.rds.amazonaws.com\n  port: 5432\n  user: keycloak\n  password: «{a22}»\n  database: keycloak',
  ],
  [
    'pypirc-private-devpi-index',
    '[distutils]\nindex-servers =\n    pypi\n    acme\n\n[acme]\nrepository = https://devpi.acme.io/acme/prod/\nusername = ci-publisher\npassword = «{a20}»',
  ],
  ['bunfig-toml-scoped-registry-token', '[install.scopes]\n"@acme" = { url = "https://npm.pkg.github.com/", token = "«ghp_{a36}»" }'],
  [
    'skopeo-copy-dest-creds',
    'skopeo copy docker://ghcr.io/acme/api:1.9.2 docker://registry.acme.io/mirror/api:1.9.2 --dest-creds mirror-bot:«{a24}»',
  ],
  ['git-http-extraheader-bearer', 'git -c http.extraHeader="Authorization: Bearer «{a40}»" clone https://git.acme.io/platform/infra.git'],
  ['maven-gpg-passphrase-cli-flag', 'mvn -B deploy -P release -Dgpg.keyname={H16} -Dgpg.passphrase=«{a18}» -DskipTests'],
  [
    'gradle-org-project-signing-env',
    'export ORG_GRADLE_PROJECT_signingInMemoryKeyId={H8}\nexport ORG_GRADLE_PROJECT_signingInMemoryKeyPassword=«{a20}»\n./gradlew publishToMavenCentral',
  ],
  [
    'dotnet-nuget-add-source-password',
    'dotnet nuget add source https://pkgs.acme.io/nuget/v3/index.json --name acme --username build --password «{a26}» --store-password-in-clear-text',
  ],
  [
    'quarkus-application-properties-datasource',
    'quarkus.datasource.db-kind=postgresql\nquarkus.datasource.username=ledger\nquarkus.datasource.password=«{a20}»\nquarkus.datasource.jdbc.url=jdbc:postgresql://pg.acme.internal:5432/ledger',
  ],
  [
    'python-http-client-debug-log-form',
    "send: b'POST /oauth/token HTTP/1.1\\r\\nHost: auth.acme.io\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\ngrant_type=client_credentials&client_id=reports-svc&client_secret=«{a32}»'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
  ],
  [
    'nginx-access-log-password-query',
    '10.0.4.17 - - [12/Mar/2025:09:14:02 +0000] "GET /api/v1/login?user=kiosk07&password=«{a14}» HTTP/1.1" 200 512 "-" "okhttp/4.12.0"',
  ],
  [
    'cqlshrc-authentication-section',
    '[authentication]\nusername = analytics\npassword = «{a18}»\n\n[connection]\nhostname = cassandra-0.cassandra.data.svc\nport = 9042',
  ],
  [
    'activemq-jetty-realm-properties',
    '# conf/jetty-realm.properties\n# username: password [,rolename ...]\nadmin: «{a16}», admin\nmonitor: «{a16}», user',
  ],
  [
    'nats-server-conf-authorization-users',
    'authorization {\n  users = [\n    { user: orders, password: "«{a22}»", permissions: { publish: "orders.>" } }\n  ]\n}',
  ],
  [
    'pulsar-client-conf-token-auth',
    'webServiceUrl=https://pulsar.acme.io:8443/\nbrokerServiceUrl=pulsar+ssl://pulsar.acme.io:6651/\nauthPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:«eyJhbGciOiJSUzI1NiJ9.{B40}.{B86}»',
  ],
  ['firebird-isql-sysdba-password', 'isql -user SYSDBA -password «{a12}» 192.168.7.20:/data/erp/ERP.FDB'],
  ['sap-hana-hdbuserstore-set', 'hdbuserstore SET BACKUPKEY hana01.acme.local:30015 BACKUP_OPERATOR «{a12}{d2}»'],
  ['vertica-vsql-password-flag', 'vsql -h vertica.dw.acme.io -U dbadmin -w «{a16}» -c "SELECT node_name, node_state FROM nodes;"'],
  ['etcdctl-user-root-password', 'ETCDCTL_API=3 etcdctl --endpoints=https://10.0.0.11:2379 --user root:«{a20}» get / --prefix --keys-only'],
  [
    'opensearch-dashboards-yml-password',
    'opensearch.hosts: ["https://opensearch-node1:9200"]\nopensearch.username: kibanaserver\nopensearch.password: «{a18}»\nopensearch.ssl.verificationMode: none',
  ],
  [
    'filebeat-yml-elasticsearch-output',
    'output.elasticsearch:\n  hosts: ["https://es01.logs.acme.io:9200"]\n  username: "filebeat_writer"\n  password: "«{a20}»"\n  ssl.certificate_authorities: ["/etc/filebeat/ca.crt"]',
  ],
  [
    'fluentd-match-elasticsearch-password',
    '<match app.**>\n  @type elasticsearch\n  host es.logs.acme.io\n  port 9200\n  scheme https\n  user fluentd\n  password «{a20}»\n</match>',
  ],
  [
    'tomcat-users-xml-manager',
    '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n  <role rolename="manager-gui"/>\n  <user username="deployer" password="«{a16}»" roles="manager-gui,manager-script"/>\n</tomcat-users>',
  ],
  [
    'wildfly-standalone-datasource-security',
    '<datasource jndi-name="java:jboss/datasources/BillingDS" pool-name="BillingDS">\n  <connection-url>jdbc:oracle:thin:@ora01:1521/BILL</connection-url>\n  <security>\n    <user-name>billing_app</user-name>\n    <password>«{a18}»</password>\n  </security>\n</datasource>',
  ],
  [
    'vagrantfile-ssh-password',
    'Vagrant.configure("2") do |config|\n  config.vm.box = "acme/rocky9"\n  config.ssh.username = "build"\n  config.ssh.password = "«{a14}»"\nend',
  ],
  [
    'debian-preseed-root-password-plain',
    'd-i passwd/root-login boolean true\nd-i passwd/root-password password «{a14}»\nd-i passwd/root-password-again password «{a14}»',
  ],
  ['windows-cmdkey-add-pass', 'cmdkey /add:fileserver01.corp.acme.local /user:CORP\\svc_backup /pass:«{a14}#»'],
  [
    'windows-schtasks-run-as-password',
    'schtasks /create /tn "NightlyExport" /tr "C:\\jobs\\export.cmd" /sc daily /st 02:00 /ru CORP\\svc_export /rp «{a16}»',
  ],
  [
    'macos-security-add-generic-password',
    'security add-generic-password -a deploy -s "acme-signing" -w «{a20}» -U ~/Library/Keychains/build.keychain-db',
  ],
  [
    'duplicity-passphrase-cron',
    '0 3 * * * PASSPHRASE=«{a24}» duplicity /srv/data b2://{h24}@acme-backups/srv >> /var/log/duplicity.log 2>&1',
  ],
  [
    'rails-log-unfiltered-params',
    'Started POST "/api/v1/integrations" for 10.0.3.9 at 2025-03-12 09:14:02 +0000\nProcessing by Api::V1::IntegrationsController#create as JSON\n  Parameters: {"provider"=>"zendesk", "subdomain"=>"acme", "api_token"=>"«{a40}»"}',
  ],
];

export const BLIND15_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'masked',
    'Started POST "/users/sign_in" for 10.0.3.9\n  Parameters: {"user"=>{"email"=>"dana@acme.io", "password"=>"[FILTERED]"}, "commit"=>"Log in"}',
  ],
  ['reference', "from jupyter_server.auth import passwd\nc.ServerApp.password = passwd(os.environ['NOTEBOOK_PASSWORD'])"],
  ['no-credential', '# /etc/redis/users.acl\nuser default off\nuser healthcheck on nopass +ping +info'],
  [
    'reference',
    'helm upgrade --install pg bitnami/postgresql --set auth.existingSecret=pg-credentials --set auth.secretKeys.adminPasswordKey=postgres-password',
  ],
  [
    'reference',
    'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="orders" password="${file:/opt/kafka/secrets/orders.properties:password}";',
  ],
  ['reference', 'spring.datasource.password=${DB_PASSWORD:}\nspring.datasource.username=${DB_USER:app}'],
  ['reference', '//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n@acme:registry=https://npm.pkg.github.com'],
  ['no-credential', '{\n  "credHelpers": {\n    "{d12}.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login",\n    "gcr.io": "gcloud"\n  }\n}'],
  ['masked', 'curl -s https://api.flexport.com/shipments -H "Authorization: Bearer ****************************************"'],
  ['masked', 'Run endorlabs/github-action@v1\n  with:\n    api_key: ***\n    api_secret: ***\n    namespace: acme'],
  ['masked', 'Authorization: PVEAPIToken=terraform@pve!provider=********-****-****-****-************'],
  ['docs', 'curl -H "X-API-Key: <portainer-access-token>" https://<portainer-host>:9443/api/endpoints'],
  ['docs', 'Ramp client ids begin with ramp_id_ and client secrets with ramp_sec_; only the secret has to be stored in the vault.'],
  ['docs', 'POST https://<tenant>.tines.com/webhook/<path>/<secret> with a JSON body to start the story.'],
  ['docs', 'Authorization: ApiKey-v1 gcntfy-<key name>-<service id>-<secret>'],
  ['public-id', "Klarna.OnsiteMessaging.init({ clientId: 'klarna_live_client_{a40}' });"],
  ['public-id', "createAppKit({ adapters: [wagmiAdapter], networks, projectId: '{h32}', metadata })"],
  ['public-id', 'ALGOLIA_APP_ID={U10}\nGOOGLE_ANALYTICS_ID=G-{U10}\nSENTRY_ENVIRONMENT=production'],
  ['identifier', 'account_id = "{h32}"\nzone_id = "{h32}"\nname = "edge-router"\nmain = "src/index.ts"'],
  ['digest', 'ARG HELM_VERSION=3.16.2\nARG HELM_SHA256={h64}\nRUN echo "${HELM_SHA256}  helm.tar.gz" | sha256sum -c -'],
  ['digest', '<script src="https://cdn.acme.io/widget.min.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>'],
  ['digest', 'github.com/planetscale/planetscale-go v0.118.0 h1:{b43}=\ngithub.com/planetscale/planetscale-go v0.118.0/go.mod h1:{b43}='],
  ['digest', 'pip install "git+https://github.com/acme/reporting.git@{h40}#egg=reporting"'],
  ['digest', 'version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize 48213377'],
  ['digest', 'image: ghcr.io/acme/api@sha256:{h64}\nimagePullPolicy: IfNotPresent'],
  ['digest', '{h32}  cloudflared-linux-amd64\n{h32}  cloudflared-linux-arm64'],
  ['id', 'traceparent: 00-{h32}-{h16}-01\nx-request-id: {h8}-{h4}-{h4}-{h4}-{h12}'],
  ['uuid', 'metadata:\n  name: orders-api-7c9d\n  namespace: prod\n  uid: {h8}-{h4}-{h4}-{h4}-{h12}\n  resourceVersion: "{d8}"'],
  ['uuid', '/subscriptions/{h8}-{h4}-{h4}-{h4}-{h12}/resourceGroups/rg-batch/providers/Microsoft.Batch/batchAccounts/acmerender'],
  ['uuid', '{"error": "insufficient_scope", "requestId": "{h8}-{h4}-{h4}-{h4}-{h12}", "status": 403}'],
  ['version', 'pscale version 0.186.0 (build e1f2c3d, 2024-11-04)\ncloudflared version 2025.2.0 (built 2025-02-04)'],
  ['encoded', '<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA{b80}">'],
  ['identifier', 'WAKATIME_API_KEY_FILE=/run/secrets/wakatime_api_key\nNIGHTFALL_DETECTION_RULE_ID=pii-default'],
  ['reference', 'MAILER_DSN=smtp://%env(MAILER_USER)%:%env(urlencode:MAILER_PASSWORD)%@smtp.office365.com:587'],
  ['reference', 'az acr login --name acmeprodregistry\ndocker push acmeprodregistry.azurecr.io/api:1.9.2'],
  ['docs', 'd-i passwd/root-password-crypted password [crypt(3) hash]\n# or leave root disabled and create a normal user below'],
  ['too-short', 'redis-cli -h cache.acme.internal -p 6379 -a "" ping'],
  ['identifier', "const ramp = require('ramp-api');\nconst RAMP_TOKEN_URL = 'https://api.ramp.com/developer/v1/token';"],
  ['digest', 'ETag: "{h32}"\nCache-Control: public, max-age=31536000, immutable'],
  ['public-id', 'hue bridge found: {"id":"001788fffe{h6}","internalipaddress":"192.168.1.40","port":443}'],
  [
    'reference',
    'export VAULT_ADDR=https://vault.acme.io:8200\nvault write auth/approle/login role_id="$ROLE_ID" secret_id="$(cat /run/secrets/secret_id)"',
  ],
];
