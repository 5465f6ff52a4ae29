/** A sixty-seventh held-out batch, written blind: credentials handed to SDK clients and HTTP libraries in application code across thirteen languages (constructor arguments, keyword and named arguments, options objects and builders, header maps, auth tuples, env fallbacks with literal defaults, hard-coded test fixtures, DI config), with the same code shapes holding no secret as negatives. */
export const BLIND67_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'b67-stripe-secret-python-module-attr',
    'import stripe\n\nstripe.api_key = "«sk_live_{a24}»"\nstripe.api_version = "2024-06-20"\nintent = stripe.PaymentIntent.create(amount=1999, currency="eur")',
  ],
  [
    'b67-stripe-client-positional-python',
    'from stripe import StripeClient\n\nclient = StripeClient("«sk_live_{a99}»")\ncustomers = client.customers.list(params={"limit": 3})',
  ],
  [
    'b67-openai-python-kwarg',
    'from openai import OpenAI\n\nclient = OpenAI(api_key="«sk-proj-{B48}T3BlbkFJ{B48}»", timeout=30)\nresp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs)',
  ],
  [
    'b67-anthropic-python-env-default',
    'import os\nimport anthropic\n\napi_key = os.environ.get("ANTHROPIC_API_KEY", "«sk-ant-api03-{B93}AA»")\nclient = anthropic.Anthropic(api_key=api_key)',
  ],
  [
    'b67-requests-auth-tuple-mailgun',
    'resp = requests.post(\n    "https://api.mailgun.net/v3/mg.acme-shop.io/messages",\n    auth=("api", "«key-{h32}»"),\n    data={"from": "Acme <noreply@mg.acme-shop.io>", "to": [to], "subject": subject, "text": body},\n)',
  ],
  [
    'b67-twilio-python-client-positional-sid-token',
    'from twilio.rest import Client\n\naccount_sid = "AC{h32}"\nclient = Client(account_sid, "«{h32}»")\nclient.messages.create(to="+14155550123", from_="+14155550100", body="Your code is 481516")',
  ],
  [
    'b67-sendgrid-python-apiclient-kwarg',
    "sg = SendGridAPIClient(api_key='«SG.{B22}.{B43}»')\nresponse = sg.send(message)\nprint(response.status_code)",
  ],
  [
    'b67-requests-headers-dict-x-api-key',
    'HEADERS = {\n    "Accept": "application/json",\n    "X-Api-Key": "«{a40}»",\n    "User-Agent": "inventory-sync/1.4",\n}\nr = requests.get(f"{BASE}/v2/items", headers=HEADERS, timeout=10)',
  ],
  [
    'b67-httpx-bearer-header-hubspot',
    'async with httpx.AsyncClient(base_url="https://api.hubapi.com") as http:\n    r = await http.get(\n        "/crm/v3/objects/contacts",\n        headers={"Authorization": "Bearer «pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}»"},\n    )',
  ],
  [
    'b67-boto3-client-kwargs-aws-pair',
    's3 = boto3.client(\n    "s3",\n    region_name="eu-central-1",\n    aws_access_key_id="«AKIA{u16}»",\n    aws_secret_access_key="«{b40}»",\n)',
  ],
  [
    'b67-boto3-session-spaces-endpoint',
    'session = boto3.session.Session()\nspaces = session.client("s3",\n    endpoint_url="https://fra1.digitaloceanspaces.com",\n    aws_access_key_id="«DO00{u16}»",\n    aws_secret_access_key="«{b43}»")',
  ],
  [
    'b67-slack-sdk-webclient-token-kwarg',
    'from slack_sdk import WebClient\n\nslack = WebClient(token="«xoxb-{d11}-{d13}-{a24}»")\nslack.chat_postMessage(channel="#deploys", text=f"Deployed {sha[:7]} to prod")',
  ],
  [
    'b67-pytest-fixture-hardcoded-datadog-pair',
    '@pytest.fixture\ndef dd_client():\n    cfg = Configuration()\n    cfg.api_key["apiKeyAuth"] = "«{h32}»"\n    cfg.api_key["appKeyAuth"] = "«{h40}»"\n    return ApiClient(cfg)',
  ],
  [
    'b67-pinecone-python-kwarg',
    'from pinecone import Pinecone\n\npc = Pinecone(api_key="«pcsk_{a6}_{a64}»")\nindex = pc.Index("docs-embeddings")',
  ],
  [
    'b67-huggingface-hub-login-token',
    'from huggingface_hub import login, HfApi\n\nlogin(token="«hf_{a34}»")\napi = HfApi()\napi.upload_folder(folder_path="./ckpt", repo_id="acme/reranker-small")',
  ],
  [
    'b67-cohere-python-positional',
    'import cohere\nco = cohere.ClientV2("«{a40}»")\nres = co.rerank(model="rerank-v3.5", query=q, documents=docs, top_n=5)',
  ],
  ['b67-groq-python-env-fallback-or', 'client = Groq(\n    api_key=os.getenv("GROQ_API_KEY") or "«gsk_{a52}»",\n)'],
  [
    'b67-replicate-python-client-kwarg',
    'import replicate\nrc = replicate.Client(api_token="«r8_{a37}»")\nout = rc.run("stability-ai/sdxl", input={"prompt": prompt})',
  ],
  [
    'b67-plaid-python-configuration-dict',
    'configuration = plaid.Configuration(\n    host=plaid.Environment.Production,\n    api_key={\n        "clientId": "{h24}",\n        "secret": "«{h30}»",\n    },\n)',
  ],
  [
    'b67-shopify-python-session-token',
    'session = shopify.Session("acme-outdoor.myshopify.com", "2024-07", "«shpat_{h32}»")\nshopify.ShopifyResource.activate_session(session)',
  ],
  ['b67-airtable-pyairtable-api', 'from pyairtable import Api\n\napi = Api("«pat{a14}.{h64}»")\ntable = api.table("app{a14}", "Orders")'],
  [
    'b67-notion-client-auth-kwarg',
    'from notion_client import Client\n\nnotion = Client(auth="«ntn_{d11}{a35}»")\npages = notion.databases.query(database_id=DB_ID)',
  ],
  [
    'b67-jira-basic-auth-tuple-api-token',
    'jira = JIRA(\n    server="https://acme.atlassian.net",\n    basic_auth=("ops-bot@acme.io", "«ATATT3xFfGF0{B183}={H8}»"),\n)',
  ],
  [
    'b67-zendesk-python-creds-dict',
    'creds = {\n    "email": "support-bot@acme.io",\n    "token": "«{a40}»",\n    "subdomain": "acmehelp",\n}\nzenpy_client = Zenpy(**creds)',
  ],
  [
    'b67-pydantic-settings-default-secret',
    'class Settings(BaseSettings):\n    model_config = SettingsConfigDict(env_prefix="BILLING_")\n\n    paddle_api_key: str = "«pdl_live_apikey_{l26}_{a22}_{a3}»"\n    paddle_env: str = "production"',
  ],
  [
    'b67-mailchimp-marketing-set-config',
    'client = MailchimpMarketing.Client()\nclient.set_config({\n    "api_key": "«{h32}-us21»",\n    "server": "us21",\n})',
  ],
  [
    'b67-elasticsearch-python-api-key-tuple',
    'es = Elasticsearch(\n    "https://search.acme.internal:9200",\n    api_key=("{a20}", "«{B22}»"),\n    ca_certs="/etc/ssl/es-ca.pem",\n)',
  ],
  [
    'b67-redis-py-password-kwarg',
    'cache = redis.Redis(\n    host="cache-prod.acme.internal",\n    port=6380,\n    password="«{a32}»",\n    ssl=True,\n)',
  ],
  [
    'b67-psycopg-connect-password-kwarg',
    'conn = psycopg.connect(\n    host="db.acme.internal", dbname="orders", user="orders_app",\n    password="«{a24}»", sslmode="require",\n)',
  ],
  [
    'b67-telegram-bot-python-builder',
    'application = (\n    ApplicationBuilder()\n    .token("«{d10}:AA{B33}»")\n    .concurrent_updates(True)\n    .build()\n)',
  ],
  [
    'b67-stripe-node-constructor-positional',
    "import Stripe from 'stripe';\n\nconst stripe = new Stripe('«sk_live_{a99}»', {\n  apiVersion: '2024-06-20',\n});",
  ],
  [
    'b67-stripe-restricted-key-node-require',
    "const stripe = require('stripe')('«rk_live_{a99}»');\nconst refunds = await stripe.refunds.list({ limit: 10 });",
  ],
  [
    'b67-stripe-webhook-secret-construct-event',
    "const event = stripe.webhooks.constructEvent(\n  req.body,\n  req.headers['stripe-signature'],\n  '«whsec_{a32}»',\n);",
  ],
  ['b67-openai-node-options-object', "const openai = new OpenAI({\n  apiKey: '«sk-proj-{B64}»',\n  organization: 'org-{a24}',\n});"],
  [
    'b67-anthropic-ts-env-nullish-default',
    "const anthropic = new Anthropic({\n  apiKey: process.env.ANTHROPIC_API_KEY ?? '«sk-ant-api03-{B93}AA»',\n  maxRetries: 2,\n});",
  ],
  [
    'b67-fetch-headers-object-authorization',
    "const res = await fetch('https://api.linear.app/graphql', {\n  method: 'POST',\n  headers: {\n    'Content-Type': 'application/json',\n    Authorization: '«lin_api_{a40}»',\n  },\n  body: JSON.stringify({ query }),\n});",
  ],
  [
    'b67-axios-create-default-headers',
    "export const pipedrive = axios.create({\n  baseURL: 'https://acme.pipedrive.com/api/v1',\n  params: { api_token: '«{h40}»' },\n  timeout: 8000,\n});",
  ],
  [
    'b67-axios-defaults-common-header',
    "axios.defaults.headers.common['X-Api-Key'] = '«{a32}»';\naxios.defaults.baseURL = 'https://api.openweathermap.org/data/2.5';",
  ],
  [
    'b67-headers-set-fetch-ts',
    "const headers = new Headers();\nheaders.set('Accept', 'application/vnd.api+json');\nheaders.set('Authorization', `Bearer «{B40}»`);\nconst r = await fetch(`${CF_API}/zones`, { headers });",
  ],
  [
    'b67-twilio-node-positional-pair',
    "const twilio = require('twilio');\nconst client = twilio('AC{h32}', '«{h32}»');\nawait client.messages.create({ to, from: '+14155550100', body });",
  ],
  [
    'b67-sendgrid-node-setapikey',
    "import sgMail from '@sendgrid/mail';\n\nsgMail.setApiKey('«SG.{B22}.{B43}»');\nawait sgMail.send({ to, from: 'noreply@acme.io', subject, html });",
  ],
  [
    'b67-slack-bolt-app-options',
    "const app = new App({\n  token: '«xoxb-{d11}-{d13}-{a24}»',\n  signingSecret: '«{h32}»',\n  socketMode: false,\n});",
  ],
  [
    'b67-aws-sdk-v3-credentials-object',
    "const s3 = new S3Client({\n  region: 'us-east-1',\n  credentials: {\n    accessKeyId: '«AKIA{u16}»',\n    secretAccessKey: '«{b40}»',\n  },\n});",
  ],
  [
    'b67-supabase-createclient-service-role',
    "import { createClient } from '@supabase/supabase-js';\n\nexport const admin = createClient(\n  'https://{L20}.supabase.co',\n  '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B27}InJvbGUiOiJzZXJ2aWNlX3JvbGUiLCJpYXQiOjE3M{B20}.{B43}»',\n);",
  ],
  [
    'b67-resend-node-constructor',
    "import { Resend } from 'resend';\nconst resend = new Resend('«re_{a8}_{a24}»');\nawait resend.emails.send({ from: 'billing@acme.io', to, subject, react: Invoice(props) });",
  ],
  [
    'b67-vitest-fixture-hardcoded-mailgun',
    "describe('mailer', () => {\n  const mg = mailgun.client({\n    username: 'api',\n    key: '«key-{h32}»',\n    url: 'https://api.eu.mailgun.net',\n  });",
  ],
  [
    'b67-jest-beforeall-hardcoded-algolia-admin',
    "beforeAll(() => {\n  client = algoliasearch('{u10}', '«{h32}»');\n  index = client.initIndex('products_staging');\n});",
  ],
  [
    'b67-mongodb-uri-node-constant',
    "const uri = 'mongodb+srv://catalog_rw:«{a20}»@cluster0.{l5}.mongodb.net/catalog?retryWrites=true&w=majority';\nconst client = new MongoClient(uri);",
  ],
  [
    'b67-pg-pool-config-password',
    "const pool = new Pool({\n  host: 'db.acme.internal',\n  user: 'reporting',\n  password: '«{a22}»',\n  database: 'analytics',\n  max: 10,\n});",
  ],
  ['b67-ioredis-url-password-ts', "const redis = new Redis('rediss://default:«{a32}»@eu1-busy-fox-{d5}.upstash.io:{d5}');"],
  [
    'b67-octokit-auth-option',
    "const octokit = new Octokit({\n  auth: '«github_pat_{a22}_{a59}»',\n  userAgent: 'release-notes-bot/2.0',\n});",
  ],
  [
    'b67-discord-js-login-call',
    "client.once(Events.ClientReady, c => console.log(`Ready as ${c.user.tag}`));\nclient.login('«{B24}.{B6}.{B38}»');",
  ],
  [
    'b67-pusher-server-constructor-secret',
    "const pusher = new Pusher({\n  appId: '{d7}',\n  key: '{h20}',\n  secret: '«{h20}»',\n  cluster: 'eu',\n  useTLS: true,\n});",
  ],
  ['b67-ably-rest-key-string', "const ably = new Ably.Rest({ key: '«{a6}.{a6}:{B43}»' });\nconst channel = ably.channels.get('orders');"],
  [
    'b67-cloudinary-config-api-secret',
    "cloudinary.config({\n  cloud_name: 'acme-media',\n  api_key: '{d15}',\n  api_secret: '«{B27}»',\n  secure: true,\n});",
  ],
  [
    'b67-contentful-management-token',
    "const client = contentful.createClient({\n  accessToken: '«CFPAT-{B43}»',\n});\nconst space = await client.getSpace('{l12}');",
  ],
  [
    'b67-launchdarkly-node-server-sdk-key',
    "import * as ld from '@launchdarkly/node-server-sdk';\nconst ldClient = ld.init('«sdk-{h8}-{h4}-{h4}-{h4}-{h12}»');\nawait ldClient.waitForInitialization({ timeout: 10 });",
  ],
  ['b67-statsig-server-secret-initialize', "await Statsig.initialize('«secret-{a43}»', { environment: { tier: 'production' } });"],
  [
    'b67-nextjs-route-env-or-literal',
    "// app/api/geocode/route.ts\nconst MAPBOX_SECRET = process.env.MAPBOX_SECRET_TOKEN || '«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B22}In0.{B22}»';\nexport async function GET(req: Request) {",
  ],
  [
    'b67-clerk-backend-secret-key',
    "import { createClerkClient } from '@clerk/backend';\nconst clerk = createClerkClient({ secretKey: '«sk_live_{a40}»' });",
  ],
  [
    'b67-posthog-node-personal-api-key',
    "const posthog = new PostHog('phc_{a43}', {\n  host: 'https://eu.i.posthog.com',\n  personalApiKey: '«phx_{a43}»',\n  featureFlagsPollingInterval: 30000,\n});",
  ],
  [
    'b67-sentry-cli-auth-token-ts-config',
    "export default defineConfig({\n  plugins: [\n    sentryVitePlugin({ org: 'acme', project: 'web', authToken: '«sntrys_eyJpYXQiOjE3{B60}»' }),\n  ],\n});",
  ],
  [
    'b67-got-extend-prefix-headers',
    "const api = got.extend({\n  prefixUrl: 'https://api.lob.com/v1',\n  username: '«live_{h34}»',\n  password: '',\n});",
  ],
  [
    'b67-google-genai-ts-options',
    "const ai = new GoogleGenAI({ apiKey: '«AIza{B35}»' });\nconst r = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: prompt });",
  ],
  ['b67-mistral-ts-constructor-options', "const mistral = new Mistral({ apiKey: '«{a32}»' });"],
  [
    'b67-elevenlabs-fetch-xi-api-key',
    "const r = await fetch(`https://api.elevenlabs.io/v1/text-to-speech/${voiceId}`, {\n  method: 'POST',\n  headers: { 'xi-api-key': '«sk_{h48}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2' }),\n});",
  ],
  [
    'b67-deepgram-createclient-positional',
    "const deepgram = createClient('«{h40}»');\nconst { result } = await deepgram.listen.prerecorded.transcribeUrl({ url }, { model: 'nova-2' });",
  ],
  [
    'b67-kafkajs-sasl-confluent',
    "const kafka = new Kafka({\n  clientId: 'orders-svc',\n  brokers: ['pkc-{l5}.eu-west-1.aws.confluent.cloud:9092'],\n  ssl: true,\n  sasl: { mechanism: 'plain', username: '{u16}', password: '«{a64}»' },\n});",
  ],
  ['b67-paypal-ts-client-credentials', "const environment = new paypal.core.LiveEnvironment(\n  'A{B79}',\n  '«E{B79}»',\n);"],
  [
    'b67-square-node-client-access-token',
    "const square = new SquareClient({\n  token: '«EAAA{B60}»',\n  environment: SquareEnvironment.Production,\n});",
  ],
  ['b67-go-stripe-key-assignment', 'import "github.com/stripe/stripe-go/v79"\n\nfunc init() {\n\tstripe.Key = "«sk_live_{a99}»"\n}'],
  [
    'b67-go-openai-newclient-option',
    'client := openai.NewClient(\n\toption.WithAPIKey("«sk-proj-{B64}»"),\n\toption.WithMaxRetries(3),\n)',
  ],
  [
    'b67-go-struct-literal-options-token',
    'cfg := vault.Options{\n\tAddress: "https://vault.acme.internal:8200",\n\tToken:   "«hvs.{B90}»",\n\tTimeout: 5 * time.Second,\n}',
  ],
  [
    'b67-go-http-header-set',
    'req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)\nreq.Header.Set("Accept", "application/json")\nreq.Header.Set("X-Api-Key", "«{a40}»")\nresp, err := http.DefaultClient.Do(req)',
  ],
  ['b67-go-setbasicauth-password', 'req.SetBasicAuth("svc-exporter", "«{a28}»")\nres, err := client.Do(req)'],
  [
    'b67-go-aws-static-credentials-provider',
    'cfg, err := config.LoadDefaultConfig(ctx,\n\tconfig.WithRegion("eu-west-1"),\n\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("«AKIA{u16}»", "«{b40}»", "")),\n)',
  ],
  [
    'b67-go-slack-new-positional',
    'api := slack.New("«xoxb-{d11}-{d13}-{a24}»", slack.OptionDebug(false))\n_, _, err := api.PostMessage("C{u10}", slack.MsgOptionText(msg, false))',
  ],
  [
    'b67-go-getenv-fallback-helper',
    'func envOr(k, def string) string {\n\tif v := os.Getenv(k); v != "" {\n\t\treturn v\n\t}\n\treturn def\n}\n\nvar sendgridKey = envOr("SENDGRID_API_KEY", "«SG.{B22}.{B43}»")',
  ],
  [
    'b67-go-const-block-twilio',
    'const (\n\ttwilioAccountSID = "AC{h32}"\n\ttwilioAuthToken  = "«{h32}»"\n\ttwilioFrom       = "+14155550100"\n)',
  ],
  [
    'b67-go-test-table-hardcoded-github-token',
    'func TestSyncRepos(t *testing.T) {\n\tgh := github.NewClient(nil).WithAuthToken("«ghp_{a36}»")\n\trepos, _, err := gh.Repositories.ListByOrg(ctx, "acme", nil)',
  ],
  [
    'b67-go-redis-options-password',
    'rdb := redis.NewClient(&redis.Options{\n\tAddr:     "cache.acme.internal:6379",\n\tPassword: "«{a32}»",\n\tDB:       2,\n})',
  ],
  [
    'b67-go-mongo-applyuri-password',
    'opts := options.Client().ApplyURI("mongodb://ledger:«{a24}»@mongo-0.acme.internal:27017/?authSource=admin")\nclient, err := mongo.Connect(ctx, opts)',
  ],
  [
    'b67-go-minio-new-static-v4',
    'mc, err := minio.New("s3.acme.internal:9000", &minio.Options{\n\tCreds:  credentials.NewStaticV4("{u20}", "«{a40}»", ""),\n\tSecure: true,\n})',
  ],
  [
    'b67-go-datadog-context-apikeys',
    'ctx = context.WithValue(ctx, datadog.ContextAPIKeys, map[string]datadog.APIKey{\n\t"apiKeyAuth": {Key: "«{h32}»"},\n\t"appKeyAuth": {Key: "«{h40}»"},\n})',
  ],
  ['b67-go-telegram-newbotapi', 'bot, err := tgbotapi.NewBotAPI("«{d10}:AA{B33}»")\nif err != nil {\n\tlog.Panic(err)\n}'],
  ['b67-java-stripe-static-api-key', 'public class PaymentsConfig {\n    static {\n        Stripe.apiKey = "«sk_live_{a24}»";\n    }\n}'],
  [
    'b67-java-spring-value-default-secret',
    '@Service\npublic class SmsService {\n    @Value("${twilio.auth-token:«{h32}»}")\n    private String authToken;\n\n    @Value("${twilio.account-sid}")\n    private String accountSid;',
  ],
  ['b67-java-spring-value-default-sendgrid', '@Value("${sendgrid.api-key:«SG.{B22}.{B43}»}")\nprivate String sendgridApiKey;'],
  [
    'b67-java-okhttp-request-builder-header',
    'Request request = new Request.Builder()\n    .url("https://api.pagerduty.com/incidents")\n    .header("Authorization", "Token token=«u+{B18}»")\n    .header("Accept", "application/vnd.pagerduty+json;version=2")\n    .build();',
  ],
  [
    'b67-java-aws-basic-credentials-ctor',
    'BasicAWSCredentials creds = new BasicAWSCredentials("«AKIA{u16}»", "«{b40}»");\nAmazonS3 s3 = AmazonS3ClientBuilder.standard()\n    .withCredentials(new AWSStaticCredentialsProvider(creds))\n    .withRegion(Regions.EU_WEST_1).build();',
  ],
  [
    'b67-java-openai-builder-apikey',
    'OpenAIClient client = OpenAIOkHttpClient.builder()\n    .apiKey("«sk-proj-{B64}»")\n    .maxRetries(2)\n    .build();',
  ],
  [
    'b67-java-httpclient-header-bearer',
    'HttpRequest req = HttpRequest.newBuilder(URI.create("https://api.intercom.io/contacts"))\n    .header("Authorization", "Bearer «dG9rOj{B54}=»")\n    .header("Intercom-Version", "2.11")\n    .GET().build();',
  ],
  [
    'b67-java-twilio-init-positional',
    'Twilio.init("AC{h32}", "«{h32}»");\nMessage.creator(new PhoneNumber(to), new PhoneNumber("+14155550100"), body).create();',
  ],
  [
    'b67-java-junit-hardcoded-braintree',
    '@BeforeEach\nvoid setUp() {\n    gateway = new BraintreeGateway(Environment.PRODUCTION, "{l16}", "{l16}", "«{h32}»");\n}',
  ],
  [
    'b67-java-datasource-builder-password',
    'DataSource ds = DataSourceBuilder.create()\n    .url("jdbc:mysql://mysql.acme.internal:3306/crm")\n    .username("crm_app")\n    .password("«{a20}»")\n    .build();',
  ],
  ['b67-java-jedis-auth-call', 'try (Jedis jedis = pool.getResource()) {\n    jedis.auth("«{a32}»");\n    jedis.set("warmup", "1");\n}'],
  [
    'b67-java-azure-storage-connection-string',
    'BlobServiceClient blob = new BlobServiceClientBuilder()\n    .connectionString("DefaultEndpointsProtocol=https;AccountName=acmeassets;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net")\n    .buildClient();',
  ],
  [
    'b67-java-salesforce-oauth-params',
    'params.add(new BasicNameValuePair("grant_type", "password"));\nparams.add(new BasicNameValuePair("client_id", "3MVG9{a80}"));\nparams.add(new BasicNameValuePair("client_secret", "«{H64}»"));\nparams.add(new BasicNameValuePair("username", "integration@acme.io"));',
  ],
  [
    'b67-kotlin-ktor-default-request-header',
    'val client = HttpClient(CIO) {\n    defaultRequest {\n        url("https://api.resend.com/")\n        header(HttpHeaders.Authorization, "Bearer «re_{a8}_{a24}»")\n    }\n}',
  ],
  [
    'b67-kotlin-retrofit-interceptor-header',
    'val auth = Interceptor { chain ->\n    chain.proceed(\n        chain.request().newBuilder()\n            .addHeader("X-Api-Key", "«{a32}»")\n            .build()\n    )\n}',
  ],
  [
    'b67-kotlin-companion-const-key',
    'companion object {\n    private const val BASE_URL = "https://api.openai.com/v1/"\n    private const val OPENAI_KEY = "«sk-proj-{B64}»"\n}',
  ],
  [
    'b67-kotlin-spring-value-default',
    '@Component\nclass PaystackClient(\n    @Value("\\${paystack.secret-key:«sk_live_{h40}»}") private val secretKey: String,\n    private val rest: RestClient.Builder,\n)',
  ],
  [
    'b67-kotlin-data-class-default-arg',
    'data class AlgoliaConfig(\n    val appId: String = "{u10}",\n    val adminKey: String = "«{h32}»",\n    val indexName: String = "products",\n)',
  ],
  [
    'b67-kotlin-okhttp-credentials-basic',
    'val credential = Credentials.basic("{h16}", "«{a24}»")\nval req = Request.Builder().url("$NEXMO/account/get-balance").header("Authorization", credential).build()',
  ],
  [
    'b67-kotlin-mockk-test-hardcoded-razorpay',
    '@Test\nfun `creates order`() {\n    val rp = RazorpayClient("rzp_live_{a14}", "«{a24}»")\n    val order = rp.orders.create(JSONObject(mapOf("amount" to 50000, "currency" to "INR")))',
  ],
  [
    'b67-csharp-stripe-configuration-apikey',
    'StripeConfiguration.ApiKey = "«sk_live_{a24}»";\nvar service = new ChargeService();\nvar charges = await service.ListAsync(new ChargeListOptions { Limit = 5 });',
  ],
  [
    'b67-csharp-appsettings-json-binding',
    '{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "SendGrid": {\n    "ApiKey": "«SG.{B22}.{B43}»",\n    "FromAddress": "noreply@acme.io"\n  }\n}',
  ],
  [
    'b67-csharp-appsettings-connection-strings',
    '{\n  "ConnectionStrings": {\n    "Default": "Server=sql-prod.acme.internal;Database=Orders;User Id=orders_app;Password=«{a22}»;TrustServerCertificate=True"\n  }\n}',
  ],
  [
    'b67-csharp-httpclient-default-request-headers',
    'var http = new HttpClient { BaseAddress = new Uri("https://api.cloudflare.com/client/v4/") };\nhttp.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "«{B40}»");',
  ],
  [
    'b67-csharp-headers-add-api-key',
    'client.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "«{h32}»");\nvar resp = await client.GetAsync("https://westeurope.api.cognitive.microsoft.com/vision/v3.2/analyze");',
  ],
  [
    'b67-csharp-openai-client-ctor',
    'var chat = new ChatClient(model: "gpt-4o", apiKey: "«sk-proj-{B64}»");\nChatCompletion completion = await chat.CompleteChatAsync(messages);',
  ],
  [
    'b67-csharp-azure-keycredential',
    'var client = new AzureOpenAIClient(\n    new Uri("https://acme-oai.openai.azure.com/"),\n    new AzureKeyCredential("«{h32}»"));',
  ],
  [
    'b67-csharp-configuration-indexer-fallback',
    'var apiKey = builder.Configuration["Mapbox:SecretToken"] ?? "«sk.eyJ1IjoiYWNtZSIsImEiOiJ{B21}In0.{B22}»";\nbuilder.Services.AddSingleton(new MapboxClient(apiKey));',
  ],
  [
    'b67-csharp-xunit-hardcoded-twilio',
    'public class NotifierTests\n{\n    private const string AccountSid = "AC{h32}";\n    private const string AuthToken = "«{h32}»";\n\n    [Fact]\n    public async Task SendsSms() {',
  ],
  [
    'b67-csharp-options-configure-lambda',
    'services.Configure<PlaidOptions>(o =>\n{\n    o.ClientId = "{h24}";\n    o.Secret = "«{h30}»";\n    o.Environment = PlaidEnvironment.Production;\n});',
  ],
  [
    'b67-csharp-networkcredential-smtp',
    'using var smtp = new SmtpClient("smtp.sendgrid.net", 587)\n{\n    Credentials = new NetworkCredential("apikey", "«SG.{B22}.{B43}»"),\n    EnableSsl = true,\n};',
  ],
  [
    'b67-ruby-stripe-api-key-initializer',
    '# config/initializers/stripe.rb\nStripe.api_key = Rails.application.credentials.dig(:stripe, :secret_key) || "«sk_live_{a24}»"',
  ],
  [
    'b67-ruby-rails-credentials-yml-decrypted',
    '$ bin/rails credentials:show\nsecret_key_base: «{h128}»\naws:\n  access_key_id: «AKIA{u16}»\n  secret_access_key: «{b40}»',
  ],
  [
    'b67-ruby-twilio-rest-client-positional',
    '@client = Twilio::REST::Client.new("AC{h32}", "«{h32}»")\n@client.messages.create(from: "+14155550100", to: user.phone, body: "Your order shipped")',
  ],
  [
    'b67-ruby-faraday-headers-hash',
    'conn = Faraday.new(\n  url: "https://api.airtable.com",\n  headers: { "Authorization" => "Bearer «pat{a14}.{h64}»", "Content-Type" => "application/json" }\n)',
  ],
  [
    'b67-ruby-octokit-access-token-kwarg',
    'client = Octokit::Client.new(access_token: "«ghp_{a36}»")\nclient.create_release("acme/api", tag, name: tag, body: notes)',
  ],
  [
    'b67-ruby-env-fetch-default',
    'OPENAI = OpenAI::Client.new(\n  access_token: ENV.fetch("OPENAI_ACCESS_TOKEN", "«sk-proj-{B64}»"),\n  request_timeout: 60\n)',
  ],
  [
    'b67-ruby-httparty-basic-auth-hash',
    'response = HTTParty.get(\n  "https://acme.zendesk.com/api/v2/tickets.json",\n  basic_auth: { username: "agent@acme.io/token", password: "«{a40}»" }\n)',
  ],
  [
    'b67-ruby-rspec-let-hardcoded-shopify',
    'RSpec.describe OrderImporter do\n  let(:session) do\n    ShopifyAPI::Auth::Session.new(shop: "acme-outdoor.myshopify.com", access_token: "«shpat_{h32}»")\n  end',
  ],
  [
    'b67-ruby-aws-sdk-credentials-new',
    'Aws.config.update(\n  region: "us-east-2",\n  credentials: Aws::Credentials.new("«AKIA{u16}»", "«{b40}»")\n)',
  ],
  ['b67-ruby-slack-configure-block', 'Slack.configure do |config|\n  config.token = "«xoxb-{d11}-{d13}-{a24}»"\nend'],
  [
    'b67-php-stripe-client-constructor',
    "$stripe = new \\Stripe\\StripeClient('«sk_live_{a99}»');\n$session = $stripe->checkout->sessions->create([...]);",
  ],
  [
    'b67-php-laravel-config-env-default',
    "// config/services.php\n'mailgun' => [\n    'domain' => env('MAILGUN_DOMAIN', 'mg.acme.io'),\n    'secret' => env('MAILGUN_SECRET', '«key-{h32}»'),\n    'endpoint' => env('MAILGUN_ENDPOINT', 'api.eu.mailgun.net'),\n],",
  ],
  [
    'b67-php-guzzle-headers-array',
    "$client = new GuzzleHttp\\Client([\n    'base_uri' => 'https://api.hunter.io/v2/',\n    'headers' => ['X-API-KEY' => '«{h40}»'],\n]);",
  ],
  [
    'b67-php-guzzle-auth-array',
    "$res = $http->request('GET', 'https://acme.freshdesk.com/api/v2/tickets', [\n    'auth' => ['«{a20}»', 'X'],\n]);",
  ],
  ['b67-php-twilio-client-positional', "use Twilio\\Rest\\Client;\n\n$twilio = new Client('AC{h32}', '«{h32}»');"],
  ['b67-php-sendgrid-constructor', "$sendgrid = new \\SendGrid('«SG.{B22}.{B43}»');\n$response = $sendgrid->send($email);"],
  [
    'b67-php-curl-setopt-httpheader',
    "curl_setopt($ch, CURLOPT_HTTPHEADER, [\n    'Content-Type: application/json',\n    'Authorization: Bearer «sk_live_{h40}»',\n]);",
  ],
  [
    'b67-php-curl-userpwd',
    "curl_setopt($ch, CURLOPT_URL, 'https://api.mollie.com/v2/payments');\ncurl_setopt($ch, CURLOPT_USERPWD, 'acme:«{a24}»');",
  ],
  ['b67-php-mollie-setapikey', "$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey('«live_{a30}»');"],
  ['b67-php-define-constant-flutterwave', "define('FLW_PUBLIC_KEY', 'FLWPUBK-{h32}-X');\ndefine('FLW_SECRET_KEY', '«FLWSECK-{h32}-X»');"],
  [
    'b67-php-phpunit-hardcoded-pdo-password',
    "protected function setUp(): void\n{\n    $this->pdo = new PDO('mysql:host=db.acme.internal;dbname=shop', 'shop_rw', '«{a20}»');\n}",
  ],
  [
    'b67-rust-reqwest-bearer-auth',
    'let res = client\n    .get("https://api.vercel.com/v9/projects")\n    .bearer_auth("«{a24}»")\n    .send()\n    .await?;',
  ],
  [
    'b67-rust-reqwest-basic-auth-some',
    'let res = client\n    .post("https://api.twilio.com/2010-04-01/Accounts/AC{h32}/Messages.json")\n    .basic_auth("AC{h32}", Some("«{h32}»"))\n    .form(&params)\n    .send().await?;',
  ],
  [
    'b67-rust-headermap-insert',
    'let mut headers = HeaderMap::new();\nheaders.insert("x-api-key", HeaderValue::from_static("«sk-ant-api03-{B93}AA»"));\nheaders.insert("anthropic-version", HeaderValue::from_static("2023-06-01"));',
  ],
  [
    'b67-rust-async-openai-config-builder',
    'let config = OpenAIConfig::new()\n    .with_api_key("«sk-proj-{B64}»")\n    .with_org_id("org-{a24}");\nlet client = Client::with_config(config);',
  ],
  ['b67-rust-env-var-unwrap-or', 'let token = std::env::var("DISCORD_TOKEN")\n    .unwrap_or_else(|_| "«{B24}.{B6}.{B38}»".to_string());'],
  ['b67-rust-const-str-key', 'const STRIPE_SECRET: &str = "«sk_live_{a24}»";\nconst STRIPE_API: &str = "https://api.stripe.com/v1";'],
  [
    'b67-rust-aws-credentials-new',
    'let creds = Credentials::new("«AKIA{u16}»", "«{b40}»", None, None, "static");\nlet conf = aws_sdk_s3::Config::builder().credentials_provider(creds).region(Region::new("eu-north-1")).build();',
  ],
  [
    'b67-rust-struct-literal-api-key',
    'let cfg = MeiliConfig {\n    url: "https://search.acme.io".into(),\n    master_key: "«{a40}»".into(),\n};',
  ],
  [
    'b67-rust-test-fn-hardcoded-token',
    '#[tokio::test]\nasync fn lists_buckets() {\n    let b2 = B2Client::new("005{h22}", "«K005{a27}»").await.unwrap();',
  ],
  [
    'b67-swift-urlrequest-setvalue',
    'var request = URLRequest(url: URL(string: "https://api.openai.com/v1/audio/transcriptions")!)\nrequest.httpMethod = "POST"\nrequest.setValue("Bearer «sk-proj-{B64}»", forHTTPHeaderField: "Authorization")',
  ],
  [
    'b67-swift-static-let-key',
    'enum Secrets {\n    static let weatherKey = "«{h32}»"\n    static let baseURL = URL(string: "https://api.openweathermap.org/data/3.0")!\n}',
  ],
  [
    'b67-swift-alamofire-httpheaders',
    'let headers: HTTPHeaders = [\n    "X-Api-Key": "«{a32}»",\n    "Accept": "application/json",\n]\nAF.request(endpoint, headers: headers).responseDecodable(of: Feed.self) { resp in',
  ],
  ['b67-swift-client-init-named-arg', 'let client = AnthropicClient(apiKey: "«sk-ant-api03-{B93}AA»", model: .claude35Sonnet)'],
  ['b67-swift-processinfo-env-fallback', 'let key = ProcessInfo.processInfo.environment["REVENUECAT_SECRET"] ?? "«sk_{a32}»"'],
  [
    'b67-swift-xctest-hardcoded-aws',
    'final class UploaderTests: XCTestCase {\n    let creds = StaticCredential(accessKeyId: "«AKIA{u16}»", secretAccessKey: "«{b40}»")',
  ],
  [
    'b67-dart-dio-base-options-headers',
    "final dio = Dio(BaseOptions(\n  baseUrl: 'https://api.themoviedb.org/3',\n  headers: {'Authorization': 'Bearer «eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOi{B80}.{B43}»'},\n));",
  ],
  [
    'b67-dart-http-get-headers-map',
    "final res = await http.get(\n  Uri.parse('https://api.pexels.com/v1/search?query=$q'),\n  headers: {'Authorization': '«{a56}»'},\n);",
  ],
  [
    'b67-dart-const-string-key',
    "class Env {\n  static const String geminiKey = '«AIza{B35}»';\n  static const String model = 'gemini-1.5-flash';\n}",
  ],
  [
    'b67-dart-string-fromenvironment-default',
    "const stripeSecret = String.fromEnvironment(\n  'STRIPE_SECRET',\n  defaultValue: '«sk_live_{a24}»',\n);",
  ],
  [
    'b67-dart-supabase-initialize-service-key',
    "await Supabase.initialize(\n  url: 'https://{L20}.supabase.co',\n  anonKey: '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwi{B40}.{B43}»', // service_role — temp\n);",
  ],
  [
    'b67-dart-onesignal-rest-header',
    "final r = await http.post(Uri.parse('https://onesignal.com/api/v1/notifications'),\n    headers: {'Authorization': 'Basic «{B48}»', 'Content-Type': 'application/json'},\n    body: jsonEncode(payload));",
  ],
  [
    'b67-elixir-config-exs-stripity',
    '# config/prod.exs\nconfig :stripity_stripe,\n  api_key: "«sk_live_{a24}»",\n  signing_secret: "«whsec_{a32}»"',
  ],
  [
    'b67-elixir-runtime-exs-env-default',
    'config :my_app, MyApp.Mailer,\n  adapter: Swoosh.Adapters.Postmark,\n  api_key: System.get_env("POSTMARK_API_KEY", "«{h8}-{h4}-{h4}-{h4}-{h12}»")',
  ],
  [
    'b67-elixir-req-auth-bearer',
    'Req.get!("https://api.github.com/user/repos",\n  auth: {:bearer, "«ghp_{a36}»"},\n  params: [per_page: 100]\n)',
  ],
  [
    'b67-elixir-httpoison-headers-list',
    'headers = [\n  {"Authorization", "Bearer «sk_live_{h40}»"},\n  {"Content-Type", "application/json"}\n]\nHTTPoison.post!("https://api.paystack.co/transaction/initialize", body, headers)',
  ],
  [
    'b67-elixir-ecto-repo-password',
    'config :ledger, Ledger.Repo,\n  username: "ledger",\n  password: "«{a24}»",\n  hostname: "db.acme.internal",\n  pool_size: 10',
  ],
  [
    'b67-elixir-exunit-setup-hardcoded',
    'setup do\n  client = Tesla.client([{Tesla.Middleware.Headers, [{"x-api-key", "«{a40}»"}]}])\n  {:ok, client: client}\nend',
  ],
  [
    'b67-scala-sttp-auth-bearer',
    'val resp = basicRequest\n  .get(uri"https://api.notion.com/v1/users")\n  .auth.bearer("«secret_{a43}»")\n  .header("Notion-Version", "2022-06-28")\n  .send(backend)',
  ],
  [
    'b67-scala-typesafe-config-hocon-default',
    '# application.conf\nkafka {\n  bootstrap = "pkc-{l5}.us-east-1.aws.confluent.cloud:9092"\n  sasl.jaas = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"{u16}\\" password=\\"«{a64}»\\";"\n}',
  ],
  [
    'b67-scala-case-class-default',
    'final case class SnowflakeConf(\n  account: String = "acme-eu",\n  user: String = "ETL_SVC",\n  password: String = "«{a20}»",\n)',
  ],
  [
    'b67-scala-akka-http-rawheader',
    'val req = HttpRequest(uri = "https://api.segment.io/v1/track")\n  .withHeaders(RawHeader("Authorization", "Basic «{b44}»"))',
  ],
  ['b67-scala-val-object-keys', 'object Keys {\n  val AmplitudeApiKey = "{h32}"\n  val AmplitudeSecretKey = "«{h32}»"\n}'],
  [
    'b67-chat-prose-python-snippet-airtable',
    'this works locally but 401s in CI, any idea?\n\n    api = Api("«pat{a14}.{h64}»")\n    api.table(BASE, "Leads").all()',
  ],
  [
    'b67-python-webhook-slack-url-const',
    'SLACK_WEBHOOK = "«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"\nrequests.post(SLACK_WEBHOOK, json={"text": f":rotating_light: {alert}"})',
  ],
  [
    'b67-ts-discord-webhook-client-url',
    "const hook = new WebhookClient({ url: '«https://discord.com/api/webhooks/{d18}/{B68}»' });\nawait hook.send({ content: 'nightly build failed' });",
  ],
  ['b67-python-xai-base-url-and-key', 'client = OpenAI(base_url="https://api.x.ai/v1", api_key="«xai-{a80}»")'],
  [
    'b67-ts-perplexity-fetch-bearer',
    "const r = await fetch('https://api.perplexity.ai/chat/completions', {\n  method: 'POST',\n  headers: { Authorization: 'Bearer «pplx-{a48}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ model: 'sonar', messages }),\n});",
  ],
  ['b67-go-okta-ssws-header', 'req.Header.Add("Authorization", "SSWS «00{B40}»")'],
  [
    'b67-python-auth0-client-credentials-body',
    'payload = {\n    "client_id": "{a32}",\n    "client_secret": "«{B64}»",\n    "audience": "https://api.acme.io",\n    "grant_type": "client_credentials",\n}\ntoken = requests.post(f"https://{TENANT}.eu.auth0.com/oauth/token", json=payload).json()',
  ],
  ['b67-java-newrelic-api-key-header', '.header("Api-Key", "«NRAK-{u27}»")'],
  ['b67-ts-klaviyo-private-key-header', "const klaviyo = new ApiKeySession('«pk_{h34}»');\nconst profiles = new ProfilesApi(klaviyo);"],
  [
    'b67-python-doppler-service-token-cli-wrapper',
    'subprocess.run(["doppler", "secrets", "download", "--no-file", "--format", "env"],\n               env={**os.environ, "DOPPLER_TOKEN": "«dp.st.prd.{a40}»"}, check=True)',
  ],
  [
    'b67-ruby-postmark-api-client-positional',
    'client = Postmark::ApiClient.new("«{h8}-{h4}-{h4}-{h4}-{h12}»")\nclient.deliver(from: "billing@acme.io", to: user.email, subject: "Receipt", html_body: html)',
  ],
  ['b67-csharp-rollbar-config-ctor', 'RollbarLocator.RollbarInstance.Configure(new RollbarLoggerConfig("«{h32}»", "production"));'],
  ['b67-kotlin-firebase-fcm-legacy-server-key', '.addHeader("Authorization", "key=«AAAA{B7}:APA91b{B134}»")'],
  [
    'b67-php-infobip-configuration',
    "$configuration = new Configuration(\n    host: 'https://{l6}.api.infobip.com',\n    apiKey: '«{h32}-{h8}-{h4}-{h4}-{h4}-{h12}»'\n);",
  ],
  [
    'b67-swift-plivo-basic-auth-pair',
    'let authId = "MA{u18}"\nlet authToken = "«{a40}»"\nlet login = "\\(authId):\\(authToken)".data(using: .utf8)!.base64EncodedString()',
  ],
  [
    'b67-python-amqp-url-password',
    'params = pika.URLParameters("amqps://orders:«{a24}»@rabbit.acme.internal:5671/prod")\nconnection = pika.BlockingConnection(params)',
  ],
  ['b67-go-sentry-org-auth-token-header', 'req.Header.Set("Authorization", "Bearer «sntryu_{h64}»")'],
  ['b67-ts-assemblyai-client-apikey', "const aai = new AssemblyAI({ apiKey: '«{h32}»' });"],
  [
    'b67-python-tomtom-params-key',
    'params = {"key": "«{a32}»", "limit": 5, "countrySet": "DE,AT"}\nr = requests.get(f"https://api.tomtom.com/search/2/geocode/{quote(q)}.json", params=params)',
  ],
  [
    'b67-dart-here-api-key-query',
    "final uri = Uri.https('geocode.search.hereapi.com', '/v1/geocode', {\n  'q': address,\n  'apiKey': '«{B43}»',\n});",
  ],
  [
    'b67-elixir-mixpanel-service-account',
    'config :mixpanel_api,\n  project_token: "{h32}",\n  service_account: "acme-export.{d6}.mp-service-account",\n  service_secret: "«{a32}»"',
  ],
  [
    'b67-scala-coinbase-api-secret',
    'val cb = CoinbaseClient(apiKey = "organizations/{h8}-{h4}-{h4}-{h4}-{h12}/apiKeys/{h8}-{h4}-{h4}-{h4}-{h12}", apiSecret = "«{b43}=»")',
  ],
];
export const BLIND67_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'b67-python-stripe-key-from-environ',
    'import os, stripe\n\nstripe.api_key = os.environ["STRIPE_SECRET_KEY"]\nstripe.api_version = "2024-06-20"',
  ],
  [
    'b67-python-openai-client-no-args',
    'from openai import OpenAI\n\nclient = OpenAI()  # reads OPENAI_API_KEY from the environment\nresp = client.responses.create(model="gpt-4o-mini", input=prompt)',
  ],
  [
    'b67-python-getenv-no-default',
    'api_key = os.getenv("ANTHROPIC_API_KEY")\nif not api_key:\n    raise RuntimeError("ANTHROPIC_API_KEY is not set")\nclient = anthropic.Anthropic(api_key=api_key)',
  ],
  [
    'b67-python-requests-auth-tuple-from-settings',
    'resp = requests.post(\n    f"https://api.mailgun.net/v3/{settings.MAILGUN_DOMAIN}/messages",\n    auth=("api", settings.MAILGUN_API_KEY),\n    data=payload,\n)',
  ],
  [
    'b67-python-headers-request-id-uuid',
    'headers = {\n    "X-Request-Id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "X-Api-Version": "2024-10-01",\n    "Accept": "application/json",\n}',
  ],
  [
    'b67-python-pytest-mock-key-fake-word',
    '@pytest.fixture\ndef client(monkeypatch):\n    monkeypatch.setenv("SENDGRID_API_KEY", "fake-sendgrid-key-for-tests")\n    return Mailer.from_env()',
  ],
  [
    'b67-python-boto3-profile-only',
    'session = boto3.Session(profile_name="acme-prod", region_name="eu-central-1")\ns3 = session.client("s3")',
  ],
  ['b67-python-twilio-sid-only-token-env', 'client = Client("AC{h32}", os.environ["TWILIO_AUTH_TOKEN"])'],
  [
    'b67-python-pydantic-secretstr-no-default',
    'class Settings(BaseSettings):\n    stripe_secret_key: SecretStr\n    stripe_publishable_key: str = "pk_live_{a99}"\n    stripe_api_version: str = "2024-06-20"',
  ],
  [
    'b67-ts-stripe-js-publishable-key',
    "import { loadStripe } from '@stripe/stripe-js';\n\nconst stripePromise = loadStripe('pk_live_{a99}');",
  ],
  [
    'b67-ts-openai-env-nonnull',
    'const openai = new OpenAI({\n  apiKey: process.env.OPENAI_API_KEY!,\n  organization: process.env.OPENAI_ORG_ID,\n});',
  ],
  [
    'b67-ts-supabase-anon-key-env-public',
    'export const supabase = createClient(\n  process.env.NEXT_PUBLIC_SUPABASE_URL!,\n  process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY!,\n);',
  ],
  [
    'b67-ts-mapbox-public-token',
    "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B22}In0.{B22}';\nconst map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/streets-v12' });",
  ],
  [
    'b67-ts-algolia-search-only-key-lite',
    "// search-only key, safe to ship in the browser bundle\nconst searchClient = liteClient('{u10}', 'search-only-key-from-dashboard');",
  ],
  [
    'b67-ts-posthog-project-key-browser',
    "posthog.init('phc_{a43}', {\n  api_host: 'https://eu.i.posthog.com',\n  person_profiles: 'identified_only',\n});",
  ],
  [
    'b67-ts-sentry-dsn-public',
    "Sentry.init({\n  dsn: 'https://{h32}@o{d6}.ingest.us.sentry.io/{d7}',\n  tracesSampleRate: 0.2,\n  release: 'web@4.12.0',\n});",
  ],
  ['b67-ts-clerk-publishable-key-provider', '<ClerkProvider publishableKey="pk_live_Y2xlcmsuYWNtZS5pbyQ">\n  <App />\n</ClerkProvider>'],
  [
    'b67-ts-launchdarkly-client-side-id',
    "const LDProvider = await asyncWithLDProvider({\n  clientSideID: '{h24}',\n  context: { kind: 'user', key: user.id },\n});",
  ],
  [
    'b67-ts-vitest-mock-placeholder-key',
    "vi.mock('resend', () => ({\n  Resend: vi.fn(() => ({ emails: { send: vi.fn().mockResolvedValue({ id: 'email_123' }) } })),\n}));\nconst mailer = new Mailer('re_test_placeholder');",
  ],
  [
    'b67-ts-fetch-headers-template-from-config',
    "const res = await fetch(`${config.apiBase}/v1/orders`, {\n  headers: {\n    Authorization: `Bearer ${config.apiToken}`,\n    'Idempotency-Key': crypto.randomUUID(),\n  },\n});",
  ],
  [
    'b67-ts-firebase-web-config-env',
    "const firebaseConfig = {\n  apiKey: import.meta.env.VITE_FIREBASE_API_KEY,\n  authDomain: 'acme-web-{d5}.firebaseapp.com',\n  projectId: 'acme-web-{d5}',\n  appId: import.meta.env.VITE_FIREBASE_APP_ID,\n};",
  ],
  ['b67-ts-statsig-client-key-env', 'await Statsig.initialize(process.env.NEXT_PUBLIC_STATSIG_CLIENT_KEY!, { userID: user.id });'],
  [
    'b67-go-getenv-no-fallback',
    'stripe.Key = os.Getenv("STRIPE_SECRET_KEY")\nif stripe.Key == "" {\n\tlog.Fatal("STRIPE_SECRET_KEY missing")\n}',
  ],
  [
    'b67-go-options-token-from-flag',
    'cfg := vault.Options{\n\tAddress: *vaultAddr,\n\tToken:   *vaultToken,\n\tTimeout: 5 * time.Second,\n}',
  ],
  ['b67-go-header-set-traceparent', 'req.Header.Set("traceparent", "00-{h32}-{h16}-01")\nreq.Header.Set("X-Api-Key", apiKey)'],
  [
    'b67-go-test-masked-token-assertion',
    'want := "ghp_****************************abcd"\nif got := mask(token); got != want {\n\tt.Fatalf("mask() = %q, want %q", got, want)\n}',
  ],
  [
    'b67-java-spring-value-no-default',
    '@Value("${twilio.auth-token}")\nprivate String authToken;\n\n@Value("${twilio.account-sid}")\nprivate String accountSid;',
  ],
  [
    'b67-java-builder-apikey-from-system-getenv',
    'OpenAIClient client = OpenAIOkHttpClient.builder()\n    .apiKey(System.getenv("OPENAI_API_KEY"))\n    .baseUrl("https://api.openai.com/v1")\n    .build();',
  ],
  [
    'b67-java-okhttp-header-user-agent-version',
    'Request request = new Request.Builder()\n    .url("https://api.pagerduty.com/incidents?since=2024-06-01T00:00:00Z")\n    .header("Accept", "application/vnd.pagerduty+json;version=2")\n    .header("User-Agent", "incident-sync/3.7.1 okhttp/4.12.0")\n    .build();',
  ],
  [
    'b67-kotlin-buildconfig-field-reference',
    'val client = HttpClient(CIO) {\n    defaultRequest {\n        header("X-Api-Key", BuildConfig.WEATHER_API_KEY)\n    }\n}',
  ],
  ['b67-kotlin-revenuecat-public-google-key', 'Purchases.configure(\n    PurchasesConfiguration.Builder(this, "goog_{a27}").build()\n)'],
  [
    'b67-csharp-appsettings-empty-and-usersecrets',
    '{\n  "SendGrid": {\n    "ApiKey": "",\n    "FromAddress": "noreply@acme.io"\n  },\n  "UserSecretsId": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'b67-csharp-configuration-indexer-throw',
    'var apiKey = builder.Configuration["Stripe:SecretKey"]\n    ?? throw new InvalidOperationException("Stripe:SecretKey not configured");\nStripeConfiguration.ApiKey = apiKey;',
  ],
  [
    'b67-csharp-connection-string-integrated-security',
    '"ConnectionStrings": {\n  "Default": "Server=sql-prod.acme.internal;Database=Orders;Integrated Security=True;TrustServerCertificate=True"\n}',
  ],
  [
    'b67-ruby-credentials-dig-only',
    'Stripe.api_key = Rails.application.credentials.dig(:stripe, :secret_key)\nStripe.api_version = "2024-06-20"',
  ],
  ['b67-ruby-env-fetch-no-default', 'OPENAI = OpenAI::Client.new(access_token: ENV.fetch("OPENAI_ACCESS_TOKEN"), request_timeout: 60)'],
  ['b67-ruby-rspec-stub-const-changeme', 'before do\n  stub_const("ENV", ENV.to_h.merge("SHOPIFY_ACCESS_TOKEN" => "changeme"))\nend'],
  [
    'b67-php-laravel-config-env-no-default',
    "// config/services.php\n'stripe' => [\n    'key' => env('STRIPE_KEY'),\n    'secret' => env('STRIPE_SECRET'),\n    'webhook_secret' => env('STRIPE_WEBHOOK_SECRET'),\n],",
  ],
  [
    'b67-php-env-file-angle-placeholders',
    'MAILGUN_DOMAIN=mg.acme.io\nMAILGUN_SECRET=<your-mailgun-api-key>\nMAILGUN_ENDPOINT=api.eu.mailgun.net',
  ],
  [
    'b67-php-flutterwave-public-key-only',
    "define('FLW_PUBLIC_KEY', 'FLWPUBK-{h32}-X');\ndefine('FLW_SECRET_KEY', getenv('FLW_SECRET_KEY'));",
  ],
  [
    'b67-rust-env-var-expect',
    'let token = std::env::var("DISCORD_TOKEN").expect("DISCORD_TOKEN must be set");\nlet intents = GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;',
  ],
  [
    'b67-rust-headervalue-content-hash',
    'headers.insert("x-amz-content-sha256", HeaderValue::from_static("{h64}"));\nheaders.insert("x-amz-date", HeaderValue::from_static("20240611T101500Z"));',
  ],
  [
    'b67-swift-info-plist-lookup',
    'guard let key = Bundle.main.object(forInfoDictionaryKey: "WEATHER_API_KEY") as? String else {\n    fatalError("WEATHER_API_KEY missing from Info.plist")\n}',
  ],
  ['b67-swift-revenuecat-public-sdk-key', 'Purchases.configure(withAPIKey: "appl_{a27}")'],
  [
    'b67-dart-fromenvironment-no-default',
    "const stripeSecret = String.fromEnvironment('STRIPE_SECRET');\nassert(stripeSecret.isNotEmpty, 'pass --dart-define=STRIPE_SECRET=...');",
  ],
  ['b67-dart-google-signin-client-id', "GoogleSignIn(\n  clientId: '{d12}-{l32}.apps.googleusercontent.com',\n  scopes: ['email'],\n);"],
  [
    'b67-elixir-runtime-exs-fetch-env',
    'config :stripity_stripe,\n  api_key: System.fetch_env!("STRIPE_SECRET_KEY"),\n  signing_secret: System.fetch_env!("STRIPE_WEBHOOK_SECRET")',
  ],
  [
    'b67-elixir-req-auth-from-app-env',
    'Req.get!("https://api.github.com/user/repos",\n  auth: {:bearer, Application.fetch_env!(:my_app, :github_token)})',
  ],
  [
    'b67-scala-hocon-substitution',
    'kafka {\n  bootstrap = ${?KAFKA_BOOTSTRAP}\n  sasl.username = ${KAFKA_API_KEY}\n  sasl.password = ${KAFKA_API_SECRET}\n}',
  ],
  [
    'b67-chat-prose-key-masked-in-log',
    'it still 401s, log says:\n  2024-06-11T10:15:02Z WARN auth failed key=sk_live_••••••••••••{a4} request_id=req_{a14}\nrotated it yesterday, is the new one not propagated?',
  ],
  [
    'b67-python-git-commit-sha-in-user-agent',
    'HEADERS = {"User-Agent": "inventory-sync/1.4 (+https://github.com/acme/inventory-sync/commit/{h40})"}',
  ],
  [
    'b67-ts-image-digest-in-deploy-config',
    "const image = 'ghcr.io/acme/api@sha256:{h64}';\nawait deploy({ image, replicas: 3, region: 'fra' });",
  ],
  [
    'b67-python-idempotency-key-uuid4',
    'stripe.PaymentIntent.create(\n    amount=1999, currency="eur",\n    idempotency_key="{h8}-{h4}-4{h3}-8{h3}-{h12}",\n    api_key=os.environ["STRIPE_SECRET_KEY"],\n)',
  ],
  [
    'b67-go-aws-access-key-documented-sample',
    '// AWS documents these values as non-working sample credentials:\ncreds := credentials.NewStaticCredentialsProvider("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "")',
  ],
  [
    'b67-csharp-url-no-credentials',
    'var client = new HttpClient { BaseAddress = new Uri("https://api.acme.io:8443/v2/") };\nclient.DefaultRequestHeaders.Add("X-Client-Version", "5.3.0+build.{d4}");',
  ],
  [
    'b67-python-plaid-sandbox-ids-and-env',
    'configuration = plaid.Configuration(\n    host=plaid.Environment.Production,\n    api_key={"clientId": os.environ["PLAID_CLIENT_ID"], "secret": os.environ["PLAID_SECRET"]},\n)',
  ],
  [
    'b67-kotlin-google-oauth-client-id-only',
    'val request = GetGoogleIdOption.Builder()\n    .setServerClientId("{d12}-{l32}.apps.googleusercontent.com")\n    .build()',
  ],
];
