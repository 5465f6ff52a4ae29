/** A ninety-fifth held-out batch, written blind: credentials of regulated-industry integrations (HL7 engines, FHIR/SMART, EHR vendor apps, DICOM/PACS, lab and pharmacy clearinghouses, payments, open banking, ACH/SWIFT/EBICS, card vaults, KYC, market data, insurance, HSM/KMS) in configs, code, logs, runbooks and chat, with hard look-alikes (MRNs, NPIs, claim ids, test cards, documentation IBANs, FHIR ids, OIDs, public JWKS, fingerprints). */
export const BLIND95_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'mirth-channel-xml-database-reader-sqlserver-password',
    '<sourceConnector version="4.4.2">\n  <properties class="com.mirth.connect.connectors.jdbc.DatabaseReceiverProperties">\n    <driver>com.microsoft.sqlserver.jdbc.SQLServerDriver</driver>\n    <url>jdbc:sqlserver://ehr-sql01.stmarys.local:1433;databaseName=ADT_STAGE</url>\n    <username>svc_mirth_adt</username>\n    <password>«{a18}»</password>\n    <select>SELECT * FROM adt_outbound WHERE sent = 0</select>',
  ],
  [
    'mirth-sftp-file-writer-destination-password-xml',
    '<destinationConnector>\n  <name>LabCorp SFTP drop</name>\n  <properties class="com.mirth.connect.connectors.file.FileDispatcherProperties">\n    <scheme>SFTP</scheme>\n    <host>sftp.labvendor-hub.com/inbound/orm</host>\n    <username>stmarys_orm</username>\n    <password>«{a16}»</password>\n    <outputPattern>ORM_${message.messageId}.hl7</outputPattern>',
  ],
  [
    'mirth-properties-database-password-postgres',
    '# /opt/mirthconnect/conf/mirth.properties\ndatabase = postgres\ndatabase.url = jdbc:postgresql://mirthdb.int.healthnet.org:5432/mirthdb\ndatabase.username = mirth\ndatabase.password = «{a22}»\ndatabase.max-connections = 20',
  ],
  [
    'mirth-properties-keystore-storepass-keypass',
    'keystore.path = ${dir.appdata}/keystore.jks\nkeystore.storepass = «{a20}»\nkeystore.keypass = «{a20}»\nkeystore.type = JCEKS\nhttp.port = 8080\nhttps.port = 8443',
  ],
  [
    'mirth-mccommand-cli-admin-password-flag',
    '$ ./mccommand -a https://mirth-prod-02:8443 -u admin -p «{a14}» -s export_channels.txt\nConnected to Mirth Connect server @ https://mirth-prod-02:8443 (4.5.0)\nExported 37 channels to /backups/channels',
  ],
  [
    'mirth-javascript-transformer-dbconn-password',
    "// Destination transformer: look up PCP NPI from the provider directory\nvar dbConn = DatabaseConnectionFactory.createDatabaseConnection(\n  'oracle.jdbc.driver.OracleDriver',\n  'jdbc:oracle:thin:@provdir-db.hosp.local:1521/PROVDIR',\n  'MIRTH_RO',\n  '«{a16}»'\n);\nvar rs = dbConn.executeCachedQuery(\"SELECT npi FROM providers WHERE prov_id = '\" + msg['PV1']['PV1.7']['PV1.7.1'] + \"'\");",
  ],
  [
    'mirth-configuration-map-api-key-entry',
    '<map>\n  <entry>\n    <string>redox.api.secret</string>\n    <com.mirth.connect.util.ConfigurationProperty>\n      <value>«{a40}»</value>\n      <comment>Redox destination secret (prod)</comment>\n    </com.mirth.connect.util.ConfigurationProperty>\n  </entry>\n</map>',
  ],
  [
    'mirth-http-sender-basic-auth-password-xml',
    '<properties class="com.mirth.connect.connectors.http.HttpDispatcherProperties">\n  <host>https://hie.statehealthexchange.org/fhir/Bundle</host>\n  <useAuthentication>true</useAuthentication>\n  <authenticationType>Basic</authenticationType>\n  <username>stmarys-hie-feed</username>\n  <password>«{a24}»</password>',
  ],
  [
    'mirth-docker-compose-env-db-password-and-keystore',
    'services:\n  mc:\n    image: nextgenhealthcare/connect:4.5.0\n    environment:\n      - DATABASE=postgres\n      - DATABASE_URL=jdbc:postgresql://db:5432/mirthdb\n      - DATABASE_USERNAME=mirthdb\n      - DATABASE_PASSWORD=«{a20}»\n      - KEYSTORE_STOREPASS=«{a18}»\n      - KEYSTORE_KEYPASS=«{a18}»',
  ],
  [
    'mirth-server-log-jdbc-url-with-password',
    "ERROR 2024-06-05 03:14:22,918 [Database Reader Polling Thread on ORU_RESULTS (a1c9) < Source] com.mirth.connect.connectors.jdbc.DatabaseReceiver: Failed to connect to jdbc:sqlserver://lis-db02:1433;databaseName=LIS;user=mirth_lis;password=«{a15}»;encrypt=true\ncom.microsoft.sqlserver.jdbc.SQLServerException: Login failed for user 'mirth_lis'.",
  ],
  [
    'mirth-alert-teams-incoming-webhook-url',
    '// channel postprocessor: page the interface team when ADT queue backs up\nvar url = "«https://stmaryshealth.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}/V2{B43}»";\nvar payload = JSON.stringify({ text: "ADT_A08 queue depth > 500 on " + channelName });',
  ],
  [
    'mirth-channel-smtp-sender-password',
    '<properties class="com.mirth.connect.connectors.smtp.SmtpDispatcherProperties">\n  <smtpHost>smtp.office365.com</smtpHost>\n  <smtpPort>587</smtpPort>\n  <encryption>TLS</encryption>\n  <authentication>true</authentication>\n  <username>interfaces@stmaryshealth.org</username>\n  <password>«{a16}»</password>',
  ],
  [
    'mirth-chat-prose-sftp-creds-for-lab-results',
    "hey, the ORU inbound channel from Quest stopped picking up files since last night. it's an SFTP reader on sftp.questdiagnostics-hub.com port 22, user `stm_oru_in`, password `«{a14}»` — can you check if it's the host key or the creds?",
  ],
  [
    'mirth-dbconn-groovy-style-code-template',
    '// Code Template Library: getBillingConnection()\nfunction getBillingConnection() {\n  return DatabaseConnectionFactory.createDatabaseConnection(\n    "org.postgresql.Driver",\n    "jdbc:postgresql://billing-pg.internal:5432/charges?user=mirth_charge&password=«{a20}»&sslmode=require"\n  );\n}',
  ],
  [
    'cloverleaf-netconfig-fileset-ftp-password',
    'protocol lab_results_ftp {\n    { PROTOCOL {\n        { TYPE fileset }\n        { MODE ftp }\n        { FTPHOST ftp.reflab-partner.net }\n        { FTPUSER clv_results }\n        { FTPPASSWD «{a16}» }\n        { IBDIR /outbound/oru }\n    } }\n}',
  ],
  [
    'cloverleaf-tcl-proc-odbc-password',
    'proc tps_lookup_mrn { args } {\n    keylget args MODE mode\n    set dsn "EMPI_PROD"\n    set user "clv_empi"\n    set pass "«{a18}»"\n    set hdbc [odbc::connect $dsn $user $pass]\n    # ...\n}',
  ],
  [
    'cloverleaf-site-env-export-sftp-password',
    "# $HCIROOT/prod_adt/siteInfo env overrides\nexport HCISITE=prod_adt\nexport EPIC_BRIDGES_SFTP_USER=cl_adt_out\nexport EPIC_BRIDGES_SFTP_PASS='«{a20}»'\nexport HCITCLTRACE=0",
  ],
  [
    'rhapsody-comm-point-database-password-props',
    '# Rhapsody Database Communication Point (exported properties)\nConnectionString=jdbc:sqlserver://cdr-sql.hosp.local;databaseName=CDR\nUsername=rhap_cdr_writer\nPassword=«{a20}»\nPollingInterval=30000\nDriverClass=com.microsoft.sqlserver.jdbc.SQLServerDriver',
  ],
  [
    'rhapsody-rest-api-curl-basic-user-pass',
    '$ curl -sk -u rhapsody_api:«{a18}» \\\n    https://rhapsody-prod.hosp.local:8444/api/commpoints?state=ERROR | jq \'.[].name\'\n"ADT to PACS"\n"ORM from CPOE"',
  ],
  [
    'rhapsody-secure-property-keystore-password-chat',
    'Rhapsody 7.2 keeps throwing "Keystore was tampered with, or password was incorrect" on the HTTPS client comm point. The keystore is /rhapsody/local/certs/hie_client.p12 and the password I set in the Shared Properties is «{a16}». Is PKCS12 supported there or do I need JKS?',
  ],
  [
    'iguana-lua-net-sftp-put-password',
    "local function SendToPayer(Data, FileName)\n   net.sftp.put{\n      server='edi.clearinghouse-sftp.com',\n      username='hosp8821',\n      password='«{a16}»',\n      remote_path='/inbound/837/'..FileName,\n      data=Data, live=true\n   }\nend",
  ],
  [
    'iguana-config-email-smtp-password-xml',
    '<iguana_config>\n  <email_settings smtp_server="smtp.sendgrid.net" smtp_port="587" smtp_username="apikey"\n    smtp_password="«SG.{B22}.{B43}»" from_address="iguana@clinic-network.org"/>\n</iguana_config>',
  ],
  [
    'corepoint-action-list-http-bearer-token-log',
    '2024-06-04 22:10:03 [Corepoint] ActionList=Send_to_FHIR_Gateway Step=HTTP Post\n  Request Headers: Content-Type=application/fhir+json; Authorization=Bearer «{B64}»\n  Response: 201 Created Location=Patient/7f3c2d14-0b5e-4a4c-9f0e-2d6c3a9b1e77/_history/1',
  ],
  [
    'healthshare-ensemble-credentials-set-objectscript',
    'Set tCred = ##class(Ens.Config.Credentials).%New()\nSet tCred.SystemName = "PharmacyMLLP_SSL"\nSet tCred.Username = "hs_pharm"\nSet tCred.Password = "«{a18}»"\nSet tSC = tCred.%Save()',
  ],
  [
    'hl7-msh8-security-field-shared-token',
    'The RIS vendor wants a shared token in MSH-8 (Security) on every order. This is what our outbound ORM looks like now, is that field safe to log?\nMSH|^~\\&|CPOE|STMARYS|RADIS|IMAGING|20240605141502|«{a24}»|ORM^O01|MSG{d8}|P|2.5.1|||AL|NE\nPID|1||{d9}^^^STMARYS^MR||RUIZ^ELENA',
  ],
  [
    'mllp-tls-listener-java-keystore-password-args',
    'java -Djavax.net.ssl.keyStore=/etc/hl7/mllp-listener.p12 \\\n     -Djavax.net.ssl.keyStorePassword=«{a20}» \\\n     -Djavax.net.ssl.keyStoreType=PKCS12 \\\n     -jar hl7-mllp-gateway.jar --port 2575 --tls',
  ],
  [
    'hapi-fhir-application-yaml-datasource-password',
    'spring:\n  datasource:\n    url: jdbc:postgresql://fhir-db.prod.internal:5432/hapi\n    username: hapi_admin\n    password: «{a24}»\n    driverClassName: org.postgresql.Driver\nhapi:\n  fhir:\n    fhir_version: R4',
  ],
  [
    'smart-backend-services-jwk-private-rsa-d-p-q',
    '{\n  "keys": [\n    {\n      "kty": "RSA",\n      "kid": "bulk-export-2024-06",\n      "alg": "RS384",\n      "n": "{B342}",\n      "e": "AQAB",\n      "d": "«{B342}»",\n      "p": "«{B171}»",\n      "q": "«{B171}»"\n    }\n  ]\n}',
  ],
  [
    'smart-backend-services-jwk-ec-p384-d',
    '# private-jwks.json used to sign client_assertion for Epic backend services\n{"kty":"EC","crv":"P-384","kid":"{h16}","use":"sig","alg":"ES384","x":"{B64}","y":"{B64}","d":"«{B64}»"}',
  ],
  [
    'smart-backend-private-key-pem-signing-assertion-python',
    'import jwt, time, uuid\nPRIVATE_KEY = """«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b36}\n-----END RSA PRIVATE KEY-----»"""\nclaims = {"iss": CLIENT_ID, "sub": CLIENT_ID, "aud": TOKEN_URL, "jti": str(uuid.uuid4()), "exp": int(time.time()) + 300}\nassertion = jwt.encode(claims, PRIVATE_KEY, algorithm="RS384", headers={"kid": "k1"})',
  ],
  [
    'smart-confidential-app-client-secret-env',
    'SMART_ISS=https://fhir.hospital-ehr.org/api/FHIR/R4\nSMART_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nSMART_CLIENT_SECRET=«{b86}==»\nSMART_REDIRECT_URI=https://app.carepath.io/launch/callback\nSMART_SCOPES="launch openid fhirUser patient/*.read"',
  ],
  [
    'azure-api-for-fhir-client-credentials-powershell',
    '$tenantId = "{h8}-{h4}-{h4}-{h4}-{h12}"\n$clientId = "{h8}-{h4}-{h4}-{h4}-{h12}"\n$clientSecret = "«{a3}8Q~{B34}»"\n$body = @{ grant_type="client_credentials"; client_id=$clientId; client_secret=$clientSecret; resource="https://contoso-fhir.azurehealthcareapis.com" }\n$tok = Invoke-RestMethod -Method Post -Uri "https://login.microsoftonline.com/$tenantId/oauth2/token" -Body $body',
  ],
  [
    'gcp-healthcare-fhir-bearer-curl-ya29',
    'curl -X GET \\\n  -H "Authorization: Bearer «ya29.a0{B150}»" \\\n  "https://healthcare.googleapis.com/v1/projects/med-prod/locations/us-central1/datasets/clinical/fhirStores/r4/fhir/Patient?identifier=urn:oid:2.16.840.1.113883.4.1|"',
  ],
  [
    'medplum-client-credentials-typescript',
    "import { MedplumClient } from '@medplum/core';\nconst medplum = new MedplumClient({ baseUrl: 'https://api.medplum.com/' });\nawait medplum.startClientLogin(\n  '{h8}-{h4}-{h4}-{h4}-{h12}',\n  '«{h64}»'\n);",
  ],
  [
    'firely-server-appsettings-mongo-connection-password',
    '{\n  "SqlDbOptions": null,\n  "MongoDbOptions": {\n    "ConnectionString": "mongodb://vonk:«{a22}»@mongo-fhir-0.fhir.svc:27017/vonkdata?authSource=admin",\n    "EntryCollection": "vonkentries"\n  },\n  "License": { "LicenseFile": "firelyserver-license.json" }\n}',
  ],
  [
    'fhir-bulk-data-access-token-json-response',
    '< HTTP/1.1 200 OK\n< Content-Type: application/json\n{\n  "access_token": "«{B48}»",\n  "token_type": "bearer",\n  "expires_in": 300,\n  "scope": "system/Patient.read system/Observation.read"\n}',
  ],
  [
    'smart-launch-token-refresh-token-node-log',
    '[smart-client] token exchange ok patient=erXuFYUfucBZaryVksYEcMg3 encounter=eGmO0h.1.UQQ0 \n[smart-client] storing refresh_token=«{B64}» for user 4471 (expires 2024-09-03)',
  ],
  [
    'aws-healthlake-sigv4-python-secret-key',
    "session = boto3.Session(\n    aws_access_key_id='«AKIA{u16}»',\n    aws_secret_access_key='«{b40}»',\n    region_name='us-east-1',\n)\nhl = session.client('healthlake')\nprint(hl.describe_fhir_datastore(DatastoreId='{h32}'))",
  ],
  [
    'fhir-server-terraform-azure-ad-app-password',
    'resource "azuread_application_password" "fhir_loader" {\n  application_id = azuread_application.fhir_loader.id\n}\n\n# output from last apply (pasted from CI log):\n# fhir_loader_secret = "«{a3}8Q~{B34}»"',
  ],
  [
    'smart-client-secret-basic-auth-header-curl',
    'curl -s -X POST https://authorization.ehr-vendor.com/tenants/{h8}-{h4}-{h4}-{h4}-{h12}/protocols/oauth2/profiles/smart-v1/token \\\n  -H "Authorization: Basic «{b60}»" \\\n  -d "grant_type=authorization_code&code=$CODE&redirect_uri=https%3A%2F%2Fapp.carepath.io%2Fcb"',
  ],
  [
    'hapi-fhir-java-bearer-interceptor-static-token',
    'IGenericClient client = ctx.newRestfulGenericClient("https://fhir.payer-interop.net/r4");\n// TODO move to vault\nclient.registerInterceptor(new BearerTokenAuthInterceptor("«{a48}»"));\nBundle b = client.search().forResource(Coverage.class).returnBundle(Bundle.class).execute();',
  ],
  [
    'fhir-proxy-k8s-secret-stringdata-oauth-secret',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: fhir-proxy-oauth\n  namespace: interop\nstringData:\n  CLIENT_ID: fhir-proxy\n  CLIENT_SECRET: «{a32}»\n  ISSUER: https://keycloak.interop.svc/realms/fhir',
  ],
  [
    'epic-backend-app-private-key-pem-in-dotnet-config',
    '{\n  "Epic": {\n    "TokenUrl": "https://fhir.epic.com/interconnect-fhir-oauth/oauth2/token",\n    "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "PrivateKeyPem": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----»"\n  }\n}',
  ],
  [
    'epic-interconnect-basic-auth-emp-password-csharp',
    'var client = new HttpClient { BaseAddress = new Uri("https://interconnect.hospital.org/Interconnect-PRD-WEB/") };\nclient.DefaultRequestHeaders.Add("Epic-Client-ID", "{h8}-{h4}-{h4}-{h4}-{h12}");\nvar cred = Convert.ToBase64String(Encoding.ASCII.GetBytes("emp$INTERFACE_USR:«{a16}»"));\nclient.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", cred);',
  ],
  [
    'epic-client-secret-chat-prose',
    "Epic says our confidential app client secret got regenerated in the App Orchard/Showroom console. New one is «{b86}==» — I pasted it into the staging vault but the token endpoint still returns invalid_client. Non-prod client id hasn't changed.",
  ],
  [
    'cerner-system-account-client-secret-yaml',
    'oracle_health:\n  tenant: ec2458f2-1e24-41c8-b71b-0e701af7583d\n  token_url: https://authorization.cerner.com/tenants/ec2458f2-1e24-41c8-b71b-0e701af7583d/protocols/oauth2/profiles/smart-v1/token\n  system_account_client_id: {h8}-{h4}-{h4}-{h4}-{h12}\n  system_account_secret: «{l32}»',
  ],
  [
    'cerner-millennium-ccl-odbc-password-ini',
    '[MILL_ODBC]\nDriver=Oracle 19 ODBC driver\nServerName=P0783\nUserID=v500_readonly\nPassword=«{a16}»\n; used by nightly quality-measure extract',
  ],
  [
    'athenahealth-client-secret-python-requests',
    "resp = requests.post(\n    'https://api.platform.athenahealth.com/oauth2/v1/token',\n    auth=('0oa{a17}', '«{B40}»'),\n    data={'grant_type': 'client_credentials', 'scope': 'athena/service/Athenanet.MDP.*'},\n)\ntoken = resp.json()['access_token']",
  ],
  [
    'athenahealth-access-token-in-error-log',
    '2024-06-05T09:41:17Z WARN athena-sync practice=195900 GET /v1/195900/appointments/booked -> 401\n  headers={"Authorization": "Bearer «{a28}»", "Accept": "application/json"}\n  body={"error":"invalid_token"}',
  ],
  [
    'eclinicalworks-fhir-jwks-private-key-pem-file',
    '$ cat ecw-backend/keys/ecw_bulk_private.pem\n«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»\n$ openssl rsa -in ecw-backend/keys/ecw_bulk_private.pem -pubout > ecw_bulk_public.pem',
  ],
  [
    'veradigm-unity-svc-password-getoken-csharp',
    'var unity = new UnityServiceClient("https://tw181unityws.allscriptsclient.com/Unity/UnityService.svc/json");\nstring token = unity.GetToken("ACME-Health-Svc", "«{a20}»");\nvar result = unity.Magic("GetPatient", "jmedici", "ACME.HealthApp.Prod", patientId, token, "", "", "", "", "", "", null);',
  ],
  [
    'nextgen-enterprise-api-subscription-key-header',
    'curl https://nativeapi.nextgen.com/nge/prod/nge-api/api/persons?$filter=lastName%20eq%20%27Ruiz%27 \\\n  -H "x-ng-sitekey: «{h32}»" \\\n  -H "Ocp-Apim-Subscription-Key: «{h32}»"',
  ],
  [
    'drchrono-oauth-client-secret-django-settings',
    "DRCHRONO = {\n    'CLIENT_ID': '{a40}',\n    'CLIENT_SECRET': '«{a128}»',\n    'REDIRECT_URI': 'https://intake.clinicflow.app/drchrono/callback',\n}",
  ],
  [
    'elation-passport-client-secret-ruby',
    "ElationClient.configure do |c|\n  c.base_url      = 'https://app.elationemr.com/api/2.0'\n  c.client_id     = '{a40}'\n  c.client_secret = '«{a64}»'\nend",
  ],
  [
    'canvas-medical-client-secret-dotenv',
    'CANVAS_INSTANCE=clinicflow.canvasmedical.com\nCANVAS_CLIENT_ID={a40}\nCANVAS_CLIENT_SECRET=«{a128}»',
  ],
  [
    'redox-oauth-secret-and-source-id-node',
    "const redox = {\n  sourceId: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  apiKey: '{h8}-{h4}-{h4}-{h4}-{h12}',\n  secret: '«{a60}»',\n  authUrl: 'https://api.redoxengine.com/auth/authenticate',\n};",
  ],
  [
    'redox-destination-verification-token-webhook-config',
    '# Redox dashboard -> Destination "carepath-prod"\nEndpoint: https://hooks.carepath.io/redox/inbound\nVerification Token: «{a32}»\nEnvironment: production',
  ],
  [
    'health-gorilla-client-secret-and-private-key-go',
    'cfg := healthgorilla.Config{\n\tBaseURL:      "https://api.healthgorilla.com/fhir/R4",\n\tClientID:     "{a32}",\n\tClientSecret: "«{a48}»",\n\tUserID:       "https://www.healthgorilla.com/tenant/{d6}",\n}',
  ],
  [
    'oneup-health-client-secret-kotlin',
    'object OneUpConfig {\n    const val CLIENT_ID = "{h32}"\n    const val CLIENT_SECRET = "«{h32}»"\n    const val BASE = "https://api.1up.health"\n}',
  ],
  [
    'epic-mychart-integration-service-user-password-helm',
    'epicConnector:\n  fhirBase: https://epicproxy.hospital.org/FHIRProxy/api/FHIR/R4\n  serviceUser: EPIC_INTG_SVC\n  servicePassword: «{a18}»\n  nonProdClientId: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'meditech-expanse-api-client-secret-powershell-env',
    '[Environment]::SetEnvironmentVariable("MT_EXPANSE_CLIENT_ID", "greenfield-{l8}", "Machine")\n[Environment]::SetEnvironmentVariable("MT_EXPANSE_CLIENT_SECRET", "«{a44}»", "Machine")',
  ],
  [
    'orthanc-json-registered-users-and-peer-password',
    '{\n  "Name": "RADIOLOGY-ORTHANC",\n  "AuthenticationEnabled": true,\n  "RegisteredUsers": {\n    "radadmin": "«{a18}»",\n    "ohif": "«{a18}»"\n  },\n  "OrthancPeers": {\n    "dr-site": ["https://orthanc-dr.imaging.local/", "replicator", "«{a20}»"]\n  }\n}',
  ],
  [
    'orthanc-dicomweb-servers-basic-credentials',
    '"DicomWeb": {\n  "Enable": true,\n  "Root": "/dicom-web/",\n  "Servers": {\n    "google": [ "https://healthcare.googleapis.com/v1/projects/rad-prod/locations/us/datasets/img/dicomStores/main/dicomWeb/", "svc-orthanc", "«{a22}»" ]\n  }\n}',
  ],
  [
    'orthanc-postgresql-plugin-password-env',
    'ORTHANC__POSTGRESQL__HOST=pacs-pg.imaging.svc\nORTHANC__POSTGRESQL__DATABASE=orthanc\nORTHANC__POSTGRESQL__USERNAME=orthanc\nORTHANC__POSTGRESQL__PASSWORD=«{a24}»\nORTHANC__DICOM_AET=ORTHANC_MAIN',
  ],
  [
    'dcm4chee-docker-compose-ldap-and-db-passwords',
    '  ldap:\n    image: dcm4che/slapd-dcm4chee:2.6.6-32.0\n    environment:\n      LDAP_ROOTPASS: «{a16}»\n      LDAP_CONFIGPASS: «{a16}»\n  arc:\n    image: dcm4che/dcm4chee-arc-psql:5.32.0\n    environment:\n      POSTGRES_DB: pacsdb\n      POSTGRES_USER: pacs\n      POSTGRES_PASSWORD: «{a20}»\n      WILDFLY_CHOWN: /storage',
  ],
  [
    'dcm4chee-wildfly-admin-and-keystore-password',
    'WILDFLY_ADMIN_USER=admin\nWILDFLY_ADMIN_PASSWORD=«{a18}»\nKEYSTORE=/opt/wildfly/standalone/configuration/keystores/key.p12\nKEYSTORE_PASSWORD=«{a18}»\nTRUSTSTORE_PASSWORD=«{a18}»',
  ],
  [
    'dcm4chee-keycloak-client-secret-ui',
    'KEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD=«{a16}»\nUI_CLIENT_ID=dcm4chee-arc-ui\nARC_CLIENT_SECRET=«{a32}»\nAUTH_SERVER_URL=https://pacs-auth.imaging.local:8843',
  ],
  [
    'dicomweb-stow-rs-bearer-token-curl',
    'curl -X POST https://dicom-prod.dicom.azurehealthcareapis.com/v1/studies \\\n  -H "Authorization: Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJ{B120}.{B342}»" \\\n  -H "Content-Type: multipart/related; type=\\"application/dicom\\"" \\\n  --data-binary @study.multipart',
  ],
  [
    'ohif-viewer-app-config-oidc-client-secret-js',
    "window.config = {\n  routerBasename: '/',\n  oidc: [{\n    authority: 'https://auth.rad-viewer.org/realms/pacs',\n    client_id: 'ohif-viewer',\n    client_secret: '«{a32}»',\n    redirect_uri: '/callback',\n  }],\n};",
  ],
  [
    'pynetdicom-tls-context-key-password',
    "ssl_ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile='pacs-ca.pem')\nssl_ctx.load_cert_chain('modality.crt', keyfile='modality.key', password='«{a18}»')\nassoc = ae.associate('pacs.imaging.local', 2762, ae_title='DCM4CHEE', tls_args=(ssl_ctx, None))",
  ],
  [
    'pacs-vendor-service-account-chat-prose',
    'For the Sectra PACS migration the vendor gave us a service account for the WADO endpoint: user `mig_wado01`, pw «{a14}». They said it expires end of month. Can you wire it into the migration script?',
  ],
  [
    'orthanc-lua-http-post-auth-header',
    "function OnStableStudy(studyId, tags, metadata)\n  local headers = { ['Authorization'] = 'Token «{h40}»' }\n  HttpPost('https://ai-triage.radvendor.io/api/v2/studies', DumpJson({ id = studyId }), headers)\nend",
  ],
  [
    'google-dicom-service-account-json-private-key',
    '{\n  "type": "service_account",\n  "project_id": "rad-imaging-prod",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "dicom-uploader@rad-imaging-prod.iam.gserviceaccount.com"\n}',
  ],
  [
    'surescripts-soap-basic-auth-password-properties',
    'surescripts.endpoint=https://smr-staging.surescripts.net/erx/Acme/v6_1\nsurescripts.portal.account=ACME_ERX\nsurescripts.username=acme_erx_app\nsurescripts.password=«{a20}»\nsurescripts.client.cert=/etc/erx/ss-client.p12\nsurescripts.client.cert.password=«{a16}»',
  ],
  [
    'change-healthcare-optum-client-secret-curl',
    'curl -X POST https://apigw.changehealthcare.com/apip/auth/v2/token \\\n  -H "Content-Type: application/json" \\\n  -d \'{"client_id":"{a32}","client_secret":"«{a16}»","grant_type":"client_credentials"}\'',
  ],
  [
    'availity-client-secret-env-and-eligibility',
    'AVAILITY_TOKEN_URL=https://api.availity.com/availity/v1/token\nAVAILITY_CLIENT_ID={h32}\nAVAILITY_CLIENT_SECRET=«{a24}»\nAVAILITY_SCOPE=hipaa',
  ],
  [
    'availity-access-token-eligibility-log',
    "DEBUG eligibility.py:88 POST https://api.availity.com/availity/v1/coverages payerId=BCBSF memberId=XJH123456789 headers={'Authorization': 'Bearer «{a28}»'}",
  ],
  [
    'office-ally-sftp-837-upload-password-bash',
    "#!/bin/bash\n# nightly 837P batch to Office Ally\nexport SSHPASS='«{a16}»'\nsshpass -e sftp -oBatchMode=no acme_billing@ftp10.officeally.com <<EOF\nput /data/claims/837P_$(date +%Y%m%d).txt /inbound\nbye\nEOF",
  ],
  [
    'waystar-api-password-json-config',
    '{\n  "clearinghouse": "waystar",\n  "endpoint": "https://claimsapi.zirmed.com/1.0/ClaimSubmission",\n  "userId": "ACME8891",\n  "password": "«{a18}»",\n  "custId": 200318\n}',
  ],
  [
    'quest-quanum-hub-client-secret-java-props',
    'quest.hub.tokenUrl=https://certhubservices.quanum.com/hub-authorization-service/oauth2/token\nquest.hub.clientId=acme_lab_orders\nquest.hub.clientSecret=«{a32}»\nquest.hub.account=97524180',
  ],
  [
    'labcorp-link-sftp-private-key-passphrase-yaml',
    'lab_vendors:\n  labcorp:\n    host: sftp.labcorp-link.com\n    user: acme_results\n    key_path: /etc/lab/labcorp_ed25519\n    key_passphrase: «{a22}»',
  ],
  [
    'stedi-api-key-eligibility-typescript',
    "const res = await fetch('https://healthcare.us.stedi.com/2024-04-01/change/medicalnetwork/eligibility/v3', {\n  method: 'POST',\n  headers: { Authorization: 'Key «{a32}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify(req),\n});",
  ],
  [
    'pverify-client-secret-python-token',
    "PVERIFY = {\n    'token_url': 'https://api.pverify.com/Token',\n    'client_id': '{h8}-{h4}-{h4}-{h4}-{h12}',\n    'client_secret': '«{a36}»',\n}",
  ],
  [
    'ncpdp-pharmacy-switch-vpn-psk-and-password',
    '# Relay Health / pharmacy switch connectivity (from onboarding email)\nIPsec peer: 198.51.100.24\nIKE PSK: «{a24}»\nSwitch login: RX8842 / «{a12}»\nBIN 610279  PCN 9999  (test claims only)',
  ],
  [
    'dosespot-clinic-key-hmac-csharp',
    'private const string ClinicId = "1{d5}";\nprivate const string ClinicKey = "«{a32}»";\nprivate const string UserId = "2{d5}";\n// DoseSpot SSO: HMAC-SHA512 of (phrase + ClinicKey)',
  ],
  [
    'lis-hl7-tcp-gateway-admin-password-ini',
    '[gateway]\nlisten = 0.0.0.0:6661\nmode = mllp\n[admin]\nuser = sysmex_gw\npassword = «{a16}»\n[analyzer]\nmodel = XN-1000\nlis_host = lis01.lab.local',
  ],
  [
    'covermymeds-api-secret-ruby-env-fetch',
    'CoverMyMeds.configure do |c|\n  c.api_id     = ENV.fetch("CMM_API_ID", "{l20}")\n  c.api_secret = ENV.fetch("CMM_API_SECRET", "«{l32}»")\nend',
  ],
  [
    'adyen-api-key-java-client-live-endpoint',
    'Client client = new Client("«AQE{b60}=-{b43}=-{a16}»", Environment.LIVE, "{h16}-AcmeRetail");\nCheckout checkout = new Checkout(client);\nPaymentRequest req = new PaymentRequest().merchantAccount("AcmeRetailECOM");',
  ],
  [
    'adyen-hmac-key-webhook-validation-python',
    'ADYEN_MERCHANT_ACCOUNT = "AcmeRetailECOM"\nADYEN_HMAC_KEY = "«{H64}»"\n\ndef verify(notification_item):\n    return is_valid_hmac_notification(notification_item, ADYEN_HMAC_KEY)',
  ],
  [
    'adyen-api-key-dotenv-beside-client-key',
    'ADYEN_ENVIRONMENT=LIVE\nADYEN_CLIENT_KEY=live_{U32}\nADYEN_API_KEY=«AQE{b60}=-{b43}=-{a16}»\nADYEN_LIVE_PREFIX={h16}-AcmeRetail',
  ],
  [
    'adyen-webhook-basic-auth-password-nginx',
    'location /adyen/notifications {\n    auth_basic "adyen";\n    auth_basic_user_file /etc/nginx/adyen.htpasswd;\n}\n# Customer Area -> Webhooks -> Standard webhook -> Basic auth: user ws_notify_412, password «{a20}»',
  ],
  [
    'checkout-com-sandbox-secret-node-sdk',
    "import { Checkout } from 'checkout-sdk-node';\nconst cko = new Checkout('«sk_sbox_{k27}»', { pk: 'pk_sbox_{k27}' });\nconst payment = await cko.payments.request({ source: { type: 'token', token: 'tok_{k26}' }, currency: 'GBP', amount: 2599 });",
  ],
  [
    'checkout-com-oauth-access-key-secret-yaml',
    'checkout:\n  environment: production\n  oauth:\n    client_id: ack_{k26}\n    client_secret: «{B86}»\n    scopes: [gateway, vault, disputes]\n  processing_channel_id: pc_{k26}',
  ],
  [
    'checkout-com-webhook-signature-key-csharp',
    'services.Configure<CkoWebhookOptions>(o =>\n{\n    o.AuthorizationHeaderKey = "«{h8}-{h4}-{h4}-{h4}-{h12}»";\n    o.SignatureKey = "«{h8}-{h4}-{h4}-{h4}-{h12}»";\n});',
  ],
  [
    'braintree-private-key-php-configuration',
    "$gateway = new Braintree\\Gateway([\n    'environment' => 'production',\n    'merchantId' => '{l16}',\n    'publicKey' => '{l16}',\n    'privateKey' => '«{h32}»'\n]);",
  ],
  [
    'braintree-access-token-paypal-express-go',
    'bt := braintree.NewWithAccessToken("«access_token$production${l16}${h32}»")\ntx, err := bt.Transaction().Create(ctx, &braintree.TransactionRequest{Type: "sale", Amount: braintree.NewDecimal(4999, 2)})',
  ],
  [
    'worldpay-wpg-xml-merchant-password-curl',
    'curl -u ACMEECOMGBP:«{a16}» \\\n  -H "Content-Type: text/xml" \\\n  --data @order.xml https://secure.worldpay.com/jsp/merchant/xml/paymentService.jsp',
  ],
  [
    'worldpay-access-api-basic-credentials-env',
    'WORLDPAY_ACCESS_URL=https://access.worldpay.com\nWORLDPAY_ENTITY=PO4{d7}\nWORLDPAY_USERNAME={a16}\nWORLDPAY_PASSWORD=«{a24}»',
  ],
  [
    'worldpay-vantiv-cnp-authentication-xml',
    '<cnpOnlineRequest version="12.28" xmlns="http://www.vantivcnp.com/schema" merchantId="1{d6}">\n  <authentication>\n    <user>ACMERTL</user>\n    <password>«{a14}»</password>\n  </authentication>\n  <authorization id="ord-88121" reportGroup="web">',
  ],
  [
    'stripe-connect-restricted-key-terraform-var',
    'variable "stripe_platform_restricted_key" {\n  type      = string\n  sensitive = true\n  default   = "«rk_live_{a99}»"\n}',
  ],
  [
    'stripe-connect-webhook-signing-secret-ruby',
    "Stripe.api_key = ENV.fetch('STRIPE_SECRET_KEY')\nCONNECT_ENDPOINT_SECRET = '«whsec_{a32}»'\nevent = Stripe::Webhook.construct_event(payload, sig_header, CONNECT_ENDPOINT_SECRET)\n# event.account => acct_1{a15}",
  ],
  [
    'plaid-processor-token-dwolla-python',
    "# processor token from /processor/token/create, handed to Dwolla\nfunding_source = dwolla.post(f'customers/{customer_id}/funding-sources', {\n    'plaidToken': '«processor-production-{h8}-{h4}-{h4}-{h4}-{h12}»',\n    'name': 'Operating checking',\n})",
  ],
  [
    'plaid-access-token-and-secret-node-item-get',
    "const client = new PlaidApi(new Configuration({\n  basePath: PlaidEnvironments.production,\n  baseOptions: { headers: { 'PLAID-CLIENT-ID': '{h24}', 'PLAID-SECRET': '«{h30}»' } },\n}));\nconst item = await client.itemGet({ access_token: '«access-production-{h8}-{h4}-{h4}-{h4}-{h12}»' });",
  ],
  [
    'plaid-processor-token-log-line',
    '2024-06-05T12:01:44.221Z info ach-onboarding created processor token for item_id={a37} account_id={a37} token=«processor-production-{h8}-{h4}-{h4}-{h4}-{h12}» partner=modern_treasury',
  ],
  ['spreedly-access-secret-basic-auth-curl', 'curl https://core.spreedly.com/v1/gateways.json \\\n  -u "{a26}:«{a50}»"'],
  [
    'authorize-net-signature-key-webhook-node',
    "const ANET_SIGNATURE_KEY = '«{H128}»';\nconst hash = crypto.createHmac('sha512', Buffer.from(ANET_SIGNATURE_KEY, 'hex')).update(rawBody).digest('hex').toUpperCase();\nif (`SHA512=${hash}` !== req.header('X-ANET-Signature')) return res.sendStatus(401);",
  ],
  [
    'cybersource-rest-shared-secret-properties',
    'cybs.runEnvironment=api.cybersource.com\ncybs.merchantID=acme_retail_001\ncybs.authenticationType=http_signature\ncybs.merchantKeyId={h8}-{h4}-{h4}-{h4}-{h12}\ncybs.merchantsecretKey=«{b43}=»',
  ],
  [
    'paypal-payflow-nvp-pwd-in-request-log',
    'POST https://payflowpro.paypal.com\nTRXTYPE=S&TENDER=C&PARTNER=PayPal&VENDOR=acmeretail&USER=acmeapi&PWD=«{a16}»&ACCT=4111111111111111&EXPDATE=1230&AMT=12.00',
  ],
  [
    'square-production-access-token-kotlin',
    'val client = SquareClient.builder()\n    .environment(Environment.PRODUCTION)\n    .token("«EAAA{B60}»")\n    .build()',
  ],
  [
    'fiserv-carat-api-secret-java',
    'private static final String API_KEY = "{a32}";\nprivate static final String API_SECRET = "«{a43}»";\n// Fiserv Commerce Hub: Message-Signature = HmacSHA256(apiKey + clientRequestId + timestamp + body, API_SECRET)',
  ],
  [
    'nmi-security-key-php-direct-post',
    "$fields = [\n  'security_key' => '«{a32}»',\n  'type' => 'sale',\n  'amount' => '19.99',\n  'payment_token' => $_POST['payment_token'],\n];\n$ch = curl_init('https://secure.nmi.com/api/transact.php');",
  ],
  [
    'marqeta-admin-access-token-basic-python',
    "MQ_BASE = 'https://acme.marqeta.com/v3'\nsession.auth = ('{h8}-{h4}-{h4}-{h4}-{h12}', '«{h8}-{h4}-{h4}-{h4}-{h12}»')  # application token, admin access token\nsession.get(f'{MQ_BASE}/cardproducts')",
  ],
  [
    'modern-treasury-api-key-ruby',
    'ModernTreasury::Client.new(\n  organization_id: "{h8}-{h4}-{h4}-{h4}-{h12}",\n  api_key: "«live-{a64}»"\n)',
  ],
  [
    'psd2-qwac-transport-key-pem-in-helm-values',
    'openBanking:\n  aspsp: https://api.bank-sandbox.eu/psd2/v1\n  tppId: PSDES-BDE-3DFD21\n  transportCert: |\n    -----BEGIN CERTIFICATE-----\n    MIIFdTCCBF2gAwIBAgIQ{b44}\n    -----END CERTIFICATE-----\n  transportKey: |\n    «-----BEGIN RSA PRIVATE KEY-----\n    MIIEpAIBAAKCAQEA{b48}\n    {b64}\n    {b64}\n    {b64}\n    {b64}\n    {b36}\n    -----END RSA PRIVATE KEY-----»',
  ],
  [
    'obie-signing-key-passphrase-and-client-secret',
    'OB_SOFTWARE_STATEMENT_ID={a22}\nOB_SIGNING_KID={a27}\nOB_SIGNING_KEY_PATH=/secrets/obsigning.key\nOB_SIGNING_KEY_PASSPHRASE=«{a24}»\nOB_CLIENT_SECRET=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'tink-client-secret-java-builder',
    'TinkClient tink = TinkClient.builder()\n    .clientId("{h32}")\n    .clientSecret("«{h32}»")\n    .market("SE")\n    .build();',
  ],
  [
    'gocardless-bank-account-data-secret-key-python',
    "client = NordigenClient(\n    secret_id='{h8}-{h4}-{h4}-{h4}-{h12}',\n    secret_key='«{h128}»',\n)\ntoken = client.generate_token()",
  ],
  [
    'yapily-application-secret-basic-curl',
    'curl -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  https://api.yapily.com/institutions?country=GB',
  ],
  [
    'truelayer-signing-private-key-env-multiline',
    'TRUELAYER_CLIENT_ID=acmepay-{l6}\nTRUELAYER_SIGNING_KEY_ID={h8}-{h4}-{h4}-{h4}-{h12}\nTRUELAYER_SIGNING_PRIVATE_KEY="«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b43}oAoGCCqGSM49\nAwEHoUQDQgAE{b52}\n{b40}==\n-----END EC PRIVATE KEY-----»"',
  ],
  [
    'berlin-group-consent-psu-bearer-log',
    '[xs2a] GET /v1/accounts?withBalance=true Consent-ID=VOG-{d10} PSU-IP-Address=203.0.113.7\n[xs2a]   Authorization: Bearer «{B64}»\n[xs2a] <- 200 accounts=2 X-Request-ID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'salt-edge-app-secret-headers-ruby',
    'headers = {\n  "App-id"  => "{B43}",\n  "Secret"  => "«{B43}»",\n  "Accept"  => "application/json"\n}\nRestClient.get("https://www.saltedge.com/api/v5/connections?customer_id=2{d8}", headers)',
  ],
  [
    'token-io-member-private-key-json',
    '{\n  "memberId": "m:{a28}:5zKtXEAq",\n  "keyId": "{a16}",\n  "algorithm": "ED25519",\n  "privateKey": "«{B43}»",\n  "publicKey": "{B43}"\n}',
  ],
  [
    'psd2-client-cert-p12-password-openssl-cmd',
    '$ openssl pkcs12 -in qwac_acmepay_2024.p12 -nocerts -nodes -passin pass:«{a20}» | openssl rsa -check -noout\nRSA key ok',
  ],
  [
    'open-banking-brasil-client-secret-dotnet-user-secrets',
    '$ dotnet user-secrets set "OpenFinance:ClientSecret" "«{B43}»"\nSuccessfully saved OpenFinance:ClientSecret = ... to the secret store.\n$ dotnet user-secrets set "OpenFinance:OrganisationId" "{h8}-{h4}-{h4}-{h4}-{h12}"',
  ],
  [
    'enablebanking-application-private-key-path-and-inline',
    'import jwt\nAPP_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nPRIVATE_KEY = """«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»"""\ntoken = jwt.encode({"iss": "enablebanking.com", "aud": "api.enablebanking.com"}, PRIVATE_KEY, algorithm="RS256", headers={"kid": APP_ID})',
  ],
  [
    'nacha-bank-sftp-password-python-paramiko',
    "transport = paramiko.Transport(('sftp.treasury-bank.com', 22))\ntransport.connect(username='ACMECORP_ACH', password='«{a18}»')\nsftp = paramiko.SFTPClient.from_transport(transport)\nsftp.put(f'/out/ach/PPD_{batch_date}.ach', f'/incoming/ach/PPD_{batch_date}.ach')",
  ],
  [
    'ach-pgp-passphrase-gpg-batch-bash',
    "gpg --batch --yes --pinentry-mode loopback \\\n    --passphrase '«{a24}»' \\\n    --local-user treasury-ops@acmecorp.com \\\n    --encrypt --sign -r bank-ach@treasury-bank.com payroll_20240607.ach",
  ],
  [
    'ach-sftp-credentials-airflow-connection-uri',
    "airflow connections add bank_ach_sftp \\\n  --conn-uri 'sftp://ACMECORP_ACH:«{a18}»@sftp.treasury-bank.com:22/?key_file=%2Fopt%2Fairflow%2Fkeys%2Fach_rsa&no_host_key_check=false'",
  ],
  [
    'ach-sftp-ssh-private-key-openssh-k8s-secret',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: bank-ach-sftp\nstringData:\n  username: ACMECORP_ACH\n  id_ed25519: |\n    «-----BEGIN OPENSSH PRIVATE KEY-----\n    b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n    QyNTUxOQAAACA{b46}\n    {b70}\n    {b70}\n    {b24}==\n    -----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'swift-alliance-lau-key-halves-runbook',
    '## Alliance Access <-> middleware LAU key rotation (Q3)\n1. Left half (custodian A): «{a16}»\n2. Right half (custodian B): «{a16}»\n3. Enter both in Alliance Access > Message Partner "MQHA_ERP" > LAU\n4. Restart the MQ adapter and confirm MT940 flow',
  ],
  [
    'swift-api-consumer-key-secret-gpi-tracker',
    'SWIFT_API_BASE=https://sandbox.swift.com/swift-apitracker/v5\nSWIFT_CONSUMER_KEY={a32}\nSWIFT_CONSUMER_SECRET=«{a16}»\nSWIFT_CERT_PASSWORD=«{a18}»\nSWIFT_BIC=ACMEGB2LXXX',
  ],
  [
    'swift-alliance-gateway-hsm-pin-in-script',
    '# SAG 7.7 - reconnect HSM after patch\n/Alliance/Gateway/bin/sag_system -- hsm login --partition swiftnet-prod --user co --pin «{a16}»\n/Alliance/Gateway/bin/sag_bootstrap -start',
  ],
  [
    'ebics-keyring-password-java-client',
    'EbicsSession session = new EbicsSession(user, new EbicsDefaultConfiguration());\n// HostID=ACMEBANK PartnerID=ACMEP01 UserID=ACMEU01\nuser.setPasswordCallback(() -> "«{a20}»".toCharArray());\nsession.setProduct(new Product("acme-treasury", Locale.GERMAN, null));',
  ],
  [
    'ebics-client-php-keyring-secret',
    "$keyring = (new KeyringManager())->loadKeyring(__DIR__.'/keyring.json', '«{a20}»', EbicsClient::VERSION_30);\n$bank = new Bank('ACMEBANK', 'https://ebics.bank-de.net/ebicsweb');\n$user = new User('ACMEP01', 'ACMEU01');",
  ],
  [
    'sepa-gateway-api-secret-xml-config',
    '<sepaGateway>\n  <endpoint>https://sct-inst.clearing-gw.eu/api/v2</endpoint>\n  <participantBic>ACMEDEFFXXX</participantBic>\n  <apiKey>{h32}</apiKey>\n  <apiSecret>«{a40}»</apiSecret>\n</sepaGateway>',
  ],
  [
    'fedline-direct-mq-channel-password-mqsc',
    "* FedLine Direct connectivity - channel auth\nDEFINE CHANNEL('ACME.TO.FRB') CHLTYPE(SDR) CONNAME('10.20.30.40(1414)') XMITQ('FRB.XMIT')\nSET CHLAUTH('ACME.TO.FRB') TYPE(USERMAP) CLNTUSER('acmemq') USERSRC(MAP) MCAUSER('frbmq')\n* temporary until TLS mutual auth: MQCSP password «{a16}»",
  ],
  [
    'bank-host-to-host-sftp-winscp-script',
    'open sftp://H2H_ACME:«{a20}»@h2h.globalbank-corp.com/ -hostkey="ssh-ed25519 255 {B43}"\ncd /upload/pain001\nput C:\\Treasury\\out\\pain.001.001.09_20240607.xml\nexit',
  ],
  [
    'positive-pay-upload-api-token-powershell',
    '$headers = @{ "X-API-Token" = "«{a40}»"; "X-Company-Id" = "ACME-0042" }\nInvoke-RestMethod -Uri "https://positivepay.regionalbank.com/api/issues" -Method Post -Headers $headers -InFile .\\checks_0607.csv',
  ],
  [
    'treasury-bank-api-mtls-key-password-chat',
    'we finally got the JPM Access API cert. The .p12 is in s3://acme-treasury-secrets/jpm/ and the export password is «{a18}». can you update the java keystore loader so it reads that instead of the old one?',
  ],
  [
    'vgs-outbound-proxy-url-credentials-python',
    "VGS_PROXY = 'https://US{a22}:«{h8}-{h4}-{h4}-{h4}-{h12}»@tnt{l8}.live.verygoodproxy.com:8443'\nresp = requests.post('https://api.processor.com/charges', json=payload, proxies={'https': VGS_PROXY}, verify='vgs-outbound-proxy.pem')",
  ],
  [
    'vgs-service-account-client-secret-cli',
    '$ export VGS_CLIENT_ID=ACw{a20}-vgs-cli-sa\n$ export VGS_CLIENT_SECRET=«{h8}-{h4}-{h4}-{h4}-{h12}»\n$ vgs get routes --vault tnt{l8} > routes.yaml',
  ],
  [
    'basis-theory-private-key-server-env',
    'BT_PUBLIC_KEY=key_prod_us_pub_{a22}\nBT_PRIVATE_KEY=«key_prod_us_pvt_{a22}»\nBT_MANAGEMENT_KEY=«key_prod_us_mgt_{a22}»',
  ],
  [
    'basis-theory-private-key-node-client',
    "const bt = await new BasisTheory().init('«key_prod_us_pvt_{a22}»');\nconst token = await bt.tokens.retrieve('{h8}-{h4}-{h4}-{h4}-{h12}');",
  ],
  [
    'skyflow-credentials-json-private-key',
    '{\n  "clientID": "{h32}",\n  "clientName": "payments-backend",\n  "tokenURI": "https://manage.skyflowapis.com/v1/auth/sa/oauth/token",\n  "keyID": "{h32}",\n  "privateKey": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----\\n»"\n}',
  ],
  [
    'skyflow-bearer-token-vault-insert-curl',
    'curl -X POST "https://{h12}.vault.skyflowapis.com/v1/vaults/{h32}/cards" \\\n  -H "Authorization: Bearer «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B140}.{B342}»" \\\n  -d \'{"records":[{"fields":{"card_number":"4111111111111111"}}],"tokenization":true}\'',
  ],
  [
    'tokenex-api-key-csharp-headers',
    'request.Headers.Add("tx-tokenex-id", "{d16}");\nrequest.Headers.Add("tx-apikey", "«{a40}»");\nrequest.Headers.Add("tx-token-scheme", "PCI");',
  ],
  [
    'evervault-api-key-env-python-sdk',
    "import evervault\nevervault.init('app_{h12}', '«ev:key:1:{a22}:{B43}»')\nencrypted = evervault.encrypt({'pan': card_number})",
  ],
  [
    'pci-vault-hsm-backed-detokenize-basic-auth-log',
    '[detok-svc] 2024-06-06 01:22:09 calling https://vault.pci-zone.internal/detokenize (token=tok_4111xxxxxxxx1111)\n[detok-svc]   Authorization: Basic «{b48}»\n[detok-svc] <- 200 (38ms)',
  ],
  [
    'very-good-security-inbound-route-shared-secret-yaml',
    'data:\n- attributes:\n    destination_override_endpoint: https://payments.acme-shop.com\n    host_endpoint: (.*)\\.verygoodproxy\\.io\n    tags:\n      name: checkout-inbound\n    # HMAC shared secret for upstream verification\n    upstream_signing_secret: «{a40}»',
  ],
  [
    'onfido-live-token-python-client',
    "import onfido\nconfiguration = onfido.Configuration(api_token='«api_live.{B11}.{B32}»', region=onfido.configuration.Region.EU)\nwith onfido.ApiClient(configuration) as api_client:\n    api = onfido.DefaultApi(api_client)",
  ],
  [
    'onfido-webhook-token-express',
    "const ONFIDO_WEBHOOK_TOKEN = '«{B32}»';\nconst verifier = new WebhookEventVerifier(ONFIDO_WEBHOOK_TOKEN);\napp.post('/webhooks/onfido', express.raw({ type: 'application/json' }), (req, res) => {\n  const event = verifier.readPayload(req.body, req.header('X-SHA2-Signature'));",
  ],
  [
    'jumio-api-token-secret-basic-curl',
    'curl -X POST https://account.amer-1.jumio.ai/api/v1/accounts \\\n  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{a32}»" \\\n  -H "User-Agent: AcmeBank KYC/2.3" \\\n  -d \'{"customerInternalReference":"cust-88213","workflowDefinition":{"key":10013}}\'',
  ],
  [
    'jumio-oauth-client-secret-yaml',
    'kyc:\n  provider: jumio\n  oauth:\n    token_url: https://auth.amer-1.jumio.ai/oauth2/token\n    client_id: {l26}\n    client_secret: «{a40}»',
  ],
  [
    'sumsub-app-token-and-secret-go',
    'const (\n\tsumsubAppToken  = "«prd:{a24}.{a32}»"\n\tsumsubSecretKey = "«{a32}»"\n\tsumsubBaseURL   = "https://api.sumsub.com"\n)',
  ],
  [
    'sumsub-sandbox-token-curl-signed',
    'TS=$(date +%s)\nSIG=$(printf "%s%s%s" "$TS" "GET" "/resources/applicants/{h24}/one" | openssl dgst -sha256 -hmac "«{a32}»" -hex | cut -d" " -f2)\ncurl -H "X-App-Token: «sbx:{a24}.{a32}»" -H "X-App-Access-Ts: $TS" -H "X-App-Access-Sig: $SIG" https://api.sumsub.com/resources/applicants/{h24}/one',
  ],
  [
    'persona-production-key-rails-credentials-dump',
    '$ bin/rails credentials:show -e production\npersona:\n  api_key: «persona_production_{h8}-{h4}-{h4}-{h4}-{h12}»\n  webhook_secret: «wbhsec_{h8}-{h4}-{h4}-{h4}-{h12}»\n  template_id: itmpl_{a24}',
  ],
  [
    'veriff-shared-secret-hmac-node',
    "const VERIFF_API_KEY = '{h8}-{h4}-{h4}-{h4}-{h12}';\nconst VERIFF_SHARED_SECRET = '«{h8}-{h4}-{h4}-{h4}-{h12}»';\nconst sig = crypto.createHmac('sha256', VERIFF_SHARED_SECRET).update(JSON.stringify(body)).digest('hex');",
  ],
  [
    'complyadvantage-api-key-python-search',
    "r = requests.post(\n    'https://api.complyadvantage.com/searches',\n    headers={'Authorization': 'Token «{a32}»'},\n    json={'search_term': full_name, 'fuzziness': 0.6, 'filters': {'types': ['sanction', 'pep']}},\n)",
  ],
  [
    'socure-sdk-key-id-plus-api-key-header',
    "headers = {\n  'Authorization': 'SocureApiKey «{h8}-{h4}-{h4}-{h4}-{h12}»',\n  'Content-Type': 'application/json',\n}\n# public SDK key for the web capture app is separate: 4b4d{h4}-{h4}-{h4}-{h4}-{h12}",
  ],
  [
    'alloy-workflow-token-secret-basic-env',
    'ALLOY_BASE_URL=https://sandbox.alloy.co/v1\nALLOY_WORKFLOW_TOKEN={a32}\nALLOY_WORKFLOW_SECRET=«{a32}»\nALLOY_WORKFLOW_NAME=consumer-onboarding-v4',
  ],
  [
    'chainalysis-kyt-token-header-rust',
    'let client = reqwest::Client::new();\nlet resp = client\n    .get("https://api.chainalysis.com/api/kyt/v2/users/acme-user-771/transfers")\n    .header("Token", "«{h64}»")\n    .send()\n    .await?;',
  ],
  [
    'trulioo-napi-password-basic-auth-chat',
    'Trulioo NAPI keeps returning 401 for GlobalGateway. Using Basic auth with `AcmeBank_API_Prod` / «{a18}» against https://api.globaldatacompany.com/verifications/v1/verify — did they move us to OAuth?',
  ],
  [
    'lexisnexis-riskview-credentials-xml',
    '<User>\n  <ReferenceCode>acme-uw-batch</ReferenceCode>\n  <BillingCode>UW-2024</BillingCode>\n  <QueryId>{h16}</QueryId>\n  <Credentials><UserName>ACMEXML</UserName><Password>«{a16}»</Password></Credentials>\n</User>',
  ],
  [
    'bloomberg-beap-credential-json',
    '{\n  "client_id": "{h32}",\n  "client_secret": "«{h64}»",\n  "name": "acme-risk-dl",\n  "scopes": ["eap", "beapData", "reportingapi"],\n  "expiration_date": 1751932800000,\n  "created_date": 1717718400000\n}',
  ],
  [
    'bloomberg-bpipe-tls-client-credentials-python',
    "tls = blpapi.TlsOptions.createFromFiles('/etc/bpipe/acme-bpipe-client.p12', '«{a20}»', '/etc/bpipe/rootCertificate.pk7')\nopts = blpapi.SessionOptions()\nopts.setTlsOptions(tls)\nopts.setSessionIdentityOptions(blpapi.AuthOptions.createWithApp('ACME:RiskEngine'))",
  ],
  [
    'lseg-rdp-platform-session-config-json',
    '{\n  "sessions": {\n    "default": "platform.rdp",\n    "platform": {\n      "rdp": {\n        "app-key": "{h40}",\n        "username": "GE-A-{d8}-{d1}-{d4}",\n        "password": "«{a20}»",\n        "signon_control": true\n      }\n    }\n  }\n}',
  ],
  [
    'refinitiv-rto-machine-id-password-env',
    'RDP_MACHINE_ID=GE-A-{d8}-{d1}-{d4}\nRDP_PASSWORD=«{a18}»\nRDP_APP_KEY={h40}\nRTO_ENDPOINT=us-east-1-aws-3-sm.optimized-pricing-api.refinitiv.net:14002',
  ],
  [
    'ibc-config-ini-ib-login-password',
    '# ~/ibc/config.ini  (IB Gateway via IBC)\nIbLoginId=acmetrader01\nIbPassword=«{a16}»\nTradingMode=live\nAcceptIncomingConnectionAction=reject\nReadOnlyApi=no',
  ],
  [
    'ibkr-flex-web-service-token-python',
    "FLEX_TOKEN = '«{d24}»'\nQUERY_ID = '{d6}'\nurl = f'https://ndcdyn.interactivebrokers.com/AccountManagement/FlexWebService/SendRequest?t={FLEX_TOKEN}&q={QUERY_ID}&v=3'",
  ],
  [
    'ibkr-web-api-oauth-access-token-secret-yaml',
    'ibkr_oauth:\n  consumer_key: ACMETRDRS\n  access_token: «{h20}»\n  access_token_secret: «{b172}»\n  encryption_key_path: ./private_encryption.pem\n  signature_key_path: ./private_signature.pem\n  realm: limited_poa',
  ],
  [
    'alpaca-live-secret-headers-curl',
    'curl -s https://api.alpaca.markets/v2/account \\\n  -H "APCA-API-KEY-ID: AK{u18}" \\\n  -H "APCA-API-SECRET-KEY: «{a40}»" | jq .buying_power',
  ],
  [
    'alpaca-broker-api-basic-credentials-go',
    'client := alpaca.NewClient(alpaca.ClientOpts{\n\tAPIKey:    "CK{u18}",\n\tAPISecret: "«{a40}»",\n\tBaseURL:   "https://broker-api.alpaca.markets",\n})',
  ],
  [
    'polygon-api-key-websocket-auth-js',
    "const ws = new WebSocket('wss://socket.polygon.io/stocks');\nws.on('open', () => {\n  ws.send(JSON.stringify({ action: 'auth', params: '«{a32}»' }));\n  ws.send(JSON.stringify({ action: 'subscribe', params: 'T.AAPL,Q.MSFT' }));\n});",
  ],
  [
    'quickfix-session-cfg-logon-password',
    '[SESSION]\nBeginString=FIX.4.4\nSenderCompID=ACMEPROD\nTargetCompID=BROKERX\nSocketConnectHost=fix.brokerx-prime.com\nSocketConnectPort=9878\nSSLEnable=Y\nUsername=acme_oe_1\nPassword=«{a14}»',
  ],
  [
    'fix-logon-message-tag-554-password-log',
    '20240606-13:30:00.112 : 8=FIX.4.4\u00019=126\u000135=A\u000134=1\u000149=ACMEPROD\u000156=BROKERX\u000152=20240606-13:30:00.111\u000198=0\u0001108=30\u0001553=acme_oe_1\u0001554=«{a14}»\u000141=1\u000110={d3}\u0001',
  ],
  [
    'tiingo-token-pandas-requests',
    "headers = {'Content-Type': 'application/json', 'Authorization': 'Token «{h40}»'}\nprices = requests.get('https://api.tiingo.com/tiingo/daily/spy/prices?startDate=2024-01-02', headers=headers).json()",
  ],
  [
    'databento-key-cpp-historical',
    'auto client = databento::HistoricalBuilder()\n                  .SetKey("«db-{a29}»")\n                  .Build();\nauto rec = client.TimeseriesGetRange("GLBX.MDP3", {"2024-06-03", "2024-06-04"}, {"ESM4"}, databento::Schema::Trades);',
  ],
  [
    'finnhub-token-query-string-log',
    '127.0.0.1 - - [06/Jun/2024:14:02:11 +0000] "GET /api/v1/quote?symbol=NVDA&token=«{l20}» HTTP/1.1" 200 187 "-" "quant-dash/0.9"',
  ],
  [
    'tradestation-refresh-token-and-secret-csharp',
    'var ts = new TradeStationClient(\n    clientId: "{a32}",\n    clientSecret: "«{B64}»",\n    refreshToken: "«{B72}»");',
  ],
  [
    'kraken-private-api-secret-python',
    "API_KEY = '{b56}'\nAPI_SECRET = '«{b86}==»'\nsig = hmac.new(base64.b64decode(API_SECRET), urlpath.encode() + hashlib.sha256((nonce + postdata).encode()).digest(), hashlib.sha512)",
  ],
  [
    'guidewire-policycenter-integration-password-properties',
    'gw.pc.url=https://pc-prod.acme-insurance.com/pc/rest/policy/v1\ngw.pc.user=su_integration\ngw.pc.password=«{a18}»\ngw.cc.url=https://cc-prod.acme-insurance.com/cc/rest/claim/v1',
  ],
  [
    'guidewire-cloud-api-client-secret-okta',
    'GW_OKTA_TOKEN_URL=https://guidewire-hub.okta.com/oauth2/{a20}/v1/token\nGW_CLIENT_ID=0oa{a17}\nGW_CLIENT_SECRET=«{B40}»\nGW_SCOPES="tenant.acmeins project.gwcp planet_class.prod"',
  ],
  [
    'applied-epic-sdk-auth-key-csharp',
    'var auth = new MessageHeader {\n    UserCode = "ACMEINTG",\n    AuthenticationKey = "«{a32}»",\n    DatabaseName = "ACME_EPIC_PROD"\n};',
  ],
  [
    'duck-creek-ondemand-api-secret-json',
    '{\n  "DuckCreek": {\n    "BaseUrl": "https://acme.duckcreekondemand.com/policy/api",\n    "ClientId": "acme-rating-svc",\n    "ClientSecret": "«{a40}»",\n    "Carrier": "ACME Mutual"\n  }\n}',
  ],
  [
    'socotra-api-password-ruby-auth',
    'res = HTTParty.post("https://api.sandbox.socotra.com/account/authenticate",\n  body: { username: "acme.uw.bot", password: "«{a20}»", hostName: "acme-ins-configeditor.co.sandbox.socotra.com" }.to_json,\n  headers: { "Content-Type" => "application/json" })',
  ],
  [
    'iso-claimsearch-soap-password-wsse',
    '<wsse:UsernameToken>\n  <wsse:Username>ACME_CS_SVC</wsse:Username>\n  <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">«{a16}»</wsse:Password>\n</wsse:UsernameToken>',
  ],
  [
    'verisk-lightspeed-api-key-header-js',
    "const resp = await axios.get('https://api.verisk.com/lightspeed/v2/rating/vehicle', {\n  params: { vin: '1HGCM82633A004352' },\n  headers: { 'x-api-key': '«{a40}»' },\n});",
  ],
  [
    'insurance-edi-270-clearinghouse-sftp-password-ansible',
    'edi_clearinghouse:\n  host: sftp.edi-clearing.net\n  user: acmeins_270\n  password: «{a18}»\n  remote_in: /in/270\n  remote_out: /out/271',
  ],
  [
    'pkcs11-uri-pin-value-openssl-engine',
    'openssl req -new -engine pkcs11 -keyform engine \\\n  -key "pkcs11:token=ACME-PAY;object=tls-2024;type=private;pin-value=«{a16}»" \\\n  -subj "/CN=payments.acme.com" -out payments.csr',
  ],
  [
    'luna-lunacm-partition-login-password',
    'lunacm:> slot set -slot 2\nlunacm:> partition login -role co -password «{a16}»\n\n\tCommand Result : No Error\nlunacm:> partition contents',
  ],
  [
    'luna-java-keystore-slot-password-jca',
    'KeyStore ks = KeyStore.getInstance("Luna");\nks.load(new ByteArrayInputStream("slot:1".getBytes()), "«{a16}»".toCharArray());\nPrivateKey signingKey = (PrivateKey) ks.getKey("swift-sign-2024", null);',
  ],
  [
    'cloudhsm-cli-crypto-user-login',
    'aws-cloudhsm > login --username payments_cu --role crypto-user --password «{a18}»\n{\n  "error_code": 0,\n  "data": { "username": "payments_cu", "role": "crypto-user" }\n}',
  ],
  [
    'cloudhsm-jce-env-hsm-user-password',
    'Environment="HSM_USER=payments_cu"\nEnvironment="HSM_PASSWORD=«{a18}»"\nExecStart=/usr/bin/java -cp /opt/cloudhsm/java/cloudhsm-jce-5.12.0.jar:/opt/acme/signer.jar com.acme.Signer',
  ],
  [
    'cloudhsm-openssl-dynamic-engine-n3fips-password',
    'export n3fips_password=payments_cu:«{a18}»\nopenssl s_server -cert /etc/tls/acme.crt -key /etc/tls/acme.key -engine cloudhsm -accept 8443',
  ],
  [
    'vault-seal-pkcs11-pin-hcl',
    'seal "pkcs11" {\n  lib            = "/usr/safenet/lunaclient/lib/libCryptoki2_64.so"\n  slot           = "0"\n  pin            = "«{a16}»"\n  key_label      = "vault-hsm-key"\n  hmac_key_label = "vault-hsm-hmac-key"\n  generate_key   = "true"\n}',
  ],
  [
    'softhsm2-util-init-token-so-pin-user-pin',
    '$ softhsm2-util --init-token --free --label "acme-tokenizer" --so-pin «{d12}» --pin «{d10}»\nThe token has been initialized and is reassigned to slot 1847203345',
  ],
  [
    'sunpkcs11-java-config-and-keystore-password',
    '# pkcs11.cfg\nname = AcmeHSM\nlibrary = /opt/nfast/toolkits/pkcs11/libcknfast.so\nslotListIndex = 1\n# signer.properties\nsigner.keystore.type=PKCS11\nsigner.keystore.password=«{a16}»\nsigner.key.alias=emv-issuer-2024',
  ],
  [
    'yubihsm-connector-auth-key-password-shell',
    '$ yubihsm-shell --connector http://127.0.0.1:12345 --authkey 3 --password «{a20}» \\\n    -a sign-ecdsa -i 0x0201 -A ecdsa-sha256 --in tx.bin --out tx.sig\nSession keepalive set up to run every 15 seconds',
  ],
  [
    'entrust-nshield-ocs-passphrase-preload',
    '# preload the OCS for the card-issuance service (ops runbook)\n/opt/nfast/bin/preload -c acme-issuance-ocs --no-prompt \\\n    --passphrase «{a20}» /opt/acme/bin/issuance-svc',
  ],
  [
    'azure-managed-hsm-sp-secret-terraform-tfvars',
    'managed_hsm_name = "acme-pay-mhsm"\ntenant_id        = "{h8}-{h4}-{h4}-{h4}-{h12}"\nsp_client_id     = "{h8}-{h4}-{h4}-{h4}-{h12}"\nsp_client_secret = "«{a3}8Q~{B34}»"',
  ],
  [
    'kms-ekm-thales-ciphertrust-api-password-python',
    "cm = CipherTrustManager(host='ctm.pci.acme.local', username='tokenizer-app', password='«{a18}»', domain='payments')\nkey = cm.keys.get('pan-tokenization-aes256')",
  ],
  [
    'pkcs11-pin-in-dotnet-appsettings',
    '{\n  "Pkcs11": {\n    "LibraryPath": "/usr/lib/libCryptoki2_64.so",\n    "SlotId": 0,\n    "TokenLabel": "ACME-SIGN",\n    "UserPin": "«{a16}»",\n    "KeyLabel": "einvoice-sign-2024"\n  }\n}',
  ],
];

