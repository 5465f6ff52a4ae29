/** A sixtieth held-out batch, written blind as a sweep over the token types in GitHub's public supported secret scanning patterns (partner and non-partner): each provider's documented prefix, length and alphabet in a different realistic context, with the same providers' public ids, publishable keys, signatures and near-miss strings as negatives. */
export const BLIND60_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'gh60-github-classic-pat-in-git-remote-url',
    '$ git remote -v\norigin\thttps://mona-ci:«ghp_{a36}»@github.com/acme/infra-live.git (fetch)\n$ git push origin main\nEverything up-to-date',
  ],
  [
    'gh60-github-oauth-token-in-gh-hosts-yml',
    '# ~/.config/gh/hosts.yml\ngithub.com:\n    user: mona-ci\n    oauth_token: «gho_{a36}»\n    git_protocol: https',
  ],
  [
    'gh60-github-user-to-server-token-pygithub-auth',
    'from github import Auth, Github\n\ngh = Github(auth=Auth.Token("«ghu_{a36}»"))\nrepo = gh.get_repo("acme/billing")\nprint(repo.default_branch)',
  ],
  [
    'gh60-github-refresh-token-in-oauth-exchange-json',
    '{"access_token":"«ghu_{a36}»","expires_in":28800,"refresh_token":"«ghr_{a76}»","refresh_token_expires_in":15811200,"scope":"","token_type":"bearer"}',
  ],
  [
    'gh60-github-fine-grained-pat-terraform-provider',
    'provider "github" {\n  owner = "acme-platform"\n  token = "«github_pat_11{u20}_{a59}»"\n}',
  ],
  [
    'gh60-github-installation-token-piped-to-docker-login',
    '$ echo «ghs_{a36}» | docker login ghcr.io -u x-access-token --password-stdin\nLogin Succeeded',
  ],
  [
    'gh60-github-app-private-key-pem-in-chat',
    "the app's private key from the settings page (acme-release-bot.2024-06-03.private-key.pem):\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b44}==\n-----END RSA PRIVATE KEY-----»\napp id is 912044 if that matters",
  ],
  [
    'gh60-gitlab-pat-private-token-header-curl',
    'curl --silent --header "PRIVATE-TOKEN: «glpat-{B20}»" \\\n  "https://gitlab.com/api/v4/projects/48213/pipelines?ref=main&per_page=5" | jq \'.[].status\'',
  ],
  [
    'gh60-gitlab-pipeline-trigger-token-form-field',
    'curl -X POST --fail \\\n  -F token=«glptt-{h40}» \\\n  -F ref=release/2.4 \\\n  https://gitlab.acme.dev/api/v4/projects/117/trigger/pipeline',
  ],
  [
    'gh60-gitlab-runner-auth-token-config-toml',
    'concurrent = 4\n\n[[runners]]\n  name = "build-01"\n  url = "https://gitlab.acme.dev"\n  token = "«glrt-{B20}»"\n  executor = "docker"\n  [runners.docker]\n    image = "alpine:3.20"',
  ],
  [
    'gh60-gitlab-deploy-token-helm-registry-login',
    'helm registry login registry.gitlab.com \\\n  --username gitlab+deploy-token-5521 \\\n  --password «gldt-{B20}»',
  ],
  [
    'gh60-gitlab-runner-registration-token-register-cmd',
    'sudo gitlab-runner register --non-interactive \\\n  --url https://gitlab.com/ \\\n  --registration-token «GR1348941{B20}» \\\n  --executor shell --description "mac-mini-03"',
  ],
  [
    'gh60-gitlab-feed-token-in-atom-url',
    'Subscribed the team channel to the activity feed: https://gitlab.com/dashboard/projects.atom?feed_token=«glft-{B20}» - ping me if it gets noisy',
  ],
  [
    'gh60-gitlab-agent-token-helm-set-flag',
    'helm upgrade --install prod-agent gitlab/gitlab-agent \\\n  --namespace gitlab-agent --create-namespace \\\n  --set config.token=«glagent-{B50}» \\\n  --set config.kasAddress=wss://kas.gitlab.com',
  ],
  [
    'gh60-gitlab-oauth-app-secret-omniauth-yml',
    "omniauth:\n  providers:\n    - { name: 'gitlab',\n        app_id: '{h64}',\n        app_secret: '«gloas-{h64}»',\n        args: { scope: 'read_user' } }",
  ],
  [
    'gh60-gitlab-ci-job-token-leaked-in-job-log',
    '$ echo "debug: CI_JOB_TOKEN=$CI_JOB_TOKEN"\ndebug: CI_JOB_TOKEN=«glcbt-64_{B20}»\n$ ./gradlew publish',
  ],
  [
    'gh60-azure-ad-client-secret-appsettings-json',
    '"AzureAd": {\n  "Instance": "https://login.microsoftonline.com/",\n  "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientSecret": "«{a3}8Q~{a34}»"\n}',
  ],
  [
    'gh60-azure-storage-account-key-local-settings',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=acmefuncstore;AccountKey=«{b76}+ASt{b5}A==»;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n  }\n}',
  ],
  [
    'gh60-azure-cosmos-key-dotnet-client-ctor',
    'var cosmos = new CosmosClient(\n    "https://acme-orders.documents.azure.com:443/",\n    "«{b76}ACDb{b5}w==»",\n    new CosmosClientOptions { ApplicationName = "orders-api" });',
  ],
  [
    'gh60-azure-batch-key-cli-account-key-flag',
    'az batch pool list \\\n  --account-name acmerender \\\n  --account-endpoint https://acmerender.westeurope.batch.azure.com \\\n  --account-key «{b76}+BAt{b5}g==» -o table',
  ],
  [
    'gh60-azure-search-admin-key-python-credential',
    'from azure.core.credentials import AzureKeyCredential\nfrom azure.search.documents import SearchClient\n\nclient = SearchClient("https://acme-docs.search.windows.net", "kb-articles",\n                      AzureKeyCredential("«{a42}AzSe{a6}»"))',
  ],
  [
    'gh60-azure-devops-pat-ext-env-var',
    "PS> $env:AZURE_DEVOPS_EXT_PAT = '«{k52}»'\nPS> az devops configure --defaults organization=https://dev.azure.com/acme project=Checkout\nPS> az pipelines runs list --top 3",
  ],
  [
    'gh60-azure-sas-signature-in-blob-download-url',
    'wget -O report.csv "https://acmeexports.blob.core.windows.net/finance/2024-05/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-07-01T00:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig=«{b43}%3D»"',
  ],
  [
    'gh60-azure-service-bus-shared-access-key-conn',
    'ServiceBus__ConnectionString=Endpoint=sb://acme-orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b33}+ASb{b6}=»',
  ],
  [
    'gh60-azure-event-hubs-key-spark-conf',
    'ehConf = {\n  "eventhubs.connectionString": sc._jvm.org.apache.spark.eventhubs.EventHubsUtils.encrypt(\n    "Endpoint=sb://acme-telemetry.servicebus.windows.net/;SharedAccessKeyName=listen;SharedAccessKey=«{b33}+AEh{b6}=»;EntityPath=device-events")\n}',
  ],
  [
    'gh60-azure-function-key-code-query-param',
    'POST https://acme-ingest.azurewebsites.net/api/webhooks/shopify?code=«{B44}AzFu{B5}Q==» HTTP/1.1\nContent-Type: application/json',
  ],
  [
    'gh60-azure-apim-subscription-key-http-header',
    'GET https://api.acme.io/catalog/v2/products?top=20 HTTP/1.1\nOcp-Apim-Subscription-Key: «{h32}»\nAccept: application/json',
  ],
  ['gh60-azure-acr-admin-password-docker-login', 'docker login acmeregistry.azurecr.io --username acmeregistry --password «{b42}+ACR{b6}»'],
  [
    'gh60-azure-redis-cache-key-stackexchange-conn',
    '"ConnectionStrings": {\n  "Redis": "acme-cache.redis.cache.windows.net:6380,password=«{a33}AzCa{a5}=»,ssl=True,abortConnect=False"\n}',
  ],
  [
    'gh60-azure-communication-services-accesskey',
    'const client = new EmailClient("endpoint=https://acme-acs.europe.communication.azure.com/;accesskey=«{b86}==»");',
  ],
  [
    'gh60-azure-openai-api-key-header-curl',
    'curl https://acme-oai.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-06-01 \\\n  -H "Content-Type: application/json" \\\n  -H "api-key: «{h32}»" \\\n  -d \'{"messages":[{"role":"user","content":"ping"}]}\'',
  ],
  [
    'gh60-azure-sql-password-ado-net-conn',
    'Server=tcp:acme-sql-weu.database.windows.net,1433;Initial Catalog=orders;Persist Security Info=False;User ID=orders_app;Password=«{a20}»;MultipleActiveResultSets=False;Encrypt=True;Connection Timeout=30;',
  ],
  [
    'gh60-azure-app-configuration-secret-conn',
    'builder.Configuration.AddAzureAppConfiguration(\n    "Endpoint=https://acme-appcfg.azconfig.io;Id=Xr2b-l0-s0:{a20};Secret=«{b43}=»");',
  ],
  [
    'gh60-azure-signalr-access-key-conn',
    'Azure__SignalR__ConnectionString: "Endpoint=https://acme-live.service.signalr.net;AccessKey=«{b43}=»;Version=1.0;"',
  ],
  [
    'gh60-azure-iot-hub-shared-access-key-conn',
    'device_client = IoTHubDeviceClient.create_from_connection_string(\n    "HostName=acme-fleet.azure-devices.net;DeviceId=truck-0412;SharedAccessKey=«{b43}=»")',
  ],
  [
    'gh60-aws-secret-access-key-credentials-profile',
    '[prod]\naws_access_key_id = AKIA{c16}\naws_secret_access_key = «{b40}»\nregion = eu-west-1',
  ],
  [
    'gh60-aws-sts-session-creds-exported-in-shell',
    'export AWS_ACCESS_KEY_ID=ASIA{c16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2Vj{b300}»',
  ],
  [
    'gh60-aws-secret-key-boto3-client-kwargs',
    's3 = boto3.client(\n    "s3",\n    aws_access_key_id="AKIA{c16}",\n    aws_secret_access_key="«{b40}»",\n    region_name="eu-central-1",\n)',
  ],
  [
    'gh60-aws-bedrock-api-key-bearer-env',
    '# claude code via bedrock\nexport CLAUDE_CODE_USE_BEDROCK=1\nexport AWS_BEARER_TOKEN_BEDROCK=«ABSK{b128}»\nexport AWS_REGION=us-east-1',
  ],
  [
    'gh60-google-api-key-gemini-query-string',
    'curl "https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key=«AIza{B35}»" \\\n  -H \'Content-Type: application/json\' -d @prompt.json',
  ],
  [
    'gh60-google-oauth-client-secret-client-json',
    '{"installed":{"client_id":"{d12}-{l32}.apps.googleusercontent.com","project_id":"acme-sheets-sync","auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token","client_secret":"«GOCSPX-{B28}»","redirect_uris":["http://localhost"]}}',
  ],
  [
    'gh60-google-service-account-private-key-json-field',
    '{\n  "type": "service_account",\n  "project_id": "acme-analytics",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "bq-loader@acme-analytics.iam.gserviceaccount.com"\n}',
  ],
  [
    'gh60-google-oauth-refresh-token-adc-file',
    '$ cat ~/.config/gcloud/application_default_credentials.json\n{\n  "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n  "client_secret": "«GOCSPX-{B28}»",\n  "refresh_token": "«1//0{B99}»",\n  "type": "authorized_user"\n}',
  ],
  [
    'gh60-google-oauth-access-token-bearer-ya29',
    'GET /drive/v3/files?pageSize=10 HTTP/2\nHost: www.googleapis.com\nAuthorization: Bearer «ya29.a0{B150}»',
  ],
  [
    'gh60-google-gcs-hmac-secret-boto-config',
    '[Credentials]\ngs_access_key_id = GOOG1E{u55}\ngs_secret_access_key = «{b40}»\n\n[Boto]\nhttps_validate_certificates = True',
  ],
  [
    'gh60-google-fcm-legacy-server-key-header',
    'curl -X POST https://fcm.googleapis.com/fcm/send \\\n  -H "Authorization: key=«AAAA{B7}:APA91b{B134}»" \\\n  -H "Content-Type: application/json" -d @push.json',
  ],
  [
    'gh60-slack-bot-token-bolt-js-app-ctor',
    'const app = new App({\n  token: "«xoxb-{d13}-{d13}-{a24}»",\n  signingSecret: process.env.SLACK_SIGNING_SECRET,\n  socketMode: false,\n});',
  ],
  [
    'gh60-slack-user-token-python-webclient',
    'from slack_sdk import WebClient\nclient = WebClient(token="«xoxp-{d13}-{d13}-{d13}-{h32}»")\nclient.conversations_history(channel="C05QK7W2M1B", limit=50)',
  ],
  ['gh60-slack-app-level-token-socket-mode-env', 'SLACK_BOT_TOKEN=${SLACK_BOT_TOKEN}\nSLACK_APP_TOKEN=«xapp-1-A{u10}-{d13}-{h64}»'],
  [
    'gh60-slack-incoming-webhook-alertmanager-yaml',
    "receivers:\n  - name: oncall-slack\n    slack_configs:\n      - api_url: '«https://hooks.slack.com/services/T{u10}/B{u10}/{a24}»'\n        channel: '#alerts-prod'\n        send_resolved: true",
  ],
  ['gh60-slack-config-token-xoxe-in-manifest-cli', '$ slack manifest update --app A07B2K9QX1Z --config-token «xoxe.xoxp-1-{a140}»'],
  ['gh60-slack-signing-secret-bolt-python-kwarg', 'app = App(\n    token=os.environ["SLACK_BOT_TOKEN"],\n    signing_secret="«{h32}»",\n)'],
  [
    'gh60-slack-workflow-trigger-url-in-shell-script',
    '#!/usr/bin/env bash\ncurl -fsS -X POST -H \'Content-Type: application/json\' \\\n  -d "{\\"release\\":\\"$TAG\\"}" \\\n  «https://hooks.slack.com/triggers/T{u10}/{d13}/{h32}»',
  ],
  [
    'gh60-stripe-live-secret-ruby-initializer',
    "# config/initializers/stripe.rb\nStripe.api_key = '«sk_live_{a99}»'\nStripe.api_version = '2024-06-20'",
  ],
  ['gh60-stripe-restricted-key-curl-basic-user', 'curl https://api.stripe.com/v1/payment_intents?limit=3 \\\n  -u «rk_live_{a99}»:'],
  [
    'gh60-stripe-webhook-secret-construct-event',
    "const event = stripe.webhooks.constructEvent(\n  req.body,\n  req.headers['stripe-signature'],\n  '«whsec_{a32}»'\n);",
  ],
  [
    'gh60-stripe-short-live-key-php-setapikey',
    "<?php\nrequire 'vendor/autoload.php';\n\\Stripe\\Stripe::setApiKey('«sk_live_{a24}»');\n$session = \\Stripe\\Checkout\\Session::retrieve($_GET['session_id']);",
  ],
  [
    'gh60-twilio-auth-token-python-client-positional',
    'from twilio.rest import Client\nclient = Client("AC{h32}", "«{h32}»")\nclient.messages.create(to="+4915112345678", from_="+4930221234567", body="Your code is 482913")',
  ],
  ['gh60-twilio-api-key-secret-dotenv-beside-sid', 'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_API_KEY=SK{h32}\nTWILIO_API_SECRET=«{a32}»'],
  [
    'gh60-sendgrid-api-key-java-ctor',
    'SendGrid sg = new SendGrid("«SG.{B22}.{B43}»");\nRequest request = new Request();\nrequest.setMethod(Method.POST);\nrequest.setEndpoint("mail/send");',
  ],
  [
    'gh60-mailgun-legacy-key-requests-auth-tuple',
    'requests.post(\n    "https://api.eu.mailgun.net/v3/mg.acme.io/messages",\n    auth=("api", "«key-{h32}»"),\n    data={"from": "Acme <no-reply@mg.acme.io>", "to": ["ops@acme.io"], "subject": "nightly"})',
  ],
  [
    'gh60-mailgun-private-key-nodemailer-transport',
    "const transporter = nodemailer.createTransport(mg({\n  auth: {\n    api_key: '«{h32}-{h8}-{h8}»',\n    domain: 'mg.acme.io',\n  },\n}));",
  ],
  ['gh60-mailchimp-marketing-key-setconfig', 'mailchimp.setConfig({\n  apiKey: "«{h32}-us21»",\n  server: "us21",\n});'],
  [
    'gh60-mandrill-api-key-python-ctor',
    "import mandrill\nmandrill_client = mandrill.Mandrill('«md-{B22}»')\nresult = mandrill_client.users.ping()",
  ],
  [
    'gh60-brevo-api-key-php-config-setapikey',
    "$config = Brevo\\Client\\Configuration::getDefaultConfiguration()\n    ->setApiKey('api-key', '«xkeysib-{h64}-{a16}»');",
  ],
  [
    'gh60-openai-project-key-python-client',
    'from openai import OpenAI\n\nclient = OpenAI(api_key="«sk-proj-{B74}T3BlbkFJ{B74}»")\nresp = client.responses.create(model="gpt-4.1-mini", input="hello")',
  ],
  [
    'gh60-openai-service-account-key-export',
    '$ export OPENAI_API_KEY=«sk-svcacct-{B58}T3BlbkFJ{B58}»\n$ python scripts/eval.py --model gpt-4o --n 200',
  ],
  [
    'gh60-openai-legacy-key-json-settings',
    '{\n  "editor.fontSize": 13,\n  "codegpt.apiKey": "«sk-{a20}T3BlbkFJ{a20}»",\n  "codegpt.model": "gpt-4"\n}',
  ],
  [
    'gh60-openai-admin-key-org-users-curl',
    'curl https://api.openai.com/v1/organization/users?limit=20 \\\n  -H "Authorization: Bearer «sk-admin-{B58}T3BlbkFJ{B58}»" \\\n  -H "Content-Type: application/json"',
  ],
  [
    'gh60-anthropic-api-key-ts-sdk-ctor',
    "import Anthropic from '@anthropic-ai/sdk';\n\nconst anthropic = new Anthropic({ apiKey: '«sk-ant-api03-{B93}AA»' });",
  ],
  [
    'gh60-anthropic-admin-key-x-api-key-header',
    'curl https://api.anthropic.com/v1/organizations/api_keys?limit=10 \\\n  --header "anthropic-version: 2023-06-01" \\\n  --header "x-api-key: «sk-ant-admin01-{B93}AA»"',
  ],
  [
    'gh60-huggingface-token-cli-login-flag',
    '$ huggingface-cli login --token «hf_{a34}» --add-to-git-credential\nToken is valid (permission: write).',
  ],
  [
    'gh60-huggingface-org-token-transformers-kwarg',
    'tok = AutoTokenizer.from_pretrained("acme-ml/support-intent-v3", token="«api_org_{a34}»")',
  ],
  ['gh60-perplexity-key-openai-compatible-client', 'client = OpenAI(api_key="«pplx-{a48}»", base_url="https://api.perplexity.ai")'],
  [
    'gh60-groq-key-yaml-litellm-config',
    'model_list:\n  - model_name: llama-fast\n    litellm_params:\n      model: groq/llama-3.1-8b-instant\n      api_key: «gsk_{a52}»',
  ],
  [
    'gh60-replicate-token-js-ctor',
    'const replicate = new Replicate({ auth: "«r8_{a37}»" });\nconst output = await replicate.run("black-forest-labs/flux-schnell", { input });',
  ],
  [
    'gh60-xai-key-chat-sentence',
    'ok I rotated the old one, new xAI key is «xai-{a80}» - can you update the grok client in services/summarizer?',
  ],
  [
    'gh60-pinecone-key-python-ctor',
    'from pinecone import Pinecone\npc = Pinecone(api_key="«pcsk_{a6}_{a63}»")\nindex = pc.Index("support-articles")',
  ],
  [
    'gh60-langsmith-key-env-block',
    'LANGCHAIN_TRACING_V2=true\nLANGCHAIN_ENDPOINT=https://api.smith.langchain.com\nLANGCHAIN_API_KEY=«lsv2_pt_{h32}_{h10}»\nLANGCHAIN_PROJECT=support-bot',
  ],
  [
    'gh60-databricks-pat-databrickscfg-profile',
    '[DEFAULT]\nhost  = https://adb-{d16}.7.azuredatabricks.net\ntoken = «dapi{h32}»\n\n[staging]\nhost = https://adb-{d16}.11.azuredatabricks.net',
  ],
  [
    'gh60-databricks-pat-suffixed-in-jdbc-pwd',
    'jdbc:databricks://adb-{d16}.7.azuredatabricks.net:443/default;transportMode=http;ssl=1;httpPath=/sql/1.0/warehouses/{h16};AuthMech=3;UID=token;PWD=«dapi{h32}-2»',
  ],
  [
    'gh60-datadog-api-and-app-keys-helm-values',
    'datadog:\n  site: datadoghq.eu\n  apiKey: «{h32}»\n  appKey: «{h40}»\n  logs:\n    enabled: true',
  ],
  [
    'gh60-datadog-api-key-docker-run-env-flag',
    'docker run -d --name dd-agent \\\n  -e DD_API_KEY=«{h32}» \\\n  -e DD_SITE="datadoghq.com" \\\n  -v /var/run/docker.sock:/var/run/docker.sock:ro \\\n  gcr.io/datadoghq/agent:7',
  ],
  ['gh60-digitalocean-pat-doctl-auth-init', '$ doctl auth init --context acme-prod --access-token «dop_v1_{h64}»\nValidating token... OK'],
  [
    'gh60-digitalocean-oauth-token-bearer-header',
    'GET /v2/droplets?tag_name=web HTTP/1.1\nHost: api.digitalocean.com\nAuthorization: Bearer «doo_v1_{h64}»',
  ],
  [
    'gh60-digitalocean-refresh-token-in-token-response',
    '{"access_token":"«doo_v1_{h64}»","token_type":"bearer","expires_in":2592000,"refresh_token":"«dor_v1_{h64}»","scope":"read write","info":{"name":"mona","email":"mona@acme.io"}}',
  ],
  [
    'gh60-digitalocean-spaces-secret-s3cmd-cfg',
    '[default]\naccess_key = DO00{u16}\nsecret_key = «{b43}»\nhost_base = fra1.digitaloceanspaces.com\nhost_bucket = %(bucket)s.fra1.digitaloceanspaces.com',
  ],
  [
    'gh60-discord-bot-token-discordpy-run',
    'intents = discord.Intents.default()\nbot = commands.Bot(command_prefix="!", intents=intents)\n\nbot.run("«MT{B24}.{B6}.{B38}»")',
  ],
  [
    'gh60-discord-webhook-url-python-post',
    'requests.post(\n    "«https://discord.com/api/webhooks/{d19}/{B68}»",\n    json={"content": f"deploy {sha[:7]} finished"},\n)',
  ],
  [
    'gh60-doppler-personal-token-cli-configure',
    '$ doppler configure set token «dp.pt.{a43}» --scope /srv/api\n$ doppler setup --project api --config prd',
  ],
  [
    'gh60-doppler-service-token-docker-run',
    'docker run --rm -e DOPPLER_TOKEN="«dp.st.prd.{a40}»" acme/worker:1.18.2 doppler run -- node dist/worker.js',
  ],
  [
    'gh60-doppler-service-account-token-gha-literal',
    '    steps:\n      - uses: dopplerhq/secrets-fetch-action@v1.2.0\n        with:\n          doppler-token: «dp.sa.{a43}»\n          inject-env-vars: true',
  ],
  [
    'gh60-doppler-cli-token-in-doppler-yaml',
    '# ~/.doppler/.doppler.yaml\nscoped:\n    /:\n        token: «dp.ct.{a43}»\n        api-host: https://api.doppler.com',
  ],
  [
    'gh60-dropbox-short-lived-token-python-ctor',
    'import dropbox\ndbx = dropbox.Dropbox("«sl.{B138}»")\nfor entry in dbx.files_list_folder("/exports").entries:\n    print(entry.name)',
  ],
  [
    'gh60-dropbox-app-secret-oauth-flow-kwargs',
    'flow = DropboxOAuth2FlowNoRedirect(\n    consumer_key="{l15}",\n    consumer_secret="«{l15}»",\n    token_access_type="offline",\n)',
  ],
  [
    'gh60-duffel-live-token-ruby-client',
    'client = DuffelAPI::Client.new(\n  access_token: "«duffel_live_{B43}»"\n)\noffers = client.offer_requests.create(params: search)',
  ],
  [
    'gh60-dynatrace-token-api-token-auth-header',
    'curl -X GET "https://{l8}.live.dynatrace.com/api/v2/problems?from=now-2h" \\\n  -H "Authorization: Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  [
    'gh60-easypost-prod-key-ruby-client',
    "client = EasyPost::Client.new(api_key: '«EZAK{a54}»')\nshipment = client.shipment.create(to_address: to, from_address: from, parcel: parcel)",
  ],
  [
    'gh60-figma-pat-x-figma-token-header',
    'curl -sH "X-Figma-Token: «figd_{B40}»" \\\n  "https://api.figma.com/v1/files/{a22}/nodes?ids=12:345" | jq \'.nodes\'',
  ],
  ['gh60-flyio-deploy-token-access-token-flag', 'fly deploy --remote-only --app acme-api \\\n  --access-token "«FlyV1 fm2_{b188}»"'],
  ['gh60-flyio-oauth-token-in-fly-config-yml', '# ~/.fly/config.yml\naccess_token: «fo1_{B43}»\nmetrics_token: ""\nsend_metrics: true'],
  [
    'gh60-frameio-dev-token-gha-env-literal',
    '    env:\n      FRAMEIO_TOKEN: «fio-u-{B64}»\n      FRAMEIO_PROJECT: acme-spring-campaign\n    run: node scripts/upload-cuts.mjs',
  ],
  [
    'gh60-grafana-cloud-token-alloy-basic-auth',
    'prometheus.remote_write "grafana_cloud" {\n  endpoint {\n    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n    basic_auth {\n      username = "{d7}"\n      password = "«glc_eyJvIjoi{b120}»"\n    }\n  }\n}',
  ],
  [
    'gh60-grafana-service-account-token-tf-provider',
    'provider "grafana" {\n  url  = "https://grafana.acme.io/"\n  auth = "«glsa_{a32}_{h8}»"\n}',
  ],
  [
    'gh60-grafana-legacy-api-key-bearer-curl',
    'curl -H "Authorization: Bearer «eyJrIjoi{a72}»" https://grafana.acme.io/api/dashboards/uid/node-exporter',
  ],
  [
    'gh60-vault-service-token-export-and-kv-get',
    '$ export VAULT_ADDR=https://vault.acme.internal:8200\n$ export VAULT_TOKEN=«hvs.CAESI{B90}»\n$ vault kv get -field=password secret/payments/db',
  ],
  [
    'gh60-vault-batch-token-login-output-table',
    'Key                  Value\n---                  -----\ntoken                «hvb.AAAAAQ{B130}»\ntoken_accessor       n/a\ntoken_duration       20m\ntoken_policies       ["ci-read"]',
  ],
  ['gh60-terraform-cloud-token-terraformrc', 'credentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{B67}»"\n}'],
  [
    'gh60-heroku-api-key-v2-in-netrc',
    'machine api.heroku.com\n  login ops@acme.io\n  password «HRKU-AA{B58}»\nmachine git.heroku.com\n  login ops@acme.io',
  ],
  [
    'gh60-heroku-legacy-uuid-key-deploy-action-with',
    '      - uses: akhileshns/heroku-deploy@v3.13.15\n        with:\n          heroku_api_key: «{h8}-{h4}-{h4}-{h4}-{h12}»\n          heroku_app_name: acme-storefront\n          heroku_email: ops@acme.io',
  ],
  [
    'gh60-hubspot-private-app-token-node-client',
    "const hubspotClient = new hubspot.Client({ accessToken: '«pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}»' });\nconst page = await hubspotClient.crm.contacts.basicApi.getPage(50);",
  ],
  [
    'gh60-hubspot-eu-private-app-token-curl',
    "curl --request GET --url 'https://api.hubapi.com/crm/v3/objects/deals?limit=10' \\\n  --header 'authorization: Bearer «pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»'",
  ],
  [
    'gh60-intercom-access-token-axios-header',
    "const intercom = axios.create({\n  baseURL: 'https://api.intercom.io',\n  headers: { Authorization: 'Bearer «dG9rOj{b54}=»', 'Intercom-Version': '2.11' },\n});",
  ],
  [
    'gh60-jfrog-api-key-gradle-properties',
    'artifactory_contextUrl=https://acme.jfrog.io/artifactory\nartifactory_user=ci-publisher\nartifactory_password=«AKCp{a69}»',
  ],
  [
    'gh60-jfrog-reference-token-jf-config-add',
    'jf config add acme-jfrog \\\n  --url=https://acme.jfrog.io \\\n  --access-token=«cmVmdGtuOjAxOj{a50}» \\\n  --interactive=false',
  ],
  [
    'gh60-lark-app-secret-yaml-beside-app-id',
    'lark:\n  domain: https://open.larksuite.com\n  app_id: cli_{h16}\n  app_secret: «{a32}»\n  verification_token: «{a32}»',
  ],
  [
    'gh60-lark-custom-bot-webhook-url-curl',
    'curl -X POST -H "Content-Type: application/json" \\\n  -d \'{"msg_type":"text","content":{"text":"build #812 failed"}}\' \\\n  «https://open.larksuite.com/open-apis/bot/v2/hook/{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'gh60-linear-api-key-sdk-ctor',
    "import { LinearClient } from '@linear/sdk';\n\nconst linear = new LinearClient({ apiKey: '«lin_api_{a40}»' });",
  ],
  [
    'gh60-linear-oauth-token-graphql-request',
    'POST /graphql HTTP/1.1\nHost: api.linear.app\nAuthorization: Bearer «lin_oauth_{h64}»\nContent-Type: application/json\n\n{"query":"{ viewer { id name } }"}',
  ],
  [
    'gh60-launchdarkly-sdk-key-go-makeclient',
    'client, err := ld.MakeClient("«sdk-{h8}-{h4}-{h4}-{h4}-{h12}»", 5*time.Second)\nif err != nil {\n\tlog.Fatal(err)\n}',
  ],
  ['gh60-launchdarkly-api-token-tf-provider', 'provider "launchdarkly" {\n  access_token = "«api-{h8}-{h4}-{h4}-{h4}-{h12}»"\n}'],
  ['gh60-mapbox-secret-token-netrc-downloads', 'machine api.mapbox.com\n  login mapbox\n  password «sk.eyJ1Ijoi{B60}.{B22}»'],
  [
    'gh60-meta-page-access-token-graph-url',
    'GET https://graph.facebook.com/v19.0/{d15}/feed?fields=message,created_time&access_token=«EAAG{a180}»',
  ],
  ['gh60-meta-app-secret-dotenv-beside-app-id', 'FACEBOOK_APP_ID={d16}\nFACEBOOK_APP_SECRET=«{h32}»\nFACEBOOK_GRAPH_VERSION=v19.0'],
  [
    'gh60-meta-whatsapp-cloud-token-bearer',
    "curl -X POST 'https://graph.facebook.com/v20.0/{d15}/messages' \\\n  -H 'Authorization: Bearer «EAAJ{a200}»' \\\n  -H 'Content-Type: application/json' -d @template.json",
  ],
  [
    'gh60-teams-incoming-webhook-url-powershell',
    "$hook = '«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}/V2{B43}»'\nInvoke-RestMethod -Method Post -Uri $hook -Body $payload -ContentType 'application/json'",
  ],
  [
    'gh60-power-automate-workflow-sig-param',
    'POST https://prod-27.westeurope.logic.azure.com:443/workflows/{h32}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=«{B43}»',
  ],
  [
    'gh60-newrelic-user-key-cli-profile-add',
    'newrelic profile add --profile prod \\\n  --region US \\\n  --apiKey «NRAK-{u27}» \\\n  --accountId 3829104',
  ],
  [
    'gh60-newrelic-license-key-newrelic-yml',
    "common: &default_settings\n  license_key: '«{h36}NRAL»'\n  app_name: Checkout API (prod)\n  distributed_tracing:\n    enabled: true",
  ],
  [
    'gh60-newrelic-insert-key-x-insert-key-header',
    'gzip -c events.json | curl -X POST -H "Content-Type: application/json" \\\n  -H "X-Insert-Key: «NRII-{B32}»" -H "Content-Encoding: gzip" \\\n  https://insights-collector.newrelic.com/v1/accounts/3829104/events --data-binary @-',
  ],
  [
    'gh60-notion-ntn-token-python-client',
    'from notion_client import Client\nnotion = Client(auth="«ntn_{d11}{a35}»")\nnotion.databases.query(database_id="{h32}")',
  ],
  ['gh60-notion-legacy-integration-secret-dotenv', 'NOTION_TOKEN=«secret_{a43}»\nNOTION_DATABASE_ID={h32}'],
  ['gh60-npm-token-npm-config-set-cmd', '$ npm config set //registry.npmjs.org/:_authToken «npm_{a36}»\n$ npm whoami\nacme-bot'],
  [
    'gh60-npm-token-yarnrc-yml-registries',
    'npmRegistries:\n  "https://registry.npmjs.org":\n    npmAlwaysAuth: true\n    npmAuthToken: «npm_{a36}»',
  ],
  [
    'gh60-nuget-api-key-dotnet-push-flag',
    'dotnet nuget push bin/Release/Acme.Billing.3.2.0.nupkg \\\n  --api-key «oy2{k43}» \\\n  --source https://api.nuget.org/v3/index.json',
  ],
  [
    'gh60-pypi-token-pypirc-password',
    '[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = «pypi-AgEIcHlwaS5vcmc{B120}»',
  ],
  ['gh60-pypi-token-twine-env-vars', 'TWINE_USERNAME=__token__ TWINE_PASSWORD=«pypi-AgEIcHlwaS5vcmc{B140}» twine upload dist/*'],
  ['gh60-rubygems-key-gem-credentials-file', '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»'],
  ['gh60-crates-io-token-cargo-login', '$ cargo login «cio{a32}»\n       Login token for `crates-io` saved'],
  ['gh60-clojars-deploy-token-lein-env', 'CLOJARS_USERNAME=acme-dev CLOJARS_PASSWORD=«CLOJARS_{l60}» lein deploy clojars'],
  [
    'gh60-dockerhub-pat-docker-login-flag',
    'docker login -u acmebuild -p «dckr_pat_{B27}»\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.',
  ],
  [
    'gh60-octopus-api-key-octo-push',
    'octo push --package ./artifacts/Acme.Web.4.12.0.zip \\\n  --server https://deploy.acme.io \\\n  --apiKey «API-{u26}» --overwrite-mode OverwriteExisting',
  ],
  ['gh60-bitbucket-app-password-in-clone-url', 'git clone https://mona-dev:«ATBB{a32}»@bitbucket.org/acme/storefront.git'],
  [
    'gh60-bitbucket-server-http-token-maven-settings',
    '<server>\n  <id>acme-bitbucket</id>\n  <username>ci-bot</username>\n  <password>«BBDC-{B44}»</password>\n</server>',
  ],
  [
    'gh60-atlassian-api-token-curl-basic-user',
    "curl -s -u ops@acme.io:«ATATT3xFfGF0{B171}={H8}» \\\n  -H 'Accept: application/json' https://acme.atlassian.net/rest/api/3/myself",
  ],
  ['gh60-asana-pat-python-client-access-token', "client = asana.Client.access_token('«2/{d16}/{d16}:{h32}»')\nme = client.users.me()"],
  ['gh60-readme-api-key-rdme-cli-flag', 'npx rdme openapi ./openapi.json --key=«rdme_{l70}» --id={h24}'],
  [
    'gh60-sourcegraph-token-src-cli-env',
    "export SRC_ENDPOINT=https://sourcegraph.acme.io\nexport SRC_ACCESS_TOKEN=«sgp_{h16}_{h40}»\nsrc search 'repo:^acme/ lang:go context.TODO'",
  ],
  [
    'gh60-sourcegraph-local-token-cody-settings-json',
    '{\n  "cody.serverEndpoint": "https://sourcegraph.acme.io",\n  "cody.accessToken": "«sgp_local_{h40}»"\n}',
  ],
  [
    'gh60-postman-api-key-newman-flag',
    'newman run "https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12}?apikey=«PMAK-{h24}-{h34}»" -e staging.postman_environment.json',
  ],
  ['gh60-prefect-api-key-cloud-login', '$ prefect cloud login -k «pnu_{a36}» --workspace acme/prod\nAuthenticated with Prefect Cloud!'],
  [
    'gh60-pulumi-access-token-gitlab-ci-variables',
    'deploy:\n  stage: deploy\n  image: pulumi/pulumi-nodejs:3.120.0\n  variables:\n    PULUMI_ACCESS_TOKEN: «pul-{h40}»\n  script:\n    - pulumi up --yes --stack acme/prod',
  ],
  [
    'gh60-salesforce-access-token-sf-org-display',
    '=== Org Description\n\n KEY              VALUE\n ──────────────── ─────────────────────────────\n Access Token     «00D{a12}!AQ{a94}»\n Alias            acme-prod\n Instance Url     https://acme.my.salesforce.com',
  ],
  [
    'gh60-salesforce-consumer-secret-beside-consumer-key',
    'SF_LOGIN_URL=https://login.salesforce.com\nSF_CONSUMER_KEY=3MVG9{B80}\nSF_CONSUMER_SECRET=«{H64}»',
  ],
  [
    'gh60-samsara-api-token-authorization-header',
    'GET /fleet/vehicles/locations HTTP/1.1\nHost: api.samsara.com\nAuthorization: Bearer «samsara_api_{a30}»',
  ],
  ['gh60-segment-public-api-token-tf-provider', 'provider "segment" {\n  token = "«sgp_{a64}»"\n}'],
  [
    'gh60-shopify-admin-token-graphql-header',
    "curl -X POST https://acme-store.myshopify.com/admin/api/2024-07/graphql.json \\\n  -H 'Content-Type: application/json' \\\n  -H 'X-Shopify-Access-Token: «shpat_{h32}»' \\\n  -d '{\"query\":\"{ shop { name } }\"}'",
  ],
  [
    'gh60-shopify-shared-secret-dotenv-beside-api-key',
    'SHOPIFY_API_KEY={h32}\nSHOPIFY_API_SECRET=«shpss_{h32}»\nSCOPES=read_products,write_orders',
  ],
  [
    'gh60-shopify-custom-app-token-php-session',
    "$session = new Session('acme-dev-store', 'acme-dev-store.myshopify.com', false, '');\n$session->setAccessToken('«shpca_{h32}»');",
  ],
  [
    'gh60-shopify-private-app-password-in-admin-url',
    'GET https://{h32}:«shppa_{h32}»@acme-store.myshopify.com/admin/api/2024-01/orders.json?status=any',
  ],
  [
    'gh60-square-access-token-node-client',
    'const client = new Client({\n  accessToken: "«EAAA{B60}»",\n  environment: Environment.Production,\n});',
  ],
  [
    'gh60-square-oauth-secret-yaml-config',
    'square:\n  application_id: sq0idp-{B22}\n  application_secret: «sq0csp-{B43}»\n  redirect_uri: https://app.acme.io/oauth/square/callback',
  ],
  [
    'gh60-square-legacy-access-token-curl',
    "curl https://connect.squareup.com/v2/locations \\\n  -H 'Square-Version: 2024-06-04' \\\n  -H 'Authorization: Bearer «sq0atp-{B22}»'",
  ],
  ['gh60-supabase-management-token-cli-login', '$ supabase login --token «sbp_{h40}»\nYou are now logged in. Happy coding!'],
  [
    'gh60-supabase-secret-key-server-createclient',
    "// server-only\nexport const admin = createClient(\n  'https://{l20}.supabase.co',\n  '«sb_secret_{B31}»',\n  { auth: { persistSession: false } }\n);",
  ],
  [
    'gh60-supabase-service-role-jwt-dotenv',
    'NEXT_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B100}.{B43}»',
  ],
  [
    'gh60-planetscale-password-in-database-url',
    "DATABASE_URL='mysql://{l12}:«pscale_pw_{B43}»@aws.connect.psdb.cloud/shop?sslaccept=strict'",
  ],
  [
    'gh60-planetscale-service-token-cli-flags',
    'pscale deploy-request create shop add-orders-index \\\n  --org acme --service-token-id {l12} \\\n  --service-token «pscale_tkn_{B43}»',
  ],
  [
    'gh60-planetscale-oauth-token-json-response',
    '{"access_token":"«pscale_oauth_{B43}»","token_type":"Bearer","expires_in":7200,"scope":"read_databases"}',
  ],
  ['gh60-tailscale-auth-key-tailscale-up-flag', 'sudo tailscale up --authkey=«tskey-auth-k{a11}CNTRL-{a33}» --advertise-tags=tag:ci --ssh'],
  ['gh60-tailscale-api-key-tf-provider', 'provider "tailscale" {\n  api_key = "«tskey-api-k{a11}CNTRL-{a33}»"\n  tailnet = "acme.com"\n}'],
  [
    'gh60-tailscale-oauth-client-secret-gha-with',
    '      - uses: tailscale/github-action@v2\n        with:\n          oauth-client-id: k{a11}CNTRL\n          oauth-secret: «tskey-client-k{a11}CNTRL-{a33}»\n          tags: tag:ci',
  ],
  [
    'gh60-telegram-bot-token-in-sendmessage-url',
    'curl -s "https://api.telegram.org/bot«{d10}:AA{B33}»/sendMessage?chat_id=-100{d10}&text=backup%20ok"',
  ],
  [
    'gh60-telegram-bot-token-ptb-builder',
    'application = Application.builder().token("«{d10}:AA{B33}»").build()\napplication.add_handler(CommandHandler("start", start))',
  ],
  [
    'gh60-tencent-cloud-secret-key-go-credential',
    'credential := common.NewCredential(\n        "AKID{a32}",\n        "«{a32}»",\n)\nclient, _ := cvm.NewClient(credential, regions.Guangzhou, profile.NewClientProfile())',
  ],
  [
    'gh60-typeform-token-fetch-bearer',
    "const res = await fetch('https://api.typeform.com/forms/{a8}/responses?page_size=100', {\n  headers: { Authorization: 'Bearer «tfp_{B44}_{a14}»' },\n});",
  ],
  ['gh60-vercel-token-cli-deploy-flag', 'npx vercel deploy --prod --yes --token=«{a24}» --scope acme-web'],
  [
    'gh60-yandex-cloud-api-key-api-key-header',
    'curl -X POST https://llm.api.cloud.yandex.net/foundationModels/v1/completion \\\n  -H "Authorization: Api-Key «AQVN{B36}»" \\\n  -H "x-folder-id: b1g{l17}" -d @request.json',
  ],
  ['gh60-yandex-iam-token-yc-output', '$ yc iam create-token\n«t1.9euelZq{B80}.{B86}»'],
  [
    'gh60-yandex-static-key-secret-aws-configure',
    'aws configure set aws_access_key_id YCAJE{B20} --profile yc\naws configure set aws_secret_access_key «YC{B38}» --profile yc\naws --endpoint-url=https://storage.yandexcloud.net s3 ls --profile yc',
  ],
  [
    'gh60-yandex-oauth-token-yc-config-set',
    '$ yc config profile create acme-prod\n$ yc config set token «y0_AgAAAA{B50}»\n$ yc config set cloud-id b1g{l17}',
  ],
  [
    'gh60-zuplo-api-key-curl-bearer',
    'curl https://acme-api-main-{h7}.zuplo.app/v1/orders?limit=5 \\\n  -H "Authorization: Bearer «zpka_{h32}_{h8}»"',
  ],
  [
    'gh60-adafruit-io-key-arduino-config-define',
    '// config.h\n#define IO_USERNAME  "maker_lena"\n#define IO_KEY       "«aio_{a28}»"\n#define WIFI_SSID    "workshop-2g"',
  ],
  [
    'gh60-adobe-client-secret-dotenv-beside-client-id',
    'ADOBE_CLIENT_ID={h32}\nADOBE_CLIENT_SECRET=«p8e-{a32}»\nADOBE_ORG_ID={H24}@AdobeOrg',
  ],
  [
    'gh60-adobe-ims-access-token-bearer-beside-x-api-key',
    'curl https://firefly-api.adobe.io/v3/images/generate \\\n  -H "x-api-key: {h32}" \\\n  -H "Authorization: Bearer «eyJhbGciOiJSUzI1NiIsIng1dSI6Imltc19uYTEta2V5LWF0LTEuY2VyIiwia2lkIjoiaW1zX25hMS1rZXktYXQtMSIsIml0dCI6ImF0In0.{B300}.{B342}»"',
  ],
  ['gh60-aiven-api-token-tf-provider', 'provider "aiven" {\n  api_token = "«{b372}»"\n}'],
  [
    'gh60-aiven-service-password-in-postgres-uri',
    "psql 'postgres://avnadmin:«AVNS_{B23}»@pg-acme-orders-acme.a.aivencloud.com:12691/defaultdb?sslmode=require'",
  ],
  [
    'gh60-alibaba-access-key-secret-aliyun-configure',
    'aliyun configure set --profile prod --mode AK \\\n  --access-key-id LTAI{a20} \\\n  --access-key-secret «{a30}» \\\n  --region cn-hangzhou',
  ],
  [
    'gh60-baidu-qianfan-bearer-key-python-env',
    'os.environ["QIANFAN_API_KEY"] = "«bce-v3/ALTAK-{a21}/{h40}»"\nchat = qianfan.ChatCompletion(model="ERNIE-4.0-8K")',
  ],
  [
    'gh60-beamer-api-key-header-requests',
    'resp = requests.get(\n    "https://api.getbeamer.com/v0/posts",\n    headers={"Beamer-Api-Key": "«b_{B44}»"},\n)',
  ],
  [
    'gh60-canva-connect-client-secret-dotenv',
    'CANVA_CLIENT_ID=OC-{B12}\nCANVA_CLIENT_SECRET=«cnvca{B60}»\nCANVA_REDIRECT_URI=http://127.0.0.1:3001/oauth/redirect',
  ],
  [
    'gh60-cloudflare-api-token-wrangler-action-with',
    '      - uses: cloudflare/wrangler-action@v3\n        with:\n          apiToken: «{B40}»\n          accountId: {h32}\n          command: deploy --env production',
  ],
  [
    'gh60-cloudflare-global-api-key-x-auth-headers',
    'curl -X GET "https://api.cloudflare.com/client/v4/zones?name=acme.io" \\\n  -H "X-Auth-Email: dns-admin@acme.io" \\\n  -H "X-Auth-Key: «{h37}»"',
  ],
  [
    'gh60-cloudflare-origin-ca-key-origin-issuer-secret',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: origin-ca-key\n  namespace: cert-manager\nstringData:\n  key: «v1.0-{h24}-{h146}»',
  ],
  ['gh60-contentful-cma-token-cli-login', "$ contentful login --management-token «CFPAT-{B43}»\nGreat! You've successfully logged in."],
  ['gh60-defined-networking-api-key-curl', 'curl -s https://api.defined.net/v1/hosts \\\n  -H "Authorization: Bearer «dnkey-{B26}-{B52}»"'],
  ['gh60-age-secret-key-sops-keys-txt', '# created: 2024-05-02T09:14:22+02:00\n# public key: age1{k58}\n«AGE-SECRET-KEY-1{e58}»'],
  [
    'gh60-onepassword-service-account-token-env',
    'export OP_SERVICE_ACCOUNT_TOKEN=«ops_eyJ{b250}»\nop read "op://Infra/postgres-prod/password"',
  ],
  [
    'gh60-shippo-live-token-python-sdk',
    'shippo_sdk = Shippo(api_key_header="«shippo_live_{h40}»")\nrates = shippo_sdk.shipments.create(shipment)',
  ],
  ['gh60-sentry-user-token-sentryclirc', '[defaults]\norg = acme\nproject = web-frontend\n\n[auth]\ntoken = «sntryu_{h64}»'],
  [
    'gh60-sentry-org-auth-token-vite-plugin',
    "sentryVitePlugin({\n  org: 'acme',\n  project: 'web-frontend',\n  authToken: '«sntrys_eyJpYXQiOjE3M{b40}LCJyZWdpb25fdXJs{b60}_{b43}»',\n})",
  ],
  [
    'gh60-infracost-key-gha-env-literal',
    '      - name: Infracost breakdown\n        env:\n          INFRACOST_API_KEY: «ico-{a32}»\n        run: infracost breakdown --path=. --format=json --out-file=/tmp/infracost.json',
  ],
  [
    'gh60-maxmind-license-key-geoip-conf',
    '# /etc/GeoIP.conf\nAccountID 812734\nLicenseKey «{a6}_{a29}_mmk»\nEditionIDs GeoLite2-City GeoLite2-Country',
  ],
  ['gh60-openshift-token-oc-login-flag', 'oc login --token=«sha256~{B43}» --server=https://api.ocp-prod.acme.internal:6443'],
  ['gh60-scalingo-api-token-cli-login', '$ scalingo login --api-token «tk-us-{B48}»\n-----> Authenticated as ops@acme.io'],
  [
    'gh60-buildkite-api-token-graphql-curl',
    'curl -H "Authorization: Bearer «bkua_{h40}»" -X POST https://graphql.buildkite.com/v1 \\\n  -d \'{"query":"{ viewer { user { name } } }"}\'',
  ],
  [
    'gh60-circleci-personal-token-circle-token-header',
    'curl --request GET --url https://circleci.com/api/v2/me \\\n  --header "Circle-Token: «CCIPAT_{a22}_{h40}»"',
  ],
  [
    'gh60-airtable-pat-pyairtable-ctor',
    'from pyairtable import Api\napi = Api("«pat{a14}.{h64}»")\ntable = api.table("app{a14}", "tbl{a14}")',
  ],
  [
    'gh60-flutterwave-live-secret-env-block',
    'FLW_PUBLIC_KEY=FLWPUBK-{h32}-X\nFLW_SECRET_KEY=«FLWSECK-{h32}-X»\nFLW_REDIRECT_URL=https://shop.acme.ng/checkout/complete',
  ],
  [
    'gh60-gocardless-live-token-ruby-client',
    'client = GoCardlessPro::Client.new(\n  access_token: "«live_{B40}»",\n  environment: :live\n)',
  ],
  ['gh60-ionic-appflow-token-cli-env', 'IONIC_TOKEN=«ion_{a42}» ionic deploy build --environment=production --commit=$CI_COMMIT_SHA'],
  [
    'gh60-lob-live-key-node-ctor',
    "const lob = require('lob')('«live_{h35}»');\nlob.postcards.create({ description: 'Spring promo', to: addr, front: tmplFront, back: tmplBack });",
  ],
  [
    'gh60-midtrans-server-key-snap-config',
    "let snap = new midtransClient.Snap({\n  isProduction: true,\n  serverKey: '«Mid-server-{B24}»',\n  clientKey: 'Mid-client-{B16}'\n});",
  ],
  [
    'gh60-netlify-pat-cli-auth-env',
    'NETLIFY_AUTH_TOKEN=«nfp_{a36}» NETLIFY_SITE_ID={h8}-{h4}-{h4}-{h4}-{h12} netlify deploy --prod --dir=dist',
  ],
  [
    'gh60-wakatime-api-key-wakatime-cfg',
    '[settings]\napi_key = «waka_{h8}-{h4}-{h4}-{h4}-{h12}»\nhidefilenames = true\nstatus_bar_enabled = true',
  ],
  ['gh60-plivo-auth-token-python-client', 'client = plivo.RestClient(auth_id="MA{U18}", auth_token="«{a40}»")'],
  [
    'gh60-render-api-key-deploy-hook-curl',
    'curl -X POST https://api.render.com/v1/services/srv-{l20}/deploys \\\n  -H "Authorization: Bearer «rnd_{a32}»" -H \'Accept: application/json\'',
  ],
  ['gh60-deepseek-key-openai-client-base-url', 'client = OpenAI(api_key="«sk-{h32}»", base_url="https://api.deepseek.com")'],
  [
    'gh60-persona-production-key-curl-bearer',
    "curl https://withpersona.com/api/v1/inquiries?page[size]=5 \\\n  -H 'Authorization: Bearer «persona_production_{h8}-{h4}-{h4}-{h4}-{h12}»' \\\n  -H 'Persona-Version: 2023-01-05'",
  ],
  [
    'gh60-pinterest-access-token-python-header',
    'headers = {"Authorization": "Bearer «pina_{a110}»"}\nr = requests.get("https://api.pinterest.com/v5/boards", headers=headers)',
  ],
  [
    'gh60-snowflake-password-python-connector',
    'conn = snowflake.connector.connect(\n    user="ETL_SVC",\n    password="«{a24}»",\n    account="xy12345.eu-central-1",\n    warehouse="LOAD_WH",\n)',
  ],
  [
    'gh60-snyk-api-token-snyk-auth',
    '$ snyk auth «{h8}-{h4}-{h4}-{h4}-{h12}»\nYour account has been authenticated. Snyk is now ready to be used.',
  ],
  [
    'gh60-openssh-private-key-pasted-in-chat',
    "why does ssh say 'invalid format'? this is the deploy key I generated:\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACA{b49}\n{b70}\n{b70}\n{b24}=\n-----END OPENSSH PRIVATE KEY-----»",
  ],
  [
    'gh60-ec-private-key-in-k8s-tls-stringdata',
    'stringData:\n  tls.key: |\n    «-----BEGIN EC PRIVATE KEY-----\n    MHcCAQEEI{b55}\n    {b64}\n    {b40}==\n    -----END EC PRIVATE KEY-----»',
  ],
  [
    'gh60-pgp-private-key-block-gha-secret-debug',
    'gpg: key {H16}: secret key imported\n$ cat signing.asc\n«-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQVYBG{b58}\n{b64}\n{b64}\n{b32}\n={b4}\n-----END PGP PRIVATE KEY BLOCK-----»',
  ],
  [
    'gh60-mongodb-srv-uri-password-mongoose',
    "mongoose.connect('mongodb+srv://orders-svc:«{a22}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority');",
  ],
  [
    'gh60-postgres-uri-password-sqlalchemy',
    'engine = create_engine("postgresql+psycopg://reporting:«{a24}»@db-replica.acme.internal:5432/warehouse", pool_pre_ping=True)',
  ],
  ['gh60-mysql-uri-password-prisma-env', '# prisma/.env\nDATABASE_URL="mysql://shop_rw:«{a20}»@10.20.4.17:3306/shop"'],
  [
    'gh60-http-basic-auth-header-nginx-debug-log',
    '2024/06/11 10:22:41 [debug] 2231#0: *88 http header: "Authorization: Basic «{b40}»"\n2024/06/11 10:22:41 [debug] 2231#0: *88 http header: "User-Agent: curl/8.5.0"',
  ],
  [
    'gh60-http-bearer-header-raw-request-dump',
    '> GET /internal/v1/accounts/8812 HTTP/1.1\n> Host: core.acme.internal\n> Authorization: Bearer «{B64}»\n> Accept: */*',
  ],
  [
    'gh60-github-pat-go-oauth2-static-source',
    'ts := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "«ghp_{a36}»"})\nclient := github.NewClient(oauth2.NewClient(ctx, ts))',
  ],
  [
    'gh60-github-fine-grained-pat-rust-octocrab',
    'let octocrab = Octocrab::builder()\n    .personal_token("«github_pat_11{u20}_{a59}»".to_string())\n    .build()?;',
  ],
  ['gh60-stripe-live-key-kotlin-init-block', 'class PaymentsConfig {\n    init {\n        Stripe.apiKey = "«sk_live_{a99}»"\n    }\n}'],
  [
    'gh60-stripe-live-key-csharp-static-config',
    'StripeConfiguration.ApiKey = "«sk_live_{a99}»";\nvar service = new CustomerService();\nvar customers = service.List(new CustomerListOptions { Limit = 3 });',
  ],
  [
    'gh60-aws-secret-key-java-basic-credentials',
    'AwsBasicCredentials creds = AwsBasicCredentials.create(\n    "AKIA{c16}",\n    "«{b40}»");\nS3Client s3 = S3Client.builder().credentialsProvider(StaticCredentialsProvider.create(creds)).build();',
  ],
  [
    'gh60-google-api-key-android-gradle-buildconfig',
    'android {\n    defaultConfig {\n        buildConfigField "String", "PLACES_SERVER_KEY", "\\"«AIza{B35}»\\""\n    }\n}',
  ],
  [
    'gh60-npm-token-github-actions-npmrc-heredoc',
    '      - run: |\n          cat > ~/.npmrc <<EOF\n          //registry.npmjs.org/:_authToken=«npm_{a36}»\n          EOF\n          npm publish --access public',
  ],
  ['gh60-hf-token-git-credential-url', 'git clone https://acme-ml:«hf_{a34}»@huggingface.co/acme-ml/support-intent-v3'],
  [
    'gh60-azure-storage-key-terraform-backend',
    'terraform {\n  backend "azurerm" {\n    storage_account_name = "acmetfstate"\n    container_name       = "tfstate"\n    key                  = "prod.terraform.tfstate"\n    access_key           = "«{b76}+ASt{b5}Q==»"\n  }\n}',
  ],
  [
    'gh60-azure-ad-client-secret-az-login-sp',
    'az login --service-principal \\\n  -u {h8}-{h4}-{h4}-{h4}-{h12} \\\n  -p «{a3}7Q~{a34}» \\\n  --tenant {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  ['gh60-mailgun-key-chat-sentence', 'fyi the mailgun sending key for mg.acme.io is «key-{h32}» until we move it into vault'],
  [
    'gh60-okta-ssws-token-authorization-header',
    'curl -s -H "Accept: application/json" \\\n  -H "Authorization: SSWS «00{B40}»" \\\n  "https://acme.okta.com/api/v1/users?limit=25"',
  ],
  [
    'gh60-okta-api-token-terraform-provider',
    'provider "okta" {\n  org_name  = "acme"\n  base_url  = "okta.com"\n  api_token = "«00{B40}»"\n}',
  ],
  [
    'gh60-mapbox-secret-token-downloads-gradle',
    "repositories {\n    maven {\n        url 'https://api.mapbox.com/downloads/v2/releases/maven'\n        credentials {\n            username = 'mapbox'\n            password = \"«sk.eyJ1Ijoi{B60}.{B22}»\"\n        }\n        authentication { basic(BasicAuthentication) }\n    }\n}",
  ],
  ['gh60-openai-key-in-powershell-setx', 'PS> setx OPENAI_API_KEY "«sk-proj-{B74}T3BlbkFJ{B74}»"\nSUCCESS: Specified value was saved.'],
  [
    'gh60-supabase-pat-env-for-mcp-server',
    '{\n  "mcpServers": {\n    "supabase": {\n      "command": "npx",\n      "args": ["-y", "@supabase/mcp-server-supabase@latest", "--read-only"],\n      "env": { "SUPABASE_ACCESS_TOKEN": "«sbp_{h40}»" }\n    }\n  }\n}',
  ],
  [
    'gh60-github-pat-in-mcp-server-config',
    '{\n  "servers": {\n    "github": {\n      "type": "stdio",\n      "command": "docker",\n      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],\n      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "«github_pat_11{u20}_{a59}»" }\n    }\n  }\n}',
  ],
];

