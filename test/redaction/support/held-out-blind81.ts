/** An eighty-first held-out batch, written blind from the token formats of the vendors in GitGuardian's public secrets-detection catalogue ("Specific detectors"), favouring the less famous ones: each credential in a place a developer pastes it, often beside its public companion id, and look-alike negatives (publishable keys, public ids, masked and truncated keys, prefix-sharing identifiers). */
export const BLIND81_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'gg81-adafruit-io-key-arduino-secrets-header-beside-username',
    '// arduino_secrets.h  (greenhouse node #3)\n#define SECRET_SSID "warehouse-iot"\n#define IO_USERNAME "kmeyer_labs"\n#define IO_KEY      "«aio_{a28}»"',
  ],
  [
    'gg81-adafruit-io-key-mosquitto-sub-password-flag',
    "$ mosquitto_sub -h io.adafruit.com -p 8883 --capath /etc/ssl/certs \\\n    -u kmeyer_labs -P «aio_{a28}» -t 'kmeyer_labs/feeds/greenhouse.temp' -v\nkmeyer_labs/feeds/greenhouse.temp 21.4",
  ],
  [
    'gg81-adafruit-io-key-python-client-ctor',
    'from Adafruit_IO import Client, Feed\naio = Client("greenhouse_ops", "«aio_{a28}»")\nfor feed in aio.feeds():\n    print(feed.key, feed.last_value)',
  ],
  [
    'gg81-airtable-pat-curl-beside-base-and-table-ids',
    'curl "https://api.airtable.com/v0/app{a14}/tbl{a14}?maxRecords=3&view=Grid%20view" \\\n  -H "Authorization: Bearer «pat{a14}.{h64}»"',
  ],
  ['gg81-airtable-pat-dotenv-beside-base-id', 'AIRTABLE_BASE_ID=app{a14}\nAIRTABLE_TABLE=Inventory\nAIRTABLE_PAT=«pat{a14}.{h64}»'],
  [
    'gg81-alibaba-secret-aliyun-config-json-beside-access-key-id',
    '{\n  "current": "default",\n  "profiles": [\n    { "name": "default", "mode": "AK", "access_key_id": "LTAI{a20}",\n      "access_key_secret": "«{a30}»", "region_id": "cn-hangzhou" }\n  ]\n}',
  ],
  [
    'gg81-alibaba-secret-terraform-alicloud-provider',
    'provider "alicloud" {\n  access_key = "LTAI{a20}"\n  secret_key = "«{a30}»"\n  region     = "ap-southeast-1"\n}',
  ],
  [
    'gg81-alibaba-secret-java-oss-client-builder',
    'String endpoint = "https://oss-eu-central-1.aliyuncs.com";\nOSS ossClient = new OSSClientBuilder().build(endpoint, "LTAI{a20}", "«{a30}»");\nossClient.putObject("acme-exports", "daily/report.csv", new File("/tmp/report.csv"));',
  ],
  [
    'gg81-jfrog-reference-token-npmrc-authtoken',
    'registry=https://acme.jfrog.io/artifactory/api/npm/npm-virtual/\n//acme.jfrog.io/artifactory/api/npm/npm-virtual/:_authToken=«cmVmdGtuOjAxOjE3{a50}»\nalways-auth=true',
  ],
  [
    'gg81-jfrog-api-key-pip-conf-index-url-password',
    '# /etc/pip.conf on the build agents\n[global]\nindex-url = https://ci-bot:«AKCp{a69}»@acme.jfrog.io/artifactory/api/pypi/pypi-virtual/simple\ntimeout = 60',
  ],
  [
    'gg81-jfrog-api-key-gradle-properties-beside-user',
    'artifactory_contextUrl=https://acme.jfrog.io/artifactory\nartifactory_user=ci-bot\nartifactory_password=«AKCp{a69}»\norg.gradle.jvmargs=-Xmx2g',
  ],
  [
    'gg81-asana-pat-python-client-access-token',
    'import asana\nclient = asana.Client.access_token("«2/{d16}/{d16}:{h32}»")\nme = client.users.me()\nprint(me["gid"], me["workspaces"][0]["gid"])',
  ],
  [
    'gg81-asana-pat-curl-beside-workspace-gid',
    'curl -s "https://app.asana.com/api/1.0/workspaces/{d16}/tasks/search?completed=false" \\\n  -H "Authorization: Bearer «2/{d16}/{d16}:{h32}»" | jq \'.data | length\'',
  ],
  [
    'gg81-atlassian-api-token-curl-basic-auth-beside-email',
    'curl -s -u ops-bot@acme.io:«ATATT3xFfGF0{B170}={H8}» \\\n  -H "Accept: application/json" https://acme.atlassian.net/rest/api/3/myself',
  ],
  [
    'gg81-atlassian-api-token-dotenv-beside-site-url',
    'JIRA_BASE_URL=https://acme.atlassian.net\nJIRA_EMAIL=release-bot@acme.io\nJIRA_API_TOKEN=«ATATT3xFfGF0{B170}={H8}»\nJIRA_PROJECT_KEY=PLAT',
  ],
  [
    'gg81-beamer-api-key-curl-header-beside-product-id',
    '# product id {a8}{d5} is the public embed id; the API key is the server one\ncurl -X POST https://api.getbeamer.com/v0/posts \\\n  -H "Beamer-Api-Key: «b_{B44}»" -H "Content-Type: application/json" \\\n  -d \'{"title":["Release 4.2"],"content":["Faster exports"],"category":"new"}\'',
  ],
  [
    'gg81-buildkite-api-token-curl-pipelines',
    'curl -sH "Authorization: Bearer «bkua_{h40}»" \\\n  "https://api.buildkite.com/v2/organizations/acme/pipelines?per_page=50" | jq -r \'.[].slug\'',
  ],
  [
    'gg81-buildkite-api-token-bk-cli-config-toml',
    '# ~/.config/bk.yaml\nselected_org: acme\norganizations:\n  acme:\n    api_token: «bkua_{h40}»',
  ],
  [
    'gg81-circleci-pat-cli-setup-flag',
    '$ circleci setup --no-prompt --host https://circleci.com --token «CCIPAT_{a22}_{h40}»\nSetup complete.\nYour configuration has been saved to /home/dev/.circleci/cli.yml.',
  ],
  [
    'gg81-circleci-pat-cli-yml',
    '# ~/.circleci/cli.yml\nhost: https://circleci.com\nendpoint: graphql-unstable\ntoken: «CCIPAT_{a22}_{h40}»\nrest_endpoint: api/v2',
  ],
  [
    'gg81-clojars-token-lein-credentials-map',
    ';; ~/.lein/credentials.clj (gpg encryption skipped on this box)\n{#"https://repo.clojars.org" {:username "mkowal" :password "«CLOJARS_{l60}»"}}',
  ],
  [
    'gg81-clojars-token-gha-env-beside-username',
    '      - name: Deploy to Clojars\n        run: clojure -T:build deploy\n        env:\n          CLOJARS_USERNAME: mkowal\n          CLOJARS_PASSWORD: «CLOJARS_{l60}»',
  ],
  [
    'gg81-contentful-cma-token-cli-login-flag',
    '$ contentful login --management-token «CFPAT-{B43}»\n✔ Successfully logged in\n$ contentful space use --space-id {l12}',
  ],
  [
    'gg81-contentful-cma-token-dotenv-beside-space-id',
    'CONTENTFUL_SPACE_ID={l12}\nCONTENTFUL_ENVIRONMENT=master\nCONTENTFUL_MANAGEMENT_TOKEN=«CFPAT-{B43}»',
  ],
  [
    'gg81-databricks-pat-databrickscfg-beside-host',
    '[DEFAULT]\nhost  = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken = «dapi{h32}-2»\n\n[staging]\nhost  = https://acme-staging.cloud.databricks.com',
  ],
  [
    'gg81-databricks-pat-python-sql-connector',
    'from databricks import sql\nwith sql.connect(server_hostname="acme-prod.cloud.databricks.com",\n                 http_path="/sql/1.0/warehouses/{h16}",\n                 access_token="«dapi{h32}»") as conn:\n    print(conn.cursor().execute("select current_user()").fetchall())',
  ],
  [
    'gg81-databricks-pat-dbt-profiles-yml',
    'analytics:\n  target: prod\n  outputs:\n    prod:\n      type: databricks\n      catalog: main\n      schema: marts\n      host: acme-prod.cloud.databricks.com\n      http_path: /sql/1.0/warehouses/{h16}\n      token: «dapi{h32}»',
  ],
  [
    'gg81-defined-networking-api-key-curl-hosts',
    'curl -s https://api.defined.net/v1/hosts?pageSize=100 \\\n  -H "Authorization: Bearer «dnkey-{B26}-{B52}»" | jq \'.data[].hostname\'',
  ],
  [
    'gg81-doppler-service-token-gha-env',
    'jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      DOPPLER_TOKEN: «dp.st.prd.{a43}»\n    steps:\n      - uses: dopplerhq/cli-action@v3\n      - run: doppler run -- ./scripts/deploy.sh',
  ],
  [
    'gg81-doppler-personal-token-configure-set',
    '$ doppler configure set token «dp.pt.{a43}» --scope /home/dev/src/api\n┌───────┬────────────────────────┐\n│ NAME  │ VALUE                  │',
  ],
  [
    'gg81-doppler-service-account-token-docker-run-env',
    'docker run --rm -e DOPPLER_TOKEN="«dp.sa.{a43}»" \\\n  ghcr.io/acme/worker:2.8.1 doppler run -- node dist/worker.js',
  ],
  [
    'gg81-duffel-live-token-python-client',
    'from duffel_api import Duffel\nduffel = Duffel(access_token="«duffel_live_{B43}»")\noffers = duffel.offer_requests.create().slices(slices).passengers([{"type": "adult"}]).execute()',
  ],
  [
    'gg81-duffel-live-token-curl-with-version-header',
    'curl -s https://api.duffel.com/air/airlines?limit=5 \\\n  -H "Duffel-Version: v2" -H "Accept: application/json" \\\n  -H "Authorization: Bearer «duffel_live_{B43}»"',
  ],
  [
    'gg81-dynatrace-api-token-oneagent-installer-wget',
    'wget -O Dynatrace-OneAgent-Linux.sh \\\n  "https://{l8}.live.dynatrace.com/api/v1/deployment/installer/agent/unix/default/latest?arch=x86" \\\n  --header="Authorization: Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  [
    'gg81-dynatrace-api-token-otel-collector-headers',
    'exporters:\n  otlphttp/dynatrace:\n    endpoint: https://{l8}.live.dynatrace.com/api/v2/otlp\n    headers:\n      Authorization: "Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  [
    'gg81-dynatrace-api-token-terraform-tfvars',
    'dynatrace_env_url   = "https://{l8}.live.dynatrace.com"\ndynatrace_api_token = "«dt0c01.{u24}.{u64}»"',
  ],
  [
    'gg81-easypost-prod-key-ruby-client',
    "require 'easypost'\nclient = EasyPost::Client.new(api_key: '«EZAK{l54}»')\nshipment = client.shipment.retrieve('shp_{h32}')",
  ],
  [
    'gg81-easypost-prod-key-php-client',
    "<?php\n$client = new \\EasyPost\\EasyPostClient('«EZAK{l54}»');\n$tracker = $client->tracker->create(['tracking_code' => '9400100000000000000000']);",
  ],
  [
    'gg81-flutterwave-live-secret-dotenv-beside-public-key',
    'FLW_PUBLIC_KEY=FLWPUBK-{h32}-X\nFLW_SECRET_KEY=«FLWSECK-{h32}-X»\nFLW_REDIRECT_URL=https://shop.acme.ng/payments/callback',
  ],
  [
    'gg81-flutterwave-live-secret-node-sdk-ctor',
    "const Flutterwave = require('flutterwave-node-v3');\nconst flw = new Flutterwave(process.env.FLW_PUBLIC_KEY, '«FLWSECK-{h32}-X»');\nconst res = await flw.Transaction.verify({ id: req.query.transaction_id });",
  ],
  [
    'gg81-frameio-dev-token-curl-me',
    '$ curl -s https://api.frame.io/v2/me -H "Authorization: Bearer «fio-u-{B64}»" | jq .account_id\n"{h8}-{h4}-{h4}-{h4}-{h12}"',
  ],
  [
    'gg81-grafana-service-account-token-terraform-provider',
    'provider "grafana" {\n  url  = "https://grafana.acme.io"\n  auth = "«glsa_{a32}_{h8}»"\n}',
  ],
  [
    'gg81-grafana-cloud-token-alloy-remote-write',
    'prometheus.remote_write "cloud" {\n  endpoint {\n    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n    basic_auth {\n      username = "{d7}"\n      password = "«glc_eyJvIjoi{a120}»"\n    }\n  }\n}',
  ],
  [
    'gg81-grafana-service-account-token-curl-dashboards',
    'curl -s -H "Authorization: Bearer «glsa_{a32}_{h8}»" \\\n  "https://grafana.acme.io/api/search?type=dash-db&query=checkout" | jq -r \'.[].uid\'',
  ],
  [
    'gg81-terraform-cloud-token-credentials-tfrc-json',
    '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "«{a14}.atlasv1.{B67}»"\n    }\n  }\n}',
  ],
  [
    'gg81-terraform-cloud-token-gitlab-ci-variable',
    'plan:\n  stage: plan\n  image: hashicorp/terraform:1.8\n  variables:\n    TF_TOKEN_app_terraform_io: "«{a14}.atlasv1.{B67}»"\n  script:\n    - terraform init -input=false\n    - terraform plan -out=tfplan',
  ],
  [
    'gg81-vault-service-token-export-beside-addr',
    'export VAULT_ADDR=https://vault.acme.internal:8200\nexport VAULT_NAMESPACE=admin/payments\nexport VAULT_TOKEN=«hvs.CAESI{B86}»\nvault kv get -mount=secret billing/stripe',
  ],
  [
    'gg81-vault-operator-init-unseal-keys-and-root-token',
    '$ vault operator init -key-shares=3 -key-threshold=2\nUnseal Key 1: «{b44}»\nUnseal Key 2: «{b44}»\nUnseal Key 3: «{b44}»\n\nInitial Root Token: «hvs.{a24}»',
  ],
  [
    'gg81-vault-batch-token-python-hvac',
    'import hvac\nclient = hvac.Client(url="https://vault.acme.internal:8200", token="«hvb.AAAAAQ{B138}»")\nprint(client.secrets.kv.v2.read_secret_version(path="ci/deploy")["data"]["data"].keys())',
  ],
  [
    'gg81-heroku-api-key-netrc-beside-login',
    'machine api.heroku.com\n  login ops@acme.io\n  password «HRKU-AA{B58}»\nmachine git.heroku.com\n  login ops@acme.io\n  password «HRKU-AA{B58}»',
  ],
  [
    'gg81-heroku-api-key-gha-deploy-action-with',
    '      - uses: akhileshns/heroku-deploy@v3.13.15\n        with:\n          heroku_api_key: «HRKU-AA{B58}»\n          heroku_app_name: acme-orders-prod\n          heroku_email: ops@acme.io',
  ],
  [
    'gg81-hubspot-private-app-token-python-beside-portal-id',
    'from hubspot import HubSpot\nPORTAL_ID = {d8}\napi_client = HubSpot(access_token="«pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}»")\ncontacts = api_client.crm.contacts.basic_api.get_page(limit=10)',
  ],
  [
    'gg81-hubspot-private-app-token-eu-dotenv',
    'HUBSPOT_PORTAL_ID={d8}\nHUBSPOT_ACCESS_TOKEN=«pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»\nHUBSPOT_PIPELINE=default',
  ],
  [
    'gg81-linear-api-key-graphql-curl',
    'curl -s https://api.linear.app/graphql \\\n  -H "Content-Type: application/json" \\\n  -H "Authorization: «lin_api_{a40}»" \\\n  --data \'{ "query": "{ viewer { id name } }" }\'',
  ],
  [
    'gg81-linear-api-key-ts-sdk-ctor',
    'import { LinearClient } from "@linear/sdk";\nconst linear = new LinearClient({ apiKey: "«lin_api_{a40}»" });\nconst issues = await linear.issues({ filter: { team: { key: { eq: "PLAT" } } } });',
  ],
  [
    'gg81-mailchimp-api-key-python-marketing-set-config',
    'import mailchimp_marketing as MailchimpMarketing\nclient = MailchimpMarketing.Client()\nclient.set_config({"api_key": "«{h32}-us21»", "server": "us21"})\nprint(client.ping.get())',
  ],
  [
    'gg81-mailchimp-api-key-curl-basic-auth-anystring',
    "curl -s --request GET --url 'https://us14.api.mailchimp.com/3.0/lists?count=5' \\\n  --user \"anystring:«{h32}-us14»\" | jq '.lists[].id'",
  ],
  [
    'gg81-mailgun-private-key-curl-user-api',
    "curl -s --user 'api:«key-{h32}»' \\\n  https://api.eu.mailgun.net/v3/mg.acme.io/messages \\\n  -F from='Acme <noreply@mg.acme.io>' -F to=dev@acme.io -F subject='smoke' -F text='ok'",
  ],
  [
    'gg81-mailgun-api-key-and-signing-key-django-anymail',
    'ANYMAIL = {\n    "MAILGUN_API_KEY": "«{h32}-{h8}-{h8}»",\n    "MAILGUN_SENDER_DOMAIN": "mg.acme.io",\n    "MAILGUN_WEBHOOK_SIGNING_KEY": "«{h32}»",\n}',
  ],
  ['gg81-mapbox-secret-token-android-gradle-properties', 'android.useAndroidX=true\nMAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1Ijoi{B40}In0.{B22}»'],
  [
    'gg81-mapbox-secret-token-netrc-ios-sdk',
    '# ~/.netrc  (needed for the Mapbox iOS SDK via SPM)\nmachine api.mapbox.com\n  login mapbox\n  password «sk.eyJ1Ijoi{B40}In0.{B22}»',
  ],
  [
    'gg81-messagebird-live-key-node-init-client',
    "const messagebird = require('messagebird').initClient('«{a25}»');\nmessagebird.messages.create({ originator: 'AcmeShop', recipients: ['+31600000000'], body: 'Your code: 4821' }, cb);",
  ],
  [
    'gg81-netlify-pat-deploy-cli-beside-site-id',
    'npx netlify deploy --prod --dir=dist \\\n  --site {h8}-{h4}-{h4}-{h4}-{h12} \\\n  --auth «nfp_{a40}»',
  ],
  [
    'gg81-newrelic-user-key-cli-profile-add-beside-account-id',
    '$ newrelic profile add --profile prod --region us \\\n    --apiKey «NRAK-{u27}» --accountId {d7} --licenseKey «{h36}NRAL»\nProfile prod added',
  ],
  [
    'gg81-newrelic-license-key-newrelic-yml',
    "common: &default_settings\n  license_key: '«{h36}NRAL»'\n  app_name: orders-api (prod)\n  distributed_tracing:\n    enabled: true",
  ],
  [
    'gg81-newrelic-license-key-fluent-bit-output',
    '[OUTPUT]\n    Name        newrelic\n    Match       *\n    licenseKey  «{h36}NRAL»\n    endpoint    https://log-api.eu.newrelic.com/log/v1',
  ],
  ['gg81-okta-api-token-dotenv-beside-org-url', 'OKTA_ORG_URL=https://acme.okta.com\nOKTA_CLIENT_ID=0oa{a17}\nOKTA_API_TOKEN=«00{B40}»'],
  [
    'gg81-okta-api-token-terraform-provider',
    'provider "okta" {\n  org_name  = "acme"\n  base_url  = "okta.com"\n  api_token = "«00{B40}»"\n}',
  ],
  [
    'gg81-planetscale-service-token-dotenv-beside-token-id',
    'PLANETSCALE_ORG=acme\nPLANETSCALE_SERVICE_TOKEN_ID={l12}\nPLANETSCALE_SERVICE_TOKEN=«pscale_tkn_{B43}»',
  ],
  [
    'gg81-planetscale-password-mysql-url-beside-username',
    "DATABASE_URL='mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/shop?sslaccept=strict'",
  ],
  [
    'gg81-planetscale-password-prisma-log-line',
    'prisma:info Starting a mysql pool with 9 connections.\nprisma:query datasource url=mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/shop?sslaccept=strict',
  ],
  [
    'gg81-postman-api-key-cli-login',
    '$ postman login --with-api-key «PMAK-{h24}-{h34}»\nLogged in successfully.\n$ postman collection run {d8}-{h8}-{h4}-{h4}-{h4}-{h12} -e {d8}-{h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'gg81-postman-api-key-newman-url-query',
    'newman run "https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12}?apikey=«PMAK-{h24}-{h34}»" \\\n  --reporters cli,junit --reporter-junit-export results/newman.xml',
  ],
  [
    'gg81-prefect-api-key-cloud-login',
    "$ prefect cloud login -k «pnu_{a36}» --workspace acme/production\nAuthenticated with Prefect Cloud! Using workspace 'acme/production'.",
  ],
  [
    'gg81-prefect-api-key-dockerfile-env-beside-api-url',
    'FROM prefecthq/prefect:2-python3.11\nENV PREFECT_API_URL=https://api.prefect.cloud/api/accounts/{h8}-{h4}-{h4}-{h4}-{h12}/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}\nENV PREFECT_API_KEY=«pnu_{a36}»\nCOPY flows/ /opt/flows/',
  ],
  [
    'gg81-pulumi-access-token-gha-env',
    '      - uses: pulumi/actions@v5\n        with:\n          command: up\n          stack-name: acme/infra/prod\n        env:\n          PULUMI_ACCESS_TOKEN: «pul-{h40}»',
  ],
  [
    'gg81-pulumi-access-token-shell-login',
    '$ export PULUMI_ACCESS_TOKEN=«pul-{h40}»\n$ pulumi login\nLogged in to pulumi.com as acme-ci (https://app.pulumi.com/acme-ci)',
  ],
  [
    'gg81-pypi-token-pypirc-beside-token-username',
    '[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmc{B150}»',
  ],
  [
    'gg81-pypi-token-twine-upload-flags',
    '$ python -m twine upload --non-interactive -u __token__ -p «pypi-AgEIcHlwaS5vcmc{B150}» dist/*\nUploading distributions to https://upload.pypi.org/legacy/',
  ],
  ['gg81-readme-api-key-rdme-cli-beside-definition-id', 'npx rdme openapi ./openapi.yaml --key=«rdme_{l70}» --id={h24} --version=4.2'],
  ['gg81-rubygems-api-key-gem-credentials', '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»'],
  [
    'gg81-rubygems-api-key-gha-gem-host-env',
    '      - name: Release gem\n        run: gem push pkg/acme-client-*.gem\n        env:\n          GEM_HOST_API_KEY: «rubygems_{h48}»',
  ],
  ['gg81-scalingo-api-token-cli-login', '$ scalingo login --api-token «tk-us-{B48}»\n-----> Authenticated as ops@acme.fr'],
  [
    'gg81-brevo-api-key-php-configuration',
    "$config = Brevo\\Client\\Configuration::getDefaultConfiguration()\n    ->setApiKey('api-key', '«xkeysib-{h64}-{a16}»');\n$api = new Brevo\\Client\\Api\\TransactionalEmailsApi(new GuzzleHttp\\Client(), $config);",
  ],
  [
    'gg81-brevo-smtp-key-laravel-env-mail-password',
    'MAIL_MAILER=smtp\nMAIL_HOST=smtp-relay.brevo.com\nMAIL_PORT=587\nMAIL_USERNAME=7a1b2c001@smtp-brevo.com\nMAIL_PASSWORD=«xsmtpsib-{h64}-{a16}»',
  ],
  [
    'gg81-shippo-live-token-python-config',
    'import shippo\nshippo.config.api_key = "«shippo_live_{h40}»"\nrates = shippo.Shipment.create(address_from=warehouse, address_to=to, parcels=[parcel], asynchronous=False)',
  ],
  [
    'gg81-shippo-live-token-curl-shippotoken-header',
    'curl https://api.goshippo.com/carrier_accounts/ -H "Authorization: ShippoToken «shippo_live_{h40}»"',
  ],
  [
    'gg81-sourcegraph-access-token-src-cli-env',
    "export SRC_ENDPOINT=https://sourcegraph.acme.io\nexport SRC_ACCESS_TOKEN=«sgp_{h16}_{h40}»\nsrc search -json 'repo:^github.com/acme/ lang:go context.TODO'",
  ],
  [
    'gg81-square-access-token-python-client-beside-application-id',
    'from square.client import Client\nSQUARE_APPLICATION_ID = "sq0idp-{B22}"\nclient = Client(access_token="«EAAA{B60}»", environment="production")\nresult = client.locations.list_locations()',
  ],
  ['gg81-telnyx-api-key-dotenv-beside-public-key', 'TELNYX_API_KEY=«KEY{H32}_{a22}»\nTELNYX_PUBLIC_KEY={b43}=\nTELNYX_CONNECTION_ID={d19}'],
  [
    'gg81-telnyx-api-key-curl-messages',
    'curl -X POST https://api.telnyx.com/v2/messages \\\n  -H "Authorization: Bearer «KEY{H32}_{a22}»" -H "Content-Type: application/json" \\\n  -d \'{"from": "+13125550100", "to": "+13125550123", "text": "Your order shipped"}\'',
  ],
  [
    'gg81-typeform-pat-curl-responses-beside-form-id',
    'curl -s "https://api.typeform.com/forms/{a8}/responses?page_size=25&since=2024-05-01T00:00:00" \\\n  -H "Authorization: Bearer «tfp_{B44}_{B14}»"',
  ],
  [
    'gg81-yandex-oauth-token-yc-config-set',
    '$ yc config profile create prod\n$ yc config set token «y0_Ag{B54}»\n$ yc config set folder-id b1g{l17}',
  ],
  [
    'gg81-yandex-cloud-api-key-curl-beside-folder-id',
    'curl -s https://llm.api.cloud.yandex.net/foundationModels/v1/completion \\\n  -H "Authorization: Api-Key «AQVN{B36}»" \\\n  -d \'{"modelUri":"gpt://b1g{l17}/yandexgpt-lite","messages":[{"role":"user","text":"ping"}]}\'',
  ],
  [
    'gg81-zendesk-api-token-curl-email-token-auth',
    'curl -s "https://acme.zendesk.com/api/v2/tickets.json?per_page=10" \\\n  -u support-bot@acme.io/token:«{a40}»',
  ],
  [
    'gg81-zendesk-api-token-node-client-config',
    "const zendesk = require('node-zendesk');\nconst client = zendesk.createClient({\n  username: 'support-bot@acme.io',\n  token: '«{a40}»',\n  subdomain: 'acme',\n});",
  ],
  [
    'gg81-age-secret-key-keys-txt-beside-public-key',
    '# created: 2024-05-14T09:12:33+02:00\n# public key: age1qz4ml8gdq3f6v5m0cfk7n2sjt9hxa7rwpyuek4dz3lvcg6t8n0s5q2jxwe\n«AGE-SECRET-KEY-1{e58}»',
  ],
  [
    'gg81-age-secret-key-sops-env-export',
    "export SOPS_AGE_RECIPIENTS=age1qz4ml8gdq3f6v5m0cfk7n2sjt9hxa7rwpyuek4dz3lvcg6t8n0s5q2jxwe\nexport SOPS_AGE_KEY=«AGE-SECRET-KEY-1{e58}»\nsops -d secrets/prod.enc.yaml | yq '.database'",
  ],
  [
    'gg81-sentry-user-token-cli-releases-flag',
    'sentry-cli --auth-token «sntryu_{h64}» releases new -p web "acme-web@4.2.0"\nsentry-cli --auth-token «sntryu_{h64}» releases set-commits "acme-web@4.2.0" --auto',
  ],
  [
    'gg81-sentry-org-token-sentryclirc-beside-dsn-comment',
    '# DSN (public): https://{h32}@o{d6}.ingest.sentry.io/{d7}\n[defaults]\norg = acme\nproject = web\n\n[auth]\ntoken = «sntrys_eyJpYXQiOjE3{a120}_{a43}»',
  ],
  [
    'gg81-supabase-access-token-cli-login',
    '$ supabase login --token «sbp_{h40}»\nYou are now logged in. Happy coding!\n$ supabase link --project-ref {l20}',
  ],
  [
    'gg81-supabase-secret-key-dotenv-beside-publishable-key',
    'NEXT_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nNEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{B22}_{B8}\nSUPABASE_SECRET_KEY=«sb_secret_{B22}_{B8}»',
  ],
  [
    'gg81-supabase-service-role-jwt-python-create-client',
    'from supabase import create_client\nurl = "https://{l20}.supabase.co"\nservice_key = "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJzZXJ2aWNlX3JvbGUi{B60}.{B43}»"\nsupabase = create_client(url, service_key)',
  ],
  [
    'gg81-render-api-key-curl-services',
    "curl -s --request GET --url 'https://api.render.com/v1/services?limit=20' \\\n  --header 'Accept: application/json' \\\n  --header 'Authorization: Bearer «rnd_{a32}»'",
  ],
  [
    'gg81-render-deploy-hook-url-gha-step',
    '      - name: Trigger Render deploy\n        run: curl -fsS -X POST "«https://api.render.com/deploy/srv-{l20}?key={B11}»"',
  ],
  [
    'gg81-tailscale-auth-key-tailscale-up',
    'sudo tailscale up --ssh --advertise-tags=tag:ci \\\n  --authkey=«tskey-auth-k{a10}CNTRL-{a32}»',
  ],
  [
    'gg81-tailscale-api-key-curl-devices-basic',
    'curl -s -u "«tskey-api-k{a10}CNTRL-{a32}»:" \\\n  https://api.tailscale.com/api/v2/tailnet/-/devices | jq -r \'.devices[].hostname\'',
  ],
  [
    'gg81-tailscale-oauth-secret-gha-beside-client-id',
    '      - name: Tailscale\n        uses: tailscale/github-action@v2\n        with:\n          oauth-client-id: k{a10}CNTRL\n          oauth-secret: «tskey-client-k{a10}CNTRL-{a32}»\n          tags: tag:ci',
  ],
  [
    'gg81-pinecone-api-key-python-client-ctor',
    'from pinecone import Pinecone\npc = Pinecone(api_key="«pcsk_{a6}_{a63}»")\nindex = pc.Index("support-articles")\nprint(index.describe_index_stats())',
  ],
  [
    'gg81-pinecone-api-key-dotenv-beside-index-host',
    'PINECONE_API_KEY=«pcsk_{a6}_{a63}»\nPINECONE_INDEX_HOST=https://support-articles-{l7}.svc.aped-4627-b74a.pinecone.io',
  ],
  [
    'gg81-groq-api-key-langchain-chatgroq',
    'from langchain_groq import ChatGroq\nllm = ChatGroq(model="llama-3.1-70b-versatile", temperature=0, api_key="«gsk_{a52}»")',
  ],
  [
    'gg81-groq-api-key-curl-chat-completions',
    'curl https://api.groq.com/openai/v1/chat/completions -s \\\n  -H "Authorization: Bearer «gsk_{a52}»" -H "Content-Type: application/json" \\\n  -d \'{"model": "llama-3.1-8b-instant", "messages": [{"role": "user", "content": "hi"}]}\'',
  ],
  [
    'gg81-replicate-api-token-shell-export',
    '$ export REPLICATE_API_TOKEN=«r8_{a37}»\n$ replicate run stability-ai/sdxl prompt="isometric warehouse, soft light"',
  ],
  [
    'gg81-replicate-api-token-js-client-ctor',
    'import Replicate from "replicate";\nconst replicate = new Replicate({ auth: "«r8_{a37}»" });',
  ],
  [
    'gg81-perplexity-api-key-curl-chat',
    'curl -s https://api.perplexity.ai/chat/completions \\\n  -H "Authorization: Bearer «pplx-{a48}»" -H "Content-Type: application/json" \\\n  -d \'{"model":"sonar","messages":[{"role":"user","content":"latest postgres release"}]}\'',
  ],
  [
    'gg81-xai-api-key-python-openai-compatible-client',
    'from openai import OpenAI\nclient = OpenAI(base_url="https://api.x.ai/v1", api_key="«xai-{a80}»")\nresp = client.chat.completions.create(model="grok-2-latest", messages=msgs)',
  ],
  [
    'gg81-openrouter-api-key-continue-config-json',
    '{\n  "models": [\n    { "title": "Claude via OpenRouter", "provider": "openrouter",\n      "model": "anthropic/claude-3.5-sonnet", "apiKey": "«sk-or-v1-{h64}»" }\n  ]\n}',
  ],
  [
    'gg81-openrouter-api-key-aider-env',
    '# ~/.aider.conf.env\nOPENROUTER_API_KEY=«sk-or-v1-{h64}»\nAIDER_MODEL=openrouter/deepseek/deepseek-coder',
  ],
  [
    'gg81-fireworks-api-key-python-client',
    'import fireworks.client\nfireworks.client.api_key = "«fw_{a24}»"\ncompletion = fireworks.client.Completion.create(model="accounts/fireworks/models/llama-v3p1-8b-instruct", prompt="Say hi")',
  ],
  [
    'gg81-elevenlabs-api-key-curl-tts-beside-voice-id',
    'curl -s -X POST "https://api.elevenlabs.io/v1/text-to-speech/{a20}" \\\n  -H "xi-api-key: «sk_{h48}»" -H "Content-Type: application/json" \\\n  -d \'{"text":"Your parcel is on the way","model_id":"eleven_multilingual_v2"}\' -o out.mp3',
  ],
  [
    'gg81-langsmith-personal-token-dotenv-tracing',
    'LANGCHAIN_TRACING_V2=true\nLANGCHAIN_ENDPOINT=https://api.smith.langchain.com\nLANGCHAIN_API_KEY=«lsv2_pt_{h32}_{h10}»\nLANGCHAIN_PROJECT=support-bot-prod',
  ],
  [
    'gg81-langsmith-service-key-k8s-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: langsmith\nstringData:\n  LANGSMITH_API_KEY: «lsv2_sk_{h32}_{h10}»',
  ],
  [
    'gg81-langfuse-secret-key-dotenv-beside-public-key',
    'LANGFUSE_PUBLIC_KEY=pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}\nLANGFUSE_SECRET_KEY=«sk-lf-{h8}-{h4}-{h4}-{h4}-{h12}»\nLANGFUSE_HOST=https://cloud.langfuse.com',
  ],
  [
    'gg81-langfuse-secret-key-python-ctor-beside-public-key',
    'from langfuse import Langfuse\nlangfuse = Langfuse(\n    public_key="pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}",\n    secret_key="«sk-lf-{h8}-{h4}-{h4}-{h4}-{h12}»",\n    host="https://cloud.langfuse.com",\n)',
  ],
  [
    'gg81-honeycomb-ingest-key-otel-headers-export',
    'export OTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\nexport OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=«hcaik_01{l24}{l32}»"\nexport OTEL_SERVICE_NAME=checkout-api',
  ],
  [
    'gg81-honeycomb-config-key-refinery-yaml',
    'General:\n  ConfigurationVersion: 2\nAccessKeys:\n  ReceiveKeys:\n    - «{a22}»\n  AcceptOnlyListedKeys: true',
  ],
  ['gg81-trello-token-dotenv-beside-board-id', 'TRELLO_BOARD_ID={h24}\nTRELLO_LIST_DONE={h24}\nTRELLO_TOKEN=«ATTA{h64}{H8}»'],
  [
    'gg81-harness-pat-terraform-provider-beside-account-id',
    'provider "harness" {\n  endpoint         = "https://app.harness.io/gateway"\n  account_id       = "{B22}"\n  platform_api_key = "«pat.{B22}.{h24}.{a20}»"\n}',
  ],
  [
    'gg81-harness-pat-curl-x-api-key',
    'curl -s "https://app.harness.io/ng/api/projects?accountIdentifier={B22}&orgIdentifier=default" \\\n  -H "x-api-key: «pat.{B22}.{h24}.{a20}»"',
  ],
  [
    'gg81-octopus-api-key-octo-cli-push',
    'octo push --package ./artifacts/Acme.Web.4.2.0.nupkg \\\n  --server https://deploy.acme.io --apiKey «API-{u26}» --space Spaces-1',
  ],
  [
    'gg81-octopus-api-key-powershell-header',
    '$octopusURL = "https://deploy.acme.io"\n$header = @{ "X-Octopus-ApiKey" = "«API-{u26}»" }\n$projects = Invoke-RestMethod -Uri "$octopusURL/api/Spaces-1/projects/all" -Headers $header',
  ],
  [
    'gg81-sanity-api-token-dotenv-beside-project-id',
    'NEXT_PUBLIC_SANITY_PROJECT_ID={l8}\nNEXT_PUBLIC_SANITY_DATASET=production\nSANITY_API_WRITE_TOKEN=«sk{a150}»',
  ],
  [
    'gg81-notion-integration-token-python-client',
    'from notion_client import Client\nnotion = Client(auth="«ntn_{d11}{a35}»")\ndb = notion.databases.query(database_id="{h32}", page_size=20)',
  ],
  [
    'gg81-notion-legacy-secret-curl-beside-page-id',
    'curl -s https://api.notion.com/v1/pages/{h32} \\\n  -H "Authorization: Bearer «secret_{a43}»" -H "Notion-Version: 2022-06-28"',
  ],
  [
    'gg81-clickup-personal-token-curl-beside-list-id',
    'curl -s "https://api.clickup.com/api/v2/list/{d9}/task?archived=false" \\\n  -H "Authorization: «pk_{d8}_{u32}»"',
  ],
  [
    'gg81-zoho-refresh-token-python-oauth-beside-client-id',
    'ZOHO_CLIENT_ID = "1000.{u30}"\nZOHO_CLIENT_SECRET = "«{h42}»"\nZOHO_REFRESH_TOKEN = "«1000.{h32}.{h32}»"\nTOKEN_URL = "https://accounts.zoho.eu/oauth/v2/token"',
  ],
  [
    'gg81-intercom-access-token-ruby-client',
    "intercom = Intercom::Client.new(token: '«dG9rOj{a52}=»')\nintercom.contacts.search(query: { field: 'email', operator: '=', value: 'jo@acme.io' })",
  ],
  [
    'gg81-salesforce-session-token-sfdx-env',
    "$ export SF_ACCESS_TOKEN='«00D{a15}!AQ{a96}»'\n$ sf org login access-token --instance-url https://acme.my.salesforce.com --no-prompt\nSuccessfully authorized ops@acme.io with org ID 00D{a15}",
  ],
  [
    'gg81-pipedrive-api-token-query-param-requests',
    'import requests\nr = requests.get("https://acme.pipedrive.com/api/v1/deals",\n                 params={"status": "open", "api_token": "«{h40}»"})',
  ],
  [
    'gg81-twilio-api-key-secret-node-beside-key-sid-and-account-sid',
    "const client = require('twilio')(\n  'SK{h32}',               // API key SID\n  '«{a32}»',               // API key secret\n  { accountSid: 'AC{h32}' }\n);",
  ],
  [
    'gg81-twilio-auth-token-env-beside-account-sid',
    'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_AUTH_TOKEN=«{h32}»\nTWILIO_FROM_NUMBER=+14155550199',
  ],
  [
    'gg81-vonage-api-secret-python-client-beside-key',
    'import vonage\nclient = vonage.Client(key="{h8}", secret="«{a16}»")\nclient.sms.send_message({"from": "AcmeShop", "to": "447700900000", "text": "Code 5521"})',
  ],
  ['gg81-plivo-auth-token-env-beside-auth-id', 'PLIVO_AUTH_ID=MA{u18}\nPLIVO_AUTH_TOKEN=«{a40}»'],
  [
    'gg81-infobip-api-key-curl-app-header',
    'curl -s -X POST https://{l6}.api.infobip.com/sms/2/text/advanced \\\n  -H "Authorization: App «{h32}-{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -H "Content-Type: application/json" -d @sms.json',
  ],
  [
    'gg81-webex-bot-token-python-requests',
    'WEBEX_BOT_TOKEN = "«{a64}_{a4}_{h8}-{h4}-{h4}-{h4}-{h12}»"\nrequests.post("https://webexapis.com/v1/messages",\n              headers={"Authorization": f"Bearer {WEBEX_BOT_TOKEN}"},\n              json={"roomId": room_id, "markdown": "**deploy finished**"})',
  ],
  [
    'gg81-mattermost-incoming-webhook-url-alertmanager',
    'receivers:\n  - name: ops-mattermost\n    slack_configs:\n      - api_url: «https://chat.acme.io/hooks/{l26}»\n        channel: ops-alerts',
  ],
  [
    'gg81-teams-incoming-webhook-url-powershell',
    '$uri = "«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»"\nInvoke-RestMethod -Method Post -Uri $uri -ContentType \'application/json\' -Body \'{"text":"Nightly backup OK"}\'',
  ],
  [
    'gg81-google-chat-webhook-url-python',
    'WEBHOOK = "«https://chat.googleapis.com/v1/spaces/AAAA{B7}/messages?key=AIzaSy{B33}&token={B43}»"\nrequests.post(WEBHOOK, json={"text": "Deploy of orders-api 4.2.0 finished"})',
  ],
  [
    'gg81-zapier-catch-hook-url-chat-prose',
    "fyi the form posts to «https://hooks.zapier.com/hooks/catch/{d8}/{l7}/» — zapier then fans out to the CRM and the #leads channel, so don't hit it from the load test",
  ],
  [
    'gg81-discord-webhook-url-github-actions-step',
    '      - name: Notify Discord\n        if: failure()\n        run: |\n          curl -H "Content-Type: application/json" -d \'{"content":"main is red"}\' \\\n            "«https://discord.com/api/webhooks/{d18}/{B68}»"',
  ],
  [
    'gg81-line-channel-access-token-curl-push',
    'curl -v -X POST https://api.line.me/v2/bot/message/push \\\n  -H \'Content-Type: application/json\' \\\n  -H \'Authorization: Bearer «{b172}=»\' \\\n  -d \'{"to": "U{h32}", "messages": [{"type": "text", "text": "Order ready"}]}\'',
  ],
  [
    'gg81-postmark-server-token-curl-header',
    'curl "https://api.postmarkapp.com/email" -X POST \\\n  -H "Accept: application/json" -H "Content-Type: application/json" \\\n  -H "X-Postmark-Server-Token: «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -d \'{"From": "noreply@acme.io", "To": "dev@acme.io", "Subject": "smoke", "TextBody": "ok"}\'',
  ],
  [
    'gg81-sparkpost-api-key-python-client',
    'from sparkpost import SparkPost\nsp = SparkPost("«{h40}»")\nsp.transmissions.send(recipients=["dev@acme.io"], template="order-shipped")',
  ],
  ['gg81-mailjet-secret-key-env-beside-api-key', 'MJ_APIKEY_PUBLIC={h32}\nMJ_APIKEY_PRIVATE=«{h32}»\nMJ_SENDER=noreply@acme.io'],
  [
    'gg81-mandrill-api-key-php-ctor',
    "$mandrill = new Mandrill('«md-{B22}»');\n$result = $mandrill->messages->sendTemplate('order-shipped', [], $message);",
  ],
  [
    'gg81-resend-api-key-ts-client',
    'import { Resend } from "resend";\nconst resend = new Resend("«re_{a8}_{a24}»");\nawait resend.emails.send({ from: "Acme <noreply@acme.io>", to: ["jo@acme.io"], subject: "Welcome", html });',
  ],
  [
    'gg81-razorpay-key-secret-python-client-beside-key-id',
    'import razorpay\nclient = razorpay.Client(auth=("rzp_live_{a14}", "«{a24}»"))\norder = client.order.create({"amount": 49900, "currency": "INR", "receipt": "rcpt_1182"})',
  ],
  [
    'gg81-paystack-secret-key-curl-verify',
    'curl https://api.paystack.co/transaction/verify/T{d12} \\\n  -H "Authorization: Bearer «sk_live_{h40}»" -X GET',
  ],
  [
    'gg81-mollie-live-key-php-client',
    '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("«live_{a30}»");\n$payment = $mollie->payments->create(["amount" => ["currency" => "EUR", "value" => "24.95"], "description" => "Order #1182", "redirectUrl" => $return]);',
  ],
  [
    'gg81-gocardless-live-token-ruby-client',
    'client = GoCardlessPro::Client.new(\n  access_token: "«live_{B40}»",\n  environment: :live\n)',
  ],
  [
    'gg81-braintree-access-token-node-gateway',
    'const gateway = new braintree.BraintreeGateway({\n  accessToken: "«access_token$production${l16}${h32}»",\n});',
  ],
  [
    'gg81-paddle-api-key-dotenv-beside-client-token',
    'PADDLE_ENVIRONMENT=production\nNEXT_PUBLIC_PADDLE_CLIENT_TOKEN=live_{h27}\nPADDLE_API_KEY=«pdl_live_apikey_01{l24}_{a22}_{a3}»',
  ],
  [
    'gg81-plaid-secret-env-beside-client-id',
    'PLAID_CLIENT_ID={h24}\nPLAID_SECRET=«{h30}»\nPLAID_ENV=production\nPLAID_PRODUCTS=transactions,auth',
  ],
  [
    'gg81-plaid-access-token-log-line',
    '2024-06-03T11:02:17Z INFO  link.exchange item_id={a37} access_token=«access-production-{h8}-{h4}-{h4}-{h4}-{h12}» request_id={a15}',
  ],
  [
    'gg81-coinbase-cdp-key-json-pem-beside-key-name',
    '{\n  "name": "organizations/{h8}-{h4}-{h4}-{h4}-{h12}/apiKeys/{h8}-{h4}-{h4}-{h4}-{h12}",\n  "privateKey": "«-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI{b55}\\n{b64}\\n{b40}==\\n-----END EC PRIVATE KEY-----»\\n"\n}',
  ],
  [
    'gg81-kraken-private-key-python-krakenex',
    'import krakenex\napi = krakenex.API(key=os.environ["KRAKEN_API_KEY"], secret="«{b86}==»")\nprint(api.query_private("Balance"))',
  ],
  [
    'gg81-binance-secret-ccxt-config',
    'exchange = ccxt.binance({\n    "apiKey": os.environ["BINANCE_API_KEY"],\n    "secret": "«{a64}»",\n    "options": {"defaultType": "future"},\n})',
  ],
  [
    'gg81-riot-api-key-curl-header',
    'curl -s "https://euw1.api.riotgames.com/lol/summoner/v4/summoners/by-puuid/{B78}" \\\n  -H "X-Riot-Token: «RGAPI-{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'gg81-twitch-client-secret-env-beside-client-id',
    'TWITCH_CLIENT_ID={l30}\nTWITCH_CLIENT_SECRET=«{l30}»\nTWITCH_REDIRECT_URI=https://acme.tv/auth/twitch/callback',
  ],
  [
    'gg81-nuget-api-key-dotnet-push',
    'dotnet nuget push bin/Release/Acme.Client.4.2.0.nupkg \\\n  --api-key «oy2{l43}» --source https://api.nuget.org/v3/index.json',
  ],
  ['gg81-crates-io-token-cargo-credentials-toml', '# ~/.cargo/credentials.toml\n[registry]\ntoken = "«cio{a32}»"'],
  ['gg81-dockerhub-pat-docker-login-stdin', '$ echo «dckr_pat_{B27}» | docker login -u acmebuild --password-stdin\nLogin Succeeded'],
  ['gg81-digitalocean-pat-doctl-auth-init', '$ doctl auth init --context acme -t «dop_v1_{h64}»\nValidating token... ✔'],
  ['gg81-linode-token-terraform-tfvars', 'linode_token = "«{h64}»"\nregion       = "eu-central"'],
  ['gg81-vultr-api-key-env-cli', "export VULTR_API_KEY=«{u36}»\nvultr-cli instance list --output json | jq '.instances[].main_ip'"],
  [
    'gg81-hetzner-cloud-token-hcloud-context-toml',
    '# ~/.config/hcloud/cli.toml\nactive_context = "acme-prod"\n\n[[contexts]]\n  name = "acme-prod"\n  token = "«{a64}»"',
  ],
  [
    'gg81-scaleway-secret-key-config-yaml-beside-access-key',
    '# ~/.config/scw/config.yaml\naccess_key: SCW{u17}\nsecret_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\ndefault_organization_id: {h8}-{h4}-{h4}-{h4}-{h12}\ndefault_region: fr-par',
  ],
  [
    'gg81-ovh-application-secret-python-client',
    'client = ovh.Client(\n    endpoint="ovh-eu",\n    application_key="{a16}",\n    application_secret="«{a32}»",\n    consumer_key="«{a32}»",\n)',
  ],
  ['gg81-backblaze-application-key-b2-authorize', '$ b2 account authorize 005{h22} «K005{a27}»\nUsing https://api.backblazeb2.com'],
  [
    'gg81-akamai-edgerc-client-secret-beside-host',
    '[default]\nclient_secret = «{b43}=»\nhost = akab-{l16}-{l16}.luna.akamaiapis.net\naccess_token = «akab-{l16}-{l16}»',
  ],
  ['gg81-ngrok-authtoken-config-yml', 'version: "2"\nauthtoken: «{a27}_{a21}»\ntunnels:\n  web:\n    proto: http\n    addr: 3000'],
  ['gg81-fastly-api-token-curl-purge-all', 'curl -X POST -H "Fastly-Key: «{B32}»" https://api.fastly.com/service/{a22}/purge_all'],
  [
    'gg81-fly-deploy-token-gha-env',
    '      - uses: superfly/flyctl-actions/setup-flyctl@master\n      - run: flyctl deploy --remote-only\n        env:\n          FLY_API_TOKEN: «FlyV1 fm2_{b200}»',
  ],
  ['gg81-railway-project-token-env', 'RAILWAY_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»\nrailway up --service api --detach'],
  [
    'gg81-confluent-api-secret-client-properties-jaas',
    "bootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{u16}' password='«{a64}»';",
  ],
  [
    'gg81-clickhouse-cloud-key-secret-curl-beside-key-id',
    "curl -s --user '{a20}:«4b1d{a38}»' \\\n  https://api.clickhouse.cloud/v1/organizations/{h8}-{h4}-{h4}-{h4}-{h12}/services",
  ],
  [
    'gg81-mongodb-atlas-private-key-cli-env',
    'export MONGODB_ATLAS_PUBLIC_API_KEY={l8}\nexport MONGODB_ATLAS_PRIVATE_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nexport MONGODB_ATLAS_ORG_ID={h24}\natlas clusters list --projectId {h24}',
  ],
  [
    'gg81-elastic-cloud-api-key-python-client',
    'from elasticsearch import Elasticsearch\nes = Elasticsearch(cloud_id="acme-prod:{b80}==", api_key="«{b56}==»")',
  ],
  [
    'gg81-neon-api-key-curl-projects',
    'curl -s https://console.neon.tech/api/v2/projects \\\n  -H "Accept: application/json" -H "Authorization: Bearer «napi_{l64}»"',
  ],
  [
    'gg81-xata-api-key-dotenv-beside-db-url',
    'XATA_API_KEY=«xau_{a33}»\nXATA_DATABASE_URL=https://acme-{l6}.eu-central-1.xata.sh/db/shop\nXATA_BRANCH=main',
  ],
  [
    'gg81-upstash-redis-rest-token-env-beside-url',
    'UPSTASH_REDIS_REST_URL=https://eu1-{L5}-{L6}-{d5}.upstash.io\nUPSTASH_REDIS_REST_TOKEN=«A{a3}ASQg{a80}=»',
  ],
  [
    'gg81-dbt-cloud-service-token-gha-env',
    '    env:\n      DBT_CLOUD_ACCOUNT_ID: {d5}\n      DBT_CLOUD_JOB_ID: {d6}\n      DBT_CLOUD_API_TOKEN: «dbtc_{B48}»',
  ],
  ['gg81-fivetran-api-secret-terraform-provider-beside-key', 'provider "fivetran" {\n  api_key    = "{a16}"\n  api_secret = "«{a32}»"\n}'],
  [
    'gg81-mixpanel-service-account-secret-python-beside-username',
    'MIXPANEL_SA_USERNAME = "etl-export.{h6}.mp-service-account"\nMIXPANEL_SA_SECRET = "«{a32}»"\nauth = (MIXPANEL_SA_USERNAME, MIXPANEL_SA_SECRET)',
  ],
  ['gg81-weights-and-biases-key-netrc', 'machine api.wandb.ai\n  login user\n  password «{h40}»'],
  [
    'gg81-launchdarkly-sdk-key-go-client-init',
    'ldClient, err := ld.MakeClient("«sdk-{h8}-{h4}-{h4}-{h4}-{h12}»", 5*time.Second)\nif err != nil {\n\tlog.Fatalf("launchdarkly init: %v", err)\n}',
  ],
  ['gg81-launchdarkly-api-token-terraform-provider', 'provider "launchdarkly" {\n  access_token = "«api-{h8}-{h4}-{h4}-{h4}-{h12}»"\n}'],
  [
    'gg81-posthog-personal-key-script-env-beside-project-key',
    'POSTHOG_PROJECT_API_KEY=phc_{a43}\nPOSTHOG_PERSONAL_API_KEY=«phx_{a43}»\nPOSTHOG_PROJECT_ID={d5}',
  ],
  [
    'gg81-flagsmith-server-key-python-client',
    'from flagsmith import Flagsmith\nflagsmith = Flagsmith(environment_key="«ser.{a22}»", enable_local_evaluation=True)',
  ],
  [
    'gg81-contentstack-management-token-env-beside-api-key',
    'CONTENTSTACK_API_KEY=blt{h16}\nCONTENTSTACK_ENVIRONMENT=production\nCONTENTSTACK_MANAGEMENT_TOKEN=«cs{h32}»',
  ],
  [
    'gg81-algolia-admin-key-node-beside-app-id',
    "const algoliasearch = require('algoliasearch');\nconst client = algoliasearch('{u10}', '«{h32}»'); // admin key, reindex job only\nconst index = client.initIndex('products_prod');",
  ],
  ['gg81-agora-app-certificate-env-beside-app-id', 'AGORA_APP_ID={h32}\nAGORA_APP_CERTIFICATE=«{h32}»'],
  [
    'gg81-pusher-secret-php-ctor-beside-key-and-app-id',
    "$pusher = new Pusher\\Pusher('{h20}', '«{h20}»', '{d7}', ['cluster' => 'eu', 'useTLS' => true]);\n$pusher->trigger('orders', 'status-changed', ['id' => 1182]);",
  ],
  [
    'gg81-stream-api-secret-python-beside-key',
    'from stream_chat import StreamChat\nchat = StreamChat(api_key="{l12}", api_secret="«{l64}»")\ntoken = chat.create_token("user-1182")',
  ],
  [
    'gg81-ably-api-key-node-realtime-ctor',
    "const Ably = require('ably');\nconst realtime = new Ably.Realtime({ key: '«{a6}.{a6}:{B43}»' });",
  ],
  [
    'gg81-pubnub-secret-key-python-config-beside-pub-sub-keys',
    'pnconfig = PNConfiguration()\npnconfig.publish_key = "pub-c-{h8}-{h4}-{h4}-{h4}-{h12}"\npnconfig.subscribe_key = "sub-c-{h8}-{h4}-{h4}-{h4}-{h12}"\npnconfig.secret_key = "«sec-c-{a48}»"\npnconfig.user_id = "grant-service"',
  ],
  ['gg81-mux-token-secret-env-beside-token-id', 'MUX_TOKEN_ID={h8}-{h4}-{h4}-{h4}-{h12}\nMUX_TOKEN_SECRET=«{b75}»'],
  [
    'gg81-auth0-client-secret-appsettings-json',
    '{\n  "Auth0": {\n    "Domain": "acme.eu.auth0.com",\n    "ClientId": "{a32}",\n    "ClientSecret": "«{B64}»"\n  }\n}',
  ],
  [
    'gg81-stytch-secret-env-beside-project-id',
    'STYTCH_PROJECT_ID=project-live-{h8}-{h4}-{h4}-{h4}-{h12}\nSTYTCH_SECRET=«secret-live-{B36}=»',
  ],
  [
    'gg81-clerk-secret-key-env-beside-publishable-key',
    'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuc2hvcC5hY21lLmlvJA\nCLERK_SECRET_KEY=«sk_live_{a40}»',
  ],
  [
    'gg81-firebase-fcm-legacy-server-key-curl',
    'curl -X POST https://fcm.googleapis.com/fcm/send \\\n  -H "Authorization: key=«AAAA{B7}:APA91b{B134}»" \\\n  -H "Content-Type: application/json" -d \'{"to": "/topics/promo", "notification": {"title": "Sale"}}\'',
  ],
  [
    'gg81-woocommerce-consumer-secret-python-beside-key',
    'wcapi = API(\n    url="https://shop.acme.io",\n    consumer_key="ck_{h40}",\n    consumer_secret="«cs_{h40}»",\n    version="wc/v3",\n)',
  ],
  [
    'gg81-alchemy-rpc-url-key-in-path-hardhat',
    'networks: {\n  mainnet: {\n    url: "https://eth-mainnet.g.alchemy.com/v2/«{B32}»",\n    accounts: [process.env.DEPLOYER_KEY],\n  },\n},',
  ],
  ['gg81-infura-project-secret-env-beside-project-id', 'INFURA_PROJECT_ID={h32}\nINFURA_PROJECT_SECRET=«{h32}»'],
  ['gg81-etherscan-api-key-hardhat-verify', 'etherscan: {\n  apiKey: { mainnet: "«{u34}»" },\n},'],
  [
    'gg81-mistral-api-key-python-client',
    'from mistralai import Mistral\nclient = Mistral(api_key="«{a32}»")\nres = client.chat.complete(model="mistral-small-latest", messages=[{"role": "user", "content": "hi"}])',
  ],
  ['gg81-cohere-api-key-env-export', '$ export CO_API_KEY=«{a40}»\n$ python rerank.py --model rerank-english-v3.0 --top-n 5'],
  [
    'gg81-deepgram-api-key-curl-token-header',
    'curl -X POST "https://api.deepgram.com/v1/listen?model=nova-2&smart_format=true" \\\n  -H "Authorization: Token «{h40}»" -H "Content-Type: audio/wav" --data-binary @call.wav',
  ],
  [
    'gg81-assemblyai-api-key-js-client',
    'const client = new AssemblyAI({ apiKey: "«{h32}»" });\nconst transcript = await client.transcripts.transcribe({ audio: "https://cdn.acme.io/calls/1182.mp3" });',
  ],
  [
    'gg81-tencent-cloud-secret-key-python-beside-secret-id',
    'cred = credential.Credential("AKID{a32}", "«{a32}»")\nclient = cvm_client.CvmClient(cred, "ap-guangzhou")',
  ],
  ['gg81-huawei-cloud-sk-env-beside-ak', 'HUAWEICLOUD_SDK_AK={u20}\nHUAWEICLOUD_SDK_SK=«{a40}»\nHUAWEICLOUD_SDK_PROJECT_ID={h32}'],
  ['gg81-ibm-cloud-api-key-cli-login', '$ ibmcloud login --apikey «{B44}» -r eu-de -g default\nAuthenticating...\nOK'],
  [
    'gg81-bitwarden-sm-access-token-bws-env',
    'export BWS_ACCESS_TOKEN=«0.{h8}-{h4}-{h4}-{h4}-{h12}.{a30}:{b22}==»\nbws secret list {h8}-{h4}-{h4}-{h4}-{h12} --output table',
  ],
  [
    'gg81-onepassword-service-account-token-gha-env',
    '      - uses: 1password/load-secrets-action@v2\n        env:\n          OP_SERVICE_ACCOUNT_TOKEN: «ops_eyJzaWduSW5BZGRyZXNzIjoi{b260}»\n          DB_PASSWORD: op://ci/orders-db/password',
  ],
  ['gg81-gitguardian-api-key-ggshield-env', '$ export GITGUARDIAN_API_KEY=«{a69}»\n$ ggshield secret scan ci\nNo secrets have been found'],
  [
    'gg81-codecov-upload-token-gha-with',
    '      - uses: codecov/codecov-action@v4\n        with:\n          token: «{h8}-{h4}-{h4}-{h4}-{h12}»\n          files: ./coverage/lcov.info',
  ],
  [
    'gg81-snyk-token-cli-auth',
    '$ snyk auth «{h8}-{h4}-{h4}-{h4}-{h12}»\nYour account has been authenticated. Snyk is now ready to be used.',
  ],
  [
    'gg81-browserstack-access-key-wdio-config-beside-username',
    "exports.config = {\n  user: 'acmeqa_{a7}',\n  key: '«{a20}»',\n  services: ['browserstack'],\n};",
  ],
  ['gg81-saucelabs-access-key-env-beside-username', 'SAUCE_USERNAME=acme-qa\nSAUCE_ACCESS_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'gg81-cypress-record-key-run-beside-project-id',
    '# cypress.config.ts has projectId: "{l6}"\nnpx cypress run --record --key «{h8}-{h4}-{h4}-{h4}-{h12}» --parallel --ci-build-id $GITHUB_RUN_ID',
  ],
];

