/** A sixty-eighth held-out batch, written blind: credentials as they surface in debug prints and serialised object dumps (Python/pydantic reprs, JVM toString, Go %v, Rust Debug, PHP var_dump, Ruby inspect, Elixir/Erlang terms, Node util.inspect, .NET, Swift, Perl, Lua, Clojure, Haskell, R, protobuf text, structured logs, env dumps, HTTP request objects, tracebacks), and masked or id-only dumps as negatives. */
export const BLIND68_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'dbg68-py-dict-repr-db-password',
    ">>> print(cfg)\n{'host': 'db.internal', 'port': 5432, 'user': 'orders', 'password': '«{a20}»', 'sslmode': 'require'}",
  ],
  [
    'dbg68-py-dataclass-repr-password-field',
    "DEBUG loaded DbConfig(host='10.0.4.12', port=5432, user='etl', password='«{a18}»', pool_size=10, echo=False)",
  ],
  ['dbg68-py-namedtuple-credentials-repr', ">>> creds\nCredentials(username='svc-report', password='«{a12}!{d4}»')"],
  [
    'dbg68-py-pydantic-settings-repr-stripe-and-dsn',
    "(Pdb) p settings\nSettings(app_name='billing', debug=False, stripe_secret_key='«sk_live_{a24}»', database_url='postgresql://billing:«{a20}»@db:5432/billing', log_level='INFO')",
  ],
  [
    'dbg68-py-http-client-debuglevel-bytes-send',
    "send: b'POST /v1/charges HTTP/1.1\\r\\nHost: api.stripe.com\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAuthorization: Bearer «sk_live_{a24}»\\r\\nContent-Length: 47\\r\\n\\r\\n'\nreply: 'HTTP/1.1 402 Payment Required\\r\\n'",
  ],
  [
    'dbg68-py-pprint-django-databases-multiline',
    ">>> from pprint import pprint; pprint(settings.DATABASES)\n{'default': {'ENGINE': 'django.db.backends.postgresql',\n             'HOST': 'pg.internal',\n             'NAME': 'shop',\n             'PASSWORD': '«{a22}»',\n             'PORT': '5432',\n             'USER': 'shop'}}",
  ],
  [
    'dbg68-py-logging-client-kwargs-mailgun-key',
    "2024-06-04 10:12:44,118 DEBUG app.clients creating MailgunClient with kwargs={'api_key': '«key-{h32}»', 'domain': 'mg.acme.io', 'timeout': 30}",
  ],
  [
    'dbg68-py-os-environ-repr-openai-key',
    ">>> os.environ\nenviron({'PATH': '/usr/local/bin:/usr/bin:/bin', 'HOME': '/root', 'LANG': 'C.UTF-8', 'OPENAI_API_KEY': '«sk-proj-{B56}T3BlbkFJ{B56}»', 'PYTHONUNBUFFERED': '1'})",
  ],
  [
    'dbg68-py-requests-prepared-request-headers-ghp',
    ">>> r.request.headers\n{'User-Agent': 'python-requests/2.31.0', 'Accept-Encoding': 'gzip, deflate', 'Accept': 'application/vnd.github+json', 'Connection': 'keep-alive', 'Authorization': 'token «ghp_{a36}»'}",
  ],
  [
    'dbg68-py-traceback-call-args-ftp-password',
    'Traceback (most recent call last):\n  File "/app/sync.py", line 41, in <module>\n    client = connect(host="ftp.partner.net", user="acme", password="«{a14}»")\n  File "/app/ftpclient.py", line 12, in connect\n    ftp.login(user, password)\nftplib.error_perm: 530 Login incorrect.',
  ],
  ['dbg68-py-sqlalchemy-url-str-unmasked', ">>> str(engine.url)\n'postgresql+psycopg2://app:«{a16}»@db.internal:5432/app'"],
  [
    'dbg68-py-boto3-frozen-credentials-namedtuple',
    ">>> session.get_credentials().get_frozen_credentials()\nReadOnlyCredentials(access_key='AKIA{U16}', secret_key='«{b40}»', token=None)",
  ],
  [
    'dbg68-py-vars-client-private-attrs-hf-token',
    ">>> vars(client)\n{'_token': '«hf_{a34}»', '_endpoint': 'https://huggingface.co', 'library_name': 'transformers', 'headers': None}",
  ],
  [
    'dbg68-py-attrs-smtp-settings-sendgrid',
    "SmtpSettings(host='smtp.sendgrid.net', port=587, username='apikey', password='«SG.{B22}.{B43}»', use_tls=True)",
  ],
  [
    'dbg68-py-pydantic-model-dump-slack-bot-token',
    "In [12]: cfg.model_dump()\nOut[12]: {'name': 'deploy-notifier', 'bot_token': '«xoxb-{d12}-{d13}-{a24}»', 'channel': '#deploys', 'enabled': True}",
  ],
  [
    'dbg68-py-jupyter-out-google-oauth-client-secret',
    "Out[7]: {'client_id': '{d12}-{l32}.apps.googleusercontent.com',\n 'project_id': 'acme-analytics',\n 'client_secret': '«GOCSPX-{B28}»',\n 'redirect_uris': ['http://localhost']}",
  ],
  ['dbg68-py-print-tuple-unpacked-mysql-creds', "DEBUG (host, user, pw) = ('mysql.internal', 'report', '«{a10}#{a6}»')"],
  [
    'dbg68-py-structlog-keyvalue-webhook-secret',
    "2024-06-04 10:12:44 [debug    ] webhook.configured             endpoint=https://hooks.acme.io/stripe secret='«whsec_{a32}»' version=2023-10-16",
  ],
  ['dbg68-py-icecream-gitlab-token', "ic| token: '«glpat-{B20}»'\nic| project_id: 48213377"],
  [
    'dbg68-py-pytest-assert-dict-diff-jwt',
    "E       AssertionError: assert {'Authorization': 'Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»'} == {}\nE         Left contains 1 more item:\nE         {'Authorization': 'Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»'}\nE         Use -v to get more diff",
  ],
  [
    'dbg68-py-django-diffsettings-email-password',
    "$ python manage.py diffsettings | grep -i email\nEMAIL_HOST = 'smtp.office365.com'  ###\nEMAIL_HOST_PASSWORD = '«{a16}»'  ###\nEMAIL_HOST_USER = 'noreply@acme.io'  ###\nEMAIL_PORT = 587  ###",
  ],
  [
    'dbg68-py-flask-config-repr-secret-key',
    "<Config {'DEBUG': False, 'TESTING': False, 'PROPAGATE_EXCEPTIONS': None, 'SECRET_KEY': '«{h64}»', 'PERMANENT_SESSION_LIFETIME': datetime.timedelta(days=31), 'SESSION_COOKIE_NAME': 'session', ...}>",
  ],
  [
    'dbg68-py-nested-dict-aws-secret-truncated',
    "{'aws': {'access_key_id': 'AKIA{U16}', 'secret_access_key': '«{b40}»', 'region': 'eu-west-1'}, 'gcp': {...}, 'azure': {...}}",
  ],
  [
    'dbg68-py-rich-print-dataclass-multiline-redis',
    "RedisConfig(\n    host='cache.internal',\n    port=6380,\n    password='«{a32}»',\n    ssl=True,\n    db=0\n)",
  ],
  [
    'dbg68-py-argparse-namespace-db-password',
    "Namespace(db_host='db.internal', db_user='migrator', db_password='«{a18}»', dry_run=False, verbose=2)",
  ],
  [
    'dbg68-py-secretstr-get-secret-value-anthropic',
    ">>> settings.anthropic_api_key\nSecretStr('**********')\n>>> settings.anthropic_api_key.get_secret_value()\n'«sk-ant-api03-{B93}AA»'",
  ],
  [
    'dbg68-py-configparser-sections-dict-smtp-pass',
    ">>> {s: dict(cfg[s]) for s in cfg.sections()}\n{'smtp': {'host': 'smtp.office365.com', 'user': 'alerts@acme.io', 'pass': '«{a14}»'}, 'paths': {'spool': '/var/spool/alerts'}}",
  ],
  [
    'dbg68-py-bytes-repr-openssh-private-key',
    ">>> open('/home/deploy/.ssh/id_ed25519', 'rb').read()\nb'«-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\nQyNTUxOQAAACB{b44}AAAA{b48}\\n{b70}\\n{b30}=\\n-----END OPENSSH PRIVATE KEY-----»\\n'",
  ],
  [
    'dbg68-py-confluent-kafka-config-dict-sasl-password',
    "{'bootstrap.servers': 'pkc-{l5}.eu-west-1.aws.confluent.cloud:9092',\n 'security.protocol': 'SASL_SSL',\n 'sasl.mechanisms': 'PLAIN',\n 'sasl.username': '{u16}',\n 'sasl.password': '«{B64}»'}",
  ],
  [
    'dbg68-py-httpx-request-headers-repr',
    ">>> request.headers\nHeaders({'host': 'api.openai.com', 'accept': '*/*', 'content-type': 'application/json', 'authorization': 'Bearer «sk-proj-{B48}T3BlbkFJ{B48}»'})",
  ],
  ['dbg68-py-celery-conf-broker-url-table', "(Pdb) pp app.conf.broker_url\n'amqp://orders:«{a20}»@rabbit.internal:5672/orders'"],
  [
    'dbg68-py-typeerror-repr-in-message-twilio',
    "TypeError: TwilioClient.__init__() got an unexpected keyword argument 'token' (called with args=('AC{h32}',), kwargs={'token': '«{h32}»', 'region': 'ie1'})",
  ],
  [
    'dbg68-py-pdb-self-dict-notion-secret',
    "(Pdb) p self.__dict__\n{'base_url': 'https://api.notion.com/v1', 'auth': '«secret_{a43}»', 'notion_version': '2022-06-28', 'session': <requests.sessions.Session object at 0x7f3a9c1e2b50>}",
  ],
  [
    'dbg68-py-loguru-extra-dict-pypi-token',
    "2024-06-04 10:12:44.118 | DEBUG    | release:upload:58 - twine env {'TWINE_USERNAME': '__token__', 'TWINE_PASSWORD': '«pypi-AgEIcHlwaS5vcmc{B60}»'}",
  ],
  [
    'dbg68-java-tostring-datasource-config-braces',
    "INFO  c.a.o.config.DbBootstrap - using DataSourceConfig{url='jdbc:postgresql://db:5432/orders', username='orders', password='«{a18}»', maxPoolSize=20}",
  ],
  [
    'dbg68-java-lombok-tostring-gmail-app-password',
    'MailProperties(host=smtp.gmail.com, port=587, username=alerts@acme.io, password=«{L16}», starttls=true)',
  ],
  ['dbg68-kotlin-data-class-creds-ghp', 'println(creds)\n// Creds(user=svc-sync, token=«ghp_{a36}», scopes=[repo, read:org])'],
  [
    'dbg68-java-hikari-debug-jdbc-url-password-param',
    'DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:mysql://mysql.internal:3306/shop?user=shop&password=«{a16}»&useSSL=true\nDEBUG com.zaxxer.hikari.HikariConfig - maximumPoolSize.................10',
  ],
  [
    'dbg68-java-spring-actuator-env-json-password',
    '{\n  "name": "Config resource \'class path resource [application-prod.yml]\' via location \'optional:classpath:/\'",\n  "properties": {\n    "spring.datasource.username": { "value": "ledger", "origin": "class path resource [application-prod.yml] - 7:17" },\n    "spring.datasource.password": { "value": "«{a20}»", "origin": "class path resource [application-prod.yml] - 8:17" }\n  }\n}',
  ],
  [
    'dbg68-java-hashmap-tostring-oauth-form',
    'DEBUG TokenClient - posting form {grant_type=client_credentials, client_id=ops-portal, client_secret=«{a40}», scope=orders.read}',
  ],
  ['dbg68-java-record-tostring-api-credentials', 'ApiCredentials[apiKey=«{a32}», region=eu-west-1, endpoint=https://api.acme-pay.io]'],
  [
    'dbg68-java-properties-list-smtp-password',
    '-- listing properties --\nmail.smtp.host=smtp.mailgun.org\nmail.smtp.port=587\nmail.smtp.user=postmaster@mg.acme.io\nmail.smtp.password=«{h32}-{h8}-{h8}»\nmail.smtp.auth=true',
  ],
  [
    'dbg68-kotlin-exception-message-rabbit-config',
    'java.lang.IllegalStateException: Failed to connect with config=RabbitConfig(host=mq.internal, port=5671, username=orders, password=«{a20}», vhost=/orders)\n\tat com.acme.orders.mq.Connector.open(Connector.kt:44)\n\tat com.acme.orders.AppKt.main(App.kt:17)',
  ],
  [
    'dbg68-java-okhttp-logging-interceptor-gho',
    '--> GET https://api.github.com/user\nAccept: application/vnd.github+json\nAuthorization: Bearer «gho_{a36}»\n--> END GET\n<-- 200 OK https://api.github.com/user (212ms)',
  ],
  [
    'dbg68-java-jackson-serialised-payload-log',
    '2024-06-04T10:12:44.118Z DEBUG 1 --- [nio-8080-exec-3] c.a.i.PartnerClient : request body={"tenant":"acme","apiKey":"«{a40}»","retries":3}',
  ],
  [
    'dbg68-scala-case-class-positional-tostring',
    'scala> conf\nval res3: DbConf = DbConf(jdbc:postgresql://db:5432/ledger,ledger,«{a20}»,10)',
  ],
  ['dbg68-groovy-map-tostring-jenkins', '[Pipeline] echo\n[user:deploy, password:«{a16}», host:nexus.internal]'],
  [
    'dbg68-android-logcat-headers-map-bearer',
    '06-04 10:12:44.118  4321  4388 D ApiClient: headers={Authorization=Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}», X-App-Version=4.2.1, Accept=application/json}',
  ],
  [
    'dbg68-java-sqlexception-jdbc-url-in-message',
    'java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. url=jdbc:mysql://db.internal:3306/app?user=app&password=«{a16}»\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:110)',
  ],
  [
    'dbg68-java-system-getenv-map-databricks',
    'jshell> System.getenv()\n$1 ==> {PATH=/usr/local/sbin:/usr/bin, JAVA_HOME=/opt/java/openjdk, DATABRICKS_HOST=https://adb-{d16}.4.azuredatabricks.net, DATABRICKS_TOKEN=«dapi{h32}», HOSTNAME=spark-driver-0}',
  ],
  [
    'dbg68-java-config-properties-tostring-aws-secret',
    'INFO  c.a.s.S3Config - AwsProperties(accessKey=AKIA{U16}, secretKey=«{b40}», region=eu-central-1, bucket=acme-exports)',
  ],
  ['dbg68-kotlin-map-println-twilio-token', '{accountSid=AC{h32}, authToken=«{h32}», from=+15005550006}'],
  [
    'dbg68-java-lombok-builder-tostring-nested',
    'KafkaSettings.KafkaSettingsBuilder(bootstrap=broker-1:9093, sasl=SaslSettings(mechanism=SCRAM-SHA-512, username=orders-svc, password=«{a24}»), acks=all)',
  ],
  [
    'dbg68-java-intellij-debugger-variables-view',
    'this = {PaymentGateway@10231}\n apiKey = "«sk_live_{a24}»"\n timeout = {Duration@10233} "PT30S"\n baseUrl = "https://api.stripe.com"\n',
  ],
  [
    'dbg68-kotlin-ktor-client-logging-headers',
    'REQUEST: https://api.linear.app/graphql\nMETHOD: HttpMethod(value=POST)\nCOMMON HEADERS\n-> Accept: application/json\n-> Authorization: «lin_api_{a40}»\nCONTENT HEADERS\n-> Content-Type: application/json',
  ],
  [
    'dbg68-go-printf-plus-v-struct-password',
    '2024/06/04 10:12:44 config: {User:svc Password:«{a16}» Host:db.internal Port:5432 SSLMode:require}',
  ],
  ['dbg68-go-printf-v-map-password', 'DEBU[0000] creds map[password:«{a18}» user:admin]'],
  ['dbg68-go-printf-sharp-v-pointer-struct', 'auth = &config.Auth{Key:"«{a32}»", Endpoint:"https://api.acme.io", Timeout:30000000000}'],
  [
    'dbg68-go-sharp-v-nested-dsn-and-redis',
    'main.Config{DB:main.DB{DSN:"postgres://app:«{a20}»@db:5432/app?sslmode=disable", MaxConns:20}, Redis:main.Redis{Addr:"redis:6379", Password:"«{a24}»", DB:0}}',
  ],
  [
    'dbg68-go-spew-dump-github-token-len',
    '(*config.Config)(0xc0001a2000)({\n Owner: (string) (len=4) "acme",\n Token: (string) (len=40) "«ghp_{a36}»",\n Repos: ([]string) (len=2 cap=2) {\n  (string) (len=7) "billing",\n  (string) (len=5) "infra"\n }\n})',
  ],
  [
    'dbg68-go-http-header-map-bearer',
    'req.Header = map[Accept:[application/json] Authorization:[Bearer «{a48}»] User-Agent:[acme-sync/1.4.2]]',
  ],
  [
    'dbg68-go-logrus-logfmt-api-key-field',
    'time="2024-06-04T10:12:44Z" level=debug msg="init client" api_key=«{h32}» region=us-east-1 retries=3',
  ],
  [
    'dbg68-go-zap-json-vault-token',
    '{"level":"debug","ts":1717495964.118,"caller":"vault/client.go:88","msg":"vault client ready","addr":"https://vault.internal:8200","token":"«hvs.{a24}»"}',
  ],
  [
    'dbg68-go-println-os-environ-slice',
    '[PATH=/usr/local/go/bin:/usr/bin HOME=/root GOFLAGS=-mod=readonly GITLAB_TOKEN=«glpat-{B20}» CI=true]',
  ],
  [
    'dbg68-go-panic-redis-url-password',
    'panic: redis: invalid URL "rediss://:«{a32}»@cache.internal:6380/0": invalid database number\n\ngoroutine 1 [running]:\nmain.mustRedis(...)\n\t/src/cmd/worker/main.go:51 +0x1c5',
  ],
  [
    'dbg68-go-testify-expected-actual-bearer',
    '        \tError:      \tNot equal:\n        \t            \texpected: "Bearer «{a40}»"\n        \t            \tactual  : ""\n        \tTest:       \tTestAuthHeader',
  ],
  ['dbg68-go-printf-v-struct-unnamed-fields-stripe', 'DEBUG billing: {prod «sk_live_{a24}» true 3}'],
  [
    'dbg68-go-terraform-tf-log-provider-body',
    '2024-06-04T10:12:44.118Z [DEBUG] provider.terraform-provider-cloudflare_v4.30.0: HTTP Request Sent: tf_http_req_header=map[Authorization:[Bearer «{B40}»] Content-Type:[application/json]] tf_http_req_method=GET',
  ],
  [
    'dbg68-go-slog-text-handler-db-password',
    'time=2024-06-04T10:12:44.118Z level=DEBUG msg="opening db" host=pg.internal user=ledger password=«{a20}» db=ledger',
  ],
  [
    'dbg68-go-yaml-marshal-config-dump',
    'server:\n  addr: :8080\ndatabase:\n  dsn: postgres://ledger:«{a22}»@pg.internal:5432/ledger\nsmtp:\n  user: apikey\n  pass: «SG.{B22}.{B43}»',
  ],
  [
    'dbg68-go-delve-print-struct',
    '(dlv) print cfg\nmain.Config {\n\tEndpoint: "https://api.digitalocean.com",\n\tToken: "«dop_v1_{h64}»",\n\tRegion: "fra1",}',
  ],
  [
    'dbg68-rust-debug-config-database-url',
    '[2024-06-04T10:12:44Z DEBUG server] loaded Config { database_url: "postgres://app:«{a20}»@db/app", port: 8080, workers: 4 }',
  ],
  [
    'dbg68-rust-pretty-debug-settings-api-key',
    'Settings {\n    api_key: "«{a40}»",\n    endpoint: "https://api.acme.io",\n    retries: 3,\n}',
  ],
  ['dbg68-rust-option-some-password', 'Credentials { username: "svc", password: Some("«{a18}»"), mfa: None }'],
  [
    'dbg68-rust-newtype-tuple-struct-api-key',
    'thread \'main\' panicked at src/main.rs:31:10:\ncalled `Result::unwrap()` on an `Err` value: Unauthorized(ApiKey("«{a32}»"))',
  ],
  ['dbg68-rust-hashmap-debug-headers', '{"accept": "application/json", "x-api-key": "«{a40}»", "user-agent": "acme-cli/0.9.1"}'],
  [
    'dbg68-rust-reqwest-request-debug-openai',
    'Request { method: POST, url: Url { scheme: "https", cannot_be_a_base: false, username: "", password: None, host: Some(Domain("api.openai.com")), port: None, path: "/v1/chat/completions", query: None, fragment: None }, headers: {"authorization": "Bearer «sk-proj-{B48}T3BlbkFJ{B48}»", "content-type": "application/json"} }',
  ],
  ['dbg68-rust-non-exhaustive-debug-password', 'DbOptions { password: "«{a16}!{a4}»", .. }'],
  ['dbg68-rust-dbg-macro-token', '[src/bin/sync.rs:42:5] &token = "«xoxp-{d12}-{d12}-{d13}-{h32}»"\n'],
  [
    'dbg68-rust-error-amqp-url',
    'Error: Connection refused (os error 111) while connecting to "amqp://orders:«{a20}»@rabbit:5672/%2f"\n\nCaused by:\n    Connection refused (os error 111)',
  ],
  [
    'dbg68-rust-bytes-debug-b-literal-bearer',
    'DEBUG hyper::proto::h1::io: flushed 212 bytes\nTRACE h1 write: b"GET /api/v2/me HTTP/1.1\\r\\nauthorization: Bearer «{a48}»\\r\\nhost: api.acme.io\\r\\n\\r\\n"',
  ],
  ['dbg68-rust-serde-json-value-debug', 'Object {"service": String("sentry"), "token": String("«sntryu_{h64}»"), "org": String("acme")}'],
  [
    'dbg68-rust-pretty-debug-nested-some-struct',
    'AppConfig {\n    http: HttpConfig {\n        bind: "0.0.0.0:8080",\n    },\n    s3: Some(\n        S3Config {\n            bucket: "acme-exports",\n            access_key: "AKIA{U16}",\n            secret_key: "«{b40}»",\n        },\n    ),\n}',
  ],
  [
    'dbg68-php-var-dump-array-password',
    'array(3) {\n  ["host"]=>\n  string(11) "db.internal"\n  ["username"]=>\n  string(4) "shop"\n  ["password"]=>\n  string(20) "«{a20}»"\n}',
  ],
  [
    'dbg68-php-print-r-db-config',
    'Array\n(\n    [driver] => mysql\n    [host] => 127.0.0.1\n    [database] => forge\n    [username] => forge\n    [password] => «{a18}»\n)',
  ],
  ['dbg68-php-var-export-api-key', "array (\n  'api_key' => '«{h32}»',\n  'list_id' => '{h10}',\n  'server' => 'us21',\n)"],
  [
    'dbg68-php-var-dump-object-protected-stripe',
    'object(App\\Services\\StripeGateway)#312 (2) {\n  ["secret":protected]=>\n  string(32) "«sk_live_{a24}»"\n  ["currency":protected]=>\n  string(3) "eur"\n}',
  ],
  [
    'dbg68-php-laravel-dd-varDumper-mail',
    'array:4 [▼\n  "transport" => "smtp"\n  "host" => "smtp-relay.brevo.com"\n  "username" => "{h8}@smtp-brevo.com"\n  "password" => "«xsmtpsib-{h64}-{a16}»"\n]',
  ],
  [
    'dbg68-php-exception-trace-truncated-pdo-args',
    "PDOException: SQLSTATE[HY000] [1045] Access denied for user 'shop'@'10.0.3.7' in /var/www/app/Db.php:22\nStack trace:\n#0 /var/www/app/Db.php(22): PDO->__construct('mysql:host=db;d...', 'shop', '«{a15}»...')\n#1 /var/www/app/bootstrap.php(9): App\\Db::connect()",
  ],
  [
    'dbg68-php-monolog-context-headers',
    '[2024-06-04 10:12:44] app.DEBUG: Calling partner API {"url":"https://api.partner.io/v2/orders","headers":{"Authorization":"Bearer «{a40}»","Accept":"application/json"}} []',
  ],
  [
    'dbg68-php-print-r-stdclass-json-decode',
    'stdClass Object\n(\n    [client_id] => {l24}\n    [client_secret] => «{a48}»\n    [scope] => read write\n)',
  ],
  [
    'dbg68-php-symfony-dump-object-nested',
    'App\\Config\\MailerConfig {#1204 ▼\n  -dsn: "smtp://apikey:«SG.{B22}.{B43}»@smtp.sendgrid.net:587"\n  -from: "noreply@acme.io"\n}',
  ],
  ['dbg68-ruby-struct-inspect-token', '=> #<struct Creds user="svc-deploy", token="«glpat-{B20}»">'],
  ['dbg68-ruby-hash-rocket-api-key', '{:api_key=>"«{h32}»", :region=>"us-east-1", :timeout=>10}'],
  [
    'dbg68-ruby34-hash-inspect-colon-style',
    'irb(main):004> Rails.application.credentials.config\n=> {secret_key_base: "«{h128}»", openai: {api_key: "«sk-proj-{B48}T3BlbkFJ{B48}»"}}',
  ],
  [
    'dbg68-ruby-object-inspect-ivars',
    '#<ApiClient:0x000055d5c8a0f2b8 @base_url="https://api.acme.io", @token="«{a40}»", @timeout=10, @logger=#<Logger:0x000055d5c89f1e70>>',
  ],
  [
    'dbg68-ruby-rails-log-unfiltered-params',
    'Started POST "/api/v1/integrations" for 10.0.3.7 at 2024-06-04 10:12:44 +0000\nProcessing by Api::V1::IntegrationsController#create as JSON\n  Parameters: {"integration"=>{"kind"=>"shopify", "shop"=>"acme-store", "access_token"=>"«shpat_{h32}»"}}',
  ],
  [
    'dbg68-ruby-faraday-logger-request-headers',
    'I, [2024-06-04T10:12:44.118 #4321]  INFO -- request: POST https://api.hubapi.com/crm/v3/objects/contacts\nI, [2024-06-04T10:12:44.118 #4321]  INFO -- request: User-Agent: "Faraday v2.9.0"\nAuthorization: "Bearer «pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»"\nContent-Type: "application/json"',
  ],
  [
    'dbg68-ruby-openstruct-inspect-smtp',
    '#<OpenStruct address="smtp.sendgrid.net", port=587, user_name="apikey", password="«SG.{B22}.{B43}»", authentication=:plain>',
  ],
  [
    'dbg68-ruby-pp-nested-hash-multiline',
    '{"production"=>\n  {"adapter"=>"postgresql",\n   "host"=>"pg.internal",\n   "username"=>"app",\n   "password"=>"«{a24}»",\n   "pool"=>10}}',
  ],
  ['dbg68-ruby-data-define-inspect', '#<data WebhookConfig url="https://api.acme.io/hooks", signing_secret="«{h64}»">'],
  [
    'dbg68-ruby-nomethoderror-inspect-message',
    'NoMethodError: undefined method `fetch\' for an instance of String\n  config = {"bucket"=>"acme-exports", "access_key_id"=>"AKIA{U16}", "secret_access_key"=>"«{b40}»"}\n  from app/jobs/export_job.rb:14:in `perform\'',
  ],
  ['dbg68-elixir-io-inspect-map-password', '%{hostname: "localhost", password: "«{a20}»", username: "postgres", database: "app_dev"}'],
  [
    'dbg68-elixir-struct-repo-config',
    '%MyApp.Repo.Config{database: "app_prod", hostname: "pg.internal", password: "«{a22}»", pool_size: 10, ssl: true}',
  ],
  [
    'dbg68-elixir-keyword-list-repo-config',
    'iex(3)> Application.get_env(:my_app, MyApp.Repo)\n[\n  username: "app",\n  password: "«{a20}»",\n  hostname: "db.internal",\n  database: "app_prod",\n  pool_size: 10\n]',
  ],
  [
    'dbg68-erlang-proplist-binary-password',
    '1> application:get_all_env(epgsql_pool).\n[{host,"db.internal"},{port,5432},{user,<<"app">>},{password,<<"«{a18}»">>}]',
  ],
  ['dbg68-erlang-map-binary-api-key', '#{api_key => <<"«{a40}»">>,region => <<"eu-west-1">>,retries => 3}'],
  [
    'dbg68-elixir-req-request-inspect-headers',
    '%Req.Request{\n  method: :post,\n  url: URI.parse("https://api.anthropic.com/v1/messages"),\n  headers: %{"x-api-key" => ["«sk-ant-api03-{B93}AA»"], "anthropic-version" => ["2023-06-01"]},\n  ...\n}',
  ],
  [
    'dbg68-elixir-logger-metadata-token',
    '10:12:44.118 [debug] Opening Slack socket mode connection app_token=«xapp-1-A{u10}-{d13}-{h64}» team_id=T{u8}',
  ],
  [
    'dbg68-elixir-function-clause-error-args',
    '** (FunctionClauseError) no function clause matching in Stripe.API.request/5\n    The following arguments were given to Stripe.API.request/5:\n        # 1\n        %{}\n        # 2\n        :post\n        # 3\n        "/v1/refunds"\n        # 4\n        %{}\n        # 5\n        [api_key: "«rk_live_{a24}»"]',
  ],
  ['dbg68-node-console-log-object-api-key', "> console.log(config)\n{ apiKey: '«{a40}»', region: 'us-east-1', timeout: 5000 }"],
  [
    'dbg68-node-nested-object-depth-brackets',
    "{\n  db: { host: 'db.internal', credentials: { user: 'app', password: '«{a22}»' } },\n  cache: { redis: [Object] },\n  features: [ 'billing', 'exports', ... 4 more items ]\n}",
  ],
  [
    'dbg68-node-axios-error-config-headers-multiline',
    "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12) {\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    method: 'get',\n    url: 'https://api.vercel.com/v9/projects',\n    headers: AxiosHeaders {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer «{a24}»',\n      'User-Agent': 'axios/1.6.8'\n    },\n    timeout: 0,",
  ],
  [
    'dbg68-node-process-env-partial-sendgrid',
    "{\n  NODE_ENV: 'production',\n  PWD: '/app',\n  SENDGRID_API_KEY: '«SG.{B22}.{B43}»',\n  HOSTNAME: 'web-7d9f8c6b5-x2x9q',\n  ...\n}",
  ],
  [
    'dbg68-node-util-inspect-map-keys',
    "Map(2) {\n  'stripe' => '«sk_live_{a24}»',\n  'paypal' => { clientId: '{B40}', secret: '«{B80}»' }\n}",
  ],
  [
    'dbg68-node-class-instance-inspect-private',
    "StripeClient {\n  _apiKey: '«sk_live_{a24}»',\n  _timeout: 80000,\n  _maxNetworkRetries: 2,\n  _emitter: EventEmitter { _events: [Object: null prototype] {}, _eventsCount: 0 }\n}",
  ],
  [
    'dbg68-node-pino-json-request-headers',
    '{"level":20,"time":1717495964118,"pid":18,"hostname":"api-0","req":{"method":"POST","url":"/v1/sync","headers":{"host":"api.acme.io","x-api-key":"«{a32}»","content-type":"application/json"}},"msg":"incoming request"}',
  ],
  [
    'dbg68-node-json-stringify-pretty-config',
    'console.log(JSON.stringify(cfg, null, 2))\n{\n  "discord": {\n    "botToken": "«{B24}.{B6}.{B38}»",\n    "guildId": "{d18}"\n  }\n}',
  ],
  [
    'dbg68-node-jest-diff-token-field',
    '    - Expected\n    + Received\n\n      Object {\n    -   "token": undefined,\n    +   "token": "«npm_{a36}»",\n        "registry": "https://registry.npmjs.org/",\n      }',
  ],
  [
    'dbg68-node-sequelize-options-log',
    "Executing with options: { dialect: 'postgres', host: 'pg.internal', port: 5432, username: 'shop', password: '«{a20}»', database: 'shop', logging: [Function: log] }",
  ],
  [
    'dbg68-node-mongo-server-selection-error-uri',
    "MongoServerSelectionError: connection <monitor> to 18.202.7.41:27017 closed\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38) {\n  uri: 'mongodb+srv://app:«{a20}»@cluster0.{l5}.mongodb.net/app?retryWrites=true',\n  reason: TopologyDescription { type: 'ReplicaSetNoPrimary' }\n}",
  ],
  [
    'dbg68-node-aws-sdk-v3-credentials-object',
    "{\n  region: 'eu-west-1',\n  credentials: {\n    accessKeyId: 'AKIA{U16}',\n    secretAccessKey: '«{b40}»'\n  }\n}",
  ],
  [
    'dbg68-node-console-table-env-vars',
    "┌─────────┬──────────────────┬────────────────────────────────────────────┐\n│ (index) │ key              │ value                                      │\n├─────────┼──────────────────┼────────────────────────────────────────────┤\n│ 0       │ 'NODE_ENV'       │ 'production'                               │\n│ 1       │ 'GITHUB_TOKEN'   │ '«ghp_{a36}»' │\n└─────────┴──────────────────┴────────────────────────────────────────────┘",
  ],
  [
    'dbg68-node-fetch-request-headers-object-inspect',
    "Request {\n  method: 'POST',\n  url: 'https://api.openai.com/v1/embeddings',\n  headers: Headers {\n    authorization: 'Bearer «sk-proj-{B48}T3BlbkFJ{B48}»',\n    'content-type': 'application/json'\n  },\n  ...\n}",
  ],
  [
    'dbg68-deno-console-log-env-toobject',
    '$ deno eval \'console.log(Deno.env.toObject())\'\n{\n  HOME: "/home/runner",\n  SUPABASE_SERVICE_ROLE_KEY: "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»",\n  SUPABASE_URL: "https://{l20}.supabase.co"\n}',
  ],
  [
    'dbg68-node-unhandled-rejection-got-options',
    "UnhandledPromiseRejectionWarning: HTTPError: Response code 403 (Forbidden)\n  options: {\n    url: URL { href: 'https://api.cloudflare.com/client/v4/zones' },\n    headers: {\n      'user-agent': 'got (https://github.com/sindresorhus/got)',\n      authorization: 'Bearer «{B40}»'\n    }\n  }",
  ],
  [
    'dbg68-browser-devtools-console-object-truncated',
    "▶ {supabaseUrl: 'https://{l20}.supabase.co', supabaseKey: '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»', auth: {…}, realtime: {…}}",
  ],
  [
    'dbg68-node-console-log-buffer-tostring-key',
    '> Buffer.from(process.env.PAYLOAD, \'base64\').toString()\n\'{"type":"service_account","private_key_id":"{h40}","client_email":"ci@acme-prod.iam.gserviceaccount.com","private_key":"«-----BEGIN PRIVATE KEY-----\\\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b64}\\\\n{b64}\\\\n{b40}==\\\\n-----END PRIVATE KEY-----»\\\\n"}\'',
  ],
  [
    'dbg68-csharp-record-tostring-connection-string',
    'info: Startup[0]\n      DatabaseOptions { ConnectionString = Server=tcp:acme-sql.database.windows.net,1433;Database=orders;User ID=orders;Password=«{a20}»;Encrypt=True;, CommandTimeout = 30 }',
  ],
  [
    'dbg68-csharp-serilog-destructured-options',
    '[10:12:44 DBG] Mail options loaded SendGridOptions { ApiKey: "«SG.{B22}.{B43}»", FromEmail: "noreply@acme.io", SandboxMode: false }',
  ],
  [
    'dbg68-csharp-linqpad-style-config-table',
    'Key                                 | Value\n----------------------------------- | ------------------------------------------------------------\nAzureStorage:ContainerName          | exports\nAzureStorage:ConnectionString       | DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net\nLogging:LogLevel:Default            | Information',
  ],
  [
    'dbg68-csharp-httprequestmessage-tostring',
    "Method: POST, RequestUri: 'https://api.openai.com/v1/chat/completions', Version: 1.1, Content: System.Net.Http.StringContent, Headers:\n{\n  Authorization: Bearer «sk-proj-{B48}T3BlbkFJ{B48}»\n  Content-Type: application/json; charset=utf-8\n}",
  ],
  [
    'dbg68-fsharp-record-printf-a',
    'val cfg: Config =\n  { Host = "db.internal"\n    User = "ledger"\n    Password = "«{a20}»"\n    Port = 5432 }',
  ],
  [
    'dbg68-powershell-hashtable-format-table',
    'PS> $cfg\n\nName                           Value\n----                           -----\nTenantId                       {h8}-{h4}-{h4}-{h4}-{h12}\nClientId                       {h8}-{h4}-{h4}-{h4}-{h12}\nClientSecret                   «{a3}8Q~{B34}»',
  ],
  [
    'dbg68-powershell-pscustomobject-format-list',
    'PS C:\\> Get-Content .\\settings.json | ConvertFrom-Json | Format-List\n\nApiBaseUrl : https://api.acme.io\nApiKey     : «{a40}»\nRetries    : 3',
  ],
  [
    'dbg68-dotnet-configuration-debugview',
    "ConnectionStrings:\n  Redis=cache.internal:6380,password=«{a32}»,ssl=True,abortConnect=False (JsonConfigurationProvider for 'appsettings.Production.json' (Optional))\nLogging:\n  LogLevel:\n    Default=Information (JsonConfigurationProvider for 'appsettings.json' (Optional))",
  ],
  ['dbg68-swift-dump-struct-api-key', '▿ AppConfig\n  - apiKey: "«{a40}»"\n  - baseURL: "https://api.acme.io"\n  - timeout: 30.0'],
  ['dbg68-swift-print-struct-password', 'Credentials(username: "ios-ci", password: "«{a16}»")'],
  ['dbg68-swift-optional-print-token', 'token: Optional("«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»")'],
  [
    'dbg68-swift-urlrequest-all-http-header-fields',
    '(lldb) po request.allHTTPHeaderFields\n▿ Optional<Dictionary<String, String>>\n  ▿ some : 2 elements\n    ▿ 0 : 2 elements\n      - key : "Authorization"\n      - value : "Bearer «{a48}»"\n    ▿ 1 : 2 elements\n      - key : "Accept"\n      - value : "application/json"',
  ],
  [
    'dbg68-objc-nsdictionary-description',
    '2024-06-04 10:12:44.118 Acme[4321:88213] config = {\n    apiHost = "api.acme.io";\n    apiSecret = «{a40}»;\n    environment = production;\n}',
  ],
  ['dbg68-dart-map-print-unquoted', 'I/flutter ( 4321): {apiKey: «sk_live_{a24}», currency: eur, merchantId: merchant.io.acme}'],
  [
    'dbg68-perl-data-dumper-var1-password',
    "$VAR1 = {\n          'password' => '«{a18}»',\n          'user' => 'app',\n          'dsn' => 'dbi:Pg:dbname=app;host=db.internal'\n        };",
  ],
  [
    'dbg68-perl-data-dumper-blessed-object',
    "$VAR1 = bless( {\n                 'consumer_key' => '{a25}',\n                 'consumer_secret' => '«{a50}»',\n                 'access_token_secret' => '«{a45}»'\n               }, 'Net::Twitter::Lite::WithAPIv1_1' );",
  ],
  ['dbg68-lua-inspect-table-api-key', '{\n  api_key = "«{h32}»",\n  host = "api.acme.io",\n  retries = 3\n}'],
  [
    'dbg68-lua-inspect-nested-redis-password',
    '{ nginx = { workers = 4 }, redis = { host = "127.0.0.1", password = "«{a24}»", port = 6379 } }',
  ],
  [
    'dbg68-clojure-map-db-pass-keyword',
    'user=> (pprint config)\n{:db-host "pg.internal",\n :db-user "app",\n :db-pass "«{a20}»",\n :pool-size 10}',
  ],
  ['dbg68-clojure-record-token', '#acme.config.SlackConfig{:channel "#alerts", :token "«xoxb-{d12}-{d13}-{a24}»"}'],
  ['dbg68-haskell-show-record', 'ghci> cfg\nConfig {dbHost = "db.internal", dbUser = "app", dbPassword = "«{a18}»", dbPort = 5432}'],
  ['dbg68-haskell-just-maybe-token', 'AuthConfig {authEndpoint = "https://auth.acme.io", authToken = Just "«{a40}»", authTimeout = 30}'],
  [
    'dbg68-r-str-list-api-key',
    '> str(cfg)\nList of 3\n $ api_key : chr "«{h32}»"\n $ base_url: chr "https://api.acme.io"\n $ retries : num 3',
  ],
  ['dbg68-r-print-list-dollar-password', '> cfg$db\n$host\n[1] "pg.internal"\n\n$password\n[1] "«{a20}»"\n'],
  [
    'dbg68-r-sys-getenv-output-github-pat',
    '> Sys.getenv(c("GITHUB_PAT", "R_LIBS_USER"))\n                                    GITHUB_PAT                                  R_LIBS_USER \n"«github_pat_{a22}_{a59}»"        "~/R/library" ',
  ],
  ['dbg68-julia-show-struct-positional', 'julia> cfg\nConfig("api.acme.io", "«{a32}»", 30)'],
  ['dbg68-julia-named-tuple-token', '(endpoint = "https://api.acme.io", token = "«{a40}»", retries = 3)'],
  ['dbg68-protobuf-text-format-api-key', 'api_key: "«{a40}»"\nproject_id: "acme-prod"\ntimeout_ms: 3000'],
  [
    'dbg68-protobuf-text-format-nested-credentials',
    'endpoint {\n  url: "https://ingest.acme.io"\n  credentials {\n    client_id: "ingest-agent"\n    client_secret: "«{a48}»"\n  }\n}',
  ],
  [
    'dbg68-grpcurl-json-response-token',
    '$ grpcurl -plaintext localhost:9090 auth.v1.AuthService/IssueToken\n{\n  "accessToken": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»",\n  "tokenType": "Bearer",\n  "expiresIn": 3600\n}',
  ],
  ['dbg68-python-protobuf-message-str', '>>> print(req)\nname: "projects/acme/secrets/stripe"\npayload {\n  data: "«sk_live_{a24}»"\n}'],
  [
    'dbg68-grpc-metadata-debug-print',
    "DEBUG grpc metadata: (('authorization', 'Bearer «{a48}»'), ('x-tenant', 'acme'), ('grpc-accept-encoding', 'identity,deflate,gzip'))",
  ],
  [
    'dbg68-pyyaml-dump-python-object-tag',
    '!!python/object:app.config.Settings\napi_key: «{a40}»\ndebug: false\nendpoint: https://api.acme.io',
  ],
  [
    'dbg68-helm-get-values-all-dump',
    '$ helm get values billing -n prod --all\nCOMPUTED VALUES:\nimage:\n  repository: ghcr.io/acme/billing\n  tag: 2.14.1\npostgresql:\n  auth:\n    password: «{a22}»\n    username: billing',
  ],
  [
    'dbg68-docker-compose-config-resolved-env',
    '$ docker compose config\nservices:\n  worker:\n    environment:\n      CELERY_BROKER_URL: redis://:«{a32}»@redis:6379/0\n      SENTRY_ENVIRONMENT: production\n    image: acme/worker:1.8.0',
  ],
  [
    'dbg68-ruby-to-yaml-config-hash',
    '---\n:mailer:\n  :user_name: apikey\n  :password: «SG.{B22}.{B43}»\n:storage:\n  :bucket: acme-uploads',
  ],
  [
    'dbg68-kubectl-get-configmap-yaml-leaked-token',
    '$ kubectl get cm app-config -o yaml\napiVersion: v1\ndata:\n  LOG_LEVEL: info\n  DATADOG_API_KEY: «{h32}»\nkind: ConfigMap\nmetadata:\n  name: app-config\n  namespace: prod',
  ],
  [
    'dbg68-ansible-debug-var-dump-json',
    'TASK [debug] *******************************************************************\nok: [web-1] => {\n    "db_config": {\n        "host": "pg.internal",\n        "password": "«{a20}»",\n        "user": "app"\n    }\n}',
  ],
  [
    'dbg68-terraform-output-json-sensitive-exposed',
    '$ terraform output -json\n{\n  "db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "«{a24}»"\n  }\n}',
  ],
  [
    'dbg68-printenv-sorted-mixed-keys',
    '$ printenv | sort\nHOME=/home/app\nHOSTNAME=api-6c9d7\nNEW_RELIC_LICENSE_KEY=«{h36}NRAL»\nNODE_ENV=production\nPATH=/usr/local/bin:/usr/bin',
  ],
  [
    'dbg68-bash-declare-x-export-dump',
    'declare -x AWS_DEFAULT_REGION="eu-west-1"\ndeclare -x AWS_SECRET_ACCESS_KEY="«{b40}»"\ndeclare -x AWS_ACCESS_KEY_ID="AKIA{U16}"\ndeclare -x OLDPWD',
  ],
  [
    'dbg68-bash-declare-p-assoc-array',
    '$ declare -p creds\ndeclare -A creds=([user]="deploy" [pass]="«{a18}»" [host]="sftp.partner.net" )',
  ],
  [
    'dbg68-windows-set-command-output',
    'C:\\build> set\nComSpec=C:\\Windows\\system32\\cmd.exe\nOCTOPUS_API_KEY=«API-{u26}»\nOS=Windows_NT\nPROCESSOR_ARCHITECTURE=AMD64',
  ],
  [
    'dbg68-docker-exec-env-dump',
    '$ docker exec billing-api env\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nHOSTNAME={h12}\nPADDLE_API_KEY=«pdl_live_apikey_{l26}_{a22}_{a3}»\nTZ=UTC',
  ],
  [
    'dbg68-github-actions-env-dump-step',
    'Run env | sort\nCI=true\nGITHUB_REPOSITORY=acme/web\nHEROKU_API_KEY=«HRKU-{B60}»\nRUNNER_OS=Linux',
  ],
  [
    'dbg68-fish-set-show-token',
    '$ set -S FLY_API_TOKEN\n$FLY_API_TOKEN: set in global scope, exported, with 1 elements\n$FLY_API_TOKEN[1]: |«FlyV1 fm2_{B120}»|',
  ],
  [
    'dbg68-requests-response-request-dict-basic-auth',
    ">>> resp.request.__dict__\n{'method': 'GET', 'url': 'https://jira.acme.io/rest/api/2/myself', 'headers': {'User-Agent': 'python-requests/2.32.3', 'Authorization': 'Basic «{b40}»'}, '_cookies': <RequestsCookieJar[]>, 'body': None, 'hooks': {'response': []}}",
  ],
  [
    'dbg68-aiohttp-client-request-headers-multidict',
    "<CIMultiDictProxy('Host': 'api.atlassian.com', 'Authorization': 'Bearer «ATATT3xFfGF0{B180}={H8}»', 'Accept': 'application/json')>",
  ],
  [
    'dbg68-faraday-env-inspect-request-headers',
    '#<struct Faraday::Env method=:get, request_body=nil, url=#<URI::HTTPS https://api.pagerduty.com/incidents>, request_headers={"Authorization"=>"Token token=«u+{B18}»", "Accept"=>"application/vnd.pagerduty+json;version=2"}, ...>',
  ],
  [
    'dbg68-guzzle-debug-request-dump',
    '> GET /v3/mail/send HTTP/1.1\nHost: api.sendgrid.com\nAuthorization: Bearer «SG.{B22}.{B43}»\nUser-Agent: GuzzleHttp/7',
  ],
  [
    'dbg68-go-httputil-dumprequest-x-api-key',
    'POST /api/v1/events HTTP/1.1\nHost: ingest.acme.io\nUser-Agent: Go-http-client/1.1\nContent-Length: 214\nX-Api-Key: «{a48}»\nAccept-Encoding: gzip',
  ],
  [
    'dbg68-httpie-verbose-request-headers',
    '$ http -v POST https://api.postmarkapp.com/email X-Postmark-Server-Token:«{h8}-{h4}-{h4}-{h4}-{h12}»\nPOST /email HTTP/1.1\nAccept: application/json, */*;q=0.5\nX-Postmark-Server-Token: «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'dbg68-urllib3-debug-log-query-token',
    'DEBUG:urllib3.connectionpool:https://api.telegram.org:443 "POST /bot«{d10}:AA{B33}»/sendMessage HTTP/1.1" 200 312',
  ],
  [
    'dbg68-java-httpclient-request-tostring-headers',
    'DEBUG jdk.httpclient - headers: java.net.http.HttpHeaders@{h8} { {Authorization=[Bearer «glpat-{B20}»], Content-Type=[application/json]} }',
  ],
  [
    'dbg68-json-log-nested-context-db-url',
    '{"timestamp":"2024-06-04T10:12:44.118Z","level":"error","message":"migration failed","context":{"job":"migrate","env":{"DATABASE_URL":"postgres://app:«{a20}»@pg.internal:5432/app"}}}',
  ],
  [
    'dbg68-logfmt-line-password-unquoted',
    'ts=2024-06-04T10:12:44.118Z caller=main.go:61 level=debug component=ldap bind_dn="cn=svc-sync,ou=svc,dc=acme,dc=io" bind_password=«{a20}» url=ldaps://ldap.internal:636',
  ],
  [
    'dbg68-logfmt-quoted-value-with-space-prefix',
    'level=info msg="upstream configured" name=search auth="ApiKey «{B60}==»" endpoint=https://es.internal:9200',
  ],
  [
    'dbg68-json-lines-cloudwatch-event-dump',
    '{"@timestamp":"2024-06-04T10:12:44Z","event":"ConfigLoaded","config":{"mapbox":{"token":"«sk.eyJ1Ijoi{B20}IiwiYSI6Im{B22}In0.{B22}»"}}}',
  ],
  [
    'dbg68-json-gcp-structured-log-jsonpayload',
    'jsonPayload: {\n  message: "calling sendgrid"\n  request: {\n    headers: {\n      authorization: "Bearer «SG.{B22}.{B43}»"\n    }\n  }\n}',
  ],
  [
    'dbg68-json-log-escaped-string-field',
    '{"level":"debug","msg":"env snapshot","env":"{\\"PLANETSCALE_PASSWORD\\":\\"«pscale_pw_{B43}»\\",\\"PLANETSCALE_HOST\\":\\"aws.connect.psdb.cloud\\"}"}',
  ],
  [
    'dbg68-py-traceback-locals-rich',
    "╭───────────────────── locals ─────────────────────╮\n│     api_key = '«{a40}»'                           │\n│    base_url = 'https://api.acme.io'               │\n│     retries = 3                                   │\n╰───────────────────────────────────────────────────╯\nHTTPStatusError: Client error '401 Unauthorized'",
  ],
  [
    'dbg68-py-sentry-event-frame-vars',
    '"frames": [\n  {\n    "function": "charge",\n    "module": "billing.gateway",\n    "vars": {\n      "self": "<billing.gateway.Gateway object at 0x7f3a9c1e2b50>",\n      "secret_key": "\'«sk_live_{a24}»\'",\n      "amount": "4200"\n    }\n  }\n]',
  ],
  ['dbg68-py-valueerror-fstring-message-token', 'ValueError: invalid token «glpat-{B20}» for project 48213377: 401 Unauthorized'],
  [
    'dbg68-java-npe-message-with-map-dump',
    'Exception in thread "main" java.lang.IllegalArgumentException: missing \'region\' in {accessKeyId=AKIA{U16}, secretAccessKey=«{b40}»}\n\tat com.acme.s3.Uploader.<init>(Uploader.java:28)',
  ],
  [
    'dbg68-node-error-cause-options-dump',
    "Error: connect ECONNREFUSED 10.0.3.9:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1606:16) {\n  errno: -111,\n  code: 'ECONNREFUSED',\n  connectionOptions: { host: '10.0.3.9', user: 'reporting', password: '«{a18}»', database: 'dw' }\n}",
  ],
  [
    'dbg68-ruby-argument-error-inspect',
    'ArgumentError: invalid credentials: {:client_id=>"{l20}", :client_secret=>"«{a40}»"}\n\tfrom /app/lib/oauth_client.rb:22:in `initialize\'',
  ],
  [
    'dbg68-dotnet-exception-data-dictionary',
    'System.InvalidOperationException: Unable to reach vault.\n   Data:\n     Url = https://vault.internal:8200\n     Token = «hvs.{a24}»\n   at Acme.Secrets.VaultReader.ReadAsync() in /src/Acme.Secrets/VaultReader.cs:line 41',
  ],
  [
    'dbg68-gdb-print-struct-char-pointers',
    '(gdb) p *conn\n$1 = {host = 0x5555555592a0 "db.internal", port = 5432, user = 0x5555555592c0 "app", password = 0x5555555592e0 "«{a16}»", fd = -1}',
  ],
  [
    'dbg68-lldb-frame-variable-std-string',
    '(lldb) frame variable cfg\n(Config) cfg = {\n  endpoint = "https://api.acme.io"\n  api_secret = "«{a40}»"\n  retries = 3\n}',
  ],
  [
    'dbg68-pdb-pp-locals-truncated',
    "(Pdb) pp locals()\n{'conn_str': 'Server=sql.internal;Database=dw;User Id=etl;Password=«{a18}»;',\n 'retries': 3,\n 'self': <etl.loader.Loader object at 0x7f3a9c1e2b50>}",
  ],
  [
    'dbg68-chrome-devtools-store-state-copy',
    '{user: {id: 4821, email: "dev@acme.io"}, session: {accessToken: "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B72}.{B43}»", refreshToken: "«{a64}»", expiresAt: 1717499564}}',
  ],
  [
    'dbg68-mongosh-printjson-document',
    "acme> db.integrations.findOne({ name: 'mailchimp' })\n{\n  _id: ObjectId('{h24}'),\n  name: 'mailchimp',\n  apiKey: '«{h32}-us21»',\n  createdAt: ISODate('2024-05-30T08:14:02.118Z')\n}",
  ],
  [
    'dbg68-psql-query-result-table-api-token',
    'app=# select id, provider, api_token from integrations where id = 12;\n id | provider |                 api_token\n----+----------+--------------------------------------------\n 12 | github   | «ghp_{a36}»\n(1 row)',
  ],
  ['dbg68-redis-cli-config-get-requirepass', '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "«{a32}»"\n'],
  [
    'dbg68-mysql-vertical-output-g',
    'mysql> SELECT * FROM smtp_settings\\G\n*************************** 1. row ***************************\n      id: 1\n    host: smtp.mailgun.org\nusername: postmaster@mg.acme.io\npassword: «{h32}-{h8}-{h8}»\n1 row in set (0.00 sec)',
  ],
  [
    'dbg68-jq-output-secret-field',
    '$ jq \'.credentials\' ~/.config/acme/state.json\n{\n  "refresh_token": "«{B86}»",\n  "token_type": "Bearer"\n}',
  ],
  [
    'dbg68-cpp-ostream-operator-dump',
    '[debug] S3Client{endpoint=s3.eu-central-1.amazonaws.com, access_key=AKIA{U16}, secret_key=«{b40}», region=eu-central-1}',
  ],
  [
    'dbg68-nushell-table-record',
    '╭──────────┬──────────────────────────────────────────╮\n│ name     │ openai                                   │\n│ key      │ «sk-proj-{B24}T3BlbkFJ{B24}» │\n│ org      │ org-{a24}                                │\n╰──────────┴──────────────────────────────────────────╯',
  ],
  [
    'dbg68-kotlin-ktor-application-conf-dump',
    'Application config: {ktor={deployment={port=8080}, application={modules=[com.acme.ApplicationKt.module]}}, jwt={secret=«{a48}», issuer=https://auth.acme.io}}',
  ],
  ['dbg68-zig-std-debug-print-struct', 'debug: config = .{ .host = "db.internal", .user = "app", .password = "«{a20}»" }'],
  ['dbg68-ocaml-utop-record', 'utop # cfg;;\n- : config = {host = "api.acme.io"; token = "«{a40}»"; retries = 3}'],
  ['dbg68-nim-echo-object-repr', '(host: "smtp.acme.io", port: 587, user: "alerts", pass: "«{a16}»")'],
  ['dbg68-elixir-inspect-truncated-map', '%{api_key: "«{a32}»", base_url: "https://api.acme.io", headers: [...], ...}'],
];
export const BLIND68_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'dbg68-neg-py-pydantic-secretstr-masked-repr',
    "Settings(app_name='billing', debug=False, stripe_secret_key=SecretStr('**********'), database_url=MultiHostUrl('postgresql://billing@db:5432/billing'), log_level='INFO')",
  ],
  [
    'dbg68-neg-py-dict-password-none',
    ">>> print(cfg)\n{'host': 'db.internal', 'port': 5432, 'user': 'orders', 'password': None, 'sslmode': 'require'}",
  ],
  [
    'dbg68-neg-py-settings-env-var-names-only',
    "{'api_key_env': 'STRIPE_API_KEY', 'api_key_set': True, 'webhook_secret_env': 'STRIPE_WEBHOOK_SECRET', 'webhook_secret_set': False}",
  ],
  ['dbg68-neg-py-sqlalchemy-engine-repr-stars', '>>> engine\nEngine(postgresql+psycopg2://app:***@db.internal:5432/app)'],
  ['dbg68-neg-py-kombu-connection-repr-masked', '<Connection: amqp://orders:**@rabbit.internal:5672/orders at 0x7f3a{h8}>'],
  [
    'dbg68-neg-py-requests-headers-trace-ids-only',
    ">>> r.request.headers\n{'User-Agent': 'python-requests/2.32.3', 'Accept': '*/*', 'X-Request-Id': '{h8}-{h4}-4{h3}-a{h3}-{h12}', 'traceparent': '00-{h32}-{h16}-01'}",
  ],
  [
    'dbg68-neg-py-oauth-token-response-redacted-angle',
    "{'token_type': 'Bearer', 'expires_in': 3600, 'scope': 'read:org repo', 'access_token': '<redacted>', 'refresh_token': '<redacted>'}",
  ],
  [
    'dbg68-neg-py-namedtuple-password-set-flag',
    "DbStatus(host='pg.internal', user='ledger', password_set=True, password_len=24, ssl=True)",
  ],
  [
    'dbg68-neg-py-pydantic-model-dump-secretstr',
    "Out[12]: {'name': 'deploy-notifier', 'bot_token': SecretStr('**********'), 'channel': '#deploys', 'enabled': True}",
  ],
  [
    'dbg68-neg-py-django-databases-empty-password',
    "{'default': {'ENGINE': 'django.db.backends.postgresql',\n             'HOST': '/var/run/postgresql',\n             'NAME': 'shop',\n             'PASSWORD': '',\n             'PORT': '',\n             'USER': 'shop'}}",
  ],
  [
    'dbg68-neg-py-object-reprs-addresses',
    "{'client': <stripe._stripe_client.StripeClient object at 0x7f3a{h8}>, 'session': <requests.sessions.Session object at 0x7f3a{h8}>, 'lock': <unlocked _thread.lock object at 0x7f3a{h8}>}",
  ],
  [
    'dbg68-neg-py-sts-caller-identity-dict',
    ">>> boto3.client('sts').get_caller_identity()\n{'UserId': 'AROA{U17}:gha-deploy', 'Account': '{d12}', 'Arn': 'arn:aws:sts::{d12}:assumed-role/gha-deploy/gha-deploy', 'ResponseMetadata': {'RequestId': '{h8}-{h4}-4{h3}-a{h3}-{h12}', 'HTTPStatusCode': 200}}",
  ],
  ['dbg68-neg-py-jwt-header-decoded-kid', ">>> jwt.get_unverified_header(tok)\n{'alg': 'RS256', 'kid': '{h40}', 'typ': 'JWT'}"],
  [
    'dbg68-neg-py-publishable-key-beside-masked-secret',
    "StripeConfig(publishable_key='pk_live_{a24}', secret_key=SecretStr('**********'), account='acct_{a16}')",
  ],
  [
    'dbg68-neg-py-sorted-env-key-names',
    ">>> sorted(k for k in os.environ if k.endswith(('_KEY', '_TOKEN', '_SECRET')))\n['ANTHROPIC_API_KEY', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'STRIPE_SECRET_KEY', 'WEBHOOK_SECRET']",
  ],
  [
    'dbg68-neg-py-bytes-repr-certificate-public',
    "b'-----BEGIN CERTIFICATE-----\\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\\n{b64}\\n{b64}\\n{b40}=\\n-----END CERTIFICATE-----\\n'",
  ],
  [
    'dbg68-neg-py-ssh-public-key-dict',
    "{'title': 'ci@build-7', 'key': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ci@build-7', 'fingerprint': 'SHA256:{b43}', 'read_only': True}",
  ],
  [
    'dbg68-neg-py-traceback-source-line-env-lookup',
    'Traceback (most recent call last):\n  File "/app/sync.py", line 41, in <module>\n    client = connect(host="ftp.partner.net", user="acme", password=os.environ["FTP_PASSWORD"])\n  File "<frozen os>", line 679, in __getitem__\nKeyError: \'FTP_PASSWORD\'',
  ],
  [
    'dbg68-neg-py-git-commit-api-dict-shas',
    "{'sha': '{h40}', 'node_id': 'C_kwDO{B30}', 'tree': {'sha': '{h40}', 'url': 'https://api.github.com/repos/acme/web/git/trees/{h40}'}, 'verification': {'verified': True, 'reason': 'valid'}}",
  ],
  ['dbg68-neg-py-hashlib-file-digests', "{'dist/acme-2.14.1.tar.gz': '{h64}', 'dist/acme-2.14.1-py3-none-any.whl': '{h64}'}"],
  [
    'dbg68-neg-java-tostring-password-stars',
    "DataSourceConfig{url='jdbc:postgresql://db:5432/orders', username='orders', password='****', maxPoolSize=20}",
  ],
  [
    'dbg68-neg-java-hikari-debug-password-masked',
    'DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:postgresql://pg.internal:5432/ledger\nDEBUG com.zaxxer.hikari.HikariConfig - password........................<masked>\nDEBUG com.zaxxer.hikari.HikariConfig - poolName........................HikariPool-1',
  ],
  [
    'dbg68-neg-java-lombok-tostring-exclude-no-password',
    'MailProperties(host=smtp.gmail.com, port=587, username=alerts@acme.io, starttls=true)',
  ],
  [
    'dbg68-neg-java-actuator-env-value-sanitized',
    '    "spring.datasource.password": { "value": "******", "origin": "System Environment Property \\"SPRING_DATASOURCE_PASSWORD\\"" },\n    "spring.datasource.url": { "value": "jdbc:postgresql://pg.internal:5432/ledger", "origin": "class path resource [application.yml] - 3:10" }',
  ],
  [
    'dbg68-neg-kotlin-data-class-password-file-paths',
    'TlsConfig(keystorePath=/etc/acme/tls/keystore.p12, keystorePasswordFile=/run/secrets/keystore-pass, alias=acme-api, type=PKCS12)',
  ],
  ['dbg68-neg-kotlin-data-class-token-null', 'Creds(user=svc-sync, token=null, scopes=[repo, read:org], expiresAt=2024-07-04T10:12:44Z)'],
  [
    'dbg68-neg-java-reflection-field-names-only',
    '[private final java.lang.String com.acme.pay.Gateway.apiKey, private final java.lang.String com.acme.pay.Gateway.webhookSecret, private final java.time.Duration com.acme.pay.Gateway.timeout]',
  ],
  [
    'dbg68-neg-java-okhttp-logging-redacted-header-blocks',
    '--> GET https://api.github.com/user\nAccept: application/vnd.github+json\nAuthorization: ██\n--> END GET\n<-- 200 OK https://api.github.com/user (212ms)',
  ],
  [
    'dbg68-neg-java-exception-hidden-password',
    'java.lang.IllegalStateException: Failed to connect with config=RabbitConfig(host=mq.internal, port=5671, username=orders, password=<hidden>, vhost=/orders)',
  ],
  [
    'dbg68-neg-java-object-default-tostring-hashcodes',
    'com.acme.auth.TokenProvider@{h8} -> com.acme.auth.CachedToken@{h8} (expiresIn=PT59M58S, tokenType=Bearer)',
  ],
  [
    'dbg68-neg-go-plus-v-empty-password-field',
    '2024/06/04 10:12:44 config: {User:svc Password: Host:db.internal Port:5432 SSLMode:require}',
  ],
  ['dbg68-neg-go-map-token-metadata-redacted', 'map[access_token:[REDACTED] expires_in:3600 scope:repo token_type:bearer]'],
  ['dbg68-neg-go-plus-v-pointer-fields-addresses', '&{Client:0xc0004a2000 Token:0xc000112340 Timeout:30s Retries:3}'],
  [
    'dbg68-neg-go-spew-empty-token-len-zero',
    '(*config.Config)(0xc0001a2000)({\n Owner: (string) (len=4) "acme",\n Token: (string) "",\n TokenFile: (string) (len=29) "/var/run/secrets/gh/token.txt"\n})',
  ],
  ['dbg68-neg-go-sharp-v-nil-byte-slice-secret', 'main.Signer{KeyID:"{h16}", Secret:[]uint8(nil), Algorithm:"HS256"}'],
  [
    'dbg68-neg-go-http-header-traceparent-only',
    'map[Accept:[application/json] Traceparent:[00-{h32}-{h16}-01] X-Request-Id:[{h8}-{h4}-4{h3}-a{h3}-{h12}]]',
  ],
  ['dbg68-neg-go-logfmt-commit-build-ids', 'level=info msg="starting" version=v2.14.1 commit={h40} build_id={h32} go=go1.22.3'],
  [
    'dbg68-neg-rust-secrecy-secret-redacted-debug',
    'Config { api_key: Secret([REDACTED alloc::string::String]), endpoint: "https://api.acme.io", retries: 3 }',
  ],
  ['dbg68-neg-rust-option-some-stars', 'Credentials { username: "svc", password: Some("***"), mfa: None }'],
  [
    'dbg68-neg-rust-password-none-pretty',
    'DbOptions {\n    host: "db.internal",\n    user: "ledger",\n    password: None,\n    password_file: Some(\n        "/run/secrets/db_password",\n    ),\n}',
  ],
  [
    'dbg68-neg-rust-token-kind-expiry-debug',
    'TokenResponse { token_type: Bearer, expires_in: Some(3600s), scopes: Some(["read", "write"]), access_token: AccessToken([redacted]) }',
  ],
  [
    'dbg68-neg-php-var-dump-masked-password',
    'array(3) {\n  ["host"]=>\n  string(11) "db.internal"\n  ["username"]=>\n  string(4) "shop"\n  ["password"]=>\n  string(8) "********"\n}',
  ],
  [
    'dbg68-neg-php-trace-sensitive-parameter-value',
    "#0 /var/www/app/Db.php(22): PDO->__construct('mysql:host=db;d...', 'shop', Object(SensitiveParameterValue))\n#1 /var/www/app/bootstrap.php(9): App\\Db::connect()",
  ],
  [
    'dbg68-neg-php-print-r-empty-password',
    'Array\n(\n    [driver] => mysql\n    [host] => 127.0.0.1\n    [username] => forge\n    [password] => \n)',
  ],
  ['dbg68-neg-php-laravel-dd-config-null-key', 'array:3 [▼\n  "key" => null\n  "secret" => null\n  "region" => "eu-west-1"\n]'],
  [
    'dbg68-neg-ruby-rails-params-filtered',
    '  Parameters: {"user"=>{"email"=>"dev@acme.io", "password"=>"[FILTERED]", "password_confirmation"=>"[FILTERED]"}, "commit"=>"Sign up"}',
  ],
  [
    'dbg68-neg-ruby-object-inspect-filtered-token',
    '#<ApiClient:0x000055d5c8a0f2b8 @base_url="https://api.acme.io", @token="[FILTERED]", @timeout=10>',
  ],
  [
    'dbg68-neg-ruby-hash-env-key-names',
    '{:api_key_env=>"SHOPIFY_ACCESS_TOKEN", :shop=>"acme-store.myshopify.com", :api_version=>"2024-04"}',
  ],
  [
    'dbg68-neg-ruby-activerecord-inspect-filtered-attrs',
    '#<User id: 4821, email: "dev@acme.io", encrypted_password: [FILTERED], reset_password_token: [FILTERED], created_at: "2024-05-30 08:14:02.118000000 +0000">',
  ],
  ['dbg68-neg-ruby-request-id-hash', '{"request_id"=>"{h8}-{h4}-4{h3}-a{h3}-{h12}", "x_runtime"=>"0.041822", "etag"=>"W/\\"{h32}\\""}'],
  [
    'dbg68-neg-elixir-ecto-schema-redacted-fields-omitted',
    '#MyApp.Accounts.User<\n  __meta__: #Ecto.Schema.Metadata<:loaded, "users">,\n  id: 4821,\n  email: "dev@acme.io",\n  confirmed_at: ~U[2024-05-30 08:14:02Z],\n  ...\n>',
  ],
  [
    'dbg68-neg-elixir-keyword-system-tuple-ref',
    '[username: "app", password: {:system, "DB_PASSWORD"}, hostname: "db.internal", pool_size: 10]',
  ],
  ['dbg68-neg-erlang-proplist-password-undefined', '[{host,"db.internal"},{port,5432},{user,<<"app">>},{password,undefined}]'],
  [
    'dbg68-neg-node-inspect-nested-object-collapsed',
    "{\n  db: { host: 'db.internal', credentials: [Object] },\n  cache: { redis: [Object] },\n  features: [ 'billing', 'exports', ... 4 more items ]\n}",
  ],
  [
    'dbg68-neg-node-axios-error-headers-collapsed',
    "  config: {\n    method: 'get',\n    url: 'https://api.vercel.com/v9/projects',\n    headers: [AxiosHeaders],\n    timeout: 0\n  },\n  request: <ref *1> ClientRequest {",
  ],
  [
    'dbg68-neg-node-process-env-empty-values',
    "{ NODE_ENV: 'production', SENDGRID_API_KEY: '', STRIPE_SECRET_KEY: undefined, PWD: '/app' }",
  ],
  ['dbg68-neg-node-buffer-inspect-json-bytes', '<Buffer 7b 22 6f 6b 22 3a 74 72 75 65 7d>'],
  [
    'dbg68-neg-node-pino-redact-censor',
    '{"level":20,"time":1717495964118,"req":{"method":"POST","url":"/v1/sync","headers":{"host":"api.acme.io","authorization":"[Redacted]","x-api-key":"[Redacted]"}},"msg":"incoming request"}',
  ],
  ['dbg68-neg-node-class-private-field-not-shown', "StripeClient { _timeout: 80000, _maxNetworkRetries: 2, _apiVersion: '2024-04-10' }"],
  [
    'dbg68-neg-csharp-record-connection-string-managed-identity',
    'DatabaseOptions { ConnectionString = Server=tcp:acme-sql.database.windows.net,1433;Database=orders;Authentication=Active Directory Default;Encrypt=True;, CommandTimeout = 30 }',
  ],
  [
    'dbg68-neg-csharp-serilog-destructured-masked',
    '[10:12:44 DBG] Mail options loaded SendGridOptions { ApiKey: "***", FromEmail: "noreply@acme.io", SandboxMode: false }',
  ],
  [
    'dbg68-neg-powershell-table-ids-only',
    'Name                           Value\n----                           -----\nTenantId                       {h8}-{h4}-4{h3}-a{h3}-{h12}\nClientId                       {h8}-{h4}-4{h3}-a{h3}-{h12}\nCertificateThumbprint          {H40}',
  ],
  ['dbg68-neg-swift-dump-api-key-nil', '▿ AppConfig\n  - apiKey: nil\n  - baseURL: "https://api.acme.io"\n  - timeout: 30.0'],
  ['dbg68-neg-swift-oslog-private-token', '2024-06-04 10:12:44.118 Acme[4321:88213] [Auth] refreshed token: <private>, expires in 3600s'],
  [
    'dbg68-neg-perl-data-dumper-undef-password',
    "$VAR1 = {\n          'password' => undef,\n          'user' => 'app',\n          'dsn' => 'dbi:Pg:dbname=app;host=db.internal'\n        };",
  ],
  ['dbg68-neg-lua-inspect-password-file-path', '{ redis = { host = "127.0.0.1", password_file = "/etc/acme/redis.pass", port = 6379 } }'],
  ['dbg68-neg-clojure-map-nil-pass-env-name', '{:db-host "pg.internal", :db-user "app", :db-pass nil, :db-pass-env "DB_PASS"}'],
  ['dbg68-neg-haskell-record-nothing-token', 'AuthConfig {authEndpoint = "https://auth.acme.io", authToken = Nothing, authTimeout = 30}'],
  ['dbg68-neg-r-str-empty-chr-api-key', 'List of 3\n $ api_key : chr ""\n $ base_url: chr "https://api.acme.io"\n $ retries : num 3'],
  [
    'dbg68-neg-protobuf-descriptor-field-names',
    'field {\n  name: "api_key"\n  number: 1\n  label: LABEL_OPTIONAL\n  type: TYPE_STRING\n  json_name: "apiKey"\n}',
  ],
  [
    'dbg68-neg-protobuf-text-kms-key-name',
    'key_name: "projects/acme-prod/locations/global/keyRings/prod/cryptoKeys/sops"\nencrypted_data_key_sha256: "{h64}"\n',
  ],
  [
    'dbg68-neg-json-log-trace-and-request-ids',
    '{"timestamp":"2024-06-04T10:12:44.118Z","level":"info","trace_id":"{h32}","span_id":"{h16}","request_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","msg":"GET /v1/orders 200"}',
  ],
  [
    'dbg68-neg-json-log-authorization-bearer-filtered',
    '{"level":"debug","msg":"outgoing","headers":{"authorization":"Bearer [FILTERED]","accept":"application/json"}}',
  ],
  [
    'dbg68-neg-yaml-dump-secret-key-ref',
    'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: billing-db\n        key: password',
  ],
  [
    'dbg68-neg-helm-values-existing-secret',
    'postgresql:\n  auth:\n    existingSecret: billing-db\n    secretKeys:\n      userPasswordKey: password\n    username: billing',
  ],
  [
    'dbg68-neg-kubectl-describe-secret-byte-counts',
    'Name:         billing-db\nNamespace:    prod\nType:         Opaque\n\nData\n====\npassword:  24 bytes\nusername:  7 bytes',
  ],
  [
    'dbg68-neg-terraform-show-sensitive-value',
    '  # aws_db_instance.main:\n  resource "aws_db_instance" "main" {\n      identifier = "billing-prod"\n      password   = (sensitive value)\n      username   = "billing"\n  }',
  ],
  [
    'dbg68-neg-ansible-no-log-parameter-placeholder',
    'ok: [web-1] => {\n    "db_config": {\n        "host": "pg.internal",\n        "password": "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER",\n        "user": "app"\n    }\n}',
  ],
  [
    'dbg68-neg-printenv-build-metadata-hashes',
    'GIT_COMMIT={h40}\nBUILD_ID={d6}\nDOCKER_IMAGE=ghcr.io/acme/api@sha256:{h64}\nHOSTNAME=api-6c9d7',
  ],
  [
    'dbg68-neg-env-dump-aws-role-web-identity-file',
    'AWS_PROFILE=prod\nAWS_ROLE_ARN=arn:aws:iam::{d12}:role/ci-deploy\nAWS_WEB_IDENTITY_TOKEN_FILE=/var/run/secrets/eks.amazonaws.com/serviceaccount/token\nAWS_REGION=eu-west-1',
  ],
  ['dbg68-neg-gha-env-dump-masked-stars', 'Run env | sort\nCI=true\nGITHUB_REPOSITORY=acme/web\nHEROKU_API_KEY=***\nRUNNER_OS=Linux'],
  [
    'dbg68-neg-gdb-print-null-password-pointer',
    '(gdb) p *conn\n$1 = {host = 0x5555555592a0 "db.internal", port = 5432, user = 0x5555555592c0 "app", password = 0x0, fd = -1}',
  ],
  [
    'dbg68-neg-psql-table-token-digest-last4',
    'app=# select id, provider, token_last4, token_sha256 from integrations where id = 12;\n id | provider | token_last4 |                           token_sha256\n----+----------+-------------+------------------------------------------------------------------\n 12 | github   | 9f2c        | {h64}\n(1 row)',
  ],
  [
    'dbg68-neg-mongosh-objectid-and-key-metadata',
    "{\n  _id: ObjectId('{h24}'),\n  name: 'mailchimp',\n  apiKeyId: '{h8}',\n  apiKeyCreatedAt: ISODate('2024-05-30T08:14:02.118Z')\n}",
  ],
  ['dbg68-neg-redis-cli-requirepass-empty', '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) ""\n'],
  [
    'dbg68-neg-http-request-dump-no-auth-headers',
    'GET /api/v1/health HTTP/1.1\nHost: api.acme.io\nUser-Agent: Go-http-client/1.1\nX-Request-Id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nAccept-Encoding: gzip',
  ],
  [
    'dbg68-neg-requests-headers-bearer-stars',
    "{'User-Agent': 'python-requests/2.32.3', 'Accept': '*/*', 'Authorization': 'Bearer ***', 'Connection': 'keep-alive'}",
  ],
  [
    'dbg68-neg-google-oauth-client-id-public',
    "{'client_id': '{d12}-{l32}.apps.googleusercontent.com', 'project_id': 'acme-analytics', 'auth_uri': 'https://accounts.google.com/o/oauth2/auth', 'token_uri': 'https://oauth2.googleapis.com/token'}",
  ],
  [
    'dbg68-neg-docker-inspect-image-ids-digests',
    "[{'Id': 'sha256:{h64}', 'RepoDigests': ['ghcr.io/acme/api@sha256:{h64}'], 'Parent': '', 'Created': '2024-06-04T10:12:44.118Z'}]",
  ],
  [
    'dbg68-neg-chrome-devtools-session-expiry-only',
    '{user: {id: 4821, email: "dev@acme.io"}, session: {tokenType: "Bearer", expiresAt: 1717499564, hasRefreshToken: true}}',
  ],
  ['dbg68-neg-dart-map-print-masked-key', 'I/flutter ( 4321): {apiKey: ••••••••, currency: eur, merchantId: merchant.io.acme}'],
];
