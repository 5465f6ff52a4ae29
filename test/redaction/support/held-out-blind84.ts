/** An eighty-fourth held-out batch, written blind: what a coding agent's session is full of that looks random but is not a secret (lockfile integrity, SRI and CSP hashes, chunk hashes, source maps, git object ids, image digests, Kubernetes uids, request and trace ids, Stripe object ids, public client config, public keys and certificates, data URLs, tool-call ids), with real secrets hidden among it; every value a template run, scored once before any tuning. */
export const BLIND84_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'look84-npmrc-authtoken-beside-package-lock-integrity',
    '$ git diff --cached --stat\n .npmrc            |  2 ++\n package-lock.json | 14 +++++++-------\n$ cat .npmrc\n@acme:registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«npm_{a36}»\n$ grep -A3 \'"node_modules/@acme/ui"\' package-lock.json\n    "node_modules/@acme/ui": {\n      "version": "3.4.1",\n      "resolved": "https://registry.npmjs.org/@acme/ui/-/ui-3.4.1.tgz",\n      "integrity": "sha512-{b86}=="',
  ],
  [
    'look84-sentry-legacy-dsn-secret-beside-event-ids',
    '[sentry] DEBUG: Sending event {h32} to https://sentry.acme.io/api/14/store/\n[sentry] DEBUG: Sending event {h32} to https://sentry.acme.io/api/14/store/\n# settings/production.py\nSENTRY_DSN = "https://{h32}:«{h32}»@sentry.acme.io/14"',
  ],
  [
    'look84-openssh-private-key-lines-in-diff-beside-pubkey',
    'diff --git a/deploy/keys/ci_ed25519.pub b/deploy/keys/ci_ed25519.pub\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/deploy/keys/ci_ed25519.pub\n@@ -0,0 +1 @@\n+ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ci@acme\ndiff --git a/deploy/keys/ci_ed25519 b/deploy/keys/ci_ed25519\nnew file mode 100644\nindex 0000000..{h7}\n--- /dev/null\n+++ b/deploy/keys/ci_ed25519\n@@ -0,0 +1,7 @@\n+-----BEGIN OPENSSH PRIVATE KEY-----\n+b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n+«QyNTUxOQAAACD{b57}»\n+«{b70}»\n+«{b70}»\n+«{b24}AAAAB2NpQGFjbWUBAgMEBQ==»\n+-----END OPENSSH PRIVATE KEY-----',
  ],
  [
    'look84-stripe-live-secret-repl-beside-customer-ids',
    ">>> import stripe\n>>> stripe.api_key = \"«sk_live_51{a97}»\"\n>>> [c.id for c in stripe.Customer.list(limit=3)]\n['cus_{a14}', 'cus_{a14}', 'cus_{a14}']\n>>> stripe.Customer.retrieve('cus_{a14}').invoice_settings.default_payment_method\n'pm_{a24}'",
  ],
  [
    'look84-mapbox-secret-netrc-beside-public-plist-token',
    '# ~/.netrc (needed to download the Mapbox iOS SDK)\nmachine api.mapbox.com\n  login mapbox\n  password «sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22}»\n# ios/App/Info.plist\n<key>MBXAccessToken</key>\n<string>pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22}</string>',
  ],
  [
    'look84-docker-run-postgres-password-beside-pinned-digest',
    "$ docker run -d --name pg -p 5432:5432 \\\n    -e POSTGRES_USER=app -e POSTGRES_DB=app \\\n    -e POSTGRES_PASSWORD=«{a20}» \\\n    postgres@sha256:{h64}\n{h64}\n$ docker ps --format '{{.ID}} {{.Image}}'\n{h12} postgres@sha256:{h64}",
  ],
  [
    'look84-fine-grained-pat-netrc-beside-go-sum',
    '$ grep acme go.sum\ngithub.com/acme/platform-go v1.9.2 h1:{b43}=\ngithub.com/acme/platform-go v1.9.2/go.mod h1:{b43}=\n$ cat ~/.netrc\nmachine github.com login acme-bot password «github_pat_{a22}_{a59}»',
  ],
  [
    'look84-crates-io-token-credentials-beside-cargo-lock-checksum',
    '# Cargo.lock\n[[package]]\nname = "serde_json"\nversion = "1.0.120"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"\n\n# ~/.cargo/credentials.toml\n[registry]\ntoken = "«cio{a32}»"',
  ],
  [
    'look84-pypi-token-pypirc-beside-poetry-lock-hashes',
    '[[package]]\nname = "httpx"\nversion = "0.27.0"\nfiles = [\n    {file = "httpx-0.27.0-py3-none-any.whl", hash = "sha256:{h64}"},\n    {file = "httpx-0.27.0.tar.gz", hash = "sha256:{h64}"},\n]\n# ~/.pypirc\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmcCJD{B150}»',
  ],
  [
    'look84-stripe-webhook-secret-beside-listen-event-ids',
    '2024-06-04 10:12:44   --> charge.succeeded [evt_{a24}]\n2024-06-04 10:12:44  <--  [200] POST http://localhost:3000/api/webhooks [evt_{a24}]\n2024-06-04 10:12:45   --> payment_intent.succeeded [evt_{a24}]\n# .env.local\nSTRIPE_WEBHOOK_SECRET=«whsec_{a32}»',
  ],
  [
    'look84-stripe-restricted-key-curl-beside-payment-intent',
    '$ curl https://api.stripe.com/v1/payment_intents/pi_{a24} \\\n    -u «rk_live_51{a97}»:\n{\n  "id": "pi_{a24}",\n  "object": "payment_intent",\n  "customer": "cus_{a14}",\n  "latest_charge": "ch_{a24}",',
  ],
  [
    'look84-aws-secret-key-credentials-beside-s3-request-ids',
    "$ aws s3 ls s3://acme-artifacts --debug 2>&1 | grep -m1 x-amz-request-id\n2024-06-04 10:12:44,123 - MainThread - botocore.parsers - DEBUG - Response headers: {'x-amz-id-2': '{b76}', 'x-amz-request-id': '{H16}', 'x-amz-bucket-region': 'eu-west-1'}\n$ cat ~/.aws/credentials\n[default]\naws_access_key_id = AKIA{u16}\naws_secret_access_key = «{b40}»",
  ],
  [
    'look84-tfstate-rds-password-beside-serial-lineage',
    '{\n  "version": 4,\n  "terraform_version": "1.8.5",\n  "serial": 127,\n  "lineage": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "resources": [{ "type": "aws_db_instance", "name": "main", "instances": [{ "attributes": {\n    "id": "db-{u26}",\n    "resource_id": "db-{u26}",\n    "password": "«{a24}»",',
  ],
  [
    'look84-honeycomb-key-otel-headers-beside-traceparent',
    'OTEL_SERVICE_NAME=checkout\nOTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\nOTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=«{a22}»\n# last failing request had traceparent: 00-{h32}-{h16}-01',
  ],
  [
    'look84-datadog-api-key-ddtrace-run-beside-trace-ids',
    '$ DD_API_KEY=«{h32}» DD_SERVICE=checkout DD_ENV=prod ddtrace-run gunicorn app:app\n2024-06-04 10:12:44,901 INFO [app] [dd.service=checkout dd.env=prod dd.trace_id={d19} dd.span_id={d19}] order created id={h24}',
  ],
  [
    'look84-k8s-secret-data-beside-uid-resourceversion',
    'apiVersion: v1\ndata:\n  DATABASE_PASSWORD: «{b32}»\nkind: Secret\nmetadata:\n  creationTimestamp: "2024-06-04T10:12:44Z"\n  name: orders-db\n  namespace: prod\n  resourceVersion: "{d8}"\n  uid: {h8}-{h4}-4{h3}-9{h3}-{h12}\ntype: Opaque',
  ],
  [
    'look84-serviceaccount-jwt-kubeconfig-beside-pod-names',
    '$ kubectl get pods -n ci\nNAME                      READY   STATUS    RESTARTS   AGE\nrunner-7f9c6d8b5-{l5}     1/1     Running   0          3h12m\nrunner-7f9c6d8b5-{l5}     1/1     Running   0          3h12m\n$ grep token: ~/.kube/ci-config\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVzLmRlZmF1bHQuc3ZjIl0s{B180}.{B342}»',
  ],
  [
    'look84-algolia-admin-key-beside-search-only-key',
    "// lib/algolia.ts\nexport const searchClient = algoliasearch('{u10}', '{h32}'); // search-only key, safe in the browser\n\n// scripts/reindex.ts\nconst ALGOLIA_ADMIN_API_KEY = '«{h32}»';\nconst admin = algoliasearch('{u10}', ALGOLIA_ADMIN_API_KEY);",
  ],
  [
    'look84-firebase-sa-private-key-beside-web-config',
    'const firebaseConfig = {\n  authDomain: "acme-prod.firebaseapp.com",\n  projectId: "acme-prod",\n  storageBucket: "acme-prod.appspot.com",\n  messagingSenderId: "{d12}",\n  appId: "1:{d12}:web:{h22}",\n};\n// serviceAccount.json (committed next to it)\n{"type": "service_account", "project_id": "acme-prod", "private_key_id": "{h40}", "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b40}\\n-----END PRIVATE KEY-----»\\n", "client_email": "firebase-adminsdk-{l5}@acme-prod.iam.gserviceaccount.com"}',
  ],
  [
    'look84-google-client-secret-dotenv-beside-client-id',
    'GOOGLE_CLIENT_ID={d12}-{l32}.apps.googleusercontent.com\nGOOGLE_CLIENT_SECRET=«GOCSPX-{B28}»\nNEXTAUTH_URL=https://app.acme.io',
  ],
  [
    'look84-github-oauth-client-secret-grafana-ini-beside-client-id',
    '[auth.github]\nenabled = true\nclient_id = Ov23li{a14}\nclient_secret = «{h40}»\nallowed_organizations = acme',
  ],
  [
    'look84-pgp-private-block-lines-beside-public-block',
    '$ head -n 4 release.pub.asc release.sec.asc\n==> release.pub.asc <==\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ{b59}\n{b64}\n\n==> release.sec.asc <==\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«lFgEZ{b59}»\n«{b64}»',
  ],
  [
    'look84-ec-private-key-beside-certificate-cat',
    '$ cat tls/server.crt tls/server.key\n-----BEGIN CERTIFICATE-----\nMIIBtjCCAVugAwIBAgIU{b44}\n{b64}\n{b42}==\n-----END CERTIFICATE-----\n«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b55}\n{b64}\n{b42}==\n-----END EC PRIVATE KEY-----»',
  ],
  [
    'look84-openai-project-key-in-minified-chunk-beside-asset-hashes',
    '$ ls dist/assets\nindex-{B8}.css  index-{B8}.js  vendor-react-{B8}.js\n$ grep -o \'Nt=.\\{0,200\\}\' dist/assets/index-*.js | head -1\nNt="https://api.openai.com/v1",Rt="«sk-proj-{B48}T3BlbkFJ{B48}»",Ot=async e=>{const t=await fetch(`${Nt}/chat/completions`,{method:"POST",headers:{Authorization:`Bearer ${Rt}`}',
  ],
  [
    'look84-sendgrid-key-in-sourcemap-sources-content',
    '{"version":3,"file":"mailer.js","sources":["../src/mailer.ts"],"sourcesContent":["import sg from \'@sendgrid/mail\';\\nsg.setApiKey(\'«SG.{B22}.{B43}»\');\\nexport const send = sg.send;\\n"],"names":["sg","setApiKey","send"],"mappings":"AAAA,OAAOA,QAAQ;AACfA,GAAGC,UAAU,CAAC;AACd,OAAO,MAAMC,IAAI,GAAGF,GAAGE"}',
  ],
  [
    'look84-slack-webhook-in-git-show-beside-oneline',
    '$ git log --oneline -3\n{h7} (HEAD -> main) notify channel on deploy\n{h7} chore: bump lockfile\n{h7} fix flaky e2e on checkout\n$ git show HEAD -- scripts/notify.sh | tail -2\n+WEBHOOK="«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"\n+curl -sf -X POST -H \'Content-type: application/json\' --data "{\\"text\\":\\"deployed $SHA\\"}" "$WEBHOOK"',
  ],
  [
    'look84-ghp-token-in-rebase-todo-exec-line',
    'pick {h7} ci: add release workflow\npick {h7} ci: pin actions/checkout to {h40}\nexec GH_TOKEN=«ghp_{a36}» gh pr create --fill --base main\n\n# Rebase {h7}..{h7} onto {h7} (3 commands)\n#\n# Commands:\n# p, pick <commit> = use commit',
  ],
  [
    'look84-gitlab-pat-remote-url-beside-ls-remote',
    '$ git remote -v | head -1\norigin\thttps://oauth2:«glpat-{B20}»@gitlab.com/acme/platform/api.git (fetch)\n$ git ls-remote origin | head -3\n{h40}\tHEAD\n{h40}\trefs/heads/main\n{h40}\trefs/merge-requests/412/head',
  ],
  [
    'look84-docker-hub-pat-login-beside-pushed-manifest-digest',
    '      - run: echo "«dckr_pat_{B27}»" | docker login -u acmeci --password-stdin\n      - run: docker buildx build --push -t acme/api:1.4.2 .\n#14 exporting manifest sha256:{h64} 0.0s done\n#14 exporting config sha256:{h64} 0.0s done\n#14 pushing manifest for docker.io/acme/api:1.4.2@sha256:{h64} 0.9s done',
  ],
  [
    'look84-database-url-in-docker-inspect-env-beside-image-id',
    '$ docker inspect api --format \'{{json .Config.Env}}\' | jq .\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n  "DATABASE_URL=postgres://api:«{a24}»@db:5432/api",\n  "NODE_VERSION=20.14.0"\n]\n$ docker inspect api --format \'{{.Image}}\'\nsha256:{h64}',
  ],
  [
    'look84-docker-config-auth-b64-beside-pull-digest',
    '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "ghcr.io": { "auth": "«{b52}»" }\n  }\n}\n$ docker pull ghcr.io/acme/worker@sha256:{h64}\nDigest: sha256:{h64}\nStatus: Downloaded newer image for ghcr.io/acme/worker@sha256:{h64}',
  ],
  [
    'look84-aws-secret-export-beside-cloudfront-invalidation-ids',
    'export AWS_ACCESS_KEY_ID=AKIA{u16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\naws cloudfront create-invalidation --distribution-id E{u13} --paths \'/*\'\n{\n    "Location": "https://cloudfront.amazonaws.com/2020-05-31/distribution/E{u13}/invalidation/I{u25}",\n    "Invalidation": { "Id": "I{u25}", "Status": "InProgress" }\n}',
  ],
  [
    'look84-sts-secret-and-session-token-beside-assumed-role-id',
    '{\n    "Credentials": {\n        "AccessKeyId": "ASIA{u16}",\n        "SecretAccessKey": "«{b40}»",\n        "SessionToken": "«IQoJb3JpZ2luX2VjE{b300}»",\n        "Expiration": "2024-06-04T11:12:44+00:00"\n    },\n    "AssumedRoleUser": {\n        "AssumedRoleId": "AROA{u17}:ci-deploy",\n        "Arn": "arn:aws:sts::123456789012:assumed-role/ci-deploy/ci-deploy"\n    }\n}',
  ],
  [
    'look84-sentry-user-token-beside-sourcemap-debug-ids',
    '$ SENTRY_AUTH_TOKEN=«sntryu_{h64}» npx @sentry/cli sourcemaps upload --release {h40} dist\n> Found 6 files\n> Bundled 6 files for upload\n> Bundle ID: {h8}-{h4}-{h4}-{h4}-{h12}\n  ~/assets/index-{B8}.js (sourcemap at index-{B8}.js.map, debug id {h8}-{h4}-{h4}-{h4}-{h12})',
  ],
  [
    'look84-yarnrc-npmauthtoken-beside-berry-checksum',
    '# .yarnrc.yml\nnpmScopes:\n  acme:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAuthToken: "«ghp_{a36}»"\n# yarn.lock\n"@acme/tokens@npm:^2.1.0":\n  version: 2.1.3\n  resolution: "@acme/tokens@npm:2.1.3"\n  checksum: 10c0/{h128}\n  languageName: node',
  ],
  [
    'look84-github-registry-token-npmrc-beside-pnpm-lock',
    "$ cat .npmrc\nauto-install-peers=true\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»\n$ grep -A1 \"'@acme/ui@4.0.2':\" pnpm-lock.yaml\n  '@acme/ui@4.0.2':\n    resolution: {integrity: sha512-{b86}==, tarball: https://npm.pkg.github.com/download/@acme/ui/4.0.2/{h40}}",
  ],
  [
    'look84-artifactory-password-pip-conf-beside-require-hashes',
    '# requirements.txt (pip-compile --generate-hashes)\nurllib3==2.2.1 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}\n# /etc/pip.conf\n[global]\nindex-url = https://ci-reader:«{a24}»@acme.jfrog.io/artifactory/api/pypi/pypi-remote/simple',
  ],
  [
    'look84-bundler-config-credential-beside-gemfile-checksums',
    '$ cat .bundle/config\n---\nBUNDLE_RUBYGEMS__PKG__GITHUB__COM: "acme-ci:«ghp_{a36}»"\n$ sed -n \'/^CHECKSUMS/,+3p\' Gemfile.lock\nCHECKSUMS\n  acme-core (2.3.0) sha256={h64}\n  rack (3.1.7) sha256={h64}',
  ],
  [
    'look84-twilio-auth-token-beside-account-and-message-sids',
    'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_AUTH_TOKEN=«{h32}»\nTWILIO_MESSAGING_SERVICE_SID=MG{h32}\n# last send: SM{h32} status=delivered',
  ],
  [
    'look84-sendgrid-key-beside-x-message-id',
    '$ curl -si https://api.sendgrid.com/v3/mail/send -H "Authorization: Bearer «SG.{B22}.{B43}»" -H \'Content-Type: application/json\' -d @mail.json\nHTTP/1.1 202 Accepted\nX-Message-Id: {B22}',
  ],
  [
    'look84-slack-bot-token-beside-channel-and-ts',
    '>>> client = WebClient(token="«xoxb-{d13}-{d13}-{a24}»")\n>>> r = client.chat_postMessage(channel="C{u10}", text="deploy ok :white_check_mark:")\n>>> r["ts"], r["message"]["bot_id"]\n(\'1717495964.{d6}\', \'B{u10}\')',
  ],
  [
    'look84-openai-key-env-beside-chatcmpl-and-call-ids',
    '$ OPENAI_API_KEY=«sk-proj-{B48}T3BlbkFJ{B48}» python agent.py\n{"id": "chatcmpl-{a29}", "object": "chat.completion", "choices": [{"message": {"tool_calls": [{"id": "call_{a24}", "type": "function"}]}}]}',
  ],
  [
    'look84-anthropic-key-in-tool-result-beside-toolu-ids',
    '{"type":"message","id":"msg_01{a22}","content":[{"type":"tool_use","id":"toolu_01{a22}","name":"bash","input":{"command":"printenv ANTHROPIC_API_KEY"}}]}\n{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":"«sk-ant-api03-{B93}AA»"}',
  ],
  [
    'look84-jwt-secret-dotenv-beside-jwtio-demo-token',
    '# README: try the API with the jwt.io demo token\n#   eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c\n# .env\nJWT_SECRET=«{a48}»\nJWT_EXPIRES_IN=15m',
  ],
  [
    'look84-bearer-access-jwt-curl-beside-request-id',
    '$ curl -si https://api.acme.io/v2/me -H "Authorization: Bearer «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6I{B22}In0.eyJzdWIiOiJ1c3Jf{B120}.{B342}»"\nHTTP/2 200\nx-request-id: {h8}-{h4}-4{h3}-8{h3}-{h12}',
  ],
  [
    'look84-session-cookie-beside-csp-nonce-header',
    "< HTTP/2 200\n< content-security-policy: script-src 'nonce-{b22}==' 'strict-dynamic'; object-src 'none'; base-uri 'self'\n< set-cookie: __Host-session=«{B43}»; Path=/; Secure; HttpOnly; SameSite=Lax\n< x-request-id: {h32}",
  ],
  [
    'look84-data-encryption-key-beside-labelled-iv-salt',
    '# config/encryption.yml\nkey: «{h64}»\n# stored row 1842, for reference:\niv: {h24}\nsalt: {h32}\nciphertext: {b64}',
  ],
  [
    'look84-vault-token-beside-accessor',
    '$ vault token create -policy=ci -ttl=1h\nKey                  Value\n---                  -----\ntoken                «hvs.CAESI{B82}»\ntoken_accessor       {a24}\ntoken_duration       1h\ntoken_renewable      true\ntoken_policies       ["ci" "default"]',
  ],
  [
    'look84-terraform-cloud-token-beside-state-lineage',
    '$ cat ~/.terraform.d/credentials.tfrc.json\n{"credentials": {"app.terraform.io": {"token": "«{a14}.atlasv1.{a67}»"}}}\n$ terraform state pull | jq -c \'{serial, lineage}\'\n{"serial":88,"lineage":"{h8}-{h4}-{h4}-{h4}-{h12}"}',
  ],
  [
    'look84-kubeadm-bootstrap-token-beside-ca-cert-hash',
    'Then you can join any number of worker nodes by running the following on each as root:\n\nkubeadm join 10.0.0.10:6443 --token «{l6}.{l16}» \\\n\t--discovery-token-ca-cert-hash sha256:{h64}',
  ],
  [
    'look84-cloudflare-token-curl-beside-cf-ray',
    '$ curl -s -D - -H "Authorization: Bearer «{B40}»" "https://api.cloudflare.com/client/v4/zones?name=acme.io" -o /dev/null | grep -i ray\ncf-ray: {h16}-FRA',
  ],
  [
    'look84-rediss-url-password-beside-sidekiq-jids',
    'REDIS_URL=rediss://:«{a32}»@redis-prod.acme.internal:6380/1\n2024-06-04T10:12:44.123Z pid=12 tid={l5} class=InvoiceMailer jid={h24} INFO: start\n2024-06-04T10:12:44.301Z pid=12 tid={l5} class=InvoiceMailer jid={h24} elapsed=0.178 INFO: done',
  ],
  [
    'look84-github-webhook-secret-beside-delivery-and-signature',
    'X-GitHub-Event: push\nX-GitHub-Delivery: {h8}-{h4}-11ef-{h4}-{h12}\nX-Hub-Signature-256: sha256={h64}\n---- probot .env\nAPP_ID={d6}\nWEBHOOK_SECRET=«{a32}»',
  ],
  [
    'look84-azure-account-key-beside-blob-etag-md5',
    'AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=acmeartifacts;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n$ az storage blob show -c builds -n app.zip --query \'{etag:properties.etag, md5:properties.contentSettings.contentMd5}\'\n{ "etag": "\\"0x8DC{H12}\\"", "md5": "{b22}==" }',
  ],
  [
    'look84-age-secret-key-beside-recipient',
    '$ age-keygen -o key.txt\nPublic key: age1{k58}\n$ cat key.txt\n# created: 2024-06-04T10:12:44Z\n# public key: age1{k58}\n«AGE-SECRET-KEY-1{e58}»',
  ],
  [
    'look84-wireguard-private-key-beside-peer-public-key',
    '[Interface]\nAddress = 10.8.0.2/32\nPrivateKey = «{b42}c=»\nDNS = 10.8.0.1\n\n[Peer]\nPublicKey = {b42}U=\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.8.0.0/24',
  ],
  [
    'look84-npm-token-env-dump-beside-dist-integrity',
    "$ env | sort | grep -E '^(NODE|NPM)'\nNODE_VERSION=20.14.0\nNPM_CONFIG_USERCONFIG=/home/runner/work/_temp/.npmrc\nNPM_TOKEN=«npm_{a36}»\n$ npm view @acme/ui@3.4.1 dist.integrity dist.shasum\ndist.integrity = 'sha512-{b86}=='\ndist.shasum = '{h40}'",
  ],
  [
    'look84-sops-decrypted-value-beside-enc-blob',
    '$ sops -d secrets/prod.enc.yaml | head -1\ndb_password: «{a24}»\n$ head -4 secrets/prod.enc.yaml\ndb_password: ENC[AES256_GCM,data:{b32},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}',
  ],
  [
    'look84-deploy-key-private-pem-beside-fingerprint',
    '$ ssh-keygen -lf deploy_key.pub\n256 SHA256:{b43} deploy@acme (ED25519)\n$ gh secret set DEPLOY_KEY < deploy_key   # pasted it below by mistake\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB{b57}\n{b70}\n{b70}\n{b20}AAAADGRlcGxveUBhY21lAQIDBAU=\n-----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'look84-rsa-private-key-beside-jwks-public',
    '# public half, served at /.well-known/jwks.json\n{"keys":[{"kty":"RSA","kid":"{B43}","use":"sig","alg":"RS256","e":"AQAB","n":"{B342}"}]}\n# config/keys/signing.pem\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b36}==\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'look84-mapbox-downloads-token-gradle-beside-pk-in-strings',
    '<!-- app/src/main/res/values/mapbox_access_token.xml -->\n<string name="mapbox_access_token" translatable="false">pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22}</string>\n# ~/.gradle/gradle.properties\nMAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22}»',
  ],
  [
    'look84-stripe-secret-in-next-env-beside-publishable',
    'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51{a97}\nSTRIPE_SECRET_KEY=«sk_live_51{a97}»\nNEXT_PUBLIC_STRIPE_PRICE_PRO=price_{a24}',
  ],
  [
    'look84-gh-app-private-key-env-beside-client-id',
    'GITHUB_APP_ID={d6}\nGITHUB_APP_CLIENT_ID=Iv23li{a14}\nGITHUB_APP_INSTALLATION_ID={d8}\nGITHUB_APP_PRIVATE_KEY="«-----BEGIN RSA PRIVATE KEY-----\\nMIIEpAIBAAKCAQEA{b48}\\n{b64}\\n{b64}\\n{b30}==\\n-----END RSA PRIVATE KEY-----»"',
  ],
];

