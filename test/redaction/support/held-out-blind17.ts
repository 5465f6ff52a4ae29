/** A seventeenth held-out batch, written blind from the facts of two public rule sets' generic and structural rules (Nosey Parker, Kingfisher), every value a template run, scored once before any tuning. */
export const BLIND17_POSITIVES: readonly (readonly [string, string])[] = [
  // --- generic username/password pairs and password assignments, across languages ---
  [
    'lua-table-db-credentials',
    'local cfg = {\n  host = "10.0.4.12",\n  user = "svc_orders",\n  password = "«{a8}!{d3}{U2}»",\n  database = "orders",\n}',
  ],
  ['r-list-client-secret', 'creds <- list(\n  client_id = "{l20}",\n  client_secret = "«{h40}»"\n)\ntoken <- oauth2_token(creds)'],
  [
    'perl-fat-comma-password',
    "my %db = (\n    host     => 'pg01.acme.internal',\n    user     => 'reporting',\n    password => '«{a9}%{d2}k»',\n);",
  ],
  [
    'powershell-directoryentry-ldap-bind',
    '$root = New-Object DirectoryServices.DirectoryEntry("LDAP://dc01.corp.acme.local/DC=corp,DC=acme,DC=local", "CORP\\svc_ldapsync", "«{a10}#{d2}»")\n$searcher = New-Object DirectoryServices.DirectorySearcher($root)',
  ],
  [
    'csharp-directoryentry-auth-type',
    'using var entry = new DirectoryEntry(\n    "LDAP://ldap.acme.io/OU=Staff,DC=acme,DC=io",\n    "cn=hr-sync,ou=apps,dc=acme,dc=io",\n    "«{U3}{a8}@{d2}»",\n    AuthenticationTypes.Secure);',
  ],
  [
    'dotnet-appsettings-add-key-admin-pass',
    '<appSettings>\n  <add key="ReportServerUrl" value="https://reports.acme.local/ReportServer" />\n  <add key="ReportServerAdminPass" value="«{a11}!{d2}»" />\n</appSettings>',
  ],
  [
    'dotnet-appsettings-connectionstring-key',
    '<add key="LegacyConnectionString" value="Data Source=sql02.acme.local,1433;Initial Catalog=Billing;User ID=billing_app;Password=«{a10}${d3}»;" />',
  ],
  [
    'webconfig-connectionstrings-space-after-equals',
    '<connectionStrings>\n  <add name="Warehouse" connectionString="Server=wh-sql\\prod; Database=Stock; User Id=stock_rw; password= «{a9}_{d3}=Qx»" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'kotlin-mapof-password-pair',
    'val form = mapOf(\n    "username" to "ops-bot",\n    "password" to "«{a10}*{d3}»",\n)\nclient.submitForm(loginUrl, Parameters.build { form.forEach { (k, v) -> append(k, v) } })',
  ],
  [
    'swift-dictionary-client-secret',
    'let body: [String: String] = [\n    "grant_type": "client_credentials",\n    "client_id": "{l24}",\n    "client_secret": "«{a40}»",\n]',
  ],
  ['rust-env-set-var-api-key', 'fn main() {\n    std::env::set_var("ANALYTICS_API_KEY", "«{h32}»");\n    run().unwrap();\n}'],
  [
    'go-ldap-simple-bind-request',
    'req := ldap.NewSimpleBindRequest("cn=gitea,ou=services,dc=acme,dc=io", "«{a12}^{d2}»", nil)\nif _, err := conn.SimpleBind(req); err != nil {\n\treturn err\n}',
  ],
  [
    'java-properties-put-smtp-password',
    'Properties props = new Properties();\nprops.put("mail.smtp.host", "smtp.acme.io");\nprops.put("mail.smtp.user", "noreply@acme.io");\nprops.put("mail.smtp.password", "«{a12}.{d2}»");',
  ],
  [
    'playwright-fill-password',
    "await page.goto('https://admin.acme.io/login');\nawait page.fill('#username', 'qa-admin');\nawait page.fill('#password', '«{a9}!{d2}{L2}»');\nawait page.click('button[type=submit]');",
  ],
  [
    'azure-identity-username-password-credential',
    'credential = UsernamePasswordCredential(\n    client_id="{h8}-{h4}-{h4}-{h4}-{h12}",\n    username="automation@acme.onmicrosoft.com",\n    password="«{a10}@{d2}{U1}»",\n    tenant_id="{h8}-{h4}-{h4}-{h4}-{h12}",\n)',
  ],
  [
    'pymysql-connect-passwd-kwarg',
    "conn = pymysql.connect(host='db.acme.internal', user='etl', passwd='«{a11}&{d2}»', db='warehouse', charset='utf8mb4')",
  ],
  ['cx-oracle-connect-password', 'conn = cx_Oracle.connect(user="hr_ro", password="«{a10}#{d3}»", dsn="ora01.acme.io:1521/ORCLPDB1")'],
  [
    'psycopg2-connect-dsn-string',
    'conn = psycopg2.connect("host=pg.acme.internal dbname=ledger user=ledger_app password=«{a12}{d3}» sslmode=require")',
  ],
  [
    'php-mysqli-connect-positional',
    "$link = mysqli_connect('db.internal', 'shop', '«{a10}!{d2}»', 'shop_prod');\nif (!$link) { die(mysqli_connect_error()); }",
  ],
  ['php-pg-connect-conninfo', '$conn = pg_connect("host=pg01 port=5432 dbname=crm user=crm_web password=«{a11}{d3}»");'],
  ['ruby-dbi-connect-positional', 'dbh = DBI.connect("DBI:Mysql:inventory:db.acme.local", "inventory", "«{a10}{d2}%»")'],
  [
    'csharp-npgsqlconnection-inline',
    'await using var conn = new NpgsqlConnection("Host=pg.acme.io;Port=5432;Username=audit_svc;Password=«{a12}!{d2}»;Database=audit");',
  ],
  [
    'vb-adodb-open-concatenated',
    'Set adoConn = CreateObject("ADODB.Connection")\nadoConn.Open "Provider=SQLOLEDB.1;User ID=payroll_rw; " & "Password=«{a9}{d3}!»;Initial Catalog=Payroll;Data Source=sql03;"',
  ],
  [
    'odbc-ini-dsn-pwd',
    '[warehouse]\nDriver      = /opt/simba/redshift/lib/64/libamazonredshiftodbc64.so\nServer      = wh.acme.io\nPort        = 5439\nDatabase    = dev\nUID         = analyst\nPWD         = «{a12}{d2}»',
  ],
  [
    'apache-dbdparams-password',
    'DBDriver mysql\nDBDParams "host=db port=3306 user=apache password=«{a10}{d3}» dbname=apache_auth"\nAuthDBDUserPWQuery "SELECT password FROM users WHERE user = %s"',
  ],
  [
    'python-comments-between-user-and-pass',
    "USERNAME = 'svc.reports@acme.io'\n# mailbox used by the nightly export\n# see runbook RB-112\nPASS = '«{a9}={d3}{U2}»'",
  ],
  [
    'codeigniter-database-php',
    "$db['default']['hostname'] = 'localhost';\n$db['default']['username'] = 'ci_app';\n$db['default']['password'] = '«{a10}@{d3}»';\n$db['default']['database'] = 'ci_prod';",
  ],
  [
    'nomad-job-env-password',
    'task "api" {\n  driver = "docker"\n  env {\n    POSTGRES_USER     = "api"\n    POSTGRES_PASSWORD = "«{a16}»"\n  }\n}',
  ],
  [
    'toml-inline-table-credentials',
    '[registries.internal]\nindex = "https://crates.acme.io/index"\nauth = { user = "ci", password = "«{a20}»" }',
  ],
  ['yaml-flow-mapping-credentials', "deploy:\n  target: sftp.acme.io\n  auth: {username: deploy, password: '«{a10}%{d2}»'}"],
  [
    'json-pascalcase-admin-password',
    '{\n  "ApplicationServicesConnection": {\n    "ServiceAddress": "https://services.acme.io",\n    "AdminPassword": "«{a11}!{d3}»"\n  }\n}',
  ],
  [
    'tomcat-users-xml',
    '<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="tcadmin" password="«{a12}#{d2}»" roles="manager-gui,admin-gui"/>\n</tomcat-users>',
  ],
  [
    'hibernate-cfg-connection-password',
    '<property name="hibernate.connection.url">jdbc:postgresql://pg:5432/shop</property>\n<property name="hibernate.connection.username">shop</property>\n<property name="hibernate.connection.password">«{a12}{d2}»</property>',
  ],
  ['gradle-buildconfigfield-api-key', 'defaultConfig {\n    buildConfigField "String", "MAPS_API_KEY", "\\"«{h32}»\\""\n}'],
  [
    'xml-attribute-accesskey',
    '<storage provider="s3compat" endpoint="https://s3.acme.io" accesskey="{u20}" secretkey="«{b40}»" bucket="backups"/>',
  ],
  ['ruby-hash-rocket-signing-secret', "Webhooks.configure(\n  :endpoint => 'https://hooks.acme.io/in',\n  :signing_secret => '«{l48}»'\n)"],
  ['yaml-jwtsecret-symbols', 'oauthproviders:\n  enabled: true\n  jwtsecret: "«{a14}%{a10}^{d4}&{a12}»"\n  ttl: 3600'],
  [
    'java-jndi-security-credentials',
    'Hashtable<String, String> env = new Hashtable<>();\nenv.put(Context.PROVIDER_URL, "ldaps://ldap.acme.io:636");\nenv.put(Context.SECURITY_PRINCIPAL, "uid=jira,ou=apps,dc=acme,dc=io");\nenv.put(Context.SECURITY_CREDENTIALS, "«{a12}!{d2}»");',
  ],
  [
    'python-ldap-simple-bind-s',
    'conn = ldap.initialize("ldap://ldap.acme.io")\nconn.simple_bind_s("cn=nextcloud,ou=svc,dc=acme,dc=io", "«{a11}${d2}»")',
  ],
  [
    'paramiko-connect-password',
    "client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect('10.0.3.7', username='pi', password='«{a10}{d2}!»')",
  ],
  ['python-requests-auth-tuple', "resp = requests.get('https://jenkins.acme.io/api/json', auth=('build-bot', '«{h34}»'), timeout=10)"],
  ['js-btoa-basic-credentials', "const headers = { Authorization: 'Basic ' + btoa('grafana-reader:«{a14}»') };"],
  ['httpie-auth-flag', 'http -a deploy:«{a16}» POST https://nexus.acme.io/service/rest/v1/components?repository=releases'],
  [
    'ansible-uri-url-password',
    '- name: trigger rebuild\n  ansible.builtin.uri:\n    url: https://ci.acme.io/job/site/build\n    method: POST\n    url_username: ansible\n    url_password: "«{h34}»"\n    force_basic_auth: true',
  ],
  [
    'vbnet-networkcredential-domain',
    'Dim client As New WebClient()\nclient.Credentials = New NetworkCredential("svc_files", "«{a10}!{d3}»", "CORP")\nclient.DownloadFile(src, dst)',
  ],

  // --- SQL ---
  ['postgres-create-role-login-password', "CREATE ROLE reporting LOGIN PASSWORD '«{a14}{d2}»' VALID UNTIL '2026-01-01';"],
  ['clickhouse-create-user-identified-with', "CREATE USER grafana IDENTIFIED WITH sha256_password BY '«{a18}»' HOST ANY;"],
  ['cql-create-role-with-password', "CREATE ROLE ingest WITH PASSWORD = '«{a15}{d2}»' AND LOGIN = true;"],

  // --- connection strings and JDBC ---
  ['jdbc-mysql-userinfo', 'spring.datasource.url=jdbc:mysql://inventory:«{a12}{d3}»@mysql.acme.internal:3306/inventory?useSSL=true'],
  ['jdbc-redshift-uid-pwd-params', 'jdbc:redshift://wh.acme.io:5439/dev;UID=analyst;PWD=«{a13}{d2}»;ssl=true'],
  [
    'mongodb-replica-set-percent-encoded',
    'MONGO_URL=mongodb://app:«{a8}%40{a6}»@m0.acme.io:27017,m1.acme.io:27017,m2.acme.io:27017/orders?replicaSet=rs0&authSource=admin',
  ],
  ['mongodb-srv-unescaped-at-in-password', "uri: 'mongodb+srv://svc_shop:«{a7}@{d4}»@cluster0.{l5}.mongodb.net/shop?retryWrites=true'"],
  ['postgis-url', 'GEO_DATABASE_URL=postgis://geo:«{a16}»@gis-db.acme.internal:5432/tiles'],
  ['postgres-url-unescaped-at', 'CONNECTION_URI="postgres://etl:«{a6}@{a5}»@db.acme.io:5432/warehouse"'],
  ['redis-sentinel-url', 'CACHE_URL=redis+sentinel://default:«{a20}»@sentinel.acme.internal:26379/0'],
  ['redis-url-empty-user-base64-password', 'REDIS_URL="redis://:«{b43}=»@acme-cache.redis.cache.windows.net:6380/0"'],
  ['rediss-url-ipv6-host', 'rediss://:«{a24}»@[fd00:12::5]:6380/1'],
  [
    'python-redis-client-repr',
    '>>> r\n<redis.client.Redis(<redis.connection.ConnectionPool(<redis.connection.SSLConnection(db=0,username=None,password=«{a24}»,host=cache.acme.io,port=6380)>)>)>',
  ],
  [
    'kcat-sasl-password-flag',
    'kcat -b kafka.acme.io:9094 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=ingest -X sasl.password=«{a20}» -L',
  ],
  [
    'sqlalchemy-mssql-pyodbc-url',
    'engine = create_engine("mssql+pyodbc://etl:«{a12}{d2}»@sql04.acme.local:1433/Staging?driver=ODBC+Driver+18+for+SQL+Server")',
  ],
  ['go-mssql-sqlserver-url', 'dsn := "sqlserver://sa:«{a14}{d2}»@mssql.acme.io:1433?database=orders&encrypt=true"'],

  // --- credentials in URLs of other schemes ---
  ['smb-url-domain-userinfo', 'smb://ACME;svc_scan:«{a10}{d2}»@files.acme.local/scans/inbox'],
  ['sftp-url-userinfo', 'DEPLOY_TARGET=sftp://deploy:«{a14}»@sftp.acme.io:22/var/www/releases'],
  ['smtp-url-percent-encoded-user', 'EMAIL_URL=smtp://postmaster%40mg.acme.io:«{h32}-{h8}-{h8}»@smtp.mailgun.org:587'],
  ['imaps-url-userinfo', 'fetch_url = "imaps://support%40acme.io:«{a16}»@imap.acme.io:993/INBOX"'],
  ['wss-url-userinfo', 'const ws = new WebSocket("wss://stream:«{a20}»@events.acme.io/v1/feed");'],
  ['socks5-proxy-url-userinfo', 'ALL_PROXY=socks5h://scraper:«{a12}»@proxy.acme.net:1080'],
  ['rtsp-camera-url', 'ffmpeg -rtsp_transport tcp -i "rtsp://admin:«{a10}{d2}»@192.168.1.64:554/Streaming/Channels/101" -c copy cam1.mp4'],
  ['vnc-url-password', 'open vnc://:«{a8}»@mac-mini-07.acme.local:5900'],
  ['pip-requirements-git-https-token', 'acme-common @ git+https://ci-bot:«{a40}»@git.acme.io/platform/acme-common.git@v3.2.1'],
  [
    'webdav-davs-url-userinfo',
    'rclone copy ./exports "davs://nextcloud-sync:«{a5}-{a5}-{a5}-{a5}-{a5}»@cloud.acme.io/remote.php/dav/files/sync/"',
  ],

  // --- credential files ---
  ['netrc-default-entry', 'machine ftp.acme.io login mirror password «{a14}»\ndefault login anonymous password «{a12}{d3}»'],
  [
    'authinfo-port-between-login-and-password',
    'machine imap.acme.io login ops@acme.io port 993 password «{a16}»\nmachine smtp.acme.io login ops@acme.io port 587 password «{a16}»',
  ],
  [
    'svn-simple-auth-cache',
    'K 8\npasswdtype\nV 6\nsimple\nK 8\npassword\nV 14\n«{a14}»\nK 15\nsvn:realmstring\nV 38\n<https://svn.acme.io:443> Acme SVN Repo\nK 8\nusername\nV 6\nbuilds\nEND',
  ],

  // --- password hashes ---
  ['werkzeug-pbkdf2-hash-sqlite-row', "INSERT INTO user (username, password_hash) VALUES ('dana', '«pbkdf2:sha256:600000${a16}${h64}»');"],
  [
    'django-argon2-hash-fixture',
    '{"model": "auth.user", "pk": 1, "fields": {"username": "admin", "password": "«argon2$argon2id$v=19$m=102400,t=2,p=8${a22}${b43}»"}}',
  ],
  ['django-bcrypt-sha256-hash', "UPDATE auth_user SET password = '«bcrypt_sha256$$2b$12${p53}»' WHERE id = 7;"],
  ['django-scrypt-hash', 'password: «scrypt$16384${a22}$8$1${b86}==»'],
  ['passlib-pbkdf2-sha512-hash', 'admin_hash = "«$pbkdf2-sha512$25000${p22}${p86}»"'],
  ['dovecot-passwd-file-ssha512', 'ops@acme.io:{SSHA512}«{b96}»:5000:5000::/var/vmail/acme.io/ops::'],
  ['mosquitto-passwd-pbkdf2', 'sensor01:«$7$101${b16}${b86}==»\nsensor02:«$7$101${b16}${b86}==»'],
  ['cisco-type8-pbkdf2-username-secret', 'username netops privilege 15 secret 8 «$8${p14}${p43}»'],
  [
    'junos-encrypted-password-sha512',
    'system {\n    login {\n        user ops {\n            class super-user;\n            authentication {\n                encrypted-password "«$6${p16}${p86}»";\n            }\n        }\n    }\n}',
  ],
  ['sha256-crypt-rounds-kickstart-user', 'user --name=deploy --groups=wheel --iscrypted --password=«$5$rounds=656000${p16}${p43}»'],
  ['md5crypt-openssl-passwd-output', '$ openssl passwd -1\nPassword:\nVerifying - Password:\n«$1${p8}${p22}»'],
  ['drupal7-sha512-hash-sql', "UPDATE users SET pass = '«$S$E{p52}»' WHERE uid = 1;"],
  [
    'netntlmv2-responder-capture',
    '[SMB] NTLMv2-SSP Client   : 10.0.8.23\n[SMB] NTLMv2-SSP Username : CORP\\j.doe\n[SMB] NTLMv2-SSP Hash     : j.doe::CORP:«{h16}:{H32}:{H280}»',
  ],
  ['kerberoast-tgs-hash', '«$krb5tgs$23$*svc_sql$CORP.ACME.LOCAL$MSSQLSvc/sql01.corp.acme.local:1433*${h32}${h420}»'],
  [
    'ntlm-sha1-mimikatz-output',
    'msv :\n [00000003] Primary\n * Username : svc_backup\n * Domain   : CORP\n * NTLM     : «{h32}»\n * SHA1     : «{h40}»',
  ],
  ['htdigest-file-line', 'ops:Restricted Area:«{h32}»\nbuilds:Restricted Area:«{h32}»'],
  [
    'mssql-password-hash-0x0200',
    'name         password_hash\n------------ ----------------------------------\nsa           «0x0200{H8}{H128}»',
  ],
  [
    'oracle-12c-spare4-hash',
    "SQL> select spare4 from sys.user$ where name = 'APP_OWNER';\n\nSPARE4\n--------------------------------------\n«S:{H60};T:{H160}»",
  ],
  [
    'argon2i-php-password-hash-output',
    'php > var_dump(password_hash($pw, PASSWORD_ARGON2I));\nstring(96) "«$argon2i$v=19$m=65536,t=4,p=1${b22}${b43}»"',
  ],
  ['grub-pbkdf2-password', 'set superusers="root"\npassword_pbkdf2 root «grub.pbkdf2.sha512.10000.{H128}.{H128}»'],
  ['netbsd-sha1-crypt', 'operator:«$sha1$24680${p8}${p28}»:1001:100::0:0:Operator:/home/operator:/bin/sh'],
  [
    'keycloak-credential-secretdata-hash',
    '"credentials": [{\n  "type": "password",\n  "secretData": "{\\"value\\":\\"«{b86}==»\\",\\"salt\\":\\"«{b22}==»\\"}",\n  "credentialData": "{\\"hashIterations\\":210000,\\"algorithm\\":\\"pbkdf2-sha512\\"}"\n}]',
  ],

  // --- private keys in odd places ---
  [
    'ssh2-encrypted-private-key-block',
    '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240411"\n«P2/56wAAA{b61}\n{b70}\n{b70}\n{b70}\n{b40}»\n---- END SSH2 ENCRYPTED PRIVATE KEY ----',
  ],
  [
    'dotnet-rsakeyvalue-xml',
    '<RSAKeyValue><Modulus>{b172}</Modulus><Exponent>AQAB</Exponent><P>«{b86}==»</P><Q>«{b86}==»</Q><DP>«{b86}==»</DP><DQ>«{b86}==»</DQ><InverseQ>«{b86}==»</InverseQ><D>«{b172}»</D></RSAKeyValue>',
  ],
  [
    'pem-lines-json-array',
    '{\n  "signing_key_lines": [\n    "-----BEGIN RSA PRIVATE KEY-----",\n    "«MIIEowIBAAKCAQEA{b48}»",\n    "«{b64}»",\n    "«{b64}»",\n    "«{b40}»",\n    "-----END RSA PRIVATE KEY-----"\n  ]\n}',
  ],
  [
    'pem-legacy-encrypted-proc-type',
    '-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,{H32}\n\n«{b64}\n{b64}\n{b64}\n{b64}\n{b28}»\n-----END RSA PRIVATE KEY-----',
  ],
  [
    'pem-dsa-python-triple-quoted',
    'DSA_KEY = """-----BEGIN DSA PRIVATE KEY-----\n«MIIBuwIBAAKBgQ{b50}\n{b64}\n{b64}\n{b64}\n{b36}»\n-----END DSA PRIVATE KEY-----"""',
  ],
  [
    'pem-base64-pkcs8-helm-values',
    'ingress:\n  tls:\n    crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b200}\n    key: «LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2UUlCQURBTkJna3Foa2lHOXcwQkFRRUZBQVND{b400}»',
  ],
  [
    'pem-terraform-heredoc-ec',
    'resource "acme_certificate" "site" {\n  account_key_pem = <<-EOT\n    -----BEGIN EC PRIVATE KEY-----\n    «MHcCAQEEI{b55}\n    {b64}\n    {b12}»\n    -----END EC PRIVATE KEY-----\n  EOT\n}',
  ],
  [
    'pgp-private-key-json-escaped',
    '{"signing": {"armored": "-----BEGIN PGP PRIVATE KEY BLOCK-----\\n\\n«lQWGBGX{b57}\\n{b64}\\n{b64}\\n{b64}\\n={b4}»\\n-----END PGP PRIVATE KEY BLOCK-----\\n"}}',
  ],
  [
    'pkcs12-base64-with-password',
    'CODESIGN_PFX_BASE64=«MIIKYQIBAzCCCicGCSqGSIb3DQEHAaCCChgEggoUMIIKEDCCBscGCSqGSIb3DQEHBqCC{b300}»\nCODESIGN_PFX_PASSWORD=«{a18}»',
  ],

  // --- JWTs in headers, cookies and wrappers ---
  ['base64-wrapped-jwt-cookie', 'Cookie: theme=dark; auth_blob=«ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5LmV5SnpkV0lpT2lJ{b180}»'],
  ['jwt-pretty-printed-header', 'id_token: «ewogICJhbGciOiAiSFMyNTYiLAogICJ0eXAiOiAiSldUIgp9.eyJzdWIiOiI{B60}.{B43}»'],
  [
    'jwt-websocket-subprotocol',
    'GET /live HTTP/1.1\nHost: rt.acme.io\nUpgrade: websocket\nSec-WebSocket-Protocol: access_token, «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImsxIn0.eyJzdWIiOiI{B80}.{B86}»',
  ],
  [
    'jwt-oidc-fragment-id-token',
    'https://app.acme.io/callback#id_token=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImsxIn0.eyJpc3MiOiJodHRwczovL2xvZ2luLmFjbWUuaW8vIiwic3ViIjoi{B90}.{B86}»&state={a16}',
  ],
  [
    'jwt-kubectl-token-flag',
    'kubectl --server=https://k8s.acme.io:6443 --token=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImsxIn0.eyJpc3MiOiJ{B200}.{B86}» get pods -A',
  ],

  // --- authorization headers ---
  ['http2-lowercase-authorization-basic', ':method: GET\n:path: /v2/_catalog\n:authority: registry.acme.io\nauthorization: Basic «{b36}»'],
  ['yaml-list-bearer-line', 'headers:\n  - Accept: application/json\n  - Bearer «{h64}»'],
  ['authorization-bearer-lowercase-scheme', 'Authorization: bearer «{a40}»'],

  // --- tokens with a structural shape ---
  ['kubeadm-join-token', 'kubeadm join 10.0.0.10:6443 --token «{l6}.{l16}» \\\n    --discovery-token-ca-cert-hash sha256:{h64}'],
  [
    'k8s-bootstrap-token-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: bootstrap-token-{l6}\n  namespace: kube-system\ntype: bootstrap.kubernetes.io/token\nstringData:\n  token-id: {l6}\n  token-secret: «{l16}»\n  usage-bootstrap-authentication: "true"',
  ],
  ['docker-swarm-join-token', 'docker swarm join --token «SWMTKN-1-{l50}-{l25}» 10.0.1.5:2377'],
  ['docker-swarm-unlock-key', 'Swarm unlock key: «SWMKEY-1-{b43}»\nPlease remember to store this key in a password manager.'],

  // --- shell and tools ---
  ['expect-send-password', 'spawn ssh admin@10.0.9.1\nexpect "password:"\nsend "«{a10}!{d2}»\\r"\ninteract'],
  ['chpasswd-herestring', "chpasswd <<< 'kiosk:«{a12}{d2}»'"],
  ['htpasswd-batch-cli', 'htpasswd -b -c /etc/nginx/.htpasswd metrics «{a16}»'],
  ['rdesktop-p-flag', 'rdesktop -u Administrator -p «{a10}#{d2}» -g 1600x900 10.20.0.15'],
  ['openssl-enc-k-flag', 'openssl enc -aes-256-cbc -salt -pbkdf2 -k «{a20}» -in db.sql -out db.sql.enc'],

  // --- prose ---
  [
    'prose-password-for-user-is-quoted',
    "2. Make sure the password for user 'svc_etl' is '«{a10}%{d2}»' or update the .env file before running migrate.",
  ],
  [
    'prose-default-password-is-double-quoted',
    'After flashing, join the "Acme-Setup" network; the default password is "«{a12}{d2}»" and it is printed nowhere else.',
  ],
  [
    'prose-chat-replica-creds',
    'creds for the read replica: host db-ro.acme.internal, user reporting, pass «{a11}&{d3}» (please do not paste elsewhere)',
  ],
  ['prose-polish-vpn-password', 'Hasło do VPN dla nowego konta: «{a10}!{d2}» — zmień je po pierwszym logowaniu.'],
  ['prose-chinese-db-password', '生产库的账号是 app_rw，密码：«{a12}#{d2}»，别发到群里。'],
];

