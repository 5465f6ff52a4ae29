/** A sixty-first held-out batch, written blind: credentials in diffs, patches and git history as pasted into a coding-agent chat (unified diffs, git log -p / show / blame / grep / stash output, format-patch mails, PR/Gerrit/Phabricator review quotes, merge conflicts, BFG/filter-repo replacement files, secret-scanner reports, .git/config, credential helpers, remotes and clone URLs), and git look-alikes with no secret (SHAs, index lines, Change-Ids, signatures, redacted reports, references on both sides of a diff). */
export const BLIND61_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'git61-unified-diff-env-api-key-added',
    'diff --git a/.env b/.env\nindex {h7}..{h7} 100644\n--- a/.env\n+++ b/.env\n@@ -1,3 +1,4 @@\n NODE_ENV=production\n PORT=8080\n+API_KEY=«{a32}»\n LOG_LEVEL=info',
  ],
  [
    'git61-unified-diff-yaml-password-swapped-for-env-ref',
    '--- a/config/database.yml\n+++ b/config/database.yml\n@@ -8,7 +8,7 @@ production:\n   adapter: postgresql\n   host: db-primary.internal\n   username: app_rw\n-  password: «{a20}»\n+  password: ${DB_PASSWORD}\n   pool: 20',
  ],
  [
    'git61-unified-diff-stripe-live-key-removed-python',
    '@@ -12,4 +12,4 @@ import stripe\n \n-stripe.api_key = "«sk_live_{a24}»"\n+stripe.api_key = os.environ["STRIPE_SECRET_KEY"]\n \n def charge(customer_id, amount):',
  ],
  [
    'git61-unified-diff-slack-bot-token-js-const',
    "diff --git a/bot/index.js b/bot/index.js\nindex {h7}..{h7} 100644\n--- a/bot/index.js\n+++ b/bot/index.js\n@@ -1,5 +1,6 @@\n const { App } = require('@slack/bolt');\n+const SLACK_BOT_TOKEN = '«xoxb-{d11}-{d13}-{a24}»';\n \n const app = new App({\n-  token: process.env.SLACK_BOT_TOKEN,\n+  token: SLACK_BOT_TOKEN,",
  ],
  [
    'git61-unified-diff-openai-key-added-to-settings-toml',
    '--- a/settings.toml\n+++ b/settings.toml\n@@ -4,2 +4,3 @@\n [llm]\n model = "gpt-4o-mini"\n+api_key = "«sk-proj-{B48}T3BlbkFJ{B48}»"',
  ],
  [
    'git61-unified-diff-anthropic-key-in-jupyter-json',
    '@@ -41,7 +41,7 @@\n    "source": [\n     "import anthropic\\n",\n-    "client = anthropic.Anthropic()\\n"\n+    "client = anthropic.Anthropic(api_key=\\"«sk-ant-api03-{B93}AA»\\")\\n"\n    ]',
  ],
  [
    'git61-unified-diff-aws-keys-in-credentials-file',
    'diff --git a/deploy/aws-credentials b/deploy/aws-credentials\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/deploy/aws-credentials\n@@ -0,0 +1,3 @@\n+[deploy]\n+aws_access_key_id = «AKIA{u16}»\n+aws_secret_access_key = «{b40}»',
  ],
  [
    'git61-unified-diff-sendgrid-key-php-config',
    "--- a/config/mail.php\n+++ b/config/mail.php\n@@ -22,7 +22,7 @@ return [\n     'sendgrid' => [\n-        'api_key' => env('SENDGRID_API_KEY'),\n+        'api_key' => '«SG.{B22}.{B43}»',\n     ],",
  ],
  [
    'git61-unified-diff-gitlab-pat-in-gitlab-ci-yml',
    'diff --git a/.gitlab-ci.yml b/.gitlab-ci.yml\nindex {h7}..{h7} 100644\n--- a/.gitlab-ci.yml\n+++ b/.gitlab-ci.yml\n@@ -17,6 +17,7 @@ release:\n   stage: deploy\n   script:\n+    - export GL_TOKEN=«glpat-{B20}»\n     - npx semantic-release',
  ],
  [
    'git61-unified-diff-mongo-uri-password-changed-both-sides',
    '@@ -2,3 +2,3 @@\n # mongo\n-MONGODB_URI=mongodb+srv://orders:«{a16}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true\n+MONGODB_URI=mongodb+srv://orders:«{a16}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority',
  ],
  [
    'git61-unified-diff-private-key-added-file',
    'diff --git a/deploy/id_ed25519 b/deploy/id_ed25519\nnew file mode 100600\nindex 0000000..{h7}\n--- /dev/null\n+++ b/deploy/id_ed25519\n@@ -0,0 +1,7 @@\n+«-----BEGIN OPENSSH PRIVATE KEY-----\n+b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n+QyNTUxOQAAACB{b47}\n+{b70}\n+{b70}\n+{b36}=\n+-----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'git61-unified-diff-twilio-auth-token-removed-ruby',
    "--- a/config/initializers/twilio.rb\n+++ b/config/initializers/twilio.rb\n@@ -1,4 +1,4 @@\n Twilio.configure do |config|\n   config.account_sid = 'AC{h32}'\n-  config.auth_token = '«{h32}»'\n+  config.auth_token = Rails.application.credentials.dig(:twilio, :auth_token)\n end",
  ],
  [
    'git61-unified-diff-jwt-secret-go-const',
    'diff --git a/internal/auth/jwt.go b/internal/auth/jwt.go\nindex {h7}..{h7} 100644\n--- a/internal/auth/jwt.go\n+++ b/internal/auth/jwt.go\n@@ -9,7 +9,7 @@ import (\n \n-var signingKey = []byte(os.Getenv("JWT_SIGNING_KEY"))\n+var signingKey = []byte("«{a48}»")\n \n func Sign(claims jwt.MapClaims) (string, error) {',
  ],
  [
    'git61-unified-diff-docker-pat-in-workflow',
    '@@ -30,8 +30,8 @@ jobs:\n       - uses: docker/login-action@v3\n         with:\n           username: acmebuild\n-          password: ${{ secrets.DOCKERHUB_TOKEN }}\n+          password: «dckr_pat_{B27}»',
  ],
  [
    'git61-unified-diff-npmrc-auth-token-line',
    'diff --git a/.npmrc b/.npmrc\nindex {h7}..{h7} 100644\n--- a/.npmrc\n+++ b/.npmrc\n@@ -1 +1,2 @@\n @acme:registry=https://npm.pkg.github.com\n+//npm.pkg.github.com/:_authToken=«ghp_{a36}»',
  ],
  [
    'git61-unified-diff-redis-password-conf',
    '--- a/redis/redis.conf\n+++ b/redis/redis.conf\n@@ -507,7 +507,7 @@\n # requirepass foobared\n-requirepass «{a32}»\n+# requirepass is set via --requirepass at runtime',
  ],
  [
    'git61-unified-diff-django-secret-key-python',
    "diff --git a/mysite/settings.py b/mysite/settings.py\n--- a/mysite/settings.py\n+++ b/mysite/settings.py\n@@ -20,7 +20,7 @@ BASE_DIR = Path(__file__).resolve().parent.parent\n # SECURITY WARNING: keep the secret key used in production secret!\n-SECRET_KEY = '«django-insecure-{a50}»'\n+SECRET_KEY = '«{a50}»'",
  ],
  [
    'git61-unified-diff-k8s-secret-data-base64',
    '@@ -5,6 +5,6 @@ metadata:\n type: Opaque\n data:\n   username: YmlsbGluZw==\n-  password: «{b32}»\n+  password: «{b32}»',
  ],
  [
    'git61-unified-diff-hugging-face-token-shell-script',
    '--- a/scripts/download_weights.sh\n+++ b/scripts/download_weights.sh\n@@ -1,4 +1,5 @@\n #!/usr/bin/env bash\n set -euo pipefail\n+export HF_TOKEN=«hf_{a34}»\n huggingface-cli download acme/encoder-small --local-dir ./weights',
  ],
  [
    'git61-unified-diff-terraform-tfvars-db-password',
    'diff --git a/envs/prod/terraform.tfvars b/envs/prod/terraform.tfvars\nindex {h7}..{h7} 100644\n--- a/envs/prod/terraform.tfvars\n+++ b/envs/prod/terraform.tfvars\n@@ -3,3 +3,4 @@ region        = "eu-west-1"\n instance_type = "db.r6g.large"\n db_username   = "orders_admin"\n+db_password   = "«{a14}#{a10}»"',
  ],
  [
    'git61-unified-diff-digitalocean-token-in-makefile',
    '@@ -8,3 +8,3 @@ deploy:\n-\tDIGITALOCEAN_ACCESS_TOKEN=«dop_v1_{h64}» doctl apps create-deployment $(APP_ID)\n+\tdoctl apps create-deployment $(APP_ID)',
  ],
  [
    'git61-unified-diff-discord-webhook-url-json',
    '--- a/alerts/config.json\n+++ b/alerts/config.json\n@@ -2,5 +2,5 @@\n   "channel": "deploys",\n-  "webhook": "",\n+  "webhook": "«https://discord.com/api/webhooks/{d18}/{B68}»",\n   "mention": "@here"',
  ],
  [
    'git61-git-log-p-commit-header-github-pat-env',
    'commit {h40}\nAuthor: Priya Raman <priya@acme.io>\nDate:   Tue Mar 5 14:22:09 2024 +0100\n\n    ci: add release token\n\ndiff --git a/ci/release.env b/ci/release.env\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/ci/release.env\n@@ -0,0 +1,2 @@\n+GITHUB_TOKEN=«ghp_{a36}»\n+RELEASE_BRANCH=main',
  ],
  [
    'git61-git-log-p-removed-mailgun-key-still-in-history',
    '$ git log -p -S \'MAILGUN_API_KEY\' -- config/\ncommit {h40}\nAuthor: Tom Becker <tbecker@acme.io>\nDate:   Mon Jan 8 09:14:51 2024 +0000\n\n    remove hardcoded mailgun key\n\ndiff --git a/config/mail.yml b/config/mail.yml\n--- a/config/mail.yml\n+++ b/config/mail.yml\n@@ -1,3 +1,3 @@\n mailgun:\n   domain: mg.acme.io\n-  api_key: «key-{h32}»\n+  api_key: <%= ENV["MAILGUN_API_KEY"] %>',
  ],
  [
    'git61-git-log-p-oneline-stat-then-patch-shopify',
    '{h7} (HEAD -> feature/shop-sync) wire shopify admin api\n app/shopify.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\ndiff --git a/app/shopify.py b/app/shopify.py\n@@ -4 +4 @@ SHOP = "acme-outlet.myshopify.com"\n-TOKEN = os.getenv("SHOPIFY_TOKEN")\n+TOKEN = "«shpat_{h32}»"',
  ],
  [
    'git61-git-log-p-merge-commit-and-datadog-key',
    "commit {h40}\nMerge: {h7} {h7}\nAuthor: ci-bot <ci@acme.io>\nDate:   Thu Feb 1 18:02:33 2024 +0000\n\n    Merge branch 'observability' into main\n\ncommit {h40}\nAuthor: Lena Ortiz <lena@acme.io>\nDate:   Thu Feb 1 17:40:10 2024 +0000\n\n    enable dd agent\n\ndiff --git a/docker-compose.yml b/docker-compose.yml\n@@ -44,2 +44,3 @@ services:\n   datadog:\n     image: gcr.io/datadoghq/agent:7\n+    environment: [DD_API_KEY=«{h32}»]",
  ],
  [
    'git61-git-log-p-signed-off-and-sentry-auth-token',
    'commit {h40}\nAuthor: Marco Villa <marco@acme.io>\nDate:   Wed Apr 17 11:05:44 2024 +0200\n\n    build: upload sourcemaps\n\n    Signed-off-by: Marco Villa <marco@acme.io>\n\ndiff --git a/.sentryclirc b/.sentryclirc\nnew file mode 100644\n--- /dev/null\n+++ b/.sentryclirc\n@@ -0,0 +1,4 @@\n+[auth]\n+token=«sntryu_{h64}»\n+[defaults]\n+org=acme',
  ],
  [
    'git61-git-log-all-p-grep-password-hit',
    '$ git log --all -p | grep -n -i \'password\'\n18342:-    smtp_password: «{a18}»\n18343:+    smtp_password: "{{ vault_smtp_password }}"\n20117:+DB_PASSWORD=«{a22}»',
  ],
  [
    'git61-git-log-p-pretty-format-short-hash-azure-storage',
    '$ git log -p --pretty=format:\'%h %an %s\' -- appsettings.json\n{h9} Jonas Wirth add blob storage\ndiff --git a/appsettings.json b/appsettings.json\n@@ -3,5 +3,6 @@\n   "ConnectionStrings": {\n-    "Db": "Server=tcp:acme-sql.database.windows.net;Database=orders;"\n+    "Db": "Server=tcp:acme-sql.database.windows.net;Database=orders;",\n+    "Blobs": "DefaultEndpointsProtocol=https;AccountName=acmeorders;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n   }',
  ],
  [
    'git61-git-log-follow-p-renamed-file-linear-key',
    'commit {h40}\nAuthor: Aiko Tanaka <aiko@acme.io>\nDate:   Fri May 10 08:30:00 2024 +0900\n\n    move integrations config\n\ndiff --git a/integrations.yaml b/config/integrations.yaml\nsimilarity index 91%\nrename from integrations.yaml\nrename to config/integrations.yaml\nindex {h7}..{h7} 100644\n--- a/integrations.yaml\n+++ b/config/integrations.yaml\n@@ -1,3 +1,3 @@\n linear:\n-  api_key: «lin_api_{a40}»\n+  api_key: «lin_api_{a40}»\n   team: PLAT',
  ],
  [
    'git61-git-log-p-telegram-bot-token-python',
    'commit {h40} (origin/bot-v2)\nAuthor: Dmitri K <dk@acme.io>\nDate:   Sat Jun 1 22:11:09 2024 +0300\n\n    bot: hardcode token for local run\n\ndiff --git a/bot.py b/bot.py\n@@ -6,4 +6,4 @@ from telegram.ext import ApplicationBuilder\n-TOKEN = os.environ["TG_TOKEN"]\n+TOKEN = "«{d10}:AA{B33}»"',
  ],
  [
    'git61-git-log-p-reverse-first-commit-htpasswd',
    '$ git log --reverse -p -- nginx/.htpasswd | head -12\ncommit {h40}\nAuthor: ops <ops@acme.io>\nDate:   Tue Oct 3 10:00:00 2023 +0000\n\n    basic auth for staging\n\n--- /dev/null\n+++ b/nginx/.htpasswd\n@@ -0,0 +1 @@\n+staging:«$apr1${a8}${p22}»',
  ],
  [
    'git61-git-show-sha-vault-token',
    '$ git show {h7}\ncommit {h40}\nAuthor: Sam Okafor <sam@acme.io>\nDate:   Mon Jul 8 16:45:12 2024 +0100\n\n    vault: pin token for bootstrap\n\ndiff --git a/bootstrap/vault.sh b/bootstrap/vault.sh\nindex {h7}..{h7} 100755\n--- a/bootstrap/vault.sh\n+++ b/bootstrap/vault.sh\n@@ -2,3 +2,3 @@\n-export VAULT_TOKEN="$(cat /run/secrets/vault-token)"\n+export VAULT_TOKEN="«hvs.{a24}»"\n vault kv get -field=dsn secret/orders/db',
  ],
  [
    'git61-git-show-sha-colon-path-full-file',
    '$ git show {h12}:config/secrets.yml\nproduction:\n  secret_key_base: «{h128}»\n  stripe_webhook_secret: «whsec_{a32}»',
  ],
  [
    'git61-git-show-stat-and-patch-pypi-token',
    '$ git show --stat -p HEAD~3\ncommit {h40}\nAuthor: Nora Lind <nora@acme.io>\nDate:   Thu Aug 22 13:37:00 2024 +0200\n\n    publish from local\n\n .pypirc | 3 +++\n 1 file changed, 3 insertions(+)\n\ndiff --git a/.pypirc b/.pypirc\n+[pypi]\n+username = __token__\n+password = «pypi-AgEIcHlwaS5vcmc{B70}»',
  ],
  [
    'git61-git-show-gpg-signed-commit-with-aws-secret',
    'commit {h40}\ngpg: Signature made Tue 12 Mar 2024 09:12:44 CET\ngpg:                using EDDSA key {H40}\ngpg: Good signature from "Ines Carvalho <ines@acme.io>" [ultimate]\nAuthor: Ines Carvalho <ines@acme.io>\nDate:   Tue Mar 12 09:12:40 2024 +0100\n\n    s3 uploader\n\ndiff --git a/uploader/config.ini b/uploader/config.ini\n+[s3]\n+bucket = acme-exports\n+secret_access_key = «{b40}»',
  ],
  [
    'git61-git-show-name-only-then-diff-cloudflare-token',
    '$ git show HEAD --name-only\ncommit {h40} (HEAD -> main)\n    dns automation\ninfra/cloudflare.tf\n$ git show HEAD -- infra/cloudflare.tf | tail -3\n provider "cloudflare" {\n-  api_token = var.cloudflare_api_token\n+  api_token = "«{B40}»"',
  ],
  [
    'git61-git-show-word-diff-password',
    '$ git show --word-diff {h7} -- config/app.properties\n@@ -14,3 +14,3 @@ spring.datasource.url=jdbc:mysql://mysql.internal:3306/shop\nspring.datasource.username=shop\nspring.datasource.password=[-${MYSQL_PASSWORD}-]{+«{a12}{d4}»+}',
  ],
  [
    'git61-git-show-notion-integration-secret',
    "$ git show {h8} -- notion_sync/client.ts\n@@ -1,5 +1,5 @@\n import { Client } from '@notionhq/client';\n \n export const notion = new Client({\n-  auth: process.env.NOTION_TOKEN,\n+  auth: '«ntn_{d11}{a35}»',\n });",
  ],
  [
    'git61-git-show-tag-annotated-then-commit-heroku',
    '$ git show v2.4.0\ntag v2.4.0\nTagger: Release Bot <release@acme.io>\nDate:   Wed Sep 4 12:00:00 2024 +0000\n\nrelease 2.4.0\n\ncommit {h40} (tag: v2.4.0)\n    deploy script\n\ndiff --git a/bin/deploy b/bin/deploy\n+HEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}» heroku container:release web -a acme-api',
  ],
  [
    'git61-git-show-postman-api-key',
    '$ git show {h7} --format=%s\nchore: newman run in CI\ndiff --git a/ci/newman.sh b/ci/newman.sh\n@@ -1,2 +1,2 @@\n-newman run "https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12}?apikey=$POSTMAN_API_KEY"\n+newman run "https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12}?apikey=«PMAK-{h24}-{h34}»"',
  ],
  [
    'git61-git-diff-cached-env-local-multiple-secrets',
    '$ git diff --cached\ndiff --git a/.env.local b/.env.local\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/.env.local\n@@ -0,0 +1,4 @@\n+NEXT_PUBLIC_SUPABASE_URL=https://{L20}.supabase.co\n+SUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B110}.{B43}»\n+RESEND_API_KEY=«re_{a8}_{a24}»\n+NEXTAUTH_SECRET=«{b43}=»',
  ],
  [
    'git61-git-diff-cached-stat-then-patch-groq-key',
    "$ git diff --cached --stat\n src/llm.ts | 1 +\n$ git diff --cached src/llm.ts\n@@ -2,0 +3 @@ import Groq from 'groq-sdk';\n+const groq = new Groq({ apiKey: '«gsk_{a52}»' });",
  ],
  [
    'git61-git-diff-staged-kubeconfig-token',
    '$ git diff --staged -- kube/\ndiff --git a/kube/config b/kube/config\n@@ -14,4 +14,4 @@ users:\n - name: ci-deployer\n   user:\n-    token: REPLACE_ME\n+    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6Ik{B40}In0.{B300}.{B342}»',
  ],
  [
    'git61-git-diff-cached-docker-config-auth',
    '$ git diff --cached .docker/config.json\n@@ -1,7 +1,7 @@\n {\n   "auths": {\n     "registry.acme.io": {\n-      "auth": ""\n+      "auth": "«{b40}»"\n     }\n   }\n }',
  ],
  [
    'git61-git-diff-cached-circleci-env-api-token',
    '$ git diff --cached scripts/trigger.sh\n+curl -X POST https://circleci.com/api/v2/project/gh/acme/api/pipeline \\\n+  -H "Circle-Token: «CCIPAT_{a22}_{h40}»" \\\n+  -H \'Content-Type: application/json\' -d \'{"branch":"main"}\'',
  ],
  [
    'git61-git-diff-cached-pgpass',
    '$ git diff --cached ~/.dotfiles/.pgpass\n--- /dev/null\n+++ b/.pgpass\n@@ -0,0 +1,2 @@\n+db-primary.internal:5432:orders:orders_admin:«{a20}»\n+db-replica.internal:5432:*:readonly:«{a20}»',
  ],
  [
    'git61-git-diff-cached-firebase-admin-json',
    '$ git diff --cached --no-color serviceAccount.json | head -12\n+{\n+  "type": "service_account",\n+  "project_id": "acme-mobile-{d5}",\n+  "private_key_id": "{h40}",\n+  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b28}=\\n-----END PRIVATE KEY-----\\n»",\n+  "client_email": "firebase-adminsdk-{l5}@acme-mobile-{d5}.iam.gserviceaccount.com",',
  ],
  [
    'git61-git-diff-head-unstaged-wp-config',
    "$ git diff HEAD -- wp-config.php\n@@ -23,7 +23,7 @@ define( 'DB_NAME', 'wp_acme' );\n define( 'DB_USER', 'wp_acme' );\n-define( 'DB_PASSWORD', 'password_here' );\n+define( 'DB_PASSWORD', '«{a10}!{a8}»' );\n define( 'DB_HOST', 'mysql.internal' );",
  ],
  [
    'git61-git-diff-cached-auth-key-salts-wp',
    "$ git diff --cached wp-config.php | grep '^+'\n+define('AUTH_KEY',         '«{a20}-{a24}_{a16}»');\n+define('SECURE_AUTH_KEY',  '«{a20}-{a24}_{a16}»');",
  ],
  [
    'git61-git-blame-line-range-db-password',
    '$ git blame -L 10,13 config/settings.py\n{h8} (Hannah Ng      2023-11-02 10:14:22 +0000 10) DATABASES["default"]["USER"] = "orders"\n{h8} (Hannah Ng      2023-11-02 10:14:22 +0000 11) DATABASES["default"]["PASSWORD"] = "«{a18}»"\n^{h7} (Olu Adeyemi   2023-06-19 08:01:55 +0000 12) DATABASES["default"]["HOST"] = "db.internal"',
  ],
  [
    'git61-git-blame-porcelain-stripe-webhook-secret',
    "$ git blame --porcelain -L 7,7 server/webhooks.js\n{h40} 7 7 1\nauthor Kofi Mensah\nauthor-mail <kofi@acme.io>\nauthor-time 1712051234\nauthor-tz +0000\nsummary quick fix for webhook signature\nfilename server/webhooks.js\n\tconst endpointSecret = '«whsec_{a32}»';",
  ],
  [
    'git61-git-blame-e-email-flag-sendgrid',
    "$ git blame -e lib/mailer.rb | sed -n 3,5p\n{h8} (<r.silva@acme.io> 2024-02-14 09:00:01 -0300 3)   SENDGRID_KEY = ENV.fetch('SENDGRID_KEY') {\n{h8} (<r.silva@acme.io> 2024-02-14 09:00:01 -0300 4)     '«SG.{B22}.{B43}»'\n{h8} (<r.silva@acme.io> 2024-02-14 09:00:01 -0300 5)   }",
  ],
  [
    'git61-git-blame-ignore-revs-gitlab-runner-token',
    '$ git blame --ignore-revs-file .git-blame-ignore-revs runner/config.toml\n{h8} runner/config.toml (Yusuf Demir 2024-04-01 12:00:00 +0300  9)   url = "https://gitlab.acme.io/"\n{h8} runner/config.toml (Yusuf Demir 2024-04-01 12:00:00 +0300 10)   token = "«glrt-{B20}»"\n{h8} runner/config.toml (Yusuf Demir 2024-04-01 12:00:00 +0300 11)   executor = "docker"',
  ],
  [
    'git61-git-blame-short-jenkins-api-token',
    "{h7} (build-admin 2022-09-30 17:20:44 +0000 31)     JENKINS_USER = 'deploy-bot'\n{h7} (build-admin 2022-09-30 17:20:44 +0000 32)     JENKINS_API_TOKEN = '«11{h32}»'",
  ],
  [
    'git61-git-blame-incremental-line-then-content-algolia-admin',
    'blame says this came from {h8}:\n{h8} (Chloe Martin 2024-05-03 15:30:10 +0200 5) ALGOLIA_APP_ID=U{u9}\n{h8} (Chloe Martin 2024-05-03 15:30:10 +0200 6) ALGOLIA_ADMIN_KEY=«{h32}»',
  ],
  [
    'git61-git-grep-n-api-key-across-files',
    '$ git grep -n -i \'api_key\'\nREADME.md:42:Set `API_KEY` in your environment before running.\napp/client.py:8:API_KEY = os.environ.get("API_KEY", "«{a40}»")\ntests/conftest.py:3:os.environ.setdefault("API_KEY", "unit-test-key")',
  ],
  [
    'git61-git-grep-rev-history-aws-secret',
    "$ git grep -n 'aws_secret' $(git rev-list --all) -- '*.cfg'\n{h40}:deploy/boto.cfg:4:aws_secret_access_key = «{b40}»\n{h40}:deploy/boto.cfg:4:aws_secret_access_key = «{b40}»",
  ],
  [
    'git61-git-grep-e-token-yaml-lines',
    "$ git grep -n -e 'token:' -- '*.yml'\n.github/workflows/ci.yml:27:          token: ${{ secrets.CODECOV_TOKEN }}\ndeploy/argocd.yml:11:  token: «{B32}.{B16}»\nchart/values.yml:88:  token: \"\"",
  ],
  [
    'git61-git-grep-break-heading-password',
    '$ git grep --break --heading -n password -- config/\nconfig/ldap.yml\n12:  bind_password: «{a24}»\n\nconfig/smtp.yml\n6:  password: «{a16}»',
  ],
  [
    'git61-git-grep-count-then-show-openai-key',
    "$ git grep -c 'sk-' -- '*.ts'\nsrc/ai/client.ts:1\n$ git grep -n 'sk-' -- src/ai/client.ts\nsrc/ai/client.ts:4:const openai = new OpenAI({ apiKey: '«sk-{a20}T3BlbkFJ{a20}»' });",
  ],
  [
    'git61-git-grep-w-connection-string-sqlserver',
    '$ git grep -nw ConnectionString\nWeb.config:14:    <add name="Main" connectionString="Data Source=sql01.acme.local;Initial Catalog=Billing;User ID=billing_app;Password=«{a16}»;" providerName="System.Data.SqlClient" />',
  ],
  [
    'git61-git-grep-all-match-slack-webhook',
    '$ git grep -n hooks.slack.com\nscripts/notify.sh:5:WEBHOOK="«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"\ndocs/alerts.md:19:Incoming webhooks live under https://hooks.slack.com/services/...',
  ],
  [
    'git61-git-grep-untracked-private-key-header',
    "$ git grep -n --untracked -A3 'BEGIN RSA PRIVATE KEY'\ncerts/legacy.key:1:«-----BEGIN RSA PRIVATE KEY-----\ncerts/legacy.key-2-MIIEowIBAAKCAQEA{b48}\ncerts/legacy.key-3-{b64}\ncerts/legacy.key-4-{b64}»",
  ],
  [
    'git61-git-grep-p-function-context-bitbucket-app-password',
    '$ git grep -n -p \'app_password\' -- tools/\ntools/mirror.py=12=def bitbucket_session():\ntools/mirror.py:14:    app_password = "«ATBB{a32}{H8}»"',
  ],
  [
    'git61-git-stash-show-p-env-secret-key',
    '$ git stash list\nstash@{0}: WIP on main: {h7} bump deps\n$ git stash show -p stash@{0}\ndiff --git a/.env b/.env\nindex {h7}..{h7} 100644\n--- a/.env\n+++ b/.env\n@@ -4,3 +4,3 @@ APP_URL=http://localhost:3000\n-SECRET_KEY_BASE=\n+SECRET_KEY_BASE=«{h128}»',
  ],
  [
    'git61-git-stash-show-p-include-untracked-netrc',
    '$ git stash show -p --include-untracked stash@{1}\ndiff --git a/.netrc b/.netrc\nnew file mode 100644\n--- /dev/null\n+++ b/.netrc\n@@ -0,0 +1,3 @@\n+machine api.heroku.com\n+  login ops@acme.io\n+  password «HRKU-AA{B58}»',
  ],
  [
    'git61-git-stash-show-p-databricks-token',
    '$ git stash show -p\n--- a/notebooks/.databrickscfg\n+++ b/notebooks/.databrickscfg\n@@ -1,3 +1,3 @@\n [DEFAULT]\n host = https://adb-{d16}.{d1}.azuredatabricks.net\n-token = \n+token = «dapi{h32}»',
  ],
  [
    'git61-git-stash-show-p-mailchimp-key',
    'stash@{2}: On feature/newsletter: keys for local\n$ git stash show -p stash@{2} | grep \'^[-+]\'\n--- a/newsletter/settings.py\n+++ b/newsletter/settings.py\n-MAILCHIMP_API_KEY = env("MAILCHIMP_API_KEY")\n+MAILCHIMP_API_KEY = "«{h32}-us21»"',
  ],
  [
    'git61-format-patch-from-header-github-app-private-key-path-and-secret',
    "From {h40} Mon Sep 17 00:00:00 2001\nFrom: Emil Nord <emil@acme.io>\nDate: Wed, 10 Apr 2024 11:22:33 +0200\nSubject: [PATCH 1/2] github app: add webhook secret\n\n---\n app/github.ts | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\ndiff --git a/app/github.ts b/app/github.ts\nindex {h7}..{h7} 100644\n--- a/app/github.ts\n+++ b/app/github.ts\n@@ -3 +3 @@\n-export const WEBHOOK_SECRET = process.env.GH_WEBHOOK_SECRET!;\n+export const WEBHOOK_SECRET = '«{h40}»';\n-- \n2.44.0",
  ],
  [
    'git61-format-patch-mbox-npm-token',
    'From {h40} Mon Sep 17 00:00:00 2001\nFrom: Release Bot <release@acme.io>\nDate: Thu, 18 Jul 2024 07:00:00 +0000\nSubject: [PATCH] ci: npm publish auth\n\ndiff --git a/.github/workflows/publish.yml b/.github/workflows/publish.yml\n@@ -22,2 +22,2 @@ jobs:\n       env:\n-        NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n+        NODE_AUTH_TOKEN: «npm_{a36}»',
  ],
  [
    'git61-format-patch-cover-letter-and-patch-ldap-bind',
    'Subject: [PATCH v2 2/3] auth: switch to ldaps\n\nFrom {h40} Mon Sep 17 00:00:00 2001\nFrom: Grace Hopper <ghopper@acme.io>\n\ndiff --git a/auth/ldap.conf b/auth/ldap.conf\n@@ -1,4 +1,4 @@\n-uri ldap://ldap.acme.local\n+uri ldaps://ldap.acme.local:636\n binddn cn=svc-auth,ou=services,dc=acme,dc=local\n-bindpw «{a20}»\n+bindpw «{a20}»',
  ],
  [
    'git61-format-patch-git-am-failure-shows-hunk-twilio',
    "$ git am 0003-sms-provider.patch\nApplying: sms provider\nerror: patch failed: services/sms.js:2\nerror: services/sms.js: patch does not apply\nPatch failed at 0001 sms provider\n$ sed -n 14,18p 0003-sms-provider.patch\n@@ -2,3 +2,3 @@\n const accountSid = 'AC{h32}';\n-const authToken = process.env.TWILIO_AUTH_TOKEN;\n+const authToken = '«{h32}»';",
  ],
  [
    'git61-format-patch-email-body-inline-patch-pagerduty',
    'Hi all, patch below fixes the paging integration.\n\n---8<---\nFrom {h40} Mon Sep 17 00:00:00 2001\nFrom: Ravi Patel <ravi@acme.io>\nSubject: [PATCH] alerts: pagerduty routing key\n\n--- a/alertmanager.yml\n+++ b/alertmanager.yml\n@@ -18,3 +18,3 @@ receivers:\n   pagerduty_configs:\n-  - routing_key_file: /etc/alertmanager/pd_key\n+  - routing_key: «{h32}»',
  ],
  [
    'git61-format-patch-binary-note-and-ftp-password',
    "From {h40} Mon Sep 17 00:00:00 2001\nFrom: Web Team <web@acme.io>\nSubject: [PATCH] deploy via lftp\n\n deploy.sh   | 1 +\n logo.png    | Bin 0 -> 4821 bytes\n\ndiff --git a/deploy.sh b/deploy.sh\n+lftp -u acme_web,'«{a14}»' -e 'mirror -R dist/ /public_html; quit' ftp.acme-hosting.net",
  ],
  [
    'git61-pr-review-comment-quoting-github-token',
    '**@mhoffmann** commented on `.github/workflows/deploy.yml` line 31:\n\n> +    token: «ghp_{a36}»\n\nThis is a live PAT — please move it to `secrets.DEPLOY_TOKEN` and revoke it.',
  ],
  [
    'git61-pr-review-suggestion-block-replacing-secret',
    '> ```diff\n> -  client_secret: «{a40}»\n> +  client_secret: ${OAUTH_CLIENT_SECRET}\n> ```\n```suggestion\n  client_secret: ${OAUTH_CLIENT_SECRET}\n```',
  ],
  [
    'git61-pr-conversation-quote-fine-grained-pat',
    "> +GITHUB_PAT=«github_pat_{a22}_{a59}»\n\n@dani-r you committed this in {h7}, force-pushing won't remove it from the PR refs. Rotate first.",
  ],
  [
    'git61-pr-review-gh-cli-output-comment-body',
    "$ gh api repos/acme/payments/pulls/812/comments --jq '.[].diff_hunk'\n@@ -5,6 +5,7 @@ braintree:\n   environment: production\n   merchant_id: {l16}\n+  private_key: «{h32}»\n   public_key: {l16}",
  ],
  [
    'git61-pr-review-bitbucket-inline-comment-square-token',
    'Bitbucket · PR #219 · src/payments/square.ts\n  14 + const SQUARE_ACCESS_TOKEN = "«EAAA{B60}»";\nComment (Ana B.): pls don\'t hardcode, use the env loader like the sandbox path does',
  ],
  [
    'git61-pr-review-gitlab-mr-discussion-quote-deploy-token',
    "Discussion on `deploy/pull-images.sh` (MR !1432):\n> ```\n> +docker login registry.gitlab.com -u gitlab+deploy-token-{d6} -p «gldt-{B20}»\n> ```\nUse `$CI_DEPLOY_PASSWORD`, it's injected automatically.",
  ],
  [
    'git61-pr-review-email-notification-quote',
    'Re: [acme/api] add sentry + posthog (PR #77)\n\n@jlee commented on this pull request.\n\nIn config/analytics.py:\n> @@ -1,2 +1,3 @@\n>  POSTHOG_HOST = "https://eu.posthog.com"\n> +POSTHOG_PERSONAL_API_KEY = "«phx_{a43}»"\n\npersonal keys shouldn\'t ship in the app',
  ],
  [
    'git61-pr-review-multi-line-quote-two-secrets',
    '> +  S3_ACCESS_KEY_ID: «AKIA{u16}»\n> +  S3_SECRET_ACCESS_KEY: «{b40}»\n\nBlocking: both of these are live, rotate in IAM and push with `${{ secrets.* }}` instead.',
  ],
  [
    'git61-gerrit-patchset-comment-quoting-line',
    'Patch Set 3:\n\n(1 comment)\n\nFile deploy/settings.ini:\n\nLine 18:   >  smtp_password = «{a16}»\nPlease use the credentials store; Code-Review -2 until this is gone.',
  ],
  [
    'git61-gerrit-http-password-in-push-url',
    '$ git push https://jdoe:«{a40}»@review.acme.io/a/platform/infra HEAD:refs/for/master\nremote: Processing changes: refs: 1, new: 1, done\nremote: SUCCESS\nremote:   https://review.acme.io/c/platform/infra/+/{d5} infra: bump terraform [NEW]',
  ],
  [
    'git61-gerrit-query-json-patch-content',
    '$ ssh -p 29418 review.acme.io gerrit query --format=JSON --current-patch-set change:{d5} | jq -r .commitMessage\nbuild: add sonar token\n\nChange-Id: I{h40}\n$ git fetch origin refs/changes/{d2}/{d5}/2 && git show FETCH_HEAD | tail -2\n-sonar.token=${SONAR_TOKEN}\n+sonar.token=«squ_{h40}»',
  ],
  ['git61-gerrit-gitcookies-line', '$ cat ~/.gitcookies\nreview.acme.io\tFALSE\t/\tTRUE\t2147483647\to\tgit-jdoe.acme.io=«1//{B60}»'],
  [
    'git61-gerrit-unified-diff-web-copy-jfrog',
    'infra/artifactory.properties\n  Base  |  Patch Set 2\n  7   artifactory.url=https://acme.jfrog.io/artifactory\n  8 - artifactory.apikey=${ARTIFACTORY_API_KEY}\n  8 + artifactory.apikey=«AKCp8{a64}»',
  ],
  [
    'git61-phabricator-arcrc-conduit-token',
    '$ cat ~/.arcrc\n{\n  "hosts": {\n    "https://phab.acme.io/api/": {\n      "token": "«cli-{l28}»"\n    }\n  }\n}',
  ],
  [
    'git61-phabricator-differential-raw-diff-api-token',
    '$ arc export --git --revision D{d4}\ndiff --git a/tools/phab_bot.py b/tools/phab_bot.py\n--- a/tools/phab_bot.py\n+++ b/tools/phab_bot.py\n@@ -3,3 +3,3 @@\n PHAB_URL = "https://phab.acme.io/api/"\n-PHAB_TOKEN = os.environ["CONDUIT_TOKEN"]\n+PHAB_TOKEN = "«api-{l28}»"',
  ],
  [
    'git61-phabricator-inline-comment-quote',
    'Differential D{d4} · Inline comment on `config/queue.yml:9`\n  9 + amqp_url: amqp://worker:«{a20}»@rabbit.acme.internal:5672/prod\nReviewer (epriestley-fan): Needs Revision — credentials in plain text.',
  ],
  [
    'git61-phabricator-conduit-curl-with-token',
    "$ curl https://phab.acme.io/api/differential.query \\\n    -d api.token=«api-{l28}» \\\n    -d 'ids[0]={d4}'",
  ],
  [
    'git61-side-by-side-diff-y-env-files',
    '$ diff -y .env.staging .env.production\nAPP_ENV=staging                                 | APP_ENV=production\nDB_HOST=db.staging.internal                     | DB_HOST=db.prod.internal\nDB_PASSWORD=«{a20}»                  | DB_PASSWORD=«{a20}»\nFEATURE_FLAGS=beta,new-ui                         FEATURE_FLAGS=beta,new-ui',
  ],
  [
    'git61-side-by-side-icdiff-like-api-token',
    'config/old.yaml                         config/new.yaml\n  3   region: eu-west-1                   3   region: eu-west-1\n  4   api_token: «{a32}»     4   api_token: ${API_TOKEN}',
  ],
  [
    'git61-side-by-side-vimdiff-paste-vercel',
    '  VERCEL_ORG_ID=team_{a24}          |  VERCEL_ORG_ID=team_{a24}\n  VERCEL_TOKEN=«{a24}»              |  VERCEL_TOKEN=',
  ],
  [
    'git61-side-by-side-delta-output-paste-replicate',
    'Δ src/predict.py\n───────────────────────────────────────────────\n│ 6 │os.environ["REPLICATE_API_TOKEN"] = "«r8_{a37}»"   │ 6 │# token comes from the env',
  ],
  [
    'git61-diff-u-env-files-with-timestamps',
    '$ diff -u .env.bak .env\n--- .env.bak\t2024-06-11 09:12:01.000000000 +0200\n+++ .env\t2024-06-11 09:15:44.000000000 +0200\n@@ -1,4 +1,4 @@\n POSTGRES_USER=app\n-POSTGRES_PASSWORD=«{a16}»\n+POSTGRES_PASSWORD=«{a16}»\n POSTGRES_DB=app\n POSTGRES_HOST=localhost',
  ],
  [
    'git61-diff-u-env-example-vs-env',
    '$ diff -u .env.example .env\n--- .env.example\n+++ .env\n@@ -2,3 +2,3 @@\n-OPENAI_API_KEY=sk-...\n-PINECONE_API_KEY=<pinecone key>\n+OPENAI_API_KEY=«sk-proj-{B48}T3BlbkFJ{B48}»\n+PINECONE_API_KEY=«pcsk_{a6}_{a63}»',
  ],
  [
    'git61-diff-u-ssh-config-vs-backup-with-proxy-password',
    '$ diff -u proxy.env.orig proxy.env\n--- proxy.env.orig\n+++ proxy.env\n@@ -1,2 +1,2 @@\n-https_proxy=http://proxy.acme.local:3128\n+https_proxy=http://jdoe:«{a12}{d3}»@proxy.acme.local:3128\n no_proxy=localhost,127.0.0.1,.acme.local',
  ],
  [
    'git61-diff-u-docker-compose-override-minio',
    '--- docker-compose.yml\t2024-03-02 10:00:00\n+++ docker-compose.override.yml\t2024-03-02 10:05:00\n@@ -9,5 +9,5 @@\n     environment:\n       MINIO_ROOT_USER: minioadmin\n-      MINIO_ROOT_PASSWORD: ${MINIO_ROOT_PASSWORD}\n+      MINIO_ROOT_PASSWORD: «{a24}»',
  ],
  [
    'git61-diff-u-ini-files-mysql-client',
    '$ diff -u ~/.my.cnf.old ~/.my.cnf\n--- /home/ops/.my.cnf.old\n+++ /home/ops/.my.cnf\n@@ -1,3 +1,3 @@\n [client]\n user=ops\n-password=«{a14}»\n+password=«{a14}»',
  ],
  [
    'git61-diff-u-rclone-conf-token-json',
    '--- rclone.conf.orig\n+++ rclone.conf\n@@ -3,3 +3,3 @@ type = drive\n scope = drive\n-token = {"access_token":"«ya29.{B120}»","token_type":"Bearer","refresh_token":"«1//{B60}»","expiry":"2024-05-01T10:00:00Z"}\n+token = {"access_token":"«ya29.{B120}»","token_type":"Bearer","refresh_token":"«1//{B60}»","expiry":"2024-05-01T11:00:00Z"}',
  ],
  [
    'git61-merge-conflict-secret-on-head-side-env',
    '$ git diff --name-only --diff-filter=U\n.env.production\n$ cat .env.production\nAPP_NAME=orders\n<<<<<<< HEAD\nSTRIPE_SECRET_KEY=«sk_live_{a24}»\n=======\nSTRIPE_SECRET_KEY=${STRIPE_SECRET_KEY}\n>>>>>>> feature/env-refs',
  ],
  [
    'git61-merge-conflict-both-sides-different-passwords-yaml',
    'database:\n  host: db.internal\n<<<<<<< HEAD\n  password: «{a18}»\n=======\n  password: «{a18}»\n>>>>>>> origin/main\n  pool: 10',
  ],
  [
    'git61-merge-conflict-diff3-style-base-section',
    '<<<<<<< ours\nREDIS_URL=redis://default:«{a24}»@redis-{d5}.c{d3}.eu-west-1-2.ec2.cloud.redislabs.com:{d5}\n||||||| base\nREDIS_URL=redis://localhost:6379\n=======\nREDIS_URL=${REDIS_URL}\n>>>>>>> theirs',
  ],
  [
    'git61-merge-conflict-python-settings-on-theirs-side',
    '<<<<<<< HEAD\nSENDGRID_API_KEY = os.environ["SENDGRID_API_KEY"]\n=======\nSENDGRID_API_KEY = "«SG.{B22}.{B43}»"\n>>>>>>> {h7} (hotfix: mail outage)',
  ],
  [
    'git61-merge-conflict-in-package-json-npm-scripts-token',
    '  "scripts": {\n<<<<<<< HEAD\n    "release": "npm publish",\n=======\n    "release": "NPM_TOKEN=«npm_{a36}» npm publish",\n>>>>>>> release/1.9\n    "lint": "eslint ."',
  ],
  [
    'git61-merge-conflict-git-status-plus-tf-cloud-token',
    '$ git status --short\nUU terraform/.terraformrc\n$ cat terraform/.terraformrc\ncredentials "app.terraform.io" {\n<<<<<<< HEAD\n  token = "«{a14}.atlasv1.{a67}»"\n=======\n  # token from TF_TOKEN_app_terraform_io\n>>>>>>> main\n}',
  ],
  [
    'git61-merge-conflict-rebase-applying-commit-github-app-secret',
    "Auto-merging config/github_app.yml\nCONFLICT (content): Merge conflict in config/github_app.yml\nerror: could not apply {h7}... add app creds\n$ sed -n 4,9p config/github_app.yml\n<<<<<<< HEAD\nclient_secret: <%= ENV['GH_APP_CLIENT_SECRET'] %>\n=======\nclient_secret: «{h40}»\n>>>>>>> {h7} (add app creds)",
  ],
  [
    'git61-bfg-replacement-file-literal-secrets',
    '$ cat passwords.txt\n«{a20}»\n«ghp_{a36}»==>***REMOVED***\n«sk_live_{a24}»==>STRIPE_KEY_REMOVED\n$ bfg --replace-text passwords.txt repo.git',
  ],
  [
    'git61-filter-repo-expressions-literal-and-regex',
    '$ cat expressions.txt\nliteral:«{a24}»==>***REMOVED***\nliteral:«xoxp-{d11}-{d11}-{d13}-{h32}»==>***REMOVED***\nregex:password\\s*=\\s*\\S+==>password=***REMOVED***\n$ git filter-repo --replace-text expressions.txt --force',
  ],
  [
    'git61-bfg-replace-text-file-mixed-comments',
    '# secrets found by the audit, one per line\n«AKIA{u16}»==>AWS_KEY_ID\n«{b40}»==>AWS_SECRET\n# db\n«{a16}»',
  ],
  [
    'git61-filter-branch-sed-command-with-secret',
    'git filter-branch --force --tree-filter \\\n  "sed -i \'s/«{a32}»/\\$API_KEY/g\' config/app.ini" \\\n  --prune-empty -- --all',
  ],
  [
    'git61-filter-repo-blob-callback-secret-bytes',
    'git filter-repo --blob-callback \'\n  blob.data = blob.data.replace(b"«glpat-{B20}»", b"***REMOVED***")\n\'',
  ],
  [
    'git61-gitleaks-json-report-secret-and-match',
    '[\n {\n  "Description": "Slack Bot token",\n  "StartLine": 3,\n  "EndLine": 3,\n  "StartColumn": 14,\n  "EndColumn": 70,\n  "Match": "SLACK_TOKEN=«xoxb-{d11}-{d13}-{a24}»",\n  "Secret": "«xoxb-{d11}-{d13}-{a24}»",\n  "File": "deploy/.env",\n  "Commit": "{h40}",\n  "Entropy": 4.81,\n  "RuleID": "slack-bot-token",\n  "Fingerprint": "{h40}:deploy/.env:slack-bot-token:3"\n }\n]',
  ],
  [
    'git61-gitleaks-cli-verbose-finding',
    'Finding:     aws_secret_access_key = «{b40}»\nSecret:      «{b40}»\nRuleID:      aws-secret-access-key\nEntropy:     5.021\nFile:        infra/creds.tfvars\nLine:        7\nCommit:      {h40}\nAuthor:      Pat Kim\nEmail:       pat@acme.io\nDate:        2024-03-18T10:22:31Z\nFingerprint: {h40}:infra/creds.tfvars:aws-secret-access-key:7',
  ],
  [
    'git61-gitleaks-sarif-snippet-text',
    '{\n  "ruleId": "github-pat",\n  "message": { "text": "github-pat has detected secret for file .github/workflows/sync.yml at commit {h40}." },\n  "locations": [{\n    "physicalLocation": {\n      "artifactLocation": { "uri": ".github/workflows/sync.yml" },\n      "region": { "startLine": 19, "snippet": { "text": "«ghp_{a36}»" } }\n    }\n  }],\n  "partialFingerprints": { "commitSha": "{h40}", "email": "ci@acme.io" }\n}',
  ],
  [
    'git61-trufflehog-json-raw-and-rawv2',
    '{"SourceMetadata":{"Data":{"Git":{"commit":"{h40}","file":"scripts/backup.sh","email":"ops \\u003cops@acme.io\\u003e","repository":"https://github.com/acme/ops.git","timestamp":"2024-02-20 10:00:00 +0000","line":4}}},"SourceID":1,"SourceType":16,"SourceName":"trufflehog - git","DetectorType":2,"DetectorName":"AWS","DecoderName":"PLAIN","Verified":true,"Raw":"«AKIA{u16}»","RawV2":"«AKIA{u16}»:«{b40}»","Redacted":"«AKIA{u16}»","ExtraData":{"account":"{d12}","arn":"arn:aws:iam::{d12}:user/backup"}}',
  ],
  [
    'git61-trufflehog-text-found-verified-result',
    '✅ Found verified result 🐷🔑\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: «ghp_{a36}»\nRotation_guide: https://howtorotate.com/docs/tutorials/github/\nCommit: {h40}\nEmail: release-bot <release@acme.io>\nFile: .github/workflows/release.yml\nLine: 22\nRepository: https://github.com/acme/sdk.git\nTimestamp: 2024-05-02 09:11:13 +0000',
  ],
  [
    'git61-trufflehog-unverified-stripe-text',
    'Found unverified result 🐷🔑❓\nDetector Type: Stripe\nDecoder Type: BASE64\nRaw result: «rk_live_{a24}»\nCommit: {h40}\nFile: billing/fixtures/env.b64\nLine: 1',
  ],
  [
    'git61-detect-secrets-audit-shows-line',
    '$ detect-secrets audit .secrets.baseline\nSecret:      2 of 5\nFilename:    app/settings/prod.py\nSecret Type: Secret Keyword\n----------\n39:\n40:EMAIL_HOST_USER = "apikey"\n41:EMAIL_HOST_PASSWORD = "«{a24}»"\n42:\n----------\nIs this a secret that should be committed to this repository? (y)es, (n)o, (s)kip, (q)uit:',
  ],
  [
    'git61-git-secrets-scan-history-prohibited-pattern',
    '$ git secrets --scan-history\n{h40}:terraform/providers.tf:6:  secret_key = "«{b40}»"\n\n[ERROR] Matched one or more prohibited patterns\n\nPossible mitigations:\n- Mark false positives as allowed using: git config --add secrets.allowed ...',
  ],
  [
    'git61-gitleaks-csv-report-row',
    'RuleID,Commit,File,SymlinkFile,Secret,Match,StartLine,EndLine,StartColumn,EndColumn,Author,Message,Date,Email,Fingerprint\ngeneric-api-key,{h40},src/config.ts,,«{a32}»,"apiKey: \'«{a32}»\'",12,12,5,48,Wei Zhang,add config,2024-01-12T08:00:00Z,wei@acme.io,{h40}:src/config.ts:generic-api-key:12',
  ],
  [
    'git61-trufflehog-json-gitlab-token-filesystem',
    '{"SourceMetadata":{"Data":{"Filesystem":{"file":"/repo/.git/config","line":8}}},"SourceType":15,"SourceName":"trufflehog - filesystem","DetectorName":"Gitlab","Verified":false,"Raw":"«glpat-{B20}»"}',
  ],
  [
    'git61-gitleaks-github-action-log-finding',
    'Run gitleaks/gitleaks-action@v2\n    ○\n    │╲\n    │ ○\n    ○ ░\n    ░    gitleaks\nFinding:     "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b48}\\n-----END PRIVATE KEY-----\\n»",\nRuleID:      private-key\nFile:        gcp/sa.json\nCommit:      {h40}',
  ],
  [
    'git61-noseyparker-report-match-snippet',
    "Finding 3/11 (id {h40})\nRule: Sendgrid API Key\nGroup: «SG.{B22}.{B43}»\nOccurrence 1/1\nGit repo: clones/https/github.com/acme/marketing\nCommit: first seen in {h40}\nFile: mailer/config.js\nLines: 5:17-5:85\n\n    module.exports = { sendgridKey: '«SG.{B22}.{B43}»' };",
  ],
  [
    'git61-git-config-remote-url-user-password',
    '$ cat .git/config\n[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n[remote "origin"]\n\turl = https://deploy:«{a20}»@git.acme.io/platform/api.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main',
  ],
  [
    'git61-git-config-bitbucket-x-token-auth',
    '[remote "upstream"]\n\turl = https://x-token-auth:«ATCTT3xFfGN0{B180}={H8}»@bitbucket.org/acme/mobile.git\n\tfetch = +refs/heads/*:refs/remotes/upstream/*',
  ],
  [
    'git61-git-config-global-extraheader-basic-auth',
    '$ git config --global --list | grep extraheader\nhttp.https://github.com/.extraheader=AUTHORIZATION: basic «{b60}»',
  ],
  ['git61-git-config-http-extraheader-bearer-azure', '[http "https://dev.azure.com/acme/"]\n\textraheader = AUTHORIZATION: Bearer «{k52}»'],
  [
    'git61-git-config-get-remote-url-gitlab-oauth2',
    '$ git config --get remote.origin.url\nhttps://oauth2:«glpat-{B20}»@gitlab.com/acme/data-pipelines.git',
  ],
  [
    'git61-git-config-insteadof-with-token',
    '$ git config --global url."https://«ghp_{a36}»@github.com/".insteadOf "https://github.com/"\n$ cat ~/.gitconfig | tail -2\n[url "https://«ghp_{a36}»@github.com/"]\n\tinsteadOf = https://github.com/',
  ],
  [
    'git61-git-config-lfs-url-with-token',
    '[lfs]\n\turl = https://lfs-bot:«{h40}»@lfs.acme.io/assets.git/info/lfs\n[remote "origin"]\n\turl = git@github.com:acme/assets.git',
  ],
  [
    'git61-gitea-token-remote-url',
    '[remote "origin"]\n\turl = https://ci:«{h40}»@gitea.acme.lan/infra/ansible.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*',
  ],
  [
    'git61-git-credential-fill-github-output',
    "$ printf 'protocol=https\\nhost=github.com\\n\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=acme-ci\npassword=«gho_{a36}»",
  ],
  [
    'git61-git-credential-fill-gitlab-plain-password',
    '$ echo url=https://gitlab.acme.io | git credential fill\nprotocol=https\nhost=gitlab.acme.io\nusername=m.schulz\npassword=«{a10}{d2}!{a6}»',
  ],
  [
    'git61-git-credential-manager-get-azure-devops',
    '$ echo -e "protocol=https\\nhost=dev.azure.com\\npath=acme/_git/web\\n" | git credential-manager get\nprotocol=https\nhost=dev.azure.com\nusername=PersonalAccessToken\npassword=«{k52}»',
  ],
  [
    'git61-git-credential-store-file-multiple-lines',
    '$ cat ~/.git-credentials\nhttps://jsmith:«ghp_{a36}»@github.com\nhttps://jsmith:«glpat-{B20}»@gitlab.com\nhttps://jsmith%40acme.io:«{a24}»@bitbucket.org',
  ],
  ['git61-git-credentials-with-port-gitea', '$ tail -1 ~/.git-credentials\nhttps://build:«{h40}»@git.acme.lan%3a3000'],
  [
    'git61-git-credential-approve-heredoc',
    'git credential approve <<EOF\nprotocol=https\nhost=git.acme.io\nusername=release\npassword=«{a28}»\nEOF',
  ],
  [
    'git61-git-credential-helper-store-debug-trace',
    "$ GIT_TRACE=1 git fetch\n11:02:14.120381 run-command.c:659       trace: run_command: 'git credential-store get'\n11:02:14.128870 git.c:463               trace: built-in: git credential-store get\n$ cat ~/.config/git/credentials\nhttps://oauth2:«glpat-{B20}»@gitlab.acme.io",
  ],
  ['git61-git-credential-osxkeychain-find-output', '$ security find-internet-password -s github.com -w\n«ghp_{a36}»'],
  [
    'git61-git-remote-v-token-in-fetch-push',
    '$ git remote -v\norigin\thttps://«ghp_{a36}»@github.com/acme/web.git (fetch)\norigin\thttps://«ghp_{a36}»@github.com/acme/web.git (push)\nupstream\tgit@github.com:acme-oss/web.git (fetch)\nupstream\tgit@github.com:acme-oss/web.git (push)',
  ],
  [
    'git61-git-remote-v-gitlab-ci-token-user',
    '$ git remote -v\norigin\thttps://gitlab-ci-token:«glcbt-{B20}»@gitlab.acme.io/platform/charts.git (fetch)\norigin\thttps://gitlab-ci-token:«glcbt-{B20}»@gitlab.acme.io/platform/charts.git (push)',
  ],
  [
    'git61-git-remote-set-url-with-pat-x-access-token',
    'git remote set-url origin https://x-access-token:«ghs_{a36}»@github.com/acme/infra-live.git\ngit push origin HEAD:refs/heads/bot/update-lockfiles',
  ],
  [
    'git61-git-remote-add-azure-devops-pat',
    'git remote add azure https://acme:«{k52}»@dev.azure.com/acme/Platform/_git/platform\ngit push azure --all',
  ],
  [
    'git61-git-remote-show-origin-with-password',
    '$ git remote show origin\n* remote origin\n  Fetch URL: https://svc-build:«{a16}»@scm.acme.corp/scm/pay/core.git\n  Push  URL: https://svc-build:«{a16}»@scm.acme.corp/scm/pay/core.git\n  HEAD branch: master',
  ],
  [
    'git61-git-clone-oauth2-gitlab',
    "$ git clone https://oauth2:«glpat-{B20}»@gitlab.com/acme/ml/feature-store.git\nCloning into 'feature-store'...\nremote: Enumerating objects: 4211, done.",
  ],
  [
    'git61-git-clone-dockerfile-arg-github-pat',
    'FROM golang:1.22 AS build\nRUN git config --global url."https://acme-bot:«github_pat_{a22}_{a59}»@github.com/".insteadOf "https://github.com/"\nENV GOPRIVATE=github.com/acme/*\nRUN go mod download',
  ],
  [
    'git61-git-clone-ci-log-masked-failed-url',
    "+ git clone --depth 1 https://ci-bot:«{a32}»@bitbucket.acme.corp/scm/ops/playbooks.git\nCloning into 'playbooks'...\nfatal: Authentication failed for 'https://bitbucket.acme.corp/scm/ops/playbooks.git/'",
  ],
  ['git61-git-clone-huggingface-with-token', 'git lfs install\ngit clone https://hf_user:«hf_{a34}»@huggingface.co/acme/private-ranker'],
  [
    'git61-git-clone-requirements-txt-vcs-url',
    '# requirements.txt\ngit+https://«ghp_{a36}»@github.com/acme/shared-utils.git@v1.4.2#egg=shared-utils\nrequests==2.32.3',
  ],
  [
    'git61-git-clone-package-json-dependency-token',
    '  "dependencies": {\n    "@acme/ui": "git+https://oauth2:«glpat-{B20}»@gitlab.acme.io/frontend/ui.git#v3.2.0",\n    "react": "^18.3.1"\n  }',
  ],
  [
    'git61-git-submodule-url-with-credentials',
    '$ cat .gitmodules\n[submodule "vendor/protos"]\n\tpath = vendor/protos\n\turl = https://protos-reader:«{a22}»@git.acme.io/platform/protos.git',
  ],
  [
    'git61-git-clone-go-netrc-bitbucket-app-password',
    '$ cat ~/.netrc\nmachine bitbucket.org\nlogin acme-builder\npassword «ATBB{a32}{H8}»\n$ go get bitbucket.org/acme/go-kit@latest',
  ],
  [
    'git61-git-diff-color-ansi-escapes-api-key',
    '\u001b[1mdiff --git a/.env b/.env\u001b[m\n\u001b[1mindex {h7}..{h7} 100644\u001b[m\n\u001b[36m@@ -2,2 +2,3 @@\u001b[m\n LOG_LEVEL=debug\u001b[m\n\u001b[32m+RENDER_API_KEY=«rnd_{a32}»\u001b[m',
  ],
  [
    'git61-git-log-color-oneline-then-diff-langsmith',
    '\u001b[33m{h7}\u001b[m\u001b[33m (\u001b[m\u001b[1;36mHEAD -> \u001b[m\u001b[1;32mtracing\u001b[m\u001b[33m)\u001b[m add tracing\n\u001b[31m-LANGCHAIN_API_KEY=\u001b[m\n\u001b[32m+LANGCHAIN_API_KEY=«lsv2_pt_{h32}_{h10}»\u001b[m',
  ],
  [
    'git61-git-add-p-interactive-hunk-prompt',
    '$ git add -p\ndiff --git a/src/config.rs b/src/config.rs\nindex {h7}..{h7} 100644\n--- a/src/config.rs\n+++ b/src/config.rs\n@@ -11,3 +11,4 @@ pub struct Config {\n pub const API_BASE: &str = "https://api.acme.io";\n+pub const API_SECRET: &str = "«{a40}»";\n(1/1) Stage this hunk [y,n,q,a,d,e,?]? ',
  ],
  [
    'git61-git-commit-verbose-scissors-diff',
    'fix: reconnect on timeout\n\n# Please enter the commit message for your changes. Lines starting\n# with \'#\' will be ignored, and an empty message aborts the commit.\n# ------------------------ >8 ------------------------\n# Do not modify or remove the line above.\ndiff --git a/worker/amqp.py b/worker/amqp.py\n-URL = os.environ["AMQP_URL"]\n+URL = "amqps://worker:«{a24}»@b-{h8}-{h4}-{h4}-{h4}-{h12}.mq.eu-west-1.amazonaws.com:5671"',
  ],
  [
    'git61-git-commit-message-body-contains-token',
    '$ git log -1 --format=%B {h7}\ntemp: use my token until the bot account is approved\n\ntoken for reviewers: «ghp_{a36}»\n(will rotate after merge)',
  ],
  [
    'git61-git-tag-message-with-password',
    '$ git tag -n9 v0.9.0-rc1\nv0.9.0-rc1      RC for QA\n    staging login: qa-admin / «{a12}{d4}»\n    do not share outside the team',
  ],
  ['git61-git-notes-show-with-secret', '$ git notes show {h7}\ndeploy note: used emergency key «{h64}» for the hotfix, rotate on Monday'],
  [
    'git61-git-cat-file-blob-env',
    '$ git cat-file -p {h40}\nDATABASE_URL=postgres://app:«{a22}»@db.internal:5432/app\nCACHE_URL=redis://cache.internal:6379/0',
  ],
  [
    'git61-git-fsck-dangling-blob-show',
    '$ git fsck --lost-found\nChecking object directories: 100% (256/256), done.\ndangling blob {h40}\n$ git show {h40}\n[production]\napi_secret = «{a40}»',
  ],
  [
    'git61-git-reflog-then-show-reset-commit',
    "$ git reflog | head -3\n{h7} HEAD@{0}: reset: moving to HEAD~1\n{h7} HEAD@{1}: commit: add k8s secret\n$ git show HEAD@{1} --format= | grep '^+'\n+++ b/k8s/secret.yaml\n+  GRAFANA_ADMIN_PASSWORD: «{a20}»",
  ],
  [
    'git61-git-range-diff-shows-secret-dropped',
    '$ git range-diff main~3..feature main..feature\n1:  {h7} ! 1:  {h7} add payment client\n    @@ payments/client.go\n    -+const apiKey = "«sk_live_{a24}»"\n    ++var apiKey = os.Getenv("STRIPE_KEY")',
  ],
  [
    'git61-git-log-g-regex-search-hit',
    '$ git log -G\'sk_live_\' --oneline -p -- billing/\n{h7} hotfix billing\n@@ -7 +7 @@\n-STRIPE_KEY = os.getenv("STRIPE_KEY")\n+STRIPE_KEY = "«sk_live_{a24}»"',
  ],
  [
    'git61-git-cherry-pick-conflict-nuget-password',
    '$ git cherry-pick {h7}\nCONFLICT (content): Merge conflict in NuGet.Config\n$ grep -n -A4 \'<<<<<<<\' NuGet.Config\n12:<<<<<<< HEAD\n13-      <add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />\n14-=======\n15-      <add key="ClearTextPassword" value="«{k52}»" />\n16->>>>>>> {h7} (restore feed)',
  ],
  [
    'git61-git-pre-commit-hook-detect-private-key-failure',
    '$ git commit -m "add signing key"\ndetect private key.......................................................Failed\n- hook id: detect-private-key\n- exit code: 1\n\nPrivate key found: release/signing.asc\n$ head -4 release/signing.asc\n«-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBG{b58}\n{b64}»',
  ],
  [
    'git61-git-fatal-unable-to-access-url-with-creds',
    "$ git pull\nfatal: unable to access 'https://deploy:«{a18}»@git.acme.io/web/site.git/': The requested URL returned error: 403",
  ],
  [
    'git61-git-c-http-extraheader-bearer-clone',
    'git -c http.extraHeader="Authorization: Bearer «{B43}»" clone https://git.acme.io/ml/datasets.git',
  ],
  [
    'git61-git-c-credential-helper-inline-function',
    'git -c credential.helper=\'!f() { echo username=bot; echo "password=«{a30}»"; }; f\' push origin main',
  ],
  [
    'git61-git-askpass-script-echo-token',
    '$ cat /usr/local/bin/git-askpass.sh\n#!/bin/sh\ncase "$1" in\n  Username*) echo "acme-bot" ;;\n  Password*) echo "«ghp_{a36}»" ;;\nesac',
  ],
  [
    'git61-git-config-list-show-origin-credentials',
    '$ git config --list --show-origin | grep -i url\nfile:/home/dev/.gitconfig\turl.https://dev:«{a32}»@git.acme.io/.insteadof=https://git.acme.io/\nfile:.git/config\tremote.origin.url=https://git.acme.io/platform/api.git',
  ],
  [
    'git61-heroku-git-remote-with-api-key',
    '$ git remote -v | grep heroku\nheroku\thttps://heroku:«{h8}-{h4}-{h4}-{h4}-{h12}»@git.heroku.com/acme-api-prod.git (fetch)',
  ],
  [
    'git61-git-lfs-env-endpoint-with-token',
    '$ git lfs env | head -4\ngit-lfs/3.5.1 (GitHub; linux amd64; go 1.21.7)\ngit version 2.45.1\n\nEndpoint=https://lfs:«{h40}»@git.acme.io/assets/media.git/info/lfs (auth=basic)',
  ],
  [
    'git61-github-actions-checkout-literal-token',
    '      - uses: actions/checkout@v4\n        with:\n          repository: acme/private-protos\n          token: «github_pat_{a22}_{a59}»\n          path: protos',
  ],
  [
    'git61-github-secret-scanning-alert-api-secret-field',
    '$ gh api repos/acme/site/secret-scanning/alerts/14\n{\n  "number": 14,\n  "state": "open",\n  "secret_type": "mailchimp_api_key",\n  "secret_type_display_name": "Mailchimp API Key",\n  "secret": "«{h32}-us14»",\n  "html_url": "https://github.com/acme/site/security/secret-scanning/14"\n}',
  ],
  [
    'git61-gitlab-secret-detection-report-raw-extract',
    '{\n  "id": "{h64}",\n  "category": "secret_detection",\n  "name": "PyPI upload token",\n  "raw_source_code_extract": "«pypi-AgEIcHlwaS5vcmc{B70}»",\n  "location": { "file": "publish.sh", "commit": { "sha": "{h40}" }, "start_line": 3 }\n}',
  ],
  [
    'git61-diff-maven-settings-xml-server-password',
    '--- a/.mvn/settings.xml\n+++ b/.mvn/settings.xml\n@@ -4,6 +4,6 @@\n     <server>\n       <id>acme-releases</id>\n       <username>deployer</username>\n-      <password>${env.NEXUS_PASSWORD}</password>\n+      <password>«{a20}»</password>\n     </server>',
  ],
  [
    'git61-diff-gradle-properties-signing-and-ossrh',
    'diff --git a/gradle.properties b/gradle.properties\n@@ -1,2 +1,5 @@\n org.gradle.jvmargs=-Xmx2g\n kotlin.code.style=official\n+ossrhUsername=acme\n+ossrhPassword=«{a18}»\n+signing.password=«{a16}»',
  ],
  [
    'git61-diff-yarnrc-yml-npm-auth-token',
    '--- a/.yarnrc.yml\n+++ b/.yarnrc.yml\n@@ -1,3 +1,5 @@\n nodeLinker: node-modules\n+npmScopes:\n+  acme: { npmRegistryServer: "https://npm.pkg.github.com", npmAuthToken: "«ghp_{a36}»" }',
  ],
  [
    'git61-diff-composer-auth-json-github-oauth',
    '+++ b/auth.json\n@@ -0,0 +1,5 @@\n+{\n+    "github-oauth": { "github.com": "«gho_{a36}»" },\n+    "http-basic": { "repo.packagist.com": { "username": "token", "password": "«{h40}»" } }\n+}',
  ],
  ['git61-diff-cargo-credentials-toml', '$ git diff --no-index /dev/null ~/.cargo/credentials.toml\n+[registry]\n+token = "«cio{a32}»"'],
  [
    'git61-diff-pip-conf-extra-index-token',
    '@@ -1,2 +1,3 @@\n [global]\n timeout = 60\n+extra-index-url = https://__token__:«{a32}»@pkgs.acme.io/simple/',
  ],
  [
    'git61-diff-pulumi-credentials-access-token',
    '--- a/.pulumi/credentials.json\n+++ b/.pulumi/credentials.json\n@@ -2,5 +2,5 @@\n     "current": "https://api.pulumi.com",\n     "accessTokens": {\n-        "https://api.pulumi.com": ""\n+        "https://api.pulumi.com": "«pul-{h40}»"\n     },',
  ],
  [
    'git61-diff-sops-decrypted-file-committed-age-key',
    'diff --git a/keys/age.txt b/keys/age.txt\nnew file mode 100644\n+# created: 2024-04-02T10:11:12Z\n+# public key: age1{l58}\n+«AGE-SECRET-KEY-1{e58}»',
  ],
  [
    'git61-diff-buildkite-agent-cfg-token',
    '--- a/buildkite-agent.cfg\n+++ b/buildkite-agent.cfg\n@@ -1,3 +1,3 @@\n-token="xxx"\n+token="«bkct_{h40}»"\n name="%hostname-%spawn"\n tags="queue=deploy"',
  ],
  [
    'git61-diff-doppler-service-token-docker-run',
    '@@ -3 +3 @@\n-docker run --rm -e DOPPLER_TOKEN acme/api\n+docker run --rm -e DOPPLER_TOKEN=«dp.st.prd.{a40}» acme/api',
  ],
  [
    'git61-diff-okta-api-token-python',
    '--- a/scripts/okta_sync.py\n+++ b/scripts/okta_sync.py\n@@ -5,3 +5,3 @@ ORG_URL = "https://acme.okta.com"\n-API_TOKEN = os.environ["OKTA_API_TOKEN"]\n+API_TOKEN = "«00{B40}»"',
  ],
  [
    'git61-diff-atlassian-api-token-jira-cli',
    '+++ b/.jira.d/config.yml\n@@ -0,0 +1,4 @@\n+endpoint: https://acme.atlassian.net\n+user: dev@acme.io\n+password-source: keyring\n+api-token: «ATATT3xFfGF0{B180}={H8}»',
  ],
  [
    'git61-diff-contentful-management-token',
    "@@ -1,4 +1,4 @@\n module.exports = {\n   spaceId: '{l12}',\n-  managementToken: process.env.CONTENTFUL_MANAGEMENT_TOKEN,\n+  managementToken: '«CFPAT-{B43}»',\n };",
  ],
  ['git61-diff-figma-token-env', ' FIGMA_FILE_KEY={a22}\n-FIGMA_TOKEN=\n+FIGMA_TOKEN=«figd_{B40}»'],
  [
    'git61-diff-mapbox-secret-token-vs-public',
    '@@ -1,2 +1,3 @@\n MAPBOX_PUBLIC_TOKEN=pk.eyJ1IjoiYWNtZSIsImEiOiJ{B20}In0.{B22}\n+MAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1IjoiYWNtZSIsImEiOiJ{B20}In0.{B22}»',
  ],
  [
    'git61-diff-airtable-pat-js',
    "-const base = new Airtable({ apiKey: process.env.AIRTABLE_PAT }).base('app{a14}');\n+const base = new Airtable({ apiKey: '«pat{a14}.{h64}»' }).base('app{a14}');",
  ],
  [
    'git61-diff-grafana-service-account-token',
    'diff --git a/dashboards/sync.sh b/dashboards/sync.sh\n@@ -2,2 +2,2 @@\n-GRAFANA_TOKEN="${GRAFANA_TOKEN:?}"\n+GRAFANA_TOKEN="«glsa_{a32}_{h8}»"\n curl -sS -H "Authorization: Bearer $GRAFANA_TOKEN" https://grafana.acme.io/api/search',
  ],
  [
    'git61-diff-newrelic-user-key',
    '@@ -8,2 +8,3 @@ provider "newrelic" {\n   account_id = {d7}\n+  api_key    = "«NRAK-{u27}»"\n   region     = "EU"',
  ],
  [
    'git61-diff-planetscale-password-database-url',
    '-DATABASE_URL="mysql://{l12}:${PLANETSCALE_PASSWORD}@aws.connect.psdb.cloud/shop?sslaccept=strict"\n+DATABASE_URL="mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/shop?sslaccept=strict"',
  ],
  [
    'git61-diff-supabase-access-token-ci',
    '       - run: supabase db push\n         env:\n-          SUPABASE_ACCESS_TOKEN: ${{ secrets.SUPABASE_ACCESS_TOKEN }}\n+          SUPABASE_ACCESS_TOKEN: «sbp_{h40}»',
  ],
  ['git61-diff-wandb-netrc-api-key', '+machine api.wandb.ai\n+  login user\n+  password «{h40}»'],
  [
    'git61-diff-shopify-app-secret-toml',
    '@@ -1,4 +1,5 @@\n client_id = "{h32}"\n name = "acme-returns"\n+client_secret = "«shpss_{h32}»"\n application_url = "https://returns.acme.io"',
  ],
  [
    'git61-diff-svn-style-index-header-ftp-creds',
    'Index: deploy/ftp.cfg\n===================================================================\n--- deploy/ftp.cfg\t(revision 1841)\n+++ deploy/ftp.cfg\t(working copy)\n@@ -1,3 +1,3 @@\n host=ftp.acme-hosting.net\n user=acmeweb\n-pass=«{a12}»\n+pass=«{a12}»',
  ],
  [
    'git61-diff-hg-export-header-sentry-token',
    '# HG changeset patch\n# User Rosa Diaz <rosa@acme.io>\n# Date 1714380000 -7200\n# Node ID {h40}\n# Parent  {h40}\nupload sourcemaps\n\ndiff -r {h12} -r {h12} .env.sentry-build-plugin\n--- /dev/null\n+++ b/.env.sentry-build-plugin\n@@ -0,0 +1,1 @@\n+SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3M{B60}In0=_{B43}»',
  ],
  [
    'git61-diff-jupyter-output-cell-leaked-env',
    '@@ -88,7 +88,7 @@\n      "output_type": "stream",\n      "text": [\n-      "OPENAI_API_KEY=...\\n"\n+      "OPENAI_API_KEY=«sk-proj-{B48}T3BlbkFJ{B48}»\\n"\n      ]',
  ],
  [
    'git61-diff-pgp-private-key-in-keys-dir',
    'diff --git a/ci/keys/release.sec.asc b/ci/keys/release.sec.asc\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/ci/keys/release.sec.asc\n@@ -0,0 +1,6 @@\n+«-----BEGIN PGP PRIVATE KEY BLOCK-----\n+\n+lQdGBG{b58}\n+{b64}\n+={b4}\n+-----END PGP PRIVATE KEY BLOCK-----»',
  ],
];