export const BLIND60_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'gh60-stripe-publishable-live-key-stripe-js',
    '<script src="https://js.stripe.com/v3/"></script>\n<script>\n  const stripe = Stripe(\'pk_live_{a99}\');\n  const elements = stripe.elements({ clientSecret: window.__CHECKOUT__.clientSecretRef });\n</script>',
  ],
  [
    'gh60-stripe-object-ids-in-webhook-event-json',
    '{\n  "id": "evt_{a24}",\n  "type": "payment_intent.succeeded",\n  "data": { "object": { "id": "pi_{a24}", "customer": "cus_{a14}", "latest_charge": "ch_{a24}", "payment_method": "pm_{a24}" } },\n  "account": "acct_{a16}"\n}',
  ],
  [
    'gh60-stripe-signature-header-hmac-not-secret',
    'POST /webhooks/stripe HTTP/1.1\nStripe-Signature: t=1718012345,v1={h64},v0={h64}\nContent-Type: application/json; charset=utf-8',
  ],
  [
    'gh60-stripe-docs-public-sample-test-key',
    'From the Stripe API reference (their published sample, not ours):\ncurl https://api.stripe.com/v1/charges -u sk_test_4eC39HqLyjWDarjtT1zdp7dc:',
  ],
  [
    'gh60-mapbox-public-pk-token-in-mapbox-gl',
    "mapboxgl.accessToken = 'pk.eyJ1Ijoi{B60}.{B22}';\nconst map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/streets-v12', center: [13.4, 52.5], zoom: 11 });",
  ],
  [
    'gh60-supabase-publishable-key-browser-client',
    "export const supabase = createBrowserClient(\n  'https://{l20}.supabase.co',\n  'sb_publishable_{B31}'\n);",
  ],
  [
    'gh60-google-oauth-client-id-gis-button',
    '<div id="g_id_onload"\n     data-client_id="{d12}-{l32}.apps.googleusercontent.com"\n     data-login_uri="https://app.acme.io/auth/google"\n     data-auto_prompt="false"></div>',
  ],
  [
    'gh60-twilio-account-and-message-sids-log',
    '2024-06-11T09:14:02Z INFO sms.sent account_sid=AC{h32} message_sid=SM{h32} messaging_service_sid=MG{h32} to=+49151****678 status=queued',
  ],
  [
    'gh60-slack-workspace-channel-user-ids',
    'team_id=T{u10} channel=C{u10} user=U{u10} bot_id=B{u10} app_id=A{u10} ts=1718012345.{d6} thread_ts=1718012299.{d6}',
  ],
  [
    'gh60-slack-client-id-in-oauth-authorize-url',
    'https://slack.com/oauth/v2/authorize?client_id={d13}.{d13}&scope=chat:write,channels:read&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fslack%2Fcallback',
  ],
  ['gh60-slack-request-signature-header', 'X-Slack-Request-Timestamp: 1718012345\nX-Slack-Signature: v0={h64}'],
  [
    'gh60-aws-arns-account-and-request-ids',
    'An error occurred (AccessDenied) when calling the AssumeRole operation: User: arn:aws:sts::{d12}:assumed-role/ci-runner/{d19} is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::{d12}:role/deploy-prod (Service: Sts, Status Code: 403, Request ID: {h8}-{h4}-{h4}-{h4}-{h12})',
  ],
  [
    'gh60-aws-doc-example-credentials-marked-example',
    '# values straight from the AWS CLI user guide\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  ],
  [
    'gh60-azure-identity-guids-az-account-show',
    '{\n  "environmentName": "AzureCloud",\n  "homeTenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "isDefault": true,\n  "name": "acme-prod",\n  "tenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "user": { "name": "{h8}-{h4}-{h4}-{h4}-{h12}", "type": "servicePrincipal" }\n}',
  ],
  [
    'gh60-azurite-well-known-dev-storage-key',
    '# Azurite local emulator (the documented well-known dev account, same on every machine)\nAZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"',
  ],
  [
    'gh60-azure-app-insights-connection-string',
    'APPLICATIONINSIGHTS_CONNECTION_STRING=InstrumentationKey={h8}-{h4}-{h4}-{h4}-{h12};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/;ApplicationId={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'gh60-azure-key-vault-secret-version-uri',
    '@Microsoft.KeyVault(SecretUri=https://acme-kv-prod.vault.azure.net/secrets/orders-db-password/{h32})',
  ],
  [
    'gh60-azure-blob-url-without-sas',
    'Uploaded 14.2 MiB to https://acmeexports.blob.core.windows.net/finance/2024-05/report.csv (ETag "0x8DC{H13}", Content-MD5 {b22}==)',
  ],
  [
    'gh60-github-push-protection-block-message',
    'remote: error: GH013: Repository rule violations found for refs/heads/main.\nremote: - GITHUB PUSH PROTECTION\nremote:   —— Stripe API Key ————————————————————————————\nremote:     locations:\nremote:       - commit: {h40}\nremote:         path: config/initializers/stripe.rb:2\nremote:     (?) To push, remove secret from commit(s) or follow this URL to allow the secret.\nremote:     https://github.com/acme/shop/security/secret-scanning/unblock-secret/2{a26}',
  ],
  [
    'gh60-github-secret-scanning-alert-api-json',
    '{\n  "number": 42,\n  "state": "resolved",\n  "resolution": "revoked",\n  "secret_type": "github_personal_access_token",\n  "secret_type_display_name": "GitHub Personal Access Token",\n  "validity": "inactive",\n  "html_url": "https://github.com/acme/infra/security/secret-scanning/42",\n  "push_protection_bypassed": false\n}',
  ],
  [
    'gh60-github-partner-alert-signature-headers',
    'POST /github/secret-scanning/alerts HTTP/1.1\nGITHUB-PUBLIC-KEY-IDENTIFIER: {h64}\nGITHUB-PUBLIC-KEY-SIGNATURE: MEUCIQ{b38}AiA{b43}=\nContent-Type: application/json',
  ],
  [
    'gh60-github-meta-public-keys-json',
    '{"public_keys":[{"key_identifier":"{h64}","key":"-----BEGIN PUBLIC KEY-----\\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b64}\\n{b24}==\\n-----END PUBLIC KEY-----","is_current":true}]}',
  ],
  [
    'gh60-github-webhook-delivery-headers',
    'X-GitHub-Delivery: {h8}-{h4}-{h4}-{h4}-{h12}\nX-GitHub-Event: pull_request\nX-GitHub-Hook-ID: {d9}\nX-Hub-Signature-256: sha256={h64}',
  ],
  [
    'gh60-github-app-client-id-and-installation',
    'GitHub App: acme-release-bot\n  App ID: 912044\n  Client ID: Iv23li{a14}\n  Installation ID: {d8}\n  Webhook URL: https://bots.acme.io/github/events',
  ],
  [
    'gh60-github-token-format-sentence-short-ghp',
    "Classic PATs are `ghp_` plus 36 base62 chars; the string in your screenshot (`ghp_{a10}`) is cut off after ten characters, so it's not the full token and can't be used.",
  ],
  [
    'gh60-github-commit-and-tree-shas',
    'commit {h40}\ntree {h40}\nparent {h40}\nauthor Mona Lisa <mona@acme.io> 1718012345 +0200\n\n    bump stripe-ruby to 12.1.0',
  ],
  [
    'gh60-gitlab-token-regex-in-scanner-config',
    "rules:\n  - id: gitlab-pat\n    regex: 'glpat-[0-9a-zA-Z_-]{20}'\n  - id: gitlab-trigger\n    regex: 'glptt-[0-9a-f]{40}'",
  ],
  [
    'gh60-gitlab-ci-predefined-ids-job-log',
    'Running with gitlab-runner 17.1.0 (fe451d5a)\n  on build-01 t2_{a8}, system ID: s_{h12}\nGetting source from Git repository\nChecking out {h8} as detached HEAD (ref is main)...\nCI_PIPELINE_ID=1348811204 CI_JOB_ID=7091240051 CI_PROJECT_ID=48213',
  ],
  [
    'gh60-npm-token-list-truncated-table',
    '$ npm token list\n┌────────┬─────────┬────────────┬──────────┬────────────────┐\n│ id     │ token   │ created    │ readonly │ CIDR whitelist │\n├────────┼─────────┼────────────┼──────────┼────────────────┤\n│ {h6} │ npm_A2… │ 2024-05-01 │ no       │                │\n└────────┴─────────┴────────────┴──────────┴────────────────┘',
  ],
  [
    'gh60-npm-lockfile-integrity-and-resolved',
    '"node_modules/@slack/web-api": {\n  "version": "7.3.1",\n  "resolved": "https://registry.npmjs.org/@slack/web-api/-/web-api-7.3.1.tgz",\n  "integrity": "sha512-{b86}=="\n}',
  ],
  [
    'gh60-pypi-requirements-hashes',
    'requests==2.32.3 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}\nslack-sdk==3.31.0 \\\n    --hash=sha256:{h64}',
  ],
  ['gh60-rubygems-gemfile-lock-checksums', 'CHECKSUMS\n  stripe (12.1.0) sha256={h64}\n  twilio-ruby (7.2.0) sha256={h64}'],
  [
    'gh60-terraform-lock-hcl-provider-hashes',
    'provider "registry.terraform.io/cloudflare/cloudflare" {\n  version = "4.35.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'gh60-sentry-dsn-public-key-browser-init',
    "Sentry.init({\n  dsn: 'https://{h32}@o{d6}.ingest.us.sentry.io/{d7}',\n  tracesSampleRate: 0.1,\n});",
  ],
  ['gh60-sentry-event-and-trace-ids', 'Sentry event {h32} captured (trace_id={h32}, span_id={h16}) release=web@{h7}'],
  [
    'gh60-datadog-rum-client-token-and-app-id',
    "datadogRum.init({\n  applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  clientToken: 'pub{h32}',\n  site: 'datadoghq.eu',\n  service: 'checkout-web',\n});",
  ],
  [
    'gh60-launchdarkly-client-side-id-js',
    "const ldClient = LDClient.initialize('{h24}', { kind: 'user', key: user.id });\nawait ldClient.waitForInitialization(5);",
  ],
  [
    'gh60-algolia-app-id-and-index-name',
    'ALGOLIA_APP_ID={U10}\nALGOLIA_INDEX=prod_products\nALGOLIA_SEARCH_KEY=${ALGOLIA_SEARCH_KEY}\nALGOLIA_ADMIN_KEY=<set in vault: kv/algolia/admin>',
  ],
  [
    'gh60-recaptcha-and-turnstile-site-keys-html',
    '<div class="g-recaptcha" data-sitekey="6L{B38}"></div>\n<div class="cf-turnstile" data-sitekey="0x4AAAAAAA{B14}"></div>',
  ],
  [
    'gh60-google-analytics-and-gtm-ids',
    '<script async src="https://www.googletagmanager.com/gtag/js?id=G-{U10}"></script>\n<!-- GTM-{U7} -->',
  ],
  [
    'gh60-square-application-and-location-ids',
    "const payments = Square.payments('sq0idp-{B22}', 'L{U12}');\nconst card = await payments.card();",
  ],
  [
    'gh60-paypal-client-id-in-sdk-script-url',
    '<script src="https://www.paypal.com/sdk/js?client-id=A{B79}&currency=EUR&intent=capture"></script>',
  ],
  [
    'gh60-shopify-app-toml-client-id',
    '# shopify.app.toml\nclient_id = "{h32}"\nname = "acme-reviews"\napplication_url = "https://reviews.acme.io"\nembedded = true\n\n[access_scopes]\nscopes = "read_products,write_metafields"',
  ],
  [
    'gh60-shopify-global-ids-graphql-response',
    '{"data":{"product":{"id":"gid://shopify/Product/{d13}","variants":{"nodes":[{"id":"gid://shopify/ProductVariant/{d14}","sku":"TEE-BLK-M"}]}}},"extensions":{"cost":{"requestedQueryCost":12}}}',
  ],
  [
    'gh60-okta-org-client-and-user-ids',
    'OKTA_ISSUER=https://acme.okta.com/oauth2/default\nOKTA_CLIENT_ID=0oa{a17}\n# offboarding: user 00u{a17} removed from group 00g{a17}',
  ],
  [
    'gh60-salesforce-org-and-record-ids',
    'Org ID: 00D{a12}\nAccount: 001{a15}\nOpportunity: 006{a15}\nConnected app consumer key is stored in vault (kv/salesforce/connected-app)',
  ],
  [
    'gh60-vault-token-lookup-accessor-only',
    '$ vault token lookup -accessor {a24}\nKey                 Value\n---                 -----\naccessor            {a24}\ncreation_ttl        768h\ndisplay_name        approle\npolicies            [default ci-read]',
  ],
  [
    'gh60-vault-token-prefix-doc-sentence',
    "Vault service tokens start with hvs., batch tokens with hvb. and recovery tokens with hvr. — if a log line shows just the prefix it's fine, the agent truncates them.",
  ],
  [
    'gh60-terraform-cloud-run-and-workspace-ids',
    'Run run-{a16} for workspace ws-{a16} in org acme is planned_and_finished. View: https://app.terraform.io/app/acme/workspaces/prod/runs/run-{a16}',
  ],
  [
    'gh60-vercel-project-team-deployment-ids',
    '{\n  "projectId": "prj_{a28}",\n  "orgId": "team_{a24}"\n}\n> Inspect: https://vercel.com/acme/web/{a9} [dpl_{a28}]',
  ],
  [
    'gh60-dynatrace-token-id-without-secret-part',
    'Token list (Access tokens page):\n  name: oneagent-installer   id: dt0c01.{u24}   scopes: InstallerDownload   expires: never',
  ],
  [
    'gh60-tailscale-key-id-and-node-key',
    '$ tailscale status --json | jq \'.Self | {ID, PublicKey}\'\n{\n  "ID": "n{a11}CNTRL",\n  "PublicKey": "nodekey:{h64}"\n}\n(auth key k{a11}CNTRL was revoked yesterday)',
  ],
  [
    'gh60-discord-app-id-and-interactions-public-key',
    'DISCORD_APPLICATION_ID={d19}\nDISCORD_PUBLIC_KEY={h64}\n# bot token lives in 1Password: op://Bots/discord-acme/token',
  ],
  ['gh60-dropbox-app-key-url-scheme-plist', '<key>CFBundleURLSchemes</key>\n<array>\n  <string>db-{l15}</string>\n</array>'],
  ['gh60-meta-app-id-and-pixel-id', "fbq('init', '{d16}');\nFB.init({ appId: '{d16}', version: 'v19.0', xfbml: true });"],
  [
    'gh60-mailgun-public-validation-key',
    "// mailgun email validation widget (public key, safe for the browser)\nconst MAILGUN_PUBLIC_KEY = 'pubkey-{h32}';",
  ],
  ['gh60-mailchimp-audience-and-campaign-ids', 'POST /3.0/lists/{h10}/members  server=us21  campaign_id={h10}  status=subscribed'],
  [
    'gh60-openai-org-project-and-object-ids',
    'OpenAI-Organization: org-{a24}\nOpenAI-Project: proj_{a24}\nx-request-id: req_{h32}\nresponse id resp_{h48}, file file-{a22}, assistant asst_{a24}',
  ],
  [
    'gh60-anthropic-message-and-request-ids',
    '{"id":"msg_01{a22}","type":"message","model":"claude-3-5-sonnet-20241022","stop_reason":"end_turn","usage":{"input_tokens":412,"output_tokens":96}}\nrequest-id: req_01{a22}',
  ],
  [
    'gh60-huggingface-model-revision-sha',
    'model = AutoModel.from_pretrained("acme-ml/support-intent-v3", revision="{h40}")\n# token comes from HF_TOKEN in the environment',
  ],
  [
    'gh60-databricks-workspace-cluster-job-ids',
    'host: https://adb-{d16}.7.azuredatabricks.net\ncluster_id: {d4}-{d6}-{l8}\njob_id: {d15}\nwarehouse: /sql/1.0/warehouses/{h16}',
  ],
  [
    'gh60-cloudflare-account-and-zone-ids-wrangler',
    'name = "acme-edge"\nmain = "src/index.ts"\ncompatibility_date = "2024-06-01"\naccount_id = "{h32}"\n\n[[routes]]\npattern = "api.acme.io/*"\nzone_id = "{h32}"',
  ],
  ['gh60-figma-file-key-in-design-url', 'Design is here: https://www.figma.com/design/{a22}/Checkout-flow-v3?node-id=1204-3391&t={a16}-4'],
  ['gh60-notion-page-id-in-url', 'spec: https://www.notion.so/acme/Payments-retry-policy-{h32}?pvs=4'],
  [
    'gh60-linear-issue-and-team-ids',
    'Linear webhook: {"action":"update","type":"Issue","data":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","identifier":"ENG-2291","teamId":"{h8}-{h4}-{h4}-{h4}-{h12}"},"webhookId":"{h8}-{h4}-{h4}-{h4}-{h12}"}',
  ],
  [
    'gh60-atlassian-cloud-id-and-issue-key',
    'cloudId={h8}-{h4}-{h4}-{h4}-{h12} issue=PLAT-4412 confluencePage={d9} (token is in JIRA_API_TOKEN, not pasted)',
  ],
  [
    'gh60-heroku-app-and-release-ids',
    '=== acme-storefront\nApp ID:  {h8}-{h4}-{h4}-{h4}-{h12}\nRelease: v812 Deploy {h7} by ops@acme.io\nDyno formation: web=2:standard-2x worker=1:standard-1x',
  ],
  [
    'gh60-postman-collection-uid',
    'newman run https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12} --env-var "baseUrl=https://staging.acme.io" --reporters cli,junit',
  ],
  [
    'gh60-fly-machine-and-app-ids',
    '$ fly machine list -a acme-api\nID            \tNAME               \tSTATE  \tREGION\n{h14}\tbroken-frost-8421  \tstarted\tfra\n{h14}\tsparkling-sea-1130\tstarted\tams',
  ],
  ['gh60-telegram-bot-id-and-chat-ids', 'bot: @acme_deploy_bot (id {d10})\nalerts chat: -100{d10}\nops thread: message_thread_id=4412'],
  [
    'gh60-ai-keys-env-placeholders',
    'OPENAI_API_KEY=sk-proj-...\nANTHROPIC_API_KEY=${ANTHROPIC_API_KEY}\nGROQ_API_KEY=<your-groq-key>\nHF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  ],
  [
    'gh60-slack-bolt-env-lookups',
    'const app = new App({\n  token: process.env.SLACK_BOT_TOKEN,        // xoxb-…\n  appToken: process.env.SLACK_APP_TOKEN,     // xapp-…\n  signingSecret: process.env.SLACK_SIGNING_SECRET,\n  socketMode: true,\n});',
  ],
  [
    'gh60-token-prefix-regex-table-in-docs',
    '| Provider | Prefix | Body |\n|---|---|---|\n| GitHub classic PAT | `ghp_` | 36 base62 |\n| GitLab PAT | `glpat-` | 20 chars |\n| npm | `npm_` | 36 base62 |\n| PyPI | `pypi-AgEIcHlwaS5vcmc` | macaroon |\n| Shopify admin | `shpat_` | 32 hex |',
  ],
  [
    'gh60-secret-detector-test-fixture-names',
    'func TestDetectors(t *testing.T) {\n\tcases := []string{"github_pat", "slack_bot_token", "stripe_live_secret", "twilio_auth_token"}\n\tfor _, c := range cases {\n\t\tt.Run(c, func(t *testing.T) { assertDetects(t, fixtures[c]) })\n\t}\n}',
  ],
  [
    'gh60-k8s-secretkeyref-for-provider-tokens',
    'env:\n  - name: DD_API_KEY\n    valueFrom:\n      secretKeyRef: { name: datadog-secret, key: api-key }\n  - name: SENTRY_AUTH_TOKEN\n    valueFrom:\n      secretKeyRef: { name: sentry, key: auth-token }',
  ],
  [
    'gh60-gha-secrets-refs-many-providers',
    '    env:\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n      PYPI_API_TOKEN: ${{ secrets.PYPI_API_TOKEN }}\n      CLOUDFLARE_API_TOKEN: ${{ secrets.CF_API_TOKEN }}\n      FLY_API_TOKEN: ${{ secrets.FLY_API_TOKEN }}',
  ],
  [
    'gh60-near-miss-stripe-key-prefix-only-sentence',
    "Heads up: the error says `Invalid API Key provided: sk_live_****************************1x9Q` — that's Stripe masking it, the real value is only in Doppler.",
  ],
  [
    'gh60-near-miss-aws-id-shaped-words',
    'CloudTrail eventName=AssumeRoleWithWebIdentity sourceIPAddress=10.12.4.7 userAgent=aws-sdk-go-v2/1.30.1 os/linux lang/go#1.22.4 api/sts#1.30.1 eventID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'gh60-near-miss-octopus-api-constant-names',
    'const (\n\tAPI_RATE_LIMIT_EXCEEDED = "API-RATE-LIMIT-EXCEEDED"\n\tAPI_VERSION_HEADER     = "X-API-VERSION"\n)',
  ],
  [
    'gh60-near-miss-dapi-word-and-short-hex',
    'databricks tokens look like dapi + 32 hex chars; the log only shows the token id {h8} and the comment `rotated by dapi-rotator job`',
  ],
  [
    'gh60-jwt-io-famous-public-sample',
    'Decoding the sample from jwt.io to show the three parts:\neyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ],
  ['gh60-jwks-public-key-set', '{"keys":[{"kty":"RSA","use":"sig","kid":"{B43}","alg":"RS256","n":"{B342}","e":"AQAB"}]}'],
  [
    'gh60-ssh-public-key-authorized-keys',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-07\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b120} mona@laptop',
  ],
  ['gh60-pgp-public-key-block', '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ{b58}\n{b64}\n={b4}\n-----END PGP PUBLIC KEY BLOCK-----'],
  ['gh60-x509-certificate-pem', '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIU{b44}\n{b64}\n{b64}\n{b40}==\n-----END CERTIFICATE-----'],
  ['gh60-container-image-digests', 'ghcr.io/acme/api@sha256:{h64}\nregistry.gitlab.com/acme/worker@sha256:{h64}'],
  [
    'gh60-base64-of-json-header-not-secret',
    '$ echo -n \'{"alg":"RS256","typ":"JWT","kid":"2024-06"}\' | base64\neyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjIwMjQtMDYifQ==',
  ],
  [
    'gh60-gitleaks-report-fingerprint-redacted',
    '{\n  "RuleID": "slack-bot-token",\n  "File": "services/notify/app.js",\n  "StartLine": 14,\n  "Secret": "REDACTED",\n  "Commit": "{h40}",\n  "Fingerprint": "{h40}:services/notify/app.js:slack-bot-token:14"\n}',
  ],
  [
    'gh60-doppler-truncated-token-listing',
    '$ doppler configs tokens --project api --config prd\nNAME          SLUG                                   CREATED AT\nworker-prd    {h8}-{h4}-{h4}-{h4}-{h12}   2024-05-28T10:11:12Z\napi-prd       {h8}-{h4}-{h4}-{h4}-{h12}   2024-04-02T08:00:41Z',
  ],
  [
    'gh60-trace-and-request-ids-log-line',
    'level=info msg="upstream ok" provider=anthropic trace_id={h32} span_id={h16} request_id=req_{a24} latency_ms=812',
  ],
  [
    'gh60-sentence-listing-supported-token-types',
    "GitHub's secret scanning covers partner tokens like Adafruit IO keys, Aiven tokens, Alibaba AccessKey pairs, Anthropic admin keys, Azure storage keys and Yandex IAM tokens — push protection blocks the high-confidence ones by default.",
  ],
];
