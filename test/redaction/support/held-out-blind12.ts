/** A twelfth held-out batch, written from vendors' public format documentation and public rule sets' documented examples by a writer who never saw the detectors, scored once before any tuning. */
export const BLIND12_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'kubernetes-bootstrap-token-kubeadm-join',
    'kubeadm init went fine but the worker fails with "could not find a JWS signature in the cluster-info ConfigMap":\n' +
      'sudo kubeadm join 10.20.0.11:6443 --token «{l6}.{l16}» \\\n' +
      '    --discovery-token-ca-cert-hash sha256:{h64}',
  ],
  [
    'slack-config-access-token-manifest-update',
    'Trying to push the app manifest with a configuration token, Slack answers invalid_auth:\n' +
      'curl -X POST https://slack.com/api/apps.manifest.update \\\n' +
      '  -H "Authorization: Bearer «xoxe.xoxp-1-Mi0y{a160}»" \\\n' +
      '  -H "Content-Type: application/json" --data @manifest.json',
  ],
  [
    'slack-config-refresh-token-rotate-python',
    'resp = requests.post(\n    "https://slack.com/api/tooling.tokens.rotate",\n' +
      '    data={"refresh_token": "«xoxe-1-My0x{a142}»"},\n)\nprint(resp.json()["error"])  # invalid_refresh_token',
  ],
  [
    'slack-legacy-xoxs-token-hubot-env',
    'found this in an old hubot env file from 2016, is it still live?\n' +
      'HUBOT_SLACK_TOKEN=«xoxs-{d10}-{d10}-{d10}-{h10}»\nHUBOT_LOG_LEVEL=debug',
  ],
  [
    'slack-legacy-workspace-xoxa-token-node',
    "// workspace app installed before the 2021 migration\nconst web = new WebClient('«xoxa-2-{d9}-{d11}-{d13}-{h18}»');\n" +
      "await web.chat.postMessage({ channel: '#deploys', text: 'build green' });",
  ],
  [
    'anthropic-admin-key-usage-report-curl',
    'curl "https://api.anthropic.com/v1/organizations/usage_report/messages?starting_at=2025-06-01T00:00:00Z" \\\n' +
      '  --header "anthropic-version: 2023-06-01" \\\n  --header "x-api-key: «sk-ant-admin01-{B93}AA»"',
  ],
  [
    'anthropic-oauth-access-token-fish-config',
    '# ~/.config/fish/config.fish\nset -gx CLAUDE_CODE_OAUTH_TOKEN «sk-ant-oat01-{B93}AA»\nset -gx EDITOR nvim',
  ],
  [
    'gitlab-incoming-mail-token-in-address',
    'The support form forwards every ticket to the "email a new issue" address of the project:\n' +
      'SUPPORT_FORWARD_TO=incoming+acme-web-42-«glimt-{a25}»-issue@gitlab.acme.io',
  ],
  [
    'gitlab-scim-token-bearer-curl',
    'curl --header "Authorization: Bearer «glsoat-{a20}»" \\\n' +
      '  "https://gitlab.com/api/scim/v2/groups/acme-corp/Users?filter=userName%20eq%20%22dana%22"',
  ],
  [
    'gitlab-session-cookie-replayed-curl',
    'copied from devtools to replay the CSV export:\n' +
      'curl "https://gitlab.acme.io/acme/web/-/issues.csv" -H "Cookie: _gitlab_session=«{h32}»; preferred_language=en"',
  ],
  [
    'gitlab-routable-pat-git-config-remote',
    '[remote "origin"]\n\turl = https://oauth2:«glpat-{B31}.01.{l9}»@gitlab.com/acme/infra.git\n' +
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
  ],
  [
    'yandex-object-storage-static-key-aws-profile',
    '# ~/.aws/credentials, profile for Yandex Object Storage\n[yandex]\naws_access_key_id = «YCAJE{a20}»\n' +
      'aws_secret_access_key = «YC{B38}»\nendpoint_url = https://storage.yandexcloud.net',
  ],
  [
    'yandex-iam-token-bearer-curl',
    'curl -H "Authorization: Bearer «t1.{B50}.{B86}»" \\\n  https://resource-manager.api.cloud.yandex.net/resource-manager/v1/clouds',
  ],
  [
    'artifactory-api-key-x-jfrog-art-api-upload',
    'curl -H "X-JFrog-Art-Api: «AKCp{a69}»" -T build/libs/core-2.4.1.jar \\\n' +
      '  "https://acme.jfrog.io/artifactory/libs-release-local/io/acme/core/2.4.1/core-2.4.1.jar"',
  ],
  [
    'artifactory-reference-token-gradle-header',
    '// settings.gradle.kts\nmaven {\n    url = uri("https://acme.jfrog.io/artifactory/gradle-virtual")\n' +
      '    credentials(HttpHeaderCredentials::class) {\n        name = "Authorization"\n' +
      '        value = "Bearer «cmVmdGtuOjAxOjE3{a48}»"\n    }\n}',
  ],
  [
    'beamer-api-key-header-post',
    'curl -X POST https://api.getbeamer.com/v0/posts -H "Beamer-Api-Key: «b_{B44}»" \\\n' +
      '  -H "Content-Type: application/json" -d @release-notes.json',
  ],
  [
    'etsy-keystring-x-api-key-httpx',
    'headers = {"x-api-key": "«{l24}»", "Authorization": f"Bearer {access_token}"}\n' +
      'r = httpx.get(f"https://openapi.etsy.com/v3/application/shops/{shop_id}/receipts", headers=headers)',
  ],
  [
    'finicity-app-key-partner-secret-request',
    'POST https://api.finicity.com/aggregation/v2/partners/authentication\nFinicity-App-Key: «{h32}»\n' +
      'Content-Type: application/json\n\n{"partnerId": "{d13}", "partnerSecret": "«{a20}»"}',
  ],
  [
    'meraki-dashboard-api-key-python-sdk',
    'import meraki\n\ndashboard = meraki.DashboardAPI("«{h40}»", suppress_logging=True)\n' +
      'networks = dashboard.organizations.getOrganizationNetworks(org_id)',
  ],
  [
    'privateai-api-key-header-curl',
    'curl -X POST https://api.private-ai.com/community/v4/process/text -H "x-api-key: «{l32}»" \\\n' +
      '  -H "Content-Type: application/json" -d @transcript.json',
  ],
  [
    'settlemint-access-tokens-dotenv',
    '# .env.local for the dApp\nSETTLEMINT_ACCESS_TOKEN=«sm_pat_{a16}»\n' +
      'SETTLEMINT_APPLICATION_ACCESS_TOKEN=«sm_aat_{a16}»\nSETTLEMINT_INSTANCE=https://console.settlemint.com',
  ],
  [
    'linkedin-client-secret-spring-registration',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          linkedin:\n' +
      '            client-id: {l14}\n            client-secret: «{a16}»\n            authorization-grant-type: authorization_code',
  ],
  [
    'flickr-api-key-and-secret-flickrapi',
    "flickr = flickrapi.FlickrAPI('«{h32}»', '«{h16}»', format='parsed-json')\n" +
      "photos = flickr.photos.search(user_id='{d8}@N0{d1}', per_page=50)",
  ],
  [
    'freshbooks-oauth-client-secret-env',
    '# FreshBooks app "acme-invoicing"\nFRESHBOOKS_REDIRECT_URI=https://billing.acme.io/oauth/freshbooks\n' +
      'FRESHBOOKS_CLIENT_SECRET=«{h64}»',
  ],
  [
    'gitter-token-faye-extension',
    "const faye = new Faye.Client('https://ws.gitter.im/faye');\n" +
      "faye.addExtension({ outgoing: (msg, cb) => { msg.ext = { token: '«{h40}»' }; cb(msg); } });",
  ],
  ['nytimes-api-key-template-url', 'const res = await fetch(`https://api.nytimes.com/svc/topstories/v2/technology.json?api-key=«{a32}»`);'],
  [
    'rapidapi-key-axios-options',
    "const options = {\n  method: 'GET',\n  url: 'https://weatherapi-com.p.rapidapi.com/current.json',\n  params: { q: 'Lisbon' },\n" +
      "  headers: {\n    'x-rapidapi-key': '«{h10}msh{h14}p1{h6}jsn{h12}»',\n" +
      "    'x-rapidapi-host': 'weatherapi-com.p.rapidapi.com'\n  }\n};",
  ],
  [
    'squarespace-commerce-api-key-bearer',
    'curl "https://api.squarespace.com/1.0/commerce/orders?fulfillmentStatus=PENDING" \\\n' +
      '  -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" -H "User-Agent: acme-fulfillment/1.0"',
  ],
  ['bittrex-key-secret-trading-bot-env', 'BITTREX_API_KEY=«{h32}»\nBITTREX_API_SECRET=«{h32}»\nTRADE_PAIR=BTC-USD\nMAX_POSITION=0.05'],
  ['clearbit-secret-key-basic-user', "curl 'https://person.clearbit.com/v2/combined/find?email=dana@acme.io' -u «sk_{h32}»:"],
  [
    'castai-api-key-helm-set-flag',
    'helm upgrade --install castai-agent castai-helm/castai-agent -n castai-agent --create-namespace \\\n' +
      '  --set apiKey=«castai_v1_{a64}_{a8}» --set provider=eks --set clusterID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'chief-tools-personal-access-token-env',
    'CHIEF_TOOLS_TOKEN=«ctp_{a36}»  # personal token from account.chief.app, used by the deploy script',
  ],
  ['pyx-publish-token-uv-env', '# publish job\nexport UV_PUBLISH_TOKEN=«sk-pyx-{a64}»\nuv publish --index pyx dist/*'],
  [
    'truenas-api-key-websocket-login',
    'ws.send(json.dumps({"id": "1", "msg": "method", "method": "auth.login_with_api_key", "params": ["«{d2}-{a64}»"]}))',
  ],
  [
    'stackhawk-api-key-workflow-input',
    '- name: HawkScan\n  uses: stackhawk/hawkscan-action@v2\n  with:\n' +
      '    apiKey: «hawk.{B20}.{B20}»\n    configurationFiles: stackhawk.yml',
  ],
  [
    'dependency-track-api-key-bom-upload',
    'curl -X POST "https://dtrack.acme.io/api/v1/bom" -H "X-Api-Key: «odt_{a32}»" \\\n' +
      '  -F "autoCreate=true" -F "projectName=web" -F "projectVersion=main" -F "bom=@bom.json"',
  ],
  [
    'codeclimate-reporter-id-travis-env',
    '# .travis.yml\nenv:\n  global:\n    - CC_TEST_REPORTER_ID=«{h64}»\n' + 'before_script:\n  - ./cc-test-reporter before-build',
  ],
  ['kagi-api-key-bot-scheme', 'curl -H "Authorization: Bot «{B11}.{B43}»" "https://kagi.com/api/v0/search?q=rust+async+traits&limit=5"'],
  ['nasa-api-key-apod-fetch', "const apod = await fetch('https://api.nasa.gov/planetary/apod?date=2024-06-11&api_key=«{a40}»');"],
  [
    'twitch-stream-key-ffmpeg-rtmp-url',
    'ffmpeg -re -i match.mp4 -c:v libx264 -preset veryfast -b:v 6000k -c:a aac -f flv \\\n' +
      '  rtmp://fra05.contribute.live-video.net/app/«live_{d9}_{a30}»',
  ],
  [
    'aws-appsync-api-key-client-config',
    'const client = new AWSAppSyncClient({\n  url: "https://{l26}.appsync-api.eu-west-1.amazonaws.com/graphql",\n' +
      '  region: "eu-west-1",\n  auth: { type: "API_KEY", apiKey: "«da2-{l26}»" },\n});',
  ],
  [
    'amazon-mws-auth-token-properties',
    '# mws.properties (legacy seller integration, still used by the repricer)\nmws.sellerId=A{U13}\n' +
      'mws.authToken=«amzn.mws.{h8}-{h4}-{h4}-{h4}-{h12}»\nmws.marketplaceId=A1PA6795UKMFR9',
  ],
  [
    'google-authorized-user-refresh-token-json',
    '$ cat ~/.config/gcloud/application_default_credentials.json\n{\n' +
      '  "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n  "client_secret": "«GOCSPX-{B28}»",\n' +
      '  "refresh_token": "«1//0{B100}»",\n  "type": "authorized_user"\n}',
  ],
  [
    'azure-functions-key-code-query',
    'Stripe keeps getting 401 from https://acme-billing-fn.azurewebsites.net/api/StripeWebhook?code=«{B44}AzFu{B5}A==» ' +
      'even though the function key is the same one the portal shows',
  ],
  [
    'azure-ai-search-admin-key-header',
    'curl -X POST "https://acme-search.search.windows.net/indexes/products/docs/index?api-version=2023-11-01" \\\n' +
      '  -H "api-key: «{a42}AzSeA{a5}»" -H "Content-Type: application/json" -d @batch.json',
  ],
  [
    'azure-signalr-connection-string-appsettings',
    '"Azure": {\n  "SignalR": {\n' +
      '    "ConnectionString": "Endpoint=https://acme-chat.service.signalr.net;AccessKey=«{b43}=»;Version=1.0;"\n  }\n}',
  ],
  [
    'azure-communication-services-connection-string-csharp',
    'var emailClient = new EmailClient(\n' + '    "endpoint=https://acme-comms.europe.communication.azure.com/;accesskey=«{b86}==»");',
  ],
  [
    'azure-data-factory-shir-auth-key-dmgcmd',
    'PS C:\\Program Files\\Microsoft Integration Runtime\\5.0\\Shared> ' +
      '.\\dmgcmd.exe -RegisterNewNode "«IR@{h8}-{h4}-{h4}-{h4}-{h12}@adf-acme-etl@we@{b43}=»"',
  ],
  [
    'twitter-oauth1-four-values-tweepy',
    "client = tweepy.Client(\n    consumer_key='«{a25}»',\n    consumer_secret='«{a50}»',\n" +
      "    access_token='«{d19}-{a30}»',\n    access_token_secret='«{a45}»',\n)",
  ],
  [
    'ibm-cos-hmac-keys-service-credentials',
    '{\n  "cos_hmac_keys": {\n    "access_key_id": "«{h32}»",\n    "secret_access_key": "«{h48}»"\n  },\n' +
      '  "endpoints": "https://control.cloud-object-storage.cloud.ibm.com/v2/endpoints",\n' +
      '  "iam_role_crn": "crn:v1:bluemix:public:iam::::serviceRole:Writer"\n}',
  ],
  [
    'softlayer-api-key-slcli-config',
    '$ cat ~/.softlayer\n[softlayer]\nusername = SL{d7}\napi_key = «{h64}»\n' +
      'endpoint_url = https://api.softlayer.com/xmlrpc/v3.1/\ntimeout = 0',
  ],
  [
    'freemius-secret-key-php-init-array',
    "$acme_fs = fs_dynamic_init( array(\n    'id'         => '{d5}',\n    'slug'       => 'acme-forms',\n" +
      "    'public_key' => 'pk_{h29}',\n    'secret_key' => '«sk_{a29}»',\n    'is_premium' => true,\n) );",
  ],
  [
    'onfido-api-token-ruby-initializer',
    "Onfido.configure do |config|\n  config.api_token = '«api_live.{B11}.{B32}»'\n  config.region = :eu\nend",
  ],
  ['coinapi-key-header-curl', 'curl https://rest.coinapi.io/v1/exchangerate/BTC/EUR --header "X-CoinAPI-Key: «{H8}-{H4}-{H4}-{H4}-{H12}»"'],
  [
    'infura-project-id-and-secret-curl',
    'curl --user :«{h32}» https://mainnet.infura.io/v3/«{h32}» -X POST -H "Content-Type: application/json" \\\n' +
      '  -d \'{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}\'',
  ],
  [
    'pinata-api-key-and-secret-axios',
    "await axios.post('https://api.pinata.cloud/pinning/pinFileToIPFS', form, {\n  headers: {\n" +
      "    pinata_api_key: '«{h20}»',\n    pinata_secret_api_key: '«{h64}»',\n  },\n});",
  ],
  [
    'docusign-secret-key-next-to-integration-key',
    'DOCUSIGN_INTEGRATION_KEY={h8}-{h4}-{h4}-{h4}-{h12}\nDOCUSIGN_SECRET_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\n' +
      'DOCUSIGN_OAUTH_BASE=https://account-d.docusign.com',
  ],
  [
    'mulesoft-anypoint-cli-conf-client-secret',
    'anypoint-cli-v4 conf client_id {h32}\nanypoint-cli-v4 conf client_secret «{h32}»\n' +
      'anypoint-cli-v4 runtime-mgr cloudhub-application list',
  ],
  ['grafana-legacy-api-key-eyjr-env', 'GRAFANA_URL=https://grafana.acme.io\nGRAFANA_API_KEY="«eyJrIjoi{a72}»"\n'],
  [
    'jwt-base64-encoded-in-k8s-secret-data',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: partner-api\ntype: Opaque\ndata:\n' +
      '  token: «ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5LmV5{b180}»',
  ],
  [
    'vmware-powercli-connect-viserver-password',
    'Connect-VIServer -Server vcsa01.corp.acme.local -User svc_backup@vsphere.local -Password «{a14}!» -Force\n' +
      'Get-VM | Where-Object PowerState -eq "PoweredOn" | Select-Object Name, NumCpu',
  ],
  [
    'react-app-dotenv-demo-password',
    '# .env.development (create-react-app)\nREACT_APP_API_URL=https://staging-api.acme.io\n' +
      'REACT_APP_DEMO_USERNAME=demo.viewer\nREACT_APP_DEMO_PASSWORD=«{a12}»',
  ],
  [
    'mcp-claude-desktop-config-env-values',
    '// ~/Library/Application Support/Claude/claude_desktop_config.json\n{\n  "mcpServers": {\n    "warehouse": {\n' +
      '      "command": "npx",\n      "args": ["-y", "@acme/mcp-postgres"],\n' +
      '      "env": { "PG_PASSWORD": "«{a24}»", "INTERNAL_MCP_TOKEN": "«{a40}»" }\n    }\n  }\n}',
  ],
  [
    'expect-script-send-password',
    '#!/usr/bin/expect -f\nset timeout 20\nspawn ssh admin@10.0.4.12\nexpect "password:"\nsend "«{a16}»\\r"\ninteract',
  ],
  [
    'nslcd-conf-bindpw',
    '# /etc/nslcd.conf\nuri ldaps://ldap.acme.io\nbase dc=acme,dc=io\nbinddn cn=nslcd,ou=services,dc=acme,dc=io\nbindpw «{a20}»\n' +
      'tls_reqcert demand',
  ],
  ['dovecot-passwd-file-plain-scheme', '# /etc/dovecot/users\nalerts@acme.io:{PLAIN}«{a18}»::::::\nbilling@acme.io:{PLAIN}«{a18}»::::::'],
  [
    'joomla-configuration-php-password-and-secret',
    "class JConfig {\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = 'joomla';\n" +
      "\tpublic $password = '«{a16}»';\n\tpublic $db = 'joomla_prod';\n\tpublic $secret = '«{a16}»';\n}",
  ],
  [
    'magento-env-php-crypt-key-and-db-password',
    "return [\n    'crypt' => [\n        'key' => '«{h32}»'\n    ],\n    'db' => [\n        'connection' => [\n" +
      "            'default' => [\n                'host' => 'mysql',\n                'dbname' => 'magento',\n" +
      "                'username' => 'magento',\n                'password' => '«{a20}»',\n            ],\n        ],\n    ],\n];",
  ],
  [
    'aspnet-web-config-machinekey',
    '<system.web>\n  <machineKey validationKey="«{H128}»"\n' +
      '              decryptionKey="«{H64}»"\n              validation="HMACSHA256" decryption="AES" />\n</system.web>',
  ],
  ['prose-chinese-db-password', '环境已经搭好了,数据库地址 10.2.3.15:3306,账号 app_rw,密码:«{a14}»,用完记得改掉。'],
  ['prose-korean-server-password', '서버 접속 정보 공유드립니다. 호스트: 52.79.{d2}.{d3}, 계정: ubuntu, 비밀번호: «{a16}» 입니다.'],
  [
    'prose-polish-ftp-password',
    'Cześć, dane do FTP klienta: serwer ftp.sklep-ogrodowy.pl, login: sklep_admin, hasło: «{a12}» (proszę nie wrzucać tego na Slacka).',
  ],
  [
    'prose-turkish-admin-panel-password',
    'Yönetim paneline giriş için kullanıcı adı "yonetici", şifre "«{a14}»". Lütfen ilk girişte değiştirin.',
  ],
  ['python-implicit-concatenation-split-token', '# black split the long line\nSERVICE_TOKEN = (\n    "«{a32}»"\n    "«{a32}»"\n)'],
  ['rtsp-camera-url-userinfo', 'ffplay -rtsp_transport tcp "rtsp://admin:«{a12}»@192.168.1.64:554/Streaming/Channels/101"'],
  ['smb-url-domain-user-password', "gio mount 'smb://ACME;j.doe:«{a14}»@fs01.acme.local/finance'"],
  [
    'dockerfile-htpasswd-batch-password',
    'FROM nginx:1.27-alpine\nRUN apk add --no-cache apache2-utils \\\n && htpasswd -Bbc /etc/nginx/.htpasswd metrics «{a18}»\n' +
      'COPY nginx.conf /etc/nginx/nginx.conf',
  ],
  [
    'keycloak-kcadm-config-credentials-password',
    '/opt/keycloak/bin/kcadm.sh config credentials --server http://localhost:8080 --realm master --user admin --password «{a16}»\n' +
      '/opt/keycloak/bin/kcadm.sh create realms -s realm=acme -s enabled=true',
  ],
  ['racadm-idrac-password-flag', 'racadm -r 10.10.8.21 -u root -p «{a14}» serveraction powercycle'],
  ['pgbouncer-userlist-plain-passwords', '# /etc/pgbouncer/userlist.txt\n"app_rw" "«{a20}»"\n"pgbouncer_admin" "«{a20}»"'],
  [
    'delphi-firedac-params-password',
    "FDConnection1.Params.Clear;\nFDConnection1.Params.Add('DriverID=MSSQL');\nFDConnection1.Params.Add('Server=sql02\\PROD');\n" +
      "FDConnection1.Params.Add('User_Name=erp_app');\nFDConnection1.Params.Add('Password=«{a16}»');\nFDConnection1.Connected := True;",
  ],
  [
    'objective-c-nsstring-const-secret',
    'static NSString * const kAcmeAPISecret = @"«{a40}»";\nstatic NSString * const kAcmeBaseURL = @"https://api.acme.io/v2";',
  ],
  [
    'c-header-define-mqtt-password-and-hmac-key',
    '/* config.h, written by the provisioning script */\n#define DEVICE_ID        "{l12}"\n#define MQTT_PASSWORD    "«{a24}»"\n' +
      '#define OTA_HMAC_KEY     "«{h64}»"',
  ],
  [
    'bazelrc-remote-header-api-key',
    '# .bazelrc.user\nbuild --remote_cache=grpcs://remote.buildbuddy.io\nbuild --remote_header=x-buildbuddy-api-key=«{a20}»',
  ],
  ['poetry-config-http-basic-cli', 'poetry config http-basic.acme-private ci-bot «{a24}»\npoetry install --no-interaction --sync'],
  [
    'bundler-config-private-gem-server-credentials',
    'bundle config set --global gems.acme-internal.io deploy:«{a24}»\nbundle install --jobs 4',
  ],
  [
    'ldappasswd-bind-and-new-password',
    'ldappasswd -H ldaps://ldap.acme.io -x -D "cn=admin,dc=acme,dc=io" -w «{a16}» -s «{a16}» \\\n' +
      '  "uid=j.doe,ou=people,dc=acme,dc=io"',
  ],
];
export const BLIND12_NEGATIVES: readonly (readonly [string, string])[] = [
  ['identifier', 'func (c *Client) WithAPIKey(apiKey string) *Client {\n\tc.apiKey = apiKey\n\treturn c\n}'],
  [
    'identifier',
    'class TokenBucket:\n    def __init__(self, tokens_per_second: float, burst: int) -> None:\n        self.tokens = burst\n' +
      '        self.rate = tokens_per_second',
  ],
  [
    'identifier',
    'CREATE TABLE api_keys (\n  id uuid PRIMARY KEY,\n  key_prefix char(8) NOT NULL,\n  key_hash char(64) NOT NULL,\n' +
      '  revoked_at timestamptz\n);',
  ],
  [
    'identifier',
    'components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-KEY\n' +
      'security:\n  - ApiKeyAuth: []',
  ],
  [
    'identifier',
    '  # aws_db_instance.main will be created\n  + resource "aws_db_instance" "main" {\n      + password = (sensitive value)\n' +
      '      + username = "app"\n    }',
  ],
  [
    'identifier',
    'export const PASSWORD_MIN_LENGTH = 12;\nexport const SESSION_TOKEN_TTL_SECONDS = 3600;\nexport const API_KEY_HEADER = "x-api-key";',
  ],
  ['identifier', 'url_template: "rtmp://fra05.contribute.live-video.net/app/{stream_key}"'],
  ['reference', '@Value("${stripe.secret-key}")\nprivate String stripeSecretKey;'],
  ['reference', 'sqlalchemy.url = postgresql+psycopg://app:%(DB_PASSWORD)s@db.internal:5432/app'],
  [
    'reference',
    '- name: create db user\n  community.postgresql.postgresql_user:\n    name: app\n    password: "{{ vault_app_db_password }}"',
  ],
  ['reference', 'export DB_PASS=$(vault kv get -field=password secret/prod/postgres)'],
  [
    'reference',
    'upload:\n  script:\n    - \'curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file dist/app.tgz ' +
      '"${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/app/1.4.0/app.tgz"\'',
  ],
  ['reference', 'data:\n  - secretKey: password\n    remoteRef:\n      key: prod/payments/postgres\n      property: password'],
  [
    'reference',
    '- task: AzureCLI@2\n  inputs:\n    inlineScript: az sql server update -n acme-sql -g rg-data --admin-password "$(sqlAdminPassword)"',
  ],
  [
    'reference',
    '[Service]\nLoadCredential=db-password:/etc/acme/creds/db-password\n' +
      'ExecStart=/usr/bin/acme-api --db-password-file=${CREDENTIALS_DIRECTORY}/db-password',
  ],
  ['reference', 'resource "aws_db_instance" "main" {\n  username = "app"\n  password = random_password.db.result\n}'],
  ['reference', 'environment:\n  POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\nsecrets:\n  - pg_password'],
  ['reference', '"MasterUserPassword": "{{resolve:secretsmanager:prod/rds/master:SecretString:password}}"'],
  [
    'reference',
    'gcloud run deploy api --image=europe-docker.pkg.dev/acme/api/api:1.9.0 --set-secrets=DB_PASS=db-pass:latest,STRIPE_KEY=stripe-key:3',
  ],
  ['reference', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@acme:registry=https://npm.pkg.github.com'],
  ['reference', 'kubectl create secret generic meraki --from-literal=api-key="$(op read op://Infra/Meraki/credential)"'],
  ['placeholder', 'curl "https://api.nytimes.com/svc/search/v2/articlesearch.json?q=election&api-key=<YOUR_API_KEY>"'],
  ['placeholder', '# .env.sample\nMERAKI_API_KEY=\nKAGI_API_KEY=\nTWITCH_STREAM_KEY=live_XXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  ['docs', 'kubeadm join 192.168.0.200:6443 --token abcdef.0123456789abcdef --discovery-token-unsafe-skip-ca-verification'],
  [
    'docs',
    'Slack tokens carry a type prefix: xoxb- for bot tokens, xoxp- for user tokens, xapp- for app-level tokens ' +
      'and xoxe.xoxp- for configuration tokens.',
  ],
  [
    'docs',
    'GitLab token prefixes: glpat- (personal), gldt- (deploy), glrt- (runner), glsoat- (SCIM), glimt- (incoming mail). ' +
      'A custom prefix can be set under Admin > Settings > General.',
  ],
  [
    'docs',
    'A JWT is three base64url parts joined by dots: the header (eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 decodes to ' +
      '{"alg":"RS256","typ":"JWT"}), the claims and the signature.',
  ],
  ['digest', '$ sha256sum terraform_1.8.5_linux_amd64.zip\n{h64}  terraform_1.8.5_linux_amd64.zip'],
  ['digest', '"@babel/core@npm:7.24.7":\n  version: 7.24.7\n  resolution: "@babel/core@npm:7.24.7"\n  checksum: 10c0/{h128}'],
  [
    'digest',
    '<component group="com.squareup.okhttp3" name="okhttp" version="4.12.0">\n   <artifact name="okhttp-4.12.0.jar">\n' +
      '      <sha256 value="{h64}" origin="Generated by Gradle"/>\n   </artifact>\n</component>',
  ],
  [
    'digest',
    '$ git log --oneline -3\n{h7} fix(meraki): retry on 429\n{h7} chore: bump tweepy to 4.14\n{h7} feat: rotate slack config token nightly',
  ],
  [
    'digest',
    'REPOSITORY   TAG     DIGEST                                                                    IMAGE ID\n' +
      'acme/api     1.9.0   sha256:{h64}   {h12}',
  ],
  [
    'uuid',
    'az account set --subscription {h8}-{h4}-{h4}-{h4}-{h12}\n' +
      'az aks get-credentials -g rg-prod -n aks-prod  # tenant {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'uuid',
    'APPLICATIONINSIGHTS_CONNECTION_STRING=InstrumentationKey={h8}-{h4}-{h4}-{h4}-{h12};' +
      'IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;' +
      'LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/',
  ],
  [
    'uuid',
    'Project("{{H8}-{H4}-{H4}-{H4}-{H12}}") = "Acme.Api", "src\\Acme.Api\\Acme.Api.csproj", "{{H8}-{H4}-{H4}-{H4}-{H12}}"\nEndProject',
  ],
  [
    'arn',
    '- uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::{d12}:role/gha-deploy-prod\n' +
      '    aws-region: eu-central-1',
  ],
  ['arn', '"KmsKeyId": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}"'],
  ['css-html-js', ':root {\n  --color-token-primary: #1f6feb;\n  --color-secret-badge: #{h6};\n  --radius-key: 6px;\n}'],
  [
    'css-html-js',
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2zm1 15h-2v-2h2zm0-4h-2V7h2z"/></svg>',
  ],
  ['css-html-js', '<div class="g-recaptcha" data-sitekey="6L{B38}" data-callback="onCaptcha"></div>'],
  ['url', 'the talk is at https://www.youtube.com/watch?v={B11}&list=PL{B32}&index=4 (starts at 12:40)'],
  ['url', 'Diff for the release: https://github.com/acme/api/compare/{h40}...{h40}'],
  [
    'log',
    '10.0.3.17 - - [11/Jun/2024:09:14:02 +0000] "GET /api/v1/tokens?page=2 HTTP/1.1" 200 5123 "-" "okhttp/4.12.0" rt=0.041 req_id={h32}',
  ],
  ['log', 'Warning  BackOff  pod/payments-api-{l10}-{l5}  Back-off restarting failed container api ' + '(uid {h8}-{h4}-{h4}-{h4}-{h12})'],
  ['version', 'ruby 3.3.3 (2024-06-12 revision {h10}) [x86_64-linux]'],
  ['version', 'require golang.org/x/exp v0.0.0-20240613232115-{h12} // indirect'],
  [
    'public-key',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b8}IDAQAB\n' +
      '-----END PUBLIC KEY-----',
  ],
  ['public-key', '# ~/.ssh/known_hosts\n|1|{b27}=|{b27}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}'],
  [
    'public-key',
    '$ gpg --list-keys dana@acme.io\npub   ed25519 2024-02-01 [SC]\n      {H40}\nuid           [ultimate] Dana Ortiz <dana@acme.io>\n' +
      'sub   cv25519 2024-02-01 [E]',
  ],
  ['public-key', 'verify the download: minisign -Vm acme-cli-2.1.0.tar.gz -P RW{b54}'],
  [
    'base64-data',
    '"outputs": [{"output_type": "display_data", "data": {"image/png": "iVBORw0KGgoAAAANSUhEUgAAAoAAAAHgCAYAAAA{b160}", ' +
      '"text/plain": ["<Figure size 640x480 with 1 Axes>"]}}]',
  ],
  [
    'masked',
    '#12 [deploy 4/9] RUN --mount=type=secret,id=npmrc npm ci\n#12 npm notice Using auth token ***\n' +
      '[deploy] AWS_SECRET_ACCESS_KEY=****************************************',
  ],
  [
    'prose',
    'The Meraki dashboard key goes in the X-Cisco-Meraki-API-Key header; it is 40 hex characters and each admin can hold two, ' +
      'so rotate by creating the second one first.',
  ],
  [
    'fixture',
    'AES-128 known-answer vector from FIPS-197: key 000102030405060708090a0b0c0d0e0f, plaintext 00112233445566778899aabbccddeeff, ' +
      'ciphertext 69c4e0d86a7b0430d8cdb78070b4c55a',
  ],
];
