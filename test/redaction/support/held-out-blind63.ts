/** A sixty-third held-out batch, written blind: credentials as they surface in database dumps, browser/HTTP tooling exports, diffs and code review, crash reports and env dumps, package-manager credential files, and mobile/desktop app configs. */
export const BLIND63_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'b63-sql-insert-users-bcrypt',
    "-- Dumping data for table `users`\nINSERT INTO `users` (`id`, `email`, `password_hash`, `created_at`) VALUES\n  (1041, 'maria.k@northwind.test', '«$2b$12${p53}»', '2024-03-11 09:14:22'),\n  (1042, 'j.osei@northwind.test', '«$2b$12${p53}»', '2024-03-11 09:15:07');",
  ],
  [
    'b63-psql-accounts-argon2id',
    'app=# SELECT id, username, password FROM accounts WHERE id IN (7, 8);\n id | username |                                             password\n----+----------+---------------------------------------------------------------------------------------------------\n  7 | dkhan    | «$argon2id$v=19$m=65536,t=3,p=4${b22}${b43}»\n  8 | lwu      | «$argon2id$v=19$m=65536,t=3,p=4${b22}${b43}»\n(2 rows)',
  ],
  [
    'b63-mysql-legacy-shadow-sha512crypt',
    "mysql> SELECT login, pw_crypt FROM legacy_shadow WHERE login = 'backup';\n+--------+------------------------------------------------------------------------------------------------------------+\n| login  | pw_crypt                                                                                                   |\n+--------+------------------------------------------------------------------------------------------------------------+\n| backup | «$6${p16}${p86}» |\n+--------+------------------------------------------------------------------------------------------------------------+\n1 row in set (0.00 sec)",
  ],
  [
    'b63-pgdump-copy-django-auth-user',
    '--\n-- Data for Name: auth_user; Type: TABLE DATA; Schema: public; Owner: portal\n--\n\nCOPY public.auth_user (id, password, last_login, is_superuser, username, email) FROM stdin;\n1\t«pbkdf2_sha256$600000${a22}${b43}=»\t2024-05-02 08:11:43.91+00\tt\tadmin\tit@harbourline.nz\n2\t«pbkdf2_sha256$600000${a22}${b43}=»\t\\N\tf\trnguyen\tr.nguyen@harbourline.nz\n\\.',
  ],
  [
    'b63-sql-insert-oauth-google-tokens',
    "INSERT INTO oauth_tokens (user_id, provider, access_token, refresh_token, expires_at)\nVALUES (311, 'google', '«ya29.a0{B150}»', '«1//0{B100}»', '2024-06-01 12:44:10+00');",
  ],
  [
    'b63-mongo-shell-slack-install',
    'rs0:PRIMARY> db.integrations.find( { provider: "slack" } ).pretty()\n{\n\t"_id" : ObjectId("{h24}"),\n\t"provider" : "slack",\n\t"teamId" : "T0{u9}",\n\t"botToken" : "«xoxb-{d12}-{d13}-{a24}»",\n\t"userToken" : "«xoxp-{d12}-{d12}-{d13}-{h32}»",\n\t"installedBy" : "U0{u9}",\n\t"createdAt" : ISODate("2024-02-19T10:22:41.512Z")\n}',
  ],
  [
    'b63-mongosh-tenant-stripe-keys',
    "acme> db.tenants.findOne( { slug: \"fernhill\" } )\n{\n  _id: ObjectId('{h24}'),\n  slug: 'fernhill',\n  plan: 'growth',\n  billing: {\n    stripeAccount: 'acct_{a16}',\n    stripeSecretKey: '«sk_live_51{a97}»',\n    webhookSecret: '«whsec_{a32}»'\n  },\n  updatedAt: ISODate('2024-04-08T17:03:55.120Z')\n}",
  ],
  [
    'b63-redis-monitor-session-set',
    '$ redis-cli -h cache-01 MONITOR\nOK\n1712131415.123456 [0 10.0.3.7:51234] "SET" "session:«{B43}»" "{\\"uid\\":4412,\\"role\\":\\"admin\\"}" "EX" "86400"\n1712131415.131902 [0 10.0.3.7:51234] "EXPIRE" "ratelimit:10.0.3.7" "60"',
  ],
  [
    'b63-redis-config-get-requirepass',
    '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "«{a32}»"\n127.0.0.1:6379> CONFIG GET masterauth\n1) "masterauth"\n2) "«Vx9!rq-Harbor-2291»"',
  ],
  [
    'b63-redis-monitor-auth-command',
    '1712131415.884201 [0 172.18.0.5:40112] "HELLO" "3"\n1712131415.884388 [0 172.18.0.5:40112] "AUTH" "worker" "«{a40}»"\n1712131415.884901 [0 172.18.0.5:40112] "SELECT" "2"',
  ],
  [
    'b63-sqlite-dump-api-tokens-glpat',
    "sqlite> .dump api_tokens\nPRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE api_tokens(id INTEGER PRIMARY KEY, label TEXT, token TEXT, created TEXT);\nINSERT INTO api_tokens VALUES(1,'ci-deploy','«glpat-{B20}»','2024-01-30');\nINSERT INTO api_tokens VALUES(2,'renovate','«glpat-{B20}»','2024-02-14');\nCOMMIT;",
  ],
  [
    'b63-pgdump-django-session-key',
    'COPY public.django_session (session_key, session_data, expire_date) FROM stdin;\n«{l32}»\t.eJxVjDsOwjAQBa9ibU1h_MFKqpQpKJA4gGVvNkpEZCPvRkpAuTsRNNSj9-YNzC3nSDj6tFXeuuglPsKUMBzWlTnB4q1xwNxQchFKhw--tQrXZUkQH5qHO1RbUcNlGvvW_N_m5VCRV1gh8DvW6wNjA6-IYPuZ3hCUxOCRX6D1-e5E3S7jj7oAA:1rx{B10}\t2024-05-16 09:12:44.55+00\n\\.',
  ],
  [
    'b63-mysql-vertical-aws-keys',
    'mysql> SELECT * FROM cloud_accounts WHERE id = 3\\G\n*************************** 1. row ***************************\n           id: 3\n         name: prod-billing\naccess_key_id: «AKIA{u16}»\n   secret_key: «{b40}»\n       region: eu-central-1\n1 row in set (0.01 sec)',
  ],
  [
    'b63-sql-update-webhook-signing-secret',
    "BEGIN;\nUPDATE webhooks SET signing_secret = '«whsec_{a32}»', rotated_at = now() WHERE id = 88;\n-- 1 row affected\nCOMMIT;",
  ],
  [
    'b63-mongoexport-jsonl-apikey-totp',
    '$ mongoexport --db=crm --collection=users --query=\'{"role":"admin"}\' --limit=1\n{"_id":{"$oid":"{h24}"},"email":"ops@quillstack.io","apiKey":"«{h40}»","twoFactorSecret":"«{c32}»","role":"admin"}\n2024-04-12T09:33:10.128+0000\texported 1 record',
  ],
  [
    'b63-redis-hgetall-github-oauth',
    '127.0.0.1:6379> HGETALL oauth:github:user:5521\n1) "access_token"\n2) "«gho_{a36}»"\n3) "scope"\n4) "repo,read:org"\n5) "token_type"\n6) "bearer"',
  ],
  [
    'b63-psql-expanded-client-secret',
    "identity=> \\x\nExpanded display is on.\nidentity=> SELECT id, name, client_id, client_secret FROM oauth_clients WHERE name = 'billing-exporter';\n-[ RECORD 1 ]-+------------------------------------------------\nid            | 12\nname          | billing-exporter\nclient_id     | svc-{l12}\nclient_secret | «{B48}»",
  ],
  [
    'b63-sql-insert-totp-seed',
    "INSERT INTO mfa_devices (user_id, kind, label, secret, confirmed)\nVALUES (77, 'totp', 'Pixel 8', '«{c32}»', true);",
  ],
  [
    'b63-clickhouse-datasources-dsn-password',
    'SELECT name, dsn FROM system_datasources FORMAT PrettyCompact\n\n┌─name──────┬─dsn──────────────────────────────────────────────────────────────────────┐\n│ replica_2 │ postgres://reporter:«{a24}»@pg-replica-2.internal:5432/analytics │\n│ warehouse │ clickhouse://loader:«Kp3;fjord_Weave71»@ch-01:9000/events          │\n└───────────┴──────────────────────────────────────────────────────────────────────────┘',
  ],
  [
    'b63-mongo-smtp-settings-password',
    '> db.settings.find( { _id: "mail" } )\n{ "_id" : "mail", "host" : "smtp.postmarkapp.com", "port" : 587, "user" : "«{h8}-{h4}-{h4}-{h4}-{h12}»", "pass" : "«{h8}-{h4}-{h4}-{h4}-{h12}»", "from" : "noreply@lumen.garden" }',
  ],
  [
    'b63-sql-insert-payment-provider-sk-live',
    "INSERT INTO payment_providers (name, mode, secret_key, publishable_key)\nVALUES ('stripe', 'live', '«sk_live_{a24}»', 'pk_live_{a24}');",
  ],
  [
    'b63-mysqldump-wp-options-mailgun-phpass',
    "INSERT INTO `wp_options` VALUES (412,'mailgun_api_key','«key-{h32}»','yes'),(413,'mailgun_domain','mg.bakery-vos.nl','yes');\nINSERT INTO `wp_users` VALUES (1,'vosadmin','«$P$B{p30}»','vosadmin','info@bakery-vos.nl','','2019-08-01 10:00:00','',0,'vosadmin');",
  ],
  [
    'b63-redis-get-refresh-jwt',
    '127.0.0.1:6379[3]> GET refresh:user:9921\n"«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B80}.{B86}»"\n127.0.0.1:6379[3]> TTL refresh:user:9921\n(integer) 1209433',
  ],
  [
    'b63-cqlsh-partner-api-secret',
    "cqlsh:partners> SELECT partner_id, api_key, api_secret FROM credentials WHERE partner_id = 'kestrel';\n\n partner_id | api_key          | api_secret\n------------+------------------+------------------------------------------\n    kestrel | pk_{a16} | «{a40}»\n\n(1 rows)",
  ],
  [
    'b63-sql-insert-tenant-settings-sendgrid-smtp',
    "INSERT INTO tenant_settings (tenant_id, key, value) VALUES\n  (5, 'sendgrid.api_key', '«SG.{B22}.{B43}»'),\n  (5, 'smtp.password', '«Lm4#peregrine.Dock»'),\n  (5, 'smtp.user', 'apikey');",
  ],
  [
    'b63-psql-pg-authid-scram-md5',
    'postgres=# SELECT rolname, rolpassword FROM pg_authid WHERE rolcanlogin;\n  rolname  |                                                              rolpassword\n-----------+---------------------------------------------------------------------------------------------------------------------------------------\n app       | «SCRAM-SHA-256$4096:{b22}==${b43}=:{b43}=»\n legacy_bi | «md5{h32}»\n(2 rows)',
  ],
  [
    'b63-mysql-create-user-identified-by',
    "mysql> CREATE USER 'repl'@'10.0.%' IDENTIFIED BY '«Qz7$ridge!Lantern»';\nQuery OK, 0 rows affected (0.02 sec)\n\nmysql> GRANT REPLICATION SLAVE ON *.* TO 'repl'@'10.0.%';",
  ],
  [
    'b63-mongo-pipeline-doc-srv-uri',
    '{\n  "_id" : ObjectId("{h24}"),\n  "name" : "nightly-etl",\n  "source" : {\n    "uri" : "mongodb+srv://etl_user:«{a20}»@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority",\n    "db" : "orders"\n  }\n}',
  ],
  [
    'b63-redis-monitor-acl-setuser',
    '1712139022.402311 [0 127.0.0.1:55012] "ACL" "SETUSER" "jobs-worker" "on" ">«{a28}»" "~jobs:*" "+@list" "+@hash"',
  ],
  [
    'b63-sql-insert-model-registry-hf',
    "INSERT INTO model_registry_credentials (registry, owner, token, scope)\nVALUES ('huggingface', 'ml-platform', '«hf_{a34}»', 'read');",
  ],
  [
    'b63-elasticsearch-hit-source-password',
    '{\n  "_index" : "service-accounts",\n  "_id" : "svc-42",\n  "_score" : 1.0,\n  "_source" : {\n    "name" : "ldap-bind",\n    "bind_dn" : "cn=svc-ldap,ou=apps,dc=corp,dc=local",\n    "password" : "«Hx2@marigold-Spire»"\n  }\n}',
  ],
  [
    'b63-dynamodb-scan-do-token',
    '$ aws dynamodb scan --table-name integrations --filter-expression "provider = :p" --expression-attribute-values \'{":p":{"S":"digitalocean"}}\'\n{\n    "Items": [\n        {\n            "provider": {"S": "digitalocean"},\n            "apiToken": {"S": "«dop_v1_{h64}»"},\n            "teamId": {"N": "118"}\n        }\n    ],\n    "Count": 1\n}',
  ],
  [
    'b63-pgcopy-ms-refresh-token',
    'COPY public.mail_connections (id, mailbox, refresh_token) FROM stdin;\n17\tfinance@kiwiroast.co\t«0.A{B40}-{B120}»\n\\.',
  ],
  ['b63-sql-select-api-keys-linear-notion', 'sqlite> SELECT service, secret FROM keys;\nlinear|«lin_api_{a40}»\nnotion|«ntn_{d11}{a35}»'],
  [
    'b63-copy-as-curl-bearer-jwt',
    "curl 'https://api.ledgerly.io/v2/invoices?page=2' \\\n  -H 'accept: application/json, text/plain, */*' \\\n  -H 'accept-language: en-GB,en;q=0.9' \\\n  -H 'authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B90}.{B43}»' \\\n  -H 'sec-ch-ua-platform: \"macOS\"' \\\n  -H 'user-agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36' \\\n  --compressed",
  ],
  [
    'b63-copy-as-curl-session-cookie',
    "curl 'https://portal.tidewater.coop/members/statements' \\\n  -H 'accept: text/html' \\\n  -b 'sessionid=«{l32}»; theme=dark; _ga=GA1.1.{d10}.{d10}' \\\n  -H 'referer: https://portal.tidewater.coop/members/' \\\n  --compressed",
  ],
  [
    'b63-copy-as-curl-cmd-api-key',
    'curl ^"https://api.rainline.dev/v1/forecasts?station=EHAM^" ^\n  -H ^"accept: application/json^" ^\n  -H ^"x-api-key: «{a40}»^" ^\n  -H ^"origin: https://dash.rainline.dev^" ^\n  --compressed',
  ],
  [
    'b63-copy-as-fetch-graphql-ghu',
    'fetch("https://app.brightlane.dev/api/graphql", {\n  "headers": {\n    "accept": "*/*",\n    "authorization": "Bearer «ghu_{a36}»",\n    "content-type": "application/json",\n    "sec-fetch-mode": "cors"\n  },\n  "referrer": "https://app.brightlane.dev/",\n  "body": "{\\"query\\":\\"query Viewer { viewer { login } }\\"}",\n  "method": "POST",\n  "mode": "cors",\n  "credentials": "include"\n});',
  ],
  [
    'b63-copy-as-fetch-node-connect-sid',
    'fetch("https://admin.ferrydesk.com/api/bookings/export", {\n  "headers": {\n    "accept": "text/csv",\n    "cookie": "connect.sid=«s%3A{B32}.{B43}»; lang=nl"\n  },\n  "body": null,\n  "method": "GET"\n});',
  ],
  [
    'b63-har-authorization-basic',
    '{\n  "request": {\n    "method": "GET",\n    "url": "https://nexus.lindqvist.se/service/rest/v1/components?repository=maven-releases",\n    "httpVersion": "HTTP/2",\n    "headers": [\n      { "name": "accept", "value": "application/json" },\n      { "name": "authorization", "value": "Basic «{b40}»" }\n    ]\n  }\n}',
  ],
  [
    'b63-har-cookie-host-session',
    '"cookies": [\n  {\n    "name": "__Host-session",\n    "value": "«{B43}»",\n    "path": "/",\n    "expires": null,\n    "httpOnly": true,\n    "secure": true\n  },\n  { "name": "tz", "value": "Europe%2FBerlin", "path": "/", "httpOnly": false, "secure": false }\n],',
  ],
  [
    'b63-har-querystring-api-key',
    '"request": {\n  "method": "GET",\n  "url": "https://api.weatherhub.io/v1/forecast?lat=52.37&lon=4.89&units=metric&appid=«{h32}»",\n  "queryString": [\n    { "name": "lat", "value": "52.37" },\n    { "name": "lon", "value": "4.89" },\n    { "name": "units", "value": "metric" },\n    { "name": "appid", "value": "«{h32}»" }\n  ]\n}',
  ],
  [
    'b63-har-response-set-cookie-refresh',
    '"response": {\n  "status": 200,\n  "statusText": "OK",\n  "headers": [\n    { "name": "content-type", "value": "application/json; charset=utf-8" },\n    { "name": "set-cookie", "value": "refresh_token=«{B64}»; Path=/auth/refresh; Max-Age=2592000; HttpOnly; Secure; SameSite=Strict" }\n  ]\n}',
  ],
  [
    'b63-har-postdata-login-password',
    '"postData": {\n  "mimeType": "application/x-www-form-urlencoded",\n  "text": "username=ops%40fernhill.io&password=«Wq8%21tundra-Pike%2342»&remember=1",\n  "params": []\n}',
  ],
  [
    'b63-postman-collection-bearer-sk-live',
    '{\n  "info": {\n    "name": "Billing API",\n    "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"\n  },\n  "auth": {\n    "type": "bearer",\n    "bearer": [ { "key": "token", "value": "«sk_live_{a24}»", "type": "string" } ]\n  },\n  "item": [ { "name": "List customers", "request": { "method": "GET", "url": "https://api.stripe.com/v1/customers?limit=3" } } ]\n}',
  ],
  [
    'b63-postman-environment-client-secret',
    '{\n  "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "name": "prod (eu)",\n  "values": [\n    { "key": "baseUrl", "value": "https://api.eu.vantor.io", "type": "default", "enabled": true },\n    { "key": "client_id", "value": "vantor-cli", "type": "default", "enabled": true },\n    { "key": "client_secret", "value": "«{B40}»", "type": "secret", "enabled": true }\n  ],\n  "_postman_variable_scope": "environment"\n}',
  ],
  [
    'b63-postman-apikey-auth-pmak',
    '"auth": {\n  "type": "apikey",\n  "apikey": [\n    { "key": "value", "value": "«PMAK-{h24}-{h34}»", "type": "string" },\n    { "key": "key", "value": "X-Api-Key", "type": "string" },\n    { "key": "in", "value": "header", "type": "string" }\n  ]\n}',
  ],
  [
    'b63-insomnia-yaml-bearer-fine-grained-pat',
    '- _id: req_{h32}\n  _type: request\n  parentId: fld_{h32}\n  name: List repos\n  method: GET\n  url: https://api.github.com/user/repos?per_page=100\n  authentication:\n    type: bearer\n    token: «github_pat_{a22}_{a59}»\n    prefix: ""',
  ],
  [
    'b63-insomnia-basic-auth-password',
    '  authentication:\n    type: basic\n    useISO88591: false\n    disabled: false\n    username: svc-export\n    password: «{a28}»',
  ],
  [
    'b63-bruno-bru-bearer-rk-live',
    'meta {\n  name: Create refund\n  type: http\n  seq: 3\n}\n\npost {\n  url: https://api.stripe.com/v1/refunds\n  body: formUrlEncoded\n  auth: bearer\n}\n\nauth:bearer {\n  token: «rk_live_{a99}»\n}',
  ],
  [
    'b63-bruno-environment-api-key',
    'vars {\n  baseUrl: https://sandbox.kwikpay.africa/api\n  merchantId: 40117\n  apiKey: «{a32}»\n}\nvars:secret [\n  webhookSecret\n]',
  ],
  [
    'b63-httpie-auth-flag-registry',
    '$ http -a ci-bot:«{a24}» GET https://registry.lindqvist.se/v2/_catalog\nHTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n\n{\n    "repositories": [ "base/python", "billing/api" ]\n}',
  ],
  [
    'b63-httpie-header-openai-project-key',
    '$ http POST https://api.openai.com/v1/chat/completions \\\n    Authorization:"Bearer «sk-proj-{B74}T3BlbkFJ{B74}»" \\\n    model=gpt-4o-mini messages:=\'[{"role":"user","content":"ping"}]\'\nHTTP/1.1 200 OK',
  ],
  [
    'b63-wget-private-token-header',
    'wget --header="PRIVATE-TOKEN: «glpat-{B20}»" \\\n     -O artifacts.zip \\\n     "https://gitlab.hanze-it.nl/api/v4/projects/42/jobs/artifacts/main/download?job=build"',
  ],
  [
    'b63-wget-user-password-flags',
    "$ wget --user=mirror --password='«7hZ&kelp-Orbit»' -r -np -nH --cut-dirs=2 https://files.stoneleigh.org/pub/isos/\n--2024-04-03 06:00:01--  https://files.stoneleigh.org/pub/isos/\nConnecting to files.stoneleigh.org (files.stoneleigh.org)|198.51.100.24|:443... connected.",
  ],
  [
    'b63-powershell-irm-bearer-hashtable',
    '$headers = @{\n    "Authorization" = "Bearer «{B40}»"\n    "Content-Type"  = "application/json"\n}\nInvoke-RestMethod -Uri "https://api.cloudflare.com/client/v4/zones?name=kettle.app" -Headers $headers -Method Get',
  ],
  [
    'b63-powershell-basic-pair',
    '$pair = "svc-backup:«Rt5^anvil.Cove-88»"\n$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))\nInvoke-RestMethod -Uri "https://backup.corp.local/api/jobs" -Headers @{ Authorization = "Basic $b64" }',
  ],
  [
    'b63-powershell-iwr-sendgrid',
    'Invoke-WebRequest -Uri "https://api.sendgrid.com/v3/mail/send" `\n  -Method Post `\n  -Headers @{ Authorization = "Bearer «SG.{B22}.{B43}»" } `\n  -ContentType "application/json" `\n  -Body $json',
  ],
  [
    'b63-devtools-request-headers-linear',
    ':authority: api.linear.app\n:method: POST\n:path: /graphql\naccept: application/json\nauthorization: «lin_api_{a40}»\ncontent-type: application/json\norigin: https://linear.app',
  ],
  [
    'b63-curl-geocode-key-query',
    'curl -s "https://maps.googleapis.com/maps/api/geocode/json?address=Coolsingel+40,Rotterdam&key=«AIza{B35}»" | jq \'.results[0].geometry.location\'\n{\n  "lat": 51.9225,\n  "lng": 4.4792\n}',
  ],
  [
    'b63-curl-entra-client-credentials',
    'curl -X POST "https://login.microsoftonline.com/{h8}-{h4}-{h4}-{h4}-{h12}/oauth2/v2.0/token" \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n  -d "client_id={h8}-{h4}-{h4}-{h4}-{h12}" \\\n  -d "scope=https%3A%2F%2Fgraph.microsoft.com%2F.default" \\\n  -d "client_secret=«{a3}8Q~{B34}»" \\\n  -d "grant_type=client_credentials"',
  ],
  [
    'b63-copy-as-fetch-anthropic-key',
    'fetch("https://api.anthropic.com/v1/messages", {\n  method: "POST",\n  headers: {\n    "x-api-key": "«sk-ant-api03-{B93}AA»",\n    "anthropic-version": "2023-06-01",\n    "content-type": "application/json"\n  },\n  body: JSON.stringify({ model: "claude-3-5-haiku-latest", max_tokens: 64, messages: [ { role: "user", content: "hi" } ] })\n});',
  ],
  [
    'b63-har-websocket-url-token',
    '{\n  "startedDateTime": "2024-04-18T14:02:11.903Z",\n  "request": {\n    "method": "GET",\n    "url": "wss://realtime.tallyboard.io/socket/websocket?token=«{B48}»&vsn=2.0.0",\n    "headers": [ { "name": "Upgrade", "value": "websocket" } ]\n  },\n  "_resourceType": "websocket"\n}',
  ],
  [
    'b63-curl-u-stripe-key-colon',
    '$ curl https://api.stripe.com/v1/balance \\\n  -u «sk_live_{a24}»:\n{\n  "object": "balance",\n  "available": [ { "amount": 184233, "currency": "eur" } ]\n}',
  ],
  [
    'b63-httpie-session-file-bearer',
    '$ cat ~/.config/httpie/sessions/api.quire.io/prod.json\n{\n    "__meta__": { "about": "HTTPie session file", "httpie": "3.2.2" },\n    "auth": { "type": "bearer", "raw_auth": "«{B40}»" },\n    "cookies": [ { "name": "qsid", "value": "«{h40}»", "domain": "api.quire.io" } ],\n    "headers": []\n}',
  ],
  [
    'b63-postman-oauth2-refresh-client-secret',
    '"auth": {\n  "type": "oauth2",\n  "oauth2": [\n    { "key": "refreshToken", "value": "«{B64}»", "type": "string" },\n    { "key": "clientSecret", "value": "«{B32}»", "type": "string" },\n    { "key": "clientId", "value": "atlas-integration", "type": "string" },\n    { "key": "accessTokenUrl", "value": "https://auth.atlasledger.com/oauth/token", "type": "string" }\n  ]\n}',
  ],
  [
    'b63-curl-proxy-credentials',
    'curl -x http://squid-user:«{a16}»@proxy.corp.lan:3128 -I https://pypi.org/simple/\nHTTP/1.1 200 Connection established',
  ],
  [
    'b63-har-drf-token-header',
    '{ "name": "Authorization", "value": "Token «{h40}»" },\n{ "name": "X-CSRFToken-Required", "value": "false" },',
  ],
  [
    'b63-copy-as-curl-bash-datadog-keys',
    "curl 'https://api.datadoghq.eu/api/v1/validate' \\\n  -H 'DD-API-KEY: «{h32}»' \\\n  -H 'DD-APPLICATION-KEY: «{h40}»' \\\n  -H 'accept: application/json' ",
  ],
  [
    'b63-diff-env-staging-stripe-rotate',
    'diff --git a/.env.staging b/.env.staging\nindex 4e1a2b7..9c03d5f 100644\n--- a/.env.staging\n+++ b/.env.staging\n@@ -3,5 +3,6 @@ APP_URL=https://staging.kettle.app\n LOG_LEVEL=debug\n-STRIPE_SECRET_KEY=«sk_live_{a24}»\n+STRIPE_SECRET_KEY=«sk_live_{a24}»\n+STRIPE_WEBHOOK_SECRET=«whsec_{a32}»\n QUEUE_DRIVER=redis',
  ],
  [
    'b63-diff-database-yml-password',
    '--- a/config/database.yml\n+++ b/config/database.yml\n@@ -12,7 +12,7 @@ production:\n   adapter: postgresql\n   host: pg-primary.internal\n   username: storefront\n-  password: <%= ENV["DATABASE_PASSWORD"] %>\n+  password: «Fz8!quarry-Lumen-604»\n   pool: 10',
  ],
  [
    'b63-diff-django-settings-secret-key',
    '@@ -21,9 +21,9 @@ BASE_DIR = Path(__file__).resolve().parent.parent\n # SECURITY WARNING: keep the secret key used in production secret!\n-SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\n+SECRET_KEY = "«{l24}$@!{l10}(%{l14}»"\n \n DEBUG = False',
  ],
  [
    'b63-pr-review-comment-twilio',
    '**kdubois** commented on `src/clients/twilio.ts` (line 14)\n\n```diff\n+const apiKeySid = "«SK{h32}»";\n+const apiKeySecret = "«{a32}»";\n```\n\nThis shouldn\'t be in the repo — please read both from Secrets Manager and rotate the key, it has been pushed to a public fork already.',
  ],
  [
    'b63-git-log-p-removed-ghp',
    'commit {h40}\nAuthor: Priya Natarajan <priya@lumen.garden>\nDate:   Tue Apr 2 16:41:09 2024 +0200\n\n    release.sh: stop hardcoding the token\n\ndiff --git a/scripts/release.sh b/scripts/release.sh\nindex 0a6b1c2..f93e7d1 100755\n--- a/scripts/release.sh\n+++ b/scripts/release.sh\n@@ -2,7 +2,7 @@\n set -euo pipefail\n-export GITHUB_TOKEN=«ghp_{a36}»\n+: "${GITHUB_TOKEN:?GITHUB_TOKEN must be set}"\n gh release create "v$VERSION" dist/*',
  ],
  [
    'b63-merge-conflict-datadog-api-key',
    'datadog:\n  site: datadoghq.eu\n<<<<<<< HEAD\n  api_key: «{h32}»\n=======\n  api_key: «{h32}»\n  app_key: «{h40}»\n>>>>>>> feature/datadog-eu\n  tags:\n    - env:prod',
  ],
  [
    'b63-diff-tfvars-db-master-password',
    'diff --git a/envs/prod/terraform.tfvars b/envs/prod/terraform.tfvars\n--- a/envs/prod/terraform.tfvars\n+++ b/envs/prod/terraform.tfvars\n@@ -8,3 +8,4 @@ instance_class = "db.r6g.large"\n multi_az       = true\n+db_master_password = "«Ty6%basalt-Ember-19»"\n+cloudflare_api_token = "«{B40}»"',
  ],
  [
    'b63-diff-k8s-secret-stringdata',
    '+apiVersion: v1\n+kind: Secret\n+metadata:\n+  name: payments-env\n+type: Opaque\n+stringData:\n+  REDIS_PASSWORD: «{a32}»\n+  JWT_SIGNING_KEY: «{b64}»',
  ],
  [
    'b63-diff-k8s-secret-data-base64',
    '@@ -5,6 +5,6 @@ metadata:\n type: Opaque\n data:\n   username: YXBw\n-  password: «{b22}==»\n+  password: «{b22}==»',
  ],
  [
    'b63-diff-compose-postgres-password',
    '--- a/docker-compose.yml\n+++ b/docker-compose.yml\n@@ -14,6 +14,8 @@ services:\n     image: postgres:16\n     environment:\n       - POSTGRES_USER=shop\n+      - POSTGRES_PASSWORD=«{a24}»\n+      - PGADMIN_DEFAULT_PASSWORD=«Mv3&sorrel-Drift»\n     volumes:',
  ],
  [
    'b63-diff-spring-properties-old-new',
    '--- a/src/main/resources/application-prod.properties\n+++ b/src/main/resources/application-prod.properties\n@@ -3,4 +3,4 @@ spring.datasource.url=jdbc:postgresql://pg01:5432/ledger\n spring.datasource.username=ledger_app\n-spring.datasource.password=«Nq5#ledger-Atlas»\n+spring.datasource.password=«Jw9@ledger-Tarn»\n spring.jpa.open-in-view=false',
  ],
  [
    'b63-diff-go-slack-webhook',
    '@@ -9,6 +9,8 @@ import (\n )\n \n+const alertWebhook = "«https://hooks.slack.com/services/T0{u8}/B0{u8}/{a24}»"\n+\n func notify(msg string) error {',
  ],
  [
    'b63-diff-rust-test-fixture-aws',
    '+#[test]\n+fn signs_request() {\n+    let key = "«AKIA{u16}»";\n+    let secret = "«{b40}»";\n+    let sig = sign(key, secret, "GET", "/");\n+    assert_eq!(sig.len(), 64);\n+}',
  ],
  [
    'b63-diff-gitlab-ci-inline-npm-token',
    '--- a/.gitlab-ci.yml\n+++ b/.gitlab-ci.yml\n@@ -20,6 +20,8 @@ publish:\n   stage: release\n+  variables:\n+    NPM_TOKEN: «npm_{a36}»\n   script:\n     - echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc',
  ],
  [
    'b63-pr-suggestion-openai-key',
    '> ```diff\n> +OPENAI_API_KEY = "«sk-proj-{B74}T3BlbkFJ{B74}»"\n> ```\n\nPlease don\'t commit this. Suggested change:\n\n```suggestion\nOPENAI_API_KEY = os.environ["OPENAI_API_KEY"]\n```',
  ],
  [
    'b63-gerrit-review-inline-comment',
    'Patch Set 3:\n\n(1 comment)\n\nFile deploy/values-prod.yaml:\n\nLine 41:\n> grafana:\n>   adminPassword: «Qe4*heron-Vault-31»\n\nPS3, Line 41: Plain-text admin password in values; use existingSecret instead.',
  ],
  [
    'b63-diff-aws-credentials-ini',
    '--- /dev/null\n+++ b/ops/aws/credentials.ci\n@@ -0,0 +1,4 @@\n+[ci]\n+aws_access_key_id = «AKIA{u16}»\n+aws_secret_access_key = «{b40}»\n+region = eu-west-1',
  ],
  [
    'b63-git-show-rails-master-key',
    '$ git show --stat -p HEAD~3 -- config/master.key\ncommit {h40}\nAuthor: Tomás Ruiz <tomas@bakedbeans.dev>\n\n    add credentials for staging\n\n config/master.key | 1 +\n 1 file changed, 1 insertion(+)\n\ndiff --git a/config/master.key b/config/master.key\nnew file mode 100644\n--- /dev/null\n+++ b/config/master.key\n@@ -0,0 +1 @@\n+«{h32}»',
  ],
  [
    'b63-diff-php-config-db-password',
    "@@ -44,7 +44,7 @@ return [\n         'mysql' => [\n             'driver' => 'mysql',\n             'username' => 'shop',\n-            'password' => env('DB_PASSWORD'),\n+            'password' => '«Pd6~wicker-Anchor»',\n             'charset' => 'utf8mb4',",
  ],
  [
    'b63-merge-conflict-env-llm-keys',
    '<<<<<<< ours\nOPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»\n=======\nANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»\n>>>>>>> theirs\nMODEL_TIMEOUT_MS=30000',
  ],
  [
    'b63-diff-add-openssh-private-key',
    'diff --git a/deploy/id_ed25519 b/deploy/id_ed25519\nnew file mode 100600\n--- /dev/null\n+++ b/deploy/id_ed25519\n@@ -0,0 +1,7 @@\n+-----BEGIN OPENSSH PRIVATE KEY-----\n+b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n+«{b70}»\n+«{b70}»\n+«{b70}»\n+«{b20}»\n+-----END OPENSSH PRIVATE KEY-----',
  ],
  [
    'b63-diff-web-config-connection-string',
    '   <connectionStrings>\n-    <add name="Orders" connectionString="Server=sql01;Database=Orders;Integrated Security=true;" />\n+    <add name="Orders" connectionString="Server=sql01.corp.local;Database=Orders;User Id=orders_app;Password=«Bk2!osprey-Flint»;" />\n   </connectionStrings>',
  ],
  [
    'b63-pr-comment-slack-user-token',
    '> **Reviewer:** `notify.py` line 22 still has `SLACK_TOKEN = "«xoxp-{d12}-{d12}-{d13}-{h32}»"` — this is a user token with admin scopes. Revoke it in the Slack admin console before merging.',
  ],
  [
    'b63-git-log-p-env-example-mistake',
    'commit {h40}\nAuthor: Sam Ito <sam@quillstack.io>\nDate:   Fri Mar 22 11:05:31 2024 +0900\n\n    docs: add .env.example\n\ndiff --git a/.env.example b/.env.example\nnew file mode 100644\n--- /dev/null\n+++ b/.env.example\n@@ -0,0 +1,3 @@\n+SENDGRID_API_KEY=«SG.{B22}.{B43}»\n+MAIL_FROM=hello@quillstack.io\n+MAILGUN_API_KEY=«key-{h32}»',
  ],
  [
    'b63-diff-appsettings-client-secret',
    '@@ -10,7 +10,7 @@\n   "AzureAd": {\n     "Instance": "https://login.microsoftonline.com/",\n     "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n-    "ClientSecret": ""\n+    "ClientSecret": "«{a3}8Q~{B34}»"\n   },',
  ],
  [
    'b63-diff-removed-hf-token-only',
    '--- a/configs/train.yaml\n+++ b/configs/train.yaml\n@@ -1,5 +1,5 @@\n model: meta-llama/Llama-3.1-8B\n hub:\n-  token: «hf_{a34}»\n+  token: !ENV HF_TOKEN\n   push: true',
  ],
  [
    'b63-format-patch-sentry-auth',
    'From {h40} Mon Sep 17 00:00:00 2001\nFrom: Lena Vogt <lena@ostwind.de>\nDate: Wed, 10 Apr 2024 09:12:00 +0200\nSubject: [PATCH] ci: upload sourcemaps\n\n---\n .sentryclirc | 4 ++++\n 1 file changed, 4 insertions(+)\n\n--- /dev/null\n+++ b/.sentryclirc\n@@ -0,0 +1,4 @@\n+[auth]\n+token=«sntryu_{h64}»\n+[defaults]\n+org=ostwind',
  ],
  [
    'b63-word-diff-api-token',
    '$ git diff --word-diff config/integrations.yml\n@@ -7,3 +7,3 @@ linear:\n  team: PLAT\n  api_token: [-«lin_api_{a40}»-]{+«lin_api_{a40}»+}\n  sync: true',
  ],
  [
    'b63-diff-helm-values-admin-password',
    '@@ -30,4 +30,6 @@ keycloak:\n   replicas: 2\n   auth:\n     adminUser: admin\n+    adminPassword: «Wu7$lichen-Forge»\n+    managementPassword: «{a20}»',
  ],
  [
    'b63-review-comment-vault-token',
    '> ```\n> VAULT_ADDR=https://vault.ops.internal:8200\n> VAULT_TOKEN=«hvs.{B90}»\n> ```\n\nnit (blocking): this is a real root-ish token from the screenshot in the runbook — please revoke with `vault token revoke -self` and drop it from the doc.',
  ],
  [
    'b63-diff-gha-workflow-dockerhub-pat',
    '@@ -18,6 +18,8 @@ jobs:\n       - uses: docker/login-action@v3\n         with:\n           username: lumenbot\n-          password: ${{ secrets.DOCKERHUB_TOKEN }}\n+          password: «dckr_pat_{B27}»',
  ],
  [
    'b63-git-stash-show-p-doppler',
    '$ git stash show -p stash@{0}\ndiff --git a/.doppler.yaml b/.doppler.yaml\n--- a/.doppler.yaml\n+++ b/.doppler.yaml\n@@ -1,3 +1,4 @@\n setup:\n   project: checkout\n   config: dev\n+  token: «dp.st.dev.{a40}»',
  ],
  [
    'b63-diff-env-tauri-key-password',
    '@@ -2,4 +2,5 @@\n TAURI_SIGNING_PUBLIC_KEY_PATH=./keys/updater.pub\n+TAURI_SIGNING_PRIVATE_KEY_PASSWORD=«Ox3+tundra_Reed»',
  ],
  [
    'b63-python-traceback-locals-xero-bearer',
    "Traceback (most recent call last):\n  File \"/srv/app/billing/sync.py\", line 88, in push_invoice\n    resp.raise_for_status()\n  File \"/srv/app/.venv/lib/python3.12/site-packages/requests/models.py\", line 1024, in raise_for_status\n    raise HTTPError(http_error_msg, response=self)\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.xero.com/api.xro/2.0/Invoices\n\nLocal variables in push_invoice:\n    url = 'https://api.xero.com/api.xro/2.0/Invoices'\n    headers = {'Authorization': 'Bearer «eyJhbGciOiJSUzI1NiIsImtpZCI6IjFDQUY4RTY2NzcyRDZEQzAyOEQ2NzI2RkQwMjYxNTgxNTcwRUZDMTkiLCJ0eXAiOiJKV1QifQ.eyJ{B120}.{B86}»', 'Xero-tenant-id': '{h8}-{h4}-{h4}-{h4}-{h12}'}\n    invoice_id = 'INV-20931' ",
  ],
  [
    'b63-rich-traceback-locals-api-key',
    "╭─────────────────────────────── locals ───────────────────────────────╮\n│   api_key = '«{h32}»'                                                 │\n│  base_url = 'https://api.pinecone.io'                                │\n│   timeout = 30                                                       │\n│     index = 'docs-prod'                                              │\n╰──────────────────────────────────────────────────────────────────────╯\nPineconeApiException: (401) Reason: Unauthorized",
  ],
  [
    'b63-pytest-failure-settings-repr',
    "_______________________ test_migrations_apply _______________________\n\nsettings = Settings(env='ci', db_url='postgresql://app:«{a24}»@db:5432/app', redis_url='redis://redis:6379/0', debug=False)\n\n    def test_migrations_apply(settings):\n>       engine = create_engine(settings.db_url)\nE       sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: FATAL:  password authentication failed for user \"app\"",
  ],
  [
    'b63-java-stacktrace-system-properties',
    "Exception in thread \"main\" java.sql.SQLException: Access denied for user 'ledger'@'10.4.2.19' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n\tat com.acme.ledger.Main.main(Main.java:41)\n\n--- System properties at crash ---\njava.version=17.0.10\njava.vendor=Eclipse Adoptium\nuser.dir=/opt/ledger\njavax.net.ssl.keyStore=/opt/ledger/tls/keystore.p12\njavax.net.ssl.keyStorePassword=«Gr8-otter;Pylon»\ndb.password=«{a20}»",
  ],
  [
    'b63-hs-err-jvm-args-kafka-jaas',
    '#  SIGSEGV (0xb) at pc=0x00007f3a1c2e4b10, pid=4411, tid=4433\n#\n# JRE version: OpenJDK Runtime Environment Temurin-21.0.2+13 (21.0.2+13)\n---------------  S Y S T E M  ---------------\njvm_args: -Xmx2g -Dspring.profiles.active=prod -Dkafka.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{B64}»";\njava_command: app.jar',
  ],
  [
    'b63-node-process-env-dump',
    "> console.log(process.env)\n{\n  NODE_ENV: 'production',\n  HOSTNAME: 'web-7c9f6d8b5-x2kqp',\n  PORT: '3000',\n  DATABASE_URL: 'postgres://web:«{a24}»@pg.internal:5432/web',\n  OPENAI_API_KEY: '«sk-proj-{B74}T3BlbkFJ{B74}»',\n  RESEND_API_KEY: '«re_{a8}_{a24}»',\n  TZ: 'UTC'\n}",
  ],
  [
    'b63-axios-error-dump-headers',
    "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12) {\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    method: 'get',\n    url: 'https://api.notion.com/v1/databases/{h32}',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json',\n      Authorization: 'Bearer «secret_{a43}»',\n      'Notion-Version': '2022-06-28'\n    }\n  }\n}",
  ],
  [
    'b63-sentry-event-json-headers-extra',
    '{\n  "event_id": "{h32}",\n  "level": "error",\n  "platform": "python",\n  "request": {\n    "url": "https://api.kettle.app/v1/payouts",\n    "method": "POST",\n    "headers": { "Authorization": "Bearer «{B43}»", "User-Agent": "kettle-ios/4.2.0" }\n  },\n  "extra": { "stripe_key": "«rk_live_{a99}»", "payout_id": "po_{a24}" },\n  "exception": { "values": [ { "type": "CardError", "value": "Your card was declined." } ] }\n}',
  ],
  [
    'b63-rollbar-item-custom-shopify',
    '{\n  "data": {\n    "environment": "production",\n    "level": "error",\n    "body": { "message": { "body": "Shopify sync failed: 401 Unauthorized" } },\n    "custom": { "shop": "tidepool-gear.myshopify.com", "shopify_token": "«shpat_{h32}»" },\n    "uuid": "{h8}-{h4}-{h4}-{h4}-{h12}"\n  }\n}',
  ],
  [
    'b63-docker-inspect-env-array',
    '$ docker inspect --format \'{{json .Config.Env}}\' pg-main | jq .\n[\n  "POSTGRES_USER=shop",\n  "POSTGRES_PASSWORD=«{a24}»",\n  "MINIO_ROOT_PASSWORD=«Lx5+pebble-Mosaic»",\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/lib/postgresql/16/bin",\n  "PGDATA=/var/lib/postgresql/data"\n]',
  ],
  [
    'b63-kubectl-describe-pod-env',
    "Containers:\n  api:\n    Image:          registry.lumen.garden/api:2.14.1\n    Port:           8080/TCP\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      DB_PASSWORD:             «Cv7!granite-Heron»\n      REDIS_URL:               redis://:«{a32}»@redis-master:6379/0\n      API_KEY:                 <set to the key 'api-key' in secret 'payments'>  Optional: false\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8xq2n (ro)",
  ],
  [
    'b63-printenv-sort-aws',
    '$ printenv | sort\nAWS_ACCESS_KEY_ID=«AKIA{u16}»\nAWS_DEFAULT_REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY=«{b40}»\nHOME=/root\nHOSTNAME=runner-7f2k\nLANG=C.UTF-8\nPATH=/usr/local/bin:/usr/bin:/bin\nPWD=/builds/platform/infra',
  ],
  [
    'b63-env-dump-heroku-api-key-uuid',
    "+ env | grep -v '^npm_'\nCI=true\nHEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nHEROKU_APP=shop-prod\nNODE_VERSION=20.12.1",
  ],
  [
    'b63-gdb-core-struct-password',
    'Core was generated by `/usr/local/bin/ingestd --config /etc/ingestd.conf\'.\nProgram terminated with signal SIGSEGV, Segmentation fault.\n#0  0x000055d1c3a41f2e in amqp_connect (cfg=0x55d1c4f2a2a0) at src/mq.c:118\n(gdb) p *cfg\n$1 = {host = 0x55d1c4f2a310 "mq.internal", port = 5672, user = 0x55d1c4f2a330 "ingest", password = 0x55d1c4f2a350 "«{a24}»", vhost = 0x55d1c4f2a370 "/prod"}',
  ],
  [
    'b63-laravel-ignition-env-app-key',
    'Environment & details:\n  APP_ENV            "production"\n  APP_KEY            "«base64:{b43}=»"\n  DB_CONNECTION      "mysql"\n  DB_PASSWORD        "«Zh3^meadow-Quill»"\n  MAIL_MAILER        "smtp"',
  ],
  [
    'b63-irb-env-to-h',
    'irb(main):001> ENV.to_h.slice("RAILS_ENV", "SECRET_KEY_BASE", "STRIPE_API_KEY")\n=> {"RAILS_ENV"=>"production", "SECRET_KEY_BASE"=>"«{h128}»", "STRIPE_API_KEY"=>"«sk_live_{a24}»"}',
  ],
  [
    'b63-go-panic-config-struct',
    'panic: dial tcp 10.0.7.3:3306: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustOpen(...)\n\t/src/cmd/shop/main.go:57\nconfig: config.Config{Env:"prod", DSN:"shop:«{a20}»@tcp(10.0.7.3:3306)/shop?parseTime=true", JWTSecret:"«{B43}»", Port:8080}',
  ],
  [
    'b63-dotnet-exception-connection-string',
    "Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'orders_app'.\n   at Microsoft.Data.SqlClient.SqlInternalConnection.OnError(SqlException exception, Boolean breakConnection)\n   at Orders.Api.Startup.ConfigureServices(IServiceCollection services)\nConnectionString: Server=tcp:orders-sql.database.windows.net,1433;Initial Catalog=orders;User ID=orders_app;Password=«{a16}!{a6}»;Encrypt=True;",
  ],
  [
    'b63-sentry-breadcrumb-telegram-bot-url',
    '"breadcrumbs": {\n  "values": [\n    {\n      "type": "http",\n      "category": "httplib",\n      "data": { "method": "POST", "url": "https://api.telegram.org/bot«{d10}:AA{B33}»/sendMessage", "status_code": 429 },\n      "timestamp": 1713271820.441\n    }\n  ]\n}',
  ],
  [
    'b63-docker-inspect-args-cloudflared-token',
    '"Path": "cloudflared",\n"Args": [\n    "tunnel",\n    "--no-autoupdate",\n    "run",\n    "--token",\n    "«eyJhIjoi{B180}»"\n],',
  ],
  [
    'b63-kubectl-get-secret-yaml-data',
    '$ kubectl get secret pg-app -n shop -o yaml\napiVersion: v1\ndata:\n  password: «{b22}==»\n  uri: «{b100}»\n  username: c2hvcA==\nkind: Secret\nmetadata:\n  name: pg-app\n  namespace: shop\ntype: Opaque',
  ],
  [
    'b63-ps-aux-mysqldump-password',
    '$ ps aux | grep mysqldump\nbackup   18822  2.1  0.4  51244 31020 ?  S  02:00  0:41 mysqldump -u backup -p«Yt4#caravel-Rook» --single-transaction shop\nbackup   18990  0.0  0.0   6432   720 pts/0 S+ 02:03  0:00 grep mysqldump',
  ],
  [
    'b63-systemctl-show-environment',
    '$ systemctl show api.service -p Environment\nEnvironment=NODE_ENV=production PORT=8080 SESSION_SECRET=«{B48}» LOG_FORMAT=json',
  ],
  [
    'b63-proc-environ-dump',
    "# cat /proc/1/environ | tr '\\0' '\\n'\nHOSTNAME=worker-5d7b9\nGROQ_API_KEY=«gsk_{a52}»\nREPLICATE_API_TOKEN=«r8_{a37}»\nHOME=/home/app",
  ],
  [
    'b63-celery-task-failure-args',
    "[2024-04-19 03:14:07,912: ERROR/ForkPoolWorker-3] Task billing.tasks.charge[{h8}-{h4}-{h4}-{h4}-{h12}] raised unexpected: AuthenticationError('Invalid API Key provided')\nTraceback (most recent call last):\n  File \"/app/billing/tasks.py\", line 61, in charge\n    stripe.Charge.create(api_key=api_key, customer=customer_id, amount=amount)\nargs: ('cus_{a14}', 4200, '«sk_live_{a24}»')",
  ],
  [
    'b63-airflow-log-connection-uri',
    "[2024-04-20, 02:00:14 UTC] {base.py:84} INFO - Retrieving connection 'warehouse'\n[2024-04-20, 02:00:14 UTC] {sql.py:412} DEBUG - Connection URI: postgresql://etl:«{a24}»@warehouse.internal:5432/dw\n[2024-04-20, 02:00:15 UTC] {taskinstance.py:2731} ERROR - Task failed with exception",
  ],
  [
    'b63-heroku-config-output',
    '$ heroku config -a shop-prod\n=== shop-prod Config Vars\nDATABASE_URL:    postgres://u{l13}:«p{h64}»@ec2-54-73-21-9.eu-west-1.compute.amazonaws.com:5432/d{l13}\nREDIS_URL:       rediss://:«p{h64}»@ec2-34-250-11-2.eu-west-1.compute.amazonaws.com:17930\nSECRET_KEY_BASE: «{h128}»',
  ],
  [
    'b63-ansible-verbose-module-args',
    'TASK [postgres : create app role] **********************************************\nchanged: [db01] => {"changed": true, "invocation": {"module_args": {"name": "app", "login_user": "postgres", "login_password": "«Ks9_walrus!Gate»", "password": "«{a24}»", "state": "present"}}, "user": "app"}',
  ],
  [
    'b63-lambda-config-env-variables',
    '{\n    "FunctionName": "slack-notifier",\n    "Runtime": "python3.12",\n    "Environment": {\n        "Variables": {\n            "SLACK_BOT_TOKEN": "«xoxb-{d12}-{d13}-{a24}»",\n            "DD_API_KEY": "«{h32}»",\n            "LOG_LEVEL": "INFO"\n        }\n    }\n}',
  ],
  [
    'b63-jenkins-console-set-x-leak',
    '[Pipeline] sh\n+ set -x\n+ export SONAR_TOKEN=«squ_{h40}»\n+ sonar-scanner -Dsonar.projectKey=checkout -Dsonar.host.url=https://sonar.corp.local\nINFO: Scanner configuration file: /opt/sonar-scanner/conf/sonar-scanner.properties',
  ],
  [
    'b63-node-util-inspect-config',
    "{\n  mailgun: { apiKey: '«key-{h32}»', domain: 'mg.ferrydesk.com' },\n  pusher: { appId: '1780042', key: '{h20}', secret: '«{h20}»', cluster: 'eu' },\n  port: 8080\n}",
  ],
  [
    'b63-botocore-debug-security-token',
    "2024-04-21 10:02:33,118 botocore.endpoint [DEBUG] Making request for OperationModel(name=GetObject) with params: {'url': 'https://artifacts.s3.eu-west-1.amazonaws.com/build.zip', 'headers': {'User-Agent': 'Boto3/1.34.84', 'X-Amz-Security-Token': '«IQoJb3JpZ2luX2VjE{B300}»'}}",
  ],
  [
    'b63-windows-set-output-tokens',
    'C:\\Users\\build> set\nCOMPUTERNAME=BUILD-07\nGITHUB_TOKEN=«ghs_{a36}»\nNUGET_API_KEY=«oy2{l43}»\nOS=Windows_NT\nPath=C:\\Windows\\system32;C:\\Program Files\\dotnet',
  ],
  [
    'b63-elixir-crash-report-map',
    '** (MatchError) no match of right hand side value: {:error, :unauthorized}\n    (billing 0.9.1) lib/billing/paystack.ex:42: Billing.Paystack.charge/2\nLast message: %{amount: 5000, currency: "NGN", secret_key: "«sk_live_{h40}»"}',
  ],
  [
    'b63-npmrc-auth-token',
    '# ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«npm_{a36}»\nsave-exact=true',
  ],
  [
    'b63-npmrc-github-packages-scope',
    '@lumen-garden:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»\nengine-strict=true',
  ],
  [
    'b63-npmrc-nexus-legacy-auth-password',
    'registry=https://nexus.lindqvist.se/repository/npm-group/\n//nexus.lindqvist.se/repository/npm-group/:username=ci-npm\n//nexus.lindqvist.se/repository/npm-group/:_password=«{b22}==»\n//nexus.lindqvist.se/repository/npm-group/:email=ci@lindqvist.se\n_auth=«{b32}»\nalways-auth=true',
  ],
  [
    'b63-yarnrc-yml-fontawesome-uuid',
    'nodeLinker: node-modules\nnpmScopes:\n  fortawesome:\n    npmAlwaysAuth: true\n    npmRegistryServer: "https://npm.fontawesome.com/"\n    npmAuthToken: "«{H8}-{H4}-{H4}-{H4}-{H12}»"',
  ],
  [
    'b63-pypirc-pypi-token',
    '[distutils]\nindex-servers =\n    pypi\n    testpypi\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmcCJ{B150}»\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = «pypi-AgENdGVzdC5weXBpLm9yZwIk{B150}»',
  ],
  [
    'b63-pypirc-private-index-password',
    '[internal]\nrepository = https://pypi.corp.lindqvist.se/simple/\nusername = ci-publisher\npassword = «Dq2!moraine-Tack»',
  ],
  [
    'b63-pip-conf-gitlab-index-token',
    '# /etc/pip.conf\n[global]\nindex-url = https://__token__:«glpat-{B20}»@gitlab.hanze-it.nl/api/v4/projects/118/packages/pypi/simple\ntimeout = 60',
  ],
  ['b63-gem-credentials-rubygems-github', '---\n:rubygems_api_key: «rubygems_{h48}»\n:github: Bearer «ghp_{a36}»'],
  ['b63-bundle-config-sidekiq-pro', '---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_GEMS__CONTRIBSYS__COM: "«{h8}:{h8}»"\nBUNDLE_JOBS: "4"'],
  [
    'b63-docker-config-json-auths',
    '{\n\t"auths": {\n\t\t"ghcr.io": {\n\t\t\t"auth": "«{b40}»"\n\t\t},\n\t\t"https://index.docker.io/v1/": {\n\t\t\t"auth": "«{b32}»"\n\t\t},\n\t\t"registry.gitlab.com": {\n\t\t\t"auth": "«{b48}»"\n\t\t}\n\t}\n}',
  ],
  [
    'b63-docker-config-identitytoken-acr',
    '{\n  "auths": {\n    "lumenprod.azurecr.io": {\n      "auth": "MDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwOg==",\n      "identitytoken": "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B150}.{B86}»"\n    }\n  }\n}',
  ],
  [
    'b63-m2-settings-xml-servers',
    '<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">\n  <servers>\n    <server>\n      <id>ossrh</id>\n      <username>acme-release</username>\n      <password>«{B40}»</password>\n    </server>\n    <server>\n      <id>nexus-snapshots</id>\n      <username>deployer</username>\n      <password>«Hb5@larch-Signal»</password>\n    </server>\n  </servers>\n</settings>',
  ],
  [
    'b63-cargo-credentials-toml',
    '# ~/.cargo/credentials.toml\n[registry]\ntoken = "«cio{a32}»"\n\n[registries.lumen]\ntoken = "«Bearer {B40}»"',
  ],
  [
    'b63-netrc-heroku-entries',
    'machine api.heroku.com\n  login ops@shopfront.io\n  password «{h8}-{h4}-{h4}-{h4}-{h12}»\nmachine git.heroku.com\n  login ops@shopfront.io\n  password «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'b63-netrc-github-actions-token',
    'machine github.com login x-access-token password «ghs_{a36}»\nmachine api.github.com login x-access-token password «ghs_{a36}»',
  ],
  [
    'b63-composer-auth-json',
    '{\n    "http-basic": {\n        "repo.magento.com": {\n            "username": "{h32}",\n            "password": "«{h32}»"\n        }\n    },\n    "github-oauth": {\n        "github.com": "«gho_{a36}»"\n    },\n    "gitlab-token": {\n        "gitlab.com": "«glpat-{B20}»"\n    }\n}',
  ],
  ['b63-composer-auth-bearer-private-packagist', '{\n    "bearer": {\n        "repo.packagist.com": "«packagist_ort_{h64}»"\n    }\n}'],
  [
    'b63-nuget-config-cleartext-password',
    '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSources>\n    <add key="AzureArtifacts" value="https://pkgs.dev.azure.com/lumen/_packaging/internal/nuget/v3/index.json" />\n  </packageSources>\n  <packageSourceCredentials>\n    <AzureArtifacts>\n      <add key="Username" value="build" />\n      <add key="ClearTextPassword" value="«{k52}»" />\n    </AzureArtifacts>\n  </packageSourceCredentials>\n</configuration>',
  ],
  [
    'b63-dotnet-nuget-push-api-key',
    "$ dotnet nuget push bin/Release/Lumen.Client.3.1.0.nupkg --api-key «oy2{l43}» --source https://api.nuget.org/v3/index.json\nPushing Lumen.Client.3.1.0.nupkg to 'https://www.nuget.org/api/v2/package'...",
  ],
  [
    'b63-gradle-properties-signing-ossrh',
    'org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nsigning.keyId=24875D73\nsigning.password=«Vf6&brook-Citadel»\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=acme-release\nossrhPassword=«{a24}»\ngradle.publish.key=«{a32}»\ngradle.publish.secret=«{a32}»',
  ],
  [
    'b63-terraformrc-credentials-block',
    'plugin_cache_dir = "$HOME/.terraform.d/plugin-cache"\n\ncredentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{a67}»"\n}',
  ],
  ['b63-credentials-tfrc-json', '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "«{a14}.atlasv1.{a67}»"\n    }\n  }\n}'],
  [
    'b63-gh-hosts-yml-oauth-token',
    'github.com:\n    users:\n        octo-ops:\n            oauth_token: «gho_{a36}»\n    git_protocol: https\n    oauth_token: «gho_{a36}»\n    user: octo-ops',
  ],
  [
    'b63-glab-config-yml-token',
    'hosts:\n    gitlab.hanze-it.nl:\n        api_protocol: https\n        api_host: gitlab.hanze-it.nl\n        token: «glpat-{B20}»\n        git_protocol: ssh',
  ],
  [
    'b63-aws-credentials-session-token',
    '[default]\naws_access_key_id = «AKIA{u16}»\naws_secret_access_key = «{b40}»\n\n[sso-temp]\naws_access_key_id = «ASIA{u16}»\naws_secret_access_key = «{b40}»\naws_session_token = «IQoJb3JpZ2luX2VjE{B260}»',
  ],
  [
    'b63-pgpass-lines',
    '# hostname:port:database:username:password\ndb.internal:5432:*:report:«Ek8.halyard-Moss»\npg-replica-2.internal:5432:analytics:etl:«{a24}»',
  ],
  [
    'b63-my-cnf-client-password',
    '[client]\nuser=backup\npassword="«Jx4%tamarack-Shoal»"\nhost=mysql-primary.internal\n\n[mysqldump]\nsingle-transaction',
  ],
  [
    'b63-git-credentials-store',
    'https://jdoe:«ghp_{a36}»@github.com\nhttps://oauth2:«glpat-{B20}»@gitlab.com\nhttps://build:«{k52}»@dev.azure.com',
  ],
  [
    'b63-pub-credentials-json',
    '{"accessToken":"«ya29.a0{B150}»","refreshToken":"«1//0{B100}»","idToken":null,"tokenEndpoint":"https://accounts.google.com/o/oauth2/token","scopes":["openid","https://www.googleapis.com/auth/userinfo.email"],"expiration":1713532800000}',
  ],
  [
    'b63-helm-repositories-yaml-password',
    'apiVersion: ""\ngenerated: "0001-01-01T00:00:00Z"\nrepositories:\n- name: internal\n  url: https://charts.lumen.garden\n  username: helm-ci\n  password: «{a32}»\n  insecure_skip_tls_verify: false',
  ],
  [
    'b63-npmrc-artifactory-reference-token',
    'registry=https://lumen.jfrog.io/artifactory/api/npm/npm-virtual/\n//lumen.jfrog.io/artifactory/api/npm/npm-virtual/:_authToken=«cmVmdGtuOjAxOjE3{a48}»',
  ],
  [
    'b63-sbt-credentials-file',
    'realm=Sonatype Nexus Repository Manager\nhost=nexus.lindqvist.se\nuser=deploy\npassword=«Ua3*spindle-Cairn»',
  ],
  [
    'b63-poetry-auth-toml',
    '# ~/.config/pypoetry/auth.toml\n[http-basic.private]\nusername = "ci"\npassword = "«{a28}»"\n\n[pypi-token]\npypi = "«pypi-AgEIcHlwaS5vcmcCJ{B150}»"',
  ],
  [
    'b63-hex-config-api-key',
    '$ mix hex.config\napi_key: "«{h32}»" (using `~/.hex/hex.config`)\napi_url: "https://hex.pm/api" (default)\noffline: false (default)',
  ],
  [
    'b63-google-services-json-current-key',
    '{\n  "project_info": {\n    "project_number": "{d12}",\n    "project_id": "tidepool-notes",\n    "storage_bucket": "tidepool-notes.appspot.com"\n  },\n  "client": [\n    {\n      "client_info": {\n        "mobilesdk_app_id": "1:{d12}:android:{h16}",\n        "android_client_info": { "package_name": "io.tidepool.notes" }\n      },\n      "oauth_client": [ { "client_id": "{d12}-{l32}.apps.googleusercontent.com", "client_type": 3 } ],\n      "api_key": [ { "current_key": "«AIza{B35}»" } ],\n      "services": { "appinvite_service": { "other_platform_oauth_client": [] } }\n    }\n  ],\n  "configuration_version": "1"\n}',
  ],
  [
    'b63-googleservice-info-plist-api-key',
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>API_KEY</key>\n\t<string>«AIza{B35}»</string>\n\t<key>GCM_SENDER_ID</key>\n\t<string>{d12}</string>\n\t<key>BUNDLE_ID</key>\n\t<string>io.tidepool.notes</string>\n\t<key>PROJECT_ID</key>\n\t<string>tidepool-notes</string>\n</dict>\n</plist>',
  ],
  [
    'b63-local-properties-release-secrets',
    '## This file must *NOT* be checked into Version Control Systems,\nsdk.dir=/Users/mkim/Library/Android/sdk\nMAPS_API_KEY=«AIza{B35}»\nsentry.auth.token=«sntrys_eyJpYXQiOjE3{B120}»\nRELEASE_STORE_PASSWORD=«Nc7!puffin-Ledge»\nRELEASE_KEY_PASSWORD=«Nc7!puffin-Ledge-key»',
  ],
  [
    'b63-xcconfig-secrets-file',
    '// Secrets.xcconfig — listed in .gitignore\nREVENUECAT_SECRET_KEY = «sk_{a32}»\nALGOLIA_ADMIN_API_KEY = «{h32}»\nAPI_BASE_URL = https:/$()/api.tidepool.io\n#include? "Secrets.local.xcconfig"',
  ],
  [
    'b63-electron-env-production-notarize',
    '# .env.production — read by electron-builder in CI\nGH_TOKEN=«ghp_{a36}»\nAPPLE_ID=builds@corvid.app\nAPPLE_APP_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\nAPPLE_TEAM_ID=8Q3ZT5R7LM\nCSC_KEY_PASSWORD=«Wx2^cobalt-Fen»',
  ],
  [
    'b63-flutter-dart-define-supabase-service',
    'flutter build apk --release \\\n  --dart-define=SUPABASE_URL=https://{l20}.supabase.co \\\n  --dart-define=SUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B60}.{B43}» \\\n  --dart-define=ONESIGNAL_REST_API_KEY=«os_v2_app_{k104}»',
  ],
  [
    'b63-dart-define-from-file-json',
    '$ cat config/prod.json\n{\n  "API_BASE": "https://api.parcelpal.app",\n  "MAPBOX_DOWNLOADS_TOKEN": "«sk.eyJ1IjoicGFyY2VscGFsIiwiYSI6Im{B30}.{B22}»",\n  "STRIPE_SECRET": "«sk_live_{a24}»"\n}\n$ flutter run --dart-define-from-file=config/prod.json',
  ],
  [
    'b63-react-native-app-config-js',
    "export default ({ config }) => ({\n  ...config,\n  name: 'Parcelpal',\n  slug: 'parcelpal',\n  extra: {\n    sentryAuthToken: '«sntryu_{h64}»',\n    googleMapsKey: '«AIza{B35}»',\n    eas: { projectId: '{h8}-{h4}-{h4}-{h4}-{h12}' },\n  },\n});",
  ],
  [
    'b63-react-native-config-env',
    '# .env (react-native-config)\nAPI_URL=https://api.parcelpal.app\nMIXPANEL_API_SECRET=«{h32}»\nONESIGNAL_REST_API_KEY=«os_v2_app_{k104}»\nCODE_SIGNING_PASSWORD=«Rk5#willow-Stack»',
  ],
  [
    'b63-android-buildconfigfield-secret',
    'android {\n    defaultConfig {\n        applicationId "io.tidepool.notes"\n        buildConfigField "String", "API_SECRET", "\\"«{B40}»\\""\n        buildConfigField "String", "API_BASE", "\\"https://api.tidepool.io\\""\n    }\n}',
  ],
  [
    'b63-android-signing-config-gradle',
    'signingConfigs {\n    release {\n        storeFile file("../keystore/release.jks")\n        storePassword "«Gv3@albatross-Keel»"\n        keyAlias "release"\n        keyPassword "«{a20}»"\n    }\n}',
  ],
  [
    'b63-ios-info-plist-cognito-secret',
    '\t<key>AWSRegion</key>\n\t<string>eu-west-1</string>\n\t<key>AWSAccessKeyId</key>\n\t<string>«AKIA{u16}»</string>\n\t<key>AWSSecretKey</key>\n\t<string>«{b40}»</string>',
  ],
  [
    'b63-fastlane-env-match-password',
    '# fastlane/.env.default\nFASTLANE_USER=release@corvid.app\nFASTLANE_PASSWORD=«Pm6*harrier-Slate»\nMATCH_PASSWORD=«{a24}»\nMATCH_GIT_BASIC_AUTHORIZATION=«{b48}»',
  ],
  [
    'b63-app-store-connect-p8-key',
    '$ cat ~/keys/AuthKey_{U10}.p8\n«-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b44}\n{b64}\n{b64}\n{b8}\n-----END PRIVATE KEY-----»',
  ],
  [
    'b63-electron-forge-osx-notarize',
    "module.exports = {\n  packagerConfig: {\n    osxSign: {},\n    osxNotarize: {\n      appleId: 'builds@corvid.app',\n      appleIdPassword: '«{L4}-{L4}-{L4}-{L4}»',\n      teamId: '8Q3ZT5R7LM',\n    },\n  },\n};",
  ],
  [
    'b63-electron-updater-private-repo-token',
    "autoUpdater.setFeedURL({\n  provider: 'github',\n  owner: 'corvid-app',\n  repo: 'desktop-releases',\n  private: true,\n  token: '«ghp_{a36}»',\n});",
  ],
  [
    'b63-tauri-signing-private-key-env',
    'export TAURI_SIGNING_PRIVATE_KEY="«dW50cnVzdGVkIGNvbW1lbnQ6IHJzaWduIGVuY3J5cHRlZCBzZWNyZXQga2V5C{b200}»"\nexport TAURI_SIGNING_PRIVATE_KEY_PASSWORD="«Lp8~marten-Glade»"\nnpm run tauri build',
  ],
  [
    'b63-android-strings-xml-admin-key',
    '<resources>\n    <string name="app_name">Tidepool Notes</string>\n    <string name="google_maps_key" translatable="false">«AIza{B35}»</string>\n    <string name="algolia_admin_key" translatable="false">«{h32}»</string>\n</resources>',
  ],
  [
    'b63-maui-appsettings-azure-storage',
    '{\n  "Storage": {\n    "ConnectionString": "DefaultEndpointsProtocol=https;AccountName=corvidmedia;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
  ],
  [
    'b63-macos-defaults-read-prefs',
    '$ defaults read com.corvid.desktop\n{\n    NSWindow Frame MainWindow = "412 238 1280 800 0 0 2560 1415 ";\n    apiToken = "«{B48}»";\n    lastSyncAt = "2024-04-22 08:14:51 +0000";\n    proxyPassword = "«Qy2!garnet-Pier»";\n}',
  ],
  [
    'b63-vscode-settings-sqltools-password',
    '{\n  "editor.formatOnSave": true,\n  "sqltools.connections": [\n    {\n      "name": "prod-readonly",\n      "driver": "PostgreSQL",\n      "server": "pg-replica-2.internal",\n      "port": 5432,\n      "database": "analytics",\n      "username": "readonly",\n      "password": "«Tc6%bramble-Oak»"\n    }\n  ]\n}',
  ],
  ['b63-rclone-conf-b2-key', '[b2-backup]\ntype = b2\naccount = {h12}\nkey = «K00{a28}»\nhard_delete = false'],
  [
    'b63-winforms-app-config-twilio',
    '<configuration>\n  <appSettings>\n    <add key="TwilioAccountSid" value="AC{h32}" />\n    <add key="TwilioAuthToken" value="«{h32}»" />\n    <add key="SmsFrom" value="+31970102030" />\n  </appSettings>\n</configuration>',
  ],
  [
    'b63-kotlin-apikeys-object',
    'object ApiKeys {\n    const val OPENWEATHER = "«{h32}»"\n    const val REVENUECAT_SECRET = "«sk_{a32}»"\n    const val BASE_URL = "https://api.tidepool.io"\n}',
  ],
  [
    'b63-swift-secrets-enum',
    'enum Secrets {\n    static let pusherSecret = "«{h20}»"\n    static let mixpanelApiSecret = "«{h32}»"\n    static let pusherKey = "{h20}"\n}',
  ],
  [
    'b63-eas-json-build-env',
    '{\n  "cli": { "version": ">= 7.6.0" },\n  "build": {\n    "production": {\n      "env": {\n        "SENTRY_AUTH_TOKEN": "«sntryu_{h64}»",\n        "EXPO_PUBLIC_API_URL": "https://api.parcelpal.app"\n      }\n    }\n  }\n}',
  ],
  [
    'b63-android-keystore-properties',
    'storePassword=«Bw4&kittiwake-Row»\nkeyPassword=«Bw4&kittiwake-Row-2»\nkeyAlias=upload\nstoreFile=../upload-keystore.jks',
  ],
  [
    'b63-electron-store-config-json',
    '$ cat "~/Library/Application Support/Corvid/config.json"\n{"auth":{"accessToken":"«eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B100}.{B86}»","refreshToken":"«{B64}»","expiresAt":1713790000},"windowBounds":{"x":412,"y":238,"width":1280,"height":800}}',
  ],
  [
    'b63-vscode-launch-dart-define',
    '{\n  "version": "0.2.0",\n  "configurations": [\n    {\n      "name": "app (prod keys)",\n      "request": "launch",\n      "type": "dart",\n      "args": ["--dart-define", "OPENAI_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»", "--dart-define", "ENV=prod"]\n    }\n  ]\n}',
  ],
  [
    'b63-android-assets-service-account-json',
    '{\n  "type": "service_account",\n  "project_id": "tidepool-notes",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "firebase-adminsdk-x1q7v@tidepool-notes.iam.gserviceaccount.com",\n  "client_id": "{d21}"\n}',
  ],
  [
    'b63-sentry-properties-auth-token',
    'defaults.url=https://sentry.io/\ndefaults.org=corvid\ndefaults.project=desktop\nauth.token=«sntrys_eyJpYXQiOjE3{B120}»',
  ],
  [
    'b63-android-gradle-properties-gpr-key',
    'android.useAndroidX=true\nkotlin.code.style=official\ngpr.user=tidepool-ci\ngpr.key=«ghp_{a36}»',
  ],
  [
    'b63-ios-xcconfig-shopify-admin',
    '#include "Base.xcconfig"\nSHOPIFY_SHOP_DOMAIN = tidepool-gear.myshopify.com\nSHOPIFY_ADMIN_TOKEN = «shpat_{h32}»\nSHOPIFY_API_SECRET = «shpss_{h32}»',
  ],
  [
    'b63-pem-rsa-key-desktop-license',
    '# corvid-desktop/resources/license-signing.pem (should have been the .pub!)\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b32}\n-----END RSA PRIVATE KEY-----»',
  ],
];

