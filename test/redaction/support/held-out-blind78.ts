/** A seventy-eighth held-out batch, written blind: credentials in mobile and desktop app development (iOS plists/xcconfig/Swift/Keychain/App Store Connect .p8, fastlane, Android gradle/keystore/BuildConfig/manifest, React Native/Expo/EAS/CodePush, Flutter, Electron signing and notarization, mobile backends such as RevenueCat/OneSignal/Branch/Sentry/Mapbox/Algolia/Firebase, and mobile CI), with their public halves and build identifiers as look-alikes; every value a template run. */
export const BLIND78_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'mobile-infoplist-stripe-secret-beside-bundle-id',
    '<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n<key>StripePublishableKey</key>\n<string>pk_live_{a24}</string>\n<key>StripeSecretKey</key>\n<string>«sk_live_{a24}»</string>',
  ],
  [
    'mobile-infoplist-client-secret-beside-client-id-string',
    '<dict>\n\t<key>AcmeClientID</key>\n\t<string>ios-app-{l8}</string>\n\t<key>AcmeClientSecret</key>\n\t<string>«{a40}»</string>\n\t<key>AcmeEnvironment</key>\n\t<string>production</string>\n</dict>',
  ],
  [
    'mobile-infoplist-codepush-production-deployment-key-chat',
    'this is the production key from `appcenter codepush deployment list -k`, should it really live in Info.plist?\n\n<key>CodePushDeploymentKey</key>\n<string>«{B37}»</string>',
  ],
  [
    'mobile-infoplist-twitter-consumer-secret-beside-consumer-key',
    '<key>TwitterConsumerKey</key>\n<string>{a25}</string>\n<key>TwitterConsumerSecret</key>\n<string>«{a50}»</string>\n<key>LSApplicationQueriesSchemes</key>\n<array><string>twitter</string></array>',
  ],
  [
    'mobile-xcconfig-api-secret-beside-url-escape-trick',
    '// Config/Release.xcconfig\nAPI_BASE_URL = https:/$()/api.acme.io/v2\nAPI_SECRET = «{a32}»\nOTHER_SWIFT_FLAGS = $(inherited) -D RELEASE\n#include? "Secrets.local.xcconfig"',
  ],
  [
    'mobile-xcconfig-mixpanel-api-secret-beside-project-token',
    'MIXPANEL_PROJECT_TOKEN = {h32}\nMIXPANEL_API_SECRET = «{h32}»\nMIXPANEL_SERVER_URL = https:/$()/api-eu.mixpanel.com',
  ],
  [
    'mobile-xcconfig-algolia-admin-key-beside-app-id',
    'ALGOLIA_APP_ID = {u10}\nALGOLIA_INDEX = prod_listings\nALGOLIA_ADMIN_API_KEY = «{h32}»',
  ],
  [
    'mobile-xcconfig-local-secrets-backend-hmac',
    '// Secrets.local.xcconfig  (gitignored, but I pasted it to you)\nBACKEND_HMAC_KEY = «{h64}»\nDEVELOPMENT_TEAM = {u10}',
  ],
  [
    'mobile-swift-enum-openai-key-constant',
    'enum Secrets {\n    static let openAIKey = "«sk-proj-{B58}T3BlbkFJ{B58}»"\n    static let model = "gpt-4o-mini"\n}',
  ],
  [
    'mobile-swift-struct-twilio-token-beside-account-sid',
    'struct TwilioConfig {\n    static let accountSID = "AC{h32}"\n    static let authToken = "«{h32}»"\n    static let fromNumber = "+14155550142"\n}',
  ],
  [
    'mobile-swift-urlrequest-revenuecat-secret-bearer',
    'var request = URLRequest(url: URL(string: "https://api.revenuecat.com/v1/subscribers/\\(appUserID)")!)\nrequest.setValue("Bearer «sk_{a28}»", forHTTPHeaderField: "Authorization")\nrequest.setValue("ios", forHTTPHeaderField: "X-Platform")',
  ],
  [
    'mobile-swift-keychain-secitemadd-literal-password',
    'let query: [String: Any] = [\n    kSecClass as String: kSecClassGenericPassword,\n    kSecAttrService as String: "com.acme.vpn",\n    kSecAttrAccount as String: "tunnel-admin",\n    kSecValueData as String: "«{a18}»".data(using: .utf8)!\n]\nlet status = SecItemAdd(query as CFDictionary, nil)',
  ],
  [
    'mobile-swift-keychainwrapper-seeded-refresh-token',
    '#if DEBUG\n// seed a session so the simulator skips login\nKeychainWrapper.standard.set("«{B64}»", forKey: "auth.refreshToken")\n#endif',
  ],
  [
    'mobile-swift-agora-app-certificate-beside-app-id',
    'enum AgoraKeys {\n    static let appId = "{h32}"\n    static let appCertificate = "«{h32}»"\n    static let channel = "support-room"\n}',
  ],
  [
    'mobile-swift-aws-static-credentials-secret',
    'let credentials = AWSStaticCredentialsProvider(\n    accessKey: "AKIA{u16}",\n    secretKey: "«{b40}»"\n)\nlet config = AWSServiceConfiguration(region: .EUWest1, credentialsProvider: credentials)',
  ],
  [
    'mobile-swift-stream-chat-api-secret-dev-token',
    '// TODO move server-side: generating user tokens on device for now\nlet streamApiKey = "{l12}"\nlet streamApiSecret = "«{l64}»"\nlet token = try JWT.sign(userId: user.id, secret: streamApiSecret)',
  ],
  [
    'mobile-swift-pusher-beams-secret-key-beside-instance-id',
    'let beamsInstanceId = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n// server key, only for the admin build\nlet beamsSecretKey = "«{H64}»"',
  ],
  [
    'mobile-xcode-env-local-sentry-org-token',
    '$ cat ios/.xcode.env.local\nexport NODE_BINARY=/opt/homebrew/bin/node\nexport SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3MTk{a18}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6ImFjbWUtbW9iaWxlIn0_{a43}»\nexport SENTRY_DISABLE_AUTO_UPLOAD=false',
  ],
  [
    'mobile-xcode-env-sentry-user-token-beside-org',
    '# ios/.xcode.env\nexport NODE_BINARY=$(command -v node)\nexport SENTRY_ORG=acme-mobile\nexport SENTRY_PROJECT=ios\nexport SENTRY_AUTH_TOKEN=«sntryu_{h64}»',
  ],
  [
    'mobile-keychain-ci-create-keychain-variable',
    'KEYCHAIN_PASSWORD="«{a24}»"\nsecurity create-keychain -p "$KEYCHAIN_PASSWORD" build.keychain\nsecurity default-keychain -s build.keychain\nsecurity unlock-keychain -p "$KEYCHAIN_PASSWORD" build.keychain\nsecurity set-keychain-settings -t 3600 -u build.keychain',
  ],
  [
    'mobile-keychain-import-p12-inline-password',
    'security import certs/AppleDistribution.p12 -k ~/Library/Keychains/build.keychain-db -P «{a16}» -T /usr/bin/codesign -T /usr/bin/security',
  ],
  [
    'mobile-keychain-set-key-partition-list-inline',
    '+ security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k «{a20}» /Users/runner/Library/Keychains/signing_temp.keychain-db\nkeychain: "/Users/runner/Library/Keychains/signing_temp.keychain-db"\nversion: 512',
  ],
  [
    'mobile-jenkins-unlock-login-keychain-inline',
    "stage('Archive') {\n  steps {\n    sh \"security unlock-keychain -p '«{a14}»' ~/Library/Keychains/login.keychain-db\"\n    sh 'bundle exec fastlane ios beta'\n  }\n}",
  ],
  [
    'mobile-asc-p8-private-key-cat-beside-key-id',
    '$ ls ~/.appstoreconnect/private_keys\nAuthKey_{u10}.p8\n$ cat ~/.appstoreconnect/private_keys/AuthKey_{u10}.p8\n«-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n{b64}\n{b64}\n{b8}\n-----END PRIVATE KEY-----»',
  ],
  [
    'mobile-asc-api-key-json-fastlane-key-field',
    '{\n  "key_id": "{u10}",\n  "issuer_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "key": "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»",\n  "duration": 1200,\n  "in_house": false\n}',
  ],
  [
    'mobile-fastfile-app-store-connect-api-key-inline-content',
    'lane :beta do\n  api_key = app_store_connect_api_key(\n    key_id: "{u10}",\n    issuer_id: "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    key_content: "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»"\n  )\n  upload_to_testflight(api_key: api_key, skip_waiting_for_build_processing: true)\nend',
  ],
  [
    'mobile-fastfile-asc-key-content-base64',
    'app_store_connect_api_key(\n  key_id: "{u10}",\n  issuer_id: "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  key_content: "«LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JR1RBZ0VBTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEJIa3dkd0lCQVFRZ{b180}»",\n  is_key_content_base64: true\n)',
  ],
  [
    'mobile-gha-env-asc-private-key-block-scalar',
    '    env:\n      APP_STORE_CONNECT_API_KEY_KEY_ID: {u10}\n      APP_STORE_CONNECT_API_KEY_ISSUER_ID: {h8}-{h4}-4{h3}-a{h3}-{h12}\n      APP_STORE_CONNECT_API_KEY_KEY: |\n        «-----BEGIN PRIVATE KEY-----\n        MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n        {b64}\n        {b64}\n        {b8}\n        -----END PRIVATE KEY-----»',
  ],
  [
    'mobile-node-apn-token-key-inline-pem',
    'const provider = new apn.Provider({\n  token: {\n    key: "«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»",\n    keyId: "{u10}",\n    teamId: "{u10}",\n  },\n  production: true,\n});',
  ],
  [
    'mobile-sign-in-with-apple-private-key-dotenv',
    'APPLE_SERVICES_ID=com.acme.app.signin\nAPPLE_TEAM_ID={u10}\nAPPLE_KEY_ID={u10}\nAPPLE_PRIVATE_KEY="«-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\\n{b64}\\n{b64}\\n{b8}\\n-----END PRIVATE KEY-----»"',
  ],
  [
    'mobile-apple-verifyreceipt-shared-secret-python',
    'resp = requests.post(\n    "https://buy.itunes.apple.com/verifyReceipt",\n    json={"receipt-data": receipt_b64, "password": "«{h32}»", "exclude-old-transactions": True},\n    timeout=10,\n)',
  ],
  [
    'mobile-apple-shared-secret-revenuecat-chat-prose',
    'RevenueCat says "Missing App-Specific Shared Secret" for the iOS app. I copied it from App Store Connect > App Information: «{h32}» — does it go in the RC dashboard or in my Info.plist?',
  ],
  [
    'mobile-fastlane-match-password-export-shell',
    "$ export MATCH_PASSWORD='«{a20}»'\n$ bundle exec fastlane match appstore --readonly\n[14:02:11]: Cloning remote git repo...",
  ],
  [
    'mobile-fastlane-dotenv-default-match-password',
    '# fastlane/.env.default\nMATCH_GIT_URL=git@github.com:acme/ios-certificates.git\nMATCH_PASSWORD=«{a22}»\nFASTLANE_TEAM_ID={u10}\nFASTLANE_SKIP_UPDATE_CHECK=1',
  ],
  [
    'mobile-matchfile-git-basic-authorization',
    'git_url("https://github.com/acme/ios-certificates.git")\nstorage_mode("git")\ntype("appstore")\napp_identifier(["com.acme.app", "com.acme.app.widgets"])\ngit_basic_authorization("«{b59}=»")',
  ],
  ['mobile-fastlane-password-apple-id-env-pair', 'FASTLANE_USER=ios-release@acme.io\nFASTLANE_PASSWORD=«{a14}»\nFASTLANE_ITC_TEAM_ID={d9}'],
  [
    'mobile-fastlane-app-specific-password-env',
    'export FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\nexport SPACESHIP_2FA_SMS_DEFAULT_PHONE_NUMBER="+1 415 555 0134"\nbundle exec fastlane pilot upload --ipa build/Acme.ipa',
  ],
  [
    'mobile-fastlane-session-cookie-yaml-env',
    'FASTLANE_SESSION=\'---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: «DAWTKNV3{h192}MVRYV2»\\n  domain: apple.com\\n  for_domain: true\\n  path: "/"\\n\'',
  ],
  [
    'mobile-fastlane-spaceauth-output-session',
    '$ fastlane spaceauth -u dev@acme.io\nPass the following via the FASTLANE_SESSION environment variable:\n---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: «DAWTKNV3{h192}MVRYV2»\n  domain: apple.com\n  for_domain: true\n  path: "/"\n- !ruby/object:HTTP::Cookie\n  name: dqsid\n  value: «eyJhbGciOiJIUzI1NiJ9.{B120}.{B43}»\n  domain: appstoreconnect.apple.com',
  ],
  [
    'mobile-fastfile-before-all-hardcoded-password',
    'before_all do\n  ENV["FASTLANE_USER"] = "release@acme.io"\n  ENV["FASTLANE_PASSWORD"] = "«{a16}»"\n  ENV["FASTLANE_XCODEBUILD_SETTINGS_TIMEOUT"] = "120"\nend',
  ],
  [
    'mobile-fastfile-slack-webhook-url',
    'after_all do |lane|\n  slack(\n    message: "iOS #{lane} uploaded",\n    slack_url: "«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»",\n    default_payloads: [:git_branch, :last_git_commit_hash]\n  )\nend',
  ],
  [
    'mobile-fastfile-firebase-app-distribution-cli-token',
    'firebase_app_distribution(\n  app: "1:{d12}:android:{h16}",\n  groups: "qa-team",\n  firebase_cli_token: "«1//0{B98}»",\n  android_artifact_path: "app/build/outputs/bundle/release/app-release.aab"\n)',
  ],
  [
    'mobile-appfile-password-fallback',
    'app_identifier("com.acme.app")\napple_id("release@acme.io")\nteam_id("{u10}")\nitc_team_id("{d9}")\nENV["FASTLANE_PASSWORD"] ||= "«{a18}»"',
  ],
  [
    'mobile-altool-upload-log-app-specific-password',
    "[12:01:33]: $ xcrun altool --upload-app --type ios -f build/Acme.ipa -u release@acme.io -p «{L4}-{L4}-{L4}-{L4}»\n[12:03:58]: No errors uploading 'build/Acme.ipa'",
  ],
  [
    'mobile-altool-validate-app-password-flag',
    'xcrun altool --validate-app -f Acme.ipa -t ios --username "dev@acme.io" --password "«{L4}-{L4}-{L4}-{L4}»" --output-format json',
  ],
  [
    'mobile-notarytool-store-credentials-password',
    'xcrun notarytool store-credentials "notary-acme" \\\n  --apple-id "release@acme.io" \\\n  --team-id "{u10}" \\\n  --password "«{L4}-{L4}-{L4}-{L4}»"',
  ],
  [
    'mobile-notarytool-submit-inline-password',
    'xcrun notarytool submit dist/Acme-1.8.2-arm64.dmg --apple-id release@acme.io --team-id {u10} --password «{L4}-{L4}-{L4}-{L4}» --wait',
  ],
  ['mobile-cocoapods-trunk-netrc-token', '$ cat ~/.netrc\nmachine trunk.cocoapods.org\n  login dev@acme.io\n  password «{h32}»'],
  [
    'mobile-podfile-private-specs-repo-url-token',
    "source 'https://acme-ci:«ghp_{a36}»@github.com/acme/Specs.git'\nsource 'https://cdn.cocoapods.org/'\nplatform :ios, '15.0'",
  ],
  [
    'mobile-spm-netrc-fine-grained-pat',
    '# ~/.netrc for SwiftPM private packages\nmachine github.com\n  login x-access-token\n  password «github_pat_{a22}_{a59}»',
  ],
  [
    'mobile-xcode-cloud-ci-post-clone-writes-secret',
    '#!/bin/sh\n# ci_scripts/ci_post_clone.sh\nset -e\ncat > "$CI_PRIMARY_REPOSITORY_PATH/Config/Secrets.xcconfig" <<EOF\nAPI_SECRET = «{a36}»\nEOF',
  ],
  [
    'mobile-xcodebuild-showbuildsettings-api-secret',
    '$ xcodebuild -scheme Acme -configuration Release -showBuildSettings | grep -E "API_|TEAM"\n    API_BASE_URL = https://api.acme.io/v2\n    API_SECRET = «{a32}»\n    DEVELOPMENT_TEAM = {u10}',
  ],
  [
    'mobile-ios-console-log-refresh-token',
    '2024-06-11 09:14:22.481 Acme[2231:88410] [Auth] token refreshed: refresh_token=«{B64}» expires_in=3600 user=u_{l12}',
  ],
  [
    'mobile-swift-intercom-access-token-beside-ios-key',
    '// identity verification experiment\nIntercom.setApiKey("ios_sdk-{h40}", forAppId: "{l8}")\nlet intercomAccessToken = "«dG9rOj{b54}=»"',
  ],
  [
    'mobile-swift-braze-rest-key-beside-sdk-key',
    'let brazeSDKKey = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n// REST key, used by the in-app debug menu to trigger campaigns\nlet brazeRESTKey = "«{h8}-{h4}-4{h3}-a{h3}-{h12}»"',
  ],
  [
    'mobile-gradle-properties-release-store-and-key-password',
    'org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nandroid.useAndroidX=true\nRELEASE_STORE_FILE=../keystores/release.jks\nRELEASE_STORE_PASSWORD=«{a16}»\nRELEASE_KEY_ALIAS=upload\nRELEASE_KEY_PASSWORD=«{a16}»',
  ],
  [
    'mobile-gradle-properties-mapbox-downloads-token',
    'android.nonTransitiveRClass=true\nkotlin.code.style=official\nMAPBOX_DOWNLOADS_TOKEN=«sk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}»',
  ],
  [
    'mobile-user-gradle-properties-private-maven-password',
    '# ~/.gradle/gradle.properties\nacmeMavenUrl=https://maven.acme.io/releases\nacmeMavenUser=ci-android\nacmeMavenPassword=«{a32}»',
  ],
  [
    'mobile-gradle-properties-maven-central-signing-password',
    'mavenCentralUsername={a8}\nmavenCentralPassword=«{a44}»\nsigning.keyId={H8}\nsigning.password=«{a20}»\nsigning.secretKeyRingFile=/Users/dev/.gnupg/secring.gpg',
  ],
  [
    'mobile-gradle-properties-in-memory-pgp-signing-key',
    'ORG_GRADLE_PROJECT_signingInMemoryKeyPassword=«{a18}»\nORG_GRADLE_PROJECT_signingInMemoryKey="«-----BEGIN PGP PRIVATE KEY BLOCK-----\\n\\nlQdGBGX{b57}\\n{b64}\\n{b64}\\n{b64}\\n={b4}\\n-----END PGP PRIVATE KEY BLOCK-----»"',
  ],
  [
    'mobile-local-properties-stripe-secret-beside-sdk-dir',
    '## This file must *NOT* be checked into Version Control Systems,\nsdk.dir=/Users/maya/Library/Android/sdk\nSTRIPE_SECRET_KEY=«sk_live_{a99}»',
  ],
  [
    'mobile-local-properties-hmac-secret-beside-maps-key',
    'sdk.dir=C\\:\\\\Users\\\\dev\\\\AppData\\\\Local\\\\Android\\\\Sdk\nMAPS_API_KEY=AIza{B35}\nBACKEND_HMAC_SECRET=«{h64}»',
  ],
  [
    'mobile-groovy-signingconfigs-inline-passwords',
    'signingConfigs {\n    release {\n        storeFile file("release.keystore")\n        storePassword "«{a16}»"\n        keyAlias "acme"\n        keyPassword "«{a16}»"\n    }\n}',
  ],
  [
    'mobile-kotlin-dsl-signingconfigs-create-release',
    'signingConfigs {\n    create("release") {\n        storeFile = file("../keystore/upload.jks")\n        storePassword = "«{a20}»"\n        keyAlias = "upload"\n        keyPassword = "«{a20}»"\n    }\n}',
  ],
  [
    'mobile-keystore-properties-file-cat',
    '$ cat android/keystore.properties\nstorePassword=«{a18}»\nkeyPassword=«{a18}»\nkeyAlias=upload\nstoreFile=/Users/dev/keys/upload-keystore.jks',
  ],
  [
    'mobile-flutter-key-properties-android-dir',
    '# android/key.properties (flutter docs layout)\nstorePassword=«{a12}{d4}»\nkeyPassword=«{a12}{d4}»\nkeyAlias=upload\nstoreFile=../upload-keystore.jks',
  ],
  [
    'mobile-buildconfigfield-groovy-api-secret',
    'defaultConfig {\n    applicationId "com.acme.app"\n    versionCode 412\n    buildConfigField "String", "API_SECRET", "\\"«{a40}»\\""\n}',
  ],
  [
    'mobile-buildconfigfield-kotlin-dsl-openai-key',
    'buildTypes {\n    getByName("debug") {\n        buildConfigField("String", "OPENAI_API_KEY", "\\"«sk-proj-{B58}T3BlbkFJ{B58}»\\"")\n    }\n}',
  ],
  [
    'mobile-generated-buildconfig-java-payment-secret',
    'public final class BuildConfig {\n  public static final boolean DEBUG = false;\n  public static final String APPLICATION_ID = "com.acme.wallet";\n  public static final int VERSION_CODE = 2031;\n  public static final String PAYMENT_GATEWAY_SECRET = "«{a32}»";\n}',
  ],
  [
    'mobile-strings-xml-twilio-auth-token-beside-sid',
    '<resources>\n    <string name="app_name">Acme Dispatch</string>\n    <string name="twilio_account_sid" translatable="false">AC{h32}</string>\n    <string name="twilio_auth_token" translatable="false">«{h32}»</string>\n</resources>',
  ],
  [
    'mobile-strings-xml-facebook-app-secret-beside-app-id',
    '<string name="facebook_app_id" translatable="false">{d15}</string>\n<string name="fb_login_protocol_scheme" translatable="false">fb{d15}</string>\n<string name="facebook_app_secret" translatable="false">«{h32}»</string>',
  ],
  [
    'mobile-strings-xml-codepush-deployment-key',
    '<resources>\n    <string moduleConfig="true" name="CodePushDeploymentKey">«{B37}»</string>\n</resources>',
  ],
  [
    'mobile-manifest-meta-data-client-secret-beside-maps-placeholder',
    '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="${MAPS_API_KEY}" />\n<meta-data\n    android:name="com.acme.sdk.CLIENT_SECRET"\n    android:value="«{a48}»" />',
  ],
  [
    'mobile-manifest-here-sdk-access-key-secret',
    '<meta-data android:name="com.here.sdk.access_key_id" android:value="{B22}" />\n<meta-data android:name="com.here.sdk.access_key_secret" android:value="«{B86}»" />',
  ],
  [
    'mobile-play-service-account-json-private-key',
    '{\n  "type": "service_account",\n  "project_id": "api-{d19}-{d6}",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "fastlane-supply@api-{d19}-{d6}.iam.gserviceaccount.com"\n}',
  ],
  [
    'mobile-fastlane-supply-json-key-data-inline',
    'upload_to_play_store(\n  track: \'internal\',\n  json_key_data: \'{"type":"service_account","client_email":"publisher@acme-play.iam.gserviceaccount.com","private_key":"«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----\\n»"}\'\n)',
  ],
  [
    'mobile-kotlin-companion-const-client-secret',
    'class AuthRepository(private val api: AuthApi) {\n    companion object {\n        private const val CLIENT_ID = "android-app"\n        private const val CLIENT_SECRET = "«{a40}»"\n    }\n}',
  ],
  [
    'mobile-okhttp-interceptor-bearer-literal',
    'val client = OkHttpClient.Builder()\n    .addInterceptor { chain ->\n        chain.proceed(chain.request().newBuilder()\n            .addHeader("Authorization", "Bearer «{a40}»")\n            .build())\n    }\n    .build()',
  ],
  [
    'mobile-okhttp-credentials-basic-literal',
    'val auth = Credentials.basic("acme-android", "«{a20}»")\nval req = Request.Builder().url("https://reports.acme.io/export").header("Authorization", auth).build()',
  ],
  [
    'mobile-kotlin-fcm-legacy-server-key-on-device',
    'val conn = URL("https://fcm.googleapis.com/fcm/send").openConnection() as HttpURLConnection\nconn.setRequestProperty("Authorization", "key=«AAAA{B7}:APA91b{B134}»")\nconn.setRequestProperty("Content-Type", "application/json")',
  ],
  [
    'mobile-fcm-legacy-curl-server-key',
    'curl -X POST https://fcm.googleapis.com/fcm/send \\\n  -H \'Authorization: key=«AAAA{B7}:APA91b{B134}»\' \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"to":"/topics/news","notification":{"title":"Hi"}}\'',
  ],
  [
    'mobile-firebase-admin-private-key-dotenv',
    'FIREBASE_PROJECT_ID=acme-prod\nFIREBASE_CLIENT_EMAIL=firebase-adminsdk-{l5}@acme-prod.iam.gserviceaccount.com\nFIREBASE_PRIVATE_KEY="«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----\\n»"',
  ],
  [
    'mobile-gradlew-injected-signing-properties',
    './gradlew :app:bundleRelease \\\n  -Pandroid.injected.signing.store.file=$PWD/release.jks \\\n  -Pandroid.injected.signing.store.password=«{a16}» \\\n  -Pandroid.injected.signing.key.alias=upload \\\n  -Pandroid.injected.signing.key.password=«{a16}»',
  ],
  [
    'mobile-apksigner-ks-pass-pass-prefix',
    'apksigner sign --ks release.jks --ks-key-alias upload --ks-pass pass:«{a16}» --key-pass pass:«{a16}» --out app-release.apk app-release-unsigned.apk',
  ],
  [
    'mobile-jarsigner-storepass-keypass-aab',
    'jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore upload.jks -storepass «{a14}» -keypass «{a14}» app-release.aab upload',
  ],
  [
    'mobile-keytool-genkeypair-storepass-keypass',
    'keytool -genkeypair -v -keystore upload.jks -alias upload -keyalg RSA -keysize 2048 -validity 10000 \\\n  -storepass «{a18}» -keypass «{a18}» -dname "CN=Acme Mobile, O=Acme Inc, C=US"',
  ],
  [
    'mobile-bundletool-build-apks-ks-pass',
    'java -jar bundletool.jar build-apks --bundle=app-release.aab --output=app.apks \\\n  --ks=release.jks --ks-pass=pass:«{a16}» --ks-key-alias=upload --key-pass=pass:«{a16}»',
  ],
  [
    'mobile-huawei-agconnect-client-secret',
    '"client": {\n    "cp_id": "{d19}",\n    "product_id": "{d18}",\n    "client_id": "{d18}",\n    "client_secret": "«{H64}»",\n    "project_id": "{d18}",\n    "app_id": "{d9}",\n    "package_name": "com.acme.app.huawei"\n}',
  ],
  [
    'mobile-sentry-properties-android-auth-token',
    'defaults.url=https://sentry.io/\ndefaults.org=fieldops\ndefaults.project=android\nauth.token=«sntrys_eyJpYXQiOjE3MjI{a18}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL2RlLnNlbnRyeS5pbyIsIm9yZyI6ImZpZWxkb3BzIn0_{b43}»',
  ],
  [
    'mobile-sentry-gradle-plugin-authtoken-literal',
    'sentry {\n    org.set("acme-mobile")\n    projectName.set("android")\n    authToken.set("«sntryu_{h64}»")\n    includeProguardMapping.set(true)\n}',
  ],
  [
    'mobile-kotlin-algolia-admin-key-seeding',
    '// admin key, NOT the search-only one - needed to push records from the debug menu\nval client = ClientSearch(\n    applicationID = ApplicationID("{u10}"),\n    apiKey = APIKey("«{h32}»")\n)',
  ],
  [
    'mobile-settings-gradle-mapbox-maven-password',
    'maven {\n    url = uri("https://api.mapbox.com/downloads/v2/releases/maven")\n    credentials {\n        username = "mapbox"\n        password = "«sk.eyJ1IjoiZmllbGRvcHMiLCJhIjoi{a34}fQ.{B22}»"\n    }\n}',
  ],
  [
    'mobile-settings-gradle-github-packages-token',
    'maven {\n    name = "GitHubPackages"\n    url = uri("https://maven.pkg.github.com/acme/android-design-system")\n    credentials {\n        username = "acme-bot"\n        password = "«ghp_{a36}»"\n    }\n}',
  ],
  ['mobile-gradle-properties-jitpack-auth-token', '# private jitpack builds\nauthToken=«jp_{l26}»\nandroid.enableJetifier=false'],
  [
    'mobile-sqlcipher-passphrase-literal',
    'val passphrase = SQLiteDatabase.getBytes("«{a24}»".toCharArray())\nval factory = SupportFactory(passphrase)\nRoom.databaseBuilder(ctx, AppDb::class.java, "acme.db").openHelperFactory(factory).build()',
  ],
  [
    'mobile-gha-echo-base64-keystore-decode',
    '      - name: Decode keystore\n        run: echo "«MIIK{b176}»" | base64 --decode > android/app/release.jks',
  ],
  [
    'mobile-gradle-signingreport-debug-print-passwords',
    '> Task :app:printSigning\nSigningConfig(name=release, storeFile=/builds/acme/app/release.jks, storePassword=«{a16}», keyAlias=upload, keyPassword=«{a16}», storeType=jks, v1=true, v2=true)',
  ],
  [
    'mobile-logcat-okhttp-bearer-jwt',
    '06-11 10:22:41.119  8842  8911 D OkHttp  : --> GET https://api.acme.io/v1/me\n06-11 10:22:41.119  8842  8911 D OkHttp  : Authorization: Bearer «eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{B140}.{B86}»\n06-11 10:22:41.120  8842  8911 D OkHttp  : --> END GET',
  ],
  [
    'mobile-kotlin-launchdarkly-sdk-key-beside-mobile-key',
    'val ldConfig = LDConfig.Builder(AutoEnvAttributes.Enabled)\n    .mobileKey("mob-{h8}-{h4}-4{h3}-a{h3}-{h12}")\n    .build()\n// backend-only, used by the admin flag toggler\nconst val LD_SDK_KEY = "«sdk-{h8}-{h4}-4{h3}-a{h3}-{h12}»"',
  ],
  [
    'mobile-kotlin-amplitude-secret-beside-api-key',
    'object AnalyticsKeys {\n    const val AMPLITUDE_API_KEY = "{h32}"\n    const val AMPLITUDE_SECRET_KEY = "«{h32}»"\n}',
  ],
  [
    'mobile-kotlin-cloudinary-url-api-secret',
    'val cloudinary = Cloudinary("cloudinary://{d15}:«{B27}»@acme-media")\ncloudinary.uploader().upload(file, ObjectUtils.emptyMap())',
  ],
  [
    'mobile-app-json-extra-stripe-secret-beside-project-id',
    '{\n  "expo": {\n    "name": "Acme",\n    "slug": "acme",\n    "extra": {\n      "eas": { "projectId": "{h8}-{h4}-4{h3}-a{h3}-{h12}" },\n      "stripeSecretKey": "«sk_live_{a99}»"\n    }\n  }\n}',
  ],
  [
    'mobile-app-config-js-revenuecat-secret-beside-public',
    'export default ({ config }) => ({\n  ...config,\n  extra: {\n    revenueCatIosKey: "appl_{a27}",\n    revenueCatAndroidKey: "goog_{a27}",\n    revenueCatSecret: "«sk_{a28}»",\n  },\n});',
  ],
  [
    'mobile-app-config-ts-openai-fallback-literal',
    'extra: {\n  apiUrl: process.env.API_URL ?? "https://api.acme.io",\n  openaiKey: process.env.OPENAI_KEY ?? "«sk-proj-{B58}T3BlbkFJ{B58}»",\n},',
  ],
  [
    'mobile-eas-json-build-env-sentry-token',
    '{\n  "build": {\n    "production": {\n      "channel": "production",\n      "env": {\n        "APP_ENV": "production",\n        "SENTRY_AUTH_TOKEN": "«sntrys_eyJpYXQiOjE3MTk{a18}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6ImFjbWUtbW9iaWxlIn0_{a43}»"\n      }\n    }\n  }\n}',
  ],
  [
    'mobile-eas-submit-env-app-specific-password',
    'EXPO_APPLE_ID=release@acme.io\nEXPO_APPLE_APP_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\nEXPO_APPLE_TEAM_ID={u10}\nnpx eas-cli submit -p ios --latest',
  ],
  [
    'mobile-expo-token-gha-step-env-inline',
    '      - name: Build\n        run: eas build --platform all --non-interactive --no-wait\n        env:\n          EXPO_TOKEN: «{B40}»',
  ],
  [
    'mobile-expo-token-shell-export-whoami',
    '$ export EXPO_TOKEN=«{B40}»\n$ npx eas-cli whoami\nacme-ci-bot (robot)\nAccounts:\n• acme (Role: Developer)',
  ],
  [
    'mobile-eas-secret-create-sentry-token',
    'eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value «sntrys_eyJpYXQiOjE3MjI{a18}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL2RlLnNlbnRyeS5pbyIsIm9yZyI6ImZpZWxkb3BzIn0_{b43}» --type string',
  ],
  [
    'mobile-eas-env-create-stripe-secret-visibility',
    'npx eas-cli env:create --environment production --name STRIPE_SECRET_KEY --value «sk_live_{a99}» --visibility secret',
  ],
  [
    'mobile-appcenter-login-token-flag',
    '$ appcenter login --token «{h40}»\nLogged in as acme-mobile-ci\n$ appcenter codepush release-react -a acme/Acme-iOS -d Production',
  ],
  [
    'mobile-code-push-standalone-access-key-login',
    'npx code-push-standalone login https://codepush.acme.io --accessKey «{B37}»\nnpx code-push-standalone release-react Acme-Android android -d Staging',
  ],
  [
    'mobile-codepush-js-options-deployment-key',
    'const codePushOptions = {\n  deploymentKey: "«{B37}»",\n  checkFrequency: codePush.CheckFrequency.ON_APP_RESUME,\n  installMode: codePush.InstallMode.ON_NEXT_RESTART,\n};\nexport default codePush(codePushOptions)(App);',
  ],
  [
    'mobile-react-native-config-env-api-secret-beside-maps-key',
    '# .env.production (react-native-config)\nAPI_URL=https://api.acme.io\nGOOGLE_MAPS_API_KEY=AIza{B35}\nAPI_SECRET=«{a32}»',
  ],
  [
    'mobile-react-native-config-algolia-admin-beside-search',
    'ALGOLIA_APP_ID={u10}\nALGOLIA_SEARCH_KEY={h32}\nALGOLIA_ADMIN_KEY=«{h32}»\nALGOLIA_INDEX=products_prod',
  ],
  [
    'mobile-expo-push-access-token-bearer',
    "await fetch('https://exp.host/--/api/v2/push/send', {\n  method: 'POST',\n  headers: {\n    'Content-Type': 'application/json',\n    Authorization: 'Bearer «{B40}»',\n  },\n  body: JSON.stringify(messages),\n});",
  ],
  [
    'mobile-rn-supabase-service-role-jwt',
    "import { createClient } from '@supabase/supabase-js';\nexport const admin = createClient(\n  'https://{l20}.supabase.co',\n  '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{a26}Iiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcx{a22}.{B43}»',\n);",
  ],
  [
    'mobile-rn-supabase-sb-secret-beside-publishable',
    'EXPO_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nEXPO_PUBLIC_SUPABASE_KEY=sb_publishable_{B31}\nSUPABASE_SECRET_KEY=«sb_secret_{B31}»',
  ],
  [
    'mobile-expo-public-env-openai-leak',
    '# .env.local — EXPO_PUBLIC_ vars get inlined into the JS bundle\nEXPO_PUBLIC_API_URL=https://api.acme.io\nEXPO_PUBLIC_OPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»',
  ],
  [
    'mobile-rn-minified-bundle-stripe-secret',
    '__d(function(g,r,i,a,m,e,d){Object.defineProperty(e,"__esModule",{value:!0});e.API_URL="https://api.acme.io";e.STRIPE_SECRET="«sk_live_{a24}»";e.BUILD="412"},1284,[]);',
  ],
  [
    'mobile-rn-ios-sentry-properties-legacy-token',
    '$ cat ios/sentry.properties\ndefaults.url=https://sentry.io/\ndefaults.org=acme-mobile\ndefaults.project=react-native\nauth.token=«{h64}»\ncli.executable=../node_modules/@sentry/cli/bin/sentry-cli',
  ],
  [
    'mobile-sentry-wizard-output-env-file',
    '✔ Added the Sentry Metro plugin\n✔ Added auth token to .env.local for you to test uploading source maps locally.\n\n$ cat .env.local\nSENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3MTk{a18}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6ImFjbWUtbW9iaWxlIn0_{a43}»',
  ],
  [
    'mobile-onesignal-v2-app-key-node-fetch',
    "const res = await fetch('https://api.onesignal.com/notifications?c=push', {\n  method: 'POST',\n  headers: { Authorization: 'Key «os_v2_app_{k56}{k50}»', 'Content-Type': 'application/json' },\n  body: JSON.stringify({ app_id: '{h8}-{h4}-4{h3}-a{h3}-{h12}', contents: { en: 'Order shipped' }, include_aliases: { external_id: [userId] } }),\n});",
  ],
  [
    'mobile-onesignal-legacy-rest-key-basic-curl',
    'curl --request POST https://onesignal.com/api/v1/notifications \\\n  --header \'Authorization: Basic «{a48}»\' \\\n  --header \'Content-Type: application/json\' \\\n  --data \'{"app_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","included_segments":["Subscribed Users"],"contents":{"en":"Hi"}}\'',
  ],
  [
    'mobile-onesignal-org-api-key-dotenv',
    'ONESIGNAL_APP_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nONESIGNAL_ORG_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nONESIGNAL_ORG_API_KEY=«os_v2_org_{k56}{k50}»',
  ],
  [
    'mobile-onesignal-rest-key-rails-credentials',
    'onesignal:\n  app_id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n  rest_api_key: «os_v2_app_{k56}{k50}»',
  ],
  ['mobile-branch-secret-beside-key-live-env', 'BRANCH_KEY=key_live_{a32}\nBRANCH_SECRET=«secret_live_{a32}»\nBRANCH_DOMAIN=acme.app.link'],
  [
    'mobile-branch-api-curl-branch-secret',
    'curl -X POST https://api2.branch.io/v1/url \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"branch_key":"key_live_{a32}","branch_secret":"«secret_live_{a32}»","channel":"email","data":{"$canonical_identifier":"item/1042"}}\'',
  ],
  [
    'mobile-revenuecat-v1-curl-secret-key',
    "curl -s https://api.revenuecat.com/v1/subscribers/%24RCAnonymousID%3A{h32} \\\n  -H 'Authorization: Bearer «sk_{a28}»' \\\n  -H 'X-Platform: ios' | jq .subscriber.entitlements",
  ],
  [
    'mobile-revenuecat-python-headers-secret',
    'RC_HEADERS = {\n    "Authorization": "Bearer «sk_{a28}»",\n    "Content-Type": "application/json",\n}\nresp = httpx.post(f"https://api.revenuecat.com/v1/subscribers/{app_user_id}/entitlements/pro/promotional", json={"duration": "monthly"}, headers=RC_HEADERS)',
  ],
  [
    'mobile-revenuecat-webhook-authorization-check',
    "app.post('/webhooks/revenuecat', (req, res) => {\n  if (req.headers.authorization !== 'Bearer «{a32}»') return res.sendStatus(401);\n  queue.push(req.body.event);\n  res.sendStatus(200);\n});",
  ],
  [
    'mobile-mapbox-secret-env-beside-public-token',
    'MAPBOX_PUBLIC_TOKEN=pk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}\nMAPBOX_SECRET_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{a37}In0.{B22}»',
  ],
  [
    'mobile-mapbox-netrc-ios-downloads',
    '$ cat ~/.netrc\nmachine api.mapbox.com\nlogin mapbox\npassword «sk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}»',
  ],
  [
    'mobile-rnmapbox-plugin-download-token-app-json',
    '"plugins": [\n  [\n    "@rnmapbox/maps",\n    {\n      "RNMapboxMapsImpl": "mapbox",\n      "RNMapboxMapsDownloadToken": "«sk.eyJ1IjoiZmllbGRvcHMiLCJhIjoi{a34}fQ.{B22}»"\n    }\n  ]\n]',
  ],
  [
    'mobile-flutter-gradle-properties-sdk-registry-token',
    '# android/gradle.properties (mapbox_maps_flutter)\nSDK_REGISTRY_TOKEN=«sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{a37}In0.{B22}»\nandroid.useAndroidX=true',
  ],
  [
    'mobile-algolia-node-seed-admin-key',
    "// scripts/seed-search.js — admin key (NOT the search key)\nconst client = algoliasearch('{u10}', '«{h32}»');\nawait client.initIndex('listings').saveObjects(records, { autoGenerateObjectIDIfNotExist: true });",
  ],
  [
    'mobile-swift-algolia-search-key-beside-admin-key',
    'let appID = "{u10}"\nlet searchOnlyKey = "{h32}"   // search-only, fine to ship\nlet adminKey = "«{h32}»"       // remove before release!',
  ],
  [
    'mobile-sentry-expo-plugin-auth-token-beside-dsn',
    '"plugins": [\n  ["@sentry/react-native/expo", {\n    "organization": "acme-mobile",\n    "project": "app",\n    "authToken": "«sntrys_eyJpYXQiOjE3MTk{a18}LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyIsInJlZ2lvbl91cmwiOiJodHRwczovL3VzLnNlbnRyeS5pbyIsIm9yZyI6ImFjbWUtbW9iaWxlIn0_{a43}»"\n  }]\n],\n"extra": { "sentryDsn": "https://{h32}@o{d6}.ingest.us.sentry.io/{d16}" }',
  ],
  [
    'mobile-firebase-functions-config-set-server-key',
    'firebase functions:config:set fcm.server_key="«AAAA{B7}:APA91b{B134}»" --project acme-prod',
  ],
  [
    'mobile-firebase-token-gha-env-inline',
    '      - run: firebase appdistribution:distribute app-release.apk --app 1:{d12}:android:{h16} --groups qa\n        env:\n          FIREBASE_TOKEN: «1//0{B98}»',
  ],
  [
    'mobile-firebase-login-ci-output-token',
    '$ firebase login:ci\n✔  Success! Use this token to login on a CI server:\n\n«1//0{B98}»\n\nExample: firebase deploy --token "$FIREBASE_TOKEN"',
  ],
  [
    'mobile-adapty-secret-beside-public-sdk-key',
    'ADAPTY_PUBLIC_SDK_KEY=public_live_{a8}.{a20}\nADAPTY_SECRET_KEY=«secret_live_{a8}.{a20}»',
  ],
  [
    'mobile-posthog-personal-key-beside-project-key',
    "posthog = Posthog('phc_{a43}', host='https://eu.i.posthog.com')\n# for the feature-flag admin script\nPERSONAL_API_KEY = '«phx_{a43}»'",
  ],
  [
    'mobile-braze-rest-key-curl',
    'curl -X POST https://rest.fra-02.braze.eu/messages/send \\\n  -H \'Authorization: Bearer «{h8}-{h4}-4{h3}-a{h3}-{h12}»\' \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"external_user_ids":["u_1042"],"messages":{"apple_push":{"alert":"Hi"}}}\'',
  ],
  [
    'mobile-auth0-client-secret-beside-domain-clientid',
    '# Auth0.plist has Domain + ClientId; this is the backend .env\nAUTH0_DOMAIN=acme.eu.auth0.com\nAUTH0_CLIENT_ID={a32}\nAUTH0_CLIENT_SECRET=«{B64}»',
  ],
  [
    'mobile-google-oauth-web-client-secret-expo-backend',
    'GOOGLE_WEB_CLIENT_ID={d12}-{l32}.apps.googleusercontent.com\nGOOGLE_WEB_CLIENT_SECRET=«GOCSPX-{B28}»\nGOOGLE_IOS_CLIENT_ID={d12}-{l32}.apps.googleusercontent.com',
  ],
  [
    'mobile-stripe-webhook-secret-mobile-backend',
    "const event = stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], '«whsec_{a32}»');",
  ],
  [
    'mobile-pusher-node-secret-beside-key',
    "const pusher = new Pusher({\n  appId: '{d7}',\n  key: '{h20}',\n  secret: '«{h20}»',\n  cluster: 'eu',\n  useTLS: true,\n});",
  ],
  [
    'mobile-flutter-run-dart-define-stripe-secret',
    'flutter run --flavor prod -t lib/main_prod.dart \\\n  --dart-define=API_BASE=https://api.acme.io \\\n  --dart-define=STRIPE_SECRET=«sk_live_{a24}»',
  ],
  [
    'mobile-flutter-build-ipa-dart-define-openai',
    'flutter build ipa --release --export-options-plist=ios/ExportOptions.plist --dart-define=OPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}» --build-number=87',
  ],
  [
    'mobile-flutter-dart-define-from-file-json-service-role',
    '// config/prod.json  (flutter run --dart-define-from-file=config/prod.json)\n{\n  "API_URL": "https://api.acme.io",\n  "SUPABASE_URL": "https://{l20}.supabase.co",\n  "SUPABASE_SERVICE_ROLE": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{a26}Iiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcx{a22}.{B43}»"\n}',
  ],
  [
    'mobile-flutter-dotenv-file-weather-key',
    '# assets/.env (flutter_dotenv)\nENV=production\nOPENWEATHER_API_KEY=«{h32}»\nSENTRY_DSN=https://{h32}@o{d6}.ingest.sentry.io/{d7}',
  ],
  [
    'mobile-flutter-envied-generated-g-dart',
    "// env.g.dart — GENERATED CODE - DO NOT MODIFY BY HAND\npart of 'env.dart';\n\nfinal class _Env {\n  static const String paymentsSecret = '«{a40}»';\n  static const String apiBase = 'https://api.acme.io';\n}",
  ],
  [
    'mobile-flutter-dart-const-api-secret',
    "const String kApiBaseUrl = 'https://api.acme.io/v3';\nconst String kApiSecret = '«{a32}»';\nconst Duration kTimeout = Duration(seconds: 20);",
  ],
  [
    'mobile-flutter-firebase-options-plus-fcm-server-key',
    "static const FirebaseOptions android = FirebaseOptions(\n  apiKey: 'AIza{B35}',\n  appId: '1:{d12}:android:{h16}',\n  messagingSenderId: '{d12}',\n  projectId: 'acme-prod',\n);\n// added for the admin broadcast screen\nstatic const String fcmServerKey = '«AAAA{B7}:APA91b{B134}»';",
  ],
  [
    'mobile-codemagic-yaml-vars-inline-keystore-password',
    'workflows:\n  android-release:\n    environment:\n      groups: [google_play]\n      vars:\n        CM_KEYSTORE_PATH: /tmp/keystore.jks\n        CM_KEYSTORE_PASSWORD: «{a18}»\n        CM_KEY_ALIAS: upload\n        CM_KEY_PASSWORD: «{a18}»',
  ],
  [
    'mobile-flutter-dio-interceptor-api-key-header',
    "dio.interceptors.add(InterceptorsWrapper(onRequest: (options, handler) {\n  options.headers['x-api-key'] = '«{a40}»';\n  handler.next(options);\n}));",
  ],
  [
    'mobile-flutter-http-basic-auth-literal',
    "final auth = 'Basic ' + base64Encode(utf8.encode('reports:«{a16}»'));\nfinal res = await http.get(Uri.parse('https://reports.acme.io/daily.csv'), headers: {'authorization': auth});",
  ],
  [
    'mobile-dart-pub-credentials-json-tokens',
    '$ cat ~/.config/dart/pub-credentials.json\n{"accessToken":"«ya29.{B150}»","refreshToken":"«1//0{B98}»","idToken":null,"tokenEndpoint":"https://accounts.google.com/o/oauth2/token","scopes":["openid","https://www.googleapis.com/auth/userinfo.email"],"expiration":1718102345123}',
  ],
  ['mobile-shorebird-token-ci-env', '# shorebird login:ci output pasted into Codemagic env\nSHOREBIRD_TOKEN=«{b160}»'],
  [
    'mobile-dart-appwrite-server-api-key',
    "final client = Client()\n  .setEndpoint('https://cloud.appwrite.io/v1')\n  .setProject('{h20}')\n  .setKey('«standard_{h256}»');",
  ],
  [
    'mobile-flutter-hive-aes-key-literal',
    "final key = base64Url.decode('«{B43}=»');\nfinal box = await Hive.openBox('vault', encryptionCipher: HiveAesCipher(key));",
  ],
  [
    'mobile-electron-builder-gh-token-inline-publish',
    '$ GH_TOKEN=«ghp_{a36}» npx electron-builder --mac --win --publish always\n  • electron-builder  version=24.13.3 os=23.5.0\n  • loaded configuration  file=package.json ("build" field)',
  ],
  [
    'mobile-electron-builder-yml-publish-token-field',
    'appId: com.acme.desktop\nproductName: Acme\npublish:\n  provider: github\n  owner: acme\n  repo: desktop-releases\n  private: true\n  token: «github_pat_{a22}_{a59}»',
  ],
  ['mobile-electron-csc-link-base64-and-password', 'export CSC_LINK="«MIIM{b236}»"\nexport CSC_KEY_PASSWORD="«{a20}»"\nnpm run dist:mac'],
  [
    'mobile-electron-win-csc-key-password',
    'WIN_CSC_LINK=./certs/acme-ev-codesign.pfx\nWIN_CSC_KEY_PASSWORD=«{a22}»\nCSC_IDENTITY_AUTO_DISCOVERY=false',
  ],
  [
    'mobile-electron-notarize-env-app-specific-password',
    '# .env.signing\nAPPLE_ID=release@acme.io\nAPPLE_APP_SPECIFIC_PASSWORD=«{L4}-{L4}-{L4}-{L4}»\nAPPLE_TEAM_ID={u10}',
  ],
  [
    'mobile-electron-forge-osxnotarize-inline-password',
    "packagerConfig: {\n  osxSign: {},\n  osxNotarize: {\n    appleId: 'release@acme.io',\n    appleIdPassword: '«{L4}-{L4}-{L4}-{L4}»',\n    teamId: '{u10}',\n  },\n},",
  ],
  [
    'mobile-electron-aftersign-notarize-hook-password',
    "exports.default = async function notarizing(context) {\n  const appName = context.packager.appInfo.productFilename;\n  await notarize({\n    appBundleId: 'com.acme.desktop',\n    appPath: `${context.appOutDir}/${appName}.app`,\n    appleId: 'release@acme.io',\n    appleIdPassword: '«{L4}-{L4}-{L4}-{L4}»',\n    teamId: '{u10}',\n  });\n};",
  ],
  ['mobile-snapcraft-store-credentials-env', 'SNAPCRAFT_STORE_CREDENTIALS=«{b280}»\nnpx electron-builder --linux snap --publish always'],
  [
    'mobile-azure-trusted-signing-client-secret',
    'AZURE_TENANT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_CLIENT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_CLIENT_SECRET=«{a3}8Q~{B34}»\nAZURE_CODE_SIGNING_ACCOUNT=acme-signing',
  ],
  [
    'mobile-signtool-pfx-password-flag',
    'signtool sign /f certs\\acme-codesign.pfx /p «{a18}» /fd sha256 /tr http://timestamp.digicert.com /td sha256 "dist\\Acme Setup 1.8.2.exe"',
  ],
  [
    'mobile-electron-publish-s3-aws-secret',
    'AWS_ACCESS_KEY_ID=AKIA{u16}\nAWS_SECRET_ACCESS_KEY=«{b40}»\nnpx electron-builder --publish always -c.publish.provider=s3 -c.publish.bucket=acme-desktop-updates',
  ],
  [
    'mobile-electron-autoupdater-private-repo-token',
    "autoUpdater.setFeedURL({\n  provider: 'github',\n  owner: 'acme',\n  repo: 'desktop',\n  private: true,\n  token: '«ghp_{a36}»',\n});",
  ],
  [
    'mobile-electron-main-dotenv-openai',
    '# apps/desktop/.env (loaded by main process via dotenv)\nOPENAI_API_KEY=«sk-proj-{B58}T3BlbkFJ{B58}»\nELECTRON_ENABLE_LOGGING=1',
  ],
  [
    'mobile-electron-keygen-product-token',
    "const res = await fetch('https://api.keygen.sh/v1/accounts/acme/licenses/actions/validate-key', {\n  headers: { Authorization: 'Bearer «prod-{h64}v3»', Accept: 'application/vnd.api+json' },\n});",
  ],
  [
    'mobile-sentry-cli-auth-token-flag-electron',
    'npx sentry-cli --auth-token «sntryu_{h64}» releases files acme-desktop@1.8.2 upload-sourcemaps ./dist --url-prefix "app:///dist"',
  ],
  [
    'mobile-tauri-signing-private-key-and-password',
    'TAURI_SIGNING_PRIVATE_KEY="«dW50cnVzdGVkIGNvbW1lbnQ6IHJzaWduIGVuY3J5cHRlZCBzZWNyZXQga2V5ClJXUlRZMEl5{b280}»"\nTAURI_SIGNING_PRIVATE_KEY_PASSWORD="«{a20}»"\nnpm run tauri build',
  ],
  [
    'mobile-bitrise-yml-app-envs-keystore-password',
    'app:\n  envs:\n  - PROJECT_LOCATION: android\n  - MODULE: app\n  - VARIANT: release\n  - KEYSTORE_PASSWORD: «{a18}»\n    opts:\n      is_expand: false',
  ],
  ['mobile-bitrise-api-token-curl', "curl -s -H 'Authorization: «{B86}»' https://api.bitrise.io/v0.1/apps | jq '.data[].slug'"],
  [
    'mobile-bitrise-build-trigger-token-curl',
    'curl https://app.bitrise.io/app/{h16}/build/start.json --data \'{"hook_info":{"type":"bitrise","build_trigger_token":"«{B22}»"},"build_params":{"branch":"main","workflow_id":"deploy"},"triggered_by":"curl"}\'',
  ],
  [
    'mobile-bitrise-secrets-yml-local',
    '# .bitrise.secrets.yml (used with bitrise run locally)\nenvs:\n- MATCH_PASSWORD: «{a20}»\n- FASTLANE_PASSWORD: «{a16}»\n- SLACK_CHANNEL: "#ios-builds"',
  ],
  [
    'mobile-codemagic-api-token-curl',
    'curl -H \'Content-Type: application/json\' -H \'x-auth-token: «{B43}»\' \\\n  --data \'{"appId":"{h24}","workflowId":"ios-release","branch":"main"}\' \\\n  https://api.codemagic.io/builds',
  ],
  [
    'mobile-codemagic-keychain-add-certificates-password',
    'keychain initialize\napp-store-connect fetch-signing-files "com.acme.app" --type IOS_APP_STORE --create\nkeychain add-certificates --certificate ios_distribution.p12 --certificate-password «{a16}»',
  ],
  [
    'mobile-codemagic-fetch-signing-files-private-key-flag',
    'app-store-connect fetch-signing-files com.acme.app \\\n  --issuer-id {h8}-{h4}-4{h3}-a{h3}-{h12} \\\n  --key-id {u10} \\\n  --private-key "«-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg{b16}\n{b64}\n{b64}\n{b8}\n-----END PRIVATE KEY-----»"',
  ],
  ['mobile-appcenter-access-token-env', 'APPCENTER_OWNER=acme\nAPPCENTER_APP=Acme-Android\nAPPCENTER_ACCESS_TOKEN=«{h40}»'],
  [
    'mobile-appcenter-curl-x-api-token',
    "curl -X GET 'https://api.appcenter.ms/v0.1/apps/acme/Acme-iOS/releases?published_only=true' \\\n  -H 'accept: application/json' \\\n  -H 'X-API-Token: «{h40}»'",
  ],
  [
    'mobile-fastlane-appcenter-upload-api-token',
    'appcenter_upload(\n  api_token: "«{h40}»",\n  owner_name: "acme",\n  app_name: "Acme-iOS",\n  file: "build/Acme.ipa",\n  notify_testers: true\n)',
  ],
  [
    'mobile-gha-inline-keystore-password-beside-secret-ref',
    '      - name: Build release\n        run: ./gradlew bundleRelease\n        env:\n          KEY_ALIAS: ${{ secrets.KEY_ALIAS }}\n          KEYSTORE_PASSWORD: «{a18}»\n          KEY_PASSWORD: «{a18}»',
  ],
  [
    'mobile-gitlab-ci-variables-match-password',
    'variables:\n  LC_ALL: "en_US.UTF-8"\n  MATCH_PASSWORD: "«{a24}»"\n  FASTLANE_SKIP_UPDATE_CHECK: "true"\n\nios_beta:\n  stage: deploy\n  script: bundle exec fastlane beta\n  tags: [macos]',
  ],
  [
    'mobile-circleci-environment-android-key-password',
    'jobs:\n  release-android:\n    docker:\n      - image: cimg/android:2024.01\n    environment:\n      ANDROID_KEYSTORE_PASSWORD: «{a16}»\n      ANDROID_KEY_ALIAS: upload',
  ],
  [
    'mobile-azure-pipelines-install-apple-cert-pwd',
    "- task: InstallAppleCertificate@2\n  inputs:\n    certSecureFile: 'AppleDistribution.p12'\n    certPwd: '«{a16}»'\n    keychain: 'temp'",
  ],
  [
    'mobile-azure-pipelines-android-signing-passwords',
    "- task: AndroidSigning@3\n  inputs:\n    apkFiles: '**/*.apk'\n    apksignerKeystoreFile: 'release.jks'\n    apksignerKeystorePassword: '«{a16}»'\n    apksignerKeystoreAlias: 'upload'\n    apksignerKeyPassword: '«{a16}»'",
  ],
  [
    'mobile-bitrise-log-match-basic-authorization',
    '+ bundle exec fastlane match development --readonly --git_basic_authorization «{b59}=»\n[09:12:41]: Successfully decrypted certificates repo',
  ],
  [
    'mobile-chat-prose-match-passphrase-decrypt-failure',
    'match keeps failing with "Invalid password passed via \'MATCH_PASSWORD\'". The passphrase we set up last year is «{a18}» and it worked on my laptop yesterday, only CI fails. Any idea?',
  ],
  [
    'mobile-chat-prose-keystore-passwords-tampered',
    "gradle says `Keystore was tampered with, or password was incorrect`. store password is «{a14}» and the key password is «{a14}», alias `upload`. I'm 100% sure they're right",
  ],
  [
    'mobile-chat-prose-app-specific-password-altool',
    'I made an app-specific password for the release account («{L4}-{L4}-{L4}-{L4}») but altool still says "Please sign in with an app-specific password". Team id {u10}, apple id release@acme.io',
  ],
  [
    'mobile-chat-prose-revenuecat-secret-used-in-sdk',
    'Purchases.configure(withAPIKey:) is crashing with "Secret API keys should not be used in your app." — I passed «sk_{a28}». Should I use the appl_ one instead?',
  ],
  [
    'mobile-chat-prose-mapbox-pod-install-401',
    'pod install dies with `curl: (22) The requested URL returned error: 401` for api.mapbox.com. my ~/.netrc has login mapbox and password «sk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}», the token has DOWNLOADS:READ scope',
  ],
  [
    'mobile-chat-prose-expo-token-robot',
    'created a robot user for CI, token is «{B40}» — where do I set it so `eas build` in GitHub Actions picks it up?',
  ],
  [
    'mobile-chat-prose-onesignal-rest-key-403',
    "OneSignal returns 403 \"Access denied. Please include an 'Authorization: ...' header with a valid API key\". app id is {h8}-{h4}-4{h3}-a{h3}-{h12} and I'm sending the key «os_v2_app_{k56}{k50}», what am I missing?",
  ],
  [
    'mobile-chat-prose-firebase-server-key-migration',
    'Does this legacy server key still work after the FCM v1 migration? «AAAA{B7}:APA91b{B134}» — our Android app still sends through /fcm/send',
  ],
  [
    'mobile-charles-capture-api-key-header',
    'Request captured in Charles from the release build:\nPOST /v2/sync HTTP/1.1\nHost: api.acme.io\nX-App-Version: 5.12.0 (2031)\nX-Api-Key: «{a40}»\nContent-Type: application/json',
  ],
  [
    'mobile-proxyman-capture-session-cookie',
    'GET /api/v3/profile HTTP/2\nhost: m.acme.io\nuser-agent: Acme/5.12.0 (iPhone; iOS 17.5; Scale/3.00)\ncookie: _acme_session=«{B96}»; locale=en-GB',
  ],
  [
    'mobile-xcode-scheme-env-var-api-token',
    '<EnvironmentVariables>\n   <EnvironmentVariable\n      key = "ACME_API_TOKEN"\n      value = "«{a36}»"\n      isEnabled = "YES">\n   </EnvironmentVariable>\n</EnvironmentVariables>',
  ],
  [
    'mobile-swift-hmac-signing-key-constant',
    'private let signingKey = SymmetricKey(data: Data(base64Encoded: "«{b43}=»")!)\nlet mac = HMAC<SHA256>.authenticationCode(for: body, using: signingKey)',
  ],
  [
    'mobile-gha-setup-keystore-from-base64-secret-and-inline-pass',
    '      - uses: r0adkll/sign-android-release@v1\n        with:\n          releaseDirectory: app/build/outputs/bundle/release\n          signingKeyBase64: ${{ secrets.SIGNING_KEY }}\n          alias: upload\n          keyStorePassword: «{a18}»\n          keyPassword: «{a18}»',
  ],
  [
    'mobile-vonage-api-secret-beside-key-kotlin',
    'val vonage = VonageClient.builder()\n    .apiKey("{h8}")\n    .apiSecret("«{a16}»")\n    .build()',
  ],
];
export const BLIND78_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'mobile-googleservice-info-plist-web-api-key',
    '<key>API_KEY</key>\n<string>AIza{B35}</string>\n<key>GCM_SENDER_ID</key>\n<string>{d12}</string>\n<key>BUNDLE_ID</key>\n<string>com.acme.app</string>\n<key>PROJECT_ID</key>\n<string>acme-prod</string>\n<key>GOOGLE_APP_ID</key>\n<string>1:{d12}:ios:{h22}</string>',
  ],
  [
    'mobile-googleservice-info-plist-client-ids',
    '<key>CLIENT_ID</key>\n<string>{d12}-{l32}.apps.googleusercontent.com</string>\n<key>REVERSED_CLIENT_ID</key>\n<string>com.googleusercontent.apps.{d12}-{l32}</string>\n<key>IS_ANALYTICS_ENABLED</key>\n<false/>',
  ],
  [
    'mobile-google-services-json-current-key',
    '"client": [\n  {\n    "client_info": {\n      "mobilesdk_app_id": "1:{d12}:android:{h22}",\n      "android_client_info": { "package_name": "com.acme.app" }\n    },\n    "oauth_client": [{ "client_id": "{d12}-{l32}.apps.googleusercontent.com", "client_type": 3 }],\n    "api_key": [{ "current_key": "AIza{B35}" }]\n  }\n]',
  ],
  [
    'mobile-google-services-json-certificate-hash',
    '"android_info": {\n  "package_name": "com.acme.app",\n  "certificate_hash": "{h40}"\n},\n"client_type": 1',
  ],
  [
    'mobile-firebase-options-dart-ios',
    "static const FirebaseOptions ios = FirebaseOptions(\n  apiKey: 'AIza{B35}',\n  appId: '1:{d12}:ios:{h22}',\n  messagingSenderId: '{d12}',\n  projectId: 'acme-prod',\n  storageBucket: 'acme-prod.appspot.com',\n  iosBundleId: 'com.acme.app',\n);",
  ],
  [
    'mobile-rn-firebase-web-config',
    "const firebaseConfig = {\n  apiKey: 'AIza{B35}',\n  authDomain: 'acme-prod.firebaseapp.com',\n  projectId: 'acme-prod',\n  appId: '1:{d12}:web:{h22}',\n  measurementId: 'G-{u10}',\n};",
  ],
  [
    'mobile-android-manifest-geo-api-key-aiza',
    '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="AIza{B35}" />\n<meta-data\n    android:name="com.google.android.gms.version"\n    android:value="@integer/google_play_services_version" />',
  ],
  [
    'mobile-infoplist-mbx-access-token-public',
    '<key>MBXAccessToken</key>\n<string>pk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}</string>\n<key>NSLocationWhenInUseUsageDescription</key>\n<string>Show nearby stores</string>',
  ],
  [
    'mobile-strings-xml-mapbox-public-token',
    '<resources xmlns:tools="http://schemas.android.com/tools">\n    <string name="mapbox_access_token" translatable="false" tools:ignore="UnusedResources">pk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}</string>\n</resources>',
  ],
  [
    'mobile-swift-revenuecat-configure-appl-key',
    'Purchases.logLevel = .warn\nPurchases.configure(withAPIKey: "appl_{a27}", appUserID: nil)',
  ],
  [
    'mobile-kotlin-revenuecat-goog-key',
    'Purchases.configure(\n    PurchasesConfiguration.Builder(this, "goog_{a27}")\n        .appUserID(null)\n        .build()\n)',
  ],
  [
    'mobile-rn-revenuecat-platform-select-public-keys',
    "const apiKey = Platform.select({\n  ios: 'appl_{a27}',\n  android: 'goog_{a27}',\n  default: 'amzn_{a27}',\n});\nPurchases.configure({ apiKey });",
  ],
  [
    'mobile-revenuecat-anonymous-app-user-id-log',
    '[Purchases] - DEBUG: ℹ️ Identifying App User ID: $RCAnonymousID:{h32}\n[Purchases] - DEBUG: ℹ️ No cached Offerings, fetching from network',
  ],
  [
    'mobile-swift-onesignal-initialize-app-id',
    'OneSignal.initialize("{h8}-{h4}-4{h3}-a{h3}-{h12}", withLaunchOptions: launchOptions)\nOneSignal.Notifications.requestPermission({ accepted in }, fallbackToSettings: true)',
  ],
  [
    'mobile-app-json-onesignal-plugin-and-app-id',
    '"plugins": [\n  ["onesignal-expo-plugin", { "mode": "production" }]\n],\n"extra": {\n  "oneSignalAppId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'mobile-onesignal-rest-call-env-ref',
    'curl -X POST https://api.onesignal.com/notifications \\\n  -H "Authorization: Key $ONESIGNAL_REST_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"app_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","target_channel":"push","contents":{"en":"Hello"}}\'',
  ],
  [
    'mobile-infoplist-branch-key-live-dict',
    '<key>branch_key</key>\n<dict>\n\t<key>live</key>\n\t<string>key_live_{a32}</string>\n\t<key>test</key>\n\t<string>key_test_{a32}</string>\n</dict>\n<key>branch_universal_link_domains</key>\n<array><string>acme.app.link</string></array>',
  ],
  [
    'mobile-android-manifest-branch-key-live',
    '<meta-data android:name="io.branch.sdk.BranchKey" android:value="key_live_{a32}" />\n<meta-data android:name="io.branch.sdk.TestMode" android:value="false" />',
  ],
  [
    'mobile-swift-sentry-start-dsn',
    'SentrySDK.start { options in\n    options.dsn = "https://{h32}@o{d6}.ingest.us.sentry.io/{d16}"\n    options.tracesSampleRate = 0.2\n    options.environment = "production"\n}',
  ],
  [
    'mobile-android-manifest-sentry-dsn',
    '<meta-data android:name="io.sentry.dsn" android:value="https://{h32}@o{d6}.ingest.de.sentry.io/{d16}" />\n<meta-data android:name="io.sentry.traces.sample-rate" android:value="0.1" />',
  ],
  [
    'mobile-sentry-properties-without-token',
    'defaults.url=https://sentry.io/\ndefaults.org=acme-mobile\ndefaults.project=ios\n# auth.token comes from SENTRY_AUTH_TOKEN in CI\ncli.executable=../node_modules/@sentry/cli/bin/sentry-cli',
  ],
  [
    'mobile-sentry-event-id-log',
    'Sentry Logger [log]: Captured error event `{h32}`.\nSentry Logger [log]: Envelope sent, status 200, release com.acme.app@5.12.0+2031',
  ],
  [
    'mobile-algolia-search-only-key-labelled',
    "// search-only key: safe to ship in the app bundle (ACL: search)\nconst searchClient = algoliasearch('{u10}', '{h32}');\nconst index = searchClient.initIndex('products_prod');",
  ],
  [
    'mobile-algolia-app-id-index-names-env',
    'ALGOLIA_APP_ID={u10}\nALGOLIA_INDEX_PRODUCTS=products_prod\nALGOLIA_INDEX_PRODUCTS_PRICE_ASC=products_prod_price_asc',
  ],
  [
    'mobile-fastlane-appfile-ids',
    'app_identifier("com.acme.app")\napple_id("release@acme.io")\nitc_team_id("{d9}")\nteam_id("{u10}")\nfor_platform :android do\n  package_name("com.acme.app")\nend',
  ],
  [
    'mobile-export-options-plist-profile-uuids',
    '<key>method</key>\n<string>app-store</string>\n<key>teamID</key>\n<string>{u10}</string>\n<key>provisioningProfiles</key>\n<dict>\n\t<key>com.acme.app</key>\n\t<string>{H8}-{H4}-4{H3}-B{H3}-{H12}</string>\n\t<key>com.acme.app.widgets</key>\n\t<string>{H8}-{H4}-4{H3}-B{H3}-{H12}</string>\n</dict>',
  ],
  [
    'mobile-xcconfig-signing-settings-inherited',
    'CODE_SIGN_STYLE = Manual\nDEVELOPMENT_TEAM = {u10}\nCODE_SIGN_IDENTITY = Apple Distribution: Acme Inc ({u10})\nPROVISIONING_PROFILE_SPECIFIER = match AppStore com.acme.app\nOTHER_LDFLAGS = $(inherited) -ObjC\nHEADER_SEARCH_PATHS = $(inherited) "$(PODS_ROOT)/Headers/Public"',
  ],
  [
    'mobile-xcconfig-api-key-build-setting-reference',
    'API_KEY = $(ACME_API_KEY)\nAPI_SECRET = $(ACME_API_SECRET)\nINFOPLIST_KEY_CFBundleDisplayName = Acme\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) PROD',
  ],
  [
    'mobile-keytool-list-fingerprints',
    'Alias name: upload\nCreation date: Mar 4, 2023\nEntry type: PrivateKeyEntry\nCertificate fingerprints:\n\t SHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n\t SHA256: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nSignature algorithm name: SHA256withRSA',
  ],
  [
    'mobile-gradle-signingreport-output',
    'Variant: release\nConfig: release\nStore: /Users/dev/acme/android/app/release.jks\nAlias: upload\nMD5: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nSHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nValid until: Tuesday, 3 March 2048',
  ],
  [
    'mobile-assetlinks-json-sha256-fingerprints',
    '[{\n  "relation": ["delegate_permission/common.handle_all_urls"],\n  "target": {\n    "namespace": "android_app",\n    "package_name": "com.acme.app",\n    "sha256_cert_fingerprints": ["{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}"]\n  }\n}]',
  ],
  [
    'mobile-apple-app-site-association-appids',
    '{\n  "applinks": {\n    "details": [\n      { "appIDs": ["{u10}.com.acme.app", "{u10}.com.acme.app.beta"], "components": [{ "/": "/orders/*" }] }\n    ]\n  },\n  "webcredentials": { "apps": ["{u10}.com.acme.app"] }\n}',
  ],
  [
    'mobile-gradle-version-code-name',
    'defaultConfig {\n    applicationId = "com.acme.app"\n    minSdk = 24\n    targetSdk = 34\n    versionCode = 2031\n    versionName = "5.12.0"\n    testInstrumentationRunner = "androidx.test.runner.AndroidJUnitRunner"\n}',
  ],
  [
    'mobile-pbxproj-marketing-version-build',
    'CURRENT_PROJECT_VERSION = 2031;\nDEVELOPMENT_TEAM = {u10};\nINFOPLIST_FILE = Acme/Info.plist;\nMARKETING_VERSION = 5.12.0;\nPRODUCT_BUNDLE_IDENTIFIER = com.acme.app;',
  ],
  [
    'mobile-gha-secrets-refs-ios-release',
    '    env:\n      MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}\n      MATCH_GIT_BASIC_AUTHORIZATION: ${{ secrets.MATCH_GIT_BASIC_AUTHORIZATION }}\n      APP_STORE_CONNECT_API_KEY_P8: ${{ secrets.ASC_KEY_P8 }}\n      FASTLANE_SESSION: ${{ secrets.FASTLANE_SESSION }}',
  ],
  [
    'mobile-gha-secrets-refs-android-release',
    '      - run: echo "${{ secrets.KEYSTORE_BASE64 }}" | base64 -d > app/release.jks\n      - run: ./gradlew bundleRelease\n        env:\n          KEYSTORE_PASSWORD: ${{ secrets.KEYSTORE_PASSWORD }}\n          KEY_PASSWORD: ${{ secrets.KEY_PASSWORD }}',
  ],
  [
    'mobile-bitrise-yml-secret-env-refs',
    '- sign-apk@1:\n    inputs:\n    - android_app: $BITRISE_AAB_PATH\n    - keystore_url: $BITRISEIO_ANDROID_KEYSTORE_URL\n    - keystore_password: $BITRISEIO_ANDROID_KEYSTORE_PASSWORD\n    - keystore_alias: $BITRISEIO_ANDROID_KEYSTORE_ALIAS\n    - private_key_password: $BITRISEIO_ANDROID_KEYSTORE_PRIVATE_KEY_PASSWORD',
  ],
  [
    'mobile-codemagic-yaml-groups-and-refs',
    'environment:\n  groups:\n    - app_store_credentials\n    - keystore_credentials\n  android_signing:\n    - acme_upload_keystore\n  ios_signing:\n    distribution_type: app_store\n    bundle_identifier: com.acme.app\nscripts:\n  - keychain add-certificates --certificate-password "$CM_CERTIFICATE_PASSWORD"',
  ],
  [
    'mobile-notarytool-keychain-profile-name',
    'xcrun notarytool submit dist/Acme.dmg --keychain-profile "notary-acme" --wait\nConducting pre-submission checks for Acme.dmg and initiating connection to the Apple notary service...\nSubmission ID received\n  id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nSuccessfully received submission info\n  status: Accepted',
  ],
  [
    'mobile-security-find-generic-password-item-name',
    'security find-generic-password -s "AC_PASSWORD" -a "release@acme.io" -w >/dev/null && echo "keychain item present"\nsecurity list-keychains -d user -s build.keychain login.keychain',
  ],
  [
    'mobile-swift-keychain-service-constants',
    'enum KeychainKeys {\n    static let service = "com.acme.app.auth"\n    static let accessToken = "accessToken"\n    static let refreshToken = "refreshToken"\n    static let accessGroup = "$(AppIdentifierPrefix)com.acme.shared"\n}',
  ],
  [
    'mobile-entitlements-keychain-access-groups',
    '<key>keychain-access-groups</key>\n<array>\n\t<string>$(AppIdentifierPrefix)com.acme.shared</string>\n</array>\n<key>aps-environment</key>\n<string>production</string>\n<key>com.apple.developer.team-identifier</key>\n<string>{u10}</string>',
  ],
  [
    'mobile-fastlane-env-placeholders',
    '# fastlane/.env.example — copy to .env and fill in\nMATCH_PASSWORD=<your-match-password>\nFASTLANE_USER=you@example.com\nFASTLANE_PASSWORD=\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=xxxx-xxxx-xxxx-xxxx',
  ],
  [
    'mobile-keystore-properties-changeme-template',
    '# keystore.properties.sample\nstorePassword=changeme\nkeyPassword=changeme\nkeyAlias=upload\nstoreFile=/path/to/upload-keystore.jks',
  ],
  [
    'mobile-fastfile-env-refs-asc-key-filepath',
    'api_key = app_store_connect_api_key(\n  key_id: ENV["ASC_KEY_ID"],\n  issuer_id: ENV["ASC_ISSUER_ID"],\n  key_filepath: "./fastlane/AuthKey_{u10}.p8",\n  duration: 1200\n)\nENV["FASTLANE_PASSWORD"] ||= ENV.fetch("APPLE_PASSWORD", nil)',
  ],
  [
    'mobile-asc-key-and-issuer-id-prose',
    'The API key I made in App Store Connect > Users and Access > Integrations is key id {u10}, issuer id {h8}-{h4}-4{h3}-a{h3}-{h12}, role App Manager. The .p8 is at ~/keys/AuthKey_{u10}.p8 — how do I pass that to altool?',
  ],
  [
    'mobile-groovy-signing-config-system-getenv',
    'signingConfigs {\n    release {\n        storeFile file(System.getenv("KEYSTORE_PATH") ?: "release.jks")\n        storePassword System.getenv("KEYSTORE_PASSWORD")\n        keyAlias System.getenv("KEY_ALIAS")\n        keyPassword System.getenv("KEY_PASSWORD")\n    }\n}',
  ],
  [
    'mobile-kotlin-dsl-signing-gradle-property-providers',
    'create("release") {\n    storeFile = file(providers.gradleProperty("RELEASE_STORE_FILE").get())\n    storePassword = providers.gradleProperty("RELEASE_STORE_PASSWORD").get()\n    keyAlias = providers.gradleProperty("RELEASE_KEY_ALIAS").get()\n    keyPassword = providers.gradleProperty("RELEASE_KEY_PASSWORD").get()\n}',
  ],
  [
    'mobile-ci-writes-keystore-properties-from-env',
    'echo "storePassword=$KEYSTORE_PASSWORD" >> android/keystore.properties\necho "keyPassword=$KEY_PASSWORD" >> android/keystore.properties\necho "keyAlias=$KEY_ALIAS" >> android/keystore.properties',
  ],
  [
    'mobile-android-debug-keystore-default-password',
    '# the default debug keystore (same on every machine)\nkeytool -list -v -keystore ~/.android/debug.keystore -alias androiddebugkey -storepass android -keypass android',
  ],
  [
    'mobile-infoplist-admob-app-id',
    '<key>GADApplicationIdentifier</key>\n<string>ca-app-pub-{d16}~{d10}</string>\n<key>SKAdNetworkItems</key>\n<array>\n\t<dict><key>SKAdNetworkIdentifier</key><string>cstr6suwn9.skadnetwork</string></dict>\n</array>',
  ],
  [
    'mobile-infoplist-facebook-app-id-url-scheme',
    '<key>FacebookAppID</key>\n<string>{d15}</string>\n<key>FacebookDisplayName</key>\n<string>Acme</string>\n<key>CFBundleURLSchemes</key>\n<array><string>fb{d15}</string></array>',
  ],
  [
    'mobile-rn-stripe-provider-publishable-key',
    '<StripeProvider\n  publishableKey="pk_live_{a99}"\n  merchantIdentifier="merchant.com.acme.app"\n  urlScheme="acme"\n>\n  <App />\n</StripeProvider>',
  ],
  [
    'mobile-supabase-publishable-key-env',
    'EXPO_PUBLIC_SUPABASE_URL=https://{l20}.supabase.co\nEXPO_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{B31}',
  ],
  [
    'mobile-clerk-publishable-key-expo',
    '<ClerkProvider publishableKey="pk_live_Y2xlcmsuYWNtZS5pbyQ" tokenCache={tokenCache}>\n  <Slot />\n</ClerkProvider>',
  ],
  ['mobile-adapty-public-sdk-key-activate', 'try await Adapty.activate("public_live_{a8}.{a20}")\nAdapty.logLevel = .warn'],
  [
    'mobile-posthog-project-key-phc',
    "await PostHog.setup('phc_{a43}', { host: 'https://eu.i.posthog.com', captureAppLifecycleEvents: true });",
  ],
  [
    'mobile-launchdarkly-mobile-key-config',
    'let config = LDConfig(mobileKey: "mob-{h8}-{h4}-4{h3}-a{h3}-{h12}", autoEnvAttributes: .enabled)\nLDClient.start(config: config, context: context)',
  ],
  [
    'mobile-podfile-lock-spec-checksums',
    'SPEC CHECKSUMS:\n  Alamofire: {h40}\n  FirebaseCore: {h40}\n  RevenueCat: {h40}\n\nPODFILE CHECKSUM: {h40}\n\nCOCOAPODS: 1.15.2',
  ],
  [
    'mobile-package-resolved-revisions',
    '{\n  "identity" : "purchases-ios",\n  "kind" : "remoteSourceControl",\n  "location" : "https://github.com/RevenueCat/purchases-ios.git",\n  "state" : {\n    "revision" : "{h40}",\n    "version" : "4.43.2"\n  }\n}',
  ],
  [
    'mobile-gradle-verification-metadata-sha256',
    '<component group="com.onesignal" name="OneSignal" version="5.1.13">\n   <artifact name="OneSignal-5.1.13.aar">\n      <sha256 value="{h64}" origin="Generated by Gradle"/>\n   </artifact>\n</component>',
  ],
  [
    'mobile-apksigner-verify-print-certs',
    '$ apksigner verify --print-certs app-release.apk\nSigner #1 certificate DN: CN=Acme Mobile, O=Acme Inc, C=US\nSigner #1 certificate SHA-256 digest: {h64}\nSigner #1 certificate SHA-1 digest: {h40}\nSigner #1 certificate MD5 digest: {h32}',
  ],
  [
    'mobile-codesign-dv-output',
    '$ codesign -dv --verbose=4 dist/mac-arm64/Acme.app\nIdentifier=com.acme.desktop\nFormat=app bundle with Mach-O thin (arm64)\nCDHash={h40}\nAuthority=Developer ID Application: Acme Inc ({u10})\nTeamIdentifier={u10}\nTimestamp=11 Jun 2024 at 09:41:02',
  ],
  [
    'mobile-electron-builder-signing-log-identity-hash',
    '  • signing         file=dist/mac-arm64/Acme.app platform=darwin type=distribution identity={H40} provisioningProfile=none\n  • notarization successful',
  ],
  [
    'mobile-electron-latest-mac-yml-sha512',
    "version: 1.8.2\nfiles:\n  - url: Acme-1.8.2-arm64-mac.zip\n    sha512: {b86}==\n    size: 98234112\npath: Acme-1.8.2-arm64-mac.zip\nsha512: {b86}==\nreleaseDate: '2024-06-11T09:44:10.118Z'",
  ],
  [
    'mobile-electron-builder-yml-publish-no-token',
    'appId: com.acme.desktop\nmac:\n  hardenedRuntime: true\n  notarize:\n    teamId: {u10}\npublish:\n  provider: github\n  owner: acme\n  repo: desktop-releases\n  releaseType: draft',
  ],
  [
    'mobile-electron-forge-osxsign-identity',
    "osxSign: {\n  identity: 'Developer ID Application: Acme Inc ({u10})',\n  optionsForFile: () => ({ entitlements: './entitlements.plist' }),\n},\nosxNotarize: { keychainProfile: 'notary-acme' },",
  ],
  [
    'mobile-electron-notarize-env-refs',
    'APPLE_ID=${APPLE_ID}\nAPPLE_APP_SPECIFIC_PASSWORD=${APPLE_APP_SPECIFIC_PASSWORD}\nAPPLE_TEAM_ID={u10}\nCSC_LINK=${CSC_LINK}\nCSC_KEY_PASSWORD=${CSC_KEY_PASSWORD}',
  ],
  [
    'mobile-tauri-conf-updater-pubkey',
    '"plugins": {\n  "updater": {\n    "pubkey": "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk6IHtBREQzQjE5NUU3MkM1NTcKUldSWHhTeVhtZkhUTzAzNTJjZGY3bXJ4eGJwYmZZZzJPVzNEOTh0VzZpUk1jSnBWRHhxaw==",\n    "endpoints": ["https://releases.acme.io/{{target}}/{{arch}}/{{current_version}}"]\n  }\n}',
  ],
  [
    'mobile-eas-json-submit-ids',
    '"submit": {\n  "production": {\n    "ios": {\n      "appleId": "release@acme.io",\n      "ascAppId": "{d10}",\n      "appleTeamId": "{u10}"\n    },\n    "android": { "serviceAccountKeyPath": "./secrets/play-service-account.json", "track": "internal" }\n  }\n}',
  ],
  [
    'mobile-app-json-updates-url-project-id',
    '"runtimeVersion": { "policy": "appVersion" },\n"updates": {\n  "url": "https://u.expo.dev/{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "fallbackToCacheTimeout": 0\n},\n"extra": { "eas": { "projectId": "{h8}-{h4}-4{h3}-a{h3}-{h12}" } }',
  ],
  [
    'mobile-eas-env-list-masked-output',
    '$ eas env:list --environment production\nVariables for this project for environment production:\nSENTRY_AUTH_TOKEN=***** (secret)\nSTRIPE_SECRET_KEY=***** (secret)\nEXPO_PUBLIC_API_URL=https://api.acme.io',
  ],
  [
    'mobile-rn-env-example-empty-values',
    '# .env.example\nAPI_URL=https://api.staging.acme.io\nAPI_SECRET=your_api_secret_here\nGOOGLE_MAPS_API_KEY=\nSENTRY_AUTH_TOKEN=',
  ],
  [
    'mobile-expo-public-revenuecat-env-usage',
    "const key = Platform.OS === 'ios'\n  ? process.env.EXPO_PUBLIC_REVENUECAT_IOS_KEY!\n  : process.env.EXPO_PUBLIC_REVENUECAT_ANDROID_KEY!;\nPurchases.configure({ apiKey: key });",
  ],
  [
    'mobile-flutter-dart-define-non-secret-flags',
    'flutter build appbundle --release --flavor prod --dart-define=FLAVOR=prod --dart-define=API_BASE_URL=https://api.acme.io --build-number=2031 --build-name=5.12.0',
  ],
  [
    'mobile-flutter-string-from-environment',
    "const stripeKey = String.fromEnvironment('STRIPE_PUBLISHABLE_KEY');\nconst apiSecret = String.fromEnvironment('API_SECRET', defaultValue: '');\nassert(apiSecret.isNotEmpty, 'pass --dart-define=API_SECRET=...');",
  ],
  [
    'mobile-flutter-envied-annotations',
    "@Envied(path: '.env', obfuscate: true)\nabstract class Env {\n  @EnviedField(varName: 'PAYMENTS_SECRET')\n  static final String paymentsSecret = _Env.paymentsSecret;\n}",
  ],
  [
    'mobile-gradle-properties-mapbox-token-empty',
    '# Mapbox downloads token goes in ~/.gradle/gradle.properties, not here\nMAPBOX_DOWNLOADS_TOKEN=\nandroid.useAndroidX=true',
  ],
  [
    'mobile-crashlytics-upload-symbols-command',
    '"${PODS_ROOT}/FirebaseCrashlytics/upload-symbols" -gsp "${PROJECT_DIR}/Acme/GoogleService-Info.plist" -p ios "${DWARF_DSYM_FOLDER_PATH}/${DWARF_DSYM_FILE_NAME}"',
  ],
  [
    'mobile-apns-server-config-key-path-ids',
    'apns:\n  key_path: /etc/acme/apns/AuthKey_{u10}.p8\n  key_id: {u10}\n  team_id: {u10}\n  topic: com.acme.app\n  production: true',
  ],
  [
    'mobile-matchfile-ssh-git-url',
    'git_url("git@github.com:acme/ios-certificates.git")\nstorage_mode("git")\ntype("development")\napp_identifier(["com.acme.app"])\nusername("release@acme.io")\nreadonly(true)',
  ],
  [
    'mobile-spaceship-2fa-phone-and-team-env',
    'SPACESHIP_2FA_SMS_DEFAULT_PHONE_NUMBER="+1 415 555 0134"\nFASTLANE_ITC_TEAM_ID={d9}\nFASTLANE_TEAM_ID={u10}\nSPACESHIP_SKIP_2FA_UPGRADE=1',
  ],
  [
    'mobile-bitrise-build-url-slugs',
    'Build #1042 failed: https://app.bitrise.io/build/{h16}?tab=log\nApp: https://app.bitrise.io/app/{h16}\nTriggered by: push to release/5.12',
  ],
  [
    'mobile-codemagic-build-urls',
    'https://codemagic.io/app/{h24}/build/{h24}\nArtifact: https://api.codemagic.io/artifacts/{h24}/{h24}/app-release.aab',
  ],
  [
    'mobile-appcenter-distribute-output-ids',
    'Release {d4} was successfully released.\nDownload link: https://install.appcenter.ms/orgs/acme/apps/Acme-iOS/releases/{d4}\nRelease id: {d4}, build: 5.12.0 (2031), destination group: {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'mobile-branch-link-alias-and-share-url',
    'shared link: https://acme.app.link/{a11}\n~referring_link: https://acme.app.link/{a11}\n+clicked_branch_link: true',
  ],
  [
    'mobile-onesignal-subscription-ids-log',
    'OneSignal: User state changed, onesignalId={h8}-{h4}-4{h3}-a{h3}-{h12}, externalId=u_1042\nOneSignal: push subscription id {h8}-{h4}-4{h3}-a{h3}-{h12} optedIn=true',
  ],
  [
    'mobile-hms-agconnect-ids-only',
    '"app_info": {\n  "app_id": "{d9}",\n  "package_name": "com.acme.app.huawei"\n},\n"region": "DE",\n"configuration_version": "3.0"',
  ],
  [
    'mobile-play-integrity-cloud-project-number',
    'val integrityManager = IntegrityManagerFactory.createStandard(context)\nintegrityManager.prepareIntegrityToken(\n    PrepareIntegrityTokenRequest.builder().setCloudProjectNumber({d12}L).build()\n)',
  ],
  [
    'mobile-google-signin-reversed-client-url-scheme',
    '<key>CFBundleURLTypes</key>\n<array>\n\t<dict>\n\t\t<key>CFBundleURLSchemes</key>\n\t\t<array><string>com.googleusercontent.apps.{d12}-{l32}</string></array>\n\t</dict>\n</array>\n<key>GIDClientID</key>\n<string>{d12}-{l32}.apps.googleusercontent.com</string>',
  ],
  [
    'mobile-xcodebuild-derived-data-log',
    "CompileSwift normal arm64 /Users/dev/acme/Acme/Services/AuthService.swift (in target 'Acme' from project 'Acme')\n    cd /Users/dev/acme\n    builtin-swiftTaskExecution -- /Users/dev/Library/Developer/Xcode/DerivedData/Acme-{L28}/Build/Intermediates.noindex/Acme.build/Release-iphoneos/Acme.build/Objects-normal/arm64/AuthService.o",
  ],
  [
    'mobile-android-build-config-kt-without-secrets',
    'public final class BuildConfig {\n  public static final boolean DEBUG = false;\n  public static final String APPLICATION_ID = "com.acme.app";\n  public static final String BUILD_TYPE = "release";\n  public static final int VERSION_CODE = 2031;\n  public static final String VERSION_NAME = "5.12.0";\n  public static final String GIT_SHA = "{h12}";\n}',
  ],
  [
    'mobile-chat-prose-public-keys-question',
    'Is it OK to ship these in the app? RevenueCat appl_{a27}, Mapbox pk.eyJ1IjoiYWNtZS1tb2JpbGUiLCJhIjoi{a36}In0.{B22}, OneSignal app id {h8}-{h4}-4{h3}-a{h3}-{h12}. The secret ones are in Doppler, not in the repo.',
  ],
  [
    'mobile-mixpanel-project-token-init',
    'Mixpanel.initialize(token: "{h32}", trackAutomaticEvents: false)\nMixpanel.mainInstance().serverURL = "https://api-eu.mixpanel.com"',
  ],
  [
    'mobile-agora-app-id-only-join',
    'agoraKit = AgoraRtcEngineKit.sharedEngine(withAppId: "{h32}", delegate: self)\nagoraKit.joinChannel(byToken: tokenFromServer, channelId: "support-room", info: nil, uid: 0)',
  ],
];
