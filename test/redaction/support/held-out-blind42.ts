/** A forty-second held-out batch, look-alikes modelled on the kinds of non-secret that Nosey Parker rules list as negative examples and that Kingfisher rules screen out (placeholder words, low-entropy or digit-free values), one set per vendor: public client ids and publishable keys, token ids without their secret half, lockfile and release checksums, SDK method names and CSS classes that share a prefix, references and masked console output, with live secrets placed beside a same-vendor near-miss; written blind from the facts of those rule sets, every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND42_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'age-identity-keygen-output-beside-public-key-comment',
    '$ age-keygen -o ~/.config/sops/age/keys.txt\nPublic key: age1{k58}\n$ cat ~/.config/sops/age/keys.txt\n# created: 2024-06-11T09:41:07+02:00\n# public key: age1{k58}\n«AGE-SECRET-KEY-1{e58}»',
  ],
  [
    'recaptcha-secret-key-dotenv-beside-site-key',
    '# .env (server side only, never shipped to the browser)\nRECAPTCHA_SITE_KEY=6L{B38}   # also rendered into templates/signup.html\nRECAPTCHA_SECRET_KEY=«6L{B38}»\nRECAPTCHA_MIN_SCORE=0.5',
  ],
  [
    'mailgun-private-key-settings-beside-pubkey',
    '# settings/mail.py\nMAILGUN_DOMAIN = "mg.acme.io"\nMAILGUN_PUBLIC_KEY = "pubkey-{h32}"  # only used by the address validator widget\nMAILGUN_API_KEY = "«key-{h32}»"',
  ],
  [
    'mapbox-upload-token-script-beside-bundle-public-token',
    '// src/map.config.ts\nexport const MAPBOX_PUBLIC_TOKEN = "pk.eyJ1Ijoi{B40}.{B22}"; // URL-restricted, fine in the bundle\n\n// scripts/upload-tileset.ts (runs on the build box only)\nconst MAPBOX_UPLOAD_TOKEN = "«sk.eyJ1Ijoi{B40}.{B22}»";',
  ],
  [
    'kubeconfig-client-key-data-beside-ca-and-cert-data',
    'clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU{b120}\n    server: https://127.0.0.1:41873\n  name: kind-billing\nusers:\n- name: kind-billing-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU{b120}\n    client-key-data: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF{b240}»',
  ],
  [
    'mongodb-atlas-private-key-exports-beside-public-key',
    'export MONGODB_ATLAS_PUBLIC_KEY="{L8}"\nexport MONGODB_ATLAS_PRIVATE_KEY="«{h8}-{h4}-{h4}-{h4}-{h12}»"\nexport MONGODB_ATLAS_ORG_ID="{h24}"\nterraform plan -var-file=prod.tfvars',
  ],
  [
    'newrelic-user-key-deploy-marker-beside-browser-license-key',
    '<script>;NREUM.loader_config={accountID:"{d7}",licenseKey:"NRJS-{h19}",applicationID:"{d10}"};</script>\n\nand the deploy step that records the release:\ncurl -X POST https://api.newrelic.com/graphql -H "API-Key: «NRAK-{U27}»" -H "Content-Type: application/json" -d \'{"query":"mutation { changeTrackingCreateDeployment(deployment: {version: \\"1.8.2\\", entityGuid: \\"{B40}\\"}) { deploymentId } }"}\'',
  ],
  [
    'shopify-admin-token-hydrogen-env-beside-storefront-token',
    '# .env for the Hydrogen storefront\nPUBLIC_STOREFRONT_API_TOKEN={h32}\nPUBLIC_STORE_DOMAIN=acme-shop.myshopify.com\nPRIVATE_ADMIN_API_TOKEN=«shpat_{h32}»\nSESSION_SECRET_NAME=session',
  ],
  [
    'square-application-secret-yaml-beside-application-id',
    'square:\n  application_id: sq0idp-{B22}\n  location_id: L{U12}\n  application_secret: «sq0csp-{B43}»\n  environment: production',
  ],
  [
    'stripe-restricted-key-env-beside-publishable-key',
    'STRIPE_PUBLISHABLE_KEY=pk_live_51{a97}\nSTRIPE_RESTRICTED_KEY=«rk_live_51{a97}»\nSTRIPE_ACCOUNT=acct_{a16}',
  ],
  [
    'twilio-auth-token-client-ctor-beside-account-sid',
    'from twilio.rest import Client\n\nclient = Client("AC{h32}", "«{h32}»")\nmessage = client.messages.create(messaging_service_sid="MG{h32}", to=to, body=body)',
  ],
  [
    'wireguard-interface-private-key-beside-peer-public-key',
    '[Interface]\nAddress = 10.20.0.5/32\nPrivateKey = «{b43}=»\nDNS = 10.20.0.1\n\n[Peer]\nPublicKey = {b43}=\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.20.0.0/16',
  ],
  [
    'dynatrace-api-token-rotation-beside-token-id-delete',
    '# rotate: export the new token, then delete the old one by its token id\nexport DT_API_TOKEN="«dt0c01.{U24}.{U64}»"\ncurl -X DELETE "https://{l8}.live.dynatrace.com/api/v2/apiTokens/dt0c01.{U24}" -H "Authorization: Api-Token $DT_API_TOKEN"',
  ],
  [
    'blynk-auth-token-arduino-define-beside-template-id',
    '#define BLYNK_TEMPLATE_ID "TMPL{a8}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse Node"\n#define BLYNK_AUTH_TOKEN "«{B32}»"\n\n#include <WiFi.h>\n#include <BlynkSimpleEsp32.h>',
  ],
  [
    'sendgrid-api-key-env-beside-dynamic-template-ids',
    'SENDGRID_API_KEY=«SG.{B22}.{B43}»\nSENDGRID_TEMPLATE_RECEIPT=d-{h32}\nSENDGRID_TEMPLATE_PASSWORD_RESET=d-{h32}',
  ],
  [
    'slack-bot-token-env-beside-oauth-client-id',
    'SLACK_CLIENT_ID={d12}.{d13}\nSLACK_BOT_TOKEN=«xoxb-{d12}-{d13}-{a24}»\nSLACK_DEFAULT_CHANNEL=C0{U9}',
  ],
  [
    'okta-api-token-yaml-beside-user-and-group-ids',
    'okta:\n  org_url: https://acme.okta.com\n  api_token: «00{B39}{a1}»\n  sync_group_id: 00g{a17}\n  service_user_id: 00u{a17}',
  ],
  [
    'openai-project-key-env-beside-org-and-project-ids',
    'OPENAI_ORG_ID=org-{a24}\nOPENAI_PROJECT_ID=proj_{a24}\nOPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»',
  ],
  [
    'anthropic-api-key-debug-env-beside-request-id',
    "anthropic.RateLimitError: Error code: 429 - {'type': 'error', 'error': {'type': 'rate_limit_error', 'message': 'Number of request tokens has exceeded your per-minute rate limit'}, 'request_id': 'req_011C{a20}'}\n(debug) env at failure:\nANTHROPIC_BASE_URL=https://api.anthropic.com\nANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»",
  ],
  [
    'grafana-service-account-token-curl-beside-dashboard-uid',
    'curl -s -H "Authorization: Bearer «glsa_{a32}_{h8}»" "https://grafana.acme.io/api/dashboards/uid/{a9}" | jq \'.dashboard.title\'',
  ],
  [
    'datadog-api-key-worker-env-beside-rum-client-token',
    '# apps/web/.env.production\nNEXT_PUBLIC_DD_CLIENT_TOKEN=pub{h32}\nNEXT_PUBLIC_DD_APPLICATION_ID={h8}-{h4}-{h4}-{h4}-{h12}\n# apps/worker/.env.production\nDD_SITE=datadoghq.eu\nDD_API_KEY=«{h32}»',
  ],
  [
    'segment-public-api-token-curl-beside-browser-write-key',
    'the browser snippet only has the write key: analytics.load("{a32}")\nbut the cleanup script uses the workspace token:\ncurl -s -H "Authorization: Bearer «sgp_{a64}»" https://api.segmentapis.com/sources | jq \'.data.sources[].name\'',
  ],
  [
    'github-oauth-app-secret-env-beside-client-id',
    'GITHUB_CLIENT_ID=Ov23li{a14}\nGITHUB_CLIENT_SECRET=«{h40}»\nGITHUB_CALLBACK_URL=https://app.acme.io/auth/github/callback',
  ],
  [
    'codeclimate-reporter-id-ci-script-beside-binary-checksum',
    'script:\n  - curl -L https://codeclimate.com/downloads/test-reporter/test-reporter-0.11.1-linux-amd64 > cc-test-reporter\n  - echo "{h64}  cc-test-reporter" | sha256sum -c -\n  - export CC_TEST_REPORTER_ID=«{h64}»\n  - ./cc-test-reporter before-build',
  ],
  [
    'artifactory-api-key-upload-beside-checksum-response',
    '$ curl -H "X-JFrog-Art-Api: «AKCp8{a68}»" -T dist/app-1.4.0.tgz "https://acme.jfrog.io/artifactory/npm-local/app/-/app-1.4.0.tgz"\n{\n  "repo" : "npm-local",\n  "path" : "/app/-/app-1.4.0.tgz",\n  "checksums" : { "sha1" : "{h40}", "md5" : "{h32}", "sha256" : "{h64}" }\n}',
  ],
  [
    'databricks-pat-cfg-profile-beside-cluster-and-warehouse-ids',
    '[prod]\nhost         = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken        = «dapi{h32}»\ncluster_id   = {d4}-{d6}-{l8}\nwarehouse_id = {h16}',
  ],
  [
    'gitlab-trigger-token-curl-beside-upstream-commit-sha',
    'curl -X POST --fail -F token=«glptt-{h40}» -F ref=main -F "variables[UPSTREAM_SHA]={h40}" https://gitlab.acme.io/api/v4/projects/{d3}/trigger/pipeline',
  ],
  [
    'dockerhub-pat-login-flag-beside-push-digest',
    '$ docker login -u acmebot -p «dckr_pat_{B27}»\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n$ docker push acme/billing-api:1.8.2\n1.8.2: digest: sha256:{h64} size: 1789',
  ],
  ['facebook-app-secret-env-beside-app-id', 'FACEBOOK_APP_ID={d15}\nFACEBOOK_APP_SECRET=«{h32}»\nFACEBOOK_GRAPH_VERSION=v19.0'],
  [
    'kubeadm-join-token-beside-ca-cert-hash',
    '$ kubeadm token create --print-join-command\nkubeadm join 10.0.0.10:6443 --token «{l6}.{l16}» --discovery-token-ca-cert-hash sha256:{h64}',
  ],
  ['telegram-bot-token-env-beside-supergroup-chat-id', 'TELEGRAM_BOT_TOKEN=«{d10}:AA{B33}»\nTELEGRAM_ALERT_CHAT_ID=-100{d10}'],
  [
    'heroku-api-key-export-beside-app-id-lookup',
    '$ heroku apps:info -a acme-billing --json | jq -r .app.id\n{h8}-{h4}-{h4}-{h4}-{h12}\n$ export HEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\n$ heroku ps -a acme-billing',
  ],
  [
    'azure-storage-account-key-local-settings-beside-appinsights-string',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "APPLICATIONINSIGHTS_CONNECTION_STRING": "InstrumentationKey={h8}-{h4}-{h4}-{h4}-{h12};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/",\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=acmebilling{l4};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n  }\n}',
  ],
  [
    'npm-automation-token-npmrc-beside-publish-integrity',
    '$ cat .npmrc\n//registry.npmjs.org/:_authToken=«npm_{a36}»\n$ npm publish --access public\nnpm notice shasum:        {h40}\nnpm notice integrity:     sha512-{b20}[...]{b10}==\n+ @acme/ui-kit@3.2.0',
  ],
  [
    'pypi-token-pypirc-beside-wheel-sha256',
    '$ cat ~/.pypirc\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmc{B120}»\n$ sha256sum dist/acme_utils-2.3.1-py3-none-any.whl\n{h64}  dist/acme_utils-2.3.1-py3-none-any.whl',
  ],
];

export const BLIND42_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'identifier',
    '# io_client.py\nasync def aio_fetchLatestFeedValuesForDash(session, feed_keys):\n    """Pull the newest point for each Adafruit IO feed in one round trip."""\n    return await asyncio.gather(*(session.get(f"/api/v2/{USER}/feeds/{k}/data/last") for k in feed_keys))',
  ],
  [
    'reference',
    'from Adafruit_IO import Client\n\naio = Client(os.environ["ADAFRUIT_IO_USERNAME"], os.environ["ADAFRUIT_IO_KEY"])\naio.send_data("greenhouse.humidity", reading)',
  ],
  ['masked', 'Adafruit IO > My Key\nUsername:   greenhouse_ops\nActive Key: aio_••••••••••••••••••••••••{a4}   [Copy] [Regenerate Key]'],
  [
    'identifier',
    '{\n  "client_credentials": {\n    "client_id": "{h32}",\n    "client_secret": "${ADOBE_CLIENT_SECRET}"\n  },\n  "org_id": "{H24}@AdobeOrg",\n  "technical_account_id": "{H24}@techacct.adobe.com",\n  "scopes": ["openid", "AdobeID", "read_organizations"]\n}',
  ],
  [
    'prose',
    'Adobe OAuth server-to-server secrets start with p8e- and carry 32 more characters; ours live in the vault under adobe/io/prod and rotate every 90 days from the Developer Console, so nothing in this repo should hold one.',
  ],
  ['public', '# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/prod/.*\\.yaml$\n    age: >-\n      age1{k58},\n      age1{k58}'],
  ['reference', 'export SOPS_AGE_KEY_FILE="$HOME/.config/sops/age/keys.txt"\nsops --decrypt secrets/prod/db.enc.yaml | kubectl apply -f -'],
  [
    'identifier',
    '{"id":"msg_01{a22}","type":"message","role":"assistant","model":"claude-3-5-sonnet-20241022","stop_reason":"end_turn","usage":{"input_tokens":{d3},"output_tokens":{d3}}}\nrequest-id: req_011C{a20}',
  ],
  [
    'masked',
    'Console > Settings > API keys\nNAME        KEY                              WORKSPACE   CREATED BY\nci-evals    sk-ant-api03-{B4}...{B4}AA       Default     dana@acme.io\nlocal-dev   sk-ant-api03-{B4}...{B4}AA       Default     lee@acme.io',
  ],
  [
    'hash-of-public',
    '$ curl -sI https://acme.jfrog.io/artifactory/libs-release-local/com/acme/billing-core/2.4.1/billing-core-2.4.1.jar\nHTTP/2 200\nx-artifactory-id: {h40}\nx-checksum-sha1: {h40}\nx-checksum-sha256: {h64}\nx-checksum-md5: {h32}',
  ],
  [
    'reference',
    '- name: Publish to Artifactory\n  env:\n    JFROG_CLI_BUILD_NAME: billing-core\n    ARTIFACTORY_ACCESS_TOKEN: ${{ secrets.ARTIFACTORY_ACCESS_TOKEN }}\n  run: jf rt upload "build/libs/*.jar" libs-release-local/com/acme/ --access-token="$ARTIFACTORY_ACCESS_TOKEN"',
  ],
  [
    'identifier',
    '$ curl -su "bot@acme.io:$JIRA_API_TOKEN" https://acme.atlassian.net/rest/api/3/myself | jq \'{accountId, displayName, timeZone}\'\n{\n  "accountId": "712020:{h8}-{h4}-{h4}-{h4}-{h12}",\n  "displayName": "Release Bot",\n  "timeZone": "Europe/Berlin"\n}',
  ],
  [
    'reference',
    'JIRA_API_TOKEN="$(op read \'op://Engineering/Jira automation/credential\')"\ncurl -su "bot@acme.io:$JIRA_API_TOKEN" "https://acme.atlassian.net/rest/api/3/issue/OPS-{d4}/transitions"',
  ],
  [
    'prose',
    'Jira tokens in the new format start with ATATT3xFfGF0 and end with an = plus an 8-hex checksum. The audit log only keeps the first twelve characters, so "ATATT3xFfGF0..." is all we can see for the leaked one; revoke by date instead.',
  ],
  [
    'public',
    '<Auth0Provider\n  domain="acme-prod.eu.auth0.com"\n  clientId="{a32}"\n  authorizationParams={{ redirect_uri: window.location.origin, audience: "https://api.acme.io" }}\n>\n  <App />\n</Auth0Provider>',
  ],
  [
    'reference',
    "# roles/webapp/templates/env.j2\nAUTH0_DOMAIN='{{ auth0_domain }}'\nAUTH0_CLIENT_ID='{{ auth0_client_id }}'\nAUTH0_CLIENT_SECRET='{{ auth0_client_secret }}'",
  ],
  ['identifier', '[auth] login ok sub=auth0|{h24} org=org_{a16} connection=Username-Password-Authentication ip=10.4.2.17'],
  [
    'identifier',
    '"userIdentity": {\n    "type": "AssumedRole",\n    "principalId": "AROA{U17}:gha-deploy-{d10}",\n    "arn": "arn:aws:sts::{d12}:assumed-role/gha-deploy/gha-deploy-{d10}",\n    "accountId": "{d12}"\n}',
  ],
  [
    'identifier',
    'variable "aws_account_id" {\n  default = "{d12}"\n}\n\nlocals {\n  ecr_repo = "${var.aws_account_id}.dkr.ecr.eu-central-1.amazonaws.com/billing-api"\n}',
  ],
  ['public', '<script src="https://acme-static-{l6}.s3.eu-west-1.amazonaws.com/widget/v3/embed.js" defer></script>'],
  [
    'masked',
    'IAM > Users > ci-deployer > Security credentials\nAccess key ID: AKIA{U4}************   Status: Active   Last used: 3 days ago (s3, eu-west-1)',
  ],
  [
    'stand-in',
    '# from the AWS CLI docs, for the screenshot in README only\naws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE --profile docs-demo',
  ],
  [
    'identifier',
    'const awsconfig = {\n  aws_appsync_graphqlEndpoint: "https://{l26}.appsync-api.eu-west-1.amazonaws.com/graphql",\n  aws_appsync_region: "eu-west-1",\n  aws_appsync_authenticationType: "AMAZON_COGNITO_USER_POOLS",\n  aws_user_pools_id: "eu-west-1_{a9}",\n  aws_user_pools_web_client_id: "{l26}",\n};',
  ],
  [
    'identifier',
    'LWA_CLIENT_ID=amzn1.application-oa2-client.{h32}\nLWA_CLIENT_SECRET=${LWA_CLIENT_SECRET}\nSP_API_SELLER_ID=A{U13}\nSP_API_MARKETPLACE=A1PA6795UKMFR9',
  ],
  ['other', 'unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN\naws sso login --profile acme-prod'],
  [
    'hash-of-public',
    '"Metadata": {\n  "aws:cdk:path": "BillingStack/ApiHandler/Resource",\n  "aws:asset:path": "asset.{h64}",\n  "aws:asset:is-bundled": true,\n  "aws:asset:property": "Code"\n}',
  ],
  [
    'public',
    'APPLICATIONINSIGHTS_CONNECTION_STRING="InstrumentationKey={h8}-{h4}-{h4}-{h4}-{h12};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/;ApplicationId={h8}-{h4}-{h4}-{h4}-{h12}"',
  ],
  [
    'stand-in',
    '"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=<storage-account>;AccountKey=<storage-account-key>;EndpointSuffix=core.windows.net"',
  ],
  [
    'public',
    '# Azurite emulator, the well-known development account from the docs\nAZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;',
  ],
  [
    'other',
    '"ConnectionStrings": {\n  "Storage": "UseDevelopmentStorage=true",\n  "Billing": "Server=(localdb)\\\\MSSQLLocalDB;Database=Billing;Trusted_Connection=True"\n}',
  ],
  ['masked', 'az appconfig kv list --connection-string "Endpoint=https://acme-cfg.azconfig.io;Id=****;Secret=****" --label prod'],
  [
    'identifier',
    'AZURE_TENANT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAZURE_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAZURE_FEDERATED_TOKEN_FILE=/var/run/secrets/azure/tokens/azure-identity-token\nAZURE_AUTHORITY_HOST=https://login.microsoftonline.com/',
  ],
  [
    'reference',
    '$pat = $env:SYSTEM_ACCESSTOKEN\n$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":$pat"))\nInvoke-RestMethod -Uri "https://dev.azure.com/acme/_apis/projects?api-version=7.1" -Headers @{ Authorization = "Basic $b64" }',
  ],
  [
    'reference',
    '- step:\n    name: Push release tag\n    script:\n      - git tag "v$BITBUCKET_BUILD_NUMBER"\n      - git push "https://${BITBUCKET_USERNAME}:${BITBUCKET_APP_PASSWORD}@bitbucket.org/acme/billing-api.git" --tags',
  ],
  [
    'identifier',
    'BITBUCKET_COMMIT={h40}\nBITBUCKET_BUILD_NUMBER={d4}\nBITBUCKET_REPO_UUID={{h8}-{h4}-{h4}-{h4}-{h12}}\nBITBUCKET_BRANCH=main',
  ],
  ['masked', "remote: Invalid credentials\nfatal: Authentication failed for 'https://ci-bot:***@bitbucket.org/acme/billing-api.git/'"],
  [
    'identifier',
    '#define BLYNK_TEMPLATE_ID "TMPL{a8}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse Node"\n#define BLYNK_FIRMWARE_VERSION "0.4.2"\n#include <BlynkSimpleEsp32.h>\n#include "secrets.h"   // BLYNK_AUTH_TOKEN lives here, gitignored',
  ],
  ['reference', 'curl "https://fra1.blynk.cloud/external/api/get?token=${BLYNK_AUTH_TOKEN}&V1"'],
  [
    'stand-in',
    'Docs snippet for the wiki: https://blynk.cloud/external/api/update?token={DEVICE_TOKEN}&V5=21.4 sets the virtual pin V5 on that device.',
  ],
  [
    'hash-of-public',
    'curl -L https://codeclimate.com/downloads/test-reporter/test-reporter-0.11.1-linux-amd64 > ./cc-test-reporter\necho "{h64}  cc-test-reporter" | sha256sum -c -\nchmod +x ./cc-test-reporter',
  ],
  [
    'reference',
    '- uses: paambaati/codeclimate-action@v5\n  env:\n    CC_TEST_REPORTER_ID: ${{ secrets.CC_TEST_REPORTER_ID }}\n  with:\n    coverageCommand: npm run coverage',
  ],
  [
    'hash-of-public',
    '[[package]]\nname = "serde_json"\nversion = "1.0.117"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"',
  ],
  [
    'identifier',
    'const cioTrackAnonymousPageviewsForGuests = (cio, page) =>\n  cio.page(page.path, { referrer: document.referrer, anonymous: true });',
  ],
  [
    'identifier',
    "  async dapiPrivateGetPositionRiskForSymbol (params = {}) {\n      return await this.request ('positionRisk', 'dapiPrivate', 'GET', params);\n  }",
  ],
  [
    'identifier',
    'DATABRICKS_HOST=https://adb-{d16}.{d1}.azuredatabricks.net\nDATABRICKS_CLUSTER_ID={d4}-{d6}-{l8}\nDATABRICKS_WAREHOUSE_ID={h16}',
  ],
  [
    'other',
    '# ~/.databrickscfg, OAuth user-to-machine login, no token stored\n[DEFAULT]\nhost      = https://dbc-{h8}-{h4}.cloud.databricks.com\nauth_type = databricks-cli',
  ],
  [
    'identifier',
    '$ curl -s -H "X-Api-Key: $DT_API_KEY" https://dtrack.acme.io/api/v1/bom -F projectName=billing-api -F autoCreate=true -F bom=@bom.json\n{"token":"{h8}-{h4}-{h4}-{h4}-{h12}"}\n$ curl -s -H "X-Api-Key: $DT_API_KEY" https://dtrack.acme.io/api/v1/bom/token/{h8}-{h4}-{h4}-{h4}-{h12}\n{"processing":false}',
  ],
  [
    'identifier',
    '{\n  "bomFormat": "CycloneDX",\n  "specVersion": "1.5",\n  "serialNumber": "urn:uuid:{h8}-{h4}-{h4}-{h4}-{h12}",\n  "version": 1\n}',
  ],
  [
    'hash-of-public',
    'resource "digitalocean_droplet" "worker" {\n  image    = "ubuntu-24-04-x64"\n  region   = "fra1"\n  size     = "s-2vcpu-4gb"\n  ssh_keys = ["{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}"]\n}',
  ],
  [
    'identifier',
    '$ doctl compute droplet list --format ID,Name,PublicIPv4\nID           Name          Public IPv4\n{d9}    worker-fra1-1    164.90.{d3}.{d2}\n{d9}    worker-fra1-2    164.90.{d3}.{d2}',
  ],
  [
    'reference',
    '# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\n\n# SECURITY WARNING: don\'t run with debug turned on in production!\nDEBUG = False',
  ],
  ['reference', 'env = environ.Env()\nSECRET_KEY = env.str("DJANGO_SECRET_KEY")\nDEBUG = env.bool("DJANGO_DEBUG", default=False)'],
  ['other', '>>> from django.core.management.utils import get_random_secret_key\n>>> len(get_random_secret_key())\n50'],
  ['hash-of-public', 'FROM python:3.12-slim@sha256:{h64}\nWORKDIR /app'],
  ['reference', 'echo "$DOCKERHUB_TOKEN" | docker login -u acmebot --password-stdin\nLogin Succeeded'],
  [
    'masked',
    'Docker Hub > Account settings > Personal access tokens\nDESCRIPTION   SCOPE          LAST USED   TOKEN\nci-push       Read & Write   2h ago      dckr_pat_•••••••••••••••••••{B4}',
  ],
  ['other', 'doppler run --project billing-api --config prd -- node dist/server.js'],
  [
    'identifier',
    '$ doppler configs tokens --project billing-api --config prd\nNAME       SLUG                                   ACCESS   CREATED AT\nk8s-prd    {h8}-{h4}-{h4}-{h4}-{h12}   read     2024-05-02T10:11:12Z',
  ],
  [
    'prose',
    'Doppler service tokens have the shape dp.st.<config>.<40 to 44 chars>; the one that was in the Helm values is already revoked, see DOPS-{d3}.',
  ],
  [
    'identifier',
    '$ curl -s -X POST https://api.dropboxapi.com/2/users/get_current_account -H "Authorization: Bearer $DROPBOX_ACCESS_TOKEN"\n{"account_id": "dbid:AA{B41}", "name": {"display_name": "Dana Ortiz"}, "email_verified": true, "country": "DE"}',
  ],
  [
    'identifier',
    'DROPBOX_APP_KEY={l15}\nDROPBOX_APP_SECRET=${DROPBOX_APP_SECRET}\nDROPBOX_REDIRECT_URI=https://app.acme.io/oauth/dropbox/callback',
  ],
  [
    'identifier',
    'curl -X DELETE "https://{l8}.live.dynatrace.com/api/v2/apiTokens/dt0c01.{U24}" -H "Authorization: Api-Token $DT_ADMIN_TOKEN"',
  ],
  [
    'identifier',
    'DT_TENANT={l8}\nOTEL_EXPORTER_OTLP_ENDPOINT=https://{l8}.live.dynatrace.com/api/v2/otlp\nOTEL_EXPORTER_OTLP_HEADERS=Authorization=Api-Token%20${DT_INGEST_TOKEN}',
  ],
  ['public', "window.fbAsyncInit = function () {\n  FB.init({ appId: '{d15}', cookie: true, xfbml: true, version: 'v19.0' });\n};"],
  ['public', "<script>\n  fbq('init', '{d15}');\n  fbq('track', 'PageView');\n</script>"],
  [
    'prose',
    'Graph API Explorer tokens start with EAA and expire in about an hour; the one pasted in #dev yesterday was cut off after "EAAG" anyway and has long expired.',
  ],
  ['identifier', 'Design is here: https://www.figma.com/design/{a22}/Checkout-Redesign?node-id={d4}-{d5}&m=dev'],
  [
    'identifier',
    '{\n  "name": "Token Exporter",\n  "id": "{d19}",\n  "api": "1.0.0",\n  "main": "dist/code.js",\n  "editorType": ["figma", "dev"]\n}',
  ],
  ['identifier', '{"success":true,"id":"{h8}-{h4}-{h4}-{h4}-{h12}","url":"https://api.firecrawl.dev/v1/crawl/{h8}-{h4}-{h4}-{h4}-{h12}"}'],
  ['stand-in', 'from firecrawl import FirecrawlApp\napp = FirecrawlApp(api_key="fc-<your-key>")  # or set FIRECRAWL_API_KEY'],
  [
    'identifier',
    '/* calendar overrides */\n.fc-daygrid-day-frame { min-height: 6rem; }\n.fc-timegrid-slot-label-cushion { font-size: .75rem; }\n.fc-daygrid-event-harness .fc-event-main { padding: 2px 4px; }',
  ],
  [
    'reference',
    "const gitalk = new Gitalk({\n  clientID: '{h20}',\n  clientSecret: process.env.GITALK_CLIENT_SECRET,\n  repo: 'blog-comments',\n  owner: 'dana-ortiz',\n  admin: ['dana-ortiz'],\n  id: '{h32}', // md5(location.pathname), labels max out at 50 chars\n})",
  ],
  [
    'other',
    'X-GitHub-Event: push\nX-GitHub-Delivery: {h8}-{h4}-{h4}-{h4}-{h12}\nX-GitHub-Hook-ID: {d9}\nX-Hub-Signature-256: sha256={h64}',
  ],
  [
    'identifier',
    'GITHUB_APP_ID={d6}\nGITHUB_APP_CLIENT_ID=Iv23li{a14}\nGITHUB_APP_INSTALLATION_ID={d8}\nGITHUB_APP_PRIVATE_KEY_PATH=/etc/acme/github-app.pem',
  ],
  [
    'masked',
    'Create a fine-grained token (it will look like github_pat_11A...) scoped to acme/billing-api with contents:read and paste it into the CI variable, not into this thread.',
  ],
  [
    'identifier',
    'const GH_TOKEN_PREFIXES = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"];\nexport const looksLikeGitHubToken = (s) => GH_TOKEN_PREFIXES.some((p) => s.startsWith(p));',
  ],
  [
    'reference',
    'trigger_downstream:\n  stage: deploy\n  script:\n    - curl -X POST --fail -F token=$DOWNSTREAM_TRIGGER_TOKEN -F ref=main "https://gitlab.acme.io/api/v4/projects/{d3}/trigger/pipeline"',
  ],
  ['identifier', 'CI_PROJECT_ID={d5}\nCI_PIPELINE_IID={d4}\nCI_COMMIT_SHORT_SHA={h8}\nCI_COMMIT_SHA={h40}'],
  [
    'masked',
    "Your new personal access token has been created.\nglpat-••••••••••••••••••••   [Copy]\nMake sure you save it - you won't be able to access it again.",
  ],
  [
    'prose',
    'Registration tokens (the ones starting GR1348941) are deprecated; create the runner in the UI and register with the glrt- authentication token it shows instead.',
  ],
  [
    'public',
    '<form id="signup" action="/signup" method="post">\n  <div class="g-recaptcha" data-sitekey="6L{B38}" data-callback="onSubmit"></div>\n</form>',
  ],
  [
    'hash-of-public',
    '"oauth_client": [\n  {\n    "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n    "client_type": 1,\n    "android_info": {\n      "package_name": "io.acme.shop",\n      "certificate_hash": "{h40}"\n    }\n  }\n]',
  ],
  [
    'identifier',
    '{\n  "type": "service_account",\n  "project_id": "acme-billing-{d6}",\n  "private_key_id": "{h40}",\n  "client_email": "ci-deployer@acme-billing-{d6}.iam.gserviceaccount.com",\n  "client_id": "{d21}"\n}\n(trimmed: private_key omitted before pasting)',
  ],
  ['public', 'df = pd.read_parquet("https://storage.googleapis.com/acme-public-datasets/nyc-taxi/2023-01.parquet")'],
  [
    'masked',
    'Google Cloud > APIs & Services > Credentials > web-client\nClient ID       {d12}-{l32}.apps.googleusercontent.com\nClient secret   ****{B4}        [Reset secret]',
  ],
  [
    'reference',
    'repositories {\n    maven {\n        url = uri("https://maven.pkg.github.com/acme/billing-core")\n        credentials {\n            username = providers.gradleProperty("gpr.user").get()\n            password = providers.gradleProperty("gpr.key").get()\n        }\n    }\n}',
  ],
  [
    'hash-of-public',
    'distributionBase=GRADLE_USER_HOME\ndistributionPath=wrapper/dists\ndistributionUrl=https\\://services.gradle.org/distributions/gradle-8.7-bin.zip\ndistributionSha256Sum={h64}',
  ],
  [
    'reference',
    'publishing {\n    repositories {\n        maven {\n            name = "acmeNexus"\n            url = uri("https://nexus.acme.io/repository/releases/")\n            credentials(PasswordCredentials::class)  // ORG_GRADLE_PROJECT_acmeNexusUsername / ..Password\n        }\n    }\n}',
  ],
  ['public', 'The quarterly board report is published to web here: https://app.powerbi.com/view?r=eyJrIjoi{a120}'],
  ['identifier', 'https://grafana.acme.io/d/{a9}/billing-api-latency?orgId=1&var-env=prod&from=now-6h&to=now'],
  [
    'reference',
    'GF_SECURITY_ADMIN_PASSWORD__FILE=/run/secrets/grafana_admin_password\nGF_AUTH_GENERIC_OAUTH_CLIENT_SECRET=$__file{/run/secrets/grafana_oauth_secret}',
  ],
  [
    'masked',
    'Service accounts > ci-annotations > Tokens\nNAME        EXPIRES       TOKEN\ndeploy-ci   2025-01-31    glsa_********************************_{h8}',
  ],
  [
    'identifier',
    'GRAFANA_CLOUD_OTLP_USER={d6}\nOTEL_EXPORTER_OTLP_ENDPOINT=https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\nOTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20${GRAFANA_OTLP_B64}',
  ],
  [
    'identifier',
    '{"id":"chatcmpl-{h8}-{h4}-{h4}-{h4}-{h12}","object":"chat.completion","model":"llama-3.1-70b-versatile","usage":{"prompt_tokens":{d3},"completion_tokens":{d2}},"x_groq":{"id":"req_01{l26}"}}',
  ],
  ['stand-in', 'export GROQ_API_KEY=gsk_<paste from console.groq.com/keys>'],
  [
    'other',
    '$ sudo head -4 /etc/shadow\nroot:*:19740:0:99999:7:::\ndaemon:*:19740:0:99999:7:::\ndeploy:!:19811:0:99999:7:::\npostgres:!*:19811::::::',
  ],
  [
    'prose',
    'mkpasswd -m sha-512 output starts with $6$ followed by the salt; cloud-init would take that in passwd:, but we set lock_passwd: true and only ship SSH keys.',
  ],
  ['identifier', 'key:"mount",value:function(e){return s.registerLifecycleObserverForMountPoint(e,this.opts)}'],
  ['identifier', 'client.on("close", () => b.removeAllPendingTransitionCallbacks());'],
  ['reference', 'export VAULT_ADDR=https://vault.acme.io\nexport VAULT_TOKEN="$(vault login -method=oidc -token-only role=dev)"'],
  [
    'identifier',
    '$ heroku apps:info -a acme-billing\n=== acme-billing\nAddons:    heroku-postgresql:essential-0\nGit URL:   https://git.heroku.com/acme-billing.git\nID:        {h8}-{h4}-{h4}-{h4}-{h12}\nRegion:    eu\nStack:     heroku-24\nWeb URL:   https://acme-billing-{h12}.herokuapp.com/',
  ],
  ['public', '$ heroku keys\n=== dana@acme.io keys\nssh-ed25519 AAAAC3NzaC...{B8} dana@laptop'],
  ['reference', 'const res = await fetch(`${API}/v1/invoices`, {\n  headers: { Authorization: `Bearer ${session.accessToken}` },\n});'],
  ['stand-in', 'curl -H "Authorization: Basic <base64 of user:password>" https://legacy.acme.io/api/export'],
  [
    'masked',
    'I, [2024-06-11T09:12:44.118 #4121]  INFO -- : Started GET "/v1/invoices" headers={"Authorization"=>"[FILTERED]", "Accept"=>"application/json"}',
  ],
  [
    'other',
    'HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm="api.acme.io", error="invalid_token", error_description="The access token expired"',
  ],
  ['identifier', 'model = AutoModel.from_pretrained("BAAI/bge-small-en-v1.5", revision="{h40}")'],
  ['reference', 'huggingface-cli login --token "$HF_TOKEN" --add-to-git-credential'],
  [
    'hash-of-public',
    'ARG JENKINS_VERSION=2.452.2\nARG JENKINS_SHA={h64}\nRUN curl -fsSL https://get.jenkins.io/war-stable/${JENKINS_VERSION}/jenkins.war -o /usr/share/jenkins/jenkins.war \\\n  && echo "${JENKINS_SHA}  /usr/share/jenkins/jenkins.war" | sha256sum -c -',
  ],
  [
    'reference',
    "withCredentials([string(credentialsId: 'jenkins-api-token', variable: 'JENKINS_TOKEN')]) {\n  sh 'curl -u \"ci-bot:$JENKINS_TOKEN\" -X POST \"$JENKINS_URL/job/deploy/buildWithParameters?ENV=prod\"'\n}",
  ],
  [
    'identifier',
    'Started by GitHub push by dana-ortiz\nChecking out Revision {h40} (refs/remotes/origin/main)\n[Pipeline] node\nRunning on jenkins-agent-{l5} in /home/jenkins/workspace/billing-api',
  ],
  [
    'reference',
    'curl -s https://api.jina.ai/v1/embeddings -H "Authorization: Bearer $JINA_API_KEY" -H "Content-Type: application/json" -d \'{"model":"jina-embeddings-v3","task":"retrieval.passage","input":["refund policy"]}\'',
  ],
  ['identifier', 'eyeTrackingCalibration.eyelidClosureThreshold.defaultSensitivity = 0.35;'],
  [
    'public',
    '$ curl -s https://auth.acme.io/.well-known/jwks.json\n{"keys":[{"kty":"RSA","use":"sig","kid":"{a43}","alg":"RS256","n":"{B342}","e":"AQAB"}]}',
  ],
  ['reference', 'jwt:\n  secret: "${JWT_SECRET}"\n  expiration: 3600\n  issuer: billing-api'],
  ['masked', '[http] GET /v1/invoices -> 401 auth="Bearer eyJhbGciOi...(truncated, 812 chars)" reason=token_expired'],
  ['reference', '# .envrc\nexport KAGI_API_KEY="${KAGI_API_KEY:?set it in ~/.config/kagi/env}"'],
  [
    'stand-in',
    'Browser keyword search for Kagi: https://kagi.com/search?token=<session-link-token>&q=%s (copy yours from Settings > Account > Session Link)',
  ],
  [
    'identifier',
    'resource "aws_iam_role_policy_attachment" "ssm" {\n  role       = module.eksnodegroupblue.node_role_name\n  policy_arn = "arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore"\n}',
  ],
  ['identifier', "kubectl -n kube-system get secret bootstrap-token-{l6} -o jsonpath='{.data.expiration}' | base64 -d"],
  [
    'public',
    '<a href="https://www.linkedin.com/oauth/v2/authorization?response_type=code&client_id={l14}&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fauth%2Flinkedin%2Fcallback&scope=openid%20profile%20email&state={h16}">Sign in with LinkedIn</a>',
  ],
  [
    'identifier',
    'POST /rest/posts  ->  201 Created\nx-restli-id: urn:li:share:{d19}\nbody: {"author": "urn:li:organization:{d8}", "lifecycleState": "PUBLISHED", "visibility": "PUBLIC"}',
  ],
  [
    'public',
    '<form action="https://acme.us21.list-manage.com/subscribe/post?u={h25}&amp;id={h10}&amp;f_id=00{h8}" method="post" target="_blank">\n  <input type="email" name="EMAIL" placeholder="you@company.com" required>\n</form>',
  ],
  [
    'identifier',
    '// member id = md5(lowercased email), not a key\nawait mailchimp.lists.updateListMember("{h10}", "{h32}", { status: "unsubscribed" });',
  ],
  ['stand-in', 'MAILCHIMP_API_KEY=<key>-us21\nMAILCHIMP_SERVER_PREFIX=us21\nMAILCHIMP_AUDIENCE_ID={h10}'],
  ['public', 'MAILGUN_PUBLIC_KEY=pubkey-{h32}   # client-side address validation on the signup form'],
  [
    'identifier',
    '$ curl -s --user "api:$MAILGUN_API_KEY" https://api.eu.mailgun.net/v3/mg.acme.io/messages -F from=billing@acme.io -F to=dana@acme.io -F subject=ping -F text=ok\n{"id": "<{d14}.{h16}@mg.acme.io>", "message": "Queued. Thank you."}',
  ],
  ['public', "// public token, URL-restricted to *.acme.io in the Mapbox account\nmapboxgl.accessToken = 'pk.eyJ1Ijoi{B40}.{B22}';"],
  [
    'identifier',
    "const map = new mapboxgl.Map({\n  container: 'map',\n  style: 'mapbox://styles/acme-maps/{l25}',\n  center: [13.405, 52.52],\n  zoom: 11,\n});",
  ],
  [
    'identifier',
    'Channel link for the deploy notices: https://teams.microsoft.com/l/channel/19%3a{h32}%40thread.tacv2/Deployments?groupId={h8}-{h4}-{h4}-{h4}-{h12}&tenantId={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'reference',
    '- name: Notify Teams\n  run: curl -sS -H \'Content-Type: application/json\' -d @card.json "$TEAMS_WEBHOOK_URL"\n  env:\n    TEAMS_WEBHOOK_URL: ${{ secrets.TEAMS_WEBHOOK_URL }}',
  ],
  ['other', 'MONGO_URL=mongodb://localhost:27017/billing_dev'],
  [
    'reference',
    'const uri = `mongodb+srv://${process.env.MONGO_USER}:${encodeURIComponent(process.env.MONGO_PASS)}@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority`;',
  ],
  ['stand-in', 'mongosh "mongodb+srv://cluster0.{l5}.mongodb.net/" --apiVersion 1 --username <db_username>'],
  ['masked', '[mongo] connected to mongodb://billing:*****@mongo-0.mongo:27017,mongo-1.mongo:27017/billing?replicaSet=rs0'],
  ['identifier', "$ atlas clusters list --projectId {h24} --output json | jq -r '.results[].name'\nbilling-prod\nbilling-staging"],
  ['stand-in', 'curl "https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY&date=2024-06-11"'],
  ['other', '# ~/.netrc on the mirror box\nmachine ftp.gnu.org login anonymous password anonymous@'],
  ['reference', '# netrc.tmpl, rendered by envsubst at container start\nmachine ${GIT_HOST} login ${GIT_USER} password ${GIT_TOKEN}'],
  [
    'public',
    '<script type="text/javascript">;NREUM.loader_config={accountID:"{d7}",trustKey:"{d7}",agentID:"{d10}",licenseKey:"NRJS-{h19}",applicationID:"{d10}"};</script>',
  ],
  ['reference', 'newrelic-infrastructure:\n  licenseKey: {{ .Values.global.licenseKey | quote }}\n  cluster: {{ .Values.global.cluster }}'],
  ['identifier', 'NEW_RELIC_ACCOUNT_ID={d7}\nNEW_RELIC_APP_NAME=billing-api (prod)\nNEW_RELIC_ENTITY_GUID={B40}'],
  [
    'stand-in',
    'helm upgrade --install newrelic-bundle newrelic/nri-bundle --set global.licenseKey=YOUR_LICENSE_KEY --set global.cluster=prod-eu',
  ],
  ['reference', '@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\nalways-auth=true'],
  [
    'hash-of-public',
    '"node_modules/lodash": {\n  "version": "4.17.21",\n  "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n  "integrity": "sha512-{b86}=="\n},',
  ],
  ['masked', '$ npm token list\nid: {h6}  token: npm_{a4}...  created: 2024-05-02  readonly: false  automation'],
  [
    'reference',
    '<packageSourceCredentials>\n  <github>\n    <add key="Username" value="acme-ci" />\n    <add key="ClearTextPassword" value="%GITHUB_PACKAGES_PAT%" />\n  </github>\n</packageSourceCredentials>',
  ],
  [
    'hash-of-public',
    '"Newtonsoft.Json": {\n  "type": "Direct",\n  "requested": "[13.0.3, )",\n  "resolved": "13.0.3",\n  "contentHash": "{b86}=="\n},',
  ],
  ['reference', 'var cs = $"Server=tcp:{host},1433;Database=billing;User ID={user};Password={password};Encrypt=True;";'],
  ['other', '"Server=sql01.corp.acme.local;Database=Billing;Trusted_Connection=True;TrustServerCertificate=True;"'],
  ['other', 'Server=tcp:acme-sql.database.windows.net,1433;Initial Catalog=billing;Authentication=Active Directory Default;Encrypt=True;'],
  [
    'identifier',
    '$ curl -s -H "Authorization: SSWS $OKTA_API_TOKEN" https://acme.okta.com/api/v1/users/00u{a17}/groups | jq \'.[] | {id, name: .profile.name}\'\n{\n  "id": "00g{a17}",\n  "name": "billing-admins"\n}',
  ],
  [
    'public',
    "const oktaAuth = new OktaAuth({\n  issuer: 'https://acme.okta.com/oauth2/default',\n  clientId: '0oa{a17}',\n  redirectUri: window.location.origin + '/login/callback',\n});",
  ],
  [
    'identifier',
    '[assistants] created asst_{a24} thread_{a24}\n[assistants] run_{a24} status=completed\n[files] uploaded file-{a22} purpose=assistants bytes={d6}',
  ],
  [
    'masked',
    'platform.openai.com > API keys\nNAME       SECRET KEY        CREATED     LAST USED\nci-evals   sk-...{a4}        Jun 3       Jun 11',
  ],
  ['stand-in', 'client = OpenAI(api_key="sk-...")  # don\'t do this, export OPENAI_API_KEY instead'],
  ['reference', 'curl https://api.particle.io/v1/devices/{h24}/temperature -H "Authorization: Bearer $PARTICLE_ACCESS_TOKEN"'],
  [
    'public',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b64}\n{b64}\n{b10}IDAQAB\n-----END PUBLIC KEY-----',
  ],
  [
    'public',
    'ca.crt: |\n  -----BEGIN CERTIFICATE-----\n  MIIDBTCCAe2gAwIBAgIU{b44}\n  {b64}\n  {b64}\n  {b64}\n  -----END CERTIFICATE-----',
  ],
  [
    'stand-in',
    'DEPLOY_KEY: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  <paste the deploy key from the vault entry "billing-api deploy">\n  -----END OPENSSH PRIVATE KEY-----',
  ],
  ['public', '# ~/.ssh/authorized_keys on build-01\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@acme-ci'],
  [
    'public',
    'apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU{b200}\n    server: https://{H32}.gr7.eu-central-1.eks.amazonaws.com\n  name: billing-prod',
  ],
  ['reference', 'private_key = OpenSSL::PKey::RSA.new(File.read(ENV.fetch("GITHUB_APP_PRIVATE_KEY_PATH")))'],
  [
    'reference',
    "$mail->Host       = getenv('SMTP_HOST');\n$mail->SMTPAuth   = true;\n$mail->Username   = getenv('SMTP_USER');\n$mail->Password   = getenv('SMTP_PASS');\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;",
  ],
  ['other', 'DATABASE_URL=postgresql:///billing?host=/var/run/postgresql'],
  ['other', 'psql "postgres://dana@db.internal:5432/billing?sslmode=verify-full"   # password comes from ~/.pgpass'],
  ['reference', 'DATABASE_URL=postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:5432/${PGDATABASE}'],
  [
    'other',
    'django.db.utils.OperationalError: connection to server at "10.0.3.14", port 5432 failed: FATAL:  password authentication failed for user "billing"',
  ],
  [
    'reference',
    "// collection pre-request script\npm.request.headers.add({ key: 'X-Api-Key', value: pm.environment.get('postman_api_key') });",
  ],
  [
    'masked',
    'Postman > Settings > API keys\nNAME        KEY                                    EXPIRES\nci-runner   PMAK-{h24}-••••••••••••              never',
  ],
  [
    'stand-in',
    'curl "https://api.postmarkapp.com/email" -H "Accept: application/json" -H "Content-Type: application/json" -H "X-Postmark-Server-Token: POSTMARK_API_TEST" -d \'{"From":"billing@acme.io","To":"dana@acme.io","Subject":"ping","TextBody":"ok"}\'',
  ],
  [
    'identifier',
    'postmark response: {"To":"dana@acme.io","SubmittedAt":"2024-06-11T09:12:44Z","MessageID":"{h8}-{h4}-{h4}-{h4}-{h12}","ErrorCode":0,"Message":"OK"}',
  ],
  [
    'other',
    ':: PsExec prompts for the password when -p is left out\npsexec \\\\srv-build01 -u ACME\\svc-deploy -h cmd /c "C:\\deploy\\run.cmd"',
  ],
  ['reference', 'PsExec64.exe \\\\%TARGET_HOST% -u %DEPLOY_USER% -p %DEPLOY_PASS% -accepteula cmd /c ipconfig /all'],
  [
    'reference',
    '- name: Publish to PyPI\n  uses: pypa/gh-action-pypi-publish@release/v1\n  with:\n    password: ${{ secrets.PYPI_API_TOKEN }}',
  ],
  ['hash-of-public', 'cryptography==42.0.8 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}'],
  [
    'prose',
    'Every upload token begins with pypi-AgEIcHlwaS5vcmc, which is only the base64 of the macaroon location (pypi.org); the caveats and signature come after it, so that prefix alone tells you nothing.',
  ],
  ['other', 'REACT_APP_PASSWORD_MIN_LENGTH=12\nREACT_APP_PASSWORD_RESET_URL=https://auth.acme.io/reset\nREACT_APP_USERNAME_FIELD=email'],
  ['reference', 'const adminPass = process.env.REACT_APP_ADMIN_PASSWORD ?? "";'],
  ['hash-of-public', 'CHECKSUMS\n  rack (3.0.11) sha256={h64}\n  rails (7.1.3.4) sha256={h64}'],
  [
    'reference',
    '- name: Release gem\n  env:\n    GEM_HOST_API_KEY: ${{ secrets.RUBYGEMS_API_KEY }}\n  run: gem push pkg/acme-client-*.gem',
  ],
  [
    'identifier',
    '$ sf org display --target-org acme-prod\nKEY              VALUE\nId               00D{a12}\nInstance Url     https://acme.my.salesforce.com\nUsername         integration@acme.com\nConnected Status Connected',
  ],
  ['identifier', 'Sauce Labs job for the flaky checkout test: https://app.saucelabs.com/tests/{h32}'],
  [
    'public',
    '<script>\n  !function(){var analytics=window.analytics=window.analytics||[];analytics.SNIPPET_VERSION="5.2.0";}();\n  analytics.load("{a32}");\n  analytics.page();\n</script>',
  ],
  ['identifier', 'SEGMENT_WORKSPACE_ID={a22}\nSEGMENT_SOURCE_ID={a22}\nSEGMENT_TOKEN=${SEGMENT_PUBLIC_API_TOKEN}'],
  [
    'identifier',
    'msg = Mail(from_email="billing@acme.io", to_emails=to)\nmsg.template_id = "d-{h32}"\nmsg.dynamic_template_data = {"invoice_no": invoice.number}',
  ],
  ['identifier', 'HTTP/1.1 202 Accepted\nServer: nginx\nX-Message-Id: {B22}'],
  [
    'public',
    'const client = createStorefrontApiClient({\n  storeDomain: "acme-shop.myshopify.com",\n  apiVersion: "2024-04",\n  publicAccessToken: "{h32}",\n});',
  ],
  [
    'public',
    '# shopify.app.toml\nclient_id = "{h32}"\nname = "acme-reorder"\napplication_url = "https://reorder.acme.io"\nembedded = true',
  ],
  [
    'identifier',
    '{"ok":true,"channel":"C0{U9}","ts":"{d10}.{d6}","message":{"bot_id":"B0{U9}","app_id":"A0{U9}","team":"T0{U8}","text":"deploy finished"}}',
  ],
  ['public', 'SLACK_CLIENT_ID={d12}.{d13}\nSLACK_CLIENT_SECRET=${SLACK_CLIENT_SECRET}\nSLACK_SIGNING_SECRET=${SLACK_SIGNING_SECRET}'],
  ['masked', 'Incoming webhook for #deploys: https://hooks.slack.com/services/T0{U8}/B0{U9}/••••••••••••••••••••••••'],
  ['hash-of-public', "/sonarqube-scanner@3.5.0:\n    resolution: {integrity: sha512-{b86}==}\n    engines: {node: '>= 14'}"],
  ['reference', 'mvn -B verify sonar:sonar -Dsonar.projectKey=acme_billing-api -Dsonar.organization=acme -Dsonar.token=$SONAR_TOKEN'],
  ['identifier', 'sonar.projectKey=acme_billing-api\nsonar.projectVersion={d1}.{d2}\nsonar.scm.revision={h40}'],
  [
    'reference',
    'export SRC_ENDPOINT=https://sourcegraph.acme.io\nexport SRC_ACCESS_TOKEN="$(security find-generic-password -s sourcegraph -w)"',
  ],
  ['public', 'const payments = Square.payments("sq0idp-{B22}", "L{U12}");\nconst card = await payments.card();'],
  ['public', 'SQUARE_APPLICATION_ID=sandbox-sq0idb-{B22}\nSQUARE_LOCATION_ID=L{U12}\nSQUARE_ENVIRONMENT=sandbox'],
  ['identifier', '# stackhawk.yml\napp:\n  applicationId: {h8}-{h4}-{h4}-{h4}-{h12}\n  env: Development\n  host: http://localhost:8080'],
  ['public', "const stripe = Stripe('pk_live_51{a97}');\nconst elements = stripe.elements({ appearance: { theme: 'stripe' } });"],
  [
    'identifier',
    '{"id": "evt_{a24}", "type": "invoice.paid", "data": {"object": {"id": "in_{a24}", "customer": "cus_{a14}", "amount_paid": {d4}}}}',
  ],
  ['stand-in', 'TAVILY_API_KEY="tvly-YOUR_API_KEY"'],
  ['reference', '// .teamcity/settings.kts\nparams {\n    password("env.DEPLOY_TOKEN", "credentialsJSON:{h8}-{h4}-{h4}-{h4}-{h12}")\n}'],
  ['identifier', 'TELEGRAM_CHAT_ID=-100{d10}\n# last alert: message_id={d4} date={d10}'],
  ['stand-in', 'curl "https://api.telegram.org/bot<token>/getUpdates"'],
  [
    'reference',
    'mosquitto_pub -d -q 1 -h mqtt.thingsboard.cloud -p 1883 -t v1/devices/me/telemetry -u "$TB_ACCESS_TOKEN" -m \'{"temperature":21.7}\'',
  ],
  ['identifier', '{"id": {"entityType": "DEVICE", "id": "{h8}-{h4}-{h4}-{h4}-{h12}"}, "name": "greenhouse-node-3", "type": "esp32"}'],
  ['other', '{"id": 7, "msg": "method", "method": "pool.dataset.query", "params": [[["name", "=", "tank/backups"]]]}'],
  ['identifier', 'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_MESSAGING_SERVICE_SID=MG{h32}\nTWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}'],
  [
    'public',
    'curl -s -H "Client-Id: {l30}" -H "Authorization: Bearer $TWITCH_APP_TOKEN" "https://api.twitch.tv/helix/streams?user_login=acmegaming"',
  ],
  ['identifier', 'quote-tweet this one for the launch: https://x.com/acme/status/{d19} (tweet_id={d19})'],
  ['other', 'Connect-VIServer -Server vcsa01.corp.local -Credential (Get-Credential -Message "vCenter login")'],
  [
    'reference',
    '$cred = Import-Clixml -Path "$env:USERPROFILE\\vc.cred"\nConnect-VIServer -Server $vc -User $cred.UserName -Password $cred.GetNetworkCredential().Password',
  ],
  [
    'public',
    '[Peer]\n# office gateway\nPublicKey = {b43}=\nAllowedIPs = 10.20.0.0/16\nEndpoint = vpn.acme.io:51820\nPersistentKeepalive = 25',
  ],
  ['reference', '[Interface]\nAddress = 10.20.0.5/32\nListenPort = 51820\nPostUp = wg set %i private-key /etc/wireguard/%i.key'],
  [
    'public',
    "datadogRum.init({\n  applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  clientToken: 'pub{h32}',\n  site: 'datadoghq.eu',\n  service: 'shop-web',\n  env: 'prod',\n});",
  ],
  ['identifier', '2024-06-11T09:12:44.118Z INFO billing-api charge settled dd.trace_id={d19} dd.span_id={d19} dd.service=billing-api'],
  ['stand-in', 'DD_APP_KEY=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa   # filled in by the chart at deploy time'],
  ['too-short', 'def test_rejects_short_passwords():\n    assert not validate_password("123")\n    assert not validate_password("abc1")'],
  ['reference', 'export PGPASSWORD="$billing_db_password"\npg_dump -h db.internal -U billing billing > /backups/billing.sql'],
  ['identifier', 'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"'],
  ['identifier', 'this.changePasswordButton = "#change-password-submit";'],
  ['prose', 'i18n: { usernameLabel: "Email or username", passwordLabel: "Password", rememberMeLabel: "Keep me signed in" }'],
  ['reference', 'redirect: "/en/authentication/keeping-your-account-and-data-secure/creating-a-strong-password"'],
  ['identifier', "get '/passwords/:id/edit' => \"accounts/passwords#edit\", as: 'edit_password'"],
  ['identifier', '<input type="text" name="s3_backup_access_key" id="s3-backup-access-key" class="form-control" autocomplete="off">'],
  ['masked', 'dsn: host=db01 port=5432 user=billing password=******** dbname=billing sslmode=require'],
  ['reference', 'client.Credentials = new NetworkCredential(settings.SmtpUser, settings.SmtpPassword);'],
  ['other', '<add key="PasswordMinLength" value="12" />\n<add key="PasswordRequiresDigit" value="true" />'],
  [
    'prose',
    "The initial root password is printed once to the container log on first start; run docker logs gitlab 2>&1 | grep 'Password:' to read it, then change it.",
  ],
  ['other', '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fontsource/inter@5.0.18/index.css">'],
  ['other', 'git remote add origin git@github.com:acme/billing-api.git'],
  ['other', 'curl --negotiate -u : https://reports.corp.acme.local/q3.xlsx -o q3.xlsx'],
  ['too-short', '# .env.example, copy to .env and fill in locally\nAWS_ACCESS_KEY_ID=\nAWS_SECRET_ACCESS_KEY=\nAWS_REGION=eu-central-1'],
  ['too-short', 'okta:\n  org_url: https://acme.okta.com\n  api_token: ""   # injected by the operator from the okta-api secret'],
  [
    'too-short',
    'it("rejects keys that are too short", () => {\n  expect(isValidDependencyTrackKey("odt_{a8}")).toBe(false); // needs 32+ chars after the prefix\n});',
  ],
  ['too-short', 'TWITCH_STREAM_KEY_PREFIX=live_\nTWITCH_INGEST=rtmp://fra05.contribute.live-video.net/app/'],
  ['too-short', '# Slack signs requests as v0=<hmac>; the version string is the only constant part\nSLACK_SIGNATURE_VERSION=v0'],
  ['too-short', '@pytest.fixture(autouse=True)\ndef no_stripe(monkeypatch):\n    monkeypatch.setattr(stripe, "api_key", "")'],
  ['too-short', '# config/initializers/devise.rb\nconfig.password_length = 12..128\nconfig.stretches = Rails.env.test? ? 1 : 12'],
  ['too-short', '$ curl -s --header "PRIVATE-TOKEN: " "https://gitlab.acme.io/api/v4/projects/{d3}"\n{"message":"401 Unauthorized"}'],
  ['too-short', 'twilio:\n  account_sid: ~\n  auth_token: ~\n  from_number: "+4930{d7}"'],
];
