/** A forty-fourth held-out batch: a systematic a-to-l sweep of the Nosey Parker and Kingfisher rule sets, written blind from the facts of those public rule sets (vendor, token shape, required context) for rules or shapes the earlier batches left uncovered, every value a template run, scored once before tuning. */
export const BLIND44_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'azure-ai-services-key-ocp-apim-header-curl',
    'curl -s -X POST "https://contoso-lang.cognitiveservices.azure.com/language/:analyze-text?api-version=2023-04-01" \\\n  -H "Ocp-Apim-Subscription-Key: «{h32}»" \\\n  -H "Content-Type: application/json" -d @sentiment.json',
  ],
  [
    'azure-ai-services-84char-key-dotenv',
    'AZURE_AI_SERVICES_ENDPOINT=https://acme-multi.cognitiveservices.azure.com/\nAZURE_AI_SERVICES_KEY=«{a52}JQQJ99{U2}AC{a5}XJ3w3AAA{U1}ACOG{a4}»\nAZURE_AI_SERVICES_REGION=westeurope',
  ],
  [
    'azure-cognitive-text-analytics-python-credential',
    'from azure.ai.textanalytics import TextAnalyticsClient\nfrom azure.core.credentials import AzureKeyCredential\n\nclient = TextAnalyticsClient(\n    endpoint="https://acme-textanalytics.cognitiveservices.azure.com/",\n    credential=AzureKeyCredential("«{h32}»"),\n)',
  ],
  [
    'azure-computer-vision-key-appsettings-json',
    '{\n  "ComputerVision": {\n    "Endpoint": "https://acme-vision.cognitiveservices.azure.com/",\n    "SubscriptionKey": "«{h32}»"\n  }\n}',
  ],
  [
    'azure-speech-key-speechsdk-config',
    'import azure.cognitiveservices.speech as speechsdk\n\nspeech_config = speechsdk.SpeechConfig(subscription="«{h32}»", region="eastus")\nspeech_config.speech_synthesis_voice_name = "en-US-AvaMultilingualNeural"',
  ],
  ['azure-speech-key-env-pair', '# .env for the transcription worker\nSPEECH_KEY=«{h32}»\nSPEECH_REGION=northeurope'],
  [
    'azure-speech-issue-token-curl',
    'curl -X POST "https://westus2.api.cognitive.microsoft.com/sts/v1.0/issueToken" \\\n  -H "Content-type: application/x-www-form-urlencoded" -H "Content-Length: 0" \\\n  -H "Ocp-Apim-Subscription-Key: «{h32}»"',
  ],
  [
    'azure-speech-84char-key-js-fromsubscription',
    'const speechConfig = sdk.SpeechConfig.fromSubscription(\n  "«{a52}JQQJ99{U2}AC{a5}XJ3w3AAA{U1}ACOG{a4}»",\n  "swedencentral"\n);',
  ],
  [
    'azure-translator-key-curl-region-header',
    'curl -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&to=fr" \\\n  -H "Ocp-Apim-Subscription-Key: «{h32}»" \\\n  -H "Ocp-Apim-Subscription-Region: westeurope" \\\n  -H "Content-Type: application/json; charset=UTF-8" -d \'[{"Text":"Hello"}]\'',
  ],
  [
    'azure-translator-key-python-headers',
    "headers = {\n    'Ocp-Apim-Subscription-Key': '«{h32}»',\n    'Ocp-Apim-Subscription-Region': 'francecentral',\n    'Content-type': 'application/json',\n}\nresp = requests.post(translator_endpoint + '/translate', params=params, headers=headers, json=body)",
  ],
  [
    'azure-translator-key-yaml-config',
    'translator:\n  provider: azure\n  region: eastus2\n  azure_translator_key: «{h32}»\n  target_languages: [de, fr, ja]',
  ],
  [
    'azure-eventgrid-aeg-sas-key-curl',
    'curl -X POST "https://orders-topic.westeurope-1.eventgrid.azure.net/api/events" \\\n  -H "aeg-sas-key: «{b43}=»" \\\n  -H "Content-Type: application/json" -d @events.json',
  ],
  [
    'azure-eventgrid-topic-key-csharp-credential',
    'var client = new EventGridPublisherClient(\n    new Uri("https://shipments.eastus-1.eventgrid.azure.net/api/events"),\n    new AzureKeyCredential("«{b43}=»"));',
  ],
  [
    'azure-eventgrid-key-env',
    'EVENTGRID_TOPIC_ENDPOINT=https://billing-events.northeurope-1.eventgrid.azure.net/api/events\nEVENTGRID_TOPIC_KEY=«{b43}=»',
  ],
  [
    'azure-spatial-anchors-account-key-unity-config',
    'SpatialAnchorsAccountId: {h8}-{h4}-{h4}-{h4}-{h12}\nSpatialAnchorsAccountDomain: westeurope.mixedreality.azure.com\nSpatialAnchorsAccountKey: «{b43}=»',
  ],
  [
    'azure-mixed-reality-account-key-csharp',
    'var credential = new AzureKeyCredential("«{b43}=»");\nvar client = new MixedRealityStsClient(accountId, "eastus2.mixedreality.azure.com", credential);',
  ],
  [
    'coderabbit-api-key-curl-header',
    'curl -s https://api.coderabbit.ai/v1/seats/ \\\n  -H "accept: application/json" \\\n  -H "x-coderabbitai-api-key: «cr-{h58}»"',
  ],
  ['coderabbit-api-key-dotenv', '# used by the weekly seat report job\nCODERABBIT_API_KEY=«cr-{h58}»'],
  [
    'gc-notify-key-python-client',
    'from notifications_python_client.notifications import NotificationsAPIClient\n\nclient = NotificationsAPIClient(\n    "«gcntfy-intake-prod-{h8}-{h4}-{h4}-{h4}-{h12}-{h8}-{h4}-{h4}-{h4}-{h12}»",\n    base_url="https://api.notification.canada.ca",\n)',
  ],
  [
    'astra-token-dotenv-application-token',
    'ASTRA_DB_API_ENDPOINT=https://{h8}-{h4}-{h4}-{h4}-{h12}-us-east1.apps.astra.datastax.com\nASTRA_DB_APPLICATION_TOKEN=«AstraCS:{a24}:{h64}»',
  ],
  ['astra-token-cqlsh-password-flag', 'cqlsh -u token -p «AstraCS:{a24}:{h64}» -b secure-connect-inventory.zip'],
  ['dvc-studio-token-login-flag', 'dvc studio login --token «isat_{a48}» --hostname https://studio.datachain.ai'],
  ['baseten-api-key-trussrc', '[baseten]\nremote_provider = baseten\napi_key = «{a8}.{a32}»\nremote_url = https://app.baseten.co'],
  [
    'baseten-api-key-python-requests-predict',
    'resp = requests.post(\n    "https://model-{l8}.api.baseten.co/environments/production/predict",\n    headers={"Authorization": "Api-Key «{a8}.{a32}»"},\n    json={"prompt": prompt},\n)',
  ],
  [
    'brave-search-key-mcp-config-json',
    '{\n  "mcpServers": {\n    "brave-search": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-brave-search"],\n      "env": { "BRAVE_API_KEY": "«BSA{a28}»" }\n    }\n  }\n}',
  ],
  [
    'brave-search-key-python-headers',
    'headers = {"Accept": "application/json", "X-Subscription-Token": "«BSA{a28}»"}\nr = httpx.get("https://api.search.brave.com/res/v1/web/search", params={"q": query}, headers=headers)',
  ],
  ['browseruse-key-dotenv', 'OPENAI_MODEL=gpt-4.1-mini\nBROWSER_USE_API_KEY=«bu_{a32}»'],
  [
    'browseruse-key-curl-header',
    'curl https://api.browser-use.com/api/v3/sessions \\\n  -H "X-Browser-Use-API-Key: «bu_{a32}{a16}»" -H "Accept: application/json"',
  ],
  [
    'bunny-account-api-key-terraform-provider',
    'provider "bunnynet" {\n  api_key = "«{h8}-{h4}-{h4}-{h4}-{h12}{h8}-{h4}-{h4}-{h4}-{h12}»"\n}',
  ],
  [
    'bunny-storage-password-upload-curl',
    'curl --request PUT \\\n  --url https://storage.bunnycdn.com/acme-assets/img/logo.svg \\\n  --header "AccessKey: «{h8}-{h4}-{h4}-{h4}-{h12}{h4}-{h4}»" \\\n  --header "Content-Type: application/octet-stream" --data-binary @logo.svg',
  ],
  [
    'cerebras-key-python-sdk-env',
    'import os\nfrom cerebras.cloud.sdk import Cerebras\n\nos.environ["CEREBRAS_API_KEY"] = "«csk-{l48}»"\nclient = Cerebras()',
  ],
  [
    'cerebras-key-openai-base-url-curl',
    'curl https://api.cerebras.ai/v1/chat/completions \\\n  -H "Authorization: Bearer «csk-{l48}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"model":"llama3.1-8b","messages":[{"role":"user","content":"ping"}]}\'',
  ],
  [
    'closecrm-key-python-closeio-client',
    'from closeio_api import Client\n\n# close.com org: Acme Sales\napi = Client("«api_{a22}.{a22}»")\nleads = api.get("lead", params={"_limit": 25})',
  ],
  ['closecrm-key-curl-basic-user', '# close api key check\ncurl -u «api_{a22}.{a22}»: https://api.close.com/api/v1/me/'],
  [
    'cloudant-legacy-url-couch-replicate-json',
    '{\n  "source": "https://{h8}-{h4}-{h4}-{h4}-{h12}-bluemix:«{h64}»@{h8}-{h4}-{h4}-{h4}-{h12}-bluemix.cloudantnosqldb.appdomain.cloud/orders",\n  "target": "http://localhost:5984/orders",\n  "continuous": true\n}',
  ],
  [
    'contentstack-management-token-curl-header',
    'curl -X GET "https://api.contentstack.io/v3/content_types" \\\n  -H "api_key: blt{h16}" \\\n  -H "authorization: «cs{h32}»"',
  ],
  [
    'contentstack-delivery-token-dotenv',
    'CONTENTSTACK_API_KEY=blt{h16}\nCONTENTSTACK_DELIVERY_TOKEN=«cs{h32}»\nCONTENTSTACK_ENVIRONMENT=production',
  ],
  [
    'coze-pat-curl-bearer-chat',
    'curl -X POST "https://api.coze.com/v3/chat" \\\n  -H "Authorization: Bearer «pat_{a64}»" \\\n  -H "Content-Type: application/json" -d @chat.json',
  ],
  [
    'currencylayer-key-python-requests-params',
    'params = {"access_key": "«{h32}»", "currencies": "EUR,GBP,JPY", "format": 1}\nrates = requests.get("http://apilayer.net/api/live", params=params).json()  # currencylayer',
  ],
  [
    'daily-api-key-curl-rooms',
    'curl -H "Content-Type: application/json" \\\n     -H "Authorization: Bearer «{h64}»" \\\n     -XPOST -d \'{"properties":{"exp":1767225600}}\' \\\n     https://api.daily.co/v1/rooms',
  ],
  ['databento-key-dotenv', 'DATABENTO_API_KEY=«db-{a29}»\nDATABENTO_DATASET=XNAS.ITCH'],
  [
    'databento-key-live-client-python',
    'import databento as db\n\nlive = db.Live(key="«db-{a29}»")\nlive.subscribe(dataset="GLBX.MDP3", schema="trades", symbols="ES.FUT", stype_in="parent")',
  ],
  [
    'devcycle-server-sdk-key-node-init',
    "const { initializeDevCycle } = require('@devcycle/nodejs-server-sdk')\n\nconst devcycleClient = await initializeDevCycle('«dvc_server_{h8}_{h4}_{h4}_{h4}_{h12}_{h7}»')",
  ],
  [
    'devcycle-mobile-sdk-key-kotlin',
    'val devCycleClient = DevCycleClient.builder()\n    .withContext(applicationContext)\n    .withSDKKey("«dvc_mobile_{h8}_{h4}_{h4}_{h4}_{h12}_{h7}»")\n    .build()',
  ],
  [
    'endorlabs-api-key-secret-shell-exports',
    'export ENDOR_NAMESPACE=acme-platform\nexport ENDOR_API_CREDENTIALS_KEY=«endr+{a16}»\nexport ENDOR_API_CREDENTIALS_SECRET=«endr+{a16}»\nendorctl scan --path . --dependencies',
  ],
  ['falai-key-dotenv', 'FAL_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}:{h32}»'],
  [
    'falai-key-python-client-env',
    'import os, fal_client\n\nos.environ["FAL_KEY"] = "«{h8}-{h4}-{h4}-{h4}-{h12}:{h32}»"\nresult = fal_client.subscribe("fal-ai/flux/dev", arguments={"prompt": prompt})',
  ],
  [
    'filezilla-recentservers-plain-pass',
    '<RecentServers>\n  <Server>\n    <Host>ftp.acme-hosting.net</Host>\n    <Port>21</Port>\n    <Protocol>0</Protocol>\n    <User>deploy</User>\n    <Pass>«{a14}»</Pass>\n  </Server>\n</RecentServers>',
  ],
  [
    'fireworks-key-openai-client-base-url',
    'client = OpenAI(\n    base_url="https://api.fireworks.ai/inference/v1",\n    api_key="«fw_{a24}»",\n)',
  ],
  ['fireworks-key-dotenv', 'FIREWORKS_API_KEY=«fw_{a24}»'],
  [
    'forestadmin-auth-secret-dotenv-pair',
    'FOREST_ENV_SECRET={h64}\nFOREST_AUTH_SECRET=«{a32}»\nDATABASE_URL=postgres://forest:{a12}@db:5432/app',
  ],
  [
    'forestadmin-auth-secret-node-agent',
    'const agent = createAgent({\n  authSecret: process.env.FOREST_AUTH_SECRET,\n  envSecret: process.env.FOREST_ENV_SECRET,\n});\n// local run: FOREST_AUTH_SECRET=«{a32}» npm start',
  ],
  ['gamma-api-key-dotenv', 'GAMMA_API_KEY=«sk-gamma-{a40}»'],
  ['gemstash-key-credentials-file-beside-rubygems', '---\n:rubygems_api_key: rubygems_{h48}\n:gemstash_key: «{h32}»'],
  [
    'gitalk-client-secret-vuepress-plugin',
    "plugins: [\n  ['@vssue/vuepress-plugin-vssue', {}],\n  ['gitalk', {\n    clientID: '{h20}',\n    clientSecret: '«{h40}»',\n    repo: 'docs-comments',\n    owner: 'acme-docs',\n  }],\n]",
  ],
  [
    'gpp-scheduledtasks-xml-cpassword',
    '<ScheduledTasks clsid="{CC63F200-7309-4ba0-B154-A71CD118DBCC}">\n  <Task clsid="{2DEECB1C-261F-4e13-9B21-16FB83BC03BD}" name="nightly-backup" changed="2021-03-04 10:11:12">\n    <Properties action="U" name="nightly-backup" runAs="CORP\\svc_backup" cpassword="«{b43}»" logonType="Password"/>\n  </Task>\n</ScheduledTasks>',
  ],
  [
    'gpp-services-xml-cpassword',
    '<NTService clsid="{AB6F0B67-341F-4e51-92F9-005FBFBA1A43}" name="SQLAgent" changed="2020-11-02 08:00:00">\n  <Properties startupType="AUTOMATIC" serviceName="SQLSERVERAGENT" accountName="CORP\\sqlsvc" cpassword="«{b43}»"/>\n</NTService>',
  ],
  [
    'guardsquare-appsweep-key-ci-env',
    '- name: Upload build to AppSweep\n  env:\n    APPSWEEP_API_KEY: «gs_appsweep_{a43}»\n  run: ./gradlew uploadToAppSweepRelease',
  ],
  [
    'hereapi-key-js-geocode-url',
    'const url = `https://geocode.search.hereapi.com/v1/geocode?q=${encodeURIComponent(addr)}&apiKey=«{B43}»`;',
  ],
  ['hereapi-key-python-platform-env', 'HERE_API_KEY = "«{B43}»"  # here.com platform key for routing'],
  [
    'hunter-io-key-python-params',
    'params = {"domain": "acme.io", "api_key": "«{h40}»"}\nresp = requests.get("https://api.hunter.io/v2/domain-search", params=params)',
  ],
  ['hunter-io-key-dotenv', 'HUNTER_API_KEY=«{h40}»'],
  [
    'influxdb-token-python-client',
    'from influxdb_client import InfluxDBClient\n\nclient = InfluxDBClient(url="http://influx.internal:8086", token="«{b86}==»", org="acme")',
  ],
  [
    'influxdb-token-telegraf-output',
    '[[outputs.influxdb_v2]]\n  urls = ["http://influxdb:8086"]\n  token = "«{b86}==»"\n  organization = "acme"\n  bucket = "telegraf"',
  ],
  ['ionic-appflow-token-env', 'IONIC_TOKEN=«ion_{a42}»\nionic deploy build --app-id={h8} --commit=$CI_COMMIT_SHA'],
  ['ipstack-key-python-url', 'resp = requests.get(f"http://api.ipstack.com/{ip}?access_key=«{h32}»&fields=country_code,city")'],
  [
    'iterable-api-key-python-headers',
    'headers = {"Api-Key": "«{h32}»", "Content-Type": "application/json"}\nrequests.post("https://api.iterable.com/api/events/track", headers=headers, json=event)  # iterable',
  ],
  ['iterable-api-key-dotenv', 'ITERABLE_API_KEY=«{h32}»\nITERABLE_REGION=us'],
  [
    'kimi-moonshot-key-curl',
    'curl https://api.moonshot.ai/v1/chat/completions \\\n  -H "Content-Type: application/json" \\\n  -H "Authorization: Bearer «sk-{a48}»" \\\n  -d \'{"model":"kimi-k2-0711-preview","messages":[{"role":"user","content":"hi"}]}\'',
  ],
  ['kimi-moonshot-key-dotenv', 'MOONSHOT_API_KEY=«sk-{a48}»\nMOONSHOT_BASE_URL=https://api.moonshot.cn/v1'],
  [
    'klaviyo-private-key-curl-header',
    "curl --request GET --url 'https://a.klaviyo.com/api/lists/' \\\n  --header 'Authorization: Klaviyo-API-Key «pk_{h34}»' \\\n  --header 'revision: 2024-10-15'",
  ],
  [
    'klaviyo-private-key-python-sdk',
    'from klaviyo_api import KlaviyoAPI\n\nklaviyo = KlaviyoAPI("«pk_{h34}»", max_delay=60, max_retries=3)',
  ],
  [
    'llamacloud-key-llamaparse-ctor',
    'from llama_parse import LlamaParse\n\nparser = LlamaParse(api_key="«llx-{a48}»", result_type="markdown")',
  ],
  ['llamacloud-key-dotenv', 'LLAMA_CLOUD_API_KEY=«llx-{a48}»'],
  [
    'bitrise-pat-go-request-header',
    'req, _ := http.NewRequest("GET", "https://api.bitrise.io/v0.1/apps", nil)\n// bitrise personal access token for the release bot\nreq.Header.Set("Authorization", "«{a70}»")',
  ],
  [
    'branchio-secret-python-app-api',
    'BRANCH_KEY = "key_live_{a32}"\nBRANCH_SECRET = "«{a40}»"\nresp = requests.get(f"https://api2.branch.io/v1/app/{BRANCH_KEY}", params={"branch_secret": BRANCH_SECRET})',
  ],
  [
    'brevo-key-curl-api-key-header',
    "curl --request GET --url https://api.brevo.com/v3/account \\\n  --header 'accept: application/json' \\\n  --header 'api-key: «xkeysib-{h64}-{a16}»'",
  ],
  [
    'brevo-key-python-sdk-configuration',
    "configuration = sib_api_v3_sdk.Configuration()\nconfiguration.api_key['api-key'] = '«xkeysib-{h64}-{a16}»'",
  ],
  ['browserbase-key-dotenv-with-project', 'BROWSERBASE_PROJECT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nBROWSERBASE_API_KEY=«bb_live_{B27}»'],
  ['browserbase-key-curl-sessions', 'curl https://api.browserbase.com/v1/sessions -H "X-BB-API-Key: «bb_live_{B27}»"'],
  [
    'calcom-key-curl-bearer-bookings',
    'curl https://api.cal.com/v2/bookings \\\n  -H "Authorization: Bearer «cal_live_{h32}»" \\\n  -H "cal-api-version: 2024-08-13"',
  ],
  ['calcom-key-dotenv', 'CAL_API_KEY=«cal_live_{a32}»\nCAL_EVENT_TYPE_ID=184213'],
  [
    'carto-token-python-auth-client',
    'from carto.auth import APIKeyAuthClient\n\nauth = APIKeyAuthClient(base_url="https://acme.carto.com/", api_key="«eyJhbGciOiJIUzI1NiJ9.{B60}.{B43}»")',
  ],
  [
    'cfxre-license-key-compose-env',
    'services:\n  fivem:\n    image: spritsail/fivem\n    environment:\n      LICENSE_KEY: «cfxk_{a24}_{a6}»\n    ports: ["30120:30120"]',
  ],
  ['clojars-deploy-token-deps-deploy-env', 'export CLOJARS_USERNAME=acme-oss\nexport CLOJARS_PASSWORD=«CLOJARS_{h60}»\nclojure -X:deploy'],
  ['clojars-deploy-token-lein-credentials-clj', '{#"https://repo.clojars.org" {:username "acme-oss" :password "«CLOJARS_{h60}»"}}'],
  ['cloudsight-key-python-simpleauth', "import cloudsight\n\nauth = cloudsight.SimpleAuth('«{a22}»')\napi = cloudsight.API(auth)"],
  ['coinlayer-access-key-curl-live', 'curl "http://api.coinlayer.com/live?access_key=«{h32}»&symbols=BTC,ETH"'],
  [
    'couchbase-capella-secret-curl-bearer',
    '# capella api key secret (org owner)\ncurl -s -H "Authorization: Bearer «{b88}»" https://cloudapi.cloud.couchbase.com/v4/organizations',
  ],
  [
    'coveralls-repo-token-travis-env',
    'env:\n  global:\n    - COVERALLS_REPO_TOKEN=«{a33}»\nafter_success:\n  - npx coveralls < coverage/lcov.info',
  ],
  [
    'crossmint-server-key-node-env',
    "// crossmint wallets backend\nconst crossmint = createCrossmint({ apiKey: '«sk_production_{a40}»' });",
  ],
  [
    'customerio-app-api-key-curl-bearer',
    'curl -X POST https://api.customer.io/v1/send/email \\\n  -H "Authorization: Bearer «{h32}»" \\\n  -H "Content-Type: application/json" -d @receipt.json  # customer.io app api',
  ],
  ['db2-password-properties-file', 'db2.url=jdbc:db2://db2prod.corp.local:50000/ORDERS\ndb2.user=db2inst1\ndb2.password=«{a10}7{a3}»'],
  [
    'as400-password-spring-datasource',
    'spring:\n  datasource:\n    url: jdbc:as400://ibmi.corp.local;naming=system\n    username: QPGMR\n    password: «{a9}4{a2}»  # as400 service profile',
  ],
  ['definednetworking-dnkey-terraform-provider', 'provider "definednet" {\n  token = "«dnkey-{u26}-{u52}»"\n}'],
  [
    'deviantart-client-secret-token-form-body',
    'curl https://www.deviantart.com/oauth2/token \\\n  -d grant_type=client_credentials -d client_id=1{d4} \\\n  -d client_secret=«{h32}»',
  ],
  [
    'dify-app-key-python-workflow-run',
    'resp = requests.post(\n    "https://api.dify.ai/v1/workflows/run",\n    headers={"Authorization": "Bearer «app-{a24}»"},\n    json={"inputs": {}, "response_mode": "blocking", "user": "etl"},\n)',
  ],
  [
    'dify-dataset-key-curl',
    "curl -X GET 'https://api.dify.ai/v1/datasets?page=1&limit=20' \\\n  --header 'Authorization: Bearer «dataset-{a24}»'",
  ],
  [
    'dub-key-python-sdk-token',
    'from dub import Dub\n\nd = Dub(token="«dub_{a24}»")\nlink = d.links.create(request={"url": "https://acme.io/pricing"})',
  ],
  ['eventbrite-token-python-sdk', "from eventbrite import Eventbrite\n\neventbrite = Eventbrite('«{u20}»')\nuser = eventbrite.get_user()"],
  ['fernet-key-python-cryptography', 'from cryptography.fernet import Fernet\n\nFERNET_KEY = "«{B43}=»"\ncipher = Fernet(FERNET_KEY)'],
  [
    'fernet-key-airflow-compose-env',
    'x-airflow-common:\n  environment:\n    AIRFLOW__CORE__EXECUTOR: CeleryExecutor\n    AIRFLOW__CORE__FERNET_KEY: «{B43}=»',
  ],
  ['flyio-macaroon-token-flyctl-flag', 'flyctl deploy --remote-only --access-token "«FlyV1 fm2_{b96},fm2_{b96}»"'],
  [
    'friendli-token-curl-serverless',
    'curl -X POST https://api.friendli.ai/serverless/v1/chat/completions \\\n  -H "Authorization: Bearer «flp_{a46}»" \\\n  -H "Content-Type: application/json" -d @req.json',
  ],
  [
    'geoapify-key-python-params',
    'params = {"text": address, "format": "json", "apiKey": "«{h32}»"}\nr = requests.get("https://api.geoapify.com/v1/geocode/search", params=params)',
  ],
  ['hetzner-hcloud-token-terraform-provider', 'provider "hcloud" {\n  token = "«{a64}»"\n}'],
  ['hetzner-hcloud-token-python-client', 'from hcloud import Client\n\nclient = Client(token="«{a64}»")  # hetzner project: staging'],
  [
    'hexpm-token-dockerfile-env',
    'FROM hexpm/elixir:1.17.2-erlang-27.0.1-alpine-3.20.2\nENV HEX_API_KEY=«hxtp_{h64}»\nRUN mix hex.organization auth acme --key $HEX_API_KEY',
  ],
  [
    'imagekit-private-key-python-sdk',
    'imagekit = ImageKit(\n    private_key="«private_{b27}=»",\n    public_key="public_{b27}=",\n    url_endpoint="https://ik.imagekit.io/acme",\n)',
  ],
  [
    'infracost-key-gitlab-ci-variable',
    'infracost:\n  image: infracost/infracost:ci-0.10\n  variables:\n    INFRACOST_API_KEY: «ico-{a32}»\n  script:\n    - infracost breakdown --path=. --format=json --out-file=infracost.json',
  ],
  [
    'instagram-token-python-graph-request',
    'resp = requests.get(\n    "https://graph.instagram.com/me/media",\n    params={"fields": "id,caption,media_url", "access_token": "«IGQVJ{B160}»"},\n)',
  ],
  [
    'intra42-prefixed-secret-dotenv',
    'FT_CLIENT_ID=u-s4t2ud-{h64}\nFT_CLIENT_SECRET=«s-s4t2ud-{h64}»\nFT_CALLBACK_URL=http://localhost:3000/auth/42/callback',
  ],
  [
    'jumpcloud-key-curl-x-api-key',
    'curl -X GET https://console.jumpcloud.com/api/systemusers \\\n  -H "Accept: application/json" \\\n  -H "x-api-key: «{h40}»"',
  ],
  [
    'kickbox-live-key-node-client',
    "const kickbox = require('kickbox').client('«live_{h64}»').kickbox();\nkickbox.verify(email, (err, res) => console.log(res.body.result));",
  ],
  [
    'langfuse-secret-python-ctor',
    'from langfuse import Langfuse\n\nlangfuse = Langfuse(\n    public_key="pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}",\n    secret_key="«sk-lf-{h8}-{h4}-{h4}-{h4}-{h12}»",\n    host="https://cloud.langfuse.com",\n)',
  ],
  ['lichess-token-dotenv-bot', 'LICHESS_BOT_TOKEN=«lip_{a20}»\nLICHESS_BOT_NAME=acme-engine'],
  [
    'liveblocks-secret-python-env',
    'LIVEBLOCKS_SECRET_KEY = "«sk_prod_{a40}»"\nheaders = {"Authorization": f"Bearer {LIVEBLOCKS_SECRET_KEY}"}',
  ],
  ['liveblocks-dev-secret-dotenv-local', '# .env.local\nLIVEBLOCKS_SECRET_KEY=«sk_dev_{a32}»'],
  ['lokalise-token-python-client', "import lokalise\n\nclient = lokalise.Client('«{h40}»')\nprojects = client.projects()"],
  [
    'loops-key-curl-bearer',
    'curl -X POST https://app.loops.so/api/v1/contacts/create \\\n  -H "Authorization: Bearer «{h32}»" \\\n  -H "Content-Type: application/json" -d \'{"email":"ana@acme.io"}\'',
  ],
  [
    'blockprotocol-key-python-requests-header',
    'r = requests.get("https://blockprotocol.org/api/blocks", headers={"x-api-key": "«b10ck5.{a32}.{a36}»"})',
  ],
  ['buttercms-token-ruby-initializer', "# config/initializers/buttercms.rb\nButterCMS.api_token = '«{l40}»'"],
  ['cartesia-key-python-client-ctor', 'from cartesia import Cartesia\n\nclient = Cartesia(api_key="«sk_car_{a20}»")'],
  ['chartmogul-key-python-config', "import chartmogul\n\nconfig = chartmogul.Config('«{l32}»')\nchartmogul.Ping.ping(config).get()"],
  ['civo-token-env-export', 'export CIVO_TOKEN=«{l50}»\ncivo kubernetes list --region LON1'],
  [
    'clarifai-pat-env-export',
    'export CLARIFAI_PAT=«{h32}»\nclarifai model predict --model_url https://clarifai.com/openai/chat-completion/models/gpt-4o',
  ],
  [
    'clearbit-secret-node-require',
    "const clearbit = require('clearbit')('«sk_{h32}»');\nconst person = await clearbit.Person.find({ email: 'ana@acme.io' });",
  ],
  [
    'clockwork-key-python-api-ctor',
    "from clockwork import clockwork\n\napi = clockwork.API('«{h40}»')\napi.send(clockwork.SMS(to='447700900123', message='Your code is 4821'))",
  ],
  [
    'cockroach-ccdb1-key-python-requests',
    'headers = {"Authorization": "Bearer «CCDB1_{a22}_{a40}»"}\nclusters = requests.get("https://cockroachlabs.cloud/api/v1/clusters", headers=headers).json()',
  ],
  [
    'codacy-account-token-gha-env',
    '- name: Codacy coverage\n  env:\n    CODACY_API_TOKEN: «{u20}»\n  run: bash <(curl -Ls https://coverage.codacy.com/get.sh) report -r coverage.xml',
  ],
  ['composio-project-key-curl-x-api-key', "curl https://backend.composio.dev/api/v3.1/tools \\\n  -H 'x-api-key: «ak_{a20}»'"],
  ['cursor-user-key-agent-env-export', 'export CURSOR_API_KEY=«key_{h64}»\ncursor-agent -p "bump the lockfile and open a PR"'],
  ['cypress-record-key-cli-flag', 'npx cypress run --record --key «{h8}-{h4}-{h4}-{h4}-{h12}» --parallel --ci-build-id $GITHUB_RUN_ID'],
  [
    'datagov-key-python-params',
    'params = {"api_key": "«{a40}»", "limit": 50}\nr = requests.get("https://api.data.gov/ed/collegescorecard/v1/schools", params=params)  # data.gov',
  ],
  ['delighted-key-python-module-attr', "import delighted\n\ndelighted.api_key = '«{a32}»'\nmetrics = delighted.Metrics.retrieve()"],
  [
    'betterstack-source-token-logtail-js',
    "import { Logtail } from '@logtail/node';\n\n// better stack logs source: api-prod\nconst logtail = new Logtail('«{a24}»');",
  ],
  [
    'checkout-live-secret-key-curl-bearer',
    'curl https://api.checkout.com/payments \\\n  -H "Authorization: Bearer «sk_{k27}»" \\\n  -H "Content-Type: application/json" -d @payment.json',
  ],
  [
    'checkout-legacy-uuid-secret-node-ctor',
    "const { Checkout } = require('checkout-sdk-node');\nconst cko = new Checkout('«sk_{h8}-{h4}-{h4}-{h4}-{h12}»');",
  ],
  ['disqus-secret-python-disqusapi', "from disqusapi import DisqusAPI\n\ndisqus = DisqusAPI(secret_key='«{a64}»', public_key='{a64}')"],
  ['e2b-key-cli-env-prefix', 'E2B_API_KEY=«e2b_{h40}» e2b sandbox list'],
  ['exoscale-key-secret-env', 'export EXOSCALE_API_KEY=EXO{h24}\nexport EXOSCALE_API_SECRET=«{B43}»\nexo compute instance list'],
  [
    'fixer-access-key-python-params',
    'resp = requests.get("http://data.fixer.io/api/latest", params={"access_key": "«{h32}»", "symbols": "USD,GBP"})',
  ],
  ['flagsmith-server-key-python-ctor', 'from flagsmith import Flagsmith\n\nflagsmith = Flagsmith(environment_key="«ser.{a22}»")'],
  [
    'foursquare-places-key-curl-auth',
    'curl --request GET --url "https://places-api.foursquare.com/places/search?ll=51.51,-0.12" \\\n  --header "Authorization: «fsq3{B44}»" --header "accept: application/json"',
  ],
  ['gitea-token-curl-auth-header', 'curl -H "Authorization: token «{h40}»" https://gitea.acme.internal/api/v1/repos/platform/infra/issues'],
  [
    'hcaptcha-secret-node-verify-body',
    "const body = new URLSearchParams({\n  secret: '«0x{h40}»',\n  response: req.body['h-captcha-response'],\n});\nawait fetch('https://api.hcaptcha.com/siteverify', { method: 'POST', body });",
  ],
  [
    'honeycomb-key-otel-exporter-headers',
    'export OTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\nexport OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=«{a22}»"\nexport OTEL_SERVICE_NAME=checkout-api',
  ],
  [
    'honeycomb-ingest-key-collector-yaml',
    'exporters:\n  otlp/honeycomb:\n    endpoint: api.honeycomb.io:443\n    headers:\n      x-honeycomb-team: «hcaik_01{l26}{h32}»',
  ],
  [
    'inngest-signing-key-python-client',
    'inngest_client = inngest.Inngest(\n    app_id="billing",\n    signing_key="«signkey-prod-{h64}»",\n)',
  ],
  [
    'intercom-token-python-bearer',
    'headers = {\n    "Authorization": "Bearer «dG9rOj{b50}=»",\n    "Intercom-Version": "2.11",\n}\nrequests.get("https://api.intercom.io/contacts", headers=headers)',
  ],
  [
    'ably-key-nextjs-token-route-env',
    "// app/api/ably-token/route.ts\nconst client = new Ably.Rest({ key: '«{a6}.{a6}:{a43}»' });\nconst tokenRequest = await client.auth.createTokenRequest({ clientId: userId });",
  ],
  [
    'abstractapi-key-python-params',
    'r = requests.get("https://emailvalidation.abstractapi.com/v1/", params={"api_key": "«{h32}»", "email": email})',
  ],
  [
    'abuseipdb-key-python-headers',
    "headers = {'Accept': 'application/json', 'Key': '«{h80}»'}\nr = requests.get('https://api.abuseipdb.com/api/v2/check', headers=headers, params={'ipAddress': ip})",
  ],
  ['ai71-key-dotenv', 'AI71_API_KEY=«api71-api-{h8}-{h4}-{h4}-{h4}-{h12}»\nAI71_BASE_URL=https://api.ai71.ai/v1/'],
  [
    'airbrake-project-key-js-notifier',
    "const airbrake = new Notifier({\n  projectId: 2{d5},\n  projectKey: '«{h32}»',\n  environment: 'production',\n});",
  ],
  [
    'apify-token-curl-query-param',
    'curl "https://api.apify.com/v2/acts/apify~web-scraper/runs?token=«apify_api_{a36}»" -X POST -d @input.json -H "Content-Type: application/json"',
  ],
  [
    'apollo-api-key-python-headers',
    'headers = {"Content-Type": "application/json", "X-Api-Key": "«{a22}»"}\nresp = requests.post("https://api.apollo.io/api/v1/people/match", headers=headers, json={"email": email})  # apollo.io',
  ],
  ['appcenter-token-curl-header', 'curl -H "X-API-Token: «{h40}»" https://api.appcenter.ms/v0.1/apps/acme/ios-app/releases  # appcenter'],
  ['aviationstack-key-curl-flights', 'curl "http://api.aviationstack.com/v1/flights?access_key=«{h32}»&flight_iata=BA117"'],
  ['axiom-api-token-dotenv-dataset', 'AXIOM_DATASET=prod-logs\nAXIOM_TOKEN=«xaat-{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'axiom-pat-curl-bearer-org',
    'curl https://api.axiom.co/v1/datasets \\\n  -H "Authorization: Bearer «xapt-{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -H "X-Axiom-Org-Id: acme-{l6}"',
  ],
  [
    'apifonica-token-python-basic-auth',
    '# apifonica account sid:token pair used for basic auth\nAPIFONICA_ACCOUNT_TOKEN = "«{l11}-{l4}-{l4}-{l4}-{l12}»"',
  ],
  ['apilayer-key-js-fetch-header', "// apilayer number verification\nconst res = await fetch(url, { headers: { apikey: '«{a32}»' } });"],
  [
    'appfollow-token-python-header',
    'headers = {"X-AppFollow-API-Token": "«eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.{a74}.{B43}»"}\nr = requests.get("https://api.appfollow.io/api/v2/account/users", headers=headers)  # appfollow',
  ],
  ['appointedd-key-node-headers', "// appointedd booking sync\nconst headers = { 'X-API-KEY': '«{a86}==»' };"],
  [
    'appsynergy-key-html2pdf-url',
    'curl -X POST "https://www.appsynergy.com/api?action=HTML2PDF&apiKey=«{l64}»" -H "Content-Type: application/json" -d @invoice.json  # appsynergy',
  ],
  [
    'apitemplate-key-python-headers',
    'headers = {"X-API-KEY": "«{a39}»"}  # apitemplate.io\nr = requests.get("https://api.apitemplate.io/v1/list-templates", headers=headers)',
  ],
  ['autoklose-token-query-url', 'AUTOKLOSE_API_TOKEN=«{a32}»\ncurl "https://api.autoklose.com/api/me/?api_token=$AUTOKLOSE_API_TOKEN"'],
  [
    'autopilot-key-python-header',
    'headers = {"autopilotapikey": "«{h32}»"}  # autopilot journeys\nrequests.get("https://api2.autopilothq.com/v1/account", headers=headers)',
  ],
  [
    'avaza-pat-env-and-curl',
    'AVAZA_ACCESS_TOKEN=«1{d5}-{h40}»\ncurl -H "Authorization: Bearer $AVAZA_ACCESS_TOKEN" https://api.avaza.com/api/Account',
  ],
  ['axonaut-key-php-header', "$client = new GuzzleHttp\\Client(['headers' => ['userApiKey' => '«{l32}»']]);  // axonaut"],
  [
    'ayrshare-key-python-bearer',
    "headers = {'Authorization': 'Bearer «{u8}-{u8}-{u8}-{u8}»'}  # ayrshare profile\nrequests.post('https://api.ayrshare.com/api/post', json=payload, headers=headers)",
  ],
  [
    'beebole-token-basic-auth-curl',
    'BEEBOLE_TOKEN=«{l40}»\ncurl -u "$BEEBOLE_TOKEN:x" -d \'{"service":"company.list"}\' https://beebole-apps.com/api/v2',
  ],
  ['besttime-private-key-python-params', 'params = {"api_key_private": "«pri_{h32}»", "venue_name": "McDonalds"}  # besttime.app'],
  [
    'bitbar-key-appium-caps',
    "capabilities = {\n    'bitbar_apiKey': '«{l32}»',\n    'bitbar_project': 'android-smoke',\n    'platformName': 'Android',\n}",
  ],
  ['blazemeter-key-uuid-yaml', 'blazemeter:\n  api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\n  workspace: 41{d4}'],
  [
    'blitapp-key-js-header',
    "// blitapp screenshots\nconst res = await fetch('https://blitapp.com/api/apps/all', { headers: { 'API-Key': '«{a39}»' } });",
  ],
  [
    'blocknative-key-gas-curl',
    'curl -H "Authorization: «{h8}-{h4}-{h4}-{h4}-{h12}»" https://api.blocknative.com/gasprices/blockprices  # blocknative key',
  ],
  ['bombbomb-token-dotenv', 'BOMBBOMB_ACCESS_TOKEN=«{b86}==»'],
  [
    'boostnote-token-bearer-script',
    'BOOSTNOTE_TOKEN=«{h64}»\ncurl -H "Authorization: Bearer $BOOSTNOTE_TOKEN" https://boostnote.io/api/docs',
  ],
  [
    'borgbase-token-graphql-python',
    'BORGBASE_TOKEN = "«{a150}»"\nheaders = {"Authorization": f"Bearer {BORGBASE_TOKEN}"}\nrequests.post("https://api.borgbase.com/graphql", json={"query": "{ repoList { id name } }"}, headers=headers)',
  ],
  [
    'brandfetch-key-node-header',
    "const r = await fetch('https://api.brandfetch.io/v2/brands/acme.io', {\n  headers: { 'x-api-key': '«{a40}»' }, // brandfetch\n});",
  ],
  ['browshot-key-url-param', 'curl "https://api.browshot.com/api/v1/simple?url=https://acme.io&instance_id=12&key=«{a28}»"  # browshot'],
  ['bscscan-key-hardhat-config', "etherscan: {\n  apiKey: {\n    bsc: '«{u34}»', // bscscan api key\n  },\n},"],
  [
    'budibase-key-curl-header',
    'curl -X POST https://budibase.app/api/public/v1/applications/search \\\n  -H "x-budibase-api-key: «{h32}-{h78}»" -H "Content-Type: application/json" -d \'{"name":""}\'',
  ],
  [
    'bugherd-key-ruby-basic-auth',
    "# bugherd project sync\nBUGHERD_API_KEY = '«{l22}»'\nauth = { username: BUGHERD_API_KEY, password: 'x' }",
  ],
  ['caflou-token-dotenv', 'CAFLOU_API_TOKEN=«{a155}»'],
  [
    'calendarific-key-python-params',
    'params = {"api_key": "«{a32}»", "country": "GB", "year": 2025}  # calendarific\nholidays = requests.get("https://calendarific.com/api/v2/holidays", params=params).json()',
  ],
  ['capsulecrm-token-python-bearer', "CAPSULECRM_TOKEN = '«{a64}»'\nheaders = {'Authorization': f'Bearer {CAPSULECRM_TOKEN}'}"],
  [
    'carboninterface-key-js-bearer',
    "// carboninterface estimates\nconst headers = { Authorization: 'Bearer «{a21}»', 'Content-Type': 'application/json' };",
  ],
  [
    'dandelion-token-python-params',
    'params = {"text": text, "token": "«{l32}»"}  # dandelion datatxt\nr = requests.get("https://api.dandelion.eu/datatxt/li/v1/", params=params)',
  ],
  [
    'databox-push-token-python-client',
    'from databox import Client\n\n# databox push token for the sales board\nclient = Client("«{a21}»")',
  ],
  [
    'dynalist-token-json-body',
    '{"token": "«{a128}»"}\n# ^ body sent to https://dynalist.io/api/v1/file/list with the dynalist secret token',
  ],
  [
    'front-token-python-bearer',
    'FRONT_API_TOKEN = "«{a36}.{a200}»"\nheaders = {"Authorization": f"Bearer {FRONT_API_TOKEN}", "Accept": "application/json"}',
  ],
  [
    'graphhopper-key-js-url',
    'const url = `https://graphhopper.com/api/1/route?point=52.5,13.4&point=52.4,13.3&profile=car&key=«{h8}-{h4}-{h4}-{h4}-{h12}»`; // graphhopper',
  ],
  ['helpcrunch-key-python-bearer', 'HELPCRUNCH_API_KEY = "«{b326}==»"\nheaders = {"Authorization": f"Bearer {HELPCRUNCH_API_KEY}"}'],
  ['insightly-key-dotenv', 'INSIGHTLY_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nINSIGHTLY_POD=na1'],
  [
    'leadfeeder-token-python-visits-export',
    'LEADFEEDER_API_TOKEN = "«{a43}»"\nheaders = {"Authorization": f"Token token={LEADFEEDER_API_TOKEN}"}\nrequests.get("https://api.leadfeeder.com/accounts", headers=headers)',
  ],
  [
    'centralstationcrm-key-curl-x-apikey',
    'curl -H "X-apikey: «{l30}»" https://acme.centralstationcrm.net/api/people.json  # centralstationcrm',
  ],
  [
    'checklyhq-key-cli-env',
    'export CHECKLY_ACCOUNT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport CHECKLY_API_KEY=«cu_{l32}»  # checklyhq\nnpx checkly deploy --force',
  ],
  [
    'cicero-key-python-params',
    'params = {"lat": 39.95, "lon": -75.16, "key": "«{l40}»"}  # cicero (azavea)\nrequests.get("https://cicero.azavea.com/v3.1/official", params=params)',
  ],
  [
    'cliengo-key-query-url',
    'CLIENGO_API_KEY = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\nr = requests.get(f"https://api.cliengo.com/1.0/account?api_key={CLIENGO_API_KEY}")',
  ],
  [
    'cloudconvert-key-php-sdk',
    "$cloudconvert = new CloudConvert([\n    'api_key' => '«{a32}.{a300}.{a650}»',\n    'sandbox' => false,\n]);",
  ],
  [
    'cloudimage-key-invalidate-curl',
    'curl -X POST https://api.cloudimage.com/invalidate -H "X-Client-Key: «{l30}»" -d \'{"scope":"all"}\'  # cloudimage',
  ],
  [
    'cloudmersive-key-python-configuration',
    "configuration = cloudmersive_validate_api_client.Configuration()\nconfiguration.api_key['Apikey'] = '«{h8}-{h4}-{h4}-{h4}-{h12}»'  # cloudmersive",
  ],
  [
    'cloudplan-session-header',
    'CLOUDPLAN_ACCESS_TOKEN=«{u32}»\ncurl -H "session_id: $CLOUDPLAN_ACCESS_TOKEN" https://api.cloudplan.biz/api/user/me',
  ],
  [
    'chatbot-token-node-bearer',
    "// chatbot.com stories export\nconst CHATBOT_TOKEN = '«{a32}»';\nconst res = await fetch('https://api.chatbot.com/stories', { headers: { Authorization: `Bearer ${CHATBOT_TOKEN}` } });",
  ],
  ['dareboost-token-json-config', '{\n  "dareboost": "«{a60}»",\n  "location": "Paris"\n}'],
  ['dfuse-web-key-js-client', "const client = createDfuseClient({\n  apiKey: '«web_{l32}»',\n  network: 'mainnet.eos.dfuse.io',\n});"],
  ['ditto-key-cli-config-yaml', '# ~/.config/ditto\napi.dittowords.com:\n  - token: «{h8}-{h4}-{h4}-{h4}-{h12}.{h40}»  # ditto'],
  ['dronahq-token-query-url', 'DRONAHQ_TOKEN=«{l50}»\ncurl "https://plugin.api.dronahq.com/users/?tokenkey=$DRONAHQ_TOKEN"'],
  [
    'extractorapi-key-python-params',
    'params = {"apikey": "«{a40}»", "url": article_url}  # extractorapi\nr = requests.get("https://extractorapi.com/api/v1/extractor", params=params)',
  ],
  ['fetchrss-key-auth-url', 'FETCHRSS_ACCESS_KEY=«{a40}»\ncurl "https://fetchrss.com/api/v1/feed/list?auth=$FETCHRSS_ACCESS_KEY"'],
  [
    'financialmodelingprep-key-js-url',
    "// financialmodelingprep quote\nconst FMP_KEY = '«{a32}»';\nfetch(`https://financialmodelingprep.com/api/v3/quote/AAPL?apikey=${FMP_KEY}`)",
  ],
  ['flightlabs-key-dotenv', 'FLIGHTLABS_ACCESS_KEY=«ey{a34}.ey{a320}»'],
  [
    'formio-jwt-header-curl',
    'FORMIO_TOKEN=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{a260}.{B43}»\ncurl -H "x-jwt-token: $FORMIO_TOKEN" https://acme.form.io/current',
  ],
  ['getgist-token-python-bearer', "GETGIST_API_KEY = '«{a66}==»'\nheaders = {'Authorization': f'Bearer {GETGIST_API_KEY}'}"],
  [
    'buildkite-agent-token-agent-cfg',
    '# /etc/buildkite-agent/buildkite-agent.cfg\ntoken="«{h50}»"\nname="%hostname-%spawn"\ntags="queue=default,os=linux"',
  ],
  ['buildkite-agent-token-helm-values', 'agent:\n  token: «{h50}»  # buildkite agent registration token\n  tags: queue=k8s'],
  [
    'clerk-secret-backend-sdk-ctor',
    "import { createClerkClient } from '@clerk/backend';\n\nconst clerk = createClerkClient({ secretKey: '«sk_live_{a46}»' });",
  ],
  [
    'hubspot-pat-eu1-python-client',
    'from hubspot import HubSpot\n\napi_client = HubSpot(access_token="«pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»")',
  ],
  [
    'azure-cosmos-mongo-api-connection-string',
    'MONGO_URL=mongodb://acme-catalog:«{b86}==»@acme-catalog.mongo.cosmos.azure.com:10255/?ssl=true&replicaSet=globaldb&retrywrites=false&maxIdleTimeMS=120000&appName=@acme-catalog@',
  ],
  [
    'azure-communication-services-connection-env',
    'ACS_CONNECTION_STRING="endpoint=https://acme-notify.europe.communication.azure.com/;accesskey=«{b86}==»"',
  ],
  [
    'azure-batch-account-key-cli-env',
    'export AZURE_BATCH_ACCOUNT=acmerender\nexport AZURE_BATCH_ENDPOINT=https://acmerender.westeurope.batch.azure.com\nexport AZURE_BATCH_ACCESS_KEY=«{b86}==»\naz batch pool list -o table',
  ],
  [
    'azure-maps-key-web-sdk-auth-options',
    "const map = new atlas.Map('map', {\n  center: [-122.33, 47.6],\n  authOptions: { authType: 'subscriptionKey', subscriptionKey: '«{B43}»' },\n});",
  ],
  [
    'azure-logic-app-trigger-url-python',
    'LOGIC_APP_URL = "https://prod-27.westeurope.logic.azure.com:443/workflows/{h32}/triggers/manual/paths/invoke?api-version=2016-10-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=«{B43}»"\nrequests.post(LOGIC_APP_URL, json=payload)',
  ],
  [
    'azure-openai-key-langchain-kwarg',
    'llm = AzureChatOpenAI(\n    azure_endpoint="https://acme-oai-eastus.openai.azure.com/",\n    api_key="«{h32}»",\n    api_version="2024-10-21",\n    azure_deployment="gpt-4o",\n)',
  ],
  [
    'azure-notification-hub-connection-python',
    'hub = NotificationHub(\n    "Endpoint=sb://acme-push.servicebus.windows.net/;SharedAccessKeyName=DefaultFullSharedAccessSignature;SharedAccessKey=«{b43}=»",\n    "acme-mobile",\n)',
  ],
  [
    'html-password-input-prefilled-value',
    '<form method="post" action="/admin/login">\n  <input type="text" name="user" value="ops-admin">\n  <input type="password" name="pass" value="«{a12}»">\n</form>',
  ],
  [
    'html-password-input-value-before-type',
    '<input class="form-control" id="smtp-pass" value="«{a10}#{d3}»" type="password" name="smtp_password">',
  ],
  [
    'ldap-bind-uri-credentials-python',
    'server_uri = "ldaps://svc_reader:«{a14}»@dc01.corp.local:636"\nconn = ldap3.Connection(ldap3.Server(server_uri), auto_bind=True)',
  ],
  ['ldap-bind-uri-credentials-sssd-note', 'ldap_uri = ldap://cn=binder,ou=svc,dc=acme,dc=io:«{a16}»@ldap.acme.io:389/dc=acme,dc=io'],
  ['ftp-uri-credentials-lftp-mirror', 'lftp -e "mirror -R ./dist /public_html; quit" ftp://deploy:«{a13}»@ftp.acme-hosting.net'],
  [
    'codecov-token-gha-with-block',
    '- uses: codecov/codecov-action@v5\n  with:\n    token: «{h8}-{h4}-{h4}-{h4}-{h12}»\n    files: ./coverage/lcov.info\n    fail_ci_if_error: true',
  ],
  [
    'deepseek-key-curl-chat',
    'curl https://api.deepseek.com/chat/completions \\\n  -H "Content-Type: application/json" \\\n  -H "Authorization: Bearer «sk-{h32}»" \\\n  -d \'{"model":"deepseek-chat","messages":[{"role":"user","content":"hi"}]}\'',
  ],
  [
    'detectify-key-python-header',
    'headers = {"X-Detectify-Key": "«{h32}»"}\nrequests.get("https://api.detectify.com/rest/v2/profiles/", headers=headers)',
  ],
  ['diffbot-token-node-client', "const Diffbot = require('diffbot').Diffbot;\nconst diffbot = new Diffbot('«{h32}»');"],
  ['jotform-key-php-client', '<?php\n$jotformAPI = new JotForm("«{h32}»");\n$forms = $jotformAPI->getForms();'],
  [
    'lob-live-key-node-sdk',
    "const lob = require('lob')('«live_{h32}»');\nlob.postcards.create({ to: addressId, front: tplFront, back: tplBack });",
  ],
  [
    'equinix-metal-token-python-manager',
    'import packet\n\n# equinix metal (packet) api token\nmanager = packet.Manager(auth_token="«{a32}»")',
  ],
  ['dwolla-secret-node-client', "const dwolla = new Client({\n  key: '{a50}',\n  secret: '«{a50}»',\n  environment: 'production',\n});"],
  ['convex-dev-deploy-key-shell-export', "export CONVEX_DEPLOY_KEY='«dev:{L7}-{L6}-{d3}|eyJ2{a40}.{a30}»'\nnpx convex deploy"],
  ['gemfury-push-token-curl-upload', 'curl -F package=@dist/acme_sdk-1.4.0.tar.gz https://«{a20}»@push.fury.io/acme/'],
  [
    'fleetbase-key-python-header',
    'headers = {"Authorization": "Bearer «flb_live_{a20}»"}  # fleetbase\nrequests.get("https://api.fleetbase.io/v1/orders", headers=headers)',
  ],
  ['codacy-project-token-sbt-env', 'export CODACY_PROJECT_TOKEN=«{h32}»\nsbt coverageReport codacyCoverage'],
  [
    'configcat-sdk-key-python-client',
    "import configcatclient\n\nclient = configcatclient.get('«{B22}/{B22}»')  # configcat sdk key for prod config",
  ],
  [
    'censys-secret-cli-env',
    'export CENSYS_API_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport CENSYS_API_SECRET=«{a32}»\ncensys search "services.service_name: HTTP"',
  ],
  [
    'clickup-token-python-headers',
    'headers = {"Authorization": "«pk_{d8}_{u32}»"}  # clickup personal token\nrequests.get("https://api.clickup.com/api/v2/team", headers=headers)',
  ],
  ['courier-prod-key-python-client', 'from trycourier import Courier\n\nclient = Courier(auth_token="«pk_prod_{u28}»")'],
  ['elevenlabs-key-python-sdk-ctor', 'from elevenlabs.client import ElevenLabs\n\nclient = ElevenLabs(api_key="«sk_{h48}»")'],
  ['groq-key-curl-bearer', 'curl https://api.groq.com/openai/v1/models -H "Authorization: Bearer «gsk_{a52}»"'],
  ['finnhub-key-header-curl', 'curl -H "X-Finnhub-Token: «{l20}»" "https://finnhub.io/api/v1/quote?symbol=MSFT"'],
  [
    'firecrawl-key-curl-scrape',
    'curl -X POST https://api.firecrawl.dev/v1/scrape \\\n  -H "Authorization: Bearer «fc-{h32}»" \\\n  -H "Content-Type: application/json" -d \'{"url":"https://acme.io/docs"}\'',
  ],
  ['deno-deploy-token-gha-env', '- run: deployctl deploy --project=acme-edge main.ts\n  env:\n    DENO_DEPLOY_TOKEN: «ddp_{a36}»'],
  [
    'frameio-token-node-header',
    "const res = await fetch('https://api.frame.io/v2/me', {\n  headers: { Authorization: 'Bearer «fio-u-{B64}»' },\n});",
  ],
  ['duffel-live-token-python-client', 'from duffel_api import Duffel\n\nclient = Duffel(access_token="«duffel_live_{B43}»")'],
  [
    'etsy-keystring-node-header',
    "const res = await fetch('https://openapi.etsy.com/v3/application/openapi-ping', {\n  headers: { 'x-api-key': '«{l24}»' }, // etsy keystring\n});",
  ],
  [
    'gitter-token-curl-bearer',
    'curl -H "Accept: application/json" -H "Authorization: Bearer «{h40}»" https://api.gitter.im/v1/rooms  # gitter',
  ],
];

