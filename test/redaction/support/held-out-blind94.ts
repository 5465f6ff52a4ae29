/** A ninety-fourth held-out batch, written blind: credentials pasted from automation, orchestration and low-code platforms (n8n, Node-RED, Zapier/Make/IFTTT/Pipedream, Power Automate/Logic Apps, UiPath, Jenkins, Ansible/AWX, Rundeck, StackStorm, Salt/Puppet/Chef, Terraform Cloud/Spacelift/env0, Airflow/Prefect/Kestra, Temporal/Camunda, Retool/Appsmith/Budibase, cron and systemd units), and look-alikes: ids, ciphertext blobs, template expressions, hashes and placeholders. */
export const BLIND94_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'b94-n8n-credentials-export-decrypted-http-header-auth',
    '$ n8n export:credentials --all --decrypted --output=creds.json\n$ jq \'.[0]\' creds.json\n{\n  "id": "{a16}",\n  "name": "Acme CRM header auth",\n  "type": "httpHeaderAuth",\n  "data": { "name": "X-Api-Key", "value": "«{a40}»" }\n}',
  ],
  [
    'b94-n8n-workflow-json-inline-openai-bearer-header',
    '{\n  "parameters": {\n    "url": "https://api.openai.com/v1/chat/completions",\n    "sendHeaders": true,\n    "headerParameters": { "parameters": [ { "name": "Authorization", "value": "Bearer «sk-proj-{B48}T3BlbkFJ{B48}»" } ] }\n  },\n  "type": "n8n-nodes-base.httpRequest",\n  "id": "{h8}-{h4}-4{h3}-8{h3}-{h12}"\n}',
  ],
  [
    'b94-n8n-encryption-key-docker-compose-list-env',
    'services:\n  n8n:\n    image: docker.n8n.io/n8nio/n8n:1.64.3\n    environment:\n      - N8N_ENCRYPTION_KEY=«{a32}»\n      - N8N_HOST=automation.acme.io\n      - WEBHOOK_URL=https://automation.acme.io/',
  ],
  [
    'b94-n8n-config-file-encryption-key-docker-exec-cat',
    '$ docker exec -it n8n cat /home/node/.n8n/config\n{\n\t"encryptionKey": "«{a32}»"\n}',
  ],
  [
    'b94-n8n-postgres-db-password-env-file',
    'DB_TYPE=postgresdb\nDB_POSTGRESDB_HOST=pg.internal\nDB_POSTGRESDB_DATABASE=n8n\nDB_POSTGRESDB_USER=n8n\nDB_POSTGRESDB_PASSWORD=«{a24}»\nN8N_PROTOCOL=https',
  ],
  [
    'b94-n8n-public-api-key-jwt-curl-workflows',
    "curl -s 'https://n8n.acme.io/api/v1/workflows?active=true' \\\n  -H 'accept: application/json' \\\n  -H 'X-N8N-API-KEY: «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B40}IiwiaXNzIjoibjhuIiwiYXVkIjoicHVibGljLWFwaSJ9.{B43}»'",
  ],
  [
    'b94-n8n-legacy-api-key-python-requests-executions',
    'N8N_URL = "https://n8n.internal.acme.io"\nN8N_API_KEY = "«n8n_api_{h40}»"  # created before the 1.x upgrade\nr = requests.get(f"{N8N_URL}/api/v1/executions", headers={"X-N8N-API-KEY": N8N_API_KEY}, params={"status": "error"})',
  ],
  [
    'b94-n8n-credentials-overwrite-data-google-oauth-secret',
    'CREDENTIALS_OVERWRITE_DATA=\'{"googleOAuth2Api":{"clientId":"{d12}-{l32}.apps.googleusercontent.com","clientSecret":"«GOCSPX-{B28}»"}}\'',
  ],
  ['b94-n8n-basic-auth-password-legacy-env-block', 'N8N_BASIC_AUTH_ACTIVE=true\nN8N_BASIC_AUTH_USER=ops\nN8N_BASIC_AUTH_PASSWORD=«{a20}»'],
  [
    'b94-n8n-smtp-pass-and-jwt-secret-k8s-env',
    '        - name: N8N_SMTP_USER\n          value: apikey\n        - name: N8N_SMTP_PASS\n          value: "«SG.{B22}.{B43}»"\n        - name: N8N_USER_MANAGEMENT_JWT_SECRET\n          value: "«{h64}»"',
  ],
  [
    'b94-n8n-code-node-hardcoded-airtable-pat',
    "// Code node: \"Fetch open deals\"\nconst res = await this.helpers.httpRequest({\n  method: 'GET',\n  url: 'https://api.airtable.com/v0/app{a14}/Deals',\n  headers: { Authorization: 'Bearer «pat{a14}.{h64}»' },\n});\nreturn res.records.map((r) => ({ json: r.fields }));",
  ],
  [
    'b94-n8n-http-node-query-param-openweather-appid',
    '        "queryParameters": {\n          "parameters": [\n            { "name": "appid", "value": "«{h32}»" },\n            { "name": "units", "value": "metric" }\n          ]\n        },\n        "url": "https://api.openweathermap.org/data/2.5/weather"',
  ],
  [
    'b94-n8n-task-runners-auth-token-compose',
    '  n8n-runners:\n    image: n8nio/runners:1.111.0\n    environment:\n      - N8N_RUNNERS_TASK_BROKER_URI=http://n8n:5679\n      - N8N_RUNNERS_AUTH_TOKEN=«{a40}»',
  ],
  [
    'b94-n8n-credential-export-postgres-password-field',
    '  {\n    "id": "{a16}",\n    "name": "Warehouse (read-only)",\n    "type": "postgres",\n    "data": { "host": "warehouse.internal", "database": "analytics", "user": "n8n_ro", "password": "«{a22}»", "port": 5432, "ssl": "require" }\n  }',
  ],
  [
    'b94-n8n-execution-error-log-slack-webhook-url',
    '2024-06-12T08:14:03.551Z | error | Workflow execution failed {"workflowId":"{a16}","executionId":"48213","node":"Notify Slack"}\nNodeApiError: 404 - "no_service" POST «https://hooks.slack.com/services/T{u10}/B{u10}/{a24}»',
  ],
  [
    'b94-n8n-chat-prose-mismatching-encryption-keys',
    'after restoring the volume n8n says "Mismatching encryption keys. The encryption key in the settings file /home/node/.n8n/config does not match the N8N_ENCRYPTION_KEY env var". the file has «{a32}» and compose has «{a32}», which one do I keep so the old credentials still decrypt?',
  ],
  [
    'b94-n8n-telegram-bot-credential-json-one-line',
    '{"name":"Ops alerts bot","type":"telegramApi","data":{"accessToken":"«{d10}:AA{B33}»","baseUrl":"https://api.telegram.org"}}',
  ],
  [
    'b94-n8n-helm-values-encryption-key-and-db-password',
    'n8n:\n  encryption_key: "«{h48}»"\nconfig:\n  database:\n    type: postgresdb\n    postgresdb:\n      host: n8n-postgresql\n      password: «{a26}»',
  ],
  [
    'b94-n8n-webhook-basic-auth-credential-export',
    '{"name":"Webhook basic auth","type":"httpBasicAuth","data":{"user":"github-hooks","password":"«{a24}»"}}',
  ],
  [
    'b94-n8n-aws-credential-decrypted-secret-access-key',
    '{"name":"AWS prod (S3 only)","type":"aws","data":{"region":"eu-central-1","accessKeyId":"AKIA{u16}","secretAccessKey":"«{b40}»","temporaryCredentials":false}}',
  ],
  [
    'b94-n8n-openai-credential-export-with-org-id',
    '{"id":"{a16}","name":"OpenAI account","type":"openAiApi","data":{"apiKey":"«sk-proj-{B48}T3BlbkFJ{B48}»","organizationId":"org-{a24}"}}',
  ],
  [
    'b94-n8n-anthropic-key-compose-env-list',
    '    environment:\n      - ANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»\n      - N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE=true',
  ],
  [
    'b94-n8n-gmail-oauth2-credential-token-data',
    '{"name":"Gmail ops@","type":"gmailOAuth2","data":{"clientId":"{d12}-{l32}.apps.googleusercontent.com","clientSecret":"«GOCSPX-{B28}»","oauthTokenData":{"access_token":"«ya29.{B120}»","refresh_token":"«1//0{B100}»","token_type":"Bearer","expires_in":3599}}}',
  ],
  [
    'b94-n8n-code-node-clickup-personal-token',
    "const CLICKUP_TOKEN = '«pk_{d8}_{U32}»';\nconst listId = $input.first().json.listId;\nreturn [{ json: await this.helpers.httpRequest({ url: `https://api.clickup.com/api/v2/list/${listId}/task`, headers: { Authorization: CLICKUP_TOKEN } }) }];",
  ],
  [
    'b94-gha-step-calls-n8n-webhook-with-header-token',
    '      - name: Notify n8n\n        run: |\n          curl -fsS -X POST https://n8n.acme.io/webhook/release-published \\\n            -H "X-Webhook-Token: «{a40}»" \\\n            -d \'{"tag": "${{ github.ref_name }}"}\'',
  ],
  [
    'b94-chat-prose-n8n-http-node-notion-401',
    'the HTTP Request node keeps returning 401 from Notion even though I pasted the key straight in: «ntn_{d11}{a35}». Notion-Version header is 2022-06-28. is the key wrong or is the integration just not shared with the db?',
  ],
  [
    'b94-node-red-flows-cred-decrypted-mqtt-and-slack',
    '$ node decrypt-creds.js ~/.node-red/flows_cred.json\n{\n  "{h16}": { "user": "nodered", "password": "«{a20}»" },\n  "{h16}": { "token": "«xoxb-{d12}-{d13}-{a24}»" }\n}',
  ],
  [
    'b94-node-red-settings-js-credential-secret-literal',
    'module.exports = {\n    flowFile: \'flows.json\',\n    credentialSecret: "«{a32}»",\n    uiPort: process.env.PORT || 1880,',
  ],
  [
    'b94-node-red-config-runtime-json-generated-secret',
    '$ cat ~/.node-red/.config.runtime.json\n{\n    "instanceId": "{h16}",\n    "_credentialSecret": "«{h64}»"\n}',
  ],
  [
    'b94-node-red-function-node-twilio-auth-token',
    '// function node "send SMS"\nconst sid = "AC{h32}";\nconst authToken = "«{h32}»";\nmsg.headers = { Authorization: "Basic " + Buffer.from(sid + ":" + authToken).toString("base64") };\nmsg.url = `https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`;\nreturn msg;',
  ],
  [
    'b94-node-red-http-request-export-with-credentials',
    '[{"id":"{h16}","type":"http request","z":"{h16}","name":"POST to ERP","method":"POST","url":"https://erp.acme.local/api/orders","authType":"basic","credentials":{"user":"nodered-svc","password":"«{a18}»"},"wires":[["{h16}"]]}]',
  ],
  [
    'b94-node-red-docker-run-credential-secret-env',
    'docker run -d --name nodered -p 1880:1880 \\\n  -e NODE_RED_CREDENTIAL_SECRET=«{a28}» \\\n  -v nodered_data:/data nodered/node-red:4.0',
  ],
  [
    'b94-node-red-mqtt-broker-node-hivemq-password',
    '[{"id":"{h16}","type":"mqtt-broker","name":"HiveMQ Cloud","broker":"{h32}.s1.eu.hivemq.cloud","port":"8883","usetls":true,"credentials":{"user":"plant-gw","password":"«{a24}»"}}]',
  ],
  [
    'b94-node-red-influxdb-v2-token-config-node',
    '{"id":"{h16}","type":"influxdb","hostname":"127.0.0.1","influxdbVersion":"2.0","url":"http://influx:8086","credentials":{"token":"«{B86}==»"}}',
  ],
  [
    'b94-node-red-settings-https-key-passphrase',
    '    https: {\n        key: require("fs").readFileSync(\'/data/certs/privkey.pem\'),\n        cert: require("fs").readFileSync(\'/data/certs/cert.pem\'),\n        passphrase: "«{a22}»"\n    },',
  ],
  [
    'b94-chat-prose-node-red-moved-to-new-pi',
    'I moved our Node-RED to a new pi and every flow says "Error loading credentials: Error: Credentials could not be decrypted". the old box\'s .config.runtime.json had _credentialSecret «{h64}», can I just set credentialSecret to that in settings.js?',
  ],
  [
    'b94-node-red-function-node-openweather-and-pushover',
    'const PUSHOVER_TOKEN = "«a{l29}»";\nconst PUSHOVER_USER = "u{l29}";\nmsg.payload = { token: PUSHOVER_TOKEN, user: PUSHOVER_USER, message: `Freezer at ${msg.payload.temp} C` };\nreturn msg;',
  ],
  [
    'b94-zapier-code-step-js-hubspot-private-app-token',
    "// Code by Zapier (JavaScript)\nconst res = await fetch(`https://api.hubapi.com/crm/v3/objects/contacts/${inputData.contactId}`, {\n  headers: { Authorization: 'Bearer «pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}»' },\n});\noutput = { contact: await res.json() };",
  ],
  [
    'b94-zapier-code-step-python-stripe-basic-auth',
    '# Code by Zapier (Python)\nimport requests\nr = requests.get("https://api.stripe.com/v1/customers/" + input_data["customer_id"], auth=("«sk_live_{a99}»", ""))\nreturn {"email": r.json().get("email")}',
  ],
  [
    'b94-zapier-catch-hook-url-curl-post',
    'curl -X POST «https://hooks.zapier.com/hooks/catch/{d8}/{l7}/» \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"order_id": 48213, "status": "shipped"}\'',
  ],
  [
    'b94-zapier-platform-deploy-key-gha-env',
    '    - name: Push Zapier integration\n      run: npx zapier push\n      env:\n        ZAPIER_DEPLOY_KEY: «{h32}»',
  ],
  ['b94-zapier-cli-zapierrc-deploy-key', '$ cat ~/.zapierrc\n{\n  "deployKey": "«{h32}»"\n}'],
  [
    'b94-zapier-storage-client-secret-python',
    '# Code by Zapier: remember the last ticket we synced\nstore = StoreClient("«{h8}-{h4}-4{h3}-a{h3}-{h12}»")\nlast_id = store.get("last_ticket_id") or 0',
  ],
  [
    'b94-zapier-custom-request-asana-pat',
    '{"action":"Custom Request","method":"GET","url":"https://app.asana.com/api/1.0/workspaces/{d16}/tasks","headers":"Authorization: Bearer «2/{d16}/{d16}:{h32}»"}',
  ],
  [
    'b94-zapier-webhook-step-discord-url-json',
    '{"zap":"Deploy notifier","steps":[{"app":"Webhooks by Zapier","action":"POST","params":{"url":"«https://discord.com/api/webhooks/{d19}/{B68}»","payload_type":"json"}}]}',
  ],
  [
    'b94-make-api-token-uuid-authorization-token',
    'curl -s \'https://eu1.make.com/api/v2/scenarios?teamId=48213\' \\\n  -H "Authorization: Token «{h8}-{h4}-4{h3}-{h4}-{h12}»"',
  ],
  [
    'b94-make-custom-webhook-url-python-post',
    'MAKE_HOOK = "https://hook.eu2.make.com/«{l32}»"\nrequests.post(MAKE_HOOK, json={"invoice": inv.number, "total": str(inv.total)}, timeout=10)',
  ],
  [
    'b94-make-blueprint-http-module-basic-password',
    '{"id":4,"module":"http:ActionSendData","version":3,"parameters":{"handleErrors":false},"mapper":{"url":"https://legacy-erp.acme.local/api/stock","method":"get","username":"make-sync","password":"«{a20}»","useQuerystring":false}}',
  ],
  [
    'b94-make-http-module-trello-token-query',
    '"mapper": {"url": "https://api.trello.com/1/cards?idList={h24}&key={h32}&token=«ATTA{h64}{H8}»", "method": "post"}',
  ],
  [
    'b94-chat-prose-make-webhook-runs-twice',
    'my Make scenario is triggered from a Shopify flow via https://hook.us1.make.com/«{l32}» and it runs twice per order. should I add a dedupe step or is that the webhook retrying?',
  ],
  [
    'b94-ifttt-maker-trigger-url-door-sensor-script',
    '# trigger the "garage_open" applet from the door sensor script\ncurl -fsS -X POST https://maker.ifttt.com/trigger/garage_open/with/key/«{B22}» -d value1=$(date +%s)',
  ],
  ['b94-ifttt-key-home-assistant-configuration', 'ifttt:\n  key: «{B22}»'],
  ['b94-ifttt-service-key-header-connect-api', 'curl -s https://connect.ifttt.com/v2/me -H "IFTTT-Service-Key: «{B64}»"'],
  [
    'b94-pipedream-node-step-hardcoded-linear-key',
    'import { axios } from "@pipedream/platform"\nexport default defineComponent({\n  async run({ steps, $ }) {\n    return await axios($, {\n      url: "https://api.linear.app/graphql", method: "POST",\n      headers: { Authorization: "«lin_api_{a40}»" },\n      data: { query: `{ issue(id: "${steps.trigger.event.body.issueId}") { title } }` },\n    })\n  },\n})',
  ],
  [
    'b94-pipedream-api-key-bearer-users-me',
    "$ curl -s https://api.pipedream.com/v1/users/me -H 'Authorization: Bearer «{h32}»' | jq .data.username",
  ],
  [
    'b94-pipedream-connect-oauth-client-secret-env',
    'PIPEDREAM_PROJECT_ID=proj_{a7}\nPIPEDREAM_PROJECT_ENVIRONMENT=production\nPIPEDREAM_CLIENT_ID={a43}\nPIPEDREAM_CLIENT_SECRET=«{a43}»',
  ],
  [
    'b94-pipedream-python-step-shopify-admin-token',
    'def handler(pd: "pipedream"):\n    shop = "acme-outdoor.myshopify.com"\n    token = "«shpat_{h32}»"\n    r = requests.get(f"https://{shop}/admin/api/2024-04/orders.json", headers={"X-Shopify-Access-Token": token})\n    return r.json()["orders"]',
  ],
  [
    'b94-power-automate-http-trigger-sig-curl',
    "curl -X POST 'https://prod-{d2}.westeurope.logic.azure.com:443/workflows/{h32}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=«{B43}»' -H 'Content-Type: application/json' -d @leave-request.json",
  ],
  [
    'b94-logic-app-list-callback-url-queries-sig',
    '$ az rest --method post --uri "$WF_ID/triggers/manual/listCallbackUrl?api-version=2019-05-01"\n{\n  "basePath": "https://prod-{d2}.northeurope.logic.azure.com/workflows/{h32}/triggers/manual/paths/invoke",\n  "method": "POST",\n  "queries": { "api-version": "2019-05-01", "sp": "/triggers/manual/run", "sv": "1.0", "sig": "«{B43}»" }\n}',
  ],
  [
    'b94-logic-app-standard-local-settings-storage-account-key',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=lastdacmeorders;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "node",\n    "WORKFLOWS_SUBSCRIPTION_ID": "{h8}-{h4}-{h4}-{h4}-{h12}"\n  }\n}',
  ],
  [
    'b94-logic-app-arm-connection-parameter-values-sql',
    '"sql": {\n  "type": "Microsoft.Web/connections",\n  "properties": {\n    "api": { "id": "[subscriptionResourceId(\'Microsoft.Web/locations/managedApis\', parameters(\'location\'), \'sql\')]" },\n    "parameterValues": { "server": "acme-sql.database.windows.net", "database": "orders", "username": "logicapp", "password": "«{a20}»" }\n  }\n}',
  ],
  [
    'b94-logic-app-servicebus-connection-string-parameter',
    '"parameters": {\n  "serviceBus_connectionString": {\n    "value": "Endpoint=sb://acme-events.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b43}=»"\n  }\n}',
  ],
  [
    'b94-logic-app-http-action-inline-basic-authentication',
    '"Call_legacy_API": {\n  "type": "Http",\n  "inputs": {\n    "method": "GET",\n    "uri": "https://legacy.acme.local/api/invoices",\n    "authentication": { "type": "Basic", "username": "la-reader", "password": "«{a18}»" }\n  }\n}',
  ],
  [
    'b94-logic-app-http-action-aad-oauth-client-secret',
    '"authentication": {\n  "type": "ActiveDirectoryOAuth",\n  "tenant": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "audience": "https://graph.microsoft.com",\n  "clientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "secret": "«{a3}8Q~{B34}»"\n}',
  ],
  [
    'b94-power-automate-teams-incoming-webhook-v2-url',
    'Flow step "HTTP" POSTs to «https://acmecorp.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}/V2{B42}» with the adaptive card body and gets 400 "Summary or Text is required"',
  ],
  [
    'b94-pac-cli-auth-create-client-secret',
    'pac auth create --name prod-sp --applicationId {h8}-{h4}-{h4}-{h4}-{h12} --clientSecret «{a3}8Q~{B34}» --tenant {h8}-{h4}-{h4}-{h4}-{h12} --environment https://acme.crm4.dynamics.com',
  ],
  [
    'b94-logic-app-event-grid-aeg-sas-key-header',
    '"Publish_event": {"type":"Http","inputs":{"method":"POST","uri":"https://orders-topic.westeurope-1.eventgrid.azure.net/api/events","headers":{"aeg-sas-key":"«{b43}=»"},"body":"@triggerBody()"}}',
  ],
  [
    'b94-power-automate-freshdesk-key-as-basic-username',
    '"Create_ticket": {\n  "type": "Http",\n  "inputs": {\n    "method": "POST",\n    "uri": "https://acme.freshdesk.com/api/v2/tickets",\n    "authentication": { "type": "Basic", "username": "«{a20}»", "password": "X" }\n  }\n}',
  ],
  [
    'b94-logic-app-sendgrid-api-key-parameter-file',
    '"sendgrid_apiKey": { "value": "«SG.{B22}.{B43}»" },\n"sendgrid_fromAddress": { "value": "noreply@acme.io" }',
  ],
  [
    'b94-power-automate-desktop-sql-connection-string',
    "SET ConnString TO $'''Provider=SQLOLEDB;Data Source=erp-sql;Initial Catalog=ERP;User ID=pad_bot;Password=«{a16}»'''\nDatabase.Connect ConnectionString: ConnString Connection=> SQLConnection",
  ],
  [
    'b94-power-automate-monday-token-http-headers',
    '"headers": { "Authorization": "«eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOj{B60}.{B43}»", "API-Version": "2024-04", "Content-Type": "application/json" }',
  ],
  [
    'b94-uipath-identity-client-credentials-token-curl',
    "curl -s -X POST https://cloud.uipath.com/identity_/connect/token \\\n  -d grant_type=client_credentials \\\n  -d client_id={h8}-{h4}-{h4}-{h4}-{h12} \\\n  -d 'client_secret=«{a9}!{a6}»' \\\n  -d 'scope=OR.Jobs OR.Queues OR.Folders.Read'",
  ],
  [
    'b94-uipath-robot-connect-machine-key-cli',
    'C:\\Program Files\\UiPath\\Studio> UiRobot.exe connect --url https://cloud.uipath.com/acme/DefaultTenant/orchestrator_ --key «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'b94-uipath-appsettings-json-client-secret',
    '{\n  "OrchestratorUrl": "https://orchestrator.acme.local",\n  "TenancyName": "Default",\n  "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientSecret": "«{a22}»",\n  "FolderPath": "Finance/AP"\n}',
  ],
  [
    'b94-uipath-orchestrator-web-config-encryption-key',
    '<appSettings>\n  <add key="EncryptionKey" value="«{b43}=»" />\n  <add key="Auth.Bearer.Robot.Expire" value="30" />\n  <add key="NuGet.Packages.ApiKey" value="«{h8}-{h4}-{h4}-{h4}-{h12}»" />\n</appSettings>',
  ],
  [
    'b94-uipath-uipcli-deploy-application-secret',
    'uipcli package deploy ./out/Finance.AP.Invoices.1.0.14.nupkg "https://cloud.uipath.com/" DefaultTenant -A acme -I {h8}-{h4}-{h4}-{h4}-{h12} -S «{a16}» --applicationScope "OR.Folders OR.Execution" -o "Finance/AP"',
  ],
  [
    'b94-uipath-robot-log-credential-leak-json',
    '{"message":"Get Credential: SAP_Prod -> user=rpa_ap password=«{a14}»","level":"Information","logType":"User","timeStamp":"2024-06-12T09:14:55.1234+02:00","processName":"AP_Invoice_Posting_Prod","jobId":"{h8}-{h4}-{h4}-{h4}-{h12}","robotName":"ACME-RPA-07"}',
  ],
  [
    'b94-chat-prose-uipath-external-app-invalid-client',
    'Orchestrator returns invalid_client for the external app. app id {h8}-{h4}-{h4}-{h4}-{h12}, secret «{a16}», scopes OR.Queues. The confidential app was created under Admin > External Applications this morning.',
  ],
  [
    'b94-automation-anywhere-authentication-api-key-body',
    'POST https://acme.my.automationanywhere.digital/v1/authentication\nContent-Type: application/json\n\n{"username": "svc_bot_runner", "apiKey": "«{a40}»"}',
  ],
  [
    'b94-automation-anywhere-auth-response-jwt',
    '< HTTP/1.1 200 OK\n{"token":"«eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiI{d4}IiwiY2xpZW50VHlwZSI6IldFQiIs{B80}.{B342}»","user":{"id":{d4},"username":"svc_bot_runner"}}',
  ],
  [
    'b94-blue-prism-automatec-user-password-args',
    '"C:\\Program Files\\Blue Prism Limited\\Blue Prism Automate\\AutomateC.exe" /run "Invoice Intake" /user rpa_admin «{a16}» /resource ACME-RPA-03',
  ],
  [
    'b94-jenkins-casc-username-password-credential',
    'credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-deploy\n              username: jenkins-deploy\n              password: "«{a24}»"',
  ],
  [
    'b94-jenkins-casc-string-credential-slack-bot',
    '          - string:\n              scope: GLOBAL\n              id: slack-bot-token\n              secret: "«xoxb-{d12}-{d13}-{a24}»"',
  ],
  [
    'b94-jenkins-init-groovy-username-password-impl',
    '// $JENKINS_HOME/init.groovy.d/01-credentials.groovy\nimport com.cloudbees.plugins.credentials.*\nimport com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl\ndef store = SystemCredentialsProvider.getInstance().getStore()\nstore.addCredentials(Domain.global(), new UsernamePasswordCredentialsImpl(\n  CredentialsScope.GLOBAL, "artifactory-ci", "Artifactory CI user", "ci-bot", "«{a22}»"))',
  ],
  [
    'b94-jenkins-init-groovy-string-credentials-secret-fromstring',
    'def token = new StringCredentialsImpl(CredentialsScope.GLOBAL, "github-api", "GitHub API token", Secret.fromString("«ghp_{a36}»"))\nSystemCredentialsProvider.getInstance().getStore().addCredentials(Domain.global(), token)',
  ],
  [
    'b94-jenkins-init-groovy-create-admin-account',
    'def instance = Jenkins.get()\ndef realm = new HudsonPrivateSecurityRealm(false)\nrealm.createAccount("admin", "«{a20}»")\ninstance.setSecurityRealm(realm)\ninstance.save()',
  ],
  [
    'b94-jenkins-api-token-curl-build-with-parameters',
    'curl -X POST -u deploy-bot:«11{h32}» \\\n  "https://jenkins.acme.io/job/payments/job/deploy/buildWithParameters?ENV=prod&TAG=v2.14.0"',
  ],
  [
    'b94-jenkins-inbound-agent-jar-secret-flag',
    'java -jar agent.jar -url https://jenkins.acme.io/ -secret «{h64}» -name "linux-build-04" -workDir "/home/jenkins/agent"',
  ],
  [
    'b94-jenkins-inbound-agent-docker-jenkins-secret-env',
    'docker run -d --name jnlp-agent --init \\\n  -e JENKINS_URL=https://jenkins.acme.io \\\n  -e JENKINS_AGENT_NAME=docker-agent-02 \\\n  -e JENKINS_SECRET=«{h64}» \\\n  jenkins/inbound-agent:3206.vb_15dcf73f6a_9-1',
  ],
  ['b94-jenkins-initial-admin-password-docker-exec', '$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n«{h32}»'],
  [
    'b94-jenkins-credentials-xml-hand-written-plain-password',
    '<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>{h8}-{h4}-{h4}-{h4}-{h12}</id>\n  <description>svn checkout</description>\n  <username>svn-ci</username>\n  <password>«{a16}»</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>',
  ],
  [
    'b94-jenkins-script-console-secret-decrypt-result',
    "println(hudson.util.Secret.decrypt('{AQAAABAAAAAQ{b44}{b20}=}'))\n\nResult: «{a24}»",
  ],
  [
    'b94-jenkinsfile-environment-block-sonar-token',
    "pipeline {\n  agent any\n  environment {\n    SONAR_TOKEN = '«squ_{h40}»'\n    SONAR_HOST_URL = 'https://sonar.acme.io'\n  }",
  ],
  ['b94-jenkins-console-set-x-npm-auth-token-echo', '+ echo //registry.npmjs.org/:_authToken=«npm_{a36}»\n+ npm publish --access public'],
  [
    'b94-jenkins-job-dsl-shell-docker-login-password',
    "job('build-images') {\n  steps {\n    shell('docker login -u acmeci -p «{a24}» registry.acme.io && make push')\n  }\n}",
  ],
  [
    'b94-jenkins-casc-ldap-manager-password-secret',
    'jenkins:\n  securityRealm:\n    ldap:\n      configurations:\n        - server: ldaps://ldap.acme.local:636\n          rootDN: dc=acme,dc=local\n          managerDN: cn=jenkins,ou=svc,dc=acme,dc=local\n          managerPasswordSecret: "«{a20}»"',
  ],
  [
    'b94-jenkins-casc-github-app-private-key-block',
    '          - gitHubApp:\n              id: github-app-acme\n              appID: "{d6}"\n              privateKey: |\n                «-----BEGIN PRIVATE KEY-----\n                MIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\n                {b64}\n                {b64}\n                {b40}==\n                -----END PRIVATE KEY-----»',
  ],
  ['b94-jenkins-remote-build-trigger-token-url', 'curl -X POST "https://jenkins.acme.io/job/nightly-etl/build?token=«{a32}»"'],
  [
    'b94-jenkins-python-jenkins-client-api-token-password',
    'server = jenkins.Jenkins("https://jenkins.acme.io", username="release-bot", password="«11{h32}»")\nserver.build_job("release/promote", {"VERSION": version})',
  ],
  [
    'b94-jenkins-casc-aws-credentials-secret-key',
    '          - aws:\n              scope: GLOBAL\n              id: aws-deploy\n              accessKey: AKIA{u16}\n              secretKey: «{b40}»',
  ],
  [
    'b94-jenkins-casc-ssh-private-key-direct-entry-passphrase',
    '          - basicSSHUserPrivateKey:\n              scope: SYSTEM\n              id: git-ssh\n              username: git\n              passphrase: «{a20}»\n              privateKeySource:\n                directEntry:\n                  privateKey: "«-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0{b20}\\n{b70}\\n{b70}\\n{b40}\\n-----END OPENSSH PRIVATE KEY-----»"',
  ],
  [
    'b94-jenkins-curl-verbose-basic-authorization-header',
    '> POST /job/promote/build HTTP/1.1\n> Host: jenkins.acme.io\n> Authorization: Basic «ZGVwbG95LWJvdDox{b44}»\n> Jenkins-Crumb: {h64}',
  ],
  [
    'b94-jenkins-gitlab-pipeline-trigger-token-shell',
    "sh 'curl -X POST --fail -F token=«glptt-{h40}» -F ref=main https://gitlab.acme.io/api/v4/projects/218/trigger/pipeline'",
  ],
  [
    'b94-jenkins-vault-approle-secret-id-env-file',
    'VAULT_ADDR=https://vault.acme.local:8200\nVAULT_ROLE_ID={h8}-{h4}-{h4}-{h4}-{h12}\nVAULT_SECRET_ID=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'b94-chat-prose-jenkins-rotate-api-token',
    'can you write a groovy script that rotates the api token for user deploy-bot? the current one is «11{h32}» and I want it revoked right after the new one is created',
  ],
  [
    'b94-ansible-ini-inventory-winrm-ntlm-password',
    '[windows]\nws-dc01.acme.local\n[windows:vars]\nansible_connection=winrm\nansible_user=ACME\\svc_ansible\nansible_password=«{a18}»\nansible_winrm_transport=ntlm',
  ],
  [
    'b94-ansible-host-vars-become-pass-db-host',
    '# host_vars/db-01.yml\nansible_host: 10.20.4.11\nansible_user: deploy\nansible_become_pass: «{a16}»',
  ],
  [
    'b94-ansible-vault-password-file-cat-then-run',
    '$ cat ~/.ansible/vault_pass.txt\n«{a32}»\n$ ansible-playbook site.yml --vault-password-file ~/.ansible/vault_pass.txt',
  ],
  ['b94-ansible-vault-client-script-echo', '#!/bin/sh\n# vault-client.sh, set as vault_password_file in ansible.cfg\necho "«{a28}»"'],
  [
    'b94-ansible-playbook-extra-vars-db-password-limit',
    '$ ansible-playbook -i inventories/prod deploy.yml -e "db_password=«{a20}» app_version=2.14.0" --limit web',
  ],
  [
    'b94-awx-tokens-create-output-token-and-refresh',
    '$ awx tokens create --user 7 --scope write\n{\n     "id": 42,\n     "type": "o_auth2_access_token",\n     "user": 7,\n     "token": "«{a30}»",\n     "refresh_token": "«{a30}»",\n     "scope": "write"\n}',
  ],
  [
    'b94-aap-controller-oauth-token-export',
    'export CONTROLLER_HOST=https://aap.acme.local\nexport CONTROLLER_OAUTH_TOKEN=«{a30}»\nansible-playbook configure_controller.yml',
  ],
  [
    'b94-tower-cli-config-password-history',
    '$ tower-cli config host https://tower.acme.local\n$ tower-cli config username admin\n$ tower-cli config password «{a18}»',
  ],
  [
    'b94-awx-job-template-launch-bearer-and-extra-vars',
    'curl -s -X POST https://awx.acme.local/api/v2/job_templates/31/launch/ \\\n  -H "Authorization: Bearer «{a30}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"extra_vars": {"target_env": "prod", "smtp_password": "«{a18}»"}}\'',
  ],
  [
    'b94-ansible-group-vars-ios-password-and-enable',
    '# group_vars/ios.yml\nansible_network_os: cisco.ios.ios\nansible_user: netops\nansible_password: «{a16}»\nansible_become_method: enable\nansible_become_password: «{a16}»',
  ],
  [
    'b94-ansible-uri-task-netbox-token-header',
    '- name: Register host in NetBox\n  ansible.builtin.uri:\n    url: https://netbox.acme.local/api/dcim/devices/\n    method: POST\n    headers:\n      Authorization: "Token «{h40}»"\n    body_format: json',
  ],
  [
    'b94-ansible-changed-result-mysql-user-module-args',
    'changed: [db-02] => {"changed": true, "invocation": {"module_args": {"name": "reporting", "password": "«{a20}»", "login_host": "localhost", "priv": "reporting.*:SELECT"}}, "user": "reporting"}',
  ],
  [
    'b94-ansible-yaml-inventory-legacy-root-ssh-pass',
    'all:\n  children:\n    legacy:\n      hosts:\n        erp-old.acme.local:\n          ansible_user: root\n          ansible_ssh_pass: «{a14}»',
  ],
  [
    'b94-ansible-aws-ec2-inventory-plugin-secret-key',
    '# inventory/aws_ec2.yml\nplugin: amazon.aws.aws_ec2\nregions: [eu-west-1]\naws_access_key: AKIA{u16}\naws_secret_key: «{b40}»',
  ],
  [
    'b94-chat-prose-ansible-vault-id-prompt-decrypt-failed',
    'ran `ansible-vault view group_vars/prod/vault.yml --vault-id prod@prompt`, typed «{a20}» and it says "Decryption failed (no vault secrets were found that could decrypt)". the prod vault pass in 1password is the same string, any idea?',
  ],
  [
    'b94-awx-credentials-create-machine-inputs-json',
    'awx credentials create --name "prod-ssh" --credential_type "Machine" --organization Acme \\\n  --inputs \'{"username": "ansible", "password": "«{a18}»", "become_method": "sudo", "become_password": "«{a18}»"}\'',
  ],
  [
    'b94-gitlab-ci-echo-vault-pass-to-file',
    'deploy:\n  script:\n    - echo "«{a28}»" > .vault_pass\n    - ansible-playbook -i inventories/prod site.yml --vault-password-file .vault_pass',
  ],
  [
    'b94-ansible-role-defaults-mysql-root-and-replication',
    '# roles/mysql/defaults/main.yml\nmysql_root_password: «{a20}»\nmysql_replication_user: repl\nmysql_replication_password: «{a20}»',
  ],
  [
    'b94-ansible-navigator-ee-env-azure-secret',
    'ansible-navigator:\n  execution-environment:\n    environment-variables:\n      set:\n        AZURE_CLIENT_ID: {h8}-{h4}-{h4}-{h4}-{h12}\n        AZURE_SECRET: «{a3}8Q~{B34}»\n        AZURE_TENANT: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'b94-ansible-ad-membership-domain-admin-password',
    '- name: Join domain\n  microsoft.ad.membership:\n    dns_domain_name: acme.local\n    domain_admin_user: svc_join@acme.local\n    domain_admin_password: «{a18}»\n    state: domain',
  ],
  [
    'b94-tower-cli-cfg-ini-general-password',
    '[general]\nhost = https://tower.acme.local\nusername = admin\npassword = «{a18}»\nverify_ssl = false',
  ],
  [
    'b94-awx-operator-admin-password-secret-manifest',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: awx-admin-password\n  namespace: awx\nstringData:\n  password: «{a24}»',
  ],
  [
    'b94-semaphore-ui-config-json-db-and-cookie-keys',
    '{\n  "postgres": { "host": "pg.internal:5432", "user": "semaphore", "pass": "«{a20}»", "name": "semaphore" },\n  "cookie_hash": "«{b43}=»",\n  "cookie_encryption": "«{b43}=»",\n  "access_key_encryption": "«{b43}=»"\n}',
  ],
  ['b94-ansible-role-defaults-datadog-api-and-app-key', 'datadog_api_key: «{h32}»\ndatadog_app_key: «{h40}»\ndatadog_site: datadoghq.eu'],
  [
    'b94-chat-prose-ansible-incorrect-sudo-password-one-host',
    '"msg": "Incorrect sudo password" on web-04 only. I double checked group_vars/web.yml, ansible_become_password: «{a16}», and that works on web-01..03. could the sudoers file differ?',
  ],
  [
    'b94-rundeck-api-token-header-run-job',
    'curl -s -X POST -H "X-Rundeck-Auth-Token: «{a32}»" -H "Accept: application/json" \\\n  https://rundeck.acme.local/api/41/job/{h8}-{h4}-{h4}-{h4}-{h12}/run',
  ],
  ['b94-rundeck-cli-rd-token-export', 'export RD_URL=https://rundeck.acme.local\nexport RD_TOKEN=«{a32}»\nrd executions follow -e 18342'],
  [
    'b94-rundeck-config-properties-datasource-and-storage-converter',
    '# /etc/rundeck/rundeck-config.properties\ndataSource.url = jdbc:mysql://mysql.internal/rundeck?autoReconnect=true&useSSL=true\ndataSource.username = rundeckuser\ndataSource.password = «{a20}»\nrundeck.config.storage.converter.1.config.password=«{a24}»',
  ],
  [
    'b94-rundeck-realm-properties-plaintext-beside-md5',
    '# /etc/rundeck/realm.properties\nadmin:«{a16}»,user,admin,architect,deploy,build\nops-viewer:MD5:{h32},user',
  ],
  [
    'b94-rundeck-rd-keys-create-password-here-string',
    "rd keys create -p keys/project/payments/db.password -t password -f /dev/stdin <<< '«{a22}»'",
  ],
  [
    'b94-rundeck-job-yaml-mailgun-key-in-exec',
    "- defaultTab: nodes\n  name: send-digest\n  sequence:\n    commands:\n      - exec: curl -s --user 'api:«key-{h32}»' https://api.eu.mailgun.net/v3/mg.acme.io/messages -F to=team@acme.io -F subject=digest",
  ],
  [
    'b94-chat-prose-rundeck-token-403',
    'Rundeck API gives 403 "unauthorized" with token «{a32}» even though admin created it with roles "admin,deploy". do tokens expire by default in 4.x?',
  ],
  ['b94-stackstorm-apikey-create-only-key-output', '$ st2 apikey create -k -m \'{"used_by": "grafana alerts"}\'\n«{a64}»'],
  [
    'b94-stackstorm-webhook-st2-api-key-header',
    'curl -X POST https://st2.acme.local/api/v1/webhooks/restart_service \\\n  -H "St2-Api-Key: «{a64}»" -H "Content-Type: application/json" \\\n  -d \'{"service": "nginx", "host": "web-03"}\'',
  ],
  [
    'b94-stackstorm-st2-conf-database-and-amqp-passwords',
    '[database]\nhost = mongo.internal\nusername = stackstorm\npassword = «{a20}»\n\n[messaging]\nurl = amqp://st2:«{a20}»@rabbitmq.internal:5672/',
  ],
  [
    'b94-stackstorm-datastore-key-json-hmac-and-aes',
    '$ sudo cat /etc/st2/keys/datastore_key.json\n{"hmacKey": {"hmacKeyString": "«{B43}»", "size": 256}, "aesKeyString": "«{B43}»", "mode": "CBC", "size": 256}',
  ],
  ['b94-stackstorm-key-set-pagerduty-routing-key', '$ st2 key set pagerduty_routing_key «{h32}» --encrypt'],
  [
    'b94-stackstorm-jira-pack-config-api-token',
    '# /opt/stackstorm/configs/jira.yaml\nurl: https://acme.atlassian.net\nauth_method: basic\nusername: st2-bot@acme.io\npassword: «ATATT3xFfGF0{B170}={H8}»',
  ],
  [
    'b94-salt-pillar-mysql-root-and-grafana-user',
    "# /srv/pillar/mysql/init.sls\nmysql:\n  server:\n    root_password: «{a20}»\n  users:\n    grafana:\n      password: «{a20}»\n      host: '10.20.%'",
  ],
  [
    'b94-salt-api-login-curl-pam-password',
    "curl -sSk https://salt.acme.local:8000/login \\\n  -H 'Accept: application/x-yaml' \\\n  -d username=saltapi -d password=«{a18}» -d eauth=pam",
  ],
  [
    'b94-salt-cloud-provider-digitalocean-pat',
    '# /etc/salt/cloud.providers.d/do.conf\ndo-ams3:\n  driver: digitalocean\n  personal_access_token: «dop_v1_{h64}»\n  ssh_key_file: /etc/salt/keys/do_ed25519\n  ssh_key_names: salt-master',
  ],
  [
    'b94-salt-pillar-jinja-datadog-api-key',
    "{% set env = grains['env'] %}\ndatadog:\n  api_key: «{h32}»\n  site: datadoghq.eu\n  tags: ['env:{{ env }}']",
  ],
  [
    'b94-salt-minion-postgres-returner-passwd',
    '# /etc/salt/minion.d/returner.conf\nreturner.postgres.host: pg.internal\nreturner.postgres.user: salt\nreturner.postgres.passwd: «{a18}»\nreturner.postgres.db: salt',
  ],
  ['b94-salt-pillar-windows-local-administrator', 'win_admin:\n  user: Administrator\n  password: «{a16}»'],
  [
    'b94-salt-master-gitfs-remote-gitlab-token',
    'gitfs_remotes:\n  - https://gitlab.acme.io/infra/salt-states.git:\n    - user: salt-gitfs\n    - password: «glpat-{B20}»',
  ],
  ['b94-salt-pillar-pagerduty-api-token-and-service-key', 'pagerduty:\n  api_token: «u+{B18}»\n  service_key: «{h32}»\n  subdomain: acme'],
  [
    'b94-puppet-hiera-common-yaml-plain-db-and-sensu',
    '# data/common.yaml\nprofile::db::postgres_password: «{a20}»\nprofile::monitoring::sensu_api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\nprofile::web::server_name: www.acme.io',
  ],
  [
    'b94-puppet-eyaml-private-key-pkcs7-pem-cat',
    '$ cat /etc/puppetlabs/puppet/eyaml/private_key.pkcs7.pem\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b32}==\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'b94-puppet-manifest-mysql-db-hardcoded-password',
    "mysql::db { 'grafana':\n  user     => 'grafana',\n  password => '«{a22}»',\n  host     => 'localhost',\n  grant    => ['ALL'],\n}",
  ],
  [
    'b94-puppet-r10k-remote-oauth2-gitlab-token',
    "# /etc/puppetlabs/r10k/r10k.yaml\nsources:\n  control:\n    remote: 'https://oauth2:«glpat-{B20}»@gitlab.acme.io/infra/control-repo.git'\n    basedir: '/etc/puppetlabs/code/environments'",
  ],
  ['b94-puppet-enterprise-rbac-token-file-cat', '$ puppet access login --lifetime 1d\n$ cat ~/.puppetlabs/token\n«{B43}»'],
  [
    'b94-puppet-eyaml-decrypt-cli-plaintext-output',
    "$ eyaml decrypt -s 'ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw{b200}]'\n«{a22}»",
  ],
  [
    'b94-puppet-bolt-inventory-winrm-password',
    '# inventory.yaml (Bolt)\ngroups:\n  - name: windows\n    targets: [win-01.acme.local, win-02.acme.local]\n    config:\n      transport: winrm\n      winrm:\n        user: Administrator\n        password: «{a18}»\n        ssl: false',
  ],
  [
    'b94-chef-knife-data-bag-show-plain-secrets',
    '$ knife data bag show apps payments -F json\n{\n  "id": "payments",\n  "stripe_secret_key": "«rk_live_{a99}»",\n  "db_password": "«{a20}»"\n}',
  ],
  ['b94-chef-encrypted-data-bag-secret-file-cat', '$ cat /etc/chef/encrypted_data_bag_secret\n«{b120}»'],
  [
    'b94-chef-validator-pem-cat',
    '$ cat .chef/acme-validator.pem\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b40}\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'b94-chef-attributes-postfix-sasl-passwd',
    "default['postfix']['sasl']['smtp_sasl_user_name'] = 'postmaster@mg.acme.io'\ndefault['postfix']['sasl']['smtp_sasl_passwd'] = '«{h32}-{h8}-{h8}»'",
  ],
  [
    'b94-chef-knife-vault-show-rabbitmq-password',
    '$ knife vault show secrets rabbitmq\nid:       rabbitmq\npassword: «{a24}»\nuser:     app',
  ],
  [
    'b94-terraformrc-credentials-block-app-terraform-io',
    '# ~/.terraformrc\ncredentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{a67}»"\n}',
  ],
  [
    'b94-tfc-tf-token-env-var-in-ci-job',
    '    env:\n      TF_TOKEN_app_terraform_io: «{a14}.atlasv1.{a67}»\n      TF_WORKSPACE: payments-prod',
  ],
  [
    'b94-tfe-credentials-tfrc-json-private-host',
    '$ cat ~/.terraform.d/credentials.tfrc.json\n{\n  "credentials": {\n    "tfe.acme.io": { "token": "«{a14}.atlasv1.{a67}»" }\n  }\n}',
  ],
  [
    'b94-tfc-authentication-token-api-response',
    '{"data":{"id":"at-{a16}","type":"authentication-tokens","attributes":{"created-at":"2024-06-12T08:01:44.512Z","last-used-at":null,"description":"ci","token":"«{a14}.atlasv1.{a67}»","expired-at":null}}}',
  ],
  [
    'b94-chat-prose-tfc-team-token-401',
    'terraform login wrote the token to credentials.tfrc.json but plan still fails with "401 unauthorized". the token is «{a14}.atlasv1.{a67}» and org is acme-platform, it\'s a team token not a user token, does that matter for remote runs?',
  ],
  [
    'b94-spacelift-api-key-env-spacectl',
    'export SPACELIFT_API_KEY_ENDPOINT=https://acme.app.spacelift.io\nexport SPACELIFT_API_KEY_ID=01{u24}\nexport SPACELIFT_API_KEY_SECRET=«{h64}»\nspacectl stack list',
  ],
  [
    'b94-spacelift-provider-block-api-key-secret',
    'provider "spacelift" {\n  api_key_endpoint = "https://acme.app.spacelift.io"\n  api_key_id       = "01{u24}"\n  api_key_secret   = "«{h64}»"\n}',
  ],
  ['b94-env0-api-basic-auth-curl-organizations', 'curl -s https://api.env0.com/organizations -u {a16}:«{a32}»'],
  ['b94-env0-provider-api-secret-export', 'export ENV0_API_KEY={a16}\nexport ENV0_API_SECRET=«{a32}»\nterraform -chdir=env0-config apply'],
  [
    'b94-atlantis-env-github-token-and-webhook-secret',
    'ATLANTIS_GH_USER=acme-atlantis\nATLANTIS_GH_TOKEN=«ghp_{a36}»\nATLANTIS_GH_WEBHOOK_SECRET=«{h40}»\nATLANTIS_REPO_ALLOWLIST=github.com/acme/*',
  ],
  ['b94-airflow-conn-env-mssql-uri-password', "AIRFLOW_CONN_ERP_MSSQL='mssql://etl_reader:«{a20}»@erp-db.acme.local:1433/ERP'"],
  [
    'b94-airflow-conn-json-http-extra-bearer',
    'export AIRFLOW_CONN_BILLING_API=\'{"conn_type": "http", "host": "https://billing.acme.io", "extra": {"Authorization": "Bearer «{a40}»"}}\'',
  ],
  [
    'b94-airflow-compose-fernet-webserver-secret-sqlalchemy',
    'x-airflow-common:\n  environment:\n    AIRFLOW__CORE__FERNET_KEY: «{B43}=»\n    AIRFLOW__WEBSERVER__SECRET_KEY: «{h32}»\n    AIRFLOW__DATABASE__SQL_ALCHEMY_CONN: postgresql+psycopg2://airflow:«{a18}»@postgres/airflow',
  ],
  [
    'b94-airflow-connections-get-yaml-snowflake-password',
    '$ airflow connections get snowflake_default -o yaml\n- conn_id: snowflake_default\n  conn_type: snowflake\n  host: acme-xy12345.snowflakecomputing.com\n  login: AIRFLOW_SVC\n  password: «{a24}»\n  schema: RAW',
  ],
  [
    'b94-airflow-variables-export-slack-bot-token',
    '$ airflow variables export /dev/stdout\n{\n    "slack_alerts_token": "«xoxb-{d12}-{d13}-{a24}»",\n    "dbt_target": "prod"\n}',
  ],
  [
    'b94-airflow-dag-http-operator-hubspot-token',
    'with DAG("sync_hubspot", start_date=datetime(2024, 1, 1), schedule="@hourly", default_args=default_args) as dag:\n    HttpOperator(task_id="pull", http_conn_id="hubspot", endpoint="crm/v3/objects/deals", headers={"Authorization": "Bearer «pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»"})',
  ],
  [
    'b94-airflow-cfg-smtp-sendgrid-password',
    '[smtp]\nsmtp_host = smtp.sendgrid.net\nsmtp_user = apikey\nsmtp_password = «SG.{B22}.{B43}»\nsmtp_mail_from = airflow@acme.io',
  ],
  [
    'b94-airflow-connections-add-twilio-conn-password',
    'airflow connections add twilio_default --conn-type http --conn-login AC{h32} --conn-password «{h32}» --conn-host https://api.twilio.com',
  ],
  [
    'b94-prefect-cloud-api-url-and-user-key-export',
    'export PREFECT_API_URL="https://api.prefect.cloud/api/accounts/{h8}-{h4}-{h4}-{h4}-{h12}/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}"\nexport PREFECT_API_KEY="«pnu_{a36}»"\nprefect deploy --all',
  ],
  [
    'b94-prefect-profiles-toml-service-account-key',
    '# ~/.prefect/profiles.toml\n[profiles.prod]\nPREFECT_API_URL = "https://api.prefect.cloud/api/accounts/{h8}-{h4}-{h4}-{h4}-{h12}/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}"\nPREFECT_API_KEY = "«pnb_{a36}»"',
  ],
  [
    'b94-prefect-secret-block-save-inline-value',
    'from prefect.blocks.system import Secret\nSecret(value="«{a40}»").save("warehouse-api-key", overwrite=True)',
  ],
  ['b94-dagster-cloud-agent-token-helm-values', 'dagsterCloud:\n  deployment: prod\n  agentToken: "«agent:acme:{h32}»"'],
  [
    'b94-dagster-resource-config-warehouse-password',
    'resources:\n  warehouse:\n    config:\n      account: acme-xy12345\n      user: DAGSTER\n      password: «{a22}»',
  ],
  [
    'b94-kestra-secret-env-vars-base64-encoded',
    '# Kestra reads SECRET_* env vars as base64\nSECRET_GITHUB_TOKEN=«Z2hwX{b49}==»\nSECRET_SLACK_WEBHOOK=«aHR0cHM6Ly9ob29rcy5zbGFjay5jb20vc2VydmljZXMv{b64}»',
  ],
  [
    'b94-kestra-server-basic-auth-password',
    'kestra:\n  server:\n    basic-auth:\n      enabled: true\n      username: admin@acme.io\n      password: «{a20}»',
  ],
  [
    'b94-windmill-run-script-bearer-token',
    'curl -s https://windmill.acme.local/api/w/ops/jobs/run/p/f/ops/rotate_certs \\\n  -H "Authorization: Bearer «{a32}»" -H "Content-Type: application/json" -d \'{}\'',
  ],
  [
    'b94-argo-workflows-argo-token-service-account-jwt',
    '$ export ARGO_TOKEN="Bearer «eyJhbGciOiJSUzI1NiIsImtpZCI6Ik{B40}In0.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50Ii{B300}.{B342}»"\n$ argo list -n workflows --argo-server argo.acme.local:443',
  ],
  [
    'b94-temporal-cli-workflow-list-api-key-flag',
    'temporal workflow list \\\n  --address eu-west-1.aws.api.temporal.io:7233 \\\n  --namespace payments-prod.{l5} \\\n  --api-key «eyJhbGciOiJFUzI1NiIsImtpZCI6Ik{B20}In0.eyJ{B180}.{B86}» \\\n  --tls',
  ],
  [
    'b94-temporal-worker-env-mtls-key-data-escaped',
    'TEMPORAL_ADDRESS=payments-prod.{l5}.tmprl.cloud:7233\nTEMPORAL_NAMESPACE=payments-prod.{l5}\nTEMPORAL_TLS_CERT=/etc/temporal/client.pem\nTEMPORAL_TLS_KEY_DATA="«-----BEGIN PRIVATE KEY-----\\nMIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDA{b16}\\n{b64}\\n{b56}\\n-----END PRIVATE KEY-----»"',
  ],
  [
    'b94-temporal-python-client-connect-api-key',
    'client = await Client.connect(\n    "us-east-1.aws.api.temporal.io:7233",\n    namespace="orders.{l5}",\n    api_key="«eyJhbGciOiJFUzI1NiIsImtpZCI6Ik{B20}In0.eyJ{B160}.{B86}»",\n    tls=True,\n)',
  ],
  [
    'b94-camunda-saas-zeebe-client-env-exports',
    "export ZEEBE_ADDRESS='{h8}-{h4}-{h4}-{h4}-{h12}.bru-2.zeebe.camunda.io:443'\nexport ZEEBE_CLIENT_ID='{a32}'\nexport ZEEBE_CLIENT_SECRET='«{B64}»'\nexport ZEEBE_AUTHORIZATION_SERVER_URL='https://login.cloud.camunda.io/oauth/token'",
  ],
  [
    'b94-camunda-spring-application-yaml-client-secret',
    'camunda:\n  client:\n    mode: saas\n    auth:\n      client-id: {a32}\n      client-secret: «{a64}»\n    cloud:\n      cluster-id: {h8}-{h4}-{h4}-{h4}-{h12}\n      region: bru-2',
  ],
  [
    'b94-camunda7-spring-boot-admin-user-password',
    'camunda.bpm.admin-user.id=ops-admin\ncamunda.bpm.admin-user.password=«{a18}»\ncamunda.bpm.database.schema-update=true',
  ],
  [
    'b94-camunda-helm-identity-first-user-and-keycloak-admin',
    'identity:\n  firstUser:\n    username: ops\n    password: «{a20}»\n  keycloak:\n    auth:\n      adminPassword: «{a20}»',
  ],
  [
    'b94-chat-prose-zeebe-worker-cannot-obtain-token',
    'worker can\'t auth to camunda saas: "Failed to obtain access token". ZEEBE_CLIENT_SECRET is «{a64}», region bru-2, cluster id {h8}-{h4}-{h4}-{h4}-{h12}. the client has the Zeebe scope enabled',
  ],
  [
    'b94-orkes-conductor-auth-key-and-secret',
    'export CONDUCTOR_SERVER_URL=https://acme.orkesconductor.io/api\nexport CONDUCTOR_AUTH_KEY={h8}-{h4}-{h4}-{h4}-{h12}\nexport CONDUCTOR_AUTH_SECRET=«{a48}»',
  ],
  [
    'b94-retool-self-hosted-docker-env-keys',
    '# docker.env\nENCRYPTION_KEY=«{B43}»\nJWT_SECRET=«{a64}»\nLICENSE_KEY=«SSOP_{h8}-{h4}-{h4}-{h4}-{h12}»\nPOSTGRES_PASSWORD=«{a24}»',
  ],
  [
    'b94-retool-restapi-resource-export-bearer-header',
    '{\n  "name": "Payments API",\n  "type": "restapi",\n  "options": {\n    "baseURL": "https://payments.internal.acme.io/v2",\n    "headers": [["Authorization", "Bearer «{a48}»"], ["Accept", "application/json"]],\n    "authentication": "none"\n  }\n}',
  ],
  [
    'b94-retool-source-control-postgres-resource-yaml',
    '# retool/resources/warehouse.yaml\ntype: postgresql\nname: warehouse\noptions:\n  host: warehouse.internal\n  port: 5432\n  database_name: analytics\n  database_username: retool_ro\n  database_password: «{a22}»\n  ssl_enabled: true',
  ],
  [
    'b94-retool-api-v2-users-bearer-curl',
    'curl -s https://acme.retool.com/api/v2/users -H "Authorization: Bearer «{a40}»" | jq \'.data[].email\'',
  ],
  [
    'b94-appsmith-stack-env-encryption-and-mongo',
    'APPSMITH_ENCRYPTION_PASSWORD=«{a24}»\nAPPSMITH_ENCRYPTION_SALT=«{a24}»\nAPPSMITH_MONGODB_URI=mongodb://appsmith:«{a20}»@mongo.internal:27017/appsmith?authSource=admin\nAPPSMITH_REDIS_URL=redis://redis.internal:6379',
  ],
  [
    'b94-appsmith-rest-datasource-json-api-key-header',
    '"datasourceConfiguration": {\n  "url": "https://api.acme.io",\n  "headers": [{ "key": "x-api-key", "value": "«{a40}»" }],\n  "queryParameters": []\n}',
  ],
  [
    'b94-chat-prose-appsmith-unable-to-decrypt',
    'we rebuilt the appsmith container and every datasource shows "Unable to decrypt". the old stack.env had APPSMITH_ENCRYPTION_PASSWORD=«{a24}» and the salt was «{a24}», the new one got regenerated. can we restore by just putting those back?',
  ],
  [
    'b94-budibase-hosting-env-secrets',
    'MAIN_PORT=10000\nAPI_ENCRYPTION_KEY=«{a32}»\nJWT_SECRET=«{a32}»\nMINIO_ACCESS_KEY={a20}\nMINIO_SECRET_KEY=«{a40}»\nCOUCH_DB_PASSWORD=«{a20}»\nINTERNAL_API_KEY=«{a32}»',
  ],
  [
    'b94-budibase-public-api-search-api-key-header',
    'curl -s -X POST https://budibase.acme.local/api/public/v1/tables/{h32}/rows/search \\\n  -H "x-budibase-app-id: app_{h32}" \\\n  -H "x-budibase-api-key: «{h64}»" \\\n  -d \'{"query": {"string": {"status": "open"}}}\'',
  ],
  [
    'b94-tooljet-env-lockbox-and-secret-key-base',
    'LOCKBOX_MASTER_KEY=«{h64}»\nSECRET_KEY_BASE=«{h128}»\nPG_HOST=postgres\nPG_PASS=«{a20}»',
  ],
  [
    'b94-systemd-unit-environment-quoted-api-token',
    '[Service]\nUser=sync\nEnvironment="ACME_API_TOKEN=«{a40}»"\nEnvironment=LOG_LEVEL=info\nExecStart=/usr/local/bin/acme-sync --interval 5m',
  ],
  [
    'b94-systemd-set-credential-plaintext-db-password',
    '[Service]\nSetCredential=db-password:«{a22}»\nLoadCredential=tls-key:/etc/ssl/private/worker.key\nExecStart=/opt/worker/bin/worker --db-password-file=%d/db-password',
  ],
  [
    'b94-systemd-environment-file-backblaze-and-restic',
    '$ sudo systemctl cat backup-offsite.service | grep EnvironmentFile\nEnvironmentFile=/etc/default/backup-offsite\n$ sudo cat /etc/default/backup-offsite\nB2_ACCOUNT_ID={h25}\nB2_ACCOUNT_KEY=«K00{a28}»\nRESTIC_PASSWORD=«{a32}»',
  ],
  [
    'b94-systemctl-show-environment-grafana-cloud-token',
    '$ systemctl show -p Environment grafana-agent\nEnvironment=GCLOUD_RW_API_KEY=«glc_{B100}» HOSTNAME=mon-01',
  ],
  [
    'b94-journal-pg-backup-xtrace-pgpassword',
    'Jun 12 03:00:01 db-01 systemd[1]: Starting nightly pg_dump...\nJun 12 03:00:01 db-01 pg-backup.sh[48213]: + PGPASSWORD=«{a20}» pg_dump -h localhost -U backup -Fc billing\nJun 12 03:00:09 db-01 systemd[1]: pg-backup.service: Deactivated successfully.',
  ],
  [
    'b94-crontab-push-monitor-curl-basic-auth',
    "MAILTO=ops@acme.io\n# m h dom mon dow command\n*/5 * * * * curl -fsS -u monitor:«{a18}» 'https://status.acme.local/api/push?status=up' >/dev/null",
  ],
  [
    'b94-crontab-mysqldump-inline-password',
    "30 2 * * * /usr/bin/mysqldump -u backup -p'«{a16}»' --single-transaction shop | gzip > /backups/shop-$(date +\\%F).sql.gz",
  ],
  [
    'b94-cron-d-file-aws-secret-env',
    '# /etc/cron.d/s3-sync\nAWS_ACCESS_KEY_ID=AKIA{u16}\nAWS_SECRET_ACCESS_KEY=«{b40}»\n0 * * * * deploy aws s3 sync /srv/uploads s3://acme-uploads-prod --only-show-errors',
  ],
  [
    'b94-systemd-oneshot-execstart-slack-webhook',
    '[Service]\nType=oneshot\nExecStart=/usr/bin/curl -fsS -X POST -H \'Content-Type: application/json\' -d \'{"text":"disk usage report ready"}\' «https://hooks.slack.com/services/T{u10}/B{u10}/{a24}»',
  ],
  [
    'b94-systemd-drop-in-override-database-and-redis-urls',
    '# /etc/systemd/system/api.service.d/override.conf\n[Service]\nEnvironment=DATABASE_URL=postgres://api:«{a24}»@10.20.4.11:5432/api\nEnvironment=REDIS_URL=redis://:«{a24}»@10.20.4.12:6379/0',
  ],
  [
    'b94-supervisord-program-environment-amqp-password',
    '[program:queue-worker]\ncommand=/srv/app/venv/bin/celery -A app worker -l info\nenvironment=CELERY_BROKER_URL="amqp://worker:«{a20}»@rabbit.internal:5672//",DJANGO_SETTINGS_MODULE="app.settings.prod"',
  ],
  [
    'b94-launchd-plist-environment-fine-grained-pat',
    '<key>EnvironmentVariables</key>\n<dict>\n  <key>GITHUB_TOKEN</key>\n  <string>«github_pat_{a22}_{a59}»</string>\n</dict>',
  ],
  [
    'b94-windows-schtasks-create-run-as-password',
    'schtasks /Create /TN "NightlyExport" /TR "C:\\jobs\\export.cmd" /SC DAILY /ST 02:00 /RU ACME\\svc_export /RP «{a16}»',
  ],
  [
    'b94-woodpecker-server-agent-secret-and-github-secret',
    'WOODPECKER_HOST=https://ci.acme.io\nWOODPECKER_GITHUB=true\nWOODPECKER_GITHUB_CLIENT={a20}\nWOODPECKER_GITHUB_SECRET=«{h40}»\nWOODPECKER_AGENT_SECRET=«{h64}»',
  ],
  [
    'b94-concourse-fly-vars-file-registry-and-vault-token',
    '# ci/vars/prod.yml (passed with fly set-pipeline -l)\nregistry_password: «{a24}»\nvault_token: «hvs.{a24}»\ngithub_private_key: ((github.private_key))',
  ],
  [
    'b94-tekton-basic-auth-secret-git-annotation',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: git-creds\n  annotations:\n    tekton.dev/git-0: https://github.com\ntype: kubernetes.io/basic-auth\nstringData:\n  username: acme-bot\n  password: «ghp_{a36}»',
  ],
  [
    'b94-huginn-env-secret-token-and-db-password',
    'APP_SECRET_TOKEN=«{h128}»\nINVITATION_CODE=«{a16}»\nDATABASE_ADAPTER=postgresql\nDATABASE_PASSWORD=«{a20}»',
  ],
  [
    'b94-activepieces-env-encryption-and-jwt',
    'AP_ENCRYPTION_KEY=«{h32}»\nAP_JWT_SECRET=«{h64}»\nAP_POSTGRES_PASSWORD=«{a24}»\nAP_FRONTEND_URL=https://flows.acme.io',
  ],
  [
    'b94-nifi-properties-sensitive-props-and-keystore',
    'nifi.sensitive.props.key=«{a24}»\nnifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\nnifi.security.keystorePasswd=«{a32}»\nnifi.security.keystoreType=PKCS12',
  ],
  ['b94-nifi-set-single-user-credentials-cli', './bin/nifi.sh set-single-user-credentials admin «{a24}»'],
];

