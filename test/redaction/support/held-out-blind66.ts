/** A sixty-sixth held-out batch, written blind: identity and access infrastructure (Keycloak, Okta, Auth0, Azure AD, Dex, Authelia, Authentik, oauth2-proxy, SAML, JWT), directory services, RADIUS/TACACS, Kerberos, mail servers and SMTP clients, telephony (Asterisk, FreeSWITCH, Twilio, SIP phones) and backup tooling (restic, borg, rclone, duplicity, Velero, Kopia, Bacula/Bareos, Veeam), as pasted into a coding-agent chat, with hard look-alikes from the same world. */
export const BLIND66_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'b66-keycloak-realm-export-confidential-client-secret',
    '{\n  "clientId": "billing-portal",\n  "enabled": true,\n  "clientAuthenticatorType": "client-secret",\n  "secret": "«{a32}»",\n  "redirectUris": ["https://billing.northwind.io/*"],\n  "publicClient": false,\n  "protocol": "openid-connect"\n}',
  ],
  [
    'b66-keycloak-kcadm-create-client-inline-secret',
    "$ /opt/keycloak/bin/kcadm.sh create clients -r northwind \\\n    -s clientId=grafana -s enabled=true -s publicClient=false \\\n    -s 'redirectUris=[\"https://grafana.northwind.io/login/generic_oauth\"]' \\\n    -s secret=«{a32}»\nCreated new client with id '{h8}-{h4}-4{h3}-a{h3}-{h12}'",
  ],
  [
    'b66-keycloak-kcadm-config-credentials-master-admin',
    "kcadm.sh config credentials --server https://sso.helios-labs.net --realm master --user admin --password '«{a14}!{a6}»'\nLogging into https://sso.helios-labs.net as user admin of realm master",
  ],
  [
    'b66-keycloak-compose-bootstrap-admin-and-db-password',
    '  keycloak:\n    image: quay.io/keycloak/keycloak:25.0\n    command: start --optimized\n    environment:\n      KC_DB: postgres\n      KC_DB_URL: jdbc:postgresql://kc-db:5432/keycloak\n      KC_DB_USERNAME: keycloak\n      KC_DB_PASSWORD: «{a24}»\n      KC_BOOTSTRAP_ADMIN_USERNAME: admin\n      KC_BOOTSTRAP_ADMIN_PASSWORD: «{a20}»',
  ],
  [
    'b66-keycloak-systemd-unit-environment-db-password',
    '[Service]\nUser=keycloak\nEnvironment=KC_HOSTNAME=sso.globex.internal\nEnvironment=KC_DB_PASSWORD=«{a22}»\nExecStart=/opt/keycloak/bin/kc.sh start --optimized',
  ],
  [
    'b66-keycloak-realm-export-smtp-server-password',
    '  "smtpServer": {\n    "host": "smtp.eu.mailgun.org",\n    "port": "587",\n    "from": "no-reply@id.globex.io",\n    "auth": "true",\n    "starttls": "true",\n    "user": "postmaster@id.globex.io",\n    "password": "«{h32}-{h8}-{h8}»"\n  },',
  ],
  [
    'b66-keycloak-realm-export-idp-google-client-secret',
    '  "identityProviders": [\n    {\n      "alias": "google",\n      "providerId": "google",\n      "enabled": true,\n      "config": {\n        "clientId": "{d12}-{l32}.apps.googleusercontent.com",\n        "clientSecret": "«GOCSPX-{B28}»",\n        "syncMode": "IMPORT"\n      }\n    }\n  ],',
  ],
  [
    'b66-keycloak-ldap-federation-bind-credential-array',
    '      "config": {\n        "vendor": ["ad"],\n        "connectionUrl": ["ldaps://dc01.corp.initech.com:636"],\n        "bindDn": ["CN=svc-keycloak,OU=Service Accounts,DC=corp,DC=initech,DC=com"],\n        "bindCredential": ["«{a18}#{d3}»"],\n        "usersDn": ["OU=Staff,DC=corp,DC=initech,DC=com"]\n      }',
  ],
  [
    'b66-keycloak-token-request-debug-log-client-secret',
    '2024-06-04 10:12:44,812 DEBUG [org.apache.http.wire] (executor-thread-3) http-outgoing-7 >> "grant_type=client_credentials&client_id=reporting-job&client_secret=«{a32}»&scope=openid"',
  ],
  [
    'b66-keycloak-spring-security-registration-secret',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          keycloak:\n            client-id: orders-api\n            client-secret: «{a32}»\n            authorization-grant-type: client_credentials\n        provider:\n          keycloak:\n            issuer-uri: https://sso.northwind.io/realms/northwind',
  ],
  [
    'b66-okta-yaml-sdk-api-token',
    'okta:\n  client:\n    orgUrl: "https://globex.okta.com"\n    token: "«00{B40}»"\n    connectionTimeout: 30',
  ],
  [
    'b66-okta-curl-ssws-authorization-users',
    'curl -s -X GET \\\n  -H "Accept: application/json" \\\n  -H "Authorization: SSWS «00{B40}»" \\\n  "https://dev-{d8}.okta.com/api/v1/users?limit=25"',
  ],
  [
    'b66-okta-terraform-provider-api-token',
    'provider "okta" {\n  org_name  = "initech"\n  base_url  = "okta.com"\n  api_token = "«00{B40}»"\n}',
  ],
  [
    'b66-okta-oidc-web-app-client-secret-env',
    'OKTA_OAUTH2_ISSUER=https://login.helios-labs.net/oauth2/default\nOKTA_OAUTH2_CLIENT_ID=0oa{a17}\nOKTA_OAUTH2_CLIENT_SECRET=«{B40}»',
  ],
  [
    'b66-auth0-dotenv-nextjs-client-secret-and-session-secret',
    "AUTH0_SECRET='«{h64}»'\nAUTH0_BASE_URL='http://localhost:3000'\nAUTH0_ISSUER_BASE_URL='https://northwind.eu.auth0.com'\nAUTH0_CLIENT_ID='{a32}'\nAUTH0_CLIENT_SECRET='«{B64}»'\n",
  ],
  [
    'b66-auth0-cli-apps-show-reveal-secrets',
    '$ auth0 apps show {a32} --reveal-secrets\n\n  === northwind.eu.auth0.com application\n\n  CLIENT ID      {a32}\n  NAME           Billing Backend\n  TYPE           Machine to Machine\n  CLIENT SECRET  «{B64}»\n  CALLBACKS      ',
  ],
  [
    'b66-auth0-management-api-jwt-in-python',
    'import requests\n\nMGMT_TOKEN = "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6I{B22}In0.eyJ{B180}.{B342}»"\nr = requests.get("https://globex.us.auth0.com/api/v2/users", headers={"Authorization": f"Bearer {MGMT_TOKEN}"})',
  ],
  [
    'b66-azure-ad-az-credential-reset-output-password',
    '$ az ad app credential reset --id {h8}-{h4}-4{h3}-a{h3}-{h12} --display-name ci-deploy --years 1\n{\n  "appId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "password": "«{a3}8Q~{B34}»",\n  "tenant": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'b66-azure-ad-appsettings-json-client-secret',
    '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "Domain": "contoso.onmicrosoft.com",\n    "TenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "ClientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "ClientSecret": "«{a3}8Q~{B34}»",\n    "CallbackPath": "/signin-oidc"\n  },',
  ],
  [
    'b66-azure-ad-msal-python-client-credential',
    'app = msal.ConfidentialClientApplication(\n    client_id="{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    authority="https://login.microsoftonline.com/{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    client_credential="«{a3}8Q~{B34}»",\n)\nresult = app.acquire_token_for_client(scopes=["https://graph.microsoft.com/.default"])',
  ],
  [
    'b66-azure-ad-powershell-connect-mggraph-secure-string',
    '$secret = ConvertTo-SecureString "«{a3}8Q~{B34}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential("{h8}-{h4}-4{h3}-a{h3}-{h12}", $secret)\nConnect-MgGraph -TenantId "contoso.onmicrosoft.com" -ClientSecretCredential $cred',
  ],
  [
    'b66-azure-ad-new-mgapplicationpassword-output-secrettext',
    'PS> Add-MgApplicationPassword -ApplicationId $app.Id -PasswordCredential @{ displayName = "gh-actions" }\n\nCustomKeyIdentifier DisplayName EndDateTime          Hint KeyId                                SecretText\n------------------- ----------- -----------          ---- -----                                ----------\n                    gh-actions  6/4/2026 10:12:44 AM {a3}  {h8}-{h4}-4{h3}-a{h3}-{h12} «{a3}8Q~{B34}»',
  ],
  [
    'b66-dex-config-static-client-secret',
    "staticClients:\n- id: argo-workflows\n  redirectURIs:\n  - 'https://argo.helios-labs.net/oauth2/callback'\n  name: 'Argo Workflows'\n  secret: «{B32}»",
  ],
  [
    'b66-dex-ldap-connector-bind-pw',
    'connectors:\n- type: ldap\n  id: ldap\n  name: Corp LDAP\n  config:\n    host: ldap.corp.umbrella.org:636\n    bindDN: uid=dex,ou=apps,dc=umbrella,dc=org\n    bindPW: «{a20}»\n    userSearch:\n      baseDN: ou=people,dc=umbrella,dc=org',
  ],
  [
    'b66-dex-github-connector-client-secret',
    '- type: github\n  id: github\n  name: GitHub\n  config:\n    clientID: Ov23li{a14}\n    clientSecret: «{h40}»\n    redirectURI: https://dex.umbrella.org/callback\n    orgs:\n    - name: umbrella-platform',
  ],
  [
    'b66-authelia-configuration-yml-jwt-session-storage-secrets',
    "identity_validation:\n  reset_password:\n    jwt_secret: '«{a64}»'\nsession:\n  secret: '«{a64}»'\n  cookies:\n    - domain: 'globex.home'\n      authelia_url: 'https://auth.globex.home'\nstorage:\n  encryption_key: '«{a64}»'\n  local:\n    path: '/config/db.sqlite3' ",
  ],
  [
    'b66-authelia-ldap-backend-password',
    "authentication_backend:\n  ldap:\n    address: 'ldap://lldap:3890'\n    base_dn: 'dc=globex,dc=home'\n    user: 'uid=authelia,ou=people,dc=globex,dc=home'\n    password: '«{a28}»' ",
  ],
  [
    'b66-authelia-oidc-hmac-secret-and-issuer-key',
    "identity_providers:\n  oidc:\n    hmac_secret: '«{a64}»'\n    jwks:\n      - key_id: 'main'\n        algorithm: 'RS256'\n        key: |\n          «-----BEGIN RSA PRIVATE KEY-----\n          MIIEpAIBAAKCAQEA{b48}\n          {b64}\n          {b64}\n          {b64}\n          {b64}\n          {b64}\n          {b64}\n          {b64}\n          {b28}\n          -----END RSA PRIVATE KEY-----»",
  ],
  [
    'b66-authentik-dotenv-secret-key-and-pg-pass',
    'PG_PASS=«{a36}»\nAUTHENTIK_SECRET_KEY=«{a60}»\nAUTHENTIK_ERROR_REPORTING__ENABLED=false\nAUTHENTIK_EMAIL__HOST=smtp.fastmail.com\nAUTHENTIK_EMAIL__PASSWORD=«{l16}»',
  ],
  [
    'b66-authentik-blueprint-oauth2-provider-client-secret',
    '  - model: authentik_providers_oauth2.oauth2provider\n    identifiers:\n      name: nextcloud\n    attrs:\n      client_type: confidential\n      client_id: {a40}\n      client_secret: «{a128}»\n      authorization_flow: !Find [authentik_flows.flow, [slug, default-provider-authorization-implicit-consent]]',
  ],
  [
    'b66-oauth2-proxy-cfg-client-and-cookie-secret',
    'provider = "oidc"\noidc_issuer_url = "https://sso.initech.com/realms/staff"\nclient_id = "oauth2-proxy"\nclient_secret = "«{a32}»"\ncookie_secret = "«{B43}=»"\nemail_domains = ["initech.com"]\nupstreams = ["http://127.0.0.1:8080/"]',
  ],
  [
    'b66-oauth2-proxy-k8s-deployment-args',
    '        args:\n        - --provider=github\n        - --github-org=initech\n        - --email-domain=*\n        - --upstream=file:///dev/null\n        - --http-address=0.0.0.0:4180\n        - --client-id=Iv1.{h16}\n        - --client-secret=«{h40}»\n        - --cookie-secret=«{B32}»',
  ],
  [
    'b66-oauth2-proxy-compose-env-cookie-secret',
    '    environment:\n      OAUTH2_PROXY_PROVIDER: google\n      OAUTH2_PROXY_CLIENT_ID: {d12}-{l32}.apps.googleusercontent.com\n      OAUTH2_PROXY_CLIENT_SECRET: «GOCSPX-{B28}»\n      OAUTH2_PROXY_COOKIE_SECRET: «{B43}=»',
  ],
  [
    'b66-saml-python3-saml-settings-sp-private-key',
    '    "sp": {\n        "entityId": "https://app.orbitfin.io/saml/metadata",\n        "assertionConsumerService": {"url": "https://app.orbitfin.io/saml/acs", "binding": "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"},\n        "x509cert": "MIIDdzCCAl+gAwIBAgIU{b44}",\n        "privateKey": "«MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b200}»"\n    },',
  ],
  [
    'b66-saml-sp-signing-key-pem-cat',
    '$ sudo cat /etc/shibboleth/sp-signing-key.pem\n«-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»',
  ],
  [
    'b66-simplesamlphp-authsources-privatekey-pass',
    "    'default-sp' => [\n        'saml:SP',\n        'entityID' => 'https://portal.umbrella.org/sp',\n        'idp' => 'https://sso.umbrella.org/realms/main',\n        'privatekey' => 'saml.pem',\n        'privatekey_pass' => '«{a22}»',\n    ],",
  ],
  [
    'b66-simplesamlphp-config-secretsalt-adminpassword',
    "$config = [\n    'baseurlpath' => 'https://portal.umbrella.org/simplesaml/',\n    'secretsalt' => '«{l32}»',\n    'auth.adminpassword' => '«{a18}»',\n    'technicalcontact_email' => 'it@umbrella.org',\n];",
  ],
  [
    'b66-jwt-sign-node-inline-hs256-secret',
    "const token = jwt.sign(\n  { sub: user.id, roles: user.roles },\n  '«{a48}»',\n  { algorithm: 'HS256', expiresIn: '15m', issuer: 'auth.orbitfin.io' },\n);",
  ],
  [
    'b66-jwt-secret-spring-application-yml',
    'security:\n  jwt:\n    issuer: https://api.orbitfin.io\n    secret: «{b64}»\n    expiration: 3600',
  ],
  ['b66-jwt-secret-go-dotenv', 'APP_ENV=staging\nHTTP_ADDR=:8080\nJWT_SIGNING_KEY=«{h64}»\nJWT_TTL=15m'],
  [
    'b66-hasura-graphql-jwt-secret-json-key',
    'HASURA_GRAPHQL_ADMIN_SECRET=«{a32}»\nHASURA_GRAPHQL_JWT_SECRET=\'{"type":"HS256","key":"«{a64}»","claims_namespace":"https://hasura.io/jwt/claims"}\'\n',
  ],
  [
    'b66-nextauth-secret-and-azure-ad-secret-env',
    'NEXTAUTH_URL=https://intranet.contoso.com\nNEXTAUTH_SECRET=«{b43}=»\nAZURE_AD_CLIENT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_AD_CLIENT_SECRET=«{a3}8Q~{B34}»\nAZURE_AD_TENANT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'b66-grafana-ini-generic-oauth-client-secret',
    '[auth.generic_oauth]\nenabled = true\nname = Keycloak\nclient_id = grafana\nclient_secret = «{a32}»\nscopes = openid email profile offline_access roles\nauth_url = https://sso.northwind.io/realms/northwind/protocol/openid-connect/auth',
  ],
  [
    'b66-gitlab-rb-omniauth-openid-connect-secret',
    'gitlab_rails[\'omniauth_providers\'] = [\n  {\n    name: "openid_connect",\n    label: "Corp SSO",\n    args: {\n      name: "openid_connect",\n      scope: ["openid", "profile", "email"],\n      issuer: "https://sso.initech.com/realms/staff",\n      discovery: true,\n      client_options: {\n        identifier: "gitlab",\n        secret: "«{a32}»",\n        redirect_uri: "https://gitlab.initech.com/users/auth/openid_connect/callback"\n      }\n    }\n  }\n]',
  ],
  [
    'b66-vault-write-oidc-config-client-secret',
    '$ vault write auth/oidc/config \\\n    oidc_discovery_url="https://login.microsoftonline.com/{h8}-{h4}-4{h3}-a{h3}-{h12}/v2.0" \\\n    oidc_client_id="{h8}-{h4}-4{h3}-a{h3}-{h12}" \\\n    oidc_client_secret="«{a3}8Q~{B34}»" \\\n    default_role="reader"\nSuccess! Data written to: auth/oidc/config',
  ],
  [
    'b66-argocd-cm-dex-config-oidc-client-secret',
    'data:\n  url: https://argocd.helios-labs.net\n  dex.config: |\n    connectors:\n      - type: oidc\n        id: okta\n        name: Okta\n        config:\n          issuer: https://helios.okta.com\n          clientID: 0oa{a17}\n          clientSecret: «{B40}»',
  ],
  [
    'b66-gitea-admin-auth-add-oauth-secret',
    'docker exec -u git gitea gitea admin auth add-oauth --name keycloak --provider openidConnect \\\n  --key gitea --secret «{a32}» \\\n  --auto-discover-url https://sso.northwind.io/realms/northwind/.well-known/openid-configuration',
  ],
  [
    'b66-nextcloud-occ-user-oidc-provider-clientsecret',
    'sudo -u www-data php occ user_oidc:provider Authentik \\\n  --clientid="{a40}" \\\n  --clientsecret="«{a128}»" \\\n  --discoveryuri="https://auth.globex.home/application/o/nextcloud/.well-known/openid-configuration"',
  ],
  [
    'b66-apache-mod-auth-openidc-secret-and-passphrase',
    'OIDCProviderMetadataURL https://sso.umbrella.org/realms/main/.well-known/openid-configuration\nOIDCClientID intranet\nOIDCClientSecret «{a32}»\nOIDCRedirectURI https://intranet.umbrella.org/redirect_uri\nOIDCCryptoPassphrase «{a40}»\n<Location />\n    AuthType openid-connect\n    Require valid-user\n</Location>',
  ],
  [
    'b66-pomerium-config-shared-cookie-idp-secrets',
    'authenticate_service_url: https://authenticate.orbitfin.io\nshared_secret: «{b43}=»\ncookie_secret: «{b43}=»\nidp_provider: google\nidp_client_id: {d12}-{l32}.apps.googleusercontent.com\nidp_client_secret: «GOCSPX-{B28}»',
  ],
  [
    'b66-traefik-forward-auth-env-secret',
    '  traefik-forward-auth:\n    image: thomseddon/traefik-forward-auth:2\n    environment:\n      - PROVIDERS_GOOGLE_CLIENT_ID={d12}-{l32}.apps.googleusercontent.com\n      - PROVIDERS_GOOGLE_CLIENT_SECRET=«GOCSPX-{B28}»\n      - SECRET=«{a32}»\n      - WHITELIST=ops@orbitfin.io',
  ],
  [
    'b66-chat-prose-keycloak-client-secret-rotated',
    'hey, the billing-portal client in the northwind realm stopped working after I hit "Regenerate" in the console. New secret is «{a32}» — can you update the k8s secret and restart the pods?',
  ],
  [
    'b66-ticket-okta-api-token-leaked-in-jira',
    'JIRA SEC-{d4}: Okta admin token pasted in #it-helpdesk\nReporter: m.kowalski\nDescription: user pasted "SSWS «00{B40}»" while debugging the SCIM sync. Revoke in Security > API > Tokens and rotate.',
  ],
  [
    'b66-keycloak-admin-cli-token-curl-password-grant',
    'curl -s -d "client_id=admin-cli" -d "username=admin" -d "password=«{a16}»" -d "grant_type=password" \\\n  https://sso.northwind.io/realms/master/protocol/openid-connect/token | jq -r .access_token',
  ],
  [
    'b66-azure-ad-github-actions-creds-json-clientsecret',
    'AZURE_CREDENTIALS: |\n  {\n    "clientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "clientSecret": "«{a3}8Q~{B34}»",\n    "subscriptionId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "tenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n  }',
  ],
  [
    'b66-oidc-django-mozilla-settings-client-secret',
    'OIDC_RP_CLIENT_ID = "intranet-django"\nOIDC_RP_CLIENT_SECRET = "«{a32}»"\nOIDC_RP_SIGN_ALGO = "RS256"\nOIDC_OP_JWKS_ENDPOINT = "https://sso.initech.com/realms/staff/protocol/openid-connect/certs"',
  ],
  [
    'b66-sssd-conf-ldap-authtok-with-tls-reqcert',
    '[domain/umbrella.org]\nid_provider = ldap\nauth_provider = ldap\nldap_uri = ldaps://ldap1.umbrella.org, ldaps://ldap2.umbrella.org\nldap_search_base = dc=umbrella,dc=org\nldap_default_bind_dn = cn=sssd-reader,ou=services,dc=umbrella,dc=org\nldap_default_authtok_type = password\nldap_default_authtok = «{a20}»\nldap_tls_reqcert = demand',
  ],
  [
    'b66-pam-ldap-conf-bindpw',
    '# /etc/ldap.conf (libpam-ldap)\nbase dc=initech,dc=com\nuri ldap://ldap.initech.com/\nldap_version 3\nbinddn cn=proxyuser,dc=initech,dc=com\nbindpw «{a16}»\npam_password exop',
  ],
  [
    'b66-nslcd-conf-bindpw-and-rootpwmodpw',
    '# /etc/nslcd.conf\nuid nslcd\ngid nslcd\nuri ldaps://ipa.corp.globex.net\nbase dc=corp,dc=globex,dc=net\nbinddn uid=nslcd,cn=sysaccounts,cn=etc,dc=corp,dc=globex,dc=net\nbindpw «{a24}»\nrootpwmoddn cn=Directory Manager\nrootpwmodpw «{a18}»',
  ],
  [
    'b66-ldap-secret-file-cat',
    '$ ls -l /etc/ldap.secret && sudo cat /etc/ldap.secret\n-rw------- 1 root root 21 Jun  4 10:12 /etc/ldap.secret\n«{a20}»',
  ],
  [
    'b66-ldapsearch-w-inline-password',
    '$ ldapsearch -x -H ldaps://dc01.corp.initech.com -D "svc-jenkins@corp.initech.com" -w \'«{a12}${d2}»\' \\\n    -b "OU=Staff,DC=corp,DC=initech,DC=com" "(sAMAccountName=pgibbons)" memberOf\n# extended LDIF\n#\n# LDAPv3',
  ],
  [
    'b66-ldapmodify-script-bind-password-var',
    '#!/bin/bash\nLDAP_URI=ldap://ldap.umbrella.org\nADMIN_DN="cn=admin,dc=umbrella,dc=org"\nADMIN_PW="«{a22}»"\nldapmodify -x -H "$LDAP_URI" -D "$ADMIN_DN" -w "$ADMIN_PW" -f add-groups.ldif',
  ],
  [
    'b66-ldappasswd-new-and-bind-password',
    'ldappasswd -x -H ldap://ldap.umbrella.org -D "cn=admin,dc=umbrella,dc=org" -w «{a18}» \\\n  -s «{a14}» "uid=jdoe,ou=people,dc=umbrella,dc=org"',
  ],
  [
    'b66-apache-authldap-bind-password',
    '<Location "/nagios">\n    AuthType Basic\n    AuthName "Corp LDAP"\n    AuthBasicProvider ldap\n    AuthLDAPURL "ldaps://dc01.corp.initech.com/DC=corp,DC=initech,DC=com?sAMAccountName?sub?(objectClass=user)"\n    AuthLDAPBindDN "CN=svc-apache,OU=Service Accounts,DC=corp,DC=initech,DC=com"\n    AuthLDAPBindPassword "«{a20}»"\n    Require ldap-group CN=Monitoring,OU=Groups,DC=corp,DC=initech,DC=com\n</Location>',
  ],
  [
    'b66-nginx-auth-ldap-binddn-passwd',
    'ldap_server corp {\n    url ldap://ldap.globex.net:389/ou=people,dc=globex,dc=net?uid?sub?(objectClass=posixAccount);\n    binddn "cn=nginx,ou=services,dc=globex,dc=net";\n    binddn_passwd «{a22}»;\n    group_attribute memberUid;\n    require valid_user;\n}',
  ],
  [
    'b66-gitlab-rb-ldap-servers-password',
    "gitlab_rails['ldap_enabled'] = true\ngitlab_rails['ldap_servers'] = {\n  'main' => {\n    'label' => 'Active Directory',\n    'host' =>  'dc01.corp.initech.com',\n    'port' => 636,\n    'uid' => 'sAMAccountName',\n    'encryption' => 'simple_tls',\n    'bind_dn' => 'CN=svc-gitlab,OU=Service Accounts,DC=corp,DC=initech,DC=com',\n    'password' => '«{a24}»',\n    'base' => 'OU=Staff,DC=corp,DC=initech,DC=com'\n  }\n}",
  ],
  [
    'b66-grafana-ldap-toml-bind-password',
    '[[servers]]\nhost = "ldap.globex.net"\nport = 636\nuse_ssl = true\nbind_dn = "cn=grafana,ou=services,dc=globex,dc=net"\nbind_password = \'«{a20}»\'\nsearch_filter = "(uid=%s)"\nsearch_base_dns = ["ou=people,dc=globex,dc=net"]',
  ],
  [
    'b66-jenkins-casc-ldap-manager-password',
    'jenkins:\n  securityRealm:\n    ldap:\n      configurations:\n        - server: "ldaps://ldap.helios-labs.net"\n          rootDN: "dc=helios-labs,dc=net"\n          managerDN: "cn=jenkins,ou=services,dc=helios-labs,dc=net"\n          managerPasswordSecret: "«{a22}»"\n          userSearch: "uid={0}"',
  ],
  [
    'b66-freeipa-server-install-unattended-passwords',
    "# ipa-server-install --unattended --realm CORP.GLOBEX.NET --domain corp.globex.net \\\n    --hostname ipa01.corp.globex.net \\\n    --ds-password '«{a18}»' \\\n    --admin-password '«{a18}»' \\\n    --setup-dns --auto-forwarders",
  ],
  [
    'b66-freeipa-client-install-principal-password',
    "sudo ipa-client-install --domain=corp.globex.net --server=ipa01.corp.globex.net \\\n  --principal=admin --password='«{a16}»' --mkhomedir --unattended",
  ],
  [
    'b66-kinit-echo-password-pipe',
    "[root@bastion ~]# echo '«{a16}»' | kinit admin@CORP.GLOBEX.NET\nPassword for admin@CORP.GLOBEX.NET:\n[root@bastion ~]# klist",
  ],
  [
    'b66-samba-tool-domain-provision-adminpass',
    "samba-tool domain provision --use-rfc2307 --realm=AD.UMBRELLA.ORG --domain=UMBRELLA \\\n  --server-role=dc --dns-backend=SAMBA_INTERNAL --adminpass='«{a14}@{d4}»' ",
  ],
  [
    'b66-samba-tool-user-create-inline-password',
    "$ sudo samba-tool user create svc-backup '«{a18}»' --description=\"Bareos file daemon\"\nUser 'svc-backup' added successfully",
  ],
  [
    'b66-net-ads-join-user-percent-password',
    "$ sudo net ads join -U 'Administrator%«{a16}»' createcomputer=\"Servers/Linux\"\nUsing short domain name -- UMBRELLA\nJoined 'FS02' to dns domain 'ad.umbrella.org' ",
  ],
  ['b66-smbclient-domain-user-percent-password', "smbclient //fs01.ad.umbrella.org/backups -U 'UMBRELLA\\svc-backup%«{a20}»' -c 'ls' "],
  [
    'b66-realm-join-stdin-password',
    'echo -n \'«{a18}»\' | sudo realm join --user=joinbot --computer-ou="OU=Linux,DC=ad,DC=umbrella,DC=org" ad.umbrella.org',
  ],
  [
    'b66-slapd-conf-rootpw-cleartext',
    'database        mdb\nsuffix          "dc=orbitfin,dc=io"\nrootdn          "cn=Manager,dc=orbitfin,dc=io"\nrootpw          «{a20}»\ndirectory       /var/lib/ldap',
  ],
  [
    'b66-python-ldap3-connection-password',
    'from ldap3 import Server, Connection, ALL\n\nserver = Server("ldaps://dc01.corp.initech.com", get_info=ALL)\nconn = Connection(server, user="CORP\\\\svc-reports", password="«{a20}»", auto_bind=True)\nconn.search("OU=Staff,DC=corp,DC=initech,DC=com", "(objectClass=person)", attributes=["mail"])',
  ],
  [
    'b66-ldapjs-client-bind-inline',
    "const client = ldap.createClient({ url: ['ldaps://ldap.helios-labs.net:636'] });\nclient.bind('cn=portal,ou=services,dc=helios-labs,dc=net', '«{a22}»', (err) => {\n  if (err) throw err;\n});",
  ],
  [
    'b66-spring-ldap-properties-password',
    'spring.ldap.urls=ldaps://ldap.orbitfin.io:636\nspring.ldap.base=dc=orbitfin,dc=io\nspring.ldap.username=cn=svc-api,ou=services,dc=orbitfin,dc=io\nspring.ldap.password=«{a24}»',
  ],
  [
    'b66-nextcloud-occ-ldap-set-agent-password',
    'sudo -u www-data php occ ldap:set-config s01 ldapAgentName "cn=nextcloud,ou=services,dc=globex,dc=home"\nsudo -u www-data php occ ldap:set-config s01 ldapAgentPassword "«{a22}»"\nsudo -u www-data php occ ldap:test-config s01',
  ],
  [
    'b66-mattermost-config-json-ldap-bindpassword',
    '    "LdapSettings": {\n        "Enable": true,\n        "LdapServer": "ldap.initech.com",\n        "LdapPort": 636,\n        "ConnectionSecurity": "TLS",\n        "BaseDN": "ou=people,dc=initech,dc=com",\n        "BindUsername": "cn=mattermost,ou=services,dc=initech,dc=com",\n        "BindPassword": "«{a20}»",',
  ],
  [
    'b66-powershell-new-aduser-accountpassword',
    'New-ADUser -Name "svc-veeam" -SamAccountName "svc-veeam" -Path "OU=Service Accounts,DC=corp,DC=initech,DC=com" `\n  -AccountPassword (ConvertTo-SecureString \'«{a20}»\' -AsPlainText -Force) `\n  -Enabled $true -PasswordNeverExpires $true',
  ],
  [
    'b66-powershell-set-adaccountpassword-reset',
    'Set-ADAccountPassword -Identity pgibbons -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«{a12}!{d3}»" -Force)\nSet-ADUser -Identity pgibbons -ChangePasswordAtLogon $true',
  ],
  [
    'b66-php-ldap-bind-inline-password',
    '$ds = ldap_connect("ldaps://ldap.umbrella.org");\nldap_set_option($ds, LDAP_OPT_PROTOCOL_VERSION, 3);\n$bound = ldap_bind($ds, "cn=wiki,ou=services,dc=umbrella,dc=org", "«{a18}»");',
  ],
  [
    'b66-gitea-admin-auth-add-ldap-bind-password',
    'gitea admin auth add-ldap --name corp-ldap --security-protocol ldaps --host ldap.helios-labs.net --port 636 \\\n  --bind-dn "cn=gitea,ou=services,dc=helios-labs,dc=net" --bind-password "«{a20}»" \\\n  --user-search-base "ou=people,dc=helios-labs,dc=net" --user-filter "(uid=%s)" --email-attribute mail',
  ],
  [
    'b66-osixia-openldap-compose-admin-config-password',
    '  openldap:\n    image: osixia/openldap:1.5.0\n    environment:\n      LDAP_ORGANISATION: "Orbit Finance"\n      LDAP_DOMAIN: "orbitfin.io"\n      LDAP_ADMIN_PASSWORD: "«{a22}»"\n      LDAP_CONFIG_PASSWORD: "«{a22}»"\n      LDAP_TLS_VERIFY_CLIENT: "never"',
  ],
  [
    'b66-389ds-dscreate-inf-root-password',
    '[general]\nfull_machine_name = ldap01.orbitfin.io\n[slapd]\ninstance_name = orbitfin\nroot_dn = cn=Directory Manager\nroot_password = «{a20}»\n[backend-userroot]\nsuffix = dc=orbitfin,dc=io',
  ],
  [
    'b66-sonarqube-properties-ldap-bind-password',
    'sonar.security.realm=LDAP\nldap.url=ldaps://ldap.initech.com:636\nldap.bindDn=cn=sonar,ou=services,dc=initech,dc=com\nldap.bindPassword=«{a20}»\nldap.user.baseDn=ou=people,dc=initech,dc=com',
  ],
  [
    'b66-harbor-yml-ldap-search-password',
    'auth_mode: ldap_auth\nldap_url: ldaps://ldap.globex.net\nldap_search_dn: cn=harbor,ou=services,dc=globex,dc=net\nldap_search_password: «{a24}»\nldap_base_dn: ou=people,dc=globex,dc=net',
  ],
  [
    'b66-freeradius-clients-conf-nas-secret-block',
    'client ap-floor2 {\n        ipaddr = 10.20.2.0/24\n        secret = «{a24}»\n        shortname = unifi-floor2\n        nas_type = other\n        require_message_authenticator = yes\n}',
  ],
  [
    'b66-freeradius-users-cleartext-password',
    '# /etc/freeradius/3.0/mods-config/files/authorize\nvpn-ops   Cleartext-Password := "«{a16}»"\n          Reply-Message := "Hello, %{User-Name}",\n          Framed-IP-Address = 10.99.0.14',
  ],
  [
    'b66-radtest-command-user-password-and-secret',
    "$ radtest vpn-ops '«{a16}»' 127.0.0.1 0 '«{a20}»'\nSent Access-Request Id 183 from 0.0.0.0:54103 to 127.0.0.1:1812 length 77\nReceived Access-Accept Id 183 from 127.0.0.1:1812 to 127.0.0.1:54103 length 38",
  ],
  [
    'b66-tac-plus-conf-key-and-cleartext-login',
    'key = "«{a22}»"\naccounting file = /var/log/tac_plus.acct\nuser = netops {\n    login = cleartext "«{a16}»"\n    service = exec { priv-lvl = 15 }\n}',
  ],
  [
    'b66-cisco-ios-radius-server-key-type0',
    'radius server ISE-01\n address ipv4 10.10.5.21 auth-port 1812 acct-port 1813\n key 0 «{a20}»\n!\naaa group server radius ISE\n server name ISE-01',
  ],
  ['b66-cisco-ios-tacacs-key-type7', 'tacacs server TAC-PRIMARY\n address ipv4 10.10.5.30\n key 7 «0{d1}{H24}»\n timeout 5'],
  [
    'b66-hostapd-conf-radius-shared-secret',
    'interface=wlan0\nssid=UMBRELLA-CORP\nwpa=2\nwpa_key_mgmt=WPA-EAP\nieee8021x=1\nauth_server_addr=10.20.0.5\nauth_server_port=1812\nauth_server_shared_secret=«{a24}»',
  ],
  [
    'b66-wpa-supplicant-peap-password',
    'network={\n    ssid="UMBRELLA-CORP"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="jdoe@umbrella.org"\n    password="«{a14}»"\n    phase2="auth=MSCHAPV2"\n}',
  ],
  [
    'b66-pam-radius-auth-conf-server-secret',
    '# /etc/pam_radius_auth.conf\n# server[:port]     shared_secret      timeout (s)\n10.10.5.21:1812     «{a20}»       3\n10.10.5.22:1812     «{a20}»       3',
  ],
  [
    'b66-mikrotik-radius-add-secret',
    '/radius add address=10.10.5.21 secret=«{a20}» service=ppp,login,hotspot timeout=3s\n/ppp aaa set use-radius=yes',
  ],
  [
    'b66-unifi-radius-profile-api-json-secret',
    '{"name":"Corp NPS","auth_servers":[{"ip":"10.10.5.21","port":1812,"x_secret":"«{a24}»"}],"acct_servers":[],"vlan_enabled":true}',
  ],
  ['b66-strongswan-ipsec-secrets-psk-and-eap', '# /etc/ipsec.secrets\nvpn.orbitfin.io %any : PSK "«{a32}»"\nroadwarrior : EAP "«{a16}»"'],
  [
    'b66-kadmin-w-password-addprinc-query',
    '$ kadmin -p admin/admin@CORP.GLOBEX.NET -w \'«{a18}»\' -q "addprinc -randkey HTTP/web01.corp.globex.net"\nAuthenticating as principal admin/admin@CORP.GLOBEX.NET with password.\nPrincipal "HTTP/web01.corp.globex.net@CORP.GLOBEX.NET" created.',
  ],
  ['b66-kadmin-local-addprinc-pw', 'sudo kadmin.local -q "addprinc -pw «{a16}» svc-airflow@DATA.HELIOS-LABS.NET"'],
  [
    'b66-ktutil-printf-addent-password',
    'printf "%b" "addent -password -p svc-spark@DATA.HELIOS-LABS.NET -k 1 -e aes256-cts-hmac-sha1-96\\n«{a18}»\\nwkt /etc/security/keytabs/svc-spark.keytab\\nquit" | ktutil',
  ],
  [
    'b66-kdb5-util-create-master-password',
    "# kdb5_util create -r DATA.HELIOS-LABS.NET -s -P '«{a24}»'\nLoading random data\nInitializing database '/var/kerberos/krb5kdc/principal' for realm 'DATA.HELIOS-LABS.NET',",
  ],
  [
    'b66-ktpass-windows-pass-mapuser',
    'C:\\> ktpass /princ HTTP/intranet.corp.initech.com@CORP.INITECH.COM /mapuser CORP\\svc-intranet ^\n      /pass «{a20}» /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL /out C:\\temp\\intranet.keytab\nTargeting domain controller: DC01.corp.initech.com',
  ],
  ['b66-adcli-join-stdin-password', "echo '«{a18}»' | sudo adcli join --domain=ad.umbrella.org --login-user=joinbot --stdin-password -v"],
  [
    'b66-python-subprocess-kinit-input-password',
    'subprocess.run(\n    ["kinit", "svc-etl@DATA.HELIOS-LABS.NET"],\n    input=b"«{a20}»\\n",\n    check=True,\n)',
  ],
  [
    'b66-kdb5-ldap-util-bind-password',
    'kdb5_ldap_util -D cn=admin,dc=orbitfin,dc=io -w «{a20}» -H ldaps://ldap01.orbitfin.io \\\n  create -subtrees dc=orbitfin,dc=io -r ORBITFIN.IO -s',
  ],
  [
    'b66-chat-prose-kerberos-service-password',
    'ok so the keytab for svc-hive expired again. I reset the AD password to «{a16}#{d2}» and re-ran ktpass, kvno is 7 now. can you regenerate the keytab on the edge nodes?',
  ],
  [
    'b66-postfix-sasl-passwd-sendgrid-apikey',
    '$ sudo cat /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:«SG.{B22}.{B43}»\n$ sudo postmap /etc/postfix/sasl_passwd',
  ],
  ['b66-postfix-sasl-passwd-office365-relay', '# /etc/postfix/sasl_passwd\n[smtp.office365.com]:587    scanner@contoso.com:«{a16}»'],
  [
    'b66-postfix-mysql-virtual-mailbox-maps-password',
    "# /etc/postfix/mysql-virtual-mailbox-maps.cf\nuser = mailuser\npassword = «{a24}»\nhosts = 127.0.0.1\ndbname = mailserver\nquery = SELECT 1 FROM virtual_users WHERE email='%s' ",
  ],
  [
    'b66-postfix-ldap-table-bind-pw',
    '# /etc/postfix/ldap-aliases.cf\nserver_host = ldaps://ldap.umbrella.org\nsearch_base = ou=people,dc=umbrella,dc=org\nbind = yes\nbind_dn = cn=postfix,ou=services,dc=umbrella,dc=org\nbind_pw = «{a20}»\nquery_filter = (mail=%s)',
  ],
  [
    'b66-dovecot-passwd-file-plain-lines',
    '# /etc/dovecot/users\nalerts@orbitfin.io:{PLAIN}«{a18}»:5000:5000::/var/vmail/orbitfin.io/alerts::\nbilling@orbitfin.io:{PLAIN}«{a18}»:5000:5000::/var/vmail/orbitfin.io/billing::',
  ],
  [
    'b66-dovecot-sql-conf-connect-password',
    "driver = pgsql\nconnect = host=127.0.0.1 dbname=mail user=dovecot password=«{a22}»\ndefault_pass_scheme = SHA512-CRYPT\npassword_query = SELECT email as user, password FROM virtual_users WHERE email = '%u' ",
  ],
  [
    'b66-dovecot-ldap-conf-dnpass',
    'hosts = ldap.umbrella.org\ndn = cn=dovecot,ou=services,dc=umbrella,dc=org\ndnpass = «{a20}»\nauth_bind = yes\nbase = ou=people,dc=umbrella,dc=org',
  ],
  ['b66-exim-passwd-client-smarthost', '# /etc/exim4/passwd.client\n*.mailgun.org:postmaster@mg.initech.com:«{h32}-{h8}-{h8}»'],
  [
    'b66-exim-authenticators-client-send-plain',
    'begin authenticators\nsmarthost_login:\n  driver = plaintext\n  public_name = LOGIN\n  client_send = : relay@globex.net : «{a20}»',
  ],
  [
    'b66-opendkim-private-key-cat',
    'root@mx1:~# cat /etc/opendkim/keys/orbitfin.io/mail.private\n«-----BEGIN RSA PRIVATE KEY-----\nMIICXAIBAAKBgQ{b50}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b20}\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'b66-dkim-private-key-k8s-secret-base64',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: dkim-key\n  namespace: mail\ndata:\n  selector: bWFpbDIwMjQ=\n  private.key: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlDWEFJQkFBS0JnUU{b200}»',
  ],
  [
    'b66-rspamd-worker-controller-password',
    '# /etc/rspamd/local.d/worker-controller.inc\npassword = "«{a24}»";\nenable_password = "«{a24}»";\nbind_socket = "localhost:11334";',
  ],
  [
    'b66-django-settings-email-host-password',
    'EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"\nEMAIL_HOST = "smtp.eu.mailgun.org"\nEMAIL_PORT = 587\nEMAIL_USE_TLS = True\nEMAIL_HOST_USER = "postmaster@mg.helios-labs.net"\nEMAIL_HOST_PASSWORD = "«{h32}-{h8}-{h8}»"',
  ],
  [
    'b66-rails-action-mailer-smtp-settings-password',
    "  config.action_mailer.smtp_settings = {\n    address:              'smtp.sendgrid.net',\n    port:                 587,\n    domain:               'northwind.io',\n    user_name:            'apikey',\n    password:             '«SG.{B22}.{B43}»',\n    authentication:       'plain',\n    enable_starttls_auto: true\n  }",
  ],
  [
    'b66-laravel-dotenv-mail-password',
    'MAIL_MAILER=smtp\nMAIL_HOST=smtp-relay.brevo.com\nMAIL_PORT=587\nMAIL_USERNAME={d8}@smtp-brevo.com\nMAIL_PASSWORD=«xsmtpsib-{h64}-{a16}»\nMAIL_ENCRYPTION=tls',
  ],
  [
    'b66-spring-mail-properties-password',
    'spring.mail.host=smtp.gmail.com\nspring.mail.port=587\nspring.mail.username=noreply.orbitfin@gmail.com\nspring.mail.password=«{L16}»\nspring.mail.properties.mail.smtp.starttls.enable=true',
  ],
  [
    'b66-nodemailer-transport-auth-pass',
    "const transporter = nodemailer.createTransport({\n  host: 'smtp.fastmail.com',\n  port: 465,\n  secure: true,\n  auth: { user: 'bot@initech.dev', pass: '«{l16}»' },\n});",
  ],
  [
    'b66-phpmailer-password-property',
    "$mail->isSMTP();\n$mail->Host       = 'mail.globex.net';\n$mail->SMTPAuth   = true;\n$mail->Username   = 'webforms@globex.net';\n$mail->Password   = '«{a18}»';\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;",
  ],
  [
    'b66-go-net-smtp-plainauth-inline',
    'auth := smtp.PlainAuth("", "alerts@umbrella.org", "«{a20}»", "smtp.umbrella.org")\nerr := smtp.SendMail("smtp.umbrella.org:587", auth, from, to, msg)',
  ],
  [
    'b66-python-smtplib-login-inline',
    'with smtplib.SMTP_SSL("smtp.zoho.eu", 465) as s:\n    s.login("reports@northwind.io", "«{a16}»")\n    s.send_message(msg)',
  ],
  [
    'b66-msmtprc-gmail-app-password-spaced',
    'defaults\nauth           on\ntls            on\ntls_trust_file /etc/ssl/certs/ca-certificates.crt\nlogfile        ~/.msmtp.log\n\naccount        gmail\nhost           smtp.gmail.com\nport           587\nfrom           k.nakamura@gmail.com\nuser           k.nakamura@gmail.com\npassword       «{L4} {L4} {L4} {L4}»',
  ],
  [
    'b66-fetchmailrc-poll-password',
    'poll imap.fastmail.com protocol IMAP port 993\n    user "ops@helios-labs.net" there with password "«{l16}»" is "ops" here\n    options ssl keep fetchall',
  ],
  [
    'b66-muttrc-imap-and-smtp-pass',
    'set from = "r.okafor@orbitfin.io"\nset imap_user = "r.okafor@orbitfin.io"\nset imap_pass = "«{a18}»"\nset smtp_url = "smtps://r.okafor@orbitfin.io@smtp.orbitfin.io:465/"\nset smtp_pass = "«{a18}»"\nset folder = "imaps://imap.orbitfin.io:993"',
  ],
  [
    'b66-neomutt-smtp-url-with-password',
    'set smtp_url = "smtps://dev%40initech.dev:«{l16}»@smtp.fastmail.com:465/"\nset ssl_force_tls = yes',
  ],
  [
    'b66-offlineimaprc-remotepass',
    '[Repository work-remote]\ntype = IMAP\nremotehost = outlook.office365.com\nremoteuser = j.silva@contoso.com\nremotepass = «{a16}»\nsslcacertfile = /etc/ssl/certs/ca-certificates.crt',
  ],
  ['b66-mbsyncrc-pass', 'IMAPAccount fastmail\nHost imap.fastmail.com\nUser m.lindqvist@fastmail.com\nPass «{l16}»\nSSLType IMAPS'],
  [
    'b66-mailgun-curl-api-key-legacy',
    "curl -s --user 'api:«key-{h32}»' \\\n    https://api.mailgun.net/v3/mg.northwind.io/messages \\\n    -F from='Northwind <no-reply@mg.northwind.io>' \\\n    -F to=ops@northwind.io -F subject='Nightly backup OK' -F text='restic: 0 errors' ",
  ],
  [
    'b66-postmark-server-token-header',
    'curl "https://api.postmarkapp.com/email" \\\n  -X POST \\\n  -H "Accept: application/json" \\\n  -H "Content-Type: application/json" \\\n  -H "X-Postmark-Server-Token: «{h8}-{h4}-4{h3}-a{h3}-{h12}»" \\\n  -d \'{"From": "alerts@orbitfin.io", "To": "oncall@orbitfin.io", "Subject": "Backup failed"}\' ',
  ],
  [
    'b66-ses-smtp-password-ansible-vars',
    'postfix_relayhost: "[email-smtp.eu-west-1.amazonaws.com]:587"\npostfix_sasl_user: "{{ vault_ses_smtp_user }}"\npostfix_sasl_password: "«B{b43}»"',
  ],
  [
    'b66-roundcube-config-des-key-and-db-dsn',
    "$config['db_dsnw'] = 'mysql://roundcube:«{a20}»@localhost/roundcubemail';\n$config['imap_host'] = 'ssl://imap.globex.net:993';\n$config['des_key'] = '«{a24}»';",
  ],
  [
    'b66-mailcow-conf-dbpass-dbroot',
    'MAILCOW_HOSTNAME=mail.umbrella.org\nDBNAME=mailcow\nDBUSER=mailcow\nDBPASS=«{a28}»\nDBROOT=«{a28}»\nHTTP_PORT=80',
  ],
  [
    'b66-mailu-env-secret-key',
    '# Mailu main configuration file\nSECRET_KEY=«{u16}»\nDOMAIN=helios-labs.net\nHOSTNAMES=mail.helios-labs.net\nPOSTMASTER=admin',
  ],
  [
    'b66-swaks-auth-password-command',
    "$ swaks --to oncall@northwind.io --from alerts@northwind.io --server smtp.office365.com:587 --tls \\\n    --auth LOGIN --auth-user alerts@northwind.io --auth-password '«{a16}»'\n=== Trying smtp.office365.com:587...",
  ],
  [
    'b66-curl-smtps-user-password',
    "curl --ssl-reqd --url 'smtps://smtp.gmail.com:465' --user 'ci.notify@gmail.com:«{L16}»' \\\n  --mail-from 'ci.notify@gmail.com' --mail-rcpt 'team@initech.dev' --upload-file mail.txt",
  ],
  ['b66-sendmail-authinfo-relay', '# /etc/mail/authinfo\nAuthInfo:smtp.relay.globex.net "U:smarthost" "P:«{a20}»" "M:PLAIN"'],
  ['b66-ssmtp-conf-authpass', 'root=postmaster\nmailhub=smtp.zoho.eu:587\nAuthUser=nas@umbrella.org\nAuthPass=«{a16}»\nUseSTARTTLS=YES'],
  [
    'b66-nullmailer-remotes-pass',
    '$ cat /etc/nullmailer/remotes\nsmtp.mailbox.org smtp --port=465 --ssl --user=cron@orbitfin.io --pass=«{a20}»',
  ],
  [
    'b66-gitlab-rb-smtp-password',
    "gitlab_rails['smtp_enable'] = true\ngitlab_rails['smtp_address'] = \"smtp.office365.com\"\ngitlab_rails['smtp_port'] = 587\ngitlab_rails['smtp_user_name'] = \"gitlab@contoso.com\"\ngitlab_rails['smtp_password'] = \"«{a18}»\"\ngitlab_rails['smtp_domain'] = \"contoso.com\"",
  ],
  [
    'b66-grafana-ini-smtp-password-triple-quoted',
    '[smtp]\nenabled = true\nhost = smtp.eu.mailgun.org:587\nuser = grafana@mg.helios-labs.net\npassword = """«{h32}-{h8}-{h8}»"""\nfrom_address = grafana@helios-labs.net',
  ],
  [
    'b66-mastodon-env-production-smtp-password',
    'SMTP_SERVER=smtp.mailgun.org\nSMTP_PORT=587\nSMTP_LOGIN=postmaster@mg.social.orbitfin.io\nSMTP_PASSWORD=«{h32}-{h8}-{h8}»\nSMTP_FROM_ADDRESS=notifications@social.orbitfin.io',
  ],
  [
    'b66-discourse-app-yml-smtp-password',
    '  DISCOURSE_SMTP_ADDRESS: smtp-relay.brevo.com\n  DISCOURSE_SMTP_PORT: 587\n  DISCOURSE_SMTP_USER_NAME: forum@northwind.io\n  DISCOURSE_SMTP_PASSWORD: "«xsmtpsib-{h64}-{a16}»"\n  DISCOURSE_SMTP_ENABLE_START_TLS: true',
  ],
  [
    'b66-nextcloud-config-php-mail-smtppassword',
    "  'mail_smtpmode' => 'smtp',\n  'mail_smtphost' => 'smtp.mailbox.org',\n  'mail_smtpport' => '465',\n  'mail_smtpsecure' => 'ssl',\n  'mail_smtpauth' => true,\n  'mail_smtpname' => 'cloud@globex.home',\n  'mail_smtppassword' => '«{a20}»',",
  ],
  [
    'b66-wp-config-wpms-smtp-pass-define',
    "define( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', 'smtp.zoho.eu' );\ndefine( 'WPMS_SMTP_USER', 'shop@umbrella.org' );\ndefine( 'WPMS_SMTP_PASS', '«{a18}»' );",
  ],
  [
    'b66-app-log-smtp-uri-with-password',
    '2024-06-04T10:12:44.118Z INFO  mailer: connecting to smtp://alerts%40contoso.com:«{a16}»@smtp.office365.com:587 (starttls=true)\n2024-06-04T10:12:44.530Z ERROR mailer: 535 5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant.',
  ],
  [
    'b66-openssl-s-client-auth-plain-base64',
    '$ openssl s_client -starttls smtp -connect mail.globex.net:587 -quiet\n250 CHUNKING\nEHLO laptop\nAUTH PLAIN «AHdlYmZvcm1zQGdsb2JleC5uZXQA{b24}»\n235 2.7.0 Authentication successful',
  ],
  [
    'b66-sentry-config-yml-mail-password',
    "mail.backend: 'smtp'\nmail.host: 'smtp.eu.mailgun.org'\nmail.port: 587\nmail.username: 'sentry@mg.initech.dev'\nmail.password: '«{h32}-{h8}-{h8}»'\nmail.use-tls: true",
  ],
  [
    'b66-resend-api-key-fastapi-settings',
    'class Settings(BaseSettings):\n    resend_api_key: str = "«re_{a8}_{a24}»"\n    mail_from: str = "Orbit <hello@orbitfin.io>"',
  ],
  [
    'b66-brevo-api-key-curl-header',
    "curl --request POST --url https://api.brevo.com/v3/smtp/email \\\n  --header 'api-key: «xkeysib-{h64}-{a16}»' \\\n  --header 'content-type: application/json' \\\n  --data @payload.json",
  ],
  [
    'b66-ticket-smtp-relay-password-in-zendesk',
    '#{d5} Outbound mail stuck in queue\nCustomer wrote: "we updated the relay creds to user relay-prod / pass «{a14}{d4}» but postqueue -p still shows \'SASL authentication failed\'. Please advise."',
  ],
  [
    'b66-asterisk-sip-conf-trunk-secret',
    '[voipms]\ntype=peer\nhost=toronto.voip.ms\nusername={d6}_pbx\nsecret=«{a16}»\nfromuser={d6}_pbx\ninsecure=port,invite\ncontext=from-trunk',
  ],
  [
    'b66-asterisk-pjsip-auth-section-password',
    '[twilio-auth]\ntype=auth\nauth_type=userpass\nusername=pbx-northwind\npassword=«{a24}»\n\n[twilio-endpoint]\ntype=endpoint\noutbound_auth=twilio-auth',
  ],
  [
    'b66-asterisk-pjsip-wizard-remote-password',
    '[telnyx]\ntype = wizard\nsends_auth = yes\nsends_registrations = yes\nremote_hosts = sip.telnyx.com\noutbound_auth/username = globexpbx\noutbound_auth/password = «{a20}»\nendpoint/context = from-telnyx',
  ],
  [
    'b66-asterisk-pjsip-endpoint-phone-password',
    '[1004](endpoint-template)\nauth=1004\naors=1004\ncallerid="Front Desk" <1004>\n\n[1004](auth-template)\nusername=1004\npassword=«{a16}»',
  ],
  [
    'b66-asterisk-manager-conf-ami-secret',
    '[general]\nenabled = yes\nport = 5038\nbindaddr = 127.0.0.1\n\n[crm-dialer]\nsecret = «{a20}»\ndeny = 0.0.0.0/0.0.0.0\npermit = 10.30.0.0/255.255.255.0\nread = call,cdr,agent\nwrite = originate',
  ],
  [
    'b66-asterisk-ari-conf-password',
    '[general]\nenabled = yes\npretty = yes\n\n[ivr-app]\ntype = user\nread_only = no\npassword = «{a22}»',
  ],
  ['b66-asterisk-iax-conf-secret', '[branch-office]\ntype=friend\nhost=dynamic\nsecret=«{a18}»\ncontext=from-branch\ntrunk=yes'],
  [
    'b66-freeswitch-gateway-xml-password',
    '<include>\n  <gateway name="flowroute">\n    <param name="username" value="{d8}"/>\n    <param name="password" value="«{a14}»"/>\n    <param name="proxy" value="us-east-va.sip.flowroute.com"/>\n    <param name="register" value="true"/>\n  </gateway>\n</include>',
  ],
  [
    'b66-freeswitch-event-socket-conf-password',
    '<configuration name="event_socket.conf" description="Socket Client">\n  <settings>\n    <param name="nat-map" value="false"/>\n    <param name="listen-ip" value="127.0.0.1"/>\n    <param name="listen-port" value="8021"/>\n    <param name="password" value="«{a20}»"/>\n  </settings>\n</configuration>',
  ],
  [
    'b66-freeswitch-directory-user-password',
    '<user id="2001">\n  <params>\n    <param name="password" value="«{a16}»"/>\n    <param name="vm-password" value="2001"/>\n  </params>\n  <variables>\n    <variable name="effective_caller_id_name" value="Warehouse"/>\n  </variables>\n</user>',
  ],
  [
    'b66-twilio-cli-sip-credential-create-password',
    "$ twilio api:core:sip:credential-lists:credentials:create \\\n    --credential-list-sid CL{h32} \\\n    --username pbx-orbitfin \\\n    --password '«{a16}{d4}!»'\nSID                                 Username\nCR{h32}  pbx-orbitfin",
  ],
  [
    'b66-twilio-python-client-auth-token',
    'from twilio.rest import Client\n\naccount_sid = "AC{h32}"\nauth_token = "«{h32}»"\nclient = Client(account_sid, auth_token)\ndomain = client.sip.domains.create(domain_name="orbitfin.sip.twilio.com")',
  ],
  [
    'b66-twilio-api-key-secret-env',
    'TWILIO_ACCOUNT_SID=AC{h32}\nTWILIO_API_KEY=SK{h32}\nTWILIO_API_SECRET=«{a32}»\nTWILIO_TWIML_APP_SID=AP{h32}',
  ],
  [
    'b66-twilio-curl-basic-auth-token',
    'curl -X POST "https://api.twilio.com/2010-04-01/Accounts/AC{h32}/Calls.json" \\\n  --data-urlencode "Url=https://ivr.northwind.io/twiml/answer" \\\n  --data-urlencode "To=+14155550123" --data-urlencode "From=+14155550199" \\\n  -u AC{h32}:«{h32}»',
  ],
  [
    'b66-kamailio-cfg-db-url-password',
    '#!define DBURL "mysql://kamailio:«{a20}»@127.0.0.1/kamailio"\nloadmodule "auth_db.so"\nmodparam("auth_db", "db_url", DBURL)\nmodparam("auth_db", "calculate_ha1", yes)',
  ],
  ['b66-kamctl-add-subscriber-password', "# kamctl add 3001@sip.helios-labs.net «{a16}»\nnew user '3001@sip.helios-labs.net' added"],
  [
    'b66-baresip-accounts-auth-pass',
    '<sip:2204@pbx.umbrella.org>;auth_pass=«{a16}»;outbound="sip:pbx.umbrella.org;transport=tls";regint=600',
  ],
  [
    'b66-grandstream-provisioning-xml-p34',
    '<?xml version="1.0" encoding="UTF-8" ?>\n<gs_provision version="1">\n  <config version="1">\n    <P270>Reception</P270>\n    <P47>pbx.initech.com</P47>\n    <P35>1010</P35>\n    <P36>1010</P36>\n    <P34>«{a16}»</P34>\n  </config>\n</gs_provision>',
  ],
  [
    'b66-polycom-cfg-reg-auth-password',
    '<reg reg.1.displayName="Conf Room B" reg.1.address="1120@pbx.globex.net"\n     reg.1.auth.userId="1120" reg.1.auth.password="«{a14}»"\n     reg.1.server.1.address="pbx.globex.net" reg.1.server.1.transport="TLS"/>',
  ],
  [
    'b66-yealink-cfg-account-password',
    '#!version:1.0.0.1\naccount.1.enable = 1\naccount.1.label = Support\naccount.1.auth_name = 1205\naccount.1.user_name = 1205\naccount.1.password = «{a16}»\naccount.1.sip_server.1.address = pbx.northwind.io',
  ],
  [
    'b66-freepbx-amportal-ampdbpass-ampmgrpass',
    'AMPDBHOST=localhost\nAMPDBUSER=freepbxuser\nAMPDBPASS=«{h32}»\nAMPMGRUSER=admin\nAMPMGRPASS=«{h32}»',
  ],
  ['b66-vonage-api-secret-node-init', 'const vonage = new Vonage({\n  apiKey: "{h8}",\n  apiSecret: "«{a16}»",\n});'],
  ['b66-plivo-auth-token-env', 'PLIVO_AUTH_ID=MA{u18}\nPLIVO_AUTH_TOKEN=«{a40}»\nPLIVO_NUMBER=+442071838750'],
  [
    'b66-jitsi-env-component-passwords',
    'JICOFO_AUTH_PASSWORD=«{h32}»\nJVB_AUTH_PASSWORD=«{h32}»\nJIGASI_XMPP_PASSWORD=«{h32}»\nJIGASI_SIP_URI=conf@sip.orbitfin.io\nJIGASI_SIP_PASSWORD=«{a16}»',
  ],
  [
    'b66-sipsak-register-password-flag',
    '$ sipsak -U -C sip:1007@10.30.0.44 -s sip:1007@pbx.umbrella.org -a «{a16}» -vv\nmessage received:\nSIP/2.0 200 OK',
  ],
  [
    'b66-chat-prose-sip-trunk-password',
    'Calls are failing with 401 on the Flowroute trunk. Tech prefix is {d8}, password they gave us is «{a14}», registrar us-west-or.sip.flowroute.com. Does the pjsip config below look right?',
  ],
  [
    'b66-restic-env-file-password-and-b2',
    '# /etc/restic/env\nexport RESTIC_REPOSITORY="b2:northwind-backups:hosts/db01"\nexport RESTIC_PASSWORD="«{a32}»"\nexport B2_ACCOUNT_ID="{h12}0000000{d3}"\nexport B2_ACCOUNT_KEY="«K00{d1}{a27}»"',
  ],
  ['b66-restic-rest-server-url-basic-auth', 'restic -r rest:https://db01:«{a24}»@backup.umbrella.org:8000/db01 snapshots'],
  [
    'b66-restic-systemd-service-environment-password',
    '[Service]\nType=oneshot\nEnvironment=RESTIC_REPOSITORY=sftp:backup@nas.globex.home:/srv/restic/laptop\nEnvironment=RESTIC_PASSWORD=«{a28}»\nExecStart=/usr/bin/restic backup --one-file-system --exclude-caches /home',
  ],
  [
    'b66-restic-set-x-trace-export-password',
    '+ export RESTIC_REPOSITORY=s3:https://s3.eu-central-1.wasabisys.com/orbit-restic\n+ export RESTIC_PASSWORD=«{a32}»\n+ export AWS_SECRET_ACCESS_KEY=«{b40}»\n+ restic backup /var/lib/postgresql/dumps\nrepository {h8} opened (version 2, compression level auto)',
  ],
  [
    'b66-borg-passphrase-export-cron-script',
    "#!/bin/sh\nexport BORG_REPO=ssh://u{d6}@u{d6}.your-storagebox.de:23/./borg/web01\nexport BORG_PASSPHRASE='«{a40}»'\nborg create --stats --compression zstd,6 ::'{hostname}-{now}' /etc /srv/www",
  ],
  [
    'b66-borgmatic-config-encryption-passphrase',
    'source_directories:\n    - /home\n    - /etc\nrepositories:\n    - path: ssh://k8pDxu32@k8pDxu32.repo.borgbase.com/./repo\n      label: borgbase\nencryption_passphrase: "«{a40}»"\nkeep_daily: 7',
  ],
  [
    'b66-borg-key-export-paper-repokey',
    '$ borg key export ::\nBORG_KEY {h64}\n«hqlhbGdvcml0aG2mc2hhMjU2pGRhdGHaAZ{b48}\n{b76}\n{b76}\n{b76}\n{b40}=»',
  ],
  [
    'b66-rclone-conf-crypt-obscured-password-and-salt',
    '[gdrive-crypt]\ntype = crypt\nremote = gdrive:backups/crypt\nfilename_encryption = standard\ndirectory_name_encryption = true\npassword = «{B32}»\npassword2 = «{B42}»',
  ],
  [
    'b66-rclone-conf-s3-plain-secret-access-key',
    '[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = {u20}\nsecret_access_key = «{a40}»\nendpoint = s3.eu-central-2.wasabisys.com\nacl = private',
  ],
  [
    'b66-rclone-conf-drive-token-json',
    '[gdrive]\ntype = drive\nclient_id = {d12}-{l32}.apps.googleusercontent.com\nclient_secret = «GOCSPX-{B28}»\nscope = drive\ntoken = {"access_token":"«ya29.a0{B150}»","token_type":"Bearer","refresh_token":"«1//0e{B97}»","expiry":"2024-06-04T11:12:44.0+02:00"}',
  ],
  [
    'b66-rclone-conf-sftp-and-webdav-obscured-pass',
    '[nas]\ntype = sftp\nhost = nas.globex.home\nuser = rclone\npass = «{B38}»\n\n[nextcloud]\ntype = webdav\nurl = https://cloud.globex.home/remote.php/dav/files/rclone\nvendor = nextcloud\nuser = rclone\npass = «{B46}»',
  ],
  ['b66-rclone-obscure-shell-session', "$ rclone obscure '«{a20}»'\n«{B42}»"],
  [
    'b66-rclone-env-config-vars-secret',
    'export RCLONE_CONFIG_R2_TYPE=s3\nexport RCLONE_CONFIG_R2_PROVIDER=Cloudflare\nexport RCLONE_CONFIG_R2_ACCESS_KEY_ID={h32}\nexport RCLONE_CONFIG_R2_SECRET_ACCESS_KEY=«{h64}»\nexport RCLONE_CONFIG_R2_ENDPOINT=https://{h32}.r2.cloudflarestorage.com',
  ],
  [
    'b66-rclone-config-pass-env-compose',
    '  rclone-sync:\n    image: rclone/rclone:1.67\n    command: sync /data gdrive-crypt:nightly\n    environment:\n      RCLONE_CONFIG_PASS: "«{a32}»"\n    volumes:\n      - ./rclone.conf:/config/rclone/rclone.conf:ro',
  ],
  [
    'b66-duplicity-cron-passphrase-and-ftp-password',
    '#!/bin/bash\nexport PASSPHRASE="«{a32}»"\nexport FTP_PASSWORD="«{a18}»"\nduplicity --full-if-older-than 1M /var/www ftp://backup@ftp.hetzner-box.de/www\nunset PASSPHRASE FTP_PASSWORD',
  ],
  [
    'b66-duplicity-sign-passphrase-and-url-password',
    "export SIGN_PASSPHRASE='«{a28}»'\nduplicity --sign-key {H16} --encrypt-key {H16} /srv/data sftp://backup:«{a20}»@nas.umbrella.org//volume1/duplicity",
  ],
  [
    'b66-duplicati-cli-backup-passphrase-auth-password',
    'duplicati-cli backup "webdav://cloud.globex.home/remote.php/dav/files/backup/duplicati?auth-username=backup&auth-password=«{a20}»" \\\n  /home/anna --passphrase="«{a32}»" --encryption-module=aes --dblock-size=50mb',
  ],
  [
    'b66-duplicati-server-webservice-password',
    'ExecStart=/usr/bin/duplicati-server --webservice-interface=any --webservice-port=8200 --webservice-password=«{a24}»',
  ],
  ['b66-velero-credentials-file-minio', '$ cat credentials-velero\n[default]\naws_access_key_id = velero\naws_secret_access_key = «{a40}»'],
  [
    'b66-velero-azure-credentials-client-secret',
    'AZURE_SUBSCRIPTION_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_TENANT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_CLIENT_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAZURE_CLIENT_SECRET=«{a3}8Q~{B34}»\nAZURE_RESOURCE_GROUP=rg-aks-backups\nAZURE_CLOUD_NAME=AzurePublicCloud',
  ],
  [
    'b66-kopia-repository-connect-s3-keys-and-password',
    "kopia repository connect s3 --bucket=helios-kopia --endpoint=s3.eu-central-003.backblazeb2.com \\\n  --access-key={h25} --secret-access-key=«K00{d1}{a27}» \\\n  --password='«{a32}»' ",
  ],
  [
    'b66-kopia-compose-env-password',
    '  kopia:\n    image: kopia/kopia:latest\n    command: server start --insecure --address=0.0.0.0:51515 --server-username=admin --server-password=«{a24}»\n    environment:\n      KOPIA_PASSWORD: "«{a32}»"\n      USER: kopia',
  ],
  [
    'b66-bacula-dir-conf-director-client-catalog-passwords',
    'Director {\n  Name = bacula-dir\n  DIRport = 9101\n  Password = "«{B44}»"\n  Messages = Daemon\n}\nClient {\n  Name = web01-fd\n  Address = web01.northwind.io\n  Password = "«{B44}»"\n}\nCatalog {\n  Name = MyCatalog\n  dbname = "bacula"; dbuser = "bacula"; dbpassword = "«{a24}»"\n}',
  ],
  [
    'b66-bconsole-conf-director-password',
    'Director {\n  Name = bacula-dir\n  DIRport = 9101\n  address = backup01.northwind.io\n  Password = "«{B44}»"\n}',
  ],
  [
    'b66-bacula-fd-conf-director-password',
    '# /etc/bacula/bacula-fd.conf\nDirector {\n  Name = bacula-dir\n  Password = "«{a44}»"\n}\nFileDaemon {\n  Name = db02-fd\n  FDport = 9102\n}',
  ],
  [
    'b66-bareos-configure-add-client-password',
    '*configure add client name=mail01-fd address=mail01.umbrella.org password=«{a32}»\nCreated resource config file "/etc/bareos/bareos-dir.d/client/mail01-fd.conf":\nClient {\n  Name = mail01-fd\n  Address = mail01.umbrella.org\n  Password = «{a32}»\n}',
  ],
  [
    'b66-bareos-webui-console-password',
    '# /etc/bareos/bareos-dir.d/console/admin.conf\nConsole {\n  Name = admin\n  Password = "«{a24}»"\n  Profile = "webui-admin"\n  TlsEnable = false\n}',
  ],
  [
    'b66-veeam-powershell-add-vbrcredentials',
    'Add-VBRCredentials -Type Linux -User "veeam-svc" -Password \'«{a20}»\' -Description "Hardened repo nodes"\nAdd-VBRLinux -Name "repo01.corp.initech.com" -Credentials (Get-VBRCredentials -Name "veeam-svc")',
  ],
  [
    'b66-veeam-powershell-encryption-key-securestring',
    '$pw = ConvertTo-SecureString -String "«{a24}»" -AsPlainText -Force\nAdd-VBREncryptionKey -Password $pw -Description "Offsite jobs 2024"',
  ],
  [
    'b66-proxmox-backup-client-env-token-and-encryption-password',
    "export PBS_REPOSITORY='backup@pbs!host-db01@pbs.helios-labs.net:datastore1'\nexport PBS_PASSWORD='«{h8}-{h4}-4{h3}-a{h3}-{h12}»'\nexport PBS_ENCRYPTION_PASSWORD='«{a32}»'\nexport PBS_FINGERPRINT='{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}'\nproxmox-backup-client backup root.pxar:/",
  ],
  [
    'b66-pvesm-add-pbs-password',
    "pvesm add pbs pbs-offsite --server pbs.helios-labs.net --datastore offsite \\\n  --username sync@pbs --password '«{a24}»' --fingerprint {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",
  ],
  [
    'b66-duplicacy-env-password-and-s3-secret',
    'DUPLICACY_PASSWORD=«{a28}»\nDUPLICACY_S3_ID={u20}\nDUPLICACY_S3_SECRET=«{b40}»\nduplicacy backup -stats -threads 4',
  ],
  [
    'b66-k8up-repo-password-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: backup-repo\ntype: Opaque\nstringData:\n  password: «{a32}»\n  username: k8up\n  s3-secret-key: «{a40}»',
  ],
  [
    'b66-backup-script-mysqldump-inline-password',
    "#!/bin/bash\nDATE=$(date +%F)\nmysqldump -u backup -p'«{a20}»' --single-transaction --all-databases | gzip > /backups/mysql-$DATE.sql.gz\nrestic backup /backups --tag mysql",
  ],
  [
    'b66-cron-pg-dump-pgpassword',
    "15 2 * * * postgres PGPASSWORD='«{a22}»' pg_dump -h db01.internal -U backup -Fc billing > /srv/backups/billing-$(date +\\%F).dump",
  ],
  [
    'b66-tarsnap-key-file-cat',
    '$ cat /root/tarsnap.key\n# START OF TARSNAP KEY FILE\n«{b64}\n{b64}\n{b64}\n{b64}\n{b40}»\n# END OF TARSNAP KEY FILE',
  ],
  [
    'b66-ansible-vars-restic-password-plain',
    'restic_repos:\n  - name: offsite\n    url: "s3:https://s3.fr-par.scw.cloud/orbit-offsite"\n    password: "«{a32}»"\n    aws_access_key: "SCW{u17}"\n    aws_secret_key: "«{h8}-{h4}-4{h3}-a{h3}-{h12}»"',
  ],
  [
    'b66-chat-prose-borg-passphrase-restore',
    'I\'m restoring web01 from the storage box and borg keeps asking for the passphrase. the one in 1Password is «{a28}» — it says "passphrase supplied in BORG_PASSPHRASE is incorrect". is the repo maybe using keyfile mode?',
  ],
  [
    'b66-ticket-veeam-service-account-password',
    'INC{d7} – Veeam B&R jobs failing: "Failed to connect to guest OS"\nWork notes: svc-veeam password was rotated by the AD policy. New pw «{a16}{d3}» set in Credentials Manager, retrying job "SQL-Nightly".',
  ],
];

