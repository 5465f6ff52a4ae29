/** A seventy-first held-out batch, written blind: credentials in developer dotfiles, build glue and service definitions (Makefiles, justfiles, Taskfiles, npm/yarn/Gradle/Maven/sbt/Cargo/Composer/NuGet configs, Dockerfiles and compose files, systemd/cron/supervisord/launchd/Windows task definitions, shell rc files, git/ssh/db client dotfiles, editor and devcontainer configs, Nix and Ansible vars) pasted into a coding-agent chat, and the same files holding only references, paths, public keys, checksums and pins. */
export const BLIND71_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'dot71-makefile-npm-token-var-github-packages',
    'REGISTRY := https://npm.pkg.github.com\nNPM_TOKEN := «ghp_{a36}»\n\npublish: build\n\tnpm config set //npm.pkg.github.com/:_authToken $(NPM_TOKEN)\n\tnpm publish --registry $(REGISTRY)',
  ],
  [
    'dot71-makefile-docker-login-recipe-hub-pat',
    'IMAGE ?= acme/ingest-api\nVERSION ?= $(shell git describe --tags --always)\n\npush:\n\techo "«dckr_pat_{B27}»" | docker login -u acmebuild --password-stdin\n\tdocker push $(IMAGE):$(VERSION)',
  ],
  [
    'dot71-makefile-export-aws-secret-conditional',
    '# local dev creds for the sandbox account\nexport AWS_ACCESS_KEY_ID ?= AKIA{U16}\nexport AWS_SECRET_ACCESS_KEY ?= «{b40}»\nexport AWS_REGION ?= eu-central-1',
  ],
  [
    'dot71-makefile-curl-basic-auth-nexus-upload',
    'upload-docs: docs/_build/site.tar.gz\n\tcurl -fsS -u deploy:«{a20}» \\\n\t  --upload-file $< \\\n\t  https://nexus.acme.internal/repository/raw-docs/site-$(VERSION).tar.gz',
  ],
  [
    'dot71-makefile-sentry-user-token-release',
    'SENTRY_ORG = acme\nSENTRY_PROJECT = web-frontend\nSENTRY_AUTH_TOKEN = «sntryu_{h64}»\n\nrelease:\n\tsentry-cli releases new $(VERSION)\n\tsentry-cli sourcemaps upload --release $(VERSION) dist/',
  ],
  [
    'dot71-makefile-helm-repo-add-password-flag',
    'helm-deps:\n\thelm repo add acme-charts https://charts.acme.io/stable --username ci-reader --password «{a24}»\n\thelm dependency update deploy/chart',
  ],
  [
    'dot71-makefile-database-url-default-dev',
    'DATABASE_URL ?= postgres://app:«{a22}»@localhost:5432/app_dev?sslmode=disable\n\nmigrate:\n\tmigrate -path db/migrations -database "$(DATABASE_URL)" up',
  ],
  [
    'dot71-makefile-twine-upload-pypi-token',
    'dist:\n\tpython -m build\n\nupload: dist\n\ttwine upload -u __token__ -p «pypi-AgEIcHlwaS5vcmc{B140}» dist/*',
  ],
  [
    'dot71-makefile-slack-webhook-notify-target',
    'SLACK_WEBHOOK = «https://hooks.slack.com/services/T{U8}/B{U10}/{a24}»\n\nnotify:\n\tcurl -s -X POST -H \'Content-type: application/json\' \\\n\t  --data \'{"text":"deploy $(VERSION) finished"}\' $(SLACK_WEBHOOK)',
  ],
  [
    'dot71-makefile-cli-override-heroku-api-key',
    '$ make deploy APP=acme-staging HEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\ngit push https://heroku.com/acme-staging.git HEAD:main\nremote: Compressing source files... done.',
  ],
  [
    'dot71-makefile-ifeq-ci-cloudflare-token',
    'ifeq ($(CI),true)\n  CF_API_TOKEN := $(CLOUDFLARE_API_TOKEN)\nelse\n  CF_API_TOKEN := «{B40}»\nendif',
  ],
  [
    'dot71-makefile-recipe-inline-datadog-key',
    '.PHONY: dd-event\ndd-event:\n\tDD_API_KEY=«{h32}» datadog-ci deployment mark --env prod --revision $(GIT_SHA)',
  ],
  [
    'dot71-justfile-export-openai-project-key',
    'set dotenv-load := true\n\nexport OPENAI_API_KEY := "«sk-proj-{B58}T3BlbkFJ{B58}»"\n\neval:\n    python -m evals.run --suite smoke',
  ],
  [
    'dot71-justfile-recipe-vault-token-inline',
    'secrets env="staging":\n    VAULT_ADDR=https://vault.acme.io:8200 VAULT_TOKEN=«hvs.{a24}» vault kv get -format=json secret/{{env}}/api',
  ],
  [
    'dot71-justfile-gh-release-token-variable',
    'gh_token := "«github_pat_11{U9}{a11}_{a59}»"\n\nrelease tag:\n    GH_TOKEN={{gh_token}} gh release create {{tag}} --generate-notes',
  ],
  [
    'dot71-justfile-wrangler-deploy-cloudflare',
    'deploy:\n    CLOUDFLARE_ACCOUNT_ID={h32} \\\n    CLOUDFLARE_API_TOKEN=«{B40}» \\\n    npx wrangler deploy',
  ],
  ['dot71-justfile-ghcr-login', 'login:\n    echo «ghp_{a36}» | docker login ghcr.io -u acme-ci --password-stdin'],
  [
    'dot71-taskfile-env-block-stripe-secret',
    "version: '3'\n\nenv:\n  STRIPE_API_KEY: «rk_live_{a99}»\n  STRIPE_WEBHOOK_SECRET: «whsec_{a32}»\n\ntasks:\n  listen:\n    cmds:\n      - stripe listen --forward-to localhost:8080/webhooks/stripe",
  ],
  [
    'dot71-taskfile-cmd-curl-bearer-linear',
    'tasks:\n  issues:\n    desc: list my open Linear issues\n    cmds:\n      - >\n        curl -s https://api.linear.app/graphql\n        -H "Authorization: «lin_api_{a40}»"\n        -H "Content-Type: application/json"\n        -d \'{"query":"{ viewer { assignedIssues { nodes { title } } } }"}\'',
  ],
  [
    'dot71-taskfile-vars-db-password',
    'vars:\n  DB_HOST: localhost\n  DB_USER: ledger\n  DB_PASS: «{a18}»\n\ntasks:\n  psql:\n    cmds:\n      - PGPASSWORD={{.DB_PASS}} psql -h {{.DB_HOST}} -U {{.DB_USER}} ledger',
  ],
  [
    'dot71-taskfile-gitlab-pat-env',
    "version: '3'\ndotenv: ['.env']\ntasks:\n  mirror:\n    env:\n      GITLAB_TOKEN: «glpat-{B20}»\n    cmds:\n      - glab repo mirror acme/platform --direction push",
  ],
  [
    'dot71-taskfile-terraform-cloud-token',
    'tasks:\n  plan:\n    dir: infra/prod\n    env:\n      TF_TOKEN_app_terraform_io: «{a14}.atlasv1.{a67}»\n    cmds:\n      - terraform init -input=false\n      - terraform plan',
  ],
  [
    'dot71-package-json-script-inline-env-token',
    '  "scripts": {\n    "build": "tsc -p tsconfig.build.json",\n    "release": "GITHUB_TOKEN=«ghp_{a36}» semantic-release --no-ci",\n    "lint": "eslint ."\n  },',
  ],
  [
    'dot71-package-json-script-sentry-cli-auth-token',
    '{\n  "name": "@acme/dashboard",\n  "scripts": {\n    "sourcemaps": "sentry-cli --auth-token «sntryu_{h64}» sourcemaps upload --org acme --project dashboard ./dist"\n  }\n}',
  ],
  [
    'dot71-package-json-script-prisma-db-url',
    '"scripts": {\n  "db:push": "DATABASE_URL=\'mysql://root:«{a20}»@127.0.0.1:3306/shop\' prisma db push",\n  "db:studio": "prisma studio"\n}',
  ],
  [
    'dot71-package-json-config-block-api-key',
    '{\n  "name": "geo-widgets",\n  "version": "2.4.1",\n  "config": {\n    "mapsApiKey": "«AIza{B35}»",\n    "port": 5173\n  }\n}',
  ],
  [
    'dot71-package-json-script-netlify-auth-flag',
    '    "deploy:preview": "netlify deploy --dir=dist --site {h8}-{h4}-{h4}-{h4}-{h12} --auth «nfp_{a36}»",',
  ],
  [
    'dot71-package-json-script-expo-token',
    '  "scripts": {\n    "eas:build": "EXPO_TOKEN=«{B40}» eas build --platform all --non-interactive"\n  }',
  ],
  [
    'dot71-npmrc-authtoken-npmjs-automation',
    'registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«npm_{a36}»\nsave-exact=true',
  ],
  [
    'dot71-npmrc-scoped-github-packages-token',
    '@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»\nengine-strict=true',
  ],
  [
    'dot71-npmrc-nexus-auth-base64',
    'registry=https://nexus.acme.io/repository/npm-group/\n//nexus.acme.io/repository/npm-group/:_auth=«{b44}»\n//nexus.acme.io/repository/npm-group/:always-auth=true',
  ],
  [
    'dot71-npmrc-username-password-base64',
    '//artifactory.acme.io/artifactory/api/npm/npm-virtual/:username=ci-publisher\n//artifactory.acme.io/artifactory/api/npm/npm-virtual/:_password=«{b28}»\n//artifactory.acme.io/artifactory/api/npm/npm-virtual/:email=ci@acme.io',
  ],
  [
    'dot71-yarnrc-yml-npm-auth-token-scope',
    'nodeLinker: node-modules\nnpmScopes:\n  acme:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAlwaysAuth: true\n    npmAuthToken: «ghp_{a36}»\nyarnPath: .yarn/releases/yarn-4.3.1.cjs',
  ],
  ['dot71-yarnrc-yml-npm-auth-ident', 'npmRegistryServer: "https://registry.acme.dev"\nnpmAuthIdent: "ci-bot:«{a22}»"'],
  [
    'dot71-npmrc-gitlab-project-registry',
    '@platform:registry=https://gitlab.acme.io/api/v4/projects/118/packages/npm/\n//gitlab.acme.io/api/v4/projects/118/packages/npm/:_authToken=«glpat-{B20}»',
  ],
  [
    'dot71-gradle-properties-ossrh-password',
    'org.gradle.jvmargs=-Xmx2g -XX:MaxMetaspaceSize=512m\norg.gradle.parallel=true\nossrhUsername=acme-release\nossrhPassword=«{a24}»',
  ],
  [
    'dot71-gradle-properties-signing-password-beside-key-id',
    'signing.keyId={H8}\nsigning.password=«{a20}»\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg',
  ],
  ['dot71-gradle-properties-gpr-key', 'gpr.user=acme-bot\ngpr.key=«ghp_{a36}»'],
  [
    'dot71-build-gradle-groovy-maven-credentials-block',
    'repositories {\n    mavenCentral()\n    maven {\n        url "https://maven.pkg.acme.io/releases"\n        credentials {\n            username "gradle-reader"\n            password "«{a28}»"\n        }\n    }\n}',
  ],
  [
    'dot71-build-gradle-kts-credentials-block',
    'repositories {\n    maven {\n        url = uri("https://acme.jfrog.io/artifactory/libs-release")\n        credentials {\n            username = "svc-gradle"\n            password = "«cmVmdGtuOjAxOjE3{a48}»"\n        }\n    }\n}',
  ],
  [
    'dot71-gradle-properties-artifactory-api-key',
    'artifactory_contextUrl=https://acme.jfrog.io/artifactory\nartifactory_user=jenkins\nartifactory_password=«AKCp8{a68}»',
  ],
  [
    'dot71-gradle-init-script-credentials',
    "// ~/.gradle/init.d/acme-repos.gradle\nallprojects {\n    repositories {\n        maven {\n            url 'https://repo.acme.internal/maven2'\n            credentials { username 'dev'; password '«{a16}»' }\n        }\n    }\n}",
  ],
  [
    'dot71-gradle-properties-systemprop-proxy-password',
    'systemProp.https.proxyHost=proxy.corp.acme.io\nsystemProp.https.proxyPort=3128\nsystemProp.https.proxyUser=jdoe\nsystemProp.https.proxyPassword=«{a14}»\nsystemProp.http.nonProxyHosts=*.acme.internal|localhost',
  ],
  [
    'dot71-gradle-properties-in-memory-signing-key',
    'ORG_GRADLE_PROJECT_signingInMemoryKeyId={H8}\nORG_GRADLE_PROJECT_signingInMemoryKeyPassword=«{a20}»',
  ],
  [
    'dot71-maven-settings-server-password',
    '<settings>\n  <servers>\n    <server>\n      <id>acme-releases</id>\n      <username>deployment</username>\n      <password>«{a22}»</password>\n    </server>\n  </servers>\n</settings>',
  ],
  [
    'dot71-maven-settings-github-server-token',
    '    <server>\n      <id>github</id>\n      <username>acme-ci</username>\n      <password>«ghp_{a36}»</password>\n    </server>',
  ],
  [
    'dot71-maven-settings-private-key-passphrase',
    '<server>\n  <id>deploy-ssh</id>\n  <username>mvn</username>\n  <privateKey>${user.home}/.ssh/id_ed25519</privateKey>\n  <passphrase>«{a24}»</passphrase>\n</server>',
  ],
  [
    'dot71-maven-settings-proxy-password',
    '<proxies>\n  <proxy>\n    <id>corp</id>\n    <active>true</active>\n    <protocol>https</protocol>\n    <host>proxy.acme.corp</host>\n    <port>8080</port>\n    <username>svc-build</username>\n    <password>«{a16}»</password>\n  </proxy>\n</proxies>',
  ],
  [
    'dot71-maven-cli-deploy-password-property',
    '$ mvn -B deploy -DskipTests -DaltDeploymentRepository=acme::https://nexus.acme.io/repository/maven-releases/ -Dnexus.user=deployer -Dnexus.password=«{a20}»\n[INFO] Scanning for projects...',
  ],
  [
    'dot71-sbt-credentials-file',
    '$ cat ~/.sbt/.credentials\nrealm=Sonatype Nexus Repository Manager\nhost=nexus.acme.io\nuser=sbt-publisher\npassword=«{a24}»',
  ],
  [
    'dot71-sbt-build-credentials-inline',
    'credentials += Credentials(\n  "Artifactory Realm",\n  "acme.jfrog.io",\n  "sbt",\n  "«{a32}»"\n)',
  ],
  [
    'dot71-sbt-publish-sonatype-env',
    '$ SONATYPE_USERNAME=acme SONATYPE_PASSWORD=«{a22}» PGP_PASSPHRASE=«{a18}» sbt ci-release\n[info] welcome to sbt 1.10.0 (Eclipse Adoptium Java 17.0.11)',
  ],
  [
    'dot71-dockerfile-arg-default-npm-token',
    'FROM node:20-alpine AS deps\nARG NPM_TOKEN=«npm_{a36}»\nWORKDIR /app\nCOPY package.json package-lock.json .npmrc ./\nRUN npm ci',
  ],
  [
    'dot71-dockerfile-env-api-key',
    'FROM python:3.12-slim\nENV PYTHONUNBUFFERED=1 \\\n    OPENWEATHER_API_KEY=«{h32}» \\\n    PORT=8000\nCMD ["uvicorn", "app.main:app", "--host", "0.0.0.0", "--port", "8000"]',
  ],
  [
    'dot71-dockerfile-run-pip-index-url-token',
    'RUN pip install --no-cache-dir \\\n    --index-url https://__token__:«glpat-{B20}»@gitlab.acme.io/api/v4/projects/42/packages/pypi/simple \\\n    acme-core==3.2.0',
  ],
  [
    'dot71-dockerfile-run-git-clone-oauth2',
    'RUN git clone --depth 1 https://oauth2:«glpat-{B20}»@gitlab.com/acme/shared-protos.git /src/protos',
  ],
  [
    'dot71-dockerfile-run-composer-github-oauth',
    'RUN composer config -g github-oauth.github.com «gho_{a36}» \\\n && composer install --no-dev --optimize-autoloader',
  ],
  [
    'dot71-docker-build-arg-cli-token',
    '$ docker build \\\n    --build-arg GO_VERSION=1.22 \\\n    --build-arg GOPRIVATE=github.com/acme/* \\\n    --build-arg GITHUB_TOKEN=«ghp_{a36}» \\\n    -t acme/ledger:dev .',
  ],
  [
    'dot71-dockerfile-env-db-password-multiline',
    'ENV DB_HOST=postgres \\\n    DB_USER=keycloak \\\n    DB_PASSWORD=«{a20}» \\\n    KC_HOSTNAME=auth.acme.io',
  ],
  [
    'dot71-dockerfile-run-echo-npmrc',
    'RUN echo "//registry.npmjs.org/:_authToken=«npm_{a36}»" > /root/.npmrc && npm ci && rm /root/.npmrc',
  ],
  [
    'dot71-dockerfile-run-curl-artifactory-header',
    'RUN curl -fsSL -H "X-JFrog-Art-Api: «AKCp8{a68}»" \\\n      -o /opt/agent.tar.gz https://acme.jfrog.io/artifactory/generic-local/agent/2.1.0/agent.tar.gz',
  ],
  [
    'dot71-docker-run-env-flags-postgres',
    'docker run -d --name pg \\\n  -e POSTGRES_USER=metabase \\\n  -e POSTGRES_PASSWORD=«{a24}» \\\n  -p 5432:5432 postgres:16',
  ],
  [
    'dot71-compose-environment-list-form',
    'services:\n  api:\n    build: .\n    environment:\n      - NODE_ENV=production\n      - SENDGRID_API_KEY=«SG.{B22}.{B43}»\n      - PORT=3000',
  ],
  [
    'dot71-compose-environment-map-mysql',
    '  db:\n    image: mysql:8.4\n    environment:\n      MYSQL_DATABASE: wordpress\n      MYSQL_USER: wp\n      MYSQL_PASSWORD: «{a20}»\n      MYSQL_ROOT_PASSWORD: «{a24}»',
  ],
  [
    'dot71-compose-command-override-minio',
    '  minio:\n    image: minio/minio:RELEASE.2024-06-04T19-20-08Z\n    command: server /data --console-address ":9001"\n    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: «{a32}»',
  ],
  [
    'dot71-compose-healthcheck-mysqladmin-password',
    '    healthcheck:\n      test: ["CMD", "mysqladmin", "ping", "-h", "localhost", "-uroot", "-p«{a18}»"]\n      interval: 10s\n      retries: 5',
  ],
  [
    'dot71-compose-rabbitmq-default-pass',
    '  rabbit:\n    image: rabbitmq:3.13-management\n    environment:\n      RABBITMQ_DEFAULT_USER: orders\n      RABBITMQ_DEFAULT_PASS: «{a22}»\n    ports: ["5672:5672", "15672:15672"]',
  ],
  [
    'dot71-compose-grafana-smtp-password',
    '  grafana:\n    image: grafana/grafana:11.0.0\n    environment:\n      GF_SECURITY_ADMIN_PASSWORD: «{a16}»\n      GF_SMTP_ENABLED: "true"\n      GF_SMTP_HOST: smtp.postmarkapp.com:587\n      GF_SMTP_PASSWORD: «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'dot71-compose-celery-command-broker-url',
    '  worker:\n    image: acme/worker:latest\n    command: celery -A tasks worker -l info -b amqp://celery:«{a24}»@rabbit:5672/prod',
  ],
  [
    'dot71-compose-env-file-contents',
    '$ cat deploy/.env.prod\nCOMPOSE_PROJECT_NAME=shop\nPOSTGRES_PASSWORD=«{a26}»\nMEILI_MASTER_KEY=«{B32}»',
  ],
  [
    'dot71-systemd-environment-line-token',
    '[Service]\nUser=runner\nEnvironment=RUNNER_NAME=build-01\nEnvironment=GITHUB_PAT=«ghp_{a36}»\nExecStart=/opt/actions-runner/run.sh',
  ],
  [
    'dot71-systemd-environment-quoted-multi',
    '[Service]\nEnvironment="REDIS_URL=redis://:«{a32}»@10.0.4.12:6379/0" "LOG_LEVEL=info"\nExecStart=/usr/local/bin/queue-worker',
  ],
  [
    'dot71-systemd-environmentfile-contents',
    '$ systemctl cat acme-api | grep EnvironmentFile\nEnvironmentFile=/etc/default/acme-api\n$ sudo cat /etc/default/acme-api\nLISTEN_ADDR=0.0.0.0:8080\nJWT_SIGNING_KEY=«{b64}»',
  ],
  [
    'dot71-systemd-execstart-token-flag',
    '[Service]\nExecStart=/usr/local/bin/gitlab-runner run --working-directory /home/gitlab-runner --token «glrt-{B20}»\nRestart=always',
  ],
  [
    'dot71-systemd-execstart-dsn-flag',
    'ExecStart=/usr/bin/postgres_exporter --web.listen-address=:9187 \\\n  --data-source-name=postgresql://exporter:«{a20}»@localhost:5432/postgres?sslmode=disable',
  ],
  [
    'dot71-systemd-drop-in-override-conf',
    '$ sudo systemctl edit grafana-agent\n### Editing /etc/systemd/system/grafana-agent.service.d/override.conf\n[Service]\nEnvironment=GRAFANA_CLOUD_API_KEY=«glc_{b120}»',
  ],
  [
    'dot71-systemd-cloudflared-tunnel-token',
    '[Service]\nType=notify\nExecStart=/usr/bin/cloudflared --no-autoupdate tunnel run --token «eyJhIjoi{b176}»\nRestart=on-failure',
  ],
  [
    'dot71-systemctl-show-environment-output',
    '$ systemctl show -p Environment billing-sync\nEnvironment=BILLING_ENV=prod CHARGEBEE_SITE=acme CHARGEBEE_API_KEY=«live_{a34}» TZ=UTC',
  ],
  [
    'dot71-crontab-curl-api-key-header',
    '# m h dom mon dow command\n*/15 * * * * curl -fsS -H "X-Api-Key: «{a40}»" https://status.acme.io/api/v1/heartbeat >/dev/null',
  ],
  [
    'dot71-crontab-pgdump-pgpassword',
    '30 2 * * * PGPASSWORD=«{a22}» pg_dump -h db1.internal -U backup -Fc shop > /var/backups/shop-$(date +\\%F).dump',
  ],
  ['dot71-crontab-env-lines-top', 'SHELL=/bin/bash\nMAILTO=ops@acme.io\nMAILGUN_API_KEY=«key-{h32}»\n0 7 * * 1 /opt/reports/weekly.sh'],
  [
    'dot71-crontab-mysqldump-inline-password',
    '15 3 * * * mysqldump -u backup -p«{a16}» --single-transaction erp | gzip > /srv/backup/erp.sql.gz',
  ],
  [
    'dot71-crontab-aws-cli-env-inline',
    '0 * * * * AWS_ACCESS_KEY_ID=AKIA{U16} AWS_SECRET_ACCESS_KEY=«{b40}» aws s3 sync /srv/uploads s3://acme-uploads-backup --quiet',
  ],
  [
    'dot71-crontab-wget-http-password',
    '45 4 * * * wget -q --http-user=exporter --http-password=«{a18}» -O /tmp/report.csv https://erp.acme.local/export/daily.csv',
  ],
  [
    'dot71-supervisord-program-environment',
    '[program:notifier]\ncommand=/srv/notifier/venv/bin/python -m notifier\ndirectory=/srv/notifier\nenvironment=TWILIO_ACCOUNT_SID="AC{h32}",TWILIO_AUTH_TOKEN="«{h32}»",PYTHONPATH="/srv/notifier"\nautorestart=true',
  ],
  [
    'dot71-supervisord-command-flags-secret',
    '[program:oauth2-proxy]\ncommand=/usr/local/bin/oauth2-proxy --provider=github --client-id={h20} --client-secret=«{h40}» --cookie-secret=«{B32}»\nautostart=true',
  ],
  [
    'dot71-supervisord-unix-http-server-password',
    '[unix_http_server]\nfile=/var/run/supervisor.sock\nchmod=0700\nusername=admin\npassword=«{a20}»',
  ],
  [
    'dot71-supervisord-program-telegram-bot',
    '[program:alertbot]\ncommand=/usr/bin/node /opt/alertbot/index.js\nenvironment=TELEGRAM_BOT_TOKEN="«{d10}:AA{B33}»",CHAT_ID="-100{d10}"',
  ],
  [
    'dot71-procfile-web-api-key-flag',
    'web: bin/server --port $PORT --admin-key «{a32}»\nworker: bundle exec sidekiq -C config/sidekiq.yml',
  ],
  [
    'dot71-procfile-worker-redis-url',
    'web: gunicorn app.wsgi --log-file -\nworker: REDIS_URL=rediss://default:«{a32}»@usw1-busy-fox-31337.upstash.io:6379 rq worker high default',
  ],
  [
    'dot71-procfile-release-migrate-token',
    'release: DATABASE_URL=postgres://u{l12}:«p{h64}»@ec2-3-1-2-4.compute-1.amazonaws.com:5432/d{l12} ./manage.py migrate\nweb: gunicorn config.wsgi',
  ],
  ['dot71-procfile-clock-inline-env', 'clock: PAGERDUTY_ROUTING_KEY=«{h32}» python clock.py'],
  [
    'dot71-launchd-plist-environment-variables-dict',
    '<key>EnvironmentVariables</key>\n<dict>\n    <key>PATH</key>\n    <string>/opt/homebrew/bin:/usr/bin:/bin</string>\n    <key>OPENAI_API_KEY</key>\n    <string>«sk-proj-{B58}T3BlbkFJ{B58}»</string>\n</dict>',
  ],
  [
    'dot71-launchd-program-arguments-token',
    '<key>ProgramArguments</key>\n<array>\n    <string>/usr/local/bin/ngrok</string>\n    <string>http</string>\n    <string>3000</string>\n    <string>--authtoken</string>\n    <string>«{a27}_{a21}»</string>\n</array>',
  ],
  [
    'dot71-launchd-plist-two-secrets',
    '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n  <key>Label</key><string>io.acme.syncer</string>\n  <key>EnvironmentVariables</key>\n  <dict>\n    <key>DROPBOX_TOKEN</key><string>«sl.{B138}»</string>\n    <key>NOTION_TOKEN</key><string>«ntn_{d12}{a34}»</string>\n  </dict>\n</dict>\n</plist>',
  ],
  [
    'dot71-launchd-plutil-print-output',
    '$ plutil -p ~/Library/LaunchAgents/com.me.backup.plist\n{\n  "EnvironmentVariables" => {\n    "B2_APPLICATION_KEY" => "«K00{a28}»"\n    "B2_APPLICATION_KEY_ID" => "00{h10}0000000{d3}"\n  }\n  "Label" => "com.me.backup"\n}',
  ],
  [
    'dot71-schtasks-xml-arguments-api-key',
    '<Actions Context="Author">\n  <Exec>\n    <Command>C:\\Tools\\uploader\\uploader.exe</Command>\n    <Arguments>--source D:\\Exports --api-key «{a40}» --quiet</Arguments>\n  </Exec>\n</Actions>',
  ],
  [
    'dot71-schtasks-cli-create-run-password',
    'C:\\> schtasks /Create /TN "Nightly Backup" /TR "C:\\scripts\\backup.cmd" /SC DAILY /ST 02:00 /RU ACME\\svc_backup /RP «{a18}»\nSUCCESS: The scheduled task "Nightly Backup" has successfully been created.',
  ],
  [
    'dot71-bat-set-token-script',
    '@echo off\nset OCTOPUS_URL=https://deploy.acme.io\nset OCTOPUS_API_KEY=«API-{U26}»\nocto create-release --project "Web" --server %OCTOPUS_URL% --apiKey %OCTOPUS_API_KEY%',
  ],
  [
    'dot71-cmd-setx-anthropic-key',
    'C:\\Users\\dev> setx ANTHROPIC_API_KEY "«sk-ant-api03-{B93}AA»"\n\nSUCCESS: Specified value was saved.',
  ],
  [
    'dot71-ps1-profile-env-assign',
    '# Microsoft.PowerShell_profile.ps1\nSet-Alias k kubectl\n$env:GITHUB_TOKEN = "«ghp_{a36}»"\n$env:EDITOR = "code --wait"',
  ],
  ['dot71-ps1-set-environment-variable-user', '[Environment]::SetEnvironmentVariable("AZURE_DEVOPS_EXT_PAT", "«{k52}»", "User")'],
  [
    'dot71-ps1-convertto-securestring-plaintext',
    '$pw = ConvertTo-SecureString "«{a20}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("ACME\\svc-deploy", $pw)\nEnter-PSSession -ComputerName web01 -Credential $cred',
  ],
  [
    'dot71-bat-net-use-password',
    'net use Z: \\\\fs01.acme.local\\builds «{a16}» /user:ACME\\svc_build /persistent:no\nrobocopy .\\out Z:\\nightly /MIR',
  ],
  [
    'dot71-ps1-invoke-restmethod-headers',
    '$headers = @{ "Authorization" = "Bearer «{a40}»"; "Accept" = "application/json" }\nInvoke-RestMethod -Uri "https://api.acme-hr.com/v2/employees" -Headers $headers',
  ],
  ['dot71-cmd-curl-azure-devops-pat-basic', 'curl -u :«{k52}» "https://dev.azure.com/acme/_apis/projects?api-version=7.1"'],
  [
    'dot71-bashrc-export-github-token',
    '# ~/.bashrc\nexport PATH="$HOME/.local/bin:$PATH"\nexport GITHUB_TOKEN=«ghp_{a36}»\nexport HISTSIZE=50000',
  ],
  [
    'dot71-zshrc-export-anthropic-key',
    '# >>> ai tools\nexport ANTHROPIC_API_KEY="«sk-ant-api03-{B93}AA»"\nexport CLAUDE_MODEL=claude-sonnet-4\n# <<< ai tools',
  ],
  [
    'dot71-profile-export-aws-pair',
    'export AWS_ACCESS_KEY_ID=AKIA{U16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_DEFAULT_REGION=us-east-2',
  ],
  [
    'dot71-bashrc-alias-curl-bearer',
    'alias ghapi=\'curl -s -H "Authorization: token «ghp_{a36}»" -H "Accept: application/vnd.github+json"\'\nalias ll=\'ls -alF\'',
  ],
  [
    'dot71-zshrc-function-jira-basic-auth',
    'jira() {\n  curl -s -u "me@acme.io:«ATATT3xFfGF0{B180}={H8}»" \\\n    "https://acme.atlassian.net/rest/api/3/issue/$1" | jq \'.fields.summary\'\n}',
  ],
  [
    'dot71-fish-config-set-gx',
    '# ~/.config/fish/config.fish\nset -gx GOPATH $HOME/go\nset -gx HF_TOKEN «hf_{a34}»\nfish_add_path $GOPATH/bin',
  ],
  [
    'dot71-fish-abbr-with-token',
    'abbr -a dsearch \'curl -s -H "Authorization: Token «{h40}»" https://api.discogs.com/database/search?q=\'',
  ],
  ['dot71-bashrc-export-openrouter-key', 'export OPENROUTER_API_KEY=«sk-or-v1-{h64}»\nexport OPENAI_BASE_URL=https://openrouter.ai/api/v1'],
  [
    'dot71-bashrc-export-databricks-pat',
    'export DATABRICKS_HOST=https://adb-{d16}.7.azuredatabricks.net\nexport DATABRICKS_TOKEN=«dapi{h32}»',
  ],
  ['dot71-zshrc-alias-psql-password', 'alias proddb=\'PGPASSWORD="«{a24}»" psql -h prod-replica.acme.internal -U readonly analytics\''],
  [
    'dot71-history-export-digitalocean',
    '$ history | grep DIGITALOCEAN\n  512  export DIGITALOCEAN_ACCESS_TOKEN=«dop_v1_{h64}»\n  513  doctl kubernetes cluster kubeconfig save acme-prod',
  ],
  ['dot71-zshenv-export-groq-key', '# ~/.zshenv\nexport GROQ_API_KEY=«gsk_{a52}»'],
  ['dot71-zshrc-export-replicate-token', 'export REPLICATE_API_TOKEN=«r8_{a37}»'],
  [
    'dot71-bashrc-function-slack-post-bot',
    'slackpost() {\n  curl -s -X POST https://slack.com/api/chat.postMessage \\\n    -H "Authorization: Bearer «xoxb-{d12}-{d13}-{a24}»" \\\n    -d channel=C{U10} --data-urlencode "text=$*"\n}',
  ],
  [
    'dot71-profile-export-npm-token-and-path',
    '# ~/.profile\nif [ -d "$HOME/bin" ] ; then PATH="$HOME/bin:$PATH"; fi\nexport NPM_TOKEN="«npm_{a36}»"',
  ],
  ['dot71-bashrc-export-shopify-admin-token', 'export SHOPIFY_STORE=acme-outlet.myshopify.com\nexport SHOPIFY_ADMIN_TOKEN=«shpat_{h32}»'],
  [
    'dot71-envrc-export-supabase-access-token',
    '# .envrc\ndotenv_if_exists .env.local\nexport SUPABASE_ACCESS_TOKEN=«sbp_{h40}»\nexport SUPABASE_PROJECT_REF={L20}',
  ],
  [
    'dot71-envrc-layout-python-database-url',
    'layout python3\nexport DJANGO_SETTINGS_MODULE=config.settings.dev\nexport DATABASE_URL=postgres://django:«{a20}»@127.0.0.1:5433/portal',
  ],
  [
    'dot71-envrc-doppler-service-token',
    'export DOPPLER_TOKEN=«dp.st.dev.{a43}»\neval "$(doppler secrets download --no-file --format env-no-quotes)"',
  ],
  [
    'dot71-envrc-pulumi-access-token',
    'export PULUMI_ACCESS_TOKEN=«pul-{h40}»\nexport PULUMI_BACKEND_URL=https://api.pulumi.com\nuse flake',
  ],
  [
    'dot71-envrc-supabase-service-role-jwt',
    'export NEXT_PUBLIC_SUPABASE_URL=https://{L20}.supabase.co\nexport SUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B60}.{B43}»',
  ],
  ['dot71-mise-toml-env-section', '[tools]\nnode = "20.14.0"\npython = "3.12"\n\n[env]\n_.file = ".env"\nRENDER_API_KEY = "«rnd_{a32}»"'],
  [
    'dot71-mise-local-toml-env',
    '# mise.local.toml (gitignored... supposedly)\n[env]\nPLANETSCALE_SERVICE_TOKEN_ID = "{l12}"\nPLANETSCALE_SERVICE_TOKEN = "«pscale_tkn_{a43}»"',
  ],
  [
    'dot71-mise-task-env-inline',
    '[tasks.seed]\nrun = "python scripts/seed.py"\nenv = { ALGOLIA_APP_ID = "{U10}", ALGOLIA_ADMIN_KEY = "«{h32}»" }',
  ],
  [
    'dot71-asdf-tool-versions-with-envrc-token',
    '$ cat .tool-versions .envrc\nnodejs 20.14.0\nterraform 1.8.5\nexport TF_VAR_hcloud_token=«{a64}»',
  ],
  [
    'dot71-gitconfig-insteadof-token-url',
    '[url "https://acme-ci:«ghp_{a36}»@github.com/acme/"]\n\tinsteadOf = https://github.com/acme/\n[user]\n\tname = Acme CI',
  ],
  [
    'dot71-git-credentials-store-file',
    '$ cat ~/.git-credentials\nhttps://jdoe:«ghp_{a36}»@github.com\nhttps://jdoe:«glpat-{B20}»@gitlab.com',
  ],
  ['dot71-gitconfig-http-extraheader-basic', '[http "https://dev.azure.com/"]\n\textraheader = AUTHORIZATION: Basic «{b72}»'],
  [
    'dot71-gitconfig-http-extraheader-bearer',
    '$ git config --global http.https://git.acme.io/.extraheader "Authorization: Bearer «{a40}»"\n$ git clone https://git.acme.io/platform/monorepo.git',
  ],
  [
    'dot71-git-remote-v-with-token',
    '$ git remote -v\norigin\thttps://oauth2:«glpat-{B20}»@gitlab.acme.io/data/etl.git (fetch)\norigin\thttps://oauth2:«glpat-{B20}»@gitlab.acme.io/data/etl.git (push)',
  ],
  [
    'dot71-gitconfig-credential-helper-store-and-file',
    "$ git config --global credential.helper 'store --file ~/.config/git/creds'\n$ cat ~/.config/git/creds\nhttps://x-token-auth:«{a40}»@bitbucket.org",
  ],
  [
    'dot71-gitconfig-azure-devops-pat-in-url',
    '[remote "origin"]\n\turl = https://acme:«{k52}»@dev.azure.com/acme/Platform/_git/platform-api\n\tfetch = +refs/heads/*:refs/remotes/origin/*',
  ],
  [
    'dot71-gitconfig-bitbucket-app-password-insteadof',
    '[url "https://jdoe:«ATBB{a32}{H8}»@bitbucket.org/"]\n\tinsteadOf = git@bitbucket.org:',
  ],
  [
    'dot71-ssh-config-proxycommand-sshpass',
    "Host bastion-legacy\n    HostName 203.0.113.17\n    User ops\n    IdentityFile ~/.ssh/id_ed25519_ops\nHost db-legacy\n    ProxyCommand sshpass -p '«{a18}»' ssh -W %h:%p ops@bastion-legacy",
  ],
  [
    'dot71-ssh-proxyauth-file-corkscrew',
    'Host github.com\n    ProxyCommand corkscrew proxy.corp.acme.io 3128 %h %p ~/.ssh/proxyauth\n$ cat ~/.ssh/proxyauth\njdoe:«{a16}»',
  ],
  [
    'dot71-ssh-config-proxycommand-connect-env-password',
    'Host *.lab\n    ProxyCommand env HTTP_PROXY_PASSWORD=«{a14}» connect -H jdoe@proxy.lab.acme.io:8080 %h %p',
  ],
  ['dot71-pgpass-lines', '$ cat ~/.pgpass\ndb1.acme.internal:5432:orders:orders_rw:«{a24}»\nlocalhost:5432:*:postgres:«{a12}»'],
  ['dot71-pgpass-wildcard-host-replica', '*:6432:*:pgbouncer_stats:«{a20}»'],
  [
    'dot71-pg-service-conf-password',
    '[analytics]\nhost=warehouse.acme.internal\nport=5432\ndbname=analytics\nuser=looker\npassword=«{a22}»',
  ],
  ['dot71-my-cnf-client-password', '# ~/.my.cnf\n[client]\nuser=root\npassword="«{a20}»"\nhost=127.0.0.1'],
  ['dot71-my-cnf-mysqldump-section', '[mysqldump]\nuser=backup\npassword=«{a18}»\nsingle-transaction'],
  [
    'dot71-pypirc-pypi-token',
    '[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmc{B140}»',
  ],
  [
    'dot71-pypirc-testpypi-token',
    '[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = «pypi-AgENdGVzdC5weXBpLm9yZw{B140}»',
  ],
  ['dot71-pypirc-private-repo-password', '[acme]\nrepository = https://pypi.acme.io/simple/\nusername = uploader\npassword = «{a24}»'],
  ['dot71-gem-credentials-rubygems-api-key', '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»'],
  ['dot71-gem-credentials-github-packages-bearer', '---\n:github: Bearer «ghp_{a36}»'],
  ['dot71-cargo-credentials-crates-io-token', '# ~/.cargo/credentials.toml\n[registry]\ntoken = "«cio{a32}»"'],
  ['dot71-cargo-credentials-alt-registry', '[registries.acme-crates]\ntoken = "Bearer «{a40}»"'],
  [
    'dot71-cargo-env-registry-token',
    '$ CARGO_REGISTRIES_SHIPYARD_TOKEN=«{B44}» cargo publish --registry shipyard\n    Packaging acme-telemetry v0.7.2',
  ],
  ['dot71-composer-auth-json-github-oauth', '{\n    "github-oauth": {\n        "github.com": "«ghp_{a36}»"\n    }\n}'],
  [
    'dot71-composer-auth-json-http-basic',
    '{\n    "http-basic": {\n        "repo.packagist.com": {\n            "username": "token",\n            "password": "«{h64}»"\n        }\n    }\n}',
  ],
  [
    'dot71-composer-auth-json-gitlab-token-bearer',
    '{\n  "gitlab-token": { "gitlab.acme.io": "«glpat-{B20}»" },\n  "bearer": { "satis.acme.io": "«{a32}»" }\n}',
  ],
  [
    'dot71-nuget-config-cleartext-password',
    '<packageSourceCredentials>\n  <acme-feed>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="«{a24}»" />\n  </acme-feed>\n</packageSourceCredentials>',
  ],
  [
    'dot71-dotnet-nuget-push-api-key',
    "$ dotnet nuget push bin/Release/Acme.Telemetry.3.1.0.nupkg --api-key «oy2{l43}» --source https://api.nuget.org/v3/index.json\nPushing Acme.Telemetry.3.1.0.nupkg to 'https://www.nuget.org/api/v2/package'...",
  ],
  [
    'dot71-nuget-config-azure-artifacts-pat',
    '<configuration>\n  <packageSources>\n    <add key="platform" value="https://pkgs.dev.azure.com/acme/_packaging/platform/nuget/v3/index.json" />\n  </packageSources>\n  <packageSourceCredentials>\n    <platform>\n      <add key="Username" value="az" />\n      <add key="ClearTextPassword" value="«{k52}»" />\n    </platform>\n  </packageSourceCredentials>\n</configuration>',
  ],
  [
    'dot71-vscode-launch-json-env-block',
    '{\n  "type": "node",\n  "request": "launch",\n  "name": "API (local)",\n  "program": "${workspaceFolder}/src/server.ts",\n  "env": {\n    "NODE_ENV": "development",\n    "POSTMARK_SERVER_TOKEN": "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n  }\n}',
  ],
  [
    'dot71-vscode-settings-rest-client-env',
    '"rest-client.environmentVariables": {\n  "prod": {\n    "baseUrl": "https://api.acme.io",\n    "token": "«{B48}»"\n  }\n}',
  ],
  [
    'dot71-vscode-settings-sqltools-password',
    '"sqltools.connections": [\n  {\n    "name": "reporting",\n    "driver": "PostgreSQL",\n    "server": "reporting.acme.internal",\n    "port": 5432,\n    "database": "reporting",\n    "username": "analyst",\n    "password": "«{a20}»"\n  }\n]',
  ],
  [
    'dot71-vscode-tasks-json-env-options',
    '{\n  "label": "deploy:staging",\n  "type": "shell",\n  "command": "./scripts/deploy.sh staging",\n  "options": {\n    "env": { "FLY_API_TOKEN": "«FlyV1 fm2_{b200}»" }\n  }\n}',
  ],
  [
    'dot71-vscode-settings-terminal-env-osx',
    '"terminal.integrated.env.osx": {\n  "PATH": "${env:PATH}:/opt/homebrew/bin",\n  "HUGGING_FACE_HUB_TOKEN": "«hf_{a34}»"\n}',
  ],
  [
    'dot71-vscode-launch-json-args-api-key',
    '"args": ["--config", "dev.yaml", "--mistral-key", "«{a32}»"],\n"console": "integratedTerminal"',
  ],
  [
    'dot71-jetbrains-run-configuration-envs',
    '<configuration name="Application" type="SpringBootApplicationConfigurationType">\n  <option name="SPRING_BOOT_MAIN_CLASS" value="io.acme.billing.BillingApplication" />\n  <envs>\n    <env name="SPRING_PROFILES_ACTIVE" value="local" />\n    <env name="BRAINTREE_PRIVATE_KEY" value="«{h32}»" />\n  </envs>\n</configuration>',
  ],
  [
    'dot71-jetbrains-run-configuration-program-params',
    '<option name="PROGRAM_PARAMETERS" value="--port 9090 --github-token «ghp_{a36}»" />\n<option name="WORKING_DIRECTORY" value="$PROJECT_DIR$" />',
  ],
  [
    'dot71-jetbrains-http-client-private-env',
    '// http-client.private.env.json\n{\n  "dev": {\n    "apiKey": "«{a40}»",\n    "clientSecret": "«{B43}»"\n  }\n}',
  ],
  [
    'dot71-devcontainer-remoteenv-token',
    '{\n  "name": "acme-api",\n  "image": "mcr.microsoft.com/devcontainers/typescript-node:1-20-bookworm",\n  "remoteEnv": {\n    "NPM_TOKEN": "«npm_{a36}»"\n  }\n}',
  ],
  [
    'dot71-devcontainer-containerenv-db-password',
    '"containerEnv": {\n  "POSTGRES_HOST": "db",\n  "POSTGRES_PASSWORD": "«{a20}»",\n  "TZ": "Europe/Berlin"\n},',
  ],
  [
    'dot71-devcontainer-runargs-env',
    '"runArgs": ["--env", "CODECOV_TOKEN={h8}-{h4}-4{h3}-a{h3}-{h12}", "--env", "SONAR_TOKEN=«squ_{h40}»"],',
  ],
  [
    'dot71-devcontainer-postcreate-login',
    '"postCreateCommand": "echo «dckr_pat_{B27}» | docker login -u acmedev --password-stdin && npm ci"',
  ],
  [
    'dot71-home-manager-session-variables',
    'home.sessionVariables = {\n  EDITOR = "nvim";\n  CONTENTFUL_MANAGEMENT_TOKEN = "«CFPAT-{B43}»";\n};',
  ],
  [
    'dot71-nix-programs-git-extra-config-credential',
    'programs.git = {\n  enable = true;\n  userName = "jdoe";\n  extraConfig.url."https://jdoe:«ghp_{a36}»@github.com/".insteadOf = "https://github.com/";\n};',
  ],
  [
    'dot71-nixos-systemd-service-environment',
    'systemd.services.matrix-bridge = {\n  wantedBy = [ "multi-user.target" ];\n  environment = {\n    BRIDGE_AS_TOKEN = "«{a64}»";\n    BRIDGE_HS_URL = "https://matrix.acme.io";\n  };\n};',
  ],
  [
    'dot71-nix-shell-hook-export',
    "pkgs.mkShell {\n  packages = [ pkgs.nodejs_20 pkgs.pnpm ];\n  shellHook = ''\n    export FIGMA_TOKEN=«figd_{B40}»\n  '';\n}",
  ],
  [
    'dot71-ansible-group-vars-plain',
    '# group_vars/web.yml\nnginx_worker_processes: auto\napp_secret_key_base: «{h128}»\nnewrelic_license_key: «{h36}NRAL»',
  ],
  [
    'dot71-ansible-host-vars-become-password',
    '# host_vars/db01.yml\nansible_host: 10.20.0.11\nansible_user: deploy\nansible_become_password: «{a20}»',
  ],
  [
    'dot71-ansible-inventory-ini-password',
    '[windows]\nwin-build-01 ansible_host=10.1.2.30\n\n[windows:vars]\nansible_user=Administrator\nansible_password=«{a18}»\nansible_connection=winrm',
  ],
  [
    'dot71-ansible-vars-api-token-and-ssh-key',
    'cloudflare_zone: acme.io\ncloudflare_api_token: «{B40}»\ndeploy_private_key: |\n  «-----BEGIN OPENSSH PRIVATE KEY-----\n  b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n  QyNTUxOQAAACD{b43}AAAAJ{b9}\n  {b70}\n  {b44}==\n  -----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'dot71-tmux-send-keys-password',
    "# ~/.tmux/sessions/prod.sh\ntmux new-session -d -s prod\ntmux send-keys -t prod 'ssh admin@10.0.0.5' C-m\ntmux send-keys -t prod '«{a16}»' C-m",
  ],
  [
    'dot71-tmuxinator-yaml-pane-export',
    'name: payments\nroot: ~/src/payments\nwindows:\n  - server:\n      panes:\n        - export ADYEN_API_KEY=«AQE{B120}» && make run',
  ],
  ['dot71-screenrc-stuff-password', 'screen -t vpn 1 sudo openconnect vpn.acme.io --user=jdoe --passwd-on-stdin\nstuff "«{a20}»^M"'],
  [
    'dot71-netrc-machine-password',
    '$ cat ~/.netrc\nmachine api.heroku.com\n  login jdoe@acme.io\n  password «HRKU-AA{B58}»\nmachine git.heroku.com\n  login jdoe@acme.io\n  password «HRKU-AA{B58}»',
  ],
  ['dot71-docker-config-json-auths-base64', '{\n  "auths": {\n    "registry.gitlab.com": {\n      "auth": "«{b60}»"\n    }\n  }\n}'],
  [
    'dot71-kubeconfig-user-token',
    'users:\n- name: ci-deployer\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50I{B200}.{B342}»',
  ],
  [
    'dot71-s3cfg-secret-key',
    '$ cat ~/.s3cfg\n[default]\naccess_key = {U20}\nsecret_key = «{b40}»\nhost_base = fra1.digitaloceanspaces.com',
  ],
  [
    'dot71-gh-hosts-yml-oauth-token',
    '# ~/.config/gh/hosts.yml\ngithub.com:\n    user: jdoe\n    oauth_token: «gho_{a36}»\n    git_protocol: ssh',
  ],
  ['dot71-terraformrc-credentials-block', 'credentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{a67}»"\n}'],
  [
    'dot71-condarc-channel-token-url',
    'channels:\n  - https://conda.anaconda.org/t/«{l2}-{h8}-{h4}-{h4}-{h4}-{h12}»/acme-private\n  - conda-forge',
  ],
  [
    'dot71-pip-conf-index-url-password',
    '# ~/.config/pip/pip.conf\n[global]\nindex-url = https://pypi:«{a24}»@nexus.acme.io/repository/pypi-group/simple\ntimeout = 60',
  ],
  ['dot71-huggingface-token-file-cat', '$ cat ~/.cache/huggingface/token\n«hf_{a34}»'],
  ['dot71-wakatime-cfg-api-key', '[settings]\napi_key = «waka_{h8}-{h4}-4{h3}-8{h3}-{h12}»\nhide_file_names = true'],
  ['dot71-sentryclirc-auth-token', '[defaults]\norg = acme\n[auth]\ntoken = «sntryu_{h64}»'],
  ['dot71-circleci-cli-yml-token', 'host: https://circleci.com\nendpoint: graphql-unstable\ntoken: «CCIPAT_{a22}_{h40}»'],
  ['dot71-vault-token-file-cat', '$ cat ~/.vault-token\n«hvs.CAESI{B86}»'],
  [
    'dot71-databrickscfg-profiles',
    '[DEFAULT]\nhost  = https://dbc-{h8}-{h4}.cloud.databricks.com\ntoken = «dapi{h32}»\n\n[staging]\nhost  = https://dbc-{h8}-{h4}.cloud.databricks.com\ntoken = «dapi{h32}-3»',
  ],
  [
    'dot71-snowsql-config-password',
    '[connections.analytics]\naccountname = acme-eu1\nusername = DBT_RUNNER\npassword = «{a22}»\nwarehousename = TRANSFORMING',
  ],
  [
    'dot71-buildkite-agent-cfg-token',
    '# /etc/buildkite-agent/buildkite-agent.cfg\ntoken="«{h50}»"\nname="%hostname-%spawn"\ntags="queue=deploy,os=linux"',
  ],
  ['dot71-bashrc-export-buildkite-api-token', 'export BUILDKITE_API_TOKEN=«bkua_{h40}»\nexport BUILDKITE_ORGANIZATION_SLUG=acme'],
  ['dot71-zshrc-export-age-identity', 'export SOPS_AGE_KEY=«AGE-SECRET-KEY-1{e58}»\nexport SOPS_AGE_RECIPIENTS=age1{k58}'],
  ['dot71-envrc-postman-api-key', 'export POSTMAN_API_KEY=«PMAK-{h24}-{h34}»'],
  ['dot71-fish-set-universal-mailchimp', 'set -Ux MAILCHIMP_API_KEY «{h32}-us14»'],
  ['dot71-bashrc-export-newrelic-user-key', 'export NEW_RELIC_ACCOUNT_ID={d7}\nexport NEW_RELIC_API_KEY=«NRAK-{U27}»'],
  [
    'dot71-zshrc-export-okta-ssws',
    'alias okta-users=\'curl -s -H "Authorization: SSWS «00{B40}»" https://acme.okta.com/api/v1/users?limit=200\'',
  ],
  [
    'dot71-procfile-dev-stripe-listen-key',
    'web: bin/rails server -p 3000\nstripe: stripe listen --api-key «sk_live_{a99}» --forward-to localhost:3000/pay/webhooks/stripe',
  ],
  ['dot71-dockerfile-env-airtable-pat', 'ENV AIRTABLE_BASE_ID=app{a14} \\\n    AIRTABLE_TOKEN=«pat{a14}.{h64}»'],
  [
    'dot71-compose-command-override-meilisearch',
    '  search:\n    image: getmeili/meilisearch:v1.8\n    command: meilisearch --master-key=«{B40}» --env production',
  ],
  [
    'dot71-systemd-environment-discord-webhook',
    '[Service]\nEnvironment=ALERT_WEBHOOK=«https://discord.com/api/webhooks/{d19}/{B68}»\nExecStart=/usr/local/bin/disk-alert --threshold 90',
  ],
  [
    'dot71-crontab-healthcheck-mapbox-tiles',
    '0 5 * * * /usr/bin/env MAPBOX_ACCESS_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B32}.{B22}» /opt/tiles/upload.sh',
  ],
  [
    'dot71-launchd-plist-vault-addr-token',
    '<key>EnvironmentVariables</key>\n<dict>\n  <key>VAULT_ADDR</key><string>https://vault.acme.io</string>\n  <key>VAULT_TOKEN</key><string>«hvs.{a24}»</string>\n</dict>',
  ],
  [
    'dot71-ps1-profile-azure-storage-connection-string',
    '$env:AZURE_STORAGE_CONNECTION_STRING = "DefaultEndpointsProtocol=https;AccountName=acmeassets;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"',
  ],
  [
    'dot71-makefile-square-access-token-recipe',
    "catalog-export:\n\tcurl -s https://connect.squareup.com/v2/catalog/list \\\n\t  -H 'Square-Version: 2024-05-15' \\\n\t  -H 'Authorization: Bearer «EAAA{B60}»' > catalog.json",
  ],
  ['dot71-gradle-properties-sonar-token', 'systemProp.sonar.host.url=https://sonar.acme.io\nsystemProp.sonar.token=«sqp_{h40}»'],
  ['dot71-justfile-braintree-access-token', 'export BT_ACCESS_TOKEN := "«access_token$production${l16}${h32}»"'],
  [
    'dot71-taskfile-fastly-api-token',
    'tasks:\n  purge:\n    cmds:\n      - curl -X POST -H "Fastly-Key: «{B32}»" https://api.fastly.com/service/{a22}/purge_all',
  ],
  [
    'dot71-npmrc-jfrog-identity-token',
    '//acme.jfrog.io/artifactory/api/npm/npm/:_authToken=«eyJ2ZXIiOiIyIiwidHlwIjoiSldUIiwiYWxnIjoiUlMyNTYiLCJraWQiOiI{B40}.eyJleHQiOiJ7XCJyZXZvY2FibGVcIjpcInRydWVcIn0i{B160}.{B342}»',
  ],
  [
    'dot71-devcontainer-remoteenv-pagerduty-and-dd',
    '"remoteEnv": {\n  "DD_API_KEY": "«{h32}»",\n  "DD_APP_KEY": "«{h40}»",\n  "DD_SITE": "datadoghq.eu"\n}',
  ],
  [
    'dot71-systemd-environment-pusher-secret',
    '[Service]\nEnvironment=PUSHER_APP_ID={d7} PUSHER_KEY={h20} PUSHER_SECRET=«{h20}» PUSHER_CLUSTER=eu\nExecStart=/srv/chat/bin/chat-server',
  ],
  [
    'dot71-bashrc-export-auth0-client-secret',
    'export AUTH0_DOMAIN=acme-prod.eu.auth0.com\nexport AUTH0_CLIENT_ID={a32}\nexport AUTH0_CLIENT_SECRET=«{B64}»',
  ],
  [
    'dot71-zshrc-passphrase-style-password',
    "# jump host, rotate monthly\nexport JUMP_PASS='«{L6}-{L7}-{L5}-{d2}»'\nalias jump='sshpass -e ssh -o StrictHostKeyChecking=accept-new jdoe@jump.acme.io'",
  ],
  [
    'dot71-bat-set-sql-connection-password',
    'set SQLCMDPASSWORD=«{a10}!{a8}»\nsqlcmd -S sql01.acme.local -U sa -d Inventory -Q "EXEC dbo.NightlyRollup"',
  ],
  [
    'dot71-gitlab-runner-config-toml-token',
    'concurrent = 4\n[[runners]]\n  name = "docker-builder-02"\n  url = "https://gitlab.acme.io"\n  token = "«glrt-{B20}»"\n  executor = "docker"',
  ],
  [
    'dot71-git-clone-command-gitlab-pipeline-trigger',
    'curl -X POST --fail -F token=«glptt-{h40}» -F ref=main https://gitlab.acme.io/api/v4/projects/311/trigger/pipeline',
  ],
  [
    'dot71-compose-command-override-postgres-password-flag',
    '  pgbouncer:\n    image: edoburu/pgbouncer:1.22.1\n    environment:\n      DATABASE_URL: postgres://app:«{a24}»@db:5432/app\n      POOL_MODE: transaction',
  ],
  [
    'dot71-ssh-config-localcommand-vault-login',
    'Host vault-*\n    User ops\n    PermitLocalCommand yes\n    LocalCommand vault login -no-print «hvs.{a24}»',
  ],
  ['dot71-pypirc-devpi-password', '[devpi]\nrepository = https://devpi.acme.io/acme/prod/\nusername = acme\npassword = «{a10}{d4}{a6}»'],
];

