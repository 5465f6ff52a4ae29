/** A thirty-fifth held-out batch, written blind from the facts (vendor, token shape, required nearby keyword, text shapes) of the public Nosey Parker rule set: every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND35_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'phpmailer-smtp-settings-block',
    "//Server settings\n$mail->isSMTP();\n$mail->Host       = 'smtp.postbox-relay.net';     //SMTP server\n$mail->SMTPAuth   = true;\n$mail->Username   = 'noreply@orchard-tools.io';   //SMTP username\n$mail->Password   = '«{a20}»';   //SMTP password\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;\n$mail->Port       = 587;",
  ],
  [
    'phpmailer-gmail-app-password-blank-line',
    "function notify($to, $subject, $body) {\n    $mail = new PHPMailer;\n    $mail->isSMTP();\n    $mail->Host = 'smtp.gmail.com';\n    $mail->SMTPAuth = true;\n    $mail->SMTPSecure = 'tls';\n    $mail->Username = 'ops.kestrel@gmail.com';\n\n    $mail->Password = '«{L4} {L4} {L4} {L4}»';\n    $mail->setFrom('ops.kestrel@gmail.com', 'Kestrel Ops');",
  ],
  [
    'phpmailer-office365-password-symbols',
    "$mail->Host = 'smtp.office365.com';\n$mail->Port = 587;\n$mail->Username = 'billing-notices@lindqvist-partners.se';\n$mail->Password = '«{a9}#{a5}!{d2}»';",
  ],
  [
    'thingsboard-access-token-http-telemetry-curl',
    'curl -v -X POST https://thingsboard.cloud/api/v1/«{l20}»/telemetry --header "Content-Type:application/json" --data \'{"temperature": 21.4, "door": "closed"}\'',
  ],
  [
    'thingsboard-access-token-coap-client',
    'coap-client -m post coap://coap.thingsboard.cloud/api/v1/«{l20}»/telemetry -t json -e \'{"humidity": 48}\'',
  ],
  [
    'thingsboard-access-token-python-attributes-url',
    'resp = requests.post(\n    "https://thingsboard.cloud/api/v1/«{l20}»/attributes",\n    json={"firmware": "2.4.1", "site": "greenhouse-3"},\n    timeout=5,\n)',
  ],
  [
    'thingsboard-provision-key-and-secret-curl',
    'curl -X POST https://thingsboard.cloud/api/v1/provision -H "Content-Type: application/json" -d \'{"deviceName": "greenhouse-07", "provisionDeviceKey": "«{l20}»", "provisionDeviceSecret": "«{l20}»"}\'',
  ],
  [
    'thingsboard-provision-key-and-secret-python-dict',
    'PROVISION_REQUEST = {\n    "deviceName": device_name,\n    "provisionDeviceKey": "«{l20}»",\n    "provisionDeviceSecret": "«{l20}»",\n}\nclient.publish("/provision/request", json.dumps(PROVISION_REQUEST))',
  ],
  [
    'aws-appsync-api-key-aws-exports-js',
    'const awsmobile = {\n    "aws_project_region": "eu-west-1",\n    "aws_appsync_graphqlEndpoint": "https://{l26}.appsync-api.eu-west-1.amazonaws.com/graphql",\n    "aws_appsync_region": "eu-west-1",\n    "aws_appsync_authenticationType": "API_KEY",\n    "aws_appsync_apiKey": "«da2-{l26}»"\n};\nexport default awsmobile;',
  ],
  [
    'aws-appsync-api-key-curl-x-api-key',
    'curl -s https://{l26}.appsync-api.us-east-1.amazonaws.com/graphql -H "Content-Type: application/json" -H "x-api-key: «da2-{l26}»" -d \'{"query":"query { listOrders { items { id status } } }"}\'',
  ],
  [
    'amazon-mws-auth-token-dotenv',
    'MWS_SELLER_ID=A{u13}\nMWS_AUTH_TOKEN=«amzn.mws.{h8}-{h4}-{h4}-{h4}-{h12}»\nMWS_MARKETPLACE_ID=ATVPDKIKX0DER',
  ],
  [
    'amazon-mws-auth-token-python-kwargs',
    'orders_api = mws.Orders(\n    access_key=os.environ["MWS_ACCESS_KEY"],\n    secret_key=os.environ["MWS_SECRET_KEY"],\n    account_id="A{u13}",\n    auth_token="«amzn.mws.{h8}-{h4}-{h4}-{h4}-{h12}»",\n    region="UK",\n)',
  ],
  [
    'aws-iam-credentials-csv-download',
    'User name,Password,Access key ID,Secret access key,Console login link\nci-deployer,,«AKIA{u16}»,«{b39}{a1}»,https://{d12}.signin.aws.amazon.com/console',
  ],
  [
    'aws-fog-storage-ruby-kwargs',
    "storage = Fog::Storage.new(\n  provider:              'AWS',\n  aws_access_key_id:     '«AKIA{u16}»',\n  aws_secret_access_key: '«{b39}{a1}»',\n  region:                'eu-west-1'\n)",
  ],
  [
    'aws-session-credentials-boto3-client',
    's3 = boto3.client(\n    "s3",\n    aws_access_key_id="«ASIA{u16}»",\n    aws_secret_access_key="«{b39}{a1}»",\n    aws_session_token="«IQoJb3JpZ2luX2VjE{b150}»",\n)',
  ],
  ['blynk-org-token-url-first-curl', 'curl https://fra1.blynk.cloud/api/organization/devices -H "Authorization: Bearer «{B40}»"'],
  ['blynk-org-token-url-last-multiline', 'curl -H "Authorization: Bearer «{B40}»" \\\n  https://ny3.blynk.cloud/api/organization/users'],
  [
    'blynk-client-secret-basic-url-first-multiline',
    'curl -X POST https://lon1.blynk.cloud/oauth2/token?grant_type=client_credentials \\\n  -u oa2-client-id_{B32}:«{B40}»',
  ],
  [
    'blynk-client-secret-query-python',
    'token_url = (\n    "https://fra1.blynk.cloud/oauth2/token?grant_type=client_credentials&client_id=oa2-client-id_{B32}&client_secret=«{B40}»"\n)\nresp = requests.post(token_url, timeout=10)',
  ],
  [
    'blynk-client-secret-basic-url-last',
    'curl -X POST -u oa2-client-id_{B32}:«{B40}» https://sgp1.blynk.cloud/oauth2/token?grant_type=client_credentials',
  ],
  [
    'blynk-device-token-batch-update-python',
    'requests.get("https://blr1.blynk.cloud/external/api/batch/update?token=«{B32}»&V0=1&V3=22.5")',
  ],
  ['newrelic-pixie-api-key-export', 'export PX_API_KEY=«px-api-{h8}-{h4}-{h4}-{h4}-{h12}»\npx deploy --cluster_name kestrel-prod'],
  [
    'newrelic-pixie-deploy-and-api-key-helm-set',
    'helm upgrade --install newrelic-bundle newrelic/nri-bundle -n newrelic \\\n  --set newrelic-pixie.enabled=true \\\n  --set newrelic-pixie.apiKey=«px-api-{h8}-{h4}-{h4}-{h4}-{h12}» \\\n  --set pixie-chart.deployKey=«px-dep-{h8}-{h4}-{h4}-{h4}-{h12}» \\\n  --set pixie-chart.clusterName=kestrel-prod',
  ],
  [
    'newrelic-rest-api-key-deployment-curl',
    'curl -X POST "https://api.newrelic.com/v2/applications/{d9}/deployments.json" \\\n     -H "X-Api-Key:«NRRA-{h42}»" \\\n     -H "Content-Type: application/json" \\\n     -d \'{"deployment": {"revision": "v2.3.1", "user": "release-bot"}}\'',
  ],
  [
    'newrelic-insights-query-key-json',
    '{\n  "accountId": {d7},\n  "queryKey": "«NRIQ-{B31}{a1}»",\n  "nrql": "SELECT count(*) FROM Transaction SINCE 1 hour ago"\n}',
  ],
  [
    'newrelic-license-key-unsuffixed-newrelic-yml',
    'common: &default_settings\n  # Required license key associated with your New Relic account.\n  license_key: «{h40}»\n\n  # Application name shown in the APM list.\n  app_name: kestrel-billing',
  ],
  [
    'newrelic-license-key-eu-helm-set',
    'helm upgrade --install newrelic-bundle newrelic/nri-bundle \\\n  --set global.licenseKey=«eu01xx{h30}NRAL» \\\n  --set global.cluster=kestrel-prod',
  ],
  [
    'teamcity-token-nuget-config-cleartext',
    '<packageSourceCredentials>\n  <TeamCityFeed>\n    <add key="Username" value="ci-reader" />\n    <add key="ClearTextPassword" value="«eyJ0eXAiOiAiVENWMiJ9.{B36}.{B48}»" />\n  </TeamCityFeed>\n</packageSourceCredentials>',
  ],
  [
    'teamcity-token-rest-curl-bearer',
    'curl -X POST https://teamcity.kestrel.io/app/rest/buildQueue -H "Authorization: Bearer «eyJ0eXAiOiAiVENWMiJ9.{B36}.{B48}»" -H "Content-Type: application/xml" -d \'<build><buildType id="Billing_Release"/></build>\'',
  ],
  [
    'twitch-stream-key-ffmpeg-rtmp-url',
    'ffmpeg -re -i gameplay.mkv -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -f flv rtmp://live.twitch.tv/app/«live_{d9}_{a30}»',
  ],
  ['twitch-stream-key-bare-line', '«live_{d9}_{a30}»'],
  [
    'wireguard-preshared-key-peer-block',
    '[Peer]\nPublicKey = {b43}=\nPresharedKey = «{b43}=»\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.kestrel.io:51820\nPersistentKeepalive = 25',
  ],
  ['wireguard-private-key-interface-no-spaces', '[Interface]\nPrivateKey=«{b43}=»\nAddress=10.8.0.5/32\nDNS=10.8.0.1'],
  ['linkedin-secret-key-rails-yaml', 'omniauth:\n  linkedin_api_key: {l14}\n  linkedin_secret_key: «{a16}»'],
  ['linkedin-app-secret-php-define', "define('LINKEDIN_APP_ID', '{l14}');\ndefine('LINKEDIN_APP_SECRET', '«{a16}»');"],
  [
    'mailgun-key-php-sdk-create',
    "$mg = Mailgun::create('«key-{l32}»', 'https://api.eu.mailgun.net');\n$mg->messages()->send('mg.kestrel.io', $params);",
  ],
  ['mailgun-key-mg-prefixed-env', 'MG_API_KEY=«key-{l32}»\nMG_DOMAIN=mg.kestrel.io'],
  ['mapbox-temporary-token-js-kiosk', "// short-lived token minted for the lobby kiosk\nmapboxgl.accessToken = '«tk.eyJ1{a60}.{a22}»';"],
  [
    'msteams-webhook-curl-post',
    'curl -H "Content-Type: application/json" -d \'{"text": "nightly backup finished"}\' «https://outlook.office.com/webhook/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'azure-storage-connection-multiline',
    'DefaultEndpointsProtocol=https;AccountName=kestrelmedia;\nAccountKey=«{b86}==»;\nBlobEndpoint=https://kestrelmedia.blob.core.windows.net/;',
  ],
  [
    'azure-storage-connection-functions-local-settings',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=kestrelfuncs{d2};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "python"\n  }\n}',
  ],
  [
    'azure-servicebus-connection-appsettings-json',
    '"ServiceBus": {\n  "ConnectionString": "Endpoint=sb://kestrel-orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b43}=»",\n  "QueueName": "order-events"\n}',
  ],
  [
    'azure-eventhub-connection-python-from-string',
    'producer = EventHubProducerClient.from_connection_string(\n    "Endpoint=sb://kestrel-telemetry.servicebus.windows.net/;SharedAccessKeyName=send-only;SharedAccessKey=«{b43}=»;EntityPath=device-readings"\n)',
  ],
  [
    'azure-app-configuration-csharp-const',
    'private const string AppConfigConnection = "Endpoint=https://kestrel-flags.azconfig.io;Id={a4}-l0-s0:{a20};Secret=«{b43}=»";',
  ],
  ['azure-devops-pat-python-ado-pat', 'if __name__ == "__main__":\n    ado_pat = "«{l52}»"\n    run_pipeline("kestrel/billing", ado_pat)'],
  ['azure-devops-pat-pat-token-const', 'ORG_URL = "https://dev.azure.com/kestrel"\nPAT_TOKEN = \'«{l52}»\''],
  [
    'gradle-maven-credentials-block-single-quoted',
    "repositories {\n    maven {\n        url \"https://nexus.kestrel.io/repository/maven-releases/\"\n        credentials {\n            username 'ci-publisher'\n            password '«{a20}»'\n        }\n    }\n}",
  ],
  [
    'gradle-credentials-block-line-comments',
    'credentials {\n    // service account for the artifact mirror\n    username "mirror-bot"\n    // rotated every quarter\n    password "«{a18}»"\n}',
  ],
  [
    'django-insecure-secret-startproject-settings',
    "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '«django-insecure-{l10}^{l6}!{l8}(+={l6}@{l8}»'\n\n# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = True",
  ],
  [
    'atlassian-api-token-laravel-env-default',
    "'jira' => [\n    'host' => env('JIRA_HOST', 'https://kestrel.atlassian.net'),\n    'user' => env('JIRA_USER', 'release-bot@kestrel.io'),\n    'token' => env('JIRA_API_TOKEN', '«ATATT3xFfGF0{B170}={H8}»'),\n],",
  ],
  [
    'atlassian-api-token-curl-basic-user',
    'curl -s -u dana.ortiz@kestrel.io:«ATATT3xFfGF0{B170}={H8}» -H "Accept: application/json" https://kestrel.atlassian.net/rest/api/3/myself',
  ],
  [
    'auth0-nextjs-env-local-secret-and-client-secret',
    "AUTH0_SECRET='«{h64}»'\nAUTH0_BASE_URL='http://localhost:3000'\nAUTH0_ISSUER_BASE_URL='https://dev-{l16}.eu.auth0.com'\nAUTH0_CLIENT_ID='{a32}'\nAUTH0_CLIENT_SECRET='«{B64}»'",
  ],
  [
    'auth0-flask-export-block',
    "export AUTH0_DOMAIN='kestrel-prod.eu.auth0.com'\nexport ALGORITHMS='RS256'\nexport API_AUDIENCE='https://api.kestrel.io'\nexport AUTH0_CLIENT_ID='{a32}'\nexport AUTH0_CLIENT_SECRET='«{B64}»'",
  ],
  ['kubernetes-bootstrap-token-create-output', '$ kubeadm token create --ttl 2h\n«{l6}.{l16}»'],
  [
    'kubernetes-bootstrap-token-kubeadm-init-config',
    'apiVersion: kubeadm.k8s.io/v1beta3\nkind: InitConfiguration\nbootstrapTokens:\n- token: "«{l6}.{l16}»"\n  ttl: "24h"\n  usages: ["signing", "authentication"]',
  ],
  ['generic-unquoted-user-password-ini-section', '[relay]\nhost = smtp.kestrel.internal\nuser = relay-bot\npassword = «{a10}%{a6}»'],
  [
    'generic-quoted-username-password-comment-lines',
    "USERNAME = 'etl_service'\n# rotated 2024-03, see runbook\n# keep out of logs\nPASSWORD = '«{a12}!»'",
  ],
  [
    'generic-password-go-short-assign',
    'dbUser := "orders_rw"\ndbPassword := "«{a16}»"\ndsn := fmt.Sprintf("%s:%s@tcp(db:3306)/orders", dbUser, dbPassword)',
  ],
  [
    'generic-password-php-array-single-quoted',
    "$config['db'] = [\n    'host'     => 'db.kestrel.internal',\n    'username' => 'shop',\n    'password' => '«{a14}»',\n];",
  ],
  ['generic-password-csharp-const', 'internal static class Smtp\n{\n    private const string SmtpPassword = "«{a12}»";\n}'],
  ['generic-password-json-nested-appsettings', '"Smtp": {\n  "Host": "smtp.kestrel.io",\n  "User": "alerts",\n  "Password": "«{a16}»"\n}'],
  [
    'generic-dotnet-appsettings-secret-key',
    '<appSettings>\n  <add key="ReportingApiUrl" value="https://reports.kestrel.io/api" />\n  <add key="ReportingApiSecret" value="«{a24}»" />\n</appSettings>',
  ],
  ['generic-apikey-java-properties', 'geocoder.endpoint = https://geo.kestrel.io/v2\ngeocoder.apikey = «{l32}»'],
  ['generic-secret-java-static-final', 'public final class Webhooks {\n    private static final String HMAC_SECRET = "«{l48}»";\n}'],
  [
    'generic-directoryentry-csharp-ldap',
    'using (var entry = new DirectoryEntry("LDAP://dc01.corp.kestrel.io/OU=Staff,DC=corp,DC=kestrel,DC=io",\n                                       "CORP\\\\svc_ldap",\n                                       "«{a14}»",\n                                       AuthenticationTypes.Secure))',
  ],
  [
    'http-basic-nginx-proxy-set-header',
    'location /upstream/ {\n    proxy_pass https://legacy.kestrel.internal/;\n    proxy_set_header Authorization "Basic «{b32}»";\n}',
  ],
  ['http-bearer-python-requests-headers-dict', 'resp = requests.get(url, headers={"Authorization": "Bearer «{B43}»"}, timeout=10)'],
  [
    'github-client-secret-hex40-js-config',
    "export default {\n  githubClientId: 'Iv1.{h16}',\n  githubClientSecret: '«{h40}»',\n  callbackUrl: 'https://kestrel.io/auth/github/callback',\n}",
  ],
  [
    'google-maps-api-key-script-tag',
    '<script async src="https://maps.googleapis.com/maps/api/js?key=«AIza{B35}»&callback=initMap"></script>',
  ],
  [
    'google-api-key-android-manifest-meta-data',
    '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="«AIza{B35}»" />',
  ],
  [
    'google-oauth-client-id-and-unprefixed-secret-python',
    'CLIENT_ID = "{d12}-{l32}.apps.googleusercontent.com"\nCLIENT_SECRET = "«{a2}{B20}{a2}»"\nREDIRECT_URI = "http://localhost:8080/oauth2callback"',
  ],
  [
    'heroku-api-key-inline-env-container-release',
    'HEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}» heroku container:release web --app kestrel-api',
  ],
  [
    'mongodb-multi-host-replica-set-uri',
    'mongodb://svc_orders:«{a20}»@mongo-a.kestrel.internal:27017,mongo-b.kestrel.internal:27017,mongo-c.kestrel.internal:27017/orders?replicaSet=rs0&authSource=admin',
  ],
  [
    'postgres-redshift-uri-json-value',
    '"WAREHOUSE_URL": "postgres://etl_loader:«{a18}»@kestrel-dw.{l12}.eu-west-1.redshift.amazonaws.com:5439/analytics",',
  ],
  [
    'odbc-sqlserver-data-source-user-id',
    'var cs = "Data Source=10.40.2.17,1433;Network Library=DBMSSOCN;Initial Catalog=Billing;User ID=billing_app;Password=«{a16}»;";',
  ],
  [
    'odbc-vb-string-concat-password-space',
    'adoConn.Open("Provider=SQLOLEDB.1;User ID=report_reader; " & "Password =«{a14}»;Initial Catalog=Reports;Data Source=sql02;")',
  ],
  [
    'odbc-pyodbc-driver-uid-pwd',
    'conn = pyodbc.connect("DRIVER={ODBC Driver 18 for SQL Server};SERVER=sql01.kestrel.internal;DATABASE=ledger;UID=ledger_rw;PWD=«{a16}»;Encrypt=yes")',
  ],
  [
    'odbc-webconfig-connectionstring-attribute',
    '<add name="Fleet" connectionString="Server=sqlfleet01\\prod; Database=Fleet; User Id=fleet_web; password= «{a10}!{a4}»" providerName="System.Data.SqlClient" />',
  ],
  [
    'psexec-accepteula-domain-account-batch',
    'PsExec64.exe \\\\FS02 /accepteula -u CORP\\svc_patch -p «{a12}» -h -s cmd /c "wuauclt /detectnow"',
  ],
  ['psexec-python-os-system', "os.system(r'psexec \\\\10.20.4.15 -u CORP\\svc_deploy -p «{a12}» -d C:\\deploy\\agent.exe')"],
  ['vmware-connect-viserver-lowercase-null-assign', '$null = connect-viserver esx03.lab.internal -user root -password «{a12}»'],
  [
    'vmware-connect-viserver-protocol-force',
    'Connect-VIServer -Server vcsa01.lab.internal -Protocol https -User svc-ansible@vsphere.local -Password «{a10}#{d2}» -Force',
  ],
  ['react-app-mailer-pass-commented-dotenv', 'REACT_APP_MAILER_USER=alerts@kestrel.io\nREACT_APP_MAILER_PASS=«{a14}» # smtp relay login'],
  ['react-app-demo-password-double-quoted', 'REACT_APP_API_URL="https://api.kestrel.io"\nREACT_APP_DEMO_PASSWORD="«{a12}»"'],
  [
    'sauce-access-key-travis-env-global',
    'env:\n  global:\n    - SAUCE_USERNAME=kestrel-ci\n    - SAUCE_ACCESS_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'sauce-access-key-wdio-config-fallback',
    "exports.config = {\n  user: process.env.SAUCE_USERNAME || 'kestrel-ci',\n  key: process.env.SAUCE_ACCESS_KEY || '«{h8}-{h4}-{h4}-{h4}-{h12}»',\n  region: 'eu',\n}",
  ],
  [
    'sonarqube-login-gradle-property',
    'sonarqube {\n    properties {\n        property "sonar.projectKey", "kestrel_billing"\n        property "sonar.login", "«{h40}»"\n    }\n}',
  ],
  [
    'sonarqube-login-dotnet-scanner-begin',
    'dotnet sonarscanner begin /k:"kestrel-api" /d:sonar.host.url="https://sonar.kestrel.io" /d:sonar.login="«{h40}»"',
  ],
  ['stackhawk-api-key-gha-with', '- name: HawkScan\n  uses: stackhawk/hawkscan-action@v2\n  with:\n    apiKey: «hawk.{B20}.{B19}{a1}»'],
  ['particle-token-url-last-d-flag', 'curl -d access_token=«{h40}» \\\n  https://api.particle.io/v1/devices/kestrel-gate-01/unlock'],
  [
    'particle-token-eventsource-query-url',
    'const events = new EventSource("https://api.particle.io/v1/events/door-open?access_token=«{h40}»");',
  ],
  [
    'postmark-server-token-fetch-header',
    'await fetch("https://api.postmarkapp.com/email", {\n  method: "POST",\n  headers: {\n    Accept: "application/json",\n    "Content-Type": "application/json",\n    "X-Postmark-Server-Token": "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n  },\n  body: JSON.stringify(message),\n});',
  ],
  ['jenkins-api-token-csharp-const', '// CI trigger for the nightly job\nprivate const string JenkinsApiToken = "«11{h32}»";'],
  [
    'jenkins-api-token-python-passwd-var',
    "jenkins_user = 'deploy'\njenkins_passwd = '«11{h32}»'   # api token for the deploy user\njenkins_url = 'https://ci.kestrel.io'",
  ],
  ['okta-client-token-spring-properties', 'okta.client.orgUrl=https://kestrel.okta.com\nokta.client.token=«00{B39}{a1}»'],
  [
    'dynatrace-oneagent-installer-api-token-header',
    'wget -O Dynatrace-OneAgent-Linux.sh "https://{l8}.live.dynatrace.com/api/v1/deployment/installer/agent/unix/default/latest?arch=x86" --header="Authorization: Api-Token «dt0c01.{u24}.{u64}»"',
  ],
  [
    'dynatrace-operator-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: dynakube\n  namespace: dynatrace\ntype: Opaque\nstringData:\n  apiToken: «dt0c01.{u24}.{u64}»\n  dataIngestToken: «dt0c01.{u24}.{u64}»',
  ],
  ['dependency-track-odt-key-alone', '«odt_{a32}»'],
  ['vault-legacy-recovery-token-r-dot-export', 'export VAULT_RECOVERY_TOKEN=«r.{a24}»'],
  [
    'codeclimate-reporter-id-gitlab-ci-variables',
    'variables:\n  CC_TEST_REPORTER_ID: «{h64}»\nafter_script:\n  - ./cc-test-reporter after-build --exit-code $CI_JOB_STATUS',
  ],
  [
    'adafruit-io-key-python-client',
    "from Adafruit_IO import Client\naio = Client('kestrel_maker', '«aio_{a28}»')\naio.send_data('greenhouse.temperature', 21.4)",
  ],
  ['postman-api-key-pre-request-script', "pm.request.headers.add({ key: 'X-Api-Key', value: '«PMAK-{h24}-{h34}»' });"],
  [
    'pem-rsa-java-string-concat',
    'private static final String SIGNING_KEY =\n    "-----BEGIN RSA PRIVATE KEY-----\\n" +\n    "«MIIEpAIBAAKCAQEA{b48}»\\n" +\n    "«{b64}»\\n" +\n    "«{b64}»\\n" +\n    "«{b64}»\\n" +\n    "«{b64}»\\n" +\n    "«{b64}»\\n" +\n    "«{b40}»\\n" +\n    "-----END RSA PRIVATE KEY-----\\n";',
  ],
  [
    'pem-rsa-escaped-crlf-json-value',
    '{\n  "issuer": "kestrel-auth",\n  "signingKey": "-----BEGIN RSA PRIVATE KEY-----\\r\\n«MIIEowIBAAKCAQEA{b48}»\\r\\n«{b64}»\\r\\n«{b64}»\\r\\n«{b64}»\\r\\n«{b64}»\\r\\n«{b36}»\\r\\n-----END RSA PRIVATE KEY-----\\r\\n"\n}',
  ],
  [
    'pem-base64-ec-k8s-tls-secret',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: ingress-tls\ntype: kubernetes.io/tls\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUR{b200}\n  tls.key: «LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVF{b240}»',
  ],
  [
    'pem-openssh-ed25519-heredoc',
    "cat > ~/.ssh/id_ed25519 <<'KEY'\n-----BEGIN OPENSSH PRIVATE KEY-----\n«b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW{b2}»\n«{b70}»\n«{b70}»\n«{b70}»\n«{b24}»\n-----END OPENSSH PRIVATE KEY-----\nKEY\nchmod 600 ~/.ssh/id_ed25519",
  ],
  [
    'aws-secret-key-perl-fat-arrow',
    "my $s3 = Net::Amazon::S3->new(\n    aws_access_key_id     => '«AKIA{u16}»',\n    aws_secret_access_key => '«{b39}{a1}»',\n    retry                 => 1,\n);",
  ],
  [
    'okta-ssws-powershell-headers-hashtable',
    '$headers = @{\n    Accept        = "application/json"\n    Authorization = "SSWS «00{B39}{a1}»"\n}\nInvoke-RestMethod -Uri "https://kestrel.okta.com/api/v1/users?limit=200" -Headers $headers',
  ],
  [
    'postgres-uri-query-params-worker',
    'WORKER_DB=postgresql://queue_worker:«{a16}»@pg-queue.kestrel.internal/jobs?connect_timeout=10&application_name=worker',
  ],
  ['newrelic-user-key-powershell-param', "PS> Get-NR1Catalog -PersonalAPIKey '«NRAK-{u27}»'"],
  [
    'slack-user-token-api-url-query',
    'url := "https://slack.com/api/conversations.history?token=«xoxp-{d12}-{d12}-{d12}-{h32}»&channel=C0{u9}&limit=50"',
  ],
  [
    'generic-password-ansible-vars-double-quoted',
    '# group_vars/mail.yml\nsmtp_host: "smtp.kestrel.internal"\nsmtp_user: "relay"\nsmtp_password: "«{a18}»"',
  ],
  [
    'generic-password-perl-fat-arrow-double-quoted',
    "my %db = (\n    dsn      => 'dbi:Pg:dbname=reports;host=pg01',\n    user     => 'reporting',\n    password => \"«{a14}»\",\n);",
  ],
  ['generic-username-password-env-unquoted-shell', 'user=backup_agent\npassword=«{a8}@{a6}»\nrsync -az /srv/data "$user@nas01:/backups/"'],
  [
    'generic-prose-default-password-router-ui',
    "Router admin UI: the default password is '«{a10}»' until first login; change it in System > Users.",
  ],
  [
    'generic-networkcredential-vbnet-ftp',
    'Dim request As FtpWebRequest = CType(WebRequest.Create("ftp://files.kestrel.internal/drop/"), FtpWebRequest)\nrequest.Credentials = New NetworkCredential("svc_ftp", "«{a14}»")',
  ],
  ['http-basic-authorization-java-header', 'conn.setRequestProperty("Authorization", "Basic «{b40}»");'],
  [
    'mongodb-srv-uri-spring-data-yaml',
    'spring:\n  data:\n    mongodb:\n      uri: "mongodb+srv://catalog_svc:«{a20}»@catalog.{l5}.mongodb.net/catalog?retryWrites=true&w=majority"',
  ],
  ['netrc-machine-login-password-multiline-fenced', '```\nmachine artifacts.kestrel.io\n  login ci-bot\n  password «{a24}»\n```'],
  [
    'azure-storage-connection-java-string-concat',
    'String conn = "DefaultEndpointsProtocol=https;AccountName=kestrelarchive;" + "AccountKey=«{b86}==»;EndpointSuffix=core.windows.net";',
  ],
];

export const BLIND35_NEGATIVES: readonly (readonly [string, string])[] = [
  ['stand-in', 'aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE --profile docs-demo'],
  ['stand-in', 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY   # value from the AWS docs, not a live key'],
  [
    'reference',
    'export AWS_SECRET_ACCESS_KEY="${{ secrets.AWS_SECRET_ACCESS_KEY }}"\nexport AWS_SESSION_TOKEN="${{ steps.creds.outputs.session-token }}"',
  ],
  [
    'other',
    '+-----------------------+----------------------+\n| ====================== | //////////////////// |\n+-----------------------+----------------------+',
  ],
  ['identifier', 'role_arn = "arn:aws:iam::{d12}:role/ci-deployer"'],
  ['identifier', '"KeyId": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}",'],
  ['identifier', 'curl -O https://kestrel-build-artifacts.s3.eu-west-1.amazonaws.com/releases/v2.3.1/app.tar.gz'],
  ['identifier', 'docker push {d12}.dkr.ecr.eu-central-1.amazonaws.com/kestrel/api:1.4.2'],
  ['identifier', 'gsutil cp dist/*.whl gs://kestrel-wheels/\n# index served from https://storage.googleapis.com/kestrel-wheels/index.html'],
  ['public', 'sops --encrypt --age age1{k58} secrets.yaml > secrets.enc.yaml'],
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner-04'],
  ['public', '[Peer]\nPublicKey = {b43}=\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.kestrel.io:51820'],
  ['identifier', '"client_id": "{d12}-{l32}.apps.googleusercontent.com",\n"redirect_uris": ["http://localhost:8080/oauth2callback"]'],
  ['identifier', 'SHOPIFY_STORE_DOMAIN=kestrel-outfitters.myshopify.com'],
  ['reference', "$mail->Password   = getenv('SMTP_PASSWORD');   //SMTP password from the environment"],
  ['stand-in', "$mail->Username = 'user@yourdomain.com';\n$mail->Password = 'your_smtp_password';"],
  ['reference', 'curl -X POST https://thingsboard.cloud/api/v1/$ACCESS_TOKEN/telemetry -d @reading.json'],
  [
    'stand-in',
    '{"deviceName": "DEVICE_NAME", "provisionDeviceKey": "PUT_PROVISION_KEY_HERE", "provisionDeviceSecret": "PUT_PROVISION_SECRET_HERE"}',
  ],
  ['reference', 'curl "https://blynk.cloud/external/api/get?token=${BLYNK_AUTH_TOKEN}&V1"'],
  ['masked', '  license_key: ****************************************NRAL'],
  ['reference', '  license_key: \'<%= ENV["NEW_RELIC_LICENSE_KEY"] %>\''],
  ['stand-in', ' --set newrelic-pixie.apiKey=<PIXIE_API_KEY> --set pixie-chart.deployKey=<PIXIE_DEPLOY_KEY> `'],
  ['stand-in', 'ffmpeg -re -i input.mp4 -c copy -f flv "rtmp://live.twitch.tv/app/{stream_key}"'],
  ['masked', 'Your stream key looks like live_{d9}_•••••••••••••••••••••••••••••• (click Show to reveal it).'],
  ['stand-in', '[Interface]\nPrivateKey = <client-private-key>\nAddress = 10.8.0.5/32'],
  ['reference', 'var conn = $"DefaultEndpointsProtocol=https;AccountName={account};AccountKey={key};EndpointSuffix=core.windows.net";'],
  ['masked', 'AccountName=kestrelmedia;AccountKey=***;EndpointSuffix=core.windows.net'],
  ['stand-in', 'az appconfig kv list --connection-string "Endpoint=https://kestrel-flags.azconfig.io;Id=<id>;Secret=<secret>"'],
  [
    'identifier',
    'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://northeurope-2.in.applicationinsights.azure.com/',
  ],
  ['reference', 'credentials {\n    username = System.getenv("MAVEN_USER")\n    password = System.getenv("MAVEN_TOKEN")\n}'],
  ['reference', "credentials {\n    username project.findProperty('repoUser')\n    password project.findProperty('repoPassword')\n}"],
  ['reference', '# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = os.environ["DJANGO_SECRET_KEY"]'],
  ['reference', "'token' => env('JIRA_API_TOKEN'),"],
  ['reference', 'AUTH0_CLIENT_ID=${AUTH0_CLIENT_ID}\nAUTH0_CLIENT_SECRET=${AUTH0_CLIENT_SECRET}'],
  ['stand-in', 'kubeadm join 10.0.0.10:6443 --token <token> --discovery-token-ca-cert-hash sha256:<hash>'],
  ['reference', 'psexec \\\\%TARGET% -u %ADMIN_USER% -p %ADMIN_PASS% cmd /c ipconfig /all'],
  ['reference', 'Connect-VIServer -Server $vcenter -Credential (Get-Credential -Message "vCenter login")'],
  ['reference', '  const smtpPass = process.env.REACT_APP_MAILER_PASS ?? "";'],
  ['identifier', 'REACT_APP_RESET_PASSWORD_URL=$REACT_APP_BASE_URL/account/reset-password'],
  ['reference', '/d:sonar.host.url=$(SONAR_HOST) /d:sonar.login=$(SONAR_TOKEN) \\'],
  [
    'hash-of-public',
    'sonarqube-scanner@^3.0.1:\n  resolved "https://registry.yarnpkg.com/sonarqube-scanner/-/sonarqube-scanner-3.0.1.tgz#{h40}"',
  ],
  [
    'prose',
    'Remote triggers need the Build Token Root plugin (https://plugins.jenkins.io/build-token-root/); the token itself lives in the job config, not in this repo.',
  ],
  ['identifier', '    dapiGetWorkspaceStatus (params?: {}): Promise<WorkspaceStatus>;'],
  ['identifier', 'b.removeEventListeners();r.attachHandlersFromConfig();s.addComponentsFromRegistry()'],
  ['reference', 'export VAULT_TOKEN="$(vault print token)"'],
  ['identifier', 'expect(eye.eyeball_count).to eq(2)'],
  ['hash-of-public', 'FROM node:20-alpine@sha256:{h64}'],
  ['identifier', 'Merged in commit {h40} (okta provider bump, no credential changes).'],
  ['identifier', 'x-request-id: {h8}-{h4}-4{h3}-a{h3}-{h12}'],
  ['reference', 'password = "${DB_PASSWORD}"'],
  ['masked', 'Authorization: Basic ****************'],
  ['stand-in', 'curl -H "Authorization: Bearer <token>" https://api.kestrel.io/v1/me'],
  ['identifier', 'mongodb://%2Ftmp%2Fmongodb-27017.sock/admin'],
  ['stand-in', 'DATABASE_URL=postgresql://user:password@localhost:5432/dbname'],
  ['identifier', 'postgresql:///orders?host=/var/run/postgresql&port=5433'],
  ['reference', 'var cs = $"Server={host};Database={db};User Id={user};Password={pwd};";'],
  ['identifier', 'def connect(self, host, user=None, password=None, port=5432):'],
  ['prose', 'The staging DB password is kept in 1Password under "pg-staging"; ask Priya for access.'],
  ['hash-of-public', '"integrity": "sha512-{b86}=="'],
  ['reference', 'HAWK_API_KEY: ${{ secrets.HAWK_API_KEY }}'],
  ['stand-in', "mapboxgl.accessToken = '<your access token here>';"],
  ['stand-in', 'https://outlook.office.com/webhook/<group-id>@<tenant-id>/IncomingWebhook/<hook-id>/<connector-id>'],
  ['prose', 'Dependency-Track keys begin with odt_ and are created under Administration > Access Management > Teams.'],
  ['identifier', 'channel=C0{U9} team=T0{U9} user=U0{U9}'],
  ['other', "echo -n 'hello world' | base64   # aGVsbG8gd29ybGQ="],
  ['reference', 'twilio api:core:messages:create --from "$TWILIO_FROM" --to "$ON_CALL_PHONE" --body "disk 91% on db01"'],
  ['identifier', 'heroku apps:info --app kestrel-api   # app id shown in https://dashboard.heroku.com/apps/kestrel-api/settings'],
  ['too-short', "rg -n 'dapi[0-9a-f]|ghp_|glpat-|xoxb-|AKIA' --hidden .   # prefixes we scan for before each release"],
  ['too-short', 'DATABRICKS_TOKEN=dapi\n# ^ value got cut off when the template was rendered; the job failed with 401'],
  ['too-short', 'NEW_RELIC_USER_KEY=NRAK-\nNEW_RELIC_ACCOUNT_ID={d7}'],
  ['other', 'okta_api_token: 000000000000000000000000000000000000000000'],
  ['stand-in', 'SLACK_BOT_TOKEN=xoxb-000000000000-0000000000000-XXXXXXXXXXXXXXXXXXXXXXXX'],
  [
    'identifier',
    'from huggingface_hub import hf_hub_download\npath = hf_hub_download(repo_id="kestrel/intent-classifier", filename="model.safetensors")',
  ],
  ['identifier', '<div class="sk-chase"><div class="sk-chase-dot"></div><div class="sk-chase-dot"></div></div>'],
  ['identifier', 'TELEGRAM_BOT_ID={d10}\nTELEGRAM_CHAT_ID=-100{d10}'],
  ['masked', 'Okta admin > API > Tokens shows only "00Ab…x9Zq" for the ci-sync token (created 2024-02-11).'],
];
