/** A forty-third held-out batch, written blind from the facts of public rule sets (Kingfisher rules with depends_on_rule, Nosey Parker rules with several captures, TruffleHog detectors that match an id and a secret): credentials that come in pairs or groups, written as developers write them (env pairs, SDK constructors, CLI flags, ini sections, Basic auth, query strings), every value a template run, scored once before tuning. */
export const BLIND43_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'aws-basic-credentials-java-multiline-args',
    'AWSCredentials creds = new BasicAWSCredentials(\n        "«AKIA{u16}»",\n        "«{b40}»");\nAmazonS3 s3 = AmazonS3ClientBuilder.standard()\n        .withCredentials(new AWSStaticCredentialsProvider(creds))\n        .withRegion(Regions.EU_WEST_1)\n        .build();',
  ],
  [
    'aws-static-credentials-go-session',
    'sess, err := session.NewSession(&aws.Config{\n\tRegion:      aws.String("us-east-2"),\n\tCredentials: credentials.NewStaticCredentials("«AKIA{u16}»", "«{b40}»", ""),\n})',
  ],
  [
    'aws-basic-credentials-csharp-sqs',
    'var credentials = new BasicAWSCredentials("«AKIA{u16}»", "«{b40}»");\nusing var sqs = new AmazonSQSClient(credentials, RegionEndpoint.APSoutheast2);',
  ],
  [
    'aws-php-sdk-credentials-array',
    "$s3 = new Aws\\S3\\S3Client([\n    'version' => 'latest',\n    'region'  => 'eu-central-1',\n    'credentials' => [\n        'key'    => '«AKIA{u16}»',\n        'secret' => '«{b40}»',\n    ],\n]);",
  ],
  [
    'aws-cli-configure-set-two-commands',
    '$ aws configure set aws_access_key_id «AKIA{u16}» --profile billing-ro\n$ aws configure set aws_secret_access_key «{b40}» --profile billing-ro\n$ aws sts get-caller-identity --profile billing-ro',
  ],
  [
    'alibaba-java-default-profile-positional',
    'DefaultProfile profile = DefaultProfile.getProfile(\n        "cn-hangzhou",\n        "«LTAI{a20}»",\n        "«{a30}»");\nIAcsClient client = new DefaultAcsClient(profile);',
  ],
  [
    'alibaba-oss-go-client-new',
    'client, err := oss.New("https://oss-cn-shanghai.aliyuncs.com", "«LTAI{a20}»", "«{a30}»")\nif err != nil {\n\tlog.Fatalf("aliyun oss: %v", err)\n}',
  ],
  [
    'alibaba-aliyun-cli-configure-flags',
    'aliyun configure set --profile akProfile --mode AK --region cn-beijing --access-key-id «LTAI{a18}» --access-key-secret «{a30}»',
  ],
  [
    'alibaba-terraform-alicloud-provider',
    'provider "alicloud" {\n  access_key = "«LTAI{a20}»"\n  secret_key = "«{a30}»"\n  region     = "cn-hangzhou"\n}',
  ],
  [
    'tencent-go-sdk-new-credential',
    'credential := common.NewCredential(\n\t"«AKID{a32}»",\n\t"«{a32}»",\n)\ncpf := profile.NewClientProfile()\nclient, _ := cvm.NewClient(credential, regions.Guangzhou, cpf)',
  ],
  [
    'tencent-tccli-default-credential-json',
    '$ cat ~/.tccli/default.credential\n{\n    "secretId": "«AKID{a32}»",\n    "secretKey": "«{a32}»"\n}',
  ],
  [
    'tencent-cos-python-config-kwargs',
    "config = CosConfig(Region='ap-shanghai', SecretId='«AKID{a32}»', SecretKey='«{a32}»', Token=None, Scheme='https')\nclient = CosS3Client(config)",
  ],
  [
    'tencent-terraform-provider-block',
    'provider "tencentcloud" {\n  secret_id  = "«AKID{a32}»"\n  secret_key = "«{a32}»"\n  region     = "ap-guangzhou"\n}',
  ],
  [
    'huawei-obs-python-client-kwargs',
    "obsClient = ObsClient(\n    access_key_id='{u20}',\n    secret_access_key='«{a40}»',\n    server='https://obs.cn-north-4.myhuaweicloud.com'\n)",
  ],
  [
    'huawei-cloud-sdk-env-ak-sk',
    'export HUAWEICLOUD_SDK_AK={u20}\nexport HUAWEICLOUD_SDK_SK=«{a40}»\nexport HUAWEICLOUD_SDK_PROJECT_ID={h32}',
  ],
  [
    'huawei-terraform-provider-block',
    'provider "huaweicloud" {\n  region     = "ap-southeast-1"\n  access_key = "{u20}"\n  secret_key = "«{a40}»"\n}',
  ],
  [
    'baidu-bce-python-credentials-positional',
    "from baidubce.auth.bce_credentials import BceCredentials\nconfig = BceClientConfiguration(\n    credentials=BceCredentials('{h32}', '«{h32}»'),\n    endpoint='bj.bcebos.com')",
  ],
  [
    'baidu-ai-client-credentials-token-url',
    'curl -s "https://aip.baidubce.com/oauth/2.0/token?grant_type=client_credentials&client_id={a24}&client_secret=«{a32}»"',
  ],
  [
    'qiniu-python-auth-positional',
    "import qiniu\nq = qiniu.Auth('{B40}', '«{B40}»')\ntoken = q.upload_token('static-assets', 'logo.png', 3600)",
  ],
  [
    'qiniu-go-mac-upload-token',
    'mac := qbox.NewMac("{B40}", "«{B40}»")\nputPolicy := storage.PutPolicy{Scope: "media-prod"}\nupToken := putPolicy.UploadToken(mac)',
  ],
  [
    'ibm-cos-hmac-aws-credentials-profile',
    '[ibm-cos]\naws_access_key_id = {h32}\naws_secret_access_key = «{h48}»\n# endpoint: https://s3.eu-de.cloud-object-storage.appdomain.cloud',
  ],
  [
    'ibm-cos-hmac-rclone-remote',
    '[icos]\ntype = s3\nprovider = IBMCOS\naccess_key_id = {h32}\nsecret_access_key = «{h48}»\nendpoint = s3.us-south.cloud-object-storage.appdomain.cloud',
  ],
  [
    'oci-customer-secret-key-boto3-compat',
    's3 = boto3.client(\n    "s3",\n    region_name="eu-frankfurt-1",\n    endpoint_url="https://{l12}.compat.objectstorage.eu-frankfurt-1.oraclecloud.com",\n    aws_access_key_id="{h40}",\n    aws_secret_access_key="«{b43}=»",\n)',
  ],
  [
    'cloudflare-r2-boto3-endpoint-keys',
    'r2 = boto3.client(\n    service_name="s3",\n    endpoint_url="https://{h32}.r2.cloudflarestorage.com",\n    aws_access_key_id="{h32}",\n    aws_secret_access_key="«{h64}»",\n    region_name="auto",\n)',
  ],
  [
    'cloudflare-r2-aws-sdk-js-credentials',
    "const r2 = new S3Client({\n  region: 'auto',\n  endpoint: `https://${ACCOUNT_ID}.r2.cloudflarestorage.com`,\n  credentials: {\n    accessKeyId: '{h32}',\n    secretAccessKey: '«{h64}»',\n  },\n});",
  ],
  [
    'gcs-hmac-key-pair-boto3-interop',
    '# GCS interoperability (XML API) through the S3 client\ns3 = boto3.client("s3", endpoint_url="https://storage.googleapis.com",\n                  aws_access_key_id="«GOOG1E{u55}»",\n                  aws_secret_access_key="«{b40}»")',
  ],
  ['backblaze-b2-account-authorize-cli', '$ b2 account authorize 005{h22} «K005{a27}»\nUsing https://api.backblazeb2.com'],
  ['backblaze-b2-restic-env', 'export B2_ACCOUNT_ID=005{h22}\nexport B2_ACCOUNT_KEY=«K005{a27}»\nrestic -r b2:nightly-backups:/srv init'],
  [
    'wasabi-s3cmd-config',
    '[default]\naccess_key = {u20}\nsecret_key = «{a40}»\nhost_base = s3.wasabisys.com\nhost_bucket = %(bucket)s.s3.wasabisys.com',
  ],
  [
    'wasabi-rclone-env-remote',
    'RCLONE_CONFIG_WASABI_TYPE=s3\nRCLONE_CONFIG_WASABI_PROVIDER=Wasabi\nRCLONE_CONFIG_WASABI_ACCESS_KEY_ID={u20}\nRCLONE_CONFIG_WASABI_SECRET_ACCESS_KEY=«{a40}»\nRCLONE_CONFIG_WASABI_ENDPOINT=s3.eu-central-1.wasabisys.com',
  ],
  [
    'linode-object-storage-keys-create-json',
    '$ linode-cli object-storage keys-create --label backups --json\n[{"id": {d6}, "label": "backups", "access_key": "{u20}", "secret_key": "«{a40}»", "limited": false}]',
  ],
  [
    'linode-object-storage-s3cmd-flags',
    "s3cmd --access_key={u20} --secret_key=«{a40}» --host=us-east-1.linodeobjects.com --host-bucket='%(bucket)s.us-east-1.linodeobjects.com' ls",
  ],
  [
    'digitalocean-spaces-keys-s3-client-node',
    "const spaces = new S3Client({\n  endpoint: 'https://fra1.digitaloceanspaces.com',\n  region: 'fra1',\n  credentials: { accessKeyId: '«DO00{u16}»', secretAccessKey: '«{b43}»' },\n});",
  ],
  [
    'digitalocean-spaces-rclone-env',
    'RCLONE_CONFIG_SPACES_TYPE=s3\nRCLONE_CONFIG_SPACES_PROVIDER=DigitalOcean\nRCLONE_CONFIG_SPACES_ACCESS_KEY_ID=«DO00{u16}»\nRCLONE_CONFIG_SPACES_SECRET_ACCESS_KEY=«{b43}»\nRCLONE_CONFIG_SPACES_ENDPOINT=ams3.digitaloceanspaces.com',
  ],
  [
    'exoscale-cli-account-toml',
    '[[accounts]]\n  account = "ops-prod"\n  defaultZone = "ch-gva-2"\n  endpoint = "https://api.exoscale.com/v1"\n  key = "«EXO{h24}»"\n  name = "ops-prod"\n  secret = "«{B43}»"',
  ],
  ['minio-mc-alias-set-positional', 'mc alias set backup https://minio.internal.acme.io:9000 {u20} «{a40}» --api S3v4'],
  [
    'minio-go-client-static-v4',
    'minioClient, err := minio.New("minio.internal:9000", &minio.Options{\n\tCreds:  credentials.NewStaticV4("{u20}", "«{a40}»", ""),\n\tSecure: true,\n})',
  ],
  [
    'razorpay-node-constructor-key-id-secret',
    "const Razorpay = require('razorpay');\nconst instance = new Razorpay({\n  key_id: 'rzp_live_{a14}',\n  key_secret: '«{a24}»',\n});",
  ],
  [
    'razorpay-python-client-auth-tuple',
    'client = razorpay.Client(auth=("rzp_live_{a14}", "«{a24}»"))\nclient.set_app_details({"title": "checkout-svc", "version": "2.4.0"})',
  ],
  ['razorpay-curl-basic-key-id-secret', 'curl -u rzp_live_{a14}:«{a24}» "https://api.razorpay.com/v1/payments?count=5"'],
  [
    'braintree-ruby-gateway-kwargs',
    'gateway = Braintree::Gateway.new(\n  environment: :production,\n  merchant_id: "{l16}",\n  public_key: "{l16}",\n  private_key: "«{h32}»",\n)',
  ],
  [
    'braintree-java-gateway-positional',
    'BraintreeGateway gateway = new BraintreeGateway(\n    Environment.PRODUCTION,\n    "{l16}",\n    "{l16}",\n    "«{h32}»"\n);',
  ],
  ['braintree-dotenv-three-values', 'BT_ENVIRONMENT=production\nBT_MERCHANT_ID={l16}\nBT_PUBLIC_KEY={l16}\nBT_PRIVATE_KEY=«{h32}»'],
  [
    'authorize-net-php-merchant-authentication',
    '$merchantAuthentication = new AnetAPI\\MerchantAuthenticationType();\n$merchantAuthentication->setName("{a9}");\n$merchantAuthentication->setTransactionKey("«{a16}»");',
  ],
  [
    'authorize-net-csharp-merchant-authentication',
    'ApiOperationBase<ANetApiRequest, ANetApiResponse>.MerchantAuthentication = new merchantAuthenticationType()\n{\n    name = "{a10}",\n    ItemElementName = ItemChoiceType.transactionKey,\n    Item = "«{a16}»",\n};',
  ],
  [
    'paytm-merchant-key-checksum-node',
    'const mid = "{a8}{d12}";\nconst mkey = "«{a11}#{a4}»";\nconst checksum = await PaytmChecksum.generateSignature(JSON.stringify(body), mkey);',
  ],
  ['payu-india-merchant-key-salt-env', 'PAYU_MERCHANT_KEY={a6}\nPAYU_MERCHANT_SALT=«{a32}»\nPAYU_BASE_URL=https://secure.payu.in/_payment'],
  [
    'ccavenue-working-key-php',
    "$merchant_id = '{d7}';\n$access_code = 'AV{U2}{d2}{U2}{d2}{U2}{d2}{U6}';\n$working_key = '«{H32}»';\n$encrypted_data = encrypt($merchant_data, $working_key);",
  ],
  [
    'twocheckout-python-private-key-seller-id',
    "twocheckout.Api.auth_credentials({\n    'private_key': '«{H8}-{H4}-{H4}-{H4}-{H12}»',\n    'seller_id': '{d9}',\n})",
  ],
  [
    'klarna-node-basic-uid-password',
    "const auth = Buffer.from(\n  'K{d6}_{h12}' + ':' + '«klarna_live_api_{B60}»'\n).toString('base64');\nawait fetch('https://api.klarna.com/payments/v1/sessions', { method: 'POST', headers: { Authorization: `Basic ${auth}` } });",
  ],
  [
    'adyen-java-client-api-key-live-prefix',
    'Client client = new Client("«AQE{a12}/{a80}»", Environment.LIVE, "{h16}-AcmeCorp");\nCheckout checkout = new Checkout(client);',
  ],
  [
    'paypal-dotnet-live-environment-positional',
    'var environment = new LiveEnvironment(\n    "A{B79}",\n    "«E{B79}»");\nvar client = new PayPalHttpClient(environment);',
  ],
  [
    'flutterwave-python-rave-public-secret',
    'from rave_python import Rave\nrave = Rave("FLWPUBK-{h32}-X", "«FLWSECK-{h32}-X»", production=True)',
  ],
  [
    'dwolla-python-client-key-secret',
    "client = dwollav2.Client(\n    key='{a50}',\n    secret='«{a50}»',\n    environment='production',\n)",
  ],
  [
    'alpaca-python-rest-key-id-secret',
    "api = tradeapi.REST(\n    'AK{u18}',\n    '«{a40}»',\n    base_url='https://api.alpaca.markets',\n    api_version='v2',\n)",
  ],
  [
    'alpaca-apca-headers-curl',
    'curl -s https://paper-api.alpaca.markets/v2/account \\\n  -H "APCA-API-KEY-ID: PK{u18}" \\\n  -H "APCA-API-SECRET-KEY: «{a40}»"',
  ],
  [
    'binance-go-client-new',
    'client := binance.NewClient("«{a64}»", "«{a64}»")\nres, err := client.NewGetAccountService().Do(context.Background())',
  ],
  [
    'binance-ccxt-js-config',
    "const exchange = new ccxt.binance({\n    apiKey: '«{a64}»',\n    secret: '«{a64}»',\n    options: { defaultType: 'future' },\n});",
  ],
  [
    'bybit-ccxt-python-dict',
    'exchange = ccxt.bybit({\n    "apiKey": "«{a18}»",\n    "secret": "«{a36}»",\n    "enableRateLimit": True,\n})',
  ],
  [
    'okx-python-sdk-three-positional',
    'accountAPI = Account.AccountAPI(\n    "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n    "«{H32}»",\n    "«{a10}#{d2}»",\n    False,\n    "0",\n)',
  ],
  ['okx-env-key-secret-passphrase', 'OKX_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nOKX_API_SECRET=«{H32}»\nOKX_API_PASSPHRASE=«{a14}»'],
  [
    'kucoin-python-client-three-positional',
    "from kucoin.client import Client\nclient = Client('«{h24}»', '«{h8}-{h4}-{h4}-{h4}-{h12}»', '«{a12}»')",
  ],
  [
    'gateio-python-configuration-key-secret',
    'configuration = gate_api.Configuration(\n    host="https://api.gateio.ws/api/v4",\n    key="«{h32}»",\n    secret="«{h64}»",\n)',
  ],
  [
    'huobi-python-account-client',
    'from huobi.client.account import AccountClient\naccount_client = AccountClient(api_key="«{h8}-{h8}-{h8}-{h5}»", secret_key="«{h8}-{h8}-{h8}-{h5}»")',
  ],
  ['bitget-env-key-secret-passphrase', 'BITGET_API_KEY=«bg_{h32}»\nBITGET_SECRET_KEY=«{h64}»\nBITGET_PASSPHRASE=«{a16}»'],
  ['mexc-ccxt-node-keys', "const mexc = new ccxt.mexc({ apiKey: '«mx0v{a14}»', secret: '«{h32}»' });"],
  [
    'bitstamp-json-customer-key-secret',
    '{\n  "bitstamp": {\n    "customer_id": "{d6}",\n    "api_key": "«{a32}»",\n    "api_secret": "«{a32}»"\n  }\n}',
  ],
  [
    'kraken-krakenex-key-file-two-lines',
    "$ cat kraken.key\n«{b56}»\n«{b86}==»\n$ python -c \"import krakenex; k = krakenex.API(); k.load_key('kraken.key'); print(k.query_private('Balance'))\"",
  ],
  ['bitfinex-node-rest-v2-client', "const rest = new RESTv2({\n  apiKey: '«{B43}»',\n  apiSecret: '«{B43}»',\n  transform: true,\n});"],
  [
    'deribit-client-credentials-auth-url',
    'curl -s "https://www.deribit.com/api/v2/public/auth?grant_type=client_credentials&client_id={a8}&client_secret=«{B43}»"',
  ],
  [
    'upbit-access-secret-jwt-python',
    '# upbit open api\naccess_key = "«{a40}»"\nsecret_key = "«{a40}»"\npayload = {"access_key": access_key, "nonce": str(uuid.uuid4())}\njwt_token = jwt.encode(payload, secret_key)',
  ],
  [
    'coinbase-exchange-legacy-key-secret-passphrase',
    'auth_client = cbpro.AuthenticatedClient(\n    "«{h32}»",\n    "«{b86}==»",\n    "«{l11}»",\n)',
  ],
  [
    'twilio-csharp-init-sid-token-consts',
    'const string accountSid = "AC{h32}";\nconst string authToken = "«{h32}»";\nTwilioClient.Init(accountSid, authToken);',
  ],
  [
    'twilio-java-init-positional',
    'Twilio.init("AC{h32}", "«{h32}»");\nMessage message = Message.creator(new PhoneNumber(to), new PhoneNumber(from), "build finished").create();',
  ],
  [
    'twilio-php-rest-client-positional',
    '$twilio = new Twilio\\Rest\\Client("AC{h32}", "«{h32}»");\n$twilio->messages->create($to, [\'from\' => $from, \'body\' => $text]);',
  ],
  [
    'twilio-go-client-params-username-password',
    'client := twilio.NewRestClientWithParams(twilio.ClientParams{\n\tUsername: "AC{h32}",\n\tPassword: "«{h32}»",\n})',
  ],
  ['vonage-python-client-key-secret', 'client = vonage.Client(key="{h8}", secret="«{a16}»")\nsms = vonage.Sms(client)'],
  [
    'vonage-php-basic-credentials',
    '$basic  = new \\Vonage\\Client\\Credentials\\Basic("{h8}", "«{a16}»");\n$client = new \\Vonage\\Client($basic);',
  ],
  ['vonage-node-server-sdk-object', "const vonage = new Vonage({\n  apiKey: '{h8}',\n  apiSecret: '«{a16}»',\n});"],
  [
    'nexmo-legacy-sms-url-query',
    'https://rest.nexmo.com/sms/json?api_key={h8}&api_secret=«{a16}»&from=AcmeAlerts&to=447700900000&text=Deploy+done',
  ],
  ['plivo-node-client-positional', "const plivo = require('plivo');\nconst client = new plivo.Client('MA{u18}', '«{a40}»');"],
  [
    'sinch-node-sdk-key-id-secret',
    "const sinchClient = new SinchClient({\n  projectId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  keyId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  keySecret: '«{a26}»',\n});",
  ],
  ['sinch-sms-service-plan-token-env', 'SINCH_SERVICE_PLAN_ID={h32}\nSINCH_API_TOKEN=«{h32}»\nSINCH_REGION=eu'],
  [
    'telesign-python-messaging-client-positional',
    'from telesign.messaging import MessagingClient\nmessaging = MessagingClient("{H8}-{H4}-{H4}-{H4}-{H12}", "«{b86}==»")\nresponse = messaging.message(phone_number, "Your code is 482913", "OTP")',
  ],
  [
    'bandwidth-messaging-env-user-password',
    '# Bandwidth messaging API\nBW_ACCOUNT_ID={d7}\nBW_USERNAME=api-messaging@acme.io\nBW_PASSWORD=«{a16}!{d2}»\nBW_MESSAGING_APPLICATION_ID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'africastalking-python-initialize',
    'import africastalking\nafricastalking.initialize(username="acme-notify", api_key="«atsk_{h64}»")\nsms = africastalking.SMS',
  ],
  [
    'bulksms-curl-basic-token-id-secret',
    '# bulksms api token (id / secret)\ncurl -u "{H32}-{H4}:«{a29}»" "https://api.bulksms.com/v1/messages?filter=type%3DSENT"',
  ],
  [
    'bulksms-python-requests-auth',
    'BULKSMS_TOKEN_ID = "{H32}-{H4}"\nBULKSMS_TOKEN_SECRET = "«{a29}»"\nr = requests.post("https://api.bulksms.com/v1/messages", auth=(BULKSMS_TOKEN_ID, BULKSMS_TOKEN_SECRET), json=payload)',
  ],
  ['mailjet-python-client-auth-tuple', 'from mailjet_rest import Client\nmailjet = Client(auth=("{h32}", "«{h32}»"), version="v3.1")'],
  ['mailjet-php-client-positional', "$mj = new \\Mailjet\\Client('{h32}', '«{h32}»', true, ['version' => 'v3.1']);"],
  [
    'pusher-go-client-struct',
    'pusherClient := pusher.Client{\n\tAppID:   "{d7}",\n\tKey:     "{h20}",\n\tSecret:  "«{h20}»",\n\tCluster: "eu",\n\tSecure:  true,\n}',
  ],
  [
    'pusher-node-channels-constructor',
    'const pusher = new Pusher({\n  appId: "{d7}",\n  key: "{h20}",\n  secret: "«{h20}»",\n  cluster: "ap2",\n  useTLS: true,\n});',
  ],
  [
    'agora-token-builder-python-positional',
    'from agora_token_builder import RtcTokenBuilder\ntoken = RtcTokenBuilder.buildTokenWithUid(\n    "{h32}",   # app id\n    "«{h32}»", # app certificate\n    channel_name, uid, Role_Publisher, privilege_expired_ts)',
  ],
  [
    'agora-node-consts-app-certificate',
    "const APP_ID = '{h32}';\nconst APP_CERTIFICATE = '«{h32}»';\nconst token = RtcTokenBuilder.buildTokenWithUid(APP_ID, APP_CERTIFICATE, channel, uid, RtcRole.PUBLISHER, expireAt);",
  ],
  ['zoom-meeting-sdk-key-secret-env', 'ZOOM_MEETING_SDK_KEY={a22}\nZOOM_MEETING_SDK_SECRET=«{a32}»'],
  [
    'zoom-s2s-token-python-requests-auth',
    'resp = requests.post(\n    "https://zoom.us/oauth/token",\n    params={"grant_type": "account_credentials", "account_id": "{B22}"},\n    auth=("{B22}", "«{a32}»"),\n)',
  ],
  [
    'opentok-ruby-api-key-secret',
    'require "opentok"\nopentok = OpenTok::OpenTok.new {d8}, "«{h40}»"\nsession = opentok.create_session media_mode: :routed',
  ],
  ['opentok-python-client-positional', 'from opentok import Client\nopentok = Client("{d8}", "«{h40}»")'],
  ['livekit-cli-api-key-secret-flags', 'lk room list --url wss://acme-x1y2.livekit.cloud --api-key API{a12} --api-secret «{a43}»'],
  [
    'livekit-go-access-token',
    'at := auth.NewAccessToken("API{a12}", "«{a43}»")\ngrant := &auth.VideoGrant{RoomJoin: true, Room: "standup"}',
  ],
  ['getstream-python-connect-key-secret', "import stream\nclient = stream.connect('{l12}', '«{l64}»', location='us-east')"],
  [
    'discord-oauth-client-id-secret-dotenv',
    'DISCORD_CLIENT_ID={d18}\nDISCORD_CLIENT_SECRET=«{B32}»\nDISCORD_REDIRECT_URI=http://localhost:3000/api/auth/callback/discord',
  ],
  [
    'discord-oauth-token-exchange-python-data',
    'data = {\n    "client_id": "{d18}",\n    "client_secret": "«{B32}»",\n    "grant_type": "authorization_code",\n    "code": code,\n    "redirect_uri": REDIRECT_URI,\n}\nr = requests.post("https://discord.com/api/v10/oauth2/token", data=data)',
  ],
  [
    'slack-bolt-app-signing-client-secrets',
    "const app = new App({\n  signingSecret: '«{h32}»',\n  clientId: '{d12}.{d13}',\n  clientSecret: '«{h32}»',\n  stateSecret: '«{a24}»',\n  scopes: ['chat:write', 'commands'],\n});",
  ],
  ['slack-app-env-client-and-signing-secret', 'SLACK_CLIENT_ID={d12}.{d13}\nSLACK_CLIENT_SECRET=«{h32}»\nSLACK_SIGNING_SECRET=«{h32}»'],
  [
    'telegram-telethon-api-id-hash',
    "from telethon import TelegramClient\nclient = TelegramClient('ops-session', {d8}, '«{h32}»')\nclient.start()",
  ],
  ['telegram-pyrogram-config-ini', '[pyrogram]\napi_id = {d7}\napi_hash = «{h32}»'],
  [
    'line-messaging-node-config-token-secret',
    "const config = {\n  channelAccessToken: '«{b171}=»',\n  channelSecret: '«{h32}»',\n};\nconst client = new line.messagingApi.MessagingApiClient(config);",
  ],
  ['wecom-corpid-corpsecret-gettoken-url', 'curl "https://qyapi.weixin.qq.com/cgi-bin/gettoken?corpid=ww{h16}&corpsecret=«{B43}»"'],
  ['wecom-yaml-corp-id-secret', 'wecom:\n  corp_id: ww{h16}\n  agent_id: 1000002\n  secret: «{B43}»'],
  ['dingtalk-appkey-appsecret-gettoken', 'curl "https://oapi.dingtalk.com/gettoken?appkey=ding{l16}&appsecret=«{B64}»"'],
  ['feishu-go-sdk-new-client', '// feishu bot used by the release notifier\nvar client = lark.NewClient("cli_{h16}", "«{a32}»")'],
  [
    'wechatpay-java-merchant-apiv3-key',
    'Config config = new RSAAutoCertificateConfig.Builder()\n        .merchantId("16{d8}")\n        .privateKeyFromPath("/etc/wechatpay/apiclient_key.pem")\n        .merchantSerialNumber("{H40}")\n        .apiV3Key("«{a32}»")\n        .build();',
  ],
  [
    'twitter-api-v2-node-four-values',
    "const client = new TwitterApi({\n  appKey: '{a25}',\n  appSecret: '«{a50}»',\n  accessToken: '«{d19}-{a30}»',\n  accessSecret: '«{a45}»',\n});",
  ],
  [
    'twitter-ruby-gem-configure-block',
    'client = Twitter::REST::Client.new do |config|\n  config.consumer_key        = "{a25}"\n  config.consumer_secret     = "«{a50}»"\n  config.access_token        = "«{d19}-{a30}»"\n  config.access_token_secret = "«{a45}»"\nend',
  ],
  [
    'facebook-php-sdk-app-id-secret',
    "$fb = new \\Facebook\\Facebook([\n  'app_id' => '{d15}',\n  'app_secret' => '«{h32}»',\n  'default_graph_version' => 'v19.0',\n]);",
  ],
  [
    'facebook-passport-strategy-client-secret',
    "passport.use(new FacebookStrategy({\n    clientID: '{d16}',\n    clientSecret: '«{h32}»',\n    callbackURL: 'https://app.acme.io/auth/facebook/callback'\n  }, verify));",
  ],
  [
    'reddit-snoowrap-script-app',
    "const r = new snoowrap({\n  userAgent: 'modbot/1.2 by u/acme_ops',\n  clientId: '{B22}',\n  clientSecret: '«{B30}»',\n  username: 'acme_ops',\n  password: '«{a14}»',\n});",
  ],
  [
    'reddit-praw-ini-site-section',
    '[acmebot]\nclient_id={B22}\nclient_secret=«{B30}»\nusername=acme_modbot\npassword=«{a16}»\nuser_agent=acmebot/0.3',
  ],
  [
    'spotify-spotipy-client-credentials',
    'sp = spotipy.Spotify(auth_manager=SpotifyClientCredentials(\n    client_id="{h32}",\n    client_secret="«{h32}»"))',
  ],
  [
    'spotify-java-api-builder',
    'SpotifyApi spotifyApi = new SpotifyApi.Builder()\n    .setClientId("{h32}")\n    .setClientSecret("«{h32}»")\n    .setRedirectUri(SpotifyHttpManager.makeUri("https://app.acme.io/spotify/callback"))\n    .build();',
  ],
  [
    'azure-go-client-secret-credential-positional',
    'cred, err := azidentity.NewClientSecretCredential(\n\t"{h8}-{h4}-{h4}-{h4}-{h12}",\n\t"{h8}-{h4}-{h4}-{h4}-{h12}",\n\t"«{a3}8Q~{B34}»",\n\tnil,\n)',
  ],
  [
    'azure-java-client-secret-credential-builder',
    'ClientSecretCredential credential = new ClientSecretCredentialBuilder()\n    .tenantId("{h8}-{h4}-{h4}-{h4}-{h12}")\n    .clientId("{h8}-{h4}-{h4}-{h4}-{h12}")\n    .clientSecret("«{a3}7Q~{B34}»")\n    .build();',
  ],
  [
    'ebay-sdk-yaml-appid-certid-token',
    'name: ebay_api_config\napi.ebay.com:\n    compatibility: 719\n    appid: AcmeCorp-Inventor-PRD-{h9}-{h8}\n    certid: «PRD-{h12}-{h4}-{h4}-{h4}-{h4}»\n    devid: {h8}-{h4}-{h4}-{h4}-{h12}\n    token: «v^1.1#i^1#p^3#r^1#I^3#f^0#t^{B120}»',
  ],
  [
    'xero-node-client-id-secret',
    "const xero = new XeroClient({\n  clientId: '{H32}',\n  clientSecret: '«{B48}»',\n  redirectUris: ['https://app.acme.io/xero/callback'],\n  scopes: 'openid profile email accounting.transactions offline_access'.split(' '),\n});",
  ],
  [
    'intuit-python-auth-client-kwargs',
    "auth_client = AuthClient(\n    client_id='AB{a48}',\n    client_secret='«{a40}»',\n    environment='production',\n    redirect_uri='https://books.acme.io/qbo/callback',\n)",
  ],
  [
    'salesforce-simple-salesforce-password-token',
    "sf = Salesforce(\n    username='integration@acme.io',\n    password='«{a12}!{d2}»',\n    security_token='«{a24}»',\n    domain='login',\n)",
  ],
  [
    'salesforce-jsforce-oauth2-client',
    "const conn = new jsforce.Connection({\n  oauth2: {\n    loginUrl: 'https://login.salesforce.com',\n    clientId: '3MVG9{B80}',\n    clientSecret: '«{H64}»',\n    redirectUri: 'https://app.acme.io/sf/callback',\n  },\n});",
  ],
  [
    'hubspot-public-app-client-secret-env',
    'HUBSPOT_APP_ID={d7}\nHUBSPOT_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nHUBSPOT_CLIENT_SECRET=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'box-python-oauth2-secret-and-token',
    "from boxsdk import OAuth2, Client\noauth = OAuth2(\n    client_id='{l32}',\n    client_secret='«{a32}»',\n    access_token='«{a32}»',\n)\nclient = Client(oauth)",
  ],
  [
    'dropbox-python-app-key-secret-refresh',
    'dbx = dropbox.Dropbox(\n    app_key="{l15}",\n    app_secret="«{l15}»",\n    oauth2_refresh_token="«{a11}AAAAAAAAAA{B43}»",\n)',
  ],
  [
    'zoho-refresh-token-grant-curl',
    'curl -X POST "https://accounts.zoho.com/oauth/v2/token" \\\n  -d "refresh_token=«1000.{h32}.{h32}»" \\\n  -d "client_id=1000.{u30}" \\\n  -d "client_secret=«{h42}»" \\\n  -d "grant_type=refresh_token"',
  ],
  [
    'fitbit-oauth-token-exchange-basic',
    '# fitbit web api token exchange\ncurl -X POST https://api.fitbit.com/oauth2/token \\\n  -u "{u6}:«{h32}»" \\\n  -d "grant_type=authorization_code&code=$CODE&redirect_uri=https%3A%2F%2Fapp.acme.io%2Ffitbit"',
  ],
  ['tiktok-client-key-secret-env', 'TIKTOK_CLIENT_KEY=aw{l14}\nTIKTOK_CLIENT_SECRET=«{a32}»'],
  [
    'okta-spring-oidc-client-secret',
    'okta.oauth2.issuer=https://acme.okta.com/oauth2/default\nokta.oauth2.client-id=0oa{a17}\nokta.oauth2.client-secret=«{B40}»',
  ],
  [
    'duo-python-admin-client-ikey-skey',
    "import duo_client\nadmin_api = duo_client.Admin(\n    ikey='DI{u18}',\n    skey='«{a40}»',\n    host='api-{h8}.duosecurity.com',\n)",
  ],
  [
    'duo-universal-client-kwargs',
    'duo_client = Client(\n    client_id="DI{u18}",\n    client_secret="«{a40}»",\n    host="api-{h8}.duosecurity.com",\n    redirect_uri="https://vpn.acme.io/duo-callback",\n)',
  ],
  [
    'tumblr-pytumblr-four-positional',
    "client = pytumblr.TumblrRestClient(\n    '{a50}',\n    '«{a50}»',\n    '«{a50}»',\n    '«{a50}»',\n)",
  ],
  [
    'google-ads-yaml-developer-token-secrets',
    'developer_token: «{B22}»\nclient_id: {d12}-{l32}.apps.googleusercontent.com\nclient_secret: «GOCSPX-{B28}»\nrefresh_token: «1//0{B95}»\nlogin_customer_id: {d10}\nuse_proto_plus: True',
  ],
  [
    'datadog-python-initialize-options',
    'from datadog import initialize, api\noptions = {\n    "api_key": "«{h32}»",\n    "app_key": "«{h40}»",\n    "api_host": "https://api.datadoghq.eu",\n}\ninitialize(**options)',
  ],
  [
    'datadog-terraform-provider-keys',
    'provider "datadog" {\n  api_key = "«{h32}»"\n  app_key = "«{h40}»"\n  api_url = "https://api.datadoghq.eu/"\n}',
  ],
  [
    'algolia-go-search-client-admin-key',
    '// github.com/algolia/algoliasearch-client-go/v3/algolia/search\nclient := search.NewClient("{u10}", "«{h32}»")\nindex := client.InitIndex("products_prod")',
  ],
  [
    'algolia-php-search-client-create',
    "$client = \\Algolia\\AlgoliaSearch\\SearchClient::create('{u10}', '«{h32}»');\n$index = $client->initIndex('docs_prod');",
  ],
  [
    'cloudinary-python-config-kwargs',
    'cloudinary.config(\n    cloud_name="acme-media",\n    api_key="{d15}",\n    api_secret="«{B27}»",\n    secure=True,\n)',
  ],
  [
    'cloudinary-node-config-object',
    "cloudinary.v2.config({\n  cloud_name: 'acme-media',\n  api_key: '{d15}',\n  api_secret: '«{B27}»',\n});",
  ],
  [
    'lambdatest-selenium-hub-url-userinfo',
    'driver = webdriver.Remote(\n    command_executor="https://qa.bot:«LT_{a47}»@hub.lambdatest.com/wd/hub",\n    options=options,\n)',
  ],
  ['lambdatest-env-username-access-key', 'LT_USERNAME=qa.bot\nLT_ACCESS_KEY=«{a50}»'],
  [
    'browserstack-wdio-user-key',
    "exports.config = {\n  user: 'acmeqa_{a6}',\n  key: '«{a20}»',\n  services: [['browserstack', { browserstackLocal: true }]],\n};",
  ],
  [
    'saucelabs-java-remote-url-concat',
    'String sauceUrl = "https://" + "acme-ci" + ":" + "«{h8}-{h4}-{h4}-{h4}-{h12}»" + "@ondemand.eu-central-1.saucelabs.com:443/wd/hub";',
  ],
  [
    'kaltura-python-session-start-positional',
    'ks = client.session.start(\n    "«{h32}»",          # admin secret\n    "ops@acme.io",\n    KalturaSessionType.ADMIN,\n    {d7},                # partner id\n    86400, "disableentitlement")',
  ],
  [
    'brightcove-oauth-client-credentials-curl',
    'curl -s -X POST "https://oauth.brightcove.com/v4/access_token?grant_type=client_credentials" \\\n  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{B86}»"',
  ],
  [
    'elastic-cloud-python-cloud-id-basic-auth',
    'es = Elasticsearch(\n    cloud_id="acme-prod:{b60}==",\n    basic_auth=("elastic", "«{a24}»"),\n)',
  ],
  [
    'elastic-cloud-node-client-auth',
    "const client = new Client({\n  cloud: { id: 'acme-prod:{b60}==' },\n  auth: { username: 'elastic', password: '«{a24}»' },\n});",
  ],
  [
    'confluent-java-jaas-plain-key-secret',
    'bootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{b64}»";',
  ],
  ['confluent-cli-api-key-store-positional', 'confluent api-key store {u16} «{b64}» --resource lkc-{l6}'],
  [
    'redis-cloud-api-key-headers-curl',
    'curl -s https://api.redislabs.com/v1/subscriptions \\\n  -H "x-api-key: «{a50}»" \\\n  -H "x-api-secret-key: «{a50}»"',
  ],
  [
    'akamai-edgegrid-env-vars',
    'AKAMAI_HOST=akab-{l16}-{l16}.luna.akamaiapis.net\nAKAMAI_CLIENT_TOKEN=«akab-{l16}-{l16}»\nAKAMAI_CLIENT_SECRET=«{b43}=»\nAKAMAI_ACCESS_TOKEN=«akab-{l16}-{l16}»',
  ],
  [
    'akamai-edgegrid-python-auth-kwargs',
    "session.auth = EdgeGridAuth(\n    client_token='«akab-{l16}-{l16}»',\n    client_secret='«{b43}=»',\n    access_token='«akab-{l16}-{l16}»',\n)",
  ],
  ['sentry-legacy-dsn-public-and-secret', 'SENTRY_DSN=https://{h32}:«{h32}»@sentry.acme.io/14'],
  [
    'zendesk-zenpy-email-token-dict',
    "creds = {\n    'email': 'support-bot@acme.io',\n    'token': '«{a40}»',\n    'subdomain': 'acmehelp',\n}\nzenpy_client = Zenpy(**creds)",
  ],
  ['zendesk-curl-email-slash-token', 'curl https://acmehelp.zendesk.com/api/v2/tickets.json -u support-bot@acme.io/token:«{a40}»'],
  [
    'servicenow-pysnow-client-password',
    "# servicenow incident sync\nc = pysnow.Client(instance='acme{d4}', user='svc_integration', password='«{a14}#{d2}»')\nincidents = c.resource(api_path='/table/incident')",
  ],
  ['harbor-robot-docker-login-stdin', "echo '«{a32}»' | docker login harbor.acme.io -u 'robot$ci+builder' --password-stdin"],
  ['tenable-pytenable-access-secret-positional', "from tenable.io import TenableIO\ntio = TenableIO('«{h64}»', '«{h64}»')"],
  ['crowdstrike-falcon-env-client-pair', 'FALCON_CLIENT_ID={h32}\nFALCON_CLIENT_SECRET=«{a40}»\nFALCON_CLOUD=us-2'],
  [
    'prisma-cloud-login-json-body',
    'curl -s -X POST https://api2.prismacloud.io/login -H \'Content-Type: application/json\' \\\n  -d \'{"username":"{h8}-{h4}-{h4}-{h4}-{h12}","password":"«{b27}=»"}\'',
  ],
  ['cisco-umbrella-key-secret-basic', 'curl -s -u "{h32}:«{h32}»" -X POST https://api.umbrella.com/auth/v2/token'],
  [
    'infisical-universal-auth-login-flags',
    'infisical login --method=universal-auth --client-id={h8}-{h4}-{h4}-{h4}-{h12} --client-secret=«{h64}»',
  ],
  [
    'astra-cassandra-plaintext-auth-provider',
    "cloud_config = {'secure_connect_bundle': '/app/secure-connect-astra-prod.zip'}\nauth_provider = PlainTextAuthProvider('{a24}', '«{a40},{a20}-{a30}»')\ncluster = Cluster(cloud=cloud_config, auth_provider=auth_provider)",
  ],
  ['customerio-ruby-track-client', '$customerio = Customerio::Client.new("{h20}", "«{h20}»", region: Customerio::Regions::EU)'],
  [
    'pusher-beams-python-instance-secret',
    "beams_client = PushNotifications(\n    instance_id='{h8}-{h4}-{h4}-{h4}-{h12}',\n    secret_key='«{H64}»',\n)",
  ],
  ['jpush-python-app-key-master-secret', 'import jpush\n_jpush = jpush.JPush("{h24}", "«{h24}»")\npush = _jpush.create_push()'],
  [
    'alipay-python-app-private-key-string',
    'alipay = AliPay(\n    appid="2021{d12}",\n    app_notify_url=None,\n    app_private_key_string="«MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b300}»",\n    alipay_public_key_string=alipay_public_key,\n    sign_type="RSA2",\n)',
  ],
  ['upyun-python-bucket-operator-password', "import upyun\nup = upyun.UpYun('acme-static', 'deployer', '«{a32}»')"],
  [
    'apple-appstoreconnect-fastlane-api-key-json',
    '{\n  "key_id": "{u10}",\n  "issuer_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "key": "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b44}\\n{b64}\\n{b44}\\n-----END PRIVATE KEY-----»",\n  "in_house": false\n}',
  ],
  [
    'netsuite-tba-four-credentials-env',
    'NETSUITE_ACCOUNT_ID={d7}_SB1\nNETSUITE_CONSUMER_KEY={h64}\nNETSUITE_CONSUMER_SECRET=«{h64}»\nNETSUITE_TOKEN_ID={h64}\nNETSUITE_TOKEN_SECRET=«{h64}»',
  ],
  [
    'sap-btp-service-key-uaa-clientsecret',
    '{\n  "uaa": {\n    "clientid": "sb-na-{h8}-{h4}-{h4}-{h4}-{h12}!t{d5}",\n    "clientsecret": "«{h8}-{h4}-{h4}-{h4}-{h12}${B40}=»",\n    "url": "https://acme-dev.authentication.eu10.hana.ondemand.com"\n  }\n}',
  ],
  ['acquia-cli-auth-login-key-secret', 'acli auth:login --key={h8}-{h4}-{h4}-{h4}-{h12} --secret=«{b43}=»'],
  ['netcup-certbot-credentials-ini', 'dns_netcup_customer_id = {d6}\ndns_netcup_api_key = «{a32}»\ndns_netcup_api_password = «{a32}»'],
  [
    'namecom-lego-env-username-token',
    "NAMECOM_USERNAME=acme-dns\nNAMECOM_API_TOKEN=«{h40}»\nlego --email ops@acme.io --dns namedotcom -d '*.acme.io' run",
  ],
  [
    'namecheap-lego-env-api-user-key',
    'NAMECHEAP_API_USER=acmeops\nNAMECHEAP_API_KEY=«{h32}»\nlego --dns namecheap --domains acme.io --email ops@acme.io run',
  ],
  [
    'godaddy-lego-env-key-secret',
    'GODADDY_API_KEY={a14}_{a21}\nGODADDY_API_SECRET=«{a22}»\nlego --dns godaddy -d shop.acme.io --email ops@acme.io run',
  ],
  [
    'appdynamics-agent-account-access-key-env',
    'APPDYNAMICS_CONTROLLER_HOST_NAME=acme.saas.appdynamics.com\nAPPDYNAMICS_AGENT_ACCOUNT_NAME=acme\nAPPDYNAMICS_AGENT_ACCOUNT_ACCESS_KEY=«{l12}»',
  ],
  [
    'instana-agent-helm-values-key',
    'agent:\n  key: «{B22}»\n  endpointHost: ingress-red-saas.instana.io\n  endpointPort: 443\nzone:\n  name: prod-eu',
  ],
  [
    'logicmonitor-sdk-access-id-key',
    "configuration = logicmonitor_sdk.Configuration()\nconfiguration.company = 'acme'\nconfiguration.access_id = '{a20}'\nconfiguration.access_key = '«{a12}[{a10}+{a12}-{a4}»'",
  ],
  [
    'victorops-api-id-key-headers',
    'curl -s https://api.victorops.com/api-public/v1/incidents \\\n  -H "X-VO-Api-Id: {h8}" \\\n  -H "X-VO-Api-Key: «{h32}»"',
  ],
  ['emqx-api-key-secret-basic-curl', 'curl -s -u "{h16}:«{a43}»" https://emqx.acme.io:18083/api/v5/clients'],
  [
    'woocommerce-python-api-ck-cs',
    'wcapi = API(\n    url="https://shop.acme.io",\n    consumer_key="«ck_{h40}»",\n    consumer_secret="«cs_{h40}»",\n    version="wc/v3",\n    timeout=20,\n)',
  ],
  [
    'woocommerce-php-client-positional',
    "$woocommerce = new Client(\n    'https://shop.acme.io',\n    '«ck_{h40}»',\n    '«cs_{h40}»',\n    ['version' => 'wc/v3']\n);",
  ],
  ['woocommerce-rest-curl-basic-ck-cs', 'curl https://shop.acme.io/wp-json/wc/v3/orders -u «ck_{h40}»:«cs_{h40}»'],
  [
    'bigcommerce-python-api-store-hash-token',
    "api = bigcommerce.api.BigcommerceApi(\n    client_id='{l31}',\n    store_hash='{l10}',\n    access_token='«{l31}»',\n)",
  ],
  [
    'bigcommerce-curl-auth-client-token-headers',
    'curl -s "https://api.bigcommerce.com/stores/{l10}/v3/catalog/products" \\\n  -H "X-Auth-Client: {l31}" \\\n  -H "X-Auth-Token: «{l31}»"',
  ],
  [
    'walmart-marketplace-token-basic',
    'curl -s -X POST https://marketplace.walmartapis.com/v3/token \\\n  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{B86}»" \\\n  -H "WM_SVC.NAME: Walmart Marketplace" -H "WM_QOS.CORRELATION_ID: $(uuidgen)" \\\n  -d "grant_type=client_credentials"',
  ],
  ['ups-oauth-client-id-secret-env', 'UPS_CLIENT_ID={a48}\nUPS_CLIENT_SECRET=«{a64}»\nUPS_ACCOUNT_NUMBER={u6}'],
  [
    'fedex-json-api-key-secret-key',
    '{\n  "fedex": {\n    "api_key": "l7{h34}",\n    "secret_key": "«{h32}»",\n    "account_number": "{d9}"\n  }\n}',
  ],
  [
    'dhl-express-basic-key-secret',
    'curl -s -u "{a16}:«{a16}»" "https://express.api.dhl.com/mydhlapi/rates?accountNumber={d9}&originCountryCode=DE"',
  ],
  [
    'shipstation-python-requests-auth-tuple',
    'resp = requests.get(\n    "https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment",\n    auth=("{h32}", "«{h32}»"),\n)',
  ],
  ['sendle-basic-sendle-id-key', 'curl -u "acme_{l8}:«{a24}»" https://api.sendle.com/api/ping'],
  [
    'zuora-oauth-client-credentials-form',
    'curl -X POST https://rest.zuora.com/oauth/token \\\n  -d "client_id={h8}-{h4}-{h4}-{h4}-{h12}" \\\n  -d "client_secret=«{a20}={a10}»" \\\n  -d "grant_type=client_credentials"',
  ],
  ['aeroworkflow-account-id-api-key-env', '# aeroworkflow\nAEROWORKFLOW_ACCOUNT_ID={d5}\nAEROWORKFLOW_API_KEY=«{a20}»'],
  ['alegra-basic-user-token-env', 'ALEGRA_USER=facturacion@acme.co\nALEGRA_TOKEN=«{l20}»'],
  [
    'clickhelp-portal-email-key-env',
    '# ClickHelp REST: https://acmedocs.clickhelp.co/api/v1/projects\nCLICKHELP_PORTAL=acmedocs.clickhelp.co\nCLICKHELP_USER=docs-bot@acme.io\nCLICKHELP_API_KEY=«{a24}»',
  ],
  [
    'tokeet-account-and-key-python',
    'TOKEET_ACCOUNT = "{d10}.{d4}"\nTOKEET_API_KEY = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\nrequests.get(f"https://capi.tokeet.com/v1/rental?account={TOKEET_ACCOUNT}", headers={"Authorization": TOKEET_API_KEY})',
  ],
  [
    'salesmate-linkname-access-token-curl',
    'curl -s "https://acmecrm.salesmate.io/apis/company/v4/1" \\\n  -H "accessToken: «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -H "x-linkname: acmecrm.salesmate.io"',
  ],
  ['sugester-subdomain-api-token-env', 'SUGESTER_DOMAIN=acmeshop\nSUGESTER_API_TOKEN=«{a32}»'],
  ['satismeter-yaml-project-email-password', 'satismeter:\n  project: {a24}\n  email: nps@acme.io\n  password: «{a14}#{d2}»'],
  ['guru-basic-email-token-env', 'GURU_USER=kb-sync@acme.io\nGURU_API_TOKEN=«{l8}-{l4}-{l4}-{l4}-{l12}»'],
  [
    'sirv-token-request-client-id-secret',
    'curl -X POST https://api.sirv.com/v2/token -H "content-type: application/json" \\\n  -d \'{"clientId":"{a26}","clientSecret":"«{b86}==»"}\'',
  ],
  [
    'cloudelements-user-org-authorization-header',
    '# cloudelements instance list\ncurl -H "Authorization: User «{a43}», Organization «{h32}»" https://api.cloud-elements.com/elements/api-v2/instances',
  ],
  ['kanbantool-subdomain-token-env', 'KANBANTOOL_DOMAIN=acmeboards\nKANBANTOOL_API_TOKEN=«{u12}»'],
  [
    'mrticktock-email-password-form',
    'curl -X POST https://mrticktock.com/app/api/is_timer_active -d "email=timesheets@acme.io&password=«{a12}»"',
  ],
  [
    'ringcentral-python-sdk-client-secret-jwt',
    'rcsdk = SDK(\n    "{B22}",\n    "«{B22}»",\n    "https://platform.ringcentral.com",\n)\nplatform = rcsdk.platform()\nplatform.login(jwt="«eyJ{B30}.eyJ{B80}.{B43}»")',
  ],
  [
    'arcgis-oauth-client-credentials-form',
    'curl -d "client_id={a16}&client_secret=«{h32}»&grant_type=client_credentials" https://www.arcgis.com/sharing/rest/oauth2/token',
  ],
  ['aerisweather-client-id-secret-query', 'https://data.api.xweather.com/conditions/minneapolis,mn?client_id={a21}&client_secret=«{a40}»'],
  [
    'oxford-dictionaries-app-id-key-headers',
    'curl -H "app_id: {h8}" -H "app_key: «{h32}»" https://od-api.oxforddictionaries.com/api/v2/entries/en-gb/ace',
  ],
  [
    'infermedica-app-id-key-headers-dict',
    'headers = {"App-Id": "{h8}", "App-Key": "«{h32}»", "Content-Type": "application/json"}\nr = requests.post("https://api.infermedica.com/v3/diagnosis", json=case, headers=headers)',
  ],
  [
    'clickatell-legacy-http-user-password-api-id',
    'https://api.clickatell.com/http/sendmsg?user=acmeops&password=«{a12}»&api_id={d7}&to=27999900001&text=Door+open',
  ],
  [
    'textlocal-legacy-username-hash-form',
    'curl -d "username=ops@acme.co.uk&hash=«{h40}»&numbers=447700900123&sender=ACME&message=Backup+ok" https://api.txtlocal.com/send/',
  ],
  ['chargify-api-key-basic-x-password', 'curl -u «{a43}»:x https://acme.chargify.com/subscriptions.json'],
  [
    'greenhouse-harvest-basic-key-colon',
    'curl -s -u «{h32}»: "https://harvest.greenhouse.io/v1/candidates?per_page=100" -H "On-Behalf-Of: {d7}"',
  ],
  ['lever-api-key-basic-colon', 'curl -u «{a48}»: https://api.lever.co/v1/postings'],
  [
    'amplitude-export-basic-key-secret',
    "curl -u '{h32}:«{h32}»' 'https://amplitude.com/api/2/export?start=20240101T00&end=20240101T23' -o export.zip",
  ],
  [
    'mx-platform-basic-client-api-key',
    'curl -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{h40}»" https://api.mx.com/users -H "Accept: application/vnd.mx.api.v1+json"',
  ],
  ['truelayer-client-id-secret-env', 'TRUELAYER_CLIENT_ID=acme-{l6}\nTRUELAYER_CLIENT_SECRET=«{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'marqeta-basic-app-token-admin-token',
    'curl -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{h8}-{h4}-{h4}-{h4}-{h12}»" https://acme-api.marqeta.com/v3/users',
  ],
  [
    'unity-service-account-token-exchange',
    'curl -X POST -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{B32}»" "https://services.api.unity.com/auth/v1/token-exchange?projectId={h8}-{h4}-{h4}-{h4}-{h12}&environmentId={h8}-{h4}-{h4}-{h4}-{h12}"',
  ],
  [
    'sentinelhub-shconfig-client-secret',
    "config = SHConfig()\nconfig.sh_client_id = '{h8}-{h4}-{h4}-{h4}-{h12}'\nconfig.sh_client_secret = '«{a40}»'",
  ],
  [
    'clearml-conf-api-credentials',
    'api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n    credentials {\n        "access_key" = "{u30}"\n        "secret_key" = "«{a50}»"\n    }\n}',
  ],
  ['fivetran-api-key-secret-basic-curl', 'curl -s -u "{a16}:«{a32}»" https://api.fivetran.com/v1/groups'],
  ['mode-analytics-token-secret-basic', 'curl -u "{h12}:«{h32}»" https://app.mode.com/api/acme/reports'],
  ['domo-pydomo-client-id-secret', "domo = Domo('{h8}-{h4}-{h4}-{h4}-{h12}', '«{h64}»', api_host='api.domo.com')"],
  [
    'java-drivermanager-getconnection-positional',
    'Connection conn = DriverManager.getConnection(\n        "jdbc:postgresql://db-prod.acme.internal:5432/orders",\n        "orders_app",\n        "«{a16}»");',
  ],
  [
    'csharp-networkcredential-smtp-client',
    'var smtp = new SmtpClient("smtp.office365.com", 587)\n{\n    EnableSsl = true,\n    Credentials = new NetworkCredential("alerts@acme.io", "«{a12}!{d3}»"),\n};',
  ],
  [
    'go-smtp-plainauth-positional',
    'auth := smtp.PlainAuth("", "noreply@acme.io", "«{a16}»", "smtp.mailgun.org")\nerr := smtp.SendMail("smtp.mailgun.org:587", auth, from, to, msg)',
  ],
  [
    'ruby-net-smtp-start-positional',
    "Net::SMTP.start('smtp.acme.io', 587, 'acme.io', 'mailer@acme.io', '«{a14}»', :login) do |smtp|\n  smtp.send_message(body, 'mailer@acme.io', recipients)\nend",
  ],
  ['php-ftp-login-positional', "$conn = ftp_connect('ftp.acme-partner.com');\nftp_login($conn, 'acme_upload', '«{a10}%{d2}»');"],
  ['python-ftplib-ftp-tls-positional', "ftps = FTP_TLS('files.vendor-edi.net', 'acme_edi', '«{a12}»')\nftps.prot_p()"],
  [
    'go-jlaffaye-ftp-login',
    'c, err := ftp.Dial("ftp.acme-partner.com:21", ftp.DialWithTimeout(5*time.Second))\nerr = c.Login("acme_upload", "«{a14}»")',
  ],
  ['ruby-net-ftp-new-kwargs', "ftp = Net::FTP.new('ftp.acme-partner.com', username: 'acme_upload', password: '«{a14}»', ssl: true)"],
  [
    'csharp-fluentftp-networkcredential',
    'var client = new AsyncFtpClient("ftp.acme-partner.com", new NetworkCredential("acme_upload", "«{a15}»"));\nawait client.Connect();',
  ],
  [
    'perl-net-ftp-login-positional',
    'my $ftp = Net::FTP->new("ftp.acme-partner.com") or die "connect: $@";\n$ftp->login("acme_upload", "«{a13}»") or die "login: ", $ftp->message;',
  ],
  [
    'python-ldap3-connection-bind-positional',
    "conn = Connection(\n    Server('ldaps://dc01.corp.acme.io', get_info=ALL),\n    'CN=svc-ldap,OU=Service Accounts,DC=corp,DC=acme,DC=io',\n    '«{a18}»',\n    auto_bind=True,\n)",
  ],
  ['node-ldapjs-client-bind', "client.bind('cn=readonly,dc=acme,dc=io', '«{a16}»', (err) => {\n  if (err) throw err;\n});"],
  [
    'python-pywinrm-session-auth-tuple',
    "s = winrm.Session('https://win-build-03.corp.acme.io:5986/wsman', auth=('CORP\\\\svc_build', '«{a14}!»'), transport='ntlm')",
  ],
  [
    'python-pysftp-connection-kwargs',
    "with pysftp.Connection('sftp.bank-partner.com', username='acme_payouts', password='«{a16}»', cnopts=cnopts) as sftp:\n    sftp.put('payouts.csv')",
  ],
  [
    'python-requests-httpbasicauth-positional',
    'resp = requests.get(\n    "https://registry.internal.acme.io/v2/_catalog",\n    auth=HTTPBasicAuth("ci-reader", "«{a20}»"),\n)',
  ],
  [
    'java-apache-usernamepasswordcredentials',
    'credsProvider.setCredentials(\n    new AuthScope("nexus.acme.io", 443),\n    new UsernamePasswordCredentials("deployer", "«{a16}»".toCharArray()));',
  ],
  [
    'java-passwordauthentication-authenticator',
    'Authenticator.setDefault(new Authenticator() {\n    @Override\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication("proxyuser", "«{a12}»".toCharArray());\n    }\n});',
  ],
  [
    'node-pg-client-user-password-object',
    "const client = new Client({\n  host: 'pg-analytics.acme.internal',\n  user: 'analytics_ro',\n  password: '«{a20}»',\n  database: 'warehouse',\n  port: 5432,\n});",
  ],
  [
    'python-redis-username-password-kwargs',
    'r = redis.Redis(host="cache-01.acme.internal", port=6380, username="app", password="«{a32}»", ssl=True)',
  ],
  [
    'python-smbclient-register-session',
    'smbclient.register_session("fs01.corp.acme.io", username="CORP\\\\svc_reports", password="«{a14}»")',
  ],
  [
    'go-ssh-client-config-password',
    'config := &ssh.ClientConfig{\n\tUser:            "deploy",\n\tAuth:            []ssh.AuthMethod{ssh.Password("«{a18}»")},\n\tHostKeyCallback: ssh.FixedHostKey(hostKey),\n}',
  ],
  [
    'java-mysql-datasource-setters',
    'MysqlDataSource ds = new MysqlDataSource();\nds.setURL("jdbc:mysql://mysql-01.acme.internal:3306/crm");\nds.setUser("crm_app");\nds.setPassword("«{a16}»");',
  ],
  [
    'dotnet-sqlconnectionstringbuilder-initializer',
    'var builder = new SqlConnectionStringBuilder\n{\n    DataSource = "sql-prod.acme.internal",\n    UserID = "reporting",\n    Password = "«{a12}#{a4}»",\n    InitialCatalog = "Reporting",\n};',
  ],
  [
    'go-mongo-options-credential-struct',
    'clientOpts := options.Client().ApplyURI("mongodb://mongo-0.acme.internal:27017").\n\tSetAuth(options.Credential{Username: "orders", Password: "«{a20}»", AuthSource: "admin"})',
  ],
  [
    'python-kafka-sasl-plain-username-password',
    'producer = KafkaProducer(\n    bootstrap_servers="kafka-1.acme.internal:9093",\n    security_protocol="SASL_SSL",\n    sasl_mechanism="SCRAM-SHA-512",\n    sasl_plain_username="events-writer",\n    sasl_plain_password="«{a24}»",\n)',
  ],
  [
    'python-pika-plaincredentials-positional',
    "credentials = pika.PlainCredentials('orders', '«{a18}»')\nparams = pika.ConnectionParameters('rabbit.acme.internal', 5672, '/orders', credentials)",
  ],
  ['python-imaplib-login-positional', 'mail = imaplib.IMAP4_SSL("imap.fastmail.com")\nmail.login("invoices@acme.io", "«{l16}»")'],
  [
    'python-smtplib-login-positional',
    'with smtplib.SMTP_SSL("smtp.zoho.eu", 465) as server:\n    server.login("reports@acme.io", "«{a12}»")\n    server.send_message(msg)',
  ],
  [
    'node-nodemailer-smtp-auth-object',
    "const transporter = nodemailer.createTransport({\n  host: 'smtp.sendgrid.net',\n  port: 587,\n  auth: { user: 'apikey', pass: '«SG.{B22}.{B43}»' },\n});",
  ],
  [
    'node-mssql-config-user-password',
    "const config = {\n  user: 'etl_writer',\n  password: '«{a18}»',\n  server: 'sqlprod01.acme.internal',\n  database: 'Staging',\n  options: { encrypt: true, trustServerCertificate: false },\n};\nawait sql.connect(config);",
  ],
  ['python-pymssql-connect-positional', 'conn = pymssql.connect("sqlprod01.acme.internal", "etl_reader", "«{a16}»", "Staging")'],
  ['python-jenkins-username-api-token', "server = jenkins.Jenkins('https://ci.acme.io', username='release-bot', password='«11{h32}»')"],
  [
    'python-docker-sdk-login',
    'client = docker.from_env()\nclient.login(username="acmebuild", password="«dckr_pat_{B27}»", registry="https://index.docker.io/v1/")',
  ],
];

