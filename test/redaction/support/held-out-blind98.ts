/** A ninety-eighth held-out batch, written blind: secrets in classic Unix and network daemons' own files and their tools' output as a sysadmin pastes them (htpasswd, pgpass, my.cnf, cifs credentials, ppp/wpa/ipsec/swanctl/OpenVPN/WireGuard, RADIUS/SNMP/TACACS+, TSIG and NTP keys, shadow and crypt hashes), beside look-alikes from the same files that are not secrets. */
export const BLIND98_POSITIVES: readonly (readonly [string, string])[] = [
  ['n98-htpasswd-bcrypt-two-users-nginx-cat', '$ sudo cat /etc/nginx/.htpasswd\nalice:«$2y$05${p53}»\nbob:«$2y$05${p53}»'],
  [
    'n98-htpasswd-apr1-apache-grafana-file',
    '# /etc/apache2/.htpasswd-grafana  (created with htpasswd -c, MD5)\nmonitor:«$apr1${p8}${p22}»\nreadonly:«$apr1${p8}${p22}»',
  ],
  [
    'n98-htpasswd-sha1-legacy-line-in-chat',
    'the old box still has SHA entries in its htpasswd, e.g.\n\n    deploy:«{SHA}{b26}Q=»\n\nshould I rehash them as bcrypt?',
  ],
  ['n98-htpasswd-nbb-cost12-cmd-and-output', "$ htpasswd -nbB -C 12 ci-bot '«{a18}»'\nci-bot:«$2y$12${p53}»\n"],
  ['n98-htpasswd-des-crypt-old-squid-file', '$ head -3 /etc/squid/passwd\nproxyuser:«{p13}»\nkiosk:«{p13}»\n'],
  ['n98-htdigest-md5-realm-line', '$ cat /etc/apache2/.htdigest\nadmin:Restricted Area:«{h32}»'],
  [
    'n98-htpasswd-dockerfile-registry-auth-echo',
    "FROM registry:2\nRUN mkdir -p /auth && \\\n    echo 'registry:«$2y$05${p53}»' > /auth/htpasswd\nENV REGISTRY_AUTH=htpasswd REGISTRY_AUTH_HTPASSWD_PATH=/auth/htpasswd",
  ],
  [
    'n98-htpasswd-kubectl-ingress-auth-literal',
    "kubectl -n monitoring create secret generic prom-basic-auth \\\n  --from-literal=auth='ops:«$apr1${p8}${p22}»'",
  ],
  [
    'n98-htpasswd-traefik-label-doubled-dollars',
    '    labels:\n      - traefik.http.routers.dash.middlewares=dash-auth\n      - "traefik.http.middlewares.dash-auth.basicauth.users=admin:«$$apr1$${p8}$${p22}»"',
  ],
  [
    'n98-htpasswd-caddy-basicauth-block',
    'admin.acme.io {\n\tbasicauth /admin/* {\n\t\tbob «$2a$14${p53}»\n\t}\n\treverse_proxy 127.0.0.1:9000\n}',
  ],
  ['n98-lighttpd-plain-userfile-cat', '$ cat /etc/lighttpd/lighttpd.user\nadmin:«{a14}»\nstats:«{a12}»'],
  ['n98-pgpass-two-lines-with-wildcard', '$ cat ~/.pgpass\ndb-primary.internal:5432:billing:billing_app:«{a24}»\n*:*:*:replicator:«{a20}»'],
  [
    'n98-pgpass-escaped-colon-in-password',
    '# note the \\: escape, the real password has a colon in it\n10.0.4.12:6432:*:analytics:«{a12}\\:{a8}»',
  ],
  [
    'n98-pgpass-world-readable-warning-then-cat',
    'WARNING: password file "/root/.pgpass" has group or world access; permissions should be u=rw (0600) or less\n# cat /root/.pgpass\npg-ro.acme.lan:5432:reporting:grafana:«{a18}»',
  ],
  [
    'n98-pgpass-ansible-copy-content',
    '- name: Install pgpass for backups\n  ansible.builtin.copy:\n    dest: /var/lib/barman/.pgpass\n    owner: barman\n    mode: "0600"\n    content: |\n      pg01:5432:*:barman:«{a22}»\n      pg01:5432:*:streaming_barman:«{a22}»',
  ],
  ['n98-my-cnf-client-quoted-password', '$ cat ~/.my.cnf\n[client]\nuser=root\npassword="«{a20}»"\nhost=localhost'],
  [
    'n98-debian-cnf-sys-maint',
    '# cat /etc/mysql/debian.cnf\n# Automatically generated for Debian scripts. DO NOT TOUCH!\n[client]\nhost     = localhost\nuser     = debian-sys-maint\npassword = «{a16}»\nsocket   = /var/run/mysqld/mysqld.sock',
  ],
  ['n98-my-cnf-single-quoted-hash-char', "[client]\nuser = reporting\n# quoted because of the # in it\npassword = '«{a10}#{a6}»'"],
  [
    'n98-my-cnf-heredoc-in-backup-script',
    'cat > /tmp/.my.cnf.$$ <<EOF\n[client]\nuser=$DB_USER\npassword=«{a22}»\nEOF\nmysqldump --defaults-extra-file=/tmp/.my.cnf.$$ --all-databases',
  ],
  [
    'n98-mysql-cli-p-flag-with-warning',
    "$ mysql -uroot -p«{a14}» -e 'SHOW DATABASES'\nmysql: [Warning] Using a password on the command line interface can be insecure.\n+--------------------+\n| Database           |",
  ],
  [
    'n98-mysql-user-native-password-hash-table',
    "mysql> SELECT user, host, authentication_string FROM mysql.user WHERE plugin='mysql_native_password';\n+--------+-----------+-------------------------------------------+\n| user   | host      | authentication_string                     |\n+--------+-----------+-------------------------------------------+\n| app    | 10.0.%    | «*{H40}» |\n+--------+-----------+-------------------------------------------+",
  ],
  [
    'n98-galera-wsrep-sst-auth',
    '[galera]\nwsrep_on = ON\nwsrep_cluster_address = gcomm://10.0.0.11,10.0.0.12,10.0.0.13\nwsrep_sst_method = mariabackup\nwsrep_sst_auth = sstuser:«{a16}»',
  ],
  ['n98-smbcredentials-file-cat', '$ sudo cat /root/.smbcredentials\nusername=svc_backup\npassword=«{a16}»\ndomain=CORP'],
  [
    'n98-fstab-cifs-inline-password',
    '# /etc/fstab\nUUID=0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0 /  ext4 errors=remount-ro 0 1\n//nas01/media /mnt/media cifs username=kodi,password=«{a14}»,uid=1000,gid=1000,iocharset=utf8 0 0',
  ],
  ['n98-mount-cifs-pass-alias', 'sudo mount -t cifs //fs01.corp.local/share /mnt/share -o user=jdoe,pass=«{a12}»,vers=3.0,sec=ntlmssp'],
  [
    'n98-autofs-cifs-map-password',
    '# /etc/auto.cifs\nprojects -fstype=cifs,rw,username=bob,password=«{a15}»,file_mode=0660 ://fs01/projects',
  ],
  ['n98-smbclient-domain-user-percent-pass', "smbclient //fs01/finance -U 'CORP\\svc_scan%«{a16}»' -c 'ls'"],
  [
    'n98-net-ads-join-admin-percent',
    "root@files02:~# net ads join -U Administrator%«{a14}»\nUsing short domain name -- CORP\nJoined 'FILES02' to dns domain 'corp.local'",
  ],
  [
    'n98-pdbedit-lw-nt-hash',
    '# pdbedit -Lw\njdoe:1001:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:«{H32}»:[U          ]:LCT-{H8}:\nscanner:1002:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:«{H32}»:[U          ]:LCT-{H8}:',
  ],
  ['n98-smbpasswd-file-lm-and-nt', '$ sudo cat /etc/samba/smbpasswd\nlegacy:1005:«{H32}»:«{H32}»:[UX         ]:LCT-{H8}:'],
  [
    'n98-smbpasswd-w-ldap-admin',
    '# store the ldap admin dn password in secrets.tdb\nsmbpasswd -w «{a16}»\nSetting stored password for "cn=admin,dc=corp,dc=local" in secrets.tdb',
  ],
  [
    'n98-samba-tool-user-create-password',
    "samba-tool user create jsmith '«{a14}»' --given-name=John --surname=Smith --mail-address=jsmith@corp.local",
  ],
  [
    'n98-chap-secrets-pptpd-two-clients',
    '# cat /etc/ppp/chap-secrets\n# Secrets for authentication using CHAP\n# client\tserver\tsecret\t\t\tIP addresses\n"vpnuser1"\tpptpd\t"«{a14}»"\t*\n"vpnuser2"\tpptpd\t"«{a14}»"\t10.0.8.12',
  ],
  ['n98-pap-secrets-dsl-isp', '# /etc/ppp/pap-secrets\n# client\t\tserver\tsecret\n"acme123@dsl.isp.net"\t*\t"«{a12}»"'],
  [
    'n98-ppp-options-l2tpd-client-password',
    '# /etc/ppp/options.l2tpd.client\nipcp-accept-local\nipcp-accept-remote\nrefuse-eap\nrequire-mschap-v2\nnoccp\nname vpnuser\npassword «{a16}»',
  ],
  ['n98-chap-secrets-unquoted-pppoe', '# PPPoE account added by pppoeconf\nb1234567@broadband.isp.de * «{a10}»'],
  [
    'n98-wpa-supplicant-psk-quoted',
    'ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=DE\n\nnetwork={\n\tssid="HomeNet-5G"\n\tpsk="«{a16}»"\n\tkey_mgmt=WPA-PSK\n}',
  ],
  [
    'n98-wpa-passphrase-output-both-forms',
    '$ wpa_passphrase Office\nreading passphrase from stdin\n«{a14}»\nnetwork={\n\tssid="Office"\n\t#psk="«{a14}»"\n\tpsk=«{h64}»\n}',
  ],
  [
    'n98-wpa-supplicant-peap-mschapv2-password',
    'network={\n    ssid="CORP-WLAN"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="jdoe@corp.local"\n    password="«{a16}»"\n    ca_cert="/etc/ssl/certs/corp-root.pem"\n    phase2="auth=MSCHAPV2"\n}',
  ],
  [
    'n98-wpa-supplicant-eap-tls-key-passwd',
    'network={\n  ssid="eduroam"\n  key_mgmt=WPA-EAP\n  eap=TLS\n  identity="host/lab-07"\n  client_cert="/etc/wpa/lab-07.crt"\n  private_key="/etc/wpa/lab-07.key"\n  private_key_passwd="«{a18}»"\n}',
  ],
  [
    'n98-wpa-supplicant-nt-password-hash',
    '# password stored as NtPasswordHash instead of plaintext\n\tidentity="svc-kiosk"\n\tpassword=hash:«{h32}»',
  ],
  [
    'n98-hostapd-wpa-and-sae-passphrase',
    'interface=wlan0\nssid=lab-ap\nhw_mode=a\nchannel=36\nwpa=2\nwpa_key_mgmt=WPA-PSK SAE\nrsn_pairwise=CCMP\nwpa_passphrase=«{a20}»\nsae_password=«{a20}»',
  ],
  [
    'n98-hostapd-radius-shared-secret',
    'ieee8021x=1\nauth_server_addr=10.0.0.20\nauth_server_port=1812\nauth_server_shared_secret=«{a24}»\nacct_server_addr=10.0.0.20\nacct_server_shared_secret=«{a24}»',
  ],
  ['n98-hostapd-eap-user-mschapv2', '# /etc/hostapd/hostapd.eap_user\n*\t\tPEAP\n"guest"\tMSCHAPV2\t"«{a12}»"\t[2]'],
  [
    'n98-nm-keyfile-wifi-security-psk',
    '$ sudo cat /etc/NetworkManager/system-connections/Cafe.nmconnection\n[connection]\nid=Cafe\ntype=wifi\n\n[wifi]\nssid=Cafe\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=«{a16}»',
  ],
  ['n98-nmcli-device-wifi-connect-password', 'nmcli dev wifi connect "Warehouse-2" password "«{a12}»" ifname wlp2s0'],
  [
    'n98-nmcli-show-secrets-psk-field',
    '$ nmcli --show-secrets connection show Warehouse-2 | grep psk\n802-11-wireless-security.psk:           «{a18}»\n802-11-wireless-security.psk-flags:     0 (none)',
  ],
  [
    'n98-netplan-wifi-access-point-password',
    'network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        "shop-floor":\n          password: "«{a16}»"',
  ],
  [
    'n98-iwd-psk-file-passphrase-and-hex',
    '# cat /var/lib/iwd/lab.psk\n[Security]\nPassphrase=«{a14}»\nPreSharedKey=«{h64}»\nSAE-PT-Group19={h64}',
  ],
  ['n98-ipsec-secrets-bare-psk', '# /etc/ipsec.secrets - strongSwan IPsec secrets file\n: PSK "«{a32}»"'],
  ['n98-ipsec-secrets-ids-base64-psk', 'moon.strongswan.org sun.strongswan.org : PSK «0s{b42}w=»'],
  ['n98-ipsec-secrets-eap-xauth-beside-rsa', ': RSA moonKey.pem\ncarol : EAP "«{a14}»"\ndave : XAUTH "«{a12}»"'],
  ['n98-libreswan-secrets-at-ids', '# cat /etc/ipsec.d/office.secrets\n@office @datacenter : PSK "«{a40}»"'],
  ['n98-ipsec-secrets-any-hex-psk', '%any %any : PSK «0x{h64}»'],
  ['n98-ipsec-secrets-rsa-key-passphrase', ': RSA /etc/ipsec.d/private/vpn-gw.key "«{a16}»"'],
  ['n98-racoon-psk-txt', '# /etc/racoon/psk.txt\n# IPv4/v6 addresses\n203.0.113.10\t«{a24}»\n198.51.100.7\t«{a24}»'],
  [
    'n98-swanctl-secrets-ike-and-eap',
    'secrets {\n   ike-site {\n      id-1 = vpn.acme.net\n      secret = «0s{b42}E=»\n   }\n   eap-carol {\n      id = carol\n      secret = "«{a16}»"\n   }\n}',
  ],
  ['n98-swanctl-private-key-passphrase', 'secrets {\n    private-gw {\n        file = gw.key.pem\n        secret = "«{a18}»"\n    }\n}'],
  ['n98-swanctl-ntlm-hash-secret', '    ntlm-jdoe {\n        id = jdoe\n        secret = «0x{h32}»\n    }'],
  [
    'n98-ansible-lineinfile-ipsec-psk',
    "- name: PSK for the branch tunnel\n  lineinfile:\n    path: /etc/ipsec.secrets\n    line: '%any 198.51.100.40 : PSK \"«{a28}»\"'\n    mode: '0600'",
  ],
  ['n98-openvpn-auth-user-pass-file-cat', '$ sudo cat /etc/openvpn/client/office.creds\njdoe\n«{a16}»'],
  [
    'n98-openvpn-inline-auth-user-pass',
    'client\ndev tun\nproto udp\nremote vpn.acme.net 1194\n<auth-user-pass>\nsvc-vpn\n«{a20}»\n</auth-user-pass>',
  ],
  [
    'n98-openvpn-ta-key-file-full',
    '$ cat /etc/openvpn/server/ta.key\n#\n# 2048 bit OpenVPN static key\n#\n«-----BEGIN OpenVPN Static key V1-----\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n-----END OpenVPN Static key V1-----»',
  ],
  [
    'n98-openvpn-inline-tls-crypt-block',
    'remote gw.acme.net 443 tcp\ncipher AES-256-GCM\nauth SHA256\n<tls-crypt>\n«-----BEGIN OpenVPN Static key V1-----\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n-----END OpenVPN Static key V1-----»\n</tls-crypt>',
  ],
  [
    'n98-openvpn-inline-tls-auth-key-direction',
    'key-direction 1\n<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n«-----BEGIN OpenVPN Static key V1-----\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n-----END OpenVPN Static key V1-----»\n</tls-auth>',
  ],
  [
    'n98-openvpn-tls-crypt-v2-client-key',
    '<tls-crypt-v2>\n«-----BEGIN OpenVPN tls-crypt-v2 client key-----\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b36}\n-----END OpenVPN tls-crypt-v2 client key-----»\n</tls-crypt-v2>',
  ],
  [
    'n98-openvpn-inline-ec-private-key',
    '<cert>\n-----BEGIN CERTIFICATE-----\nMIIBdzCCAR2gAwIBAgIRAK{b40}\n-----END CERTIFICATE-----\n</cert>\n<key>\n«-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg{b16}\n{b64}\n{b56}\n-----END PRIVATE KEY-----»\n</key>',
  ],
  ['n98-openvpn-askpass-file-contents', 'askpass /etc/openvpn/server/key.pass\n\n# cat /etc/openvpn/server/key.pass\n«{a24}»'],
  ['n98-openvpn-process-substitution-creds', "sudo openvpn --config office.ovpn --auth-user-pass <(printf 'jdoe\\n«{a14}»\\n')"],
  [
    'n98-openvpn-ta-key-ansible-var-block',
    'openvpn_server_port: 1194\nopenvpn_ta_key: |\n  «-----BEGIN OpenVPN Static key V1-----\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n-----END OpenVPN Static key V1-----»',
  ],
  [
    'n98-wg-conf-interface-and-psk',
    '[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPrivateKey = «{b42}E=»\n\n[Peer]\nPublicKey = {b42}k=\nPresharedKey = «{b42}I=»\nAllowedIPs = 10.8.0.2/32',
  ],
  ['n98-wg-genpsk-output', '$ wg genpsk | tee peer-laptop.psk\n«{b42}0=»'],
  ['n98-wg-genkey-bare-output', '$ umask 077; wg genkey\n«{b42}M=»'],
  [
    'n98-wg-cat-privatekey-file',
    'root@edge:~# cat /etc/wireguard/privatekey\n«{b42}Y=»\nroot@edge:~# cat /etc/wireguard/publickey\n{b42}g=',
  ],
  [
    'n98-networkd-wireguardpeer-presharedkey',
    '[WireGuardPeer]\nPublicKey={b42}s=\nPresharedKey=«{b42}4=»\nAllowedIPs=10.20.0.0/16\nEndpoint=hub.acme.net:51820',
  ],
  [
    'n98-nm-wireguard-keyfile-private-key',
    '[wireguard]\nlisten-port=51820\nprivate-key=«{b42}c=»\n\n[wireguard-peer.{b42}A=]\nendpoint=198.51.100.9:51820\nallowed-ips=0.0.0.0/0;',
  ],
  ['n98-nmcli-modify-wireguard-private-key', 'nmcli con modify wg-office wireguard.private-key "«{b42}U=»"'],
  ['n98-wg-set-private-key-process-subst', 'sudo wg set wg0 private-key <(echo «{b42}o=») peer {b42}8= allowed-ips 10.9.0.2/32'],
  [
    'n98-gluetun-compose-wireguard-env',
    '    environment:\n      - VPN_SERVICE_PROVIDER=custom\n      - VPN_TYPE=wireguard\n      - WIREGUARD_PRIVATE_KEY=«{b42}Q=»\n      - WIREGUARD_PRESHARED_KEY=«{b42}w=»\n      - WIREGUARD_ADDRESSES=10.64.0.2/32',
  ],
  [
    'n98-openwrt-uci-wireguard-keys',
    "config interface 'wg0'\n\toption proto 'wireguard'\n\toption private_key '«{b42}E=»'\n\tlist addresses '10.14.0.1/24'\n\nconfig wireguard_wg0\n\toption public_key '{b42}I='\n\toption preshared_key '«{b42}k=»'",
  ],
  [
    'n98-freeradius-clients-conf-subnet',
    'client ap-floor2 {\n\tipaddr = 10.20.2.0/24\n\tsecret = «{a24}»\n\tshortname = ap-floor2\n\tnas_type = other\n}',
  ],
  ['n98-freeradius-users-cleartext-password', 'bob\tCleartext-Password := "«{a14}»"\n\tReply-Message := "Hello, %{User-Name}"'],
  ['n98-freeradius-users-nt-password', 'jdoe\tNT-Password := «0x{H32}»\n\tService-Type = Framed-User'],
  [
    'n98-radtest-password-and-secret',
    '$ radtest bob «{a12}» 127.0.0.1 0 «{a20}»\nSent Access-Request Id 214 from 0.0.0.0:44731 to 127.0.0.1:1812 length 73',
  ],
  ['n98-radclient-echo-attrs-secret', 'echo "User-Name=alice,User-Password=«{a12}»" | radclient -x 10.0.0.5:1812 auth «{a20}»'],
  [
    'n98-freeradius-proxy-home-server-secret',
    'home_server corp-idp {\n\ttype = auth+acct\n\tipaddr = 10.50.0.4\n\tport = 1812\n\tsecret = «{a28}»\n}',
  ],
  [
    'n98-freeradius-ldap-module-bind-password',
    "ldap {\n\tserver = 'ldaps://dc01.corp.local'\n\tidentity = 'cn=radius,ou=svc,dc=corp,dc=local'\n\tpassword = «{a20}»\n\tbase_dn = 'dc=corp,dc=local'\n}",
  ],
  [
    'n98-snmpd-ro-and-rw-communities',
    '# /etc/snmp/snmpd.conf\nagentAddress udp:161\nrocommunity «{a16}» 10.0.0.0/8\nrwcommunity «{a20}» 127.0.0.1\nsysLocation DC1, rack 12',
  ],
  [
    'n98-snmpd-com2sec-community',
    'com2sec readonly  10.0.0.0/8  «{a14}»\ngroup   MyROGroup v2c readonly\nview    all included .1 80\naccess  MyROGroup "" any noauth exact all none none',
  ],
  [
    'n98-snmpd-createuser-sha512-aes',
    '# /var/lib/snmp/snmpd.conf (stop snmpd before editing)\ncreateUser monitor SHA-512 "«{a20}»" AES "«{a20}»"',
  ],
  [
    'n98-net-snmp-create-v3-user-cmd',
    'sudo systemctl stop snmpd\nsudo net-snmp-create-v3-user -ro -A «{a16}» -a SHA -X «{a16}» -x AES nagios',
  ],
  ['n98-snmpwalk-v3-authpriv-flags', "snmpwalk -v3 -l authPriv -u librenms -a SHA -A '«{a18}»' -x AES -X '«{a18}»' 10.1.1.1 sysDescr"],
  [
    'n98-snmpget-v2c-community-flag',
    '$ snmpget -v2c -c «{a14}» core-sw1 SNMPv2-MIB::sysUpTime.0\nSNMPv2-MIB::sysUpTime.0 = Timeticks: (123456789) 14 days, 6:56:07.89',
  ],
  [
    'n98-snmpd-persistent-usmuser-localized-keys',
    'usmUser 1 3 0x80001f8880{h16}00000000 "monitor" "monitor" NULL .1.3.6.1.6.3.10.1.1.3 «0x{h40}» .1.3.6.1.6.3.10.1.2.4 «0x{h32}» ""',
  ],
  [
    'n98-snmptrapd-authcommunity',
    '# /etc/snmp/snmptrapd.conf\nauthCommunity log,execute,net «{a14}»\ntraphandle default /usr/local/bin/trap2slack',
  ],
  [
    'n98-snmp-conf-def-passphrases',
    '# ~/.snmp/snmp.conf\ndefSecurityName ops\ndefSecurityLevel authPriv\ndefAuthType SHA\ndefPrivType AES\ndefAuthPassphrase «{a18}»\ndefPrivPassphrase «{a18}»',
  ],
  ['n98-tac-plus-key-and-cleartext-login', 'key = "«{a24}»"\n\nuser = jdoe {\n    login = cleartext "«{a14}»"\n    member = netadmins\n}'],
  ['n98-tac-plus-des-login', 'user = oldops {\n\tdefault service = permit\n\tlogin = des «{p13}»\n}'],
  [
    'n98-tac-plus-ng-host-key',
    'id = spawnd { listen = { port = 49 } }\nid = tac_plus {\n    host = world {\n        address = 0.0.0.0/0\n        key = "«{a20}»"\n    }\n}',
  ],
  [
    'n98-keepalived-auth-pass-vrrp',
    'vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    priority 150\n    authentication {\n        auth_type PASS\n        auth_pass «{a8}»\n    }\n    virtual_ipaddress {\n        10.0.0.100/24\n    }\n}',
  ],
  [
    'n98-keepalived-auth-pass-comment-8chars',
    '    authentication {\n        auth_type PASS\n        auth_pass «{a8}»   # keepalived only uses the first 8 chars\n    }',
  ],
  ['n98-rsyncd-secrets-two-users', '$ sudo cat /etc/rsyncd.secrets\nbackup:«{a20}»\nmirror:«{a16}»'],
  [
    'n98-rsync-client-password-file-echo',
    "echo '«{a18}»' > /etc/rsync.pass && chmod 600 /etc/rsync.pass\nrsync -az --password-file=/etc/rsync.pass /srv/www/ backup@nas01::www",
  ],
  ['n98-postfix-sasl-passwd-sendgrid', '# /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:«SG.{B22}.{B43}»'],
  ['n98-postfix-sasl-passwd-gmail-app-password', '[smtp.gmail.com]:587 alerts@acme.io:«{L16}»'],
  ['n98-postfix-sasl-passwd-ses-smtp', '[email-smtp.eu-west-1.amazonaws.com]:587 AKIA{u16}:«{b44}»'],
  [
    'n98-postfix-mysql-map-password',
    "# /etc/postfix/mysql-virtual-mailbox-maps.cf\nuser = mailuser\npassword = «{a20}»\nhosts = 127.0.0.1\ndbname = mailserver\nquery = SELECT 1 FROM virtual_users WHERE email='%s'",
  ],
  ['n98-postfix-static-sasl-map-inline', "postconf -e 'smtp_sasl_password_maps = static:relay-user:«{a16}»'"],
  [
    'n98-dovecot-passwd-file-sha512-crypt',
    '# /etc/dovecot/users\njdoe@acme.io:{SHA512-CRYPT}«$6${p16}${p86}»::::::\nops@acme.io:{SHA512-CRYPT}«$6${p16}${p86}»::::::',
  ],
  ['n98-dovecot-passwd-file-plain-scheme', 'bob:«{PLAIN}{a14}»:1001:1001::/home/bob::userdb_mail=maildir:~/Maildir'],
  ['n98-doveadm-pw-blf-crypt-output', '$ doveadm pw -s BLF-CRYPT\nEnter new password:\nRetype new password:\n{BLF-CRYPT}«$2y$05${p53}»'],
  ['n98-dovecot-argon2id-entry', 'alice:{ARGON2ID}«$argon2id$v=19$m=65536,t=3,p=1${b22}${b43}»'],
  [
    'n98-dovecot-sql-connect-password',
    '# /etc/dovecot/dovecot-sql.conf.ext\ndriver = mysql\nconnect = host=127.0.0.1 dbname=mail user=dovecot password=«{a18}»\ndefault_pass_scheme = SHA512-CRYPT',
  ],
  ['n98-dovecot-doveadm-password', '# conf.d/10-doveadm.conf\ndoveadm_port = 12345\ndoveadm_password = «{a24}»'],
  ['n98-dovecot-master-users-bcrypt', '$ cat /etc/dovecot/master-users\nadmin:«{CRYPT}$2y$10${p53}»'],
  [
    'n98-nslcd-conf-bindpw',
    'uri ldaps://ldap.acme.io/\nbase dc=acme,dc=io\nbinddn cn=nslcd,ou=svc,dc=acme,dc=io\nbindpw «{a20}»\ntls_reqcert demand',
  ],
  [
    'n98-pam-ldap-conf-bindpw',
    '# /etc/ldap.conf (libpam-ldap)\nhost 10.0.0.30\nbase dc=corp,dc=local\nbinddn cn=proxyuser,dc=corp,dc=local\nbindpw «{a16}»\nrootbinddn cn=admin,dc=corp,dc=local',
  ],
  [
    'n98-ldap-secret-file-cat',
    '# ls -l /etc/ldap.secret\n-rw------- 1 root root 17 May  3 09:12 /etc/ldap.secret\n# cat /etc/ldap.secret\n«{a16}»',
  ],
  [
    'n98-ldapsearch-w-flag',
    "ldapsearch -x -H ldap://ldap.acme.io -D \"cn=admin,dc=acme,dc=io\" -w '«{a16}»' -b ou=people,dc=acme,dc=io '(uid=jdoe)'",
  ],
  ['n98-slapd-conf-rootpw-ssha', 'database\tmdb\nsuffix\t\t"dc=acme,dc=io"\nrootdn\t\t"cn=Manager,dc=acme,dc=io"\nrootpw\t\t«{SSHA}{b32}»'],
  ['n98-olcrootpw-ldif', 'dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: «{SSHA}{b32}»'],
  ['n98-slappasswd-s-and-output', "$ slappasswd -s '«{a14}»'\n«{SSHA}{b32}»"],
  [
    'n98-sssd-conf-authtok-password',
    '[domain/acme.io]\nid_provider = ldap\nldap_uri = ldaps://ldap.acme.io\nldap_default_bind_dn = cn=sssd,ou=svc,dc=acme,dc=io\nldap_default_authtok_type = password\nldap_default_authtok = «{a20}»',
  ],
  ['n98-sssd-conf-obfuscated-authtok', 'ldap_default_authtok_type = obfuscated_password\nldap_default_authtok = «AAAQA{b59}==»'],
  ['n98-debconf-nslcd-bindpw', "echo 'nslcd nslcd/ldap-bindpw password «{a16}»' | debconf-set-selections"],
  [
    'n98-named-conf-tsig-key-sha256',
    'key "xfr-key" {\n\talgorithm hmac-sha256;\n\tsecret "«{b42}Q=»";\n};\nserver 10.0.0.53 { keys { xfr-key; }; };',
  ],
  [
    'n98-tsig-keygen-sha512-output',
    '$ tsig-keygen -a hmac-sha512 ddns-key\nkey "ddns-key" {\n\talgorithm hmac-sha512;\n\tsecret "«{b85}g==»";\n};',
  ],
  ['n98-rndc-key-hmac-md5', '# cat /etc/bind/rndc.key\nkey "rndc-key" {\n\talgorithm hmac-md5;\n\tsecret "«{b21}A==»";\n};'],
  [
    'n98-rndc-conf-key-and-options',
    'key "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret "«{b42}8=»";\n};\n\noptions {\n\tdefault-key "rndc-key";\n\tdefault-server 127.0.0.1;\n\tdefault-port 953;\n};',
  ],
  [
    'n98-nsupdate-y-flag',
    "nsupdate -y hmac-sha256:ddns-key:«{b42}U=» <<'EOF'\nserver ns1.acme.io\nupdate add host7.acme.io. 300 A 10.0.0.77\nsend\nEOF",
  ],
  ['n98-dig-axfr-tsig-sha1', 'dig @ns1.acme.io acme.io AXFR -y hmac-sha1:xfr:«{b26}Y=»'],
  [
    'n98-knot-conf-key-secret',
    'key:\n  - id: xfr_key\n    algorithm: hmac-sha256\n    secret: «{b42}c=»\n\nacl:\n  - id: allow_xfr\n    key: xfr_key\n    action: transfer',
  ],
  ['n98-keymgr-t-output', '$ keymgr -t knot-xfr hmac-sha256\nkey:\n  - id: knot-xfr\n    algorithm: hmac-sha256\n    secret: «{b42}0=»'],
  [
    'n98-dnssec-keygen-private-file',
    '$ cat Kacme.io.+013+24680.private\nPrivate-key-format: v1.3\nAlgorithm: 13 (ECDSAP256SHA256)\nPrivateKey: «{b42}s=»\nCreated: 20240501093000\nPublish: 20240501093000\nActivate: 20240501093000',
  ],
  [
    'n98-pdnsutil-generate-tsig-output',
    '$ pdnsutil generate-tsig-key xfr-key hmac-sha512\nCreate new TSIG key xfr-key hmac-sha512 «{b85}w==»',
  ],
  [
    'n98-kea-ddns-tsig-keys-json',
    '"tsig-keys": [\n  {\n    "name": "ddns",\n    "algorithm": "HMAC-SHA256",\n    "secret": "«{b42}M=»"\n  }\n]',
  ],
  [
    'n98-external-dns-rfc2136-secret-arg',
    '        args:\n          - --provider=rfc2136\n          - --rfc2136-host=10.0.0.53\n          - --rfc2136-tsig-keyname=externaldns\n          - --rfc2136-tsig-secret=«{b42}I=»\n          - --rfc2136-tsig-secret-alg=hmac-sha256',
  ],
  [
    'n98-dhcpd-omapi-key-block',
    'key omapi_key {\n\talgorithm hmac-md5;\n\tsecret "«{b21}Q==»";\n}\nomapi-port 7911;\nomapi-key omapi_key;',
  ],
  ['n98-omshell-key-command', '$ omshell\n> server 127.0.0.1\n> port 7911\n> key omapi_key «{b21}g==»\n> connect\nobj: <null>'],
  [
    'n98-dhcpd-ddns-updater-key',
    'ddns-update-style standard;\nkey DHCP_UPDATER {\n  algorithm HMAC-MD5.SIG-ALG.REG.INT;\n  secret «{b21}w==»;\n}\nzone acme.lan. { primary 127.0.0.1; key DHCP_UPDATER; }',
  ],
  ['n98-chrony-keys-hex-sha1-sha256', '# /etc/chrony.keys\n1 SHA1 HEX:«{H40}»\n2 SHA256 HEX:«{H64}»'],
  ['n98-chronyc-keygen-output', '$ chronyc keygen 73 SHA256 256\n73 SHA256 HEX:«{H64}»'],
  [
    'n98-ntp-keys-md5-and-sha1',
    '# /etc/ntp.keys\n1 M «{a20}»\n15 SHA1 «{h40}»\n\n# ntp.conf: trustedkey 1 15 / requestkey 15 / controlkey 15',
  ],
  [
    'n98-ntp-keygen-md5key-file',
    '# ntpkey_MD5key_ntp1.acme.io.3923400000\n# Tue May 14 10:00:00 2024\n 1 MD5 «{a20}»  # MD5 key\n 2 MD5 «{a20}»  # MD5 key\n11 SHA1 «{h40}»  # SHA1 key',
  ],
  [
    'n98-haproxy-stats-auth',
    'listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats refresh 10s\n    stats auth admin:«{a18}»',
  ],
  [
    'n98-haproxy-userlist-hash-and-insecure',
    'userlist ops\n    group admins users ops,ci\n    user ops password «$6${p16}${p86}»\n    user ci insecure-password «{a16}»',
  ],
  [
    'n98-haproxy-set-header-basic',
    'backend legacy_api\n    http-request set-header Authorization "Basic «YXBpOn{b28}=»"\n    server api1 10.0.3.10:8080 check',
  ],
  [
    'n98-haproxy-tcp-check-redis-auth',
    'backend redis\n    option tcp-check\n    tcp-check send AUTH\\ «{a20}»\\r\\n\n    tcp-check expect string +OK\n    server r1 10.0.0.7:6379 check',
  ],
  [
    'n98-nginx-proxy-basic-auth-header',
    'location /upstream/ {\n    proxy_pass https://backend.internal/;\n    proxy_set_header Authorization "Basic «dXBzdHJlYW06{b24}»";\n}',
  ],
  [
    'n98-apache-proxypass-userinfo',
    'ProxyPass        /reports http://svc-report:«{a16}»@10.0.0.9:8080/reports\nProxyPassReverse /reports http://10.0.0.9:8080/reports',
  ],
  [
    'n98-apache-ssl-passphrase-script',
    'SSLPassPhraseDialog exec:/usr/local/sbin/ssl-pass.sh\n\n$ cat /usr/local/sbin/ssl-pass.sh\n#!/bin/sh\necho "«{a20}»"',
  ],
  ['n98-nginx-ssl-password-file-contents', 'ssl_password_file /etc/nginx/ssl/pass.txt;\n\n$ sudo cat /etc/nginx/ssl/pass.txt\n«{a24}»'],
  [
    'n98-apache-authldap-bind-password',
    '<Location /wiki>\n  AuthType Basic\n  AuthBasicProvider ldap\n  AuthLDAPURL "ldaps://ldap.acme.io/ou=people,dc=acme,dc=io?uid"\n  AuthLDAPBindDN "cn=apache,ou=svc,dc=acme,dc=io"\n  AuthLDAPBindPassword "«{a18}»"\n  Require valid-user\n</Location>',
  ],
  [
    'n98-squid-cache-peer-login',
    'cache_peer proxy.upstream.net parent 3128 0 no-query default login=squid01:«{a16}»\nnever_direct allow all',
  ],
  [
    'n98-exim-passwd-client-file',
    '# /etc/exim4/passwd.client\n# target.mail.server.example:login:password\n*.mailgun.org:postmaster@mg.acme.io:«{a32}»',
  ],
  ['n98-exim-client-send-plain', 'smarthost_login:\n  driver = plaintext\n  public_name = PLAIN\n  client_send = ^relay@acme.io^«{a16}»'],
  ['n98-exim-server-condition-literal', '  server_condition = ${if and {{eq{$auth2}{admin}}{eq{$auth3}{«{a14}»}}}}'],
  [
    'n98-msmtprc-password',
    'account default\nhost smtp.fastmail.com\nport 587\ntls on\nauth on\nuser ops@acme.io\npassword «{a16}»\nfrom ops@acme.io',
  ],
  [
    'n98-ssmtp-conf-authpass',
    'root=postmaster\nmailhub=smtp.office365.com:587\nAuthUser=alerts@acme.io\nAuthPass=«{a16}»\nUseSTARTTLS=YES',
  ],
  ['n98-sendmail-authinfo', 'AuthInfo:smtp.acme.io "U:relay" "I:relay" "P:«{a18}»" "M:PLAIN LOGIN"'],
  ['n98-fetchmailrc-poll-password', 'poll imap.acme.io protocol IMAP\n  user "jdoe" password "«{a14}»" is jdoe here\n  ssl fetchall'],
  [
    'n98-muttrc-imap-smtp-pass',
    'set imap_user = "jdoe@acme.io"\nset imap_pass = "«{a16}»"\nset smtp_url = "smtp://jdoe@acme.io@smtp.acme.io:587/"\nset smtp_pass = "«{a16}»"',
  ],
  ['n98-cron-mysqldump-p-inline', "0 3 * * * mysqldump -u backup -p'«{a16}»' --all-databases | gzip > /srv/backup/db-$(date +\\%F).sql.gz"],
  ['n98-cron-curl-basic-ping', '*/15 * * * * curl -fsS -u monitor:«{a14}» https://status.acme.io/ping >/dev/null'],
  ['n98-cron-pgpassword-pg-dump', '30 1 * * * PGPASSWORD=«{a18}» pg_dump -h db01 -U backup billing > /backup/billing.sql'],
  ['n98-cron-sshpass-reverse-tunnel', "@reboot sshpass -p '«{a12}»' ssh -fN -R 2222:localhost:22 tunnel@jump.acme.io"],
  [
    'n98-crontab-l-wget-http-password',
    '$ crontab -l\nMAILTO=ops@acme.io\n# m h dom mon dow command\n45 5 * * * wget -q --http-user=mirror --http-password=«{a16}» -O /srv/feeds/prices.csv https://feeds.acme.io/prices.csv',
  ],
  [
    'n98-systemd-unit-environment-quoted',
    '[Service]\nUser=app\nEnvironment="DB_PASSWORD=«{a20}»"\nEnvironment=DB_HOST=db01\nExecStart=/opt/app/bin/server',
  ],
  [
    'n98-systemctl-show-environment',
    '$ systemctl show app.service -p Environment\nEnvironment=NODE_ENV=production PORT=8080 SMTP_PASS=«{a16}»',
  ],
  [
    'n98-systemd-override-redis-password',
    '$ sudo systemctl edit worker.service\n### Editing /etc/systemd/system/worker.service.d/override.conf\n[Service]\nEnvironment=REDIS_URL=redis://:«{a24}»@10.0.0.7:6379/0',
  ],
  [
    'n98-systemd-restic-password-env',
    '[Service]\nType=oneshot\nEnvironment=RESTIC_REPOSITORY=sftp:backup@nas01:/restic\nEnvironment=RESTIC_PASSWORD=«{a24}»\nExecStart=/usr/bin/restic backup /etc /srv',
  ],
  [
    'n98-ps-aux-password-flag',
    '$ ps aux | grep [b]ackup\nroot     21457  0.3  0.1  24576  9120 ?  S  03:00  0:01 /usr/bin/mysqldump --user=backup --password=«{a16}» --all-databases',
  ],
  ['n98-sudo-s-echo-password', "echo '«{a14}»' | sudo -S apt-get -y upgrade"],
  ['n98-expect-ssh-send-password', '#!/usr/bin/expect -f\nspawn ssh admin@10.0.0.1\nexpect "assword:"\nsend "«{a14}»\\r"\ninteract'],
  [
    'n98-expect-passwd-change',
    'set pw "«{a14}»"\nspawn passwd svc_app\nexpect "New password:"\nsend "$pw\\r"\nexpect "Retype new password:"\nsend "$pw\\r"\nexpect eof',
  ],
  ['n98-chpasswd-echo', "echo 'deploy:«{a16}»' | sudo chpasswd"],
  ['n98-usermod-p-sha512-hash', "sudo usermod -p '«$6${p16}${p86}»' deploy"],
  ['n98-useradd-openssl-passwd-plaintext', 'useradd -m -s /bin/bash -p "$(openssl passwd -6 \'«{a14}»\')" ci'],
  ['n98-openssl-passwd-6-prompt-output', '$ openssl passwd -6\nPassword:\nVerifying - Password:\n«$6${p16}${p86}»'],
  ['n98-openssl-passwd-apr1-arg', "$ openssl passwd -apr1 '«{a12}»'\n«$apr1${p8}${p22}»"],
  ['n98-openssl-passwd-1-md5crypt', '$ openssl passwd -1\nPassword:\nVerifying - Password:\n«$1${p8}${p22}»'],
  ['n98-openssl-passwd-5-sha256crypt', "$ openssl passwd -5 -stdin <<< '«{a16}»'\n«$5${p16}${p43}»"],
  ['n98-mkpasswd-sha512-rounds', '$ mkpasswd -m sha-512 -R 500000\nPassword:\n«$6$rounds=500000${p16}${p86}»'],
  ['n98-mkpasswd-yescrypt-output', '$ mkpasswd -m yescrypt\nPassword:\n«$y$j9T${p22}${p43}»'],
  ['n98-shadow-root-sha512-line', 'root:«$6${p16}${p86}»:19845:0:99999:7:::\ndaemon:*:19800:0:99999:7:::'],
  ['n98-getent-shadow-yescrypt', '$ sudo getent shadow deploy\ndeploy:«$y$j9T${p22}${p43}»:19912:0:99999:7:::'],
  [
    'n98-etckeeper-shadow-diff',
    '--- a/shadow\n+++ b/shadow\n@@ -27 +27 @@\n-deploy:!:19700:0:99999:7:::\n+deploy:«$y$j9T${p22}${p43}»:19912:0:99999:7:::',
  ],
  ['n98-bsd-master-passwd-bcrypt', '# grep ops /etc/master.passwd\nops:«$2b$10${p53}»:1001:1001::0:0:Ops User:/home/ops:/bin/ksh'],
  ['n98-aix-security-passwd-stanza', 'ops:\n        password = «{p13}»\n        lastupdate = 1714650000\n        flags = ADMCHG'],
  [
    'n98-cloud-init-passwd-and-chpasswd',
    '#cloud-config\nusers:\n  - name: ops\n    passwd: «$6${p16}${p86}»\n    lock_passwd: false\nchpasswd:\n  expire: false\n  list: |\n    root:«{a14}»',
  ],
  [
    'n98-kickstart-rootpw-and-user-plaintext',
    'rootpw --iscrypted «$6${p16}${p86}»\nuser --name=admin --groups=wheel --password=«{a14}» --plaintext',
  ],
  [
    'n98-ansible-password-hash-filter-literal',
    "- name: Create ops user\n  ansible.builtin.user:\n    name: ops\n    password: \"{{ '«{a16}»' | password_hash('sha512') }}\"\n    groups: sudo",
  ],
  [
    'n98-grub-password-pbkdf2',
    'cat <<\'EOF\' >> /etc/grub.d/40_custom\nset superusers="root"\npassword_pbkdf2 root «grub.pbkdf2.sha512.10000.{H128}.{H128}»\nEOF',
  ],
  ['n98-redis-conf-requirepass-masterauth', '# redis.conf\nbind 127.0.0.1 10.0.0.7\nrequirepass «{a32}»\nmasterauth «{a32}»'],
  ['n98-redis-acl-plain-password', 'user worker on >«{a20}» ~jobs:* &jobs:* +@list +@connection'],
  ['n98-mosquitto-passwd-file', '$ cat /etc/mosquitto/passwd\nsensor01:«$7$101${b16}${b85}g==»'],
  ['n98-pgbouncer-userlist-scram', '; /etc/pgbouncer/userlist.txt\n"app" "«SCRAM-SHA-256$4096:{b22}==${b42}c=:{b42}k=»"'],
  [
    'n98-postgres-primary-conninfo-password',
    "primary_conninfo = 'host=10.0.0.4 port=5432 user=replicator password=«{a20}» application_name=standby1'",
  ],
  ['n98-heartbeat-authkeys', '# /etc/ha.d/authkeys\nauth 1\n1 sha1 «{a24}»'],
  [
    'n98-zabbix-agent-psk-file',
    'TLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK-web01\nTLSPSKFile=/etc/zabbix/zabbix_agentd.psk\n\n# cat /etc/zabbix/zabbix_agentd.psk\n«{h64}»',
  ],
  ['n98-bacula-director-password', 'Director {\n  Name = bacula-dir\n  DIRport = 9101\n  Password = "«{a44}»"\n}'],
  [
    'n98-nut-upsd-users-and-monitor',
    '# /etc/nut/upsd.users\n[upsmon]\n\tpassword = «{a16}»\n\tupsmon master\n\n# /etc/nut/upsmon.conf\nMONITOR ups@localhost 1 upsmon «{a16}» master',
  ],
  ['n98-asterisk-sip-secret', '[1001]\ntype=friend\ncontext=internal\nhost=dynamic\nsecret=«{a16}»\ndisallow=all\nallow=ulaw'],
  ['n98-proxychains-socks5-creds', '[ProxyList]\n# type  host  port [user pass]\nsocks5  10.0.0.5 1080 proxyuser «{a14}»'],
  [
    'n98-stunnel-psk-secrets',
    '[redis-tls]\nclient = yes\naccept = 127.0.0.1:6380\nconnect = 10.0.0.7:6381\nPSKsecrets = /etc/stunnel/psk.txt\n\n$ cat /etc/stunnel/psk.txt\nclient1:«{a32}»',
  ],
  ['n98-varnish-secret-file', '$ sudo cat /etc/varnish/secret\n«{a32}»\n$ varnishadm -S /etc/varnish/secret -T localhost:6082 ping'],
  ['n98-proftpd-sqlconnectinfo', 'SQLBackend mysql\nSQLConnectInfo proftpd@localhost proftpd «{a18}»\nSQLAuthTypes Crypt'],
  [
    'n98-vsftpd-virtual-users-source',
    '$ cat /etc/vsftpd/virtual_users.txt\nuploader\n«{a14}»\n$ db_load -T -t hash -f /etc/vsftpd/virtual_users.txt /etc/vsftpd/virtual_users.db',
  ],
  ['n98-ipmitool-lanplus-p-flag', "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P '«{a14}»' chassis power status"],
  [
    'n98-ipa-client-install-password',
    "ipa-client-install --domain=corp.local --server=ipa1.corp.local --principal=admin --password='«{a16}»' --mkhomedir -U",
  ],
  [
    'n98-chat-prose-keepalived-and-snmp',
    'ok so on lb1 the vrrp auth_pass is «{a8}» and snmpd uses community «{a16}», lb2 needs the same or failover breaks',
  ],
  ['n98-chat-prose-wifi-handoff', 'guest wifi for the offsite: SSID Acme-Offsite, WPA2 key «{a14}» (rotating it Monday)'],
  [
    'n98-chat-prose-radius-secret-for-ap',
    'for the new APs point them at 10.0.0.20:1812, shared secret is «{a24}», same one as the switches',
  ],
  [
    'n98-journal-smbpasswd-debug-leak',
    'May 14 10:02:11 files02 app[3312]: DEBUG mount cmd: mount.cifs //fs01/share /mnt/share -o username=svc,password=«{a16}»',
  ],
  ['n98-smb-url-userinfo-password', "gio mount 'smb://CORP;jdoe:«{a14}»@fs01.corp.local/projects'"],
  [
    'n98-dovecot-log-debug-password-leak',
    "May 14 09:12:40 mx1 dovecot: auth: Debug: passwd-file(ops@acme.io,10.0.0.9): SHA512-CRYPT(«{a14}») != '$6$...' (given password)",
  ],
];

