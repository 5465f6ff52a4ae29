/** A fifty-ninth held-out batch, written blind: application secrets of web frameworks, CMSs and e-commerce platforms (WordPress salts, Drupal hash_salt, Magento crypt keys, Shopify/WooCommerce tokens, Laravel/Symfony/Django/Rails/Phoenix keys, Strapi salts, Auth.js/Clerk/Supabase/Hasura/Keycloak secrets) in their own config files and code, against same-file look-alikes (env refs, default phrases, public keys, signing salts, asset fingerprints). */
export const BLIND59_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'web59-wp-config-db-password-and-first-salts',
    "define( 'DB_NAME', 'acme_wp' );\ndefine( 'DB_USER', 'acme_wp' );\ndefine( 'DB_PASSWORD', '«{a5}-{a7}!{a3}_»' );\ndefine( 'DB_HOST', 'db-primary.internal:3306' );\n\ndefine( 'AUTH_KEY',         '«{a4}^{a7}/{a8}+{a8}:{a3}+{a8}+{a6};{a3}]{a6}?{a2}»' );\ndefine( 'SECURE_AUTH_KEY',  '«{a7}%{a5}?{a9}<{a4}<{a4}*{a7}]{a6}/{a7},{a6}/»' );",
  ],
  [
    'web59-wp-config-all-eight-salts',
    "define('AUTH_KEY',          '«{a7}={a3}%{a4}?{a3}.{a8}^{a8}-{a8}/{a5}:{a9};»');\ndefine('SECURE_AUTH_KEY',   '«{a7}@{a3}|{a4}|{a3}({a3}[{a3}]{a3}*{a7}!{a8}+{a9}+{a3}_»');\ndefine('LOGGED_IN_KEY',     '«{a8}?{a7}-{a3},{a9},{a3}){a9};{a5}|{a9}?{a2}[»');\ndefine('NONCE_KEY',         '«{a5}.{a6}+{a9}?{a5}@{a3}!{a8}={a6}?{a5}!{a8}-»');\ndefine('AUTH_SALT',         '«{a3}!{a9}={a9}){a5}~{a3}%{a9}.{a3}^{a6}>{a6}_{a2}»');\ndefine('SECURE_AUTH_SALT',  '«{a3},{a6}%{a5}!{a6}@{a9}<{a6}*{a9}?{a9}>{a2}_»');\ndefine('LOGGED_IN_SALT',    '«{a3}&{a8}@{a3}.{a3};{a9}_{a6}!{a9}:{a7}-{a4}!{a2},»');\ndefine('NONCE_SALT',        '«{a4}!{a7}/{a4}={a5}.{a4}.{a4}<{a6}.{a4}={a7}?{a5}*{a3}%»');",
  ],
  [
    'web59-wp-salts-api-curl-output',
    "$ curl -s https://api.wordpress.org/secret-key/1.1/salt/ | head -4\ndefine('AUTH_KEY',         '«{a3}&{a4}+{a6}!{a4},{a7}|{a7}~{a9}!{a3}){a9},{a2}@»');\ndefine('SECURE_AUTH_KEY',  '«{a6}*{a8}^{a5}({a5}?{a5};{a3}){a5}={a9}.{a9}!»');\ndefine('LOGGED_IN_KEY',    '«{a5};{a8}({a7},{a3}_{a8}*{a9}<{a9}<{a4}!{a2}<»');\ndefine('NONCE_KEY',        '«{a8}%{a5}]{a4}_{a4}@{a6}({a9}){a5}[{a7}&{a7}+»');",
  ],
  [
    'web59-wp-config-nonce-salt-beside-table-prefix',
    "define( 'NONCE_SALT', '«{a9}-{a5}|{a9}[{a3}){a6}-{a8}]{a5}+{a7}*{a3}:»' );\n\n$table_prefix = 'wp_';\ndefine( 'WP_DEBUG', false );",
  ],
  [
    'web59-wp-cli-config-set-db-password',
    "$ wp config set DB_PASSWORD '«{a3}%{a5}.{a5}#{a3}^»' --type=constant\nSuccess: Updated the constant 'DB_PASSWORD' in the 'wp-config.php' file.",
  ],
  [
    'web59-wp-env-docker-compose-db-password',
    '  wordpress:\n    image: wordpress:6.5-php8.2-apache\n    environment:\n      WORDPRESS_DB_HOST: mariadb:3306\n      WORDPRESS_DB_USER: wp\n      WORDPRESS_DB_PASSWORD: «{a5}.{a5}-{a3}^»\n      WORDPRESS_DB_NAME: wordpress',
  ],
  [
    'web59-wp-docker-env-auth-key-salt',
    "WORDPRESS_AUTH_KEY='«{a9}!{a6}~{a4}/{a8}&{a7}%{a6}~{a8}+{a3}>{a4}#»'\nWORDPRESS_AUTH_SALT='«{a4}@{a6}#{a7}-{a8}#{a4}={a9}~{a7}({a4}?{a6}/»'\nWORDPRESS_TABLE_PREFIX=wp_shop_",
  ],
  [
    'web59-wp-bedrock-env-salts',
    "# Bedrock .env\nDB_NAME=bedrock\nDB_USER=bedrock\nDB_PASSWORD=«{a3}_{a3}!{a7}_»\nWP_ENV=production\nWP_HOME=https://shop.acme.io\nWP_SITEURL=${WP_HOME}/wp\nLOGGED_IN_KEY='«{a7},{a7}){a6}%{a8}({a5}^{a9}/{a4}-{a3}:{a5}:{a1}»'\nNONCE_SALT='«{a9}*{a7}[{a3}#{a8}_{a9}*{a6}:{a8}+{a5}[{a1}»'",
  ],
  [
    'web59-wp-smtp-plugin-password-constant',
    "define( 'WPMS_ON', true );\ndefine( 'WPMS_MAILER', 'smtp' );\ndefine( 'WPMS_SMTP_HOST', 'smtp.mailgun.org' );\ndefine( 'WPMS_SMTP_PORT', 587 );\ndefine( 'WPMS_SMTP_USER', 'postmaster@mg.acme.io' );\ndefine( 'WPMS_SMTP_PASS', '«{a12}-{a8}-{a10}»' );",
  ],
  [
    'web59-wp-application-password-rest-auth',
    'curl -u "deploy-bot:«{a4} {a4} {a4} {a4} {a4} {a4}»" \\\n  -X POST https://blog.acme.io/wp-json/wp/v2/posts -d \'{"title":"Release notes","status":"draft"}\'',
  ],
  [
    'web59-woocommerce-rest-ck-cs-basic-auth-curl',
    'curl https://shop.acme.io/wp-json/wc/v3/orders?status=processing \\\n  -u «ck_{h40}»:«cs_{h40}»',
  ],
  [
    'web59-woocommerce-rest-keys-node-client',
    "const WooCommerceRestApi = require('@woocommerce/woocommerce-rest-api').default;\nconst api = new WooCommerceRestApi({\n  url: 'https://shop.acme.io',\n  consumerKey: '«ck_{h40}»',\n  consumerSecret: '«cs_{h40}»',\n  version: 'wc/v3',\n});",
  ],
  [
    'web59-woocommerce-rest-keys-python-env',
    'WC_URL=https://store.fernhill.io\nWC_CONSUMER_KEY=«ck_{h40}»\nWC_CONSUMER_SECRET=«cs_{h40}»\nWC_API_VERSION=wc/v3',
  ],
  [
    'web59-woocommerce-query-string-auth-log',
    '[2024-06-04 10:21:07] production.ERROR: GET https://shop.acme.io/wp-json/wc/v3/products?per_page=100&consumer_key=«ck_{h40}»&consumer_secret=«cs_{h40}» returned 401 woocommerce_rest_cannot_view',
  ],
  [
    'web59-woocommerce-webhook-secret-php',
    "$webhook = new WC_Webhook();\n$webhook->set_name( 'Order created -> ERP' );\n$webhook->set_topic( 'order.created' );\n$webhook->set_delivery_url( 'https://erp.acme.io/hooks/woo' );\n$webhook->set_secret( '«{a32}»' );\n$webhook->set_status( 'active' );",
  ],
  [
    'web59-drupal-settings-hash-salt-and-db-password',
    "$databases['default']['default'] = [\n  'database' => 'drupal',\n  'username' => 'drupal',\n  'password' => '«{a24}»',\n  'host' => 'mysql.internal',\n  'port' => '3306',\n  'driver' => 'mysql',\n  'prefix' => '',\n];\n$settings['hash_salt'] = '«{B74}»';",
  ],
  [
    'web59-drupal-hash-salt-beside-config-sync',
    "$settings['config_sync_directory'] = '../config/sync';\n$settings['hash_salt'] = '«{B74}»';\n$settings['update_free_access'] = FALSE;",
  ],
  [
    'web59-drupal-drush-site-install-db-url-password',
    "$ drush site:install standard --db-url='mysql://drupal:«{a20}»@127.0.0.1:3306/drupal' --account-name=admin --account-pass='«{a4}.{a7}_{a2}_»' -y",
  ],
  [
    'web59-drupal-settings-local-redis-password',
    "$settings['redis.connection']['interface'] = 'PhpRedis';\n$settings['redis.connection']['host'] = 'redis.internal';\n$settings['redis.connection']['password'] = '«{a32}»';\n$settings['cache']['default'] = 'cache.backend.redis';",
  ],
  [
    'web59-drupal7-settings-php-databases-array-password',
    "$databases = array (\n  'default' => array (\n    'default' => array (\n      'database' => 'd7_portal',\n      'username' => 'portal',\n      'password' => '«{a4}_{a3}@{a7}-{a1}»',\n      'host' => 'localhost',\n      'driver' => 'mysql',\n    ),\n  ),\n);\n$drupal_hash_salt = '«{B43}»';",
  ],
  [
    'web59-drupal-smtp-module-password-override',
    "$config['smtp.settings']['smtp_host'] = 'email-smtp.eu-west-1.amazonaws.com';\n$config['smtp.settings']['smtp_username'] = 'AKIA{U16}';\n$config['smtp.settings']['smtp_password'] = '«BN{a42}»';",
  ],
  [
    'web59-joomla-configuration-php-secret-and-password',
    "class JConfig {\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = 'joomla_site';\n\tpublic $password = '«{a5}%{a5}@{a3}_»';\n\tpublic $db = 'joomla_site';\n\tpublic $dbprefix = 'jos_';\n\tpublic $secret = '«{a16}»';",
  ],
  [
    'web59-joomla-smtppass-beside-mailfrom',
    "\tpublic $mailer = 'smtp';\n\tpublic $mailfrom = 'noreply@acme.io';\n\tpublic $fromname = 'Acme';\n\tpublic $smtpauth = true;\n\tpublic $smtpuser = 'noreply@acme.io';\n\tpublic $smtppass = '«{a7}-{a3}#{a2}»';\n\tpublic $smtphost = 'smtp.office365.com';\n\tpublic $smtpsecure = 'tls';\n\tpublic $smtpport = 587;",
  ],
  [
    'web59-joomla-secret-grep-output',
    "$ grep -E 'secret|password' public_html/configuration.php\n\tpublic $password = '«{a18}»';\n\tpublic $secret = '«{a16}»';\n\tpublic $smtppass = '';",
  ],
  [
    'web59-joomla-api-token-header-curl',
    'curl -H "X-Joomla-Token: «c2hhMjU2Ojk{b8}OjE{b64}=»" https://www.acme.io/api/index.php/v1/content/articles',
  ],
  [
    'web59-magento-env-php-crypt-key-and-db-password',
    "return [\n    'backend' => [\n        'frontName' => 'admin'\n    ],\n    'crypt' => [\n        'key' => '«{h32}»'\n    ],\n    'db' => [\n        'table_prefix' => '',\n        'connection' => [\n            'default' => [\n                'host' => 'mysql.internal',\n                'dbname' => 'magento',\n                'username' => 'magento',\n                'password' => '«{a22}»',",
  ],
  [
    'web59-magento-env-crypt-key-base64-format',
    "    'crypt' => [\n        'key' => '«base64{b43}=»'\n    ],\n    'MAGE_MODE' => 'production',",
  ],
  ['web59-magento-env-crypt-key-rotated-two-lines', "    'crypt' => [\n        'key' => '«{h32}»\n«{h32}»'\n    ],"],
  [
    'web59-magento-setup-install-cli-passwords',
    "bin/magento setup:install --base-url=https://m2.acme.io/ \\\n  --db-host=mysql --db-name=magento --db-user=magento --db-password='«{a20}»' \\\n  --admin-firstname=Ops --admin-lastname=Team --admin-email=ops@acme.io \\\n  --admin-user=ops --admin-password='«{a5}@{a6}^{a2}%»' --key='«{h32}»' \\\n  --search-engine=opensearch --opensearch-host=opensearch",
  ],
  [
    'web59-magento-cloud-env-yaml-crypt-key',
    'stage:\n  deploy:\n    CRYPT_KEY: «{h32}»\n    SCD_STRATEGY: compact\n    REDIS_USE_SLAVE_CONNECTION: true',
  ],
  [
    'web59-magento-env-redis-session-password',
    "    'session' => [\n        'save' => 'redis',\n        'redis' => [\n            'host' => 'redis.internal',\n            'port' => '6379',\n            'password' => '«{a32}»',\n            'timeout' => '2.5',\n            'database' => '2',",
  ],
  [
    'web59-magento-integration-access-token-bearer',
    'curl -s https://m2.acme.io/rest/V1/orders?searchCriteria[pageSize]=20 \\\n  -H "Authorization: Bearer «{l32}»" \\\n  -H "Content-Type: application/json" ',
  ],
  [
    'web59-magento-marketplace-auth-json',
    '{\n    "http-basic": {\n        "repo.magento.com": {\n            "username": "{h32}",\n            "password": "«{h32}»"\n        }\n    }\n}',
  ],
  [
    'web59-prestashop-parameters-php-secret-cookie-key',
    "    'database_password' => '«{a20}»',\n    'database_prefix' => 'ps_',\n    'database_engine' => 'InnoDB',\n    'mailer_transport' => 'smtp',\n    'mailer_host' => '127.0.0.1',\n    'mailer_user' => NULL,\n    'mailer_password' => NULL,\n    'secret' => '«{a64}»',\n    'ps_caching' => 'CacheMemcache',",
  ],
  [
    'web59-prestashop-cookie-key-iv-new-cookie-key',
    "    'cookie_key' => '«{a64}»',\n    'cookie_iv' => '«{a32}»',\n    'new_cookie_key' => '«def00000{h128}»',\n    'api_public_key' => '-----BEGIN PUBLIC KEY-----",
  ],
  [
    'web59-prestashop-16-settings-inc-defines',
    "define('_DB_SERVER_', 'localhost');\ndefine('_DB_NAME_', 'presta16');\ndefine('_DB_USER_', 'presta');\ndefine('_DB_PASSWD_', '«{a16}»');\ndefine('_DB_PREFIX_', 'ps_');\ndefine('_COOKIE_KEY_', '«{a56}»');\ndefine('_RIJNDAEL_KEY_', '«{a32}»');\ndefine('_RIJNDAEL_IV_', '«{b22}==»');\ndefine('_PS_VERSION_', '1.6.1.24');",
  ],
  ['web59-prestashop-webservice-key-url', 'curl "https://«{u32}»@www.acme-boutique.fr/api/products?display=full&output_format=JSON" '],
  [
    'web59-shopify-admin-api-access-token-curl-header',
    'curl -X GET "https://acme-outfitters.myshopify.com/admin/api/2024-04/products.json?limit=50" \\\n  -H "X-Shopify-Access-Token: «shpat_{h32}»" ',
  ],
  [
    'web59-shopify-app-env-api-secret-shpss',
    'SHOPIFY_API_KEY={h32}\nSHOPIFY_API_SECRET=«shpss_{h32}»\nSCOPES=read_products,write_orders\nHOST=https://app.acme.io',
  ],
  [
    'web59-shopify-custom-app-token-ruby-session',
    'session = ShopifyAPI::Auth::Session.new(\n  shop: "acme-outfitters.myshopify.com",\n  access_token: "«shpca_{h32}»"\n)\nclient = ShopifyAPI::Clients::Rest::Admin.new(session: session)',
  ],
  [
    'web59-shopify-private-app-password-shppa',
    "const shopify = new Shopify({\n  shopName: 'fernhill-goods',\n  apiKey: '{h32}',\n  password: '«shppa_{h32}»',\n  apiVersion: '2023-10',\n});",
  ],
  [
    'web59-shopify-theme-kit-config-yml-password',
    'production:\n  password: «shptka_{h32}»\n  theme_id: "{d12}"\n  store: fernhill-goods.myshopify.com\n  ignore_files:\n    - config/settings_data.json',
  ],
  [
    'web59-shopify-cli-theme-access-env-github-actions',
    '      - name: Deploy theme\n        run: shopify theme push --live --allow-live\n        env:\n          SHOPIFY_FLAG_STORE: fernhill-goods.myshopify.com\n          SHOPIFY_CLI_THEME_TOKEN: «shptka_{h32}»',
  ],
  [
    'web59-shopify-webhook-hmac-secret-express',
    "const SHOPIFY_WEBHOOK_SECRET = '«{h64}»';\n\napp.post('/webhooks/orders-create', express.raw({ type: 'application/json' }), (req, res) => {\n  const digest = crypto.createHmac('sha256', SHOPIFY_WEBHOOK_SECRET).update(req.body).digest('base64');\n  if (digest !== req.get('X-Shopify-Hmac-Sha256')) return res.sendStatus(401);",
  ],
  [
    'web59-shopify-storefront-private-token-hydrogen',
    'PUBLIC_STOREFRONT_API_TOKEN={h32}\nPRIVATE_STOREFRONT_API_TOKEN=«shpat_{h32}»\nPUBLIC_STORE_DOMAIN=acme-outfitters.myshopify.com\nSESSION_SECRET=«{a40}»',
  ],
  [
    'web59-shopify-graphql-python-requests-token',
    'resp = requests.post(\n    "https://lumen-shop.myshopify.com/admin/api/2024-07/graphql.json",\n    headers={"X-Shopify-Access-Token": "«shpat_{h32}»", "Content-Type": "application/json"},\n    json={"query": "{ shop { name } }"},\n)',
  ],
  [
    'web59-bigcommerce-x-auth-token-curl',
    "curl --request GET \\\n  --url https://api.bigcommerce.com/stores/{l10}/v3/catalog/products \\\n  --header 'X-Auth-Token: «{l31}»' \\\n  --header 'Accept: application/json'",
  ],
  [
    'web59-bigcommerce-app-client-secret-env',
    'BC_CLIENT_ID={l31}\nBC_CLIENT_SECRET=«{h64}»\nBC_AUTH_CALLBACK=https://app.acme.io/bigcommerce/auth\nBC_STORE_HASH={l10}',
  ],
  [
    'web59-bigcommerce-node-client-access-token',
    "const bigCommerce = new BigCommerce({\n  clientId: '{l31}',\n  accessToken: '«{l31}»',\n  storeHash: '{l10}',\n  responseType: 'json',\n  apiVersion: 'v3',\n});",
  ],
  [
    'web59-laravel-env-app-key-db-mail-pusher',
    'APP_NAME=Acme\nAPP_ENV=production\nAPP_KEY=«base64:{b43}=»\nAPP_DEBUG=false\nAPP_URL=https://acme.io\n\nDB_CONNECTION=mysql\nDB_HOST=10.0.4.12\nDB_PORT=3306\nDB_DATABASE=acme\nDB_USERNAME=acme\nDB_PASSWORD=«{a3}!{a4}.{a3}.{a3}_{a2}@»\n\nMAIL_MAILER=smtp\nMAIL_HOST=smtp.mailgun.org\nMAIL_PORT=587\nMAIL_USERNAME=postmaster@mg.acme.io\nMAIL_PASSWORD=«{a12}-{a10}»',
  ],
  ['web59-laravel-artisan-key-generate-show', '$ php artisan key:generate --show\n«base64:{b43}=»'],
  [
    'web59-laravel-pusher-secret-beside-public-key',
    'BROADCAST_DRIVER=pusher\nPUSHER_APP_ID={d7}\nPUSHER_APP_KEY={h20}\nPUSHER_APP_SECRET=«{h20}»\nPUSHER_APP_CLUSTER=eu\n\nVITE_PUSHER_APP_KEY="${PUSHER_APP_KEY}"\nVITE_PUSHER_APP_CLUSTER="${PUSHER_APP_CLUSTER}"\n',
  ],
  [
    'web59-laravel-reverb-app-secret',
    'REVERB_APP_ID={d6}\nREVERB_APP_KEY={l20}\nREVERB_APP_SECRET=«{l20}»\nREVERB_HOST="ws.acme.io"\nREVERB_PORT=443\nREVERB_SCHEME=https',
  ],
  [
    'web59-laravel-config-database-env-fallback-password',
    "        'pgsql' => [\n            'driver' => 'pgsql',\n            'host' => env('DB_HOST', '127.0.0.1'),\n            'port' => env('DB_PORT', '5432'),\n            'database' => env('DB_DATABASE', 'forge'),\n            'username' => env('DB_USERNAME', 'forge'),\n            'password' => env('DB_PASSWORD', '«{a5}-{a4}*{a3}-{a2}*»'),",
  ],
  ['web59-laravel-tinker-config-app-key-output', '> config(\'app.key\')\n= "«base64:{b43}=»"\n> config(\'app.cipher\')\n= "AES-256-CBC"'],
  ['web59-laravel-previous-keys-rotation', 'APP_KEY=«base64:{b43}=»\nAPP_PREVIOUS_KEYS=«base64:{b43}=»,«base64:{b43}=»'],
  [
    'web59-laravel-sanctum-token-create-output',
    "> $user->createToken('ci-deployer', ['deploy'])->plainTextToken\n= \"«{d2}|{a40}{h8}»\"\n",
  ],
  [
    'web59-laravel-passport-client-secret-output',
    '$ php artisan passport:client --client --name="billing-service"\n New client created successfully.\n Client ID ............................................................. {h8}-{h4}-4{h3}-9{h3}-{h12}\n Client secret ........................................................... «{a40}»',
  ],
  [
    'web59-laravel-ignition-env-dump-snippet',
    'Environment Variables\nAPP_ENV          production\nAPP_KEY          «base64:{b43}=»\nDB_PASSWORD      «{a22}»\nREDIS_PASSWORD   «{a32}»\nSESSION_DRIVER   redis',
  ],
  [
    'web59-laravel-forge-env-mail-password-mailgun',
    'MAIL_MAILER=mailgun\nMAILGUN_DOMAIN=mg.acme.io\nMAILGUN_SECRET=«{h32}-{h8}-{h8}»\nMAILGUN_ENDPOINT=api.eu.mailgun.net\nMAIL_FROM_ADDRESS="hello@acme.io"\n',
  ],
  [
    'web59-laravel-sail-docker-compose-app-key',
    "    laravel.test:\n        build:\n            context: ./vendor/laravel/sail/runtimes/8.3\n        environment:\n            WWWUSER: '${WWWUSER}'\n            LARAVEL_SAIL: 1\n            APP_KEY: '«base64:{b43}=»'\n            DB_PASSWORD: '«{a18}»'",
  ],
  [
    'web59-symfony-env-local-app-secret-database-url',
    '###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=«{h32}»\n###< symfony/framework-bundle ###\n\n###> doctrine/doctrine-bundle ###\nDATABASE_URL="postgresql://app:«{a20}»@db.internal:5432/app?serverVersion=16&charset=utf8"\n###< doctrine/doctrine-bundle ###',
  ],
  [
    'web59-symfony-mailer-dsn-password',
    '###> symfony/mailer ###\nMAILER_DSN=smtp://apikey:«SG.{B22}.{B43}»@smtp.sendgrid.net:587\n###< symfony/mailer ###',
  ],
  [
    'web59-symfony-decryption-secret-env',
    '# generated with: php -r \'echo base64_encode(require "config/secrets/prod/prod.decrypt.private.php");\'\nSYMFONY_DECRYPTION_SECRET=«{b86}==»',
  ],
  [
    'web59-symfony-vault-decrypt-private-php',
    '$ cat config/secrets/prod/prod.decrypt.private.php\n<?php // prod.decrypt.private on Tue, 04 Jun 2024 10:12:44 +0000\n\nreturn "«\\x{h2}\\x{h2}{a3}\\x{h2}\\x{h2}\\x{h2}{a2}\\x{h2}\\x{h2}\\x{h2}{a4}\\x{h2}\\x{h2}\\x{h2}\\x{h2}{a2}\\x{h2}\\x{h2}\\x{h2}{a3}\\x{h2}\\x{h2}»";',
  ],
  [
    'web59-symfony-lexik-jwt-passphrase',
    '###> lexik/jwt-authentication-bundle ###\nJWT_SECRET_KEY=%kernel.project_dir%/config/jwt/private.pem\nJWT_PUBLIC_KEY=%kernel.project_dir%/config/jwt/public.pem\nJWT_PASSPHRASE=«{h64}»\n###< lexik/jwt-authentication-bundle ###',
  ],
  [
    'web59-symfony-parameters-yml-secret-legacy',
    'parameters:\n    database_host: 127.0.0.1\n    database_port: null\n    database_name: symfony\n    database_user: root\n    database_password: «{a3}^{a5}.{a5}%»\n    mailer_transport: smtp\n    secret: «{h40}»',
  ],
  [
    'web59-symfony-messenger-transport-dsn-amqp-password',
    'MESSENGER_TRANSPORT_DSN=amqp://orders:«{a24}»@rabbitmq.internal:5672/%2f/messages',
  ],
  [
    'web59-django-settings-secret-key-punctuation',
    "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '«{l3}%{l8}&{l6}!{l6}-{l4}^{l6}#{l7}*{l2}&»'\n\n# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = False\nALLOWED_HOSTS = ['acme.io', 'www.acme.io']",
  ],
  [
    'web59-django-insecure-generated-key-startproject',
    "# Quick-start development settings - unsuitable for production\nSECRET_KEY = '«django-insecure-{l4}_{l7}${l5}!{l4}#{l3}!{l7}&{l8}={l4}#»'\nDEBUG = True",
  ],
  [
    'web59-django-get-random-secret-key-shell-output',
    "$ python -c 'from django.core.management.utils import get_random_secret_key; print(get_random_secret_key())'\n«{l5}&{l3}({l4}_{l6}+{l7}^{l8}&{l6}${l3}$»",
  ],
  [
    'web59-django-databases-password-and-email-host-password',
    "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'shop',\n        'USER': 'shop',\n        'PASSWORD': '«{a4}%{a4}%{a3}_{a3}^»',\n        'HOST': 'pg.internal',\n        'PORT': '5432',\n    }\n}\nEMAIL_HOST = 'smtp.gmail.com'\nEMAIL_HOST_USER = 'orders@acme.io'\nEMAIL_HOST_PASSWORD = '«{L4} {L4} {L4} {L4}»'",
  ],
  [
    'web59-django-dotenv-secret-key-double-quoted',
    'DJANGO_SETTINGS_MODULE=shop.settings.production\nDJANGO_SECRET_KEY="«{l5}+{l3}){l8}){l4}-{l5}^{l6}#{l7}%{l4}!»"\nDJANGO_ALLOWED_HOSTS=shop.acme.io',
  ],
  [
    'web59-django-environ-database-url-password',
    'DATABASE_URL=postgres://shop:«{a22}»@pg.internal:5432/shop\nCACHE_URL=rediscache://:«{a28}»@redis.internal:6379/1',
  ],
  [
    'web59-django-local-settings-secret-key-double-quotes',
    'from .base import *  # noqa\n\nSECRET_KEY = "«{l4}({l8}^{l7}){l7}({l5}={l5}={l7}&»"\nDEBUG = True\nINTERNAL_IPS = ["127.0.0.1"]',
  ],
  [
    'web59-django-celery-broker-url-password',
    'CELERY_BROKER_URL = "amqp://celery:«{a24}»@rabbit.internal:5672/shop"\nCELERY_RESULT_BACKEND = "django-db"\nCELERY_TASK_TIME_LIMIT = 300',
  ],
  [
    'web59-django-storages-aws-secret-settings',
    'STORAGES = {"default": {"BACKEND": "storages.backends.s3.S3Storage"}}\nAWS_ACCESS_KEY_ID = "AKIA{U16}"\nAWS_SECRET_ACCESS_KEY = "«{b40}»"\nAWS_STORAGE_BUCKET_NAME = "acme-media"\n',
  ],
  [
    'web59-django-heroku-config-set-secret-key',
    "$ heroku config:set DJANGO_SECRET_KEY='«{l8}*{l3}&{l6}&{l5}+{l6}^{l8}({l4}-{l2}%»' -a acme-shop\nSetting DJANGO_SECRET_KEY and restarting ⬢ acme-shop... done, v42",
  ],
  [
    'web59-django-k8s-secret-stringdata',
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-django\nstringData:\n  DJANGO_SECRET_KEY: '«{l6}#{l3}({l3}*{l8}({l5}^{l5}*{l3}%{l8}%{l1}»'\n  DATABASE_PASSWORD: «{a24}»",
  ],
  [
    'web59-flask-secret-key-bytes-urandom-printed',
    "$ python -c 'import secrets; print(secrets.token_bytes(16))'\nb'«\\x{h2}{a2}\\x{h2}\\x{h2}{a3}\\x{h2}\\x{h2}\\x{h2}{a2}\\x{h2}»'\n# app.py\napp.secret_key = b'«\\x{h2}\\x{h2}{a3}\\x{h2}\\x{h2}{a2}\\x{h2}\\x{h2}\\x{h2}{a2}»'",
  ],
  [
    'web59-flask-config-secret-key-hex',
    'class ProductionConfig(Config):\n    SECRET_KEY = "«{h64}»"\n    SQLALCHEMY_DATABASE_URI = "postgresql+psycopg://blog:«{a20}»@pg.internal/blog"\n    MAIL_PASSWORD = "«{a16}»"\n',
  ],
  [
    'web59-flask-app-config-item-assignment',
    'app = Flask(__name__)\napp.config["SECRET_KEY"] = "«{B43}»"\napp.config["WTF_CSRF_SECRET_KEY"] = "«{B43}»"\napp.config["SESSION_COOKIE_SECURE"] = True',
  ],
  [
    'web59-flask-env-file-secret-key',
    'FLASK_APP=wsgi.py\nFLASK_ENV=production\nFLASK_SECRET_KEY=«{h48}»\nDATABASE_URL=mysql+pymysql://flask:«{a18}»@db/flask',
  ],
  [
    'web59-flask-login-remember-cookie-and-jwt-secret',
    'app.config.update(\n    JWT_SECRET_KEY="«{a48}»",\n    JWT_ACCESS_TOKEN_EXPIRES=timedelta(minutes=15),\n    REMEMBER_COOKIE_DURATION=timedelta(days=14),\n)',
  ],
  [
    'web59-fastapi-secret-key-openssl-hex-constant',
    '# to get a string like this run:\n# openssl rand -hex 32\nSECRET_KEY = "«{h64}»"\nALGORITHM = "HS256"\nACCESS_TOKEN_EXPIRE_MINUTES = 30',
  ],
  [
    'web59-fastapi-pydantic-settings-default-secret',
    'class Settings(BaseSettings):\n    project_name: str = "inventory-api"\n    secret_key: str = "«{B43}»"\n    database_url: str = "postgresql+asyncpg://inventory:«{a20}»@pg:5432/inventory"\n    model_config = SettingsConfigDict(env_file=".env")',
  ],
  [
    'web59-fastapi-starlette-session-middleware-secret',
    'app = FastAPI()\napp.add_middleware(SessionMiddleware, secret_key="«{a40}»", same_site="lax", https_only=True)',
  ],
  ['web59-rails-master-key-cat', '$ cat config/master.key\n«{h32}»'],
  [
    'web59-rails-master-key-docker-run-env',
    'docker run -d --name web -p 3000:3000 \\\n  -e RAILS_ENV=production \\\n  -e RAILS_MASTER_KEY=«{h32}» \\\n  ghcr.io/acme/storefront:1.14.2',
  ],
  [
    'web59-rails-kamal-secrets-file',
    '# .kamal/secrets\nKAMAL_REGISTRY_PASSWORD=«dckr_pat_{B27}»\nRAILS_MASTER_KEY=«{h32}»\nPOSTGRES_PASSWORD=«{a24}»',
  ],
  ['web59-rails-bin-rails-secret-output', '$ bin/rails secret\n«{h128}»'],
  ['web59-rails-secrets-yml-secret-key-base', 'production:\n  secret_key_base: «{h128}»\n  stripe_secret_key: «sk_live_{a24}»'],
  [
    'web59-rails-credentials-show-output',
    '$ EDITOR=cat bin/rails credentials:show -e production\nsecret_key_base: «{h128}»\naws:\n  access_key_id: AKIA{U16}\n  secret_access_key: «{b40}»\nactive_record_encryption:\n  primary_key: «{a32}»\n  deterministic_key: «{a32}»\n  key_derivation_salt: «{a32}»',
  ],
  [
    'web59-rails-production-key-file-cat',
    '$ ls config/credentials/\nproduction.key  production.yml.enc  staging.key  staging.yml.enc\n$ cat config/credentials/staging.key\n«{h32}»',
  ],
  [
    'web59-rails-devise-secret-key-initializer',
    "Devise.setup do |config|\n  config.secret_key = '«{h128}»'\n  config.mailer_sender = 'no-reply@acme.io'\n  config.stretches = Rails.env.test? ? 1 : 12",
  ],
  [
    'web59-rails-database-yml-password',
    'production:\n  <<: *default\n  database: storefront_production\n  username: storefront\n  password: «{a7}-{a3}!{a7}%»\n  host: pg-primary.internal',
  ],
  [
    'web59-rails-heroku-config-secret-key-base',
    '$ heroku config -a acme-storefront\n=== acme-storefront Config Vars\nDATABASE_URL:      postgres://u{l12}:«p{h64}»@ec2-{d2}-{d3}-{d2}-{d3}.eu-west-1.compute.amazonaws.com:5432/d{l13}\nRAILS_MASTER_KEY:  «{h32}»\nSECRET_KEY_BASE:   «{h128}»',
  ],
  [
    'web59-rails-github-actions-master-key-env',
    '    env:\n      RAILS_ENV: test\n      DATABASE_URL: postgres://postgres:postgres@localhost:5432/app_test\n      RAILS_MASTER_KEY: «{h32}»\n    steps:\n      - uses: actions/checkout@v4',
  ],
  [
    'web59-phoenix-prod-secret-exs-secret-key-base',
    'import Config\n\nconfig :storefront, StorefrontWeb.Endpoint,\n  http: [port: 4000],\n  secret_key_base: "«{b64}»"\n\nconfig :storefront, Storefront.Repo,\n  username: "storefront",\n  password: "«{a22}»",\n  database: "storefront_prod",\n  pool_size: 15',
  ],
  ['web59-phoenix-mix-phx-gen-secret-output', '$ mix phx.gen.secret\n«{b64}»'],
  [
    'web59-phoenix-fly-secrets-set-secret-key-base',
    "$ fly secrets set SECRET_KEY_BASE=«{b64}» -a storefront-prod\nUpdating existing machines in 'storefront-prod' with rolling strategy\n ✔ [1/2] Machine 148e{h10} [app] update finished: success",
  ],
  [
    'web59-phoenix-guardian-secret-key-config',
    'config :storefront, Storefront.Guardian,\n  issuer: "storefront",\n  secret_key: "«{b64}»",\n  ttl: {30, :days}',
  ],
  [
    'web59-phoenix-runtime-exs-fallback-secret',
    '  secret_key_base =\n    System.get_env("SECRET_KEY_BASE") ||\n      "«{b64}»"\n\n  config :storefront, StorefrontWeb.Endpoint, secret_key_base: secret_key_base',
  ],
  [
    'web59-phoenix-endpoint-secret-key-base-beside-signing-salt',
    'config :chat, ChatWeb.Endpoint,\n  url: [host: "localhost"],\n  secret_key_base: "«{b64}»",\n  render_errors: [formats: [html: ChatWeb.ErrorHTML, json: ChatWeb.ErrorJSON], layout: false],\n  pubsub_server: Chat.PubSub,\n  live_view: [signing_salt: "{a8}"]',
  ],
  [
    'web59-express-session-secret-inline',
    "app.use(session({\n  store: new RedisStore({ client: redisClient, prefix: 'sess:' }),\n  name: 'sid',\n  secret: '«{a40}»',\n  resave: false,\n  saveUninitialized: false,\n  cookie: { secure: true, httpOnly: true, maxAge: 1000 * 60 * 60 * 8 },\n}));",
  ],
  [
    'web59-express-cookie-parser-secret-array',
    "app.use(cookieParser(['«{B32}»', '«{B32}»']));\napp.use(csurf({ cookie: { key: '_csrf', signed: true } }));",
  ],
  [
    'web59-koa-app-keys-array',
    "const app = new Koa();\napp.keys = ['«{a32}»', '«{a32}»'];\napp.use(session({ key: 'koa.sess', maxAge: 86400000, signed: true }, app));",
  ],
  [
    'web59-express-session-secret-env-fallback',
    "const sessionSecret = process.env.SESSION_SECRET ?? '«{h48}»';\napp.use(session({ secret: sessionSecret, resave: false, saveUninitialized: true }));",
  ],
  [
    'web59-fastify-secure-session-key-hex',
    "await app.register(fastifySecureSession, {\n  key: Buffer.from('«{h64}»', 'hex'),\n  cookieName: 'shop-session',\n  cookie: { path: '/', httpOnly: true },\n});",
  ],
  [
    'web59-fastify-cookie-secret-register',
    "fastify.register(require('@fastify/cookie'), {\n  secret: '«{a36}»',\n  hook: 'onRequest',\n  parseOptions: {},\n});",
  ],
  [
    'web59-hapi-cookie-auth-password',
    "server.auth.strategy('session', 'cookie', {\n  cookie: {\n    name: 'acme-sid',\n    password: '«{a40}»',\n    isSecure: true,\n  },\n  redirectTo: '/login',\n});",
  ],
  [
    'web59-express-jwt-middleware-secret',
    "app.use(\n  expressjwt({ secret: '«{B48}»', algorithms: ['HS256'] }).unless({ path: ['/health', '/login'] }),\n);",
  ],
  [
    'web59-express-dotenv-session-and-cookie-secrets',
    'PORT=3000\nNODE_ENV=production\nSESSION_SECRET=«{a48}»\nCOOKIE_SECRET=«{a32}»\nCORS_ORIGIN=https://app.acme.io',
  ],
  [
    'web59-nestjs-jwt-module-register-secret',
    "@Module({\n  imports: [\n    UsersModule,\n    PassportModule,\n    JwtModule.register({\n      global: true,\n      secret: '«{B43}»',\n      signOptions: { expiresIn: '60s' },\n    }),\n  ],",
  ],
  ['web59-nestjs-constants-ts-jwt-secret', "export const jwtConstants = {\n  secret: '«{h64}»',\n};"],
  [
    'web59-nestjs-env-access-and-refresh-secrets',
    'JWT_ACCESS_SECRET=«{B64}»\nJWT_ACCESS_EXPIRES_IN=15m\nJWT_REFRESH_SECRET=«{B64}»\nJWT_REFRESH_EXPIRES_IN=7d',
  ],
  [
    'web59-nestjs-typeorm-forroot-password',
    "TypeOrmModule.forRoot({\n  type: 'postgres',\n  host: 'pg.internal',\n  port: 5432,\n  username: 'nest',\n  password: '«{a24}»',\n  database: 'orders',\n  autoLoadEntities: true,\n}),",
  ],
  [
    'web59-spring-application-yml-jwt-secret-base64',
    'app:\n  security:\n    jwt:\n      secret: «{b86}==»\n      expiration-ms: 86400000\n      issuer: orders-api',
  ],
  [
    'web59-spring-oauth2-client-registration-github-secret',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          github:\n            client-id: Ov23li{a14}\n            client-secret: «{h40}»\n            scope: read:user,user:email',
  ],
  [
    'web59-spring-oauth2-google-client-secret-properties',
    'spring.security.oauth2.client.registration.google.client-id={d12}-{l32}.apps.googleusercontent.com\nspring.security.oauth2.client.registration.google.client-secret=«GOCSPX-{B28}»\nspring.security.oauth2.client.registration.google.scope=openid,profile,email',
  ],
  [
    'web59-spring-oauth2-keycloak-client-secret',
    '        registration:\n          keycloak:\n            client-id: orders-api\n            client-secret: «{a32}»\n            authorization-grant-type: client_credentials\n        provider:\n          keycloak:\n            issuer-uri: https://sso.acme.io/realms/acme',
  ],
  [
    'web59-spring-oauth2-azure-client-secret',
    'spring:\n  cloud:\n    azure:\n      active-directory:\n        enabled: true\n        profile:\n          tenant-id: {h8}-{h4}-{h4}-{h4}-{h12}\n        credential:\n          client-id: {h8}-{h4}-{h4}-{h4}-{h12}\n          client-secret: «{a3}8Q~{B31}»',
  ],
  [
    'web59-spring-datasource-and-mail-password-properties',
    'spring.datasource.url=jdbc:mysql://mysql.internal:3306/catalog?useSSL=true\nspring.datasource.username=catalog\nspring.datasource.password=«{a4}^{a7}-{a3}!{a1}»\nspring.mail.host=smtp.sendgrid.net\nspring.mail.username=apikey\nspring.mail.password=«SG.{B22}.{B43}»',
  ],
  [
    'web59-spring-jwt-secret-java-value-default',
    '@Value("${jwt.secret:«{B64}»}")\nprivate String jwtSecret;\n\n@Value("${jwt.expiration:3600}")\nprivate long jwtExpiration;',
  ],
  [
    'web59-spring-boot-docker-env-jwt-secret',
    'docker run -d -p 8080:8080 \\\n  -e SPRING_PROFILES_ACTIVE=prod \\\n  -e JWT_SECRET=«{b43}=» \\\n  -e SPRING_DATASOURCE_PASSWORD=«{a20}» \\\n  acme/orders-api:3.2.1',
  ],
  [
    'web59-aspnet-web-config-machinekey-hex',
    '<system.web>\n  <compilation debug="false" targetFramework="4.8" />\n  <machineKey validationKey="«{H128}»"\n              decryptionKey="«{H64}»"\n              validation="HMACSHA256" decryption="AES" />\n</system.web>',
  ],
  [
    'web59-aspnet-machinekey-3des-48-hex',
    '<machineKey validationKey="«{H40}»" decryptionKey="«{H48}»" validation="SHA1" decryption="3DES" />',
  ],
  [
    'web59-aspnet-appsettings-jwt-key-and-connection-string',
    '{\n  "ConnectionStrings": {\n    "Default": "Server=sql.internal;Database=Orders;User Id=orders_app;Password=«{a7}_{a5}-{a3}_»;TrustServerCertificate=True"\n  },\n  "Jwt": {\n    "Key": "«{B48}»",\n    "Issuer": "https://orders.acme.io",\n    "Audience": "orders-clients",\n    "ExpiresMinutes": 60\n  }\n}',
  ],
  [
    'web59-aspnet-user-secrets-list-output',
    '$ dotnet user-secrets list\nJwt:Key = «{b43}=»\nAuthentication:Google:ClientSecret = «GOCSPX-{B28}»\nAuthentication:Google:ClientId = {d12}-{l32}.apps.googleusercontent.com',
  ],
  [
    'web59-aspnet-user-secrets-set-command',
    'dotnet user-secrets set "Authentication:Microsoft:ClientSecret" "«{a3}8Q~{B31}»" --project src/Acme.Web',
  ],
  [
    'web59-aspnet-azuread-appsettings-client-secret',
    '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "Domain": "acme.onmicrosoft.com",\n    "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "ClientSecret": "«{a3}7Q~{B31}»",\n    "CallbackPath": "/signin-oidc"\n  },',
  ],
  [
    'web59-aspnet-program-cs-symmetric-key-literal',
    'builder.Services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme)\n    .AddJwtBearer(o => o.TokenValidationParameters = new TokenValidationParameters\n    {\n        ValidateIssuerSigningKey = true,\n        IssuerSigningKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("«{a48}»")),\n        ValidIssuer = "orders-api",\n    });',
  ],
  [
    'web59-aspnet-env-var-double-underscore-jwt-key',
    'ASPNETCORE_ENVIRONMENT=Production\nJwt__Key=«{B48}»\nConnectionStrings__Default=Host=pg;Database=orders;Username=orders;Password=«{a20}»',
  ],
  [
    'web59-go-gin-cookie-store-literal-key',
    'r := gin.Default()\nstore := cookie.NewStore([]byte("«{a32}»"))\nstore.Options(sessions.Options{MaxAge: 3600 * 8, HttpOnly: true, Secure: true})\nr.Use(sessions.Sessions("mysession", store))',
  ],
  ['web59-go-gorilla-securecookie-hash-block-keys', 'var s = securecookie.New(\n\t[]byte("«{a64}»"),\n\t[]byte("«{a32}»"),\n)'],
  [
    'web59-go-echo-jwt-signing-key',
    'e.Use(echojwt.WithConfig(echojwt.Config{\n\tSigningKey:  []byte("«{B43}»"),\n\tTokenLookup: "header:Authorization:Bearer ",\n}))',
  ],
  [
    'web59-go-gorilla-sessions-cookiestore-hex-decode',
    'var store = sessions.NewCookieStore(\n\tmustHex("«{h64}»"),\n\tmustHex("«{h32}»"),\n)',
  ],
  [
    'web59-go-jwt-key-var-hs256',
    'var jwtKey = []byte("«{a40}»")\n\nfunc sign(claims jwt.MapClaims) (string, error) {\n\treturn jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(jwtKey)\n}',
  ],
  [
    'web59-go-echo-session-middleware-yaml-config',
    'server:\n  addr: ":8080"\n  session:\n    name: echo_sid\n    auth_key: «{h64}»\n    encryption_key: «{h32}»\n    max_age: 86400',
  ],
  [
    'web59-strapi-env-app-keys-salts-secrets',
    'HOST=0.0.0.0\nPORT=1337\nAPP_KEYS="«{b22}==»,«{b22}==»,«{b22}==»,«{b22}==»"\nAPI_TOKEN_SALT=«{b22}==»\nADMIN_JWT_SECRET=«{b22}==»\nTRANSFER_TOKEN_SALT=«{b22}==»\nJWT_SECRET=«{b22}==»',
  ],
  [
    'web59-strapi-config-admin-hardcoded-secrets',
    "module.exports = ({ env }) => ({\n  auth: {\n    secret: env('ADMIN_JWT_SECRET', '«{b22}==»'),\n  },\n  apiToken: {\n    salt: env('API_TOKEN_SALT', '«{b22}==»'),\n  },\n  transfer: { token: { salt: '«{b22}==»' } },\n});",
  ],
  [
    'web59-strapi-full-access-api-token-fetch',
    "const res = await fetch('https://cms.acme.io/api/articles?populate=*', {\n  headers: { Authorization: 'Bearer «{h256}»' },\n});",
  ],
  [
    'web59-strapi-docker-compose-env-db-password-keys',
    '  strapi:\n    image: acme/cms:4.25\n    environment:\n      DATABASE_CLIENT: postgres\n      DATABASE_HOST: strapiDB\n      DATABASE_PASSWORD: «{a20}»\n      JWT_SECRET: «{b22}==»\n      ADMIN_JWT_SECRET: «{b22}==»\n      APP_KEYS: «{b22}==»,«{b22}==»',
  ],
  ['web59-strapi-transfer-token-cli', 'npx strapi transfer --to https://cms.acme.io/admin --to-token «{h256}» --force'],
  [
    'web59-ghost-config-production-mail-and-db-password',
    '{\n  "url": "https://blog.acme.io",\n  "database": {\n    "client": "mysql",\n    "connection": { "host": "127.0.0.1", "user": "ghost", "password": "«{a20}»", "database": "ghost_prod" }\n  },\n  "mail": {\n    "transport": "SMTP",\n    "options": {\n      "service": "Mailgun",\n      "auth": { "user": "postmaster@mg.acme.io", "pass": "«{h32}-{h8}-{h8}»" }\n    }\n  }\n}',
  ],
  [
    'web59-ghost-admin-api-key-id-secret',
    "const api = new GhostAdminAPI({\n  url: 'https://blog.acme.io',\n  key: '«{h24}:{h64}»',\n  version: 'v5.0',\n});",
  ],
  [
    'web59-ghost-docker-env-mail-password',
    '    environment:\n      url: https://blog.acme.io\n      database__connection__password: «{a22}»\n      mail__transport: SMTP\n      mail__options__auth__user: blog@acme.io\n      mail__options__auth__pass: «{a16}»',
  ],
  [
    'web59-directus-env-secret-admin-password',
    'PUBLIC_URL="https://cms.acme.io"\nSECRET="«{B43}»"\nADMIN_EMAIL="ops@acme.io"\nADMIN_PASSWORD="«{a7}-{a4}_{a2}#»"\nDB_CLIENT="pg"\nDB_PASSWORD="«{a20}»"',
  ],
  [
    'web59-directus-static-token-sdk',
    "const client = createDirectus('https://cms.acme.io')\n  .with(staticToken('«{B32}»'))\n  .with(rest());",
  ],
  [
    'web59-payload-env-secret-and-mongo-uri',
    'PAYLOAD_SECRET=«{h24}»\nDATABASE_URI=mongodb+srv://payload:«{a20}»@cluster0.{l5}.mongodb.net/payload?retryWrites=true\nNEXT_PUBLIC_SERVER_URL=https://acme.io',
  ],
  [
    'web59-payload-config-secret-literal',
    "export default buildConfig({\n  secret: '«{h48}»',\n  db: postgresAdapter({ pool: { connectionString: 'postgres://payload:«{a22}»@pg:5432/payload' } }),\n  collections: [Users, Media, Pages],\n});",
  ],
  [
    'web59-keystone-stateless-sessions-secret',
    "const session = statelessSessions({\n  maxAge: 60 * 60 * 24 * 30,\n  secret: '«{a40}»',\n});\n\nexport default withAuth(config({ db: { provider: 'sqlite', url: 'file:./keystone.db' }, lists, session }));",
  ],
  ['web59-keystone-env-session-secret-db-url', 'SESSION_SECRET=«{h64}»\nDATABASE_URL=postgres://keystone:«{a20}»@localhost:5432/keystone'],
  [
    'web59-sanity-write-token-env-beside-project-id',
    'NEXT_PUBLIC_SANITY_PROJECT_ID={l8}\nNEXT_PUBLIC_SANITY_DATASET=production\nSANITY_API_WRITE_TOKEN=«sk{a180}»',
  ],
  [
    'web59-sanity-client-token-inline',
    "export const writeClient = createClient({\n  projectId: '{l8}',\n  dataset: 'production',\n  apiVersion: '2024-03-01',\n  useCdn: false,\n  token: '«sk{a180}»',\n});",
  ],
  [
    'web59-sanity-cli-export-auth-token-env',
    '$ SANITY_AUTH_TOKEN=«sk{a180}» npx sanity dataset export production ./backups/prod.tar.gz\n✔ Exporting documents... (1423/1423)',
  ],
  [
    'web59-contentful-management-token-cli-flag',
    'contentful space export --space-id {l12} --environment-id master \\\n  --management-token «CFPAT-{B43}» --export-dir ./exports',
  ],
  [
    'web59-contentful-management-client-js',
    "const client = contentful.createClient({\n  accessToken: '«CFPAT-{B43}»',\n});\nconst space = await client.getSpace('{l12}');",
  ],
  [
    'web59-contentful-preview-token-env',
    'CONTENTFUL_SPACE_ID={l12}\nCONTENTFUL_ENVIRONMENT=master\nCONTENTFUL_PREVIEW_ACCESS_TOKEN=«{B43}»\nCONTENTFUL_MANAGEMENT_TOKEN=«CFPAT-{B43}»',
  ],
  [
    'web59-contentful-migration-gh-actions-env',
    '      - name: Run content migrations\n        run: npx contentful-migration --space-id {l12} --environment-id staging -y migrations/*.cjs\n        env:\n          CONTENTFUL_MANAGEMENT_ACCESS_TOKEN: «CFPAT-{B43}»',
  ],
  [
    'web59-prismic-access-token-client',
    "export const client = prismic.createClient('acme-site', {\n  accessToken: '«MC5{B22}.{B62}»',\n  routes,\n});",
  ],
  [
    'web59-prismic-write-token-migration-env',
    'PRISMIC_REPOSITORY_NAME=acme-site\nPRISMIC_WRITE_TOKEN=«{B43}»\nPRISMIC_ACCESS_TOKEN=«MC5{B22}.{B62}»',
  ],
  [
    'web59-storyblok-preview-token-nuxt-config',
    "export default defineNuxtConfig({\n  modules: [\n    ['@storyblok/nuxt', { accessToken: '«{a22}tt»', apiOptions: { region: 'eu' } }],\n  ],\n});",
  ],
  [
    'web59-storyblok-management-pat-curl',
    'curl "https://mapi.storyblok.com/v1/spaces/{d6}/stories?per_page=25" \\\n  -H "Authorization: «{a22}tt-{d6}-{a20}»" ',
  ],
  [
    'web59-storyblok-cli-login-token-env',
    'STORYBLOK_SPACE_ID={d6}\nSTORYBLOK_PREVIEW_TOKEN=«{a22}tt»\nSTORYBLOK_OAUTH_TOKEN=«{a22}tt-{d6}-{a20}»',
  ],
  [
    'web59-decap-oauth-provider-env-github-secret',
    '# decap-oauth worker\nOAUTH_CLIENT_ID=Ov23li{a14}\nOAUTH_CLIENT_SECRET=«{h40}»\nREDIRECT_URL=https://oauth.acme.io/callback\nORIGINS=www.acme.io',
  ],
  [
    'web59-decap-oauth-wrangler-secret-put',
    '$ echo "«{h40}»" | npx wrangler secret put GITHUB_CLIENT_SECRET\n🌀 Creating the secret for the Worker "decap-oauth"\n✨ Success! Uploaded secret GITHUB_CLIENT_SECRET',
  ],
  [
    'web59-netlify-cms-gitlab-oauth-app-secret',
    '# netlify-cms-oauth-provider (GitLab)\nOAUTH_PROVIDER=gitlab\nOAUTH_CLIENT_ID={h64}\nOAUTH_CLIENT_SECRET=«gloas-{h64}»\nGIT_HOSTNAME=https://gitlab.acme.io',
  ],
  [
    'web59-nextauth-env-secret-and-github-provider',
    'NEXTAUTH_URL=https://app.acme.io\nNEXTAUTH_SECRET=«{b43}=»\nGITHUB_ID=Iv1.{h16}\nGITHUB_SECRET=«{h40}»',
  ],
  [
    'web59-authjs-env-auth-secret-and-providers',
    'AUTH_SECRET="«{b43}=»" # Added by `npx auth`. Read more: https://cli.authjs.dev\nAUTH_GOOGLE_ID={d12}-{l32}.apps.googleusercontent.com\nAUTH_GOOGLE_SECRET=«GOCSPX-{B28}»\nAUTH_DISCORD_ID={d18}\nAUTH_DISCORD_SECRET=«{B32}»',
  ],
  ['web59-authjs-npx-auth-secret-output', '$ npx auth secret\n📝 Created /app/.env.local with `AUTH_SECRET`.\nAUTH_SECRET="«{b43}=»"'],
  [
    'web59-nextauth-options-inline-secret-and-auth0',
    "export const authOptions: NextAuthOptions = {\n  secret: '«{B43}»',\n  providers: [\n    Auth0Provider({\n      clientId: '{a32}',\n      clientSecret: '«{B64}»',\n      issuer: 'https://acme.eu.auth0.com',\n    }),\n  ],\n};",
  ],
  [
    'web59-authjs-vercel-env-add',
    "$ vercel env add AUTH_SECRET production\n? What's the value of AUTH_SECRET? «{b43}=»\n✅  Added Environment Variable AUTH_SECRET to Project acme-web [212ms]",
  ],
  [
    'web59-nextauth-keycloak-provider-env',
    'KEYCLOAK_CLIENT_ID=acme-web\nKEYCLOAK_CLIENT_SECRET=«{a32}»\nKEYCLOAK_ISSUER=https://sso.acme.io/realms/acme\nNEXTAUTH_SECRET=«{h64}»',
  ],
  [
    'web59-clerk-env-secret-beside-publishable',
    'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuZmVybmhpbGwuaW8k\nCLERK_SECRET_KEY=«sk_live_{a42}»\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in',
  ],
  [
    'web59-clerk-backend-sdk-inline-secret',
    "import { createClerkClient } from '@clerk/backend';\n\nconst clerk = createClerkClient({ secretKey: '«sk_live_{a42}»' });\nconst users = await clerk.users.getUserList({ limit: 20 });",
  ],
  [
    'web59-clerk-webhook-signing-secret-svix',
    'CLERK_WEBHOOK_SIGNING_SECRET=«whsec_{b32}»\n# used in app/api/webhooks/clerk/route.ts via new Webhook(...)',
  ],
  ['web59-clerk-curl-backend-api-bearer', 'curl https://api.clerk.com/v1/users?limit=5 -H "Authorization: Bearer «sk_live_{a42}»" '],
  [
    'web59-supabase-service-role-jwt-env',
    'NEXT_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B27}IsInJvbGUiOiJzZXJ2aWNlX3JvbGUiLCJpYXQiOjE3{B30}.{B43}»',
  ],
  [
    'web59-supabase-secret-key-server-client',
    "const supabaseAdmin = createClient(\n  'https://{l20}.supabase.co',\n  '«sb_secret_{B22}_{B8}»',\n  { auth: { persistSession: false } },\n);",
  ],
  [
    'web59-supabase-pooler-connection-string-password',
    'DATABASE_URL="postgresql://postgres.{l20}:«{a24}»@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?pgbouncer=true"\nDIRECT_URL="postgresql://postgres.{l20}:«{a24}»@aws-0-eu-central-1.pooler.supabase.com:5432/postgres"',
  ],
  [
    'web59-supabase-self-hosted-jwt-secret-env',
    '############\n# Secrets\n############\nPOSTGRES_PASSWORD=«{a32}»\nJWT_SECRET=«{a40}»\nDASHBOARD_USERNAME=supabase\nDASHBOARD_PASSWORD=«{a20}»',
  ],
  [
    'web59-supabase-edge-function-secrets-set',
    '$ supabase secrets set STRIPE_SECRET_KEY=«sk_live_{a99}» RESEND_API_KEY=«re_{a8}_{a24}»\nFinished supabase secrets set.',
  ],
  [
    'web59-firebase-service-account-json-private-key',
    '{\n  "type": "service_account",\n  "project_id": "acme-shop-prod",\n  "private_key_id": "{h40}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n«MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b28}»\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "firebase-adminsdk-{l5}@acme-shop-prod.iam.gserviceaccount.com",\n  "client_id": "{d21}",',
  ],
  [
    'web59-firebase-admin-env-private-key-vercel',
    'FIREBASE_PROJECT_ID=acme-shop-prod\nFIREBASE_CLIENT_EMAIL=firebase-adminsdk-{l5}@acme-shop-prod.iam.gserviceaccount.com\nFIREBASE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n«MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}»\\n-----END PRIVATE KEY-----\\n\\"',
  ],
  [
    'web59-firebase-cli-ci-token',
    '$ firebase deploy --only hosting --token "«1//0{B98}»"\n⚠  Authenticating with `--token` is deprecated and will be removed in a future major version of `firebase-tools`.',
  ],
  [
    'web59-hasura-admin-secret-docker-compose',
    '  graphql-engine:\n    image: hasura/graphql-engine:v2.40.0\n    environment:\n      HASURA_GRAPHQL_DATABASE_URL: postgres://postgres:«{a24}»@postgres:5432/postgres\n      HASURA_GRAPHQL_ENABLE_CONSOLE: "false"\n      HASURA_GRAPHQL_ADMIN_SECRET: «{a32}»\n      HASURA_GRAPHQL_UNAUTHORIZED_ROLE: anonymous',
  ],
  [
    'web59-hasura-jwt-secret-hs256-json',
    'HASURA_GRAPHQL_JWT_SECRET=\'{"type":"HS256","key":"«{a48}»","claims_namespace":"https://hasura.io/jwt/claims"}\'',
  ],
  [
    'web59-hasura-admin-secret-curl-header',
    'curl -s https://gql.acme.io/v1/graphql \\\n  -H "x-hasura-admin-secret: «{a32}»" \\\n  -d \'{"query":"query { orders(limit: 5) { id status } }"}\'',
  ],
  [
    'web59-hasura-cli-config-yaml-admin-secret',
    'version: 3\nendpoint: https://gql.acme.io\nadmin_secret: «{a40}»\nmetadata_directory: metadata\nactions:\n  kind: synchronous',
  ],
  [
    'web59-postgrest-conf-jwt-secret-and-db-uri',
    'db-uri = "postgres://authenticator:«{a24}»@localhost:5432/app"\ndb-schemas = "api"\ndb-anon-role = "web_anon"\njwt-secret = "«{a40}»"\njwt-secret-is-base64 = false',
  ],
  [
    'web59-postgrest-env-pgrst-jwt-secret',
    'PGRST_DB_URI=postgres://authenticator:«{a22}»@db:5432/app\nPGRST_DB_ANON_ROLE=web_anon\nPGRST_JWT_SECRET=«{b43}=»\nPGRST_JWT_SECRET_IS_BASE64=true',
  ],
  ['web59-postgrest-hs256-jwk-secret-key', 'jwt-secret = "{\\"kty\\":\\"oct\\",\\"k\\":\\"«{B43}»\\",\\"alg\\":\\"HS256\\"}"'],
  [
    'web59-keycloak-json-adapter-credentials-secret',
    '{\n  "realm": "acme",\n  "auth-server-url": "https://sso.acme.io/",\n  "ssl-required": "external",\n  "resource": "orders-backend",\n  "credentials": {\n    "secret": "«{a32}»"\n  },\n  "confidential-port": 0\n}',
  ],
  [
    'web59-keycloak-admin-password-compose',
    '  keycloak:\n    image: quay.io/keycloak/keycloak:24.0\n    command: start --optimized\n    environment:\n      KC_DB_PASSWORD: «{a24}»\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: «{a4}%{a3}*{a4}-{a2}»',
  ],
  [
    'web59-keycloak-client-credentials-token-curl',
    'curl -s -X POST https://sso.acme.io/realms/acme/protocol/openid-connect/token \\\n  -d grant_type=client_credentials \\\n  -d client_id=reporting-job \\\n  -d client_secret=«{a32}»',
  ],
  [
    'web59-keycloak-realm-export-client-secret',
    '    {\n      "clientId": "billing-service",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n      "secret": "«{a32}»",\n      "publicClient": false,\n      "serviceAccountsEnabled": true\n    }',
  ],
  [
    'web59-keycloak-kcadm-create-client-secret',
    "kcadm.sh create clients -r acme -s clientId=ci-runner -s 'secret=«{a32}»' -s serviceAccountsEnabled=true",
  ],
  [
    'web59-chat-prose-laravel-app-key-rotated',
    'hey, prod started throwing "The MAC is invalid" after the deploy. the old key was «base64:{b43}=» and forge now has «base64:{b43}=» — should I add the old one to APP_PREVIOUS_KEYS?',
  ],
  [
    'web59-chat-prose-django-secret-key-pasted',
    'I think the problem is settings/prod.py still has SECRET_KEY = "«{l4}*{l3}%{l7}&{l7}+{l6}_{l4}-{l4}!{l7}#»" hardcoded, so the env var is never read. want me to move it to os.environ?',
  ],
  [
    'web59-apache-setenv-wordpress-db-password',
    '<VirtualHost *:443>\n    ServerName blog.acme.io\n    DocumentRoot /var/www/blog\n    SetEnv WORDPRESS_DB_PASSWORD «{a4}!{a7}.{a4}*»\n    SetEnv WP_ENVIRONMENT_TYPE production\n</VirtualHost>',
  ],
  [
    'web59-php-fpm-pool-env-app-secret',
    '[symfony]\nuser = www-data\nlisten = /run/php/php8.3-fpm-symfony.sock\nenv[APP_ENV] = prod\nenv[APP_SECRET] = «{h32}»\nenv[DATABASE_URL] = "mysql://app:«{a20}»@127.0.0.1:3306/app?serverVersion=8.0"\n',
  ],
  [
    'web59-nginx-fastcgi-param-magento-db-password',
    'location ~ \\.php$ {\n    fastcgi_pass php-fpm:9000;\n    fastcgi_param MAGE_MODE production;\n    fastcgi_param DB_PASS «{a22}»;\n    include fastcgi_params;\n}',
  ],
  [
    'web59-systemd-unit-environment-phoenix-secret',
    '[Service]\nUser=storefront\nEnvironment=MIX_ENV=prod\nEnvironment=PHX_HOST=shop.acme.io\nEnvironment=SECRET_KEY_BASE=«{b64}»\nEnvironment=DATABASE_URL=ecto://storefront:«{a22}»@localhost/storefront_prod\nExecStart=/opt/storefront/bin/server',
  ],
  [
    'web59-dockerfile-env-nextauth-secret-baked',
    'FROM node:20-alpine AS runner\nWORKDIR /app\nENV NODE_ENV=production\nENV NEXTAUTH_SECRET=«{b43}=»\nCOPY --from=builder /app/.next/standalone ./',
  ],
  [
    'web59-terraform-random-unused-strapi-secret-literal',
    'resource "aws_ssm_parameter" "strapi_admin_jwt" {\n  name  = "/cms/prod/ADMIN_JWT_SECRET"\n  type  = "SecureString"\n  value = "«{b22}==»"\n}',
  ],
  [
    'web59-ansible-vars-django-secrets-plaintext',
    '# group_vars/production.yml\ndjango_secret_key: "«{l4}${l7}*{l6}#{l5}*{l7}({l4}^{l3}&{l3}={l2}#»"\ndjango_db_password: "«{a22}»"\ndjango_debug: false',
  ],
  [
    'web59-helm-values-rails-master-key',
    'image:\n  repository: ghcr.io/acme/storefront\n  tag: "1.14.2"\nenv:\n  RAILS_ENV: production\n  RAILS_LOG_TO_STDOUT: "true"\nsecretEnv:\n  RAILS_MASTER_KEY: "«{h32}»"\n  SECRET_KEY_BASE: "«{h128}»"',
  ],
  [
    'web59-gitlab-ci-variables-shopify-token',
    'deploy_theme:\n  stage: deploy\n  variables:\n    SHOPIFY_FLAG_STORE: "acme-outfitters.myshopify.com"\n    SHOPIFY_CLI_THEME_TOKEN: "«shptka_{h32}»"\n  script:\n    - shopify theme push --theme {d12} --allow-live',
  ],
  [
    'web59-laravel-log-exception-db-password-in-dsn',
    "[2024-06-04 10:12:44] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'acme'@'10.0.4.7' (using password: YES) (Connection: mysql, SQL: select * from `sessions` where `id` = ? limit 1) {\"exception\":\"[object] (Illuminate\\\\Database\\\\QueryException(code: 1045): ... DB_PASSWORD=«{a20}»",
  ],
  [
    'web59-drupal-settings-php-diff-hash-salt',
    "@@ -781,7 +781,7 @@\n  * a hash_salt in settings.php.\n  */\n-$settings['hash_salt'] = '';\n+$settings['hash_salt'] = '«{B74}»';",
  ],
  [
    'web59-wordpress-wp-config-diff-salt-added',
    "-define( 'LOGGED_IN_SALT',   'put your unique phrase here' );\n+define( 'LOGGED_IN_SALT',   '«{a6},{a6}>{a9},{a8}#{a7}?{a6}&{a4}~{a7}~{a2}|»' );",
  ],
  [
    'web59-python-requests-keycloak-client-secret',
    'resp = requests.post(\n    f"{KC_URL}/realms/acme/protocol/openid-connect/token",\n    data={"grant_type": "client_credentials", "client_id": "etl", "client_secret": "«{a32}»"},\n    timeout=10,\n)',
  ],
  [
    'web59-powershell-env-aspnet-jwt-key',
    '$env:ASPNETCORE_ENVIRONMENT = "Staging"\n$env:Jwt__Key = "«{a48}»"\ndotnet run --project src/Orders.Api',
  ],
];