export const BLIND71_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'dot71-neg-makefile-shell-cat-token-file',
    'NPM_TOKEN := $(shell cat $(HOME)/.config/acme/npm-token)\nexport NPM_TOKEN\n\npublish:\n\tnpm publish --access restricted',
  ],
  [
    'dot71-neg-makefile-op-read-reference',
    'export STRIPE_API_KEY ?= $(shell op read "op://Engineering/Stripe Live/secret key")\nexport SENTRY_AUTH_TOKEN ?= $(shell op read "op://Engineering/Sentry/credential")',
  ],
  [
    'dot71-neg-makefile-docker-login-pass-show',
    'push:\n\tpass show registry/acmebuild | docker login -u acmebuild --password-stdin\n\tdocker push acme/ingest-api:$(VERSION)',
  ],
  [
    'dot71-neg-makefile-version-pins',
    'GOLANGCI_LINT_VERSION := v1.59.1\nPROTOC_VERSION := 27.1\nBUF_VERSION := 1.34.0\nKIND_NODE_IMAGE := kindest/node:v1.30.0@sha256:{h64}',
  ],
  ['dot71-neg-makefile-git-sha-output', 'GIT_SHA := $(shell git rev-parse HEAD)\n$ make print-GIT_SHA\nGIT_SHA = {h40}'],
  [
    'dot71-neg-makefile-ldflags-build-info',
    'LDFLAGS := -s -w -X main.version=$(VERSION) -X main.commit={h12} -X main.date=2024-06-11T09:14:02Z\nbuild:\n\tCGO_ENABLED=0 go build -ldflags "$(LDFLAGS)" -o bin/acmectl ./cmd/acmectl',
  ],
  [
    'dot71-neg-justfile-env-var-function',
    "set dotenv-load := true\nexport API_TOKEN := env_var('API_TOKEN')\nexport DB_PASSWORD := env_var_or_default('DB_PASSWORD', '')",
  ],
  [
    'dot71-neg-taskfile-templated-var-refs',
    'tasks:\n  psql:\n    cmds:\n      - PGPASSWORD={{.DB_PASS}} psql -h {{.DB_HOST}} -U {{.DB_USER}} ledger\n    requires:\n      vars: [DB_PASS, DB_HOST, DB_USER]',
  ],
  [
    'dot71-neg-package-json-script-env-ref',
    '  "scripts": {\n    "deploy": "vercel deploy --prod --token $VERCEL_TOKEN",\n    "release": "semantic-release",\n    "prepare": "husky"\n  },',
  ],
  [
    'dot71-neg-package-lock-integrity-hashes',
    '    "node_modules/undici": {\n      "version": "6.19.2",\n      "resolved": "https://registry.npmjs.org/undici/-/undici-6.19.2.tgz",\n      "integrity": "sha512-{b86}==",\n      "license": "MIT"\n    },',
  ],
  [
    'dot71-neg-npmrc-authtoken-env-ref',
    '@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\nalways-auth=true',
  ],
  [
    'dot71-neg-yarnrc-npmauthtoken-env-ref',
    'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "${NPM_AUTH_TOKEN:-}"',
  ],
  [
    'dot71-neg-yarn-lock-berry-checksum',
    '"zod@npm:^3.23.8":\n  version: 3.23.8\n  resolution: "zod@npm:3.23.8"\n  checksum: 10c0/{h128}\n  languageName: node\n  linkType: hard',
  ],
  [
    'dot71-neg-gradle-properties-signing-key-id-and-ring-path',
    'org.gradle.jvmargs=-Xmx3g -Dfile.encoding=UTF-8\norg.gradle.caching=true\nsigning.keyId={H8}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg',
  ],
  [
    'dot71-neg-build-gradle-credentials-find-property',
    'credentials {\n    username = findProperty("gpr.user") ?: System.getenv("GITHUB_ACTOR")\n    password = findProperty("gpr.key") ?: System.getenv("GITHUB_TOKEN")\n}',
  ],
  [
    'dot71-neg-build-gradle-kts-password-credentials-type',
    'maven {\n    name = "acmeReleases"\n    url = uri("https://maven.pkg.acme.io/releases")\n    credentials(PasswordCredentials::class)\n}\n// reads acmeReleasesUsername / acmeReleasesPassword from gradle.properties or ORG_GRADLE_PROJECT_*',
  ],
  [
    'dot71-neg-gradle-verification-metadata-sha256',
    '<component group="com.squareup.okhttp3" name="okhttp" version="4.12.0">\n   <artifact name="okhttp-4.12.0.jar">\n      <sha256 value="{h64}" origin="Generated by Gradle"/>\n   </artifact>\n</component>',
  ],
  [
    'dot71-neg-gradle-wrapper-properties-sha',
    'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.8-bin.zip\ndistributionSha256Sum={h64}\nnetworkTimeout=10000',
  ],
  [
    'dot71-neg-maven-settings-env-refs',
    '<server>\n  <id>acme-releases</id>\n  <username>${env.MAVEN_USERNAME}</username>\n  <password>${env.MAVEN_PASSWORD}</password>\n</server>',
  ],
  [
    'dot71-neg-maven-settings-mirror-only',
    '<mirrors>\n  <mirror>\n    <id>acme-central</id>\n    <mirrorOf>central</mirrorOf>\n    <url>https://nexus.acme.io/repository/maven-central/</url>\n  </mirror>\n</mirrors>',
  ],
  [
    'dot71-neg-maven-pom-gpg-keyname',
    '<plugin>\n  <groupId>org.apache.maven.plugins</groupId>\n  <artifactId>maven-gpg-plugin</artifactId>\n  <version>3.2.4</version>\n  <configuration>\n    <keyname>{H40}</keyname>\n    <passphraseServerId>gpg.passphrase</passphraseServerId>\n  </configuration>\n</plugin>',
  ],
  [
    'dot71-neg-sbt-credentials-sys-env',
    'credentials += Credentials(\n  "Sonatype Nexus Repository Manager",\n  "nexus.acme.io",\n  sys.env.getOrElse("NEXUS_USER", ""),\n  sys.env.getOrElse("NEXUS_PASSWORD", "")\n)',
  ],
  [
    'dot71-neg-dockerfile-secret-mount',
    '# syntax=docker/dockerfile:1.7\nFROM node:20-alpine\nARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev',
  ],
  [
    'dot71-neg-dockerfile-from-digest',
    'FROM python:3.12-slim@sha256:{h64} AS base\nLABEL org.opencontainers.image.revision="{h40}"\nLABEL org.opencontainers.image.source="https://github.com/acme/ledger"',
  ],
  ['dot71-neg-dockerfile-env-non-secret', 'ENV NODE_ENV=production \\\n    PORT=8080 \\\n    TZ=UTC \\\n    NEXT_TELEMETRY_DISABLED=1'],
  [
    'dot71-neg-docker-build-secret-flag',
    '$ docker buildx build --secret id=npmrc,src=$HOME/.npmrc --build-arg NODE_VERSION=20.14.0 -t acme/web:{h7} .',
  ],
  [
    'dot71-neg-compose-env-interpolation',
    '  db:\n    image: postgres:16.3\n    environment:\n      POSTGRES_USER: ${POSTGRES_USER:-app}\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}',
  ],
  [
    'dot71-neg-compose-secrets-file-refs',
    'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets: [db_password]\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt',
  ],
  [
    'dot71-neg-compose-ports-and-feature-flags',
    '  api:\n    image: ghcr.io/acme/api@sha256:{h64}\n    ports: ["8080:8080", "9464:9464"]\n    environment:\n      FEATURE_NEW_CHECKOUT: "true"\n      OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector:4317',
  ],
  [
    'dot71-neg-systemd-environmentfile-and-loadcredential',
    '[Service]\nEnvironmentFile=-/etc/default/acme-api\nLoadCredential=jwt-key:/etc/credstore/acme-api.jwt\nExecStart=/usr/local/bin/acme-api --jwt-key-file ${CREDENTIALS_DIRECTORY}/jwt-key',
  ],
  [
    'dot71-neg-systemd-execstart-non-secret-flags',
    '[Service]\nExecStart=/usr/bin/node_exporter --web.listen-address=:9100 --collector.textfile.directory=/var/lib/node_exporter\nEnvironment=RUST_LOG=info,hyper=warn\nRestart=on-failure',
  ],
  [
    'dot71-neg-crontab-source-env-file',
    'SHELL=/bin/bash\n30 2 * * * . /etc/acme/backup.env && /usr/local/bin/pg-backup.sh >> /var/log/pg-backup.log 2>&1',
  ],
  [
    'dot71-neg-supervisord-env-expansion',
    '[program:notifier]\ncommand=/srv/notifier/venv/bin/python -m notifier\nenvironment=TWILIO_AUTH_TOKEN="%(ENV_TWILIO_AUTH_TOKEN)s",PYTHONPATH="/srv/notifier"',
  ],
  [
    'dot71-neg-launchd-plist-env-non-secret',
    '<key>EnvironmentVariables</key>\n<dict>\n    <key>PATH</key>\n    <string>/opt/homebrew/bin:/usr/bin:/bin</string>\n    <key>LANG</key>\n    <string>en_US.UTF-8</string>\n</dict>',
  ],
  [
    'dot71-neg-schtasks-xml-principal-sid',
    '<Principals>\n  <Principal id="Author">\n    <UserId>S-1-5-21-{d10}-{d10}-{d10}-1001</UserId>\n    <LogonType>InteractiveToken</LogonType>\n    <RunLevel>LeastPrivilege</RunLevel>\n  </Principal>\n</Principals>',
  ],
  [
    'dot71-neg-bat-percent-env-refs',
    '@echo off\nocto create-release --project "Web" --server %OCTOPUS_URL% --apiKey %OCTOPUS_API_KEY%\nif errorlevel 1 exit /b %errorlevel%',
  ],
  [
    'dot71-neg-ps1-env-ref-and-get-secret',
    '$token = Get-Secret -Name GitHubPat -AsPlainText\n$headers = @{ Authorization = "Bearer $Env:GITHUB_TOKEN" }\nInvoke-RestMethod https://api.github.com/user -Headers $headers',
  ],
  [
    'dot71-neg-ps1-read-host-securestring',
    '$pw = Read-Host -AsSecureString "Password for ACME\\svc-deploy"\n$cred = New-Object System.Management.Automation.PSCredential ("ACME\\svc-deploy", $pw)',
  ],
  [
    'dot71-neg-bashrc-export-from-pass',
    'export GITHUB_TOKEN="$(pass show github/tokens/cli)"\nexport OPENAI_API_KEY="$(pass show openai/api-key)"',
  ],
  [
    'dot71-neg-zshrc-export-from-op-and-keychain',
    'export ANTHROPIC_API_KEY="$(op read \'op://Private/Anthropic/credential\')"\nexport HOMEBREW_GITHUB_API_TOKEN="$(security find-generic-password -s homebrew-gh -w)"',
  ],
  ['dot71-neg-fish-set-from-command', 'set -gx HF_TOKEN (cat ~/.cache/huggingface/token)\nset -gx GOPATH $HOME/go'],
  [
    'dot71-neg-bashrc-gpg-key-id-and-tty',
    'export GPG_TTY=$(tty)\nexport DEBFULLNAME="Jane Doe"\nexport DEBSIGN_KEYID={H16}\ngit config --global user.signingkey {H16}',
  ],
  [
    'dot71-neg-bashrc-ssh-agent-key-paths',
    'eval "$(ssh-agent -s)" >/dev/null\nssh-add -q ~/.ssh/id_ed25519 ~/.ssh/id_ed25519_work 2>/dev/null\nexport SSH_AUTH_SOCK="$HOME/.1password/agent.sock"',
  ],
  [
    'dot71-neg-envrc-dotenv-if-exists',
    '# .envrc\ndotenv_if_exists .env.local\nsource_env_if_exists .envrc.private\nexport VAULT_ADDR=https://vault.acme.io:8200\nexport VAULT_TOKEN="$(cat ~/.vault-token)"',
  ],
  [
    'dot71-neg-mise-toml-tools-and-env',
    '[tools]\nnode = "20.14.0"\npython = "3.12.4"\nterraform = "1.8.5"\n\n[env]\n_.file = ".env"\nAWS_PROFILE = "acme-dev"',
  ],
  [
    'dot71-neg-gitconfig-ssh-signing-key',
    '[user]\n\tname = Jane Doe\n\temail = jane@acme.io\n\tsigningkey = ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} jane@laptop\n[gpg]\n\tformat = ssh',
  ],
  [
    'dot71-neg-gitconfig-credential-helpers',
    '[credential]\n\thelper = osxkeychain\n[credential "https://dev.azure.com"]\n\tuseHttpPath = true\n\thelper = manager',
  ],
  [
    'dot71-neg-gitconfig-insteadof-ssh-no-creds',
    '[url "git@github.com:"]\n\tinsteadOf = https://github.com/\n[url "ssh://git@gitlab.acme.io:2222/"]\n\tinsteadOf = https://gitlab.acme.io/',
  ],
  ['dot71-neg-git-extraheader-env-ref', 'git -c http.extraHeader="Authorization: Bearer ${CI_JOB_TOKEN}" fetch --depth=1 origin main'],
  [
    'dot71-neg-git-log-oneline-hashes',
    '$ git log --oneline -4\n{h7} chore(deps): bump undici to 6.19.2\n{h7} fix(ci): pin buf to 1.34.0\n{h7} feat: add EnvironmentFile to unit\n{h7} docs: explain .pgpass format',
  ],
  [
    'dot71-neg-ssh-config-identityfile-paths',
    'Host bastion\n    HostName bastion.acme.io\n    User ops\n    Port 2222\n    IdentityFile ~/.ssh/id_ed25519_ops\n    IdentitiesOnly yes\nHost *.internal\n    ProxyJump bastion',
  ],
  [
    'dot71-neg-ssh-authorized-keys-public',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} jane@laptop\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b300}= ci@buildbox',
  ],
  [
    'dot71-neg-known-hosts-hashed',
    '|1|{b27}=|{b27}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\n|1|{b27}=|{b27}= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b139}=',
  ],
  [
    'dot71-neg-pg-service-conf-no-password',
    '[analytics]\nhost=warehouse.acme.internal\nport=5432\ndbname=analytics\nuser=looker\nsslmode=verify-full\n# password lives in ~/.pgpass (chmod 600)',
  ],
  [
    'dot71-neg-my-cnf-no-password',
    '[client]\nuser=app\nhost=127.0.0.1\nport=3306\ndefault-character-set=utf8mb4\n# password comes from ~/.mylogin.cnf (mysql_config_editor set --login-path=client)',
  ],
  [
    'dot71-neg-pypirc-username-keyring',
    '[pypi]\nusername = __token__\n# password is read from the system keyring (keyring set https://upload.pypi.org/legacy/ __token__)',
  ],
  ['dot71-neg-gemfile-lock-checksums', 'CHECKSUMS\n  rack (3.1.3) sha256={h64}\n  rails (7.1.3.4) sha256={h64}'],
  [
    'dot71-neg-cargo-lock-checksum',
    '[[package]]\nname = "tokio"\nversion = "1.38.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"',
  ],
  [
    'dot71-neg-cargo-config-registry-credential-provider',
    '[registries.acme-crates]\nindex = "sparse+https://crates.acme.io/api/v1/crates/"\ncredential-provider = ["cargo:token-from-stdout", "op", "read", "op://Dev/acme-crates/token"]',
  ],
  [
    'dot71-neg-composer-lock-dist-shasum',
    '"dist": {\n    "type": "zip",\n    "url": "https://api.github.com/repos/guzzle/guzzle/zipball/{h40}",\n    "reference": "{h40}",\n    "shasum": ""\n},',
  ],
  [
    'dot71-neg-composer-config-env-ref',
    'composer config --global github-oauth.github.com "$GITHUB_TOKEN"\ncomposer config --global --auth http-basic.repo.packagist.com token "$PACKAGIST_TOKEN"',
  ],
  [
    'dot71-neg-nuget-config-percent-env-password',
    '<packageSourceCredentials>\n  <platform>\n    <add key="Username" value="az" />\n    <add key="ClearTextPassword" value="%AZURE_ARTIFACTS_PAT%" />\n  </platform>\n</packageSourceCredentials>',
  ],
  [
    'dot71-neg-nuget-packages-lock-content-hash',
    '"Newtonsoft.Json": {\n  "type": "Direct",\n  "requested": "[13.0.3, )",\n  "resolved": "13.0.3",\n  "contentHash": "{b86}=="\n}',
  ],
  [
    'dot71-neg-vscode-launch-envfile-env-ref',
    '"envFile": "${workspaceFolder}/.env.local",\n"env": {\n  "NODE_OPTIONS": "--enable-source-maps",\n  "GITHUB_TOKEN": "${env:GITHUB_TOKEN}"\n}',
  ],
  [
    'dot71-neg-vscode-inputs-prompt-password',
    '"inputs": [\n  {\n    "id": "dbPassword",\n    "type": "promptString",\n    "description": "Database password",\n    "password": true\n  }\n]',
  ],
  [
    'dot71-neg-jetbrains-runconfig-macro-envs',
    '<envs>\n  <env name="SPRING_PROFILES_ACTIVE" value="local" />\n  <env name="CONFIG_DIR" value="$PROJECT_DIR$/config" />\n  <env name="DB_PASSWORD" value="$DB_PASSWORD$" />\n</envs>',
  ],
  [
    'dot71-neg-devcontainer-localenv-refs',
    '"remoteEnv": {\n  "GITHUB_TOKEN": "${localEnv:GITHUB_TOKEN}",\n  "NPM_TOKEN": "${localEnv:NPM_TOKEN}"\n},\n"features": {\n  "ghcr.io/devcontainers/features/docker-in-docker:2": {}\n}',
  ],
  [
    'dot71-neg-devcontainer-image-digest-ports',
    '"image": "mcr.microsoft.com/devcontainers/base@sha256:{h64}",\n"forwardPorts": [3000, 5432, 6379],\n"postCreateCommand": "npm ci"',
  ],
  [
    'dot71-neg-flake-lock-narhash-rev',
    '"nixpkgs": {\n  "locked": {\n    "lastModified": 1718149104,\n    "narHash": "sha256-{b43}=",\n    "owner": "NixOS",\n    "repo": "nixpkgs",\n    "rev": "{h40}",\n    "type": "github"\n  }\n}',
  ],
  [
    'dot71-neg-home-manager-sops-path',
    'home.sessionVariables = {\n  EDITOR = "nvim";\n  GITHUB_TOKEN_FILE = config.sops.secrets.github-token.path;\n};\nsops.secrets.github-token = { sopsFile = ./secrets/jdoe.yaml; };',
  ],
  [
    'dot71-neg-ansible-vault-var-refs',
    'ansible_become_password: "{{ vault_become_password }}"\ncloudflare_api_token: "{{ lookup(\'community.hashi_vault.hashi_vault\', \'secret=kv/data/cloudflare:token\') }}"\ndeploy_private_key_path: ~/.ssh/deploy_ed25519',
  ],
  [
    'dot71-neg-home-assistant-secret-tags',
    'http:\n  server_port: 8123\nnotify:\n  - platform: smtp\n    server: smtp.fastmail.com\n    username: !secret smtp_user\n    password: !secret smtp_password',
  ],
  [
    'dot71-neg-goreleaser-env-template',
    'release:\n  github:\n    owner: acme\n    name: acmectl\nenv:\n  - GITHUB_TOKEN={{ .Env.GITHUB_TOKEN }}\n  - HOMEBREW_TAP_TOKEN={{ .Env.HOMEBREW_TAP_TOKEN }}',
  ],
  [
    'dot71-neg-docker-config-creds-store',
    '{\n  "auths": {\n    "ghcr.io": {},\n    "https://index.docker.io/v1/": {}\n  },\n  "credsStore": "desktop",\n  "currentContext": "colima"\n}',
  ],
  [
    'dot71-neg-kubeconfig-exec-plugin',
    'users:\n- name: arn:aws:eks:eu-west-1:{d12}:cluster/prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: ["eks", "get-token", "--cluster-name", "prod"]',
  ],
  [
    'dot71-neg-terraformrc-credentials-helper',
    'plugin_cache_dir = "$HOME/.terraform.d/plugin-cache"\ncredentials_helper "vault" {\n  args = ["--path", "kv/terraform/app.terraform.io"]\n}',
  ],
  [
    'dot71-neg-pip-conf-index-no-creds',
    '[global]\nindex-url = https://nexus.acme.io/repository/pypi-group/simple\ntrusted-host = nexus.acme.io\nrequire-virtualenv = true',
  ],
  [
    'dot71-neg-dotenv-template-placeholders',
    '# .env.example — copy to .env and fill in\nSTRIPE_API_KEY=<paste-stripe-secret-key>\nDB_PASSWORD=changeme\nSLACK_WEBHOOK_URL=\nSENTRY_AUTH_TOKEN=****',
  ],
  [
    'dot71-neg-gpg-list-keys-fingerprint',
    '$ gpg --list-secret-keys --keyid-format=long\nsec   ed25519/{H16} 2023-09-14 [SC] [expires: 2026-09-13]\n      {H40}\nuid                 [ultimate] Jane Doe <jane@acme.io>\nssb   cv25519/{H16} 2023-09-14 [E]',
  ],
  [
    'dot71-neg-launchd-plist-uuid-label',
    '<key>Label</key>\n<string>io.acme.agent.{h8}-{h4}-4{h3}-9{h3}-{h12}</string>\n<key>StartInterval</key>\n<integer>900</integer>',
  ],
  [
    'dot71-neg-crontab-line-with-healthcheck-env-var',
    '0 3 * * * /opt/backup/run.sh && curl -fsS -m 10 --retry 5 "$HC_PING_URL" >/dev/null',
  ],
  ['dot71-neg-age-recipient-public-key', '# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{k58}'],
  [
    'dot71-neg-npm-config-list-redacted-output',
    '$ npm config list\n; "user" config from /home/jdoe/.npmrc\n//registry.npmjs.org/:_authToken = (protected)\n@acme:registry = "https://npm.pkg.github.com"',
  ],
  [
    'dot71-neg-taskfile-sources-checksum',
    'tasks:\n  build:\n    sources: ["src/**/*.go"]\n    generates: ["bin/app"]\n    method: checksum\n# .task/checksum/build -> {h32}',
  ],
];