/** Its look-alikes: the same six settings showing only hashes, digests, ids, public or publishable keys, masked values, placeholders and env/secret references, with no credential in them. */
export const BLIND63_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'b63-neg-sql-insert-null-password-sso',
    "INSERT INTO users (id, email, password_hash, sso_provider, created_at) VALUES\n  (2001, 'r.diaz@northwind.test', NULL, 'okta', '2024-03-12 10:01:09'),\n  (2002, 'a.berg@northwind.test', NULL, 'okta', '2024-03-12 10:01:41');",
  ],
  [
    'b63-neg-psql-deployments-sha-digest',
    'deploy=# SELECT id, service, git_sha, image_digest FROM deployments ORDER BY id DESC LIMIT 2;\n  id  | service  |                 git_sha                  |                              image_digest\n------+----------+------------------------------------------+-------------------------------------------------------------------------\n 9812 | checkout | {h40} | sha256:{h64}\n 9811 | search   | {h40} | sha256:{h64}\n(2 rows)',
  ],
  [
    'b63-neg-mongo-objectid-uuid-doc',
    '{\n\t"_id" : ObjectId("{h24}"),\n\t"orderId" : UUID("{h8}-{h4}-{h4}-{h4}-{h12}"),\n\t"status" : "shipped",\n\t"carrier" : "postnl",\n\t"trackingCode" : "3S{U4}{d9}",\n\t"updatedAt" : ISODate("2024-04-18T07:12:44.000Z")\n}',
  ],
  [
    'b63-neg-redis-monitor-counters',
    '1712131420.004511 [0 10.0.3.7:51234] "INCR" "ratelimit:ip:203.0.113.7:1712131420"\n1712131420.004902 [0 10.0.3.7:51234] "HINCRBY" "stats:pageviews:2024-04-03" "/pricing" "1"\n1712131420.005330 [0 10.0.3.8:40118] "GET" "assets:manifest:app.{h8}.js"',
  ],
  [
    'b63-neg-redis-requirepass-empty',
    '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) ""\n127.0.0.1:6379> CONFIG GET protected-mode\n1) "protected-mode"\n2) "yes"',
  ],
  [
    'b63-neg-sql-password-metadata-columns',
    'app=# SELECT id, password_changed_at, password_reset_required, failed_logins FROM users WHERE id = 7;\n id |      password_changed_at      | password_reset_required | failed_logins\n----+-------------------------------+-------------------------+---------------\n  7 | 2024-02-29 18:20:11.441+00    | f                       |             0\n(1 row)',
  ],
  [
    'b63-neg-sql-key-prefix-masked',
    'api=# SELECT label, key_prefix, last_used_at FROM api_keys WHERE org_id = 44;\n   label    |  key_prefix   |     last_used_at\n------------+---------------+---------------------\n ci-deploy  | sk_live_…9fQa | 2024-04-17 22:10:03\n zapier     | sk_live_…Lm2x | 2024-04-18 06:44:51\n(2 rows)',
  ],
  [
    'b63-neg-mysql-show-grants-secret-placeholder',
    "mysql> SHOW GRANTS FOR 'reporter'@'%';\n+--------------------------------------------------------------------------------------+\n| Grants for reporter@%                                                                |\n+--------------------------------------------------------------------------------------+\n| GRANT SELECT ON `shop`.* TO 'reporter'@'%' IDENTIFIED BY PASSWORD <secret>           |\n+--------------------------------------------------------------------------------------+",
  ],
  [
    'b63-neg-sql-upload-checksums',
    "INSERT INTO uploads (id, sha256, mime_type, size_bytes, storage_key) VALUES\n  (55012, '{h64}', 'image/png', 48213, 'u/2024/04/{h32}.png');",
  ],
  [
    'b63-neg-pg-stat-activity-bind-param',
    '  pid  | state  |                              query\n-------+--------+------------------------------------------------------------------\n 41230 | active | UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2\n 41288 | idle   | SELECT 1',
  ],
  [
    'b63-neg-mongo-audit-redacted',
    '{ "atype" : "authenticate", "ts" : { "$date" : "2024-04-19T02:11:05.443+00:00" }, "param" : { "user" : "etl_user", "db" : "admin", "mechanism" : "SCRAM-SHA-256", "password" : "[REDACTED]" }, "result" : 0 }',
  ],
  [
    'b63-neg-sql-create-table-token-digest',
    'CREATE TABLE api_tokens (\n  id            bigserial PRIMARY KEY,\n  owner_id      bigint NOT NULL REFERENCES users(id),\n  token_digest  char(64) NOT NULL UNIQUE,  -- sha256 of the token, the token itself is never stored\n  token_hint    varchar(4) NOT NULL,\n  created_at    timestamptz NOT NULL DEFAULT now()\n);',
  ],
  [
    'b63-neg-sql-stripe-object-ids',
    "INSERT INTO charges (id, stripe_charge_id, stripe_customer_id, amount, currency) VALUES\n  (901, 'ch_3P{a22}', 'cus_{a14}', 4200, 'eur'),\n  (902, 'ch_3P{a22}', 'cus_{a14}', 1350, 'eur');",
  ],
  [
    'b63-neg-curl-bearer-shell-var',
    'curl -sS "https://api.github.com/repos/lumen-garden/api/actions/runs?per_page=5" \\\n  -H "Accept: application/vnd.github+json" \\\n  -H "Authorization: Bearer $GITHUB_TOKEN" \\\n  -H "X-GitHub-Api-Version: 2022-11-28"',
  ],
  [
    'b63-neg-curl-bearer-subshell',
    'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" \\\n  "https://run.googleapis.com/v2/projects/tidepool-notes/locations/europe-west4/services"',
  ],
  [
    'b63-neg-har-trace-headers',
    '"headers": [\n  { "name": "x-request-id", "value": "{h8}-{h4}-{h4}-{h4}-{h12}" },\n  { "name": "traceparent", "value": "00-{h32}-{h16}-01" },\n  { "name": "cf-ray", "value": "{h16}-AMS" },\n  { "name": "etag", "value": "W/\\"{h40}\\"" }\n]',
  ],
  [
    'b63-neg-har-analytics-cookies',
    '"cookies": [\n  { "name": "_ga", "value": "GA1.1.{d10}.{d10}" },\n  { "name": "_ga_{U10}", "value": "GS1.1.{d10}.4.1.{d10}.0.0.0" },\n  { "name": "locale", "value": "nl-NL" },\n  { "name": "theme", "value": "dark" }\n]',
  ],
  [
    'b63-neg-postman-variable-references',
    '"auth": {\n  "type": "bearer",\n  "bearer": [ { "key": "token", "value": "{{accessToken}}", "type": "string" } ]\n},\n"url": { "raw": "{{baseUrl}}/v1/customers?limit=3", "host": [ "{{baseUrl}}" ] }',
  ],
  [
    'b63-neg-fetch-stripe-publishable-key',
    'const stripe = Stripe("pk_live_51{a97}");\nfetch("/api/checkout/session", {\n  "headers": { "content-type": "application/json" },\n  "body": "{\\"priceId\\":\\"price_{a24}\\"}",\n  "method": "POST"\n});',
  ],
  [
    'b63-neg-postman-placeholder-values',
    '"values": [\n  { "key": "baseUrl", "value": "https://api.eu.vantor.io", "enabled": true },\n  { "key": "client_secret", "value": "<paste from the Vantor dashboard>", "type": "secret", "enabled": true }\n]',
  ],
  [
    'b63-neg-httpie-mapbox-public-token',
    '$ http GET "https://api.mapbox.com/styles/v1/mapbox/streets-v12?access_token=pk.eyJ1IjoicGFyY2VscGFsIiwiYSI6ImNs{B20}.{B22}"\nHTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8',
  ],
  [
    'b63-neg-har-script-integrity',
    '{\n  "request": { "method": "GET", "url": "https://cdn.jsdelivr.net/npm/htmx.org@1.9.12/dist/htmx.min.js" },\n  "response": { "status": 200, "content": { "size": 48101, "mimeType": "application/javascript" } },\n  "_initiator": { "type": "parser", "integrity": "sha384-{b64}" }\n}',
  ],
  [
    'b63-neg-curl-if-none-match-etag',
    "curl 'https://api.ledgerly.io/v2/rates' \\\n  -H 'accept: application/json' \\\n  -H 'if-none-match: W/\"{h40}\"' \\\n  -H 'x-client-version: 4.18.2+build.{h7}' ",
  ],
  [
    'b63-neg-powershell-get-credential',
    '$cred = Get-Credential -UserName "CORP\\svc-backup" -Message "Backup API"\nInvoke-RestMethod -Uri "https://backup.corp.local/api/jobs" -Credential $cred -Method Get',
  ],
  [
    'b63-neg-har-sanitized-authorization',
    '"headers": [\n  { "name": "authorization", "value": "[removed by HAR sanitizer]" },\n  { "name": "cookie", "value": "[removed by HAR sanitizer]" },\n  { "name": "accept", "value": "application/json" }\n]',
  ],
  [
    'b63-neg-wget-sha256-verify',
    'wget https://nodejs.org/dist/v20.12.1/node-v20.12.1-linux-x64.tar.xz\necho "{h64}  node-v20.12.1-linux-x64.tar.xz" | sha256sum -c -\nnode-v20.12.1-linux-x64.tar.xz: OK',
  ],
  [
    'b63-neg-fetch-data-url-png',
    'fetch("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")\n  .then((r) => r.blob())\n  .then((b) => console.log(b.size, b.type));',
  ],
  [
    'b63-neg-oauth-state-base64-json',
    "curl -I 'https://auth.atlasledger.com/authorize?response_type=code&client_id=atlas-web&redirect_uri=https%3A%2F%2Fapp.atlasledger.com%2Fcallback&state=eyJyZXR1cm5UbyI6Ii9zZXR0aW5ncy9iaWxsaW5nIiwibGFuZyI6Im5sIn0%3D'\nHTTP/2 302\nlocation: https://auth.atlasledger.com/u/login",
  ],
  [
    'b63-neg-httpie-prompted-password',
    '$ http --auth ci-bot --auth-type basic GET https://registry.lindqvist.se/v2/_catalog\nhttp: password for ci-bot@registry.lindqvist.se:\nHTTP/1.1 200 OK',
  ],
  [
    'b63-neg-diff-npmrc-env-interpolation',
    '--- a/.npmrc\n+++ b/.npmrc\n@@ -1,2 +1,3 @@\n registry=https://registry.npmjs.org/\n+//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n save-exact=true',
  ],
  [
    'b63-neg-diff-actions-secrets-reference',
    '@@ -18,6 +18,8 @@ jobs:\n       - uses: codecov/codecov-action@v4\n         with:\n-          files: coverage.xml\n+          files: coverage.xml\n+          token: ${{ secrets.CODECOV_TOKEN }}',
  ],
  [
    'b63-neg-git-log-commit-metadata',
    'commit {h40}\nMerge: {h7} {h7}\nAuthor: Lena Vogt <lena@ostwind.de>\nDate:   Wed Apr 10 09:12:00 2024 +0200\n\n    Merge pull request #412 from ostwind/fix/retry\n\n    Change-Id: I{h40}\n    Reviewed-on: https://review.ostwind.de/c/api/+/8812\n    Signed-off-by: Lena Vogt <lena@ostwind.de>',
  ],
  [
    'b63-neg-diff-package-lock-integrity',
    '@@ -1201,9 +1201,9 @@\n     "node_modules/undici": {\n-      "version": "6.11.1",\n-      "resolved": "https://registry.npmjs.org/undici/-/undici-6.11.1.tgz",\n-      "integrity": "sha512-{b86}==",\n+      "version": "6.13.0",\n+      "resolved": "https://registry.npmjs.org/undici/-/undici-6.13.0.tgz",\n+      "integrity": "sha512-{b86}==",\n       "engines": {',
  ],
  [
    'b63-neg-diff-yarn-berry-checksum',
    '@@ -412,7 +412,7 @@ __metadata:\n "zod@npm:^3.22.4":\n   version: 3.23.4\n   resolution: "zod@npm:3.23.4"\n-  checksum: 10c0/{h128}\n+  checksum: 10c0/{h128}\n   languageName: node',
  ],
  [
    'b63-neg-diff-go-sum',
    '--- a/go.sum\n+++ b/go.sum\n@@ -40,2 +40,2 @@\n-github.com/jackc/pgx/v5 v5.5.4 h1:{b43}=\n-github.com/jackc/pgx/v5 v5.5.4/go.mod h1:{b43}=\n+github.com/jackc/pgx/v5 v5.5.5 h1:{b43}=\n+github.com/jackc/pgx/v5 v5.5.5/go.mod h1:{b43}=',
  ],
  [
    'b63-neg-merge-conflict-image-pins',
    '  api:\n<<<<<<< HEAD\n    image: ghcr.io/lumen-garden/api@sha256:{h64}\n    replicas: 3\n=======\n    image: ghcr.io/lumen-garden/api@sha256:{h64}\n    replicas: 4\n>>>>>>> release/2.15',
  ],
  [
    'b63-neg-diff-masking-test-expectations',
    "+  it('keeps only the last four characters', () => {\n+    expect(maskKey('sk_live_…9fQa')).toBe('sk_live_****9fQa');\n+    expect(maskKey('ghp_…wxyz')).toBe('ghp_••••••••wxyz');\n+  });",
  ],
  [
    'b63-neg-pr-comment-rotation-note',
    '> **kdubois:** Rotated the Stripe restricted key in 1Password (item "Stripe prod – payouts"); the old key ending in `…4f2a` is revoked. The new one only lives in AWS Secrets Manager under `prod/payouts/stripe`.',
  ],
  [
    'b63-neg-diff-env-example-placeholders',
    '--- /dev/null\n+++ b/.env.example\n@@ -0,0 +1,4 @@\n+# copy to .env and fill in\n+OPENAI_API_KEY=<paste key from platform.openai.com>\n+SENDGRID_API_KEY=\n+DATABASE_URL=postgres://USER:PASSWORD@localhost:5432/app',
  ],
  [
    'b63-neg-diff-cargo-lock-checksum',
    '@@ -88,7 +88,7 @@\n [[package]]\n name = "serde"\n-version = "1.0.197"\n+version = "1.0.198"\n source = "registry+https://github.com/rust-lang/crates.io-index"\n-checksum = "{h64}"\n+checksum = "{h64}"',
  ],
  [
    'b63-neg-diff-dockerfile-base-digest',
    '-FROM node:20-alpine@sha256:{h64} AS build\n+FROM node:20-alpine@sha256:{h64} AS build\n WORKDIR /app',
  ],
  [
    'b63-neg-diff-pgp-public-key',
    '+-----BEGIN PGP PUBLIC KEY BLOCK-----\n+\n+mDMEZh{b58}\n+{b64}\n+{b40}\n+=Xq7f\n+-----END PGP PUBLIC KEY BLOCK-----',
  ],
  [
    'b63-neg-diff-known-hosts',
    '--- a/deploy/known_hosts\n+++ b/deploy/known_hosts\n@@ -1 +1,2 @@\n gitlab.hanze-it.nl ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\n+github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl',
  ],
  [
    'b63-neg-diff-secret-manager-reference',
    '@@ -12,4 +12,6 @@ spec:\n       env:\n+        - name: DB_PASSWORD\n+          valueFrom:\n+            secretKeyRef: { name: pg-app, key: password }',
  ],
  [
    'b63-neg-printenv-benign',
    '$ printenv | sort\nGIT_COMMIT={h40}\nHOME=/home/runner\nHOSTNAME={h12}\nLANG=C.UTF-8\nNODE_OPTIONS=--max-old-space-size=4096\nPATH=/usr/local/bin:/usr/bin:/bin\nRUNNER_TEMP=/home/runner/work/_temp',
  ],
  [
    'b63-neg-kubectl-describe-secret-refs',
    "    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      DB_PASSWORD:             <set to the key 'password' in secret 'pg-app'>  Optional: false\n      STRIPE_KEY:              <set to the key 'stripe-key' in secret 'payments'>  Optional: false\n      POD_IP:                   (v1:status.podIP)",
  ],
  [
    'b63-neg-docker-inspect-ids-password-file',
    '[\n    {\n        "Id": "{h64}",\n        "Image": "sha256:{h64}",\n        "Config": {\n            "Env": [\n                "POSTGRES_PASSWORD_FILE=/run/secrets/pg_password",\n                "PGDATA=/var/lib/postgresql/data"\n            ]\n        }\n    }\n]',
  ],
  [
    'b63-neg-sentry-event-filtered',
    '{\n  "event_id": "{h32}",\n  "release": "api@{h40}",\n  "contexts": { "trace": { "trace_id": "{h32}", "span_id": "{h16}" } },\n  "request": { "headers": { "Authorization": "[Filtered]", "Cookie": "[Filtered]", "User-Agent": "kettle-ios/4.2.0" } }\n}',
  ],
  [
    'b63-neg-python-traceback-masked-locals',
    "Traceback (most recent call last):\n  File \"/srv/app/auth/login.py\", line 41, in login\n    user = authenticate(username=username, password=password)\nauth.errors.InvalidCredentials: bad username or password\n\nLocal variables in login:\n    username = 'r.diaz'\n    password = '********'\n    attempt = 3",
  ],
  [
    'b63-neg-java-system-properties-benign',
    'java.version=21.0.2\njava.vendor=Eclipse Adoptium\nfile.encoding=UTF-8\nuser.timezone=Europe/Amsterdam\njavax.net.ssl.trustStore=/etc/pki/java/cacerts\nsun.java.command=com.acme.ledger.Main --spring.config.location=/etc/ledger/',
  ],
  [
    'b63-neg-core-dump-build-ids',
    "Core was generated by `/usr/local/bin/ingestd --config /etc/ingestd.conf'.\n#0  0x00007f{h10} in __pthread_kill_implementation () from /lib/x86_64-linux-gnu/libc.so.6\n$ eu-unstrip -n --core=core.18822\n0x55d1c3a00000+0x62000 {h40}@0x55d1c3a00368 /usr/local/bin/ingestd\n0x7f3a1c200000+0x1e9000 {h40}@0x7f3a1c200380 /lib/x86_64-linux-gnu/libc.so.6",
  ],
  [
    'b63-neg-node-env-npm-vars',
    "{\n  npm_config_user_agent: 'npm/10.5.0 node/v20.12.1 linux x64 workspaces/false',\n  npm_package_name: 'parcelpal-api',\n  npm_package_version: '3.8.0',\n  npm_config_cache: '/home/app/.npm',\n  INIT_CWD: '/srv/parcelpal-api',\n  NODE_ENV: 'production'\n}",
  ],
  [
    'b63-neg-rollbar-fingerprints',
    '{\n  "data": {\n    "uuid": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "fingerprint": "{h40}",\n    "code_version": "{h40}",\n    "environment": "production",\n    "body": { "message": { "body": "Timeout contacting inventory service" } }\n  }\n}',
  ],
  [
    'b63-neg-gdb-null-password-pointer',
    '(gdb) p *cfg\n$1 = {host = 0x55d1c4f2a310 "mq.internal", port = 5672, user = 0x55d1c4f2a330 "ingest", password = 0x0, vhost = 0x55d1c4f2a370 "/prod"}',
  ],
  [
    'b63-neg-systemd-load-credential',
    '[Service]\nExecStart=/usr/local/bin/api --listen :8080\nLoadCredential=db-password:/etc/credstore/db-password\nEnvironment=DB_PASSWORD_PATH=%d/db-password',
  ],
  [
    'b63-neg-go-panic-goroutine-addresses',
    'panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x6f2a1c]\n\ngoroutine 1 [running]:\nmain.(*Server).Start(0x0)\n\t/src/cmd/shop/server.go:88 +0x1c\nmain.main()\n\t/src/cmd/shop/main.go:42 +0x2d5',
  ],
  [
    'b63-neg-sentry-breadcrumb-public-urls',
    '"data": { "method": "GET", "url": "https://api.github.com/repos/lumen-garden/api/commits/{h40}", "status_code": 200 }',
  ],
  [
    'b63-neg-npmrc-token-from-env',
    '@lumen-garden:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${GITHUB_PACKAGES_TOKEN}\nalways-auth=true',
  ],
  [
    'b63-neg-pypirc-keyring-username-only',
    '[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\n# password comes from the system keyring (keyring set https://upload.pypi.org/legacy/ __token__)',
  ],
  [
    'b63-neg-docker-config-creds-store',
    '{\n\t"auths": {\n\t\t"ghcr.io": {},\n\t\t"https://index.docker.io/v1/": {}\n\t},\n\t"credsStore": "osxkeychain",\n\t"currentContext": "desktop-linux"\n}',
  ],
  [
    'b63-neg-m2-settings-env-references',
    '<server>\n  <id>ossrh</id>\n  <username>${env.OSSRH_USERNAME}</username>\n  <password>${env.OSSRH_PASSWORD}</password>\n</server>',
  ],
  [
    'b63-neg-cargo-credential-provider',
    '# ~/.cargo/config.toml\n[registry]\nglobal-credential-providers = ["cargo:libsecret", "cargo:token"]\n\n[net]\ngit-fetch-with-cli = true',
  ],
  ['b63-neg-gh-hosts-keyring', 'github.com:\n    git_protocol: ssh\n    users:\n        octo-ops:\n    user: octo-ops'],
  [
    'b63-neg-composer-lock-dist-reference',
    '"dist": {\n    "type": "zip",\n    "url": "https://api.github.com/repos/guzzle/guzzle/zipball/{h40}",\n    "reference": "{h40}",\n    "shasum": ""\n},',
  ],
  [
    'b63-neg-nuget-config-env-password',
    '<packageSourceCredentials>\n  <AzureArtifacts>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />\n  </AzureArtifacts>\n</packageSourceCredentials>',
  ],
  [
    'b63-neg-gradle-properties-benign',
    'org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\norg.gradle.caching=true\nandroid.useAndroidX=true\nVERSION_NAME=4.2.0\nGROUP=io.tidepool',
  ],
  [
    'b63-neg-terraform-lock-hashes',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.45.0"\n  constraints = "~> 5.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'b63-neg-package-lock-integrity',
    '"node_modules/@types/node": {\n  "version": "20.12.7",\n  "resolved": "https://registry.npmjs.org/@types/node/-/node-20.12.7.tgz",\n  "integrity": "sha512-{b86}==",\n  "dev": true\n}',
  ],
  [
    'b63-neg-pip-requirements-hashes',
    'requests==2.31.0 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}\nurllib3==2.2.1 \\\n    --hash=sha256:{h64}',
  ],
  [
    'b63-neg-yarnrc-env-token',
    'npmScopes:\n  fortawesome:\n    npmAlwaysAuth: true\n    npmRegistryServer: "https://npm.fontawesome.com/"\n    npmAuthToken: "${FONTAWESOME_NPM_AUTH_TOKEN}"',
  ],
  [
    'b63-neg-netrc-gpg-note',
    '$ ls -l ~/.netrc.gpg\n-rw------- 1 jdoe jdoe 412 Apr  2 10:14 /home/jdoe/.netrc.gpg\n$ git config --global credential.helper "netrc -f ~/.netrc.gpg -v"',
  ],
  [
    'b63-neg-terraformrc-credentials-helper',
    'credentials_helper "keychain" {\n  args = []\n}\nplugin_cache_dir = "$HOME/.terraform.d/plugin-cache"',
  ],
  [
    'b63-neg-google-services-oauth-client-cert-hash',
    '"oauth_client": [\n  {\n    "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n    "client_type": 1,\n    "android_info": {\n      "package_name": "io.tidepool.notes",\n      "certificate_hash": "{h40}"\n    }\n  }\n],',
  ],
  [
    'b63-neg-plist-identifiers-only',
    '\t<key>GCM_SENDER_ID</key>\n\t<string>{d12}</string>\n\t<key>BUNDLE_ID</key>\n\t<string>io.tidepool.notes</string>\n\t<key>GOOGLE_APP_ID</key>\n\t<string>1:{d12}:ios:{h16}</string>\n\t<key>IS_ANALYTICS_ENABLED</key>\n\t<false/>',
  ],
  [
    'b63-neg-xcconfig-build-settings',
    'MARKETING_VERSION = 4.2.0\nCURRENT_PROJECT_VERSION = 418\nDEVELOPMENT_TEAM = 8Q3ZT5R7LM\nPRODUCT_BUNDLE_IDENTIFIER = io.tidepool.notes\nCODE_SIGN_STYLE = Automatic\n#include? "Secrets.xcconfig"',
  ],
  [
    'b63-neg-local-properties-sdk-paths',
    'sdk.dir=/Users/mkim/Library/Android/sdk\nflutter.sdk=/Users/mkim/dev/flutter\nflutter.buildMode=release\nflutter.versionName=4.2.0\nflutter.versionCode=418',
  ],
  [
    'b63-neg-flutter-dart-define-env-refs',
    'flutter build ipa --release \\\n  --dart-define=ENV=prod \\\n  --dart-define=API_BASE=https://api.tidepool.io \\\n  --dart-define=SENTRY_DSN="$SENTRY_DSN" \\\n  --dart-define=MAPS_KEY="$MAPS_KEY"',
  ],
  [
    'b63-neg-electron-env-public-keys',
    '# .env.production — only public, client-side values here\nVITE_API_URL=https://api.corvid.app\nVITE_PUBLIC_POSTHOG_KEY=phc_{a43}\nVITE_STRIPE_PUBLISHABLE_KEY=pk_live_51{a97}',
  ],
  [
    'b63-neg-app-config-expo-ids',
    "export default {\n  name: 'Parcelpal',\n  runtimeVersion: { policy: 'appVersion' },\n  updates: { url: 'https://u.expo.dev/{h8}-{h4}-{h4}-{h4}-{h12}' },\n  extra: { eas: { projectId: '{h8}-{h4}-{h4}-{h4}-{h12}' } },\n};",
  ],
  [
    'b63-neg-android-manifest-placeholder',
    '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="${MAPS_API_KEY}" />\n<meta-data\n    android:name="io.sentry.dsn"\n    android:value="@string/sentry_dsn" />',
  ],
  [
    'b63-neg-ios-entitlements',
    '<dict>\n\t<key>com.apple.developer.associated-domains</key>\n\t<array><string>applinks:tidepool.io</string></array>\n\t<key>com.apple.security.application-groups</key>\n\t<array><string>group.io.tidepool.notes</string></array>\n\t<key>keychain-access-groups</key>\n\t<array><string>$(AppIdentifierPrefix)io.tidepool.notes</string></array>\n</dict>',
  ],
  [
    'b63-neg-keytool-cert-fingerprints',
    '$ keytool -list -v -keystore release.jks -alias release\nAlias name: release\nCertificate fingerprints:\n\t SHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n\t SHA256: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nSignature algorithm name: SHA256withRSA',
  ],
  [
    'b63-neg-electron-builder-publish-config',
    'publish:\n  - provider: github\n    owner: corvid-app\n    repo: desktop-releases\n    releaseType: release\n# GH_TOKEN is injected by the CI runner, never stored here',
  ],
  [
    'b63-neg-revenuecat-public-sdk-keys',
    "// RevenueCat public SDK keys (safe to ship in the app bundle)\nPurchases.configure(\n  Platform.OS === 'ios' ? { apiKey: 'appl_{a27}' } : { apiKey: 'goog_{a27}' },\n);",
  ],
  [
    'b63-neg-app-store-connect-ids',
    'APP_STORE_CONNECT_KEY_ID=8Q3ZT5R7LM\nAPP_STORE_CONNECT_ISSUER_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAPP_STORE_CONNECT_KEY_PATH=./keys/AuthKey_8Q3ZT5R7LM.p8',
  ],
  [
    'b63-neg-package-json-base64-manifest',
    "// embedded build manifest (base64 of package.json subset)\nexport const MANIFEST = 'eyJuYW1lIjoidGlkZXBvb2wtbm90ZXMiLCJ2ZXJzaW9uIjoiNC4yLjAiLCJwcml2YXRlIjp0cnVlfQ==';",
  ],
  [
    'b63-neg-tauri-updater-public-key',
    '"plugins": {\n  "updater": {\n    "endpoints": ["https://releases.corvid.app/{{target}}/{{arch}}/{{current_version}}"],\n    "pubkey": "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk6I{b80}"\n  }\n}',
  ],
  [
    'b63-neg-android-build-ids',
    '> Task :app:bundleRelease\nBUILD SUCCESSFUL in 3m 12s\nBuild scan: https://gradle.com/s/{l13}\nBundle: app/build/outputs/bundle/release/app-release.aab (sha256 {h64})',
  ],
];
