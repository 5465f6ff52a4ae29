/** A twenty-fourth held-out batch, written blind from the facts (token shape, required context) of the public Nosey Parker rule set: every random part a template run, every text written for the batch, scored once before any tuning. */
export const BLIND24_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'generic-secret-kotlin-companion-const',
    'class WebhookVerifier {\n    companion object {\n        private const val SIGNING_SECRET = "«{a40}»"\n    }\n}',
  ],
  [
    'generic-api-key-gradle-kts-buildconfig-field',
    'defaultConfig {\n    applicationId = "io.acme.weather"\n    buildConfigField("String", "WEATHER_API_KEY", "\\"«{h32}»\\"")\n}',
  ],
  [
    'generic-access-key-docker-registry-s3-storage',
    'storage:\n  s3:\n    region: eu-west-1\n    bucket: acme-registry-blobs\n    accesskey: «AKIA{u16}»\n    secretkey: «{b40}»',
  ],
  [
    'generic-user-password-python-ftplib',
    "host = 'ftp.partner-feeds.net'\nuser = 'acme_upload'\npassword = '«{a16}»'\nftp = FTP(host)\nftp.login(user, password)",
  ],
  ['generic-user-pass-unquoted-mycnf-client', '[client]\nhost = db-replica-2.internal\nuser = backup_ro\npassword = «{a18}»\n'],
  [
    'generic-password-go-short-decl',
    'func openReporting() (*sql.DB, error) {\n\tdbPassword := "«{a20}»"\n\treturn sql.Open("mysql", "reporting:"+dbPassword+"@tcp(10.0.4.12:3306)/reports")\n}',
  ],
  [
    'generic-password-ruby-establish-connection',
    "ActiveRecord::Base.establish_connection(\n  adapter: 'postgresql', host: 'reports-db', username: 'reporting', password: '«{a18}»'\n)",
  ],
  [
    'generic-networkcredential-csharp-smtpclient',
    'var smtp = new SmtpClient("smtp.office365.com", 587)\n{\n    Credentials = new NetworkCredential("alerts@acme-logistics.com", "«{a16}»"),\n    EnableSsl = true\n};',
  ],
  [
    'generic-dotnet-appsettings-add-key-gateway-token',
    '<appSettings>\n  <add key="PaymentGatewayToken" value="«{a32}»" />\n  <add key="PaymentGatewayUrl" value="https://pay.acme-gw.com/v2" />\n</appSettings>',
  ],
  [
    'generic-dotnet-appsettings-oracle-connection-string',
    '<add key="OracleConnectionString" value="Data Source=ORCLPROD;User Id=billing_app;Password=«{a14}»;" />',
  ],
  [
    'generic-prose-password-is-single-quoted-vm-image',
    "echo \"Image built. Log in on the console as 'vagrant'; the password is '«{a12}»'.\"",
  ],
  [
    'generic-prose-default-password-for-user-double-quoted',
    '3. The default password for the user "grafana-admin" is "«{a14}»" until the first login forces a reset.',
  ],
  [
    'aws-sts-temporary-keys-session-token-exports',
    'export AWS_ACCESS_KEY_ID=«ASIA{u16}»\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2Vj{b200}»',
  ],
  [
    'aws-ruby-sdk-credentials-new',
    "Aws.config.update(\n  region: 'eu-west-1',\n  credentials: Aws::Credentials.new('«AKIA{u16}»', '«{b40}»')\n)",
  ],
  [
    'aws-appsync-api-key-curl-graphql',
    'curl -s https://{l26}.appsync-api.us-east-1.amazonaws.com/graphql \\\n  -H "x-api-key: «da2-{l26}»" \\\n  -d \'{"query":"{ listOrders { items { id total } } }"}\'',
  ],
  [
    'aws-laravel-filesystems-s3-key-secret',
    "'s3' => [\n    'driver' => 's3',\n    'key'    => '«AKIA{u16}»',\n    'secret' => '«{b40}»',\n    'region' => 'us-east-2',\n    'bucket' => 'acme-invoices',\n],",
  ],
  [
    'azure-storage-connection-string-python-blob-client',
    'svc = BlobServiceClient.from_connection_string(\n    "DefaultEndpointsProtocol=https;AccountName=acmereports01;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n)',
  ],
  [
    'azure-event-hubs-connection-string-spark-conf',
    'conn = "Endpoint=sb://telemetry-ns.servicebus.windows.net/;SharedAccessKeyName=spark-reader;SharedAccessKey=«{b43}=»;EntityPath=device-events"\nehConf = {"eventhubs.connectionString": conn}',
  ],
  [
    'azure-app-configuration-connection-string-dotnet',
    'builder.Configuration.AddAzureAppConfiguration(\n    "Endpoint=https://acme-appcfg-prod.azconfig.io;Id={l4}-{l2}-s0:{a20};Secret=«{b43}=»");',
  ],
  [
    'azure-devops-pat-csharp-var',
    'var personalAccessToken = "«{l52}»";\nvar basic = Convert.ToBase64String(Encoding.ASCII.GetBytes(":" + personalAccessToken));\nclient.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", basic);',
  ],
  [
    'google-oauth-client-secret-web-client-json',
    '{"web":{"client_id":"{d12}-{l32}.apps.googleusercontent.com","project_id":"acme-crm-prod","auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token","client_secret":"«GOCSPX-{B28}»","redirect_uris":["https://crm.acme.io/oauth/callback"]}}',
  ],
  [
    'google-oauth-access-token-python-credentials',
    'from google.oauth2.credentials import Credentials\ncreds = Credentials(token="«ya29.a0{B150}»")\nservice = build("drive", "v3", credentials=creds)',
  ],
  [
    'google-api-key-youtube-build-developer-key',
    'youtube = build("youtube", "v3", developerKey="«AIza{B35}»")\nreq = youtube.search().list(q="acme launch", part="snippet", maxResults=25)',
  ],
  [
    'pem-rsa-go-raw-string-literal',
    'var signingKeyPEM = []byte(`-----BEGIN RSA PRIVATE KEY-----\n«MIIEpQIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b36}»\n-----END RSA PRIVATE KEY-----`)',
  ],
  [
    'pem-ec-private-key-java-string-concat',
    'String pem = "-----BEGIN EC PRIVATE KEY-----\\n" +\n    "«MHcCAQEEI{b55}»\\n" +\n    "«{b64}»\\n" +\n    "«{b12}»\\n" +\n    "-----END EC PRIVATE KEY-----";',
  ],
  [
    'pem-rsa-csharp-crlf-escaped-literal',
    'const string Key = "-----BEGIN RSA PRIVATE KEY-----\\r\\n«MIIEogIBAAKCAQEA{b48}\\r\\n{b64}\\r\\n{b64}\\r\\n{b64}\\r\\n{b30}»\\r\\n-----END RSA PRIVATE KEY-----";',
  ],
  [
    'pem-openssh-cloud-init-write-files',
    'write_files:\n  - path: /home/deploy/.ssh/id_ed25519\n    permissions: "0600"\n    content: |\n      -----BEGIN OPENSSH PRIVATE KEY-----\n      «b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n      QyNTUxOQAAACA{b57}\n      {b70}\n      {b70}\n      {b24}==»\n      -----END OPENSSH PRIVATE KEY-----',
  ],
  [
    'pgp-private-key-gpg-import-heredoc',
    "gpg --batch --import <<'EOF'\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«lQVYBG{b58}\n{b64}\n{b64}\n{b64}\n{b64}\n={b4}»\n-----END PGP PRIVATE KEY BLOCK-----\nEOF",
  ],
  [
    'pem-base64-rsa-k8s-tls-secret-data',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: ingress-tls\ntype: kubernetes.io/tls\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b120}\n  tls.key: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF{b320}»',
  ],
  [
    'pem-base64-ec-json-private-key-field',
    '{\n  "keyId": "signer-2024-05",\n  "privateKey": "«LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1I{b180}»"\n}',
  ],
  ['md5crypt-etc-shadow-line', 'svc_ftp:«$1${p8}${p22}»:19612:0:99999:7:::'],
  ['bcrypt-htpasswd-file-entry', '$ cat auth/htpasswd\nregistry-admin:«$2y$05${p53}»\nci-pusher:«$2y$05${p53}»'],
  ['bcrypt-hash-sql-seed-insert', "INSERT INTO users (email, password_hash, role)\nVALUES ('ops@acme.io', '«$2a$10${p53}»', 'admin');"],
  ['sha256crypt-shadow-line-rounds', 'root:«$5$rounds=535000${p16}${p43}»:19700:0:99999:7:::'],
  ['sha512crypt-cloud-init-user-passwd', 'users:\n  - name: ops\n    groups: sudo\n    lock_passwd: false\n    passwd: «$6${p16}${p86}»'],
  [
    'sha512crypt-kickstart-rootpw-iscrypted',
    'lang en_US.UTF-8\nrootpw --iscrypted «$6$rounds=656000${p16}${p86}»\ntimezone Europe/Berlin --utc',
  ],
  [
    'cisco-type8-pbkdf2-enable-secret',
    'hostname edge-rtr-02\n!\nenable secret 8 «$8${p14}${p43}»\nusername netops privilege 15 secret 8 «$8${p14}${p43}»',
  ],
  [
    'http-basic-auth-dot-http-file',
    '### list overdue invoices\nGET https://erp.acme.io/api/invoices?status=overdue\nAuthorization: Basic «{b42}==»\nAccept: application/json',
  ],
  [
    'http-bearer-token-wget-header',
    'wget --header="Authorization: Bearer «{B64}»" -O export.csv "https://reports.acme.io/api/v2/exports/latest"',
  ],
  ['jwt-session-cookie-curl-flag', 'curl -s -b "session=«eyJhbGciOiJIUzI1NiJ9.eyJ{B90}.{B43}»" https://admin.acme.io/api/me'],
  [
    'jwt-supabase-service-role-env',
    'SUPABASE_URL=https://{l20}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B140}.{B43}»',
  ],
  ['jwtsecret-single-quoted-yaml', "oauthproviders:\n  github:\n    enabled: true\n  jwtsecret: '«{a48}»'\n  sessionttl: 12h"],
  ['jwt-secret-nested-yaml-double-quoted', 'app:\n  name: ledger\njwt:\n  secret: "«{a44}»"\n  ttl: 3600'],
  [
    'k8s-bootstrap-token-kubelet-flag',
    'ExecStart=/usr/bin/kubelet \\\n  --bootstrap-kubeconfig=/etc/kubernetes/bootstrap.conf \\\n  --tls-bootstrap-token «{l6}.{l16}»',
  ],
  [
    'k8s-bootstrap-token-id-secret-yaml',
    '# Token ID and secret for node joins\ntoken-id: {l6}\ntoken-secret: «{l16}»\nusage-bootstrap-authentication: "true"',
  ],
  ['netrc-default-entry-one-line', 'default login mirror-sync password «{a20}»'],
  [
    'netrc-heroku-api-and-git-machines',
    'machine api.heroku.com\n  login dana@acme.io\n  password «{h8}-{h4}-{h4}-{h4}-{h12}»\nmachine git.heroku.com\n  login dana@acme.io\n  password «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'odbc-oledb-vbscript-connection-open',
    'Set conn = CreateObject("ADODB.Connection")\nconn.Open "Provider=SQLOLEDB;Data Source=sql02;Initial Catalog=Payroll;User Id=payroll_svc;Password=«{a14}»;"',
  ],
  [
    'odbc-php-odbc-connect-uid-pwd',
    '$conn = odbc_connect("Driver={ODBC Driver 18 for SQL Server};Server=tcp:acme-crm.database.windows.net,1433;Database=crm;Uid=crm_reader;Pwd=«{a16}»;Encrypt=yes;", "", "");',
  ],
  [
    'odbc-pyodbc-redshift-dsn-string',
    'cnxn = pyodbc.connect("Driver={Amazon Redshift (x64)}; Server=dw.acme.eu-west-1.redshift.amazonaws.com; Database=dev; UID=etl_user; PWD=«{a18}»; Port=5439")',
  ],
  ['postgres-uri-sqlalchemy-create-engine', 'engine = create_engine("postgresql://analytics:«{a16}»@warehouse.internal:5432/metrics")'],
  [
    'postgres-uri-node-pg-pool-rds',
    "const pool = new Pool({\n  connectionString: 'postgres://orders_svc:«{a20}»@orders-db.cluster-{l12}.eu-central-1.rds.amazonaws.com:5432/orders?sslmode=require',\n});",
  ],
  [
    'mongodb-srv-uri-python-motor',
    'client = AsyncIOMotorClient("mongodb+srv://catalog_rw:«{a16}»@catalog.{l5}.mongodb.net/?retryWrites=true&w=majority")',
  ],
  [
    'mongodb-uri-spring-data-properties',
    'spring.data.mongodb.uri=mongodb://inventory:«{a18}»@mongo-0.mongo:27017,mongo-1.mongo:27017/inventory?replicaSet=rs0',
  ],
  [
    'django-startproject-secret-key-diff-added',
    "+# SECURITY WARNING: keep the secret key used in production secret!\n+SECRET_KEY = '«django-insecure-{a50}»'\n+\n+# SECURITY WARNING: don't run with debug turned on in production!\n+DEBUG = True",
  ],
  [
    'psexec-batch-remote-msi-install',
    'psexec \\\\10.20.1.15 -u CORP\\svc_deploy -p «{a14}» -h cmd /c "msiexec /i \\\\fs01\\pkgs\\agent.msi /qn"',
  ],
  [
    'psexec-powershell-foreach-hosts',
    'foreach ($h in $hosts) {\n  & .\\PsExec64.exe \\\\$h -accepteula -u ACME\\patchsvc -p «{a16}» -s powershell -File C:\\ops\\patch.ps1\n}',
  ],
  [
    'phpmailer-ses-smtp-credentials',
    "$mail->isSMTP();\n$mail->Host = 'email-smtp.eu-west-1.amazonaws.com';\n$mail->SMTPAuth = true;\n$mail->Username = '«AKIA{u16}»';\n$mail->Password = '«B{b43}»';\n$mail->Port = 587;",
  ],
  [
    'react-app-e2e-user-pass-env-development',
    'REACT_APP_API_BASE=https://staging-api.acme.io\nREACT_APP_E2E_USERNAME=qa.bot@acme.io\nREACT_APP_E2E_PASS=«{a12}»',
  ],
  [
    'gradle-groovy-maven-credentials-block',
    "repositories {\n    maven {\n        url \"https://nexus.acme.io/repository/maven-releases/\"\n        credentials {\n            username 'deployer'\n            password '«{a20}»'\n        }\n    }\n}",
  ],
  [
    'jenkins-api-token-python-jenkins-const',
    'JENKINS_URL = "https://ci.acme.io"\nJENKINS_TOKEN = "«11{h32}»"\nserver = jenkins.Jenkins(JENKINS_URL, username="release-bot", password=JENKINS_TOKEN)',
  ],
  ['npm-granular-token-gha-node-auth-env', '- run: npm publish --access public\n  env:\n    NODE_AUTH_TOKEN: «npm_{a36}»'],
  ['npm-token-yarnrc-yml-scope', 'npmScopes:\n  acme:\n    npmRegistryServer: "https://registry.npmjs.org"\n    npmAuthToken: «npm_{a36}»'],
  [
    'nuget-api-key-dotnet-push-flag',
    'dotnet nuget push "bin/Release/*.nupkg" --api-key «oy2{l43}» --source https://api.nuget.org/v3/index.json --skip-duplicate',
  ],
  ['nuget-setapikey-command', 'nuget setapikey «oy2{l43}» -source https://api.nuget.org/v3/index.json'],
  ['pypi-token-twine-env-inline', 'TWINE_USERNAME=__token__ TWINE_PASSWORD=«pypi-AgEIcHlwaS5vcmc{B120}» twine upload dist/*'],
  ['pypi-token-poetry-config', 'poetry config pypi-token.pypi «pypi-AgEIcHlwaS5vcmcCJ{B140}»'],
  ['rubygems-api-key-gem-credentials-file', '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»'],
  [
    'rubygems-gem-host-api-key-gitlab-ci',
    'release:\n  stage: deploy\n  variables:\n    GEM_HOST_API_KEY: «rubygems_{h48}»\n  script:\n    - gem push pkg/*.gem',
  ],
  ['cratesio-token-cargo-publish-flag', 'cargo publish --token «cio{a32}» --allow-dirty'],
  ['cratesio-token-gha-env', '- name: Publish crate\n  run: cargo publish\n  env:\n    CARGO_REGISTRY_TOKEN: «cio{a32}»'],
  ['dockerhub-pat-login-password-stdin', 'echo «dckr_pat_{B27}» | docker login -u acmebuild --password-stdin'],
  [
    'github-app-user-token-refresh-response',
    '{"access_token":"«ghu_{a36}»","expires_in":28800,"refresh_token":"«ghr_{a76}»","refresh_token_expires_in":15811200,"token_type":"bearer","scope":""}',
  ],
  ['github-ghs-token-git-clone-url', 'git clone https://x-access-token:«ghs_{a36}»@github.com/acme/payments.git'],
  [
    'github-oauth-app-client-secret-env',
    'GITHUB_CLIENT_ID=Iv1.{h16}\nGITHUB_CLIENT_SECRET=«{h40}»\nGITHUB_CALLBACK_URL=https://wiki.acme.io/auth/github/callback',
  ],
  ['github-fine-grained-pat-terraform-provider', 'provider "github" {\n  owner = "acme"\n  token = "«github_pat_{a22}_{a59}»"\n}'],
  [
    'gitlab-runner-registration-token-helm-values',
    'gitlabUrl: https://gitlab.acme.io/\nrunnerRegistrationToken: "«GR1348941{B20}»"\nrbac:\n  create: true',
  ],
  [
    'gitlab-pat-private-token-header-curl',
    'curl --header "PRIVATE-TOKEN: «glpat-{B20}»" "https://gitlab.acme.io/api/v4/projects?membership=true&per_page=100"',
  ],
  [
    'gitlab-trigger-token-python-requests',
    'resp = requests.post(\n    "https://gitlab.acme.io/api/v4/projects/412/trigger/pipeline",\n    data={"token": "«glptt-{h40}»", "ref": "main"},\n)',
  ],
  ['slack-bot-token-bolt-python-app', 'app = App(\n    token="«xoxb-{d12}-{d13}-{a24}»",\n    signing_secret="«{h32}»",\n)'],
  [
    'slack-user-token-xoxp-query-url',
    'GET https://slack.com/api/conversations.history?token=«xoxp-{d12}-{d12}-{d12}-{h32}»&channel=C0{u9}&limit=200',
  ],
  ['slack-app-level-token-dockerfile-env', 'ENV SLACK_APP_TOKEN="«xapp-{d12}-{a24}»" \\\n    SOCKET_MODE=1'],
  ['slack-legacy-bot-token-errbot-config', "BOT_IDENTITY = {\n    'token': '«xoxb-{d11}-{a24}»',\n}"],
  [
    'slack-webhook-url-terraform-tfvars',
    'alert_channel     = "#prod-alerts"\nslack_webhook_url = "«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"',
  ],
  [
    'adafruit-io-key-circuitpython-secrets',
    "secrets = {\n    'ssid': 'shed-iot',\n    'password': '«{a12}»',\n    'aio_username': 'maker_dana',\n    'aio_key': '«aio_{a28}»',\n}",
  ],
  ['adobe-p8e-client-secret-env', 'ADOBE_CLIENT_ID={h32}\nADOBE_CLIENT_SECRET=«p8e-{a32}»\nADOBE_ORG_ID={H24}@AdobeOrg'],
  [
    'age-secret-key-sops-keys-file',
    '$ cat ~/.config/sops/age/keys.txt\n# created: 2024-03-02T10:14:07Z\n# public key: age1{l58}\n«AGE-SECRET-KEY-1{e58}»',
  ],
  ['age-secret-key-env-sops', 'export SOPS_AGE_KEY=«AGE-SECRET-KEY-1{e58}»\nsops -d secrets/prod.enc.yaml > /tmp/prod.yaml'],
  ['anthropic-api-key-python-client-kwarg', 'client = anthropic.Anthropic(api_key="«sk-ant-api03-{B93}AA»")'],
  ['artifactory-apikey-shell-export', 'export ARTIFACTORY_USER=dana\nexport ARTIFACTORY_APIKEY=«AKCp8{a68}»\n./gradlew publish'],
  [
    'atlassian-api-token-jira-python-basic-auth',
    'jira = JIRA(\n    server="https://acme.atlassian.net",\n    basic_auth=("dana@acme.io", "«ATATT3xFfGF0{B180}={H8}»"),\n)',
  ],
  [
    'atlassian-api-token-confluence-curl-user',
    'curl -u dana@acme.io:«ATATT3xFfGF0{B150}={H8}» "https://acme.atlassian.net/wiki/rest/api/space?limit=50"',
  ],
  [
    'auth0-nextjs-env-local-secret-and-client-secret',
    "AUTH0_SECRET='«{h64}»'\nAUTH0_BASE_URL='http://localhost:3000'\nAUTH0_ISSUER_BASE_URL='https://acme-dev.eu.auth0.com'\nAUTH0_CLIENT_ID='{a32}'\nAUTH0_CLIENT_SECRET='«{B64}»'",
  ],
  ['bitbucket-app-password-git-clone-url', 'git clone https://dana-ortiz:«ATBB{a32}»@bitbucket.org/acme/mobile-app.git'],
  ['blynk-device-token-https-update-url', 'curl "https://fra1.blynk.cloud/external/api/update?token=«{B32}»&V2=1"'],
  [
    'blynk-org-client-secret-basic-user',
    'curl -X POST -u oa2-client-id_{B32}:«{B40}» "https://lon1.blynk.cloud/oauth2/token?grant_type=client_credentials"',
  ],
  ['databricks-pat-databrickscfg-profile', '[DEFAULT]\nhost  = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken = «dapi{h32}»'],
  [
    'databricks-pat-sql-connector-python',
    'conn = sql.connect(\n    server_hostname="adb-{d16}.{d1}.azuredatabricks.net",\n    http_path="/sql/1.0/warehouses/{h16}",\n    access_token="«dapi{h32}-2»",\n)',
  ],
  ['digitalocean-pat-doctl-auth-init', 'doctl auth init --context acme-prod -t «dop_v1_{h64}»'],
  [
    'digitalocean-oauth-token-response',
    '{"access_token":"«doo_v1_{h64}»","token_type":"bearer","expires_in":2592000,"refresh_token":"«dor_v1_{h64}»","scope":"read write"}',
  ],
  ['doppler-service-token-docker-run', 'docker run --rm -e DOPPLER_TOKEN=«dp.st.prd.{a43}» acme/api:1.8.2'],
  ['doppler-personal-token-cli-configure', 'doppler configure set token «dp.pt.{a43}» --scope /srv/billing'],
  ['doppler-service-account-token-terraform-provider', 'provider "doppler" {\n  doppler_token = "«dp.sa.{a43}»"\n}'],
  ['dropbox-short-lived-token-python-sdk', 'dbx = dropbox.Dropbox("«sl.{B140}»")\ndbx.files_upload(data, "/backups/db.sql.gz")'],
  [
    'dynatrace-api-token-oneagent-installer-wget',
    'wget -O Dynatrace-OneAgent.sh "https://{l8}.live.dynatrace.com/api/v1/deployment/installer/agent/unix/default/latest?arch=x86" --header="Authorization: Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  ['facebook-fb-app-secret-python-settings', "FB_APP_ID = '{d16}'\nFB_APP_SECRET = '«{h32}»'"],
  [
    'facebook-graph-explorer-token-url',
    'r = requests.get("https://graph.facebook.com/v19.0/me/accounts?access_token=«EAACEdEose0cBA{a120}»")',
  ],
  [
    'figma-pat-x-figma-token-fetch-header',
    'const res = await fetch(`https://api.figma.com/v1/files/${fileKey}`, {\n  headers: { "X-Figma-Token": "«{h4}-{h8}-{h4}-{h4}-{h4}-{h12}»" },\n});',
  ],
  ['firecrawl-key-langchain-loader', 'loader = FireCrawlLoader(api_key="«fc-{h32}»", url="https://docs.acme.io", mode="crawl")'],
  [
    'grafana-service-account-token-terraform-provider',
    'provider "grafana" {\n  url  = "https://grafana.acme.io"\n  auth = "«glsa_{a32}_{h8}»"\n}',
  ],
  ['grafana-cloud-api-key-env', 'GRAFANA_CLOUD_ORG=acme\nGRAFANA_CLOUD_API_KEY=«glc_eyJrIjoi{a80}»'],
  ['grafana-legacy-api-key-python-client', 'grafana = GrafanaFace(auth="«eyJrIjoi{a72}»", host="grafana.acme.io", protocol="https")'],
  ['groq-key-js-sdk-constructor', 'const groq = new Groq({ apiKey: "«gsk_{a52}»" });'],
  [
    'vault-hvs-token-inline-cli-env',
    'VAULT_ADDR=https://vault.acme.io:8200 VAULT_TOKEN=«hvs.{a90}» vault kv get -field=dsn secret/payments/db',
  ],
  [
    'vault-legacy-service-token-python-hvac',
    'client = hvac.Client(url="https://vault.acme.io:8200", token="«s.{a24}»")\nassert client.is_authenticated()',
  ],
  ['vault-batch-token-hvb-ci-export', 'export VAULT_TOKEN=«hvb.{a120}»\nvault read -format=json aws/creds/deploy'],
  [
    'heroku-api-key-gha-deploy-action-inline',
    '- uses: akhileshns/heroku-deploy@v3.13.15\n  with:\n    heroku_api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\n    heroku_app_name: acme-staging\n    heroku_email: ops@acme.io',
  ],
  ['huggingface-token-hub-login-call', 'from huggingface_hub import login\nlogin(token="«hf_{U3}{L5}{U4}{L6}{U3}{L7}{U2}{L4}»")'],
  ['huggingface-token-git-clone-url', 'git clone https://dana:«hf_{L4}{U5}{L3}{U6}{L7}{U2}{L4}{U3}»@huggingface.co/acme/llama-ft-private'],
  ['jina-key-reader-curl-bearer', 'curl "https://r.jina.ai/https://acme.io/blog/launch" -H "Authorization: Bearer «jina_{a60}»"'],
  ['mailchimp-api-key-dotenv', 'MAILCHIMP_API_KEY=«{h32}-us14»\nMAILCHIMP_AUDIENCE_ID={h10}'],
  ['mailchimp-mc-api-key-php-define', "define('MC_API_KEY', '«{h32}-us6»');"],
  [
    'mailgun-private-key-compose-environment',
    'services:\n  notifier:\n    image: acme/notifier:2.3\n    environment:\n      MAILGUN_DOMAIN: mg.acme.io\n      MAILGUN_PRIVATE_KEY: «key-{h32}»',
  ],
  ['mapbox-secret-token-downloads-netrc', 'machine api.mapbox.com\nlogin mapbox\npassword «sk.eyJ1{a60}.{a22}»'],
  ['mapbox-secret-token-gradle-properties', 'org.gradle.jvmargs=-Xmx4g\nMAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1{a64}.{a22}»'],
  [
    'msteams-legacy-webhook-powershell-invoke',
    '$webhook = "«https://outlook.office.com/webhook/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»"\nInvoke-RestMethod -Method Post -Uri $webhook -Body $json -ContentType "application/json"',
  ],
  ['nasa-api-key-apod-fetch-url', 'const res = await fetch("https://api.nasa.gov/planetary/apod?api_key=«{a40}»&count=5");'],
  [
    'newrelic-license-key-newrelic-yml',
    "common: &default_settings\n  license_key: '«{h36}NRAL»'\n  app_name: billing-api\n  distributed_tracing:\n    enabled: true",
  ],
  ['newrelic-license-key-eu-infra-agent-yml', '# /etc/newrelic-infra.yml\nlicense_key: «eu01xx{h30}NRAL»\ndisplay_name: web-07'],
  [
    'newrelic-user-key-nerdgraph-curl',
    'curl https://api.newrelic.com/graphql -H "Content-Type: application/json" -H "API-Key: «NRAK-{u27}»" -d \'{"query":"{ actor { user { email } } }"}\'',
  ],
  [
    'newrelic-insights-insert-key-python-header',
    'headers = {"Content-Type": "application/json", "X-Insert-Key": "«NRII-{B32}»"}\nrequests.post(f"https://insights-collector.newrelic.com/v1/accounts/{acct}/events", json=events, headers=headers)',
  ],
  [
    'newrelic-insights-query-key-curl',
    'curl -H "Accept: application/json" -H "X-Query-Key: «NRIQ-{B32}»" "https://insights-api.newrelic.com/v1/accounts/{d7}/query?nrql=SELECT%20count(*)%20FROM%20Transaction"',
  ],
  [
    'newrelic-rest-api-key-deployment-marker',
    'curl -X POST "https://api.newrelic.com/v2/applications/{d9}/deployments.json" -H "X-Api-Key: «NRRA-{h42}»" -H "Content-Type: application/json" -d @deploy.json',
  ],
  ['newrelic-admin-key-env', 'NEW_RELIC_ADMIN_KEY=«NRAA-{h27}»'],
  [
    'newrelic-pixie-deploy-and-api-keys',
    'px deploy --deploy_key «px-dep-{h8}-{h4}-{h4}-{h4}-{h12}»\nexport PX_API_KEY=«px-api-{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'okta-api-token-terraform-provider',
    'provider "okta" {\n  org_name  = "acme"\n  base_url  = "okta.com"\n  api_token = "«00{B39}{a1}»"\n}',
  ],
  ['openai-legacy-key-langchain-chat-model', 'llm = ChatOpenAI(model="gpt-4o-mini", openai_api_key="«sk-{a20}T3BlbkFJ{a20}»")'],
  ['particle-access-token-curl-function-call', 'curl https://api.particle.io/v1/devices/{h24}/led -d access_token=«{h40}» -d arg=on'],
  [
    'postman-api-key-newman-collection-url',
    'newman run "https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12}?apikey=«PMAK-{h24}-{h34}»" -e staging.json',
  ],
  [
    'postmark-server-token-header-curl',
    'curl "https://api.postmarkapp.com/email" -H "Accept: application/json" -H "X-Postmark-Server-Token: «{h8}-{h4}-{h4}-{h4}-{h12}»" -d @welcome.json',
  ],
  [
    'salesforce-access-token-curl-bearer',
    'curl https://acme.my.salesforce.com/services/data/v60.0/sobjects/Account -H "Authorization: Bearer «00D{a12}!{a96}»"',
  ],
  ['saucelabs-access-key-gha-env', 'env:\n  SAUCE_USERNAME: acme-ci\n  SAUCE_ACCESS_KEY: «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  ['segment-public-api-token-bearer-curl', 'curl https://api.segmentapis.com/workspaces -H "Authorization: Bearer «sgp_{a64}»"'],
  [
    'sendgrid-key-django-email-host-password',
    'EMAIL_HOST = "smtp.sendgrid.net"\nEMAIL_HOST_USER = "apikey"\nEMAIL_HOST_PASSWORD = "«SG.{B22}.{B43}»"\nEMAIL_PORT = 587',
  ],
  ['shopify-app-secret-env-pair', 'SHOPIFY_API_KEY={h32}\nSHOPIFY_API_SECRET=«shpss_{h32}»\nSCOPES=read_products,write_orders'],
  [
    'shopify-custom-app-token-header-curl',
    'curl -s "https://acme-outdoor.myshopify.com/admin/api/2024-04/products.json" -H "X-Shopify-Access-Token: «shpca_{h32}»"',
  ],
  [
    'shopify-legacy-private-app-password-url',
    'https://{h32}:«shppa_{h32}»@acme-outdoor.myshopify.com/admin/api/2023-10/orders.json?status=any',
  ],
  ['sonarqube-login-sonar-project-properties', 'sonar.projectKey=acme_billing\nsonar.host.url=https://sonar.acme.io\nsonar.login=«{h40}»'],
  ['sourcegraph-token-src-cli-env', 'export SRC_ENDPOINT=https://sourcegraph.acme.io\nexport SRC_ACCESS_TOKEN=«sgp_{h16}_{h40}»'],
  [
    'sourcegraph-local-token-editor-settings',
    '{\n  "cody.serverEndpoint": "https://sourcegraph.acme.io",\n  "cody.accessToken": "«sgp_local_{h40}»"\n}',
  ],
  ['square-access-token-env', 'SQUARE_ENVIRONMENT=production\nSQUARE_ACCESS_TOKEN=«sq0atp-{B22}»'],
  ['square-oauth-application-secret-yaml', 'square:\n  application_id: sq0idp-{B22}\n  application_secret: «sq0csp-{B43}»'],
  ['stripe-live-key-ruby-env-fetch-default', 'Stripe.api_key = ENV.fetch("STRIPE_SECRET_KEY", "«sk_live_{a24}»")'],
  ['tavily-key-langchain-search-tool', 'search = TavilySearchResults(tavily_api_key="«tvly-{a32}»", max_results=5)'],
  ['teamcity-token-gradle-properties', 'teamcity.server=https://tc.acme.io\nteamcity.token=«eyJ0eXAiOiAiVENWMiJ9.{B36}.{B48}»'],
  ['telegram-bot-token-application-builder', 'app = ApplicationBuilder().token("«{d10}:AA{B33}»").build()'],
  [
    'thingsboard-provision-key-and-secret-json',
    '{"deviceName": "pump-07", "provisionDeviceKey": "«{l20}»", "provisionDeviceSecret": "«{l20}»"}',
  ],
  [
    'thingsboard-coap-telemetry-token-url',
    'coap-client -m post coap://coap.thingsboard.cloud/api/v1/«{l20}»/telemetry -t json -e \'{"temperature": 21.5}\'',
  ],
  ['twilio-api-key-sid-and-secret-node', 'const client = twilio("«SK{h32}»", "«{a32}»", { accountSid: "AC{h32}" });'],
  [
    'twitch-stream-key-obs-service-json',
    '{"settings": {"bwtest": false, "key": "«live_{d9}_{a30}»", "server": "auto", "service": "Twitch"}, "type": "rtmp_common"}',
  ],
  ['twitter-consumer-key-and-secret-env', 'TWITTER_CONSUMER_KEY=«{a25}»\nTWITTER_CONSUMER_SECRET=«{a42}»'],
  [
    'wireguard-preshared-key-peer-section',
    '[Peer]\nPublicKey = {b42}A=\nPresharedKey = «{b42}E=»\nAllowedIPs = 10.8.0.0/24\nPersistentKeepalive = 25',
  ],
  [
    'wireguard-private-key-systemd-networkd-netdev',
    '[NetDev]\nName=wg0\nKind=wireguard\n\n[WireGuard]\nPrivateKey=«{b42}I=»\nListenPort=51820',
  ],
  [
    'linkedin-secret-python-social-auth-settings',
    "SOCIAL_AUTH_LINKEDIN_OAUTH2_KEY = '{l14}'\nSOCIAL_AUTH_LINKEDIN_OAUTH2_SECRET = '«{a16}»'",
  ],
];

export const BLIND24_NEGATIVES: readonly (readonly [string, string])[] = [
  ['public', 'aws_region = "eu-central-1"\naws_account_id = {d12}\n# ECR repos live in the shared services account'],
  ['public', 'creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{l58}'],
  ['public', 'aws s3 sync build/ s3://acme-web-assets/ --delete\n# served from https://acme-web-assets.s3.amazonaws.com/index.html'],
  ['public', '<meta name="google-signin-client_id" content="{d12}-{l32}.apps.googleusercontent.com">'],
  ['public', 'gsutil cp model.onnx gs://acme-ml-artifacts/ && echo https://storage.googleapis.com/acme-ml-artifacts/model.onnx'],
  ['public', "mapboxgl.accessToken = 'pk.eyJ1{a60}.{a22}'; // public, URL-restricted browser token"],
  ['public', 'Store: acme-outdoor.myshopify.com (theme {d12}, plan: Shopify Plus)'],
  ['reference', 'DB_USER=reporting\nDB_PASSWORD=$(vault kv get -field=password secret/reporting/db)'],
  ['reference', '{\n  "username": "svc-sync",\n  "password": "$SERVICE_PASSWORD"\n}'],
  ['identifier', 'this.resetPassword = "#reset-password";\nthis.confirmPassword = "#confirm-password";'],
  ['public', 'managed_policy_arns = ["arn:aws:iam::aws:policy/IAMUserChangePassword"]'],
  ['prose', "get '/passwords/:id/edit' => \"accounts/passwords#edit\", as: 'edit_password'"],
  ['masked', 'AccountName=<storage-account>;AccountKey=<account-key>;EndpointSuffix=core.windows.net'],
  ['masked', 'az appconfig kv list --connection-string "Endpoint=https://contoso.azconfig.io;Id=xxx;Secret=xxx" --label prod'],
  ['reference', 'var cs = string.Format("DefaultEndpointsProtocol=https;AccountName={0};AccountKey={1};", name, key);'],
  ['reference', 'license_key: \'<%= ENV["NEW_RELIC_LICENSE_KEY"] %>\''],
  ['reference', 'dotnet sonarscanner begin /k:"acme_billing" /d:sonar.host.url=$(SONAR_HOST) /d:sonar.login=$(SONAR_TOKEN)'],
  [
    'hash-of-public',
    '"sonarqube-scanner@^3.3.0":\n  resolved "https://registry.yarnpkg.com/sonarqube-scanner/-/sonarqube-scanner-3.3.0.tgz#{h40}"',
  ],
  ['reference', 'const password = process.env.REACT_APP_ADMIN_PASSWORD || "";'],
  ['identifier', 'REACT_APP_FORGOT_PASSWORD_URL=$REACT_APP_BASE_URL/account/forgot-password'],
  ['reference', 'PsExec64.exe \\\\$target -u $adminUser -p $adminPass -s cmd /c ipconfig /all'],
  ['reference', 'Connect-VIServer -Server $vcenter -User $cred.UserName -Password $cred.GetNetworkCredential().Password'],
  ['identifier', 'fixed upstream in the jenkins plugin, commit {h40}; bump generic-webhook-trigger to 2.2.0'],
  [
    'identifier',
    'curl -s https://api.heroku.com/apps/{h8}-{h4}-{h4}-{h4}-{h12}/builds -H "Accept: application/vnd.heroku+json; version=3" -n',
  ],
  [
    'identifier',
    'fapiPublicGetTicker (params?: {}): Promise<implicitReturnType>;\ndapiPublicGetKlines (params?: {}): Promise<implicitReturnType>;',
  ],
  ['public', 'posting to channel C0{u9} in workspace T0{u9} as bot user U0{u9}'],
  ['reference', 'TWITCH_STREAM_KEY = os.environ["TWITCH_STREAM_KEY"]  # format: live_<user id>_<random>'],
  ['masked', 'TAVILY_API_KEY="tvly-********************************"'],
  ['public', '[Peer]\nPublicKey = {b42}Q=\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.8.0.0/24'],
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dana@laptop'],
  ['public', '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIU{b44}\n{b64}\n{b64}\n{b64}\n{b32}==\n-----END CERTIFICATE-----'],
  ['reference', '"driver={SQL Server};server=#{db_host};database=#{db_name};uid=#{db_user};pwd=#{db_password}"'],
  ['reference', "def login(self, user='', password='', domain=''):"],
  ['masked', 'DATABASE_URL=postgresql://app:****@db.internal:5432/app'],
  ['reference', 'MONGO_URI="mongodb+srv://${MONGO_USER}:${MONGO_PASS}@cluster0.{l5}.mongodb.net/app"'],
  ['identifier', 'GITHUB_SHA={h40}\nGITHUB_REF=refs/heads/main'],
  ['identifier', 'Postmark accepted the message: {"ErrorCode": 0, "MessageID": "{h8}-{h4}-{h4}-{h4}-{h12}", "To": "dana@acme.io"}'],
  ['identifier', 'design lives in https://www.figma.com/file/{a22}/Checkout-flow?node-id=12-340'],
  ['stand-in', 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  [
    'prose',
    'The JWT header eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 only decodes to {"alg":"RS256","typ":"JWT"}; there is no payload or signature here.',
  ],
  ['masked', 'slack_webhook_url = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"'],
];
