/** A fortieth held-out batch, written blind from the facts (vendor, token shape, required context, example shape) of the public Kingfisher rule files (mongodb/kingfisher and its fork), every value a template run, every text written for the batch in a shape of its own, scored once before any tuning. */
export const BLIND40_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'adobe-stock-key-requests-header-host-only',
    'resp = requests.get(\n    "https://stock.adobe.io/Rest/Media/1/Search/Files",\n    headers={"x-api-key": "«{h32}»", "x-product": "PortfolioSync/1.0"},\n    params={"search_parameters[words]": "harbor sunset"},\n)',
  ],
  [
    'adobe-p8e-secret-nested-yaml-ims',
    'integrations:\n  adobe:\n    ims:\n      client_id: {h32}\n      client_secret: «p8e-{a12}-{a19}»\n      scopes: openid,AdobeID,read_organizations',
  ],
  [
    'ai21-key-langchain-kwarg',
    'from langchain_ai21 import AI21LLM\nllm = AI21LLM(model="jamba-instruct", ai21_api_key="«{h8}-{h4}-4{h3}-a{h3}-{h12}»")',
  ],
  [
    'aikido-ci-token-release-gate-flag',
    '- name: Aikido release gate\n  run: |\n    npx @aikidosec/ci-api-client scan-release ${{ github.event.repository.id }} ${{ github.sha }} \\\n      --apikey «AIK_CI_{a32}» --fail-on high',
  ],
  [
    'aikido-client-secret-python-basic-tuple',
    'r = httpx.post(\n    "https://app.aikido.dev/api/oauth/token",\n    auth=("AIK_CLIENT_{a24}", "«AIK_SECRET_{a64}»"),\n    data={"grant_type": "client_credentials"},\n)',
  ],
  [
    'airbyte-client-secret-json-parent-key',
    '{\n  "airbyte": {\n    "workspace_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "client_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "client_secret": "«{a32}»"\n  }\n}',
  ],
  [
    'airtable-pat-curl-meta-bases',
    'curl -s https://api.airtable.com/v0/meta/bases \\\n  -H "Authorization: Bearer «pat{a14}.{h64}»" | jq \'.bases[].name\'',
  ],
  [
    'aiven-token-aivenv1-auth-header',
    'curl -s -H "Authorization: aivenv1 «{b372}»" https://api.aiven.io/v1/project | jq \'.projects[].project_name\'',
  ],
  [
    'algolia-admin-key-docsearch-config-json',
    '{\n  "index_name": "handbook",\n  "start_urls": ["https://handbook.acme.dev/"],\n  "algolia": {\n    "app_id": "{U4}{d3}{U3}",\n    "admin_api_key": "«{h32}»"\n  }\n}',
  ],
  [
    'alibaba-sts-aliyun-cli-config-json',
    '{\n  "current": "deploy",\n  "profiles": [\n    {\n      "name": "deploy",\n      "mode": "StsToken",\n      "access_key_id": "STS.{a21}",\n      "access_key_secret": "«{a40}»",\n      "sts_token": "«CAIS{b140}»",\n      "region_id": "cn-hangzhou"\n    }\n  ]\n}',
  ],
  [
    'alibaba-secret-java-defaultprofile-positional',
    'DefaultProfile profile = DefaultProfile.getProfile(\n    "cn-shanghai",\n    "LTAI{a20}",\n    "«{a30}»");\nIAcsClient client = new DefaultAcsClient(profile);',
  ],
  [
    'amplitude-secret-key-export-basic-auth-curl',
    'curl -u "{h32}:«{h32}»" \\\n  "https://amplitude.com/api/2/export?start=20240301T00&end=20240302T00" -o events.zip',
  ],
  [
    'anypoint-client-secret-mule-properties',
    '# src/main/resources/config/prod.properties\nanypoint.platform.client_id={h32}\nanypoint.platform.client_secret=«{H32}»\nanypoint.platform.base_uri=https://anypoint.mulesoft.com/apiplatform',
  ],
  [
    'apify-token-js-client-options',
    "import { ApifyClient } from 'apify-client';\n\nconst client = new ApifyClient({ token: '«apify_api_{a36}»' });\nconst run = await client.actor('apify/web-scraper').call(input);",
  ],
  [
    'arcjet-key-compose-environment-list',
    'services:\n  web:\n    build: .\n    environment:\n      - NODE_ENV=production\n      - ARCJET_KEY=«ajkey_01{l24}»',
  ],
  [
    'artifactory-reference-token-pip-conf-url',
    '[global]\nindex-url = https://ci-bot:«cmVmd{a59}»@acme.jfrog.io/artifactory/api/pypi/pypi-virtual/simple\ntrusted-host = acme.jfrog.io',
  ],
  [
    'asana-v2-token-node-client-chain',
    "const asana = require('asana');\nconst client = asana.Client.create().useAccessToken('«2/{d16}/{d16}:{h32}»');\nconst me = await client.users.me();",
  ],
  [
    'assemblyai-key-fetch-header-host-only',
    "const res = await fetch('https://api.assemblyai.com/v2/transcript', {\n  method: 'POST',\n  headers: { authorization: '«{h32}»', 'content-type': 'application/json' },\n  body: JSON.stringify({ audio_url: uploadUrl }),\n});",
  ],
  [
    'atlassian-admin-key-python-const-then-url',
    '# Atlassian org admin automation (deprovision leavers)\nADMIN_API_KEY = "«ATCT{B180}»"\nresp = requests.get(\n    f"https://api.atlassian.com/admin/v1/orgs/{ORG_ID}/users",\n    headers={"Authorization": f"Bearer {ADMIN_API_KEY}", "Accept": "application/json"},\n)',
  ],
  [
    'auth0-client-secret-express-openid-config',
    "const config = {\n  authRequired: false,\n  issuerBaseURL: 'https://acme-prod.eu.auth0.com',\n  baseURL: 'https://portal.acme.io',\n  clientID: '{a32}',\n  clientSecret: '«{B64}»',\n  secret: process.env.SESSION_SECRET,\n};",
  ],
  [
    'azure-notification-hub-csharp-create-client',
    'var hub = NotificationHubClient.CreateClientFromConnectionString(\n    "Endpoint=sb://acme-push-prod.servicebus.windows.net/;SharedAccessKeyName=DefaultFullSharedAccessSignature;SharedAccessKey=«{b43}=»",\n    "ios-prod");',
  ],
  [
    'azure-apim-subscription-key-query-param',
    'GET https://contoso-gw.azure-api.net/orders/v1/list?status=open&subscription-key=«{h32}» HTTP/1.1\nHost: contoso-gw.azure-api.net',
  ],
  [
    'azure-entra-secret-appsettings-azuread-block',
    '{\n  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "ClientSecret": "«{a3}8Q~{B34}»",\n    "CallbackPath": "/signin-oidc"\n  }\n}',
  ],
  [
    'azure-acr-password-docker-login-stdin',
    'echo "«{a42}+ACR{a6}»" | docker login acmeplatform.azurecr.io --username acmeplatform --password-stdin',
  ],
  [
    'azure-sql-password-jdbc-url-semicolon-params',
    'spring.datasource.url=jdbc:sqlserver://acme-orders.database.windows.net:1433;database=orders;user=sqladmin@acme-orders;password=«{a14}#{d2}»;encrypt=true;trustServerCertificate=false;loginTimeout=30;',
  ],
  [
    'azure-webpubsub-js-service-client-ctor',
    "const { WebPubSubServiceClient } = require('@azure/web-pubsub');\nconst service = new WebPubSubServiceClient(\n  'Endpoint=https://chat-prod.webpubsub.azure.com;AccessKey=«{b43}=»;Version=1.0;',\n  'lobby'\n);",
  ],
  [
    'azure-openai-key-python-client-kwargs',
    'from openai import AzureOpenAI\n\nclient = AzureOpenAI(\n    azure_endpoint="https://acme-eastus2.openai.azure.com",\n    api_key="«{h32}»",\n    api_version="2024-06-01",\n)',
  ],
  [
    'bamboo-pat-python-session-header',
    'BAMBOO_URL = "https://bamboo.corp.acme.net"\nsession = requests.Session()\nsession.headers["Authorization"] = "Bearer «N{a15}Oj{a26}»"\nplans = session.get(f"{BAMBOO_URL}/rest/api/latest/plan.json").json()',
  ],
  [
    'blockprotocol-key-fetch-x-api-key',
    "const res = await fetch('https://blockprotocol.org/api/blocks?author=hash', {\n  headers: { 'x-api-key': '«b10ck5.{a32}.{a36}»', accept: 'application/json' },\n});",
  ],
  [
    'box-access-token-boxsdk-oauth2-kwargs',
    'from boxsdk import OAuth2, Client\n\nauth = OAuth2(\n    client_id="{l32}",\n    client_secret="«{a32}»",\n    access_token="«{a32}»",\n)\nclient = Client(auth)',
  ],
  ['branchio-secret-app-api-query-string', 'curl -s "https://api2.branch.io/v1/app/key_live_{a32}?branch_secret=«{a40}»" | jq .'],
  [
    'browserbase-key-python-sdk-ctor',
    'from browserbase import Browserbase\n\nbb = Browserbase(api_key="«bb_live_{a27}»")\nsession = bb.sessions.create(project_id=os.environ["BROWSERBASE_PROJECT_ID"])',
  ],
  [
    'browserstack-access-key-bstack-options-host-after',
    'options.set_capability("bstack:options", {\n    "userName": "danaortiz_{l6}",\n    "accessKey": "«{a20}»",\n    "projectName": "checkout-e2e",\n})\ndriver = webdriver.Remote("https://hub-cloud.browserstack.com/wd/hub", options=options)',
  ],
  [
    'builderio-private-key-write-api-bearer',
    'curl -X POST "https://builder.io/api/v1/write/page" \\\n  -H "Authorization: Bearer «bpk-{h32}»" \\\n  -H "Content-Type: application/json" -d @landing.json',
  ],
  [
    'buildkite-token-graphql-curl',
    'curl -s https://graphql.buildkite.com/v1 \\\n  -H "Authorization: Bearer «bkua_{h40}»" \\\n  -d \'{"query":"query { viewer { user { name email } } }"}\'',
  ],
  [
    'buttercms-token-js-sdk-factory',
    "import Butter from 'buttercms';\n\nconst butter = Butter('«{l40}»');\nconst { data } = await butter.post.list({ page: 1, page_size: 10 });",
  ],
  [
    'calcom-key-toml-integrations-table',
    '[integrations.calcom]\nbase_url = "https://api.cal.com/v2"\napi_key = "«cal_live_{h32}»"\nevent_type_slug = "intro-call"',
  ],
  [
    'calendly-pat-axios-instance-headers',
    "const calendly = axios.create({\n  baseURL: 'https://api.calendly.com',\n  headers: {\n    Authorization: 'Bearer «eyJ{B60}.eyJ{B140}.{B86}»',\n  },\n});",
  ],
  [
    'canva-client-secret-json-parent-key',
    '{\n  "canva": {\n    "client_id": "OC-{a12}",\n    "client_secret": "«cnvca{B51}»",\n    "redirect_uri": "https://design.acme.io/oauth/canva/callback"\n  }\n}',
  ],
  [
    'cartesia-key-websocket-query-param',
    'ws = await websockets.connect(\n    "wss://api.cartesia.ai/tts/websocket?api_key=«sk_car_{a20}»&cartesia_version=2024-06-10"\n)',
  ],
  [
    'carto-token-deckgl-credentials',
    "import { setDefaultCredentials } from '@deck.gl/carto';\n\nsetDefaultCredentials({\n  apiBaseUrl: 'https://gcp-us-east1.api.carto.com',\n  accessToken: '«eyJhbGciOiJIUzI1NiJ9.{B64}.{B43}»',\n});",
  ],
  [
    'censys-secret-python-hosts-kwargs',
    'from censys.search import CensysHosts\n\nh = CensysHosts(api_id="{h8}-{h4}-{h4}-{h4}-{h12}", api_secret="«{a32}»")\nfor page in h.search("services.service_name: HTTP", per_page=5):\n    print(page)',
  ],
  [
    'chartmogul-key-node-config-ctor',
    "const ChartMogul = require('chartmogul-node');\nconst config = new ChartMogul.Config('«{l32}»');\nconst account = await ChartMogul.Account.retrieve(config);",
  ],
  [
    'cielo-client-secret-braspag-token-curl-basic',
    '# Cielo e-commerce: Silent Order Post needs an OAuth token first\ncurl -s -X POST https://auth.braspag.com.br/oauth2/token \\\n  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{a32}»" \\\n  -d grant_type=client_credentials',
  ],
  [
    'circleci-pat-python-circle-token-header',
    'me = requests.get(\n    "https://circleci.com/api/v2/me",\n    headers={"Circle-Token": "«CCIPAT_{a22}_{h40}»", "Accept": "application/json"},\n).json()',
  ],
  [
    'meraki-key-terraform-provider-block',
    'provider "meraki" {\n  meraki_dashboard_api_key = "«{h40}»"\n  meraki_base_url          = "https://api.meraki.com/api/v1"\n}',
  ],
  ['civo-token-terraform-provider-block', 'provider "civo" {\n  token  = "«{l50}»"\n  region = "LON1"\n}'],
  [
    'clarifai-key-grpc-metadata-tuple',
    'from clarifai_grpc.grpc.api import service_pb2_grpc\nstub = service_pb2_grpc.V2Stub(ClarifaiChannel.get_grpc_channel())\nmetadata = (("authorization", "Key «{h32}»"),)',
  ],
  [
    'clay-api-key-yaml-nested-parent',
    'enrichment:\n  clay:\n    table_webhook: https://api.clay.com/v3/sources/webhook/pull-in-data-from-a-webhook-{h8}\n    api_key: «{h20}»',
  ],
  ['clearbit-secret-ruby-module-setter', "require 'clearbit'\nClearbit.key = '«sk_{h32}»'"],
  [
    'clickup-token-fetch-header-host-only',
    "const res = await fetch('https://api.clickup.com/api/v2/team', {\n  headers: { Authorization: '«pk_{d8}_{u32}»' },\n});",
  ],
  [
    'clockwork-sms-key-send-url-query',
    'GET https://api.clockworksms.com/http/send.aspx?key=«{h40}»&to=447700900{d3}&content=Your+code+is+{d6}',
  ],
  [
    'cockroach-ccdb1-key-curl-clusters',
    'curl -s https://cockroachlabs.cloud/api/v1/clusters \\\n  -H "Authorization: Bearer «CCDB1_{a22}_{a40}»" | jq \'.clusters[].name\'',
  ],
  [
    'codacy-api-token-curl-header-host-only',
    'curl -s -H "api-token: «{a22}»" \\\n  "https://app.codacy.com/api/v3/organizations/gh/acme/repositories?limit=100"',
  ],
  [
    'cohere-key-langchain-embeddings-kwarg',
    'from langchain_cohere import CohereEmbeddings\n\nembeddings = CohereEmbeddings(model="embed-english-v3.0", cohere_api_key="«{a40}»")',
  ],
  [
    'coinbase-cdp-ec-key-ts-sdk-configure',
    'Coinbase.configure({\n  apiKeyName: "organizations/{h8}-{h4}-{h4}-{h4}-{h12}/apiKeys/{h8}-{h4}-{h4}-{h4}-{h12}",\n  privateKey: "«-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI{b43}oAoGCCqGSM49\\nAwEHoUQDQgAE{b64}\\n{b22}==\\n-----END EC PRIVATE KEY-----»\\n",\n});',
  ],
  [
    'composio-project-key-ts-client-options',
    "import { Composio } from '@composio/core';\n\nconst composio = new Composio({ apiKey: '«ak_{a20}»' });\nconst tools = await composio.tools.get('default', { toolkits: ['GITHUB'] });",
  ],
  [
    'confluence-dc-pat-publish-action-with',
    '- name: Publish docs to the wiki\n  uses: markdown-confluence/publish-action@v5\n  with:\n    confluenceBaseUrl: https://wiki.corp.acme.net\n    confluenceParentId: "{d9}"\n    atlassianApiToken: «M{a15}Ou{a26}»',
  ],
  [
    'couchbase-capella-token-terraform-provider',
    'provider "couchbase-capella" {\n  host                 = "https://cloudapi.cloud.couchbase.com"\n  authentication_token = "«{b96}»"\n}',
  ],
  [
    'courier-key-curl-send-header',
    'curl -s -X POST https://api.courier.com/send \\\n  -H "Authorization: Bearer «pk_prod_{a24}»" \\\n  -d \'{"message":{"to":{"email":"ops@acme.io"},"template":"ORDER_SHIPPED"}}\'',
  ],
  [
    'crossmint-server-key-fetch-header-host-only',
    "const res = await fetch('https://www.crossmint.com/api/2022-06-09/collections/default/nfts', {\n  method: 'POST',\n  headers: { 'X-API-KEY': '«sk_production_{a40}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify(payload),\n});",
  ],
  ['cursor-user-key-python-auth-tuple', 'resp = requests.get("https://api.cursor.com/v0/me", auth=("«key_{h64}»", ""))'],
  [
    'cypress-record-key-package-json-script',
    '{\n  "scripts": {\n    "e2e": "cypress open",\n    "e2e:ci": "cypress run --record --key «{h8}-{h4}-{h4}-{h4}-{h12}» --parallel --group chrome"\n  }\n}',
  ],
  [
    'databricks-oauth-secret-terraform-provider',
    'provider "databricks" {\n  host          = "https://adb-{d16}.{d2}.azuredatabricks.net"\n  client_id     = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  client_secret = "«dose{a32}»"\n}',
  ],
  [
    'deepgram-key-browser-websocket-subprotocol',
    "const socket = new WebSocket(\n  'wss://api.deepgram.com/v1/listen?model=nova-2&smart_format=true',\n  ['token', '«{h40}»']\n);",
  ],
  [
    'deepl-free-key-php-translator-ctor',
    "<?php\nrequire_once 'vendor/autoload.php';\n$translator = new \\DeepL\\Translator('«{h8}-{h4}-{h4}-{h4}-{h12}:fx»');\necho $translator->translateText('Hello, world!', null, 'de')->text;",
  ],
  [
    'definednetworking-dnkey-curl-hosts',
    'curl -s https://api.defined.net/v1/hosts?pageSize=100 \\\n  -H "Authorization: Bearer «dnkey-{u26}-{u52}»" | jq \'.data[].hostname\'',
  ],
  [
    'dbconn-csharp-oracleconnection-ctor',
    'using var conn = new OracleConnection("Data Source=orcl-prod:1521/ORCLPDB1;User Id=billing_app;Password=«{a12}_{d3}»;");\nconn.Open();',
  ],
  [
    'e2b-key-ts-sandbox-create-options',
    "import { Sandbox } from '@e2b/code-interpreter';\n\nconst sbx = await Sandbox.create({ apiKey: '«e2b_{h40}»', timeoutMs: 300_000 });",
  ],
  [
    'ebay-cert-id-ebaysdk-yaml-config',
    'name: ebay_api_config\napi.ebay.com:\n    compatability: 967\n    appid: AcmeSync-AcmeSync-PRD-{h8}-{h8}\n    certid: «PRD-{h8}-{h4}-{h4}-{h4}-{h8}»\n    devid: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  ['elastic-serverless-key-terraform-ec-provider', 'provider "ec" {\n  apikey = "«essu_{b90}==»"\n}'],
  [
    'elasticsearch-api-key-python-client-kwargs',
    'from elasticsearch import Elasticsearch\n\nes = Elasticsearch(\n    cloud_id="acme-search:{b60}",\n    api_key="«{b58}==»",\n)',
  ],
  ['exoscale-key-secret-terraform-provider', 'provider "exoscale" {\n  key    = "«EXO{a24}»"\n  secret = "«{B43}»"\n}'],
  [
    'facebook-app-secret-php-sdk-array',
    "$fb = new \\Facebook\\Facebook([\n    'app_id' => '{d15}',\n    'app_secret' => '«{h32}»',\n    'default_graph_version' => 'v19.0',\n]);",
  ],
  ['fastly-token-cli-flag', "fastly service list --token «{B32}» --json | jq -r '.[].Name'"],
  [
    'firebase-fcm-legacy-server-key-pyfcm-ctor',
    'from pyfcm import FCMNotification\n\npush_service = FCMNotification(api_key="«AAAA{a7}:APA91b{B140}»")\nresult = push_service.notify_single_device(registration_id=device_token, message_title="Order shipped")',
  ],
  [
    'flutterwave-secret-node-sdk-positional',
    "const Flutterwave = require('flutterwave-node-v3');\nconst flw = new Flutterwave('FLWPUBK-{h32}-X', '«FLWSECK-{h32}-X»');",
  ],
  [
    'foursquare-client-secret-v2-url-query',
    'GET https://api.foursquare.com/v2/venues/search?ll=40.7,-74.0&query=coffee&client_id={U20}{d8}{U20}&client_secret=«{U24}{d6}{U18}»&v=20231010',
  ],
  ['frameio-token-curl-bearer-me', 'curl -s https://api.frame.io/v2/me -H "Authorization: Bearer «fio-u-{B64}»"'],
  [
    'freshdesk-key-python-basic-auth-tuple',
    'r = requests.get(\n    "https://acme-support.freshdesk.com/api/v2/tickets?updated_since=2024-05-01",\n    auth=("«{a20}»", "X"),\n)',
  ],
  [
    'gcs-hmac-secret-boto3-interop-kwargs',
    's3 = boto3.client(\n    "s3",\n    region_name="auto",\n    endpoint_url="https://storage.googleapis.com",\n    aws_access_key_id="GOOG1E{u55}",\n    aws_secret_access_key="«{b40}»",\n)',
  ],
  [
    'gcp-express-mode-key-genai-client',
    'from google import genai\n\nclient = genai.Client(vertexai=True, api_key="«AQ.Ab8R{a46}»")\nresp = client.models.generate_content(model="gemini-2.0-flash", contents="ping")',
  ],
  [
    'ghost-admin-key-js-admin-api-ctor',
    "const GhostAdminAPI = require('@tryghost/admin-api');\nconst api = new GhostAdminAPI({\n  url: 'https://blog.acme.io',\n  key: '«{h24}:{h64}»',\n  version: 'v5.0',\n});",
  ],
  [
    'gitea-token-tea-cli-config-yaml',
    '# ~/.config/tea/config.yml\nlogins:\n  - name: git.acme.dev\n    url: https://git.acme.dev\n    token: «{h40}»\n    default: true\n    user: dana',
  ],
  ['gocardless-token-ruby-client-new', "@client = GoCardlessPro::Client.new(\n  access_token: '«live_{B40}»',\n  environment: :live\n)"],
  [
    'godaddy-key-secret-acme-sh-exports',
    '# acme.sh DNS-01 via GoDaddy\nexport GD_Key="«{a35}»"\nexport GD_Secret="«{a22}»"\nacme.sh --issue --dns dns_gd -d acme.io -d \'*.acme.io\'',
  ],
  [
    'vault-approle-secret-id-terraform-auth-login',
    'provider "vault" {\n  address = "https://vault.corp.acme.net:8200"\n  auth_login {\n    path = "auth/approle/login"\n    parameters = {\n      role_id   = "{h8}-{h4}-{h4}-{h4}-{h12}"\n      secret_id = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n    }\n  }\n}',
  ],
  ['huggingface-token-cache-file-cat', '$ cat ~/.cache/huggingface/token\n«hf_{a34}»\n$ huggingface-cli whoami\ndana-ortiz'],
  ['ibm-cloud-api-key-terraform-provider', 'provider "ibm" {\n  ibmcloud_api_key = "«{B44}»"\n  region           = "eu-de"\n}'],
  [
    'bitrise-pat-python-requests-header-host',
    'BITRISE_APP_SLUG = "{h16}"\nresp = requests.post(\n    f"https://api.bitrise.io/v0.1/apps/{BITRISE_APP_SLUG}/builds",\n    headers={"Authorization": "«{B86}»"},\n    json={"hook_info": {"type": "bitrise"}, "build_params": {"branch": "main"}},\n)',
  ],
  [
    'cloudsight-key-authorization-scheme-header',
    'curl -s https://api.cloudsightapi.com/v1/images \\\n  -H "Authorization: CloudSight «{l24}»" \\\n  -F "image=@shelf.jpg" -F "locale=en-US"',
  ],
  [
    'datadog-api-app-keys-python-configuration',
    'from datadog_api_client import Configuration, ApiClient\n\nconfiguration = Configuration()\nconfiguration.server_variables["site"] = "datadoghq.eu"\nconfiguration.api_key["apiKeyAuth"] = "«{h32}»"\nconfiguration.api_key["appKeyAuth"] = "«{h40}»"',
  ],
  [
    'bitbucket-dc-token-git-http-extraheader',
    'git -c http.extraHeader="Authorization: Bearer «BBDC-N{a15}Ok{a26}»" clone https://bitbucket.corp.acme.net/scm/pay/ledger.git',
  ],
  [
    'azure-maps-key-search-url-query-host-only',
    'curl -s "https://atlas.microsoft.com/search/address/json?api-version=1.0&subscription-key=«{B43}»&query=1%20Microsoft%20Way%20Redmond"',
  ],
  [
    'forestadmin-secrets-compose-environment-map',
    'services:\n  admin-backend:\n    image: acme/forest-agent:2.4\n    environment:\n      FOREST_ENV_SECRET: «{h64}»\n      FOREST_AUTH_SECRET: «{a32}»\n      DATABASE_URL: postgres://forest@db:5432/shop',
  ],
  [
    'gitguardian-api-key-ggshield-action-env',
    '- name: GitGuardian scan\n  uses: GitGuardian/ggshield-action@v1\n  env:\n    GITHUB_PUSH_BEFORE_SHA: ${{ github.event.before }}\n    GITGUARDIAN_API_KEY: «{h8}b{h7}d{h15}e{h31}6{h6}»',
  ],
  [
    'gitguardian-magic-link-chat-message',
    'can you log in and triage? I generated a magic link for you: https://dashboard.gitguardian.com/api/v1/auth/magic-link/«{h8}-{h4}-4{h3}-a{h3}-{h12}» (valid 15 min)',
  ],
  [
    'highnote-key-graphql-basic-user',
    'curl -s https://api.us.highnote.com/graphql \\\n  -u "«sk_live_{a40}»:" \\\n  -H "Content-Type: application/json" -d \'{"query":"{ ping }"}\'',
  ],
  [
    'ably-key-python-rest-positional',
    "from ably import AblyRest\n\nclient = AblyRest('«{a8}.{a8}:{a24}»')\nchannel = client.channels.get('orders')",
  ],
  [
    'akamai-client-secret-edgegrid-python-kwargs',
    's = requests.Session()\ns.auth = EdgeGridAuth(\n    client_token="akab-{l16}-{l16}",\n    client_secret="«{b43}=»",\n    access_token="akab-{l16}-{l16}",\n)',
  ],
  [
    'asaas-token-php-client-ctor',
    "<?php\n$asaas = new \\CodePhix\\Asaas\\Asaas('«$aact_prod_{B60}»', 'producao');\n$clientes = $asaas->Cliente()->getAll(['limit' => 10]);",
  ],
  [
    'axiom-personal-token-go-client-options',
    'client, err := axiom.NewClient(\n\taxiom.SetPersonalTokenConfig("«xapt-{h8}-{h4}-{h4}-{h4}-{h12}»", "acme-{l6}"),\n)\nif err != nil {\n\tlog.Fatal(err)\n}',
  ],
  [
    'bitfinex-keys-ccxt-exchanges-json',
    '{\n  "exchanges": {\n    "bitfinex": {\n      "apiKey": "«{a43}»",\n      "secret": "«{a43}»",\n      "enableRateLimit": true\n    }\n  }\n}',
  ],
  [
    'brevo-key-node-sdk-set-api-key',
    "const brevo = require('@getbrevo/brevo');\nconst api = new brevo.TransactionalEmailsApi();\napi.setApiKey(brevo.TransactionalEmailsApiApiKeys.apiKey, '«xkeysib-{h64}-{a16}»');",
  ],
  [
    'browseruse-key-python-sdk-ctor',
    'from browser_use_sdk import BrowserUse\n\nclient = BrowserUse(api_key="«bu_{a32}»")\ntask = client.tasks.create_task(task="Find the cheapest flight to Lisbon")',
  ],
  [
    'cfxre-license-key-docker-run-env',
    'docker run -d --name fivem -p 30120:30120/udp -p 30120:30120 \\\n  -e LICENSE_KEY=«cfxk_{a40}» \\\n  -v /srv/fivem:/config spritsail/fivem',
  ],
  [
    'convex-deploy-key-inline-env-command',
    "CONVEX_DEPLOY_KEY='«prod:happy-otter-{d3}|eyJ{B40}.eyJ{B60}.{B43}»' npx convex deploy --cmd 'npm run build'",
  ],
  [
    'db2-password-ibm-db-connection-string',
    'import ibm_db\n\nconn = ibm_db.connect(\n    "DATABASE=BLUDB;HOSTNAME=db2.corp.acme.net;PORT=50001;PROTOCOL=TCPIP;UID=db2inst1;PWD=«{a12}{d2}»;Security=SSL;",\n    "", "")',
  ],
  [
    'dub-key-curl-create-link',
    'curl -s -X POST https://api.dub.co/links \\\n  -H "Authorization: Bearer «dub_{a24}»" \\\n  -H "Content-Type: application/json" -d \'{"url":"https://acme.io/spring-sale"}\'',
  ],
  [
    'duo-skey-python-admin-client-kwargs',
    'import duo_client\n\nadmin_api = duo_client.Admin(\n    ikey="DI{u18}",\n    skey="«{a40}»",\n    host="api-{h8}.duosecurity.com",\n)',
  ],
  ['dwolla-secret-yaml-nested-credentials', 'payments:\n  dwolla:\n    environment: production\n    key: {h50}\n    secret: «{a48}»'],
  [
    'elasticemail-key-php-config-array-arrow',
    "return [\n    'driver' => 'elasticemail',\n    'elasticemail' => [\n        'apikey' => '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n        'account' => 'mailer@acme.io',\n    ],\n];",
  ],
  ['equinix-metal-token-terraform-provider', 'provider "equinix" {\n  auth_token = "«{a32}»"\n}'],
  [
    'falai-key-js-client-config',
    "import { fal } from '@fal-ai/client';\n\nfal.config({ credentials: '«fal_sk_{a32}»' });\nconst result = await fal.subscribe('fal-ai/flux/dev', { input: { prompt: 'a red bicycle' } });",
  ],
  [
    'flagsmith-org-key-admin-api-header',
    'curl -s https://api.flagsmith.com/api/v1/organisations/ \\\n  -H "Authorization: Api-Key «{a8}.{a32}»"',
  ],
  [
    'gemfury-deploy-token-requirements-extra-index',
    '--extra-index-url https://«{B32}»@repo.fury.io/acme-data/\nacme-etl==3.4.1\npandas>=2.1',
  ],
  ['gemfury-full-token-npmrc-registry', '@acme:registry=https://«{a20}»:@npm.fury.io/acme/\nalways-auth=true'],
  ['hetzner-hcloud-cli-config-toml', 'active_context = "prod"\n\n[[contexts]]\n  name = "prod"\n  token = "«{a64}»"'],
  ['hexpm-workspace-token-gha-mix-env', '- name: Publish package\n  run: mix hex.publish --yes\n  env:\n    HEX_API_KEY: «hxtw_{h64}»'],
  [
    'hop-pat-js-sdk-ctor',
    "import { Hop } from '@onehop/js';\n\nconst hop = new Hop('«hop_pat_{a40}»');\nconst deployments = await hop.ignite.deployments.getAll('project_{a20}');",
  ],
  [
    'huawei-client-secret-agconnect-json',
    '{\n  "client": {\n    "cp_id": "{d17}",\n    "product_id": "{d18}",\n    "client_id": "{d18}",\n    "client_secret": "«{h64}»",\n    "app_id": "{d9}",\n    "package_name": "io.acme.wallet"\n  },\n  "region": "DE",\n  "service": { "huawei_push": { "enabled": true } }\n}',
  ],
  ['infisical-service-token-cli-flag', 'infisical export --env=prod --format=dotenv --token «st.{h24}.{h32}.{h32}» > .env.production'],
  [
    'inngest-signing-key-ts-serve-options',
    "export default serve({\n  client: inngest,\n  functions: [syncOrders, sendReceipts],\n  signingKey: '«signkey-prod-{h64}»',\n});",
  ],
  [
    'instagram-token-graph-me-url',
    'fetch(`https://graph.instagram.com/me/media?fields=id,caption,media_url&access_token=«IGQVJ{B140}»`)\n  .then((r) => r.json())',
  ],
  [
    'docusign-secret-node-ds-config-module',
    "// config/docusign.js\nmodule.exports = {\n  dsClientId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  dsClientSecret: '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n  dsOauthServer: 'https://account-d.docusign.com',\n  appUrl: 'http://localhost:3000',\n};",
  ],
  [
    'hcaptcha-secret-rails-credentials-yaml',
    '# bin/rails credentials:edit (decrypted view)\nhcaptcha:\n  site_key: {h8}-{h4}-{h4}-{h4}-{h12}\n  secret_key: «0x{h40}»',
  ],
  [
    'fullstory-key-destination-settings-json',
    '{\n  "destination": "fullstory",\n  "enabled": true,\n  "settings": {\n    "apiKey": "«na1.{a48}»",\n    "orgId": "o-{a6}-na1"\n  }\n}',
  ],
  [
    'keenio-master-key-python-module-attrs',
    'import keen\n\nkeen.project_id = "{h24}"\nkeen.master_key = "«{H64}»"\nkeen.add_event("purchase", {"sku": "A-{d4}", "amount": 49})',
  ],
  [
    'linode-token-cli-config-ini',
    '# ~/.config/linode-cli\n[DEFAULT]\ndefault-user = dana\n\n[dana]\ntoken = «{h64}»\nregion = eu-central\ntype = g6-standard-2',
  ],
  ['kairos-key-yaml-provider-block', 'face_recognition:\n  provider: kairos\n  gallery: staff-badges\n  app_id: {h8}\n  api_key: «{h32}»'],
  ['lichess-token-curl-stream-events', 'curl -N https://lichess.org/api/stream/event -H "Authorization: Bearer «lip_{a20}»"'],
  [
    'liveblocks-secret-curl-rooms-bearer',
    'curl -s "https://api.liveblocks.io/v2/rooms?limit=20" \\\n  -H "Authorization: Bearer «sk_prod_{a64}»" | jq \'.data[].id\'',
  ],
  [
    'livekit-secret-server-sdk-positional',
    'from livekit import api\n\nlkapi = api.LiveKitAPI(\n    "https://acme-voice.livekit.cloud",\n    "API{a12}",\n    "«{a43}»",\n)',
  ],
  [
    'loops-key-js-client-ctor',
    "import { LoopsClient } from 'loops';\n\nconst loops = new LoopsClient('«{h32}»');\nawait loops.sendTransactionalEmail({ transactionalId: 'welcome', email: user.email });",
  ],
  [
    'mariadb-root-password-docker-run-env',
    "docker run -d --name shop-db -p 3306:3306 \\\n  -e MARIADB_ROOT_PASSWORD='«{a16}{d2}»' \\\n  -e MARIADB_DATABASE=shop \\\n  mariadb:11.4",
  ],
  [
    'nessus-linking-key-docker-run-env',
    'docker run -d --name nessus-agent --net=host \\\n  -e NESSUS_KEY=«{h64}» \\\n  -e NESSUS_SERVER=cloud.tenable.com:443 -e NESSUS_GROUPS=linux-prod \\\n  tenable/nessus-agent:latest',
  ],
  ['onfido-token-ruby-client-kwargs', "onfido = Onfido::API.new(\n  api_token: '«api_live.{B40}»',\n  region: :eu\n)"],
  [
    'paddle-key-node-sdk-ctor',
    "import { Paddle, Environment } from '@paddle/paddle-node-sdk';\n\nconst paddle = new Paddle('«pdl_live_apikey_01{l24}_{a22}_{a3}»', { environment: Environment.production });",
  ],
  [
    'pangea-token-curl-audit-log',
    'curl -s -X POST https://audit.aws.us.pangea.cloud/v1/log \\\n  -H "Authorization: Bearer «pts_{l32}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"event":{"message":"exported invoices","actor":"dana"}}\'',
  ],
  [
    'polar-org-token-ts-sdk-options',
    "import { Polar } from '@polar-sh/sdk';\n\nconst polar = new Polar({ accessToken: '«polar_oat_{a40}»', server: 'production' });\nconst products = await polar.products.list({ organizationId: ORG_ID });",
  ],
  [
    'proof-key-python-requests-header',
    'resp = requests.post(\n    "https://api.proof.com/v1/transactions",\n    headers={"ApiKey": "«prf_{a40}»", "Content-Type": "application/json"},\n    json={"signer": {"email": "dana@acme.io"}, "documents": [doc]},\n)',
  ],
  [
    'cloverly-private-key-curl-estimate',
    'curl -s -X POST https://api.cloverly.com/2021-10/estimates/carbon \\\n  -H "Authorization: Bearer «private_key:{l16}»" \\\n  -H "Content-Type: application/json" -d \'{"weight":{"value":12,"units":"kg"}}\'',
  ],
  [
    'currencyscoop-key-python-params-host',
    'rates = requests.get(\n    "https://api.currencyscoop.com/v1/latest",\n    params={"base": "EUR", "symbols": "USD,GBP", "api_key": "«{l32}»"},\n).json()',
  ],
  [
    'financialmodelingprep-key-pandas-read-json-url',
    'import pandas as pd\n\ndf = pd.read_json("https://financialmodelingprep.com/api/v3/income-statement/AAPL?period=annual&apikey=«{a32}»")',
  ],
  [
    'flightlabs-key-url-access-key-param',
    '# flightlabs: live departures board\nFLIGHTS_URL = "https://app.goflightlabs.com/flights?access_key=«ey{a34}.ey{B320}»&dep_iata=LHR"',
  ],
  [
    'storychief-key-php-guzzle-bearer',
    "$client = new \\GuzzleHttp\\Client(['base_uri' => 'https://api.storychief.io/1.0/']);\n$res = $client->get('stories', [\n    'headers' => ['Authorization' => 'Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJ{B700}.{B256}»'],\n]);",
  ],
  [
    'azure-cosmos-connection-string-csharp-client-ctor',
    'var cosmos = new CosmosClient(\n    "AccountEndpoint=https://acme-orders.documents.azure.com:443/;AccountKey=«{b86}==»;",\n    new CosmosClientOptions { ApplicationName = "order-sync" });',
  ],
  [
    'azure-search-query-key-python-azurekeycredential',
    'from azure.core.credentials import AzureKeyCredential\nfrom azure.search.documents import SearchClient\n\nclient = SearchClient(\n    endpoint="https://acme-catalog.search.windows.net",\n    index_name="products",\n    credential=AzureKeyCredential("«{a52}»"),\n)',
  ],
  ['aiven-token-avn-cli-flag', 'avn --auth-token «{b372}» project list --json'],
  ['atlassian-api-token-netrc-machine', 'machine acme-eng.atlassian.net\n  login dana.ortiz@acme.io\n  password «{a24}»'],
  [
    'azure-entra-secret-az-login-service-principal',
    "az login --service-principal \\\n  -u {h8}-{h4}-{h4}-{h4}-{h12} \\\n  -p '«{a3}8Q~{B34}»' \\\n  --tenant {h8}-{h4}-{h4}-{h4}-{h12}",
  ],
  [
    'circleci-project-token-trigger-pipeline-curl',
    'curl -s -X POST https://circleci.com/api/v2/project/gh/acme/storefront/pipeline \\\n  -H "Circle-Token: «CCIPRJ_{a22}_{h40}»" \\\n  -H "Content-Type: application/json" -d \'{"branch":"main"}\'',
  ],
  [
    'cohere-key-ts-client-token-option',
    "import { CohereClient } from 'cohere-ai';\n\nconst cohere = new CohereClient({ token: '«{a40}»' });\nconst res = await cohere.rerank({ model: 'rerank-english-v3.0', query, documents });",
  ],
  [
    'confluence-dc-pat-curl-bearer-wiki-host',
    'curl -s "https://wiki.corp.acme.net/rest/api/content?spaceKey=OPS&limit=50" \\\n  -H "Authorization: Bearer «N{a15}Ot{a26}»"',
  ],
  [
    'databricks-pat-jdbc-url-pwd-param',
    'jdbc:databricks://adb-{d16}.{d1}.azuredatabricks.net:443/default;transportMode=http;ssl=1;httpPath=/sql/1.0/warehouses/{h16};AuthMech=3;UID=token;PWD=«dapi{h32}-2»',
  ],
  [
    'deepl-pro-key-node-translator',
    "const deepl = require('deepl-node');\nconst translator = new deepl.Translator('«{h8}-{h4}-{h4}-{h4}-{h12}»');\nconst result = await translator.translateText('Guten Morgen', null, 'en-GB');",
  ],
  [
    'jira-dc-pat-python-token-auth',
    'from jira import JIRA\n\njira = JIRA(server="https://jira.corp.acme.net", token_auth="«M{a15}Og{a26}»")\nissues = jira.search_issues("project = OPS AND status = Open")',
  ],
  ['linode-token-terraform-provider', 'provider "linode" {\n  token = "«{h64}»"\n}'],
  ['livekit-secret-lk-cli-flags', 'lk room list --url wss://acme-voice.livekit.cloud --api-key API{a12} --api-secret «{a43}»'],
  [
    'inngest-event-key-url-path-curl',
    'curl -s -X POST "https://inn.gs/e/«evtkey-prod-{h32}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"name":"app/user.signup","data":{"id":"{d6}"}}\'',
  ],
  [
    'duo-universal-client-secret-python-kwargs',
    'duo_client = duo_universal.Client(\n    client_id="DI{u18}",\n    client_secret="«{a40}»",\n    host="api-{h8}.duosecurity.com",\n    redirect_uri="https://portal.acme.io/duo-callback",\n)',
  ],
  [
    'equinix-metal-cli-config-yaml',
    '# ~/.config/equinix/metal.yaml\ntoken: «{a32}»\norganization-id: {h8}-{h4}-{h4}-{h4}-{h12}\nproject-id: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'kraken-secret-ccxt-python-dict',
    'exchange = ccxt.kraken({\n    "apiKey": "{a56}",\n    "secret": "«{b86}==»",\n    "enableRateLimit": True,\n})',
  ],
  [
    'kucoin-secret-node-sdk-config',
    "const api = require('kucoin-node-sdk');\napi.init({\n  baseUrl: 'https://api.kucoin.com',\n  apiAuth: {\n    key: '{h24}',\n    secret: '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n    passphrase: '«{a14}»',\n  },\n  authVersion: 2,\n});",
  ],
  [
    'lacework-secret-cli-toml-profile',
    '# ~/.lacework.toml\n[default]\n  account = "acme"\n  api_key = "ACME_{H48}"\n  api_secret = "«_{h31}»"\n  version = 2',
  ],
  [
    'lemonsqueezy-key-laravel-config-env-default',
    "// config/lemon-squeezy.php\nreturn [\n    'api_key' => env('LEMON_SQUEEZY_API_KEY', '«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.{B240}.{B342}»'),\n    'store' => env('LEMON_SQUEEZY_STORE', '{d5}'),\n];",
  ],
  [
    'mattermost-incoming-webhook-python-post',
    'requests.post(\n    "https://chat.mattermost.acme.io/hooks/«{l26}»",\n    json={"channel": "deploys", "text": "storefront v4.2.0 is live"},\n)',
  ],
  ['mattermost-bot-token-mmctl-auth-flag', 'mmctl auth login https://chat.acme.io --name prod --access-token «{l26}»'],
  [
    'mistral-key-litellm-yaml-model-list',
    'model_list:\n  - model_name: mistral-large\n    litellm_params:\n      model: mistral/mistral-large-latest\n      api_key: «{a32}»',
  ],
  [
    'modal-token-pair-gha-env-deploy',
    '- name: Deploy to Modal\n  run: modal deploy app.py\n  env:\n    MODAL_TOKEN_ID: «ak-{a22}»\n    MODAL_TOKEN_SECRET: «as-{a22}»',
  ],
  [
    'novu-secret-key-python-sdk-ctor',
    'from novu_py import Novu\n\nnovu = Novu(secret_key="«{h32}»")\nnovu.trigger(workflow_id="order-shipped", to="subscriber-{d6}", payload={"orderId": "A-{d5}"})',
  ],
  [
    'ollama-cloud-key-curl-chat',
    'curl -s https://ollama.com/api/chat \\\n  -H "Authorization: Bearer «{h32}.{B24}»" \\\n  -d \'{"model":"gpt-oss:120b","messages":[{"role":"user","content":"hi"}],"stream":false}\'',
  ],
  [
    'onelogin-client-secret-python-sdk-positional',
    'from onelogin.api.client import OneLoginClient\n\nclient = OneLoginClient(\n    "{l64}",\n    "«{l64}»",\n    "us",\n)',
  ],
  [
    'ovh-keys-python-client-kwargs',
    'import ovh\n\nclient = ovh.Client(\n    endpoint="ovh-eu",\n    application_key="{a16}",\n    application_secret="«{a32}»",\n    consumer_key="«{a32}»",\n)',
  ],
  ['mailersend-token-python-sdk-ctor', 'from mailersend import MailerSendClient\n\nms = MailerSendClient(api_key="«mlsn.{h64}»")'],
  [
    'opsgenie-key-terraform-provider-eu',
    'provider "opsgenie" {\n  api_key = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n  api_url = "api.eu.opsgenie.com"\n}',
  ],
  [
    'openrouter-key-langchain-chatopenai-base-url',
    'llm = ChatOpenAI(\n    model="anthropic/claude-3.5-sonnet",\n    base_url="https://openrouter.ai/api/v1",\n    api_key="«sk-or-v1-{h64}»",\n)',
  ],
  [
    'perplexity-key-openai-js-base-url',
    "const client = new OpenAI({\n  apiKey: '«pplx-{a48}»',\n  baseURL: 'https://api.perplexity.ai',\n});",
  ],
  [
    'prefect-api-key-profiles-toml',
    '# ~/.prefect/profiles.toml\nactive = "cloud"\n\n[profiles.cloud]\nPREFECT_API_URL = "https://api.prefect.cloud/api/accounts/{h8}-{h4}-{h4}-{h4}-{h12}/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}"\nPREFECT_API_KEY = "«pnu_{l36}»"',
  ],
  [
    'razorpay-secret-python-client-auth-tuple',
    'import razorpay\n\nclient = razorpay.Client(auth=("rzp_live_{a14}", "«{a24}»"))\norder = client.order.create({"amount": 49900, "currency": "INR", "receipt": "rcpt_{d5}"})',
  ],
  [
    'rootly-key-curl-incidents-bearer',
    'curl -s "https://api.rootly.com/v1/incidents?page[size]=5" \\\n  -H "Authorization: Bearer «rootly_{h64}»" -H "Content-Type: application/vnd.api+json"',
  ],
  [
    'octopusdeploy-api-key-octo-cli-flag',
    'octo push --package ./dist/Acme.Web.4.2.0.zip --server https://deploy.acme.io --apiKey «API-{u26}» --overwrite-mode OverwriteExisting',
  ],
  [
    'nvidia-nim-key-docker-run-ngc-env',
    'docker run -it --rm --gpus all --shm-size=16GB \\\n  -e NGC_API_KEY=«nvapi-{B64}» \\\n  -p 8000:8000 nvcr.io/nim/meta/llama-3.1-8b-instruct:latest',
  ],
  [
    'midtrans-sandbox-server-key-node-snap',
    "const snap = new midtransClient.Snap({\n  isProduction: false,\n  serverKey: '«SB-Mid-server-{a20}»',\n  clientKey: 'SB-Mid-client-{a16}',\n});",
  ],
  [
    'juro-key-fetch-x-api-key-host-only',
    "const res = await fetch('https://api.juro.com/v3/contracts?limit=50', {\n  headers: { 'x-api-key': '«{a40}»', accept: 'application/json' },\n});",
  ],
  [
    'paymongo-secret-node-basic-buffer',
    "const auth = 'Basic ' + Buffer.from('«sk_live_{a24}»:').toString('base64');\nawait fetch('https://api.paymongo.com/v1/payment_intents', { method: 'POST', headers: { Authorization: auth } });",
  ],
  ['ip2location-key-io-query-url', 'curl -s "https://api.ip2location.io/?key=«{H32}»&ip=203.0.113.{d2}&format=json"'],
  [
    'imagga-key-secret-requests-auth-tuple',
    'resp = requests.get(\n    "https://api.imagga.com/v2/tags",\n    params={"image_url": photo_url},\n    auth=("acc_{h15}", "«{h32}»"),\n)',
  ],
  [
    'meistertask-token-python-requests-bearer',
    'MEISTERTASK = "https://www.meistertask.com/api"\nr = requests.get(f"{MEISTERTASK}/projects", headers={"Authorization": "Bearer «{a43}»"})',
  ],
  ['pandascore-token-url-query-param', 'curl -s "https://api.pandascore.co/lol/matches/upcoming?per_page=10&token=«{B51}»"'],
  [
    'rocketreach-key-python-sdk-gateway',
    'import rocketreach\n\nrr = rocketreach.Gateway(rocketreach.GatewayConfig("«{h7}k{h31}»"))\nresult = rr.person.lookup(name="Dana Ortiz", current_employer="Acme")',
  ],
  [
    'youneedabudget-token-ynab-python-configuration',
    'import ynab\n\nconfiguration = ynab.Configuration(access_token="«{h64}»")\nwith ynab.ApiClient(configuration) as api_client:\n    budgets = ynab.BudgetsApi(api_client).get_budgets()',
  ],
  ['worksnaps-token-curl-basic-user', 'curl -s -u "«{a40}»:ignored" https://api.worksnaps.com/api/projects.xml'],
  [
    'timecamp-token-google-sheets-apps-script',
    "function syncTimecamp() {\n  const token = '«{l26}»';\n  const res = UrlFetchApp.fetch('https://app.timecamp.com/third_party/api/entries/format/json/api_token/' + token + '/from/2024-05-01/to/2024-05-31');\n}",
  ],
  ['tickettailor-key-curl-basic-user', 'curl -s -u "«sk_{d4}_{d6}_{h32}»:" "https://api.tickettailor.com/v1/events?status=published"'],
  [
    'theoddsapi-key-python-params-dict',
    'odds = requests.get(\n    "https://api.the-odds-api.com/v4/sports/soccer_epl/odds",\n    params={"apiKey": "«{h32}»", "regions": "uk", "markets": "h2h"},\n).json()',
  ],
  ['stitchdata-token-curl-bearer-sources', 'curl -s https://api.stitchdata.com/v4/sources \\\n  -H "Authorization: Bearer «{l35}»"'],
  [
    'snipcart-secret-node-basic-auth-buffer',
    "const auth = Buffer.from('«{B75}»:').toString('base64');\nconst orders = await fetch('https://app.snipcart.com/api/orders?status=Processed', {\n  headers: { Authorization: `Basic ${auth}`, Accept: 'application/json' },\n});",
  ],
  [
    'salesflare-key-js-fetch-bearer-host',
    "await fetch('https://api.salesflare.com/accounts?limit=20', {\n  headers: { Authorization: 'Bearer «{a45}»' },\n});",
  ],
  [
    'qase-token-github-action-inputs',
    '- name: Report results to Qase\n  uses: qase-tms/gh-actions/report@v1\n  with:\n    token: «{a40}»\n    project: ACME\n    input: results/',
  ],
  [
    'postageapp-key-php-json-payload',
    "$payload = json_encode([\n    'api_key' => '«{a32}»',\n    'arguments' => ['recipients' => ['dana@acme.io'], 'template' => 'welcome'],\n]);\n$ch = curl_init('https://api.postageapp.com/v.1.0/send_message.json');",
  ],
  [
    'peopledatalabs-key-curl-x-api-key-host',
    'curl -s -G "https://api.peopledatalabs.com/v5/person/enrich" \\\n  -H "X-Api-Key: «{h64}»" --data-urlencode "email=dana@acme.io"',
  ],
  [
    'omnisend-key-ts-axios-defaults',
    "axios.defaults.baseURL = 'https://api.omnisend.com/v3';\naxios.defaults.headers.common['X-API-KEY'] = '«{h24}-{a50}»';",
  ],
  ['crowdin-token-cli-flag-upload', 'crowdin upload sources --token «{a80}» --project-id {d6} --config crowdin.yml'],
  [
    'apifonica-account-token-python-basic',
    '# apifonica SMS: account SID + token as basic auth\nresp = requests.post(\n    "https://api.apifonica.com/v2/accounts/{l11}-{l4}-{l4}-{l4}-{l12}/messages",\n    auth=("{l11}-{l4}-{l4}-{l4}-{l12}", "«{l11}-{l4}-{l4}-{l4}-{l12}»"),\n    json={"from": "AcmeShop", "to": "447700900{d3}", "text": "Your code is {d6}"},\n)',
  ],
  ['appointedd-key-curl-x-api-key-host', 'curl -s "https://api.appointedd.com/v1/bookings?limit=25" -H "X-API-KEY: «{a86}==»"'],
  [
    'avaza-token-postman-environment-json',
    '{\n  "name": "avaza-prod",\n  "values": [\n    { "key": "baseUrl", "value": "https://api.avaza.com", "enabled": true },\n    { "key": "avazaToken", "value": "«{d5}-{h40}»", "enabled": true, "type": "secret" }\n  ]\n}',
  ],
  [
    'ayrshare-key-js-social-post-fetch',
    "const res = await fetch('https://api.ayrshare.com/api/post', {\n  method: 'POST',\n  headers: { Authorization: 'Bearer «{U4}{d4}-{U3}{d5}-{U5}{d3}-{U2}{d6}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ post: 'Spring sale starts now!', platforms: ['twitter', 'linkedin'] }),\n});",
  ],
  [
    'beebole-token-yaml-timesheet-sync',
    'timesheet_sync:\n  source: beebole\n  company_id: {d5}\n  api_token: «{l40}»\n  schedule: "0 6 * * 1"',
  ],
  [
    'besttime-private-key-json-settings',
    '{\n  "footTraffic": {\n    "provider": "besttime",\n    "privateKey": "«pri_{h32}»",\n    "publicKey": "pub_{h32}"\n  }\n}',
  ],
  [
    'blocknative-key-toml-gas-oracle',
    '[gas_oracle]\nprovider = "blocknative"\nchain_id = 1\napi_key = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\nconfidence = 90',
  ],
  [
    'bombbomb-token-ruby-net-http-bearer',
    "uri = URI('https://api.bombbomb.com/v2/videos')\nreq = Net::HTTP::Get.new(uri)\nreq['Authorization'] = 'Bearer «{b86}==»'",
  ],
  [
    'borgbase-token-terraform-provider-like-hcl',
    '# borgbase: manage repos from CI\nlocals {\n  borgbase_api_token = "«eyJ{B36}.eyJ{B60}.{B43}»"\n}',
  ],
  ['brandfetch-key-yaml-logo-service', 'logo_service:\n  provider: brandfetch\n  api_key: «{a40}»\n  cache_ttl: 86400'],
  [
    'bscscan-key-python-async-client',
    'from bscscan import BscScan\n\nasync with BscScan("«{U20}{d14}»") as client:\n    balance = await client.get_bnb_balance(address=wallet)',
  ],
  [
    'budibase-key-n8n-credential-json',
    '{\n  "name": "Budibase (prod)",\n  "type": "httpHeaderAuth",\n  "data": {\n    "name": "x-budibase-api-key",\n    "value": "«{h32}-{h79}»"\n  }\n}',
  ],
  [
    'carboninterface-key-ruby-faraday-bearer',
    "conn = Faraday.new(url: 'https://www.carboninterface.com/api/v1') do |f|\n  f.request :authorization, 'Bearer', '«{a21}»'\n  f.request :json\nend",
  ],
  [
    'canny-key-js-urlsearchparams-body',
    "const res = await fetch('https://canny.io/api/v1/boards/list', {\n  method: 'POST',\n  body: new URLSearchParams({ apiKey: '«{h8}-{h4}-{h4}-{h4}-{h12}»' }),\n});",
  ],
  [
    'cloudconvert-key-node-sdk-ctor',
    "const CloudConvert = require('cloudconvert');\nconst cloudConvert = new CloudConvert('«{B32}.{B300}.{B650}»');",
  ],
  [
    'kylas-key-python-session-header',
    's = requests.Session()\ns.headers.update({"api-key": "«{h8}-{h4}-{h4}-{h4}-{h12}»"})\nleads = s.get("https://api.kylas.io/v1/leads?page=0&size=50").json()',
  ],
  [
    'loyverse-token-node-axios-bearer',
    "const loyverse = axios.create({\n  baseURL: 'https://api.loyverse.com/v1.0',\n  headers: { Authorization: 'Bearer «{h32}»' },\n});",
  ],
  [
    'swiftype-key-python-client-kwarg',
    'import swiftype\n\nclient = swiftype.Client(api_key="«{a6}_{a6}-{a6}»")\nengines = client.engines()',
  ],
  [
    'zeplin-pat-python-client-bearer',
    'from zeplin import ZeplinClient\n\nzeplin = ZeplinClient(access_token="«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B240}.{B43}»")\nprojects = zeplin.projects.list()',
  ],
  [
    'zoho-crm-access-token-python-header',
    'headers = {"Authorization": "Zoho-oauthtoken «1000.{h32}.{h32}»"}\ndeals = requests.get("https://www.zohoapis.eu/crm/v6/Deals?per_page=50", headers=headers).json()',
  ],
  [
    'telnyx-key-curl-bearer-messages',
    'curl -s -X POST https://api.telnyx.com/v2/messages \\\n  -H "Authorization: Bearer «KEY{h32}_{a22}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"from":"+15550100{d3}","to":"+15550199{d3}","text":"Your code is {d6}"}\'',
  ],
  ['snyk-token-cli-config-set', 'snyk config set api=«{h8}-{h4}-{h4}-{h4}-{h12}»\nsnyk test --all-projects --severity-threshold=high'],
  ['sslmate-key-cli-conf-file', '# ~/.sslmate\napi_key «{a36}»'],
  [
    'mavenlink-token-python-bearer-session',
    'session.headers["Authorization"] = "Bearer «{h64}»"\nprojects = session.get("https://api.mavenlink.com/api/v1/workspaces.json?per_page=100").json()',
  ],
  [
    'mesibo-app-token-python-backend-call',
    'payload = {"op": "useradd", "token": "«{a64}»", "appid": "io.acme.chat", "addr": "dana@acme.io"}\nr = requests.post("https://api.mesibo.com/api.php", data=payload)',
  ],
  [
    'klipfolio-key-python-requests-header',
    'resp = requests.get(\n    "https://app.klipfolio.com/api/1.0/datasources?client_id={h32}",\n    headers={"kf-api-key": "«{h40}»"},\n)',
  ],
  ['teamwork-crm-token-basic-user-curl', 'curl -s -u "«tkn.v1_{a71}=»:x" https://acme.teamwork.com/crm/api/v2/companies.json'],
  [
    'intrinio-key-r-httr-query',
    'library(httr)\nres <- GET("https://api-v2.intrinio.com/securities/AAPL/prices",\n           query = list(api_key = "«{a44}»", page_size = 100))',
  ],
  [
    'loginradius-secret-php-sdk-define',
    "define('LR_API_KEY', '{h8}-{h4}-{h4}-{h4}-{h12}');\ndefine('LR_API_SECRET', '«{h8}-{h4}-{h4}-{h4}-{h12}»');\n$loginradius = new \\LoginRadiusSDK\\CustomerRegistration\\Authentication\\AuthenticationAPI();",
  ],
  ['flagsmith-master-key-terraform-provider', 'provider "flagsmith" {\n  master_api_key = "«{a8}.{a32}»"\n}'],
  ['heroku-platform-key-terraform-provider', 'provider "heroku" {\n  email   = "ops@acme.io"\n  api_key = "«HRKU-{a60}»"\n}'],
  [
    'ghost-admin-key-python-split-jwt',
    '# Ghost Admin API: key is "<id>:<secret>"\nkey = "«{h24}:{h64}»"\nkid, secret = key.split(":")\ntoken = jwt.encode({"iat": now, "exp": now + 300, "aud": "/admin/"}, bytes.fromhex(secret), algorithm="HS256", headers={"kid": kid})',
  ],
  [
    'elasticsearch-apikey-python-requests-header',
    'ES = "https://acme-logs.es.eu-west-1.aws.found.io:9243"\nr = requests.get(f"{ES}/_cat/indices?v", headers={"Authorization": "ApiKey «{b58}==»"})',
  ],
  [
    'overloop-key-raw-authorization-header-python',
    'users = requests.get(\n    "https://api.overloop.com/public/v1/users",\n    headers={"Authorization": "«{a50}»", "Content-Type": "application/vnd.api+json"},\n).json()',
  ],
  [
    'restpack-token-screenshot-url-query',
    '<img src="https://restpack.io/api/screenshot/v7/capture?access_token=«{a48}»&url=https%3A%2F%2Facme.io&format=png&width=1280" alt="preview">',
  ],
  [
    'simplynoted-token-js-bearer-orders',
    "const res = await fetch('https://api.simplynoted.com/api/orders', {\n  method: 'POST',\n  headers: { Authorization: 'Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJ{B120}.{B186}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify(order),\n});",
  ],
  [
    'flutterwave-live-secret-python-rave-positional',
    'from rave_python import Rave\n\nrave = Rave("FLWPUBK-{h32}-X", "«FLWSECK-{h32}-X»", usingEnv=False, production=True)',
  ],
  ['hop-project-token-gha-env', '- name: Deploy to Hop\n  run: hop deploy --project api-prod\n  env:\n    HOP_TOKEN: «ptk_{a40}»'],
  [
    'paddle-sandbox-key-curl-products',
    'curl -s https://sandbox-api.paddle.com/products?status=active \\\n  -H "Authorization: Bearer «pdl_sdbx_apikey_01{l24}_{a22}_{a3}»"',
  ],
  [
    'highnote-key-k8s-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: card-issuing\ntype: Opaque\nstringData:\n  HIGHNOTE_API_KEY: «rk_live_{a40}»',
  ],
  [
    'gitguardian-public-monitoring-token-curl-enterprise',
    'curl -s https://enterprise.gitguardian.com/api/v1/is_alive \\\n  -H "Authorization: Token «{h71}»"',
  ],
  [
    'convex-preview-deploy-key-vercel-env-json',
    '{\n  "env": [\n    { "key": "CONVEX_DEPLOY_KEY", "value": "«preview:acme-team:storefront|eyJ{B40}.eyJ{B60}.{B43}»", "target": ["preview"], "type": "encrypted" }\n  ]\n}',
  ],
  [
    'asaas-sandbox-token-python-headers',
    'headers = {"accept": "application/json", "access_token": "«$aact_hmlg_{B60}»"}\nclientes = requests.get("https://sandbox.asaas.com/api/v3/customers?limit=10", headers=headers).json()',
  ],
  [
    'azure-maps-key-functions-local-settings',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "FUNCTIONS_WORKER_RUNTIME": "node",\n    "AZURE_MAPS_SUBSCRIPTION_KEY": "«{B43}»"\n  }\n}',
  ],
  ['ably-key-curl-basic-user-rest', 'curl -s -u "«{a8}.{a8}:{a24}»" "https://rest.ably.io/channels/orders/messages?limit=5"'],
  [
    'cielo-merchant-key-node-headers-object',
    "const cielo = axios.create({\n  baseURL: 'https://api.cieloecommerce.cielo.com.br/1/',\n  headers: {\n    MerchantId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n    MerchantKey: '«{U40}»',\n  },\n});",
  ],
  [
    'mattermost-webhook-grafana-contact-point-yaml',
    'contactPoints:\n  - orgId: 1\n    name: mm-oncall\n    receivers:\n      - uid: mm1\n        type: webhook\n        settings:\n          url: https://mm.acme.io/hooks/«{l26}»',
  ],
  [
    'elasticemail-key-v4-header-curl',
    'curl -s https://api.elasticemail.com/v4/contacts?limit=20 \\\n  -H "X-ElasticEmail-ApiKey: «{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'fullcontact-key-python-bearer-enrich',
    'r = requests.post(\n    "https://api.fullcontact.com/v3/person.enrich",\n    headers={"Authorization": "Bearer «{a32}»"},\n    json={"email": "dana@acme.io"},\n)',
  ],
  [
    'ebay-sandbox-cert-appsettings-json',
    '{\n  "Ebay": {\n    "Environment": "Sandbox",\n    "ClientId": "AcmeSync-AcmeSync-SBX-{h8}-{h8}",\n    "ClientSecret": "«SBX-{h8}-{h4}-{h4}-{h4}-{h8}»",\n    "RuName": "Acme_Sync-AcmeSync-AcmeSy-{l8}"\n  }\n}',
  ],
  [
    'kucoin-key-secret-passphrase-python-client-positional',
    'from kucoin.client import Client\n\nclient = Client("{h24}", "«{h8}-{h4}-{h4}-{h4}-{h12}»", "«{a16}»")',
  ],
];
export const BLIND40_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'public',
    '// Crossmint client-side key: meant to ship in the browser bundle\n<CrossmintProvider apiKey="ck_production_{a40}">\n  <CrossmintAuthProvider loginMethods={["email", "google"]}>{children}</CrossmintAuthProvider>\n</CrossmintProvider>',
  ],
  [
    'public',
    '<script src="https://checkout.flutterwave.com/v3.js"></script>\n<script>\n  FlutterwaveCheckout({\n    public_key: "FLWPUBK-{h32}-X",\n    tx_ref: "order-{d6}",\n    amount: 2500,\n    currency: "NGN",\n  });\n</script>',
  ],
  [
    'public',
    "// Ghost Content API keys are read-only and meant for the browser\nconst api = new GhostContentAPI({\n  url: 'https://blog.acme.io',\n  key: '{h26}',\n  version: 'v5.0',\n});",
  ],
  [
    'public',
    "datadogRum.init({\n  applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  clientToken: 'pub{h32}',\n  site: 'datadoghq.eu',\n  service: 'storefront',\n  sessionSampleRate: 100,\n});",
  ],
  [
    'public',
    '<form action="/signup" method="post">\n  <div class="h-captcha" data-sitekey="{h8}-{h4}-{h4}-{h4}-{h12}"></div>\n  <button type="submit">Create account</button>\n</form>',
  ],
  [
    'public',
    '<script src="https://checkout.razorpay.com/v1/checkout.js"></script>\n<script>\n  const rzp = new Razorpay({ key: "rzp_live_{a14}", amount: 49900, currency: "INR", order_id: "order_{a14}" });\n</script>',
  ],
  [
    'public',
    '// Kontent.ai Delivery API: the environment id in the URL is not a secret\nconst url = `https://deliver.kontent.ai/{h8}-{h4}-{h4}-{h4}-{h12}/items?system.type=article&limit=10`;',
  ],
  [
    'public',
    "import Commerce from '@chec/commerce.js';\n\n// public key: safe to ship to the storefront\nexport const commerce = new Commerce('pk_{l45}', true);",
  ],
  [
    'reference',
    '- name: Upload notebook bundle\n  run: databricks bundle deploy -t prod\n  env:\n    DATABRICKS_HOST: https://adb-{d16}.{d1}.azuredatabricks.net\n    DATABRICKS_TOKEN: ${{ secrets.DATABRICKS_TOKEN }}',
  ],
  ['reference', 'import os\nfrom cartesia import Cartesia\n\nclient = Cartesia(api_key=os.environ["CARTESIA_API_KEY"])'],
  ['stand-in', '# .env.example: copy to .env and fill in\nBROWSERBASE_API_KEY=bb_live_your_key_here\nBROWSERBASE_PROJECT_ID='],
  [
    'masked',
    '$ ggshield api-status\nAPI URL: https://api.gitguardian.com\nToken: ************************************************************{h4}\nStatus: healthy',
  ],
  ['identifier', '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\nregion = eu-west-1'],
  [
    'hash-of-public',
    'class Ripgrep < Formula\n  url "https://github.com/BurntSushi/ripgrep/archive/refs/tags/14.1.0.tar.gz"\n  sha256 "{h64}"\nend',
  ],
  [
    'other',
    'commit {h40}\nAuthor: Dana Ortiz <dana@acme.io>\nDate:   Tue May 14 10:21:07 2024 +0200\n\n    Rotate the Aiven token and move it to the secret store',
  ],
  [
    'prose',
    'The Aiven API token lives in the team vault under "aiven/prod"; never paste it into a ticket. Ask #platform if you need access.',
  ],
  [
    'reference',
    'env:\n  - name: LIVEKIT_API_SECRET\n    valueFrom:\n      secretKeyRef:\n        name: livekit-credentials\n        key: api-secret',
  ],
  ['stand-in', 'OPENROUTER_API_KEY=sk-or-v1-<your-key>'],
  ['masked', 'heroku auth:token\n ›   Warning: token will expire 06/30/2025\nHRKU-••••••••••••••••••••••••••••••••{a4}'],
  [
    'public',
    "// search-only key: safe in the browser (admin key stays on the server)\nconst searchClient = algoliasearch('{U4}{d2}{U4}', '{h32}');",
  ],
  [
    'public',
    "// cypress.config.js\nmodule.exports = defineConfig({\n  projectId: '{l6}',\n  e2e: { baseUrl: 'http://localhost:3000' },\n});",
  ],
  ['identifier', 'LIVEKIT_URL=wss://acme-voice.livekit.cloud\nLIVEKIT_API_KEY=API{a12}'],
  ['stand-in', 'KUCOIN_API_KEY=<api-key>\nKUCOIN_API_SECRET=<api-secret>\nKUCOIN_API_PASSPHRASE=<passphrase>'],
  ['identifier', 'AZURE_TENANT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAZURE_SUBSCRIPTION_ID={h8}-{h4}-{h4}-{h4}-{h12}'],
  ['identifier', 'vault write auth/approle/role/ci-deployer/role-id role_id={h8}-{h4}-{h4}-{h4}-{h12}'],
  [
    'masked',
    '$ echo $NESSUS_KEY\n[MASKED]\n$ /opt/nessus_agent/sbin/nessuscli agent link --key=$NESSUS_KEY --host=cloud.tenable.com --port=443',
  ],
  ['reference', 'provider "hcloud" {\n  token = var.hcloud_token\n}'],
  ['stand-in', '# .env.example\nCANVA_CLIENT_ID=\nCANVA_CLIENT_SECRET=\nCANVA_REDIRECT_URI=http://127.0.0.1:3001/oauth/redirect'],
  ['prose', 'Axiom tokens are easy to tell apart: API tokens start with xaat- and personal tokens with xapt-, both followed by a UUID.'],
  [
    'hash-of-public',
    '<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>',
  ],
  [
    'hash-of-public',
    '"node_modules/axios": {\n  "version": "1.7.2",\n  "resolved": "https://registry.npmjs.org/axios/-/axios-1.7.2.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  ['hash-of-public', 'FROM node:20-alpine@sha256:{h64}'],
  [
    'reference',
    '- name: Create database user\n  community.mysql.mysql_user:\n    name: shop\n    password: "{{ vault_mariadb_shop_password }}"\n    priv: "shop.*:ALL"',
  ],
  [
    'reference',
    "return [\n    'api_key' => env('LEMON_SQUEEZY_API_KEY'),\n    'signing_secret' => env('LEMON_SQUEEZY_SIGNING_SECRET'),\n];",
  ],
  ['too-short', 'DEEPL_AUTH_KEY=abc'],
  ['identifier', 'EBAY_APP_ID=AcmeSync-AcmeSync-PRD-{h8}-{h8}\nEBAY_RUNAME=Acme_Sync-AcmeSync-AcmeSy-{l8}'],
  ['masked', 'Databricks token: dapi********************************-2 (created 2024-05-02, expires in 90 days)'],
  ['public', '<script src="https://www.google.com/recaptcha/api.js?render=6L{B38}"></script>'],
  ['other', "INSERT INTO orders (id, customer_id, total) VALUES ('{h8}-{h4}-{h4}-{h4}-{h12}', '{h8}-{h4}-{h4}-{h4}-{h12}', 4990);"],
  [
    'reference',
    'services:\n  api:\n    environment:\n      AZURE_OPENAI_API_KEY: ${AZURE_OPENAI_API_KEY}\n      AZURE_OPENAI_ENDPOINT: https://acme-eastus2.openai.azure.com',
  ],
  ['stand-in', 'export GD_Key="changeme"\nexport GD_Secret="changeme"'],
  ['public', "const stripe = Stripe('pk_live_{a24}{a75}');"],
];
