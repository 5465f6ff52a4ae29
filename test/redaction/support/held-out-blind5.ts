/** A fifth held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md). */
export const BLIND5_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor tokens of services not covered by the earlier batches.
  // Game platforms.
  [
    'riot-games-key-python-header',
    'HEADERS = {"X-Riot-Token": "«RGAPI-{h8}-{h4}-{h4}-{h4}-{h12}»"}\n' +
      'r = requests.get(f"https://europe.api.riotgames.com/riot/account/v1/accounts/by-riot-id/{name}/{tag}", headers=HEADERS)',
  ],
  [
    'roblosecurity-cookie-curl',
    'curl -s https://users.roblox.com/v1/users/authenticated \\\n  --cookie ".ROBLOSECURITY=' +
      '«_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_' +
      '{H120}{H120}{H88}»"',
  ],
  [
    'steam-web-api-key-url',
    'fetching https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/?key=«{H32}»&steamids=76561198{d9} ...',
  ],
  // Payments.
  ['xendit-secret-key-node', "const x = new Xendit({\n  secretKey: '«xnd_production_{a60}»',\n});\nconst { Invoice } = x;"],
  [
    'mercadopago-access-token-env',
    '# Mercado Pago (produccion)\nMP_PUBLIC_KEY=APP_USR-{h8}-{h4}-{h4}-{h4}-{h12}\n' + 'MP_ACCESS_TOKEN=«APP_USR-{d16}-{d6}-{h32}-{d9}»',
  ],
  // Logistics and location.
  [
    'radar-secret-key-swift',
    'var req = URLRequest(url: URL(string: "https://api.radar.io/v1/geofences")!)\n' +
      'req.setValue("«prj_live_sk_{h40}»", forHTTPHeaderField: "Authorization")',
  ],
  // DNS registrars and CDN.
  [
    'porkbun-keys-json-body',
    'curl -X POST https://api.porkbun.com/api/json/v3/dns/retrieve/acme.dev \\\n' +
      '  -d \'{"apikey": "«pk1_{h64}»", "secretapikey": "«sk1_{h64}»"}\'',
  ],
  [
    'namecheap-api-key-query',
    'GET https://api.namecheap.com/xml.response?ApiUser=acmeops&ApiKey=«{h32}»&UserName=acmeops' +
      '&Command=namecheap.domains.getList&ClientIp=203.0.113.24',
  ],
  [
    'godaddy-sso-key-header',
    'curl -H "Authorization: sso-key «{a14}_{a20}:{a22}»" https://api.godaddy.com/v1/domains/acme.shop/records/A/@',
  ],
  // Monitoring and telemetry.
  ['uptimerobot-main-key-form', 'curl -X POST https://api.uptimerobot.com/v2/getMonitors -d "api_key=«u{d7}-{h24}»&format=json&logs=1"'],
  ['logfire-token-dockerfile', 'FROM python:3.12-slim\nENV LOGFIRE_TOKEN=«pylf_v1_eu_{a40}»\nCOPY . /app\nCMD ["uvicorn", "app.main:app"]'],
  ['cronitor-key-curl-user', 'curl -u «{h32}»: https://cronitor.io/api/monitors?page=1'],
  ['influxdb-token-cli', 'influx write --org acme --bucket sensors --token «{b86}==» "temp,room=lab value=21.4"'],
  // IoT and real-time.
  [
    'ubidots-token-arduino',
    '#include "UbidotsEsp32Mqtt.h"\n\nconst char *UBIDOTS_TOKEN = "«BBFF-{a30}»";\nUbidots ubidots(UBIDOTS_TOKEN);',
  ],
  ['ifttt-webhook-key-url', 'requests.post("https://maker.ifttt.com/trigger/garage_open/with/key/«{B22}»", json={"value1": "north door"})'],
  [
    'home-assistant-llat-yaml',
    'rest_command:\n  notify_other_house:\n    url: https://ha.cabin.lan/api/services/notify/mobile\n' +
      '    headers:\n      authorization: "Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B84}.{B43}»"',
  ],
  [
    'particle-token-actions',
    '- uses: particle-iot/compile-action@v1\n  with:\n    particle-access-token: «{h40}»\n    device-platform: boron',
  ],
  // Telephony, messaging and video.
  ['africastalking-key-php', "$AT = new AfricasTalking('acme_sms', '«atsk_{h72}»');\n$sms = $AT->sms();"],
  [
    'infobip-app-header',
    'POST /sms/2/text/advanced HTTP/1.1\nHost: {l6}.api.infobip.com\n' +
      'Authorization: App «{h32}-{h8}-{h4}-{h4}-{h4}-{h12}»\nContent-Type: application/json',
  ],
  [
    'zeptomail-header-js',
    'const client = new SendMailClient({\n  url: "api.zeptomail.eu/",\n  token: "Zoho-enczapikey «wSsVR6{b120}{b60}==»",\n});',
  ],
  ['livekit-keys-yaml', 'port: 7880\nrtc:\n  udp_port: 7882\nkeys:\n  API{a12}: «{a43}»\nlogging:\n  level: info'],
  [
    'agora-app-certificate-go',
    'const appID = "{h32}"\nconst appCertificate = "«{h32}»"\n\n' +
      'token, err := rtctokenbuilder2.BuildTokenWithUid(appID, appCertificate, channel, uid, role, 3600, 3600)',
  ],
  ['daily-api-key-env', 'DAILY_DOMAIN=acme-health\nDAILY_API_KEY=«{h64}»'],
  // HR and support SaaS.
  [
    'bamboohr-key-basic-user',
    'curl -u "«{h40}»:x" -H "Accept: application/json" \\\n  https://api.bamboohr.com/api/gateway.php/acme/v1/employees/directory',
  ],
  ['freshdesk-key-curl', 'curl -v -u «{a20}»:X -H "Content-Type: application/json" https://acme.freshdesk.com/api/v2/tickets'],
  // Data warehouses, databases and vector stores.
  ['xata-api-key-ts', "const xata = new XataClient({\n  apiKey: '«xau_{a40}»',\n  branch: 'main',\n});"],
  ['cockroach-cloud-key-terraform', 'provider "cockroach" {\n  apikey = "«CCDB1_{a22}_{a40}»"\n}'],
  [
    'appwrite-api-key-dart',
    "final client = Client()\n    .setEndpoint('https://fra.cloud.appwrite.io/v1')\n    .setProject('{h20}')\n" +
      "    .setKey('«standard_{h64}{h64}{h64}{h64}»');",
  ],
  ['motherduck-token-duckdb', "con = duckdb.connect('md:analytics?motherduck_token=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B120}.{B43}»')"],
  [
    'blockfrost-project-id-rust',
    'let api = BlockfrostAPI::new("«mainnet{a32}»", Default::default());\nlet tip = api.blocks_latest().await?;',
  ],
  [
    'confluent-cloud-librdkafka',
    'bootstrap.servers=pkc-{l5}.us-east-2.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanisms=PLAIN\n' +
      'sasl.username={U16}\nsasl.password=«{a64}»',
  ],
  // Developer platforms, agents and LLM gateways.
  ['e2b-api-key-python', 'from e2b_code_interpreter import Sandbox\n\nsbx = Sandbox(api_key="«e2b_{h40}»", timeout=300)'],
  ['browserbase-key-ts', "const bb = new Browserbase({ apiKey: '«bb_live_{B27}»' });"],
  ['cartesia-key-kotlin', 'val tts = CartesiaClient(\n    apiKey = "«sk_car_{a22}»",\n    version = "2025-04-16",\n)'],
  ['chromatic-project-token-gha', '- name: Publish to Chromatic\n  run: npx chromatic --project-token=«chpt_{h14}» --exit-zero-on-changes'],
  ['fal-key-env', 'FAL_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}:{h32}»'],
  [
    'portkey-key-header',
    'curl https://api.portkey.ai/v1/chat/completions \\\n  -H "x-portkey-api-key: «{a32}»" \\\n  -H "x-portkey-provider: openai"',
  ],
  [
    'litellm-virtual-key-chat',
    'new key for the proxy is «sk-{B22}», use it against http://litellm.internal:4000 instead of the openai one',
  ],

  // Structural cases without vendor prefixes.
  // CLI tools taking a password as an argument.
  [
    'ldapsearch-bind-password',
    'ldapsearch -x -H ldaps://ldap.acme.io -D "cn=admin,dc=acme,dc=io" -w \'«{a10}#{a8}»\' -b "ou=people,dc=acme,dc=io"',
  ],
  ['ipmitool-password', 'ipmitool -I lanplus -H 10.20.0.15 -U ADMIN -P «{a14}» chassis power status'],
  ['snmpwalk-v3-passphrases', 'snmpwalk -v3 -l authPriv -u nms -a SHA -A «{a16}» -x AES -X «{a18}» 10.0.0.1 1.3.6.1.2.1.1'],
  ['mosquitto-pub-password', "mosquitto_pub -h mqtt.acme.io -p 8883 -u sensor-17 -P '«{a8}!{a9}»' -t plant/line3/temp -m 21.7"],
  ['xfreerdp-password', "xfreerdp /v:10.4.2.12 /u:Administrator /p:'«{a7}${a9}»' /cert:ignore +clipboard"],
  ['nmcli-wifi-password', 'nmcli device wifi connect "ACME-Warehouse" password "«{a6}-{a6}-{a6}»"'],
  ['zip-encrypt-password', 'zip -r -P «{a18}» payroll-2024-q3.zip ./exports/payroll/'],
  ['gpg-batch-passphrase', "gpg --batch --yes --pinentry-mode loopback --passphrase '«{a20}»' -d backups/vault.tar.gpg | tar x"],
  ['curl-proxy-user', 'curl --proxy http://proxy.corp.acme:3128 --proxy-user svc-build:«{a16}» https://registry.npmjs.org/'],
  ['lftp-user-comma', 'lftp -u deploy,«{a17}» sftp://files.acme.io -e "mirror -R dist/ /var/www/site; bye"'],
  ['helm-repo-add-password', 'helm repo add internal https://charts.acme.io --username ci --password «{a24}»'],
  ['net-use-password', 'net use Z: \\\\fs01.acme.local\\finance «{a9}@{a6}» /user:ACME\\svc-backup /persistent:no'],
  // Connection URIs of other databases and brokers.
  ['nats-url-userinfo', 'NATS_URL=nats://orders-svc:«{a22}»@nats-0.nats.svc:4222'],
  ['mqtts-url-userinfo', 'broker: mqtts://telemetry:«{a20}»@broker.iot.acme.io:8883'],
  ['neo4j-bolt-uri', 'driver = GraphDatabase.driver("bolt://neo4j:«{a18}»@graph.internal:7687")'],
  // Config files of mail, network and infrastructure tools.
  ['fetchmailrc-password', 'poll imap.acme.io proto IMAP\n  user "alerts" there with password "«{a19}»" is "ops" here\n  ssl'],
  [
    'msmtprc-password',
    'account acme\nhost smtp.acme.io\nport 587\nauth on\nuser notifier@acme.io\npassword «{a18}»\nfrom notifier@acme.io',
  ],
  ['hostapd-passphrase', 'interface=wlan0\nssid=ACME-Lab\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=«{a22}»'],
  ['cisco-enable-secret', 'hostname edge-rtr-02\nenable secret 0 «{a14}»\nusername netops privilege 15 password 0 «{a16}»'],
  ['sssd-ldap-authtok', '[domain/acme]\nldap_default_bind_dn = cn=sssd,ou=svc,dc=acme,dc=io\nldap_default_authtok = «{a21}»'],
  ['rclone-conf-pass', '[nas]\ntype = sftp\nhost = nas.home.lan\nuser = backup\npass = «{B43}»'],
  [
    'kibana-yml-password',
    'elasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "«{a20}»"',
  ],
  ['airflow-fernet-key', '[core]\nexecutor = CeleryExecutor\nfernet_key = «{B43}=»\nload_examples = False'],
  ['jupyter-token', "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = '«{h48}»'\nc.ServerApp.open_browser = False"],
  ['borg-passphrase-cron', "#!/bin/sh\nexport BORG_PASSPHRASE='«{a26}»'\nborg create --stats /mnt/backup::{now} /etc /home"],
  [
    'nginx-proxy-basic-header',
    'location /upstream/ {\n    proxy_pass https://legacy.acme.io/;\n    proxy_set_header Authorization "Basic «{b40}»";\n}',
  ],
  // Code in languages less seen in the earlier batches.
  [
    'java-drivermanager-password',
    'Connection conn = DriverManager.getConnection(\n    "jdbc:h2:tcp://db.internal/~/orders", "sa", "«{a18}»");',
  ],
  ['php-pdo-password', "$pdo = new PDO('pgsql:host=db.internal;dbname=shop', 'shop_app', '«{a20}»');"],
  ['ruby-net-ftp-password', "Net::FTP.open('ftp.acme.io', 'uploader', '«{a16}»') do |ftp|\n  ftp.putbinaryfile('report.csv')\nend"],
  [
    'rust-bearer-auth',
    'let resp = client\n    .get("https://internal.acme.io/v2/export")\n    .bearer_auth("«{a40}»")\n    .send()\n    .await?;',
  ],
  ['swift-urlcredential', 'let cred = URLCredential(user: "kiosk", password: "«{a18}»", persistence: .forSession)'],
  [
    'parse-master-key-header',
    'curl -X GET -H "X-Parse-Application-Id: {a40}" -H "X-Parse-Master-Key: «{a40}»" https://parse.acme.io/parse/classes/_User',
  ],
  // Prose and logs.
  ['prose-staging-admin-pass', 'fyi the admin pass for the staging box is «{a8}!{a8}» until Ops rotates it on Monday'],
  ['prose-jenkins-login', 'use deploy / «{a16}» for the old jenkins at ci-legacy:8080, SSO is not wired there yet'],
  ['prose-vpn-psk', 'psk for the site-to-site tunnel to Lyon: «{a28}» (same on both ends)'],
  ['logfmt-pass-field', 'ts=2024-10-02T08:14:55Z level=debug msg="ldap bind" user=svc-sync pass=«{a18}» host=ldap01'],
];

