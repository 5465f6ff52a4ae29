/** A thirty-sixth held-out batch, mostly look-alikes (public client ids and publishable keys, vendor test keys, signatures and checksums, masked CLI output, references in many config dialects, encrypted blobs) with literal secrets placed right beside their public twins, written blind from the facts of public rule sets and their negative examples (Kingfisher, Nosey Parker), scored once before tuning. */
export const BLIND36_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'mapbox-secret-token-pod-install-beside-public-token',
    '# ios/ci/bootstrap.sh\nexport MAPBOX_PUBLIC_TOKEN=pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B24}In0.{B22}\nexport MAPBOX_SECRET_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B24}In0.{B22}»\npod install --repo-update',
  ],
  [
    'stripe-restricted-key-ts-beside-publishable-key',
    "// server/stripe.ts\nexport const STRIPE_PUBLISHABLE = 'pk_live_51{a97}';\nexport const stripe = new Stripe('«rk_live_51{a97}»', { apiVersion: '2024-06-20' });",
  ],
  [
    'stripe-webhook-secret-dotenv-beside-signature-header',
    '# captured with `stripe listen` for the handler fixture\n# Stripe-Signature: t={d10},v1={h64}\nSTRIPE_WEBHOOK_SECRET=«whsec_{a32}»',
  ],
  [
    'clerk-secret-key-dotenv-beside-publishable-key',
    'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuYWNtZS5pbyQ\nCLERK_SECRET_KEY=«sk_live_{a40}»\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in',
  ],
  [
    'supabase-service-role-jwt-beside-anon-key',
    'SUPABASE_URL=https://qxkzvbmrtwplhnsdjfgc.supabase.co\nSUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InF4a3p2Ym1ydHdwbGhuc2RqZmdjIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MTgwMDAwMDAsImV4cCI6MjAzMzU3NjAwMH0.{B43}\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InF4a3p2Ym1ydHdwbGhuc2RqZmdjIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcxODAwMDAwMCwiZXhwIjoyMDMzNTc2MDAwfQ.{B43}»',
  ],
  [
    'paystack-secret-key-dart-beside-public-key',
    "final plugin = PaystackPlugin();\nawait plugin.initialize(publicKey: 'pk_live_{h40}');\n\n// TODO(dana): move to the backend before release\nconst paystackSecretKey = '«sk_live_{h40}»';",
  ],
  [
    'google-oauth-rclone-conf-beside-client-id',
    '[gdrive]\ntype = drive\nclient_id = {d12}-{l32}.apps.googleusercontent.com\nclient_secret = «GOCSPX-{B28}»\nscope = drive\ntoken = {"access_token":"«ya29.a0{B150}»","token_type":"Bearer","refresh_token":"«1//0{B97}»","expiry":"2024-06-11T10:14:02.13Z"}',
  ],
  [
    'mailgun-private-key-dotenv-beside-public-validation-key',
    'MAILGUN_DOMAIN=mg.acme.io\nMAILGUN_PUBLIC_KEY=pubkey-{h32}\nMAILGUN_API_KEY=«key-{h32}»',
  ],
  [
    'mailgun-webhook-signing-key-beside-event-signature',
    '# fixture: a Mailgun webhook body and the key that verifies it\n{"signature": {"timestamp": "{d10}", "token": "{h50}", "signature": "{h64}"}}\nMAILGUN_WEBHOOK_SIGNING_KEY=«{h32}-{h8}-{h8}»',
  ],
  [
    'launchdarkly-sdk-key-env-beside-client-side-id',
    'LD_CLIENT_SIDE_ID={h24}\nLAUNCHDARKLY_SDK_KEY=«sdk-{h8}-{h4}-{h4}-{h4}-{h12}»\nLD_STREAM_URI=https://stream.launchdarkly.com',
  ],
  [
    'pusher-app-secret-laravel-env-beside-vite-key',
    'PUSHER_APP_ID={d7}\nPUSHER_APP_KEY={h20}\nPUSHER_APP_SECRET=«{h20}»\nPUSHER_APP_CLUSTER=eu\n\nVITE_PUSHER_APP_KEY="${PUSHER_APP_KEY}"\nVITE_PUSHER_APP_CLUSTER="${PUSHER_APP_CLUSTER}"',
  ],
  [
    'facebook-app-secret-env-beside-client-token-plist',
    '<!-- ios/Runner/Info.plist -->\n<key>FacebookAppID</key><string>{d15}</string>\n<key>FacebookClientToken</key><string>{h32}</string>\n\n# api/.env\nFACEBOOK_APP_ID={d15}\nFACEBOOK_APP_SECRET=«{h32}»',
  ],
  ['telegram-bot-token-dotenv-beside-chat-id', 'TELEGRAM_CHAT_ID=-100{d10}\nTELEGRAM_BOT_TOKEN=«{d10}:AA{B33}»\nALERT_LEVEL=warning'],
  [
    'azure-entra-client-secret-beside-secret-id-guid',
    'AZURE_TENANT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_CLIENT_ID={h8}-{h4}-4{h3}-b{h3}-{h12}\n# secret id {h8}-{h4}-4{h3}-8{h3}-{h12} (just the id, not the value)\nAZURE_CLIENT_SECRET=«{a3}8Q~{a34}»',
  ],
  [
    'dockerhub-pat-login-beside-image-digest',
    'docker login -u acmebot -p «dckr_pat_{B27}»\ndocker pull acme/orders-api@sha256:{h64}\ndocker run --rm acme/orders-api@sha256:{h64} --version',
  ],
  [
    'cloudflare-turnstile-secret-beside-sitekey',
    '# .env.production\nPUBLIC_TURNSTILE_SITE_KEY=0x4AAAAAAA{B14}\nTURNSTILE_SECRET_KEY=«0x4AAAAAAA{B25}»',
  ],
  [
    'recaptcha-secret-php-beside-site-key-html',
    '<form method="post">\n  <div class="g-recaptcha" data-sitekey="6L{B38}"></div>\n</form>\n<?php\n$ok = verify_recaptcha($_POST[\'g-recaptcha-response\'], \'«6L{B38}»\');',
  ],
  ['hcaptcha-secret-beside-sitekey-uuid', 'HCAPTCHA_SITE_KEY={h8}-{h4}-{h4}-{h4}-{h12}\nHCAPTCHA_SECRET_KEY=«0x{h40}»'],
  [
    'algolia-admin-key-node-beside-search-only-key',
    "// scripts/reindex.js (runs in CI only)\nconst client = algoliasearch('{U10}', '«{h32}»');\n// the storefront uses the search-only key {h32} which is fine to ship",
  ],
  [
    'vault-service-token-create-output-beside-accessor',
    '$ vault token create -policy=orders-read -ttl=24h\nKey                  Value\n---                  -----\ntoken                «hvs.{a24}»\ntoken_accessor       {a24}\ntoken_duration       24h\ntoken_renewable      true\ntoken_policies       ["default" "orders-read"]',
  ],
  [
    'github-app-private-key-dotenv-beside-app-ids',
    'GITHUB_APP_ID={d6}\nGITHUB_APP_INSTALLATION_ID={d8}\nGITHUB_APP_PRIVATE_KEY="-----BEGIN RSA PRIVATE KEY-----\\n«MIIEpAIBAAKCAQEA{b48}»\\n«{b64}»\\n«{b64}»\\n«{b64}»\\n-----END RSA PRIVATE KEY-----"',
  ],
  [
    'sentry-org-token-dotenv-beside-dsn',
    'SENTRY_DSN=https://{h32}@o{d6}.ingest.de.sentry.io/{d7}\nSENTRY_ORG=acme\nSENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3{a100}_{a43}»',
  ],
  [
    'cloudinary-url-beside-cloud-name-and-preset',
    'NEXT_PUBLIC_CLOUDINARY_CLOUD_NAME=acme-media\nNEXT_PUBLIC_CLOUDINARY_UPLOAD_PRESET=unsigned_avatars\nCLOUDINARY_URL=cloudinary://{d15}:«{B27}»@acme-media',
  ],
  [
    'netlify-pat-dotenv-beside-site-id-and-commented-stub',
    '# NETLIFY_AUTH_TOKEN=nfp_<token>\nNETLIFY_SITE_ID={h8}-{h4}-{h4}-{h4}-{h12}\nNETLIFY_AUTH_TOKEN=«nfp_{a40}»',
  ],
  [
    'vercel-token-gha-flag-beside-org-project-ids',
    '- run: vercel deploy --prebuilt --prod --token=«{a24}»\n  env:\n    VERCEL_ORG_ID: team_{a24}\n    VERCEL_PROJECT_ID: prj_{a28}',
  ],
  [
    'terraform-cloud-token-tfrc-beside-workspace-id',
    '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "«{a14}.atlasv1.{a67}»"\n    }\n  }\n}\n# workspace ws-{a16}, last apply run-{a16}',
  ],
  [
    'shopify-admin-token-beside-storefront-token',
    "const storefront = createStorefrontClient({ publicStorefrontToken: '{h32}', storeDomain: 'acme-shop.myshopify.com' });\nconst admin = createAdminApiClient({ accessToken: '«shpat_{h32}»', storeDomain: 'acme-shop.myshopify.com' });",
  ],
  [
    'square-access-token-beside-application-and-location-id',
    'SQUARE_ENVIRONMENT=production\nSQUARE_APPLICATION_ID=sq0idp-{B22}\nSQUARE_LOCATION_ID=L{U12}\nSQUARE_ACCESS_TOKEN=«EAAA{a60}»',
  ],
  ['paypal-client-secret-dotenv-beside-client-id', 'PAYPAL_MODE=live\nPAYPAL_CLIENT_ID=A{B79}\nPAYPAL_CLIENT_SECRET=«E{B79}»'],
  [
    'braintree-access-token-beside-tokenization-key',
    "// checkout.js (browser)\nbraintree.client.create({ authorization: 'production_{l8}_{l16}' });\n\n// payments/server.js\nconst gateway = new braintree.BraintreeGateway({ accessToken: '«access_token$production${l16}${h32}»' });",
  ],
];

