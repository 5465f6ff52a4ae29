/** A fifty-first held-out batch, written blind: credentials inside tool output and traffic dumps pasted while debugging (curl -v, raw HTTP and HAR, proxy captures, access and application logs, stack traces, kubectl/docker/env dumps, git/aws/gcloud/vault/npm/pip CLI output, Postman/Insomnia exports, GraphQL and websocket frames, SMTP/IMAP/FTP transcripts, redis MONITOR, SQL logs) beside masked, placeholder and id-only look-alikes of the same outputs: every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND51_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'curl-verbose-bearer-ghp-with-github-request-id',
    '$ curl -v https://api.github.com/user\n*   Trying 140.82.121.6:443...\n* Connected to api.github.com (140.82.121.6) port 443\n> GET /user HTTP/2\n> Host: api.github.com\n> User-Agent: curl/8.5.0\n> Accept: */*\n> Authorization: Bearer «ghp_{a36}»\n>\n< HTTP/2 401\n< x-github-request-id: {H4}:{H5}:{H7}:{H7}:{H8}',
  ],
  [
    'curl-verbose-basic-admin-elasticsearch-cluster-health',
    "$ curl -v -u admin https://es-prod-01.internal:9200/_cluster/health\nEnter host password for user 'admin':\n> GET /_cluster/health HTTP/1.1\n> Host: es-prod-01.internal:9200\n> Authorization: Basic «YWRtaW46{b24}»\n> User-Agent: curl/7.88.1\n< HTTP/1.1 200 OK\n< X-elastic-product: Elasticsearch",
  ],
  [
    'curl-verbose-drf-token-header-django-api',
    '> GET /api/v1/invoices/?page=3 HTTP/1.1\n> Host: billing.acme.io\n> User-Agent: curl/8.4.0\n> Accept: application/json\n> Authorization: Token «{h40}»\n>\n< HTTP/1.1 200 OK\n< Vary: Accept, Cookie\n< Allow: GET, POST, HEAD, OPTIONS',
  ],
  [
    'curl-verbose-elastic-apikey-scheme-bulk',
    '> POST /_bulk HTTP/1.1\n> Host: logs-7f2a.es.eu-west-1.aws.found.io\n> Authorization: ApiKey «{b59}=»\n> Content-Type: application/x-ndjson\n> Content-Length: 18231\n>\n< HTTP/1.1 200 OK\n< X-Found-Handling-Cluster: {h32}',
  ],
  [
    'curl-verbose-digest-user-pass-flag-camera',
    '$ curl -v --digest -u admin:«{a14}» http://10.20.0.41/ISAPI/System/deviceInfo\n> GET /ISAPI/System/deviceInfo HTTP/1.1\n< HTTP/1.1 401 Unauthorized\n< WWW-Authenticate: Digest qop="auth", realm="IP Camera(C6241)", nonce="{h32}", stale="FALSE"\n> GET /ISAPI/System/deviceInfo HTTP/1.1\n> Authorization: Digest username="admin", realm="IP Camera(C6241)", nonce="{h32}", uri="/ISAPI/System/deviceInfo", cnonce="{h32}", nc=00000001, qop=auth, response="{h32}"\n< HTTP/1.1 200 OK',
  ],
  [
    'curl-verbose-django-sessionid-cookie-beside-theme',
    '> GET /admin/orders/order/ HTTP/1.1\n> Host: ops.acme.io\n> Cookie: django_language=en; theme=dark; sessionid=«{l32}»\n> Accept: text/html\n< HTTP/1.1 200 OK\n< X-Frame-Options: DENY',
  ],
  [
    'curl-verbose-ftp-pass-line',
    '$ curl -v -T build.zip ftp://ftp.partner-cdn.net/incoming/ --user acme_upload:«{a16}»\n* Connected to ftp.partner-cdn.net (203.0.113.40) port 21\n< 220 ProFTPD Server ready.\n> USER acme_upload\n< 331 Password required for acme_upload\n> PASS «{a16}»\n< 230 User acme_upload logged in\n> PWD',
  ],
  [
    'curl-verbose-smtp-auth-plain-blob',
    '$ curl -v --ssl-reqd smtp://smtp.acme.io:587 --mail-from ci@acme.io --mail-rcpt ops@acme.io -T mail.txt -u ci@acme.io:«{a18}»\n< 250-AUTH PLAIN LOGIN\n> AUTH PLAIN «AGNpQGFjbWUuaW8A{b24}»\n< 235 2.7.0 Authentication successful\n> MAIL FROM:<ci@acme.io>',
  ],
  [
    'curl-verbose-stripe-user-flag-and-basic-header',
    '$ curl -v https://api.stripe.com/v1/balance -u «sk_live_{a24}»:\n> GET /v1/balance HTTP/2\n> Host: api.stripe.com\n> Authorization: Basic «c2tfbGl2ZV8{b32}Og==»\n> User-Agent: curl/8.1.2\n< HTTP/2 200\n< request-id: req_{a14}',
  ],
  [
    'curl-verbose-next-auth-set-cookie-jwe',
    '< HTTP/2 302\n< location: /dashboard\n< set-cookie: __Secure-next-auth.session-token=«eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..{B22}.{B180}.{B22}»; Path=/; Expires=Fri, 05 Jul 2024 10:12:44 GMT; HttpOnly; Secure; SameSite=Lax\n< set-cookie: __Host-next-auth.csrf-token-hint=; Path=/; Max-Age=0\n< x-vercel-id: fra1::iad1::{l5}-{d13}-{h12}',
  ],
  [
    'curl-verbose-gitlab-private-token-header',
    '> GET /api/v4/projects/4411/pipelines?status=failed HTTP/2\n> Host: gitlab.acme.io\n> user-agent: curl/8.5.0\n> accept: */*\n> private-token: «glpat-{B20}»\n>\n< HTTP/2 200\n< x-request-id: {l26}\n< x-gitlab-meta: {"correlation_id":"{l26}","version":"1"}',
  ],
  [
    'curl-verbose-x-vault-token-kv-read',
    '> GET /v1/secret/data/payments HTTP/1.1\n> Host: vault.service.consul:8200\n> X-Vault-Token: «hvs.{a24}»\n> Accept: */*\n>\n< HTTP/1.1 403 Forbidden\n< Cache-Control: no-store\n{"errors":["1 error occurred:\\n\\t* permission denied\\n\\n"]}',
  ],
  [
    'curl-verbose-openstack-fernet-auth-token',
    '> GET /v2.1/servers/detail HTTP/1.1\n> Host: compute.dc1.cloud.acme.net:8774\n> X-Auth-Token: «gAAAAAB{B175}»\n> X-OpenStack-Nova-API-Version: 2.79\n< HTTP/1.1 200 OK\n< x-openstack-request-id: req-{h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'curl-verbose-okta-ssws-scheme',
    '> GET /api/v1/users?limit=200 HTTP/1.1\n> Host: acme.okta.com\n> Accept: application/json\n> Authorization: SSWS «00{B40}»\n>\n< HTTP/1.1 200 OK\n< x-rate-limit-remaining: 598\n< x-okta-request-id: {B27}',
  ],
  [
    'curl-verbose-datadog-api-and-app-key-headers',
    '> GET /api/v1/monitor?group_states=alert HTTP/2\n> Host: api.datadoghq.eu\n> dd-api-key: «{h32}»\n> dd-application-key: «{h40}»\n> accept: application/json\n< HTTP/2 200\n< x-ratelimit-remaining: 2999',
  ],
  [
    'curl-verbose-slack-bot-bearer-chat-post',
    '> POST /api/chat.postMessage HTTP/2\n> Host: slack.com\n> Authorization: Bearer «xoxb-{d12}-{d13}-{a24}»\n> Content-Type: application/json; charset=utf-8\n> Content-Length: 74\n>\n< HTTP/2 200\n< x-slack-req-id: {h32}\n{"ok":false,"error":"not_in_channel"}',
  ],
  [
    'curl-verbose-anthropic-x-api-key-messages',
    '> POST /v1/messages HTTP/2\n> Host: api.anthropic.com\n> x-api-key: «sk-ant-api03-{B93}AA»\n> anthropic-version: 2023-06-01\n> content-type: application/json\n>\n< HTTP/2 529\n< request-id: req_{a24}',
  ],
  [
    'curl-verbose-klaviyo-private-key-scheme',
    '> GET /api/profiles/?page[size]=100 HTTP/2\n> Host: a.klaviyo.com\n> authorization: Klaviyo-API-Key «pk_{h34}»\n> revision: 2024-05-15\n> accept: application/json\n< HTTP/2 200',
  ],
  [
    'curl-verbose-discord-bot-scheme',
    '> GET /api/v10/users/@me HTTP/2\n> Host: discord.com\n> Authorization: Bot «MT{a24}.{B6}.{B38}»\n> User-Agent: DiscordBot (https://github.com/acme/relay, 0.4.1)\n< HTTP/2 200\n< x-ratelimit-bucket: {h32}',
  ],
  [
    'curl-trace-ascii-bearer-in-hexdump-lines',
    '=> Send header, 214 bytes (0xd6)\n0000: POST /v2/deployments HTTP/1.1\n001f: Host: api.render.com\n0035: User-Agent: curl/8.5.0\n004d: Accept: application/json\n0067: Authorization: Bearer «rnd_{a32}»\n00a6: Content-Type: application/json',
  ],
  [
    'curl-verbose-proxy-authorization-basic',
    "* Uses proxy env variable HTTPS_PROXY == 'http://proxy.corp.acme.net:3128'\n* Establish HTTP proxy tunnel to registry.npmjs.org:443\n> CONNECT registry.npmjs.org:443 HTTP/1.1\n> Host: registry.npmjs.org:443\n> Proxy-Authorization: Basic «YnVpbGQ6{b20}»\n> User-Agent: curl/7.81.0\n< HTTP/1.1 200 Connection established",
  ],
  [
    'curl-verbose-graph-api-access-token-query',
    '> GET /v19.0/me/accounts?fields=id,name,access_token&access_token=«EAAG{a180}» HTTP/2\n> Host: graph.facebook.com\n> user-agent: curl/8.5.0\n< HTTP/2 400\n< x-fb-trace-id: {a11}\n< x-fb-request-id: {a23}',
  ],
  [
    'wget-debug-request-begin-basic',
    '---request begin---\nGET /repository/raw-releases/agent/1.9.2/agent.tar.gz HTTP/1.1\nHost: nexus.acme.io\nUser-Agent: Wget/1.21.2\nAccept: */*\nAuthorization: Basic «ZGVwbG95ZXI6{b24}»\nConnection: Keep-Alive\n---request end---',
  ],
  [
    'httpie-verbose-bearer-linear-graphql',
    "$ http -v POST https://api.linear.app/graphql Authorization:«lin_api_{a40}» query='{ viewer { id } }'\nPOST /graphql HTTP/1.1\nAccept: application/json, */*;q=0.5\nAuthorization: «lin_api_{a40}»\nContent-Type: application/json\nHost: api.linear.app\nUser-Agent: HTTPie/3.2.2",
  ],
  [
    'curl-verbose-x-shopify-access-token',
    '> POST /admin/api/2024-04/graphql.json HTTP/2\n> Host: acme-outlet.myshopify.com\n> X-Shopify-Access-Token: «shpat_{h32}»\n> Content-Type: application/json\n< HTTP/2 200\n< x-request-id: {h8}-{h4}-4{h3}-8{h3}-{h12}\n< x-shopify-shop-api-call-limit: 1/40',
  ],
  [
    'curl-verbose-postmark-uuid-server-token',
    '> POST /email HTTP/1.1\n> Host: api.postmarkapp.com\n> Accept: application/json\n> Content-Type: application/json\n> X-Postmark-Server-Token: «{h8}-{h4}-4{h3}-9{h3}-{h12}»\n< HTTP/1.1 422 Unprocessable Entity\n{"ErrorCode":300,"Message":"Invalid \'From\' address: \'noreply@acme\'."}',
  ],
  [
    'curl-verbose-cloudflare-global-key-and-email',
    '> GET /client/v4/zones?name=acme.io HTTP/2\n> Host: api.cloudflare.com\n> X-Auth-Email: ops@acme.io\n> X-Auth-Key: «{h37}»\n> Content-Type: application/json\n< HTTP/2 200\n< cf-ray: {h16}-FRA',
  ],
  [
    'curl-verbose-pagerduty-token-token-scheme',
    '> GET /incidents?statuses[]=triggered HTTP/2\n> Host: api.pagerduty.com\n> Accept: application/vnd.pagerduty+json;version=2\n> Authorization: Token token=«u+{a18}»\n< HTTP/2 200\n< x-request-id: {l20}',
  ],
  [
    'curl-verbose-splunk-hec-scheme',
    '> POST /services/collector/event HTTP/1.1\n> Host: hec.splunk.acme.io:8088\n> Authorization: Splunk «{h8}-{h4}-4{h3}-b{h3}-{h12}»\n> Content-Length: 212\n< HTTP/1.1 200 OK\n{"text":"Success","code":0}',
  ],
  [
    'curl-verbose-opsgenie-geniekey',
    '> POST /v2/alerts HTTP/2\n> Host: api.eu.opsgenie.com\n> Authorization: GenieKey «{h8}-{h4}-4{h3}-a{h3}-{h12}»\n> Content-Type: application/json\n< HTTP/2 202\n{"result":"Request will be processed","took":0.012,"requestId":"{h8}-{h4}-4{h3}-8{h3}-{h12}"}',
  ],
  [
    'raw-http-request-dump-jwt-bearer-orders',
    'POST /internal/orders/recalculate HTTP/1.1\nHost: orders.svc.cluster.local:8080\nAuthorization: Bearer «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IntoMXMifQ.eyJ{B140}.{B342}»\nContent-Type: application/json\nX-Request-ID: {h8}-{h4}-4{h3}-a{h3}-{h12}\nContent-Length: 41\n\n{"orderIds":[88123,88124],"force":true}',
  ],
  [
    'raw-http-response-oauth-token-pair',
    'HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\nCache-Control: no-store\nPragma: no-cache\n\n{"access_token":"«{B43}»","token_type":"Bearer","expires_in":3600,"refresh_token":"«{B64}»","scope":"orders:read orders:write"}',
  ],
  [
    'raw-http-response-dynamic-client-registration-secret',
    'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\n  "client_id": "{l20}",\n  "client_secret": "«{B48}»",\n  "client_id_issued_at": 1717496000,\n  "client_secret_expires_at": 0,\n  "redirect_uris": ["https://tools.acme.io/callback"]\n}',
  ],
  [
    'python-http-client-debuglevel-send-bytes',
    "send: b'POST /v1/embeddings HTTP/1.1\\r\\nHost: api.openai.com\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAccept-Encoding: gzip, deflate\\r\\nAccept: */*\\r\\nConnection: keep-alive\\r\\nAuthorization: Bearer «sk-proj-{B74}T3BlbkFJ{B74}»\\r\\nContent-Length: 71\\r\\nContent-Type: application/json\\r\\n\\r\\n'\nreply: 'HTTP/1.1 429 Too Many Requests\\r\\n'\nheader: x-request-id: req_{h32}",
  ],
  [
    'okhttp-logging-interceptor-body-level',
    'I/okhttp.OkHttpClient: --> GET https://api.acme-fleet.io/v2/vehicles?active=true\nI/okhttp.OkHttpClient: Authorization: Bearer «{a64}»\nI/okhttp.OkHttpClient: X-App-Version: 5.12.0 (5120)\nI/okhttp.OkHttpClient: --> END GET\nI/okhttp.OkHttpClient: <-- 200 https://api.acme-fleet.io/v2/vehicles?active=true (231ms)\nI/okhttp.OkHttpClient: etag: W/"{h32}"',
  ],
  [
    'go-httputil-dumprequestout-basic-registry',
    '2024/06/04 10:21:07 request dump:\nGET /v2/platform/ingest/manifests/1.14.0 HTTP/1.1\nHost: registry.acme.io\nUser-Agent: Go-http-client/1.1\nAccept: application/vnd.oci.image.manifest.v1+json\nAuthorization: Basic «cmVnaXN0cnk6{b28}»\nAccept-Encoding: gzip',
  ],
  [
    'axios-error-dump-config-headers-bearer',
    "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)\n  config: {\n    method: 'post',\n    url: 'https://api.hubapi.com/crm/v3/objects/contacts/batch/upsert',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      'Content-Type': 'application/json',\n      Authorization: 'Bearer «pat-eu1-{h8}-{h4}-4{h3}-a{h3}-{h12}»',",
  ],
  [
    'ruby-faraday-logger-token-token-header',
    'I, [2024-06-04T10:12:44.118 #4120]  INFO -- request: GET https://api.zendesk.com/api/v2/tickets.json?status=open\nI, [2024-06-04T10:12:44.118 #4120]  INFO -- request: Authorization: "Basic «c3VwcG9ydEBhY21lLmlvL3Rva2Vu{b40}»"\nUser-Agent: "Faraday v2.9.0"\nI, [2024-06-04T10:12:44.519 #4120]  INFO -- response: Status 200\nI, [2024-06-04T10:12:44.519 #4120]  INFO -- response: x-zendesk-api-version: "v2"',
  ],
  [
    'guzzle-debug-stream-x-api-key',
    '* Connected to api.mailjet.com (104.199.103.204) port 443 (#0)\n> POST /v3.1/send HTTP/1.1\nHost: api.mailjet.com\nAuthorization: Basic «{b60}»\nUser-Agent: GuzzleHttp/7\nContent-Type: application/json\n< HTTP/1.1 401 Unauthorized',
  ],
  [
    'spring-resttemplate-debug-headers-list',
    '2024-06-04 10:12:44.118 DEBUG 1 --- [nio-8080-exec-3] o.s.web.client.RestTemplate : HTTP POST https://api.acme-payments.eu/v1/payouts\n2024-06-04 10:12:44.119 DEBUG 1 --- [nio-8080-exec-3] o.s.web.client.RestTemplate : Accept=[application/json, application/*+json]\n2024-06-04 10:12:44.119 DEBUG 1 --- [nio-8080-exec-3] o.a.http.headers : http-outgoing-4 >> X-Api-Key: «{a48}»\n2024-06-04 10:12:44.119 DEBUG 1 --- [nio-8080-exec-3] o.a.http.headers : http-outgoing-4 >> Idempotency-Key: {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'dotnet-httpclient-logging-request-headers',
    'info: System.Net.Http.HttpClient.Graph.LogicalHandler[100]\n      Start processing HTTP request GET https://graph.microsoft.com/v1.0/users?$top=50\ntrce: System.Net.Http.HttpClient.Graph.ClientHandler[102]\n      Request Headers:\n      Authorization: Bearer «eyJ0eXAiOiJKV1QiLCJub25jZSI6{B40}.eyJ{B300}.{B342}»\n      SdkVersion: Graph-dotnet-5.56.0',
  ],
  [
    'node-debug-http-outgoing-headers-object',
    "HTTP 48213: call onSocket 0 0\nHTTP 48213: outgoing message end.\n{ 'content-type': 'application/json',\n  'user-agent': 'acme-sync/2.3.1 node/20.12.2',\n  authorization: 'Bearer «dop_v1_{h64}»',\n  host: 'api.digitalocean.com' }",
  ],
  [
    'har-excerpt-request-header-authorization-bearer',
    '"request": {\n  "method": "GET",\n  "url": "https://app.acme.io/api/v2/workspaces/4411/members",\n  "httpVersion": "http/2.0",\n  "headers": [\n    { "name": ":authority", "value": "app.acme.io" },\n    { "name": "authorization", "value": "Bearer «{a40}»" },\n    { "name": "x-client-version", "value": "2024.06.03-{h7}" }\n  ],',
  ],
  [
    'har-excerpt-cookies-array-session-value',
    '"cookies": [\n  { "name": "ajs_anonymous_id", "value": "{h8}-{h4}-4{h3}-a{h3}-{h12}", "httpOnly": false },\n  { "name": "_app_session", "value": "«{b120}--{h40}»", "httpOnly": true, "secure": true },\n  { "name": "locale", "value": "en-GB", "httpOnly": false }\n],',
  ],
  [
    'har-excerpt-querystring-token-entry',
    '"queryString": [\n  { "name": "format", "value": "json" },\n  { "name": "token", "value": "«{h40}»" },\n  { "name": "since", "value": "2024-06-01T00:00:00Z" }\n],\n"headersSize": -1,',
  ],
  [
    'har-excerpt-postdata-password-grant',
    '"postData": {\n  "mimeType": "application/x-www-form-urlencoded",\n  "text": "grant_type=password&client_id=ops-console&username=m.keller%40acme.io&password=«{a20}»&scope=openid"\n},',
  ],
  [
    'har-excerpt-response-content-access-token',
    '"response": {\n  "status": 200,\n  "content": {\n    "mimeType": "application/json",\n    "text": "{\\"token_type\\":\\"Bearer\\",\\"access_token\\":\\"«{a48}»\\",\\"expires_in\\":7200,\\"created_at\\":1717496000}"\n  },',
  ],
  [
    'har-excerpt-url-with-api-key-param',
    '{\n  "startedDateTime": "2024-06-04T10:12:44.118Z",\n  "time": 184.2,\n  "request": {\n    "method": "GET",\n    "url": "https://api.openweathermap.org/data/3.0/onecall?lat=48.14&lon=11.58&units=metric&appid=«{h32}»",',
  ],
  [
    'mitmdump-flow-detail-bearer-and-path',
    '$ mitmdump --flow-detail 2\n127.0.0.1:51844: GET https://api.notion.com/v1/databases/{h32}/query HTTP/1.1\n    Host: api.notion.com\n    Authorization: Bearer «ntn_{d11}{a35}»\n    Notion-Version: 2022-06-28\n << 200 OK 14.2k',
  ],
  [
    'charles-raw-request-x-api-token',
    'POST /v1/shipments/rates HTTP/1.1\nHost: api.easypost.com\nAuthorization: Basic «{b52}Og==»\nContent-Type: application/json\nAccept: */*\nAccept-Language: en-GB,en;q=0.9\nUser-Agent: AcmeShip/3.4 CFNetwork/1494.0.7 Darwin/23.4.0',
  ],
  [
    'fiddler-raw-request-cookie-aspnet-auth',
    'GET https://intranet.acme-corp.local/hr/Payroll/Export?month=2024-05 HTTP/1.1\nHost: intranet.acme-corp.local\nCookie: ASP.NET_SessionId=«{l24}»; .AspNetCore.Cookies=«CfDJ8{B300}»; lang=de-DE\nAccept: text/html,application/xhtml+xml\nUser-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/125.0.0.0 Safari/537.36',
  ],
  [
    'burp-repeater-request-x-hasura-admin-secret',
    'POST /v1/graphql HTTP/2\nHost: hasura.staging.acme.io\nX-Hasura-Admin-Secret: «{a32}»\nContent-Type: application/json\nContent-Length: 62\n\n{"query":"query { users(limit: 5) { id email created_at } }"}',
  ],
  [
    'wireshark-follow-http-stream-plain-basic',
    'GET /api/v2/status HTTP/1.1\nHost: 192.168.10.5:8081\nAuthorization: Basic «bmV4dXM6{b16}»\nUser-Agent: Prometheus/2.51.1\n\nHTTP/1.1 200 OK\nContent-Type: application/json',
  ],
  [
    'tcpdump-ascii-payload-x-api-key',
    '10:12:44.118840 IP 10.0.3.7.51844 > 10.0.8.21.8080: Flags [P.], seq 1:247, ack 1, win 502, length 246: HTTP: GET /metrics/export HTTP/1.1\nE..*..@.@...\n........P.....GET /metrics/export HTTP/1.1\nHost: 10.0.8.21:8080\nX-API-Key: «{a32}»\nAccept: */*',
  ],
  [
    'nginx-access-log-token-query-param',
    '10.0.4.12 - - [04/Jun/2024:10:12:44 +0000] "GET /api/export.csv?report=weekly&token=«{a32}» HTTP/1.1" 200 48213 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)" rt=0.412 uct=0.001\n10.0.4.12 - - [04/Jun/2024:10:12:45 +0000] "GET /favicon.ico HTTP/1.1" 404 153 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)" rt=0.000 uct=-',
  ],
  [
    'envoy-json-access-log-path-access-token',
    '{"start_time":"2024-06-04T10:12:44.118Z","method":"GET","path":"/v1/stream?channel=ops&access_token=«{B43}»","protocol":"HTTP/1.1","response_code":101,"bytes_received":0,"upstream_host":"10.0.9.14:4000","x_request_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","duration":58213}',
  ],
  [
    'alb-access-log-request-url-api-key',
    'h2 2024-06-04T10:12:44.118840Z app/prod-public/{h16} 203.0.113.77:51844 10.0.12.40:8080 0.001 0.214 0.000 200 200 391 5123 "GET https://api.acme.io:443/v1/quotes?symbol=ACME&apikey=«{u16}» HTTP/2.0" "python-requests/2.32.3" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:eu-west-1:123456789012:targetgroup/quotes/{h16} "Root=1-{h8}-{h24}"',
  ],
  [
    'apache-combined-log-plex-token',
    '192.168.1.20 - - [04/Jun/2024:21:04:11 +0200] "GET /library/sections/2/all?X-Plex-Token=«{a20}»&sort=addedAt:desc HTTP/1.1" 200 91822 "-" "PlexMediaPlayer/2.58"',
  ],
  [
    'haproxy-log-url-sonarr-apikey',
    'Jun  4 10:12:44 lb01 haproxy[1412]: 192.168.1.50:51844 [04/Jun/2024:10:12:44.118] https~ sonarr/media01 0/0/1/14/15 200 1823 - - ---- 3/3/0/0/0 0/0 "GET /api/v3/calendar?start=2024-06-01&apikey=«{h32}» HTTP/1.1"',
  ],
  [
    'traefik-json-log-request-path-sig',
    '{"ClientHost":"10.0.1.15","DownstreamStatus":200,"Duration":41822150,"RequestHost":"acmefiles.blob.core.windows.net","RequestMethod":"GET","RequestPath":"/exports/2024-06.parquet?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-07-01T00:00:00Z&spr=https&sig=«{a43}%3D»","RouterName":"blob-proxy@file"}',
  ],
  [
    'iis-w3c-log-cs-uri-query-password',
    '#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status time-taken\n2024-06-04 10:12:44 10.1.0.4 GET /legacy/SyncService.asmx/Pull user=erp_sync&password=«{a16}»&since=20240601 443 - 10.1.0.90 Java/1.8.0_402 200 812',
  ],
  [
    'cloudfront-log-cs-uri-query-key',
    '2024-06-04\t10:12:44\tFRA56-P3\t5123\t203.0.113.77\tGET\td1a2b3c4e5f6g7.cloudfront.net\t/v2/tiles/12/2170/1418.pbf\t200\t-\tMozilla/5.0\taccess_token=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B14}In0.{B22}»\t-\tHit\t{B56}==\ttiles.acme.io\thttps\t431\t0.002',
  ],
  [
    'gcp-lb-log-request-url-key',
    'httpRequest: {\n  requestMethod: "POST"\n  requestUrl: "https://ingest.acme.io/v1/events?write_key=«{a32}»&batch=1"\n  status: 204\n  remoteIp: "203.0.113.19"\n  latency: "0.021s"\n}\ntrace: "projects/acme-prod/traces/{h32}"',
  ],
  [
    'kong-log-plugin-request-headers-apikey',
    '{"request":{"method":"GET","uri":"/billing/v1/invoices","headers":{"host":"gw.acme.io","apikey":"«{a32}»","user-agent":"curl/8.5.0","x-consumer-username":"partner-nordics"}},"response":{"status":200},"latencies":{"kong":2,"proxy":41}}',
  ],
  [
    'caddy-log-jupyter-token-uri',
    '{"level":"info","ts":1717496000.118,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"10.0.0.7","method":"GET","host":"nb.acme.io","uri":"/lab?token=«{h48}»","proto":"HTTP/2.0"},"status":200,"size":18233}',
  ],
  [
    'python-logging-settings-dict-database-url',
    "DEBUG:app.config:loaded settings={'ENV': 'staging', 'DATABASE_URL': 'postgresql://app_rw:«{a22}»@pg-staging.internal:5432/app', 'CACHE_TTL': 300, 'FEATURE_FLAGS': ['new-checkout']}",
  ],
  [
    'node-console-log-config-object-nested-secrets',
    "config loaded {\n  env: 'production',\n  db: { host: 'db.prod.internal', port: 5432, user: 'api', password: '«{a24}»' },\n  stripe: { secretKey: '«sk_live_51{a96}»', apiVersion: '2024-04-10' },\n  log: { level: 'info' }\n}",
  ],
  [
    'zap-json-log-dsn-field',
    '{"level":"info","ts":"2024-06-04T10:12:44.118Z","caller":"store/pg.go:41","msg":"connecting to database","dsn":"host=10.0.7.3 port=5432 user=ledger password=«{a20}» dbname=ledger sslmode=require","max_conns":20}',
  ],
  [
    'kombu-connection-error-amqp-url',
    '[2024-06-04 10:12:44,118: ERROR/MainProcess] consumer: Cannot connect to amqp://celery:«{a20}»@rabbitmq.prod.internal:5672/orders: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)',
  ],
  [
    'dotnet-exception-sqlclient-connection-string-in-message',
    "Unhandled exception. System.ArgumentException: Keyword not supported: 'trustservercert'.\n   at Microsoft.Data.Common.DbConnectionOptions.ParseInternal(...)\nConnection string: Server=tcp:acme-sql-prod.database.windows.net,1433;Initial Catalog=Orders;User ID=orders_app;Password=«{a20}»;TrustServerCert=True;",
  ],
  [
    'log4j-startup-jdbc-url-with-password-param',
    '2024-06-04 10:12:44,118 INFO  [main] c.a.ledger.Db - Opening pool ledger-pool url=jdbc:mysql://mysql-prod.internal:3306/ledger?user=ledger&password=«{a18}»&useSSL=true&serverTimezone=UTC\n2024-06-04 10:12:44,402 INFO  [main] c.z.h.HikariDataSource - ledger-pool - Start completed.',
  ],
  [
    'airflow-connection-uri-in-task-log',
    "[2024-06-04, 10:12:44 UTC] {base.py:84} INFO - Using connection ID 'warehouse_snowflake' for task execution.\n[2024-06-04, 10:12:44 UTC] {logging_mixin.py:188} INFO - conn uri: snowflake://etl_user:«{a22}»@/ANALYTICS/PUBLIC?account=acme-eu1&warehouse=ETL_WH&role=TRANSFORMER",
  ],
  [
    'prisma-debug-datasource-url-printed',
    '  prisma:engine Starting query engine with options {"datamodel_path":"prisma/schema.prisma","datasource_overrides":{"db":"postgresql://postgres.{l20}:«{a24}»@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?pgbouncer=true"}} +0ms',
  ],
  [
    'sqlalchemy-argumenterror-raw-url-string',
    'Traceback (most recent call last):\n  File "/srv/app/db.py", line 12, in <module>\n    engine = create_engine(os.environ["DATABASE_URL"])\nsqlalchemy.exc.ArgumentError: Could not parse SQLAlchemy URL from string \'postgress://reporting:«{a20}»@10.0.7.3:5432/reporting\'',
  ],
  [
    'java-sqlexception-no-suitable-driver-url',
    'java.sql.SQLException: No suitable driver found for jdbc:sqlserver://10.2.0.15:1433;databaseName=crm;user=crm_sync;password=«{a16}»;encrypt=false\n\tat java.sql/java.sql.DriverManager.getConnection(DriverManager.java:708)\n\tat java.sql/java.sql.DriverManager.getConnection(DriverManager.java:253)\n\tat com.acme.crm.sync.Main.main(Main.java:31)',
  ],
  [
    'mongo-parse-error-invalid-connection-string',
    "MongoParseError: Password contains unescaped characters\n    at new ConnectionString (/app/node_modules/mongodb-connection-string-url/lib/index.js:86:19)\n  uri: 'mongodb+srv://analytics:«{a14}@{a6}»@cluster0.{l5}.mongodb.net/events'",
  ],
  [
    'go-url-parse-error-redis-url',
    'panic: parse "redis://:«{a28}»@cache-prod.internal:6379x/0": invalid port ":6379x" after host\n\ngoroutine 1 [running]:\nmain.mustRedis(...)\n\t/src/cmd/worker/main.go:57 +0x1a5',
  ],
  [
    'ruby-invalid-uri-error-amqp',
    '/usr/local/bundle/gems/bunny-2.22.0/lib/bunny/session.rb:1298:in `init_connection\': URI::InvalidURIError: bad URI(is not URI?): "amqps://events:«{a20}»@b-{h8}-{h4}-4{h3}-a{h3}-{h12}.mq.eu-west-1.amazonaws.com:5671/ events"',
  ],
  [
    'rust-unwrap-panic-postgres-url',
    'thread \'main\' panicked at src/main.rs:22:61:\ncalled `Result::unwrap()` on an `Err` value: Error { kind: Connect, cause: Some(Os { code: 111, kind: ConnectionRefused }) } while connecting to "postgres://indexer:«{a24}»@127.0.0.1:5433/chain"\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
  ],
  [
    'php-pdo-stack-trace-constructor-args',
    "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/html/lib/Db.php:18\nStack trace:\n#0 /var/www/html/lib/Db.php(18): PDO->__construct('mysql:host=db;d...', 'shop', '«{a16}»')\n#1 /var/www/html/index.php(9): Db::connect()\n#2 {main}\n  thrown in /var/www/html/lib/Db.php on line 18",
  ],
  [
    'kafka-custom-log-jaas-config-password',
    '2024-06-04 10:12:44,118 WARN  [main] c.a.events.KafkaSetup - producer props: bootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092, security.protocol=SASL_SSL, sasl.mechanism=PLAIN, sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{U16}" password="«{b64}»";',
  ],
  [
    'sentry-frame-local-vars-smtp-password',
    "File \"/srv/app/notify/mail.py\", line 44, in send_digest\n    server.login(user, password)\n  Local variables:\n    host = 'smtp.sendgrid.net'\n    user = 'apikey'\n    password = '«SG.{B22}.{B43}»'",
  ],
  [
    'laravel-log-context-array-api-token',
    '[2024-06-04 10:12:44] production.ERROR: Upstream call failed {"url":"https://api.acme-crm.com/v2/leads","status":401,"headers":{"Authorization":["Bearer «{a60}»"],"Accept":["application/json"]},"exception":"[object] (GuzzleHttp\\\\Exception\\\\ClientException(code: 401)"}',
  ],
  [
    'aspnet-core-startup-configuration-debug-view',
    "info: Program[0]\n      Configuration:\n      ConnectionStrings:\n        Redis=redis-prod.internal:6380,password=«{a32}»,ssl=True,abortConnect=False (EnvironmentVariablesConfigurationProvider Prefix: '')\n      Logging:\n        LogLevel:\n          Default=Information (JsonConfigurationProvider for 'appsettings.json' (Optional))",
  ],
  [
    'elixir-ecto-connection-error-url',
    '** (DBConnection.ConnectionError) tcp connect (db:5432): non-existing domain - :nxdomain\n    (db_connection 2.6.0) lib/db_connection/connection.ex:100: DBConnection.Connection.connect/2\n[error] Repo config: [url: "ecto://phx:«{a20}»@db/phx_prod", pool_size: 10, ssl: false]',
  ],
  [
    'terraform-tf-log-debug-provider-config',
    '2024-06-04T10:12:44.118Z [DEBUG] provider.terraform-provider-grafana_v2.19.0: configuring client: url=https://grafana.acme.io auth=«glsa_{a32}_{h8}» org_id=1 retries=3',
  ],
  [
    'ansible-vvv-module-args-password',
    '<10.0.5.21> ESTABLISH SSH CONNECTION FOR USER: deploy\nok: [db01] => {\n    "changed": false,\n    "invocation": {\n        "module_args": {\n            "login_host": "localhost",\n            "login_password": "«{a20}»",\n            "login_user": "postgres",',
  ],
  [
    'github-actions-log-unmasked-derived-token',
    '2024-06-04T10:12:44.1183920Z ##[group]Run ./scripts/publish.sh\n2024-06-04T10:12:44.1184510Z + curl -sS -X POST https://api.acme-cdn.net/v1/purge -H \'X-Purge-Token: «{h48}»\' -d \'{"paths":["/*"]}\'\n2024-06-04T10:12:44.5120093Z {"status":"queued","id":"prg_{l16}"}',
  ],
  [
    'circleci-step-output-set-x-env',
    '#!/bin/bash -eo pipefail\n+ export SENTRY_AUTH_TOKEN=«sntryu_{h64}»\n+ npx @sentry/cli releases new 2024.06.04-{h7}\nCreated release 2024.06.04-{h7}',
  ],
  [
    'jenkins-console-groovy-echo-credential',
    '[Pipeline] echo\nUsing registry creds: deploy-bot / «{a28}»\n[Pipeline] sh\n+ docker login -u deploy-bot --password-stdin registry.acme.io\nLogin Succeeded',
  ],
  [
    'celery-worker-banner-redis-url-unmasked-custom',
    ' -------------- celery@worker-7f9c v5.3.6 (emerald-rush)\n--- ***** ----- \n-- ******* ---- Linux-6.1.0-21-amd64-x86_64-with-glibc2.36 2024-06-04 10:12:44\n[config] custom broker log: using rediss://default:«{a32}»@redis-12345.c1.eu-west-1-2.ec2.cloud.redislabs.com:12345/0',
  ],
  [
    'pm2-logs-env-print-on-crash',
    '0|api      | Error: listen EADDRINUSE: address already in use :::3000\n0|api      | env snapshot: NODE_ENV=production PORT=3000 JWT_SECRET=«{a48}» REDIS_URL=redis://localhost:6379',
  ],
  [
    'uvicorn-startup-print-settings-repr',
    "INFO:     Started server process [1]\nSettings(env='prod', debug=False, openai_api_key='«sk-proj-{B74}T3BlbkFJ{B74}»', qdrant_url='http://qdrant:6333', qdrant_api_key='«{a32}»')\nINFO:     Application startup complete.",
  ],
  [
    'gunicorn-error-log-webhook-url-in-exception',
    "[2024-06-04 10:12:44 +0000] [12] [ERROR] notify failed\nrequests.exceptions.ConnectionError: HTTPSConnectionPool(host='hooks.slack.com', port=443): Max retries exceeded with url: «/services/T{u8}/B{u10}/{a24}» (Caused by NameResolutionError(\"<urllib3.connection.HTTPSConnection object at 0x7f3c9a1b2d40>: Failed to resolve 'hooks.slack.com'\"))",
  ],
  [
    'java-exception-message-discord-webhook',
    'java.io.IOException: Server returned HTTP response code: 429 for URL: «https://discord.com/api/webhooks/{d18}/{B68}»\n\tat java.base/sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:2000)\n\tat com.acme.alerts.DiscordSink.post(DiscordSink.java:58)',
  ],
  [
    'python-requests-httperror-url-key-param',
    'requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://maps.googleapis.com/maps/api/geocode/json?address=Marienplatz+1%2C+M%C3%BCnchen&key=«AIza{B35}»',
  ],
  [
    'kubectl-get-secret-yaml-base64-password-field',
    '$ kubectl get secret payments-db -n payments -o yaml\napiVersion: v1\ndata:\n  host: cGctcGF5bWVudHMuaW50ZXJuYWw=\n  password: «{b22}==»\n  username: cGF5bWVudHM=\nkind: Secret\nmetadata:\n  name: payments-db\n  namespace: payments\n  resourceVersion: "{d8}"\n  uid: {h8}-{h4}-4{h3}-a{h3}-{h12}\ntype: Opaque',
  ],
  [
    'kubectl-get-secret-json-data-api-key',
    '$ kubectl get secret analytics-keys -o json | jq .data\n{\n  "MIXPANEL_SECRET": "«{b44}»",\n  "SEGMENT_REGION": "ZXU="\n}',
  ],
  [
    'kubectl-describe-pod-env-literal-values',
    "    Environment:\n      NODE_ENV:              production\n      DATABASE_HOST:         pg-primary.db.svc\n      DATABASE_PASSWORD:     «{a24}»\n      STRIPE_WEBHOOK_SECRET: «whsec_{a32}»\n      SESSION_KEY:           <set to the key 'session-key' in secret 'web-secrets'>  Optional: false\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-{l5} (ro)",
  ],
  [
    'kubectl-dockerconfigjson-decoded-auths',
    '$ kubectl get secret ghcr-pull -o jsonpath=\'{.data.\\.dockerconfigjson}\' | base64 -d\n{"auths":{"ghcr.io":{"username":"acme-bot","password":"«ghp_{a36}»","auth":"«YWNtZS1ib3Q6Z2hwX{b48}»"}}}',
  ],
  [
    'kubectl-config-view-raw-user-token',
    '$ kubectl config view --raw --minify\nusers:\n- name: ci-deployer\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6{B40}.eyJ{B260}.{B342}»\ncontexts:\n- context:\n    cluster: prod-eu\n    user: ci-deployer',
  ],
  [
    'kubectl-config-view-raw-client-key-data',
    '    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU{b120}\n    client-key-data: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF{b400}»',
  ],
  [
    'shell-history-kubectl-create-secret-from-literal',
    "  512  kubectl -n auth create secret generic keycloak-admin \\\n         --from-literal=username=admin \\\n         --from-literal=password='«{a20}»'\n  513  kubectl -n auth rollout restart deploy/keycloak",
  ],
  [
    'helm-get-values-output-admin-password',
    '$ helm get values grafana -n monitoring\nUSER-SUPPLIED VALUES:\nadminPassword: «{a22}»\ningress:\n  enabled: true\n  hosts:\n  - grafana.acme.io',
  ],
  [
    'argocd-account-generate-token-output',
    '$ argocd account generate-token --account ci --expires-in 720h\n«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B180}.{B43}»',
  ],
  [
    'kubectl-logs-init-container-prints-token',
    '$ kubectl logs job/db-migrate -c fetch-creds\nfetched credentials from vault (lease vault/database/creds/migrator/{a24})\nusername=v-kubernet-migrator-{a20}-1717496000\npassword=«A1a-{a20}»',
  ],
  [
    'docker-inspect-env-array-mixed',
    '$ docker inspect --format \'{{json .Config.Env}}\' api-1 | jq\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n  "NODE_VERSION=20.12.2",\n  "SENDGRID_API_KEY=«SG.{B22}.{B43}»",\n  "MONGO_URL=mongodb://api:«{a20}»@mongo:27017/api?authSource=admin",\n  "LOG_LEVEL=info"\n]',
  ],
  [
    'docker-inspect-full-config-env-block',
    '        "Config": {\n            "Hostname": "{h12}",\n            "Env": [\n                "POSTGRES_USER=keycloak",\n                "POSTGRES_PASSWORD=«{a24}»",\n                "PGDATA=/var/lib/postgresql/data",\n                "GOSU_VERSION=1.17"\n            ],\n            "Image": "postgres:16.3",',
  ],
  [
    'docker-compose-config-rendered-env',
    '$ docker compose config\nservices:\n  worker:\n    environment:\n      AWS_ACCESS_KEY_ID: AKIA{U16}\n      AWS_SECRET_ACCESS_KEY: «{b40}»\n      QUEUE_URL: https://sqs.eu-west-1.amazonaws.com/123456789012/jobs\n    image: ghcr.io/acme/worker:2.4.1',
  ],
  [
    'docker-history-no-trunc-env-layer',
    '$ docker history --no-trunc acme/builder:latest | head -4\nIMAGE          CREATED        CREATED BY                                                SIZE\nsha256:{h64}   2 days ago     RUN /bin/sh -c npm ci --omit=dev # buildkit               188MB\n<missing>      2 days ago     ENV NPM_TOKEN=«npm_{a36}»                                 0B\n<missing>      2 days ago     WORKDIR /app                                              0B',
  ],
  [
    'docker-config-json-cat-auth-field',
    '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"registry.gitlab.com": {\n\t\t\t"auth": "«{b60}»"\n\t\t}\n\t},\n\t"credsStore": ""\n}',
  ],
  [
    'docker-login-password-flag-warning',
    '$ docker login -u acmeops -p «dckr_pat_{B27}»\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded',
  ],
  [
    'docker-exec-env-output',
    '$ docker exec -it billing-api env | grep -v PATH\nHOSTNAME={h12}\nRAILS_ENV=production\nSECRET_KEY_BASE=«{h128}»\nRAILS_MASTER_KEY=«{h32}»\nHOME=/rails',
  ],
  [
    'printenv-sorted-dump-mixed',
    '$ printenv | sort\nHOME=/home/runner\nHOSTNAME=ci-runner-{l5}\nLANG=C.UTF-8\nNETLIFY_AUTH_TOKEN=«nfp_{a40}»\nNODE_OPTIONS=--max-old-space-size=4096\nPWD=/builds/web\nTURBO_TOKEN=«{a24}»\nTURBO_TEAM=acme',
  ],
  [
    'env-grep-key-case-insensitive',
    '$ env | grep -i key\nPGP_KEY_ID={H16}\nMAPBOX_SECRET_KEY=«sk.eyJ1IjoiYWNtZS1nZW8iLCJhIjoi{B20}In0.{B22}»\nSSH_AUTH_SOCK=/tmp/ssh-{a12}/agent.4120',
  ],
  [
    'windows-cmd-set-output',
    'C:\\build> set\nComSpec=C:\\Windows\\system32\\cmd.exe\nNUGET_API_KEY=«oy2{l43}»\nNUMBER_OF_PROCESSORS=8\nOS=Windows_NT\nUSERPROFILE=C:\\Users\\builder',
  ],
  [
    'powershell-get-childitem-env-table',
    "PS C:\\> Get-ChildItem Env: | Where-Object Name -like 'AZURE*'\n\nName                           Value\n----                           -----\nAZURE_CLIENT_ID                {h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_CLIENT_SECRET            «{a3}8Q~{B34}»\nAZURE_TENANT_ID                {h8}-{h4}-4{h3}-b{h3}-{h12}",
  ],
  [
    'proc-environ-tr-null-dump',
    "root@web-6d9f7c:/# cat /proc/1/environ | tr '\\0' '\\n'\nKUBERNETES_SERVICE_HOST=10.96.0.1\nAPP_PORT=8080\nALGOLIA_APP_ID={U10}\nALGOLIA_ADMIN_KEY=«{h32}»\nHOME=/root",
  ],
  [
    'export-p-declare-x-output',
    '$ export -p | grep -E \'TOKEN|HOST\'\ndeclare -x CI_SERVER_HOST="gitlab.acme.io"\ndeclare -x HCLOUD_TOKEN="«{a64}»"\ndeclare -x TF_TOKEN_app_terraform_io="«{a14}.atlasv1.{a67}»"',
  ],
  ['fish-set-x-listing', '~> set -x | grep -i pulumi\nPULUMI_ACCESS_TOKEN «pul-{h40}»\nPULUMI_BACKEND_URL https://api.pulumi.com'],
  [
    'git-config-list-url-with-token',
    '$ git config --list --show-origin\nfile:/home/dev/.gitconfig\tuser.name=Mara Keller\nfile:/home/dev/.gitconfig\tuser.email=m.keller@acme.io\nfile:.git/config\tremote.origin.url=https://oauth2:«glpat-{B20}»@gitlab.acme.io/platform/infra.git\nfile:.git/config\tremote.origin.fetch=+refs/heads/*:refs/remotes/origin/*',
  ],
  [
    'git-config-list-extraheader-basic',
    '$ git config --list | grep extraheader\nhttp.https://dev.azure.com/acme/.extraheader=AUTHORIZATION: basic «OnR{b68}»',
  ],
  [
    'git-config-list-insteadof-token',
    'url.https://x-access-token:«ghs_{a36}»@github.com/.insteadof=https://github.com/\ncore.editor=vim\npull.rebase=true',
  ],
  [
    'cat-git-credentials-store-file',
    '$ git config --get credential.helper\nstore\n$ cat ~/.git-credentials\nhttps://mkeller:«ATBB{a28}{H8}»@bitbucket.org\nhttps://mkeller:«github_pat_11{u21}_{a59}»@github.com',
  ],
  [
    'git-trace-redact-off-curl-verbose',
    '$ GIT_TRACE_REDACT=0 GIT_CURL_VERBOSE=1 git fetch origin\n10:12:44.118840 http.c:756              => Send header: GET /acme/platform.git/info/refs?service=git-upload-pack HTTP/2\n10:12:44.118851 http.c:756              => Send header: Host: github.com\n10:12:44.118860 http.c:756              => Send header: Authorization: Basic «eC1hY2Nlc3MtdG9rZW46Z2hv{b52}»\n10:12:44.118869 http.c:756              => Send header: User-Agent: git/2.45.1',
  ],
  [
    'cat-aws-credentials-default-and-staging-profiles',
    '$ cat ~/.aws/credentials\n[default]\naws_access_key_id = AKIA{U16}\naws_secret_access_key = «{b40}»\n\n[staging]\naws_access_key_id = AKIA{U16}\naws_secret_access_key = «{b40}»',
  ],
  [
    'aws-sts-assume-role-json-credentials',
    '$ aws sts assume-role --role-arn arn:aws:iam::123456789012:role/deployer --role-session-name ci-4411\n{\n    "Credentials": {\n        "AccessKeyId": "ASIA{U16}",\n        "SecretAccessKey": "«{b40}»",\n        "SessionToken": "«IQoJb3JpZ2luX2VjE{b320}»",\n        "Expiration": "2024-06-04T11:12:44+00:00"\n    },',
  ],
  [
    'aws-configure-export-credentials-env',
    '$ aws configure export-credentials --profile sso-admin --format env\nexport AWS_ACCESS_KEY_ID=ASIA{U16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2VjE{b300}»\nexport AWS_CREDENTIAL_EXPIRATION=2024-06-04T18:12:44+00:00',
  ],
  ['aws-ecr-get-login-password-output', '$ aws ecr get-login-password --region eu-west-1\n«eyJwYXlsb2FkIjoi{b600}»'],
  [
    'aws-debug-sigv4-header-with-env-secret-above',
    "$ env | grep AWS_\nAWS_ACCESS_KEY_ID=AKIA{U16}\nAWS_SECRET_ACCESS_KEY=«{b40}»\n$ aws s3 ls s3://acme-backups --debug 2>&1 | grep -m1 Authorization\n2024-06-04 10:12:44,118 - MainThread - botocore.auth - DEBUG - Signature: {h64}\n'Authorization': 'AWS4-HMAC-SHA256 Credential=AKIA{U16}/20240604/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={h64}'",
  ],
  [
    'boto-debug-sigv4-with-security-token-header',
    "2024-06-04 10:12:44,118 botocore.endpoint [DEBUG] Sending http request: <AWSPreparedRequest stream_output=False, method=POST, url=https://sqs.eu-west-1.amazonaws.com/, headers={'X-Amz-Date': b'20240604T101244Z', 'X-Amz-Security-Token': b'«IQoJb3JpZ2luX2VjE{b280}»', 'Authorization': b'AWS4-HMAC-SHA256 Credential=ASIA{U16}/20240604/eu-west-1/sqs/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token, Signature={h64}'}>",
  ],
  [
    'gcloud-print-access-token-then-crm-curl',
    '$ gcloud auth print-access-token\n«ya29.a0{B170}»\n$ curl -s -H "Authorization: Bearer $(gcloud auth print-access-token)" https://cloudresourcemanager.googleapis.com/v1/projects | head -3',
  ],
  [
    'gcloud-adc-print-access-token-curl-verbose',
    '> GET /storage/v1/b/acme-ml-datasets/o?maxResults=10 HTTP/2\n> Host: storage.googleapis.com\n> authorization: Bearer «ya29.c.{B190}»\n> x-goog-user-project: acme-ml\n< HTTP/2 200',
  ],
  [
    'metadata-server-token-response',
    '$ curl -s -H \'Metadata-Flavor: Google\' http://169.254.169.254/computeMetadata/v1/instance/service-accounts/default/token\n{"access_token":"«ya29.c.{B180}»","expires_in":3599,"token_type":"Bearer"}',
  ],
  [
    'cat-adc-json-authorized-user-refresh',
    '$ cat ~/.config/gcloud/application_default_credentials.json\n{\n  "account": "",\n  "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n  "client_secret": "«GOCSPX-{B28}»",\n  "refresh_token": "«1//0g{B100}»",\n  "type": "authorized_user"\n}',
  ],
  [
    'gcp-service-account-json-private-key',
    '  "type": "service_account",\n  "project_id": "acme-data-prod",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEv{b59}\\n{b64}\\n{b64}\\n{b64}\\n{b28}=\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "etl-runner@acme-data-prod.iam.gserviceaccount.com",',
  ],
  [
    'gcloud-print-identity-token-cloud-run-curl',
    '$ TOKEN=$(gcloud auth print-identity-token); echo $TOKEN\n«eyJhbGciOiJSUzI1NiIsImtpZCI6Ij{B40}.eyJ{B300}.{B342}»\n$ curl -H "Authorization: Bearer $TOKEN" https://reports-{l10}-ew.a.run.app/health',
  ],
  [
    'vault-login-output-table-token',
    '$ vault login -method=oidc role=eng\nSuccess! You are now authenticated. The token information displayed below\nis already stored in the token helper. You do NOT need to run "vault login"\nagain. Future Vault requests will automatically use this token.\n\nKey                  Value\n---                  -----\ntoken                «hvs.CAESI{B86}»\ntoken_duration       8h\ntoken_renewable      true\ntoken_policies       ["default" "eng-read"]',
  ],
  [
    'vault-kv-get-secret-data-table',
    '$ vault kv get -mount=secret payments/prod\n====== Data ======\nKey                 Value\n---                 ---\nadyen_api_key       «AQE{B160}»\nwebhook_hmac        «{H64}»\nmerchant_account    AcmeECOM',
  ],
  [
    'vault-read-database-creds-lease',
    '$ vault read database/creds/readonly\nKey                Value\n---                -----\nlease_id           database/creds/readonly/{a24}\nlease_duration     1h\nlease_renewable    true\npassword           «A1a-{a20}»\nusername           v-oidc-mk-readonly-{a20}-1717496000',
  ],
  [
    'vault-operator-init-three-shares-root-token',
    '$ vault operator init -key-shares=3 -key-threshold=2\nUnseal Key 1: «{b44}»\nUnseal Key 2: «{b44}»\nUnseal Key 3: «{b44}»\n\nInitial Root Token: «hvs.{a24}»',
  ],
  [
    'vault-approle-secret-id-uuid',
    '$ vault write -f auth/approle/role/ci/secret-id\nKey                   Value\n---                   -----\nsecret_id             «{h8}-{h4}-4{h3}-a{h3}-{h12}»\nsecret_id_accessor    {h8}-{h4}-4{h3}-b{h3}-{h12}\nsecret_id_num_uses    0\nsecret_id_ttl         24h',
  ],
  [
    'vault-token-create-json-client-token',
    '$ vault token create -policy=deploy -format=json | jq .auth\n{\n  "client_token": "«hvs.CAESI{B86}»",\n  "policies": ["default", "deploy"],\n  "lease_duration": 2764800,\n  "renewable": true\n}',
  ],
  [
    'npmrc-cat-two-registries-auth',
    '$ cat ~/.npmrc\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»\n//registry.npmjs.org/:_authToken=«npm_{a36}»\nfund=false',
  ],
  [
    'npm-config-list-json-unprotected-old',
    '$ npm config list --json | grep -i auth\n  "//artifactory.acme.io/artifactory/api/npm/npm/:_auth": "«{b56}»",\n  "always-auth": true,',
  ],
  [
    'yarnrc-yml-npm-auth-token-print',
    '$ yarn config --json | jq \'.npmScopes\'\n{"acme":{"npmRegistryServer":"https://npm.acme.io","npmAuthToken":"«{h8}-{h4}-4{h3}-a{h3}-{h12}»","npmAlwaysAuth":true}}',
  ],
  [
    'pip-config-list-index-url-credentials',
    "$ pip config list\nglobal.index-url='https://ci-reader:«{a24}»@nexus.acme.io/repository/pypi-all/simple'\nglobal.trusted-host='nexus.acme.io'",
  ],
  ['poetry-auth-toml-cat', '$ cat ~/.config/pypoetry/auth.toml\n[http-basic.acme]\nusername = "poetry-ci"\npassword = "«{a32}»"'],
  [
    'pypirc-cat-pypi-token',
    '$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmcCJ{B150}»',
  ],
  [
    'pip-verbose-log-unmasked-extra-index-in-freeze-header',
    '$ pip download -v acme-internal==4.2.0 2>&1 | head -3\nUsing pip 24.0 from /usr/lib/python3/dist-packages/pip (python 3.12)\nLooking in indexes: https://pypi.org/simple, https://gitlab-ci-token:«glpat-{B20}»@gitlab.acme.io/api/v4/projects/88/packages/pypi/simple\nCollecting acme-internal==4.2.0',
  ],
  [
    'gradle-debug-daemon-command-line-props',
    '10:12:44.118 [DEBUG] [org.gradle.launcher.daemon.client.DefaultDaemonStarter] Starting daemon process: workingDir = /home/ci/.gradle/daemon/8.7, daemonArgs: [/usr/lib/jvm/java-17/bin/java, -Xmx2g, -DartifactoryUser=ci-publisher, -DartifactoryPassword=«{a28}», -Dfile.encoding=UTF-8]',
  ],
  [
    'gradle-properties-cat-signing-and-central',
    '$ cat ~/.gradle/gradle.properties\nsigning.keyId={H8}\nsigning.password=«{a20}»\nmavenCentralUsername={a8}\nmavenCentralPassword=«{a44}»',
  ],
  [
    'maven-settings-xml-cat-server-password',
    "$ cat ~/.m2/settings.xml | sed -n '3,8p'\n    <server>\n      <id>acme-releases</id>\n      <username>deployer</username>\n      <password>«{a32}»</password>\n    </server>",
  ],
  [
    'chrome-copy-as-curl-bash-cookie-and-bearer',
    "curl 'https://app.acme-analytics.io/api/v1/dashboards/812/export' \\\n  -H 'accept: application/json' \\\n  -H 'accept-language: en-GB,en;q=0.9' \\\n  -H 'authorization: Bearer «{a56}»' \\\n  -b 'intercom-id-{l8}={h8}-{h4}-4{h3}-a{h3}-{h12}; theme=light; _session=«{a64}»' \\\n  -H 'referer: https://app.acme-analytics.io/dashboards/812' \\\n  -H 'sec-fetch-mode: cors'",
  ],
  [
    'chrome-copy-as-fetch-node-headers',
    'fetch("https://api.acme-crm.com/graphql", {\n  "headers": {\n    "accept": "*/*",\n    "authorization": "Bearer «{B86}»",\n    "content-type": "application/json",\n    "x-apollo-operation-name": "ListLeads"\n  },\n  "body": "{\\"operationName\\":\\"ListLeads\\",\\"variables\\":{\\"first\\":50}}",\n  "method": "POST"\n});',
  ],
  [
    'firefox-copy-as-curl-phpsessid',
    "curl 'https://shop.acme-garden.de/admin/index.php?route=sale/order' --compressed -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0' -H 'Accept: text/html' -H 'Cookie: language=de-de; currency=EUR; PHPSESSID=«{l26}»; OCSESSID=«{h26}»' -H 'Upgrade-Insecure-Requests: 1'",
  ],
  [
    'edge-copy-as-powershell-websession-cookie',
    '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n$session.Cookies.Add((New-Object System.Net.Cookie("JSESSIONID", "«{H32}»", "/", "jira.acme-corp.local")))\n$session.Cookies.Add((New-Object System.Net.Cookie("atlassian.xsrf.token.hint", "off", "/", "jira.acme-corp.local")))\nInvoke-WebRequest -UseBasicParsing -Uri "https://jira.acme-corp.local/rest/api/2/search?jql=project%3DOPS" -WebSession $session',
  ],
  [
    'chrome-copy-as-curl-cmd-caret-escaped',
    'curl ^"https://portal.azure.com/api/Portal/GetEarlyUserData^" ^\n  -H ^"authorization: Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6{B40}.eyJ{B280}.{B342}»^" ^\n  -H ^"x-ms-client-request-id: {h8}-{h4}-4{h3}-a{h3}-{h12}^" ^\n  --compressed',
  ],
  [
    'postman-collection-auth-bearer-value',
    '{\n  "info": { "_postman_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}", "name": "Acme Billing", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },\n  "auth": {\n    "type": "bearer",\n    "bearer": [{ "key": "token", "value": "«{a48}»", "type": "string" }]\n  },',
  ],
  [
    'postman-collection-auth-apikey-type',
    '"auth": {\n  "type": "apikey",\n  "apikey": [\n    { "key": "value", "value": "«{h32}»", "type": "string" },\n    { "key": "key", "value": "X-CMC_PRO_API_KEY", "type": "string" },\n    { "key": "in", "value": "header", "type": "string" }\n  ]\n}',
  ],
  [
    'postman-environment-export-values',
    '{\n  "id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "name": "prod",\n  "values": [\n    { "key": "baseUrl", "value": "https://api.acme.io", "enabled": true },\n    { "key": "clientSecret", "value": "«{B40}»", "type": "secret", "enabled": true },\n    { "key": "postmanApiKey", "value": "«PMAK-{h24}-{h34}»", "type": "default", "enabled": true }\n  ],\n  "_postman_variable_scope": "environment"\n}',
  ],
  [
    'postman-collection-basic-auth-password',
    '"auth": {\n  "type": "basic",\n  "basic": [\n    { "key": "password", "value": "«{a22}»", "type": "string" },\n    { "key": "username", "value": "integration@acme.io", "type": "string" }\n  ]\n},',
  ],
  [
    'insomnia-export-request-authentication-bearer',
    '{\n  "_id": "req_{h32}",\n  "_type": "request",\n  "parentId": "wrk_{h32}",\n  "url": "{{ _.base_url }}/v1/payouts",\n  "method": "GET",\n  "authentication": { "type": "bearer", "token": "«rk_live_{a24}»", "prefix": "" },',
  ],
  [
    'insomnia-environment-data-secrets',
    '{\n  "_type": "environment",\n  "name": "Production",\n  "data": {\n    "base_url": "https://api.acme.io",\n    "api_key": "«{a40}»",\n    "twilio_auth_token": "«{h32}»"\n  }\n}',
  ],
  ['bruno-bru-file-auth-bearer', 'meta {\n  name: List payouts\n  type: http\n  seq: 3\n}\n\nauth:bearer {\n  token: «{a40}»\n}'],
  [
    'vscode-rest-client-http-file-variables',
    '@baseUrl = https://api.acme.io/v2\n@token = «{a48}»\n\n### list invoices\nGET {{baseUrl}}/invoices?status=open\nAuthorization: Bearer {{token}}',
  ],
  [
    'httpie-session-json-headers',
    '$ cat ~/.config/httpie/sessions/api.acme.io/prod.json\n{\n    "auth": { "password": null, "type": null, "username": null },\n    "cookies": [],\n    "headers": [ { "name": "Authorization", "value": "Bearer «{B43}»" } ]\n}',
  ],
  [
    'openapi-yaml-example-live-key-in-security-scheme',
    'components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-Api-Key\n      description: Partner key, e.g. `«{a40}»` (copied from the staging portal)',
  ],
  [
    'openapi-json-example-authorization-header-param',
    '"parameters": [\n  {\n    "name": "Authorization",\n    "in": "header",\n    "required": true,\n    "schema": { "type": "string" },\n    "example": "Bearer «{h64}»"\n  }\n],',
  ],
  [
    'swagger-ui-curl-snippet-copied-key',
    "curl -X 'GET' \\\n  'https://api.acme-fx.com/v1/rates/latest?base=EUR' \\\n  -H 'accept: application/json' \\\n  -H 'X-API-KEY: «fx_live_{a32}»'",
  ],
  [
    'apollo-server-request-log-login-variables',
    '[apollo] 2024-06-04T10:12:44.118Z operation=SignIn requestId={h8}-{h4}-4{h3}-a{h3}-{h12}\n[apollo] variables={"input":{"email":"j.novak@acme.io","password":"«{a18}»","rememberMe":true}}\n[apollo] response errors=[{"message":"Invalid credentials","extensions":{"code":"UNAUTHENTICATED"}}]',
  ],
  [
    'graphql-request-log-github-api-header',
    'POST https://api.github.com/graphql\nheaders: {"Authorization":"bearer «gho_{a36}»","User-Agent":"acme-insights/1.4"}\nbody: {"query":"query($login:String!){ organization(login:$login){ repositories(first:50){ totalCount } } }","variables":{"login":"acme"}}',
  ],
  [
    'hasura-query-log-admin-secret-header-dump',
    '{"type":"query-log","timestamp":"2024-06-04T10:12:44.118+0000","level":"info","detail":{"request_id":"{h32}","query":{"operationName":"Orders"},"headers":{"x-hasura-admin-secret":"«{a40}»","x-hasura-role":"admin"}}}',
  ],
  ['graphql-playground-http-headers-panel', '{\n  "Authorization": "Bearer «{a64}»",\n  "X-Tenant": "acme-nordics"\n}'],
  [
    'graphql-ws-connection-init-frame',
    '▲ {"type":"connection_init","payload":{"authToken":"«{a48}»","clientVersion":"3.14.0"}}\n▼ {"type":"connection_ack"}\n▲ {"id":"1","type":"subscribe","payload":{"query":"subscription { orderUpdated { id status } }"}}',
  ],
  [
    'socketio-frames-auth-token-packet',
    '0{"sid":"{B20}","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}\n40{"token":"«{a40}»"}\n40{"sid":"{B20}"}\n42["join","room:ops"]',
  ],
  [
    'home-assistant-websocket-auth-frame',
    '→ {"type": "auth_required", "ha_version": "2024.6.1"}\n← {"type": "auth", "access_token": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»"}\n→ {"type": "auth_ok", "ha_version": "2024.6.1"}',
  ],
  [
    'coinbase-ws-subscribe-frame-key-passphrase',
    '> {"type":"subscribe","product_ids":["BTC-EUR"],"channels":["user"],"key":"{h32}","passphrase":"«{l11}»","timestamp":"1717496000","signature":"{b43}="}\n< {"type":"subscriptions","channels":[{"name":"user","product_ids":["BTC-EUR"]}]}',
  ],
  [
    'phoenix-channel-join-frame-token-param',
    'wss://live.acme.io/socket/websocket?token=«SFMyNTY.{B80}.{B43}»&vsn=2.0.0\n["3","3","room:lobby","phx_join",{}]\n["3","3","room:lobby","phx_reply",{"status":"ok","response":{}}]',
  ],
  [
    'pusher-ws-auth-signature-with-app-secret-log',
    '[pusher-auth] socket_id=123.4567 channel=private-orders-812\n[pusher-auth] app_id=1789123 key={h20} secret=«{h20}»\n[pusher-auth] auth={h20}:{h64}',
  ],
  [
    'smtp-transcript-auth-login-two-step',
    'S: 220 mail.acme.io ESMTP Postfix\nC: EHLO build-07\nS: 250-AUTH PLAIN LOGIN\nC: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: bm90aWZ5QGFjbWUuZGV2\nS: 334 UGFzc3dvcmQ6\nC: «{b24}»\nS: 235 2.7.0 Authentication successful',
  ],
  [
    'swaks-output-auth-plain',
    "$ swaks --to ops@acme.io --from alerts@acme.io --server smtp.eu.mailgun.org:587 --tls --auth PLAIN --auth-user alerts@acme.io --auth-password '«{a24}»'\n -> EHLO ci-runner\n<-  250-AUTH PLAIN LOGIN\n -> AUTH PLAIN «AGFsZXJ0c0BhY21lLmlvAA{b32}»\n<-  235 2.0.0 OK",
  ],
  [
    'openssl-s-client-smtp-manual-auth-plain',
    '$ openssl s_client -starttls smtp -connect smtp.office365.com:587 -crlf -quiet\n250 SMTPUTF8\nAUTH PLAIN «AHJlbGF5QGFjbWUuY28A{b20}»\n535 5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant.',
  ],
  [
    'imap-session-login-quoted-password',
    '* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN] Dovecot ready.\na1 LOGIN "support@acme.io" "«{a18}»"\na1 OK [CAPABILITY IMAP4rev1 SORT THREAD=REFERENCES] Logged in\na2 SELECT INBOX',
  ],
  [
    'imap-authenticate-xoauth2-blob',
    'C: A01 AUTHENTICATE XOAUTH2 «dXNlcj1vcHNAYWNtZS5pbwFhdXRoPUJlYXJlciB5YTI5{b200}AQE=»\nS: A01 OK AUTHENTICATE completed.\nC: A02 LIST "" "*"',
  ],
  ['pop3-session-user-pass', '+OK Dovecot ready.\nUSER bounce@acme.io\n+OK\nPASS «{a16}»\n+OK Logged in.\nSTAT\n+OK 12 48213'],
  [
    'python-smtplib-debug-auth-send',
    "send: 'ehlo ci-runner-4.acme.internal\\r\\n'\nreply: b'250-AUTH LOGIN PLAIN XOAUTH2\\r\\n'\nsend: 'AUTH PLAIN «AG5vcmVwbHlAYWNtZS5pbwA{b28}»\\r\\n'\nreply: b'235 2.7.0 Accepted\\r\\n'",
  ],
  [
    'nodemailer-debug-log-auth-credentials',
    '[2024-06-04 10:12:44] DEBUG [Zb3kL9] C: AUTH PLAIN «AHBvc3RtYXN0ZXJAbWcuYWNtZS5pbwA{b36}»\n[2024-06-04 10:12:44] DEBUG [Zb3kL9] S: 235 2.0.0 OK\n[2024-06-04 10:12:44] INFO  [Zb3kL9] User "postmaster@mg.acme.io" authenticated',
  ],
  [
    'lftp-debug-pass-unmasked',
    '$ lftp -d -u backup,«{a18}» ftp://files.acme-partner.net\n---- Connecting to files.acme-partner.net (198.51.100.23) port 21\n<--- 220 Welcome\n---> USER backup\n<--- 331 Please specify the password.',
  ],
  [
    'ftp-url-in-cron-script-log',
    '[cron] 02:00:01 mirror start: wget -m ftp://exports:«{a16}»@ftp.acme-erp.local/outbound/ -P /data/erp\n[cron] 02:00:07 mirror done: 48 files, 12.4 MB',
  ],
  [
    'ncftpput-shell-history-password',
    "  901  ncftpput -u webdeploy -p '«{a14}»' ftp.hosting-eu.net /public_html dist/*\n  902  history | tail",
  ],
  [
    'redis-monitor-auth-command',
    '$ redis-cli -h cache-prod MONITOR\nOK\n1717496000.118840 [0 10.0.3.7:51844] "AUTH" "default" "«{a32}»"\n1717496000.119012 [0 10.0.3.7:51844] "SELECT" "2"\n1717496000.119330 [2 10.0.3.7:51844] "GET" "sess:{h40}"',
  ],
  [
    'redis-monitor-config-set-requirepass',
    '1717496000.412201 [0 127.0.0.1:60012] "CONFIG" "SET" "requirepass" "«{a28}»"\n1717496000.412530 [0 127.0.0.1:60012] "CONFIG" "REWRITE"',
  ],
  [
    'redis-monitor-migrate-auth2',
    '1717496001.004418 [0 10.0.3.9:40222] "MIGRATE" "10.0.3.12" "6379" "" "0" "5000" "AUTH2" "replicator" "«{a24}»" "KEYS" "cart:88123" "cart:88124"',
  ],
  [
    'redis-cli-a-flag-warning',
    "$ redis-cli -h 10.0.3.12 -a '«{a24}»' INFO replication\nWarning: Using a password with '-a' or '-u' option on the command line interface may not be safe.\n# Replication\nrole:master",
  ],
  [
    'postgres-log-statement-alter-user-password',
    "2024-06-04 10:12:44.118 UTC [4120] postgres@app LOG:  statement: ALTER USER reporting WITH PASSWORD '«{a20}»';\n2024-06-04 10:12:44.121 UTC [4120] postgres@app LOG:  duration: 2.118 ms",
  ],
  [
    'postgres-log-create-role-login-password',
    "2024-06-04 10:12:45.002 UTC [4133] admin@postgres LOG:  statement: CREATE ROLE grafana_ro LOGIN PASSWORD '«{a24}»' VALID UNTIL '2025-06-01';",
  ],
  [
    'mysql-general-log-identified-by',
    "2024-06-04T10:12:44.118840Z\t   41 Query\tCREATE USER 'metabase'@'10.0.%' IDENTIFIED BY '«{a20}»'\n2024-06-04T10:12:44.120012Z\t   41 Query\tGRANT SELECT ON analytics.* TO 'metabase'@'10.0.%'",
  ],
  [
    'mysql-general-log-alter-user',
    "2024-06-04T10:12:46.331201Z\t   44 Query\tALTER USER 'wp_acme'@'localhost' IDENTIFIED WITH caching_sha2_password BY '«{a18}»'",
  ],
  [
    'mysql-slow-log-set-password',
    "# Time: 2024-06-04T10:12:44.118840Z\n# User@Host: root[root] @ localhost []  Id:    52\n# Query_time: 0.004211  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0\nSET PASSWORD FOR 'backup'@'%' = '«{a20}»';",
  ],
  [
    'mongosh-history-create-user-pwd',
    'test> use admin\nadmin> db.createUser({ user: "metrics", pwd: "«{a22}»", roles: [ { role: "clusterMonitor", db: "admin" } ] })\n{ ok: 1 }',
  ],
  [
    'psql-connection-string-in-error-output',
    '$ psql "postgresql://analyst:«{a20}»@warehouse.internal:5432/dwh?sslmode=verify-full"\npsql: error: connection to server at "warehouse.internal" (10.0.9.3), port 5432 failed: FATAL:  no pg_hba.conf entry for host "10.0.4.12", user "analyst", database "dwh", SSL encryption',
  ],
  [
    'mysql-client-p-flag-warning',
    "$ mysql -h 10.0.8.4 -u root -p«{a16}» -e 'SHOW SLAVE STATUS\\G'\nmysql: [Warning] Using a password on the command line interface can be insecure.\n*************************** 1. row ***************************",
  ],
  [
    'jupyter-server-startup-token-urls',
    '[I 2024-06-04 10:12:44.118 ServerApp] Jupyter Server 2.14.1 is running at:\n[I 2024-06-04 10:12:44.118 ServerApp] http://6f3c9a1b2d4e:8888/lab?token=«{h48}»\n[I 2024-06-04 10:12:44.118 ServerApp]     http://127.0.0.1:8888/lab?token=«{h48}»',
  ],
  [
    'ngrok-config-check-authtoken-print',
    '$ ngrok config check\nValid configuration file at /home/dev/.config/ngrok/ngrok.yml\n$ cat /home/dev/.config/ngrok/ngrok.yml\nversion: "2"\nauthtoken: «2{a26}_{a21}»',
  ],
  [
    'tailscale-up-authkey-in-ps',
    '$ ps aux | grep tailscale\nroot      812  0.0  0.1 tailscale up --authkey=«tskey-auth-k{a11}CNTRL-{a34}» --hostname=edge-fra-03 --advertise-tags=tag:edge',
  ],
  [
    'ps-aux-java-truststore-password',
    'app   1412 12.3  8.1 java -Xmx1g -Djavax.net.ssl.trustStore=/etc/app/trust.jks -Djavax.net.ssl.keyStorePassword=«{a20}» -jar /opt/app/gateway.jar',
  ],
  [
    'proc-cmdline-db-password-flag',
    "$ cat /proc/4120/cmdline | tr '\\0' ' '\n/usr/local/bin/migrate -path /migrations -database postgres://migrator:«{a24}»@db:5432/app?sslmode=disable up",
  ],
  [
    'systemctl-show-environment-property',
    '$ systemctl show billing-worker -p Environment\nEnvironment=APP_ENV=prod BRAINTREE_MERCHANT_ID={l16} BRAINTREE_PRIVATE_KEY=«{h32}» LOG_FORMAT=json',
  ],
  [
    'journalctl-unit-log-mailchimp-key',
    'Jun 04 10:12:44 app01 newsletter[4120]: POST https://us21.api.mailchimp.com/3.0/lists/{h10}/members apikey=«{h32}-us21» status=400',
  ],
  [
    'supervisorctl-status-env-in-command',
    '$ supervisorctl avail; grep -A3 program:exporter /etc/supervisor/conf.d/*.conf\n[program:exporter]\ncommand=/opt/exporter --es-url=https://exporter:«{a20}»@es01.internal:9200 --listen=:9114',
  ],
  [
    'nomad-job-inspect-env-block',
    '$ nomad job inspect checkout | jq \'.Job.TaskGroups[0].Tasks[0].Env\'\n{\n  "BRAINTREE_ENV": "production",\n  "LAUNCHDARKLY_SDK_KEY": "«sdk-{h8}-{h4}-4{h3}-a{h3}-{h12}»",\n  "PORT": "8080"\n}',
  ],
  [
    'consul-kv-get-recurse-output',
    '$ consul kv get -recurse config/checkout/\nconfig/checkout/currency:EUR\nconfig/checkout/psp_api_key:«{a40}»\nconfig/checkout/timeout_ms:2500',
  ],
  [
    'consul-curl-verbose-x-consul-token',
    '> PUT /v1/kv/config/checkout/currency HTTP/1.1\n> Host: 127.0.0.1:8500\n> X-Consul-Token: «{h8}-{h4}-4{h3}-a{h3}-{h12}»\n< HTTP/1.1 200 OK\n< X-Consul-Default-Acl-Policy: deny',
  ],
  [
    'curl-verbose-express-connect-sid-cookie',
    '> GET /admin/api/users HTTP/1.1\n> Host: localhost:3000\n> User-Agent: curl/8.5.0\n> Cookie: connect.sid=«s%3A{B32}.{B43}»; sidebar=collapsed\n>\n< HTTP/1.1 200 OK\n< X-Powered-By: Express\n< ETag: W/"1c2f-{B27}"',
  ],
  [
    'har-cookie-flask-compressed-session',
    '"cookies": [\n  { "name": "session", "value": "«.eJw{B120}.{B6}.{B27}»", "path": "/", "httpOnly": true },\n  { "name": "tz", "value": "Europe/Berlin", "path": "/", "httpOnly": false }\n]',
  ],
  [
    'function-app-log-azure-storage-connection-string',
    "2024-06-04T10:12:44.118 [Error] Failed to start host: Microsoft.Azure.WebJobs.Host: Error indexing method 'Functions.ResizeImage'. Storage account connection 'DefaultEndpointsProtocol=https;AccountName=acmeimgprod;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net' is invalid.",
  ],
  [
    'curl-verbose-twilio-sid-and-token-flag',
    "$ curl -v -X POST https://api.twilio.com/2010-04-01/Accounts/AC{h32}/Messages.json -u AC{h32}:«{h32}» --data-urlencode 'To=+4915112345678' --data-urlencode 'Body=deploy done'\n> POST /2010-04-01/Accounts/AC{h32}/Messages.json HTTP/2\n> Authorization: Basic «QUM{b88}»\n< HTTP/2 201\n< twilio-request-id: RQ{h32}",
  ],
  [
    'nginx-access-log-telegram-bot-path',
    '172.18.0.1 - - [04/Jun/2024:10:12:44 +0000] "POST /bot«{d10}:AA{B33}»/sendMessage HTTP/1.1" 502 157 "-" "python-telegram-bot/21.2"',
  ],
  [
    'python-exception-teams-webhook-url',
    "httpx.HTTPStatusError: Client error '400 Bad Request' for url '«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-4{h3}-a{h3}-{h12}@{h8}-{h4}-4{h3}-b{h3}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-4{h3}-9{h3}-{h12}/V2{B43}»'\nFor more information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/400",
  ],
  [
    'curl-verbose-dynatrace-api-token-scheme',
    '> GET /api/v2/problems?problemSelector=status(%22open%22) HTTP/2\n> Host: {l8}.live.dynatrace.com\n> Authorization: Api-Token «dt0c01.{u24}.{u64}»\n> Accept: application/json; charset=utf-8\n< HTTP/2 200',
  ],
  [
    'curl-verbose-newrelic-api-key-header',
    '> POST /graphql HTTP/2\n> Host: api.eu.newrelic.com\n> API-Key: «NRAK-{u27}»\n> Content-Type: application/json\n< HTTP/2 200\n< x-request-id: {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'curl-verbose-jfrog-art-api-header',
    '> PUT /artifactory/libs-release-local/com/acme/core/3.2.0/core-3.2.0.jar HTTP/1.1\n> Host: acme.jfrog.io\n> X-JFrog-Art-Api: «AKCp8{a68}»\n> Content-Length: 482113\n< HTTP/1.1 201 Created',
  ],
  [
    'curl-verbose-jenkins-api-token-user-flag',
    '$ curl -v -X POST -u mkeller:«11{h32}» https://ci.acme.io/job/deploy-prod/buildWithParameters?TAG=v4.2.0\n> POST /job/deploy-prod/buildWithParameters?TAG=v4.2.0 HTTP/1.1\n> Host: ci.acme.io\n> Authorization: Basic «bWtlbGxlcjox{b44}»\n< HTTP/1.1 201 Created\n< Location: https://ci.acme.io/queue/item/88123/',
  ],
  [
    'curl-verbose-octopus-api-key-header',
    '> POST /api/Spaces-1/deployments HTTP/1.1\n> Host: deploy.acme.io\n> X-Octopus-ApiKey: «API-{U26}»\n> Content-Type: application/json\n< HTTP/1.1 201 Created',
  ],
  [
    'element-devtools-matrix-sync-bearer',
    'GET https://matrix.acme.io/_matrix/client/v3/sync?filter=0&timeout=30000&since=s{d6}_{d7}_{d4}_{d6}\nauthorization: Bearer «syt_bWtlbGxlcg_{a20}_{a6}»\naccept: application/json',
  ],
  [
    'har-databricks-pat-authorization-header',
    '"headers": [\n  { "name": "Authorization", "value": "Bearer «dapi{h32}»" },\n  { "name": "Content-Type", "value": "application/json" },\n  { "name": "User-Agent", "value": "databricks-sdk-py/0.28.0" }\n],',
  ],
  [
    'fcm-legacy-curl-verbose-key-scheme',
    '> POST /fcm/send HTTP/2\n> Host: fcm.googleapis.com\n> Authorization: key=«AAAA{B7}:APA91b{B134}»\n> Content-Type: application/json\n< HTTP/2 200\n{"multicast_id":{d19},"success":1,"failure":0}',
  ],
  [
    'docker-inspect-env-doppler-service-token',
    '            "Env": [\n                "DOPPLER_TOKEN=«dp.st.prd.{a40}»",\n                "DOPPLER_PROJECT=checkout",\n                "NODE_ENV=production"\n            ],',
  ],
  [
    'flyctl-debug-log-authorization-header',
    'DEBUG --> POST https://api.machines.dev/v1/apps/acme-edge/machines\nDEBUG     Authorization: FlyV1 «fm2_{B200}»\nDEBUG <-- 200 OK (412ms)',
  ],
  [
    'buildkite-agent-log-bearer-api',
    '2024-06-04 10:12:44 DEBUG  GET https://api.buildkite.com/v2/organizations/acme/pipelines (Authorization: Bearer «bkua_{h40}»)',
  ],
  [
    'curl-verbose-atlassian-email-api-token-flag',
    "$ curl -v -u m.keller@acme.io:«ATATT3xFfGF0{B170}={H8}» 'https://acme.atlassian.net/rest/api/3/search?jql=project=OPS'\n> GET /rest/api/3/search?jql=project=OPS HTTP/2\n> Host: acme.atlassian.net\n< HTTP/2 200\n< atl-traceid: {h16}",
  ],
];

