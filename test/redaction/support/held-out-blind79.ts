/** A seventy-ninth held-out batch, written blind: credentials in the output and notes of security and ops tooling pasted into a chat (hashcat/John results, mimikatz and secretsdump dumps, Responder captures, secret-scanner reports, Burp/mitmproxy captures, sqlmap dumps, Hydra hits, Metasploit creds, incident notes), and look-alikes that hold no usable secret (HMAC'd audit fields, detect-secrets hashes, IOC file hashes, fingerprints, masked values). */
export const BLIND79_POSITIVES: readonly (readonly [string, string])[] = [
  ['sec79-hashcat-show-ntlm-two-cracked', '$ hashcat -m 1000 ntds.nt --show\n«{h32}»:«{U1}{L6}{d4}!»\n«{h32}»:«{a12}»'],
  [
    'sec79-hashcat-potfile-tail-md5-sha1',
    '$ tail -n 3 ~/.local/share/hashcat/hashcat.potfile\n«{h32}»:«{U1}{L7}{d2}#»\n«{h32}»:«{a16}»\n«{h40}»:«{L5}.{L6}.{d3}»',
  ],
  [
    'sec79-hashcat-cracked-line-above-status-block',
    '«{h32}»:«{U1}{L5}{d4}{U1}{L2}»\n\nSession..........: hashcat\nStatus...........: Running\nHash.Mode........: 1000 (NTLM)\nHash.Target......: ntds.nt\nTime.Started.....: Tue Jun  4 10:12:44 2024 (3 mins, 12 secs)\nRecovered........: 3/412 (0.73%) Digests (total), 1/412 (0.24%) Digests (new)',
  ],
  [
    'sec79-hashcat-netntlmv2-5600-show',
    '$ hashcat -m 5600 responder.txt --show\nADM_JDOE::CORP:{h16}:«{h32}:0101000000000000{h32}0000000002000800{h96}0000000000000000»:«{a10}»',
  ],
  [
    'sec79-hashcat-kerberoast-13100-cracked',
    '$ hashcat -m 13100 -a 0 spns.txt rockyou.txt -r rules/best64.rule --quiet\n$krb5tgs$23$*svc_sql$CORP.LOCAL$MSSQLSvc/sql01.corp.local:1433*$«{h32}${h320}»:«{l14}»',
  ],
  [
    'sec79-hashcat-asrep-18200-cracked',
    '$krb5asrep$23$svc_legacy@CORP.LOCAL:«{h32}${h232}»:«{U1}{L8}@{d4}»\n\nSession..........: hashcat\nStatus...........: Cracked\nHash.Mode........: 18200 (Kerberos 5, etype 23, AS-REP)',
  ],
  ['sec79-hashcat-dcc2-2100-show', 'hashcat -m 2100 cached.txt --show\n$DCC2$10240#svc_backup#«{h32}»:«{a14}»'],
  ['sec79-hashcat-bcrypt-3200-show', 'hashcat -m 3200 users_dump.txt --show\n«$2y$10${p53}»:«{U2}{L4}{d4}$»\n«$2y$12${p53}»:«{a20}»'],
  ['sec79-hashcat-sha512crypt-1800-show', '# cracked from web01:/etc/shadow\n«$6${p16}${p86}»:«{L4}-{L5}-{L4}-{d2}»'],
  ['sec79-hashcat-wpa-22000-show', '$ hashcat -m 22000 office.hc22000 --show\n{h32}:{h12}:{h12}:ACME-Staff:«{a11}»'],
  ['sec79-hashcat-hex-encoded-plaintext', '# hashcat printed the plain as $HEX because it has a colon in it\n«{h32}»:$HEX[«{h24}»]'],
  [
    'sec79-hashcat-username-flag-show',
    '$ hashcat -m 1000 --username dc01.ntds --show\nAdministrator:«{h32}»:«{U1}{L6}{d4}!»\nsvc_backup:«{h32}»:«{a12}»',
  ],
  [
    'sec79-hashcat-outfile-format-2-plains-only',
    '$ hashcat -m 1000 ntds.nt wordlists/corp.txt -o cracked.txt --outfile-format 2\n$ cat cracked.txt\n«{U1}{L7}{d2}#»\n«{a16}»\n«{L5}.{L6}.{d3}»',
  ],
  [
    'sec79-hashcat-cracked-accounts-markdown-table',
    '| Account | NT hash | Cracked | Time to crack |\n|---|---|---|---|\n| CORP\\svc_backup | «{h32}» | «{U1}{L5}{d4}{U1}{L2}» | 00:02:11 |\n| CORP\\jdoe | «{h32}» | «{a10}» | 00:14:40 |',
  ],
  ['sec79-hashcat-mssql2012-1731-cracked', 'hashcat -m 1731 mssql_logins.txt --show\n«0x0200{H136}»:«{l14}»'],
  ['sec79-hashcat-django-pbkdf2-10000', '$ hashcat -m 10000 auth_user.txt --show\n«pbkdf2_sha256$600000${a12}${b43}=»:«{U1}{L8}@{d4}»'],
  [
    'sec79-hashcat-jwt-16500-cracked-hs256-key',
    '$ hashcat -m 16500 jwt.txt wordlists/jwt.secrets.list --show\n«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B60}.{B43}»:«{a16}»',
  ],
  [
    'sec79-john-show-pwdump-nt-format',
    '$ john --show --format=NT dump.txt\nAdministrator:«{a14}»:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nsvc_sql:«{U2}{L4}{d4}$»:1105:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\n\n2 password hashes cracked, 5 left',
  ],
  [
    'sec79-john-show-unshadowed-passwd-lines',
    '$ unshadow passwd shadow > unshadowed.txt && john --show unshadowed.txt\nroot:«{a20}»:0:0:root:/root:/bin/bash\ndeploy:«{L4}-{L5}-{L4}-{d2}»:1001:1001:,,,:/home/deploy:/bin/bash\n\n2 password hashes cracked, 0 left',
  ],
  [
    'sec79-john-live-session-guesses',
    "Using default input encoding: UTF-8\nLoaded 3 password hashes with 3 different salts (sha512crypt, crypt(3) $6$ [SHA512 256/256 AVX2 4x])\nPress 'q' or Ctrl-C to abort, almost any other key for status\n«{a11}»     (backup)\n«{U1}{L6}{d4}!»     (www-data)\n2g 0:00:04:12 DONE (2024-06-04 10:12) 0.007923g/s 1245p/s 3735c/s 3735C/s",
  ],
  [
    'sec79-john-zip2john-archive-password',
    '$ john --show backup.hash\nbackup.zip/db.sql:«{a12}»:db.sql:backup.zip::backup.zip\n\n1 password hash cracked, 0 left',
  ],
  [
    'sec79-john-keepass-database-master-password',
    '$ keepass2john Vault.kdbx > kp.hash && john kp.hash --wordlist=corp-words.txt\nLoaded 1 password hash (KeePass [SHA256 AES 32/64])\n«{U1}{L7}{d2}#»         (Vault)\n1g 0:00:01:47 DONE (2024-06-04 10:12) 0.009311g/s 88.41p/s',
  ],
  ['sec79-john-pot-file-nt-and-crypt', '$ cat ~/.john/john.pot\n$NT$«{h32}»:«{a16}»\n«$6${p16}${p86}»:«{L5}.{L6}.{d3}»'],
  [
    'sec79-mimikatz-logonpasswords-msv-block',
    'Authentication Id : 0 ; 2871043 (00000000:002bcf03)\nSession           : RemoteInteractive from 2\nUser Name         : jdoe\nDomain            : CORP\nLogon Server      : DC01\nLogon Time        : 6/4/2024 8:02:11 AM\nSID               : S-1-5-21-{d10}-{d10}-{d10}-1104\n        msv :\n         [00000003] Primary\n         * Username : jdoe\n         * Domain   : CORP\n         * NTLM     : «{h32}»\n         * SHA1     : «{h40}»\n         * DPAPI    : «{h32}»',
  ],
  [
    'sec79-mimikatz-wdigest-cleartext',
    '        wdigest :\n         * Username : svc_backup\n         * Domain   : CORP\n         * Password : «{U1}{L5}{d4}{U1}{L2}»\n        kerberos :\n         * Username : svc_backup\n         * Domain   : CORP.LOCAL\n         * Password : (null)',
  ],
  [
    'sec79-mimikatz-lsadump-sam-with-history',
    'mimikatz # lsadump::sam\nDomain : WS042\nSysKey : «{h32}»\nLocal SID : S-1-5-21-{d10}-{d10}-{d10}\n\nRID  : 000001f4 (500)\nUser : Administrator\n  Hash NTLM: «{h32}»\n    ntlm- 0: «{h32}»\n    ntlm- 1: «{h32}»',
  ],
  [
    'sec79-mimikatz-dcsync-krbtgt-hash',
    "mimikatz # lsadump::dcsync /domain:corp.local /user:krbtgt\n[DC] 'corp.local' will be the domain\n[DC] 'DC01.corp.local' will be the DC server\nObject RDN           : krbtgt\n\n** SAM ACCOUNT **\nSAM Username         : krbtgt\nObject Security ID   : S-1-5-21-{d10}-{d10}-{d10}-502\nObject Relative ID   : 502\n\nCredentials:\n  Hash NTLM: «{h32}»\n    ntlm- 0: «{h32}»\n    lm  - 0: «{h32}»",
  ],
  [
    'sec79-mimikatz-dcsync-kerberos-newer-keys',
    '* Primary:Kerberos-Newer-Keys *\n    Default Salt : CORP.LOCALkrbtgt\n    Default Iterations : 4096\n    Credentials\n      aes256_hmac       (4096) : «{h64}»\n      aes128_hmac       (4096) : «{h32}»\n      des_cbc_md5       (4096) : «{h16}»',
  ],
  [
    'sec79-mimikatz-lsadump-secrets-service-and-autologon',
    "Secret  : DefaultPassword\ncur/text: «{a10}»\n\nSecret  : _SC_MSSQLSERVER / service 'MSSQLSERVER' with username : CORP\\svc_sql\ncur/text: «{l14}»",
  ],
  [
    'sec79-mimikatz-dpapi-masterkey-cache',
    'mimikatz # sekurlsa::dpapi\n         [00000000]\n         * GUID      :  {{h8}-{h4}-{h4}-{h4}-{h12}}\n         * Time      :  6/4/2024 8:02:14 AM\n         * MasterKey :  «{h128}»\n         * sha1(key) :  «{h40}»',
  ],
  [
    'sec79-mimikatz-sekurlsa-ekeys-list',
    'mimikatz # sekurlsa::ekeys\n         * Username : WS042$\n         * Domain   : CORP.LOCAL\n         * Password : (null)\n         * Key List :\n           aes256_hmac       «{h64}»\n           rc4_hmac_nt       «{h32}»\n           rc4_hmac_old      «{h32}»',
  ],
  [
    'sec79-mimikatz-vault-cred-termsrv',
    'mimikatz # vault::cred /patch\nTargetName : Domain:target=TERMSRV/jump01.corp.local / <NULL>\nUserName   : CORP\\adm_jdoe\nComment    : <NULL>\nType       : 2 - domain_password\nPersist    : 2 - local_machine\nFlags      : 00000000\nCredential : «{U1}{L8}@{d4}»\nAttributes : 0',
  ],
  [
    'sec79-mimikatz-dpapi-chrome-login-data',
    'mimikatz # dpapi::chrome /in:"%localappdata%\\Google\\Chrome\\User Data\\Default\\Login Data" /unprotect\n> Encrypted Key found in local state file\n> Encryption Key seems to be unprotected\n\nURL     : https://gitlab.acme.io/ ( https://gitlab.acme.io/users/sign_in )\nUsername: jdoe\n * using BCrypt with AES-256-GCM\nPassword: «{a14}»',
  ],
  [
    'sec79-mimikatz-pth-command-line',
    'mimikatz # sekurlsa::pth /user:Administrator /domain:corp.local /ntlm:«{h32}» /run:powershell.exe\nuser    : Administrator\ndomain  : corp.local\nprogram : powershell.exe\nimpers. : no',
  ],
  [
    'sec79-mimikatz-golden-ticket-command',
    'kerberos::golden /user:Administrator /domain:corp.local /sid:S-1-5-21-{d10}-{d10}-{d10} /aes256:«{h64}» /id:500 /ptt',
  ],
  [
    'sec79-mimikatz-credman-saved-share-password',
    '        credman :\n         [00000000]\n         * Username : svc_deploy@corp.local\n         * Domain   : fs01.corp.local\n         * Password : «{U2}{L4}{d4}$»',
  ],
  [
    'sec79-secretsdump-local-sam-hashes',
    '[*] Target system bootKey: 0x«{h32}»\n[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nGuest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\nDefaultAccount:503:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\nWDAGUtilityAccount:504:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-secretsdump-ntds-drsuapi',
    '[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)\n[*] Using the DRSUAPI method to get NTDS.DIT secrets\ncorp.local\\krbtgt:502:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\ncorp.local\\jdoe:1104:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nDC01$:1000:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-secretsdump-kerberos-keys-grabbed',
    '[*] Kerberos keys grabbed\nkrbtgt:aes256-cts-hmac-sha1-96:«{h64}»\nkrbtgt:aes128-cts-hmac-sha1-96:«{h32}»\nkrbtgt:des-cbc-md5:«{h16}»',
  ],
  [
    'sec79-secretsdump-cached-dcc2-line',
    '[*] Dumping cached domain logon information (domain/username:hash)\nCORP.LOCAL/jdoe:$DCC2$10240#jdoe#«{h32}»: (2024-05-30 08:14:02)\nCORP.LOCAL/adm_mlee:$DCC2$10240#adm_mlee#«{h32}»: (2024-05-28 17:40:19)',
  ],
  [
    'sec79-secretsdump-lsa-machine-account',
    '[*] Dumping LSA Secrets\n[*] $MACHINE.ACC \nCORP\\WS042$:aes256-cts-hmac-sha1-96:«{h64}»\nCORP\\WS042$:aes128-cts-hmac-sha1-96:«{h32}»\nCORP\\WS042$:des-cbc-md5:«{h16}»\nCORP\\WS042$:plain_password_hex:«{h240}»\nCORP\\WS042$:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-secretsdump-dpapi-system-and-nlkm',
    '[*] DPAPI_SYSTEM \ndpapi_machinekey:0x«{h40}»\ndpapi_userkey:0x«{h40}»\n[*] NL$KM \nNL$KM:«{h128}»',
  ],
  [
    'sec79-secretsdump-service-and-default-password',
    '[*] _SC_Jenkins \nCORP\\svc_jenkins:«{a20}»\n[*] DefaultPassword \nCORP\\kiosk:«{L4}-{L5}-{L4}-{d2}»\n[*] Cleaning up... ',
  ],
  [
    'sec79-secretsdump-history-hashes',
    '$ secretsdump.py -just-dc-user jdoe -history corp.local/adm_mlee@10.0.3.20\ncorp.local\\jdoe:1104:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\ncorp.local\\jdoe_history0:1104:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\ncorp.local\\jdoe_history1:1104:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-secretsdump-pwdlastset-status-suffix',
    'corp.local\\svc_backup:1112:aad3b435b51404eeaad3b435b51404ee:«{h32}»::: (pwdLastSet=2023-11-02 09:14) (status=Enabled)\ncorp.local\\svc_old:1187:aad3b435b51404eeaad3b435b51404ee:«{h32}»::: (pwdLastSet=2019-03-11 16:02) (status=Disabled)',
  ],
  [
    'sec79-pypykatz-lsa-minidump-msv',
    '$ pypykatz lsa minidump lsass.DMP\nINFO:pypykatz:Parsing file lsass.DMP\nFILE: ======== lsass.DMP =======\n== LogonSession ==\nauthentication_id 2871043 (2bcf03)\nusername jdoe\ndomainname CORP\nlogon_server DC01\n        == MSV ==\n                Username: jdoe\n                Domain: CORP\n                LM: NA\n                NT: «{h32}»\n                SHA1: «{h40}»\n                DPAPI: «{h40}»',
  ],
  [
    'sec79-pypykatz-json-msv-creds',
    '"msv_creds": [\n  {\n    "credtype": "msv",\n    "username": "svc_sql",\n    "domainname": "CORP",\n    "NThash": "«{h32}»",\n    "LMHash": null,\n    "SHAHash": "«{h40}»"\n  }\n]',
  ],
  [
    'sec79-lsassy-remote-dump-output',
    '[+] 10.0.3.42 Authentication successful\n[+] 10.0.3.42 Lsass dumped in C:\\Windows\\Temp\\{a8}.dmp (48123904 Bytes)\n[+] 10.0.3.42 CORP\\jdoe          «{h32}»\n[+] 10.0.3.42 CORP\\jdoe          «{a11}»\n[+] 10.0.3.42 CORP\\WS042$        [NT] «{h32}» | [SHA1] «{h40}»',
  ],
  [
    'sec79-nxc-smb-pwned-cleartext-login',
    '$ nxc smb 10.0.3.0/24 -u svc_backup -p passwords.txt --continue-on-success\nSMB         10.0.3.20       445    DC01             [*] Windows Server 2022 Build 20348 x64 (name:DC01) (domain:corp.local) (signing:True) (SMBv1:False)\nSMB         10.0.3.20       445    DC01             [+] corp.local\\svc_backup:«{U1}{L6}{d4}!» (Pwn3d!)',
  ],
  [
    'sec79-nxc-sam-dump-lines',
    'SMB         10.0.3.42       445    WS042            [*] Dumping SAM hashes\nSMB         10.0.3.42       445    WS042            Administrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nSMB         10.0.3.42       445    WS042            helpdesk:1001:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nSMB         10.0.3.42       445    WS042            [+] Added 2 SAM hashes to the database',
  ],
  [
    'sec79-nxc-lsa-dump-dcc2-and-service',
    'SMB         10.0.3.42       445    WS042            [+] Dumping LSA secrets\nSMB         10.0.3.42       445    WS042            CORP.LOCAL/jdoe:$DCC2$10240#jdoe#«{h32}»: (2024-05-30 08:14:02)\nSMB         10.0.3.42       445    WS042            CORP\\svc_sql:«{a12}»',
  ],
  [
    'sec79-nxc-pass-the-hash-local-auth',
    'SMB         10.0.3.42       445    WS042            [+] WS042\\Administrator:«{h32}» (Pwn3d!)\nSMB         10.0.3.43       445    WS043            [+] WS043\\Administrator:«{h32}» (Pwn3d!)',
  ],
  [
    'sec79-nxc-ldap-gmsa-ntlm',
    '$ nxc ldap dc01.corp.local -u jdoe -p "$PW" --gmsa\nLDAP        10.0.3.20       636    DC01             [*] Getting GMSA Passwords\nLDAP        10.0.3.20       636    DC01             Account: svc_gmsa$            NTLM: «{h32}»',
  ],
  [
    'sec79-crackmapexec-mssql-sa-login',
    'MSSQL       10.0.3.30       1433   SQL01            [*] Windows Server 2019 (name:SQL01) (domain:corp.local)\nMSSQL       10.0.3.30       1433   SQL01            [+] sa:«{U1}{L7}{d2}#» (Pwn3d!)',
  ],
  [
    'sec79-lazagne-chromium-browser-password',
    '########## User: jdoe ##########\n\n------------------- Chromium Browsers passwords -----------------\n\n[+] Password found !!!\nURL: https://jira.acme.io/login.jsp\nLogin: jdoe\nPassword: «{a16}»',
  ],
  [
    'sec79-lazagne-wifi-profile-password',
    '------------------- Wifi passwords -----------------\n\n[+] Password found !!!\nSSID: ACME-Staff\nAuthentication: WPA2PSK\nProtected: True\nPassword: «{L5}.{L6}.{d3}»',
  ],
  [
    'sec79-lazagne-filezilla-site',
    '------------------- Filezilla passwords -----------------\n\n[+] Password found !!!\nHost: ftp.acme.io\nPort: 21\nLogin: deploy\nPassword: «{U1}{L5}{d4}{U1}{L2}»',
  ],
  [
    'sec79-lazagne-credman-git-token',
    '------------------- Credman passwords -----------------\n\n[+] Password found !!!\nURL: LegacyGeneric:target=git:https://github.com\nLogin: jdoe-acme\nPassword: «ghp_{a36}»',
  ],
  [
    'sec79-lazagne-json-dbeaver',
    '[{"User": "jdoe", "Dbeaver": [{"Host": "db01.acme.local", "Port": "5432", "Login": "app_rw", "Password": "«{a10}»", "Name": "prod-billing"}]}]',
  ],
  [
    'sec79-lazagne-hashdump-module',
    '------------------- Hashdump passwords -----------------\n\n[+] Password found !!!\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-lazagne-winscp-session',
    '------------------- Winscp passwords -----------------\n\n[+] Password found !!!\nURL: sftp.acme.io\nLogin: deploy\nPassword: «{l14}»\nPort: 22',
  ],
  [
    'sec79-responder-smb-ntlmv2-ssp',
    '[SMB] NTLMv2-SSP Client   : 10.0.3.15\n[SMB] NTLMv2-SSP Username : CORP\\jdoe\n[SMB] NTLMv2-SSP Hash     : jdoe::CORP:{h16}:«{h32}:0101000000000000{h32}0000000002000800{h96}0000000000000000»',
  ],
  [
    'sec79-responder-http-basic-cleartext',
    '[HTTP] Basic Client   : 10.0.3.22\n[HTTP] Basic Username : svc_scanner\n[HTTP] Basic Password : «{U1}{L8}@{d4}»',
  ],
  [
    'sec79-responder-ftp-cleartext',
    '[FTP] Cleartext Client   : 10.0.3.31\n[FTP] Cleartext Username : backup\n[FTP] Cleartext Password : «{a14}»',
  ],
  [
    'sec79-responder-logs-file-cat',
    '$ cat /usr/share/responder/logs/SMB-NTLMv2-SSP-10.0.3.15.txt\nadm_jdoe::CORP:{h16}:«{h32}:0101000000000000{h32}0000000002000800{h80}0000000000000000»',
  ],
  [
    'sec79-responder-ntlmv1-printer',
    '[SMB] NTLMv1 Client   : 10.0.3.50\n[SMB] NTLMv1 Username : CORP\\PRN01$\n[SMB] NTLMv1 Hash     : PRN01$::CORP:«{H48}:{H48}»:1122334455667788',
  ],
  [
    'sec79-responder-ldap-cleartext-bind',
    '[LDAP] Cleartext Client   : 10.0.3.60\n[LDAP] Cleartext Username : CN=svc_ldapbind,OU=Service Accounts,DC=corp,DC=local\n[LDAP] Cleartext Password : «{U2}{L4}{d4}$»',
  ],
  [
    'sec79-inveigh-smb-ntlmv2-capture',
    '[+] [2024-06-04T10:12:44] SMB(445) NTLMv2 captured for CORP\\jdoe from 10.0.3.15(WS015):51234:\njdoe::CORP:{H16}:«{H32}:0101000000000000{H32}0000000002000800{H80}0000000000000000»',
  ],
  [
    'sec79-inveigh-http-basic-cleartext',
    '[+] [2024-06-04T10:14:03] HTTP(80) Basic authentication cleartext credentials captured from 10.0.3.22(WS022):\nCORP\\svc_print:«{a20}»',
  ],
  [
    'sec79-pcredz-ftp-and-pop',
    'protocol: tcp 10.0.3.9:51544 > 10.0.3.31:21\nFTP User: backup\nFTP Pass: «{L4}-{L5}-{L4}-{d2}»\n\nprotocol: tcp 10.0.3.17:50110 > 10.0.3.40:110\nPOP3 User: alerts\nPOP3 Pass: «{a11}»',
  ],
  [
    'sec79-dsniff-ftp-session',
    'dsniff: listening on eth0\n-----------------\n06/04/24 10:12:44 tcp 10.0.3.9.51544 -> ftp.acme.local.21 (ftp)\nUSER backup\nPASS «{U1}{L6}{d4}!»',
  ],
  [
    'sec79-ntlmrelayx-relayed-sam-dump',
    '[*] Authenticating against smb://10.0.3.42 as CORP/ADM_JDOE SUCCEED\n[*] Target system bootKey: 0x«{h32}»\n[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-bettercap-sniffed-login-post',
    '[10:12:44] [net.sniff.http.request] http 10.0.3.15 POST intranet.acme.local/login\n\nPOST /login HTTP/1.1\nHost: intranet.acme.local\nContent-Type: application/x-www-form-urlencoded\n\nuser=jdoe&pass=«{a14}»',
  ],
  [
    'sec79-msf-capture-http-basic',
    'msf6 auxiliary(server/capture/http_basic) >\n[*] Server started.\n[+] HTTP Basic Auth LOGIN 10.0.3.15 "jdoe:«{a12}»" / /intranet/',
  ],
  [
    'sec79-trufflehog-json-aws-raw-rawv2',
    '{"SourceMetadata":{"Data":{"Git":{"commit":"{h40}","file":"scripts/backup.sh","email":"jdoe \\u003cjdoe@acme.io\\u003e","repository":"https://github.com/acme/ops.git","timestamp":"2024-05-30 08:14:02 +0000","line":7}}},"SourceID":1,"SourceType":16,"SourceName":"trufflehog - git","DetectorType":2,"DetectorName":"AWS","DecoderName":"PLAIN","Verified":true,"Raw":"«AKIA{u16}»","RawV2":"«AKIA{u16}{b40}»","Redacted":"«AKIA{u16}»","ExtraData":{"account":"{d12}","arn":"arn:aws:iam::{d12}:user/ci-deployer","is_canary":"false","resource_type":"Access key","user_id":"AIDA{u17}"},"StructuredData":null}',
  ],
  [
    'sec79-trufflehog-json-github-filesystem',
    '{"SourceMetadata":{"Data":{"Filesystem":{"file":"deploy/scripts/release.sh","line":14}}},"SourceID":1,"SourceType":15,"SourceName":"trufflehog - filesystem","DetectorType":8,"DetectorName":"Github","DecoderName":"PLAIN","Verified":true,"Raw":"«ghp_{a36}»","RawV2":"","Redacted":"","ExtraData":{"account_type":"User","name":"J Doe","username":"jdoe-acme","scopes":"repo, workflow"},"StructuredData":null}',
  ],
  [
    'sec79-trufflehog-text-slack-webhook',
    '✅ Found verified result 🐷🔑\nDetector Type: SlackWebhook\nDecoder Type: PLAIN\nRaw result: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\nCommit: {h40}\nEmail: jdoe <jdoe@acme.io>\nFile: .github/workflows/notify.yml\nLine: 22\nRepository: https://github.com/acme/platform.git\nTimestamp: 2024-05-30 08:14:02 +0000',
  ],
  [
    'sec79-trufflehog-text-unverified-postgres-uri',
    'Found unverified result 🐷🔑❓\nDetector Type: Postgres\nDecoder Type: PLAIN\nRaw result: postgresql://app_rw:«{a20}»@db01.acme.local:5432/billing\nFile: docker-compose.override.yml\nLine: 31',
  ],
  [
    'sec79-trufflehog-json-stripe-git',
    '{"SourceName":"trufflehog - git","DetectorName":"Stripe","DecoderName":"PLAIN","Verified":false,"VerificationError":"unexpected HTTP response status 429","Raw":"«sk_live_{a24}»","Redacted":"","SourceMetadata":{"Data":{"Git":{"commit":"{h40}","file":"payments/settings.py","line":18}}}}',
  ],
  [
    'sec79-trufflehog-json-sendgrid-base64-decoder',
    '{"DetectorName":"SendGrid","DecoderName":"BASE64","Verified":true,"Raw":"«SG.{B22}.{B43}»","Redacted":"","SourceMetadata":{"Data":{"Filesystem":{"file":"k8s/mailer-secret.yaml","line":9}}},"ExtraData":{"scopes":"mail.send"}}',
  ],
  [
    'sec79-trufflehog-json-openai-docker-layer',
    '{"SourceMetadata":{"Data":{"Docker":{"file":"/app/.env","image":"acme/api:2.4.1","layer":"sha256:{h64}"}}},"SourceName":"trufflehog - docker","DetectorName":"OpenAI","DecoderName":"PLAIN","Verified":true,"Raw":"«sk-proj-{B48}T3BlbkFJ{B48}»","Redacted":"","ExtraData":{"id":"user-{a24}","total_orgs":"1"}}',
  ],
  [
    'sec79-trufflehog-jq-raw-column',
    "$ trufflehog git file://. --results=verified,unknown --json 2>/dev/null | jq -r '.Raw'\n«glpat-{B20}»\n«xoxb-{d12}-{d13}-{a24}»\n«npm_{a36}»",
  ],
  [
    'sec79-trufflehog-text-azure-storage',
    'Found verified result 🐷🔑\nDetector Type: AzureStorage\nDecoder Type: PLAIN\nRaw result: «{b86}==»\nAccount_name: acmeprodlogs\nFile: tools/restore/README.md\nLine: 44',
  ],
  [
    'sec79-trufflehog-gha-log-mailgun',
    '2024-06-04T10:12:44.1823931Z Found verified result 🐷🔑\n2024-06-04T10:12:44.1824210Z Detector Type: Mailgun\n2024-06-04T10:12:44.1824390Z Decoder Type: PLAIN\n2024-06-04T10:12:44.1824571Z Raw result: «key-{h32}»\n2024-06-04T10:12:44.1824750Z File: src/mail/client.ts\n2024-06-04T10:12:44.1824933Z Line: 8',
  ],
  [
    'sec79-trufflehog-json-private-key-raw',
    '{"DetectorName":"PrivateKey","DecoderName":"PLAIN","Verified":false,"Raw":"«-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\nQyNTUxOQAAACB{b48}\\n{b70}\\n{b70}\\n-----END OPENSSH PRIVATE KEY-----\\n»","SourceMetadata":{"Data":{"Filesystem":{"file":"ops/keys/deploy_ed25519","line":1}}}}',
  ],
  [
    'sec79-gitleaks-json-aws-secret-key',
    '[\n {\n  "Description": "AWS Secret Access Key",\n  "StartLine": 4,\n  "EndLine": 4,\n  "StartColumn": 3,\n  "EndColumn": 66,\n  "Match": "aws_secret_access_key = \\"«{b40}»\\"",\n  "Secret": "«{b40}»",\n  "File": "infra/terraform/providers.tf",\n  "Commit": "{h40}",\n  "Entropy": 4.92,\n  "Author": "jdoe",\n  "Email": "jdoe@acme.io",\n  "Date": "2024-05-30T08:14:02Z",\n  "Message": "wip provider",\n  "Tags": [],\n  "RuleID": "aws-secret-access-key",\n  "Fingerprint": "{h40}:infra/terraform/providers.tf:aws-secret-access-key:4"\n }\n]',
  ],
  [
    'sec79-gitleaks-verbose-slack-bot-token',
    'Finding:     SLACK_BOT_TOKEN=«xoxb-{d12}-{d13}-{a24}»\nSecret:      «xoxb-{d12}-{d13}-{a24}»\nRuleID:      slack-bot-token\nEntropy:     4.812\nFile:        services/notifier/.env\nLine:        3\nCommit:      {h40}\nAuthor:      J Doe\nEmail:       jdoe@acme.io\nDate:        2024-05-30T08:14:02Z\nFingerprint: {h40}:services/notifier/.env:slack-bot-token:3',
  ],
  [
    'sec79-gitleaks-csv-report-row',
    'RuleID,Commit,File,SymlinkFile,Secret,Match,StartLine,EndLine,StartColumn,EndColumn,Author,Message,Date,Email,Fingerprint,Tags\ngithub-pat,{h40},scripts/sync.sh,,«ghp_{a36}»,GH_TOKEN=«ghp_{a36}»,9,9,10,59,jdoe,sync script,2024-05-30T08:14:02Z,jdoe@acme.io,{h40}:scripts/sync.sh:github-pat:9,',
  ],
  [
    'sec79-gitleaks-sarif-snippet-text',
    '"physicalLocation": {\n  "artifactLocation": { "uri": "ci/deploy.yml" },\n  "region": {\n    "startLine": 27,\n    "snippet": { "text": "«glpat-{B20}»" }\n  }\n},\n"message": { "text": "gitlab-pat has detected secret for file ci/deploy.yml at commit {h40}." }',
  ],
  [
    'sec79-gitleaks-stdin-database-url',
    '$ cat .env.production | gitleaks stdin -v\nFinding:     DATABASE_URL=postgres://api:«{a24}»@db01.acme.local:5432/api\nSecret:      «{a24}»\nRuleID:      generic-api-key\nEntropy:     4.412\nLine:        6',
  ],
  [
    'sec79-gitleaks-json-generic-api-key-escaped-quotes',
    '  "Match": "api_key: \\"«{h40}»\\"",\n  "Secret": "«{h40}»",\n  "File": "config/integrations.yml",\n  "RuleID": "generic-api-key",',
  ],
  [
    'sec79-gitleaks-json-stripe-restricted',
    '{"Description":"Stripe Access Token","Match":"STRIPE_KEY=«rk_live_{a24}»","Secret":"«rk_live_{a24}»","File":"billing/.env","Commit":"{h40}","RuleID":"stripe-access-token","Entropy":4.7}',
  ],
  [
    'sec79-gitleaks-pre-commit-heroku-uuid-key',
    'Detect hardcoded secrets.................................................Failed\n- hook id: gitleaks\n- exit code: 1\n\nFinding:     HEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nSecret:      «{h8}-{h4}-{h4}-{h4}-{h12}»\nRuleID:      heroku-api-key\nFile:        Procfile.env\nLine:        2',
  ],
  [
    'sec79-ggshield-show-secrets-django-key',
    '$ ggshield secret scan path -r . --show-secrets\n🛡️  ⚔️  🛡️  1 incident has been found in file config/settings/prod.py\n\n>>> Incident 1(Secrets detection): Django Secret Key (Validity: No Checker)  (Ignore with SHA: {h64}) (1 occurrence)\n 13 | DEBUG = False\n 14 | SECRET_KEY = "«{a50}»"\n                    |____________________secret_key______________________|\n 15 | ALLOWED_HOSTS = ["api.acme.io"]',
  ],
  [
    'sec79-ggshield-json-show-secrets-db-assignment',
    '"policy_breaks": [{\n  "type": "Generic Database Assignment",\n  "policy": "Secrets detection",\n  "validity": "failed_to_check",\n  "ignore_sha": "{h64}",\n  "matches": [\n    {"match": "db01.acme.local", "match_type": "host"},\n    {"match": "app_rw", "match_type": "username"},\n    {"match": "«{U1}{L7}{d2}#»", "match_type": "password"}\n  ]\n}]',
  ],
  [
    'sec79-ggshield-docker-scan-datadog',
    '$ ggshield secret scan docker acme/agent:3.1.0 --show-secrets\n>>> Incident 1(Secrets detection): Datadog API Key (Validity: Valid)  (Ignore with SHA: {h64}) (1 occurrence)\n  3 | ENV DD_SITE=datadoghq.eu\n  4 | ENV DD_API_KEY=«{h32}»\n                     |_______apikey_______|',
  ],
  [
    'sec79-git-secrets-scan-prohibited',
    '$ git secrets --scan\ninfra/ci/deploy.sh:18:export AWS_SECRET_ACCESS_KEY=«{b40}»\n\n[ERROR] Matched one or more prohibited patterns\n\nPossible mitigations:\n- Mark false positives as allowed using: git config --add secrets.allowed ...',
  ],
  [
    'sec79-noseyparker-report-finding',
    'Finding 1/3 (id {h40})\nRule: GitHub Personal Access Token\nGroup: «ghp_{a36}»\n\nOccurrence 1/1\nGit repo: clones/https/github.com/acme/tools\nBlob: {h40}\nLines: 12:14-12:53\n\n    export GITHUB_TOKEN=«ghp_{a36}»',
  ],
  [
    'sec79-github-secret-scanning-api-alert',
    '$ gh api /repos/acme/platform/secret-scanning/alerts/42\n{\n  "number": 42,\n  "state": "open",\n  "secret_type": "slack_incoming_webhook_url",\n  "secret_type_display_name": "Slack Incoming Webhook URL",\n  "secret": "«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»",\n  "validity": "active",\n  "html_url": "https://github.com/acme/platform/security/secret-scanning/42"\n}',
  ],
  [
    'sec79-nuclei-exposed-env-extracted',
    '[exposed-env-file] [http] [high] https://staging.acme.io/.env ["DB_PASSWORD=«{a16}»","STRIPE_SECRET=«sk_live_{a24}»"]\n[git-config] [http] [medium] https://staging.acme.io/.git/config',
  ],
  [
    'sec79-nuclei-file-aws-key-id',
    '$ nuclei -t file/keys/ -target ./tools -silent\n[aws-access-key-value] [file] [info] ./tools/backup.py ["«AKIA{u16}»"]\n[aws-secret-key] [file] [info] ./tools/backup.py ["«{b40}»"]',
  ],
  [
    'sec79-semgrep-secrets-stripe-line',
    '  src/payments/client.py\n   ❯❯❱ generic.secrets.security.detected-stripe-api-key.detected-stripe-api-key\n          Stripe API Key detected\n\n           14┆ stripe.api_key = "«sk_live_{a24}»"',
  ],
  [
    'sec79-detect-secrets-audit-interactive-line',
    'Secret:      1 of 3\nFilename:    config/prod.yaml\nSecret Type: Secret Keyword\n----------\n12:  redis:\n13:    password: «{a24}»\n14:    port: 6380\n----------\nIs this a secret that should be committed to this repository? (y)es, (n)o, (s)kip, (q)uit:',
  ],
  [
    'sec79-whispers-json-finding',
    '{"file": "ansible/group_vars/prod.yml", "line": 3, "key": "smtp_password", "value": "«{L5}.{L6}.{d3}»", "message": "Password", "severity": "CRITICAL"}',
  ],
  [
    'sec79-burp-request-basic-auth',
    'GET /admin/api/v1/users HTTP/1.1\nHost: intranet.acme.local\nAuthorization: Basic «{b28}»\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0\nAccept: application/json\nConnection: close',
  ],
  [
    'sec79-burp-request-bearer-jwt-and-session-cookie',
    'POST /graphql HTTP/2\nHost: api.acme.io\nCookie: _ga=GA1.1.{d10}.{d10}; session=«{B43}»\nAuthorization: Bearer «eyJhbGciOiJSUzI1NiIsImtpZCI6Ij{B20}In0.eyJ{B120}.{B342}»\nContent-Type: application/json\nContent-Length: 118',
  ],
  [
    'sec79-burp-login-form-body',
    'POST /login HTTP/1.1\nHost: portal.acme.io\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 84\nCookie: PHPSESSID=«{l26}»\n\ncsrf_token={h64}&username=jdoe%40acme.io&password=«{a14}»&remember=1',
  ],
  [
    'sec79-burp-response-set-cookie-host-sid',
    'HTTP/2 200 OK\nDate: Tue, 04 Jun 2024 10:12:44 GMT\nContent-Type: application/json\nSet-Cookie: __Host-sid=«{B43}»; Path=/; Secure; HttpOnly; SameSite=Lax\nX-Request-Id: {h8}-{h4}-{h4}-{h4}-{h12}\n\n{"ok":true,"user":{"id":4182,"email":"jdoe@acme.io"}}',
  ],
  [
    'sec79-burp-response-oauth-token-body',
    'HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\nCache-Control: no-store\n\n{"access_token":"«{B40}»","token_type":"Bearer","expires_in":3600,"refresh_token":"«{B48}»","scope":"read write"}',
  ],
  [
    'sec79-burp-intruder-hit-row',
    'Request  Payload            Status  Error  Timeout  Length\n0                           401     false  false    512\n117      «{U1}{L5}{d4}{U1}{L2}»     302     false  false    298\n118      Winter2023         401     false  false    512',
  ],
  [
    'sec79-zap-alert-token-in-url',
    'Alert: Information Disclosure - Sensitive Information in URL\nRisk: Informational\nConfidence: Medium\nURL: https://app.acme.io/export?format=csv&access_token=«{a40}»\nParameter: access_token\nEvidence: access_token',
  ],
  [
    'sec79-zap-json-report-basic-auth-evidence',
    '{"pluginid": "10105", "alert": "Weak Authentication Method", "riskcode": "2", "uri": "http://legacy.acme.local/cgi-bin/admin", "method": "GET", "param": "", "evidence": "Authorization: Basic «{b32}»"}',
  ],
  [
    'sec79-mitmdump-flow-detail-bearer',
    '$ mitmdump --flow-detail 2 -p 8081\n10.0.3.15:52144: POST https://api.acme.io/v2/tokens/refresh\n    Host: api.acme.io\n    Authorization: Bearer «{a48}»\n    Content-Type: application/json\n    X-Client-Version: 5.12.0\n << 200 OK 412b',
  ],
  [
    'sec79-mitmproxy-har-cookie-header',
    '"headers": [\n  {"name": "Host", "value": "admin.acme.io"},\n  {"name": "Cookie", "value": "sessionid=«{l32}»; csrftoken={a32}"},\n  {"name": "Accept", "value": "text/html"}\n]',
  ],
  [
    'sec79-mitmproxy-sslkeylogfile-secrets',
    '$ head -n 2 ~/.mitmproxy/sslkeylogfile.txt\nCLIENT_RANDOM {h64} «{h96}»\nCLIENT_HANDSHAKE_TRAFFIC_SECRET {h64} «{h64}»',
  ],
  [
    'sec79-tshark-http-authorization-fields',
    '$ tshark -r capture.pcapng -Y http.authorization -T fields -e ip.src -e http.authorization\n10.0.3.15\tBasic «{b24}»\n10.0.3.22\tBearer «{a40}»',
  ],
  [
    'sec79-tshark-ftp-pass-argument',
    '$ tshark -r ftp.pcap -Y \'ftp.request.command == "PASS"\' -T fields -e ip.src -e ftp.request.arg\n10.0.3.9\t«{a10}»',
  ],
  [
    'sec79-curl-verbose-request-headers',
    '> GET /v1/projects HTTP/2\n> Host: api.acme.io\n> authorization: Bearer «{a40}»\n> user-agent: curl/8.5.0\n> accept: */*\n>\n< HTTP/2 200',
  ],
  [
    'sec79-devtools-copy-as-curl-cookie',
    "curl 'https://dash.acme.io/api/me' \\\n  -H 'accept: application/json' \\\n  -b 'ajs_anonymous_id={h8}-{h4}-{h4}-{h4}-{h12}; dash_session=«{B64}»' \\\n  -H 'x-csrf-token: {a32}' ",
  ],
  [
    'sec79-burp-websocket-auth-frame',
    'WebSockets history  #14  To server  10:12:44  wss://rt.acme.io/socket\n{"type":"auth","token":"«{a32}»","client":"web-5.12.0"}',
  ],
  [
    'sec79-burp-soap-wsse-password',
    '<soapenv:Header>\n  <wsse:Security>\n    <wsse:UsernameToken>\n      <wsse:Username>svc_erp</wsse:Username>\n      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">«{l14}»</wsse:Password>\n    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>',
  ],
  [
    'sec79-burp-request-sigv4-session-token',
    'GET /acme-backups?list-type=2 HTTP/1.1\nHost: s3.eu-west-1.amazonaws.com\nX-Amz-Date: 20240604T101244Z\nX-Amz-Security-Token: «IQoJb3JpZ2luX2VjE{b300}»\nAuthorization: AWS4-HMAC-SHA256 Credential=«ASIA{u16}»/20240604/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature={h64}',
  ],
  [
    'sec79-burp-request-x-api-key',
    'GET /v3/reports/daily HTTP/1.1\nHost: partner-api.acme.io\nX-Api-Key: «{a32}»\nAccept: application/json\ntraceparent: 00-{h32}-{h16}-01',
  ],
  [
    'sec79-sqlmap-dump-users-md5-with-cracked',
    'Database: shop\nTable: users\n[3 entries]\n+----+----------+---------------------------------------------+--------------------+\n| id | username | password                                    | email              |\n+----+----------+---------------------------------------------+--------------------+\n| 1  | admin    | «{h32}» («{U1}{L8}@{d4}»)                            | admin@shop.acme.io |\n| 2  | jdoe     | «{h32}»                                     | jdoe@acme.io       |\n| 3  | mlee     | «{h32}» («{a14}»)                            | mlee@acme.io       |\n+----+----------+---------------------------------------------+--------------------+',
  ],
  [
    'sec79-sqlmap-dump-bcrypt-and-api-token',
    'Table: accounts\n[2 entries]\n+----+-------------+--------------------------------------------------------------+------------------------------------------+\n| id | email       | password_hash                                                | api_token                                |\n+----+-------------+--------------------------------------------------------------+------------------------------------------+\n| 7  | ops@acme.io | «$2y$10${p53}» | «{a40}» |\n| 9  | ci@acme.io  | «$2y$10${p53}» | «{a40}» |\n+----+-------------+--------------------------------------------------------------+------------------------------------------+',
  ],
  [
    'sec79-sqlmap-passwords-mysql-users',
    'database management system users password hashes:\n[*] debian-sys-maint [1]:\n    password hash: «*{H40}»\n[*] root [1]:\n    password hash: «*{H40}»\n    clear-text password: «{U2}{L4}{d4}$»',
  ],
  [
    'sec79-sqlmap-csv-dump-reset-tokens',
    '$ cat ~/.local/share/sqlmap/output/shop.acme.io/dump/shop/password_resets.csv\nid,user_id,token,created_at\n1,4182,«{h64}»,2024-06-04 10:12:44\n2,4190,«{h64}»,2024-06-04 10:13:02',
  ],
  [
    'sec79-sqlmap-dump-wordpress-phpass',
    'Table: wp_users\n[2 entries]\n+----+------------+------------------------------------+--------------------+\n| ID | user_login | user_pass                          | user_email         |\n+----+------------+------------------------------------+--------------------+\n| 1  | admin      | «$P${p31}» | admin@blog.acme.io |\n| 2  | editor     | «$P${p31}» | news@blog.acme.io  |',
  ],
  [
    'sec79-sqlmap-passwords-postgres-md5-scram',
    '[*] postgres [1]:\n    password hash: «md5{h32}»\n[*] reporting [1]:\n    password hash: «SCRAM-SHA-256$4096:{b22}==${b43}=:{b43}=»',
  ],
  [
    'sec79-sqlmap-dump-sessions-table',
    'Table: sessions\n[2 entries]\n+----------+------------------------------------------------------------------+---------------------+\n| user_id  | token                                                            | expires_at          |\n+----------+------------------------------------------------------------------+---------------------+\n| 4182     | «{a64}» | 2024-06-11 10:12:44 |\n| 1        | «{a64}» | 2024-06-11 09:58:10 |',
  ],
  [
    'sec79-hydra-ssh-valid-password',
    'Hydra v9.5 (c) 2023 by van Hauser/THC & David Maciejak - Please do not use in military or secret service organizations, or for illegal purposes (this is non-binding, these *** ignore laws and ethics anyway).\n\n[DATA] max 4 tasks per 1 server, overall 4 tasks, 14344399 login tries (l:1/p:14344399), ~3586100 tries per task\n[DATA] attacking ssh://10.0.3.21:22/\n[22][ssh] host: 10.0.3.21   login: deploy   password: «{a20}»\n1 of 1 target successfully completed, 1 valid password found',
  ],
  [
    'sec79-hydra-http-post-form-admin',
    '[ATTEMPT] target 10.0.3.40 - login "admin" - pass "letmein" - 4811 of 14344399 [child 3] (0/0)\n[80][http-post-form] host: 10.0.3.40   login: admin   password: «{L4}-{L5}-{L4}-{d2}»',
  ],
  [
    'sec79-hydra-outfile-ftp-multiple-hosts',
    '$ cat hydra-found.txt\n# Hydra v9.5 run at 2024-06-04 10:12:44 on hosts.txt ftp (hydra -L users.txt -P pw.txt -o hydra-found.txt -M hosts.txt ftp)\n[21][ftp] host: 10.0.3.31   login: backup   password: «{a11}»\n[21][ftp] host: 10.0.3.32   login: backup   password: «{U1}{L6}{d4}!»',
  ],
  [
    'sec79-hydra-json-results',
    '{ "generator": {"software": "Hydra", "version": "v9.5", "built": "2024-06-04 10:12:44", "server": "10.0.3.30", "service": "postgres"},\n"results": [{"port": 5432, "service": "postgres", "host": "10.0.3.30", "login": "postgres", "password": "«{a12}»"}],\n"success": true, "errormessages": [], "quantityfound": 1 }',
  ],
  [
    'sec79-medusa-account-found-ssh',
    'ACCOUNT CHECK: [ssh] Host: 10.0.3.21 (1 of 1, 0 complete) User: deploy (1 of 1, 0 complete) Password: Spring2024 (811 of 5000 complete)\nACCOUNT FOUND: [ssh] Host: 10.0.3.21 User: deploy Password: «{U1}{L7}{d2}#» [SUCCESS]',
  ],
  [
    'sec79-ncrack-discovered-credentials',
    "Discovered credentials for ssh on 10.0.3.21 22/tcp:\n10.0.3.21 22/tcp ssh: 'deploy' '«{a16}»'\n\nNcrack done: 1 service scanned in 183.02 seconds.",
  ],
  [
    'sec79-patator-ssh-hit',
    '10:12:44 patator    INFO - code  size    time | candidate                          |   num | mesg\n10:13:02 patator    INFO - 0     39     0.512 | admin:«{a12}»                |  4812 | SSH-2.0-OpenSSH_9.6p1',
  ],
  [
    'sec79-kerbrute-valid-login',
    '2024/06/04 10:12:44 >  Using KDC(s):\n2024/06/04 10:12:44 >   dc01.corp.local:88\n2024/06/04 10:12:47 >  [+] VALID LOGIN:\t jdoe@corp.local:«{L5}.{L6}.{d3}»\n2024/06/04 10:12:49 >  Done! Tested 412 logins (1 successes) in 4.813 seconds',
  ],
  [
    'sec79-msolspray-success-line',
    '[*] Now spraying Microsoft Online.\n[*] Current date and time: 06/04/2024 10:12:44\n[*] SUCCESS! jdoe@acme.io : «{U1}{L5}{d4}{U1}{L2}»\n[*] WARNING! mlee@acme.io appears to have MFA enabled.',
  ],
  [
    'sec79-o365spray-valid-credential',
    '[2024-06-04 10:12:44,121] INFO [VALID] jdoe@acme.io:«{a10}»\n[2024-06-04 10:12:45,003] INFO [INVALID] mlee@acme.io',
  ],
  [
    'sec79-msf-creds-table-hash-and-password',
    'msf6 > creds\nCredentials\n===========\n\nhost       origin     service        public         private                                                             realm  private_type  JtR Format\n----       ------     -------        ------         -------                                                             -----  ------------  ----------\n10.0.3.42  10.0.3.42  445/tcp (smb)  Administrator  aad3b435b51404eeaad3b435b51404ee:«{h32}»                                  NTLM hash     nt,lm\n10.0.3.21  10.0.3.21  22/tcp (ssh)   deploy         «{l14}»                                                                     Password',
  ],
  [
    'sec79-msf-meterpreter-hashdump',
    'meterpreter > hashdump\nAdministrator:500:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::\nGuest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\nsvc_backup:1001:aad3b435b51404eeaad3b435b51404ee:«{h32}»:::',
  ],
  [
    'sec79-msf-kiwi-creds-all',
    'meterpreter > creds_all\n[+] Running as SYSTEM\n[*] Retrieving all credentials\nmsv credentials\n===============\n\nUsername  Domain  NTLM                              SHA1\n--------  ------  ----                              ----\njdoe      CORP    «{h32}»  «{h40}»\n\nwdigest credentials\n===================\n\nUsername  Domain  Password\n--------  ------  --------\njdoe      CORP    «{U1}{L8}@{d4}»',
  ],
  [
    'sec79-msf-scanner-login-success-lines',
    "[+] 10.0.3.21:22 - Success: 'deploy:«{a14}»' 'uid=1001(deploy) gid=1001(deploy) groups=1001(deploy) Linux web01 6.8.0-31-generic'\n[+] 10.0.3.30:5432 - Login Successful: postgres:«{U2}{L4}{d4}$»@template1",
  ],
  [
    'sec79-msf-smb-login-pass-the-hash',
    "[+] 10.0.3.42:445 - 10.0.3.42:445 - Success: '.\\Administrator:aad3b435b51404eeaad3b435b51404ee:«{h32}»' Administrator",
  ],
  [
    'sec79-msf-gpp-gather-table',
    '[+] Groups.xml found on DC01 ( \\\\corp.local\\SYSVOL\\corp.local\\Policies\\{{H8}-{H4}-{H4}-{H4}-{H12}}\\Machine\\Preferences\\Groups\\Groups.xml )\n USERNAME  PASSWORD          DOMAIN CONTROLLER  DOMAIN      CHANGED\n --------  --------          -----------------  ------      -------\n LocalAdm  «{a20}»    DC01               corp.local  2019-03-11 09:14:02',
  ],
  [
    'sec79-nmap-http-brute-valid',
    'PORT     STATE SERVICE\n8080/tcp open  http-proxy\n| http-brute:\n|   Accounts:\n|     admin:«{L4}-{L5}-{L4}-{d2}» - Valid credentials\n|_  Statistics: Performed 4012 guesses in 61 seconds, average tps: 65.8',
  ],
  [
    'sec79-nmap-ssh-brute-valid',
    '22/tcp open  ssh\n| ssh-brute:\n|   Accounts:\n|     deploy:«{a11}» - Valid credentials\n|_  Statistics: Performed 212 guesses in 180 seconds, average tps: 1.2',
  ],
  [
    'sec79-nmap-mysql-dump-hashes',
    '3306/tcp open  mysql\n| mysql-dump-hashes:\n|   root:«*{H40}»\n|   app:«*{H40}»\n|_  debian-sys-maint:«*{H40}»',
  ],
  [
    'sec79-nmap-xml-ftp-brute-elems',
    '<script id="ftp-brute" output="&#xa;  Accounts: &#xa;    backup - Valid credentials&#xa;"><table key="Accounts">\n<table>\n<elem key="username">backup</elem>\n<elem key="password">«{U1}{L6}{d4}!»</elem>\n<elem key="state">Valid credentials</elem>\n</table>\n</table></script>',
  ],
  ['sec79-nmap-snmp-brute-community', '161/udp open  snmp\n| snmp-brute:\n|_  «{a12}» - Valid credentials'],
  [
    'sec79-nmap-redis-brute',
    '6379/tcp open  redis\n| redis-brute:\n|   Accounts:\n|     «{a16}» - Valid credentials\n|_  Statistics: Performed 901 guesses in 3 seconds, average tps: 300.3',
  ],
  ['sec79-nmap-smb-brute-domain-account', 'Host script results:\n| smb-brute:\n|_  CORP\\svc_scan:«{a12}» => Valid credentials'],
  [
    'sec79-aircrack-key-found',
    '                               Aircrack-ng 1.7\n\n      [00:03:12] 2174336/14344392 keys tested (11311.58 k/s)\n\n      Time left: 17 minutes, 56 seconds                         15.16%\n\n                           KEY FOUND! [ «{U1}{L7}{d2}#» ]',
  ],
  [
    'sec79-aircrack-wep-hex-key',
    '                                             KEY FOUND! [ «{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}» ]\n        Decrypted correctly: 100%',
  ],
  [
    'sec79-wifite-cracked-psk',
    '[+] Cracked WPA Handshake PSK: «{a16}»\n\n      Access Point Name: ACME-Guest\n     Access Point BSSID: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n             Encryption: WPA\n         Handshake File: hs/handshake_ACMEGuest_{H2}-{H2}-{H2}-{H2}-{H2}-{H2}_2024-06-04T10-12-44.cap',
  ],
  [
    'sec79-nmcli-show-secrets-psk',
    '$ nmcli --show-secrets connection show ACME-Staff | grep psk\n802-11-wireless-security.psk:           «{L5}.{L6}.{d3}»\n802-11-wireless-security.psk-flags:     0 (none)',
  ],
  [
    'sec79-wpa-passphrase-block',
    '$ wpa_passphrase ACME-Staff\nnetwork={\n\tssid="ACME-Staff"\n\t#psk="«{U1}{L5}{d4}{U1}{L2}»"\n\tpsk=«{h64}»\n}',
  ],
  [
    'sec79-cowpatty-psk-found',
    'cowpatty 4.8 - WPA-PSK dictionary attack. <jwright@hasborg.com>\n\nCollected all necessary data to mount crack against WPA2/PSK passphrase.\nStarting dictionary attack.  Please be patient.\n\nThe PSK is "«{a10}»".\n\n184392 passphrases tested in 94.31 seconds:  1955.22 passphrases/second',
  ],
  [
    'sec79-ir-notes-rotate-list-markdown',
    '## Exposed credentials (rotate before 18:00 UTC)\n- AWS key for ci-deployer: «AKIA{u16}» / «{b40}» (public gist, indexed 09:40)\n- Slack bot token: «xoxb-{d12}-{d13}-{a24}» (notifier app)\n- Postgres `billing` app_rw password: «{l14}»',
  ],
  [
    'sec79-ir-timeline-gitlab-pat-used',
    '10:42 UTC  attacker used GitLab PAT «glpat-{B20}» (owner: svc-release) from 185.220.101.{d2} to clone acme/infra\n10:47 UTC  token revoked by @mlee; audit event id {d9}',
  ],
  [
    'sec79-ir-jira-comment-stripe-restricted-key',
    'SEC-4412: Stripe restricted key «rk_live_{a24}» was printed in the build log of pipeline #88214. Rolled at 11:05; the old key is revoked but the log artifact is still downloadable.',
  ],
  [
    'sec79-ir-slack-handoff-twilio-token',
    '@oncall heads up: the Twilio auth token for the SMS sender leaked in a support ticket attachment. Account SID AC{h32} (fine to share), auth token «{h32}». Please rotate it in the console and update SMS_AUTH_TOKEN in Vault.',
  ],
  [
    'sec79-ir-report-appendix-leaked-secrets-table',
    '| Secret | Where we found it | Status |\n|---|---|---|\n| «sk-ant-api03-{B93}AA» | logs/worker-3.log | rotated |\n| «SG.{B22}.{B43}» | .env.bak on web02 | pending |',
  ],
  [
    'sec79-ir-phishing-drop-file-credentials',
    "Compromised accounts (from the phishing kit's drop file creds.txt):\njdoe@acme.io | «{U1}{L8}@{d4}»\nmlee@acme.io | «{a14}»\nAction: force reset + revoke sessions + check inbox rules.",
  ],
  [
    'sec79-ir-csv-leaked-registry-tokens',
    'finding_id,detector,secret,first_seen,rotated\n{d5},npm,«npm_{a36}»,2024-05-30,no\n{d5},pypi,«pypi-AgEIcHlwaS5vcmc{B70}»,2024-05-30,yes',
  ],
  [
    'sec79-ir-postmortem-discord-webhook',
    'During the incident the attacker posted to our Discord webhook «https://discord.com/api/webhooks/{d18}/{B68}» and spammed #alerts for 20 minutes; we deleted the webhook and created a new one.',
  ],
  [
    'sec79-ir-iocs-with-stolen-sas-url',
    'IOCs\n- sha256 {h64} (loader.dll)\n- C2 185.220.101[.]34:443\n- Stolen SAS used for exfil: https://acmebackups.blob.core.windows.net/db?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2024-07-01T00:00:00Z&spr=https&sig=«{a43}%3D»',
  ],
  [
    'sec79-ir-vault-root-token-pasted',
    'Root token generated during the DR drill was pasted in #infra: «hvs.{a24}». Revoke it with `vault token revoke` and regenerate via `vault operator generate-root` if needed.',
  ],
  [
    'sec79-ir-k8s-service-account-token-decoded',
    "$ kubectl -n ci get secret runner-token -o jsonpath='{.data.token}' | base64 -d\n«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}In0.eyJ{B300}.{B342}»",
  ],
  [
    'sec79-ir-totp-seed-leak',
    'Leaked with the password manager export: otpauth://totp/ACME:jdoe@acme.io?secret=«{c32}»&issuer=ACME&digits=6\nRe-enrol MFA for this user.',
  ],
  [
    'sec79-gpp-groups-xml-cpassword',
    '<User clsid="{{H8}-{H4}-{H4}-{H4}-{H12}}" name="LocalAdm" image="2" changed="2019-03-11 09:14:02" uid="{{H8}-{H4}-{H4}-{H4}-{H12}}">\n  <Properties action="U" newName="" fullName="" description="" cpassword="«{b43}»" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="LocalAdm"/>\n</User>',
  ],
  ['sec79-gpp-decrypt-output', '$ gpp-decrypt «{b43}»\n«{U2}{L4}{d4}$»'],
  [
    'sec79-ldapsearch-laps-attribute',
    'dn: CN=WS042,OU=Workstations,DC=corp,DC=local\nms-Mcs-AdmPwd: «{a14}»\nms-Mcs-AdmPwdExpirationTime: 133{d15}',
  ],
  [
    'sec79-windows-laps-powershell-plaintext',
    'PS> Get-LapsADPassword -Identity WS042 -AsPlainText\n\nComputerName        : WS042\nDistinguishedName   : CN=WS042,OU=Workstations,DC=corp,DC=local\nAccount             : Administrator\nPassword            : «{a20}»\nPasswordUpdateTime  : 6/4/2024 10:12:44 AM\nExpirationTimestamp : 7/4/2024 10:12:44 AM\nSource              : EncryptedPassword\nDecryptionStatus    : Success',
  ],
  [
    'sec79-gmsadumper-output',
    'Users or groups who can read password for svc_gmsa$:\n > IT-Admins\nsvc_gmsa$:::«{h32}»\nsvc_gmsa$:aes256-cts-hmac-sha1-96:«{h64}»\nsvc_gmsa$:aes128-cts-hmac-sha1-96:«{h32}»',
  ],
  [
    'sec79-certipy-auth-got-hash',
    "[*] Using principal: administrator@corp.local\n[*] Trying to get TGT...\n[*] Got TGT\n[*] Saved credential cache to 'administrator.ccache'\n[*] Trying to retrieve NT hash for 'administrator'\n[*] Got hash for 'administrator@corp.local': aad3b435b51404eeaad3b435b51404ee:«{h32}»",
  ],
  [
    'sec79-rubeus-asktgt-base64-ticket',
    "[*] Action: Ask TGT\n[*] Using rc4_hmac hash: «{H32}»\n[*] Building AS-REQ (w/ preauth) for: 'corp.local\\jdoe'\n[+] TGT request successful!\n[*] base64(ticket.kirbi):\n\n      «doIF{b180}»",
  ],
  [
    'sec79-rubeus-kerberoast-hash-field',
    '[*] SamAccountName         : svc_sql\n[*] ServicePrincipalName   : MSSQLSvc/sql01.corp.local:1433\n[*] PwdLastSet             : 3/11/2019 9:14:02 AM\n[*] Hash                   : $krb5tgs$23$*svc_sql$corp.local$MSSQLSvc/sql01.corp.local:1433@corp.local*$«{H32}${H320}»',
  ],
  [
    'sec79-getuserspns-request-output',
    'ServicePrincipalName                  Name     MemberOf  PasswordLastSet             LastLogon\n------------------------------------  -------  --------  --------------------------  ---------\nMSSQLSvc/sql01.corp.local:1433        svc_sql            2019-03-11 09:14:02.123456  2024-06-03 22:01:09\n\n$krb5tgs$23$*svc_sql$CORP.LOCAL$corp.local/svc_sql*$«{h32}${h320}»',
  ],
  [
    'sec79-getnpusers-asrep-hash',
    "$ GetNPUsers.py corp.local/ -usersfile users.txt -no-pass -dc-ip 10.0.3.20\n[-] User jdoe doesn't have UF_DONT_REQUIRE_PREAUTH set\n$krb5asrep$23$svc_legacy@CORP.LOCAL:«{h32}${h232}»",
  ],
  [
    'sec79-rubeus-session-key-base64',
    '  ServiceName              :  krbtgt/corp.local\n  ServiceRealm             :  CORP.LOCAL\n  UserName                 :  jdoe\n  UserRealm                :  CORP.LOCAL\n  KeyType                  :  aes256_cts_hmac_sha1\n  Base64(key)              :  «{b43}=»',
  ],
  [
    'sec79-klist-keytab-with-keys',
    '$ klist -k -t -K /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp         Principal\n---- ----------------- --------------------------------------------------------\n   2 06/04/24 10:12:44 host/web01.corp.local@CORP.LOCAL (0x«{h64}»)\n   2 06/04/24 10:12:44 host/web01.corp.local@CORP.LOCAL (0x«{h32}»)',
  ],
  [
    'sec79-keepassxc-cli-show-protected',
    '$ keepassxc-cli show -s Vault.kdbx "Infra/prod db"\nEnter password to unlock Vault.kdbx:\nTitle: prod db\nUserName: app_rw\nPassword: «{a20}»\nURL: postgres://db01.acme.local:5432/billing\nNotes:',
  ],
  [
    'sec79-dsinternals-get-adbaccount',
    'PS> Get-ADDBAccount -SamAccountName svc_backup -DBPath .\\ntds.dit -BootKey «{h32}»\n...\nSecrets\n  NTHash: «{h32}»\n  LMHash:\n  NTHashHistory:\n    Hash 01: «{h32}»',
  ],
  [
    'sec79-evil-winrm-hash-login',
    '$ evil-winrm -i 10.0.3.20 -u Administrator -H «{h32}»\n\nEvil-WinRM shell v3.5\n*Evil-WinRM* PS C:\\Users\\Administrator\\Documents>',
  ],
  ['sec79-psexec-py-hashes-flag', 'psexec.py -hashes aad3b435b51404eeaad3b435b51404ee:«{h32}» corp.local/Administrator@10.0.3.20'],
  ['sec79-xfreerdp-password-flag', "xfreerdp /v:10.0.3.50 /u:'CORP\\jdoe' /p:'«{L4}-{L5}-{L4}-{d2}»' /cert:ignore /dynamic-resolution"],
  [
    'sec79-cloudfox-env-vars-table',
    '[env-vars][acme-prod] Enumerating environment variables in all regions\n╭─────────┬───────────┬──────────────┬────────────────────┬──────────────────────────────────────╮\n│ Service │  Region   │     Name     │        Key         │                Value                 │\n├─────────┼───────────┼──────────────┼────────────────────┼──────────────────────────────────────┤\n│ lambda  │ eu-west-1 │ billing-sync │ STRIPE_SECRET_KEY  │ «sk_live_{a24}» │\n│ lambda  │ eu-west-1 │ billing-sync │ LOG_LEVEL          │ info                                 │',
  ],
  [
    'sec79-pacu-whoami-keys',
    'Pacu (acme:imported-ci) > whoami\n{\n  "UserName": "ci-deployer",\n  "Arn": "arn:aws:iam::{d12}:user/ci-deployer",\n  "AccessKeyId": "«AKIA{u16}»",\n  "SecretAccessKey": "«{b40}»",\n  "SessionToken": null,\n  "Region": "eu-west-1"\n}',
  ],
  [
    'sec79-kubectl-get-secret-yaml-data',
    '$ kubectl -n billing get secret db-creds -o yaml\napiVersion: v1\ndata:\n  password: «{b32}»\n  username: YXBwX3J3\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque',
  ],
  [
    'sec79-docker-inspect-env-block',
    '"Env": [\n    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n    "POSTGRES_PASSWORD=«{a11}»",\n    "PGDATA=/var/lib/postgresql/data"\n],',
  ],
  [
    'sec79-vault-token-create-output',
    '$ vault token create -policy=billing-read -ttl=768h\nKey                  Value\n---                  -----\ntoken                «hvs.CAESI{B85}»\ntoken_accessor       {a24}\ntoken_duration       768h\ntoken_renewable      true\ntoken_policies       ["billing-read" "default"]',
  ],
  [
    'sec79-ansible-vvv-module-args',
    'ok: [db01] => {\n    "changed": false,\n    "invocation": {\n        "module_args": {\n            "login_host": "localhost",\n            "login_password": "«{U1}{L6}{d4}!»",\n            "login_user": "postgres",\n            "name": "billing"',
  ],
  [
    'sec79-tfstate-grep-master-password',
    '$ grep -n -A1 \'"master_password"\' terraform.tfstate\n412:            "master_password": "«{a12}»",\n413-            "master_username": "dbadmin",',
  ],
  [
    'sec79-consul-acl-token-create',
    '$ consul acl token create -description "ci-deployer" -policy-name ci-deploy\nAccessorID:       {h8}-{h4}-{h4}-{h4}-{h12}\nSecretID:         «{h8}-{h4}-{h4}-{h4}-{h12}»\nDescription:      ci-deployer\nLocal:            false\nCreate Time:      2024-06-04 10:12:44.481203 +0000 UTC',
  ],
  [
    'sec79-nomad-acl-bootstrap',
    '$ nomad acl bootstrap\nAccessor ID  = {h8}-{h4}-{h4}-{h4}-{h12}\nSecret ID    = «{h8}-{h4}-{h4}-{h4}-{h12}»\nName         = Bootstrap Token\nType         = management\nGlobal       = true',
  ],
  [
    'sec79-aws-export-credentials-env',
    '$ aws configure export-credentials --profile ci --format env\nexport AWS_ACCESS_KEY_ID=«ASIA{u16}»\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2VjE{b300}»',
  ],
  [
    'sec79-strings-memory-dump-grep',
    "$ strings -n 12 node_4812.dmp | grep -i -E 'pass|bearer'\nDB_PASS=«{a18}»\nAuthorization: Bearer «{a40}»",
  ],
  [
    'sec79-volatility-envars-plugin',
    '$ vol -f mem.raw windows.envars --pid 4812\nPID\tProcess\tBlock\tVariable\tValue\n4812\tnode.exe\t0x1f3a2b0c0d0\tSTRIPE_KEY\t«sk_live_{a24}»',
  ],
  [
    'sec79-volatility-hashdump-plugin',
    '$ vol -f mem.raw windows.hashdump\nUser\trid\tlmhash\tnthash\nAdministrator\t500\taad3b435b51404eeaad3b435b51404ee\t«{h32}»\nhelpdesk\t1001\taad3b435b51404eeaad3b435b51404ee\t«{h32}»',
  ],
  [
    'sec79-snaffler-keep-pass-in-code',
    '[CORP\\jdoe@WS015] 2024-06-04 10:12:44Z [File] {Red}<KeepPassOrKeyInCode|R|passw?o?r?d\\s*=\\s*[\'"]|2.1kB|2024-03-11 09:14:02Z>(\\\\fs01.corp.local\\it$\\scripts\\backup.ps1) $password = "«{U1}{L7}{d2}#»"',
  ],
  [
    'sec79-linpeas-config-php-password',
    "╔══════════╣ Searching passwords in config PHP files\n/var/www/html/wp-config.php:define( 'DB_PASSWORD', '«{a16}»' );\n/var/www/html/wp-config.php:define( 'DB_USER', 'wp_prod' );",
  ],
  [
    'sec79-winpeas-autologon-credentials',
    'ÉÍÍÍÍÍÍÍÍÍÍ¹ Looking for AutoLogon credentials\n    Some AutoLogon credentials were found\n    DefaultDomainName             :  CORP\n    DefaultUserName               :  kiosk\n    DefaultPassword               :  «{L5}.{L6}.{d3}»',
  ],
  [
    'sec79-pspy-command-line-password',
    '2024/06/04 10:12:44 CMD: UID=0     PID=4812   | /bin/sh -c mysqldump -u backup -p«{a16}» billing > /var/backups/billing.sql',
  ],
  [
    'sec79-powershell-4104-securestring',
    "EventID 4104  ScriptBlock text (1 of 1):\n$pw = ConvertTo-SecureString '«{U1}{L5}{d4}{U1}{L2}»' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('CORP\\svc_deploy', $pw)",
  ],
];

