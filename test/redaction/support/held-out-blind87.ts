/** An eighty-seventh held-out batch, written blind in the shape of the `examples` and `negative_examples` of public secret-scanning rule sets (Nosey Parker, Kingfisher, Titus, gitleaks, TruffleHog): one keyword-near-value positive per vendor or generic rule (payments, SMS, support chat, CMS, AI, secrets managers, PEM types, JWTs, connection URIs, basic-auth URLs) and negatives of truncated, masked, placeholder, documented-test, public-id, hash and rule-text look-alikes. */
export const BLIND87_POSITIVES: readonly (readonly [string, string])[] = [
  ['rs87-culqi-secret-key-env-assign', '# .env.production\nCULQI_PUBLIC_KEY=pk_live_{a16}\nCULQI_SECRET_KEY=«sk_live_{a16}»'],
  [
    'rs87-wompi-private-key-python-const',
    'WOMPI_PUBLIC_KEY = "pub_prod_{a32}"\nWOMPI_PRIVATE_KEY = "«prv_prod_{a32}»"\nWOMPI_BASE_URL = "https://production.wompi.co/v1"',
  ],
  [
    'rs87-wompi-events-secret-yaml',
    'wompi:\n  environment: production\n  events_secret: «prod_events_{a32}»\n  integrity_secret: «prod_integrity_{a32}»',
  ],
  [
    'rs87-epayco-private-key-php-array',
    "'epayco' => [\n    'public_key'  => '{h32}',\n    'private_key' => '«{h32}»',\n    'test'        => false,\n],",
  ],
  ['rs87-openpay-private-key-js-config', "const openpay = new Openpay('m{l19}', '«sk_{h32}»', false);\nopenpay.setProductionReady(true);"],
  [
    'rs87-helcim-api-token-curl-header',
    "curl -X POST https://api.helcim.com/v2/payment/purchase \\\n  -H 'accept: application/json' \\\n  -H 'api-token: «{a40}»' \\\n  -H 'idempotency-key: {l25}'",
  ],
  ['rs87-dlocal-secret-key-env', 'DLOCAL_X_LOGIN={a10}\nDLOCAL_X_TRANS_KEY=«{a10}»\nDLOCAL_SECRET_KEY=«{a40}»'],
  ['rs87-nuvei-merchant-secret-key-json', '{\n  "merchantId": "{d19}",\n  "merchantSiteId": "{d6}",\n  "merchantSecretKey": "«{a64}»"\n}'],
  [
    'rs87-worldpay-service-key-properties',
    'worldpay.client.key=L_C_{h8}-{h4}-{h4}-{h4}-{h12}\nworldpay.service.key=«L_S_{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'rs87-iyzico-secret-key-dotnet-options',
    'var options = new Options\n{\n    ApiKey = "{a32}",\n    SecretKey = "«{a32}»",\n    BaseUrl = "https://api.iyzipay.com"\n};',
  ],
  [
    'rs87-pagseguro-token-query-url',
    'GET https://ws.pagseguro.uol.com.br/v2/transactions?email=billing%40lojaverde.com.br&token=«{H32}»&initialDate=2024-05-01T00:00',
  ],
  [
    'rs87-paymob-secret-key-laravel-env',
    'PAYMOB_PUBLIC_KEY=egy_pk_live_{a32}\nPAYMOB_SECRET_KEY=«egy_sk_live_{h64}»\nPAYMOB_HMAC_SECRET=«{H32}»',
  ],
  ['rs87-moyasar-secret-key-ruby-initializer', "Moyasar.api_key = '«sk_live_{a40}»'\nMoyasar.publishable_key = 'pk_live_{a40}'"],
  ['rs87-maxio-api-key-basic-auth-curl', 'curl -u «{a43}»:x https://lojaverde.chargify.com/subscriptions.json'],
  [
    'rs87-tink-client-secret-kotlin',
    'object TinkConfig {\n    const val CLIENT_ID = "{h32}"\n    const val CLIENT_SECRET = "«{h32}»"\n    const val REDIRECT_URI = "https://app.budgetly.se/callback"\n}',
  ],
  [
    'rs87-teller-access-token-basic-auth',
    '$ curl --cert certificate.pem --key private_key.pem \\\n    -u «token_{l26}»: \\\n    https://api.teller.io/accounts',
  ],
  [
    'rs87-fireblocks-secret-key-pem-env',
    'FIREBLOCKS_API_KEY={h8}-{h4}-{h4}-{h4}-{h12}\nFIREBLOCKS_SECRET_KEY_PATH=./fireblocks_secret.key\n$ cat fireblocks_secret.key\n«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b39}\n{b64}\n{b64}\n{b64}\n{b40}\n-----END PRIVATE KEY-----»',
  ],
  [
    'rs87-bitgo-access-token-js-sdk',
    "const bitgo = new BitGo({ env: 'prod', accessToken: '«v2x{h64}»' });\nconst wallet = await bitgo.coin('btc').wallets().get({ id: '{h32}' });",
  ],
  [
    'rs87-tradestation-client-secret-toml',
    '[tradestation]\nclient_id = "{a32}"\nclient_secret = "«{a64}»"\nredirect_uri = "http://localhost:3000/callback"',
  ],
  ['rs87-eodhd-api-token-url', 'https://eodhd.com/api/eod/AAPL.US?api_token=«{h14}.{d8}»&fmt=json&from=2024-01-01'],
  [
    'rs87-nasdaq-data-link-api-key-python',
    'import nasdaqdatalink\nnasdaqdatalink.ApiConfig.api_key = "«{B20}»"\ndf = nasdaqdatalink.get("FRED/GDP")',
  ],
  [
    'rs87-benzinga-token-requests-params',
    'params = {"token": "«{h32}»", "tickers": "AAPL,MSFT", "pageSize": 50}\nr = requests.get("https://api.benzinga.com/api/v2/news", params=params)',
  ],
  ['rs87-newsdata-api-key-url', 'curl "https://newsdata.io/api/1/latest?apikey=«pub_{d5}{h32}»&q=inflation&language=en"'],
  [
    'rs87-gnews-apikey-js-fetch',
    "const GNEWS_API_KEY = '«{h32}»';\nfetch(`https://gnews.io/api/v4/top-headlines?category=general&lang=en&apikey=${GNEWS_API_KEY}`)",
  ],
  ['rs87-openexchangerates-app-id-env', 'OXR_APP_ID=«{h32}»\nOXR_BASE=USD'],
  [
    'rs87-currencyapi-live-key-header',
    'curl "https://api.currencyapi.com/v3/latest?base_currency=EUR" \\\n  -H "apikey: «cur_live_{a40}»"',
  ],
  [
    'rs87-ipdata-api-key-go-const',
    'const ipdataAPIKey = "«{h56}»"\n\nresp, err := http.Get("https://api.ipdata.co/8.8.8.8?api-key=" + ipdataAPIKey)',
  ],
  [
    'rs87-ipbase-live-key-python-client',
    'from ipbase import Client\nclient = Client("«ipb_live_{a40}»")\nprint(client.info("1.1.1.1")["data"]["location"]["country"]["name"])',
  ],
  [
    'rs87-bigdatacloud-key-php-url',
    '$url = "https://api-bdc.net/data/reverse-geocode?latitude=51.5&longitude=-0.12&localityLanguage=en&key=«bdc_{h32}»";',
  ],
  ['rs87-what3words-api-key-js-sdk', "import what3words from '@what3words/api';\nconst w3w = what3words('«{u8}»');"],
  [
    'rs87-loqate-key-form-config',
    '<script>\n  pca.setup({ key: "«{U2}{d2}-{U2}{d2}-{U2}{d2}-{U2}{d2}»", countries: { codesList: "GBR" } });\n</script>',
  ],
  ['rs87-postcoder-api-key-url', 'GET https://ws.postcoder.com/pcw/«PCW{u2}-{u5}-{u5}-{u5}»/address/uk/SW1A1AA?format=json'],
  [
    'rs87-getaddress-api-key-csharp',
    'private const string GetAddressApiKey = "«{B22}{d5}»";\nvar url = $"https://api.getAddress.io/find/{postcode}?api-key={GetAddressApiKey}";',
  ],
  [
    'rs87-ideal-postcodes-key-axios',
    'const IDEAL_POSTCODES_KEY = "«ak_{a29}»";\nawait axios.get(`https://api.ideal-postcodes.co.uk/v1/postcodes/${pc}`, { params: { api_key: IDEAL_POSTCODES_KEY } });',
  ],
  [
    'rs87-directus-static-token-sdk',
    "const client = createDirectus('https://cms.northwind.dev')\n  .with(staticToken('«{B32}»'))\n  .with(rest());",
  ],
  ['rs87-payload-cms-secret-dotenv', 'DATABASE_URI=mongodb://127.0.0.1/payload-site\nPAYLOAD_SECRET=«{h48}»'],
  [
    'rs87-prismic-access-token-next-config',
    '// prismicio.ts\nexport const client = prismic.createClient("harbor-docs", {\n  accessToken: "«MC5{a24}.{B40}»",\n});',
  ],
  [
    'rs87-hygraph-permanent-auth-token-env',
    'HYGRAPH_ENDPOINT=https://eu-central-1-shared-euc1-02.cdn.hygraph.com/content/{l25}/master\nHYGRAPH_TOKEN=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B160}.{B342}»',
  ],
  [
    'rs87-agility-cms-fetch-api-key-env',
    'AGILITY_GUID={h8}-u\nAGILITY_API_FETCH_KEY=«defaultlive.{h64}»\nAGILITY_API_PREVIEW_KEY=«defaultpreview.{h64}»',
  ],
  [
    'rs87-cosmic-write-key-js',
    "const cosmic = createBucketClient({\n  bucketSlug: 'lunar-blog-production',\n  readKey: '{a50}',\n  writeKey: '«{a50}»',\n});",
  ],
  [
    'rs87-saleor-app-token-graphql-header',
    'POST /graphql/ HTTP/1.1\nHost: shop.lunaria.store\nAuthorization: Bearer «{a30}»\nContent-Type: application/json',
  ],
  [
    'rs87-vendure-superadmin-password-ts',
    "export const config: VendureConfig = {\n  authOptions: {\n    tokenMethod: ['bearer', 'cookie'],\n    superadminCredentials: { identifier: 'superadmin', password: '«{a20}»' },\n    cookieOptions: { secret: '«{a32}»' },\n  },\n};",
  ],
  ['rs87-elasticpath-client-secret-env', 'EPCC_ENDPOINT_URL=euwest.api.elasticpath.com\nEPCC_CLIENT_ID={a40}\nEPCC_CLIENT_SECRET=«{a40}»'],
  ['rs87-spree-api-key-header', 'curl https://store.bramble.co/api/v1/orders \\\n  -H "X-Spree-Token: «{h48}»"'],
  ['rs87-salla-access-token-bearer', 'Authorization: Bearer «ory_at_{B43}.{B43}»\nGET https://api.salla.dev/admin/v2/orders?per_page=15'],
  [
    'rs87-bloomreach-api-secret-properties',
    'bloomreach.project.token={h8}-{h4}-{h4}-{h4}-{h12}\nbloomreach.api.key.id={l64}\nbloomreach.api.secret=«{l64}»',
  ],
  [
    'rs87-messagemedia-api-secret-json',
    '{\n  "messagemedia": {\n    "apiKey": "{a20}",\n    "apiSecret": "«{a30}»",\n    "useHmac": true\n  }\n}',
  ],
  [
    'rs87-esendex-account-password-xml',
    '<esendex>\n  <accountReference>EX{d7}</accountReference>\n  <username>ops@harbourfreight.co.uk</username>\n  <password>«{a16}»</password>\n</esendex>',
  ],
  [
    'rs87-termii-api-key-python-payload',
    'payload = {\n    "to": "2348012345678",\n    "from": "Talert",\n    "sms": "Your code is 4821",\n    "type": "plain",\n    "channel": "generic",\n    "api_key": "«TL{a58}»",\n}',
  ],
  [
    'rs87-msg91-authkey-header',
    "curl --request POST https://control.msg91.com/api/v5/flow/ \\\n  --header 'authkey: «{d6}A{a17}»' \\\n  --header 'content-type: application/json'",
  ],
  [
    'rs87-gupshup-apikey-form',
    'curl -X POST https://api.gupshup.io/wa/api/v1/msg \\\n  -H "apikey: «{l32}»" \\\n  -d "channel=whatsapp&source=917834811114&destination=919876543210"',
  ],
  ['rs87-kaleyra-api-key-env', 'KALEYRA_SID=HXIN{d13}\nKALEYRA_API_KEY=«A{h32}»'],
  ['rs87-exotel-key-token-basic-url', 'url = "https://{h32}:«{h48}»@api.exotel.com/v1/Accounts/harborlogistics1/Calls/connect.json"'],
  ['rs87-twofactor-api-key-url-path', 'GET https://2factor.in/API/V1/«{h8}-{h4}-{h4}-{h4}-{h12}»/SMS/+919812345678/AUTOGEN/OTP1'],
  ['rs87-smsapi-oauth-token-php', "$client = new SmsapiHttpClient();\n$service = $client->smsapiComService('«{a40}»');"],
  [
    'rs87-smsto-api-key-bearer-curl',
    'curl -X POST https://api.sms.to/sms/send \\\n  -H "Authorization: Bearer «{a32}»" \\\n  -d \'{"message":"Delivery at 10:00","to":"+35799999999"}\'',
  ],
  [
    'rs87-bulkgate-application-token-json',
    '{\n  "application_id": "{d5}",\n  "application_token": "«{a50}»",\n  "number": "420777777777",\n  "text": "Order shipped"\n}',
  ],
  [
    'rs87-gatewayapi-token-basic-auth',
    'curl -u «{B64}»: https://gatewayapi.com/rest/mtsms \\\n  -d sender=Acme -d message=Hello -d recipients.0.msisdn=4512345678',
  ],
  [
    'rs87-fortysix-elks-password-url',
    'requests.post("https://u{h32}:«{H32}»@api.46elks.com/a1/sms", data={"from": "Ferry", "to": "+46700000000", "message": "Boarding"})',
  ],
  [
    'rs87-cm-com-product-token-header',
    'X-CM-PRODUCTTOKEN: «{h8}-{h4}-{h4}-{h4}-{h12}»\nContent-Type: application/json\nPOST https://gw.messaging.cm.com/v1.0/message',
  ],
  [
    'rs87-smsmode-api-key-header',
    "curl -X POST https://rest.smsmode.com/sms/v1/messages \\\n  -H 'X-Api-Key: «{a32}»' \\\n  -H 'Content-Type: application/json'",
  ],
  [
    'rs87-movider-api-secret-form',
    'curl -X POST https://api.movider.co/v1/sms \\\n  -d api_key={a25} \\\n  -d api_secret=«{a32}» \\\n  -d to=+66812345678 -d text="OTP 3311"',
  ],
  ['rs87-sendpulse-client-secret-env', 'SENDPULSE_CLIENT_ID={h32}\nSENDPULSE_CLIENT_SECRET=«{h32}»'],
  [
    'rs87-freshservice-api-key-basic-curl',
    'curl -u «{a20}»:X -H "Content-Type: application/json" \\\n  -X GET "https://helpdesk-northwind.freshservice.com/api/v2/tickets?per_page=30"',
  ],
  [
    'rs87-gorgias-api-key-requests-auth',
    'auth = ("support@tidepool.shop", "«{h64}»")\nr = requests.get("https://tidepool.gorgias.com/api/tickets", auth=auth)',
  ],
  ['rs87-gladly-api-token-yaml', 'gladly:\n  org: harbor\n  user: integrations@harbor.io\n  api_token: «{h40}»'],
  ['rs87-helpshift-api-key-ini', '[helpshift]\ndomain = tidepool\napi_key = «{h32}»'],
  [
    'rs87-reamaze-api-token-ruby',
    'Reamaze.configure do |c|\n  c.brand = "tidepool"\n  c.login = "ops@tidepool.shop"\n  c.api_token = "«{a20}»"\nend',
  ],
  [
    'rs87-crisp-plugin-key-node',
    'const CrispClient = new Crisp();\nCrispClient.authenticateTier("plugin", "{h8}-{h4}-{h4}-{h4}-{h12}", "«{h64}»");',
  ],
  ['rs87-tawk-rest-api-key-env', 'TAWK_PROPERTY_ID={h24}\nTAWK_REST_API_KEY=«{h40}»'],
  ['rs87-drift-oauth-token-curl', "curl https://driftapi.com/contacts?email=lead@orbit.io \\\n  -H 'Authorization: Bearer «{a32}»'"],
  [
    'rs87-tidio-private-key-headers',
    'headers = {\n    "X-Tidio-Openapi-Client-Id": "ci_{h32}",\n    "X-Tidio-Openapi-Client-Secret": "«cs_{h32}»",\n}',
  ],
  ['rs87-userlike-api-key-authorization', 'GET /api/external/operator/ HTTP/1.1\nHost: api.userlike.com\nAuthorization: «{a40}»'],
  [
    'rs87-chatwoot-api-access-token-curl',
    'curl -X POST https://app.chatwoot.com/api/v1/accounts/42/conversations/17/messages \\\n  -H "api_access_token: «{a24}»" \\\n  -H "Content-Type: application/json" -d \'{"content":"On it!"}\'',
  ],
  ['rs87-cometchat-rest-api-key-env', 'COMETCHAT_APP_ID={h16}\nCOMETCHAT_REGION=eu\nCOMETCHAT_REST_API_KEY=«{h40}»'],
  [
    'rs87-talkjs-secret-key-node',
    "const res = await fetch(`https://api.talkjs.com/v1/${APP_ID}/users/42`, {\n  headers: { Authorization: 'Bearer «sk_live_{a24}»' },\n});",
  ],
  [
    'rs87-centrifugo-hmac-secret-json',
    '{\n  "token_hmac_secret_key": "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n  "admin_password": "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n  "api_key": "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n  "allowed_origins": ["https://chat.orbit.io"]\n}',
  ],
  ['rs87-hookdeck-api-key-cli-login', '$ hookdeck login --api-key «{a50}»\n> Logged in as ops@tidepool.shop (project: production)'],
  [
    'rs87-plunk-secret-key-bearer',
    'await fetch("https://api.useplunk.com/v1/send", {\n  method: "POST",\n  headers: { Authorization: "Bearer «sk_{h64}»", "Content-Type": "application/json" },\n  body: JSON.stringify({ to: "a@b.co", subject: "Hi", body: "Welcome" }),\n});',
  ],
  [
    'rs87-earthly-token-ci-env',
    '    env:\n      EARTHLY_TOKEN: «{a48}»\n      EARTHLY_ORG: tidepool\n    steps:\n      - run: earthly --ci --push +release',
  ],
  [
    'rs87-spacelift-api-key-secret-env',
    'export SPACELIFT_API_KEY_ENDPOINT=https://tidepool.app.spacelift.io\nexport SPACELIFT_API_KEY_ID={u26}\nexport SPACELIFT_API_KEY_SECRET=«{h64}»',
  ],
  ['rs87-env0-api-secret-tf-provider', 'provider "env0" {\n  api_key    = "{l16}"\n  api_secret = "«{a32}»"\n}'],
  [
    'rs87-atlantis-webhook-secret-server-config',
    '# repos.yaml / server flags\nATLANTIS_GH_USER=atlantis-bot\nATLANTIS_GH_TOKEN=«ghp_{a36}»\nATLANTIS_GH_WEBHOOK_SECRET=«{a32}»',
  ],
  ['rs87-phase-service-token-env', 'PHASE_HOST=https://console.phase.dev\nPHASE_SERVICE_TOKEN=«pss_service:v2:{h64}:{h64}:{h64}:{h64}»'],
  [
    'rs87-conjur-authn-api-key-env',
    'CONJUR_APPLIANCE_URL=https://conjur.internal.harbor.io\nCONJUR_ACCOUNT=harbor\nCONJUR_AUTHN_LOGIN=host/ci/jenkins\nCONJUR_AUTHN_API_KEY=«{l55}»',
  ],
  [
    'rs87-keeper-ksm-one-time-token-cli',
    '$ ksm profile init --token «US:{B43}»\nAdded profile _default to INI config file located at ./keeper.ini',
  ],
  [
    'rs87-passbolt-user-private-key-armored',
    'PASSBOLT_USER_PRIVATE_KEY=«-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQWGBGX{b57}\n{b64}\n{b64}\n{b64}\n={b4}\n-----END PGP PRIVATE KEY BLOCK-----»',
  ],
  ['rs87-dotenv-vault-key-url', 'DOTENV_KEY="dotenv://:«key_{h64}»@dotenv.org/vault/.env.vault?environment=production"'],
  [
    'rs87-baselime-api-key-otel-header',
    'OTEL_EXPORTER_OTLP_ENDPOINT=https://otel.baselime.io/v1\nOTEL_EXPORTER_OTLP_HEADERS=x-api-key=«{h40}»',
  ],
  ['rs87-logtail-source-token-logger', 'from logtail import LogtailHandler\nhandler = LogtailHandler(source_token="«{a24}»")'],
  [
    'rs87-logdna-ingestion-key-helm',
    'helm install logdna-agent logdna/agent \\\n  --set logdna.key=«{h32}» \\\n  --set logdna.tags=production',
  ],
  [
    'rs87-humio-ingest-token-fluentbit',
    '[OUTPUT]\n    Name          http\n    Host          cloud.humio.com\n    Port          443\n    URI           /api/v1/ingest/hec\n    Header        Authorization Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»\n    tls           On',
  ],
  [
    'rs87-cribl-auth-token-yaml',
    'outputs:\n  cribl_http:\n    type: cribl_http\n    url: https://in.main-harbor.cribl.cloud:10200\n    token: «{a32}»',
  ],
  ['rs87-chronosphere-api-token-tf', 'provider "chronosphere" {\n  org       = "harbor"\n  api_token = "«{h64}»"\n}'],
  [
    'rs87-kentik-api-token-headers',
    'curl https://api.kentik.com/api/v5/devices \\\n  -H "X-CH-Auth-Email: netops@harbor.io" \\\n  -H "X-CH-Auth-API-Token: «{h32}»"',
  ],
  [
    'rs87-signoz-ingestion-key-collector',
    'exporters:\n  otlp:\n    endpoint: "ingest.us.signoz.cloud:443"\n    headers:\n      signoz-ingestion-key: "«{a36}»"',
  ],
  ['rs87-hyperping-api-key-bearer', 'curl https://api.hyperping.io/v1/monitors \\\n  -H "Authorization: Bearer «sk_{h32}»"'],
  ['rs87-deadmanssnitch-api-key-basic', 'curl -u «{h32}»: https://api.deadmanssnitch.com/v1/snitches'],
  [
    'rs87-aleph-alpha-token-python-client',
    'from aleph_alpha_client import Client\nclient = Client(token="«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B70}.{B43}»")',
  ],
  [
    'rs87-writer-api-key-bearer',
    'curl https://api.writer.com/v1/chat \\\n  -H "Authorization: Bearer «{a32}»" \\\n  -H "Content-Type: application/json"',
  ],
  ['rs87-reka-api-key-env', 'REKA_API_KEY=«{h64}»\nREKA_MODEL=reka-core'],
  ['rs87-novita-api-key-openai-compat', 'client = OpenAI(\n    base_url="https://api.novita.ai/v3/openai",\n    api_key="«sk_{B43}»",\n)'],
  ['rs87-featherless-api-key-env', 'FEATHERLESS_API_KEY=«rc_{h64}»\nFEATHERLESS_MODEL=meta-llama/Meta-Llama-3.1-8B-Instruct'],
  ['rs87-paperspace-api-key-cli', '$ export PAPERSPACE_API_KEY=«{h30}»\n$ pspace deployment list'],
  ['rs87-predibase-api-token-python', 'from predibase import Predibase\npb = Predibase(api_token="«pb_{B22}»")'],
  ['rs87-lamini-api-key-config-yaml', 'production:\n  key: «{h64}»\n  url: https://api.lamini.ai'],
  ['rs87-braintrust-api-key-env', 'BRAINTRUST_API_KEY=«sk-{a48}»\nBRAINTRUST_PROJECT=support-bot-evals'],
  [
    'rs87-arize-api-key-otel',
    'from arize.otel import register\ntracer_provider = register(space_id="U3BhY2U6{a8}", api_key="«{h32}»", project_name="rag-prod")',
  ],
  ['rs87-humanloop-api-key-env', 'HUMANLOOP_API_KEY=«hl_sk_{h48}»'],
  ['rs87-vellum-api-key-python', 'from vellum.client import Vellum\nclient = Vellum(api_key="«{a40}»")'],
  [
    'rs87-mlflow-tracking-password-env',
    'MLFLOW_TRACKING_URI=https://mlflow.ml.harbor.io\nMLFLOW_TRACKING_USERNAME=ci-bot\nMLFLOW_TRACKING_PASSWORD=«{a24}»',
  ],
  ['rs87-dagshub-user-token-git-remote', '$ git remote add origin https://ml-team:«{h40}»@dagshub.com/harbor/churn-model.git'],
  [
    'rs87-labelbox-api-key-python',
    'import labelbox as lb\nclient = lb.Client(api_key="«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B150}.{B43}»")',
  ],
  [
    'rs87-deepinfra-api-key-openai-base',
    'export DEEPINFRA_API_KEY=«{a32}»\ncurl https://api.deepinfra.com/v1/openai/chat/completions -H "Authorization: Bearer $DEEPINFRA_API_KEY"',
  ],
  ['rs87-lepton-api-token-env', 'LEPTON_WORKSPACE=harborml\nLEPTON_API_TOKEN=«{a32}»'],
  ['rs87-nomic-api-key-login', '$ nomic login «nk-{B43}»\nSuccessfully logged in to Nomic Atlas.'],
  [
    'rs87-unstructured-api-key-header',
    "curl -X POST https://api.unstructuredapp.io/general/v0/general \\\n  -H 'unstructured-api-key: «{a30}»' \\\n  -F 'files=@report.pdf'",
  ],
  [
    'rs87-llamacloud-api-key-parse',
    'from llama_parse import LlamaParse\nparser = LlamaParse(api_key="«llx-{a48}»", result_type="markdown")',
  ],
  [
    'rs87-ideogram-api-key-header',
    'curl -X POST https://api.ideogram.ai/generate \\\n  -H "Api-Key: «{B86}»" \\\n  -H "Content-Type: application/json"',
  ],
  [
    'rs87-heygen-api-key-header',
    'headers = {"X-Api-Key": "«{b54}==»", "Content-Type": "application/json"}\nrequests.post("https://api.heygen.com/v2/video/generate", headers=headers, json=payload)',
  ],
  ['rs87-synthesia-api-key-authorization', 'curl https://api.synthesia.io/v2/videos \\\n  -H "Authorization: «{h32}»"'],
  ['rs87-did-basic-auth-key', 'Authorization: Basic «{b28}:{a21}»\nPOST https://api.d-id.com/talks'],
  [
    'rs87-speechmatics-api-key-bearer',
    'SPEECHMATICS_API_KEY=«{a32}»\ncurl -L -X POST https://asr.api.speechmatics.com/v2/jobs/ -H "Authorization: Bearer ${SPEECHMATICS_API_KEY}"',
  ],
  [
    'rs87-gladia-key-header',
    "curl --request POST https://api.gladia.io/v2/pre-recorded \\\n  --header 'x-gladia-key: «{h8}-{h4}-{h4}-{h4}-{h12}»' \\\n  --header 'Content-Type: application/json'",
  ],
  ['rs87-playht-secret-key-env', 'PLAYHT_USER_ID={a28}\nPLAYHT_API_KEY=«{h32}»'],
  ['rs87-keycdn-api-key-basic-url', 'curl "https://«{a32}»@api.keycdn.com/zones/purge/{d6}.json" -X DELETE'],
  ['rs87-gandi-pat-bearer', 'curl -H "Authorization: Bearer «{h40}»" https://api.gandi.net/v5/livedns/domains/harbor.io/records'],
  [
    'rs87-gandi-legacy-apikey-header',
    'GANDI_API_KEY=«{a24}»\ncurl -H "Authorization: Apikey $GANDI_API_KEY" https://api.gandi.net/v5/domain/domains',
  ],
  ['rs87-dnsimple-oauth-token-terraform', 'provider "dnsimple" {\n  token   = "«{a32}»"\n  account = "{d5}"\n}'],
  [
    'rs87-gitlab-cicd-job-token-curl-header',
    'curl --header "JOB-TOKEN: «glcbt-{h2}_{B20}»" "https://gitlab.harbor.io/api/v4/projects/42/packages/generic/cli/1.4.0/cli.tar.gz"',
  ],
  ['rs87-gitlab-feed-token-atom-url', 'https://gitlab.harbor.io/dashboard/issues.atom?feed_token=«glft-{B20}»&state=opened'],
  [
    'rs87-gitlab-runner-auth-token-config-toml',
    '[[runners]]\n  name = "k8s-runner-01"\n  url = "https://gitlab.harbor.io"\n  token = "«glrt-{B20}»"\n  executor = "kubernetes"',
  ],
  ['rs87-gitlab-incoming-mail-token-address', 'reply_to: incoming+harbor-api-42-«glimt-{l25}»-issue@gitlab.harbor.io'],
  [
    'rs87-gitlab-pipeline-trigger-token-curl',
    'curl -X POST --fail -F token=«glptt-{h40}» -F ref=main https://gitlab.harbor.io/api/v4/projects/42/trigger/pipeline',
  ],
  ['rs87-hashicorp-vault-service-token-env', 'export VAULT_ADDR=https://vault.harbor.io:8200\nexport VAULT_TOKEN=«hvs.CAESI{B86}»'],
  ['rs87-terraform-cloud-token-credentials-tfrc', 'credentials "app.terraform.io" {\n  token = "«{l14}.atlasv1.{l67}»"\n}'],
  ['rs87-defined-networking-api-key-env', 'DN_API_KEY=«dnkey-{l26}-{l52}»'],
  ['rs87-authress-service-client-key-env', 'AUTHRESS_SERVICE_CLIENT_KEY=«sc_{l22}.{l4}.acc_{l12}.{l60}»'],
  ['rs87-settlemint-application-token-env', 'SETTLEMINT_ACCESS_TOKEN=«sm_aat_{a16}»'],
  ['rs87-clojars-deploy-token-lein-profile', '{:auth {:repository-auth {#"clojars" {:username "harbor-ci" :password "«CLOJARS_{l60}»"}}}}'],
  ['rs87-infracost-api-key-gha', '      - uses: infracost/actions/setup@v3\n        with:\n          api-key: «ico-{a32}»'],
  ['rs87-octopus-deploy-api-key-cli', 'octo create-release --project "Billing API" --server https://deploy.harbor.io --apiKey «API-{u26}»'],
  ['rs87-sidekiq-enterprise-bundler-env', 'BUNDLE_ENTERPRISE__CONTRIBSYS__COM=«{h8}:{h8}»'],
  [
    'rs87-perplexity-api-key-bearer',
    'curl https://api.perplexity.ai/chat/completions \\\n  -H "Authorization: Bearer «pplx-{a48}»" \\\n  -H "Content-Type: application/json"',
  ],
  ['rs87-scalingo-api-token-cli', '$ scalingo login --api-token «tk-us-{B48}»'],
  ['rs87-freemius-secret-key-php', "$fs = new Freemius_Api('plugin', {d4}, 'pk_{h29}', '«sk_{a29}»');"],
  ['rs87-openshift-user-token-oc-login', '$ oc login --token=«sha256~{B43}» --server=https://api.ocp4.harbor.io:6443'],
  ['rs87-planetscale-password-connection', 'DATABASE_URL=mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/billing?sslaccept=strict'],
  ['rs87-readme-api-key-basic', 'curl --user «rdme_{l70}»: https://dash.readme.com/api/v1/version'],
  ['rs87-grafana-service-account-token-env', 'GRAFANA_URL=https://grafana.harbor.io\nGRAFANA_SA_TOKEN=«glsa_{a32}_{h8}»'],
  ['rs87-age-secret-key-file', '# created: 2024-05-02T10:11:12Z\n# public key: age1{l58}\n«AGE-SECRET-KEY-1{e58}»'],
  ['rs87-generic-api-key-yaml-nested', 'integrations:\n  shipping:\n    base_url: https://api.parcelhub.io\n    api_key: «{a40}»'],
  ['rs87-generic-api-secret-ini', '[vendor:ledgerly]\nclient_id = ledgerly-prod-web\nclient_secret = «{B43}»'],
  ['rs87-generic-access-token-json-config', '{"service":"inventory-sync","access_token":"«{a64}»","expires_in":0}'],
  ['rs87-generic-secret-key-go-struct', 'cfg := Config{\n\tEndpoint:  "https://ingest.parcelhub.io",\n\tSecretKey: "«{h64}»",\n}'],
  ['rs87-generic-auth-token-xml-attribute', '<add key="PartnerApi.AuthToken" value="«{a48}»" />'],
  [
    'rs87-generic-apikey-query-in-log',
    '2024-06-11T08:12:44Z INFO  outbound GET https://api.fleetpulse.io/v2/vehicles?apikey=«{l40}»&limit=100 -> 200 (142ms)',
  ],
  ['rs87-generic-x-api-key-http-request', 'GET /v1/quotes HTTP/1.1\nHost: api.parcelhub.io\nX-API-Key: «{a32}»\nAccept: application/json'],
  [
    'rs87-generic-bearer-token-powershell',
    '$headers = @{ Authorization = "Bearer «{a56}»" }\nInvoke-RestMethod -Uri https://api.ledgerly.app/v1/invoices -Headers $headers',
  ],
  ['rs87-generic-signing-secret-rust-const', 'const WEBHOOK_SIGNING_SECRET: &str = "«{h64}»";'],
  ['rs87-generic-encryption-key-env-base64', 'APP_ENCRYPTION_KEY=«base64:{b43}=»'],
  ['rs87-generic-private-token-gradle-properties', 'artifactoryUser=ci-publisher\nartifactoryPassword=«{a32}»'],
  [
    'rs87-generic-api-token-swift-let',
    'let apiToken = "«{a40}»"\nvar request = URLRequest(url: URL(string: "https://api.tallyboard.io/v1/scores")!)\nrequest.setValue("Token \\(apiToken)", forHTTPHeaderField: "Authorization")',
  ],
  ['rs87-generic-password-yaml-db', 'database:\n  host: pg-primary.internal\n  user: orders_rw\n  password: «{a20}»'],
  ['rs87-generic-password-ini-smtp', '[mail]\nsmtp_host = smtp.mailgrid.net\nsmtp_user = alerts@fleetpulse.io\nsmtp_password = «{a18}»'],
  ['rs87-generic-passwd-cli-flag', "$ mysqldump -h db01.internal -u backup --password='«{a16}»' --single-transaction orders > orders.sql"],
  [
    'rs87-generic-pwd-connection-string-dotnet',
    '"ConnectionStrings": {\n  "Default": "Server=sql01.internal;Database=Orders;User Id=orders_app;Password=«{a20}»;Encrypt=True"\n}',
  ],
  [
    'rs87-generic-password-java-properties',
    'spring.rabbitmq.host=mq.internal\nspring.rabbitmq.username=orders\nspring.rabbitmq.password=«{a22}»',
  ],
  [
    'rs87-generic-password-docker-run-env',
    'docker run -d --name kc -e KEYCLOAK_ADMIN=admin -e KEYCLOAK_ADMIN_PASSWORD=«{a20}» quay.io/keycloak/keycloak:24.0 start',
  ],
  [
    'rs87-generic-keystore-password-xml',
    '<keystore>\n  <path>/etc/ssl/app.p12</path>\n  <type>PKCS12</type>\n  <password>«{a24}»</password>\n</keystore>',
  ],
  [
    'rs87-generic-password-python-kwarg',
    'conn = psycopg2.connect(host="10.0.4.12", dbname="ledger", user="ledger_ro", password="«{a19}»")',
  ],
  [
    'rs87-pem-rsa-private-key-block',
    '«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b32}\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'rs87-pem-ec-private-key-block',
    '$ cat es256.pem\n«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b43}\noAoGCCqGSM49AwEHoUQDQgAE{b64}\n{b24}==\n-----END EC PRIVATE KEY-----»',
  ],
  [
    'rs87-pem-dsa-private-key-block',
    '«-----BEGIN DSA PRIVATE KEY-----\nMIIBuwIBAAKBgQ{b49}\n{b64}\n{b64}\n{b44}\n-----END DSA PRIVATE KEY-----»',
  ],
  [
    'rs87-pem-openssh-private-key-block',
    '~/.ssh/id_ed25519:\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACA{b59}\n{b70}\n{b70}\n{b40}\n-----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'rs87-pem-pkcs8-private-key-json-escaped',
    '{"type":"service_account","private_key_id":"{h40}","private_key":"«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b40}\\n{b64}\\n{b64}\\n{b48}\\n-----END PRIVATE KEY-----\\n»","client_email":"ci@harbor-prod.iam.gserviceaccount.com"}',
  ],
  [
    'rs87-pem-encrypted-private-key-block',
    '«-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI{b16}\n{b64}\n{b64}\n{b64}\n{b52}\n-----END ENCRYPTED PRIVATE KEY-----»\nkey passphrase: «{a20}»',
  ],
  [
    'rs87-pem-pgp-private-key-block',
    '«-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGZ{b57}\n{b64}\n{b64}\n{b64}\n={b4}\n-----END PGP PRIVATE KEY BLOCK-----»',
  ],
  [
    'rs87-putty-private-key-ppk',
    'PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy@bastion\nPublic-Lines: 2\nAAAAB3NzaC1yc2EAAAADAQABAAABAQ{b38}\n{b64}\nPrivate-Lines: 2\n«{b64}\n{b64}»\nPrivate-MAC: {h64}',
  ],
  [
    'rs87-ssh2-encrypted-private-key-block',
    '«---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240601"\nP2/56wAAA{b55}\n{b64}\n{b64}\n{b40}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----»',
  ],
  [
    'rs87-openvpn-static-key-tls-auth',
    '<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n«-----BEGIN OpenVPN Static key V1-----\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n-----END OpenVPN Static key V1-----»\n</tls-auth>',
  ],
  [
    'rs87-wireguard-private-key-interface',
    '[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = «{b43}=»\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {b43}=\nEndpoint = vpn.harbor.io:51820',
  ],
  ['rs87-jwk-private-d-parameter', '{"kty":"EC","crv":"P-256","kid":"sig-2024-06","x":"{B43}","y":"{B43}","d":"«{B43}»"}'],
  [
    'rs87-jwt-hs256-authorization-header',
    'Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyXzQyIiwic2NvcGUiOiJhZG1pbiIsImV4cCI6{B20}.{B43}»',
  ],
  ['rs87-jwt-rs256-cookie-header', 'Cookie: theme=dark; session=«eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJ{B90}.{B342}»; lang=en'],
  [
    'rs87-jwt-id-token-url-fragment',
    'https://app.harbor.io/callback#id_token=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B130}.{B342}»&state={h16}',
  ],
  [
    'rs87-jwt-service-role-env',
    'SUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6Ij{B60}.{B43}»',
  ],
  ['rs87-jwt-secret-hmac-signing-key', 'JWT_SECRET=«{a64}»\nJWT_EXPIRES_IN=15m'],
  ['rs87-uri-postgres-password', 'DATABASE_URL=postgres://ledger_app:«{a24}»@pg-primary.internal:5432/ledger?sslmode=require'],
  ['rs87-uri-postgresql-scheme-asyncpg', 'engine = create_async_engine("postgresql+asyncpg://analytics:«{a20}»@10.0.3.21:5432/warehouse")'],
  ['rs87-uri-mysql-password', 'MYSQL_URL=mysql://shop:«{a18}»@mysql-0.mysql.default.svc:3306/shop'],
  ['rs87-uri-mariadb-jdbc-password-param', 'jdbc:mariadb://db.internal:3306/cms?user=cms_rw&password=«{a20}»&useSSL=true'],
  [
    'rs87-uri-mongodb-srv-password',
    'MONGO_URI=mongodb+srv://orders-svc:«{a24}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority',
  ],
  ['rs87-uri-redis-password-only', 'REDIS_URL=redis://:«{a32}»@redis-master.cache.svc:6379/0'],
  ['rs87-uri-rediss-user-password', 'CACHE_URL=rediss://default:«{a32}»@eu1-bright-lion-{d5}.upstash.io:6379'],
  ['rs87-uri-amqps-password', 'CELERY_BROKER_URL=amqps://worker:«{a24}»@b-{h8}-{h4}-{h4}-{h4}-{h12}.mq.eu-west-1.amazonaws.com:5671/%2F'],
  ['rs87-uri-sqlserver-password', 'sqlserver://reporting:«{a20}»@sql02.internal:1433?database=Reports&encrypt=true'],
  ['rs87-uri-jdbc-oracle-thin-password', 'spring.datasource.url=jdbc:oracle:thin:billing/«{a16}»@//ora-scan.internal:1521/BILLPDB'],
  ['rs87-uri-clickhouse-password', 'CLICKHOUSE_DSN=clickhouse://events_writer:«{a22}»@ch-01.internal:9000/events?secure=true'],
  [
    'rs87-uri-cockroachdb-password',
    'postgresql://app_user:«{a22}»@free-tier14.aws-us-east-1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full',
  ],
  ['rs87-uri-neo4j-password', 'NEO4J_URI=neo4j+s://neo4j:«{B43}»@{h8}.databases.neo4j.io'],
  ['rs87-uri-nats-user-password', "nats sub -s nats://telemetry:«{a24}»@nats.internal:4222 'fleet.>'"],
  ['rs87-uri-mqtt-user-password', 'MQTT_BROKER=mqtts://sensor-gw:«{a20}»@mqtt.fleetpulse.io:8883'],
  [
    'rs87-uri-ldap-bind-password',
    'ldapsearch -H ldaps://ldap.harbor.io -D "cn=svc-jira,ou=svc,dc=harbor,dc=io" -w \'«{a18}»\' -b "dc=harbor,dc=io" "(uid=ana)"',
  ],
  ['rs87-uri-smtp-password', 'EMAIL_URL=smtp+tls://alerts%40fleetpulse.io:«{a20}»@smtp.mailgrid.net:587'],
  ['rs87-uri-ftp-password', 'lftp ftp://edi_upload:«{a14}»@ftp.partner-edi.net/inbound'],
  ['rs87-uri-elasticsearch-basic', 'ELASTICSEARCH_URL=https://elastic:«{a20}»@es-prod.internal:9200'],
  ['rs87-uri-couchdb-basic', 'COUCHDB_URL=http://admin:«{a20}»@couchdb.internal:5984/_utils'],
  ['rs87-uri-snowflake-password', 'snowflake://LOADER:«{a20}»@xy{d5}.eu-central-1/ANALYTICS/RAW?warehouse=LOAD_WH'],
  [
    'rs87-kafka-sasl-jaas-password',
    'sasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{B64}»";',
  ],
  ['rs87-basic-auth-git-clone-url', '$ git clone https://deploy-bot:«{a32}»@git.harbor.io/platform/infra.git'],
  ['rs87-basic-auth-pip-index-url', 'PIP_INDEX_URL=https://ci:«{a40}»@artifacts.harbor.io/api/pypi/pypi-virtual/simple'],
  ['rs87-basic-auth-http-proxy-env', 'export https_proxy=http://jdoe:«{a16}»@proxy.corp.harbor.io:3128'],
  ['rs87-basic-auth-docker-registry-mirror', 'registry-mirrors:\n  - https://mirror-user:«{a24}»@registry-mirror.harbor.io'],
  ['rs87-basic-auth-svn-url', 'svn checkout https://builder:«{a18}»@svn.harbor.io/repos/firmware/trunk firmware'],
];

