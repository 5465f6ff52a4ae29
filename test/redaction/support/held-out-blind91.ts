/** A ninety-first held-out batch, written blind: web hosting, DNS, certificates and mail servers (ACME clients and DNS plugins, DNS provider APIs, TSIG keys, hosting panels, Postfix/Dovecot/DKIM and mail clients, CDNs and object storage, FTP/SFTP deploys, WordPress, .htpasswd), with DNSSEC/TLSA/DKIM-public/ACME-id look-alikes as negatives. */
export const BLIND91_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'hd91-certbot-cloudflare-token-ini-sudo-cat',
    '$ sudo cat /etc/letsencrypt/cloudflare.ini\n# Cloudflare API token used by Certbot (Zone:DNS:Edit on acme.io)\ndns_cloudflare_api_token = «{B40}»',
  ],
  [
    'hd91-certbot-cloudflare-global-key-email-pair',
    '# ~/.secrets/certbot/cloudflare.ini  (legacy global key, chmod 600)\ndns_cloudflare_email = hostmaster@acme-shop.de\ndns_cloudflare_api_key = «{h37}»',
  ],
  ['hd91-certbot-digitalocean-ini-dop-token', '# /root/.secrets/certbot/digitalocean.ini\ndns_digitalocean_token = «dop_v1_{h64}»'],
  ['hd91-certbot-linode-ini-key-version', 'dns_linode_key = «{h64}»\ndns_linode_version = 4'],
  [
    'hd91-certbot-ovh-ini-three-keys',
    '# OVH API credentials used by Certbot\ndns_ovh_endpoint = ovh-eu\ndns_ovh_application_key = {a16}\ndns_ovh_application_secret = «{a32}»\ndns_ovh_consumer_key = «{a32}»',
  ],
  [
    'hd91-certbot-rfc2136-ini-hmac-sha512',
    '# Target DNS server\ndns_rfc2136_server = 192.0.2.53\ndns_rfc2136_port = 53\n# TSIG key name\ndns_rfc2136_name = certbot.\n# TSIG key secret\ndns_rfc2136_secret = «{b86}==»\ndns_rfc2136_algorithm = HMAC-SHA512',
  ],
  ['hd91-certbot-gandi-pat-ini', '$ cat /etc/letsencrypt/gandi/gandi.ini\n# live dns v5 personal access token\ndns_gandi_token=«{h40}»'],
  [
    'hd91-certbot-hetzner-ini-api-token',
    "dns_hetzner_api_token = «{a32}»\n# certbot certonly --authenticator dns-hetzner --dns-hetzner-credentials ~/.secrets/hetzner.ini -d '*.kaffee-ruegen.de'",
  ],
  ['hd91-certbot-porkbun-ini-pk1-sk1', 'dns_porkbun_key=«pk1_{h64}»\ndns_porkbun_secret=«sk1_{h64}»'],
  ['hd91-certbot-namecheap-ini-username-key', 'dns_namecheap_username=lindqvistweb\ndns_namecheap_api_key=«{h32}»'],
  [
    'hd91-certbot-godaddy-ini-key-and-secret',
    '# godaddy.ini for certbot-dns-godaddy\ndns_godaddy_secret = «{a22}»\ndns_godaddy_key    = «{a12}_{a22}»',
  ],
  ['hd91-certbot-dnsimple-ini-oauth-token', '# DNSimple API credentials used by Certbot\ndns_dnsimple_token = «{a32}»'],
  [
    'hd91-certbot-dnsmadeeasy-ini-secret-uuid',
    '# DNS Made Easy API credentials used by Certbot\ndns_dnsmadeeasy_api_key = {h8}-{h4}-{h4}-{h4}-{h12}\ndns_dnsmadeeasy_secret_key = «{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  ['hd91-certbot-luadns-ini-email-token', 'dns_luadns_email = dns@nordhavn.dk\ndns_luadns_token = «{h32}»'],
  ['hd91-certbot-nsone-ini-api-key', '# NS1 API credentials used by Certbot\ndns_nsone_api_key = «{a20}»'],
  [
    'hd91-certbot-sakuracloud-ini-token-secret',
    'dns_sakuracloud_api_token = {h8}-{h4}-{h4}-{h4}-{h12}\ndns_sakuracloud_api_secret = «{a64}»',
  ],
  [
    'hd91-certbot-desec-ini-token',
    '$ cat ~/.config/certbot/desec.ini\ndns_desec_token = «{B28}»\ndns_desec_endpoint = https://desec.io/api/v1/',
  ],
  ['hd91-certbot-duckdns-ini-uuid-token', '# certbot_dns_duckdns credentials\ndns_duckdns_token=«{h8}-{h4}-4{h3}-{h4}-{h12}»'],
  [
    'hd91-certbot-ionos-ini-prefix-secret',
    'dns_ionos_prefix = {h32}\ndns_ionos_secret = «{B86}»\ndns_ionos_endpoint = https://api.hosting.ionos.com',
  ],
  [
    'hd91-certbot-inwx-ini-password-and-totp',
    'dns_inwx_url           = https://api.domrobot.com/xmlrpc/\ndns_inwx_username      = meyer-hosting\ndns_inwx_password      = «{a20}»\ndns_inwx_shared_secret = «{c32}»',
  ],
  [
    'hd91-certbot-powerdns-ini-endpoint-key',
    '# /etc/letsencrypt/pdns-credentials.ini\ndns_pdns_endpoint = https://ns0.kolibri-it.nl:8081\ndns_pdns_api_key = «{a32}»\ndns_pdns_server_id = localhost',
  ],
  [
    'hd91-certbot-ispconfig-ini-remote-user',
    'dns_ispconfig_username = certbot_remote\ndns_ispconfig_password = «{a18}»\ndns_ispconfig_endpoint = https://panel.brauhaus-net.at:8080/remote/json.php',
  ],
  [
    'hd91-certbot-directadmin-ini-login-key',
    'directadmin_url = https://da1.webhost-riga.lv:2222\ndirectadmin_username = certbot\ndirectadmin_password = «{a48}»',
  ],
  [
    'hd91-certbot-cpanel-ini-api-token',
    '# cpanel.ini  (certbot-dns-cpanel)\ncpanel_url = https://cpanel.sunnyhill-hosting.com:2083\ncpanel_username = sunnyhil\ncpanel_token = «{U32}»',
  ],
  [
    'hd91-certbot-route53-aws-credentials-profile',
    '# /root/.aws/credentials -- only used by certbot --dns-route53\n[certbot]\naws_access_key_id = AKIA{U16}\naws_secret_access_key = «{b40}»',
  ],
  [
    'hd91-certbot-google-dns-service-account-json',
    '$ head -c 600 /etc/letsencrypt/google-dns.json\n{\n  "type": "service_account",\n  "project_id": "acme-dns-prod",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n-----END PRIVATE KEY-----\\n»",',
  ],
  [
    'hd91-certbot-chat-unsafe-permissions-warning-with-ini',
    'certbot says "Unsafe permissions on credentials configuration file: /etc/letsencrypt/cf.ini" and then fails on zone lookup. the file is just:\n\ndns_cloudflare_api_token = «{B40}»\n\ndo i need Zone:Read too?',
  ],
  [
    'hd91-certbot-dns-multi-ini-lego-provider',
    '# /etc/letsencrypt/dns-multi.ini  (certbot-dns-multi, lego provider names)\ndns_multi_provider = hetzner\nHETZNER_API_KEY=«{a32}»\nHETZNER_PROPAGATION_TIMEOUT=300',
  ],
  [
    'hd91-certbot-cloudflare-ini-heredoc-ansible-shell',
    "- name: write cloudflare credentials for certbot\n  ansible.builtin.shell: |\n    cat > /etc/letsencrypt/cloudflare.ini <<'EOF'\n    dns_cloudflare_api_token = «{B40}»\n    EOF\n    chmod 600 /etc/letsencrypt/cloudflare.ini",
  ],
  [
    'hd91-acmesh-account-conf-saved-cf-token',
    "$ cat ~/.acme.sh/account.conf\nLOG_FILE='/root/.acme.sh/acme.sh.log'\nAUTO_UPGRADE='1'\nSAVED_CF_Token='«{B40}»'\nSAVED_CF_Account_ID='{h32}'\nUSER_PATH='/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin'",
  ],
  [
    'hd91-acmesh-account-conf-saved-gd-key-secret',
    "ACCOUNT_EMAIL='certs@vela-design.it'\nSAVED_GD_Key='«{a12}_{a22}»'\nSAVED_GD_Secret='«{a22}»'\nDEFAULT_ACME_SERVER='https://acme-v02.api.letsencrypt.org/directory'",
  ],
  [
    'hd91-acmesh-export-do-api-key-issue',
    'export DO_API_KEY="«dop_v1_{h64}»"\nacme.sh --issue --dns dns_dgon -d osterwald.dev -d \'*.osterwald.dev\'',
  ],
  [
    'hd91-acmesh-export-linode-v4',
    'root@web1:~# export LINODE_V4_API_KEY=«{h64}»\nroot@web1:~# acme.sh --issue --dns dns_linode_v4 --dnssleep 90 -d mail.harbourline.co.nz',
  ],
  [
    'hd91-acmesh-export-hetzner-token',
    'export HETZNER_Token="«{a32}»"\n./acme.sh --issue --dns dns_hetzner -d bergblick-pension.at -d www.bergblick-pension.at',
  ],
  [
    'hd91-acmesh-export-porkbun-pair',
    'export PORKBUN_API_KEY="«pk1_{h64}»"\nexport PORKBUN_SECRET_API_KEY="«sk1_{h64}»"\nacme.sh --issue --dns dns_porkbun -d pixelwerk.studio',
  ],
  [
    'hd91-acmesh-export-ovh-ak-as-ck',
    'export OVH_END_POINT=ovh-eu\nexport OVH_AK="{a16}"\nexport OVH_AS="«{a32}»"\nexport OVH_CK="«{a32}»"\nacme.sh --issue --dns dns_ovh -d boulangerie-martin.fr',
  ],
  ['hd91-acmesh-export-namesilo-key', 'export Namesilo_Key="«{h24}»"\nacme.sh --issue --dns dns_namesilo --dnssleep 900 -d tinyforge.net'],
  [
    'hd91-acmesh-export-duckdns-uuid',
    'export DuckDNS_Token="«{h8}-{h4}-4{h3}-{h4}-{h12}»"\nacme.sh --issue --dns dns_duckdns -d homelab-kjell.duckdns.org',
  ],
  ['hd91-acmesh-account-conf-saved-desec', "SAVED_DEDYN_TOKEN='«{B28}»'\nSAVED_DEDYN_NAME='nas-haus.dedyn.io'"],
  [
    'hd91-acmesh-export-dynu-client-secret',
    'export Dynu_ClientId="{h8}-{h4}-{h4}-{h4}-{h12}"\nexport Dynu_Secret="«{a30}»"\nacme.sh --issue --dns dns_dynu -d camera.freeddns.org',
  ],
  ['hd91-acmesh-export-vultr-key', 'export VULTR_API_KEY="«{U36}»"\nacme.sh --issue --dns dns_vultr -d api.lumenbyte.io'],
  [
    'hd91-acmesh-export-pdns-token',
    'export PDNS_Url="http://ns1.internal.kraft.lan:8081"\nexport PDNS_ServerId="localhost"\nexport PDNS_Token="«{a32}»"\nexport PDNS_Ttl=60',
  ],
  [
    'hd91-acmesh-export-aliyun-secret',
    'export Ali_Key="LTAI5t{a18}"\nexport Ali_Secret="«{a30}»"\nacme.sh --issue --dns dns_ali -d shop.jinhua-tea.cn',
  ],
  [
    'hd91-acmesh-export-gandi-livedns-token',
    'export GANDI_LIVEDNS_TOKEN="«{h40}»"\nacme.sh --issue --dns dns_gandi_livedns -d \'*.petitcoin.fr\' -d petitcoin.fr',
  ],
  [
    'hd91-acmesh-export-netcup-apikey-apipw',
    'export NC_Apikey="«{a32}»"\nexport NC_Apipw="«{a40}»"\nexport NC_CID="{d6}"\nacme.sh --issue --dns dns_netcup -d nextcloud.familie-weber.de',
  ],
  [
    'hd91-acmesh-register-zerossl-eab-hmac',
    'acme.sh --register-account --server zerossl \\\n  --eab-kid {B22} \\\n  --eab-hmac-key «{B86}»',
  ],
  [
    'hd91-acmesh-account-key-pem-cat',
    '# cat ~/.acme.sh/ca/acme-v02.api.letsencrypt.org/directory/account.key\n«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b55}\n{b64}\n{b34}==\n-----END EC PRIVATE KEY-----»',
  ],
  [
    'hd91-acmesh-debug-log-bearer-header',
    "[Tue Jun 11 03:14:07 UTC 2024] _H1='Authorization: Bearer «{a40}»'\n[Tue Jun 11 03:14:07 UTC 2024] _post_url='https://api.hetzner.cloud/v1/zones'\n[Tue Jun 11 03:14:08 UTC 2024] ret='0'",
  ],
  [
    'hd91-acmesh-export-ispconfig-remote',
    'export ISPC_User="acme_remote"\nexport ISPC_Password="«{a22}»"\nexport ISPC_Api="https://ispconfig.vogel-it.de:8080/remote/json.php"\nexport ISPC_Api_Insecure=1',
  ],
  [
    'hd91-acmesh-export-cpanel-apitoken',
    'export cPanel_Username=bellavis\nexport cPanel_Apitoken="«{U32}»"\nexport cPanel_Hostname=https://server12.namehero.net:2083\nacme.sh --issue --dns dns_cpanel -d bellavista-trattoria.com',
  ],
  [
    'hd91-acmesh-export-directadmin-api-url',
    'export DA_Api="https://certuser:«{a32}»@da.hostbrook.eu:2222"\nexport DA_Api_Insecure=1\nacme.sh --issue --dns dns_da -d hostbrook.eu',
  ],
  [
    'hd91-acmesh-notify-telegram-bot-token',
    "SAVED_TELEGRAM_BOT_APITOKEN='«{d10}:AA{B33}»'\nSAVED_TELEGRAM_BOT_CHATID='-100{d10}'\nNOTIFY_HOOK='telegram'",
  ],
  [
    'hd91-lego-cloudflare-dns-api-token-run',
    "CLOUDFLARE_EMAIL=ops@stellarforge.io \\\nCLOUDFLARE_DNS_API_TOKEN=«{B40}» \\\nlego --email ops@stellarforge.io --dns cloudflare -d '*.stellarforge.io' -d stellarforge.io run",
  ],
  [
    'hd91-lego-gandiv5-pat-systemd-env',
    '[Service]\nType=oneshot\nEnvironment=GANDIV5_PERSONAL_ACCESS_TOKEN=«{h40}»\nExecStart=/usr/local/bin/lego --path /var/lib/lego --email it@lemarais.fr --dns gandiv5 -d lemarais.fr renew --days 30',
  ],
  [
    'hd91-lego-hetzner-api-key-docker-run',
    'docker run --rm -v "$PWD/.lego:/.lego" \\\n  -e HETZNER_API_KEY=«{a32}» \\\n  goacme/lego --email admin@fjellstua.no --dns hetzner -d fjellstua.no run',
  ],
  [
    'hd91-lego-ovh-env-file',
    '# /etc/lego/ovh.env\nOVH_ENDPOINT=ovh-eu\nOVH_APPLICATION_KEY={a16}\nOVH_APPLICATION_SECRET=«{a32}»\nOVH_CONSUMER_KEY=«{a32}»',
  ],
  [
    'hd91-lego-rfc2136-tsig-env',
    'export RFC2136_NAMESERVER=ns1.kasper-net.dk\nexport RFC2136_TSIG_ALGORITHM=hmac-sha256.\nexport RFC2136_TSIG_KEY=lego-update\nexport RFC2136_TSIG_SECRET=«{b43}=»\nlego --email hostmaster@kasper-net.dk --dns rfc2136 -d kasper-net.dk run',
  ],
  [
    'hd91-lego-pdns-api-key-url',
    'PDNS_API_URL=http://10.20.0.5:8081 PDNS_API_KEY=«{a24}» lego --dns pdns --email noc@hanse-it.de -d intranet.hanse-it.de run',
  ],
  [
    'hd91-lego-desec-token-compose-env',
    '    environment:\n      - DESEC_TOKEN=«{B28}»\n      - DESEC_PROPAGATION_TIMEOUT=180\n    command: --email mail@vogelsang.dedyn.io --dns desec -d vogelsang.dedyn.io run',
  ],
  [
    'hd91-lego-duckdns-token-inline',
    '$ DUCKDNS_TOKEN=«{h8}-{h4}-4{h3}-{h4}-{h12}» lego --email kim@proton.me --dns duckdns -d kimhome.duckdns.org run\n2024/05/02 19:44:12 [INFO] [kimhome.duckdns.org] acme: Obtaining bundled SAN certificate',
  ],
  [
    'hd91-lego-linode-token-gitlab-ci',
    'renew-certs:\n  image: goacme/lego:v4.17\n  variables:\n    LINODE_TOKEN: "«{h64}»"\n  script:\n    - lego --accept-tos --email ops@hollowpine.net --dns linode -d hollowpine.net run',
  ],
  ['hd91-lego-vultr-bunny-env-pair', 'VULTR_API_KEY=«{U36}»\nBUNNY_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'hd91-lego-eab-kid-hmac-flags',
    'lego --server https://acme.zerossl.com/v2/DV90 \\\n  --eab --kid {B22} --hmac «{B86}» \\\n  --email certs@tiefgang.de --dns cloudflare -d tiefgang.de run',
  ],
  [
    'hd91-lego-porkbun-dotenv',
    '# .env read by the renew container\nPORKBUN_API_KEY=«pk1_{h64}»\nPORKBUN_SECRET_API_KEY=«sk1_{h64}»\nLEGO_EMAIL=admin@birchwood.cafe',
  ],
  [
    'hd91-caddyfile-tls-dns-cloudflare-literal',
    '*.nordlicht.app, nordlicht.app {\n\ttls {\n\t\tdns cloudflare «{B40}»\n\t\tresolvers 1.1.1.1\n\t}\n\treverse_proxy 127.0.0.1:3000\n}',
  ],
  [
    'hd91-caddyfile-acme-dns-porkbun-block',
    '{\n\temail admin@wildflower.garden\n\tacme_dns porkbun {\n\t\tapi_key «pk1_{h64}»\n\t\tapi_secret_key «sk1_{h64}»\n\t}\n}',
  ],
  [
    'hd91-caddyfile-dns-hetzner-token',
    'home.kleinberg.cloud {\n\ttls {\n\t\tdns hetzner «{a32}»\n\t\tpropagation_delay 30s\n\t}\n\treverse_proxy homeassistant:8123\n}',
  ],
  [
    'hd91-caddy-json-dns-provider-api-token',
    '"challenges": {\n  "dns": {\n    "provider": {\n      "name": "cloudflare",\n      "api_token": "«{B40}»"\n    }\n  }\n}',
  ],
  [
    'hd91-caddyfile-acme-eab-mac-key',
    '{\n\tacme_ca https://acme.zerossl.com/v2/DV90\n\tacme_eab {\n\t\tkey_id {B22}\n\t\tmac_key «{B86}»\n\t}\n}',
  ],
  [
    'hd91-caddyfile-dns-duckdns-token',
    'jellyfin.ravn.duckdns.org {\n\ttls {\n\t\tdns duckdns «{h8}-{h4}-4{h3}-{h4}-{h12}»\n\t}\n\treverse_proxy localhost:8096\n}',
  ],
  [
    'hd91-caddyfile-dns-ovh-block',
    '\ttls {\n\t\tdns ovh {\n\t\t\tendpoint ovh-eu\n\t\t\tapplication_key {a16}\n\t\t\tapplication_secret «{a32}»\n\t\t\tconsumer_key «{a32}»\n\t\t}\n\t}',
  ],
  [
    'hd91-traefik-compose-cf-dns-api-token',
    '  traefik:\n    image: traefik:v3.0\n    command:\n      - --certificatesresolvers.le.acme.dnschallenge.provider=cloudflare\n      - --certificatesresolvers.le.acme.email=ops@kestrel.systems\n    environment:\n      - CF_DNS_API_TOKEN=«{B40}»',
  ],
  [
    'hd91-traefik-yml-eab-hmac-encoded',
    'certificatesResolvers:\n  zerossl:\n    acme:\n      caServer: https://acme.zerossl.com/v2/DV90\n      email: pki@falkenstein-media.de\n      storage: /letsencrypt/acme.json\n      eab:\n        kid: {B22}\n        hmacEncoded: «{B86}»\n      dnsChallenge:\n        provider: cloudflare',
  ],
  [
    'hd91-traefik-compose-ovh-env-block',
    '    environment:\n      OVH_ENDPOINT: ovh-eu\n      OVH_APPLICATION_KEY: {a16}\n      OVH_APPLICATION_SECRET: «{a32}»\n      OVH_CONSUMER_KEY: «{a32}»',
  ],
  [
    'hd91-traefik-k8s-secret-cloudflare-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: traefik-cloudflare\n  namespace: traefik\ntype: Opaque\nstringData:\n  CF_DNS_API_TOKEN: «{B40}»',
  ],
  [
    'hd91-traefik-acme-json-private-key',
    '$ jq \'.le.Account\' /letsencrypt/acme.json\n{\n  "Email": "ops@kestrel.systems",\n  "Registration": { "uri": "https://acme-v02.api.letsencrypt.org/acme/acct/{d10}" },\n  "PrivateKey": "«MIIJKQIBAAKCAgEA{b64}{b64}{b40}»",\n  "KeyType": "4096"\n}',
  ],
  [
    'hd91-certmanager-rfc2136-tsig-secret-k8s',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: tsig-secret\n  namespace: cert-manager\ndata:\n  tsig-secret-key: «{b60}»',
  ],
  [
    'hd91-certmanager-cloudflare-api-token-secret',
    "kubectl -n cert-manager create secret generic cloudflare-api-token-secret \\\n  --from-literal=api-token='«{B40}»'",
  ],
  [
    'hd91-namecheap-api-url-apikey-query',
    'curl -s "https://api.namecheap.com/xml.response?ApiUser=fennbrook&ApiKey=«{h32}»&UserName=fennbrook&Command=namecheap.domains.dns.getHosts&ClientIp=203.0.113.44&SLD=fennbrook&TLD=com"',
  ],
  [
    'hd91-namecheap-ddns-password-update-url',
    '*/10 * * * * curl -fsS "https://dynamicdns.park-your-domain.com/update?host=vpn&domain=fennbrook.com&password=«{h32}»" >/dev/null',
  ],
  [
    'hd91-godaddy-sso-key-curl-records',
    'curl -X PUT "https://api.godaddy.com/v1/domains/tallgrass.coffee/records/A/@" \\\n  -H "Authorization: sso-key «{a12}_{a22}»:«{a22}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'[{"data":"198.51.100.23","ttl":600}]\'',
  ],
  [
    'hd91-porkbun-json-body-curl-create',
    'curl -X POST https://api.porkbun.com/api/json/v3/dns/create/lichtfeld.art \\\n  -d \'{"secretapikey":"«sk1_{h64}»","apikey":"«pk1_{h64}»","name":"_acme-challenge","type":"TXT","content":"{B43}","ttl":"600"}\'',
  ],
  [
    'hd91-gandi-bearer-pat-livedns-curl',
    'curl -H "Authorization: Bearer «{h40}»" \\\n  https://api.gandi.net/v5/livedns/domains/chezpaulette.fr/records',
  ],
  [
    'hd91-gandi-legacy-apikey-header',
    'curl -s -H "Authorization: Apikey «{a24}»" https://api.gandi.net/v5/livedns/domains | jq \'.[].fqdn\'',
  ],
  [
    'hd91-ovh-python-client-kwargs',
    'import ovh\n\nclient = ovh.Client(\n    endpoint="ovh-eu",\n    application_key="{a16}",\n    application_secret="«{a32}»",\n    consumer_key="«{a32}»",\n)\nprint(client.get("/domain/zone/atelier-dubois.fr/record", fieldType="TXT"))',
  ],
  [
    'hd91-ovh-conf-file',
    '; ~/.ovh.conf\n[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key={a16}\napplication_secret=«{a32}»\nconsumer_key=«{a32}»',
  ],
  [
    'hd91-hetzner-dns-auth-api-token-curl',
    'curl "https://dns.hetzner.com/api/v1/records?zone_id={a22}" \\\n     -H \'Auth-API-Token: «{a32}»\'',
  ],
  [
    'hd91-hetzner-cloud-token-hcloud-cli-toml',
    '# ~/.config/hcloud/cli.toml\nactive_context = "prod"\n\n[[contexts]]\n  name = "prod"\n  token = "«{a64}»"',
  ],
  [
    'hd91-doctl-config-yaml-access-token',
    '$ cat ~/.config/doctl/config.yaml\naccess-token: «dop_v1_{h64}»\ncontext: default\noutput: text',
  ],
  [
    'hd91-linode-cli-config-token',
    '[DEFAULT]\ndefault-user = eirikm\n\n[eirikm]\ntoken = «{h64}»\nregion = eu-central\ntype = g6-nanode-1',
  ],
  ['hd91-vultr-cli-yaml-api-key', '# ~/.vultr-cli.yaml\napi-key: «{U36}»\noutput: json'],
  [
    'hd91-desec-token-curl-rrsets',
    'curl -X PATCH https://desec.io/api/v1/domains/kleingarten.dedyn.io/rrsets/ \\\n    --header "Authorization: Token «{B28}»" \\\n    --header "Content-Type: application/json" --data @- <<< \'[{"subname":"www","type":"A","ttl":3600,"records":["192.0.2.17"]}]\'',
  ],
  ['hd91-desec-dyndns-basic-url', 'curl --user kleingarten.dedyn.io:«{B28}» https://update.dedyn.io/'],
  [
    'hd91-duckdns-cron-update-token',
    '# crontab -l\n*/5 * * * * echo url="https://www.duckdns.org/update?domains=pelle-nas&token=«{h8}-{h4}-4{h3}-{h4}-{h12}»&ip=" | curl -k -o ~/duckdns/duck.log -K -',
  ],
  [
    'hd91-duckdns-nginx-access-log-token',
    '192.0.2.10 - - [12/Jun/2024:04:00:01 +0000] "GET /update?domains=pelle-nas&token=«{h8}-{h4}-4{h3}-{h4}-{h12}»&verbose=true HTTP/1.1" 200 33 "-" "curl/7.88.1"',
  ],
  [
    'hd91-ddclient-dynu-password',
    "# /etc/ddclient.conf\ndaemon=300\nuse=web, web=checkip.dynu.com/, web-skip='IP Address'\nserver=api.dynu.com\nprotocol=dyndns2\nlogin=larsen-home\npassword=«{a20}»\nlarsen.ddnsfree.com",
  ],
  ['hd91-dynu-api-key-header-curl', 'curl -X GET https://api.dynu.com/v2/dns -H "accept: application/json" -H "API-Key: «{a30}»"'],
  [
    'hd91-noip-update-url-user-password',
    'curl -s "https://bjornsen:«{a16}»@dynupdate.no-ip.com/nic/update?hostname=bjornsen.ddns.net&myip=203.0.113.91"',
  ],
  [
    'hd91-pdns-conf-api-key-webserver-password',
    '# /etc/powerdns/pdns.conf\napi=yes\napi-key=«{a32}»\nwebserver=yes\nwebserver-address=0.0.0.0\nwebserver-password=«{a20}»\nwebserver-allow-from=10.0.0.0/8',
  ],
  [
    'hd91-pdns-curl-x-api-key-patch',
    'curl -X PATCH --data \'{"rrsets":[{"name":"test1.lokal.net.","type":"A","ttl":60,"changetype":"REPLACE","records":[{"content":"10.1.1.5","disabled":false}]}]}\' \\\n  -H \'X-API-Key: «{a32}»\' http://127.0.0.1:8081/api/v1/servers/localhost/zones/lokal.net.',
  ],
  [
    'hd91-bind-named-conf-tsig-key-block',
    'key "certbot." {\n        algorithm hmac-sha512;\n        secret "«{b86}==»";\n};\n\nzone "harrow-lane.org" {\n        type primary;\n        file "/var/lib/bind/db.harrow-lane.org";\n        update-policy { grant certbot. name _acme-challenge.harrow-lane.org. txt; };\n};',
  ],
  ['hd91-bind-rndc-key-cat', '$ sudo cat /etc/bind/rndc.key\nkey "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret "«{b43}=»";\n};'],
  [
    'hd91-bind-rndc-conf-legacy-md5',
    '# Start of rndc.conf\nkey "rndc-key" {\n\talgorithm hmac-md5;\n\tsecret "«{b22}==»";\n};\noptions {\n\tdefault-key "rndc-key";\n\tdefault-server 127.0.0.1;\n\tdefault-port 953;\n};',
  ],
  [
    'hd91-nsupdate-y-inline-key',
    'nsupdate -y hmac-sha256:ddns-key.home.arpa:«{b43}=» <<EOF\nserver 10.0.0.2\nzone home.arpa\nupdate delete printer.home.arpa A\nupdate add printer.home.arpa 300 A 10.0.0.77\nsend\nEOF',
  ],
  [
    'hd91-tsig-keygen-output',
    '$ tsig-keygen -a hmac-sha256 externaldns\nkey "externaldns" {\n\talgorithm hmac-sha256;\n\tsecret "«{b43}=»";\n};',
  ],
  [
    'hd91-dnssec-keygen-private-file-ecdsa',
    '$ cat Kzeitgeist.org.+013+{d5}.private\nPrivate-key-format: v1.3\nAlgorithm: 13 (ECDSAP256SHA256)\nPrivateKey: «{b43}=»\nCreated: 20240301101500\nPublish: 20240301101500\nActivate: 20240301101500',
  ],
  [
    'hd91-knot-conf-tsig-key-secret',
    'key:\n  - id: acme-update\n    algorithm: hmac-sha256\n    secret: «{b43}=»\nacl:\n  - id: acme_acl\n    key: acme-update\n    action: update',
  ],
  [
    'hd91-external-dns-rfc2136-args',
    '        args:\n          - --provider=rfc2136\n          - --rfc2136-host=10.43.0.53\n          - --rfc2136-zone=k8s.oakridge.lan\n          - --rfc2136-tsig-secret=«{b43}=»\n          - --rfc2136-tsig-secret-alg=hmac-sha256\n          - --rfc2136-tsig-keyname=externaldns-key',
  ],
  [
    'hd91-cloudflare-api-curl-dns-record-bearer',
    'curl https://api.cloudflare.com/client/v4/zones/{h32}/dns_records \\\n  -H \'Content-Type: application/json\' \\\n  -H \'Authorization: Bearer «{B40}»\' \\\n  -d \'{"type":"CNAME","name":"status","content":"statuspage.betteruptime.com","proxied":false}\'',
  ],
  [
    'hd91-cloudflare-x-auth-key-curl',
    'curl -s -X GET "https://api.cloudflare.com/client/v4/zones?name=copperleaf.io" \\\n  -H "X-Auth-Email: it@copperleaf.io" \\\n  -H "X-Auth-Key: «{h37}»"',
  ],
  [
    'hd91-he-dyndns-curl-password-field',
    'curl -4 "https://dyn.dns.he.net/nic/update" -d "hostname=gw.ottesen.no" -d "password=«{a16}»" -d "myip=198.51.100.200"',
  ],
  [
    'hd91-cloudns-auth-password-python',
    'params = {\n    "auth-id": 31337,\n    "auth-password": "«{a24}»",\n    "domain-name": "sundial-games.com",\n}\nr = requests.get("https://api.cloudns.net/dns/records.json", params=params)',
  ],
  [
    'hd91-porkbun-python-requests-ping',
    'creds = {"apikey": "«pk1_{h64}»", "secretapikey": "«sk1_{h64}»"}\nr = requests.post("https://api.porkbun.com/api/json/v3/ping", json=creds, timeout=10)\nprint(r.json()["yourIp"])',
  ],
  [
    'hd91-terraform-cloudflare-provider-token',
    'provider "cloudflare" {\n  api_token = "«{B40}»"\n}\n\nresource "cloudflare_record" "mx" {\n  zone_id  = var.zone_id\n  name     = "@"\n  type     = "MX"\n  content  = "mx1.improvmx.com"\n  priority = 10\n}',
  ],
  [
    'hd91-octodns-config-literal-token',
    'providers:\n  config:\n    class: octodns.provider.yaml.YamlProvider\n    directory: ./zones\n  cloudflare:\n    class: octodns_cloudflare.CloudflareProvider\n    token: «{B40}»',
  ],
  [
    'hd91-ddclient-cloudflare-token-password',
    '# ddclient.conf\nprotocol=cloudflare, \\\nzone=tinkerbox.io, \\\nttl=1, \\\nlogin=token, \\\npassword=«{B40}» \\\nhome.tinkerbox.io',
  ],
  [
    'hd91-inadyn-conf-freedns-password',
    '# /etc/inadyn.conf\nperiod = 300\nprovider freedns.afraid.org {\n    username = mosshollow\n    password = «{a18}»\n    hostname = mosshollow.mooo.com\n}',
  ],
  [
    'hd91-cpanel-uapi-curl-authorization-header',
    "curl -H'Authorization: cpanel orchidsp:«{U32}»' 'https://orchidspa.ca:2083/execute/Email/list_pops'",
  ],
  [
    'hd91-whm-api-token-create-json-output',
    '$ whmapi1 --output=jsonpretty api_token_create token_name=deploybot\n{\n   "data" : {\n      "create_time" : 1717489201,\n      "name" : "deploybot",\n      "token" : "«{U32}»"\n   },\n   "metadata" : { "command" : "api_token_create", "reason" : "OK", "result" : 1, "version" : 1 }\n}',
  ],
  [
    'hd91-whm-curl-root-token',
    'curl -sk -H "Authorization: whm root:«{U32}»" "https://vps214.hostpoint-cloud.ch:2087/json-api/listaccts?api.version=1"',
  ],
  [
    'hd91-cpanel-python-session-token-const',
    'CPANEL_HOST = "https://s42.webhotel-nord.dk:2083"\nCPANEL_USER = "bagerkra"\nCPANEL_TOKEN = "«{U32}»"\nheaders = {"Authorization": f"cpanel {CPANEL_USER}:{CPANEL_TOKEN}"}',
  ],
  [
    'hd91-plesk-x-api-key-curl',
    'curl -X GET "https://plesk.fernweh-hosting.de:8443/api/v2/domains" \\\n  -H "accept: application/json" \\\n  -H "X-API-Key: «{h8}-{h4}-4{h3}-{h4}-{h12}»"',
  ],
  [
    'hd91-plesk-secret-key-create-output',
    '[root@plesk ~]# plesk bin secret_key -c -ip-address 203.0.113.12 -description "monitoring"\n«{h8}-{h4}-4{h3}-{h4}-{h12}»',
  ],
  [
    'hd91-plesk-rest-basic-admin-password',
    'curl -k -u admin:«{a18}» -X POST https://203.0.113.12:8443/api/v2/cli/site/call -d \'{"params":["--list"]}\'',
  ],
  ['hd91-directadmin-login-key-curl', 'curl -s --user "resellerx:«{a64}»" "https://srv3.hostinglab.pl:2222/CMD_API_SHOW_USERS"'],
  [
    'hd91-directadmin-api-python-client',
    'DA_URL = "https://srv3.hostinglab.pl:2222"\nDA_USER = "resellerx"\nDA_PASS = "«{a32}»"  # login key, restricted to CMD_API_DNS_CONTROL\nresp = requests.get(f"{DA_URL}/CMD_API_DNS_CONTROL", params={"domain": "kwiaciarnia-ola.pl"}, auth=(DA_USER, DA_PASS))',
  ],
  [
    'hd91-ispconfig-remote-php-soap-password',
    "<?php\n$username = 'remote_deploy';\n$password = '«{a20}»';\n$soap_location = 'https://panel.vogel-it.de:8080/remote/index.php';\n$soap_uri = 'https://panel.vogel-it.de:8080/remote/';\n$client = new SoapClient(null, array('location' => $soap_location, 'uri' => $soap_uri));\n$session_id = $client->login($username, $password);",
  ],
  [
    'hd91-webmin-changepass-command',
    'root@vps:~# /usr/share/webmin/changepass.pl /etc/webmin root «{a16}»\nUpdated password of Webmin user root',
  ],
  [
    'hd91-virtualmin-create-domain-pass',
    'virtualmin create-domain --domain bakkerij-devries.nl --pass \'«{a18}»\' --desc "Bakkerij de Vries" --unix --dir --web --dns --mail --limits-from-plan',
  ],
  [
    'hd91-virtualmin-remote-cgi-url-creds',
    "wget -O - --quiet --http-user=root --http-passwd=«{a20}» --no-check-certificate 'https://vm.hostdeck.io:10000/virtual-server/remote.cgi?program=list-domains&multiline='",
  ],
  [
    'hd91-hestiacp-access-key-secret-curl',
    'curl -s -X POST https://hestia.krone-web.de:8083/api/ \\\n  -d "hash={a20}:«{a40}»" -d "returncode=yes" -d "cmd=v-list-web-domains" -d "arg1=admin" -d "arg2=json"',
  ],
  [
    'hd91-whmcs-api-identifier-secret-php',
    "$postfields = array(\n    'identifier' => '{a32}',\n    'secret' => '«{a32}»',\n    'action' => 'GetClientsDomains',\n    'responsetype' => 'json',\n);",
  ],
  [
    'hd91-postfix-sasl-passwd-sendgrid-apikey',
    '$ sudo cat /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:«SG.{B22}.{B43}»\n$ sudo postmap /etc/postfix/sasl_passwd',
  ],
  ['hd91-postfix-sasl-passwd-gmail-app-password', '[smtp.gmail.com]:587    haraldsen.foto@gmail.com:«{L4}{L4}{L4}{L4}»'],
  ['hd91-postfix-sasl-passwd-ses-smtp', '# /etc/postfix/sasl_passwd\n[email-smtp.eu-west-1.amazonaws.com]:587 AKIA{U16}:«B{b43}»'],
  ['hd91-postfix-sasl-passwd-mailgun', '[smtp.eu.mailgun.org]:587 postmaster@mg.zinnober.de:«{h32}-{h8}-{h8}»'],
  ['hd91-postfix-sasl-passwd-brevo-smtp-key', '[smtp-relay.brevo.com]:587 {h8}@smtp-brevo.com:«xsmtpsib-{h64}-{a16}»'],
  [
    'hd91-postfix-relayhost-main-cf-and-sasl-session',
    "root@mx:~# grep -E '^(relayhost|smtp_sasl)' /etc/postfix/main.cf\nrelayhost = [smtp.postmarkapp.com]:587\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nroot@mx:~# cat /etc/postfix/sasl_passwd\n[smtp.postmarkapp.com]:587 «{h8}-{h4}-4{h3}-{h4}-{h12}»:«{h8}-{h4}-4{h3}-{h4}-{h12}»",
  ],
  [
    'hd91-postfix-mysql-virtual-maps-password',
    "# /etc/postfix/mysql-virtual-mailbox-domains.cf\nuser = mailuser\npassword = «{a24}»\nhosts = 127.0.0.1\ndbname = mailserver\nquery = SELECT 1 FROM virtual_domains WHERE name='%s'",
  ],
  [
    'hd91-dovecot-passwd-file-sha512-crypt',
    '# /etc/dovecot/users\nanna@lindenhof.at:{SHA512-CRYPT}«$6${p16}${p86}»:5000:5000::/var/vmail/lindenhof.at/anna::',
  ],
  ['hd91-dovecot-passwd-file-argon2id', 'jonas@kranich.dev:{ARGON2ID}«$argon2id$v=19$m=65536,t=3,p=1${b22}${b43}»'],
  ['hd91-dovecot-static-passdb-password', 'passdb {\n  driver = static\n  args = nopassword=no password=«{a20}»\n}'],
  [
    'hd91-dovecot-sql-ext-connect-pgsql',
    '# /etc/dovecot/dovecot-sql.conf.ext\ndriver = pgsql\nconnect = host=127.0.0.1 dbname=vmail user=vmail password=«{a24}»\ndefault_pass_scheme = SHA512-CRYPT',
  ],
  ['hd91-dovecot-master-users-file', '# /etc/dovecot/master-users\nbackupadmin:{PLAIN}«{a22}»'],
  [
    'hd91-exim-passwd-client-smarthost',
    '# /etc/exim4/passwd.client\n# target.mail.server.example:login:password\n*.smtp2go.com:relay@brightfield.org.uk:«{a20}»',
  ],
  ['hd91-exim-mysql-servers-line', 'hide mysql_servers = localhost/exim/exim/«{a22}»'],
  [
    'hd91-exim-authenticator-client-send',
    'begin authenticators\nsmarthost_login:\n  driver = plaintext\n  public_name = LOGIN\n  hide client_send = : relay@oakfield.co.uk : «{a18}»',
  ],
  [
    'hd91-opendkim-private-key-cat',
    '$ sudo cat /etc/opendkim/keys/waldhaus.ch/mail.private\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b56}\n{b64}\n{b64}\n{b64}\n{b40}\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'hd91-rspamd-dkim-keygen-output-private',
    '$ rspamadm dkim_keygen -s 2024a -d grauwerk.de -b 2048\n«-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b32}\n-----END PRIVATE KEY-----»\n2024a._domainkey IN TXT ( "v=DKIM1; k=rsa; "\n\t"p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b60}"\n\t"{b60}IDAQAB"\n) ;',
  ],
  [
    'hd91-rspamd-controller-plain-password',
    '# /etc/rspamd/local.d/worker-controller.inc\npassword = "«{a20}»";\nenable_password = "«{a20}»";\nbind_socket = "127.0.0.1:11334";',
  ],
  [
    'hd91-rspamd-ed25519-dkim-private-in-map',
    '# /var/lib/rspamd/dkim/ed.key\n«-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI{b27}\n-----END PRIVATE KEY-----»',
  ],
  [
    'hd91-mailcow-conf-db-redis-pass',
    '# mailcow.conf\nMAILCOW_HOSTNAME=mail.hochwald.eu\nDBNAME=mailcow\nDBUSER=mailcow\nDBPASS=«{a28}»\nDBROOT=«{a28}»\nREDISPASS=«{a28}»',
  ],
  [
    'hd91-mailcow-api-key-curl-mailbox',
    'curl -X GET "https://mail.hochwald.eu/api/v1/get/mailbox/all" \\\n  -H "accept: application/json" \\\n  -H "X-API-Key: «{H6}-{H6}-{H6}-{H6}-{H6}»"',
  ],
  [
    'hd91-mailinabox-admin-curl-basic',
    'curl -X POST --user "admin@box.seelandhof.de:«{a20}»" \\\n  -d "email=info@seelandhof.de" -d "password=«{a16}»" \\\n  https://box.seelandhof.de/admin/mail/users/add',
  ],
  [
    'hd91-roundcube-des-key-and-db-dsnw',
    "$config['db_dsnw'] = 'mysql://roundcube:«{a20}»@localhost/roundcubemail';\n$config['imap_host'] = 'ssl://mail.kirschgarten.de:993';\n$config['smtp_host'] = 'tls://mail.kirschgarten.de:587';\n$config['des_key'] = '«{a24}»';",
  ],
  [
    'hd91-msmtprc-gmail-app-password',
    '# ~/.msmtprc\ndefaults\nauth           on\ntls            on\ntls_trust_file /etc/ssl/certs/ca-certificates.crt\nlogfile        ~/.msmtp.log\n\naccount        gmail\nhost           smtp.gmail.com\nport           587\nfrom           nilsbakken@gmail.com\nuser           nilsbakken@gmail.com\npassword       «{L16}»',
  ],
  [
    'hd91-msmtprc-fastmail-app-password',
    'account fastmail\nhost smtp.fastmail.com\nport 465\ntls_starttls off\nuser ingrid@fastmail.fm\npassword «{l16}»\naccount default : fastmail',
  ],
  [
    'hd91-fetchmailrc-poll-imap-ssl',
    '# ~/.fetchmailrc\nset daemon 300\npoll imap.strato.de with proto IMAP\n  user "post@tischlerei-berg.de" there with password "«{a18}»" is "berg" here\n  options ssl keep',
  ],
  [
    'hd91-muttrc-smtp-url-embedded-password',
    'set from = "rasmus@kvist.dk"\nset smtp_url = "smtps://rasmus@kvist.dk:«{a20}»@smtp.one.com:465/"\nset imap_user = "rasmus@kvist.dk"',
  ],
  [
    'hd91-neomuttrc-imap-pass-fastmail',
    'set folder = "imaps://imap.fastmail.com:993"\nset imap_user = "sofie@fastmail.com"\nset imap_pass = "«{l16}»"\nset spoolfile = "+INBOX"',
  ],
  [
    'hd91-offlineimaprc-remotepass',
    '[Repository work-remote]\ntype = IMAP\nremotehost = outlook.office365.com\nremoteuser = t.halvorsen@fjordkraft-bygg.no\nremotepass = «{a16}»\nsslcacertfile = /etc/ssl/certs/ca-certificates.crt',
  ],
  [
    'hd91-mbsyncrc-pass-line',
    'IMAPAccount posteo\nHost posteo.de\nUser mathilde@posteo.net\nPass «{a18}»\nSSLType IMAPS\nCertificateFile /etc/ssl/certs/ca-certificates.crt',
  ],
  [
    'hd91-aerc-accounts-conf-source-url',
    '[Work]\nsource   = imaps://frederik%40lysgaard.dk:«{a20}»@imap.one.com:993\noutgoing = smtps://frederik%40lysgaard.dk:«{a20}»@send.one.com:465\ndefault  = INBOX\nfrom     = Frederik Lysgaard <frederik@lysgaard.dk>',
  ],
  [
    'hd91-swaks-auth-password-flag',
    "swaks --to check@mail-tester.com --from noreply@glasshouse.studio \\\n  --server smtp.zoho.eu:587 --tls \\\n  --auth LOGIN --auth-user noreply@glasshouse.studio --auth-password '«{a18}»'",
  ],
  [
    'hd91-sendmail-authinfo-line',
    '# /etc/mail/authinfo\nAuthInfo:smtp.ionos.de "U:smtp@feldhaus.de" "I:smtp@feldhaus.de" "P:«{a20}»" "M:PLAIN"',
  ],
  [
    'hd91-opensmtpd-secrets-table',
    '# /etc/mail/secrets\nrelayauth relay@moorland.net:«{a22}»\n# smtpd.conf: action "relay" relay host smtp+tls://relayauth@smtp.mailbox.org:587 auth <secrets>',
  ],
  [
    'hd91-mailgun-api-key-curl-messages',
    "curl -s --user 'api:«key-{h32}»' \\\n    https://api.eu.mailgun.net/v3/mg.hollyhock.shop/messages \\\n    -F from='Hollyhock <orders@mg.hollyhock.shop>' \\\n    -F to=kunde@gmx.de -F subject='Bestellung' -F text='Danke!'",
  ],
  [
    'hd91-postfixadmin-config-local-db-password',
    "<?php\n$CONF['configured'] = true;\n$CONF['database_type'] = 'mysqli';\n$CONF['database_user'] = 'postfixadmin';\n$CONF['database_password'] = '«{a22}»';\n$CONF['database_name'] = 'postfixadmin';",
  ],
  [
    'hd91-dovecot-doveadm-http-api-key',
    '# conf.d/99-doveadm.conf\ndoveadm_api_key = «{a32}»\nservice doveadm {\n  inet_listener http {\n    port = 8080\n  }\n}',
  ],
  [
    'hd91-postfix-log-debug-auth-plain-base64',
    'Jun 12 08:03:55 mx postfix/smtp[2211]: > smtp.office365.com[52.97.0.1]:587: AUTH PLAIN «{b48}»\nJun 12 08:03:55 mx postfix/smtp[2211]: < smtp.office365.com[52.97.0.1]:587: 235 2.7.0 Authentication successful',
  ],
  [
    'hd91-bunny-accesskey-purge-curl',
    'curl -X POST "https://api.bunny.net/purge?url=https%3A%2F%2Fcdn.lichtblick.media%2Fcss%2Fapp.css" \\\n  -H "AccessKey: «{h8}-{h4}-{h4}-{h4}-{h12}{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'hd91-bunny-storage-zone-password-put',
    "curl --request PUT \\\n  --url https://storage.bunnycdn.com/lichtblick-assets/img/hero.webp \\\n  --header 'AccessKey: «{h8}-{h4}-{h4}-{h4}-{h12}-{h4}-{h4}»' \\\n  --header 'Content-Type: application/octet-stream' --data-binary @hero.webp",
  ],
  [
    'hd91-bunny-storage-ftp-lftp-mirror',
    'lftp -u lichtblick-assets,«{h8}-{h4}-{h4}-{h4}-{h12}-{h4}-{h4}» storage.bunnycdn.com -e "mirror -R --delete ./dist / ; quit"',
  ],
  ['hd91-keycdn-api-key-basic-purge', 'curl "https://api.keycdn.com/zones/purge/{d6}.json" -u «{a32}»: -X GET'],
  ['hd91-fastly-key-purge-all-curl', 'curl -X POST -H "Fastly-Key: «{B32}»" https://api.fastly.com/service/{a22}/purge_all'],
  [
    'hd91-fastly-cli-config-profile-token',
    '# ~/.config/fastly/config.toml\n[profile.default]\ndefault = true\nemail = "web@nightjar.io"\ntoken = "«{B32}»"',
  ],
  ['hd91-b2-authorize-account-cli', '$ b2 account authorize 005{h22} «K005{a27}»\nUsing https://api.backblazeb2.com'],
  ['hd91-rclone-b2-remote-config', '[b2-backup]\ntype = b2\naccount = 005{h22}\nkey = «K005{a27}»\nhard_delete = true'],
  [
    'hd91-rclone-wasabi-s3-remote',
    '[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = {U20}\nsecret_access_key = «{a40}»\nendpoint = s3.eu-central-2.wasabisys.com',
  ],
  [
    'hd91-rclone-r2-remote-config',
    '[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {h32}\nsecret_access_key = «{h64}»\nendpoint = https://{h32}.r2.cloudflarestorage.com\nacl = private',
  ],
  [
    'hd91-s3cmd-s3cfg-wasabi',
    '[default]\naccess_key = {U20}\nsecret_key = «{a40}»\nhost_base = s3.wasabisys.com\nhost_bucket = %(bucket)s.s3.wasabisys.com\nuse_https = True',
  ],
  ['hd91-rclone-sftp-obscured-pass', '[webhost]\ntype = sftp\nhost = ssh.strato.de\nuser = stu{d9}\npass = «{B38}»\nshell_type = unix'],
  [
    'hd91-wrangler-pages-deploy-token-gha',
    '      - name: Deploy to Cloudflare Pages\n        run: npx wrangler pages deploy dist --project-name=harbor-docs\n        env:\n          CLOUDFLARE_API_TOKEN: «{B40}»\n          CLOUDFLARE_ACCOUNT_ID: {h32}',
  ],
  [
    'hd91-netlify-auth-token-deploy',
    'NETLIFY_AUTH_TOKEN=«nfp_{a36}» NETLIFY_SITE_ID={h8}-{h4}-{h4}-{h4}-{h12} npx netlify deploy --prod --dir=public',
  ],
  ['hd91-cloudflare-origin-ca-key-env', 'CF_ORIGIN_CA_KEY=«v1.0-{h24}-{h146}»'],
  [
    'hd91-filezilla-sitemanager-base64-pass-xml',
    '<Server>\n    <Host>ftp.kunstschule-ahrens.de</Host>\n    <Port>21</Port>\n    <Protocol>0</Protocol>\n    <Type>0</Type>\n    <User>web{d6}</User>\n    <Pass encoding="base64">«{b24}»</Pass>\n    <Logontype>1</Logontype>\n    <Name>Kunstschule live</Name>\n</Server>',
  ],
  [
    'hd91-lftp-open-user-comma-password',
    'lftp -e "set ftp:ssl-force true; mirror -R --parallel=4 build/ /httpdocs/; bye" -u f{d6},«{a16}» ftp.world4you.com',
  ],
  [
    'hd91-lftp-bookmarks-url-password',
    '$ cat ~/.local/share/lftp/bookmarks\nstaging\tsftp://deploy:«{a18}»@staging.moewe-design.de/var/www/\nlive\tftp://moewe:«{a16}»@ftp.moewe-design.de/',
  ],
  [
    'hd91-winscp-ini-session-password-hex',
    '[Sessions\\deploy@web03.alpenhost.at]\nHostName=web03.alpenhost.at\nUserName=deploy\nPassword=«A35C{H60}»\nFSProtocol=2',
  ],
  [
    'hd91-winscp-script-ftpes-url-password',
    'open ftpes://kunde42:«{a18}»@ftp.alpenhost.at/ -explicit\nsynchronize remote -delete .\\dist /html\nexit',
  ],
  [
    'hd91-vscode-sftp-json-password',
    '{\n  "name": "Production",\n  "host": "ssh.cluster023.hosting.ovh.net",\n  "protocol": "sftp",\n  "port": 22,\n  "username": "boulanz",\n  "password": "«{a14}»",\n  "remotePath": "/home/boulanz/www",\n  "uploadOnSave": true\n}',
  ],
  [
    'hd91-vscode-sftp-json-passphrase',
    '{\n  "host": "deploy.kuchenwerk.de",\n  "username": "deploy",\n  "privateKeyPath": "~/.ssh/id_ed25519_deploy",\n  "passphrase": "«{a22}»",\n  "remotePath": "/srv/www/kuchenwerk"\n}',
  ],
  [
    'hd91-sshpass-rsync-deploy-script',
    '#!/usr/bin/env bash\nset -euo pipefail\nnpm run build\nsshpass -p \'«{a16}»\' rsync -avz --delete -e "ssh -p 2222" dist/ u{d7}@access{d4}.webspace-data.io:/htdocs/',
  ],
  ['hd91-curl-ftp-upload-url-creds', 'curl -T backup-2024-06-12.tar.gz ftp://backup_user:«{a16}»@ftp.hetzner-storagebox.de/backups/'],
  [
    'hd91-ftp-deploy-action-literal-password',
    '      - name: FTP deploy\n        uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.lindgren-foto.se\n          username: lindgren\n          password: «{a18}»\n          local-dir: ./public/',
  ],
  [
    'hd91-git-ftp-config-password',
    'git config git-ftp.url "ftp://ftp.ploetz-web.de/htdocs"\ngit config git-ftp.user "ploetz"\ngit config git-ftp.password "«{a16}»"\ngit ftp push',
  ],
  [
    'hd91-winscp-dotnet-session-options',
    'var sessionOptions = new SessionOptions\n{\n    Protocol = Protocol.Sftp,\n    HostName = "sftp.hagedorn-immo.de",\n    UserName = "webdeploy",\n    Password = "«{a18}»",\n    SshHostKeyFingerprint = "ssh-ed25519 255 {B43}"\n};',
  ],
  [
    'hd91-python-ftplib-login',
    'from ftplib import FTP_TLS\nftps = FTP_TLS("ftp.strato.de")\nftps.login("www.sonnenhof-camping.de", "«{a16}»")\nftps.prot_p()',
  ],
  [
    'hd91-paramiko-sftp-connect-password',
    'transport = paramiko.Transport(("sftp.mittwald.de", 22))\ntransport.connect(username="p{d6}", password="«{a20}»")\nsftp = paramiko.SFTPClient.from_transport(transport)',
  ],
  [
    'hd91-rsyncd-secrets-file',
    '$ cat /etc/rsyncd.secrets\nsitebackup:«{a20}»\n$ ls -l /etc/rsyncd.secrets\n-rw------- 1 root root 31 Jun  3 09:12 /etc/rsyncd.secrets',
  ],
  ['hd91-proftpd-ftpasswd-output-hash', '$ cat /etc/proftpd/ftpd.passwd\nwebupload:«$6${p16}${p86}»:2001:2001::/var/www/upload:/bin/false'],
  [
    'hd91-wp-config-db-creds-and-auth-salts',
    "define( 'DB_NAME', 'wp_fahrradladen' );\ndefine( 'DB_USER', 'wp_fahrrad' );\ndefine( 'DB_PASSWORD', '«{a20}»' );\ndefine( 'DB_HOST', 'localhost' );\ndefine( 'AUTH_KEY',         '«{a9}^{a7}]{a6}|{a11}+{a8}-{a9}>{a10}»' );\ndefine( 'SECURE_AUTH_KEY',  '«{a12}%{a6}@{a10}#{a8}<{a11}:{a9}»' );",
  ],
  [
    'hd91-wp-config-logged-in-and-nonce-salts',
    "define('LOGGED_IN_KEY',    '«{a10}~{a11}&{a9}*{a8}[{a12})({a9}»');\ndefine('NONCE_KEY',        '«{a8}!{a12}={a10};{a9}_{a11}.{a9}»');\ndefine('AUTH_SALT',        '«{a11}}{a9}?{a10}${a8},{a12}/{a8}»');\n$table_prefix = 'wp7k_';",
  ],
  [
    'hd91-wp-cli-config-create-dbpass',
    "wp config create --dbname=wp_meerblick --dbuser=meerblick --dbpass='«{a20}»' --dbhost=127.0.0.1 --locale=de_DE",
  ],
  [
    'hd91-wp-config-redis-password',
    "define( 'WP_REDIS_HOST', '127.0.0.1' );\ndefine( 'WP_REDIS_PORT', 6379 );\ndefine( 'WP_REDIS_PASSWORD', '«{a24}»' );\ndefine( 'WP_CACHE_KEY_SALT', 'meerblick.de:' );",
  ],
  [
    'hd91-wp-config-wpms-smtp-pass',
    "define( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', 'smtp.ionos.de' );\ndefine( 'WPMS_SMTP_USER', 'shop@kaeserei-alm.de' );\ndefine( 'WPMS_SMTP_PASS', '«{a18}»' );",
  ],
  [
    'hd91-wp-config-ftp-pass-constants',
    "define( 'FS_METHOD', 'ftpext' );\ndefine( 'FTP_BASE', '/html/' );\ndefine( 'FTP_USER', 'ftp_kaeserei' );\ndefine( 'FTP_PASS', '«{a16}»' );\ndefine( 'FTP_HOST', 'ftp.kaeserei-alm.de' );",
  ],
  [
    'hd91-wordpress-compose-db-and-root-passwords',
    'services:\n  db:\n    image: mariadb:11\n    environment:\n      MARIADB_DATABASE: wordpress\n      MARIADB_USER: wordpress\n      MARIADB_PASSWORD: «{a22}»\n      MARIADB_ROOT_PASSWORD: «{a22}»\n  wordpress:\n    image: wordpress:6.5-php8.2-apache\n    environment:\n      WORDPRESS_DB_HOST: db\n      WORDPRESS_DB_PASSWORD: «{a22}»',
  ],
  [
    'hd91-wp-headless-dotenv-application-password',
    '# .env.local for the Next.js front-end\nWORDPRESS_API_URL=https://cms.segelschule-nord.de/wp-json\nWP_APP_USER=headless-bot\nWP_APP_PASSWORD="«{a4} {a4} {a4} {a4} {a4} {a4}»"',
  ],
  [
    'hd91-phpmyadmin-blowfish-secret',
    "/* config.inc.php */\n$cfg['blowfish_secret'] = '«{a32}»';\n$cfg['Servers'][1]['host'] = 'localhost';",
  ],
  ['hd91-htpasswd-apr1-two-users', '$ cat /etc/nginx/.htpasswd-staging\nagentur:«$apr1${p8}${p22}»\nkunde:«$apr1${p8}${p22}»'],
  ['hd91-htpasswd-bcrypt-line-apache', '# /var/www/vhosts/intern.zahnarzt-meier.de/.htpasswd\npraxis:«$2y$10${p53}»'],
  ['hd91-htpasswd-sha-scheme-line', 'monitoring:«{SHA}{b27}=»'],
  ['hd91-htpasswd-bcrypt-cli-b-flag', "htpasswd -bB -C 12 /etc/apache2/.htpasswd redakteur '«{a16}»'"],
  [
    'hd91-htpasswd-openssl-passwd-pipe',
    'printf "grafana:$(openssl passwd -apr1 \'«{a16}»\')\\n" | sudo tee -a /etc/nginx/htpasswd.grafana',
  ],
  [
    'hd91-chat-porkbun-keys-certbot-fails',
    'my porkbun keys are pk1 = «pk1_{h64}» and secret «sk1_{h64}» — API access is enabled for the domain but certbot still says "Invalid API key". any idea?',
  ],
  [
    'hd91-chat-godaddy-rotated-key-secret',
    'rotated the GoDaddy production key, new values: key «{a12}_{a22}» / secret «{a22}», can you update the acme.sh cron on web2?',
  ],
  [
    'hd91-chat-mailgun-smtp-password-postmaster',
    'SMTP creds for the newsletter box: user postmaster@mg.feinkost-lang.de, password «{h32}-{h8}-{h8}», host smtp.eu.mailgun.org:587. please wire them into postfix.',
  ],
  [
    'hd91-chat-tsig-secret-bind-update-refused',
    'nsupdate keeps returning REFUSED. key is hmac-sha256 named "dhcp-ddns" with secret «{b43}=», the zone has allow-update { key dhcp-ddns; }; what am i missing?',
  ],
  [
    'hd91-chat-roundcube-des-key-after-upgrade',
    'after the roundcube upgrade sessions break; the old des_key was «{a24}», the new config.inc.php has a different one — should I copy it over?',
  ],
  [
    'hd91-chat-duckdns-token-docker',
    'I run linuxserver/duckdns with SUBDOMAINS=mika-home and TOKEN=«{h8}-{h4}-4{h3}-{h4}-{h12}» but the log says KO',
  ],
  [
    'hd91-chat-hetzner-dns-token-external-dns',
    'external-dns on the k3s box should use hetzner, the DNS console token is «{a32}» — write me the helm values?',
  ],
  [
    'hd91-chat-b2-application-key-restic',
    'restic to B2: B2_ACCOUNT_ID=005{h22} and B2_ACCOUNT_KEY=«K005{a27}», repo b2:site-backups:/wp — it fails with 401',
  ],
  [
    'hd91-certbot-debug-log-requests-header',
    "2024-06-10 02:00:14,882:DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.cloudflare.com:443\nsend: b'GET /client/v4/zones?name=feldmark.de&per_page=50 HTTP/1.1\\r\\nHost: api.cloudflare.com\\r\\nAuthorization: Bearer «{B40}»\\r\\nUser-Agent: python-cloudflare/2.19.4\\r\\n\\r\\n'",
  ],
  [
    'hd91-ddclient-verbose-basic-auth-line',
    'SENDING:   Curl system cmd to dynupdate.no-ip.com\nSENDING:   url="https://dynupdate.no-ip.com/nic/update?system=dyndns&hostname=casa-ruiz.ddns.net&myip=203.0.113.5"\nSENDING:   header="Authorization: Basic «{b40}»"',
  ],
  [
    'hd91-certbot-json-account-private-key-jwk',
    '$ sudo cat /etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/{h32}/private_key.json\n{"n": "{B342}", "e": "AQAB", "d": "«{B342}»", "p": "«{B171}»", "q": "«{B171}»", "dp": "«{B171}»", "dq": "«{B171}»", "qi": "«{B171}»", "kty": "RSA"}',
  ],
  [
    'hd91-tls-private-key-nginx-site-cat',
    '$ sudo cat /etc/ssl/private/shop.roggenkamp.de.key\n«-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg{b22}\n{b64}\n{b28}\n-----END PRIVATE KEY-----»',
  ],
  [
    'hd91-acme-dns-registration-json',
    '$ cat /etc/letsencrypt/acmedns.json\n{"lumenhaus.de": {"username": "{h8}-{h4}-{h4}-{h4}-{h12}", "password": "«{B40}»", "fulldomain": "{h8}-{h4}-{h4}-{h4}-{h12}.auth.acme-dns.io", "subdomain": "{h8}-{h4}-{h4}-{h4}-{h12}", "allowfrom": []}}',
  ],
  [
    'hd91-acmesh-acme-dns-env',
    'export ACMEDNS_UPDATE_URL="https://auth.acme-dns.io/update"\nexport ACMEDNS_USERNAME="{h8}-{h4}-{h4}-{h4}-{h12}"\nexport ACMEDNS_PASSWORD="«{B40}»"\nexport ACMEDNS_SUBDOMAIN="{h8}-{h4}-{h4}-{h4}-{h12}"',
  ],
  [
    'hd91-pfx-export-password-openssl',
    'openssl pkcs12 -export -in fullchain.pem -inkey privkey.pem -out iis-site.pfx -passout pass:«{a20}»',
  ],
  [
    'hd91-nginx-ssl-password-file-contents',
    '$ cat /etc/nginx/ssl/key.pass\n«{a24}»\n$ grep ssl_password_file /etc/nginx/sites-enabled/kanzlei\n    ssl_password_file /etc/nginx/ssl/key.pass;',
  ],
  ['hd91-ispconfig-mysql-clientdb-conf', "<?php\n$clientdb_host = 'localhost';\n$clientdb_user = 'root';\n$clientdb_password = '«{a22}»';"],
  [
    'hd91-proftpd-ftpasswd-stdin-password',
    "echo '«{a16}»' | ftpasswd --passwd --file=/etc/proftpd/ftpd.passwd --name=kunde7 --uid=2001 --home=/var/www/kunde7 --shell=/bin/false --stdin",
  ],
];