export const BLIND94_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'b94-neg-n8n-export-credentials-encrypted-data-field',
    '$ n8n export:credentials --all --output=creds.json\n$ jq \'.[0]\' creds.json\n{\n  "id": "{a16}",\n  "name": "Acme CRM header auth",\n  "type": "httpHeaderAuth",\n  "data": "U2FsdGVkX1{b150}="\n}',
  ],
  [
    'b94-neg-n8n-node-credentials-reference-by-id',
    '      "credentials": {\n        "httpHeaderAuth": { "id": "{a16}", "name": "Acme CRM header auth" }\n      },\n      "id": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n      "name": "Create contact",\n      "type": "n8n-nodes-base.httpRequest",\n      "typeVersion": 4.2,\n      "webhookId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"',
  ],
  [
    'b94-neg-n8n-workflow-meta-instance-id-and-version-id',
    '{\n  "name": "Invoice sync",\n  "id": "{a16}",\n  "versionId": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "meta": { "templateCredsSetupCompleted": true, "instanceId": "{h64}" },\n  "active": true\n}',
  ],
  [
    'b94-neg-n8n-expressions-credentials-env-json',
    '{ "name": "Authorization", "value": "=Bearer {{ $credentials.apiKey }}" },\n{ "name": "X-Tenant-Token", "value": "={{ $env.ACME_TENANT_TOKEN }}" },\n{ "name": "X-Session", "value": "={{ $json.session.token }}" }',
  ],
  [
    'b94-neg-n8n-compose-encryption-key-from-env-and-file',
    '    environment:\n      - N8N_ENCRYPTION_KEY=${N8N_ENCRYPTION_KEY:?set N8N_ENCRYPTION_KEY in .env}\n      - DB_POSTGRESDB_PASSWORD_FILE=/run/secrets/n8n_db_password\n    secrets:\n      - n8n_db_password',
  ],
  [
    'b94-neg-n8n-execution-log-ids-only',
    '2024-06-12T08:14:03.551Z | info | Workflow execution finished successfully {"workflowId":"{a16}","executionId":"48213","mode":"webhook","file":"WorkflowRunner.js"}\n2024-06-12T08:14:03.612Z | debug | Pruning executions older than 336h {"deleted":1204}',
  ],
  [
    'b94-neg-github-webhook-to-n8n-signature-header',
    'POST /webhook/github-release HTTP/1.1\nHost: n8n.acme.io\nX-GitHub-Event: release\nX-GitHub-Delivery: {h8}-{h4}-11ef-{h4}-{h12}\nX-Hub-Signature-256: sha256={h64}\nContent-Type: application/json',
  ],
  [
    'b94-neg-n8n-cli-export-workflow-by-id',
    '$ n8n export:workflow --id={a16} --output=backups/invoice-sync.json\nSuccessfully exported 1 workflow.\n$ n8n execute --id {a16}',
  ],
  [
    'b94-neg-n8n-encryption-key-docs-angle-brackets',
    'To keep credentials readable after a migration, set the same key on every instance:\nN8N_ENCRYPTION_KEY=<random string of at least 32 characters>\nGenerate one with `openssl rand -base64 24` and store it in your secret manager, not in git.',
  ],
  ['b94-neg-node-red-flows-cred-json-encrypted', '$ cat ~/.node-red/flows_cred.json\n{\n    "$": "{h32}{b180}=="\n}'],
  [
    'b94-neg-node-red-settings-admin-auth-bcrypt',
    '    adminAuth: {\n        type: "credentials",\n        users: [{\n            username: "admin",\n            password: "$2b$08${p53}",\n            permissions: "*"\n        }]\n    },',
  ],
  [
    'b94-neg-node-red-credential-secret-env-and-false',
    '    // credentialSecret: false disables encryption, do not ship that\n    credentialSecret: process.env.NODE_RED_CREDENTIAL_SECRET,\n    httpNodeAuth: { user: "grafana", pass: "$2a$08${p53}" },',
  ],
  [
    'b94-neg-node-red-flows-json-ids-and-wires',
    '[{"id":"{h16}","type":"inject","z":"{h16}","name":"every 5m","repeat":"300","topic":"","x":130,"y":80,"wires":[["{h16}"]]},{"id":"{h16}","type":"debug","z":"{h16}","name":"","active":true,"x":410,"y":80,"wires":[]}]',
  ],
  ['b94-neg-node-red-admin-hash-pw-output', '$ npx node-red admin hash-pw\nPassword:\n$2b$08${p53}'],
  [
    'b94-neg-node-red-function-node-env-get-and-global',
    'const token = env.get("ACME_API_TOKEN");\nmsg.headers = { Authorization: "Bearer " + (flow.get("sessionToken") || global.get("acmeToken")) };\nnode.status({ fill: "green", shape: "dot", text: "token " + (token ? "set" : "missing") });\nreturn msg;',
  ],
  [
    'b94-neg-node-red-package-lock-integrity',
    '    "node_modules/node-red-contrib-influxdb": {\n      "version": "0.7.0",\n      "resolved": "https://registry.npmjs.org/node-red-contrib-influxdb/-/node-red-contrib-influxdb-0.7.0.tgz",\n      "integrity": "sha512-{b86}=="\n    },',
  ],
  [
    'b94-neg-jenkins-credentials-xml-aqaaab-encrypted',
    '<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>nexus-deploy</id>\n  <username>jenkins-deploy</username>\n  <password>{AQAAABAAAAAQ{b44}{b22}=}</password>\n  <usernameSecret>false</usernameSecret>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>',
  ],
  [
    'b94-neg-jenkins-casc-secret-variable-references',
    '          - usernamePassword:\n              id: nexus-deploy\n              username: ${NEXUS_USER}\n              password: ${NEXUS_PASSWORD}\n          - string:\n              id: slack-bot-token\n              secret: ${readFile:/run/secrets/slack-bot-token}',
  ],
  [
    'b94-neg-jenkinsfile-withcredentials-masked-console',
    "withCredentials([string(credentialsId: 'github-api', variable: 'GH_TOKEN')]) {\n  sh 'curl -fsS -H \"Authorization: token $GH_TOKEN\" https://api.github.com/repos/acme/payments/releases/latest'\n}\n[Pipeline] sh\n+ curl -fsS -H 'Authorization: token ****' https://api.github.com/repos/acme/payments/releases/latest",
  ],
  [
    'b94-neg-jenkins-user-config-jbcrypt-and-hashed-api-token',
    '<passwordHash>#jbcrypt:$2a$10${p53}</passwordHash>\n<jenkins.security.apitoken.ApiTokenStore_-HashedToken>\n  <uuid>{h8}-{h4}-4{h3}-8{h3}-{h12}</uuid>\n  <name>ci</name>\n  <value><version>11</version><hash>{h64}</hash></value>\n</jenkins.security.apitoken.ApiTokenStore_-HashedToken>',
  ],
  [
    'b94-neg-jenkins-console-checkout-revision-and-build',
    'Started by user deploy-bot\nChecking out Revision {h40} (refs/remotes/origin/main)\n > git config core.sparsecheckout # timeout=10\nCommit message: "bump chart to 2.14.0"\nFinished: SUCCESS',
  ],
  [
    'b94-neg-jenkins-agent-secret-file-reference',
    'java -jar agent.jar -url https://jenkins.acme.io/ -secret @/run/secrets/agent-secret -name "linux-build-04" -workDir "/home/jenkins/agent"',
  ],
  [
    'b94-neg-jenkins-plugins-txt-versions',
    'credentials:1371.vfee6b_095f0a_3\ncredentials-binding:681.vf91669a_32e45\nworkflow-aggregator:600.vb_57cdd26fdd7\nconfiguration-as-code:1850.va_a_8c31d3158b_\ngit:5.2.2',
  ],
  [
    'b94-neg-jenkins-job-password-parameter-encrypted-default',
    '<hudson.model.PasswordParameterDefinition>\n  <name>DB_PASSWORD</name>\n  <description>only used for the restore job</description>\n  <defaultValue>{AQAAABAAAAAQ{b44}{b20}=}</defaultValue>\n</hudson.model.PasswordParameterDefinition>',
  ],
  [
    'b94-neg-jenkins-image-digest-compose',
    '  jenkins:\n    image: jenkins/jenkins:2.452.2-lts-jdk17@sha256:{h64}\n    volumes:\n      - jenkins_home:/var/jenkins_home',
  ],
  ['b94-neg-ansible-vault-encrypted-file-header', '$ head -4 group_vars/prod/vault.yml\n$ANSIBLE_VAULT;1.1;AES256\n{h80}\n{h80}\n{h80}'],
  [
    'b94-neg-ansible-inline-vault-encrypted-string',
    'db_password: !vault |\n          $ANSIBLE_VAULT;1.2;AES256;prod\n          {h80}\n          {h80}\n          {h64}\ndb_user: billing',
  ],
  [
    'b94-neg-ansible-vars-jinja-vault-and-lookup',
    "ansible_become_password: \"{{ vault_become_password }}\"\nsmtp_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/smtp:password') }}\"\nnetbox_token: \"{{ lookup('ansible.builtin.env', 'NETBOX_TOKEN') }}\"",
  ],
  [
    'b94-neg-ansible-user-module-sha512-crypt-hash',
    '- name: Create deploy user\n  ansible.builtin.user:\n    name: deploy\n    password: "$6$rounds=656000${p16}${p86}"\n    groups: [sudo]',
  ],
  [
    'b94-neg-ansible-no-log-censored-result',
    'TASK [mysql : Create application user] *****************************************\nok: [db-02] => {"censored": "the output has been hidden due to the fact that \'no_log: true\' was specified for this result", "changed": false}',
  ],
  [
    'b94-neg-awx-credential-get-encrypted-markers',
    '{\n  "id": 12,\n  "name": "prod-ssh",\n  "credential_type": 1,\n  "inputs": { "username": "ansible", "password": "$encrypted$", "ssh_key_data": "$encrypted$", "become_method": "sudo", "become_password": "$encrypted$" }\n}',
  ],
  [
    'b94-neg-awx-job-launch-response-ids',
    '{"job": 18342, "ignored_fields": {}, "id": 18342, "type": "job", "url": "/api/v2/jobs/18342/", "status": "pending", "job_template": 31, "launch_type": "manual"}',
  ],
  [
    'b94-neg-ansible-cfg-vault-password-file-path',
    '[defaults]\ninventory = inventories/prod/hosts.ini\nvault_password_file = ~/.ansible/vault_pass.txt\nvault_identity_list = prod@~/.ansible/prod.pass, dev@prompt',
  ],
  [
    'b94-neg-ansible-galaxy-requirements-commit-pins',
    'collections:\n  - name: community.general\n    version: 9.1.0\n  - name: https://github.com/acme/ansible-collection-internal.git\n    type: git\n    version: {h40}',
  ],
  ['b94-neg-rundeck-realm-properties-hashes-only', 'admin:MD5:{h32},user,admin\ndeployer:CRYPT:ad{p11},user,deploy\nviewer:MD5:{h32},user'],
  [
    'b94-neg-rundeck-job-option-storage-path',
    '  options:\n    - name: db_password\n      secure: true\n      valueExposed: false\n      storagePath: keys/project/payments/db.password\n      required: true',
  ],
  [
    'b94-neg-rundeck-execution-ids-and-job-uuid',
    '{"id":18342,"href":"https://rundeck.acme.local/api/41/execution/18342","permalink":"https://rundeck.acme.local/project/payments/execution/show/18342","status":"running","job":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","name":"deploy","group":"payments"}}',
  ],
  [
    'b94-neg-stackstorm-key-get-encrypted-value',
    '$ st2 key get pagerduty_routing_key -j\n{\n    "name": "pagerduty_routing_key",\n    "scope": "st2kv.system",\n    "secret": true,\n    "encrypted": true,\n    "value": "{H160}"\n}',
  ],
  [
    'b94-neg-stackstorm-jinja-decrypt-kv-and-env-key',
    '  parameters:\n    routing_key: "{{ st2kv.system.pagerduty_routing_key | decrypt_kv }}"\n    cmd: curl -s -H "St2-Api-Key: $ST2_API_KEY" https://st2.acme.local/api/v1/executions?limit=5',
  ],
  [
    'b94-neg-salt-gpg-renderer-pillar-pgp-message',
    '#!yaml|gpg\nmysql:\n  root_password: |\n    -----BEGIN PGP MESSAGE-----\n\n    hQEMA{b59}\n    {b64}\n    {b64}\n    ={b4}\n    -----END PGP MESSAGE-----',
  ],
  [
    'b94-neg-salt-pillar-vault-and-sdb-references',
    "datadog:\n  api_key: {{ salt['vault'].read_secret('secret/data/datadog')['api_key'] }}\nsmtp:\n  password: sdb://vault/secret/smtp?password",
  ],
  [
    'b94-neg-salt-key-fingerprints-output',
    '$ salt-key -F\nLocal Keys:\nmaster.pem:  {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}\nAccepted Keys:\nweb-01.acme.local:  {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}',
  ],
  [
    'b94-neg-salt-master-public-key-pem',
    '$ cat /etc/salt/pki/master/master.pub\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b36}IDAQAB\n-----END PUBLIC KEY-----',
  ],
  [
    'b94-neg-puppet-hiera-eyaml-pkcs7-encrypted-values',
    'profile::db::postgres_password: >\n    ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw{b120}\n    {b120}\n    {b60}]\nprofile::web::server_name: www.acme.io',
  ],
  [
    'b94-neg-puppet-lookup-sensitive-and-interpolation',
    "class profile::db (\n  Sensitive[String] $postgres_password = lookup('profile::db::postgres_password'),\n) {\n  $dsn = \"postgres://app:%{lookup('profile::db::postgres_password')}@localhost/app\"\n}",
  ],
  [
    'b94-neg-puppet-eyaml-public-cert',
    '$ cat /etc/puppetlabs/puppet/eyaml/public_key.pkcs7.pem\n-----BEGIN CERTIFICATE-----\nMIIC2TCCAcGgAwIBAgIBATANBgkqhkiG9w0BAQsFADAAMCAXDTI0MDYxMjA4MDAw{b4}\n{b64}\n{b64}\n{b28}\n-----END CERTIFICATE-----',
  ],
  [
    'b94-neg-puppetserver-ca-list-fingerprints',
    '$ puppetserver ca list --all\nSigned Certificates:\n    web-01.acme.local   (SHA256)  {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'b94-neg-chef-encrypted-data-bag-item-json',
    '$ cat data_bags/apps/payments.json\n{\n  "id": "payments",\n  "db_password": {\n    "encrypted_data": "{b64}\\n{b24}==\\n",\n    "iv": "{b16}\\n",\n    "auth_tag": "{b22}==\\n",\n    "version": 3,\n    "cipher": "aes-256-gcm"\n  }\n}',
  ],
  [
    'b94-neg-chef-recipe-load-secret-path',
    "secret = Chef::EncryptedDataBagItem.load_secret('/etc/chef/encrypted_data_bag_secret')\ncreds  = data_bag_item('apps', 'payments', secret)\ntemplate '/etc/payments/db.yml' do\n  variables(password: creds['db_password'])\n  sensitive true\nend",
  ],
  [
    'b94-neg-chef-client-rb-key-paths',
    "chef_server_url  'https://chef.acme.local/organizations/acme'\nnode_name        'web-01.acme.local'\nclient_key       '/etc/chef/client.pem'\nvalidation_client_name 'acme-validator'\nvalidation_key   '/etc/chef/acme-validator.pem'",
  ],
  [
    'b94-neg-sops-encrypted-yaml-with-age-recipient',
    'db_password: ENC[AES256_GCM,data:{b24},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}\n    lastmodified: "2024-06-12T08:01:44Z"\n    mac: ENC[AES256_GCM,data:{b86}==,iv:{b43}=,tag:{b22}==,type:str]',
  ],
  [
    'b94-neg-tfc-workspace-run-and-oauth-token-ids',
    '$ curl -s -H "Authorization: Bearer $TFE_TOKEN" https://app.terraform.io/api/v2/workspaces/ws-{a16}/runs | jq -r \'.data[0].id\'\nrun-{a16}\nvcs-repo oauth-token-id: ot-{a16}',
  ],
  [
    'b94-neg-terraform-tfe-provider-sensitive-variable',
    'variable "tfe_token" {\n  type      = string\n  sensitive = true\n}\nprovider "tfe" {\n  hostname = "tfe.acme.io"\n  token    = var.tfe_token\n}',
  ],
  [
    'b94-neg-gha-tf-token-from-secrets',
    '      - uses: hashicorp/setup-terraform@v3\n        with:\n          cli_config_credentials_token: ${{ secrets.TF_API_TOKEN }}\n      - run: terraform plan -no-color\n        env:\n          TF_TOKEN_app_terraform_io: ${{ secrets.TF_API_TOKEN }}',
  ],
  [
    'b94-neg-terraform-lock-file-hashes',
    'provider "registry.terraform.io/spacelift-io/spacelift" {\n  version     = "1.14.0"\n  constraints = "~> 1.14"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'b94-neg-spacelift-key-id-with-env-secret',
    'export SPACELIFT_API_KEY_ID=01{u24}\nexport SPACELIFT_API_KEY_SECRET="$(op read \'op://infra/spacelift-ci/secret\')"\nspacectl stack deploy --id payments-prod',
  ],
  [
    'b94-neg-env0-deployment-log-uuids',
    'env0 deployment {h8}-{h4}-4{h3}-a{h3}-{h12} for environment {h8}-{h4}-4{h3}-b{h3}-{h12} (project {h8}-{h4}-4{h3}-9{h3}-{h12}) finished: SUCCESS in 4m12s',
  ],
  [
    'b94-neg-airflow-secrets-backend-kwargs',
    'AIRFLOW__SECRETS__BACKEND=airflow.providers.amazon.aws.secrets.secrets_manager.SecretsManagerBackend\nAIRFLOW__SECRETS__BACKEND_KWARGS=\'{"connections_prefix": "airflow/connections", "variables_prefix": "airflow/variables", "region_name": "eu-west-1"}\'\nAIRFLOW__DATABASE__SQL_ALCHEMY_CONN_SECRET=airflow/config/sql_alchemy_conn',
  ],
  [
    'b94-neg-airflow-task-log-masked-connection',
    "[2024-06-12, 02:00:04 UTC] {base.py:84} INFO - Using connection ID 'warehouse' for task execution.\n[2024-06-12, 02:00:04 UTC] {sql.py:470} INFO - Running statement: COPY INTO raw.orders FROM @stage, parameters: None\n[2024-06-12, 02:00:05 UTC] {logging_mixin.py:188} INFO - dsn=postgresql://etl:***@warehouse.internal:5432/analytics",
  ],
  [
    'b94-neg-airflow-run-ids-and-try-number',
    'dag_id=sync_hubspot run_id=scheduled__2024-06-12T01:00:00+00:00 task_id=pull try_number=2 map_index=-1 job_id=918273 pid=48213',
  ],
  [
    'b94-neg-airflow-jinja-conn-and-var-templates',
    '    bash_command="psql \'postgresql://{{ conn.warehouse.login }}:{{ conn.warehouse.password }}@{{ conn.warehouse.host }}/analytics\' -c \'select 1\'",\n    env={"SLACK_TOKEN": "{{ var.value.slack_alerts_token }}"},',
  ],
  [
    'b94-neg-prefect-flow-run-and-block-ids',
    "$ prefect block ls\n| ID                                   | Type   | Name              | Slug                     |\n| {h8}-{h4}-4{h3}-8{h3}-{h12} | Secret | warehouse-api-key | secret/warehouse-api-key |\nFlow run 'gleaming-okapi' - Created task run 'pull-0' for task 'pull'",
  ],
  [
    'b94-neg-prefect-api-key-from-env-docs',
    'prefect cloud login --key "$PREFECT_API_KEY" --workspace acme/prod\n# keys look like pnu_<36 chars>; create one under Profile > API keys',
  ],
  [
    'b94-neg-kestra-secret-function-and-execution-id',
    'tasks:\n  - id: notify\n    type: io.kestra.plugin.notifications.slack.SlackIncomingWebhook\n    url: "{{ secret(\'SLACK_WEBHOOK\') }}"\n# execution {a22} SUCCESS in 3.1s (namespace ops.alerts, flow notify)',
  ],
  [
    'b94-neg-temporal-workflow-and-run-ids',
    '$ temporal workflow describe --workflow-id order-48213 --namespace payments-prod.{l5}\n  WorkflowId   order-48213\n  RunId        {h8}-{h4}-4{h3}-9{h3}-{h12}\n  TaskQueue    payments-worker\n  Status       COMPLETED',
  ],
  [
    'b94-neg-temporal-ca-certificate-public',
    '$ tcld namespace accepted-client-ca list -n payments-prod.{l5}\n-----BEGIN CERTIFICATE-----\nMIIBxzCCAU2gAwIBAgIRA{b40}\n{b64}\n{b44}\n-----END CERTIFICATE-----',
  ],
  [
    'b94-neg-camunda-process-instance-keys-zbctl',
    '$ zbctl create instance invoice-approval --variables \'{"invoiceId": "INV-48213"}\'\n{\n  "processDefinitionKey": "2251799813685249",\n  "bpmnProcessId": "invoice-approval",\n  "version": 7,\n  "processInstanceKey": "2251799813711834"\n}',
  ],
  [
    'b94-neg-camunda-client-id-secret-from-env',
    'camunda:\n  client:\n    mode: saas\n    auth:\n      client-id: ${CAMUNDA_CLIENT_ID}\n      client-secret: ${CAMUNDA_CLIENT_SECRET}\n    cloud:\n      cluster-id: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'b94-neg-logic-app-connections-parameter-expressions',
    '"inputs": {\n  "host": { "connection": { "name": "@parameters(\'$connections\')[\'office365\'][\'connectionId\']" } },\n  "method": "post",\n  "path": "/v2/Mail"\n}',
  ],
  [
    'b94-neg-logic-app-key-vault-reference-app-setting',
    '"sendgrid_apiKey": "@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/sendgrid-key/{h32})",\n"WORKFLOWS_RESOURCE_GROUP_NAME": "rg-integration-prod"',
  ],
  [
    'b94-neg-power-automate-flow-details-url',
    'https://make.powerautomate.com/environments/Default-{h8}-{h4}-{h4}-{h4}-{h12}/flows/{h8}-{h4}-{h4}-{h4}-{h12}/details',
  ],
  [
    'b94-neg-logic-app-oauth-only-trigger-url-no-sig',
    'Trigger auth is set to "Specific users in my tenant", so the URL has no sig and callers send an Entra ID bearer:\nhttps://{h32}.{d2}.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/{h32}/triggers/manual/paths/invoke?api-version=1',
  ],
  [
    'b94-neg-logic-app-connection-resource-id',
    '"connectionId": "/subscriptions/{h8}-{h4}-{h4}-{h4}-{h12}/resourceGroups/rg-integration-prod/providers/Microsoft.Web/connections/sql",\n"id": "/subscriptions/{h8}-{h4}-{h4}-{h4}-{h12}/providers/Microsoft.Web/locations/westeurope/managedApis/sql"',
  ],
  [
    'b94-neg-uipath-job-json-keys-and-release-key',
    '{"Key":"{h8}-{h4}-{h4}-{h4}-{h12}","ReleaseKey":"{h8}-{h4}-{h4}-{h4}-{h12}","ReleaseName":"AP_Invoice_Posting_Prod","State":"Successful","RobotId":{d5},"OrganizationUnitId":{d6},"Id":{d8}}',
  ],
  [
    'b94-neg-uipath-get-credential-asset-name-log',
    '{"message":"Retrieved credential asset \'SAP_Prod\' (username rpa_ap)","level":"Information","logType":"User","processName":"AP_Invoice_Posting_Prod","fingerprint":"{h8}-{h4}-{h4}-{h4}-{h12}"}',
  ],
  [
    'b94-neg-zapier-code-input-data-and-bundle-auth',
    "// Code by Zapier: api key comes from the previous step's mapped field\nconst res = await fetch('https://api.acme.io/v1/orders', { headers: { 'X-Api-Key': inputData.apiKey } });\n// CLI integration authentication.js\nheaders: { Authorization: 'Bearer {{bundle.authData.access_token}}' },",
  ],
  [
    'b94-neg-zapier-catch-hook-doc-angle-brackets',
    'Point the form at the Catch Hook URL Zapier shows you, it looks like\nhttps://hooks.zapier.com/hooks/catch/<account_id>/<hook_id>/\nand Zap runs appear under https://zapier.com/app/history?zap_id={d9}',
  ],
  [
    'b94-neg-make-scenario-ids-and-mapping',
    '{"scenarioId": {d7}, "teamId": 48213, "organizationId": {d7}, "mapper": {"email": "{{1.customer.email}}", "amount": "{{formatNumber(1.total; 2)}}"}}',
  ],
  [
    'b94-neg-make-webhook-docs-placeholder',
    'Copy the address from the Custom webhook module (Make shows https://hook.eu1.make.com/<webhook-id>) and paste it into Shopify > Settings > Notifications > Webhooks.',
  ],
  [
    'b94-neg-pipedream-auth-and-env-references',
    'export default defineComponent({\n  props: { linear: { type: "app", app: "linear_app" } },\n  async run({ steps, $ }) {\n    const key = process.env.LINEAR_API_KEY ?? this.linear.$auth.api_key\n    $.export("requestId", steps.trigger.event.headers["x-request-id"])\n  },\n})',
  ],
  [
    'b94-neg-ifttt-maker-doc-curly-placeholders',
    'Webhooks service: POST https://maker.ifttt.com/trigger/{event}/with/key/{webhooks_key}\nBody: {"value1": "door", "value2": "open"}',
  ],
  [
    'b94-neg-gha-secrets-n8n-api-key',
    '      - name: Activate workflow\n        run: curl -fsS -X POST "$N8N_URL/api/v1/workflows/$WF_ID/activate" -H "X-N8N-API-KEY: $N8N_API_KEY"\n        env:\n          N8N_URL: ${{ vars.N8N_URL }}\n          N8N_API_KEY: ${{ secrets.N8N_API_KEY }}',
  ],
  [
    'b94-neg-systemd-encrypted-credential-ciphertext',
    '[Service]\nSetCredentialEncrypted=db-password: \\\n        k6iUCUh0RJCQyvL8k8q1UyAAAAABAAAADAAAABAAAAB{b40} \\\n        {b76} \\\n        {b40}==\nExecStart=/opt/worker/bin/worker --db-password-file=%d/db-password',
  ],
  [
    'b94-neg-systemd-load-and-import-credential',
    '[Service]\nLoadCredential=api-token:/etc/credstore/acme-sync.token\nImportCredential=acme-sync.*\nEnvironmentFile=-/etc/default/acme-sync\nExecStart=/usr/local/bin/acme-sync --token-file=${CREDENTIALS_DIRECTORY}/api-token',
  ],
  [
    'b94-neg-crontab-sourced-env-and-password-file',
    'MAILTO=ops@acme.io\n15 3 * * * . /etc/default/backup-offsite && restic -r b2:acme-backups:/srv --password-file /etc/restic/pass backup /srv >>/var/log/restic.log 2>&1',
  ],
  [
    'b94-neg-systemd-status-output-pids-and-hashes',
    '● acme-sync.service - Acme inventory sync\n     Loaded: loaded (/etc/systemd/system/acme-sync.service; enabled; preset: enabled)\n     Active: active (running) since Wed 2024-06-12 08:01:44 UTC; 2h 13min ago\n   Main PID: 48213 (acme-sync)\n     CGroup: /system.slice/acme-sync.service',
  ],
  [
    'b94-neg-retool-resource-environment-variable-template',
    '"headers": [["Authorization", "Bearer {{ environment.variables.PAYMENTS_API_TOKEN }}"]],\n"app_uuid": "{h8}-{h4}-11ee-{h4}-{h12}",\n"query": "select * from orders where id = {{ table1.selectedRow.id }}"',
  ],
  [
    'b94-neg-appsmith-bindings-and-datasource-object-id',
    '{"datasource": {"id": "{h24}", "name": "Payments API"}, "actionConfiguration": {"headers": [{"key": "Authorization", "value": "Bearer {{appsmith.store.accessToken}}"}]}}',
  ],
  [
    'b94-neg-budibase-app-id-and-env-binding',
    'x-budibase-app-id: app_{h32}\nAuthorization: Bearer {{ env.PAYMENTS_API_KEY }}\ntable id: ta_{h32}',
  ],
  [
    'b94-neg-chat-prose-where-n8n-stores-encryption-key',
    "quick question: where does n8n keep its encryption key if I never set N8N_ENCRYPTION_KEY? I want to back it up before moving the volume, but I don't want to paste it anywhere.",
  ],
  [
    'b94-neg-chat-prose-jenkins-aqaaab-question',
    'is a value like {AQAAABAAAAAQ{b44}{b20}=} in credentials.xml safe to commit if the master.key stays on the controller? it is our nexus password, encrypted by Jenkins.',
  ],
  [
    'b94-neg-kestra-flow-revision-and-namespace-ids',
    '$ kestra flow namespace update ops.alerts flows/ --server https://kestra.acme.local\nUpdated flow ops.alerts.notify revision 14 ({h8}-{h4}-4{h3}-a{h3}-{h12})',
  ],
  [
    'b94-neg-dagster-run-id-and-envvar-config',
    'resources:\n  warehouse:\n    config:\n      password:\n        env: WAREHOUSE_PASSWORD\n# run 0f{h6}-{h4}-4{h3}-8{h3}-{h12} succeeded',
  ],
  [
    'b94-neg-argo-workflow-name-uid',
    'Name:                nightly-etl-{l5}\nNamespace:           workflows\nServiceAccount:      argo-workflow\nStatus:              Succeeded\nUID:                 {h8}-{h4}-4{h3}-b{h3}-{h12}',
  ],
  [
    'b94-neg-jenkins-api-token-placeholder-docs',
    'curl -u USER:API_TOKEN -X POST https://jenkins.acme.io/job/payments/build\n# API_TOKEN comes from People > USER > Configure > Add new token (shown once)',
  ],
  [
    'b94-neg-n8n-webhook-public-form-path',
    'Form trigger is published at https://n8n.acme.io/form/customer-feedback (public on purpose, it feeds the survey widget) and the test URL is https://n8n.acme.io/form-test/customer-feedback',
  ],
  [
    'b94-neg-node-red-function-node-crypto-hmac-verify',
    'const sig = crypto.createHmac("sha256", env.get("WEBHOOK_SECRET")).update(msg.req.rawBody).digest("hex");\nif (sig !== msg.req.headers["x-signature"]) { msg.statusCode = 401; return [null, msg]; }',
  ],
  [
    'b94-neg-awx-secret-key-mount-path',
    '      volumes:\n        - name: secret-key\n          secret:\n            secretName: awx-secret-key\n      containers:\n        - name: awx-web\n          volumeMounts:\n            - { name: secret-key, mountPath: /etc/tower/SECRET_KEY, subPath: SECRET_KEY, readOnly: true }',
  ],
  [
    'b94-neg-stackstorm-execution-id-object-ids',
    '$ st2 execution list -n 2\n| id                       | action.ref           | status            |\n| {h24} | core.local           | succeeded (0s)    |\n| {h24} | ansible.playbook     | succeeded (41s)   |',
  ],
];