export const BLIND59_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'web59-wp-config-default-unique-phrase-salts',
    "define( 'AUTH_KEY',          'put your unique phrase here' );\ndefine( 'SECURE_AUTH_KEY',   'put your unique phrase here' );\ndefine( 'LOGGED_IN_KEY',     'put your unique phrase here' );\ndefine( 'NONCE_KEY',         'put your unique phrase here' );\ndefine( 'AUTH_SALT',         'put your unique phrase here' );\ndefine( 'SECURE_AUTH_SALT',  'put your unique phrase here' );\ndefine( 'LOGGED_IN_SALT',    'put your unique phrase here' );\ndefine( 'NONCE_SALT',        'put your unique phrase here' );",
  ],
  [
    'web59-wp-config-getenv-db-constants',
    "define( 'DB_NAME', getenv( 'WORDPRESS_DB_NAME' ) );\ndefine( 'DB_USER', getenv( 'WORDPRESS_DB_USER' ) );\ndefine( 'DB_PASSWORD', getenv( 'WORDPRESS_DB_PASSWORD' ) );\ndefine( 'DB_HOST', getenv( 'WORDPRESS_DB_HOST' ) ?: 'mysql' );\ndefine( 'DB_CHARSET', 'utf8mb4' );",
  ],
  [
    'web59-wp-config-docker-getenv-docker-salts',
    "define( 'AUTH_KEY',         getenv_docker('WORDPRESS_AUTH_KEY',         '') );\ndefine( 'SECURE_AUTH_KEY',  getenv_docker('WORDPRESS_SECURE_AUTH_KEY',  '') );\ndefine( 'LOGGED_IN_KEY',    getenv_docker('WORDPRESS_LOGGED_IN_KEY',    '') );\ndefine( 'NONCE_KEY',        getenv_docker('WORDPRESS_NONCE_KEY',        '') );",
  ],
  [
    'web59-wp-config-table-prefix-and-cache-key-salt',
    "$table_prefix = 'wp_{l4}_';\ndefine( 'WP_CACHE_KEY_SALT', 'shop.acme.io:' );\ndefine( 'WP_REDIS_PREFIX', 'acme-shop' );\ndefine( 'WP_MEMORY_LIMIT', '256M' );",
  ],
  [
    'web59-wp-bedrock-env-example-generate-salts-comment',
    "DB_NAME='database_name'\nDB_USER='database_user'\nDB_PASSWORD='database_password'\n\n# Generate your keys here: https://roots.io/salts.html\nAUTH_KEY='generateme'\nSECURE_AUTH_KEY='generateme'",
  ],
  [
    'web59-wp-enqueue-script-version-hash',
    "wp_enqueue_script( 'acme-app', get_template_directory_uri() . '/dist/app.{h8}.js', array(), '{h20}', true );\nwp_enqueue_style( 'acme-style', get_stylesheet_uri(), array(), '6.5.3' );",
  ],
  [
    'web59-woocommerce-order-list-json-without-keys',
    '{"id":{d5},"status":"processing","currency":"EUR","total":"129.90","customer_id":{d4},"payment_method":"stripe","transaction_id":"pi_{a24}","date_created":"2024-06-04T10:12:44"}',
  ],
  [
    'web59-woocommerce-rest-keys-from-env-php',
    "$woocommerce = new Client(\n    'https://shop.acme.io',\n    getenv('WC_CONSUMER_KEY'),\n    getenv('WC_CONSUMER_SECRET'),\n    ['version' => 'wc/v3', 'timeout' => 30]\n);",
  ],
  [
    'web59-drupal-settings-hash-salt-from-file',
    "$settings['hash_salt'] = file_get_contents('/var/run/secrets/drupal/hash_salt');\n$settings['trusted_host_patterns'] = ['^www\\.acme\\.io$', '^acme\\.io$'];\n$settings['file_private_path'] = '/var/www/private';",
  ],
  [
    'web59-drupal-settings-databases-getenv',
    "$databases['default']['default'] = [\n  'database' => getenv('DRUPAL_DB_NAME'),\n  'username' => getenv('DRUPAL_DB_USER'),\n  'password' => getenv('DRUPAL_DB_PASSWORD'),\n  'host' => getenv('DRUPAL_DB_HOST'),\n  'port' => '3306',\n  'driver' => 'mysql',\n  'prefix' => '',\n];",
  ],
  [
    'web59-drupal-composer-lock-dist-shasum',
    '            "name": "drupal/core",\n            "version": "10.2.7",\n            "dist": {\n                "type": "zip",\n                "url": "https://api.github.com/repos/drupal/core/zipball/{h40}",\n                "reference": "{h40}",\n                "shasum": ""\n            },',
  ],
  [
    'web59-joomla-configuration-non-secret-fields',
    "\tpublic $dbprefix = 'jos_';\n\tpublic $live_site = '';\n\tpublic $caching = '1';\n\tpublic $cache_handler = 'file';\n\tpublic $cachetime = '15';\n\tpublic $session_handler = 'database';\n\tpublic $lifetime = '15';\n\tpublic $cookie_domain = '';\n\tpublic $log_path = '/var/www/administrator/logs';",
  ],
  [
    'web59-magento-env-php-session-cache-no-secrets',
    "    'session' => [\n        'save' => 'redis',\n        'redis' => [\n            'host' => 'redis.internal',\n            'port' => '6379',\n            'password' => '',\n            'timeout' => '2.5',\n            'compression_threshold' => '2048',\n            'compression_library' => 'gzip',\n        ]\n    ],\n    'MAGE_MODE' => 'production',\n    'install' => ['date' => 'Tue, 04 Jun 2024 10:12:44 +0000'],",
  ],
  [
    'web59-magento-static-deploy-version-signature',
    '$ cat pub/static/deployed_version.txt\n{d10}\n$ ls pub/static/frontend/Acme/default/en_US/js-translation.json\npub/static/frontend/Acme/default/en_US/js-translation.json',
  ],
  [
    'web59-magento-encrypted-config-value-in-core-config-data',
    "mysql> SELECT path, value FROM core_config_data WHERE path LIKE 'payment/braintree/%key';\n+----------------------------------+----------------------------------------------------------+\n| path                             | value                                                    |\n+----------------------------------+----------------------------------------------------------+\n| payment/braintree/merchant_id    | NULL                                                     |\n+----------------------------------+----------------------------------------------------------+",
  ],
  [
    'web59-prestashop-parameters-public-key-and-prefix',
    "    'database_prefix' => 'ps_',\n    'database_engine' => 'InnoDB',\n    'ps_caching' => 'CacheMemcache',\n    'ps_cache_enable' => false,\n    'ps_creation_date' => '2024-02-11',\n    'locale' => 'fr-FR',\n    'use_debug_toolbar' => false,\n    'api_public_key' => '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b8}IDAQAB\n-----END PUBLIC KEY-----\n',",
  ],
  [
    'web59-shopify-app-toml-client-id-and-scopes',
    '# shopify.app.toml\nclient_id = "{h32}"\nname = "acme-bundles"\napplication_url = "https://bundles.acme.io"\nembedded = true\n\n[access_scopes]\nscopes = "read_products,write_products,read_orders"',
  ],
  [
    'web59-shopify-webhook-request-headers-hmac',
    'X-Shopify-Topic: orders/create\nX-Shopify-Hmac-Sha256: {b43}=\nX-Shopify-Shop-Domain: acme-outfitters.myshopify.com\nX-Shopify-Webhook-Id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nX-Shopify-API-Version: 2024-04',
  ],
  [
    'web59-shopify-storefront-public-token-hydrogen-client',
    "const client = createStorefrontClient({\n  storeDomain: 'https://acme-outfitters.myshopify.com',\n  apiVersion: '2024-04',\n  publicStorefrontToken: '{h32}',\n});",
  ],
  [
    'web59-shopify-liquid-asset-url-cdn-version',
    '<link rel="stylesheet" href="//acme-outfitters.myshopify.com/cdn/shop/t/{d2}/assets/base.css?v={d19}">\n<script src="//acme-outfitters.myshopify.com/cdn/shop/t/{d2}/assets/global.js?v={d19}" defer></script>',
  ],
  [
    'web59-bigcommerce-stencil-config-no-token',
    '{\n  "normalStoreUrl": "https://acme-outfitters.mybigcommerce.com",\n  "port": 3000,\n  "customLayouts": { "brand": {}, "category": {}, "page": {}, "product": {} },\n  "accessToken": ""\n}',
  ],
  [
    'web59-bigcommerce-store-hash-api-path-log',
    'GET https://api.bigcommerce.com/stores/{l10}/v3/catalog/products?limit=250&page=3 200 (412ms) x-request-id={h32} x-rate-limit-requests-left=142',
  ],
  [
    'web59-laravel-env-example-empty-secrets',
    'APP_NAME=Laravel\nAPP_ENV=local\nAPP_KEY=\nAPP_DEBUG=true\nAPP_URL=http://localhost\n\nDB_PASSWORD=\nMAIL_PASSWORD=null\nPUSHER_APP_SECRET=\nBCRYPT_ROUNDS=12',
  ],
  [
    'web59-laravel-config-app-env-refs',
    "    'key' => env('APP_KEY'),\n    'previous_keys' => [\n        ...array_filter(explode(',', env('APP_PREVIOUS_KEYS', ''))),\n    ],\n    'cipher' => 'AES-256-CBC',",
  ],
  [
    'web59-laravel-session-config-cookie-name-lifetime',
    "    'driver' => env('SESSION_DRIVER', 'database'),\n    'lifetime' => env('SESSION_LIFETIME', 120),\n    'encrypt' => env('SESSION_ENCRYPT', false),\n    'cookie' => env('SESSION_COOKIE', Str::slug(env('APP_NAME', 'laravel'), '_').'_session'),\n    'same_site' => 'lax',",
  ],
  [
    'web59-laravel-hashing-bcrypt-rounds-argon',
    "    'driver' => 'bcrypt',\n    'bcrypt' => [\n        'rounds' => env('BCRYPT_ROUNDS', 12),\n        'verify' => true,\n    ],\n    'argon' => ['memory' => 65536, 'threads' => 1, 'time' => 4],",
  ],
  [
    'web59-laravel-vite-manifest-asset-hashes',
    '{\n  "resources/js/app.js": {\n    "file": "assets/app-{B8}.js",\n    "src": "resources/js/app.js",\n    "isEntry": true,\n    "css": ["assets/app-{B8}.css"]\n  }\n}',
  ],
  [
    'web59-laravel-pusher-public-key-only-echo',
    "window.Echo = new Echo({\n    broadcaster: 'pusher',\n    key: '{h20}',\n    cluster: 'eu',\n    forceTLS: true,\n});",
  ],
  [
    'web59-laravel-session-cookie-names-http-response',
    'HTTP/2 302\nlocation: https://acme.io/dashboard\nset-cookie: XSRF-TOKEN=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/\ncache-control: no-cache, private\nx-request-id: {h8}-{h4}-4{h3}-8{h3}-{h12}',
  ],
  [
    'web59-symfony-framework-yaml-secret-env-ref',
    "framework:\n    secret: '%env(APP_SECRET)%'\n    session:\n        handler_id: null\n        cookie_secure: auto\n        cookie_samesite: lax\n        name: ACMESESSID",
  ],
  [
    'web59-symfony-secrets-list-masked',
    '$ php bin/console secrets:list --env=prod\n ------------------- -------- -------------\n  Secret              Value    Local Value\n ------------------- -------- -------------\n  DATABASE_PASSWORD   ******\n  MAILER_DSN          ******\n ------------------- -------- -------------\n // Local values override secret values.',
  ],
  [
    'web59-symfony-vault-encrypt-public-key-php',
    '$ cat config/secrets/prod/prod.encrypt.public.php\n<?php\n\nreturn "\\x{h2}\\x{h2}{a2}\\x{h2}\\x{h2}\\x{h2}{a3}\\x{h2}\\x{h2}\\x{h2}\\x{h2}{a2}\\x{h2}\\x{h2}";',
  ],
  [
    'web59-symfony-env-dist-change-me-placeholders',
    '###> symfony/framework-bundle ###\nAPP_ENV=dev\nAPP_SECRET=\n###< symfony/framework-bundle ###\nDATABASE_URL="postgresql://app:!ChangeMe!@127.0.0.1:5432/app?serverVersion=16&charset=utf8"\nMESSENGER_TRANSPORT_DSN=doctrine://default?auto_setup=0',
  ],
  [
    'web59-symfony-security-yaml-password-hasher',
    "security:\n    password_hashers:\n        Symfony\\Component\\Security\\Core\\User\\PasswordAuthenticatedUserInterface:\n            algorithm: auto\n            cost: 13\n    firewalls:\n        main:\n            remember_me:\n                secret: '%kernel.secret%'\n                lifetime: 604800",
  ],
  [
    'web59-django-settings-secret-key-from-environ',
    'import os\n\nSECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\nDEBUG = os.environ.get("DJANGO_DEBUG", "0") == "1"\nDATABASES = {"default": env.db("DATABASE_URL")}\nEMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")',
  ],
  [
    'web59-django-insecure-angle-bracket-placeholder',
    "# settings/local.py.dist — copy to local.py\nSECRET_KEY = 'django-insecure-<generate-with-get_random_secret_key>'\nDEBUG = True",
  ],
  ['web59-django-insecure-changeme-literal', 'SECRET_KEY = env("DJANGO_SECRET_KEY", default="django-insecure-changeme")'],
  [
    'web59-django-session-csrf-cookie-names-and-hashers',
    'SESSION_COOKIE_NAME = "acme_sessionid"\nCSRF_COOKIE_NAME = "acme_csrftoken"\nSESSION_COOKIE_AGE = 1209600\nPASSWORD_HASHERS = [\n    "django.contrib.auth.hashers.Argon2PasswordHasher",\n    "django.contrib.auth.hashers.PBKDF2PasswordHasher",\n]',
  ],
  [
    'web59-django-cors-and-allowed-hosts',
    'CORS_ALLOWED_ORIGINS = [\n    "https://app.acme.io",\n    "https://admin.acme.io",\n]\nCSRF_TRUSTED_ORIGINS = ["https://app.acme.io"]\nSECURE_HSTS_SECONDS = 31536000',
  ],
  [
    'web59-django-collectstatic-manifest-fingerprints',
    '{\n  "paths": {\n    "admin/css/base.css": "admin/css/base.{h12}.css",\n    "js/app.js": "js/app.{h12}.js"\n  },\n  "version": "1.1",\n  "hash": "{h12}"\n}',
  ],
  [
    'web59-django-csrf-token-template-tag',
    '<form method="post" action="/accounts/login/">\n  {% csrf_token %}\n  <input type="text" name="username" autocomplete="username">\n  <input type="password" name="password" autocomplete="current-password">\n</form>',
  ],
  [
    'web59-flask-secret-key-os-environ',
    'app = Flask(__name__)\napp.config["SECRET_KEY"] = os.environ.get("FLASK_SECRET_KEY")\napp.config["SESSION_COOKIE_NAME"] = "acme_session"\napp.config["PERMANENT_SESSION_LIFETIME"] = timedelta(hours=8)',
  ],
  [
    'web59-flask-generate-secret-command-only',
    "# generate a key for FLASK_SECRET_KEY:\npython -c 'import secrets; print(secrets.token_hex())'\n# then: fly secrets set FLASK_SECRET_KEY=...",
  ],
  [
    'web59-fastapi-algorithm-expiry-cryptcontext',
    'ALGORITHM = "HS256"\nACCESS_TOKEN_EXPIRE_MINUTES = 30\npwd_context = CryptContext(schemes=["bcrypt"], deprecated="auto")\noauth2_scheme = OAuth2PasswordBearer(tokenUrl="token")\nSECRET_KEY = settings.secret_key',
  ],
  ['web59-rails-credentials-yml-enc-ciphertext', '$ cat config/credentials.yml.enc\n{b120}--{b16}--{b22}=='],
  [
    'web59-rails-session-store-and-cookie-settings',
    'Rails.application.config.session_store :cookie_store,\n  key: "_storefront_session",\n  same_site: :lax,\n  secure: Rails.env.production?,\n  expire_after: 14.days',
  ],
  [
    'web59-rails-asset-digest-paths',
    '<link rel="stylesheet" href="/assets/application-{h64}.css" data-turbo-track="reload" />\n<script src="/assets/application-{h64}.js" data-turbo-track="reload" defer="defer"></script>',
  ],
  [
    'web59-rails-credentials-fetch-ruby',
    'Stripe.api_key = Rails.application.credentials.dig(:stripe, :secret_key)\nconfig.secret_key_base = ENV.fetch("SECRET_KEY_BASE") { Rails.application.credentials.secret_key_base }',
  ],
  [
    'web59-phoenix-endpoint-session-options-signing-salt',
    '  @session_options [\n    store: :cookie,\n    key: "_storefront_key",\n    signing_salt: "{a8}",\n    same_site: "Lax"\n  ]',
  ],
  [
    'web59-phoenix-config-live-view-signing-salt',
    'config :storefront, StorefrontWeb.Endpoint,\n  url: [host: "localhost"],\n  adapters: [http: Bandit.PhoenixAdapter],\n  pubsub_server: Storefront.PubSub,\n  live_view: [signing_salt: "{a8}"]',
  ],
  [
    'web59-phoenix-runtime-secret-key-base-raise',
    '  secret_key_base =\n    System.get_env("SECRET_KEY_BASE") ||\n      raise """\n      environment variable SECRET_KEY_BASE is missing.\n      You can generate one by calling: mix phx.gen.secret\n      """',
  ],
  [
    'web59-phoenix-digest-cache-manifest',
    '{"latest":{"assets/app.css":"assets/app-{h32}.css","assets/app.js":"assets/app-{h32}.js"},"version":1}',
  ],
  [
    'web59-express-session-secret-process-env',
    "app.use(session({\n  name: 'acme.sid',\n  secret: process.env.SESSION_SECRET,\n  resave: false,\n  saveUninitialized: false,\n  cookie: { sameSite: 'lax', secure: true, maxAge: 8 * 60 * 60 * 1000 },\n}));",
  ],
  [
    'web59-express-helmet-csp-sri-integrity',
    '<script src="https://cdn.jsdelivr.net/npm/htmx.org@1.9.12/dist/htmx.min.js"\n        integrity="sha384-{b64}"\n        crossorigin="anonymous"></script>',
  ],
  [
    'web59-nestjs-jwt-register-async-config-service',
    "JwtModule.registerAsync({\n  inject: [ConfigService],\n  useFactory: (config: ConfigService) => ({\n    secret: config.getOrThrow<string>('JWT_SECRET'),\n    signOptions: { expiresIn: '15m', issuer: 'orders-api' },\n  }),\n}),",
  ],
  [
    'web59-spring-yaml-client-secret-placeholder-and-google-client-id',
    '        registration:\n          google:\n            client-id: {d12}-{l32}.apps.googleusercontent.com\n            client-secret: ${GOOGLE_CLIENT_SECRET}\n            redirect-uri: "{baseUrl}/login/oauth2/code/{registrationId}"\n            scope: openid,profile,email',
  ],
  [
    'web59-spring-jwt-properties-expiry-and-issuer',
    'app.jwt.secret=${JWT_SECRET:}\napp.jwt.expiration-ms=3600000\napp.jwt.refresh-expiration-ms=604800000\napp.jwt.issuer=https://auth.acme.io\nserver.servlet.session.cookie.name=ACMESESSION',
  ],
  [
    'web59-aspnet-machinekey-autogenerate',
    '<machineKey validationKey="AutoGenerate,IsolateApps"\n            decryptionKey="AutoGenerate,IsolateApps"\n            validation="HMACSHA256"\n            decryption="Auto" />',
  ],
  [
    'web59-aspnet-appsettings-jwt-without-key',
    '{\n  "Jwt": {\n    "Issuer": "https://orders.acme.io",\n    "Audience": "orders-clients",\n    "ExpiresMinutes": 60\n  },\n  "AllowedHosts": "*",\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
  ],
  [
    'web59-aspnet-user-secrets-id-csproj',
    '<PropertyGroup>\n  <TargetFramework>net8.0</TargetFramework>\n  <UserSecretsId>{h8}-{h4}-{h4}-{h4}-{h12}</UserSecretsId>\n  <Nullable>enable</Nullable>\n</PropertyGroup>',
  ],
  [
    'web59-go-gin-session-key-from-env',
    'secret := os.Getenv("SESSION_KEY")\nif len(secret) < 32 {\n\tlog.Fatal("SESSION_KEY must be at least 32 bytes")\n}\nstore := cookie.NewStore([]byte(secret))',
  ],
  [
    'web59-go-sum-module-hashes',
    'github.com/gin-contrib/sessions v1.0.1 h1:{b43}=\ngithub.com/gin-contrib/sessions v1.0.1/go.mod h1:{b43}=\ngithub.com/gorilla/securecookie v1.1.2 h1:{b43}=',
  ],
  [
    'web59-strapi-config-admin-env-refs',
    "module.exports = ({ env }) => ({\n  auth: { secret: env('ADMIN_JWT_SECRET') },\n  apiToken: { salt: env('API_TOKEN_SALT') },\n  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },\n  flags: { nps: env.bool('FLAG_NPS', true) },\n});",
  ],
  [
    'web59-strapi-env-example-tobemodified',
    'APP_KEYS="toBeModified1,toBeModified2"\nAPI_TOKEN_SALT=tobemodified\nADMIN_JWT_SECRET=tobemodified\nTRANSFER_TOKEN_SALT=tobemodified\nJWT_SECRET=tobemodified',
  ],
  [
    'web59-ghost-content-api-key-public',
    "const api = new GhostContentAPI({\n  url: 'https://blog.acme.io',\n  key: '{h26}',\n  version: 'v5.0',\n});",
  ],
  [
    'web59-ghost-config-mail-env-placeholders',
    '{\n  "url": "https://blog.acme.io",\n  "mail": {\n    "transport": "SMTP",\n    "options": { "host": "smtp.eu.mailgun.org", "port": 465, "secure": true,\n      "auth": { "user": "{{ .Env.GHOST_MAIL_USER }}", "pass": "{{ .Env.GHOST_MAIL_PASS }}" } }\n  }\n}',
  ],
  [
    'web59-directus-env-cache-cors-no-secret',
    'PUBLIC_URL="https://cms.acme.io"\nCACHE_ENABLED=true\nCACHE_TTL="5m"\nCACHE_STORE=redis\nCORS_ENABLED=true\nCORS_ORIGIN="https://www.acme.io"\nSESSION_COOKIE_NAME="directus_session_token"\nRATE_LIMITER_POINTS=50',
  ],
  [
    'web59-payload-config-secret-env-ref',
    "export default buildConfig({\n  secret: process.env.PAYLOAD_SECRET || '',\n  admin: { user: Users.slug, importMap: { baseDir: path.resolve(dirname) } },\n  serverURL: process.env.NEXT_PUBLIC_SERVER_URL,\n});",
  ],
  [
    'web59-sanity-client-public-config',
    "export const client = createClient({\n  projectId: '{l8}',\n  dataset: 'production',\n  apiVersion: '2024-03-01',\n  useCdn: true,\n  perspective: 'published',\n});",
  ],
  [
    'web59-contentful-space-and-entry-ids-only',
    'CONTENTFUL_SPACE_ID={l12}\nCONTENTFUL_ENVIRONMENT=master\nCONTENTFUL_HOME_ENTRY_ID={a22}\nCONTENTFUL_LOCALE=en-US',
  ],
  [
    'web59-storyblok-space-id-and-region',
    'storyblok pull-components --space {d6} --region eu\n- Storyblok Space: {d6}\n- Components saved to components.{d6}.json',
  ],
  [
    'web59-nextauth-env-url-trust-host',
    'NEXTAUTH_URL=https://app.acme.io\nAUTH_TRUST_HOST=true\nAUTH_URL=https://app.acme.io/api/auth\nAUTH_GITHUB_ID=Ov23li{a14}\nAUTH_GITHUB_SECRET=${{ secrets.AUTH_GITHUB_SECRET }}',
  ],
  [
    'web59-nextauth-generate-secret-docs-command',
    'To generate `NEXTAUTH_SECRET`, run:\n\n    openssl rand -base64 32\n\nand set it in Vercel under Settings → Environment Variables (Production + Preview).',
  ],
  [
    'web59-clerk-publishable-key-only-provider',
    '<ClerkProvider publishableKey="pk_live_Y2xlcmsuZmVybmhpbGwuaW8k" afterSignOutUrl="/">\n  <App />\n</ClerkProvider>',
  ],
  [
    'web59-stripe-publishable-key-checkout-js',
    "const stripe = Stripe('pk_live_{a99}');\nconst { error } = await stripe.redirectToCheckout({ sessionId: '{{CHECKOUT_SESSION_ID}}' });",
  ],
  [
    'web59-supabase-publishable-key-and-url',
    'NEXT_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nNEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{B22}_{B8}\nSUPABASE_SECRET_KEY=${SUPABASE_SECRET_KEY}',
  ],
  [
    'web59-firebase-json-hosting-config',
    '{\n  "hosting": {\n    "public": "dist",\n    "ignore": ["firebase.json", "**/.*", "**/node_modules/**"],\n    "headers": [{ "source": "**/*.@(js|css)", "headers": [{ "key": "Cache-Control", "value": "max-age=31536000" }] }]\n  }\n}',
  ],
  [
    'web59-hasura-jwt-secret-rs256-jwk-url',
    'HASURA_GRAPHQL_JWT_SECRET=\'{"type":"RS256","jwk_url":"https://acme.eu.auth0.com/.well-known/jwks.json","audience":"https://gql.acme.io","claims_namespace":"https://hasura.io/jwt/claims"}\'\nHASURA_GRAPHQL_ADMIN_SECRET=${HASURA_ADMIN_SECRET}',
  ],
  [
    'web59-postgrest-jwt-secret-public-rsa-jwk',
    'jwt-secret = "{\\"kty\\":\\"RSA\\",\\"e\\":\\"AQAB\\",\\"alg\\":\\"RS256\\",\\"kid\\":\\"{h16}\\",\\"n\\":\\"{B342}\\"}"',
  ],
  [
    'web59-postgrest-conf-secret-from-file-ref',
    'db-uri = "$(PGRST_DB_URI)"\ndb-schemas = "api"\ndb-anon-role = "web_anon"\njwt-secret = "@/run/secrets/jwt_secret"\nserver-port = 3000',
  ],
  [
    'web59-keycloak-realm-export-masked-secret',
    '    {\n      "clientId": "billing-service",\n      "clientAuthenticatorType": "client-secret",\n      "secret": "**********",\n      "publicClient": false,\n      "redirectUris": ["https://billing.acme.io/*"],\n      "webOrigins": ["+"]\n    }',
  ],
  [
    'web59-keycloak-public-client-js-adapter',
    "const keycloak = new Keycloak({\n  url: 'https://sso.acme.io',\n  realm: 'acme',\n  clientId: 'acme-spa',\n});\nawait keycloak.init({ onLoad: 'check-sso', pkceMethod: 'S256' });",
  ],
  [
    'web59-chat-prose-secret-names-without-values',
    'Rotated APP_KEY, NEXTAUTH_SECRET and the Strapi salts (API_TOKEN_SALT, TRANSFER_TOKEN_SALT) this morning — new values are in 1Password under "acme-prod/web". Nothing changed in the repo except the .env.example comments.',
  ],
  [
    'web59-k8s-secretkeyref-django-and-rails',
    '        env:\n          - name: DJANGO_SECRET_KEY\n            valueFrom:\n              secretKeyRef: { name: shop-django, key: DJANGO_SECRET_KEY }\n          - name: RAILS_MASTER_KEY\n            valueFrom:\n              secretKeyRef: { name: storefront, key: master-key }',
  ],
  ['web59-docker-image-digest-wordpress', 'wordpress@sha256:{h64}\nmariadb:11.4@sha256:{h64}'],
  [
    'web59-git-log-commit-shas-secret-rotation',
    '{h40} chore: rotate NEXTAUTH_SECRET (value in Vercel only)\n{h40} fix(strapi): read APP_KEYS from env instead of config\n{h40} docs: explain how to generate SECRET_KEY_BASE',
  ],
  [
    'web59-magento-cli-config-set-lock-env-ref',
    '$ bin/magento config:set --lock-env payment/stripe/secret_key "$STRIPE_SECRET_KEY"\nValue was saved in app/etc/env.php and locked.',
  ],
  [
    'web59-laravel-artisan-env-encrypt-output-key-ref',
    '$ php artisan env:decrypt --env=production --key="$LARAVEL_ENV_ENCRYPTION_KEY"\n   INFO  Environment successfully decrypted.',
  ],
  [
    'web59-composer-json-wordpress-salts-package',
    '{\n  "require": {\n    "roots/wordpress": "^6.5",\n    "roots/wp-config": "^1.0",\n    "wpackagist-plugin/wp-mail-smtp": "^4.0"\n  },\n  "scripts": { "post-root-package-install": ["php -r \\"copy(\'.env.example\', \'.env\');\\""] }\n}',
  ],
];
