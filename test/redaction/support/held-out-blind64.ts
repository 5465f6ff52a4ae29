/** A sixty-fourth held-out batch, written blind: network gear and VPN configs, Windows administration, identity tooling output, config management and IaC, self-hosted server configs, and the chats and tickets where they get pasted. */
export const BLIND64_POSITIVES: readonly (readonly [string, string])[] = [
  // ---- 1. network gear and VPN ----
  [
    'b64-cisco-ios-enable-secret-type9',
    '!\nhostname edge-rtr-02\n!\nboot-start-marker\nboot-end-marker\n!\nenable secret 9 «$9${p14}${p43}»\n!\nusername netops privilege 15 secret 9 «$9${p14}${p43}»\n!\nno aaa new-model',
  ],
  [
    'b64-cisco-ios-type5-secret',
    'Current configuration : 4812 bytes\n!\nversion 15.2\nservice timestamps debug datetime msec\n!\nhostname BR-SW-07\n!\nenable secret 5 «$1${p4}${p22}»\n!\nusername admin privilege 15 secret 5 «$1${p4}${p22}»',
  ],
  ['b64-cisco-ios-type8-user', 'username emergency privilege 15 secret 8 «$8${p14}${p43}»\n! break-glass account, see runbook NET-014'],
  [
    'b64-cisco-ios-username-password-0',
    'username backup privilege 15 password 0 «Rt7#vKq2-mgmt!»\nusername readonly privilege 1 password 0 «wAtch.Tower_88»\n!\nip ssh version 2',
  ],
  [
    'b64-cisco-ios-line-vty-password7',
    'line con 0\n password 7 «1{d1}{H16}»\n logging synchronous\nline vty 0 4\n password 7 «0{d1}{H18}»\n login\n transport input ssh',
  ],
  [
    'b64-cisco-tacacs-key7',
    'tacacs server ACS-1\n address ipv4 10.1.1.20\n key 7 «0{d1}{H24}»\ntacacs server ACS-2\n address ipv4 10.1.1.21\n key 7 «1{d1}{H24}»\n!\naaa group server tacacs+ TAC-GRP\n server name ACS-1\n server name ACS-2',
  ],
  [
    'b64-cisco-isakmp-key-0',
    'crypto isakmp policy 10\n encr aes 256\n hash sha256\n authentication pre-share\n group 14\ncrypto isakmp key «Vp4n-S1te2Site!xq» address 198.51.100.23\n!\ncrypto ipsec transform-set TS esp-aes 256 esp-sha256-hmac',
  ],
  [
    'b64-cisco-ikev2-keyring',
    'crypto ikev2 keyring KR-AZURE\n peer azure-gw\n  address 20.51.{d2}.{d3}\n  pre-shared-key «{a32}»\n !\n!\ncrypto ikev2 profile AZURE-PROF\n match identity remote address 20.51.0.0 255.255.0.0\n authentication remote pre-share\n authentication local pre-share\n keyring local KR-AZURE',
  ],
  [
    'b64-cisco-asa-tunnel-group-psk',
    'tunnel-group 203.0.113.40 type ipsec-l2l\ntunnel-group 203.0.113.40 general-attributes\n default-group-policy GP-BRANCH40\ntunnel-group 203.0.113.40 ipsec-attributes\n ikev2 remote-authentication pre-shared-key «{a24}»\n ikev2 local-authentication pre-shared-key «{a24}»',
  ],
  [
    'b64-cisco-asa-user-pbkdf2',
    'ASA5516# show running-config username\nusername fwadmin password «$sha512$5000${b22}==${b22}==» pbkdf2 privilege 15\nusername vpnuser password «{p16}» encrypted\nusername vpnuser attributes\n service-type remote-access',
  ],
  [
    'b64-cisco-ospf-md5',
    'interface GigabitEthernet0/1\n description uplink-to-core\n ip address 10.255.0.2 255.255.255.252\n ip ospf authentication message-digest\n ip ospf message-digest-key 1 md5 «0sPf!Area0-k3y»\n ip ospf network point-to-point',
  ],
  [
    'b64-cisco-key-chain-eigrp',
    'key chain EIGRP-KEYS\n key 1\n  key-string 7 «1{d1}{H20}»\n  accept-lifetime 00:00:00 Jan 1 2024 infinite\n  send-lifetime 00:00:00 Jan 1 2024 infinite\n!\ninterface Tunnel10\n ip authentication mode eigrp 100 md5\n ip authentication key-chain eigrp 100 EIGRP-KEYS',
  ],
  [
    'b64-cisco-wpa-psk',
    'dot11 ssid CORP-GUEST\n vlan 40\n authentication open\n authentication key-management wpa version 2\n guest-mode\n wpa-psk ascii 0 «GuestW1fi-Spr1ng#24»',
  ],
  [
    'b64-cisco-radius-server-key',
    'radius server ISE-PRIMARY\n address ipv4 10.10.5.11 auth-port 1812 acct-port 1813\n key 0 «iSe!Rad1us-7740»\nradius server ISE-SECONDARY\n address ipv4 10.10.5.12 auth-port 1812 acct-port 1813\n key 0 «iSe!Rad1us-7740»',
  ],
  [
    'b64-cisco-ntp-auth-key',
    'ntp authenticate\nntp authentication-key 5 md5 «0{d1}{H18}» 7\nntp trusted-key 5\nntp server 10.0.0.123 key 5 prefer',
  ],
  [
    'b64-cisco-snmp-community-rw',
    'snmp-server community «nM7x-Rw!core22» RW SNMP-MGMT-ACL\nsnmp-server community public RO\nsnmp-server location DC1-ROW4\nsnmp-server enable traps',
  ],
  [
    'b64-cisco-snmpv3-user',
    'snmp-server group NMS v3 priv\nsnmp-server user zabbix NMS v3 auth sha «Zbx-auth-{a10}» priv aes 128 «Zbx-priv-{a10}»\nsnmp-server host 10.0.9.5 version 3 priv zabbix',
  ],
  [
    'b64-cisco-ppp-chap',
    'interface Dialer1\n ip address negotiated\n encapsulation ppp\n dialer pool 1\n ppp chap hostname isp-user-41872@dsl.example.net\n ppp chap password 0 «dSl-{a10}»\n ppp pap sent-username isp-user-41872@dsl.example.net password 0 «dSl-pap-{a8}»',
  ],
  [
    'b64-cisco-bgp-neighbor-password',
    'router bgp 64512\n bgp log-neighbor-changes\n neighbor 192.0.2.9 remote-as 65010\n neighbor 192.0.2.9 description ISP-A transit\n neighbor 192.0.2.9 password «Bgp-Peer!{a8}»\n neighbor 192.0.2.9 ttl-security hops 1',
  ],
  [
    'b64-juniper-root-auth-sha512',
    'system {\n    host-name mx-edge-1;\n    root-authentication {\n        encrypted-password "«$6${p8}${p86}»"; ## SECRET-DATA\n    }\n    login {\n        user noc {\n            uid 2000;\n            class super-user;\n            authentication {\n                encrypted-password "«$6${p8}${p86}»"; ## SECRET-DATA\n            }\n        }\n    }\n}',
  ],
  [
    'b64-juniper-9-bgp-auth',
    'set protocols bgp group TRANSIT type external\nset protocols bgp group TRANSIT peer-as 65010\nset protocols bgp group TRANSIT neighbor 192.0.2.1 authentication-key "«$9${a10}.{a8}/{a12}»"',
  ],
  [
    'b64-juniper-ike-psk',
    'security {\n    ike {\n        policy IKE-POL {\n            mode main;\n            proposals IKE-PROP;\n            pre-shared-key ascii-text "«$9${a30}»"; ## SECRET-DATA\n        }\n        gateway GW-HQ {\n            ike-policy IKE-POL;\n            address 198.51.100.1;\n            external-interface ge-0/0/0.0;\n        }\n    }\n}',
  ],
  [
    'b64-juniper-radius-secret-set',
    'set system radius-server 10.0.0.50 port 1812\nset system radius-server 10.0.0.50 secret "«$9${a24}»"\nset system radius-server 10.0.0.50 source-address 10.0.0.1\nset system authentication-order [ radius password ]',
  ],
  [
    'b64-juniper-snmpv3-keys',
    'set snmp v3 usm local-engine user nms authentication-sha256 authentication-key "«$9${a64}»"\nset snmp v3 usm local-engine user nms privacy-aes128 privacy-key "«$9${a64}»"\nset snmp v3 vacm security-to-group security-model usm security-name nms group NMS-RO',
  ],
  [
    'b64-mikrotik-ppp-secrets',
    '# jan/02/2025 10:14:33 by RouterOS 7.14.2\n# software id = {u4}-{u4}\n#\n/ppp secret\nadd name=branch-kln password=«Kln!pptp-{a8}» profile=vpn-profile service=l2tp\nadd name=branch-dus password=«Dus!l2tp-{a8}» profile=vpn-profile service=l2tp\n/user\nadd group=full name=backup password=«bkp_{a12}»',
  ],
  [
    'b64-mikrotik-wifi-psk',
    '/interface wireless security-profiles\nset [ find default=yes ] supplicant-identity=MikroTik\nadd authentication-types=wpa2-psk mode=dynamic-keys name=cafe supplicant-identity="" wpa2-pre-shared-key=«Caf3-Lat7e!Wlan»',
  ],
  [
    'b64-mikrotik-ipsec-identity',
    '/ip ipsec peer\nadd address=198.51.100.44/32 exchange-mode=ike2 name=hq-peer\n/ip ipsec identity\nadd peer=hq-peer secret="«{a32}»"\n/ip ipsec policy\nadd dst-address=10.0.0.0/16 peer=hq-peer src-address=10.44.0.0/24 tunnel=yes',
  ],
  [
    'b64-mikrotik-wireguard-private-key',
    '/interface wireguard\nadd listen-port=13231 mtu=1420 name=wg0 private-key="«{b42}E=»"\n/interface wireguard peers\nadd allowed-address=10.99.0.2/32 interface=wg0 public-key="{b42}g="',
  ],
  [
    'b64-pfsense-user-bcrypt',
    '<user>\n\t<name>admin</name>\n\t<descr><![CDATA[System Administrator]]></descr>\n\t<scope>system</scope>\n\t<groupname>admins</groupname>\n\t<bcrypt-hash>«$2y$10${p53}»</bcrypt-hash>\n\t<uid>0</uid>\n\t<priv>user-shell-access</priv>\n</user>',
  ],
  [
    'b64-pfsense-ipsec-psk',
    '<phase1>\n\t<ikeid>1</ikeid>\n\t<iketype>ikev2</iketype>\n\t<interface>wan</interface>\n\t<remote-gateway>203.0.113.77</remote-gateway>\n\t<protocol>inet</protocol>\n\t<myid_type>myaddress</myid_type>\n\t<authentication_method>pre_shared_key</authentication_method>\n\t<pre-shared-key>«{a40}»</pre-shared-key>\n\t<descr><![CDATA[Branch Leipzig]]></descr>\n</phase1>',
  ],
  [
    'b64-pfsense-openvpn-tls-key',
    '<openvpn-server>\n\t<vpnid>1</vpnid>\n\t<mode>server_tls_user</mode>\n\t<protocol>UDP4</protocol>\n\t<local_port>1194</local_port>\n\t<tls>«IwojIDIwNDggYml0IE9wZW5WUE4gc3RhdGljIGtleQojCi0tLS0tQkVHSU4gT3BlblZQTiBTdGF0aWMga2V5IFYxLS0tLS0K{b560}»</tls>\n\t<tls_type>auth</tls_type>\n\t<dh_length>2048</dh_length>\n</openvpn-server>',
  ],
  [
    'b64-opnsense-ipsec-psk',
    '<preSharedKeys>\n  <preSharedKey uuid="{h8}-{h4}-{h4}-{h4}-{h12}">\n    <ident>branch-03.example.net</ident>\n    <remote_ident/>\n    <keyType>PSK</keyType>\n    <Key>«{a48}»</Key>\n    <description>branch 03 ikev2</description>\n  </preSharedKey>\n</preSharedKeys>',
  ],
  [
    'b64-wireguard-client-conf',
    '[Interface]\nAddress = 10.8.0.3/24\nPrivateKey = «{b42}A=»\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {b42}Y=\nPresharedKey = «{b42}w=»\nEndpoint = vpn.example.net:51820\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 25',
  ],
  [
    'b64-wireguard-showconf',
    'root@gw:~# wg showconf wg0\n[Interface]\nListenPort = 51820\nFwMark = 0xca6c\nPrivateKey = «{b42}k=»\n\n[Peer]\nPublicKey = {b42}c=\nAllowedIPs = 10.66.66.2/32\nEndpoint = 198.51.100.61:49822',
  ],
  [
    'b64-wireguard-networkd-netdev',
    '# /etc/systemd/network/99-wg0.netdev\n[NetDev]\nName=wg0\nKind=wireguard\nDescription=site tunnel\n\n[WireGuard]\nPrivateKey=«{b42}s=»\nListenPort=51820\n\n[WireGuardPeer]\nPublicKey={b42}U=\nPresharedKey=«{b42}0=»\nAllowedIPs=10.0.0.0/24\nEndpoint=hq.example.org:51820',
  ],
  [
    'b64-wireguard-genkey-terminal',
    'admin@vpn:~$ umask 077\nadmin@vpn:~$ wg genkey | tee privatekey | wg pubkey > publickey\nadmin@vpn:~$ cat privatekey publickey\n«{b42}M=»\n{b42}o=',
  ],
  [
    'b64-openvpn-tls-auth-inline',
    'client\ndev tun\nproto udp\nremote vpn.example.org 1194\nresolv-retry infinite\nnobind\nkey-direction 1\n<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n«{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}»\n-----END OpenVPN Static key V1-----\n</tls-auth>',
  ],
  [
    'b64-openvpn-tls-crypt-inline',
    'cipher AES-256-GCM\nauth SHA256\n<tls-crypt>\n-----BEGIN OpenVPN Static key V1-----\n«{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}»\n-----END OpenVPN Static key V1-----\n</tls-crypt>\nverb 3',
  ],
  [
    'b64-openvpn-auth-user-pass-file',
    '# client.conf\nauth-user-pass /etc/openvpn/creds.txt\n\n$ sudo cat /etc/openvpn/creds.txt\nm.kowalski\n«Wq8!zR2-tunnel»',
  ],
  [
    'b64-openvpn-inline-private-key',
    '<cert>\n-----BEGIN CERTIFICATE-----\nMIID{b60}\n{b64}\n{b64}\n-----END CERTIFICATE-----\n</cert>\n<key>\n«-----BEGIN PRIVATE KEY-----\nMIIEv{b59}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»\n</key>',
  ],
  [
    'b64-strongswan-ipsec-secrets',
    '# /etc/ipsec.secrets - strongSwan IPsec secrets file\n: RSA server-key.pem\n203.0.113.10 198.51.100.20 : PSK "«{a32}»"\ncarol : EAP "«c4rol-Eap#2291»"\n%any 192.0.2.0/24 : PSK 0s«{b43}=»',
  ],
  [
    'b64-strongswan-swanctl-secrets',
    'secrets {\n    ike-branch {\n        id = branch01.example.com\n        secret = «{a28}»\n    }\n    eap-alice {\n        id = alice\n        secret = "«Al1ce-roadw@rrior»"\n    }\n}',
  ],
  [
    'b64-freeradius-clients',
    'client wlc-01 {\n\tipaddr = 10.30.0.4\n\tsecret = «{a20}»\n\tshortname = wlc\n\tnas_type = cisco\n\trequire_message_authenticator = yes\n}',
  ],
  [
    'b64-freeradius-users-file',
    '# /etc/freeradius/3.0/mods-config/files/authorize\n"jsmith"  Cleartext-Password := "«Js!radius-2025»"\n\tReply-Message := "Hello, %{User-Name}"\n\n"printer-3f"  Cleartext-Password := "«Prn3F-{a10}»"',
  ],
  [
    'b64-netsnmp-createuser',
    '# /var/lib/snmp/snmpd.conf  (persistent, rewritten by snmpd)\ncreateUser monitor SHA-256 "«{a16}»" AES "«{a16}»"\nrouser monitor priv',
  ],
  [
    'b64-snmpd-rocommunity-secret',
    '# snmpd.conf\nagentaddress udp:161\nrocommunity «Xr9-{a12}» 10.0.0.0/8\nsyslocation "DC2 rack 14"\nsyscontact noc@example.com',
  ],
  [
    'b64-edgeos-encrypted-password',
    'system {\n    host-name er-branch\n    login {\n        user ubnt {\n            authentication {\n                encrypted-password «$6${p16}${p86}»\n                plaintext-password ""\n            }\n            level admin\n        }\n    }\n}',
  ],
  [
    'b64-fortigate-psksecret',
    'config vpn ipsec phase1-interface\n    edit "to-hq"\n        set interface "wan1"\n        set ike-version 2\n        set peertype any\n        set proposal aes256-sha256\n        set remote-gw 198.51.100.80\n        set psksecret «Fgt-{a20}»\n    next\nend',
  ],
  [
    'b64-fortigate-admin-hash',
    'config system admin\n    edit "admin"\n        set accprofile "super_admin"\n        set vdom "root"\n        set password ENC «SH2{b60}=»\n    next\nend',
  ],

  // ---- 2. Windows administration ----
  [
    'b64-unattend-admin-plaintext',
    '<component name="Microsoft-Windows-Shell-Setup" processorArchitecture="amd64" publicKeyToken="31bf3856ad364e35" language="neutral" versionScope="nonSxS">\n  <UserAccounts>\n    <AdministratorPassword>\n      <Value>«Bu1ld-Img!{a6}»</Value>\n      <PlainText>true</PlainText>\n    </AdministratorPassword>\n  </UserAccounts>\n  <TimeZone>W. Europe Standard Time</TimeZone>\n</component>',
  ],
  [
    'b64-unattend-autologon-encoded',
    '<AutoLogon>\n  <Password>\n    <Value>«{b76}AA==»</Value>\n    <PlainText>false</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <LogonCount>3</LogonCount>\n  <Username>Administrator</Username>\n</AutoLogon>',
  ],
  [
    'b64-unattend-domain-join',
    '<component name="Microsoft-Windows-UnattendedJoin" processorArchitecture="amd64" publicKeyToken="31bf3856ad364e35" language="neutral" versionScope="nonSxS">\n  <Identification>\n    <Credentials>\n      <Domain>corp.example.com</Domain>\n      <Password>«DjO1n-{a12}»</Password>\n      <Username>svc_djoin</Username>\n    </Credentials>\n    <JoinDomain>corp.example.com</JoinDomain>\n    <MachineObjectOU>OU=Workstations,DC=corp,DC=example,DC=com</MachineObjectOU>\n  </Identification>\n</component>',
  ],
  [
    'b64-unattend-local-account',
    '<LocalAccounts>\n  <LocalAccount wcm:action="add">\n    <Password>\n      <Value>«Kiosk#{d4}-Lobby»</Value>\n      <PlainText>true</PlainText>\n    </Password>\n    <Description>Lobby kiosk</Description>\n    <DisplayName>kiosk</DisplayName>\n    <Group>Users</Group>\n    <Name>kiosk</Name>\n  </LocalAccount>\n</LocalAccounts>',
  ],
  [
    'b64-rdp-password51',
    'screen mode id:i:2\ndesktopwidth:i:1920\ndesktopheight:i:1080\nfull address:s:ts01.corp.example.com\nusername:s:CORP\\jlee\npassword 51:b:«01000000D08C9DDF0115D1118C7A00C04FC297EB01000000{H640}»\nprompt for credentials:i:0\nauthentication level:i:2',
  ],
  [
    'b64-reg-winlogon-defaultpassword',
    'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="CORP"\n"DefaultPassword"="«K1osk-{a10}»"\n"ForceAutoLogon"=dword:00000001',
  ],
  [
    'b64-reg-tightvnc-password',
    'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\TightVNC\\Server]\n"Password"=hex:«{h2},{h2},{h2},{h2},{h2},{h2},{h2},{h2}»\n"ControlPassword"=hex:«{h2},{h2},{h2},{h2},{h2},{h2},{h2},{h2}»\n"RfbPort"=dword:0000170c\n"UseVncAuthentication"=dword:00000001',
  ],
  [
    'b64-reg-putty-proxy-password',
    'Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\jump-host]\n"HostName"="jump.corp.example.com"\n"PortNumber"=dword:00000016\n"ProxyMethod"=dword:00000003\n"ProxyHost"="proxy.corp.example.com"\n"ProxyUsername"="jlee"\n"ProxyPassword"="«Prx-{a10}!»"',
  ],
  [
    'b64-cmdkey-add',
    'C:\\> cmdkey /add:fs01.corp.example.com /user:CORP\\svc_backup /pass:«Bkp$vc-{a12}»\n\nCMDKEY: Credential added successfully.',
  ],
  [
    'b64-cmdkey-generic-termsrv',
    'cmdkey /generic:TERMSRV/ts02.corp.example.com /user:CORP\\ops.night /pass:"«N1ght-Ops {a8}»"\nmstsc /v:ts02.corp.example.com',
  ],
  [
    'b64-net-use',
    'C:\\Users\\jlee>net use Z: \\\\fs01\\projects /user:CORP\\j.lee «Pr0jects-{a8}» /persistent:yes\nThe command completed successfully.',
  ],
  [
    'b64-schtasks-rp',
    'schtasks /Create /TN "Nightly ETL" /TR "C:\\etl\\run.cmd" /SC DAILY /ST 01:00 /RU CORP\\svc_etl /RP «Etl-{a12}!» /RL HIGHEST\nSUCCESS: The scheduled task "Nightly ETL" has successfully been created.',
  ],
  [
    'b64-ps-convertto-securestring',
    '$User = "CORP\\svc_deploy"\n$PWord = ConvertTo-SecureString -String "«D3ploy-{a10}#»" -AsPlainText -Force\n$Credential = New-Object -TypeName System.Management.Automation.PSCredential -ArgumentList $User, $PWord\nInvoke-Command -ComputerName app01 -Credential $Credential -ScriptBlock { Restart-Service W3SVC }',
  ],
  [
    'b64-ps-set-adaccountpassword',
    'Import-Module ActiveDirectory\nSet-ADAccountPassword -Identity "svc_reporting" -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«R3port!ng-{a10}»" -Force)\nSet-ADUser -Identity "svc_reporting" -PasswordNeverExpires $true',
  ],
  [
    'b64-ps-new-localuser',
    '$Password = ConvertTo-SecureString \'«L0cal-Adm-{a10}»\' -AsPlainText -Force\nNew-LocalUser "bg-admin" -Password $Password -FullName "Break Glass" -Description "Emergency local admin"\nAdd-LocalGroupMember -Group "Administrators" -Member "bg-admin"',
  ],
  [
    'b64-ps-pscredential-inline',
    "$cred = [pscredential]::new('CORP\\svc_sync', (ConvertTo-SecureString '«Sync-{a14}»' -AsPlainText -Force))\nEnter-PSSession -ComputerName aadc01 -Credential $cred\nStart-ADSyncSyncCycle -PolicyType Delta",
  ],
  [
    'b64-ps-winlogon-set-itemproperty',
    "$wl = 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon'\nSet-ItemProperty -Path $wl -Name AutoAdminLogon -Value 1\nSet-ItemProperty -Path $wl -Name DefaultUserName -Value 'signage'\nSet-ItemProperty -Path $wl -Name DefaultPassword -Value '«S1gnage-{a8}»'",
  ],
  [
    'b64-gpp-groups-cpassword',
    '<?xml version="1.0" encoding="utf-8"?>\n<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}"><User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="Administrator (built-in)" image="2" changed="2018-07-10 14:03:51" uid="{C9A8E2F0-4D11-4B8E-9F2A-61B3E0C7A5D4}"><Properties action="U" newName="" fullName="" description="" cpassword="«{b43}»" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" subAuthority="RID_ADMIN" userName="Administrator (built-in)"/></User>\n</Groups>',
  ],
  [
    'b64-gpp-scheduledtasks-cpassword',
    '<?xml version="1.0" encoding="utf-8"?>\n<ScheduledTasks clsid="{CC63F200-7309-4ba0-B154-A71CD118DBCC}"><Task clsid="{2DEECB1C-261F-4e13-9B21-16FB83BC03BD}" name="Cleanup" image="2" changed="2017-11-02 09:44:12" uid="{8F7A1B2C-3D4E-4F50-9A6B-7C8D9E0F1A2B}"><Properties action="U" name="Cleanup" appName="C:\\Scripts\\cleanup.cmd" args="" startIn="" comment="" runAs="CORP\\svc_cleanup" cpassword="«{b64}»" logonType="Password"/></Task>\n</ScheduledTasks>',
  ],
  [
    'b64-gpp-drives-cpassword',
    '<Drives clsid="{8FDDCC1A-0C3C-43cd-A6B4-71A6DF20DA8C}"><Drive clsid="{935D1B74-9CB8-4e3c-9914-7DD559B7A417}" name="S:" status="S:" image="2" changed="2016-05-17 12:00:31" uid="{0B6A2C1D-5E3F-4A70-8B9C-AD1E2F304152}"><Properties action="U" thisDrive="NOCHANGE" allDrives="NOCHANGE" userName="CORP\\svc_map" cpassword="«{b43}»" path="\\\\fs01\\shared" label="Shared" persistent="1" useLetter="1" letter="S"/></Drive></Drives>',
  ],
  [
    'b64-sc-config-password',
    'C:\\>sc.exe config "MSSQLSERVER" obj= "CORP\\svc_sql" password= "«SqlSvc-{a12}»"\n[SC] ChangeServiceConfig SUCCESS\n\nC:\\>sc.exe stop MSSQLSERVER && sc.exe start MSSQLSERVER',
  ],
  ['b64-psexec-password', 'PsExec64.exe \\\\app01 -u CORP\\svc_patch -p «Ptch-{a12}!» -h -accepteula cmd /c "usoclient StartScan"'],
  ['b64-wmic-password', 'wmic /node:10.20.0.31 /user:CORP\\svc_inv /password:«Inv-{a10}» computersystem get model,manufacturer,username'],
  ['b64-winrs-password', 'winrs -r:http://app02.corp.example.com:5985 -u:CORP\\svc_deploy -p:«Wrs-{a12}» "ipconfig /all"'],
  [
    'b64-iis-apppool-password',
    '<applicationPools>\n    <add name="IntranetPool" managedRuntimeVersion="v4.0">\n        <processModel identityType="SpecificUser" userName="CORP\\svc_intranet" password="«Intr@net-{a10}»" />\n    </add>\n</applicationPools>',
  ],
  [
    'b64-web-config-connection-string',
    '<connectionStrings>\n  <add name="CrmDb" connectionString="Data Source=sql01\\PROD;Initial Catalog=Crm;User ID=crm_app;Password=«Crm-{a14}»;Encrypt=True" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'b64-logon-script-net-use',
    '@echo off\nREM map drives for accounting - DO NOT EDIT (ask IT)\nnet use H: \\\\fs02\\home\\%USERNAME% /persistent:no\nnet use P: \\\\fs02\\payroll /user:CORP\\svc_payroll «Payr0ll-{a8}» /persistent:no',
  ],
  [
    'b64-net-user-add-domain',
    'C:\\Windows\\system32>net user helpdesk.temp «Welcome-{d4}!Qx» /add /domain\nThe request will be processed at a domain controller for domain corp.example.com.\n\nThe command completed successfully.',
  ],
  [
    'b64-dsadd-pwd',
    'dsadd user "CN=svc_print,OU=Service Accounts,DC=corp,DC=example,DC=com" -samid svc_print -upn svc_print@corp.example.com -pwd «Pr1nt-Spool{d3}!» -pwdneverexpires yes -disabled no',
  ],
  [
    'b64-sqlcmd-password',
    'sqlcmd -S sql01\\PROD -U sa -P «Sa_{a14}» -Q "BACKUP DATABASE [Crm] TO DISK=N\'D:\\Backup\\Crm.bak\' WITH COMPRESSION"',
  ],
  [
    'b64-laps-plaintext-output',
    'PS C:\\> Get-LapsADPassword -Identity WS-0142 -AsPlainText\n\nComputerName        : WS-0142\nDistinguishedName   : CN=WS-0142,OU=Workstations,DC=corp,DC=example,DC=com\nAccount             : Administrator\nPassword            : «{a6}!{a5}#{a4}»\nPasswordUpdateTime  : 5/30/2024 3:14:07 AM\nExpirationTimestamp : 6/29/2024 3:14:07 AM\nSource              : EncryptedPassword\nDecryptionStatus    : Success',
  ],
  [
    'b64-bitlocker-recovery-password',
    'PS C:\\> (Get-BitLockerVolume -MountPoint C:).KeyProtector\n\nKeyProtectorId       : {{H8}-{H4}-{H4}-{H4}-{H12}}\nAutoUnlockProtector  :\nKeyProtectorType     : RecoveryPassword\nKeyFileName          :\nRecoveryPassword     : «{d6}-{d6}-{d6}-{d6}-{d6}-{d6}-{d6}-{d6}»\nKeyCertificateType   :\nThumbprint           :',
  ],
  [
    'b64-add-computer-credential',
    '$joinCred = New-Object PSCredential("CORP\\svc_djoin", (ConvertTo-SecureString "«J0inDom-{a10}»" -AsPlainText -Force))\nAdd-Computer -DomainName corp.example.com -OUPath "OU=Servers,DC=corp,DC=example,DC=com" -Credential $joinCred -Restart',
  ],

  // ---- 3. identity tooling output ----
  [
    'b64-ldapsearch-w',
    'ldapsearch -x -H ldaps://dc01.corp.example.com:636 -D "CN=svc_ldap,OU=Service Accounts,DC=corp,DC=example,DC=com" -w \'«Ld@p-{a12}»\' -b "DC=corp,DC=example,DC=com" "(sAMAccountName=jlee)" memberOf',
  ],
  [
    'b64-ldapmodify-heredoc',
    'ldapmodify -x -H ldap://ldap.example.org -D cn=admin,dc=example,dc=org -w «{a16}» <<EOF\ndn: uid=asmith,ou=people,dc=example,dc=org\nchangetype: modify\nreplace: userPassword\nuserPassword: «Asm1th-Spring!{d2}»\nEOF',
  ],
  [
    'b64-ldif-userpassword-base64',
    'dn: uid=jenkins,ou=svc,dc=example,dc=org\nobjectClass: inetOrgPerson\ncn: jenkins\nsn: ci\nuid: jenkins\nuserPassword:: «e1NTSEF9{b32}»',
  ],
  [
    'b64-slapd-conf-rootpw',
    'database mdb\nmaxsize 1073741824\nsuffix "dc=example,dc=org"\nrootdn "cn=Manager,dc=example,dc=org"\nrootpw {SSHA}«{b32}»\ndirectory /var/lib/openldap/openldap-data',
  ],
  ['b64-olc-rootpw-ldif', 'dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: «{SSHA}{b32}»'],
  [
    'b64-sssd-authtok',
    '[domain/corp.example.com]\nid_provider = ldap\nauth_provider = ldap\nldap_uri = ldaps://ldap.corp.example.com\nldap_search_base = dc=corp,dc=example,dc=com\nldap_default_bind_dn = cn=sssd-bind,ou=svc,dc=corp,dc=example,dc=com\nldap_default_authtok_type = password\nldap_default_authtok = «Sssd-{a14}»',
  ],
  [
    'b64-ktutil-notes',
    'keytab notes for svc_etl (rebuild if kvno bumps):\n  ktutil\n  addent -password -p svc_etl@CORP.EXAMPLE.COM -k 3 -e aes256-cts-hmac-sha1-96\n  (password: «Etl-kvno3-{a8}»)\n  wkt /etc/security/keytabs/svc_etl.keytab\n  quit',
  ],
  [
    'b64-kadmin-addprinc-pw',
    'kadmin.local -q "addprinc -pw «Kdc-{a12}» hdfs/nn01.hadoop.example.com@HADOOP.EXAMPLE.COM"\nAuthenticating as principal root/admin@HADOOP.EXAMPLE.COM with password.\nPrincipal "hdfs/nn01.hadoop.example.com@HADOOP.EXAMPLE.COM" created.',
  ],
  [
    'b64-kinit-echo-pipe',
    "# cron on etl01, runs before the nightly job\necho '«Kin1t-{a10}»' | kinit svc_airflow@CORP.EXAMPLE.COM && klist -s",
  ],
  [
    'b64-ktpass-pass',
    'ktpass /out C:\\temp\\http-web01.keytab /princ HTTP/web01.corp.example.com@CORP.EXAMPLE.COM /mapuser CORP\\svc_web01 /pass «Http-Spn!{a10}» /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL',
  ],
  [
    'b64-secretsdump-sam',
    '[*] Target system bootKey: 0x«{h32}»\n[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nGuest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\nDefaultAccount:503:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\nhelpdesk:1001:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'b64-secretsdump-ntds',
    '[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)\n[*] Using the DRSUAPI method to get NTDS.DIT secrets\ncorp.example.com\\Administrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nkrbtgt:502:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\ncorp.example.com\\jlee:1107:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'b64-secretsdump-kerberos-keys',
    '[*] Kerberos keys grabbed\nkrbtgt:aes256-cts-hmac-sha1-96:«{h64}»\nkrbtgt:aes128-cts-hmac-sha1-96:«{h32}»\nkrbtgt:des-cbc-md5:«{h16}»\n[*] Cleaning up...',
  ],
  [
    'b64-secretsdump-lsa',
    '[*] Dumping LSA Secrets\n[*] $MACHINE.ACC \nCORP\\WEB01$:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\n[*] DefaultPassword \nCORP\\kiosk:«Lobby-Kiosk{d3}»\n[*] _SC_MSSQLSERVER \nCORP\\svc_sql:«SqlSvc!{a12}»\n[*] DPAPI_SYSTEM \ndpapi_machinekey:0x«{h40}»\ndpapi_userkey:0x«{h40}»',
  ],
  [
    'b64-mimikatz-logonpasswords-msv',
    'mimikatz # sekurlsa::logonpasswords\n\nAuthentication Id : 0 ; 3482211 (00000000:00352263)\nSession           : RemoteInteractive from 2\nUser Name         : svc_sql\nDomain            : CORP\nLogon Server      : DC01\nLogon Time        : 6/1/2024 8:41:09 AM\nSID               : S-1-5-21-{d10}-{d10}-{d10}-1204\n\tmsv :\n\t [00000003] Primary\n\t * Username : svc_sql\n\t * Domain   : CORP\n\t * NTLM     : «{h32}»\n\t * SHA1     : «{h40}»\n\t * DPAPI    : «{h32}»\n\ttspkg :\n\twdigest :\n\t * Username : svc_sql\n\t * Domain   : CORP\n\t * Password : (null)',
  ],
  [
    'b64-mimikatz-wdigest-cleartext',
    'Authentication Id : 0 ; 241877 (00000000:0003b0d5)\nSession           : Interactive from 1\nUser Name         : Administrator\nDomain            : LEGACY2008\n\twdigest :\n\t * Username : Administrator\n\t * Domain   : LEGACY2008\n\t * Password : «W1nter-Legacy#08»\n\tkerberos :\n\t * Username : Administrator\n\t * Domain   : LEGACY2008\n\t * Password : «W1nter-Legacy#08»',
  ],
  [
    'b64-mimikatz-dcsync-krbtgt',
    "mimikatz # lsadump::dcsync /domain:corp.example.com /user:krbtgt\n[DC] 'corp.example.com' will be the domain\n[DC] 'dc01.corp.example.com' will be the DC server\n\nObject RDN           : krbtgt\n\n** SAM ACCOUNT **\n\nSAM Username         : krbtgt\nObject Security ID   : S-1-5-21-{d10}-{d10}-{d10}-502\nObject Relative ID   : 502\n\nCredentials:\n  Hash NTLM: «{h32}»\n    ntlm- 0: «{h32}»\n    lm  - 0: «{h32}»",
  ],
  [
    'b64-mimikatz-golden-ticket',
    "mimikatz # kerberos::golden /user:Administrator /domain:corp.example.com /sid:S-1-5-21-{d10}-{d10}-{d10} /krbtgt:«{h32}» /id:500 /ptt\nUser      : Administrator\nDomain    : corp.example.com (CORP)\nGolden ticket for 'Administrator @ corp.example.com' successfully submitted for current session",
  ],
  [
    'b64-rubeus-kerberoast',
    '[*] SamAccountName         : svc_sql\n[*] DistinguishedName      : CN=svc_sql,OU=Service Accounts,DC=corp,DC=example,DC=com\n[*] ServicePrincipalName   : MSSQLSvc/sql01.corp.example.com:1433\n[*] Hash                   : «$krb5tgs$23$*svc_sql$CORP.EXAMPLE.COM$MSSQLSvc/sql01.corp.example.com:1433*${H32}${H400}»',
  ],
  [
    'b64-impacket-asreproast',
    "$ GetNPUsers.py corp.example.com/ -usersfile users.txt -format hashcat -no-pass -dc-ip 10.20.0.10\n[-] User jlee doesn't have UF_DONT_REQUIRE_PREAUTH set\n«$krb5asrep$23$legacy.scan@CORP.EXAMPLE.COM:{h32}${h300}»",
  ],
  [
    'b64-responder-netntlmv2',
    '[SMB] NTLMv2-SSP Client   : 10.20.4.51\n[SMB] NTLMv2-SSP Username : CORP\\m.ortiz\n[SMB] NTLMv2-SSP Hash     : m.ortiz::CORP:{h16}:«{H32}:{h300}»',
  ],
  ['b64-htpasswd-apr1', 'deploy@web:~$ cat /etc/nginx/.htpasswd\nadmin:«$apr1${p8}${p22}»\nstaging:«$apr1${p8}${p22}»'],
  ['b64-htpasswd-bcrypt', '# /etc/apache2/.htpasswd-monitoring\ngrafana-proxy:«$2y$05${p53}»\nprometheus:«$2y$05${p53}»'],
  ['b64-htpasswd-sha1', 'jenkins:{SHA}«{b27}=»\nreadonly:{SHA}«{b27}=»'],
  [
    'b64-shadow-yescrypt',
    'root:«$y$j9T${p22}${p43}»:19815:0:99999:7:::\ndaemon:*:19655:0:99999:7:::\nbin:*:19655:0:99999:7:::\nubuntu:«$y$j9T${p22}${p43}»:19815:0:99999:7:::',
  ],
  ['b64-shadow-sha512-rounds', 'postgres:!:19202::::::\nansible:«$6$rounds=656000${p16}${p86}»:19400:0:99999:7:::\nnagios:!!:19202::::::'],
  ['b64-chpasswd-pipe', "# provision.sh\nuseradd -m -s /bin/bash deploy\necho 'deploy:«Dpl0y!{a10}»' | chpasswd\nusermod -aG sudo deploy"],
  ['b64-usermod-p-hash', "sudo usermod -p '«$6${p16}${p86}»' backup\nsudo chage -d 0 backup"],
  [
    'b64-netexec-pwned',
    'SMB  10.20.0.15  445  FS01  [*] Windows Server 2019 Build 17763 x64 (name:FS01) (domain:corp.example.com) (signing:False) (SMBv1:False)\nSMB  10.20.0.15  445  FS01  [+] corp.example.com\\svc_backup:«Backup2024!{a4}» (Pwn3d!)',
  ],
  [
    'b64-evil-winrm-hash',
    'evil-winrm -i 10.20.0.10 -u Administrator -H «{h32}»\n\nEvil-WinRM shell v3.5\nInfo: Establishing connection to remote endpoint\n*Evil-WinRM* PS C:\\Users\\Administrator\\Documents>',
  ],
  [
    'b64-hydra-found',
    '[DATA] attacking ssh://10.0.5.22:22/\n[22][ssh] host: 10.0.5.22   login: pi   password: «r4spb3rry-{a6}»\n1 of 1 target successfully completed, 1 valid password found',
  ],
  [
    'b64-kcadm-credentials',
    '/opt/keycloak/bin/kcadm.sh config credentials --server https://sso.example.com --realm master --user admin --password «Kc-{a16}»\nLogging into https://sso.example.com as user admin of realm master',
  ],
  [
    'b64-ipa-server-install',
    'ipa-server-install --unattended --realm EXAMPLE.LAN --domain example.lan --ds-password «Dm-{a14}» --admin-password «Ipa-{a14}» --setup-dns --no-forwarders',
  ],
  [
    'b64-net-ads-join',
    "sudo net ads join -U Administrator%«J0in-{a10}» -S dc01.corp.example.com\nUsing short domain name -- CORP\nJoined 'FILESRV02' to dns domain 'corp.example.com'",
  ],
  ['b64-smbcredentials-file', '# /root/.smbcredentials (chmod 600)\nusername=svc_media\npassword=«M3dia-Share{d4}»\ndomain=CORP'],
  [
    'b64-fstab-cifs-inline',
    '# /etc/fstab\nUUID={h8}-{h4}-{h4}-{h4}-{h12} /  ext4  defaults  0 1\n//nas01/media  /mnt/media  cifs  username=plex,password=«Pl3x-{a10}»,uid=1000,iocharset=utf8  0  0',
  ],

  // ---- 4. config management and IaC ----
  [
    'b64-ansible-ini-inventory-winrm',
    '[windows]\nwin-dc01 ansible_host=10.20.0.10\nwin-fs01 ansible_host=10.20.0.15\n\n[windows:vars]\nansible_user=CORP\\ansible\nansible_password=«Ans1ble-Win{d4}!»\nansible_connection=winrm\nansible_winrm_transport=ntlm\nansible_winrm_server_cert_validation=ignore',
  ],
  [
    'b64-ansible-group-vars-become',
    '# group_vars/db_servers.yml\nansible_user: deploy\nansible_become: true\nansible_become_method: sudo\nansible_become_pass: "«Sud0-{a12}»"\npostgres_version: 16',
  ],
  [
    'b64-ansible-host-vars-ssh-pass',
    "# host_vars/legacy-nas.yml\n---\nansible_host: 192.168.10.4\nansible_user: admin\nansible_ssh_pass: '«Nas-{a10}»'\nansible_python_interpreter: /usr/bin/python3",
  ],
  [
    'b64-ansible-adhoc-extra-vars',
    '$ ansible routers -i inventory/branch.ini -m ansible.netcommon.cli_command -a "command=\'show version\'" -e "ansible_user=admin ansible_password=«Adh0c-{a10}» ansible_network_os=cisco.ios.ios"',
  ],
  [
    'b64-ansible-task-mysql-user',
    '- name: Create app database user\n  community.mysql.mysql_user:\n    name: shopapp\n    password: "«Sh0p-{a16}»"\n    priv: "shop.*:ALL"\n    host: "10.%"\n    state: present\n    login_user: root\n    login_password: "«R00t-{a12}»"',
  ],
  [
    'b64-ansible-unencrypted-vault-file',
    '# group_vars/all/vault.yml  (TODO: run ansible-vault encrypt before merging!!)\nvault_smtp_password: «Smtp-{a14}»\nvault_github_token: «ghp_{a36}»\nvault_datadog_api_key: «{h32}»',
  ],
  [
    'b64-ansible-win-user',
    '- name: Ensure local break-glass admin\n  ansible.windows.win_user:\n    name: bg-admin\n    password: "«Br3ak-Gl@ss-{a8}»"\n    groups: [Administrators]\n    update_password: always\n    password_never_expires: true',
  ],
  [
    'b64-ansible-ios-enable',
    '# group_vars/ios.yml\nansible_connection: ansible.netcommon.network_cli\nansible_network_os: cisco.ios.ios\nansible_user: netauto\nansible_password: «N3tAuto-{a10}»\nansible_become: yes\nansible_become_method: enable\nansible_become_password: «En4ble-{a10}»',
  ],
  [
    'b64-chef-data-bag-json',
    '$ knife data bag show secrets mysql -F json\n{\n  "id": "mysql",\n  "root_password": "«Chef-Root-{a12}»",\n  "repl_password": "«Repl-{a14}»"\n}',
  ],
  [
    'b64-chef-knife-rb',
    '# .chef/knife.rb\nnode_name "ops-ci"\nclient_key "#{current_dir}/ops-ci.pem"\nknife[:aws_access_key_id] = "«AKIA{U16}»"\nknife[:aws_secret_access_key] = "«{b40}»"\nknife[:region] = "eu-west-1"',
  ],
  [
    'b64-chef-attributes-rb',
    "# cookbooks/crm/attributes/default.rb\ndefault['crm']['db']['host'] = 'db01.internal'\ndefault['crm']['db']['user'] = 'crm'\ndefault['crm']['db']['password'] = '«Att-{a14}»'",
  ],
  [
    'b64-puppet-hiera-yaml',
    "---\n# data/nodes/db01.example.com.yaml\nprofile::postgresql::superuser_password: '«Pg-Super-{a12}»'\nprofile::app::secret_key_base: '«{h128}»'\nprofile::app::port: 3000",
  ],
  [
    'b64-puppet-user-resource',
    "user { 'deploy':\n  ensure     => present,\n  managehome => true,\n  shell      => '/bin/bash',\n  password   => '«$6${p16}${p86}»',\n}",
  ],
  [
    'b64-puppet-mysql-server',
    "class { 'mysql::server':\n  root_password           => '«Mysql-R00t-{a10}»',\n  remove_default_accounts => true,\n  override_options        => { 'mysqld' => { 'bind-address' => '0.0.0.0' } },\n}",
  ],
  [
    'b64-salt-pillar-plain',
    "# /srv/pillar/mysql.sls\nmysql:\n  server:\n    root_password: '«Salt-Root-{a10}»'\n  user:\n    wordpress:\n      password: '«Wp-{a16}»'\n      host: localhost\n      databases:\n        - database: wordpress\n          grants: ['all privileges']",
  ],
  [
    'b64-salt-cloud-provider',
    "# /etc/salt/cloud.providers.d/vmware.conf\nmy-vmware:\n  driver: vmware\n  user: 'administrator@vsphere.local'\n  password: '«Vsph3re-{a10}!»'\n  url: 'vcenter01.corp.example.com'\n  protocol: 'https'\n  port: 443",
  ],
  [
    'b64-terraform-tfvars-db',
    '# prod.tfvars\nregion        = "eu-central-1"\ninstance_type = "t3.medium"\ndb_username   = "appadmin"\ndb_password   = "«Tf-Db-{a16}»"\nallowed_cidrs = ["10.0.0.0/8"]',
  ],
  [
    'b64-terraform-tfvars-cloud-tokens',
    '# terraform.tfvars (local only, do not commit)\nhcloud_token         = "«{a64}»"\ncloudflare_api_token = "«{B40}»"\ndigitalocean_token   = "«dop_v1_{h64}»"',
  ],
  [
    'b64-tfstate-sensitive-attributes',
    '{\n  "version": 4,\n  "terraform_version": "1.8.3",\n  "serial": 27,\n  "lineage": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "resources": [\n    {\n      "mode": "managed",\n      "type": "aws_db_instance",\n      "name": "main",\n      "provider": "provider[\\"registry.terraform.io/hashicorp/aws\\"]",\n      "instances": [\n        {\n          "schema_version": 2,\n          "attributes": {\n            "identifier": "crm-prod",\n            "username": "crmadmin",\n            "password": "«{a24}»",\n            "port": 5432\n          },\n          "sensitive_attributes": [\n            [\n              {\n                "type": "get_attr",\n                "value": "password"\n              }\n            ]\n          ]\n        }\n      ]\n    }\n  ]\n}',
  ],
  [
    'b64-tfstate-random-password',
    '      "mode": "managed",\n      "type": "random_password",\n      "name": "redis",\n      "provider": "provider[\\"registry.terraform.io/hashicorp/random\\"]",\n      "instances": [\n        {\n          "schema_version": 3,\n          "attributes": {\n            "bcrypt_hash": "«$2a$10${p53}»",\n            "id": "none",\n            "length": 32,\n            "result": "«{a32}»",\n            "special": false\n          },\n          "sensitive_attributes": []\n        }\n      ]',
  ],
  [
    'b64-terraform-azurerm-client-secret',
    'provider "azurerm" {\n  features {}\n  subscription_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  client_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  client_secret   = "«{a3}8Q~{B34}»"\n  tenant_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'b64-terraformrc-token',
    '# ~/.terraformrc\nplugin_cache_dir = "$HOME/.terraform.d/plugin-cache"\ncredentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{a67}»"\n}',
  ],
  [
    'b64-terraform-vault-provider-token',
    'provider "vault" {\n  address = "https://vault.example.com:8200"\n  token   = "«hvs.{a24}»"\n}\n\ndata "vault_kv_secret_v2" "db" {\n  mount = "kv"\n  name  = "crm/prod/db"\n}',
  ],
  [
    'b64-pulumi-stack-plaintext',
    '# Pulumi.prod.yaml\nconfig:\n  aws:region: us-east-1\n  shop:dbPassword: «Pu1umi-{a14}»\n  shop:stripeKey:\n    secure: v1:{b24}:{b40}',
  ],
  [
    'b64-pulumi-config-set-cli',
    '$ pulumi config set dbPassword «Plm-Gr4ve!yard77»\n$ pulumi config\nKEY         VALUE\naws:region  us-east-1\ndbPassword  «Plm-Gr4ve!yard77»',
  ],
  ['b64-pulumi-access-token', 'export PULUMI_ACCESS_TOKEN=«pul-{h40}»\npulumi login\npulumi stack select acme/infra/prod\npulumi up --yes'],
  [
    'b64-cdk-ts-unsafe-plaintext',
    "const db = new rds.DatabaseInstance(this, 'CrmDb', {\n  engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_16 }),\n  vpc,\n  credentials: rds.Credentials.fromPassword('crmadmin', SecretValue.unsafePlainText('«Cdk-{a16}»')),\n});",
  ],
  [
    'b64-cdk-python-plaintext',
    'cluster = rds.DatabaseCluster(\n    self, "Aurora",\n    engine=rds.DatabaseClusterEngine.aurora_mysql(version=rds.AuroraMysqlEngineVersion.VER_3_05_2),\n    credentials=rds.Credentials.from_password("admin", SecretValue.unsafe_plain_text("«Cdk-Py-{a14}»")),\n    writer=rds.ClusterInstance.provisioned("writer"),\n)',
  ],
  [
    'b64-cdk-lambda-env-stripe',
    "new lambda.Function(this, 'Checkout', {\n  runtime: lambda.Runtime.NODEJS_20_X,\n  handler: 'index.handler',\n  code: lambda.Code.fromAsset('lambda/checkout'),\n  environment: {\n    STRIPE_SECRET_KEY: '«sk_live_{a99}»',\n    TABLE_NAME: table.tableName,\n  },\n});",
  ],
  [
    'b64-cfn-parameter-default',
    'AWSTemplateFormatVersion: "2010-09-09"\nParameters:\n  DBMasterPassword:\n    Type: String\n    NoEcho: true\n    Default: «Cfn-Master-{a10}»\n    Description: Master password for the Aurora cluster',
  ],
  [
    'b64-cfn-deploy-overrides',
    'aws cloudformation deploy --template-file stack.yml --stack-name crm-prod --capabilities CAPABILITY_IAM --parameter-overrides DBPassword=«Ov3rride-{a12}» Env=prod',
  ],
  [
    'b64-cfn-params-json',
    '[\n  { "ParameterKey": "KeyName", "ParameterValue": "ops-2024" },\n  { "ParameterKey": "DBUser", "ParameterValue": "crm" },\n  { "ParameterKey": "DBPassword", "ParameterValue": "«Js0n-Param-{a10}»" }\n]',
  ],
  [
    'b64-cfn-resource-literal',
    'Resources:\n  CrmDb:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: postgres\n      DBInstanceClass: db.t3.medium\n      MasterUsername: crmadmin\n      MasterUserPassword: «Lit3ral-{a12}»\n      AllocatedStorage: "50"',
  ],
  [
    'b64-packer-winrm-password',
    'source "amazon-ebs" "win2022" {\n  ami_name       = "win2022-base-{d8}"\n  instance_type  = "t3.large"\n  communicator   = "winrm"\n  winrm_username = "Administrator"\n  winrm_password = "«Pkr-Win-{a12}!»"\n  winrm_use_ssl  = true\n}',
  ],
  [
    'b64-vagrantfile-winrm',
    'Vagrant.configure("2") do |config|\n  config.vm.box = "gusztavvargadr/windows-server"\n  config.vm.communicator = "winrm"\n  config.winrm.username = "vagrant"\n  config.winrm.password = "«Vgr-{a10}»"\nend',
  ],
  [
    'b64-awx-credential-create',
    'awx credentials create --name "prod-linux" --organization Default --credential_type Machine --inputs \'{"username": "ansible", "password": "«Awx-{a14}»", "become_password": "«Awx-Bc-{a10}»"}\'',
  ],

  // ---- 5. server and app configs ----
  [
    'b64-wp-config-db-password',
    "/** The name of the database for WordPress */\ndefine( 'DB_NAME', 'wp_blog' );\n\n/** Database username */\ndefine( 'DB_USER', 'wp_blog' );\n\n/** Database password */\ndefine( 'DB_PASSWORD', '«Wp!Blog-{a12}»' );\n\n/** Database hostname */\ndefine( 'DB_HOST', 'localhost' );",
  ],
  [
    'b64-wp-config-auth-keys',
    "define( 'AUTH_KEY',         '«{a7}#Vq]~{a7}|Gz+.{a7}-@T<{a7}%Xw/^{a7}:Rb)!{a5}»' );\ndefine( 'SECURE_AUTH_KEY',  '«{a6}<h3,?{a8}*Lm=;{a7}(Jd[{a7}_Nk`&{a7}>Ps^{a8}»' );\ndefine( 'LOGGED_IN_KEY',    '«{a5}+P!~n{a9}.x]Z|{a8}/C@e{a7}-#Ut;{a8}[g%y{a6}»' );\ndefine( 'NONCE_KEY',        '«{a8}=W&k<{a6}!r)M:{a9}^Fq,{a8}~Hs.|{a6}]Ty@{a5}»' );",
  ],
  [
    'b64-wp-config-salts',
    "define( 'AUTH_SALT',        '«{a6}$Qz;-{a8}]o<W~{a7}+Cj@{a8}|uK*.{a6}%bN:{a8}»' );\ndefine( 'SECURE_AUTH_SALT', '«{a9}^Xe/({a6}!Lp#[{a8}=Rt,{a7}~mV_>{a6}@Sd){a5}»' );\ndefine( 'LOGGED_IN_SALT',   '«{a7}*Hy.:{a7}&Gw-]{a8}?Zq<{a6}|Ic;+{a8}#Pn~{a5}»' );\ndefine( 'NONCE_SALT',       '«{a8}(Te!,{a6}.Bk^={a7}%Ju]{a9}:Fo[/{a5}@Ma${a6}»' );",
  ],
  [
    'b64-wp-config-smtp-constant',
    "// WP Mail SMTP - constants override the settings page\ndefine( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', 'smtp.mailgun.org' );\ndefine( 'WPMS_SMTP_USER', 'postmaster@mg.example.com' );\ndefine( 'WPMS_SMTP_PASS', '«{h32}-{h8}-{h8}»' );",
  ],
  [
    'b64-drupal-databases',
    "$databases['default']['default'] = [\n  'database' => 'drupal',\n  'username' => 'drupal',\n  'password' => '«Dr8pal-{a12}»',\n  'prefix' => '',\n  'host' => 'db',\n  'port' => '3306',\n  'namespace' => 'Drupal\\\\mysql\\\\Driver\\\\Database\\\\mysql',\n  'driver' => 'mysql',\n];",
  ],
  [
    'b64-drupal-hash-salt',
    "/**\n * Salt for one-time login links, cancel links, form tokens, etc.\n */\n$settings['hash_salt'] = '«{B43}»';\n$settings['update_free_access'] = FALSE;",
  ],
  [
    'b64-joomla-configuration',
    "<?php\nclass JConfig {\n\tpublic $offline = false;\n\tpublic $sitename = 'Example Sports Club';\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = 'joomla_usr';\n\tpublic $password = '«J00mla-{a10}»';\n\tpublic $db = 'joomla_db';\n\tpublic $dbprefix = 'jos_';\n\tpublic $secret = '«{a16}»';",
  ],
  [
    'b64-joomla-smtp',
    "\tpublic $mailer = 'smtp';\n\tpublic $mailfrom = 'noreply@example.org';\n\tpublic $smtpauth = true;\n\tpublic $smtpuser = 'noreply@example.org';\n\tpublic $smtppass = '«Jml-Smtp-{a10}»';\n\tpublic $smtphost = 'smtp.example.org';\n\tpublic $smtpsecure = 'tls';\n\tpublic $smtpport = 587;",
  ],
  [
    'b64-magento-env-crypt-key',
    "<?php\nreturn [\n    'backend' => [\n        'frontName' => 'admin_{l6}'\n    ],\n    'crypt' => [\n        'key' => '«{h32}»'\n    ],\n    'session' => [\n        'save' => 'redis'\n    ],",
  ],
  ['b64-magento-env-crypt-base64', "    'crypt' => [\n        'key' => '«base64{b43}=»'\n    ],\n    'MAGE_MODE' => 'production',"],
  [
    'b64-magento-env-db',
    "    'db' => [\n        'table_prefix' => '',\n        'connection' => [\n            'default' => [\n                'host' => 'mysql',\n                'dbname' => 'magento',\n                'username' => 'magento',\n                'password' => '«Mg2-{a14}»',\n                'model' => 'mysql4',\n                'active' => '1'\n            ]\n        ]\n    ],",
  ],
  [
    'b64-asterisk-sip-conf',
    '; sip.conf\n[6001]\ntype=friend\ncontext=from-internal\nhost=dynamic\nsecret=«{a16}»\ndisallow=all\nallow=ulaw\n\n[voip-trunk]\ntype=peer\nhost=sip.provider.example\nusername=4930{d7}\nsecret=«Trnk-{a12}»\nfromuser=4930{d7}\ninsecure=invite',
  ],
  [
    'b64-asterisk-pjsip-auth',
    '; pjsip.conf\n[6002-auth]\ntype=auth\nauth_type=userpass\nusername=6002\npassword=«{a20}»\n\n[6002]\ntype=aor\nmax_contacts=2\n\n[6002]\ntype=endpoint\naors=6002\nauth=6002-auth\ncontext=from-internal',
  ],
  [
    'b64-asterisk-manager-conf',
    '; manager.conf\n[general]\nenabled = yes\nport = 5038\nbindaddr = 127.0.0.1\n\n[fop2]\nsecret = «Ami-{a14}»\ndeny = 0.0.0.0/0.0.0.0\npermit = 127.0.0.1/255.255.255.0\nread = all\nwrite = all',
  ],
  [
    'b64-minecraft-rcon-password',
    '#Minecraft server properties\n#Sat Mar 02 18:22:07 UTC 2024\nenable-rcon=true\nrcon.port=25575\nrcon.password=«Mc-Rc0n-{a10}»\nserver-port=25565\nmotd=A Minecraft Server\nmax-players=20',
  ],
  [
    'b64-srcds-rcon-password',
    '// cfg/server.cfg\nhostname "EU #3 | 128 tick | FastDL"\nrcon_password "«Src-{a12}»"\nsv_password ""\nsv_lan 0\nsv_cheats 0',
  ],
  [
    'b64-postfix-sasl-gmail-app-password',
    '# /etc/postfix/sasl_passwd\n[smtp.gmail.com]:587 alerts.noreply@example.com:«{L4} {L4} {L4} {L4}»',
  ],
  ['b64-postfix-sasl-sendgrid', '# /etc/postfix/sasl_passwd  (postmap after editing)\n[smtp.sendgrid.net]:587 apikey:«SG.{B22}.{B43}»'],
  ['b64-postfix-sasl-ses', '[email-smtp.eu-west-1.amazonaws.com]:587 «AKIA{U16}»:«B{b43}»'],
  [
    'b64-dovecot-passwd-file',
    '# /etc/dovecot/users\nalice@example.org:{SHA512-CRYPT}«$6${p16}${p86}»:5000:5000::/var/vmail/example.org/alice::\nbob@example.org:{PLAIN}«B0b-mail-{a8}»:5000:5000::/var/vmail/example.org/bob::userdb_quota_rule=*:storage=2G',
  ],
  ['b64-dovecot-blf-crypt', 'postmaster@example.net:{BLF-CRYPT}«$2y$05${p53}»::::::'],
  [
    'b64-fetchmailrc',
    '# ~/.fetchmailrc\nset daemon 300\nset logfile ~/.fetchmail.log\npoll imap.example.com protocol IMAP\n  user "j.meyer@example.com" there with password "«F3tch-{a10}»" is jmeyer here\n  ssl\n  keep',
  ],
  [
    'b64-muttrc-imap-smtp-pass',
    '# ~/.muttrc\nset imap_user = "priya@example.net"\nset imap_pass = "«Mutt-{a12}»"\nset smtp_url = "smtps://priya@example.net@smtp.example.net:465/"\nset smtp_pass = "«Mutt-Smtp-{a10}»"\nset folder = "imaps://imap.example.net:993"\nset spoolfile = "+INBOX"',
  ],
  [
    'b64-muttrc-url-password',
    'set from = "k.bauer@example.de"\nset smtp_url = "smtp://kbauer:«{a14}»@mail.example.de:587/"\nset ssl_starttls = yes',
  ],
  [
    'b64-nextcloud-config',
    "<?php\n$CONFIG = array (\n  'instanceid' => 'oc{l10}',\n  'passwordsalt' => '«{a30}»',\n  'secret' => '«{b48}»',\n  'trusted_domains' =>\n  array (\n    0 => 'cloud.example.org',\n  ),\n  'dbtype' => 'pgsql',\n  'dbname' => 'nextcloud',\n  'dbhost' => 'localhost',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '«{a30}»',",
  ],
  [
    'b64-nextcloud-smtp',
    "  'mail_smtpmode' => 'smtp',\n  'mail_smtphost' => 'smtp.example.org',\n  'mail_smtpport' => '587',\n  'mail_smtpauth' => 1,\n  'mail_smtpname' => 'cloud@example.org',\n  'mail_smtppassword' => '«Nc-Mail-{a12}»',",
  ],
  [
    'b64-nextcloud-redis',
    "  'memcache.locking' => '\\\\OC\\\\Memcache\\\\Redis',\n  'redis' =>\n  array (\n    'host' => '/run/redis/redis-server.sock',\n    'port' => 0,\n    'password' => '«{a32}»',\n  ),",
  ],
  [
    'b64-msmtprc',
    '# ~/.msmtprc\naccount default\nhost smtp.fastmail.com\nport 465\ntls on\ntls_starttls off\nauth on\nuser ops@example.com\npassword «{l16}»\nfrom ops@example.com',
  ],
  [
    'b64-ssmtp-conf',
    '# /etc/ssmtp/ssmtp.conf\nroot=postmaster\nmailhub=smtp.mailgun.org:587\nAuthUser=postmaster@mg.example.com\nAuthPass=«{h32}-{h8}-{h8}»\nUseSTARTTLS=YES\nFromLineOverride=YES',
  ],
  ['b64-redis-requirepass', 'bind 127.0.0.1 ::1\nprotected-mode yes\nport 6379\nrequirepass «{a32}»\nmasterauth «{a32}»\nmaxmemory 2gb'],
  [
    'b64-pgbouncer-userlist',
    '; /etc/pgbouncer/userlist.txt\n"pgbouncer" "«md5{h32}»"\n"app_rw" "«SCRAM-SHA-256$4096:{b22}==${b43}=:{b43}=»"',
  ],
  [
    'b64-grafana-ini',
    '[security]\nadmin_user = admin\nadmin_password = «Gr@fana-{a10}»\nsecret_key = «{a16}»\n\n[smtp]\nenabled = true\nhost = smtp.office365.com:587\nuser = grafana@example.com\npassword = """«Gf-Smtp#{a10}»"""',
  ],
  [
    'b64-phpmyadmin-blowfish',
    "<?php\n/* Servers configuration */\n$i = 0;\n$cfg['blowfish_secret'] = '«{a32}»'; /* YOU MUST FILL IN THIS FOR COOKIE AUTH! */\n$i++;\n$cfg['Servers'][$i]['auth_type'] = 'cookie';",
  ],
  [
    'b64-mediawiki-localsettings',
    '## Database settings\n$wgDBtype = "mysql";\n$wgDBserver = "localhost";\n$wgDBname = "wikidb";\n$wgDBuser = "wikiuser";\n$wgDBpassword = "«Wiki-{a12}»";\n\n$wgSecretKey = "«{h64}»";\n\n# Changing this will log out all existing sessions.\n$wgAuthenticationTokenVersion = "1";\n\n$wgUpgradeKey = "«{h16}»";',
  ],
  [
    'b64-moodle-config',
    "<?php  // Moodle configuration file\nunset($CFG);\nglobal $CFG;\n$CFG = new stdClass();\n$CFG->dbtype    = 'pgsql';\n$CFG->dblibrary = 'native';\n$CFG->dbhost    = 'localhost';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '«M00dle-{a12}»';",
  ],
  [
    'b64-zabbix-server-dbpassword',
    '### Option: DBPassword\n#\tDatabase password.\n#\tComment this line if no password is used.\n#\n# Mandatory: no\n# Default:\n# DBPassword=\n\nDBPassword=«Zbx-{a14}»',
  ],
  [
    'b64-icecast-authentication',
    '<authentication>\n    <source-password>«Ice-Src-{a8}»</source-password>\n    <relay-password>«Ice-Rly-{a8}»</relay-password>\n    <admin-user>admin</admin-user>\n    <admin-password>«Ice-Adm-{a10}»</admin-password>\n</authentication>',
  ],
  [
    'b64-teamspeak-first-start-log',
    '------------------------------------------------------------------\n                      I M P O R T A N T\n------------------------------------------------------------------\n               Server Query Admin Account created\n         loginname= "serveradmin", password= "«{a8}»"\n         apikey= "«BAA{B37}»"\n------------------------------------------------------------------',
  ],
  [
    'b64-squid-cache-peer-login',
    '# squid.conf\ncache_peer upstream.proxy.example 3128 3128 parent no-query default login=corp-proxy:«Sq-{a12}»\nnever_direct allow all',
  ],

  // ---- 6. chat, tickets and email ----
  [
    'b64-chat-oncall-asa-paste',
    "[02:14] raj: asa at branch 12 is dropping the tunnel again, here's the relevant bit\n[02:14] raj: tunnel-group 198.51.100.12 ipsec-attributes\n ikev1 pre-shared-key «{a20}»\n[02:15] raj: does that match what azure has? i cant log into the portal rn\n[02:19] mel: looking",
  ],
  [
    'b64-chat-guest-wifi',
    'hey all, new guest wifi for the offsite is up. SSID: Offsite-Guest, pw: «Lakeside!Retreat{d2}» (case sensitive, the L is capital)',
  ],
  [
    'b64-chat-wireguard-handoff',
    "ok here's your wg config, import it in the app. dont share it pls\n\n[Interface]\nPrivateKey = «{b42}c=»\nAddress = 10.13.13.7/32\n\n[Peer]\nPublicKey = {b42}I=\nEndpoint = 203.0.113.200:51820\nAllowedIPs = 10.13.0.0/16",
  ],
  [
    'b64-ticket-new-starter-password',
    'Ticket #{d6} - Account for new starter\nStatus: Resolved\n\nHi Priya,\n\nYour account has been created. Username: p.nair\nTemporary password: «Welcome-Nair{d3}!»\nYou will be asked to change it at first login.\n\nThanks,\nIT Service Desk',
  ],
  [
    'b64-email-forward-vpn-creds',
    '---------- Forwarded message ---------\nFrom: Marco Bianchi <m.bianchi@example.it>\nDate: Tue, 4 Jun 2024 at 09:12\nSubject: VPN access for the auditors\n\nUsername: audit-ext01\nPassword: «Aud1t-{a10}»\nPre-shared key (group "AUDIT"): «{a24}»\n\nPlease delete after use.',
  ],
  [
    'b64-chat-plaintext-enable-password',
    'whoever set up sw-core-2 used a plaintext enable pw lol: `enable password «c0reSw!tch-{d3}»` ... fixing it now w/ enable secret',
  ],
  [
    'b64-chat-unattend-autologon-question',
    'why does my unattend not autologon?? snippet:\n<AutoLogon><Password><Value>«Im4ge-Bu1ld{d2}»</Value><PlainText>true</PlainText></Password><Enabled>true</Enabled><Username>Administrator</Username></AutoLogon>\nwindows just sits at the login screen after oobe',
  ],
  [
    'b64-chat-ansible-become-fail',
    'anyone seen "Incorrect sudo password" with become? group_vars has\n  ansible_become_pass: «Bcm-{a10}»\nand that IS the right pw, i can sudo manually with it on the box',
  ],
  [
    'b64-ticket-scan-to-folder',
    'INC{d7} - scan-to-folder broken on 3rd floor MFP\nNotes: MFP uses CORP\\svc_scan / «Sc@n2Folder-{d4}» to write to \\\\fs01\\scans. Password was rotated last week by the AD cleanup script, need to update the address book on the device.',
  ],
  [
    'b64-chat-jump-box',
    'jump box is jmp01.corp.example.com, log in as CORP\\contractor7 pw «Jmp!{a10}» -- MFA not enrolled yet so its just that',
  ],
  [
    'b64-chat-mikrotik-l2tp-paste',
    "pasting the export from the shop router, can someone check why l2tp won't connect?\n/interface l2tp-server server\nset enabled=yes ipsec-secret=«L2tp-{a16}» use-ipsec=required\n/ppp secret\nadd name=owner password=«0wner-{a8}» service=l2tp",
  ],
  [
    'b64-chat-snmp-community',
    "fyi zabbix template needs the community string for the new APs, it's «ApMon-{a10}» (v2c, read only). yes I know we should be on v3",
  ],
  [
    'b64-email-wordpress-handover',
    'Hi Tom,\n\nAs discussed, here are the hosting details for the client site:\nSFTP: sftp://web.example-host.net  user: clientsite  pass: «Sftp-{a12}»\nWP admin: https://clientsite.example/wp-admin  user: tom  pass: «Wp-Adm!n-{a8}»\nDB password (also in wp-config): «{a16}»\n\nCheers,\nAnna',
  ],
  [
    'b64-chat-radius-shared-secret',
    "for the new wlc the radius shared secret has to match clients.conf on rad01 -- it's «{a22}». copy paste it, dont retype",
  ],
  [
    'b64-chat-domain-admin-typo',
    'can u add me to the gpo editors group? in the meantime im using the da acount, pasword is «D0main-Adm1n!{d2}» (will rotate after, promise)',
  ],
  [
    'b64-ticket-pop-mailbox-migration',
    'Request: migrate old POP mailbox\nOld server: pop.legacy-isp.example\nLogin: info@company.example\nPassword (from client): «1nfo-{a8}»\nNew: shared mailbox info@company.example on M365\nPriority: low',
  ],
  [
    'b64-chat-juniper-decode',
    'is there a way to decode this? it\'s from the old srx and nobody remembers the psk: pre-shared-key ascii-text "«$9${a36}»"',
  ],
  [
    'b64-chat-gitlab-ldap-bind',
    "the ldap bind in gitlab.rb is wrong, should be:\n  bind_dn: 'CN=svc_gitlab,OU=Service Accounts,DC=corp,DC=example,DC=com'\n  password: '«G1tlab-Bind-{a8}»'\nthen gitlab-ctl reconfigure",
  ],
  [
    'b64-chat-kiosk-autologon',
    'kiosk pcs: autologon user is kiosk, password «K10sk-{d4}-Front». its set via registry (Winlogon DefaultPassword) so dont be surprised',
  ],
  [
    'b64-chat-tfstate-leak',
    'ugh, grep\'d the tfstate and the master password is right there in plaintext: "master_password": "«Aur0ra-{a14}»". should we move state to an encrypted s3 bucket?',
  ],
  [
    'b64-ticket-laps-by-phone',
    'Ticket update: LAPS password for WS-0456 retrieved for on-site tech (Jamie). Value given by phone: «{a4}-{a4}-{a4}». Will expire in 24h.',
  ],
  [
    'b64-chat-bitlocker-recovery',
    'user locked out by bitlocker after bios update, recovery key from AD: «{d6}-{d6}-{d6}-{d6}-{d6}-{d6}-{d6}-{d6}» -- read it out to her over the phone',
  ],
  [
    'b64-chat-minecraft-rcon',
    'rcon pw for the smp is «Cr33per-Hunt3r!», use mcrcon -H mc.example.gg -P 25575 -p «Cr33per-Hunt3r!» "whitelist add Steve"',
  ],
  [
    'b64-chat-sip-trunk',
    'provider sent the sip trunk creds: user 4930{d7}, pass «{a12}», registrar sip.provider.example:5060. putting them in pjsip.conf now',
  ],
  [
    'b64-chat-postfix-relay-535',
    "postfix relay through o365 still failing with 535 5.7.139. sasl_passwd is\n[smtp.office365.com]:587 relay@example.com:«Rel@y-{a10}»\npostmap'd it and reloaded, no change",
  ],
  ['b64-chat-nextcloud-occ-reset', 'ran occ user:resetpassword admin -- new one is «Nc-{a6}-{a6}», change it when you log in'],
  ['b64-chat-magento-crypt-key', "moving the magento store -- don't forget the crypt key or all the saved payment configs break: «{h32}»"],
  [
    'b64-chat-isp-ipsec-params',
    'talked to the ISP, their side of the ipsec uses psk «Isp-{a16}» and ikev2 / aes256 / sha256 / dh14. updating our asa tonight',
  ],
  [
    'b64-ticket-mailflow-fix',
    'Ran this to fix it (pick your own password next time pls):\nSet-ADAccountPassword -Identity svc_mailflow -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«M@ilFl0w-{a8}»" -Force)',
  ],
  [
    'b64-chat-pentest-cpassword',
    'pentest finding #4: \\\\corp.example.com\\SYSVOL\\corp.example.com\\Policies\\{31B2F340-016D-11D2-945F-00C04FB984F9}\\Machine\\Preferences\\Groups\\Groups.xml still contains cpassword="«{b43}»" for the local admin',
  ],
  ['b64-chat-vps-root', 'new vps is up: ssh root@203.0.113.88, pw «Vps-{a14}» (provider emailed it, we should switch to keys)'],
  [
    'b64-chat-isp-router-sticker',
    'the isp router at the branch: http://192.168.1.1 admin / «{a10}» (printed on the sticker, never changed)',
  ],
  [
    'b64-email-pfsense-backup',
    'Subject: FW backup\n\nAttached config-fw01.xml. Relevant part for the OpenVPN users:\n<user><name>travel01</name><bcrypt-hash>«$2y$10${p53}»</bcrypt-hash></user>\nthe local account password for travel01 is «Tr@vel-{a8}» if you need it.',
  ],
  [
    'b64-chat-staging-basic-auth',
    'added basic auth to staging, user qa / «Qa-St4ging-{a6}». htpasswd line if you need it: qa:«$apr1${p8}${p22}»',
  ],
];