export const BLIND98_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'n98-neg-wg-peer-block-public-keys-only',
    '[Interface]\nAddress = 10.8.0.2/32\nPostUp = wg set %i private-key /etc/wireguard/%i.key\n\n[Peer]\nPublicKey = {b42}E=\nEndpoint = vpn.acme.net:51820\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 25',
  ],
  [
    'n98-neg-wg-show-output',
    'interface: wg0\n  public key: {b42}k=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b42}Q=\n  preshared key: (hidden)\n  endpoint: 198.51.100.23:41822\n  allowed ips: 10.8.0.2/32\n  latest handshake: 1 minute, 12 seconds ago\n  transfer: 18.42 MiB received, 96.10 MiB sent',
  ],
  ['n98-neg-wg-pubkey-pipeline-output', '$ wg genkey | tee /etc/wireguard/laptop.key | wg pubkey | tee /etc/wireguard/laptop.pub\n{b42}I='],
  [
    'n98-neg-openvpn-key-file-paths',
    'client\ndev tun\nremote vpn.acme.net 1194 udp\nca /etc/openvpn/client/ca.crt\ncert /etc/openvpn/client/laptop.crt\nkey /etc/openvpn/client/laptop.key\ntls-auth /etc/openvpn/ta.key 1\nauth-user-pass /etc/openvpn/client/office.creds\ncipher AES-256-GCM',
  ],
  [
    'n98-neg-openvpn-server-tls-crypt-path',
    'port 1194\nproto udp\ndev tun\nca ca.crt\ncert server.crt\nkey server.key  # This file should be kept secret\ndh none\ntls-crypt tc.key\nserver 10.8.0.0 255.255.255.0\nauth SHA256',
  ],
  [
    'n98-neg-openvpn-log-session-ids',
    "2024-05-14 10:11:02 TLS: Initial packet from [AF_INET]198.51.100.4:51234, sid={h8} {h8}\n2024-05-14 10:11:02 VERIFY OK: depth=0, CN=laptop-jdoe\n2024-05-14 10:11:03 Outgoing Data Channel: Cipher 'AES-256-GCM' initialized with 256 bit key\n2024-05-14 10:11:03 laptop-jdoe/198.51.100.4:51234 MULTI_sva: pool returned IPv4=10.8.0.6",
  ],
  [
    'n98-neg-ipsec-secrets-rsa-refs-and-include',
    '# /etc/ipsec.secrets\n: RSA gw.acme.net.key.pem\n: ECDSA /etc/ipsec.d/private/ecKey.pem\ninclude /var/lib/strongswan/ipsec.secrets.inc',
  ],
  [
    'n98-neg-swanctl-list-sas-spis',
    "$ swanctl --list-sas\nsite-to-site: #3, ESTABLISHED, IKEv2, {h16}_i* {h16}_r\n  local  'vpn.acme.net' @ 203.0.113.1[4500]\n  remote 'dc.acme.net' @ 198.51.100.7[4500]\n  AES_GCM_16-256/PRF_HMAC_SHA2_256/ECP_256\n  net: #7, reqid 1, INSTALLED, TUNNEL, ESP:AES_GCM_16-256\n    installed 1412s ago, rekeying in 1813s, expires in 2188s\n    in  {h8}_i,  4821734 bytes,  9112 packets\n    out {h8}_o, 10492211 bytes, 11004 packets",
  ],
  [
    'n98-neg-swanctl-conf-ansible-var',
    'secrets {\n    ike-branch {\n        id = branch.acme.net\n        secret = {{ ipsec_branch_psk }}\n    }\n}',
  ],
  [
    'n98-neg-ip-xfrm-policy-output',
    '$ sudo ip xfrm policy\nsrc 10.1.0.0/16 dst 10.2.0.0/16\n\tdir out priority 375423 ptype main\n\ttmpl src 203.0.113.1 dst 198.51.100.7\n\t\tproto esp spi 0x{h8} reqid 1 mode tunnel',
  ],
  [
    'n98-neg-shadow-locked-and-system-accounts',
    'root:!:19845:0:99999:7:::\ndaemon:*:19800:0:99999:7:::\nbin:*:19800:0:99999:7:::\nsshd:!*:19800::::::\npostgres:!!:19801::::::\nnobody:*:19800:0:99999:7:::',
  ],
  [
    'n98-neg-passwd-lines-x-field',
    'root:x:0:0:root:/root:/bin/bash\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\ndeploy:x:1001:1001:Deploy User,,,:/home/deploy:/bin/bash\nsystemd-network:x:998:998:systemd Network Management:/:/usr/sbin/nologin',
  ],
  [
    'n98-neg-passwd-s-all-status',
    '$ sudo passwd -S -a | head -4\nroot L 05/01/2024 0 99999 7 -1\ndaemon L 04/22/2024 0 99999 7 -1\ndeploy P 06/12/2024 0 99999 7 -1\nci NP 06/12/2024 0 99999 7 -1',
  ],
  [
    'n98-neg-chage-l-output',
    '$ sudo chage -l deploy\nLast password change\t\t\t\t\t: Jun 12, 2024\nPassword expires\t\t\t\t\t: never\nPassword inactive\t\t\t\t\t: never\nAccount expires\t\t\t\t\t\t: never\nMinimum number of days between password change\t\t: 0\nMaximum number of days between password change\t\t: 99999',
  ],
  [
    'n98-neg-ssh-keygen-fingerprints',
    '$ for f in /etc/ssh/ssh_host_*_key.pub; do ssh-keygen -lf "$f"; done\n256 SHA256:{b43} root@web01 (ECDSA)\n256 SHA256:{b43} root@web01 (ED25519)\n3072 SHA256:{b43} root@web01 (RSA)',
  ],
  [
    'n98-neg-known-hosts-hashed-entries',
    '$ head -2 ~/.ssh/known_hosts\n|1|{b27}=|{b27}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\n|1|{b27}=|{b27}= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b87}=',
  ],
  [
    'n98-neg-sshd-journal-accepted-publickey',
    'May 14 08:01:12 web01 sshd[18822]: Accepted publickey for deploy from 10.0.0.5 port 51234 ssh2: ED25519 SHA256:{b43}\nMay 14 08:01:12 web01 sshd[18822]: pam_unix(sshd:session): session opened for user deploy(uid=1001) by (uid=0)',
  ],
  [
    'n98-neg-sha256sum-config-files',
    '$ sha256sum /etc/ipsec.conf /etc/ppp/chap-secrets /etc/wireguard/wg0.conf\n{h64}  /etc/ipsec.conf\n{h64}  /etc/ppp/chap-secrets\n{h64}  /etc/wireguard/wg0.conf',
  ],
  [
    'n98-neg-bind-server-keys-reference',
    'include "/etc/bind/keys/xfr-key.conf";\n\nserver 10.0.0.54 {\n\tkeys { xfr-key; };\n};\n\nzone "acme.io" {\n\ttype primary;\n\tfile "/var/lib/bind/db.acme.io";\n\tallow-transfer { key xfr-key; };\n\tupdate-policy { grant ddns-key zonesub ANY; };\n};',
  ],
  [
    'n98-neg-named-controls-rndc-include',
    'include "/etc/bind/rndc.key";\ncontrols {\n\tinet 127.0.0.1 port 953 allow { 127.0.0.1; } keys { "rndc-key"; };\n};',
  ],
  ['n98-neg-dnssec-ds-record-digest', '$ dnssec-dsfromkey -2 Kacme.io.+013+24680.key\nacme.io. IN DS 24680 13 2 {H64}'],
  ['n98-neg-dnskey-record-public', 'acme.io.\t3600\tIN\tDNSKEY\t257 3 13 {b86}==\nacme.io.\t3600\tIN\tDNSKEY\t256 3 13 {b86}=='],
  [
    'n98-neg-tsig-algorithm-names-list',
    'supported TSIG algorithms: hmac-md5, hmac-sha1, hmac-sha224, hmac-sha256, hmac-sha384, hmac-sha512\n(we use hmac-sha256 for xfr-key and ddns-key, names must match on both primaries)',
  ],
  [
    'n98-neg-dnssec-keygen-filename-output',
    '$ dnssec-keygen -a ECDSAP256SHA256 -f KSK acme.io\nGenerating key pair.\nKacme.io.+013+24680\n$ ls\nKacme.io.+013+24680.key  Kacme.io.+013+24680.private',
  ],
  [
    'n98-neg-knot-acl-key-reference',
    'acl:\n  - id: xfr_from_primary\n    address: 10.0.0.53\n    key: xfr_key\n    action: notify\nremote:\n  - id: primary\n    address: 10.0.0.53@53\n    key: xfr_key',
  ],
  [
    'n98-neg-dhcpd-omapi-key-name-only',
    'omapi-port 7911;\nomapi-key omapi_key;\ninclude "/etc/dhcp/omapi.key";\nddns-update-style standard;\nddns-domainname "acme.lan.";',
  ],
  [
    'n98-neg-dhcpd-leases-macs-uids',
    'lease 10.0.0.23 {\n  starts 2 2024/05/14 08:12:01;\n  ends 2 2024/05/14 20:12:01;\n  binding state active;\n  hardware ethernet 52:54:00:{h2}:{h2}:{h2};\n  uid "\\001RT\\000\\021\\"3";\n  client-hostname "printer-3f";\n}',
  ],
  [
    'n98-neg-chronyc-authdata',
    '$ chronyc -N authdata\nName/IP address             Mode KeyID Type KLen Last Atmp  NAK Cook CLen\n=========================================================================\nntp1.acme.io                 SYM     1 SHA1  160   15    0    0    0    0\nntp2.acme.io                 SYM     2 SHA256 256  17    0    0    0    0',
  ],
  [
    'n98-neg-ntp-conf-trustedkey-ids',
    'keys /etc/ntp.keys\ntrustedkey 1 2 15\nrequestkey 15\ncontrolkey 15\nserver ntp1.acme.io iburst key 1\nserver ntp2.acme.io iburst key 2',
  ],
  [
    'n98-neg-snmpd-conf-views-no-community',
    'agentAddress udp:161,udp6:[::1]:161\nview systemonly included .1.3.6.1.2.1.1\nview systemonly included .1.3.6.1.2.1.25.1\nrouser monitor authpriv -V systemonly\nsysLocation DC1, rack 12\nsysContact noc@acme.io\nincludeDir /etc/snmp/snmpd.conf.d',
  ],
  [
    'n98-neg-snmpd-persistent-engineid',
    '# /var/lib/snmp/snmpd.conf (auto-generated)\nengineBoots 17\noldEngineID 0x80001f8880{h16}{h8}\nsetserialno 1987654321',
  ],
  [
    'n98-neg-snmpwalk-macs-and-engine',
    'IF-MIB::ifPhysAddress.2 = STRING: 52:54:0:{h2}:{h2}:{h2}\nIF-MIB::ifDescr.2 = STRING: eth0\nSNMP-FRAMEWORK-MIB::snmpEngineID.0 = Hex-STRING: 80 00 1F 88 80 {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2}\nSNMPv2-MIB::sysName.0 = STRING: core-sw1',
  ],
  [
    'n98-neg-snmpd-createuser-angle-placeholders',
    '# template, real values come from vault:\n# createUser <username> SHA "<authpass>" AES "<privpass>"\n# rouser <username> priv',
  ],
  [
    'n98-neg-freeradius-debug-hidden-secret',
    'client localhost {\n\tipaddr = 127.0.0.1\n\trequire_message_authenticator = no\n\tsecret = <<< secret >>>\n\tnas_type = "other"\n\tproto = "*"\n}',
  ],
  [
    'n98-neg-freeradius-clients-env-secret',
    'client switches {\n\tipaddr = 10.30.0.0/16\n\tsecret = $ENV{RADIUS_SWITCH_SECRET}\n\tshortname = switches\n}',
  ],
  [
    'n98-neg-radclient-access-accept-authenticator',
    'Received Access-Accept Id 171 from 127.0.0.1:1812 to 127.0.0.1:56789 length 38\n\tMessage-Authenticator = 0x{h32}\n\tReply-Message = "Hello, bob"',
  ],
  [
    'n98-neg-freeradius-auth-log',
    'Tue May 14 09:01:44 2024 : Auth: (1811) Login OK: [jdoe] (from client ap-floor2 port 0 cli AA-BB-CC-{H2}-{H2}-{H2})\nTue May 14 09:02:10 2024 : Auth: (1812) Login incorrect (mschap: MS-CHAP2-Response is incorrect): [guest] (from client ap-floor2 port 0 cli AA-BB-CC-{H2}-{H2}-{H2})',
  ],
  [
    'n98-neg-keepalived-no-auth-block',
    'vrrp_instance VI_1 {\n    state BACKUP\n    interface eth0\n    virtual_router_id 51\n    priority 100\n    advert_int 1\n    track_script { chk_haproxy }\n    virtual_ipaddress { 10.0.0.100/24 dev eth0 }\n}',
  ],
  [
    'n98-neg-rsyncd-conf-secrets-file-path',
    '[backups]\n    path = /srv/backups\n    auth users = backup\n    secrets file = /etc/rsyncd.secrets\n    hosts allow = 10.0.0.0/24\n    read only = false',
  ],
  [
    'n98-neg-stat-rsyncd-secrets-inode',
    '$ stat /etc/rsyncd.secrets\n  File: /etc/rsyncd.secrets\n  Size: 58        \tBlocks: 8          IO Block: 4096   regular file\nDevice: 259,2\tInode: 1835{d4}     Links: 1\nAccess: (0600/-rw-------)  Uid: (    0/    root)   Gid: (    0/    root)',
  ],
  [
    'n98-neg-postfix-log-queue-ids',
    'May 14 11:02:33 mx1 postfix/smtp[22811]: {H10}: to=<ops@acme.io>, relay=smtp.sendgrid.net[167.89.118.52]:587, delay=0.91, delays=0.02/0.01/0.41/0.47, dsn=2.0.0, status=sent (250 Ok: queued as {B22})',
  ],
  [
    'n98-neg-dovecot-passdb-passwd-file-args',
    'passdb {\n  driver = passwd-file\n  args = scheme=SHA512-CRYPT username_format=%u /etc/dovecot/users\n}\nuserdb {\n  driver = static\n  args = uid=vmail gid=vmail home=/var/mail/%d/%n\n}',
  ],
  [
    'n98-neg-dovecot-login-log-session',
    'May 14 09:12:40 mx1 dovecot: imap-login: Login: user=<jdoe@acme.io>, method=PLAIN, rip=198.51.100.9, lip=10.0.0.25, mpid=31122, TLS, session=<{a16}>',
  ],
  [
    'n98-neg-exim-server-condition-vars',
    'plain_server:\n  driver = plaintext\n  public_name = PLAIN\n  server_condition = "${if saslauthd{{$auth2}{$auth3}}{1}{0}}"\n  server_set_id = $auth2\n  server_prompts = :',
  ],
  [
    'n98-neg-nslcd-conf-no-bindpw',
    'uid nslcd\ngid nslcd\nuri ldaps://ldap.acme.io/\nbase dc=acme,dc=io\n# no binddn/bindpw: anonymous binds are allowed for nss lookups\ntls_cacertfile /etc/ssl/certs/ca-certificates.crt',
  ],
  [
    'n98-neg-sssd-conf-gssapi-keytab',
    '[domain/corp.local]\nid_provider = ldap\nauth_provider = krb5\nldap_sasl_mech = GSSAPI\nldap_sasl_authid = host/web01.corp.local@CORP.LOCAL\nkrb5_keytab = /etc/krb5.keytab\nldap_default_authtok_type = password\nldap_default_authtok =',
  ],
  [
    'n98-neg-ldapsearch-entryuuid-csn',
    'dn: uid=jdoe,ou=people,dc=acme,dc=io\nentryUUID: {h8}-{h4}-{h4}-{h4}-{h12}\nentryCSN: 20240514090144.123456Z#000000#001#000000\nmodifiersName: cn=admin,dc=acme,dc=io\nloginShell: /bin/bash',
  ],
  ['n98-neg-pdbedit-l-no-hashes', '$ sudo pdbedit -L\njdoe:1001:John Doe\nscanner:1002:Scan Service\nnobody:65534:nobody'],
  ['n98-neg-net-getlocalsid', '$ sudo net getlocalsid\nSID for domain FILES02 is: S-1-5-21-{d10}-{d10}-{d10}'],
  [
    'n98-neg-fstab-credentials-path-and-uuids',
    'UUID={h8}-{h4}-{h4}-{h4}-{h12} /     ext4 errors=remount-ro 0 1\nUUID={H4}-{H4}                            /boot/efi vfat umask=0077 0 1\n//nas01/media /mnt/media cifs credentials=/root/.smbcredentials,uid=1000,gid=1000,vers=3.0,_netdev 0 0',
  ],
  [
    'n98-neg-mount-cifs-kernel-options',
    '$ mount | grep cifs\n//nas01/media on /mnt/media type cifs (rw,relatime,vers=3.0,cache=strict,username=kodi,uid=1000,forceuid,gid=1000,forcegid,addr=10.0.0.40,file_mode=0755,dir_mode=0755,soft,nounix,serverino,mapposix,rsize=4194304,wsize=4194304)',
  ],
  ['n98-neg-smbcredentials-empty-template', '# ~/.smbcredentials — fill in and chmod 600\nusername=\npassword=\ndomain=CORP'],
  [
    'n98-neg-pgpass-format-doc-line',
    '# each line of ~/.pgpass is\n# hostname:port:database:username:password\n# and * matches anything in the first four fields',
  ],
  [
    'n98-neg-mysql-config-editor-print',
    '$ mysql_config_editor print --all\n[client]\nuser = "root"\npassword = *****\nhost = "localhost"\n[backup]\nuser = "backup"\npassword = *****',
  ],
  [
    'n98-neg-my-cnf-shell-variable',
    'mysqldump -u backup -p"$MYSQL_PWD" --single-transaction billing > billing.sql\n# MYSQL_PWD is exported from /etc/default/backup',
  ],
  [
    'n98-neg-configparser-interpolation',
    '[database]\nuser = app\npassword = %(db_password)s\ndsn = mysql://%(user)s:%(password)s@db01/app',
  ],
  [
    'n98-neg-pppd-lcp-magic-log',
    'rcvd [LCP ConfReq id=0x1 <mru 1492> <auth chap MD5> <magic 0x{h8}>]\nsent [LCP ConfAck id=0x1 <mru 1492> <auth chap MD5> <magic 0x{h8}>]\nCHAP authentication succeeded\nlocal  IP address 100.64.12.7\nremote IP address 100.64.0.1',
  ],
  [
    'n98-neg-wpa-cli-status',
    '$ wpa_cli -i wlan0 status\nbssid=a4:2b:b0:{h2}:{h2}:{h2}\nfreq=5180\nssid=CORP-WLAN\nid=0\nmode=station\npairwise_cipher=CCMP\ngroup_cipher=CCMP\nkey_mgmt=WPA2/IEEE 802.1X/EAP\nwpa_state=COMPLETED\nip_address=10.20.2.77\naddress=3c:22:fb:{h2}:{h2}:{h2}\nuuid={h8}-{h4}-5{h3}-a{h3}-{h12}',
  ],
  [
    'n98-neg-nmcli-psk-hidden',
    '$ nmcli connection show Warehouse-2 | grep -i wireless-security\n802-11-wireless-security.key-mgmt:      wpa-psk\n802-11-wireless-security.psk:           <hidden>\n802-11-wireless-security.psk-flags:     0 (none)',
  ],
  [
    'n98-neg-hostapd-psk-file-reference',
    'interface=wlan0\nbssid=02:00:00:{h2}:{h2}:{h2}\nssid=lab-ap\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_psk_file=/etc/hostapd/hostapd.wpa_psk\nrsn_pairwise=CCMP',
  ],
  [
    'n98-neg-haproxy-stats-auth-env',
    'listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats realm HAProxy\\ Statistics\n    stats auth "${STATS_USER}:${STATS_PASS}"',
  ],
  [
    'n98-neg-haproxy-log-unique-id',
    'May 14 12:00:01 lb1 haproxy[811]: 198.51.100.9:50122 [14/May/2024:12:00:01.112] fe_https~ be_api/api2 0/0/1/14/15 200 912 - - ---- 311/302/4/2/0 0/0 {{H32}} "GET /v1/orders HTTP/2.0"',
  ],
  [
    'n98-neg-nginx-auth-basic-user-file',
    'location /admin/ {\n    auth_basic "Restricted";\n    auth_basic_user_file /etc/nginx/.htpasswd;\n    proxy_pass http://127.0.0.1:9000;\n}',
  ],
  [
    'n98-neg-apache-authuserfile-directives',
    '<Directory /var/www/private>\n    AuthType Basic\n    AuthName "Staff only"\n    AuthBasicProvider file\n    AuthUserFile /etc/apache2/.htpasswd\n    Require valid-user\n</Directory>',
  ],
  [
    'n98-neg-nginx-access-log-request-id',
    '10.0.0.5 - ops [14/May/2024:12:01:55 +0000] "GET /admin/ HTTP/1.1" 200 1532 "-" "curl/8.5.0" rid={h32} rt=0.004',
  ],
  [
    'n98-neg-squid-cache-peer-passthru',
    'cache_peer proxy.upstream.net parent 3128 0 no-query default login=PASSTHRU\ncache_peer backup-proxy.upstream.net parent 3128 0 no-query login=PROXYPASS\nauth_param basic program /usr/lib/squid/basic_ncsa_auth /etc/squid/passwd',
  ],
  [
    'n98-neg-cron-schedules-defaults-file',
    '# m h dom mon dow command\n30 2 * * * /usr/local/bin/db-backup.sh --defaults-extra-file=/root/.my.cnf\n*/5 * * * * /usr/lib/nagios/plugins/check_disk -w 20% -c 10% -p / > /dev/null\n0 4 * * 0 /usr/sbin/logrotate /etc/logrotate.conf',
  ],
  [
    'n98-neg-cron-password-from-file',
    '15 1 * * * PGPASSWORD="$(cat /root/.dbpass)" pg_dump -h db01 -U backup billing | gzip > /backup/billing.sql.gz',
  ],
  [
    'n98-neg-systemd-environmentfile-loadcredential',
    '[Service]\nEnvironmentFile=/etc/default/app\nEnvironment=NODE_ENV=production PORT=8080\nLoadCredential=db-password:/etc/credstore/app.db-password\nExecStart=/opt/app/bin/server --db-password-file=${CREDENTIALS_DIRECTORY}/db-password',
  ],
  [
    'n98-neg-systemctl-list-units-vpn',
    "$ systemctl list-units --type=service | grep -E 'wg|openvpn|strongswan'\n  wg-quick@wg0.service            loaded active exited WireGuard via wg-quick(8) for wg0\n  openvpn-client@office.service   loaded active running OpenVPN tunnel for office\n  strongswan.service              loaded active running strongSwan IPsec IKEv1/IKEv2 daemon using swanctl",
  ],
  [
    'n98-neg-expect-env-password',
    '#!/usr/bin/expect -f\nset pass $env(VPN_PASS)\nspawn openconnect --user=jdoe vpn.acme.net\nexpect "Password:"\nsend "$pass\\r"\ninteract',
  ],
  [
    'n98-neg-sudoers-nopasswd-lines',
    'Defaults\tenv_reset\nDefaults\tsecure_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"\n%admin  ALL=(ALL) ALL\ndeploy  ALL=(root) NOPASSWD: /usr/bin/systemctl restart nginx, /usr/bin/systemctl reload haproxy',
  ],
  [
    'n98-neg-login-defs-and-pam-password',
    '# /etc/login.defs\nENCRYPT_METHOD YESCRYPT\nYESCRYPT_COST_FACTOR 5\nPASS_MAX_DAYS 99999\n# /etc/pam.d/common-password\npassword [success=1 default=ignore] pam_unix.so obscure yescrypt',
  ],
  [
    'n98-neg-id-and-getent-group',
    '$ id deploy\nuid=1001(deploy) gid=1001(deploy) groups=1001(deploy),27(sudo),998(docker)\n$ getent group sudo\nsudo:x:27:ops,deploy',
  ],
  [
    'n98-neg-ls-li-inodes-etc',
    '$ ls -li /etc/wireguard/\ntotal 8\n1835{d3} -rw------- 1 root root 203 May 14 09:00 wg0.conf\n1835{d3} -rw------- 1 root root  45 May 14 09:00 privatekey\n1835{d3} -rw-r--r-- 1 root root  45 May 14 09:00 publickey',
  ],
  [
    'n98-neg-dpkg-versions-vpn-packages',
    'ii  openvpn             2.6.3-1+deb12u2      amd64  virtual private network daemon\nii  strongswan-swanctl  5.9.8-5+deb12u1      amd64  strongSwan IPsec client, swanctl command\nii  wireguard-tools     1.0.20210914-1+b1    amd64  fast, modern, secure kernel VPN tunnel (userland utilities)\nii  freeradius          3.2.1+dfsg-4+deb12u1 amd64  high-performance and highly configurable RADIUS server',
  ],
  [
    'n98-neg-dmidecode-serials',
    'System Information\n\tManufacturer: Dell Inc.\n\tProduct Name: PowerEdge R650\n\tSerial Number: {u7}\n\tUUID: 4c4c4544-00{h2}-{h4}-80{h2}-{h12}\nChassis Information\n\tAsset Tag: ACME-{d6}',
  ],
  [
    'n98-neg-ip-link-mac-addresses',
    '2: eno1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000\n    link/ether b8:ca:3a:{h2}:{h2}:{h2} brd ff:ff:ff:ff:ff:ff\n5: wg0: <POINTOPOINT,NOARP,UP,LOWER_UP> mtu 1420 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\n    link/none',
  ],
  [
    'n98-neg-openssl-x509-fingerprint',
    '$ openssl x509 -in /etc/openvpn/server/server.crt -noout -serial -fingerprint -sha256\nserial={H32}\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  ['n98-neg-commented-secret-set-me', 'client new-site {\n\tipaddr = 10.44.0.0/16\n#\tsecret = <set me>\n\tshortname = new-site\n}'],
  [
    'n98-neg-ipsec-secrets-changeme-comment',
    '# /etc/ipsec.secrets (shipped default)\n# : PSK "changeme"\n# do not enable until the real PSK is in vault at secret/vpn/branch',
  ],
  [
    'n98-neg-redis-conf-requirepass-commented',
    '# requirepass foobared\n# masterauth <master-password>\naclfile /etc/redis/users.acl\nbind 127.0.0.1 -::1\nprotected-mode yes',
  ],
  [
    'n98-neg-chat-prose-where-secrets-live',
    'fyi none of the radius/tacacs shared secrets are in the repo anymore; clients.conf pulls them via $ENV{} and tac_plus reads key from /etc/tac_plus/key.conf (root 0600)',
  ],
  [
    'n98-neg-kubernetes-secret-ref-wireguard',
    '        env:\n          - name: WIREGUARD_PRIVATE_KEY\n            valueFrom:\n              secretKeyRef:\n                name: wg-client\n                key: private-key',
  ],
];