export const BLIND91_NEGATIVES: readonly (readonly [string, string])[] = [
  ['hd91-neg-dig-ds-record-sha256-digest', '$ dig +short DS feldmark.de @a.nic.de\n{d5} 13 2 {H64}'],
  [
    'hd91-neg-dnskey-record-ecdsa-public',
    'feldmark.de.\t\t3600\tIN\tDNSKEY\t257 3 13 {b86}==\nfeldmark.de.\t\t3600\tIN\tDNSKEY\t256 3 13 {b86}==',
  ],
  [
    'hd91-neg-dnssec-keygen-public-key-file',
    '$ cat Kzeitgeist.org.+013+{d5}.key\n; This is a key-signing key, keyid {d5}, for zeitgeist.org.\n; Created: 20240301101500 (Fri Mar  1 10:15:00 2024)\nzeitgeist.org. IN DNSKEY 257 3 13 {b86}==',
  ],
  [
    'hd91-neg-tlsa-record-dane-smtp',
    '_25._tcp.mx1.hafenblick.de. 3600 IN TLSA 3 1 1 {h64}\n_25._tcp.mx1.hafenblick.de. 3600 IN TLSA 2 1 1 {h64}',
  ],
  [
    'hd91-neg-sshfp-records-ssh-keygen-r',
    '$ ssh-keygen -r git.kranich.dev\ngit.kranich.dev IN SSHFP 1 2 {h64}\ngit.kranich.dev IN SSHFP 3 2 {h64}\ngit.kranich.dev IN SSHFP 4 2 {h64}',
  ],
  [
    'hd91-neg-caa-records-letsencrypt-iodef',
    'lindenhof.at.  3600 IN CAA 0 issue "letsencrypt.org;accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/{d10}"\nlindenhof.at.  3600 IN CAA 0 issuewild ";"\nlindenhof.at.  3600 IN CAA 0 iodef "mailto:security@lindenhof.at"',
  ],
  [
    'hd91-neg-dkim-public-txt-rsa-split',
    '$ dig +short TXT mail._domainkey.waldhaus.ch\n"v=DKIM1; h=sha256; k=rsa; " "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64}{b60}" "{b64}{b64}{b50}IDAQAB"',
  ],
  ['hd91-neg-dkim-public-txt-ed25519', 'ed2024._domainkey.grauwerk.de. 3600 IN TXT "v=DKIM1; k=ed25519; p={b43}="'],
  [
    'hd91-neg-opendkim-txt-file-public',
    '$ cat /etc/opendkim/keys/waldhaus.ch/mail.txt\nmail._domainkey\tIN\tTXT\t( "v=DKIM1; h=sha256; k=rsa; "\n\t  "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64}{b60}"\n\t  "{b64}{b40}IDAQAB" )  ; ----- DKIM key mail for waldhaus.ch',
  ],
  [
    'hd91-neg-openssl-x509-fingerprint-serial',
    '$ openssl x509 -in /etc/letsencrypt/live/kirschgarten.de/cert.pem -noout -serial -fingerprint -sha256\nserial={H36}\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'hd91-neg-certbot-certificates-listing',
    '$ sudo certbot certificates\nFound the following certs:\n  Certificate Name: kirschgarten.de\n    Serial Number: {h36}\n    Key Type: ECDSA\n    Domains: kirschgarten.de www.kirschgarten.de\n    Expiry Date: 2024-09-08 03:11:52+00:00 (VALID: 88 days)\n    Certificate Path: /etc/letsencrypt/live/kirschgarten.de/fullchain.pem\n    Private Key Path: /etc/letsencrypt/live/kirschgarten.de/privkey.pem',
  ],
  [
    'hd91-neg-certbot-renewal-conf-account-hash',
    '# /etc/letsencrypt/renewal/nordlicht.app.conf\nversion = 2.10.0\narchive_dir = /etc/letsencrypt/archive/nordlicht.app\ncert = /etc/letsencrypt/live/nordlicht.app/cert.pem\nprivkey = /etc/letsencrypt/live/nordlicht.app/privkey.pem\n[renewalparams]\naccount = {h32}\nauthenticator = dns-cloudflare\ndns_cloudflare_credentials = /etc/letsencrypt/cloudflare.ini\nserver = https://acme-v02.api.letsencrypt.org/directory',
  ],
  [
    'hd91-neg-certbot-show-account-url',
    '$ sudo certbot show_account\nAccount details for server https://acme-v02.api.letsencrypt.org/directory:\n  Account URL: https://acme-v02.api.letsencrypt.org/acme/acct/{d10}\n  Email contact: hostmaster@nordlicht.app',
  ],
  [
    'hd91-neg-acme-order-finalize-authz-urls',
    '{\n  "status": "ready",\n  "expires": "2024-06-19T10:12:44Z",\n  "identifiers": [{ "type": "dns", "value": "*.stellarforge.io" }],\n  "authorizations": ["https://acme-v02.api.letsencrypt.org/acme/authz-v3/{d12}"],\n  "finalize": "https://acme-v02.api.letsencrypt.org/acme/finalize/{d10}/{d12}"\n}',
  ],
  [
    'hd91-neg-acme-http01-challenge-access-log',
    '23.178.112.105 - - [12/Jun/2024:09:41:07 +0000] "GET /.well-known/acme-challenge/{B43} HTTP/1.1" 200 87 "-" "Mozilla/5.0 (compatible; Let\'s Encrypt validation server; +https://www.letsencrypt.org)"',
  ],
  ['hd91-neg-acme-challenge-txt-dig', '$ dig +short TXT _acme-challenge.stellarforge.io @1.1.1.1\n"{B43}"\n"{B43}"'],
  [
    'hd91-neg-acme-key-authorization-thumbprint',
    'key authorization served at /.well-known/acme-challenge/{B43}:\n{B43}.{B43}\n(token . base64url(JWK thumbprint of the account key))',
  ],
  [
    'hd91-neg-acme-ari-renewal-info-url',
    'GET https://acme-v02.api.letsencrypt.org/draft-ietf-acme-ari-03/renewalInfo/{B27}.{B22}\n{"suggestedWindow":{"start":"2024-08-09T00:00:00Z","end":"2024-08-11T00:00:00Z"}}',
  ],
  [
    'hd91-neg-acmesh-account-conf-no-secrets',
    "$ cat ~/.acme.sh/account.conf\nLOG_FILE='/root/.acme.sh/acme.sh.log'\n#LOG_LEVEL=1\nAUTO_UPGRADE='1'\nUPGRADE_HASH='{h40}'\nACCOUNT_EMAIL='certs@vela-design.it'\nSAVED_CF_Account_ID='{h32}'\nSAVED_CF_Zone_ID='{h32}'",
  ],
  [
    'hd91-neg-acmesh-domain-conf-webroot',
    "Le_Domain='shop.vela-design.it'\nLe_Alt='no'\nLe_Webroot='dns_cf'\nLe_Keylength='ec-256'\nLe_OrderFinalize='https://acme.zerossl.com/v2/DV90/order/{B22}/finalize'\nLe_LinkCert='https://acme.zerossl.com/v2/DV90/cert/{B22}'\nLe_CertCreateTime='{d10}'\nLe_NextRenewTime='{d10}'",
  ],
  [
    'hd91-neg-lego-env-references-and-file-suffix',
    'environment:\n  CLOUDFLARE_DNS_API_TOKEN_FILE: /run/secrets/cf_dns_token\n  HETZNER_API_KEY: ${HETZNER_API_KEY:?set HETZNER_API_KEY}\n  LEGO_EMAIL: ${LEGO_EMAIL}',
  ],
  [
    'hd91-neg-caddyfile-env-placeholder-token',
    '*.nordlicht.app {\n\ttls {\n\t\tdns cloudflare {env.CF_API_TOKEN}\n\t\tresolvers 1.1.1.1\n\t}\n\treverse_proxy 127.0.0.1:3000\n}',
  ],
  [
    'hd91-neg-traefik-compose-secret-file-ref',
    '    environment:\n      - CF_DNS_API_TOKEN_FILE=/run/secrets/cf_dns_api_token\n    secrets:\n      - cf_dns_api_token\nsecrets:\n  cf_dns_api_token:\n    file: ./secrets/cf_dns_api_token.txt',
  ],
  [
    'hd91-neg-certbot-ini-angle-placeholders-docs',
    'Create cloudflare.ini with:\n\n    dns_cloudflare_api_token = <your-cloudflare-api-token>\n\nthen run: certbot certonly --dns-cloudflare --dns-cloudflare-credentials ~/.secrets/certbot/cloudflare.ini -d <domain>',
  ],
  [
    'hd91-neg-certbot-ovh-ini-template-vars',
    'dns_ovh_endpoint = ovh-eu\ndns_ovh_application_key = {{ ovh_application_key }}\ndns_ovh_application_secret = {{ vault_ovh_application_secret }}\ndns_ovh_consumer_key = {{ vault_ovh_consumer_key }}',
  ],
  [
    'hd91-neg-ns-records-dig',
    '$ dig +short NS tallgrass.coffee\nns27.domaincontrol.com.\nns28.domaincontrol.com.\n$ dig +short NS kolibri-it.nl\nhydrogen.ns.hetzner.com.\noxygen.ns.hetzner.com.\nhelium.ns.hetzner.de.',
  ],
  [
    'hd91-neg-mx-records-zone',
    'hochwald.eu.   3600 IN MX 10 mail.hochwald.eu.\nhochwald.eu.   3600 IN MX 20 mx2.hochwald.eu.\nautodiscover   3600 IN CNAME mail.hochwald.eu.\n_submission._tcp 3600 IN SRV 0 1 587 mail.hochwald.eu.',
  ],
  [
    'hd91-neg-spf-dmarc-mta-sts-records',
    'hollyhock.shop.          TXT "v=spf1 include:mailgun.org include:_spf.google.com -all"\n_dmarc.hollyhock.shop.   TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@hollyhock.shop; adkim=s; aspf=s"\n_mta-sts.hollyhock.shop. TXT "v=STSv1; id={d14}"\n_smtp._tls.hollyhock.shop. TXT "v=TLSRPTv1; rua=mailto:tlsrpt@hollyhock.shop"',
  ],
  [
    'hd91-neg-domain-verification-txt-records',
    '@  TXT "google-site-verification={B43}"\n@  TXT "MS=ms{d8}"\n@  TXT "apple-domain-verification={a16}"\n_github-challenge-lumenbyte-org  TXT "{h10}"',
  ],
  [
    'hd91-neg-cloudflare-zone-account-ids-wrangler',
    '# wrangler.toml\nname = "harbor-docs"\naccount_id = "{h32}"\ncompatibility_date = "2024-06-01"\n\n[[routes]]\npattern = "docs.harbor.dev/*"\nzone_id = "{h32}"',
  ],
  [
    'hd91-neg-route53-hosted-zone-change-id',
    '$ aws route53 change-resource-record-sets --hosted-zone-id Z{U13} --change-batch file://txt.json\n{\n    "ChangeInfo": {\n        "Id": "/change/C{U20}",\n        "Status": "PENDING",\n        "SubmittedAt": "2024-06-12T09:13:11.512Z"\n    }\n}',
  ],
  [
    'hd91-neg-cloudflare-ray-and-cache-headers',
    'HTTP/2 200\ncf-cache-status: HIT\ncf-ray: {h16}-FRA\nage: 5231\netag: W/"{h32}"\nserver: cloudflare',
  ],
  [
    'hd91-neg-fastly-debug-headers-surrogate-keys',
    '< x-served-by: cache-fra-eddf8230093-FRA, cache-ams21043-AMS\n< x-cache: MISS, HIT\n< x-timer: S{d10}.{d6},VS0,VE1\n< surrogate-key: product-listing cat-{d4} sku-{h12}\n< fastly-debug-digest: {h64}',
  ],
  [
    'hd91-neg-fastly-service-version-ids',
    '$ fastly service describe --service-id {a22}\nID: {a22}\nName: nightjar-www\nType: vcl\nActive version: 42\nCustomer ID: {a22}',
  ],
  [
    'hd91-neg-bunny-pull-zone-id-hostname',
    'Pull zone: lichtblick-cdn (ID {d7})\nHostname: lichtblick-cdn.b-cdn.net\nStorage zone: lichtblick-assets (region DE)\nPurge via dashboard or POST /pullzone/{d7}/purgeCache',
  ],
  [
    'hd91-neg-r2-public-bucket-dev-url',
    'Public access enabled for bucket "site-media":\nhttps://pub-{h32}.r2.dev/uploads/2024/06/banner.webp\nS3 API endpoint: https://{h32}.r2.cloudflarestorage.com/site-media',
  ],
  [
    'hd91-neg-b2-ls-file-ids',
    '$ b2 ls --long b2://site-backups/wp/\n4_z{h24}_f{h15}_d20240612_m091322_c005_v{d7}_t{d4}_u01718183602  upload  2024-06-12  09:13:22  48213311  wp/db-2024-06-12.sql.gz',
  ],
  [
    'hd91-neg-sri-integrity-attributes',
    '<link rel="stylesheet" href="https://cdn.lichtblick.media/css/app.{h8}.css" integrity="sha384-{b64}" crossorigin="anonymous">\n<script src="https://cdn.jsdelivr.net/npm/alpinejs@3.14.0/dist/cdn.min.js" integrity="sha384-{b64}" crossorigin="anonymous" defer></script>',
  ],
  [
    'hd91-neg-postfix-main-cf-map-paths',
    'relayhost = [smtp.sendgrid.net]:587\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_security_options = noanonymous\nsmtp_tls_security_level = encrypt\nheader_size_limit = 4096000',
  ],
  [
    'hd91-neg-postfix-log-queue-ids-sasl-username',
    'Jun 12 08:15:02 mx postfix/smtpd[3141]: 4Vz{a8}: client=unknown[198.51.100.7], sasl_method=PLAIN, sasl_username=shop@kaeserei-alm.de\nJun 12 08:15:02 mx postfix/cleanup[3145]: 4Vz{a8}: message-id=<{h16}.{h8}@kaeserei-alm.de>\nJun 12 08:15:03 mx postfix/smtp[3150]: 4Vz{a8}: to=<kunde@gmx.de>, relay=smtp.eu.mailgun.org[34.120.0.1]:587, delay=1.2, status=sent (250 Great success)',
  ],
  [
    'hd91-neg-dovecot-log-session-ids',
    'Jun 12 08:20:44 mail dovecot: imap-login: Login: user=<anna@lindenhof.at>, method=PLAIN, rip=203.0.113.80, lip=10.0.0.5, mpid=22411, TLS, session=<{b16}>\nJun 12 08:21:02 mail dovecot: imap(anna@lindenhof.at)<22411><{b16}>: Disconnected: Logged out in=312 out=8841',
  ],
  [
    'hd91-neg-dovecot-auth-passwd-file-config',
    'passdb {\n  driver = passwd-file\n  args = scheme=SHA512-CRYPT username_format=%u /etc/dovecot/users\n}\nuserdb {\n  driver = static\n  args = uid=vmail gid=vmail home=/var/vmail/%d/%n\n}',
  ],
  [
    'hd91-neg-exim-mainlog-message-ids',
    '2024-06-12 07:59:01 1sHP{a2}-{a6}-{a2} <= alerts@brightfield.org.uk H=localhost [127.0.0.1] P=esmtpa A=login:relay@brightfield.org.uk S=1822 id={h24}@brightfield.org.uk\n2024-06-12 07:59:02 1sHP{a2}-{a6}-{a2} => ops@brightfield.org.uk R=smarthost T=remote_smtp_smarthost H=mail.smtp2go.com [45.79.0.1] X=TLS1.3:TLS_AES_256_GCM_SHA384:256 CV=yes',
  ],
  [
    'hd91-neg-exim-dkim-transport-paths',
    'remote_smtp:\n  driver = smtp\n  dkim_domain = ${lc:${domain:$h_from:}}\n  dkim_selector = mail2024\n  dkim_private_key = /etc/exim4/dkim/${dkim_domain}.key\n  dkim_canon = relaxed',
  ],
  [
    'hd91-neg-rspamd-dkim-signing-conf-paths',
    '# /etc/rspamd/local.d/dkim_signing.conf\npath = "/var/lib/rspamd/dkim/$domain.$selector.key";\nselector_map = "/etc/rspamd/dkim_selectors.map";\nallow_username_mismatch = true;',
  ],
  [
    'hd91-neg-msmtprc-passwordeval',
    'account        gmail\nhost           smtp.gmail.com\nport           587\nuser           nilsbakken@gmail.com\npasswordeval   "pass show mail/gmail-app"\nauth           on\ntls            on',
  ],
  [
    'hd91-neg-mbsyncrc-passcmd',
    'IMAPAccount posteo\nHost posteo.de\nUser mathilde@posteo.net\nPassCmd "secret-tool lookup service imap user mathilde@posteo.net"\nSSLType IMAPS',
  ],
  [
    'hd91-neg-offlineimap-remotepasseval',
    '[general]\npythonfile = ~/.offlineimap.py\n[Repository work-remote]\ntype = IMAP\nremotehost = outlook.office365.com\nremoteuser = t.halvorsen@fjordkraft-bygg.no\nremotepasseval = get_pass("work")',
  ],
  [
    'hd91-neg-neomuttrc-command-substitution',
    'set imap_user = "sofie@fastmail.com"\nset imap_pass = "`gpg --batch -q --decrypt ~/.mail-pass.gpg`"\nset smtp_url = "smtps://sofie@fastmail.com@smtp.fastmail.com:465/"',
  ],
  [
    'hd91-neg-roundcube-config-percent-p-and-getenv',
    "$config['smtp_user'] = '%u';\n$config['smtp_pass'] = '%p';\n$config['des_key'] = getenv('ROUNDCUBE_DES_KEY');\n$config['db_dsnw'] = getenv('ROUNDCUBE_DB_DSN');",
  ],
  [
    'hd91-neg-mailcow-conf-non-secrets',
    'MAILCOW_HOSTNAME=mail.hochwald.eu\nMAILCOW_PASS_SCHEME=BLF-CRYPT\nHTTP_PORT=80\nHTTPS_PORT=443\nSKIP_LETS_ENCRYPT=n\nADDITIONAL_SAN=imap.*,smtp.*\nCOMPOSE_PROJECT_NAME=mailcowdockerized\nAPI_ALLOW_FROM=127.0.0.1,::1',
  ],
  [
    'hd91-neg-wp-config-sample-unique-phrase',
    "define( 'DB_NAME', 'database_name_here' );\ndefine( 'DB_USER', 'username_here' );\ndefine( 'DB_PASSWORD', 'password_here' );\ndefine( 'AUTH_KEY',         'put your unique phrase here' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );",
  ],
  [
    'hd91-neg-wp-config-getenv-constants',
    "define( 'DB_PASSWORD', getenv( 'WORDPRESS_DB_PASSWORD' ) );\ndefine( 'AUTH_KEY', getenv_docker( 'WORDPRESS_AUTH_KEY', '' ) );\ndefine( 'WP_REDIS_PASSWORD', $_ENV['REDIS_PASSWORD'] ?? null );",
  ],
  [
    'hd91-neg-wp-salt-api-curl-no-output',
    '# generate fresh salts into wp-config.php\ncurl -s https://api.wordpress.org/secret-key/1.1/salt/ > /tmp/wp-salts.php\nwp config shuffle-salts --path=/var/www/meerblick',
  ],
  [
    'hd91-neg-wp-core-verify-checksums-md5',
    "$ wp core verify-checksums\nWarning: File doesn't verify against checksum: wp-includes/version.php\n$ md5sum wp-includes/version.php\n{h32}  wp-includes/version.php",
  ],
  [
    'hd91-neg-wp-nonce-and-ajax-url-html',
    '<script id="wc-cart-fragments-js-extra">\nvar wc_cart_fragments_params = {"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","cart_hash_key":"wc_cart_hash_{h32}","fragment_name":"wc_fragments_{h32}","request_timeout":"5000"};\n</script>',
  ],
  [
    'hd91-neg-htpasswd-interactive-no-password',
    '$ sudo htpasswd -c /etc/nginx/.htpasswd-staging agentur\nNew password:\nRe-type new password:\nAdding password for user agentur',
  ],
  [
    'hd91-neg-nginx-auth-basic-config-path',
    'location /admin/ {\n    auth_basic           "Staging";\n    auth_basic_user_file /etc/nginx/.htpasswd-staging;\n    satisfy any;\n    allow 10.0.0.0/8;\n}',
  ],
  [
    'hd91-neg-filezilla-sitemanager-keyfile-logon',
    '<Server>\n    <Host>deploy.kuchenwerk.de</Host>\n    <Port>22</Port>\n    <Protocol>1</Protocol>\n    <User>deploy</User>\n    <Keyfile>C:\\Users\\jan\\.ssh\\kuchenwerk_ed25519.ppk</Keyfile>\n    <Logontype>5</Logontype>\n</Server>',
  ],
  [
    'hd91-neg-winscp-ini-hostkey-cache',
    '[SshHostKeys]\nssh-ed25519@22:web03.alpenhost.at=0x{h64}\n[Sessions\\deploy@web03.alpenhost.at]\nHostName=web03.alpenhost.at\nUserName=deploy\nPublicKeyFile=C:%5CUsers%5Cjan%5C.ssh%5Cdeploy.ppk',
  ],
  [
    'hd91-neg-vscode-sftp-json-key-path-only',
    '{\n  "name": "Staging",\n  "host": "staging.moewe-design.de",\n  "protocol": "sftp",\n  "username": "deploy",\n  "privateKeyPath": "~/.ssh/id_ed25519",\n  "remotePath": "/var/www/staging",\n  "ignore": [".vscode", ".git", "node_modules"]\n}',
  ],
  [
    'hd91-neg-ssh-known-hosts-fingerprint-prompt',
    "The authenticity of host 'ssh.cluster023.hosting.ovh.net (51.91.0.23)' can't be established.\nED25519 key fingerprint is SHA256:{b43}.\nThis key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
  ],
  [
    'hd91-neg-lftp-env-password-reference',
    'lftp -u "$FTP_USER","$FTP_PASS" -e "mirror -R --only-newer build/ /httpdocs/; bye" ftp.world4you.com',
  ],
  [
    'hd91-neg-ftp-deploy-action-secrets-refs',
    '        with:\n          server: ftp.lindgren-foto.se\n          username: ${{ secrets.FTP_USERNAME }}\n          password: ${{ secrets.FTP_PASSWORD }}\n          local-dir: ./public/',
  ],
  [
    'hd91-neg-certificate-pem-public-chain',
    '$ head -4 /etc/letsencrypt/live/kirschgarten.de/fullchain.pem\n-----BEGIN CERTIFICATE-----\nMIIDljCCAx2gAwIBAgIS{b46}\n{b64}\n{b64}',
  ],
  [
    'hd91-neg-csr-pem-request',
    '$ cat shop.roggenkamp.de.csr\n-----BEGIN CERTIFICATE REQUEST-----\nMIIBJzCBzwIBADBDMQswCQYDVQQGEwJERTEPMA0GA1UECgwGU{b18}\n{b64}\n{b48}\n-----END CERTIFICATE REQUEST-----',
  ],
  [
    'hd91-neg-public-key-pem-hpkp-style',
    '$ openssl ec -in privkey.pem -pubout 2>/dev/null\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b52}\n{b36}==\n-----END PUBLIC KEY-----',
  ],
  [
    'hd91-neg-sct-log-ids-openssl-text',
    '            Signed Certificate Timestamp:\n                Version   : v1 (0x0)\n                Log ID    : {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:\n                            {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n                Timestamp : Jun 10 02:11:52.418 2024 GMT\n            X509v3 Subject Key Identifier:\n                {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'hd91-neg-ocsp-response-serial-status',
    '$ openssl ocsp -issuer chain.pem -cert cert.pem -url http://r11.o.lencr.org -noverify\nResponse verify OK\ncert.pem: good\n\tThis Update: Jun 11 18:00:00 2024 GMT\n\tNext Update: Jun 18 17:59:58 2024 GMT\nSerial Number: {H36}',
  ],
  [
    'hd91-neg-nsupdate-script-key-file-path',
    'nsupdate -k /etc/bind/keys/Kddns-key.home.arpa.+165+{d5}.key <<EOF\nserver 10.0.0.2\nzone home.arpa\nupdate add printer.home.arpa 300 A 10.0.0.77\nsend\nEOF',
  ],
  [
    'hd91-neg-named-conf-include-and-allow-update',
    'include "/etc/bind/rndc.key";\ninclude "/etc/bind/keys/certbot.key";\n\nzone "harrow-lane.org" {\n    type primary;\n    file "/var/lib/bind/db.harrow-lane.org";\n    allow-update { key "certbot."; };\n    inline-signing yes;\n    dnssec-policy default;\n};',
  ],
  [
    'hd91-neg-rndc-status-output',
    '$ sudo rndc status\nversion: BIND 9.18.24-1-Debian (Extended Support Version) <id:{h8}>\nrunning on localhost: Linux x86_64 6.1.0-21-amd64\nboot time: Wed, 12 Jun 2024 06:02:11 GMT\nnumber of zones: 103 (97 automatic)\nserver is up and running',
  ],
  [
    'hd91-neg-pdns-api-zone-list-serials',
    '$ curl -s -H "X-API-Key: $PDNS_API_KEY" http://127.0.0.1:8081/api/v1/servers/localhost/zones | jq \'.[0]\'\n{\n  "id": "lokal.net.",\n  "kind": "Native",\n  "serial": 2024061201,\n  "edited_serial": 2024061201,\n  "dnssec": true,\n  "url": "/api/v1/servers/localhost/zones/lokal.net."\n}',
  ],
  [
    'hd91-neg-hetzner-dns-records-response-ids',
    '{"record":{"id":"{h32}","type":"TXT","name":"_acme-challenge","value":"\\"{B43}\\"","zone_id":"{a22}","ttl":60,"created":"2024-06-12 09:10:11.1 +0000 UTC"}}',
  ],
  [
    'hd91-neg-digitalocean-records-json-ids',
    '{"domain_record":{"id":{d9},"type":"TXT","name":"_acme-challenge","data":"{B43}","priority":null,"port":null,"ttl":30,"weight":null,"flags":null,"tag":null}}',
  ],
  [
    'hd91-neg-namecheap-api-response-xml',
    '<ApiResponse Status="OK" xmlns="http://api.namecheap.com/xml.response">\n  <RequestedCommand>namecheap.domains.dns.sethosts</RequestedCommand>\n  <CommandResponse Type="namecheap.domains.dns.setHosts">\n    <DomainDNSSetHostsResult Domain="fennbrook.com" IsSuccess="true" />\n  </CommandResponse>\n  <Server>PHX01APIEXT0{d2}</Server>\n  <ExecutionTime>0.412</ExecutionTime>\n</ApiResponse>',
  ],
  [
    'hd91-neg-whm-api-token-list-metadata',
    '$ whmapi1 api_token_list\ndata:\n  tokens:\n    deploybot:\n      create_time: 1717489201\n      has_full_access: 0\n      name: deploybot\nmetadata:\n  command: api_token_list\n  result: 1',
  ],
  [
    'hd91-neg-duckdns-cron-env-reference',
    '*/5 * * * * curl -fsS "https://www.duckdns.org/update?domains=pelle-nas&token=${DUCKDNS_TOKEN}&ip=" -o /var/log/duckdns.log\n$ cat /var/log/duckdns.log\nOK',
  ],
  [
    'hd91-neg-ddclient-conf-angle-bracket-token',
    'protocol=cloudflare, \\\nzone=tinkerbox.io, \\\nlogin=token, \\\npassword=<cloudflare-api-token> \\\nhome.tinkerbox.io',
  ],
  [
    'hd91-neg-docker-image-digests-acme-stack',
    'traefik:v3.0@sha256:{h64}\ncaddy:2.8-alpine@sha256:{h64}\ngoacme/lego:v4.17.4@sha256:{h64}',
  ],
  [
    'hd91-neg-acmesh-changelog-commit-shas',
    '{h7} dns_porkbun: use v3 api endpoint (#5123)\n{h7} dnsapi: add dns_dynu retry on 429\n{h7} Merge pull request #5140 from acmesh-official/dev',
  ],
  [
    'hd91-neg-turnstile-sitekey-and-recaptcha-public',
    '<div class="cf-turnstile" data-sitekey="0x4AAAAAAA{B14}" data-theme="light"></div>\n<script src="https://www.google.com/recaptcha/api.js?render=6L{B38}"></script>',
  ],
  [
    'hd91-neg-lets-encrypt-rate-limit-error',
    'An unexpected error occurred:\nError creating new order :: too many certificates (5) already issued for this exact set of domains in the last 168h0m0s, retry after 2024-06-14T03:22:11Z: see https://letsencrypt.org/docs/rate-limits/#new-certificates-per-exact-set-of-hostnames\nProblem type: urn:ietf:params:acme:error:rateLimited',
  ],
  [
    'hd91-neg-phpmyadmin-blowfish-empty-comment',
    "/**\n * This is needed for cookie based authentication to encrypt the cookie.\n * Needs to be a 32-bytes long string of random bytes. See FAQ 2.10.\n */\n$cfg['blowfish_secret'] = ''; /* YOU MUST FILL IN THIS FOR COOKIE AUTH! */",
  ],
  [
    'hd91-neg-webmin-miniserv-conf-paths',
    'port=10000\nssl=1\nkeyfile=/etc/webmin/letsencrypt-key.pem\ncertfile=/etc/webmin/letsencrypt-cert.pem\nsession=1\npam=webmin\nlogouttime=30',
  ],
  [
    'hd91-neg-cpanel-ssl-installed-hosts-json',
    '{"certificate":{"id":"kirschgarten_de_{h5}_{h5}_{d10}_{h32}","issuer.organizationName":"Let\'s Encrypt","not_after":1725764512,"subject.commonName":"kirschgarten.de"},"modulus_length":2048}',
  ],
  [
    'hd91-neg-plesk-version-and-guid',
    '[root@plesk ~]# plesk version\nProduct version: Plesk Obsidian 18.0.61.5\n    OS version: AlmaLinux 9.4 x86_64\n    Build date: 2024/05/21 11:00\n      Revision: {h40}\nServer GUID: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'hd91-neg-tsig-key-name-algorithm-chat',
    'the TSIG key is called "externaldns" and uses hmac-sha256; the secret lives in Vault at kv/dns/tsig/externaldns — pull it from there, don\'t paste it in the chart',
  ],
  [
    'hd91-neg-hsts-security-headers-caddy',
    "header {\n\tStrict-Transport-Security \"max-age=63072000; includeSubDomains; preload\"\n\tContent-Security-Policy \"default-src 'self'; script-src 'self' 'nonce-{{ .Nonce }}'\"\n\tX-Content-Type-Options nosniff\n\t-Server\n}",
  ],
  [
    'hd91-neg-certbot-dry-run-success-output',
    'Simulating renewal of an existing certificate for osterwald.dev and *.osterwald.dev\nWaiting 10 seconds for DNS changes to propagate\nCongratulations, all simulated renewals succeeded:\n  /etc/letsencrypt/live/osterwald.dev/fullchain.pem (success)',
  ],
  [
    'hd91-neg-rclone-config-env-auth',
    '[r2]\ntype = s3\nprovider = Cloudflare\nenv_auth = true\nendpoint = https://{h32}.r2.cloudflarestorage.com\nno_check_bucket = true',
  ],
  [
    'hd91-neg-dovecot-doveadm-pw-scheme-listing',
    '$ doveadm pw -l\nSHA1 SSHA512 BLF-CRYPT PLAIN HMAC-MD5 OTP SHA512 SHA LDAP-MD5 CRAM-MD5 ARGON2ID SHA512-CRYPT CLEAR CLEARTEXT ARGON2I SSHA256 SHA256-CRYPT',
  ],
  [
    'hd91-neg-masked-credentials-in-panel-export',
    'Provider: porkbun\nAPI key: pk1_****************************************************************\nSecret:  sk1_****************************************************************\nLast used: 2024-06-12 09:10 UTC from 203.0.113.44',
  ],
  [
    'hd91-neg-ovh-credential-request-rights-json',
    '{\n  "accessRules": [\n    { "method": "GET", "path": "/domain/zone/*" },\n    { "method": "POST", "path": "/domain/zone/*/record" },\n    { "method": "DELETE", "path": "/domain/zone/*/record/*" }\n  ],\n  "redirection": "https://atelier-dubois.fr/"\n}',
  ],
  [
    'hd91-neg-b2-bucket-info-ids',
    '$ b2 bucket get site-backups\n{\n    "accountId": "{h12}",\n    "bucketId": "{h24}",\n    "bucketName": "site-backups",\n    "bucketType": "allPrivate",\n    "revision": 7\n}',
  ],
];
