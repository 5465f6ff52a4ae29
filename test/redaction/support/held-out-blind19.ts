/** A nineteenth held-out batch: credentials in the places developers paste them that earlier batches did not visit (CI logs, cloud CLIs' output, IaC state, container and orchestrator configs, crash reports, shell history), written blind, every value a template run, scored once before any tuning. */
export const BLIND19_POSITIVES: readonly (readonly [string, string])[] = [
  // --- CI logs where a value leaked unmasked ---
  [
    'gha-log-run-curl-upload-user-colon',
    '2024-05-14T09:12:44.1234567Z ##[group]Run curl -sf -u deploy:«{a14}.{d2}» --upload-file dist/app.tgz https://nexus.acme.io/repository/raw-releases/app/\n2024-05-14T09:12:44.1251190Z shell: /usr/bin/bash -e {0}\n2024-05-14T09:12:44.1252004Z ##[endgroup]',
  ],
  [
    'gha-log-step-env-block-var-not-secret',
    'Run ./scripts/migrate.sh up\n  ./scripts/migrate.sh up\n  shell: /usr/bin/bash -e {0}\n  env:\n    DB_HOST: pg-staging.acme.internal\n    DB_USER: migrator\n    DB_PASSWORD: «{a12}#{d3}»\n    NODE_ENV: staging\nApplying migration 0042_add_invoice_index... ok',
  ],
  [
    'gitlab-job-log-set-x-mysql',
    'section_start:1715677421:step_script\r\u001b[0K\u001b[0K\u001b[36;1mExecuting "step_script" stage of the job script\u001b[0;m\n\u001b[32;1m$ set -x\u001b[0;m\n+ mysql -h mysql.ci.svc -u ci_loader -p«{a11}{d3}» -e \'SOURCE fixtures/seed.sql\' shopdb\nmysql: [Warning] Using a password on the command line interface can be insecure.',
  ],
  [
    'jenkins-console-sh-docker-login',
    '[Pipeline] stage\n[Pipeline] { (Publish)\n[Pipeline] sh\n+ docker login -u jenkins-pub -p «{a18}{d2}» harbor.acme.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n[Pipeline] sh\n+ docker push harbor.acme.io/platform/api:1.14.2',
  ],
  [
    'jenkins-console-derived-basic-header',
    '[Pipeline] withCredentials\nMasking supported pattern matches of $NEXUS_PSW\n[Pipeline] {\n[Pipeline] sh\n+ curl -s -H \'Authorization: Basic «{b40}»\' https://nexus.acme.io/service/rest/v1/status\n{"status":"ok"}',
  ],
  [
    'circleci-step-export-client-secret',
    '#!/bin/bash -eo pipefail\nexport OAUTH_CLIENT_ID=ops-portal\nexport OAUTH_CLIENT_SECRET=«{a40}»\n\nCircleCI received exit code 0',
  ],
  [
    'gha-log-printenv-debug',
    "##[debug]Evaluating condition for step: 'Debug env'\nRun printenv | sort\nCI=true\nGITHUB_ACTIONS=true\nRUNNER_OS=Linux\nSENTRY_AUTH_SECRET=«{h64}»\nSMTP_PASS=«{a14}!{d2}»\nSMTP_USER=alerts@acme.io",
  ],
  // --- cloud CLIs printing credentials ---
  [
    'aws-iam-create-access-key-output',
    '$ aws iam create-access-key --user-name ci-artifacts\n{\n    "AccessKey": {\n        "UserName": "ci-artifacts",\n        "AccessKeyId": "AKIA{U16}",\n        "Status": "Active",\n        "SecretAccessKey": "«{b40}»",\n        "CreateDate": "2024-05-14T09:30:12+00:00"\n    }\n}',
  ],
  [
    'aws-secretsmanager-get-secret-value-output',
    '{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6}",\n    "Name": "prod/orders/db",\n    "VersionId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "SecretString": "{\\"username\\":\\"orders_app\\",\\"password\\":\\"«{a22}»\\",\\"host\\":\\"orders.cluster-{l12}.eu-west-1.rds.amazonaws.com\\"}",\n    "VersionStages": ["AWSCURRENT"]\n}',
  ],
  [
    'aws-ssm-get-parameter-with-decryption',
    '$ aws ssm get-parameter --name /billing/prod/partner-api-secret --with-decryption --query Parameter\n{\n    "Name": "/billing/prod/partner-api-secret",\n    "Type": "SecureString",\n    "Value": "«{a32}»",\n    "Version": 4,\n    "LastModifiedDate": "2024-04-02T11:20:33.120000+02:00"\n}',
  ],
  [
    'gcloud-secrets-versions-access-bare',
    '$ gcloud secrets versions access latest --secret=partner-hmac-key --project=acme-prod\n«{h64}»\n$ ',
  ],
  [
    'az-storage-account-keys-list-output',
    '$ az storage account keys list -g rg-data -n acmedatalake -o json\n[\n  {\n    "creationTime": "2024-03-01T08:12:44.557366+00:00",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "«{b86}==»"\n  }\n]',
  ],
  [
    'az-acr-credential-show-output',
    '{\n  "passwords": [\n    {\n      "name": "password",\n      "value": "«{a52}»"\n    },\n    {\n      "name": "password2",\n      "value": "«{a52}»"\n    }\n  ],\n  "username": "acmeplatform"\n}',
  ],
  [
    'az-keyvault-secret-show-output',
    '$ az keyvault secret show --vault-name kv-acme-prod --name sql-admin-password\n{\n  "attributes": {\n    "enabled": true,\n    "recoveryLevel": "Recoverable+Purgeable"\n  },\n  "contentType": null,\n  "id": "https://kv-acme-prod.vault.azure.net/secrets/sql-admin-password/{h32}",\n  "value": "«{a16}%{d2}{U2}»"\n}',
  ],
  [
    'az-login-service-principal-history',
    'az login --service-principal -u {h8}-{h4}-{h4}-{h4}-{h12} -p «{a3}8Q~{B34}» --tenant {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'doctl-databases-connection-uri',
    '$ doctl databases connection {h8}-{h4}-{h4}-{h4}-{h12} --format URI --no-header\npostgresql://doadmin:«AVNS_{a22}»@db-postgresql-fra1-{d5}-do-user-{d7}-0.b.db.ondigitalocean.com:25060/defaultdb?sslmode=require',
  ],
  [
    'heroku-config-get-database-url',
    '$ heroku config:get DATABASE_URL -a acme-api-prod\npostgres://u{l13}:«p{h64}»@c{l10}.cluster-{l12}.us-east-1.rds.amazonaws.com:5432/d{l13}',
  ],
  ['heroku-config-set-history', 'heroku config:set SECRET_KEY_BASE=«{h128}» RAILS_MASTER_KEY=«{h32}» -a acme-dashboard'],
  [
    'flyctl-postgres-create-output',
    "Postgres cluster acme-pg created\n  Username:    postgres\n  Password:    «{a16}»\n  Hostname:    acme-pg.internal\n  Flycast:     fdaa:2:{h4}:0:1::5\n  Proxy port:  5432\n  Postgres port:  5433\nSave your credentials in a secure place -- you won't be able to see them again!",
  ],
  ['flyctl-secrets-set-history', "flyctl secrets set SMTP_PASSWORD='«{a14}!{d2}»' OAUTH_CLIENT_SECRET=«{a40}» -a acme-web"],
  ['netlify-env-get-output', '$ netlify env:get SESSION_SECRET --context production\n«{a48}»'],
  ['vercel-env-add-pipe', "printf '%s' '«{a40}»' | vercel env add PARTNER_API_SECRET production"],
  [
    'wrangler-toml-vars-secret',
    'name = "edge-api"\nmain = "src/index.ts"\ncompatibility_date = "2024-05-01"\n\n[vars]\nUPSTREAM_URL = "https://origin.acme.io"\nUPSTREAM_SIGNING_SECRET = "«{h64}»"',
  ],
  [
    'supabase-status-s3-keys',
    '$ supabase status\n         API URL: http://127.0.0.1:54321\n     GraphQL URL: http://127.0.0.1:54321/graphql/v1\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n   S3 Access Key: {h32}\n   S3 Secret Key: «{h64}»\n       S3 Region: local',
  ],
  [
    'firebase-functions-config-get-output',
    '$ firebase functions:config:get\n{\n  "mailer": {\n    "user": "noreply@acme.io",\n    "pass": "«{a16}»"\n  },\n  "partner": {\n    "api_key": "«{h40}»"\n  }\n}',
  ],
  ['gh-secret-set-body-history', 'gh secret set DEPLOY_API_TOKEN --repo acme/web --body "«{a40}»"'],
  [
    'kubectl-get-secret-base64-decode-output',
    '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d; echo\n«{a16}»',
  ],
  // --- Terraform, Pulumi, Ansible ---
  [
    'tfstate-random-password-result',
    '{\n  "mode": "managed",\n  "type": "random_password",\n  "name": "grafana_admin",\n  "provider": "provider[\\"registry.terraform.io/hashicorp/random\\"]",\n  "instances": [\n    {\n      "schema_version": 3,\n      "attributes": {\n        "bcrypt_hash": "«$2a$10${p53}»",\n        "id": "none",\n        "length": 24,\n        "result": "«{a24}»",\n        "special": false\n      }\n    }\n  ]\n}',
  ],
  [
    'tfstate-outputs-sensitive-value',
    '{\n  "version": 4,\n  "terraform_version": "1.8.3",\n  "serial": 57,\n  "lineage": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "outputs": {\n    "redis_auth_token": {\n      "value": "«{a40}»",\n      "type": "string",\n      "sensitive": true\n    }\n  },',
  ],
  [
    'tfstate-tls-private-key-pem',
    '"attributes": {\n  "algorithm": "RSA",\n  "id": "{h40}",\n  "private_key_pem": "-----BEGIN RSA PRIVATE KEY-----\\n«MIIEowIBAAKCAQEA{b48}»\\n«{b64}»\\n«{b64}»\\n«{b64}»\\n«{b40}»\\n-----END RSA PRIVATE KEY-----\\n",\n  "rsa_bits": 2048\n}',
  ],
  [
    'terraform-plan-helm-set-value',
    '  # helm_release.grafana will be created\n  + resource "helm_release" "grafana" {\n      + chart     = "grafana"\n      + name      = "grafana"\n      + namespace = "monitoring"\n\n      + set {\n          + name  = "adminPassword"\n          + value = "«{a18}»"\n        }\n    }',
  ],
  [
    'terraform-plan-lambda-env-change',
    '  # aws_lambda_function.webhook will be updated in-place\n  ~ resource "aws_lambda_function" "webhook" {\n        id   = "partner-webhook"\n      ~ environment {\n          ~ variables = {\n              ~ "PARTNER_API_TOKEN" = "«{a32}»" -> "«{a32}»"\n                "STAGE"             = "prod"\n            }\n        }\n    }',
  ],
  [
    'terraform-tfvars-json',
    '{\n  "region": "eu-central-1",\n  "cluster_name": "platform-prod",\n  "grafana_admin_password": "«{a14}^{d3}»",\n  "pagerduty_integration_key": "«{h32}»"\n}',
  ],
  [
    'pulumi-stack-output-show-secrets',
    '$ pulumi stack output --show-secrets\nCurrent stack outputs (3):\n    OUTPUT           VALUE\n    apiEndpoint      https://api.acme.io\n    dbPassword       «{a20}»\n    kubeconfigPath   ./kubeconfig-prod.yaml',
  ],
  [
    'pulumi-stack-export-plaintext-secret',
    '"outputs": {\n  "connectionSecret": {\n    "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",\n    "plaintext": "\\"«{a28}»\\""\n  },\n  "bucketName": "acme-assets-{l8}"\n}',
  ],
  [
    'ansible-vault-view-output',
    '$ ansible-vault view group_vars/prod/vault.yml\nVault password: \n---\nvault_db_password: «{a16}!{d2}»\nvault_smtp_password: "«{a14}{d3}»"\nvault_api_client_secret: «{a40}»',
  ],
  [
    'ansible-inventory-list-json',
    '$ ansible-inventory -i inventories/prod --list\n{\n    "_meta": {\n        "hostvars": {\n            "win-app01": {\n                "ansible_connection": "winrm",\n                "ansible_user": "svc_ansible",\n                "ansible_password": "«{a13}@{d2}»",\n                "ansible_winrm_transport": "ntlm"\n            }\n        }\n    }\n}',
  ],
  [
    'ansible-vvv-module-args-leak',
    'ok: [db01] => {\n    "changed": false,\n    "invocation": {\n        "module_args": {\n            "login_host": "localhost",\n            "login_password": "«{a15}{d2}»",\n            "login_user": "root",\n            "name": "orders"\n        }\n    }\n}',
  ],
  [
    'ansible-playbook-extra-vars-history',
    'ansible-playbook -i prod site.yml --tags db -e "db_root_password=«{a14}{d2}» replication_password=«{a16}»"',
  ],
  [
    'ansible-vault-password-file-echo-history',
    "echo '«{a20}{d2}»' > ~/.vault_pass && chmod 600 ~/.vault_pass\nansible-vault decrypt --vault-password-file ~/.vault_pass group_vars/all/vault.yml",
  ],
  // --- Kubernetes ---
  [
    'kubeconfig-legacy-basic-auth-user',
    'users:\n- name: onprem-legacy-admin\n  user:\n    username: admin\n    password: «{a16}{d2}»\ncontexts:\n- context:\n    cluster: onprem-legacy\n    user: onprem-legacy-admin\n  name: onprem-legacy',
  ],
  [
    'kubeconfig-oidc-login-client-secret-arg',
    'users:\n- name: oidc\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: kubectl\n      args:\n      - oidc-login\n      - get-token\n      - --oidc-issuer-url=https://sso.acme.io/realms/platform\n      - --oidc-client-id=kubernetes\n      - --oidc-client-secret=«{a32}»',
  ],
  [
    'kubeconfig-static-user-token',
    'users:\n- name: ci-deployer\n  user:\n    token: «{a64}»\n- name: readonly\n  user:\n    exec:\n      command: aws',
  ],
  [
    'helm-values-harbor-admin-and-secret-key',
    'expose:\n  type: ingress\n  tls:\n    enabled: true\nexternalURL: https://harbor.acme.io\nharborAdminPassword: "«{a14}{d2}»"\nsecretKey: "«{a16}»"\ndatabase:\n  type: external\n  external:\n    host: pg.acme.internal\n    username: harbor\n    password: "«{a20}»"',
  ],
  [
    'argocd-repository-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: gitops-repo\n  namespace: argocd\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: git\n  url: https://git.acme.io/platform/gitops.git\n  username: argocd\n  password: «{a24}»',
  ],
  [
    'argocd-cluster-secret-bearer-config',
    'stringData:\n  name: edge-eu\n  server: https://10.40.0.10:6443\n  config: |\n    {\n      "bearerToken": "«{a48}»",\n      "tlsClientConfig": {\n        "insecure": false\n      }\n    }',
  ],
  [
    'external-secrets-webhook-store-inline-header',
    'apiVersion: external-secrets.io/v1beta1\nkind: ClusterSecretStore\nmetadata:\n  name: legacy-config-api\nspec:\n  provider:\n    webhook:\n      url: "https://config.acme.internal/api/v1/secrets/{{ .remoteRef.key }}"\n      headers:\n        Authorization: "Bearer «{B43}»"\n      result:\n        jsonPath: "$.value"',
  ],
  [
    'k8s-deployment-env-literal-value',
    'containers:\n  - name: mailer\n    image: registry.acme.io/mailer:3.2.0\n    env:\n      - name: SMTP_HOST\n        value: smtp.acme.io\n      - name: SMTP_PASSWORD\n        value: "«{a14}_{d3}»"\n      - name: SMTP_USER\n        value: mailer@acme.io',
  ],
  [
    'k8s-secret-data-base64-value',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: reporting-db\ntype: Opaque\ndata:\n  username: cmVwb3J0aW5n\n  password: «{b30}==»',
  ],
  [
    'kubectl-create-secret-docker-registry-history',
    'kubectl -n ci create secret docker-registry regcred --docker-server=harbor.acme.io --docker-username=robot$ci --docker-password=«{a32}»',
  ],
  // --- Docker and container runtimes ---
  [
    'compose-environment-mapping-broker-passwords',
    'services:\n  rabbitmq:\n    image: rabbitmq:3.13-management\n    environment:\n      RABBITMQ_DEFAULT_USER: orders\n      RABBITMQ_DEFAULT_PASS: «{a18}»\n  minio:\n    image: minio/minio\n    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: «{a24}»',
  ],
  [
    'containerd-config-toml-registry-auth',
    '[plugins."io.containerd.grpc.v1.cri".registry.configs."harbor.acme.io".auth]\n  username = "robot$k8s-pull"\n  password = "«{a32}»"',
  ],
  [
    'k3s-registries-yaml-auth',
    'mirrors:\n  docker.io:\n    endpoint:\n      - "https://mirror.acme.io"\nconfigs:\n  "mirror.acme.io":\n    auth:\n      username: k3s-pull\n      password: «{a20}{d2}»',
  ],
  ['podman-auth-json', '{\n\t"auths": {\n\t\t"quay.acme.io": {\n\t\t\t"auth": "«{b56}»"\n\t\t}\n\t}\n}'],
  ['docker-secret-create-printf', "printf '«{a18}{d2}»' | docker secret create pg_replication_password -"],
  // --- crash reports and stack traces ---
  [
    'go-panic-struct-plus-v',
    'panic: redis: dial tcp 10.0.8.4:6379: i/o timeout (opts={Addr:10.0.8.4:6379 Username:default Password:«{a20}» DB:2 MaxRetries:3})\n\ngoroutine 1 [running]:\nmain.mustRedis(...)\n\t/src/cmd/worker/main.go:58 +0x1c5',
  ],
  [
    'rust-panic-unwrap-debug-config',
    'thread \'main\' panicked at src/main.rs:42:10:\ncalled `Result::unwrap()` on an `Err` value: Config { listen: "0.0.0.0:8080", upstream_api_key: "«{h40}»", timeout_ms: 3000 }\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
  ],
  [
    'php-fatal-trace-pdo-args',
    "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/shop/src/Db.php:31\nStack trace:\n#0 /var/www/shop/src/Db.php(31): PDO->__construct('mysql:host=db;d...', 'shop_rw', '«{a12}!{d2}»', Array)\n#1 /var/www/shop/public/index.php(12): Shop\\Db::connect()\n#2 {main}",
  ],
  [
    'ruby-smtp-error-settings-inspect',
    'Net::SMTPAuthenticationError (535 5.7.8 Authentication failed):\n  app/mailers/application_mailer.rb:9 settings={:address=>"smtp.acme.io", :port=>587, :user_name=>"postmaster@acme.io", :password=>"«{a16}»", :authentication=>:login}',
  ],
  [
    'java-stacktrace-datasource-url-password',
    "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource'\nCaused by: java.sql.SQLException: Access denied (url=jdbc:mysql://mysql.acme.internal:3306/crm?user=crm_app&password=«{a14}{d2}»&useSSL=true)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n\tat com.zaxxer.hikari.pool.PoolBase.newConnection(PoolBase.java:364)",
  ],
  [
    'dotnet-exception-connection-string',
    "Unhandled exception. System.InvalidOperationException: Failed to open connection\n ---> Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'billing'.\n   ConnectionString: Server=tcp:sql-billing.acme.internal,1433;Database=Billing;User Id=billing;Password=«{a14}!{d2}»;Encrypt=True\n   at Acme.Billing.Program.Main(String[] args) in /src/Program.cs:line 27",
  ],
  [
    'sentry-event-extra-settings',
    '{\n  "event_id": "{h32}",\n  "level": "error",\n  "exception": {"values": [{"type": "SMTPAuthenticationError", "value": "(535, b\'5.7.8 Username and Password not accepted\')"}]},\n  "extra": {\n    "email_settings": {"host": "smtp.acme.io", "user": "alerts@acme.io", "password": "«{a16}»"}\n  }\n}',
  ],
  [
    'node-crash-config-object-dump',
    "Error: connect ECONNREFUSED 10.0.5.2:5672\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n  errno: -111,\n  code: 'ECONNREFUSED',\n  config: { hostname: '10.0.5.2', username: 'events', password: '«{a20}»', vhost: '/events' }\n}",
  ],
  // --- HTTP request dumps ---
  [
    'curl-verbose-basic-header-out',
    "* Connected to login.acme.io (203.0.113.20) port 443\n* Server auth using Basic with user 'svc-reports'\n> POST /oauth/token HTTP/2\n> Host: login.acme.io\n> authorization: Basic «{b44}»\n> user-agent: curl/8.5.0\n> content-type: application/x-www-form-urlencoded\n> \n< HTTP/2 200",
  ],
  [
    'raw-http-password-grant-body',
    'POST /realms/acme/protocol/openid-connect/token HTTP/1.1\nHost: sso.acme.io\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 151\n\ngrant_type=password&client_id=cli-tools&client_secret=«{a32}»&username=ops.bot&password=«{a12}{d3}»',
  ],
  [
    'har-postdata-json-login',
    '"request": {\n  "method": "POST",\n  "url": "https://portal.acme.io/api/auth/login",\n  "postData": {\n    "mimeType": "application/json",\n    "text": "{\\"email\\":\\"j.doe@acme.io\\",\\"password\\":\\"«{a12}!{d2}»\\",\\"remember\\":true}"\n  }\n}',
  ],
  [
    'har-response-set-cookie-refresh',
    '"response": {\n  "status": 200,\n  "headers": [\n    { "name": "content-type", "value": "application/json" },\n    { "name": "set-cookie", "value": "refresh_token=«{B64}»; Path=/auth; HttpOnly; Secure; SameSite=Strict" }\n  ]\n}',
  ],
  [
    'httpie-verbose-request-api-key',
    '$ http -v GET https://api.acme-logistics.io/v2/shipments X-API-Key:$SHIPMENTS_KEY\nGET /v2/shipments HTTP/1.1\nAccept: */*\nAccept-Encoding: gzip, deflate\nHost: api.acme-logistics.io\nUser-Agent: HTTPie/3.2.2\nX-API-Key: «{a32}»',
  ],
  [
    'smtp-session-auth-login-dump',
    '220 mail.acme.io ESMTP Postfix\nEHLO build01\n250-AUTH PLAIN LOGIN\n250 8BITMIME\nAUTH LOGIN\n334 VXNlcm5hbWU6\nYWxlcnRzQGFjbWUuaW8=\n334 UGFzc3dvcmQ6\n«{b22}==»\n235 2.7.0 Authentication successful',
  ],
  [
    'go-dumprequestout-cookie',
    'GET /admin/api/users HTTP/1.1\r\nHost: admin.acme.io\r\nUser-Agent: Go-http-client/1.1\r\nCookie: admin_session=«{h64}»\r\nAccept-Encoding: gzip\r\n\r\n',
  ],
  // --- shell history ---
  [
    'bash-history-mysql-long-password-flag',
    "cd /srv/backups\nls -lh\nmysql -h 10.0.3.7 -u root --password='«{a14}%{d2}»' shop < shop-2024-05-13.sql\nhistory | tail",
  ],
  ['bash-history-sshpass-env', "SSHPASS='«{a12}{d2}»' sshpass -e rsync -az ./dist/ deploy@10.0.4.20:/var/www/app/"],
  ['bash-history-ncftpput', 'ncftpput -u uploader -p «{a12}{d3}» ftp.acme-partner.com /incoming ./exports/orders-20240514.csv'],
  ['bash-history-smbmap', "smbmap -H 10.10.20.5 -d CORP -u svc_backup -p '«{a14}{d2}»' -R 'Finance$'"],
  ['bash-history-openssl-enc-k', "openssl enc -aes-256-cbc -salt -pbkdf2 -in db.sql -out db.sql.enc -k '«{a20}»'"],
  ['bash-history-zip-uppercase-p', 'zip -r -P «{a14}{d2}» payroll-export.zip exports/payroll/'],
  ['bash-history-vault-kv-put', 'vault kv put secret/apps/billing db_password=«{a20}» stripe_webhook_secret=«whsec_{a32}»'],
  ['bash-history-mysqladmin-change', "mysqladmin -u root -p'«{a12}{d2}»' password '«{a14}{d3}»'"],
  ['bash-history-rsync-password-env', 'RSYNC_PASSWORD=«{a16}» rsync -av rsync://backup@nas01.lan/photos/ /mnt/photos/'],
  ['bash-history-useradd-openssl-passwd', 'sudo useradd -m -p "$(openssl passwd -6 \'«{a14}{d2}»\')" -s /bin/bash jenkins'],
  ['powershell-history-net-user-add', 'net user svc_backup «{a13}{d2}!» /add /y\nnet localgroup "Backup Operators" svc_backup /add'],
  // --- IDE and editor configs ---
  [
    'vscode-settings-sqltools-connection',
    '{\n  "editor.formatOnSave": true,\n  "sqltools.connections": [\n    {\n      "name": "orders-prod",\n      "driver": "PostgreSQL",\n      "server": "orders.cluster-{l12}.eu-west-1.rds.amazonaws.com",\n      "port": 5432,\n      "database": "orders",\n      "username": "orders_ro",\n      "password": "«{a16}{d2}»"\n    }\n  ]\n}',
  ],
  [
    'vscode-settings-rest-client-env',
    '"rest-client.environmentVariables": {\n  "$shared": { "version": "v2" },\n  "staging": { "baseUrl": "https://staging-api.acme.io", "token": "«{B40}»" },\n  "prod": { "baseUrl": "https://api.acme.io", "token": "«{B40}»" }\n}',
  ],
  [
    'vscode-launch-json-env',
    '{\n  "version": "0.2.0",\n  "configurations": [\n    {\n      "type": "node",\n      "request": "launch",\n      "name": "API",\n      "program": "${workspaceFolder}/src/server.ts",\n      "env": { "JWT_SIGNING_SECRET": "«{a48}»", "PORT": "3000" }\n    }\n  ]\n}',
  ],
  [
    'jetbrains-workspace-run-config-env',
    '<configuration name="ApiApplication" type="SpringBootApplicationConfigurationType">\n  <module name="api" />\n  <envs>\n    <env name="SPRING_PROFILES_ACTIVE" value="local" />\n    <env name="SPRING_DATASOURCE_PASSWORD" value="«{a16}{d2}»" />\n  </envs>\n</configuration>',
  ],
  [
    'jetbrains-datasources-jdbc-url-password',
    '<data-source source="LOCAL" name="crm@prod" uuid="{h8}-{h4}-{h4}-{h4}-{h12}">\n  <driver-ref>postgresql</driver-ref>\n  <jdbc-driver>org.postgresql.Driver</jdbc-driver>\n  <jdbc-url>jdbc:postgresql://crm-db.acme.internal:5432/crm?user=crm_ro&amp;password=«{a16}»</jdbc-url>\n</data-source>',
  ],
  [
    'sublime-sftp-config-json',
    '{\n    "type": "sftp",\n    "upload_on_save": true,\n    "host": "web01.acme-hosting.net",\n    "user": "acmesite",\n    "password": "«{a12}{d2}»",\n    "remote_path": "/home/acmesite/public_html/"\n}',
  ],
  // --- app and server configs ---
  [
    'grafana-ini-database-triple-quoted',
    '[database]\ntype = postgres\nhost = pg.acme.internal:5432\nname = grafana\nuser = grafana\npassword = """«{a14}#{d2};»"""',
  ],
  [
    'jenkins-script-console-credentials-dump',
    'Result:\nid=nexus-deploy  username=deploy  password=«{a16}{d2}»\nid=github-app  username=acme-ci  password=«{a20}»\nid=prod-ssh  username=ubuntu  password=null',
  ],
  ['nexus-admin-password-file', '$ docker exec nexus cat /nexus-data/admin.password\n«{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'sonarqube-properties-jdbc',
    'sonar.jdbc.username=sonar\nsonar.jdbc.password=«{a18}»\nsonar.jdbc.url=jdbc:postgresql://pg.acme.internal/sonarqube\nsonar.web.port=9000',
  ],
  [
    'airflow-connections-add-conn-password',
    "airflow connections add 'partner_sftp' --conn-type sftp --conn-host sftp.partner.io --conn-login acme --conn-password '«{a16}{d2}»' --conn-port 22",
  ],
  [
    'superset-config-py',
    'SECRET_KEY = "«{b42}»"\nSQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://superset:«{a16}»@pg.acme.internal:5432/superset"\nFEATURE_FLAGS = {"ALERT_REPORTS": True}',
  ],
  [
    'metabase-env-file',
    'MB_DB_TYPE=postgres\nMB_DB_DBNAME=metabase\nMB_DB_HOST=pg.acme.internal\nMB_DB_USER=metabase\nMB_DB_PASS=«{a20}»\nMB_ENCRYPTION_SECRET_KEY=«{b44}»',
  ],
  [
    'n8n-export-credentials-decrypted',
    '[\n  {\n    "id": "{a16}",\n    "name": "Postgres prod",\n    "type": "postgres",\n    "data": {\n      "host": "pg.acme.internal",\n      "database": "crm",\n      "user": "n8n",\n      "password": "«{a18}»",\n      "port": 5432\n    }\n  }\n]',
  ],
  [
    'home-assistant-secrets-yaml',
    '# Use this file to store secrets like usernames and passwords.\nhome_latitude: 52.3731\nmqtt_username: homeassistant\nmqtt_password: «{a18}»\nunifi_password: "«{a14}{d2}»"',
  ],
  [
    'nextcloud-config-php',
    "<?php\n$CONFIG = array (\n  'instanceid' => 'oc{l10}',\n  'passwordsalt' => '«{a30}»',\n  'secret' => '«{a48}»',\n  'dbtype' => 'pgsql',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '«{a30}»',\n);",
  ],
  [
    'gitea-app-ini-secrets',
    '[database]\nDB_TYPE = postgres\nHOST = pg.acme.internal:5432\nNAME = gitea\nUSER = gitea\nPASSWD = `«{a18}»`\n\n[security]\nINSTALL_LOCK = true\nSECRET_KEY = «{a64}»\nINTERNAL_TOKEN = «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B30}.{B43}»',
  ],
  [
    'mattermost-config-json',
    '"SqlSettings": {\n    "DriverName": "postgres",\n    "DataSource": "postgres://mmuser:«{a18}»@pg.acme.internal:5432/mattermost?sslmode=require&connect_timeout=10",\n    "AtRestEncryptKey": "«{a32}»"\n},\n"EmailSettings": {\n    "SMTPUsername": "mattermost@acme.io",\n    "SMTPPassword": "«{a16}»"\n}',
  ],
  [
    'keycloak-conf-db-password',
    '# /opt/keycloak/conf/keycloak.conf\ndb=postgres\ndb-username=keycloak\ndb-password=«{a20}»\ndb-url=jdbc:postgresql://pg.acme.internal/keycloak\nhostname=sso.acme.io',
  ],
  [
    'vault-hcl-mysql-storage-password',
    'storage "mysql" {\n  address  = "mysql.acme.internal:3306"\n  username = "vault"\n  password = "«{a20}»"\n  database = "vault"\n}\n\nlistener "tcp" {\n  address = "0.0.0.0:8200"\n}',
  ],
  [
    'consul-hcl-gossip-key-and-agent-token',
    'datacenter = "eu-west"\nencrypt = "«{b43}=»"\nacl {\n  enabled = true\n  default_policy = "deny"\n  tokens {\n    agent = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n  }\n}',
  ],
  [
    'rabbitmq-conf-ssl-key-password',
    'listeners.ssl.default = 5671\nssl_options.cacertfile = /etc/rabbitmq/ca.pem\nssl_options.certfile   = /etc/rabbitmq/server.pem\nssl_options.keyfile    = /etc/rabbitmq/server.key\nssl_options.password   = «{a20}»',
  ],
  [
    'elasticsearch-yml-ldap-bind-password',
    'xpack.security.authc.realms.ldap.corp:\n  order: 0\n  url: "ldaps://ldap.acme.io:636"\n  bind_dn: "cn=es-bind,ou=svc,dc=acme,dc=io"\n  bind_password: «{a16}{d2}»\n  user_search.base_dn: "ou=people,dc=acme,dc=io"',
  ],
  [
    'prometheus-remote-write-basic-auth',
    'remote_write:\n  - url: https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\n    basic_auth:\n      username: "{d7}"\n      password: «{a48}»',
  ],
  [
    'alertmanager-webhook-authorization-credentials',
    'receivers:\n  - name: ops-webhook\n    webhook_configs:\n      - url: https://hooks.acme.io/alertmanager\n        http_config:\n          authorization:\n            type: Bearer\n            credentials: «{a40}»\n  - name: oncall\n    opsgenie_configs:\n      - api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  // --- chat prose, several languages ---
  ['chat-staging-db-password-plain', 'fyi the staging db password is «{a12}{d2}!» (user is app_staging), I will rotate it after the demo'],
  ['chat-use-this-token-partner', 'use this token for the partner sandbox until they issue ours: «{a40}»'],
  ['chat-grafana-creds-slash', '@dana creds for grafana.acme.io are admin / «{a14}{d2}» — please change them after you log in'],
  ['chat-chinese-staging-db', 'staging 数据库密码是 «{a12}{d3}»，用户名 app_rw，别发到大群里'],
  ['chat-polish-ftp', 'hasło do FTP klienta to «{a11}{d2}#», login: acme_upload'],
  ['chat-korean-root', 'staging 서버 root 비번 «{a13}{d2}» 입니다. 오늘 저녁에 바꿀게요'],
  ['chat-turkish-redis', "prod'daki redis şifresi «{a16}», kimseyle paylaşma lütfen"],
  ['chat-hinglish-jenkins-token', 'jenkins ka API token ye hai «{h34}» — kal rotate kar denge'],
  ['chat-dutch-vpn', 'het wachtwoord voor de VPN-gebruiker ops is «{a12}{d2}», zet het in de kluis aub'],
  ['chat-vietnamese-mail', 'mật khẩu email noreply@acme.vn là «{a12}{d2}@», đừng chia sẻ nhé'],
];

export const BLIND19_NEGATIVES: readonly (readonly [string, string])[] = [
  // --- CI logs with masked values and build noise ---
  [
    'ci-masked',
    'Run ./scripts/migrate.sh up\n  ./scripts/migrate.sh up\n  shell: /usr/bin/bash -e {0}\n  env:\n    DB_HOST: pg-staging.acme.internal\n    DB_USER: migrator\n    DB_PASSWORD: ***\nApplying migration 0042_add_invoice_index... ok',
  ],
  ['ci-masked', '$ curl --fail -H "PRIVATE-TOKEN: [MASKED]" "$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases"'],
  [
    'ci-masked',
    '[Pipeline] sh\n+ docker login -u jenkins-pub -p **** harbor.acme.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded',
  ],
  [
    'ci-masked',
    '#!/bin/bash -eo pipefail\necho "export OAUTH_CLIENT_SECRET=********************" >> "$BASH_ENV"\n\nCircleCI received exit code 0',
  ],
  [
    'ci-log',
    'Running with gitlab-runner 16.11.0 (91a27b2a)\n  on acme-k8s-runner {a8}, system ID: r_{a12}\nUsing Kubernetes executor with image node:20-alpine ...\nFetching changes with git depth set to 20...\nChecking out {h8} as detached HEAD (ref is main)...',
  ],
  [
    'ci-log',
    "GITHUB_TOKEN Permissions\n  Contents: read\n  Metadata: read\nSecret source: Actions\nPrepare workflow directory\nDownload action repository 'actions/checkout@v4' (SHA:{h40})",
  ],
  [
    'ci-log',
    '#12 exporting to image\n#12 writing image sha256:{h64} done\n#12 naming to harbor.acme.io/platform/api:1.14.2 done\n#12 DONE 0.4s',
  ],
  ['ci-log', '$ echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY"\nLogin Succeeded'],
  // --- cloud CLI output without secrets ---
  [
    'cloud-cli',
    '$ aws sts get-caller-identity\n{\n    "UserId": "AROA{U17}:botocore-session-{d10}",\n    "Account": "{d12}",\n    "Arn": "arn:aws:sts::{d12}:assumed-role/PlatformAdmin/botocore-session-{d10}"\n}',
  ],
  [
    'cloud-cli',
    '{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6}",\n    "Name": "prod/orders/db",\n    "RotationEnabled": true,\n    "RotationLambdaARN": "arn:aws:lambda:eu-west-1:{d12}:function:SecretsManagerRotation",\n    "LastRotatedDate": "2024-05-01T00:00:11+00:00"\n}',
  ],
  [
    'cloud-cli',
    '$ gcloud secrets list --project=acme-prod\nNAME               CREATED              REPLICATION_POLICY  LOCATIONS\npartner-hmac-key   2024-02-11T10:21:04  automatic           -\nsmtp-password      2023-11-30T08:02:55  automatic           -',
  ],
  [
    'cloud-cli',
    '[\n  {\n    "attributes": { "enabled": true, "updated": "2024-05-02T09:11:40+00:00" },\n    "id": "https://kv-acme-prod.vault.azure.net/secrets/sql-admin-password",\n    "managed": null,\n    "name": "sql-admin-password"\n  }\n]',
  ],
  [
    'cloud-cli',
    '$ vercel env ls\n > Environment Variables found for acme/web [312ms]\n name                  value       environments    created\n PARTNER_API_SECRET    Encrypted   Production      3d ago\n NEXT_PUBLIC_API_URL   Encrypted   All             14d ago',
  ],
  [
    'cloud-cli',
    '$ npx wrangler secret list --env production\n[\n  { "name": "INTERNAL_API_TOKEN", "type": "secret_text" },\n  { "name": "UPSTREAM_SIGNING_SECRET", "type": "secret_text" }\n]',
  ],
  [
    'digest',
    '$ supabase secrets list\n  NAME                    | DIGEST\n  ------------------------|------------------------------------------------------------------\n  WEBHOOK_SIGNING_SECRET  | {h64}\n  RESEND_API_KEY          | {h64}',
  ],
  [
    'digest',
    '$ fly secrets list -a acme-web\nNAME                 DIGEST            CREATED AT\nOAUTH_CLIENT_SECRET  {h16}  2024-05-13T10:02:11Z\nSMTP_PASSWORD        {h16}  2024-05-13T10:02:11Z',
  ],
  ['masked', '$ firebase functions:config:get\n{\n  "mailer": {\n    "user": "noreply@acme.io",\n    "pass": "<redacted>"\n  }\n}'],
  [
    'resource-id',
    '$ doctl databases list\nID                                      Name             Engine    Version    Number of Nodes    Region    Status    Size\n{h8}-{h4}-{h4}-{h4}-{h12}    db-postgresql    pg        16         1                  fra1      online    db-s-1vcpu-1gb',
  ],
  [
    'cloud-cli',
    '$ heroku addons -a acme-api-prod\nAdd-on                                       Plan       Price\nheroku-postgresql (postgresql-{L6}-{d5})   standard-0 $50/month\n └─ as DATABASE',
  ],
  [
    'resource-id',
    '{\n    "KeyMetadata": {\n        "AWSAccountId": "{d12}",\n        "KeyId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n        "Arn": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}",\n        "KeyState": "Enabled",\n        "KeyUsage": "ENCRYPT_DECRYPT"\n    }\n}',
  ],
  // --- IaC with nothing secret ---
  [
    'sensitive',
    '  # aws_db_instance.orders will be created\n  + resource "aws_db_instance" "orders" {\n      + engine            = "postgres"\n      + username          = "orders_admin"\n      + password          = (sensitive value)\n      + allocated_storage = 100\n    }',
  ],
  [
    'sensitive',
    '$ terraform output\ndb_endpoint = "orders.cluster-{l12}.eu-west-1.rds.amazonaws.com"\ndb_password = <sensitive>\nredis_auth_token = <sensitive>',
  ],
  [
    'tfstate',
    '{\n  "version": 4,\n  "terraform_version": "1.8.3",\n  "serial": 57,\n  "lineage": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "outputs": {\n    "bucket_arn": {\n      "value": "arn:aws:s3:::acme-assets-prod",\n      "type": "string"\n    }\n  },',
  ],
  [
    'tfstate',
    '"attributes": {\n  "id": "sg-{h17}",\n  "arn": "arn:aws:ec2:eu-west-1:{d12}:security-group/sg-{h17}",\n  "vpc_id": "vpc-{h17}"\n},\n"sensitive_attributes": [\n  [{ "type": "get_attr", "value": "password" }]\n],\n"private": "bnVsbA=="',
  ],
  [
    'pulumi',
    '$ pulumi stack output\nCurrent stack outputs (3):\n    OUTPUT           VALUE\n    apiEndpoint      https://api.acme.io\n    dbPassword       [secret]\n    kubeconfigPath   ./kubeconfig-prod.yaml',
  ],
  [
    'ansible',
    'ok: [db01] => {\n    "censored": "the output has been hidden due to the fact that \'no_log: true\' was specified for this result",\n    "changed": false\n}',
  ],
  ['reference', 'win-app01:\n  ansible_connection: winrm\n  ansible_user: svc_ansible\n  ansible_password: "{{ vault_win_password }}"'],
  [
    'reference',
    'ansible-vault view --vault-password-file ~/.vault_pass group_vars/prod/vault.yml\nansible-playbook -i prod site.yml --ask-vault-pass',
  ],
  // --- Kubernetes and containers ---
  [
    'reference',
    'env:\n  - name: SMTP_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: mailer-smtp\n        key: password\n  - name: SMTP_HOST\n    value: smtp.acme.io',
  ],
  [
    'reference',
    'apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: orders-db\nspec:\n  refreshInterval: 1h\n  secretStoreRef:\n    name: aws-secrets-manager\n    kind: ClusterSecretStore\n  data:\n    - secretKey: password\n      remoteRef:\n        key: prod/orders/db\n        property: password',
  ],
  [
    'kubectl',
    '$ kubectl describe secret reporting-db\nName:         reporting-db\nNamespace:    default\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  9 bytes',
  ],
  [
    'public-cert',
    'clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM1ekNDQWMrZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZB{b64}\n    server: https://{H32}.gr7.eu-west-1.eks.amazonaws.com\n  name: platform-prod',
  ],
  [
    'kubeconfig',
    'users:\n- name: platform-prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: ["--region", "eu-west-1", "eks", "get-token", "--cluster-name", "platform-prod"]',
  ],
  [
    'reference',
    'grafana:\n  admin:\n    existingSecret: grafana-admin\n    userKey: admin-user\n    passwordKey: admin-password\n  persistence:\n    enabled: true',
  ],
  [
    'reference',
    'services:\n  rabbitmq:\n    image: rabbitmq:3.13-management\n    env_file: .env.production\n    environment:\n      RABBITMQ_DEFAULT_USER: orders\n      RABBITMQ_DEFAULT_PASS: ${RABBITMQ_PASS:?set it in .env.production}',
  ],
  [
    'digest',
    '"Image": "sha256:{h64}",\n"RepoDigests": [\n    "harbor.acme.io/platform/api@sha256:{h64}"\n],\n"Config": {\n    "Env": ["PATH=/usr/local/bin:/usr/bin:/bin", "NODE_ENV=production"]\n}',
  ],
  // --- crash reports and dumps with nothing secret ---
  [
    'crash',
    'Traceback (most recent call last):\n  File "/app/settings.py", line 31, in <module>\n    DB_PASSWORD = os.environ["DATABASE_PASSWORD"]\nKeyError: \'DATABASE_PASSWORD\'',
  ],
  [
    'crash',
    'org.postgresql.util.PSQLException: FATAL: password authentication failed for user "crm_app"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)',
  ],
  [
    'masked',
    'panic: redis: dial tcp 10.0.8.4:6379: i/o timeout (opts={Addr:10.0.8.4:6379 Username:default Password:****** DB:2})\n\ngoroutine 1 [running]:',
  ],
  [
    'masked',
    '"request": {\n  "url": "https://portal.acme.io/api/auth/login",\n  "data": {"email": "j.doe@acme.io", "password": "[Filtered]"},\n  "headers": {"Authorization": "[Filtered]", "User-Agent": "Mozilla/5.0"}\n}',
  ],
  [
    'http-dump',
    '> GET /v2/shipments HTTP/2\n> Host: api.acme-logistics.io\n> accept: application/json\n> x-request-id: {h8}-{h4}-{h4}-{h4}-{h12}\n> traceparent: 00-{h32}-{h16}-01\n< HTTP/2 200\n< etag: W/"{h40}"',
  ],
  [
    'http-dump',
    '"headers": [\n  { "name": "authorization", "value": "" },\n  { "name": "cookie", "value": "" }\n],\n"_comment": "sensitive headers stripped by the HAR sanitizer"',
  ],
  // --- shell history without secrets ---
  [
    'history',
    'mysql -h 10.0.3.7 -u root -p shop < shop-2024-05-13.sql\npsql "service=warehouse" -c "\\dt"\nsshpass -f ~/.config/deploy.pass ssh deploy@10.0.4.20',
  ],
  [
    'history',
    'export PGPASSWORD="$(pass show infra/pg/analytics)"\ngpg --batch --passphrase-file /root/.backup-pass -d backup.tar.gpg | tar x',
  ],
  [
    'history',
    'kubectl -n ci create secret generic regcred --from-file=.dockerconfigjson=$HOME/.docker/config.json --type=kubernetes.io/dockerconfigjson',
  ],
  [
    'history',
    'zip -e -r payroll-export.zip exports/payroll/\nkeytool -list -keystore upload.jks -storepass:env STOREPASS\nopenssl enc -aes-256-cbc -pbkdf2 -in db.sql -out db.sql.enc -pass env:BACKUP_KEY',
  ],
  [
    'history',
    'vault login -method=oidc role=ops\nvault kv get -field=password secret/apps/billing > /dev/null\nhtpasswd -B /etc/nginx/.htpasswd admin',
  ],
  // --- IDE and app configs with references or empty values ---
  [
    'ide-config',
    '"sqltools.connections": [\n  {\n    "name": "orders-prod",\n    "driver": "PostgreSQL",\n    "server": "localhost",\n    "port": 5432,\n    "askForPassword": true,\n    "username": "orders_ro"\n  }\n]',
  ],
  [
    'ide-config',
    '<data-source source="LOCAL" name="crm@prod" uuid="{h8}-{h4}-{h4}-{h4}-{h12}">\n  <driver-ref>postgresql</driver-ref>\n  <jdbc-url>jdbc:postgresql://crm-db.acme.internal:5432/crm</jdbc-url>\n  <user-name>crm_ro</user-name>\n  <secret-storage>master_key</secret-storage>\n</data-source>',
  ],
  [
    'reference',
    '[security]\nadmin_user = admin\nadmin_password = $__file{/run/secrets/grafana_admin}\n\n[auth.generic_oauth]\nclient_secret = ${GF_OAUTH_CLIENT_SECRET}',
  ],
  [
    'reference',
    "$CONFIG = array (\n  'instanceid' => 'oc{l10}',\n  'dbtype' => 'pgsql',\n  'dbpassword' => getenv('NEXTCLOUD_DB_PASSWORD'),\n);",
  ],
  ['empty', '[database]\nDB_TYPE = postgres\nUSER = gitea\nPASSWD =\n\n[security]\nINSTALL_LOCK = false\nSECRET_KEY =\nINTERNAL_TOKEN ='],
  ['reference', 'mqtt:\n  broker: 192.168.1.20\n  username: homeassistant\n  password: !secret mqtt_password'],
  [
    'empty',
    '"EmailSettings": {\n    "SMTPUsername": "",\n    "SMTPPassword": "",\n    "SMTPServer": "localhost",\n    "SMTPPort": "10025"\n}',
  ],
  [
    'reference',
    'remote_write:\n  - url: https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\n    basic_auth:\n      username: "{d7}"\n      password_file: /etc/prometheus/grafana-cloud.key',
  ],
  [
    'reference',
    'webhook_configs:\n  - url: https://hooks.acme.io/alertmanager\n    http_config:\n      authorization:\n        type: Bearer\n        credentials_file: /etc/alertmanager/secrets/webhook-token',
  ],
  [
    'resource-id',
    'seal "awskms" {\n  region     = "eu-west-1"\n  kms_key_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\n}\nstorage "raft" {\n  path    = "/vault/data"\n  node_id = "vault-0"\n}',
  ],
  ['reference', 'db=postgres\ndb-username=keycloak\ndb-password=${KC_DB_PASSWORD}\nhostname=sso.acme.io'],
  [
    'reference',
    '"nodes": [{\n  "name": "Postgres",\n  "type": "n8n-nodes-base.postgres",\n  "credentials": { "postgres": { "id": "{a16}", "name": "Postgres prod" } }\n}]',
  ],
  // --- public material ---
  [
    'public-key',
    '$ az sshkey show -g rg-ops -n deploy-key --query publicKey -o tsv\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{b64}{b64}{b64}{b64}{b46} generated-by-azure',
  ],
  [
    'public-key',
    '$ gpg --list-keys releases@acme.io\npub   ed25519 2023-09-01 [SC] [expires: 2026-09-01]\n      {H40}\nuid           [ultimate] Acme Releases <releases@acme.io>',
  ],
  // --- chat and docs ---
  ['prose', 'the staging db password is in 1Password under "Staging / Postgres (app_staging)", ping me if you lack access'],
  ['prose', 'I rotated the registry token, the new one is in Vault at secret/ci/harbor-robot; the old one stops working tonight'],
  ['prose', 'staging 数据库密码在 Vault 的 secret/staging/db 里，不要贴到群里'],
  [
    'docs',
    'Never pass secrets with `docker login -p`; use `--password-stdin`, and prefer `kubectl create secret --from-file` over `--from-literal` so values stay out of shell history.',
  ],
];
