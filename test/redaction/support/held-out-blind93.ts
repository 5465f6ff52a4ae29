/** A ninety-third held-out batch, written blind: credential stores and their exports as users and IT admins paste them into chat (password-manager CSV/JSON/XML exports, browser saved logins and cookie dumps, OS keychains and credential managers, Wi-Fi and VPN profiles, SSH key passphrases, TOTP seeds and recovery codes), with hard look-alikes from the same tools: every value a template run, scored once before any tuning. */
export const BLIND93_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'cs93-bitwarden-csv-login-row-with-totp-seed',
    'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nInfra,1,login,Cloudflare,,,0,https://dash.cloudflare.com/login,ops@acme-logistics.io,«{a7}#{a6}!{a5}»,«{c32}»',
  ],
  [
    'cs93-bitwarden-csv-hidden-custom-field-api-key',
    'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nVendors,,login,Mailgun,"EU region account","API key: «{h32}-{h8}-{h8}»",0,https://app.eu.mailgun.com,billing@acme-logistics.io,«{a22}»,',
  ],
  [
    'cs93-bitwarden-csv-three-rows-mixed-folders',
    'Infra,,login,Proxmox root,,,0,https://pve01.lan:8006,root,«{a18}»,\nInfra,,login,UniFi controller,,,0,https://unifi.lan:8443,admin,«{L6}-{L7}-{L5}-{L6}»,\nPersonal,,note,Alarm panel code,,,0,,,,\nPersonal,1,login,Netflix,,,0,https://www.netflix.com,family@mailbox.org,«{a14}»,',
  ],
  [
    'cs93-bitwarden-json-login-item-with-uris',
    '{\n  "id": "{h8}-{h4}-4{h3}-{h4}-{h12}",\n  "organizationId": null,\n  "folderId": "{h8}-{h4}-4{h3}-{h4}-{h12}",\n  "type": 1,\n  "reprompt": 0,\n  "name": "AWS root (acme-prod)",\n  "notes": null,\n  "favorite": false,\n  "login": {\n    "uris": [{ "match": null, "uri": "https://signin.aws.amazon.com/console" }],\n    "username": "aws-root@acme-logistics.io",\n    "password": "«{a9}*{a8}%{a5}»",\n    "totp": "otpauth://totp/Amazon%20Web%20Services:aws-root@acme?secret=«{c32}»&issuer=Amazon%20Web%20Services"\n  },\n  "collectionIds": null\n}',
  ],
  [
    'cs93-bitwarden-json-custom-hidden-fields',
    '    "fields": [\n      { "name": "region", "value": "eu-central-1", "type": 0, "linkedId": null },\n      { "name": "aws_secret_access_key", "value": "«{b40}»", "type": 1, "linkedId": null },\n      { "name": "mfa_enabled", "value": "true", "type": 2, "linkedId": null }\n    ],\n    "login": { "username": "AKIA{U16}", "password": null, "totp": null },',
  ],
  [
    'cs93-bitwarden-json-password-history-entries',
    '      "passwordHistory": [\n        { "lastUsedDate": "2024-02-11T09:14:55.120Z", "password": "«{a20}»" },\n        { "lastUsedDate": "2023-08-02T17:40:02.903Z", "password": "«{a20}»" }\n      ],\n      "revisionDate": "2024-05-30T08:01:12.447Z",',
  ],
  [
    'cs93-bitwarden-json-ssh-key-item-private-key',
    '{\n  "type": 5,\n  "name": "deploy@ci-runner",\n  "sshKey": {\n    "privateKey": "«-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\nQyNTUxOQAAACD{b47}\\n{b70}\\n{b70}\\n{b24}AAAAECAwQF\\n-----END OPENSSH PRIVATE KEY-----\\n»",\n    "publicKey": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}",\n    "keyFingerprint": "SHA256:{b43}"\n  }\n}',
  ],
  [
    'cs93-bitwarden-json-secure-note-router-password',
    '{\n  "type": 2,\n  "name": "Router admin (secure note)",\n  "notes": "Fritz!Box 7590 web UI\\nuser: admin\\npassword: «{a16}»\\nreset PIN on the sticker",\n  "secureNote": { "type": 0 }\n}',
  ],
  [
    'cs93-bw-cli-get-password-output',
    '$ export BW_SESSION=$(bw unlock --raw < /run/secrets/bw_master)\n$ bw get password "Acme SMTP relay"\n«{a24}»',
  ],
  [
    'cs93-bw-unlock-session-export-line',
    '$ bw unlock\n? Master password: [hidden]\nYour vault is now unlocked!\n\nTo unlock your vault, set your session key to the `BW_SESSION` environment variable. ex:\n$ export BW_SESSION="«{b86}==»"',
  ],
  [
    'cs93-bw-jq-tsv-name-user-password',
    "$ bw list items --folderid {h8}-{h4}-{h4}-{h4}-{h12} | jq -r '.[] | [.name, .login.username, .login.password] | @tsv'\nJenkins\tjenkins-admin\t«{a20}»\nHarbor\trobot$ci\t«{a32}»\nSonarQube\tadmin\t«{a18}»",
  ],
  [
    'cs93-bitwarden-python-dictreader-row-print',
    ">>> for row in csv.DictReader(open(\"bitwarden_export_20240611.csv\")):\n...     print(row)\n...     break\n{'folder': 'Infra', 'favorite': '', 'type': 'login', 'name': 'Grafana', 'notes': '', 'fields': '', 'reprompt': '0', 'login_uri': 'https://grafana.acme.io', 'login_username': 'admin', 'login_password': '«{a20}»', 'login_totp': ''}",
  ],
  [
    'cs93-chat-bitwarden-org-vault-master-password',
    'the org vault is on vault.acme.io (self-hosted vaultwarden). login is it-admin@acme.io and the master password is «{U1}{L6}-{U1}{L7}-{U1}{L5}{d2}» — I need a script that exports every collection to JSON before we move to 1Password',
  ],
  [
    'cs93-vaultwarden-admin-token-env',
    '# vaultwarden docker-compose .env\nDOMAIN=https://vault.acme.io\nSIGNUPS_ALLOWED=false\nADMIN_TOKEN=«{B64}»\nWEBSOCKET_ENABLED=true',
  ],
  [
    'cs93-1password-csv-row-with-otpauth',
    'Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\nGitLab (self-managed),https://gitlab.acme.io,jdoe,«{l6}-{a6}-{l6}»,otpauth://totp/GitLab:jdoe?secret=«{c26}»&issuer=GitLab,false,false,Infra,',
  ],
  [
    'cs93-1password-csv-multiple-rows-tags',
    '"Title","Url","Username","Password","OTPAuth","Favorite","Archived","Tags","Notes"\n"Fastly","https://manage.fastly.com","cdn@acme.io","«{a28}»","","true","false","cdn;vendors",""\n"PagerDuty","https://acme.pagerduty.com","oncall@acme.io","«{a8}@{a7}#{a6}»","","false","false","oncall",""',
  ],
  [
    'cs93-1pux-export-data-login-fields',
    '          "details": {\n            "loginFields": [\n              { "value": "finance@acme.io", "id": "", "name": "email", "fieldType": "E", "designation": "username" },\n              { "value": "«{a10}!{a9}»", "id": "", "name": "password", "fieldType": "P", "designation": "password" }\n            ],\n            "notesPlain": "QuickBooks Online",\n            "sections": [],',
  ],
  [
    'cs93-1pux-export-data-concealed-api-credential',
    '{\n  "uuid": "{l26}",\n  "favIndex": 0,\n  "createdAt": 1703145600,\n  "updatedAt": 1717000000,\n  "state": "active",\n  "categoryUuid": "112",\n  "details": {\n    "sections": [\n      { "title": "", "fields": [\n        { "title": "username", "id": "username", "value": { "string": "svc-reporting" } },\n        { "title": "credential", "id": "credential", "value": { "concealed": "«{a40}»" } },\n        { "title": "hostname", "id": "hostname", "value": { "string": "api.looker.acme.io" } }\n      ] }\n    ]\n  },\n  "overview": { "title": "Looker API", "url": "" }\n}',
  ],
  [
    'cs93-1pux-totp-field-in-section',
    '{ "title": "one-time password", "id": "TOTP_{h32}", "value": { "totp": "otpauth://totp/Okta:jdoe%40acme.io?secret=«{c16}»&issuer=Okta" }, "indexAtSource": 0, "guarded": false, "multiline": false }',
  ],
  [
    'cs93-1pux-password-history',
    '            "passwordHistory": [\n              { "value": "«{a24}»", "time": 1689092811 },\n              { "value": "«{a24}»", "time": 1652301200 }\n            ]',
  ],
  ['cs93-op-item-get-reveal-output', '$ op item get "Postgres prod" --vault Infra --fields label=password --reveal\n«{a32}»'],
  [
    'cs93-op-read-secret-reference-output',
    '$ op read "op://Infra/Snowflake svc/credential"\n«{a28}»\n$ op read "op://Infra/Snowflake svc/username"\nSVC_DBT',
  ],
  [
    'cs93-op-item-get-json-concealed-field',
    '  "fields": [\n    { "id": "username", "type": "STRING", "purpose": "USERNAME", "label": "username", "value": "deploy", "reference": "op://Infra/{l26}/username" },\n    { "id": "password", "type": "CONCEALED", "purpose": "PASSWORD", "label": "password", "value": "«{a26}»", "entropy": 154.9, "reference": "op://Infra/{l26}/password", "password_details": { "entropy": 154, "generated": true, "strength": "FANTASTIC" } }\n  ],',
  ],
  [
    'cs93-1password-secret-key-in-chat',
    'migrating the family account — my 1Password Secret Key is «A3-{u6}-{u6}-{u5}-{u5}-{u5}-{u5}» and the account email is dana@homemail.net, can you write the op signin commands',
  ],
  [
    'cs93-lastpass-csv-login-row',
    'url,username,password,totp,extra,name,grouping,fav\nhttps://portal.azure.com,admin@acmelogistics.onmicrosoft.com,«{a12}${a8}»,,,Azure portal,Infra\\Cloud,1',
  ],
  [
    'cs93-lastpass-csv-secure-note-database-password',
    'url,username,password,totp,extra,name,grouping,fav\nhttp://sn,,,,"NoteType:Database\nLanguage:en-US\nType:postgresql\nHostname:pg-prod.internal\nPort:5432\nDatabase:orders\nUsername:orders_owner\nPassword:«{a22}»\nSID:\nAlias:\nNotes:",orders DB,Shared-Infra,0',
  ],
  [
    'cs93-lastpass-csv-totp-column',
    'url,username,password,totp,extra,name,grouping,fav\nhttps://id.atlassian.com,jira-admin@acme.io,«{a19}»,«{c32}»,,Atlassian,Shared-Dev,0',
  ],
  [
    'cs93-lpass-show-password-output',
    '$ lpass show --password "Shared-Infra/Datadog"\n«{a20}»\n$ lpass show --username "Shared-Infra/Datadog"\nmonitoring@acme.io',
  ],
  [
    'cs93-lpass-show-full-entry',
    '$ lpass show "Shared-Infra/VPN appliance"\nShared-Infra/VPN appliance [id: {d19}]\nUsername: admin\nPassword: «{a16}»\nURL: https://fw01.acme.local:4443\nNotes: Fortigate 100F, HA pair',
  ],
  [
    'cs93-powershell-import-csv-lastpass-format-list',
    'PS C:\\migration> Import-Csv .\\lastpass_export.csv | Select-Object -First 1 | Format-List\n\nurl      : https://login.salesforce.com\nusername : integration@acme.io.prod\npassword : «{a18}»\ntotp     :\nextra    :\nname     : Salesforce integration user\ngrouping : Sales-Ops\nfav      : 0',
  ],
  [
    'cs93-keepass-xml-entry-password-value',
    '<Entry>\n\t<UUID>{b22}==</UUID>\n\t<IconID>0</IconID>\n\t<String>\n\t\t<Key>Password</Key>\n\t\t<Value ProtectInMemory="True">«{a20}»</Value>\n\t</String>\n\t<String>\n\t\t<Key>Title</Key>\n\t\t<Value>iDRAC r740-01</Value>\n\t</String>\n\t<String>\n\t\t<Key>UserName</Key>\n\t\t<Value>root</Value>\n\t</String>\n</Entry>',
  ],
  [
    'cs93-keepassxc-xml-otp-attribute',
    '\t\t<String>\n\t\t\t<Key>otp</Key>\n\t\t\t<Value>otpauth://totp/Proxmox:root%40pam?secret=«{c32}»&amp;period=30&amp;digits=6&amp;issuer=Proxmox</Value>\n\t\t</String>',
  ],
  [
    'cs93-keepass-xml-history-old-password',
    '<History>\n\t<Entry>\n\t\t<UUID>{b22}==</UUID>\n\t\t<Times><LastModificationTime>2023-11-02T10:20:11Z</LastModificationTime></Times>\n\t\t<String><Key>Password</Key><Value ProtectInMemory="True">«{a16}»</Value></String>\n\t\t<String><Key>UserName</Key><Value>Administrator</Value></String>\n\t</Entry>\n</History>',
  ],
  [
    'cs93-keepass-xml-custom-string-api-secret',
    '<String><Key>client_id</Key><Value>{h8}-{h4}-{h4}-{h4}-{h12}</Value></String>\n<String><Key>client_secret</Key><Value ProtectInMemory="True">«{a8}~{a34}»</Value></String>\n<String><Key>Title</Key><Value>Entra app: intune-sync</Value></String>',
  ],
  [
    'cs93-keepassxc-csv-row',
    '"Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created"\n"Root/Network","Core switch","admin","«{a14}»","ssh://10.10.0.2","Cisco C9300","","0","2024-04-10T08:11:02Z","2022-01-17T14:05:44Z"',
  ],
  [
    'cs93-keepassxc-csv-totp-uri-column',
    '"Root/SaaS","Namecheap","acme-dns","«{a18}»","https://www.namecheap.com","","otpauth://totp/Namecheap:acme-dns?secret=«{c32}»&period=30&digits=6&issuer=Namecheap","1","2024-03-01T10:00:00Z","2021-06-09T09:00:00Z"',
  ],
  [
    'cs93-keepassxc-cli-show-attribute',
    '$ keepassxc-cli show -s -a Password ~/Sync/infra.kdbx "Network/pfSense"\nEnter password to unlock /home/jdoe/Sync/infra.kdbx:\n«{a20}»',
  ],
  [
    'cs93-keepassxc-cli-show-all-fields',
    '$ keepassxc-cli show -s ~/Sync/infra.kdbx "Servers/backup01 ipmi"\nEnter password to unlock /home/jdoe/Sync/infra.kdbx:\nTitle: backup01 ipmi\nUserName: ADMIN\nPassword: «{u10}»\nURL: https://10.20.0.41\nNotes: Supermicro X11, password from sticker',
  ],
  [
    'cs93-keepass2-csv-legacy-columns',
    '"Account","Login Name","Password","Web Site","Comments"\n"Synology DSM","nasadmin","«{a16}»","https://nas.home.arpa:5001","DS920+"',
  ],
  [
    'cs93-kpcli-show-entry',
    'kpcli:/infra/Servers> show -f 4\n\n Path: /infra/Servers/\nTitle: vCenter SSO\nUname: administrator@vsphere.local\n Pass: «{a12}#{a6}»\n  URL: https://vcsa01.corp.acme.local\nNotes:',
  ],
  [
    'cs93-chat-keepass-master-and-keyfile-path',
    'I lost the keyfile for infra.kdbx but I still have the master password «{L6}-{L5}-{L8}-{L6}-{d2}» — is there any way to open it without ~/keys/infra.keyx?',
  ],
  [
    'cs93-keepassxc-python-pykeepass-print',
    '>>> from pykeepass import PyKeePass\n>>> kp = PyKeePass("infra.kdbx", password=getpass())\n>>> e = kp.find_entries(title="LDAP bind", first=True)\n>>> e.username, e.password\n(\'cn=svc-ldap,ou=svc,dc=acme,dc=local\', \'«{a24}»\')',
  ],
  [
    'cs93-dashlane-csv-credentials-row',
    'username,username2,username3,title,password,note,url,category,otpSecret\nhr@acme.io,,,BambooHR,«{a17}»,,https://acme.bamboohr.com,Business,«{c32}»',
  ],
  [
    'cs93-dashlane-csv-two-rows-no-otp',
    'username,username2,username3,title,password,note,url,category,otpUrl\ndev@acme.io,,,npm,«{a20}»,,https://www.npmjs.com,Dev,\ndev@acme.io,,,Docker Hub,«{a20}»,,https://hub.docker.com,Dev,',
  ],
  [
    'cs93-dashlane-json-authentifiant',
    '{"AUTHENTIFIANT":[{"domain":"zoom.us","email":"it@acme.io","login":"it@acme.io","note":"","password":"«{a15}»","secondaryLogin":"","title":"Zoom admin"}]}',
  ],
  [
    'cs93-proton-pass-csv-login-row',
    'type,name,url,email,username,password,note,totp,createTime,modifyTime,vault\nlogin,Hetzner Robot,https://robot.hetzner.com,,K{d10},«{a22}»,,otpauth://totp/Hetzner:K{d10}?secret=«{c32}»&algorithm=SHA1&digits=6&period=30,1700000000,1716000000,Infra',
  ],
  [
    'cs93-proton-pass-json-login-content',
    '        "data": {\n          "metadata": { "name": "OVHcloud", "note": "", "itemUuid": "{h8}" },\n          "type": "login",\n          "content": {\n            "itemEmail": "ops@acme.io",\n            "itemUsername": "",\n            "password": "«{a9}.{a9}»",\n            "urls": ["https://www.ovh.com/auth/"],\n            "totpUri": "",\n            "passkeys": []\n          }\n        },',
  ],
  [
    'cs93-enpass-json-fields-password-and-totp',
    '{"title":"Microsoft 365 admin","category":"login","uuid":"{h8}-{h4}-4{h3}-{h4}-{h12}","fields":[{"label":"Username","type":"username","value":"admin@acme.onmicrosoft.com","sensitive":0},{"label":"Password","type":"password","value":"«{a16}»","sensitive":1},{"label":"One-time code","type":"totp","value":"«{c32}»","sensitive":1},{"label":"Website","type":"url","value":"https://admin.microsoft.com","sensitive":0}]}',
  ],
  [
    'cs93-enpass-csv-label-value-pairs',
    '"Title","Field","Value","Field","Value","Field","Value","Note"\n"Plex","Username","plexuser","Password","«{a14}»","Website","https://app.plex.tv",""',
  ],
  [
    'cs93-nordpass-csv-login-row',
    'name,url,additional_urls,username,password,note,cardholdername,cardnumber,cvc,pin,expirydate,zipcode,folder,full_name,phone_number,email,address1,address2,city,country,state,type,custom_fields\nShopify staff,https://acme-shop.myshopify.com/admin,,,«{a20}»,,,,,,,,E-commerce,,,shop@acme.io,,,,,,password,',
  ],
  [
    'cs93-keeper-json-record',
    '{"records":[{"title":"Meraki dashboard","login":"netops@acme.io","password":"«{a18}»","login_url":"https://account.meraki.com","notes":"","custom_fields":{"TFC:Keeper":"otpauth://totp/Meraki:netops?secret=«{c32}»&issuer=Meraki"},"folders":[{"shared_folder":"Network","can_edit":true}]}]}',
  ],
  [
    'cs93-roboform-csv-pwd-column',
    'Name,Url,MatchUrl,Login,Pwd,Note,Folder,RfFieldsV2\nUbiquiti SSO,https://account.ui.com,https://account.ui.com/login,netops@acme.io,«{a16}»,,/Network,',
  ],
  [
    'cs93-apple-passwords-csv-row',
    'Title,URL,Username,Password,Notes,OTPAuth\nappleid.apple.com (family),https://appleid.apple.com,kid.acme@icloud.com,«{l6}-{a6}-{l6}»,,',
  ],
  [
    'cs93-safari-passwords-csv-with-otpauth',
    'Title,URL,Username,Password,Notes,OTPAuth\ndiscord.com (jdoe),https://discord.com/,jdoe,«{a6}-{a6}-{a6}»,,otpauth://totp/Discord:jdoe?secret=«{c16}»&algorithm=SHA1&digits=6&period=30',
  ],
  [
    'cs93-zoho-vault-csv-secretdata',
    'Password Name,Password URL,SecretData,Notes,Tags,Classification,Favorite,TOTP,Folder Name\nMailchimp,https://login.mailchimp.com,"User Name=marketing@acme.io\nPassword=«{a18}»",,marketing,E,0,,Marketing',
  ],
  [
    'cs93-passbolt-csv-row',
    '"Group","Title","Username","Password","URL","Notes"\n"Root","Bacula director","bacula","«{a24}»","bacula01.corp.acme.local:9101","console password"',
  ],
  [
    'cs93-pass-show-multiline-entry',
    '$ pass show infra/db/pg-prod\n«{a28}»\nlogin: postgres\nurl: pg-prod.internal:5432\ncomment: superuser, rotate quarterly',
  ],
  ['cs93-pass-insert-multiline-heredoc', "$ pass insert -m wifi/home <<'EOF'\n«{L5}{d4}{L5}{d2}»\nssid: Lindenweg-5G\nEOF"],
  [
    'cs93-pass-otp-insert-uri',
    "$ pass otp insert totp/github <<< 'otpauth://totp/GitHub:jdoe?secret=«{c32}»&issuer=GitHub'\n$ pass otp totp/github\n{d6}",
  ],
  [
    'cs93-gopass-show-yaml-body',
    '$ gopass show -f cloud/aws/acme-prod\nSecret: cloud/aws/acme-prod\n\n«{a20}»\n---\nuser: jdoe-admin\naws_access_key_id: AKIA{U16}\naws_secret_access_key: «{b40}»',
  ],
  [
    'cs93-gpg-decrypt-password-store-file',
    '$ gpg -dq ~/.password-store/email/fastmail-app.gpg\n«{l16}»\nuser: dana@fastmail.com\nnote: app password for thunderbird',
  ],
  ['cs93-gopass-cat-binary-secret', '$ gopass cat ssh/nas-backup-passphrase\n«{a32}»'],
  [
    'cs93-chrome-csv-export-rows',
    'name,url,username,password,note\ngithub.com,https://github.com/session,jdoe-acme,«{a16}»,\nlogin.microsoftonline.com,https://login.microsoftonline.com/common/login,jdoe@acme.io,«{a10}{d3}!»,work SSO',
  ],
  [
    'cs93-edge-csv-export-rows',
    'name,url,username,password\nportal.azure.com,https://login.microsoftonline.com/,admin@acme.onmicrosoft.com,«{a18}»\nintranet.acme.local,https://intranet.acme.local/login,ACME\\jdoe,«{U1}{L7}{d4}!»',
  ],
  [
    'cs93-chrome-csv-android-app-row',
    'name,url,username,password,note\ncom.spotify.music,android://{b86}==@com.spotify.music/,family@mailbox.org,«{a14}»,',
  ],
  [
    'cs93-firefox-csv-export-row',
    '"url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed","timePasswordChanged"\n"https://accounts.google.com","jdoe.acme@gmail.com","«{a18}»",,"https://accounts.google.com","{{h8}-{h4}-{h4}-{h4}-{h12}}","1690001112223","1717000000000","1690001112223"',
  ],
  [
    'cs93-firefox-csv-http-realm-basic-auth',
    '"http://192.168.1.1","admin","«{a12}»","DSL Router",,"{{h8}-{h4}-{h4}-{h4}-{h12}}","1604000000000","1716000000000","1604000000000"',
  ],
  [
    'cs93-firefox-decrypt-tool-output',
    "$ python3 firefox_decrypt.py ~/.mozilla/firefox/{l8}.default-release\nWebsite:   https://gitlab.acme.io\nUsername: 'jdoe'\nPassword: '«{a20}»'\n\nWebsite:   https://jira.acme.io\nUsername: 'jdoe@acme.io'\nPassword: '«{a16}»'\n",
  ],
  [
    'cs93-firefox-decrypt-json-format',
    '$ python3 firefox_decrypt.py --format json ~/.mozilla/firefox/{l8}.default-release\n[{"url": "https://nextcloud.home.arpa", "user": "dana", "password": "«{a6}-{a6}-{a6}-{a6}»"}]',
  ],
  [
    'cs93-chromium-login-data-decrypt-script-output',
    '[*] profile: Default\n[+] origin_url: https://vcenter.corp.acme.local/websso/\n    username:  administrator@vsphere.local\n    password:  «{a14}»\n    date_created: 2023-09-14 07:22:10',
  ],
  ['cs93-brave-csv-export-row', 'name,url,username,password,note\nkagi.com,https://kagi.com/signin,dana@mailbox.org,«{a24}»,'],
  [
    'cs93-chat-chrome-saved-password-pasted',
    'Chrome says my saved password for the Jenkins box (https://ci.acme.local) is «{a12}» but the login fails with it, is Jenkins maybe lowercasing the username "JDoe"?',
  ],
  [
    'cs93-netscape-cookies-txt-github-session',
    '# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n.github.com\tTRUE\t/\tTRUE\t1767225600\t_octo\tGH1.1.{d9}.{d10}\ngithub.com\tFALSE\t/\tTRUE\t1767225600\tuser_session\t«{B48}»\n.github.com\tTRUE\t/\tTRUE\t1767225600\tlogged_in\tyes',
  ],
  [
    'cs93-cookies-txt-slack-d-cookie',
    '# exported with "Get cookies.txt LOCALLY"\n.slack.com\tTRUE\t/\tTRUE\t1780000000\td\t«xoxd-{a40}%2F{a40}%2B{a20}%3D%3D»\n.slack.com\tTRUE\t/\tTRUE\t1780000000\tb\t.{l24}',
  ],
  [
    'cs93-cookie-editor-json-jwt-session',
    '[\n  {\n    "domain": ".acme.atlassian.net",\n    "expirationDate": 1719999999.0,\n    "hostOnly": false,\n    "httpOnly": true,\n    "name": "tenant.session.token",\n    "path": "/",\n    "sameSite": "no_restriction",\n    "secure": true,\n    "value": "«eyJraWQiOiJzZXNzaW9uLXNlcnZpY2UiLCJhbGciOiJSUzI1NiJ9.{B120}.{B86}»"\n  }\n]',
  ],
  [
    'cs93-editthiscookie-json-connect-sid',
    '[{"domain":"admin.acme.io","hostOnly":true,"httpOnly":true,"name":"connect.sid","path":"/","sameSite":"lax","secure":true,"session":true,"storeId":"0","value":"«s%3A{B32}.{b43}»","id":1}]',
  ],
  [
    'cs93-playwright-storage-state-cookie-and-localstorage',
    '{\n  "cookies": [\n    { "name": "sessionid", "value": "«{l32}»", "domain": "staff.acme.io", "path": "/", "expires": 1720000000, "httpOnly": true, "secure": true, "sameSite": "Lax" }\n  ],\n  "origins": [\n    { "origin": "https://app.acme.io", "localStorage": [ { "name": "access_token", "value": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B96}.{B43}»" } ] }\n  ]\n}',
  ],
  [
    'cs93-sqlite-chrome-cookies-decrypted-dump',
    'host_key|name|value|expires_utc\n.shopify.com|_secure_admin_session_id|«{h32}»|13365000000000000\n.shopify.com|_shopify_y|{h8}-{h4}-{h4}-{h4}-{h12}|13380000000000000',
  ],
  [
    'cs93-browser-cookie3-python-print',
    ">>> cj = browser_cookie3.firefox(domain_name=\"gitlab.acme.io\")\n>>> [(c.name, c.value) for c in cj]\n[('_gitlab_session', '«{h32}»'), ('preferred_language', 'en'), ('known_sign_in', '«{B40}»')]",
  ],
  [
    'cs93-curl-cookie-header-laravel-session',
    "curl 'https://crm.acme.io/api/leads?page=3' \\\n  -H 'accept: application/json' \\\n  -H 'cookie: XSRF-TOKEN=; laravel_session=«eyJpdiI6I{b40}In0%3D»; sidebar=collapsed' \\\n  --compressed",
  ],
  ['cs93-document-cookie-console-output', "> document.cookie\n'theme=dark; JSESSIONID=«{H32}»; lang=en-GB; _ga=GA1.1.{d9}.{d10}'\n"],
  [
    'cs93-powershell-websession-cookie-container',
    'PS> $s.Cookies.GetCookies("https://portal.acme.local") | ft Name,Value,Expires\n\nName              Value                                    Expires\n----              -----                                    -------\n.AspNetCore.Cookies «CfDJ8{B150}»           01.01.0001 00:00:00\nARRAffinity       {h64}  01.01.0001 00:00:00',
  ],
  ['cs93-macos-security-find-generic-password-w', '$ security find-generic-password -s "Acme VPN" -a jdoe -w\n«{a20}»'],
  [
    'cs93-macos-security-find-internet-password-g',
    '$ security find-internet-password -gs gitlab.acme.io\nkeychain: "/Users/jdoe/Library/Keychains/login.keychain-db"\nversion: 512\nclass: "inet"\nattributes:\n    "acct"<blob>="jdoe"\n    "atyp"<blob>="form"\n    "cdat"<timedate>=0x32303234303631303039313233345A00  "20240610091234Z\\000"\n    "srvr"<blob>="gitlab.acme.io"\npassword: "«{a18}»"',
  ],
  ['cs93-macos-security-airport-password', '$ security find-generic-password -D "AirPort network password" -a "Acme-Office" -w\n«{a16}»'],
  [
    'cs93-macos-security-dump-keychain-d-snippet',
    'keychain: "/Library/Keychains/System.keychain"\nclass: "genp"\nattributes:\n    "acct"<blob>="svc-jamf"\n    "svce"<blob>="com.jamf.management.service"\ndata:\n"«{a24}»"',
  ],
  [
    'cs93-macos-security-hex-password-output',
    '$ security find-generic-password -s "Docker Credentials" -g 2>&1 | grep password\npassword: «0x{H64}»  "«{a32}»"',
  ],
  [
    'cs93-macos-git-credential-osxkeychain-get',
    '$ printf "protocol=https\\nhost=github.com\\n" | git credential-osxkeychain get\nusername=jdoe-acme\npassword=«gho_{a36}»',
  ],
  [
    'cs93-powershell-get-storedcredential-object',
    'PS> Get-StoredCredential -Target "git:https://dev.azure.com/acme" -AsCredentialObject\n\nFlags          : 0\nType           : Generic\nTargetName     : git:https://dev.azure.com/acme\nComment        :\nLastWritten    : 6/4/2024 9:12:03 AM\nPassword       : «{k52}»\nUserName       : PersonalAccessToken\nAttributes     : {}',
  ],
  [
    'cs93-powershell-getnetworkcredential-password',
    'PS> (Get-StoredCredential -Target "TERMSRV/rdsh01.corp.acme.local").GetNetworkCredential() | fl\n\nUserName       : jdoe-adm\nPassword       : «{a14}»\nSecurePassword : System.Security.SecureString\nDomain         : CORP',
  ],
  [
    'cs93-powershell-passwordvault-retrieve',
    'PS> [void][Windows.Security.Credentials.PasswordVault,Windows.Security.Credentials,ContentType=WindowsRuntime]\nPS> $v = New-Object Windows.Security.Credentials.PasswordVault\nPS> $v.RetrieveAll() | % { $_.RetrievePassword(); $_ } | select Resource,UserName,Password\n\nResource                  UserName     Password\n--------                  --------     --------\nhttps://sharepoint.acme.io jdoe@acme.io «{a16}»',
  ],
  [
    'cs93-cmdkey-add-generic-in-logon-script',
    '@echo off\nrem map the scanner share for the accounting PCs\ncmdkey /add:scan01.corp.acme.local /user:CORP\\svc-scan /pass:«{a16}»\nnet use S: \\\\scan01.corp.acme.local\\scans /persistent:yes',
  ],
  [
    'cs93-git-credential-manager-get-output',
    'PS> "protocol=https`nhost=dev.azure.com`npath=acme`n" | git credential-manager get\nprotocol=https\nhost=dev.azure.com\npath=acme\nusername=jdoe@acme.io\npassword=«{k84}»',
  ],
  [
    'cs93-mimikatz-dpapi-cred-blob-output',
    '  CredentialBlob : «{a20}»\n  Attributes     : 0\n  TargetName     : Domain:target=fs01.corp.acme.local\n  UserName       : CORP\\svc-backup\n  Type           : 2 - domain_password',
  ],
  [
    'cs93-lazagne-windows-output',
    '------------------- Credman passwords -----------------\n\n[+] Password found !!!\nURL: Domain:target=sql01.corp.acme.local\nLogin: CORP\\svc-sql\nPassword: «{a18}»',
  ],
  ['cs93-secret-tool-lookup-smb', '$ secret-tool lookup protocol smb server nas.home.arpa user dana\n«{a16}»'],
  [
    'cs93-secret-tool-search-all-nm-vpn',
    "$ secret-tool search --all --unlock setting-name vpn\n[/org/freedesktop/secrets/collection/login/7]\nlabel = VPN connection 'Acme Office' secrets\nsecret = «{a20}»\ncreated = 2024-03-11 08:14:22\nmodified = 2024-03-11 08:14:22\nschema = org.freedesktop.NetworkManager.Connection\nattribute.connection-uuid = {h8}-{h4}-4{h3}-{h4}-{h12}\nattribute.setting-key = vpn.secrets.password\nattribute.setting-name = vpn",
  ],
  ['cs93-kwallet-query-read-entry', '$ kwallet-query -r "smb-nas.home.arpa" -f Passwords kdewallet\n«{a14}»'],
  [
    'cs93-kwallet-query-read-map-json',
    '$ kwallet-query -r "Acme Office VPN" -f "Network Management" kdewallet\n{"password":"«{a18}»","cert-pass":"«{a16}»"}',
  ],
  ['cs93-python-keyring-get-password-pypi', '$ keyring get https://upload.pypi.org/legacy/ __token__\n«pypi-AgEIcHlwaS5vcmc{B150}»'],
  ['cs93-python-keyring-repl-get-password', '>>> import keyring\n>>> keyring.get_password("acme-sftp", "partner-upload")\n\'«{a22}»\''],
  [
    'cs93-gnome-keyring-python-secretstorage',
    "for item in coll.get_all_items():\n    print(item.get_label(), item.get_secret())\n\nChrome Safe Storage b'«{B24}»'\nGitKraken b'«{a32}»'\n",
  ],
  [
    'cs93-netsh-wlan-show-profile-key-clear',
    'C:\\> netsh wlan show profile name="Acme-Corp" key=clear\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : «{a16}»\n\nCost settings\n-------------\n    Cost                   : Unrestricted',
  ],
  [
    'cs93-netsh-wlan-german-schluesselinhalt',
    'Sicherheitseinstellungen\n-------------------------\n    Authentifizierung      : WPA2-Personal\n    Verschlüsselung        : CCMP\n    Sicherheitsschlüssel   : Vorhanden\n    Schlüsselinhalt        : «{L6}{d4}{L5}{d3}»',
  ],
  [
    'cs93-powershell-wifi-loop-table',
    'PS> (netsh wlan show profiles) | Select-String ":\\s(.+)$" | % { $n=$_.Matches.Groups[1].Value.Trim(); $_ } | % { (netsh wlan show profile name="$n" key=clear) } | Select-String "Key Content\\W+\\:(.+)$" | % { [PSCustomObject]@{ PROFILE_NAME=$n; PASSWORD=$_.Matches.Groups[1].Value.Trim() } }\n\nPROFILE_NAME     PASSWORD\n------------     --------\nAcme-Guest       «{a12}»\nLindenweg-5G     «{L5}{d4}{L5}»',
  ],
  [
    'cs93-windows-wlan-profile-xml-keymaterial',
    '<security>\n\t<authEncryption>\n\t\t<authentication>WPA2PSK</authentication>\n\t\t<encryption>AES</encryption>\n\t\t<useOneX>false</useOneX>\n\t</authEncryption>\n\t<sharedKey>\n\t\t<keyType>passPhrase</keyType>\n\t\t<protected>false</protected>\n\t\t<keyMaterial>«{a20}»</keyMaterial>\n\t</sharedKey>\n</security>',
  ],
  [
    'cs93-nmconnection-wifi-security-psk',
    '[connection]\nid=Acme-Corp\nuuid={h8}-{h4}-4{h3}-{h4}-{h12}\ntype=wifi\ninterface-name=wlp2s0\n\n[wifi]\nmode=infrastructure\nssid=Acme-Corp\n\n[wifi-security]\nauth-alg=open\nkey-mgmt=wpa-psk\npsk=«{a18}»',
  ],
  ['cs93-nmconnection-sae-psk-wpa3', '[wifi-security]\nkey-mgmt=sae\npsk=«{L5}-{L6}-{L5}-{d3}»\n\n[ipv4]\nmethod=auto'],
  ['cs93-nmcli-show-secrets-psk-line', '$ nmcli -s -g 802-11-wireless-security.psk connection show "Lindenweg-5G"\n«{a14}»'],
  ['cs93-nmcli-dev-wifi-show-password', '$ nmcli dev wifi show-password\nSSID: Lindenweg-5G\nSecurity: WPA\nPassword: «{L7}{d4}»'],
  [
    'cs93-wpa-supplicant-conf-quoted-passphrase-multiple',
    'ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=DE\n\nnetwork={\n\tssid="Lindenweg-5G"\n\tpsk="«{a16}»"\n\tpriority=2\n}\n\nnetwork={\n\tssid="Acme-Guest"\n\tkey_mgmt=NONE\n}',
  ],
  ['cs93-wpa-supplicant-hex-derived-psk-with-commented-plain', 'network={\n\tssid="Acme-Lab"\n\t#psk="«{a12}»"\n\tpsk=«{h64}»\n}'],
  [
    'cs93-mobileconfig-wifi-password',
    '<dict>\n\t<key>AutoJoin</key>\n\t<true/>\n\t<key>EncryptionType</key>\n\t<string>WPA2</string>\n\t<key>Password</key>\n\t<string>«{a16}»</string>\n\t<key>PayloadType</key>\n\t<string>com.apple.wifi.managed</string>\n\t<key>PayloadUUID</key>\n\t<string>{H8}-{H4}-{H4}-{H4}-{H12}</string>\n\t<key>SSID_STR</key>\n\t<string>Acme-Corp</string>\n</dict>',
  ],
  [
    'cs93-mobileconfig-eap-user-password',
    '<key>EAPClientConfiguration</key>\n<dict>\n\t<key>AcceptEAPTypes</key>\n\t<array><integer>25</integer></array>\n\t<key>UserName</key>\n\t<string>jdoe@acme.io</string>\n\t<key>UserPassword</key>\n\t<string>«{a14}»</string>\n\t<key>TLSTrustedServerNames</key>\n\t<array><string>radius.acme.io</string></array>\n</dict>',
  ],
  [
    'cs93-android-wificonfigstore-presharedkey',
    '<WifiConfiguration>\n<string name="ConfigKey">&quot;Lindenweg-5G&quot;WPA_PSK</string>\n<string name="SSID">&quot;Lindenweg-5G&quot;</string>\n<null name="BSSID" />\n<string name="PreSharedKey">&quot;«{a14}»&quot;</string>\n<boolean name="HiddenSSID" value="false" />',
  ],
  ['cs93-wifi-qr-string-wpa', '# printed on the guest wifi card as a QR code\nWIFI:T:WPA;S:Acme-Guest;P:«{a12}»;H:false;;'],
  [
    'cs93-wifi-qr-python-qrcode-script',
    'import qrcode\npayload = "WIFI:T:SAE;S:Lindenweg-5G;P:«{L5}{d3}{L6}»;;"\nqrcode.make(payload).save("wifi.png")',
  ],
  [
    'cs93-iwd-psk-file-passphrase-and-derived',
    '$ sudo cat /var/lib/iwd/Lindenweg-5G.psk\n[Security]\nPassphrase=«{a16}»\nPreSharedKey=«{h64}»',
  ],
  [
    'cs93-chromeos-onc-wifi-passphrase',
    '{\n  "GUID": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "Name": "Acme-Corp",\n  "Type": "WiFi",\n  "WiFi": { "SSID": "Acme-Corp", "Security": "WPA-PSK", "Passphrase": "«{a18}»", "AutoConnect": true }\n}',
  ],
  [
    'cs93-chat-wifi-guest-password-prose',
    'the guest network is "Acme-Guest" and this week\'s password is «{L6}{d4}{U2}» — can you make the captive portal page show it?',
  ],
  [
    'cs93-openwrt-uci-wireless-key',
    "config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption network 'lan'\n\toption mode 'ap'\n\toption ssid 'Lindenweg-5G'\n\toption encryption 'sae-mixed'\n\toption key '«{a16}»'",
  ],
  ['cs93-openvpn-auth-user-pass-two-line-file', '$ sudo cat /etc/openvpn/client/acme-auth.txt\njdoe\n«{a18}»'],
  [
    'cs93-openvpn-inline-auth-user-pass-block',
    'client\ndev tun\nproto udp\nremote vpn.acme.io 1194\n<auth-user-pass>\njdoe\n«{a16}»\n</auth-user-pass>\nremote-cert-tls server',
  ],
  [
    'cs93-openvpn-askpass-file-key-passphrase',
    '# /etc/openvpn/client/acme.conf\naskpass /etc/openvpn/client/acme.pass\n$ cat /etc/openvpn/client/acme.pass\n«{a24}»',
  ],
  [
    'cs93-openvpn-ovpn-inline-private-key',
    '<cert>\n-----BEGIN CERTIFICATE-----\nMIIB{b60}\n-----END CERTIFICATE-----\n</cert>\n<key>\n«-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI{b43}\n-----END PRIVATE KEY-----»\n</key>',
  ],
  [
    'cs93-wireguard-windows-tunnel-export',
    '[Interface]\nPrivateKey = «{b43}=»\nAddress = 10.66.0.14/32\nDNS = 10.66.0.1\n\n[Peer]\nPublicKey = {b43}=\nAllowedIPs = 10.0.0.0/8, 10.66.0.0/24\nEndpoint = wg.acme.io:51820',
  ],
  ['cs93-wireguard-wg-show-private-key-cmd', '$ sudo wg show wg0 private-key\n«{b43}=»\n$ sudo wg show wg0 public-key\n{b43}='],
  [
    'cs93-wireguard-mullvad-style-config-download',
    '# Mullvad WireGuard config de-fra-wg-004\n[Interface]\nPrivateKey = «{b43}=»\nAddress = 10.{d2}.{d2}.{d2}/32,fc00:bbbb:bbbb:bb01::{h4}/128\nDNS = 10.64.0.1\n\n[Peer]\nPublicKey = {b43}=\nAllowedIPs = 0.0.0.0/0,::0/0\nEndpoint = 185.213.154.68:51820',
  ],
  [
    'cs93-wireguard-nmconnection-private-key',
    '[wireguard]\nprivate-key=«{b43}=»\nlisten-port=51820\n\n[wireguard-peer.{b43}=]\nendpoint=wg.acme.io:51820\nallowed-ips=10.66.0.0/24;',
  ],
  [
    'cs93-wireguard-presharedkey-in-peer',
    '[Peer]\nPublicKey = {b43}=\nPresharedKey = «{b43}=»\nAllowedIPs = 10.66.0.0/24\nPersistentKeepalive = 25',
  ],
  [
    'cs93-anyconnect-cli-stdin-credentials',
    "printf 'connect vpn.acme.io\\nACME-Remote\\njdoe\\n«{a16}»\\ny\\n' | /opt/cisco/secureclient/bin/vpn -s",
  ],
  [
    'cs93-openconnect-passwd-on-stdin',
    "echo '«{a18}»' | sudo openconnect --protocol=anyconnect --user=jdoe --authgroup=ACME-Remote --passwd-on-stdin vpn.acme.io",
  ],
  [
    'cs93-openconnect-globalprotect-cookie',
    '$ sudo openconnect --protocol=gp --usergroup=portal:portal-userauthcookie --cookie="«{a32}»" --user=jdoe gp.acme.io',
  ],
  [
    'cs93-cisco-pcf-enc-group-password',
    '[main]\nDescription=Acme HQ\nHost=vpn.acme.io\nAuthType=1\nGroupName=acme-remote\nGroupPwd=\nenc_GroupPwd=«{H160}»\nEnableISPConnect=0',
  ],
  [
    'cs93-cisco-pcf-plain-group-password',
    '[main]\nHost=203.0.113.20\nAuthType=1\nGroupName=branch-office\nGroupPwd=«{a14}»\nUsername=jdoe',
  ],
  [
    'cs93-vpnc-conf-ipsec-secret-and-xauth',
    'IPSec gateway vpn.acme.io\nIPSec ID acme-remote\nIPSec secret «{a16}»\nXauth username jdoe\nXauth password «{a14}»',
  ],
  ['cs93-openfortivpn-config-password', 'host = vpn.acme.io\nport = 10443\nusername = jdoe\npassword = «{a16}»\ntrusted-cert = {h64}'],
  [
    'cs93-forticlient-xml-backup-enc-password',
    '<connection>\n    <name>Acme-SSL</name>\n    <server>vpn.acme.io:10443</server>\n    <username>jdoe</username>\n    <single_user_mode>0</single_user_mode>\n    <ui>\n        <show_remember_password>1</show_remember_password>\n        <save_username>1</save_username>\n    </ui>\n    <password>Enc «{h96}»</password>\n    <warn_invalid_server_certificate>1</warn_invalid_server_certificate>\n</connection>',
  ],
  [
    'cs93-forticlient-linux-cli-password-flag',
    '$ /opt/forticlient/fortivpn edit acme -s vpn.acme.io:10443 -a -u jdoe\n$ /opt/forticlient/fortivpn connect acme -u jdoe -p «{a14}» -a',
  ],
  ['cs93-strongswan-ipsec-secrets-psk', '# /etc/ipsec.secrets\nvpn.acme.io %any : PSK "«{a32}»"\njdoe : XAUTH "«{a14}»"'],
  [
    'cs93-swanctl-secrets-base64-psk',
    'secrets {\n    ike-branch {\n        id-1 = branch01.acme.io\n        id-2 = hq.acme.io\n        secret = «0s{b43}=»\n    }\n}',
  ],
  [
    'cs93-networkmanager-l2tp-vpn-secrets',
    '[vpn]\ngateway=l2tp.acme.io\nipsec-enabled=yes\nipsec-psk=«{a20}»\npassword-flags=0\nuser=jdoe\nservice-type=org.freedesktop.NetworkManager.l2tp\n\n[vpn-secrets]\npassword=«{a16}»',
  ],
  [
    'cs93-tailscale-up-authkey',
    '$ sudo tailscale up --authkey=«tskey-auth-{a12}CNTRL-{a33}» --advertise-tags=tag:ci --hostname=ci-runner-03',
  ],
  [
    'cs93-pritunl-profile-password-prose',
    'pritunl-client add «https://vpn.acme.io/ku/{a32}» worked, but it keeps asking for the PIN; my pin is «{d8}» and the OTP secret they gave me is «{c16}»',
  ],
  [
    'cs93-openssh-private-key-pasted-in-chat',
    'why does ssh say "invalid format" for this key? here\'s ~/.ssh/id_ed25519:\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD{b47}\n{b70}\n{b70}\n{b24}AAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----»',
  ],
  ['cs93-sshpass-add-key-passphrase', 'sshpass -P "Enter passphrase" -p \'«{a22}»\' ssh-add ~/.ssh/id_ed25519_deploy'],
  [
    'cs93-ssh-askpass-script-echo',
    "$ cat ~/bin/askpass.sh\n#!/bin/sh\necho '«{a24}»'\n$ SSH_ASKPASS=~/bin/askpass.sh SSH_ASKPASS_REQUIRE=force ssh-add ~/.ssh/id_rsa",
  ],
  [
    'cs93-expect-ssh-add-send-passphrase',
    '#!/usr/bin/expect -f\nspawn ssh-add /home/ci/.ssh/id_ed25519\nexpect "Enter passphrase for*"\nsend "«{a20}»\\r"\nexpect eof',
  ],
  ['cs93-ssh-keygen-change-passphrase-flags', "ssh-keygen -p -f ~/.ssh/id_ed25519 -P '«{a16}»' -N '«{a24}»'"],
  [
    'cs93-putty-ppk-unencrypted-private-lines',
    'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: jdoe@acme-laptop\nPublic-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAI{b43}\nPrivate-Lines: 1\n«AAAAI{b43}»\nPrivate-MAC: {h64}',
  ],
  ['cs93-plink-pw-batch-line', 'plink.exe -ssh -batch -pw «{a14}» admin@10.20.0.5 "show running-config" > sw01.cfg'],
  [
    'cs93-ansible-inventory-ssh-pass-from-keepass',
    '[switches]\nsw01 ansible_host=10.20.0.5\n\n[switches:vars]\nansible_user=admin\nansible_ssh_pass=«{a16}»\nansible_become_pass=«{a16}»',
  ],
  [
    'cs93-1password-ssh-key-item-private-key-field',
    '$ op item get "deploy key" --fields label="private key" --reveal\n"«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD{b47}\n{b70}\n{b70}\n{b24}AAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----»"',
  ],
  [
    'cs93-chat-ssh-key-passphrase-prose',
    'the passphrase for id_rsa_legacy (the one on the old jump host) is «{L6} {L7} {L5} {L6}» - I want to strip it with ssh-keygen so the cron job can use it',
  ],
  [
    'cs93-keepassxc-keeagent-note-passphrase',
    'Notes: KeeAgent: add id_ed25519 on unlock\npassphrase: «{a20}»\nattachment: id_ed25519 (411 bytes)',
  ],
  [
    'cs93-aegis-json-entry-secret',
    '{"type":"totp","uuid":"{h8}-{h4}-4{h3}-{h4}-{h12}","name":"jdoe@acme.io","issuer":"GitHub","note":"","favorite":false,"icon":null,"info":{"secret":"«{c32}»","algo":"SHA1","digits":6,"period":30},"groups":[]}',
  ],
  [
    'cs93-andotp-json-entry',
    '[{"secret":"«{c32}»","issuer":"Cloudflare","label":"ops@acme.io","digits":6,"type":"TOTP","algorithm":"SHA1","thumbnail":"Default","last_used":1717000000000,"used_frequency":4,"period":30,"tags":["infra"]}]',
  ],
  [
    'cs93-twofas-json-service',
    '{"services":[{"name":"Hetzner","secret":"«{c32}»","updatedAt":1716000000000,"otp":{"label":"K{d10}","account":"K{d10}","issuer":"Hetzner","digits":6,"period":30,"algorithm":"SHA1","tokenType":"TOTP","source":"Link"},"order":{"position":0},"icon":{"selected":"Label","label":{"text":"HE","backgroundColor":"Orange"}}}],"schemaVersion":4}',
  ],
  [
    'cs93-google-authenticator-migration-uri',
    'decoded the QR from the Authenticator "Transfer accounts" screen:\notpauth-migration://offline?data=«Cj{a50}%2B{a30}%2F{a20}%3D%3D»',
  ],
  ['cs93-oathtool-totp-base32-command', '$ oathtool --totp -b «{c32}»\n{d6}'],
  ['cs93-ykman-oath-add-secret', '$ ykman oath accounts add -o TOTP -i AWS acme-root «{c64}»'],
  [
    'cs93-pyotp-totp-constructor',
    'import pyotp\ntotp = pyotp.TOTP("«{c32}»", issuer="Acme SSO", name="svc-e2e@acme.io")\nprint(totp.now())',
  ],
  [
    'cs93-otpauth-uri-in-migration-yaml',
    'accounts:\n  - issuer: Okta\n    account: jdoe@acme.io\n    uri: otpauth://totp/Okta:jdoe%40acme.io?secret=«{c32}»&issuer=Okta&algorithm=SHA1&digits=6&period=30',
  ],
  [
    'cs93-github-recovery-codes-file',
    '$ cat ~/Downloads/github-recovery-codes.txt\n«{h5}-{h5}»\n«{h5}-{h5}»\n«{h5}-{h5}»\n«{h5}-{h5}»\n«{h5}-{h5}»',
  ],
  [
    'cs93-google-backup-codes-pasted',
    'Backup codes for jdoe@acme.io\nKeep these somewhere safe but accessible.\n1. «{d4} {d4}»    6. «{d4} {d4}»\n2. «{d4} {d4}»    7. «{d4} {d4}»',
  ],
  [
    'cs93-bitwarden-two-step-recovery-code',
    'Bitwarden two-step login recovery code (it-admin@acme.io): «{u4} {u4} {u4} {u4} {u4} {u4} {u4} {u4}»',
  ],
  ['cs93-microsoft-account-recovery-code', 'Microsoft account recovery code for family@outlook.com: «{u5}-{u5}-{u5}-{u5}-{u5}»'],
  [
    'cs93-aws-virtual-mfa-base32-seed-json',
    '$ aws iam create-virtual-mfa-device --virtual-mfa-device-name jdoe-mfa --outfile /tmp/jdoe-mfa.txt --bootstrap-method Base32StringSeed\n{\n    "VirtualMFADevice": {\n        "SerialNumber": "arn:aws:iam::{d12}:mfa/jdoe-mfa"\n    }\n}\n$ cat /tmp/jdoe-mfa.txt\n«{c64}»',
  ],
  [
    'cs93-authy-export-js-console-secret',
    '> appManager.getModel().map(a => [a.name, a.decryptedSeed])\n[["Coinbase", "«{h32}»"], ["Twitch", "«{h32}»"]]',
  ],
  [
    'cs93-freeotp-uri-list-export',
    'otpauth://totp/Mastodon:@dana@fosstodon.org?secret=«{c32}»&issuer=Mastodon\notpauth://hotp/Yubico:dana?secret=«{c32}»&counter=12&issuer=Yubico',
  ],
  ['cs93-keepassxc-totp-settings-attributes', 'TOTP Seed: «{c32}»\nTOTP Settings: 30;6'],
  ['cs93-bitwarden-totp-only-secret-field', '"login": { "username": "it-admin@acme.io", "password": "«{a24}»", "totp": "«{c32}»" }'],
  ['cs93-gitlab-recovery-codes-list', 'Recovery codes for jdoe@gitlab.acme.io:\n«{h16}»\n«{h16}»\n«{h16}»'],
  [
    'cs93-python-csv-writer-migration-literal',
    'rows = [\n    {"name": "Grafana", "login_uri": "https://grafana.acme.io", "login_username": "admin", "login_password": "«{a20}»"},\n    {"name": "ArgoCD", "login_uri": "https://argocd.acme.io", "login_username": "admin", "login_password": "«{a16}»"},\n]\nw = csv.DictWriter(open("bw_import.csv", "w"), fieldnames=FIELDS)',
  ],
  [
    'cs93-powershell-export-csv-credential-table',
    'PS> Get-Content .\\creds.csv\n"Target","User","Password"\n"sql01.corp.acme.local","CORP\\svc-sql","«{a18}»"\n"fs01.corp.acme.local","CORP\\svc-backup","«{a18}»"',
  ],
  [
    'cs93-jq-filter-output-1pux-passwords',
    '$ unzip -p 1PasswordExport-{u26}-20240611.1pux export.data | jq -r \'..|.loginFields?//empty|.[]|select(.designation=="password").value\'\n«{a22}»\n«{a14}»',
  ],
  [
    'cs93-bash-heredoc-bw-create-item',
    'bw get template item | jq \'.name="Harbor robot" | .login={"username":"robot$ci-push","password":"«{a32}»"}\' | bw encode | bw create item',
  ],
  [
    'cs93-chat-lastpass-master-password-prose',
    'LastPass keeps locking me out of the CLI, master password is «{L5}{d2}{U1}{L6}{d3}#» for it@acme.io — what does "Error: HTTP response code said error" mean?',
  ],
  [
    'cs93-chat-proton-pass-migration-prose',
    'I exported from Proton Pass and the import to Bitwarden skipped this one: Tailscale admin, dana@proton.me / «{a20}». Why?',
  ],
  [
    'cs93-nordpass-chat-shared-item-prose',
    'shared folder "Finance" in NordPass has the DATEV login: user 4711-acme, password «{a16}»; we need it in Keeper by Friday',
  ],
  [
    'cs93-macos-security-add-generic-password-setup-script',
    '#!/bin/zsh\n# bootstrap for new MacBooks: store the build-cache token in the login keychain\nsecurity add-generic-password -U -a "$USER" -s "acme-build-cache" -w \'«{a32}»\'',
  ],
  ['cs93-secret-tool-store-printf-pipe', "printf '%s' '«{a20}»' | secret-tool store --label=\"Acme LDAP bind\" service ldap user svc-ldap"],
  ['cs93-pass-insert-echo-pipe', "echo '«{a18}»' | pass insert -e work/jira-api"],
  [
    'cs93-python-subprocess-add-internet-password',
    'subprocess.run([\n    "security", "add-internet-password",\n    "-s", "nexus.acme.io", "-a", "ci-deployer",\n    "-r", "htps", "-w", "«{a24}»",\n], check=True)',
  ],
  [
    'cs93-bitwarden-send-link-with-key-fragment',
    'sent you the new DB creds via Bitwarden Send, expires in 24h: «https://send.bitwarden.com/#{B22}/{B22}»',
  ],
  ['cs93-onepassword-share-link-fragment', 'here is the item share link (view once): «https://share.1password.com/s#{B43}»'],
  ['cs93-hostapd-wpa-psk-hex-line', 'interface=wlan0\nssid=Acme-IoT\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_psk=«{h64}»\nrsn_pairwise=CCMP'],
  [
    'cs93-nextauth-session-token-jwe-cookie',
    'Cookie: __Secure-next-auth.callback-url=https%3A%2F%2Fapp.acme.io%2Fdashboard; __Secure-next-auth.session-token=«eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..{B22}.{B180}.{B22}»',
  ],
  [
    'cs93-har-export-request-cookie-phpsessid',
    '          "cookies": [\n            { "name": "PHPSESSID", "value": "«{l26}»", "path": "/", "domain": "shop.acme.io", "httpOnly": true, "secure": true },\n            { "name": "cookieconsent_status", "value": "dismiss" }\n          ],',
  ],
  ['cs93-wordpress-logged-in-cookie-value', 'wordpress_logged_in_{h32}=«admin%7C{d10}%7C{a43}%7C{h64}»; wp-settings-time-1={d10}'],
  ['cs93-kwalletcli-read-entry', '$ kwalletcli -f Passwords -e "ssh-passphrase-id_ed25519"\n«{a22}»'],
  [
    'cs93-op-connect-token-create-output',
    '$ op connect token create ci-runner --server "Acme Connect" --vault Infra\n«eyJhbGciOiJFUzI1NiIsImtpZCI6Ik{B22}IiwidHlwIjoiSldUIn0.{B200}.{B86}»',
  ],
  [
    'cs93-bitwarden-sm-access-token-env',
    '# CI variables for bws (Bitwarden Secrets Manager)\nBWS_ACCESS_TOKEN=«0.{h8}-{h4}-{h4}-{h4}-{h12}.{a30}:{b22}==»\nBWS_PROJECT_ID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'cs93-bitwarden-personal-api-key-cli-login',
    'export BW_CLIENTID="user.{h8}-{h4}-{h4}-{h4}-{h12}"\nexport BW_CLIENTSECRET="«{a30}»"\nbw login --apikey',
  ],
  ['cs93-onepassword-service-account-token-export', 'export OP_SERVICE_ACCOUNT_TOKEN=«ops_eyJzaWduSW5BZGRyZXNzIjoi{B220}»\nop vault list'],
  [
    'cs93-keeper-commander-config-json',
    '{\n    "server": "keepersecurity.eu",\n    "user": "it-admin@acme.io",\n    "password": "«{a20}»",\n    "device_token": "«{B43}»",\n    "private_key": "«{B43}»",\n    "last_login": "it-admin@acme.io"\n}',
  ],
  [
    'cs93-nmconnection-peap-mschapv2-password',
    '[802-1x]\neap=peap;\nidentity=jdoe\npassword=«{a14}»\nphase2-auth=mschapv2\nca-cert=/etc/ssl/certs/acme-radius-ca.pem',
  ],
  ['cs93-netsh-hostednetwork-key', 'netsh wlan set hostednetwork mode=allow ssid=Acme-Popup key=«{a16}»\nnetsh wlan start hostednetwork'],
  [
    'cs93-macos-networksetup-preferred-network-password',
    'sudo networksetup -addpreferredwirelessnetworkatindex en0 "Acme-Corp" 0 WPA2 \'«{a16}»\'',
  ],
  [
    'cs93-nmcli-wifi-connect-password-arg',
    "$ nmcli dev wifi connect \"Acme-Corp\" password '«{a16}»' ifname wlp2s0\nDevice 'wlp2s0' successfully activated with '{h8}-{h4}-{h4}-{h4}-{h12}'.",
  ],
  [
    'cs93-windows-credential-manager-gui-reveal-prose',
    'In Credential Manager > Windows Credentials I clicked "Show" on MicrosoftAccount:user=dana@outlook.com and it showed «{a15}» after the PIN prompt — is that actually my MSA password or an app token?',
  ],
  [
    'cs93-1password-emergency-kit-pdf-text-master',
    'EMERGENCY KIT\nSign-in address  https://acme.1password.eu\nEmail address    dana@acme.io\nSecret Key       «A3-{u6}-{u6}-{u5}-{u5}-{u5}-{u5}»\nMaster Password  «{L6}-{L7}-{L5}-{L6}»',
  ],
  [
    'cs93-dashlane-secure-note-wifi-json',
    '{"SECURENOTE":[{"category":"","content":"Router: FRITZ!Box 6660\\nWLAN: Lindenweg-5G\\nWPA2 key: «{d20}»","secured":"false","title":"Home network"}]}',
  ],
];
export const BLIND93_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'cs93-neg-bitwarden-csv-secure-notes-and-empty-password',
    'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nPersonal,,note,Insurance policy numbers,"see paper folder in the office",,0,,,,\nShared,,login,Acme intranet (SSO only),,,0,https://intranet.acme.local,jdoe@acme.io,,',
  ],
  [
    'cs93-neg-bitwarden-json-folders-and-collections',
    '{\n  "encrypted": false,\n  "folders": [\n    { "id": "{h8}-{h4}-4{h3}-{h4}-{h12}", "name": "Infra" },\n    { "id": "{h8}-{h4}-4{h3}-{h4}-{h12}", "name": "Vendors/Billing" }\n  ],\n  "collections": [\n    { "id": "{h8}-{h4}-4{h3}-{h4}-{h12}", "organizationId": "{h8}-{h4}-4{h3}-{h4}-{h12}", "name": "Network", "externalId": null }\n  ],',
  ],
  [
    'cs93-neg-bitwarden-json-item-null-password-with-icon-url',
    '{\n  "id": "{h8}-{h4}-4{h3}-{h4}-{h12}",\n  "type": 1,\n  "name": "Google (passkey only)",\n  "login": {\n    "uris": [{ "match": 0, "uri": "https://accounts.google.com" }],\n    "username": "jdoe@acme.io",\n    "password": null,\n    "totp": null,\n    "fido2Credentials": []\n  }\n}\n// icon shown in the web vault: https://icons.bitwarden.net/accounts.google.com/icon.png',
  ],
  [
    'cs93-neg-bitwarden-exposed-passwords-report',
    'Exposed passwords report (it-admin@acme.io)\nName                  Username              Exposed\nOld forum account     jdoe                  Exposed 3,861 times\nPrinter web UI        admin                 Exposed 1,204,312 times\nNetgear switch        admin                 Exposed 58 times',
  ],
  [
    'cs93-neg-bitwarden-weak-password-report',
    'Weak passwords report — 4 items\nItem                 Owner        Weakness\nGuest kiosk          Shared       Very weak\nStaging Grafana      Infra        Weak\nLegacy NAS           Infra        Weak\nTest VM (lab)        Lab          Very weak',
  ],
  [
    'cs93-neg-bw-status-json',
    '$ bw status\n{"serverUrl":"https://vault.acme.io","lastSync":"2024-06-11T07:58:10.221Z","userEmail":"it-admin@acme.io","userId":"{h8}-{h4}-4{h3}-{h4}-{h12}","status":"locked"}',
  ],
  [
    'cs93-neg-bw-generate-options-json',
    '{"length":24,"uppercase":true,"lowercase":true,"number":true,"special":false,"minNumber":2,"minSpecial":0,"avoidAmbiguous":true,"type":"password","numWords":4,"wordSeparator":"-","capitalize":true,"includeNumber":true}',
  ],
  [
    'cs93-neg-bw-cli-env-references',
    'export BW_CLIENTID="${BW_CLIENTID:?}"\nexport BW_CLIENTSECRET="${BW_CLIENTSECRET:?}"\nexport BW_SESSION="$(bw unlock --passwordenv BW_MASTER --raw)"\nbw sync && bw list items --search "vpn" | jq \'.[].name\'',
  ],
  [
    'cs93-neg-op-item-list-table',
    '$ op item list --vault Infra\nID                            TITLE                 VAULT     EDITED\n{l26}    Postgres prod         Infra     3 days ago\n{l26}    Snowflake svc         Infra     2 weeks ago\n{l26}    deploy key            Infra     1 month ago',
  ],
  [
    'cs93-neg-op-secret-reference-env-file',
    '# .env.tpl — resolved at runtime with `op run --env-file=.env.tpl -- npm start`\nDATABASE_PASSWORD="op://Infra/Postgres prod/password"\nSTRIPE_SECRET_KEY="op://Infra/Stripe live/credential"\nSENTRY_DSN="op://Infra/Sentry/dsn"',
  ],
  [
    'cs93-neg-op-item-get-without-reveal',
    '$ op item get "Postgres prod" --fields label=password\n[use \'op item get {l26} --reveal\' to reveal]',
  ],
  [
    'cs93-neg-1pux-export-attributes-and-account-meta',
    '{"version":3,"description":"1Password Unencrypted Export","createdAt":1718092800}\n{"accounts":[{"attrs":{"accountName":"Acme","name":"Dana Weber","avatar":"avatar.png","email":"dana@acme.io","uuid":"{u26}","domain":"https://acme.1password.eu/"},"vaults":[{"attrs":{"uuid":"{l26}","desc":"","avatar":"","name":"Infra","type":"U"}}]}]}',
  ],
  [
    'cs93-neg-1password-csv-header-only-and-masked',
    'Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\nPostgres prod,pg-prod.internal:5432,postgres,••••••••••••••••,,false,false,Infra,\n(values masked in the screenshot I took of the app)',
  ],
  [
    'cs93-neg-lastpass-csv-secure-note-sn-url-empty',
    'url,username,password,totp,extra,name,grouping,fav\nhttp://sn,,,,"NoteType:Address\nTitle:Ms\nFirst Name:Dana\nLast Name:Weber\nCity:Leipzig",Home address,Personal,0',
  ],
  [
    'cs93-neg-lpass-ls-with-ids',
    '$ lpass ls Shared-Infra\nShared-Infra/Datadog [id: {d19}]\nShared-Infra/VPN appliance [id: {d19}]\nShared-Infra/orders DB [id: {d19}]',
  ],
  [
    'cs93-neg-keepass-xml-meta-header-hash',
    '<Meta>\n\t<Generator>KeePass</Generator>\n\t<HeaderHash>{b43}=</HeaderHash>\n\t<DatabaseName>infra</DatabaseName>\n\t<DatabaseNameChanged>2023-01-09T10:44:21Z</DatabaseNameChanged>\n\t<MaintenanceHistoryDays>365</MaintenanceHistoryDays>\n\t<RecycleBinUUID>{b22}==</RecycleBinUUID>\n</Meta>',
  ],
  [
    'cs93-neg-keepass-xml-entry-empty-protected-value',
    '<Entry>\n\t<UUID>{b22}==</UUID>\n\t<IconID>1</IconID>\n\t<ForegroundColor />\n\t<Times><CreationTime>2022-05-03T08:00:12Z</CreationTime><Expires>False</Expires></Times>\n\t<String><Key>Password</Key><Value ProtectInMemory="True" /></String>\n\t<String><Key>Title</Key><Value>Hardware tokens inventory</Value></String>\n\t<String><Key>UserName</Key><Value /></String>\n</Entry>',
  ],
  [
    'cs93-neg-keepassxc-cli-show-protected',
    '$ keepassxc-cli show ~/Sync/infra.kdbx "Network/pfSense"\nEnter password to unlock /home/jdoe/Sync/infra.kdbx:\nTitle: pfSense\nUserName: admin\nPassword: PROTECTED\nURL: https://10.10.0.1\nNotes: 2x Netgate 6100 (CARP)\nUuid: {{h32}}\nTags: network',
  ],
  [
    'cs93-neg-keepassxc-cli-ls-tree',
    '$ keepassxc-cli ls -R ~/Sync/infra.kdbx\nNetwork/\n  pfSense\n  Core switch\nServers/\n  backup01 ipmi\n  vCenter SSO\nRecycle Bin/\n  [empty]',
  ],
  [
    'cs93-neg-keepassxc-health-check-report',
    'Database health check\n  Bad: 3 entries     Poor: 7 entries     Weak: 11 entries\nEntry                 Score   Reason\nLegacy NAS            0       Password exposed in a data breach\nPrinter web UI        12      Password is reused by 4 other entries\nGuest kiosk           18      Password is too short (8 chars)',
  ],
  [
    'cs93-neg-dashlane-csv-empty-password-rows',
    'username,username2,username3,title,password,note,url,category,otpSecret\ndana@acme.io,,,Acme SSO (passkey),,,https://sso.acme.io,Business,\ndana@acme.io,,,Slack (Sign in with Google),,,https://acme.slack.com,Business,',
  ],
  [
    'cs93-neg-proton-pass-csv-alias-rows',
    'type,name,url,email,username,password,note,totp,createTime,modifyTime,vault\nalias,newsletter alias,,{l8}.{l6}@passinbox.com,,,,,1700000000,1700000000,Personal\nalias,shop alias,,shop.{l10}@passmail.net,,,,,1701000000,1701000000,Personal',
  ],
  [
    'cs93-neg-enpass-json-icon-and-empty-password',
    '{"title":"GitHub","category":"login","uuid":"{h8}-{h4}-4{h3}-{h4}-{h12}","icon":{"fav":"github.com","image":{"file":"web/github.com"},"type":1,"uuid":""},"fields":[{"label":"Username","type":"username","value":"dana","sensitive":0},{"label":"Password","type":"password","value":"","sensitive":1},{"label":"Website","type":"url","value":"https://github.com","sensitive":0}]}',
  ],
  [
    'cs93-neg-nordpass-csv-folder-rows',
    'name,url,additional_urls,username,password,note,cardholdername,cardnumber,cvc,pin,expirydate,zipcode,folder,full_name,phone_number,email,address1,address2,city,country,state,type,custom_fields\nFinance,,,,,,,,,,,,,,,,,,,,,folder,\nE-commerce,,,,,,,,,,,,,,,,,,,,,folder,',
  ],
  [
    'cs93-neg-pass-ls-tree',
    '$ pass ls\nPassword Store\n├── cloud\n│   └── aws\n│       └── acme-prod\n├── infra\n│   └── db\n│       └── pg-prod\n└── wifi\n    └── home',
  ],
  [
    'cs93-neg-pass-gpg-id-and-gpg-list-keys',
    '$ cat ~/.password-store/.gpg-id\n{H40}\n$ gpg --list-keys dana@acme.io\npub   ed25519 2023-02-14 [SC]\n      {H40}\nuid           [ultimate] Dana Weber <dana@acme.io>\nsub   cv25519 2023-02-14 [E]',
  ],
  [
    'cs93-neg-gopass-audit-output',
    "$ gopass audit\nChecking 214 secrets. This may take some time ...\nDetected weak secret for 'wifi/guest': Password is too short\nDetected duplicate secret for 'infra/printer', 'infra/scanner'\nDetected a shared secret for 'legacy/nas' (HIBP: found 3 times)",
  ],
  [
    'cs93-neg-apple-passwords-csv-passkey-rows',
    'Title,URL,Username,Password,Notes,OTPAuth\ngithub.com (dana),https://github.com/,dana,,Passkey,\namazon.de (dana@icloud.com),https://www.amazon.de/,dana@icloud.com,,Passkey,',
  ],
  [
    'cs93-neg-chrome-csv-cut-without-passwords',
    'I stripped the secrets before pasting (cut -d, -f1-3):\nname,url,username\ncom.spotify.music,android://{b86}==@com.spotify.music/,family@mailbox.org\ngithub.com,https://github.com/session,jdoe-acme',
  ],
  [
    'cs93-neg-chrome-password-checkup-summary',
    'Password Checkup (chrome://password-manager/checkup)\n  3 compromised passwords — Change these now\n  12 reused passwords — Create unique passwords\n  5 weak passwords — Create strong passwords\nLast checked 2 minutes ago',
  ],
  [
    'cs93-neg-firefox-logins-json-metadata-only',
    '{"nextId":58,"logins":[],"potentiallyVulnerablePasswords":[],"dismissedBreachAlertsByLoginGUID":{"{{h8}-{h4}-{h4}-{h4}-{h12}}":{"timeBreachAlertDismissed":1699000000000}},"version":3}',
  ],
  [
    'cs93-neg-firefox-profiles-ini',
    '[Profile0]\nName=default-release\nIsRelative=1\nPath={l8}.default-release\nDefault=1\n\n[Install{H16}]\nDefault={l8}.default-release\nLocked=1',
  ],
  [
    'cs93-neg-firefox-csv-csvcut-no-password',
    '$ csvcut -c url,username,guid,timeLastUsed logins.csv\nurl,username,guid,timeLastUsed\nhttps://accounts.google.com,jdoe.acme@gmail.com,{{h8}-{h4}-{h4}-{h4}-{h12}},1717000000000\nhttp://192.168.1.1,admin,{{h8}-{h4}-{h4}-{h4}-{h12}},1716000000000',
  ],
  [
    'cs93-neg-browser-settings-masked-password-copy',
    'Saved password for gitlab.acme.io\nUsername   jdoe\nPassword   ••••••••••••••   [eye icon]\nNote       (none)',
  ],
  [
    'cs93-neg-cookies-txt-analytics-and-prefs-only',
    '# Netscape HTTP Cookie File\n.acme.io\tTRUE\t/\tFALSE\t1780000000\t_ga\tGA1.2.{d9}.{d10}\n.acme.io\tTRUE\t/\tFALSE\t1720000000\t_gid\tGA1.2.{d9}.{d10}\n.acme.io\tTRUE\t/\tFALSE\t1780000000\t_fbp\tfb.1.{d13}.{d10}\ndocs.acme.io\tFALSE\t/\tFALSE\t1780000000\ttheme\tdark',
  ],
  [
    'cs93-neg-cookie-json-consent-and-locale',
    '[{"domain":".acme.io","name":"OptanonAlertBoxClosed","value":"2024-06-01T09:14:22.301Z","path":"/"},{"domain":".acme.io","name":"cookie_consent","value":"necessary%2Canalytics","path":"/"},{"domain":"shop.acme.io","name":"currency","value":"EUR","path":"/"}]',
  ],
  [
    'cs93-neg-playwright-storage-state-empty-cookies',
    '{\n  "cookies": [],\n  "origins": [\n    { "origin": "https://app.acme.io", "localStorage": [ { "name": "ui.sidebar", "value": "collapsed" }, { "name": "featureFlags.v2", "value": "{\\"newNav\\":true}" } ] }\n  ]\n}',
  ],
  [
    'cs93-neg-set-cookie-deletion-headers',
    '< HTTP/2 302\n< location: /login\n< set-cookie: sessionid=""; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/; SameSite=Lax\n< set-cookie: remember_user_token=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT',
  ],
  [
    'cs93-neg-macos-security-find-generic-no-w',
    '$ security find-generic-password -s "Acme VPN"\nkeychain: "/Users/jdoe/Library/Keychains/login.keychain-db"\nversion: 512\nclass: "genp"\nattributes:\n    0x00000007 <blob>="Acme VPN"\n    "acct"<blob>="jdoe"\n    "cdat"<timedate>=0x32303234303331313038313432325A00  "20240311081422Z\\000"\n    "svce"<blob>="Acme VPN"',
  ],
  [
    'cs93-neg-macos-security-list-keychains',
    '$ security list-keychains -d user\n    "/Users/jdoe/Library/Keychains/login.keychain-db"\n    "/Users/jdoe/Library/Keychains/{H8}-{H4}-{H4}-{H4}-{H12}/keychain-2.db"',
  ],
  [
    'cs93-neg-cmdkey-list-output',
    'C:\\> cmdkey /list\n\nCurrently stored credentials:\n\n    Target: Domain:interactive=CORP\\jdoe\n    Type: Domain Password\n    User: CORP\\jdoe\n\n    Target: LegacyGeneric:target=git:https://github.com\n    Type: Generic\n    User: jdoe-acme\n    Local machine persistence',
  ],
  [
    'cs93-neg-vaultcmd-listcreds-output',
    'C:\\> vaultcmd /listcreds:"Windows Credentials" /all\nCredentials in vault: Windows Credentials\n\nCredential schema: Windows Domain Password Credential\nResource: Domain:target=fs01.corp.acme.local\nIdentity: CORP\\svc-backup\nHidden: No\nRoaming: No\nProperty (schema element id,value): (100,2)',
  ],
  [
    'cs93-neg-powershell-pscredential-securestring',
    'PS> Get-StoredCredential -Target "TERMSRV/rdsh01.corp.acme.local"\n\nUserName                     Password\n--------                     --------\nCORP\\jdoe-adm System.Security.SecureString',
  ],
  [
    'cs93-neg-powershell-credential-parse-script',
    'Import-Csv .\\lastpass_export.csv | ForEach-Object {\n    $sec = ConvertTo-SecureString $_.password -AsPlainText -Force\n    New-StoredCredential -Target $_.url -UserName $_.username -SecurePassword $sec -Persist LocalMachine | Out-Null\n}',
  ],
  [
    'cs93-neg-secret-tool-store-interactive',
    '$ secret-tool store --label="Acme LDAP bind" service ldap user svc-ldap\nPassword:\n$ secret-tool clear service ldap user svc-ldap',
  ],
  [
    'cs93-neg-dbus-secret-service-object-paths',
    '$ busctl --user tree org.freedesktop.secrets | head\n└─/org\n  └─/org/freedesktop\n    └─/org/freedesktop/secrets\n      ├─/org/freedesktop/secrets/aliases/default\n      ├─/org/freedesktop/secrets/collection/login\n      │ ├─/org/freedesktop/secrets/collection/login/7\n      │ └─/org/freedesktop/secrets/collection/login/12',
  ],
  [
    'cs93-neg-kwallet-query-list-folder',
    '$ kwallet-query -l -f "Network Management" kdewallet\n{{h8}-{h4}-4{h3}-{h4}-{h12}};vpn\n{{h8}-{h4}-4{h3}-{h4}-{h12}};802-11-wireless-security',
  ],
  [
    'cs93-neg-netsh-wlan-show-profiles-list',
    'C:\\> netsh wlan show profiles\n\nProfiles on interface Wi-Fi:\n\nUser profiles\n-------------\n    All User Profile     : Acme-Corp\n    All User Profile     : Acme-Guest\n    All User Profile     : Lindenweg-5G\n    All User Profile     : DB WIFIonICE',
  ],
  [
    'cs93-neg-netsh-wlan-profile-without-key-clear',
    'Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Authentication         : WPA2-Personal\n    Cipher                 : GCMP\n    Security key           : Present',
  ],
  [
    'cs93-neg-netsh-wlan-show-interfaces-bssid',
    '    Name                   : Wi-Fi\n    Description            : Intel(R) Wi-Fi 6E AX211 160MHz\n    GUID                   : {h8}-{h4}-{h4}-{h4}-{h12}\n    Physical address       : 3c:{h2}:{h2}:{h2}:{h2}:{h2}\n    State                  : connected\n    SSID                   : Acme-Corp\n    BSSID                  : 74:ac:b9:{h2}:{h2}:{h2}\n    Radio type             : 802.11ax\n    Signal                 : 88%',
  ],
  [
    'cs93-neg-windows-wlan-profile-xml-enterprise-ssid-hex',
    '<WLANProfile xmlns="http://www.microsoft.com/networking/WLAN/profile/v1">\n\t<name>Acme-Corp</name>\n\t<SSIDConfig>\n\t\t<SSID>\n\t\t\t<hex>41636D652D436F7270</hex>\n\t\t\t<name>Acme-Corp</name>\n\t\t</SSID>\n\t</SSIDConfig>\n\t<MSM><security><authEncryption><authentication>WPA2</authentication><encryption>AES</encryption><useOneX>true</useOneX></authEncryption></security></MSM>\n</WLANProfile>',
  ],
  [
    'cs93-neg-nmconnection-agent-owned-psk-flags',
    '[connection]\nid=Acme-Corp\nuuid={h8}-{h4}-4{h3}-{h4}-{h12}\ntype=wifi\n\n[wifi]\ncloned-mac-address=stable\nssid=Acme-Corp\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1',
  ],
  [
    'cs93-neg-nmcli-connection-show-hidden',
    '$ nmcli connection show "Lindenweg-5G" | grep -i -e psk -e ssid\n802-11-wireless.ssid:                   Lindenweg-5G\n802-11-wireless-security.psk:           <hidden>\n802-11-wireless-security.psk-flags:     0 (none)',
  ],
  [
    'cs93-neg-nmcli-connection-list-uuids',
    '$ nmcli -f NAME,UUID,TYPE,DEVICE connection show\nNAME            UUID                                  TYPE       DEVICE\nAcme-Corp       {h8}-{h4}-{h4}-{h4}-{h12}  wifi       wlp2s0\nacme-wg         {h8}-{h4}-{h4}-{h4}-{h12}  wireguard  acme-wg\nWired           {h8}-{h4}-{h4}-{h4}-{h12}  ethernet   --',
  ],
  [
    'cs93-neg-wpa-supplicant-template-and-ext-psk',
    'network={\n\tssid="Acme-Lab"\n\tpsk=ext:acme_lab_psk\n}\nnetwork={\n\tssid="${WIFI_SSID}"\n\tpsk="${WIFI_PSK}"\n}\nnetwork={\n\tssid="Cafe-Free"\n\tkey_mgmt=NONE\n}',
  ],
  [
    'cs93-neg-wpa-cli-scan-results',
    '$ wpa_cli -i wlan0 scan_results\nbssid / frequency / signal level / flags / ssid\n74:ac:b9:{h2}:{h2}:{h2}\t5500\t-52\t[WPA2-PSK-CCMP][ESS]\tLindenweg-5G\n9c:c9:eb:{h2}:{h2}:{h2}\t2437\t-71\t[WPA2-EAP-CCMP][ESS]\teduroam',
  ],
  [
    'cs93-neg-mobileconfig-eap-tls-no-password',
    '<key>EAPClientConfiguration</key>\n<dict>\n\t<key>AcceptEAPTypes</key>\n\t<array><integer>13</integer></array>\n\t<key>TLSTrustedServerNames</key>\n\t<array><string>radius.acme.io</string></array>\n</dict>\n<key>PayloadCertificateUUID</key>\n<string>{H8}-{H4}-{H4}-{H4}-{H12}</string>\n<key>PayloadIdentifier</key>\n<string>io.acme.wifi.corp.{H8}</string>',
  ],
  ['cs93-neg-wifi-qr-open-network', 'WIFI:T:nopass;S:Acme-Guest;;'],
  [
    'cs93-neg-radius-server-cert-fingerprint',
    '$ openssl x509 -in radius.acme.io.pem -noout -fingerprint -sha256\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n(pin this in the mobileconfig as TLSTrustedCertificates)',
  ],
  [
    'cs93-neg-iw-dev-link-output',
    '$ iw dev wlp2s0 link\nConnected to 74:ac:b9:{h2}:{h2}:{h2} (on wlp2s0)\n\tSSID: Lindenweg-5G\n\tfreq: 5500\n\tsignal: -52 dBm\n\trx bitrate: 1200.9 MBit/s 80MHz HE-MCS 11 HE-NSS 2 HE-GI 0 HE-DCM 0',
  ],
  [
    'cs93-neg-wireguard-peer-only-public-keys',
    '[Peer]\n# laptop-dana\nPublicKey = {b43}=\nAllowedIPs = 10.66.0.14/32\n\n[Peer]\n# phone-dana\nPublicKey = {b43}=\nAllowedIPs = 10.66.0.15/32',
  ],
  [
    'cs93-neg-wg-show-hidden-private-key',
    '$ sudo wg show wg0\ninterface: wg0\n  public key: {b43}=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b43}=\n  endpoint: 198.51.100.23:40112\n  allowed ips: 10.66.0.14/32\n  latest handshake: 41 seconds ago',
  ],
  [
    'cs93-neg-wireguard-conf-template-private-key-file',
    '[Interface]\nPostUp = wg set %i private-key /etc/wireguard/%i.key\nAddress = 10.66.0.1/24\nListenPort = 51820\n# PrivateKey = <contents of /etc/wireguard/wg0.key>',
  ],
  [
    'cs93-neg-openvpn-config-auth-file-reference',
    'client\ndev tun\nproto udp\nremote vpn.acme.io 1194\nauth-user-pass /etc/openvpn/client/acme-auth.txt\nauth-nocache\nremote-cert-tls server\nverify-x509-name vpn.acme.io name\ndata-ciphers AES-256-GCM:CHACHA20-POLY1305',
  ],
  [
    'cs93-neg-openvpn-log-auth-failed',
    '2024-06-11 09:02:14 TLS: Initial packet from [AF_INET]203.0.113.10:1194, sid={h8} {h8}\n2024-06-11 09:02:14 VERIFY OK: depth=0, CN=vpn.acme.io\n2024-06-11 09:02:15 AUTH: Received control message: AUTH_FAILED\n2024-06-11 09:02:15 SIGUSR1[soft,auth-failure] received, process restarting',
  ],
  [
    'cs93-neg-anyconnect-profile-xml-hosts',
    '<ServerList>\n\t<HostEntry>\n\t\t<HostName>Acme HQ</HostName>\n\t\t<HostAddress>vpn.acme.io</HostAddress>\n\t\t<UserGroup>ACME-Remote</UserGroup>\n\t</HostEntry>\n</ServerList>\n<CertificatePinning>\n\t<Pin Subject="vpn.acme.io" Issuer="R11">{b43}=</Pin>\n</CertificatePinning>',
  ],
  [
    'cs93-neg-openfortivpn-config-password-commented',
    "host = vpn.acme.io\nport = 10443\nusername = jdoe\n# password = (prompted; don't store it here)\ntrusted-cert = {h64}\nset-dns = 1",
  ],
  ['cs93-neg-ssh-add-l-fingerprints', '$ ssh-add -l\n256 SHA256:{b43} jdoe@acme-laptop (ED25519)\n3072 SHA256:{b43} legacy-jump (RSA)'],
  [
    'cs93-neg-ssh-authorized-keys-public',
    '$ cat ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} jdoe@acme-laptop\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci-runner',
  ],
  [
    'cs93-neg-ssh-known-hosts-hashed',
    '$ head -2 ~/.ssh/known_hosts\n|1|{b27}=|{b27}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\n|1|{b27}=|{b27}= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b86}=',
  ],
  [
    'cs93-neg-ssh-config-1password-agent',
    'Host *\n  IdentityAgent "~/Library/Group Containers/2BUA8C4S2C.com.1password/t/agent.sock"\n\nHost jump.acme.io\n  User jdoe\n  IdentityFile ~/.ssh/id_ed25519.pub\n  IdentitiesOnly yes',
  ],
  [
    'cs93-neg-putty-ppk-encrypted-header-only',
    'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: aes256-cbc\nComment: jdoe@acme-laptop\nPublic-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAI{b43}\nKey-Derivation: Argon2id\nArgon2-Memory: 8192\nArgon2-Passes: 13\nArgon2-Parallelism: 1\nArgon2-Salt: {h32}',
  ],
  [
    'cs93-neg-otpauth-docs-placeholder-secret',
    '# docs/2fa.md\nScan the QR code or enter the URI manually:\notpauth://totp/Acme:<username>?secret=<BASE32_SECRET>&issuer=Acme&digits=6&period=30',
  ],
  [
    'cs93-neg-ykman-oath-codes-listing',
    '$ ykman oath accounts code\nAWS:acme-root        {d6}\nGitHub:jdoe          {d6}\nOkta:jdoe@acme.io    {d6}',
  ],
  [
    'cs93-neg-recovery-codes-prose-no-values',
    'GitHub gives you 16 recovery codes in the format xxxxx-xxxxx; I stored them in 1Password under "GitHub recovery" (item {l26}). Can the script check they exist without printing them?',
  ],
  [
    'cs93-neg-hibp-range-api-response',
    '$ curl -s https://api.pwnedpasswords.com/range/{H5} | head -4\n{H35}:3\n{H35}:1\n{H35}:12\n{H35}:2',
  ],
  [
    'cs93-neg-zxcvbn-result-without-password',
    '{\n  "guesses": 1.00000000001e+16,\n  "guesses_log10": 16.0,\n  "score": 4,\n  "crack_times_display": { "offline_fast_hashing_1e10_per_second": "12 days", "online_throttling_100_per_hour": "centuries" },\n  "feedback": { "warning": "", "suggestions": [] }\n}',
  ],
  [
    'cs93-neg-password-policy-config',
    'password_policy:\n  min_length: 14\n  require_uppercase: true\n  require_symbols: true\n  max_age_days: 0\n  history_count: 24\n  breached_password_check: hibp',
  ],
  [
    'cs93-neg-sha256sum-of-export-files',
    '$ sha256sum bitwarden_export_20240611.json 1PasswordExport-{u26}-20240611.1pux\n{h64}  bitwarden_export_20240611.json\n{h64}  1PasswordExport-{u26}-20240611.1pux',
  ],
  [
    'cs93-neg-python-migration-script-field-refs',
    'for row in csv.DictReader(src):\n    item = {\n        "name": row["name"],\n        "login": {"username": row["username"], "password": row["password"], "totp": row.get("totp") or None},\n        "notes": row["extra"] or None,\n    }\n    out["items"].append(item)',
  ],
  [
    'cs93-neg-jq-find-items-without-password',
    '$ jq -r \'.items[] | select(.type == 1 and .login.password == null) | "\\(.id)\\t\\(.name)"\' bitwarden_export.json\n{h8}-{h4}-4{h3}-{h4}-{h12}\tGoogle (passkey only)\n{h8}-{h4}-4{h3}-{h4}-{h12}\tAcme intranet (SSO only)',
  ],
  [
    'cs93-neg-ansible-password-manager-lookups',
    "vpn_password: \"{{ lookup('community.general.bitwarden', 'Acme VPN', field='password')[0] }}\"\ndb_password: \"{{ lookup('community.general.onepassword', 'Postgres prod', field='password', vault='Infra') }}\"\nwifi_psk: \"{{ lookup('community.general.passwordstore', 'wifi/home') }}\"",
  ],
  [
    'cs93-neg-terraform-bitwarden-data-source',
    'data "bitwarden_item_login" "grafana_admin" {\n  id = "{h8}-{h4}-4{h3}-{h4}-{h12}"\n}\n\nresource "grafana_user" "admin" {\n  login    = data.bitwarden_item_login.grafana_admin.username\n  password = data.bitwarden_item_login.grafana_admin.password\n}',
  ],
  [
    'cs93-neg-windows-credential-manager-gui-masked-prose',
    'Credential Manager shows "git:https://github.com" with User name jdoe-acme and Password •••••••• (Persistence: Local computer). Should the migration script delete those with cmdkey /delete:git:https://github.com?',
  ],
  [
    'cs93-neg-keepassxc-browser-config-json',
    '{\n  "allowed_origins": [\n    "chrome-extension://oboonakemofpalcgghocfoadofidjkkk/",\n    "chrome-extension://pdffhmdngciaglkoonimfcmckehcpafo/"\n  ],\n  "description": "KeePassXC integration with native messaging support",\n  "name": "org.keepassxc.keepassxc_browser",\n  "path": "/usr/bin/keepassxc-proxy",\n  "type": "stdio"\n}',
  ],
  [
    'cs93-neg-bitwarden-send-link-prose-no-key',
    'the Bitwarden Send link in the ticket just says "https://send.bitwarden.com/#" and nothing after it — the key got stripped by Jira, can the script validate Send URLs have both the access id and the key?',
  ],
  [
    'cs93-neg-export-file-listing',
    '$ ls -la ~/migration/\n-rw-------  1 jdoe staff  182044 Jun 11 09:12 bitwarden_export_20240611.json\n-rw-------  1 jdoe staff   91552 Jun 11 09:15 lastpass_export.csv\n-rw-------  1 jdoe staff 4411872 Jun 11 09:20 1PasswordExport-{u26}-20240611.1pux\n-rw-------  1 jdoe staff   20113 Jun 11 09:22 Chrome Passwords.csv',
  ],
  [
    'cs93-neg-mac-address-and-bssid-inventory-csv',
    'ap_name,bssid_2g,bssid_5g,ssid,vlan\nap-og1-01,74:ac:b9:{h2}:{h2}:{h2},74:ac:b9:{h2}:{h2}:{h2},Acme-Corp,20\nap-og1-02,74:ac:b9:{h2}:{h2}:{h2},74:ac:b9:{h2}:{h2}:{h2},Acme-Guest,30',
  ],
  [
    'cs93-neg-gopass-ls-flat',
    '$ gopass ls --flat\ncloud/aws/acme-prod\ninfra/db/pg-prod\nssh/nas-backup-passphrase\nwebsites/github.com/jdoe\nwifi/home',
  ],
  [
    'cs93-neg-bitwarden-encrypted-export-settings-prose',
    'Bitwarden can export as "JSON (Encrypted)" with either the account restricted key or a file password; KDF is PBKDF2-SHA256 with 600000 iterations by default. Which one can the Python script decrypt?',
  ],
  [
    'cs93-neg-chrome-local-state-profile-info',
    '"profile": {\n  "info_cache": {\n    "Default": { "name": "Work", "user_name": "jdoe@acme.io", "gaia_id": "{d21}", "avatar_icon": "chrome://theme/IDR_PROFILE_AVATAR_26" },\n    "Profile 1": { "name": "Personal", "user_name": "", "avatar_icon": "chrome://theme/IDR_PROFILE_AVATAR_0" }\n  }\n}',
  ],
  [
    'cs93-neg-1password-cli-whoami',
    '$ op whoami\nURL:        https://acme.1password.eu\nEmail:      dana@acme.io\nUser ID:    {u26}\nUser Type:  HUMAN',
  ],
  [
    'cs93-neg-aegis-export-plain-header-no-entries',
    '{"version":1,"header":{"slots":null,"params":null},"db":{"version":3,"entries":[],"groups":[{"uuid":"{h8}-{h4}-4{h3}-{h4}-{h12}","name":"infra"}]}}',
  ],
  [
    'cs93-neg-safari-autofill-prose-usernames',
    'Safari offers three saved accounts for acme.atlassian.net: jdoe@acme.io, dana@acme.io and svc-jira@acme.io — how do I remove the svc one from iCloud Keychain via the Passwords app?',
  ],
  [
    'cs93-neg-wifi-profile-mdm-json-secret-ref',
    '{\n  "ssid": "Acme-Corp",\n  "security": "WPA2-PSK",\n  "passphrase": "{{ .Secrets.wifi_corp_psk }}",\n  "autoJoin": true,\n  "hidden": false\n}',
  ],
];
