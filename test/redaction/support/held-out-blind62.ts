/** A sixty-second held-out batch, written blind as a sweep over gitleaks' default rule set (about 150 of its rule ids, from adafruit-api-key to zendesk-secret-key): each token shape from the rule's documented prefix, length and alphabet, placed in contexts gitleaks' own tests do not use (Kotlin, Swift, Rust, Elixir, PHP, Perl, Helm values, Makefiles, Jupyter cells, Slack messages, Terraform defaults, .NET user-secrets, crontab, systemd, PowerShell, GraphQL headers), and the same rules' near misses (public ids, publishable keys, masked values, references, generic-api-key traps). */
export const BLIND62_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'gl62-adafruit-io-key-arduino-secrets-h',
    '// arduino_secrets.h\n#define SECRET_SSID "workshop-2g"\n#define IO_USERNAME "maker_lena"\n#define ADAFRUIT_IO_KEY "«aio_{a28}»"',
  ],
  [
    'gl62-adafruit-io-key-micropython-boot',
    'import network\nfrom umqtt.simple import MQTTClient\nclient = MQTTClient("esp32", "io.adafruit.com", user="maker_lena", password="«aio_{a28}»", ssl=True)',
  ],
  [
    'gl62-adobe-client-secret-kotlin-const',
    'object AdobeIms {\n    const val CLIENT_ID = "{h32}"\n    const val CLIENT_SECRET = "«p8e-{a32}»"\n    const val SCOPES = "openid,AdobeID,read_organizations"\n}',
  ],
  [
    'gl62-adobe-client-secret-dotnet-user-secrets',
    '$ dotnet user-secrets list\nAdobe:ClientId = {h32}\nAdobe:ClientSecret = «p8e-{a32}»\nAdobe:OrgId = {H24}@AdobeOrg',
  ],
  [
    'gl62-age-secret-key-sops-keys-txt-cat',
    '$ cat ~/.config/sops/age/keys.txt\n# created: 2024-05-02T09:14:51+02:00\n# public key: age1{k58}\n«AGE-SECRET-KEY-1{e58}»',
  ],
  [
    'gl62-age-secret-key-nix-agenix-comment',
    '# hosts/atlas/secrets.nix — bootstrap identity, move to /etc/agenix before merging\n# «AGE-SECRET-KEY-1{e58}»\nlet atlas = "age1{k58}"; in { "wg-key.age".publicKeys = [ atlas ]; }',
  ],
  ['gl62-airtable-legacy-key-elixir-config', 'config :my_app, MyApp.Airtable,\n  base_id: "app{a14}",\n  api_key: "«key{a14}»"'],
  [
    'gl62-airtable-pat-perl-lwp',
    'my $ua = LWP::UserAgent->new;\n$ua->default_header("Authorization" => "Bearer «pat{a14}.{h64}»");\nmy $r = $ua->get("https://api.airtable.com/v0/app{a14}/Tasks");',
  ],
  [
    'gl62-algolia-admin-key-swift-client',
    'let client = SearchClient(\n    appID: "{u10}",\n    apiKey: "«{h32}»" // admin key, only for the reindex job\n)',
  ],
  [
    'gl62-algolia-admin-key-netlify-toml',
    '[build.environment]\n  ALGOLIA_APP_ID = "{u10}"\n  ALGOLIA_ADMIN_API_KEY = "«{h32}»"\n  ALGOLIA_INDEX = "docs_prod"',
  ],
  [
    'gl62-alibaba-secret-terraform-variable-default',
    'variable "alibaba_access_key" {\n  default = "LTAI{a20}"\n}\nvariable "alibaba_secret_key" {\n  type    = string\n  default = "«{a30}»"\n}',
  ],
  [
    'gl62-alibaba-secret-aliyun-cli-config-json',
    '{\n  "current": "default",\n  "profiles": [{\n    "name": "default", "mode": "AK",\n    "access_key_id": "LTAI{a20}",\n    "access_key_secret": "«{a30}»",\n    "region_id": "cn-hangzhou"\n  }]\n}',
  ],
  [
    'gl62-anthropic-key-jupyter-cell-json',
    '{\n "cell_type": "code",\n "execution_count": 3,\n "source": [\n  "import anthropic\\n",\n  "client = anthropic.Anthropic(api_key=\\"«sk-ant-api03-{B93}AA»\\")\\n"\n ]\n}',
  ],
  [
    'gl62-anthropic-admin-key-powershell-env',
    'PS C:\\src\\usage-report> $env:ANTHROPIC_ADMIN_KEY = "«sk-ant-admin01-{B93}AA»"\nPS C:\\src\\usage-report> python .\\report.py --since 2024-06-01',
  ],
  [
    'gl62-artifactory-api-key-gradle-properties',
    '# ~/.gradle/gradle.properties\nartifactory_user=ci-builder\nartifactory_password=«AKCp{a69}»\norg.gradle.jvmargs=-Xmx2g',
  ],
  [
    'gl62-artifactory-reference-token-sbt-credentials',
    '// ~/.sbt/1.0/credentials.sbt\ncredentials += Credentials("Artifactory Realm", "acme.jfrog.io", "ci-builder", "«cmVmd{a59}»")',
  ],
  [
    'gl62-asana-pat-ruby-client',
    "client = Asana::Client.new do |c|\n  c.authentication :access_token, '«2/{d16}/{d16}:{h32}»'\nend\nclient.tasks.find_all(project: '{d16}')",
  ],
  [
    'gl62-asana-client-secret-yaml-oauth',
    'asana:\n  client_id: "{d16}"\n  client_secret: "«{l32}»"\n  redirect_uri: https://ops.acme.io/oauth/asana/callback',
  ],
  [
    'gl62-atlassian-api-token-jira-cli-config',
    '# ~/.config/.jira/.config.yml\nserver: https://acme.atlassian.net\nlogin: dana@acme.io\n# jira-cli reads JIRA_API_TOKEN; pasted from id.atlassian.com:\n# export JIRA_API_TOKEN=«ATATT3xFfGF0{B165}={H8}»',
  ],
  [
    'gl62-atlassian-api-token-confluence-python-session',
    '>>> from atlassian import Confluence\n>>> c = Confluence(url="https://acme.atlassian.net/wiki", username="dana@acme.io", password="«ATATT3xFfGF0{B165}={H8}»")\n>>> c.get_space("ENG")["name"]',
  ],
  [
    'gl62-authress-service-key-helm-values',
    'authress:\n  customDomain: https://login.acme.io\n  serviceClientAccessKey: «authress_{l12}.{l5}.acc_{l24}.{b64}»',
  ],
  [
    'gl62-aws-key-pair-rust-credentials',
    'let creds = Credentials::new(\n    "«AKIA{c16}»",\n    "«{b40}»",\n    None, None, "static",\n);',
  ],
  [
    'gl62-aws-session-creds-fish-set',
    'set -gx AWS_ACCESS_KEY_ID «ASIA{c16}»\nset -gx AWS_SECRET_ACCESS_KEY «{b40}»\nset -gx AWS_SESSION_TOKEN «IQoJb3JpZ2luX2VjE{b180}»',
  ],
  [
    'gl62-aws-key-pair-rclone-conf',
    '[s3-backup]\ntype = s3\nprovider = AWS\naccess_key_id = «AKIA{c16}»\nsecret_access_key = «{b40}»\nregion = eu-central-1',
  ],
  [
    'gl62-azure-ad-client-secret-dotnet-user-secrets-json',
    '{\n  "AzureAd:Instance": "https://login.microsoftonline.com/",\n  "AzureAd:TenantId": "{h8}-{h4}-4{h3}-{h4}-{h12}",\n  "AzureAd:ClientId": "{h8}-{h4}-4{h3}-{h4}-{h12}",\n  "AzureAd:ClientSecret": "«{a3}8Q~{a34}»"\n}',
  ],
  [
    'gl62-azure-ad-client-secret-az-login-transcript',
    '$ az login --service-principal -u {h8}-{h4}-4{h3}-{h4}-{h12} -p «{a3}7Q~{a34}» --tenant {h8}-{h4}-4{h3}-{h4}-{h12}\n[\n  { "cloudName": "AzureCloud", "isDefault": true, "state": "Enabled" }\n]',
  ],
  [
    'gl62-beamer-api-key-php-guzzle',
    "$client = new GuzzleHttp\\Client(['base_uri' => 'https://api.getbeamer.com/v0/']);\n$res = $client->post('posts', ['headers' => ['Beamer-Api-Key' => '«b_{B44}»']]);",
  ],
  ['gl62-bitbucket-app-password-netrc', 'machine api.bitbucket.org\n  login deploy-bot\n  password «ATBB{a28}{H8}»'],
  [
    'gl62-bitbucket-oauth-secret-jenkins-casc',
    'unclassified:\n  bitbucketEndpointConfiguration:\n    endpoints:\n      - bitbucketCloudEndpoint:\n          clientId: "{a18}"\n          clientSecret: "«{a32}»"',
  ],
  ['gl62-bittrex-secret-go-struct', 'cfg := exchange.Config{\n\tName:      "bittrex",\n\tAPIKey:    "{h32}",\n\tAPISecret: "«{h32}»",\n}'],
  ['gl62-meraki-api-key-ansible-vars', 'meraki_org_id: "{d6}"\nmeraki_api_key: «{h40}»\nmeraki_networks:\n  - HQ-Wired'],
  ['gl62-clickhouse-cloud-secret-curl-basic', 'curl --user "{a20}:«4b1d{a38}»" \\\n  https://api.clickhouse.cloud/v1/organizations'],
  [
    'gl62-clojars-token-lein-profiles',
    ';; ~/.lein/profiles.clj\n{:auth {:repository-auth {#"clojars" {:username "mika" :password "«CLOJARS_{h60}»"}}}}',
  ],
  ['gl62-cloudflare-api-token-wrangler-dotenv', '# .dev.vars\nCLOUDFLARE_ACCOUNT_ID={h32}\nCLOUDFLARE_API_TOKEN=«{B40}»'],
  [
    'gl62-cloudflare-global-key-certbot-ini',
    '# /etc/letsencrypt/cloudflare.ini\ndns_cloudflare_email = ops@acme.io\ndns_cloudflare_api_key = «{h37}»',
  ],
  ['gl62-cloudflare-origin-ca-key-caddyfile-env', 'systemd unit override:\n[Service]\nEnvironment=CF_ORIGIN_CA_KEY=«v1.0-{h24}-{h146}»'],
  [
    'gl62-codecov-token-makefile',
    'COVERAGE_FILE := coverage.xml\nCODECOV_TOKEN := «{h8}-{h4}-4{h3}-{h4}-{h12}»\n\ncoverage:\n\tcodecov -t $(CODECOV_TOKEN) -f $(COVERAGE_FILE)',
  ],
  ['gl62-cohere-key-r-sys-setenv', 'Sys.setenv(CO_API_KEY = "«{a40}»")\nlibrary(httr2)\nreq <- request("https://api.cohere.com/v1/embed")'],
  [
    'gl62-cohere-key-julia-env',
    'ENV["COHERE_API_KEY"] = "«{a40}»"\nusing HTTP, JSON3\nresp = HTTP.post("https://api.cohere.com/v1/rerank", ["Authorization" => "Bearer $(ENV["COHERE_API_KEY"])"])',
  ],
  ['gl62-coinbase-secret-scala-config', 'coinbase {\n  api-key = "{a16}"\n  api-secret = "«{B64}»"\n  sandbox = false\n}'],
  [
    'gl62-confluent-secret-librdkafka-properties',
    'bootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanisms=PLAIN\nsasl.username={u16}\nsasl.password=«{a64}»',
  ],
  [
    'gl62-confluent-secret-kotlin-props',
    'val props = Properties().apply {\n    put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"{u16}\\" password=\\"«{a64}»\\";")\n}',
  ],
  [
    'gl62-contentful-delivery-token-nuxt-config',
    'export default defineNuxtConfig({\n  runtimeConfig: {\n    contentfulSpaceId: "{l12}",\n    contentfulDeliveryToken: "«{B43}»",\n  },\n})',
  ],
  [
    'gl62-contentful-management-token-cli',
    '$ contentful login --management-token «CFPAT-{B43}»\nGreat! Your CMA token is now stored in ~/.contentfulrc.json',
  ],
  ['gl62-databricks-token-databrickscfg', '[DEFAULT]\nhost  = https://adb-{d16}.7.azuredatabricks.net\ntoken = «dapi{h32}-2»'],
  [
    'gl62-databricks-token-airflow-connection-uri',
    'AIRFLOW_CONN_DATABRICKS_DEFAULT=\'{"conn_type": "databricks", "host": "https://dbc-{h8}-{h4}.cloud.databricks.com", "password": "«dapi{h32}»"}\'',
  ],
  [
    'gl62-datadog-keys-systemd-environment',
    '[Service]\nEnvironment=DD_API_KEY=«{h32}»\nEnvironment=DD_APP_KEY=«{h40}»\nEnvironment=DD_SITE=datadoghq.eu',
  ],
  ['gl62-datadog-api-key-helm-values', 'datadog:\n  site: datadoghq.com\n  apiKey: «{h32}»\n  logs:\n    enabled: true'],
  [
    'gl62-defined-networking-key-dnclient-enroll',
    '$ curl -s -X POST https://api.defined.net/v1/host-and-enrollment-code \\\n    -H "Authorization: Bearer «dnkey-{u26}-{u52}»" \\\n    -d \'{"networkID":"network-{u26}","name":"edge-3"}\'',
  ],
  ['gl62-digitalocean-pat-doctl-config-yaml', '# ~/.config/doctl/config.yaml\naccess-token: «dop_v1_{h64}»\ncontext: default'],
  [
    'gl62-digitalocean-oauth-pair-json-response',
    '{\n  "access_token": "«doo_v1_{h64}»",\n  "token_type": "bearer",\n  "expires_in": 2592000,\n  "refresh_token": "«dor_v1_{h64}»",\n  "scope": "read write"\n}',
  ],
  [
    'gl62-discord-bot-token-elixir-nostrum',
    'config :nostrum,\n  token: "«M{a23}.{B6}.{B38}»",\n  gateway_intents: [:guilds, :guild_messages]',
  ],
  [
    'gl62-discord-client-secret-dart-const',
    "const discordClientId = '{d18}';\nconst discordClientSecret = '«{B32}»';\nconst redirect = 'https://ops.acme.io/discord/cb';",
  ],
  [
    'gl62-discord-webhook-url-crontab',
    '*/15 * * * * /opt/bin/health.sh | curl -s -H "Content-Type: application/json" -d @- «https://discord.com/api/webhooks/{d18}/{B68}»',
  ],
  [
    'gl62-doppler-service-token-dockerfile-arg',
    'FROM node:20-alpine\nARG DOPPLER_TOKEN=«dp.st.prd.{a40}»\nRUN doppler secrets download --no-file --format env > .env',
  ],
  [
    'gl62-doppler-personal-token-cli-output',
    '$ doppler configure set token «dp.pt.{a43}» --scope /\n┌───────┬────────────────────┐\n│ NAME  │ VALUE              │\n└───────┴────────────────────┘',
  ],
  [
    'gl62-droneci-token-drone-cli-env',
    'export DRONE_SERVER=https://drone.acme.io\nexport DRONE_TOKEN=«{a32}»\ndrone build ls acme/api --limit 5',
  ],
  ['gl62-dropbox-short-lived-swift', 'let client = DropboxClient(accessToken: "«sl.{B135}»")\nclient.files.listFolder(path: "/backups")'],
  [
    'gl62-dropbox-refresh-lua-config',
    'return {\n  dropbox = {\n    app_key = "{l15}",\n    app_secret = "«{l15}»",\n    refresh_token = "«{a11}AAAAAAAAAA{B43}»",\n  },\n}',
  ],
  [
    'gl62-duffel-live-token-deno',
    'const duffel = new Duffel({ token: "«duffel_live_{B43}»" });\nconst offers = await duffel.offerRequests.create({ slices, passengers });',
  ],
  [
    'gl62-dynatrace-token-oneagent-install',
    'wget -O Dynatrace-OneAgent.sh "https://{l8}.live.dynatrace.com/api/v1/deployment/installer/agent/unix/default/latest?arch=x86" \\\n  --header="Authorization: Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  [
    'gl62-easypost-key-csharp',
    'var client = new EasyPost.Client(new ClientOptions("«EZAK{a54}»"));\nvar shipment = await client.Shipment.Create(parameters);',
  ],
  [
    'gl62-etsy-keystring-php-array',
    "return [\n    'etsy' => [\n        'keystring' => '«{l24}»',\n        'shared_secret' => '«{l10}»',\n    ],\n];",
  ],
  [
    'gl62-facebook-app-secret-android-strings-xml',
    '<resources>\n    <string name="facebook_app_id">{d16}</string>\n    <string name="facebook_client_token">{h32}</string>\n</resources>\n<!-- server/.env: FACEBOOK_APP_SECRET=«{h32}» -->',
  ],
  ['gl62-facebook-page-token-graphql-headers', '{\n  "headers": {\n    "Authorization": "Bearer «EAAC{a140}»"\n  }\n}'],
  [
    'gl62-facebook-app-access-token-url-param',
    'GET https://graph.facebook.com/v19.0/debug_token?input_token=$USER_TOKEN&access_token=«{d16}|{B27}» HTTP/1.1',
  ],
  ['gl62-fastly-token-terraform-tfvars', '# fastly.auto.tfvars\nfastly_api_key = "«{B32}»"\nservice_name   = "www-acme-io"'],
  [
    'gl62-fastly-token-github-actions-step-inline',
    '      - name: Purge CDN\n        run: curl -X POST -H "Fastly-Key: «{B32}»" https://api.fastly.com/service/{a22}/purge_all',
  ],
  ['gl62-finicity-secret-java-properties', 'finicity.partnerId={d13}\nfinicity.partnerSecret=«{a20}»\nfinicity.appKey=«{h32}»'],
  [
    'gl62-finnhub-token-python-notebook-url',
    'r = requests.get("https://finnhub.io/api/v1/quote?symbol=AAPL&token=«{l20}»")\nr.json()["c"]',
  ],
  ['gl62-flickr-secret-perl-flickr-api', "my $api = Flickr::API->new({\n    key    => '{h32}',\n    secret => '«{h16}»',\n});"],
  ['gl62-flutterwave-live-secret-laravel-env', 'FLW_PUBLIC_KEY=FLWPUBK-{h32}-X\nFLW_SECRET_KEY=«FLWSECK-{h32}-X»\nFLW_SECRET_HASH=«{a24}»'],
  [
    'gl62-flyio-deploy-token-gh-secret-set',
    '$ fly tokens create deploy -x 720h\n«FlyV1 fm2_{b160}»\n$ gh secret set FLY_API_TOKEN --body "$_"',
  ],
  [
    'gl62-frameio-token-node-fetch',
    'const res = await fetch("https://api.frame.io/v2/me", {\n  headers: { Authorization: "Bearer «fio-u-{B64}»" },\n});',
  ],
  [
    'gl62-freemius-secret-php-config',
    "<?php\n$fs_config = [\n    'id'         => '{d5}',\n    'public_key' => 'pk_{h29}',\n    'secret_key' => '«sk_{a29}»',\n];",
  ],
  [
    'gl62-freshbooks-token-ruby-faraday',
    'conn = Faraday.new(url: "https://api.freshbooks.com") do |f|\n  f.request :authorization, "Bearer", "«{h64}»"\nend',
  ],
  [
    'gl62-gcp-api-key-kotlin-buildconfig',
    'android {\n    defaultConfig {\n        buildConfigField("String", "MAPS_API_KEY", "\\"«AIza{B35}»\\"")\n    }\n}',
  ],
  ['gl62-gcp-api-key-swift-plist-append', '$ /usr/libexec/PlistBuddy -c "Add :GMSApiKey string «AIza{B35}»" ios/Runner/Info.plist'],
  ['gl62-github-pat-git-credentials-file', '$ cat ~/.git-credentials\nhttps://mika:«ghp_{a36}»@github.com'],
  ['gl62-github-fine-grained-pat-powershell', 'PS> $env:GH_TOKEN = "«github_pat_{a22}_{a59}»"\nPS> gh repo list acme --limit 3'],
  [
    'gl62-github-oauth-token-hosts-yml',
    '# ~/.config/gh/hosts.yml\ngithub.com:\n    user: mika\n    oauth_token: «gho_{a36}»\n    git_protocol: https',
  ],
  [
    'gl62-github-app-installation-token-elixir',
    'Tentacat.Client.new(%{access_token: "«ghs_{a36}»"})\n|> Tentacat.Pulls.list("acme", "api")',
  ],
  [
    'gl62-github-user-to-server-refresh-pair-json',
    '{"access_token":"«ghu_{a36}»","expires_in":28800,"refresh_token":"«ghr_{a76}»","refresh_token_expires_in":15811200,"token_type":"bearer"}',
  ],
  [
    'gl62-gitlab-pat-python-gitlab-cfg',
    '[global]\ndefault = acme\n\n[acme]\nurl = https://gitlab.acme.io\nprivate_token = «glpat-{B20}»\napi_version = 4',
  ],
  [
    'gl62-gitlab-runner-token-config-toml',
    '[[runners]]\n  name = "k8s-runner-01"\n  url = "https://gitlab.acme.io/"\n  token = "«glrt-{B20}»"\n  executor = "kubernetes"',
  ],
  [
    'gl62-gitlab-runner-registration-legacy-helm',
    'gitlabUrl: https://gitlab.acme.io/\nrunnerRegistrationToken: "«GR1348941{B20}»"\nrbac:\n  create: true',
  ],
  [
    'gl62-gitlab-deploy-token-docker-login',
    '$ echo «gldt-{B20}» | docker login registry.acme.io -u gitlab+deploy-token-{d3} --password-stdin\nLogin Succeeded',
  ],
  [
    'gl62-gitlab-ptt-curl-trigger',
    'curl -X POST --fail -F token=«glptt-{h40}» -F ref=main https://gitlab.acme.io/api/v4/projects/{d3}/trigger/pipeline',
  ],
  [
    'gl62-gitlab-agent-token-helm-install',
    'helm upgrade --install acme-agent gitlab/gitlab-agent \\\n  --namespace gitlab-agent \\\n  --set config.token=«glagent-{B50}» \\\n  --set config.kasAddress=wss://kas.acme.io',
  ],
  [
    'gl62-gitlab-oauth-app-secret-grafana-ini',
    '[auth.gitlab]\nenabled = true\nclient_id = {h64}\nclient_secret = «gloas-{B64}»\nscopes = read_api',
  ],
  ['gl62-gitlab-feed-token-rss-url', 'Feed reader subscription: «https://gitlab.acme.io/acme/api.atom?feed_token=glft-{B20}»'],
  [
    'gl62-gitlab-ci-job-token-log',
    '$ env | grep CI_JOB\nCI_JOB_ID={d9}\nCI_JOB_TOKEN=«glcbt-{a3}_{B20}»\nCI_JOB_URL=https://gitlab.acme.io/acme/api/-/jobs/{d9}',
  ],
  [
    'gl62-gitlab-incoming-mail-token-gitlab-rb',
    "gitlab_rails['incoming_email_enabled'] = true\ngitlab_rails['incoming_email_address'] = 'incoming+%{key}@acme.io'\n# service desk token from admin area: «glimt-{B25}»",
  ],
  [
    'gl62-gitlab-scim-token-okta-setup-note',
    'Okta > Applications > GitLab > Provisioning\nSCIM connector base URL: https://gitlab.com/api/scim/v2/groups/acme\nAPI token: «glsoat-{B20}»',
  ],
  ['gl62-gitlab-session-cookie-httpie', 'http GET https://gitlab.acme.io/-/profile "Cookie:_gitlab_session=«{h32}»"'],
  [
    'gl62-gitlab-feature-flag-token-unleash-go',
    'unleash.Initialize(\n\tunleash.WithUrl("https://gitlab.acme.io/api/v4/feature_flags/unleash/42"),\n\tunleash.WithInstanceId("«glffct-{B20}»"),\n\tunleash.WithAppName("production"),\n)',
  ],
  ['gl62-gitter-token-irc-bridge-config', 'gitter:\n  room: acme/community\n  token: «{h40}»\nirc:\n  server: irc.libera.chat'],
  ['gl62-gocardless-live-token-python', 'client = gocardless_pro.Client(\n    access_token="«live_{B40}»",\n    environment="live",\n)'],
  [
    'gl62-grafana-cloud-token-alloy-config',
    'prometheus.remote_write "cloud" {\n  endpoint {\n    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n    basic_auth {\n      username = "{d7}"\n      password = "«glc_{b80}»"\n    }\n  }\n}',
  ],
  [
    'gl62-grafana-service-account-token-terraform-provider',
    'provider "grafana" {\n  url  = "https://grafana.acme.io"\n  auth = "«glsa_{a32}_{h8}»"\n}',
  ],
  ['gl62-grafana-legacy-api-key-curl', 'curl -H "Authorization: Bearer «eyJrIjoi{a72}»" https://grafana.acme.io/api/dashboards/uid/{a9}'],
  [
    'gl62-harness-pat-delegate-yaml',
    'env:\n  - name: ACCOUNT_ID\n    value: {B22}\n  - name: HARNESS_API_KEY\n    value: «pat.{B22}.{a24}.{a20}»',
  ],
  ['gl62-terraform-cloud-token-terraformrc', '# ~/.terraformrc\ncredentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{B67}»"\n}'],
  [
    'gl62-heroku-api-key-netrc',
    'machine api.heroku.com\n  login mika@acme.io\n  password «{h8}-{h4}-4{h3}-{h4}-{h12}»\nmachine git.heroku.com\n  login mika@acme.io\n  password «{h8}-{h4}-4{h3}-{h4}-{h12}»',
  ],
  [
    'gl62-heroku-v2-key-rust-reqwest',
    'let resp = client\n    .get("https://api.heroku.com/apps")\n    .bearer_auth("«HRKU-AA{B58}»")\n    .header("Accept", "application/vnd.heroku+json; version=3")\n    .send().await?;',
  ],
  ['gl62-hubspot-private-app-token-php', "$hubspot = \\HubSpot\\Factory::createWithAccessToken('«pat-na1-{h8}-{h4}-4{h3}-{h4}-{h12}»');"],
  [
    'gl62-hubspot-legacy-hapikey-query',
    'GET https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey=«{h8}-{h4}-4{h3}-{h4}-{h12}»&count=100',
  ],
  [
    'gl62-huggingface-token-jupyter-cell',
    '{\n "cell_type": "code",\n "source": [\n  "from huggingface_hub import login\\n",\n  "login(token=\\"«hf_{L10}{U6}{L12}{U6}»\\")"\n ]\n}',
  ],
  ['gl62-huggingface-org-token-dockerfile-env', 'ENV HF_HUB_ENABLE_HF_TRANSFER=1\nENV HUGGING_FACE_HUB_TOKEN=«api_org_{L12}{U8}{L14}»'],
  [
    'gl62-infracost-key-gitlab-ci-variables',
    'infracost:\n  image: infracost/infracost:ci-0.10\n  variables:\n    INFRACOST_API_KEY: «ico-{a32}»\n  script:\n    - infracost breakdown --path .',
  ],
  ['gl62-intercom-token-ruby-initializer', 'Intercom::Client.new(token: "«dG9rOj{B54}»")'],
  [
    'gl62-intra42-secret-dotenv',
    'FT_CLIENT_ID=u-s4t2ud-{h64}\nFT_CLIENT_SECRET=«s-s4t2ud-{h64}»\nFT_CALLBACK=http://localhost:3000/auth/42/callback',
  ],
  [
    'gl62-jfrog-access-token-jf-config',
    '$ jf config add acme --url=https://acme.jfrog.io --access-token=«eyJ2ZXIiOiIyIiwidHlwIjoiSldUIiwiYWxnIjoiUlMyNTYiLCJraWQiOi{B40}.eyJ{B120}.{B86}» --interactive=false',
  ],
  ['gl62-jfrog-identity-token-npmrc', '//acme.jfrog.io/artifactory/api/npm/npm-virtual/:_authToken=«{a64}»\nalways-auth=true'],
  [
    'gl62-jwt-bearer-graphql-playground-headers',
    '{\n  "Authorization": "Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B60}.{B43}»",\n  "X-Hasura-Role": "editor"\n}',
  ],
  [
    'gl62-jwt-hasura-admin-secret-and-jwt-k8s',
    'env:\n  - name: HASURA_GRAPHQL_ADMIN_SECRET\n    value: «{a32}»\n  - name: HASURA_GRAPHQL_JWT_SECRET\n    value: \'{"type":"HS256","key":"«{a48}»"}\'',
  ],
  ['gl62-kraken-private-key-python-ccxt', 'exchange = ccxt.kraken({\n    "apiKey": "«{b56}»",\n    "secret": "«{b86}==»",\n})'],
  [
    'gl62-kucoin-keys-js-sdk',
    'const api = new KucoinClient({\n  apiKey: "{h24}",\n  apiSecret: "«{h8}-{h4}-4{h3}-{h4}-{h12}»",\n  apiPassphrase: "«{a16}»",\n});',
  ],
  [
    'gl62-launchdarkly-sdk-key-java',
    'LDClient client = new LDClient("«sdk-{h8}-{h4}-4{h3}-{h4}-{h12}»");\nboolean show = client.boolVariation("new-checkout", context, false);',
  ],
  [
    'gl62-launchdarkly-api-token-terraform-var-default',
    'variable "launchdarkly_access_token" {\n  type      = string\n  sensitive = true\n  default   = "«api-{h8}-{h4}-4{h3}-{h4}-{h12}»"\n}',
  ],
  [
    'gl62-linear-api-key-graphql-header-object',
    'const client = new GraphQLClient("https://api.linear.app/graphql", {\n  headers: { Authorization: "«lin_api_{a40}»" },\n});',
  ],
  ['gl62-linear-oauth-secret-env', 'LINEAR_CLIENT_ID={h32}\nLINEAR_CLIENT_SECRET=«{h32}»\nLINEAR_WEBHOOK_SECRET=«lin_wh_{a40}»'],
  [
    'gl62-linkedin-client-secret-spring-yaml',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          linkedin:\n            client-id: {l14}\n            client-secret: «WPL_AP1.{a16}.{B8}==»',
  ],
  ['gl62-lob-live-key-curl-basic', 'curl https://api.lob.com/v1/addresses -u «live_{h35}»:'],
  [
    'gl62-mailchimp-key-php-marketing-client',
    "$mc = new \\MailchimpMarketing\\ApiClient();\n$mc->setConfig(['apiKey' => '«{h32}-us{d2}»', 'server' => 'us14']);",
  ],
  [
    'gl62-mailchimp-transactional-key-python',
    'import mailchimp_transactional as MailchimpTransactional\nclient = MailchimpTransactional.Client("«md-{B22}»")',
  ],
  [
    'gl62-mailgun-private-key-sendmail-relay',
    '# /etc/postfix/sasl_passwd\n[smtp.eu.mailgun.org]:587 postmaster@mg.acme.io:«{h32}-{h8}-{h8}»\n# API: MAILGUN_API_KEY=«key-{h32}»',
  ],
  [
    'gl62-mailgun-signing-key-kotlin',
    'private val mailgunWebhookSigningKey = "«{h32}-{h8}-{h8}»"\nfun verify(ts: String, token: String, sig: String) = hmacSha256(mailgunWebhookSigningKey, ts + token) == sig',
  ],
  [
    'gl62-mapbox-secret-token-gradle-netrc',
    'machine api.mapbox.com\n  login mapbox\n  password «sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B40}.{B22}»',
  ],
  [
    'gl62-mattermost-bot-token-mmctl',
    '$ mmctl bot create deploy-bot --display-name "Deploy Bot"\n$ mmctl token generate deploy-bot ci\n«{l26}»: ci',
  ],
  [
    'gl62-mattermost-incoming-webhook-makefile',
    'MM_HOOK := «https://chat.acme.io/hooks/{l26}»\nnotify:\n\tcurl -s -d \'{"text":"deploy done"}\' $(MM_HOOK)',
  ],
  [
    'gl62-maxmind-license-key-geoipupdate-conf',
    '# /etc/GeoIP.conf\nAccountID {d6}\nLicenseKey «{a6}_{a29}_mmk»\nEditionIDs GeoLite2-City GeoLite2-Country',
  ],
  [
    'gl62-messagebird-key-go',
    'client := messagebird.New("«{a25}»")\nmsg, err := sms.Create(client, "Acme", []string{"+31600000000"}, "Deploy finished", nil)',
  ],
  [
    'gl62-teams-webhook-url-powershell',
    '$hook = "«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-4{h3}-{h4}-{h12}@{h8}-{h4}-4{h3}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-4{h3}-{h4}-{h12}»"\nInvoke-RestMethod -Method Post -Uri $hook -Body (@{text="Backup OK"} | ConvertTo-Json)',
  ],
  [
    'gl62-netlify-pat-netlify-cli-config-json',
    '{\n  "userId": "{h24}",\n  "users": {\n    "{h24}": { "auth": { "token": "«nfp_{a36}»" } }\n  }\n}',
  ],
  [
    'gl62-netlify-legacy-token-drone-yml',
    'steps:\n  - name: deploy\n    image: node:20\n    environment:\n      NETLIFY_AUTH_TOKEN: «{B43}»\n    commands:\n      - npx netlify deploy --prod',
  ],
  ['gl62-newrelic-user-key-nerdgraph-headers', '{\n  "API-Key": "«NRAK-{u27}»",\n  "Content-Type": "application/json"\n}'],
  ['gl62-newrelic-license-key-newrelic-yml', 'common: &default_settings\n  license_key: «{h36}NRAL»\n  app_name: acme-api'],
  ['gl62-newrelic-insert-key-fluentbit', '[OUTPUT]\n    Name        nrlogs\n    Match       *\n    insert_key  «NRII-{B32}»'],
  ['gl62-notion-token-kotlin-client', 'val notion = NotionClient(token = "«ntn_{d11}{a35}»")\nval db = notion.retrieveDatabase("{h32}")'],
  ['gl62-notion-legacy-secret-python-env', 'os.environ["NOTION_TOKEN"] = "«secret_{a43}»"'],
  ['gl62-npm-token-yarnrc-yml', 'npmRegistries:\n  "https://registry.npmjs.org":\n    npmAuthToken: «npm_{a36}»\n    npmAlwaysAuth: true'],
  [
    'gl62-nuget-config-cleartext-password',
    '<packageSourceCredentials>\n  <acme-feed>\n    <add key="Username" value="ci" />\n    <add key="ClearTextPassword" value="«{a52}»" />\n  </acme-feed>\n</packageSourceCredentials>',
  ],
  ['gl62-nytimes-key-swift-url', 'let url = URL(string: "https://api.nytimes.com/svc/topstories/v2/home.json?api-key=«{a32}»")!'],
  [
    'gl62-octopus-api-key-powershell-header',
    '$headers = @{ "X-Octopus-ApiKey" = "«API-{u26}»" }\nInvoke-RestMethod -Uri "https://deploy.acme.io/api/projects" -Headers $headers',
  ],
  ['gl62-okta-api-token-terraform-tfvars', 'okta_org_name  = "acme"\nokta_base_url  = "okta.com"\nokta_api_token = "«00{B40}»"'],
  [
    'gl62-openai-project-key-nushell',
    '$env.OPENAI_API_KEY = "«sk-proj-{B58}T3BlbkFJ{B58}»"\nhttp post https://api.openai.com/v1/responses --content-type application/json {model: "gpt-4o-mini", input: "hi"}',
  ],
  [
    'gl62-openai-legacy-key-clojure',
    '(def openai-key "«sk-{a20}T3BlbkFJ{a20}»")\n(client/post "https://api.openai.com/v1/chat/completions" {:oauth-token openai-key})',
  ],
  [
    'gl62-openai-svcacct-key-helm-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: llm-gateway\nstringData:\n  OPENAI_API_KEY: «sk-svcacct-{B74}T3BlbkFJ{B74}»',
  ],
  [
    'gl62-openshift-token-oc-login',
    '$ oc login --token=«sha256~{B43}» --server=https://api.ocp.acme.io:6443\nLogged into "https://api.ocp.acme.io:6443" as "mika" using the token provided.',
  ],
  [
    'gl62-perplexity-key-elixir-req',
    'Req.post!("https://api.perplexity.ai/chat/completions",\n  auth: {:bearer, "«pplx-{a48}»"},\n  json: %{model: "sonar", messages: msgs})',
  ],
  [
    'gl62-plaid-secret-and-access-token-ruby',
    "client = Plaid::PlaidApi.new(Plaid::ApiClient.new(Plaid::Configuration.new { |c|\n  c.api_key['PLAID-CLIENT-ID'] = '{h24}'\n  c.api_key['PLAID-SECRET'] = '«{h30}»'\n}))\naccess_token = '«access-production-{h8}-{h4}-4{h3}-{h4}-{h12}»'",
  ],
  ['gl62-planetscale-password-prisma-url', 'DATABASE_URL="mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/acme?sslaccept=strict"'],
  [
    'gl62-planetscale-service-token-gha',
    '      - run: pscale deploy-request create acme main\n        env:\n          PLANETSCALE_SERVICE_TOKEN_ID: {l12}\n          PLANETSCALE_SERVICE_TOKEN: «pscale_tkn_{B43}»',
  ],
  ['gl62-planetscale-oauth-token-json', '{"access_token":"«pscale_oauth_{B43}»","token_type":"Bearer","expires_in":3600}'],
  [
    'gl62-postman-key-newman-cli',
    '$ newman run "https://api.getpostman.com/collections/{d8}-{h8}-{h4}-4{h3}-{h4}-{h12}?apikey=«PMAK-{h24}-{h34}»" -e staging.json',
  ],
  [
    'gl62-prefect-key-prefect-profiles-toml',
    '# ~/.prefect/profiles.toml\n[profiles.cloud]\nPREFECT_API_URL = "https://api.prefect.cloud/api/accounts/{h8}-{h4}-4{h3}-{h4}-{h12}/workspaces/{h8}-{h4}-4{h3}-{h4}-{h12}"\nPREFECT_API_KEY = "«pnu_{a36}»"',
  ],
  [
    'gl62-rsa-private-key-ansible-vars-block',
    'deploy_ssh_key: |\n  «-----BEGIN RSA PRIVATE KEY-----\n  MIIEpAIBAAKCAQEA{b48}\n  {b64}\n  {b64}\n  {b40}==\n  -----END RSA PRIVATE KEY-----»',
  ],
  [
    'gl62-openssh-private-key-slack-message',
    'hey can you check why this key is rejected by the bastion?\n```\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACA{b40}\n{b70}\n{b36}=\n-----END OPENSSH PRIVATE KEY-----»\n```',
  ],
  [
    'gl62-ec-private-key-rust-include-str-comment',
    '// TODO move out of the repo\nconst SIGNING_KEY: &str = "«-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI{b44}\\noAoGCCqGSM49AwEHoUQDQgAE{b64}\\n{b24}==\\n-----END EC PRIVATE KEY-----»";',
  ],
  [
    'gl62-privateai-key-python-client',
    'from privateai_client import PAIClient\nclient = PAIClient(url="https://api.private-ai.com/community", api_key="«{h32}»")',
  ],
  ['gl62-pulumi-token-github-env-file', '$ echo "PULUMI_ACCESS_TOKEN=«pul-{h40}»" >> "$GITHUB_ENV"'],
  ['gl62-pypi-token-pypirc', '[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmc{B80}»'],
  ['gl62-pypi-token-uv-publish-powershell', 'PS> $env:UV_PUBLISH_TOKEN = "«pypi-AgEIcHlwaS5vcmc{B120}»"\nPS> uv publish dist\\*'],
  [
    'gl62-rapidapi-key-kotlin-okhttp',
    'val req = Request.Builder()\n    .url("https://weatherapi-com.p.rapidapi.com/current.json?q=Berlin")\n    .addHeader("X-RapidAPI-Key", "«{h50}»")\n    .build()',
  ],
  ['gl62-readme-key-rdme-cli', '$ rdme openapi openapi.yaml --key=«rdme_{l70}» --id={h24}'],
  ['gl62-rubygems-key-gem-credentials', '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»'],
  ['gl62-scalingo-token-cli-env', 'export SCALINGO_API_TOKEN=«tk-us-{B48}»\nscalingo --app acme-api env-set RAILS_ENV=production'],
  [
    'gl62-sendbird-token-swift-init',
    'SendbirdChat.initialize(params: InitParams(applicationId: "{H8}-{H4}-4{H3}-{H4}-{H12}"))\nlet apiToken = "«{h40}»" // server-side only!',
  ],
  ['gl62-sendgrid-key-systemd-env', '[Service]\nEnvironment="SENDGRID_API_KEY=«SG.{B22}.{B43}»"\nExecStart=/usr/local/bin/mailer'],
  [
    'gl62-sendgrid-key-perl-email-sender',
    'my $transport = Email::Sender::Transport::SMTP->new({\n    host => "smtp.sendgrid.net", port => 587,\n    sasl_username => "apikey",\n    sasl_password => "«SG.{B22}.{B43}»",\n});',
  ],
  [
    'gl62-brevo-key-php-config',
    "$config = Brevo\\Client\\Configuration::getDefaultConfiguration()->setApiKey('api-key', '«xkeysib-{h64}-{a16}»');",
  ],
  ['gl62-brevo-smtp-key-mutt', 'set smtp_url = "smtp://{h8}@smtp-relay.brevo.com:587/"\nset smtp_pass = "«xsmtpsib-{h64}-{a16}»"'],
  ['gl62-sentry-user-token-sentryclirc', '# ~/.sentryclirc\n[auth]\ntoken=«sntryu_{h64}»\n[defaults]\norg=acme'],
  [
    'gl62-sentry-org-token-xcode-build-phase',
    'export SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3MTc{b24}LCJyZWdpb25fdXJs{b48}_{b43}»\n"$PODS_ROOT/Sentry/upload-debug-symbols"',
  ],
  ['gl62-sentry-legacy-token-helm-values', 'sentry:\n  dsn: https://{h32}@o{d6}.ingest.sentry.io/{d7}\n  authToken: «{h64}»'],
  [
    'gl62-settlemint-tokens-dotenv',
    'SETTLEMINT_INSTANCE=https://console.settlemint.com\nSETTLEMINT_ACCESS_TOKEN=«sm_pat_{a16}»\nSETTLEMINT_APP_TOKEN=«sm_aat_{a16}»',
  ],
  ['gl62-settlemint-service-token-yaml', 'blockchain:\n  node: https://acme-node.settlemint.com\n  serviceToken: «sm_sat_{a16}»'],
  ['gl62-shippo-live-token-elixir', 'config :shippo, api_token: "«shippo_live_{h40}»"'],
  [
    'gl62-shopify-admin-token-graphql-headers',
    'const res = await fetch("https://acme.myshopify.com/admin/api/2024-04/graphql.json", {\n  method: "POST",\n  headers: { "X-Shopify-Access-Token": "«shpat_{h32}»", "Content-Type": "application/json" },\n  body: JSON.stringify({ query }),\n});',
  ],
  [
    'gl62-shopify-shared-secret-and-custom-token-toml',
    '[shopify]\napi_key = "{h32}"\napi_secret = "«shpss_{h32}»"\ncustom_app_token = "«shpca_{h32}»"',
  ],
  [
    'gl62-shopify-private-app-token-php',
    "$shopify = new PHPShopify\\ShopifySDK(['ShopUrl' => 'acme.myshopify.com', 'AccessToken' => '«shppa_{h32}»']);",
  ],
  ['gl62-sidekiq-credentials-bundle-config', '# .bundle/config\n---\nBUNDLE_GEMS__CONTRIBSYS__COM: "«{h8}:{h8}»"'],
  ['gl62-sidekiq-enterprise-url-gemfile', 'source "«https://{h8}:{h8}@enterprise.contribsys.com/»" do\n  gem "sidekiq-ent"\nend'],
  [
    'gl62-slack-bot-token-slack-message-paste',
    "Mika  10:42 AM\nbot still not posting, here's what I set: SLACK_BOT_TOKEN=«xoxb-{d12}-{d13}-{a24}» and channel C0{u9}",
  ],
  [
    'gl62-slack-user-token-python-sdk',
    'client = WebClient(token="«xoxp-{d12}-{d12}-{d13}-{h32}»")\nclient.conversations_history(channel="C0{u9}", limit=50)',
  ],
  ['gl62-slack-app-token-socket-mode-rust', 'let app_token: SlackApiToken = SlackApiToken::new("«xapp-1-A0{u9}-{d13}-{h64}»".into());'],
  [
    'gl62-slack-webhook-helm-alertmanager',
    'alertmanager:\n  config:\n    receivers:\n      - name: slack\n        slack_configs:\n          - api_url: «https://hooks.slack.com/services/T0{u8}/B0{u9}/{a24}»\n            channel: "#alerts"',
  ],
  [
    'gl62-slack-workflow-trigger-url-crontab',
    '0 9 * * 1 curl -s -X POST «https://hooks.slack.com/triggers/T0{u8}/{d13}/{h32}» -d \'{"week":"$(date +\\%V)"}\'',
  ],
  ['gl62-slack-config-refresh-token-json', '{"ok":true,"token":"«xoxe.xoxp-1-{u166}»","refresh_token":"«xoxe-1-{u146}»","exp":1718000000}'],
  ['gl62-slack-legacy-workspace-token-perl', 'my $slack = WebService::Slack::WebApi->new(token => "«xoxa-2-{a40}»");'],
  [
    'gl62-snyk-token-makefile',
    'SNYK_TOKEN ?= «{h8}-{h4}-4{h3}-{h4}-{h12}»\nscan:\n\tSNYK_TOKEN=$(SNYK_TOKEN) snyk test --severity-threshold=high',
  ],
  [
    'gl62-sonar-token-maven-settings-xml',
    '<profile>\n  <id>sonar</id>\n  <properties>\n    <sonar.host.url>https://sonar.acme.io</sonar.host.url>\n    <sonar.token>«squ_{h40}»</sonar.token>\n  </properties>\n</profile>',
  ],
  ['gl62-sonar-login-legacy-gradle-cli', './gradlew sonar -Dsonar.projectKey=acme_api -Dsonar.login=«{h40}»'],
  [
    'gl62-sourcegraph-token-src-cli',
    "export SRC_ENDPOINT=https://sourcegraph.acme.io\nexport SRC_ACCESS_TOKEN=«sgp_{h16}_{h40}»\nsrc search 'repo:acme/api TODO'",
  ],
  ['gl62-square-access-token-dart', "final square = SquareClient(accessToken: '«EAAA{B60}»', environment: Environment.production);"],
  [
    'gl62-square-legacy-token-and-secret-ini',
    '[square]\napplication_id = sq0idp-{B22}\naccess_token = «sq0atp-{B22}»\napplication_secret = «sq0csp-{B43}»',
  ],
  [
    'gl62-squarespace-key-node-axios',
    'axios.get("https://api.squarespace.com/1.0/commerce/orders", {\n  headers: { Authorization: "Bearer «{h8}-{h4}-4{h3}-{h4}-{h12}»", "User-Agent": "acme-sync" },\n});',
  ],
  ['gl62-stripe-live-secret-swift-server-vapor', 'app.stripe.configuration.apiKey = "«sk_live_{a99}»"'],
  ['gl62-stripe-restricted-key-crontab', '30 2 * * * STRIPE_API_KEY=«rk_live_{a24}» /opt/acme/bin/reconcile --since=yesterday'],
  [
    'gl62-stripe-webhook-secret-and-key-dotnet-json',
    '{\n  "Stripe": {\n    "PublishableKey": "pk_live_{a24}",\n    "SecretKey": "«sk_live_{a24}»",\n    "WebhookSecret": "«whsec_{a32}»"\n  }\n}',
  ],
  [
    'gl62-sumologic-access-key-terraform',
    'provider "sumologic" {\n  access_id   = "su{a12}"\n  access_key  = "«{a64}»"\n  environment = "eu"\n}',
  ],
  [
    'gl62-sumologic-collector-url-fluentd',
    '<match **>\n  @type sumologic\n  endpoint «https://endpoint4.collection.eu.sumologic.com/receiver/v1/http/{B140}==»\n</match>',
  ],
  [
    'gl62-telegram-bot-token-kotlin',
    'val bot = bot {\n    token = "«{d10}:AA{B33}»"\n    dispatch { command("status") { reply("ok") } }\n}',
  ],
  [
    'gl62-telegram-bot-token-curl-url',
    'curl -s «https://api.telegram.org/bot{d10}:AA{B33}»/sendMessage -d chat_id=-100{d10} -d text="nightly build green"',
  ],
  ['gl62-travis-token-travis-cli', '$ travis login --pro --github-token «ghp_{a36}»\n$ travis token --pro\nYour access token is «{a22}»'],
  ['gl62-twilio-auth-token-elixir-config', 'config :ex_twilio,\n  account_sid: "AC{h32}",\n  auth_token: "«{h32}»"'],
  ['gl62-twilio-api-key-secret-csharp', 'TwilioClient.Init("SK{h32}", "«{a32}»", "AC{h32}");'],
  ['gl62-twitch-client-secret-python', 'twitch = await Twitch("{l30}", "«{l30}»")\nawait twitch.authenticate_app([])'],
  [
    'gl62-twitter-oauth1-four-values-yaml',
    'twitter:\n  consumer_key: «{a25}»\n  consumer_secret: «{a50}»\n  access_token: «{d19}-{a40}»\n  access_token_secret: «{a45}»',
  ],
  ['gl62-twitter-bearer-token-r-rtweet', 'auth <- rtweet::rtweet_app(bearer_token = "«AAAAAAAAAAAAAAAAAAAAA{a20}%2B{a30}%3D{a40}»")'],
  ['gl62-typeform-token-netlify-function-env', 'TYPEFORM_TOKEN=«tfp_{a44}_{a14}»\nTYPEFORM_FORM_ID={a8}'],
  [
    'gl62-vault-service-token-vault-login-output',
    '$ vault login -method=oidc\nKey                  Value\n---                  -----\ntoken                «hvs.{B95}»\ntoken_accessor       {a24}\ntoken_duration       8h',
  ],
  ['gl62-vault-batch-token-nomad-job', 'vault {\n  policies = ["app"]\n}\nenv {\n  VAULT_TOKEN = "«hvb.{B150}»"\n}'],
  ['gl62-vault-legacy-token-envrc', '# .envrc\nexport VAULT_ADDR=https://vault.acme.io:8200\nexport VAULT_TOKEN=«s.{a24}»'],
  ['gl62-yandex-oauth-token-yc-config', '$ yc config list\ntoken: «y0_{B55}»\ncloud-id: b1g{l17}\nfolder-id: b1g{l17}'],
  ['gl62-yandex-api-key-terraform-var', 'variable "yandex_api_key" {\n  default = "«AQVN{B38}»"\n}'],
  ['gl62-yandex-static-key-s3cfg', '[default]\nhost_base = storage.yandexcloud.net\naccess_key = YCAJE{B20}\nsecret_key = «YC{B38}»'],
  ['gl62-yandex-iam-token-python', 'headers = {"Authorization": "Bearer «t1.{B60}.{B86}»"}  # yandex IAM token, 12h'],
  [
    'gl62-zendesk-token-php-client',
    "$client = new ZendeskAPI('acme');\n$client->setAuth('basic', ['username' => 'ops@acme.io', 'token' => '«{a40}»']);",
  ],
  ['gl62-zendesk-token-curl-slash-token', 'curl https://acme.zendesk.com/api/v2/tickets.json -u "ops@acme.io/token:«{a40}»"'],
  [
    'gl62-generic-api-secret-haskell-record',
    'cfg = Config\n  { apiBase = "https://api.payhub.io"\n  , apiSecret = "«{a40}»"\n  , timeoutMs = 5000\n  }',
  ],
  [
    'gl62-generic-password-vagrantfile',
    'config.vm.provision "shell", env: { "DB_PASSWORD" => "«{a20}»" }, inline: <<-SHELL\n  ./bootstrap.sh\nSHELL',
  ],
  [
    'gl62-generic-token-launchd-plist',
    '<key>EnvironmentVariables</key>\n<dict>\n  <key>SYNC_AUTH_TOKEN</key>\n  <string>«{B40}»</string>\n</dict>',
  ],
  [
    'gl62-generic-client-secret-vscode-launch-json',
    '{\n  "name": "Debug API",\n  "type": "node",\n  "env": { "OIDC_CLIENT_SECRET": "«{a48}»", "PORT": "8080" }\n}',
  ],
  [
    'gl62-generic-api-key-http-client-file',
    '### list invoices\nGET https://billing.acme.io/v2/invoices\nX-Api-Key: «{l40}»\nAccept: application/json',
  ],
  [
    'gl62-generic-credentials-supervisord',
    '[program:worker]\ncommand=/opt/acme/worker\nenvironment=QUEUE_PASSWORD="«{a24}»",QUEUE_HOST="mq.internal"',
  ],
  ['gl62-generic-auth-token-lua-nginx', 'local res = ngx.location.capture("/upstream", {\n  args = { auth_token = "«{h48}»" }\n})'],
  ['gl62-generic-secret-key-cargo-config-env', '# .cargo/config.toml\n[env]\nSESSION_SECRET_KEY = "«{b64}»"\nRUST_LOG = "info"'],
  ['gl62-generic-db-password-pgpass', '$ cat ~/.pgpass\ndb.acme.internal:5432:billing:billing_rw:«{a26}»'],
  [
    'gl62-generic-pwd-docker-run-line',
    'docker run -d --name mssql -e ACCEPT_EULA=Y -e MSSQL_SA_PASSWORD=«{a18}!9» -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest',
  ],
  ['gl62-generic-access-key-pulumi-stack-yaml', 'config:\n  acme:region: eu-west-1\n  acme:partnerAccessKey: «{a32}»'],
  ['gl62-generic-secret-erlang-sys-config', '[{acme, [\n  {api_endpoint, "https://api.acme.io"},\n  {api_secret, <<"«{a36}»">>}\n]}].'],
];
export const BLIND62_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'gl62-aws-docs-key-pair-rust-comment',
    '// from the AWS SDK docs: Credentials::new("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", None, None, "doc")\nlet creds = Credentials::from_env()?;',
  ],
  [
    'gl62-gcp-api-key-masked-console-output',
    'Key restrictions for "Maps (iOS)":\n  Key: AIza•••••••••••••••••••••••••••••••3kQ\n  Application restrictions: iOS apps (com.acme.maps)',
  ],
  [
    'gl62-slack-channel-id-and-team-id-yaml',
    'slack:\n  slack_channel_id: C0{u9}\n  slack_team_id: T0{u8}\n  slack_bot_user_id: U0{u9}\n  token: ${SLACK_BOT_TOKEN}',
  ],
  [
    'gl62-stripe-customer-and-price-ids-kotlin',
    'val stripeCustomerId = "cus_{a14}"\nval stripePriceId = "price_{a24}"\nval stripeSubscriptionId = "sub_{a24}"',
  ],
  ['gl62-stripe-publishable-key-swift', 'StripeAPI.defaultPublishableKey = "pk_live_{a99}"'],
  [
    'gl62-github-token-reference-helm',
    'github:\n  tokenSecretRef:\n    name: gh-app\n    key: token\n  appId: {d6}\n  installationId: {d8}',
  ],
  [
    'gl62-github-commit-sha-next-to-token-word',
    'Reverted the token refresh change in {h40}; the access check now happens in middleware (see {h7}).',
  ],
  [
    'gl62-gitlab-pat-masked-in-ui-paste',
    'Personal Access Tokens\nName: ci-reader   Scopes: read_api   Expires: 2025-01-01\nToken: glpat-********************   Last used: 2 hours ago',
  ],
  [
    'gl62-gitlab-ci-variable-reference',
    'deploy:\n  script:\n    - curl --header "PRIVATE-TOKEN: $GITLAB_API_TOKEN" "$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases"',
  ],
  [
    'gl62-datadog-trace-and-span-ids-log',
    '2024-06-04T10:12:44Z INFO checkout dd.trace_id={d19} dd.span_id={d19} dd.service=api dd.env=prod',
  ],
  [
    'gl62-datadog-api-key-env-ref-systemd',
    '[Service]\nEnvironmentFile=/etc/datadog-agent/environment\nEnvironment=DD_API_KEY_FILE=/run/secrets/dd_api_key',
  ],
  [
    'gl62-sentry-dsn-public-key-frontend',
    'Sentry.init({\n  dsn: "https://{h32}@o{d6}.ingest.sentry.io/{d7}",\n  tracesSampleRate: 0.1,\n});',
  ],
  [
    'gl62-mapbox-public-token-web-map',
    'mapboxgl.accessToken = "pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B40}.{B22}";\nconst map = new mapboxgl.Map({ container: "map", style: "mapbox://styles/mapbox/streets-v12" });',
  ],
  [
    'gl62-algolia-search-only-key-docsearch',
    'docsearch({\n  appId: "{u10}",\n  apiKey: "{h32}", // search-only key, safe to expose\n  indexName: "acme_docs",\n  container: "#docsearch",\n});',
  ],
  [
    'gl62-facebook-app-id-meta-tag',
    '<meta property="fb:app_id" content="{d16}" />\n<meta property="og:image" content="https://acme.io/og/{h16}.png" />',
  ],
  ['gl62-heroku-app-uuid-not-key', '$ heroku apps:info -a acme-api --json | jq .app.id\n"{h8}-{h4}-4{h3}-{h4}-{h12}"'],
  [
    'gl62-hubspot-portal-id-and-form-guid',
    'hbspt.forms.create({\n  region: "na1",\n  portalId: "{d8}",\n  formId: "{h8}-{h4}-4{h3}-{h4}-{h12}"\n});',
  ],
  [
    'gl62-twilio-account-sid-and-phone-only',
    'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_FROM_NUMBER=+1415{d7}\nTWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}',
  ],
  ['gl62-twilio-message-sid-log', 'INFO sms queued sid=SM{h32} to=+44******{d3} status=queued'],
  [
    'gl62-openai-key-reference-python',
    'client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])\nresp = client.responses.create(model="gpt-4o-mini", input=prompt)',
  ],
  ['gl62-openai-request-and-org-ids', 'x-request-id: req_{h32}\nopenai-organization: org-{a24}\nopenai-processing-ms: 412'],
  [
    'gl62-anthropic-message-id-json',
    '{"id":"msg_01{a22}","type":"message","role":"assistant","model":"claude-3-5-sonnet-20241022","stop_reason":"end_turn"}',
  ],
  ['gl62-huggingface-model-revision-sha', 'model = AutoModel.from_pretrained("acme/encoder-small", revision="{h40}", token=True)'],
  [
    'gl62-npm-integrity-and-token-var',
    '"node_modules/left-pad": {\n  "version": "1.3.0",\n  "integrity": "sha512-{b86}=="\n}\n# auth: //registry.npmjs.org/:_authToken=${NPM_TOKEN}',
  ],
  [
    'gl62-vault-token-accessor-and-lease-id',
    'token_accessor       {a24}\nlease_id             database/creds/readonly/{a24}\nlease_duration       1h',
  ],
  [
    'gl62-vault-path-reference-nomad',
    'template {\n  data = <<EOH\nDB_PASSWORD={{ with secret "kv/data/billing" }}{{ .Data.data.password }}{{ end }}\nEOH\n  destination = "secrets/db.env"\n}',
  ],
  [
    'gl62-private-key-path-and-public-key-only',
    'ssh_authorized_keys:\n  - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} mika@laptop\nssh_private_key_file: ~/.ssh/id_ed25519',
  ],
  [
    'gl62-public-key-pem-block',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b40}\n{b64}\n{b40}IDAQAB\n-----END PUBLIC KEY-----',
  ],
  ['gl62-age-public-recipient-only', 'creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{k58}'],
  [
    'gl62-aws-arn-and-account-id',
    'role_arn = "arn:aws:iam::{d12}:role/github-oidc-deploy"\nkms_key_id = "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-{h4}-{h12}"',
  ],
  [
    'gl62-azure-tenant-and-client-ids-bicep',
    "param tenantId string = '{h8}-{h4}-4{h3}-{h4}-{h12}'\nparam clientId string = '{h8}-{h4}-4{h3}-{h4}-{h12}'\nparam keyVaultName string = 'kv-acme-prod'",
  ],
  [
    'gl62-azure-keyvault-reference-appsettings',
    '{\n  "AzureAd:ClientSecret": "@Microsoft.KeyVault(SecretUri=https://kv-acme.vault.azure.net/secrets/aad-client-secret/)"\n}',
  ],
  [
    'gl62-dotnet-user-secrets-id-csproj',
    '<PropertyGroup>\n  <TargetFramework>net8.0</TargetFramework>\n  <UserSecretsId>{h8}-{h4}-4{h3}-{h4}-{h12}</UserSecretsId>\n</PropertyGroup>',
  ],
  [
    'gl62-generic-api-key-css-class-names',
    '<div class="api-key-field token-input secret-toggle">\n  <input id="apiKeyInput" class="form-control key-mono" type="password" autocomplete="off">\n</div>',
  ],
  [
    'gl62-generic-secret-file-paths',
    'secrets:\n  tls_key: /etc/ssl/private/api.acme.io.key\n  api_token_file: /var/run/secrets/acme/token\n  credentials_path: ~/.config/acme/credentials.json',
  ],
  ['gl62-generic-token-sha256-checksum', 'token-cli_1.4.2_linux_amd64.tar.gz\nsha256: {h64}'],
  [
    'gl62-generic-key-uuid-idempotency-header',
    'POST /v1/payments\nIdempotency-Key: {h8}-{h4}-4{h3}-{h4}-{h12}\nX-Request-Id: {h8}-{h4}-4{h3}-{h4}-{h12}',
  ],
  [
    'gl62-generic-access-log-without-credential',
    '10.0.3.7 - - [04/Jun/2024:10:12:44 +0000] "POST /oauth/token HTTP/1.1" 200 512 "-" "okhttp/4.12.0" rt=0.042 uct=0.001',
  ],
  [
    'gl62-generic-password-policy-config',
    'password:\n  min_length: 14\n  require_symbols: true\n  max_age_days: 90\n  hash_algorithm: argon2id',
  ],
  [
    'gl62-generic-secret-name-k8s-env-from',
    'envFrom:\n  - secretRef:\n      name: billing-api-secrets\n  - configMapRef:\n      name: billing-api-config',
  ],
  ['gl62-generic-api-version-and-key-length', 'API_VERSION=2024-04-10\nKEY_LENGTH=4096\nTOKEN_TTL_SECONDS=3600\nSECRET_ROTATION_DAYS=30'],
  [
    'gl62-generic-docker-image-digest-next-to-key',
    'image: ghcr.io/acme/keyserver@sha256:{h64}\ncommand: ["keyserver", "--listen", ":8443"]',
  ],
  ['gl62-generic-git-lfs-pointer', 'version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize {d7}'],
  ['gl62-generic-bcrypt-hash-password-hash-column', "INSERT INTO users (email, password_hash) VALUES ('mika@acme.io', '$2b$12${p53}');"],
  ['gl62-generic-jwks-kid-and-n-public', '{"keys":[{"kty":"RSA","use":"sig","kid":"{h40}","alg":"RS256","e":"AQAB","n":"{B86}"}]}'],
  [
    'gl62-generic-placeholder-angle-brackets-powershell',
    'PS> $env:ACME_API_KEY = "<your-api-key>"\nPS> $env:ACME_API_SECRET = "<your-api-secret>"',
  ],
  ['gl62-generic-changeme-defaults-ini', '[database]\nuser = app\npassword = changeme\n[admin]\ntoken = ****'],
  [
    'gl62-sonar-project-key-and-host',
    'sonar.projectKey=acme_billing-api\nsonar.organization=acme\nsonar.host.url=https://sonarcloud.io\nsonar.token=${SONAR_TOKEN}',
  ],
  [
    'gl62-snyk-org-id-uuid',
    'snyk monitor --org={h8}-{h4}-4{h3}-{h4}-{h12} --project-name=acme/api --remote-repo-url=https://github.com/acme/api',
  ],
  [
    'gl62-shopify-shop-domain-and-api-version',
    'SHOPIFY_SHOP=acme-store.myshopify.com\nSHOPIFY_API_VERSION=2024-04\nSHOPIFY_ACCESS_TOKEN=${SHOPIFY_ACCESS_TOKEN}',
  ],
  ['gl62-shopify-webhook-id-gid', '{"webhookSubscription":{"id":"gid://shopify/WebhookSubscription/{d13}","topic":"ORDERS_CREATE"}}'],
  [
    'gl62-sendgrid-template-and-message-id',
    'sg.send(Mail(from_email="noreply@acme.io", to_emails=to))\n# template_id = "d-{h32}"\n# X-Message-Id: {B22}',
  ],
  ['gl62-mailgun-message-id-and-domain', 'Queued. Thank you.\nid: <{d14}.{h16}@mg.acme.io>\ndomain: mg.acme.io'],
  ['gl62-cloudflare-zone-and-account-ids', 'zone_id    = "{h32}"\naccount_id = "{h32}"\napi_token  = var.cloudflare_api_token'],
  ['gl62-cloudflare-ray-id-header', 'HTTP/2 403\ncf-ray: {h16}-FRA\ncf-cache-status: DYNAMIC\nserver: cloudflare'],
  ['gl62-discord-snowflake-ids-config', 'discord:\n  guild_id: "{d18}"\n  channel_id: "{d19}"\n  application_id: "{d18}"'],
  [
    'gl62-telegram-chat-id-and-bot-username',
    'TELEGRAM_CHAT_ID=-100{d10}\nTELEGRAM_BOT_USERNAME=acme_deploy_bot\nTELEGRAM_BOT_TOKEN=${TELEGRAM_BOT_TOKEN}',
  ],
  [
    'gl62-linear-issue-ids-and-webhook-url-ref',
    'Fixes ENG-{d4}. Linear webhook posts to https://ops.acme.io/hooks/linear and the signing secret lives in 1Password ("Linear webhook").',
  ],
  [
    'gl62-newrelic-account-id-and-app-id',
    'NEW_RELIC_ACCOUNT_ID={d7}\nNEW_RELIC_APP_ID={d9}\nNEW_RELIC_LICENSE_KEY=${NEW_RELIC_LICENSE_KEY}',
  ],
  [
    'gl62-newrelic-browser-snippet-public',
    ';NREUM.loader_config={accountID:"{d7}",trustKey:"{d7}",agentID:"{d10}",licenseKey:"NRJS-{h19}",applicationID:"{d10}"};',
  ],
  ['gl62-pulumi-secure-ciphertext-stack-yaml', 'config:\n  acme:dbPassword:\n    secure: v1:{b16}:{b44}'],
  [
    'gl62-terraform-sensitive-var-no-default',
    'variable "okta_api_token" {\n  type      = string\n  sensitive = true\n  description = "Okta API token, set via TF_VAR_okta_api_token"\n}',
  ],
  ['gl62-kucoin-symbol-and-order-id', 'order placed on kucoin: symbol=BTC-USDT orderId={h24} clientOid={h8}-{h4}-4{h3}-{h4}-{h12}'],
  [
    'gl62-okta-org-url-and-client-id',
    'okta:\n  issuer: https://acme.okta.com/oauth2/default\n  client_id: 0oa{a17}\n  client_secret: ${OKTA_CLIENT_SECRET}',
  ],
  [
    'gl62-jwt-header-only-no-payload',
    'The header decodes fine: eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ — but the payload segment was cut off in the log, so there is no token to check.',
  ],
  [
    'gl62-databricks-workspace-and-cluster-ids',
    'DATABRICKS_HOST=https://adb-{d16}.7.azuredatabricks.net\nDATABRICKS_CLUSTER_ID={d4}-{d6}-{l8}\nDATABRICKS_TOKEN=${DATABRICKS_TOKEN}',
  ],
  [
    'gl62-digitalocean-droplet-and-volume-ids',
    'doctl compute volume-action attach {h8}-{h4}-4{h3}-{h4}-{h12} {d9} --wait\nVolume attached to droplet {d9}',
  ],
  ['gl62-grafana-dashboard-uid-and-panel', 'https://grafana.acme.io/d/{a9}/api-latency?orgId=1&viewPanel={d2}&from=now-6h'],
  ['gl62-plaid-item-id-and-request-id', '{"item_id":"{a37}","request_id":"{a15}","institution_id":"ins_{d6}"}'],
  [
    'gl62-jira-issue-key-and-sprint-config',
    'jira:\n  project: OPS\n  board_id: {d3}\n  api_url: https://acme.atlassian.net/rest/api/3\n  api_token: ${JIRA_API_TOKEN}',
  ],
  [
    'gl62-makefile-token-variable-indirection',
    'TOKEN ?= $(shell op read "op://Engineering/npm/token")\npublish:\n\tNPM_TOKEN=$(TOKEN) npm publish',
  ],
  [
    'gl62-crontab-with-envfile-no-secret',
    'SHELL=/bin/bash\n0 3 * * * . /etc/acme/backup.env && /opt/acme/bin/backup --target s3://acme-backups/$(hostname)',
  ],
  [
    'gl62-jupyter-cell-getpass',
    '{\n "cell_type": "code",\n "source": [\n  "import getpass, os\\n",\n  "os.environ[\\"HF_TOKEN\\"] = getpass.getpass(\\"HF token: \\")"\n ]\n}',
  ],
  ['gl62-graphql-headers-env-interpolation', '{\n  "Authorization": "Bearer {{ACCESS_TOKEN}}",\n  "X-Api-Key": "{{API_KEY}}"\n}'],
  [
    'gl62-slack-message-rotated-token-prose',
    'Mika  11:02 AM\nrotated the slack bot token and the stripe restricted key, new ones are in the vault under ci/slack and ci/stripe — nothing pasted here :lock:',
  ],
  ['gl62-yandex-folder-and-cloud-ids', 'yc resource-manager folder get --id b1g{l17}\nid: b1g{l17}\ncloud_id: b1g{l17}\nname: prod'],
  [
    'gl62-aws-access-key-last-four-iam-output',
    'AccessKeyMetadata:\n- AccessKeyId: AKIA************{U4}\n  Status: Active\n  CreateDate: "2024-02-11T08:15:03Z"',
  ],
  [
    'gl62-atlassian-cloud-id-uuid',
    'GET https://api.atlassian.com/ex/jira/{h8}-{h4}-4{h3}-{h4}-{h12}/rest/api/3/myself\nAuthorization: Bearer $ATLASSIAN_TOKEN',
  ],
  [
    'gl62-gitleaks-report-redacted',
    '{\n  "RuleID": "github-pat",\n  "Secret": "REDACTED",\n  "File": "scripts/release.sh",\n  "Commit": "{h40}",\n  "Fingerprint": "{h40}:scripts/release.sh:github-pat:14"\n}',
  ],
  [
    'gl62-php-secret-key-env-helper',
    "<?php\nreturn [\n    'secret_key' => env('FREEMIUS_SECRET_KEY'),\n    'public_key' => 'pk_{h29}',\n];",
  ],
];