export const BLIND84_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'look84-package-lock-v3-entry-resolved-integrity',
    '    "node_modules/zod": {\n      "version": "3.23.8",\n      "resolved": "https://registry.npmjs.org/zod/-/zod-3.23.8.tgz",\n      "integrity": "sha512-{b86}==",\n      "license": "MIT",\n      "funding": { "url": "https://github.com/sponsors/colinhacks" }\n    },',
  ],
  [
    'look84-package-lock-v1-sha1-integrity',
    '    "inherits": {\n      "version": "2.0.4",\n      "resolved": "https://registry.npmjs.org/inherits/-/inherits-2.0.4.tgz",\n      "integrity": "sha1-{b27}="\n    },',
  ],
  [
    'look84-npm-eintegrity-error-two-digests',
    'npm ERR! code EINTEGRITY\nnpm ERR! sha512-{b86}== integrity checksum failed when using sha512: wanted sha512-{b86}== but got sha512-{b86}==. (28441 bytes)\nnpm ERR! A complete log of this run can be found in: /home/dev/.npm/_logs/2024-06-04T10_12_44_123Z-debug-0.log',
  ],
  [
    'look84-yarn-v1-lock-resolved-hash-fragment',
    'lodash@^4.17.21:\n  version "4.17.21"\n  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#{h40}"\n  integrity sha512-{b86}==',
  ],
  [
    'look84-yarn-berry-lock-checksum-10c0',
    '"react-dom@npm:^18.3.1":\n  version: 18.3.1\n  resolution: "react-dom@npm:18.3.1"\n  dependencies:\n    loose-envify: "npm:^1.1.0"\n    scheduler: "npm:^0.23.2"\n  peerDependencies:\n    react: ^18.3.1\n  checksum: 10c0/{h128}\n  languageName: node\n  linkType: hard',
  ],
  [
    'look84-pnpm-lock-packages-integrity',
    "packages:\n\n  '@esbuild/linux-x64@0.21.5':\n    resolution: {integrity: sha512-{b86}==}\n    engines: {node: '>=12'}\n    cpu: [x64]\n    os: [linux]\n\n  '@types/node@20.14.2':\n    resolution: {integrity: sha512-{b86}==}",
  ],
  [
    'look84-pnpm-lock-codeload-tarball',
    '  acme-utils@https://codeload.github.com/acme/utils/tar.gz/{h40}:\n    resolution: {tarball: https://codeload.github.com/acme/utils/tar.gz/{h40}}\n    version: 1.4.0',
  ],
  [
    'look84-go-sum-block',
    'github.com/google/uuid v1.6.0 h1:{b43}=\ngithub.com/google/uuid v1.6.0/go.mod h1:{b43}=\ngolang.org/x/sync v0.7.0 h1:{b43}=\ngolang.org/x/sync v0.7.0/go.mod h1:{b43}=\ngoogle.golang.org/grpc v1.64.0 h1:{b43}=',
  ],
  [
    'look84-go-mod-download-json',
    '$ go mod download -json golang.org/x/text@v0.16.0\n{\n\t"Path": "golang.org/x/text",\n\t"Version": "v0.16.0",\n\t"Info": "/home/dev/go/pkg/mod/cache/download/golang.org/x/text/@v/v0.16.0.info",\n\t"Zip": "/home/dev/go/pkg/mod/cache/download/golang.org/x/text/@v/v0.16.0.zip",\n\t"Sum": "h1:{b43}=",\n\t"GoModSum": "h1:{b43}="\n}',
  ],
  [
    'look84-go-checksum-mismatch-security-error',
    'verifying github.com/acme/ledger@v0.14.0: checksum mismatch\n\tdownloaded: h1:{b43}=\n\tgo.sum:     h1:{b43}=\n\nSECURITY ERROR\nThis download does NOT match an earlier download recorded in go.sum.',
  ],
  [
    'look84-cargo-lock-two-packages',
    '[[package]]\nname = "tokio"\nversion = "1.38.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"\ndependencies = [\n "backtrace",\n "bytes",\n]\n\n[[package]]\nname = "bytes"\nversion = "1.6.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"',
  ],
  [
    'look84-cargo-lock-git-source-rev',
    '[[package]]\nname = "acme-proto"\nversion = "0.3.0"\nsource = "git+https://github.com/acme/acme-proto?branch=main#{h40}"',
  ],
  [
    'look84-poetry-lock-files-hashes',
    '[[package]]\nname = "pydantic-core"\nversion = "2.18.4"\ndescription = "Core functionality for Pydantic validation and serialization"\noptional = false\npython-versions = ">=3.8"\nfiles = [\n    {file = "pydantic_core-2.18.4-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl", hash = "sha256:{h64}"},\n    {file = "pydantic_core-2.18.4.tar.gz", hash = "sha256:{h64}"},\n]',
  ],
  [
    'look84-pip-compile-generate-hashes',
    'certifi==2024.6.2 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}\n    # via requests\nidna==3.7 \\\n    --hash=sha256:{h64}',
  ],
  [
    'look84-pip-hash-mismatch-error',
    'ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the package versions, please update the hashes. Otherwise, examine the package contents carefully; someone may have tampered with them.\n    numpy==1.26.4 from https://files.pythonhosted.org/packages/{h2}/{h2}/{h60}/numpy-1.26.4-cp312-cp312-manylinux_2_17_x86_64.whl:\n        Expected sha256 {h64}\n             Got        {h64}',
  ],
  [
    'look84-pipfile-lock-hashes-array',
    '        "requests": {\n            "hashes": [\n                "sha256:{h64}",\n                "sha256:{h64}"\n            ],\n            "index": "pypi",\n            "markers": "python_version >= \'3.8\'",\n            "version": "==2.32.3"\n        },',
  ],
  [
    'look84-uv-lock-sdist-wheel-hashes',
    '[[package]]\nname = "anyio"\nversion = "4.4.0"\nsource = { registry = "https://pypi.org/simple" }\nsdist = { url = "https://files.pythonhosted.org/packages/{h2}/{h2}/{h60}/anyio-4.4.0.tar.gz", hash = "sha256:{h64}", size = 163930 }\nwheels = [\n    { url = "https://files.pythonhosted.org/packages/{h2}/{h2}/{h60}/anyio-4.4.0-py3-none-any.whl", hash = "sha256:{h64}", size = 86780 },\n]',
  ],
  [
    'look84-composer-lock-dist-reference',
    '        {\n            "name": "symfony/console",\n            "version": "v7.1.1",\n            "source": { "type": "git", "url": "https://github.com/symfony/console.git", "reference": "{h40}" },\n            "dist": { "type": "zip", "url": "https://api.github.com/repos/symfony/console/zipball/{h40}", "reference": "{h40}", "shasum": "" },',
  ],
  [
    'look84-gemfile-lock-checksums-section',
    'CHECKSUMS\n  actionpack (7.1.3.4) sha256={h64}\n  nokogiri (1.16.6-x86_64-linux) sha256={h64}\n  puma (6.4.2) sha256={h64}\n\nBUNDLED WITH\n   2.5.11',
  ],
  [
    'look84-flake-lock-narhash-rev',
    '      "locked": {\n        "lastModified": 1717602782,\n        "narHash": "sha256-{b43}=",\n        "owner": "NixOS",\n        "repo": "nixpkgs",\n        "rev": "{h40}",\n        "type": "github"\n      },',
  ],
  [
    'look84-gradle-verification-metadata',
    '      <component group="com.squareup.okhttp3" name="okhttp" version="4.12.0">\n         <artifact name="okhttp-4.12.0.jar">\n            <sha256 value="{h64}" origin="Generated by Gradle"/>\n         </artifact>\n         <artifact name="okhttp-4.12.0.module">\n            <sha256 value="{h64}" origin="Generated by Gradle"/>\n         </artifact>\n      </component>',
  ],
  [
    'look84-nuget-packages-lock-content-hash',
    '      "Newtonsoft.Json": {\n        "type": "Direct",\n        "requested": "[13.0.3, )",\n        "resolved": "13.0.3",\n        "contentHash": "{b86}=="\n      },',
  ],
  [
    'look84-bun-lock-package-tuple',
    '    "picocolors": ["picocolors@1.0.1", "", {}, "sha512-{b86}=="],\n    "postcss": ["postcss@8.4.38", "", { "dependencies": { "nanoid": "^3.3.7", "picocolors": "^1.0.0" } }, "sha512-{b86}=="],',
  ],
  [
    'look84-terraform-lock-hcl-h1-zh-hashes',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.53.0"\n  constraints = "~> 5.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'look84-helm-chart-lock-digest',
    'dependencies:\n- name: postgresql\n  repository: oci://registry-1.docker.io/bitnamicharts\n  version: 15.5.4\ndigest: sha256:{h64}\ngenerated: "2024-06-04T10:12:44.123456+02:00"',
  ],
  [
    'look84-npmrc-token-env-reference-beside-integrity',
    '$ cat .npmrc\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n$ npm view @acme/ui@3.4.1 dist.integrity\nsha512-{b86}==',
  ],
  [
    'look84-sha256sums-file-check',
    '$ cat SHA256SUMS\n{h64}  acme-cli_1.9.0_linux_amd64.tar.gz\n{h64}  acme-cli_1.9.0_darwin_arm64.tar.gz\n$ sha256sum -c SHA256SUMS --ignore-missing\nacme-cli_1.9.0_linux_amd64.tar.gz: OK',
  ],
  [
    'look84-renovate-digest-update-table',
    '| Package | Type | Update | Change |\n|---|---|---|---|\n| actions/checkout | action | pinDigest |  -> `{h7}` |\n| node | final | digest | `{h7}` -> `{h7}` |\n| golang.org/x/net | require | digest | `{h7}` -> `{h7}` |',
  ],
  [
    'look84-sri-script-tag-sha384',
    '<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>',
  ],
  [
    'look84-sri-stylesheet-sha512',
    '<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.2/css/all.min.css" integrity="sha512-{b86}==" crossorigin="anonymous" referrerpolicy="no-referrer" />',
  ],
  [
    'look84-sri-openssl-generate',
    '$ cat dist/widget.js | openssl dgst -sha384 -binary | openssl base64 -A\n{b64}\n$ echo "integrity=\\"sha384-$(!!)\\""',
  ],
  [
    'look84-csp-header-nonce-and-hashes-curl',
    "$ curl -sI https://app.acme.io | grep -i content-security\ncontent-security-policy: default-src 'self'; script-src 'self' 'nonce-{b22}==' 'sha256-{b43}=' 'strict-dynamic'; style-src 'self' 'sha256-{b43}='; report-uri /csp-report",
  ],
  [
    'look84-html-script-nonce-attribute',
    '<script nonce="{b22}==">window.__INITIAL_STATE__ = {"user":null,"locale":"en"};</script>\n<script nonce="{b22}==" src="/static/js/main.{h8}.js" defer></script>',
  ],
  [
    'look84-nginx-csp-sha256-hash',
    "add_header Content-Security-Policy \"default-src 'self'; script-src 'self' 'sha256-{b43}=' 'sha256-{b43}='; frame-ancestors 'none'\" always;",
  ],
  [
    'look84-helmet-csp-hashes-config',
    "app.use(helmet.contentSecurityPolicy({\n  directives: {\n    scriptSrc: [\"'self'\", \"'sha256-{b43}='\", (req, res) => `'nonce-${res.locals.cspNonce}'`],\n    styleSrc: [\"'self'\", \"'sha256-{b43}='\"],\n  },\n}));",
  ],
  [
    'look84-chrome-csp-refused-inline-script',
    "Refused to execute inline script because it violates the following Content Security Policy directive: \"script-src 'self' 'nonce-{b22}=='\". Either the 'unsafe-inline' keyword, a hash ('sha256-{b43}='), or a nonce ('nonce-...') is required to enable inline execution.",
  ],
  [
    'look84-csp-violation-report-json',
    '{"csp-report":{"document-uri":"https://app.acme.io/checkout","violated-directive":"script-src-elem","effective-directive":"script-src-elem","original-policy":"script-src \'nonce-{b22}==\' \'strict-dynamic\'","blocked-uri":"inline","script-sample":"","status-code":200}}',
  ],
  [
    'look84-vite-build-output-asset-hashes',
    'vite v5.2.13 building for production...\n✓ 1432 modules transformed.\ndist/index.html                   0.46 kB │ gzip:  0.30 kB\ndist/assets/index-{B8}.css       12.84 kB │ gzip:  3.21 kB\ndist/assets/index-{B8}.js       142.31 kB │ gzip: 45.12 kB\n✓ built in 3.21s',
  ],
  [
    'look84-webpack-stats-contenthash-chunks',
    'asset main.{h20}.js 241 KiB [emitted] [immutable] [minimized] (name: main)\nasset 787.{h20}.js 12.3 KiB [emitted] [immutable] [minimized]\nasset vendors-node_modules_react-dom_index_js.{h20}.js 129 KiB [emitted] [immutable] [minimized] (id hint: vendors)\nwebpack 5.91.0 compiled successfully in 8412 ms',
  ],
  [
    'look84-nextjs-build-manifest-and-chunks',
    '$ ls .next/static\n{B21}  chunks  css  media\n$ ls .next/static/chunks | head -4\nframework-{h16}.js\nmain-{h16}.js\npages\nwebpack-{h16}.js',
  ],
  [
    'look84-nextjs-route-table-first-load',
    'Route (app)                              Size     First Load JS\n┌ ○ /                                    5.2 kB         92.1 kB\n└ ○ /_not-found                          871 B          87.8 kB\n+ First Load JS shared by all            86.9 kB\n  ├ chunks/23-{h16}.js                   31.5 kB\n  ├ chunks/fd9d1056-{h16}.js             53.6 kB\n  └ other shared chunks (total)          1.86 kB',
  ],
  [
    'look84-asset-manifest-json',
    '{\n  "files": {\n    "main.css": "/static/css/main.{h8}.css",\n    "main.js": "/static/js/main.{h8}.js",\n    "static/js/453.{h8}.chunk.js": "/static/js/453.{h8}.chunk.js",\n    "index.html": "/index.html"\n  },\n  "entrypoints": ["static/css/main.{h8}.css", "static/js/main.{h8}.js"]\n}',
  ],
  [
    'look84-vite-index-html-module-script',
    '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" crossorigin src="/assets/index-{B8}.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/vendor-{B8}.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-{B8}.css">\n  </head>',
  ],
  [
    'look84-sourcemap-mappings-string',
    '{"version":3,"file":"index.js","sourceRoot":"","sources":["../src/index.ts"],"names":[],"mappings":";;;AAAA,+BAAoC;AACpC,6CAA+C;AAE/C,MAAM,GAAG,GAAG,IAAA,eAAS,GAAE,CAAC;AACxB,GAAG,CAAC,GAAG,CAAC,IAAA,wBAAa,GAAE,CAAC,CAAC;AACzB,GAAG,CAAC,MAAM,CAAC,IAAI,EAAE,GAAG,EAAE,CAAC,OAAO,CAAC,GAAG,CAAC,WAAW,CAAC,CAAC,CAAC"}',
  ],
  [
    'look84-inline-sourcemap-data-url',
    '})();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbIi4uL3NyYy9pbmRleC50cyJdLCJuYW1lcyI6W10sIm1hcHBpbmdzIjoi{b120}',
  ],
  [
    'look84-webpack-chunk-hash-map-in-runtime',
    'r.u=e=>"static/js/"+e+"."+{179:"{h8}",216:"{h8}",592:"{h8}",787:"{h8}"}[e]+".chunk.js",r.miniCssF=e=>"static/css/"+e+"."+{216:"{h8}"}[e]+".chunk.css"',
  ],
  [
    'look84-minified-react-vendor-snippet',
    '!function(){"use strict";var e,t,n,r={6942:function(e,t,n){var r=n(7294),o=n(3935);function a(e){for(var t="https://reactjs.org/docs/error-decoder.html?invariant="+e,n=1;n<arguments.length;n++)t+="&args[]="+encodeURIComponent(arguments[n]);return"Minified React error #"+e+"; visit "+t}',
  ],
  [
    'look84-minified-identifiers-terser-output',
    'const{a:Qe,b:Jt,c:Xn}=Yr;function Ko(e,t){const n=Ze(e),r=Wn(t);return n.map((o,i)=>({...o,k:`${r}:${i}`,h:Vq(o.id)}))}export{Ko as default,Qe as useStore,Jt as selectUser};',
  ],
  [
    'look84-esbuild-chunk-names-base32',
    '  dist/index.js              41.2kb\n  dist/chunk-{c8}.js        12.0kb\n  dist/chunk-{c8}.js         3.4kb\n  dist/worker-{c8}.js        1.1kb\n\n⚡ Done in 38ms',
  ],
  [
    'look84-workbox-precache-revisions',
    'self.__WB_MANIFEST = [{"revision":"{h32}","url":"index.html"},{"revision":"{h32}","url":"manifest.webmanifest"},{"revision":null,"url":"assets/index-{B8}.js"}];',
  ],
  [
    'look84-sentry-debug-id-snippet-in-bundle',
    '!function(){try{var e="undefined"!=typeof window?window:"undefined"!=typeof global?global:{},n=(new e.Error).stack;n&&(e._sentryDebugIds=e._sentryDebugIds||{},e._sentryDebugIds[n]="{h8}-{h4}-4{h3}-a{h3}-{h12}")}catch(e){}}();\n//# debugId={h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'look84-tailwind-jit-arbitrary-classes',
    '<div class="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-[18px] bg-[#1da1f2]/90 shadow-[0_35px_60px_-15px_rgba(0,0,0,0.3)] [mask-image:linear-gradient(to_bottom,white,transparent)]">',
  ],
  [
    'look84-css-modules-hashed-classnames-dom',
    '<button class="_button_{l5}_1 _primary_{l5}_14 _large_{l5}_22" type="submit">\n  <span class="_label_{l5}_31">Save</span>\n</button>',
  ],
  [
    'look84-nextjs-css-module-classnames',
    '<nav class="Navbar_root__{a5} Navbar_sticky__{a5}"><a class="Navbar_link__{a5}" href="/pricing">Pricing</a></nav>',
  ],
  [
    'look84-styled-components-jest-snapshot',
    'exports[`Button renders primary 1`] = `\n<button\n  className="sc-{a6} {a6}"\n  type="button"\n>\n  Continue\n</button>\n`;',
  ],
  [
    'look84-emotion-mui-classnames',
    '<button class="MuiButtonBase-root MuiButton-root MuiButton-contained css-{l7}-MuiButtonBase-root-MuiButton-root" tabindex="0" type="button">Buy<span class="MuiTouchRipple-root css-{l6}-MuiTouchRipple-root"></span></button>',
  ],
  [
    'look84-git-log-oneline-graph',
    '$ git log --oneline --graph -6\n* {h7} (HEAD -> main, origin/main) feat(api): add invoice export\n*   {h7} Merge pull request #412 from acme/fix/timeout\n|\\\n| * {h7} fix: raise upstream timeout to 30s\n* | {h7} chore(deps): bump vite from 5.2.12 to 5.2.13\n|/\n* {h7} docs: describe release process',
  ],
  [
    'look84-git-cat-file-commit-object',
    '$ git cat-file -p HEAD\ntree {h40}\nparent {h40}\nparent {h40}\nauthor Dana Whitfield <dana@acme.io> 1717495964 +0200\ncommitter GitHub <noreply@github.com> 1717495964 +0200\n\nMerge pull request #412 from acme/fix/timeout',
  ],
  [
    'look84-git-cat-file-tree-listing',
    '$ git cat-file -p HEAD^{tree}\n100644 blob {h40}\t.gitignore\n100644 blob {h40}\tpackage-lock.json\n100644 blob {h40}\tpackage.json\n040000 tree {h40}\tsrc',
  ],
  [
    'look84-git-rebase-todo-list',
    'pick {h7} feat: add export endpoint\nsquash {h7} fixup tests\nfixup {h7} lint\nreword {h7} docs: export endpoint\ndrop {h7} wip debugging\n\n# Rebase {h7}..{h7} onto {h7} (5 commands)',
  ],
  [
    'look84-git-reflog-output',
    '{h7} (HEAD -> feature/export) HEAD@{0}: rebase (finish): returning to refs/heads/feature/export\n{h7} HEAD@{1}: rebase (pick): feat: add export endpoint\n{h7} HEAD@{2}: rebase (start): checkout origin/main\n{h7} HEAD@{3}: commit: wip debugging',
  ],
  [
    'look84-git-ls-remote-tags',
    '$ git ls-remote --tags https://github.com/acme/cli.git | tail -3\n{h40}\trefs/tags/v1.8.0\n{h40}\trefs/tags/v1.9.0\n{h40}\trefs/tags/v1.9.0^{}',
  ],
  [
    'look84-git-submodule-status',
    '$ git submodule status\n {h40} vendor/protos (v2.3.0)\n+{h40} vendor/design-tokens (v1.2.3-4-g{h7})\n-{h40} third_party/zstd',
  ],
  [
    'look84-git-bisect-first-bad-commit',
    '{h40} is the first bad commit\ncommit {h40}\nAuthor: Sam Okoro <sam@acme.io>\nDate:   Tue Jun 4 10:12:44 2024 +0200\n\n    perf: cache parsed config',
  ],
  [
    'look84-git-verify-commit-gpg-fingerprint',
    '$ git verify-commit HEAD\ngpg: Signature made Tue 04 Jun 2024 10:12:44 CEST\ngpg:                using EDDSA key {H40}\ngpg: Good signature from "Dana Whitfield <dana@acme.io>" [ultimate]',
  ],
  [
    'look84-gha-checkout-log-fetch-merge-ref',
    '/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +{h40}:refs/remotes/pull/412/merge\nFrom https://github.com/acme/api\n * [new ref]         {h40} -> pull/412/merge\nHEAD is now at {h7} Merge {h40} into {h40}',
  ],
  [
    'look84-git-diff-index-line-lockfile',
    'diff --git a/package-lock.json b/package-lock.json\nindex {h7}..{h7} 100644\n--- a/package-lock.json\n+++ b/package-lock.json\n@@ -1204,7 +1204,7 @@\n-      "integrity": "sha512-{b86}==",\n+      "integrity": "sha512-{b86}==",',
  ],
  [
    'look84-github-blob-permalink',
    'The bug is here: https://github.com/acme/api/blob/{h40}/src/billing/export.ts#L118-L131 — compare with https://github.com/acme/api/compare/{h7}...{h7}',
  ],
  [
    'look84-gh-actions-pinned-uses',
    '    steps:\n      - uses: actions/checkout@{h40} # v4.1.7\n      - uses: actions/setup-node@{h40} # v4.0.2\n        with:\n          node-version-file: .nvmrc\n          cache: npm',
  ],
  [
    'look84-docker-pull-layers-and-digest',
    '$ docker pull node:20-alpine\n20-alpine: Pulling from library/node\n{h12}: Pull complete\n{h12}: Pull complete\n{h12}: Pull complete\nDigest: sha256:{h64}\nStatus: Downloaded newer image for node:20-alpine',
  ],
  [
    'look84-docker-images-digests-table',
    '$ docker images --digests\nREPOSITORY        TAG       DIGEST                                                                    IMAGE ID       CREATED       SIZE\nacme/api          1.4.2     sha256:{h64}   {h12}   2 hours ago   182MB\npostgres          16        sha256:{h64}   {h12}   9 days ago    432MB',
  ],
  [
    'look84-docker-inspect-repodigests',
    '$ docker inspect acme/api:1.4.2 --format \'{{json .RepoDigests}} {{.Id}}\'\n["acme/api@sha256:{h64}"] sha256:{h64}',
  ],
  [
    'look84-dockerfile-from-pinned-digest',
    'FROM node:20.14.0-bookworm-slim@sha256:{h64} AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nFROM gcr.io/distroless/nodejs20-debian12@sha256:{h64}',
  ],
  [
    'look84-buildkit-export-log',
    '#17 exporting to image\n#17 exporting layers 2.1s done\n#17 writing image sha256:{h64} done\n#17 naming to docker.io/acme/api:dev done\n#17 DONE 2.2s',
  ],
  [
    'look84-docker-ps-container-ids',
    '$ docker ps\nCONTAINER ID   IMAGE            COMMAND                  CREATED        STATUS        PORTS                    NAMES\n{h12}   acme/api:dev     "docker-entrypoint.s…"   3 hours ago    Up 3 hours    0.0.0.0:3000->3000/tcp   acme-api-1\n{h12}   postgres:16      "docker-entrypoint.s…"   3 hours ago    Up 3 hours    5432/tcp                 acme-db-1',
  ],
  [
    'look84-oci-manifest-json',
    '{\n  "schemaVersion": 2,\n  "mediaType": "application/vnd.oci.image.manifest.v1+json",\n  "config": { "mediaType": "application/vnd.oci.image.config.v1+json", "digest": "sha256:{h64}", "size": 7023 },\n  "layers": [\n    { "mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": "sha256:{h64}", "size": 29126484 }\n  ]\n}',
  ],
  [
    'look84-docker-run-env-password-file-beside-digest',
    '$ docker run -d --name pg \\\n    -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password \\\n    -e POSTGRES_PASSWORD \\\n    -v ./secrets/pg_password:/run/secrets/pg_password:ro \\\n    postgres@sha256:{h64}',
  ],
  [
    'look84-cosign-verify-output-public-key',
    '$ cosign verify --key cosign.pub ghcr.io/acme/api@sha256:{h64}\nVerification for ghcr.io/acme/api@sha256:{h64} --\nThe following checks were performed on each of these signatures:\n  - The cosign claims were validated\n  - The signatures were verified against the specified public key\n$ cat cosign.pub\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b52}\n{b36}==\n-----END PUBLIC KEY-----',
  ],
  [
    'look84-kubectl-describe-image-and-container-ids',
    'Containers:\n  api:\n    Container ID:   containerd://{h64}\n    Image:          ghcr.io/acme/api:1.4.2\n    Image ID:       ghcr.io/acme/api@sha256:{h64}\n    Port:           3000/TCP\n    State:          Running',
  ],
  [
    'look84-kubectl-get-pods-random-suffixes',
    '$ kubectl get pods -n prod\nNAME                          READY   STATUS      RESTARTS   AGE\napi-7d9f8b6c5d-{l5}           1/1     Running     0          2d4h\napi-7d9f8b6c5d-{l5}           1/1     Running     0          2d4h\nworker-5b8c7d9f4-{l5}         1/1     Running     1          2d4h\ndb-migrate-{l5}               0/1     Completed   0          2d4h',
  ],
  [
    'look84-k8s-metadata-uid-resourceversion',
    'metadata:\n  annotations:\n    deployment.kubernetes.io/revision: "14"\n  creationTimestamp: "2024-05-12T08:01:33Z"\n  generation: 14\n  name: api\n  namespace: prod\n  resourceVersion: "{d9}"\n  uid: {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'look84-k8s-owner-references-uid',
    '  ownerReferences:\n  - apiVersion: apps/v1\n    blockOwnerDeletion: true\n    controller: true\n    kind: ReplicaSet\n    name: api-7d9f8b6c5d\n    uid: {h8}-{h4}-4{h3}-8{h3}-{h12}',
  ],
  [
    'look84-kubectl-get-events-pod-names',
    'LAST SEEN   TYPE      REASON      OBJECT                          MESSAGE\n2m          Normal    Scheduled   pod/api-7d9f8b6c5d-{l5}         Successfully assigned prod/api-7d9f8b6c5d-{l5} to ip-10-0-3-7.eu-west-1.compute.internal\n2m          Normal    Pulled      pod/api-7d9f8b6c5d-{l5}         Container image "ghcr.io/acme/api@sha256:{h64}" already present on machine',
  ],
  [
    'look84-serviceaccount-uid-annotation',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: ci-runner-token\n  annotations:\n    kubernetes.io/service-account.name: ci-runner\n    kubernetes.io/service-account.uid: {h8}-{h4}-4{h3}-a{h3}-{h12}\ntype: kubernetes.io/service-account-token',
  ],
  [
    'look84-argocd-app-sync-revision',
    'status:\n  sync:\n    status: Synced\n    revision: {h40}\n  operationState:\n    syncResult:\n      revision: {h40}\n      source:\n        repoURL: https://github.com/acme/deploy',
  ],
  [
    'look84-kubeadm-join-token-from-env',
    'kubeadm join 10.0.0.10:6443 --token "$JOIN_TOKEN" \\\n\t--discovery-token-ca-cert-hash sha256:{h64}',
  ],
  [
    'look84-configmap-kube-root-ca-cert',
    'apiVersion: v1\ndata:\n  ca.crt: |\n    -----BEGIN CERTIFICATE-----\n    MIIDBTCCAe2gAwIBAgIIH{b44}\n    {b64}\n    {b40}==\n    -----END CERTIFICATE-----\nkind: ConfigMap\nmetadata:\n  name: kube-root-ca.crt',
  ],
  [
    'look84-aws-cli-access-denied-request-id',
    'An error occurred (AccessDenied) when calling the PutObject operation: User: arn:aws:sts::123456789012:assumed-role/ci-deploy/gh-{d10} is not authorized to perform: s3:PutObject on resource: "arn:aws:s3:::acme-artifacts/builds/app.zip" (Service: S3, Status Code: 403, Request ID: {H16}, Extended Request ID: {b76})',
  ],
  [
    'look84-s3-head-object-headers',
    '$ curl -sI https://acme-artifacts.s3.eu-west-1.amazonaws.com/builds/app.zip\nHTTP/1.1 200 OK\nx-amz-id-2: {b76}\nx-amz-request-id: {H16}\nETag: "{h32}"\nx-amz-version-id: {B32}\nx-amz-server-side-encryption: AES256',
  ],
  [
    'look84-cloudfront-response-headers',
    'x-cache: Hit from cloudfront\nvia: 1.1 {h32}.cloudfront.net (CloudFront)\nx-amz-cf-pop: FRA56-P7\nx-amz-cf-id: {B54}==\nage: 312',
  ],
  [
    'look84-lambda-log-request-ids',
    'START RequestId: {h8}-{h4}-4{h3}-a{h3}-{h12} Version: $LATEST\n2024-06-04T10:12:44.901Z\t{h8}-{h4}-4{h3}-a{h3}-{h12}\tINFO\tprocessed 18 records\nEND RequestId: {h8}-{h4}-4{h3}-a{h3}-{h12}\nREPORT RequestId: {h8}-{h4}-4{h3}-a{h3}-{h12}\tDuration: 182.41 ms\tBilled Duration: 183 ms\tMemory Size: 512 MB\tMax Memory Used: 141 MB\nXRAY TraceId: 1-{h8}-{h24}\tSegmentId: {h16}\tSampled: true',
  ],
  [
    'look84-cloudtrail-event-ids',
    '{\n  "eventVersion": "1.09",\n  "eventTime": "2024-06-04T10:12:44Z",\n  "eventSource": "s3.amazonaws.com",\n  "eventName": "PutObject",\n  "requestID": "{H16}",\n  "eventID": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "sharedEventID": "{h8}-{h4}-4{h3}-8{h3}-{h12}",\n  "recipientAccountId": "123456789012"\n}',
  ],
  [
    'look84-sts-get-caller-identity',
    '$ aws sts get-caller-identity\n{\n    "UserId": "AIDA{u17}",\n    "Account": "123456789012",\n    "Arn": "arn:aws:iam::123456789012:user/dana"\n}',
  ],
  [
    'look84-acm-certificate-arn-and-kms-key-id',
    'certificate_arn = "arn:aws:acm:us-east-1:123456789012:certificate/{h8}-{h4}-4{h3}-a{h3}-{h12}"\nkms_key_id      = "arn:aws:kms:eu-west-1:123456789012:key/{h8}-{h4}-4{h3}-8{h3}-{h12}"',
  ],
  [
    'look84-sqs-receive-message-ids',
    '{\n    "Messages": [\n        {\n            "MessageId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n            "MD5OfBody": "{h32}",\n            "Body": "{\\"orderId\\":\\"ord_{a14}\\",\\"status\\":\\"paid\\"}"\n        }\n    ]\n}',
  ],
  [
    'look84-tfstate-header-serial-lineage',
    '{\n  "version": 4,\n  "terraform_version": "1.8.5",\n  "serial": 214,\n  "lineage": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "outputs": {\n    "api_url": { "value": "https://api.acme.io", "type": "string" }\n  },',
  ],
  [
    'look84-terraform-state-lock-info',
    'Error: Error acquiring the state lock\n\nLock Info:\n  ID:        {h8}-{h4}-4{h3}-a{h3}-{h12}\n  Path:      acme-tfstate/prod/terraform.tfstate\n  Operation: OperationTypeApply\n  Who:       runner@fv-az1234-567\n  Version:   1.8.5',
  ],
  [
    'look84-terraform-sensitive-output-masked',
    'Outputs:\n\ndb_endpoint = "orders.{l12}.eu-west-1.rds.amazonaws.com:5432"\ndb_password = <sensitive>\nstate_lineage = "{h8}-{h4}-4{h3}-a{h3}-{h12}"',
  ],
  ['look84-traceparent-header-w3c', 'traceparent: 00-{h32}-{h16}-01\ntracestate: rojo=00f067aa0ba902b7,congo=t61rcWkgMzE'],
  [
    'look84-otel-collector-debug-exporter',
    'Span #0\n    Trace ID       : {h32}\n    Parent ID      : {h16}\n    ID             : {h16}\n    Name           : GET /v2/orders\n    Kind           : Server\n    Start time     : 2024-06-04 10:12:44.901 +0000 UTC',
  ],
  ['look84-jaeger-trace-url', 'slow request, see http://jaeger.acme.internal:16686/trace/{h32}?uiFind={h16}'],
  [
    'look84-json-log-trace-span-ids',
    '{"level":"error","ts":"2024-06-04T10:12:44.901Z","msg":"upstream timeout","service":"checkout","trace_id":"{h32}","span_id":"{h16}","request_id":"01{h6}-{h4}-7{h3}-9{h3}-{h12}"}',
  ],
  [
    'look84-sentry-event-id-in-error-page',
    'Something went wrong. Our team has been notified.\nEvent ID: {h32}\nIf you contact support, include the ID above.',
  ],
  ['look84-sentry-issue-event-url', 'Here is the Sentry event: https://acme.sentry.io/issues/{d10}/events/{h32}/?project={d7}'],
  [
    'look84-sentry-browser-dsn-public-key-only',
    'Sentry.init({\n  dsn: "https://{h32}@o{d6}.ingest.us.sentry.io/{d7}",\n  release: "web@{h40}",\n  tracesSampleRate: 0.1,\n});',
  ],
  [
    'look84-datadog-decimal-trace-ids',
    '2024-06-04 10:12:44 ERROR [dd.service=billing dd.env=prod dd.version={h7} dd.trace_id={d19} dd.span_id={d19}] Timeout calling ledger',
  ],
  [
    'look84-stripe-listen-event-forwarding',
    '2024-06-04 10:12:44   --> customer.subscription.updated [evt_{a24}]\n2024-06-04 10:12:44  <--  [200] POST http://localhost:4242/webhook [evt_{a24}]\n2024-06-04 10:12:45   --> invoice.paid [evt_{a24}]\n2024-06-04 10:12:45  <--  [200] POST http://localhost:4242/webhook [evt_{a24}]',
  ],
  [
    'look84-stripe-customer-object-json',
    '{\n  "id": "cus_{a14}",\n  "object": "customer",\n  "default_source": null,\n  "invoice_settings": { "default_payment_method": "pm_{a24}" },\n  "subscriptions": { "data": [{ "id": "sub_{a24}", "items": { "data": [{ "price": { "id": "price_{a24}", "product": "prod_{a14}" } }] } }] }\n}',
  ],
  [
    'look84-stripe-publishable-key-loadstripe',
    'import { loadStripe } from "@stripe/stripe-js";\n// publishable key: safe to ship to the browser\nexport const stripePromise = loadStripe("pk_live_51{a97}");',
  ],
  [
    'look84-stripe-api-error-request-log',
    '{\n  "error": {\n    "code": "resource_missing",\n    "message": "No such customer: \'cus_{a14}\'",\n    "param": "customer",\n    "request_log_url": "https://dashboard.stripe.com/logs/req_{a14}?t=1717495964",\n    "type": "invalid_request_error"\n  }\n}',
  ],
  [
    'look84-stripe-signature-header-value',
    'POST /api/webhooks HTTP/1.1\nStripe-Signature: t=1717495964,v1={h64},v0={h64}\nContent-Type: application/json; charset=utf-8',
  ],
  [
    'look84-stripe-checkout-session-redirect',
    '302 -> https://checkout.stripe.com/c/pay/cs_live_{a58}#{B40}\nsuccess_url: https://app.acme.io/billing/success?session_id={CHECKOUT_SESSION_ID}',
  ],
  [
    'look84-stripe-secret-key-from-env-beside-ids',
    'const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: "2024-04-10" });\nconst pi = await stripe.paymentIntents.retrieve("pi_{a24}");\nconsole.log(pi.customer); // cus_{a14}',
  ],
  [
    'look84-firebase-config-api-key-from-env',
    'const firebaseConfig = {\n  apiKey: import.meta.env.VITE_FIREBASE_API_KEY,\n  authDomain: "acme-prod.firebaseapp.com",\n  projectId: "acme-prod",\n  storageBucket: "acme-prod.appspot.com",\n  messagingSenderId: "{d12}",\n  appId: "1:{d12}:web:{h22}",\n  measurementId: "G-{u10}",\n};',
  ],
  [
    'look84-google-services-json-ids',
    '  "project_info": {\n    "project_number": "{d12}",\n    "project_id": "acme-prod",\n    "storage_bucket": "acme-prod.appspot.com"\n  },\n  "client": [{\n    "client_info": { "mobilesdk_app_id": "1:{d12}:android:{h22}", "android_client_info": { "package_name": "io.acme.app" } },\n    "oauth_client": [{ "client_id": "{d12}-{l32}.apps.googleusercontent.com", "client_type": 3 }],',
  ],
  [
    'look84-google-identity-client-id-html',
    '<div id="g_id_onload"\n     data-client_id="{d12}-{l32}.apps.googleusercontent.com"\n     data-login_uri="https://app.acme.io/auth/google/callback"\n     data-auto_prompt="false">\n</div>',
  ],
  [
    'look84-gtag-gtm-recaptcha-site-key',
    '<script async src="https://www.googletagmanager.com/gtag/js?id=G-{u10}"></script>\n<!-- GTM-{u7} -->\n<div class="g-recaptcha" data-sitekey="6Lc{B37}"></div>',
  ],
  [
    'look84-android-signing-cert-fingerprints',
    'Variant: release\nConfig: release\nStore: /home/dev/acme/android/app/release.keystore\nAlias: acme\nMD5: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nSHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nValid until: Saturday, 30 May 2054',
  ],
  [
    'look84-algolia-instantsearch-search-only-key',
    '// search-only API key: it can only query the public index, so it ships to the browser\nconst searchClient = algoliasearch("{u10}", "{h32}");\nsearch = instantsearch({ indexName: "prod_docs", searchClient });',
  ],
  [
    'look84-docsearch-config-search-only',
    "docsearch({\n  container: '#docsearch',\n  appId: '{u10}',\n  indexName: 'acme',\n  apiKey: '{h32}', // public search-only key from the DocSearch dashboard\n});",
  ],
  [
    'look84-mapbox-public-token-mapbox-gl',
    "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22}';\nconst map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/acme-maps/{l25}', center: [4.9, 52.37], zoom: 11 });",
  ],
  [
    'look84-mapbox-public-token-in-static-url',
    '![route](https://api.mapbox.com/styles/v1/mapbox/streets-v12/static/4.9,52.37,11/600x400?access_token=pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22})',
  ],
  [
    'look84-oauth-client-ids-assorted',
    'GITHUB_APP_CLIENT_ID=Iv23li{a14}\nAZURE_CLIENT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_TENANT_ID={h8}-{h4}-4{h3}-8{h3}-{h12}\nOKTA_CLIENT_ID=0oa{a17}\nAUTH0_CLIENT_ID={a32}',
  ],
  [
    'look84-oauth-authorize-url-pkce',
    'https://auth.acme.io/oauth2/authorize?response_type=code&client_id=0oa{a17}&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fcallback&scope=openid%20profile&state={B22}&code_challenge={B43}&code_challenge_method=S256',
  ],
  [
    'look84-mapbox-secret-from-ci-secret-ref',
    '      - name: Build iOS\n        env:\n          MAPBOX_DOWNLOADS_TOKEN: ${{ secrets.MAPBOX_DOWNLOADS_TOKEN }}\n          MAPBOX_PUBLIC_TOKEN: pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6ImNs{a34}In0.{B22}',
  ],
  [
    'look84-pgp-public-key-block',
    '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ{b59}\n{b64}\n{b64}\n{b30}\n={b4}\n-----END PGP PUBLIC KEY BLOCK-----',
  ],
  [
    'look84-gpg-list-keys-fingerprints',
    '$ gpg --list-keys --keyid-format long release@acme.io\npub   ed25519/{H16} 2024-01-15 [SC] [expires: 2026-01-14]\n      {H40}\nuid                 [ultimate] Acme Release Signing <release@acme.io>\nsub   cv25519/{H16} 2024-01-15 [E] [expires: 2026-01-14]',
  ],
  [
    'look84-pgp-detached-signature-block',
    '$ cat acme-cli_1.9.0_SHA256SUMS.asc\n-----BEGIN PGP SIGNATURE-----\n\niHUEABYKAB0WIQ{b59}\n{b64}\n={b4}\n-----END PGP SIGNATURE-----',
  ],
  [
    'look84-authorized-keys-ed25519',
    '$ cat ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dana@laptop\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ci@acme',
  ],
  ['look84-ssh-rsa-public-key', 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b510} sam@workstation'],
  [
    'look84-known-hosts-hashed-entries',
    '|1|{b27}=|{b27}= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b118}=\n|1|{b27}=|{b27}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}',
  ],
  [
    'look84-known-hosts-github-published',
    'github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\ngitlab.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAfuCHKVTjquxvt6CM6tdG4SLp1Btn/nOeHHE5UOzRdf',
  ],
  [
    'look84-ssh-keygen-fingerprint-randomart',
    "Your public key has been saved in /home/dev/.ssh/id_ed25519.pub\nThe key fingerprint is:\nSHA256:{b43} dev@acme\nThe key's randomart image is:\n+--[ED25519 256]--+\n|      .o+*=o     |\n|     . o=B+o .   |\n+----[SHA256]-----+",
  ],
  [
    'look84-x509-certificate-pem',
    '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIU{b44}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END CERTIFICATE-----',
  ],
  [
    'look84-spki-public-key-pem-for-jwt',
    '# public key to verify access tokens (RS256)\nJWT_PUBLIC_KEY="-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\\n{b64}\\n{b64}\\n{b40}IDAQAB\\n-----END PUBLIC KEY-----"',
  ],
  ['look84-jwks-public-rsa-key', '{"keys":[{"kty":"RSA","use":"sig","kid":"{B43}","alg":"RS256","e":"AQAB","n":"{B342}","x5t":"{B27}"}]}'],
  [
    'look84-age-recipients-and-sops-enc-values',
    'db_password: ENC[AES256_GCM,data:{b24},iv:{b43}=,tag:{b22}==,type:str]\nsmtp_password: ENC[AES256_GCM,data:{b20},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}\n    lastmodified: "2024-06-04T10:12:44Z"\n    mac: ENC[AES256_GCM,data:{b86}==,iv:{b43}=,tag:{b22}==,type:str]',
  ],
  [
    'look84-wireguard-peer-public-keys-only',
    '[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPostUp = wg set %i private-key /etc/wireguard/wg0.key\n\n[Peer]\n# dana-laptop\nPublicKey = {b42}U=\nAllowedIPs = 10.8.0.2/32',
  ],
  [
    'look84-ansible-vault-encrypted-blob',
    'db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {h80}\n          {h80}\n          {h80}\n          {h40}',
  ],
  [
    'look84-data-image-png-base64-css',
    '.spinner { background: url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{b120}AAAAAElFTkSuQmCC") no-repeat center; }',
  ],
  [
    'look84-data-image-svg-base64-markdown',
    '[![build](data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI5MCIgaGVpZ2h0PSIyMCI+{b80})](https://github.com/acme/api/actions)',
  ],
  [
    'look84-woff2-font-data-uri',
    '@font-face {\n  font-family: "Inter";\n  src: url(data:font/woff2;base64,d09GMgABAAAAA{b150}) format("woff2");\n  font-display: swap;\n}',
  ],
  [
    'look84-protobuf-xxd-hexdump',
    '$ xxd req.bin\n00000000: 0a24 {h4} {h4} {h4} {h4} {h4} {h4} {h4}  .$..............\n00000010: {h4} {h4} {h4} {h4} {h4} {h4} {h4} {h4}  ................\n00000020: 1206 6f72 6465 7273 1a08 0801 1204 7061  ..orders......pa\n00000030: 6964                                     id',
  ],
  [
    'look84-protoc-decode-raw-output',
    '$ protoc --decode_raw < req.bin\n1: "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n2: "orders"\n3 {\n  1: 1\n  2: "paid"\n}\n4: 0x{h16}',
  ],
  [
    'look84-grpcurl-verbose-response',
    'Response headers received:\ncontent-type: application/grpc\ngrpc-accept-encoding: identity, deflate, gzip\nx-request-id: 01{h6}-{h4}-7{h3}-9{h3}-{h12}\n\nResponse contents:\n{ "id": "ord_{a14}", "status": "PAID", "etag": "W/\\"{h16}\\"" }',
  ],
  [
    'look84-uuid-v4-psql-rows',
    'acme=# select id, status from orders order by created_at desc limit 3;\n                  id                  | status\n--------------------------------------+--------\n {h8}-{h4}-4{h3}-a{h3}-{h12} | paid\n {h8}-{h4}-4{h3}-8{h3}-{h12} | pending\n {h8}-{h4}-4{h3}-a{h3}-{h12} | refunded',
  ],
  [
    'look84-uuid-v7-log-lines',
    '2024-06-04T10:12:44.901Z INFO job queued id=01{h6}-{h4}-7{h3}-9{h3}-{h12}\n2024-06-04T10:12:45.112Z INFO job started id=01{h6}-{h4}-7{h3}-9{h3}-{h12} attempt=1',
  ],
  ['look84-ulid-event-store-ids', '$ ls events/2024-06-04/\n01J{H23}.json\n01J{H23}.json\n01J{H23}.json'],
  ['look84-nanoid-in-app-routes', 'GET /api/projects/{B21}/tasks?cursor={B21} 200 42ms\nGET /api/projects/{B21}/members 200 18ms'],
  [
    'look84-mongodb-objectids',
    '> db.users.find({}, {_id: 1, email: 1}).limit(2)\n{ "_id" : ObjectId("{h24}"), "email" : "dana@acme.io" }\n{ "_id" : ObjectId("{h24}"), "email" : "sam@acme.io" }',
  ],
  [
    'look84-claude-code-tool-use-ids',
    '{"type":"assistant","message":{"id":"msg_01{a22}","model":"claude-sonnet-4-20250514","content":[{"type":"tool_use","id":"toolu_01{a22}","name":"Read","input":{"file_path":"/work/main/package.json"}}]},"requestId":"req_011C{a20}"}',
  ],
  [
    'look84-openai-completion-and-tool-call-ids',
    '{"id":"chatcmpl-{a29}","object":"chat.completion","created":1717495964,"model":"gpt-4o-2024-05-13","choices":[{"index":0,"message":{"role":"assistant","tool_calls":[{"id":"call_{a24}","type":"function","function":{"name":"run_shell","arguments":"{\\"cmd\\":\\"npm ci\\"}"}}]}}],"system_fingerprint":"fp_{h10}"}',
  ],
  [
    'look84-agent-session-transcript-paths',
    '$ ls ~/.claude/projects/-work-main/\n{h8}-{h4}-4{h3}-a{h3}-{h12}.jsonl\n{h8}-{h4}-4{h3}-8{h3}-{h12}.jsonl\n$ ls ~/.codex/sessions/2024/06/04/\nrollout-2024-06-04T10-12-44-01{h6}-{h4}-7{h3}-9{h3}-{h12}.jsonl',
  ],
  [
    'look84-mcp-session-id-header',
    'POST /mcp HTTP/1.1\nMcp-Session-Id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nContent-Type: application/json\n\n{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search","arguments":{"q":"integrity sha512"}}}',
  ],
  [
    'look84-agent-tool-output-truncated-notice',
    '<tool_output id="{h8}" exit_code="0" duration_ms="4121">\nOutput truncated (2,418 lines). Full output saved to /tmp/agent-{h12}/bash-{h8}.log\n</tool_output>',
  ],
  [
    'look84-slack-message-ts-and-channel-ids',
    'https://acme.slack.com/archives/C{u10}/p1717495964{d6}?thread_ts=1717495901.{d6}&cid=C{u10}',
  ],
  [
    'look84-vercel-deployment-ids',
    '✅  Preview: https://acme-web-{l9}-acme-team.vercel.app [2s]\nx-vercel-id: fra1::iad1::{l5}-1717495964{d3}-{h12}\nx-vercel-cache: MISS',
  ],
  ['look84-cloudflare-ray-and-cache-headers', '< cf-cache-status: HIT\n< cf-ray: {h16}-AMS\n< etag: W/"{h32}"\n< server: cloudflare'],
  ['look84-google-analytics-cookies', 'Cookie: _ga=GA1.1.{d10}.{d10}; _ga_{u10}=GS1.1.{d10}.3.1.{d10}.0.0.0; NEXT_LOCALE=en; theme=dark'],
  [
    'look84-idempotency-key-header',
    'curl -X POST https://api.acme.io/v1/refunds -H "Authorization: Bearer $ACME_TOKEN" -H "Idempotency-Key: {h8}-{h4}-4{h3}-a{h3}-{h12}" -d charge=ch_{a24}',
  ],
  [
    'look84-known-hash-vectors-in-tests',
    'test("sha256 of hello", () => {\n  expect(sha256("hello")).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");\n  expect(md5("")).toBe("d41d8cd98f00b204e9800998ecf8427e");\n  expect(sha1("abc")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");\n});',
  ],
  [
    'look84-fixture-content-hashes-json',
    '{\n  "fixtures/invoice-basic.pdf": "{h64}",\n  "fixtures/invoice-multi-currency.pdf": "{h64}",\n  "fixtures/logo.png": "{h64}"\n}',
  ],
  [
    'look84-rfc4231-hmac-test-vector',
    '# RFC 4231 test case 2 (public test vector)\nHMAC_SHA256_KEY  = b"Jefe"\nHMAC_SHA256_DATA = b"what do ya want for nothing?"\nEXPECTED = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"',
  ],
  [
    'look84-encrypted-blob-with-labelled-iv-salt',
    '{"v":1,"kdf":"pbkdf2-sha256","iter":600000,"salt":"{b22}==","iv":"{b16}","ct":"{b88}","tag":"{b22}=="}',
  ],
  [
    'look84-openssl-enc-salted-header-hexdump',
    '$ xxd backup.tar.gz.enc | head -2\n00000000: 5361 6c74 6564 5f5f {h4} {h4} {h4} {h4}  Salted__........\n00000010: {h4} {h4} {h4} {h4} {h4} {h4} {h4} {h4}  ................\n$ openssl enc -d -aes-256-cbc -pbkdf2 -in backup.tar.gz.enc -pass env:BACKUP_PASSPHRASE | tar tz | head -1',
  ],
  [
    'look84-kms-ciphertext-blob-labelled',
    '$ aws kms encrypt --key-id alias/app --plaintext fileb://dek.bin --query \'{CiphertextBlob:CiphertextBlob,KeyId:KeyId}\'\n{\n    "CiphertextBlob": "AQICAHh{b180}==",\n    "KeyId": "arn:aws:kms:eu-west-1:123456789012:key/{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'look84-jwtio-demo-token-in-docs',
    '## Authenticating\n\nSend a JWT in the `Authorization` header. For local experiments you can use the demo token from jwt.io:\n\n    Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ],
  [
    'look84-jwtio-demo-token-decode-test',
    'it("decodes claims without verifying", () => {\n  const token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";\n  expect(jwtDecode(token)).toEqual({ sub: "1234567890", name: "John Doe", iat: 1516239022 });\n});',
  ],
  [
    'look84-jwtio-demo-token-python-repl',
    ">>> jwt.decode(\"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c\", \"your-256-bit-secret\", algorithms=[\"HS256\"])\n{'sub': '1234567890', 'name': 'John Doe', 'iat': 1516239022}",
  ],
  [
    'look84-emoji-shortcodes-pr-comment',
    ':white_check_mark: lint  :white_check_mark: unit  :x: e2e (flaky?) :thinking_face:\nLGTM :+1: :shipit: once e2e is green :rocket:',
  ],
  [
    'look84-gitmoji-commit-log',
    '{h7} :sparkles: add invoice export\n{h7} :bug: fix rounding in tax calc\n{h7} :arrow_up: bump vite to 5.2.13\n{h7} :lock: pin actions to commit SHAs',
  ],
  [
    'look84-agent-chat-prose-about-hashes',
    "The lockfile change is only the `integrity` fields: npm re-resolved `esbuild@0.21.5` and the new hash is sha512-{b86}==. That's expected after switching registries, nothing secret in there — the commit {h7} just updates hashes.",
  ],
  [
    'look84-agent-summary-with-ids',
    'Done. Pushed {h7} to `fix/timeout`, CI run 9384{d6} is green, image `ghcr.io/acme/api@sha256:{h64}` is deployed to staging (pod `api-7d9f8b6c5d-{l5}`), trace {h32} now shows 212 ms instead of 30 s.',
  ],
  [
    'look84-env-reference-secrets-beside-ids',
    'STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY}\nSTRIPE_WEBHOOK_SECRET=\nSTRIPE_PRICE_ID=price_{a24}\nSENTRY_AUTH_TOKEN=****\nSENTRY_RELEASE={h40}',
  ],
  [
    'look84-github-actions-run-log-artifact-digest',
    'Run actions/upload-artifact@{h40}\nWith the provided path, there will be 42 files uploaded\nArtifact dist has been successfully uploaded! Final size is 2188021 bytes. Artifact ID is {d10}\nArtifact digest is {h64}',
  ],
];