/** Its look-alikes: the same devices, consoles and config files showing only public keys, hashes-free listings, references, ciphertexts, placeholders, policies and masked values. */
export const BLIND64_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'b64-neg-cisco-interface-description',
    'interface GigabitEthernet1/0/24\n description ** uplink to FW - password reset kiosk VLAN **\n switchport access vlan 310\n switchport mode access\n spanning-tree portfast',
  ],
  [
    'b64-neg-cisco-password-policy',
    'service password-encryption\nsecurity passwords min-length 12\nlogin block-for 120 attempts 3 within 60\nlogin on-failure log\naaa new-model\naaa authentication login default group tacacs+ local',
  ],
  [
    'b64-neg-cisco-rancid-stripped',
    'enable secret <removed>\nusername admin privilege 15 secret <removed>\ntacacs-server key <removed>\n! (secrets stripped by RANCID before commit)',
  ],
  [
    'b64-neg-cisco-pki-certificate',
    'crypto pki certificate chain TP-self-signed-{d10}\n certificate self-signed 01\n  3082{H4} 3082{H4} A0030201 02020101 300D0609 2A864886 F70D0101 05050030\n  {H8} {H8} {H8} {H8} {H8} {H8} {H8} {H8}\n  {H8} {H8} {H8} {H8} {H8} {H8} {H8} {H8}\n  \tquit',
  ],
  [
    'b64-neg-cisco-show-isakmp-sa',
    'BR-RTR-12#show crypto isakmp sa\nIPv4 Crypto ISAKMP SA\ndst             src             state          conn-id status\n198.51.100.12   203.0.113.40    QM_IDLE           1042 ACTIVE',
  ],
  [
    'b64-neg-cisco-ikev2-profile-refs',
    'crypto ikev2 profile AZURE-PROF\n match identity remote address 20.51.0.0 255.255.0.0\n authentication remote pre-share\n authentication local pre-share\n keyring local KR-AZURE\n lifetime 28800\n dpd 10 5 on-demand',
  ],
  [
    'b64-neg-cisco-redacted-chat',
    "here's the show run from br-12 (secrets scrubbed):\nusername admin privilege 15 secret 9 <REDACTED>\ntacacs-server key 7 <REDACTED>\ncrypto isakmp key ***** address 198.51.100.12",
  ],
  [
    'b64-neg-snmp-public-placeholder',
    'snmp-server community public RO 99\nsnmp-server location "Building 4, IDF-2"\nsnmp-server contact noc@example.com\n! TODO replace default community before go-live',
  ],
  [
    'b64-neg-snmpd-v3-policy',
    'rouser monitor authpriv\ndefSecurityName monitor\ndefSecurityLevel authPriv\ndefAuthType SHA-256\ndefPrivType AES\n# users are created at provisioning time with: net-snmp-create-v3-user -ro -A <authpass> -X <privpass> -a SHA-256 -x AES monitor',
  ],
  [
    'b64-neg-wireguard-public-only',
    '[Peer]\n# laptop-anna\nPublicKey = {b42}Q=\nAllowedIPs = 10.8.0.5/32\n\n[Peer]\n# phone-anna\nPublicKey = {b42}8=\nAllowedIPs = 10.8.0.6/32',
  ],
  [
    'b64-neg-wg-show',
    'interface: wg0\n  public key: {b42}k=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b42}A=\n  preshared key: (hidden)\n  endpoint: 198.51.100.7:40112\n  allowed ips: 10.8.0.2/32\n  latest handshake: 1 minute, 12 seconds ago\n  transfer: 48.21 MiB received, 310.77 MiB sent',
  ],
  [
    'b64-neg-wireguard-postup-keyfile',
    '[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPostUp = wg set %i private-key /etc/wireguard/%i.key\nPostUp = iptables -A FORWARD -i %i -j ACCEPT\nPostDown = iptables -D FORWARD -i %i -j ACCEPT',
  ],
  [
    'b64-neg-wireguard-template',
    '# template - fill in per client\n[Interface]\nPrivateKey = <output of wg genkey>\nAddress = 10.8.0.X/32\n\n[Peer]\nPublicKey = {b42}w=\nEndpoint = vpn.example.net:51820\nAllowedIPs = 10.8.0.0/24',
  ],
  [
    'b64-neg-openvpn-ca-cert',
    '<ca>\n-----BEGIN CERTIFICATE-----\nMIID{b60}\n{b64}\n{b64}\n{b64}\n{b20}==\n-----END CERTIFICATE-----\n</ca>\nremote-cert-tls server\ncipher AES-256-GCM',
  ],
  [
    'b64-neg-openvpn-file-refs',
    'client\ndev tun\nremote vpn.example.org 1194 udp\nca ca.crt\ncert client.crt\nkey client.key\ntls-auth ta.key 1\nauth-user-pass\nauth SHA256\nverb 3',
  ],
  [
    'b64-neg-strongswan-ipsec-conf',
    'conn roadwarrior\n    left=%any\n    leftcert=vpn-server.crt\n    leftid=@vpn.example.com\n    leftauth=pubkey\n    right=%any\n    rightauth=eap-mschapv2\n    rightsendcert=never\n    eap_identity=%identity\n    auto=add',
  ],
  [
    'b64-neg-ipsec-secrets-key-refs',
    '# /etc/ipsec.secrets - only private key references here, PSKs live in swanctl/conf.d (root only)\n: RSA vpn-server.key\n: ECDSA /etc/swanctl/ecdsa/edge01.pem',
  ],
  [
    'b64-neg-freeradius-commented-secret',
    'client new-switch {\n\tipaddr = 10.40.0.0/24\n\t# secret = <shared secret from the NAS - see password manager entry "RADIUS/new-switch">\n\tshortname = access-sw\n\tnas_type = other\n}',
  ],
  [
    'b64-neg-radius-auth-log',
    'Sat Jun  1 10:22:13 2024 : Auth: (4182) Login OK: [jlee] (from client wlc-01 port 13 cli 3C-22-FB-{H2}-{H2}-{H2})\nSat Jun  1 10:22:19 2024 : Auth: (4183) Login incorrect (mschap: MS-CHAP2-Response is incorrect): [m.ortiz] (from client wlc-01 port 13)',
  ],
  [
    'b64-neg-juniper-ssh-key-login',
    'set system login user ops uid 2001\nset system login user ops class super-user\nset system login user ops authentication ssh-ed25519 "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ops@laptop"\nset system services ssh root-login deny',
  ],
  [
    'b64-neg-juniper-ike-proposal',
    'set security ike proposal IKE-PROP authentication-method pre-shared-keys\nset security ike proposal IKE-PROP dh-group group14\nset security ike proposal IKE-PROP authentication-algorithm sha-256\nset security ike proposal IKE-PROP encryption-algorithm aes-256-cbc\nset security ike proposal IKE-PROP lifetime-seconds 28800',
  ],
  [
    'b64-neg-mikrotik-user-print',
    '[admin@MikroTik] > /user print\nFlags: X - disabled\n #   NAME      GROUP  ADDRESS          LAST-LOGGED-IN\n 0   admin     full   192.168.88.0/24  jun/01/2024 09:12:44\n 1   backup    read                    may/28/2024 02:00:01',
  ],
  [
    'b64-neg-mikrotik-export-no-sensitive',
    '# 2024-06-01 10:01:12 by RouterOS 7.15\n# software id = {u4}-{u4}\n# model = RB5009UG+S+\n# serial number = HE{u8}\n/interface wireguard\nadd listen-port=13231 mtu=1420 name=wg-office\n/ip address\nadd address=192.168.88.1/24 interface=bridge network=192.168.88.0',
  ],
  [
    'b64-neg-pfsense-cert-refs',
    '<openvpn-server>\n\t<vpnid>2</vpnid>\n\t<mode>server_user</mode>\n\t<caref>{h13}</caref>\n\t<certref>{h13}</certref>\n\t<authmode>Local Database</authmode>\n\t<tls></tls>\n\t<digest>SHA256</digest>\n</openvpn-server>',
  ],
  [
    'b64-neg-pfsense-cert-auth-phase1',
    '<phase1>\n\t<ikeid>3</ikeid>\n\t<authentication_method>cert</authentication_method>\n\t<pre-shared-key></pre-shared-key>\n\t<certref>{h13}</certref>\n\t<myid_type>asn1dn</myid_type>\n</phase1>',
  ],
  [
    'b64-neg-mac-address-table',
    'BR-SW-07#show mac address-table dynamic\n          Mac Address Table\n-------------------------------------------\nVlan    Mac Address       Type        Ports\n----    -----------       --------    -----\n 310    {h4}.{h4}.{h4}    DYNAMIC     Gi1/0/24\n  20    {h4}.{h4}.{h4}    DYNAMIC     Gi1/0/1',
  ],
  [
    'b64-neg-openssl-fingerprint',
    '$ openssl x509 -in fw01.crt -noout -fingerprint -sha256\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'b64-neg-ssh-host-key-prompt',
    "The authenticity of host 'fw01.corp.example.com (10.0.0.1)' can't be established.\nED25519 key fingerprint is SHA256:{B43}.\nThis key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
  ],
  [
    'b64-neg-unattend-sensitive-deleted',
    '<AutoLogon>\n  <Password>\n    <Value>*SENSITIVE*DATA*DELETED*</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <Username>Administrator</Username>\n</AutoLogon>',
  ],
  [
    'b64-neg-unattend-public-key-token',
    '<component name="Microsoft-Windows-International-Core-WinPE" processorArchitecture="amd64" publicKeyToken="31bf3856ad364e35" language="neutral" versionScope="nonSxS" xmlns:wcm="http://schemas.microsoft.com/WMIConfig/2002/State">\n  <SetupUILanguage>\n    <UILanguage>en-US</UILanguage>\n  </SetupUILanguage>\n  <InputLocale>0409:00000409</InputLocale>\n</component>',
  ],
  [
    'b64-neg-rdp-file-no-password',
    'screen mode id:i:2\nuse multimon:i:0\ndesktopwidth:i:1920\ndesktopheight:i:1080\nfull address:s:ts01.corp.example.com\nusername:s:CORP\\jlee\nprompt for credentials:i:1\ngatewayhostname:s:rdgw.example.com\ngatewaycredentialssource:i:4\nauthentication level:i:2',
  ],
  [
    'b64-neg-reg-winlogon-deleted',
    'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="0"\n"DefaultUserName"="jlee"\n"DefaultDomainName"="CORP"\n"DefaultPassword"=-\n"Shell"="explorer.exe"',
  ],
  [
    'b64-neg-cmdkey-list',
    'C:\\>cmdkey /list\n\nCurrently stored credentials:\n\n    Target: Domain:target=fs01.corp.example.com\n    Type: Domain Password\n    User: CORP\\svc_backup\n\n    Target: LegacyGeneric:target=git:https://dev.azure.com\n    Type: Generic\n    User: PersonalAccessToken\n    Local machine persistence',
  ],
  [
    'b64-neg-net-use-list',
    'C:\\>net use\nNew connections will be remembered.\n\nStatus       Local     Remote                    Network\n-------------------------------------------------------------------------------\nOK           Z:        \\\\fs01\\projects           Microsoft Windows Network\nThe command completed successfully.',
  ],
  [
    'b64-neg-schtasks-query',
    'HostName:                             APP01\nTaskName:                             \\Nightly ETL\nNext Run Time:                        6/2/2024 1:00:00 AM\nStatus:                               Ready\nLogon Mode:                           Interactive/Background\nRun As User:                          CORP\\svc_etl\nTask To Run:                          C:\\etl\\run.cmd',
  ],
  [
    'b64-neg-ps-prompted-credential',
    '$cred = Get-Credential -UserName "CORP\\svc_deploy" -Message "Deploy account"\n$secure = Read-Host -Prompt "New password" -AsSecureString\nSet-ADAccountPassword -Identity svc_deploy -Reset -NewPassword $secure -Credential $cred',
  ],
  [
    'b64-neg-gpp-empty-cpassword',
    '<User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="Guest" image="3" changed="2021-02-11 10:15:00" uid="{4E2B6C1A-9D0F-4C3E-8A7B-1F2E3D4C5B6A}"><Properties action="U" newName="" fullName="" description="" cpassword="" changeLogon="0" noChange="0" neverExpires="0" acctDisabled="1" userName="Guest"/></User>',
  ],
  [
    'b64-neg-net-accounts-policy',
    'C:\\>net accounts /domain\nForce user logoff how long after time expires?:       Never\nMinimum password age (days):                          1\nMaximum password age (days):                          90\nMinimum password length:                              14\nLength of password history maintained:                24\nLockout threshold:                                    5\nThe command completed successfully.',
  ],
  [
    'b64-neg-get-aduser-sid-guid',
    'DistinguishedName    : CN=Jamie Lee,OU=Staff,DC=corp,DC=example,DC=com\nEnabled              : True\nObjectGUID           : {h8}-{h4}-{h4}-{h4}-{h12}\nSamAccountName       : jlee\nSID                  : S-1-5-21-{d10}-{d10}-{d10}-1107\nPasswordLastSet      : 5/14/2024 9:02:11 AM\nPasswordNeverExpires : False',
  ],
  [
    'b64-neg-sc-qc',
    '[SC] QueryServiceConfig SUCCESS\n\nSERVICE_NAME: MSSQLSERVER\n        TYPE               : 10  WIN32_OWN_PROCESS\n        START_TYPE         : 2   AUTO_START\n        BINARY_PATH_NAME   : "C:\\Program Files\\Microsoft SQL Server\\MSSQL16.MSSQLSERVER\\MSSQL\\Binn\\sqlservr.exe" -sMSSQLSERVER\n        SERVICE_START_NAME : CORP\\svc_sql',
  ],
  [
    'b64-neg-event-4625',
    'An account failed to log on.\n\nSubject:\n\tSecurity ID:\t\tNULL SID\n\nAccount For Which Logon Failed:\n\tSecurity ID:\t\tNULL SID\n\tAccount Name:\t\tadministrator\n\tAccount Domain:\t\tCORP\n\nFailure Information:\n\tFailure Reason:\t\tUnknown user name or bad password.\n\tStatus:\t\t\t0xC000006D\n\tSub Status:\t\t0xC000006A',
  ],
  [
    'b64-neg-bitlocker-tpm-protector',
    'KeyProtectorId       : {{H8}-{H4}-{H4}-{H4}-{H12}}\nAutoUnlockProtector  :\nKeyProtectorType     : Tpm\nKeyFileName          :\nRecoveryPassword     :\nKeyCertificateType   :\nThumbprint           :',
  ],
  [
    'b64-neg-laps-securestring',
    'PS C:\\> Get-LapsADPassword -Identity WS-0142\n\nComputerName        : WS-0142\nDistinguishedName   : CN=WS-0142,OU=Workstations,DC=corp,DC=example,DC=com\nAccount             : Administrator\nPassword            : System.Security.SecureString\nPasswordUpdateTime  : 5/30/2024 3:14:07 AM\nExpirationTimestamp : 6/29/2024 3:14:07 AM\nSource              : EncryptedPassword\nDecryptionStatus    : Success',
  ],
  [
    'b64-neg-setspn-list',
    'C:\\>setspn -L svc_sql\nRegistered ServicePrincipalNames for CN=svc_sql,OU=Service Accounts,DC=corp,DC=example,DC=com:\n        MSSQLSvc/sql01.corp.example.com:1433\n        MSSQLSvc/sql01.corp.example.com',
  ],
  [
    'b64-neg-ldapsearch-prompt',
    'ldapsearch -x -H ldaps://dc01.corp.example.com -D "CN=svc_ldap,OU=Service Accounts,DC=corp,DC=example,DC=com" -W -b "DC=corp,DC=example,DC=com" "(objectClass=group)" cn\nEnter LDAP Password:',
  ],
  [
    'b64-neg-ldapsearch-password-file',
    'ldapsearch -H ldap://ldap.example.org -D cn=reader,dc=example,dc=org -y /etc/ldap/reader.pw -b ou=people,dc=example,dc=org uid=asmith',
  ],
  [
    'b64-neg-klist-ticket-cache',
    'Ticket cache: FILE:/tmp/krb5cc_1000\nDefault principal: jlee@CORP.EXAMPLE.COM\n\nValid starting       Expires              Service principal\n06/01/2024 09:12:40  06/01/2024 19:12:40  krbtgt/CORP.EXAMPLE.COM@CORP.EXAMPLE.COM\n\trenew until 06/08/2024 09:12:37',
  ],
  [
    'b64-neg-klist-keytab-listing',
    'Keytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   4 05/02/2024 11:30:05 host/web01.corp.example.com@CORP.EXAMPLE.COM (aes256-cts-hmac-sha1-96)\n   4 05/02/2024 11:30:05 host/web01.corp.example.com@CORP.EXAMPLE.COM (aes128-cts-hmac-sha1-96)',
  ],
  [
    'b64-neg-krb5-conf',
    '[libdefaults]\n    default_realm = CORP.EXAMPLE.COM\n    dns_lookup_kdc = true\n    rdns = false\n\n[realms]\n    CORP.EXAMPLE.COM = {\n        kdc = dc01.corp.example.com\n        admin_server = dc01.corp.example.com\n    }',
  ],
  [
    'b64-neg-secretsdump-access-denied',
    'Impacket v0.12.0 - Copyright Fortra, LLC and its affiliated companies\n\n[*] Service RemoteRegistry is in stopped state\n[*] Starting service RemoteRegistry\n[-] RemoteOperations failed: DCERPC Runtime Error: code: 0x5 - rpc_s_access_denied\n[*] Cleaning up...',
  ],
  [
    'b64-neg-mimikatz-null-session',
    'Authentication Id : 0 ; 997 (00000000:000003e5)\nSession           : Service from 0\nUser Name         : LOCAL SERVICE\nDomain            : NT AUTHORITY\nLogon Server      : (null)\nSID               : S-1-5-19\n\tmsv :\n\ttspkg :\n\twdigest :\n\t * Username : (null)\n\t * Domain   : (null)\n\t * Password : (null)\n\tkerberos :\n\t * Username : (null)\n\t * Domain   : (null)\n\t * Password : (null)',
  ],
  [
    'b64-neg-shadow-locked-accounts',
    'root:*:19655:0:99999:7:::\ndaemon:*:19655:0:99999:7:::\nsshd:!:19655::::::\nsystemd-network:!*:19655::::::\nbackup:!:19700:0:99999:7:::',
  ],
  [
    'b64-neg-etc-passwd',
    'root:x:0:0:root:/root:/bin/bash\ndeploy:x:1001:1001:Deploy User,,,:/home/deploy:/bin/bash\npostgres:x:113:121:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash',
  ],
  [
    'b64-neg-pam-common-password',
    '# /etc/pam.d/common-password\npassword\trequisite\t\t\tpam_pwquality.so retry=3 minlen=14 ucredit=-1 dcredit=-1\npassword\t[success=1 default=ignore]\tpam_unix.so obscure use_authtok try_first_pass yescrypt\npassword\trequisite\t\t\tpam_deny.so\npassword\trequired\t\t\tpam_permit.so',
  ],
  [
    'b64-neg-sshd-config',
    'PermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nPubkeyAuthentication yes\nAuthorizedKeysFile .ssh/authorized_keys',
  ],
  ['b64-neg-login-defs', 'ENCRYPT_METHOD YESCRYPT\nYESCRYPT_COST_FACTOR 5\nPASS_MAX_DAYS   90\nPASS_MIN_DAYS   1\nPASS_WARN_AGE   7'],
  [
    'b64-neg-htpasswd-interactive',
    '$ sudo htpasswd -B -C 12 /etc/nginx/.htpasswd grafana-proxy\nNew password:\nRe-type new password:\nAdding password for user grafana-proxy',
  ],
  [
    'b64-neg-ansible-vault-inline',
    'db_user: shop\ndb_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {h64}\n          {h64}\n          {h64}\n          {h64}\n          {h20}',
  ],
  ['b64-neg-ansible-vault-file', '$ANSIBLE_VAULT;1.2;AES256;prod\n{h80}\n{h80}\n{h80}\n{h80}\n{h40}'],
  [
    'b64-neg-ansible-jinja-refs',
    '[linux:vars]\nansible_user=deploy\nansible_ssh_private_key_file=~/.ssh/deploy_ed25519\nansible_become_pass="{{ vault_become_pass }}"\n\n[windows:vars]\nansible_password="{{ lookup(\'community.hashi_vault.hashi_vault\', \'secret=kv/data/win:password\') }}"',
  ],
  [
    'b64-neg-ansible-no-log-output',
    '- name: Set DB password\n  community.postgresql.postgresql_user:\n    name: app\n    password: "{{ app_db_password }}"\n  no_log: true\n\nTASK [Set DB password] *********************************************\nok: [db01] => {"censored": "the output has been hidden due to the fact that \'no_log: true\' was specified for this result", "changed": false}',
  ],
  [
    'b64-neg-chef-encrypted-data-bag',
    '{\n  "id": "mysql",\n  "root_password": {\n    "encrypted_data": "{b64}\\n{b20}==\\n",\n    "iv": "{b16}\\n",\n    "auth_tag": "{b22}==\\n",\n    "version": 3,\n    "cipher": "aes-256-gcm"\n  }\n}',
  ],
  [
    'b64-neg-hiera-eyaml',
    'profile::postgresql::superuser_password: >\n    ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw\n    DQYJKoZIhvcNAQEBBQAEggEA{b40}\n    {b60}\n    {b30}]',
  ],
  [
    'b64-neg-sops-yaml',
    'db_password: ENC[AES256_GCM,data:{b20},iv:{b43}=,tag:{b22}==,type:str]\nsmtp_password: ENC[AES256_GCM,data:{b16},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-{h4}-{h4}-{h12}\n          created_at: "2024-05-20T08:11:02Z"\n          enc: {b80}\n    lastmodified: "2024-05-20T08:11:03Z"\n    mac: ENC[AES256_GCM,data:{b86},iv:{b43}=,tag:{b22}==,type:str]\n    version: 3.8.1',
  ],
  [
    'b64-neg-salt-gpg-pillar',
    '#!yaml|gpg\nmysql:\n  root_password: |\n    -----BEGIN PGP MESSAGE-----\n\n    hQEMA{b59}\n    {b64}\n    {b40}\n    ={b4}\n    -----END PGP MESSAGE-----',
  ],
  [
    'b64-neg-terraform-variable-decl',
    'variable "db_password" {\n  description = "Master password for the RDS instance"\n  type        = string\n  sensitive   = true\n  validation {\n    condition     = length(var.db_password) >= 16\n    error_message = "Password must be at least 16 characters."\n  }\n}',
  ],
  [
    'b64-neg-terraform-plan-sensitive',
    '  # aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {\n        id       = "crm-prod"\n      ~ password = (sensitive value)\n        # (41 unchanged attributes hidden)\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.',
  ],
  [
    'b64-neg-terraform-output-sensitive',
    '$ terraform output\ndb_endpoint = "crm-prod.{l12}.eu-central-1.rds.amazonaws.com:5432"\ndb_password = <sensitive>\nvpc_id = "vpc-{h17}"',
  ],
  [
    'b64-neg-tf-var-env-lookup',
    'export TF_VAR_db_password="$(vault kv get -field=password kv/crm/prod/db)"\nexport TF_VAR_hcloud_token="$HCLOUD_TOKEN"\nterraform apply -var-file=prod.tfvars',
  ],
  [
    'b64-neg-pulumi-secure-values',
    '# Pulumi.prod.yaml\nconfig:\n  aws:region: eu-west-1\n  shop:dbPassword:\n    secure: v1:{b16}:{b48}\n  shop:stripeKey:\n    secure: v1:{b16}:{b64}',
  ],
  [
    'b64-neg-pulumi-encryptionsalt',
    '# Pulumi.dev.yaml\nencryptionsalt: v1:{b11}=:v1:{b16}:{b32}==\nconfig:\n  app:replicas: "3"\n  app:logLevel: debug',
  ],
  [
    'b64-neg-cdk-secrets-manager',
    "const dbSecret = secretsmanager.Secret.fromSecretNameV2(this, 'DbSecret', 'prod/crm/db');\nnew rds.DatabaseInstance(this, 'Db', {\n  engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_16 }),\n  credentials: rds.Credentials.fromSecret(dbSecret),\n});",
  ],
  [
    'b64-neg-cfn-dynamic-reference',
    "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 16\nResources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      MasterUsername: admin\n      MasterUserPassword: '{{resolve:secretsmanager:prod/crm/db:SecretString:password}}'",
  ],
  [
    'b64-neg-wp-config-sample-placeholders',
    "define( 'DB_PASSWORD', 'password_here' );\n\ndefine( 'AUTH_KEY',         'put your unique phrase here' );\ndefine( 'SECURE_AUTH_KEY',  'put your unique phrase here' );\ndefine( 'LOGGED_IN_KEY',    'put your unique phrase here' );",
  ],
  [
    'b64-neg-wp-config-docker-getenv',
    "define( 'DB_PASSWORD', getenv_docker('WORDPRESS_DB_PASSWORD', '') );\ndefine( 'AUTH_KEY', getenv_docker('WORDPRESS_AUTH_KEY', '') );\n$table_prefix = getenv_docker('WORDPRESS_TABLE_PREFIX', 'wp_');",
  ],
  [
    'b64-neg-drupal-salt-from-file',
    "$settings['hash_salt'] = file_get_contents('/var/www/private/salt.txt');\n$settings['config_sync_directory'] = '../config/sync';\n$databases['default']['default']['password'] = getenv('DRUPAL_DB_PASSWORD');",
  ],
  [
    'b64-neg-magento-env-non-secret',
    "    'backend' => [\n        'frontName' => 'admin_{l7}'\n    ],\n    'x-frame-options' => 'SAMEORIGIN',\n    'MAGE_MODE' => 'production',\n    'cache_types' => [\n        'config' => 1,\n        'layout' => 1\n    ],\n    'install' => [\n        'date' => 'Tue, 04 Jun 2024 09:15:42 +0000'\n    ]",
  ],
  [
    'b64-neg-nextcloud-non-secret',
    "  'instanceid' => 'oc{l10}',\n  'trusted_domains' =>\n  array (\n    0 => 'cloud.example.org',\n  ),\n  'datadirectory' => '/var/www/nextcloud/data',\n  'version' => '29.0.4.1',\n  'overwrite.cli.url' => 'https://cloud.example.org',\n  'installed' => true,",
  ],
  [
    'b64-neg-asterisk-template-placeholder',
    '; template for new extensions - copy and fill in\n[ext-template](!)\ntype=friend\ncontext=from-internal\nhost=dynamic\nsecret=<generate with pwgen -s 20 1>\nqualify=yes',
  ],
  [
    'b64-neg-server-properties-no-rcon',
    'enable-rcon=false\nrcon.password=\nrcon.port=25575\nlevel-seed=-{d18}\nlevel-name=world\nenforce-secure-profile=true',
  ],
  [
    'b64-neg-postfix-main-cf',
    'relayhost = [smtp.office365.com]:587\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_security_options = noanonymous\nsmtp_tls_security_level = encrypt',
  ],
  [
    'b64-neg-dovecot-auth-conf',
    'passdb {\n  driver = passwd-file\n  args = scheme=SHA512-CRYPT username_format=%u /etc/dovecot/users\n}\ndefault_pass_scheme = BLF-CRYPT\nauth_mechanisms = plain login',
  ],
  [
    'b64-neg-muttrc-command-substitution',
    'set imap_user = "priya@example.net"\nset imap_pass = "`pass show mail/example.net`"\nset smtp_pass = "`gpg --batch -q --decrypt ~/.mutt/smtp.gpg`"',
  ],
  [
    'b64-neg-fetchmailrc-netrc',
    'poll imap.example.com protocol IMAP\n  user "j.meyer@example.com" is jmeyer here\n  # password comes from ~/.netrc\n  ssl sslproto TLS1.2+',
  ],
  [
    'b64-neg-grafana-env-refs',
    '[security]\nadmin_user = admin\nadmin_password = $__file{/run/secrets/grafana_admin}\nsecret_key = $__env{GF_SECRET_KEY}',
  ],
  [
    'b64-neg-redis-commented-defaults',
    '# requirepass foobared\n# masterauth <master-password>\nrename-command CONFIG ""\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru',
  ],
  [
    'b64-neg-packer-sensitive-variable',
    'variable "winrm_password" {\n  type      = string\n  sensitive = true\n  default   = env("PKR_VAR_winrm_password")\n}',
  ],
  [
    'b64-neg-dkim-public-key',
    'selector1._domainkey.example.com. 3600 IN TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64}" "{b64}{b40}IDAQAB"',
  ],
  ['b64-neg-image-digest-and-sha', 'ansible-playbook site.yml -e app_image=registry.example.com/shop/api@sha256:{h64} -e git_sha={h40}'],
  [
    'b64-neg-chat-masked-value',
    'i reset the svc_backup pw, its in 1password under "Infra / svc_backup" -- not pasting it here. shows as ******** in the share link until you unlock',
  ],
  [
    'b64-neg-chat-vault-pointer',
    "psk for the new branch tunnel is at secret/network/ipsec/branch-14 in vault (key: psk). ping me if your policy doesn't let you read it",
  ],
  [
    'b64-neg-ticket-self-service-reset',
    'Ticket #{d6}\nUser cannot log in after returning from leave.\nAction: account unlocked, user directed to https://passwordreset.microsoftonline.com to reset via MFA. No password was set by IT.\nStatus: Closed',
  ],
  [
    'b64-neg-chat-password-rotation-note',
    'heads up: rotated the radius shared secret on all wlcs + rad01 this morning (change CHG{d6}). new value is in the vault, old one is dead. if an AP drops off, re-push the wlan profile, dont ask me for the secret in slack',
  ],
];
