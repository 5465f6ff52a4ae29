/** A thirty-ninth held-out batch, mostly look-alikes shaped like the negative examples of public rule sets (gitleaks false-positive lists, Nosey Parker and Kingfisher negative examples): code that names tokens, masked CLI output, wrong-alphabet and wrong-length near-misses, lockfile hashes, public keys and ids, references in many dialects, with live secrets placed right beside a same-vendor look-alike; written blind from the facts of those rule sets, every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND39_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'vault-service-token-go-beside-receiver-method-call',
    'func (s *Syncer) Run(ctx context.Context) error {\n\tif err := s.rotateServiceAccountKeys(ctx); err != nil {\n\t\treturn fmt.Errorf("vault sync: %w", err)\n\t}\n\tclient, _ := vault.NewClient(vault.DefaultConfig())\n\tclient.SetToken("«hvs.CAESI{B86}»")\n\treturn s.pull(ctx, client)\n}',
  ],
  [
    'aws-keys-env-dump-beside-caller-identity-ids',
    '$ aws sts get-caller-identity\n{\n    "UserId": "AIDA{U17}",\n    "Arn": "arn:aws:iam::{d12}:user/ci-deployer"\n}\nand these are the keys it picked up from the runner env:\nAWS_ACCESS_KEY_ID=«AKIA{U16}»\nAWS_SECRET_ACCESS_KEY=«{b40}»',
  ],
  [
    'gitlab-pat-xtrace-log-beside-masked-job-token',
    "$ set -x; ./scripts/publish.sh\n+ curl --fail --header 'JOB-TOKEN: [MASKED]' https://gitlab.acme.io/api/v4/projects/412/packages/generic/cli/1.8.2/cli.tar.gz --upload-file cli.tar.gz\n+ curl --fail --header 'PRIVATE-TOKEN: «glpat-{B20}»' --data tag_name=v1.8.2 https://gitlab.acme.io/api/v4/projects/412/releases",
  ],
  [
    'gitlab-runner-auth-token-config-toml-beside-register-comment',
    '# registered with: gitlab-runner register --non-interactive --url https://gitlab.acme.io --token "$RUNNER_AUTH_TOKEN" --executor docker\nconcurrent = 4\n\n[[runners]]\n  name = "docker-eu-1"\n  url = "https://gitlab.acme.io"\n  id = {d5}\n  token = "«glrt-{B20}»"\n  token_obtained_at = 2024-06-11T10:02:13Z\n  executor = "docker"',
  ],
  [
    'github-pat-trufflehog-finding-beside-commit-sha',
    '🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷\n\nFound verified result 🐷🔑\nDetector Type: Github\nDecoder Type: PLAIN\nRaw result: «ghp_{a36}»\nCommit: {h40}\nFile: scripts/release.sh\nLine: 14',
  ],
  [
    'github-oauth-hosts-yml-beside-masked-auth-status',
    '$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account acme-bot (/home/ci/.config/gh/hosts.yml)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        acme-bot:\n            oauth_token: «gho_{a36}»\n    git_protocol: https\n    user: acme-bot',
  ],
  [
    'slack-bot-token-python-beside-token-pattern-constant',
    '# slack_notify.py\nBOT_TOKEN_PATTERN = re.compile(r"^xoxb-\\d+-\\d+-[A-Za-z0-9]{24}$")\n\nclient = WebClient(token="«xoxb-{d12}-{d13}-{a24}»")\nassert BOT_TOKEN_PATTERN.match(client.token)',
  ],
  [
    'slack-app-level-token-beside-socket-mode-app-id-log',
    'SLACK_APP_TOKEN=«xapp-1-A{U10}-{d13}-{h64}»\n---\n⚡️ Bolt app is running! (socket mode)\n[DEBUG] socket_mode: connected team_id=T0{U8} enterprise_id=null session=s_{d13}',
  ],
  [
    'openai-service-account-key-repl-beside-completion-ids',
    ">>> resp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)\n>>> resp.id, resp.system_fingerprint\n('chatcmpl-{a29}', 'fp_{h10}')\n>>> client.api_key\n'«sk-svcacct-{B74}T3BlbkFJ{B74}»'",
  ],
  [
    'anthropic-admin-key-curl-beside-partial-key-hint',
    '$ curl -s https://api.anthropic.com/v1/organizations/api_keys -H "x-api-key: «sk-ant-admin01-{B93}AA»" -H "anthropic-version: 2023-06-01" | jq \'.data[0] | {id, name, partial_key_hint}\'\n{\n  "id": "apikey_01{a22}",\n  "name": "ci-evals",\n  "partial_key_hint": "sk-ant-api03-{a3}...{a3}AA"\n}',
  ],
  [
    'huggingface-token-git-clone-url-beside-revision-sha',
    '$ git clone https://dana:«hf_{a34}»@huggingface.co/acme/orders-classifier\n$ cd orders-classifier && git log -1 --format=%H\n{h40}\n# pin it: AutoModel.from_pretrained("acme/orders-classifier", revision="{h40}")',
  ],
  [
    'replicate-token-export-beside-model-version-hash',
    'export REPLICATE_API_TOKEN=«r8_{a37}»\npython - <<\'EOF\'\nimport replicate\nout = replicate.run(\n    "acme/sdxl-product-shots:{h64}",\n    input={"prompt": "a ceramic mug on a walnut desk"},\n)\nEOF',
  ],
  [
    'npm-token-project-npmrc-beside-protected-config-list',
    '$ npm config list\n; "user" config from /home/dana/.npmrc\n//registry.npmjs.org/:_authToken = (protected)\n; node bin location = /usr/local/bin/node\n$ cat .npmrc   # project file, committed by mistake\n//registry.npmjs.org/:_authToken=«npm_{a36}»',
  ],
  [
    'pypi-token-twine-flag-beside-pip-hash-output',
    '$ pip hash dist/acme_orders-2.3.1-py3-none-any.whl\ndist/acme_orders-2.3.1-py3-none-any.whl:\n--hash=sha256:{h64}\n$ twine upload -u __token__ -p «pypi-AgEIcHlwaS5vcmcCJD{B140}» dist/*',
  ],
  [
    'cratesio-token-workflow-env-beside-cargo-lock-checksum',
    '[[package]]\nname = "acme-orders"\nversion = "2.3.1"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"\n\n# .github/workflows/release.yml\nenv:\n  CARGO_REGISTRY_TOKEN: «cio{a32}»',
  ],
  [
    'sonarqube-user-token-scanner-flag-beside-ce-task-id',
    'INFO: Analysis report uploaded in 212ms\nINFO: More about the report processing at https://sonar.acme.io/api/ce/task?id=AY{B18}\nINFO: ------------------------------------------------------------------------\nINFO: EXECUTION SUCCESS\nthe command from the Jenkinsfile was:\nsonar-scanner -Dsonar.projectKey=orders-api -Dsonar.host.url=https://sonar.acme.io -Dsonar.token=«squ_{h40}»',
  ],
  [
    'snyk-api-token-uuid-beside-org-uuid',
    '$ snyk config get org\n{h8}-{h4}-{h4}-{h4}-{h12}\n$ snyk config get api\n«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'heroku-platform-key-export-beside-app-id-json',
    '$ heroku apps:info -a orders-api --json | jq \'.app | {id, name, stack: .stack.name}\'\n{\n  "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "name": "orders-api",\n  "stack": "heroku-24"\n}\n$ export HEROKU_API_KEY=«HRKU-AA{B58}»',
  ],
  [
    'datadog-api-key-dotenv-beside-rum-client-token',
    "// web/src/rum.ts (browser bundle)\ndatadogRum.init({ applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}', clientToken: 'pub{h32}', site: 'datadoghq.eu', service: 'orders-web' });\n\n# api/.env (server)\nDD_API_KEY=«{h32}»\nDD_SITE=datadoghq.eu",
  ],
  [
    'newrelic-user-key-deploy-marker-beside-browser-license-key',
    '<script>window.NREUM||(NREUM={});NREUM.loader_config={accountID:"{d7}",trustKey:"{d7}",agentID:"{d10}",licenseKey:"NRJS-{h19}",applicationID:"{d10}"};</script>\n<!-- deploy marker sent from ci/deploy.sh: -->\ncurl -X POST https://api.newrelic.com/graphql -H \'API-Key: «NRAK-{U27}»\' -H \'Content-Type: application/json\' -d @marker.json',
  ],
  [
    'twilio-api-key-secret-dotenv-beside-sids',
    'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_API_KEY=SK{h32}\nTWILIO_API_SECRET=«{a32}»\nTWILIO_VERIFY_SERVICE_SID=VA{h32}',
  ],
  [
    'sendgrid-api-key-beside-signed-webhook-public-key',
    'SENDGRID_API_KEY=«SG.{B22}.{B43}»\n# public key from Mail Settings → Signed Event Webhook, only used to verify inbound events\nSENDGRID_WEBHOOK_PUBLIC_KEY=MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b86}==',
  ],
  [
    'postmark-server-token-header-beside-message-id-uuid',
    '$ curl -s https://api.postmarkapp.com/email -H "Accept: application/json" -H "Content-Type: application/json" -H "X-Postmark-Server-Token: «{h8}-{h4}-{h4}-{h4}-{h12}»" -d @welcome.json\n{"To":"dana@acme.io","SubmittedAt":"2024-06-11T10:02:13.3821Z","MessageID":"{h8}-{h4}-{h4}-{h4}-{h12}","ErrorCode":0,"Message":"OK"}',
  ],
  [
    'telegram-bot-token-url-beside-getme-bot-id',
    '$ curl -s https://api.telegram.org/bot«{d10}:AA{B33}»/getMe\n{"ok":true,"result":{"id":{d10},"is_bot":true,"first_name":"Orders Alerts","username":"acme_orders_bot","can_join_groups":true}}',
  ],
  [
    'discord-webhook-url-beside-interactions-public-key',
    'DISCORD_APPLICATION_ID={d19}\nDISCORD_PUBLIC_KEY={h64}\nDISCORD_ALERTS_WEBHOOK=«https://discord.com/api/webhooks/{d19}/{B68}»',
  ],
  [
    'azure-storage-account-key-prod-settings-beside-development-storage',
    '// appsettings.Development.json\n{ "Storage": { "ConnectionString": "UseDevelopmentStorage=true" } }\n// appsettings.Production.json\n{ "Storage": { "ConnectionString": "DefaultEndpointsProtocol=https;AccountName=acmeordersprod;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net" } }',
  ],
  [
    'azure-devops-pat-clone-url-beside-system-accesstoken',
    'steps:\n  - script: echo "$(System.AccessToken)" | az devops login --organization https://dev.azure.com/acme\n  - script: |\n      git clone https://build:«{k52}»@dev.azure.com/acme/Orders/_git/orders-infra',
  ],
  [
    'digitalocean-token-doctl-config-beside-droplet-ids',
    '$ doctl compute droplet list --format ID,Name,PublicIPv4\nID           Name            Public IPv4\n{d9}    orders-web-1    203.0.113.{d2}\n{d9}    orders-web-2    203.0.113.{d2}\n$ cat ~/.config/doctl/config.yaml\naccess-token: «dop_v1_{h64}»\ncontext: default',
  ],
  [
    'mongodb-atlas-private-key-beside-public-key-and-project-id',
    'export MONGODB_ATLAS_PUBLIC_KEY={l8}\nexport MONGODB_ATLAS_PRIVATE_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\natlas clusters list --projectId {h24} --output json',
  ],
  [
    'confluent-api-secret-jaas-beside-cluster-ids',
    '# cluster lkc-{l5} in environment env-{l5}\nbootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{U16}" password="«{b64}»";',
  ],
  [
    'ethereum-deployer-private-key-beside-tx-hash-and-address',
    'Deployer: 0x{h40}\nDeployed OrdersEscrow at 0x{h40} (tx 0x{h64}, block {d8}, gas 1,204,331)\nDEPLOYER_PRIVATE_KEY=«0x{h64}»',
  ],
  [
    'wireguard-private-key-conf-beside-wg-show-hidden',
    '$ sudo wg show wg0\ninterface: wg0\n  public key: {b43}=\n  private key: (hidden)\n  listening port: 51820\n$ sudo cat /etc/wireguard/wg0.conf\n[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPrivateKey = «{b43}=»',
  ],
  [
    'aspnet-machinekey-release-config-beside-autogenerate',
    '<!-- Web.Debug.config -->\n<machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" />\n<!-- Web.Release.config (web farm, keys must match on every node) -->\n<machineKey validationKey="«{H128}»" decryptionKey="«{H64}»" validation="HMACSHA256" decryption="AES" />',
  ],
  [
    'wordpress-auth-salts-beside-sample-phrase-comment',
    "// wp-config-sample.php ships with: define( 'AUTH_KEY', 'put your unique phrase here' );\ndefine( 'AUTH_KEY',         '«{a14}!;{a11}%{a9}*({a12}@{a10}»' );\ndefine( 'SECURE_AUTH_KEY',  '«{a10}^{a16}~{a9}#{a13}:{a8}»' );\ndefine( 'LOGGED_IN_KEY',    'put your unique phrase here' );",
  ],
  [
    'redis-requirepass-beside-commented-stock-line',
    '# IMPORTANT NOTE: starting with Redis 6 "requirepass" is just a compatibility\n# layer on top of the new ACL system.\n#\n# requirepass foobared\nrequirepass «{a32}»\nmaxmemory 2gb',
  ],
  [
    'elastic-cloud-auth-password-beside-cloud-id',
    '# filebeat.yml\ncloud.id: "orders-prod:{b120}"\ncloud.auth: "elastic:«{a24}»"\noutput.elasticsearch.index: "orders-%{[agent.version]}"',
  ],
  ['asana-pat-dotenv-beside-workspace-gids', 'ASANA_WORKSPACE_GID={d16}\nASANA_PROJECT_GID={d16}\nASANA_PAT=«2/{d16}/{d16}:{h32}»'],
  [
    'plaid-access-token-json-beside-item-and-request-ids',
    '{"access_token": "«access-production-{h8}-{h4}-{h4}-{h4}-{h12}»", "item_id": "{a37}", "request_id": "{a15}"}',
  ],
  [
    'onepassword-service-account-token-beside-op-references',
    '# .env.tpl, resolved with `op inject -i .env.tpl -o .env`\nSTRIPE_SECRET_KEY={{ op://Payments/Stripe/secret key }}\nDATABASE_URL={{ op://Payments/orders-db/url }}\n\n# ci.env\nOP_SERVICE_ACCOUNT_TOKEN=«ops_eyJzaWduSW5BZGRyZXNzIjoiYWNtZS4xcGFzc3dvcmQuY29tIiwidXNlckF1dGgiOnsibWV0aG9kIjoiU1JQZy00MDk2IiwiYWxnIjoiUEJFUzJnLUhTMjU2IiwiaXRlcmF0aW9ucyI6NjUwMDAwLCJzYWx0Ijoi{b320}»',
  ],
  [
    'pulumi-access-token-inline-beside-secret-config-listing',
    '$ pulumi config --stack prod\nKEY                VALUE\naws:region         eu-west-1\norders:dbPassword  [secret]\n$ PULUMI_ACCESS_TOKEN=«pul-{h40}» pulumi up --stack prod --yes',
  ],
  [
    'linear-api-key-graphql-curl-beside-issue-ids',
    '$ curl -s https://api.linear.app/graphql -H "Authorization: «lin_api_{a40}»" -H "Content-Type: application/json" -d \'{"query":"{ issue(id: \\"ENG-{d4}\\") { id title } }"}\'\n{"data":{"issue":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","title":"Retry webhooks on 5xx"}}}',
  ],
  [
    'notion-integration-token-beside-page-id-url',
    'NOTION_TOKEN=«secret_{a43}»\n# runbook page: https://www.notion.so/acme/Orders-on-call-runbook-{h32}\nNOTION_RUNBOOK_PAGE_ID={h32}',
  ],
  [
    'airtable-pat-js-beside-base-table-view-ids',
    "const base = new Airtable({ apiKey: '«pat{a14}.{h64}»' }).base('app{a14}');\nconst orders = await base('tbl{a14}').select({ view: 'viw{a14}' }).all();",
  ],
  [
    'k8s-secret-decoded-value-beside-describe-byte-counts',
    "$ kubectl -n prod describe secret orders-db\nName:         orders-db\nNamespace:    prod\nType:  Opaque\n\nData\n====\npassword:  24 bytes\n$ kubectl -n prod get secret orders-db -o jsonpath='{.data.password}' | base64 -d\n«{a24}»",
  ],
  ['laravel-app-key-env-diff-beside-empty-example', '$ diff .env.example .env\n3c3\n< APP_KEY=\n---\n> APP_KEY=«base64:{b43}=»'],
];

export const BLIND39_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'identifier',
    "2024-06-11 10:02:13.381  INFO 1 --- [           main] o.s.c.s.PostProcessorRegistrationDelegate : Bean 'vaultTemplate' of type [org.springframework.vault.core.VaultTemplate] is not eligible for getting processed by all BeanPostProcessors",
  ],
  [
    'identifier',
    'func (s *Server) rotate(ctx context.Context) error {\n\tif err := s.rotateServiceAccountKeys(ctx); err != nil {\n\t\treturn fmt.Errorf("vault: rotate: %w", err)\n\t}\n\ts.lastRotation = time.Now()\n\treturn nil\n}',
  ],
  [
    'other',
    '>sp|Q9{U4}{d1}|KPCA_RAT Protein kinase C alpha type (fragment)\nMSDLKPEEGRNVTQWLCFDHSAPRTGEYVKNMLQRSTWPEDGKLVFAHNQCRETYMSGQL\nVDNPHERTKWGSCAYLMQFDIVNREGKTPSDLAWHCYNEGMVQRFTPDSKLHAGVEWQTN\nAKIAELRQEGVTDLNPKHWS',
  ],
  ['identifier', 'public enum MarketRegion {\n    NORTHAMERICA,\n    EUROPEMIDDLEEAST,\n    ASIAPACIFICSOUTHEAST,\n    LATINAMERICA\n}'],
  [
    'prose',
    'aws_secret_access_key\n=======================================================\nThe second half of an access key pair. IAM shows it exactly once, when the key is created.',
  ],
  ['identifier', '$ aws sts get-caller-identity\n{\n    "UserId": "AIDA{U17}",\n    "Arn": "arn:aws:iam::{d12}:user/ci-deployer"\n}'],
  [
    'identifier',
    "aws secretsmanager describe-secret --secret-id arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6} --query '{Name:Name,LastRotated:LastRotatedDate}'",
  ],
  [
    'masked',
    '$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <not set>             None    None\naccess_key     ****************{U4} shared-credentials-file\nsecret_key     ****************{a4} shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config',
  ],
  [
    'masked',
    '  # aws_db_instance.orders will be created\n  + resource "aws_db_instance" "orders" {\n      + engine          = "postgres"\n      + master_password = (sensitive value)\n      + username        = "orders_admin"\n    }',
  ],
  ['public', "Amplify.configure({\n  Auth: { region: 'eu-west-1', userPoolId: 'eu-west-1_{a9}', userPoolWebClientId: '{l26}' },\n});"],
  [
    'identifier',
    '- uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::{d12}:role/gha-deploy\n    aws-region: eu-west-1',
  ],
  [
    'prose',
    "gitleaks flagged src/fixtures/iam.json:12 (aws-access-token), but it's the AKIAIOSFODNN7EXAMPLE value from the AWS docs, so I added the file to .gitleaksignore.",
  ],
  [
    'identifier',
    '{\n  "type": "service_account",\n  "project_id": "acme-prod",\n  "private_key_id": "{h40}",\n  "client_email": "deployer@acme-prod.iam.gserviceaccount.com",\n  "client_id": "{d21}",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}',
  ],
  ['stand-in', 'GOOGLE_MAPS_API_KEY=AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
  [
    'prose',
    'Google OAuth access tokens look like ya29. followed by an opaque string and expire after an hour; refresh tokens start with 1//.',
  ],
  ['stand-in', '# local.defaults.properties (checked in; the real key goes in secrets.properties)\nMAPS_API_KEY=DEFAULT_API_KEY'],
  [
    'identifier',
    'const firebaseConfig = {\n  authDomain: "acme-orders.firebaseapp.com",\n  projectId: "acme-orders",\n  storageBucket: "acme-orders.appspot.com",\n  messagingSenderId: "{d12}",\n  appId: "1:{d12}:web:{h22}"\n};',
  ],
  ['identifier', 'SecretUri: https://acme-kv.vault.azure.net/secrets/sql-admin-password/{h32}'],
  [
    'reference',
    "\"AzureWebJobsStorage\": \"[concat('DefaultEndpointsProtocol=https;AccountName=', variables('saName'), ';AccountKey=', listKeys(resourceId('Microsoft.Storage/storageAccounts', variables('saName')), '2023-01-01').keys[0].value)]\"",
  ],
  [
    'other',
    '"ConnectionStrings": {\n  "Blobs": "UseDevelopmentStorage=true",\n  "Default": "Server=(localdb)\\\\mssqllocaldb;Database=Orders;Trusted_Connection=True;MultipleActiveResultSets=true"\n}',
  ],
  ['stand-in', 'conn_str = f"Endpoint=sb://{namespace}.servicebus.windows.net/;SharedAccessKeyName={policy};SharedAccessKey={key}"'],
  [
    'reference',
    'resource "azurerm_key_vault_secret" "sp" {\n  name         = "ci-sp-secret"\n  value        = azuread_application_password.ci.value\n  key_vault_id = azurerm_key_vault.main.id\n}',
  ],
  [
    'masked',
    '$ az ad app credential list --id {h8}-{h4}-{h4}-{h4}-{h12}\n[\n  {\n    "displayName": "github-actions",\n    "endDateTime": "2025-06-11T10:02:13Z",\n    "hint": "{a3}",\n    "keyId": "{h8}-{h4}-{h4}-{h4}-{h12}"\n  }\n]',
  ],
  [
    'masked',
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account acme-bot (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'identifier',
    '$ gh secret list\nNAME               UPDATED\nNPM_TOKEN          about 2 months ago\nSLACK_WEBHOOK_URL  about 5 days ago\nSONAR_TOKEN        about 1 year ago',
  ],
  ['hash-of-public', '    steps:\n      - uses: actions/checkout@{h40} # v4.1.7\n      - uses: actions/setup-node@{h40} # v4.0.3'],
  [
    'reference',
    'define acme::deploy_checkout($repo, $branch = \'main\', $github_token = undef) {\n  exec { "clone ${repo}": command => "/usr/bin/git clone ${repo}" }\n}',
  ],
  [
    'public',
    'GITHUB_CLIENT_ID=Iv23li{a14}\nGITHUB_CLIENT_SECRET=\n# ^ create one under Settings → Developer settings → GitHub Apps → orders-bot',
  ],
  [
    'masked',
    '$ echo "uploading with $DEPLOY_TOKEN"\nuploading with [MASKED]\n$ curl --header "PRIVATE-TOKEN: $DEPLOY_TOKEN" "$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases"\n{"tag_name":"v1.8.2","name":"v1.8.2"}',
  ],
  ['identifier', 'git checkout -b glpat-expiry-notifications-v2'],
  ['other', 'git log -p --all | grep -nE \'glpat-[0-9A-Za-z_-]{20}\' || echo "no personal access tokens in history"'],
  ['stand-in', 'gitlab-runner register --url https://gitlab.acme.io --registration-token GR1348941xxxxxxxxxxxxxxxxxxxx --executor docker'],
  [
    'other',
    'const SLACK_BOT_TOKEN_RE = /xoxb-\\d{10,13}-\\d{10,13}-[A-Za-z0-9]{24}/g;\nconst SLACK_USER_TOKEN_RE = /xoxp-\\d+-\\d+-\\d+-[a-f0-9]{32}/g;',
  ],
  ['too-short', 'if not token.startswith(("xoxb-", "xoxp-")):\n    raise ValueError("expected a Slack bot or user token")'],
  [
    'identifier',
    '{"ok": true, "channel": "C0{U8}", "ts": "{d10}.{d6}", "message": {"user": "U0{U8}", "team": "T0{U8}", "bot_id": "B0{U8}"}}',
  ],
  ['public', 'SLACK_CLIENT_ID={d12}.{d13}\nSLACK_CLIENT_SECRET=${SLACK_CLIENT_SECRET:?set in the deploy environment}'],
  [
    'public',
    'DISCORD_APPLICATION_ID={d19}\nDISCORD_PUBLIC_KEY={h64}   # ed25519 key Discord signs interactions with; shown publicly on the General Information page',
  ],
  ['identifier', 'TELEGRAM_ALERTS_CHAT_ID=-100{d10}'],
  [
    'public',
    'curl -s "https://api.twitch.tv/helix/streams?user_login=acme_live" -H "Client-Id: {l30}" -H "Authorization: Bearer $TWITCH_APP_TOKEN"',
  ],
  [
    'public',
    'https://accounts.spotify.com/authorize?client_id={h32}&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A8888%2Fcallback&code_challenge_method=S256&code_challenge={B43}&state={B16}',
  ],
  ['public', "const dbx = new DropboxAuth({ clientId: '{l15}' }); // PKCE, no app secret in the browser"],
  [
    'public',
    "Use Stripe's test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 9995 (declined, insufficient funds). Any future expiry and any CVC.",
  ],
  [
    'public',
    'https://connect.stripe.com/oauth/authorize?response_type=code&client_id=ca_{a32}&scope=read_write&redirect_uri=https://app.acme.io/stripe/callback',
  ],
  ['identifier', 'transfer tr_{a24} to acct_{a16} succeeded (amount 4200 eur, source_transaction ch_{a24})'],
  [
    'identifier',
    '.stripe-secret-key-field { font-family: ui-monospace, monospace; letter-spacing: .02em; }\n#reveal-api-token { cursor: pointer; }',
  ],
  [
    'identifier',
    '<label for="twilio-auth-token">Auth Token</label>\n<input id="twilio-auth-token" name="twilio[auth_token]" type="password" autocomplete="off" required>',
  ],
  ['identifier', 'verification VE{h32} for service VA{h32}: status=approved channel=sms'],
  ['other', 'X-Twilio-Signature: {b27}=\nI-Twilio-Idempotency-Token: {h8}-{h4}-{h4}-{h4}-{h12}'],
  ['identifier', "await sgMail.send({ to, from: 'orders@acme.io', templateId: 'd-{h32}', dynamicTemplateData: { orderId } });"],
  ['too-short', '@pytest.fixture\ndef expired_sendgrid_key(monkeypatch):\n    monkeypatch.setenv("SENDGRID_API_KEY", "SG.expired")'],
  [
    'public',
    '# Mail Settings → Signed Event Webhook → Verification Key (public, used to check the ECDSA signature)\nSENDGRID_WEBHOOK_VERIFICATION_KEY=MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b86}==',
  ],
  ['identifier', 'mailgun: accepted id=<{d14}.{h16}@mg.acme.io> recipient=dana@acme.io event=delivered'],
  ['reference', 'sb.append("ApiKey: " + config.getMailjetApiKey() + ", ApiSecret: " + maskSecret(config.getMailjetApiSecret()) + "\\n");'],
  ['identifier', 'POST /3.0/lists/{h10}/members  (dc=us21)  -> 200  member {h32}'],
  ['other', 'svix-id: msg_{a27}\nsvix-timestamp: {d10}\nsvix-signature: v1,{b43}='],
  [
    'public',
    '# shopify.app.toml, written by `shopify app config link`\nclient_id = "{h32}"\nname = "orders-sync"\napplication_url = "https://orders-sync.acme.io"',
  ],
  ['other', 'X-Shopify-Topic: orders/create\nX-Shopify-Hmac-Sha256: {b43}=\nX-Shopify-Shop-Domain: acme-shop.myshopify.com'],
  ['other', 'Paddle-Signature: ts={d10};h1={h64}'],
  ['hash-of-public', 'Transaction submitted: 0x{h64}\nView on Etherscan: https://etherscan.io/tx/0x{h64}'],
  ['public', 'payouts go to 0x{h40} (acme-treasury.eth)'],
  ['public', 'Program Id: {a44}\nSignature: {a87}'],
  ['public', 'relay list for npub1{k59}: wss://relay.damus.io, wss://nos.lol'],
  ['public', 'HiddenServiceDir /var/lib/tor/orders/\n# hostname: {k56}.onion'],
  [
    'public',
    "const subscription = await registration.pushManager.subscribe({\n  userVisibleOnly: true,\n  applicationServerKey: 'B{B86}', // VAPID public key\n});",
  ],
  [
    'public',
    'github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\ngitlab.acme.io ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b139}=',
  ],
  ['hash-of-public', '$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{b43} deploy@ci (ED25519)'],
  [
    'public',
    '<md:KeyDescriptor use="signing">\n  <ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIDqDCCApCgAwIBAgIGAY{b200}{b120}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n</md:KeyDescriptor>',
  ],
  [
    'public',
    '$ curl -s https://acme.eu.auth0.com/.well-known/jwks.json\n{"keys":[{"kty":"RSA","use":"sig","alg":"RS256","kid":"{B22}","n":"{B342}","e":"AQAB"}]}',
  ],
  [
    'public',
    '{"realm":"acme","public_key":"MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b300}{b48}IDAQAB","token-service":"https://sso.acme.io/realms/acme/protocol/openid-connect","tokens-not-before":0}',
  ],
  [
    'public',
    "const oktaAuth = new OktaAuth({\n  issuer: 'https://acme.okta.com/oauth2/default',\n  clientId: '0oa{a17}', // SPA app, PKCE, no client secret\n  redirectUri: window.location.origin + '/login/callback',\n});",
  ],
  [
    'public',
    'gpg: Signature made Tue 11 Jun 2024 10:02:13 CEST\ngpg:                using EDDSA key {H40}\ngpg: Good signature from "Dana Ortiz <dana@acme.io>" [ultimate]',
  ],
  [
    'public',
    '$ cat cosign.pub\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b64}\n{b22}==\n-----END PUBLIC KEY-----\n$ cosign verify --key cosign.pub ghcr.io/acme/orders:1.8.2',
  ],
  [
    'public',
    '#/-------------------[DOTENV_PUBLIC_KEY]--------------------/\n#/            public-key encryption for .env files          /\n#/----------------------------------------------------------/\nDOTENV_PUBLIC_KEY_PRODUCTION="02{h64}"\nDATABASE_URL="encrypted:{b140}"',
  ],
  ['hash-of-public', 'golang.org/x/oauth2 v0.21.0 h1:{b43}=\ngolang.org/x/oauth2 v0.21.0/go.mod h1:{b43}='],
  [
    'hash-of-public',
    '[[package]]\nname = "secrecy"\nversion = "0.8.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"',
  ],
  [
    'hash-of-public',
    '"@auth0/nextjs-auth0@npm:3.5.0":\n  version: 3.5.0\n  resolution: "@auth0/nextjs-auth0@npm:3.5.0"\n  checksum: 10c0/{h128}\n  languageName: node',
  ],
  ['hash-of-public', 'python-dotenv==1.0.1 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}'],
  [
    'hash-of-public',
    '"node_modules/jsonwebtoken": {\n  "version": "9.0.2",\n  "resolved": "https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  [
    'hash-of-public',
    'provider "registry.terraform.io/cloudflare/cloudflare" {\n  version     = "4.34.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'hash-of-public',
    '<component group="io.jsonwebtoken" name="jjwt-api" version="0.12.5">\n   <artifact name="jjwt-api-0.12.5.jar">\n      <sha256 value="{h64}" origin="Generated by Gradle"/>\n   </artifact>\n</component>',
  ],
  ['hash-of-public', '"Microsoft.Identity.Client": {\n  "type": "Transitive",\n  "resolved": "4.61.3",\n  "contentHash": "{b86}=="\n}'],
  [
    'hash-of-public',
    '<script src="https://cdn.jsdelivr.net/npm/@clerk/clerk-js@5/dist/clerk.browser.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>',
  ],
  ['hash-of-public', 'CHECKSUMS\n  jwt (2.8.2) sha256={h64}\n  omniauth-github (2.0.1) sha256={h64}'],
  ['hash-of-public', 'FROM node:20.14-alpine@sha256:{h64} AS build'],
  ['identifier', '$ docker run -d --name orders-db -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password postgres:16\n{h64}'],
  [
    'masked',
    '$ kubectl -n prod describe secret stripe-credentials\nName:         stripe-credentials\nNamespace:    prod\nType:  Opaque\n\nData\n====\nsecret-key:      107 bytes\nwebhook-secret:  38 bytes',
  ],
  [
    'other',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: orders-db-conn\ntype: Opaque\ndata:\n  DB_HOST: ZGIucHJvZC5pbnRlcm5hbA==\n  DB_NAME: b3JkZXJz\n  DB_PORT: NTQzMg==\n  DB_USER: b3JkZXJzX2FwcA==\n# password comes from the orders-db-password secret via secretKeyRef',
  ],
  [
    'reference',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ include "orders.fullname" . }}-redis\ndata:\n  redis-password: {{ .Values.redis.auth.password | b64enc | quote }}',
  ],
  ['too-short', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: registry-htpasswd\ntype: Opaque\ndata:\n  htpasswd: ""'],
  [
    'reference',
    'apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: datadog-keys\nspec:\n  secretStoreRef: { kind: ClusterSecretStore, name: aws-secrets-manager }\n  data:\n    - secretKey: api-key\n      remoteRef: { key: prod/datadog, property: api_key }',
  ],
  [
    'other',
    'apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: orders-smtp\nspec:\n  encryptedData:\n    password: AgB{b300}{b40}',
  ],
  [
    'masked',
    '$ argocd app diff orders-prod\n===== /Secret prod/orders-db ======\n8c8\n<   password: ++++++++\n---\n>   password: ++++++++++++',
  ],
  ['masked', '$ terraform output\ndb_endpoint = "orders.{l12}.eu-west-1.rds.amazonaws.com"\ndb_password = <sensitive>'],
  [
    'masked',
    '$ pulumi config\nKEY                  VALUE\naws:region           eu-west-1\norders:sentryDsn     [secret]\norders:stripeKey     [secret]',
  ],
  [
    'masked',
    "receivers:\n- name: oncall\n  slack_configs:\n  - api_url: <secret>\n    channel: '#orders-alerts'\n  pagerduty_configs:\n  - routing_key: <secret>",
  ],
  [
    'reference',
    'remote_write:\n  - url: https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\n    basic_auth:\n      username: {d7}\n      password_file: /etc/prometheus/secrets/grafana-cloud-token',
  ],
  [
    'reference',
    'datasources:\n  - name: orders-pg\n    type: postgres\n    url: db.prod.internal:5432\n    user: grafana_ro\n    secureJsonData:\n      password: $__file{/run/secrets/grafana_pg_password}',
  ],
  [
    'masked',
    '{"id": 7, "uid": "{a14}", "name": "orders-pg", "type": "grafana-postgresql-datasource", "secureJsonFields": {"password": true}}',
  ],
  ['identifier', 'https://grafana.acme.io/d/{a9}/orders-api?orgId=1&from=now-6h&to=now&var-env=prod'],
  [
    'reference',
    'config.providers=file\nconfig.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${file:/opt/kafka/secrets.properties:user}" password="${file:/opt/kafka/secrets.properties:password}";',
  ],
  ['reference', 'acme.io {\n\ttls {\n\t\tdns cloudflare {env.CLOUDFLARE_API_TOKEN}\n\t}\n\treverse_proxy orders:8080\n}'],
  [
    'identifier',
    'ssl_certificate     /etc/nginx/certs/orders.acme.io/fullchain.pem;\nssl_certificate_key /etc/nginx/certs/orders.acme.io/privkey.pem;\nauth_basic_user_file /etc/nginx/.htpasswd;',
  ],
  [
    'reference',
    'solvers:\n  - dns01:\n      cloudflare:\n        apiTokenSecretRef:\n          name: cloudflare-api-token-secret\n          key: api-token',
  ],
  [
    'reference',
    "withCredentials([usernamePassword(credentialsId: 'nexus-deployer', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n    sh './mvnw -s ci/settings.xml deploy'\n}",
  ],
  [
    'masked',
    '[Pipeline] withCredentials\nMasking supported pattern matches of $SONAR_TOKEN\n[Pipeline] sh\n+ sonar-scanner -Dsonar.projectKey=orders-api -Dsonar.token=****',
  ],
  ['reference', '# syntax=docker/dockerfile:1.7\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev'],
  ['other', 'env:\n  global:\n    - secure: "{b300}{b44}"'],
  ['masked', 'Setting environment variables from repository settings\n$ export SNYK_TOKEN=[secure]\n$ export SNYK_ORG=acme'],
  ['masked', 'CODECOV_TOKEN  xxxx{h4}   Added 3 months ago'],
  ['masked', '+ echo $ATLASSIAN_API_TOKEN\n$ATLASSIAN_API_TOKEN'],
  ['masked', '~~~ Running global environment hook\nBUILDKITE_AGENT_ACCESS_TOKEN=[REDACTED]\nBUILDKITE_BUILD_ID={h8}-{h4}-{h4}-{h4}-{h12}'],
  ['masked', 'Run ./scripts/publish.sh\n  env:\n    CLOUDSMITH_API_KEY: ***\n    CLOUDSMITH_REPO: acme/orders'],
  ['identifier', 'echo "$npm_package_name@$npm_package_version ($npm_lifecycle_event) via $npm_config_user_agent"'],
  ['other', 'NPM_TOKEN_RE = re.compile(r"\\bnpm_[A-Za-z0-9]{36}\\b")'],
  [
    'identifier',
    'from huggingface_hub import hf_hub_download\npath = hf_hub_download(repo_id="acme/orders-classifier", filename="model.safetensors")',
  ],
  ['masked', '$ huggingface-cli auth list\n  name          token\n- ci-read       hf_****{a4}\n* dana-write    hf_****{a4}'],
  ['identifier', 'assistant=asst_{a24} thread=thread_{a24} run=run_{a24} file=file-{a22} status=completed'],
  [
    'masked',
    'NAME            SECRET KEY       CREATED        LAST USED\norders-ci       sk-...{a4}       Jun 3, 2024    Jun 11, 2024\nevals-nightly   sk-...{a4}       Feb 9, 2024    Never',
  ],
  [
    'identifier',
    '{"id": "msg_01{a22}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "stop_reason": "end_turn"}\nrequest-id: req_011C{a20}',
  ],
  ['masked', 'Key           sk-ant-api03-{a3}...{a4}AA   created by dana@acme.io   last used 2 hours ago'],
  ['identifier', 'https://www.notion.so/acme/Incident-review-2024-06-11-{h32}?pvs=4'],
  ['identifier', 'GET https://api.atlassian.com/ex/jira/{h8}-{h4}-{h4}-{h4}-{h12}/rest/api/3/issue/OPS-{d4}'],
  ['stand-in', 'Jira Cloud uses basic auth: Authorization: Basic base64(<atlassian-account-email>:<api-token>)'],
  ['identifier', 'GET /2.0/repositories/acme/%7B{h8}-{h4}-{h4}-{h4}-{h12}%7D/pipelines/?sort=-created_on'],
  ['identifier', 'https://app.asana.com/0/{d16}/{d16}/f'],
  [
    'prose',
    'I rotated the Linear key this morning; the new one is in 1Password under "Linear API (ci)". Please don\'t paste it in this thread.',
  ],
  ['identifier', 'func TestDatadogAPIKeyRejectedWhenShorterThan32Chars(t *testing.T) {'],
  ['reference', 'resource "datadog_api_key" "ci" { name = "orders-ci" }\n\nmodule "forwarder" {\n  dd_api_key = datadog_api_key.ci.key\n}'],
  ['masked', '  API Keys status\n  ===============\n    API key ending with {h5}: API Key valid'],
  ['identifier', 'alert {h8}-{h4}-{h4}-{h4}-{h12}-{d13} (tinyId {d4}) acknowledged by oncall@acme.io'],
  ['identifier', 'sentry-cli releases new "orders-api@{h40}" && sentry-cli releases set-commits --auto "orders-api@{h40}"'],
  ['masked', 'relay: forwarding envelope dsn=https://***@o{d6}.ingest.sentry.io/{d7} event_id={h32}'],
  [
    'identifier',
    '{"messageId": "ajs-next-{h32}", "type": "track", "event": "Order Completed", "anonymousId": "{h8}-{h4}-{h4}-{h4}-{h12}"}',
  ],
  ['public', 'window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "{l8}" };'],
  ['identifier', 'cf-ray: {h16}-FRA\ncf-cache-status: DYNAMIC'],
  ['hash-of-public', 'x-served-by: cache-fra-eddf{d7}-FRA\nfastly-debug-digest: {h64}'],
  ['identifier', 'Access Denied. Reference #18.{h8}.{d10}.{h8}'],
  ['identifier', 'x-vercel-id: fra1::iad1::{l5}-{d13}-{h12}\ndeployment dpl_{a28} is READY'],
  [
    'masked',
    '$ vercel env ls production\n name            value        environments        created\n DATABASE_URL    Encrypted    Production          12d ago\n STRIPE_SECRET   Encrypted    Production          12d ago',
  ],
  ['identifier', 'Deploy {h24} published to https://orders.acme.io (site {h8}-{h4}-{h4}-{h4}-{h12})'],
  [
    'masked',
    '$ fly secrets list -a orders-api\nNAME            DIGEST              CREATED AT\nDATABASE_URL    {h16}    2m ago\nSTRIPE_SECRET   {h16}    2m ago',
  ],
  ['identifier', '$ heroku apps:info -a orders-api --json | jq -r .app.id\n{h8}-{h4}-{h4}-{h4}-{h12}'],
  ['stand-in', 'HEROKU_API_KEY=00000000-1111-2222-3333-444444444444   # any well-formed value works with the mock server in tests/'],
  ['prose', 'chore(infra): drop the hard-coded Hetzner token from terraform/main.tf; it was rotated and now comes from HCLOUD_TOKEN'],
  ['stand-in', 'uri := fmt.Sprintf("mongodb+srv://%s:%s@%s/?retryWrites=true&w=majority", user, url.QueryEscape(pass), host)'],
  ['identifier', 'snowsql -a {U7}-{U7} -u svc_orders --authenticator SNOWFLAKE_JWT --private-key-path ~/.snowflake/rsa_key.p8'],
  ['identifier', 'https://adb-{d16}.{d2}.azuredatabricks.net/?o={d16}#setting/clusters/{d4}-{d6}-{l8}/configuration'],
  ['identifier', 'SUPABASE_URL=https://{L20}.supabase.co\nSUPABASE_FUNCTIONS_URL=https://{L20}.supabase.co/functions/v1'],
  ['identifier', 'host=ep-{L5}-{L5}-{a8}.eu-central-1.aws.neon.tech dbname=orders user=orders_app sslmode=require'],
  ['identifier', 'index = pc.Index(host="orders-{h7}.svc.aped-4627-b74a.pinecone.io")'],
  [
    'identifier',
    "export const client = createClient({ projectId: '{l8}', dataset: 'production', apiVersion: '2024-06-01', useCdn: true });",
  ],
  [
    'identifier',
    'APP_STORE_CONNECT_ISSUER_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAPP_STORE_CONNECT_KEY_ID={U10}\nAPP_STORE_CONNECT_KEY_PATH=./ci/AuthKey_{U10}.p8',
  ],
  [
    'reference',
    '// Config.xcconfig\nREVENUECAT_API_KEY = $(REVENUECAT_API_KEY)\n// Purchases.configure(withAPIKey: Bundle.main.object(forInfoDictionaryKey: "REVENUECAT_API_KEY") as! String)',
  ],
  ['reference', 'ansible_user: deploy\nansible_become_password: "{{ vault_become_password }}"'],
  [
    'other',
    '{\n  "id": "stripe",\n  "secret_key": {\n    "encrypted_data": "{b64}\\n{b44}\\n",\n    "iv": "{b16}\\n",\n    "auth_tag": "{b22}==\\n",\n    "version": 3,\n    "cipher": "aes-256-gcm"\n  }\n}',
  ],
  [
    'reference',
    'template {\n  data = <<EOF\n{{ with nomadVar "nomad/jobs/orders" }}DB_PASSWORD={{ .db_password }}{{ end }}\nEOF\n  destination = "secrets/db.env"\n  env         = true\n}',
  ],
  ['reference', "$dsn = 'pgsql:host=' . $cfg['db']['host'] . ';dbname=' . $cfg['db']['name'] . ';password=' . $cfg['db']['password'];"],
  [
    'identifier',
    'orders=> \\conninfo\nYou are connected to database "orders" as user "orders_app" on host "db.prod.internal" (address "10.0.3.17") at port "5432".\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)',
  ],
  ['too-short', 'mysql -h db.prod.internal -u orders_admin -p orders\nEnter password:'],
  ['stand-in', 'cypher-shell -a neo4j://localhost:7687 -u neo4j -p \'<neo4j-password>\' "MATCH (n) RETURN count(n);"'],
  [
    'stand-in',
    'curl --digest -u admin:password "http://192.168.1.64/ISAPI/System/deviceInfo"   # factory default from the camera manual, changed on first boot',
  ],
  [
    'masked',
    'curl -s https://netbox.acme.io/api/dcim/devices/?site=fra1 -H "Authorization: Token ****************************************" -H "Accept: application/json"',
  ],
  [
    'too-short',
    'curl -u "ci-bot" --upload-file orders-2.3.1.jar https://nexus.acme.io/repository/releases/io/acme/orders/2.3.1/orders-2.3.1.jar\nEnter host password for user \'ci-bot\':',
  ],
  [
    'reference',
    '- run: curl -fsS -u "${{ secrets.ES_USER }}:${{ secrets.ES_PASSWORD }}" "https://es.acme.io:9200/_cluster/health?wait_for_status=yellow"',
  ],
  [
    'reference',
    'readinessProbe:\n  exec:\n    command: ["sh", "-c", "curl -fsS {{- if .Values.auth.enabled }} -u \\"{{ .Values.auth.user }}:{{ .Values.auth.password }}\\"{{- end }} http://localhost:8080/api/v2.0/ping"]',
  ],
  [
    'reference',
    'curl -fsS --user "$(cat ~/.config/artifactory/user):$(cat ~/.config/artifactory/token)" -T build/orders.zip https://acme.jfrog.io/artifactory/generic-local/orders/',
  ],
  [
    'prose',
    "The elastic user's password is generated on first start; run `bin/elasticsearch-reset-password -u elastic` to print a new one.",
  ],
  ['prose', 'If the admin console asks, the password is whatever you exported as KEYCLOAK_ADMIN_PASSWORD before `kc.sh start-dev`.'],
  ['reference', 'using var entry = new DirectoryEntry(ldapPath, bindUser, bindPassword, AuthenticationTypes.Secure);'],
  ['reference', 'client.Credentials = new NetworkCredential(_options.SmtpUser, _options.SmtpPassword);'],
  ['too-short', '<appSettings>\n  <add key="SmtpUser" value="orders@acme.io" />\n  <add key="SmtpPassword" value="" />\n</appSettings>'],
  ['reference', '<add key="SendGridApiKey" value="$(SendGridApiKey)" />'],
  [
    'masked',
    '"spring.datasource.password": {\n  "value": "******",\n  "origin": "System Environment Property \\"SPRING_DATASOURCE_PASSWORD\\""\n}',
  ],
  ['other', 'spring.datasource.password=ENC({b64})\njasypt.encryptor.password=${JASYPT_ENCRYPTOR_PASSWORD}'],
  [
    'masked',
    'Started POST "/users/sign_in" for 10.0.3.17\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"dana@acme.io", "password"=>"[FILTERED]"}}',
  ],
  [
    'identifier',
    "resources :api_tokens, only: %i[index create destroy]\npatch '/settings/password', to: 'passwords#update', as: :update_password",
  ],
  [
    'masked',
    "DATABASES\n{'default': {'ENGINE': 'django.db.backends.postgresql',\n             'HOST': 'db.prod.internal',\n             'NAME': 'orders',\n             'PASSWORD': '********************',\n             'USER': 'orders_app'}}",
  ],
  [
    'stand-in',
    "define( 'AUTH_KEY',         'put your unique phrase here' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );\ndefine( 'NONCE_SALT',       'put your unique phrase here' );",
  ],
  [
    'other',
    '<system.web>\n  <machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" />\n</system.web>',
  ],
  ['other', "Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-{b22}=='; object-src 'none'"],
  [
    'identifier',
    'export const labels = {\n  apiKeyLabel: "API key",\n  apiSecretLabel: "API secret",\n  tokenHint: "Paste the token from Settings → API → Personal tokens",\n};',
  ],
  ['prose', '"settings.apiKeys.revokeConfirm": "Revoke the key ending in {last4}? Integrations using it will stop working immediately."'],
  [
    'prose',
    'WARNING! Your password will be stored unencrypted in /home/dana/.docker/config.json.\nConfigure a credential helper to remove this warning. See\nhttps://docs.docker.com/engine/reference/commandline/login/#credential-stores',
  ],
  [
    'identifier',
    'C:\\> cmdkey /list\n\nCurrently stored credentials:\n\n    Target: LegacyGeneric:target=git:https://dev.azure.com\n    Type: Generic\n    User: PersonalAccessToken',
  ],
  ['reference', "sops exec-env secrets/prod.enc.yaml 'npm run migrate'"],
  ['masked', '$ op item get "Stripe prod" --fields label=credential\n[use \'op item get {l26} --reveal\' to reveal]'],
  ['masked', 'login:\n  serviceAccountToken:\n    fn::secret: ops_eyJzaWduSW5B...'],
  [
    'identifier',
    '$ zerotier-cli listnetworks\n200 listnetworks {h16} orders-mesh 5e:{h2}:{h2}:{h2}:{h2}:{h2} OK PRIVATE ztk{l7} 10.147.17.{d2}/24',
  ],
  ['identifier', 'Forwarding  https://{h4}-{d2}-{d3}-{d2}-{d2}.ngrok-free.app -> http://localhost:3000'],
  [
    'masked',
    '$ sudo wg show\ninterface: wg0\n  public key: {b43}=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b43}=\n  endpoint: 203.0.113.{d2}:51820\n  allowed ips: 10.8.0.2/32',
  ],
  ['public', '<ca>\n-----BEGIN CERTIFICATE-----\nMIIDSzCCAjOgAwIBAgIU{b44}\n{b64}\n{b64}\n-----END CERTIFICATE-----\n</ca>'],
  ['identifier', 'kinit -kt /etc/security/keytabs/orders.service.keytab HTTP/orders.corp.acme.io@CORP.ACME.IO'],
  ['other', 'root:*:19720:0:99999:7:::\ndaemon:*:19720:0:99999:7:::\norders:!:19721:0:99999:7:::'],
  [
    'other',
    'POST /oauth/token HTTP/1.1\nHost: auth.acme.io\nAuthorization: Basic YWNtZS13ZWItc3BhOg==\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=authorization_code&code_verifier=<from sessionStorage>&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fcb',
  ],
  [
    'other',
    '.logo { background-image: url("data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCI+{b180}"); }',
  ],
  [
    'prose',
    'The first segment eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9 is just base64 for {"alg":"ES256","typ":"JWT"}; the payload and signature are what you should never paste.',
  ],
  [
    'stand-in',
    '# e.g. LANGSMITH_API_KEY=lsv2_pt_... (personal) or lsv2_sk_... (service key)\nLANGSMITH_API_KEY=\nLANGSMITH_PROJECT=orders-evals',
  ],
  ['too-short', 'CIRCLE_TOKEN=CCIPAT_\n# ^ paste the rest from User Settings → Personal API Tokens'],
  [
    'prose',
    'Neon connection strings carry the password right after the role name; ours is filled in from NEON_DB_PASSWORD at deploy time, so the repo only has the host.',
  ],
  [
    'masked',
    '$ doppler secrets --project orders --config prd --only-names\n┌──────────────────────┐\n│ NAME                 │\n├──────────────────────┤\n│ DATABASE_URL         │\n│ STRIPE_SECRET_KEY    │\n└──────────────────────┘',
  ],
  ['masked', '[settings] clickup token: pk_{d8}_****************************{U4}  (saved to keychain)'],
  ['other', 'X-Hub-Signature: sha1={h40}\nX-GitHub-Hook-ID: {d9}\nX-GitHub-Hook-Installation-Target-ID: {d8}'],
];
