/** An eighth held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md). */
export const BLIND8_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor tokens of services not covered by the earlier batches.
  // Market data and finance.
  [
    'databento-key-historical-client',
    'import databento as db\n\nclient = db.Historical("«db-{a29}»")\ndata = client.timeseries.get_range(\n' +
      '    dataset="GLBX.MDP3", symbols=["ES.FUT"], stype_in="parent", schema="ohlcv-1m",\n    start="2024-11-01", end="2024-11-02",\n)\ndf = data.to_df()',
  ],
  [
    'alphavantage-apikey-pandas-csv',
    'import pandas as pd\n\nurl = ("https://www.alphavantage.co/query?function=TIME_SERIES_DAILY"\n' +
      '       "&symbol=IBM&outputsize=full&datatype=csv&apikey=«{u16}»")\nprices = pd.read_csv(url, parse_dates=["timestamp"])\nprint(prices.tail())',
  ],
  [
    'finnhub-token-websocket-url',
    'const socket = new WebSocket("wss://ws.finnhub.io?token=«{l20}»");\n\nsocket.addEventListener("open", () => {\n' +
      '  socket.send(JSON.stringify({ type: "subscribe", symbol: "AAPL" }));\n});\nsocket.addEventListener("message", (e) => console.log(e.data));',
  ],
  // Commerce marketplaces.
  [
    'amazon-lwa-client-secret-refresh-token',
    'credentials = dict(\n    refresh_token="«Atzr|IwEB{B180}»",\n    lwa_app_id="amzn1.application-oa2-client.{h32}",\n' +
      '    lwa_client_secret="«amzn1.oa2-cs.v1.{h64}»",\n)\norders = Orders(credentials=credentials, marketplace=Marketplaces.DE).get_orders(CreatedAfter="2024-11-01")',
  ],
  [
    'ebay-cert-id-client-credentials',
    '$ curl -X POST https://api.ebay.com/identity/v1/oauth2/token \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n' +
      '  -u "AcmeOutd-listings-PRD-{h9}-{h8}:«PRD-{h12}-{h4}-{h4}-{h4}-{h4}»" \\\n' +
      '  -d "grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope"',
  ],
  // AI platforms from other regions.
  [
    'qianfan-bce-v3-key-openai-sdk',
    'from openai import OpenAI\n\nclient = OpenAI(\n    api_key="«bce-v3/ALTAK-{a21}/{h40}»",\n    base_url="https://qianfan.baidubce.com/v2",\n)\n' +
      'resp = client.chat.completions.create(model="ernie-4.0-turbo-8k", messages=[{"role": "user", "content": "你好"}])',
  ],
  [
    'zhipu-glm-key-dot-secret',
    'from zhipuai import ZhipuAI\n\nclient = ZhipuAI(api_key="«{h32}.{a16}»")\nresponse = client.chat.completions.create(\n' +
      '    model="glm-4-plus",\n    messages=[{"role": "user", "content": "总结一下这份合同的要点"}],\n)',
  ],
  [
    'baseten-api-key-header',
    'curl -X POST https://model-{l8}.api.baseten.co/environments/production/predict \\\n' +
      '  -H "Authorization: Api-Key «{a8}.{a32}»" \\\n  -d \'{"prompt": "Write a haiku about cold brew", "max_tokens": 64}\'',
  ],
  // Notifications and personal automation.
  [
    'pushbullet-access-token-push-note',
    'curl -s --header "Access-Token: «o.{a32}»" \\\n     --header "Content-Type: application/json" \\\n' +
      '     --data-binary \'{"type": "note", "title": "Backup", "body": "nightly borg run finished"}\' \\\n     https://api.pushbullet.com/v2/pushes',
  ],
  [
    'pushover-app-token-form',
    'requests.post("https://api.pushover.net/1/messages.json", data={\n    "token": "«a{a29}»",\n    "user": "u{a29}",\n' +
      '    "title": "Freezer alarm",\n    "message": "Walk-in freezer at -9.5°C for 15 min",\n    "priority": 1,\n})',
  ],
  [
    'gotify-app-token-header',
    "#!/bin/sh\n# /etc/periodic/daily/disk-report\nUSAGE=$(df -h / | tail -1 | awk '{print $5}')\n" +
      'curl -s "https://gotify.home.lan/message" -H "X-Gotify-Key: «A{a14}»" \\\n  -F "title=nas01 disk" -F "message=root at $USAGE" -F "priority=5"',
  ],
  [
    'zapier-catch-hook-url',
    '// forward Typeform answers to the CRM zap\nawait fetch("https://hooks.zapier.com/hooks/catch/«{d7}/{l7}»/", {\n' +
      '  method: "POST",\n  headers: { "Content-Type": "application/json" },\n  body: JSON.stringify({ email, company, plan: "growth" }),\n});',
  ],
  [
    'todoist-token-python',
    'from todoist_api_python.api import TodoistAPI\n\napi = TodoistAPI("«{h40}»")\nfor task in api.get_tasks(filter="today | overdue"):\n' +
      '    print(task.content, task.due.string if task.due else "")',
  ],
  // Messaging and email delivery.
  [
    'sinch-sms-bearer-token',
    'curl -X POST "https://eu.sms.api.sinch.com/xms/v1/{h32}/batches" \\\n  -H "Authorization: Bearer «{h32}»" \\\n' +
      '  -H "Content-Type: application/json" \\\n  -d \'{"from": "AcmeClinic", "to": ["46700000001"], "body": "Your appointment is confirmed for 14:30."}\'',
  ],
  [
    'mailtrap-send-api-token',
    'const res = await fetch("https://send.api.mailtrap.io/api/send", {\n  method: "POST",\n' +
      '  headers: { Authorization: "Bearer «{h32}»", "Content-Type": "application/json" },\n' +
      '  body: JSON.stringify({ from: { email: "billing@acme-saas.io" }, to: [{ email: user.email }], template_uuid: invoiceTemplate }),\n});',
  ],
  [
    'gmail-app-password-nodemailer',
    "const transporter = nodemailer.createTransport({\n  service: 'gmail',\n  auth: {\n    user: 'acme.alerts.ops@gmail.com',\n" +
      "    pass: '«{L4} {L4} {L4} {L4}»',\n  },\n});\nawait transporter.sendMail({ to: 'oncall@acme.io', subject: 'Disk 91%', text });",
  ],
  // Developer platforms and package registries.
  [
    'apple-app-specific-password-notarytool',
    'xcrun notarytool submit build/AcmeMenuBar.dmg \\\n  --apple-id "releases@acme.io" \\\n  --team-id {U10} \\\n' +
      '  --password "«{L4}-{L4}-{L4}-{L4}»" \\\n  --wait',
  ],
  [
    'hexpm-api-key-mix-publish',
    '- name: Publish to Hex\n  run: mix hex.publish --yes\n  env:\n    MIX_ENV: docs\n    HEX_API_KEY: «{h32}»',
  ],
  [
    'browserstack-hub-url-key',
    'const driver = await new Builder()\n' +
      '  .usingServer("https://qa_{a6}:«{a20}»@hub-cloud.browserstack.com/wd/hub")\n' +
      '  .withCapabilities({ browserName: "Safari", "bstack:options": { os: "OS X", osVersion: "Sonoma" } })\n  .build();',
  ],
  [
    'lichess-token-berserk-bot',
    'import berserk\n\nsession = berserk.TokenSession("«lip_{a20}»")\nclient = berserk.Client(session=session)\n' +
      'for event in client.bots.stream_incoming_events():\n    if event["type"] == "challenge":\n        client.bots.accept_challenge(event["challenge"]["id"])',
  ],
  // Web, media and maps.
  [
    'hcaptcha-secret-siteverify-flask',
    '@app.post("/signup")\ndef signup():\n    r = requests.post("https://api.hcaptcha.com/siteverify", data={\n' +
      '        "secret": "«0x{h40}»",\n        "response": request.form["h-captcha-response"],\n' +
      '        "sitekey": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    }).json()\n    if not r["success"]:\n        abort(400)',
  ],
  [
    'mapillary-client-token-graph',
    'curl "https://graph.mapillary.com/images?bbox=13.40,52.51,13.42,52.52&fields=id,thumb_1024_url,captured_at&limit=50" \\\n' +
      '  -H "Authorization: OAuth «MLY|{d16}|{h32}»"',
  ],
  [
    'openweathermap-appid-query',
    'Get-Content .\\cities.txt | ForEach-Object {\n' +
      '  $w = Invoke-RestMethod "https://api.openweathermap.org/data/2.5/weather?q=$_&units=metric&appid=«{h32}»"\n' +
      '  "{0}: {1} °C" -f $_, $w.main.temp\n}',
  ],
  [
    'vimeo-pyvimeo-client',
    'import vimeo\n\nclient = vimeo.VimeoClient(\n    token="«{h32}»",\n    key="{h40}",\n    secret="«{b128}»",\n)\n' +
      'uri = client.upload("renders/onboarding-v3.mp4", data={"name": "Onboarding v3", "privacy": {"view": "unlisted"}})',
  ],
  [
    'imgur-client-secret-upload',
    'IMGUR_CLIENT_ID = "{h15}"\nIMGUR_CLIENT_SECRET = "«{h40}»"\n\n' +
      'r = requests.post("https://api.imgur.com/3/image", headers={"Authorization": f"Client-ID {IMGUR_CLIENT_ID}"}, files={"image": open(path, "rb")})',
  ],
  [
    'bitly-bearer-shorten',
    'curl -H "Authorization: Bearer «{h40}»" \\\n     -H "Content-Type: application/json" \\\n' +
      '     -X POST https://api-ssl.bitly.com/v4/shorten \\\n     -d \'{"long_url": "https://acme-outdoor.com/winter-sale?utm_source=sms", "domain": "bit.ly"}\'',
  ],
  [
    'quicknode-endpoint-path-token',
    'import { Connection } from "@solana/web3.js";\n\n' +
      'const connection = new Connection("https://{L6}-{L5}-{L6}.solana-mainnet.quiknode.pro/«{h40}»/", "confirmed");\n' +
      'const slot = await connection.getSlot();',
  ],
  // Networking, hosting and security data.
  [
    'zerotier-central-token-header',
    'curl -s -H "Authorization: token «{a32}»" \\\n  https://api.zerotier.com/api/v1/network/{h16}/member | jq -r \'.[] | [.name, .config.ipAssignments[0]] | @tsv\'',
  ],
  [
    'ovh-conf-application-keys',
    '; ~/.ovh.conf\n[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key=«{a16}»\napplication_secret=«{a32}»\nconsumer_key=«{a32}»',
  ],
  [
    'censys-api-secret-env',
    '$ export CENSYS_API_ID={h8}-{h4}-{h4}-{h4}-{h12}\n$ export CENSYS_API_SECRET=«{a32}»\n' +
      "$ censys search 'services.service_name: ELASTICSEARCH and location.country_code: NL' --index-type hosts | jq length",
  ],
  [
    'strava-refresh-token-exchange',
    'r = requests.post("https://www.strava.com/oauth/token", data={\n    "client_id": {d6},\n    "client_secret": "«{h40}»",\n' +
      '    "grant_type": "refresh_token",\n    "refresh_token": "«{h40}»",\n})\naccess_token = r.json()["access_token"]',
  ],
  [
    'lastfm-pylast-shared-secret',
    'network = pylast.LastFMNetwork(\n    api_key="{h32}",\n    api_secret="«{h32}»",\n    username="radio_acme",\n' +
      '    password_hash=pylast.md5("«{a14}»"),\n)\nnetwork.scrobble(artist=track.artist, title=track.title, timestamp=int(time.time()))',
  ],
  // Structural cases without vendor prefixes.
  // Windows: registry, DSC and client tools.
  [
    'reg-winlogon-default-password',
    'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n' +
      '"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="ACME"\n"DefaultPassword"="«{a16}»"',
  ],
  [
    'reg-query-putty-proxy-password',
    'C:\\> reg query "HKCU\\Software\\SimonTatham\\PuTTY\\Sessions\\jump-prod" /v Proxy*\n\n' +
      'HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\jump-prod\n    ProxyHost    REG_SZ    proxy.acme.lan\n' +
      '    ProxyPort    REG_DWORD    0xc38\n    ProxyUsername    REG_SZ    svc_bastion\n    ProxyPassword    REG_SZ    «{a18}»',
  ],
  [
    'dsc-compiled-mof-credential',
    '// C:\\DscConfigs\\WebFarm\\web01.mof (PSDscAllowPlainTextPassword = $true)\ninstance of MSFT_Credential as $MSFT_Credential1ref\n{\n' +
      'Password = "«{a20}»";\n UserName = "ACME\\\\svc_apppool";\n\n};\n\ninstance of MSFT_xWebAppPool as $MSFT_xWebAppPool1ref\n{\n' +
      'Name = "OrdersPool";\n identityType = "SpecificUser";\n Credential = $MSFT_Credential1ref;\n};',
  ],
  [
    'filezilla-sitemanager-base64-pass',
    '<?xml version="1.0" encoding="UTF-8"?>\n<FileZilla3 version="3.67.1" platform="windows">\n  <Servers>\n    <Server>\n' +
      '      <Host>sftp.partner-logistics.de</Host>\n      <Port>22</Port>\n      <Protocol>1</Protocol>\n      <User>acme_edi</User>\n' +
      '      <Pass encoding="base64">«{b24}»</Pass>\n      <Name>Partner EDI</Name>\n    </Server>\n  </Servers>\n</FileZilla3>',
  ],
  [
    'winscp-ini-obfuscated-password',
    '[Sessions\\deploy@web01.acme.lan]\nHostName=web01.acme.lan\nUserName=deploy\nLocalDirectory=C:%5CBuilds%5Cportal\n' +
      'Password=«A35C{H4}5D6E{H64}»\nFSProtocol=2',
  ],
  // Web frameworks.
  [
    'rails-credentials-show-output',
    '$ EDITOR=cat bin/rails credentials:show --environment production\nsecret_key_base: «{h128}»\n\nactive_record_encryption:\n' +
      '  primary_key: «{a32}»\n  deterministic_key: «{a32}»\n  key_derivation_salt: «{a32}»\n\nsmtp:\n  user_name: postmaster@mg.acme-shop.com\n  password: «{a24}»',
  ],
  [
    'symfony-env-local-dsns',
    '# .env.local (not committed)\nAPP_ENV=prod\nAPP_SECRET=«{h32}»\n' +
      'DATABASE_URL="postgresql://shop:«{a20}»@127.0.0.1:5432/shop?serverVersion=16&charset=utf8"\n' +
      'MAILER_DSN=smtp://noreply%40acme-shop.fr:«{a18}»@smtp.acme-mail.net:587',
  ],
  [
    'laravel-filesystems-sftp-disk',
    "// config/filesystems.php\n'disks' => [\n    'supplier-sftp' => [\n        'driver' => 'sftp',\n        'host' => 'sftp.supplier-wholesale.com',\n" +
      "        'username' => 'acme_orders',\n        'password' => '«{a20}»',\n        'port' => 22,\n        'root' => '/outbound/orders',\n        'timeout' => 30,\n    ],\n],",
  ],
  [
    'spring-actuator-env-show-values',
    '$ curl -s localhost:8081/actuator/env/spring.mail.password | jq\n{\n  "property": {\n    "source": "Config resource \'class path resource [application-prod.yml]\'",\n' +
      '    "value": "«{a22}»"\n  },\n  "activeProfiles": ["prod"],\n  "propertySources": [ ... ]\n}',
  ],
  [
    'micronaut-jwt-generator-secret',
    'micronaut:\n  application:\n    name: billing\n  security:\n    authentication: bearer\n    token:\n      jwt:\n        signatures:\n' +
      '          secret:\n            generator:\n              secret: "«{a48}»"\ndatasources:\n  default:\n    url: jdbc:mariadb://db01:3306/billing\n' +
      '    username: billing\n    password: "«{a20}»"',
  ],
  [
    'aspnet-usersecrets-secrets-json',
    '// %APPDATA%\\Microsoft\\UserSecrets\\{h8}-{h4}-{h4}-{h4}-{h12}\\secrets.json\n{\n' +
      '  "ConnectionStrings:Orders": "Server=localhost,1433;Database=Orders;User Id=sa;Password=«{a20}»;TrustServerCertificate=True",\n' +
      '  "Jwt:SigningKey": "«{b44}»",\n  "Smtp:Password": "«{a16}»"\n}',
  ],
  // Mobile and game builds.
  [
    'android-gradle-properties-signing',
    '# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\nACME_UPLOAD_STORE_FILE=/Users/ci/keys/upload.jks\nACME_UPLOAD_KEY_ALIAS=upload\n' +
      'ACME_UPLOAD_STORE_PASSWORD=«{a20}»\nACME_UPLOAD_KEY_PASSWORD=«{a20}»',
  ],
  [
    'fastlane-dotenv-match-password',
    '# fastlane/.env.default\nFASTLANE_USER=ios-release@acme.io\nFASTLANE_PASSWORD=«{a16}»\nMATCH_GIT_URL=git@github.com:acme/ios-certificates.git\n' +
      'MATCH_PASSWORD=«{a24}»\nFASTLANE_SKIP_UPDATE_CHECK=1',
  ],
  [
    'xcconfig-secrets-file',
    '// Config/Secrets.xcconfig — gitignored, referenced from Release.xcconfig\nBACKEND_HOST = api.acme-fit.app\n' +
      'BACKEND_URL = https:/$()/$(BACKEND_HOST)/v2\nANALYTICS_INGEST_SECRET = «{a40}»\nSIGNING_HMAC_KEY = «{h64}»',
  ],
  [
    'unreal-defaultgame-ini-key',
    '; Config/DefaultGame.ini\n[/Script/AcmeArena.ArenaBackendSettings]\nBackendUrl=https://arena-api.acme-games.net\n' +
      'ServerAuthKey=«{a40}»\nMatchmakerSharedSecret=«{h48}»\n\n[/Script/EngineSettings.GeneralProjectSettings]\nProjectName=AcmeArena',
  ],
  // Home automation.
  [
    'esphome-api-encryption-ota',
    'esphome:\n  name: garage-door\n\nesp32:\n  board: esp32dev\n\napi:\n  encryption:\n    key: "«{b43}=»"\n\nota:\n  - platform: esphome\n' +
      '    password: "«{h32}»"\n\nwifi:\n  ssid: "acme-iot"\n  password: "«{a16}»"',
  ],
  [
    'node-red-settings-credential-secret',
    '// ~/.node-red/settings.js\nmodule.exports = {\n    uiPort: process.env.PORT || 1880,\n    credentialSecret: "«{a32}»",\n' +
      '    flowFile: "flows.json",\n    httpNodeAuth: { user: "hooks", pass: "«$2b$08${p53}»" },\n};',
  ],
  // Observability and proxies.
  [
    'alertmanager-smtp-webhook-credentials',
    'global:\n  smtp_smarthost: smtp.acme-mail.net:587\n  smtp_from: alerts@acme.io\n  smtp_auth_username: alerts@acme.io\n' +
      "  smtp_auth_password: '«{a20}»'\nreceivers:\n  - name: ops-bridge\n    webhook_configs:\n      - url: https://bridge.acme.io/alerts\n" +
      '        http_config:\n          authorization:\n            type: Bearer\n            credentials: «{a40}»',
  ],
  [
    'traefik-compose-label-bcrypt-doubled-dollar',
    '  whoami:\n    image: traefik/whoami\n    labels:\n      - "traefik.http.routers.whoami.rule=Host(`who.acme.lan`)"\n' +
      '      - "traefik.http.routers.whoami.middlewares=ops-auth"\n' +
      '      - "traefik.http.middlewares.ops-auth.basicauth.users=ops:«$$2y$$05$${p53}»"',
  ],
  [
    'caddyfile-basicauth-base64-bcrypt',
    'grafana.acme.lan {\n\tbasicauth /admin/* {\n\t\tops «JDJhJDE0J{b71}»\n\t}\n\treverse_proxy 127.0.0.1:3000\n}',
  ],
  [
    'haproxy-stats-auth-line',
    'listen stats\n    bind *:8404\n    mode http\n    stats enable\n    stats uri /haproxy?stats\n    stats refresh 10s\n' +
      '    stats auth admin:«{a18}»\n    stats admin if LOCALHOST',
  ],
  ['nginx-htpasswd-plain-scheme', '$ sudo cat /etc/nginx/.htpasswd-kibana\nops:{PLAIN}«{a16}»\nsiem-reader:{PLAIN}«{a16}»'],
  // Databases, queues and data tools.
  [
    'dbeaver-data-sources-json',
    '{\n  "folders": {},\n  "connections": {\n    "postgres-jdbc-{h11}-{h16}": {\n      "provider": "postgresql",\n' +
      '      "driver": "postgres-jdbc",\n      "name": "prod-replica",\n      "save-password": true,\n      "configuration": {\n' +
      '        "host": "replica.pg.acme.internal",\n        "port": "5432",\n        "database": "ledger",\n        "user": "analyst",\n' +
      '        "password": "«{a20}»",\n        "auth-model": "native"\n      }\n    }\n  }\n}',
  ],
  [
    'sidekiq-sentinel-password',
    '# config/initializers/sidekiq.rb\nSidekiq.configure_server do |config|\n  config.redis = {\n    name: "mymaster",\n' +
      '    password: "«{a24}»",\n    sentinels: [\n      { host: "10.0.4.11", port: 26379, password: "«{a24}»" },\n' +
      '      { host: "10.0.4.12", port: 26379, password: "«{a24}»" },\n    ],\n  }\nend',
  ],
  [
    'celery-result-backend-db-url',
    '# proj/celeryconfig.py\nbroker_url = "sentinel://:«{a22}»@10.0.4.11:26379;sentinel://:«{a22}»@10.0.4.12:26379"\n' +
      'broker_transport_options = {"master_name": "mymaster"}\nresult_backend = "db+postgresql://celery:«{a20}»@pg.acme.internal/celery_results"',
  ],
  [
    'rabbitmq-definitions-users',
    '{\n  "rabbit_version": "3.13.7",\n  "users": [\n    {\n      "name": "orders",\n      "password_hash": "«{b48}»",\n' +
      '      "hashing_algorithm": "rabbit_password_hashing_sha256",\n      "tags": []\n    },\n    {\n      "name": "shovel",\n' +
      '      "password": "«{a20}»",\n      "tags": ["policymaker"]\n    }\n  ],\n  "vhosts": [{ "name": "/" }]\n}',
  ],
  [
    'kafka-connect-debezium-config',
    'curl -X PUT localhost:8083/connectors/orders-cdc/config -H "Content-Type: application/json" -d \'{\n' +
      '  "connector.class": "io.debezium.connector.postgresql.PostgresConnector",\n  "database.hostname": "pg.acme.internal",\n' +
      '  "database.user": "debezium",\n  "database.password": "«{a22}»",\n  "database.dbname": "orders",\n  "topic.prefix": "orders"\n}\'',
  ],
  [
    'minio-mc-config-aliases',
    '$ cat ~/.mc/config.json\n{\n\t"version": "10",\n\t"aliases": {\n\t\t"backup": {\n\t\t\t"url": "https://s3.backup.acme.lan:9000",\n' +
      '\t\t\t"accessKey": "«{u20}»",\n\t\t\t"secretKey": "«{a40}»",\n\t\t\t"api": "s3v4",\n\t\t\t"path": "auto"\n\t\t}\n\t}\n}',
  ],
  [
    'restic-rest-server-repo-env',
    '# /etc/restic/host01.env\nRESTIC_REPOSITORY=rest:https://host01:«{a20}»@backup.acme.lan:8000/host01/\nRESTIC_PASSWORD=«{a32}»\n' +
      'RESTIC_CACHE_DIR=/var/cache/restic',
  ],
  [
    'jupyter-ipynb-stdout-output',
    '{\n "cell_type": "code",\n "execution_count": 7,\n "metadata": {},\n "outputs": [\n  {\n   "name": "stdout",\n   "output_type": "stream",\n' +
      "   \"text\": [\n    \"{'host': 'warehouse.acme.internal', 'port': 5439, 'user': 'nb_analyst', 'password': '«{a20}»', 'dbname': 'dwh'}\\n\"\n   ]\n  }\n ],\n" +
      ' "source": ["print(conn_params)"]\n}',
  ],
  [
    'pandas-url-create-password',
    'from sqlalchemy import URL, create_engine\n\nurl = URL.create(\n    "postgresql+psycopg",\n    username="analyst",\n' +
      '    password="«{a20}»",\n    host="replica.pg.acme.internal",\n    database="ledger",\n)\ndf = pd.read_sql("select * from invoices", create_engine(url))',
  ],
  // Infrastructure as code and deployment platforms.
  [
    'tfstate-db-instance-attributes',
    '      "type": "aws_db_instance",\n      "name": "orders",\n      "instances": [\n        {\n          "schema_version": 2,\n' +
      '          "attributes": {\n            "engine": "postgres",\n            "username": "orders_admin",\n' +
      '            "password": "«{a24}»",\n            "port": 5432,',
  ],
  [
    'cloudformation-parameters-json',
    '[\n  { "ParameterKey": "Environment", "ParameterValue": "prod" },\n  { "ParameterKey": "DBMasterUsername", "ParameterValue": "ledger" },\n' +
      '  { "ParameterKey": "DBMasterPassword", "ParameterValue": "«{a24}»" }\n]',
  ],
  [
    'vercel-env-pull-output',
    '$ vercel env pull .env.development.local\nDownloading `development` Environment Variables for acme/storefront\n' +
      '✅  Created .env.development.local file\n$ cat .env.development.local\n# Created by Vercel CLI\nPOSTGRES_HOST="ep-{L5}-{L5}-{l8}-pooler.us-east-1.aws.neon.tech"\n' +
      'POSTGRES_PASSWORD="«{a12}»"\nPOSTGRES_USER="default"\nSESSION_SECRET="«{h64}»"',
  ],
  [
    'netlify-env-list-plain',
    '$ netlify env:list --plain --context production\nDB_PASSWORD=«{a22}»\nPREVIEW_SECRET=«{a32}»\nPUBLIC_SITE_URL=https://acme-docs.netlify.app',
  ],
  [
    'gha-log-derived-value-unmasked',
    '2024-11-18T09:12:44.1184213Z ##[group]Run echo "$REGISTRY_USER:$REGISTRY_PASS" | base64\n' +
      '2024-11-18T09:12:44.1185902Z echo "$REGISTRY_USER:$REGISTRY_PASS" | base64\n2024-11-18T09:12:44.1190047Z ##[endgroup]\n' +
      '2024-11-18T09:12:44.1312770Z «{b48}»',
  ],
  [
    'keycloak-realm-export-client-secret',
    '  "clients": [\n    {\n      "clientId": "grafana",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n' +
      '      "secret": "«{a32}»",\n      "redirectUris": ["https://grafana.acme.io/login/generic_oauth"]\n    }\n  ],\n' +
      '  "users": [{ "username": "break-glass", "credentials": [{ "type": "password", "value": "«{a20}»", "temporary": false }] }]',
  ],
  // Network appliances and daemons.
  [
    'snmp-community-cisco-ios',
    'sw-core-01(config)# snmp-server community «{a16}» RO 10\nsw-core-01(config)# snmp-server community «{a16}» RW 11\n' +
      'sw-core-01(config)# snmp-server host 10.0.9.20 version 2c «{a16}»',
  ],
  [
    'freeradius-clients-conf-secret',
    '# /etc/freeradius/3.0/clients.conf\nclient wlc-hq {\n    ipaddr    = 10.0.20.5\n    secret    = «{a24}»\n    shortname = wlc-hq\n    nas_type  = cisco\n}',
  ],
  [
    'vncpasswd-pipe',
    '$ echo "«{a8}»" | vncpasswd -f > ~/.vnc/passwd && chmod 600 ~/.vnc/passwd\n$ vncserver :1 -geometry 1920x1080 -localhost no',
  ],
  [
    'git-credential-fill-output',
    '$ printf "protocol=https\\nhost=git.acme.io\\n\\n" | git credential fill\nprotocol=https\nhost=git.acme.io\nusername=ci-bot\npassword=«{a40}»',
  ],
  // Chat prose.
  [
    'teams-chat-sftp-creds',
    'Hey Priya, the partner finally sent the SFTP details: host is sftp.partner-logistics.de, user acme_edi, pw «{a14}» — ' +
      "they said they'll rotate it at the end of the quarter so don't bake it into the job config.",
  ],
];

