/** An eighty-ninth held-out batch, written blind: real-time communication and telephony infrastructure (Asterisk, FreeSWITCH, Kamailio/OpenSIPS, SMPP/Kannel, coturn, Janus, Jitsi, LiveKit, Matrix, XMPP, IRC, Mumble, Mattermost, Rocket.Chat, CPaaS SDKs, call-centre platforms) with SIP/SDP/Matrix look-alikes; every value a template run, scored once before any tuning. */
export const BLIND89_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'asterisk-pjsip-conf-provider-trunk-auth-section',
    '[voipco-auth]\ntype=auth\nauth_type=userpass\nusername=acme-trunk-0042\npassword=«{a20}»\nrealm=sip.voipco.net',
  ],
  [
    'asterisk-pjsip-conf-desk-phone-auth-beside-aor',
    '[1001]\ntype=endpoint\ncontext=from-internal\ndisallow=all\nallow=ulaw,g722\nauth=1001-auth\naors=1001\n\n[1001-auth]\ntype=auth\nauth_type=userpass\nusername=1001\npassword=«{a16}»',
  ],
  [
    'asterisk-sip-conf-legacy-peer-secret',
    '[reception]\ntype=friend\nhost=dynamic\ncontext=office\nsecret=«{a14}»\ncallerid="Reception" <200>\nnat=force_rport,comedia',
  ],
  [
    'asterisk-sip-conf-register-line-password-part',
    '; /etc/asterisk/sip.conf  [general]\nregister => 4420881:«{a16}»@gw1.sipgate-like.net/4420881',
  ],
  [
    'asterisk-manager-conf-admin-user-secret',
    '; /etc/asterisk/manager.conf\n[general]\nenabled = yes\nport = 5038\nbindaddr = 127.0.0.1\n\n[crm-connector]\nsecret = «{a24}»\nread = call,cdr,agent\nwrite = originate',
  ],
  [
    'asterisk-ami-raw-tcp-login-action-secret',
    '$ nc 10.20.0.4 5038\nAsterisk Call Manager/7.0.3\nAction: Login\nUsername: dialer\nSecret: «{a18}»\n\nResponse: Success\nMessage: Authentication accepted',
  ],
  [
    'asterisk-ari-conf-user-password-plaintext',
    '[general]\nenabled = yes\npretty = yes\nallowed_origins = https://console.acme-voice.io\n\n[ivr-app]\ntype = user\nread_only = no\npassword = «{a22}»\npassword_format = plain',
  ],
  ['asterisk-ari-curl-basic-user-pass-channels', "curl -s -u ivr-app:«{a22}» http://127.0.0.1:8088/ari/channels | jq '.[].name'"],
  [
    'asterisk-ari-websocket-api-key-query-pair',
    'wscat -c "ws://pbx01.lan:8088/ari/events?app=queue-bot&subscribeAll=true&api_key=queue-bot:«{a20}»"',
  ],
  [
    'asterisk-pjsip-wizard-outbound-auth-password',
    '[carrier-b]\ntype = wizard\ntransport = transport-udp\nremote_hosts = sbc.carrier-b.net:5060\nsends_auth = yes\nsends_registrations = yes\noutbound_auth/username = 88123001\noutbound_auth/password = «{a18}»\nendpoint/context = from-carrier',
  ],
  [
    'asterisk-panoramisk-python-manager-login',
    'from panoramisk import Manager\n\nmanager = Manager(loop=loop, host="10.0.5.2", port=5038,\n                  username="events", secret="«{a20}»")\nawait manager.connect()',
  ],
  [
    'asterisk-node-asterisk-manager-positional-secret',
    "const AsteriskManager = require('asterisk-manager');\nconst ami = new AsteriskManager(5038, 'pbx.acme.lan', 'wallboard', '«{a16}»', true);\nami.keepConnected();\nami.on('queuememberstatus', (evt) => broadcast(evt));",
  ],
  [
    'asterisk-realtime-ps-auths-sql-insert',
    "INSERT INTO ps_auths (id, auth_type, password, username)\nVALUES ('2045', 'userpass', '«{a16}»', '2045');\nINSERT INTO ps_aors (id, max_contacts) VALUES ('2045', 2);",
  ],
  [
    'asterisk-res-pgsql-conf-dbpass',
    '[general]\ndbhost=10.0.9.11\ndbport=5432\ndbname=asterisk\ndbuser=asterisk_rt\ndbpass=«{a20}»\nrequirements=warn',
  ],
  [
    'asterisk-compose-env-ami-secret-and-db-pass',
    'services:\n  asterisk:\n    image: andrius/asterisk:20\n    network_mode: host\n    environment:\n      AMI_USER: dialer\n      AMI_SECRET: «{a24}»\n      CDR_DB_PASSWORD: «{a18}»',
  ],
  [
    'asterisk-cli-pjsip-show-auth-output-password',
    'pbx01*CLI> pjsip show auth voipco-auth\n\n  I/OAuth:  <AuthId/UserName.............................................................>\n==========================================================================================\n      Auth:  voipco-auth/acme-trunk-0042\n\n ParameterName      : ParameterValue\n ==================================================\n auth_type          : userpass\n password           : «{a20}»\n realm              : sip.voipco.net',
  ],
  [
    'freepbx-conf-php-ampdbpass',
    "<?php\n$amp_conf['AMPDBUSER'] = 'freepbxuser';\n$amp_conf['AMPDBPASS'] = '«{a32}»';\n$amp_conf['AMPDBHOST'] = 'localhost';\n$amp_conf['AMPDBNAME'] = 'asterisk';\n$amp_conf['AMPDBENGINE'] = 'mysql';",
  ],
  ['freepbx-amportal-ampmgrpass-line', '# /etc/amportal.conf\nAMPMGRUSER=admin\nAMPMGRPASS=«{h32}»\nASTETCDIR=/etc/asterisk'],
  [
    'asterisk-chat-prose-ami-secret-inline',
    'AMI keeps rejecting the dialer on pbx02 — user is `dialer`, secret is «{a18}», and I can see "Authentication failed" in the full log. Did someone tighten the permit= line?',
  ],
  [
    'freeswitch-directory-user-xml-password-param',
    '<include>\n  <user id="1004">\n    <params>\n      <param name="password" value="«{a16}»"/>\n      <param name="vm-password" value="1004"/>\n    </params>\n    <variables>\n      <variable name="effective_caller_id_name" value="Support Desk"/>\n    </variables>\n  </user>\n</include>',
  ],
  [
    'freeswitch-vars-xml-default-password-preprocess',
    '<!-- conf/vars.xml -->\n<X-PRE-PROCESS cmd="set" data="default_password=«{a20}»"/>\n<X-PRE-PROCESS cmd="set" data="domain=$${local_ip_v4}"/>',
  ],
  [
    'freeswitch-event-socket-conf-password',
    '<configuration name="event_socket.conf" description="Socket Client">\n  <settings>\n    <param name="nat-map" value="false"/>\n    <param name="listen-ip" value="0.0.0.0"/>\n    <param name="listen-port" value="8021"/>\n    <param name="password" value="«{a24}»"/>\n    <param name="apply-inbound-acl" value="lan"/>\n  </settings>\n</configuration>',
  ],
  [
    'freeswitch-sofia-external-gateway-password',
    '<gateway name="flowtel">\n  <param name="username" value="acme_main"/>\n  <param name="password" value="«{a18}»"/>\n  <param name="realm" value="sip.flowtel.net"/>\n  <param name="register" value="true"/>\n  <param name="expire-seconds" value="600"/>\n</gateway>',
  ],
  ['freeswitch-fs-cli-remote-host-password-flag', '$ fs_cli -H 10.30.1.7 -P 8021 -p «{a20}» -x "sofia status gateway flowtel"'],
  [
    'freeswitch-python-esl-inbound-connection',
    'import ESL\n\ncon = ESL.ESLconnection("10.30.1.7", "8021", "«{a24}»")\nif not con.connected():\n    raise SystemExit("ESL connect failed")\ncon.events("plain", "CHANNEL_ANSWER CHANNEL_HANGUP_COMPLETE")',
  ],
  [
    'freeswitch-node-modesl-connection-password',
    "const esl = require('modesl');\nconst conn = new esl.Connection('fs-media-1.internal', 8021, '«{a20}»', () => {\n  conn.api('show calls count', (res) => console.log(res.getBody()));\n});",
  ],
  [
    'fusionpbx-config-conf-database-password',
    '#database system settings\ndatabase.0.type = pgsql\ndatabase.0.host = 127.0.0.1\ndatabase.0.port = 5432\ndatabase.0.name = fusionpbx\ndatabase.0.username = fusionpbx\ndatabase.0.password = «{a32}»',
  ],
  [
    'freeswitch-xml-rpc-conf-auth-pass',
    '<configuration name="xml_rpc.conf" description="XML RPC">\n  <settings>\n    <param name="http-port" value="8080"/>\n    <param name="auth-realm" value="freeswitch"/>\n    <param name="auth-user" value="rpc"/>\n    <param name="auth-pass" value="«{a18}»"/>\n  </settings>\n</configuration>',
  ],
  [
    'freeswitch-esl-telnet-auth-command',
    '$ telnet 127.0.0.1 8021\nContent-Type: auth/request\n\nauth «{a20}»\n\nContent-Type: command/reply\nReply-Text: +OK accepted',
  ],
  [
    'freeswitch-switch-conf-core-db-dsn-password',
    '<param name="core-db-dsn" value="pgsql://hostaddr=10.30.2.2 dbname=freeswitch user=freeswitch password=«{a20}» options=\'-c client_min_messages=NOTICE\'"/>',
  ],
  [
    'kamailio-cfg-dburl-define-mysql',
    '#!ifdef WITH_MYSQL\n#!define DBURL "mysql://kamailio:«{a20}»@10.0.4.5/kamailio"\n#!endif\nloadmodule "db_mysql.so"',
  ],
  [
    'kamailio-kamctlrc-rw-and-ro-passwords',
    '## database read/write user\nDBRWUSER="kamailio"\nDBRWPW="«{a18}»"\n## database read only user\nDBROUSER="kamailioro"\nDBROPW="«{a18}»"',
  ],
  [
    'kamailio-auth-ephemeral-shared-secret-modparam',
    'loadmodule "auth_ephemeral.so"\nmodparam("auth_ephemeral", "secret", "«{h40}»")\nmodparam("auth_ephemeral", "username_format", 1)',
  ],
  [
    'kamailio-uacreg-sql-auth-password',
    "INSERT INTO uacreg (l_uuid, l_username, l_domain, r_username, r_domain, realm,\n  auth_username, auth_password, auth_proxy, expires)\nVALUES ('carrier1', 'trunk', 'sbc.acme.io', '31201234', 'voip.carrier.nl', 'voip.carrier.nl',\n  '31201234', '«{a16}»', 'sip:voip.carrier.nl', 360);",
  ],
  ['kamailio-kamctl-add-subscriber-password-arg', "root@sbc1:~# kamctl add 3007@sip.acme.io «{a14}»\nnew user '3007@sip.acme.io' added"],
  [
    'opensips-cfg-db-url-modparam-postgres',
    'loadmodule "usrloc.so"\nmodparam("usrloc", "db_url", "postgres://opensips:«{a20}»@pg-sip.internal/opensips")\nmodparam("usrloc", "working_mode_preset", "single-instance-sql-write-back")',
  ],
  [
    'opensips-cli-cfg-database-url',
    '[default]\nlog_level: WARNING\nprompt_name: opensips-cli\ndatabase_url: mysql://opensips:«{a18}»@localhost\ndatabase_name: opensips',
  ],
  [
    'opensips-control-panel-db-php-password',
    '<?php\n// /var/www/opensips-cp/config/db.inc.php\n$config->db_driver = "mysql";\n$config->db_host = "localhost";\n$config->db_user = "opensips";\n$config->db_pass = "«{a20}»";\n$config->db_name = "opensips";',
  ],
  [
    'heplify-server-toml-db-pass',
    'HEPAddr      = "0.0.0.0:9060"\nDBShema      = "homer7"\nDBDriver     = "postgres"\nDBAddr       = "homer-db:5432"\nDBUser       = "homer"\nDBPass       = "«{a20}»"',
  ],
  [
    'kannel-conf-smpp-smsc-password',
    'group = smsc\nsmsc = smpp\nsmsc-id = operator-a\nhost = smpp.operator-a.com\nport = 2775\ntransceiver-mode = true\nsmsc-username = acme01\nsmsc-password = «{a8}»\nsystem-type = ""',
  ],
  ['kannel-conf-sendsms-user-password', 'group = sendsms-user\nusername = crm\npassword = «{a16}»\nconcatenation = true\nmax-messages = 5'],
  [
    'kannel-core-admin-and-status-passwords',
    'group = core\nadmin-port = 13000\nadmin-password = «{a16}»\nstatus-password = «{a16}»\nsmsbox-port = 13001\nlog-file = "/var/log/kannel/bearerbox.log"',
  ],
  [
    'kannel-sendsms-http-url-password-query',
    'curl "http://sms-gw.internal:13013/cgi-bin/sendsms?username=crm&password=«{a16}»&to=%2B254712000111&text=Your+order+has+shipped"',
  ],
  [
    'smpplib-python-bind-transceiver',
    'client = smpplib.client.Client("smpp.operator-b.net", 2775)\nclient.set_message_sent_handler(on_sent)\nclient.connect()\nclient.bind_transceiver(system_id="acme_tx", password="«{a8}»")',
  ],
  [
    'jsmpp-java-bind-parameter-password',
    'SMPPSession session = new SMPPSession();\nsession.connectAndBind("smpp.operator-c.com", 2775,\n    new BindParameter(BindType.BIND_TRX, "acmesms", "«{a8}»", "cp",\n        TypeOfNumber.UNKNOWN, NumberingPlanIndicator.UNKNOWN, null));',
  ],
  [
    'node-smpp-session-bind-transceiver-object',
    "const session = smpp.connect({ url: 'smpp://smsc.operator-d.net:2775', auto_enquire_link_period: 10000 });\nsession.bind_transceiver({\n  system_id: 'ACME_OTP',\n  password: '«{a8}»',\n}, (pdu) => { if (pdu.command_status !== 0) console.error('bind failed', pdu.command_status); });",
  ],
  [
    'jasmin-jcli-smppccm-add-password',
    'jcli : smppccm -a\nAdding a new connector: (ok: save, ko: exit)\n> cid operator_e\n> host smpp.operator-e.com\n> port 2775\n> username acme\n> password «{a8}»\n> submit_throughput 50\n> ok',
  ],
  [
    'jasmin-http-api-send-url-password',
    'GET http://jasmin.internal:1401/send?username=otp-svc&password=«{a12}»&to=%2B33612345678&content=Code%20482913',
  ],
  [
    'smpp-gateway-debug-log-bind-pdu-password',
    "2024-06-11 09:14:02,118 DEBUG smpp.pdu  >> bind_transceiver seq=1 system_id='acme_mt' password='«{a8}»' system_type='' interface_version=0x34 addr_ton=0 addr_npi=0\n2024-06-11 09:14:02,164 DEBUG smpp.pdu  << bind_transceiver_resp seq=1 status=ESME_ROK system_id='SMSC1'",
  ],
  [
    'go-smpp-transceiver-struct-passwd',
    'tx := &smpp.Transceiver{\n    Addr:   "smpp.operator-f.net:2775",\n    User:   "acmego",\n    Passwd: "«{a8}»",\n    Handler: handleDeliverSM,\n}\nconn := tx.Bind()',
  ],
  [
    'spring-application-yml-smpp-password',
    'smpp:\n  host: smpp.operator-g.com\n  port: 2776\n  system-id: ACMEBANK\n  password: «{a8}»\n  bind-type: TRANSCEIVER',
  ],
  [
    'twilio-cli-sip-credential-list-create-password',
    'twilio api:core:sip:credential-lists:credentials:create \\\n  --credential-list-sid CL{h32} \\\n  --username pbx-hq \\\n  --password «{U2}{L6}{d4}{a6}»',
  ],
  [
    'telnyx-credential-connection-json-password',
    '{\n  "connection_name": "acme-office-pbx",\n  "user_name": "acmeoffice{d4}",\n  "password": "«{a20}»",\n  "anchorsite_override": "Amsterdam, Netherlands"\n}',
  ],
  [
    'voipms-rest-api-password-query-param',
    'curl "https://voip.ms/api/v1/rest.php?api_username=ops@acme.io&api_password=«{a16}»&method=getSubAccounts"',
  ],
  [
    'flowroute-curl-basic-access-secret-key',
    'curl -u {d8}:«{a32}» -H "Content-Type: application/vnd.api+json" \\\n  https://api.flowroute.com/v2/numbers?limit=10',
  ],
  [
    'signalwire-project-token-dotenv',
    'SIGNALWIRE_SPACE=acme.signalwire.com\nSIGNALWIRE_PROJECT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nSIGNALWIRE_TOKEN=«PT{h48}»',
  ],
  [
    'bandwidth-python-sdk-basic-credentials',
    'configuration = bandwidth.Configuration(\n    username="api-user-acme",\n    password="«{a20}»",\n)\nwith bandwidth.ApiClient(configuration) as api_client:\n    messages_api = bandwidth.MessagesApi(api_client)',
  ],
  [
    'yealink-autoprovision-cfg-account-password',
    '#!version:1.0.0.1\naccount.1.enable = 1\naccount.1.label = 2011\naccount.1.auth_name = 2011\naccount.1.user_name = 2011\naccount.1.password = «{a16}»\naccount.1.sip_server.1.address = pbx.acme.io',
  ],
  [
    'polycom-provisioning-xml-reg-auth-password',
    '<reg reg.1.address="3102" reg.1.auth.userId="3102" reg.1.auth.password="«{a14}»" reg.1.server.1.address="sip.acme.io" reg.1.server.1.transport="TLS"/>',
  ],
  ['grandstream-pvalue-config-sip-password', 'P270 = Front Desk\nP35 = 4105\nP36 = 4105\nP34 = «{a14}»\nP47 = pbx.acme.io'],
  [
    'linphonerc-auth-info-passwd',
    '[auth_info_0]\nusername=maria.k\nuserid=maria.k\npasswd=«{a16}»\nrealm=sip.linphone.org\ndomain=sip.linphone.org',
  ],
  [
    'baresip-accounts-auth-pass-param',
    '# ~/.baresip/accounts\n<sip:4107@pbx.acme.io;transport=tls>;auth_pass=«{a16}»;outbound="sip:pbx.acme.io;transport=tls";regint=300',
  ],
  [
    'pjsua-cli-password-flag-registration',
    "./pjsua --id sip:5001@sip.acme.io --registrar sip:sip.acme.io --realm '*' \\\n  --username 5001 --password «{a16}» --null-audio --auto-answer 200",
  ],
  ['sipp-load-test-auth-flags', 'sipp -sf uac_register.xml -s 6001 -au 6001 -ap «{a14}» -r 20 -l 200 sbc-staging.acme.io:5060'],
  [
    'coturn-turnserver-conf-static-auth-secret',
    'listening-port=3478\ntls-listening-port=5349\nrealm=turn.acme.io\nuse-auth-secret\nstatic-auth-secret=«{h64}»\nno-multicast-peers',
  ],
  ['coturn-lt-cred-mech-plaintext-user-line', 'lt-cred-mech\nrealm=turn.acme.io\nuser=webrtc-bot:«{a20}»\ntotal-quota=300'],
  ['coturn-turnadmin-add-user-command', 'sudo turnadmin -a -u kiosk-07 -r turn.acme.io -p «{a18}» --db /var/lib/turn/turndb'],
  ['coturn-cli-password-telnet-admin', 'cli-ip=127.0.0.1\ncli-port=5766\ncli-password=«{a20}»'],
  [
    'coturn-docker-run-static-auth-secret-flag',
    "docker run -d --network=host coturn/coturn:4.6 \\\n  -n --log-file=stdout --external-ip='$(detect-external-ip)' \\\n  --use-auth-secret --static-auth-secret=«{b43}=» --realm=turn.acme.io",
  ],
  [
    'turn-rest-hmac-python-secret-literal',
    'TURN_SECRET = b"«{h64}»"\n\ndef turn_credentials(user: str, ttl: int = 86400) -> dict:\n    username = f"{int(time.time()) + ttl}:{user}"\n    password = base64.b64encode(hmac.new(TURN_SECRET, username.encode(), hashlib.sha1).digest()).decode()\n    return {"username": username, "credential": password, "ttl": ttl}',
  ],
  [
    'turn-rest-api-json-response-credential',
    '$ curl -s https://api.acme.io/v1/turn-credentials -H "Cookie: session=..." | jq .\n{\n  "username": "1718200000:u_{l12}",\n  "credential": "«{b27}=»",\n  "ttl": 86400,\n  "uris": ["turn:turn.acme.io:3478?transport=udp", "turns:turn.acme.io:5349?transport=tcp"]\n}',
  ],
  [
    'webrtc-js-ice-servers-static-turn-credential',
    "const pc = new RTCPeerConnection({\n  iceServers: [\n    { urls: 'stun:stun.acme.io:3478' },\n    { urls: 'turn:turn.acme.io:3478', username: 'kiosk', credential: '«{a20}»' },\n  ],\n});",
  ],
  [
    'synapse-homeserver-turn-shared-secret',
    'turn_uris:\n  - "turn:turn.acme.io:3478?transport=udp"\n  - "turn:turn.acme.io:3478?transport=tcp"\nturn_shared_secret: "«{a48}»"\nturn_user_lifetime: 86400000\nturn_allow_guests: false',
  ],
  ['nextcloud-talk-occ-turn-add-secret', 'sudo -u www-data php occ talk:turn:add turn turn.acme.io:3478 udp,tcp --secret=«{a32}»'],
  [
    'eturnal-yml-shared-secret',
    'eturnal:\n  secret: "«{a40}»"\n  listen:\n    - ip: "::"\n      port: 3478\n      transport: udp\n  relay_min_port: 49152',
  ],
  [
    'janus-jcfg-admin-and-api-secret',
    'general: {\n\tconfigs_folder = "/opt/janus/etc/janus"\n\tapi_secret = "«{a24}»"\n\tadmin_secret = "«{a24}»"\n\tdebug_level = 4\n}',
  ],
  ['janus-jcfg-token-auth-secret', 'general: {\n\ttoken_auth = true\n\ttoken_auth_secret = "«{h48}»"\n\tsession_timeout = 60\n}'],
  [
    'janus-admin-api-curl-admin-secret-json',
    'curl -s -X POST http://127.0.0.1:7088/admin \\\n  -d \'{"janus":"list_sessions","transaction":"{a12}","admin_secret":"«{a24}»"}\'',
  ],
  [
    'janus-videoroom-create-room-secret',
    '{\n  "request": "create",\n  "room": 4201,\n  "description": "Board meeting",\n  "secret": "«{a16}»",\n  "publishers": 6,\n  "is_private": true\n}',
  ],
  [
    'janus-streaming-rtsp-password',
    'lobby-cam: {\n\ttype = "rtsp"\n\tid = 21\n\turl = "rtsp://10.8.0.44:554/stream1"\n\trtsp_user = "viewer"\n\trtsp_pwd = "«{a16}»"\n\tvideo = true\n}',
  ],
  [
    'jitsi-docker-dotenv-internal-auth-passwords',
    '# Security\nJICOFO_AUTH_PASSWORD=«{h32}»\nJVB_AUTH_PASSWORD=«{h32}»\nJIGASI_XMPP_PASSWORD=«{h32}»\nJIBRI_RECORDER_PASSWORD=«{h32}»\nJIBRI_XMPP_PASSWORD=«{h32}»',
  ],
  [
    'jitsi-prosody-cfg-lua-component-secret',
    'Component "focus.meet.acme.io" "client_proxy"\n    target_address = "focus@auth.meet.acme.io"\n\nComponent "conference.meet.acme.io" "muc"\nComponent "jitsi-videobridge.meet.acme.io"\n    component_secret = "«{a24}»"',
  ],
  [
    'jitsi-jicofo-conf-hocon-xmpp-password',
    'jicofo {\n  xmpp {\n    client {\n      client-proxy = focus.meet.acme.io\n      xmpp-domain = meet.acme.io\n      domain = auth.meet.acme.io\n      username = focus\n      password = "«{a20}»"\n    }\n  }\n}',
  ],
  [
    'jitsi-jvb-conf-xmpp-client-muc-password',
    'videobridge.apis.xmpp-client.configs {\n  shard0 {\n    HOSTNAME = "xmpp.meet.acme.io"\n    DOMAIN = "auth.meet.acme.io"\n    USERNAME = "jvb"\n    PASSWORD = "«{a20}»"\n    MUC_JIDS = "jvbbrewery@internal-muc.meet.acme.io"\n  }\n}',
  ],
  [
    'jitsi-dotenv-jwt-app-secret',
    'ENABLE_AUTH=1\nAUTH_TYPE=jwt\nJWT_APP_ID=acme_meet\nJWT_APP_SECRET=«{a40}»\nJWT_ACCEPTED_ISSUERS=acme_portal',
  ],
  [
    'jibri-conf-recorder-login-password',
    'control-login {\n  domain = "auth.meet.acme.io"\n  username = "jibri"\n  password = "«{a20}»"\n}\ncall-login {\n  domain = "recorder.meet.acme.io"\n  username = "recorder"\n  password = "«{a20}»"\n}',
  ],
  [
    'jigasi-sip-communicator-properties-base64-password',
    'net.java.sip.communicator.impl.protocol.sip.acc1403273890647.ACCOUNT_UID=SIP\\:jigasi@sip.acme.io\nnet.java.sip.communicator.impl.protocol.sip.acc1403273890647.PASSWORD=«{b24}»\nnet.java.sip.communicator.impl.protocol.sip.acc1403273890647.SERVER_ADDRESS=sip.acme.io',
  ],
  [
    'jitsi-prosodyctl-register-focus-user',
    'sudo prosodyctl register focus auth.meet.acme.io «{a20}»\nsudo prosodyctl mod_roster_command subscribe focus.meet.acme.io focus@auth.meet.acme.io',
  ],
  [
    'livekit-server-yaml-keys-map-secret',
    'port: 7880\nrtc:\n  tcp_port: 7881\n  port_range_start: 50000\n  port_range_end: 60000\nkeys:\n  API{a12}: «{a44}»',
  ],
  [
    'livekit-egress-config-api-secret',
    'log_level: info\napi_key: API{a12}\napi_secret: «{a44}»\nws_url: wss://rtc.acme.io\nredis:\n  address: redis:6379',
  ],
  [
    'livekit-node-server-sdk-access-token',
    "import { AccessToken } from 'livekit-server-sdk';\n\nconst at = new AccessToken('API{a12}', '«{a44}»', { identity: user.id, ttl: '10m' });\nat.addGrant({ roomJoin: true, room: roomName, canPublish: true });\nreturn at.toJwt();",
  ],
  [
    'livekit-python-api-constructor',
    'lkapi = api.LiveKitAPI(\n    "https://rtc.acme.io",\n    api_key="API{a12}",\n    api_secret="«{a44}»",\n)\nresults = await lkapi.room.list_rooms(api.ListRoomsRequest())',
  ],
  [
    'livekit-helm-values-keys-block',
    'livekit:\n  rtc:\n    use_external_ip: true\n  keys:\n    API{a12}: «{a44}»\n  redis:\n    address: livekit-redis-master:6379',
  ],
  [
    'livekit-join-url-access-token-jwt',
    'Open this to join as the recorder bot:\nhttps://meet.acme.io/rooms/standup?liveKitUrl=wss%3A%2F%2Frtc.acme.io&token=«eyJhbGciOiJIUzI1NiJ9.{B150}.{B43}»',
  ],
  [
    'synapse-homeserver-yaml-three-secrets',
    'server_name: "acme.chat"\nreport_stats: false\nregistration_shared_secret: "«{a48}»"\nmacaroon_secret_key: "«{a48}»"\nform_secret: "«{a48}»"\nsigning_key_path: "/data/acme.chat.signing.key"',
  ],
  ['synapse-signing-key-file-cat', '$ cat /data/acme.chat.signing.key\n«ed25519 a_{a4} {b43}»'],
  [
    'synapse-admin-api-curl-bearer-syt',
    'curl -sS -H "Authorization: Bearer «syt_YWRtaW4_{a20}_{a6}»" \\\n  "https://matrix.acme.chat/_synapse/admin/v2/users?from=0&limit=10&guests=false"',
  ],
  [
    'synapse-register-new-user-shared-secret-flag',
    'docker exec -it synapse register_new_matrix_user http://localhost:8008 \\\n  -u ops-bot -p «{a20}» --no-admin -k «{a48}»',
  ],
  [
    'matrix-appservice-registration-tokens',
    "id: telegram\nurl: http://mautrix-telegram:29317\nas_token: «{a64}»\nhs_token: «{a64}»\nsender_localpart: {a32}\nnamespaces:\n  users:\n    - exclusive: true\n      regex: '@telegram_.*:acme\\.chat'",
  ],
  [
    'mautrix-bridge-config-appservice-tokens',
    'appservice:\n    address: http://mautrix-whatsapp:29318\n    hostname: 0.0.0.0\n    port: 29318\n    id: whatsapp\n    bot:\n        username: whatsappbot\n    as_token: «{a64}»\n    hs_token: «{a64}»',
  ],
  [
    'synapse-database-args-password',
    'database:\n  name: psycopg2\n  args:\n    user: synapse_user\n    password: «{a24}»\n    dbname: synapse\n    host: synapse-db.internal\n    cp_min: 5',
  ],
  [
    'matrix-nio-python-restore-login-token',
    'client = AsyncClient("https://matrix.acme.chat", "@alertbot:acme.chat")\nclient.restore_login(\n    user_id="@alertbot:acme.chat",\n    device_id="{U10}",\n    access_token="«syt_YWxlcnRib3Q_{a20}_{a6}»",\n)',
  ],
  [
    'matrix-commander-credentials-json-access-token',
    '{\n  "homeserver": "https://matrix.acme.chat",\n  "device_id": "{U10}",\n  "user_id": "@deploy:acme.chat",\n  "room_id": "!{a18}:acme.chat",\n  "access_token": "«syt_ZGVwbG95_{a20}_{a6}»"\n}',
  ],
  [
    'synapse-admin-query-param-access-token',
    'GET /_synapse/admin/v1/rooms?access_token=«syt_b3Bz_{a20}_{a6}»&limit=50 HTTP/1.1\nHost: matrix.acme.chat',
  ],
  [
    'matrix-login-response-access-and-refresh-tokens',
    '{\n  "user_id": "@maria:acme.chat",\n  "access_token": "«syt_bWFyaWE_{a20}_{a6}»",\n  "refresh_token": "«syr_bWFyaWE_{a20}_{a6}»",\n  "expires_in_ms": 300000,\n  "home_server": "acme.chat",\n  "device_id": "{U10}"\n}',
  ],
  [
    'dendrite-matrix-private-key-pem-block',
    '$ cat matrix_key.pem\n«-----BEGIN MATRIX PRIVATE KEY-----\nKey-ID: ed25519:{a6}\n\n{b43}=\n-----END MATRIX PRIVATE KEY-----»',
  ],
  [
    'conduit-toml-registration-token',
    '[global]\nserver_name = "chat.acme.dev"\ndatabase_backend = "rocksdb"\nallow_registration = true\nregistration_token = "«{a32}»"',
  ],
  [
    'synapse-email-smtp-pass',
    'email:\n  smtp_host: smtp.postmarkapp.com\n  smtp_port: 587\n  smtp_user: "{h8}-{h4}-{h4}-{h4}-{h12}"\n  smtp_pass: "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n  notif_from: "Acme Chat <noreply@acme.chat>"',
  ],
  [
    'maubot-config-unshared-secret-and-admin-password',
    'server:\n    hostname: 0.0.0.0\n    port: 29316\n    public_url: https://maubot.acme.chat\n    unshared_secret: «{a48}»\nadmins:\n    root: ""\n    ops: «{a20}»',
  ],
  [
    'ejabberd-yml-sql-password',
    'sql_type: pgsql\nsql_server: "pg-xmpp.internal"\nsql_database: "ejabberd"\nsql_username: "ejabberd"\nsql_password: "«{a22}»"\ndefault_db: sql',
  ],
  [
    'ejabberdctl-register-admin-password',
    '$ docker exec -it ejabberd ejabberdctl register admin xmpp.acme.io «{a18}»\nUser admin@xmpp.acme.io successfully registered',
  ],
  [
    'ejabberd-api-curl-oauth-bearer',
    'curl -s -X POST https://xmpp.acme.io:5443/api/registered_users \\\n  -H "Authorization: Bearer «{a32}»" \\\n  -d \'{"host": "xmpp.acme.io"}\'',
  ],
  ['prosodyctl-register-user-password-arg', 'prosodyctl register helpdesk chat.acme.io «{a16}»'],
  [
    'prosody-component-secret-slidge-gateway',
    'Component "whatsapp.chat.acme.io"\n    component_secret = "«{a32}»"\n    modules_enabled = { "privilege" }',
  ],
  [
    'prosody-http-upload-external-secret',
    'Component "upload.chat.acme.io" "http_upload_external"\n    http_upload_external_base_url = "https://upload.chat.acme.io/"\n    http_upload_external_secret = "«{a40}»"\n    http_upload_external_file_size_limit = 104857600',
  ],
  [
    'slixmpp-python-client-password-arg',
    'xmpp = EchoBot("monitor@chat.acme.io", "«{a18}»")\nxmpp.register_plugin("xep_0030")\nxmpp.register_plugin("xep_0199")\nxmpp.connect()',
  ],
  [
    'smack-java-username-password-builder',
    'XMPPTCPConnectionConfiguration config = XMPPTCPConnectionConfiguration.builder()\n    .setUsernameAndPassword("pushsvc", "«{a20}»")\n    .setXmppDomain("chat.acme.io")\n    .setHost("xmpp.acme.io")\n    .build();',
  ],
  [
    'ejabberd-ldap-bind-password',
    'auth_method: [ldap]\nldap_servers: ["ldap.acme.corp"]\nldap_encrypt: tls\nldap_rootdn: "cn=ejabberd,ou=services,dc=acme,dc=corp"\nldap_password: "«{a20}»"\nldap_base: "ou=people,dc=acme,dc=corp"',
  ],
  ['znc-client-server-command-user-network-pass', '/server bouncer.acme.dev +6697 alice/libera:«{a18}»'],
  [
    'irssi-config-autosendcmd-nickserv-identify',
    'chatnets = {\n  liberachat = {\n    type = "IRC";\n    autosendcmd = "/msg NickServ IDENTIFY alice «{a16}»; wait 2000";\n  };\n};',
  ],
  [
    'weechat-set-sasl-password',
    '/set irc.server.libera.sasl_mechanism plain\n/set irc.server.libera.sasl_username "alice"\n/set irc.server.libera.sasl_password "«{a18}»"\n/save',
  ],
  ['hexchat-servlist-conf-password-line', 'N=OFTC\nL=6\nE=UTF-8 (Unicode)\nF=19\nD=0\nI=alice\nP=«{a16}»\nS=irc.oftc.net/6697'],
  [
    'znc-conf-server-line-with-server-password',
    '<Network corpnet>\n    Nick = alice\n    Server = irc.acme.corp +6697 «{a16}»\n    LoadModule = keepnick\n</Network>',
  ],
  [
    'python-irc-bot-nickserv-identify-privmsg',
    'def on_welcome(self, connection, event):\n    connection.privmsg("NickServ", "IDENTIFY buildbot «{a16}»")\n    connection.join("#acme-ci")',
  ],
  [
    'limnoria-config-sasl-password',
    'supybot.networks.libera.servers: irc.libera.chat:6697\nsupybot.networks.libera.ssl: True\nsupybot.networks.libera.sasl.username: acmebot\nsupybot.networks.libera.sasl.password: «{a18}»',
  ],
  [
    'soju-bouncerserv-network-create-pass',
    '/msg BouncerServ network create -addr ircs://irc.acme.corp:6697 -name corp -nick alice -pass «{a16}»',
  ],
  [
    'murmur-ini-serverpassword-and-ice-secret',
    'database=/var/lib/mumble-server/mumble-server.sqlite\nice="tcp -h 127.0.0.1 -p 6502"\nicesecretwrite=«{a24}»\nport=64738\nserverpassword=«{a14}»\nusers=100',
  ],
  [
    'murmurd-supw-set-superuser-password',
    '$ sudo murmurd -ini /etc/mumble-server.ini -supw «{a18}»\n<W>2024-06-12 10:04:17.812 Initializing settings from /etc/mumble-server.ini (basepath /etc)\n<W>2024-06-12 10:04:17.831 Superuser password set on server 1',
  ],
  [
    'mumble-docker-compose-superuser-password',
    '  mumble-server:\n    image: mumblevoip/mumble-server:v1.5.634\n    environment:\n      MUMBLE_SUPERUSER_PASSWORD: «{a20}»\n      MUMBLE_CONFIG_SERVER_PASSWORD: «{a14}»\n    ports:\n      - "64738:64738/udp"',
  ],
  [
    'mumble-url-with-password-in-chat',
    'join us at mumble://guild:«{a12}»@voice.acme.gg:64738/Raids?version=1.2.0 — the channel is passworded now',
  ],
  [
    'pymumble-connect-password-arg',
    'mumble = pymumble_py3.Mumble("voice.acme.gg", "musicbot", port=64738,\n                             password="«{a14}»", reconnect=True)\nmumble.start()\nmumble.is_ready()',
  ],
  ['mmctl-auth-login-access-token-flag', 'mmctl auth login https://mm.acme.io --name prod --username sysadmin --access-token «{l26}»'],
  [
    'mattermost-config-json-sql-datasource-password',
    '"SqlSettings": {\n    "DriverName": "postgres",\n    "DataSource": "postgres://mmuser:«{a24}»@mm-db.internal:5432/mattermost?sslmode=require&connect_timeout=10",\n    "MaxIdleConns": 20\n}',
  ],
  [
    'mattermost-api-v4-curl-bearer-token',
    "curl -s -H 'Authorization: Bearer «{l26}»' \\\n  https://mm.acme.io/api/v4/teams/{l26}/channels?per_page=200 | jq -r '.[].name'",
  ],
  [
    'mattermost-incoming-webhook-url-shell',
    '#!/bin/sh\nWEBHOOK="«https://mm.acme.io/hooks/{l26}»"\ncurl -s -X POST -H \'Content-Type: application/json\' \\\n  -d "{\\"channel\\": \\"deploys\\", \\"text\\": \\"$1 deployed to prod\\"}" "$WEBHOOK"',
  ],
  [
    'mattermost-config-at-rest-encrypt-key',
    '"FileSettings": {\n    "DriverName": "amazons3",\n    "PublicLinkSalt": "«{a32}»",\n    "AmazonS3Bucket": "acme-mm-files"\n},\n"SqlSettings": {\n    "AtRestEncryptKey": "«{a32}»"\n}',
  ],
  [
    'mattermost-compose-env-datasource',
    '    environment:\n      - MM_SQLSETTINGS_DRIVERNAME=postgres\n      - MM_SQLSETTINGS_DATASOURCE=postgres://mmuser:«{a20}»@postgres:5432/mattermost?sslmode=disable\n      - MM_SERVICESETTINGS_SITEURL=https://mm.acme.io',
  ],
  [
    'mattermost-slash-command-token-flask',
    'MM_SLASH_TOKEN = "«{l26}»"\n\n@app.post("/oncall")\ndef oncall():\n    if request.form.get("token") != MM_SLASH_TOKEN:\n        abort(401)',
  ],
  [
    'mattermostdriver-python-bot-token',
    'driver = Driver({\n    "url": "mm.acme.io",\n    "token": "«{l26}»",\n    "scheme": "https",\n    "port": 443,\n})\ndriver.login()',
  ],
  [
    'rocketchat-rest-curl-auth-token-and-user-id',
    'curl -H "X-Auth-Token: «{B43}»" \\\n     -H "X-User-Id: {a17}" \\\n     https://chat.acme.io/api/v1/channels.list',
  ],
  [
    'rocketchat-incoming-integration-webhook-url',
    'ROCKET_HOOK=«https://chat.acme.io/hooks/{a17}/{a48}»\ncurl -X POST -H \'Content-Type: application/json\' --data \'{"text":"Backup finished"}\' "$ROCKET_HOOK"',
  ],
  [
    'rocketchat-compose-admin-pass-and-mongo-url',
    '  rocketchat:\n    image: registry.rocket.chat/rocketchat/rocket.chat:6.9.2\n    environment:\n      MONGO_URL: mongodb://rocket:«{a20}»@mongodb:27017/rocketchat?replicaSet=rs0\n      ROOT_URL: https://chat.acme.io\n      ADMIN_USERNAME: admin\n      ADMIN_PASS: «{a18}»',
  ],
  [
    'rocketchat-api-python-auth-token-kwarg',
    'rocket = RocketChat(user_id="{a17}",\n                    auth_token="«{B43}»",\n                    server_url="https://chat.acme.io")\nrocket.chat_post_message("Nightly build green", channel="ci")',
  ],
  [
    'rocketchat-login-response-auth-token',
    '{\n  "status": "success",\n  "data": {\n    "userId": "{a17}",\n    "authToken": "«{B43}»",\n    "me": { "username": "deploybot", "active": true }\n  }\n}',
  ],
  [
    'twilio-python-client-account-sid-auth-token',
    'from twilio.rest import Client\n\nclient = Client("AC{h32}", "«{h32}»")\ncall = client.calls.create(to="+14155550142", from_="+14155550100",\n                           url="https://ivr.acme.io/twiml/welcome")',
  ],
  [
    'twilio-node-client-api-key-secret-triple',
    "const client = require('twilio')('SK{h32}', '«{a32}»', {\n  accountSid: 'AC{h32}',\n  edge: 'dublin',\n});",
  ],
  [
    'twilio-curl-basic-auth-messages',
    'curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC{h32}/Messages.json \\\n  --data-urlencode "To=+447700900123" --data-urlencode "From=AcmeAlerts" \\\n  --data-urlencode "Body=Disk 90% on db-2" \\\n  -u AC{h32}:«{h32}»',
  ],
  [
    'twilio-cli-profiles-config-json-secret',
    '{\n  "profiles": {\n    "acme-prod": {\n      "accountSid": "AC{h32}",\n      "apiKey": "SK{h32}",\n      "apiSecret": "«{a32}»"\n    }\n  },\n  "activeProfile": "acme-prod"\n}',
  ],
  [
    'twilio-flex-plugin-dotenv-auth-token',
    'FLEX_APP_ACCOUNT_SID=AC{h32}\nFLEX_APP_WORKSPACE_SID=WS{h32}\nTWILIO_AUTH_TOKEN=«{h32}»\nFLEX_APP_SERVERLESS_DOMAIN=acme-flex-serverless-{d4}-dev.twil.io',
  ],
  [
    'twilio-express-webhook-validation-auth-token',
    "app.post('/sms', twilio.webhook('«{h32}»', { url: 'https://ivr.acme.io/sms' }), (req, res) => {\n  const twiml = new MessagingResponse();\n  twiml.message('Thanks, we got it.');\n  res.type('text/xml').send(twiml.toString());\n});",
  ],
  [
    'twilio-java-video-access-token-api-secret',
    'AccessToken token = new AccessToken.Builder(\n        "AC{h32}",\n        "SK{h32}",\n        "«{a32}»")\n    .identity(user.getEmail())\n    .grant(new VideoGrant().setRoom(roomName))\n    .build();',
  ],
  [
    'twilio-flex-prose-support-ticket-auth-token',
    "Flex agents can't accept tasks since this morning. Account is AC{h32}, I rotated the auth token yesterday to «{h32}» and updated the serverless env — could the old token still be cached somewhere?",
  ],
  [
    'vonage-python-auth-key-secret',
    'from vonage import Auth, Vonage\n\nclient = Vonage(Auth(api_key="{h8}", api_secret="«{a16}»"))\nclient.sms.send(SmsMessage(to="447700900001", from_="AcmeBank", text="Your code is 481516"))',
  ],
  [
    'vonage-node-constructor-api-secret',
    "const vonage = new Vonage({\n  apiKey: '{h8}',\n  apiSecret: '«{a16}»',\n});\nawait vonage.sms.send({ to: '491701234567', from: 'Acme', text: 'Reminder: appointment at 10:30' });",
  ],
  [
    'vonage-sms-curl-form-api-secret',
    'curl -X POST https://rest.nexmo.com/sms/json \\\n  -d from=AcmeShop -d text="Your parcel is out for delivery" -d to=447700900456 \\\n  -d api_key={h8} -d api_secret=«{a16}»',
  ],
  [
    'vonage-application-private-key-dotenv-multiline',
    'VONAGE_APPLICATION_ID={h8}-{h4}-{h4}-{h4}-{h12}\nVONAGE_PRIVATE_KEY="«-----BEGIN PRIVATE KEY-----\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»"',
  ],
  [
    'vonage-signature-secret-webhook-verify',
    'VONAGE_SIGNATURE_SECRET = "«{a50}»"\n\ndef verify(req):\n    return vonage.verify_signature(req.headers["Authorization"].split(" ")[1], VONAGE_SIGNATURE_SECRET)',
  ],
  [
    'opentok-vonage-video-api-secret-ruby',
    'opentok = OpenTok::OpenTok.new("{d8}", "«{h40}»")\nsession = opentok.create_session(media_mode: :routed)\ntoken = session.generate_token(role: :publisher, expire_time: Time.now.to_i + 3600)',
  ],
  [
    'sinch-sms-rest-curl-bearer-service-plan',
    'curl -X POST "https://us.sms.api.sinch.com/xms/v1/{h32}/batches" \\\n  -H "Authorization: Bearer «{h32}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"from":"12085550100","to":["12085550199"],"body":"Your table is ready"}\'',
  ],
  [
    'sinch-python-client-key-secret-project',
    'sinch_client = SinchClient(\n    key_id="{h8}-{h4}-{h4}-{h4}-{h12}",\n    key_secret="«{a22}»",\n    project_id="{h8}-{h4}-{h4}-{h4}-{h12}",\n)',
  ],
  [
    'sinch-voice-application-basic-key-secret',
    '# Sinch Voice callouts use application key + secret\nSINCH_APPLICATION_KEY={h8}-{h4}-{h4}-{h4}-{h12}\nSINCH_APPLICATION_SECRET=«{b22}==»',
  ],
  [
    'messagebird-curl-accesskey-header',
    'curl -X POST https://rest.messagebird.com/messages \\\n  -H \'Authorization: AccessKey «{a25}»\' \\\n  -d "recipients=31612345678" -d "originator=Acme" -d "body=Your verification code is 771204"',
  ],
  [
    'messagebird-python-client-constructor',
    "import messagebird\n\nclient = messagebird.Client('«{a25}»')\nmsg = client.message_create('Acme', '+31612345678', 'Shift starts in 30 minutes')",
  ],
  [
    'bird-api-workspace-access-key-header',
    'POST https://api.bird.com/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}/channels/{h8}-{h4}-{h4}-{h4}-{h12}/messages\nAuthorization: AccessKey «{a40}»\nContent-Type: application/json',
  ],
  [
    'messagebird-webhook-signing-key-php',
    "$signingKey = '«{a32}»';\n$request = SignedRequest::createFromGlobals();\nif (!$request->isValid($signingKey)) {\n    http_response_code(401);\n    exit;\n}",
  ],
  [
    'telnyx-python-module-api-key-assignment',
    'import telnyx\n\ntelnyx.api_key = "«KEY{H32}_{a22}»"\ntelnyx.Message.create(from_="+13125550100", to="+13125550123", text="Door code: 4471")',
  ],
  [
    'telnyx-curl-bearer-call-control-dial',
    'curl -X POST https://api.telnyx.com/v2/calls \\\n  -H "Authorization: Bearer «KEY{H32}_{a22}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"connection_id":"{d19}","to":"+13125550199","from":"+13125550100"}\'',
  ],
  [
    'telnyx-sip-credential-connection-terraform',
    'resource "telnyx_credential_connection" "office" {\n  connection_name = "acme-office"\n  user_name       = "acmeoffice{d6}"\n  password        = "«{a20}»"\n  active          = true\n}',
  ],
  [
    'bandwidth-node-sdk-basic-auth-config',
    "const config = new Configuration({\n  username: 'acme-api-user',\n  password: '«{a20}»',\n});\nconst messagesApi = new MessagesApi(config);\nawait messagesApi.createMessage('{d7}', { applicationId: '{h8}-{h4}-{h4}-{h4}-{h12}', to: ['+19195550123'], from: '+19195550100', text: 'hi' });",
  ],
  [
    'bandwidth-oauth-client-credentials-curl',
    'curl -s -X POST https://id.bandwidth.com/api/v1/oauth2/token \\\n  -u "{a20}:«{a40}»" \\\n  -d grant_type=client_credentials',
  ],
  [
    'infobip-curl-app-authorization-header',
    'curl -X POST https://{l6}.api.infobip.com/sms/2/text/advanced \\\n  -H \'Authorization: App «{h32}-{h8}-{h4}-{h4}-{h4}-{h12}»\' \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"messages":[{"destinations":[{"to":"385981234567"}],"from":"AcmeSMS","text":"Hello"}]}\'',
  ],
  [
    'infobip-python-api-client-configuration',
    'client_config = Configuration(\n    host="{l6}.api.infobip.com",\n    api_key={"APIKeyHeader": "«{h32}-{h8}-{h4}-{h4}-{h4}-{h12}»"},\n    api_key_prefix={"APIKeyHeader": "App"},\n)',
  ],
  [
    'infobip-helm-values-notifier-api-key',
    'notifier:\n  sms:\n    provider: infobip\n    baseUrl: https://{l6}.api.infobip.com\n    apiKey: «{h32}-{h8}-{h4}-{h4}-{h4}-{h12}»\n    sender: ACME',
  ],
  [
    'plivo-python-rest-client-positional-pair',
    'client = plivo.RestClient("MA{u18}", "«{a40}»")\nclient.messages.create(src="+14155550100", dst="+14155550123", text="Your ride is here")',
  ],
  [
    'plivo-curl-basic-auth-call',
    'curl -i -u MA{u18}:«{a40}» \\\n  -H "Content-Type: application/json" \\\n  -d \'{"from":"+14155550100","to":"+14155550177","answer_url":"https://ivr.acme.io/answer"}\' \\\n  https://api.plivo.com/v1/Account/MA{u18}/Call/',
  ],
  [
    'plivo-ruby-rest-client-new',
    "client = Plivo::RestClient.new('SA{u18}', '«{a40}»')\nresponse = client.messages.create(src: '+14155550100', dst: '+14155550155', text: 'Gate opened')",
  ],
  [
    'africastalking-python-initialize-live-key',
    'import africastalking\n\nusername = "acmeke"\napi_key = "«atsk_{h64}»"\nafricastalking.initialize(username, api_key)\nsms = africastalking.SMS',
  ],
  [
    'africastalking-node-options-object',
    "const AfricasTalking = require('africastalking')({\n  apiKey: '«{h64}»',\n  username: 'acme_ug',\n});\nconst result = await AfricasTalking.SMS.send({ to: ['+256700000111'], message: 'Payment received' });",
  ],
  [
    'africastalking-curl-apikey-header',
    'curl -X POST https://api.africastalking.com/version1/messaging \\\n  -H "Accept: application/json" \\\n  -H "apiKey: «atsk_{h64}»" \\\n  -d "username=acmeng&to=%2B2348012345678&message=Your+OTP+is+5521"',
  ],
  [
    'agora-app-certificate-token-builder',
    'APP_ID = "{h32}"\nAPP_CERTIFICATE = "«{h32}»"\ntoken = RtcTokenBuilder.buildTokenWithUid(APP_ID, APP_CERTIFICATE, channel, uid, Role_Publisher, expire_ts)',
  ],
  [
    'daily-co-api-key-create-room-curl',
    'curl -H "Content-Type: application/json" \\\n     -H "Authorization: Bearer «{h64}»" \\\n     -XPOST -d \'{"name":"standup-{l6}","privacy":"private"}\' \\\n     https://api.daily.co/v1/rooms',
  ],
  ['hundredms-app-secret-dotenv', 'HMS_ACCESS_KEY={h24}\nHMS_SECRET=«{B64}»\nHMS_TEMPLATE_ID={h24}'],
  [
    'stream-chat-server-client-secret-node',
    "const serverClient = StreamChat.getInstance('{l12}', '«{l64}»');\nconst token = serverClient.createToken(userId);",
  ],
  [
    'pubnub-secret-key-server-config',
    'pnconfig = PNConfiguration()\npnconfig.publish_key = "pub-c-{h8}-{h4}-{h4}-{h4}-{h12}"\npnconfig.subscribe_key = "sub-c-{h8}-{h4}-{h4}-{h4}-{h12}"\npnconfig.secret_key = "«sec-c-{B48}»"\npnconfig.user_id = "grant-service"',
  ],
  [
    'sendbird-platform-api-token-users-list-curl',
    'curl -X GET "https://api-{H8}-{H4}-{H4}-{H4}-{H12}.sendbird.com/v3/users?limit=20" \\\n  -H "Api-Token: «{h40}»"',
  ],
  [
    'genesys-cloud-python-client-credentials',
    'PureCloudPlatformClientV2.configuration.host = PureCloudPlatformClientV2.PureCloudRegionHosts.eu_west_1.get_api_host()\napi_client = PureCloudPlatformClientV2.api_client.ApiClient().get_client_credentials_token(\n    "{h8}-{h4}-{h4}-{h4}-{h12}", "«{B43}»")\nrouting_api = PureCloudPlatformClientV2.RoutingApi(api_client)',
  ],
  [
    'genesys-cx-as-code-terraform-provider-secret',
    'provider "genesyscloud" {\n  oauthclient_id     = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  oauthclient_secret = "«{B43}»"\n  aws_region         = "eu-central-1"\n}',
  ],
  [
    'genesys-login-curl-basic-client-credentials',
    'curl -s -X POST https://login.mypurecloud.ie/oauth/token \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n  -u "{h8}-{h4}-{h4}-{h4}-{h12}:«{B43}»" \\\n  -d "grant_type=client_credentials"',
  ],
  [
    'five9-zeep-soap-basic-auth-python',
    'session = Session()\nsession.auth = HTTPBasicAuth("api.integration@acme.io", "«{a18}»")\nclient = Client("https://api.five9.com/wsadmin/v13/AdminWebService?wsdl&user=api.integration@acme.io",\n                transport=Transport(session=session))',
  ],
  [
    'nice-cxone-access-key-secret-yaml',
    'cxone:\n  auth_url: https://cxone.niceincontact.com/auth/token\n  access_key_id: {u32}\n  access_key_secret: «{a64}»\n  business_unit: "{d7}"',
  ],
  [
    'talkdesk-client-credentials-python',
    'TALKDESK_CLIENT_ID = "{h32}"\nTALKDESK_CLIENT_SECRET = "«{B43}»"\nresp = requests.post(f"https://{ACCOUNT}.talkdeskid.com/oauth/token",\n                     auth=(TALKDESK_CLIENT_ID, TALKDESK_CLIENT_SECRET),\n                     data={"grant_type": "client_credentials", "scope": "calls:read"})',
  ],
  [
    'threecx-call-control-api-client-secret',
    '# 3CX v20 Call Control API service principal\nTHREECX_FQDN=acme.3cx.eu\nTHREECX_CLIENT_ID=crm_connector\nTHREECX_CLIENT_SECRET=«{a32}»',
  ],
  [
    'amazon-connect-ccp-lambda-sip-trunk-env',
    'Environment:\n  Variables:\n    CONNECT_INSTANCE_ID: {h8}-{h4}-{h4}-{h4}-{h12}\n    SIP_TRUNK_USER: acmeconnect\n    SIP_TRUNK_PASSWORD: «{a20}»',
  ],
  [
    'spreed-signaling-server-conf-secrets',
    '[sessions]\nhashkey = «{h64}»\nblockkey = «{a32}»\n\n[clients]\ninternalsecret = «{h64}»\n\n[backend]\nbackends = nextcloud',
  ],
  ['spreed-signaling-backend-secret-section', '[nextcloud]\nurl = https://cloud.acme.io\nsecret = «{a48}»\nsessionlimit = 0'],
  ['nextcloud-occ-talk-signaling-add-secret', 'sudo -u www-data php occ talk:signaling:add https://signal.acme.io «{a48}» --verify'],
  [
    'node-signaling-server-dotenv-jwt-and-turn',
    'PORT=8443\nSIGNALING_JWT_SECRET=«{a64}»\nTURN_REST_SECRET=«{h64}»\nALLOWED_ORIGINS=https://app.acme.io',
  ],
  ['go-signaling-config-toml-auth-secret', '[server]\nlisten = ":8443"\n\n[auth]\nhmac_secret = "«{b43}=»"\ntoken_ttl = "1h"'],
  [
    'openvidu-dotenv-openvidu-secret',
    'DOMAIN_OR_PUBLIC_IP=video.acme.io\nOPENVIDU_SECRET=«{a24}»\nCERTIFICATE_TYPE=letsencrypt\nLETSENCRYPT_EMAIL=ops@acme.io',
  ],
  [
    'galene-group-json-op-password',
    '{\n    "op": [{"username": "teacher", "password": "«{a16}»"}],\n    "presenter": [{"username": "assistant", "password": "«{a16}»"}],\n    "allow-recording": true,\n    "autolock": true\n}',
  ],
  [
    'mediasoup-app-config-js-recorder-api-key',
    "module.exports = {\n  https: { listenPort: 4443, tls: { cert: '/etc/ssl/rtc.crt', key: '/etc/ssl/rtc.key' } },\n  recorder: { url: 'https://rec.acme.io/api', apiKey: '«{a40}»' },\n  mediasoup: { numWorkers: 4 },\n};",
  ],
  [
    'peer-signalling-websocket-url-token-query',
    '[signal] connecting to wss://signal.acme.io/ws?room=ops-bridge&token=«{B40}»\n[signal] connected, peer id 7',
  ],
  [
    'sip-trace-sdes-srtp-inline-master-key',
    'v=0\no=- 3902145 3902145 IN IP4 10.0.2.15\ns=-\nc=IN IP4 10.0.2.15\nt=0 0\nm=audio 16382 RTP/SAVP 0 101\na=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:«{b40}»\na=rtpmap:101 telephone-event/8000',
  ],
  [
    'k8s-create-secret-coturn-from-literal',
    'kubectl -n rtc create secret generic coturn-auth \\\n  --from-literal=static-auth-secret=«{h64}» \\\n  --dry-run=client -o yaml | kubectl apply -f -',
  ],
  [
    'k8s-secret-stringdata-jitsi-passwords',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: jitsi-internal-auth\ntype: Opaque\nstringData:\n  JICOFO_AUTH_PASSWORD: «{h32}»\n  JVB_AUTH_PASSWORD: «{h32}»',
  ],
  [
    'ansible-vars-asterisk-trunk-plain-password',
    'asterisk_trunks:\n  - name: carrier-a\n    host: sip.carrier-a.net\n    username: "44{d9}"\n    password: "«{a18}»"\n    codecs: [alaw, g722]',
  ],
  [
    'github-actions-env-twilio-token-literal',
    '    env:\n      TWILIO_ACCOUNT_SID: AC{h32}\n      TWILIO_AUTH_TOKEN: «{h32}»\n    steps:\n      - run: npm run notify:sms -- --to "+14155550101"',
  ],
  [
    'chat-prose-matrix-admin-token-debug',
    "synapse admin API keeps 401-ing from the cron box. the token I'm using is «syt_Y3Jvbg_{a20}_{a6}» (user @cron:acme.chat, server admin flag set) — is there an IP allowlist on /_synapse/admin?",
  ],
  [
    'chat-prose-kannel-smsc-creds-from-operator',
    'Operator finally sent the SMPP details: host smpp2.telco-x.net port 2775, system_id ACME_HQ, password «{a8}», system_type VMA. Can you wire that into kannel.conf as a second smsc?',
  ],
  [
    'chat-prose-livekit-secret-leak-question',
    'I think our egress pods are using the wrong key pair — logs show api key API{a12} but the secret mounted is «{a44}», which I believe belongs to the staging cluster. How do I confirm which one the server has?',
  ],
  [
    'helm-values-synapse-chart-secrets',
    'config:\n  macaroonSecretKey: «{a48}»\n  registrationSharedSecret: «{a48}»\n  turnSecret: «{a40}»\npostgresql:\n  auth:\n    password: «{a24}»',
  ],
  [
    'freeswitch-mod-sms-xml-curl-gateway-password',
    '<configuration name="xml_curl.conf" description="cURL XML Gateway">\n  <bindings>\n    <binding name="directory">\n      <param name="gateway-url" value="https://pbx-api.acme.io/fs/directory" bindings="directory"/>\n      <param name="gateway-credentials" value="fsdir:«{a22}»"/>\n    </binding>\n  </bindings>\n</configuration>',
  ],
  [
    'asterisk-http-res-ari-python-ari-client',
    'import ari\n\nclient = ari.connect("http://pbx01.lan:8088", "ivr-app", "«{a22}»")\nclient.on_channel_event("StasisStart", on_start)\nclient.run(apps="ivr-app")',
  ],
  [
    'kamailio-topos-redis-password-modparam',
    'loadmodule "ndb_redis.so"\nmodparam("ndb_redis", "server", "name=srv1;addr=10.0.4.9;port=6379;db=3;pass=«{a24}»")',
  ],
  [
    'rtpengine-conf-redis-auth',
    '[rtpengine]\ninterface = internal/10.0.4.20;external/10.0.4.20!203.0.113.20\nlisten-ng = 127.0.0.1:2223\nredis = 10.0.4.9:6379/5\nredis-auth = «{a24}»',
  ],
  [
    'ejabberd-compose-env-admin-and-db-pass',
    '  ejabberd:\n    image: ghcr.io/processone/ejabberd:24.06\n    environment:\n      - CTL_ON_CREATE=register admin xmpp.acme.io «{a18}»\n      - EJABBERD_SQL_PASSWORD=«{a22}»',
  ],
  [
    'mattermost-outgoing-webhook-token-node',
    "// verify outgoing webhook from Mattermost\nconst OUTGOING_TOKEN = '«{l26}»';\napp.post('/mm/outgoing', (req, res) => {\n  if (req.body.token !== OUTGOING_TOKEN) return res.sendStatus(403);\n  res.json({ text: `Ticket ${req.body.text.split(' ')[1]} acknowledged` });\n});",
  ],
  [
    'synapse-email-pusher-curl-access-token-header',
    'http --auth-type=bearer --auth «syt_cHVzaGVy_{a20}_{a6}» \\\n  POST https://matrix.acme.chat/_matrix/client/v3/pushers/set \\\n  kind=email app_id=m.email pushkey=ops@acme.io',
  ],
  [
    'prosody-mod-auth-token-shared-secret',
    'VirtualHost "meet.acme.io"\n    authentication = "token"\n    app_id = "acme_meet"\n    app_secret = "«{a40}»"\n    allow_empty_token = false',
  ],
  [
    'jitsi-meet-url-jwt-query',
    'https://meet.acme.io/Board-Q3?jwt=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B180}.{B43}»#config.prejoinConfig.enabled=false',
  ],
  [
    'vonage-jwt-curl-voice-bearer',
    'curl -X POST https://api.nexmo.com/v1/calls \\\n  -H "Authorization: Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.{B200}.{B342}»" \\\n  -H "Content-Type: application/json" \\\n  -d @call.json',
  ],
];
export const BLIND89_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'neg-sip-invite-trace-call-id-branch-tags',
    'INVITE sip:+14155550123@sip.carrier-a.net SIP/2.0\nVia: SIP/2.0/UDP 10.0.2.15:5060;rport;branch=z9hG4bKPj{h32}\nFrom: "Front Desk" <sip:2011@pbx.acme.io>;tag={h8}-{h4}\nTo: <sip:+14155550123@sip.carrier-a.net>\nCall-ID: {h32}@10.0.2.15\nCSeq: 31244 INVITE\nContact: <sip:2011@10.0.2.15:5060;ob>',
  ],
  [
    'neg-sdp-dtls-fingerprint-sha256-setup',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 0 8\nc=IN IP4 0.0.0.0\na=setup:actpass\na=mid:0\na=fingerprint:sha-256 {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\na=rtpmap:111 opus/48000/2',
  ],
  [
    'neg-sip-401-challenge-www-authenticate-nonce',
    'SIP/2.0 401 Unauthorized\nVia: SIP/2.0/UDP 10.0.2.15:5060;rport=5060;received=198.51.100.7;branch=z9hG4bKPj{h32}\nCall-ID: {h32}\nCSeq: 1 REGISTER\nWWW-Authenticate: Digest realm="asterisk",nonce="{d10}/{h32}",opaque="{h16}",algorithm=md5,qop="auth"\nServer: Asterisk PBX 20.8.1',
  ],
  [
    'neg-twilio-status-callback-log-sids',
    'POST /twilio/status 200 12ms AccountSid=AC{h32} CallSid=CA{h32} CallStatus=completed CallDuration=74 From=+14155550100 To=+14155550142 ApiVersion=2010-04-01',
  ],
  [
    'neg-twilio-message-sid-recording-url',
    'Recording for MessageSid SM{h32}: https://api.twilio.com/2010-04-01/Accounts/AC{h32}/Recordings/RE{h32}.mp3 (duration 00:01:14)',
  ],
  [
    'neg-twilio-api-key-sid-listing-no-secret',
    '$ twilio api:core:keys:list\nSID                                 Friendly Name        Date Created\nSK{h32}  ci-notifier          Mar 03 2024 09:12:44 GMT+0000\nSK{h32}  flex-plugins         Jan 17 2024 16:40:02 GMT+0000',
  ],
  [
    'neg-twilio-flex-taskrouter-sids-json',
    '{\n  "workspace_sid": "WS{h32}",\n  "workflow_sid": "WW{h32}",\n  "task_sid": "WT{h32}",\n  "worker_sid": "WK{h32}",\n  "assignment_status": "reserved"\n}',
  ],
  [
    'neg-matrix-room-event-ids-and-mxc',
    '{\n  "event_id": "${B43}",\n  "room_id": "!{a18}:acme.chat",\n  "sender": "@maria:acme.chat",\n  "type": "m.room.message",\n  "content": { "msgtype": "m.image", "body": "diagram.png", "url": "mxc://acme.chat/{a24}" }\n}',
  ],
  [
    'neg-matrix-server-keys-public-verify-key',
    '$ curl -s https://matrix.acme.chat/_matrix/key/v2/server | jq \'{server_name, verify_keys, valid_until_ts}\'\n{\n  "server_name": "acme.chat",\n  "verify_keys": { "ed25519:a_{a4}": { "key": "{b43}" } },\n  "valid_until_ts": 1718900000000\n}',
  ],
  [
    'neg-matrix-device-keys-upload-public-curve',
    '"device_keys": {\n  "user_id": "@maria:acme.chat",\n  "device_id": "{U10}",\n  "algorithms": ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"],\n  "keys": {\n    "curve25519:{U10}": "{b43}",\n    "ed25519:{U10}": "{b43}"\n  }\n}',
  ],
  [
    'neg-matrix-encrypted-event-ciphertext-session-id',
    '{\n  "type": "m.room.encrypted",\n  "content": {\n    "algorithm": "m.megolm.v1.aes-sha2",\n    "sender_key": "{b43}",\n    "device_id": "{U10}",\n    "session_id": "{b43}",\n    "ciphertext": "AwgAEn{b160}"\n  }\n}',
  ],
  [
    'neg-synapse-homeserver-secret-paths-only',
    'server_name: "acme.chat"\nsigning_key_path: "/data/acme.chat.signing.key"\nregistration_shared_secret_path: /run/secrets/synapse_registration\nmacaroon_secret_key: "%MACAROON_SECRET_KEY%"\nform_secret: null',
  ],
  [
    'neg-synapse-access-log-request-ids',
    '2024-06-12 08:41:07,912 - synapse.access.http.8008 - 465 - INFO - GET-{d6} - 10.0.7.3 - 8008 - {Processed request: 0.004sec/0.000sec (0.000sec, 0.000sec) (0.000sec/0.001sec/2) 3482B 200 "GET /_matrix/client/v3/sync?since=s{d6}_{d7}_{d4}_{d6}_{d5}_{d3}_{d5}_{d6}_{d2}&timeout=30000 HTTP/1.1" "Element/1.11.67"}',
  ],
  [
    'neg-matrix-room-alias-permalink-via',
    'Join the incident room: https://matrix.to/#/#incident-2024-06-12:acme.chat?via=acme.chat&via=matrix.org (room id !{a18}:acme.chat)',
  ],
  [
    'neg-asterisk-pjsip-endpoint-no-auth-section',
    '[carrier-a]\ntype=endpoint\ntransport=transport-udp\ncontext=from-carrier\ndisallow=all\nallow=alaw,g722\naors=carrier-a\nidentify_by=ip',
  ],
  [
    'neg-asterisk-dialplan-extension-patterns',
    '[from-internal]\nexten => _1XXX,1,NoOp(Internal call to ${EXTEN})\n same => n,Dial(PJSIP/${EXTEN},30,tT)\n same => n,VoiceMail(${EXTEN}@default,u)\n same => n,Hangup()\nexten => _9NXXNXXXXXX,1,Dial(PJSIP/${EXTEN:1}@carrier-a,60)',
  ],
  [
    'neg-asterisk-cli-pjsip-show-endpoints-output',
    ' Endpoint:  1001/1001                                            Not in use    0 of inf\n     InAuth:  1001-auth/1001\n        Aor:  1001                                               2\n      Contact:  1001/sip:1001@10.0.3.41:5060;ob         {h10} Avail        12.417\n  Transport:  transport-udp             udp      0      0  0.0.0.0:5060',
  ],
  [
    'neg-asterisk-manager-conf-secret-from-env-template',
    '; rendered by entrypoint.sh with envsubst\n[crm-connector]\nsecret = ${AMI_CRM_SECRET}\ndeny = 0.0.0.0/0.0.0.0\npermit = 10.20.0.0/255.255.0.0\nread = call,cdr',
  ],
  [
    'neg-asterisk-docker-compose-ports-volumes',
    'services:\n  asterisk:\n    image: andrius/asterisk:20\n    ports:\n      - "5060:5060/udp"\n      - "10000-10100:10000-10100/udp"\n    volumes:\n      - ./asterisk/etc:/etc/asterisk:ro\n      - ./asterisk/spool:/var/spool/asterisk',
  ],
  [
    'neg-asterisk-ami-event-with-uniqueid-linkedid',
    'Event: Newchannel\nPrivilege: call,all\nChannel: PJSIP/1001-0000{h4}\nChannelState: 0\nCallerIDNum: 1001\nUniqueid: 1718182831.{d4}\nLinkedid: 1718182831.{d4}',
  ],
  [
    'neg-freeswitch-directory-user-default-password-ref',
    '<user id="1005">\n  <params>\n    <param name="password" value="$${default_password}"/>\n  </params>\n  <variables>\n    <variable name="user_context" value="default"/>\n  </variables>\n</user>',
  ],
  [
    'neg-freeswitch-esl-event-plain-core-uuid',
    'Event-Name: CHANNEL_HANGUP_COMPLETE\nCore-UUID: {h8}-{h4}-{h4}-{h4}-{h12}\nFreeSWITCH-Hostname: fs-media-1\nUnique-ID: {h8}-{h4}-{h4}-{h4}-{h12}\nHangup-Cause: NORMAL_CLEARING\nvariable_sip_call_id: {a22}\nvariable_billsec: 184',
  ],
  [
    'neg-freeswitch-sofia-status-gateway-output',
    'freeswitch@fs-media-1> sofia status gateway flowtel\nName    \tflowtel\nProfile \texternal\nScheme  \tDigest\nRealm   \tsip.flowtel.net\nUsername\tacme_main\nPassword\tyes\nState   \tREGED (0)',
  ],
  [
    'neg-kamailio-cfg-dburl-env-substituted',
    '#!substdef "!DBURL!mysql://kamailio:$env(KAMAILIO_DB_PASSWORD)@10.0.4.5/kamailio!g"\nmodparam("auth_db", "db_url", DBURL)\nmodparam("auth_db", "calculate_ha1", yes)\nmodparam("auth_db", "password_column", "password")',
  ],
  [
    'neg-kamailio-kamctl-ul-show-contact',
    'AOR:: 3007@sip.acme.io\n    Contact:: sip:3007@198.51.100.44:50712;transport=tls;ob Q=\n        Expires:: 293\n        Callid:: {a32}\n        Cseq:: 4418\n        User-agent:: Zoiper v2.10.20.1\n        Received:: sip:198.51.100.44:50712;transport=TLS',
  ],
  [
    'neg-coturn-log-allocate-rest-username',
    '1718200011: : session 001000000000004117: realm <turn.acme.io> user <1718286400:u_{l12}>: incoming packet ALLOCATE processed, success\n1718200011: : session 001000000000004117: new, realm=<turn.acme.io>, username=<1718286400:u_{l12}>, lifetime=600',
  ],
  [
    'neg-coturn-compose-secret-from-file',
    '  coturn:\n    image: coturn/coturn:4.6\n    network_mode: host\n    command: ["-n", "--use-auth-secret", "--static-auth-secret=$$(cat /run/secrets/turn_secret)", "--realm=turn.acme.io"]\n    secrets: [turn_secret]',
  ],
  [
    'neg-webrtc-ice-servers-fetched-credential',
    "const { username, credential, uris } = await fetch('/api/turn-credentials').then((r) => r.json());\nconst pc = new RTCPeerConnection({ iceServers: [{ urls: uris, username, credential }] });",
  ],
  [
    'neg-turn-uris-stun-list-config',
    'iceServers:\n  - urls: ["stun:stun.l.google.com:19302", "stun:stun.acme.io:3478"]\n  - urls: ["turn:turn.acme.io:3478?transport=udp", "turns:turn.acme.io:5349?transport=tcp"]\n    credentialType: password',
  ],
  [
    'neg-ice-candidate-lines-no-ufrag',
    'a=candidate:{d10} 1 udp 2122260223 192.168.1.23 56143 typ host generation 0 network-id 1\na=candidate:{d10} 1 udp 1686052607 203.0.113.88 56143 typ srflx raddr 192.168.1.23 rport 56143 generation 0\na=candidate:{d10} 1 udp 41885439 198.51.100.10 61022 typ relay raddr 203.0.113.88 rport 56143 generation 0',
  ],
  [
    'neg-livekit-dev-mode-banner-default-keys',
    '$ livekit-server --dev\n2024-06-12T09:01:14.201Z\tINFO\tlivekit\tserver/main.go:211\tstarting in development mode\n2024-06-12T09:01:14.201Z\tINFO\tlivekit\tserver/main.go:214\tno keys provided, using placeholder keys\t{"API Key": "devkey", "API Secret": "secret"}',
  ],
  [
    'neg-livekit-room-participant-track-sids',
    '{"room":{"sid":"RM_{a12}","name":"standup"},"participant":{"sid":"PA_{a12}","identity":"maria"},"track":{"sid":"TR_{a12}","type":"AUDIO","source":"MICROPHONE"}}',
  ],
  [
    'neg-livekit-helm-values-existing-secret',
    'livekit:\n  keys: {}\n  key_file: /etc/livekit/keys.yaml\nstoreKeysInSecret:\n  enabled: true\n  existingSecret: livekit-api-keys',
  ],
  [
    'neg-livekit-cli-env-refs',
    'export LIVEKIT_URL=wss://rtc.acme.io\nexport LIVEKIT_API_KEY="$(vault kv get -field=key secret/rtc/livekit)"\nexport LIVEKIT_API_SECRET="$(vault kv get -field=secret secret/rtc/livekit)"\nlk room list',
  ],
  [
    'neg-jitsi-dotenv-empty-passwords-gen-hint',
    "# Security\n#\n# Set these to strong passwords to avoid intruders from impersonating a service account\n# The service(s) won't start unless these are specified\n# Running ./gen-passwords.sh will update .env with strong passwords\nJICOFO_AUTH_PASSWORD=\nJVB_AUTH_PASSWORD=\nJIGASI_XMPP_PASSWORD=",
  ],
  [
    'neg-prosody-component-secret-getenv',
    'Component "jitsi-videobridge.meet.acme.io"\n    component_secret = os.getenv("JVB_COMPONENT_SECRET")\n\nComponent "internal-muc.meet.acme.io" "muc"\n    storage = "memory"\n    modules_enabled = { "ping" }',
  ],
  [
    'neg-jitsi-meet-room-url-config-hash',
    'https://meet.acme.io/WeeklyPlanning-{a8}#config.startWithAudioMuted=true&config.prejoinConfig.enabled=false&userInfo.displayName=%22Ops%22',
  ],
  [
    'neg-jitsi-jwt-asap-keyserver-config',
    'JWT_APP_ID=acme_meet\nJWT_ASAP_KEYSERVER=https://keys.acme.io/asap\nJWT_ACCEPTED_ISSUERS=acme_portal\nJWT_ACCEPTED_AUDIENCES=jitsi\nJWT_ALLOW_EMPTY=0',
  ],
  [
    'neg-janus-transaction-session-handle-json',
    '{\n  "janus": "success",\n  "session_id": {d16},\n  "transaction": "{a12}",\n  "data": { "id": {d16} }\n}',
  ],
  [
    'neg-janus-log-dtls-fingerprint',
    '[{d16}] Creating ICE agent (ICE Full mode, controlled)\n[{d16}] Fingerprint of our certificate: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n[{d16}] The DTLS handshake has been completed',
  ],
  [
    'neg-xmpp-stream-features-sasl-mechanisms',
    "<stream:stream xmlns='jabber:client' xmlns:stream='http://etherx.jabber.org/streams' id='{d20}' from='chat.acme.io' version='1.0' xml:lang='en'>\n<stream:features><mechanisms xmlns='urn:ietf:params:xml:ns:xmpp-sasl'><mechanism>SCRAM-SHA-256</mechanism><mechanism>SCRAM-SHA-1</mechanism></mechanisms></stream:features>",
  ],
  [
    'neg-irc-nickserv-identified-notice-log',
    '[09:12] -NickServ(NickServ@services.libera.chat)- This nickname is registered. Please choose a different nickname, or identify via /msg NickServ IDENTIFY alice <password>\n[09:12] -NickServ(NickServ@services.libera.chat)- You are now identified for alice.',
  ],
  [
    'neg-znc-conf-network-without-pass',
    '<User alice>\n    Admin = true\n    Nick = alice\n    <Network libera>\n        Server = irc.libera.chat +6697\n        LoadModule = sasl\n        <Chan #acme-ci>\n        </Chan>\n    </Network>\n</User>',
  ],
  [
    'neg-weechat-sasl-password-secure-data-ref',
    '/secure set libera_pass\n/set irc.server.libera.sasl_password "${sec.data.libera_pass}"\n/connect libera',
  ],
  [
    'neg-murmur-log-cert-sha1-listening',
    '<W>2024-06-12 10:04:18.002 1 => Server listening on [::]:64738\n<W>2024-06-12 10:04:18.011 1 => Certificate digest: {h40}\n<W>2024-06-12 10:04:29.447 1 => <3:alice(-1)> Authenticated',
  ],
  [
    'neg-mattermost-permalink-post-and-channel-ids',
    "see https://mm.acme.io/acme/pl/{l26} — it's in channel {l26} (town-square), user id {l26}",
  ],
  [
    'neg-mattermost-config-datasource-env-override',
    '# the DataSource in config.json is overridden by MM_SQLSETTINGS_DATASOURCE at runtime\n"SqlSettings": {\n    "DriverName": "postgres",\n    "DataSource": "",\n    "DataSourceReplicas": []\n}',
  ],
  [
    'neg-mattermost-webhook-url-doc-template',
    'POST https://mm.acme.io/hooks/<hook-id>\nContent-Type: application/json\n\n{"channel": "town-square", "username": "ci-bot", "text": "Build #{d4} passed"}',
  ],
  [
    'neg-rocketchat-message-and-room-ids',
    '{"_id":"{a17}","rid":"GENERAL","msg":"deploy finished","ts":{"$date":1718181234567},"u":{"_id":"{a17}","username":"deploybot"}}',
  ],
  [
    'neg-rocketchat-curl-headers-from-env',
    'curl -H "X-Auth-Token: $RC_TOKEN" -H "X-User-Id: $RC_USER_ID" \\\n  "https://chat.acme.io/api/v1/chat.postMessage" -d \'{"channel":"#ci","text":"ok"}\'',
  ],
  [
    'neg-kannel-status-page-smsc-ids',
    "Kannel bearerbox version `1.4.5'. Build `Jun 12 2024 08:00:11', compiler `12.2.0'.\nStatus: running, uptime 3d 4h 12m 7s\nSMS: received 18231 (0 queued), sent 91804 (12 queued), store size 0\nSMSC connections:\n    operator-a[operator-a]      SMPP:smpp.operator-a.com:2775/2775:acme01:SMPP (online 301122s, rcvd 18231, sent 91804, failed 3, queued 12 msgs)",
  ],
  [
    'neg-kannel-conf-jinja-templated-password',
    'group = smsc\nsmsc = smpp\nsmsc-id = {{ item.id }}\nhost = {{ item.host }}\nsmsc-username = {{ item.system_id }}\nsmsc-password = {{ item.password }}',
  ],
  [
    'neg-smpp-submit-sm-resp-message-ids-log',
    '2024-06-11 09:15:44,201 INFO  submit_sm seq=4211 src=AcmeBank dst=254712000111 -> submit_sm_resp status=ESME_ROK message_id={h16}\n2024-06-11 09:15:47,902 INFO  deliver_sm seq=77 receipted_message_id={h16} stat=DELIVRD err=000',
  ],
  [
    'neg-smpp-pdu-hexdump-enquire-link',
    '>> enquire_link  00000010 00000015 00000000 0000{h4}\n<< enquire_link_resp  00000010 80000015 00000000 0000{h4}',
  ],
  [
    'neg-sinch-batch-curl-token-env-service-plan',
    'curl -X POST "https://eu.sms.api.sinch.com/xms/v1/{h32}/batches" \\\n  -H "Authorization: Bearer ${SINCH_API_TOKEN}" \\\n  -H "Content-Type: application/json" -d @batch.json',
  ],
  [
    'neg-sinch-batch-response-ulid-ids',
    '{"id":"01{U24}","to":["12085550199"],"from":"12085550100","canceled":false,"body":"Your table is ready","type":"mt_text","created_at":"2024-06-12T09:03:11.742Z","delivery_report":"none"}',
  ],
  [
    'neg-messagebird-message-id-response',
    '{"id":"{h32}","href":"https://rest.messagebird.com/messages/{h32}","direction":"mt","type":"sms","originator":"Acme","recipients":{"totalCount":1,"totalSentCount":1}}',
  ],
  [
    'neg-infobip-bulk-message-ids-response',
    '{"bulkId":"{d20}","messages":[{"messageId":"{d20}","status":{"groupName":"PENDING","name":"PENDING_ACCEPTED"},"destination":"385981234567"}]}',
  ],
  [
    'neg-infobip-base-url-and-header-placeholder',
    'Base URL: https://{l6}.api.infobip.com  (not a secret — it only routes requests)\nAuthorization: App <your-api-key>',
  ],
  [
    'neg-telnyx-webhook-public-key-env',
    '# Telnyx Mission Control > Keys & Credentials > Public Key (used to verify webhook signatures)\nTELNYX_PUBLIC_KEY={b43}=\nTELNYX_WEBHOOK_TOLERANCE_SECONDS=300',
  ],
  [
    'neg-telnyx-call-control-id-event',
    '{"data":{"event_type":"call.answered","id":"{h8}-{h4}-{h4}-{h4}-{h12}","payload":{"call_control_id":"v3:{B40}","call_leg_id":"{h8}-{h4}-{h4}-{h4}-{h12}","call_session_id":"{h8}-{h4}-{h4}-{h4}-{h12}","connection_id":"{d19}"}}}',
  ],
  [
    'neg-plivo-auth-id-callback-log',
    '[plivo-callback] Direction=outbound From=+14155550100 To=+14155550177 CallUUID={h8}-{h4}-{h4}-{h4}-{h12} CallStatus=completed ParentAuthID=MA{u18}',
  ],
  [
    'neg-vonage-application-id-and-public-key',
    'VONAGE_APPLICATION_ID={h8}-{h4}-{h4}-{h4}-{h12}\nVONAGE_PUBLIC_KEY="-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n{b64}\n{b64}\n{b56}IDAQAB\n-----END PUBLIC KEY-----"',
  ],
  [
    'neg-vonage-dotenv-env-refs-only',
    'VONAGE_API_KEY=${VONAGE_API_KEY}\nVONAGE_API_SECRET=${VONAGE_API_SECRET}\nVONAGE_PRIVATE_KEY_PATH=./private.key',
  ],
  [
    'neg-africastalking-sandbox-username-env-key',
    'username = "sandbox"   # always "sandbox" for the sandbox app\napi_key = os.environ["AT_API_KEY"]\nafricastalking.initialize(username, api_key)',
  ],
  [
    'neg-bandwidth-account-and-application-ids',
    'BW_ACCOUNT_ID={d7}\nBW_VOICE_APPLICATION_ID={h8}-{h4}-{h4}-{h4}-{h12}\nBW_NUMBER=+19195550100\nBW_USERNAME=acme-api-user\nBW_PASSWORD_FILE=/run/secrets/bw_password',
  ],
  [
    'neg-genesys-conversation-ids-analytics-query',
    'POST /api/v2/analytics/conversations/details/query\n{"interval":"2024-06-01T00:00:00Z/2024-06-08T00:00:00Z","segmentFilters":[{"type":"and","predicates":[{"dimension":"queueId","value":"{h8}-{h4}-{h4}-{h4}-{h12}"}]}],"paging":{"pageSize":100}}',
  ],
  [
    'neg-spreed-signaling-conf-paths-no-secrets',
    '[http]\nlisten = 127.0.0.1:8080\n\n[nats]\nurl = nats://localhost:4222\n\n[mcu]\ntype = janus\nurl = ws://127.0.0.1:8188',
  ],
  [
    'neg-signaling-server-env-secret-refs',
    'SIGNALING_JWT_SECRET_FILE=/run/secrets/signaling_jwt\nTURN_REST_SECRET=${TURN_REST_SECRET:?must be set}\nALLOWED_ORIGINS=https://app.acme.io',
  ],
  [
    'neg-sip-uri-and-phone-number-prose',
    'Route calls for sip:sales@acme.io and tel:+44-20-7946-0958 to queue 600; overflow goes to ext 2011 after 45s. Carrier DIDs: +442079460958, +442079460959.',
  ],
  [
    'neg-sip-options-keepalive-user-agent',
    'OPTIONS sip:sbc.carrier-b.net:5060 SIP/2.0\nVia: SIP/2.0/UDP 203.0.113.20:5060;branch=z9hG4bK{h8}.{d1}\nFrom: <sip:keepalive@203.0.113.20>;tag={h8}\nCall-ID: {h8}-{h4}@203.0.113.20\nUser-Agent: kamailio (5.8.2 (x86_64/linux))\nMax-Forwards: 70',
  ],
  [
    'neg-openssl-rand-generate-command-no-output',
    '# generate a fresh coturn secret and write it straight into the k8s secret\nkubectl -n rtc create secret generic coturn-auth --from-literal=static-auth-secret="$(openssl rand -hex 32)"',
  ],
  [
    'neg-pjsip-auth-password-ansible-vault-ref',
    'pjsip_trunk_auth:\n  username: "acme-trunk-0042"\n  password: "{{ vault_pjsip_trunk_password }}"\n  realm: sip.voipco.net',
  ],
  [
    'neg-github-actions-twilio-secrets-refs',
    '    env:\n      TWILIO_ACCOUNT_SID: ${{ secrets.TWILIO_ACCOUNT_SID }}\n      TWILIO_AUTH_TOKEN: ${{ secrets.TWILIO_AUTH_TOKEN }}\n      TWILIO_FROM: "+14155550100"',
  ],
  [
    'neg-synapse-changelog-secret-option-names',
    'Synapse 1.104: `registration_shared_secret_path` and `form_secret_path` can now be used instead of inlining the values; `macaroon_secret_key` falls back to a key derived from the signing key when unset.',
  ],
  [
    'neg-synapse-admin-users-list-response',
    '{"users":[{"name":"@maria:acme.chat","user_type":null,"is_guest":false,"admin":false,"deactivated":false,"displayname":"Maria K","avatar_url":"mxc://acme.chat/{a24}","creation_ts":1701234567000}],"next_token":"100","total":1877}',
  ],
  [
    'neg-matrix-hookshot-webhook-config-no-secret',
    'generic:\n  enabled: true\n  urlPrefix: https://hookshot.acme.chat/webhook/\n  allowJsTransformationFunctions: false\n  waitForComplete: true\npassFile: /data/passkey.pem',
  ],
  [
    'neg-mumble-docker-env-from-secret-file',
    '    environment:\n      MUMBLE_SUPERUSER_PASSWORD_FILE: /run/secrets/mumble_su\n      MUMBLE_CONFIG_WELCOMETEXT: "Welcome to Acme voice"\n      MUMBLE_CONFIG_USERS: "100"',
  ],
  [
    'neg-agora-app-id-only-client-js',
    "const client = AgoraRTC.createClient({ mode: 'rtc', codec: 'vp8' });\nawait client.join('{h32}', 'standup', await fetchToken('standup'), null);",
  ],
  [
    'neg-pubnub-publish-subscribe-keys-browser',
    "const pubnub = new PubNub({\n  publishKey: 'pub-c-{h8}-{h4}-{h4}-{h4}-{h12}',\n  subscribeKey: 'sub-c-{h8}-{h4}-{h4}-{h4}-{h12}',\n  userId: 'web-{l8}',\n});",
  ],
  [
    'neg-stream-chat-public-api-key-client',
    "const chatClient = StreamChat.getInstance('{l12}');\nawait chatClient.connectUser({ id: 'maria' }, tokenFromBackend);",
  ],
  [
    'neg-sip-digest-config-md5-docs-masked',
    '; pjsip.conf — credentials come from the realtime DB, shown masked in the CLI\n[1001-auth]\ntype=auth\nauth_type=userpass\nusername=1001\npassword=********',
  ],
  [
    'neg-twilio-video-room-sid-and-participant',
    'Room RM{h32} "standup" status=in-progress, participants: PA{h32} (maria), PA{h32} (ops-bot); recording: RT{h32}',
  ],
];