/** Look-alikes that must come back byte-exact. */
export const BLIND5_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers under credential-like names.
  ['identifier', 'func (s *Store) RevokeSessionToken(ctx context.Context, tokenID string) error {'],
  ['identifier', 'export const MIN_PASSWORD_LENGTH = 12;'],
  ['identifier', 'ALTER TABLE users ADD COLUMN password_changed_at timestamptz;'],
  ['identifier', '@JsonProperty("api_key_prefix")\nprivate String apiKeyPrefix;'],
  ['identifier', 'security_and_analysis:\n  secret_scanning_push_protection:\n    status: enabled'],
  ['identifier', '#[serde(skip_serializing)]\npub access_token_expires_at: DateTime<Utc>,'],
  // References to secrets kept elsewhere.
  ['variable', 'export XENDIT_SECRET_KEY="$(op read op://payments/xendit/secret_key)"'],
  ['variable', 'env:\n  MP_ACCESS_TOKEN: ${{ secrets.MERCADOPAGO_ACCESS_TOKEN }}'],
  ['variable', "db_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/db:password') }}\""],
  ['variable', 'const UBIDOTS_TOKEN = "{{ .Values.ubidots.token }}";'],
  ['variable', 'const porkbun = { apikey: process.env.PORKBUN_API_KEY!, secretapikey: process.env.PORKBUN_SECRET_KEY! };'],
  ['variable', 'ldapsearch -x -D "cn=admin,dc=acme,dc=io" -y /etc/ldap.secret -b "dc=acme,dc=io"'],
  ['variable', 'mosquitto_pub -h mqtt.acme.io -u sensor-17 -P "$MQTT_PASSWORD" -t plant/line3/temp -m 21.7'],
  // Placeholders and masks.
  ['placeholder', 'RIOT_API_KEY=RGAPI-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'],
  ['placeholder', 'E2B_API_KEY=e2b_***'],
  ['placeholder', 'xfreerdp /v:<host> /u:Administrator /p:<password>'],
  ['placeholder', 'LOGFIRE_TOKEN=pylf_v1_us_...'],
  ['placeholder', '{\n  "apikey": "pk1_...",\n  "secretapikey": "sk1_..."\n}'],
  ['placeholder', 'elasticsearch.password: ""  # set through the keystore'],
  // Digests and checksums.
  ['digest', 'docker pull ghcr.io/acme/api@sha256:{h64}'],
  ['digest', 'This reverts commit {h40}.'],
  ['digest', '{h64}  terraform_1.9.2_linux_amd64.zip'],
  ['digest', 'HTTP/2 200\netag: "{h32}"\ncache-control: max-age=3600'],
  ['digest', 'github.com/pkg/errors v0.9.1 h1:{b43}=\ngithub.com/pkg/errors v0.9.1/go.mod h1:{b43}='],
  ['digest', '<script src="/assets/main.{h20}.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>'],
  // Ids of resources and players, not credentials.
  ['id', 'X-Request-Id: {h8}-{h4}-4{h3}-a{h3}-{h12}'],
  ['id', '"puuid": "{B78}",\n"gameName": "Tetsu",\n"tagLine": "EUW"'],
  ['id', 'steamid: 76561198{d9}, appid: 570'],
  ['id', 'trace_id={h32} span_id={h16} service=checkout'],
  ['id', 'key_arn = "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}"'],
  ['id', 'Cardano tx {h64} paid to addr1q{k50}'],
  // Public and publishable keys.
  ['public', 'NEXT_PUBLIC_MP_PUBLIC_KEY=APP_USR-{h8}-{h4}-{h4}-{h4}-{h12}'],
  ['public', 'Radar.initialize(publishableKey: "prj_live_pk_{h40}")'],
  ['public', 'XENDIT_PUBLIC_KEY=xnd_public_production_{a60}'],
  [
    'public',
    '<form action="https://checkout.wompi.co/p/" method="GET">\n  <input type="hidden" name="public-key" value="pub_prod_{a32}" />',
  ],
  ['public', 'recipients:\n  - age1{k58}'],
  ['public', '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b56}\n{b28}==\n-----END PUBLIC KEY-----'],
  // Encoded non-secret data.
  ['encoded', 'X-Flags: eyJraW5kIjoiZmVhdHVyZS1mbGFncyIsInZlcnNpb24iOjMsInJvbGxvdXQiOjAuMjV9'],
  ['encoded', '<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h{b60}" />'],
  // URLs without credentials.
  ['url', 'git clone https://jdoe@bitbucket.org/acme/payments-service.git'],
  ['url', 'DATABASE_URL=postgres://db.internal:5432/orders?sslmode=require&application_name=api'],
  // Commands, markup, logs, versions and docs prose.
  ['command', 'kubectl create secret generic orders-db --from-file=password=./secrets/db-password.txt'],
  ['command', 'openssl rand -hex 32 > /run/secrets/session_key && chmod 600 /run/secrets/session_key'],
  ['html', '<input type="password" name="password" autocomplete="current-password" minlength="12" required>'],
  ['log', 'INFO auth: token refreshed user_id=4821 token_type=Bearer expires_in=3600 scope="read write"'],
  ['version', 'livekit-server v1.7.2 (commit {h7}, built 2024-09-12)'],
  ['docs', 'Riot development API keys start with RGAPI- and expire every 24 hours; regenerate yours in the developer portal.'],
  ['prose', 'reminder: never paste the staging password in this channel, grab it from 1Password under "Staging / admin".'],
];