export const BLIND87_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'rs87-neg-culqi-secret-prefix-truncated-in-doc',
    'Culqi keys look like `sk_live_...` (secret, server only) and `pk_live_...` (public, safe in the checkout form).',
  ],
  [
    'rs87-neg-paymob-secret-prefix-too-short',
    'PAYMOB_SECRET_KEY must start with egy_sk_live_ — you pasted egy_sk_live_12ab, which is only the first few characters.',
  ],
  ['rs87-neg-humanloop-key-truncated-log', '[humanloop] auth failed for key hl_sk_4e…c2 (showing first 4 / last 2 chars)'],
  ['rs87-neg-currencyapi-sentinel-none', '#define ACTIVE_KEY_NULL  "cur_live_none"\n#define ACTIVE_KEY_LEN   49'],
  [
    'rs87-neg-ipbase-key-prefix-only-check',
    'if not key.startswith(("ipb_live_", "ipb_test_")):\n    raise ValueError("ipbase keys start with ipb_live_ or ipb_test_")',
  ],
  ['rs87-neg-llamacloud-prefix-regex-in-rule', "- id: llamacloud-api-key\n  pattern: '\\bllx-[A-Za-z0-9]{48}\\b'\n  keywords: [llx-]"],
  ['rs87-neg-phase-token-fixture-wrong-alphabet', 'PHASE_SERVICE_TOKEN: "pss_service:v2:token123:pubkey:share:wrapkey"'],
  [
    'rs87-neg-phase-token-regex-validator',
    'pss_service_pattern = re.compile(\n    r"^pss_service:v(\\d+):([a-fA-F0-9]{64}):([a-fA-F0-9]{64}):([a-fA-F0-9]{64}):([a-fA-F0-9]{64})$"\n)',
  ],
  [
    'rs87-neg-gitlab-runner-token-prefix-docs',
    'Runner authentication tokens now start with `glrt-`; the old registration tokens started with `GR1348941`.',
  ],
  [
    'rs87-neg-vault-token-prefix-table',
    '| Token type | Prefix |\n|------------|--------|\n| service    | hvs.   |\n| batch      | hvb.   |\n| recovery   | hvr.   |',
  ],
  [
    'rs87-neg-age-secret-key-header-only',
    'age-keygen writes a line starting with AGE-SECRET-KEY-1 to stdout; redirect it to key.txt and chmod 600.',
  ],
  [
    'rs87-neg-grafana-sa-token-masked',
    "Service account token created: glsa_************************_********  (copy it now, it won't be shown again)",
  ],
  ['rs87-neg-octopus-api-key-masked-ui', 'API key: API-••••••••••••••••••••••XQ2M   Created 2024-05-02 by ana'],
  ['rs87-neg-dnkey-prefix-short-body', 'DN_API_KEY=dnkey-abc  # invalid: the key you pasted is cut off'],
  ['rs87-neg-wompi-private-key-env-reference', 'WOMPI_PUBLIC_KEY=pub_prod_{a32}\nWOMPI_PRIVATE_KEY=${WOMPI_PRIVATE_KEY:?set in vault}'],
  [
    'rs87-neg-epayco-keys-angle-placeholders',
    "'epayco' => [\n    'public_key'  => '<EPAYCO_PUBLIC_KEY>',\n    'private_key' => '<EPAYCO_PRIVATE_KEY>',\n],",
  ],
  ['rs87-neg-termii-api-key-os-environ', 'payload["api_key"] = os.environ["TERMII_API_KEY"]'],
  ['rs87-neg-msg91-authkey-config-lookup', "headers: { authkey: config.get('msg91.authKey'), 'content-type': 'application/json' }"],
  [
    'rs87-neg-spacelift-secret-from-gha-secrets',
    '    env:\n      SPACELIFT_API_KEY_ENDPOINT: https://tidepool.app.spacelift.io\n      SPACELIFT_API_KEY_ID: ${{ secrets.SPACELIFT_KEY_ID }}\n      SPACELIFT_API_KEY_SECRET: ${{ secrets.SPACELIFT_KEY_SECRET }}',
  ],
  [
    'rs87-neg-conjur-api-key-k8s-secret-ref',
    '        - name: CONJUR_AUTHN_API_KEY\n          valueFrom:\n            secretKeyRef:\n              name: conjur-host\n              key: api-key',
  ],
  ['rs87-neg-keeper-token-cli-flag-var', 'ksm profile init --token "$KSM_ONE_TIME_TOKEN"'],
  ['rs87-neg-dotenv-key-template-var', 'DOTENV_KEY="dotenv://:key_${DOTENV_VAULT_KEY}@dotenv.org/vault/.env.vault?environment=production"'],
  ['rs87-neg-humanloop-key-doc-placeholder', 'HUMANLOOP_API_KEY=hl_sk_...   # from Settings → API keys'],
  ['rs87-neg-predibase-token-angle-placeholder', 'export PREDIBASE_API_TOKEN=<your-token>\nstreamlit run app.py'],
  ['rs87-neg-nomic-key-xxx-placeholder', 'nomic login nk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ['rs87-neg-perplexity-key-stars', 'PERPLEXITY_API_KEY=pplx-****************************************'],
  ['rs87-neg-postgres-url-password-env-expansion', 'DATABASE_URL=postgres://ledger_app:${DB_PASSWORD}@pg-primary.internal:5432/ledger'],
  ['rs87-neg-mongodb-srv-angle-placeholders', 'mongodb+srv://<username>:<password>@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority'],
  ['rs87-neg-redis-url-no-password', 'REDIS_URL=redis://redis-master.cache.svc:6379/0'],
  [
    'rs87-neg-amqp-default-guest-credentials',
    "# local dev broker, RabbitMQ's built-in default account\nCELERY_BROKER_URL=amqp://guest:guest@localhost:5672//",
  ],
  ['rs87-neg-git-clone-url-ci-variables', 'git clone https://${CI_DEPLOY_USER}:${CI_DEPLOY_PASSWORD}@git.harbor.io/platform/infra.git'],
  [
    'rs87-neg-pip-index-url-without-credentials',
    'PIP_INDEX_URL=https://artifacts.harbor.io/api/pypi/pypi-virtual/simple\nPIP_TRUSTED_HOST=artifacts.harbor.io',
  ],
  [
    'rs87-neg-ldap-bind-password-prompt',
    'ldapsearch -H ldaps://ldap.harbor.io -D "cn=svc-jira,ou=svc,dc=harbor,dc=io" -W -b "dc=harbor,dc=io" "(uid=ana)"',
  ],
  [
    'rs87-neg-kafka-jaas-password-env-ref',
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${KAFKA_KEY}" password="${KAFKA_SECRET}";',
  ],
  ['rs87-neg-pem-private-key-ellipsis-body', '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----'],
  ['rs87-neg-jwt-secret-changeme', 'JWT_SECRET=changeme\nJWT_EXPIRES_IN=15m'],
  ['rs87-neg-ideal-postcodes-public-test-key', 'curl "https://api.ideal-postcodes.co.uk/v1/postcodes/ID11QD?api_key=iddqd"'],
  ['rs87-neg-ideal-postcodes-ak-test', "const testApiKey = 'ak_test'; // only resolves the documented test postcodes"],
  ['rs87-neg-ipregistry-tryout-key', 'curl "https://api.ipregistry.co/66.165.2.7?key=tryout"'],
  ['rs87-neg-eodhd-demo-token', 'https://eodhd.com/api/eod/MCD.US?api_token=demo&fmt=json'],
  [
    'rs87-neg-bigdatacloud-free-endpoint',
    'fetch(`https://api.bigdatacloud.net/data/reverse-geocode-client?latitude=${lat}&longitude=${lon}&localityLanguage=en`)',
  ],
  ['rs87-neg-iyzico-sandbox-url-no-key', 'IYZICO_BASE_URL=https://sandbox-api.iyzipay.com\nIYZICO_API_KEY=${IYZICO_API_KEY}'],
  ['rs87-neg-paymob-public-key-and-integration-id', 'PAYMOB_PUBLIC_KEY=egy_pk_live_{a32}\nPAYMOB_INTEGRATION_ID={d7}'],
  [
    'rs87-neg-moyasar-publishable-key-form',
    "<div class=\"mysr-form\"></div>\n<script>Moyasar.init({ element: '.mysr-form', amount: 1000, currency: 'SAR', publishable_api_key: 'pk_live_{a40}' });</script>",
  ],
  [
    'rs87-neg-worldpay-client-key-browser',
    "Worldpay.useTemplateForm({ clientKey: 'L_C_{h8}-{h4}-{h4}-{h4}-{h12}', form: 'paymentForm', paymentSection: 'paymentSection' });",
  ],
  [
    'rs87-neg-culqi-public-key-checkout',
    "Culqi.publicKey = 'pk_live_{a16}';\nCulqi.settings({ title: 'Tienda Verde', currency: 'PEN', amount: 3500 });",
  ],
  [
    'rs87-neg-wompi-public-key-widget',
    '<script src="https://checkout.wompi.co/widget.js" data-render="button" data-public-key="pub_prod_{a32}" data-currency="COP" data-amount-in-cents="4950000" data-reference="ord_{h12}"></script>',
  ],
  ['rs87-neg-openpay-merchant-id-only', 'OPENPAY_MERCHANT_ID=m{l19}\nOPENPAY_PRODUCTION=true'],
  ['rs87-neg-crisp-website-id-snippet', '<script>window.$crisp=[];window.CRISP_WEBSITE_ID="{h8}-{h4}-{h4}-{h4}-{h12}";</script>'],
  ['rs87-neg-olark-site-id-embed', "olark.identify('{d4}-{d3}-{d2}-{d4}');"],
  ['rs87-neg-spacelift-key-id-ulid-alone', 'Spacelift API key created. ID: {u26}  (the secret was downloaded as a .config file)'],
  [
    'rs87-neg-fireblocks-api-key-uuid-is-id',
    'Fireblocks API user "treasury-bot" — API key ID {h8}-{h4}-{h4}-{h4}-{h12}, role: Signer, CSR uploaded 2024-05-02',
  ],
  ['rs87-neg-fortysix-elks-username-only', '46elks API username: u{h32}  (password is in 1Password → "46elks API")'],
  [
    'rs87-neg-playht-user-id-only',
    'PLAYHT_USER_ID={a28}\nPLAYHT_VOICE=s3://voice-cloning-zero-shot/{h8}-{h4}-{h4}-{h4}-{h12}/original/manifest.json',
  ],
  [
    'rs87-neg-gladia-request-id-response',
    '{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","result_url":"https://api.gladia.io/v2/pre-recorded/{h8}-{h4}-{h4}-{h4}-{h12}"}',
  ],
  ['rs87-neg-arize-space-id-only', 'ARIZE_SPACE_ID=U3BhY2U6{d5}OnNrSmE=\nARIZE_PROJECT=rag-prod'],
  ['rs87-neg-agility-guid-and-locale', 'AGILITY_GUID={h8}-u\nAGILITY_LOCALES=en-us,fr-ca'],
  ['rs87-neg-secret-sha256-checksum-line', 'secrets.tar.gz.sha256: {h64}  secrets.tar.gz'],
  ['rs87-neg-token-commit-sha-in-changelog', 'fix(auth): rotate token cache on 401 ({h40})'],
  ['rs87-neg-api-key-md5-fingerprint-log', '2024-06-11 09:14:02 INFO api key fingerprint md5={h32} matched tenant=harbor'],
  ['rs87-neg-private-key-ssh-fingerprint', 'The key fingerprint is:\nSHA256:{b43} deploy@bastion'],
  ['rs87-neg-password-bcrypt-hash-column', 'SELECT id, email, password_hash FROM users LIMIT 1;\n 42 | ana@harbor.io | $2b$12${p53}'],
  ['rs87-neg-image-digest-secrets-operator', 'image: ghcr.io/external-secrets/external-secrets@sha256:{h64}'],
  ['rs87-neg-kid-jwks-public-key', '{"keys":[{"kty":"RSA","use":"sig","kid":"{h40}","alg":"RS256","n":"{B342}","e":"AQAB"}]}'],
  [
    'rs87-neg-trace-id-header-next-to-api-key-name',
    'X-Api-Key-Name: billing-prod\nX-Trace-Id: {h32}\nX-Request-Id: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'rs87-neg-integrity-hash-npm-lock',
    '"node_modules/@humanloop/sdk": {\n  "version": "0.8.3",\n  "resolved": "https://registry.npmjs.org/@humanloop/sdk/-/sdk-0.8.3.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  ['rs87-neg-uuid-correlation-id-next-to-secret-word', 'secret rotation job {h8}-{h4}-{h4}-{h4}-{h12} finished: 3 rotated, 0 failed'],
  ['rs87-neg-hmac-signature-header-webhook-delivery', 'X-Wompi-Signature-Checksum: {h64}\nX-Event-Checksum: {h64}'],
  [
    'rs87-neg-pem-public-key-block',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b56}IDAQAB\n-----END PUBLIC KEY-----',
  ],
  [
    'rs87-neg-pem-certificate-block',
    '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE{b44}\n{b64}\n{b64}\n{b48}\n-----END CERTIFICATE-----',
  ],
  ['rs87-neg-ssh-public-key-authorized-keys', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@bastion'],
  ['rs87-neg-wireguard-public-key-peer-only', '[Peer]\nPublicKey = {b43}=\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.harbor.io:51820'],
  ['rs87-neg-age-public-recipient', 'age -r age1{l58} -o secrets.env.age secrets.env'],
  [
    'rs87-neg-base64-json-config-not-secret',
    'echo \'eyJyZWdpb24iOiJldS13ZXN0LTEiLCJyZXRyaWVzIjozLCJ0aW1lb3V0IjozMH0=\' | base64 -d\n{"region":"eu-west-1","retries":3,"timeout":30}',
  ],
  ['rs87-neg-rule-file-keywords-block', 'keywords:\n  - culqi\n  - sk_live_\n  - wompi\n  - prv_prod_\n  - egy_sk_live_'],
  ['rs87-neg-gitleaks-allowlist-stopwords', '[allowlist]\nstopwords = ["cur_live_none", "ak_test", "iddqd", "tryout"]'],
  [
    'rs87-neg-env-var-names-only',
    'Required env: CULQI_SECRET_KEY, WOMPI_PRIVATE_KEY, PAYMOB_SECRET_KEY, PAYMOB_HMAC_SECRET, MOYASAR_SECRET_KEY',
  ],
  ['rs87-neg-chatwoot-header-name-docs', "Send the user's access token in the `api_access_token` header (not `Authorization`)."],
  ['rs87-neg-css-id-token-input', '<input id="api-key-input" name="api_key" type="password" autocomplete="off" placeholder="sk_live_…">'],
  ['rs87-neg-password-policy-text', 'password_min_length: 16\npassword_require_symbols: true\npassword_expiry_days: 90'],
  [
    'rs87-neg-jdbc-url-without-password',
    'spring.datasource.url=jdbc:oracle:thin:@//ora-scan.internal:1521/BILLPDB\nspring.datasource.username=billing\nspring.datasource.password=${ORACLE_PASSWORD}',
  ],
  ['rs87-neg-version-strings-near-token-word', 'token-bucket v2.4.1, jwt-decode 4.0.0, passport-http-bearer 1.0.1'],
];
