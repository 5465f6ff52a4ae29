/** An eighty-eighth held-out batch, written blind: a coding agent's conversation read back — the assistant's own replies, plans, fixed configs, diffs, "I'll run:" commands and settings tables quoting credentials it found or was given, and the user's short replies pasting tokens, against the same kinds of replies that name credentials without values or show hashes, SHAs, ids, public keys and doc placeholders. */
export const BLIND88_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'ai88-found-openai-project-key-dotenv-line-inline-code',
    "I found the key in `.env` on line 4: `OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»`. It's loaded by `python-dotenv` before `config.py` reads it, so the 401 isn't a missing-variable problem.",
  ],
  [
    'ai88-found-stripe-live-key-hardcoded-ts-fence',
    "Found it — `billing/client.ts` hardcodes the live key instead of reading `process.env`:\n\n```ts\nconst stripe = new Stripe('«sk_live_{a24}»', { apiVersion: '2024-06-20' });\n```\n\nI'll move it to `STRIPE_SECRET_KEY` and you should roll it in the dashboard.",
  ],
  [
    'ai88-found-github-pat-in-git-remote-url-fence',
    'The push fails because `.git/config` still has an old PAT embedded in the remote:\n\n```\nurl = https://oauth2:«ghp_{a36}»@github.com/northwind/infra-live.git\n```\n\nGitHub answers 403 for it, so it has probably expired.',
  ],
  [
    'ai88-found-anthropic-key-in-zsh-history',
    "Looking at `~/.zsh_history`, the key was exported in an earlier session:\n\n`export ANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»`\n\nThat's why it works in your terminal but not under the systemd unit, which never sees that shell.",
  ],
  [
    'ai88-found-postgres-password-compose-override-prose',
    'I found the database password in `docker-compose.override.yml` — `POSTGRES_PASSWORD: «{a20}»` — and the app\'s `DATABASE_URL` uses a different one, which explains `password authentication failed for user "app"`.',
  ],
  [
    'ai88-found-slack-bot-token-json-config',
    'The bot token lives in `config/slack.json`:\n```json\n{ "botToken": "«xoxb-{d12}-{d13}-{a24}»", "channel": "#deploys" }\n```\nThe scopes look right; `not_in_channel` just means the bot hasn\'t been invited to #deploys.',
  ],
  [
    'ai88-found-sendgrid-key-django-email-host-password',
    'In `settings/production.py` I see `EMAIL_HOST_PASSWORD = "«SG.{B22}.{B43}»"` with `EMAIL_HOST_USER = "apikey"`. That\'s the normal SendGrid SMTP setup, so the bounce is a DNS problem, not auth.',
  ],
  [
    'ai88-found-aws-pair-credentials-file-ini-fence',
    'Your `~/.aws/credentials` has two profiles; boto3 picks up `default`:\n\n```ini\n[default]\naws_access_key_id = «AKIA{c16}»\naws_secret_access_key = «{b40}»\n```\n\nThat key belongs to the staging account, hence `AccessDenied` on the prod bucket.',
  ],
  [
    'ai88-found-npm-token-committed-npmrc-prose',
    'I checked `.npmrc` in the repo root — it contains `//registry.npmjs.org/:_authToken=«npm_{a36}»`, committed with the last release. Publishing works, but this belongs in `~/.npmrc` or a CI secret.',
  ],
  [
    'ai88-found-hf-token-notebook-login-cell',
    'The notebook\'s third cell logs in directly with `login(token="«hf_{L12}{U5}{L9}{U8}»")`, so the env var you set is never used. I\'ll switch the cell to `login(token=os.environ["HF_TOKEN"])`.',
  ],
  [
    'ai88-found-gitlab-pat-ci-variable-line-31',
    "Found the token: `.gitlab-ci.yml` line 31 sets `GITLAB_API_TOKEN: «glpat-{B20}»` as a plain job variable, so it shows up in every pipeline's job log when `set -x` is on.",
  ],
  [
    'ai88-found-twilio-auth-token-bullets-with-sid',
    "The Twilio creds are in `app/config/sms.rb`:\n- Account SID: `AC{h32}`\n- Auth token: `«{h32}»`\n\nError 20003 means the token doesn't belong to that SID — it was probably regenerated in the console.",
  ],
  [
    'ai88-found-mongodb-srv-password-src-db-js',
    "I found the connection string in `src/db.js`: `mongodb+srv://app_rw:«{a18}»@cluster0.{l5}.mongodb.net/shop`. The password has no special characters, so URL-encoding isn't the issue — the IP allowlist is.",
  ],
  [
    'ai88-found-two-redis-passwords-sentinel-mismatch',
    'The Sentinel config has `sentinel auth-pass mymaster «{a24}»` but `redis.conf` has `requirepass «{a24}»` — two different values, which is why auth breaks right after a failover.',
  ],
  [
    'ai88-found-datadog-api-and-app-key-helm-values',
    'In `values-prod.yaml` the keys are inline rather than from a Secret:\n\n```yaml\ndatadog:\n  apiKey: «{h32}»\n  appKey: «{h40}»\n  site: datadoghq.eu\n```',
  ],
  [
    'ai88-found-telegram-bot-token-python-constant',
    'The bot token is hardcoded in `bot/main.py`: `TOKEN = "«{d10}:AA{B33}»"`. I\'ll read it from `TELEGRAM_BOT_TOKEN` instead and fail fast if it\'s unset.',
  ],
  [
    'ai88-found-discord-webhook-url-alerting-yml',
    "Alerts go to a Discord webhook defined in `alerting.yml`:\n\n    url: «https://discord.com/api/webhooks/{d19}/{B68}»\n\nAnyone with that URL can post to the channel, so I'd move it to a secret.",
  ],
  [
    'ai88-found-gemini-key-dotenv-local',
    '`.env.local` has `GEMINI_API_KEY=«AIza{B35}»`, but Next.js only exposes it server-side, which is fine — the 400 comes from the model name `gemini-pro-1.5` being wrong.',
  ],
  [
    'ai88-found-jwt-secret-shared-dev-prod-yaml',
    '`application-prod.yml` has `jwt.secret: «{a48}»` — the same value as `application-dev.yml`. That means a token minted on a dev box validates in prod.',
  ],
  [
    'ai88-found-openssh-private-key-deploy-dir',
    "There's a private key checked in at `deploy/id_ed25519`:\n```\n-----BEGIN OPENSSH PRIVATE KEY-----\n«b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{b70}\n{b70}\n{b40}»\n-----END OPENSSH PRIVATE KEY-----\n```",
  ],
  [
    'ai88-found-azure-storage-account-key-conn-string',
    "The function app reads `AzureWebJobsStorage` from `local.settings.json`, and it's a full connection string:\n\n`DefaultEndpointsProtocol=https;AccountName=stordatalake{d3};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net`",
  ],
  [
    'ai88-found-databricks-token-databrickscfg',
    '`~/.databrickscfg` is what the CLI uses:\n```\n[DEFAULT]\nhost  = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken = «dapi{h32}»\n```\nThe workspace URL is right; the token just lacks the `can_manage` permission on the job.',
  ],
  [
    'ai88-found-vault-root-token-in-init-output-log',
    "I found the root token in `bootstrap.log` from when the cluster was initialised:\n\n```\nUnseal Key 1: «{b44}»\nInitial Root Token: «hvs.{B24}»\n```\n\nBoth should be revoked/re-keyed now that they've been written to disk.",
  ],
  [
    'ai88-found-docker-config-auth-base64',
    '`~/.docker/config.json` stores the Hub credentials as plain base64, not in a credential helper:\n```json\n"auths": { "https://index.docker.io/v1/": { "auth": "«{b64}»" } }\n```',
  ],
  [
    'ai88-found-sentry-user-token-sentryclirc',
    'The upload step uses `.sentryclirc` from the repo:\n\n```ini\n[auth]\ntoken=«sntryu_{h64}»\n```\n\nSo `SENTRY_AUTH_TOKEN` in CI is being ignored.',
  ],
  [
    'ai88-found-shopify-admin-token-theme-env',
    'I found the Admin API token in `theme/.env`: `SHOPIFY_ADMIN_TOKEN=«shpat_{h32}»` for store `{L8}-dev.myshopify.com`. It has `write_products`, which is all the sync script needs.',
  ],
  [
    'ai88-found-linear-key-in-cursor-mcp-json',
    'The MCP server picks up its key from `~/.cursor/mcp.json`:\n\n```json\n"linear": { "command": "npx", "args": ["-y", "linear-mcp"], "env": { "LINEAR_API_KEY": "«lin_api_{a40}»" } }\n```',
  ],
  [
    'ai88-found-github-pat-claude-desktop-config',
    'Found the token the GitHub MCP server is using — `claude_desktop_config.json` has `"GITHUB_PERSONAL_ACCESS_TOKEN": "«github_pat_{a22}_{a59}»"`. It\'s a fine-grained PAT scoped to one repo, which is why `list_issues` fails on the others.',
  ],
  [
    'ai88-found-okta-api-token-terraform-tfvars',
    '`terraform.tfvars` isn\'t gitignored and it contains:\n```hcl\nokta_org_name  = "northwind"\nokta_api_token = "«00{B40}»"\n```',
  ],
  [
    'ai88-found-cloudflare-token-dev-vars',
    "The Worker reads `CLOUDFLARE_API_TOKEN` from `.dev.vars` locally — it's set to `«{B40}»` there, while the deploy job uses a different token without `Workers Scripts:Edit`.",
  ],
  [
    'ai88-fixed-dotenv-db-url-and-openai-legacy-key',
    "Here's the fixed `.env` — the problem was the quotes around the URL:\n\n```dotenv\nDATABASE_URL=postgres://app:«{a22}»@localhost:5432/app\nOPENAI_API_KEY=«sk-{a20}T3BlbkFJ{a20}»\nLOG_LEVEL=debug\n```",
  ],
  [
    'ai88-fixed-compose-mysql-root-and-user-password',
    "Here's the corrected `docker-compose.yml` service; `MYSQL_ROOT_PASSWORD` was misspelled:\n\n```yaml\n  db:\n    image: mysql:8.4\n    environment:\n      MYSQL_ROOT_PASSWORD: «{a18}»\n      MYSQL_USER: shop\n      MYSQL_PASSWORD: «{a18}»\n```",
  ],
  [
    'ai88-fixed-k8s-secret-stringdata-api-keys',
    "Updated manifest — I switched `data:` to `stringData:` so you don't have to base64 by hand:\n\n```yaml\nkind: Secret\nmetadata: { name: llm-keys }\nstringData:\n  MISTRAL_API_KEY: «{a32}»\n  COHERE_API_KEY: «{a40}»\n```",
  ],
  [
    'ai88-fixed-maven-settings-xml-server-password',
    'The `<server>` id has to match the repository id in the POM. Fixed `~/.m2/settings.xml`:\n\n```xml\n<server>\n  <id>nexus-releases</id>\n  <username>ci-deployer</username>\n  <password>«{a20}»</password>\n</server>\n```',
  ],
  [
    'ai88-fixed-pip-conf-private-index-basic-auth',
    "Here's the fixed `pip.conf` — `extra-index-url` needs the credentials in the URL itself:\n\n```ini\n[global]\nextra-index-url = https://build:«{a24}»@pypi.internal.northwind.io/simple/\n```",
  ],
  [
    'ai88-fixed-pypirc-upload-token',
    'Fixed `~/.pypirc` (the username must literally be `__token__`):\n\n```ini\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmc{B72}»\n```',
  ],
  [
    'ai88-fixed-appsettings-json-sql-connection-string',
    'Here\'s the corrected `appsettings.Production.json`; `TrustServerCertificate` was the missing piece:\n\n```json\n"ConnectionStrings": {\n  "Default": "Server=tcp:sql-prod.database.windows.net,1433;Database=orders;User ID=orders_app;Password=«{a16}!{a6}»;Encrypt=True;TrustServerCertificate=False"\n}\n```',
  ],
  [
    'ai88-fixed-terraform-provider-do-token',
    'Fixed provider block (the attribute is `token`, not `api_token`):\n\n```hcl\nprovider "digitalocean" {\n  token = "«dop_v1_{h64}»"\n}\n```',
  ],
  [
    'ai88-fixed-gha-workflow-inline-npm-token',
    'Here\'s the workflow with the auth step fixed:\n\n```yaml\n      - run: echo "//registry.npmjs.org/:_authToken=«npm_{a36}»" > ~/.npmrc\n      - run: npm publish --access public\n```\n\n(Once it works, I\'d move that value into `secrets.NPM_TOKEN`.)',
  ],
  [
    'ai88-fixed-rclone-conf-s3-remote',
    'Fixed `rclone.conf` — the provider has to be `Cloudflare` for R2:\n\n```ini\n[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {h32}\nsecret_access_key = «{h64}»\nendpoint = https://{h32}.r2.cloudflarestorage.com\n```',
  ],
  [
    'ai88-fixed-netrc-two-machines',
    "Here's `~/.netrc` with the right `machine` names (no scheme, no path):\n\n```\nmachine api.heroku.com login ops@northwind.io password «HRKU-AA{B58}»\nmachine git.heroku.com login ops@northwind.io password «HRKU-AA{B58}»\n```",
  ],
  [
    'ai88-fixed-spring-mail-password-properties',
    'Fixed `application.properties` — port 587 needs STARTTLS, not SSL:\n\n```properties\nspring.mail.host=smtp.mailgun.org\nspring.mail.port=587\nspring.mail.username=postmaster@mg.northwind.io\nspring.mail.password=«{h32}-{h8}-{h8}»\nspring.mail.properties.mail.smtp.starttls.enable=true\n```',
  ],
  [
    'ai88-fixed-rails-database-yml-production',
    "Here's the `production:` block with the right adapter name:\n\n```yaml\nproduction:\n  adapter: postgresql\n  host: pg-prod.internal\n  username: storefront\n  password: «{a24}»\n  database: storefront_production\n```",
  ],
  [
    'ai88-fixed-laravel-env-app-key-mail-password',
    "Here's the fixed `.env`; `APP_KEY` needs the `base64:` prefix or Laravel treats it as raw bytes:\n\n```\nAPP_KEY=«base64:{b43}=»\nMAIL_MAILER=smtp\nMAIL_USERNAME=apikey\nMAIL_PASSWORD=«SG.{B22}.{B43}»\n```",
  ],
  [
    'ai88-fixed-python-openai-client-explicit-key',
    'Here\'s the fixed snippet — the client takes `api_key`, not `key`:\n\n```python\nfrom openai import OpenAI\n\nclient = OpenAI(api_key="«sk-svcacct-{B58}T3BlbkFJ{B58}»")\nresp = client.responses.create(model="gpt-4.1-mini", input="ping")\n```',
  ],
  [
    'ai88-fixed-go-anthropic-client-with-api-key',
    'Fixed version of `llm.go`:\n\n```go\nclient := anthropic.NewClient(\n\toption.WithAPIKey("«sk-ant-api03-{B93}AA»"),\n\toption.WithMaxRetries(4),\n)\n```',
  ],
  [
    'ai88-fixed-node-cohere-client-token',
    'Here\'s the corrected init — v7 of the SDK renamed the option to `token`:\n\n```js\nconst cohere = new CohereClient({ token: "«{a40}»" });\n```',
  ],
  [
    'ai88-fixed-cargo-credentials-toml',
    '`cargo publish` reads `~/.cargo/credentials.toml`; here\'s the fixed file (the table is `[registry]`, not `[registries]`):\n\n```toml\n[registry]\ntoken = "«cio{a32}»"\n```',
  ],
  [
    'ai88-fixed-gradle-properties-signing-and-ossrh',
    'Fixed `~/.gradle/gradle.properties`:\n\n```properties\nossrhUsername=northwind-release\nossrhPassword=«{a22}»\nsigning.keyId={H8}\nsigning.password=«{a16}»\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\n```',
  ],
  [
    'ai88-fixed-yarnrc-yml-npm-auth-token',
    'Yarn Berry ignores `.npmrc`, so here\'s the equivalent `.yarnrc.yml`:\n\n```yaml\nnpmScopes:\n  northwind:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "«ghp_{a36}»"\n```',
  ],
  [
    'ai88-fixed-supabase-env-service-role-jwt',
    "Here's the fixed `.env.local`; you had the anon and service-role keys swapped:\n\n```\nNEXT_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»\n```",
  ],
  [
    'ai88-fixed-alertmanager-slack-webhook-and-pagerduty',
    "Fixed `alertmanager.yml` receivers:\n\n```yaml\nreceivers:\n  - name: oncall\n    pagerduty_configs:\n      - routing_key: «{h32}»\n    slack_configs:\n      - api_url: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\n        channel: '#alerts'\n```",
  ],
  [
    'ai88-fixed-wireguard-conf-private-key',
    "Here's the fixed `wg0.conf` — `AllowedIPs` was too narrow:\n\n```ini\n[Interface]\nPrivateKey = «{b42}A=»\nAddress = 10.8.0.2/32\n\n[Peer]\nPublicKey = {b42}E=\nAllowedIPs = 10.8.0.0/24, 10.20.0.0/16\n```",
  ],
  [
    'ai88-fixed-haproxy-stats-auth',
    'The stats page was unauthenticated; fixed section:\n\n```\nlisten stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth admin:«{a18}»\n```',
  ],
  [
    'ai88-fixed-pgbouncer-userlist-plaintext',
    'With `auth_type = plain` the userlist has to hold the plain password. Fixed `userlist.txt`:\n\n```\n"orders_app" "«{a22}»"\n"pgbouncer_admin" "«{a22}»"\n```',
  ],
  [
    'ai88-fixed-kafka-jaas-sasl-plain',
    'Here\'s the fixed client config — the JAAS line needs the trailing semicolon:\n\n```properties\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{b64}»";\n```',
  ],
  [
    'ai88-fixed-elastic-password-env-compose',
    'Fixed compose env for Kibana — it must use `kibana_system`, not `elastic`:\n\n```yaml\n    environment:\n      ELASTIC_PASSWORD: «{a20}»\n      ELASTICSEARCH_USERNAME: kibana_system\n      ELASTICSEARCH_PASSWORD: «{a20}»\n```',
  ],
  [
    'ai88-fixed-grafana-datasource-secure-json-data',
    'Here\'s the provisioning file with the password moved into `secureJsonData`:\n\n```yaml\ndatasources:\n  - name: Loki\n    type: loki\n    url: https://logs-prod-eu-west-0.grafana.net\n    basicAuth: true\n    basicAuthUser: "{d6}"\n    secureJsonData:\n      basicAuthPassword: «glc_{b80}»\n```',
  ],
  [
    'ai88-fixed-gcp-service-account-json-private-key',
    'Fixed key file (the `\\n`s had been turned into real newlines, which breaks the JSON):\n\n```json\n{ "type": "service_account", "project_id": "nw-analytics", "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b40}\\n{b64}\\n{b64}\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "etl@nw-analytics.iam.gserviceaccount.com" }\n```',
  ],
  [
    'ai88-fixed-nginx-proxy-bearer-header',
    'Here\'s the fixed `location` block — the header has to be set on the upstream request:\n\n```nginx\nlocation /api/llm/ {\n    proxy_pass https://api.groq.com/openai/v1/;\n    proxy_set_header Authorization "Bearer «gsk_{a52}»";\n}\n```',
  ],
  [
    'ai88-fixed-vault-agent-config-token-file-inline',
    'Fixed `agent.hcl` — I put the token inline to get you unblocked:\n\n```hcl\nvault {\n  address = "https://vault.northwind.internal:8200"\n}\nauto_auth { method "token_file" { config = { token = "«hvs.CAESI{B88}»" } } }\n```',
  ],
  [
    'ai88-summary-vercel-env-bullets-nextauth-github',
    'Summary of what I set in the Vercel project (Production):\n- `NEXTAUTH_URL` = `https://app.northwind.io`\n- `NEXTAUTH_SECRET` = `«{b43}=»`\n- `GITHUB_ID` = `Iv1.{h16}`\n- `GITHUB_SECRET` = `«{h40}»`',
  ],
  [
    'ai88-summary-service-needs-bold-labels',
    '**Everything the worker needs at boot:**\n\n* **DATABASE_URL** — `postgresql://worker:«{a20}»@10.0.4.12:5432/jobs`\n* **REDIS_URL** — `rediss://default:«{a32}»@cache.northwind.internal:6380`\n* **QUEUE_CONCURRENCY** — `8`',
  ],
  [
    'ai88-summary-printenv-grep-output-recap',
    "I ran `printenv | grep -i key` inside the container; here's what it sees:\n\n```\nPERPLEXITY_API_KEY=«pplx-{a48}»\nMAPBOX_PUBLIC_TOKEN=pk.eyJ1IjoibndkZXYiLCJhIjoi{a22}In0.{B22}\nSEARCH_KEY_TTL=600\n```\n\nSo the key is present; the failing call is the Mapbox one.",
  ],
  [
    'ai88-summary-numbered-steps-with-values',
    '## What I changed\n\n1. Created a new server token in Postmark (server ID `{d8}`) and set `POSTMARK_SERVER_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»` in `.env.production`.\n2. Restarted `mailer` with `docker compose up -d mailer`.\n3. Sent a probe email — delivered in 1.2 s.',
  ],
  [
    'ai88-summary-recap-after-rotation-old-new',
    'Recap of the rotation:\n- old key (revoked at 14:02 UTC): `«rk_live_{a24}»`\n- new restricted key: `«rk_live_{a24}»`\n- webhook signing secret unchanged: `«whsec_{a32}»`\n\nAll three are in 1Password under "Stripe — prod".',
  ],
  [
    'ai88-summary-heading-per-environment',
    '### staging\n`SENTRY_DSN=https://{h32}@o{d6}.ingest.sentry.io/{d7}`\n`SENTRY_AUTH_TOKEN=«sntryu_{h64}»`\n\n### production\n`SENTRY_DSN=https://{h32}@o{d6}.ingest.sentry.io/{d7}`\n`SENTRY_AUTH_TOKEN=«sntryu_{h64}»`',
  ],
  [
    'ai88-summary-env-block-after-setup-script',
    'The setup script finished. Final `.env`:\n\n```\nNOTION_TOKEN=«ntn_{d11}{a35}»\nNOTION_DATABASE_ID={h32}\nAIRTABLE_TOKEN=«pat{a14}.{h64}»\nAIRTABLE_BASE_ID=app{a14}\n```',
  ],
  [
    'ai88-summary-table-less-key-colon-value',
    'Done. Credentials I used for the local stack:\n  minio root user ....... minioadmin-{l6}\n  minio root password ... «{a24}»\n  keycloak admin ........ admin / «{a16}»',
  ],
  [
    'ai88-summary-github-actions-secrets-i-created',
    'I created these repository secrets with `gh secret set`:\n\n| Name | Value |\n|---|---|\n| `FLY_API_TOKEN` | `«fo1_{B43}»` |\n| `TURSO_AUTH_TOKEN` | `«eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJ{B80}.{B86}»` |',
  ],
  [
    'ai88-summary-env-vars-in-prose-sentence',
    'I exported `PULUMI_ACCESS_TOKEN=«pul-{h40}»` and `PULUMI_CONFIG_PASSPHRASE=«{a12}-{a12}»` in the shell, then `pulumi up` went through without prompting.',
  ],
  [
    'ai88-summary-terraform-cloud-token-credentials-tfrc',
    '`terraform login` wrote the token to `~/.terraform.d/credentials.tfrc.json`:\n\n```json\n{ "credentials": { "app.terraform.io": { "token": "«{l14}.atlasv1.{B67}»" } } }\n```\n\nso the `cloud {}` block will authenticate from now on.',
  ],
  [
    'ai88-summary-bullets-sms-and-email-providers',
    'Provider credentials now configured:\n- Brevo: `«xkeysib-{h64}-{a16}»`\n- Mailchimp Marketing: `«{h32}-us{d2}»`\n- Vonage: key `{h8}`, secret `«{a16}»`',
  ],
  [
    'ai88-summary-nested-bullets-per-service',
    '- **api**\n  - `JWT_SIGNING_KEY`: `«{b64}»`\n  - `PORT`: `8080`\n- **billing**\n  - `PLAID_SECRET`: `«{h30}»`\n  - `PLAID_ENV`: `production`',
  ],
  [
    'ai88-summary-after-doppler-download',
    'I ran `doppler secrets download --no-file --format env` and got:\n\n```\nDOPPLER_CONFIG="prd"\nPLANETSCALE_PASSWORD="«pscale_pw_{B43}»"\nRESEND_API_KEY="«re_{a8}_{a24}»"\n```',
  ],
  [
    'ai88-summary-kv-output-vault-read',
    '`vault kv get -format=table secret/payments/prod` returned:\n\n```\nKey              Value\n---              -----\neasypost_key     «EZAK{a54}»\nhmac_key         «{H64}»\nmerchant_account NorthwindECOM\n```',
  ],
  [
    'ai88-diff-dotenv-replace-expired-key',
    'Proposed change:\n\n```diff\n-OPENROUTER_API_KEY=«sk-or-v1-{h64}»\n+OPENROUTER_API_KEY=«sk-or-v1-{h64}»\n OPENROUTER_MODEL=anthropic/claude-sonnet-4\n```',
  ],
  [
    'ai88-diff-move-secret-out-of-code-removed-line',
    "This diff moves the key out of the source:\n\n```diff\n--- a/src/lib/mail.ts\n+++ b/src/lib/mail.ts\n@@ -1,3 +1,3 @@\n-const resend = new Resend('«re_{a8}_{a24}»');\n+const resend = new Resend(process.env.RESEND_API_KEY);\n```",
  ],
  [
    'ai88-diff-helm-values-add-password',
    'I\'d apply this to `values-staging.yaml`:\n\n```diff\n postgresql:\n   auth:\n     username: keycloak\n-    password: ""\n+    password: «{a22}»\n     database: keycloak\n```',
  ],
  [
    'ai88-diff-git-config-token-rotation',
    '```diff\n [remote "origin"]\n-\turl = https://x-access-token:«ghs_{a36}»@github.com/northwind/site.git\n+\turl = https://x-access-token:«ghs_{a36}»@github.com/northwind/site.git\n \tfetch = +refs/heads/*:refs/remotes/origin/*\n```\nThat swaps in the installation token I just minted; it expires in an hour.',
  ],
  [
    'ai88-diff-compose-add-rabbitmq-credentials',
    'Patch for `compose.yaml`:\n\n```diff\n   rabbitmq:\n     image: rabbitmq:3.13-management\n+    environment:\n+      RABBITMQ_DEFAULT_USER: events\n+      RABBITMQ_DEFAULT_PASS: «{a20}»\n```',
  ],
  [
    'ai88-diff-python-settings-secret-key',
    '```diff\ndiff --git a/core/settings.py b/core/settings.py\nindex {h7}..{h7} 100644\n--- a/core/settings.py\n+++ b/core/settings.py\n@@ -21 +21 @@\n-SECRET_KEY = "django-insecure-{a40}"\n+SECRET_KEY = "«{a50}»"\n```\nThe `django-insecure-` one was only for local runs.',
  ],
  [
    'ai88-diff-terraform-tfvars-new-api-key',
    'Here\'s the diff I\'m about to write to `prod.auto.tfvars`:\n\n```diff\n-datadog_api_key = "«{h32}»"\n+datadog_api_key = "«{h32}»"\n datadog_site    = "datadoghq.com"\n```',
  ],
  [
    'ai88-diff-kubeconfig-user-token',
    '```diff\n users:\n - name: ci-deployer\n   user:\n-    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJ{B150}.{B86}»\n+    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJ{B150}.{B86}»\n```\nThe old service-account token was bound to a deleted pod.',
  ],
  [
    'ai88-diff-github-workflow-hardcoded-webhook',
    "I'll revert this part of your last commit:\n\n```diff\n-          SLACK_WEBHOOK_URL: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\n+          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n```",
  ],
  [
    'ai88-diff-php-wp-config-db-password',
    "Proposed edit to `wp-config.php`:\n\n```diff\n-define( 'DB_PASSWORD', 'root' );\n+define( 'DB_PASSWORD', '«{a14}#{a8}»' );\n define( 'DB_HOST', 'mysql-wp.internal' );\n```",
  ],
  [
    'ai88-diff-npmrc-github-packages-token',
    '```diff\n @northwind:registry=https://npm.pkg.github.com\n+//npm.pkg.github.com/:_authToken=«ghp_{a36}»\n```\nThat line is what `npm ci` was missing.',
  ],
  [
    'ai88-diff-java-properties-keystore-password',
    'Suggested patch:\n\n```diff\n server.ssl.key-store=classpath:keystore.p12\n-server.ssl.key-store-password=changeit\n+server.ssl.key-store-password=«{a20}»\n server.ssl.key-store-type=PKCS12\n```',
  ],
  [
    'ai88-diff-fastlane-appfile-env',
    '```diff\n--- a/fastlane/.env.default\n+++ b/fastlane/.env.default\n+MATCH_PASSWORD=«{a24}»\n+FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\n```',
  ],
  [
    'ai88-diff-toml-pyproject-poetry-http-basic',
    'I\'d add the repo credentials through config rather than the file, but if you want it in `auth.toml`:\n\n```diff\n+[http-basic.northwind]\n+username = "ci"\n+password = "«{a28}»"\n```',
  ],
  [
    'ai88-diff-ansible-inventory-become-pass',
    '```diff\n [db]\n-db01 ansible_host=10.0.2.11\n+db01 ansible_host=10.0.2.11 ansible_user=deploy ansible_become_pass=«{a18}»\n```\nNot ideal long-term — `ansible-vault` would be better.',
  ],
  [
    'ai88-run-psql-pgpassword-inline',
    "I'll run:\n\n```bash\nPGPASSWORD='«{a20}»' psql -h db.staging.internal -U reporting -d analytics -c '\\dt'\n```",
  ],
  [
    'ai88-run-mysql-p-flag-attached',
    "Next I'll run `mysql -h 127.0.0.1 -P 3307 -u root -p«{a16}» -e \"SHOW GRANTS FOR 'app'@'%';\"` to check the grants.",
  ],
  [
    'ai88-run-curl-basic-user-jira',
    "I'll run this to confirm the token works against Jira:\n\n```sh\ncurl -s -u ops@northwind.io:«ATATT3{B177}={H8}» \\\n  https://northwind.atlassian.net/rest/api/3/myself | jq .accountId\n```",
  ],
  [
    'ai88-run-docker-login-password-flag',
    "I'll log in to the registry first:\n\n```\ndocker login ghcr.io -u northwind-bot -p «ghp_{a36}»\n```\n\n(It'll warn about `--password-stdin`; that's fine for this one-off.)",
  ],
  [
    'ai88-run-redis-cli-a-flag',
    "I'll run `redis-cli -h cache-prod.internal -p 6379 -a '«{a32}»' --no-auth-warning INFO replication` to see whether the replica is connected.",
  ],
  [
    'ai88-run-mongosh-uri-with-password',
    'Running:\n\n```\nmongosh "mongodb://admin:«{a20}»@mongo-0.mongo.svc:27017/?authSource=admin&replicaSet=rs0" --eval \'rs.status().ok\'\n```',
  ],
  [
    'ai88-run-git-clone-token-url',
    "I'll clone it with the token you gave me:\n\n`git clone https://«glpat-{B20}»@gitlab.com/northwind/platform/charts.git /tmp/charts`",
  ],
  [
    'ai88-run-sshpass-rsync',
    "I'll run:\n```bash\nsshpass -p '«{a16}»' rsync -avz -e 'ssh -p 2222' ./dist/ deploy@files.northwind.io:/srv/www/\n```",
  ],
  [
    'ai88-run-kubectl-create-secret-from-literal',
    "I'll create the secret directly:\n\n```bash\nkubectl -n shipping create secret generic easypost \\\n  --from-literal=api-key='«EZAK{a54}»' \\\n  --from-literal=carrier-account=ca_{h32}\n```",
  ],
  [
    'ai88-run-aws-configure-set-secret',
    "I'll run these to set up the `ci` profile:\n\n```\naws configure set aws_access_key_id «AKIA{c16}» --profile ci\naws configure set aws_secret_access_key «{b40}» --profile ci\naws configure set region eu-central-1 --profile ci\n```",
  ],
  [
    'ai88-run-az-login-service-principal-password',
    "I'll authenticate as the service principal:\n\n```bash\naz login --service-principal -u {h8}-{h4}-{h4}-{h4}-{h12} \\\n  -p '«{a3}8Q~{B34}»' --tenant {h8}-{h4}-{h4}-{h4}-{h12}\n```",
  ],
  [
    'ai88-run-openssl-pkcs12-passout',
    "To bundle the cert I'll run:\n\n`openssl pkcs12 -export -in tls.crt -inkey tls.key -out tls.p12 -passout pass:«{a18}»`",
  ],
  ['ai88-run-zip-encrypt-password', "I'll run `zip -r -P '«{a14}»' db-dump-2024-06-11.zip dump/` and send you the archive."],
  [
    'ai88-run-vault-login-token-arg',
    "I'll run:\n\n```\nexport VAULT_ADDR=https://vault.northwind.internal:8200\nvault login «hvs.{B24}»\nvault kv list secret/ci\n```",
  ],
  [
    'ai88-run-gh-auth-login-with-token-echo',
    "I'll run `echo «gho_{a36}» | gh auth login --with-token` and then `gh repo list northwind --limit 5` to check the scopes.",
  ],
  [
    'ai88-run-npm-config-set-authtoken',
    'Running:\n\n```bash\nnpm config set //registry.npmjs.org/:_authToken «npm_{a36}»\nnpm whoami\n```',
  ],
  [
    'ai88-run-helm-repo-add-password',
    "I'll add the private chart repo:\n\n```\nhelm repo add northwind https://charts.northwind.io --username ci --password '«{a24}»'\nhelm repo update\n```",
  ],
  [
    'ai88-run-curl-bearer-openai-models',
    'I\'ll run a quick sanity check:\n\n```sh\ncurl https://api.openai.com/v1/models \\\n  -H "Authorization: Bearer «sk-proj-{B74}T3BlbkFJ{B74}»" | head -c 300\n```',
  ],
  [
    'ai88-run-curl-x-api-key-anthropic',
    'I\'ll run:\n\n```\ncurl -sS https://api.anthropic.com/v1/messages -H "x-api-key: «sk-ant-api03-{B93}AA»" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @req.json\n```',
  ],
  [
    'ai88-run-pg-dump-connection-uri',
    'I\'ll take a dump before migrating:\n\n`pg_dump "postgresql://migrator:«{a24}»@pg-prod.internal:5432/core?sslmode=require" -Fc -f core.dump`',
  ],
  [
    'ai88-run-htpasswd-batch-mode',
    "I'll generate the entry with `htpasswd -nbB metrics «{a20}»` and paste the hash into the ingress annotation.",
  ],
  [
    'ai88-run-mysqldump-password-long-flag',
    "Running:\n```\nmysqldump --host=10.0.7.4 --user=backup --password='«{a12}%{a6}»' --single-transaction shop > shop.sql\n```",
  ],
  ['ai88-run-twine-upload-password-flag', "I'll upload with:\n\n`twine upload -u __token__ -p «pypi-AgEIcHlwaS5vcmc{B72}» dist/*`"],
  [
    'ai88-run-rabbitmqctl-change-password',
    "I'll run `rabbitmqctl change_password events «{a22}»` on `rabbit-0`, then restart the consumers.",
  ],
  [
    'ai88-run-snowsql-env-password',
    "I'll connect with:\n\n```bash\nSNOWSQL_PWD='«{a18}»' snowsql -a {l7}-{l7} -u LOADER -d RAW -s PUBLIC -q 'select current_role()'\n```",
  ],
  [
    'ai88-run-ldapsearch-bind-password',
    'I\'ll check the bind account:\n\n`ldapsearch -x -H ldaps://ldap.northwind.internal -D "cn=svc-gitlab,ou=svc,dc=northwind,dc=io" -w \'«{a20}»\' -b "ou=people,dc=northwind,dc=io" "(uid=jdoe)"`',
  ],
  [
    'ai88-run-curl-telegram-sendmessage',
    'I\'ll send a test message:\n\n`curl -s "https://api.telegram.org/bot«{d10}:AA{B33}»/sendMessage" -d chat_id=-100{d10} -d text=ping`',
  ],
  [
    'ai88-run-psql-password-in-conninfo-string',
    'I\'ll run:\n\n```\npsql "host=aurora-prod.cluster-{l12}.eu-west-1.rds.amazonaws.com port=5432 dbname=ledger user=ledger_ro password=«{a22}» sslmode=verify-full"\n```',
  ],
  [
    'ai88-table-settings-mixed-secret-and-plain',
    '| Setting | Value | Notes |\n|---|---|---|\n| `SMTP_HOST` | `smtp.postmarkapp.com` | |\n| `SMTP_PORT` | `587` | STARTTLS |\n| `SMTP_PASSWORD` | `«{h8}-{h4}-{h4}-{h4}-{h12}»` | server token |\n| `SMTP_FROM` | `noreply@northwind.io` | |',
  ],
  [
    'ai88-table-per-env-db-passwords',
    "Here's what each environment is configured with:\n\n| env | host | user | password |\n|-----|------|------|----------|\n| dev | localhost | app | `«{a16}»` |\n| staging | pg-stg.internal | app | `«{a20}»` |\n| prod | pg-prod.internal | app | `«{a24}»` |",
  ],
  [
    'ai88-table-provider-keys-llm-gateway',
    'Current gateway config:\n\n| Provider | Env var | Key |\n| --- | --- | --- |\n| OpenAI | `OPENAI_API_KEY` | `«sk-proj-{B74}T3BlbkFJ{B74}»` |\n| Groq | `GROQ_API_KEY` | `«gsk_{a52}»` |\n| Replicate | `REPLICATE_API_TOKEN` | `«r8_{a37}»` |',
  ],
  [
    'ai88-table-ci-variables-masked-column',
    'GitLab CI/CD variables I found on the project:\n\n| Key | Value | Masked | Protected |\n|---|---|---|---|\n| `DOCKER_AUTH` | `«dckr_pat_{B27}»` | no | yes |\n| `DEPLOY_ENV` | `production` | no | no |\n| `SONAR_TOKEN` | `«squ_{h40}»` | no | yes |',
  ],
  [
    'ai88-table-webhook-endpoints-secret-column',
    '| Endpoint | Events | Signing secret |\n|---|---|---|\n| `https://api.northwind.io/hooks/stripe` | `invoice.*` | `«whsec_{a32}»` |\n| `https://api.northwind.io/hooks/github` | `push`, `pull_request` | `«{h40}»` |',
  ],
  [
    'ai88-table-two-column-no-header-pipes',
    '| Redis URL | `redis://:«{a28}»@10.0.3.9:6379/2` |\n| Celery broker | `amqp://celery:«{a20}»@rabbit.internal:5672//` |\n| Flower basic auth | `admin:«{a16}»` |',
  ],
  [
    'ai88-table-ascii-box-psql-style',
    "Here's the `integrations` row you asked about:\n\n```\n id |  provider  |                 api_key                  | enabled\n----+------------+------------------------------------------+---------\n 14 | postmark   | «{h8}-{h4}-{h4}-{h4}-{h12}»     | t\n 15 | shippo     | «shippo_live_{h40}» | t\n```",
  ],
  [
    'ai88-table-markdown-cloud-accounts',
    '| Account | Access key ID | Secret |\n|---|---|---|\n| `nw-prod` | `«AKIA{c16}»` | `«{b40}»` |\n| `nw-data` | `«AKIA{c16}»` | `«{b40}»` |',
  ],
  [
    'ai88-table-observability-tokens',
    '### Observability credentials\n\n| Tool | Token |\n|------|-------|\n| New Relic user key | `«NRAK-{u27}»` |\n| Grafana SA token | `«glsa_{a32}_{h8}»` |\n| Dynatrace API | `«dt0c01.{u24}.{u64}»` |',
  ],
  [
    'ai88-table-wifi-and-device-passwords',
    'For the office kiosk setup:\n\n| Item | Value |\n|---|---|\n| Wi-Fi SSID | `NW-Kiosk` |\n| Wi-Fi WPA2 passphrase | `«{a10}-{a10}»` |\n| Kiosk admin PIN/password | `«{a14}»` |',
  ],
  [
    'ai88-table-html-rendered-settings',
    '<table>\n  <tr><th>Key</th><th>Value</th></tr>\n  <tr><td>ALGOLIA_APP_ID</td><td>{u10}</td></tr>\n  <tr><td>ALGOLIA_ADMIN_KEY</td><td>«{h32}»</td></tr>\n</table>',
  ],
  [
    'ai88-table-package-registry-tokens',
    'Publishing tokens per registry:\n\n| Registry | Token |\n|:--|:--|\n| npm | `«npm_{a36}»` |\n| RubyGems | `«rubygems_{h48}»` |\n| Clojars | `«CLOJARS_{l60}»` |',
  ],
  [
    'ai88-table-secrets-check-status-column',
    'I validated each key with a cheap API call:\n\n| Key | Status |\n|---|---|\n| `«sk-ant-api03-{B93}AA»` | ✅ 200 |\n| `«AIza{B35}»` | ❌ 403 API not enabled |',
  ],
  [
    'ai88-table-kv-definition-list-style',
    '**Twilio**\n: Account SID — `AC{h32}`\n: Auth token — `«{h32}»`\n\n**Segment**\n: Write key — `«{a32}»`',
  ],
  ['ai88-user-use-this-one-inline-github-pat', 'User: use this one: «ghp_{a36}»'],
  ['ai88-user-try-backticked-openai-key', 'try `«sk-proj-{B74}T3BlbkFJ{B74}»`'],
  ['ai88-user-new-token-is-slack', 'new token is «xoxb-{d11}-{d13}-{a24}» — the old app got uninstalled'],
  ['ai88-user-quote-prefix-password-paste', '> the staging db password is «{a18}», user is `app_rw`'],
  ['ai88-user-pasted-key-then-question', "«sk-ant-api03-{B93}AA»\n\nthat's the new key, does it need to go anywhere besides .env?"],
  ['ai88-user-ok-password-is-plain', 'ok password is «{a8}{d4}{a4}» (capital first letter)'],
  ['ai88-user-here-is-stripe-restricted-key', "User: here's the restricted key with only charges:write — «rk_live_{a24}»"],
  ['ai88-user-lowercase-sendgrid-no-punctuation', 'sendgrid key «SG.{B22}.{B43}» i rotated it this morning'],
  ['ai88-user-fenced-token-only', '```\n«glpat-{B20}»\n```\nthats the project access token'],
  ['ai88-user-try-with-password-in-quotes', 'try with "«{a14}»" instead, I think I reset it last week'],
  ['ai88-user-paste-aws-pair-two-lines', 'User: creds for the sandbox account:\n«AKIA{c16}»\n«{b40}»'],
  ['ai88-user-replacing-hf-token', 'use «hf_{L10}{U8}{L8}{U8}» for the gated model, mine has access'],
  ['ai88-user-one-word-token-after-label', 'User: token: «{l14}.atlasv1.{B67}»'],
  ['ai88-user-mentions-env-and-value', 'set DEEPSEEK_API_KEY to «sk-{h32}» and rerun'],
  ['ai88-user-discord-bot-token', 'bot token → «M{B23}.{B6}.{B38}»'],
  ['ai88-user-typo-corrected-token', "sorry wrong one, it's `«dop_v1_{h64}»`"],
  ['ai88-user-ssh-password-for-box', 'the box is 10.4.0.17, root password «{a12}@{a4}», port 22'],
  [
    'ai88-user-pastes-connection-string',
    'User: this is what the DBA gave me: Server=tcp:sqlnw.database.windows.net;Initial Catalog=crm;User ID=crm_svc;Password=«{a20}»;',
  ],
  ['ai88-user-pastes-cli-output-with-token', "here's what `fly tokens create deploy` printed:\n\n«FlyV1 fm2_{b200}»"],
  ['ai88-user-notion-key-and-db-id', 'notion integration secret «ntn_{d11}{a35}», database id is {h32}'],
  ['ai88-user-linear-key-try-again', 'try again with «lin_api_{a40}»'],
  ['ai88-user-db-password-with-symbols', 'User: pw for the replica is «{a6}$%{a6}&{a4}», watch out for the $ in bash'],
  ['ai88-user-webhook-url-paste', 'post the summary to «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}» please'],
  [
    'ai88-user-teams-webhook-paste',
    'use this teams webhook: «https://northwind.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  ['ai88-user-postman-key-short', 'postman key «PMAK-{h24}-{h34}»'],
  ['ai88-user-age-key-for-sops', 'the sops age key is\n«AGE-SECRET-KEY-1{e58}»'],
  ['ai88-user-cohere-and-mistral-keys-two-bullets', 'User:\n- cohere: «{a40}»\n- mistral: «{a32}»'],
  ['ai88-user-short-yes-with-password', 'yes go ahead, sudo password is «{a10}{d3}»'],
  ['ai88-user-prefect-key', 'prefect cloud key: `«pnu_{a36}»` workspace is northwind/prod'],
  ['ai88-user-pastes-curl-with-key', 'this works for me locally:\ncurl -H "Authorization: Token «{h40}»" https://api.northwind.io/v2/me'],
  ['ai88-user-firebase-fcm-server-key', 'legacy FCM server key if you still need it: «AAAA{B7}:APA91b{B134}»'],
  ['ai88-user-buildkite-token', 'User: buildkite api token is «bkua_{h40}» (read_builds only)'],
  [
    'ai88-user-jwt-bearer-for-staging-api',
    'grab a fresh one is annoying, just use this bearer for staging: «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOi{B90}.{B171}»',
  ],
  [
    'ai88-turn-user-token-assistant-confirms-echo',
    'User: here you go «ghp_{a36}»\nAssistant: Thanks — I exported it as `GH_TOKEN` for this session and `gh pr list` now returns 12 open PRs.',
  ],
  [
    'ai88-turn-assistant-asks-user-answers-password',
    "Assistant: What's the password for the `grafana` admin user? The default `admin` was changed.\nUser: «{a16}»\nAssistant: Logged in. The dashboard JSON is now exported to `dashboards/api.json`.",
  ],
  [
    'ai88-turn-quote-block-assistant-plan-with-key',
    '> **Plan**\n> 1. Add `RESEND_API_KEY=«re_{a8}_{a24}»` to `.env`\n> 2. Replace the nodemailer transport with the Resend SDK\n> 3. Send a test to `ops@northwind.io`',
  ],
  [
    'ai88-turn-role-labels-uppercase-db-url',
    'USER: can you fix the prisma connection?\nASSISTANT: Yes. Your `schema.prisma` reads `DATABASE_URL`, which is currently:\n`postgresql://postgres:«{a24}»@db.{l20}.supabase.co:5432/postgres`\nThe port should be 6543 for the pooler.',
  ],
  [
    'ai88-turn-tool-output-echo-in-reply',
    'Assistant: I ran `cat .env` — relevant lines:\n```\nSHOPIFY_API_KEY={h32}\nSHOPIFY_API_SECRET=«shpss_{h32}»\n```\nThe key is the public client id; the secret is what signs the OAuth HMAC.',
  ],
  [
    'ai88-turn-three-turns-rotating-token',
    'User: the deploy token leaked, rotate it\nAssistant: Revoked `gldt-…` in GitLab and created a new deploy token: `«gldt-{B20}»`. I updated the `DEPLOY_TOKEN` CI variable.\nUser: thanks',
  ],
  [
    'ai88-turn-markdown-headings-user-assistant',
    '### User\nwhy does `terraform plan` say unauthorized?\n\n### Assistant\n`TF_TOKEN_app_terraform_io` is set to `«{l14}.atlasv1.{B67}»`, which belongs to the `northwind-old` org. Run `terraform login` again against the new org.',
  ],
  [
    'ai88-turn-human-ai-labels-stripe',
    'Human: I pasted the stripe key earlier, did you use it?\nAI: Yes — `«sk_live_{a24}»` is in `.env.production` as `STRIPE_SECRET_KEY`; the checkout smoke test passed.',
  ],
  [
    'ai88-turn-gt-quoted-user-then-assistant',
    "> try `«{a20}»` for the rabbit user\n\nThat worked — `rabbitmqctl authenticate_user` returned `Success` for `events`. I've put it into the `events` service env as `RABBITMQ_PASSWORD`.",
  ],
  [
    'ai88-turn-assistant-shows-config-then-user-corrects',
    'Assistant: I\'ll use this in `wrangler.toml`\'s vars:\n```toml\n[vars]\nTURNSTILE_SECRET = "«0x4AAAAAAA{B22}»"\n```\nUser: no, secrets go in `wrangler secret put`, not vars',
  ],
  ['ai88-turn-me-you-labels-chat-export', "me: mailgun key?\nyou: It's `«key-{h32}»` in `config/mail.php`; domain `mg.northwind.io`."],
  [
    'ai88-turn-bracket-timestamps-roles',
    '[10:42] user: password for the sftp account is «{a15}»\n[10:43] assistant: Connected with `sftp -P 2022 partner_upload@sftp.northwind.io`; 3 files pending in `/inbound`.',
  ],
  [
    'ai88-turn-assistant-summary-after-user-paste',
    "User: «PMAK-{h24}-{h34}»\nAssistant: Got it. I used the Postman key to export the `Payments API` collection (v2.1) to `postman/payments.json` and won't store the key anywhere.",
  ],
  [
    'ai88-turn-json-transcript-message-content',
    '{"role": "user", "content": "deploy with this vercel token: «{a24}»"}\n{"role": "assistant", "content": "Exported it as VERCEL_TOKEN; running `vercel deploy --prod --token $VERCEL_TOKEN`…"}',
  ],
  [
    'ai88-turn-yaml-transcript-messages',
    '- role: user\n  content: "new openrouter key «sk-or-v1-{h64}»"\n- role: assistant\n  content: "Updated OPENROUTER_API_KEY in .env and restarted the dev server."',
  ],
  [
    'ai88-turn-assistant-reads-back-ssh-config-and-key',
    'Assistant: The CI runner uses this key (from `secrets/ci_deploy_key`):\n\n```\n-----BEGIN RSA PRIVATE KEY-----\n«MIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b32}»\n-----END RSA PRIVATE KEY-----\n```',
  ],
  [
    'ai88-turn-user-asks-assistant-lists-three-keys',
    'User: what keys does the scraper use?\nAssistant: Three, all from `scraper/.env`:\n- `SCRAPINGBEE_KEY=«{u80}»`\n- `BROWSERLESS_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»`\n- `TWOCAPTCHA_KEY=«{h32}»`',
  ],
  [
    'ai88-turn-assistant-bash-session-transcript',
    "Assistant: Here's the session:\n\n```console\n$ export CLICKHOUSE_PASSWORD='«{a22}»'\n$ clickhouse-client --host ch.northwind.internal --secure --user analyst --password \"$CLICKHOUSE_PASSWORD\" -q 'select 1'\n1\n```",
  ],
  [
    'ai88-turn-assistant-cites-line-numbers',
    'Assistant: `config/secrets.yml`:\n```yaml\n12  production:\n13    secret_key_base: «{h128}»\n14    stripe_key: «sk_live_{a24}»\n```',
  ],
  [
    'ai88-turn-user-gives-two-options',
    "User: either «{a12}» or «{a12}», I don't remember which one is prod\nAssistant: The second one worked against `pg-prod` — I've stored it in `~/.pgpass`.",
  ],
  [
    'ai88-turn-assistant-plan-ill-run-multi-step',
    'Assistant: Plan:\n1. `export SNYK_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»` (the org is already pinned in `.snyk`)\n2. `snyk test --all-projects --severity-threshold=high`\n3. Open an issue for anything critical.',
  ],
  [
    'ai88-turn-chat-bubble-style-names',
    "**Maria:** can you wire up sentry releases?\n**Agent:** Sure. I'll add `SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3{a8}LCJyZWdpb25fdXJsIjoi{a60}_{a43}»` to the build env and call `sentry-cli releases new`.",
  ],
  [
    'ai88-turn-assistant-italic-aside-with-key',
    'Assistant: Deployed ✅ *(used the Netlify token you pasted, `«nfp_{a36}»`, via `NETLIFY_AUTH_TOKEN`)*',
  ],
  [
    'ai88-turn-user-pastes-error-containing-token',
    "User: it says\n`fatal: Authentication failed for 'https://«ghp_{a36}»@github.com/northwind/site.git/'`\nAssistant: The token in the URL is revoked. I'll switch the remote to SSH.",
  ],
  [
    'ai88-turn-assistant-confirms-mcp-env-set',
    'Assistant: Added the Brave Search MCP server to `.mcp.json` with `"BRAVE_API_KEY": "«BSA{a28}»"`. Restart the session to load it.',
  ],
  [
    'ai88-turn-two-users-thread',
    "alice: @agent db creds for reporting?\nagent: `reporting_ro` / `«{a20}»` on `pg-replica-1:5432`\nbob: pls don't post those in the channel",
  ],
  [
    'ai88-turn-assistant-answer-with-env-export-block',
    'Assistant: Paste this into your shell:\n\n```bash\nexport LANGFUSE_PUBLIC_KEY=pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}\nexport LANGFUSE_SECRET_KEY=«sk-lf-{h8}-{h4}-{h4}-{h4}-{h12}»\nexport LANGFUSE_HOST=https://cloud.langfuse.com\n```',
  ],
  [
    'ai88-turn-assistant-infracost-and-codecov',
    "Assistant: CI now needs two tokens, which I've put in `.github/workflows/ci.yml` for the moment:\n- `INFRACOST_API_KEY: «ico-{a32}»`\n- `CODECOV_TOKEN: «{h8}-{h4}-{h4}-{h4}-{h12}»`",
  ],
  [
    'ai88-turn-assistant-wallet-private-key-hex',
    'Assistant: The deploy script signs with `DEPLOYER_PRIVATE_KEY=«0x{h64}»` from `.env` — address `0x{h40}`. That wallet has 0.02 ETH on Sepolia.',
  ],
  [
    'ai88-found-contentful-management-token-seed-script',
    "The seed script uses a management token from `scripts/seed.env`: `CONTENTFUL_MANAGEMENT_TOKEN=«CFPAT-{B43}»`, space `{l12}`. That token can delete content types, so I'd scope it down.",
  ],
  [
    'ai88-run-minio-mc-alias-set-secret',
    "I'll register the bucket host:\n\n```bash\nmc alias set nw https://minio.northwind.io minio-ci «{a40}»\nmc ls nw/backups\n```",
  ],
  ['ai88-user-vpn-password-with-username-note', 'use password «{a12}» for the VPN, username is my email'],
  [
    'ai88-turn-user-quotes-assistant-reply-encryption-key',
    "User: you said earlier\n> I set `FIELD_ENCRYPTION_KEY=«{h64}»` in `.env.production`\nbut prod can't decrypt old rows, was that a new key?",
  ],
  [
    'ai88-fixed-litellm-config-yaml-heading',
    '## Fixed `litellm_config.yaml`\n\n```yaml\nmodel_list:\n  - model_name: claude\n    litellm_params:\n      model: anthropic/claude-sonnet-4-20250514\n      api_key: «sk-ant-api03-{B93}AA»\n```',
  ],
  [
    'ai88-summary-sourcegraph-token-bullet',
    'Set up Cody for the self-hosted instance:\n- endpoint: `https://sourcegraph.northwind.io`\n- access token: `«sgp_{h16}_{h40}»`',
  ],
];