export const BLIND17_NEGATIVES: readonly (readonly [string, string])[] = [
  // references and interpolations
  ['reference', 'USERNAME=donjuan\nPASSWORD=$($(dirname $0)/../bin/get-setting LOCAL_DATABASE_PASSWORD)'],
  ['reference', 'export PGPASSWORD="$warehouse_db_password"\npg_dump -h "$PGHOST" -U etl warehouse > dump.sql'],
  ['reference', "- echo 'export DATABASE_PASSWORD=\"'$CI_DB_PASSWORD'\"' >> .env"],
  ['reference', 'sb.append("MasterUserPassword: " + getMasterUserPassword() + ",");'],
  ['reference', "echo 'password = '.$cfg['config']['daemon_password'].\"\\n\";"],
  ['reference', 'text << "User=#{username}, "\ntext << "Password=#{password}, "\ntext << "Domain=#{domain}"'],
  ['reference', '$user = $_POST["username"];\n$pwd = $_POST["password"];'],
  ['reference', 'db_password = config.get("database", "password")\nDSN = "host=%(host)s user=%(user)s password=%(db_password)s"'],
  ['reference', "smtp:\n  user_name: <%= ENV.fetch('SMTP_USER') %>\n  password: <%= ENV.fetch('SMTP_PASSWORD') %>"],
  ['reference', 'password := os.Getenv("REDIS_PASSWORD")\nrdb := redis.NewClient(&redis.Options{Addr: addr, Password: password})'],
  ['reference', 'conn = psycopg2.connect(host=os.environ["PGHOST"], user="etl", password=os.environ["PGPASSWORD"])'],
  ['reference', '  env:\n    DB_PASSWORD: ${{ secrets.DB_PASSWORD }}\n    JWT_SECRET: ${{ secrets.JWT_SECRET }}'],
  ['reference', 'mysql_password: "{{ vault_mysql_password }}"\nmysql_user: "{{ app_db_user }}"'],
  ['reference', 'DATABASE_URL=mongodb://${MONGO_USER}:${MONGO_PASSWORD}@mongo:27017/app?authSource=admin'],
  ['reference', 'cat > ~/.netrc <<EOF\nmachine git.acme.io login ci password ${CI_JOB_TOKEN}\nEOF'],
  ['reference', 'jdbc:postgresql://db:5432/app?user=app&password=${DB_PASSWORD}'],
  [
    'reference',
    '$cred = Get-Credential -UserName "CORP\\svc_deploy" -Message "deploy account"\n$pw = Read-Host -AsSecureString "Password"',
  ],
  ['reference', 'curl -H "Authorization: Bearer $ACCESS_TOKEN" https://api.acme.io/v1/me'],
  ['reference', 'Authorization: Bearer {{token}}'],
  // stand-ins and masks
  ['masked', ":authn_dbd_params => 'host=db_host port=3306 user=apache password=###### dbname=apache_auth',"],
  ['masked', 'string backend_user = "root";\nstring backend_pass = "XXXXXXXXXXXXX";'],
  ['masked', 'Server=sql01;Database=Billing;User Id=billing_app;Password=********;'],
  ['masked', 'mongodb+srv://<username>:<db_password>@cluster0.mongodb.net/?retryWrites=true'],
  ['masked', '"password": "&lt;YOURPASSWORD&gt;"'],
  ['masked', 'redis_password: changeme\nredis_port: 6379'],
  ['masked', 'SMTP_PASSWORD=REDACTED\nSMTP_USER=alerts@acme.io'],
  ['masked', '{"username": "admin", "password": null, "remember": false}'],
  ['masked', 'Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=  # username:password, from the docs'],
  ['masked', 'docker swarm join --token SWMTKN-1-<token> <manager-ip>:2377'],
  // identifiers, signatures and code that only mentions the word
  ['identifier', "def login(self, user = '', password = '', domain = ''):"],
  ['identifier', 'char *domain = NULL;\nchar *user = NULL;\nchar *password = NULL;'],
  ['identifier', 'define wget::authfetch($source, $destination, $user, $password = "", $timeout = "0") {'],
  ['identifier', 'this.addPassword = "#add-password";\nthis.forgotPassword = "#forgot-password";'],
  ['identifier', 'usernameLabel:"Username or email:",passwordLabel:"Password:",rememberMeLabel:"Remember me:"'],
  ['identifier', "get '/passwords/:id/edit' => \"sites/passwords#edit\", as: 'edit_password'"],
  ['identifier', 'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"'],
  ['identifier', '<input type="text" name="plugin_s3_comp_files_access_key" id="plugin-s3-comp-files-access-key">'],
  ['identifier', 'func Connect(ctx context.Context, user, password string) (*Client, error)'],
  ['identifier', 'it "sets the relation to nil" do\n  eye.eyeable.should be_nil\nend'],
  ['css-html-js', '<script src="/static/js/vendor.{h16}.js"></script>\n<script src="/static/js/chunks.{h16}.js"></script>'],
  ['css-html-js', '<input type="password" name="password" autocomplete="current-password" minlength="12" required>'],
  // docs and policy text
  [
    'docs',
    'Passwords must be at least 12 characters and must not be on the blocklist (password123, qwerty456, letmein1 and similar are rejected).',
  ],
  [
    'docs',
    'bcrypt hashes look like $2b$<cost>$<22-character salt><31-character hash>; we store them with cost 12 and migrate to argon2id (m=19456, t=2, p=1) on next login.',
  ],
  ['docs', 'Crack with hashcat: -m 1000 for NTLM, -m 5600 for NetNTLMv2, -m 13100 for Kerberos TGS-REP and -m 18200 for AS-REP.'],
  ['docs', 'ENCRYPT_METHOD SHA512\nSHA_CRYPT_MIN_ROUNDS 5000\npassword   required   pam_unix.so sha512 shadow use_authtok'],
  ['docs', 'Bootstrap tokens have the form [a-z0-9]{6}.[a-z0-9]{16}; create one with `kubeadm token create --print-join-command`.'],
  ['docs', 'See /en/enterprise/authentication/keeping-your-account-and-data-secure/creating-a-strong-password for guidance.'],
  // public material, hashes of files, accounts without secrets
  [
    'public-key',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A{b32}\n{b64}\n{b64}\n{b64}\n{b56}IDAQAB\n-----END PUBLIC KEY-----',
  ],
  ['public-key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-03'],
  ['public-key', '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE{b44}\n{b64}\n{b64}\n{b40}\n-----END CERTIFICATE-----'],
  ['digest', 'kubeadm join 10.0.0.10:6443 --token <token> --discovery-token-ca-cert-hash sha256:{h64}'],
  ['log', 'nobody:*:19700:0:99999:7:::\nsshd:!:19700::::::\nops:!!:19712:0:99999:7:::'],
  ['url', 'git clone ssh://git@git.acme.io:2222/platform/infra.git\npostgres://app@db.acme.internal:5432/app?sslmode=require'],
  ['url', 'jdbc:oracle:thin:@ora.acme.io:1521/ORCLPDB1'],
];