export const BLIND81_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'gg81-paystack-public-key-inline-js',
    "const handler = PaystackPop.setup({\n  key: 'pk_live_{h40}',\n  email: customer.email,\n  amount: 499900,\n  ref: 'T{d12}',\n});",
  ],
  [
    'gg81-flutterwave-public-key-checkout-config',
    'FlutterwaveCheckout({\n  public_key: "FLWPUBK-{h32}-X",\n  tx_ref: "ord-{d6}",\n  amount: 2500,\n  currency: "NGN",\n});',
  ],
  [
    'gg81-clerk-publishable-key-next-env',
    'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuc2hvcC5hY21lLmlvJA\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in\nCLERK_SECRET_KEY=${CLERK_SECRET_KEY}',
  ],
  [
    'gg81-supabase-publishable-and-anon-key-frontend-env',
    'VITE_SUPABASE_URL=https://qzvlkmhtrcwxnbpjdfga.supabase.co\nVITE_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{B22}_{B8}\nVITE_SUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InF6dmxrbWh0cmN3eG5icGpkZmdhIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MTgwMDAwMDAsImV4cCI6MjAzMzU3NjAwMH0.{B43}',
  ],
  [
    'gg81-posthog-project-key-browser-init',
    "posthog.init('phc_{a43}', {\n  api_host: 'https://eu.i.posthog.com',\n  person_profiles: 'identified_only',\n})",
  ],
  [
    'gg81-mapbox-public-token-gl-js',
    "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B22}In0.{B22}';\nconst map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/streets-v12' });",
  ],
  [
    'gg81-algolia-search-only-key-instantsearch',
    "const searchClient = algoliasearch('{u10}', '{h32}'); // search-only key, safe for the browser\ninstantsearch({ indexName: 'products_prod', searchClient }).start();",
  ],
  [
    'gg81-launchdarkly-client-side-id-react',
    "const LDProvider = await asyncWithLDProvider({\n  clientSideID: '{h24}',\n  context: { kind: 'user', key: user.id, anonymous: false },\n});",
  ],
  [
    'gg81-langfuse-public-key-only-browser-sdk',
    'import { LangfuseWeb } from "langfuse";\nconst langfuseWeb = new LangfuseWeb({ publicKey: "pk-lf-{h8}-{h4}-{h4}-{h4}-{h12}", baseUrl: "https://cloud.langfuse.com" });',
  ],
  [
    'gg81-paddle-client-side-token-paddle-js',
    'Paddle.Environment.set("production");\nPaddle.Initialize({ token: "live_{h27}", eventCallback: onPaddleEvent });',
  ],
  [
    'gg81-revenuecat-public-sdk-key-swift',
    'Purchases.logLevel = .warn\nPurchases.configure(withAPIKey: "appl_{a27}", appUserID: session.userId)',
  ],
  [
    'gg81-datadog-rum-client-token-init',
    "datadogRum.init({\n  applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  clientToken: 'pub{h32}',\n  site: 'datadoghq.eu',\n  service: 'storefront',\n});",
  ],
  [
    'gg81-newrelic-browser-agent-info-block',
    ';NREUM.loader_config={accountID:"{d7}",trustKey:"{d7}",agentID:"{d9}",licenseKey:"NRJS-{h19}",applicationID:"{d9}"};',
  ],
  [
    'gg81-square-application-id-web-payments-sdk',
    "const payments = Square.payments('sq0idp-{B22}', 'L{u12}');\nconst card = await payments.card();\nawait card.attach('#card-container');",
  ],
  [
    'gg81-razorpay-key-id-checkout-options',
    'var options = {\n  "key": "rzp_live_{a14}",\n  "amount": "49900",\n  "currency": "INR",\n  "order_id": "order_{a14}",\n  "handler": onPaid\n};',
  ],
  [
    'gg81-adyen-client-key-drop-in-config',
    "const checkout = await AdyenCheckout({\n  environment: 'live',\n  clientKey: 'live_{u32}',\n  paymentMethodsResponse,\n});",
  ],
  [
    'gg81-sentry-dsn-browser-init',
    'Sentry.init({\n  dsn: "https://{h32}@o{d6}.ingest.sentry.io/{d7}",\n  tracesSampleRate: 0.1,\n  release: "acme-web@4.2.0",\n});',
  ],
  [
    'gg81-pubnub-publish-subscribe-keys-client',
    "const pubnub = new PubNub({\n  publishKey: 'pub-c-{h8}-{h4}-{h4}-{h4}-{h12}',\n  subscribeKey: 'sub-c-{h8}-{h4}-{h4}-{h4}-{h12}',\n  userId: currentUser.id,\n});",
  ],
  [
    'gg81-pusher-app-key-browser-echo',
    "window.Echo = new Echo({\n  broadcaster: 'pusher',\n  key: '{h20}',\n  cluster: 'eu',\n  forceTLS: true,\n});",
  ],
  ['gg81-stytch-public-token-react-provider', "const stytch = new StytchUIClient('public-token-live-{h8}-{h4}-{h4}-{h4}-{h12}');"],
  [
    'gg81-auth0-spa-client-id-and-domain',
    '<Auth0Provider\n  domain="acme.eu.auth0.com"\n  clientId="{a32}"\n  authorizationParams={{ redirect_uri: window.location.origin }}\n>',
  ],
  [
    'gg81-google-oauth-client-id-gsi-markup',
    '<div id="g_id_onload"\n     data-client_id="{d12}-{l32}.apps.googleusercontent.com"\n     data-login_uri="https://acme.io/auth/google"></div>',
  ],
  [
    'gg81-okta-client-id-and-issuer-spa-config',
    "export const oktaConfig = {\n  issuer: 'https://acme.okta.com/oauth2/default',\n  clientId: '0oa{a17}',\n  redirectUri: window.location.origin + '/login/callback',\n  scopes: ['openid', 'profile', 'email'],\n};",
  ],
  [
    'gg81-agora-app-id-web-join',
    'const client = AgoraRTC.createClient({ mode: "rtc", codec: "vp8" });\nawait client.join("{h32}", channelName, tokenFromServer, uid);',
  ],
  [
    'gg81-stream-api-key-react-chat-client',
    "const chatClient = StreamChat.getInstance('{l12}');\nawait chatClient.connectUser({ id: user.id }, tokenProvider);",
  ],
  [
    'gg81-mailgun-public-validation-key-prose',
    "The old email-validation widget used the account's public validation key (pubkey-{h32}) in the page source; Mailgun documents that key as safe to expose, it can only hit the validate endpoint.",
  ],
  [
    'gg81-lob-publishable-key-address-autocomplete',
    '<lob-address-autocomplete apikey="live_pub_{h31}" primary-line="#addr1"></lob-address-autocomplete>',
  ],
  [
    'gg81-telnyx-public-key-webhook-verification',
    '# webhook signatures are ed25519; this is the *public* key from Mission Control > Keys & Credentials\nTELNYX_PUBLIC_KEY={b43}=',
  ],
  [
    'gg81-dynatrace-token-identifier-audit-log',
    '2024-06-02T08:14:51Z token.used id=dt0c01.{u24} name="oneagent-installer" scopes=InstallerDownload lastUsedIp=10.20.4.17',
  ],
  [
    'gg81-tailscale-key-id-admin-listing',
    '$ curl -s -u "$TS_API_KEY:" https://api.tailscale.com/api/v2/tailnet/-/keys | jq -r \'.keys[].id\'\nk{a10}CNTRL\nk{a10}CNTRL\nk{a10}CNTRL',
  ],
  [
    'gg81-twilio-account-sid-and-message-sid-log',
    '[twilio] POST /2010-04-01/Accounts/AC{h32}/Messages.json -> 201 sid=SM{h32} status=queued',
  ],
  [
    'gg81-twilio-api-key-sid-revocation-note',
    'Revoked API key SK{h32} ("ci-old") on 2024-05-30; the replacement lives in Vault at kv/ci/twilio.',
  ],
  [
    'gg81-alibaba-access-key-id-actiontrail-event',
    '{"eventName":"PutObject","userIdentity":{"type":"ram-user","accessKeyId":"LTAI{a20}","userName":"oss-uploader"},"sourceIpAddress":"47.88.12.9","eventTime":"2024-06-01T02:11:09Z"}',
  ],
  [
    'gg81-scaleway-access-key-and-project-id-console-copy',
    'Access key ID: SCW{u17}\nProject ID:    {h8}-{h4}-{h4}-{h4}-{h12}\n(the secret key was only shown once at creation and is in 1Password)',
  ],
  [
    'gg81-backblaze-key-id-bucket-listing',
    '$ b2 key list\n005{h22}   ci-uploader     bucket:acme-backups\n005{h22}   restore-ro      bucket:acme-backups',
  ],
  [
    'gg81-confluent-api-key-list-table',
    '$ confluent api-key list --resource lkc-{l6}\n         Key         | Description |      Owner      |   Resource\n---------------------+-------------+-----------------+-------------\n  {u16}  | orders-svc  | sa-{l6}       | lkc-{l6}\n  {u16}  | etl         | sa-{l6}       | lkc-{l6}',
  ],
  [
    'gg81-coinbase-cdp-key-name-only',
    'Using CDP key organizations/{h8}-{h4}-{h4}-{h4}-{h12}/apiKeys/{h8}-{h4}-{h4}-{h4}-{h12} (loaded from $CDP_KEY_FILE)',
  ],
  [
    'gg81-akamai-api-host-only',
    'curl --http1.1 -v https://akab-{l16}-{l16}.luna.akamaiapis.net/ccu/v3/invalidate/url/production\n< HTTP/1.1 401 Unauthorized',
  ],
  [
    'gg81-mongodb-atlas-public-key-and-org-id',
    'atlas organizations apiKeys list --orgId {h24} --output json | jq -r \'.results[] | "\\(.publicKey) \\(.desc)"\'\n{l8} terraform-ci\n{l8} backup-exporter',
  ],
  ['gg81-airtable-base-and-table-ids-url', 'https://airtable.com/app{a14}/tbl{a14}/viw{a14}?blocks=hide'],
  ['gg81-notion-page-id-in-url', 'spec lives here: https://www.notion.so/acme/Checkout-v2-rollout-plan-{h32}'],
  [
    'gg81-harness-account-id-in-pipeline-url',
    'https://app.harness.io/ng/account/{B22}/module/ci/orgs/default/projects/web/pipelines/build_and_push/executions/{B22}/pipeline',
  ],
  [
    'gg81-octopus-space-and-project-ids',
    'GET /api/Spaces-1/projects/Projects-{d3}/releases?skip=0&take=30\n200 OK  {"ItemType":"Release","TotalResults":112}',
  ],
  ['gg81-postman-collection-uid-run', 'postman collection run {d8}-{h8}-{h4}-{h4}-{h4}-{h12} -e {d8}-{h8}-{h4}-{h4}-{h4}-{h12} --bail'],
  [
    'gg81-yandex-folder-and-cloud-ids',
    '$ yc resource-manager folder list\n+----------------------+---------+--------+--------+\n|          ID          |  NAME   | LABELS | STATUS |\n+----------------------+---------+--------+--------+\n| b1g{l17} | default |        | ACTIVE |\n| b1g{l17} | prod    |        | ACTIVE |',
  ],
  [
    'gg81-hubspot-portal-and-form-guid-embed',
    'hbspt.forms.create({ region: "eu1", portalId: "{d8}", formId: "{h8}-{h4}-{h4}-{h4}-{h12}" });',
  ],
  [
    'gg81-contentful-space-id-and-entry-id',
    'GET https://cdn.contentful.com/spaces/{l12}/environments/master/entries/{a22}?access_token=${CONTENTFUL_DELIVERY_TOKEN}',
  ],
  [
    'gg81-sanity-project-id-and-dataset-config',
    "export default defineConfig({\n  projectId: '{l8}',\n  dataset: 'production',\n  apiVersion: '2024-05-01',\n  useCdn: true,\n})",
  ],
  [
    'gg81-databricks-workspace-host-and-cluster-id',
    'host = https://adb-{d16}.{d1}.azuredatabricks.net\ncluster_id = {d4}-{d6}-{l8}\nwarehouse_id = {h16}',
  ],
  [
    'gg81-paystack-masked-secret-dashboard-copy',
    'Secret key   sk_live_••••••••••••••••••••••••••••••••••••{h4}   [Reveal] [Roll]\nPublic key   pk_live_{h40}',
  ],
  [
    'gg81-doppler-masked-tokens-cli-listing',
    '$ doppler configs tokens --config prd\n┌─────────────┬──────────────────┬─────────────────────┐\n│ NAME        │ SLUG             │ TOKEN PREVIEW       │\n│ ci-deploy   │ {h8}-{h4}     │ dp.st.prd.****{a4}  │\n│ render      │ {h8}-{h4}     │ dp.st.prd.****{a4}  │',
  ],
  [
    'gg81-vault-token-truncated-debug-log',
    '2024-06-03T07:41:12.913Z [DEBUG] auth.approle: login ok: token=hvs.CAES…(truncated) accessor={B24} ttl=1h policies=["ci-deploy"]',
  ],
  [
    'gg81-vault-audit-log-hmac-token',
    '{"time":"2024-06-03T07:41:13Z","type":"response","auth":{"client_token":"hmac-sha256:{h64}","accessor":"hmac-sha256:{h64}","policies":["ci-deploy"]},"request":{"path":"secret/data/billing/stripe"}}',
  ],
  ['gg81-planetscale-revoked-token-last-four', 'Service token pscale_tkn_…{a4} (id {l12}) was revoked by ops@acme.io on 2024-05-21.'],
  [
    'gg81-telnyx-key-preview-chat-prose',
    'the key in the portal that starts with KEY01… and ends in …{a4} is the old one, I rotated it this morning — use whatever is in the CI secret now',
  ],
  [
    'gg81-atlassian-token-masked-ui-copy',
    'API token "release-bot"   Created May 2, 2024   Expires May 2, 2025   Value: ATATT3xF••••••••••••••{H4}',
  ],
  [
    'gg81-sendinblue-key-redacted-support-ticket',
    'Our integration returns 401 with key xkeysib-****************************************************************-{a4}. Was the key disabled after the IP allowlist change?',
  ],
  [
    'gg81-ggshield-output-masked-secret',
    '>>> Incident 1(Secrets detection): PlanetScale token (Ignore with SHA: {h64}) (1 occurrence)\n  12 | PLANETSCALE_SERVICE_TOKEN=pscale_tkn_***************************{a4}\n       |_______________________________________apikey_________________________|',
  ],
  [
    'gg81-sentry-token-masked-settings-page',
    'Auth Tokens\n  ci-release   sntryu_************************{h4}   Scopes: project:releases   Last used 2 hours ago',
  ],
  [
    'gg81-flutterwave-secret-masked-env-print',
    '$ npm run env:check\nFLW_PUBLIC_KEY   ok   FLWPUBK-{h32}-X\nFLW_SECRET_KEY   ok   FLWSECK-********************************-X',
  ],
  [
    'gg81-doppler-run-secrets-reference-gha',
    '    env:\n      DOPPLER_TOKEN: ${{ secrets.DOPPLER_TOKEN_PRD }}\n    steps:\n      - run: doppler run --project api --config prd -- npm run migrate',
  ],
  [
    'gg81-onepassword-secret-references-env',
    'LINEAR_API_KEY=op://engineering/linear-ci/credential\nPULUMI_ACCESS_TOKEN=op://engineering/pulumi-ci/credential\nTELNYX_API_KEY=op://engineering/telnyx-prod/credential',
  ],
  [
    'gg81-vault-agent-template-references',
    '{{ with secret "secret/data/payments/flutterwave" }}\nFLW_SECRET_KEY={{ .Data.data.secret_key }}\n{{ end }}',
  ],
  [
    'gg81-age-placeholder-and-recipient-docs',
    'Put your identity in ~/.config/sops/age/keys.txt (a line starting with AGE-SECRET-KEY-1...) and add the *public* recipient age1qz4ml8gdq3f6v5m0cfk7n2sjt9hxa7rwpyuek4dz3lvcg6t8n0s5q2jxwe to .sops.yaml.',
  ],
  [
    'gg81-prefix-placeholders-readme-table',
    '| Variable | Format |\n|---|---|\n| `DATABRICKS_TOKEN` | `dapi` + 32 hex chars |\n| `TS_AUTHKEY` | `tskey-auth-<id>-<secret>` |\n| `HEROKU_API_KEY` | `HRKU-AA…` |\n| `PREFECT_API_KEY` | `pnu_<36 chars>` |',
  ],
  [
    'gg81-angle-bracket-placeholders-curl',
    'curl -H "Authorization: Bearer <LINEAR_API_KEY>" -H "Duffel-Version: v2" https://api.duffel.com/air/airlines\ncurl -u "<ZENDESK_EMAIL>/token:<ZENDESK_API_TOKEN>" https://acme.zendesk.com/api/v2/users/me.json',
  ],
  [
    'gg81-k8s-secretkeyref-for-vendor-tokens',
    '        env:\n          - name: SHIPPO_API_TOKEN\n            valueFrom:\n              secretKeyRef: { name: shippo, key: token }\n          - name: EASYPOST_API_KEY\n            valueFrom:\n              secretKeyRef: { name: easypost, key: prod }',
  ],
  [
    'gg81-terraform-variable-references-providers',
    'provider "okta" {\n  org_name  = var.okta_org\n  base_url  = "okta.com"\n  api_token = var.okta_api_token\n}\nprovider "grafana" {\n  url  = var.grafana_url\n  auth = data.vault_generic_secret.grafana.data["token"]\n}',
  ],
  [
    'gg81-python-env-lookups-vendor-keys',
    'groq_key = os.environ["GROQ_API_KEY"]\nreplicate_token = os.getenv("REPLICATE_API_TOKEN", "")\npinecone_key = settings.PINECONE_API_KEY',
  ],
  [
    'gg81-gitleaks-style-rule-regexes',
    "[[rules]]\nid = \"prefect-api-key\"\nregex = '''\\bpnu_[a-zA-Z0-9]{36}\\b'''\n[[rules]]\nid = \"dynatrace-api-token\"\nregex = '''dt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}'''",
  ],
  [
    'gg81-variable-names-sharing-prefixes',
    'rnd_state = np.random.default_rng(seed=42)\nlin_api_base = "https://api.linear.app"\ngsk_timeout_s = 30\npul_request_count = len(pending)',
  ],
  ['gg81-grep-commands-for-token-prefixes', "$ git log -p --all | grep -nE 'sntryu_|sbp_|glsa_|hcaik_|xkeysib-' | wc -l\n0"],
  [
    'gg81-css-classes-sharing-prefixes',
    '.pat-card__header { display: flex; }\n.sk-spinner.sk-fading-circle { width: 40px; height: 40px; }\n.ntn-banner--warning { background: #fff4e5; }',
  ],
  ['gg81-sha256-fingerprints-of-rotated-keys', 'rotated:\n  - vendor: pulumi\n    sha256: {h64}\n  - vendor: rubygems\n    sha256: {h64}'],
  [
    'gg81-honeycomb-trace-and-span-ids',
    'trace.trace_id={h32} trace.span_id={h16} service.name=checkout-api duration_ms=184.2 http.status_code=200',
  ],
  [
    'gg81-sentry-event-id-issue-link',
    "Sentry issue WEB-4KQ: TypeError: Cannot read properties of undefined (reading 'total')\nevent {h32} · https://acme.sentry.io/issues/{d10}/events/{h32}/",
  ],
  ['gg81-docker-image-digests-vendor-images', 'ghcr.io/dopplerhq/cli@sha256:{h64}\ndocker.io/prefecthq/prefect@sha256:{h64}'],
  [
    'gg81-ethereum-addresses-hardhat-deploy-log',
    'Deploying contracts with the account: 0x{h40}\nToken deployed to: 0x{h40}\ntx hash: 0x{h64}',
  ],
  [
    'gg81-ssh-and-wireguard-public-keys-tailscale-node',
    '# node key + ssh host key reported by `tailscale status --json`\n"PublicKey": "nodekey:{h64}",\n"SSH_HostKeys": ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} root@edge-3"]',
  ],
  [
    'gg81-go-sum-and-npm-integrity-vendor-sdks',
    'github.com/launchdarkly/go-server-sdk/v7 v7.4.1 h1:{b43}=\n"node_modules/@linear/sdk": { "version": "21.1.0", "integrity": "sha512-{b86}==" }',
  ],
  [
    'gg81-jira-and-linear-issue-keys-prose',
    'Fixed in PLAT-2231 (Jira) and mirrored to LIN-482 / ENG-1190 in Linear; the Asana task is https://app.asana.com/0/{d16}/{d16}/f',
  ],
  [
    'gg81-stripe-like-ids-from-other-vendors',
    'Shippo shipment object_id={h32} rate={h32} transaction={h32}\nEasyPost shipment shp_{h32}, tracker trk_{h32}',
  ],
  [
    'gg81-base64-non-secret-json-config',
    '# helm --set-file renders this as base64 of {"region":"eu-central-1","replicas":3}\nconfig: eyJyZWdpb24iOiJldS1jZW50cmFsLTEiLCJyZXBsaWNhcyI6M30=',
  ],
  [
    'gg81-uuid-request-ids-vendor-errors',
    'PostmarkError 406: Inactive recipient (ErrorCode 406) MessageID={h8}-{h4}-{h4}-{h4}-{h12}\nBraintree::NotFoundError request_id={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'gg81-version-strings-and-changelog',
    '- bump @pinecone-database/pinecone 3.0.3 -> 4.0.0\n- bump groq-sdk 0.5.0 -> 0.7.0 (adds gsk_ key format check)\n- bump hvac 2.1.0 -> 2.3.0',
  ],
  ['gg81-dbt-cloud-job-run-url-ids', 'dbt Cloud run #{d9} succeeded: https://cloud.getdbt.com/deploy/{d5}/projects/{d6}/runs/{d9}/'],
  [
    'gg81-clickup-and-trello-object-ids',
    'ClickUp task https://app.clickup.com/t/{l9} (list {d9})\nTrello card https://trello.com/c/{a8}/412-fix-csv-export (board {h24})',
  ],
  [
    'gg81-hashicorp-tfc-run-and-workspace-ids',
    'Run run-{a16} in workspace ws-{a16} (org acme) finished: 3 to add, 0 to change, 1 to destroy.',
  ],
  [
    'gg81-changeme-defaults-in-compose',
    'services:\n  api:\n    environment:\n      TELNYX_API_KEY: changeme\n      MAILGUN_API_KEY: ${MAILGUN_API_KEY:-}\n      ALGOLIA_ADMIN_KEY: "<set in .env.local>"',
  ],
];
