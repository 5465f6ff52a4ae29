/** A seventh held-out batch, written from vendors' public format documentation by a writer who never saw the detectors, scored once before any tuning (see docs/secrets.md). */
export const BLIND7_POSITIVES: readonly (readonly [string, string])[] = [
  // Vendor tokens of services not covered by the earlier batches.
  // IoT platforms.
  [
    'thethingsstack-api-key-mosquitto',
    'mosquitto_sub -h eu1.cloud.thethings.network -p 8883 --capath /etc/ssl/certs \\\n' +
      '  -u "cold-chain-sensors@ttn" -P "«NNSXS.{c39}.{c52}»" \\\n' +
      '  -t "v3/cold-chain-sensors@ttn/devices/+/up" -v',
  ],
  [
    'blynk-auth-token-esp32-sketch',
    '#define BLYNK_TEMPLATE_ID "TMPL4{a7}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n#define BLYNK_AUTH_TOKEN "«{B32}»"\n\n' +
      '#include <WiFi.h>\n#include <BlynkSimpleEsp32.h>\n\nchar ssid[] = "greenhouse-iot";\nchar pass[] = "«{a14}»";',
  ],
  [
    'tuya-cloud-access-secret-python',
    'from tuya_connector import TuyaOpenAPI\n\nACCESS_ID = "{l20}"\nACCESS_KEY = "«{h32}»"\nENDPOINT = "https://openapi.tuyaeu.com"\n\n' +
      'openapi = TuyaOpenAPI(ENDPOINT, ACCESS_ID, ACCESS_KEY)\nopenapi.connect()\nprint(openapi.get(f"/v1.0/devices/{device_id}/status"))',
  ],
  // Games and streaming.
  [
    'twitch-irc-oauth-pass-socket',
    'sock = socket.socket()\nsock.connect(("irc.chat.twitch.tv", 6667))\nsock.send("PASS oauth:«{l30}»\\r\\n".encode())\n' +
      'sock.send("NICK acme_modbot\\r\\n".encode())\nsock.send("JOIN #acmestream\\r\\n".encode())',
  ],
  [
    'playfab-developer-secret-csharp',
    'PlayFabSettings.staticSettings.TitleId = "{H5}";\nPlayFabSettings.staticSettings.DeveloperSecretKey = "«{u52}»";\n\n' +
      'var result = await PlayFabServerAPI.GrantItemsToUserAsync(new GrantItemsToUserRequest {\n' +
      '    PlayFabId = playerId, ItemIds = new List<string> { "season_pass_s3" }\n});',
  ],
  // Telecom.
  [
    'signalwire-project-token-curl',
    'curl -X POST "https://acme-dispatch.signalwire.com/api/laml/2010-04-01/Accounts/{h8}-{h4}-{h4}-{h4}-{h12}/Messages.json" \\\n' +
      '  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«PT{h48}»" \\\n' +
      '  --data-urlencode "From=+15550100123" --data-urlencode "To=+15550100188" \\\n  --data-urlencode "Body=Driver 14 is 5 min away"',
  ],
  [
    'elks46-sms-basic-auth-python',
    'import requests\n\nauth = ("u{h32}", "«{H32}»")\nrequests.post(\n    "https://api.46elks.com/a1/sms",\n    auth=auth,\n' +
      '    data={"from": "AcmeVet", "to": "+46700000000", "message": "Påminnelse: vaccination imorgon 10:30"},\n)',
  ],
  [
    'clicksend-api-key-php',
    "$config = ClickSend\\Configuration::getDefaultConfiguration()\n    ->setUsername('dispatch@acme-logistics.com')\n" +
      "    ->setPassword('«{H8}-{H4}-{H4}-{H4}-{H12}»');\n$api = new ClickSend\\Api\\SMSApi(new GuzzleHttp\\Client(), $config);",
  ],
  // Logistics and fleet.
  [
    'samsara-api-token-go',
    'req, _ := http.NewRequest("GET", "https://api.samsara.com/fleet/vehicles/locations", nil)\n' +
      'req.Header.Set("Authorization", "Bearer «samsara_api_{a30}»")\nreq.Header.Set("Accept", "application/json")\nresp, err := http.DefaultClient.Do(req)',
  ],
  [
    'shipstation-key-secret-faraday',
    'conn = Faraday.new(url: "https://ssapi.shipstation.com") do |f|\n  f.request :authorization, :basic, "«{h32}»", "«{h32}»"\n' +
      '  f.response :json\nend\norders = conn.get("/orders", orderStatus: "awaiting_shipment").body',
  ],
  [
    'seventeentrack-token-header',
    'curl -X POST https://api.17track.net/track/v2.2/register \\\n  -H "17token: «{H32}»" \\\n  -H "Content-Type: application/json" \\\n' +
      '  -d \'[{"number": "RR{d9}CN"}, {"number": "LX{d9}DE"}]\'',
  ],
  // Education.
  [
    'canvas-lms-token-canvasapi',
    'from canvasapi import Canvas\n\nAPI_URL = "https://canvas.univ-acme.edu"\nAPI_KEY = "«{d4}~{a64}»"\n\ncanvas = Canvas(API_URL, API_KEY)\n' +
      'course = canvas.get_course({d6})\nfor sub in course.get_assignment({d7}).get_submissions():\n    print(sub.user_id, sub.score)',
  ],
  [
    'moodle-wstoken-rest-url',
    '$ curl "https://moodle.lycee-acme.fr/webservice/rest/server.php?wstoken=«{h32}»&wsfunction=core_course_get_courses&moodlewsrestformat=json"\n' +
      '{"exception":"webservice_access_exception","errorcode":"accessexception","message":"Access control exception"}',
  ],
  // Healthcare and legal.
  [
    'terra-api-key-dev-id',
    'curl -s "https://api.tryterra.co/v2/sleep?user_id={h8}-{h4}-{h4}-{h4}-{h12}&start_date=2024-10-01&to_webhook=false" \\\n' +
      '  -H "dev-id: acme-health-prod-{l6}" \\\n  -H "x-api-key: «{a40}»"',
  ],
  [
    'clio-oauth-client-secret-env',
    '# Clio Manage integration (intake -> matters)\nCLIO_REGION=eu\nCLIO_CLIENT_ID={a40}\nCLIO_CLIENT_SECRET=«{a40}»\n' +
      'CLIO_REDIRECT_URI=https://intake.acme-law.com/oauth/clio/callback',
  ],
  // Security tools.
  [
    'tenable-x-apikeys-requests',
    'headers = {\n    "X-ApiKeys": "accessKey=«{h64}»;secretKey=«{h64}»",\n    "Accept": "application/json",\n}\n' +
      'r = requests.get("https://cloud.tenable.com/scans", headers=headers, timeout=30)',
  ],
  [
    'abuseipdb-key-check-curl',
    'curl -G https://api.abuseipdb.com/api/v2/check \\\n  --data-urlencode "ipAddress=185.220.101.{d2}" \\\n  -d maxAgeInDays=90 \\\n' +
      '  -H "Key: «{h80}»" \\\n  -H "Accept: application/json"',
  ],
  [
    'crowdstrike-falconpy-client-secret',
    'from falconpy import Hosts\n\nhosts = Hosts(\n    client_id="{h32}",\n    client_secret="«{a40}»",\n    base_url="https://api.eu-1.crowdstrike.com",\n)\n' +
      'resp = hosts.query_devices_by_filter(filter="platform_name:\'Linux\'", limit=100)',
  ],
  [
    'socket-dev-token-workflow',
    '- name: Socket scan\n  run: npx socket scan create --repo acme-web --branch main .\n  env:\n    SOCKET_SECURITY_API_TOKEN: «sktsec_{B42}_api»',
  ],
  [
    'urlscan-api-key-submit',
    'curl -X POST "https://urlscan.io/api/v1/scan/" \\\n  -H "Content-Type: application/json" \\\n' +
      '  -H "API-Key: «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -d \'{"url": "https://login-acme-secure.top/verify", "visibility": "private"}\'',
  ],
  // Data platforms and vector databases.
  [
    'fivetran-key-secret-requests',
    'FIVETRAN_KEY = "{a16}"\nFIVETRAN_SECRET = "«{a32}»"\n\nresp = requests.post(\n    f"https://api.fivetran.com/v1/connectors/{connector_id}/sync",\n' +
      '    auth=(FIVETRAN_KEY, FIVETRAN_SECRET),\n    json={"force": True},\n)',
  ],
  [
    'looker-ini-client-secret',
    '; looker.ini (read by looker_sdk.init40())\n[Looker]\nbase_url=https://acme.cloud.looker.com\nclient_id={a20}\nclient_secret=«{a24}»\nverify_ssl=True',
  ],
  [
    'dagster-cloud-agent-token',
    '# dagster.yaml for the hybrid agent\ninstance_class:\n  module: dagster_cloud.instance\n  class: DagsterCloudAgentInstance\n\n' +
      'dagster_cloud_api:\n  agent_token: «agent:acme-data:{h32}»\n  deployment: prod',
  ],
  [
    'turbopuffer-key-python',
    'import turbopuffer\n\ntpuf = turbopuffer.Turbopuffer(\n    api_key="«tpuf_{a32}»",\n    region="gcp-us-central1",\n)\nns = tpuf.namespace("support-articles")',
  ],
  ['chroma-cloud-key-env', 'CHROMA_API_KEY=«ck-{a44}»\nCHROMA_TENANT={h8}-{h4}-{h4}-{h4}-{h12}\nCHROMA_DATABASE=support-kb'],
  [
    'n8n-public-api-key-header',
    'curl -X GET "https://n8n.acme-ops.net/api/v1/workflows?active=true" \\\n  -H "accept: application/json" \\\n' +
      '  -H "X-N8N-API-KEY: «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B140}.{B43}»"',
  ],
  // CMSs.
  [
    'contentstack-management-token-node',
    "const stack = contentstack.client().stack({\n  api_key: 'blt{h16}',\n  management_token: '«cs{h24}»',\n});\n" +
      "const entries = await stack.contentType('blog_post').entry().query().find();",
  ],
  [
    'strapi-api-token-fetch',
    'const res = await fetch(`${STRAPI_URL}/api/articles?populate=cover&sort=publishedAt:desc`, {\n' +
      "  headers: { Authorization: 'Bearer «{h256}»' },\n});",
  ],
  [
    'webflow-site-token-curl',
    'curl --request GET \\\n  --url "https://api.webflow.com/v2/sites/{h24}/collections" \\\n  --header "accept: application/json" \\\n' +
      '  --header "authorization: Bearer «{h64}»"',
  ],
  // Headless commerce.
  [
    'medusa-secret-api-key-sdk',
    "import Medusa from '@medusajs/js-sdk';\n\nexport const sdk = new Medusa({\n  baseUrl: 'https://commerce.acme-outdoor.com',\n" +
      "  apiKey: '«sk_{h64}»',\n});",
  ],
  [
    'commercetools-client-secret-env',
    'CTP_PROJECT_KEY=acme-b2b-prod\nCTP_CLIENT_ID={B24}\nCTP_CLIENT_SECRET=«{B32}»\n' +
      'CTP_AUTH_URL=https://auth.europe-west1.gcp.commercetools.com\nCTP_API_URL=https://api.europe-west1.gcp.commercetools.com\n' +
      'CTP_SCOPES=manage_project:acme-b2b-prod',
  ],
  // Scheduling.
  [
    'calendly-pat-scheduled-events',
    'curl --request GET \\\n  --url "https://api.calendly.com/scheduled_events?user=https://api.calendly.com/users/{U16}&status=active" \\\n' +
      '  --header "Authorization: Bearer «eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0MDIzZjdjMzJiZTgzNDliMjM4MDEzNWI0IiwidHlwIjoiUEFUIiwiYWxnIjoiRVMyNTYifQ' +
      '.eyJpc3MiOiJodHRwczovL2F1dGguY2FsZW5kbHkuY29tIiwiaWF0Ijox{B120}{B60}.{B86}»"',
  ],
  [
    'nylas-v3-api-key-node',
    "const nylas = new Nylas({\n  apiKey: '«nyk_v0_{a64}»',\n  apiUri: 'https://api.eu.nylas.com',\n});\n" +
      "const events = await nylas.events.list({ identifier: grantId, queryParams: { calendarId: 'primary' } });",
  ],
  // Translation and localisation.
  [
    'deepl-free-auth-key-python',
    'import deepl\n\ntranslator = deepl.Translator("«{h8}-{h4}-{h4}-{h4}-{h12}:fx»")\n' +
      'result = translator.translate_text(release_notes, target_lang="PT-BR", formality="less")',
  ],
  [
    'lokalise-x-api-token-curl',
    'curl --request GET \\\n  --url "https://api.lokalise.com/api2/projects/{d10}{h12}.{d8}/keys?include_translations=1&limit=500" \\\n' +
      '  --header "X-Api-Token: «{h40}»"',
  ],
  ['tolgee-pak-cli-pull', 'TOLGEE_API_KEY=«tgpak_{k51}» npx @tolgee/cli pull --path ./src/i18n --states REVIEWED'],
  [
    'phrase-yml-access-token',
    '# .phrase.yml\nphrase:\n  access_token: «{h64}»\n  project_id: {h32}\n  file_format: yml\n  pull:\n    targets:\n' +
      '      - file: ./config/locales/<locale_name>.yml',
  ],
  // OCR and geocoding.
  [
    'mindee-token-invoice-predict',
    'curl -X POST https://api.mindee.net/v1/products/mindee/invoices/v4/predict \\\n  -H "Authorization: Token «{h32}»" \\\n' +
      '  -F document=@./scans/facture-2024-118.pdf',
  ],
  [
    'opencage-key-r-sys-setenv',
    'library(opencage)\nSys.setenv(OPENCAGE_KEY = "«{h32}»")\n' +
      'res <- oc_forward_df(placename = c("Rua Augusta 24, Lisboa", "Calle Mayor 5, Madrid"), countrycode = c("PT", "ES"))',
  ],
  // Regional clouds and CDNs.
  ['upcloud-api-token-upctl', 'export UPCLOUD_TOKEN="«ucat_01{u24}»"\nupctl server list -o json | jq -r \'.[].hostname\''],
  [
    'huawei-obsutil-config-sk',
    '$ cat ~/.obsutilconfig\n[Basic]\nendpoint=https://obs.ap-southeast-3.myhuaweicloud.com\nak={u20}\nsk=«{a40}»\ntoken=\ndefault_storage_class=STANDARD',
  ],
  [
    'bunny-accesskey-purge',
    'curl --request POST \\\n  --url https://api.bunny.net/pullzone/{d7}/purgeCache \\\n' +
      '  --header "AccessKey: «{h8}-{h4}-{h4}-{h4}-{h12}{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],

  // Structural cases without vendor prefixes.
  // Infrastructure and OS configuration languages.
  [
    'packer-hcl-vsphere-passwords',
    'source "vsphere-iso" "ubuntu" {\n  vcenter_server      = "vcsa01.acme.lan"\n  username            = "packer@vsphere.local"\n' +
      '  password            = "«{a18}»"\n  insecure_connection = true\n  ssh_username        = "ubuntu"\n  ssh_password        = "«{a14}»"\n}',
  ],
  [
    'nixos-initial-password-borg',
    '{ config, pkgs, ... }:\n{\n  users.users.kiosk = {\n    isNormalUser = true;\n    initialPassword = "«{a14}»";\n  };\n' +
      '  services.borgbackup.jobs.home.encryption = {\n    mode = "repokey-blake2";\n    passphrase = "«{a24}»";\n  };\n}',
  ],
  [
    'dhall-db-record-password',
    'let Db = { host : Text, port : Natural, user : Text, password : Text }\n\n' +
      'in  { primary = { host = "pg-primary.acme.internal", port = 5432, user = "billing", password = "«{a20}»" } : Db\n' +
      '    , replicas = [ "pg-replica-1.acme.internal" ]\n    }',
  ],
  [
    'cue-smtp-password',
    'package deploy\n\nsmtp: {\n\thost:     "smtp.acme-mail.net"\n\tport:     587\n\tusername: "noreply@acme.io"\n\tpassword: "«{a22}»"\n}',
  ],
  [
    'jsonnet-secure-json-data',
    'local grafana = import "grafonnet/grafana.libsonnet";\n\n{\n  datasources: [\n    {\n      name: "clickhouse-prod",\n' +
      '      type: "grafana-clickhouse-datasource",\n      jsonData: { host: "ch.acme.internal", port: 9440, username: "grafana_ro", secure: true },\n' +
      '      secureJsonData: { password: "«{a20}»" },\n    },\n  ],\n}',
  ],
  // Client credential files.
  [
    's3cfg-minio-secret-key',
    '$ cat ~/.s3cfg\n[default]\naccess_key = {u20}\nsecret_key = «{a40}»\nhost_base = minio.acme.lan:9000\nhost_bucket = minio.acme.lan:9000\n' +
      'use_https = False\nsignature_v2 = False',
  ],
  [
    'openvpn-auth-user-pass-file',
    '$ sudo cat /etc/openvpn/client/acme-office.auth\nj.moreau\n«{a16}»\n$ grep auth-user-pass /etc/openvpn/client/acme-office.conf\n' +
      'auth-user-pass /etc/openvpn/client/acme-office.auth',
  ],
  [
    'cifs-credentials-file',
    '# /etc/fstab\n//fs01.acme.lan/compta  /mnt/compta  cifs  credentials=/root/.smbcred-compta,iocharset=utf8,vers=3.0  0  0\n\n' +
      '# /root/.smbcred-compta\nusername=svc_compta\npassword=«{a16}»\ndomain=ACME',
  ],
  // Process managers, schedulers and build files.
  [
    'systemd-execstart-password-flag',
    '[Unit]\nDescription=Prometheus Redis exporter\nAfter=network-online.target\n\n[Service]\nUser=redis_exporter\n' +
      'ExecStart=/usr/local/bin/redis_exporter -redis.addr redis://10.0.2.15:6379 -redis.password «{a24}»\nRestart=always',
  ],
  [
    'procfile-relay-auth-pass',
    'web: bundle exec puma -C config/puma.rb\nworker: bundle exec sidekiq -q default -q mailers\n' +
      'relay: ./bin/smtp-relay --listen :2525 --upstream smtp.acme-mail.net:587 --auth-user relay@acme.io --auth-pass «{a20}»',
  ],
  [
    'supervisord-environment-passwords',
    '[program:celery-worker]\ncommand=/srv/app/venv/bin/celery -A acme worker -l info\ndirectory=/srv/app\nuser=www-data\n' +
      'environment=DJANGO_SETTINGS_MODULE="acme.settings.prod",DATABASE_PASSWORD="«{a22}»",BROKER_PASSWORD="«{a18}»"\nautorestart=true',
  ],
  [
    'crontab-mysqldump-password',
    "$ crontab -l\n# m h dom mon dow command\n30 2 * * * /usr/bin/mysqldump -u backup -p'«{a18}»' --single-transaction --all-databases " +
      '| gzip > /backup/mysql-$(date +\\%F).sql.gz\n0 4 * * 0 /usr/local/bin/prune-backups.sh',
  ],
  [
    'makefile-registry-pass',
    'REGISTRY := registry.acme.io\nREGISTRY_USER := ci-pusher\nREGISTRY_PASS := «{a24}»\n\npush: build\n' +
      '\t@echo "$(REGISTRY_PASS)" | docker login $(REGISTRY) -u $(REGISTRY_USER) --password-stdin\n\tdocker push $(REGISTRY)/api:$(VERSION)',
  ],
  // CI pipelines and configuration management.
  [
    'jenkinsfile-environment-block',
    "pipeline {\n  agent { label 'linux' }\n  environment {\n    NEXUS_USER = 'jenkins-deploy'\n    NEXUS_PASS = '«{a20}»'\n  }\n" +
      "  stages {\n    stage('Publish') {\n      steps {\n        sh './gradlew publish -PnexusUsername=$NEXUS_USER -PnexusPassword=$NEXUS_PASS'\n" +
      '      }\n    }\n  }\n}',
  ],
  [
    'bitbucket-pipelines-ftp-pipe',
    'pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy to FTP\n          script:\n' +
      "            - pipe: atlassian/ftp-deploy:0.7.1\n              variables:\n                USER: 'acme-web'\n" +
      "                PASSWORD: '«{a16}»'\n                SERVER: 'ftp.acme-hosting.fr'\n                REMOTE_PATH: '/www'",
  ],
  [
    'azure-pipelines-sql-admin-variable',
    "variables:\n  buildConfiguration: 'Release'\n  sqlAdminLogin: 'sqladmin'\n  sqlAdminPassword: '«{a20}»'\n\nsteps:\n" +
      "- task: SqlAzureDacpacDeployment@1\n  inputs:\n    ServerName: 'acme-sql.database.windows.net'\n" +
      "    SqlUsername: '$(sqlAdminLogin)'\n    SqlPassword: '$(sqlAdminPassword)'",
  ],
  [
    'ansible-group-vars-db-users',
    '# group_vars/dbservers.yml\npostgresql_version: 16\npostgresql_users:\n  - name: app_rw\n    password: "«{a22}»"\n' +
      '  - name: grafana_ro\n    password: "«{a18}»"\nreplication_password: "«{a24}»"',
  ],
  [
    'salt-pillar-rabbitmq-user',
    '# /srv/pillar/rabbitmq.sls\nrabbitmq:\n  users:\n    orders:\n      password: «{a20}»\n      tags: []\n      perms:\n' +
      '        - "/":\n          - ".*"\n          - ".*"\n          - ".*"',
  ],
  [
    'puppet-hiera-node-data',
    "# data/nodes/ldap01.acme.lan.yaml\n---\nopenldap::server::rootdn: 'cn=admin,dc=acme,dc=lan'\nopenldap::server::rootpw: '«{a18}»'\n" +
      "profile::backup::s3_secret_key: '«{a40}»'",
  ],
  // Code in other languages.
  [
    'elixir-req-basic-auth',
    'defmodule Acme.Erp.Client do\n  @base "https://erp.acme.internal/api"\n\n  def list_invoices do\n' +
      '    Req.get!(@base <> "/invoices", auth: {:basic, "erp_sync:«{a20}»"}).body\n  end\nend',
  ],
  [
    'haskell-postgresql-connectinfo',
    'conn <- connect defaultConnectInfo\n  { connectHost = "pg.acme.internal"\n  , connectUser = "reports"\n' +
      '  , connectPassword = "«{a18}»"\n  , connectDatabase = "analytics"\n  }',
  ],
  [
    'clojure-next-jdbc-db-spec',
    '(def db-spec\n  {:dbtype   "postgresql"\n   :host     "pg.acme.internal"\n   :dbname   "ledger"\n   :user     "ledger_app"\n' +
      '   :password "«{a20}»"})\n\n(def ds (jdbc/get-datasource db-spec))',
  ],
  [
    'lua-openresty-redis-auth',
    'local redis = require "resty.redis"\nlocal red = redis:new()\nred:set_timeouts(1000, 1000, 1000)\n' +
      'local ok, err = red:connect("10.0.5.12", 6379)\nlocal res, err = red:auth("«{a24}»")\nif not res then\n' +
      '    ngx.log(ngx.ERR, "failed to authenticate: ", err)\nend',
  ],
  [
    'perl-dbi-connect-password',
    'my $dbh = DBI->connect(\n    "DBI:Pg:dbname=crm;host=pg.acme.internal;port=5432",\n    "crm_batch",\n    "«{a18}»",\n' +
      '    { RaiseError => 1, AutoCommit => 0 },\n) or die $DBI::errstr;',
  ],
  [
    'r-dbconnect-password',
    'con <- DBI::dbConnect(\n  RPostgres::Postgres(),\n  host = "warehouse.acme.internal",\n  dbname = "dwh",\n  user = "analyst_ro",\n' +
      '  password = "«{a18}»"\n)\nsales <- dbGetQuery(con, "SELECT region, sum(amount) FROM sales GROUP BY 1")',
  ],
  [
    'julia-http-token-header',
    'using HTTP, JSON3\n\nconst API_TOKEN = "«{a40}»"\nresp = HTTP.get("https://metrics.acme.io/api/v1/series?from=-24h",\n' +
      '                ["Authorization" => "Token $API_TOKEN", "Accept" => "application/json"])\ndata = JSON3.read(resp.body)',
  ],
  [
    'zig-std-http-bearer',
    'var client = std.http.Client{ .allocator = allocator };\ndefer client.deinit();\nconst result = try client.fetch(.{\n' +
      '    .location = .{ .url = "https://api.acme.io/v1/firmware/latest" },\n' +
      '    .extra_headers = &.{.{ .name = "authorization", .value = "Bearer «{a48}»" }},\n    .response_storage = .{ .dynamic = &body },\n});',
  ],
  [
    'nim-db-mysql-open',
    'import db_connector/db_mysql\n\nlet db = open("mysql.acme.internal:3306", "nim_worker", "«{a18}»", "jobs")\n' +
      'for row in db.fastRows(sql"SELECT id, payload FROM queue WHERE state = ?", "pending"):\n  process(row)',
  ],
  [
    'bash-heredoc-agent-conf',
    'cat > /etc/acme/agent.conf <<EOF\n[server]\nurl = https://fleet.acme.io\nenroll_secret = «{a32}»\n\n[proxy]\nhost = proxy.acme.lan\nport = 3128\nEOF\n' +
      'systemctl restart acme-agent',
  ],
  // SQL, directory and SOAP.
  [
    'postgres-fdw-user-mapping',
    "CREATE SERVER legacy_erp FOREIGN DATA WRAPPER postgres_fdw\n  OPTIONS (host '10.20.0.14', port '5432', dbname 'erp');\n\n" +
      "CREATE USER MAPPING FOR reporting SERVER legacy_erp\n  OPTIONS (user 'erp_readonly', password '«{a18}»');",
  ],
  [
    'ldif-service-account-cleartext',
    'dn: uid=svc-gitlab,ou=services,dc=acme,dc=lan\nobjectClass: inetOrgPerson\nobjectClass: simpleSecurityObject\nuid: svc-gitlab\n' +
      'cn: GitLab bind account\nsn: gitlab\nuserPassword: «{a20}»',
  ],
  [
    'wsse-username-token-password',
    '<soapenv:Header>\n  <wsse:Security soapenv:mustUnderstand="1" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">\n' +
      '    <wsse:UsernameToken>\n      <wsse:Username>ACME_B2B</wsse:Username>\n' +
      '      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">«{a16}»</wsse:Password>\n' +
      '    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>',
  ],
  // API clients, browsers and captured traffic.
  [
    'grpc-go-metadata-api-key',
    'md := metadata.Pairs(\n    "x-api-key", "«{a40}»",\n    "x-tenant", "acme-eu",\n)\nctx := metadata.NewOutgoingContext(context.Background(), md)\n' +
      'resp, err := client.ListShipments(ctx, &pb.ListShipmentsRequest{PageSize: 50})',
  ],
  [
    'graphql-playground-http-headers',
    '# HTTP HEADERS\n{\n  "Authorization": "Bearer «{a52}»",\n  "X-Hasura-Role": "editor"\n}\n\n' +
      'query RecentOrders {\n  orders(limit: 10, order_by: {created_at: desc}) {\n    id\n    total\n  }\n}',
  ],
  [
    'postman-collection-bearer-auth',
    '{\n  "info": { "name": "Partner API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },\n' +
      '  "auth": {\n    "type": "bearer",\n    "bearer": [\n      { "key": "token", "value": "«{a40}»", "type": "string" }\n    ]\n  },\n  "item": []\n}',
  ],
  [
    'har-entry-auth-and-cookie',
    '"request": {\n  "method": "GET",\n  "url": "https://app.acme-crm.com/api/v2/contacts?page=3",\n  "headers": [\n' +
      '    { "name": "accept", "value": "application/json" },\n    { "name": "authorization", "value": "Bearer «{B48}»" },\n' +
      '    { "name": "cookie", "value": "_acme_session=«{b88}»" }\n  ]\n}',
  ],
  [
    'devtools-copy-as-fetch-x-auth-token',
    'fetch("https://portal.acme-energie.fr/api/compteurs/{d8}/releves?annee=2024", {\n  "headers": {\n' +
      '    "accept": "application/json, text/plain, */*",\n    "accept-language": "fr-FR,fr;q=0.9",\n    "x-auth-token": "«{h64}»",\n' +
      '    "sec-fetch-mode": "cors"\n  },\n  "referrer": "https://portal.acme-energie.fr/",\n  "method": "GET",\n  "mode": "cors",\n' +
      '  "credentials": "include"\n});',
  ],
  [
    'devtools-copy-as-curl-login-body',
    "curl 'https://intranet.acme.lan/api/auth/login' \\\n  -H 'content-type: application/json' \\\n  -H 'origin: https://intranet.acme.lan' \\\n" +
      '  --data-raw \'{"username":"c.dubois","password":"«{a14}»","remember":true}\' \\\n  --compressed',
  ],
  // Stack traces, container tooling and error output.
  [
    'python-traceback-with-locals',
    'Traceback (most recent call last):\n  File "/srv/etl/load.py", line 88, in <module>\n' +
      '    conn = psycopg2.connect(host=host, user=user, password=password, dbname="dwh")\n' +
      'psycopg2.OperationalError: connection to server at "10.4.0.7", port 5432 failed: FATAL:  password authentication failed for user "etl"\n\n' +
      "Locals:\n  host = '10.4.0.7'\n  user = 'etl'\n  password = '«{a18}»'",
  ],
  [
    'kotlin-data-class-tostring-log',
    'org.springframework.mail.MailAuthenticationException: Authentication failed\n' +
      '\tat org.springframework.mail.javamail.JavaMailSenderImpl.doSend(JavaMailSenderImpl.java:440)\n' +
      '\tat io.acme.notify.MailService.send(MailService.kt:57)\n' +
      'DEBUG i.a.n.MailService - using SmtpConfig(host=smtp.acme-mail.net, port=587, username=notifications@acme.io, password=«{a20}», starttls=true)',
  ],
  [
    'dockerfile-arg-env-passwords',
    'FROM node:20-alpine AS build\nARG NPM_REGISTRY=https://npm.acme.io/\nARG NPM_AUTH_PASSWORD=«{a24}»\n' +
      'ENV APP_DB_HOST=pg.acme.internal \\\n    APP_DB_PASSWORD=«{a20}»\nRUN npm config set registry $NPM_REGISTRY && npm ci',
  ],
  [
    'docker-inspect-config-env',
    '$ docker inspect --format \'{{json .Config.Env}}\' keycloak | jq .\n[\n  "KC_DB=postgres",\n  "KC_DB_USERNAME=keycloak",\n' +
      '  "KC_DB_PASSWORD=«{a22}»",\n  "KEYCLOAK_ADMIN=admin",\n  "KEYCLOAK_ADMIN_PASSWORD=«{a18}»",\n' +
      '  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"\n]',
  ],
  [
    'kubectl-describe-pod-env-values',
    '$ kubectl describe pod payments-api-7c9d8f6b5-x2kqp -n payments\n...\nContainers:\n  api:\n    Image:          registry.acme.io/payments-api:2.8.1\n' +
      '    Port:           8080/TCP\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      DB_USER:                 payments\n' +
      '      DB_PASSWORD:             «{a22}»\n      KAFKA_SASL_PASSWORD:     «{a32}»\n      JWKS_URL:                http://auth.auth.svc/jwks\n' +
      '    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-{l5} (ro)',
  ],
  // Prose in other languages.
  [
    'prose-french-backoffice-password',
    "Salut Marc, pour la démo de demain le compte admin du back-office c'est admin@acme.fr et le mot de passe «{a12}» — je le change lundi, promis.",
  ],
  [
    'prose-spanish-wifi-and-panel',
    'Oye, ya configuré el router de la oficina: la red es ACME-Oficina y la contraseña del wifi es «{a14}». ' +
      'La clave del panel de administración es «{a16}», no la compartas.',
  ],
  [
    'prose-portuguese-api-token-db',
    'Pessoal, o token de acesso da API de produção é «{a40}», usem só no servidor e nunca no app. ' +
      'A senha do banco continua «{a18}» até a migração de sexta.',
  ],
];

/** Look-alikes that must come back byte-exact. */
export const BLIND7_NEGATIVES: readonly (readonly [string, string])[] = [
  // Identifiers under credential-like names.
  ['identifier', 'val passwordEncoder: PasswordEncoder = BCryptPasswordEncoder(12)'],
  [
    'identifier',
    'defp verify_api_token(conn, token) when is_binary(token) do\n  Phoenix.Token.verify(conn, "api", token, max_age: 86_400)\nend',
  ],
  ['identifier', 'SELECT usename, passwd IS NOT NULL AS has_password, valuntil FROM pg_shadow ORDER BY 1;'],
  ['identifier', 'dn: cn=config\nchangetype: modify\nreplace: olcPasswordHash\nolcPasswordHash: {ARGON2}'],
  // References to secrets kept elsewhere.
  [
    'variable',
    'ExecStart=/usr/local/bin/redis_exporter -redis.addr redis://10.0.2.15:6379 -redis.password-file /etc/redis_exporter/password',
  ],
  [
    'variable',
    "withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n" +
      "  sh './gradlew publish'\n}",
  ],
  ['variable', "rabbitmq:\n  users:\n    orders:\n      password: {{ salt['vault'].read_secret('kv/rabbitmq/orders', 'password') }}"],
  [
    'variable',
    'services.grafana.settings.security.admin_password = "$__file{/run/secrets/grafana-admin}";\nservices.borgbackup.jobs.home.encryption.passCommand = "cat /run/agenix/borg";',
  ],
  ['variable', 'postgresql_users:\n  - name: app_rw\n    password: "{{ vault_app_rw_password }}"'],
  ['variable', 'environment=DATABASE_PASSWORD="%(ENV_DATABASE_PASSWORD)s",BROKER_PASSWORD="%(ENV_BROKER_PASSWORD)s"'],
  ['variable', 'RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev'],
  ['variable', "      DB_PASSWORD:             <set to the key 'password' in secret 'payments-db'>  Optional: false"],
  ['variable', '  "KC_DB_PASSWORD_FILE=/run/secrets/kc_db_password",\n  "KEYCLOAK_ADMIN=admin",'],
  [
    'variable',
    '  env:\n    SOCKET_SECURITY_API_TOKEN: ${{ secrets.SOCKET_SECURITY_API_TOKEN }}\n    TOLGEE_API_KEY: ${{ secrets.TOLGEE_API_KEY }}',
  ],
  ['variable', 'mosquitto_sub -h eu1.cloud.thethings.network -u "$TTN_APP_ID@ttn" -P "$TTN_API_KEY" -t "#" -v'],
  ['variable', '"bearer": [\n  { "key": "token", "value": "{{partner_api_token}}", "type": "string" }\n]'],
  // Placeholders and masks.
  ['placeholder', '#define BLYNK_AUTH_TOKEN "YourAuthToken"'],
  ['placeholder', 'X-ApiKeys: accessKey=ACCESS_KEY;secretKey=SECRET_KEY'],
  ['placeholder', 'NNSXS.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  ['placeholder', 'Nylas API key: nyk_v0_••••••••••••••••••••  (created 2024-11-02, expires never)'],
  ['placeholder', 'DEEPL_AUTH_KEY=<your-deepl-key>:fx'],
  ['placeholder', '<wsse:Password Type="...#PasswordText">${B2B_PASSWORD}</wsse:Password>'],
  // Digests, checksums and content hashes.
  ['digest', '$ sha256sum upctl_3.12.0_linux_amd64.tar.gz\n{h64}  upctl_3.12.0_linux_amd64.tar.gz'],
  ['digest', 'src = fetchFromGitHub {\n  owner = "acme";\n  repo = "kiosk";\n  rev = "v1.4.2";\n  hash = "sha256-{b43}=";\n};'],
  ['digest', 'image: registry.acme.io/payments-api@sha256:{h64}'],
  ['digest', 'version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize 48213'],
  ['digest', '<script src="https://cdn.acme.io/widget.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>'],
  // Ids of events, resources and traces.
  ['id', '    Container ID:   containerd://{h64}\n    Image ID:       registry.acme.io/payments-api@sha256:{h64}'],
  ['id', 'https://canvas.univ-acme.edu/courses/{d6}/assignments/{d7}/submissions/{d6}'],
  ['id', 'dev_eui: 70B3D57ED0{H6}\njoin_eui: 0000000000000000\ndevice_id: eui-70b3d57ed0{h6}'],
  ['id', '{ "uid": "blt{h16}", "locale": "en-us", "title": "Spring launch", "_version": 4 }'],
  [
    'id',
    '@badge-info=;color=#1E90FF;display-name=acme_modbot;id={h8}-{h4}-{h4}-{h4}-{h12};room-id={d9};tmi-sent-ts={d13} ' +
      ':acme_modbot!acme_modbot@acme_modbot.tmi.twitch.tv PRIVMSG #acmestream :!uptime',
  ],
  // Public keys and publishable identifiers.
  ['public', 'NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=pk_{h64}\nNEXT_PUBLIC_MEDUSA_BACKEND_URL=https://commerce.acme-outdoor.com'],
  ['public', '[Peer]\nPublicKey = {b43}=\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.io:51820'],
  ['public', '#define BLYNK_TEMPLATE_ID "TMPL4{a7}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"'],
  ['public', 'vpn01.acme.io ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b88}='],
  // Encoded non-secret data.
  ['encoded', 'binaryData:\n  logo.png: iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAA{b80}'],
  // URLs without credentials.
  ['url', 'https://api.calendly.com/scheduled_events?user=https://api.calendly.com/users/{U16}&status=active'],
  ['url', 'DATABASE_URL=postgresql://pg.acme.internal:5432/ledger?sslmode=require'],
  ['url', '//fs01.acme.lan/compta  /mnt/compta  cifs  credentials=/root/.smbcred-compta,iocharset=utf8  0  0'],
  // Commands, markup, logs, versions and docs prose.
  ['command', 'openssl rand -hex 32 > /etc/acme/enroll_secret && chmod 600 /etc/acme/enroll_secret'],
  ['command', 'kubectl create secret generic payments-db --from-file=password=./db-password.txt -n payments'],
  ['html', '<input type="password" name="wstoken" placeholder="Moodle web service token" minlength="32" maxlength="32" required>'],
  ['css', '.token-badge { color: #7c3aed; }\n.api-key-field::placeholder { color: #9ca3af; letter-spacing: 0.08em; }'],
  ['regex', 'const CANVAS_TOKEN_RE = /^\\d+~[A-Za-z0-9]{64}$/;'],
  [
    'i18n',
    '"auth.password.reset.title": "Réinitialiser le mot de passe",\n"auth.token.expired": "Votre session a expiré, reconnectez-vous."',
  ],
  ['log', '2024-11-18T08:41:07Z INFO  tenable-sync: fetched 412 assets (scan_id={d4}, scan_uuid={h8}-{h4}-{h4}-{h4}-{h12}) in 3.2s'],
  [
    'log',
    "Nov 18 09:12:44 vpn01 openvpn[1312]: client/198.51.100.23:51234 TLS: Username/Password authentication succeeded for username 'j.moreau'",
  ],
  ['log', 'WARN  [nylas] grant {h8}-{h4}-{h4}-{h4}-{h12} token expired (401), user must re-authenticate'],
  ['version', 'turbopuffer==0.1.24\nchromadb==0.5.20\ndeepl==1.19.1\ncrowdstrike-falconpy==1.4.5'],
  [
    'docs',
    'The Things Stack API keys have three dot-separated parts: the fixed type NNSXS, a 39-character key id and a 52-character secret.',
  ],
  ['docs', 'Tenable access and secret keys are 64 hex characters each and are sent together in the X-ApiKeys header.'],
  ['prose', "Le mot de passe du Wi-Fi invités est affiché à l'accueil ; ne le mettez pas dans le wiki."],
  ['prose', 'La contraseña de la base de datos está en Vault (kv/erp/db); pídesela a Marta si la necesitas.'],
  ['prose', 'Gerei um novo token da API do Canvas e guardei no 1Password, no cofre "Educação / Integrações".'],
];
