/** A seventieth held-out batch, written blind: credentials leaked into test fixtures, recorded HTTP traffic (VCR, Polly, nock, WireMock, Pact) and API-client exports (Postman, Insomnia, Bruno, .http files), with look-alikes from the same contexts holding only filtered headers, variables, dev defaults and ids. */
export const BLIND70_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'fx70-vcrpy-cassette-request-bearer-openai-project-key',
    'interactions:\n- request:\n    body: \'{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "ping"}]}\'\n    headers:\n      Authorization:\n      - Bearer «sk-proj-{B48}T3BlbkFJ{B48}»\n      Content-Type:\n      - application/json\n    method: POST\n    uri: https://api.openai.com/v1/chat/completions',
  ],
  [
    'fx70-vcrpy-cassette-form-body-client-secret',
    '- request:\n    body: grant_type=client_credentials&client_id=billing-sync&client_secret=«{a40}»&scope=invoices.read\n    headers:\n      Content-Type:\n      - application/x-www-form-urlencoded\n    method: POST\n    uri: https://auth.acme-pay.io/oauth2/token',
  ],
  [
    'fx70-vcrpy-cassette-response-access-and-refresh-token',
    '  response:\n    body:\n      string: \'{"access_token": "«{B64}»", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "«{B48}»", "scope": "read write"}\'\n    headers:\n      Content-Type:\n      - application/json; charset=utf-8\n    status:\n      code: 200\n      message: OK',
  ],
  [
    'fx70-vcrpy-cassette-query-string-api-key',
    '- request:\n    body: null\n    headers:\n      User-Agent:\n      - python-requests/2.31.0\n    method: GET\n    uri: https://api.openweathermap.org/data/2.5/weather?q=Lisbon&units=metric&appid=«{h32}»',
  ],
  [
    'fx70-vcrpy-cassette-anthropic-x-api-key-header',
    "    headers:\n      anthropic-version:\n      - '2023-06-01'\n      x-api-key:\n      - «sk-ant-api03-{B93}AA»\n      content-type:\n      - application/json\n    method: POST\n    uri: https://api.anthropic.com/v1/messages",
  ],
  [
    'fx70-vcrpy-cassette-github-token-header-lowercase',
    '- request:\n    body: null\n    headers:\n      Accept:\n      - application/vnd.github+json\n      authorization:\n      - token «ghp_{a36}»\n    method: GET\n    uri: https://api.github.com/repos/acme/widgets/pulls?state=open',
  ],
  [
    'fx70-vcrpy-cassette-basic-auth-header-jira',
    '    headers:\n      Authorization:\n      - Basic «{b56}»\n      Accept:\n      - application/json\n    method: GET\n    uri: https://acme.atlassian.net/rest/api/3/search?jql=project%3DOPS',
  ],
  [
    'fx70-vcrpy-cassette-set-cookie-session-response',
    '  response:\n    headers:\n      Set-Cookie:\n      - sessionid=«{l32}»; expires=Tue, 18 Jun 2024 09:14:03 GMT; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax\n      - csrftoken={a32}; expires=Tue, 10 Jun 2025 09:14:03 GMT; Max-Age=31449600; Path=/; SameSite=Lax\n    status:\n      code: 302',
  ],
  [
    'fx70-vcrpy-cassette-sendgrid-bearer',
    'interactions:\n- request:\n    body: \'{"personalizations": [{"to": [{"email": "qa@acme.io"}]}], "from": {"email": "noreply@acme.io"}, "subject": "Receipt"}\'\n    headers:\n      Authorization:\n      - Bearer «SG.{B22}.{B43}»\n    method: POST\n    uri: https://api.sendgrid.com/v3/mail/send',
  ],
  [
    'fx70-vcrpy-cassette-aws-sigv4-with-session-token',
    '    headers:\n      Authorization:\n      - AWS4-HMAC-SHA256 Credential=ASIA{c16}/20240611/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature={h64}\n      X-Amz-Date:\n      - 20240611T101522Z\n      X-Amz-Security-Token:\n      - «IQoJb3JpZ2luX2VjE{b240}»',
  ],
  [
    'fx70-ruby-vcr-cassette-stripe-live-secret-basic',
    "---\nhttp_interactions:\n- request:\n    method: post\n    uri: https://api.stripe.com/v1/payment_intents\n    body:\n      encoding: UTF-8\n      string: amount=2500&currency=eur&customer=cus_{a14}\n    headers:\n      Authorization:\n      - Bearer «sk_live_{a99}»\n      Stripe-Version:\n      - '2024-04-10'",
  ],
  [
    'fx70-ruby-vcr-cassette-response-client-secret-payment-intent',
    '  response:\n    status:\n      code: 200\n      message: OK\n    body:\n      encoding: UTF-8\n      string: \'{"id": "pi_{a24}", "object": "payment_intent", "amount": 2500, "client_secret": "«pi_{a24}_secret_{a25}»", "status": "requires_payment_method"}\'',
  ],
  [
    'fx70-ruby-vcr-cassette-shopify-access-token-header',
    '- request:\n    method: get\n    uri: https://acme-outlet.myshopify.com/admin/api/2024-04/orders.json?status=any&limit=50\n    headers:\n      X-Shopify-Access-Token:\n      - «shpat_{h32}»\n      Accept:\n      - application/json\n  recorded_at: Mon, 10 Jun 2024 08:01:44 GMT',
  ],
  [
    'fx70-ruby-vcr-cassette-twilio-basic-auth-in-uri',
    '- request:\n    method: post\n    uri: https://AC{h32}:«{h32}»@api.twilio.com/2010-04-01/Accounts/AC{h32}/Messages.json\n    body:\n      encoding: US-ASCII\n      string: To=%2B15005550006&From=%2B15005550001&Body=Your+code+is+481516',
  ],
  [
    'fx70-ruby-vcr-cassette-slack-bot-token-form-body',
    '- request:\n    method: post\n    uri: https://slack.com/api/chat.postMessage\n    body:\n      encoding: UTF-8\n      string: token=«xoxb-{d12}-{d13}-{a24}»&channel=C{u10}&text=Deploy+finished\n    headers:\n      Content-Type:\n      - application/x-www-form-urlencoded',
  ],
  [
    'fx70-ruby-vcr-cassette-mailgun-basic-api-user',
    '    uri: https://api:«key-{h32}»@api.mailgun.net/v3/mg.acme.io/messages\n    body:\n      encoding: UTF-8\n      string: from=Acme+%3Cnoreply%40mg.acme.io%3E&to=ops%40acme.io&subject=Nightly+report',
  ],
  [
    'fx70-ruby-vcr-cassette-google-refresh-token-exchange',
    '- request:\n    method: post\n    uri: https://oauth2.googleapis.com/token\n    body:\n      encoding: ASCII-8BIT\n      string: client_id={d12}-{l32}.apps.googleusercontent.com&client_secret=«GOCSPX-{B28}»&grant_type=refresh_token&refresh_token=«1//0{B101}»',
  ],
  [
    'fx70-ruby-vcr-cassette-response-ya29-access-token',
    '  response:\n    status:\n      code: 200\n    body:\n      encoding: UTF-8\n      string: |-\n        {\n          "access_token": "«ya29.a0A{B150}»",\n          "expires_in": 3599,\n          "scope": "https://www.googleapis.com/auth/drive.readonly",\n          "token_type": "Bearer"\n        }',
  ],
  [
    'fx70-betamax-json-cassette-gitlab-private-token-header',
    '{"http_interactions": [{"request": {"body": {"encoding": "utf-8", "string": ""}, "headers": {"PRIVATE-TOKEN": ["«glpat-{B20}»"], "Accept": ["application/json"]}, "method": "GET", "uri": "https://gitlab.acme.io/api/v4/projects/412/pipelines?ref=main"}, "recorded_at": "2024-06-11T07:20:33"}], "recorded_with": "betamax/0.9.0"}',
  ],
  [
    'fx70-betamax-json-cassette-reddit-password-grant-body',
    '"request": {\n  "body": {"encoding": "utf-8", "string": "grant_type=password&username=acme_modbot&password=«{a20}»"},\n  "headers": {"Authorization": ["Basic «{b40}»"], "User-Agent": ["praw:acme-modbot:v2.1"]},\n  "method": "POST",\n  "uri": "https://www.reddit.com/api/v1/access_token"\n}',
  ],
  [
    'fx70-betamax-json-cassette-response-oauth-token-body',
    '"response": {\n  "body": {"encoding": "UTF-8", "string": "{\\"access_token\\": \\"«{d8}-{B30}»\\", \\"token_type\\": \\"bearer\\", \\"expires_in\\": 86400, \\"scope\\": \\"*\\"}"},\n  "headers": {"content-type": ["application/json; charset=UTF-8"]},\n  "status": {"code": 200, "message": "OK"}\n}',
  ],
  [
    'fx70-betamax-java-tape-authorization-header',
    '!tape\nname: crm_contacts_list\ninteractions:\n- recorded: 2024-06-03T14:22:10.118Z\n  request:\n    method: GET\n    uri: https://api.hubapi.com/crm/v3/objects/contacts?limit=10\n    headers:\n      Authorization: Bearer «pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'fx70-pollyjs-har-request-authorization-header',
    '"request": {\n  "bodySize": 0,\n  "cookies": [],\n  "headers": [\n    { "_fromType": "array", "name": "authorization", "value": "Bearer «{B40}»" },\n    { "_fromType": "array", "name": "accept", "value": "application/json" }\n  ],\n  "method": "GET",\n  "url": "https://api.linear.app/graphql"\n}',
  ],
  [
    'fx70-pollyjs-har-linear-api-key-header',
    '"headers": [\n  { "name": "authorization", "value": "«lin_api_{a40}»" },\n  { "name": "content-type", "value": "application/json" }\n],\n"method": "POST",\n"postData": { "mimeType": "application/json", "text": "{\\"query\\":\\"{ viewer { id name } }\\"}" },\n"url": "https://api.linear.app/graphql"',
  ],
  [
    'fx70-pollyjs-har-response-content-text-token',
    '"response": {\n  "content": {\n    "mimeType": "application/json; charset=utf-8",\n    "size": 212,\n    "text": "{\\"token\\":\\"«{a48}»\\",\\"expires_at\\":\\"2024-07-01T00:00:00Z\\",\\"user\\":{\\"id\\":4411}}"\n  },\n  "status": 201\n}',
  ],
  [
    'fx70-pollyjs-har-cookie-array-session',
    '"cookies": [\n  { "name": "_gh_sess", "value": "«{b120}»", "path": "/", "httpOnly": true, "secure": true },\n  { "name": "logged_in", "value": "yes", "path": "/" }\n],',
  ],
  [
    'fx70-pollyjs-har-query-string-token-param',
    '"queryString": [\n  { "name": "per_page", "value": "100" },\n  { "name": "access_token", "value": "«{h40}»" }\n],\n"url": "https://api.acme-crm.io/v2/deals?per_page=100&access_token=…"',
  ],
  [
    'fx70-pollyjs-har-post-data-params-password',
    '"postData": {\n  "mimeType": "application/x-www-form-urlencoded",\n  "params": [\n    { "name": "username", "value": "svc-e2e@acme.io" },\n    { "name": "password", "value": "«{a18}»" }\n  ]\n}',
  ],
  [
    'fx70-nock-recorder-output-reqheaders-bearer',
    "nock('https://api.notion.com:443', { encodedQueryParams: true, reqheaders: { authorization: 'Bearer «secret_{a43}»' } })\n  .post('/v1/databases/{h32}/query', { page_size: 50 })\n  .reply(200, { object: 'list', results: [], has_more: false });",
  ],
  [
    'fx70-nock-back-fixture-json-headers-token',
    '[\n  {\n    "scope": "https://api.airtable.com:443",\n    "method": "GET",\n    "path": "/v0/app{a14}/Orders?maxRecords=20",\n    "reqheaders": { "authorization": "Bearer «pat{a14}.{h64}»" },\n    "status": 200,\n    "response": { "records": [] }\n  }\n]',
  ],
  [
    'fx70-nock-fixture-response-body-refresh-token',
    "nock('https://login.acme-idp.com')\n  .post('/oauth/token')\n  .reply(200, {\n    access_token: '«{B43}»',\n    refresh_token: '«{B43}»',\n    expires_in: 900,\n  });",
  ],
  [
    'fx70-nock-fixture-query-key-maps',
    "nock('https://maps.googleapis.com')\n  .get('/maps/api/geocode/json')\n  .query({ address: '1600 Amphitheatre Pkwy', key: '«AIza{B35}»' })\n  .replyWithFile(200, __dirname + '/fixtures/geocode.json');",
  ],
  [
    'fx70-nock-back-recorded-discord-bot-token',
    '{\n  "scope": "https://discord.com:443",\n  "method": "POST",\n  "path": "/api/v10/channels/{d18}/messages",\n  "body": { "content": "build green" },\n  "reqheaders": { "authorization": "Bot «{B24}.{B6}.{B38}»" },\n  "status": 200\n}',
  ],
  [
    'fx70-nock-recorder-basic-auth-option',
    "nock('https://registry.acme.dev', { reqheaders: { 'content-type': 'application/json' } })\n  .basicAuth({ user: 'ci-publisher', pass: '«{a24}»' })\n  .put('/-/package/@acme%2fui/dist-tags/latest')\n  .reply(200);",
  ],
  [
    'fx70-nock-recorded-telegram-bot-path',
    "nock('https://api.telegram.org:443', { encodedQueryParams: true })\n  .post('/bot«{d10}:AA{B33}»/sendMessage', { chat_id: -1001234567890, text: 'deploy ok' })\n  .reply(200, { ok: true, result: { message_id: 88 } });",
  ],
  [
    'fx70-nock-defined-headers-cloudflare-token',
    "const scope = nock('https://api.cloudflare.com/client/v4')\n  .matchHeader('Authorization', 'Bearer «{B40}»')\n  .get('/zones/{h32}/dns_records')\n  .reply(200, require('./fixtures/dns-records.json'));",
  ],
  [
    'fx70-wiremock-mapping-equal-to-authorization',
    '{\n  "request": {\n    "method": "GET",\n    "urlPath": "/v1/accounts",\n    "headers": {\n      "Authorization": { "equalTo": "Bearer «{a40}»" }\n    }\n  },\n  "response": { "status": 200, "bodyFileName": "accounts.json" }\n}',
  ],
  [
    'fx70-wiremock-mapping-response-jwt-body',
    '{\n  "request": { "method": "POST", "url": "/realms/acme/protocol/openid-connect/token" },\n  "response": {\n    "status": 200,\n    "jsonBody": {\n      "access_token": "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B160}.{B342}»",\n      "token_type": "Bearer",\n      "expires_in": 300\n    }\n  }\n}',
  ],
  [
    'fx70-wiremock-mapping-body-patterns-client-secret',
    '"request": {\n  "method": "POST",\n  "urlPath": "/oauth2/v2.0/token",\n  "bodyPatterns": [\n    { "contains": "client_id={h8}-{h4}-{h4}-{h4}-{h12}" },\n    { "contains": "client_secret=«{a3}8Q~{B34}»" }\n  ]\n}',
  ],
  [
    'fx70-wiremock-java-stub-with-header-api-key',
    'stubFor(get(urlPathEqualTo("/v3/rates"))\n    .withHeader("X-Api-Key", equalTo("«{a32}»"))\n    .willReturn(okJson("{\\"base\\":\\"EUR\\",\\"rates\\":{\\"USD\\":1.08}}")));',
  ],
  [
    'fx70-wiremock-mapping-query-parameters-token',
    '"request": {\n  "method": "GET",\n  "urlPath": "/export/csv",\n  "queryParameters": {\n    "token": { "equalTo": "«{l40}»" },\n    "from": { "matches": "\\\\d{4}-\\\\d{2}-\\\\d{2}" }\n  }\n}',
  ],
  [
    'fx70-wiremock-kotlin-dsl-basic-auth',
    'wireMock.stubFor(\n    post("/api/v2/ingest")\n        .withBasicAuth("ingest-bot", "«{a22}»")\n        .willReturn(aResponse().withStatus(202))\n)',
  ],
  [
    'fx70-mockserver-expectation-header-values-token',
    '{\n  "httpRequest": {\n    "method": "GET",\n    "path": "/api/v1/customers",\n    "headers": { "Authorization": ["Bearer «{B48}»"] }\n  },\n  "httpResponse": { "statusCode": 200, "body": { "type": "JSON", "json": "[]" } }\n}',
  ],
  [
    'fx70-mockserver-java-expectation-with-cookie',
    'mockServer.when(\n    request().withPath("/dashboard").withCookie("SESSION", "«{B48}»")\n).respond(\n    response().withStatusCode(200).withBody("{\\"widgets\\":[]}")\n);',
  ],
  [
    'fx70-mockserver-initializer-json-response-api-key',
    '[\n  {\n    "httpRequest": { "path": "/provision" },\n    "httpResponse": {\n      "body": { "tenant": "qa-eu", "apiKey": "«{a32}»", "apiSecret": "«{a64}»" }\n    }\n  }\n]',
  ],
  [
    'fx70-mockserver-expectation-query-string-sig',
    '"httpRequest": {\n  "method": "GET",\n  "path": "/hooks/inbound",\n  "queryStringParameters": { "secret": ["«{h48}»"] }\n}',
  ],
  [
    'fx70-pact-contract-request-header-bearer',
    '"interactions": [\n  {\n    "description": "a request for order 42",\n    "providerState": "order 42 exists",\n    "request": {\n      "method": "GET",\n      "path": "/orders/42",\n      "headers": { "Authorization": "Bearer «{B64}»" }\n    },\n    "response": { "status": 200 }\n  }\n]',
  ],
  [
    'fx70-pact-v3-contract-response-api-token',
    '"response": {\n  "status": 201,\n  "headers": { "Content-Type": "application/json" },\n  "body": { "clientId": "mobile-ios", "clientSecret": "«{a48}»", "createdAt": "2024-05-30T10:00:00Z" }\n}',
  ],
  [
    'fx70-pact-js-consumer-test-with-header',
    "provider\n  .given('user 7 exists')\n  .uponReceiving('a request for user 7')\n  .withRequest({\n    method: 'GET',\n    path: '/users/7',\n    headers: { 'X-Auth-Token': '«{h64}»' },\n  })\n  .willRespondWith({ status: 200, body: like({ id: 7 }) });",
  ],
  [
    'fx70-pact-broker-token-in-publish-command',
    '$ pact-broker publish ./pacts --consumer-app-version $(git rev-parse --short HEAD) \\\n    --broker-base-url https://acme.pactflow.io \\\n    --broker-token «{B22}»\nPublishing web-app/orders-api pact to pact broker at https://acme.pactflow.io',
  ],
  [
    'fx70-pact-contract-matcher-example-still-real-token',
    '"headers": {\n  "Authorization": "Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B96}.{B43}»"\n},\n"matchingRules": {\n  "header": { "Authorization": { "matchers": [{ "match": "regex", "regex": "^Bearer .+$" }] } }\n}',
  ],
  [
    'fx70-postman-collection-auth-bearer-value',
    '"auth": {\n  "type": "bearer",\n  "bearer": [\n    { "key": "token", "value": "«{a40}»", "type": "string" }\n  ]\n},',
  ],
  [
    'fx70-postman-collection-auth-basic-password',
    '"auth": {\n  "type": "basic",\n  "basic": [\n    { "key": "password", "value": "«{a20}»", "type": "string" },\n    { "key": "username", "value": "integrations@acme.io", "type": "string" }\n  ]\n}',
  ],
  [
    'fx70-postman-collection-auth-apikey-value',
    '"auth": {\n  "type": "apikey",\n  "apikey": [\n    { "key": "value", "value": "«{h40}»", "type": "string" },\n    { "key": "key", "value": "X-API-Key", "type": "string" },\n    { "key": "in", "value": "header", "type": "string" }\n  ]\n}',
  ],
  [
    'fx70-postman-collection-auth-oauth2-client-secret',
    '"auth": {\n  "type": "oauth2",\n  "oauth2": [\n    { "key": "clientSecret", "value": "«{B43}»", "type": "string" },\n    { "key": "clientId", "value": "{a22}", "type": "string" },\n    { "key": "accessTokenUrl", "value": "https://id.acme.io/oauth/token", "type": "string" },\n    { "key": "grant_type", "value": "client_credentials", "type": "string" }\n  ]\n}',
  ],
  [
    'fx70-postman-collection-auth-oauth2-cached-access-token',
    '"oauth2": [\n  { "key": "accessToken", "value": "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B180}.{B342}»", "type": "string" },\n  { "key": "tokenType", "value": "Bearer", "type": "string" },\n  { "key": "addTokenTo", "value": "header", "type": "string" }\n]',
  ],
  [
    'fx70-postman-collection-auth-awsv4-secret-key',
    '"auth": {\n  "type": "awsv4",\n  "awsv4": [\n    { "key": "secretKey", "value": "«{b40}»", "type": "string" },\n    { "key": "accessKey", "value": "AKIA{c16}", "type": "string" },\n    { "key": "region", "value": "eu-central-1", "type": "string" },\n    { "key": "service", "value": "execute-api", "type": "string" }\n  ]\n}',
  ],
  [
    'fx70-postman-collection-header-raw-value',
    '"request": {\n  "method": "GET",\n  "header": [\n    { "key": "X-Figma-Token", "value": "«figd_{B40}»" }\n  ],\n  "url": { "raw": "https://api.figma.com/v1/files/{a22}", "protocol": "https" }\n}',
  ],
  [
    'fx70-postman-collection-url-raw-query-key',
    '"url": {\n  "raw": "https://api.etherscan.io/api?module=account&action=balance&address=0x{h40}&apikey=«{u34}»",\n  "host": ["api", "etherscan", "io"],\n  "query": [{ "key": "apikey", "value": "«{u34}»" }]\n}',
  ],
  [
    'fx70-postman-collection-variable-block-secret',
    '"variable": [\n  { "key": "baseUrl", "value": "https://api.acme-hr.io/v2" },\n  { "key": "apiToken", "value": "«{a32}»" },\n  { "key": "tenantId", "value": "{d6}" }\n]',
  ],
  [
    'fx70-postman-collection-prerequest-script-hmac-secret',
    '"event": [{\n  "listen": "prerequest",\n  "script": {\n    "exec": [\n      "const secret = \'«{h64}»\';",\n      "const sig = CryptoJS.HmacSHA256(pm.request.body.raw, secret).toString();",\n      "pm.request.headers.add({ key: \'X-Signature\', value: sig });"\n    ]\n  }\n}]',
  ],
  [
    'fx70-postman-collection-body-raw-login-password',
    '"body": {\n  "mode": "raw",\n  "raw": "{\\n  \\"email\\": \\"qa-admin@acme.io\\",\\n  \\"password\\": \\"«{a16}»\\"\\n}",\n  "options": { "raw": { "language": "json" } }\n}',
  ],
  [
    'fx70-postman-environment-current-value-token',
    '{\n  "name": "staging",\n  "values": [\n    { "key": "base_url", "value": "https://staging.api.acme.io", "enabled": true },\n    { "key": "access_token", "value": "", "type": "secret", "enabled": true, "currentValue": "«{B64}»" }\n  ]\n}',
  ],
  [
    'fx70-postman-environment-secret-type-value',
    '"values": [\n  { "key": "stripe_key", "value": "«rk_live_{a99}»", "type": "secret", "enabled": true },\n  { "key": "customer", "value": "cus_{a14}", "type": "default", "enabled": true }\n]',
  ],
  [
    'fx70-postman-environment-datadog-keys',
    '"values": [\n  { "key": "dd_site", "value": "datadoghq.eu", "enabled": true },\n  { "key": "dd_api_key", "value": "«{h32}»", "enabled": true },\n  { "key": "dd_app_key", "value": "«{h40}»", "enabled": true }\n]',
  ],
  [
    'fx70-postman-globals-export-pmak-api-key',
    '{\n  "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "values": [\n    { "key": "postman_api_key", "value": "«PMAK-{h24}-{h34}»", "enabled": true }\n  ],\n  "_postman_variable_scope": "globals"\n}',
  ],
  [
    'fx70-postman-environment-db-password-current',
    '{ "key": "pg_password", "value": "", "currentValue": "«{a24}»", "enabled": true, "type": "secret" },\n{ "key": "pg_host", "value": "db.qa.internal", "enabled": true }',
  ],
  [
    'fx70-postman-newman-cli-env-var-flag',
    '$ newman run orders.postman_collection.json \\\n    -e qa.postman_environment.json \\\n    --env-var "apiKey=«{a32}»" \\\n    --reporters cli,junit',
  ],
  [
    'fx70-insomnia-export-environment-data-token',
    '{\n  "_id": "env_{h32}",\n  "_type": "environment",\n  "name": "Production",\n  "data": {\n    "base_url": "https://api.acme.io",\n    "token": "«{a48}»"\n  }\n}',
  ],
  [
    'fx70-insomnia-export-request-authentication-bearer',
    '"_type": "request",\n"method": "GET",\n"url": "{{ _.base_url }}/v1/invoices",\n"authentication": {\n  "type": "bearer",\n  "token": "«{B52}»",\n  "prefix": ""\n}',
  ],
  [
    'fx70-insomnia-export-basic-authentication',
    '"authentication": {\n  "type": "basic",\n  "useISO88591": false,\n  "disabled": false,\n  "username": "elastic",\n  "password": "«{a20}»"\n}',
  ],
  [
    'fx70-insomnia-yaml-export-oauth2-client-secret',
    '  authentication:\n    type: oauth2\n    grantType: client_credentials\n    accessTokenUrl: https://auth.acme-logistics.io/oauth/token\n    clientId: {l20}\n    clientSecret: «{a64}»\n    scope: shipments:write',
  ],
  [
    'fx70-insomnia-export-header-array-apikey',
    '"headers": [\n  { "name": "Content-Type", "value": "application/json" },\n  { "name": "apikey", "value": "«{a32}»", "disabled": false }\n]',
  ],
  [
    'fx70-bruno-bru-auth-bearer-block',
    'meta {\n  name: List invoices\n  type: http\n  seq: 3\n}\n\nget {\n  url: {{baseUrl}}/v1/invoices\n  auth: bearer\n}\n\nauth:bearer {\n  token: «{a44}»\n}',
  ],
  ['fx70-bruno-bru-auth-basic-block', 'auth:basic {\n  username: reporting\n  password: «{a18}»\n}'],
  [
    'fx70-bruno-environment-bru-vars-plain',
    'vars {\n  baseUrl: https://api.staging.acme.io\n  apiKey: «{h40}»\n}\nvars:secret [\n  refreshToken\n]',
  ],
  ['fx70-bruno-bru-headers-block-token', 'headers {\n  Accept: application/json\n  X-Vault-Token: «hvs.{a24}»\n}'],
  [
    'fx70-bruno-bru-auth-oauth2-client-credentials',
    'auth:oauth2 {\n  grant_type: client_credentials\n  access_token_url: https://id.acme.io/oauth2/token\n  client_id: warehouse-sync\n  client_secret: «{B40}»\n  scope: stock.write\n}',
  ],
  ['fx70-bruno-bru-body-json-password', 'body:json {\n  {\n    "username": "e2e-bot",\n    "password": "«{a14}!{d4}»"\n  }\n}'],
  [
    'fx70-hoppscotch-collection-auth-bearer-token',
    '{\n  "v": 2,\n  "name": "Billing",\n  "requests": [{\n    "endpoint": "<<baseUrl>>/charges",\n    "method": "GET",\n    "auth": { "authType": "bearer", "authActive": true, "token": "«{a40}»" }\n  }]\n}',
  ],
  [
    'fx70-hoppscotch-environment-export-variables',
    '[\n  {\n    "name": "prod",\n    "variables": [\n      { "key": "baseUrl", "value": "https://api.acme.io" },\n      { "key": "mailchimpKey", "value": "«{h32}-us21»" }\n    ]\n  }\n]',
  ],
  [
    'fx70-hoppscotch-auth-api-key-header',
    '"auth": {\n  "authType": "api-key",\n  "authActive": true,\n  "key": "X-Api-Key",\n  "value": "«{a36}»",\n  "addTo": "HEADERS"\n}',
  ],
  [
    'fx70-thunder-client-collection-auth-bearer',
    '"requests": [\n  {\n    "_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "name": "get profile",\n    "url": "{{host}}/api/me",\n    "method": "GET",\n    "auth": { "type": "bearer", "bearer": "«{B48}»" }\n  }\n]',
  ],
  [
    'fx70-thunder-client-environment-data-secret',
    '{\n  "name": "local",\n  "data": [\n    { "name": "host", "value": "http://localhost:8080" },\n    { "name": "adminPassword", "value": "«{a20}»" }\n  ]\n}',
  ],
  [
    'fx70-thunder-client-request-headers-sentry-auth',
    '"headers": [\n  { "name": "Authorization", "value": "Bearer «sntrys_{B120}»" }\n],\n"url": "https://sentry.io/api/0/organizations/acme/releases/"',
  ],
  [
    'fx70-jetbrains-http-client-private-env-json',
    '// http-client.private.env.json\n{\n  "dev": {\n    "token": "«{B48}»",\n    "clientSecret": "«{a40}»"\n  }\n}',
  ],
  [
    'fx70-vscode-rest-client-file-variable-token',
    '@baseUrl = https://api.acme.io/v1\n@token = «{a40}»\n\n### list projects\nGET {{baseUrl}}/projects\nAuthorization: Bearer {{token}}',
  ],
  [
    'fx70-vscode-rest-client-inline-authorization',
    '### create webhook\nPOST https://api.github.com/repos/acme/web/hooks\nAccept: application/vnd.github+json\nAuthorization: Bearer «github_pat_{a22}_{a59}»\n\n{ "name": "web", "events": ["push"] }',
  ],
  [
    'fx70-vscode-settings-rest-client-environment-vars',
    '"rest-client.environmentVariables": {\n  "$shared": { "version": "v2" },\n  "staging": {\n    "host": "staging.acme.io",\n    "apiKey": "«{h32}»"\n  }\n}',
  ],
  [
    'fx70-jetbrains-http-request-basic-inline',
    'GET https://nexus.acme.dev/service/rest/v1/components?repository=maven-releases\nAuthorization: Basic deploy «{a22}»\nAccept: application/json',
  ],
  [
    'fx70-http-file-form-urlencoded-token-request',
    'POST https://login.microsoftonline.com/{h8}-{h4}-{h4}-{h4}-{h12}/oauth2/v2.0/token\nContent-Type: application/x-www-form-urlencoded\n\nclient_id={h8}-{h4}-{h4}-{h4}-{h12}&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default&client_secret=«{a3}8Q~{B34}»&grant_type=client_credentials',
  ],
  [
    'fx70-jetbrains-http-client-env-json-committed',
    '// http-client.env.json (committed)\n{\n  "prod": {\n    "host": "https://api.acme.io",\n    "apiKey": "«{a32}»"\n  }\n}',
  ],
  [
    'fx70-http-file-response-handler-saved-token',
    '> {%\n  client.global.set("auth_token", response.body.token);\n%}\n\n### previous run output\n# auth_token = «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B80}.{B43}»',
  ],
  [
    'fx70-httpie-session-json-authorization-header',
    '{\n  "__meta__": { "about": "HTTPie session file", "httpie": "3.2.2" },\n  "auth": { "password": null, "type": null, "username": null },\n  "cookies": [],\n  "headers": [\n    { "name": "Authorization", "value": "Bearer «{a40}»" }\n  ]\n}',
  ],
  ['fx70-httpie-session-json-basic-auth-password', '"auth": {\n  "type": "basic",\n  "username": "admin",\n  "password": "«{a24}»"\n},'],
  [
    'fx70-httpie-session-json-cookie-value',
    '"cookies": [\n  {\n    "domain": "app.acme.io",\n    "expires": 1719878400,\n    "name": "remember_token",\n    "path": "/",\n    "secure": true,\n    "value": "«{d5}|{h128}»"\n  }\n]',
  ],
  [
    'fx70-httpie-command-line-auth-flag',
    '$ http --session=ops -a ops-bot:«{a20}» GET https://grafana.acme.io/api/dashboards/uid/{a9}\nHTTP/1.1 200 OK',
  ],
  [
    'fx70-curl-config-file-header-line',
    '# ~/.config/acme/curlrc  (used as: curl -K ~/.config/acme/curlrc ...)\nsilent\nshow-error\nheader = "Authorization: Bearer «{B48}»"\nheader = "Accept: application/json"',
  ],
  [
    'fx70-curl-config-file-user-option',
    '$ cat ci/curl.cfg\nuser = "deployer:«{a26}»"\nretry = 3\nurl = "https://artifacts.acme.dev/upload/"',
  ],
  [
    'fx70-curl-config-file-oauth2-bearer-option',
    'oauth2-bearer = "«{a48}»"\nurl = "https://api.acme.io/v1/export"\noutput = "export.ndjson"',
  ],
  [
    'fx70-curl-config-file-form-secret',
    '--data-urlencode "client_id=reports"\n--data-urlencode "client_secret=«{a40}»"\n--url https://id.acme.io/oauth/token',
  ],
  [
    'fx70-k6-script-const-bearer-token',
    "import http from 'k6/http';\nimport { check } from 'k6';\n\nconst TOKEN = '«{B56}»';\n\nexport default function () {\n  const res = http.get('https://api.acme.io/v1/catalog', { headers: { Authorization: `Bearer ${TOKEN}` } });\n  check(res, { 'status is 200': (r) => r.status === 200 });\n}",
  ],
  [
    'fx70-k6-script-setup-login-password',
    "export function setup() {\n  const res = http.post('https://staging.acme.io/api/login', JSON.stringify({ email: 'load@acme.io', password: '«{a18}»' }), {\n    headers: { 'Content-Type': 'application/json' },\n  });\n  return { token: res.json('token') };\n}",
  ],
  [
    'fx70-k6-cloud-token-env-run',
    '$ K6_CLOUD_TOKEN=«{h64}» k6 cloud run --vus 50 --duration 5m checkout.js\n          /\\      Grafana   /‾‾/\n     /\\  /  \\     |\\  __   /  /',
  ],
  [
    'fx70-k6-options-ext-loadimpact-token-header',
    "export const options = {\n  vus: 20,\n  duration: '2m',\n};\nconst params = { headers: { 'x-api-key': '«{a40}»', 'content-type': 'application/json' } };",
  ],
  ['fx70-k6-script-basic-auth-url', "const res = http.get('https://metrics:«{a20}»@prom.acme.io/api/v1/query?query=up');"],
  [
    'fx70-locustfile-on-start-login-password',
    'class ShopUser(HttpUser):\n    wait_time = between(1, 3)\n\n    def on_start(self):\n        self.client.post("/api/auth/login", json={"username": "locust01", "password": "«{a16}»"})',
  ],
  [
    'fx70-locustfile-headers-api-key-constant',
    'from locust import HttpUser, task\n\nAPI_KEY = "«{l32}»"\n\nclass SearchUser(HttpUser):\n    @task\n    def search(self):\n        self.client.get("/search?q=shoes", headers={"X-API-KEY": API_KEY})',
  ],
  [
    'fx70-locust-conf-file-with-token-env',
    '# locust.conf\nhost = https://staging.acme.io\nusers = 200\nspawn-rate = 10\n# passed through env in the CI job:\n#   LOCUST_BEARER=«{B64}»',
  ],
  [
    'fx70-locustfile-client-cert-key-password',
    'self.client.get(\n    "/internal/health",\n    cert=("certs/client.pem", "certs/client.key"),\n    auth=("healthbot", "«{a22}»"),\n)',
  ],
  [
    'fx70-artillery-yaml-config-headers-token',
    'config:\n  target: "https://api.acme.io"\n  phases:\n    - duration: 60\n      arrivalRate: 5\n  defaults:\n    headers:\n      x-api-key: "«{a32}»"\nscenarios:\n  - flow:\n      - get:\n          url: "/v1/products"',
  ],
  [
    'fx70-jmeter-jmx-header-manager-authorization',
    '<elementProp name="" elementType="Header">\n  <stringProp name="Header.name">Authorization</stringProp>\n  <stringProp name="Header.value">Bearer «{B52}»</stringProp>\n</elementProp>',
  ],
  [
    'fx70-jmeter-user-properties-password',
    '# user.properties for the soak test\nsoak.host=orders.qa.acme.io\nsoak.user=perf_runner\nsoak.password=«{a20}»',
  ],
  [
    'fx70-gatling-scala-simulation-header-token',
    'val httpProtocol = http\n  .baseUrl("https://api.acme.io")\n  .acceptHeader("application/json")\n  .authorizationHeader("Bearer «{a48}»")',
  ],
  [
    'fx70-playwright-storage-state-session-cookie',
    '{\n  "cookies": [\n    {\n      "name": "__Secure-next-auth.session-token",\n      "value": "«{B180}»",\n      "domain": "app.acme.io",\n      "path": "/",\n      "expires": 1721952000,\n      "httpOnly": true,\n      "secure": true,\n      "sameSite": "Lax"\n    }\n  ],\n  "origins": []\n}',
  ],
  [
    'fx70-playwright-storage-state-localstorage-jwt',
    '"origins": [\n  {\n    "origin": "https://app.acme.io",\n    "localStorage": [\n      { "name": "auth.token", "value": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B110}.{B43}»" },\n      { "name": "theme", "value": "dark" }\n    ]\n  }\n]',
  ],
  [
    'fx70-playwright-storage-state-supabase-session',
    '"localStorage": [\n  {\n    "name": "sb-{L20}-auth-token",\n    "value": "{\\"access_token\\":\\"«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B140}.{B43}»\\",\\"refresh_token\\":\\"«{a22}»\\",\\"token_type\\":\\"bearer\\"}"\n  }\n]',
  ],
  [
    'fx70-playwright-global-setup-login-password',
    "// global-setup.ts\nawait page.goto('https://staging.acme.io/login');\nawait page.getByLabel('Email').fill('e2e-admin@acme.io');\nawait page.getByLabel('Password').fill('«{a16}»');\nawait page.getByRole('button', { name: 'Sign in' }).click();\nawait page.context().storageState({ path: 'playwright/.auth/admin.json' });",
  ],
  [
    'fx70-playwright-config-extra-http-headers-token',
    "export default defineConfig({\n  use: {\n    baseURL: 'https://preview.acme.io',\n    extraHTTPHeaders: { 'x-vercel-protection-bypass': '«{a32}»' },\n  },\n});",
  ],
  [
    'fx70-playwright-storage-state-auth0-spa-cache',
    '{ "name": "@@auth0spajs@@::{a32}::https://api.acme.io::openid profile offline_access", "value": "{\\"body\\":{\\"access_token\\":\\"«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B200}.{B342}»\\",\\"refresh_token\\":\\"«v1.{B120}»\\",\\"expires_in\\":86400}}" }',
  ],
  [
    'fx70-cypress-env-json-password-and-token',
    '// cypress.env.json\n{\n  "adminEmail": "admin@qa.acme.io",\n  "adminPassword": "«{a18}»",\n  "apiToken": "«{a40}»"\n}',
  ],
  [
    'fx70-cypress-fixture-user-json-token',
    '// cypress/fixtures/users/admin.json\n{\n  "id": 1,\n  "email": "admin@acme.io",\n  "role": "owner",\n  "accessToken": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B90}.{B43}»"\n}',
  ],
  [
    'fx70-cypress-commands-set-cookie-session',
    "Cypress.Commands.add('loginAsAdmin', () => {\n  cy.setCookie('_acme_session', '«{b64}--{h40}»');\n  cy.visit('/admin');\n});",
  ],
  [
    'fx70-cypress-config-env-block-mailosaur-key',
    "module.exports = defineConfig({\n  e2e: { baseUrl: 'http://localhost:3000' },\n  env: {\n    MAILOSAUR_API_KEY: '«{a32}»',\n    MAILOSAUR_SERVER_ID: '{l8}',\n  },\n});",
  ],
  [
    'fx70-cypress-intercept-fixture-with-headers',
    "cy.intercept('GET', '/api/orders*', (req) => {\n  req.headers['authorization'] = 'Bearer «{B40}»';\n}).as('orders');",
  ],
  [
    'fx70-selenium-browserstack-yml-access-key',
    '# browserstack.yml\nuserName: acmeqa_{a6}\naccessKey: «{a20}»\nplatforms:\n  - os: Windows\n    osVersion: 11\n    browserName: Chrome',
  ],
  [
    'fx70-selenium-saucelabs-remote-url-access-key',
    'driver = webdriver.Remote(\n    command_executor="https://acme-ci:«{h8}-{h4}-{h4}-{h4}-{h12}»@ondemand.eu-central-1.saucelabs.com:443/wd/hub",\n    options=options,\n)',
  ],
  [
    'fx70-selenium-lambdatest-capabilities-access-key',
    'capabilities.setCapability("LT:Options", Map.of(\n    "username", "acme.qa",\n    "accessKey", "«LT_{a47}»",\n    "build", "nightly-regression"\n));',
  ],
  [
    'fx70-selenium-grid-toml-registration-secret',
    '[router]\nusername = "grid-admin"\npassword = "«{a20}»"\n\n[node]\nregistration-secret = "«{a32}»"',
  ],
  [
    'fx70-pytest-conftest-fixture-api-client-token',
    '@pytest.fixture\ndef api_client():\n    client = APIClient()\n    client.credentials(HTTP_AUTHORIZATION="Token «{h40}»")\n    return client',
  ],
  [
    'fx70-pytest-conftest-env-monkeypatch-secret',
    '@pytest.fixture(autouse=True)\ndef _env(monkeypatch):\n    monkeypatch.setenv("PAYMENTS_WEBHOOK_SECRET", "«whsec_{a32}»")\n    monkeypatch.setenv("PAYMENTS_MODE", "live")',
  ],
  [
    'fx70-pytest-conftest-session-fixture-db-url',
    '@pytest.fixture(scope="session")\ndef database_url():\n    return "postgresql://ci_runner:«{a24}»@pg-ci.internal:5432/orders_ci"',
  ],
  [
    'fx70-pytest-ini-env-plugin-values',
    '[pytest]\naddopts = -ra --strict-markers\nenv =\n    DJANGO_SETTINGS_MODULE=acme.settings.ci\n    SENTRY_AUTH_TOKEN=«sntrys_{B120}»',
  ],
  [
    'fx70-pytest-parametrize-real-signing-key',
    '@pytest.mark.parametrize("payload", [{"order": 1}, {"order": 2}])\ndef test_signature_roundtrip(payload):\n    key = bytes.fromhex("«{h64}»")\n    assert verify(sign(payload, key), key)',
  ],
  [
    'fx70-pytest-responses-mock-with-header-token',
    'responses.add(\n    responses.GET,\n    "https://api.pagerduty.com/incidents",\n    match=[matchers.header_matcher({"Authorization": "Token token=«u+{B18}»"})],\n    json={"incidents": []},\n)',
  ],
  [
    'fx70-factory-boy-api-key-factory-literal',
    'class ApiKeyFactory(factory.django.DjangoModelFactory):\n    class Meta:\n        model = ApiKey\n\n    name = "ci"\n    key = "«ak_{a40}»"',
  ],
  [
    'fx70-factory-boy-user-factory-password-post-generation',
    'class UserFactory(factory.django.DjangoModelFactory):\n    email = factory.Sequence(lambda n: f"user{n}@acme.io")\n    password = factory.PostGenerationMethodCall("set_password", "«{a16}»")',
  ],
  [
    'fx70-factory-boy-integration-factory-oauth-tokens',
    'class SlackIntegrationFactory(factory.Factory):\n    class Meta:\n        model = SlackIntegration\n\n    team_id = "T{u10}"\n    bot_token = "«xoxb-{d12}-{d13}-{a24}»"\n    signing_secret = "«{h32}»"',
  ],
  [
    'fx70-factory-boy-webhook-endpoint-secret-hex',
    'class WebhookEndpointFactory(factory.alchemy.SQLAlchemyModelFactory):\n    url = "https://hooks.acme.io/in"\n    secret = "«{h64}»"\n    active = True',
  ],
  [
    'fx70-rails-fixture-yml-users-encrypted-password',
    '# test/fixtures/users.yml\nadmin:\n  email: admin@acme.io\n  encrypted_password: «$2a$12${p53}»\n  confirmed_at: <%= 2.days.ago %>',
  ],
  ['fx70-rails-fixture-yml-api-token-column', 'integration_bot:\n  name: Integration Bot\n  api_token: «{a32}»\n  account: acme'],
  [
    'fx70-rails-seeds-rb-create-admin-password',
    '# db/seeds.rb\nUser.find_or_create_by!(email: "ops@acme.io") do |u|\n  u.password = "«{a20}»"\n  u.admin = true\nend',
  ],
  [
    'fx70-rails-seeds-rb-oauth-application-secret',
    'Doorkeeper::Application.create!(\n  name: "Mobile",\n  uid: "{B43}",\n  secret: "«{B43}»",\n  redirect_uri: "com.acme.app://oauth/callback"\n)',
  ],
  [
    'fx70-rails-test-credentials-yml-decrypted',
    '$ bin/rails credentials:show --environment test\naws:\n  access_key_id: AKIA{c16}\n  secret_access_key: «{b40}»\nsecret_key_base: «{h128}»',
  ],
  [
    'fx70-rspec-shared-context-let-api-key',
    'RSpec.shared_context "authenticated api" do\n  let(:api_key) { "«{h48}»" }\n  let(:headers) { { "X-Api-Key" => api_key, "Accept" => "application/json" } }\nend',
  ],
  [
    'fx70-django-fixture-json-auth-user-pbkdf2',
    '[\n  {\n    "model": "auth.user",\n    "pk": 1,\n    "fields": {\n      "username": "admin",\n      "password": "«pbkdf2_sha256$720000${a22}${b43}=»",\n      "is_superuser": true\n    }\n  }\n]',
  ],
  [
    'fx70-django-fixture-json-drf-authtoken',
    '{\n  "model": "authtoken.token",\n  "pk": "«{h40}»",\n  "fields": { "user": 1, "created": "2024-05-02T09:00:00Z" }\n}',
  ],
  [
    'fx70-django-fixture-socialaccount-app-secret',
    '{\n  "model": "socialaccount.socialapp",\n  "pk": 1,\n  "fields": {\n    "provider": "github",\n    "name": "GitHub",\n    "client_id": "Iv1.{h16}",\n    "secret": "«{h40}»"\n  }\n}',
  ],
  [
    'fx70-django-fixture-yaml-integration-credentials',
    '- model: integrations.credential\n  pk: 3\n  fields:\n    vendor: mailjet\n    api_key: «{h32}»\n    api_secret: «{h32}»',
  ],
  [
    'fx70-laravel-factory-definition-api-token',
    "public function definition(): array\n{\n    return [\n        'name' => fake()->company(),\n        'api_token' => '«{a60}»',\n        'webhook_secret' => '«whsec_{a32}»',\n    ];\n}",
  ],
  [
    'fx70-laravel-seeder-admin-hash-make',
    "DB::table('users')->insert([\n    'name' => 'Admin',\n    'email' => 'admin@acme.io',\n    'password' => Hash::make('«{a18}»'),\n]);",
  ],
  [
    'fx70-laravel-env-testing-file',
    '# .env.testing\nAPP_ENV=testing\nAPP_KEY=«base64:{b43}=»\nDB_CONNECTION=sqlite\nPUSHER_APP_ID={d7}\nPUSHER_APP_KEY={h20}\nPUSHER_APP_SECRET=«{h20}»',
  ],
  [
    'fx70-laravel-passport-client-seeder-secret',
    "DB::table('oauth_clients')->insert([\n    'name' => 'Acme Password Grant Client',\n    'secret' => '«{a40}»',\n    'redirect' => 'http://localhost',\n    'password_client' => true,\n]);",
  ],
  [
    'fx70-sql-seed-insert-api-keys-row',
    "INSERT INTO api_keys (id, account_id, label, secret, created_at)\nVALUES (1, 42, 'ci-runner', '«{a48}»', now());",
  ],
  [
    'fx70-sql-seed-insert-users-bcrypt',
    "-- seeds/001_users.sql\nINSERT INTO users (email, password_hash, role) VALUES\n  ('admin@acme.io', '«$2b$10${p53}»', 'admin'),\n  ('viewer@acme.io', '«$2b$10${p53}»', 'viewer');",
  ],
  [
    'fx70-sql-seed-create-role-password',
    "-- docker-entrypoint-initdb.d/01-roles.sql\nCREATE ROLE app_rw LOGIN PASSWORD '«{a24}»';\nGRANT CONNECT ON DATABASE orders TO app_rw;",
  ],
  [
    'fx70-sql-seed-update-integration-token',
    "UPDATE integrations SET access_token = '«{B64}»', refresh_token = '«{B64}»' WHERE provider = 'hubspot' AND tenant_id = 7;",
  ],
  [
    'fx70-sql-seed-mysql-create-user-identified-by',
    "CREATE USER 'reporting'@'%' IDENTIFIED BY '«{a20}»';\nGRANT SELECT ON analytics.* TO 'reporting'@'%';\nFLUSH PRIVILEGES;",
  ],
  [
    'fx70-sql-seed-argon2-hash-insert',
    "INSERT INTO accounts (username, pw) VALUES ('seed_admin', '«$argon2id$v=19$m=65536,t=3,p=4${b22}${b43}»');",
  ],
  [
    'fx70-jest-snap-request-config-headers',
    '// __snapshots__/client.test.ts.snap\nexports[`client sends auth header 1`] = `\n{\n  "headers": {\n    "Authorization": "Bearer «{a40}»",\n    "Content-Type": "application/json",\n  },\n  "method": "POST",\n}\n`;',
  ],
  [
    'fx70-jest-snap-rendered-env-config',
    'exports[`renders settings page 1`] = `\n<dl>\n  <dt>Webhook secret</dt>\n  <dd data-testid="secret">«whsec_{a32}»</dd>\n</dl>\n`;',
  ],
  [
    'fx70-jest-snap-inline-snapshot-token',
    'expect(buildHeaders(session)).toMatchInlineSnapshot(`\n  {\n    "x-session-token": "«{h64}»",\n  }\n`);',
  ],
  [
    'fx70-jest-snap-serialized-axios-error',
    'exports[`fetchUser surfaces 401 1`] = `\n[AxiosError: Request failed with status code 401] {\n  "config": {\n    "headers": {\n      "Authorization": "Bearer «{B56}»",\n    },\n    "url": "https://api.acme.io/v2/users/me",\n  },\n}\n`;',
  ],
  [
    'fx70-jest-snap-generated-dotenv-output',
    'exports[`init command writes .env 1`] = `\n"DATABASE_URL=postgres://acme:«{a20}»@localhost:5432/acme\nSESSION_SECRET=«{h64}»\n"\n`;',
  ],
  [
    'fx70-insta-snap-yaml-debug-config',
    '---\nsource: crates/client/tests/config.rs\nexpression: config\n---\nClientConfig:\n  endpoint: "https://api.acme.io"\n  api_key: «{a40}»\n  timeout_secs: 30',
  ],
  [
    'fx70-insta-snap-json-request-capture',
    '---\nsource: tests/http.rs\nexpression: captured_request\n---\n{\n  "method": "POST",\n  "headers": {\n    "authorization": "Bearer «{B48}»"\n  }\n}',
  ],
  [
    'fx70-insta-snap-debug-struct-secret-field',
    '---\nsource: src/auth.rs\nexpression: "format!(\\"{:?}\\", creds)"\n---\nCredentials { client_id: "{l16}", client_secret: "«{a48}»", tenant: "acme" }',
  ],
  [
    'fx70-syrupy-ambr-dict-with-token',
    "# name: test_login_response\n  dict({\n    'expires_in': 3600,\n    'token': '«{B64}»',\n    'user_id': 118,\n  })\n# ---",
  ],
  [
    'fx70-syrupy-ambr-headers-snapshot',
    "# name: test_outbound_headers[prod]\n  dict({\n    'Authorization': 'Basic «{b44}»',\n    'User-Agent': 'acme-sync/3.4.1',\n  })\n# ---",
  ],
  [
    'fx70-syrupy-json-extension-snapshot-secret',
    '{\n  "account": "acme",\n  "mailgun": {\n    "domain": "mg.acme.io",\n    "key": "«key-{h32}»"\n  }\n}',
  ],
  [
    'fx70-go-golden-file-http-dump-authorization',
    '-- testdata/request.golden --\nPOST /v1/charges HTTP/1.1\nHost: api.acme-pay.io\nAuthorization: Bearer «{a48}»\nContent-Type: application/json\n\n{"amount":1200,"currency":"usd"}',
  ],
  [
    'fx70-go-golden-file-rendered-kubeconfig',
    '# testdata/kubeconfig.golden\nusers:\n- name: ci\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B240}.{B342}»',
  ],
  [
    'fx70-go-golden-file-helm-template-output',
    '# testdata/secret.golden.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: api-creds\ndata:\n  token: «{b56}»',
  ],
  [
    'fx70-golden-file-cli-output-created-key',
    '$ cat testdata/create-key.golden\nCreated API key "ci-bot"\n  id:     key_{a16}\n  secret: «ak_live_{a40}»\nStore the secret now; it will not be shown again.',
  ],
  [
    'fx70-dotenv-test-file-third-party-keys',
    '# .env.test\nNODE_ENV=test\nSTRIPE_SECRET_KEY=«sk_live_{a99}»\nSTRIPE_WEBHOOK_SECRET=«whsec_{a32}»\nNEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_{a99}',
  ],
  [
    'fx70-dotenv-test-local-db-and-jwt-secret',
    '# .env.test.local\nDATABASE_URL="postgresql://app:«{a22}»@127.0.0.1:5433/app_test?schema=public"\nJWT_SECRET=«{a64}»',
  ],
  ['fx70-dotenv-ci-file-openai-and-resend', '# .env.ci\nOPENAI_API_KEY=«sk-proj-{B48}T3BlbkFJ{B48}»\nRESEND_API_KEY=«re_{a8}_{a24}»'],
  [
    'fx70-dotenv-e2e-file-auth0-client-secret',
    'AUTH0_DOMAIN=acme-e2e.eu.auth0.com\nAUTH0_CLIENT_ID={a32}\nAUTH0_CLIENT_SECRET=«{B64}»\nAUTH0_E2E_PASSWORD=«{a18}»',
  ],
  [
    'fx70-dotenv-test-github-app-private-key',
    'GITHUB_APP_ID={d6}\nGITHUB_APP_PRIVATE_KEY="«-----BEGIN RSA PRIVATE KEY-----\\nMIIEow{b58}\\n{b64}\\n{b64}\\n{b40}==\\n-----END RSA PRIVATE KEY-----»"',
  ],
  [
    'fx70-dotenv-test-supabase-service-role',
    'SUPABASE_URL=http://127.0.0.1:54321\nSUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24ifQ.{B43}\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»',
  ],
  [
    'fx70-testcontainers-java-postgres-with-password',
    'static PostgreSQLContainer<?> pg = new PostgreSQLContainer<>("postgres:16-alpine")\n    .withDatabaseName("ledger")\n    .withUsername("ledger")\n    .withPassword("«{a24}»");',
  ],
  [
    'fx70-testcontainers-python-mssql-sa-password',
    'with SqlServerContainer("mcr.microsoft.com/mssql/server:2022-latest", password="«{a12}!{d4}»") as mssql:\n    engine = sqlalchemy.create_engine(mssql.get_connection_url())',
  ],
  [
    'fx70-testcontainers-node-generic-env-secret',
    "const container = await new GenericContainer('acme/payments-stub:1.4')\n  .withEnvironment({ STUB_SIGNING_KEY: '«{h64}»', PORT: '8080' })\n  .withExposedPorts(8080)\n  .start();",
  ],
  [
    'fx70-testcontainers-go-registry-auth',
    'req := testcontainers.ContainerRequest{\n\tImage: "registry.acme.dev/qa/api:latest",\n\tRegistryCred: base64.StdEncoding.EncodeToString([]byte(`{"username":"qa-pull","password":"«{a28}»"}`)),\n}',
  ],
  [
    'fx70-testcontainers-compose-test-yml-rabbit',
    '# docker-compose.test.yml\nservices:\n  rabbit:\n    image: rabbitmq:3.13-management\n    environment:\n      RABBITMQ_DEFAULT_USER: orders\n      RABBITMQ_DEFAULT_PASS: «{a20}»',
  ],
  [
    'fx70-localstack-auth-token-compose-env',
    'services:\n  localstack:\n    image: localstack/localstack-pro:3.5\n    environment:\n      - LOCALSTACK_AUTH_TOKEN=«ls-{a8}-{a4}-{a4}-{a4}-{a12}»\n      - SERVICES=s3,sqs,lambda',
  ],
  [
    'fx70-minio-custom-root-password-compose',
    'minio:\n  image: minio/minio:RELEASE.2024-06-04T19-20-08Z\n  command: server /data --console-address ":9001"\n  environment:\n    MINIO_ROOT_USER: acme-admin\n    MINIO_ROOT_PASSWORD: «{a32}»',
  ],
  ['fx70-minio-mc-alias-set-custom-keys', '$ mc alias set qa http://minio.qa.internal:9000 {u20} «{a40}»\nAdded `qa` successfully.'],
  [
    'fx70-localstack-test-with-real-aws-keys-by-mistake',
    '# conftest.py\nos.environ["AWS_ENDPOINT_URL"] = "http://localhost:4566"\nos.environ["AWS_ACCESS_KEY_ID"] = "AKIA{c16}"\nos.environ["AWS_SECRET_ACCESS_KEY"] = "«{b40}»"',
  ],
  [
    'fx70-minio-client-java-builder-credentials',
    'MinioClient client = MinioClient.builder()\n    .endpoint("https://s3.qa.acme.io")\n    .credentials("{u20}", "«{a40}»")\n    .build();',
  ],
  [
    'fx70-mock-oauth2-server-json-config-client-secret',
    '{\n  "interactiveLogin": false,\n  "tokenCallbacks": [\n    {\n      "issuerId": "acme",\n      "tokenExpiry": 120,\n      "requestMappings": [{ "requestParam": "client_secret", "match": "«{a40}»", "claims": { "sub": "svc-orders" } }]\n    }\n  ]\n}',
  ],
  [
    'fx70-keycloak-realm-export-client-secret',
    '"clients": [\n  {\n    "clientId": "orders-api",\n    "enabled": true,\n    "clientAuthenticatorType": "client-secret",\n    "secret": "«{a32}»",\n    "serviceAccountsEnabled": true\n  }\n]',
  ],
  [
    'fx70-dex-config-static-client-secret',
    'staticClients:\n- id: grafana\n  redirectURIs:\n  - https://grafana.qa.acme.io/login/generic_oauth\n  name: Grafana\n  secret: «{a40}»',
  ],
  [
    'fx70-oidc-provider-js-test-clients-secret',
    "const configuration = {\n  clients: [{\n    client_id: 'e2e-web',\n    client_secret: '«{B43}»',\n    redirect_uris: ['http://localhost:3000/api/auth/callback'],\n  }],\n};",
  ],
  [
    'fx70-keycloak-realm-export-user-credential-secret-data',
    '"credentials": [\n  {\n    "type": "password",\n    "secretData": "{\\"value\\":\\"«{b43}=»\\",\\"salt\\":\\"{b22}==\\"}",\n    "credentialData": "{\\"hashIterations\\":27500,\\"algorithm\\":\\"pbkdf2-sha256\\"}"\n  }\n]',
  ],
  [
    'fx70-msw-handler-compares-hardcoded-token',
    "http.get('https://api.acme.io/v1/me', ({ request }) => {\n  if (request.headers.get('authorization') !== 'Bearer «{a40}»') {\n    return new HttpResponse(null, { status: 401 });\n  }\n  return HttpResponse.json({ id: 'usr_1' });\n}),",
  ],
  [
    'fx70-karate-feature-background-header',
    "Feature: orders api\n\nBackground:\n  * url baseUrl\n  * header Authorization = 'Bearer «{B48}»'\n\nScenario: list orders\n  Given path 'orders'\n  When method get\n  Then status 200",
  ],
  [
    'fx70-rest-assured-given-auth-oauth2',
    'given()\n    .auth().oauth2("«{a48}»")\n    .contentType(ContentType.JSON)\n.when()\n    .get("/api/v1/accounts")\n.then()\n    .statusCode(200);',
  ],
  [
    'fx70-spring-application-test-yml-client-secret',
    '# src/test/resources/application-test.yml\nspring:\n  security:\n    oauth2:\n      client:\n        registration:\n          okta:\n            client-id: 0oa{a17}\n            client-secret: «{B40}»',
  ],
  [
    'fx70-gha-test-job-service-container-password',
    'jobs:\n  test:\n    runs-on: ubuntu-latest\n    services:\n      mysql:\n        image: mysql:8.4\n        env:\n          MYSQL_ROOT_PASSWORD: «{a22}»\n        ports: ["3306:3306"]',
  ],
  [
    'fx70-go-httptest-handler-hardcoded-token',
    'srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {\n\tif r.Header.Get("Authorization") != "Bearer «{a40}»" {\n\t\tw.WriteHeader(http.StatusUnauthorized)\n\t\treturn\n\t}\n\tfmt.Fprint(w, `{"ok":true}`)\n}))',
  ],
  [
    'fx70-rust-wiremock-mock-header-matcher',
    'Mock::given(method("GET"))\n    .and(path("/v1/balance"))\n    .and(header("authorization", "Bearer «{a48}»"))\n    .respond_with(ResponseTemplate::new(200).set_body_json(json!({"available": 0})))\n    .mount(&server)\n    .await;',
  ],
  [
    'fx70-vcrpy-filter-headers-but-body-leaks-password',
    '# conftest.py has vcr_config = {"filter_headers": ["authorization"]}\n# but the login body still ended up in cassettes/test_login.yaml:\n    body: \'{"username": "svc-sync", "password": "«{a20}»"}\'\n    headers:\n      authorization:\n      - DUMMY',
  ],
  [
    'fx70-azure-appsettings-test-json-storage-key',
    '// appsettings.Test.json\n{\n  "Storage": {\n    "ConnectionString": "DefaultEndpointsProtocol=https;AccountName=acmeqa{l6};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n  }\n}',
  ],
  [
    'fx70-jest-global-setup-mongo-uri-password',
    "// jest.global-setup.js\nmodule.exports = async () => {\n  process.env.MONGO_URL = 'mongodb://tester:«{a20}»@mongo-ci.internal:27017/catalog?authSource=admin';\n};",
  ],
  [
    'fx70-phpunit-xml-env-api-secret',
    '<php>\n    <env name="APP_ENV" value="testing"/>\n    <env name="BRAINTREE_PRIVATE_KEY" value="«{h32}»"/>\n    <env name="BRAINTREE_PUBLIC_KEY" value="{l16}"/>\n</php>',
  ],
  [
    'fx70-exvcr-cassette-json-authorization',
    '[\n  {\n    "request": {\n      "headers": { "Authorization": "Bearer «{B43}»" },\n      "method": "get",\n      "url": "https://api.acme-crm.io/v1/contacts"\n    },\n    "response": { "status_code": 200, "type": "ok" }\n  }\n]',
  ],
  [
    'fx70-go-vcr-cassette-v2-form-secret',
    '---\nversion: 2\ninteractions:\n- request:\n    body: client_id=ingest&client_secret=«{a40}»&grant_type=client_credentials\n    form:\n      client_secret:\n      - «{a40}»\n    url: https://auth.acme.io/oauth/token\n    method: POST',
  ],
  [
    'fx70-kafka-sasl-test-properties-password',
    '# src/test/resources/kafka-test.properties\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{a64}»";',
  ],
  [
    'fx70-jest-setup-algolia-admin-key',
    "// jest.setup.ts\nprocess.env.ALGOLIA_APP_ID = '{u10}';\nprocess.env.ALGOLIA_ADMIN_KEY = '«{h32}»';",
  ],
  ['fx70-pytest-fixture-twilio-client-auth-token', '@pytest.fixture\ndef twilio():\n    return Client("AC{h32}", "«{h32}»")'],
  [
    'fx70-test-fixture-slack-incoming-webhook-url',
    '# tests/fixtures/notify.json\n{\n  "channel": "#deploys",\n  "webhook": "«https://hooks.slack.com/services/T{u10}/B{u10}/{a24}»"\n}',
  ],
  ['fx70-test-fixture-discord-webhook-url-yaml', 'notifier:\n  kind: discord\n  url: «https://discord.com/api/webhooks/{d18}/{B68}»'],
  [
    'fx70-cassette-okta-ssws-header',
    '    headers:\n      Authorization:\n      - SSWS «00{B40}»\n      Accept:\n      - application/json\n    method: GET\n    uri: https://acme.okta.com/api/v1/users?limit=25',
  ],
  [
    'fx70-cassette-digitalocean-token-response-headers-echo',
    '- request:\n    headers:\n      Authorization:\n      - Bearer «dop_v1_{h64}»\n    method: GET\n    uri: https://api.digitalocean.com/v2/droplets?page=1&per_page=20',
  ],
  [
    'fx70-cassette-npm-registry-auth-put',
    '- request:\n    method: PUT\n    uri: https://registry.npmjs.org/@acme%2fcli\n    headers:\n      authorization:\n      - Bearer «npm_{a36}»\n      npm-command:\n      - publish',
  ],
  [
    'fx70-cassette-pypi-upload-basic-token',
    '    uri: https://upload.pypi.org/legacy/\n    headers:\n      Authorization:\n      - Basic «{b240}»\n# decoded: __token__:«pypi-AgEIcHlwaS5vcmc{B140}»',
  ],
  [
    'fx70-cassette-huggingface-bearer',
    '    headers:\n      authorization:\n      - Bearer «hf_{a34}»\n      user-agent:\n      - huggingface_hub/0.23.2; python/3.11.9\n    method: GET\n    uri: https://huggingface.co/api/models/acme/intent-clf/revision/main',
  ],
  [
    'fx70-cassette-terraform-cloud-token',
    '- request:\n    headers:\n      Authorization:\n      - Bearer «{a14}.atlasv1.{a67}»\n    method: GET\n    uri: https://app.terraform.io/api/v2/organizations/acme/workspaces',
  ],
];

