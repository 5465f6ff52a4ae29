/** A twenty-seventh held-out batch, written blind from the facts (vendor, token shape, required context, example shape) of the newer public Kingfisher rule set (rule files a to c): every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND27_POSITIVES: readonly (readonly [string, string])[] = [
  ['adobe-stock-api-key-php-define', "<?php\ndefine('ADOBE_STOCK_API_KEY', '«{h32}»');\ndefine('ADOBE_STOCK_PRODUCT', 'acme-cms/1.4');"],
  ['age-pq-identity-tail-line', '$ tail -n 1 identity.txt\n«AGE-SECRET-KEY-PQ-1{e58}»'],
  [
    'ai21-api-key-compose-environment',
    'services:\n  summarizer:\n    image: ghcr.io/acme/summarizer:1.8.2\n    environment:\n      AI21_API_KEY: «{h8}-{h4}-4{h3}-9{h3}-{h12}»\n      AI21_MODEL: jamba-1.5-mini',
  ],
  ['airbrake-user-key-projects-url', 'curl -s "https://api.airbrake.io/api/v4/projects?key=«{a40}»" | jq \'.projects[].name\''],
  [
    'airbyte-client-secret-terraform-provider',
    'provider "airbyte" {\n  client_secret = "«{a32}»"\n  client_id     = "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'airtable-legacy-api-key-js-client',
    "const Airtable = require('airtable');\nconst base = new Airtable({ apiKey: '«key{a10}{d2}{a2}»' }).base('app{a14}');",
  ],
  ['aiven-api-token-terraform-provider', 'provider "aiven" {\n  api_token = "«{a1}{b369}==»"\n}'],
  [
    'alibaba-sts-assume-role-json-output',
    '$ aliyun sts AssumeRole --RoleArn acs:ram::{d16}:role/ci-deployer --RoleSessionName gha-{d6}\n{\n  "RequestId": "{H8}-{H4}-{H4}-{H4}-{H12}",\n  "Credentials": {\n    "SecurityToken": "«CAIS{b280}»",\n    "AccessKeyId": "STS.{a25}",\n    "AccessKeySecret": "«{a44}»",\n    "Expiration": "2025-03-04T11:22:14Z"\n  }\n}',
  ],
  ['amplitude-secret-key-yaml-nested', 'analytics:\n  amplitude:\n    project_id: {d6}\n    secret_key: «{h32}»'],
  [
    'artifactory-npm-auth-npmrc-jfrog',
    'registry=https://acme.jfrog.io/artifactory/api/npm/npm-virtual/\n//acme.jfrog.io/artifactory/api/npm/npm-virtual/:_auth=«{b42}{a2}»\nalways-auth=true',
  ],
  ['asana-legacy-token-python-client', "import asana\nclient = asana.Client.access_token('«0/{h32}»')\nme = client.users.me()"],
  [
    'atlassian-admin-api-key-orgs-curl',
    "curl --request GET \\\n  --url 'https://api.atlassian.com/admin/v1/orgs/{h8}-{h4}-{h4}-{h4}-{h12}/users' \\\n  --header 'Authorization: Bearer «ATCTT3xFfGN0{B190}={H8}»' \\\n  --header 'Accept: application/json'",
  ],
  [
    'aws-bedrock-short-term-key-script-output',
    '$ python scripts/mint.py --region us-east-1 --expires 12h\n«bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbiZYLUFtei1BbGdvcml0aG09QVdTNC1ITUFDLVNIQTI1NiZYLUFtei1DcmVkZW50aWFsPUFT{b600}»',
  ],
  [
    'azure-notification-hub-access-key-js-config',
    'const hubConfig = {\n  connectionString: process.env.NH_CONNECTION,\n  notificationHubName: "acme-mobile-prod",\n  hubAccessKey: "«{b43}=»",\n};',
  ],
  [
    'azure-cosmos-key-os-environ-default',
    'COSMOS_URL = os.environ.get("COSMOS_URL", "https://acme-orders.documents.azure.com:443/")\nCOSMOS_KEY = os.environ.get("COSMOS_KEY", "«{b86}==»")\nclient = CosmosClient(COSMOS_URL, credential=COSMOS_KEY)',
  ],
  [
    'azure-webpubsub-connection-string-az-output',
    '$ az webpubsub key show --name acme-chat --resource-group rg-chat --query primaryConnectionString -o tsv\nEndpoint=https://acme-chat.webpubsub.azure.com;AccessKey=«{b43}=»;Version=1.0;',
  ],
  [
    'azure-openai-extended-key-dotenv',
    'AZURE_OPENAI_ENDPOINT=https://acme-eastus2.openai.azure.com/\nAZURE_OPENAI_API_KEY=«{a52}JQQJ99B{a1}AC{a6}XJ3w3AAABACOG{a4}»\nAZURE_OPENAI_DEPLOYMENT=gpt-4o-mini',
  ],
  [
    'azure-graph-access-token-powershell-env',
    '$env:GRAPH_ACCESS_TOKEN = "«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6I{B30}.eyJhdWQiOiJodHRwczovL2dyYXBoLm1pY3Jvc29mdC5jb20iLCJpc3MiOiJodHRwczovL3N0cy53aW5kb3dzLm5ldC8{B260}.{B342}»"\nInvoke-RestMethod -Uri "https://graph.microsoft.com/v1.0/users" -Headers @{ Authorization = "Bearer $env:GRAPH_ACCESS_TOKEN" }',
  ],
  [
    'mssql-sa-password-docker-compose',
    'services:\n  sqlserver:\n    image: mcr.microsoft.com/mssql/server:2022-latest\n    environment:\n      ACCEPT_EULA: "Y"\n      MSSQL_SA_PASSWORD: "«{a14}{d2}!»"\n    ports:\n      - "1433:1433"',
  ],
  [
    'azure-devops-pat-azdo-devops-login-pipe',
    'echo «{a52}JQQJ99{a2}ACAAAAAAAAAAAAA{a1}AZDO{a4}» | az devops login --organization https://dev.azure.com/acme-corp',
  ],
  [
    'azure-arm-client-secret-terraform-exports',
    "export ARM_SUBSCRIPTION_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport ARM_TENANT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport ARM_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport ARM_CLIENT_SECRET='«{a10}.{B12}~{a10}»'\nterraform plan -out tfplan",
  ],
  ['bitbucket-dc-http-token-printf-wc', "$ printf '%s' «BBDC-N{a15}Ok{a26}» | wc -c\n49"],
  [
    'bitbucket-oauth-consumer-secret-django-settings',
    "SOCIAL_AUTH_BITBUCKET_OAUTH2_KEY = '{a18}'\nSOCIAL_AUTH_BITBUCKET_OAUTH2_SECRET = '«{a44}»'",
  ],
  [
    'blynk-org-token-curl-header-before-url',
    'curl -H "Authorization: Bearer «{B40}»" https://ny3.blynk.cloud/api/v1/organization/devices?limit=20',
  ],
  [
    'cielo-merchant-key-node-client',
    "const cielo = new Cielo({\n  merchantKey: '«{a40}»',\n  merchantId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  sandbox: false,\n});",
  ],
  ['circleci-project-token-ccprj-const', 'const v = "«CCIPRJ_{a22}_{h40}»";'],
  ['circleci-project-token-hex-comment-export', '# circleci project token\nexport CIRCLE_TOKEN=«{h40}»'],
  [
    'cisco-enable-password-plaintext-config',
    '!\nhostname branch-rtr-07\n!\nenable password «{a10}{d3}»\n!\ninterface GigabitEthernet0/0\n description uplink',
  ],
  [
    'civo-apikeys-config-json-cat',
    '$ cat ~/.civo.json\n{"apikeys":{"acme-prod":"«{a50}»"},"meta":{"current_apikey":"acme-prod","default_region":"LON1"}}',
  ],
  [
    'clay-webhook-auth-header-json',
    '{\n  "url": "https://api.clay.com/v3/sources/webhook/{h8}-{h4}-{h4}-{h4}-{h12}",\n  "headers": { "x-clay-webhook-auth": "«{d3}{h14}{d3}»" }\n}',
  ],
  [
    'clockwork-api-key-php-define',
    "define('CLOCKWORK_API_KEY', '«{h40}»');\n$clockwork = new mediaburst\\ClockworkSMS\\Clockwork(CLOCKWORK_API_KEY);",
  ],
  ['close-crm-api-key-python-client', 'from closeio_api import Client\nCLOSE_API_KEY = "«api_{a22}.{a22}»"\napi = Client(CLOSE_API_KEY)'],
  ['cloudflare-cfut-token-yaml-list-item', 'values:\n  - «cfut_{a44}»\n  - {h32}'],
  ['cloudflare-origin-ca-key-terraform-provider', 'provider "cloudflare" {\n  api_user_service_key = "«v1.0-{h24}-{h146}»"\n}'],
  [
    'coinbase-cdp-ed25519-key-json-cat',
    '$ cat ~/Downloads/cdp_api_key.json\n{\n   "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n   "privateKey": "«{b86}==»"\n}',
  ],
  [
    'coinbase-cdp-ecdsa-key-json',
    '{\n  "name": "organizations/{h8}-{h4}-{h4}-{h4}-{h12}/apiKeys/{h8}-{h4}-{h4}-{h4}-{h12}",\n  "privateKey": "-----BEGIN EC PRIVATE KEY-----\\n«MHcCAQEEI{b55}»\\n«{b64}»\\n«{b34}==»\\n-----END EC PRIVATE KEY-----\\n"\n}',
  ],
  [
    'confluence-dc-pat-python-client',
    'from atlassian import Confluence\nconfluence = Confluence(\n    token="«N{a15}Ok{a26}»",\n    url="https://wiki.acme.internal",\n)',
  ],
  [
    'courier-prod-token-node-client',
    'import { CourierClient } from "@trycourier/courier";\nconst courier = new CourierClient({ authorizationToken: "«dk_prod_{a24}»" });',
  ],
  ['aikido-client-secret-bare-assignment', "v = '«AIK_SECRET_{a64}»'"],
  ['arcjet-key-bare-const', 'export const v = "«ajkey_{l26}»";'],
  ['apify-token-bare-log-line', '[run {d4}] using «apify_api_{a36}» for the nightly crawl'],
  ['assemblyai-key-typescript-client', 'import { AssemblyAI } from "assemblyai";\nconst client = new AssemblyAI({ apiKey: "«{h32}»" });'],
  ['blockprotocol-key-pbpaste', '$ pbpaste\n«b10ck5.{a32}.{a36}»'],
  ['cockroach-ccdb1-echo-wc', '$ echo «CCDB1_{a22}_{a40}» | wc -c\n70'],
  [
    'cohere-api-key-k8s-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: rag-worker-env\nstringData:\n  COHERE_API_KEY: "«{a40}»"',
  ],
  ['agora-app-certificate-yaml-config', 'agora:\n  app_id: {h32}\n  app_certificate: «{h32}»'],
  ['canva-client-secret-bare-line', 'copied from the dev portal:\n«cnvca{B50}{a1}»'],
  ['cartesia-key-bare-const', "const v = '«sk_car_{a20}»';"],
];

export const BLIND27_NEGATIVES: readonly (readonly [string, string])[] = [
  ['public', 'creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{l58}'],
  ['public', "// search-only key, safe to ship in the bundle\nconst search = algoliasearch('{U8}{d2}', '{h32}');"],
  ['public', "braintree.dropin.create({\n  authorization: 'sandbox_{l8}_{l16}',\n  container: '#dropin-container'\n});"],
  [
    'identifier',
    '"AzureAd": {\n  "Instance": "https://login.microsoftonline.com/",\n  "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "CallbackPath": "/signin-oidc"\n}',
  ],
  ['reference', 'env:\n  AIRBYTE_CLIENT_ID: ${{ vars.AIRBYTE_CLIENT_ID }}\n  AIRBYTE_CLIENT_SECRET: ${{ secrets.AIRBYTE_CLIENT_SECRET }}'],
  ['stand-in', 'CLOUDFLARE_API_TOKEN=<cloudflare-api-token>\nCLOUDFLARE_ACCOUNT_ID=<account-id>'],
  ['masked', 'Name              Value\nCIRCLECI_TOKEN    xxxx{h4}\nCODECOV_TOKEN     xxxx{h4}'],
  ['identifier', 'git clone https://dev.azure.com/acme-corp/Payments/_git/ledger-api'],
  ['hash-of-public', '{h64}  civo-1.1.97-linux-amd64.tar.gz\n{h64}  civo-1.1.97-darwin-arm64.tar.gz'],
  ['reference', 'orbs:\n  node: circleci/node@5.2.0\n# pinned from github.com/CircleCI-Public/node-orb/commit/{h40}'],
  ['identifier', 'see https://app.asana.com/0/{d16}/{d16}/f for the rollout checklist'],
  ['identifier', 'CIELO_MERCHANT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nCIELO_ENV=sandbox'],
  ['identifier', 'anypoint-cli-v4 conf organization {h8}-{h4}-{h4}-{h4}-{h12}\nanypoint-cli-v4 conf environment {h8}-{h4}-{h4}-{h4}-{h12}'],
  [
    'prose',
    'Bitbucket app passwords are created under Personal settings > App passwords; since the rename they start with ATBB and end in an 8-character checksum.',
  ],
  ['stand-in', 'AZURE_OPENAI_API_KEY=<paste from Keys and Endpoint blade>'],
  [
    'public',
    'AzureWebJobsStorage=DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;',
  ],
  ['identifier', 'name = "edge-router"\naccount_id = "{h32}"\nroute = { pattern = "api.acme.io/*", zone_id = "{h32}" }'],
  ['identifier', '[ai21] POST /studio/v1/chat/completions 200 request_id={h8}-{h4}-4{h3}-8{h3}-{h12} latency=812ms'],
  [
    'identifier',
    'cdp key name: organizations/{h8}-{h4}-{h4}-{h4}-{h12}/apiKeys/{h8}-{h4}-{h4}-{h4}-{h12} (the private half stays in the vault)',
  ],
  ['masked', 'confluence_pat: "****************"\nconfluence_url: https://wiki.acme.internal'],
  ['public', 'AGORA_APP_ID={h32}\nAGORA_CHANNEL=standup'],
  [
    'hash-of-public',
    '"node_modules/@anthropic-ai/sdk": {\n  "version": "0.39.0",\n  "resolved": "https://registry.npmjs.org/@anthropic-ai/sdk/-/sdk-0.39.0.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  ['reference', 'CosmosKey=@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/CosmosPrimaryKey/{h32})'],
  ['identifier', 'NotificationHubPath=acme-mobile-prod\nSharedAccessKeyName=DefaultListenSharedAccessSignature'],
  [
    'prose',
    'CircleCI project tokens (CCIPRJ_ prefix) are created under Project Settings > API Permissions; personal ones (CCIPAT_) under User Settings > Personal API Tokens.',
  ],
  [
    'stand-in',
    'AIK_CLIENT_ID=AIK_CLIENT_<from the Aikido settings page>\nAIK_CLIENT_SECRET=AIK_SECRET_<copy once, it is shown a single time>',
  ],
  ['identifier', "export default defineConfig({\n  projectId: '{l6}',\n  e2e: { baseUrl: 'http://localhost:4173' },\n});"],
  ['reference', 'ADOBE_CLIENT_SECRET="${ADOBE_CLIENT_SECRET:?missing}"\nADOBE_STOCK_API_KEY="$(op read op://ci/adobe-stock/credential)"'],
  ['too-short', 'CLAY_API_KEY=3f9a'],
  [
    'identifier',
    '$ aliyun ram ListAccessKeys --UserName ci-deployer\n{"AccessKeys":{"AccessKey":[{"Status":"Active","AccessKeyId":"LTAI{a20}","CreateDate":"2024-11-02T08:14:52Z"}]}}',
  ],
  ['identifier', 'AZURE_OPENAI_ENDPOINT=https://acme-eastus2.openai.azure.com/\nAZURE_OPENAI_DEPLOYMENT=gpt-4o-mini'],
  ['other', 'service password-encryption\nno enable password\naaa new-model\nusername netops privilege 15 secret 0 ${NETOPS_PW}'],
  ['identifier', 'modelId: arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0'],
  ['reference', 'git push https://x-token-auth:$BITBUCKET_ACCESS_TOKEN@bitbucket.org/acme/web.git HEAD:main'],
];