export const BLIND88_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'ai88-neg-found-key-name-only-dotenv',
    "I found the key in `.env` — `OPENAI_API_KEY` is defined on line 4, but it's empty (`OPENAI_API_KEY=`), so the SDK falls back to the default and fails with 401.",
  ],
  [
    'ai88-neg-fixed-config-uses-env-interpolation',
    "Here's the fixed config:\n\n```yaml\ndatabase:\n  url: ${DATABASE_URL}\n  password: ${DB_PASSWORD:?DB_PASSWORD must be set}\n  pool: 10\n```",
  ],
  [
    'ai88-neg-gha-secrets-references-only',
    "Here's the workflow step with the token wired through secrets:\n\n```yaml\n      - run: npm publish --access public\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n```",
  ],
  [
    'ai88-neg-summary-env-vars-names-only',
    'Summary — the service reads these env vars at startup:\n- `STRIPE_SECRET_KEY` (required)\n- `STRIPE_WEBHOOK_SECRET` (required)\n- `STRIPE_API_VERSION` (optional, defaults to `2024-06-20`)',
  ],
  [
    'ai88-neg-masked-values-stars',
    'Current values (masked):\n- `SENDGRID_API_KEY` = `SG.****`\n- `DB_PASSWORD` = `********`\n- `REDIS_URL` = `redis://:***@cache.internal:6379/0`',
  ],
  [
    'ai88-neg-i-redacted-the-key-prose',
    "I redacted the key before pasting the log, so you'll see `Authorization: Bearer [REDACTED]` on line 3 — the interesting part is the `429 rate_limit_exceeded` right after it.",
  ],
  [
    'ai88-neg-truncated-openai-key-last-four',
    'The key in use is `sk-proj-…{a4}` (last four shown in the dashboard), created 2024-05-02 under project `proj_{a24}`.',
  ],
  [
    'ai88-neg-truncated-github-token-prefix-only',
    "Looks like your `gh` session is using a token starting with `gho_` — fine-grained tokens would start with `github_pat_`. I didn't print the full value.",
  ],
  [
    'ai88-neg-dollar-var-command-ill-run',
    'I\'ll run:\n\n```bash\nPGPASSWORD="$PGPASSWORD" psql -h "$PGHOST" -U "$PGUSER" -d analytics -c \'\\dt\'\n```',
  ],
  [
    'ai88-neg-password-stdin-docker-login',
    'I\'ll run `echo "$GHCR_TOKEN" | docker login ghcr.io -u northwind-bot --password-stdin` so the token never shows up in `ps`.',
  ],
  [
    'ai88-neg-op-read-reference',
    "I'll pull the value from 1Password at runtime instead of writing it down:\n\n`export ANTHROPIC_API_KEY=\"$(op read 'op://Engineering/Anthropic prod/credential')\"`",
  ],
  [
    'ai88-neg-vault-kv-path-no-value',
    "The password lives in Vault at `secret/data/payments/prod#db_password`; I'll read it with `vault kv get -field=db_password secret/payments/prod` when the migration runs.",
  ],
  [
    'ai88-neg-user-says-pasted-in-dm',
    'User: I put the new token in the 1Password vault "Deploy", item "GitLab deploy token" — grab it from there\nAssistant: Got it, I\'ll read it via `op item get` during the job and won\'t echo it.',
  ],
  [
    'ai88-neg-table-settings-secrets-masked',
    '| Setting | Value |\n|---|---|\n| `SMTP_HOST` | `smtp.postmarkapp.com` |\n| `SMTP_PORT` | `587` |\n| `SMTP_PASSWORD` | *(stored in Doppler, not shown)* |\n| `SMTP_FROM` | `noreply@northwind.io` |',
  ],
  [
    'ai88-neg-diff-hardcoded-to-env-var-removed-placeholder',
    "```diff\n-const client = new OpenAI({ apiKey: 'sk-...' });\n+const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY });\n```",
  ],
  [
    'ai88-neg-docs-placeholder-angle-brackets',
    'From the README, the config should look like:\n\n```toml\n[auth]\napi_key = "<your-api-key>"\nworkspace = "<workspace-slug>"\n```',
  ],
  [
    'ai88-neg-aws-docs-example-keys',
    'Those are the example credentials from the AWS docs, not real ones:\n\n```ini\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n```',
  ],
  [
    'ai88-neg-xxx-placeholder-github-token',
    'The tutorial you followed uses `GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` as a placeholder — you need to create a real PAT under Settings → Developer settings.',
  ],
  [
    'ai88-neg-changeme-default-password-docs',
    "The chart's default is `adminPassword: changeme` — I'd leave it unset so the chart generates one into the `grafana` Secret instead.",
  ],
  [
    'ai88-neg-user-token-in-angle-brackets',
    "User: run it with `--token <TOKEN>` and I'll fill it in myself\nAssistant: Sure — `./scripts/sync.sh --token <TOKEN> --dry-run` prints the plan without calling the API.",
  ],
  ['ai88-neg-commit-sha-in-summary', 'Done — committed as `{h40}` on `fix/stripe-webhook` and pushed. The previous head was `{h7}`.'],
  [
    'ai88-neg-git-log-oneline-shas',
    '```\n{h7} fix: read STRIPE_SECRET_KEY from env\n{h7} chore: rotate webhook secret reference\n{h7} feat: add token refresh\n```',
  ],
  [
    'ai88-neg-sha256sum-release-artifact',
    "Checksums match what's published on the release page:\n\n```\n{h64}  northwind-cli_1.8.2_linux_amd64.tar.gz\n{h64}  northwind-cli_1.8.2_darwin_arm64.tar.gz\n```",
  ],
  [
    'ai88-neg-docker-image-digest',
    'I pinned the base image by digest: `FROM node:20-bookworm-slim@sha256:{h64}` so rebuilds are reproducible.',
  ],
  [
    'ai88-neg-request-id-uuid-error',
    'The API returned `500` with `{"error":"internal","request_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}"}` — I\'d send that request id to their support.',
  ],
  [
    'ai88-neg-stripe-request-id-and-object-ids',
    'Stripe logs show `req_{a14}` failed with `resource_missing` for customer `cus_{a14}` — the PaymentMethod `pm_{a24}` belongs to another customer.',
  ],
  [
    'ai88-neg-bcrypt-hash-seed-user',
    'The seed user gets this bcrypt hash (cost 12) — it\'s not reversible, so it\'s fine in the fixture:\n\n`password_digest: "$2b$12${p53}"`',
  ],
  [
    'ai88-neg-argon2-hash-in-db-row',
    'Row in `users`:\n\n```\nid=42 email=ops@northwind.io password_hash=$argon2id$v=19$m=65536,t=3,p=4${b22}${b43}\n```',
  ],
  [
    'ai88-neg-ssh-public-key-authorized-keys',
    "I'll add your public key to `~/.ssh/authorized_keys` on the bastion:\n\n`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} maria@nw-laptop`",
  ],
  [
    'ai88-neg-ssh-host-key-fingerprint',
    "The host key fingerprint for `bastion.northwind.io` is `SHA256:{b43}` (ED25519). If `ssh` shows something different, don't connect.",
  ],
  [
    'ai88-neg-stripe-publishable-key-frontend',
    "The frontend only needs the publishable key, which is safe to ship in the bundle:\n\n```js\nconst stripe = await loadStripe('pk_live_{a99}');\n```",
  ],
  [
    'ai88-neg-sentry-dsn-public',
    'Sentry DSNs are meant to be public, so it\'s fine in `sentry.client.config.ts`:\n\n`dsn: "https://{h32}@o{d6}.ingest.us.sentry.io/{d7}"`',
  ],
  [
    'ai88-neg-npm-lock-integrity',
    'The lockfile entry looks normal:\n\n```json\n"node_modules/jose": { "version": "5.6.3", "resolved": "https://registry.npmjs.org/jose/-/jose-5.6.3.tgz", "integrity": "sha512-{b86}==" }\n```',
  ],
  [
    'ai88-neg-go-sum-lines',
    '`go.sum` after the bump:\n```\ngolang.org/x/crypto v0.24.0 h1:{b43}=\ngolang.org/x/crypto v0.24.0/go.mod h1:{b43}=\n```',
  ],
  [
    'ai88-neg-gpg-key-fingerprint',
    'Commits are signed with key `{H40}` (ed25519, expires 2026-01-01). Upload the public half to GitHub and `git log --show-signature` will show "Good signature".',
  ],
  [
    'ai88-neg-webhook-signature-header',
    'The webhook delivery had `X-Hub-Signature-256: sha256={h64}` — I recomputed the HMAC over the raw body and it matches, so the secret is configured correctly.',
  ],
  [
    'ai88-neg-stripe-signature-header-value',
    'Incoming header: `Stripe-Signature: t={d10},v1={h64}` — the timestamp is 9 minutes old, which is why `constructEvent` rejects it with the default 300 s tolerance.',
  ],
  [
    'ai88-neg-traceparent-and-span-ids',
    'Trace for the slow request: `traceparent: 00-{h32}-{h16}-01`. The DB span (`{h16}`) took 2.4 s of the 2.6 s total.',
  ],
  [
    'ai88-neg-jwks-public-modulus',
    'The JWKS endpoint returns only the public key, so it\'s fine to commit as a fixture:\n\n```json\n{ "kty": "RSA", "kid": "{h16}", "use": "sig", "alg": "RS256", "e": "AQAB", "n": "{B342}" }\n```',
  ],
  [
    'ai88-neg-public-key-pem',
    "Here's the public key you'll need for verifying the license files:\n\n```\n-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA{b43}=\n-----END PUBLIC KEY-----\n```",
  ],
  [
    'ai88-neg-certificate-pem-chain',
    '`openssl s_client` shows the leaf cert:\n```\n-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIU{b44}\n{b64}\n{b40}==\n-----END CERTIFICATE-----\n```',
  ],
  [
    'ai88-neg-sri-integrity-script-tag',
    'I added SRI to the CDN script:\n\n`<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.0/dist/htmx.min.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>`',
  ],
  ['ai88-neg-csp-hash-source', "The inline script is allowed via its hash: `Content-Security-Policy: script-src 'self' 'sha256-{b43}='`."],
  [
    'ai88-neg-git-lfs-pointer',
    "That file is just an LFS pointer, the model weights aren't in the repo:\n\n```\nversion https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize 4368439584\n```",
  ],
  [
    'ai88-neg-mongodb-objectids-and-etag',
    'The update hit document `ObjectId("{h24}")`; the response ETag was `"{h32}"`, so the cache will refresh on the next GET.',
  ],
  [
    'ai88-neg-terraform-state-lineage',
    "The two state files have different lineages (`{h8}-{h4}-{h4}-{h4}-{h12}` vs `{h8}-{h4}-{h4}-{h4}-{h12}`), so `terraform state push` refuses to overwrite — that's expected.",
  ],
  ['ai88-neg-eth-address-and-tx-hash', 'Deployed `Vault.sol` at `0x{h40}` — tx `0x{h64}`, block 6,142,019 on Sepolia.'],
  [
    'ai88-neg-openai-org-and-project-ids',
    "The request is billed to org `org-{a24}` and project `proj_{a24}`; the key itself comes from `OPENAI_API_KEY` in the runner's secrets.",
  ],
  [
    'ai88-neg-slack-ids-channel-team',
    'The bot posts to channel `C{u10}` in workspace `T{u8}` as user `U{u10}`; the token is the `SLACK_BOT_TOKEN` secret, unchanged.',
  ],
  [
    'ai88-neg-twilio-account-sid-only',
    "The messages were sent from account `AC{h32}`, messaging service `MG{h32}`. The auth token is read from `TWILIO_AUTH_TOKEN` — I didn't touch it.",
  ],
  [
    'ai88-neg-github-node-and-run-ids',
    'The failing run is https://github.com/northwind/site/actions/runs/{d10}/job/{d11} — artifact `coverage` (id {d10}, digest `sha256:{h64}`).',
  ],
  [
    'ai88-neg-cache-key-with-hash',
    "Cache restored from key `Linux-pnpm-store-{h64}`; the lockfile hash didn't change, so install took 4 s.",
  ],
  [
    'ai88-neg-base64-nonsecret-json',
    'That header is just base64 of a JSON blob, nothing sensitive: `X-Client-Info: eyJuYW1lIjoid2ViIiwidmVyc2lvbiI6IjEuOC4yIn0=` → `{"name":"web","version":"1.8.2"}`.',
  ],
  [
    'ai88-neg-sops-encrypted-value',
    "The secret is encrypted with SOPS, so it's safe in git:\n\n```yaml\ndb_password: ENC[AES256_GCM,data:{b28},iv:{b43}=,tag:{b22}==,type:str]\n```",
  ],
  [
    'ai88-neg-sealed-secret-encrypted-data',
    "Here's the SealedSecret — only the controller's private key can decrypt it:\n\n```yaml\nspec:\n  encryptedData:\n    password: Ag{b340}\n```",
  ],
  [
    'ai88-neg-pkce-code-challenge',
    'The authorize URL looks right: `...&code_challenge={B43}&code_challenge_method=S256&state={h16}` — the verifier stays in session storage.',
  ],
  [
    'ai88-neg-turn-user-asks-assistant-refuses-echo',
    "User: what's the prod db password?\nAssistant: I'd rather not print it into the chat. It's in AWS Secrets Manager as `prod/ledger/db` — `aws secretsmanager get-secret-value --secret-id prod/ledger/db --query SecretString` will show it on your machine.",
  ],
  [
    'ai88-neg-turn-token-revoked-mention-no-value',
    "User: I pasted the wrong token earlier, ignore it\nAssistant: Noted — I didn't save it. I'd still revoke it in GitHub (Settings → Developer settings → Tokens) since it appeared in the transcript.",
  ],
  [
    'ai88-neg-turn-yaml-transcript-no-secret',
    '- role: user\n  content: "set the API key from the env, not inline"\n- role: assistant\n  content: "Done: `apiKey: process.env.COHERE_API_KEY`. No key is committed."',
  ],
  [
    'ai88-neg-turn-human-ai-hash-compare',
    'Human: is the downloaded binary ok?\nAI: Yes — `sha256sum` gives `{h64}`, identical to `SHA256SUMS` line 7.',
  ],
  [
    'ai88-neg-turn-plan-with-secret-names',
    "> **Plan**\n> 1. Create `RESEND_API_KEY` in the Vercel dashboard (you'll paste the value)\n> 2. Reference it as `process.env.RESEND_API_KEY`\n> 3. Remove the old `SMTP_PASSWORD` variable",
  ],
  [
    'ai88-neg-assistant-generated-password-command-only',
    "I'll run `openssl rand -base64 32 | kubectl create secret generic session --from-file=key=/dev/stdin` so the value is generated and stored without ever being printed.",
  ],
  ['ai88-neg-user-short-reply-no-token', 'User: try the token from `~/.config/gh/hosts.yml`, it should still be valid'],
  ['ai88-neg-user-reply-says-token-in-env', 'use the one in $HF_TOKEN, it has access to the gated repo'],
  [
    'ai88-neg-test-fixture-obvious-fake',
    'The fixture uses `STRIPE_SECRET_KEY=sk_live_your_key_here` and `WEBHOOK_SECRET=whsec_test_placeholder`, which the mock server accepts — no real keys in the repo.',
  ],
  [
    'ai88-neg-k8s-secret-ref-env',
    "Here's the fixed Deployment env:\n\n```yaml\n        env:\n          - name: DATABASE_PASSWORD\n            valueFrom:\n              secretKeyRef: { name: ledger-db, key: password }\n```",
  ],
  [
    'ai88-neg-diff-rotating-secret-reference',
    '```diff\n-      SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL_OLD }}\n+      SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n```\nOnly the secret name changes; the value is set in repo settings.',
  ],
  [
    'ai88-neg-slack-webhook-docs-placeholder',
    "Slack's docs show the format as `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`; yours should look like that with real ids, set in `SLACK_WEBHOOK_URL`.",
  ],
  [
    'ai88-neg-table-env-names-and-sources',
    '| Variable | Source | Rotated |\n|---|---|---|\n| `DATABASE_URL` | Doppler `prd` | 2024-05-30 |\n| `OPENAI_API_KEY` | Doppler `prd` | 2024-06-02 |\n| `SENTRY_DSN` | committed (public) | — |',
  ],
  [
    'ai88-neg-version-and-build-ids',
    'Deployed `api@2.14.1+build.{d4}` (image `ghcr.io/northwind/api:2.14.1-{h7}`) to prod at 14:20 UTC; release id `rel_{h12}`.',
  ],
  [
    'ai88-neg-uuid-tenant-and-client-ids',
    'The app registration is tenant `{h8}-{h4}-{h4}-{h4}-{h12}`, client id `{h8}-{h4}-{h4}-{h4}-{h12}`. Both are identifiers; the client secret is in Key Vault as `graph-client-secret`.',
  ],
  [
    'ai88-neg-aws-request-id-and-arn',
    "`AccessDenied` for `arn:aws:iam::{d12}:role/ci-deployer` — RequestId `{H8}-{H4}-{H4}-{H4}-{H12}`. The role's trust policy doesn't include the GitHub OIDC provider.",
  ],
  [
    'ai88-neg-file-checksum-md5-etag-s3',
    'The upload succeeded: `s3://nw-artifacts/builds/web-{d4}.zip`, ETag `"{h32}-4"` (multipart), size 18.2 MB.',
  ],
  [
    'ai88-neg-mapbox-public-token',
    "Mapbox public tokens (`pk.`) are designed for client-side use; the map loads with `mapboxgl.accessToken = 'pk.eyJ1Ijoibm9ydGh3aW5kIiwiYSI6I{a20}In0.{B22}'`. The secret `sk.` token is only in CI.",
  ],
  [
    'ai88-neg-redacted-diff-in-pr-comment',
    'I redacted the values in this diff before posting it to the PR:\n\n```diff\n-API_KEY=<redacted>\n+API_KEY=<redacted>\n```',
  ],
  [
    'ai88-neg-env-example-file-committed',
    'I added `.env.example` for new contributors:\n\n```\nDATABASE_URL=postgres://postgres:postgres@localhost:5432/app_dev\nOPENAI_API_KEY=\nSTRIPE_SECRET_KEY=sk_live_...\n```',
  ],
  [
    'ai88-neg-git-commit-object-verbose',
    '```\ncommit {h40}\nMerge: {h7} {h7}\nAuthor: Maria Ortiz <maria@northwind.io>\n\n    Rotate Stripe key (value in 1Password)\n```',
  ],
  [
    'ai88-neg-password-policy-prose',
    'The new password policy: minimum 14 characters, at least one symbol, no reuse of the last 5. I set `password_min_length: 14` in `auth.yml`.',
  ],
  [
    'ai88-neg-kubectl-get-secret-no-values',
    "```\n$ kubectl -n ledger get secret ledger-db\nNAME        TYPE     DATA   AGE\nledger-db   Opaque   2      41d\n```\nThe secret exists with 2 keys; I didn't decode it.",
  ],
  [
    'ai88-neg-gh-secret-list-output',
    "`gh secret list` shows they're all there:\n\n```\nFLY_API_TOKEN        Updated 2024-06-10\nNPM_TOKEN            Updated 2024-05-28\nSENTRY_AUTH_TOKEN    Updated 2024-06-01\n```",
  ],
  [
    'ai88-neg-sha1-lockfile-resolved-and-tarball',
    'The yarn v1 lockfile entry pins the tarball by SHA-1: `resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#{h40}"`.',
  ],
  [
    'ai88-neg-sk-prefix-ellipsis-dashboard',
    'Your Anthropic console shows two keys: `sk-ant-api03-{a4}...{a4}` (created May 2) and `sk-ant-api03-{a4}...{a4}` (created June 9). Only the second one is active.',
  ],
  [
    'ai88-neg-i-will-run-with-var-expansion-curl',
    'I\'ll run:\n\n```\ncurl -sS https://api.linear.app/graphql -H "Authorization: $LINEAR_API_KEY" -H \'Content-Type: application/json\' -d \'{"query":"{ viewer { id name } }"}\'\n```',
  ],
  [
    'ai88-neg-user-id-and-account-id-numeric',
    "User: my account id is {d12} and the project number is {d12}\nAssistant: Thanks, that's enough to build the ARN; no credentials needed for this step.",
  ],
  [
    'ai88-neg-wireguard-public-keys-only',
    'Peer list from `wg show`:\n\n```\npeer: {b42}E=\n  endpoint: 203.0.113.7:51820\n  allowed ips: 10.8.0.3/32\n```',
  ],
  [
    'ai88-neg-color-hex-and-css-ids',
    'I changed the accent to `#{h6}` and the button id `#btn-{h8}`; the class hash `css-{l7}` comes from emotion.',
  ],
];
