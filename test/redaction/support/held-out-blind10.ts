/** A tenth held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning. */
export const BLIND10_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'mercury-bank-api-token-dotenv',
    '# .env.local for the treasury dashboard\n' +
      'MERCURY_API_BASE=https://api.mercury.com/api/v1\n' +
      'MERCURY_API_TOKEN=«secret-token:mercury_production_rma_{a41}_yrucrem»\n' +
      'MERCURY_ACCOUNT_ID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'dingtalk-robot-signed-webhook-python',
    'import time, hmac, hashlib, base64, urllib.parse\n' +
      '\n' +
      'WEBHOOK = "https://oapi.dingtalk.com/robot/send?access_token=«{h64}»"\n' +
      'SECRET = "«SEC{h64}»"\n' +
      'timestamp = str(round(time.time() * 1000))\n' +
      'string_to_sign = f"{timestamp}\\n{SECRET}"',
  ],
  [
    'feishu-app-secret-helm-values',
    'feishuBot:\n' +
      '  enabled: true\n' +
      '  appId: cli_{h16}\n' +
      '  appSecret: «{a32}»\n' +
      '  encryptKey: «{a32}»\n' +
      '  webhookPath: /feishu/events',
  ],
  [
    'thingspeak-write-key-esp32-sketch',
    '#include <WiFi.h>\n' +
      '#include "ThingSpeak.h"\n' +
      '\n' +
      'unsigned long channelID = 2291734;\n' +
      'const char *writeAPIKey = "«{u16}»";\n' +
      '\n' +
      'void loop() {\n' +
      '  ThingSpeak.writeField(channelID, 1, readTemperature(), writeAPIKey);\n' +
      '  delay(20000);\n' +
      '}',
  ],
  [
    'gemini-exchange-account-key-python',
    'GEMINI_API_KEY = "«account-{a20}»"\n' +
      'GEMINI_API_SECRET = "«{a28}»".encode()\n' +
      '\n' +
      'payload = {"request": "/v1/balances", "nonce": str(int(time.time() * 1000))}\n' +
      'encoded = base64.b64encode(json.dumps(payload).encode())\n' +
      'signature = hmac.new(GEMINI_API_SECRET, encoded, hashlib.sha384).hexdigest()',
  ],
  [
    'knock-secret-key-node-sdk',
    'import { Knock } from "@knocklabs/node";\n' +
      '\n' +
      'const knock = new Knock({ apiKey: "«sk_{B44}»" });\n' +
      'await knock.workflows.trigger("invoice-paid", { recipients: ["user_8812"], data: { amount: 4200 } });',
  ],
  [
    'loop-live-key-curl-ping',
    'is this key still valid? I keep getting 401 from the ping endpoint:\n' +
      '\n' +
      "curl https://api.loop.com/v1/ping -H 'Authorization: Bearer «lk_live_{B40}»'",
  ],
  [
    'cashfree-client-secret-create-order',
    'curl --request POST --url https://api.cashfree.com/pg/orders \\\n' +
      "  --header 'Content-Type: application/json' \\\n" +
      "  --header 'x-api-version: 2023-08-01' \\\n" +
      "  --header 'x-client-id: {d6}{h26}' \\\n" +
      "  --header 'x-client-secret: «cfsk_ma_prod_{h32}_{h8}»' \\\n" +
      '  --data \'{"order_amount": 499.0, "order_currency": "INR", "customer_details": {"customer_id": "c_1042"}}\'',
  ],
  [
    'runway-api-secret-powershell-session',
    'PS C:\\dev\\promo-video> $env:RUNWAYML_API_SECRET = "«key_{h128}»"\n' +
      'PS C:\\dev\\promo-video> python generate.py --model gen4_turbo --prompt "drone shot over a harbour at dawn"\n' +
      'Task 7f1c queued, polling every 5s...',
  ],
  [
    'viber-bot-auth-token-set-webhook',
    'curl -X POST https://chatapi.viber.com/pa/set_webhook \\\n' +
      '  -H "X-Viber-Auth-Token: «{l16}-{l16}-{l16}»" \\\n' +
      '  -H "Content-Type: application/json" \\\n' +
      '  -d \'{"url": "https://bot.acme.shop/viber", "event_types": ["delivered", "seen"]}\'',
  ],
  [
    'kakao-rest-api-key-kotlin-okhttp',
    'val request = Request.Builder()\n' +
      '    .url("https://dapi.kakao.com/v2/local/search/keyword.json?query=카페&size=5")\n' +
      '    .addHeader("Authorization", "KakaoAK «{h32}»")\n' +
      '    .build()\n' +
      'val response = client.newCall(request).execute()',
  ],
  [
    'naver-client-secret-java-headers',
    'URL url = new URL("https://openapi.naver.com/v1/search/news.json?query=" + query);\n' +
      'HttpURLConnection con = (HttpURLConnection) url.openConnection();\n' +
      'con.setRequestMethod("GET");\n' +
      'con.setRequestProperty("X-Naver-Client-Id", "{a20}");\n' +
      'con.setRequestProperty("X-Naver-Client-Secret", "«{a10}»");',
  ],
  [
    'sendbird-api-token-ruby-net-http',
    'APP_ID = "{H8}-{H4}-{H4}-{H4}-{H12}"\n' +
      'uri = URI("https://api-#{APP_ID}.sendbird.com/v3/users?limit=50")\n' +
      'req = Net::HTTP::Get.new(uri)\n' +
      'req["Api-Token"] = "«{h40}»"\n' +
      'res = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |http| http.request(req) }',
  ],
  [
    'rocketchat-personal-token-headers',
    'curl -H "X-Auth-Token: «{B43}»" \\\n' + '     -H "X-User-Id: {a17}" \\\n' + '     https://chat.acme.io/api/v1/me',
  ],
  [
    'chatwork-token-php-curl',
    '$ch = curl_init("https://api.chatwork.com/v2/rooms/{d9}/messages");\n' +
      "curl_setopt($ch, CURLOPT_HTTPHEADER, ['X-ChatWorkToken: «{h32}»']);\n" +
      "curl_setopt($ch, CURLOPT_POSTFIELDS, http_build_query(['body' => 'Nightly batch finished']));\n" +
      'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
  ],
  [
    'novu-api-key-go-header',
    'req, _ := http.NewRequest("POST", "https://api.novu.co/v1/events/trigger", bytes.NewReader(body))\n' +
      'req.Header.Set("Authorization", "ApiKey «{h32}»")\n' +
      'req.Header.Set("Content-Type", "application/json")\n' +
      'resp, err := http.DefaultClient.Do(req)',
  ],
  [
    'threema-gateway-send-simple-curl',
    'curl -X POST https://msgapi.threema.ch/send_simple \\\n' +
      '  --data "from=*ACMEOPS" --data "to=ECHOECHO" \\\n' +
      '  --data "secret=«{a16}»" \\\n' +
      '  --data-urlencode "text=Deploy of billing-api finished"',
  ],
  [
    'lifx-token-python-toggle',
    'import requests\n' +
      '\n' +
      'headers = {"Authorization": "Bearer «{h64}»"}\n' +
      'r = requests.post("https://api.lifx.com/v1/lights/group:Office/toggle", headers=headers, timeout=5)\n' +
      'print(r.status_code, r.json())',
  ],
  [
    'octopus-energy-key-basic-auth-python',
    'from requests.auth import HTTPBasicAuth\n' +
      '\n' +
      'auth = HTTPBasicAuth("«sk_live_{a24}»", "")\n' +
      'url = f"https://api.octopus.energy/v1/electricity-meter-points/{MPAN}/meters/{SERIAL}/consumption/"\n' +
      'resp = requests.get(url, auth=auth, params={"period_from": since.isoformat()})',
  ],
  [
    'thingsboard-device-token-telemetry-url',
    'curl -v -X POST http://tb.plant-3.local:8080/api/v1/«{a20}»/telemetry \\\n' +
      '  --header Content-Type:application/json \\\n' +
      '  --data \'{"temperature": 21.7, "humidity": 48}\'',
  ],
  [
    'geoapify-api-key-fetch-template',
    'const res = await fetch(\n' +
      '  `https://api.geoapify.com/v1/geocode/search?text=${encodeURIComponent(address)}&format=json&apiKey=«{h32}»`,\n' +
      ');\n' +
      'const { results } = await res.json();',
  ],
  [
    'foursquare-places-key-swift',
    'var request = URLRequest(url: URL(string: "https://api.foursquare.com/v3/places/search?ll=41.8902,12.4922&limit=10")!)\n' +
      'request.setValue("«fsq3{b44}»", forHTTPHeaderField: "Authorization")\n' +
      'request.setValue("application/json", forHTTPHeaderField: "Accept")',
  ],
  [
    'openrouteservice-key-r',
    'library(openrouteservice)\n' +
      'ors_api_key("«5b3ce3597851110001cf6248{h32}»")\n' +
      'route <- ors_directions(list(c(8.34234, 48.23424), c(8.34423, 48.26424)), profile = "cycling-regular")',
  ],
  [
    'hibp-api-key-csharp-header',
    'using var client = new HttpClient();\n' +
      'client.DefaultRequestHeaders.Add("hibp-api-key", "«{h32}»");\n' +
      'client.DefaultRequestHeaders.UserAgent.ParseAdd("acme-breach-check/1.0");\n' +
      'var body = await client.GetStringAsync($"https://haveibeenpwned.com/api/v3/breachedaccount/{Uri.EscapeDataString(email)}");',
  ],
  [
    'alienvault-otx-key-python',
    'from OTXv2 import OTXv2, IndicatorTypes\n' +
      '\n' +
      'otx = OTXv2("«{h64}»")\n' +
      'pulses = otx.getall(modified_since="2024-05-01T00:00:00")\n' +
      'print(len(pulses), "pulses")',
  ],
  [
    'veracode-credentials-file',
    '$ cat ~/.veracode/credentials\n' + '[default]\n' + 'veracode_api_key_id = {h32}\n' + 'veracode_api_key_secret = «{h128}»',
  ],
  [
    'sentinelone-apitoken-powershell',
    '$headers = @{ Authorization = "ApiToken «{a80}»" }\n' +
      '$agents = Invoke-RestMethod -Uri "https://usea1-acme.sentinelone.net/web/api/v2.1/agents?limit=100" -Headers $headers\n' +
      '$agents.data | Select-Object computerName, agentVersion',
  ],
  [
    'miro-access-token-curl',
    'curl --request GET \\\n' +
      "  --url 'https://api.miro.com/v2/boards?limit=20' \\\n" +
      "  --header 'accept: application/json' \\\n" +
      "  --header 'authorization: Bearer «eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_{B27}»'",
  ],
  [
    'builderio-private-key-write-api',
    'await fetch("https://builder.io/api/v1/write/page", {\n' +
      '  method: "POST",\n' +
      '  headers: { Authorization: "Bearer «bpk-{h32}»", "Content-Type": "application/json" },\n' +
      '  body: JSON.stringify({ name: "Spring sale", data: { url: "/spring" } }),\n' +
      '});',
  ],
  [
    'ecwid-secret-token-php',
    '$storeId = 10843207;\n' +
      "$token = '«secret_{a32}»';\n" +
      '$orders = json_decode(file_get_contents(\n' +
      '    "https://app.ecwid.com/api/v3/$storeId/orders?paymentStatus=PAID",\n' +
      '    false,\n' +
      "    stream_context_create(['http' => ['header' => \"Authorization: Bearer $token\"]])\n" +
      '), true);',
  ],
  [
    'prestashop-webservice-key-curl-user',
    'curl -u «{u32}»: "https://boutique.acme.fr/api/products?output_format=JSON&display=[id,name,price]"',
  ],
  [
    'keap-service-account-key-axios',
    'const { data } = await axios.get("https://api.infusionsoft.com/crm/rest/v1/contacts", {\n' +
      '  params: { limit: 200, order: "date_created" },\n' +
      '  headers: { "X-Keap-API-Key": "«KeapAK-{a48}»" },\n' +
      '});',
  ],
  [
    'livechat-pat-basic-auth-curl',
    'curl https://api.livechatinc.com/v3.5/agent/action/list_chats \\\n' +
      '  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«dal:{B27}»" \\\n' +
      "  -H 'Content-Type: application/json' \\\n" +
      "  -d '{}'",
  ],
  [
    'wix-api-key-authorization-header',
    "curl -X POST 'https://www.wixapis.com/stores/v1/products/query' \\\n" +
      "  -H 'Content-Type: application/json' \\\n" +
      "  -H 'Authorization: «IST.eyJ{B36}.eyJ{B180}.{B86}»' \\\n" +
      "  -H 'wix-site-id: {h8}-{h4}-{h4}-{h4}-{h12}' \\\n" +
      '  -d \'{"query": {"paging": {"limit": 50}}}\'',
  ],
  [
    'dashscope-qwen-key-python',
    'import dashscope\n' +
      'from http import HTTPStatus\n' +
      '\n' +
      'dashscope.api_key = "«sk-{h32}»"\n' +
      'resp = dashscope.Generation.call(model="qwen-plus", prompt="总结一下这段错误日志")\n' +
      'if resp.status_code == HTTPStatus.OK:\n' +
      '    print(resp.output.text)',
  ],
  [
    'siliconflow-key-compose-environment',
    'services:\n' +
      '  chat-ui:\n' +
      '    image: ghcr.io/acme/chat-ui:1.8.2\n' +
      '    environment:\n' +
      '      OPENAI_BASE_URL: https://api.siliconflow.cn/v1\n' +
      '      OPENAI_API_KEY: «sk-{L48}»\n' +
      '      DEFAULT_MODEL: deepseek-ai/DeepSeek-V3',
  ],
  [
    'mem0-memory-client-key-python',
    'from mem0 import MemoryClient\n' +
      '\n' +
      'client = MemoryClient(api_key="«m0-{a40}»")\n' +
      'client.add([{"role": "user", "content": "I am vegetarian and allergic to nuts."}], user_id="alex")',
  ],
  [
    'vectara-query-key-js-headers',
    'const headers = {\n' +
      '  "x-api-key": "«zqt_{B38}»",\n' +
      '  "customer-id": "{d10}",\n' +
      '  "Content-Type": "application/json",\n' +
      '};\n' +
      'const res = await fetch("https://api.vectara.io/v2/query", { method: "POST", headers, body });',
  ],
  [
    'rapyd-secret-key-env-file',
    'RAPYD_BASE_URL=https://api.rapyd.net\n' +
      'RAPYD_ACCESS_KEY=rak_{H20}\n' +
      'RAPYD_SECRET_KEY=«rsk_{h108}»\n' +
      'RAPYD_WEBHOOK_PATH=/hooks/rapyd',
  ],
  [
    'gateio-key-secret-go-client',
    'client := gateapi.NewAPIClient(gateapi.NewConfiguration())\n' +
      'ctx := context.WithValue(context.Background(), gateapi.ContextGateAPIV4, gateapi.GateAPIV4{\n' +
      '\tKey:    "«{h32}»",\n' +
      '\tSecret: "«{h64}»",\n' +
      '})\n' +
      'accounts, _, err := client.SpotApi.ListSpotAccounts(ctx, nil)',
  ],
  [
    'bybit-pybit-session-keys',
    'from pybit.unified_trading import HTTP\n' +
      '\n' +
      'session = HTTP(testnet=False, api_key="«{a18}»", api_secret="«{a36}»")\n' +
      'print(session.get_wallet_balance(accountType="UNIFIED"))',
  ],
  [
    'tigris-keys-fly-secrets-set',
    '$ fly secrets set AWS_ACCESS_KEY_ID=«tid_{a30}» AWS_SECRET_ACCESS_KEY=«tsec_{B60}» \\\n' +
      '    AWS_ENDPOINT_URL_S3=https://t3.storage.dev BUCKET_NAME=media-prod -a acme-media\n' +
      'Secrets are staged for the first deployment',
  ],
  [
    'materialize-app-password-psql-url',
    'psql "postgres://ana%40acme.io:«mzp_{h64}»@{l14}.us-east-1.aws.materialize.cloud:6875/materialize?sslmode=require"',
  ],
  [
    'uptrace-dsn-go-opentelemetry',
    'uptrace.ConfigureOpentelemetry(\n' +
      '\tuptrace.WithDSN("https://«{B22}»@api.uptrace.dev?grpc=4317"),\n' +
      '\tuptrace.WithServiceName("checkout"),\n' +
      '\tuptrace.WithServiceVersion("2.4.1"),\n' +
      ')',
  ],
  [
    'loggly-customer-token-input-url',
    'curl -H "content-type:text/plain" -d \'nightly backup finished in 42s\' \\\n' +
      '  http://logs-01.loggly.com/inputs/«{h8}-{h4}-{h4}-{h4}-{h12}»/tag/http,backup/',
  ],
  [
    'duckdns-token-crontab-update',
    '# crontab -l\n' +
      '*/5 * * * * curl -s "https://www.duckdns.org/update?domains=homelab-nas&token=«{h8}-{h4}-{h4}-{h4}-{h12}»&ip=" >/dev/null 2>&1',
  ],
  [
    'kotlin-exposed-database-connect-named-args',
    'Database.connect(\n' +
      '    url = "jdbc:postgresql://db.internal:5432/orders",\n' +
      '    driver = "org.postgresql.Driver",\n' +
      '    user = "orders_rw",\n' +
      '    password = "«{a22}»",\n' +
      ')',
  ],
  [
    'swift-struct-memberwise-init-password',
    'let smtp = SMTPConfiguration(hostname: "smtp.office365.com", port: 587, username: "alerts@acme.io", password: "«{a18}»")\n' +
      'let mailer = Mailer(configuration: smtp)',
  ],
  [
    'scala-hocon-slick-db-password',
    'slick.dbs.default {\n' +
      '  profile = "slick.jdbc.MySQLProfile$"\n' +
      '  db.url = "jdbc:mysql://mysql.svc:3306/catalog?useSSL=true"\n' +
      '  db.user = "catalog"\n' +
      '  db.password = "«{a20}»"\n' +
      '}',
  ],
  [
    'lua-nginx-internal-token-header',
    'location /internal/ {\n' +
      '  access_by_lua_block {\n' +
      '    ngx.req.set_header("X-Internal-Token", "«{h40}»")\n' +
      '  }\n' +
      '  proxy_pass http://billing_backend;\n' +
      '}',
  ],
  [
    'r-httr-authenticate-call',
    'resp <- httr::GET("https://reports.acme.local/api/v2/export.csv",\n' +
      '                  httr::authenticate("analyst", "«{a16}»"),\n' +
      '                  httr::timeout(30))',
  ],
  [
    'julia-dict-credentials-http-post',
    'creds = Dict("username" => "etl_runner", "password" => "«{a18}»")\n' +
      'resp = HTTP.post("https://etl.acme.local/api/login", ["Content-Type" => "application/json"], JSON3.write(creds))',
  ],
  [
    'dart-const-hmac-signing-secret',
    '// lib/src/config.dart\n' + "const String kHmacSigningSecret = '«{B43}»';\n" + 'const Duration kTokenLifetime = Duration(hours: 12);',
  ],
  [
    'fish-set-gx-registry-password',
    '# ~/.config/fish/conf.d/work.fish\n' +
      'set -gx REGISTRY_USER ci-bot\n' +
      'set -gx REGISTRY_PASSWORD «{a24}»\n' +
      'set -gx REGISTRY_URL registry.acme.io',
  ],
  [
    'cmd-set-nexus-password',
    'C:\\build> set NEXUS_USER=deployer\n' + 'C:\\build> set NEXUS_PASS=«{a18}»\n' + 'C:\\build> mvn -s settings.xml deploy',
  ],
  [
    'powershell-env-signing-cert-password',
    "$env:SIGNING_CERT_PASSWORD = '«{a20}»'\n" +
      'signtool sign /f .\\codesign.pfx /p $env:SIGNING_CERT_PASSWORD /tr http://timestamp.digicert.com /td sha256 .\\dist\\app.exe',
  ],
  ['couchdb-url-userinfo-curl', '$ curl -X PUT http://admin:«{a20}»@couch.internal:5984/invoices\n' + '{"ok":true}'],
  ['db2-jdbc-url-semicolon-properties', 'jdbc:db2://db2prod.corp:50000/PAYROLL:user=db2inst1;password=«{a16}»;sslConnection=true;'],
  [
    'access-oledb-database-password',
    'Provider=Microsoft.ACE.OLEDB.12.0;Data Source=\\\\fileserver\\finance\\ledger.accdb;Jet OLEDB:Database Password=«{a14}»;',
  ],
  [
    'trino-sqlalchemy-url-password',
    'engine = create_engine(\n' +
      '    "trino://analyst:«{a20}»@trino.data.acme.io:443/hive/default",\n' +
      '    connect_args={"http_scheme": "https"},\n' +
      ')',
  ],
  [
    'svn-checkout-password-flag',
    'svn checkout https://svn.acme.local/repos/firmware/trunk fw --username jenkins --password «{a16}» --non-interactive',
  ],
  ['wp-cli-user-pass-flag', "wp user create editor2 editor2@acme.blog --role=editor --user_pass='«{a18}»' --path=/var/www/html"],
  [
    'custom-x-partner-key-header-httpx',
    'resp = httpx.get(\n' +
      '    "https://partners.logistics-hub.eu/v3/shipments",\n' +
      '    headers={"X-Partner-Key": "«{a32}»", "Accept": "application/json"},\n' +
      ')',
  ],
  [
    'session-cookie-requests-set',
    's = requests.Session()\n' +
      's.cookies.set("auth_session", "«{B48}»", domain="admin.acme.io")\n' +
      'r = s.get("https://admin.acme.io/api/users")',
  ],
  [
    'encrypted-pkcs8-private-key-block',
    '-----BEGIN ENCRYPTED PRIVATE KEY-----\n' +
      '«MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI{b16}\n' +
      '{b64}\n' +
      '{b64}\n' +
      '{b64}\n' +
      '{b64}\n' +
      '{b40}==»\n' +
      '-----END ENCRYPTED PRIVATE KEY-----',
  ],
  [
    'passlib-pbkdf2-sha256-hash-yaml',
    '# users.yaml\n' + 'admin:\n' + '  email: ops@acme.io\n' + '  password_hash: «$pbkdf2-sha256$29000${p22}${p43}»',
  ],
  ['atlassian-pkcs5s2-hash-sql', "UPDATE cwd_user SET credential = '«{PKCS5S2}{b64}»' WHERE user_name = 'admin';"],
  ['cisco-type9-scrypt-secret', 'username netadmin privilege 15 secret 9 «$9${p14}${p43}»'],
  [
    'dotted-key-properties-jwt-signing-key',
    '# src/main/resources/application-prod.properties\n' + 'app.security.jwt.signing-key=«{B64}»\n' + 'app.security.jwt.expiration=PT15M',
  ],
  [
    'kebab-case-yaml-client-secret',
    'oauth:\n' +
      '  provider-url: https://sso.acme.io/realms/main\n' +
      '  client-id: inventory-service\n' +
      '  client-secret: «{a32}»\n' +
      '  scopes: openid,profile',
  ],
  [
    'camelcase-json-nested-client-secret',
    '{\n' +
      '  "services": {\n' +
      '    "billing": {\n' +
      '      "endpoint": "https://billing.internal",\n' +
      '      "auth": { "clientId": "billing-worker", "clientSecret": "«{B40}»" }\n' +
      '    }\n' +
      '  }\n' +
      '}',
  ],
  [
    'yaml-anchor-merge-postgres-password',
    'x-db-env: &db-env\n' +
      '  POSTGRES_USER: app\n' +
      '  POSTGRES_PASSWORD: «{a24}»\n' +
      'services:\n' +
      '  api:\n' +
      '    environment:\n' +
      '      <<: *db-env\n' +
      '  worker:\n' +
      '    environment:\n' +
      '      <<: *db-env',
  ],
  [
    'ruby-squiggly-heredoc-redis-password',
    'File.write("config/sidekiq.yml", <<~YAML)\n' +
      '  :redis:\n' +
      '    url: redis://redis.svc:6379/2\n' +
      '    password: «{a22}»\n' +
      'YAML',
  ],
  [
    'rust-struct-literal-api-secret',
    'let cfg = ClientConfig {\n' +
      '    endpoint: "https://ingest.acme.io".to_string(),\n' +
      '    api_secret: "«{a40}»".to_string(),\n' +
      '    timeout: Duration::from_secs(10),\n' +
      '};',
  ],
  [
    'prose-japanese-admin-password',
    'ステージング環境の管理画面のパスワードは «{a14}» です。ユーザー名は admin です。明日までに変更してください。',
  ],
  [
    'prose-italian-db-password',
    'Ciao, la password del database di produzione è «{a16}» (utente: gestionale). Non condividerla su Slack per favore.',
  ],
  ['prose-russian-ssh-password', 'Пароль от сервера 10.0.4.17 (пользователь deploy): «{a16}». Доступ по SSH только через VPN.'],
  [
    'log-line-session-token-field',
    '2024-06-11T08:14:52.331Z INFO  auth-svc  session created user_id=8812 session_token=«{B43}» ip=10.2.0.14',
  ],
  [
    'smtp-error-message-with-password',
    "ERROR mailer: could not authenticate to smtp.acme.io:587 as alerts with password '«{a16}»': 535 5.7.8 Authentication failed",
  ],
  [
    'ruby-net-ssh-start-password-kwarg',
    'Net::SSH.start("build-01.acme.lan", "deploy", password: "«{a18}»", non_interactive: true) do |ssh|\n' +
      '  puts ssh.exec!("systemctl restart app")\n' +
      'end',
  ],
];
export const BLIND10_NEGATIVES: readonly (readonly [string, string])[] = [
  ['identifier', 'def password_reset_token_expired?(user)\n' + '  user.reset_password_sent_at < 2.hours.ago\n' + 'end'],
  ['identifier', 'const apiKeyHeaderName = "X-Api-Key"\n' + 'const defaultTokenTTL = 15 * time.Minute'],
  ['identifier', "export async function getSecretValue(secretName: string, versionStage = 'AWSCURRENT'): Promise<string> {"],
  [
    'git-sha',
    'commit {h40}\n' +
      'Author: Dana Ruiz <dana@acme.io>\n' +
      'Date:   Tue Jun 11 09:12:44 2024 +0200\n' +
      '\n' +
      '    fix(auth): rotate token cache on logout',
  ],
  [
    'git-sha',
    '{h7} (HEAD -> main) chore: bump deps\n' + '{h7} feat: add password strength meter\n' + '{h7} fix: handle expired refresh tokens',
  ],
  ['digest', '$ sha256sum dist/*\n' + '{h64}  dist/acme-cli-linux-amd64.tar.gz\n' + '{h64}  dist/acme-cli-darwin-arm64.tar.gz'],
  ['digest', 'image: ghcr.io/acme/payments-api@sha256:{h64}'],
  [
    'digest',
    '"node_modules/jsonwebtoken": {\n' +
      '  "version": "9.0.2",\n' +
      '  "resolved": "https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz",\n' +
      '  "integrity": "sha512-{b86}=="\n' +
      '}',
  ],
  ['uuid', 'WARN  request_id={h8}-{h4}-4{h3}-8{h3}-{h12} path=/api/login status=401 msg="invalid password for user"'],
  ['public-key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dana@thinkpad'],
  ['fingerprint', "The authenticity of host 'git.acme.io (10.0.0.9)' can't be established.\n" + 'ED25519 key fingerprint is SHA256:{b43}.'],
  [
    'fingerprint',
    'SHA256 ' +
      'Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}' +
      ':{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  ['arn', 'arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/db-password-{a6}'],
  ['resource-id', 'Instance i-{h17} in subnet-{h17} (vpc-{h17}) is attached to sg-{h17}'],
  ['command', 'gcloud secrets versions access 3 --secret=stripe-api-key --project=acme-prod'],
  ['css', '.password-toggle, #api-key-field { font-family: monospace; }\n' + '.token-list__item--revoked { opacity: 0.5; }'],
  [
    'html',
    '<label for="new-password">New password</label>\n' +
      '<input type="password" id="new-password" name="password" autocomplete="new-password" minlength="12">',
  ],
  [
    'i18n',
    '{\n' +
      '  "settings.api_keys.create": "Create API key",\n' +
      '  "settings.api_keys.revoke_confirm": "Revoke this secret key? Apps using it will stop working.",\n' +
      '  "auth.password.too_short": "Password must be at least 12 characters"\n' +
      '}',
  ],
  ['env-reference', 'environment:\n' + '  DATABASE_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}\n' + '  JWT_SECRET: ${JWT_SECRET}'],
  ['env-reference', 'Invoke-RestMethod -Uri $uri -Headers @{ Authorization = "Bearer $env:GITHUB_TOKEN" }'],
  ['env-reference', 'sqlcmd -S db01 -U sa -P %SA_PASSWORD% -i migrate.sql'],
  ['env-reference', '- run: npm publish --access public\n' + '  env:\n' + '    NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}'],
  ['env-reference', 'password: {{ .Values.postgresql.auth.password | b64enc | quote }}'],
  ['env-reference', 'REDIS_URL=redis://:${REDIS_PASSWORD}@redis:6379/0'],
  ['placeholder', 'export OPENAI_API_KEY=<your-api-key>\n' + 'export ANTHROPIC_API_KEY=<paste key here>'],
  ['placeholder', 'ADMIN_USER=admin\n' + 'ADMIN_PASSWORD=changeme\n' + '# replace before going live'],
  ['placeholder', 'STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\n' + 'STRIPE_WEBHOOK_SECRET=whsec_xxxxxxxxxxxxxxxx'],
  [
    'masked',
    'NAME        KEY                            CREATED\n' +
      'ci-deploy   sk-proj-****************Qx7d   2024-03-02\n' +
      'local-dev   sk-proj-****************a91F   2024-05-18',
  ],
  ['masked', 'spring.datasource.username=orders\n' + 'spring.datasource.password=******'],
  ['encoded', 'echo RGVwbG95IG5vdGVzOiBtaWdyYXRlIHRoZSBvcmRlcnMgdGFibGUgYmVmb3JlIGVuYWJsaW5nIHRoZSBuZXcgY2hlY2tvdXQgZmxvdy4= | base64 -d'],
  ['encoded', '<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{b80}AAAAAElFTkSuQmCC">'],
  ['version', '$ node -v && npm -v && npx tsc -v\n' + 'v20.11.1\n' + '10.2.4\n' + 'Version 5.4.5'],
  [
    'build-id',
    '$ file ./bin/server\n' + './bin/server: ELF 64-bit LSB executable, x86-64, dynamically linked, BuildID[sha1]={h40}, not stripped',
  ],
  ['minified', '!function(e,t){var n=t.apiKey||e.token,r=function(o){return o&&o.secret?o.secret:null};e.auth=n?r(n):void 0}(window,{});'],
  [
    'fixture',
    '# Example from the AWS CLI docs, not a real key\n' +
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n' +
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  ],
  [
    'fixture',
    '// Example token from jwt.io, used only in docs\n' +
      'const EXAMPLE_JWT =\n' +
      '  ' +
      '"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKK' +
      'F2QT4fwpMeJf36POk6yJV_adQssw5c";',
  ],
  [
    'docs',
    'API keys are shown only once. Store the secret in your vault, rotate it every 90 days, and revoke any key that was pasted ' +
      'into a ticket or chat.',
  ],
  ['public-key', '{"keys":[{"kty":"RSA","use":"sig","kid":"{h16}","alg":"RS256","e":"AQAB","n":"{B342}"}]}'],
  [
    'public-key',
    '-----BEGIN PUBLIC KEY-----\n' +
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n' +
      '{b64}\n' +
      '{b64}\n' +
      '{b64}\n' +
      '{b64}\n' +
      '{b6}IDAQAB\n' +
      '-----END PUBLIC KEY-----',
  ],
  [
    'variable',
    'env:\n' +
      '  - name: DB_PASSWORD\n' +
      '    valueFrom:\n' +
      '      secretKeyRef:\n' +
      '        name: orders-db-credentials\n' +
      '        key: password',
  ],
  [
    'variable',
    'resource "aws_db_instance" "main" {\n' +
      '  username   = "orders"\n' +
      '  password   = random_password.db.result\n' +
      '  kms_key_id = aws_kms_key.rds.arn\n' +
      '}',
  ],
  ['command', 'vault kv get -field=password secret/prod/orders-db'],
  ['prose', 'Password policy: minimum 12 characters, at least one digit and one symbol; passwords expire after 90 days.'],
  ['build-id', 'dist/assets/index-{a8}.js   142.31 kB │ gzip: 45.87 kB\n' + 'dist/assets/index-{a8}.css   12.04 kB │ gzip:  3.11 kB'],
  ['digest', 'requests==2.32.3 \\\n' + '    --hash=sha256:{h64}'],
  ['digest', 'golang.org/x/crypto v0.24.0 h1:{b43}=\n' + 'golang.org/x/crypto v0.24.0/go.mod h1:{b43}='],
  [
    'digest',
    '[[package]]\n' +
      'name = "ring"\n' +
      'version = "0.17.8"\n' +
      'source = "registry+https://github.com/rust-lang/crates.io-index"\n' +
      'checksum = "{h64}"',
  ],
  ['signature', 'X-GitHub-Event: push\n' + 'X-GitHub-Delivery: {h8}-{h4}-{h4}-{h4}-{h12}\n' + 'X-Hub-Signature-256: sha256={h64}'],
  ['id', 'traceparent: 00-{h32}-{h16}-01'],
  ['public', "Send the USDC refund to 0x{h40} (ERC-20 on Arbitrum), that's the treasury's public address."],
];