export const BLIND44_NEGATIVES: readonly (readonly [string, string])[] = [
  ['public', 'LANGFUSE_PUBLIC_KEY=pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}\nLANGFUSE_HOST=https://cloud.langfuse.com'],
  ['public', "const flw = { public_key: 'FLWPUBK-{h32}-X', tx_ref: orderId, amount: 2500, currency: 'NGN' };"],
  [
    'public',
    "datadogRum.init({\n  applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  clientToken: 'pub{h32}',\n  site: 'datadoghq.eu',\n  service: 'storefront',\n});",
  ],
  ['public', "Frames.init('pk_sbox_{k26}');  // checkout.com Frames: publishable key, safe in the browser"],
  [
    'public',
    "const crossmintClient = createCrossmint({ apiKey: 'ck_production_{a40}' }); // client-side key, exposed to the browser by design",
  ],
  ['public', "var lob = Lob('live_pub_{h31}'); // publishable key for address autocomplete in the checkout form"],
  ['identifier', 'LD_CLIENT_SIDE_ID={h24}\n# the client-side ID is shipped in the JS bundle; the SDK key stays on the server'],
  ['identifier', 'LARK_APP_ID=cli_{h16}\nLARK_APP_SECRET=${LARK_APP_SECRET}'],
  ['identifier', "const client = new KeenTracking({ projectId: '{h24}', writeKey: process.env.KEEN_WRITE_KEY });"],
  ['identifier', 'GITHUB_CLIENT_ID=Ov23li{a14}\nGITHUB_CALLBACK_URL=https://app.acme.io/auth/github/callback'],
  ['identifier', 'AZURE_DEVOPS_ORG_URL=https://dev.azure.com/acme-platform\nAZURE_DEVOPS_PROJECT=payments'],
  ['identifier', 'AZURE_STORAGE_ACCOUNT=acmeprodlogs\nAZURE_STORAGE_CONTAINER=nightly-exports'],
  [
    'identifier',
    'SpatialAnchorsAccountId: {h8}-{h4}-{h4}-{h4}-{h12}\nSpatialAnchorsAccountDomain: eastus.mixedreality.azure.com\n# key comes from Key Vault at runtime',
  ],
  ['identifier', 'DD_SITE=datadoghq.eu\nDD_ENV=production\nDD_SERVICE=checkout-api'],
  ['identifier', 'DISCORD_APPLICATION_ID=1{d18}\nDISCORD_GUILD_ID=9{d17}'],
  ['identifier', "window.fbAsyncInit = function () {\n  FB.init({ appId: '{d15}', xfbml: true, version: 'v19.0' });\n};"],
  ['identifier', "export default defineConfig({\n  projectId: '{l6}',\n  e2e: { baseUrl: 'http://localhost:3000' },\n});"],
  ['identifier', 'CONTENTSTACK_API_KEY=blt{h16}\nCONTENTSTACK_ENVIRONMENT=staging'],
  ['identifier', 'LWA_CLIENT_ID=amzn1.application-oa2-client.{h32}\nLWA_REDIRECT_URI=https://seller.acme.io/oauth/amazon'],
  ['identifier', 'CLOUDINARY_CLOUD_NAME=acme-media\nCLOUDINARY_UPLOAD_PRESET=unsigned_avatars'],
  ['identifier', 'JAMF_URL=https://acme.jamfcloud.com\nLOOKER_BASE_URL=https://acme.cloud.looker.com:19999'],
  ['identifier', 'AGORA_APP_ID={h32}\n# App ID only - token generation happens server-side with the certificate from Vault'],
  ['reference', 'speech_config = speechsdk.SpeechConfig(subscription=os.environ["SPEECH_KEY"], region=os.environ["SPEECH_REGION"])'],
  [
    'reference',
    'curl -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&to=de" \\\n  -H "Ocp-Apim-Subscription-Key: $TRANSLATOR_KEY" -H "Ocp-Apim-Subscription-Region: $TRANSLATOR_REGION"',
  ],
  ['reference', 'env:\n  BREVO_API_KEY: ${{ secrets.BREVO_API_KEY }}\n  CODERABBIT_API_KEY: ${{ secrets.CODERABBIT_API_KEY }}'],
  ['reference', 'client = Cerebras(api_key=os.environ.get("CEREBRAS_API_KEY"))'],
  [
    'reference',
    'services:\n  forest:\n    environment:\n      FOREST_AUTH_SECRET: ${FOREST_AUTH_SECRET}\n      FOREST_ENV_SECRET: ${FOREST_ENV_SECRET}',
  ],
  ['reference', 'klaviyo = KlaviyoAPI(settings.KLAVIYO_PRIVATE_KEY, max_delay=60, max_retries=3)'],
  ['stand-in', 'curl -X POST "$EVENTGRID_TOPIC_ENDPOINT" -H "aeg-sas-key: <topic-access-key>" -d @events.json'],
  ['stand-in', 'CODERABBIT_API_KEY=cr-<your-api-key>'],
  [
    'stand-in',
    'export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test\naws --endpoint-url=http://localhost:4566 s3 mb s3://local-bucket  # localstack',
  ],
  ['stand-in', 'SPEECH_KEY=YourSpeechResourceKey\nSPEECH_REGION=YourSpeechResourceRegion'],
  ['too-short', 'LANGFUSE_SECRET_KEY=sk-lf-\nLANGFUSE_PUBLIC_KEY=pk-lf-'],
  ['too-short', 'DUB_API_KEY=dub_\nCAL_API_KEY=cal_live_'],
  ['masked', 'HCLOUD_TOKEN=****************************************************************'],
  ['masked', '$ hcloud context list\nACTIVE   NAME       TOKEN\n*        staging    [REDACTED]'],
  ['masked', 'Browserbase key set: bb_live_********** (last rotated 2025-01-14)'],
  ['hash-of-public', '{h64}  llama_parse-0.6.4-py3-none-any.whl'],
  ['hash-of-public', '- uses: coderabbitai/ai-pr-reviewer@{h40}  # v1.16.2'],
  [
    'prose',
    'Klaviyo private API keys start with pk_ and go in the Authorization header; the six-character public key (site ID) is fine to ship in the signup form.',
  ],
  [
    'prose',
    'MS14-025 removed the ability to set passwords in Group Policy Preferences, so our Groups.xml now carries cpassword="" and LAPS manages the local admin.',
  ],
  ['other', '<input type="password" name="pass" value="" placeholder="Password" autocomplete="current-password">'],
];
