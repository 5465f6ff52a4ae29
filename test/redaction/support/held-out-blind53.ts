/** A fifty-third held-out batch, written blind: credentials that leaked into mobile apps, front-end bundles and their build configs (Android signing and gradle, iOS plists, xcconfig and fastlane, React Native/Expo, Flutter, Capacitor/Cordova, Electron, webpack/Vite/Next.js, browser extensions, service workers, mobile CI), beside the public ids those apps are full of. */
export const BLIND53_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'keystore-passwords-groovy-signingconfigs-release-block',
    "android {\n    signingConfigs {\n        release {\n            storeFile file('../keystores/acme-release.jks')\n            storePassword '«{a20}»'\n            keyAlias 'acme-upload'\n            keyPassword '«{a20}»'\n        }\n    }\n}",
  ],
  [
    'keystore-passwords-kts-signingconfigs-create-release',
    'signingConfigs {\n    create("release") {\n        storeFile = file("upload-keystore.jks")\n        storePassword = "«{a18}»"\n        keyAlias = "upload"\n        keyPassword = "«{a18}»"\n    }\n}',
  ],
  [
    'flutter-key-properties-store-and-key-password',
    '$ cat android/key.properties\nstorePassword=«{a16}»\nkeyPassword=«{a16}»\nkeyAlias=upload\nstoreFile=/Users/dana/keys/upload-keystore.jks',
  ],
  [
    'rn-gradle-properties-myapp-upload-passwords',
    '# android/gradle.properties\norg.gradle.jvmargs=-Xmx2048m -XX:MaxMetaspaceSize=512m\nnewArchEnabled=true\nMYAPP_UPLOAD_STORE_FILE=my-upload-key.keystore\nMYAPP_UPLOAD_KEY_ALIAS=my-key-alias\nMYAPP_UPLOAD_STORE_PASSWORD=«{a14}»\nMYAPP_UPLOAD_KEY_PASSWORD=«{a14}»',
  ],
  [
    'user-gradle-properties-release-store-password-only',
    '$ cat ~/.gradle/gradle.properties\nRELEASE_STORE_FILE=/opt/keys/shop-release.jks\nRELEASE_STORE_PASSWORD=«{a22}»\nRELEASE_KEY_ALIAS=shop',
  ],
  [
    'local-properties-stripe-secret-beside-sdk-dir',
    '## This file must *NOT* be checked into Version Control Systems\nsdk.dir=/Users/omar/Library/Android/sdk\nSTRIPE_PUBLISHABLE_KEY=pk_live_{a24}\nSTRIPE_SECRET_KEY=«sk_live_{a24}»',
  ],
  [
    'local-properties-openai-project-key-secrets-plugin',
    '# read by com.google.android.libraries.mapsplatform.secrets-gradle-plugin\nsdk.dir=C\\:\\\\Users\\\\lin\\\\AppData\\\\Local\\\\Android\\\\Sdk\nOPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'buildconfigfield-stripe-secret-escaped-quotes-defaultconfig',
    'defaultConfig {\n    applicationId "io.acme.shop"\n    minSdk 24\n    versionCode 412\n    buildConfigField "String", "STRIPE_SECRET", "\\"«sk_live_51{a97}»\\""\n}',
  ],
  [
    'buildconfigfield-twilio-auth-token-beside-account-sid',
    'buildTypes {\n    release {\n        buildConfigField("String", "TWILIO_ACCOUNT_SID", "\\"AC{h32}\\"")\n        buildConfigField("String", "TWILIO_AUTH_TOKEN", "\\"«{h32}»\\"")\n        minifyEnabled true\n    }\n}',
  ],
  [
    'buildconfigfield-product-flavor-openai-staging',
    'productFlavors {\n    staging {\n        dimension "env"\n        applicationIdSuffix ".staging"\n        buildConfigField "String", "OPENAI_KEY", \'"«sk-proj-{B58}T3BlbkFJ{B58}»"\'\n    }\n}',
  ],
  [
    'strings-xml-openai-key-beside-app-name',
    '<resources>\n    <string name="app_name">Acme Notes</string>\n    <string name="openai_api_key" translatable="false">«sk-{a20}T3BlbkFJ{a20}»</string>\n</resources>',
  ],
  [
    'strings-xml-twilio-auth-token-beside-facebook-app-id',
    '<resources>\n    <string name="facebook_app_id">{d15}</string>\n    <string name="fb_login_protocol_scheme">fb{d15}</string>\n    <string name="twilio_auth_token">«{h32}»</string>\n</resources>',
  ],
  [
    'strings-xml-algolia-admin-key-beside-app-id',
    '<!-- res/values/secrets.xml -->\n<resources>\n    <string name="algolia_app_id">{u10}</string>\n    <string name="algolia_api_key">«{h32}»</string>\n    <string name="algolia_index">products_prod</string>\n</resources>',
  ],
  [
    'manifest-meta-data-algolia-admin-key-value',
    '<application android:name=".AcmeApp">\n    <meta-data android:name="com.google.android.geo.API_KEY" android:value="${MAPS_API_KEY}" />\n    <meta-data android:name="io.acme.search.ADMIN_API_KEY" android:value="«{h32}»" />\n</application>',
  ],
  [
    'manifest-meta-data-mapbox-secret-downloads-token',
    '<meta-data\n    android:name="com.mapbox.token"\n    android:value="«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»" />',
  ],
  [
    'kotlin-const-fcm-legacy-server-key-companion',
    'companion object {\n    private const val FCM_ENDPOINT = "https://fcm.googleapis.com/fcm/send"\n    private const val SERVER_KEY = "«AAAA{B7}:APA91b{B134}»"\n}',
  ],
  [
    'java-okhttp-fcm-authorization-key-header',
    'Request request = new Request.Builder()\n        .url("https://fcm.googleapis.com/fcm/send")\n        .addHeader("Authorization", "key=«AAAA{B7}:APA91b{B134}»")\n        .post(body)\n        .build();',
  ],
  [
    'kotlin-retrofit-headers-annotation-stripe-bearer',
    'interface StripeService {\n    @Headers("Authorization: Bearer «sk_live_{a24}»")\n    @POST("v1/payment_intents")\n    suspend fun createIntent(@Body body: RequestBody): PaymentIntent\n}',
  ],
  [
    'gradle-properties-mapbox-downloads-token-sk',
    '# gradle.properties\nandroid.useAndroidX=true\nMAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»',
  ],
  [
    'settings-gradle-mapbox-maven-password-literal',
    'maven {\n    url = uri("https://api.mapbox.com/downloads/v2/releases/maven")\n    credentials {\n        username = "mapbox"\n        password = "«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»"\n    }\n    authentication { create<BasicAuthentication>("basic") }\n}',
  ],
  [
    'keytool-genkeypair-storepass-keypass-cli',
    '$ keytool -genkeypair -v -keystore release.jks -alias acme -keyalg RSA -keysize 2048 -validity 10000 -storepass «{a16}» -keypass «{a16}» -dname "CN=Acme Mobile, O=Acme, C=DE"',
  ],
  [
    'apksigner-ks-pass-and-key-pass-literals',
    'build-tools/34.0.0/apksigner sign --ks release.jks --ks-key-alias acme --ks-pass pass:«{a18}» --key-pass pass:«{a18}» --out app-release-signed.apk app-release-unsigned.apk',
  ],
  [
    'jarsigner-storepass-aab-signing',
    'jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore upload.keystore -storepass «{a20}» app-release.aab upload',
  ],
  [
    'gradlew-injected-signing-properties',
    './gradlew :app:bundleRelease \\\n  -Pandroid.injected.signing.store.file=$PWD/release.jks \\\n  -Pandroid.injected.signing.store.password=«{a20}» \\\n  -Pandroid.injected.signing.key.alias=release \\\n  -Pandroid.injected.signing.key.password=«{a20}»',
  ],
  [
    'kts-signing-getenv-elvis-fallback-password',
    'storePassword = System.getenv("KEYSTORE_PASSWORD") ?: "«{a16}»"\nkeyAlias = System.getenv("KEY_ALIAS") ?: "release"\nkeyPassword = System.getenv("KEY_PASSWORD") ?: "«{a16}»"',
  ],
  [
    'android-sentry-properties-org-auth-token',
    '# android/sentry.properties\ndefaults.url=https://sentry.io/\ndefaults.org=acme-mobile\ndefaults.project=acme-android\nauth.token=«sntrys_eyJpYXQiOjE3{a12}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6Im{a12}In0=_{a43}»',
  ],
  [
    'gradle-sentry-plugin-block-user-auth-token',
    'sentry {\n    org.set("acme-mobile")\n    projectName.set("acme-android")\n    authToken.set("«sntryu_{h64}»")\n    includeProguardMapping.set(true)\n}',
  ],
  [
    'assets-dir-firebase-admin-service-account',
    '$ cat app/src/main/assets/firebase-adminsdk.json\n{\n  "type": "service_account",\n  "project_id": "acme-shop-7f2c1",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "firebase-adminsdk-{l5}@acme-shop-7f2c1.iam.gserviceaccount.com",\n  "client_id": "1{d20}",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}',
  ],
  [
    'kotlin-play-integrity-decryption-key-beside-verification-key',
    '// TODO move integrity verdict decoding to the backend\nprivate const val DECRYPTION_KEY = "«{b43}=»"\nprivate const val VERIFICATION_KEY = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b64}{b23}="',
  ],
  [
    'kotlin-basic-aws-credentials-s3-upload',
    'val credentials = BasicAWSCredentials("AKIA{U16}", "«{b40}»")\nval s3 = AmazonS3Client(credentials, Region.getRegion(Regions.EU_CENTRAL_1))',
  ],
  [
    'awsconfiguration-json-cognito-app-client-secret',
    '"CognitoUserPool": {\n  "Default": {\n    "PoolId": "eu-west-1_{a9}",\n    "AppClientId": "{l26}",\n    "AppClientSecret": "«{l52}»",\n    "Region": "eu-west-1"\n  }\n}',
  ],
  [
    'java-cloudinary-config-map-api-secret',
    'Map<String, String> config = new HashMap<>();\nconfig.put("cloud_name", "acme-media");\nconfig.put("api_key", "{d15}");\nconfig.put("api_secret", "«{B27}»");\nMediaManager.init(this, config);',
  ],
  [
    'cordova-build-json-android-release-passwords',
    '{\n  "android": {\n    "release": {\n      "keystore": "../keys/acme.keystore",\n      "storePassword": "«{a16}»",\n      "alias": "acme",\n      "password": "«{a16}»",\n      "packageType": "bundle"\n    }\n  }\n}',
  ],
  [
    'capacitor-config-android-build-options-keystore-passwords',
    "const config: CapacitorConfig = {\n  appId: 'io.acme.field',\n  appName: 'Acme Field',\n  webDir: 'dist',\n  android: {\n    buildOptions: {\n      keystorePath: 'release.keystore',\n      keystorePassword: '«{a18}»',\n      keystoreAlias: 'field',\n      keystoreAliasPassword: '«{a18}»',\n      releaseType: 'AAB',\n    },\n  },\n};",
  ],
  [
    'kotlin-hilt-provides-openai-client-inline-key',
    '@Provides @Singleton\nfun provideOpenAI(): OpenAI = OpenAI(\n    token = "«sk-proj-{B58}T3BlbkFJ{B58}»",\n    timeout = Timeout(socket = 60.seconds),\n)',
  ],
  [
    'android-logcat-okhttp-logging-authorization',
    '2024-05-14 09:12:44.318  7421-7466  okhttp.OkHttpClient     io.acme.shop  I  --> POST https://api.stripe.com/v1/customers\n2024-05-14 09:12:44.318  7421-7466  okhttp.OkHttpClient     io.acme.shop  I  Authorization: Bearer «sk_live_{a24}»\n2024-05-14 09:12:44.319  7421-7466  okhttp.OkHttpClient     io.acme.shop  I  --> END POST (64-byte body)',
  ],
  [
    'jadx-decompiled-constants-class-secret',
    '// jadx decompiled from classes3.dex\npublic final class C0412a {\n    public static final String f1203a = "https://api.acme.io/";\n    public static final String f1204b = "«sk_live_{a24}»";\n}',
  ],
  [
    'apktool-strings-grep-sendgrid-key',
    '$ apktool d acme-2.4.1.apk -o out && grep -rn "SG\\." out/res/values/strings.xml\nout/res/values/strings.xml:88:    <string name="mail_key">«SG.{B22}.{B43}»</string>',
  ],
  [
    'info-plist-openai-key-string-entry',
    '<key>CFBundleShortVersionString</key>\n<string>3.2.0</string>\n<key>OpenAIAPIKey</key>\n<string>«sk-proj-{B58}T3BlbkFJ{B58}»</string>',
  ],
  [
    'info-plist-stripe-secret-beside-gad-app-id',
    '<key>GADApplicationIdentifier</key>\n<string>ca-app-pub-{d16}~{d10}</string>\n<key>StripeSecretKey</key>\n<string>«sk_live_{a24}»</string>',
  ],
  [
    'xcconfig-stripe-secret-beside-bundle-id',
    '// Config/Release.xcconfig\nPRODUCT_BUNDLE_IDENTIFIER = io.acme.wallet\nSTRIPE_PUBLISHABLE_KEY = pk_live_{a24}\nSTRIPE_SECRET_KEY = «sk_live_{a24}»',
  ],
  [
    'xcconfig-twilio-token-beside-dollar-slash-url',
    '// Secrets.xcconfig (gitignored... it was not)\nAPI_BASE_URL = https:/$()/api.acme.io/v2\nTWILIO_ACCOUNT_SID = AC{h32}\nTWILIO_AUTH_TOKEN = «{h32}»',
  ],
  [
    'swift-enum-secrets-static-let-openai',
    'enum Secrets {\n    static let openAIKey = "«sk-proj-{B58}T3BlbkFJ{B58}»"\n    static let model = "gpt-4o-mini"\n}',
  ],
  [
    'swift-struct-aws-secret-beside-access-key-id',
    'struct AWSConfig {\n    static let region = "us-east-1"\n    static let accessKeyId = "AKIA{U16}"\n    static let secretAccessKey = "«{b40}»"\n    static let bucket = "acme-user-uploads"\n}',
  ],
  [
    'objc-define-algolia-admin-key-beside-app-id',
    '#define kAlgoliaApplicationID @"{u10}"\n#define kAlgoliaAdminAPIKey   @"«{h32}»"\n#define kAlgoliaIndexName     @"listings"',
  ],
  [
    'swift-urlrequest-fcm-server-key-header',
    'var request = URLRequest(url: URL(string: "https://fcm.googleapis.com/fcm/send")!)\nrequest.httpMethod = "POST"\nrequest.setValue("key=«AAAA{B7}:APA91b{B134}»", forHTTPHeaderField: "Authorization")',
  ],
  [
    'fastlane-dotenv-password-match-and-app-specific',
    '# fastlane/.env.default\nFASTLANE_USER=ios-release@acme.io\nFASTLANE_PASSWORD=«{a16}»\nMATCH_PASSWORD=«{a24}»\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\nFASTLANE_TEAM_ID={u10}',
  ],
  [
    'fastfile-asc-api-key-inline-key-content',
    'lane :beta do\n  api_key = app_store_connect_api_key(\n    key_id: "{u10}",\n    issuer_id: "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    key_content: "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»",\n    in_house: false\n  )\n  pilot(api_key: api_key)\nend',
  ],
  [
    'cat-authkey-p8-file-from-downloads',
    '$ cat ~/Downloads/AuthKey_{u10}.p8\n«-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n{b64}\n{b64}\n{b8}\n-----END PRIVATE KEY-----»',
  ],
  [
    'asc-api-key-json-for-fastlane-key-field',
    '{\n  "key_id": "{u10}",\n  "issuer_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "key": "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»",\n  "duration": 1200,\n  "in_house": false\n}',
  ],
  [
    'fastfile-match-git-basic-authorization',
    'match(\n  type: "appstore",\n  readonly: is_ci,\n  git_url: "https://github.com/acme/certificates.git",\n  git_basic_authorization: "«{b66}==»"\n)',
  ],
  [
    'fastfile-env-assign-match-password',
    'before_all do\n  ENV["MATCH_PASSWORD"] = "«{a20}»"\n  ENV["FASTLANE_XCODEBUILD_SETTINGS_TIMEOUT"] = "120"\nend',
  ],
  [
    'security-import-p12-and-create-keychain-passwords',
    'security create-keychain -p «{a16}» build.keychain\nsecurity default-keychain -s build.keychain\nsecurity unlock-keychain -p «{a16}» build.keychain\nsecurity import dist.p12 -k build.keychain -P «{a16}» -T /usr/bin/codesign',
  ],
  [
    'netrc-mapbox-ios-sdk-download-token',
    '$ cat ~/.netrc\nmachine api.mapbox.com\n  login mapbox\n  password «sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»',
  ],
  [
    'swift-supabase-client-service-role-jwt',
    'let supabase = SupabaseClient(\n    supabaseURL: URL(string: "https://{l20}.supabase.co")!,\n    supabaseKey: "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{a26}Iiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcx{a10}LCJleHAiOjIw{a10}fQ.{B43}»"\n)',
  ],
  [
    'swift-supabase-client-sb-secret-key',
    'let client = SupabaseClient(supabaseURL: Config.supabaseURL, supabaseKey: "«sb_secret_{B22}_{B8}»")',
  ],
  [
    'xcode-build-phase-sentry-auth-token-export',
    '# Build Phases > Upload Debug Symbols to Sentry\nexport SENTRY_ORG=acme-mobile\nexport SENTRY_PROJECT=acme-ios\nexport SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3{a12}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6Im{a12}In0=_{a43}»\nERROR=$(sentry-cli debug-files upload --include-sources "$DWARF_DSYM_FOLDER_PATH" 2>&1 >/dev/null)',
  ],
  [
    'swift-revenuecat-secret-beside-public-appl-key',
    '// RevenueCat: only the public SDK key belongs in the app\nPurchases.configure(withAPIKey: "appl_{a27}")\nlet rcSecret = "«sk_{a32}»" // used by RestoreService REST call',
  ],
  [
    'swift-cloudinary-configuration-api-secret',
    'let config = CLDConfiguration(cloudName: "acme-media", apiKey: "{d15}", apiSecret: "«{B27}»", secure: true)\nlet cloudinary = CLDCloudinary(configuration: config)',
  ],
  [
    'objc-twitter-consumer-secret-beside-key',
    'static NSString * const kTwitterConsumerKey = @"{a25}";\nstatic NSString * const kTwitterConsumerSecret = @"«{a50}»";',
  ],
  [
    'swift-stream-chat-secret-for-dev-token',
    'let apiKey = "{l12}"\n// generate user tokens on device for now\nlet apiSecret = "«{l64}»"\nlet token = try JWT.sign(["user_id": userId], secret: apiSecret)',
  ],
  [
    'swift-agora-app-certificate-beside-app-id',
    'enum AgoraKeys {\n    static let appId = "{h32}"\n    static let appCertificate = "«{h32}»"\n}',
  ],
  [
    'xcrun-altool-upload-app-specific-password',
    'xcrun altool --upload-app -f build/Acme.ipa -t ios -u release@acme.io -p «{L4}-{L4}-{L4}-{L4}»',
  ],
  [
    'xcrun-notarytool-store-credentials-password',
    'xcrun notarytool store-credentials "acme-notary" --apple-id "release@acme.io" --team-id "{u10}" --password "«{L4}-{L4}-{L4}-{L4}»"',
  ],
  [
    'xcconfig-openai-key-ios-secrets-beside-include',
    '#include "Base.xcconfig"\nOPENAI_ORG_ID = org-{a24}\nOPENAI_API_KEY = «sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'swift-apns-p8-string-literal-multiline',
    'let apnsKeyID = "{u10}"\nlet apnsTeamID = "{u10}"\nlet apnsPrivateKey = """\n«-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n{b64}\n{b64}\n{b8}\n-----END PRIVATE KEY-----»\n"""',
  ],
  [
    'fastlane-appfile-with-itunes-password-env-literal',
    '# Appfile\napp_identifier("io.acme.wallet")\napple_id("release@acme.io")\nteam_id("{u10}")\nENV["FASTLANE_PASSWORD"] = "«{a18}»"',
  ],
  [
    'matchfile-with-inline-storage-password',
    '# fastlane/Matchfile\ngit_url("git@github.com:acme/ios-certs.git")\nstorage_mode("git")\ntype("development")\napp_identifier(["io.acme.wallet", "io.acme.wallet.widget"])\n# match decrypt password\nENV["MATCH_PASSWORD"] ||= "«{a22}»"',
  ],
  [
    'swift-google-signin-client-secret-beside-client-id',
    'let googleClientID = "{d12}-{l32}.apps.googleusercontent.com"\nlet googleClientSecret = "«GOCSPX-{B28}»"',
  ],
  [
    'swift-anthropic-key-urlsession-header',
    'request.setValue("«sk-ant-api03-{B93}AA»", forHTTPHeaderField: "x-api-key")\nrequest.setValue("2023-06-01", forHTTPHeaderField: "anthropic-version")',
  ],
  [
    'objc-firebase-database-legacy-secret',
    'FIRDatabaseReference *ref = [[FIRDatabase database] reference];\n// legacy auth with database secret\nNSString *dbSecret = @"«{a40}»";',
  ],
  [
    'ios-pbxproj-shell-script-appcenter-token',
    'shellScript = "appcenter crashes upload-symbols --symbol \\"$DWARF_DSYM_FOLDER_PATH\\" --app acme/ios-prod --token «{h40}»\\n";',
  ],
  [
    'swift-braintree-private-key-beside-tokenization-key',
    'let braintreeClient = BTAPIClient(authorization: "production_{l8}_{l16}")!\nlet gatewayPrivateKey = "«{h32}»" // for refunds screen',
  ],
  [
    'swift-openai-legacy-key-in-xcode-scheme-env',
    '<EnvironmentVariables>\n   <EnvironmentVariable\n      key = "OPENAI_API_KEY"\n      value = "«sk-{a20}T3BlbkFJ{a20}»"\n      isEnabled = "YES">\n   </EnvironmentVariable>\n</EnvironmentVariables>',
  ],
  [
    'react-native-config-env-stripe-secret',
    '# .env (react-native-config)\nAPI_URL=https://api.acme.io\nSTRIPE_PUBLISHABLE_KEY=pk_live_{a24}\nSTRIPE_SECRET_KEY=«sk_live_51{a97}»',
  ],
  [
    'expo-app-json-extra-openai-key-beside-eas-project-id',
    '{\n  "expo": {\n    "name": "Acme Chat",\n    "slug": "acme-chat",\n    "extra": {\n      "openaiApiKey": "«sk-proj-{B58}T3BlbkFJ{B58}»",\n      "eas": { "projectId": "{h8}-{h4}-4{h3}-a{h3}-{h12}" }\n    }\n  }\n}',
  ],
  [
    'expo-app-config-js-env-fallback-literal',
    "export default ({ config }) => ({\n  ...config,\n  extra: {\n    apiUrl: process.env.API_URL ?? 'https://api.acme.io',\n    twilioAuthToken: process.env.TWILIO_AUTH_TOKEN ?? '«{h32}»',\n  },\n});",
  ],
  [
    'eas-json-build-env-sentry-auth-token',
    '{\n  "build": {\n    "production": {\n      "channel": "production",\n      "env": {\n        "APP_VARIANT": "production",\n        "SENTRY_AUTH_TOKEN": "«sntrys_eyJpYXQiOjE3{a12}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6Im{a12}In0=_{a43}»"\n      }\n    }\n  }\n}',
  ],
  [
    'eas-secret-create-cli-value-flag',
    '$ eas secret:create --scope project --name ALGOLIA_ADMIN_KEY --value «{h32}» --type string\n✔ Created a new secret ALGOLIA_ADMIN_KEY on project @acme/acme-chat.',
  ],
  [
    'eas-env-create-sensitive-visibility-value',
    'eas env:create --environment production --name STRIPE_SECRET_KEY --value «sk_live_{a24}» --visibility sensitive',
  ],
  [
    'expo-public-prefix-openai-key-leak',
    '# .env.local\nEXPO_PUBLIC_API_URL=https://api.acme.io\nEXPO_PUBLIC_OPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'rn-fetch-stripe-customers-bearer-literal',
    "const res = await fetch('https://api.stripe.com/v1/customers', {\n  method: 'POST',\n  headers: { Authorization: 'Bearer «sk_live_{a24}»', 'Content-Type': 'application/x-www-form-urlencoded' },\n  body: new URLSearchParams({ email }).toString(),\n});",
  ],
  [
    'rn-twilio-btoa-sid-and-auth-token-consts',
    "const ACCOUNT_SID = 'AC{h32}';\nconst AUTH_TOKEN = '«{h32}»';\nconst auth = 'Basic ' + btoa(`${ACCOUNT_SID}:${AUTH_TOKEN}`);",
  ],
  [
    'rn-dotenv-module-env-file-mailgun-key',
    '# .env consumed via `import { MAILGUN_KEY } from "@env"`\nMAILGUN_DOMAIN=mg.acme.io\nMAILGUN_KEY=«key-{h32}»',
  ],
  [
    'rn-firebase-admin-require-service-account-json',
    '$ cat src/config/serviceAccount.json\n{\n  "type": "service_account",\n  "project_id": "acme-rn-prod",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "firebase-adminsdk-{l5}@acme-rn-prod.iam.gserviceaccount.com",\n  "client_id": "1{d20}",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}',
  ],
  [
    'appcenter-codepush-release-token-flag',
    'appcenter codepush release-react -a acme/acme-chat-ios -d Production --token «{h40}» --description "hotfix 3.2.1"',
  ],
  [
    'rn-onesignal-rest-key-send-notification',
    "await fetch('https://api.onesignal.com/notifications?c=push', {\n  method: 'POST',\n  headers: { Authorization: 'Key «os_v2_app_{k113}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ app_id: '{h8}-{h4}-4{h3}-a{h3}-{h12}', contents: { en: text } }),\n});",
  ],
  [
    'rn-ios-sentry-properties-auth-token',
    '$ cat ios/sentry.properties\ndefaults.url=https://sentry.io/\ndefaults.org=acme\ndefaults.project=acme-chat\nauth.token=«sntryu_{h64}»',
  ],
  [
    'rn-constants-file-aws-secret-beside-region',
    "export const AWS_REGION = 'eu-west-1';\nexport const AWS_ACCESS_KEY_ID = 'AKIA{U16}';\nexport const AWS_SECRET_ACCESS_KEY = '«{b40}»';",
  ],
  [
    'expo-push-sender-script-fcm-server-key',
    '// scripts/push.js -- run with node, shipped in the app repo\nconst FCM_SERVER_KEY = "«AAAA{B7}:APA91b{B134}»";',
  ],
  [
    'expo-config-plugin-props-mapbox-download-token',
    '"plugins": [\n  ["@rnmapbox/maps", { "RNMapboxMapsDownloadToken": "«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»" }]\n]',
  ],
  [
    'rn-supabase-createclient-service-role-key',
    "import { createClient } from '@supabase/supabase-js';\nexport const supabase = createClient('https://{l20}.supabase.co', '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{a26}Iiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcx{a10}LCJleHAiOjIw{a10}fQ.{B43}»', {\n  auth: { storage: AsyncStorage, persistSession: true },\n});",
  ],
  [
    'rn-google-signin-configure-with-client-secret-extra',
    "GoogleSignin.configure({\n  webClientId: '{d12}-{l32}.apps.googleusercontent.com',\n  offlineAccess: true,\n});\nconst CLIENT_SECRET = '«GOCSPX-{B28}»'; // used to swap serverAuthCode",
  ],
  [
    'flutter-run-dart-define-openai-key',
    'flutter run --flavor prod --dart-define=API_URL=https://api.acme.io --dart-define=OPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'dart-define-from-file-json-stripe-secret',
    '$ cat config/prod.json\n{\n  "API_URL": "https://api.acme.io",\n  "STRIPE_PUBLISHABLE_KEY": "pk_live_{a24}",\n  "STRIPE_SECRET_KEY": "«sk_live_{a24}»"\n}\n$ flutter build appbundle --dart-define-from-file=config/prod.json',
  ],
  [
    'dart-const-string-stripe-secret-k-prefix',
    "const String kStripePublishableKey = 'pk_live_{a24}';\nconst String kStripeSecretKey = '«sk_live_{a24}»';",
  ],
  [
    'dart-from-environment-default-value-literal',
    "const twilioToken = String.fromEnvironment(\n  'TWILIO_AUTH_TOKEN',\n  defaultValue: '«{h32}»',\n);",
  ],
  [
    'vscode-launch-json-flutter-dart-define-args',
    '{\n  "name": "acme (prod)",\n  "request": "launch",\n  "type": "dart",\n  "args": ["--dart-define", "ANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»"]\n}',
  ],
  [
    'flutter-envied-dotenv-file-secret',
    '# .env read by envied_generator (@EnviedField(obfuscate: true))\nBASE_URL=https://api.acme.io\nALGOLIA_APP_ID={u10}\nALGOLIA_WRITE_KEY=«{h32}»',
  ],
  [
    'codemagic-yaml-vars-keystore-password-literal',
    'workflows:\n  android-release:\n    environment:\n      android_signing:\n        - acme_keystore\n      vars:\n        PACKAGE_NAME: "io.acme.field"\n        CM_KEYSTORE_PASSWORD: «{a20}»\n        CM_KEY_PASSWORD: «{a20}»',
  ],
  [
    'codemagic-yaml-app-store-connect-private-key-var',
    '    environment:\n      vars:\n        APP_STORE_CONNECT_KEY_IDENTIFIER: {u10}\n        APP_STORE_CONNECT_ISSUER_ID: {h8}-{h4}-4{h3}-a{h3}-{h12}\n        APP_STORE_CONNECT_PRIVATE_KEY: "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»"',
  ],
  [
    'codemagic-cli-keychain-add-certificates-password',
    'keychain initialize\nkeychain add-certificates --certificate ios_distribution.p12 --certificate-password «{a16}»\nxcode-project use-profiles',
  ],
  [
    'dart-http-basic-auth-twilio-sid-token',
    "final creds = base64Encode(utf8.encode('AC{h32}:«{h32}»'));\nfinal res = await http.post(uri, headers: {'Authorization': 'Basic $creds'}, body: form);",
  ],
  [
    'dart-supabase-initialize-anonkey-holds-service-role',
    "await Supabase.initialize(\n  url: 'https://{l20}.supabase.co',\n  anonKey: '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{a26}Iiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcx{a10}LCJleHAiOjIw{a10}fQ.{B43}»',\n);",
  ],
  [
    'dart-openai-package-api-key-assignment',
    "void main() {\n  OpenAI.apiKey = '«sk-{a20}T3BlbkFJ{a20}»';\n  OpenAI.organization = 'org-{a24}';\n  runApp(const AcmeApp());\n}",
  ],
  [
    'flutter-build-ipa-dart-define-sentry-and-key',
    'flutter build ipa --release \\\n  --dart-define=SENTRY_DSN=https://{h32}@o{d6}.ingest.sentry.io/{d7} \\\n  --dart-define=MAPBOX_SECRET=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»',
  ],
  [
    'ionic-environment-prod-ts-stripe-secret',
    "export const environment = {\n  production: true,\n  apiUrl: 'https://api.acme.io',\n  stripePublishableKey: 'pk_live_{a24}',\n  stripeSecretKey: '«sk_live_{a24}»',\n};",
  ],
  [
    'angular-environment-algolia-admin-beside-firebase-config',
    "export const environment = {\n  firebase: { projectId: 'acme-field', appId: '1:{d12}:web:{h22}', messagingSenderId: '{d12}' },\n  algolia: { appId: '{u10}', adminKey: '«{h32}»' },\n};",
  ],
  [
    'cordova-config-xml-plugin-variable-client-secret',
    '<plugin name="cordova-plugin-acme-sso" spec="^2.1.0">\n    <variable name="CLIENT_ID" value="acme-field-app" />\n    <variable name="CLIENT_SECRET" value="«{a40}»" />\n</plugin>',
  ],
  [
    'capacitor-config-plugins-custom-secret-key',
    "plugins: {\n  SplashScreen: { launchShowDuration: 0 },\n  AcmeChat: {\n    apiKey: '{l12}',\n    apiSecret: '«{l64}»',\n  },\n},",
  ],
  [
    'ionic-service-hasura-admin-secret-header',
    "this.apollo.create({\n  link: this.httpLink.create({ uri: 'https://gql.acme.io/v1/graphql' }),\n  headers: new HttpHeaders({ 'x-hasura-admin-secret': '«{a32}»' }),\n});",
  ],
  [
    'capacitor-ios-app-delegate-pubnub-secret',
    'let config = PubNubConfiguration(\n    publishKey: "pub-c-{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    subscribeKey: "sub-c-{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    secretKey: "«sec-c-{B48}»",\n    userId: deviceId\n)',
  ],
  [
    'electron-builder-yml-github-publish-token',
    'appId: io.acme.desktop\nproductName: Acme Desktop\npublish:\n  provider: github\n  owner: acme\n  repo: desktop\n  token: «ghp_{a36}»',
  ],
  [
    'electron-package-json-win-certificate-password',
    '"build": {\n  "appId": "io.acme.desktop",\n  "win": {\n    "target": "nsis",\n    "certificateFile": "build/acme-codesign.pfx",\n    "certificatePassword": "«{a20}»"\n  }\n}',
  ],
  [
    'electron-builder-env-csc-and-apple-passwords',
    '# .env.release\nCSC_LINK=build/DeveloperID.p12\nCSC_KEY_PASSWORD=«{a18}»\nAPPLE_ID=release@acme.io\nAPPLE_APP_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\nAPPLE_TEAM_ID={u10}',
  ],
  [
    'electron-notarize-js-apple-id-password-literal',
    "await notarize({\n  tool: 'notarytool',\n  appPath: `${appOutDir}/${appName}.app`,\n  appleId: 'release@acme.io',\n  appleIdPassword: '«{L4}-{L4}-{L4}-{L4}»',\n  teamId: '{u10}',\n});",
  ],
  [
    'electron-main-openai-client-inline-key',
    "const { app, ipcMain } = require('electron');\nconst OpenAI = require('openai');\nconst openai = new OpenAI({ apiKey: '«sk-proj-{B58}T3BlbkFJ{B58}»' });\nipcMain.handle('chat', (_e, messages) => openai.chat.completions.create({ model: 'gpt-4o', messages }));",
  ],
  [
    'electron-preload-contextbridge-exposes-secret',
    "contextBridge.exposeInMainWorld('config', {\n  apiBase: 'https://api.acme.io',\n  deepgramKey: '«{h40}»',\n});",
  ],
  [
    'electron-builder-s3-publish-secret-access-key',
    '"publish": [{\n  "provider": "s3",\n  "bucket": "acme-desktop-releases",\n  "region": "eu-central-1"\n}],\n"env": { "AWS_ACCESS_KEY_ID": "AKIA{U16}", "AWS_SECRET_ACCESS_KEY": "«{b40}»" }',
  ],
  [
    'electron-forge-config-osx-notarize-password',
    "packagerConfig: {\n  osxSign: {},\n  osxNotarize: {\n    appleId: 'release@acme.io',\n    appleIdPassword: '«{L4}-{L4}-{L4}-{L4}»',\n    teamId: '{u10}',\n  },\n},",
  ],
  [
    'signtool-sign-pfx-password-flag',
    'signtool sign /f certs\\acme-ev.pfx /p «{a20}» /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 "dist\\Acme Setup 4.1.0.exe"',
  ],
  ['electron-store-encryption-key-literal', "const store = new Store({\n  name: 'acme-settings',\n  encryptionKey: '«{a32}»',\n});"],
  [
    'electron-updater-private-github-token-setfeedurl',
    "autoUpdater.setFeedURL({\n  provider: 'github',\n  owner: 'acme',\n  repo: 'desktop-private',\n  private: true,\n  token: '«github_pat_{a22}_{a59}»',\n});",
  ],
  [
    'electron-main-anthropic-key-in-ipc-handler',
    "const anthropic = new Anthropic({ apiKey: '«sk-ant-api03-{B93}AA»' });\nipcMain.handle('summarize', async (_e, text) => anthropic.messages.create({ model: 'claude-3-5-haiku-latest', max_tokens: 512, messages: [{ role: 'user', content: text }] }));",
  ],
  [
    'webpack-defineplugin-stripe-secret-json-stringify',
    "new webpack.DefinePlugin({\n  'process.env.API_URL': JSON.stringify(process.env.API_URL),\n  'process.env.STRIPE_SECRET_KEY': JSON.stringify('«sk_live_{a24}»'),\n}),",
  ],
  [
    'webpack-environmentplugin-default-openai-key',
    "new webpack.EnvironmentPlugin({\n  NODE_ENV: 'production',\n  OPENAI_API_KEY: '«sk-proj-{B58}T3BlbkFJ{B58}»',\n}),",
  ],
  [
    'vite-env-production-openai-key-vite-prefix',
    '# .env.production\nVITE_API_BASE=https://api.acme.io\nVITE_OPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'vite-config-define-sentry-token-global',
    "export default defineConfig({\n  plugins: [react()],\n  define: {\n    __APP_VERSION__: JSON.stringify(pkg.version),\n    __SENTRY_TOKEN__: JSON.stringify('«sntrys_eyJpYXQiOjE3{a12}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6Im{a12}In0=_{a43}»'),\n  },\n});",
  ],
  [
    'vite-sentry-plugin-auth-token-literal',
    "sentryVitePlugin({\n  org: 'acme',\n  project: 'acme-web',\n  authToken: '«sntryu_{h64}»',\n  sourcemaps: { filesToDeleteAfterUpload: ['./dist/**/*.map'] },\n}),",
  ],
  [
    'next-config-env-block-stripe-secret',
    "/** @type {import('next').NextConfig} */\nmodule.exports = {\n  reactStrictMode: true,\n  env: {\n    STRIPE_SECRET_KEY: '«sk_live_{a24}»',\n  },\n};",
  ],
  [
    'next-env-local-next-public-openai-key',
    '# .env.local\nNEXT_PUBLIC_SITE_URL=https://acme.io\nNEXT_PUBLIC_OPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'next-env-production-supabase-service-role-beside-publishable',
    'NEXT_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nNEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{B22}_{B8}\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{a26}Iiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcx{a10}LCJleHAiOjIw{a10}fQ.{B43}»',
  ],
  [
    'minified-chunk-const-stripe-secret',
    '(self.webpackChunk_N_E=self.webpackChunk_N_E||[]).push([[888],{4512:function(e,t,n){"use strict";n.d(t,{Z:function(){return r}});const r="«sk_live_{a24}»"}}]);',
  ],
  [
    'minified-bundle-authorization-bearer-openai',
    'async function Ht(e){return(await fetch("https://api.openai.com/v1/chat/completions",{method:"POST",headers:{"Content-Type":"application/json",Authorization:"Bearer «sk-proj-{B58}T3BlbkFJ{B58}»"},body:JSON.stringify(e)})).json()}',
  ],
  [
    'sourcemap-sources-content-algolia-admin-key',
    '"sourcesContent":["import algoliasearch from \'algoliasearch\';\\nexport const client = algoliasearch(\'{u10}\', \'«{h32}»\');\\n"],"mappings":"AAAA,OAAO"',
  ],
  [
    'curl-grep-deployed-bundle-aws-keys',
    '$ curl -s https://app.acme.io/assets/index-{l8}.js | grep -oE \'accessKeyId:"[^"]+",secretAccessKey:"[^"]+"\'\naccessKeyId:"AKIA{U16}",secretAccessKey:"«{b40}»"',
  ],
  [
    'devtools-copied-request-headers-anthropic',
    ':authority: api.anthropic.com\n:method: POST\n:path: /v1/messages\nanthropic-dangerous-direct-browser-access: true\nx-api-key: «sk-ant-api03-{B93}AA»',
  ],
  [
    'cra-env-react-app-twilio-auth-token',
    'REACT_APP_TWILIO_ACCOUNT_SID=AC{h32}\nREACT_APP_TWILIO_AUTH_TOKEN=«{h32}»\nREACT_APP_TWILIO_FROM=+14155550142',
  ],
  ['vue-cli-env-vue-app-sendgrid-key', '# .env.production.local\nVUE_APP_API=https://api.acme.io\nVUE_APP_SENDGRID_KEY=«SG.{B22}.{B43}»'],
  [
    'nuxt-runtime-config-public-and-private-secret',
    "export default defineNuxtConfig({\n  runtimeConfig: {\n    stripeSecret: '«sk_live_{a24}»',\n    public: {\n      stripeKey: 'pk_live_{a24}',\n      mailchimpKey: '«{h32}-us21»',\n    },\n  },\n});",
  ],
  ['sveltekit-env-public-prefix-replicate-token', '# .env\nPUBLIC_SITE_NAME=Acme\nPUBLIC_REPLICATE_API_TOKEN=«r8_{a37}»'],
  [
    'angular-environment-aws-secret-s3-direct-upload',
    "export const environment = {\n  production: true,\n  s3: { bucket: 'acme-avatars', region: 'eu-west-1', accessKeyId: 'AKIA{U16}', secretAccessKey: '«{b40}»' },\n};",
  ],
  [
    'gatsby-config-contentful-management-token',
    "{\n  resolve: 'gatsby-source-contentful',\n  options: {\n    spaceId: '{l12}',\n    accessToken: process.env.CONTENTFUL_ACCESS_TOKEN,\n    managementToken: '«CFPAT-{B43}»',\n  },\n},",
  ],
  [
    'browser-algoliasearch-init-admin-key',
    "import algoliasearch from 'algoliasearch/lite';\nconst searchClient = algoliasearch('{u10}', '«{h32}»'); // admin key so addObjects works from the dashboard page",
  ],
  [
    'mapboxgl-access-token-secret-sk-in-browser',
    "import mapboxgl from 'mapbox-gl';\nmapboxgl.accessToken = '«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»';\nconst map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/streets-v12' });",
  ],
  [
    'openai-dangerously-allow-browser-literal',
    "const client = new OpenAI({\n  apiKey: '«sk-proj-{B58}T3BlbkFJ{B58}»',\n  dangerouslyAllowBrowser: true,\n});",
  ],
  [
    'anthropic-sdk-dangerously-allow-browser-literal',
    "const anthropic = new Anthropic({ apiKey: '«sk-ant-api03-{B93}AA»', dangerouslyAllowBrowser: true });",
  ],
  [
    'index-html-window-env-inline-script-secret',
    '<script>\n  window.__ENV__ = {\n    API_URL: "https://api.acme.io",\n    SENTRY_DSN: "https://{h32}@o{d6}.ingest.sentry.io/{d7}",\n    HUBSPOT_TOKEN: "«pat-eu1-{h8}-{h4}-4{h3}-a{h3}-{h12}»"\n  };\n</script>',
  ],
  [
    'docker-build-arg-vite-stripe-secret',
    'docker build \\\n  --build-arg VITE_API_URL=https://api.acme.io \\\n  --build-arg VITE_STRIPE_SECRET=«sk_live_{a24}» \\\n  -t acme/web:2.8.0 .',
  ],
  [
    'vercel-json-legacy-env-block-secret',
    '{\n  "version": 2,\n  "env": {\n    "NEXT_PUBLIC_APP_ENV": "production",\n    "RESEND_API_KEY": "«re_{a8}_{a24}»"\n  }\n}',
  ],
  [
    'netlify-toml-build-environment-secret',
    '[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  NODE_VERSION = "20"\n  VITE_AIRTABLE_TOKEN = "«pat{a14}.{h64}»"',
  ],
  [
    'gh-pages-workflow-env-react-app-literal',
    '      - run: npm run build\n        env:\n          REACT_APP_API_URL: https://api.acme.io\n          REACT_APP_PLAID_SECRET: «{h30}»\n          REACT_APP_PLAID_CLIENT_ID: {h24}',
  ],
  ['storybook-main-env-function-secret', "env: (config) => ({\n  ...config,\n  STORYBOOK_FIGMA_TOKEN: '«figd_{B40}»',\n}),"],
  [
    'rollup-plugin-replace-secret-value',
    "replace({\n  preventAssignment: true,\n  'process.env.NODE_ENV': JSON.stringify('production'),\n  __SHOPIFY_ADMIN_TOKEN__: JSON.stringify('«shpat_{h32}»'),\n}),",
  ],
  [
    'esbuild-cli-define-api-secret',
    'npx esbuild src/index.ts --bundle --minify --outfile=dist/app.js --define:process.env.PAYSTACK_SECRET=\\"«sk_live_{h40}»\\"',
  ],
  [
    'webpack-dev-server-proxy-headers-bearer',
    "devServer: {\n  proxy: [{\n    context: ['/api'],\n    target: 'https://api.acme.io',\n    headers: { Authorization: 'Bearer «{a40}»' },\n    changeOrigin: true,\n  }],\n},",
  ],
  [
    'shopify-theme-js-admin-api-token',
    "// assets/custom-cart.js\nfetch('/admin/api/2024-04/draft_orders.json', {\n  method: 'POST',\n  headers: { 'X-Shopify-Access-Token': '«shpat_{h32}»', 'Content-Type': 'application/json' },\n});",
  ],
  [
    'spa-oauth-config-google-client-secret',
    "export const oauthConfig = {\n  clientId: '{d12}-{l32}.apps.googleusercontent.com',\n  clientSecret: '«GOCSPX-{B28}»',\n  redirectUri: window.location.origin + '/callback',\n};",
  ],
  [
    'auth0-spa-config-client-secret-leak',
    "createAuth0Client({\n  domain: 'acme.eu.auth0.com',\n  clientId: '{a32}',\n  clientSecret: '«{B64}»',\n  authorizationParams: { redirect_uri: window.location.origin },\n});",
  ],
  [
    'mixpanel-api-secret-beside-project-token',
    "mixpanel.init('{h32}', { track_pageview: true });\nconst MIXPANEL_API_SECRET = '«{h32}»'; // for export API on admin page",
  ],
  ['amplitude-secret-key-beside-api-key-js', "amplitude.init('{h32}');\nconst exportAuth = btoa('{h32}:' + '«{h32}»');"],
  [
    'launchdarkly-sdk-key-in-frontend-beside-client-id',
    "const ldClient = LDClient.initialize('{h24}', context);\n// server-side flags for SSR\nconst LD_SDK_KEY = '«sdk-{h8}-{h4}-4{h3}-a{h3}-{h12}»';",
  ],
  ['statsig-server-secret-in-vite-env', 'VITE_STATSIG_CLIENT_KEY=client-{a43}\nVITE_STATSIG_SERVER_SECRET=«secret-{a43}»'],
  [
    'posthog-personal-api-key-beside-project-key',
    "posthog.init('phc_{a43}', { api_host: 'https://eu.i.posthog.com' });\nconst POSTHOG_PERSONAL_KEY = '«phx_{a43}»';",
  ],
  [
    'datadog-api-key-vite-config-beside-rum-client-token',
    "datadogRum.init({ applicationId: '{h8}-{h4}-4{h3}-a{h3}-{h12}', clientToken: 'pub{h32}', site: 'datadoghq.eu' });\nconst DD_API_KEY = '«{h32}»';",
  ],
  [
    'pusher-secret-in-frontend-beside-key',
    "const pusher = new Pusher({\n  appId: '{d7}',\n  key: '{h20}',\n  secret: '«{h20}»',\n  cluster: 'eu',\n  useTLS: true,\n});",
  ],
  ['ably-realtime-full-api-key-browser', "const ably = new Ably.Realtime({ key: '«{a6}.{a6}:{B43}»', clientId: user.id });"],
  [
    'pubnub-browser-secret-key-beside-pub-sub',
    "const pubnub = new PubNub({\n  publishKey: 'pub-c-{h8}-{h4}-4{h3}-a{h3}-{h12}',\n  subscribeKey: 'sub-c-{h8}-{h4}-4{h3}-a{h3}-{h12}',\n  secretKey: '«sec-c-{B48}»',\n  userId: 'web-' + uid,\n});",
  ],
  ['stream-chat-server-secret-react-component', "const client = StreamChat.getInstance('{l12}', '«{l64}»');"],
  [
    'agora-web-app-certificate-token-builder',
    "const APP_ID = '{h32}';\nconst APP_CERTIFICATE = '«{h32}»';\nconst token = RtcTokenBuilder.buildTokenWithUid(APP_ID, APP_CERTIFICATE, channel, 0, RtcRole.PUBLISHER, expireAt);",
  ],
  ['razorpay-key-secret-checkout-page', "const razorpay = new Razorpay({\n  key_id: 'rzp_live_{a14}',\n  key_secret: '«{a24}»',\n});"],
  [
    'paystack-secret-key-inline-verify',
    "const verify = await fetch(`https://api.paystack.co/transaction/verify/${ref}`, {\n  headers: { Authorization: 'Bearer «sk_live_{h40}»' },\n});",
  ],
  [
    'square-access-token-web-payments-page',
    "const payments = Square.payments('sq0idp-{B22}', 'L{u12}');\nconst SQUARE_ACCESS_TOKEN = '«EAAA{B60}»';",
  ],
  [
    'paypal-client-secret-btoa-browser',
    "const PAYPAL_CLIENT_ID = 'A{B79}';\nconst PAYPAL_SECRET = '«E{B79}»';\nconst basic = btoa(`${PAYPAL_CLIENT_ID}:${PAYPAL_SECRET}`);",
  ],
  [
    'clerk-secret-key-next-public-prefix',
    'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuYWNtZS5pbyQ\nNEXT_PUBLIC_CLERK_SECRET_KEY=«sk_live_{a50}»',
  ],
  [
    'cloudinary-url-with-secret-in-vite-env',
    'VITE_CLOUDINARY_UPLOAD_PRESET=acme_unsigned\nVITE_CLOUDINARY_URL=«cloudinary://{d15}:{B27}@acme-media»',
  ],
  [
    'contact-form-js-mailchimp-key',
    "const MAILCHIMP_KEY = '«{h32}-us14»';\nconst LIST_ID = '{h10}';\nfetch(`https://us14.api.mailchimp.com/3.0/lists/${LIST_ID}/members`, { method: 'POST', headers: { Authorization: `apikey ${MAILCHIMP_KEY}` } });",
  ],
  [
    'recaptcha-secret-in-frontend-siteverify-call',
    "grecaptcha.execute('6L{B38}', { action: 'signup' }).then(async (token) => {\n  const r = await fetch('https://www.google.com/recaptcha/api/siteverify', {\n    method: 'POST',\n    body: new URLSearchParams({ secret: '«6L{B38}»', response: token }),\n  });\n});",
  ],
  [
    'hcaptcha-secret-in-client-beside-sitekey-uuid',
    '<div class="h-captcha" data-sitekey="{h8}-{h4}-4{h3}-a{h3}-{h12}"></div>\n<script>\n  const HCAPTCHA_SECRET = "«0x{h40}»";\n</script>',
  ],
  [
    'turnstile-secret-in-client-beside-sitekey',
    "turnstile.render('#cf', { sitekey: '0x4AAAAAAA{B14}' });\nconst TURNSTILE_SECRET = '«0x4AAAAAAA{B25}»';",
  ],
  [
    'airtable-pat-fetch-browser-records',
    "const res = await fetch('https://api.airtable.com/v0/app{a14}/Leads', {\n  headers: { Authorization: 'Bearer «pat{a14}.{h64}»' },\n});",
  ],
  ['branch-secret-key-beside-branch-key-web', "branch.init('key_live_{a32}');\nconst BRANCH_SECRET = '«secret_live_{a32}»';"],
  [
    'segment-public-api-token-beside-write-key',
    "analytics.load('{a32}');\nconst SEGMENT_API_TOKEN = '«sgp_{a64}»'; // used by the tracking-plan sync",
  ],
  [
    'new-relic-user-key-frontend-nerdgraph',
    "fetch('https://api.newrelic.com/graphql', {\n  method: 'POST',\n  headers: { 'API-Key': '«NRAK-{U27}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ query }),\n});",
  ],
  [
    'astro-config-vite-define-notion-token',
    "export default defineConfig({\n  vite: {\n    define: { 'import.meta.env.NOTION_TOKEN': JSON.stringify('«ntn_{d11}{a35}»') },\n  },\n});",
  ],
  [
    'parcel-env-production-github-token',
    '# .env.production (Parcel inlines process.env.*)\nGITHUB_REPO=acme/changelog\nGITHUB_TOKEN=«ghp_{a36}»',
  ],
  [
    'firebase-realtime-db-secret-rest-auth-param',
    'const url = `https://acme-chat-default-rtdb.firebaseio.com/rooms.json?auth=«{a40}»`;\nconst rooms = await (await fetch(url)).json();',
  ],
  [
    'extension-background-js-openai-key-const',
    "// background.js (MV3 service worker)\nconst OPENAI_KEY = '«sk-proj-{B58}T3BlbkFJ{B58}»';\nchrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {\n  summarize(msg.text).then(sendResponse);\n  return true;\n});",
  ],
  [
    'extension-background-client-secret-launch-web-auth-flow',
    "const CLIENT_ID = '{d12}-{l32}.apps.googleusercontent.com';\nconst CLIENT_SECRET = '«GOCSPX-{B28}»';\nchrome.identity.launchWebAuthFlow({ url: authUrl, interactive: true }, exchangeCode);",
  ],
  [
    'chrome-webstore-upload-ci-client-secret-refresh-token',
    '      - run: npx chrome-webstore-upload-cli upload --source ext.zip --extension-id {L32} --auto-publish\n        env:\n          CLIENT_ID: {d12}-{l32}.apps.googleusercontent.com\n          CLIENT_SECRET: «GOCSPX-{B28}»\n          REFRESH_TOKEN: «1//0{a2}{B96}»',
  ],
  ['web-ext-sign-amo-api-secret-flag', 'npx web-ext sign --channel=listed --api-key=user:{d8}:{d3} --api-secret=«{h64}»'],
  [
    'extension-options-default-storage-notion-token',
    "chrome.runtime.onInstalled.addListener(() => {\n  chrome.storage.sync.set({ notionToken: '«secret_{a43}»', databaseId: '{h32}' });\n});",
  ],
  [
    'extension-content-script-deepl-auth-key',
    "const DEEPL_KEY = '«{h8}-{h4}-4{h3}-a{h3}-{h12}:fx»';\nfetch('https://api-free.deepl.com/v2/translate', { method: 'POST', headers: { Authorization: `DeepL-Auth-Key ${DEEPL_KEY}` }, body });",
  ],
  ['firefox-amo-env-jwt-secret-beside-issuer', '# .env for web-ext\nWEB_EXT_API_KEY=user:{d8}:{d3}\nWEB_EXT_API_SECRET=«{h64}»'],
  [
    'extension-background-github-fine-grained-pat',
    "async function createGist(files) {\n  return fetch('https://api.github.com/gists', {\n    method: 'POST',\n    headers: { Authorization: 'token «github_pat_{a22}_{a59}»' },\n    body: JSON.stringify({ public: false, files }),\n  });\n}",
  ],
  [
    'service-worker-fcm-server-key-send-from-sw',
    "// sw.js\nself.addEventListener('message', (event) => {\n  fetch('https://fcm.googleapis.com/fcm/send', {\n    method: 'POST',\n    headers: { Authorization: 'key=«AAAA{B7}:APA91b{B134}»', 'Content-Type': 'application/json' },\n    body: JSON.stringify(event.data),\n  });\n});",
  ],
  ['web-push-set-vapid-details-private-key', "webpush.setVapidDetails(\n  'mailto:push@acme.io',\n  'B{B86}',\n  '«{B43}»'\n);"],
  ['dotenv-vapid-private-beside-public-key', 'VAPID_SUBJECT=mailto:push@acme.io\nVAPID_PUBLIC_KEY=B{B86}\nVAPID_PRIVATE_KEY=«{B43}»'],
  [
    'service-worker-sync-handler-bearer-token',
    "self.addEventListener('sync', (event) => {\n  if (event.tag === 'outbox') {\n    event.waitUntil(fetch('/api/outbox/flush', { method: 'POST', headers: { Authorization: 'Bearer «{B48}»' } }));\n  }\n});",
  ],
  [
    'firebase-messaging-sw-with-admin-service-account-note',
    '// firebase-messaging-sw.js\nimportScripts("https://www.gstatic.com/firebasejs/10.12.0/firebase-app-compat.js");\n// sender credentials for topic fan-out\nconst SERVICE_ACCOUNT_KEY = "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»";',
  ],
  [
    'bitrise-yml-app-envs-keystore-password-literal',
    'app:\n  envs:\n  - PROJECT_LOCATION: android\n  - MODULE: app\n  - VARIANT: release\n  - KEYSTORE_PASSWORD: «{a18}»\n    opts:\n      is_expand: false',
  ],
  [
    'bitrise-android-sign-step-inputs-literals',
    '- sign-apk@1:\n    inputs:\n    - android_app: $BITRISE_AAB_PATH\n    - keystore_url: $BITRISEIO_ANDROID_KEYSTORE_URL\n    - keystore_password: «{a16}»\n    - keystore_alias: acme\n    - private_key_password: «{a16}»',
  ],
  [
    'bitrise-secrets-yml-local-cli',
    '# .bitrise.secrets.yml\nenvs:\n- BITRISEIO_ANDROID_KEYSTORE_PASSWORD: «{a20}»\n- SLACK_WEBHOOK: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»',
  ],
  [
    'bitrise-ios-certificate-passphrase-step',
    '- certificate-and-profile-installer@1:\n    inputs:\n    - certificate_url: file://./certs/dist.p12\n    - certificate_passphrase: «{a14}»\n    - install_defaults: "no"',
  ],
  [
    'codemagic-yaml-firebase-token-literal',
    '    publishing:\n      firebase:\n        firebase_token: «1//0{a2}{B96}»\n        android:\n          app_id: 1:{d12}:android:{h16}\n          groups: [qa]',
  ],
  [
    'appcenter-login-token-cli',
    '$ appcenter login --token «{h40}»\nLogged in as acme-release\n$ appcenter distribute release -a acme/field-android -f app-release.apk -g Testers',
  ],
  [
    'appcenter-api-curl-x-api-token',
    'curl -sS -X POST "https://api.appcenter.ms/v0.1/apps/acme/field-ios/release_uploads" \\\n  -H "accept: application/json" \\\n  -H "X-API-Token: «{h40}»"',
  ],
  [
    'appcenter-post-clone-script-writes-secret',
    '#!/usr/bin/env bash\n# appcenter-post-clone.sh\necho "MAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}»" >> android/gradle.properties',
  ],
  [
    'gha-sign-android-release-step-literals',
    '      - uses: r0adkll/sign-android-release@v1\n        with:\n          releaseDirectory: app/build/outputs/bundle/release\n          signingKeyBase64: ${{ secrets.SIGNING_KEY }}\n          alias: ${{ secrets.ALIAS }}\n          keyStorePassword: «{a18}»\n          keyPassword: «{a18}»',
  ],
  [
    'gitlab-ci-mobile-variables-match-password',
    'variables:\n  LC_ALL: "en_US.UTF-8"\n  FASTLANE_SKIP_UPDATE_CHECK: "1"\n  MATCH_PASSWORD: "«{a22}»"\n\nbeta_ios:\n  stage: deploy\n  script: bundle exec fastlane ios beta',
  ],
  [
    'azure-pipelines-android-signing-task-passwords',
    '- task: AndroidSigning@3\n  inputs:\n    apkFiles: "**/*.apk"\n    apksignerKeystoreFile: acme-release.jks\n    apksignerKeystorePassword: «{a18}»\n    apksignerKeystoreAlias: acme\n    apksignerKeyPassword: «{a18}»',
  ],
  [
    'azure-pipelines-install-apple-certificate-pwd',
    '- task: InstallAppleCertificate@2\n  inputs:\n    certSecureFile: "ios_distribution.p12"\n    certPwd: «{a16}»\n    keychain: "temp"',
  ],
  [
    'circleci-fastlane-job-environment-literals',
    '  ios-beta:\n    macos:\n      xcode: 15.3.0\n    environment:\n      FL_OUTPUT_DIR: output\n      MATCH_PASSWORD: «{a20}»\n      FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD: «{L4}-{L4}-{L4}-{L4}»\n    steps:\n      - checkout\n      - run: bundle exec fastlane beta',
  ],
  [
    'jenkinsfile-environment-block-keystore-password',
    "pipeline {\n  agent { label 'android' }\n  environment {\n    ANDROID_HOME = '/opt/android-sdk'\n    SIGNING_STORE_PASSWORD = '«{a18}»'\n  }\n  stages { stage('Bundle') { steps { sh './gradlew bundleRelease' } } }\n}",
  ],
  [
    'firebase-appdistribution-cli-token-flag',
    'firebase appdistribution:distribute app-release.apk \\\n  --app 1:{d12}:android:{h16} \\\n  --groups "qa, pm" \\\n  --token "«1//0{a2}{B96}»"',
  ],
  [
    'firebase-distribution-action-service-credentials-content',
    '      - uses: wzieba/Firebase-Distribution-Github-Action@v1\n        with:\n          appId: 1:{d12}:android:{h16}\n          serviceCredentialsFileContent: \'{"type":"service_account","project_id":"acme-field","private_key":"«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»\\n","client_email":"distribution@acme-field.iam.gserviceaccount.com"}\'\n          file: app/build/outputs/apk/release/app-release.apk',
  ],
  [
    'fastlane-supply-json-key-data-inline',
    'upload_to_play_store(\n  track: "internal",\n  aab: "app/build/outputs/bundle/release/app-release.aab",\n  json_key_data: \'{"type":"service_account","client_email":"play-publisher@acme-field.iam.gserviceaccount.com","private_key":"«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»\\n"}\'\n)',
  ],
  [
    'gradle-play-publisher-env-credentials-json',
    'export ANDROID_PUBLISHER_CREDENTIALS=\'{ "type": "service_account", "project_id": "acme-play-473210", "private_key_id": "{h40}", "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»\\n", "client_email": "gpp-uploader@acme-play-473210.iam.gserviceaccount.com", "client_id": "1{d20}", "token_uri": "https://oauth2.googleapis.com/token" }\'\n./gradlew publishReleaseBundle',
  ],
  [
    'browserstack-app-upload-curl-user-accesskey',
    'curl -u "acmeqa_{a6}:«{a20}»" \\\n  -X POST "https://api-cloud.browserstack.com/app-automate/upload" \\\n  -F "file=@app/build/outputs/apk/debug/app-debug.apk"',
  ],
  [
    'saucelabs-access-key-uuid-wdio-config',
    "exports.config = {\n  user: 'acme-qa',\n  key: '«{h8}-{h4}-4{h3}-a{h3}-{h12}»',\n  region: 'eu',\n  services: ['sauce'],\n};",
  ],
  [
    'gha-ios-workflow-p12-password-and-keychain',
    '      - name: Install signing cert\n        env:\n          P12_PASSWORD: «{a16}»\n          KEYCHAIN_PASSWORD: «{a16}»\n        run: |\n          security create-keychain -p "$KEYCHAIN_PASSWORD" build.keychain\n          security import cert.p12 -P "$P12_PASSWORD" -A -t cert -f pkcs12 -k build.keychain',
  ],
  [
    'gha-asc-private-key-env-literal-multiline',
    '      - run: bundle exec fastlane release\n        env:\n          ASC_KEY_ID: {u10}\n          ASC_ISSUER_ID: {h8}-{h4}-4{h3}-a{h3}-{h12}\n          ASC_KEY: |\n            «-----BEGIN PRIVATE KEY-----\n            MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n            {b64}\n            {b64}\n            {b8}\n            -----END PRIVATE KEY-----»',
  ],
  [
    'expo-eas-submit-json-asc-app-specific-password',
    '{\n  "submit": {\n    "production": {\n      "ios": {\n        "appleId": "release@acme.io",\n        "ascAppId": "{d10}",\n        "appleTeamId": "{u10}"\n      }\n    }\n  }\n}\n$ EXPO_APPLE_APP_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}» eas submit -p ios --latest',
  ],
  [
    'ci-log-echo-leaked-sentry-token',
    '+ echo "Uploading sourcemaps with token ${SENTRY_AUTH_TOKEN}"\nUploading sourcemaps with token «sntrys_eyJpYXQiOjE3{a12}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6Im{a12}In0=_{a43}»\n> Found 42 files\n> Bundled 42 files for upload',
  ],
  [
    'travis-yml-env-global-literal-keystore',
    'language: android\nenv:\n  global:\n    - ANDROID_API=34\n    - KEYSTORE_PASS=«{a18}»\n    - KEY_PASS=«{a18}»',
  ],
  [
    'fastlane-fastfile-gradle-properties-hash-passwords',
    'gradle(\n  task: "bundle",\n  build_type: "Release",\n  properties: {\n    "android.injected.signing.store.file" => "release.jks",\n    "android.injected.signing.store.password" => "«{a18}»",\n    "android.injected.signing.key.alias" => "release",\n    "android.injected.signing.key.password" => "«{a18}»",\n  }\n)',
  ],
  [
    'runway-or-emerge-api-token-upload-script',
    'curl -sS https://api.emergetools.com/upload \\\n  -H "X-API-Token: «{a40}»" \\\n  -F "file=@build/Acme.xcarchive.zip" -F "repoName=acme/ios" -F "sha=$(git rev-parse HEAD)"',
  ],
  [
    'fastlane-session-env-cookie-value',
    'export FASTLANE_SESSION=\'---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: «DAWTKNV{a200}»\\n  domain: apple.com\\n  for_domain: true\\n  path: "/"\\n\'',
  ],
  [
    'android-keystore-base64-secret-in-env-file',
    '# .env.ci\nANDROID_KEYSTORE_BASE64=«/u3+7QAAAAIAAAABAAAAAQAHdXBsb2FkAAABj{b120}»\nANDROID_KEY_ALIAS=upload',
  ],
  [
    'chat-prose-pasted-apns-key-for-review',
    'here is the AuthKey I use for pushes, can you tell why APNs says InvalidProviderToken? key id {u10}, team {u10}\n«-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n{b64}\n{b64}\n{b8}\n-----END PRIVATE KEY-----»',
  ],
  [
    'chat-prose-android-signing-passwords-inline',
    'our upload keystore is upload.jks with alias `upload`, store password «{a14}» and key password «{a14}» — why does bundleRelease say "keystore was tampered with"?',
  ],
  [
    'markdown-readme-setup-table-with-real-secret',
    '| Variable | Value |\n| --- | --- |\n| `EXPO_PUBLIC_API_URL` | https://api.acme.io |\n| `STRIPE_SECRET_KEY` | «sk_live_{a24}» |',
  ],
  [
    'git-diff-added-google-services-beside-service-account',
    'diff --git a/app/service-account.json b/app/service-account.json\nnew file mode 100644\n--- /dev/null\n+++ b/app/service-account.json\n@@ -0,0 +1,4 @@\n+{\n+  "type": "service_account",\n+  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----»\\n",\n+  "client_email": "push-sender@acme-chat.iam.gserviceaccount.com"',
  ],
  [
    'kotlin-twilio-api-key-secret-beside-sk-sid',
    'val twilio = TwilioRestClient.Builder("SK{h32}", "«{a32}»")\n    .accountSid("AC{h32}")\n    .build()',
  ],
  ['swift-openai-service-account-key', 'private let apiKey = "«sk-svcacct-{B58}T3BlbkFJ{B58}»"'],
  [
    'trufflehog-style-report-bundle-finding',
    'Found verified result 🐷🔑\nDetector Type: Stripe\nRaw result: «rk_live_{a24}»\nFile: dist/assets/index-{l8}.js\nLine: 1',
  ],
  [
    'flipper-network-inspector-copied-curl-mixpanel-secret',
    "curl 'https://mixpanel.com/api/2.0/export?from_date=2024-05-01&to_date=2024-05-07' -u '«{h32}»:'",
  ],
];

