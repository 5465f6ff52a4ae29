/** A twentieth held-out batch, mostly look-alikes of the kinds public rule sets list as negative examples (and a few credentials beside them), written blind, every value a template run, scored once before any tuning. */
export const BLIND20_POSITIVES: readonly (readonly [string, string])[] = [
  // --- a real credential beside public object ids, account ids and hashes ---
  [
    'stripe-secret-beside-object-ids',
    'Refund failed for ch_{a24} (customer cus_{a14}, intent pi_{a24}). Retried by hand with:\ncurl https://api.stripe.com/v1/refunds -u «sk_live_51{a97}»: -d charge=ch_{a24}',
  ],
  [
    'stripe-restricted-beside-publishable',
    '# .env.production\nNEXT_PUBLIC_STRIPE_KEY=pk_live_51{a97}\nSTRIPE_RESTRICTED_KEY=«rk_live_51{a97}»\nSTRIPE_PRICE_PRO=price_1{a23}',
  ],
  [
    'stripe-webhook-secret-beside-endpoint-id',
    'Endpoint we_1{a23} created for https://api.acme.io/hooks/stripe (events: invoice.paid, customer.subscription.deleted).\nSigning secret: «whsec_{a32}»',
  ],
  [
    'openai-key-beside-completion-id',
    'DEBUG openai request_id=req_{h32} id=chatcmpl-{a29} model=gpt-4o-mini\nDEBUG headers={"Authorization": "Bearer «sk-proj-{B74}T3BlbkFJ{B74}»", "OpenAI-Organization": "org-{a24}"}',
  ],
  [
    'anthropic-key-beside-message-id',
    '# last response was msg_01{a22} (request req_011C{a20})\n# hard-coded while debugging, move to env before committing:\nclient = anthropic.Anthropic(api_key="«sk-ant-api03-{B93}AA»")',
  ],
  [
    'slack-bot-token-beside-channel-ids',
    'curl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H "Authorization: Bearer «xoxb-{d12}-{d13}-{a24}»" \\\n  -d channel=C0{u9} -d thread_ts=17{d8}.{d6} -d text="deploy done (team T0{u9}, bot B0{u9})"',
  ],
  [
    'slack-webhook-beside-channel-id',
    'alerts:\n  channel_id: C0{u9}\n  webhook: «https://hooks.slack.com/services/T0{u9}/B0{u9}/{a24}»\n  mention: <@U0{u9}>',
  ],
  [
    'github-pat-beside-node-id-and-sha',
    'gh api graphql -f query=\'{ node(id: "PR_kwDO{B6}s5{B6}") { ... on PullRequest { headRefOid } } }\'\n# -> {h40}\nGH_TOKEN=«ghp_{a36}» gh pr merge 4182 --squash',
  ],
  [
    'github-fine-grained-beside-app-ids',
    'App ID {d6}, installation {d8}, client ID Iv23li{a14}. For local runs I used my own token instead: «github_pat_11{u20}_{a59}»',
  ],
  [
    'github-installation-token-beside-run-id',
    'Run https://github.com/acme/infra/actions/runs/{d11}/job/{d11} printed this in step 4:\ngit remote set-url origin https://x-access-token:«ghs_{a36}»@github.com/acme/infra.git',
  ],
  [
    'aws-create-access-key-beside-unique-id',
    '$ aws iam create-access-key --user-name ci-deployer\n{\n    "AccessKey": {\n        "UserName": "ci-deployer",\n        "AccessKeyId": "«AKIA{u16}»",\n        "Status": "Active",\n        "SecretAccessKey": "«{b40}»",\n        "CreateDate": "2025-03-04T10:22:41+00:00"\n    }\n}\n(user id AIDA{u17}, account {d12})',
  ],
  [
    'aws-config-secret-beside-role-arns',
    '[profile ledger-prod]\nrole_arn = arn:aws:iam::{d12}:role/LedgerDeploy\nsource_profile = ledger-base\nmfa_serial = arn:aws:iam::{d12}:mfa/dana\n\n[profile ledger-base]\naws_access_key_id = «AKIA{u16}»\naws_secret_access_key = «{b40}»',
  ],
  [
    'azure-client-secret-beside-tenant-ids',
    'subscription_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\ntenant_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"\nclient_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"\nclient_secret   = "«{a3}8Q~{B34}»"',
  ],
  [
    'azure-storage-key-beside-resource-id',
    'Resource: /subscriptions/{h8}-{h4}-{h4}-{h4}-{h12}/resourceGroups/rg-media/providers/Microsoft.Storage/storageAccounts/acmemedia01\nAZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=acmemedia01;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"',
  ],
  [
    'gcp-service-account-key-beside-project-ids',
    '{\n  "type": "service_account",\n  "project_id": "acme-analytics-prod",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "etl@acme-analytics-prod.iam.gserviceaccount.com",\n  "client_id": "{d21}"\n}',
  ],
  ['twilio-auth-token-beside-sids', 'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_AUTH_TOKEN=«{h32}»\nTWILIO_MESSAGING_SERVICE_SID=MG{h32}'],
  [
    'sendgrid-key-beside-template-ids',
    'SENDGRID_TEMPLATE_WELCOME=d-{h32}\nSENDGRID_TEMPLATE_RESET=d-{h32}\nSENDGRID_API_KEY=«SG.{B22}.{B43}»',
  ],
  [
    'datadog-keys-beside-rum-client-token',
    'DD_SITE=datadoghq.eu\nDD_RUM_CLIENT_TOKEN=pub{h32}\nDD_RUM_APPLICATION_ID={h8}-{h4}-{h4}-{h4}-{h12}\nDD_API_KEY=«{h32}»\nDD_APP_KEY=«{h40}»',
  ],
  [
    'sentry-user-token-beside-public-dsn',
    'SENTRY_DSN=https://{h32}@o{d6}.ingest.de.sentry.io/{d16}\nSENTRY_ORG=acme\nSENTRY_PROJECT=storefront\nSENTRY_AUTH_TOKEN=«sntryu_{h64}»',
  ],
  [
    'launchdarkly-sdk-key-beside-client-side-id',
    "// browser bundle\nLDClient.initialize('{h24}', ctx);\n// server (api/flags.ts)\nconst ld = LaunchDarkly.init('«sdk-{h8}-{h4}-{h4}-{h4}-{h12}»');",
  ],
  ['okta-api-token-beside-spa-client-id', 'OKTA_ORG_URL=https://acme.okta.com\nOKTA_SPA_CLIENT_ID=0oa{a17}\nOKTA_API_TOKEN=«00{B40}»'],
  [
    'auth0-m2m-secret-beside-client-id',
    'auth0:\n  domain: acme-prod.eu.auth0.com\n  audience: https://api.acme.io\n  client_id: {a32}\n  client_secret: «{B64}»',
  ],
  ['cognito-client-secret-beside-pool-id', 'COGNITO_USER_POOL_ID=eu-west-1_{a9}\nCOGNITO_CLIENT_ID={l26}\nCOGNITO_CLIENT_SECRET=«{l51}»'],
  [
    'vercel-token-beside-project-ids',
    '- run: npx vercel deploy --prebuilt --prod --token=«{a24}»\n  env:\n    VERCEL_ORG_ID: team_{a24}\n    VERCEL_PROJECT_ID: prj_{a28}',
  ],
  [
    'npm-token-beside-lockfile-integrity',
    '"node_modules/left-pad": {\n  "version": "1.3.0",\n  "resolved": "https://npm.acme.io/left-pad/-/left-pad-1.3.0.tgz",\n  "integrity": "sha512-{b86}=="\n}\n\n# and the .npmrc committed next to it:\n//npm.acme.io/:_authToken=«npm_{a36}»',
  ],
  [
    'dockerhub-pat-beside-image-digest',
    'echo «dckr_pat_{B27}» | docker login -u acmeci --password-stdin\ndocker pull acme/api@sha256:{h64}',
  ],
  [
    'vault-token-beside-accessor',
    'Key                  Value\n---                  -----\ntoken                «hvs.{B90}»\ntoken_accessor       {a24}\ntoken_duration       768h\ntoken_renewable      true\ntoken_policies       ["default" "payments-ro"]',
  ],
  [
    'tailscale-auth-key-beside-nodekey',
    'Node db-replica-2 (nodekey:{h64}) was joined with\ntailscale up --authkey=«tskey-auth-{a11}CNTRL-{a33}» --advertise-tags=tag:db',
  ],
  ['age-secret-key-beside-recipient', '# created: 2025-03-04T10:12:44Z\n# public key: age1{k58}\n«AGE-SECRET-KEY-1{e58}»'],
  [
    'wireguard-private-key-beside-peer-key',
    '[Interface]\nAddress = 10.8.0.2/32\nPrivateKey = «{b42}{U1}=»\n\n[Peer]\nPublicKey = {b42}{U1}=\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.8.0.0/24',
  ],
  [
    'telegram-bot-token-beside-chat-id',
    'bot = telebot.TeleBot("«{d10}:AA{B33}»")\nbot.send_message(-100{d10}, "nightly backup ok")  # ops channel',
  ],
  ['discord-bot-token-beside-snowflakes', 'GUILD_ID={d19}\nCHANNEL_ID={d19}\nAPPLICATION_ID={d19}\nDISCORD_TOKEN=«MT{B24}.{B6}.{B38}»'],
  [
    'mongodb-password-beside-objectid',
    'db.users.find({ _id: ObjectId("{h24}") }) returns nothing when I connect with mongodb+srv://reporting:«{a16}»@cluster0.{l5}.mongodb.net/crm, wrong database?',
  ],
  [
    'postgres-url-beside-pod-uids',
    'pod uid {h8}-{h4}-{h4}-{h4}-{h12} restarted 4 times; env of container app:\nDATABASE_URL=postgres://ledger:«{a20}»@ledger-db.payments.svc:5432/ledger\nPOD_UID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'jwt-beside-header-fragment',
    'The kid in the header (eyJhbGciOiJSUzI1NiIs...) matches the JWKS, but this token still fails verification:\nAuthorization: Bearer «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B90}.{B86}»',
  ],
  [
    'gitlab-pat-beside-project-ids',
    'curl --header "PRIVATE-TOKEN: «glpat-{B20}»" "https://gitlab.acme.io/api/v4/projects/{d4}/pipelines/{d6}/jobs?scope=failed"',
  ],
  [
    'shopify-admin-token-beside-gid',
    'The query for gid://shopify/Product/{d13} fails with 403 using X-Shopify-Access-Token: «shpat_{h32}», so the app is missing read_products.',
  ],
  ['huggingface-token-beside-revision', 'huggingface-cli download acme/ner-large --revision {h40} --token «hf_{a34}»'],
  [
    'cloudflare-token-beside-zone-id',
    'curl -X POST "https://api.cloudflare.com/client/v4/zones/{h32}/purge_cache" \\\n  -H "Authorization: Bearer «{B40}»" \\\n  --data \'{"purge_everything":true}\'',
  ],
  [
    'google-client-secret-beside-client-id',
    '{"web":{"client_id":"{d12}-{l32}.apps.googleusercontent.com","project_id":"acme-sso","client_secret":"«GOCSPX-{B28}»","redirect_uris":["https://sso.acme.io/callback"]}}',
  ],
  [
    'mailgun-key-beside-message-id',
    'Queued. Thank you. id=<{d14}.{h16}@mg.acme.io>\n(sent with curl -s --user "api:«{h32}-{h8}-{h8}»" https://api.eu.mailgun.net/v3/mg.acme.io/messages)',
  ],
  [
    'pypi-token-beside-wheel-hash',
    'Uploading acme_sdk-2.14.0-py3-none-any.whl (sha256 {h64})\nTWINE_USERNAME=__token__ TWINE_PASSWORD=«pypi-AgEIcHlwaS5vcmcCJ{B140}» twine upload dist/*',
  ],
  ['plaid-secret-beside-client-id', 'PLAID_ENV=production\nPLAID_CLIENT_ID={h24}\nPLAID_SECRET=«{h30}»\nPLAID_PRODUCTS=auth,transactions'],
];

