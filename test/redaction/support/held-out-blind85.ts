/** An eighty-fifth held-out batch, written blind: self-hosted and homelab applications as people configure and debug them (Home Assistant, Vaultwarden, Nextcloud, Gitea, the *arr stack, reverse proxies and DNS tokens, WireGuard and Tailscale, Proxmox, Frigate, MQTT, Zigbee2MQTT, ESPHome), with look-alikes from the same apps holding only references, public ids, public keys and stated stored hashes. */
export const BLIND85_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'home85-ha-secrets-yaml-mqtt-wifi-owm',
    '# secrets.yaml\nwifi_ssid: Kellerwlan\nwifi_password: «{a16}»\nmqtt_user: homeassistant\nmqtt_password: «{a24}»\nopenweathermap_key: «{h32}»\nlatitude_home: 52.37',
  ],
  [
    'home85-ha-configuration-influxdb-inline-beside-secret-ref',
    'influxdb:\n  api_version: 2\n  host: 192.168.10.5\n  port: 8086\n  token: «{B86}==»\n  organization: {h16}\n  bucket: homeassistant\nmqtt_pw: !secret mqtt_password',
  ],
  [
    'home85-ha-llat-curl-states',
    '$ curl -s -H "Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B83}.{B43}»" \\\n    -H "Content-Type: application/json" http://homeassistant.local:8123/api/states/sensor.outdoor_temp\n{"entity_id":"sensor.outdoor_temp","state":"14.2"}',
  ],
  [
    'home85-ha-llat-rest-command-headers',
    'rest_command:\n  trigger_other_instance:\n    url: "http://10.0.20.4:8123/api/services/script/turn_on"\n    method: POST\n    headers:\n      authorization: "Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B83}.{B43}»"\n    payload: \'{"entity_id": "script.garage_close"}\'',
  ],
  [
    'home85-appdaemon-yaml-ha-token',
    'appdaemon:\n  time_zone: Europe/Berlin\n  plugins:\n    HASS:\n      type: hass\n      ha_url: http://192.168.1.20:8123\n      token: «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B83}.{B43}»',
  ],
  [
    'home85-ha-recorder-mariadb-db-url',
    'recorder:\n  db_url: mysql://homeassistant:«{a20}»@core-mariadb/homeassistant?charset=utf8mb4\n  purge_keep_days: 14\n  exclude:\n    domains: [automation, updater]',
  ],
  [
    'home85-ha-telegram-bot-api-key-inline',
    'telegram_bot:\n  - platform: polling\n    api_key: «{d10}:AA{B33}»\n    allowed_chat_ids:\n      - {d9}',
  ],
  [
    'home85-ha-storage-auth-refresh-token-and-jwt-key',
    '$ sudo jq \'.data.refresh_tokens[3]\' /config/.storage/auth\n{\n  "id": "{h32}",\n  "user_id": "{h32}",\n  "client_name": "grafana",\n  "token_type": "long_lived_access_token",\n  "token": "«{h128}»",\n  "jwt_key": "«{h128}»"\n}',
  ],
  [
    'home85-ha-local-webhook-url-automation-post',
    "Why does my shortcut get a 405? I'm POSTing to «http://192.168.1.20:8123/api/webhook/garage-{a32}» from the iPhone and the automation trigger is webhook with local_only: false",
  ],
  [
    'home85-nabu-casa-cloudhook-url-ifttt',
    'In IFTTT I set the Webhooks action URL to https://hooks.nabu.casa/«{B120}» and method POST, content type application/json. Body {"action":"arrive"}. Nothing shows in the HA logbook.',
  ],
  [
    'home85-ha-spotify-application-credentials-yaml',
    "# old-style spotify config I'm migrating to the UI\nspotify:\n  client_id: {h32}\n  client_secret: «{h32}»",
  ],
  [
    'home85-ha-google-assistant-service-account-private-key',
    'google_assistant:\n  project_id: home-{l6}\n  service_account:\n    client_email: ha-report@home-{l6}.iam.gserviceaccount.com\n    private_key: "«-----BEGIN PRIVATE KEY-----\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----\\n»"\n  report_state: true',
  ],
  [
    'home85-ha-websocket-python-auth-message',
    'import asyncio, json, websockets\nasync def main():\n    async with websockets.connect("ws://ha.lan:8123/api/websocket") as ws:\n        await ws.recv()\n        await ws.send(json.dumps({"type": "auth", "access_token": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B83}.{B43}»"}))\n        print(await ws.recv())',
  ],
  [
    'home85-ha-smtp-notify-password-inline',
    'notify:\n  - name: gmail\n    platform: smtp\n    server: smtp.gmail.com\n    port: 587\n    sender: {L8}.home@gmail.com\n    username: {L8}.home@gmail.com\n    password: «{L4} {L4} {L4} {L4}»\n    recipient: me@{L6}.de',
  ],
  ['home85-hacs-github-token-configuration', 'hacs:\n  token: «ghp_{a36}»\n  appdaemon: true\n  sidepanel_title: Community'],
  [
    'home85-ha-mosquitto-addon-logins',
    '# Mosquitto broker add-on → Configuration (YAML mode)\nlogins:\n  - username: z2m\n    password: «{a18}»\n  - username: frigate\n    password: «{a18}»\nrequire_certificate: false',
  ],
  [
    'home85-ha-config-entries-esphome-noise-psk',
    '"domain": "esphome",\n"title": "garage-door",\n"data": {\n  "host": "192.168.40.31",\n  "port": 6053,\n  "password": "",\n  "noise_psk": "«{b43}=»",\n  "device_name": "garage-door"\n}',
  ],
  [
    'home85-node-red-ha-server-credentials-json',
    '$ cat /data/flows_cred.json   # credentialSecret: false so it\'s plain\n{"{h16}":{"access_token":"«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiI{B83}.{B43}»"}}',
  ],
  [
    'home85-node-red-settings-credential-secret',
    'module.exports = {\n    flowFile: \'flows.json\',\n    credentialSecret: "«{a32}»",\n    uiPort: process.env.PORT || 1880,\n    adminAuth: require("./user-authentication")\n}',
  ],
  [
    'home85-ha-rest-sensor-pirate-weather-resource-apikey',
    'sensor:\n  - platform: rest\n    name: pirate_forecast\n    resource: «https://api.pirateweather.net/forecast/{a32}/52.37,4.89?units=si»\n    value_template: "{{ value_json.currently.summary }}"',
  ],
  [
    'home85-ha-generic-camera-dahua-url-creds',
    'camera:\n  - platform: generic\n    still_image_url: http://admin:«{a14}»@192.168.30.12/cgi-bin/snapshot.cgi?channel=1\n    stream_source: rtsp://admin:«{a14}»@192.168.30.12:554/cam/realmonitor?channel=1&subtype=0',
  ],
  [
    'home85-vaultwarden-compose-admin-token-plain',
    'services:\n  vaultwarden:\n    image: vaultwarden/server:latest\n    environment:\n      DOMAIN: "https://vault.{L6}.net"\n      SIGNUPS_ALLOWED: "false"\n      ADMIN_TOKEN: "«{b64}»"\n    volumes:\n      - ./vw-data:/data',
  ],
  [
    'home85-vaultwarden-env-smtp-and-admin',
    '## /opt/vaultwarden/.env\nADMIN_TOKEN=«{B48}»\nSMTP_HOST=smtp.fastmail.com\nSMTP_FROM=vault@{L7}.org\nSMTP_PORT=465\nSMTP_SECURITY=force_tls\nSMTP_USERNAME=me@{L7}.org\nSMTP_PASSWORD=«{l16}»',
  ],
  [
    'home85-vaultwarden-push-installation-key',
    'PUSH_ENABLED=true\nPUSH_INSTALLATION_ID={h8}-{h4}-4{h3}-8{h3}-{h12}\nPUSH_INSTALLATION_KEY=«{a20}»\nPUSH_RELAY_URI=https://api.bitwarden.eu',
  ],
  ['home85-vaultwarden-yubico-secret-key', 'YUBICO_CLIENT_ID={d5}\nYUBICO_SECRET_KEY=«{b27}=»'],
  [
    'home85-vaultwarden-database-url-postgres',
    '    environment:\n      - DATABASE_URL=postgresql://vaultwarden:«{a28}»@vw-db:5432/vaultwarden\n      - WEBSOCKET_ENABLED=true',
  ],
  [
    'home85-bitwarden-rs-config-json-admin-token',
    '/data/config.json (written by the admin page):\n{\n  "domain": "https://bw.{L5}.duckdns.org",\n  "admin_token": "«{a48}»",\n  "smtp_password": "«{a20}»",\n  "invitations_allowed": false\n}',
  ],
  [
    'home85-bw-cli-api-key-login-env',
    'export BW_CLIENTID="user.{h8}-{h4}-4{h3}-9{h3}-{h12}"\nexport BW_CLIENTSECRET="«{a30}»"\nbw config server https://vault.{L6}.home\nbw login --apikey',
  ],
  ['home85-bw-session-export', '$ bw unlock --raw\n«{b86}==»\n$ export BW_SESSION="«{b86}==»"'],
  [
    'home85-vaultwarden-admin-cookie-curl',
    "curl -sk https://vault.lan/admin/users/overview \\\n  -b 'VW_ADMIN=«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.{B120}.{B342}»'",
  ],
  [
    'home85-nextcloud-config-php-secret-salt-dbpass',
    "<?php\n$CONFIG = array (\n  'instanceid' => 'oc{l10}',\n  'passwordsalt' => '«{a30}»',\n  'secret' => '«{a48}»',\n  'trusted_domains' => array ( 0 => 'cloud.{L6}.de' ),\n  'dbtype' => 'mysql',\n  'dbname' => 'nextcloud',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '«{a30}»',",
  ],
  [
    'home85-nextcloud-config-php-redis-smtp',
    "  'memcache.locking' => '\\\\OC\\\\Memcache\\\\Redis',\n  'redis' => array (\n    'host' => 'redis',\n    'port' => 6379,\n    'password' => '«{a32}»',\n  ),\n  'mail_smtpname' => 'nc@{L6}.eu',\n  'mail_smtppassword' => '«{a20}»',",
  ],
  [
    'home85-nextcloud-app-password-rclone-webdav',
    '[nextcloud]\ntype = webdav\nurl = https://cloud.{L6}.net/remote.php/dav/files/anna/\nvendor = nextcloud\nuser = anna\n# app password from Settings → Security, not obscured yet\npass = «{a5}-{a5}-{a5}-{a5}-{a5}»',
  ],
  [
    'home85-nextcloud-app-password-curl-ocs',
    'curl -u "jonas:«{a5}-{a5}-{a5}-{a5}-{a5}»" -H "OCS-APIRequest: true" \\\n  "https://nc.{L5}.home/ocs/v2.php/cloud/users?format=json"',
  ],
  [
    'home85-nextcloud-compose-admin-and-mysql',
    '  app:\n    image: nextcloud:29-apache\n    environment:\n      - MYSQL_HOST=db\n      - MYSQL_PASSWORD=«{a24}»\n      - NEXTCLOUD_ADMIN_USER=admin\n      - NEXTCLOUD_ADMIN_PASSWORD=«{a18}»\n      - NEXTCLOUD_TRUSTED_DOMAINS=cloud.{L5}.lan',
  ],
  [
    'home85-nextcloud-occ-user-add-oc-pass',
    '$ sudo -u www-data OC_PASS=\'«{a16}»\' php occ user:add --password-from-env --display-name="Oma" oma\nThe user "oma" was created successfully',
  ],
  [
    'home85-nextcloud-talk-hpb-signaling-secret',
    '# Talk → High-performance backend\nocc talk:signaling:add https://signal.{L6}.de "«{h64}»" --verify\nocc talk:turn:add turn turn.{L6}.de:3478 udp,tcp --secret="«{h64}»"',
  ],
  [
    'home85-nextcloud-aio-passphrase-forum',
    'AIO asks for the passphrase after the update and "«{L6} {L7} {L5} {L8} {L6} {L7} {L6} {L5}»" (copied from the first setup screen) is rejected as wrong. Did the mastercontainer regenerate it?',
  ],
  [
    'home85-collabora-onlyoffice-jwt-secret-compose',
    '  onlyoffice:\n    image: onlyoffice/documentserver\n    environment:\n      - JWT_ENABLED=true\n      - JWT_SECRET=«{a32}»\n      - JWT_HEADER=AuthorizationJwt',
  ],
  [
    'home85-gitea-app-ini-security-section',
    '[security]\nINSTALL_LOCK   = true\nSECRET_KEY     = «{a64}»\nREVERSE_PROXY_LIMIT = 1\nINTERNAL_TOKEN = «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOj{B30}.{B43}»\nPASSWORD_HASH_ALGO = pbkdf2',
  ],
  [
    'home85-gitea-app-ini-oauth2-lfs-jwt',
    '[server]\nLFS_START_SERVER = true\nLFS_JWT_SECRET   = «{B43}»\nDOMAIN           = git.{L6}.home\n\n[oauth2]\nJWT_SECRET = «{B43}»',
  ],
  [
    'home85-gitea-app-ini-database-passwd',
    '[database]\nDB_TYPE  = postgres\nHOST     = gitea-db:5432\nNAME     = gitea\nUSER     = gitea\nPASSWD   = «{a24}»\nSSL_MODE = disable',
  ],
  [
    'home85-forgejo-app-ini-mailer-passwd',
    '[mailer]\nENABLED        = true\nPROTOCOL       = smtps\nSMTP_ADDR      = smtp.migadu.com\nSMTP_PORT      = 465\nFROM           = forgejo@{L6}.dev\nUSER           = forgejo@{L6}.dev\nPASSWD         = `«{a20}»`',
  ],
  [
    'home85-gitea-pat-api-curl-token-header',
    'curl -s -H "Authorization: token «{h40}»" \\\n  "https://git.{L5}.lan/api/v1/repos/homelab/ansible/actions/runs?status=failure" | jq \'.workflow_runs[].id\'',
  ],
  [
    'home85-gitea-pat-in-git-remote',
    '$ git remote -v\norigin\thttps://marek:«{h40}»@gitea.{L5}.home/marek/dotfiles.git (fetch)\norigin\thttps://marek:«{h40}»@gitea.{L5}.home/marek/dotfiles.git (push)',
  ],
  [
    'home85-act-runner-register-token',
    'docker exec -it act_runner act_runner register --no-interactive \\\n  --instance https://code.{L6}.net \\\n  --token «{a40}» \\\n  --name nas-runner --labels ubuntu-latest:docker://node:20-bookworm',
  ],
  [
    'home85-forgejo-runner-dot-runner-file',
    '$ cat data/.runner\n{\n  "WARNING": "This file is automatically generated by act-runner. Do not edit it manually unless you know what you are doing.",\n  "id": {d2},\n  "uuid": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "name": "pi5",\n  "token": "«{h40}»",\n  "address": "https://forgejo.{L5}.home"\n}',
  ],
  [
    'home85-tea-cli-config-token',
    '# ~/.config/tea/config.yml\nlogins:\n- name: homelab\n  url: https://gitea.{L6}.lan\n  token: «{h40}»\n  default: true\n  user: ops',
  ],
  [
    'home85-drone-gitea-oauth-secret-and-rpc-secret',
    '[webhook]\nALLOWED_HOST_LIST = private\n# drone side:\nDRONE_GITEA_CLIENT_SECRET=«gto_{k52}»\nDRONE_RPC_SECRET=«{h32}»',
  ],
  [
    'home85-mattermost-config-json-sql-and-atrest',
    '"SqlSettings": {\n    "DriverName": "postgres",\n    "DataSource": "postgres://mmuser:«{a22}»@localhost:5432/mattermost?sslmode=disable&connect_timeout=10",\n    "AtRestEncryptKey": "«{a32}»",\n    "QueryTimeout": 30\n},',
  ],
  [
    'home85-mattermost-email-settings-smtp',
    '"EmailSettings": {\n    "SMTPUsername": "mm@{L7}.org",\n    "SMTPPassword": "«{a20}»",\n    "SMTPServer": "mail.{L7}.org",\n    "SMTPPort": "587",\n    "ConnectionSecurity": "STARTTLS",\n    "InviteSalt": "«{a32}»"\n},',
  ],
  [
    'home85-mattermost-incoming-webhook-uptime-alert',
    'curl -i -X POST -H \'Content-Type: application/json\' \\\n  -d \'{"text": ":red_circle: NAS pool degraded"}\' \\\n  «https://chat.{L6}.home/hooks/{l26}»',
  ],
  [
    'home85-mattermost-mmctl-access-token',
    '$ mmctl auth login https://mm.{L5}.lan --name home --username sysadmin --access-token «{l26}»\n  credentials for "home": "sysadmin@https://mm.{L5}.lan" stored',
  ],
  [
    'home85-mattermost-bot-token-python-driver',
    "driver = Driver({\n    'url': 'mm.{L6}.net',\n    'token': '«{l26}»',\n    'scheme': 'https',\n    'port': 443,\n})",
  ],
  [
    'home85-mattermost-gitlab-sso-secret',
    '"GitLabSettings": {\n    "Enable": true,\n    "Secret": "«gloas-{h64}»",\n    "Id": "{h64}",\n    "AuthEndpoint": "https://gitlab.{L6}.home/oauth/authorize"\n},',
  ],
  [
    'home85-keycloak-compose-bootstrap-admin-and-db',
    '  keycloak:\n    image: quay.io/keycloak/keycloak:26.0\n    command: start --hostname=auth.{L6}.home --proxy-headers=xforwarded\n    environment:\n      KC_BOOTSTRAP_ADMIN_USERNAME: admin\n      KC_BOOTSTRAP_ADMIN_PASSWORD: «{a20}»\n      KC_DB: postgres\n      KC_DB_URL: jdbc:postgresql://kc-db/keycloak\n      KC_DB_USERNAME: keycloak\n      KC_DB_PASSWORD: «{a24}»',
  ],
  [
    'home85-keycloak-kcadm-config-credentials',
    "$ /opt/keycloak/bin/kcadm.sh config credentials --server http://localhost:8080 \\\n    --realm master --user admin --password '«{a18}»'\nLogging into http://localhost:8080 as user admin of realm master",
  ],
  [
    'home85-keycloak-oauth2-proxy-cfg-client-secret',
    '# oauth2-proxy.cfg\nprovider = "keycloak-oidc"\noidc_issuer_url = "https://sso.{L5}.net/realms/home"\nclient_id = "oauth2-proxy"\nclient_secret = "«{a32}»"\ncookie_secret = "«{B43}=»"\nemail_domains = ["*"]',
  ],
  [
    'home85-keycloak-realm-export-client-secret',
    '    {\n      "clientId": "grafana",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n      "secret": "«{a32}»",\n      "redirectUris": ["https://grafana.{L5}.lan/login/generic_oauth"],',
  ],
  [
    'home85-keycloak-token-endpoint-curl-client-credentials',
    'curl -s -X POST https://kc.{L6}.home/realms/homelab/protocol/openid-connect/token \\\n  -d grant_type=client_credentials \\\n  -d client_id=backup-bot \\\n  -d client_secret=«{a32}» | jq -r .access_token',
  ],
  [
    'home85-grafana-ini-generic-oauth-keycloak',
    '[auth.generic_oauth]\nenabled = true\nname = Keycloak\nclient_id = grafana\nclient_secret = «{a32}»\nauth_url = https://kc.{L5}.lan/realms/home/protocol/openid-connect/auth',
  ],
  [
    'home85-keycloak-ldap-bind-credential-forum',
    'My user federation to the Synology LDAP fails with "Invalid credentials" but bind DN uid=root,cn=users,dc=nas,dc=lan with Bind credentials «{a16}» works in ldapsearch. Any idea?',
  ],
  [
    'home85-authentik-dotenv-secret-key-and-pg-pass',
    'PG_PASS=«{b36}»\nAUTHENTIK_SECRET_KEY=«{b80}»\nAUTHENTIK_ERROR_REPORTING__ENABLED=false\nCOMPOSE_PORT_HTTP=9000',
  ],
  [
    'home85-authentik-bootstrap-password-token',
    'AUTHENTIK_BOOTSTRAP_PASSWORD=«{a24}»\nAUTHENTIK_BOOTSTRAP_TOKEN=«{a60}»\nAUTHENTIK_BOOTSTRAP_EMAIL=admin@{L6}.home',
  ],
  [
    'home85-authentik-proxy-outpost-compose-token',
    '  authentik_proxy:\n    image: ghcr.io/goauthentik/proxy\n    ports:\n      - 9000:9000\n    environment:\n      AUTHENTIK_HOST: https://auth.{L6}.net\n      AUTHENTIK_INSECURE: "false"\n      AUTHENTIK_TOKEN: «{a60}»',
  ],
  [
    'home85-authentik-api-token-curl-users',
    "curl -s https://authentik.{L5}.lan/api/v3/core/users/?page_size=5 \\\n  -H 'accept: application/json' \\\n  -H 'authorization: Bearer «{a60}»'",
  ],
  ['home85-authentik-terraform-provider-token', 'provider "authentik" {\n  url   = "https://auth.{L6}.home"\n  token = "«{a60}»"\n}'],
  [
    'home85-authentik-email-password-env',
    'AUTHENTIK_EMAIL__HOST=smtp.eu.mailgun.org\nAUTHENTIK_EMAIL__USERNAME=postmaster@mg.{L6}.net\nAUTHENTIK_EMAIL__PASSWORD=«{h32}-{h8}-{h8}»\nAUTHENTIK_EMAIL__USE_TLS=true',
  ],
  [
    'home85-jellyfin-ldap-plugin-authentik-bind',
    '<LdapBindUser>cn=ldapservice,ou=users,dc=ldap,dc=goauthentik,dc=io</LdapBindUser>\n<LdapBindPassword>«{a28}»</LdapBindPassword>\n<LdapBaseDn>dc=ldap,dc=goauthentik,dc=io</LdapBaseDn>',
  ],
  [
    'home85-jellyfin-api-key-query-items',
    '$ curl "http://jellyfin.lan:8096/Items?Recursive=true&IncludeItemTypes=Movie&api_key=«{h32}»" | jq .TotalRecordCount\n1843',
  ],
  [
    'home85-jellyfin-authorization-mediabrowser-token',
    'Authorization: MediaBrowser Client="jellyfin-cli", Device="nas", DeviceId="{h16}", Version="10.9.11", Token="«{h32}»"',
  ],
  ['home85-emby-x-emby-token-header', 'curl -X POST "http://emby.{L5}.home:8096/emby/Library/Refresh" -H "X-Emby-Token: «{h32}»"'],
  [
    'home85-plex-token-in-library-refresh-url',
    '# refresh the TV section after sonarr import\ncurl -s "http://192.168.1.50:32400/library/sections/2/refresh?X-Plex-Token=«{B20}»"',
  ],
  [
    'home85-plex-preferences-xml-online-token',
    '<Preferences MachineIdentifier="{h40}" ProcessedMachineIdentifier="{h40}" PlexOnlineUsername="{L8}" PlexOnlineToken="«{B20}»" AcceptedEULA="1" FriendlyName="basement-nas"/>',
  ],
  [
    'home85-plex-claim-compose',
    '  plex:\n    image: lscr.io/linuxserver/plex:latest\n    network_mode: host\n    environment:\n      - PUID=1000\n      - PGID=1000\n      - VERSION=docker\n      - PLEX_CLAIM=«claim-{B20}»',
  ],
  ['home85-tautulli-api-key-get-activity', 'curl "http://tautulli.lan:8181/api/v2?apikey=«{h32}»&cmd=get_activity"'],
  [
    'home85-kometa-config-plex-tmdb',
    'plex:\n  url: http://192.168.1.50:32400\n  token: «{B20}»\n  timeout: 60\ntmdb:\n  apikey: «{h32}»\n  language: en',
  ],
  [
    'home85-overseerr-settings-json-api-key',
    '$ jq \'.main | {apiKey, applicationUrl}\' /app/config/settings.json\n{\n  "apiKey": "«MTc{b63}==»",\n  "applicationUrl": "https://requests.{L6}.tv"\n}',
  ],
  [
    'home85-jellyseerr-jellyfin-api-key-settings',
    '"jellyfin": {\n  "name": "Jellyfin",\n  "ip": "jellyfin",\n  "port": 8096,\n  "apiKey": "«{h32}»",\n  "serverId": "{h32}"\n}',
  ],
  [
    'home85-sonarr-config-xml-apikey',
    '<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <SslPort>9898</SslPort>\n  <EnableSsl>False</EnableSsl>\n  <ApiKey>«{h32}»</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <Branch>main</Branch>\n</Config>',
  ],
  [
    'home85-radarr-config-xml-apikey-postgres',
    '<Config>\n  <ApiKey>«{h32}»</ApiKey>\n  <PostgresUser>radarr</PostgresUser>\n  <PostgresPassword>«{a20}»</PostgresPassword>\n  <PostgresHost>pg.lan</PostgresHost>\n  <PostgresMainDb>radarr-main</PostgresMainDb>\n</Config>',
  ],
  ['home85-prowlarr-apikey-query-indexer-search', 'GET http://prowlarr:9696/api/v1/search?query=ubuntu&type=search&apikey=«{h32}»'],
  ['home85-lidarr-x-api-key-curl', 'curl -s -H "X-Api-Key: «{h32}»" http://lidarr.lan:8686/api/v1/artist | jq length'],
  [
    'home85-readarr-log-line-apikey-url',
    '2024-11-03 21:14:09.3|Warn|HttpClient|HTTP Error - Res: HTTP/1.1 [GET] http://readarr:8787/api/v1/book?apikey=«{h32}»: 401.Unauthorized (4 ms)',
  ],
  [
    'home85-bazarr-config-yaml-sonarr-radarr-keys',
    'auth:\n  apikey: «{h32}»\n  type: form\nsonarr:\n  apikey: «{h32}»\n  ip: sonarr\nradarr:\n  apikey: «{h32}»\n  ip: radarr',
  ],
  [
    'home85-recyclarr-secrets-yml',
    '# recyclarr secrets.yml\nsonarr_main_url: http://sonarr:8989\nsonarr_main_apikey: «{h32}»\nradarr_4k_url: http://radarr4k:7878\nradarr_4k_apikey: «{h32}»',
  ],
  [
    'home85-unpackerr-conf-sonarr-radarr',
    '[[sonarr]]\n url = "http://sonarr:8989"\n api_key = "«{h32}»"\n\n[[radarr]]\n url = "http://radarr:7878"\n api_key = "«{h32}»"',
  ],
  [
    'home85-homepage-services-yaml-widgets',
    '- Media:\n    - Sonarr:\n        href: https://sonarr.{L6}.home\n        widget:\n          type: sonarr\n          url: http://sonarr:8989\n          key: «{h32}»\n    - qBittorrent:\n        widget:\n          type: qbittorrent\n          url: http://gluetun:8080\n          username: admin\n          password: «{a16}»',
  ],
  [
    'home85-sabnzbd-ini-api-nzb-keys-and-server',
    '[misc]\napi_key = «{h32}»\nnzb_key = «{h32}»\n[servers]\n[[news.eweka.nl]]\nhost = news.eweka.nl\nusername = {l10}\npassword = «{a16}»\nconnections = 40',
  ],
  [
    'home85-nzbget-conf-control-password',
    'ControlIP=0.0.0.0\nControlPort=6789\nControlUsername=nzbget\nControlPassword=«{a18}»\nServer1.Host=news.newshosting.com\nServer1.Password=«{a14}»',
  ],
  [
    'home85-notifiarr-compose-apikey',
    '  notifiarr:\n    image: golift/notifiarr\n    environment:\n      - DN_API_KEY=«{h8}-{h4}-4{h3}-b{h3}-{h12}»\n      - DN_SONARR_0_URL=http://sonarr:8989\n      - DN_SONARR_0_API_KEY=«{h32}»',
  ],
  [
    'home85-exportarr-compose-apikey-env',
    '  exportarr-radarr:\n    image: ghcr.io/onedr0p/exportarr:v2.0\n    command: ["radarr"]\n    environment:\n      PORT: 9708\n      URL: "http://radarr:7878"\n      APIKEY: «{h32}»',
  ],
  [
    'home85-private-tracker-passkey-announce-url',
    'The client keeps saying "unregistered torrent". Announce is «https://tracker.{L8}.org/announce/{h32}» and Prowlarr shows the indexer green. Did my passkey reset?',
  ],
  [
    'home85-jackett-torznab-url-apikey',
    'Torznab feed in Sonarr: http://jackett:9117/api/v2.0/indexers/1337x/results/torznab/ with API key «{l32}» → Test fails with "Unable to connect to indexer"',
  ],
  [
    'home85-radarr-discord-webhook-connection',
    'Settings → Connect → Discord\nWebhook URL: «https://discord.com/api/webhooks/{d19}/{B68}»\nUsername: Radarr\nOn Grab: yes  On Import: yes',
  ],
  [
    'home85-qbittorrent-curl-login-password',
    "curl -i --header 'Referer: http://localhost:8080' \\\n  --data 'username=admin&password=«{a16}»' \\\n  http://localhost:8080/api/v2/auth/login\nHTTP/1.1 200 OK\nset-cookie: SID=«{B32}»; HttpOnly; SameSite=Strict; path=/",
  ],
  [
    'home85-gluetun-compose-wireguard-private-key',
    '  gluetun:\n    image: qmcgaw/gluetun\n    cap_add: [NET_ADMIN]\n    environment:\n      - VPN_SERVICE_PROVIDER=mullvad\n      - VPN_TYPE=wireguard\n      - WIREGUARD_PRIVATE_KEY=«{b43}=»\n      - WIREGUARD_ADDRESSES=10.64.{d2}.{d2}/32\n      - SERVER_CITIES=Amsterdam',
  ],
  [
    'home85-gluetun-openvpn-credentials-pia',
    '      - VPN_SERVICE_PROVIDER=private internet access\n      - OPENVPN_USER=p{d7}\n      - OPENVPN_PASSWORD=«{a12}»\n      - SERVER_REGIONS=Netherlands',
  ],
  [
    'home85-transmission-settings-json-rpc-plain',
    '"rpc-authentication-required": true,\n"rpc-bind-address": "0.0.0.0",\n"rpc-enabled": true,\n"rpc-password": "«{a16}»",\n"rpc-port": 9091,\n"rpc-username": "tr",\n"rpc-whitelist-enabled": false,',
  ],
  [
    'home85-transmission-remote-auth-flag',
    "$ transmission-remote 192.168.1.40:9091 -n 'transmission:«{a14}»' -l\nID     Done       Have  ETA           Up    Down  Ratio  Status       Name",
  ],
  [
    'home85-transmission-lsio-compose-user-pass',
    '    environment:\n      - TZ=Europe/Vienna\n      - USER=tm\n      - PASS=«{a16}»\n      - WHITELIST=192.168.1.*',
  ],
  [
    'home85-qbit-manage-config-yml',
    'qbt:\n  host: "qbittorrent:8080"\n  user: "admin"\n  pass: "«{a18}»"\nnotifiarr:\n  apikey: «{h8}-{h4}-4{h3}-a{h3}-{h12}»',
  ],
  ['home85-deluge-auth-file-localclient', '$ cat ~/.config/deluge/auth\nlocalclient:«{h40}»:10\nseedbox:«{a14}»:10'],
  [
    'home85-mullvad-account-number-forum',
    'Set up Gluetun with openvpn, OPENVPN_USER is my account number «{d16}» and password m, but it says AUTH_FAILED. Do I need wireguard instead?',
  ],
  [
    'home85-flood-ui-rtorrent-xmlrpc-basic-auth',
    'rtorrent behind nginx for flood:\nSCGI via https://seedbox:«{a14}»@rt.{L6}.seedhost.eu/RPC2',
  ],
  [
    'home85-autobrr-config-toml-session-secret',
    '# config.toml\nhost = "0.0.0.0"\nport = 7474\nlogLevel = "DEBUG"\nsessionSecret = "«{B32}»"',
  ],
  [
    'home85-pihole-compose-webpassword-v5',
    "  pihole:\n    image: pihole/pihole:2024.07.0\n    environment:\n      TZ: 'Europe/London'\n      WEBPASSWORD: '«{a16}»'\n      PIHOLE_DNS_: '1.1.1.1;9.9.9.9'",
  ],
  [
    'home85-pihole-v6-ftlconf-api-password',
    "    environment:\n      FTLCONF_webserver_api_password: «{a20}»\n      FTLCONF_dns_listeningMode: 'all'\n      FTLCONF_dns_upstreams: '127.0.0.1#5335'",
  ],
  ['home85-pihole-v5-api-auth-token-query', 'curl -s "http://pi.hole/admin/api.php?summaryRaw&auth=«{h64}»"'],
  [
    'home85-pihole-v6-api-auth-post-and-sid',
    '$ curl -sk -X POST https://pihole.lan/api/auth --data \'{"password":"«{a18}»"}\'\n{"session":{"valid":true,"totp":false,"sid":"«{b22}=»","csrf":"{b22}=","validity":1800}}',
  ],
  ['home85-pihole-setpassword-shell', "pi@dns:~ $ pihole -a -p '«{a16}»'\n  [✓] New password set"],
  ['home85-adguard-home-curl-basic-status', "curl -s -u 'admin:«{a18}»' http://192.168.1.2:3000/control/status | jq .protection_enabled"],
  [
    'home85-adguardhome-sync-env-passwords',
    'ORIGIN_URL=https://192.168.1.2:3000\nORIGIN_USERNAME=admin\nORIGIN_PASSWORD=«{a18}»\nREPLICA1_URL=http://192.168.1.3\nREPLICA1_USERNAME=admin\nREPLICA1_PASSWORD=«{a18}»\nCRON=*/10 * * * *',
  ],
  [
    'home85-pihole-ha-integration-api-key-yaml',
    'pi_hole:\n  - host: 192.168.1.2\n    name: pihole-main\n    api_key: «{h64}»\n    location: admin',
  ],
  [
    'home85-traefik-compose-cf-dns-api-token',
    '  traefik:\n    image: traefik:v3.1\n    environment:\n      - CF_API_EMAIL=dns@{L6}.net\n      - CF_DNS_API_TOKEN=«{B40}»\n    command:\n      - --certificatesresolvers.le.acme.dnschallenge.provider=cloudflare',
  ],
  ['home85-traefik-cf-global-api-key', 'environment:\n  CLOUDFLARE_EMAIL: "{L7}@gmail.com"\n  CLOUDFLARE_API_KEY: "«{h37}»"'],
  [
    'home85-caddyfile-inline-cloudflare-token',
    '*.home.{L6}.dev {\n\ttls {\n\t\tdns cloudflare «{B40}»\n\t}\n\t@jelly host jelly.home.{L6}.dev\n\thandle @jelly {\n\t\treverse_proxy 192.168.1.50:8096\n\t}\n}',
  ],
  [
    'home85-caddyfile-duckdns-token',
    '{\n\tacme_dns duckdns «{h8}-{h4}-4{h3}-8{h3}-{h12}»\n}\nvault.{L8}.duckdns.org {\n\treverse_proxy vaultwarden:80\n}',
  ],
  [
    'home85-duckdns-update-url-cron',
    '*/5 * * * * curl -s "https://www.duckdns.org/update?domains={L9}&token=«{h8}-{h4}-4{h3}-a{h3}-{h12}»&ip=" >/dev/null',
  ],
  [
    'home85-duckdns-lsio-compose-token',
    '      - SUBDOMAINS={L8},{L6}\n      - TOKEN=«{h8}-{h4}-4{h3}-9{h3}-{h12}»\n      - LOG_FILE=false',
  ],
  [
    'home85-ddns-updater-config-porkbun',
    '{\n  "settings": [\n    {\n      "provider": "porkbun",\n      "domain": "{L7}.xyz",\n      "host": "@,vpn",\n      "api_key": "«pk1_{h64}»",\n      "secret_api_key": "«sk1_{h64}»",\n      "ip_version": "ipv4"\n    }\n  ]\n}',
  ],
  ['home85-certbot-porkbun-ini', '# /etc/letsencrypt/porkbun.ini\ndns_porkbun_key=«pk1_{h64}»\ndns_porkbun_secret=«sk1_{h64}»'],
  [
    'home85-certbot-cloudflare-ini-npm-dns-challenge',
    'Nginx Proxy Manager → SSL Certificates → Use a DNS Challenge → Cloudflare, credentials file content:\n# Cloudflare API token\ndns_cloudflare_api_token = «{B40}»',
  ],
  [
    'home85-npm-compose-mysql-passwords',
    "  db:\n    image: jc21/mariadb-aria:latest\n    environment:\n      MYSQL_ROOT_PASSWORD: '«{a22}»'\n      MYSQL_DATABASE: 'npm'\n      MYSQL_USER: 'npm'\n      MYSQL_PASSWORD: '«{a22}»'",
  ],
  [
    'home85-acme-sh-account-conf-saved-cf',
    "$ grep SAVED ~/.acme.sh/account.conf\nSAVED_CF_Token='«{B40}»'\nSAVED_CF_Account_ID='{h32}'\nSAVED_CF_Zone_ID='{h32}'",
  ],
  ['home85-hetzner-dns-token-lego', "HETZNER_API_KEY=«{a32}» lego --email admin@{L6}.de --dns hetzner -d '*.lab.{L6}.de' run"],
  [
    'home85-ovh-credentials-certbot',
    'dns_ovh_endpoint = ovh-eu\ndns_ovh_application_key = {a16}\ndns_ovh_application_secret = «{a32}»\ndns_ovh_consumer_key = «{a32}»',
  ],
  ['home85-cloudflared-service-install-token', 'sudo cloudflared service install «eyJhIjoi{b170}»\n2024-10-02T18:11:04Z INF Using Systemd'],
  [
    'home85-cloudflared-compose-tunnel-token',
    '  cloudflared:\n    image: cloudflare/cloudflared:latest\n    command: tunnel --no-autoupdate run\n    environment:\n      - TUNNEL_TOKEN=«eyJhIjoi{b150}»',
  ],
  [
    'home85-cloudflared-credentials-json-tunnel-secret',
    '$ cat ~/.cloudflared/{h8}-{h4}-4{h3}-8{h3}-{h12}.json\n{"AccountTag":"{h32}","TunnelSecret":"«{b43}=»","TunnelID":"{h8}-{h4}-4{h3}-8{h3}-{h12}"}',
  ],
  ['home85-htpasswd-bc-cli-plain-password', "$ sudo htpasswd -bc /etc/nginx/.htpasswd admin '«{a16}»'\nAdding password for user admin"],
  [
    'home85-nginx-proxy-set-header-basic',
    'location /sabnzbd/ {\n    proxy_pass http://127.0.0.1:8080;\n    proxy_set_header Authorization "Basic «{b32}»";\n}',
  ],
  [
    'home85-ddclient-conf-cloudflare-token',
    'protocol=cloudflare, \\\nzone={L6}.net, \\\nttl=1, \\\nlogin=token, \\\npassword=«{B40}» \\\nhome.{L6}.net',
  ],
  [
    'home85-authelia-config-jwt-session-storage-secrets',
    '# authelia configuration.yml\nidentity_validation:\n  reset_password:\n    jwt_secret: «{a64}»\nsession:\n  secret: «{a64}»\nstorage:\n  encryption_key: «{a64}»',
  ],
  [
    'home85-tailscale-up-authkey',
    'root@pve:~# tailscale up --authkey=«tskey-auth-k{a11}CNTRL-{a34}» --advertise-routes=192.168.1.0/24 --accept-dns=false',
  ],
  [
    'home85-tailscale-compose-ts-authkey',
    '  tailscale:\n    image: tailscale/tailscale:latest\n    hostname: nas-ts\n    environment:\n      - TS_AUTHKEY=«tskey-auth-k{a11}CNTRL-{a34}»\n      - TS_STATE_DIR=/var/lib/tailscale\n      - TS_EXTRA_ARGS=--advertise-exit-node',
  ],
  [
    'home85-tailscale-api-key-devices-curl',
    'curl -s -u "«tskey-api-k{a11}CNTRL-{a34}»:" https://api.tailscale.com/api/v2/tailnet/-/devices | jq \'.devices[].hostname\'',
  ],
  [
    'home85-tailscale-operator-helm-oauth',
    'helm upgrade --install tailscale-operator tailscale/tailscale-operator \\\n  --namespace=tailscale --create-namespace \\\n  --set-string oauth.clientId=k{a11}CNTRL \\\n  --set-string oauth.clientSecret=«tskey-client-k{a11}CNTRL-{a34}»',
  ],
  [
    'home85-headscale-preauthkey-tailscale-login-server',
    '$ headscale preauthkeys create --user homelab --reusable --expiration 24h\n«{h48}»\n$ tailscale up --login-server https://hs.{L6}.net --authkey «{h48}»',
  ],
  [
    'home85-headscale-config-oidc-client-secret',
    'oidc:\n  only_start_if_oidc_is_available: true\n  issuer: "https://auth.{L6}.net/application/o/headscale/"\n  client_id: "{a40}"\n  client_secret: "«{a128}»"',
  ],
  ['home85-headscale-noise-private-key-file', '$ sudo cat /var/lib/headscale/noise_private.key\nprivkey:«{h64}»'],
  [
    'home85-wg0-conf-private-and-preshared',
    '[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = «{b43}=»\nDNS = 10.8.0.1\n\n[Peer]\nPublicKey = {b43}=\nPresharedKey = «{b43}=»\nEndpoint = vpn.{L6}.net:51820\nAllowedIPs = 0.0.0.0/0',
  ],
  ['home85-wg-genkey-shell-session', '$ wg genkey | tee privatekey | wg pubkey > publickey\n$ cat privatekey publickey\n«{b43}=»\n{b43}='],
  [
    'home85-wg-easy-compose-password-plain',
    '    environment:\n      - LANG=de\n      - WG_HOST=vpn.{L6}.de\n      - PASSWORD=«{a18}»\n      - WG_DEFAULT_DNS=10.8.1.1',
  ],
  [
    'home85-mikrotik-wireguard-private-key-export',
    '/interface wireguard\nadd listen-port=13231 mtu=1420 name=wg-home private-key="«{b43}=»"\n/interface wireguard peers\nadd allowed-address=10.10.10.2/32 interface=wg-home public-key="{b43}="',
  ],
  [
    'home85-opnsense-wireguard-xml-privkey',
    '<server uuid="{h8}-{h4}-4{h3}-a{h3}-{h12}">\n  <enabled>1</enabled>\n  <name>home</name>\n  <pubkey>{b43}=</pubkey>\n  <privkey>«{b43}=»</privkey>\n  <port>51820</port>\n</server>',
  ],
  ['home85-zerotier-central-api-token', 'curl -H "Authorization: token «{a32}»" https://api.zerotier.com/api/v1/network/{h16}/member'],
  [
    'home85-proxmox-api-token-header-curl',
    "curl -k -H 'Authorization: PVEAPIToken=root@pam!homepage=«{h8}-{h4}-4{h3}-a{h3}-{h12}»' \\\n  https://192.168.1.10:8006/api2/json/nodes/pve/status",
  ],
  [
    'home85-proxmox-pvesh-token-create-output',
    'root@pve:~# pveum user token add terraform@pve tf --privsep 0\n┌──────────────┬──────────────────────────────────────┐\n│ key          │ value                                │\n╞══════════════╪══════════════════════════════════════╡\n│ full-tokenid │ terraform@pve!tf                     │\n├──────────────┼──────────────────────────────────────┤\n│ value        │ «{h8}-{h4}-4{h3}-b{h3}-{h12}» │\n└──────────────┴──────────────────────────────────────┘',
  ],
  [
    'home85-terraform-proxmox-provider-token-secret',
    'provider "proxmox" {\n  pm_api_url          = "https://pve.{L5}.lan:8006/api2/json"\n  pm_api_token_id     = "terraform@pve!tf"\n  pm_api_token_secret = "«{h8}-{h4}-4{h3}-8{h3}-{h12}»"\n  pm_tls_insecure     = true\n}',
  ],
  [
    'home85-proxmoxer-python-token-value',
    'from proxmoxer import ProxmoxAPI\npve = ProxmoxAPI("192.168.1.10", user="monitor@pve", token_name="grafana",\n                 token_value="«{h8}-{h4}-4{h3}-9{h3}-{h12}»", verify_ssl=False)',
  ],
  [
    'home85-bpg-proxmox-provider-api-token-string',
    'provider "proxmox" {\n  endpoint  = "https://pve1.lan:8006/"\n  api_token = "automation@pve!opentofu=«{h8}-{h4}-4{h3}-a{h3}-{h12}»"\n  insecure  = true\n}',
  ],
  [
    'home85-pbs-password-env-backup-client',
    "export PBS_REPOSITORY='backup@pbs@192.168.1.15:datastore1'\nexport PBS_PASSWORD='«{a20}»'\nexport PBS_FINGERPRINT='{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}'\nproxmox-backup-client backup root.pxar:/",
  ],
  [
    'home85-ansible-inventory-proxmox-root-password',
    '[proxmox]\npve1 ansible_host=192.168.1.10 ansible_user=root ansible_password=«{a18}»\npve2 ansible_host=192.168.1.11 ansible_user=root ansible_password=«{a18}»',
  ],
  [
    'home85-truenas-api-key-curl-pools',
    'curl -s -H "Authorization: Bearer «{d1}-{a64}»" http://truenas.lan/api/v2.0/pool | jq \'.[].name\'',
  ],
  [
    'home85-truenas-homepage-widget-key',
    '    - TrueNAS:\n        widget:\n          type: truenas\n          url: https://truenas.lan\n          key: «{d1}-{a64}»\n          enablePools: true',
  ],
  [
    'home85-truenas-smb-credentials-file-fstab',
    '$ cat /root/.smbcred\nusername=media\npassword=«{a16}»\n$ grep truenas /etc/fstab\n//truenas.lan/media /mnt/media cifs credentials=/root/.smbcred,uid=1000 0 0',
  ],
  [
    'home85-unraid-rclone-smb-mount-forum',
    'Unraid User Scripts, trying to mount the share on my other box:\nmount -t cifs //tower/backups /mnt/remotes/backups -o username=backup,password=«{a14}»,vers=3.0\nmount error(13): Permission denied',
  ],
  ['home85-unraid-api-key-homepage-env', 'HOMEPAGE_VAR_UNRAID_URL=http://tower.local\nHOMEPAGE_VAR_UNRAID_KEY=«{h64}»'],
  ['home85-portainer-access-token-curl', 'curl -s -H "X-API-Key: «ptr_{b43}=»" https://portainer.lan:9443/api/endpoints | jq \'.[].Name\''],
  [
    'home85-portainer-agent-secret-compose',
    '  agent:\n    image: portainer/agent:2.21.0\n    environment:\n      AGENT_SECRET: «{a32}»\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock',
  ],
  [
    'home85-portainer-stack-webhook-url',
    'GitHub Action step to redeploy the stack:\n- run: curl -fsS -X POST «https://portainer.{L6}.home:9443/api/stacks/webhooks/{h8}-{h4}-4{h3}-a{h3}-{h12}»',
  ],
  [
    'home85-watchtower-http-api-token-and-shoutrrr',
    '      - WATCHTOWER_HTTP_API_UPDATE=true\n      - WATCHTOWER_HTTP_API_TOKEN=«{a32}»\n      - WATCHTOWER_NOTIFICATION_URL=telegram://«{d10}:AA{B33}»@telegram?chats={d9}',
  ],
  ['home85-uptime-kuma-api-key-metrics', 'curl -fsS --user ":«uk{d1}_{B40}»" https://status.{L6}.home/metrics | grep monitor_status'],
  [
    'home85-uptime-kuma-push-monitor-cron',
    '# backup job heartbeat\n0 3 * * * /usr/local/bin/borg-nightly.sh && curl -fsS -m 10 «https://uptime.{L5}.home/api/push/{a10}?status=up&msg=OK&ping=» > /dev/null',
  ],
  [
    'home85-uptime-kuma-ntfy-notification-token',
    'Notification type: ntfy\nServer URL: https://ntfy.{L6}.net\nTopic: homelab-alerts\nAccess Token: «tk_{l29}»',
  ],
  [
    'home85-paperless-compose-env-secret-dbpass-admin',
    '  webserver:\n    image: ghcr.io/paperless-ngx/paperless-ngx:latest\n    environment:\n      PAPERLESS_REDIS: redis://broker:6379\n      PAPERLESS_DBHOST: db\n      PAPERLESS_DBPASS: «{a22}»\n      PAPERLESS_SECRET_KEY: «{a50}»\n      PAPERLESS_ADMIN_USER: admin\n      PAPERLESS_ADMIN_PASSWORD: «{a16}»',
  ],
  [
    'home85-paperless-api-token-header',
    'curl -H "Authorization: Token «{h40}»" \\\n  "https://paperless.{L5}.home/api/documents/?query=invoice%202024&page_size=5"',
  ],
  [
    'home85-paperless-mail-account-imap-password-shell',
    "$ docker compose exec webserver python3 manage.py shell -c \"from paperless_mail.models import MailAccount; print(MailAccount.objects.values('imap_server','username','password'))\"\n<QuerySet [{'imap_server': 'imap.gmx.net', 'username': 'scan@{L6}.de', 'password': '«{a16}»'}]>",
  ],
  [
    'home85-paperless-ai-env-api-token-openai',
    'PAPERLESS_API_URL=http://paperless:8000/api\nPAPERLESS_API_TOKEN=«{h40}»\nAI_PROVIDER=openai\nOPENAI_API_KEY=«sk-proj-{B56}T3BlbkFJ{B56}»',
  ],
  [
    'home85-paperless-gpt-env-token',
    '  paperless-gpt:\n    environment:\n      PAPERLESS_BASE_URL: "http://paperless-ngx:8000"\n      PAPERLESS_API_TOKEN: "«{h40}»"\n      LLM_PROVIDER: "ollama"',
  ],
  [
    'home85-immich-env-db-password',
    '# immich .env\nUPLOAD_LOCATION=/mnt/tank/photos\nDB_DATA_LOCATION=./postgres\nIMMICH_VERSION=release\nDB_PASSWORD=«{a24}»\nDB_USERNAME=postgres\nDB_DATABASE_NAME=immich',
  ],
  ['home85-immich-api-key-curl-server-stats', 'curl -s -H "x-api-key: «{a43}»" http://immich.lan:2283/api/server/statistics | jq .photos'],
  [
    'home85-immich-go-cli-upload-key',
    'immich-go upload from-folder --server=http://192.168.1.50:2283 --api-key=«{a43}» --dry-run /volume1/photo/2019',
  ],
  [
    'home85-immich-oauth-config-json',
    '"oauth": {\n  "enabled": true,\n  "issuerUrl": "https://auth.{L6}.net/application/o/immich/",\n  "clientId": "{a40}",\n  "clientSecret": "«{a128}»",\n  "buttonText": "Login with authentik",\n  "autoRegister": true\n}',
  ],
  [
    'home85-frigate-config-rtsp-camera-password',
    'cameras:\n  front_door:\n    ffmpeg:\n      inputs:\n        - path: rtsp://admin:«{a14}»@192.168.50.21:554/h264Preview_01_main\n          roles: [record]\n        - path: rtsp://admin:«{a14}»@192.168.50.21:554/h264Preview_01_sub\n          roles: [detect]',
  ],
  [
    'home85-frigate-go2rtc-streams-creds',
    'go2rtc:\n  streams:\n    driveway:\n      - rtsp://viewer:«{a12}»@192.168.50.22:554/Streaming/Channels/101\n      - "ffmpeg:driveway#audio=opus"\n    garden: onvif://admin:«{a12}»@192.168.50.23:2020',
  ],
  [
    'home85-frigate-mqtt-password-inline',
    'mqtt:\n  enabled: true\n  host: 192.168.1.20\n  user: frigate\n  password: «{a18}»\n  topic_prefix: frigate',
  ],
  [
    'home85-frigate-compose-rtsp-password-env-value',
    '  frigate:\n    image: ghcr.io/blakeblackshear/frigate:stable\n    shm_size: "256mb"\n    environment:\n      FRIGATE_RTSP_PASSWORD: "«{a16}»"\n      PLUS_API_KEY: «{h8}-{h4}-4{h3}-a{h3}-{h12}:{h128}»',
  ],
  [
    'home85-reolink-snapshot-url-password-query',
    'Snapshot works in the browser: http://192.168.50.24/cgi-bin/api.cgi?cmd=Snap&channel=0&rs=wuuPhkmUCeI9WG7C&user=admin&password=«{a14}» but the HA generic camera shows "unavailable".',
  ],
  [
    'home85-ha-onvif-config-flow-forum-paste',
    'ONVIF integration keeps failing on my Tapo C200. Host 192.168.50.30 port 2020 username tapoadmin password «{a12}» — the camera account, not the cloud login. Logs: "Could not connect to camera"',
  ],
  [
    'home85-mosquitto-pub-password-flag',
    "mosquitto_pub -h 192.168.1.20 -p 1883 -u sensor -P '«{a18}»' -t 'home/livingroom/co2' -m '{\"ppm\": 612}'",
  ],
  ['home85-mosquitto-passwd-b-plain-cli', 'docker exec -it mosquitto mosquitto_passwd -b /mosquitto/config/passwd zigbee2mqtt «{a20}»'],
  [
    'home85-zigbee2mqtt-config-mqtt-and-network-key',
    'mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://core-mosquitto:1883\n  user: z2m\n  password: «{a18}»\nadvanced:\n  network_key: «[{d1}, {d2}, 1{d2}, {d2}, {d1}, 2{d1}, {d2}, 1{d2}, {d2}, {d2}, 1{d2}, {d1}, {d2}, 2{d1}, {d2}, 1{d2}]»\n  pan_id: 6754',
  ],
  [
    'home85-zigbee2mqtt-network-key-hex-array',
    'advanced:\n  channel: 25\n  network_key: «[0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}]»\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]',
  ],
  ['home85-zigbee2mqtt-frontend-auth-token', 'frontend:\n  enabled: true\n  port: 8080\n  auth_token: «{a24}»'],
  [
    'home85-zigbee2mqtt-coordinator-backup-network-key',
    '$ jq \'.network_key\' data/coordinator_backup.json\n{\n  "key": "«{h32}»",\n  "sequence_number": 0,\n  "frame_counter": {d5}\n}',
  ],
  [
    'home85-esphome-api-encryption-and-ota',
    'api:\n  encryption:\n    key: "«{b43}=»"\n\nota:\n  - platform: esphome\n    password: "«{h32}»"',
  ],
  [
    'home85-esphome-wifi-fallback-ap-password',
    'wifi:\n  ssid: "IoT-2G"\n  password: "«{a16}»"\n  ap:\n    ssid: "Kitchen-Sensor Fallback Hotspot"\n    password: "«{a12}»"',
  ],
  [
    'home85-esphome-secrets-yaml-file',
    '# esphome/secrets.yaml\nwifi_ssid: "IoT-2G"\nwifi_password: "«{a16}»"\napi_key: "«{b43}=»"\nota_password: "«{h32}»"',
  ],
  ['home85-esphome-web-server-auth', 'web_server:\n  port: 80\n  auth:\n    username: admin\n    password: «{a14}»'],
  [
    'home85-tasmota-backlog-mqtt-password',
    'Backlog MqttHost 192.168.1.20; MqttUser tasmota; MqttPassword «{a16}»; Topic plug_desk; SetOption19 0',
  ],
  [
    'home85-zwave-js-ui-security-keys',
    '"securityKeys": {\n  "S2_Unauthenticated": "«{H32}»",\n  "S2_Authenticated": "«{H32}»",\n  "S2_AccessControl": "«{H32}»",\n  "S0_Legacy": "«{H32}»"\n},',
  ],
  [
    'home85-owntracks-mqtt-url-credentials',
    'OwnTracks → Connection → Mode MQTT, but I\'m using the websocket URL: wss://owntracks:«{a16}»@mqtt.{L6}.net:8084/mqtt — "Connection refused: not authorised"',
  ],
  [
    'home85-tinytuya-devices-json-local-key',
    '[\n  {\n    "name": "Desk Lamp",\n    "id": "bf{l20}",\n    "key": "«{a16}»",\n    "mac": "{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",\n    "ip": "192.168.40.77",\n    "version": "3.3"\n  }\n]',
  ],
  [
    'home85-localtuya-yaml-local-key',
    'localtuya:\n  - host: 192.168.40.78\n    device_id: bf{l20}\n    local_key: "«{a16}»"\n    friendly_name: Dehumidifier\n    protocol_version: "3.4"',
  ],
  ['home85-shelly-rpc-curl-digest-auth', 'curl --digest -u admin:«{a14}» http://192.168.40.60/rpc/Switch.GetStatus?id=0'],
  [
    'home85-valetudo-mqtt-config-password',
    '"mqtt": {\n  "enabled": true,\n  "connection": {\n    "host": "192.168.1.20",\n    "port": 1883,\n    "authentication": {\n      "credentials": { "enabled": true, "username": "valetudo", "password": "«{a18}»" }\n    }\n  }\n}',
  ],
  [
    'home85-grafana-influxdb-compose-admin-token',
    '  influxdb:\n    image: influxdb:2.7\n    environment:\n      DOCKER_INFLUXDB_INIT_MODE: setup\n      DOCKER_INFLUXDB_INIT_USERNAME: admin\n      DOCKER_INFLUXDB_INIT_PASSWORD: «{a20}»\n      DOCKER_INFLUXDB_INIT_ORG: home\n      DOCKER_INFLUXDB_INIT_ADMIN_TOKEN: «{B86}==»',
  ],
  [
    'home85-grafana-compose-admin-password',
    '  grafana:\n    image: grafana/grafana-oss:11.2.0\n    environment:\n      - GF_SECURITY_ADMIN_USER=admin\n      - GF_SECURITY_ADMIN_PASSWORD=«{a18}»\n      - GF_SERVER_ROOT_URL=https://grafana.{L6}.home',
  ],
  [
    'home85-syncthing-config-xml-apikey',
    '<gui enabled="true" tls="false" debugging="false">\n    <address>0.0.0.0:8384</address>\n    <user>syncthing</user>\n    <apikey>«{a32}»</apikey>\n    <theme>default</theme>\n</gui>',
  ],
  [
    'home85-gotify-app-token-message-curl',
    'curl "https://gotify.{L6}.net/message?token=«A{a14}»" -F "title=Backup" -F "message=borg finished" -F "priority=5"',
  ],
  ['home85-gotify-client-token-websocket', 'websocat "wss://push.{L5}.lan/stream?token=«C{a14}»"'],
  [
    'home85-ntfy-access-token-curl-publish',
    'curl -H "Authorization: Bearer «tk_{l29}»" -d "Disk /dev/sdc SMART failure" https://ntfy.{L6}.home/nas-alerts',
  ],
  [
    'home85-healthchecks-ping-url-script',
    '#!/bin/sh\nrestic backup /srv --exclude-caches\ncurl -fsS -m 10 --retry 5 -o /dev/null «https://hc-ping.com/{h8}-{h4}-4{h3}-8{h3}-{h12}»',
  ],
  ['home85-pushover-tokens-ha', 'notify:\n  - name: pushover_phone\n    platform: pushover\n    api_key: «a{l29}»\n    user_key: «u{l29}»'],
  [
    'home85-restic-env-password-and-b2',
    'export RESTIC_REPOSITORY="b2:homelab-backup:/nas"\nexport RESTIC_PASSWORD="«{a32}»"\nexport B2_ACCOUNT_ID="00{h10}000000000{d1}"\nexport B2_ACCOUNT_KEY="«K00{a28}»"',
  ],
  [
    'home85-borg-passphrase-borgmatic',
    '# /etc/borgmatic/config.yaml\nsource_directories:\n  - /srv/appdata\nrepositories:\n  - path: ssh://u{d6}@u{d6}.your-storagebox.de:23/./borg\n    label: storagebox\nencryption_passphrase: "«{a32}»"',
  ],
  ['home85-rclone-conf-crypt-obscured', '[gdrive-crypt]\ntype = crypt\nremote = gdrive:backup\npassword = «{B54}»\npassword2 = «{B54}»'],
  [
    'home85-synapse-homeserver-yaml-secrets',
    'registration_shared_secret: "«{a50}»"\nmacaroon_secret_key: "«{a50}»"\nform_secret: "«{a50}»"\nturn_shared_secret: "«{a50}»"',
  ],
  ['home85-coturn-static-auth-secret', 'listening-port=3478\nrealm=turn.{L6}.home\nuse-auth-secret\nstatic-auth-secret=«{h64}»\nno-cli'],
  ['home85-firefly-iii-env-app-key-cron-token', 'APP_KEY=«base64:{b43}=»\nDB_PASSWORD=«{a20}»\nSTATIC_CRON_TOKEN=«{a32}»'],
  ['home85-searxng-settings-secret-key', 'server:\n  port: 8080\n  bind_address: "0.0.0.0"\n  secret_key: "«{h64}»"\n  limiter: true'],
  [
    'home85-code-server-password-compose',
    '  code-server:\n    image: lscr.io/linuxserver/code-server\n    environment:\n      - PASSWORD=«{a16}»\n      - SUDO_PASSWORD=«{a16}»\n      - DEFAULT_WORKSPACE=/config/workspace',
  ],
  [
    'home85-photoprism-admin-password-compose',
    '    environment:\n      PHOTOPRISM_ADMIN_USER: "admin"\n      PHOTOPRISM_ADMIN_PASSWORD: "«{a18}»"\n      PHOTOPRISM_DATABASE_PASSWORD: "«{a18}»"',
  ],
  [
    'home85-miniflux-env-admin-and-db',
    'DATABASE_URL=postgres://miniflux:«{a20}»@db/miniflux?sslmode=disable\nRUN_MIGRATIONS=1\nCREATE_ADMIN=1\nADMIN_USERNAME=admin\nADMIN_PASSWORD=«{a16}»',
  ],
  [
    'home85-navidrome-lastfm-spotify-secrets',
    'ND_LASTFM_APIKEY={h32}\nND_LASTFM_SECRET=«{h32}»\nND_SPOTIFY_ID={h32}\nND_SPOTIFY_SECRET=«{h32}»',
  ],
  [
    'home85-audiobookshelf-api-token-curl',
    'curl -H "Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOi{B70}.{B43}»" http://abs.lan:13378/api/libraries',
  ],
  [
    'home85-guacamole-compose-postgres-password',
    '  guacamole:\n    image: guacamole/guacamole\n    environment:\n      GUACD_HOSTNAME: guacd\n      POSTGRESQL_DATABASE: guacamole_db\n      POSTGRESQL_USER: guacamole_user\n      POSTGRESQL_PASSWORD: «{a24}»',
  ],
  [
    'home85-linkwarden-nextauth-secret',
    'NEXTAUTH_URL=http://localhost:3000/api/v1/auth\nNEXTAUTH_SECRET=«{b43}=»\nPOSTGRES_PASSWORD=«{a24}»',
  ],
  [
    'home85-vikunja-service-jwtsecret',
    'VIKUNJA_SERVICE_JWTSECRET: «{h64}»\nVIKUNJA_SERVICE_PUBLICURL: https://tasks.{L6}.home/\nVIKUNJA_DATABASE_PASSWORD: «{a20}»',
  ],
  [
    'home85-homarr-secret-encryption-key',
    '  homarr:\n    image: ghcr.io/homarr-labs/homarr:latest\n    environment:\n      - SECRET_ENCRYPTION_KEY=«{h64}»',
  ],
  [
    'home85-mealie-openai-smtp-env',
    'SMTP_HOST=smtp.gmail.com\nSMTP_USER=mealie.{L6}@gmail.com\nSMTP_PASSWORD=«{L16}»\nOPENAI_API_KEY=«sk-{a48}»',
  ],
  [
    'home85-telegraf-influxdb-v2-output-token',
    '[[outputs.influxdb_v2]]\n  urls = ["http://influxdb:8086"]\n  token = "«{B86}==»"\n  organization = "home"\n  bucket = "telegraf"',
  ],
  [
    'home85-duplicati-passphrase-cli',
    'duplicati-cli backup "b2://nas-dup/appdata?auth-username=00{h10}000000000{d1}&auth-password=«K00{a28}»" /srv/appdata --passphrase="«{a24}»"',
  ],
  [
    'home85-traccar-xml-db-password',
    "<entry key='database.driver'>org.postgresql.Driver</entry>\n<entry key='database.url'>jdbc:postgresql://db:5432/traccar</entry>\n<entry key='database.user'>traccar</entry>\n<entry key='database.password'>«{a20}»</entry>",
  ],
];