export const BLIND79_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'sec79-neg-detect-secrets-baseline-results',
    '"results": {\n  "config/prod.yaml": [\n    {\n      "type": "Secret Keyword",\n      "filename": "config/prod.yaml",\n      "hashed_secret": "{h40}",\n      "is_verified": false,\n      "line_number": 13\n    }\n  ]\n},',
  ],
  [
    'sec79-neg-detect-secrets-baseline-two-types',
    '{\n  "type": "Base64 High Entropy String",\n  "filename": "deploy/values.yaml",\n  "hashed_secret": "{h40}",\n  "is_verified": false,\n  "line_number": 22,\n  "is_secret": false\n},\n{\n  "type": "AWS Access Key",\n  "filename": "docs/runbook.md",\n  "hashed_secret": "{h40}",\n  "is_verified": false,\n  "line_number": 88\n}',
  ],
  [
    'sec79-neg-detect-secrets-hook-type-and-location',
    'Detect secrets...........................................................Failed\n- hook id: detect-secrets\n- exit code: 1\n\nERROR: Potential secrets about to be committed to git repo!\n\nSecret Type: Base64 High Entropy String\nLocation:    deploy/values.yaml:22\n\nPossible mitigations:\n  - For information about putting your secrets in a safer place, please ask in #security',
  ],
  [
    'sec79-neg-vault-audit-response-hmac-fields',
    '{"time":"2024-06-04T10:12:44.481203Z","type":"response","auth":{"client_token":"hmac-sha256:{h64}","accessor":"hmac-sha256:{h64}","display_name":"approle","policies":["billing-read","default"],"token_type":"service"},"request":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","operation":"read","mount_type":"kv","path":"secret/data/billing/db","remote_address":"10.0.3.15"},"response":{"data":{"data":{"password":"hmac-sha256:{h64}","username":"hmac-sha256:{h64}"}}}}',
  ],
  [
    'sec79-neg-vault-audit-login-request',
    '{"time":"2024-06-04T10:12:44Z","type":"request","auth":{"token_type":"default"},"request":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","operation":"update","client_token":"","path":"auth/approle/login","data":{"role_id":"hmac-sha256:{h64}","secret_id":"hmac-sha256:{h64}"},"remote_address":"10.0.3.22","remote_port":51234}}',
  ],
  [
    'sec79-neg-vault-audit-hash-lookup',
    '$ vault write sys/audit-hash/file input=@/dev/stdin < suspect.txt\nKey     Value\n---     -----\nhash    hmac-sha256:{h64}\n# matches .auth.client_token in the 10:12:44 entry -> same token, no need to print it',
  ],
  [
    'sec79-neg-consul-audit-event',
    '{"created_at":"2024-06-04T10:12:44.481Z","event_type":"audit","payload":{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","version":"1","type":"HTTPEvent","timestamp":"2024-06-04T10:12:44.479Z","auth":{"accessor_id":"{h8}-{h4}-{h4}-{h4}-{h12}","description":"ci-deployer","create_time":"2024-05-01T09:00:00Z"},"request":{"operation":"GET","endpoint":"/v1/kv/app/config","remote_addr":"10.0.3.15:51234","host":"consul.service.acme.internal:8501"},"stage":"OperationComplete"}}',
  ],
  [
    'sec79-neg-gitleaks-redacted-json',
    '{\n  "Description": "AWS Secret Access Key",\n  "Match": "aws_secret_access_key = \\"REDACTED\\"",\n  "Secret": "REDACTED",\n  "File": "infra/terraform/providers.tf",\n  "Commit": "{h40}",\n  "RuleID": "aws-secret-access-key",\n  "Fingerprint": "{h40}:infra/terraform/providers.tf:aws-secret-access-key:4"\n}',
  ],
  [
    'sec79-neg-gitleaks-run-summary',
    '    ○\n    │╲\n    │ ○\n    ○ ░\n    ░    gitleaks\n\n10:12AM INF 1423 commits scanned.\n10:12AM INF scanned ~48213904 bytes (48.21 MB) in 4.21s\n10:12AM WRN leaks found: 3',
  ],
  [
    'sec79-neg-trufflehog-finished-summary',
    '2024-06-04T10:12:44Z\tinfo-0\ttrufflehog\tfinished scanning\t{"chunks": 4213, "bytes": 18234112, "verified_secrets": 0, "unverified_secrets": 0, "scan_duration": "6.21s", "trufflehog_version": "3.78.0"}',
  ],
  [
    'sec79-neg-ggshield-default-masked',
    '🛡️  ⚔️  🛡️  1 incident has been found in file config/settings/prod.py\n\n>>> Incident 1(Secrets detection): Django Secret Key (Validity: No Checker)  (Ignore with SHA: {h64}) (1 occurrence)\n 14 | SECRET_KEY = "{a2}**********************************************{a2}"\n                    |____________________secret_key______________________|',
  ],
  [
    'sec79-neg-ggshield-json-masked-match',
    '"matches": [\n  {"match": "sk_l****************************Qx", "match_type": "apikey", "line_start": 18, "line_end": 18}\n],\n"ignore_sha": "{h64}",\n"incident_url": "https://dashboard.gitguardian.com/workspace/{d6}/incidents/{d8}"',
  ],
  [
    'sec79-neg-semgrep-rule-id-and-path',
    '$ semgrep --config p/secrets --json | jq -r \'.results[] | "\\(.check_id) \\(.path):\\(.start.line)"\'\ngeneric.secrets.security.detected-stripe-api-key.detected-stripe-api-key src/payments/client.py:14\ngeneric.secrets.security.detected-generic-secret.detected-generic-secret config/prod.yaml:13',
  ],
  [
    'sec79-neg-prowler-lambda-secret-finding',
    'FAIL  eu-west-1  awslambda_function_no_secrets_in_variables  Potential secret found in Lambda function billing-sync variables -> Secret Keyword in variable STRIPE_SECRET_KEY.\nPASS  eu-west-1  awslambda_function_no_secrets_in_code      No secrets found in Lambda function reports-export code.',
  ],
  [
    'sec79-neg-trivy-secret-masked',
    'config/prod.env (secrets)\n==========================\nTotal: 1 (UNKNOWN: 0, LOW: 0, MEDIUM: 0, HIGH: 0, CRITICAL: 1)\n\nCRITICAL: AWS (aws-secret-access-key)\n────────────────────────────────────────\n 3 ┌ AWS_ACCESS_KEY_ID=********************\n 4 └ AWS_SECRET_ACCESS_KEY=****************************************',
  ],
  [
    'sec79-neg-sha256sum-release-artifacts',
    '$ sha256sum -c SHA256SUMS\nacme-agent_2.4.1_linux_amd64.tar.gz: OK\n$ cat SHA256SUMS\n{h64}  acme-agent_2.4.1_linux_amd64.tar.gz\n{h64}  acme-agent_2.4.1_linux_arm64.tar.gz',
  ],
  [
    'sec79-neg-certutil-hashfile',
    'C:\\> certutil -hashfile C:\\Tools\\procdump64.exe SHA256\nSHA256 hash of C:\\Tools\\procdump64.exe:\n{h64}\nCertUtil: -hashfile command completed successfully.',
  ],
  [
    'sec79-neg-get-filehash-table',
    'Algorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          {H64}       C:\\Users\\jdoe\\Downloads\\invoice_0604.iso',
  ],
  [
    'sec79-neg-ioc-table-md5-sha1-sha256',
    '## IOCs\n| Type | Value |\n|---|---|\n| md5 | {h32} |\n| sha1 | {h40} |\n| sha256 | {h64} |\n| domain | update-acme[.]com |\n| ip | 185.220.101[.]34 |',
  ],
  [
    'sec79-neg-misp-csv-export',
    'uuid,event_id,category,type,value,comment,to_ids\n{h8}-{h4}-{h4}-{h4}-{h12},1421,Payload delivery,sha256,{h64},dropper,1\n{h8}-{h4}-{h4}-{h4}-{h12},1421,Payload delivery,md5,{h32},dropper,1\n{h8}-{h4}-{h4}-{h4}-{h12},1421,Network activity,domain,cdn-acme-update.top,C2,1',
  ],
  [
    'sec79-neg-yara-rule-hex-and-hash-meta',
    'rule Acme_Loader_2024 {\n  meta:\n    author = "acme-dfir"\n    hash = "{h64}"\n  strings:\n    $s1 = "cmd.exe /c ping 127.0.0.1 -n 3 > nul & del" ascii\n    $h1 = { 4D 5A 90 00 03 00 00 00 ?? ?? FF FF }\n    $h2 = { 8B 45 ?? 33 C9 [2-4] 0F B6 }\n  condition:\n    uint16(0) == 0x5A4D and filesize < 2MB and 2 of them\n}',
  ],
  [
    'sec79-neg-yara-rule-mutex-pdb',
    'rule Acme_Stealer_Mutex {\n  strings:\n    $m = "Global\\\\{{H8}-{H4}-{H4}-{H4}-{H12}}" wide ascii\n    $pdb = "C:\\\\Users\\\\dev\\\\source\\\\repos\\\\grabber\\\\Release\\\\grabber.pdb"\n  condition:\n    any of them\n}',
  ],
  [
    'sec79-neg-zeek-ssl-log-ja3',
    '#fields\tts\tuid\tid.orig_h\tid.resp_h\tserver_name\tja3\tja3s\n1717495964.481203\tC{a17}\t10.0.3.15\t185.220.101.34\tcdn-acme-update.top\t{h32}\t{h32}',
  ],
  [
    'sec79-neg-suricata-tls-ja3-string',
    '"tls": {\n  "sni": "cdn-acme-update.top",\n  "version": "TLS 1.2",\n  "ja3": {"hash": "{h32}", "string": "771,4865-4866-4867-49195-49199-49196-49200,0-23-65281-10-11-35-16-5-13-18-51-45-43-27-21,29-23-24,0"},\n  "ja3s": {"hash": "{h32}", "string": "771,49199,65281-0-11-35-16"}\n}',
  ],
  [
    'sec79-neg-ja4-fingerprints-notes',
    'Beacon TLS fingerprints (same on all 4 hosts):\nJA4:  t13d1516h2_8daaf6152771_{h12}\nJA4S: t130200_1302_{h12}\nJA4X: {h12}_{h12}_{h12}',
  ],
  [
    'sec79-neg-openssl-x509-serial-fingerprint',
    '$ openssl x509 -in leaked-host.pem -noout -serial -fingerprint -sha256 -subject\nserial=0{H31}\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nsubject=CN = vpn.acme.io',
  ],
  [
    'sec79-neg-crtsh-rows',
    'crt.sh ID     Logged At   Not Before  Common Name   Serial\n13{d8}   2024-05-01  2024-05-01  api.acme.io   {h32}\n13{d8}   2024-03-02  2024-03-02  api.acme.io   {h32}',
  ],
  [
    'sec79-neg-nmap-ssh-hostkey-md5',
    '22/tcp open  ssh     OpenSSH 9.6p1 Ubuntu 3ubuntu13 (Ubuntu Linux; protocol 2.0)\n| ssh-hostkey:\n|   256 {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2} (ECDSA)\n|_  256 {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2} (ED25519)',
  ],
  [
    'sec79-neg-nmap-ssh-hostkey-full',
    '| ssh-hostkey:\n|   ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\n|_  ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b140}=',
  ],
  [
    'sec79-neg-known-hosts-hashed-entry',
    '$ ssh-keygen -F bastion.acme.io\n# Host bastion.acme.io found: line 14\n|1|{b27}=|{b27}= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}',
  ],
  ['sec79-neg-ssh-keygen-fingerprint', '$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{b43} deploy@ci-runner-07 (ED25519)'],
  [
    'sec79-neg-klist-linux-ticket-cache',
    '$ klist\nTicket cache: FILE:/tmp/krb5cc_1000\nDefault principal: jdoe@CORP.LOCAL\n\nValid starting       Expires              Service principal\n06/04/2024 10:12:44  06/04/2024 20:12:44  krbtgt/CORP.LOCAL@CORP.LOCAL\n\trenew until 06/11/2024 10:12:44\n06/04/2024 10:13:02  06/04/2024 20:12:44  cifs/fs01.corp.local@CORP.LOCAL',
  ],
  [
    'sec79-neg-klist-windows-cached-tickets',
    '#0>     Client: jdoe @ CORP.LOCAL\n        Server: krbtgt/CORP.LOCAL @ CORP.LOCAL\n        KerbTicket Encryption Type: AES-256-CTS-HMAC-SHA1-96\n        Ticket Flags 0x40e10000 -> forwardable renewable initial pre_authent name_canonicalize\n        Start Time: 6/4/2024 10:12:44 (local)\n        End Time:   6/4/2024 20:12:44 (local)\n        Session Key Type: AES-256-CTS-HMAC-SHA1-96\n        Cache Flags: 0x1 -> PRIMARY\n        Kdc Called: DC01.corp.local',
  ],
  [
    'sec79-neg-rubeus-triage-table',
    '[*] Action: Triage Kerberos Tickets (All Users)\n\n ---------------------------------------------------------------------------------------\n | LUID     | UserName                  | Service                   | EndTime              |\n ---------------------------------------------------------------------------------------\n | 0x2bcf03 | jdoe @ CORP.LOCAL         | krbtgt/CORP.LOCAL         | 6/4/2024 8:12:44 PM  |\n | 0x2bcf03 | jdoe @ CORP.LOCAL         | cifs/fs01.corp.local      | 6/4/2024 8:12:44 PM  |',
  ],
  [
    'sec79-neg-event-4769-service-ticket',
    'A Kerberos service ticket was requested.\nAccount Information:\n    Account Name:       jdoe@CORP.LOCAL\n    Account Domain:     CORP.LOCAL\n    Logon GUID:         {{h8}-{h4}-{h4}-{h4}-{h12}}\nService Information:\n    Service Name:       svc_sql\n    Service ID:         S-1-5-21-{d10}-{d10}-{d10}-1187\nAdditional Information:\n    Ticket Options:     0x40810000\n    Ticket Encryption Type: 0x17\n    Failure Code:       0x0',
  ],
  [
    'sec79-neg-event-4768-cert-thumbprint',
    'A Kerberos authentication ticket (TGT) was requested.\n    Account Name:           WS042$\n    Supplied Realm Name:    CORP.LOCAL\n    Pre-Authentication Type:    16\n    Certificate Issuer Name:    CORP-CA01-CA\n    Certificate Serial Number:  {H38}\n    Certificate Thumbprint:     {H40}',
  ],
  [
    'sec79-neg-masked-stripe-key-last4',
    '$ heroku config -a billing-api | grep STRIPE\nSTRIPE_SECRET_KEY:      sk_live_********************4242\nSTRIPE_PUBLISHABLE_KEY: pk_live_********************Qx7A',
  ],
  [
    'sec79-neg-gha-masked-env-and-caller-identity',
    'Run ./deploy.sh\n  env:\n    AWS_ACCESS_KEY_ID: ***\n    AWS_SECRET_ACCESS_KEY: ***\n+ aws sts get-caller-identity\n{\n    "UserId": "AIDA{u17}",\n    "Account": "{d12}",\n    "Arn": "arn:aws:iam::{d12}:user/ci-deployer"\n}',
  ],
  [
    'sec79-neg-pentest-report-redacted-markers',
    '4.2 Password cracking results\nRecovered password for CORP\\svc_backup: [REDACTED] (14 characters, dictionary word + year + symbol)\nNT hash: [REDACTED]\nRecommendation: enforce a 16-character minimum for service accounts and move them to gMSA.',
  ],
  [
    'sec79-neg-hashcat-exhausted-status',
    'Session..........: hashcat\nStatus...........: Exhausted\nHash.Mode........: 1000 (NTLM)\nHash.Target......: ntds.nt\nTime.Started.....: Tue Jun  4 10:12:44 2024 (41 mins, 3 secs)\nGuess.Base.......: File (rockyou.txt)\nGuess.Mod........: Rules (rules/best64.rule)\nRecovered........: 0/412 (0.00%) Digests (total), 0/412 (0.00%) Digests (new)',
  ],
  [
    'sec79-neg-hashcat-benchmark',
    '$ hashcat -b -m 1000\nHashmode: 1000 - NTLM\n\nSpeed.#1.........:   102.4 GH/s (58.21ms) @ Accel:64 Loops:1024 Thr:1024 Vec:8\n\nStarted: Tue Jun  4 10:12:44 2024\nStopped: Tue Jun  4 10:13:02 2024',
  ],
  [
    'sec79-neg-hashcat-mask-and-rules-command',
    "hashcat -m 1000 -a 3 ntds.nt '?u?l?l?l?l?l?d?d?d?d!' --increment --increment-min 8 -O -w 3\nhashcat -m 1000 -a 0 ntds.nt wordlists/corp.txt -r rules/OneRuleToRuleThemAll.rule --loopback",
  ],
  [
    'sec79-neg-john-no-crack',
    '$ john --wordlist=rockyou.txt --format=sha512crypt unshadowed.txt\n0g 0:00:12:31 DONE (2024-06-04 10:24) 0g/s 19084p/s 19084c/s 19084C/s\nSession completed.\n$ john --show unshadowed.txt\n0 password hashes cracked, 3 left',
  ],
  [
    'sec79-neg-hydra-no-valid-password',
    '[DATA] attacking ssh://10.0.3.21:22/\n[STATUS] 64.00 tries/min, 64 tries in 00:01h, 14344335 to do in 3735:31h, 4 active\n1 of 1 target completed, 0 valid password found\nHydra (https://github.com/vanhauser-thc/thc-hydra) finished at 2024-06-04 10:14:02',
  ],
  [
    'sec79-neg-secretsdump-denied-and-empty-hashes',
    '[-] RemoteOperations failed: SMB SessionError: code: 0xc0000022 - STATUS_ACCESS_DENIED\n[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nGuest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\nDefaultAccount:503:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::',
  ],
  [
    'sec79-neg-mimikatz-null-passwords',
    'Authentication Id : 0 ; 997 (00000000:000003e5)\nSession           : Service from 0\nUser Name         : LOCAL SERVICE\nDomain            : NT AUTHORITY\nLogon Server      : (null)\nSID               : S-1-5-19\n        msv :\n        tspkg :\n        wdigest :\n         * Username : (null)\n         * Domain   : (null)\n         * Password : (null)',
  ],
  [
    'sec79-neg-responder-poisoning-no-hash',
    '[*] [NBT-NS] Poisoned answer sent to 10.0.3.15 for name FILESRV01 (service: File Server)\n[*] [LLMNR]  Poisoned answer sent to fe80::{h4}:{h4}:{h4}:{h4} for name wpad\n[*] Skipping previously captured hash for CORP\\jdoe',
  ],
  [
    'sec79-neg-msf-loot-listing',
    'msf6 > loot\nLoot\n====\n\nhost       service  type            name              content     info            path\n----       -------  ----            ----              -------     ----            ----\n10.0.3.42           windows.hashes  WS042_hashes.txt  text/plain  Windows Hashes  /home/kali/.msf4/loot/20240604101244_default_10.0.3.42_windows.hashes_{d6}.txt',
  ],
  [
    'sec79-neg-nmap-ssl-cert-digests',
    "| ssl-cert: Subject: commonName=api.acme.io\n| Subject Alternative Name: DNS:api.acme.io, DNS:www.api.acme.io\n| Issuer: commonName=R11/organizationName=Let's Encrypt/countryName=US\n| Public Key type: ec\n| Not valid before: 2024-05-01T00:00:00\n| Not valid after:  2024-07-30T23:59:59\n| MD5:   {h4} {h4} {h4} {h4} {h4} {h4} {h4} {h4}\n|_SHA-1: {h4} {h4} {h4} {h4} {h4} {h4} {h4} {h4} {h4} {h4}",
  ],
  [
    'sec79-neg-airodump-handshake-header',
    ' CH  6 ][ Elapsed: 4 mins ][ 2024-06-04 10:12 ][ WPA handshake: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n\n BSSID              PWR RXQ  Beacons    #Data, #/s  CH   MB   ENC CIPHER  AUTH ESSID\n\n {H2}:{H2}:{H2}:{H2}:{H2}:{H2}  -41 100     2412      812    3   6  360   WPA2 CCMP   PSK  ACME-Staff',
  ],
  [
    'sec79-neg-aircrack-key-not-found',
    '                               Aircrack-ng 1.7\n\n      [00:41:07] 14344392/14344392 keys tested (5812.44 k/s)\n\n                          KEY NOT FOUND\n\n      Passphrase not in dictionary',
  ],
  [
    'sec79-neg-cve-list-and-cvss',
    'Patched this sprint: CVE-2024-3400 (CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H), CVE-2023-4966, CVE-2024-21762.\nStill open: GHSA-{l4}-{l4}-{l4} in lodash.template (no fix available).',
  ],
  [
    'sec79-neg-sysmon-hashes-field',
    'Process Create:\nImage: C:\\Users\\jdoe\\AppData\\Local\\Temp\\upd.exe\nCommandLine: "C:\\Users\\jdoe\\AppData\\Local\\Temp\\upd.exe" /silent\nHashes: MD5={H32},SHA256={H64},IMPHASH={H32}\nParentImage: C:\\Windows\\explorer.exe',
  ],
  [
    'sec79-neg-suricata-eve-alert-ids',
    '{"timestamp":"2024-06-04T10:12:44.481203+0000","flow_id":{d16},"in_iface":"eth0","event_type":"alert","src_ip":"10.0.3.15","src_port":51234,"dest_ip":"185.220.101.34","dest_port":443,"proto":"TCP","community_id":"1:{b27}=","alert":{"signature_id":2027865,"signature":"ET INFO Observed DNS Query to .top TLD","severity":3}}',
  ],
  [
    'sec79-neg-zeek-conn-log-uids',
    '#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tproto\tservice\n1717495964.481203\tC{a17}\t10.0.3.15\t51234\t10.0.3.20\t445\ttcp\tsmb,gssapi,ntlm\n1717495965.002118\tC{a17}\t10.0.3.15\t51240\t10.0.3.20\t88\ttcp\tkrb_tcp',
  ],
  [
    'sec79-neg-burp-request-analytics-cookies-only',
    'GET /assets/app.js HTTP/2\nHost: www.acme.io\nCookie: _ga=GA1.1.{d10}.{d10}; _gid=GA1.1.{d10}.{d10}; theme=dark; lang=en-GB\nIf-None-Match: W/"{h40}"\ntraceparent: 00-{h32}-{h16}-01\nX-Request-Id: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'sec79-neg-http-response-csp-nonce-etag',
    "HTTP/2 200 OK\nContent-Type: text/html; charset=utf-8\nContent-Security-Policy: script-src 'nonce-{b22}==' 'strict-dynamic'; object-src 'none'; base-uri 'none'\nETag: \"{h32}\"\ncf-ray: {h16}-FRA\nx-amz-cf-id: {B54}==",
  ],
  [
    'sec79-neg-http-request-templated-bearer',
    'POST {{baseUrl}}/v2/tokens/refresh HTTP/1.1\nAuthorization: Bearer {{access_token}}\nContent-Type: application/json\n\n{"refresh_token": "{{refresh_token}}"}',
  ],
  [
    'sec79-neg-zap-alert-cookie-flags',
    'Alert: Cookie No HttpOnly Flag\nRisk: Low\nConfidence: Medium\nURL: https://www.acme.io/\nParameter: theme\nEvidence: Set-Cookie: theme\nCWE Id: 1004',
  ],
  [
    'sec79-neg-sqlmap-columns-only',
    'Database: shop\nTable: users\n[4 columns]\n+-----------+--------------+\n| Column    | Type         |\n+-----------+--------------+\n| email     | varchar(255) |\n| id        | int          |\n| password  | varchar(255) |\n| api_token | char(40)     |\n+-----------+--------------+',
  ],
  [
    'sec79-neg-sqlmap-fingerprint-log',
    '[10:12:44] [INFO] the back-end DBMS is MySQL\nweb server operating system: Linux Ubuntu 22.04 (jammy)\nweb application technology: Nginx 1.24.0, PHP 8.2.19\nback-end DBMS: MySQL >= 8.0.0\n[10:12:45] [INFO] fetching database names\navailable databases [2]:\n[*] information_schema\n[*] shop',
  ],
  [
    'sec79-neg-ir-rotation-tracker-last-four',
    '| Secret | Owner | Last 4 | Rotated |\n|---|---|---|---|\n| Stripe live key (billing) | payments | …4kQx | ✅ 2024-06-04 |\n| GitHub deploy PAT | platform | …Zr2p | ✅ 2024-06-04 |\n| Datadog API key | sre | …a91c | ⏳ |',
  ],
  [
    'sec79-neg-ir-notes-key-ids-only',
    'Rotated (IDs only; values live in 1Password vault "IR-2024-06"):\n- AWS access key ending in {U4} (user ci-deployer), disabled 10:51 UTC\n- GitHub App installation {d8}, private key regenerated\n- Twilio API key SID SK{h32} deleted',
  ],
  [
    'sec79-neg-git-log-secret-purge-commits',
    '$ git log --oneline -4\n{h7} chore: rotate deploy credentials (see SEC-4412)\n{h7} revert "add deploy creds"\n{h7} ci: move AWS creds to OIDC role assumption\n{h7} docs: add secret-handling runbook',
  ],
  [
    'sec79-neg-env-var-references-op-read',
    'export AWS_SECRET_ACCESS_KEY="$(op read \'op://Infra/ci-deployer/secret access key\')"\nexport GITHUB_TOKEN="$(gh auth token)"\nexport DB_PASSWORD="${DB_PASSWORD:?set DB_PASSWORD first}"',
  ],
  [
    'sec79-neg-pentest-findings-table-withheld',
    '| ID | Finding | Severity | Evidence |\n|---|---|---|---|\n| F-03 | LLMNR/NBT-NS poisoning | High | NetNTLMv2 hashes captured for 4 accounts (Appendix C, hashes withheld) |\n| F-07 | Kerberoastable service accounts | High | 3 SPNs with RC4 tickets; 1 cracked in under 2 h |',
  ],
  [
    'sec79-neg-cert-store-thumbprints',
    'PS C:\\> Get-ChildItem Cert:\\LocalMachine\\My\n\n   PSParentPath: Microsoft.PowerShell.Security\\Certificate::LocalMachine\\My\n\nThumbprint                                Subject\n----------                                -------\n{H40}  CN=web01.corp.local\n{H40}  CN=WMSVC-SHA2',
  ],
  [
    'sec79-neg-trivy-image-digest-vulns',
    'acme/api@sha256:{h64} (debian 12.5)\nTotal: 2 (HIGH: 1, CRITICAL: 1)\n\n│ libssl3  │ CVE-2024-4741 │ HIGH     │ 3.0.11-1~deb12u2 │ 3.0.13-1~deb12u1 │',
  ],
  [
    'sec79-neg-bloodhound-object-sids',
    '{"ObjectIdentifier": "S-1-5-21-{d10}-{d10}-{d10}-1104", "Properties": {"name": "JDOE@CORP.LOCAL", "hasspn": false, "dontreqpreauth": false, "pwdlastset": 1717495964}, "PrimaryGroupSID": "S-1-5-21-{d10}-{d10}-{d10}-513"}',
  ],
  [
    'sec79-neg-well-known-empty-hashes-note',
    'Note for the report: 31d6cfe0d16ae931b73c59d7e0c089c0 is the NT hash of an empty password and aad3b435b51404eeaad3b435b51404ee is the LM hash of an empty password, so Guest/DefaultAccount rows are not findings.',
  ],
  [
    'sec79-neg-lazagne-nothing-found',
    '########## User: kiosk ##########\n\n[+] 0 passwords have been found.\nFor more information launch it again with the -v option\n\nelapsed time = 3.2141',
  ],
  [
    'sec79-neg-kubectl-describe-secret-sizes',
    '$ kubectl -n billing describe secret db-creds\nName:         db-creds\nNamespace:    billing\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  6 bytes',
  ],
  [
    'sec79-neg-terraform-plan-sensitive-value',
    '  # aws_db_instance.billing will be updated in-place\n  ~ resource "aws_db_instance" "billing" {\n        id                = "billing-prod"\n      ~ password          = (sensitive value)\n        username          = "dbadmin"\n    }',
  ],
  [
    'sec79-neg-ansible-no-log-censored',
    'ok: [db01] => {\n    "censored": "the output has been hidden due to the fact that \'no_log: true\' was specified for this result",\n    "changed": false\n}',
  ],
  [
    'sec79-neg-gpg-fingerprint-listing',
    '$ gpg --fingerprint security@acme.io\npub   ed25519 2024-01-11 [SC] [expires: 2026-01-10]\n      {H4} {H4} {H4} {H4} {H4}  {H4} {H4} {H4} {H4} {H4}\nuid           [ultimate] ACME Security <security@acme.io>',
  ],
  [
    'sec79-neg-request-trace-ids-log',
    'level=warn msg="login failed" user_id=u_{d8} request_id={h8}-{h4}-{h4}-{h4}-{h12} trace_id={h32} span_id={h16} reason=bad_password attempts=5',
  ],
  [
    'sec79-neg-leaked-key-sha256-tracking',
    'We track the leaked key only by its SHA-256 so it never lands in tickets again:\nsha256(key) = {h64}\nSearch the log archive with: zgrep -c {h16} /var/log/archive/*.gz',
  ],
  [
    'sec79-neg-gh-secret-scanning-alert-list',
    "$ gh api repos/acme/platform/secret-scanning/alerts --jq '.[] | [.number, .secret_type, .state, .html_url] | @tsv'\n42\tslack_incoming_webhook_url\tresolved\thttps://github.com/acme/platform/security/secret-scanning/42\n43\tgithub_personal_access_token\topen\thttps://github.com/acme/platform/security/secret-scanning/43",
  ],
  [
    'sec79-neg-noseyparker-summary-table',
    '$ noseyparker summarize\n Rule                            Findings   Matches   Accepted   Rejected   Mixed   Unlabeled\n──────────────────────────────────────────────────────────────────────────────────────────────\n GitHub Personal Access Token           3         5          0          0       0           3\n AWS API Key                            1         2          0          0       0           1',
  ],
  [
    'sec79-neg-kerberos-keytab-list-no-keys',
    '$ klist -k /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\nKVNO Principal\n---- --------------------------------------------------------------------------\n   2 host/web01.corp.local@CORP.LOCAL\n   2 HTTP/web01.corp.local@CORP.LOCAL',
  ],
];