export const BLIND20_NEGATIVES: readonly (readonly [string, string])[] = [
  // vendor object ids, account ids and other public identifiers
  [
    'vendor-id',
    '2025-03-04 10:12:44  --> payment_intent.succeeded [evt_1{a23}]\n2025-03-04 10:12:44  <--  [200] POST http://localhost:4242/webhook [evt_1{a23}]\n  customer=cus_{a14} payment_intent=pi_{a24} charge=ch_{a24}',
  ],
  [
    'publishable-key',
    '<script src="https://js.stripe.com/v3/"></script>\n<script>\n  // publishable key: meant to ship in the browser bundle\n  const stripe = Stripe("pk_live_51{a97}");\n  const elements = stripe.elements({ clientSecret: window.__PI_CLIENT_SECRET__ });\n</script>',
  ],
  [
    'publishable-key',
    '# .env.development (test-mode publishable key, safe in the client)\nNEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_test_51{a97}\nSTRIPE_SECRET_KEY=${STRIPE_SECRET_KEY}',
  ],
  [
    'vendor-id',
    'line_items: [{ price: "price_1{a23}", quantity: 1 }],\nmetadata: { product: "prod_{a14}", plan: "team-annual" },\nsuccess_url: `${origin}/billing/done?session_id={CHECKOUT_SESSION_ID}`,',
  ],
  [
    'vendor-id',
    'curl https://api.stripe.com/v1/transfers \\\n  -u "$STRIPE_SECRET_KEY:" \\\n  -H "Stripe-Account: acct_1{a15}" \\\n  -d amount=2500 -d currency=eur -d destination=acct_1{a15}',
  ],
  [
    'signature-header',
    'Stripe-Signature: t=17{d8},v1={h64}\nContent-Type: application/json; charset=utf-8\n\n{"id":"evt_1{a23}","object":"event","type":"invoice.paid","data":{"object":{"id":"in_1{a23}","subscription":"sub_1{a23}"}}}',
  ],
  [
    'vendor-id',
    '{\n  "id": "chatcmpl-{a29}",\n  "object": "chat.completion",\n  "created": 17{d8},\n  "model": "gpt-4o-2024-08-06",\n  "system_fingerprint": "fp_{h10}",\n  "usage": {"prompt_tokens": 412, "completion_tokens": 96, "total_tokens": 508}\n}',
  ],
  [
    'vendor-id',
    ">>> client.files.create(file=open(\"train.jsonl\", \"rb\"), purpose=\"fine-tune\")\nFileObject(id='file-{a22}', bytes=183422, filename='train.jsonl', purpose='fine-tune', status='processed')\n>>> client.fine_tuning.jobs.create(training_file='file-{a22}', model='gpt-4o-mini-2024-07-18')\nFineTuningJob(id='ftjob-{a24}', status='validating_files')",
  ],
  ['vendor-id', 'assistant = asst_{a24}\nthread    = thread_{a24}\nrun       = run_{a24}  status=requires_action  tool_call=call_{a24}'],
  [
    'vendor-id',
    "Message(id='msg_01{a22}', model='claude-sonnet-4-20250514', role='assistant', stop_reason='end_turn', usage=Usage(input_tokens=1021, output_tokens=233))",
  ],
  [
    'vendor-id',
    '{"ok":true,"channel":"C0{u9}","ts":"17{d8}.{d6}","message":{"user":"U0{u9}","bot_id":"B0{u9}","team":"T0{u9}","text":"deploy finished :white_check_mark:"}}',
  ],
  [
    'vendor-id',
    'query {\n  node(id: "PR_kwDO{B6}s5{B6}") {\n    ... on PullRequest { number title author { ... on User { id } } }\n  }\n}\n# author U_kgDO{B6}, repository R_kgDO{B6}',
  ],
  [
    'vendor-id',
    'GitHub App settings\nApp ID: {d6}\nClient ID: Iv23li{a14}\nInstallation ID: {d8}\nPrivate key: kept in Vault at kv/github-app/private-key, not in this repo',
  ],
  [
    'aws-id',
    '$ aws iam get-user --user-name ci-deployer\n{\n    "User": {\n        "Path": "/automation/",\n        "UserName": "ci-deployer",\n        "UserId": "AIDA{u17}",\n        "Arn": "arn:aws:iam::{d12}:user/automation/ci-deployer",\n        "CreateDate": "2023-11-02T09:41:17+00:00"\n    }\n}',
  ],
  [
    'aws-id',
    'KMS multi-Region key mrk-{h32} is replicated to eu-west-1; alias/ledger-cmk points at arn:aws:kms:us-east-1:{d12}:key/mrk-{h32}.',
  ],
  [
    'aws-id',
    'HTTP/1.1 403 Forbidden\nx-amz-request-id: {u16}\nx-amz-id-2: {b76}=\nContent-Type: application/xml\n\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>{u16}</RequestId></Error>',
  ],
  [
    'aws-id',
    '$ aws lambda get-function-configuration --function-name thumbnailer\n{\n    "FunctionName": "thumbnailer",\n    "Runtime": "nodejs20.x",\n    "CodeSize": 48211,\n    "CodeSha256": "{b43}=",\n    "Version": "$LATEST",\n    "RevisionId": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'aws-id',
    '{\n    "ETag": "\\"{h32}-14\\"",\n    "VersionId": "{B32}",\n    "ServerSideEncryption": "aws:kms",\n    "SSEKMSKeyId": "arn:aws:kms:eu-central-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  ['aws-id', 'Created invalidation I{u25} for distribution E{u13} (d{l13}.cloudfront.net); hosted zone Z0{u19} now aliases cdn.acme.io.'],
  [
    'masked',
    'Access keys for ci-deployer\n  AKIA****************  Active    created 2024-02-11  last used 3 hours ago\n  Access key ending in {u4} was deactivated on 2024-06-30.',
  ],
  [
    'azure-id',
    '$ az account show\n{\n  "environmentName": "AzureCloud",\n  "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "isDefault": true,\n  "name": "Platform-Prod",\n  "tenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "user": { "name": "ops@acme.onmicrosoft.com", "type": "user" }\n}',
  ],
  [
    'azure-id',
    'Secret identifier: https://kv-payments-weu.vault.azure.net/secrets/stripe-api-key/{h32}\nResource: /subscriptions/{h8}-{h4}-{h4}-{h4}-{h12}/resourceGroups/rg-payments-weu/providers/Microsoft.KeyVault/vaults/kv-payments-weu',
  ],
  [
    'gcp-id',
    'bindings:\n- members:\n  - serviceAccount:{d12}-compute@developer.gserviceaccount.com\n  - serviceAccount:service-{d12}@gcp-sa-pubsub.iam.gserviceaccount.com\n  role: roles/pubsub.publisher\netag: BwY{B8}=\nversion: 1',
  ],
  ['public-id', '<meta name="google-signin-client_id" content="{d12}-{l32}.apps.googleusercontent.com">'],
  [
    'k8s-id',
    'metadata:\n  name: api-{l10}-{l5}\n  namespace: payments\n  uid: {h8}-{h4}-{h4}-{h4}-{h12}\n  resourceVersion: "{d9}"\n  ownerReferences:\n  - kind: ReplicaSet\n    name: api-{l10}\n    uid: {h8}-{h4}-{h4}-{h4}-{h12}\nstatus:\n  containerStatuses:\n  - containerID: containerd://{h64}\n    imageID: registry.acme.io/payments/api@sha256:{h64}',
  ],
  [
    'public-id',
    "// Firebase web config (the apiKey is injected at build time)\nconst firebaseConfig = {\n  authDomain: 'acme-prod.firebaseapp.com',\n  projectId: 'acme-prod',\n  storageBucket: 'acme-prod.appspot.com',\n  messagingSenderId: '{d12}',\n  appId: '1:{d12}:web:{h22}',\n  measurementId: 'G-{u10}',\n};",
  ],
  [
    'public-id',
    "Sentry.init({\n  // browser DSN: public by design, it can only send events\n  dsn: 'https://{h32}@o{d6}.ingest.us.sentry.io/{d16}',\n  tracesSampleRate: 0.2,\n  release: 'web@{h12}',\n});",
  ],
  ['public-id', "turnstile.render('#signup-captcha', { sitekey: '0x4AAAAAAA{B14}', callback: onCaptchaSolved });"],
  ['public-id', "grecaptcha.ready(() => grecaptcha.execute('6L{B38}', { action: 'login' }).then(submitWithCaptcha));"],
  ['public-id', '$ cat .vercel/project.json\n{"projectId":"prj_{a28}","orgId":"team_{a24}","settings":{"framework":"nextjs"}}'],
  [
    'public-id',
    "window.intercomSettings = { api_base: 'https://api-iam.intercom.io', app_id: '{l8}', user_id: '{d7}', name: currentUser.name };",
  ],
  [
    'public-id',
    "import { datadogRum } from '@datadog/browser-rum';\ndatadogRum.init({\n  applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  clientToken: 'pub{h32}', // client tokens are meant for browsers\n  site: 'datadoghq.eu',\n  service: 'storefront',\n});",
  ],
  [
    'public-id',
    "import * as LDClient from 'launchdarkly-js-client-sdk';\n// client-side ID, not the SDK key\nconst ld = LDClient.initialize('{h24}', { kind: 'user', key: userId });",
  ],
  [
    'public-id',
    '<Auth0Provider\n  domain="acme-prod.eu.auth0.com"\n  clientId="{a32}"\n  authorizationParams={{ redirect_uri: window.location.origin, audience: \'https://api.acme.io\' }}\n>',
  ],
  [
    'public-id',
    "const oktaAuth = new OktaAuth({\n  issuer: 'https://acme.okta.com/oauth2/default',\n  clientId: '0oa{a17}',\n  redirectUri: window.location.origin + '/login/callback',\n  pkce: true,\n});",
  ],
  [
    'public-id',
    "Amplify.configure({\n  Auth: {\n    Cognito: {\n      userPoolId: 'eu-west-1_{a9}',\n      userPoolClientId: '{l26}',\n      identityPoolId: 'eu-west-1:{h8}-{h4}-{h4}-{h4}-{h12}',\n    },\n  },\n});",
  ],
  [
    'public-id',
    'APNs setup: Key ID {u10}, Team ID {u10}, bundle io.acme.mobile. The .p8 file itself lives in the signing vault, never in git.',
  ],
  [
    'vendor-id',
    'client = Client("AC{h32}", os.environ["TWILIO_AUTH_TOKEN"])\nmsg = client.messages.create(to="+447700900123", from_="+15005550006", body="Your order shipped")\nprint(msg.sid)  # SM{h32}',
  ],
  ['vendor-id', 'message = Mail(from_email="noreply@acme.io", to_emails=user.email)\nmessage.template_id = "d-{h32}"\nsg.send(message)'],
  ['vendor-id', 'PLAID_ENV=sandbox\nPLAID_CLIENT_ID={h24}\nPLAID_PRODUCTS=auth,transactions\nPLAID_COUNTRY_CODES=US,CA'],
  ['vendor-id', 'zone_id    = "{h32}" # acme.io\naccount_id = "{h32}"\napi_token  = var.cloudflare_api_token'],
  [
    'vendor-id',
    'Shopify webhook topic=orders/create shop=acme-store.myshopify.com webhook_id={h8}-{h4}-{h4}-{h4}-{h12}\nadmin_graphql_api_id: gid://shopify/Order/{d13}\nline item: gid://shopify/ProductVariant/{d14}',
  ],
  ['vendor-id', 'Using meta-llama/Llama-3.1-8B-Instruct at revision {h40}; fetching model-00001-of-00004.safetensors (sha256 {h64})'],
  [
    'fingerprint',
    'Play Console, App signing\nApp signing key certificate\n  SHA-1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nUpload key certificate\n  SHA-1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  // generated identifiers
  [
    'uuid',
    'DELETE /api/v2/workspaces/{h8}-{h4}-4{h3}-a{h3}-{h12}/members/{h8}-{h4}-4{h3}-9{h3}-{h12} HTTP/1.1\nX-Request-ID: {h8}-{h4}-{h4}-{h4}-{h12}\n204 No Content in 38ms',
  ],
  ['ulid', 'ingest-worker  INFO  processed batch 01J{u23} (312 events) -> ledger entries 01J{u23}..01J{u23}'],
  [
    'ksuid',
    '{"messageId":"ajs-next-{h32}","anonymousId":"{h8}-{h4}-{h4}-{h4}-{h12}","event":"Checkout Started","context":{"library":{"name":"analytics.js","version":"next-1.66.0"}},"_metadata":{"jobId":"2{a26}"}}',
  ],
  [
    'short-link',
    'Shortened https://docs.acme.io/guides/rotating-credentials to https://acme.link/{a7}\nQR code: https://acme.link/qr/{a7}.png',
  ],
  ['snowflake', 'https://discord.com/channels/{d18}/{d19}/{d19}\n> Pinned by <@{d18}> in #release-notes'],
  ['objectid', 'db.orders.updateOne(\n  { _id: ObjectId("{h24}") },\n  { $set: { status: "refunded", refundedBy: ObjectId("{h24}") } }\n)'],
  [
    'git-sha',
    'commit {h40}\nMerge: {h7} {h7}\nAuthor: Dana Ruiz <dana@acme.io>\nDate:   Tue Mar 4 11:02:19 2025 +0100\n\n    Merge pull request #4182 from acme/fix/token-refresh-race',
  ],
  ['git-sha', 'Reverts {h12} ("cache api keys in memory"), which broke key rotation. Cherry-picked onto release/2.14 as {h40}.'],
  [
    'digest',
    '$ crane digest ghcr.io/acme/api:2.14.0\nsha256:{h64}\n$ cosign verify ghcr.io/acme/api@sha256:{h64} --certificate-identity-regexp ".*@acme.io" --certificate-oidc-issuer https://token.actions.githubusercontent.com',
  ],
  [
    'integrity',
    '  /@types/node@20.14.10:\n    resolution: {integrity: sha512-{b86}==}\n    dependencies:\n      undici-types: 5.26.5\n    dev: true',
  ],
  [
    'integrity',
    '"nixpkgs": {\n  "locked": {\n    "lastModified": 17{d8},\n    "narHash": "sha256-{b43}=",\n    "owner": "NixOS",\n    "repo": "nixpkgs",\n    "rev": "{h40}",\n    "type": "github"\n  }\n}',
  ],
  [
    'state-id',
    '{\n  "version": 4,\n  "terraform_version": "1.9.5",\n  "serial": 412,\n  "lineage": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "outputs": { "vpc_id": { "value": "vpc-{h17}", "type": "string" } },',
  ],
  ['ipfs', 'Pinned the release bundle: ipfs://bafybei{k52}\nLegacy gateway link: https://ipfs.io/ipfs/Qm{a44}'],
  ['crypto-address', 'Withdrawal confirmed\n  to:    0x{h40}\n  tx:    https://basescan.org/tx/0x{h64}\n  block: {d8}, gas used {d5}'],
  ['crypto-address', 'Donations: bitcoin:BC1Q{e38}?label=acme-oss-fund (upper case so the QR code stays alphanumeric)'],
  [
    'crypto-address',
    '$ solana confirm -v {a87}\nTransaction executed in slot {d9}:\n  Recent Blockhash: {a44}\n  Account 0: srw- {a44} (fee payer)\n  Account 1: -r-x 11111111111111111111111111111111',
  ],
  ['onion', 'Our status page is also reachable over Tor at http://{k56}.onion/ (same content, no JavaScript).'],
  [
    'public-key',
    'tailscale status --json | jq \'.Peer[] | {HostName, PublicKey}\'\n{ "HostName": "db-replica-2", "PublicKey": "nodekey:{h64}" }\n{ "HostName": "ci-runner-7", "PublicKey": "nodekey:{h64}" }',
  ],
  [
    'public-id',
    'Syncthing: add the NAS as a remote device with ID {u7}-{u7}-{u7}-{u7}-{u7}-{u7}-{u7}-{u7}, then share the "photos" folder with it.',
  ],
  [
    'guid',
    'Project("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "Acme.Api", "src\\Acme.Api\\Acme.Api.csproj", "{{H8}-{H4}-{H4}-{H4}-{H12}}"\nEndProject',
  ],
  [
    'xcode-id',
    '/* Begin PBXBuildFile section */\n\t\t{H24} /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = {H24} /* AppDelegate.swift */; };\n\t\t{H24} /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = {H24} /* Assets.xcassets */; };',
  ],
  [
    'godot-id',
    '[gd_scene load_steps=3 format=3 uid="uid://{l13}"]\n\n[ext_resource type="Script" uid="uid://{l13}" path="res://player/player.gd" id="1_{l5}"]\n[ext_resource type="Texture2D" uid="uid://{l13}" path="res://player/idle.png" id="2_{l5}"]',
  ],
  [
    'url-id',
    'Runbook: https://www.notion.so/acme/Rotating-database-credentials-{h32}\nDesign: https://www.figma.com/design/{a22}/Billing-v3?node-id=1204-{d5}',
  ],
  ['url-id', 'Meeting notes: https://docs.google.com/document/d/1{B43}/edit#heading=h.{l12}'],
  // encoded material that is not a secret
  [
    'encoded',
    'Set-Cookie: ui_prefs=eyJ0aGVtZSI6ImRhcmsiLCJsb2NhbGUiOiJlbi1HQiIsImRlbnNpdHkiOiJjb21wYWN0IiwiZmxhZ3MiOlsibmV3LW5hdiIsImJ1bGstZXhwb3J0Il19; Path=/; Max-Age=31536000; SameSite=Lax',
  ],
  [
    'data-uri',
    "@font-face {\n  font-family: 'Inter';\n  src: url(data:font/woff2;base64,d09GMgABAAAAA{b200}) format('woff2');\n  font-display: swap;\n}",
  ],
  [
    'jwt-header',
    'The protected header eyJhbGciOiJSUzI1NiIsImtpZCI6IjIwMjUtMDEtc2lnbmluZyIsInR5cCI6IkpXVCJ9 decodes to {"alg":"RS256","kid":"2025-01-signing","typ":"JWT"}, so the verifier should pick the January key from the JWKS.',
  ],
  [
    'public-key',
    '-----BEGIN CERTIFICATE REQUEST-----\nMIICvDCCAaQCAQAwdzELMAkGA1UEBhMCR0Ix{b28}\n{b64}\n{b64}\n{b64}\n{b48}\n-----END CERTIFICATE REQUEST-----',
  ],
  [
    'public-key',
    '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG{b58}\n{b64}\n{b64}\n{b64}\n{b40}\n={b4}\n-----END PGP PUBLIC KEY BLOCK-----',
  ],
  [
    'public-key',
    '---- BEGIN SSH2 PUBLIC KEY ----\nComment: "4096-bit RSA, converted by ops@bastion"\nAAAAB3NzaC1yc2EAAAADAQABAAACAQ{b40}\n{b70}\n{b70}\n{b30}\n---- END SSH2 PUBLIC KEY ----',
  ],
  [
    'public-key',
    'from="10.20.0.0/16",no-agent-forwarding,no-X11-forwarding ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b115}= backup@nas',
  ],
  [
    'fingerprint',
    '$ gpg --list-keys --keyid-format long release@acme.io\npub   ed25519/{H16} 2024-01-15 [SC] [expires: 2026-01-14]\n      {H40}\nuid                 [ultimate] Acme Release Signing <release@acme.io>\nsub   cv25519/{H16} 2024-01-15 [E]',
  ],
  [
    'fingerprint',
    'echo "deb [signed-by=/usr/share/keyrings/acme.gpg] https://apt.acme.io stable main" | sudo tee /etc/apt/sources.list.d/acme.list\ngpg --keyserver keys.openpgp.org --recv-keys {H40}',
  ],
  [
    'signature',
    'tree {h40}\nparent {h40}\nauthor Dana Ruiz <dana@acme.io> 17{d8} +0100\ncommitter Dana Ruiz <dana@acme.io> 17{d8} +0100\ngpgsig -----BEGIN SSH SIGNATURE-----\n U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg{b20}\n {b70}\n {b40}\n -----END SSH SIGNATURE-----\n\nRotate the webhook signing secret via KMS',
  ],
  [
    'signature',
    '$ cat dist/acme_2.14.0_checksums.txt.sig\nMEUCIQ{b38}AiEA{b40}=\n$ cosign verify-blob --key cosign.pub --signature dist/acme_2.14.0_checksums.txt.sig dist/acme_2.14.0_checksums.txt\nVerified OK',
  ],
  [
    'public-key',
    'acme._domainkey.acme.io. 3600 IN TXT "v=DKIM1; k=rsa; " "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b120}" "{b120}" "{b72}IDAQAB"',
  ],
  [
    'dns',
    '_acme-challenge.api.acme.io. 60 IN TXT "{B43}"\nacme.io. 3600 IN TXT "google-site-verification={B43}"\nacme.io. 3600 IN TXT "v=spf1 include:_spf.google.com include:sendgrid.net ~all"',
  ],
  [
    'header',
    "Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-{b22}==' 'sha256-{b43}='; style-src 'self' 'sha256-{b43}='; object-src 'none'",
  ],
  [
    'header',
    'Public-Key-Pins-Report-Only: pin-sha256="{b43}="; pin-sha256="{b43}="; max-age=5184000; report-uri="https://acme.report-uri.com/r/d/hpkp/reportOnly"',
  ],
  [
    'url',
    'https://auth.acme.io/oauth2/authorize?response_type=code&client_id=web-console&redirect_uri=https%3A%2F%2Fconsole.acme.io%2Fcallback&scope=openid%20profile&state={B22}&code_challenge={B43}&code_challenge_method=S256&nonce={B22}',
  ],
  [
    'header',
    'HTTP/2 304\netag: W/"{h40}"\ncache-control: public, max-age=0, must-revalidate\ncf-ray: {h16}-AMS\ncf-cache-status: REVALIDATED\nx-vercel-id: fra1::iad1::{l5}-17{d11}-{h12}',
  ],
  [
    'ciphertext',
    'apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: ledger-db\n  namespace: payments\nspec:\n  encryptedData:\n    password: Ag{b300}==',
  ],
  // code that names credentials without holding one
  [
    'code',
    'export interface SignInForm {\n  email: string;\n  password: string;\n  otp?: string;\n  rememberDevice: boolean;\n}\n\nexport type ApiKeyScope = "read" | "write" | "admin";',
  ],
  [
    'code',
    'app.use("/v1", (req, res, next) => {\n  const apiKey = req.get("x-api-key");\n  if (!apiKey) return res.status(401).json({ error: "missing_api_key" });\n  req.tenant = keyring.resolve(apiKey);\n  next();\n});',
  ],
  [
    'code',
    '@Value("${jwt.signing-secret}")\nprivate String jwtSigningSecret;\n\n@Value("${stripe.api-key}")\nprivate String stripeApiKey;',
  ],
  ['code', 'let hmac_secret = SecretString::from(std::env::var("WEBHOOK_HMAC_SECRET").context("WEBHOOK_HMAC_SECRET not set")?);'],
  [
    'code',
    'CREATE TABLE api_tokens (\n  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),\n  user_id     uuid NOT NULL REFERENCES users(id),\n  token_hash  bytea NOT NULL,\n  last_four   char(4) NOT NULL,\n  expires_at  timestamptz\n);',
  ],
  [
    'code',
    'components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-Acme-Api-Key\n    BearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT',
  ],
  [
    'code',
    'mutation ResetPassword($token: String!, $newPassword: String!) {\n  resetPassword(token: $token, newPassword: $newPassword) {\n    ok\n    errors { field message }\n  }\n}',
  ],
  [
    'code',
    'const { getAccessTokenSilently, isAuthenticated } = useAuth0();\nconst token = await getAccessTokenSilently({ authorizationParams: { audience } });\nconst res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });',
  ],
  [
    'minified',
    '!function(e,t){"use strict";var n=e.accessToken||t.getItem("at"),r=e.refreshToken,o=function(e){return e&&e.split(".")[1]};n&&r&&(e.session={token:n,exp:JSON.parse(atob(o(n))).exp})}(window.__AUTH__,localStorage);',
  ],
  [
    'code',
    'def rotate_api_key(self, key_id: str, *, grace_period: timedelta = timedelta(hours=12)) -> ApiKey:\n    """Issue a new secret for key_id and keep the old one valid for grace_period."""',
  ],
  [
    'i18n',
    '{\n  "auth.password.label": "Password",\n  "auth.password.placeholder": "Enter your password",\n  "auth.password.forgot": "Forgot your password?",\n  "auth.token.expired": "Your session has expired. Please sign in again.",\n  "settings.apiKeys.empty": "You have no API keys yet."\n}',
  ],
  [
    'i18n',
    'msgid "Your API key was copied to the clipboard"\nmsgstr "Votre clé API a été copiée dans le presse-papiers"\n\nmsgid "Invalid password"\nmsgstr "Mot de passe incorrect"',
  ],
  [
    'regex',
    'const PATTERNS = {\n  githubPat: /\\bghp_[A-Za-z0-9]{36}\\b/,\n  slackBot: /\\bxoxb-\\d{10,13}-\\d{10,13}-[A-Za-z0-9]{24}\\b/,\n  stripeLive: /\\b[rs]k_live_[A-Za-z0-9]{24,99}\\b/,\n};',
  ],
  [
    'test-assertion',
    "it('issues project keys in the documented shape', async () => {\n  const key = await keys.create({ project: 'p1' });\n  expect(key.secret).toMatch(/^sk-proj-[A-Za-z0-9_-]{120,}$/);\n  expect(key.secret).not.toEqual(key.id);\n});",
  ],
  [
    'css-module',
    '<button class="Button_root__{B5} Button_primary__{B5} styles_cta__{a5}">Generate API key</button>\n<link rel="stylesheet" href="/_next/static/css/{h16}.css">',
  ],
  [
    'asset-hash',
    '<script type="module" crossorigin src="/assets/index-{B8}.js"></script>\n<link rel="modulepreload" href="/assets/vendor-react-{B8}.js">\n<link rel="stylesheet" href="/assets/index-{B8}.css">',
  ],
  [
    'asset-hash',
    '/_next/static/{B21}/_buildManifest.js\n/_next/static/{B21}/_ssgManifest.js\n/_next/static/chunks/pages/_app-{h16}.js\n/_next/static/chunks/webpack-{h16}.js',
  ],
  ['asset-hash', '})();\n//# sourceMappingURL=main.{h8}.js.map\n//# debugId={h8}-{h4}-{h4}-{h4}-{h12}'],
  [
    'feature-flag',
    'flags:\n  checkout-v2-token-refresh: { enabled: true, rollout: 25 }\n  api-key-rotation-banner: { enabled: false }\n  secret-scanning-on-push: { enabled: true, segments: [beta, internal] }',
  ],
  // templating and references of every flavour
  ['reference', 'password: {{ .Values.postgresql.auth.password | default (randAlphaNum 24) | b64enc | quote }}'],
  [
    'reference',
    'resource "aws_db_instance" "ledger" {\n  username = "ledger_admin"\n  password = data.aws_secretsmanager_secret_version.ledger.secret_string\n}',
  ],
  ['reference', 'DB_PASSWORD=#{DbPassword}\nSTRIPE_KEY=#{Stripe.ApiKey}\nAPI_BASE=https://api.acme.io'],
  ['reference', '- task: AzureCLI@2\n  env:\n    ARM_CLIENT_SECRET: $(armClientSecret)\n    NPM_TOKEN: $(npmToken)'],
  [
    'reference',
    '{{ with secret "kv/data/payments" }}\nSTRIPE_KEY={{ .Data.data.stripe_key }}\nWEBHOOK_SECRET={{ .Data.data.webhook_secret }}\n{{ end }}',
  ],
  [
    'reference',
    'pm.request.headers.add({ key: "Authorization", value: "Bearer " + pm.environment.get("access_token") });\npm.request.headers.add({ key: "X-Api-Key", value: pm.collectionVariables.get("apiKey") });',
  ],
  [
    'reference',
    'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      POSTGRES_USER: ${PG_USER:?set PG_USER}\n    secrets: [pg_password]\nsecrets:\n  pg_password:\n    file: ./secrets/pg_password.txt',
  ],
  ['reference', 'headers = {"Authorization": f"Bearer {self._token}", "X-Client-Secret": settings.CLIENT_SECRET}'],
  ['reference', 'req.Header.Set("Authorization", fmt.Sprintf("token %s", os.Getenv("GITEA_TOKEN")))'],
  ['reference', 'set "API_KEY=%ACME_API_KEY%"\ncurl -H "X-Api-Key: %API_KEY%" https://api.acme.io/v1/ping'],
  // masks and placeholders
  [
    'masked',
    'NAME            KEY             CREATED       LAST USED\nci-deploy       sk-proj-…{a4}   2025-01-09    2 hours ago\nnotebook        sk-proj-…{a4}   2024-11-30    never',
  ],
  ['masked', 'Token regenerated. For security we only show the last characters: ghp_••••••••••••••••••••••••••••••••{a4}'],
  ['placeholder', 'slack:\n  bot_token: xoxb-<team-id>-<bot-id>-<secret>\n  signing_secret: <from Basic Information, App Credentials>'],
  // documentation of token formats
  [
    'docs',
    'Fine-grained personal access tokens start with `github_pat_`, classic ones with `ghp_` followed by 36 base62 characters; the last six are a CRC32 checksum, which is how secret scanning rejects look-alikes.',
  ],
  [
    'docs',
    '| Prefix | Meaning |\n|---|---|\n| `AKIA` | long-term IAM user access key |\n| `ASIA` | temporary key from STS |\n| `AIDA` | IAM user unique ID (not a credential) |\n| `AROA` | role unique ID (not a credential) |',
  ],
  [
    'docs',
    'Slack token types: `xoxb-` bot, `xoxp-` user, `xapp-` app-level, `xoxe.xoxp-` rotating user tokens with a 12-hour lifetime; refresh tokens start with `xoxe-1-`.',
  ],
  [
    'docs',
    "[[rules]]\nid = \"acme-internal-key\"\nregex = '''acme_(live|sbx)_[0-9a-f]{32}'''\nkeywords = [\"acme_live_\", \"acme_sbx_\"]\n\n[allowlist]\npaths = ['''fixtures/''']",
  ],
  ['docs', '# .gitleaksignore\n{h40}:config/settings.dist.yml:generic-api-key:14\n{h40}:docs/quickstart.md:stripe-access-token:88'],
  [
    'prose',
    'GitHub emailed us: a personal access token belonging to @dana-ruiz was found in commit {h7} of acme/infra and was revoked automatically. Nothing else was exposed, and the commit is squashed out of main now.',
  ],
  // prose about credentials without one
  [
    'prose',
    "Quick check before I paste anything: should the Stripe restricted key go in Doppler or in the GitHub environment secrets? I don't want it anywhere near the client bundle.",
  ],
  [
    'prose',
    'Postmortem: at 14:02 UTC a CI job echoed the deploy key into its log. We revoked it at 14:09, rotated every credential the runner could read by 14:40, and added `::add-mask::` to the step. No customer data was accessed.',
  ],
  [
    'prose',
    'Dans le fichier .env, ne mettez jamais la clé secrète : gardez-la dans le coffre (Vault) et lisez-la au démarrage avec `vault kv get`.',
  ],
  [
    'prose',
    'The password policy is 14 characters minimum, checked against the HIBP k-anonymity API: we only send the first five hex characters of the SHA-1, e.g. GET /range/{H5}.',
  ],
];