/** Look-alikes that must come back byte-exact. */
export const BLIND8_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers under credential-like names.
  ['identifier', 'public function getPasswordHash(): ?string\n{\n    return $this->passwordHash;\n}'],
  ['identifier', 'param(\n    [Parameter(Mandatory)] [string] $AdminUser,\n    [Parameter(Mandatory)] [SecureString] $AdminPassword\n)'],
  ['identifier', '#define RADIUS_SECRET_MIN_LEN 16\n#define RADIUS_SECRET_MAX_LEN 128'],
  // References to secrets kept elsewhere.
  ['variable', '%prod.quarkus.datasource.password=${DB_PASSWORD}\n%prod.quarkus.oidc.credentials.secret=${OIDC_CLIENT_SECRET}'],
  ['variable', "'password' => env('SUPPLIER_SFTP_PASSWORD'),\n'privateKey' => storage_path('keys/supplier_ed25519'),"],
  [
    'variable',
    '{ "ParameterKey": "DBMasterPassword", "ParameterValue": "{{resolve:secretsmanager:prod/ledger/db:SecretString:password}}" }',
  ],
  ['variable', 'wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\napi:\n  encryption:\n    key: !secret garage_api_key'],
  ['variable', '    secureJsonData:\n      password: $__env{PG_GRAFANA_PASSWORD}'],
  ['variable', 'global:\n  smtp_auth_username: alerts@acme.io\n  smtp_auth_password_file: /etc/alertmanager/secrets/smtp_password'],
  ['variable', 'resource "aws_db_instance" "orders" {\n  username = "orders_admin"\n  password = var.orders_db_password\n}'],
  ['variable', 'environment:\n  DB_PASSWORD: ${ssm:/acme/prod/orders/db-password}\n  STRIPE_KEY: ${env:STRIPE_KEY}'],
  [
    'variable',
    'signingConfigs {\n    release {\n        storePassword System.getenv("ACME_UPLOAD_STORE_PASSWORD")\n        keyPassword System.getenv("ACME_UPLOAD_KEY_PASSWORD")\n    }\n}',
  ],
  ['variable', 'RESTIC_REPOSITORY=rest:https://backup.acme.lan:8000/host01/\nRESTIC_PASSWORD_FILE=/etc/restic/host01.pass'],
  ['variable', 'broker_url = os.environ["CELERY_BROKER_URL"]\nresult_backend = os.environ.get("CELERY_RESULT_BACKEND", "rpc://")'],
  // Placeholders, masks and defaults.
  ['placeholder', 'ACME_UPLOAD_STORE_PASSWORD=<keystore password>\nACME_UPLOAD_KEY_PASSWORD=<key password>'],
  [
    'placeholder',
    '$ netlify env:list --context production\n| Key            | Value        | Scope |\n| DB_PASSWORD    | ************ | All   |\n| PREVIEW_SECRET | ************ | All   |',
  ],
  ['placeholder', '2024-11-18T09:12:44.1312770Z + docker login registry.acme.io -u *** --password-stdin'],
  ['placeholder', '"clientId": "grafana",\n"secret": "**********",\n"clientAuthenticatorType": "client-secret"'],
  ['placeholder', 'sw-core-01(config)# snmp-server community public RO'],
  ['placeholder', "// config/filesystems.php\n'password' => 'your-sftp-password',"],
  // Digests, checksums and content hashes.
  [
    'digest',
    '"node_modules/nodemailer": {\n  "version": "6.9.16",\n  "resolved": "https://registry.npmjs.org/nodemailer/-/nodemailer-6.9.16.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  [
    'digest',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.76.0"\n  constraints = "~> 5.70"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'digest',
    'commit {h40}\nAuthor: Priya Nair <priya@acme.io>\nDate:   Mon Nov 18 09:12:44 2024 +0100\n\n    Rotate SFTP password reference to vault path',
  ],
  // Ids of objects, requests and traces.
  [
    'id',
    '<PropertyGroup>\n  <TargetFramework>net8.0</TargetFramework>\n  <UserSecretsId>{h8}-{h4}-{h4}-{h4}-{h12}</UserSecretsId>\n</PropertyGroup>',
  ],
  ['id', '\t\t{H24} /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = {H24} /* AppDelegate.swift */; };'],
  ['id', 'fileFormatVersion: 2\nguid: {h32}\nMonoImporter:\n  externalObjects: {}\n  serializedVersion: 2'],
  ['id', '[\n  { "id": "{h16}", "type": "mqtt in", "z": "{h16}", "name": "garage/door", "topic": "garage/door/state", "qos": "1" }\n]'],
  [
    'id',
    '$ restic -r /srv/restic/host01 snapshots\nID        Time                 Host    Tags  Paths\n{h8}  2024-11-17 02:00:03  host01        /etc /home\n{h8}  2024-11-18 02:00:04  host01        /etc /home',
  ],
  [
    'id',
    '{\n  "version": 4,\n  "terraform_version": "1.9.8",\n  "serial": 142,\n  "lineage": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "outputs": {}\n}',
  ],
  // Public keys and publishable identifiers.
  [
    'public',
    '<div class="h-captcha" data-sitekey="{h8}-{h4}-{h4}-{h4}-{h12}"></div>\n<script src="https://js.hcaptcha.com/1/api.js" async defer></script>',
  ],
  [
    'public',
    'Certificate fingerprints:\n\t SHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nSignature algorithm name: SHA384withRSA',
  ],
  ['public', 'The ED25519 key fingerprint is SHA256:{b43}.\nThis key is not known by any other names.'],
  // Encoded non-secret data.
  ['encoded', '@font-face {\n  font-family: "Inter";\n  src: url("data:font/woff2;base64,d09GMgABAAAAA{b96}") format("woff2");\n}'],
  // URLs without credentials.
  ['url', 'broker_url = "redis://redis.acme.internal:6379/2"\nresult_backend = "db+postgresql://pg.acme.internal/celery_results"'],
  ['url', '[2024-11-18 09:12:44,118: INFO/MainProcess] Connected to amqp://orders:**@rabbit.acme.internal:5672/orders'],
  ['url', 'https://api.openweathermap.org/data/2.5/weather?q=Lyon&units=metric&lang=fr'],
  // Commands, markup, logs, versions and docs prose.
  ['command', 'htpasswd -B -c /etc/nginx/.htpasswd-kibana ops'],
  ['command', '$ dotnet user-secrets list\nNo secrets configured for this application.'],
  [
    'html',
    '<label for="pw">Mot de passe</label>\n<input id="pw" type="password" name="password" autocomplete="current-password" required>',
  ],
  ['regex', 'const HCAPTCHA_SECRET_RE = /^0x[0-9a-fA-F]{40}$/;\nconst LICHESS_TOKEN_RE = /^lip_[A-Za-z0-9]{16,}$/;'],
  ['log', 'Nov 18 09:12:44 radius01 freeradius[812]: (4411) Login OK: [j.moreau] (from client wlc-hq port 0 cli 3C-22-FB-{H2}-{H2}-{H2})'],
  [
    'log',
    '2024-11-18T09:12:44.118Z pid=31 tid=2ur INFO: Sidekiq 7.3.5 connecting to Redis with options {:size=>10, :pool_name=>"internal", :url=>"redis://:REDACTED@redis.acme.internal:6379/2"}',
  ],
  ['version', "gem 'sidekiq', '~> 7.3'\ngem 'redis-client', '>= 0.22'\ngem 'rails', '~> 7.2.2'"],
  [
    'i18n',
    '"settings.apiToken.regenerate": "Regenerate token",\n"settings.apiToken.copied": "Token copied to clipboard — it will not be shown again."',
  ],
  [
    'docs',
    'Rails keeps production credentials encrypted in config/credentials/production.yml.enc; the key that decrypts them lives in config/credentials/production.key and must never be committed.',
  ],
  ['prose', 'Heads up: I rotated the SFTP password for the partner feed — the new one is in 1Password under "Partner EDI", not in Slack.'],
];