export const BLIND61_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'git61-diff-env-ref-to-gha-secrets-ref',
    '@@ -14,7 +14,7 @@ jobs:\n       - run: ./scripts/migrate.sh\n         env:\n-          DB_PASSWORD: ${DB_PASSWORD}\n+          DB_PASSWORD: ${{ secrets.DB_PASSWORD }}',
  ],
  [
    'git61-diff-os-environ-to-settings-lookup',
    'diff --git a/app/payments.py b/app/payments.py\nindex {h7}..{h7} 100644\n--- a/app/payments.py\n+++ b/app/payments.py\n@@ -3,4 +3,4 @@ import stripe\n-stripe.api_key = os.environ["STRIPE_SECRET_KEY"]\n+stripe.api_key = settings.STRIPE_SECRET_KEY',
  ],
  [
    'git61-git-log-trailers-change-id-signed-off-co-authored',
    'commit {h40}\nAuthor: Priya Raman <priya@acme.io>\nDate:   Tue Mar 5 14:22:09 2024 +0100\n\n    auth: read signing key from KMS\n\n    Change-Id: I{h40}\n    Signed-off-by: Priya Raman <priya@acme.io>\n    Co-authored-by: Tom Becker <{d8}+tbecker@users.noreply.github.com>\n    Reviewed-on: https://review.acme.io/c/platform/auth/+/{d5}',
  ],
  [
    'git61-git-show-signature-pgp-block',
    '$ git cat-file -p {h40}\ntree {h40}\nparent {h40}\nauthor Ines Carvalho <ines@acme.io> 1710231160 +0100\ncommitter Ines Carvalho <ines@acme.io> 1710231160 +0100\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iHUEABYKAB0WIQ{b38}FAmXwD{b12}\n AAoJE{b26}+{b24}\n {b40}=\n ={b4}\n -----END PGP SIGNATURE-----\n\ns3 uploader reads credentials from the instance profile',
  ],
  [
    'git61-git-verify-commit-good-signature-fingerprint',
    '$ git verify-commit {h7}\ngpg: Signature made Tue 12 Mar 2024 09:12:44 CET\ngpg:                using RSA key {H40}\ngpg: Good signature from "Ines Carvalho <ines@acme.io>" [ultimate]\nPrimary key fingerprint: {H4} {H4} {H4} {H4} {H4}  {H4} {H4} {H4} {H4} {H4}',
  ],
  [
    'git61-git-ssh-signature-block-in-tag',
    '$ git cat-file -p v2.4.0\nobject {h40}\ntype commit\ntag v2.4.0\ntagger Release Bot <release@acme.io> 1725451200 +0000\n\nrelease 2.4.0\n-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg{b43}=\nAAAAA2dpdAAAAAAAAAAGc2hhNTEyAAAAUwAAAAtzc2gtZWQyNTUxOQAAAEB{b64}\n{b20}\n-----END SSH SIGNATURE-----',
  ],
  [
    'git61-diff-package-lock-integrity-change',
    'diff --git a/package-lock.json b/package-lock.json\nindex {h7}..{h7} 100644\n--- a/package-lock.json\n+++ b/package-lock.json\n@@ -2211,9 +2211,9 @@\n     "node_modules/undici": {\n-      "version": "6.19.2",\n-      "integrity": "sha512-{b86}==",\n+      "version": "6.19.8",\n+      "integrity": "sha512-{b86}==",',
  ],
  [
    'git61-diff-go-sum-h1-hashes',
    '--- a/go.sum\n+++ b/go.sum\n@@ -41,4 +41,4 @@\n-golang.org/x/crypto v0.23.0 h1:{b43}=\n-golang.org/x/crypto v0.23.0/go.mod h1:{b43}=\n+golang.org/x/crypto v0.24.0 h1:{b43}=\n+golang.org/x/crypto v0.24.0/go.mod h1:{b43}=',
  ],
  [
    'git61-diff-image-digest-bump',
    '@@ -1,3 +1,3 @@\n-FROM python:3.12-slim@sha256:{h64}\n+FROM python:3.12-slim@sha256:{h64}\n WORKDIR /app',
  ],
  [
    'git61-diff-terraform-lock-hcl-hashes',
    ' provider "registry.terraform.io/hashicorp/aws" {\n-  version = "5.49.0"\n+  version = "5.54.1"\n   hashes = [\n-    "h1:{b43}=",\n+    "h1:{b43}=",\n+    "zh:{h64}",\n   ]',
  ],
  [
    'git61-git-ls-tree-blob-hashes',
    '$ git ls-tree HEAD config/\n100644 blob {h40}\tconfig/app.yml\n100644 blob {h40}\tconfig/database.yml.sample\n040000 tree {h40}\tconfig/environments\n100755 blob {h40}\tconfig/load-secrets.sh',
  ],
  ['git61-git-rev-parse-merge-base-output', '$ git rev-parse HEAD origin/main\n{h40}\n{h40}\n$ git merge-base HEAD origin/main\n{h40}'],
  [
    'git61-git-submodule-status',
    '$ git submodule status\n {h40} vendor/protos (v1.8.0)\n+{h40} vendor/terraform-modules (v0.14.2-3-g{h7})\n-{h40} docs/theme',
  ],
  [
    'git61-diff-git-lfs-pointer',
    'diff --git a/models/ranker.onnx b/models/ranker.onnx\nindex {h7}..{h7} 100644\n--- a/models/ranker.onnx\n+++ b/models/ranker.onnx\n@@ -1,3 +1,3 @@\n version https://git-lfs.github.com/spec/v1\n-oid sha256:{h64}\n-size 48213370\n+oid sha256:{h64}\n+size 48219112',
  ],
  [
    'git61-detect-secrets-baseline-hashed-secret',
    '  "results": {\n    "config/settings.py": [\n      {\n        "type": "Secret Keyword",\n        "filename": "config/settings.py",\n        "hashed_secret": "{h40}",\n        "is_verified": false,\n        "line_number": 41\n      }\n    ]\n  },\n  "generated_at": "2024-06-03T09:12:44Z"',
  ],
  [
    'git61-gitleaks-json-redacted-secret-and-match',
    '{\n  "Description": "Slack Bot token",\n  "StartLine": 3,\n  "Match": "SLACK_TOKEN=REDACTED",\n  "Secret": "REDACTED",\n  "File": "deploy/.env",\n  "Commit": "{h40}",\n  "Entropy": 4.81,\n  "RuleID": "slack-bot-token",\n  "Fingerprint": "{h40}:deploy/.env:slack-bot-token:3"\n}',
  ],
  [
    'git61-gitleaks-cli-redact-flag-output',
    '$ gitleaks git --redact -v .\nFinding:     aws_secret_access_key = REDACTED\nSecret:      REDACTED\nRuleID:      aws-secret-access-key\nEntropy:     5.021\nFile:        infra/creds.tfvars\nLine:        7\nCommit:      {h40}\nFingerprint: {h40}:infra/creds.tfvars:aws-secret-access-key:7\n11:02AM WRN leaks found: 1',
  ],
  [
    'git61-sarif-result-redacted-snippet',
    '{\n  "ruleId": "generic-api-key",\n  "message": { "text": "generic-api-key has detected secret for file src/config.ts at commit {h40}." },\n  "locations": [{ "physicalLocation": { "artifactLocation": { "uri": "src/config.ts" }, "region": { "startLine": 12, "snippet": { "text": "REDACTED" } } } }],\n  "partialFingerprints": { "commitSha": "{h40}", "author": "Wei Zhang" }\n}',
  ],
  [
    'git61-ggshield-output-masked-secret',
    '> commit {h40}: 1 incident detected\n\n>> Secret detected: Generic Password\n   Validity: No Checker\n   Occurrences: 1\n   Known by GitGuardian dashboard: NO\n   Secret SHA: {h64}\n\n 3 | +DB_PASSWORD=********',
  ],
  [
    'git61-github-push-protection-remote-message',
    'remote: error: GH013: Repository rule violations found for refs/heads/main.\nremote: - GITHUB PUSH PROTECTION\nremote:   —————————————————————————————————————————\nremote:     Resolve the following violations before pushing again\nremote:\nremote:     —— GitHub Personal Access Token ——————————————————————\nremote:       locations:\nremote:         - commit: {h40}\nremote:           path: deploy/ci.env:3\nremote:\nremote:       (?) To push, remove secret from commit(s) or follow this URL to allow the secret.\nremote:       https://github.com/acme/infra/security/secret-scanning/unblock-secret/2{a27}',
  ],
  [
    'git61-gitlab-secret-push-protection-blocked',
    'remote: PUSH BLOCKED: Secrets detected in code changes\nremote:\nremote: Secret push protection found the following secrets in commit: {h40}\nremote: -- config/ci.env:4 | GitLab personal access token\nremote:\nremote: To skip secret push protection, add the following Git push option to your push command: -o secret_push_protection.skip_all',
  ],
  [
    'git61-bfg-replacement-file-regex-only',
    '$ cat replacements.txt\nregex:(?i)(api[_-]?key\\s*[:=]\\s*)\\S+==>$1***REMOVED***\nregex:(?i)password\\s*=\\s*\\S+==>password=***REMOVED***\nglob:*.pem==>',
  ],
  [
    'git61-bfg-cleaned-file-removed-markers',
    '$ git show HEAD:config/app.ini\n[database]\nuser = orders\npassword = ***REMOVED***\n[stripe]\nsecret_key = ***REMOVED***',
  ],
  [
    'git61-bfg-run-summary-object-ids',
    'Changed files\n-------------\n\n\tFilename   Before & After\n\t---------------------------------\n\t.env     | {h8} ⇒ {h8}, {h8} ⇒ {h8}\n\tapp.ini  | {h8} ⇒ {h8}\n\nIn total, 14 object ids were changed. Full details are logged here:\n\t/home/dev/repo.bfg-report/2024-06-11/10-02-33',
  ],
  [
    'git61-filter-repo-invert-paths-output',
    '$ git filter-repo --invert-paths --path .env --path config/master.key\nParsed 812 commits\nNew history written in 0.61 seconds; now repacking/cleaning...\nRepacking your repo and cleaning out old unneeded objects\nHEAD is now at {h7} docs: rotate keys runbook\nCompletely finished after 1.94 seconds.',
  ],
  [
    'git61-git-config-ssh-remote-only',
    '$ cat .git/config\n[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/payments.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main',
  ],
  [
    'git61-git-remote-v-ssh-and-plain-https',
    '$ git remote -v\norigin\tgit@gitlab.acme.io:platform/charts.git (fetch)\norigin\tgit@gitlab.acme.io:platform/charts.git (push)\nmirror\thttps://github.com/acme/charts.git (fetch)\nmirror\thttps://github.com/acme/charts.git (push)',
  ],
  [
    'git61-git-config-insteadof-ssh',
    '[url "git@github.com:"]\n\tinsteadOf = https://github.com/\n[credential "https://dev.azure.com"]\n\tuseHttpPath = true\n[credential]\n\thelper = manager',
  ],
  [
    'git61-git-credential-approve-env-var-ref',
    'git credential approve <<EOF\nprotocol=https\nhost=github.com\nusername=x-access-token\npassword=${GITHUB_TOKEN}\nEOF',
  ],
  [
    'git61-git-credential-reject-no-password',
    "$ printf 'protocol=https\\nhost=gitlab.acme.io\\nusername=m.schulz\\n\\n' | git credential reject\n$ git config --global credential.helper 'cache --timeout=3600'",
  ],
  [
    'git61-git-credentials-doc-format',
    'Each line of `~/.git-credentials` has the form\n\n    https://<username>:<token>@github.com\n\nand is written by `git config --global credential.helper store` on the first successful push.',
  ],
  [
    'git61-merge-conflict-both-sides-references',
    '<<<<<<< HEAD\n  password: ${DB_PASSWORD}\n=======\n  password: ${{ secrets.DB_PASSWORD }}\n>>>>>>> feature/ci-secrets',
  ],
  [
    'git61-merge-conflict-package-lock-resolved',
    '<<<<<<< HEAD\n      "resolved": "https://registry.npmjs.org/zod/-/zod-3.23.4.tgz",\n      "integrity": "sha512-{b86}=="\n=======\n      "resolved": "https://registry.npmjs.org/zod/-/zod-3.23.8.tgz",\n      "integrity": "sha512-{b86}=="\n>>>>>>> renovate/zod-3.x',
  ],
  [
    'git61-merge-conflict-feature-flag-uuids',
    '<<<<<<< HEAD\nLAUNCHDARKLY_CLIENT_SIDE_ID={h24}\nRELEASE_CHANNEL=beta\n=======\nLAUNCHDARKLY_CLIENT_SIDE_ID={h24}\nRELEASE_CHANNEL=stable\n>>>>>>> {h7} (prod env)',
  ],
  [
    'git61-pr-review-quote-secrets-ref',
    "> +    token: ${{ secrets.GH_TOKEN }}\n\nnit: `GITHUB_TOKEN` already has `contents: write` here, you don't need the extra PAT secret.",
  ],
  [
    'git61-pr-review-quote-commit-link',
    '> Fixed in {h7}\n\nThanks! See https://github.com/acme/api/pull/812/commits/{h40} — compare {h7}...{h7} looks good.',
  ],
  [
    'git61-gerrit-push-refs-for-reviewers',
    '$ git push origin HEAD:refs/for/main%r=alice@acme.io,topic=kms-signing\nremote: Processing changes: refs: 1, new: 1, done\nremote:   https://review.acme.io/c/platform/auth/+/{d5} auth: read signing key from KMS [NEW]\nTo ssh://jdoe@review.acme.io:29418/platform/auth\n * [new reference]   HEAD -> refs/for/main%r=alice@acme.io,topic=kms-signing',
  ],
  ['git61-gerrit-gitreview-file', '[gerrit]\nhost=review.acme.io\nport=29418\nproject=platform/auth.git\ndefaultbranch=main'],
  [
    'git61-gerrit-change-id-commit-msg-hook-output',
    '$ git log -1 --format=%B\ninfra: bump terraform to 1.8.5\n\nChange-Id: I{h40}\nSigned-off-by: Jan Doe <jdoe@acme.io>',
  ],
  [
    'git61-phabricator-arc-diff-output',
    '$ arc diff\nLinting...\n LINT OKAY  No lint problems.\nCreated a new Differential revision:\n        Revision URI: https://phab.acme.io/D{d4}\n\nIncluded changes:\n  M       config/queue.yml',
  ],
  [
    'git61-phabricator-conduit-response-phids',
    '{"result":{"id":"{d4}","phid":"PHID-DREV-{l20}","diffs":["{d5}"],"activeDiffPHID":"PHID-DIFF-{l20}","authorPHID":"PHID-USER-{l20}"},"error_code":null,"error_info":null}',
  ],
  [
    'git61-side-by-side-env-references',
    '$ diff -y .env.staging.tpl .env.production.tpl\nAPP_ENV=staging                                 | APP_ENV=production\nDB_PASSWORD=${STAGING_DB_PASSWORD}              | DB_PASSWORD=${PROD_DB_PASSWORD}\nSENTRY_DSN=                                       SENTRY_DSN=',
  ],
  [
    'git61-diff-u-env-example-empty-values',
    '$ diff -u .env.example.old .env.example\n--- .env.example.old\n+++ .env.example\n@@ -1,3 +1,4 @@\n OPENAI_API_KEY=\n-PINECONE_API_KEY=\n+PINECONE_API_KEY=<your-pinecone-key>\n+PINECONE_INDEX=docs-{l8}\n LOG_LEVEL=info',
  ],
  [
    'git61-git-blame-references-only',
    '$ git blame -L 10,12 config/settings.py\n{h8} (Hannah Ng   2024-01-09 10:14:22 +0000 10) DATABASES["default"]["USER"] = env("DB_USER")\n{h8} (Hannah Ng   2024-01-09 10:14:22 +0000 11) DATABASES["default"]["PASSWORD"] = env("DB_PASSWORD")\n^{h7} (Olu Adeyemi 2023-06-19 08:01:55 +0000 12) DATABASES["default"]["HOST"] = env("DB_HOST", default="localhost")',
  ],
  [
    'git61-git-grep-env-lookups',
    "$ git grep -n 'API_KEY'\napp/client.py:8:API_KEY = os.environ[\"ACME_API_KEY\"]\nweb/src/env.ts:3:export const apiKey = import.meta.env.VITE_ACME_API_KEY ?? '';\ndeploy/values.yaml:21:      - name: ACME_API_KEY\ndeploy/values.yaml:22:        valueFrom: { secretKeyRef: { name: acme-api, key: api-key } }",
  ],
  [
    'git61-git-stash-show-p-non-secret-config',
    '$ git stash show -p stash@{0}\ndiff --git a/config/app.yml b/config/app.yml\nindex {h7}..{h7} 100644\n--- a/config/app.yml\n+++ b/config/app.yml\n@@ -4,3 +4,3 @@ cache:\n-  ttl_seconds: 300\n+  ttl_seconds: 30\n   namespace: orders-{h8}',
  ],
  [
    'git61-format-patch-header-message-id',
    'From {h40} Mon Sep 17 00:00:00 2001\nMessage-Id: <{h40}.{d10}.git.emil@acme.io>\nIn-Reply-To: <cover.{d10}.git.emil@acme.io>\nFrom: Emil Nord <emil@acme.io>\nDate: Wed, 10 Apr 2024 11:22:33 +0200\nSubject: [PATCH v3 2/4] github app: load webhook secret from env\n\n---\n app/github.ts | 2 +-',
  ],
  [
    'git61-diff-authorized-keys-public-key-added',
    '--- a/ansible/files/authorized_keys\n+++ b/ansible/files/authorized_keys\n@@ -1,2 +1,3 @@\n ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} priya@laptop\n+ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci',
  ],
  [
    'git61-diff-known-hosts-entry',
    '@@ -3 +3,2 @@\n github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n+|1|{b27}=|{b27}= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b87}=',
  ],
  [
    'git61-diff-workflow-npm-token-secret-ref',
    '@@ -20,4 +20,5 @@ jobs:\n       - run: npm ci\n       - run: npm publish --provenance\n         env:\n+          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}',
  ],
  [
    'git61-gha-log-masked-clone-url',
    '/usr/bin/git config --local http.https://github.com/.extraheader AUTHORIZATION: basic ***\n/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +{h40}:refs/remotes/origin/main\ngit clone https://x-access-token:***@github.com/acme/private-protos.git protos',
  ],
  [
    'git61-gitlab-ci-clone-job-token-ref',
    '  script:\n    - git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.acme.io/platform/shared-ci.git\n    - git -C shared-ci checkout {h40}',
  ],
  [
    'git61-git-clone-oauth2-doc-angle-brackets',
    'To clone a private project over HTTPS with a personal access token:\n\n    git clone https://oauth2:<your_access_token>@gitlab.com/acme/ml/feature-store.git',
  ],
  [
    'git61-git-secrets-register-aws-patterns',
    '$ git secrets --register-aws --global\n$ git config --get-all secrets.patterns\n(A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\n("|\')?(AWS|aws|Aws)?_?(SECRET|secret|Secret)?_?(ACCESS|access|Access)?_?(KEY|key|Key)("|\')?\\s*(:|=>|=)\\s*("|\')?[A-Za-z0-9/\\+=]{40}("|\')?',
  ],
  [
    'git61-gitleaks-toml-allowlist-commits',
    "[extend]\nuseDefault = true\n\n[allowlist]\ndescription = \"known false positives\"\ncommits = [\"{h40}\", \"{h40}\"]\npaths = ['''fixtures/.*\\.json''', '''docs/.*\\.md''']\nregexes = ['''EXAMPLE_KEY_[0-9]+''']",
  ],
  [
    'git61-pre-commit-config-rev-shas',
    'repos:\n  - repo: https://github.com/gitleaks/gitleaks\n    rev: v8.18.4\n    hooks:\n      - id: gitleaks\n  - repo: https://github.com/Yelp/detect-secrets\n    rev: {h40}  # frozen: v1.5.0\n    hooks:\n      - id: detect-secrets\n        args: ["--baseline", ".secrets.baseline"]',
  ],
  [
    'git61-talismanrc-checksums',
    'fileignoreconfig:\n- filename: .env.example\n  checksum: {h64}\n- filename: fixtures/jwks.json\n  checksum: {h64}\nversion: ""',
  ],
  [
    'git61-git-bisect-log',
    '$ git bisect log\ngit bisect start\n# bad: [{h40}] release 2.4.0\ngit bisect bad {h40}\n# good: [{h40}] release 2.3.2\ngit bisect good {h40}',
  ],
  [
    'git61-git-log-format-signature-status',
    "$ git log --format='%h %G? %GK %s' -3\n{h7} G {H16} auth: read signing key from KMS\n{h7} N  chore: bump deps\n{h7} G {H16} docs: key rotation runbook",
  ],
  [
    'git61-git-reflog-lines',
    '$ git reflog -5\n{h7} (HEAD -> main) HEAD@{0}: commit: rotate keys runbook\n{h7} HEAD@{1}: rebase (finish): returning to refs/heads/main\n{h7} HEAD@{2}: rebase (pick): remove hardcoded credentials\n{h7} HEAD@{3}: checkout: moving from feature/kms to main',
  ],
  [
    'git61-git-count-objects-pack-names',
    '$ git count-objects -vH\ncount: 0\nsize: 0 bytes\nin-pack: 41822\npacks: 1\nsize-pack: 38.21 MiB\n$ ls .git/objects/pack\npack-{h40}.idx  pack-{h40}.pack  pack-{h40}.rev',
  ],
  [
    'git61-git-verify-pack-v-lines',
    '$ git verify-pack -v .git/objects/pack/pack-{h40}.idx | sort -k3 -n | tail -3\n{h40} blob   2041337 612004 40211903\n{h40} blob   4823110 1907340 12830021\n{h40} blob   9012442 3300192 20011447',
  ],
  [
    'git61-diff-jwks-public-key-rotation',
    '@@ -3,8 +3,8 @@\n     {\n       "kty": "RSA",\n       "use": "sig",\n-      "kid": "{h16}",\n-      "n": "{B86}",\n+      "kid": "{h16}",\n+      "n": "{B86}",\n       "e": "AQAB"\n     }',
  ],
  [
    'git61-diff-sops-encrypted-value',
    '@@ -2,3 +2,3 @@ stripe:\n-    secret_key: ENC[AES256_GCM,data:{b32},iv:{b43}=,tag:{b22}==,type:str]\n+    secret_key: ENC[AES256_GCM,data:{b32},iv:{b43}=,tag:{b22}==,type:str]\n sops:\n     lastmodified: "2024-06-03T09:12:44Z"',
  ],
  [
    'git61-diff-gitignore-secret-patterns',
    '--- a/.gitignore\n+++ b/.gitignore\n@@ -12,2 +12,6 @@ node_modules/\n dist/\n+.env\n+.env.*.local\n+*.pem\n+.git-credentials',
  ],
  [
    'git61-git-log-oneline-env-history',
    '$ git log --all --oneline -- .env config/master.key\n{h7} remove .env from repo, add to .gitignore\n{h7} rotate credentials (old ones revoked)\n{h7} initial import',
  ],
  [
    'git61-github-commit-compare-urls',
    'Deployed {h7} → {h7}\nhttps://github.com/acme/api/compare/{h40}...{h40}\nBuild: https://github.com/acme/api/actions/runs/{d10}/job/{d11}',
  ],
  [
    'git61-diff-mode-change-index-lines',
    'diff --git a/scripts/rotate-keys.sh b/scripts/rotate-keys.sh\nold mode 100644\nnew mode 100755\ndiff --git a/scripts/load-secrets.sh b/scripts/load-secrets.sh\nsimilarity index 100%\nrename from bin/load-secrets.sh\nrename to scripts/load-secrets.sh\nindex {h7}..{h7}',
  ],
  ['git61-git-patch-id-output', '$ git show {h7} | git patch-id --stable\n{h40} {h40}'],
  [
    'git61-git-log-pretty-fuller-header',
    'commit {h40}\nAuthor:     Sam Okafor <sam@acme.io>\nAuthorDate: Mon Jul 8 16:45:12 2024 +0100\nCommit:     GitHub <noreply@github.com>\nCommitDate: Mon Jul 8 16:52:40 2024 +0100\n\n    vault: read bootstrap token from /run/secrets (#{d4})',
  ],
  [
    'git61-diff-vault-cli-lookup',
    '@@ -2,3 +2,3 @@\n-export VAULT_TOKEN="$(cat /run/secrets/vault-token)"\n+export VAULT_TOKEN="$(vault login -method=oidc -token-only)"\n vault kv get -field=dsn secret/orders/db',
  ],
  [
    'git61-diff-readme-token-instructions',
    '@@ -18,3 +18,6 @@ ## Setup\n+Create a token at https://github.com/settings/tokens and export it:\n+\n+    export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  ],
  [
    'git61-git-worktree-list',
    '$ git worktree list\n/home/dev/api                {h7} [main]\n/home/dev/api-hotfix         {h7} [hotfix/rotate-keys]\n/home/dev/api-review         {h7} (detached HEAD)',
  ],
  [
    'git61-gpg-public-key-block-in-diff',
    '+++ b/keys/release-signing.pub.asc\n@@ -0,0 +1,6 @@\n+-----BEGIN PGP PUBLIC KEY BLOCK-----\n+\n+mDMEZ{b58}\n+{b64}\n+={b4}\n+-----END PGP PUBLIC KEY BLOCK-----',
  ],
  [
    'git61-dco-bot-comment',
    'DCO — All commits are signed off!\n  ✔ {h7} Signed-off-by: Lena Ortiz <lena@acme.io>\n  ✔ {h7} Signed-off-by: Lena Ortiz <lena@acme.io>',
  ],
  [
    'git61-git-fsck-dangling-commit-list',
    '$ git fsck --no-reflogs --unreachable\nunreachable commit {h40}\nunreachable blob {h40}\nunreachable tree {h40}',
  ],
  [
    'git61-git-show-stat-only-secrets-removed',
    '$ git show --stat {h7}\ncommit {h40}\nAuthor: Tom Becker <tbecker@acme.io>\nDate:   Mon Jan 8 09:14:51 2024 +0000\n\n    remove hardcoded mailgun key, read MAILGUN_API_KEY\n\n config/mail.yml | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)',
  ],
  [
    'git61-trufflehog-no-results-summary',
    '🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷\n\n2024-06-11T10:02:33Z\tinfo-0\ttrufflehog\tfinished scanning\t{"chunks": 4182, "bytes": 21948302, "verified_secrets": 0, "unverified_secrets": 0, "scan_duration": "3.41s", "trufflehog_version": "3.78.0"}',
  ],
  [
    'git61-gitleaks-baseline-fingerprints-ignore',
    '$ cat .gitleaksignore\n{h40}:deploy/.env:slack-bot-token:3\n{h40}:infra/creds.tfvars:aws-secret-access-key:7',
  ],
  [
    'git61-git-credential-config-username-only',
    "$ git config --global credential.https://github.com.username acme-bot\n$ git config --global credential.helper osxkeychain\n$ git config --get-regexp '^credential'\ncredential.https://github.com.username acme-bot\ncredential.helper osxkeychain",
  ],
  [
    'git61-git-remote-show-origin-plain',
    '$ git remote show origin\n* remote origin\n  Fetch URL: https://scm.acme.corp/scm/pay/core.git\n  Push  URL: ssh://git@scm.acme.corp:7999/pay/core.git\n  HEAD branch: master',
  ],
  [
    'git61-diff-dockerfile-buildkit-secret-mount',
    '-RUN git config --global url."https://${GH_PAT}@github.com/".insteadOf "https://github.com/"\n+RUN --mount=type=secret,id=gh_pat \\\n+    git config --global url."https://$(cat /run/secrets/gh_pat)@github.com/".insteadOf "https://github.com/"',
  ],
  [
    'git61-merge-conflict-markers-in-lockfile-version',
    '<<<<<<< HEAD\nversion = "1.42.0"\nchecksum = "{h64}"\n=======\nversion = "1.43.1"\nchecksum = "{h64}"\n>>>>>>> origin/main',
  ],
  [
    'git61-git-stash-list-branches',
    '$ git stash list\nstash@{0}: WIP on main: {h7} rotate keys runbook\nstash@{1}: On feature/kms: kms wiring, needs KMS_KEY_ARN\nstash@{2}: autostash',
  ],
  [
    'git61-diff-k8s-secretkeyref',
    '@@ -30,6 +30,8 @@ spec:\n           env:\n-            - name: DB_PASSWORD\n-              value: ""\n+            - name: DB_PASSWORD\n+              valueFrom:\n+                secretKeyRef: { name: orders-db, key: password }',
  ],
  [
    'git61-gitlab-mr-diff-refs-json',
    '"diff_refs": {\n  "base_sha": "{h40}",\n  "head_sha": "{h40}",\n  "start_sha": "{h40}"\n},\n"merge_commit_sha": null, "squash_commit_sha": "{h40}"',
  ],
];
