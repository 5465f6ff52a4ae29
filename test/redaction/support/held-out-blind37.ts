/** A thirty-seventh held-out batch on whole-value redaction, written blind from the facts (vendor prefix, length, alphabet) of public rule sets: secrets that are hard to delimit (symbol-heavy passwords escaped for their context, wrapped or concatenated base64, tokens glued to punctuation, in URLs, connection strings, headers and cookies), every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND37_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'postgres-password-json-escaped-quote',
    '{"database": {"host": "pg-main.acme.internal", "port": 5432, "user": "billing_rw", "password": "«{a6}\\"{a5}!@#{d3}»", "sslmode": "require"}}',
  ],
  [
    'postgres-password-shell-single-quote-escape',
    "export PGPASSWORD='«{a5}'\\''{a6}$!{d2}»'\npsql -h pg-main.acme.internal -U billing_rw -d billing -c '\\dt'",
  ],
  [
    'smtp-password-yaml-double-quoted-hash-colon',
    'mail:\n  host: smtp.mailgun.org\n  port: 587\n  username: postmaster@mg.acme.io\n  password: "«{a6}#{a3}: {a5}%»"\n  starttls: true',
  ],
  [
    'redis-password-yaml-plain-scalar-symbols',
    'redis:\n  host: cache-01.acme.internal\n  port: 6379\n  password: «{a7}@%{a4}^&{d3}»\n  db: 2',
  ],
  [
    'ldap-bind-password-yaml-single-quoted-doubled',
    "ldap:\n  url: ldaps://ldap.corp.acme.io:636\n  bindDN: cn=svc-gitea,ou=services,dc=acme,dc=io\n  bindPassword: '«{a5}''{a6}!{d2}&»'\n  userBase: ou=people,dc=acme,dc=io",
  ],
  [
    'smtp-password-web-config-xml-entities',
    '<appSettings>\n  <add key="Smtp:Host" value="smtp.office365.com" />\n  <add key="Smtp:User" value="noreply@acme.io" />\n  <add key="Smtp:Password" value="«{a6}&amp;{a4}&lt;{d3}»" />\n</appSettings>',
  ],
  [
    'maven-server-password-settings-xml-entities',
    '<servers>\n  <server>\n    <id>acme-releases</id>\n    <username>deployer</username>\n    <password>«{a5}&lt;&gt;{a6}&amp;{d2}»</password>\n  </server>\n</servers>',
  ],
  [
    'postgres-url-userinfo-percent-encoded-symbols',
    'DATABASE_URL=postgres://svc_app:«{a6}%21%40{a5}%23{d2}»@db.acme.internal:5432/app?sslmode=verify-full',
  ],
  [
    'sqlserver-password-csharp-verbatim-string',
    'var connectionString = @"Server=sql01.corp.local;Database=Orders;User Id=orders_app;Password=«{a5}\\{a4}""{a4}»;TrustServerCertificate=True";',
  ],
  [
    'mysql-password-python-raw-string-dict',
    'DB_CONFIG = {\n    "host": "mysql-ro.acme.internal",\n    "user": "reporting",\n    "password": r"«{a6}\\{a3}\\n{a5}»",\n}',
  ],
  [
    'sqlserver-password-appsettings-quoted-semicolon',
    '"ConnectionStrings": {\n  "Reporting": "Server=tcp:sql-report.database.windows.net,1433;Initial Catalog=reporting;User ID=report_reader;Password=\\"«{a6};{a5}=»\\";Encrypt=True;"\n}',
  ],
  [
    'oracle-password-connection-string-single-quoted',
    'string cs = "Data Source=ORCLPDB1;User Id=ledger;Password=\'«{a5};{a4}\\"{d3}»\';Pooling=true";',
  ],
  [
    'odbc-pwd-braced-semicolon-pyodbc',
    'conn = pyodbc.connect(\n    "DRIVER={ODBC Driver 18 for SQL Server};SERVER=sql02.corp.local;DATABASE=hr;UID=hr_etl;PWD={«{a6};{a3}=}}{d3}»};Encrypt=yes"\n)',
  ],
  [
    'odbc-pwd-braced-powershell-postgres',
    '$conn = New-Object System.Data.Odbc.OdbcConnection\n$conn.ConnectionString = "Driver={PostgreSQL Unicode};Server=pg01;Port=5432;Database=gis;Uid=gis_ro;Pwd={«{a5};{a5}}}!»};"\n$conn.Open()',
  ],
  [
    'mysql-password-jdbc-query-param-encoded',
    'spring.datasource.url=jdbc:mysql://mysql-01.acme.internal:3306/orders?user=orders_app&password=«{a6}%26{a4}%3F{d3}»&useSSL=true',
  ],
  [
    'pgpass-password-escaped-colon-backslash',
    '$ cat ~/.pgpass\ndb.acme.internal:5432:analytics:analyst:«{a6}\\:{a5}\\\\{d2}»\n$ chmod 600 ~/.pgpass',
  ],
  ['netrc-password-symbols', 'machine artifacts.acme.io\n  login ci-publisher\n  password «{a6}!#{a5}&*{d2}»'],
  [
    'compose-mysql-root-password-dollar-escape',
    'services:\n  db:\n    image: mysql:8.4\n    environment:\n      MYSQL_DATABASE: shop\n      MYSQL_ROOT_PASSWORD: "«{a5}$${a4}%^{d2}»"',
  ],
  [
    'powershell-securestring-doubled-single-quote',
    "$secure = ConvertTo-SecureString '«{a6}''{a4}@{d3}»' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ('CORP\\svc-deploy', $secure)",
  ],
  [
    'spring-datasource-password-properties-escapes',
    'spring.datasource.username=inventory\nspring.datasource.password=«{a6}\\={a4}\\:{d3}#»\nspring.jpa.hibernate.ddl-auto=validate',
  ],
  [
    'toml-literal-string-password-backslash-quote',
    '[database]\nhost = "10.20.0.15"\nuser = "ingest"\npassword = \'«{a6}\\{a4}"{d3}»\'\npool_size = 8',
  ],
  ['mycnf-password-quoted-semicolon-hash', '[client]\nuser=backup\npassword="«{a6};{a4}#{d2}»"\nhost=mysql-primary.acme.internal'],
  [
    'go-mysql-dsn-raw-string-at-paren',
    'dsn := `orders:«{a6}@{a4}(#{d2}»@tcp(10.0.4.12:3306)/orders?parseTime=true`\ndb, err := sql.Open("mysql", dsn)',
  ],
  ['redis-url-password-encoded-slash-equals', 'CELERY_BROKER_URL=redis://:«{a6}%2F{a5}%3D»@cache.acme.internal:6379/0'],
  ['amqp-url-password-encoded-at', 'amqp_url = "amqp://orders:«{a5}%40{a6}!{d2}»@mq.acme.internal:5672/%2Fprod"'],
  [
    'k8s-stringdata-password-leading-bang',
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: grafana-admin\ntype: Opaque\nstringData:\n  admin-user: admin\n  admin-password: '«!{a6}%{a4}*{d2}»'\n",
  ],
  ['smtp-password-dotenv-escaped-dollar-quote', 'SMTP_USER=alerts@acme.io\nSMTP_PASSWORD="«{a5}\\${a4}\\"{d3}»"\nSMTP_PORT=465'],
  ['mysql-cli-password-flag-glued-single-quoted', "mysql -h 10.0.3.7 -u root -p'«{a5}!@{a4}#)»' -e 'SHOW DATABASES;'"],
  [
    'winrm-password-ansible-yaml-escaped-backslash',
    'all:\n  hosts:\n    win-build-01:\n      ansible_user: CORP\\svc-ansible\n      ansible_password: "«{a5}%{a4}\\\\{d2}!»"\n      ansible_connection: winrm',
  ],
  ['basic-auth-curl-user-colon-in-password', "curl -u 'ops-admin:«{a5}:{a5}!&{d2}»' 'https://jenkins.acme.io/api/json?pretty=true'"],
  [
    'ssh-password-python-escaped-single-quote',
    "client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect('bastion.acme.io', username='deploy', password='«{a5}\\'{a5}%{d2}»')",
  ],
  [
    'mongo-password-js-template-literal-escaped-backtick',
    'const mongoPassword = `«{a6}\\`{a4}#{d3}»`;\nconst uri = `mongodb+srv://app:${encodeURIComponent(mongoPassword)}@cluster0.mongodb.net/app`;',
  ],
  [
    'postgres-create-role-sql-doubled-quote',
    "CREATE ROLE reporting LOGIN PASSWORD '«{a6}''{a4};{d3}»';\nGRANT pg_read_all_data TO reporting;",
  ],
  ['sqlserver-alter-login-brackets-in-password', "ALTER LOGIN [svc_etl] WITH PASSWORD = N'«{a5}]{a4}[{d2}!»', CHECK_POLICY = ON;"],
  [
    'ldapsearch-bind-password-filter-chars',
    "ldapsearch -H ldaps://dc01.corp.acme.io -D 'CN=svc-ldap,OU=Service,DC=corp,DC=acme,DC=io' -w '«{a6}(|{a4})*{d2}»' -b 'DC=corp,DC=acme,DC=io' '(sAMAccountName=jdoe)'",
  ],
  [
    'smtp-password-go-json-unicode-escapes',
    '{"level":"debug","msg":"loaded config","smtp":{"host":"smtp.acme.io","user":"notify","password":"«{a6}\\u0026{a5}\\u003c{d2}»"}}',
  ],
  ['wifi-psk-wpa-supplicant-hash-space', 'network={\n    ssid="ACME-Office"\n    psk="«{a6}#{a4} {d3}!»"\n    key_mgmt=WPA-PSK\n}'],
  [
    'vnc-password-docker-run-env-subshell-chars',
    "docker run -d --name novnc -e 'VNC_PASSWORD=«{a5}$({a4})`{d2}»' -p 6080:6080 acme/desktop:latest",
  ],
  ['git-credentials-password-percent-encoded', '$ cat ~/.git-credentials\nhttps://jdoe:«{a6}%2B{a4}%26{a3}%3D»@git.acme.io'],
  [
    'ftp-url-password-encoded-hash-semicolon',
    'lftp -e "mirror -R ./dist /public_html; quit" ftp://webdeploy:«{a6}%23{a5}%3B{d2}»@ftp.acme-hosting.net',
  ],
  [
    'elasticsearch-password-kibana-yml-brackets',
    'elasticsearch.hosts: ["https://es01.acme.internal:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "«{a5}{}[]{a5}<>{d2}»"',
  ],
  [
    'keystore-password-gradle-properties-backslash',
    'RELEASE_STORE_FILE=../keys/release.jks\nRELEASE_STORE_PASSWORD=«{a6}\\\\{a4}!{d2}»\nRELEASE_KEY_ALIAS=upload',
  ],
  ['redis-requirepass-conf-escaped-quote', '# /etc/redis/redis.conf\nbind 0.0.0.0\nrequirepass "«{a6}\\"{a4} {a3}»"'],
  ['cifs-credentials-file-password-equals', '$ sudo cat /etc/samba/creds-scan\nusername=svc-scan\npassword=«{a6}=={a4}&{d2}»\ndomain=CORP'],
  [
    'rabbitmq-definitions-json-escaped-backslash-slash',
    '"users": [\n  {"name": "orders", "password": "«{a5}\\\\{a5}\\/{d3}»", "tags": ["management"]}\n]',
  ],
  ['htpasswd-bcrypt-cli-password-pipe-tilde', "htpasswd -b -B /etc/nginx/.htpasswd grafana '«{a5}^{a4}~|{d2}»'"],
  ['proxy-url-password-encoded-backslash-tilde', 'HTTPS_PROXY=http://jdoe:«{a6}%5C{a4}%7E{d2}»@proxy.corp.acme.io:3128'],
  ['dotnet-user-secrets-set-angle-amp', 'dotnet user-secrets set "Payments:ApiSecret" "«{a8}<{a4}>&{d2}»" --project src/Payments.Api'],
  ['terraform-tfvars-password-hcl-dollar-escape', 'db_username = "app"\ndb_password = "«{a6}$${{a4}}!{d2}»"'],
  ['env-admin-password-trailing-period-is-part', 'ADMIN_EMAIL=ops@acme.io\nADMIN_PASSWORD=«{a10}.»\nADMIN_MFA=false'],
  [
    'keystore-password-yaml-trailing-paren-is-part',
    'server:\n  ssl:\n    key-store: classpath:keystore.p12\n    key-store-password: «{a8}(){a4})»\n    key-store-type: PKCS12',
  ],
  [
    'django-secret-key-settings-parens-equals',
    "# settings/production.py\nSECRET_KEY = '«{l8}(=@{l5}#%{l4}^&*{l6}){l5}=+{l6}-_{l4}»'\nDEBUG = False",
  ],
  [
    'django-insecure-secret-key-startproject',
    "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '«django-insecure-{l6}@#{l4}(%{l5}*&^{l7})={l6}+{l5}»'",
  ],
  [
    'django-secret-key-dotenv-double-quoted-hash',
    'DJANGO_SECRET_KEY="«{l7}#{l4}$%{l6}^(*{l5}&{l6}@)={l8}»"\nDJANGO_ALLOWED_HOSTS=api.acme.io',
  ],
  [
    'django-secret-key-compose-env-list-item',
    'services:\n  web:\n    image: registry.acme.io/portal:2.8.1\n    environment:\n      - DJANGO_SETTINGS_MODULE=portal.settings.prod\n      - DJANGO_SECRET_KEY=«{l6}*&{l5}!{l4}(^{l7}%#{l6})+{l5}=@{l3}»\n      - DATABASE_HOST=db',
  ],
  [
    'django-secret-key-environ-get-default',
    'SECRET_KEY = os.environ.get(\n    "DJANGO_SECRET_KEY", "«{l5}%=){l6}(@{l4}&#{l7}*^{l6}!{l4}-{l5}»"\n)',
  ],
  [
    'django-secret-key-heroku-config-set',
    "$ heroku config:set DJANGO_SECRET_KEY='«{l8})(&{l5}=%{l6}@^{l4}#*{l7}+{l4}»' -a acme-portal\nSetting DJANGO_SECRET_KEY and restarting acme-portal... done, v142",
  ],
  [
    'aws-keypair-credentials-file-plus-slash',
    '[default]\naws_access_key_id = «AKIA{c16}»\naws_secret_access_key = «{b12}+{b9}/{b17}»\nregion = eu-west-1',
  ],
  ['webhook-hmac-secret-base64-padding-dotenv', 'WEBHOOK_HMAC_SECRET=«{b43}=»\nWEBHOOK_TOLERANCE_SECONDS=300'],
  [
    'azure-functions-storage-key-followed-by-semicolon',
    '  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=acmefuncstore;AccountKey=«{b40}+{b20}/{b24}==»;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "node"\n  }',
  ],
  [
    'jwt-signing-key-yaml-literal-block-wrapped',
    'jwt:\n  issuer: https://auth.acme.io\n  signing_key: |\n    «{b64}\n    {b64}\n    {b20}==»\n  ttl: 15m',
  ],
  [
    'dek-key-material-yaml-folded-block',
    'vault_transit_import:\n  name: payments-dek\n  key_material: >\n    «{b60}\n    {b60}\n    {b38}=»\n  type: aes256-gcm96',
  ],
  ['cosign-key-b64-shell-backslash-continuation', 'export COSIGN_PRIVATE_KEY_B64="«{b48}\\\n{b48}\\\n{b30}=»"'],
  ['jwt-secret-properties-backslash-continuation', 'jwt.secret=«{b40}\\\n    {b40}==»\njwt.expiration=3600'],
  ['webhook-signing-key-python-implicit-concat-three', 'WEBHOOK_SIGNING_KEY = (\n    "«{b32}»"\n    "«{b32}»"\n    "«{b22}==»"\n)'],
  ['api-secret-js-string-plus-concat', '// split to keep the line under 100 chars\nconst API_SECRET = "«{b36}»" + "«{b36}»" + "«{b14}=»";'],
  ['oauth-client-secret-java-concat-multiline', 'private static final String CLIENT_SECRET =\n        "«{a30}»" +\n        "«{a30}»";'],
  ['license-signing-key-c-adjacent-literals', 'static const char *kLicenseSigningKey =\n    "«{b40}»"\n    "«{b40}»"\n    "«{b6}==»";'],
  [
    'gcp-service-account-key-double-escaped-json-compose',
    'environment:\n  FIREBASE_SERVICE_ACCOUNT: "{\\"type\\":\\"service_account\\",\\"project_id\\":\\"acme-mobile\\",\\"private_key\\":\\"-----BEGIN PRIVATE KEY-----\\\\n«MIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\\\\n{b64}\\\\n{b64}\\\\n{b40}==»\\\\n-----END PRIVATE KEY-----\\\\n\\",\\"client_email\\":\\"push@acme-mobile.iam.gserviceaccount.com\\"}"',
  ],
  [
    'k8s-tls-key-base64-pem-single-line',
    '$ kubectl get secret api-tls -n prod -o yaml\napiVersion: v1\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b80}\n  tls.key: «LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2{b220}»\nkind: Secret\ntype: kubernetes.io/tls',
  ],
  [
    'nexus-basic-auth-header-base64-padding',
    'GET /service/rest/v1/components?repository=maven-releases HTTP/1.1\nHost: nexus.acme.io\nAuthorization: Basic «{b30}==»\nAccept: application/json',
  ],
  [
    'kafka-sasl-jaas-password-quote-semicolon',
    'sasl.mechanism=PLAIN\nsecurity.protocol=SASL_SSL\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{b30}+{b16}/{b16}»";',
  ],
  ['airflow-fernet-key-cfg-padding', '[core]\nexecutor = CeleryExecutor\nfernet_key = «{B43}=»\nload_examples = False'],
  [
    'wireguard-interface-private-key-padding',
    '[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = «{b43}=»\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {b43}=\nEndpoint = vpn.acme.io:51820',
  ],
  ['npmrc-legacy-auth-base64-padding', 'registry=https://npm.acme.io/\n//npm.acme.io/:_auth=«{b38}==»\nalways-auth=true'],
  [
    'vault-operator-init-unseal-and-root',
    '$ vault operator init -key-shares=3 -key-threshold=2\nUnseal Key 1: «{b44}»\nUnseal Key 2: «{b44}»\nUnseal Key 3: «{b44}»\n\nInitial Root Token: «hvs.{a24}»',
  ],
  [
    'base64-key-terminal-wrapped-kubectl-jsonpath',
    "$ kubectl get secret payments-api -o jsonpath='{.data.signing-key}'\n«{b80}\n{b40}==»\n$ ",
  ],
  [
    'rsa-private-key-php-nowdoc',
    "$privateKey = <<<'EOD'\n-----BEGIN RSA PRIVATE KEY-----\n«MIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b44}==»\n-----END RSA PRIVATE KEY-----\nEOD;",
  ],
  [
    'apns-p8-key-dotenv-escaped-newlines',
    'APPLE_PUSH_KEY_ID={u10}\nAPPLE_PUSH_KEY="-----BEGIN PRIVATE KEY-----\\n«MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b20}\\n{b64}\\n{b64}\\n{b8}»\\n-----END PRIVATE KEY-----"',
  ],
  [
    'putty-ppk-private-lines',
    'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@build-01\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI{b43}\nPrivate-Lines: 1\n«AAAAI{b43}»\nPrivate-MAC: {h64}',
  ],
  [
    'keystore-b64-json-escaped-newlines',
    '{\n  "android": {\n    "keystore_b64": "«{b76}\\n{b76}\\n{b40}==»",\n    "keystore_password": "«{a12}!»"\n  }\n}',
  ],
  [
    'aws-sts-credentials-process-json',
    '{"Version": 1, "AccessKeyId": "«ASIA{c16}»", "SecretAccessKey": "«{b20}/{b19}»", "SessionToken": "«IQoJb3JpZ2luX2Vj{b300}»", "Expiration": "2024-11-03T12:00:00Z"}',
  ],
  [
    'aws-secret-key-terminal-wrapped-export-credentials',
    '$ aws configure export-credentials --profile prod\n{\n  "Version": 1,\n  "AccessKeyId": "«AKIA{c16}»",\n  "SecretAccessKey": "«{b23}\n{b17}»"\n}',
  ],
  ['github-pat-prose-trailing-period', 'Rotated the deploy bot credentials; the new token is «ghp_{a36}». The old one is revoked.'],
  ['stripe-live-key-prose-trailing-comma', 'I tried «sk_live_{a24}», then the restricted key, and both got 401 from /v1/charges.'],
  [
    'openai-project-key-markdown-code-span',
    'Add `OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»` to `.env.local` and restart the dev server.',
  ],
  [
    'anthropic-key-markdown-table-cell',
    '| env | key | owner |\n|---|---|---|\n| prod | `«sk-ant-api03-{B93}AA»` | platform |\n| staging | rotated 2024-10-30 | platform |',
  ],
  ['gitlab-pat-glued-parentheses', 'The mirror job authenticates with a personal token («glpat-{B20}») that expired on Friday.'],
  ['slack-bot-tokens-python-list-brackets', "SLACK_TOKENS = ['«xoxb-{d12}-{d13}-{a24}»','«xoxb-{d12}-{d13}-{a24}»']"],
  ['google-maps-key-go-struct-glued', 'cfg := maps.Config{APIKey:"«AIza{B35}»",Region:"eu"}'],
  ['github-pat-html-meta-content', '<meta name="gh-token" content="«ghp_{a36}»">'],
  ['github-pat-angle-brackets-autolink', 'From the bot setup notes: <«ghp_{a36}»> (classic, repo scope)'],
  [
    'aws-keypair-shell-semicolon-chain',
    'export AWS_ACCESS_KEY_ID=«AKIA{c16}»; export AWS_SECRET_ACCESS_KEY=«{b17}+{b22}»; aws s3 ls s3://acme-backups/',
  ],
  [
    'stripe-live-key-csv-row-comma',
    'env,provider,secret,created\nprod,stripe,«sk_live_{a99}»,2024-11-02\nprod,sendgrid,(in vault),2024-10-19',
  ],
  ['sendgrid-key-sql-insert-quote-paren', "INSERT INTO integrations (name, api_key) VALUES ('sendgrid', '«SG.{B22}.{B43}»');"],
  [
    'sendgrid-key-prose-trailing-period-dotted-token',
    'Support confirmed the key is «SG.{B22}.{B43}». It lacks the mail.send scope though.',
  ],
  ['slack-bot-token-minified-json-glued', '{"ok":true,"bot":{"token":"«xoxb-{d13}-{d13}-{a24}»"}}'],
  [
    'jwt-markdown-link-query-trailing-paren',
    'Preview link for QA: [open report](https://reports.acme.io/view?auth=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B50}.{B43}»)',
  ],
  ['github-pat-triple-backtick-glued', '```GITHUB_TOKEN=«ghp_{a36}»```'],
  ['npm-token-prose-curly-quotes', 'He pasted “«npm_{a36}»” into #general, so I revoked it right away.'],
  ['huggingface-token-html-code-tag', '<p>Use <code>«hf_{L10}{U8}{L9}{U7}»</code> for the inference endpoint.</p>'],
  ['stripe-live-key-minified-js-object', "const s=new Stripe({apiKey:'«sk_live_{a24}»',apiVersion:'2024-06-20'});"],
  [
    'aws-keypair-boto3-session-glued-args',
    "session = boto3.Session(aws_access_key_id='«AKIA{c16}»',aws_secret_access_key='«{b18}/{b21}»')",
  ],
  ['openai-key-log-line-trailing-bracket', '[2024-11-03T10:22:41Z] WARN retrying request [api_key=«sk-proj-{B58}T3BlbkFJ{B58}»]'],
  ['anthropic-key-terminal-wrapped-echo', '$ echo $ANTHROPIC_API_KEY\n«sk-ant-api03-{B60}\n{B33}AA»\n$ claude --version'],
  ['github-oauth-token-terminal-wrapped-gh-auth', '$ gh auth token\n«gho_{a20}\n{a16}»\n$ gh repo list acme --limit 5'],
  [
    'slack-tokens-escaped-json-inside-json',
    '{"secrets": "{\\"SLACK_BOT_TOKEN\\":\\"«xoxb-{d12}-{d12}-{a24}»\\",\\"SLACK_SIGNING_SECRET\\":\\"«{h32}»\\"}"}',
  ],
  ['gitlab-pat-json-escaped-slash-remote-url', '{"remote":"https:\\/\\/oauth2:«glpat-{B20}»@gitlab.acme.io\\/platform\\/infra.git"}'],
  [
    'google-geocode-key-query-then-ampersand',
    'https://maps.googleapis.com/maps/api/geocode/json?address=1600+Amphitheatre&key=«AIza{B35}»&language=en',
  ],
  [
    'google-maps-key-script-src-callback',
    '<script src="https://maps.googleapis.com/maps/api/js?key=«AIza{B35}»&callback=initMap" async defer></script>',
  ],
  [
    'oauth-access-token-url-fragment-implicit',
    'https://app.acme.io/oauth/callback#access_token=«{B43}»&token_type=Bearer&expires_in=3600&state={h16}',
  ],
  [
    'azure-sas-sig-url-encoded-base64',
    'https://acmebackups.blob.core.windows.net/nightly/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-01-31T00:00:00Z&spr=https&sig=«{a10}%2B{a12}%2F{a18}%3D»',
  ],
  [
    'jwt-rs256-authorization-bearer-curl',
    'curl -s https://api.acme.io/v1/me -H "Authorization: Bearer «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B80}.{B342}»"',
  ],
  ['github-pat-authorization-token-header', "curl -H 'Authorization: token «ghp_{a36}»' https://api.github.com/user/repos?per_page=100"],
  ['rails-session-cookie-encoded-padding', 'Cookie: _acme_session=«{a60}%2B{a40}%2F{a18}%3D%3D--{h40}»; locale=en'],
  ['flask-session-set-cookie-dotted', 'Set-Cookie: session=«.eJw{B80}.{B6}.{B27}»; HttpOnly; Path=/'],
  ['laravel-session-cookie-encoded-equals', 'Cookie: XSRF-TOKEN={B40}; laravel_session=«eyJpdiI6{a90}%3D»'],
  ['aspnet-identity-cookie-header', 'cookie: .AspNetCore.Identity.Application=«CfDJ8{B200}»; .AspNetCore.Culture=c%3Den'],
  [
    'mongodb-srv-password-encoded-colon-slash',
    'mongodb+srv://svc_orders:«{a6}%3A{a5}%2F{d2}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority',
  ],
  [
    'anthropic-key-x-api-key-header-no-space',
    "curl https://api.anthropic.com/v1/messages -H 'x-api-key:«sk-ant-api03-{B93}AA»' -H 'anthropic-version: 2023-06-01'",
  ],
  [
    'github-fine-grained-pat-git-remote-userinfo',
    'git remote set-url origin https://x-access-token:«github_pat_{a22}_{a59}»@github.com/acme/infra.git',
  ],
  ['stripe-live-key-curl-user-trailing-colon', 'curl https://api.stripe.com/v1/balance -u «sk_live_{a99}»:'],
  [
    'openai-key-python-dict-repr',
    "{'headers': {'Authorization': 'Bearer «sk-proj-{B74}T3BlbkFJ{B74}»', 'Content-Type': 'application/json'}}",
  ],
  ['gitlab-routable-pat-angle-brackets', 'Token for the release runner: <«glpat-{B36}.{l9}»>'],
  ['aws-keypair-markdown-inline-code-slash', 'Creds for the sandbox account: `«AKIA{c16}»` / `«{b40}»`.'],
  ['github-pat-xml-cdata-glued', '<credentials><token><![CDATA[«ghp_{a36}»]]></token></credentials>'],
  ['slack-bot-token-yaml-flow-mapping-comma', 'notify: {slack: {token: «xoxb-{d11}-{d12}-{a24}», channel: "#deploys"}}'],
  [
    'openai-key-jupyter-output-repr',
    '   "outputs": [\n    {\n     "data": {\n      "text/plain": [\n       "\'«sk-proj-{B58}T3BlbkFJ{B58}»\'"\n      ]\n     },\n     "output_type": "execute_result"\n    }\n   ]',
  ],
  ['github-app-installation-token-log-brackets', 'level=info msg="minted installation token" token=[«ghs_{a36}»] repo=acme/infra'],
  [
    'jwt-html-data-attribute-single-quoted',
    "<div id='app' data-session='«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B40}.{B43}»'></div>",
  ],
  [
    'jwt-refresh-token-escaped-json-in-log',
    '{"ts":"2024-11-03T08:14:22Z","msg":"token refreshed","body":"{\\"refresh_token\\":\\"«eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B60}.{B86}»\\",\\"expires_in\\":86400}"}',
  ],
  ['pypi-token-twine-flag-glued-quote', 'twine upload -u __token__ -p"«pypi-AgEIcHlwaS5vcmc{B140}»" dist/*'],
  ['doppler-service-token-markdown-code-parens', 'Paste the service token (`«dp.st.prd.{a43}»`) into the Render env tab, then redeploy.'],
  ['twilio-auth-token-url-userinfo-at', 'https://AC{h32}:«{h32}»@api.twilio.com/2010-04-01/Accounts.json'],
  [
    'shopify-admin-token-fetch-headers-glued',
    'fetch(url, {method:"POST",headers:{"X-Shopify-Access-Token":"«shpat_{h32}»","Content-Type":"application/json"}})',
  ],
  ['digitalocean-token-doctl-flag-equals', 'doctl auth init --access-token=«dop_v1_{h64}» --context acme-prod'],
  ['huggingface-token-git-clone-userinfo', 'git clone https://hf_user:«hf_{L12}{U10}{L12}»@huggingface.co/acme/private-model'],
  [
    'github-pat-dockerfile-insteadof-colon',
    'RUN git config --global url."https://«ghp_{a36}»:x-oauth-basic@github.com/".insteadOf "https://github.com/" && \\\n    go mod download',
  ],
  [
    'google-maps-key-android-manifest-xml',
    '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="«AIza{B35}»"/>',
  ],
  ['jwt-hs512-cookie-semicolon-glued', 'Cookie: access_token=«eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiI{B48}.{B86}»;Path=/;Secure'],
  ['github-pat-go-string-slice-braces', 'var fallbackTokens = []string{"«ghp_{a36}»","«ghp_{a36}»"}'],
  ['stripe-restricted-key-env-markdown-backticks', 'Set `STRIPE_API_KEY` to `«rk_live_{a99}»`; the reporting job only needs read access.'],
  ['anthropic-key-toml-glued-comment', 'api_key="«sk-ant-api03-{B93}AA»"#prod workspace'],
  ['gitlab-pat-markdown-bold-glued', '**Token:** **«glpat-{B20}»**'],
  ['openai-key-html-hidden-input', '<input type="hidden" name="openai_key" value="«sk-proj-{B74}T3BlbkFJ{B74}»"/>'],
  ['slack-user-token-log-angle-brackets', 'DEBUG slack_sdk.web.base_client: Sending a request with token <«xoxp-{d12}-{d12}-{d13}-{h32}»>'],
  ['stripe-webhook-secret-yaml-trailing-comment', 'STRIPE_WEBHOOK_SECRET: «whsec_{a32}» # prod endpoint'],
  ['github-pat-yaml-flow-sequence-glued', 'tokens: [«ghp_{a36}»,«github_pat_{a22}_{a59}»]'],
  [
    'aws-secret-key-ini-inline-semicolon-comment',
    '[profile ci]\naws_access_key_id=«AKIA{c16}»\naws_secret_access_key=«{b10}/{b15}+{b13}» ; rotated 2024-11-01',
  ],
];
export const BLIND37_NEGATIVES: readonly (readonly [string, string])[] = [
  ['other', 'const EMAIL_RE = /^[\\w.+-]+@[\\w-]+\\.[\\w.-]+$/;\nconst SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;'],
  ['other', 'printf("%-20s|%08.3f|%#x|%%\\n", name, value, flags);'],
  ['other', '.btn:hover > span::after{content:"\\201C";color:#3a3f4b!important;transition:all .2s ease-in-out}'],
  ['other', 'rm -rf ./build/**/*.{js,map} && shopt -s extglob && rm -f ./dist/!(index).html'],
  ['public', 'https://registry.npmjs.org/@babel%2fcore/-/core-7.24.0.tgz#sha512'],
  ['hash-of-public', '$ cat SHASUMS256.txt | grep linux-x64.tar.xz\n{h64}  node-v20.11.1-linux-x64.tar.xz'],
  [
    'hash-of-public',
    '"node_modules/lodash": {\n  "version": "4.17.21",\n  "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  ['stand-in', 'spring.datasource.password=<PASSWORD>\nspring.datasource.username=<USERNAME>'],
  [
    'reference',
    '      - name: Log in to Docker Hub\n        uses: docker/login-action@v3\n        with:\n          username: ${{ vars.DOCKERHUB_USER }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}',
  ],
  ['reference', '  password: {{ .Values.postgresql.auth.password | b64enc | quote }}'],
  ['reference', 'sqlalchemy.url = postgresql+psycopg2://%(DB_USER)s:%(DB_PASSWORD)s@%(DB_HOST)s/app'],
  ['reference', 'psql "postgresql://app:${DB_PASSWORD:?DB_PASSWORD is not set}@db:5432/app"'],
  ['reference', 'export DB_PASSWORD="$(cat /run/secrets/db_password)"'],
  ['masked', 'Server=sql01.corp.local;Database=Orders;User Id=orders_app;Password=********;TrustServerCertificate=True'],
  ['masked', 'STRIPE_SECRET_KEY=sk_live_••••••••••••••••4242 (last rotated 2024-10-02)'],
  ['reference', 'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]  # never commit the value'],
  ['other', 'label = "{0:>{width}}|{1!r:^10}|{2:%Y-%m-%d}".format(name, status, when, width=24)'],
  ['identifier', 'commit {h40}\nAuthor: Dana Ortiz <dana@acme.io>\n\n    fix(auth): trim trailing "=" when comparing base64 HMACs'],
  ['identifier', 'HTTP/1.1 502 Bad Gateway\nx-request-id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nretry-after: 30'],
  ['stand-in', 'aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE'],
  ['public', '<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{b60}"/>'],
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dana@laptop'],
  ['other', '*/15 * * * * /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1'],
  ['other', 'location ~* \\.(?:css|js|woff2?|svg)$ { expires 30d; add_header Cache-Control "public, max-age=2592000"; }'],
  ['other', 'jq -r \'.items[] | select(.metadata.labels["app.kubernetes.io/name"]=="api") | .metadata.name\' '],
  ['other', 'PASSWORD_POLICY = r"^(?=.*[A-Z])(?=.*\\d)(?=.*[!@#$%^&*()\\[\\]{}<>;:,.?/\\\\|~]).{12,}$"  # at least one symbol'],
  ['hash-of-public', 'FROM nginx:1.27-alpine@sha256:{h64}'],
  ['public', '<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;600&display=swap" rel="stylesheet">'],
  ['other', 'C:\\Users\\dana\\AppData\\Roaming\\npm\\node_modules\\@acme\\cli\\bin\\acme.cmd'],
  [
    'hash-of-public',
    '$ sha256sum -c acme-cli_2.4.1_checksums.txt\nacme-cli_2.4.1_linux_amd64.tar.gz: OK\n# checksum {h64} matches the published release asset',
  ],
  ['stand-in', 'DATABASE_URL=postgres://<user>:<password>@<host>:5432/<db>'],
  ['reference', 'redis-cli -a "$REDIS_PASSWORD" --no-auth-warning PING  # replies PONG'],
  ['other', 'awk -F\'[;,]\' \'{ gsub(/"/, "", $3); printf "%s\\t%s\\n", $1, $3 }\' export.csv'],
  ['public', 'curl -s "https://api.github.com/repos/acme/infra/commits?per_page=5&sha=main#readme" | jq \'.[].sha\' '],
];