export const BLIND95_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'hl7-adt-a01-mrn-npi-control-id-message',
    'MSH|^~\\&|EPIC|STMARYS|MIRTH|HIE|20240605141502||ADT^A01^ADT_A01|{d14}|P|2.5.1\nEVN|A01|20240605141500\nPID|1||{d9}^^^STMARYS^MR~{d9}^^^SSA^SS||RUIZ^ELENA^M||19710322|F\nPV1|1|I|4WEST^412^B^STMARYS||||1{d9}^CHEN^DAVID^^^MD^^^NPI',
  ],
  [
    'hl7-ack-msa-control-id-echo',
    'MSH|^~\\&|HIE|STATE|MIRTH|STMARYS|20240605141503||ACK^A01^ACK|ACK{d10}|P|2.5.1\nMSA|AA|{d14}|Message accepted',
  ],
  [
    'hl7-msh8-security-field-documented-unused',
    '# Interface spec v3.2, section 4.1\n# MSH-8 (Security) is not used by this interface and must be empty.\nMSH|^~\\&|LIS|CORELAB|EHR|STMARYS|20240605|  |ORU^R01|LAB{d8}|P|2.3',
  ],
  [
    'fhir-patient-json-epic-style-ids-and-oids',
    '{\n  "resourceType": "Patient",\n  "id": "e{B22}3",\n  "identifier": [\n    { "system": "urn:oid:1.2.840.114350.1.13.0.1.7.5.737384.14", "value": "{d9}" },\n    { "system": "http://hl7.org/fhir/sid/us-mbi", "value": "1EG4-TE5-MK73" }\n  ],\n  "name": [{ "family": "Ruiz", "given": ["Elena"] }]\n}',
  ],
  [
    'fhir-search-url-resource-ids-and-paging-cursor',
    'GET https://fhir.hospital-ehr.org/api/FHIR/R4/Observation?patient=e{B30}3&category=laboratory&_count=50\nnext: https://fhir.hospital-ehr.org/api/FHIR/R4/Observation?_getpages={h8}-{h4}-{h4}-{h4}-{h12}&_getpagesoffset=50',
  ],
  [
    'smart-configuration-well-known-endpoints',
    '{\n  "issuer": "https://fhir.hospital-ehr.org/api/FHIR/R4",\n  "authorization_endpoint": "https://fhir.hospital-ehr.org/oauth2/authorize",\n  "token_endpoint": "https://fhir.hospital-ehr.org/oauth2/token",\n  "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"],\n  "capabilities": ["launch-ehr", "client-confidential-asymmetric", "context-ehr-patient"]\n}',
  ],
  [
    'public-jwks-rsa-n-e-only-backend-services',
    '{\n  "keys": [\n    {\n      "kty": "RSA",\n      "kid": "bulk-export-2024-06",\n      "use": "sig",\n      "alg": "RS384",\n      "n": "{B342}",\n      "e": "AQAB"\n    }\n  ]\n}',
  ],
  ['public-jwk-ec-p384-x-y-only', '{"kty":"EC","crv":"P-384","kid":"{h16}","use":"sig","alg":"ES384","x":"{B64}","y":"{B64}"}'],
  [
    'jwk-thumbprint-in-app-registration-notes',
    'Epic app registration (non-prod)\n- Non-Production Client ID: {h8}-{h4}-{h4}-{h4}-{h12}\n- JWK Set URL: https://carepath.io/.well-known/jwks.json\n- Public key thumbprint (SHA-256, base64url): {B43}',
  ],
  [
    'smart-authorize-url-state-and-pkce-challenge',
    'https://fhir.hospital-ehr.org/oauth2/authorize?response_type=code&client_id={h8}-{h4}-{h4}-{h4}-{h12}&redirect_uri=https%3A%2F%2Fapp.carepath.io%2Fcb&scope=launch%2Fpatient%20openid%20fhirUser&state={a32}&aud=https%3A%2F%2Ffhir.hospital-ehr.org%2Fapi%2FFHIR%2FR4&code_challenge={B43}&code_challenge_method=S256',
  ],
  [
    'epic-interconnect-client-id-header-secret-from-env',
    'client.DefaultRequestHeaders.Add("Epic-Client-ID", "{h8}-{h4}-{h4}-{h4}-{h12}");\nvar cred = Environment.GetEnvironmentVariable("EPIC_INTERCONNECT_BASIC")\n    ?? throw new InvalidOperationException("EPIC_INTERCONNECT_BASIC not set");',
  ],
  [
    'cerner-tenant-id-and-fhir-base-urls',
    'tenant: ec2458f2-1e24-41c8-b71b-0e701af7583d\nfhir_base: https://fhir-ehr-code.cerner.com/r4/ec2458f2-1e24-41c8-b71b-0e701af7583d\npatient_id: 12724066\nencounter_id: 97953477',
  ],
  [
    'oid-registry-identifier-systems-table',
    '| system | OID |\n|---|---|\n| US SSN | 2.16.840.1.113883.4.1 |\n| NPI | 2.16.840.1.113883.4.6 |\n| St Marys MRN | 2.16.840.1.113883.3.{d4}.{d3}.{d2}.1 |\n| LOINC | 2.16.840.1.113883.6.1 |',
  ],
  [
    'npi-roster-csv-with-taxonomy',
    'npi,last_name,first_name,taxonomy,dea_status\n1{d9},Chen,David,207R00000X,active\n1{d9},Okafor,Ngozi,208D00000X,active\n1{d9},Lindqvist,Anna,363LF0000X,none',
  ],
  [
    'x12-835-remit-claim-ids-and-trn-trace',
    'ISA*00*          *00*          *ZZ*{d9}      *ZZ*ACMEHOSP       *240605*1430*^*00501*{d9}*0*P*:~\nTRN*1*{d10}*1{d9}~\nCLP*CLM{d10}*1*1250.00*980.00*120.00*12*{d14}*11*1~\nNM1*QC*1*RUIZ*ELENA****MI*XJH{d9}~',
  ],
  [
    'x12-270-isa-blank-auth-and-security-info',
    'ISA*00*          *01*          *ZZ*ACMEHOSP       *ZZ*AVAILITY       *240605*0912*^*00501*{d9}*0*P*:~\nGS*HS*ACMEHOSP*030240928*20240605*0912*{d6}*X*005010X279A1~\nST*270*0001*005010X279A1~',
  ],
  [
    'eligibility-response-member-and-group-numbers',
    '{\n  "payer": { "name": "Blue Cross Blue Shield of Florida", "payerId": "BCBSF" },\n  "subscriber": { "memberId": "XJH{d9}", "groupNumber": "0{d6}", "mbi": "1EG4-TE5-MK73" },\n  "planStatus": [{ "statusCode": "1", "status": "Active Coverage" }],\n  "controlNumber": "{d9}"\n}',
  ],
  [
    'ncpdp-claim-bin-pcn-group-rx-number',
    'NCPDP D.0 claim: BIN=610014 PCN=MEDDPRIME GROUP=RX{d4} CARDHOLDER=ZW{d9}\nRx#={d7} NDC=00093-7214-01 QTY=30 DAYS=30 DAW=0\nresponse: PAID auth#={d12}',
  ],
  [
    'prescriber-record-dea-and-npi-format',
    '{"prescriber": {"npi": "1{d9}", "dea": "AB1234563", "stateLicense": "ME{d6}", "spi": "{d13}"}}',
  ],
  [
    'dicom-dcmdump-study-series-sop-uids',
    '(0008,0018) UI [1.2.840.113619.2.55.3.{d10}.{d3}.{d10}.{d3}]  # SOPInstanceUID\n(0020,000d) UI [1.2.826.0.1.3680043.8.498.{d20}]  # StudyInstanceUID\n(0020,000e) UI [1.2.826.0.1.3680043.8.498.{d20}]  # SeriesInstanceUID\n(0010,0020) LO [{d9}]  # PatientID',
  ],
  [
    'dicom-ae-titles-and-ports-config',
    'DICOM_AET=ORTHANC_MAIN\nDICOM_PORT=4242\nmodalities:\n  CT_ROOM3: { aet: CT3_GE, host: 10.40.3.21, port: 104 }\n  MR_ROOM1: { aet: MR1_SIEMENS, host: 10.40.1.11, port: 104 }',
  ],
  [
    'orthanc-json-env-substitution-passwords',
    '{\n  "AuthenticationEnabled": true,\n  "RegisteredUsers": { "radadmin": "${ORTHANC_ADMIN_PASSWORD}" },\n  "PostgreSQL": { "Password": "${PG_PASSWORD}", "Host": "pacs-pg.imaging.svc" }\n}',
  ],
  [
    'dcm4chee-compose-password-file-secrets',
    '    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pacs_db_password\n      LDAP_ROOTPASS_FILE: /run/secrets/ldap_root\n      KEYCLOAK_ADMIN_PASSWORD_FILE: /run/secrets/kc_admin\n    secrets: [pacs_db_password, ldap_root, kc_admin]',
  ],
  [
    'mirth-properties-env-override-empty-password',
    '# mirth.properties - database.password is injected from MP_DATABASE_PASSWORD at startup\ndatabase = postgres\ndatabase.url = jdbc:postgresql://mirthdb.int.healthnet.org:5432/mirthdb\ndatabase.username = mirth\ndatabase.password =',
  ],
  [
    'mirth-channel-xml-config-map-password-reference',
    "<username>${db_user}</username>\n<password>${configurationMap.get('lis.db.password')}</password>\n<url>jdbc:sqlserver://lis-db02:1433;databaseName=LIS;encrypt=true</url>",
  ],
  [
    'mirth-server-log-message-and-channel-ids',
    'INFO 2024-06-05 03:15:01,002 [ADT_A08 Dispatcher] channel {h8}-{h4}-{h4}-{h4}-{h12} message {d6} SENT to destination 2 (HL7 sender 10.40.9.12:6661) ack=AA control_id={d14}',
  ],
  [
    'hapi-fhir-yaml-datasource-env-placeholders',
    'spring:\n  datasource:\n    url: jdbc:postgresql://${DB_HOST:localhost}:5432/hapi\n    username: ${DB_USER:hapi}\n    password: ${DB_PASSWORD:?required}',
  ],
  [
    'azure-fhir-audience-tenant-and-object-ids',
    'az healthcareapis workspace fhir-service show -g rg-interop -w contosohealth -n fhir01 --query "{aud:authenticationConfiguration.audience, tenant:identity.tenantId, principal:identity.principalId}"\n{\n  "aud": "https://contosohealth-fhir01.fhir.azurehealthcareapis.com",\n  "principal": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "tenant": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'aws-healthlake-datastore-id-and-arn',
    'DatastoreId: {h32}\nDatastoreArn: arn:aws:healthlake:us-east-1:{d12}:datastore/fhir/{h32}\nDatastoreEndpoint: https://healthlake.us-east-1.amazonaws.com/datastore/{h32}/r4/',
  ],
  [
    'clinical-codes-cpt-icd-loinc-list',
    'orders:\n  - loinc: 4548-4   # Hemoglobin A1c\n  - loinc: 2345-7   # Glucose\ndiagnoses: [E11.9, I10, Z79.4]\nprocedures: [99214, 83036]',
  ],
  [
    'healthcare-dotenv-angle-bracket-placeholders',
    'AVAILITY_CLIENT_ID=<your-availity-client-id>\nAVAILITY_CLIENT_SECRET=<your-availity-client-secret>\nEPIC_PRIVATE_KEY_PATH=./keys/epic_private.pem\nSURESCRIPTS_PASSWORD=changeme',
  ],
  [
    'test-card-numbers-public-ranges-table',
    '| brand | number | cvc |\n|---|---|---|\n| Visa | 4111 1111 1111 1111 | 123 |\n| Visa | 4242424242424242 | any |\n| Mastercard | 5555555555554444 | 123 |\n| Amex | 378282246310005 | 1234 |\n| Discover | 6011111111111117 | 123 |',
  ],
  [
    'bin-table-routing-rules-config',
    'bin_rules:\n  - bin: "411111"\n    network: visa\n    route: adyen\n  - bin_range: ["222100", "272099"]\n    network: mastercard\n    route: checkout\n  - bin: "378282"\n    network: amex\n    route: worldpay',
  ],
  [
    'adyen-notification-psp-reference-and-hmac-signature',
    '{\n  "live": "true",\n  "notificationItems": [{ "NotificationRequestItem": {\n    "pspReference": "{U2}{d14}",\n    "merchantReference": "ord-{d6}",\n    "merchantAccountCode": "AcmeRetailECOM",\n    "eventCode": "AUTHORISATION",\n    "success": "true",\n    "additionalData": { "hmacSignature": "{b43}=" }\n  } }]\n}',
  ],
  [
    'adyen-dropin-client-key-public-by-design',
    "const checkout = await AdyenCheckout({\n  environment: 'live',\n  clientKey: 'live_{U32}',\n  countryCode: 'NL',\n  session: { id: 'CS{H16}', sessionData: sessionDataFromServer },\n});",
  ],
  [
    'stripe-publishable-key-and-connect-ids',
    "const stripe = Stripe('pk_live_{a99}');\n// Connect: platform client id ca_{a32}, connected account acct_1{a15}\n// charge ch_3{a24}, payment intent pi_3{a24}",
  ],
  [
    'checkout-frames-public-key-init',
    "Frames.init({\n  publicKey: 'pk_sbox_{k27}',\n  localization: 'EN-GB',\n  style: { base: { fontSize: '16px' } },\n});",
  ],
  [
    'braintree-tokenization-key-dropin-public',
    "braintree.dropin.create({\n  authorization: 'production_{l8}_{l16}',\n  container: '#dropin-container',\n  card: { cardholderName: { required: true } },\n});",
  ],
  [
    'braintree-gateway-private-key-from-env',
    "const gateway = new braintree.BraintreeGateway({\n  environment: braintree.Environment.Production,\n  merchantId: '{l16}',\n  publicKey: '{l16}',\n  privateKey: process.env.BRAINTREE_PRIVATE_KEY,\n});",
  ],
  [
    'authorize-net-acceptjs-public-client-key',
    "const authData = {\n  clientKey: '{a64}',\n  apiLoginID: '{a10}',\n};\nAccept.dispatchData({ authData, cardData }, responseHandler);",
  ],
  [
    'basis-theory-public-key-elements-init',
    "const bt = await new BasisTheory().init('key_prod_us_pub_{a22}', { elements: true });\nconst cardElement = bt.createElement('card');",
  ],
  [
    'vgs-collect-vault-id-public-config',
    "const form = VGSCollect.create('tnt{l8}', 'live', (state) => {});\nform.field('#cc-number', { type: 'card-number', name: 'card_number', validations: ['required', 'validCardNumber'] });",
  ],
  [
    'plaid-item-get-response-ids-only',
    '{\n  "item": { "item_id": "{a37}", "institution_id": "ins_{d6}", "webhook": "https://api.acme.io/plaid/webhook" },\n  "request_id": "{a15}",\n  "status": { "transactions": { "last_successful_update": "2024-06-05T08:11:00Z" } }\n}',
  ],
  [
    'worldpay-hpp-redirect-merchant-code-installation',
    'https://secure.worldpay.com/wcc/purchase?instId={d7}&cartId=ord-{d6}&amount=49.99&currency=GBP&desc=Annual+plan&MC_merchantCode=ACMEECOMGBP&testMode=0',
  ],
  [
    'payment-api-response-trace-and-idempotency-headers',
    '< HTTP/2 201\n< cko-request-id: {h8}-{h4}-{h4}-{h4}-{h12}\n< idempotency-key: ord-{d6}-capture\n< traceparent: 00-{h32}-{h16}-01\n{"id":"pay_{k26}","action_id":"act_{k26}","status":"Authorized"}',
  ],
  [
    'masked-payment-credentials-in-logs',
    '2024-06-06T10:01:22Z INFO gateway-config loaded: adyen.api_key=AQE***...***(88 chars) worldpay.password=******** stripe.secret=sk_live_****************3kQa braintree.private_key=[FILTERED]',
  ],
  [
    'payments-env-template-with-placeholders',
    'ADYEN_API_KEY=<your-adyen-api-key>\nADYEN_HMAC_KEY=\nCHECKOUT_SECRET_KEY=sk_sbox_xxxxxxxxxxxxxxxxxxxxxxxxxxx\nWORLDPAY_PASSWORD=${WORLDPAY_PASSWORD}\nPLAID_SECRET=replace-me',
  ],
  [
    'nacha-file-header-and-batch-test-routing',
    '101 0210000210{d9}2406061201A094101JPMORGAN CHASE         ACME CORP              \n5220ACME CORP                           1{d9}PPDPAYROLL   240607240607   1021000020000001\n62203100000{d9}         0000125000EMP{d5}        RUIZ ELENA              0021000020000001',
  ],
  [
    'ach-return-file-trace-numbers-r-codes',
    'return_date,trace_number,return_code,amount,original_entry\n2024-06-07,0210000200{d5},R01,1250.00,PPD PAYROLL\n2024-06-07,0210000200{d5},R03,87.45,WEB SUBSCR',
  ],
  [
    'documentation-ibans-and-bics',
    'Sample beneficiaries used in the API docs:\n- GB82 WEST 1234 5698 7654 32 (NWBKGB2L)\n- DE89 3704 0044 0532 0130 00 (COBADEFFXXX)\n- FR14 2004 1010 0505 0001 3M02 606 (PSSTFRPPPAR)',
  ],
  [
    'pain001-xml-msgid-endtoendid-doc-iban',
    '<GrpHdr><MsgId>ACME-{d14}</MsgId><CreDtTm>2024-06-07T09:00:00</CreDtTm><NbOfTxs>1</NbOfTxs></GrpHdr>\n<CdtTrfTxInf><PmtId><EndToEndId>E2E-{a16}</EndToEndId><UETR>{h8}-{h4}-4{h3}-a{h3}-{h12}</UETR></PmtId>\n<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct></CdtTrfTxInf>',
  ],
  [
    'swift-mt103-uetr-and-references',
    '{1:F01ACMEGB2LAXXX{d10}}{2:I103COBADEFFXXXXN}{3:{121:{h8}-{h4}-4{h3}-b{h3}-{h12}}}\n{4:\n:20:TRX{d10}\n:23B:CRED\n:32A:240607EUR12500,00\n:59:/DE89370400440532013000\n-}',
  ],
  [
    'mt940-statement-excerpt-account-and-refs',
    ':20:STMT{d8}\n:25:ACMEGB2L/{d8}\n:28C:00157/001\n:60F:C240606GBP1250000,00\n:61:2406070607D12500,00NTRFNONREF//{d16}\n:86:ACME PAYROLL BATCH {d6}',
  ],
  [
    'ebics-ini-letter-bank-key-hashes',
    'EBICS INI letter - HostID ACMEBANK PartnerID ACMEP01 UserID ACMEU01\nA006 hash (SHA-256): {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2}\n                     {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2}',
  ],
  [
    'bank-sftp-known-hosts-ed25519-public',
    'sftp.treasury-bank.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{B43}\nh2h.globalbank-corp.com ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b88}=',
  ],
  [
    'bank-pgp-public-key-block-armored',
    '-----BEGIN PGP PUBLIC KEY BLOCK-----\nComment: Treasury Bank ACH inbound (2024)\n\nmQINBG{b58}\n{b64}\n{b64}\n={b4}\n-----END PGP PUBLIC KEY BLOCK-----',
  ],
  [
    'pgp-key-fingerprint-gpg-list-keys',
    '$ gpg --list-keys bank-ach@treasury-bank.com\npub   rsa4096 2024-01-15 [SC] [expires: 2026-01-14]\n      {H40}\nuid           [ full ] Treasury Bank ACH <bank-ach@treasury-bank.com>',
  ],
  [
    'positive-pay-csv-check-and-account-numbers',
    'account_number,check_number,issue_date,amount,payee\n{d10},{d6},2024-06-06,1250.00,Okafor Plumbing LLC\n{d10},{d6},2024-06-06,88.10,City Water Dept',
  ],
  [
    'open-banking-consent-and-tpp-identifiers',
    'consentId: urn-acmebank-intent-{h8}-{h4}-{h4}-{h4}-{h12}\norganisationId: 0015800001{a8}\nsoftwareStatementId: {a22}\nx-fapi-interaction-id: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'psd2-eidas-cert-subject-and-serial',
    'subject= /C=ES/O=AcmePay SL/organizationIdentifier=PSDES-BDE-3DFD21/CN=api.acmepay.es\nserial=0{H31}\nSHA256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'gocardless-bad-requisition-and-account-ids',
    '{\n  "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "institution_id": "REVOLUT_REVOGB21",\n  "agreement": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "accounts": ["{h8}-{h4}-{h4}-{h4}-{h12}"],\n  "link": "https://ob.gocardless.com/ob-psd2/start/{h8}-{h4}-{h4}-{h4}-{h12}/REVOLUT_REVOGB21"\n}',
  ],
  [
    'onfido-applicant-check-report-ids',
    'applicant_id={h8}-{h4}-{h4}-{h4}-{h12}\ncheck_id={h8}-{h4}-{h4}-{h4}-{h12} status=complete result=clear\nreports=[document:{h8}-{h4}-{h4}-{h4}-{h12}, facial_similarity_photo:{h8}-{h4}-{h4}-{h4}-{h12}]',
  ],
  [
    'sumsub-applicant-and-inspection-ids-webhook',
    '{"applicantId":"{h24}","inspectionId":"{h24}","correlationId":"{h32}","levelName":"basic-kyc-level","externalUserId":"cust-88213","type":"applicantReviewed","reviewResult":{"reviewAnswer":"GREEN"}}',
  ],
  [
    'persona-inquiry-template-account-ids',
    'inquiry: inq_{a25}\ntemplate: itmpl_{a25}\naccount: act_{a25}\nverification: ver_{a25} (government_id, passed)',
  ],
  [
    'kyc-env-reading-tokens-from-secret-manager',
    'ONFIDO_API_TOKEN="$(gcloud secrets versions access latest --secret=onfido-api-token)"\nSUMSUB_SECRET_KEY="$(aws secretsmanager get-secret-value --secret-id kyc/sumsub --query SecretString --output text)"\nexport ONFIDO_API_TOKEN SUMSUB_SECRET_KEY',
  ],
  [
    'reference-data-isin-cusip-figi-lei',
    'ticker,isin,cusip,figi,issuer_lei\nAAPL,US0378331005,037833100,BBG000B9XRY4,HWUPKR0MPOU8FGXBT394\nMSFT,US5949181045,594918104,BBG000BPH459,INR2EJN1ERAN0W5ZP974',
  ],
  [
    'bloomberg-blpapi-subscription-topics-app-name',
    "subs = blpapi.SubscriptionList()\nsubs.add('//blp/mktdata/figi/BBG000B9XRY4', 'LAST_PRICE,BID,ASK', '', blpapi.CorrelationId(1))\nopts.setSessionIdentityOptions(blpapi.AuthOptions.createWithApp('ACME:RiskEngine'))\n# host: bpipe-ny1.acme.local:8194",
  ],
  [
    'refinitiv-rics-and-app-key-env-ref',
    'rics = ["VOD.L", "EUR=", "LCOc1", "US10YT=RR"]\napp_key = os.environ["RDP_APP_KEY"]\nsession = rd.session.platform.Definition(app_key=app_key, grant=rd.session.platform.GrantPassword(username=os.environ["RDP_USER"], password=os.environ["RDP_PASSWORD"])).get_session()',
  ],
  [
    'fix-execution-report-clordid-execid',
    '8=FIX.4.4|9=212|35=8|34=1182|49=BROKERX|56=ACMEPROD|52=20240606-14:01:09.331|11=ORD{d10}|17=EXE{d12}|37={h16}|39=2|54=1|55=AAPL|31=195.12|32=100|14=100|151=0|10={d3}|',
  ],
  [
    'alpaca-order-json-ids',
    '{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","client_order_id":"rebal-{d8}-{a6}","symbol":"MSFT","qty":"12","side":"buy","type":"limit","limit_price":"421.05","status":"accepted","asset_id":"{h8}-{h4}-{h4}-{h4}-{h12}"}',
  ],
  [
    'polygon-aggs-url-with-env-placeholder',
    'curl "https://api.polygon.io/v2/aggs/ticker/AAPL/range/1/day/2024-01-02/2024-06-05?adjusted=true&sort=asc&apiKey=${POLYGON_API_KEY}"',
  ],
  [
    'ibkr-paper-account-ids-and-conids',
    'accounts: [DU{d7}, DU{d7}]\ncontracts:\n  AAPL: {conid: 265598, exchange: SMART}\n  ESM4: {conid: 551601561, exchange: CME}\ngateway: https://localhost:5000/v1/api',
  ],
  [
    'trading-strategy-config-hash-and-run-id',
    'strategy: mean-revert-v7\ngit_sha: {h40}\nparams_sha256: {h64}\nrun_id: {h8}-{h4}-{h4}-{h4}-{h12}\nuniverse: sp500_2024q2',
  ],
  [
    'guidewire-claim-response-policy-and-claim-numbers',
    '{\n  "data": { "attributes": {\n    "claimNumber": "000-00-{d6}",\n    "policyNumber": "PA-{d10}",\n    "lossDate": "2024-05-28",\n    "jurisdiction": { "code": "CA" }\n  }, "id": "cc:{d5}" }\n}',
  ],
  [
    'insurance-vin-and-quote-reference-log',
    '[rating] quote=Q-{d8} vin=1HGCM82633A004352 garaging_zip=94110 tier=B premium=1184.20 correlation={h32}',
  ],
  [
    'luna-slot-list-serials-no-credentials',
    'lunacm:> slot list\n\tSlot Id ->              0\n\tLabel ->                acme-pay-prod\n\tSerial Number ->         {d13}\n\tModel ->                 LunaSA 7.8.4\n\tFirmware Version ->      7.8.4\n\tCurrent Slot Id:  0',
  ],
  [
    'cloudhsm-describe-clusters-ids-and-state',
    '{\n  "Clusters": [{\n    "ClusterId": "cluster-{k11}",\n    "HsmType": "hsm1.medium",\n    "State": "ACTIVE",\n    "Hsms": [{ "HsmId": "hsm-{k11}", "EniIp": "10.20.3.41", "State": "ACTIVE" }],\n    "Certificates": { "ClusterCsr": "-----BEGIN CERTIFICATE REQUEST-----\\nMIIC..." }\n  }]\n}',
  ],
  [
    'kms-key-arn-alias-and-key-id-terraform',
    'data "aws_kms_key" "pan" {\n  key_id = "arn:aws:kms:us-east-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}"\n}\n# alias/payments-pan-tokenization -> mrk-{h32}',
  ],
  [
    'pkcs11-tool-list-objects-ids-labels',
    '$ pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --list-objects --login\nLogging in to "acme-tokenizer".\nPlease enter User PIN:\nPrivate Key Object; RSA\n  label:      einvoice-sign-2024\n  ID:         {h16}\n  Usage:      decrypt, sign',
  ],
  [
    'vault-seal-pkcs11-pin-from-env-var',
    '# seal stanza omits pin; Vault reads VAULT_HSM_PIN from the systemd environment file\nseal "pkcs11" {\n  lib       = "/usr/safenet/lunaclient/lib/libCryptoki2_64.so"\n  slot      = "0"\n  key_label = "vault-hsm-key"\n}',
  ],
  [
    'hsm-key-check-values-ceremony-log',
    'Key ceremony 2024-06-03 - ZMK import (3 components)\ncomponent 1 KCV: {H6}  custodian A\ncomponent 2 KCV: {H6}  custodian B\ncomponent 3 KCV: {H6}  custodian C\ncombined ZMK KCV: {H6}  stored under LMK pair 04-05',
  ],
  [
    'certificate-fingerprints-openssl-x509',
    '$ openssl x509 -in swift-pki.crt -noout -fingerprint -sha256 -serial\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nserial={H32}',
  ],
  [
    'interface-engine-image-digests-helm',
    'images:\n  mirth: nextgenhealthcare/connect@sha256:{h64}\n  orthanc: orthancteam/orthanc@sha256:{h64}\n  hapi: hapiproject/hapi@sha256:{h64}',
  ],
  [
    'edi-batch-sha256sum-manifest',
    '$ sha256sum out/*.ach out/*.837\n{h64}  out/PPD_20240607.ach\n{h64}  out/CCD_20240607.ach\n{h64}  out/837P_20240607.txt',
  ],
  [
    'payments-deploy-log-commit-shas',
    'Deploying payments-gateway {h7} -> prod-eu\n  previous: {h40}\n  current:  {h40}\n  migration 0042_add_processor_tokens_table: applied',
  ],
  [
    'k8s-external-secret-refs-for-ehr-creds',
    'apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata: { name: epic-backend }\nspec:\n  secretStoreRef: { name: aws-sm, kind: ClusterSecretStore }\n  data:\n    - secretKey: EPIC_PRIVATE_KEY\n      remoteRef: { key: prod/interop/epic, property: private_key_pem }',
  ],
  [
    'gha-workflow-secrets-refs-clearinghouse',
    '      - name: Upload 837 batch\n        env:\n          OFFICEALLY_SFTP_PASSWORD: ${{ secrets.OFFICEALLY_SFTP_PASSWORD }}\n          AVAILITY_CLIENT_SECRET: ${{ secrets.AVAILITY_CLIENT_SECRET }}\n        run: ./scripts/upload_837.sh --date "$(date +%F)"',
  ],
  [
    'chat-prose-asking-where-to-put-secrets-no-values',
    "For the Epic backend app we registered the JWKS URL, so there's no client secret at all — the private key lives in AWS Secrets Manager under prod/interop/epic. Availity still needs a client secret though; it's in the same store under prod/rcm/availity. Can you wire both into the config loader?",
  ],
  [
    'fhir-capability-statement-security-extension',
    '"security": {\n  "service": [{ "coding": [{ "system": "http://terminology.hl7.org/CodeSystem/restful-security-service", "code": "SMART-on-FHIR" }] }],\n  "extension": [{ "url": "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris",\n    "extension": [{ "url": "token", "valueUri": "https://fhir.hospital-ehr.org/oauth2/token" }] }]\n}',
  ],
  [
    'quickfix-cfg-password-from-env-comment',
    '[SESSION]\nBeginString=FIX.4.4\nSenderCompID=ACMEPROD\nTargetCompID=BROKERX\n# Password(554) is injected at logon from FIX_LOGON_PASSWORD; never stored here\nUsername=acme_oe_1',
  ],
  [
    'ibc-config-password-blank-for-prompt',
    '# ~/ibc/config.ini\nIbLoginId=acmetrader01\n# leave IbPassword empty: IBC will take it from TWS_PASSWORD\nIbPassword=\nTradingMode=paper',
  ],
  [
    'cloudhsm-cli-login-interactive-prompt',
    'aws-cloudhsm > login --username payments_cu --role crypto-user\nEnter password:\n{\n  "error_code": 0,\n  "data": { "username": "payments_cu", "role": "crypto-user" }\n}',
  ],
];