export const BLIND51_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'curl-verbose-tls-handshake-and-request-id-only',
    '$ curl -v https://api.acme.io/healthz\n* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384 / X25519 / id-ecPublicKey\n* Server certificate:\n*  subject: CN=api.acme.io\n*  subjectAltName: host "api.acme.io" matched cert\'s "api.acme.io"\n> GET /healthz HTTP/2\n< HTTP/2 200\n< x-request-id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n< etag: "{h32}"',
  ],
  [
    'curl-verbose-angle-bracket-token-stand-in',
    '> GET /v1/me HTTP/2\n> Host: api.acme.io\n> Authorization: Bearer <token>\n> Accept: application/json\n< HTTP/2 401\n< www-authenticate: Bearer error="invalid_token", error_description="The access token is malformed"',
  ],
  [
    'curl-verbose-s3-amz-request-id-and-id-2',
    '< HTTP/1.1 200 OK\n< x-amz-id-2: {b76}=\n< x-amz-request-id: {U16}\n< Date: Tue, 04 Jun 2024 10:12:44 GMT\n< x-amz-version-id: {B32}\n< ETag: "{h32}"\n< x-amz-server-side-encryption: AES256',
  ],
  [
    'kubectl-describe-secret-byte-counts',
    '$ kubectl describe secret payments-db -n payments\nName:         payments-db\nNamespace:    payments\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  8 bytes\nhost:      22 bytes',
  ],
  [
    'kubectl-describe-pod-env-from-secret-refs',
    "    Environment:\n      DATABASE_PASSWORD:  <set to the key 'password' in secret 'payments-db'>  Optional: false\n      STRIPE_API_KEY:     <set to the key 'stripe-key' in secret 'payments-keys'>  Optional: false\n      POD_IP:              (v1:status.podIP)\n    Image ID:       ghcr.io/acme/payments@sha256:{h64}",
  ],
  [
    'aws-configure-list-masked-table',
    '$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                  staging           manual    --profile\naccess_key     ****************{U4} shared-credentials-file\nsecret_key     ****************{a4} shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config',
  ],
  [
    'npm-config-list-protected-markers',
    '$ npm config list\n; "user" config from /home/dev/.npmrc\n\n//npm.pkg.github.com/:_authToken = (protected)\n//registry.npmjs.org/:_authToken = (protected)\n@acme:registry = "https://npm.pkg.github.com"\nfund = false',
  ],
  [
    'pip-verbose-index-url-stars-masked',
    'Using pip 24.0 from /usr/lib/python3/dist-packages/pip (python 3.12)\nLooking in indexes: https://pypi.org/simple, https://ci-reader:****@nexus.acme.io/repository/pypi-all/simple\nCollecting acme-internal==4.2.0\n  Downloading https://nexus.acme.io/repository/pypi-all/packages/acme-internal/4.2.0/acme_internal-4.2.0-py3-none-any.whl (48 kB)',
  ],
  [
    'rails-log-parameters-filtered',
    'Started POST "/users/sign_in" for 10.0.4.12 at 2024-06-04 10:12:44 +0000\nProcessing by Users::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"j.novak@acme.io", "password"=>"[FILTERED]", "remember_me"=>"1"}, "commit"=>"Log in"}\nCompleted 302 Found in 212ms (ActiveRecord: 4.1ms | Allocations: 9120)',
  ],
  [
    'celery-banner-transport-double-star',
    ' -------------- celery@worker-7f9c v5.3.6 (emerald-rush)\n- ** ---------- [config]\n- ** ---------- .> app:         orders:0x7f3c9a1b2d40\n- ** ---------- .> transport:   amqp://celery:**@rabbitmq.prod.internal:5672/orders\n- ** ---------- .> results:     redis://redis.prod.internal:6379/1',
  ],
  [
    'sqlalchemy-engine-repr-triple-star',
    ">>> engine\nEngine(postgresql+psycopg://reporting:***@10.0.7.3:5432/reporting)\n>>> engine.url.render_as_string(hide_password=True)\n'postgresql+psycopg://reporting:***@10.0.7.3:5432/reporting'",
  ],
  [
    'git-curl-verbose-default-redacted-header',
    "$ GIT_CURL_VERBOSE=1 git fetch origin 2>&1 | grep -i 'send header'\n10:12:44.118851 http.c:756              => Send header: Host: github.com\n10:12:44.118860 http.c:756              => Send header: Authorization: Basic <redacted>\n10:12:44.118869 http.c:756              => Send header: User-Agent: git/2.45.1\n10:12:44.118877 http.c:756              => Send header: Git-Protocol: version=2",
  ],
  [
    'filezilla-log-pass-asterisks',
    'Status:\tConnecting to 198.51.100.23:21...\nStatus:\tConnection established, waiting for welcome message...\nCommand:\tUSER backup\nResponse:\t331 Please specify the password.\nCommand:\tPASS ******************\nResponse:\t230 Login successful.',
  ],
  [
    'python-ftplib-debug-pass-masked',
    "*cmd* 'USER exports'\n*resp* '331 Password required for exports'\n*cmd* 'PASS ************'\n*resp* '230 User exports logged in'\n*cmd* 'CWD /outbound'",
  ],
  [
    'spring-actuator-env-sanitized-values',
    '{\n  "name": "systemEnvironment",\n  "properties": {\n    "SPRING_DATASOURCE_PASSWORD": { "value": "******", "origin": "System Environment Property \\"SPRING_DATASOURCE_PASSWORD\\"" },\n    "SPRING_DATASOURCE_URL": { "value": "jdbc:postgresql://pg-primary:5432/orders", "origin": "System Environment Property \\"SPRING_DATASOURCE_URL\\"" }\n  }\n}',
  ],
  [
    'kafka-producer-config-values-hidden',
    '\tsasl.jaas.config = [hidden]\n\tsasl.kerberos.service.name = null\n\tsasl.login.callback.handler.class = null\n\tsasl.mechanism = PLAIN\n\tsecurity.protocol = SASL_SSL\n\tssl.key.password = null\n\tssl.truststore.password = null',
  ],
  [
    'har-entry-etag-initiator-pref-cookie',
    '"response": {\n  "status": 304,\n  "headers": [\n    { "name": "etag", "value": "W/\\"{h40}\\"" },\n    { "name": "x-cache", "value": "Hit from cloudfront" },\n    { "name": "x-amz-cf-id", "value": "{B56}==" }\n  ],\n  "cookies": [{ "name": "theme", "value": "dark" }]\n},\n"_initiator": { "type": "script" },',
  ],
  [
    'nginx-access-log-trace-and-pagination-only',
    '10.0.4.12 - - [04/Jun/2024:10:12:44 +0000] "GET /api/v2/orders?page=4&per_page=50&sort=-created_at HTTP/1.1" 200 48213 "https://app.acme.io/orders" "Mozilla/5.0 (X11; Linux x86_64)" traceparent=00-{h32}-{h16}-01 rt=0.118',
  ],
  [
    'alb-log-line-trace-root-and-target-group',
    'https 2024-06-04T10:12:44.118840Z app/prod-public/{h16} 203.0.113.77:51844 10.0.12.40:8080 0.001 0.214 0.000 200 200 391 5123 "GET https://api.acme.io:443/v1/quotes?symbol=ACME&range=1d HTTP/1.1" "Mozilla/5.0" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:eu-west-1:123456789012:targetgroup/quotes/{h16} "Root=1-{h8}-{h24}" "api.acme.io" "arn:aws:acm:eu-west-1:123456789012:certificate/{h8}-{h4}-4{h3}-a{h3}-{h12}"',
  ],
  [
    'envoy-json-log-request-id-upstream-cluster',
    '{"start_time":"2024-06-04T10:12:44.118Z","method":"POST","path":"/checkout.v1.Checkout/PlaceOrder","protocol":"HTTP/2","response_code":200,"grpc_status":"0","upstream_cluster":"outbound|8080||checkout.shop.svc.cluster.local","x_request_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","x_b3_traceid":"{h32}","x_b3_spanid":"{h16}","duration":41}',
  ],
  [
    'cloudfront-log-public-asset-hit',
    '2024-06-04\t10:12:44\tFRA56-P3\t18233\t203.0.113.77\tGET\td1a2b3c4e5f6g7.cloudfront.net\t/static/js/main.{h8}.js\t200\thttps://www.acme.io/\tMozilla/5.0\t-\t-\tHit\t{B56}==\twww.acme.io\thttps\t431\t0.001',
  ],
  [
    's3-presigned-url-expiry-fields-only',
    'The link in the email expires because of these params (signature and credential trimmed):\nhttps://acme-exports.s3.eu-west-1.amazonaws.com/reports/2024-06.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240604T101244Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host\nX-Amz-Expires is in seconds, so 900 = 15 minutes after X-Amz-Date.',
  ],
  [
    'public-s3-object-url-with-commit-path',
    'https://acme-public-assets.s3.eu-west-1.amazonaws.com/web/{h40}/assets/index-{h8}.js\nhttps://acme-public-assets.s3.eu-west-1.amazonaws.com/web/{h40}/assets/index-{h8}.css',
  ],
  [
    'gcs-signed-url-expiry-only-in-ticket',
    'Debug note: the GCS URL we hand out has X-Goog-Algorithm=GOOG4-RSA-SHA256, X-Goog-Date=20240604T101244Z and X-Goog-Expires=600; clients see 400 ExpiredToken after 10 minutes, so bump X-Goog-Expires to 3600.',
  ],
  [
    'set-cookie-non-secret-preferences',
    '< HTTP/2 200\n< set-cookie: theme=dark; Path=/; Max-Age=31536000; SameSite=Lax\n< set-cookie: lang=de-DE; Path=/; Max-Age=31536000; SameSite=Lax\n< set-cookie: cookie_consent=necessary:1,analytics:0,marketing:0; Path=/; Max-Age=15552000; SameSite=Lax\n< cache-control: private, max-age=0',
  ],
  [
    'copy-as-curl-analytics-cookies-no-auth',
    "curl 'https://www.acme.io/api/public/pricing?currency=EUR' \\\n  -H 'accept: application/json' \\\n  -b '_ga=GA1.1.{d10}.{d10}; _ga_{U10}=GS1.1.{d10}.3.1.{d10}.0.0.0; theme=light' \\\n  -H 'if-none-match: W/\"{h40}\"' \\\n  -H 'x-client-data: {b48}'",
  ],
  [
    'postman-collection-variable-references',
    '"auth": {\n  "type": "bearer",\n  "bearer": [{ "key": "token", "value": "{{access_token}}", "type": "string" }]\n},\n"variable": [\n  { "key": "baseUrl", "value": "https://api.acme.io" },\n  { "key": "access_token", "value": "" }\n]',
  ],
  [
    'insomnia-template-tag-env-refs',
    '"authentication": { "type": "bearer", "token": "{{ _.api_token }}", "prefix": "Bearer" },\n"headers": [\n  { "name": "X-Api-Key", "value": "{% prompt \'API key\', \'\', \'\', \'\', true, true %}" },\n  { "name": "X-Request-Id", "value": "{% uuid \'v4\' %}" }\n]',
  ],
  [
    'openapi-security-scheme-no-values',
    'components:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: opaque\n    apiKeyHeader:\n      type: apiKey\n      in: header\n      name: X-Api-Key\nsecurity:\n  - bearerAuth: []',
  ],
  [
    'graphql-log-persisted-query-hash',
    '{"level":"info","msg":"graphql","operationName":"ProductPage","variables":{"slug":"garden-hose-25m","locale":"de-DE"},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"{h64}"}},"requestId":"{h8}-{h4}-4{h3}-a{h3}-{h12}","durationMs":38}',
  ],
  [
    'websocket-handshake-key-and-accept',
    '> GET /socket HTTP/1.1\n> Host: live.acme.io\n> Upgrade: websocket\n> Connection: Upgrade\n> Sec-WebSocket-Key: {b22}==\n> Sec-WebSocket-Version: 13\n< HTTP/1.1 101 Switching Protocols\n< Sec-WebSocket-Accept: {b27}=',
  ],
  [
    'graphql-ws-frames-subscription-ids',
    '▲ {"id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","type":"subscribe","payload":{"query":"subscription { priceTicks(symbols: [\\"ACME\\"]) { symbol price } }"}}\n▼ {"id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","type":"next","payload":{"data":{"priceTicks":{"symbol":"ACME","price":41.82}}}}\n▲ {"type":"ping"}\n▼ {"type":"pong"}',
  ],
  [
    'smtp-transcript-capabilities-queue-id',
    'S: 220 smtp.gmail.com ESMTP {a12}.{d3} - gsmtp\nC: EHLO build-07\nS: 250-SIZE 35882577\nS: 250-AUTH LOGIN PLAIN XOAUTH2 PLAIN-CLIENTTOKEN OAUTHBEARER XOAUTH\nS: 250 SMTPUTF8\nC: QUIT\nS: 221 2.0.0 closing connection {a12}.{d3} - gsmtp',
  ],
  [
    'email-headers-dkim-signature-and-message-id',
    'DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=acme.io; s=google; t=1717496000; h=to:subject:message-id:date:from:mime-version:from:to:cc:subject:date:message-id:reply-to; bh={b43}=; b={b86}\n {b86}\n {b44}==\nMessage-ID: <{a20}.{d6}@mail.acme.io>',
  ],
  [
    'imap-capability-and-select-no-login',
    '* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN AUTH=XOAUTH2] Dovecot ready.\na2 SELECT INBOX\n* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\n* OK [UIDVALIDITY {d10}] UIDs valid\n* OK [UIDNEXT 48213] Predicted next UID\na2 OK [READ-WRITE] Select completed (0.001 + 0.000 secs).',
  ],
  [
    'redis-monitor-cache-keys-hashes',
    '1717496000.119012 [0 10.0.3.7:51844] "SELECT" "2"\n1717496000.119330 [2 10.0.3.7:51844] "GET" "cache:v3:product:{h64}"\n1717496000.119812 [2 10.0.3.7:51844] "SETEX" "ratelimit:{h40}" "60" "17"\n1717496000.120104 [2 10.0.3.7:51844] "EXPIRE" "lock:order:88123" "30"',
  ],
  [
    'postgres-log-role-valid-until-no-password',
    '2024-06-04 10:12:44.118 UTC [4120] postgres@app LOG:  statement: ALTER ROLE reporting VALID UNTIL \'2025-06-01\';\n2024-06-04 10:12:44.201 UTC [4120] postgres@app LOG:  statement: GRANT pg_read_all_data TO reporting;\n2024-06-04 10:12:44.309 UTC [4133] reporting@app FATAL:  password authentication failed for user "reporting"',
  ],
  [
    'mysql-general-log-connect-and-select',
    "2024-06-04T10:12:44.118840Z\t   41 Connect\tmetabase@10.0.4.12 on analytics using SSL/TLS\n2024-06-04T10:12:44.120012Z\t   41 Query\tSET NAMES utf8mb4\n2024-06-04T10:12:44.121330Z\t   41 Query\tSELECT id, sha2(email, 256) AS email_hash FROM users WHERE created_at > '2024-06-01'",
  ],
  [
    'printenv-no-secret-vars-container',
    '$ printenv | sort\nGIT_COMMIT={h40}\nHOME=/home/node\nHOSTNAME={h12}\nKUBERNETES_SERVICE_HOST=10.96.0.1\nNODE_VERSION=20.12.2\nPATH=/usr/local/bin:/usr/bin:/bin\nYARN_VERSION=1.22.19',
  ],
  [
    'env-grep-token-empty-and-tokenizer',
    '$ env | grep -i token\nGITHUB_TOKEN=\nTOKENIZERS_PARALLELISM=false\nHF_HUB_DISABLE_TELEMETRY=1\nMAX_TOKENS=4096',
  ],
  [
    'git-config-list-signingkey-and-helper',
    '$ git config --list\nuser.name=Mara Keller\nuser.email=m.keller@acme.io\nuser.signingkey={H16}\ncommit.gpgsign=true\ncredential.helper=osxkeychain\nremote.origin.url=git@github.com:acme/infra.git\nbranch.main.remote=origin',
  ],
  [
    'gh-auth-status-masked-token',
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account mkeller (keyring)\n  - Active account: true\n  - Git operations protocol: ssh\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'aws-sts-get-caller-identity-ids',
    '$ aws sts get-caller-identity\n{\n    "UserId": "AROA{U17}:botocore-session-1717496000",\n    "Account": "123456789012",\n    "Arn": "arn:aws:sts::123456789012:assumed-role/deployer/botocore-session-1717496000"\n}',
  ],
  [
    'gcloud-auth-list-and-config',
    "$ gcloud auth list\n       Credentialed Accounts\nACTIVE  ACCOUNT\n*       m.keller@acme.io\n        etl-runner@acme-data-prod.iam.gserviceaccount.com\n$ gcloud config list --format='value(core.project)'\nacme-data-prod",
  ],
  [
    'vault-status-cluster-ids',
    '$ vault status\nKey                     Value\n---                     -----\nSeal Type               awskms\nInitialized             true\nSealed                  false\nVersion                 1.16.2\nCluster Name            vault-cluster-{h8}\nCluster ID              {h8}-{h4}-4{h3}-a{h3}-{h12}\nHA Mode                 active',
  ],
  [
    'vault-secrets-list-mount-accessors',
    '$ vault secrets list\nPath          Type         Accessor              Description\n----          ----         --------              -----------\ncubbyhole/    cubbyhole    cubbyhole_{h8}        per-token private secret storage\ndatabase/     database     database_{h8}         n/a\nsecret/       kv           kv_{h8}               key/value secret storage\nsys/          system       system_{h8}           system endpoints used for control, policy and debugging',
  ],
  [
    'docker-images-digests-listing',
    '$ docker images --digests ghcr.io/acme/api\nREPOSITORY         TAG       DIGEST                                                                    IMAGE ID       CREATED        SIZE\nghcr.io/acme/api   4.2.0     sha256:{h64}   {h12}   2 days ago     188MB\nghcr.io/acme/api   4.1.3     sha256:{h64}   {h12}   9 days ago     187MB',
  ],
  [
    'docker-inspect-env-non-secret-and-image-id',
    '        "Image": "sha256:{h64}",\n        "Config": {\n            "Env": [\n                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n                "NGINX_VERSION=1.27.0",\n                "NJS_VERSION=0.8.4",\n                "PKG_RELEASE=1~bookworm"\n            ],\n        "RepoDigests": ["nginx@sha256:{h64}"]',
  ],
  [
    'kube-root-ca-configmap-public-cert',
    '$ kubectl get configmap kube-root-ca.crt -o yaml | head -6\napiVersion: v1\ndata:\n  ca.crt: |\n    -----BEGIN CERTIFICATE-----\n    MIIC{b60}\n    {b64}',
  ],
  [
    'kubectl-get-secrets-table-only',
    '$ kubectl get secrets -n payments\nNAME                  TYPE                             DATA   AGE\npayments-db           Opaque                           3      41d\npayments-keys         Opaque                           2      41d\nghcr-pull             kubernetes.io/dockerconfigjson   1      120d\nsh.helm.release.v1.payments.v17   helm.sh/release.v1   1      2d',
  ],
  [
    'okhttp-redact-header-block-chars',
    'I/okhttp.OkHttpClient: --> GET https://api.acme-fleet.io/v2/vehicles?active=true\nI/okhttp.OkHttpClient: Authorization: ██\nI/okhttp.OkHttpClient: X-App-Version: 5.12.0 (5120)\nI/okhttp.OkHttpClient: --> END GET\nI/okhttp.OkHttpClient: <-- 200 https://api.acme-fleet.io/v2/vehicles?active=true (231ms)',
  ],
  [
    'axios-error-bearer-undefined',
    "  config: {\n    method: 'get',\n    url: 'https://api.acme-crm.com/v2/leads?limit=50',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer undefined',\n      'User-Agent': 'axios/1.7.2'",
  ],
  [
    'python-http-client-send-bearer-none',
    "send: b'GET /v1/models HTTP/1.1\\r\\nHost: api.acme-ml.io\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAuthorization: Bearer None\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 401 Unauthorized\\r\\n'\nheader: x-request-id: {h32}",
  ],
  [
    'trace-context-headers-dump',
    'traceparent: 00-{h32}-{h16}-01\ntracestate: dd=s:1;t.dm:-0,rojo=00f067aa0ba902b7\nx-b3-traceid: {h32}\nx-b3-spanid: {h16}\nx-datadog-trace-id: {d19}\nx-datadog-parent-id: {d19}',
  ],
  [
    'sentry-auth-header-public-dsn-key',
    'POST /api/4507123/envelope/ HTTP/1.1\nHost: o{d6}.ingest.de.sentry.io\nX-Sentry-Auth: Sentry sentry_version=7, sentry_client=sentry.javascript.react/8.7.0, sentry_key={h32}\nContent-Type: text/plain;charset=UTF-8',
  ],
  [
    'stripe-js-publishable-key-form-body',
    'POST https://api.stripe.com/v1/payment_methods\ncontent-type: application/x-www-form-urlencoded\nbody: type=card&billing_details[address][postal_code]=80331&guid={h8}-{h4}-4{h3}-a{h3}-{h12}&muid={h8}-{h4}-4{h3}-b{h3}-{h12}&key=pk_live_{a99}&payment_user_agent=stripe.js%2F{h10}',
  ],
  [
    'content-digest-and-md5-headers',
    '< HTTP/1.1 200 OK\n< Content-Type: application/octet-stream\n< Content-Length: 482113\n< Content-Digest: sha-256=:{b43}=:\n< Content-MD5: {b22}==\n< x-goog-hash: crc32c={b6}==,md5={b22}==\n< x-goog-generation: {d16}',
  ],
  [
    'digest-auth-server-challenge-only',
    '< HTTP/1.1 401 Unauthorized\n< WWW-Authenticate: Digest realm="IP Camera(C6241)", qop="auth", nonce="{h32}", opaque="{h32}", algorithm=MD5, stale=FALSE\n< Content-Length: 0',
  ],
  [
    'docker-registry-bearer-challenge',
    '< HTTP/1.1 401 Unauthorized\n< www-authenticate: Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/nginx:pull"\n< docker-distribution-api-version: registry/2.0\n< docker-content-digest: sha256:{h64}',
  ],
  [
    'oauth-authorize-redirect-state-pkce-challenge',
    '302 Location: https://login.acme.io/oauth2/authorize?response_type=code&client_id={l20}&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fcallback&scope=openid%20profile%20email&state={B43}&code_challenge={B43}&code_challenge_method=S256&nonce={B22}',
  ],
  [
    'gha-cache-restore-key-log',
    'Run actions/cache@v4\nCache restored from key: node-modules-Linux-{h64}\nReceived 188743680 of 188743680 (100.0%), 91.2 MBs/sec\nCache Size: ~180 MB (188743680 B)\nPost job cleanup: cache hit occurred on the primary key node-modules-Linux-{h64}, not saving cache.',
  ],
  [
    'ci-log-checkout-commit-shas',
    'Syncing repository: acme/infra\n/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +{h40}:refs/remotes/origin/main\nHEAD is now at {h7} chore: bump terraform-aws-modules/eks to 20.13.1\nMerge base: {h40}',
  ],
  [
    'ssh-verbose-host-key-fingerprints',
    'debug1: Server host key: ssh-ed25519 SHA256:{b43}\ndebug1: Host \'github.com\' is known and matches the ED25519 host key.\ndebug1: Offering public key: /home/dev/.ssh/id_ed25519 ED25519 SHA256:{b43} agent\ndebug1: Server accepts key: /home/dev/.ssh/id_ed25519 ED25519 SHA256:{b43} agent\nAuthenticated to github.com ([140.82.121.3]:22) using "publickey".',
  ],
  [
    'authorized-keys-public-ed25519',
    '$ cat ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} mkeller@laptop\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ci-deploy@acme',
  ],
  [
    'json-log-masked-authorization-and-password',
    '{"level":"debug","msg":"outgoing request","method":"POST","url":"https://api.acme-payments.eu/v1/payouts","headers":{"authorization":"Bearer ***","x-api-key":"[MASKED]","idempotency-key":"{h8}-{h4}-4{h3}-a{h3}-{h12}"},"body":{"amount":4200,"currency":"EUR"}}',
  ],
  [
    'gha-log-secrets-star-masked',
    '2024-06-04T10:12:44.1184510Z + curl -sS -X POST https://api.acme-cdn.net/v1/purge -H \'X-Purge-Token: ***\' -d \'{"paths":["/*"]}\'\n2024-06-04T10:12:44.5120093Z {"status":"queued","id":"prg_{l16}"}\n2024-06-04T10:12:44.5131120Z ##[endgroup]',
  ],
  [
    'github-webhook-delivery-headers-signature',
    'Request headers\nX-GitHub-Delivery: {h8}-{h4}-11ef-{h4}-{h12}\nX-GitHub-Event: pull_request\nX-GitHub-Hook-ID: 481220193\nX-Hub-Signature-256: sha256={h64}\nUser-Agent: GitHub-Hookshot/{h7}',
  ],
  [
    'idempotency-and-correlation-ids-request',
    'POST /v1/payouts HTTP/1.1\nHost: api.acme-payments.eu\nIdempotency-Key: {h8}-{h4}-4{h3}-a{h3}-{h12}\nX-Correlation-Id: {h8}-{h4}-4{h3}-b{h3}-{h12}\nContent-Type: application/json\nContent-Length: 41',
  ],
  [
    'csp-header-nonce-and-sri',
    "< content-security-policy: default-src 'self'; script-src 'self' 'nonce-{b22}==' 'strict-dynamic'; object-src 'none'; base-uri 'none'\n<script nonce=\"{b22}==\" src=\"/static/app.{h8}.js\" integrity=\"sha384-{b64}\" crossorigin=\"anonymous\"></script>",
  ],
  [
    'npm-verbose-fetch-integrity-log',
    'npm http fetch GET 200 https://registry.npmjs.org/react 57ms (cache revalidated)\nnpm http fetch GET 200 https://registry.npmjs.org/react/-/react-18.3.1.tgz 12ms (cache hit)\nnpm verbose reify failed optional dependency /app/node_modules/fsevents\n"integrity": "sha512-{b86}=="',
  ],
  [
    'maven-effective-settings-masked-password',
    "$ mvn help:effective-settings | sed -n '12,17p'\n    <server>\n      <username>deployer</username>\n      <password>***</password>\n      <id>acme-releases</id>\n    </server>",
  ],
  [
    'twine-upload-verbose-hidden-password',
    '$ twine upload --verbose dist/*\nUploading distributions to https://upload.pypi.org/legacy/\n  INFO     dist/acme_client-4.2.0-py3-none-any.whl (48.2 KB)\n  INFO     username set by command options\n  INFO     password set from environment variable\n  INFO     username: __token__\n  INFO     password: <hidden>',
  ],
  [
    'gradle-build-scan-link-and-cache-key',
    "BUILD SUCCESSFUL in 1m 12s\n48 actionable tasks: 12 executed, 36 from cache\nPublishing build scan...\nhttps://gradle.com/s/{l13}\nBuild cache key for task ':app:compileKotlin' is {h32}",
  ],
  [
    'docker-login-succeeded-credential-store-note',
    '$ aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin 123456789012.dkr.ecr.eu-west-1.amazonaws.com\nWARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\nConfigure a credential helper to remove this warning. See\nhttps://docs.docker.com/engine/reference/commandline/login/#credential-stores\n\nLogin Succeeded',
  ],
  [
    'curl-command-with-env-var-refs',
    'curl -v -H "Authorization: Bearer $ACME_TOKEN" -H "X-Api-Key: ${ACME_API_KEY:?unset}" \\\n  "https://api.acme.io/v1/reports?from=2024-06-01&to=2024-06-04"',
  ],
  [
    'powershell-invoke-webrequest-secure-string',
    "$token = Get-Secret -Name AcmeApiToken -AsPlainText\n$headers = @{ Authorization = \"Bearer $token\"; 'X-Request-Id' = [guid]::NewGuid().ToString() }\nInvoke-RestMethod -Uri 'https://api.acme.io/v1/me' -Headers $headers",
  ],
  [
    'har-query-string-nonsecret-params',
    '"queryString": [\n  { "name": "utm_source", "value": "newsletter" },\n  { "name": "utm_campaign", "value": "summer-2024" },\n  { "name": "ref", "value": "{h7}" },\n  { "name": "cb", "value": "{d13}" }\n],',
  ],
  [
    'vault-kv-metadata-versions',
    '$ vault kv metadata get -mount=secret payments/prod\n======== Metadata Path ========\nsecret/metadata/payments/prod\n\n========== Metadata ==========\nKey                     Value\n---                     -----\ncas_required            false\ncreated_time            2024-01-15T10:30:45.118840Z\ncurrent_version         7',
  ],
  [
    'phoenix-socket-heartbeat-frames',
    '["1","5","phoenix","heartbeat",{}]\n["1","5","phoenix","phx_reply",{"status":"ok","response":{}}]\n["3","6","room:lobby","presence_diff",{"joins":{},"leaves":{"{h8}-{h4}-4{h3}-a{h3}-{h12}":{"metas":[{"phx_ref":"{B11}"}]}}}]',
  ],
  [
    'connection-string-template-docs-angle-brackets',
    'Connection string format (fill in from the portal):\nServer=tcp:<server>.database.windows.net,1433;Initial Catalog=<db>;User ID=<user>;Password=<password>;Encrypt=True;\nRedis: <host>:6380,password=<access-key>,ssl=True,abortConnect=False',
  ],
  [
    'psql-password-prompt-transcript',
    '$ psql -h warehouse.internal -U analyst -d dwh -W\nPassword: \npsql (16.3, server 16.2)\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)\ndwh=> \\password analyst\nEnter new password for user "analyst": \nEnter it again: ',
  ],
  [
    'aws-sigv4-doc-credential-scope-no-signature',
    'The Credential part of a SigV4 header is <access key id>/<date>/<region>/<service>/aws4_request, ours was 20240604/eu-west-1/s3/aws4_request with SignedHeaders=host;x-amz-content-sha256;x-amz-date. The SignatureDoesNotMatch error means the string-to-sign hash ({h64}) differs.',
  ],
  [
    'jupyter-server-list-no-token',
    '$ jupyter server list\nCurrently running servers:\nhttp://127.0.0.1:8888/ :: /home/dev/notebooks\n[I 2024-06-04 10:12:44.118 ServerApp] Jupyter Server 2.14.1 is running at: http://127.0.0.1:8888/lab',
  ],
  [
    'etag-if-none-match-304-exchange',
    '> GET /v1/catalog/products?page=1 HTTP/2\n> if-none-match: "{h40}"\n> if-modified-since: Tue, 04 Jun 2024 09:00:00 GMT\n< HTTP/2 304\n< etag: "{h40}"\n< x-cache-key: catalog:v2:{h32}\n< age: 118',
  ],
];