export const BLIND70_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'fx70-neg-vcrpy-cassette-authorization-filtered-angle',
    'interactions:\n- request:\n    body: null\n    headers:\n      Authorization:\n      - <AUTH_TOKEN>\n      User-Agent:\n      - python-requests/2.31.0\n    method: GET\n    uri: https://api.github.com/repos/acme/widgets/issues?state=open',
  ],
  [
    'fx70-neg-vcrpy-cassette-x-api-key-filtered-word',
    "    headers:\n      x-api-key:\n      - FILTERED\n      anthropic-version:\n      - '2023-06-01'\n    method: POST\n    uri: https://api.anthropic.com/v1/messages",
  ],
  [
    'fx70-neg-ruby-vcr-cassette-filter-sensitive-data-marker',
    '- request:\n    method: get\n    uri: https://api.stripe.com/v1/customers/cus_{a14}\n    headers:\n      Authorization:\n      - Bearer <STRIPE_SECRET_KEY>\n      Idempotency-Key:\n      - {h8}-{h4}-4{h3}-a{h3}-{h12}\n  recorded_at: Tue, 11 Jun 2024 10:01:12 GMT\nrecorded_with: VCR 6.2.0',
  ],
  [
    'fx70-neg-ruby-vcr-config-filter-sensitive-data-block',
    'VCR.configure do |c|\n  c.cassette_library_dir = "spec/cassettes"\n  c.hook_into :webmock\n  c.filter_sensitive_data("<GITHUB_TOKEN>") { ENV.fetch("GITHUB_TOKEN") }\n  c.filter_sensitive_data("<SHOPIFY_TOKEN>") { ENV["SHOPIFY_ACCESS_TOKEN"] }\nend',
  ],
  [
    'fx70-neg-vcrpy-config-filter-headers-and-post-data',
    '@pytest.fixture(scope="module")\ndef vcr_config():\n    return {\n        "filter_headers": [("authorization", "REDACTED"), "x-api-key"],\n        "filter_post_data_parameters": ["client_secret", "password"],\n        "filter_query_parameters": ["api_key"],\n        "record_mode": "once",\n    }',
  ],
  [
    'fx70-neg-vcrpy-cassette-response-token-fields-scrubbed',
    '  response:\n    body:\n      string: \'{"access_token": "REDACTED", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "REDACTED"}\'\n    headers:\n      X-Request-Id:\n      - {h8}-{h4}-4{h3}-9{h3}-{h12}\n    status:\n      code: 200',
  ],
  [
    'fx70-neg-vcrpy-cassette-stars-mask-and-request-ids',
    '    headers:\n      Authorization:\n      - Bearer ***\n  response:\n    headers:\n      x-amz-request-id:\n      - {u16}\n      x-amz-id-2:\n      - {b76}=\n    status:\n      code: 200',
  ],
  [
    'fx70-neg-ruby-vcr-cassette-response-github-rate-headers',
    "  response:\n    status:\n      code: 200\n    headers:\n      X-Github-Request-Id:\n      - {H4}:{H5}:{H7}:{H7}:{H8}\n      X-Ratelimit-Remaining:\n      - '4987'\n      X-Ratelimit-Reset:\n      - '1718101234'\n      Etag:\n      - W/\"{h64}\"",
  ],
  [
    'fx70-neg-betamax-cassette-placeholder-substitution',
    '"request": {\n  "headers": {"Authorization": ["token <AUTH_TOKEN>"], "Accept-Encoding": ["gzip, deflate"]},\n  "method": "GET",\n  "uri": "https://api.github.com/user"\n},\n"recorded_at": "2024-06-02T18:44:09"',
  ],
  [
    'fx70-neg-go-vcr-cassette-hook-removed-header',
    'r.AddHook(func(i *cassette.Interaction) error {\n\tdelete(i.Request.Headers, "Authorization")\n\ti.Request.Form.Set("client_secret", "[FILTERED]")\n\treturn nil\n}, recorder.AfterCaptureHook)',
  ],
  [
    'fx70-neg-pollyjs-har-filtered-header-and-timings',
    '"headers": [\n  { "name": "authorization", "value": "[REDACTED]" },\n  { "name": "x-request-id", "value": "req_{a24}" }\n],\n"startedDateTime": "2024-06-11T09:12:44.118Z",\n"time": 182,\n"_id": "{h32}"',
  ],
  [
    'fx70-neg-pollyjs-persister-before-persist-hook',
    "server.any().on('beforePersist', (req, recording) => {\n  recording.request.headers = recording.request.headers.filter(({ name }) => name !== 'authorization');\n  recording.response.cookies = [];\n});",
  ],
  [
    'fx70-neg-nock-recording-with-env-token-reference',
    "nock('https://api.notion.com', { reqheaders: { authorization: `Bearer ${process.env.NOTION_TOKEN}` } })\n  .post('/v1/databases/{h32}/query')\n  .reply(200, { object: 'list', results: [], next_cursor: null });",
  ],
  [
    'fx70-neg-nock-back-fixture-scrubbed-by-after-record',
    '[\n  {\n    "scope": "https://api.airtable.com:443",\n    "method": "GET",\n    "path": "/v0/app{a14}/Orders?maxRecords=20",\n    "reqheaders": { "authorization": "Bearer ****" },\n    "status": 200,\n    "rawHeaders": ["Date", "Tue, 11 Jun 2024 08:00:00 GMT", "Content-Type", "application/json"]\n  }\n]',
  ],
  [
    'fx70-neg-nock-fixture-test-token-constant',
    "const TOKEN = 'test-token';\nnock('https://api.acme.io', { reqheaders: { authorization: `Bearer ${TOKEN}` } })\n  .get('/v1/me')\n  .reply(200, { id: 'usr_{a12}', email: 'qa@acme.io' });",
  ],
  [
    'fx70-neg-wiremock-mapping-header-matches-regex',
    '{\n  "request": {\n    "method": "GET",\n    "urlPath": "/v1/accounts",\n    "headers": { "Authorization": { "matches": "Bearer [A-Za-z0-9._-]+" } }\n  },\n  "response": { "status": 200, "bodyFileName": "accounts.json" },\n  "uuid": "{h8}-{h4}-4{h3}-8{h3}-{h12}"\n}',
  ],
  [
    'fx70-neg-wiremock-response-template-random-token',
    '"response": {\n  "status": 200,\n  "jsonBody": {\n    "access_token": "{{randomValue length=32 type=\'ALPHANUMERIC\'}}",\n    "expires_in": 300\n  },\n  "transformers": ["response-template"]\n}',
  ],
  [
    'fx70-neg-mockserver-expectation-header-any-value',
    '{\n  "httpRequest": {\n    "path": "/api/v1/customers",\n    "headers": { "Authorization": ["Bearer .*"] }\n  },\n  "httpResponse": { "statusCode": 200 },\n  "id": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "priority": 0\n}',
  ],
  [
    'fx70-neg-pact-contract-bearer-matcher-generator',
    '"headers": { "Authorization": "Bearer {{token}}" },\n"generators": {\n  "header": { "Authorization": { "type": "ProviderState", "expression": "Bearer ${token}" } }\n},\n"metadata": { "pactSpecification": { "version": "3.0.0" } }',
  ],
  [
    'fx70-neg-pact-contract-metadata-and-provider-states',
    '{\n  "consumer": { "name": "web-app" },\n  "provider": { "name": "orders-api" },\n  "interactions": [{ "description": "get order", "providerState": "order {d4} exists", "request": { "method": "GET", "path": "/orders/{d4}" } }],\n  "metadata": { "pact-js": { "version": "12.5.0" }, "pactSpecification": { "version": "2.0.0" } }\n}',
  ],
  [
    'fx70-neg-pact-broker-publish-with-env-token',
    '$ pact-broker publish ./pacts --consumer-app-version {h7} --branch main \\\n    --broker-base-url "$PACT_BROKER_BASE_URL" --broker-token "$PACT_BROKER_TOKEN"\nPublishing web-app/orders-api pact to pact broker at https://acme.pactflow.io\nView the published pact at https://acme.pactflow.io/pacts/provider/orders-api/consumer/web-app/version/{h7}',
  ],
  [
    'fx70-neg-postman-collection-bearer-variable-ref',
    '"auth": {\n  "type": "bearer",\n  "bearer": [\n    { "key": "token", "value": "{{access_token}}", "type": "string" }\n  ]\n},',
  ],
  [
    'fx70-neg-postman-environment-empty-current-values',
    '{\n  "id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "name": "staging",\n  "values": [\n    { "key": "base_url", "value": "https://staging.api.acme.io", "enabled": true },\n    { "key": "access_token", "value": "", "type": "secret", "enabled": true },\n    { "key": "client_secret", "value": "", "type": "secret", "enabled": true }\n  ],\n  "_postman_exported_at": "2024-06-10T12:30:11.402Z"\n}',
  ],
  [
    'fx70-neg-postman-collection-oauth2-variable-refs',
    '"oauth2": [\n  { "key": "clientSecret", "value": "{{client_secret}}", "type": "string" },\n  { "key": "clientId", "value": "{{client_id}}", "type": "string" },\n  { "key": "accessTokenUrl", "value": "{{auth_url}}/oauth/token", "type": "string" }\n]',
  ],
  [
    'fx70-neg-postman-collection-info-and-ids',
    '"info": {\n  "_postman_id": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "name": "Orders API",\n  "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",\n  "_exporter_id": "{d8}",\n  "_collection_link": "https://acme.postman.co/workspace/{h8}-{h4}-4{h3}-8{h3}-{h12}/collection/{d8}-{h8}-{h4}-4{h3}-b{h3}-{h12}"\n}',
  ],
  [
    'fx70-neg-postman-test-script-sets-token-from-response',
    '"script": {\n  "exec": [\n    "const body = pm.response.json();",\n    "pm.environment.set(\\"access_token\\", body.access_token);",\n    "pm.test(\\"status 200\\", () => pm.response.to.have.status(200));"\n  ],\n  "type": "text/javascript"\n}',
  ],
  [
    'fx70-neg-postman-awsv4-auth-variable-refs',
    '"awsv4": [\n  { "key": "secretKey", "value": "{{aws_secret_access_key}}", "type": "string" },\n  { "key": "accessKey", "value": "{{aws_access_key_id}}", "type": "string" },\n  { "key": "sessionToken", "value": "{{aws_session_token}}", "type": "string" },\n  { "key": "region", "value": "eu-central-1", "type": "string" }\n]',
  ],
  [
    'fx70-neg-postman-apikey-auth-env-ref-and-header-name',
    '"apikey": [\n  { "key": "value", "value": "{{api_key}}", "type": "string" },\n  { "key": "key", "value": "X-API-Key", "type": "string" },\n  { "key": "in", "value": "header", "type": "string" }\n]',
  ],
  [
    'fx70-neg-newman-run-env-var-from-shell',
    '$ newman run orders.postman_collection.json -e qa.postman_environment.json \\\n    --env-var "apiKey=$ORDERS_API_KEY" --reporters cli,junit\n→ List orders\n  GET https://qa.api.acme.io/v1/orders [200 OK, 1.2kB, 184ms]',
  ],
  [
    'fx70-neg-insomnia-export-template-tags',
    '"authentication": {\n  "type": "bearer",\n  "token": "{{ _.token }}",\n  "prefix": "Bearer"\n},\n"_id": "req_{h32}",\n"parentId": "wrk_{h32}",\n"modified": 1718099123456',
  ],
  [
    'fx70-neg-insomnia-environment-empty-secret-data',
    '{\n  "_id": "env_{h32}",\n  "_type": "environment",\n  "name": "Base Environment",\n  "data": { "base_url": "http://localhost:4000", "token": "" },\n  "isPrivate": false\n}',
  ],
  [
    'fx70-neg-bruno-bru-auth-bearer-var-ref',
    'get {\n  url: {{baseUrl}}/v1/invoices\n  auth: bearer\n}\n\nauth:bearer {\n  token: {{accessToken}}\n}',
  ],
  [
    'fx70-neg-bruno-environment-vars-secret-names-only',
    'vars {\n  baseUrl: http://localhost:8080\n  tenant: acme-qa\n}\nvars:secret [\n  apiKey,\n  refreshToken\n]',
  ],
  [
    'fx70-neg-bruno-bru-process-env-ref',
    'auth:oauth2 {\n  grant_type: client_credentials\n  access_token_url: {{authUrl}}/oauth2/token\n  client_id: {{process.env.CLIENT_ID}}\n  client_secret: {{process.env.CLIENT_SECRET}}\n}',
  ],
  [
    'fx70-neg-hoppscotch-collection-env-angle-vars',
    '"auth": { "authType": "bearer", "authActive": true, "token": "<<token>>" },\n"endpoint": "<<baseUrl>>/charges",\n"headers": [{ "key": "X-Request-Id", "value": "<<$guid>>", "active": true }]',
  ],
  [
    'fx70-neg-thunder-client-env-refs-and-ids',
    '{\n  "_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "name": "local",\n  "data": [\n    { "name": "host", "value": "http://localhost:8080" },\n    { "name": "token", "value": "{{#processEnv:API_TOKEN}}" }\n  ]\n}',
  ],
  [
    'fx70-neg-vscode-rest-client-dotenv-and-prompt-vars',
    '@baseUrl = https://api.acme.io/v1\n@token = {{$dotenv API_TOKEN}}\n\n### login\n# @prompt password\nPOST {{baseUrl}}/login\nContent-Type: application/json\n\n{ "user": "qa", "password": "{{password}}" }',
  ],
  [
    'fx70-neg-jetbrains-http-client-env-json-public-only',
    '// http-client.env.json\n{\n  "dev": { "host": "http://localhost:8080", "tenant": "acme-dev" },\n  "staging": { "host": "https://staging.api.acme.io", "tenant": "acme-stg" }\n}',
  ],
  [
    'fx70-neg-jetbrains-http-request-uses-private-env-var',
    'GET {{host}}/api/orders?page=1\nAuthorization: Bearer {{token}}\nX-Request-Id: {{$uuid}}\n\n> {% client.test("ok", () => client.assert(response.status === 200)); %}',
  ],
  [
    'fx70-neg-httpie-session-without-credentials',
    '{\n  "__meta__": { "about": "HTTPie session file", "help": "https://httpie.io/docs#sessions", "httpie": "3.2.2" },\n  "auth": { "password": null, "type": null, "username": null },\n  "cookies": [],\n  "headers": [{ "name": "Accept", "value": "application/json" }]\n}',
  ],
  [
    'fx70-neg-curl-config-file-env-expansion',
    '# curl -K ci/curl.cfg   (curl >= 8.3 expands {{VARS}})\nvariable %API_TOKEN\nexpand-header = "Authorization: Bearer {{API_TOKEN}}"\nurl = "https://api.acme.io/v1/export"',
  ],
  [
    'fx70-neg-k6-script-token-from-env',
    "const TOKEN = __ENV.API_TOKEN;\n\nexport default function () {\n  http.get('https://api.acme.io/v1/catalog', { headers: { Authorization: `Bearer ${TOKEN}` } });\n}",
  ],
  [
    'fx70-neg-k6-summary-output-checks',
    '     ✓ status is 200\n\n     checks.........................: 100.00% ✓ 6120      ✗ 0\n     http_req_duration..............: avg=84.21ms  min=41.07ms  med=77.9ms  max=611.3ms  p(90)=120.5ms\n     iterations.....................: 6120   101.9/s\n     vus............................: 20     min=20     max=20',
  ],
  [
    'fx70-neg-locustfile-credentials-from-csv',
    'USERS = list(csv.DictReader(open("users.csv")))  # columns: username,password (generated per run)\n\nclass ShopUser(HttpUser):\n    def on_start(self):\n        u = random.choice(USERS)\n        self.client.post("/api/auth/login", json={"username": u["username"], "password": u["password"]})',
  ],
  [
    'fx70-neg-artillery-yaml-env-processor-token',
    'config:\n  target: "{{ $processEnvironment.TARGET }}"\n  defaults:\n    headers:\n      x-api-key: "{{ $processEnvironment.API_KEY }}"\nscenarios:\n  - flow:\n      - get:\n          url: "/v1/products"',
  ],
  [
    'fx70-neg-playwright-storage-state-non-auth-cookies',
    '{\n  "cookies": [\n    { "name": "cookie_consent", "value": "accepted", "domain": "app.acme.io", "path": "/", "expires": 1750000000, "httpOnly": false, "secure": true, "sameSite": "Lax" },\n    { "name": "locale", "value": "en-GB", "domain": "app.acme.io", "path": "/", "expires": -1, "httpOnly": false, "secure": false, "sameSite": "Lax" }\n  ],\n  "origins": []\n}',
  ],
  [
    'fx70-neg-playwright-storage-state-localstorage-prefs',
    '"origins": [\n  {\n    "origin": "http://localhost:3000",\n    "localStorage": [\n      { "name": "theme", "value": "dark" },\n      { "name": "onboarding.step", "value": "3" },\n      { "name": "ajs_anonymous_id", "value": "\\"{h8}-{h4}-4{h3}-a{h3}-{h12}\\"" }\n    ]\n  }\n]',
  ],
  [
    'fx70-neg-playwright-global-setup-env-password',
    "await page.getByLabel('Email').fill(process.env.E2E_USER!);\nawait page.getByLabel('Password').fill(process.env.E2E_PASSWORD!);\nawait page.getByRole('button', { name: 'Sign in' }).click();\nawait page.context().storageState({ path: 'playwright/.auth/user.json' });",
  ],
  [
    'fx70-neg-cypress-env-json-local-defaults',
    '// cypress.env.json (local only)\n{\n  "apiUrl": "http://localhost:4000",\n  "adminEmail": "admin@localhost",\n  "adminPasswordEnvVar": "CYPRESS_ADMIN_PASSWORD",\n  "mailhogUrl": "http://localhost:8025"\n}',
  ],
  [
    'fx70-neg-cypress-fixture-user-without-credentials',
    '// cypress/fixtures/user.json\n{\n  "id": "{h8}-{h4}-4{h3}-8{h3}-{h12}",\n  "name": "Quinn Tester",\n  "email": "quinn@acme.io",\n  "avatarUrl": "https://cdn.acme.io/avatars/{h32}.png",\n  "roles": ["viewer"]\n}',
  ],
  [
    'fx70-neg-selenium-browserstack-yml-env-refs',
    'userName: ${BROWSERSTACK_USERNAME}\naccessKey: ${BROWSERSTACK_ACCESS_KEY}\nbuildName: nightly-{d8}\nplatforms:\n  - os: OS X\n    osVersion: Sonoma\n    browserName: Safari',
  ],
  [
    'fx70-neg-pytest-conftest-fake-secret-constants',
    'TEST_WEBHOOK_SECRET = "fake-secret"\nTEST_API_TOKEN = "test-token"\n\n@pytest.fixture(autouse=True)\ndef _env(monkeypatch):\n    monkeypatch.setenv("WEBHOOK_SECRET", TEST_WEBHOOK_SECRET)\n    monkeypatch.setenv("API_TOKEN", TEST_API_TOKEN)',
  ],
  [
    'fx70-neg-pytest-conftest-generated-token-fixture',
    '@pytest.fixture\ndef api_token():\n    return secrets.token_urlsafe(32)\n\n@pytest.fixture\ndef client(api_token):\n    return Client(base_url="http://testserver", token=api_token)',
  ],
  [
    'fx70-neg-factory-boy-faker-generated-fields',
    'class ApiKeyFactory(factory.django.DjangoModelFactory):\n    class Meta:\n        model = ApiKey\n\n    name = factory.Faker("slug")\n    key = factory.LazyFunction(lambda: secrets.token_hex(20))\n    created = factory.Faker("date_time_this_year", tzinfo=timezone.utc)',
  ],
  [
    'fx70-neg-stripe-test-key-placeholder-words',
    '# .env.test\nSTRIPE_SECRET_KEY=sk_test_not_a_real_key\nSTRIPE_WEBHOOK_SECRET=whsec_test_placeholder\nSTRIPE_PUBLISHABLE_KEY=pk_test_placeholder',
  ],
  [
    'fx70-neg-rails-fixture-yml-ids-and-erb',
    '# test/fixtures/accounts.yml\nacme:\n  id: 1001\n  name: Acme Ltd\n  slug: acme\n  external_id: <%= ActiveRecord::FixtureSet.identify(:acme, :uuid) %>\n  created_at: <%= 3.weeks.ago %>',
  ],
  [
    'fx70-neg-rails-seeds-rb-password-from-env',
    'User.find_or_create_by!(email: "ops@acme.io") do |u|\n  u.password = ENV.fetch("SEED_ADMIN_PASSWORD") { SecureRandom.base58(24) }\n  u.admin = true\nend',
  ],
  [
    'fx70-neg-django-fixture-json-sites-and-groups',
    '[\n  { "model": "sites.site", "pk": 1, "fields": { "domain": "localhost:8000", "name": "acme-dev" } },\n  { "model": "auth.group", "pk": 2, "fields": { "name": "editors", "permissions": [21, 22, 24] } }\n]',
  ],
  [
    'fx70-neg-django-fixture-user-unusable-password',
    '{\n  "model": "auth.user",\n  "pk": 7,\n  "fields": { "username": "sso-only", "password": "!", "email": "sso@acme.io", "is_active": true }\n}',
  ],
  [
    'fx70-neg-laravel-factory-faker-definition',
    "return [\n    'name' => fake()->name(),\n    'email' => fake()->unique()->safeEmail(),\n    'email_verified_at' => now(),\n    'remember_token' => Str::random(10),\n];",
  ],
  [
    'fx70-neg-sql-seed-insert-without-credentials',
    "INSERT INTO plans (id, code, name, monthly_price_cents) VALUES\n  ('{h8}-{h4}-4{h3}-9{h3}-{h12}', 'starter', 'Starter', 900),\n  ('{h8}-{h4}-4{h3}-a{h3}-{h12}', 'team', 'Team', 4900);",
  ],
  [
    'fx70-neg-jest-snap-masked-authorization',
    'exports[`client sends auth header 1`] = `\n{\n  "headers": {\n    "Authorization": "Bearer [MASKED]",\n    "Content-Type": "application/json",\n    "X-Request-Id": Any<String>,\n  },\n}\n`;',
  ],
  [
    'fx70-neg-jest-snap-rendered-component-ids',
    'exports[`<ApiKeyRow /> renders 1`] = `\n<tr\n  data-key-id="key_{a16}"\n>\n  <td>ci-runner</td>\n  <td>sk_live_••••••••4f2a</td>\n  <td>Created 11 Jun 2024</td>\n</tr>\n`;',
  ],
  [
    'fx70-neg-insta-snap-redaction-settings',
    '---\nsource: tests/http.rs\nexpression: captured_request\n---\n{\n  "method": "POST",\n  "headers": {\n    "authorization": "[token]",\n    "x-request-id": "[uuid]"\n  }\n}',
  ],
  [
    'fx70-neg-syrupy-ambr-response-ids',
    "# name: test_create_order\n  dict({\n    'id': 'ord_{a16}',\n    'status': 'pending',\n    'created_at': '2024-06-11T09:00:00+00:00',\n  })\n# ---",
  ],
  [
    'fx70-neg-go-golden-file-request-without-auth',
    '-- testdata/request.golden --\nGET /v1/charges?limit=10 HTTP/1.1\nHost: api.acme-pay.io\nAccept: application/json\nUser-Agent: acme-go/1.8.0\nX-Request-Id: {h8}-{h4}-4{h3}-b{h3}-{h12}',
  ],
  [
    'fx70-neg-dotenv-test-public-and-local-values',
    '# .env.test\nNODE_ENV=test\nPORT=3001\nDATABASE_URL=postgresql://postgres:postgres@localhost:5432/app_test\nREDIS_URL=redis://localhost:6379/1\nLOG_LEVEL=warn',
  ],
  [
    'fx70-neg-localstack-default-test-credentials',
    '# conftest.py\nos.environ.setdefault("AWS_ENDPOINT_URL", "http://localhost:4566")\nos.environ.setdefault("AWS_ACCESS_KEY_ID", "test")\nos.environ.setdefault("AWS_SECRET_ACCESS_KEY", "test")\nos.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")',
  ],
  [
    'fx70-neg-minio-default-root-credentials-compose',
    'minio:\n  image: minio/minio:RELEASE.2024-06-04T19-20-08Z\n  command: server /data --console-address ":9001"\n  environment:\n    MINIO_ROOT_USER: minioadmin\n    MINIO_ROOT_PASSWORD: minioadmin\n  ports: ["9000:9000", "9001:9001"]',
  ],
  [
    'fx70-neg-testcontainers-java-defaults-no-password',
    'static PostgreSQLContainer<?> pg = new PostgreSQLContainer<>("postgres:16-alpine")\n    .withDatabaseName("ledger")\n    .withReuse(true);\n// username/password default to "test"/"test"; read them with pg.getUsername() / pg.getPassword()',
  ],
  [
    'fx70-neg-testcontainers-node-image-digest',
    "const container = await new GenericContainer('acme/payments-stub@sha256:{h64}')\n  .withExposedPorts(8080)\n  .withWaitStrategy(Wait.forHttp('/health', 8080))\n  .start();",
  ],
  [
    'fx70-neg-compose-test-postgres-default-pair',
    '# docker-compose.test.yml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n      POSTGRES_DB: app_test',
  ],
  [
    'fx70-neg-localstack-awslocal-output-ids',
    '$ awslocal sqs create-queue --queue-name orders-dlq\n{\n    "QueueUrl": "http://sqs.us-east-1.localhost.localstack.cloud:4566/000000000000/orders-dlq"\n}\n$ awslocal sts get-caller-identity\n{ "UserId": "AKIAIOSFODNN7EXAMPLE", "Account": "000000000000", "Arn": "arn:aws:iam::000000000000:root" }',
  ],
  [
    'fx70-neg-mock-oauth2-server-default-config',
    '$ docker run -p 8080:8080 ghcr.io/navikt/mock-oauth2-server:2.1.5\n# any client_id / client_secret is accepted; issuer is http://localhost:8080/default\n# discovery: http://localhost:8080/default/.well-known/openid-configuration',
  ],
  [
    'fx70-neg-keycloak-realm-export-client-secret-masked',
    '"clients": [\n  {\n    "clientId": "orders-api",\n    "clientAuthenticatorType": "client-secret",\n    "secret": "**********",\n    "redirectUris": ["http://localhost:3000/*"],\n    "id": "{h8}-{h4}-4{h3}-8{h3}-{h12}"\n  }\n]',
  ],
  [
    'fx70-neg-oidc-discovery-document-fixture',
    '{\n  "issuer": "https://id.acme.io",\n  "authorization_endpoint": "https://id.acme.io/oauth2/authorize",\n  "token_endpoint": "https://id.acme.io/oauth2/token",\n  "jwks_uri": "https://id.acme.io/.well-known/jwks.json",\n  "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"]\n}',
  ],
  [
    'fx70-neg-jwks-public-key-fixture',
    '{\n  "keys": [\n    { "kty": "RSA", "use": "sig", "alg": "RS256", "kid": "{h16}", "e": "AQAB", "n": "{B342}" }\n  ]\n}',
  ],
  [
    'fx70-neg-cassette-response-public-ids-and-etag',
    '  response:\n    headers:\n      ETag:\n      - \'"{h32}"\'\n      Request-Id:\n      - req_{a14}\n      Stripe-Version:\n      - \'2024-04-10\'\n    body:\n      string: \'{"id": "cus_{a14}", "object": "customer", "livemode": false}\'',
  ],
  [
    'fx70-neg-cassette-stripe-publishable-key-checkout',
    '- request:\n    method: GET\n    uri: https://js.stripe.com/v3/elements-inner?key=pk_live_{a99}&locale=en\n    headers:\n      Referer:\n      - https://shop.acme.io/checkout',
  ],
  [
    'fx70-neg-cassette-google-oauth-client-id-only',
    '    uri: https://accounts.google.com/o/oauth2/v2/auth?client_id={d12}-{l32}.apps.googleusercontent.com&redirect_uri=http%3A%2F%2Flocalhost%3A8000%2Fcallback&response_type=code&scope=openid+email&state=REDACTED',
  ],
  [
    'fx70-neg-cassette-cloudfront-and-trace-headers',
    '    headers:\n      X-Amz-Cf-Id:\n      - {B56}==\n      X-Amzn-Trace-Id:\n      - Root=1-{h8}-{h24}\n      Traceparent:\n      - 00-{h32}-{h16}-01\n    status:\n      code: 304',
  ],
  [
    'fx70-neg-github-actions-test-job-secret-refs',
    'jobs:\n  test:\n    services:\n      mysql:\n        image: mysql:8.4\n        env:\n          MYSQL_ROOT_PASSWORD: ${{ secrets.CI_MYSQL_ROOT_PASSWORD }}\n    env:\n      VCR_RECORD_MODE: none\n      STRIPE_SECRET_KEY: ${{ secrets.STRIPE_TEST_KEY }}',
  ],
  [
    'fx70-neg-chat-prose-cassette-rerecord-advice',
    'After re-recording with `--record-mode=rewrite`, grep the cassettes before committing: `rg -n "Authorization|client_secret|access_token" tests/cassettes`. Every hit should read `<AUTH_TOKEN>` or `FILTERED`; ours all do now.',
  ],
  [
    'fx70-neg-snapshot-id-and-commit-reference',
    '› 2 snapshots written from 1 test suite.\nSnapshot Summary\n › 2 snapshots written in src/__tests__/__snapshots__/client.test.ts.snap\ncommit {h40} (HEAD -> fix/cassette-scrub)',
  ],
  [
    'fx70-neg-wiremock-admin-mappings-list-meta',
    '$ curl -s localhost:8080/__admin/mappings | jq \'.meta, .mappings[0].id\'\n{\n  "total": 14\n}\n"{h8}-{h4}-4{h3}-9{h3}-{h12}"',
  ],
  [
    'fx70-neg-sql-seed-test-user-with-env-psql-var',
    "\\set admin_pw `echo \"$SEED_ADMIN_PASSWORD\"`\nINSERT INTO users (email, password_hash) VALUES ('admin@acme.io', crypt(:'admin_pw', gen_salt('bf')));",
  ],
  [
    'fx70-neg-postman-example-response-with-ids',
    '"response": [\n  {\n    "name": "200 OK",\n    "status": "OK",\n    "code": 200,\n    "body": "{\\n  \\"id\\": \\"inv_{a16}\\",\\n  \\"number\\": \\"INV-{d6}\\",\\n  \\"total\\": 12900\\n}",\n    "_postman_previewlanguage": "json"\n  }\n]',
  ],
  [
    'fx70-neg-laravel-env-testing-public-values',
    'APP_ENV=testing\nAPP_DEBUG=true\nDB_CONNECTION=sqlite\nDB_DATABASE=:memory:\nMAIL_MAILER=array\nQUEUE_CONNECTION=sync\nSESSION_DRIVER=array',
  ],
  [
    'fx70-neg-exvcr-config-filter-sensitive-data',
    'ExVCR.Config.filter_sensitive_data("Bearer [A-Za-z0-9._-]+", "Bearer <TOKEN>")\nExVCR.Config.filter_request_headers("Authorization")\nExVCR.Config.cassette_library_dir("fixture/vcr_cassettes")',
  ],
];
