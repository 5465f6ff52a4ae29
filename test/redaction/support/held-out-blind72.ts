/** A seventy-second held-out batch, written blind: credentials of payments, fintech, crypto exchanges and web3 development (payment providers' secret keys and webhook signing secrets, exchange key/secret/passphrase sets in trading bots, EVM private keys, BIP39 mnemonics, Solana/Bitcoin keys, keystores, RPC URLs with keys, web3 infrastructure API keys) pasted into a coding-agent chat, and hard look-alikes (publishable keys, object ids, addresses, transaction and block hashes, selectors, signatures, xpubs, masked keys and placeholders). */
export const BLIND72_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'pay72-stripe-secret-key-dotenv-local-nextjs',
    '# .env.local\nNEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51{a97}\nSTRIPE_SECRET_KEY=«sk_live_51{a97}»\nSTRIPE_WEBHOOK_SECRET=«whsec_{a32}»',
  ],
  [
    'pay72-stripe-secret-key-node-constructor-inline',
    "import Stripe from 'stripe';\n\n// TODO move to env before merging\nconst stripe = new Stripe('«sk_live_{a24}»', { apiVersion: '2024-06-20' });",
  ],
  [
    'pay72-stripe-restricted-key-python-module-attr',
    'import stripe\n\nstripe.api_key = "«rk_live_51{a97}»"\nstripe.max_network_retries = 2\ninvoices = stripe.Invoice.list(status="open", limit=50)',
  ],
  [
    'pay72-stripe-webhook-secret-express-construct-event',
    "app.post('/webhooks/stripe', express.raw({ type: 'application/json' }), (req, res) => {\n  const sig = req.headers['stripe-signature'];\n  const event = stripe.webhooks.constructEvent(req.body, sig, '«whsec_{a32}»');\n  if (event.type === 'checkout.session.completed') fulfil(event.data.object);\n  res.sendStatus(200);\n});",
  ],
  [
    'pay72-stripe-cli-listen-prints-signing-secret',
    '$ stripe listen --forward-to localhost:4242/api/webhooks\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is «whsec_{a64}» (^C to quit)\n2024-06-11 14:02:51   --> payment_intent.created [evt_3P{a22}]',
  ],
  [
    'pay72-stripe-cli-config-toml-live-mode-key',
    '$ cat ~/.config/stripe/config.toml\n[default]\n  device_name = "mbp-lena"\n  display_name = "Northwind Goods"\n  live_mode_api_key = "«rk_live_51{a97}»"\n  live_mode_key_expires_at = "2024-09-09"\n  live_mode_pub_key = "pk_live_51{a97}"',
  ],
  [
    'pay72-stripe-curl-basic-user-colon',
    'curl https://api.stripe.com/v1/refunds \\\n  -u «sk_live_{a24}»: \\\n  -d payment_intent=pi_3P{a22} \\\n  -d amount=1500',
  ],
  [
    'pay72-stripe-secret-key-rails-credentials-yaml',
    '# bin/rails credentials:show\nstripe:\n  secret_key: «sk_live_51{a97}»\n  signing_secret: «whsec_{a32}»\n  publishable_key: pk_live_51{a97}',
  ],
  [
    'pay72-stripe-key-go-package-var',
    'package billing\n\nimport "github.com/stripe/stripe-go/v78"\n\nfunc init() {\n\tstripe.Key = "«sk_live_{a24}»"\n}',
  ],
  [
    'pay72-stripe-key-php-laravel-services',
    "// config/services.php\n'stripe' => [\n    'model'  => App\\Models\\User::class,\n    'key'    => env('STRIPE_KEY'),\n    'secret' => '«sk_live_51{a97}»',\n    'webhook' => ['secret' => '«whsec_{a32}»', 'tolerance' => 300],\n],",
  ],
  [
    'pay72-stripe-key-github-actions-env-inline',
    '    - name: Sync prices\n      env:\n        STRIPE_API_KEY: «rk_live_{a24}»\n      run: npx tsx scripts/sync-prices.ts',
  ],
  [
    'pay72-stripe-key-error-log-auth-header',
    '[2024-06-12T09:14:02Z] ERROR stripe request failed status=401 request_id=req_{a14}\n  headers={"Authorization":"Bearer «sk_live_{a24}»","Stripe-Version":"2024-06-20","Idempotency-Key":"{h8}-{h4}-4{h3}-a{h3}-{h12}"}',
  ],
  [
    'pay72-stripe-connect-oauth-token-response',
    '{\n  "access_token": "«sk_live_{a24}»",\n  "livemode": true,\n  "refresh_token": "«rt_{a24}»",\n  "token_type": "bearer",\n  "stripe_publishable_key": "pk_live_{a24}",\n  "stripe_user_id": "acct_1N{a14}",\n  "scope": "read_write"\n}',
  ],
  [
    'pay72-stripe-webhook-secret-vercel-env-pull',
    '$ vercel env pull .env.production.local && grep STRIPE .env.production.local\nSTRIPE_PRICE_PRO="price_1P{a22}"\nSTRIPE_WEBHOOK_SIGNING_SECRET="«whsec_{a32}»"',
  ],
  [
    'pay72-stripe-key-java-spring-properties',
    'stripe.api-base=https://api.stripe.com\nstripe.secret-key=«sk_live_51{a97}»\nstripe.connect.client-id=ca_{a32}',
  ],
  [
    'pay72-stripe-key-dotnet-appsettings',
    '{\n  "Stripe": {\n    "SecretKey": "«sk_live_{a24}»",\n    "WebhookSecret": "«whsec_{a32}»",\n    "PublishableKey": "pk_live_{a24}"\n  }\n}',
  ],
  [
    'pay72-stripe-key-chat-prose-paste',
    'ok so the refund job works locally but prod returns "No such charge". I\'m using «sk_live_51{a97}» in the worker — is it maybe a connected account thing?',
  ],
  [
    'pay72-adyen-api-key-node-client-config',
    "const { Client, CheckoutAPI } = require('@adyen/api-library');\nconst client = new Client({\n  apiKey: '«AQE{a3}{b90}==-{b43}=-{a16}»',\n  environment: 'LIVE',\n  liveEndpointUrlPrefix: '{h16}-NorthwindGoods',\n});",
  ],
  [
    'pay72-adyen-hmac-key-notification-validator',
    'HMAC_KEY = "«{H64}»"\n\ndef is_valid(item: dict) -> bool:\n    return HmacValidator().valid_notification_hmac(item, HMAC_KEY)',
  ],
  [
    'pay72-adyen-ws-basic-password-curl',
    'curl https://pal-live.adyenpayments.com/pal/servlet/Payment/v68/authorise \\\n  -u "ws_{d6}@Company.NorthwindGoods:«{a20}»" \\\n  -H "Content-Type: application/json" -d @authorise.json',
  ],
  [
    'pay72-adyen-api-key-dotenv-with-client-key',
    'ADYEN_MERCHANT_ACCOUNT=NorthwindGoodsECOM\nADYEN_CLIENT_KEY=live_{u32}\nADYEN_API_KEY=«AQE{a3}{b90}==-{b43}=-{a16}»\nADYEN_HMAC_KEY=«{H64}»',
  ],
  [
    'pay72-braintree-private-key-ruby-config',
    'Braintree::Configuration.environment = :production\nBraintree::Configuration.merchant_id = "{l16}"\nBraintree::Configuration.public_key = "{l16}"\nBraintree::Configuration.private_key = "«{h32}»"',
  ],
  [
    'pay72-braintree-access-token-node-gateway',
    "const gateway = new braintree.BraintreeGateway({\n  accessToken: '«access_token$production${l16}${h32}»',\n});",
  ],
  [
    'pay72-braintree-private-key-python-gateway',
    'gateway = braintree.BraintreeGateway(\n    braintree.Configuration(\n        braintree.Environment.Production,\n        merchant_id="{l16}",\n        public_key="{l16}",\n        private_key="«{h32}»",\n    )\n)',
  ],
  ['pay72-paypal-client-secret-dotenv', 'PAYPAL_MODE=live\nPAYPAL_CLIENT_ID=A{B79}\nPAYPAL_CLIENT_SECRET=«E{B79}»'],
  [
    'pay72-paypal-oauth-curl-basic-pair',
    'curl -v -X POST "https://api-m.paypal.com/v1/oauth2/token" \\\n  -u "A{B79}:«E{B79}»" \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n  -d "grant_type=client_credentials"',
  ],
  [
    'pay72-paypal-access-token-response-json',
    '{\n  "scope": "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/disputes/read-buyer",\n  "access_token": "«A21AA{B92}»",\n  "token_type": "Bearer",\n  "app_id": "APP-{u17}",\n  "expires_in": 32400,\n  "nonce": "2024-06-12T10:22:51Z{B43}"\n}',
  ],
  [
    'pay72-paypal-secret-django-settings',
    'PAYPAL_RECEIVER_EMAIL = "billing@northwind.example.org"\nPAYPAL_CLIENT_ID = "A{B79}"\nPAYPAL_SECRET = "«E{B79}»"',
  ],
  [
    'pay72-square-access-token-node-client',
    "import { Client, Environment } from 'square';\nconst client = new Client({\n  accessToken: '«EAAA{B60}»',\n  environment: Environment.Production,\n});",
  ],
  [
    'pay72-square-app-secret-oauth-form',
    'resp = requests.post("https://connect.squareup.com/oauth2/token", json={\n    "client_id": "sq0idp-{B22}",\n    "client_secret": "«sq0csp-{B43}»",\n    "code": code,\n    "grant_type": "authorization_code",\n})',
  ],
  [
    'pay72-square-legacy-token-shell-export',
    'export SQUARE_ENVIRONMENT=production\nexport SQUARE_ACCESS_TOKEN=«sq0atp-{B22}»\npython sync_catalog.py --location L{u12}',
  ],
  [
    'pay72-razorpay-key-secret-node-instance',
    "const Razorpay = require('razorpay');\nconst rzp = new Razorpay({\n  key_id: 'rzp_live_{a14}',\n  key_secret: '«{a24}»',\n});",
  ],
  [
    'pay72-razorpay-secret-python-client-tuple',
    'client = razorpay.Client(auth=("rzp_live_{a14}", "«{a24}»"))\norder = client.order.create({"amount": 49900, "currency": "INR", "receipt": "rcpt_1042"})',
  ],
  [
    'pay72-razorpay-webhook-secret-verify-call',
    'client.utility.verify_webhook_signature(\n    request.body.decode(), request.headers["X-Razorpay-Signature"], "«{a32}»"\n)',
  ],
  [
    'pay72-mollie-live-key-php-client',
    '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("«live_{a30}»");\n$payment = $mollie->payments->get($id);',
  ],
  ['pay72-mollie-org-access-token-dotenv', 'MOLLIE_PROFILE_ID=pfl_{a10}\nMOLLIE_ACCESS_TOKEN=«access_{a40}»'],
  [
    'pay72-mollie-live-key-curl-bearer',
    'curl -X GET https://api.mollie.com/v2/payments?limit=5 \\\n   -H "Authorization: Bearer «live_{a30}»"',
  ],
  [
    'pay72-paystack-secret-key-node-header',
    "const res = await fetch(`https://api.paystack.co/transaction/verify/${reference}`, {\n  headers: { Authorization: 'Bearer «sk_live_{h40}»' },\n});",
  ],
  [
    'pay72-paystack-secret-key-laravel-env',
    'PAYSTACK_PUBLIC_KEY=pk_live_{h40}\nPAYSTACK_SECRET_KEY=«sk_live_{h40}»\nPAYSTACK_PAYMENT_URL=https://api.paystack.co\nMERCHANT_EMAIL=finance@northwind.example.org',
  ],
  [
    'pay72-flutterwave-secret-and-encryption-key-env',
    'FLW_PUBLIC_KEY=FLWPUBK-{h32}-X\nFLW_SECRET_KEY=«FLWSECK-{h32}-X»\nFLW_ENCRYPTION_KEY=«{h24}»\nFLW_SECRET_HASH=«{a20}»',
  ],
  [
    'pay72-flutterwave-secret-python-sdk',
    'from rave_python import Rave\nrave = Rave("FLWPUBK-{h32}-X", "«FLWSECK-{h32}-X»", production=True)',
  ],
  [
    'pay72-checkout-com-nas-secret-key-dotnet',
    'ICheckoutApi api = CheckoutSdk.Builder().StaticKeys()\n    .Environment(Environment.Production)\n    .SecretKey("«sk_{l27}»")\n    .PublicKey("pk_{l27}")\n    .Build();',
  ],
  [
    'pay72-checkout-com-abc-secret-key-uuid-shape',
    '# checkout.com (ABC account, legacy)\nCKO_SECRET_KEY=«sk_{h8}-{h4}-{h4}-{h4}-{h12}»\nCKO_PUBLIC_KEY=pk_{h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'pay72-checkout-com-oauth-client-secret-yaml',
    'checkout:\n  environment: production\n  oauth:\n    client_id: ack_{l26}\n    client_secret: «{B86}»\n    scopes: [gateway, vault]',
  ],
  ['pay72-klarna-api-key-bearer-env', 'KLARNA_REGION=eu\nKLARNA_API_KEY=«klarna_live_api_{B86}»'],
  [
    'pay72-klarna-basic-auth-uid-password',
    'klarna_payments:\n  api_url: https://api.klarna.com\n  username: K{d6}_{h12}\n  password: «{a16}»',
  ],
  [
    'pay72-plaid-secret-node-configuration',
    "const configuration = new Configuration({\n  basePath: PlaidEnvironments.production,\n  baseOptions: {\n    headers: {\n      'PLAID-CLIENT-ID': '{h24}',\n      'PLAID-SECRET': '«{h30}»',\n    },\n  },\n});",
  ],
  [
    'pay72-plaid-access-token-db-dump',
    'northwind=# select id, institution_id, access_token from plaid_items limit 2;\n id | institution_id |                    access_token\n----+----------------+----------------------------------------------------\n  1 | ins_{d6}     | «access-production-{h8}-{h4}-4{h3}-a{h3}-{h12}»\n  2 | ins_{d5}      | «access-production-{h8}-{h4}-4{h3}-b{h3}-{h12}»',
  ],
  [
    'pay72-plaid-secret-python-env-dict',
    'PLAID = {\n    "env": "production",\n    "client_id": os.getenv("PLAID_CLIENT_ID"),\n    "secret": "«{h30}»",\n}',
  ],
  [
    'pay72-wise-api-token-curl-profiles',
    'curl -X GET https://api.transferwise.com/v2/profiles \\\n  -H "Authorization: Bearer «{h8}-{h4}-4{h3}-8{h3}-{h12}»"',
  ],
  [
    'pay72-wise-token-python-session-header',
    'WISE_TOKEN = "«{h8}-{h4}-4{h3}-9{h3}-{h12}»"\ns = requests.Session()\ns.headers["Authorization"] = f"Bearer {WISE_TOKEN}"',
  ],
  [
    'pay72-gocardless-live-token-ruby-client',
    '@client = GoCardlessPro::Client.new(\n  access_token: "«live_{B40}»",\n  environment: :live\n)',
  ],
  [
    'pay72-gocardless-token-and-webhook-secret-env',
    'GC_ENVIRONMENT=live\nGC_ACCESS_TOKEN=«live_{B40}»\nGC_WEBHOOK_ENDPOINT_SECRET=«{a32}»',
  ],
  [
    'pay72-paddle-billing-api-key-node-sdk',
    "import { Environment, Paddle } from '@paddle/paddle-node-sdk';\nconst paddle = new Paddle('«pdl_live_apikey_{l26}_{a22}_{a3}»', { environment: Environment.production });",
  ],
  [
    'pay72-paddle-notification-secret-and-client-token-env',
    'NEXT_PUBLIC_PADDLE_CLIENT_TOKEN=live_{h27}\nPADDLE_API_KEY=«pdl_live_apikey_{l26}_{a22}_{a3}»\nPADDLE_NOTIFICATION_WEBHOOK_SECRET=«pdl_ntfset_{l26}_{a32}»',
  ],
  [
    'pay72-paddle-classic-vendor-auth-code-form',
    'curl -X POST https://vendors.paddle.com/api/2.0/subscription/users \\\n  -d vendor_id={d6} \\\n  -d vendor_auth_code=«{h50}»',
  ],
  [
    'pay72-lemonsqueezy-api-key-jwt-setup',
    "import { lemonSqueezySetup } from '@lemonsqueezy/lemonsqueezy.js';\nlemonSqueezySetup({\n  apiKey: '«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiI{B300}.{B342}»',\n});",
  ],
  [
    'pay72-lemonsqueezy-signing-secret-webhook-handler',
    "const secret = '«{a24}»';\nconst hmac = crypto.createHmac('sha256', secret);\nconst digest = Buffer.from(hmac.update(rawBody).digest('hex'), 'utf8');\nconst signature = Buffer.from(req.headers['x-signature'] || '', 'utf8');",
  ],
  [
    'pay72-coinbase-commerce-api-key-and-shared-secret',
    'COINBASE_COMMERCE_API_KEY=«{h8}-{h4}-4{h3}-b{h3}-{h12}»\nCOINBASE_COMMERCE_WEBHOOK_SHARED_SECRET=«{h8}-{h4}-4{h3}-a{h3}-{h12}»',
  ],
  [
    'pay72-coinbase-commerce-python-webhook-verify',
    'from coinbase_commerce.webhook import Webhook\nWEBHOOK_SECRET = "«{h8}-{h4}-4{h3}-9{h3}-{h12}»"\nevent = Webhook.construct_event(request.data.decode("utf-8"), request.headers["X-CC-Webhook-Signature"], WEBHOOK_SECRET)',
  ],
  [
    'pay72-authorize-net-transaction-key-php',
    '$merchantAuthentication = new AnetAPI\\MerchantAuthenticationType();\n$merchantAuthentication->setName("{a9}");\n$merchantAuthentication->setTransactionKey("«{a16}»");',
  ],
  ['pay72-authorize-net-signature-key-env', 'AUTHNET_API_LOGIN_ID={a10}\nAUTHNET_TRANSACTION_KEY=«{a16}»\nAUTHNET_SIGNATURE_KEY=«{H128}»'],
  [
    'pay72-mercadopago-access-token-python-sdk',
    'import mercadopago\nsdk = mercadopago.SDK("«APP_USR-{d16}-{d6}-{h32}-{d9}»")\npreference = sdk.preference().create(preference_data)["response"]',
  ],
  [
    'pay72-xendit-secret-key-basic-curl',
    'curl https://api.xendit.co/v2/invoices -X POST \\\n  -u «xnd_production_{a60}»: \\\n  --data-urlencode external_id=inv-2931 --data-urlencode amount=150000',
  ],
  [
    'pay72-midtrans-server-key-snap-node',
    "const snap = new midtransClient.Snap({\n  isProduction: true,\n  serverKey: '«Mid-server-{B24}»',\n  clientKey: 'Mid-client-{B16}',\n});",
  ],
  [
    'pay72-circle-live-api-key-bearer',
    "curl --request GET --url https://api.circle.com/v1/w3s/wallets \\\n  --header 'authorization: Bearer «LIVE_API_KEY:{h32}:{h32}»' \\\n  --header 'accept: application/json' ",
  ],
  ['pay72-chargebee-live-api-key-ruby', 'ChargeBee.configure(site: "northwind", api_key: "«live_{a32}»")'],
  [
    'pay72-recurly-private-key-python-client',
    'client = recurly.Client("«{h32}»")\nfor sub in client.list_subscriptions(params={"state": "past_due"}).items():\n    print(sub.id)',
  ],
  [
    'pay72-dwolla-key-secret-node',
    "const client = new dwolla.Client({\n  key: '«{a50}»',\n  secret: '«{a50}»',\n  environment: 'production',\n});",
  ],
  [
    'pay72-moonpay-secret-and-webhook-key-env',
    'NEXT_PUBLIC_MOONPAY_PK=pk_live_{a32}\nMOONPAY_SECRET_KEY=«sk_live_{a32}»\nMOONPAY_WEBHOOK_KEY=«wk_live_{a32}»',
  ],
  [
    'pay72-cashfree-secret-key-java-props',
    'cashfree.app-id={d7}{h26}\ncashfree.secret-key=«cfsk_ma_prod_{h32}_{h8}»\ncashfree.environment=PRODUCTION',
  ],
  ['pay72-payu-merchant-salt-dotenv', 'PAYU_MERCHANT_KEY={a6}\nPAYU_MERCHANT_SALT=«{a32}»\nPAYU_BASE_URL=https://secure.payu.in/_payment'],
  [
    'pay72-paytm-merchant-key-python-checksum',
    'MID = "{a12}{d8}"\nMERCHANT_KEY = "«{a16}»"\nchecksum = PaytmChecksum.generateSignature(json.dumps(body["body"]), MERCHANT_KEY)',
  ],
  [
    'pay72-sumup-secret-key-bearer-go',
    'req.Header.Set("Authorization", "Bearer «sup_sk_{a32}»")\nreq.Header.Set("Content-Type", "application/json")',
  ],
  [
    'pay72-revolut-business-access-token-curl',
    'curl https://b2b.revolut.com/api/1.0/accounts \\\n  -H "Authorization: Bearer «oa_prod_{B43}»"',
  ],
  [
    'pay72-instamojo-private-token-headers',
    'headers = {\n    "X-Api-Key": "«{h32}»",\n    "X-Auth-Token": "«{h32}»",\n}\nr = requests.post("https://www.instamojo.com/api/1.1/payment-requests/", data=payload, headers=headers)',
  ],
  ['pay72-magic-link-secret-key-admin-sdk', "const { Magic } = require('@magic-sdk/admin');\nconst magic = new Magic('«sk_live_{H16}»');"],
  [
    'pay72-btcpay-greenfield-api-key-and-webhook-secret',
    'BTCPAY_URL=https://pay.northwind.example.org\nBTCPAY_STORE_ID={a44}\nBTCPAY_API_KEY=«{h40}»\nBTCPAY_WEBHOOK_SECRET=«{a28}»',
  ],
  [
    'pay72-worldline-api-secret-java-properties',
    'connect.api.endpoint.host=payment.direct.worldline-solutions.com\nconnect.api.apiKeyId={h20}\nconnect.api.secretApiKey=«{b64}»',
  ],
  ['pay72-shift4-secret-key-kotlin', 'val shift4 = Shift4Gateway("«sk_live_{a24}»")'],
  [
    'pay72-ccxt-binance-key-secret-python',
    'import ccxt\nexchange = ccxt.binance({\n    "apiKey": "«{a64}»",\n    "secret": "«{a64}»",\n    "enableRateLimit": True,\n    "options": {"defaultType": "future"},\n})',
  ],
  ['pay72-ccxt-kraken-key-private-js', "const kraken = new ccxt.kraken({\n  apiKey: '«{b56}»',\n  secret: '«{b86}==»',\n});"],
  [
    'pay72-ccxt-okx-password-passphrase',
    'okx = ccxt.okx({\n    "apiKey": "«{h8}-{h4}-4{h3}-8{h3}-{h12}»",\n    "secret": "«{H32}»",\n    "password": "«{a14}»",\n})',
  ],
  [
    'pay72-ccxt-kucoin-passphrase-ts',
    "const kucoin = new ccxt.kucoin({\n  apiKey: '«{h24}»',\n  secret: '«{h8}-{h4}-4{h3}-a{h3}-{h12}»',\n  password: '«{a16}»',\n});",
  ],
  [
    'pay72-ccxt-bybit-key-secret-python-keys-dict',
    'KEYS = {\n    "bybit": {"apiKey": "«{a18}»", "secret": "«{a36}»"},\n    "gate": {"apiKey": "«{h32}»", "secret": "«{h64}»"},\n}\nex = getattr(ccxt, name)(KEYS[name] | {"enableRateLimit": True})',
  ],
  [
    'pay72-ccxt-coinbase-advanced-cdp-pem-json',
    'coinbase = ccxt.coinbase({\n    "apiKey": "organizations/{h8}-{h4}-4{h3}-a{h3}-{h12}/apiKeys/{h8}-{h4}-4{h3}-b{h3}-{h12}",\n    "secret": "«-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI{b43}oAoGCCqGSM49\\nAwEHoUQDQgAE{b52}\\n{b34}==\\n-----END EC PRIVATE KEY-----\\n»",\n})',
  ],
  [
    'pay72-freqtrade-config-json-exchange-block',
    '    "exchange": {\n        "name": "binance",\n        "key": "«{a64}»",\n        "secret": "«{a64}»",\n        "ccxt_config": {},\n        "pair_whitelist": ["BTC/USDT", "ETH/USDT", "SOL/USDT"]\n    },',
  ],
  [
    'pay72-freqtrade-config-telegram-and-api-server',
    '    "telegram": {\n        "enabled": true,\n        "token": "«{d10}:AA{B33}»",\n        "chat_id": "{d9}"\n    },\n    "api_server": {\n        "enabled": true,\n        "listen_ip_address": "127.0.0.1",\n        "jwt_secret_key": "«{h64}»",\n        "ws_token": "«{B22}»",\n        "username": "freqtrader",\n        "password": "«{a20}»"\n    },',
  ],
  [
    'pay72-freqtrade-env-override-vars',
    '# docker-compose.override.yml\n    environment:\n      FREQTRADE__EXCHANGE__NAME: kraken\n      FREQTRADE__EXCHANGE__KEY: «{b56}»\n      FREQTRADE__EXCHANGE__SECRET: «{b86}==»',
  ],
  [
    'pay72-freqtrade-okx-config-with-password',
    '"exchange": {\n    "name": "okx",\n    "key": "«{h8}-{h4}-4{h3}-9{h3}-{h12}»",\n    "secret": "«{H32}»",\n    "password": "«{a18}»",\n    "ccxt_config": {"options": {"defaultType": "swap"}}\n}',
  ],
  [
    'pay72-hummingbot-connect-binance-prompt-echo',
    '>>> connect binance\nEnter your Binance API key >>> «{a64}»\nEnter your Binance secret key >>> «{a64}»\nYou are now connected to binance.',
  ],
  [
    'pay72-hummingbot-docker-config-password',
    'services:\n  hummingbot:\n    image: hummingbot/hummingbot:latest\n    environment:\n      - CONFIG_PASSWORD=«{a18}»\n      - CONFIG_FILE_NAME=conf_pure_mm_1.yml',
  ],
  [
    'pay72-hummingbot-gateway-passphrase-cli',
    '$ ./gateway-create.sh\nEnter a passphrase to encrypt the certificates with >>> «{a20}»\nGateway certs generated in ./certs',
  ],
  [
    'pay72-python-binance-client-positional',
    'from binance.client import Client\nclient = Client("«{a64}»", "«{a64}»")\nprint(client.get_asset_balance(asset="USDT"))',
  ],
  [
    'pay72-binance-hmac-signing-node-const',
    "const API_KEY = '«{a64}»';\nconst API_SECRET = '«{a64}»';\nconst signature = crypto.createHmac('sha256', API_SECRET).update(query).digest('hex');",
  ],
  [
    'pay72-kraken-krakenex-key-file',
    "$ cat kraken.key\n«{b56}»\n«{b86}==»\n$ python -c \"import krakenex; k = krakenex.API(); k.load_key('kraken.key'); print(k.query_private('Balance'))\"",
  ],
  [
    'pay72-bybit-pybit-http-session',
    'from pybit.unified_trading import HTTP\nsession = HTTP(testnet=False, api_key="«{a18}»", api_secret="«{a36}»")',
  ],
  [
    'pay72-okx-rest-headers-curl',
    'curl -s https://www.okx.com/api/v5/account/balance \\\n  -H "OK-ACCESS-KEY: «{h8}-{h4}-4{h3}-a{h3}-{h12}»" \\\n  -H "OK-ACCESS-SIGN: $SIGN" \\\n  -H "OK-ACCESS-TIMESTAMP: $TS" \\\n  -H "OK-ACCESS-PASSPHRASE: «{a12}»"',
  ],
  [
    'pay72-kucoin-python-client-kwargs',
    'client = Client(api_key="«{h24}»", api_secret="«{h8}-{h4}-4{h3}-8{h3}-{h12}»", passphrase="«{a14}»")',
  ],
  [
    'pay72-alpaca-live-keys-env-export',
    'export APCA_API_BASE_URL=https://api.alpaca.markets\nexport APCA_API_KEY_ID=«AK{u18}»\nexport APCA_API_SECRET_KEY=«{a40}»',
  ],
  ['pay72-gemini-account-key-secret-yaml', 'gemini:\n  api_key: «account-{a20}»\n  api_secret: «{a28}»\n  sandbox: false'],
  ['pay72-bitfinex-rest-client-node', "const bfx = new BFX({\n  apiKey: '«{a43}»',\n  apiSecret: '«{a43}»',\n});"],
  [
    'pay72-bitstamp-key-secret-php-const',
    "define('BITSTAMP_KEY', '«{a32}»');\ndefine('BITSTAMP_SECRET', '«{a32}»');\ndefine('BITSTAMP_CUSTOMER_ID', '{d6}');",
  ],
  [
    'pay72-deribit-client-credentials-auth-json',
    '{"jsonrpc": "2.0", "id": 9929, "method": "public/auth",\n "params": {"grant_type": "client_credentials", "client_id": "{a8}", "client_secret": "«{a43}»"}}',
  ],
  ['pay72-bitmex-key-secret-toml', '[bitmex]\napi_key = "«{a24}»"\napi_secret = "«{a48}»"\nbase_url = "https://www.bitmex.com/api/v1"'],
  ['pay72-bitget-key-secret-passphrase-env', 'BITGET_API_KEY=«bg_{h32}»\nBITGET_SECRET_KEY=«{h64}»\nBITGET_PASSPHRASE=«{a16}»'],
  [
    'pay72-huobi-htx-access-secret-go',
    'client := new(client.AccountClient).Init("«{h8}-{h8}-{h8}-{h5}»", "«{h8}-{h8}-{h8}-{h5}»", "api.huobi.pro")',
  ],
  [
    'pay72-coinbase-cdp-ed25519-secret-json-file',
    '$ cat cdp_api_key.json\n{\n   "id": "{h8}-{h4}-4{h3}-8{h3}-{h12}",\n   "privateKey": "«{b86}==»"\n}',
  ],
  ['pay72-coinbase-legacy-key-secret-python', 'from coinbase.wallet.client import Client\nclient = Client("«{a16}»", "«{a32}»")'],
  [
    'pay72-polymarket-clob-creds-env',
    'POLY_PRIVATE_KEY=«0x{h64}»\nPOLY_API_KEY=«{h8}-{h4}-4{h3}-b{h3}-{h12}»\nPOLY_SECRET=«{B43}=»\nPOLY_PASSPHRASE=«{h64}»\nPOLY_FUNDER=0x{h40}',
  ],
  ['pay72-hyperliquid-api-wallet-key-config', '{\n  "account_address": "0x{h40}",\n  "secret_key": "«0x{h64}»"\n}'],
  [
    'pay72-jesse-live-env-keys',
    'BINANCE_PERPETUAL_FUTURES_API_KEY=«{a64}»\nBINANCE_PERPETUAL_FUTURES_API_SECRET=«{a64}»\nTELEGRAM_BOT_TOKEN=«{d10}:AA{B33}»',
  ],
  [
    'pay72-octobot-exchange-encrypted-vs-plain-log',
    '2024-06-12 10:22:11 WARNING ExchangeManager: plaintext credentials loaded from user/config.json for kucoin\n2024-06-12 10:22:11 DEBUG   api-key=«{h24}» api-secret=«{h8}-{h4}-4{h3}-9{h3}-{h12}» api-password=«{a12}»',
  ],
  [
    'pay72-tradingview-webhook-passphrase-alert-json',
    '{\n  "passphrase": "«{a24}»",\n  "ticker": "{{ticker}}",\n  "side": "{{strategy.order.action}}",\n  "qty": "{{strategy.order.contracts}}"\n}',
  ],
  ['pay72-three-commas-api-secret-python', 'p3cw = Py3CW(\n    key="«{h64}»",\n    secret="«{h256}»",\n)'],
  ['pay72-cryptocom-exchange-key-secret-json', '{\n  "cryptocom": {\n    "api_key": "«{a22}»",\n    "secret_key": "«{a22}»"\n  }\n}'],
  ['pay72-mexc-key-secret-dotenv', 'MEXC_ACCESS_KEY=«mx0v{a26}»\nMEXC_SECRET_KEY=«{h32}»'],
  [
    'pay72-hardhat-config-js-accounts-literal',
    'module.exports = {\n  solidity: "0.8.24",\n  networks: {\n    base: {\n      url: "https://mainnet.base.org",\n      accounts: ["«0x{h64}»"],\n    },\n  },\n};',
  ],
  [
    'pay72-hardhat-config-ts-two-accounts-and-forking',
    'const config: HardhatUserConfig = {\n  networks: {\n    hardhat: { forking: { url: "https://eth-mainnet.g.alchemy.com/v2/«{a32}»", blockNumber: 20071234 } },\n    arbitrum: {\n      url: "https://arb-mainnet.g.alchemy.com/v2/«{a32}»",\n      accounts: ["«0x{h64}»", "«0x{h64}»"],\n    },\n  },\n};',
  ],
  [
    'pay72-foundry-dotenv-private-key-rpc-etherscan',
    '# .env  (forge script picks these up)\nPRIVATE_KEY=«0x{h64}»\nMAINNET_RPC_URL=https://mainnet.infura.io/v3/«{h32}»\nETHERSCAN_API_KEY=«{u34}»',
  ],
  [
    'pay72-forge-script-broadcast-private-key-flag',
    '$ forge script script/Deploy.s.sol:DeployScript \\\n    --rpc-url https://eth-mainnet.g.alchemy.com/v2/«{a32}» \\\n    --private-key «0x{h64}» \\\n    --broadcast --verify -vvvv',
  ],
  [
    'pay72-cast-send-private-key-history',
    '  502  cast balance 0x{h40} --rpc-url $RPC\n  503  cast send 0x{h40} "transfer(address,uint256)" 0x{h40} 250000000 --private-key «{h64}» --rpc-url $RPC\n  504  history | grep cast',
  ],
  [
    'pay72-cast-wallet-import-interactive',
    '$ cast wallet import deployer --interactive\nEnter private key: «0x{h64}»\nEnter password: «{a16}»\n`deployer` keystore was saved successfully. Address: 0x{h40}',
  ],
  [
    'pay72-ethers-v6-wallet-constructor-literal',
    'const provider = new ethers.JsonRpcProvider(process.env.RPC_URL);\nconst wallet = new ethers.Wallet("«0x{h64}»", provider);\nconst tx = await wallet.sendTransaction({ to: treasury, value: ethers.parseEther("0.25") });',
  ],
  [
    'pay72-viem-private-key-to-account',
    "import { privateKeyToAccount } from 'viem/accounts'\n\nconst account = privateKeyToAccount('«0x{h64}»')\nconst client = createWalletClient({ account, chain: mainnet, transport: http() })",
  ],
  [
    'pay72-web3py-account-from-key',
    'from eth_account import Account\nacct = Account.from_key("«0x{h64}»")\nsigned = w3.eth.account.sign_transaction(tx, acct.key)',
  ],
  [
    'pay72-web3js-private-key-to-account',
    "const account = web3.eth.accounts.privateKeyToAccount('«0x{h64}»');\nweb3.eth.accounts.wallet.add(account);",
  ],
  [
    'pay72-go-ethereum-hex-to-ecdsa',
    'privateKey, err := crypto.HexToECDSA("«{h64}»")\nif err != nil {\n\tlog.Fatal(err)\n}\nauth, _ := bind.NewKeyedTransactorWithChainID(privateKey, big.NewInt(1))',
  ],
  [
    'pay72-ethers-rs-local-wallet-parse',
    'let wallet: LocalWallet = "«{h64}»"\n    .parse::<LocalWallet>()?\n    .with_chain_id(Chain::Mainnet);',
  ],
  [
    'pay72-alloy-private-key-signer-from-str',
    'let signer: PrivateKeySigner = "«0x{h64}»".parse()?;\nlet provider = ProviderBuilder::new().wallet(EthereumWallet::from(signer)).on_http(rpc_url);',
  ],
  [
    'pay72-brownie-accounts-add-console',
    '>>> from brownie import accounts\n>>> dev = accounts.add("«0x{h64}»")\n>>> dev\n<LocalAccount \'0x{h40}\'>',
  ],
  [
    'pay72-web3j-credentials-create-java',
    'Credentials credentials = Credentials.create("«0x{h64}»");\nTransactionReceipt receipt = Transfer.sendFunds(web3, credentials, to, BigDecimal.valueOf(0.1), Convert.Unit.ETHER).send();',
  ],
  [
    'pay72-metamask-export-raw-hex-chat',
    'I exported the key from MetaMask (Account details → Show private key) and it\'s «{h64}» — hardhat says "invalid private key", do I need the 0x?',
  ],
  [
    'pay72-scaffold-eth-deployer-private-key-env',
    '# packages/hardhat/.env\nALCHEMY_API_KEY=«{a32}»\nDEPLOYER_PRIVATE_KEY=«0x{h64}»\nETHERSCAN_MAINNET_API_KEY=«{u34}»',
  ],
  [
    'pay72-private-key-os-environ-default-literal',
    'PRIVATE_KEY = os.environ.get("PRIVATE_KEY", "«0x{h64}»")\nRPC_URL = os.environ.get("RPC_URL", "http://127.0.0.1:8545")',
  ],
  [
    'pay72-zod-env-schema-private-key-default',
    "export const env = z.object({\n  RPC_URL: z.string().url(),\n  SIGNER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-f]{64}$/).default('«0x{h64}»'),\n}).parse(process.env);",
  ],
  [
    'pay72-mev-bot-config-toml-keys',
    '[wallet]\nprivate_key = "«{h64}»"\naddress = "0x{h40}"\n\n[flashbots]\nauth_signer_key = "«0x{h64}»"\nrelay = "https://relay.flashbots.net"',
  ],
  [
    'pay72-multi-wallet-json-pk-field',
    '[\n  {"label": "hot-1", "address": "0x{h40}", "pk": "«0x{h64}»"},\n  {"label": "hot-2", "address": "0x{h40}", "pk": "«0x{h64}»"}\n]',
  ],
  [
    'pay72-safe-cli-owner-private-key',
    '$ safe-cli 0x{h40} https://eth-mainnet.g.alchemy.com/v2/«{a32}»\nsafe-cli> load_cli_owners «0x{h64}»\nLoaded account 0x{h40} with balance=0.41 ether',
  ],
  [
    'pay72-ape-accounts-import-prompt',
    "$ ape accounts import treasury\nEnter Private Key: «{h64}»\nCreate Passphrase to encrypt account: «{a18}»\nSUCCESS: A new account '0x{h40}' with HDPath m/44'/60'/0'/0/0 has been added with the id 'treasury' ",
  ],
  [
    'pay72-starknet-private-key-env',
    'STARKNET_ACCOUNT_ADDRESS=0x0{h63}\nSTARKNET_PRIVATE_KEY=«0x0{h63}»\nSTARKNET_RPC=https://starknet-mainnet.infura.io/v3/«{h32}»',
  ],
  [
    'pay72-tronweb-private-key-and-pro-api-key',
    "const tronWeb = new TronWeb({\n  fullHost: 'https://api.trongrid.io',\n  headers: { 'TRON-PRO-API-KEY': '«{h8}-{h4}-4{h3}-a{h3}-{h12}»' },\n  privateKey: '«{h64}»',\n});",
  ],
  [
    'pay72-aptos-config-yaml-private-key',
    '---\nprofiles:\n  default:\n    network: Mainnet\n    private_key: "«ed25519-priv-0x{h64}»"\n    public_key: "ed25519-pub-0x{h64}"\n    account: {h64}\n    rest_url: "https://fullnode.mainnet.aptoslabs.com"',
  ],
  ['pay72-sui-keystore-base64-array', '$ cat ~/.sui/sui_config/sui.keystore\n[\n  "«A{b43}»",\n  "«A{b43}»"\n]'],
  [
    'pay72-turnkey-api-private-key-env',
    'TURNKEY_ORGANIZATION_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nTURNKEY_API_PUBLIC_KEY=02{h64}\nTURNKEY_API_PRIVATE_KEY=«{h64}»',
  ],
  [
    'pay72-fireblocks-secret-pem-and-api-key',
    'FIREBLOCKS_API_KEY=«{h8}-{h4}-4{h3}-b{h3}-{h12}»\nFIREBLOCKS_SECRET="«-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b64}\n{b24}==\n-----END PRIVATE KEY-----»"',
  ],
  [
    'pay72-defender-relayer-api-key-secret',
    "const client = new Defender({\n  relayerApiKey: '«{a32}»',\n  relayerApiSecret: '«{a64}»',\n});",
  ],
  [
    'pay72-polkadot-subkey-inspect-output',
    '$ subkey inspect "«koala saddle robot ladder carbon wander beacon glacier fence lagoon pilot cement»"\nSecret phrase:       «koala saddle robot ladder carbon wander beacon glacier fence lagoon pilot cement»\n  Network ID:        substrate\n  Secret seed:       «0x{h64}»\n  Public key (hex):  0xe122a330387d60fa2042f91e6d225d6c29fb707eb4e31ce87e5a7c344d6da942\n  Account ID:        0xe122a330387d60fa2042f91e6d225d6c29fb707eb4e31ce87e5a7c344d6da942\n  Public key (SS58): 5DsATwnPc7KXRPGDG8xwG8gadHzAMoAZFz9doGHLUq2Meev8\n  SS58 Address:      5DsATwnPc7KXRPGDG8xwG8gadHzAMoAZFz9doGHLUq2Meev8',
  ],
  [
    'pay72-eth2-validator-keystore-eip2335',
    '{\n  "crypto": {\n    "kdf": {"function": "scrypt", "params": {"dklen": 32, "n": 262144, "r": 8, "p": 1, "salt": "{h64}"}, "message": ""},\n    "checksum": {"function": "sha256", "params": {}, "message": "{h64}"},\n    "cipher": {"function": "aes-128-ctr", "params": {"iv": "{h32}"}, "message": "«{h64}»"}\n  },\n  "pubkey": "{h96}",\n  "path": "m/12381/3600/0/0/0",\n  "version": 4\n}',
  ],
  [
    'pay72-geth-keystore-v3-json-ciphertext',
    '$ cat keystore/UTC--2024-06-12T10-01-44.183920000Z--{h40}\n{"address":"{h40}","crypto":{"cipher":"aes-128-ctr","ciphertext":"«{h64}»","cipherparams":{"iv":"{h32}"},"kdf":"scrypt","kdfparams":{"dklen":32,"n":262144,"p":1,"r":8,"salt":"{h64}"},"mac":"{h64}"},"id":"{h8}-{h4}-4{h3}-8{h3}-{h12}","version":3}',
  ],
  [
    'pay72-keystore-password-file-and-decrypt-js',
    "const json = fs.readFileSync('./deployer.keystore.json', 'utf8');\nconst wallet = await ethers.Wallet.fromEncryptedJson(json, '«{a20}»');",
  ],
  [
    'pay72-prysm-wallet-password-file-cat',
    '$ cat /var/lib/prysm/wallet-password.txt\n«{a24}»\n$ validator --wallet-dir=/var/lib/prysm/wallet --wallet-password-file=/var/lib/prysm/wallet-password.txt',
  ],
  [
    'pay72-mnemonic-dotenv-12-words',
    '# .env\nMNEMONIC="«basket museum shrimp sniff spoon tomato iron fossil juniper fiddle kettle ivory»"\nINFURA_API_KEY=«{h32}»',
  ],
  [
    'pay72-hardhat-accounts-mnemonic-object',
    '    polygon: {\n      url: process.env.POLYGON_RPC,\n      accounts: {\n        mnemonic: "«lagoon harbor glacier sniff tulip carbon nickel peanut oyster palace slogan soccer»",\n        path: "m/44\'/60\'/0\'/0",\n        count: 5,\n      },\n    },',
  ],
  [
    'pay72-truffle-hdwallet-provider-mnemonic-infura',
    "mainnet: {\n  provider: () => new HDWalletProvider({\n    mnemonic: { phrase: '«tulip blanket walrus mirror cello hazel shrimp mosaic orbit engine ranch rocket»' },\n    providerOrUrl: 'https://mainnet.infura.io/v3/«{h32}»',\n  }),\n  network_id: 1,\n  gas: 5500000,\n},",
  ],
  [
    'pay72-truffle-secret-file-cat',
    '$ cat .secret\n«pumpkin fiddle magnet chalk torch slogan feather razor pebble pulse granite satoshi»\n$ git check-ignore .secret || echo "NOT IGNORED"\nNOT IGNORED',
  ],
  [
    'pay72-solana-keygen-new-seed-phrase-output',
    '$ solana-keygen new --outfile ~/.config/solana/treasury.json\nGenerating a new keypair\n\nFor added security, enter a BIP39 passphrase\n\nNOTE! This passphrase improves security of the recovery seed phrase NOT the\nkeypair file itself, which is stored as insecure plain text\n\nBIP39 Passphrase (empty for none):\n\nWrote new keypair to /home/lena/.config/solana/treasury.json\n================================================================================\npubkey: FvezfPuujwZ1zPZqEjBcVSf6zN1a7Sk3gsSooxWcmdd4\n================================================================================\nSave this seed phrase and your BIP39 passphrase to recover your new keypair:\n«pebble echo soccer cement blanket almond lantern motor nectar nephew biscuit hunger»\n================================================================================',
  ],
  [
    'pay72-ethers-wallet-from-phrase-24',
    'const wallet = ethers.Wallet.fromPhrase(\n  "«ladder mosaic maple melody cement spoon panda motor lantern lizard shell opal koala cherry puzzle juniper almond razor rail echo rural parrot lobster bronze»",\n  provider,\n);',
  ],
  [
    'pay72-gaiad-keys-add-recover-prompt',
    '$ gaiad keys add validator-ops --recover --keyring-backend file\n> Enter your bip39 mnemonic\n«rail pebble lagoon ranch lobster kidney sniff nectar tunnel quiver violet shell rural satoshi napkin engine plum robot jacket wander cement almond drizzle cherry»\nEnter keyring passphrase (attempt 1/3): «{a16}»\n\n- address: cosmos1g9gdhjk4s5un2v3zrm8c69yeyzj4tskjq94dju\n  name: validator-ops\n  type: local',
  ],
  [
    'pay72-numbered-24-word-backup-txt',
    '$ cat ~/Documents/wallet-backup.txt\nLedger backup (do not lose)\n«1. biscuit\n2. horizon\n3. shell\n4. basket\n5. marble\n6. cactus\n7. bottle\n8. quiver\n9. helmet\n10. feather\n11. tulip\n12. motor\n13. lemon\n14. waffle\n15. vessel\n16. almond\n17. puzzle\n18. heron\n19. chalk\n20. kidney\n21. saturn\n22. willow\n23. razor\n24. giraffe»',
  ],
  [
    'pay72-mnemonic-with-bip39-passphrase-yaml',
    'wallet:\n  derivation_path: "m/84\'/0\'/0\'"\n  mnemonic: "«saturn river bronze kayak helmet flute donkey paddle mammal bamboo biscuit frost waffle scarf dolphin squirrel pencil kitten shrimp fabric cement rocket zebra mustard»"\n  passphrase: "«{a14}»"\n  network: bitcoin',
  ],
  [
    'pay72-cast-wallet-new-mnemonic-output',
    '$ cast wallet new-mnemonic --accounts 2\nGenerating mnemonic from provided entropy...\nSuccessfully generated a new mnemonic.\nPhrase:\n«falcon saddle sniff drizzle orbit satoshi panda copper needle hammer cotton jewel»\n\nAccounts:\n- Account 0:\nAddress:     0x{h40}\nPrivate key: «0x{h64}»\n\n- Account 1:\nAddress:     0x{h40}\nPrivate key: «0x{h64}»',
  ],
  [
    'pay72-eth-account-from-mnemonic-python',
    'Account.enable_unaudited_hdwallet_features()\nacct = Account.from_mnemonic(\n    "«kettle velcro parade slogan sniff drizzle walnut quartz needle soccer october parrot»",\n    account_path="m/44\'/60\'/0\'/0/3",\n)',
  ],
  [
    'pay72-electrum-restore-seed-cli',
    '$ electrum restore "«walnut engine orange zinc melody noodle orchard spoon bicycle tiger sniff soccer»" --password «{a12}»\ntrue\n$ electrum load_wallet && electrum getbalance',
  ],
  [
    'pay72-chat-prose-seed-phrase-wallet-recovery',
    'can you write me a script that derives the first 20 addresses from my seed so I can find which one has the USDC? seed is «orange squirrel cabin gravel motor noodle shell raven fabric helmet mango pocket» and I think it was a ledger live account',
  ],
  [
    'pay72-bip39-mnemonic-rust-parse',
    'let mnemonic = Mnemonic::parse_in_normalized(Language::English, "«vessel sniff parade fence velcro goblet donkey orchard lobster raven vivid pumpkin mirror bamboo silver nephew thunder waffle peanut olive kidney rocket soccer razor»")?;\nlet seed = mnemonic.to_seed("");',
  ],
  [
    'pay72-keplr-mnemonic-cosmjs-wallet',
    "const wallet = await DirectSecp256k1HdWallet.fromMnemonic(\n  '«jewel office tiger hammer drizzle horizon pencil walnut oyster pumpkin bamboo puzzle thunder echo carbon jungle pulse jelly admiral walrus paddle lemon kidney bronze»',\n  { prefix: 'osmo' },\n);",
  ],
  [
    'pay72-bitcoin-core-dumpprivkey-output',
    '$ bitcoin-cli -rpcwallet=hot dumpprivkey bc1qa5c7rk8pqrpk6pnduc84tvrsu0g5hfvl6pf7ge\n«KwFkfLqe4LgSP8K4aEskomDsxULL2o7YEw5WS2LXGEE4NJkkQyrL»\n$ bitcoin-cli -rpcwallet=hot getbalance\n0.41320000',
  ],
  [
    'pay72-bitcoinjs-ecpair-from-wif',
    "const keyPair = ECPair.fromWIF('«L3Bxf1bUXHQwB9FQo8y3aW3YaiHUsEDKZ4GU8C5dymKsKF8Mn4G6»', bitcoin.networks.bitcoin);\nconst { address } = bitcoin.payments.p2wpkh({ pubkey: keyPair.publicKey });",
  ],
  [
    'pay72-python-bitcoinlib-secret-uncompressed',
    'from bitcoin.wallet import CBitcoinSecret, P2PKHBitcoinAddress\nseckey = CBitcoinSecret("«5KSpB9ptitCpxWeLfGX1dJnBY6p4LiKqj1pCfDjSaMt1fJKTB5A»")\nprint(P2PKHBitcoinAddress.from_pubkey(seckey.pub))',
  ],
  [
    'pay72-xprv-sparrow-export-chat',
    "Sparrow showed me this under Keystore → Export → master private key: «xprv9ysMRSJ7jSBjg8qrDpXLQePXGxLWrcXsKnvxH5381bfw4w2DiwE9dzJZTrFSh16CEnHemuvQSeUtsBKfuBubNRtMJrPKkxitAdFKwHPwVXT» — how do I get the m/84'/0'/0' account xpub from it in python?",
  ],
  [
    'pay72-xprv-hdkey-js-from-extended',
    "const root = HDKey.fromExtendedKey('«xprv9zVYb2411vwyodJyEMDYVXeBvaQL68rqmZ69FhR9LMGGdyLpmS5Wx1guUAhvBQpCJCS6rETr2JEMtSuVKktexsaPDb85ezVpyw4HWiY5naB»');\nconst child = root.derive(\"m/44'/0'/0'/0/0\");",
  ],
  [
    'pay72-zprv-electrum-wallet-file-fragment',
    '    "keystore": {\n        "type": "bip32",\n        "xprv": "«zprvAcXshbAunxhqYXKPpqp9cM63B6ReftuuFdwFM9Z7jHk2C7xGVhPK2nsKyVBKDqEDuexB8qSF3NZqiXef23PvzJB4rYmJa4kvamkPEaUedWm»",\n        "xpub": "zpub6rELfrX5qY6HurQP8MzUskX6UxsfdwrRRzJMFmTJVYpdsi6yhP23gXzjnv9eC5Dz4P9ebhEyGTmRdA83kKkKDU2DkiicEcPLYNSCUZsJeoG",\n        "derivation": "m/84\'/0\'/0\'"\n    },',
  ],
  ['pay72-bitcoin-conf-rpcpassword', '# ~/.bitcoin/bitcoin.conf\nserver=1\nrpcuser=btcrpc\nrpcpassword=«{a32}»\nrpcallowip=10.0.0.0/8'],
  ['pay72-bitcoin-rpc-url-userinfo-password', 'BITCOIN_RPC_URL=http://btcrpc:«{a28}»@10.0.4.12:8332/wallet/hot'],
  [
    'pay72-lnd-admin-macaroon-hex-header',
    'curl --cacert ~/.lnd/tls.cert \\\n  --header "Grpc-Metadata-macaroon: «0201036c6e6402f801030a10{h32}1201301a160a0761646472657373120472656164120577726974651a130a04696e666f120472656164120577726974651a170a08696e766f69636573120472656164120577726974651a210a086d616361726f6f6e120867656e6572617465120472656164120577726974651a160a076d657373616765120472656164120577726974651a170a086f6666636861696e120472656164120577726974651a160a076f6e636861696e120472656164120577726974651a140a057065657273120472656164120577726974651a180a067369676e6572120867656e657261746512047265616400000620{h64}»" \\\n  https://127.0.0.1:8080/v1/balance/channels',
  ],
  [
    'pay72-lnbits-admin-key-header',
    'curl -X POST https://lnbits.northwind.example.org/api/v1/payments \\\n  -d \'{"out": true, "bolt11": "lnbc250u1p{l200}"}\' \\\n  -H "X-Api-Key: «{h32}»" -H "Content-type: application/json"',
  ],
  [
    'pay72-solana-id-json-keypair-cat',
    '$ cat ~/.config/solana/id.json\n«[2{d1},4{d1},1{d2},8{d1},8{d1},7{d1},2{d1},9{d1},6{d1},1{d2},2{d1},3{d1},4{d1},9{d1},9{d1},{d1},3{d1},{d1},1{d2},8{d1},1{d2},{d1},9{d1},1{d2},8{d1},4{d1},1{d2},7{d1},1{d2},{d1},6{d1},2{d1},3{d1},6{d1},1{d2},8{d1},2{d1},7{d1},1{d2},9{d1},2{d1},9{d1},9{d1},1{d2},1{d2},8{d1},1{d2},2{d1},1{d2},4{d1},1{d2},1{d2},5{d1},7{d1},8{d1},1{d2},3{d1},1{d2},1{d2},1{d2},1{d2},4{d1},6{d1},4{d1}]»',
  ],
  [
    'pay72-solana-keypair-from-secret-key-uint8array',
    'const payer = Keypair.fromSecretKey(\n  Uint8Array.from(«[8{d1},8{d1},4{d1},4{d1},1{d2},{d1},{d1},1{d2},9{d1},7{d1},9{d1},1{d2},3{d1},9{d1},8{d1},1{d2},5{d1},4{d1},5{d1},1{d2},{d1},{d1},2{d1},4{d1},8{d1},9{d1},5{d1},{d1},2{d1},{d1},1{d2},7{d1},9{d1},{d1},4{d1},6{d1},7{d1},2{d1},1{d2},{d1},1{d2},1{d2},1{d2},2{d1},1{d2},9{d1},3{d1},1{d2},7{d1},7{d1},7{d1},1{d2},4{d1},1{d2},3{d1},3{d1},4{d1},4{d1},1{d2},1{d2},4{d1},1{d2},6{d1},1{d2}]»),\n);',
  ],
  [
    'pay72-solana-bs58-secret-dotenv-phantom-export',
    'SOLANA_RPC=https://api.mainnet-beta.solana.com\nWALLET_PRIVATE_KEY=«s5zrrbLk4ZynKjh7kyy7C4Fe4UmN6ZvtZM1qtRTjFje3p2KAeAnz7TUeq9sFYoQXnwh7uoRkxqzfr27xTQByxc3»\nJUPITER_SLIPPAGE_BPS=50',
  ],
  [
    'pay72-solana-rust-keypair-from-base58',
    'let payer = Keypair::from_base58_string("«4ZUsaaZMVEqUXFc2Aabp5ePerrTY5a6EH5iGzXTSS6K31x1d6k1xVzFLqHQocMqdLPgMiCXK3avPVVWdJGWG4Hui»");',
  ],
  [
    'pay72-near-credentials-json-private-key',
    '$ cat ~/.near-credentials/mainnet/northwind.near.json\n{"account_id":"northwind.near","public_key":"ed25519:33QatA3NosV2q5vXpJ7e6wpRW7h8GjFJtBedLV8ptEFy","private_key":"«ed25519:3L4gqpFf5shbPULQCLKX2mERWiBgBJK6tpDG9EcZQuPmKmPcX6axGY8wAFxTmZLL7YSmNHKYMSE5V8YTbAjg5D9p»"}',
  ],
  [
    'pay72-alchemy-wss-url-ethers-websocket',
    "const provider = new ethers.WebSocketProvider('wss://eth-mainnet.g.alchemy.com/v2/«{a32}»');\nprovider.on('block', (n) => console.log('block', n));",
  ],
  [
    'pay72-alchemy-sdk-settings-api-key',
    'const settings = {\n  apiKey: "«{a32}»",\n  network: Network.BASE_MAINNET,\n};\nconst alchemy = new Alchemy(settings);',
  ],
  ['pay72-alchemy-notify-auth-token-and-signing-key', 'ALCHEMY_NOTIFY_AUTH_TOKEN=«{a32}»\nALCHEMY_WEBHOOK_SIGNING_KEY=«whsec_{a24}»'],
  [
    'pay72-infura-project-secret-basic-userinfo',
    "const provider = new ethers.JsonRpcProvider({\n  url: 'https://mainnet.infura.io/v3/«{h32}»',\n  user: '',\n  password: '«{h32}»',\n});",
  ],
  [
    'pay72-infura-ipfs-project-id-secret-curl',
    'curl -X POST -F file=@metadata.json \\\n  -u "{a27}:«{h32}»" \\\n  "https://ipfs.infura.io:5001/api/v0/add?pin=true"',
  ],
  [
    'pay72-quicknode-https-endpoint-web3py',
    'w3 = Web3(Web3.HTTPProvider("https://{L6}-{L6}-{L6}.quiknode.pro/«{h40}»/"))\nprint(w3.eth.block_number)',
  ],
  [
    'pay72-quicknode-solana-endpoint-connection',
    "const connection = new Connection('https://{L5}-{L7}-{L5}.solana-mainnet.quiknode.pro/«{h40}»/', 'confirmed');",
  ],
  [
    'pay72-ankr-premium-rpc-url-foundry-toml',
    '[rpc_endpoints]\nmainnet = "https://rpc.ankr.com/eth/«{h64}»"\npolygon = "https://rpc.ankr.com/polygon/«{h64}»"',
  ],
  [
    'pay72-chainstack-node-url-env',
    'CHAINSTACK_ETH_HTTPS=https://ethereum-mainnet.core.chainstack.com/«{h32}»\nCHAINSTACK_ETH_WSS=wss://ethereum-mainnet.core.chainstack.com/«{h32}»',
  ],
  ['pay72-getblock-access-token-url', 'rpc: https://go.getblock.io/«{h32}»/'],
  ['pay72-helius-rpc-api-key-query', 'SOLANA_RPC_URL="https://mainnet.helius-rpc.com/?api-key=«{h8}-{h4}-4{h3}-a{h3}-{h12}»"'],
  ['pay72-blastapi-project-url-json', '{ "rpcUrls": { "ethereum": "https://eth-mainnet.blastapi.io/«{h8}-{h4}-4{h3}-9{h3}-{h12}»" } }'],
  ['pay72-drpc-dkey-query-param', 'export RPC_URL="https://lb.drpc.org/ogrpc?network=ethereum&dkey=«{B50}»"'],
  ['pay72-pimlico-bundler-url-apikey', 'const bundlerUrl = `https://api.pimlico.io/v2/8453/rpc?apikey=«pim_{a22}»`;'],
  [
    'pay72-etherscan-hardhat-verify-apikey-object',
    '  etherscan: {\n    apiKey: {\n      mainnet: "«{u34}»",\n      base: "«{u34}»",\n      arbitrumOne: "«{u34}»",\n    },\n  },',
  ],
  [
    'pay72-etherscan-foundry-toml-etherscan-table',
    '[etherscan]\nmainnet = { key = "«{u34}»" }\npolygon = { key = "«{u34}»", url = "https://api.polygonscan.com/api" }',
  ],
  [
    'pay72-etherscan-api-url-query-log',
    'GET https://api.etherscan.io/api?module=account&action=txlist&address=0x{h40}&startblock=0&sort=asc&apikey=«{u34}» -> 200 (412 ms)',
  ],
  ['pay72-thirdweb-secret-key-cli-flag', '$ npx thirdweb deploy -k «{B86}»\n✔ Detected project type: foundry\n✔ Compilation successful'],
  [
    'pay72-thirdweb-secret-key-server-client',
    'import { createThirdwebClient } from "thirdweb";\n\nexport const serverClient = createThirdwebClient({\n  secretKey: "«{B86}»",\n});',
  ],
  [
    'pay72-moralis-start-api-key-jwt',
    'await Moralis.start({\n  apiKey: "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub25jZSI6I{B120}.{B43}»",\n});',
  ],
  [
    'pay72-pinata-jwt-bearer-fetch',
    'const res = await fetch("https://api.pinata.cloud/pinning/pinFileToIPFS", {\n  method: "POST",\n  headers: { Authorization: "Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySW5mb3JtYXRpb24iOnsiaWQiOi{B380}.{B43}»" },\n  body: form,\n});',
  ],
  [
    'pay72-pinata-api-key-secret-python-headers',
    'headers = {\n    "pinata_api_key": "«{h20}»",\n    "pinata_secret_api_key": "«{h64}»",\n}',
  ],
  [
    'pay72-tenderly-access-key-config-yaml',
    '$ cat ~/.tenderly/config.yaml\naccess_key: «{a32}»\naccess_key_id: {h8}-{h4}-4{h3}-a{h3}-{h12}\naccount_id: northwind\nusername: lena',
  ],
  ['pay72-tenderly-hardhat-env-access-key', 'TENDERLY_ACCOUNT_NAME=northwind\nTENDERLY_PROJECT_SLUG=vaults\nTENDERLY_ACCESS_KEY=«{a32}»'],
  ['pay72-graph-studio-deploy-key-auth', '$ graph auth --studio «{h32}»\nDeploy key set for https://api.studio.thegraph.com/deploy/'],
  ['pay72-graph-gateway-url-api-key-path', 'const SUBGRAPH = "https://gateway.thegraph.com/api/«{h32}»/subgraphs/id/{a44}";'],
  [
    'pay72-opensea-api-key-header-python',
    'r = requests.get(\n    f"https://api.opensea.io/api/v2/collection/{slug}/stats",\n    headers={"accept": "application/json", "x-api-key": "«{h32}»"},\n)',
  ],
  [
    'pay72-coingecko-pro-api-key-header',
    'curl -s "https://pro-api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd" \\\n  -H "x-cg-pro-api-key: «CG-{a25}»"',
  ],
  [
    'pay72-coinmarketcap-pro-key-axios',
    "const { data } = await axios.get('https://pro-api.coinmarketcap.com/v1/cryptocurrency/listings/latest', {\n  headers: { 'X-CMC_PRO_API_KEY': '«{h8}-{h4}-4{h3}-8{h3}-{h12}»' },\n});",
  ],
  [
    'pay72-dune-api-key-client',
    'from dune_client.client import DuneClient\ndune = DuneClient("«{a32}»")\nrows = dune.get_latest_result(3_812_114).result.rows',
  ],
  ['pay72-covalent-goldrush-key-env', 'GOLDRUSH_API_KEY=«cqt_{a26}»'],
  [
    'pay72-nft-storage-token-jwt-client',
    "const client = new NFTStorage({ token: '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkaWQ6ZXRocjoweD{B96}.{B43}»' });",
  ],
];

