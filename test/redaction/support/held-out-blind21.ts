/** A twenty-first held-out batch: credentials as a coding agent's sessions hold them (tool outputs, diffs, file reads, grep hits, test logs, user messages), written blind, every value a template run, scored once before any tuning. */
export const BLIND21_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'git-diff-env-add-stripe-live-and-webhook',
    '$ git diff --cached -- .env.production\ndiff --git a/.env.production b/.env.production\nindex 3f2a9c1..8be04d7 100644\n--- a/.env.production\n+++ b/.env.production\n@@ -4,6 +4,8 @@ NEXT_PUBLIC_SITE_URL=https://shop.acme.io\n NEXT_PUBLIC_STRIPE_PK=pk_live_51{a22}{a72}\n DATABASE_POOL_MAX=20\n LOG_LEVEL=info\n+STRIPE_SECRET_KEY=«sk_live_51{a22}{a72}»\n+STRIPE_WEBHOOK_SECRET=«whsec_{a32}»\n SENTRY_ENVIRONMENT=production\n FEATURE_CHECKOUT_V2=true',
  ],
  [
    'git-diff-database-yml-remove-password',
    'diff --git a/config/database.yml b/config/database.yml\nindex 91c0d2e..4a77b1f 100644\n--- a/config/database.yml\n+++ b/config/database.yml\n@@ -18,9 +18,7 @@ test:\n production:\n   <<: *default\n   database: ledger_production\n-  username: ledger\n-  password: «{a12}!{d3}»\n-  host: ledger-prod.cluster-{l12}.eu-central-1.rds.amazonaws.com\n+  url: <%= ENV["DATABASE_URL"] %>\n   pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>',
  ],
  [
    'git-diff-python-settings-openai-proj',
    'diff --git a/app/llm/client.py b/app/llm/client.py\nindex 0d1e2aa..c93f6b0 100644\n--- a/app/llm/client.py\n+++ b/app/llm/client.py\n@@ -1,12 +1,14 @@\n import logging\n+\n from openai import OpenAI\n \n log = logging.getLogger(__name__)\n \n-client = OpenAI()\n+# TEMP while the secrets manager migration is blocked\n+client = OpenAI(api_key="«sk-proj-{B64}T3BlbkFJ{B64}»")\n \n \n def summarise(text: str) -> str:\n     resp = client.chat.completions.create(',
  ],
  [
    'git-diff-compose-postgres-password-added',
    'diff --git a/docker-compose.yml b/docker-compose.yml\nindex 5bd0a17..e21f3c9 100644\n--- a/docker-compose.yml\n+++ b/docker-compose.yml\n@@ -12,8 +12,11 @@ services:\n   db:\n     image: postgres:16-alpine\n     restart: unless-stopped\n+    environment:\n+      POSTGRES_USER: billing\n+      POSTGRES_PASSWORD: «{a14}{d2}»\n     volumes:\n       - pgdata:/var/lib/postgresql/data\n     ports:\n-      - "5432:5432"\n+      - "127.0.0.1:5432:5432"',
  ],
  [
    'git-diff-workflow-replace-hardcoded-ghp',
    'diff --git a/.github/workflows/release.yml b/.github/workflows/release.yml\nindex 77aa012..19fe3b8 100644\n--- a/.github/workflows/release.yml\n+++ b/.github/workflows/release.yml\n@@ -27,7 +27,7 @@ jobs:\n       - name: Create release\n         uses: softprops/action-gh-release@v2\n         with:\n-          token: «ghp_{a36}»\n+          token: ${{ secrets.RELEASE_TOKEN }}\n           files: dist/*.tar.gz\n           generate_release_notes: true',
  ],
  [
    'git-diff-terraform-provider-static-keys-removed',
    'diff --git a/infra/main.tf b/infra/main.tf\nindex a01b3c4..ff0e921 100644\n--- a/infra/main.tf\n+++ b/infra/main.tf\n@@ -1,9 +1,6 @@\n provider "aws" {\n-  region     = "eu-west-1"\n-  access_key = "AKIA{U16}"\n-  secret_key = "«{b40}»"\n+  region = var.region\n }\n \n terraform {\n   required_version = ">= 1.6"',
  ],
  [
    'git-diff-ts-slack-webhook-added',
    "diff --git a/src/notify/slack.ts b/src/notify/slack.ts\nnew file mode 100644\nindex 0000000..4c2d9e1\n--- /dev/null\n+++ b/src/notify/slack.ts\n@@ -0,0 +1,14 @@\n+const WEBHOOK_URL =\n+  process.env.SLACK_WEBHOOK_URL ?? '«https://hooks.slack.com/services/T{U8}/B{U10}/{a24}»';\n+\n+export async function notify(text: string): Promise<void> {\n+  const res = await fetch(WEBHOOK_URL, {\n+    method: 'POST',\n+    headers: { 'Content-Type': 'application/json' },\n+    body: JSON.stringify({ text }),\n+  });\n+  if (!res.ok) {\n+    throw new Error(`slack notify failed: ${res.status}`);\n+  }\n+}",
  ],
  [
    'git-diff-appsettings-connection-string-both-sides',
    'diff --git a/src/Orders.Api/appsettings.Staging.json b/src/Orders.Api/appsettings.Staging.json\nindex 2d4f5a0..7cc1e38 100644\n--- a/src/Orders.Api/appsettings.Staging.json\n+++ b/src/Orders.Api/appsettings.Staging.json\n@@ -1,6 +1,6 @@\n {\n   "ConnectionStrings": {\n-    "Orders": "Server=tcp:sql-orders-stg.database.windows.net,1433;Initial Catalog=orders;User ID=orders_app;Password=«{a16}#{d2}»;Encrypt=True;"\n+    "Orders": "Server=tcp:sql-orders-stg.database.windows.net,1433;Initial Catalog=orders;User ID=orders_app;Password=«{a18}${d2}»;Encrypt=True;"\n   },\n   "Logging": {\n     "LogLevel": {',
  ],
  [
    'git-show-commit-npmrc-token',
    '$ git show --stat -p 4e1c9a2\ncommit 4e1c9a2{h33}\nAuthor: Priya Natarajan <priya@acme.io>\nDate:   Tue Apr 9 16:42:10 2024 +0530\n\n    ci: publish to npm from the release job\n\n .npmrc | 2 ++\n 1 file changed, 2 insertions(+)\n\ndiff --git a/.npmrc b/.npmrc\nnew file mode 100644\nindex 0000000..a8e113f\n--- /dev/null\n+++ b/.npmrc\n@@ -0,0 +1,2 @@\n+//registry.npmjs.org/:_authToken=«npm_{a36}»\n+access=public',
  ],
  [
    'git-log-p-ssh-deploy-key-added',
    '$ git log -p --follow -- deploy/keys/id_ed25519 | head -20\ncommit {h40}\nAuthor: ci-bot <ci@acme.io>\nDate:   Fri Feb 2 11:03:55 2024 +0000\n\n    add deploy key for the docs mirror\n\ndiff --git a/deploy/keys/id_ed25519 b/deploy/keys/id_ed25519\nnew file mode 100600\nindex 0000000..{h7}\n--- /dev/null\n+++ b/deploy/keys/id_ed25519\n@@ -0,0 +1,7 @@\n+-----BEGIN OPENSSH PRIVATE KEY-----\n+b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n+QyNTUxOQAAACB«{b58}AAAAJg»\n+«{b70}»\n+«{b70}»\n+«{b70}»\n+«{b24}==»\n+-----END OPENSSH PRIVATE KEY-----',
  ],
  [
    'git-diff-spring-properties-datasource-and-jwt',
    'diff --git a/src/main/resources/application-prod.properties b/src/main/resources/application-prod.properties\nindex 6b1a0c2..e0d94f7 100644\n--- a/src/main/resources/application-prod.properties\n+++ b/src/main/resources/application-prod.properties\n@@ -3,7 +3,9 @@ server.port=8080\n spring.datasource.url=jdbc:postgresql://pg-prod.internal:5432/inventory\n spring.datasource.username=inventory\n-spring.datasource.password=${DB_PASSWORD}\n+spring.datasource.password=«{a13}@{d4}»\n spring.jpa.hibernate.ddl-auto=validate\n+app.security.jwt.secret=«{b64}»\n+app.security.jwt.expiration-ms=86400000\n management.endpoints.web.exposure.include=health,info',
  ],
  [
    'git-diff-go-test-hardcoded-jwt',
    'diff --git a/internal/api/orders_test.go b/internal/api/orders_test.go\nindex c4a1e70..2f9b3d8 100644\n--- a/internal/api/orders_test.go\n+++ b/internal/api/orders_test.go\n@@ -41,7 +41,8 @@ func TestListOrdersAgainstStaging(t *testing.T) {\n \tif testing.Short() {\n \t\tt.Skip("hits staging")\n \t}\n-\treq, _ := http.NewRequest("GET", stagingURL+"/v2/orders", nil)\n+\treq, _ := http.NewRequest("GET", stagingURL+"/v2/orders?limit=5", nil)\n+\treq.Header.Set("Authorization", "Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B96}.{B43}»")\n \tresp, err := http.DefaultClient.Do(req)\n \tif err != nil {\n \t\tt.Fatal(err)',
  ],
  [
    'git-diff-rails-master-key-committed',
    '$ git diff HEAD~1 --stat\n .gitignore        | 1 -\n config/master.key | 1 +\n 2 files changed, 1 insertion(+), 1 deletion(-)\n$ git diff HEAD~1 -- config/master.key .gitignore\ndiff --git a/.gitignore b/.gitignore\nindex 12be7f0..a90c3e1 100644\n--- a/.gitignore\n+++ b/.gitignore\n@@ -14,4 +14,3 @@\n /tmp/*\n !/tmp/.keep\n-/config/master.key\ndiff --git a/config/master.key b/config/master.key\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/config/master.key\n@@ -0,0 +1 @@\n+«{h32}»',
  ],
  [
    'git-stash-show-sendgrid',
    "$ git stash show -p stash@{0}\ndiff --git a/services/mailer/config.js b/services/mailer/config.js\nindex 5e02c1d..bb71a34 100644\n--- a/services/mailer/config.js\n+++ b/services/mailer/config.js\n@@ -1,8 +1,8 @@\n module.exports = {\n   from: 'Acme Billing <billing@acme.io>',\n-  apiKey: process.env.SENDGRID_API_KEY,\n+  apiKey: process.env.SENDGRID_API_KEY || '«SG.{B22}.{B43}»',\n   templates: {\n     invoice: 'd-{h32}',\n     receipt: 'd-{h32}',\n   },",
  ],
  [
    'git-merge-conflict-env-two-keys',
    '$ git diff --name-only --diff-filter=U\n.env.staging\n$ cat .env.staging\nAPP_ENV=staging\nAPP_URL=https://staging.acme.io\n<<<<<<< HEAD\nMAPBOX_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B30}.{B22}»\n=======\nMAPBOX_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B30}.{B22}»\n>>>>>>> feature/new-map-style\nQUEUE_DRIVER=redis\nREDIS_HOST=redis.staging.internal',
  ],
  [
    'git-diff-pkcs8-key-fixture-added',
    'diff --git a/testdata/signing/service-key.pem b/testdata/signing/service-key.pem\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/testdata/signing/service-key.pem\n@@ -0,0 +1,8 @@\n+-----BEGIN PRIVATE KEY-----\n+«MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}»\n+«{b64}»\n+«{b64}»\n+«{b64}»\n+«{b64}»\n+«{b40}»\n+-----END PRIVATE KEY-----',
  ],
  [
    'git-diff-word-diff-hf-token',
    '$ git diff --word-diff scripts/pull_weights.sh\ndiff --git a/scripts/pull_weights.sh b/scripts/pull_weights.sh\nindex 1f0e6c9..3a2d7b1 100755\n--- a/scripts/pull_weights.sh\n+++ b/scripts/pull_weights.sh\n@@ -3,5 +3,5 @@ set -euo pipefail\n\nMODEL=acme/reranker-v3\nOUT=${1:-./weights}\nexport HF_TOKEN=[-${HF_TOKEN:?set HF_TOKEN}-]{+«hf_{a34}»+}\nhuggingface-cli download "$MODEL" --local-dir "$OUT"',
  ],
  [
    'grep-rn-password-settings-hit-among-code',
    '$ grep -rn "PASSWORD" --include=*.py .\n./accounts/forms.py:14:    password = forms.CharField(widget=forms.PasswordInput)\n./accounts/forms.py:27:        if len(self.cleaned_data["password"]) < MIN_PASSWORD_LENGTH:\n./accounts/views.py:88:            messages.error(request, "Wrong username or password.")\n./config/settings/base.py:19:AUTH_PASSWORD_VALIDATORS = [\n./config/settings/prod.py:41:        "PASSWORD": "«{a11}_{a6}{d2}»",\n./config/settings/prod.py:58:EMAIL_HOST_PASSWORD = "«{l16}»"\n./tests/test_login.py:9:    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],',
  ],
  [
    'rg-n-api-key-scripts-hit',
    '$ rg -n "api_key|apikey" --glob \'!node_modules\'\nscripts/backfill_geocodes.py\n12:GOOGLE_API_KEY = os.environ.get("GOOGLE_API_KEY", "«AIza{B35}»")\n31:    params = {"address": addr, "key": GOOGLE_API_KEY}\n\nsrc/geo/client.ts\n5:  constructor(private readonly apiKey: string) {}\n18:    url.searchParams.set(\'key\', this.apiKey);\n\nREADME.md\n44:Set `GOOGLE_API_KEY` in `.env` before running the backfill.',
  ],
  [
    'grep-akia-deploy-script-pair',
    '$ grep -rn "AWS_" deploy/ scripts/\ndeploy/old/upload-assets.sh:5:export AWS_DEFAULT_REGION=eu-west-1\ndeploy/old/upload-assets.sh:6:export AWS_ACCESS_KEY_ID=AKIA{U16}\ndeploy/old/upload-assets.sh:7:export AWS_SECRET_ACCESS_KEY=«{b40}»\ndeploy/old/upload-assets.sh:9:aws s3 sync ./public s3://acme-static-assets --delete\nscripts/ci/env.sh:3:: "${AWS_ROLE_ARN:?AWS_ROLE_ARN must be set}"\nscripts/ci/env.sh:4:export AWS_REGION="${AWS_REGION:-eu-west-1}"',
  ],
  [
    'rg-hidden-gh-hosts-oauth-token',
    '$ rg --hidden -n "token" ~/.config/gh ~/.config/hub 2>/dev/null\n/home/dev/.config/gh/hosts.yml\n4:        oauth_token: «gho_{a36}»\n7:    oauth_token: «gho_{a36}»\n\n/home/dev/.config/hub\n3:  oauth_token: «ghp_{a36}»',
  ],
  [
    'git-grep-authorization-e2e-helper',
    "$ git grep -n \"Authorization\" -- 'e2e/**'\ne2e/fixtures/api.ts:7:  extraHTTPHeaders: { Authorization: `Bearer ${process.env.E2E_TOKEN}` },\ne2e/helpers/admin.ts:3:// admin account on staging, do not use in prod\ne2e/helpers/admin.ts:11:const ADMIN_AUTH = 'Basic «{b32}»';\ne2e/helpers/admin.ts:24:    headers: { Authorization: ADMIN_AUTH },\ne2e/specs/refund.spec.ts:40:    expect(res.headers()['www-authenticate']).toBeUndefined();",
  ],
  [
    'grep-mongodb-srv-uri-notebooks',
    '$ grep -rn "mongodb+srv" --include=*.ipynb --include=*.py .\n./analysis/churn.ipynb:38:    "client = MongoClient(\\"mongodb+srv://analyst:«{a14}»@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority\\")\\n",\n./etl/load.py:9:MONGO_URI = os.environ["MONGO_URI"]  # mongodb+srv://<user>:<pass>@...\n$ git log --format=\'%h %an %ad\' -1 -- analysis/churn.ipynb\n{h7} Marta Silva Thu Mar 7 15:22:09 2024 +0000\n$ git check-ignore -v analysis/churn.ipynb || echo "not ignored"\nnot ignored',
  ],
  [
    'rg-xoxb-ops-script',
    '$ rg -n "xox[bp]-" .\nops/oncall/page.sh\n4:SLACK_TOKEN="«xoxb-{d12}-{d13}-{a24}»"\n17:curl -s -H "Authorization: Bearer $SLACK_TOKEN" \\\n\ndocs/runbooks/paging.md\n22:The bot token starts with `xoxb-` and lives in the `ops-oncall` vault entry.',
  ],
  [
    'grep-after-context-rsa-key',
    '$ grep -rn -A6 "BEGIN RSA PRIVATE KEY" certs/ config/\ncerts/legacy/sso-signing.key:1:-----BEGIN RSA PRIVATE KEY-----\ncerts/legacy/sso-signing.key-2-«MIIEpAIBAAKCAQEA{b48}»\ncerts/legacy/sso-signing.key-3-«{b64}»\ncerts/legacy/sso-signing.key-4-«{b64}»\ncerts/legacy/sso-signing.key-5-«{b64}»\ncerts/legacy/sso-signing.key-6-«{b64}»\ncerts/legacy/sso-signing.key-7-«{b64}»',
  ],
  [
    'grep-discord-webhook-bot-config',
    '$ grep -rn "webhook" bot/ --include=*.json\nbot/config/alerts.json:3:  "deployWebhook": "«https://discord.com/api/webhooks/{d19}/{B68}»",\nbot/config/alerts.json:4:  "errorWebhook": "«https://discord.com/api/webhooks/{d19}/{B68}»",\nbot/config/schema.json:12:      "description": "Discord webhook URL for deploy notices",\nbot/src/notify.ts:8:  const res = await fetch(config.deployWebhook, {\nbot/src/notify.ts:21:    await fetch(config.errorWebhook, { method: \'POST\', body: JSON.stringify(payload) });',
  ],
  [
    'grep-database-url-env-files',
    '$ grep -n DATABASE_URL .env*\n.env.example:3:DATABASE_URL=postgresql://postgres:postgres@localhost:5432/app_dev\n.env.local:3:DATABASE_URL=postgresql://neondb_owner:«npg_{a12}»@ep-{L5}-{L5}-a{l6}-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require\n.env.test:3:DATABASE_URL=postgresql://postgres:postgres@localhost:5432/app_test\n$ git ls-files .env*\n.env.example\n.env.test',
  ],
  [
    'rg-json-output-linear-key',
    '$ rg -n --no-heading "LINEAR" .\n.vscode/settings.json:14:    "LINEAR_API_KEY": "«lin_api_{a40}»"\nsrc/integrations/linear.ts:3:const apiKey = process.env.LINEAR_API_KEY;\nsrc/integrations/linear.ts:5:  throw new Error(\'LINEAR_API_KEY is not set\');\nsrc/integrations/linear.ts:9:  headers: { Authorization: apiKey },\n$ git check-ignore .vscode/settings.json; echo $?\n1',
  ],
  [
    'grep-history-curl-bearer',
    '$ grep -n "curl" ~/.bash_history | tail -5\n1893:curl -s https://api.acme.io/healthz\n1901:curl -s -H "Authorization: Bearer «dop_v1_{h64}»" "https://api.digitalocean.com/v2/droplets?tag_name=web"\n1902:curl -s https://api.digitalocean.com/v2/account/keys -H "Authorization: Bearer «dop_v1_{h64}»" | jq \'.ssh_keys[].name\'\n1950:curl -I https://staging.acme.io\n1951:curl -s localhost:8080/metrics | grep http_requests',
  ],
  [
    'grep-c-count-then-show-line',
    '$ grep -rlc "glpat-" . --exclude-dir=.git\n./ci/mirror-to-gitlab.sh\n$ sed -n \'1,12p\' ci/mirror-to-gitlab.sh\n#!/usr/bin/env bash\nset -euo pipefail\n# mirrors main to the customer\'s self-hosted GitLab\nREMOTE="https://oauth2:«glpat-{B20}»@gitlab.customer-corp.net/platform/acme-sdk.git"\ngit remote add mirror "$REMOTE" 2>/dev/null || true\ngit push --force mirror HEAD:refs/heads/main\ngit push mirror --tags',
  ],
  [
    'cat-rails-database-yml-production',
    '$ cat config/database.yml\ndefault: &default\n  adapter: postgresql\n  encoding: unicode\n  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>\n\ndevelopment:\n  <<: *default\n  database: tickets_development\n\nproduction:\n  <<: *default\n  database: tickets_production\n  username: tickets\n  password: «{a10}-{a8}»\n  host: 10.20.4.17',
  ],
  [
    'read-tool-django-settings-secret-key',
    '     1\tfrom pathlib import Path\n     2\t\n     3\tBASE_DIR = Path(__file__).resolve().parent.parent\n     4\t\n     5\tSECRET_KEY = "«{l22}%{l8}(#{l10}+{l6}!{l3}»"\n     6\t\n     7\tDEBUG = False\n     8\tALLOWED_HOSTS = ["portal.acme.io"]\n     9\t\n    10\tINSTALLED_APPS = [\n    11\t    "django.contrib.admin",\n    12\t    "django.contrib.auth",',
  ],
  [
    'cat-n-env-anthropic-and-resend',
    '$ cat -n .env\n     1\t# local dev\n     2\tNODE_ENV=development\n     3\tPORT=3000\n     4\tANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»\n     5\tRESEND_API_KEY=«re_{a8}_{a24}»\n     6\tMAIL_FROM=hello@acme.io\n     7\tREDIS_URL=redis://localhost:6379',
  ],
  [
    'read-spring-application-yml-mail-and-jwt',
    'spring:\n  application:\n    name: notification-service\n  mail:\n    host: smtp.office365.com\n    port: 587\n    username: notifications@acme-logistics.com\n    password: «{a12}!{d2}»\n    properties:\n      mail.smtp.starttls.enable: true\n  datasource:\n    url: jdbc:mysql://mysql-notif.internal:3306/notif?useSSL=true\n    username: notif\n    password: «{a16}»\njwt:\n  issuer: acme-logistics\n  secret: «{b64}»',
  ],
  [
    'cat-wp-config-db-and-salts',
    "$ sed -n '20,40p' wp-config.php\n/** Database username */\ndefine( 'DB_USER', 'wp_blog' );\n\n/** Database password */\ndefine( 'DB_PASSWORD', '«{a14}{d2}»' );\n\n/** Database hostname */\ndefine( 'DB_HOST', 'localhost' );\n\ndefine( 'AUTH_KEY',         '«{a40}_{a23}»' );\ndefine( 'SECURE_AUTH_KEY',  '«{a40}-{a23}»' );\ndefine( 'LOGGED_IN_KEY',    '«{a40}.{a23}»' );",
  ],
  [
    'cat-config-toml-rust-service',
    '$ cat config/production.toml\n[server]\nbind = "0.0.0.0:8443"\nworkers = 8\n\n[database]\nurl = "postgres://indexer:«{a20}»@pg-indexer.prod.internal:5432/indexer"\nmax_connections = 32\n\n[upstream.etherscan]\nbase_url = "https://api.etherscan.io/api"\napi_key = "«{U34}»"',
  ],
  [
    'cat-pgpass',
    '$ cat ~/.pgpass\n# hostname:port:database:username:password\nlocalhost:5432:*:postgres:postgres\npg-analytics.prod.internal:5432:warehouse:analyst:«{a18}»\npg-analytics.prod.internal:5432:warehouse:etl_loader:«{a16}{d2}»\n$ ls -l ~/.pgpass\n-rw------- 1 dev dev 214 Mar 11 09:12 /home/dev/.pgpass',
  ],
  [
    'cat-laravel-env-app-key-and-db',
    '$ head -20 .env\nAPP_NAME=Helpdesk\nAPP_ENV=production\nAPP_KEY=«base64:{b43}=»\nAPP_DEBUG=false\nAPP_URL=https://help.acme.io\n\nLOG_CHANNEL=stack\n\nDB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT=3306\nDB_DATABASE=helpdesk\nDB_USERNAME=helpdesk\nDB_PASSWORD=«{a15}»\n\nMAIL_MAILER=postmark\nPOSTMARK_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'read-nextauth-env-production',
    '.env.production.local\n---\nNEXTAUTH_URL=https://app.acme.io\nNEXTAUTH_SECRET=«{b43}=»\nGITHUB_ID=Iv1.{h16}\nGITHUB_SECRET=«{h40}»\nDATABASE_URL="mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/acme?sslaccept=strict"',
  ],
  [
    'read-firebase-service-account-json',
    '$ head -c 900 secrets/firebase-adminsdk.json\n{\n  "type": "service_account",\n  "project_id": "acme-mobile-{d5}",\n  "private_key_id": "«{h40}»",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n«MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}»\\n«{b64}»\\n«{b64}»\\n«{b64}»\\n«{b64}»\\n',
  ],
  [
    'cat-discord-bot-config-json',
    '$ cat bot/config.json\n{\n  "prefix": "!",\n  "token": "«M{a25}.G{a5}.{B38}»",\n  "guildId": "{d18}",\n  "ownerIds": ["{d18}"],\n  "logChannel": "{d19}"\n}',
  ],
  [
    'cat-git-config-remote-with-token',
    '$ cat .git/config\n[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n[remote "origin"]\n\turl = https://x-access-token:«ghs_{a36}»@github.com/acme/infra-live.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main',
  ],
  [
    'cat-persistence-xml-password',
    '$ cat src/main/resources/META-INF/persistence.xml\n<persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.0">\n  <persistence-unit name="reportingPU" transaction-type="RESOURCE_LOCAL">\n    <class>com.acme.reporting.Invoice</class>\n    <properties>\n      <property name="jakarta.persistence.jdbc.driver" value="oracle.jdbc.OracleDriver"/>\n      <property name="jakarta.persistence.jdbc.url" value="jdbc:oracle:thin:@//ora-rep.acme.local:1521/REPPDB"/>\n      <property name="jakarta.persistence.jdbc.user" value="REPORTING"/>\n      <property name="jakarta.persistence.jdbc.password" value="«{a10}#{d4}»"/>\n      <property name="hibernate.show_sql" value="false"/>\n    </properties>\n  </persistence-unit>\n</persistence>',
  ],
  [
    'cat-maven-settings-servers',
    '$ cat ~/.m2/settings.xml\n<settings>\n  <servers>\n    <server>\n      <id>acme-releases</id>\n      <username>deployer</username>\n      <password>«{a20}»</password>\n    </server>\n    <server>\n      <id>central</id>\n      <username>{a8}</username>\n      <password>«{a44}»</password>\n    </server>\n  </servers>\n</settings>',
  ],
  [
    'cat-cargo-credentials-toml',
    '$ cat ~/.cargo/credentials.toml\n[registry]\ntoken = "«cio{a32}»"\n\n[registries.acme-internal]\ntoken = "Bearer «{a40}»"',
  ],
  [
    'read-ipynb-cell-openai-key',
    'analysis/eval_prompts.ipynb (cells 2-3)\n  {\n   "cell_type": "code",\n   "execution_count": 2,\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "import os\\n",\n    "os.environ[\\"OPENAI_API_KEY\\"] = \\"«sk-proj-{B64}T3BlbkFJ{B64}»\\"\\n",\n    "from openai import OpenAI\\n",\n    "client = OpenAI()\\n"\n   ]\n  },',
  ],
  [
    'notebook-repl-cell-pinecone-and-cohere',
    "In [3]: from pinecone import Pinecone\n   ...: import cohere\n   ...: pc = Pinecone(api_key=\"«pcsk_{a5}_{a64}»\")\n   ...: co = cohere.Client(\"«{a40}»\")\n   ...: index = pc.Index(\"support-articles\")\n\nIn [4]: index.describe_index_stats()\nOut[4]:\n{'dimension': 1024,\n 'index_fullness': 0.0,\n 'namespaces': {'': {'vector_count': 48211}},\n 'total_vector_count': 48211}",
  ],
  [
    'read-vscode-launch-json-env',
    '.vscode/launch.json\n{\n  "version": "0.2.0",\n  "configurations": [\n    {\n      "type": "node",\n      "request": "launch",\n      "name": "worker (staging)",\n      "program": "${workspaceFolder}/dist/worker.js",\n      "env": {\n        "QUEUE_URL": "amqps://worker:«{a24}»@rabbit-stg.acme.io:5671/jobs",\n        "DATADOG_API_KEY": "«{h32}»"\n      }\n    }\n  ]\n}',
  ],
  [
    'cat-systemd-unit-environment',
    '$ systemctl cat metrics-relay.service\n# /etc/systemd/system/metrics-relay.service\n[Unit]\nDescription=Metrics relay to Grafana Cloud\nAfter=network-online.target\n\n[Service]\nEnvironment=GRAFANA_URL=https://prometheus-prod-13-prod-us-east-0.grafana.net/api/prom/push\nEnvironment=GRAFANA_USER={d7}\nEnvironment=GRAFANA_TOKEN=«glc_eyJvIjoi{d6}IiwibiI6I{B90}»\nExecStart=/usr/local/bin/metrics-relay --config /etc/metrics-relay.yml\nRestart=always',
  ],
  [
    'cat-rclone-conf',
    '$ cat ~/.config/rclone/rclone.conf\n[b2-backups]\ntype = b2\naccount = {h12}\nkey = «K00{a28}»\n\n[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {h32}\nsecret_access_key = «{h64}»\nendpoint = https://{h32}.r2.cloudflarestorage.com',
  ],
  [
    'cat-aws-credentials-two-profiles',
    '$ cat ~/.aws/credentials\n[default]\naws_access_key_id = AKIA{U16}\naws_secret_access_key = «{b40}»\n\n[acme-prod-admin]\naws_access_key_id = ASIA{U16}\naws_secret_access_key = «{b40}»\naws_session_token = «IQoJb3JpZ2luX2VjE{b60}{b60}{b60}{b44}»',
  ],
  [
    'cat-docker-config-json-auths',
    '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"ghcr.io": {\n\t\t\t"auth": "«{b56}»"\n\t\t},\n\t\t"registry.gitlab.com": {\n\t\t\t"auth": "«{b44}»"\n\t\t}\n\t},\n\t"credsStore": "",\n\t"currentContext": "default"\n}',
  ],
  [
    'cat-kube-config-token-user',
    '$ cat ~/.kube/config\napiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUREekNDQWZlZ0F3SUJBZ0lVV{b60}\n    server: https://k8s-api.lab.acme.io:6443\n  name: lab\ncontexts:\n- context:\n    cluster: lab\n    namespace: ci\n    user: ci-deployer\n  name: lab\ncurrent-context: lab\nkind: Config\nusers:\n- name: ci-deployer\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}In0.eyJ{B240}.{B342}»',
  ],
  [
    'cat-npmrc-multi-registry',
    '$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n@acme:registry=https://npm.pkg.github.com/\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»\n//registry.npmjs.org/:_authToken=«npm_{a36}»\n@fontawesome:registry=https://npm.fontawesome.com/\n//npm.fontawesome.com/:_authToken=«{H8}-{H4}-{H4}-{H4}-{H12}»\nsave-exact=true',
  ],
  [
    'cat-pypirc-pypi-and-testpypi',
    '$ cat ~/.pypirc\n[distutils]\nindex-servers =\n    pypi\n    acme\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmcCJD{h8}-{h4}-{h4}-{h4}-{h12}AAIqWzMsIm{B80}»\n\n[acme]\nrepository = https://pkgs.acme.io/simple/\nusername = release-bot\npassword = «{a22}»',
  ],
  [
    'cat-netrc-two-machines',
    '$ cat ~/.netrc\nmachine api.heroku.com\n  login ops@acme.io\n  password «HRKU-AA{B58}»\nmachine git.heroku.com\n  login ops@acme.io\n  password «HRKU-AA{B58}»\nmachine artifacts.acme.io login ci password «{a24}»',
  ],
  [
    'cat-ssh-id-ed25519',
    '$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB«{b58}AAAAKA»\n«{b70}»\n«{b70}»\n«{b70}»\n«{b28}AAAADmRldkBsYXB0b3AtMDEBAgMEBQ==»\n-----END OPENSSH PRIVATE KEY-----\n$ ls -la ~/.ssh/\ntotal 20\ndrwx------  2 dev dev 4096 May  2 10:11 .\n-rw-------  1 dev dev  411 May  2 10:11 id_ed25519\n-rw-r--r--  1 dev dev  100 May  2 10:11 id_ed25519.pub',
  ],
  [
    'gpg-export-secret-key-armor',
    '$ gpg --export-secret-keys --armor releases@acme.io | head -12\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«lQdGBGXy{b60}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»',
  ],
  [
    'cat-git-credentials-store',
    '$ git config --global credential.helper\nstore\n$ cat ~/.git-credentials\nhttps://dev-acme:«github_pat_11{U9}{a11}_{a59}»@github.com\nhttps://jenkins:«{a32}»@bitbucket.acme.internal',
  ],
  [
    'cat-terraformrc-credentials',
    '$ cat ~/.terraformrc\nplugin_cache_dir = "$HOME/.terraform.d/plugin-cache"\n\ncredentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{a67}»"\n}',
  ],
  [
    'cat-putty-ppk-private-lines',
    '$ cat deploy-key.ppk\nPuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy@jumpbox\nPublic-Lines: 6\nAAAAB3NzaC1yc2EAAAADAQABAAABAQ{b34}\n{b64}\n{b64}\n{b64}\n{b64}\n{b24}\nPrivate-Lines: 14\n«AAABAF{b58}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»\n«{b64}»\nPrivate-MAC: {h64}',
  ],
  [
    'cat-ec-private-key-tls',
    '$ cat /etc/nginx/tls/api.acme.io.key\n-----BEGIN EC PRIVATE KEY-----\n«MHcCAQEEI{b43}oAoGCCqGSM49»\n«AwEHoUQDQgAE{b52}»\n«{b24}==»\n-----END EC PRIVATE KEY-----',
  ],
  [
    'env-sort-output-several-tokens',
    '$ env | sort\nCOLORTERM=truecolor\nGITHUB_TOKEN=«ghp_{a36}»\nHOME=/home/dev\nLANG=en_US.UTF-8\nNVM_DIR=/home/dev/.nvm\nOPENAI_API_KEY=«sk-proj-{B64}T3BlbkFJ{B64}»\nPATH=/home/dev/.nvm/versions/node/v20.12.2/bin:/usr/local/bin:/usr/bin:/bin\nPWD=/home/dev/src/acme-web\nSHELL=/bin/zsh\nSHLVL=2\nTERM=xterm-256color\nUSER=dev',
  ],
  [
    'printenv-grep-key-mixed',
    "$ printenv | grep -iE 'key|secret|token'\nGROQ_API_KEY=«gsk_{a52}»\nNEXT_PUBLIC_POSTHOG_KEY=phc_{a43}\nTOKENIZERS_PARALLELISM=false\nREPLICATE_API_TOKEN=«r8_{a37}»\nSSH_AUTH_SOCK=/tmp/ssh-{a12}/agent.{d5}",
  ],
  [
    'docker-compose-config-expanded',
    '$ docker compose config\nname: acme-stack\nservices:\n  api:\n    environment:\n      DATABASE_URL: postgres://api:«{a20}»@db:5432/api\n      JWT_SECRET: «{h64}»\n      NODE_ENV: production\n    image: ghcr.io/acme/api:2.8.1\n    ports:\n      - mode: ingress\n        target: 3000\n        published: "3000"\n        protocol: tcp\n  db:\n    environment:\n      POSTGRES_PASSWORD: «{a20}»\n      POSTGRES_USER: api\n    image: postgres:16',
  ],
  [
    'kubectl-describe-configmap-with-password',
    '$ kubectl -n reporting describe configmap metabase-env\nName:         metabase-env\nNamespace:    reporting\nLabels:       app.kubernetes.io/name=metabase\nAnnotations:  <none>\n\nData\n====\nMB_DB_HOST:\n----\npg-metabase.reporting.svc.cluster.local\nMB_DB_PASS:\n----\n«{a18}»\nMB_DB_USER:\n----\nmetabase\n\nBinaryData\n====',
  ],
  [
    'docker-inspect-config-env',
    '$ docker inspect --format \'{{json .Config.Env}}\' keycloak | jq .\n[\n  "KC_DB=postgres",\n  "KC_DB_URL=jdbc:postgresql://pg.auth.internal:5432/keycloak",\n  "KC_DB_USERNAME=keycloak",\n  "KC_DB_PASSWORD=«{a16}{d3}»",\n  "KEYCLOAK_ADMIN=admin",\n  "KEYCLOAK_ADMIN_PASSWORD=«{a12}#{d2}»",\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"\n]',
  ],
  [
    'kubectl-get-secret-yaml-data',
    '$ kubectl -n shop get secret shop-api -o yaml\napiVersion: v1\ndata:\n  MEILI_MASTER_KEY: «{b44}»\n  REDIS_PASSWORD: «{b32}»\nkind: Secret\nmetadata:\n  creationTimestamp: "2024-04-22T08:14:02Z"\n  name: shop-api\n  namespace: shop\n  resourceVersion: "{d8}"\n  uid: {h8}-{h4}-{h4}-{h4}-{h12}\ntype: Opaque',
  ],
  [
    'ps-aux-process-password-flag',
    '$ uptime\n 02:07:13 up 41 days,  3:12,  1 user,  load average: 1.84, 1.22, 0.97\n$ ps aux | grep -v grep | grep backup\nUSER       PID %CPU %MEM    VSZ   RSS TTY STAT START   TIME COMMAND\npostgres  41872  0.0  0.1  21404  5120 ?   S    02:00   0:00 /bin/sh -c /opt/backup/run.sh\npostgres  41873  2.1  0.4  89120 17332 ?   S    02:00   0:41 pg_dump --dbname=postgresql://backup:«{a18}»@127.0.0.1:5432/crm -Fc -f /var/backups/crm-20240514.dump\nroot      41900  0.3  0.2  44212  9876 ?   S    02:00   0:05 restic -r s3:s3.amazonaws.com/acme-backups backup /var/backups',
  ],
  [
    'devcontainer-env-printenv-codespace',
    "@priya ➜ /workspaces/acme-monorepo (main) $ printenv | grep -v '^GITHUB_' | head -8\nCODESPACES=true\nCODESPACE_NAME=fluffy-space-{l6}-{d5}\nDOPPLER_TOKEN=«dp.st.dev.{a43}»\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B40}.{B43}»\nHOSTNAME=codespaces-{h6}\nLANG=C.UTF-8",
  ],
  [
    'pytest-failure-settings-repr',
    "$ pytest tests/test_config.py -x -q\nF\n=================================== FAILURES ===================================\n_____________________________ test_loads_prod_env ______________________________\n\n    def test_loads_prod_env(monkeypatch):\n        settings = Settings(_env_file=\".env.prod\")\n>       assert settings.database_url.host == \"db.prod.internal\"\nE       AssertionError: assert 'pg-prod-01.acme.internal' == 'db.prod.internal'\nE        +  where 'pg-prod-01.acme.internal' = MultiHostUrl('postgresql://app:«{a18}»@pg-prod-01.acme.internal:5432/app').host\nE        +    where MultiHostUrl('postgresql://app:«{a18}»@pg-prod-01.acme.internal:5432/app') = Settings(database_url=..., stripe_key='«rk_live_51{a22}{a72}»').database_url\n\ntests/test_config.py:14: AssertionError\n=========================== short test summary info ============================\nFAILED tests/test_config.py::test_loads_prod_env - AssertionError: assert 'pg...\n1 failed in 0.42s",
  ],
  [
    'jest-failure-received-headers',
    ' FAIL  src/api/__tests__/client.test.ts\n  ● ApiClient › sends the partner token\n\n    expect(jest.fn()).toHaveBeenCalledWith(...expected)\n\n    Expected: "https://partner.acme.io/v1/shipments", ObjectContaining {"headers": ObjectContaining {"X-Api-Key": "partner-key"}}\n    Received: "https://partner.acme.io/v1/shipments", {"headers": {"Accept": "application/json", "X-Api-Key": "«{h40}»"}, "method": "GET"}\n\n    Number of calls: 1\n\n      42 |     await client.listShipments();\n    > 43 |     expect(fetchMock).toHaveBeenCalledWith(\n         |                       ^\n      44 |       \'https://partner.acme.io/v1/shipments\',\n\nTests:       1 failed, 11 passed, 12 total',
  ],
  [
    'go-test-log-dsn-printed',
    '$ go test ./internal/store/... -run TestMigrate -v\n=== RUN   TestMigrate\n    migrate_test.go:31: connecting with dsn=postgres://store:«{a16}»@localhost:55432/store_test?sslmode=disable\n    migrate_test.go:38: applied 17 migrations\n    migrate_test.go:44: \n        \tError Trace:\t/home/dev/src/store/internal/store/migrate_test.go:44\n        \tError:      \tNot equal: \n        \t            \texpected: 18\n        \t            \tactual  : 17\n        \tTest:       \tTestMigrate\n--- FAIL: TestMigrate (1.83s)\nFAIL\nFAIL\tgithub.com/acme/store/internal/store\t1.902s',
  ],
  [
    'rspec-failure-hash-diff-api-key',
    'Failures:\n\n  1) Billing::Gateway#charge sends credentials\n     Failure/Error: expect(conn).to have_received(:post).with("/charges", expected_body)\n\n       #<Faraday::Connection (class)> received :post with unexpected arguments\n         expected: ("/charges", {:amount=>1000, :currency=>"eur"})\n              got: ("/charges", {:amount=>1000, :api_key=>"«{a32}»", :currency=>"eur"})\n     # ./spec/billing/gateway_spec.rb:27:in `block (3 levels) in <top (required)>\'\n\nFinished in 0.318 seconds (files took 1.42 seconds to load)\n12 examples, 1 failure',
  ],
  [
    'axios-error-dump-authorization',
    "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n    at IncomingMessage.handleStreamEnd (/app/node_modules/axios/lib/adapters/http.js:589:11) {\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    method: 'post',\n    url: 'https://api.hubapi.com/crm/v3/objects/contacts',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      'Content-Type': 'application/json',\n      Authorization: 'Bearer «pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»',\n      'User-Agent': 'axios/1.6.8'\n    },",
  ],
  [
    'junit-trace-jdbc-url-password',
    '[ERROR] Tests run: 3, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 2.117 s <<< FAILURE! -- in com.acme.ledger.LedgerRepositoryIT\n[ERROR] com.acme.ledger.LedgerRepositoryIT.savesEntries -- Time elapsed: 1.904 s <<< ERROR!\norg.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection\n\tat org.springframework.jdbc.datasource.DataSourceUtils.getConnection(DataSourceUtils.java:84)\nCaused by: java.sql.SQLException: Cannot create PoolableConnectionFactory (Connection refused), url=jdbc:mysql://10.0.3.44:3306/ledger?user=ledger&password=«{a14}{d2}»&useSSL=false\n\tat org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource.java:653)\n\tat org.apache.commons.dbcp2.BasicDataSource.createDataSource(BasicDataSource.java:531)',
  ],
  [
    'cypress-log-login-request-body',
    '  Running:  checkout.cy.ts                                                                   (3 of 7)\n\n  Checkout\n    1) completes a purchase as the seeded customer\n\n  1) Checkout\n       completes a purchase as the seeded customer:\n     CypressError: `cy.request()` failed on:\n\nhttps://staging.acme.io/api/auth/login\n\nThe response we received from your web server was:\n\n  > 500: Internal Server Error\n\nThe request we sent was:\n\nMethod: POST\nURL: https://staging.acme.io/api/auth/login\nBody: {"email":"qa-buyer@acme.io","password":"«{a12}!{d3}»"}',
  ],
  [
    'cargo-test-panic-debug-config',
    '$ cargo test --test integration\nrunning 4 tests\ntest upload_roundtrip ... FAILED\n\nfailures:\n\n---- upload_roundtrip stdout ----\nconfig = Config { bucket: "acme-ingest-stg", region: "auto", endpoint: "https://{h32}.r2.cloudflarestorage.com", access_key_id: "{h32}", secret_access_key: "«{h64}»" }\nthread \'upload_roundtrip\' panicked at tests/integration.rs:58:10:\ncalled `Result::unwrap()` on an `Err` value: DispatchFailure(ConnectorError { kind: Timeout })\n\nfailures:\n    upload_roundtrip\n\ntest result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 30.41s',
  ],
  [
    'phpunit-guzzle-exception-query-key',
    'There was 1 error:\n\n1) Tests\\Feature\\WeatherTest::test_fetches_forecast\nGuzzleHttp\\Exception\\ClientException: Client error: `GET https://api.openweathermap.org/data/2.5/forecast?q=Lisbon&appid=«{h32}»&units=metric` resulted in a `401 Unauthorized` response:\n{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}\n\n/var/www/vendor/guzzlehttp/guzzle/src/Exception/RequestException.php:113\n/var/www/app/Services/Weather.php:31\n/var/www/tests/Feature/WeatherTest.php:18\n\nERRORS!\nTests: 24, Assertions: 61, Errors: 1.',
  ],
  [
    'python-traceback-locals-password',
    "Traceback (most recent call last):\n  File \"/srv/etl/jobs/sync_crm.py\", line 54, in <module>\n    main()\n  File \"/srv/etl/jobs/sync_crm.py\", line 47, in main\n    conn = snowflake.connector.connect(**cfg)\n    # cfg = {'account': 'acme-eu1', 'user': 'ETL_SVC', 'password': '«{a16}»', 'warehouse': 'ETL_WH', 'role': 'LOADER'}\n  File \"/srv/etl/.venv/lib/python3.11/site-packages/snowflake/connector/__init__.py\", line 55, in Connect\n    return SnowflakeConnection(**kwargs)\nsnowflake.connector.errors.DatabaseError: 250001 (08001): Failed to connect to DB: acme-eu1.snowflakecomputing.com:443. Incorrect username or password was specified.",
  ],
  [
    'playwright-storage-state-cookie',
    '$ cat e2e/.auth/admin.json\n{\n  "cookies": [\n    {\n      "name": "__Secure-next-auth.session-token",\n      "value": "«eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..{B22}.{B300}.{B22}»",\n      "domain": "staging.acme.io",\n      "path": "/",\n      "expires": 1718366400.12,\n      "httpOnly": true,\n      "secure": true,\n      "sameSite": "Lax"\n    }\n  ],\n  "origins": []\n}',
  ],
  [
    'vitest-snapshot-mismatch-token',
    ' FAIL  test/webhook.test.ts > signs outgoing payloads\nAssertionError: expected \'sha256=4e1d…\' to be \'sha256=0b7c…\'\n\n- Expected\n+ Received\n\n  {\n    "endpoint": "https://hooks.partner-logistics.net/acme",\n-   "secret": "whsec_local",\n+   "secret": "«whsec_{a32}»",\n    "tolerance": 300,\n  }\n\n ❯ test/webhook.test.ts:31:22',
  ],
  [
    'curl-token-endpoint-json-response',
    '$ curl -s -X POST https://auth.acme.io/oauth/token -d grant_type=client_credentials -d client_id=reporting-svc -d client_secret=«{a40}» | jq .\n{\n  "access_token": "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6I{B22}In0.eyJ{B220}.{B342}»",\n  "expires_in": 3600,\n  "refresh_expires_in": 0,\n  "token_type": "Bearer",\n  "not-before-policy": 0,\n  "scope": "reports:read"\n}',
  ],
  [
    'curl-v-request-authorization-header',
    '$ curl -v https://api.linear.app/graphql -H \'Content-Type: application/json\' -H \'Authorization: «lin_api_{a40}»\' -d \'{"query":"{ viewer { id name } }"}\'\n*   Trying 104.18.21.125:443...\n* Connected to api.linear.app (104.18.21.125) port 443\n* ALPN: curl offers h2,http/1.1\n> POST /graphql HTTP/2\n> Host: api.linear.app\n> User-Agent: curl/8.5.0\n> Accept: */*\n> Content-Type: application/json\n> Authorization: «lin_api_{a40}»\n> Content-Length: 35\n>\n< HTTP/2 200\n< content-type: application/json; charset=utf-8\n{"data":{"viewer":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","name":"Priya N"}}}',
  ],
  [
    'curl-i-set-cookie-rails-session',
    "$ curl -si -X POST https://admin.acme.io/users/sign_in -d 'user[email]=ops@acme.io' -d 'user[password]=«{a14}{d2}»' | head -12\nHTTP/2 302\ndate: Tue, 14 May 2024 10:22:41 GMT\ncontent-type: text/html; charset=utf-8\nlocation: https://admin.acme.io/\ncache-control: no-cache\nset-cookie: _admin_session=«{b200}--{b40}--{b24}==»; path=/; secure; HttpOnly; SameSite=Lax\nx-request-id: {h8}-{h4}-{h4}-{h4}-{h12}\nx-runtime: 0.184213",
  ],
  [
    'httpie-create-api-key-response',
    '$ http POST :8000/api/v1/keys name=ci-runner scopes:=\'["deploy"]\' "Authorization:Bearer $ADMIN_TOKEN"\nHTTP/1.1 201 Created\ncontent-length: 214\ncontent-type: application/json\ndate: Tue, 14 May 2024 11:02:13 GMT\nserver: uvicorn\n\n{\n    "created_at": "2024-05-14T11:02:13.551Z",\n    "id": "key_{a24}",\n    "key": "«ak_live_{a40}»",\n    "name": "ci-runner",\n    "scopes": ["deploy"]\n}',
  ],
  [
    'oauth-device-flow-log-github',
    '2024-05-14T09:41:02.117Z INFO  cli::auth  requesting device code client_id=Iv1.{h16}\n2024-05-14T09:41:02.530Z INFO  cli::auth  open https://github.com/login/device and enter code {U4}-{U4}\n2024-05-14T09:41:19.881Z DEBUG cli::auth  poll -> {"error":"authorization_pending"}\n2024-05-14T09:41:25.014Z DEBUG cli::auth  poll -> {"access_token":"«ghu_{a36}»","expires_in":28800,"refresh_token":"«ghr_{a76}»","refresh_token_expires_in":15811200,"token_type":"bearer","scope":""}\n2024-05-14T09:41:25.016Z INFO  cli::auth  logged in as priya-n',
  ],
  [
    'oauth-code-exchange-debug-body',
    "[2024-05-14 12:01:44,812] DEBUG urllib3.connectionpool: Starting new HTTPS connection (1): oauth2.googleapis.com:443\n[2024-05-14 12:01:44,813] DEBUG app.auth.google: POST /token body=code=4%2F0A{B70}&client_id={d12}-{l32}.apps.googleusercontent.com&client_secret=«GOCSPX-{B28}»&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fauth%2Fcallback&grant_type=authorization_code\n[2024-05-14 12:01:45,102] DEBUG urllib3.connectionpool: https://oauth2.googleapis.com:443 \"POST /token HTTP/1.1\" 200 None\n[2024-05-14 12:01:45,104] DEBUG app.auth.google: token response keys=['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type', 'id_token']\n[2024-05-14 12:01:45,104] DEBUG app.auth.google: refresh_token=«1//0{B100}»",
  ],
  [
    'keycloak-token-response-refresh-jwt',
    '< HTTP/1.1 200 OK\n< Cache-Control: no-store\n< Pragma: no-cache\n< Content-Type: application/json\n<\n{"access_token":"«eyJhbGciOiJSUzI1NiIsInR5cCIgOiAiSldUIiwia2lkIiA6ICJ{B40}In0.eyJ{B300}.{B342}»","expires_in":300,"refresh_expires_in":1800,"refresh_token":"«eyJhbGciOiJIUzUxMiIsInR5cCIgOiAiSldUIiwia2lkIiA6ICJ{B40}In0.eyJ{B200}.{B86}»","token_type":"Bearer","not-before-policy":0,"session_state":"{h8}-{h4}-{h4}-{h4}-{h12}","scope":"openid profile email"}',
  ],
  [
    'har-excerpt-cookie-and-bearer',
    '      "request": {\n        "method": "GET",\n        "url": "https://app.acme.io/api/v2/me",\n        "httpVersion": "http/2.0",\n        "headers": [\n          { "name": ":authority", "value": "app.acme.io" },\n          { "name": "authorization", "value": "Bearer «{B43}»" },\n          { "name": "cookie", "value": "ajs_anonymous_id={h8}-{h4}-{h4}-{h4}-{h12}; sid=«s%3A{B32}.{B43}»" },\n          { "name": "user-agent", "value": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36" }\n        ],',
  ],
  [
    'vault-kv-get-output',
    '$ vault kv get -mount=secret apps/billing/prod\n======= Secret Path =======\nsecret/data/apps/billing/prod\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2024-05-02T08:11:52.102937Z\nversion            7\n\n======= Data =======\nKey                   Value\n---                   -----\nbraintree_private     «{h32}»\ndb_password           «{a24}»',
  ],
  [
    'vault-login-output-token',
    '$ vault login -method=userpass username=priya\nPassword (will be hidden):\nSuccess! You are now authenticated. The token information displayed below\nis already stored in the token helper. You do NOT need to run "vault login"\nagain. Future Vault requests will automatically use this token.\n\nKey                    Value\n---                    -----\ntoken                  «hvs.CAESI{B86}»\ntoken_accessor         {a24}\ntoken_duration         768h\ntoken_renewable        true\ntoken_policies         ["default" "dev-read"]',
  ],
  [
    'psql-url-connect-session',
    '$ psql "postgresql://reporting:«{a22}»@pg-replica.prod.internal:5432/orders?sslmode=require"\npsql (16.2 (Ubuntu 16.2-1.pgdg22.04+1), server 15.6)\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)\nType "help" for help.\n\norders=> \\dt\n              List of relations\n Schema |      Name       | Type  |  Owner\n--------+-----------------+-------+----------\n public | order_items     | table | orders\n public | orders          | table | orders\n public | refunds         | table | orders\n(3 rows)',
  ],
  [
    'psql-select-integrations-api-keys',
    'orders=# SELECT id, provider, api_key, created_at FROM integrations ORDER BY id;\n id | provider  |                 api_key                  |         created_at\n----+-----------+------------------------------------------+----------------------------\n  1 | shopify   | «shpat_{h32}»                     | 2023-11-02 09:14:22.41+00\n  2 | klaviyo   | «pk_{h34}»       | 2023-12-19 16:40:03.19+00\n  3 | mailchimp | «{h32}-us21»                     | 2024-02-07 11:05:51.77+00\n(3 rows)',
  ],
  [
    'mysql-cli-create-user-identified-by',
    "mysql> CREATE USER 'grafana_ro'@'10.0.%' IDENTIFIED BY '«{a14}#{d2}»';\nQuery OK, 0 rows affected (0.02 sec)\n\nmysql> GRANT SELECT ON metrics.* TO 'grafana_ro'@'10.0.%';\nQuery OK, 0 rows affected (0.01 sec)\n\nmysql> FLUSH PRIVILEGES;\nQuery OK, 0 rows affected (0.00 sec)",
  ],
  [
    'mongosh-srv-connect-banner',
    '$ mongosh "mongodb+srv://app_admin:«{a16}»@prod-cluster.{l5}.mongodb.net/inventory"\nCurrent Mongosh Log ID:\t{h24}\nConnecting to:\t\tmongodb+srv://<credentials>@prod-cluster.{l5}.mongodb.net/inventory?appName=mongosh+2.2.5\nUsing MongoDB:\t\t7.0.8\nUsing Mongosh:\t\t2.2.5\n\nAtlas atlas-{l6}-shard-0 [primary] inventory> db.items.countDocuments()\n184223',
  ],
  [
    'redis-cli-a-warning',
    "$ redis-cli -h redis-sessions.prod.internal -p 6380 --tls -a '«{a32}»' INFO keyspace\nWarning: Using a password with '-a' or '-u' option on the command line interface may not be safe.\n# Keyspace\ndb0:keys=48211,expires=48190,avg_ttl=1702331,subexpiry=0\ndb2:keys=12,expires=0,avg_ttl=0,subexpiry=0",
  ],
  [
    'clickhouse-client-password-flag',
    '$ clickhouse-client --host ch.analytics.internal --secure --user ingest --password «{a20}» --query "SELECT count() FROM events WHERE date = today()"\n1483922\n$ clickhouse-client --host ch.analytics.internal --secure --user ingest --password «{a20}» --query "SHOW TABLES FROM analytics"\nevents\nsessions\npage_views',
  ],
  [
    'sqlite-tokens-table',
    '$ sqlite3 data/bot.db "SELECT guild_id, provider, access_token, refresh_token FROM oauth_tokens LIMIT 3;"\n{d18}|spotify|«BQ{B150}»|«AQ{B130}»\n{d18}|twitch|«{l30}»|«{l50}»\n{d18}|twitch|«{l30}»|«{l50}»\n$ sqlite3 data/bot.db ".schema oauth_tokens"\nCREATE TABLE oauth_tokens (guild_id TEXT, provider TEXT, access_token TEXT, refresh_token TEXT, expires_at INTEGER);',
  ],
  [
    'user-en-staging-key-wire-in',
    "here's the staging key for the new geocoding provider, can you wire it into `src/geo/client.ts` and add a retry on 429?\n\n«{h8}{h8}{h8}{h8}»\n\nit's the staging one so don't worry too much, I'll put the prod one in Doppler myself",
  ],
  [
    'user-es-gitlab-runner-token',
    'Te paso el token del runner de GitLab para el proyecto de infra: «glrt-{B20}»\n¿puedes registrar el runner en la máquina de build (build-02) con el executor docker y la imagen node:20? \nLuego me dices si aparece como online en Settings > CI/CD > Runners.\n\nLa máquina ya tiene Docker 26 instalado:\n$ docker --version\nDocker version 26.1.1, build 4cf5afa',
  ],
  [
    'user-de-db-password-migration',
    'Kannst du bitte die Migration gegen Staging laufen lassen? Zugang:\n\nHost: pg-stg.acme.internal\nUser: migrator\nPasswort: «{a12}%{d3}»\n\nDanach bitte kurz prüfen, ob die Tabelle `invoices_archive` angelegt wurde.',
  ],
  [
    'user-fr-mistral-key-script',
    "Salut, voici la clé API Mistral pour le prototype : «{a32}»\nPeux-tu écrire un petit script Python qui résume les tickets de support du fichier `exports/tickets.csv` ?\nGarde la clé dans une variable d'environnement MISTRAL_API_KEY, pas en dur dans le code.\n\nLe CSV ressemble à ça :\nid,created_at,subject,body\n1842,2024-05-02,Facture en double,Bonjour je vois deux prélèvements pour mai...",
  ],
  [
    'user-pt-twilio-key-and-secret',
    'segue a chave de API da Twilio que criei pra staging:\nSID da chave: SK{h32}\nSecret: «{a32}»\nAccount SID: AC{h32}\nconsegue ajustar o serviço de notificações (services/notify) pra usar API key em vez do auth token?',
  ],
  [
    'user-ja-shopify-dev-store-token',
    '開発ストアのAdmin APIアクセストークンはこれです:\n«shpat_{h32}»\n商品在庫の同期バッチ（jobs/sync_inventory.ts）を手伝ってもらえますか？ レート制限の処理もお願いします。\n開発ストア用なので、このセッション内で使う分には問題ありません。\nストアのドメインは acme-dev-{l6}.myshopify.com です。',
  ],
  [
    'user-zh-db-connection-string',
    "这是预发环境的数据库连接串，帮我看看为什么 Prisma 一直报 P1001 连不上：\nmysql://app_rw:«{a16}»@rm-{l20}.mysql.rds.aliyuncs.com:3306/shop_pre\n我本地用 Navicat 是可以连上的。\n\n报错如下：\nError: P1001: Can't reach database server at `rm-{l20}.mysql.rds.aliyuncs.com`:`3306`\nPlease make sure your database server is running at `rm-{l20}.mysql.rds.aliyuncs.com`:`3306`.",
  ],
  [
    'user-ru-telegram-bot-token',
    'Вот токен бота: «{d10}:AA{B33}»\nНастрой, пожалуйста, вебхук на https://bot.acme.ru/tg/webhook и добавь обработку команды /status.\nСтарый токен я уже отозвал через BotFather.\n\nСейчас бот отвечает так:\n$ curl -s https://api.telegram.org/bot<токен>/getWebhookInfo\n{"ok":true,"result":{"url":"","has_custom_certificate":false,"pending_update_count":14}}',
  ],
  [
    'user-ko-slack-webhook',
    '슬랙 알림용 웹훅 URL이야: «https://hooks.slack.com/services/T{U10}/B{U10}/{a24}»\n배포 끝나면 #deploys 채널로 커밋 해시랑 소요 시간 보내도록 GitHub Actions 워크플로 수정해줘.\n시크릿은 SLACK_DEPLOY_WEBHOOK 이름으로 저장해 둘게.\n\n지금 워크플로 파일은 .github/workflows/deploy.yml 이고,\n마지막 job 이름은 `deploy-prod` 야.',
  ],
  [
    'user-it-aws-keys-pasted',
    'Ciao, ho creato un utente IAM solo per il bucket dei report:\nAWS_ACCESS_KEY_ID=AKIA{U16}\nAWS_SECRET_ACCESS_KEY=«{b40}»\nPuoi aggiornare lo script `scripts/export_reports.py` per caricare i CSV su s3://acme-reports-it/ ogni notte?\nLa policy permette solo s3:PutObject su quel bucket.',
  ],
  [
    'user-nl-datadog-keys',
    'Hier zijn de Datadog keys voor de EU-site:\nAPI key: «{h32}»\nApplication key: «{h40}»\nKun je de agent-config in `deploy/datadog/values.yaml` bijwerken en APM aanzetten voor de checkout-service?\nSite is datadoghq.eu, cluster naam prod-ams-1.',
  ],
  [
    'user-en-postman-curl-paste',
    "this request works in Postman but our python client gets 403, what's different?\n\ncurl --location 'https://api.partner-logistics.net/v3/rates' \\\n--header 'Content-Type: application/json' \\\n--header 'x-api-key: «{a40}»' \\\n--header 'x-api-secret: «{h64}»' \\\n--data '{\"from\":\"PT-1000\",\"to\":\"DE-10115\",\"weight_kg\":2.4}'",
  ],
  [
    'user-en-jwt-decode-request',
    "can you decode this and tell me why the gateway says the audience is wrong? it's a real session token from staging\n\n«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6I{B22}In0.eyJ{B280}.{B342}»\n\nthe gateway config expects `aud: orders-api`",
  ],
  [
    'user-pl-smtp-password',
    "Hasło do skrzynki SMTP (noreply@acme.pl): «{a12}{d2}!»\nSerwer: smtp.acme.pl, port 587, STARTTLS.\nMożesz skonfigurować wysyłkę resetu hasła w backendzie (Django) i dodać test integracyjny?\n\nObecnie w logach mam:\nsmtplib.SMTPAuthenticationError: (535, b'5.7.8 Error: authentication failed')",
  ],
  [
    'user-tr-github-fine-grained',
    "Bu repo için fine-grained token oluşturdum (sadece contents:read): «github_pat_11{U9}{a11}_{a59}»\nSubmodule'ü CI'da çekebilmek için workflow'a ekler misin? Secret adı SUBMODULE_TOKEN olsun.\n\nŞu an checkout adımı bu hatayı veriyor:\nfatal: could not read Username for 'https://github.com': terminal prompts disabled\nError: The process '/usr/bin/git' failed with exit code 128",
  ],
  [
    'user-en-age-key-decrypt',
    'I need to decrypt secrets/prod.enc.yaml locally but sops complains about no key. This is the age identity from the old laptop:\n\n«AGE-SECRET-KEY-1{e58}»\n\nwhere do I put it so sops picks it up?',
  ],
  [
    'agent-reply-found-hardcoded-key',
    "I found the cause of the 401s. `src/lib/mailer.ts` still has a hardcoded fallback key on line 12:\n\n```ts\nconst apiKey = process.env.SENDGRID_API_KEY ?? '«SG.{B22}.{B43}»';\n```\n\nIn CI `SENDGRID_API_KEY` is unset, so the fallback is used, and that key was revoked last week. I'd remove the fallback entirely and fail fast when the variable is missing. You should also treat that key as leaked since it's in git history (commit `{h7}`).",
  ],
  [
    'agent-reply-updated-env-summary',
    'Done. Summary of changes:\n\n1. `.env.local` now points at the Neon branch you created:\n   `DATABASE_URL=postgresql://neondb_owner:«npg_{a12}»@ep-{L5}-{L5}-a{l6}.eu-central-1.aws.neon.tech/neondb?sslmode=require`\n2. Ran `pnpm prisma migrate deploy` — 14 migrations applied.\n3. `pnpm test` passes (212 tests).\n\nLet me know if you want the same for the preview environment.',
  ],
  [
    'agent-reply-teams-webhook-configured',
    'The alert rule now posts to the Teams channel. I used the incoming webhook URL you pasted:\n\nhttps://acmegroup.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/«{h32}»/{h8}-{h4}-{h4}-{h4}-{h12}/«V2{B43}1»\n\nand stored it as the `TEAMS_WEBHOOK_URL` secret in the `monitoring` namespace. A test alert was delivered at 14:02.',
  ],
  [
    'agent-reply-quotes-basic-auth-curl',
    'To reproduce the failing upload outside the app, run this (it\'s the exact request the client sends, with the credentials from `config/artifactory.yml`):\n\n```bash\ncurl -u ci-publisher:«{a20}» \\\n  -T build/libs/acme-core-3.2.0.jar \\\n  "https://artifactory.acme.io/artifactory/libs-release-local/com/acme/acme-core/3.2.0/acme-core-3.2.0.jar"\n```\n\nIf that returns 403 too, the permission target is missing `Deploy/Cache` on `libs-release-local`.',
  ],
  [
    'agent-reply-env-diff-table',
    "I compared `.env.staging` with what's deployed:\n\n| Variable | `.env.staging` | Deployed |\n|---|---|---|\n| `REDIS_URL` | `redis://localhost:6379` | `rediss://default:«{a32}»@redis-stg.acme.io:6380` |\n| `ALGOLIA_ADMIN_KEY` | (unset) | `«{h32}»` |\n| `LOG_LEVEL` | `debug` | `info` |\n\nThe deployed Algolia admin key should not be in a frontend-reachable env; only the search-only key belongs there.",
  ],
  [
    'agent-reply-config-block-generated',
    'Here\'s the updated `sentry.properties` and `netlify.toml` section. I kept the token you gave me so the build can upload source maps:\n\n```toml\n[build.environment]\n  SENTRY_ORG = "acme"\n  SENTRY_PROJECT = "web"\n  SENTRY_AUTH_TOKEN = "«sntrys_eyJpYXQiOjE3{B120}»"\n  NODE_VERSION = "20"\n```\n\nOnce the deploy finishes, the release `web@{h7}` should show up with artifacts.',
  ],
  [
    'ci-log-docker-build-arg-leak',
    '#12 [builder 4/9] RUN --mount=type=cache,target=/root/.npm npm ci\n#12 0.412 npm warn config production Use `--omit=dev` instead.\n#13 [builder 5/9] RUN echo "//npm.pkg.github.com/:_authToken=«ghp_{a36}»" > .npmrc && npm run build\n#13 DONE 48.2s\n#14 [runtime 2/4] COPY --from=builder /app/dist ./dist\n#14 DONE 0.3s\n------\n > importing cache manifest from ghcr.io/acme/web:buildcache:\n------',
  ],
  [
    'app-log-json-line-outgoing-headers',
    '{"level":"debug","time":"2024-05-14T10:11:04.221Z","pid":1,"hostname":"orders-7c9d-{l5}","req":{"method":"POST","url":"https://api.easypost.com/v2/shipments","headers":{"authorization":"Basic «{b32}»","content-type":"application/json"}},"msg":"outgoing request"}\n{"level":"info","time":"2024-05-14T10:11:04.718Z","pid":1,"hostname":"orders-7c9d-{l5}","res":{"statusCode":201},"responseTime":497,"msg":"request completed"}\n$ kubectl -n orders logs deploy/orders --since=5m | grep -E \'outgoing|completed|label\' | head -4\n{"level":"debug","time":"2024-05-14T10:11:03.870Z","pid":1,"hostname":"orders-7c9d-{l5}","msg":"outgoing request","req":{"method":"GET","url":"http://inventory.orders.svc/v1/stock/{d6}"}}\n{"level":"debug","time":"2024-05-14T10:11:05.002Z","pid":1,"hostname":"orders-7c9d-{l5}","msg":"label generated","shipment":"shp_{h32}"}',
  ],
  [
    'wrangler-whoami-and-dev-vars',
    '$ cat .dev.vars\nOPENROUTER_API_KEY=«sk-or-v1-{h64}»\nTURNSTILE_SECRET=«0x4AAAAAAA{B22}»\n$ npx wrangler dev\n ⛅️ wrangler 3.57.0\nUsing vars defined in .dev.vars\nYour worker has access to the following bindings:\n- Vars:\n  - OPENROUTER_API_KEY: "(hidden)"\n  - TURNSTILE_SECRET: "(hidden)"\n⎔ Starting local server...',
  ],
  [
    'dotnet-user-secrets-list-output',
    '$ dotnet user-secrets list --project src/Acme.Portal\nAuthentication:Microsoft:ClientSecret = «{a3}8Q~{B34}»\nAuthentication:Microsoft:ClientId = {h8}-{h4}-{h4}-{h4}-{h12}\nConnectionStrings:Portal = Server=localhost;Database=Portal;User Id=sa;Password=«{a14}!{d2}»;TrustServerCertificate=True\nStripe:WebhookSecret = «whsec_{a32}»',
  ],
];