export const BLIND43_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'reference',
    'const string accountSid = "AC{h32}";\nTwilioClient.Init(accountSid, Environment.GetEnvironmentVariable("TWILIO_AUTH_TOKEN"));',
  ],
  ['stand-in', 'AWSCredentials creds = new BasicAWSCredentials("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");'],
  ['reference', "const instance = new Razorpay({\n  key_id: 'rzp_live_{a14}',\n  key_secret: process.env.RAZORPAY_KEY_SECRET,\n});"],
  [
    'reference',
    'const pusher = new Pusher({\n  appId: "{d7}",\n  key: "{h20}",\n  secret: process.env.PUSHER_APP_SECRET,\n  cluster: "eu",\n});',
  ],
  [
    'reference',
    'gateway = Braintree::Gateway.new(\n  environment: :production,\n  merchant_id: "{l16}",\n  public_key: "{l16}",\n  private_key: ENV.fetch("BRAINTREE_PRIVATE_KEY"),\n)',
  ],
  ['reference', 'cloudinary.config(cloud_name="acme-media", api_key="{d15}", api_secret=os.getenv("CLOUDINARY_API_SECRET"))'],
  ['masked', 'mailjet = Client(auth=("{h32}", "********************************"), version="v3.1")'],
  ['stand-in', 'client = vonage.Client(key="{h8}", secret="<VONAGE_API_SECRET>")'],
  ['reference', 'facebook_app_id: "{d15}"\nfacebook_app_secret: "{{ vault_facebook_app_secret }}"'],
  [
    'reference',
    'env:\n  GOOGLE_CLIENT_ID: {d12}-{l32}.apps.googleusercontent.com\n  GOOGLE_CLIENT_SECRET: ${{ secrets.GOOGLE_CLIENT_SECRET }}',
  ],
  ['masked', 'Spotify app "acme-radio": client id {h32}, client secret ••••••••••••••••  (click "View client secret" to reveal)'],
  ['reference', 'okta.oauth2.client-id=0oa{a17}\nokta.oauth2.client-secret=${OKTA_CLIENT_SECRET}'],
  [
    'reference',
    '- task: AzureCLI@2\n  inputs:\n    azureSubscription: prod-connection\n    inlineScript: |\n      az login --service-principal -u {h8}-{h4}-{h4}-{h4}-{h12} -p $(AZURE_CLIENT_SECRET) --tenant {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  ['stand-in', 'DD_SITE=datadoghq.eu\nDD_API_KEY=<DATADOG_API_KEY>\nDD_APP_KEY=<DATADOG_APP_KEY>'],
  ['public', 'SENTRY_DSN=https://{h32}@o{d6}.ingest.sentry.io/{d7}'],
  ['reference', 'SQUARE_APPLICATION_ID=sq0idp-{B22}\nSQUARE_APPLICATION_SECRET=${SQUARE_APPLICATION_SECRET:?missing}'],
  ['public', '<script src="https://js.stripe.com/v3/"></script>\n<script>const stripe = Stripe(\'pk_live_{a99}\');</script>'],
  ['reference', 'twitch:\n  client_id: {l30}\n  client_secret: !env TWITCH_CLIENT_SECRET'],
  [
    'reference',
    'AUTH0_DOMAIN=acme.eu.auth0.com\nAUTH0_CLIENT_ID={a32}\nAUTH0_CLIENT_SECRET=$(op read "op://Platform/auth0-m2m/client_secret")',
  ],
  ['reference', 'GITHUB_APP_ID={d6}\nGITHUB_APP_CLIENT_ID=Iv23li{a14}\nGITHUB_APP_PRIVATE_KEY_PATH=/run/secrets/github-app.pem'],
  [
    'reference',
    'configuration = plaid.Configuration(\n    host=plaid.Environment.Production,\n    api_key={"clientId": "{h24}", "secret": os.environ["PLAID_SECRET"]},\n)',
  ],
  [
    'masked',
    '$ binance-cli config show\napi_key:    {a4}...{a4}\napi_secret: ****************************************************************',
  ],
  ['reference', 'export B2_ACCOUNT_ID=005{h22}\nexport B2_ACCOUNT_KEY="$(pass show backups/b2-application-key)"'],
  [
    'reference',
    'RCLONE_CONFIG_R2_ENDPOINT=https://{h32}.r2.cloudflarestorage.com\nRCLONE_CONFIG_R2_ACCESS_KEY_ID=op://infra/r2-backups/access_key_id\nRCLONE_CONFIG_R2_SECRET_ACCESS_KEY=op://infra/r2-backups/secret_access_key',
  ],
  ['reference', '$twilio = new Twilio\\Rest\\Client("AC{h32}", getenv(\'TWILIO_AUTH_TOKEN\'));'],
  ['reference', "const APP_ID = '{h32}';\nconst APP_CERTIFICATE = process.env.AGORA_APP_CERTIFICATE;"],
  ['reference', 'wecom:\n  corp_id: ww{h16}\n  agent_id: 1000002\n  secret: ${WECOM_CORP_SECRET}'],
  ['reference', 'appSecret: {{ .Values.feishu.appSecret | quote }}\nappId: cli_{h16}'],
  [
    'reference',
    'Connection conn = DriverManager.getConnection(\n        "jdbc:postgresql://db-prod.acme.internal:5432/orders",\n        "orders_app",\n        System.getenv("ORDERS_DB_PASSWORD"));',
  ],
  ['reference', "ftps = FTP_TLS('files.vendor-edi.net', 'acme_edi', os.environ['EDI_FTP_PASSWORD'])"],
  ['reference', 'LT_USERNAME=qa.bot\nLT_ACCESS_KEY=${{ secrets.LT_ACCESS_KEY }}'],
  [
    'stand-in',
    "admin_api = duo_client.Admin(\n    ikey='DI{u18}',\n    skey='<secret key from the Duo Admin Panel>',\n    host='api-{h8}.duosecurity.com',\n)",
  ],
  ['reference', 'TOKEN_ID={h8}-{h4}-{h4}-{h4}-{h12}\nMUX_TOKEN_SECRET="${MUX_TOKEN_SECRET}"'],
  ['reference', "creds = {'email': 'support-bot@acme.io', 'token': os.environ['ZENDESK_API_TOKEN'], 'subdomain': 'acmehelp'}"],
  [
    'reference',
    "const xero = new XeroClient({ clientId: '{H32}', clientSecret: process.env.XERO_CLIENT_SECRET, redirectUris: [callbackUrl] });",
  ],
  ['reference', 'opentok = OpenTok::OpenTok.new {d8}, ENV["OPENTOK_API_SECRET"]'],
  [
    'prose',
    "Duo's integration key (the DI... value) identifies the application and is not secret; only the secret key and the API hostname pair need to be stored in the vault.",
  ],
  ['identifier', 'const WOOCOMMERCE_CONSUMER_KEY_ENV = "WC_CONSUMER_KEY";\nconst WOOCOMMERCE_CONSUMER_SECRET_ENV = "WC_CONSUMER_SECRET";'],
  ['hash-of-public', 'okx-python-sdk-5.3.0.tar.gz sha256 {h64}'],
  ['other', 'kaltura partner {d7} request id {h8}-{h4}-{h4}-{h4}-{h12} took 412ms (session.start ok, admin secret from vault)'],
  ['masked', 'ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI****************\nALIBABA_CLOUD_ACCESS_KEY_SECRET=******************************'],
  [
    'stand-in',
    '$ aws configure\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  ],
];