export const BLIND36_NEGATIVES: readonly (readonly [string, string])[] = [
  // references in config dialects and languages not seen before
  [
    'reference',
    'template {\n  data        = <<EOH\n{{ with nomadVar "nomad/jobs/billing" }}STRIPE_SECRET_KEY={{ .stripe_secret_key }}{{ end }}\nEOH\n  destination = "secrets/app.env"\n  env         = true\n}',
  ],
  [
    'reference',
    'spec:\n  secretStoreRef: { name: aws-sm, kind: ClusterSecretStore }\n  target: { name: maps-credentials }\n  data:\n    - secretKey: MAPBOX_SECRET_TOKEN\n      remoteRef: { key: prod/maps, property: secret_token }',
  ],
  [
    'reference',
    'spec:\n  type: state.redis\n  metadata:\n    - name: redisPassword\n      secretKeyRef:\n        name: redis-secret\n        key: redis-password\nauth:\n  secretStore: kubernetes',
  ],
  [
    'reference',
    'const cfg = new pulumi.Config();\nconst dbPassword = cfg.requireSecret("dbPassword");\nconst shopifyToken = cfg.requireSecret("shopifyAdminToken");',
  ],
  [
    'reference',
    'steps:\n  - label: ":npm: publish"\n    command: |\n      export NPM_TOKEN="$$(buildkite-agent secret get npm_token)"\n      npm publish',
  ],
  [
    'reference',
    'deploy:\n  docker: [{ image: cimg/base:current }]\n  steps:\n    - run: curl -fsS -u "${CIRCLE_TOKEN}:" https://circleci.com/api/v2/me\nworkflows:\n  release:\n    jobs: [{ deploy: { context: [aws-prod, slack-notify] } }]',
  ],
  [
    'reference',
    '- pipe: atlassian/aws-s3-deploy:1.1.0\n  variables:\n    AWS_ACCESS_KEY_ID: $AWS_ACCESS_KEY_ID\n    AWS_SECRET_ACCESS_KEY: $AWS_SECRET_ACCESS_KEY\n    S3_BUCKET: acme-web-assets',
  ],
  [
    'reference',
    'resource "mailgun_domain" "mg" {\n  name = "mg.acme.io"\n}\n\nprovider "mailgun" {\n  api_key = data.vault_kv_secret_v2.mailgun.data["api_key"]\n}',
  ],
  [
    'reference',
    "mailgun_api_key: \"{{ lookup('community.general.onepassword', 'Mailgun', field='private api key') }}\"\nsmtp_password: \"{{ lookup('env', 'SMTP_PASSWORD') }}\"",
  ],
  [
    'reference',
    "class profile::grafana {\n  $admin_password = lookup('profile::grafana::admin_password')\n  $okta_secret    = Sensitive(lookup('profile::okta::client_secret'))\n}",
  ],
  [
    'reference',
    "creds = data_bag_item('credentials', 'sendgrid', Chef::EncryptedDataBagItem.load_secret('/etc/chef/encrypted_data_bag_secret'))\napi_key = creds['api_key']",
  ],
  ['reference', 'config :orders, Orders.Mailer,\n  adapter: Swoosh.Adapters.Postmark,\n  api_key: System.fetch_env!("POSTMARK_API_KEY")'],
  ['reference', 'const key = Deno.env.get("TAVILY_API_KEY");\nif (!key) throw new Error("TAVILY_API_KEY is not set");'],
  ['reference', 'export const supabase = createClient(import.meta.env.VITE_SUPABASE_URL, import.meta.env.VITE_SUPABASE_ANON_KEY);'],
  [
    'reference',
    'export default {\n  async fetch(req, env) {\n    return fetch("https://openrouter.ai/api/v1/models", { headers: { Authorization: `Bearer ${env.OPENROUTER_API_KEY}` } });\n  },\n};',
  ],
  ['reference', 'export DB_PASS="$(gcloud secrets versions access latest --secret=orders-db-password --project=acme-prod)"'],
  ['reference', 'SQL_PASSWORD=$(az keyvault secret show --vault-name acme-kv --name sql-admin --query value -o tsv)'],
  [
    'reference',
    'TELEGRAM_BOT_TOKEN=$(aws ssm get-parameter --name /prod/alerts/telegram-bot-token --with-decryption --query Parameter.Value --output text)',
  ],
  ['reference', 'export CLOUDFLARE_API_TOKEN="$(bw get password cloudflare-dns-edit)"\nexport VULTR_API_KEY="$(pass show infra/vultr)"'],
  ['reference', 'fly secrets set SENTRY_AUTH_TOKEN="$SENTRY_AUTH_TOKEN" DATABASE_URL="$(cat .db-url)" -a orders-api'],
  ['reference', 'twilio:\n  account-sid: ${TWILIO_ACCOUNT_SID:}\n  auth-token: ${TWILIO_AUTH_TOKEN:}\n  from-number: "+4420{d8}"'],
  ['reference', 'envFrom:\n  - secretRef:\n      name: mailgun-credentials\n  - configMapRef:\n      name: orders-config'],
  ['reference', 'environment:\n  RESEND_API_KEY: ${RESEND_API_KEY:?set RESEND_API_KEY in .env}\n  LOG_LEVEL: ${LOG_LEVEL:-info}'],
  ['reference', 'VAULT_TOKEN=$(vault write -field=token auth/approle/login role_id="$ROLE_ID" secret_id="$SECRET_ID")'],
  ['reference', 'curl -s -H "Authorization: SSWS ${OKTA_API_TOKEN}" "https://${OKTA_DOMAIN}/api/v1/users?limit=25"'],
  [
    'reference',
    'APP_STORE_CONNECT_KEY_ID={U10}\nAPP_STORE_CONNECT_ISSUER_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAPP_STORE_CONNECT_KEY_PATH=./secrets/AuthKey_{U10}.p8',
  ],

  // stand-ins: vendor prefixes with stub bodies, and values vendors publish for tests
  ['stand-in', 'MAILGUN_API_KEY=key-<your-mailgun-private-key>\nMAILGUN_DOMAIN=mg.acme.io'],
  ['stand-in', 'MAPBOX_DOWNLOADS_TOKEN=sk.ey...   # paste a secret token with the DOWNLOADS:READ scope'],
  [
    'stand-in',
    'STRIPE_WEBHOOK_SECRET=whsec_...\n# run `stripe listen --forward-to localhost:3000/api/webhooks` and copy the signing secret it prints',
  ],
  ['stand-in', 'SHOPIFY_ADMIN_TOKEN=shpat_00000000000000000000000000000000\nSHOPIFY_STORE_DOMAIN=dev-store.myshopify.com'],
  ['stand-in', 'SLACK_BOT_TOKEN=xoxb-your-bot-token\nSLACK_SIGNING_SECRET=your-signing-secret\nSLACK_APP_TOKEN=xapp-your-app-token'],
  [
    'stand-in',
    'Requests look like https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/getMe (that is the token from the Bot API docs).',
  ],
  ['stand-in', 'provider "vercel" {\n  api_token = "<VERCEL_API_TOKEN>"\n  team      = "team_{a24}"\n}'],
  ['stand-in', 'NETLIFY_AUTH_TOKEN=nfp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  ['stand-in', 'echo "dckr_pat_<token>" | docker login -u acmebot --password-stdin'],
  ['stand-in', 'AZURE_CLIENT_SECRET="<client-secret-value>"   # copy the Value column, not the Secret ID'],
  [
    'stand-in',
    '"recaptcha": {\n  "siteKey": "6Lxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",\n  "secretKey": "6Lxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"\n}',
  ],
  [
    'stand-in',
    "# Google's published reCAPTCHA v2 test keys: every check passes and the widget shows a warning banner\nRECAPTCHA_SITE_KEY=6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI\nRECAPTCHA_SECRET_KEY=6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
  ],
  [
    'stand-in',
    '# Cloudflare Turnstile dummy keys for e2e runs (always pass)\nTURNSTILE_SITE_KEY=1x00000000000000000000AA\nTURNSTILE_SECRET_KEY=1x0000000000000000000000000000000AA',
  ],
  [
    'stand-in',
    '# hCaptcha test mode\nHCAPTCHA_SITE_KEY=10000000-ffff-ffff-ffff-000000000001\nHCAPTCHA_SECRET=0x0000000000000000000000000000000000000000',
  ],
  ['stand-in', 'kubeadm join 10.0.0.10:6443 --token <token> \\\n  --discovery-token-ca-cert-hash sha256:{h64}'],
  [
    'stand-in',
    'HARDHAT_MNEMONIC="test test test test test test test test test test test junk"  # default local dev accounts, never fund them',
  ],
  [
    'stand-in',
    'AWS docs use a second pair in some pages:\naws_access_key_id = AKIAI44QH8DHBEXAMPLE\naws_secret_access_key = je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY',
  ],
  ['stand-in', 'export VAULT_ADDR=http://127.0.0.1:8200\nexport VAULT_TOKEN=root   # dev server started with -dev-root-token-id=root'],
  ['stand-in', '<script src="https://www.paypal.com/sdk/js?client-id=sb&currency=EUR"></script>  <!-- "sb" = shared sandbox client -->'],
  ['stand-in', 'sendgrid:\n  api_key: SG.xxxxxxxxxxxxxxxxxxxxxx.yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'],
  ['stand-in', "new_relic:\n  license_key: 'NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX'"],
  ['stand-in', 'OKTA_CLIENT_SECRET={clientSecret}\nOKTA_ISSUER=https://{yourOktaDomain}/oauth2/default'],
  // masked values as CLIs, dashboards and log scrubbers print them
  [
    'masked',
    '      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <not set>             None    None\naccess_key     ****************{U4} shared-credentials-file\nsecret_key     ****************{U4} shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config',
  ],
  [
    'masked',
    "github.com\n  ✓ Logged in to github.com account dana-ortiz (keyring)\n  - Active account: true\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'masked',
    'users:\n- name: prod-admin\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n    token: REDACTED',
  ],
  [
    'masked',
    "Fields:\n  username:    deploy-bot\n  credential:  [use 'op item get {l26} --reveal' to reveal]\n  hostname:    api.mailgun.net",
  ],
  [
    'masked',
    '$ terraform output\ndb_endpoint = "orders.cluster-{l12}.eu-west-1.rds.amazonaws.com"\ndb_password = <sensitive>\nvercel_token = <sensitive>',
  ],
  [
    'masked',
    'Restricted keys\n  billing-worker    rk_live_…{a4}    Created Jan 12    Last used 4 min ago\n  analytics-read    rk_live_…{a4}    Created Nov 3     Never',
  ],
  [
    'masked',
    '> Environment Variables found for acme/storefront\n name                       value        environments    created\n SHOPIFY_ADMIN_TOKEN        Encrypted    Production      12d ago\n CLERK_SECRET_KEY           Encrypted    Production      40d ago',
  ],
  [
    'masked',
    '[Pipeline] withCredentials\nMasking supported pattern matches of $DOCKERHUB_PAT\n[Pipeline] sh\n+ docker login -u acmebot -p ****',
  ],
  ['masked', '##[command]az login --service-principal -u {h8}-{h4}-{h4}-{h4}-{h12} -p *** --tenant {h8}-{h4}-{h4}-{h4}-{h12}'],
  [
    'masked',
    '"request": {\n  "headers": { "Authorization": "[Filtered]", "Cookie": "[Filtered]" },\n  "data": { "password": "[Filtered]" }\n}',
  ],
  ['masked', "Settings(okta_domain='acme.okta.com', okta_api_token=SecretStr('**********'), debug=False)"],
  ['masked', 'Auth Token   ••••••••••••••••••••••••••••••••   [Show]\nAccount SID  AC{h32}'],
  ['masked', 'level=info msg="sending email" provider=mailgun api_key=key-******************************** domain=mg.acme.io status=202'],
  ['masked', 'Auth keys\n  tskey-auth-k{a6}…   reusable, ephemeral   expires 2024-09-01   tag:ci'],
  ['masked', '2024-06-11 10:02:13 INFO  forwarding to intake: DD-API-KEY=****************************{h4} site=datadoghq.eu'],
  ['masked', 'TELEGRAM_BOT_TOKEN={d10}:AA*********************************   # masked by `env-print --safe`'],
  // too short or truncated to be a credential
  ['too-short', 'token_prefix=shpat_{h4} shop=acme-shop.myshopify.com scopes=read_orders,write_products'],
  ['too-short', 'GITLAB_TOKEN=glpat-\n# ^ token missing, the release job will fail'],
  ['too-short', "if (apiKey.startsWith('NRAK-') && apiKey.length === 32) return 'user';"],
  ['too-short', 'auth:\n  password: "pw"   # local sqlite, no network access'],
  ['too-short', "SECRET_KEY = 'dev'  # flask debug only"],
  ['too-short', "mailgun: { domain: 'mg.acme.io', key: 'key-' }"],
  ['too-short', 'Okta Verify: tap {d2} on your phone to approve the sign-in'],
  ['too-short', 'Error: invalid Vercel token (expected 24 characters, got 7)'],
  ['too-short', 'redis-cli -h 127.0.0.1 -a x ping'],
  ['too-short', 'grep -rn "sk_live_" src/ || echo "no live keys in source"'],

  // identifiers that sit next to secrets in real configs
  ['identifier', 'https://airtable.com/app{a14}/tbl{a14}/viw{a14}/rec{a14}'],
  ['identifier', 'db.orders.findOne({ _id: ObjectId("{h24}") })'],
  ['identifier', 'twilio: message SM{h32} status=delivered messaging_service=MG{h32} call CA{h32}'],
  ['identifier', '|  i-{h17}  |  ami-{h17}  |  sg-{h17}  |  subnet-{h17}  |  vpc-{h17}  |'],
  ['identifier', 'aws cloudfront create-invalidation --distribution-id E{U13} --paths "/*"'],
  ['identifier', 'az account set --subscription {h8}-{h4}-{h4}-{h4}-{h12}\naz aks get-credentials -g rg-prod -n aks-prod'],
  [
    'identifier',
    '{\n  "type": "service_account",\n  "project_id": "acme-prod-{d6}",\n  "private_key_id": "{h40}",\n  "client_email": "ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com",\n  "client_id": "{d21}"\n}',
  ],
  ['identifier', '{"orgId":"team_{a24}","projectId":"prj_{a28}"}'],
  ['identifier', 'Run run-{a16} · Workspace ws-{a16} · Organization acme · Apply finished'],
  [
    'identifier',
    'CONTAINER ID   IMAGE                STATUS\n{h12}   postgres:16-alpine   Up 3 hours (healthy)\n{h12}   redis:7              Up 3 hours',
  ],
  ['identifier', 'metadata:\n  name: orders-api\n  uid: {h8}-{h4}-{h4}-{h4}-{h12}\n  resourceVersion: "{d8}"'],
  ['identifier', 'webhook endpoint we_{a24} got evt_{a24} (checkout.session.completed) for session cs_live_{a58}'],
  ['identifier', 'gid://shopify/Product/{d13}\ngid://shopify/ProductVariant/{d14}'],
  ['identifier', 'https://www.figma.com/design/{a22}/Checkout-v3?node-id=1204-3381'],
  ['identifier', 'Sentry event {h32} in project orders-api (issue ORDERS-API-{U3})'],
  ['identifier', 'dd.trace_id={d19} dd.span_id={d19} service=orders env=prod'],
  ['identifier', '$ vault list auth/token/accessors\nKeys\n----\n{a24}\n{a24}\n{a24}'],
  ['identifier', 'op item get {l26} --fields label=username'],
  ['identifier', 'DEVELOPMENT_TEAM = {U10};\nPRODUCT_BUNDLE_IDENTIFIER = io.acme.shop;'],
  ['identifier', 'CLOUDFLARE_ACCOUNT_ID={h32}\nCLOUDFLARE_ZONE_ID={h32}\n# the API token lives in CLOUDFLARE_API_TOKEN (repo secret)'],
  ['identifier', 'incident Q{U13} triggered on service P{U6} (escalation policy P{U6})'],
  // public by design: publishable keys, client ids, site keys, public keys
  ['public', "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B24}In0.{B22}'; // public token, URL-restricted to *.acme.io"],
  ['public', "PaystackPop.setup({ key: 'pk_live_{h40}', email: customer.email, amount: 5000, currency: 'NGN' });"],
  ['public', "new Razorpay({ key: 'rzp_live_{a14}', order_id: 'order_{a14}', amount: 49900, currency: 'INR' }).open();"],
  ['public', 'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuYWNtZS5pbyQ'],
  [
    'public',
    'NEXT_PUBLIC_SUPABASE_URL=https://qxkzvbmrtwplhnsdjfgc.supabase.co\nNEXT_PUBLIC_SUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InF4a3p2Ym1ydHdwbGhuc2RqZmdjIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MTgwMDAwMDAsImV4cCI6MjAzMzU3NjAwMH0.{B43}',
  ],
  ['public', "const searchClient = algoliasearch('{U10}', '{h32}'); // search-only API key, safe in the browser"],
  ['public', "const ldClient = LDClient.initialize('{h24}', context); // client-side ID, not the SDK key"],
  ['public', 'OneSignal.init({ appId: "{h8}-{h4}-{h4}-{h4}-{h12}", allowLocalhostAsSecureOrigin: true });'],
  ['public', "const pusher = new Pusher('{h20}', { cluster: 'eu', forceTLS: true });"],
  ['public', "fbq('init', '{d16}');\nFB.init({ appId: '{d15}', xfbml: true, version: 'v19.0' });"],
  ['public', "gtag('config', 'G-{U10}');\n<!-- Google Tag Manager (noscript) GTM-{U7} -->"],
  ['public', '<div class="cf-turnstile" data-sitekey="0x4AAAAAAA{B14}" data-theme="light"></div>'],
  ['public', '<div class="h-captcha" data-sitekey="{h8}-{h4}-{h4}-{h4}-{h12}"></div>'],
  ['public', '<script src="https://www.paypal.com/sdk/js?client-id=A{B79}&currency=EUR&intent=capture"></script>'],
  ['public', "const payments = Square.payments('sq0idp-{B22}', 'L{U12}');"],
  ['public', "const checkout = await AdyenCheckout({ clientKey: 'live_{U32}', environment: 'live-eu', amount });"],
  ['public', 'creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{k58}'],
  [
    'public',
    '$ gpg --recv-keys {H40}\npub   ed25519 2023-01-10 [SC]\n      {H40}\nuid           [ unknown] Acme Release Signing <release@acme.io>',
  ],
  ['public', 'minisign -Vm acme-cli-1.8.2.tar.gz -P RW{b54}'],
  ['public', 'peer: nodekey:{h64}\n  addresses: 100.101.{d2}.{d2}/32'],
  ['public', 'watch-only wallet\n  descriptor: wpkh(xpub6{a106}/0/*)\n  first address: bc1q{k38}'],
  ['public', 'acme.io.  300  IN  TXT  "google-site-verification={B43}"\n_github-challenge-acme-org.acme.io.  300  IN  TXT  "{h10}"'],
  ['public', 'selector1._domainkey.acme.io. IN TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b200}{b92}IDAQAB"'],
  [
    'public',
    'https://accounts.acme.io/authorize?response_type=code&client_id={l22}&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fcb&state={B22}&code_challenge={B43}&code_challenge_method=S256',
  ],
  [
    'public',
    '<md:KeyDescriptor use="signing">\n  <ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIDpDCCAoygAwIBAgIG{b58}{b64}{b64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n</md:KeyDescriptor>',
  ],

  // hashes of public things
  ['hash-of-public', 'version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize {d7}'],
  ['hash-of-public', '{h64}  ubuntu-24.04-live-server-amd64.iso'],
  ['hash-of-public', '/nix/store/{k32}-openssl-3.0.13\n"narHash": "sha256-{b43}="'],
  [
    'hash-of-public',
    'http_archive(\n    name = "rules_go",\n    sha256 = "{h64}",\n    urls = ["https://github.com/bazelbuild/rules_go/releases/download/v0.46.0/rules_go-v0.46.0.zip"],\n)',
  ],
  ['hash-of-public', 'url "https://github.com/acme/cli/archive/refs/tags/v1.8.2.tar.gz"\nsha256 "{h64}"\nlicense "MIT"'],
  [
    'hash-of-public',
    'dependencies:\n- name: postgresql\n  repository: oci://registry-1.docker.io/bitnamicharts\n  version: 15.5.0\ndigest: sha256:{h64}\ngenerated: "2024-06-11T09:00:00Z"',
  ],
  ['hash-of-public', '{h12}: Pull complete\nDigest: sha256:{h64}\nStatus: Downloaded newer image for nginx:1.27'],
  ['hash-of-public', 'ghcr.io/acme/orders-api:sha256-{h64}.sig'],
  ['hash-of-public', 'commons-lang3-3.14.0.jar.sha1: {h40}'],
  ['hash-of-public', 'HTTP/1.1 200 OK\nETag: "{h32}"\nContent-Length: {d6}\nx-amz-version-id: {B32}'],
  ['hash-of-public', '$ git ls-tree HEAD\n100644 blob {h40}\tREADME.md\n040000 tree {h40}\tsrc'],
  [
    'hash-of-public',
    'RUN curl -fsSLO https://dl.k8s.io/release/v1.30.2/bin/linux/amd64/kubectl \\\n && echo "{h64}  kubectl" | sha256sum -c -',
  ],
  ['hash-of-public', 'ipfs://bafybei{k52}/metadata.json'],
  ['hash-of-public', 'Cache restored from key: node-cache-Linux-x64-npm-{h64}'],
  [
    'hash-of-public',
    'SHA256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],

  // prose about tokens without any token
  [
    'prose',
    'Mapbox tokens that start with pk. are public and meant for the browser; sk. tokens are secret and belong only in CI for the downloads API.',
  ],
  ['prose', 'Vault token accessors can look up and revoke a token but cannot authenticate, so it is fine to log them.'],
  ['prose', 'Clerk publishable keys are just base64 of the Frontend API host; the sk_live_ key must never reach the client bundle.'],
  [
    'prose',
    'Supabase: the anon key is safe in the browser when row level security is on; the service_role key bypasses RLS, so keep it server-side.',
  ],
  ['prose', 'fix(shopify): stop logging the full admin token, log only shpat_ plus four characters for correlation'],
  ['prose', 'The Cloudflare zone ID and account ID in wrangler.toml are not secrets; the API token goes in CLOUDFLARE_API_TOKEN.'],
  ['prose', "Telegram bot tokens are <bot id>:<35 characters>; the number before the colon is the bot's public user id."],
  [
    'prose',
    'GitHub webhook deliveries carry an X-Hub-Signature-256 HMAC; verify it with the webhook secret and do not persist the header.',
  ],
  ['prose', 'Rotated the Mailgun sending key after INC-{d4}; the old one was revoked at 14:02 UTC. No code changes needed.'],
  [
    'prose',
    "In the Azure portal the 'Secret ID' column is a GUID naming the credential; the 'Value' column, shown once, is the actual client secret.",
  ],
  [
    'prose',
    'Square application IDs (sq0idp-…) appear in the Web Payments SDK and are public; the access token is what authorizes API calls.',
  ],

  // signatures, MACs and encrypted blobs
  ['other', 'X-Hub-Signature-256: sha256={h64}\nX-GitHub-Delivery: {h8}-{h4}-{h4}-{h4}-{h12}\nX-GitHub-Event: push'],
  ['other', 'X-Slack-Request-Timestamp: {d10}\nX-Slack-Signature: v0={h64}'],
  ['other', 'POST /webhooks/stripe 200 12ms stripe-signature="t={d10},v1={h64}"'],
  ['other', 'config:\n  orders:dbPassword:\n    secure: v1:{b16}:{b64}\n  orders:region: eu-west-1'],
  ['other', '{"data": {"ciphertext": "vault:v1:{b92}", "key_version": 1}}'],
  ['other', 'backup.key.enc: U2FsdGVkX1{b86}=='],
  ['other', '-----BEGIN PGP MESSAGE-----\n\nhQIMA{b59}\n{b64}\n{b64}\n={b4}\n-----END PGP MESSAGE-----'],
  ['other', '$ cat config/credentials/production.yml.enc\n{b120}--{b16}--{b22}=='],
  [
    'other',
    '{\n  "id": "mailgun",\n  "api_key": {\n    "encrypted_data": "{b64}\\n",\n    "iv": "{b16}\\n",\n    "auth_tag": "{b22}==\\n",\n    "version": 3,\n    "cipher": "aes-256-gcm"\n  }\n}',
  ],
  ['other', 'KMS_ENCRYPTED_TOKEN=AQICAHi{b180}'],
  ['other', 'MAILGUN_API_KEY=ENC[AES256_GCM,data:{b48},iv:{b43}=,tag:{b22}==,type:str]\nsops_version=3.8.1'],
  ['other', '{"iv":"{b22}==","value":"{b88}","mac":"{h64}","tag":""}'],
];