export const BLIND21_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'diff-code-reads-env',
    'diff --git a/app/llm/client.py b/app/llm/client.py\nindex c93f6b0..0d7a4e2 100644\n--- a/app/llm/client.py\n+++ b/app/llm/client.py\n@@ -5,8 +5,12 @@ from openai import OpenAI\n log = logging.getLogger(__name__)\n \n-client = OpenAI(api_key=settings.openai_key)\n+api_key = os.environ.get("OPENAI_API_KEY")\n+if not api_key:\n+    raise RuntimeError("OPENAI_API_KEY is not set")\n+client = OpenAI(api_key=api_key)\n \n \n def summarise(text: str) -> str:',
  ],
  [
    'diff-gitignore-env',
    'diff --git a/.gitignore b/.gitignore\nindex 12be7f0..9c41a0d 100644\n--- a/.gitignore\n+++ b/.gitignore\n@@ -9,3 +9,7 @@ node_modules/\n dist/\n coverage/\n *.log\n+.env\n+.env.*\n+!.env.example\n+config/master.key',
  ],
  [
    'diff-secret-reference-workflow',
    'diff --git a/.github/workflows/deploy.yml b/.github/workflows/deploy.yml\nindex 4be1c20..a9f03d7 100644\n--- a/.github/workflows/deploy.yml\n+++ b/.github/workflows/deploy.yml\n@@ -30,6 +30,9 @@ jobs:\n       - uses: aws-actions/configure-aws-credentials@v4\n         with:\n-          aws-access-key-id: ${{ secrets.AWS_ACCESS_KEY_ID }}\n-          aws-secret-access-key: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n+          role-to-assume: arn:aws:iam::{d12}:role/gha-deploy\n+          role-session-name: gha-${{ github.run_id }}\n           aws-region: eu-west-1',
  ],
  [
    'diff-password-validation-code',
    'diff --git a/accounts/validators.py b/accounts/validators.py\nindex 77e2b10..3c0f9a1 100644\n--- a/accounts/validators.py\n+++ b/accounts/validators.py\n@@ -12,7 +12,10 @@ class PasswordStrengthValidator:\n     def validate(self, password, user=None):\n-        if len(password) < 8:\n+        if len(password) < self.min_length:\n             raise ValidationError(_("Password too short."), code="password_too_short")\n+        if password.lower() in COMMON_PASSWORDS:\n+            raise ValidationError(_("This password is too common."), code="password_too_common")\n+        if user and user.email.split("@")[0].lower() in password.lower():\n+            raise ValidationError(_("Password must not contain your email."), code="password_has_email")',
  ],
  [
    'diff-lockfile-integrity',
    'diff --git a/package-lock.json b/package-lock.json\nindex 8a1f0c2..41bd9e7 100644\n--- a/package-lock.json\n+++ b/package-lock.json\n@@ -4182,9 +4182,9 @@\n     "node_modules/jsonwebtoken": {\n-      "version": "9.0.1",\n-      "resolved": "https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.1.tgz",\n-      "integrity": "sha512-{b86}==",\n+      "version": "9.0.2",\n+      "resolved": "https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz",\n+      "integrity": "sha512-{b86}==",\n       "dependencies": {\n         "jws": "^3.2.2",',
  ],
  [
    'grep-password-code-and-docs',
    '$ grep -rn "password" src/ docs/ | head -10\nsrc/auth/login.ts:14:  const { email, password } = LoginSchema.parse(req.body);\nsrc/auth/login.ts:22:  const ok = await argon2.verify(user.passwordHash, password);\nsrc/auth/reset.ts:31:  await sendMail(user.email, \'reset-password\', { link });\nsrc/components/LoginForm.tsx:48:        <input type="password" name="password" autoComplete="current-password" />\nsrc/components/LoginForm.tsx:52:        <a href="/forgot-password">Forgot password?</a>\ndocs/auth.md:12:Passwords are hashed with argon2id (m=19456, t=2, p=1) before storage.\ndocs/auth.md:19:Reset links expire after 30 minutes; the password is never logged.',
  ],
  [
    'rg-api-key-code-only',
    '$ rg -n "api_key" --type py\napp/clients/weather.py\n8:    def __init__(self, api_key: str, timeout: float = 5.0) -> None:\n9:        self._api_key = api_key\n22:        params = {"q": city, "appid": self._api_key, "units": "metric"}\n\napp/settings.py\n31:    weather_api_key: SecretStr = Field(alias="WEATHER_API_KEY")\n\ntests/test_weather.py\n11:    client = WeatherClient(api_key=os.environ["WEATHER_API_KEY"])',
  ],
  [
    'grep-token-names-config-refs',
    '$ grep -rn "TOKEN" deploy/ .github/\n.github/workflows/ci.yml:41:          CODECOV_TOKEN: ${{ secrets.CODECOV_TOKEN }}\n.github/workflows/release.yml:18:          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\ndeploy/helm/values.yaml:22:  existingSecret: api-tokens\ndeploy/helm/values.yaml:23:  tokenKey: SLACK_BOT_TOKEN\ndeploy/helm/templates/deployment.yaml:40:            - name: SLACK_BOT_TOKEN',
  ],
  [
    'env-example-empty-and-angle',
    '$ cat .env.example\n# Copy to .env and fill in\nDATABASE_URL=postgresql://postgres:postgres@localhost:5432/app_dev\nREDIS_URL=redis://localhost:6379\nSTRIPE_SECRET_KEY=\nSTRIPE_WEBHOOK_SECRET=\nOPENAI_API_KEY=<openai key from 1Password "AI / dev">\nSENTRY_DSN=\nSMTP_PASSWORD=<ask #platform>',
  ],
  [
    'masked-aws-configure-list',
    '$ aws configure list --profile acme-prod\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile            acme-prod           manual    --profile\naccess_key     ****************{U4} shared-credentials-file\nsecret_key     ****************{a4} shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config',
  ],
  [
    'masked-gh-auth-status',
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account priya-n (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'kubectl-config-view-redacted',
    '$ kubectl config view --minify\napiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: DATA+OMITTED\n    server: https://k8s-api.lab.acme.io:6443\n  name: lab\ncontexts:\n- context:\n    cluster: lab\n    user: ci-deployer\n  name: lab\ncurrent-context: lab\nkind: Config\nusers:\n- name: ci-deployer\n  user:\n    token: REDACTED',
  ],
  [
    'pip-index-url-masked',
    '$ pip install -r requirements.txt\nLooking in indexes: https://pypi.org/simple, https://ci-reader:****@pkgs.acme.io/simple/\nCollecting acme-core==3.2.0 (from -r requirements.txt (line 4))\n  Downloading https://pkgs.acme.io/packages/acme_core-3.2.0-py3-none-any.whl (88 kB)\nCollecting httpx>=0.27 (from -r requirements.txt (line 5))\n  Using cached httpx-0.27.0-py3-none-any.whl.metadata (7.2 kB)\nSuccessfully installed acme-core-3.2.0 httpx-0.27.0',
  ],
  [
    'docker-login-succeeded-warning',
    '$ echo "$GHCR_TOKEN" | docker login ghcr.io -u priya-n --password-stdin\nWARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\nConfigure a credential helper to remove this warning. See\nhttps://docs.docker.com/engine/reference/commandline/login/#credential-stores\n\nLogin Succeeded',
  ],
  [
    'docker-config-credential-helper',
    '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"ghcr.io": {},\n\t\t"{d12}.dkr.ecr.eu-west-1.amazonaws.com": {}\n\t},\n\t"credsStore": "desktop",\n\t"credHelpers": {\n\t\t"{d12}.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login"\n\t}\n}',
  ],
  [
    'npmrc-env-interpolation',
    '$ cat .npmrc\n@acme:registry=https://npm.pkg.github.com/\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\nengine-strict=true\nsave-exact=true\nauto-install-peers=true',
  ],
  [
    'gitleaks-report-redacted',
    '$ gitleaks detect --redact -v --no-banner\nFinding:     export STRIPE_SECRET_KEY=REDACTED\nSecret:      REDACTED\nRuleID:      stripe-access-token\nEntropy:     4.912451\nFile:        scripts/seed-payments.sh\nLine:        7\nCommit:      {h40}\nAuthor:      Priya Natarajan\nEmail:       priya@acme.io\nDate:        2024-04-09T11:12:10Z\nFingerprint: {h40}:scripts/seed-payments.sh:stripe-access-token:7\n\n11:04AM INF 312 commits scanned.\n11:04AM WRN leaks found: 1',
  ],
  [
    'trufflehog-json-redacted',
    '$ trufflehog git file://. --only-verified --json | jq \'{detector: .DetectorName, file: .SourceMetadata.Data.Git.file, line: .SourceMetadata.Data.Git.line, verified: .Verified, redacted: .Redacted}\'\n{\n  "detector": "Slack",\n  "file": "ops/oncall/page.sh",\n  "line": 4,\n  "verified": true,\n  "redacted": "xoxb-{d12}-{d13}-****"\n}',
  ],
  [
    'github-secret-scanning-alerts-list',
    '$ gh api repos/acme/web/secret-scanning/alerts --jq \'.[] | [.number, .state, .secret_type, .locations_url] | @tsv\'\n14\topen\tgithub_personal_access_token\thttps://api.github.com/repos/acme/web/secret-scanning/alerts/14/locations\n12\tresolved\tslack_incoming_webhook_url\thttps://api.github.com/repos/acme/web/secret-scanning/alerts/12/locations\n9\tresolved\taws_access_key_id\thttps://api.github.com/repos/acme/web/secret-scanning/alerts/9/locations\n$ gh api repos/acme/web/secret-scanning/alerts/14/locations --jq \'.[0].details | {path, start_line, commit_sha}\'\n{"commit_sha":"{h40}","path":"scripts/release.sh","start_line":12}',
  ],
  [
    'detect-secrets-baseline',
    '$ cat .secrets.baseline | jq \'.results["config/settings/prod.py"]\'\n[\n  {\n    "type": "Secret Keyword",\n    "filename": "config/settings/prod.py",\n    "hashed_secret": "{h40}",\n    "is_verified": false,\n    "line_number": 41\n  }\n]',
  ],
  [
    'yarn-lock-entries',
    '$ sed -n \'1204,1216p\' yarn.lock\njsonwebtoken@^9.0.0:\n  version "9.0.2"\n  resolved "https://registry.yarnpkg.com/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz#{h40}"\n  integrity sha512-{b86}==\n  dependencies:\n    jws "^3.2.2"\n    lodash.includes "^4.3.0"\n\njwa@^1.4.1:\n  version "1.4.1"\n  resolved "https://registry.yarnpkg.com/jwa/-/jwa-1.4.1.tgz#{h40}"\n  integrity sha512-{b86}==',
  ],
  [
    'go-sum-lines',
    '$ grep golang-jwt go.sum\ngithub.com/golang-jwt/jwt/v5 v5.2.1 h1:{b43}=\ngithub.com/golang-jwt/jwt/v5 v5.2.1/go.mod h1:{b43}=\n$ grep oauth2 go.sum\ngolang.org/x/oauth2 v0.20.0 h1:{b43}=\ngolang.org/x/oauth2 v0.20.0/go.mod h1:{b43}=',
  ],
  [
    'cargo-lock-checksums',
    '[[package]]\nname = "secrecy"\nversion = "0.8.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"\ndependencies = [\n "zeroize",\n]\n\n[[package]]\nname = "zeroize"\nversion = "1.7.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"',
  ],
  [
    'terraform-lock-hcl',
    '$ cat .terraform.lock.hcl\n# This file is maintained automatically by "terraform init".\nprovider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.49.0"\n  constraints = "~> 5.40"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n    "zh:{h64}",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'poetry-lock-hashes',
    '[[package]]\nname = "cryptography"\nversion = "42.0.7"\ndescription = "cryptography is a package which provides cryptographic recipes and primitives to Python developers."\noptional = false\npython-versions = ">=3.7"\nfiles = [\n    {file = "cryptography-42.0.7-cp37-abi3-macosx_10_12_universal2.whl", hash = "sha256:{h64}"},\n    {file = "cryptography-42.0.7-cp37-abi3-manylinux_2_28_x86_64.whl", hash = "sha256:{h64}"},\n    {file = "cryptography-42.0.7.tar.gz", hash = "sha256:{h64}"},\n]',
  ],
  [
    'docker-pull-digests',
    '$ docker pull ghcr.io/acme/api:2.8.1\n2.8.1: Pulling from acme/api\n{h12}: Already exists\n{h12}: Pull complete\n{h12}: Pull complete\nDigest: sha256:{h64}\nStatus: Downloaded newer image for ghcr.io/acme/api:2.8.1\nghcr.io/acme/api:2.8.1',
  ],
  [
    'sha256sums-release',
    '$ cat dist/SHA256SUMS\n{h64}  acme-cli_2.4.0_darwin_arm64.tar.gz\n{h64}  acme-cli_2.4.0_linux_amd64.tar.gz\n{h64}  acme-cli_2.4.0_windows_amd64.zip\n$ sha256sum -c dist/SHA256SUMS\nacme-cli_2.4.0_darwin_arm64.tar.gz: OK\nacme-cli_2.4.0_linux_amd64.tar.gz: OK\nacme-cli_2.4.0_windows_amd64.zip: OK',
  ],
  [
    'ssh-public-and-fingerprint',
    "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dev@laptop-01\n$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{b43} dev@laptop-01 (ED25519)\n$ ssh -T git@github.com\nHi priya-n! You've successfully authenticated, but GitHub does not provide shell access.",
  ],
  [
    'gpg-list-secret-keys',
    '$ gpg --list-secret-keys --keyid-format=long\n/home/dev/.gnupg/pubring.kbx\n----------------------------\nsec   ed25519/{H16} 2023-09-01 [SC] [expires: 2026-09-01]\n      {H40}\nuid                 [ultimate] Acme Releases <releases@acme.io>\nssb   cv25519/{H16} 2023-09-01 [E] [expires: 2026-09-01]',
  ],
  [
    'psql-du-roles',
    'orders=# \\du\n                                   List of roles\n Role name  |                         Attributes\n------------+------------------------------------------------------------\n orders     | Create DB\n postgres   | Superuser, Create role, Create DB, Replication, Bypass RLS\n reporting  | Cannot login\n replicator | Replication\n\norders=# \\conninfo\nYou are connected to database "orders" as user "orders" on host "pg-prod.internal" (address "10.0.3.12") at port "5432".\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)',
  ],
  [
    'mysql-show-grants',
    "mysql> SHOW GRANTS FOR 'grafana_ro'@'10.0.%';\n+-----------------------------------------------------------+\n| Grants for grafana_ro@10.0.%                              |\n+-----------------------------------------------------------+\n| GRANT USAGE ON *.* TO `grafana_ro`@`10.0.%`               |\n| GRANT SELECT ON `metrics`.* TO `grafana_ro`@`10.0.%`      |\n+-----------------------------------------------------------+\n2 rows in set (0.00 sec)",
  ],
  [
    'mongosh-credentials-placeholder-banner',
    '$ mongosh "$MONGO_URI"\nCurrent Mongosh Log ID:\t{h24}\nConnecting to:\t\tmongodb+srv://<credentials>@prod-cluster.{l5}.mongodb.net/inventory?appName=mongosh+2.2.5\nUsing MongoDB:\t\t7.0.8\nUsing Mongosh:\t\t2.2.5\n\nAtlas atlas-{l6}-shard-0 [primary] inventory> show collections\nitems\nsuppliers',
  ],
  [
    'http-token-list-metadata',
    '$ curl -s -H "Authorization: Bearer $VERCEL_TOKEN" https://api.vercel.com/v5/user/tokens | jq \'.tokens[] | {id, name, type, activeAt}\'\n{\n  "id": "{a24}",\n  "name": "ci-deploy",\n  "type": "oauth2-token",\n  "activeAt": 1715677421000\n}\n{\n  "id": "{a24}",\n  "name": "local-cli",\n  "type": "oauth2-token",\n  "activeAt": 1715590112000\n}',
  ],
  [
    'http-logout-clear-cookie',
    '$ curl -si -X POST https://admin.acme.io/users/sign_out -b cookies.txt | head -8\nHTTP/2 302\ndate: Tue, 14 May 2024 10:40:02 GMT\nlocation: https://admin.acme.io/users/sign_in\nset-cookie: _admin_session=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; secure; HttpOnly; SameSite=Lax\nx-request-id: {h8}-{h4}-{h4}-{h4}-{h12}\nx-runtime: 0.021733',
  ],
  [
    'api-pagination-cursor-base64',
    '$ curl -s "https://api.acme.io/v1/orders?limit=2" -H "Authorization: Bearer $ACME_TOKEN" | jq\n{\n  "data": [\n    { "id": "ord_{a14}", "total": 4200, "currency": "eur" },\n    { "id": "ord_{a14}", "total": 1899, "currency": "eur" }\n  ],\n  "has_more": true,\n  "next_cursor": "eyJpZCI6MTIzNDUsInRzIjoxNzE1Njc3NDIxfQ=="\n}\n$ echo eyJpZCI6MTIzNDUsInRzIjoxNzE1Njc3NDIxfQ== | base64 -d\n{"id":12345,"ts":1715677421}',
  ],
  [
    'oauth-log-masked-tokens',
    '2024-05-14T09:41:25.014Z DEBUG cli::auth  poll -> {"access_token":"ghu_***","expires_in":28800,"refresh_token":"ghr_***","token_type":"bearer"}\n2024-05-14T09:41:25.016Z INFO  cli::auth  logged in as priya-n\n2024-05-14T09:41:25.020Z INFO  cli::auth  token stored in keyring service=acme-cli account=priya-n\n2024-05-14T17:41:25.100Z INFO  cli::auth  access token expired, refreshing\n2024-05-14T17:41:25.431Z INFO  cli::auth  refresh ok, new expiry in 28800s',
  ],
  [
    'trace-ids-log',
    '2024-05-14T10:11:04.221Z INFO  http request method=POST path=/v1/checkout status=201 duration_ms=184 trace_id={h32} span_id={h16} request_id={h8}-{h4}-{h4}-{h4}-{h12}\n2024-05-14T10:11:04.402Z INFO  payment authorised order_id=ord_{a14} psp_reference={d16} amount=4200\n2024-05-14T10:11:04.300Z DEBUG idempotency key checked key={h8}-{h4}-{h4}-{h4}-{h12} hit=false\n2024-05-14T10:11:04.418Z INFO  event published topic=orders.paid message_id={h8}-{h4}-{h4}-{h4}-{h12} partition=3 offset=1184223\n2024-05-14T10:11:04.520Z INFO  http request method=GET path=/healthz status=200 duration_ms=1 trace_id={h32} span_id={h16}',
  ],
  [
    'pytest-secretstr-masked',
    "E       AssertionError: assert Settings(database_url=PostgresDsn('postgresql://app:***@localhost:5432/app'), stripe_key=SecretStr('**********'), debug=False) == Settings(database_url=PostgresDsn('postgresql://app:***@localhost:5432/app'), stripe_key=SecretStr('**********'), debug=True)\nE         \nE         Matching attributes:\nE         ['database_url', 'stripe_key']\nE         Differing attributes:\nE         ['debug']\n\ntests/test_config.py:22: AssertionError\n=========================== short test summary info ============================\nFAILED tests/test_config.py::test_debug_flag - AssertionError: assert Settings(...",
  ],
  [
    'ci-log-masked-stars',
    '2024-05-14T09:12:44.1234567Z ##[group]Run ./scripts/deploy.sh\n2024-05-14T09:12:44.1251190Z env:\n2024-05-14T09:12:44.1251833Z   DEPLOY_TOKEN: ***\n2024-05-14T09:12:44.1252004Z   DATABASE_URL: ***\n2024-05-14T09:12:44.1252660Z   APP_ENV: production\n2024-05-14T09:12:44.1253002Z ##[endgroup]\n2024-05-14T09:12:45.0021881Z deploying build {h7} to production...\n2024-05-14T09:13:12.9912004Z done in 27.9s',
  ],
  [
    'compose-file-env-references',
    '$ cat docker-compose.yml\nservices:\n  api:\n    image: ghcr.io/acme/api:2.8.1\n    env_file: .env\n    environment:\n      DATABASE_URL: postgres://api:${POSTGRES_PASSWORD}@db:5432/api\n      JWT_SECRET: ${JWT_SECRET:?JWT_SECRET must be set}\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets:\n      - pg_password\nsecrets:\n  pg_password:\n    file: ./secrets/pg_password.txt',
  ],
  [
    'kubectl-secret-keys-only',
    '$ kubectl -n shop get secret shop-api -o json | jq \'.data | keys\'\n[\n  "MEILI_MASTER_KEY",\n  "REDIS_PASSWORD",\n  "STRIPE_SECRET_KEY"\n]\n$ kubectl -n shop get secret shop-api -o jsonpath=\'{.metadata.annotations}\'\n{"reloader.stakater.com/match":"true"}',
  ],
  [
    'user-en-key-in-vault',
    'the prod Stripe key is in Vault at secret/apps/billing/prod (field stripe_secret), can you change the deploy script so it reads it with `vault kv get -field=stripe_secret` instead of the env file? don\'t paste the value anywhere\n\ncurrent script:\n```\nsource .env.prod\n./bin/deploy --stripe-key "$STRIPE_SECRET_KEY"\n```',
  ],
  [
    'user-de-key-rotated',
    'Ich habe den alten GitLab-Token gerade widerrufen und einen neuen im CI unter Settings > CI/CD > Variables als GITLAB_MIRROR_TOKEN (masked, protected) hinterlegt. Kannst du das Skript `ci/mirror-to-gitlab.sh` so umbauen, dass es die Variable nutzt?\n\nDer Job heißt `mirror` und läuft nur auf main:\nmirror:\n  rules:\n    - if: $CI_COMMIT_BRANCH == "main"',
  ],
  [
    'user-es-ask-where-key',
    '¿Dónde se configura la clave de la API de Mapbox en este proyecto? Busqué MAPBOX_TOKEN y solo aparece en `src/map/init.ts` leyendo `import.meta.env.VITE_MAPBOX_TOKEN`.\n\n$ rg -n MAPBOX\nsrc/map/init.ts\n3:mapboxgl.accessToken = import.meta.env.VITE_MAPBOX_TOKEN;\n\nPero en el build de Netlify sale el mapa en blanco.',
  ],
  [
    'user-ja-secret-manager',
    '本番のDBパスワードはSecret Managerの `prod-orders-db` に入っています。アプリ側でそれを読むように `config/database.ts` を修正してください。値はここには貼りません。\n\n現在のコード:\n```ts\nexport const db = new Pool({ connectionString: process.env.DATABASE_URL });\n```\nSecret Manager のクライアントは @google-cloud/secret-manager を使ってください。',
  ],
  [
    'agent-reply-rotation-advice',
    "I removed the hardcoded key from `src/lib/mailer.ts` and the fallback now throws if `SENDGRID_API_KEY` is unset. The old key is still in history (commit `{h7}`), so please:\n\n1. Revoke it in SendGrid → Settings → API Keys.\n2. Create a new key with only `Mail Send` permission.\n3. Store it as `SENDGRID_API_KEY` in the Vercel project settings.\n\nI didn't rewrite history; if you want that, `git filter-repo --path src/lib/mailer.ts --invert-paths` is the usual route, but it breaks open PRs.",
  ],
  [
    'agent-reply-env-names-table',
    'These variables must be set before `pnpm dev` works:\n\n| Variable | Where to get it |\n|---|---|\n| `DATABASE_URL` | `neonctl connection-string --branch dev` |\n| `NEXTAUTH_SECRET` | `openssl rand -base64 32` |\n| `GITHUB_ID` / `GITHUB_SECRET` | the `acme-dev` OAuth app |\n| `RESEND_API_KEY` | Resend dashboard, "dev" key |',
  ],
  [
    'readme-env-docs',
    "$ sed -n '30,44p' README.md\n## Configuration\n\n| Variable            | Required | Description                                   |\n| ------------------- | -------- | --------------------------------------------- |\n| `API_KEY`           | yes      | Partner API key, issued per environment        |\n| `API_SECRET`        | yes      | HMAC secret used to sign requests              |\n| `DB_PASSWORD`       | yes      | Password of the `app` database user            |\n| `SESSION_SECRET`    | yes      | At least 32 random bytes, base64-encoded       |\n| `LOG_LEVEL`         | no       | `debug`, `info` (default), `warn`, `error`     |\n\nNever commit a filled-in `.env`; CI fails the build if gitleaks finds one.",
  ],
  [
    'csp-nonce-sri-html',
    '$ curl -s https://app.acme.io/ | head -8\n<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="script-src \'self\' \'nonce-{b22}==\'; object-src \'none\'">\n<script nonce="{b22}==" src="/assets/index-{a8}.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>\n<link rel="stylesheet" href="/assets/index-{a8}.css">\n</head>',
  ],
  [
    'vite-build-output-hashes',
    '$ pnpm build\nvite v5.2.11 building for production...\n✓ 1843 modules transformed.\ndist/index.html                          0.62 kB │ gzip:   0.38 kB\ndist/assets/index-{B8}.css              41.18 kB │ gzip:   7.92 kB\ndist/assets/vendor-{B8}.js             182.44 kB │ gzip:  59.31 kB\ndist/assets/index-{B8}.js              246.03 kB │ gzip:  71.02 kB\n✓ built in 7.41s',
  ],
  [
    'git-rev-parse-and-cat-file',
    '$ git rev-parse HEAD origin/main\n{h40}\n{h40}\n$ git cat-file -p HEAD\ntree {h40}\nparent {h40}\nauthor Priya Natarajan <priya@acme.io> 1715677421 +0530\ncommitter Priya Natarajan <priya@acme.io> 1715677421 +0530\n\nfix(auth): refresh token before expiry instead of after 401',
  ],
  [
    'openssl-rand-command-no-output-shown',
    '$ ls scripts/\nbootstrap.sh  seed.ts  wait-for-db.sh\n$ grep -n "openssl" scripts/bootstrap.sh\n14:SESSION_SECRET="$(openssl rand -base64 32)"\n15:echo "SESSION_SECRET=${SESSION_SECRET}" >> .env\n22:openssl req -x509 -newkey rsa:2048 -nodes -keyout certs/dev.key -out certs/dev.crt -days 365 -subj "/CN=localhost"',
  ],
  [
    'jest-mock-headers-env-ref',
    ' FAIL  src/api/__tests__/client.test.ts\n  ● ApiClient › sends the partner token\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: "Bearer undefined"\n    Received: "Bearer "\n\n      18 |     const headers = buildHeaders(process.env.PARTNER_TOKEN);\n    > 19 |     expect(headers.Authorization).toBe(`Bearer ${process.env.PARTNER_TOKEN}`);\n         |                                   ^',
  ],
  [
    'stripe-cli-masked-config',
    '$ stripe config --list\n[default]\n  device_name = "laptop-01"\n  display_name = "Acme Ltd"\n  live_mode_api_key = "rk_live_*********************************************{a4}"\n  live_mode_key_expires_at = "2024-08-12"',
  ],
  [
    'sops-encrypted-file',
    '$ head -12 secrets/prod.enc.yaml\ndb_password: ENC[AES256_GCM,data:{b24},iv:{b43}=,tag:{b22}==,type:str]\nstripe_secret: ENC[AES256_GCM,data:{b64},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgyNTUxOSB{b43}\n            {b64}\n            -----END AGE ENCRYPTED FILE-----\n    lastmodified: "2024-05-02T08:11:52Z"',
  ],
  [
    'x509-cert-read',
    "$ openssl x509 -in certs/api.acme.io.crt -noout -subject -issuer -dates -fingerprint -sha256\nsubject=CN = api.acme.io\nissuer=C = US, O = Let's Encrypt, CN = R3\nnotBefore=May  1 08:12:44 2024 GMT\nnotAfter=Jul 30 08:12:43 2024 GMT\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}",
  ],
];