export const BLIND66_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'b66-keycloak-realm-export-public-spa-client',
    '{\n  "clientId": "billing-spa",\n  "id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "publicClient": true,\n  "standardFlowEnabled": true,\n  "attributes": { "pkce.code.challenge.method": "S256" },\n  "redirectUris": ["https://billing.northwind.io/*"],\n  "webOrigins": ["+"]\n}',
  ],
  [
    'b66-kcadm-get-client-secret-masked',
    '$ kcadm.sh get clients/{h8}-{h4}-4{h3}-a{h3}-{h12}/client-secret -r northwind\n{\n  "type" : "secret",\n  "value" : "**********"\n}',
  ],
  [
    'b66-oidc-discovery-document-excerpt',
    '{\n  "issuer": "https://sso.northwind.io/realms/northwind",\n  "authorization_endpoint": "https://sso.northwind.io/realms/northwind/protocol/openid-connect/auth",\n  "token_endpoint": "https://sso.northwind.io/realms/northwind/protocol/openid-connect/token",\n  "jwks_uri": "https://sso.northwind.io/realms/northwind/protocol/openid-connect/certs",\n  "id_token_signing_alg_values_supported": ["PS384", "RS256", "EdDSA"]\n}',
  ],
  [
    'b66-jwks-public-rsa-key-n-e-kid',
    '{"keys":[{"kid":"{B43}","kty":"RSA","alg":"RS256","use":"sig","n":"{B342}","e":"AQAB","x5t":"{B27}","x5t#S256":"{B43}"}]}',
  ],
  [
    'b66-saml-idp-metadata-x509-signing-cert',
    '<md:KeyDescriptor use="signing">\n  <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">\n    <ds:X509Data>\n      <ds:X509Certificate>MIIDqzCCApOgAwIBAgIUY{b43}{b64}{b64}{b64}{b40}==</ds:X509Certificate>\n    </ds:X509Data>\n  </ds:KeyInfo>\n</md:KeyDescriptor>',
  ],
  [
    'b66-saml-sp-public-certificate-pem',
    '$ cat /etc/shibboleth/sp-signing-cert.pem\n-----BEGIN CERTIFICATE-----\nMIIDqzCCApOgAwIBAgIUY{b43}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END CERTIFICATE-----',
  ],
  [
    'b66-az-ad-app-credential-list-hint-only',
    '$ az ad app credential list --id {h8}-{h4}-4{h3}-a{h3}-{h12}\n[\n  {\n    "customKeyIdentifier": null,\n    "displayName": "ci-deploy",\n    "endDateTime": "2025-06-04T10:12:44Z",\n    "hint": "{a3}",\n    "keyId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "secretText": null,\n    "startDateTime": "2024-06-04T10:12:44Z"\n  }\n]',
  ],
  [
    'b66-azure-ad-cert-credential-thumbprint',
    '  "AzureAd": {\n    "TenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "ClientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "ClientCertificates": [\n      { "SourceType": "StoreWithThumbprint", "CertificateStorePath": "CurrentUser/My", "CertificateThumbprint": "{H40}" }\n    ]\n  }',
  ],
  [
    'b66-okta-spa-config-public-client-id',
    "const oktaAuth = new OktaAuth({\n  issuer: 'https://globex.okta.com/oauth2/default',\n  clientId: '0oa{a17}',\n  redirectUri: window.location.origin + '/login/callback',\n  pkce: true,\n});",
  ],
  [
    'b66-auth0-spa-react-provider-client-id',
    '<Auth0Provider\n  domain="northwind.eu.auth0.com"\n  clientId="{a32}"\n  authorizationParams={{ redirect_uri: window.location.origin, audience: "https://api.northwind.io" }}\n>',
  ],
  [
    'b66-oidc-authorize-url-pkce-state-nonce',
    'https://sso.initech.com/realms/staff/protocol/openid-connect/auth?response_type=code&client_id=intranet&redirect_uri=https%3A%2F%2Fintranet.initech.com%2Fcallback&scope=openid%20email&state={B43}&nonce={B43}&code_challenge={B43}&code_challenge_method=S256',
  ],
  [
    'b66-dex-config-secret-env-references',
    "staticClients:\n- id: argo-workflows\n  name: Argo Workflows\n  secretEnv: ARGO_WORKFLOWS_SSO_CLIENT_SECRET\n  redirectURIs: ['https://argo.helios-labs.net/oauth2/callback']\nconnectors:\n- type: github\n  id: github\n  config:\n    clientID: $GITHUB_CLIENT_ID\n    clientSecret: $GITHUB_CLIENT_SECRET",
  ],
  [
    'b66-oauth2-proxy-cfg-secret-files',
    'provider = "oidc"\nclient_id = "oauth2-proxy"\nclient_secret_file = "/etc/oauth2-proxy/client-secret"\ncookie_secret_file = "/etc/oauth2-proxy/cookie-secret"\ncookie_name = "_oauth2_proxy"\ncookie_expire = "168h0m0s"',
  ],
  [
    'b66-authelia-secrets-via-file-env',
    '    environment:\n      AUTHELIA_IDENTITY_VALIDATION_RESET_PASSWORD_JWT_SECRET_FILE: /secrets/JWT_SECRET\n      AUTHELIA_SESSION_SECRET_FILE: /secrets/SESSION_SECRET\n      AUTHELIA_STORAGE_ENCRYPTION_KEY_FILE: /secrets/STORAGE_ENCRYPTION_KEY\n      AUTHELIA_AUTHENTICATION_BACKEND_LDAP_PASSWORD_FILE: /secrets/LDAP_PASSWORD',
  ],
  [
    'b66-spring-registration-secret-placeholder-ref',
    '          keycloak:\n            client-id: orders-api\n            client-secret: ${KEYCLOAK_CLIENT_SECRET}\n            scope: openid,profile',
  ],
  [
    'b66-saml-authnrequest-ids-and-issue-instant',
    '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_{h40}" Version="2.0" IssueInstant="2024-06-04T10:12:44Z" Destination="https://sso.umbrella.org/realms/main/protocol/saml" AssertionConsumerServiceURL="https://portal.umbrella.org/sp/saml2-acs.php/default-sp">\n  <saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">https://portal.umbrella.org/sp</saml:Issuer>\n</samlp:AuthnRequest>',
  ],
  [
    'b66-jwt-config-algorithm-and-public-key-path',
    'jwt:\n  algorithm: RS256\n  public-key-location: classpath:keys/jwt-signing.pub\n  issuer: https://auth.orbitfin.io\n  audience: orders-api\n  clock-skew: 30s',
  ],
  [
    'b66-chat-prose-client-secret-rotation-no-value',
    'Rotated the grafana client secret in Keycloak this morning; the new value is in Vault at kv/sso/grafana (field client_secret). Old one stops working Friday. Client id stays "grafana", redirect URI unchanged.',
  ],
  [
    'b66-keycloak-events-log-user-ids',
    '2024-06-04 10:12:44,118 WARN  [org.keycloak.events] (executor-thread-12) type="LOGIN_ERROR", realmId="{h8}-{h4}-4{h3}-a{h3}-{h12}", realmName="northwind", clientId="billing-portal", userId="null", ipAddress="10.0.3.7", error="invalid_user_credentials", auth_method="openid-connect", redirect_uri="https://billing.northwind.io/", code_id="{h8}-{h4}-4{h3}-a{h3}-{h12}", username="m.kowalski"',
  ],
  [
    'b66-sssd-conf-gssapi-keytab-no-password',
    '[domain/ad.umbrella.org]\nid_provider = ad\naccess_provider = ad\nad_domain = ad.umbrella.org\nkrb5_realm = AD.UMBRELLA.ORG\nkrb5_keytab = /etc/krb5.keytab\nldap_sasl_mech = GSSAPI\nldap_id_mapping = True',
  ],
  [
    'b66-ldapsearch-y-password-file-and-W-prompt',
    '$ ldapsearch -x -H ldaps://ldap.umbrella.org -D "cn=admin,dc=umbrella,dc=org" -y /root/.ldap-admin.pw -b "ou=people,dc=umbrella,dc=org" "(uid=jdoe)"\n$ ldapmodify -x -H ldaps://ldap.umbrella.org -D "cn=admin,dc=umbrella,dc=org" -W -f add-groups.ldif\nEnter LDAP Password:',
  ],
  [
    'b66-ldap-dn-strings-and-object-guid',
    'dn: CN=Peter Gibbons,OU=Staff,DC=corp,DC=initech,DC=com\nobjectGUID:: {b22}==\nobjectSid:: AQUAAAAAAAUVAAAA{b26}\nsAMAccountName: pgibbons\nuserPrincipalName: pgibbons@corp.initech.com\nmemberOf: CN=Monitoring,OU=Groups,DC=corp,DC=initech,DC=com',
  ],
  [
    'b66-ad-user-sid-and-guid-powershell',
    'PS> Get-ADUser svc-veeam | Select-Object SamAccountName, SID, ObjectGUID\n\nSamAccountName SID                                            ObjectGUID\n-------------- ---                                            ----------\nsvc-veeam      S-1-5-21-{d10}-{d10}-{d10}-{d4}  {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'b66-gitlab-rb-ldap-password-from-env',
    "gitlab_rails['ldap_servers'] = {\n  'main' => {\n    'label' => 'Active Directory',\n    'host' => 'dc01.corp.initech.com',\n    'bind_dn' => 'CN=svc-gitlab,OU=Service Accounts,DC=corp,DC=initech,DC=com',\n    'password' => ENV['GITLAB_LDAP_BIND_PASSWORD'],\n    'base' => 'OU=Staff,DC=corp,DC=initech,DC=com'\n  }\n}",
  ],
  [
    'b66-grafana-ldap-toml-env-interpolation',
    '[[servers]]\nhost = "ldap.globex.net"\nbind_dn = "cn=grafana,ou=services,dc=globex,dc=net"\nbind_password = "${LDAP_ADMIN_PASSWORD}"\nsearch_base_dns = ["ou=people,dc=globex,dc=net"]',
  ],
  [
    'b66-jenkins-casc-ldap-credential-ref',
    '          managerDN: "cn=jenkins,ou=services,dc=helios-labs,dc=net"\n          managerPasswordSecret: "${LDAP_MANAGER_PASSWORD}"\n          userSearchBase: "ou=people"',
  ],
  [
    'b66-freeipa-user-show-output',
    '$ ipa user-show jdoe --all\n  dn: uid=jdoe,cn=users,cn=accounts,dc=corp,dc=globex,dc=net\n  User login: jdoe\n  Principal name: jdoe@CORP.GLOBEX.NET\n  ipaUniqueID: {h8}-{h4}-4{h3}-a{h3}-{h12}\n  krbLastPwdChange: 20240604101244Z\n  krbPasswordExpiration: 20240902101244Z',
  ],
  [
    'b66-net-ads-info-output',
    '$ sudo net ads info\nLDAP server: 10.20.0.10\nLDAP server name: dc01.ad.umbrella.org\nRealm: AD.UMBRELLA.ORG\nBind Path: dc=AD,dc=UMBRELLA,dc=ORG\nLDAP port: 389\nServer time: Tue, 04 Jun 2024 10:12:44 UTC\nKDC server: 10.20.0.10',
  ],
  [
    'b66-slapd-olc-rootpw-prompted-slappasswd',
    '$ slappasswd -h {SSHA} -s "$(cat /root/ldap-root.pw)" > /tmp/rootpw.hash\n$ cat > rootpw.ldif <<\'EOF\'\ndn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW:< file:///tmp/rootpw.hash\nEOF',
  ],
  [
    'b66-powershell-read-host-securestring',
    '$pw = Read-Host -AsSecureString "New password for svc-veeam"\nSet-ADAccountPassword -Identity svc-veeam -Reset -NewPassword $pw\nGet-ADUser svc-veeam -Properties PasswordLastSet | Select-Object PasswordLastSet',
  ],
  [
    'b66-password-policy-doc-prose',
    'Directory password policy (ticket SEC-{d4}): minimum length 14, history 24, max age 365 days, lockout after 10 failed binds. Service accounts (OU=Service Accounts) are exempt from expiry; their passwords live in the vault under kv/ldap/<account>.',
  ],
  [
    'b66-freeradius-clients-conf-env-secret',
    'client vpn-gw {\n        ipaddr = 10.10.0.1\n        secret = $ENV{RADIUS_VPN_SECRET}\n        shortname = vpn-gw\n        require_message_authenticator = yes\n}',
  ],
  [
    'b66-radius-debug-authenticator-hex',
    '(0) Received Access-Request Id 183 from 10.20.2.17:54103 to 10.20.0.5:1812 length 160\n(0)   User-Name = "jdoe@umbrella.org"\n(0)   Called-Station-Id = "80-2A-A8-{H2}-{H2}-{H2}:UMBRELLA-CORP"\n(0)   Message-Authenticator = 0x{h32}\n(0)   State = 0x{h32}\n(0)   EAP-Message = 0x0201{h20}',
  ],
  [
    'b66-cisco-show-aaa-servers-output',
    'Switch# show aaa servers\nRADIUS: id 1, priority 1, host 10.10.5.21, auth-port 1812, acct-port 1813, hostname ISE-01\n     State: current UP, duration 864012s, previous duration 0s\n     Dead: total time 0s, count 0\n     Quarantined: No\n     Authen: request 18234, timeouts 2, failover 0, retransmission 2',
  ],
  [
    'b66-klist-keytab-kvno-and-enctypes',
    '$ klist -kte /etc/security/keytabs/svc-spark.keytab\nKeytab name: FILE:/etc/security/keytabs/svc-spark.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   7 06/04/2024 10:12:44 svc-spark@DATA.HELIOS-LABS.NET (aes256-cts-hmac-sha1-96)\n   7 06/04/2024 10:12:44 svc-spark@DATA.HELIOS-LABS.NET (aes128-cts-hmac-sha1-96)',
  ],
  [
    'b66-setspn-list-spns',
    'C:\\> setspn -L CORP\\svc-intranet\nRegistered ServicePrincipalNames for CN=svc-intranet,OU=Service Accounts,DC=corp,DC=initech,DC=com:\n        HTTP/intranet.corp.initech.com\n        HTTP/intranet',
  ],
  [
    'b66-krb5-conf-realms',
    '[libdefaults]\n    default_realm = DATA.HELIOS-LABS.NET\n    dns_lookup_kdc = false\n    ticket_lifetime = 24h\n[realms]\n    DATA.HELIOS-LABS.NET = {\n        kdc = kdc01.helios-labs.net\n        admin_server = kdc01.helios-labs.net\n    }',
  ],
  [
    'b66-kinit-kt-keytab-login',
    'kinit -kt /etc/security/keytabs/hdfs.service.keytab hdfs/nn01.helios-labs.net@DATA.HELIOS-LABS.NET && klist\nTicket cache: KCM:0:{d5}\nDefault principal: hdfs/nn01.helios-labs.net@DATA.HELIOS-LABS.NET',
  ],
  [
    'b66-dkim-dns-txt-public-key-record',
    'mail2024._domainkey.orbitfin.io. 3600 IN TXT ( "v=DKIM1; k=rsa; "\n    "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b150}"\n    "{b150}IDAQAB" )',
  ],
  [
    'b66-dkim-signature-header-b-and-bh',
    'DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=orbitfin.io;\n\ts=mail2024; t=1717495964; bh={b43}=;\n\th=From:To:Subject:Date:Message-ID;\n\tb={b76}\n\t {b76}\n\t {b56}==',
  ],
  [
    'b66-opendkim-keytable-signingtable-paths',
    '# /etc/opendkim/KeyTable\nmail2024._domainkey.orbitfin.io orbitfin.io:mail2024:/etc/opendkim/keys/orbitfin.io/mail.private\n# /etc/opendkim/SigningTable\n*@orbitfin.io mail2024._domainkey.orbitfin.io\n$ opendkim-testkey -d orbitfin.io -s mail2024 -vvv\nopendkim-testkey: key secure\nopendkim-testkey: key OK',
  ],
  [
    'b66-spf-dmarc-records',
    'orbitfin.io.         300 IN TXT "v=spf1 include:mailgun.org include:spf.protection.outlook.com -all"\n_dmarc.orbitfin.io.  300 IN TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@orbitfin.io; adkim=s; aspf=s; pct=100"',
  ],
  [
    'b66-postfix-main-cf-sasl-maps-references',
    'relayhost = [smtp.sendgrid.net]:587\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_security_options = noanonymous\nsmtp_tls_security_level = encrypt\nheader_size_limit = 4096000',
  ],
  [
    'b66-postfix-maillog-queue-ids-and-250-ok',
    'Jun  4 10:12:44 mx1 postfix/smtp[21873]: 4VtQ1x{a6}: to=<oncall@northwind.io>, relay=smtp.sendgrid.net[167.89.123.58]:587, delay=0.91, delays=0.02/0.01/0.41/0.47, dsn=2.0.0, status=sent (250 Ok: queued as {B22})\nJun  4 10:12:45 mx1 postfix/qmgr[1021]: 4VtQ1x{a6}: removed',
  ],
  [
    'b66-gmail-received-headers-message-id',
    'Message-ID: <CAF{B44}@mail.gmail.com>\nX-Google-Smtp-Source: AGHT+I{b64}\nX-Received: by 2002:a05:6512:{h4}:b0:52b:{h4}:{h4} with SMTP id {h10}-{h8}e87.{d2}.1717495964{d3};\n        Tue, 04 Jun 2024 03:12:44 -0700 (PDT)',
  ],
  [
    'b66-django-email-password-from-environ',
    'EMAIL_HOST = "smtp.eu.mailgun.org"\nEMAIL_HOST_USER = os.environ["EMAIL_HOST_USER"]\nEMAIL_HOST_PASSWORD = os.environ["EMAIL_HOST_PASSWORD"]\nEMAIL_USE_TLS = True',
  ],
  [
    'b66-rails-smtp-password-from-credentials',
    "  config.action_mailer.smtp_settings = {\n    address: 'smtp.sendgrid.net',\n    user_name: 'apikey',\n    password: Rails.application.credentials.dig(:sendgrid, :api_key),\n    port: 587\n  }",
  ],
  [
    'b66-laravel-mail-password-null',
    'MAIL_MAILER=log\nMAIL_HOST=mailpit\nMAIL_PORT=1025\nMAIL_USERNAME=null\nMAIL_PASSWORD=null\nMAIL_FROM_ADDRESS="hello@northwind.test"',
  ],
  [
    'b66-configparser-interpolated-smtp-password',
    '[DEFAULT]\nsecrets_dir = /run/secrets\n\n[smtp]\nhost = smtp.zoho.eu\nuser = reports@northwind.io\npassword = %(smtp_password)s\npassword_file = %(secrets_dir)s/smtp_password',
  ],
  [
    'b66-msmtprc-passwordeval-gpg',
    'account        work\nhost           smtp.office365.com\nport           587\nfrom           j.silva@contoso.com\nuser           j.silva@contoso.com\npasswordeval   "gpg --quiet --for-your-eyes-only --no-tty --decrypt ~/.config/msmtp/work.gpg"',
  ],
  [
    'b66-muttrc-imap-pass-from-pass-store',
    'set imap_user = "r.okafor@orbitfin.io"\nset imap_pass = "`pass show mail/orbitfin`"\nset smtp_pass = $imap_pass\nset folder = "imaps://imap.orbitfin.io:993"',
  ],
  [
    'b66-smtp-settings-masked-in-ui-dump',
    'SMTP settings (Admin > Email):\n  Host:      smtp.office365.com\n  Port:      587\n  Username:  gitlab@contoso.com\n  Password:  ****************\n  TLS:       STARTTLS',
  ],
  [
    'b66-dovecot-doveadm-auth-test-output',
    '$ doveadm auth lookup billing@orbitfin.io\npassdb: billing@orbitfin.io\n  user      : billing@orbitfin.io\n  uid       : 5000\n  gid       : 5000\n  home      : /var/vmail/orbitfin.io/billing\n$ doveadm who\nusername                 # proto (pids)   (ips)\nbilling@orbitfin.io      2 imap  (21873 21901) (10.0.3.7)',
  ],
  [
    'b66-mailgun-webhook-signature-fields',
    '{"signature": {"timestamp": "1717495964", "token": "{h50}", "signature": "{h64}"}, "event-data": {"event": "delivered", "id": "{B22}", "recipient": "oncall@northwind.io"}}',
  ],
  [
    'b66-sendgrid-message-id-and-event',
    '{"email":"oncall@northwind.io","timestamp":1717495964,"event":"delivered","sg_event_id":"{B22}","sg_message_id":"{B22}.recvd-{l10}-{l5}-1-{H8}-{d2}.0","smtp-id":"<{B22}@geopod-ismtpd-3>"}',
  ],
  [
    'b66-exim-config-password-via-readfile',
    'begin authenticators\nsmarthost_login:\n  driver = plaintext\n  public_name = LOGIN\n  client_send = : relay@globex.net : ${readfile{/etc/exim4/relay.pw}{}}',
  ],
  [
    'b66-asterisk-pjsip-identify-ip-trunk-no-auth',
    '[carrier-ip]\ntype=identify\nendpoint=carrier\nmatch=208.93.40.0/24\n\n[carrier]\ntype=endpoint\ncontext=from-carrier\ndisallow=all\nallow=ulaw,alaw',
  ],
  [
    'b66-asterisk-cli-pjsip-show-registrations',
    'pbx*CLI> pjsip show registrations\n\n <Registration/ServerURI..............................>  <Auth....................>  <Status.......>\n==========================================================================================\n telnyx/sip:sip.telnyx.com                               telnyx-auth                 Registered        (exp. 3541s)\n\nObjects found: 1',
  ],
  [
    'b66-sip-register-digest-authorization-header',
    'REGISTER sip:pbx.umbrella.org SIP/2.0\nVia: SIP/2.0/TLS 10.30.0.44:5061;branch=z9hG4bK{l16}\nCall-ID: {h32}@10.30.0.44\nAuthorization: Digest username="2204", realm="asterisk", nonce="{h8}/{h32}", uri="sip:pbx.umbrella.org", response="{h32}", algorithm=MD5\nCSeq: 2 REGISTER',
  ],
  [
    'b66-twilio-sids-in-call-log',
    '2024-06-04T10:12:44Z call.completed CallSid=CA{h32} AccountSid=AC{h32} ParentCallSid=CA{h32} From=+14155550199 To=+14155550123 Duration=42 RecordingSid=RE{h32}',
  ],
  [
    'b66-twilio-client-from-env',
    'client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])\ncall = client.calls.create(to="+14155550123", from_="+14155550199", url="https://ivr.northwind.io/twiml/answer")\nprint(call.sid)',
  ],
  [
    'b66-freeswitch-vars-default-password-reference',
    '<param name="password" value="$${default_password}"/>\n<param name="vm-password" value="$${vm_default_password}"/>\n<!-- default_password is set in vars.xml from the FS_DEFAULT_PASSWORD env at build time -->',
  ],
  [
    'b66-yealink-cfg-password-masked-export',
    'account.1.enable = 1\naccount.1.auth_name = 1205\naccount.1.user_name = 1205\naccount.1.password = ********\naccount.1.sip_server.1.address = pbx.northwind.io',
  ],
  [
    'b66-restic-snapshots-output',
    '$ restic snapshots --compact\nrepository {h8} opened (version 2, compression level auto)\nID        Time                 Host        Tags\n----------------------------------------------------\n{h8}  2024-06-02 02:15:03  db01        mysql\n{h8}  2024-06-03 02:15:04  db01        mysql\n{h8}  2024-06-04 02:15:02  db01        mysql\n----------------------------------------------------\n3 snapshots',
  ],
  ['b66-restic-cat-config-repo-id', '$ restic cat config\n{\n  "version": 2,\n  "id": "{h64}",\n  "chunker_polynomial": "{h14}"\n}'],
  [
    'b66-restic-key-list-output',
    '$ restic key list\nrepository {h8} opened (version 2, compression level auto)\n ID        User  Host     Created\n----------------------------------------------\n*{h8}  root  db01     2023-11-02 14:31:07\n {h8}  root  laptop   2024-06-04 10:12:44\n----------------------------------------------',
  ],
  [
    'b66-restic-password-file-and-command-flags',
    'RESTIC_REPOSITORY=s3:https://s3.eu-central-1.wasabisys.com/orbit-restic\nRESTIC_PASSWORD_FILE=/etc/restic/password\n# or: RESTIC_PASSWORD_COMMAND="pass show backup/restic"\nrestic --password-file=/etc/restic/password forget --keep-daily 7 --keep-weekly 4 --prune',
  ],
  [
    'b66-borg-info-repository-id',
    '$ borg info ssh://u{d6}@u{d6}.your-storagebox.de:23/./borg/web01\nRepository ID: {h64}\nLocation: ssh://u{d6}@u{d6}.your-storagebox.de:23/./borg/web01\nEncrypted: Yes (repokey BLAKE2b)\nCache: /root/.cache/borg/{h64}\nSecurity dir: /root/.config/borg/security/{h64}',
  ],
  [
    'b66-borg-passcommand-env',
    "export BORG_REPO='ssh://k8pDxu32@k8pDxu32.repo.borgbase.com/./repo'\nexport BORG_PASSCOMMAND='cat /root/.borg-passphrase'\nexport BORG_RSH='ssh -i /root/.ssh/borgbase_ed25519'\nborg list --last 3",
  ],
  [
    'b66-borg-list-archive-names',
    '$ borg list --last 3\nweb01-2024-06-02T02:00:04            Sun, 2024-06-02 02:00:05 [{h64}]\nweb01-2024-06-03T02:00:03            Mon, 2024-06-03 02:00:04 [{h64}]\nweb01-2024-06-04T02:00:04            Tue, 2024-06-04 02:00:05 [{h64}]',
  ],
  [
    'b66-rclone-conf-env-auth-no-secrets',
    '[s3-prod]\ntype = s3\nprovider = AWS\nenv_auth = true\nregion = eu-west-1\nlocation_constraint = eu-west-1\nserver_side_encryption = aws:kms\nsse_kms_key_id = arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'b66-rclone-lsjson-hashes',
    '$ rclone lsjson --hash gdrive:backups/db01 | head -3\n[\n{"Path":"mysql-2024-06-04.sql.gz","Name":"mysql-2024-06-04.sql.gz","Size":48213477,"MimeType":"application/gzip","ModTime":"2024-06-04T02:15:44.118Z","IsDir":false,"Hashes":{"md5":"{h32}","sha1":"{h40}","sha256":"{h64}"},"ID":"1{B32}"},',
  ],
  [
    'b66-rclone-config-show-with-empty-pass',
    '$ rclone config show nas\n[nas]\ntype = sftp\nhost = nas.globex.home\nuser = rclone\nkey_file = ~/.ssh/rclone_ed25519\npass =\nshell_type = unix',
  ],
  [
    'b66-duplicity-collection-status-output',
    '$ duplicity collection-status sftp://backup@nas.umbrella.org//volume1/duplicity\nLast full backup date: Sat Jun  1 02:00:03 2024\nCollection Status\n-----------------\nConnecting with backend: BackendWrapper\nArchive dir: /root/.cache/duplicity/{h32}\nFound 1 secondary backup chain.\nFound primary backup chain with matching signature chain:',
  ],
  [
    'b66-duplicity-gpg-encrypt-key-fingerprint',
    'duplicity --encrypt-key {H40} --sign-key {H16} --use-agent \\\n  /srv/data b2://{h12}@helios-duplicity/data',
  ],
  [
    'b66-velero-install-secret-file-flag',
    'velero install \\\n  --provider aws \\\n  --plugins velero/velero-plugin-for-aws:v1.10.0 \\\n  --bucket velero-backups \\\n  --secret-file ./credentials-velero \\\n  --backup-location-config region=minio,s3ForcePathStyle="true",s3Url=http://minio.velero.svc:9000',
  ],
  [
    'b66-velero-backup-describe-uids',
    '$ velero backup describe nightly-20240604020012 --details | head -8\nName:         nightly-20240604020012\nNamespace:    velero\nLabels:       velero.io/schedule-name=nightly\n              velero.io/storage-location=default\nPhase:        Completed\nBackup Format Version:  1.1.0\nStarted:    2024-06-04 02:00:12 +0000 UTC\nUID:        {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'b66-kopia-snapshot-list-ids',
    '$ kopia snapshot list /home/anna\nanna@laptop:/home/anna\n  2024-06-02 02:00:05 CEST k{h32} 12.4 GB drwxr-x--- files:184123 dirs:20411 (daily-2)\n  2024-06-03 02:00:04 CEST k{h32} 12.4 GB drwxr-x--- files:184161 dirs:20412 (daily-1)\n  2024-06-04 02:00:05 CEST k{h32} 12.5 GB drwxr-x--- files:184199 dirs:20415 (latest-1,daily-1)',
  ],
  [
    'b66-bacula-job-report',
    '04-Jun 02:14 bacula-dir JobId 48213: Bacula bacula-dir 13.0.4 (12Feb24):\n  Build OS:               x86_64-pc-linux-gnu debian 12\n  JobId:                  48213\n  Job:                    BackupWeb01.2024-06-04_02.00.00_11\n  Volume name(s):         Vol-{d4}\n  SD Bytes Written:       2,481,912,004 (2.481 GB)\n  Termination:            Backup OK',
  ],
  [
    'b66-bacula-password-include-file',
    'Director {\n  Name = bacula-dir\n  DIRport = 9101\n  Password = "@/etc/bacula/secrets/dir-console.pw"\n  Messages = Daemon\n}',
  ],
  [
    'b66-proxmox-pbs-fingerprint-and-password-file',
    "export PBS_REPOSITORY='backup@pbs!host-db01@pbs.helios-labs.net:datastore1'\nexport PBS_PASSWORD_FILE=/etc/proxmox-backup-client/token\nexport PBS_FINGERPRINT='{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}'\nproxmox-backup-client backup root.pxar:/ --keyfile /etc/proxmox-backup-client/encryption-key.json",
  ],
  [
    'b66-veeam-get-vbrcredentials-output',
    'PS> Get-VBRCredentials | Select-Object Name, Description, Id\n\nName                            Description                  Id\n----                            -----------                  --\nCORP\\svc-veeam                  Windows guests               {h8}-{h4}-4{h3}-a{h3}-{h12}\nveeam-svc                       Hardened repo nodes          {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'b66-ssh-host-key-fingerprint-storagebox',
    "The authenticity of host '[u{d6}.your-storagebox.de]:23 ([2a01:4f8:{h4}:{h4}::2]:23)' can't be established.\nED25519 key fingerprint is SHA256:{b43}.\nThis key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
  ],
  [
    'b66-chat-prose-backup-doc-with-placeholders',
    "To restore, export RESTIC_PASSWORD=<your-repo-password> and B2_ACCOUNT_KEY=<b2-application-key>, then run `restic -r b2:northwind-backups:hosts/db01 restore latest --target /mnt/restore`. Don't paste the real values in here.",
  ],
  [
    'b66-compose-backup-env-references',
    '  backup:\n    image: mazzolino/restic:1.7\n    environment:\n      RESTIC_REPOSITORY: ${RESTIC_REPOSITORY}\n      RESTIC_PASSWORD: ${RESTIC_PASSWORD:?set in .env}\n      B2_ACCOUNT_ID: ${B2_ACCOUNT_ID}\n      B2_ACCOUNT_KEY: ${B2_ACCOUNT_KEY}\n      BACKUP_CRON: "0 30 3 * * *"',
  ],
  [
    'b66-ansible-restic-vault-refs',
    'restic_repos:\n  - name: offsite\n    url: "s3:https://s3.fr-par.scw.cloud/orbit-offsite"\n    password: "{{ vault_restic_offsite_password }}"\n    aws_secret_key: "{{ lookup(\'community.hashi_vault.hashi_vault\', \'secret=kv/data/scw:secret_key\') }}"',
  ],
  [
    'b66-ldap-conf-default-changeme-in-docs',
    '# Default admin credentials shipped with the image (must be rotated on first boot):\n#   LDAP_ADMIN_PASSWORD=changeme\n#   LDAP_CONFIG_PASSWORD=changeme\nLDAP_ADMIN_PASSWORD_FILE=/run/secrets/ldap_admin_password',
  ],
  [
    'b66-keycloak-client-secret-docs-angle-placeholder',
    'curl -s -d "client_id=reporting-job" -d "client_secret=<client-secret>" -d "grant_type=client_credentials" \\\n  https://sso.northwind.io/realms/northwind/protocol/openid-connect/token',
  ],
];
