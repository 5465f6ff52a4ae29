/** A thirty-eighth held-out batch on whole-value redaction, written blind from the facts (vendor prefix, length, alphabet) of public rule sets: secrets in package-manager, cloud, IaC, daemon and CI files, in CSV, Markdown, HTML, XML, JSON-escaped, URL- and form-encoded text, wrapped terminal output, log lines, chat with typographic quotes and code comments, every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND38_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'github-fine-grained-pat-npmrc-scoped-authtoken',
    '@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«github_pat_{a22}_{a59}»\nengine-strict=true',
  ],
  [
    'jfrog-reference-token-npmrc-authtoken',
    '; written by `jf npmc`\nregistry=https://acme.jfrog.io/artifactory/api/npm/npm-virtual/\n//acme.jfrog.io/artifactory/api/npm/npm-virtual/:_authToken=«cmVmdGtuOjAxOjE3{a48}»',
  ],
  [
    'npm-token-yarnrc-yml-npmauthtoken',
    'nodeLinker: node-modules\nnpmScopes:\n  acme:\n    npmRegistryServer: "https://registry.npmjs.org"\n    npmAuthToken: «npm_{a36}»\n    npmAlwaysAuth: true',
  ],
  [
    'verdaccio-yarnrc-yml-npmauthident-user-colon-pass',
    'npmRegistryServer: "https://verdaccio.acme.internal"\nnpmAuthIdent: "ci-bot:«{a8}!{a5}:{d3}»"\nnpmAlwaysAuth: true',
  ],
  [
    'pypirc-private-index-password-hash-semicolon',
    '[distutils]\nindex-servers =\n    pypi\n    acme\n\n[acme]\nrepository = https://pypi.acme.io/\nusername = release-bot\npassword = «{a7}#{a5};{d3}»',
  ],
  [
    'gitlab-deploy-token-pip-conf-extra-index-userinfo',
    '[global]\ntimeout = 60\nextra-index-url = https://gitlab+deploy-token-17:«gldt-{B20}»@gitlab.acme.io/api/v4/projects/42/packages/pypi/simple',
  ],
  [
    'codeartifact-token-dockerfile-pip-index-url',
    'ARG PIP_INDEX_URL=https://aws:«eyJ2ZXIiOjEsImlzdSI6MTcz{B420}»@acme-210987654321.d.codeartifact.eu-west-1.amazonaws.com/pypi/pypi-store/simple/\nRUN pip install --no-cache-dir -r requirements.txt',
  ],
  [
    'poetry-config-http-basic-password-pipe-amp',
    "$ poetry config http-basic.acme-private ci-bot '«{a6}&{a4}|{d3}»'\n$ poetry install --with dev",
  ],
  [
    'gitlab-pat-maven-settings-httpheaders-value',
    '<servers>\n  <server>\n    <id>gitlab-maven</id>\n    <configuration>\n      <httpHeaders>\n        <property>\n          <name>Private-Token</name>\n          <value>«glpat-{B20}»</value>\n        </property>\n      </httpHeaders>\n    </configuration>\n  </server>\n</servers>',
  ],
  [
    'azure-devops-pat-nuget-config-cleartextpassword',
    '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="az" />\n    <add key="ClearTextPassword" value="«{k52}»" />\n  </AcmeFeed>\n</packageSourceCredentials>',
  ],
  [
    'proget-password-nuget-config-numeric-entities',
    '<packageSourceCredentials>\n  <ProGet>\n    <add key="Username" value="svc-nuget" />\n    <add key="ClearTextPassword" value="«{a6}&#x21;{a5}&#64;{d2}»" />\n  </ProGet>\n</packageSourceCredentials>',
  ],
  [
    'github-pat-bundle-config-yaml-user-colon',
    '---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_RUBYGEMS__PKG__GITHUB__COM: "acme-bot:«ghp_{a36}»"',
  ],
  [
    'composer-auth-json-three-kinds',
    '{\n    "github-oauth": {\n        "github.com": "«gho_{a36}»"\n    },\n    "gitlab-token": {\n        "gitlab.acme.io": "«glpat-{B20}»"\n    },\n    "http-basic": {\n        "repo.packagist.com": {\n            "username": "token",\n            "password": "«{h40}»"\n        }\n    }\n}',
  ],
  [
    'composer-auth-env-single-line-json-bearer',
    'COMPOSER_AUTH=\'{"bearer":{"satis.acme.io":"«{a40}»"},"github-oauth":{"github.com":"«ghp_{a36}»"}}\' composer install --no-dev',
  ],
  [
    'git-credentials-three-hosts',
    '$ cat ~/.git-credentials\nhttps://oauth2:«glpat-{B20}»@gitlab.acme.io\nhttps://x-access-token:«ghs_{a36}»@github.com\nhttps://acme:«{k52}»@dev.azure.com',
  ],
  [
    'github-oauth-token-git-credential-fill-output',
    "$ printf 'protocol=https\\nhost=github.com\\n\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=dana-ortiz\npassword=«gho_{a36}»",
  ],
  ['terraform-cloud-token-terraformrc-block', 'credentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{B67}»"\n}'],
  [
    'cloudflare-r2-keys-rclone-conf',
    '[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = «{h32}»\nsecret_access_key = «{h64}»\nendpoint = https://{h32}.r2.cloudflarestorage.com\nacl = private',
  ],
  [
    'google-oauth-tokens-rclone-conf-inline-json',
    '[gdrive]\ntype = drive\nscope = drive\ntoken = {"access_token":"«ya29.{B160}»","token_type":"Bearer","refresh_token":"«1//0{B100}»","expiry":"2024-11-03T12:48:10.518842+01:00"}\nteam_drive =',
  ],
  [
    'aws-keypair-s3cfg-with-gpg-passphrase',
    '[default]\naccess_key = «AKIA{c16}»\nsecret_key = «{b40}»\nhost_base = s3.amazonaws.com\nhost_bucket = %(bucket)s.s3.amazonaws.com\ngpg_passphrase = «{a10}#{a6}»\nuse_https = True',
  ],
  [
    'google-refresh-token-boto-config',
    '[Credentials]\ngs_oauth2_refresh_token = «1//0{B100}»\n\n[GSUtil]\ndefault_project_id = acme-data-prod\nparallel_composite_upload_threshold = 150M',
  ],
  [
    'azure-storage-keys-az-cli-table-output',
    '$ az storage account keys list -g rg-logs -n acmelogs -o table\nKeyName    Permissions    Value\n---------  -------------  ----------------------------------------------------------------------------------------\nkey1       FULL           «{b86}==»\nkey2       FULL           «{b86}==»',
  ],
  [
    'azure-storage-key-powershell-new-azstoragecontext',
    '$ctx = New-AzStorageContext -StorageAccountName "acmearchive" -StorageAccountKey "«{b86}==»"\nGet-AzStorageBlob -Container "nightly" -Context $ctx | Select-Object Name, Length',
  ],
  [
    'azure-app-configuration-secret-connection-string',
    'AppConfig__ConnectionString="Endpoint=https://acme-cfg.azconfig.io;Id={a4}-l4-s0:{a20};Secret=«{b43}=»"',
  ],
  [
    'azure-ad-client-secret-sp-create-output',
    '$ az ad sp create-for-rbac --name gh-deployer --role contributor --scopes /subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}\n{\n  "appId": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "displayName": "gh-deployer",\n  "password": "«{a3}8Q~{B12}.{B9}~{B11}»",\n  "tenant": "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n}',
  ],
  [
    'gcp-service-account-json-private-key-escaped-newlines',
    '{\n  "type": "service_account",\n  "project_id": "acme-analytics",\n  "private_key_id": "{h40}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n«MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b28}»\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "etl-runner@acme-analytics.iam.gserviceaccount.com",\n  "client_id": "{d21}"\n}',
  ],
  [
    'gcp-service-account-json-base64-env',
    'GOOGLE_APPLICATION_CREDENTIALS_B64=«ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIsCiAgInByb2plY3RfaWQiOiAi{b1100}fQo=»\nGCP_REGION=europe-west1',
  ],
  [
    'k8s-service-account-jwt-kubeconfig-token',
    'users:\n- name: ci-deployer\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}In0.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVz{B300}.{B342}»\ncontexts:\n- name: prod\n  context:\n    cluster: prod\n    user: ci-deployer',
  ],
  [
    'k8s-client-key-data-kubeconfig',
    'users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b400}\n    client-key-data: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF{b880}S0VZLS0tLS0K»',
  ],
  [
    'openshift-sha256-token-kubeconfig',
    'users:\n- name: dana/api-ocp-acme-io:6443\n  user:\n    token: «sha256~{B43}»\ncurrent-context: acme-prod/api-ocp-acme-io:6443/dana',
  ],
  [
    'acr-identity-token-docker-config-json',
    '{\n  "auths": {\n    "acmeprod.azurecr.io": {\n      "auth": "MDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwOg==",\n      "identitytoken": "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{B240}.{B342}»"\n    }\n  }\n}',
  ],
  [
    'k8s-dockerconfigjson-base64-secret-data',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: ghcr-pull\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: «eyJhdXRocyI6eyJnaGNyLmlvIjp7ImF1dGgiOi{b140}In19fQ==»',
  ],
  [
    'helm-set-password-backslash-escaped-commas',
    "helm upgrade --install pg bitnami/postgresql -n data \\\n  --set auth.username=app \\\n  --set auth.password='«{a6}\\,{a5}\\={d2}»' \\\n  --set primary.persistence.size=50Gi",
  ],
  [
    'cloud-init-chpasswd-list-two-users',
    '#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    root:«{a12}!{d2}»\n    ubuntu:«{a10}#{a4}»\nssh_pwauth: true',
  ],
  [
    'datadog-api-key-tfvars-indented-heredoc',
    'datadog_site = "datadoghq.eu"\ndatadog_api_key = <<-EOT\n    «{h32}»\n  EOT\ndatadog_app_key = "«{h40}»"',
  ],
  [
    'openssh-private-key-tfvars-heredoc',
    'bastion_user = "ops"\nbastion_private_key = <<EOT\n-----BEGIN OPENSSH PRIVATE KEY-----\n«b3BlbnNzaC1rZXktdjEAAAAA{b46}\n{b70}\n{b70}\n{b70}\n{b22}»\n-----END OPENSSH PRIVATE KEY-----\nEOT',
  ],
  [
    'gcp-service-account-tfvars-heredoc-json',
    'gcp_credentials = <<EOT\n{\n  "type": "service_account",\n  "project_id": "acme-infra",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n«MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b40}»\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "terraform@acme-infra.iam.gserviceaccount.com"\n}\nEOT',
  ],
  [
    'aws-keypair-vault-hcl-awskms-seal',
    'seal "awskms" {\n  region     = "eu-west-1"\n  access_key = "«AKIA{c16}»"\n  secret_key = "«{b19}+{b20}»"\n  kms_key_id = "alias/vault-unseal"\n}',
  ],
  [
    'consul-acl-token-vault-hcl-storage',
    'storage "consul" {\n  address = "127.0.0.1:8500"\n  path    = "vault/"\n  token   = "«{h8}-{h4}-4{h3}-8{h3}-{h12}»"\n}',
  ],
  [
    'vault-token-hcl-transit-seal',
    'seal "transit" {\n  address         = "https://vault-core.acme.internal:8200"\n  token           = "«hvs.{a24}»"\n  disable_renewal = "false"\n  key_name        = "autounseal"\n  mount_path      = "transit/"\n}',
  ],
  [
    'ansible-vars-unsafe-jinja-braces',
    "postgres_users:\n  - name: reporting\n    password: !unsafe '«{a5}{%{a4}%}{{{d2}}}»'\n    role_attr_flags: LOGIN",
  ],
  [
    'ansible-ini-inventory-become-pass-space-hash',
    "[db]\npg01 ansible_host=10.0.5.11 ansible_user=deploy ansible_become_pass='«{a6} {a4}#{d2}»'\npg02 ansible_host=10.0.5.12 ansible_user=deploy",
  ],
  [
    'stripe-restricted-key-systemd-environment-multiple',
    '[Service]\nUser=app\nEnvironment="NODE_ENV=production" "STRIPE_SECRET_KEY=«rk_live_{a24}»" "PORT=8080"\nExecStart=/usr/bin/node /srv/app/server.js',
  ],
  [
    'redis-password-systemd-environment-single-quoted-space',
    "[Service]\nEnvironment='REDIS_PASSWORD=«{a6} {a5}!»'\nExecStart=/usr/local/bin/worker --queue default",
  ],
  [
    'sendgrid-key-systemctl-show-environment',
    '$ systemctl show mailer.service -p Environment\nEnvironment=NODE_ENV=production SENDGRID_API_KEY=«SG.{B22}.{B43}» PORT=8080',
  ],
  [
    'mysql-password-crontab-escaped-percent',
    "# m h dom mon dow command\n15 2 * * * MYSQL_PWD='«{a5}\\%{a6}»' mysqldump -h db01 -u backup shop | gzip > /srv/backups/shop-$(date +\\%F).sql.gz",
  ],
  [
    'slack-user-token-crontab-curl',
    '*/30 * * * * curl -fsS -m 10 -H "Authorization: Bearer «xoxp-{d12}-{d12}-{d13}-{h32}»" "https://slack.com/api/users.setPresence?presence=auto" >/dev/null 2>&1',
  ],
  ['nginx-htpasswd-plain-scheme-line', '$ cat /etc/nginx/.htpasswd-metrics\nprometheus:{PLAIN}«{a14}!»\ngrafana:$apr1${p8}${p22}'],
  [
    'haproxy-stats-auth-colon-in-password',
    'listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth admin:«{a8}:{a4}@{d2}»',
  ],
  [
    'haproxy-redis-tcp-check-auth-escaped-space',
    'backend redis\n    option tcp-check\n    tcp-check send AUTH\\ «{a20}»\\r\\n\n    tcp-check expect string +OK\n    server r1 10.0.6.11:6379 check inter 1s',
  ],
  [
    'cloudflare-api-token-caddyfile-dns',
    'acme.io, *.acme.io {\n\ttls {\n\t\tdns cloudflare «{B40}»\n\t}\n\treverse_proxy localhost:3000\n}',
  ],
  [
    'basic-auth-caddyfile-header-up',
    'metrics.acme.io {\n\treverse_proxy 10.0.7.3:9090 {\n\t\theader_up Authorization "Basic «{b38}==»"\n\t}\n}',
  ],
  [
    'sendgrid-key-postfix-sasl-passwd',
    '$ sudo cat /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:«SG.{B22}.{B43}»\n$ sudo postmap /etc/postfix/sasl_passwd',
  ],
  ['aws-ses-smtp-password-postfix-sasl-passwd', '[email-smtp.eu-west-1.amazonaws.com]:587 «AKIA{c16}»:«B{b43}»'],
  [
    'dovecot-sql-connect-password-quoted',
    "# /etc/dovecot/dovecot-sql.conf.ext\ndriver = pgsql\nconnect = host=127.0.0.1 dbname=mail user=dovecot password='«{a6}\\'{a5} {d2}»'\ndefault_pass_scheme = ARGON2ID",
  ],
  ['samba-net-ads-join-user-percent-password', "net ads join -U 'Administrator%«{a10}!{d2}»' createcomputer=Servers/Linux"],
  ['smbclient-user-domain-percent-password', "smbclient //fs01.corp.acme.io/finance -U 'CORP\\svc-scan%«{a8}#{a5}»' -c 'ls'"],
  [
    'redis-masterauth-and-sentinel-auth-pass',
    '# redis.conf (replica)\nreplicaof 10.0.6.11 6379\nmasterauth «{a24}»\n\n# sentinel.conf\nsentinel monitor mymaster 10.0.6.11 6379 2\nsentinel auth-pass mymaster «{a24}»',
  ],
  [
    'redis-acl-file-greater-than-password',
    '# users.acl\nuser default off\nuser app on >«{a24}» ~cache:* &* +@read +@write -@dangerous\nuser metrics on >«{a20}» +info +ping',
  ],
  ['redis-cli-auth-command-echo', '127.0.0.1:6379> AUTH app «{a6}@{a6}^{d2}»\nOK\n127.0.0.1:6379> DBSIZE\n(integer) 48213'],
  [
    'mongosh-password-flag-single-quoted',
    "mongosh 'mongodb://db1.acme.internal,db2.acme.internal,db3.acme.internal/?replicaSet=rs0' --username app_rw --password '«{a6}$`{a4}!{d2}»' --authenticationDatabase admin",
  ],
  [
    'mongodb-aws-session-token-uri-option',
    'mongodb+srv://«ASIA{c16}»:«{a12}%2F{a15}%2B{a10}»@cluster0.{l5}.mongodb.net/?authSource=%24external&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:«IQoJb3JpZ2luX2Vj{a80}%2B{a60}%2F{a90}%3D»',
  ],
  [
    'mongodb-tls-key-password-uri-option',
    'mongodb://reporting@db1.acme.internal:27017/?tls=true&tlsCertificateKeyFile=%2Fetc%2Fssl%2Fclient.pem&tlsCertificateKeyFilePassword=«{a8}%40{a6}%21»&authMechanism=MONGODB-X509',
  ],
  [
    'mongodb-keyfile-openssl-tee',
    '$ openssl rand -base64 96 | sudo tee /etc/mongo/keyfile\n«{b64}\n{b64}»\n$ sudo chmod 400 /etc/mongo/keyfile',
  ],
  [
    'elasticsearch-reset-password-output',
    '$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nThe password will be printed in the console.\nPlease confirm that you would like to continue [y/N]y\n\n\nPassword for the [elastic] user successfully reset.\nNew value: «{a5}*{a4}+{a3}_{a3}=-{a2}»',
  ],
  [
    'aws-secret-elasticsearch-keystore-show',
    '$ bin/elasticsearch-keystore show s3.client.default.access_key\n«AKIA{c16}»\n$ bin/elasticsearch-keystore show s3.client.default.secret_key\n«{b40}»',
  ],
  [
    'elasticsearch-enrollment-token-create-output',
    '$ bin/elasticsearch-create-enrollment-token -s kibana\n«eyJ2ZXIiOiI4LjE0LjAiLCJhZHIiOlsiMTAuMC4zLjIxOjkyMDAiXSwiZmdyIjoi{b150}In0=»',
  ],
  [
    'elasticsearch-api-key-filebeat-id-colon-key',
    'output.elasticsearch:\n  hosts: ["https://es01.acme.internal:9200"]\n  api_key: "«{B20}:{B22}»"\n  ssl.certificate_authorities: ["/etc/filebeat/ca.crt"]',
  ],
  [
    'jenkins-jcasc-username-password-and-string',
    'credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-deploy\n              username: deployer\n              password: "«{a8}&{a5}%{d2}»"\n          - string:\n              scope: GLOBAL\n              id: sonar-token\n              secret: "«squ_{h40}»"',
  ],
  [
    'jenkins-api-token-jenkins-jobs-ini',
    '[job_builder]\nignore_cache=True\n\n[jenkins]\nuser=ops-bot\npassword=«11{h32}»\nurl=https://jenkins.acme.io',
  ],
  [
    'gitlab-ci-variables-api-json-output',
    '$ curl -s --header "PRIVATE-TOKEN: $GL_TOKEN" "https://gitlab.acme.io/api/v4/projects/42/variables" | jq .\n[\n  {\n    "variable_type": "env_var",\n    "key": "AWS_SECRET_ACCESS_KEY",\n    "value": "«{b40}»",\n    "protected": true,\n    "masked": true,\n    "environment_scope": "production"\n  },\n  {\n    "variable_type": "env_var",\n    "key": "NPM_TOKEN",\n    "value": "«npm_{a36}»",\n    "protected": false,\n    "masked": true,\n    "environment_scope": "*"\n  }\n]',
  ],
  [
    'sonarqube-token-gitlab-ci-variables-trailing-comment',
    'variables:\n  SONAR_HOST_URL: "https://sonar.acme.io"\n  SONAR_TOKEN: "«squ_{h40}»"  # rotate after the audit\n  GIT_DEPTH: "0"',
  ],
  [
    'github-actions-log-add-mask-line',
    '2024-11-03T10:22:41.5123456Z ##[group]Run ./scripts/mint-token.sh\n2024-11-03T10:22:41.9934512Z ::add-mask::«{a40}»\n2024-11-03T10:22:42.0011342Z ##[endgroup]',
  ],
  [
    'github-actions-log-set-output-deprecated',
    '2024-11-03T10:25:03.1182734Z ::set-output name=registry_password::«{a12}-{a12}-{a8}»\n2024-11-03T10:25:03.1201172Z Warning: The `set-output` command is deprecated and will be disabled soon.',
  ],
  [
    'github-app-token-actions-debug-header',
    '2024-11-03T10:26:17.4419023Z ##[debug]Authorization: token «ghs_{a36}»\n2024-11-03T10:26:17.4420551Z ##[debug]GET https://api.github.com/repos/acme/infra/releases/latest',
  ],
  [
    'github-fine-grained-pat-workflow-env-yaml',
    'jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      GH_TOKEN: «github_pat_{a22}_{a59}»\n    steps:\n      - run: gh repo sync acme/docs-mirror',
  ],
  ['sentry-org-token-github-output-echo', 'echo "sentry_auth_token=«sntrys_eyJpYXQiOjE3{b150}fQ==_{b43}»" >> "$GITHUB_OUTPUT"'],
  [
    'grafana-service-account-token-circleci-context-cli',
    'circleci context store-secret acme prod GRAFANA_SA_TOKEN <<< "«glsa_{a32}_{h8}»"',
  ],
  [
    'powershell-encrypted-standard-string-with-aes-key',
    "$key = [Convert]::FromBase64String('«{b43}=»')\n$enc = '«76492d1116743f0423413b16050a5345MgB8A{b180}=»'\n$pw = ConvertTo-SecureString -String $enc -Key $key\n$cred = New-Object PSCredential ('CORP\\svc-report', $pw)",
  ],
  [
    'powershell-securestring-key-byte-array-inline',
    "$pw = ConvertTo-SecureString '«76492d1116743f0423413b16050a5345MgB8A{b200}»' -Key (3,4,2,3,56,34,254,222,1,1,2,23,42,54,33,233,1,34,2,7,6,5,35,43)",
  ],
  [
    'openai-key-dotenv-export-inline-comment',
    'export OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»  # personal, do not share\nexport OPENAI_ORG=org-{a24}',
  ],
  [
    'smtp-password-dotenv-quoted-hash-then-comment',
    'export SMTP_USER=postmaster@mg.acme.io\nexport SMTP_PASSWORD="«{a6}#{a5}»" # mailgun smtp creds',
  ],
  [
    'stripe-restricted-key-dotenv-trailing-tabs-comment',
    'STRIPE_API_KEY=«rk_live_{a99}»\t\t# reporting job, read only\nSTRIPE_ACCOUNT=acct_{a16}',
  ],
  ['db-password-yaml-trailing-spaces', 'database:\n  user: svc_orders   \n  password: «{a10}!{a6}»   \n  host: db.acme.internal'],
  [
    'api-secret-properties-trailing-tab',
    'payments.api.url=https://api.payments.acme.io\npayments.api.secret=«{a40}»\t\npayments.api.timeout=30s',
  ],
  [
    'twilio-auth-token-zsh-history-extended',
    ': 1730630561:0;export TWILIO_AUTH_TOKEN=«{h32}»\n: 1730630570:0;twilio api:core:messages:list --limit 5',
  ],
  [
    'db-password-csv-row-doubled-quote-comma',
    'service,username,password,rotated\n"billing-db","svc_billing","«{a6},{a4}""{a5}»","2024-11-02"\n"search","svc_search","(vault)","2024-10-19"',
  ],
  [
    'aws-root-password-and-totp-seed-password-manager-csv',
    'url,username,password,totp,extra,name,grouping,fav\nhttps://signin.aws.amazon.com/console,root@acme.io,"«{a8},{a5}!»",«{c32}»,,AWS root,Infra,0',
  ],
  [
    'grafana-admin-password-markdown-table-escaped-pipe',
    '| Service | User | Password |\n|---|---|---|\n| grafana | admin | «{a6}\\|{a6}» |\n| argocd | admin | see vault |',
  ],
  ['twilio-api-secret-markdown-table-columns', '| Name | SID | Secret |\n| --- | --- | --- |\n| sms-prod | SK{h32} | «{a32}» |'],
  ['sendgrid-key-markdown-table-code-cell-no-spaces', '|env|SENDGRID_API_KEY|\n|-|-|\n|prod|`«SG.{B22}.{B43}»`|'],
  [
    'router-password-html-form-value-entities',
    '<form method="post" action="/cgi-bin/login">\n  <input type="text" name="user" value="admin">\n  <input type="password" name="pass" value="«{a5}&quot;{a4}&#39;{a3}&lt;{d2}»">\n</form>',
  ],
  [
    'google-oauth-client-secret-html-hidden-input',
    '<input type="hidden" name="client_id" value="{d12}-{l32}.apps.googleusercontent.com">\n<input type="hidden" name="client_secret" value="«GOCSPX-{B28}»">',
  ],
  [
    'jboss-datasource-password-xml-cdata',
    '<datasource jndi-name="java:jboss/datasources/OrdersDS" pool-name="OrdersDS">\n  <connection-url>jdbc:postgresql://db01:5432/orders</connection-url>\n  <security>\n    <user-name>orders</user-name>\n    <password><![CDATA[«{a6}<&>{a5}]{d2}»]]></password>\n  </security>\n</datasource>',
  ],
  [
    'db-password-json-unicode-escape-bang-hash',
    '{\n  "db": {\n    "host": "pg.acme.internal",\n    "user": "ledger",\n    "password": "«{a6}\\u0021{a5}\\u0023{d2}»"\n  }\n}',
  ],
  [
    'db-password-json-ensure-ascii-non-ascii',
    '{"service": "lager", "db_user": "lager_app", "db_password": "«{a5}\\u00e9{a5}\\u00df{d3}»", "db_host": "10.2.0.7"}',
  ],
  [
    'legacy-password-query-string-plus-spaces',
    'GET https://legacy.acme.io/cgi-bin/login.cgi?user=ops&pass=«{a6}+{a5}+{d3}»&lang=en HTTP/1.1',
  ],
  [
    'oauth-client-secret-form-body-percent-encoded',
    'POST /oauth2/token HTTP/1.1\nHost: auth.acme.io\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=client_credentials&client_id=reporting-svc&client_secret=«{a8}%2B{a6}%2F{a10}%3D»&scope=reports.read',
  ],
  [
    'google-refresh-token-and-client-secret-form-body',
    "curl -s https://oauth2.googleapis.com/token -d 'grant_type=refresh_token&refresh_token=«1//0{B100}»&client_id={d12}-{l32}.apps.googleusercontent.com&client_secret=«GOCSPX-{B28}»'",
  ],
  [
    'password-grant-form-body-encoded-bang',
    'grant_type=password&username=jdoe%40acme.io&password=«{a5}%21{a5}%24{d2}»&client_id=legacy-cli',
  ],
  [
    'jwt-client-assertion-form-body',
    'client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{B200}.{B342}»&grant_type=client_credentials',
  ],
  [
    'basic-auth-header-terminal-wrapped-curl-verbose',
    '> GET /v2/_catalog HTTP/1.1\n> Host: registry.acme.io\n> Authorization: Basic «{b57}\n{b22}=»\n> User-Agent: curl/8.5.0\n> Accept: */*',
  ],
  ['github-pat-log-line-ascii-ellipsis-glued', '[worker-3] INFO  sync: authenticating with «ghp_{a36}»... fetching 214 repositories'],
  ['stripe-live-key-log-line-unicode-ellipsis', 'Connecting to Stripe with «sk_live_{a24}»… ok (acct_{a16})'],
  ['slack-user-token-log-truncated-suffix-text', 'WARN slack: rate limited for token=«xoxp-{d12}-{d12}-{d13}-{h32}»...(retry in 30s)'],
  [
    'slack-user-token-chat-german-quotes',
    'Kannst du den Token „«xoxp-{d12}-{d12}-{d13}-{h32}»“ bitte sofort widerrufen? Der lag im öffentlichen Kanal.',
  ],
  ['sendgrid-key-chat-japanese-corner-brackets', '本番の SendGrid キーは「«SG.{B22}.{B43}»」です。取り扱い注意。'],
  ['admin-password-chat-single-guillemets', 'Le mot de passe admin est ‹«{a8}!{a4}»›, ne le partage pas sur Slack.'],
  ['stripe-restricted-key-chat-curly-single-quotes', 'Use ‘«rk_live_{a99}»’ for the export job, not the full secret key.'],
  ['github-fine-grained-pat-chat-curly-double-quotes-period', 'The new token is “«github_pat_{a22}_{a59}»”.'],
  [
    'stripe-live-key-js-line-comment',
    '// previous key, keep until the migration finishes: «sk_live_{a24}»\nconst stripe = new Stripe(process.env.STRIPE_SECRET_KEY);',
  ],
  [
    'db-password-sql-line-comment',
    '-- manual checks: connect as report_ro / «{a8}#{a4}»\nSELECT count(*) FROM invoices WHERE paid_at IS NULL;',
  ],
  ['admin-password-html-comment', '<!-- staging admin login: ops / «{a10}&{a4}» -->\n<div id="root"></div>'],
  [
    'twilio-auth-token-python-docstring',
    'def send_sms(to: str, body: str) -> None:\n    """Send through Twilio.\n\n    Account: AC{h32}\n    Auth token: «{h32}»\n    """',
  ],
  [
    'azure-storage-key-csharp-block-comment',
    '/* connection for local debugging:\n   DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net */\nvar client = new BlobServiceClient(config["Storage"]);',
  ],
  [
    'github-fine-grained-pat-yaml-folded-block-scalar',
    'release:\n  github:\n    token: >-\n      «github_pat_{a22}_{a59}»\n    draft: true',
  ],
  [
    'github-fine-grained-pat-shell-heredoc',
    "cat > ~/.config/gh/hosts.yml <<'EOF'\ngithub.com:\n    user: dana-ortiz\n    oauth_token: «github_pat_{a22}_{a59}»\n    git_protocol: https\nEOF",
  ],
  [
    'jwt-sentence-final-period',
    'The QA session cookie expired; the one I used was «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI{B40}.{B43}».',
  ],
  ['jwt-python-one-tuple-trailing-comma', 'TOKENS = ("«eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI{B30}.{B43}»",)'],
  ['jwt-prose-parenthesized-followed-by-colon', 'Service token («eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiI{B50}.{B86}»): valid for 24h.'],
  [
    'jwt-json-array-glued-commas',
    '{"tokens":["«eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOi{B30}.{B43}»","«eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOi{B30}.{B43}»"]}',
  ],
  [
    'slack-user-token-curl-form-field',
    'curl -F token=«xoxp-{d12}-{d12}-{d13}-{h32}» -F channels=C{u10} -F file=@report.pdf https://slack.com/api/files.upload',
  ],
  [
    'stripe-restricted-key-stripe-cli-config-toml',
    '[default]\n  device_name = "dana-mbp"\n  live_mode_api_key = "«rk_live_{a99}»"\n  live_mode_pub_key = "pk_live_{a99}"\n  display_name = "Acme Inc."',
  ],
  [
    'sendgrid-key-nodemailer-auth-object',
    "const transport = nodemailer.createTransport({\n  host: 'smtp.sendgrid.net',\n  port: 587,\n  auth: { user: 'apikey', pass: '«SG.{B22}.{B43}»' },\n});",
  ],
  [
    'twilio-api-secret-cli-config-json',
    '{\n  "profiles": {\n    "acme": {\n      "accountSid": "AC{h32}",\n      "apiKey": "SK{h32}",\n      "apiSecret": "«{a32}»"\n    }\n  },\n  "activeProject": "acme"\n}',
  ],
  ['azure-storage-key-bicep-param', "param storageKey string = '«{b86}==»'"],
];
export const BLIND38_NEGATIVES: readonly (readonly [string, string])[] = [
  ['reference', '@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\nalways-auth=true'],
  [
    'reference',
    '<server>\n  <id>acme-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>',
  ],
  ['reference', '<add key="Username" value="az" />\n<add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />'],
  [
    'other',
    'users:\n- name: eks-prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: ["eks", "get-token", "--cluster-name", "prod", "--region", "eu-west-1"]',
  ],
  [
    'public',
    'clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b200}\n    server: https://{H32}.gr7.eu-west-1.eks.amazonaws.com\n  name: prod',
  ],
  ['other', '{\n  "auths": {\n    "https://index.docker.io/v1/": {},\n    "ghcr.io": {}\n  },\n  "credsStore": "desktop"\n}'],
  [
    'stand-in',
    '{\n  "github-oauth": {\n    "github.com": "<token>"\n  },\n  "http-basic": {\n    "repo.packagist.com": {"username": "token", "password": "<password>"}\n  }\n}',
  ],
  ['reference', 'variable "db_password" {\n  type      = string\n  sensitive = true\n}\n\npassword = var.db_password'],
  ['identifier', 'seal "awskms" {\n  region     = "eu-west-1"\n  kms_key_id = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}'],
  ['reference', 'postgres_users:\n  - name: reporting\n    password: "{{ vault_reporting_password }}"\n    role_attr_flags: LOGIN'],
  [
    'other',
    '[Service]\nEnvironmentFile=/etc/acme/app.env\nEnvironment="DB_PASSWORD_FILE=/run/credentials/app.service/db"\nLoadCredential=db:/etc/acme/creds/db',
  ],
  ['other', '15 2 * * * /usr/local/bin/pg-backup.sh --password-file /root/.pgpass > /var/log/pg-backup.log 2>&1'],
  ['reference', 'metrics.acme.io {\n\tbasic_auth {\n\t\tprometheus {env.METRICS_HASH}\n\t}\n\treverse_proxy 10.0.7.3:9090\n}'],
  [
    'other',
    'smtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_security_options = noanonymous\nrelayhost = [smtp.sendgrid.net]:587',
  ],
  ['stand-in', '# requirepass foobared\n# masterauth <master-password>'],
  ['public', 'mongodb://db1.acme.internal:27017,db2.acme.internal:27017/?replicaSet=rs0&readPreference=secondaryPreferred&w=majority'],
  ['identifier', 'bin/elasticsearch-keystore add xpack.security.http.ssl.keystore.secure_password\nbin/elasticsearch-keystore list'],
  [
    'identifier',
    "withCredentials([string(credentialsId: 'sonar-token', variable: 'SONAR_TOKEN')]) {\n    sh './gradlew sonar -Dsonar.token=$SONAR_TOKEN'\n}",
  ],
  [
    'masked',
    '2024-11-03T10:26:17.4419023Z ##[debug]Authorization: token ***\n2024-11-03T10:26:17.4420551Z ##[debug]GET https://api.github.com/repos/acme/infra',
  ],
  ['reference', '- run: echo "::add-mask::${{ steps.mint.outputs.token }}"\n- run: echo "token=${TOKEN}" >> "$GITHUB_OUTPUT"'],
  [
    'other',
    '$pw = Read-Host -AsSecureString -Prompt "Password for svc-report"\n$cred = New-Object PSCredential (\'CORP\\svc-report\', $pw)',
  ],
  ['other', 'STRIPE_API_KEY=  # set in Doppler, not here\nSTRIPE_WEBHOOK_SECRET=\t# same'],
  ['stand-in', 'service,username,password,rotated\n"billing-db","svc_billing","(see 1Password)","2024-11-02"'],
  [
    'identifier',
    '| Variable | Required | Description |\n|---|---|---|\n| `STRIPE_SECRET_KEY` | yes | Secret key from the Stripe dashboard |\n| `SENDGRID_API_KEY` | no | Mail delivery |',
  ],
  ['other', '<input type="password" name="password" id="pw" value="" autocomplete="current-password" minlength="12">'],
  ['other', '{"title": "Caf\\u00e9 \\u0026 Bar", "greeting": "Hallo\\u0021 Sch\\u00f6nen Tag\\u0021"}'],
  ['public', 'https://www.google.com/search?q=redis+acl+setuser+password+syntax&hl=en'],
  ['public', 'GET /authorize?response_type=code&client_id=reporting-web&code_challenge={B43}&code_challenge_method=S256&state={h16}'],
  ['stand-in', 'Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=   # base64 of the literal "username:password"'],
  ['public', 'const stripe = Stripe("pk_live_{a99}");'],
  [
    'stand-in',
    'AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"',
  ],
  ['stand-in', 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  [
    'hash-of-public',
    'class AcmeCli < Formula\n  url "https://github.com/acme/cli/releases/download/v2.4.1/acme-cli-2.4.1.tar.gz"\n  sha256 "{h64}"\nend',
  ],
  ['public', '{"keys":[{"kty":"RSA","kid":"{h16}","use":"sig","alg":"RS256","n":"{B342}","e":"AQAB"}]}'],
  ['identifier', 'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_MESSAGING_SERVICE_SID=MG{h32}'],
];