export const BLIND85_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'home85-neg-ha-secrets-refs-only',
    'mqtt:\n  broker: core-mosquitto\n  username: !secret mqtt_user\n  password: !secret mqtt_password\ninfluxdb:\n  token: !secret influx_token',
  ],
  [
    'home85-neg-ha-entity-and-device-ids-automation',
    'automation:\n  - alias: Hallway motion light\n    trigger:\n      - platform: device\n        device_id: {h32}\n        domain: binary_sensor\n        entity_id: {h32}\n        type: motion\n    action:\n      - service: light.turn_on\n        target: { entity_id: light.hallway_ceiling }',
  ],
  [
    'home85-neg-ha-config-entries-ids',
    '{\n  "entry_id": "01J{U23}",\n  "domain": "zha",\n  "title": "SkyConnect",\n  "unique_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "source": "usb"\n}',
  ],
  [
    'home85-neg-ha-llat-docs-header-placeholder',
    'Authorization: Bearer ABCDEFGH\n# Replace ABCDEFGH with a long-lived access token from your profile page (Profile → Security → Long-lived access tokens).',
  ],
  [
    'home85-neg-ha-trusted-networks-auth-providers',
    'homeassistant:\n  auth_providers:\n    - type: trusted_networks\n      trusted_networks:\n        - 192.168.1.0/24\n        - fd00::/8\n      allow_bypass_login: true\n    - type: homeassistant',
  ],
  [
    'home85-neg-ha-refresh-token-ids-only',
    '$ sudo jq \'.data.refresh_tokens[] | {id, client_name, token_type, last_used_at}\' /config/.storage/auth | head -12\n{\n  "id": "{h32}",\n  "client_name": null,\n  "token_type": "normal",\n  "last_used_at": "2024-11-02T19:44:07.312877+00:00"\n}',
  ],
  [
    'home85-neg-ha-webhook-trigger-variable-name',
    'automation:\n  - trigger:\n      - platform: webhook\n        webhook_id: !secret garage_webhook_id\n        allowed_methods: [POST]\n        local_only: true',
  ],
  [
    'home85-neg-ha-zha-ieee-addresses',
    '2024-11-03 08:12:44.021 DEBUG (MainThread) [zigpy.application] Device 0x4f2a (00:15:8d:00:{h2}:{h2}:{h2}:{h2}) joined the network\n2024-11-03 08:12:44.530 DEBUG (MainThread) [zha.zigbee.device] [0x4f2a](lumi.sensor_motion.aq2): started configuration',
  ],
  [
    'home85-neg-esphome-all-secret-refs',
    'api:\n  encryption:\n    key: !secret kitchen_api_key\nota:\n  - platform: esphome\n    password: !secret ota_password\nwifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password',
  ],
  [
    'home85-neg-esphome-boot-log-mac',
    '[I][app:100]: ESPHome version 2024.10.2 compiled on Oct 28 2024, 21:03:11\n[C][wifi:600]:   Local MAC: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n[C][wifi:605]:   BSSID: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n[C][api:140]:   Using noise encryption: YES',
  ],
  ['home85-neg-z2m-network-key-generate', 'advanced:\n  network_key: GENERATE\n  pan_id: GENERATE\n  ext_pan_id: GENERATE\n  channel: 20'],
  [
    'home85-neg-z2m-device-ieee-friendly-names',
    "devices:\n  '0x00158d000{h7}':\n    friendly_name: bathroom/humidity\n  '0x54ef44100{h7}':\n    friendly_name: hallway/motion\n    occupancy_timeout: 90",
  ],
  [
    'home85-neg-mosquitto-conf-password-file-path',
    'listener 1883\nallow_anonymous false\npassword_file /mosquitto/config/passwd\nacl_file /mosquitto/config/acl\npersistence true',
  ],
  [
    'home85-neg-mosquitto-passwd-stored-hash-stated',
    '# This is the hashed passwd file written by mosquitto_passwd (PBKDF2-SHA512), the broker only stores these hashes:\nfrigate:$7$101${b16}${b86}==',
  ],
  [
    'home85-neg-tasmota-status-masked-password',
    'stat/plug_desk/RESULT = {"MqttHost":"192.168.1.20","MqttPort":1883,"MqttUser":"tasmota","MqttPassword":"****","Topic":"plug_desk"}',
  ],
  [
    'home85-neg-frigate-rtsp-env-substitution',
    'cameras:\n  back_yard:\n    ffmpeg:\n      inputs:\n        - path: rtsp://{FRIGATE_RTSP_USER}:{FRIGATE_RTSP_PASSWORD}@192.168.50.25:554/stream1\n          roles: [detect, record]',
  ],
  [
    'home85-neg-frigate-go2rtc-restream-no-creds',
    'cameras:\n  front_door:\n    ffmpeg:\n      inputs:\n        - path: rtsp://127.0.0.1:8554/front_door\n          input_args: preset-rtsp-restream\n          roles: [record]',
  ],
  [
    'home85-neg-frigate-event-ids-log',
    '2024-11-03 22:41:07.118 INFO: Event {d10}.{d6}-{l6} (person) started on front_door, score 0.83\n2024-11-03 22:41:19.540 INFO: Snapshot saved to /media/frigate/clips/front_door-{d10}.{d6}-{l6}.jpg',
  ],
  [
    'home85-neg-vaultwarden-admin-token-argon2-hash-stated',
    "# ADMIN_TOKEN here is the Argon2 PHC hash printed by `vaultwarden hash`, not the token itself; Vaultwarden only stores the hash\nADMIN_TOKEN='$argon2id$v=19$m=65540,t=3,p=4${b43}${b43}'",
  ],
  [
    'home85-neg-vaultwarden-docs-admin-token-default',
    '  environment:\n    # DOMAIN: "https://vaultwarden.example.com"\n    ADMIN_TOKEN: ${VAULTWARDEN_ADMIN_TOKEN}\n    SIGNUPS_ALLOWED: "false"',
  ],
  [
    'home85-neg-vaultwarden-push-id-only',
    '[INFO] Push notifications enabled, installation id {h8}-{h4}-4{h3}-8{h3}-{h12} registered against https://push.bitwarden.com',
  ],
  [
    'home85-neg-bw-cli-clientid-and-env-secret',
    'export BW_CLIENTID="user.{h8}-{h4}-4{h3}-a{h3}-{h12}"\nexport BW_CLIENTSECRET="$(cat /run/secrets/bw_client_secret)"\nbw login --apikey',
  ],
  [
    'home85-neg-nextcloud-occ-masked-sensitive',
    '$ sudo -u www-data php occ config:list system\n{\n    "system": {\n        "instanceid": "***REMOVED SENSITIVE VALUE***",\n        "passwordsalt": "***REMOVED SENSITIVE VALUE***",\n        "secret": "***REMOVED SENSITIVE VALUE***",\n        "dbpassword": "***REMOVED SENSITIVE VALUE***",\n        "overwrite.cli.url": "https:\\/\\/cloud.{L6}.de"',
  ],
  [
    'home85-neg-nextcloud-compose-secrets-files',
    '    environment:\n      - POSTGRES_HOST=db\n      - POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password\n      - NEXTCLOUD_ADMIN_PASSWORD_FILE=/run/secrets/nextcloud_admin_password\nsecrets:\n  postgres_password:\n    file: ./secrets/postgres_password.txt',
  ],
  [
    'home85-neg-nextcloud-file-ids-etag',
    '<d:response><d:href>/remote.php/dav/files/anna/Photos/IMG_2041.jpg</d:href>\n<d:propstat><d:prop><oc:fileid>{d6}</oc:fileid><d:getetag>"{h32}"</d:getetag><oc:id>{d8}oc{l10}</oc:id></d:prop></d:propstat></d:response>',
  ],
  [
    'home85-neg-gitea-app-ini-uri-refs',
    '[security]\nINSTALL_LOCK = true\nSECRET_KEY =\nSECRET_KEY_URI = file:/data/gitea/secret_key\nINTERNAL_TOKEN_URI = file:/data/gitea/internal_token\n[oauth2]\nJWT_SECRET_URI = file:/data/gitea/jwt_secret',
  ],
  [
    'home85-neg-gitea-env-to-ini-vars',
    '    environment:\n      - GITEA__database__DB_TYPE=postgres\n      - GITEA__database__PASSWD=${GITEA_DB_PASSWORD:?set it in .env}\n      - GITEA__mailer__PASSWD__FILE=/run/secrets/smtp',
  ],
  [
    'home85-neg-gitea-actions-run-log-shas',
    "[homelab/ansible/deploy] 🚀  Start image=node:20-bookworm\n[homelab/ansible/deploy]   ☁  git clone 'https://gitea.lan/actions/checkout' # ref=v4\n[homelab/ansible/deploy]   ✅  Success - Main actions/checkout@v4 [{h40}]\n[homelab/ansible/deploy] ⭐ Run Main ansible-playbook site.yml (commit {h40})",
  ],
  [
    'home85-neg-gitea-ssh-public-key',
    '$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} marek@desktop\n# pasted into Gitea → Settings → SSH / GPG Keys',
  ],
  [
    'home85-neg-mattermost-user-team-ids',
    '$ mmctl user search sysadmin --json | jq \'{id, username, roles}\'\n{\n  "id": "{l26}",\n  "username": "sysadmin",\n  "roles": "system_admin system_user"\n}\n$ mmctl team list --json | jq -r \'.[] | .id + " " + .name\'\n{l26} homelab',
  ],
  [
    'home85-neg-mattermost-config-env-override',
    '"SqlSettings": {\n    "DriverName": "postgres",\n    "DataSource": "",\n    "AtRestEncryptKey": ""\n},\n# DataSource is supplied via MM_SQLSETTINGS_DATASOURCE from the systemd EnvironmentFile',
  ],
  [
    'home85-neg-keycloak-realm-public-key',
    '$ curl -s https://kc.{L6}.home/realms/home | jq .\n{\n  "realm": "home",\n  "public_key": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b300}IDAQAB",\n  "token-service": "https://kc.{L6}.home/realms/home/protocol/openid-connect"\n}',
  ],
  [
    'home85-neg-keycloak-export-masked-secret',
    '      "clientId": "immich",\n      "clientAuthenticatorType": "client-secret",\n      "secret": "**********",\n      "redirectUris": ["app.immich:///oauth-callback", "https://photos.{L5}.lan/*"],',
  ],
  [
    'home85-neg-authentik-compose-env-required',
    '    environment:\n      AUTHENTIK_SECRET_KEY: ${AUTHENTIK_SECRET_KEY:?secret key required}\n      AUTHENTIK_POSTGRESQL__PASSWORD: ${PG_PASS}\n      AUTHENTIK_REDIS__HOST: redis',
  ],
  [
    'home85-neg-authentik-file-uri-values',
    'AUTHENTIK_POSTGRESQL__PASSWORD=file:///run/secrets/authentik_pg_pass\nAUTHENTIK_SECRET_KEY=file:///run/secrets/authentik_secret_key\nAUTHENTIK_EMAIL__PASSWORD=env://SMTP_PASSWORD',
  ],
  [
    'home85-neg-authentik-oidc-provider-public-info',
    'Provider: jellyfin-oidc\nClient type: Confidential\nClient ID: {a40}\nOpenID Configuration URL: https://auth.{L6}.net/application/o/jellyfin/.well-known/openid-configuration\nJWKS URL: https://auth.{L6}.net/application/o/jellyfin/jwks/',
  ],
  [
    'home85-neg-jellyfin-server-id-system-info',
    '$ curl -s http://jellyfin.lan:8096/System/Info/Public\n{"LocalAddress":"http://172.18.0.5:8096","ServerName":"basement","Version":"10.9.11","ProductName":"Jellyfin Server","OperatingSystem":"","Id":"{h32}","StartupWizardCompleted":true}',
  ],
  [
    'home85-neg-jellyfin-item-ids-playback-log',
    '[21:14:09] [INF] [42] Jellyfin.Api.Helpers.MediaInfoHelper: User policy for anna. EnablePlaybackRemuxing: True EnableVideoPlaybackTranscoding: True\n[21:14:09] [INF] [42] MediaBrowser.MediaEncoding.Transcoding.TranscodeManager: /usr/lib/jellyfin-ffmpeg/ffmpeg -i file:"/media/tv/Severance/S02E01.mkv" ... /cache/transcodes/{h32}.m3u8\n[21:14:10] [INF] [42] Playback started, ItemId {h32}, SessionId {h32}',
  ],
  [
    'home85-neg-plex-machine-identifier-and-client-id',
    '$ curl -s http://192.168.1.50:32400/identity\n<MediaContainer size="0" claimed="1" machineIdentifier="{h40}" version="1.41.1.9057-{h9}"/>\nX-Plex-Client-Identifier: {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'home85-neg-plex-claim-docs-url',
    'PLEX_CLAIM: optional, get a claim token from https://www.plex.tv/claim (valid for 4 minutes) and set PLEX_CLAIM=claim-xxxxxxxxxxxxxxxxxxxx',
  ],
  [
    'home85-neg-sonarr-log-apikey-removed',
    '2024-11-03 21:14:09.3|Warn|HttpClient|HTTP Error - Res: HTTP/1.1 [GET] http://prowlarr:9696/1/api?t=tvsearch&cat=5030,5040&extended=1&apikey=(removed)&offset=0&limit=100: 429.TooManyRequests',
  ],
  [
    'home85-neg-arr-compose-env-refs',
    '  sonarr:\n    image: lscr.io/linuxserver/sonarr:4.0.10\n    environment:\n      - SONARR__AUTH__APIKEY=${SONARR_API_KEY}\n      - SONARR__POSTGRES__PASSWORD=${ARR_PG_PASSWORD}\n      - PUID=1000',
  ],
  [
    'home85-neg-recyclarr-secret-refs',
    'sonarr:\n  main:\n    base_url: !secret sonarr_main_url\n    api_key: !secret sonarr_main_apikey\n    quality_definition:\n      type: series',
  ],
  [
    'home85-neg-trash-guides-custom-format-trash-ids',
    '- trash_ids:\n    - {h32}  # x265 (HD)\n    - {h32}  # Upscaled\n    - {h32}  # BR-DISK\n  assign_scores_to:\n    - name: WEB-1080p\n      score: -10000',
  ],
  [
    'home85-neg-torrent-info-hash-magnet',
    'Stuck at "Downloading metadata": magnet:?xt=urn:btih:{h40}&dn=ubuntu-24.04.1-live-server-amd64.iso&tr=https%3A%2F%2Ftorrent.ubuntu.com%2Fannounce',
  ],
  [
    'home85-neg-tmdb-tvdb-imdb-ids',
    'Radarr import failed: Movie with TMDb ID {d6} (IMDb tt{d7}) not found; Sonarr series TVDb {d6} mapped to /tv/Severance (2022) [tvdbid-{d6}]',
  ],
  [
    'home85-neg-qbittorrent-pbkdf2-stored-hash-stated',
    '# qBittorrent.conf — the WebUI password is stored only as a salted PBKDF2 hash, not reversible:\n[Preferences]\nWebUI\\Username=admin\nWebUI\\Password_PBKDF2="@ByteArray({b22}==:{b86}==)"',
  ],
  [
    'home85-neg-qbittorrent-temp-password-log-docs',
    'Per the linuxserver docs: the WebUI prints a temporary password to the container log on first start ("A temporary password is provided for this session: <password>"), then you set your own in Options → Web UI.',
  ],
  [
    'home85-neg-transmission-rpc-password-hashed-stated',
    '# settings.json after restart — transmission salts and SHA1-hashes rpc-password itself, so this is the stored hash:\n"rpc-password": "{{h40}{h8}",\n"rpc-username": "tr",',
  ],
  [
    'home85-neg-pihole-pwhash-stated',
    '# /etc/pihole/pihole.toml — webserver.api.pwhash is the BALLOON-SHA256 hash Pi-hole stores for the password\n[webserver.api]\n  pwhash = "$BALLOON-SHA256$v=1$s=1024,t=32${b22}=${b43}="',
  ],
  [
    'home85-neg-pihole-adlists-domains',
    '$ pihole -q doubleclick.net\n Match found in https://raw.githubusercontent.com/StevenBlack/hosts/master/hosts:\n   doubleclick.net\n Match found in https://v.firebog.net/hosts/AdguardDNS.txt:\n   ad.doubleclick.net',
  ],
  [
    'home85-neg-pihole-docs-webpassword-text',
    "environment:\n  TZ: 'America/Chicago'\n  # WEBPASSWORD: 'set a secure password here or it will be random'\n  FTLCONF_webserver_api_password: ''",
  ],
  [
    'home85-neg-adguard-users-bcrypt-stated',
    '# AdGuardHome.yaml — AdGuard keeps only the bcrypt hash of the web password in `users`\nusers:\n  - name: admin\n    password: $2a$10${p53}',
  ],
  [
    'home85-neg-adguard-nextdns-upstream-ids',
    "upstream_dns:\n  - https://dns.nextdns.io/{h6}/adguard-home\n  - tls://{h6}.dns.nextdns.io\n  - '[/lan/]192.168.1.1'",
  ],
  [
    'home85-neg-traefik-basicauth-htpasswd-hash-stated',
    '    labels:\n      # value generated with `htpasswd -nB admin` — bcrypt hash, $ doubled for compose\n      - "traefik.http.middlewares.dash-auth.basicauth.users=admin:$$2y$$05$${p53}"',
  ],
  [
    'home85-neg-caddy-hash-password-basicauth-stated',
    '# password hashed with `caddy hash-password`; Caddy only ever sees the bcrypt hash\nbasicauth /admin/* {\n\tadmin $2a$14${p53}\n}',
  ],
  [
    'home85-neg-caddy-cloudflare-env-placeholder',
    '*.home.{L6}.dev {\n\ttls {\n\t\tdns cloudflare {env.CF_API_TOKEN}\n\t\tresolvers 1.1.1.1\n\t}\n}',
  ],
  [
    'home85-neg-traefik-cf-token-file-env',
    '    environment:\n      - CF_DNS_API_TOKEN_FILE=/run/secrets/cf_api_token\n      - CF_ZONE_API_TOKEN_FILE=/run/secrets/cf_api_token',
  ],
  [
    'home85-neg-cloudflare-zone-account-ids',
    'Zone ID: {h32}\nAccount ID: {h32}\nBoth are on the Overview page in the right sidebar; the API token is created under My Profile → API Tokens.',
  ],
  [
    'home85-neg-cloudflared-config-yml-credentials-path',
    'tunnel: {h8}-{h4}-4{h3}-b{h3}-{h12}\ncredentials-file: /home/nonroot/.cloudflared/{h8}-{h4}-4{h3}-b{h3}-{h12}.json\ningress:\n  - hostname: jelly.{L6}.net\n    service: http://jellyfin:8096\n  - service: http_status:404',
  ],
  [
    'home85-neg-npm-default-login-docs',
    'Default Administrator User\nEmail:    admin@example.com\nPassword: changeme\nImmediately after logging in with this default user you will be asked to modify your details and change your password.',
  ],
  [
    'home85-neg-duckdns-domain-only',
    '$ dig +short {L9}.duckdns.org\n{d2}.{d3}.{d2}.{d3}\n$ curl -sI https://{L9}.duckdns.org | head -1\nHTTP/2 200',
  ],
  [
    'home85-neg-letsencrypt-acme-account-and-serial',
    'acme: Registering account for admin@{L6}.de\n[INFO] acme: Account URL: https://acme-v02.api.letsencrypt.org/acme/acct/{d10}\n[INFO] [*.lab.{L6}.de] Server responded with a certificate. serial={h36}',
  ],
  [
    'home85-neg-wireguard-show-output',
    'interface: wg0\n  public key: {b43}=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b43}=\n  endpoint: {d2}.{d3}.{d2}.{d2}:51820\n  allowed ips: 10.8.0.2/32\n  latest handshake: 42 seconds ago',
  ],
  [
    'home85-neg-wireguard-peer-block-public-only',
    '[Peer]\n# phone\nPublicKey = {b43}=\nAllowedIPs = 10.8.0.3/32\nPersistentKeepalive = 25',
  ],
  [
    'home85-neg-wg-easy-password-hash-stated',
    '    environment:\n      - WG_HOST=vpn.{L6}.de\n      # wg-easy v14 takes a bcrypt hash, generated with `wgpw`; not the plaintext\n      - PASSWORD_HASH=$$2a$$12$${p53}',
  ],
  [
    'home85-neg-tailscale-status-nodekeys',
    '$ tailscale status --json | jq \'.Self | {HostName, PublicKey, TailscaleIPs}\'\n{\n  "HostName": "pve",\n  "PublicKey": "nodekey:{h64}",\n  "TailscaleIPs": ["100.{d2}.{d3}.{d2}", "fd7a:115c:a1e0::{h4}:{h4}"]\n}',
  ],
  [
    'home85-neg-tailscale-authkey-env-ref',
    '    environment:\n      - TS_AUTHKEY=${TS_AUTHKEY}\n      - TS_HOSTNAME=nas\n# docs: TS_AUTHKEY=tskey-auth-<key>  (or file:/run/secrets/ts_authkey)',
  ],
  [
    'home85-neg-headscale-nodes-list',
    '$ headscale nodes list\nID | Hostname | Name   | MachineKey | NodeKey  | User    | IP addresses                   | Ephemeral | Last seen\n1  | pve      | pve    | [{B6}] | [{B6}] | homelab | 100.64.0.1, fd7a:115c:a1e0::1 | false     | 2024-11-03 21:14:09',
  ],
  [
    'home85-neg-zerotier-network-and-node-ids',
    '$ zerotier-cli listnetworks\n200 listnetworks <nwid> <name> <mac> <status> <type> <dev> <ZT assigned ips>\n200 listnetworks {h16} homelab {h2}:{h2}:{h2}:{h2}:{h2}:{h2} OK PRIVATE ztks{l6} 10.147.17.5/24\n$ zerotier-cli info\n200 info {h10} 1.14.0 ONLINE',
  ],
  [
    'home85-neg-proxmox-token-id-no-secret',
    'root@pve:~# pveum user token list terraform@pve\n┌─────────┬─────────┬────────┬─────────┐\n│ tokenid │ comment │ expire │ privsep │\n╞═════════╪═════════╪════════╪═════════╡\n│ tf      │ opentofu│      0 │ 0       │\n└─────────┴─────────┴────────┴─────────┘',
  ],
  [
    'home85-neg-proxmox-tf-vars-ref',
    'provider "proxmox" {\n  pm_api_url          = var.pm_api_url\n  pm_api_token_id     = "terraform@pve!tf"\n  pm_api_token_secret = var.pm_api_token_secret\n}',
  ],
  [
    'home85-neg-pbs-fingerprint-only',
    'Datastore: datastore1 on 192.168.1.15\nFingerprint: {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}\nUsername: backup@pbs',
  ],
  [
    'home85-neg-truenas-pool-guids',
    '$ zpool status tank | head -8\n  pool: tank\n state: ONLINE\nconfig:\n\tNAME                                      STATE     READ WRITE CKSUM\n\ttank                                      ONLINE       0     0     0\n\t  raidz1-0                                ONLINE       0     0     0\n\t    {h8}-{h4}-{h4}-{h4}-{h12}  ONLINE       0     0     0',
  ],
  [
    'home85-neg-unraid-flash-guid-and-disk-serials',
    'Registration: Unraid OS Plus, GUID {H4}-{H4}-{H4}-{H12}\nDisk 1: WDC_WD140EDGZ-11B2DA2_{U8} (sdb)  14 TB\nParity: ST16000NM001G-2KK103_{U8} (sdc)  16 TB',
  ],
  [
    'home85-neg-docker-image-digests-compose',
    '  immich-server:\n    image: ghcr.io/immich-app/immich-server:v1.119.1@sha256:{h64}\n  database:\n    image: docker.io/tensorchord/pgvecto-rs:pg14-v0.2.0@sha256:{h64}',
  ],
  [
    'home85-neg-docker-ps-container-ids',
    "$ docker ps --no-trunc --format '{{.ID}} {{.Names}}' | head -3\n{h64} vaultwarden\n{h64} paperless-webserver-1\n{h64} frigate",
  ],
  [
    'home85-neg-portainer-admin-password-file',
    '  portainer:\n    image: portainer/portainer-ce:2.21.4\n    command: --admin-password-file /run/secrets/portainer_admin\n    secrets:\n      - portainer_admin',
  ],
  [
    'home85-neg-portainer-endpoint-ids',
    '$ curl -s -H "X-API-Key: $PORTAINER_TOKEN" https://portainer.lan:9443/api/endpoints | jq -c \'.[] | {Id, Name, Type}\'\n{"Id":2,"Name":"local","Type":1}\n{"Id":3,"Name":"pi5-agent","Type":2}',
  ],
  [
    'home85-neg-uptime-kuma-status-page-slug',
    'Status page: https://status.{L6}.home/status/homelab\nMonitors: 23 up, 1 down (Immich — HTTP 502)\nBadge: https://status.{L6}.home/api/badge/14/uptime/24',
  ],
  [
    'home85-neg-paperless-secret-key-file-env',
    'PAPERLESS_SECRET_KEY_FILE=/run/secrets/paperless_secret_key\nPAPERLESS_DBPASS_FILE=/run/secrets/paperless_dbpass\nPAPERLESS_URL=https://paperless.{L5}.home',
  ],
  [
    'home85-neg-paperless-document-checksums',
    '$ curl -s -H "Authorization: Token $PAPERLESS_TOKEN" "https://paperless.lan/api/documents/412/metadata/" | jq \'{original_checksum, archive_checksum}\'\n{\n  "original_checksum": "{h32}",\n  "archive_checksum": "{h32}"\n}',
  ],
  [
    'home85-neg-immich-env-docs-default-password',
    '# The database password, for the docs default below only use A-Za-z0-9 and change it before first start\nDB_PASSWORD=postgres\nDB_USERNAME=postgres\nDB_DATABASE_NAME=immich',
  ],
  [
    'home85-neg-immich-asset-ids-job-log',
    '[Nest] 7  - 11/03/2024, 9:14:09 PM     LOG [Microservices:MetadataService] Extracted metadata for asset {h8}-{h4}-4{h3}-a{h3}-{h12}\n[Nest] 7  - 11/03/2024, 9:14:09 PM    WARN [Microservices:MediaService] Thumbnail for asset {h8}-{h4}-4{h3}-8{h3}-{h12} already exists, skipping',
  ],
  [
    'home85-neg-syncthing-device-id',
    'Add this device on the NAS: {U7}-{U7}-{U7}-{U7}-{U7}-{U7}-{U7}-{U7}\n(Device IDs are not secret — they are derived from the device certificate.)',
  ],
  [
    'home85-neg-ssh-host-key-fingerprints',
    "The authenticity of host 'pve.lan (192.168.1.10)' can't be established.\nED25519 key fingerprint is SHA256:{b43}.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
  ],
  [
    'home85-neg-gotify-message-list',
    '$ curl -s "https://gotify.lan/application" -H "X-Gotify-Key: $GOTIFY_CLIENT_TOKEN" | jq -c \'.[] | {id, name}\'\n{"id":3,"name":"Backups"}\n{"id":4,"name":"Uptime Kuma"}',
  ],
  [
    'home85-neg-esphome-dashboard-url-and-chip-id',
    'INFO Successfully compiled program.\nINFO Connecting to 192.168.40.31 port 3232...\nINFO Uploading /data/build/garage-door/.pioenvs/garage-door/firmware.bin (912384 bytes)\nINFO Upload took 4.21 seconds, md5 {h32}',
  ],
  [
    'home85-neg-zwave-js-node-dsk-public',
    'Node 14 inclusion: S2 bootstrapping requested. DSK shown on device label: {d5}-{d5}-{d5}-{d5}-{d5}-{d5}-{d5}-{d5} (enter the first 5 digits to grant)',
  ],
  [
    'home85-neg-synapse-secret-paths',
    'registration_shared_secret_path: /data/secrets/registration_shared_secret\nmacaroon_secret_key_path: /data/secrets/macaroon_secret_key\nform_secret_path: /data/secrets/form_secret\nsigning_key_path: "/data/matrix.{L6}.home.signing.key"',
  ],
  [
    'home85-neg-restic-snapshots-ids',
    '$ restic snapshots --compact\nID        Time                 Host   Tags\n---------------------------------------------\n{h8}  2024-11-01 03:00:12  nas    appdata\n{h8}  2024-11-02 03:00:09  nas    appdata\n{h8}  2024-11-03 03:00:14  nas    appdata',
  ],
  [
    'home85-neg-forum-question-no-credentials',
    'Anyone else getting 401 from Sonarr after the v4 update? I rotated the API key in Settings → General and pasted the new one into Prowlarr (Settings → Apps → Sonarr → API Key), sync test is green but RSS grabs still 401. Running both in the same compose network.',
  ],
  [
    'home85-neg-ha-ollama-openai-conversation-env-ref',
    'openai_conversation:\n  api_key: !secret openai_api_key\nconversation_agent: conversation.openai\nextended_openai_conversation_base_url: http://ollama.lan:11434/v1',
  ],
];