export const BLIND53_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'firebase-web-config-object-public-api-key',
    "const firebaseConfig = {\n  apiKey: 'AIza{B35}',\n  authDomain: 'acme-chat.firebaseapp.com',\n  projectId: 'acme-chat',\n  storageBucket: 'acme-chat.appspot.com',\n  messagingSenderId: '{d12}',\n  appId: '1:{d12}:web:{h22}',\n};",
  ],
  [
    'flutter-firebase-options-dart-android-block',
    "static const FirebaseOptions android = FirebaseOptions(\n  apiKey: 'AIza{B35}',\n  appId: '1:{d12}:android:{h16}',\n  messagingSenderId: '{d12}',\n  projectId: 'acme-field',\n  storageBucket: 'acme-field.appspot.com',\n);",
  ],
  [
    'google-services-json-client-info-oauth-clients',
    '"client_info": {\n  "mobilesdk_app_id": "1:{d12}:android:{h16}",\n  "android_client_info": { "package_name": "io.acme.field" }\n},\n"oauth_client": [\n  { "client_id": "{d12}-{l32}.apps.googleusercontent.com", "client_type": 3 }\n]',
  ],
  [
    'google-service-info-plist-ids-without-api-key',
    '<key>CLIENT_ID</key>\n<string>{d12}-{l32}.apps.googleusercontent.com</string>\n<key>REVERSED_CLIENT_ID</key>\n<string>com.googleusercontent.apps.{d12}-{l32}</string>\n<key>GCM_SENDER_ID</key>\n<string>{d12}</string>\n<key>BUNDLE_ID</key>\n<string>io.acme.wallet</string>\n<key>GOOGLE_APP_ID</key>\n<string>1:{d12}:ios:{h16}</string>',
  ],
  [
    'rn-stripe-provider-publishable-key-live',
    '<StripeProvider\n  publishableKey="pk_live_51{a97}"\n  merchantIdentifier="merchant.io.acme.wallet"\n  urlScheme="acmewallet"\n>',
  ],
  ['info-plist-mbx-access-token-public-pk', '<key>MBXAccessToken</key>\n<string>pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}</string>'],
  [
    'strings-xml-mapbox-public-token-resource',
    '<string name="mapbox_access_token" translatable="false" tools:ignore="UnusedResources">pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im{B24}In0.{B22}</string>',
  ],
  [
    'docsearch-config-search-only-key',
    "docsearch({\n  container: '#docsearch',\n  appId: '{u10}',\n  indexName: 'acme-docs',\n  apiKey: '{h32}',\n});",
  ],
  [
    'google-signin-configure-web-and-ios-client-ids',
    "GoogleSignin.configure({\n  webClientId: '{d12}-{l32}.apps.googleusercontent.com',\n  iosClientId: '{d12}-{l32}.apps.googleusercontent.com',\n  scopes: ['profile', 'email'],\n});",
  ],
  [
    'info-plist-url-types-reversed-client-id',
    '<key>CFBundleURLTypes</key>\n<array>\n  <dict>\n    <key>CFBundleURLSchemes</key>\n    <array>\n      <string>com.googleusercontent.apps.{d12}-{l32}</string>\n      <string>fb{d15}</string>\n    </array>\n  </dict>\n</array>',
  ],
  [
    'pbxproj-build-settings-team-and-profile',
    'CODE_SIGN_IDENTITY = "Apple Distribution";\nCODE_SIGN_STYLE = Manual;\nDEVELOPMENT_TEAM = {u10};\nPRODUCT_BUNDLE_IDENTIFIER = io.acme.wallet;\nPROVISIONING_PROFILE_SPECIFIER = "match AppStore io.acme.wallet";\nCURRENT_PROJECT_VERSION = 412;',
  ],
  ['fastlane-appfile-ids-only', 'app_identifier("io.acme.wallet")\napple_id("release@acme.io")\nitc_team_id("{d9}")\nteam_id("{u10}")'],
  [
    'matchfile-without-password',
    'git_url("git@github.com:acme/ios-certs.git")\nstorage_mode("git")\ntype("appstore")\napp_identifier(["io.acme.wallet"])\nusername("release@acme.io")',
  ],
  [
    'gha-fastlane-env-secret-references',
    '        env:\n          MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}\n          MATCH_GIT_BASIC_AUTHORIZATION: ${{ secrets.MATCH_GIT_BASIC_AUTHORIZATION }}\n          APP_STORE_CONNECT_API_KEY_KEY: ${{ secrets.ASC_KEY_P8 }}',
  ],
  [
    'fastfile-asc-api-key-with-filepath',
    'app_store_connect_api_key(\n  key_id: "{u10}",\n  issuer_id: "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  key_filepath: "./fastlane/AuthKey_{u10}.p8",\n  duration: 1200\n)',
  ],
  [
    'firebase-appdistribution-app-id-and-groups',
    'firebase appdistribution:distribute build/app/outputs/flutter-apk/app-release.apk --app 1:{d12}:android:{h16} --release-notes-file notes.txt --groups qa',
  ],
  [
    'sentry-init-rn-dsn-public-key',
    "Sentry.init({\n  dsn: 'https://{h32}@o{d6}.ingest.us.sentry.io/{d16}',\n  tracesSampleRate: 0.2,\n  release: 'io.acme.chat@3.2.1+412',\n});",
  ],
  [
    'onesignal-initialize-app-id-uuid',
    "OneSignal.initialize('{h8}-{h4}-4{h3}-a{h3}-{h12}');\nOneSignal.Notifications.requestPermission(true);",
  ],
  ['amplitude-init-browser-api-key', "amplitude.init('{h32}', { defaultTracking: { sessions: true, pageViews: true } });"],
  [
    'mixpanel-init-project-token-android',
    'val mixpanel = MixpanelAPI.getInstance(context, "{h32}", true)\nmixpanel.track("checkout_started")',
  ],
  ['segment-analytics-snippet-write-key', 'analytics.load("{a32}");\nanalytics.page();'],
  [
    'recaptcha-div-data-sitekey',
    '<form id="signup">\n  <div class="g-recaptcha" data-sitekey="6L{B38}" data-callback="onOk"></div>\n  <button type="submit">Create account</button>\n</form>',
  ],
  ['hcaptcha-react-sitekey-uuid', '<HCaptcha sitekey="{h8}-{h4}-4{h3}-a{h3}-{h12}" onVerify={(token) => setCaptcha(token)} />'],
  ['turnstile-widget-sitekey', '<div class="cf-turnstile" data-sitekey="0x4AAAAAAA{B14}" data-theme="light"></div>'],
  [
    'gradle-version-code-and-name',
    'defaultConfig {\n    applicationId "io.acme.field"\n    minSdk 24\n    targetSdk 34\n    versionCode 20240514\n    versionName "5.12.0"\n}',
  ],
  [
    'gradlew-signing-report-fingerprints',
    'Variant: release\nConfig: release\nStore: /home/ci/keys/release.jks\nAlias: acme\nMD5: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nSHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nValid until: Friday, 3 May 2052',
  ],
  [
    'assetlinks-json-sha256-fingerprint',
    '[{\n  "relation": ["delegate_permission/common.handle_all_urls"],\n  "target": {\n    "namespace": "android_app",\n    "package_name": "io.acme.field",\n    "sha256_cert_fingerprints": ["{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}"]\n  }\n}]',
  ],
  [
    'apple-app-site-association-app-ids',
    '{\n  "applinks": {\n    "details": [{ "appIDs": ["{u10}.io.acme.wallet", "{u10}.io.acme.wallet.beta"], "components": [{ "/": "/pay/*" }] }]\n  },\n  "webcredentials": { "apps": ["{u10}.io.acme.wallet"] }\n}',
  ],
  [
    'play-integrity-cloud-project-number',
    'val request = StandardIntegrityManager.PrepareIntegrityTokenRequest.builder()\n    .setCloudProjectNumber({d12}L)\n    .build()',
  ],
  [
    'signing-config-from-keystore-properties-lookup',
    "def keystoreProperties = new Properties()\nkeystoreProperties.load(new FileInputStream(rootProject.file('key.properties')))\nsigningConfigs {\n    release {\n        keyAlias keystoreProperties['keyAlias']\n        keyPassword keystoreProperties['keyPassword']\n        storeFile file(keystoreProperties['storeFile'])\n        storePassword keystoreProperties['storePassword']\n    }\n}",
  ],
  [
    'buildconfigfield-from-getenv-and-find-property',
    'buildConfigField("String", "MAPS_API_KEY", "\\"${System.getenv("MAPS_API_KEY") ?: ""}\\"")\nbuildConfigField("String", "SENTRY_DSN", "\\"${project.findProperty("sentryDsn")}\\"")',
  ],
  [
    'xcconfig-and-plist-variable-substitution',
    '// Release.xcconfig\nAPI_KEY = $(inherited)\nSTRIPE_KEY = $(STRIPE_KEY_FROM_CI)\n\n<!-- Info.plist -->\n<key>StripeKey</key>\n<string>$(STRIPE_KEY)</string>',
  ],
  [
    'rn-config-and-buildconfig-references',
    'import Config from \'react-native-config\';\nconst stripeKey = Config.STRIPE_PUBLISHABLE_KEY;\n// android: BuildConfig.MAPS_API_KEY, ios: Bundle.main.object(forInfoDictionaryKey: "MapsApiKey")',
  ],
  [
    'vite-import-meta-env-usages',
    "const api = axios.create({ baseURL: import.meta.env.VITE_API_URL });\nif (import.meta.env.DEV) console.debug('using', import.meta.env.MODE);",
  ],
  [
    'next-config-env-from-process-env',
    'module.exports = {\n  env: {\n    NEXT_PUBLIC_APP_VERSION: process.env.npm_package_version,\n    SENTRY_RELEASE: process.env.VERCEL_GIT_COMMIT_SHA,\n  },\n};',
  ],
  [
    'webpack-defineplugin-json-stringify-env-refs',
    "new webpack.DefinePlugin({\n  'process.env.NODE_ENV': JSON.stringify('production'),\n  'process.env.STRIPE_KEY': JSON.stringify(process.env.STRIPE_KEY),\n  __BUILD_SHA__: JSON.stringify('{h40}'),\n})",
  ],
  [
    'eas-json-env-non-secret-values',
    '{\n  "build": {\n    "preview": {\n      "distribution": "internal",\n      "env": { "APP_VARIANT": "preview", "API_URL": "https://staging-api.acme.io" }\n    }\n  }\n}',
  ],
  [
    'expo-app-json-eas-project-id-and-updates-url',
    '"updates": { "url": "https://u.expo.dev/{h8}-{h4}-4{h3}-a{h3}-{h12}" },\n"runtimeVersion": { "policy": "appVersion" },\n"extra": { "eas": { "projectId": "{h8}-{h4}-4{h3}-a{h3}-{h12}" } }',
  ],
  [
    'chrome-extension-manifest-key-and-oauth2-client-id',
    '{\n  "manifest_version": 3,\n  "name": "Acme Clipper",\n  "key": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64}{b64}{b64}{b64}{b64}{b20}IDAQAB",\n  "oauth2": {\n    "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n    "scopes": ["https://www.googleapis.com/auth/drive.file"]\n  }\n}',
  ],
  ['chrome-extension-id-and-update-url', 'chrome://extensions/?id={L32}\nhttps://chromewebstore.google.com/detail/acme-clipper/{L32}'],
  [
    'push-subscribe-application-server-key-vapid-public',
    "const sub = await reg.pushManager.subscribe({\n  userVisibleOnly: true,\n  applicationServerKey: urlBase64ToUint8Array('B{B86}'),\n});",
  ],
  [
    'firebase-messaging-gettoken-vapid-key',
    "const token = await getToken(messaging, {\n  vapidKey: 'B{B86}',\n  serviceWorkerRegistration: reg,\n});",
  ],
  [
    'index-html-script-integrity-hashes',
    '<script type="module" crossorigin src="/assets/index-{a8}.js" integrity="sha384-{b64}"></script>\n<link rel="stylesheet" href="/assets/index-{a8}.css">',
  ],
  [
    'workbox-precache-manifest-revisions',
    'precacheAndRoute([\n  { url: "/index.html", revision: "{h32}" },\n  { url: "/assets/index-{a8}.js", revision: null },\n  { url: "/manifest.webmanifest", revision: "{h32}" }\n]);',
  ],
  [
    'clerk-publishable-key-base64-domain',
    'NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsuYWNtZS5pbyQ\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in',
  ],
  [
    'supabase-createclient-publishable-key',
    "export const supabase = createClient(\n  'https://{l20}.supabase.co',\n  'sb_publishable_{B22}_{B8}'\n);",
  ],
  [
    'posthog-init-project-key-phc',
    "posthog.init('phc_{a43}', { api_host: 'https://us.i.posthog.com', person_profiles: 'identified_only' });",
  ],
  [
    'statsig-client-sdk-key',
    "const client = new StatsigClient('client-{a43}', { userID: user.id }, { environment: { tier: 'production' } });",
  ],
  [
    'launchdarkly-mobile-key-and-client-side-id',
    'let config = LDConfig(mobileKey: "mob-{h8}-{h4}-4{h3}-a{h3}-{h12}", autoEnvAttributes: .enabled)\n// web: LDClient.initialize("{h24}", context)',
  ],
  [
    'datadog-rum-init-client-token-pub',
    "datadogRum.init({\n  applicationId: '{h8}-{h4}-4{h3}-a{h3}-{h12}',\n  clientToken: 'pub{h32}',\n  site: 'datadoghq.com',\n  service: 'acme-web',\n  sessionSampleRate: 100,\n});",
  ],
  ['newrelic-mobile-app-token-nrma', 'NewRelic.withApplicationToken("AA{h40}-NRMA")\n    .start(this.application)'],
  [
    'bugsnag-manifest-notifier-api-key',
    '<meta-data android:name="com.bugsnag.android.API_KEY" android:value="{h32}" />\n<meta-data android:name="com.bugsnag.android.RELEASE_STAGE" android:value="production" />',
  ],
  [
    'braintree-tokenization-key-drop-in',
    "braintree.dropin.create({\n  authorization: 'production_{l8}_{l16}',\n  container: '#dropin-container',\n});",
  ],
  [
    'razorpay-checkout-key-id-only',
    "const rzp = new Razorpay({ key: 'rzp_live_{a14}', amount: 49900, currency: 'INR', order_id: 'order_{a14}' });",
  ],
  ['paystack-inline-public-key', "PaystackPop.setup({ key: 'pk_live_{h40}', email, amount: 250000, ref: 'ACME-{d10}' }).openIframe();"],
  [
    'square-web-payments-application-id',
    "const payments = Square.payments('sq0idp-{B22}', 'L{u12}');\nconst card = await payments.card();",
  ],
  ['paypal-sdk-script-client-id', '<script src="https://www.paypal.com/sdk/js?client-id=A{B79}&currency=EUR&intent=capture"></script>'],
  [
    'revenuecat-public-sdk-keys-both-platforms',
    "Purchases.configure({\n  apiKey: Platform.OS === 'ios' ? 'appl_{a27}' : 'goog_{a27}',\n});",
  ],
  [
    'branch-key-live-in-manifest',
    '<meta-data android:name="io.branch.sdk.BranchKey" android:value="key_live_{a32}" />\n<meta-data android:name="io.branch.sdk.TestMode" android:value="false" />',
  ],
  [
    'adjust-app-token-and-appsflyer-app-id',
    "const adjustConfig = new AdjustConfig('{l12}', AdjustConfig.EnvironmentProduction);\nappsFlyer.initSdk({ appId: 'id{d10}', isDebug: false });",
  ],
  [
    'intercom-mobile-sdk-keys',
    'Intercom.setApiKey("ios_sdk-{h40}", forAppId: "{l8}")\n// android: Intercom.initialize(this, "android_sdk-{h40}", "{l8}")',
  ],
  [
    'agora-app-id-only-join-channel',
    "const client = AgoraRTC.createClient({ mode: 'rtc', codec: 'vp8' });\nawait client.join('{h32}', channel, tokenFromServer, uid);",
  ],
  [
    'stream-chat-client-api-key-user-token-from-server',
    "const chat = StreamChat.getInstance('{l12}');\nawait chat.connectUser({ id: user.id }, await api.get('/stream/token'));",
  ],
  [
    'pusher-js-key-and-cluster',
    "const pusher = new Pusher('{h20}', { cluster: 'eu', channelAuthorization: { endpoint: '/pusher/auth' } });",
  ],
  [
    'cloudinary-upload-widget-unsigned-preset',
    "cloudinary.createUploadWidget({ cloudName: 'acme-media', uploadPreset: 'avatars_unsigned', apiKey: '{d15}' }, onUpload);",
  ],
  [
    'facebook-strings-app-id-and-client-token',
    '<string name="facebook_app_id">{d15}</string>\n<string name="facebook_client_token">{h32}</string>',
  ],
  [
    'keytool-list-output-entry-fingerprint',
    'Keystore type: PKCS12\nKeystore provider: SUN\n\nYour keystore contains 1 entry\n\nupload, May 3, 2024, PrivateKeyEntry,\nCertificate fingerprint (SHA-256): {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'security-find-identity-codesigning-output',
    '$ security find-identity -v -p codesigning\n  1) {H40} "Apple Distribution: Acme Mobile GmbH ({u10})"\n  2) {H40} "Apple Development: Dana Kim ({u10})"\n     2 valid identities found',
  ],
  [
    'provisioning-profile-uuid-and-name',
    '$ ls ~/Library/MobileDevice/Provisioning\\ Profiles/\n{h8}-{h4}-4{h3}-a{h3}-{h12}.mobileprovision\n$ security cms -D -i {h8}-{h4}-4{h3}-a{h3}-{h12}.mobileprovision | plutil -extract Name raw -\nmatch AppStore io.acme.wallet',
  ],
  [
    'dart-define-public-values-only',
    'flutter build apk --release --dart-define=FLAVOR=prod --dart-define=API_URL=https://api.acme.io --dart-define=BUILD_SHA={h40}',
  ],
  [
    'dart-from-environment-no-default',
    "const stripeSecret = String.fromEnvironment('STRIPE_SECRET_KEY');\nassert(stripeSecret.isNotEmpty, 'pass --dart-define=STRIPE_SECRET_KEY=...');",
  ],
  [
    'capacitor-config-app-id-server-url',
    "const config: CapacitorConfig = {\n  appId: 'io.acme.field',\n  appName: 'Acme Field',\n  webDir: 'www',\n  server: { androidScheme: 'https', hostname: 'app.acme.io' },\n  plugins: { PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] } },\n};",
  ],
  [
    'electron-builder-yml-no-token-notarize-team',
    'appId: io.acme.desktop\nmac:\n  hardenedRuntime: true\n  notarize:\n    teamId: {u10}\npublish:\n  provider: github\n  owner: acme\n  repo: desktop\n  releaseType: release',
  ],
  [
    'codemagic-yaml-groups-and-env-references',
    '    environment:\n      groups:\n        - app_store_credentials\n        - keystore_credentials\n    scripts:\n      - name: Set up keychain\n        script: keychain add-certificates --certificate-password "$CM_CERTIFICATE_PASSWORD"',
  ],
  [
    'bitrise-yml-secret-env-references',
    '- sign-apk@1:\n    inputs:\n    - keystore_url: $BITRISEIO_ANDROID_KEYSTORE_URL\n    - keystore_password: $BITRISEIO_ANDROID_KEYSTORE_PASSWORD\n    - keystore_alias: $BITRISEIO_ANDROID_KEYSTORE_ALIAS\n    - private_key_password: $BITRISEIO_ANDROID_KEYSTORE_PRIVATE_KEY_PASSWORD',
  ],
  [
    'bitrise-build-log-slugs-and-sha',
    'Build URL: https://app.bitrise.io/build/{h8}-{h4}-4{h3}-a{h3}-{h12}\nApp slug: {h16}\nCommit: {h40}\nWorkflow: deploy-android  Stack: linux-docker-android-22.04',
  ],
  [
    'sentry-properties-token-from-env-comment',
    'defaults.url=https://sentry.io/\ndefaults.org=acme-mobile\ndefaults.project=acme-android\n# auth.token is read from SENTRY_AUTH_TOKEN in CI',
  ],
  [
    'base64-png-app-icon-data-uri',
    '<link rel="icon" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGXRFWHRTb2Z0d2FyZQBBZG9iZSBJbWFnZVJlYWR5ccllPAAAAk5JREFUeNqEU01rE1EUPS8zk5lM0qT5sNJW0loVFMSFuNGFCxfiwo0L/QEu3Lv0B7hy4U9w5cK1IC5ciBZBEHwIlaJF0draNElN0sk0k5nM">',
  ],
  [
    'react-native-codegen-and-hermes-build-log',
    '> Task :app:createBundleReleaseJsAndAssets\ninfo Writing bundle output to: android/app/build/generated/assets/createBundleReleaseJsAndAssets/index.android.bundle\nwarning: the transform cache was reset.\n> Task :app:hermesReleaseMain  sha1={h40}',
  ],
  ['google-maps-js-api-loader-public-key', "const loader = new Loader({ apiKey: 'AIza{B35}', version: 'weekly', libraries: ['places'] });"],
  [
    'turbo-env-passthrough-names-only',
    '{\n  "tasks": {\n    "build": {\n      "env": ["NEXT_PUBLIC_*", "VITE_*", "EXPO_PUBLIC_*"],\n      "passThroughEnv": ["SENTRY_AUTH_TOKEN", "STRIPE_SECRET_KEY"]\n    }\n  }\n}',
  ],
  [
    'agent-reply-moving-keys-to-backend-prose',
    'Move the Stripe secret key out of `src/config.ts`: keep only `pk_live_…` in the app, read `STRIPE_SECRET_KEY` from the server environment, and rotate the old `sk_live_…` key in the dashboard.',
  ],
  [
    'gitignore-mobile-secret-files',
    '# secrets\nandroid/key.properties\nandroid/app/google-services.json\nios/Runner/GoogleService-Info.plist\n*.jks\n*.p8\n*.mobileprovision\n.env*.local',
  ],
];