export const BLIND72_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'pay72-stripe-publishable-key-html-script',
    '<script src="https://js.stripe.com/v3/"></script>\n<script>\n  const stripe = Stripe(\'pk_live_51{a97}\');\n  const elements = stripe.elements({ clientSecret: window.__PI_CLIENT_SECRET__ });\n</script>',
  ],
  [
    'pay72-stripe-event-json-object-ids',
    '{\n  "id": "evt_1P{a22}",\n  "object": "event",\n  "account": "acct_1N{a14}",\n  "livemode": true,\n  "type": "charge.succeeded",\n  "data": { "object": { "id": "ch_3P{a22}", "customer": "cus_{a14}", "payment_intent": "pi_3P{a22}", "amount": 4900, "currency": "eur" } }\n}',
  ],
  [
    'pay72-stripe-webhook-endpoints-list-we-ids',
    "$ stripe webhook_endpoints list --live --limit 2 | jq -r '.data[] | [.id, .url, .status] | @tsv'\nwe_1P{a22}\thttps://api.northwind.example.org/webhooks/stripe\tenabled\nwe_1O{a22}\thttps://staging-api.northwind.example.org/webhooks/stripe\tdisabled",
  ],
  [
    'pay72-stripe-masked-secret-key-dashboard-list',
    'Standard keys\n  Publishable key   pk_live_51{a10}...{a4}    Created Mar 3\n  Secret key        sk_live_...4242           Last used 2 minutes ago   [Reveal live key]\nRestricted keys\n  reporting-bot     rk_live_...{a4}           Last used Jun 10',
  ],
  [
    'pay72-stripe-secret-key-placeholder-words',
    '# .env.example — copy to .env and fill in from the dashboard\nSTRIPE_SECRET_KEY=sk_live_your_secret_key_here\nSTRIPE_WEBHOOK_SECRET=whsec_replace_me\nSTRIPE_PUBLISHABLE_KEY=pk_live_your_publishable_key',
  ],
  [
    'pay72-stripe-test-card-numbers-doc',
    'Use these in the test-mode checkout only:\n| Card                | Number              | CVC | Expiry |\n| Visa                | 4242 4242 4242 4242 | 123 | 12/34  |\n| Visa (3DS required) | 4000 0027 6000 3184 | 123 | 12/34  |\n| Declined            | 4000 0000 0000 0002 | 123 | 12/34  |',
  ],
  [
    'pay72-stripe-signature-header-log-line',
    '[webhook] received type=invoice.paid id=evt_1P{a22} stripe-signature="t={d10},v1={h64},v0={h64}" verified=true',
  ],
  [
    'pay72-stripe-checkout-session-success-url',
    'GET /checkout/success?session_id=cs_live_b1{a56} 200 38ms\n  -> session.status=complete session.payment_status=paid customer=cus_{a14}',
  ],
  [
    'pay72-stripe-price-product-ids-seed-file',
    'PLANS = {\n    "starter": {"product": "prod_{a14}", "monthly": "price_1P{a22}", "yearly": "price_1P{a22}"},\n    "pro": {"product": "prod_{a14}", "monthly": "price_1P{a22}", "yearly": "price_1P{a22}"},\n}',
  ],
  [
    'pay72-stripe-env-reference-no-value',
    "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: '2024-06-20' });\nconst endpointSecret = process.env.STRIPE_WEBHOOK_SECRET;\nif (!endpointSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');",
  ],
  [
    'pay72-stripe-request-id-idempotency-key-log',
    'POST /v1/payment_intents 200 req_{a14} Idempotency-Key={h8}-{h4}-4{h3}-a{h3}-{h12} Stripe-Version=2024-06-20 livemode=true',
  ],
  [
    'pay72-stripe-test-key-written-as-words',
    'STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx\nSTRIPE_PUBLISHABLE_KEY=pk_test_xxxxxxxxxxxxxxxxxxxxxxxx',
  ],
  [
    'pay72-adyen-client-key-dropin-config',
    "const configuration = {\n  environment: 'live',\n  clientKey: 'live_{u32}',\n  analytics: { enabled: true },\n  session: { id: 'CS{H16}', sessionData: sessionDataFromServer },\n};",
  ],
  [
    'pay72-adyen-notification-psp-reference',
    '{"live":"true","notificationItems":[{"NotificationRequestItem":{"eventCode":"AUTHORISATION","merchantAccountCode":"NorthwindGoodsECOM","merchantReference":"ord-20931","pspReference":"{d16}","success":"true","amount":{"currency":"EUR","value":12900},"additionalData":{"hmacSignature":"{b43}="}}}]}',
  ],
  [
    'pay72-braintree-tokenization-key-dropin',
    "braintree.dropin.create({\n  authorization: 'production_{l8}_{l16}',\n  container: '#dropin-container',\n  paypal: { flow: 'vault' },\n});",
  ],
  [
    'pay72-paypal-js-sdk-client-id-script-src',
    '<script src="https://www.paypal.com/sdk/js?client-id=A{B79}&currency=EUR&intent=capture&components=buttons,card-fields"></script>',
  ],
  [
    'pay72-paypal-order-capture-ids-response',
    '{\n  "id": "{u17}",\n  "status": "COMPLETED",\n  "purchase_units": [{ "payments": { "captures": [{ "id": "{u17}", "status": "COMPLETED", "amount": { "currency_code": "USD", "value": "64.00" } }] } }],\n  "links": [{ "href": "https://api-m.paypal.com/v2/checkout/orders/{u17}", "rel": "self", "method": "GET" }]\n}',
  ],
  ['pay72-paypal-webhook-id-config', 'PAYPAL_WEBHOOK_ID=WH-{u17}-{u17}\nPAYPAL_API_BASE=https://api-m.paypal.com'],
  [
    'pay72-square-web-payments-app-and-location-id',
    "const payments = window.Square.payments('sq0idp-{B22}', 'L{u12}');\nconst card = await payments.card();\nawait card.attach('#card-container');",
  ],
  [
    'pay72-razorpay-checkout-options-key-id',
    'var options = {\n  key: "rzp_live_{a14}",\n  amount: 49900,\n  currency: "INR",\n  name: "Northwind Goods",\n  order_id: "order_{a14}",\n  handler: function (response) { verify(response); }\n};',
  ],
  [
    'pay72-razorpay-callback-signature-payload',
    '{\n  "razorpay_payment_id": "pay_{a14}",\n  "razorpay_order_id": "order_{a14}",\n  "razorpay_signature": "{h64}"\n}',
  ],
  [
    'pay72-paystack-inline-public-key',
    "const handler = PaystackPop.setup({\n  key: 'pk_live_{h40}',\n  email: customer.email,\n  amount: 250000,\n  ref: 'NW-{d10}',\n});",
  ],
  [
    'pay72-flutterwave-inline-public-key',
    'FlutterwaveCheckout({\n  public_key: "FLWPUBK-{h32}-X",\n  tx_ref: "nw-{d10}",\n  amount: 5400,\n  currency: "NGN",\n  payment_options: "card, banktransfer, ussd",\n});',
  ],
  [
    'pay72-mercadopago-public-key-bricks',
    "const mp = new MercadoPago('APP_USR-{h8}-{h4}-4{h3}-a{h3}-{h12}', { locale: 'pt-BR' });\nconst bricksBuilder = mp.bricks();",
  ],
  [
    'pay72-paddle-client-token-and-price-ids',
    "Paddle.Initialize({ token: 'live_{h27}' });\nPaddle.Checkout.open({ items: [{ priceId: 'pri_01{l24}', quantity: 1 }], customer: { email } });",
  ],
  ['pay72-checkout-com-frames-public-key', "Frames.init({\n  publicKey: 'pk_{l27}',\n  localization: 'EN-GB',\n  schemeChoice: true,\n});"],
  [
    'pay72-midtrans-snap-client-key-script-tag',
    '<script src="https://app.midtrans.com/snap/snap.js" data-client-key="Mid-client-{B16}"></script>',
  ],
  [
    'pay72-xendit-public-key-tokenization',
    "Xendit.setPublishableKey('xnd_public_production_{a60}');\nXendit.card.createToken({ amount: '150000', card_number: cardNumber, is_multiple_use: false }, onTokenized);",
  ],
  [
    'pay72-moonpay-widget-url-publishable',
    'https://buy.moonpay.com?apiKey=pk_live_{a32}&currencyCode=eth&walletAddress=0x{h40}&colorCode=%237d00ff',
  ],
  [
    'pay72-plaid-item-and-account-ids-log',
    '[plaid] /transactions/sync item_id={a37} account_id={a37} added=14 modified=0 removed=0 next_cursor={B40}',
  ],
  [
    'pay72-plaid-link-token-create-response',
    '{\n  "expiration": "2024-06-12T14:31:08Z",\n  "link_token": "link-production-{h8}-{h4}-4{h3}-8{h3}-{h12}",\n  "request_id": "{a15}"\n}',
  ],
  [
    'pay72-iban-bic-well-known-values',
    'SEPA direct debit fixtures:\n  IBAN  DE89 3704 0044 0532 0130 00   BIC COBADEFFXXX\n  IBAN  GB33 BUKB 2020 1555 5555 55   BIC BUKBGB22\n  IBAN  FR14 2004 1010 0505 0001 3M02 606',
  ],
  [
    'pay72-payment-amounts-currency-json',
    '{"line_items":[{"sku":"NW-COFFEE-1KG","unit_amount":2499,"quantity":2},{"sku":"NW-GRINDER","unit_amount":12900,"quantity":1}],"subtotal":17898,"tax":3401,"currency":"eur","amount_due":21299}',
  ],
  [
    'pay72-masked-card-and-key-suffixes-receipt',
    'Receipt #NW-20931\nPaid with VISA •••• 4242 (exp 08/27)\nProcessed via key ending …9f2K on account acct_1N{a14}',
  ],
  [
    'pay72-checkout-com-processing-channel-ids',
    'CKO_PROCESSING_CHANNEL_ID=pc_{l26}\nCKO_ENTITY_ID=ent_{l26}\nCKO_SECRET_KEY=${{ secrets.CKO_SECRET_KEY }}',
  ],
  [
    'pay72-coinbase-commerce-charge-hosted-url',
    '{"data":{"code":"{u8}","hosted_url":"https://commerce.coinbase.com/pay/{h8}-{h4}-4{h3}-a{h3}-{h12}","pricing":{"local":{"amount":"49.00","currency":"USD"}},"timeline":[{"status":"NEW","time":"2024-06-12T10:01:00Z"}]}}',
  ],
  [
    'pay72-hardhat-deploy-output-tx-hash-and-address',
    '$ npx hardhat run scripts/deploy.ts --network base\nDeploying Vault with the account: 0x{h40}\nTransaction hash: 0x{h64}\nVault deployed to: 0x{h40} (block 15523118, gas used 1,842,117)',
  ],
  [
    'pay72-cast-block-output-hashes',
    '$ cast block latest --rpc-url $ETH_RPC_URL\nbaseFeePerGas        6421189032\ngasLimit             30000000\ngasUsed              12993741\nhash                 0x{h64}\nminer                0x{h40}\nnumber               20071234\nparentHash           0x{h64}\nreceiptsRoot         0x{h64}\nstateRoot            0x{h64}\ntransactionsRoot     0x{h64}',
  ],
  [
    'pay72-cast-receipt-logs-topics',
    '$ cast receipt 0x{h64} --rpc-url $RPC --json | jq \'.logs[0]\'\n{\n  "address": "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",\n  "topics": [\n    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",\n    "0x000000000000000000000000{h40}",\n    "0x000000000000000000000000{h40}"\n  ],\n  "data": "0x00000000000000000000000000000000000000000000000000000000{h8}",\n  "blockHash": "0x{h64}",\n  "transactionHash": "0x{h64}"\n}',
  ],
  [
    'pay72-function-selectors-cast-sig',
    '$ cast sig "transfer(address,uint256)"\n0xa9059cbb\n$ cast sig "approve(address,uint256)"\n0x095ea7b3\n$ cast 4byte 0x23b872dd\ntransferFrom(address,address,uint256)',
  ],
  [
    'pay72-erc20-abi-snippet-json',
    '[\n  {"type":"function","name":"balanceOf","stateMutability":"view","inputs":[{"name":"account","type":"address"}],"outputs":[{"name":"","type":"uint256"}]},\n  {"type":"event","name":"Transfer","anonymous":false,"inputs":[{"indexed":true,"name":"from","type":"address"},{"indexed":true,"name":"to","type":"address"},{"indexed":false,"name":"value","type":"uint256"}]}\n]',
  ],
  [
    'pay72-cast-calldata-encoded-transfer',
    '$ cast calldata "transfer(address,uint256)" 0x{h40} 250000000\n0xa9059cbb000000000000000000000000{h40}000000000000000000000000000000000000000000000000000000000ee6b280',
  ],
  [
    'pay72-personal-sign-signature-output',
    '> await signer.signMessage("Sign in to Northwind\\nNonce: {a16}")\n\'0x{h130}\'\n// signature is sent to /api/siwe/verify together with the message',
  ],
  [
    'pay72-ens-names-resolve-output',
    '$ cast resolve-name treasury.northwind.eth\n0x{h40}\n$ cast lookup-address 0x{h40}\nops.northwind.eth',
  ],
  [
    'pay72-wagmi-config-chain-ids',
    'export const config = createConfig({\n  chains: [mainnet, base, arbitrum],\n  transports: { [mainnet.id]: http(), [base.id]: http(), [arbitrum.id]: http() },\n});\n// chain ids: mainnet=1, optimism=10, polygon=137, base=8453, arbitrum=42161, sepolia=11155111',
  ],
  [
    'pay72-gas-fee-values-eip1559-tx',
    '{\n  "type": "0x2",\n  "chainId": "0x2105",\n  "nonce": "0x2f",\n  "gas": "0x5208",\n  "maxFeePerGas": "0x59682f00",\n  "maxPriorityFeePerGas": "0x3b9aca00",\n  "to": "0x{h40}",\n  "value": "0x{h15}"\n}',
  ],
  [
    'pay72-btcpay-xpub-derivation-scheme',
    "Store settings → Wallet → Derivation scheme\nxpub6DEQ3REuBLKjnz5hf8SrQwFyXywSaK7MwYUfaU8AcyLFcUjFdECCByfMa7kZqAFBZYC9ZAX9PzjxoqZCVjqFcfxk5rincTPa6LZaazjBgmx-[p2sh]\nAccount key path: [e2badb2d/49'/0'/0']",
  ],
  [
    'pay72-watch-only-descriptor-zpub',
    '$ bitcoin-cli -rpcwallet=watch getdescriptorinfo "wpkh([c652bef1/84h/0h/0h]zpub6raZoGohXLPNPQpvHf2xqErABuwrUavtuadDhuNRbkCbYp1wqEB2SUBykaa6iqKGCW2N22NeDkM9jYK5oaD4kb8kqG7ve8k6EoJbP17YXGj/0/*)"\n{"descriptor": "wpkh([95ba3c07/84\'/0\'/0\']zpub6rihQYkzn3rVtAMkvXKzwwnv2N8fQ4CkJDBVgfkJ2grYC8FTHcDs3xH7PjHrcxEnmCzqUHNq2DzX8zAtBW7WnZRVHta3rBAsBoriPVqkt7c/0/*)", "isrange": true, "issolvable": true, "hasprivatekeys": false}',
  ],
  [
    'pay72-solana-public-keys-program-ids',
    "const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');\nconst USDC_MINT = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');\nconst TREASURY = new PublicKey('5fFzLUFzBxGkFqi1ivgpMkTc7oCN9oAVHfiRkh62f8VJ');",
  ],
  [
    'pay72-solana-transfer-signature-output',
    '$ solana transfer DYp7MLfTSTZALqCXvUppGaXP2r1xpXEQWogxgVRN292q 0.5 --allow-unfunded-recipient\nSignature: y7PSDXRiL5NPAHzMJuRVQt1rQDZtvku1vrvQ76m5V9TWhzY9XckAD3hDAe4MyaRgEwqhXbeJwDSBEYtMgL5HQuS\n$ solana confirm -v 61BvNhKQSg28mYda2PGsbrtKKvvNMMbguCCMfxbb2TAGUcoqdD2XLsHMbAPFpV4KUVJoG7uxDcXUjqp2HcQzEhTm\nTransaction executed in slot 271034112',
  ],
  [
    'pay72-bitcoin-txid-and-address-explorer',
    'Sent 0.0125 BTC to bc1qpl2qcq3a2m8ysg2ydg8sfuh9v9txu7smv65jax\ntxid: f31ee290089e6c6d7435d06cc32033d012dd54feb7767d2d0f46439e6f2332ed\nchange address: 1KTAPF4hr5CX7p7QL3arYUmXQPjJmWfkVt',
  ],
  [
    'pay72-ipfs-cids-token-uri',
    'tokenURI(1) = ipfs://Qmaa5x5zdchmamUy1VFP7DdNPcLdQUsg1C9aJGm8q5nio9/1.json\ncontractURI() = ipfs://bafybei{k52}\nbaseURI set in tx 0x{h64}',
  ],
  [
    'pay72-merkle-root-airdrop-config',
    '{\n  "merkleRoot": "0x{h64}",\n  "tokenTotal": "0x{h20}",\n  "claims": { "0x{h40}": { "index": 0, "amount": "0x{h16}", "proof": ["0x{h64}", "0x{h64}"] } }\n}',
  ],
  [
    'pay72-eip1967-storage-slot-constants',
    '// EIP-1967 storage slots\nbytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;\nbytes32 internal constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;',
  ],
  [
    'pay72-access-control-role-hashes',
    '$ cast keccak "MINTER_ROLE"\n0x{h64}\n$ cast keccak "PAUSER_ROLE"\n0x{h64}\n# DEFAULT_ADMIN_ROLE = 0x0000000000000000000000000000000000000000000000000000000000000000',
  ],
  [
    'pay72-create2-salt-and-init-code-hash',
    "// CREATE2 deployment params (public, logged for reproducibility)\nconst salt = '0x{h64}';\nconst initCodeHash = '0x{h64}';\nconst predicted = getCreate2Address(factory, salt, initCodeHash);",
  ],
  [
    'pay72-anvil-default-test-mnemonic',
    "$ anvil --fork-url $ETH_RPC_URL\nAvailable Accounts\n==================\n(0) 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 (10000.000000000000000000 ETH)\n\nWallet\n==================\nMnemonic:          test test test test test test test test test test test junk\nDerivation path:   m/44'/60'/0'/0/",
  ],
  [
    'pay72-hardhat-accounts-env-conditional',
    '    mainnet: {\n      url: `https://eth-mainnet.g.alchemy.com/v2/${process.env.ALCHEMY_API_KEY}`,\n      accounts: process.env.PRIVATE_KEY ? [process.env.PRIVATE_KEY] : [],\n    },',
  ],
  [
    'pay72-forge-script-keystore-account-flag',
    'forge script script/Deploy.s.sol --rpc-url $MAINNET_RPC_URL --account deployer --sender 0x{h40} --broadcast\n# --account reads ~/.foundry/keystores/deployer, password prompted interactively',
  ],
  [
    'pay72-private-key-placeholder-angle-brackets',
    'PRIVATE_KEY=<your-private-key>\nRPC_URL=https://eth-mainnet.g.alchemy.com/v2/<alchemy-api-key>\nETHERSCAN_API_KEY=<etherscan-key>',
  ],
  ['pay72-dotenv-example-empty-web3', '# .env.example\nPRIVATE_KEY=\nMNEMONIC=\nINFURA_API_KEY=\nETHERSCAN_API_KEY=\nREPORT_GAS=true'],
  [
    'pay72-public-rpc-urls-no-key',
    "const RPCS = {\n  1: 'https://cloudflare-eth.com',\n  8453: 'https://mainnet.base.org',\n  42161: 'https://arb1.arbitrum.io/rpc',\n  137: 'https://polygon-rpc.com',\n};",
  ],
  [
    'pay72-walletconnect-project-id-public-env',
    '# exposed to the browser on purpose; restricted by allowed origins in cloud.reown.com\nNEXT_PUBLIC_WC_PROJECT_ID={h32}\nNEXT_PUBLIC_CHAIN_ID=8453',
  ],
  [
    'pay72-thirdweb-client-id-frontend',
    '// client id is safe to ship; the secret key stays on the server\nexport const client = createThirdwebClient({\n  clientId: "{h32}",\n});',
  ],
  ['pay72-etherscan-links-address-tx', 'Deployed: https://etherscan.io/address/0x{h40}#code\nVerify tx: https://etherscan.io/tx/0x{h64}'],
  [
    'pay72-keystore-dir-listing-filenames',
    '$ ls ~/.ethereum/keystore\nUTC--2024-03-02T11-20-41.884512000Z--{h40}\nUTC--2024-06-12T10-01-44.183920000Z--{h40}',
  ],
  [
    'pay72-deposit-data-json-validator',
    '[{"pubkey": "{h96}", "withdrawal_credentials": "010000000000000000000000{h40}", "amount": 32000000000, "signature": "{h192}", "deposit_message_root": "{h64}", "deposit_data_root": "{h64}", "fork_version": "00000000", "network_name": "mainnet", "deposit_cli_version": "2.7.0"}]',
  ],
  [
    'pay72-uniswap-pool-slot0-values',
    'pool 0x{h40} (USDC/WETH 0.05%)\nslot0: sqrtPriceX96=1{d32} tick=198765 observationIndex=412 feeProtocol=0 unlocked=true\nliquidity=2{d17}',
  ],
  [
    'pay72-usdc-checksummed-address-constants',
    "export const USDC = {\n  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',\n  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',\n} as const;",
  ],
  [
    'pay72-forge-verify-guid-output',
    'Submitting verification for [src/Vault.sol:Vault] 0x{h40}.\nSubmitted contract for verification:\n        Response: `OK`\n        GUID: `{l50}`\n        URL: https://etherscan.io/address/0x{h40}',
  ],
  [
    'pay72-tenderly-simulation-id-url',
    'Simulation {h8}-{h4}-4{h3}-a{h3}-{h12} succeeded (gas 184,221)\nhttps://dashboard.tenderly.co/northwind/vaults/simulator/{h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'pay72-pinata-pin-response-ipfs-hash',
    '{\n  "IpfsHash": "QmYueL11EQYntNjsYd272KjMKnkt69Da5oE483SBeoLZxg",\n  "PinSize": 184223,\n  "Timestamp": "2024-06-12T10:12:44.128Z"\n}',
  ],
  [
    'pay72-lightning-invoice-bolt11-public',
    'Pay this invoice to top up the node:\nlnbc25u1p{l190}\n(payment_hash {h64}, expires in 3600s)',
  ],
  [
    'pay72-psbt-base64-unsigned',
    '$ bitcoin-cli -rpcwallet=watch walletcreatefundedpsbt \'[]\' \'[{"bc1q...":0.01}]\'\n{\n  "psbt": "cHNidP8BAHECAAAAA{b180}AAAA",\n  "fee": 0.00001410,\n  "changepos": 1\n}',
  ],
  [
    'pay72-tron-and-cosmos-addresses',
    'payout wallets:\n  tron   TSBFtLSr3arXGRPuNdE36JzU3ZaX5BVgM9\n  cosmos cosmos1hz8lra8s8qkj4e55clvkeyu3mps4gf7wjc7pyk\n  btc    bc1qfxj7u7yst84zkw9qxqufshyztrr4c2m9mln2we',
  ],
  [
    'pay72-event-topic0-signatures-doc',
    '| Event                                   | topic0 |\n| Transfer(address,address,uint256)       | 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef |\n| Approval(address,address,uint256)       | 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925 |',
  ],
  [
    'pay72-block-hash-labelled-in-prose',
    'the reorg happened at height 20071234 — block hash 0x{h64} was replaced by 0x{h64}, so our indexer double counted two deposits',
  ],
  [
    'pay72-tx-hash-labelled-in-support-ticket',
    'Customer says the withdrawal never arrived. Tx hash: 0x{h64}\nNetwork: Arbitrum One, amount 1,250 USDC, to 0x{h40}',
  ],
  [
    'pay72-rpc-url-env-template-reference',
    'ETH_RPC_URL=https://eth-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}\nBASE_RPC_URL=https://base-mainnet.infura.io/v3/${INFURA_PROJECT_ID}',
  ],
  [
    'pay72-evm-revert-data-custom-error',
    'Error: execution reverted: custom error 0xfb8f41b2: 000000000000000000000000{h40}00000000000000000000000000000000000000000000000000000000{h8}\n  (InsufficientAllowance(address spender, uint256 allowance, uint256 needed))',
  ],
  [
    'pay72-aptos-account-address-and-pubkey',
    '$ aptos account lookup-address --public-key ed25519-pub-0x{h64}\n{\n  "Result": "0x{h64}"\n}',
  ],
  [
    'pay72-turnkey-public-key-compressed',
    'API key "ci-signer" public key: 03{h64}\n(the private half never leaves the CI runner\'s secure enclave)',
  ],
  [
    'pay72-bls-validator-pubkey-beaconcha',
    'validator 1042311  pubkey 0x{h96}  status active_ongoing  balance 32.0143 ETH\nwithdrawal credentials 0x010000000000000000000000{h40}',
  ],
  [
    'pay72-subgraph-deployment-id',
    '✔ Upload subgraph to IPFS\nBuild completed: QmPhrPJrtprG7yJbWi9C93o2Gq1hmDKaaWWwaBneMM5Kta\nDeployed to https://thegraph.com/studio/subgraph/northwind-vaults\nSubgraph endpoints:\nQueries (HTTP):     https://api.studio.thegraph.com/query/{d5}/northwind-vaults/v0.3.1',
  ],
  [
    'pay72-chain-registry-json-entry',
    '{ "chainId": 42161, "name": "Arbitrum One", "nativeCurrency": { "name": "Ether", "symbol": "ETH", "decimals": 18 }, "rpc": ["https://arb1.arbitrum.io/rpc"], "explorers": [{ "url": "https://arbiscan.io" }] }',
  ],
  [
    'pay72-exchange-order-ids-trade-log',
    '2024-06-12 10:41:02 binance BTC/USDT buy 0.0150 @ 67012.40 orderId={d11} clientOrderId=x-{u8}{h16}\n2024-06-12 10:41:09 okx ETH-USDT-SWAP sell 2 @ 3521.1 ordId={d18} clOrdId=nwbot{h16}',
  ],
  [
    'pay72-freqtrade-config-env-placeholders',
    '    "exchange": {\n        "name": "binance",\n        "key": "",\n        "secret": "",\n        "pair_whitelist": ["BTC/USDT"]\n    },\n    "telegram": { "enabled": false, "token": "", "chat_id": "" },',
  ],
  [
    'pay72-ccxt-keys-from-env',
    'exchange = ccxt.kraken({\n    "apiKey": os.environ["KRAKEN_API_KEY"],\n    "secret": os.environ["KRAKEN_API_SECRET"],\n})',
  ],
  [
    'pay72-binance-api-signature-query-debug',
    'GET /api/v3/account?timestamp={d13}&recvWindow=5000&signature={h64}\nX-MBX-APIKEY: ********',
  ],
];
