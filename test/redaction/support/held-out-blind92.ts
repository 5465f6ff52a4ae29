/** A ninety-second held-out batch, written blind: legacy and enterprise middleware, mainframe and ERP credentials (z/OS JCL, RACF, TSO/CICS, Zowe, IBM i, IBM MQ, WebSphere, WebLogic, JBoss, Tomcat, TIBCO, Informatica, Oracle EBS, SAP, Domino, Control-M/AutoSys, Windows batch, VB6/ASP/Perl, Crystal/SSRS) in configs, scripts, job logs, code and chat prose, and hard look-alikes (dataset, job and channel names, message ids, SAP tcodes and clients, Notes UNIDs, checksums, certificate labels, placeholders). */
export const BLIND92_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'ent92-jcl-job-card-password-keyword-same-line',
    "//PAYRL01  JOB (ACCT,'PAYROLL'),'NIGHTLY RUN',CLASS=A,MSGCLASS=X,\n//             USER=BATCH01,PASSWORD=«{u8}»,NOTIFY=&SYSUID\n//STEP010  EXEC PGM=PAYR0100\n//STEPLIB  DD DSN=PROD.PAYROLL.LOADLIB,DISP=SHR",
  ],
  [
    'ent92-jcl-job-card-password-continuation-comment',
    "//GLEXTR   JOB (GL0042),'GL EXTRACT',\n//             CLASS=B,MSGCLASS=H,REGION=0M,\n//             PASSWORD=«{u8}»,            TEMP UNTIL RACF SURROGAT DONE\n//             USER=GLBATCH\n//*",
  ],
  [
    'ent92-jcl-ftp-step-input-dd-user-pass-lines',
    "//FTPSTEP  EXEC PGM=FTP,PARM='(EXIT TIMEOUT 60'\n//SYSPRINT DD SYSOUT=*\n//OUTPUT   DD SYSOUT=*\n//INPUT    DD *\n10.44.8.21 21\nxferusr\n«{a12}»\ncd /inbound/gl\nput 'PROD.GL.EXTRACT.DAILY' gl_extract.txt\nquit\n/*",
  ],
  [
    'ent92-jcl-ftp-step-user-command-inline',
    "//INPUT    DD *\nsftpgw.corp.local\nUSER edi_mvs «{a10}{d2}»\nASCII\nGET /outbound/edi850.txt 'EDI.IN850.DATA' (REPLACE\nQUIT\n/*",
  ],
  [
    'ent92-unix-ftp-script-to-mvs-quote-site',
    '#!/bin/ksh\nftp -n mvs1.corp.local <<EOF\nquote USER IBMUSER\nquote PASS «{u8}»\nquote site filetype=jes\nput payrl01.jcl\nbye\nEOF',
  ],
  [
    'ent92-netrc-mainframe-host-login-password',
    '$ cat ~/.netrc\nmachine mvsprd.corp.local login FTPXFR password «{u8}»\nmachine mvsdev.corp.local login FTPXFR password «{u8}»',
  ],
  ['ent92-racf-altuser-password-noexpired', 'READY\nALTUSER BATCH01 PASSWORD(«{u8}») NOEXPIRED RESUME\nREADY\nLISTUSER BATCH01 NORACF TSO'],
  [
    'ent92-racf-adduser-password-dfltgrp-owner',
    "ADDUSER CICSDB2 NAME('CICS DB2 THREAD') DFLTGRP(CICSGRP) OWNER(SECADM) -\n  PASSWORD(«{u8}») TSO(ACCTNUM(SYS0001) PROC(IKJACCNT))",
  ],
  ['ent92-racf-altuser-password-phrase-quoted', "ALU ZOWEADM PHRASE('«{L5} {L6} {L4} {d4}»') NOEXPIRED\nALU ZOWEADM RESUME"],
  [
    'ent92-racf-ptktdata-ssignon-keymasked',
    'RDEFINE PTKTDATA CICSPRD1 SSIGNON(KEYMASKED(«{H16}»)) UACC(NONE)\nSETROPTS RACLIST(PTKTDATA) REFRESH',
  ],
  ['ent92-tso-logon-userid-slash-password', 'IKJ56700A ENTER USERID -\nLOGON IBMUSER/«{u8}» PROC(ISPFPROC) SIZE(0)'],
  [
    'ent92-tso-logon-old-new-password-change',
    'tried this at the READY prompt after the expire notice:\nLOGON JDOE01/«{u8}»/«{u8}»\nand it still says IKJ56421I PASSWORD NOT AUTHORIZED FOR USERID JDOE01',
  ],
  [
    'ent92-cics-cesn-user-ps-operands',
    'Type into the blank CICS screen:\nCESN USER=CICSOPR,PS=«{u8}»\nthen CEMT I TASK to confirm the sign-on.',
  ],
  [
    'ent92-cics-ctg-eci-request-java-userid-password',
    'ECIRequest req = new ECIRequest(\n    ECIRequest.ECI_SYNC, "CICSPRD1", "CTGUSR01", "«{u8}»",\n    "ACCT0100", null, commarea, commarea.length,\n    ECIRequest.ECI_NO_EXTEND, ECIRequest.ECI_LUW_NEW);\ngateway.flow(req);',
  ],
  [
    'ent92-racdcert-add-p12-password-quoted',
    "//SYSTSIN  DD *\n RACDCERT ID(CICSUSR) ADD('SECADM.CERTS.CICSPRD.P12') -\n   WITHLABEL('CICSPRD1 TLS 2025') PASSWORD('«{a12}»') TRUST\n SETROPTS RACLIST(DIGTCERT) REFRESH\n/*",
  ],
  [
    'ent92-db2zos-jcc-url-user-password-props',
    'jdbc:db2://mvsprd.corp.local:446/DSNPLOC1:user=DB2APP;password=«{u8}»;currentSchema=PAYROLL;retrieveMessagesFromServerOnGetMessage=true;',
  ],
  [
    'ent92-db2-clp-connect-using-zos-location',
    '$ db2 catalog tcpip node MVSPRD remote mvsprd.corp.local server 446\n$ db2 catalog dcs db DSNP as DSNPLOC1\n$ db2 connect to DSNP user DB2DBA using «{u8}»',
  ],
  [
    'ent92-db2dsdriver-cfg-parameter-password',
    '<dsncbndr>\n <database name="DSNPLOC1" host="mvsprd.corp.local" port="446">\n  <parameter name="UserID" value="DB2ETL"/>\n  <parameter name="Password" value="«{a10}»"/>\n  <parameter name="SecurityMechanism" value="3"/>\n </database>',
  ],
  [
    'ent92-zowe-profiles-create-zosmf-password-flag',
    'zowe profiles create zosmf-profile prd1 --host mvsprd.corp.local --port 443 \\\n  --user ZOWEADM --password «{u8}» --reject-unauthorized false',
  ],
  [
    'ent92-zowe-team-config-password-not-in-secure-array',
    '{\n  "profiles": {\n    "prd1": {\n      "type": "zosmf",\n      "properties": { "host": "mvsprd.corp.local", "port": 443, "user": "ZOWEADM", "password": "«{u8}»" },\n      "secure": []\n    }\n  }\n}',
  ],
  [
    'ent92-zowe-opt-password-env-export',
    'export ZOWE_OPT_HOST=mvsprd.corp.local\nexport ZOWE_OPT_USER=JENKMF\nexport ZOWE_OPT_PASSWORD=«{u8}»\nzowe zos-jobs submit data-set "PROD.JCL(BLDCOB)" --wait-for-output',
  ],
  [
    'ent92-zowe-files-download-inline-user-password',
    'zowe zos-files download data-set "DEV.COBOL.SRC(ACCT0100)" -f src/ACCT0100.cbl \\\n  --host mvsdev.corp.local --user DEVJD01 --password «{u8}» --ru false',
  ],
  [
    'ent92-zosmf-restjobs-curl-basic-userpass',
    'curl -k -u ZOWEADM:«{u8}» -H "X-CSRF-ZOSMF-HEADER: true" \\\n  "https://mvsprd.corp.local/zosmf/restjobs/jobs?owner=BATCH01&prefix=PAYRL*"',
  ],
  [
    'ent92-ansible-zos-inventory-ansible-password',
    'all:\n  hosts:\n    zprd1:\n      ansible_host: mvsprd.corp.local\n      ansible_user: ANSIUSR\n      ansible_password: «{u8}»\n      ansible_python_interpreter: /usr/lpp/IBM/cyp/v3r11/pyz/bin/python3',
  ],
  [
    'ent92-jes-sysout-ftp-input-echo-pass',
    'EZA1736I FTP (EXIT TIMEOUT 60\nEZA1450I IBM FTP CS V2R5\nEZA1554I Connecting to:   10.44.8.21 port: 21.\nEZA1701I >>> USER xferusr\n331 Password required for xferusr.\nEZA1701I >>> PASS «{a12}»\n230 User xferusr logged in.',
  ],
  [
    'ent92-connect-direct-process-snodeid-pair',
    'NDMPROC1 PROCESS SNODE=CD.UNIX.PRD1 -\n         SNODEID=(cdxfer,«{a10}»)\nSTEP01   COPY FROM (DSN=PROD.AR.EXTRACT DISP=SHR PNODE) -\n              TO (FILE=/data/in/ar_extract.dat DISP=RPL SNODE)',
  ],
  [
    'ent92-rexx-ftp-queue-user-password',
    '/* REXX - push GL file */\nqueue "open 10.44.8.21"\nqueue "user glxfer «{a11}»"\nqueue "put \'PROD.GL.EXTRACT\' gl.txt"\nqueue "quit"\n"FTP (EXIT"',
  ],
  [
    'ent92-x3270-script-string-password-enter',
    'Connect(mvsprd.corp.local:23)\nWait(InputField)\nString("TSO JDOE01\\n")\nWait(InputField)\nString("«{u8}»")\nEnter()',
  ],
  [
    'ent92-python-ftplib-mvs-login',
    'from ftplib import FTP\nftp = FTP("mvsprd.corp.local")\nftp.login("FTPXFR", "«{u8}»")\nftp.sendcmd("SITE FILETYPE=JES")',
  ],
  [
    'ent92-cobol-embedded-sql-connect-value-clause',
    "       01  WS-DB-NAME        PIC X(18) VALUE 'DSNPLOC1'.\n       01  WS-DB-USER        PIC X(08) VALUE 'DB2APP'.\n       01  WS-DB-PASS        PIC X(08) VALUE '«{u8}»'.\n           EXEC SQL\n               CONNECT TO :WS-DB-NAME USER :WS-DB-USER USING :WS-DB-PASS\n           END-EXEC.",
  ],
  [
    'ent92-cobol-microfocus-connect-literal-using',
    "           EXEC SQL\n               CONNECT TO 'ACCTPRD' USER 'cobapp' USING '«{a12}»'\n           END-EXEC\n           IF SQLCODE NOT = 0\n              DISPLAY 'CONNECT FAILED ' SQLCODE",
  ],
  [
    'ent92-rpg-free-exec-sql-connect-inz-password',
    "dcl-s rdbName char(18) inz('S10A4B2C');\ndcl-s usrPrf  char(10) inz('SQLREMOTE');\ndcl-s usrPwd  char(10) inz('«{a10}»');\nexec sql connect to :rdbName user :usrPrf using :usrPwd;",
  ],
  ['ent92-natural-adabas-ntpwd-logon-batch', '//CMSYNIN  DD *\nLOGON PRODLIB BATCHNAT «{u8}»\nEXECUTE NIGHTLY\nFIN\n/*'],
  [
    'ent92-jcl-ikjeft01-racdcert-export-password',
    "//SYSTSIN  DD *\n RACDCERT ID(MQPRD1) EXPORT(LABEL('ibmwebspheremqmqprd1')) -\n   DSN('SECADM.MQPRD1.P12') FORMAT(PKCS12DER) PASSWORD('«{a14}»')\n/*",
  ],
  [
    'ent92-chat-mainframe-jcl-password-prose',
    'hey, the nightly job PAYRL01 started failing with ICH408I after the password rotation. new one for BATCH01 is «{u8}», can you update the JOB card in PROD.JCL(PAYRL01) and resubmit via zowe?',
  ],
  [
    'ent92-ispf-edit-macro-ftp-login-rexx-vars',
    "/* REXX */\nuser = 'SHIPXFR'\npass = '«{a10}»'\naddress tso \"ALLOC F(INPUT) DA('\"userid()\".FTP.CMDS') SHR REUSE\"",
  ],
  [
    'ent92-ibmi-odbc-connstring-uid-pwd',
    'Driver={IBM i Access ODBC Driver};System=AS400PRD;DefaultLibraries=PRODLIB,QGPL;Uid=ODBCRPT;Pwd=«{a10}»;CommitMode=0;',
  ],
  [
    'ent92-ibmi-jt400-jdbc-url-user-password',
    'spring.datasource.url=jdbc:as400://as400prd.corp.local;naming=system;libraries=PRODLIB,QGPL;user=JAVAAPP;password=«{u10}»\nspring.datasource.driver-class-name=com.ibm.as400.access.AS400JDBCDriver',
  ],
  [
    'ent92-ibmi-jt400-java-as400-constructor',
    'AS400 sys = new AS400("as400prd.corp.local", "JAVAAPP", "«{u10}»".toCharArray());\nCommandCall cmd = new CommandCall(sys);\ncmd.run("SBMJOB CMD(CALL PGM(PRODLIB/NIGHTLY)) JOB(NIGHTLY)");',
  ],
  ['ent92-ibmi-cl-chgusrprf-password', 'CHGUSRPRF USRPRF(BATCHUSR) PASSWORD(«{u10}») PWDEXP(*NO) STATUS(*ENABLED)'],
  [
    'ent92-ibmi-cl-crtusrprf-password-usrcls',
    "CRTUSRPRF USRPRF(WEBSVC01) PASSWORD(«{u10}») USRCLS(*USER) +\n          INLPGM(*NONE) LMTCPB(*YES) TEXT('REST API service user')",
  ],
  [
    'ent92-ibmi-addsvraute-password-quoted',
    "ADDSVRAUTE USRPRF(QSYSOPR) SERVER(QDDMDRDASERVER) +\n           USRID(REMUSR) PASSWORD('«{a10}»')",
  ],
  [
    'ent92-ibmi-ftp-script-member-user-line',
    '/* member QGPL/QCLSRC(FTPCMDS) */\nUSER EDIUSR «{a10}»\nNAMEFMT 1\nPUT /QSYS.LIB/EDILIB.LIB/OUT850.FILE/OUT850.MBR /edi/out/out850.txt\nQUIT',
  ],
  [
    'ent92-ibmi-pyodbc-connect-iseries-pwd',
    'import pyodbc\nconn = pyodbc.connect(\n    "DRIVER={iSeries Access ODBC Driver};SYSTEM=10.3.1.40;UID=PYRPT;PWD=«{a10}»;DBQ=PRODLIB"\n)',
  ],
  [
    'ent92-ibmi-itoolkit-node-ssh-transport-password',
    "const { Connection } = require('itoolkit');\nconst conn = new Connection({\n  transport: 'ssh',\n  transportOptions: { host: 'as400prd.corp.local', username: 'NODEAPP', password: '«{a12}»' },\n});",
  ],
  ['ent92-ibmi-pc5250-macro-password-field', '[wait app]\n"JDOE[tab]"\n"«{a10}»[enter]"\n[wait inp inh]\n"CALL MENU01[enter]"'],
  [
    'ent92-ibmi-php-db2-connect-password',
    "<?php\n$conn = db2_connect('*LOCAL', 'PHPWEB', '«{a10}»', ['i5_lib' => 'WEBLIB', 'i5_naming' => DB2_I5_NAMING_ON]);\nif (!$conn) { echo db2_conn_errormsg(); }",
  ],
  [
    'ent92-ibmi-rpg-qsygetph-password-literal',
    "dcl-s userId char(10) inz('SWAPUSR');\ndcl-s pwd    char(10) inz('«{u10}»');\nQSYGETPH(userId : pwd : prfHandle : errCode : %len(%trim(pwd)) : 0);\nQWTSETP(prfHandle : errCode);",
  ],
  [
    'ent92-ibmi-acs-jdbc-config-property-file',
    '# ~/.acs/dbconn.properties used by the DB2 for i run SQL scripts launcher\nas400.system=AS400PRD\nas400.user=QPGMRX\nas400.password=«{a12}»',
  ],
  [
    'ent92-ibmi-chat-qsecofr-password-prose',
    'we only have the QSECOFR profile on the dev LPAR (S20B55AE), password is «{u10}» — can you write me the CL to create a proper admin profile so I stop using it?',
  ],
  [
    'ent92-mqsc-authinfo-ldappwd',
    "DEFINE AUTHINFO(LDAP.IDPW) AUTHTYPE(IDPWLDAP) +\n  CONNAME('ldap.corp.local(636)') SECCOMM(YES) +\n  LDAPUSER('cn=mqbind,ou=svc,dc=corp,dc=local') LDAPPWD('«{a16}»') +\n  SHORTUSR('uid') BASEDNU('ou=people,dc=corp,dc=local') AUTHORMD(SEARCHGRP)",
  ],
  [
    'ent92-mq-jms-cf-setstringproperty-password',
    'JmsConnectionFactory cf = ff.createConnectionFactory();\ncf.setStringProperty(WMQConstants.WMQ_HOST_NAME, "mqprd01.corp.local");\ncf.setStringProperty(WMQConstants.WMQ_CHANNEL, "APP1.SVRCONN");\ncf.setStringProperty(WMQConstants.USERID, "app1");\ncf.setStringProperty(WMQConstants.PASSWORD, "«{a14}»");',
  ],
  [
    'ent92-mq-spring-boot-ibm-mq-password',
    'ibm.mq.queueManager=QMPRD1\nibm.mq.channel=APP1.SVRCONN\nibm.mq.connName=mqprd01.corp.local(1414)\nibm.mq.user=app1\nibm.mq.password=«{a16}»',
  ],
  [
    'ent92-mq-pymqi-connect-user-password-args',
    'import pymqi\nqmgr = pymqi.connect("QMPRD1", "APP1.SVRCONN", "mqprd01.corp.local(1414)",\n                     user="app1", password="«{a14}»")',
  ],
  [
    'ent92-mq-node-ibmmq-mqcsp-password',
    "const csp = new mq.MQCSP();\ncsp.UserId = 'app1';\ncsp.Password = '«{a14}»';\ncno.SecurityParms = csp;\nmq.Connx('QMPRD1', cno, onConnect);",
  ],
  [
    'ent92-mq-container-env-app-admin-passwords',
    'docker run -d --name qmdev1 -p 1414:1414 -p 9443:9443 \\\n  -e LICENSE=accept -e MQ_QMGR_NAME=QMDEV1 \\\n  -e MQ_APP_PASSWORD=«{a14}» -e MQ_ADMIN_PASSWORD=«{a14}» \\\n  icr.io/ibm-messaging/mq:9.4.0.0-r1',
  ],
  [
    'ent92-mq-mqwebuser-xml-basic-registry-user',
    '<basicRegistry id="basic" realm="defaultRealm">\n  <user name="mqadmin" password="«{a16}»"/>\n  <user name="mqreader" password="«{a14}»"/>\n  <group name="MQWebAdminGroup"><member name="mqadmin"/></group>\n</basicRegistry>',
  ],
  ['ent92-mq-mqwebuser-xml-xor-encoded-password', '<user name="mqadmin" password="«{xor}{b24}»"/>'],
  [
    'ent92-mq-runmqakm-create-kdb-pw-stash',
    'runmqakm -keydb -create -db /var/mqm/qmgrs/QMPRD1/ssl/key.kdb -pw «{a16}» -type cms -stash\nrunmqakm -cert -add -db /var/mqm/qmgrs/QMPRD1/ssl/key.kdb -stashed -label corp_root_ca -file corp-root.pem',
  ],
  [
    'ent92-mq-runmqakm-cert-add-pw-label',
    'runmqakm -cert -add -db key.kdb -pw «{a12}» -label ibmwebspheremqqmprd1 -file qmprd1.pem -format ascii',
  ],
  [
    'ent92-mq-c-mqcsp-password-pointer',
    'MQCSP csp = {MQCSP_DEFAULT};\ncsp.AuthenticationType = MQCSP_AUTH_USER_ID_AND_PWD;\ncsp.CSPUserIdPtr = "app1";\ncsp.CSPUserIdLength = 4;\ncsp.CSPPasswordPtr = "«{a12}»";\ncsp.CSPPasswordLength = 12;',
  ],
  [
    'ent92-mq-dotnet-properties-password-property',
    'Hashtable props = new Hashtable();\nprops.Add(MQC.HOST_NAME_PROPERTY, "mqprd01.corp.local");\nprops.Add(MQC.CHANNEL_PROPERTY, "APP1.SVRCONN");\nprops.Add(MQC.USER_ID_PROPERTY, "app1");\nprops.Add(MQC.PASSWORD_PROPERTY, "«{a14}»");',
  ],
  [
    'ent92-mq-mft-credentials-xml-qmgr-password',
    '<tns:mqmftCredentials xmlns:tns="http://wmqfte.ibm.com/MQMFTCredentials">\n  <tns:qmgr name="QMFTE1" user="mftagent" mqUserId="mftagent" mqPassword="«{a14}»"/>\n</tns:mqmftCredentials>',
  ],
  [
    'ent92-mq-mqccred-ini-queuemanager-password',
    '# MQCCRED=/home/app1/mqccred.ini (before runmqccred protects it)\nQueueManager:\n   Name=QMPRD1\n   User=app1\n   Password=«{a14}»',
  ],
  [
    'ent92-was-security-xml-authdata-xor',
    '<authDataEntries xmi:id="JAASAuthData_1718000000001" alias="CellMgr01/DB2PRD_AUTH" userId="db2inst1" password="«{xor}{b20}»" description="Payroll DB2"/>',
  ],
  [
    'ent92-was-soap-client-props-login-password-xor',
    'com.ibm.SOAP.securityEnabled=true\ncom.ibm.SOAP.loginUserid=wasadmin\ncom.ibm.SOAP.loginPassword=«{xor}{b16}»\ncom.ibm.SOAP.requestTimeout=180',
  ],
  [
    'ent92-was-sas-client-props-cleartext-corba-password',
    'com.ibm.CORBA.loginSource=properties\ncom.ibm.CORBA.loginUserid=wasadmin\ncom.ibm.CORBA.loginPassword=«{a14}»',
  ],
  [
    'ent92-was-wsadmin-sh-password-flag',
    '/opt/IBM/WebSphere/AppServer/profiles/Dmgr01/bin/wsadmin.sh -lang jython -conntype SOAP \\\n  -host dmgr01.corp.local -port 8879 -user wasadmin -password «{a14}» -f deploy_payroll.py',
  ],
  [
    'ent92-was-jython-create-auth-data-entry',
    'AdminTask.createAuthDataEntry(\'[-alias ORAPRD_AUTH -user payapp -password «{a14}» -description "Oracle payroll"]\')\nAdminConfig.save()',
  ],
  [
    'ent92-liberty-server-xml-datasource-xor-password',
    '<dataSource id="payrollDS" jndiName="jdbc/payroll">\n  <jdbcDriver libraryRef="db2Lib"/>\n  <properties.db2.jcc databaseName="PAYPRD" serverName="db2prd01" portNumber="50000"\n                      user="payapp" password="«{xor}{b20}»"/>\n</dataSource>',
  ],
  ['ent92-liberty-keystore-aes-password', '<keyStore id="defaultKeyStore" location="key.p12" type="PKCS12" password="«{aes}{b60}»"/>'],
  [
    'ent92-liberty-server-env-keystore-password',
    '# wlp/usr/servers/payroll/server.env\nkeystore_password=«{a20}»\nDB_USER=payapp\nDB_PASS=«{a16}»',
  ],
  [
    'ent92-ihs-gskcmd-create-kdb-pw-stash',
    '/opt/IBM/HTTPServer/bin/gskcmd -keydb -create -db /opt/IBM/HTTPServer/ssl/plugin-key.kdb \\\n  -pw «{a14}» -type cms -expire 3650 -stash',
  ],
  [
    'ent92-was-manageprofiles-admin-password',
    './manageprofiles.sh -create -profileName Dmgr01 -templatePath ../profileTemplates/management \\\n  -enableAdminSecurity true -adminUserName wasadmin -adminPassword «{a14}» -cellName PRDCell01',
  ],
  [
    'ent92-was-chat-xor-decode-ask-prose',
    'found this in security.xml on the old WAS 8.5 box: password="«{xor}{b16}»" for alias DB2PRD_AUTH. is that just xor with underscore? need the real value to migrate to Liberty',
  ],
  [
    'ent92-weblogic-boot-properties-cleartext-before-start',
    '# $DOMAIN_HOME/servers/AdminServer/security/boot.properties\nusername=weblogic\npassword=«{a14}»',
  ],
  [
    'ent92-weblogic-wlst-connect-positional-password',
    "connect('weblogic', '«{a14}»', 't3://wlsadmin01.corp.local:7001')\nedit()\nstartEdit()",
  ],
  [
    'ent92-weblogic-deployer-password-flag',
    'java weblogic.Deployer -adminurl t3://wlsadmin01.corp.local:7001 -username weblogic \\\n  -password «{a14}» -deploy -name payroll -targets PayCluster payroll.ear',
  ],
  [
    'ent92-weblogic-docker-domain-properties',
    '# properties/domain.properties mounted into container-scripts\nusername=weblogic\npassword=«{a12}{d2}»',
  ],
  [
    'ent92-weblogic-wdt-model-admin-password-literal',
    "domainInfo:\n    AdminUserName: weblogic\n    AdminPassword: '«{a16}»'\ntopology:\n    Name: paydomain",
  ],
  [
    'ent92-weblogic-startup-management-password-sysprop',
    'JAVA_OPTIONS="${JAVA_OPTIONS} -Dweblogic.management.username=weblogic -Dweblogic.management.password=«{a14}»"',
  ],
  [
    'ent92-weblogic-nodemanager-nm-password-properties',
    '# nodemanager/nm_password.properties (before first start encrypts it)\nusername=nmadmin\npassword=«{a14}»',
  ],
  [
    'ent92-weblogic-jdbc-module-cleartext-password-property',
    '<jdbc-driver-params>\n  <url>jdbc:oracle:thin:@//orascan.corp.local:1521/PAYPDB</url>\n  <driver-name>oracle.jdbc.OracleDriver</driver-name>\n  <properties><property><name>user</name><value>PAYAPP</value></property>\n  <property><name>password</name><value>«{a14}»</value></property></properties>\n</jdbc-driver-params>',
  ],
  [
    'ent92-wildfly-standalone-xml-ds-security-password',
    '<datasource jndi-name="java:jboss/datasources/PayrollDS" pool-name="PayrollDS">\n    <connection-url>jdbc:oracle:thin:@orascan:1521/PAYPDB</connection-url>\n    <driver>oracle</driver>\n    <security><user-name>PAYAPP</user-name><password>«{a14}»</password></security>\n</datasource>',
  ],
  [
    'ent92-jboss-vault-sh-keystore-and-sec-attr',
    './vault.sh --keystore /opt/jboss/vault/vault.keystore --keystore-password «{a12}» \\\n  --alias vault --vault-block ds_PayrollDS --attribute password --sec-attr «{a14}» \\\n  --enc-dir /opt/jboss/vault/ --iteration 120 --salt 1234abcd',
  ],
  [
    'ent92-wildfly-elytron-credential-store-clear-text',
    '/subsystem=elytron/credential-store=cs:add(path=cs.jceks, relative-to=jboss.server.config.dir, create=true, credential-reference={clear-text=«{a14}»})\n/subsystem=elytron/credential-store=cs:add-alias(alias=dbPassword, secret-value=«{a16}»)',
  ],
  ['ent92-wildfly-add-user-sh-password-flag', '$JBOSS_HOME/bin/add-user.sh -u mgmtadmin -p «{a12}{d2}» -g SuperUser --silent'],
  [
    'ent92-jboss-cli-connect-password-flag',
    '$JBOSS_HOME/bin/jboss-cli.sh --connect --controller=jbprd01:9990 --user=mgmtadmin --password=«{a14}» --command=":reload"',
  ],
  [
    'ent92-tomcat-users-manager-gui-and-jmx',
    '<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="opsadmin" password="«{a14}»" roles="manager-gui,manager-jmx"/>\n</tomcat-users>',
  ],
  [
    'ent92-tomcat-server-xml-jndirealm-connection-password',
    '<Realm className="org.apache.catalina.realm.JNDIRealm"\n       connectionURL="ldaps://ad.corp.local:636"\n       connectionName="CN=svc_tomcat,OU=Service,DC=corp,DC=local"\n       connectionPassword="«{a16}»"\n       userSearch="(sAMAccountName={0})" userSubtree="true"/>',
  ],
  [
    'ent92-tomcat-globalnamingresources-resource-password',
    '<Resource name="jdbc/Orders" auth="Container" type="javax.sql.DataSource"\n          driverClassName="com.microsoft.sqlserver.jdbc.SQLServerDriver"\n          url="jdbc:sqlserver://sql01:1433;databaseName=Orders"\n          username="ordersapp" password="«{a14}»" maxTotal="40"/>',
  ],
  [
    'ent92-tomcat-sslhostconfig-certificate-keystore-password',
    '<SSLHostConfig>\n  <Certificate certificateKeystoreFile="conf/intranet.p12"\n               certificateKeystorePassword="«{a16}»" type="RSA"/>\n</SSLHostConfig>',
  ],
  [
    'ent92-tomcat-manager-text-deploy-curl',
    'curl -u deployer:«{a14}» -T target/orders.war \\\n  "http://appsrv03:8080/manager/text/deploy?path=/orders&update=true"',
  ],
  [
    'ent92-tomcat-maven-settings-server-password',
    '<server>\n  <id>tomcat-prod</id>\n  <username>deployer</username>\n  <password>«{a14}»</password>\n</server>',
  ],
  [
    'ent92-tibco-tibemsadmin-password-flag',
    'tibemsadmin -server tcp://ems01.corp.local:7222 -user admin -password «{a12}» -script create_queues.scr',
  ],
  [
    'ent92-tibco-tibemsd-conf-ssl-password',
    'listen          = ssl://0.0.0.0:7243\nssl_server_identity = /opt/tibco/ems/certs/ems01.p12\nssl_password    = «{a14}»',
  ],
  [
    'ent92-tibco-ems-java-create-connection',
    'TibjmsConnectionFactory f = new TibjmsConnectionFactory("tcp://ems01.corp.local:7222");\nConnection c = f.createConnection("orders_svc", "«{a12}»");',
  ],
  [
    'ent92-tibco-bw-substvar-obfuscated-hash-bang',
    '<globalVariable>\n    <name>DB_Password</name>\n    <value>«#!{b32}»</value>\n    <deploymentSettable>true</deploymentSettable>\n</globalVariable>',
  ],
  [
    'ent92-tibco-bw-substvar-plain-value',
    '<globalVariable>\n    <name>SFTP_Password</name>\n    <value>«{a14}»</value>\n    <type>Password</type>\n</globalVariable>',
  ],
  [
    'ent92-tibco-appmanage-deploy-pw-flag',
    'AppManage -deploy -ear OrderRouter.ear -deployConfig OrderRouter.xml -app OrderRouter \\\n  -domain PRDDOMAIN -user admin -pw «{a12}»',
  ],
  [
    'ent92-informatica-pmcmd-startworkflow-p-flag',
    'pmcmd startworkflow -sv IS_PRD -d Domain_PRD -u Administrator -p «{a12}» \\\n  -f FIN_DWH -wait wf_LOAD_GL_DAILY',
  ],
  [
    'ent92-informatica-pmrep-connect-x-flag',
    'pmrep connect -r REP_PRD -d Domain_PRD -n repadmin -x «{a12}»\npmrep objectexport -n wf_LOAD_GL_DAILY -o workflow -f FIN_DWH -u wf_LOAD_GL_DAILY.xml',
  ],
  ['ent92-informatica-infacmd-pd-flag', 'infacmd.sh isp ListServices -dn Domain_PRD -un Administrator -pd «{a14}» -sdn Native'],
  [
    'ent92-informatica-parameter-file-password-param',
    '[FIN_DWH.WF:wf_LOAD_GL_DAILY.ST:s_m_LOAD_GL]\n$DBConnection_SRC=ORA_EBS_SRC\n$$SFTP_USER=infa_xfer\n$$SFTP_PWD=«{a12}»',
  ],
  ['ent92-ebs-sqlplus-apps-slash-password-tns', '[applmgr@ebsapp01 ~]$ sqlplus apps/«{a10}»@EBSPRD @$FND_TOP/patch/115/sql/afchrchk.sql'],
  ['ent92-ebs-fndcpass-apps-system-new-applsys', 'FNDCPASS apps/«{a10}» 0 Y system/«{a10}» SYSTEM APPLSYS «{a10}»'],
  ['ent92-ebs-fndcpass-user-sysadmin', '$ FNDCPASS apps/«{a10}» 0 Y system/«{a10}» USER SYSADMIN «{a10}»\nLog filename : L9876543.log'],
  ['ent92-ebs-adautocfg-appspass-arg', '$ADMIN_SCRIPTS_HOME/adautocfg.sh appspass=«{a10}»'],
  ['ent92-ebs-adstrtal-apps-slash-password', 'cd $ADMIN_SCRIPTS_HOME && ./adstrtal.sh apps/«{a10}»'],
  ['ent92-ebs-adcfgclone-echo-pipe-password', 'echo "«{a12}»" | perl adcfgclone.pl appsTier $CONTEXT_FILE'],
  ['ent92-forms-formsweb-cfg-userid-connect', '[payroll]\nform=PAYMAIN.fmx\nuserid=FRMUSR/«{a10}»@PAYPRD\nenvFile=payroll.env'],
  [
    'ent92-oracle-reports-rwservlet-userid-url',
    'https://repsrv.corp.local/reports/rwservlet?server=rep_wls&report=INV_AGING.rdf&userid=rptuser/«{a10}»@EBSPRD&desformat=PDF&destype=cache',
  ],
  [
    'ent92-ebs-chat-apps-password-prose',
    'Our R12.2 instance EBSPRD — apps password is «{a10}» and weblogic admin is «{a12}». Can you write me an adop cutover checklist?',
  ],
  ['ent92-oracle-sqlldr-userid-control', 'sqlldr userid=XXAR/«{a10}»@EBSPRD control=ar_lockbox.ctl log=ar_lockbox.log bad=ar_lockbox.bad'],
  ['ent92-oracle-exp-imp-legacy-userid', 'exp system/«{a10}»@LEGACY9 owner=SCOTT file=scott.dmp log=scott_exp.log'],
  [
    'ent92-sap-pyrfc-connection-kwargs-passwd',
    'from pyrfc import Connection\nconn = Connection(ashost="10.20.4.11", sysnr="00", client="100", user="RFC_BATCH", passwd="«{a14}»", lang="EN")\nresult = conn.call("BAPI_USER_GET_DETAIL", USERNAME="JDOE")',
  ],
  [
    'ent92-sap-sapnwrfc-ini-dest-passwd',
    'DEST=PRD_RFC\nASHOST=sapprd-ci.corp.local\nSYSNR=00\nCLIENT=100\nUSER=RFC_BATCH\nPASSWD=«{a14}»\nLANG=EN',
  ],
  [
    'ent92-sap-jco-destination-file-passwd',
    '# PRD_LB.jcoDestination\njco.client.mshost=sapprd-ms.corp.local\njco.client.r3name=PRD\njco.client.group=PUBLIC\njco.client.client=100\njco.client.user=JCO_ORDERS\njco.client.passwd=«{a16}»\njco.client.lang=EN',
  ],
  [
    'ent92-sap-jco-java-properties-setproperty-passwd',
    'Properties p = new Properties();\np.setProperty(DestinationDataProvider.JCO_ASHOST, "sapprd-ci.corp.local");\np.setProperty(DestinationDataProvider.JCO_SYSNR, "00");\np.setProperty(DestinationDataProvider.JCO_CLIENT, "100");\np.setProperty(DestinationDataProvider.JCO_USER, "JCO_ORDERS");\np.setProperty(DestinationDataProvider.JCO_PASSWD, "«{a16}»");',
  ],
  ['ent92-sap-hdbsql-inline-p-flag', 'hdbsql -n hanaprd01:30015 -u SYSTEM -p «{a14}» "SELECT VERSION FROM M_DATABASE"'],
  [
    'ent92-sap-hdbsql-systemdb-instance-password',
    "/usr/sap/HDB/HDB00/exe/hdbsql -i 00 -d SYSTEMDB -u SYSTEM -p '«{a16}»' \"ALTER SYSTEM ALTER CONFIGURATION ('global.ini','SYSTEM') SET ('persistence','log_mode') = 'normal' WITH RECONFIGURE\"",
  ],
  [
    'ent92-sap-hdbuserstore-set-backup-key',
    'su - hdbadm -c "hdbuserstore -i SET BACKUPKEY hanaprd01:30013@SYSTEMDB BACKUP_OPERATOR «{a16}»"',
  ],
  [
    'ent92-sap-cloud-connector-rest-basic-auth',
    'curl -k -u Administrator:«{a14}» -H "Accept: application/json" \\\n  https://scc01.corp.local:8443/api/v1/configuration/subaccounts',
  ],
  [
    'ent92-sap-btp-destination-basic-auth-json',
    '{\n  "Name": "S4H_PRD_ODATA",\n  "Type": "HTTP",\n  "URL": "http://s4hprd-virtual:44300",\n  "Authentication": "BasicAuthentication",\n  "ProxyType": "OnPremise",\n  "User": "ODATA_TECH",\n  "Password": "«{a18}»"\n}',
  ],
  [
    'ent92-sap-node-rfc-client-params-passwd',
    "const noderfc = require('node-rfc');\nconst client = new noderfc.Client({\n  ashost: 'sapqas-ci.corp.local', sysnr: '00', client: '200',\n  user: 'NODE_RFC', passwd: '«{a14}»', lang: 'EN',\n});",
  ],
  [
    'ent92-sap-sapshcut-command-line-pw',
    '"C:\\Program Files\\SAP\\FrontEnd\\SAPgui\\sapshcut.exe" -system=PRD -client=100 -user=JDOE -pw=«{a12}» -language=EN -command=VA03',
  ],
  [
    'ent92-sap-gui-scripting-vbs-bcode-password',
    'session.findById("wnd[0]/usr/txtRSYST-MANDT").text = "100"\nsession.findById("wnd[0]/usr/txtRSYST-BNAME").text = "AUTOMATION"\nsession.findById("wnd[0]/usr/pwdRSYST-BCODE").text = "«{a12}»"\nsession.findById("wnd[0]").sendVKey 0',
  ],
  [
    'ent92-sap-abap-http-client-authenticate',
    "cl_http_client=>create_by_url( EXPORTING url = 'https://api.partner.de/orders' IMPORTING client = lo_client ).\nlo_client->authenticate( username = 'SAPPO_OUT' password = '«{a14}»' ).",
  ],
  ['ent92-sap-sapcontrol-user-password-args', 'sapcontrol -nr 00 -host sapprd-ci -user prdadm «{a12}» -function GetProcessList'],
  [
    'ent92-sap-saphostctrl-sapadm-password',
    '/usr/sap/hostctrl/exe/saphostctrl -host sapprd-db -user sapadm «{a12}» -function ListDatabases',
  ],
  [
    'ent92-sap-swpm-inifile-master-password',
    'NW_GetMasterPassword.masterPwd = «{a14}»\nNW_GetSidNoProfiles.sid = PRD\nNW_readProfileDir.profileDir = /usr/sap/PRD/SYS/profile',
  ],
  [
    'ent92-sap-hdblcm-batch-passwords',
    './hdblcm --batch --action=install --sid=HDB --number=00 \\\n  --password=«{a14}» --system_user_password=«{a14}» --sapadm_password=«{a14}»',
  ],
  [
    'ent92-sap-chat-rfc-user-prose',
    'For the SAP side: client 100 on PRD, RFC user is RFC_BATCH / «{a14}», system number 00, app server sapprd-ci. Could you write the pyrfc call for RFC_READ_TABLE on MARA?',
  ],
  [
    'ent92-sap-bods-al-engine-password-arg',
    'al_engine -NMicrosoft_SQL_Server -Ssqlrepo01 -UBODS_REPO -P«{a12}» -SQLRepoDB -G"{h8}_{h4}_{h4}_{h4}_{h12}" -t5 -T14',
  ],
  [
    'ent92-sap-python-hana-ml-connection-password',
    'from hana_ml import dataframe\ncc = dataframe.ConnectionContext(address="hanaprd01.corp.local", port=30015,\n                                 user="ML_USER", password="«{a16}»", encrypt=True)',
  ],
  [
    'ent92-sap-hdbcli-dbapi-connect-password',
    'from hdbcli import dbapi\nconn = dbapi.connect(address="hanaprd01", port=30015, user="REPORTING", password="«{a16}»")',
  ],
  [
    'ent92-lotusscript-session-initialize-password',
    'Dim s As New NotesSession\nCall s.Initialize("«{a12}»")\nSet db = s.GetDatabase("DOMPRD01/CORP", "apps\\orders.nsf")',
  ],
  [
    'ent92-domino-java-notesfactory-createsession',
    'Session s = NotesFactory.createSession("domprd01.corp.local", "Integration Svc", "«{a14}»");\nDatabase db = s.getDatabase("DOMPRD01/CORP", "apps/orders.nsf");',
  ],
  [
    'ent92-domino-container-env-admin-password',
    'SetupAutoConfigure=1\nSERVERSETUP_SERVER_NAME=domdev01\nSERVERSETUP_ORG_ORGNAME=CORP\nSERVERSETUP_ADMIN_FIRSTNAME=Admin\nSERVERSETUP_ADMIN_LASTNAME=User\nSERVERSETUP_ADMIN_PASSWORD=«{a14}»',
  ],
  [
    'ent92-domino-rest-api-auth-post-json',
    'curl -s -X POST https://domprd01.corp.local:8880/api/v1/auth \\\n  -H "Content-Type: application/json" \\\n  -d \'{"username":"Integration Svc","password":"«{a14}»"}\' ',
  ],
  [
    'ent92-domino-das-curl-basic-user-colon',
    'curl -u "Admin User:«{a12}»" "https://domprd01.corp.local/apps/orders.nsf/api/data/collections/name/ByDate?count=50"',
  ],
  [
    'ent92-lotusscript-notes-http-request-basic',
    'Set req = session.CreateHTTPRequest()\nreq.PreferUTF8 = True\nCall req.SetHeaderField("Authorization", "Basic «{b24}»")\nresp = req.Get("https://erp.corp.local/api/orders")',
  ],
  [
    'ent92-controlm-ctm-env-add-user-password',
    'ctm environment add prod https://ctmem01.corp.local:8443/automation-api emuser «{a12}»\nctm environment set prod',
  ],
  [
    'ent92-controlm-connection-profile-db-password',
    '{\n  "DB_PRD_ORA": {\n    "Type": "ConnectionProfile:Database:Oracle:ServiceName",\n    "TargetAgent": "ctmagt01",\n    "Host": "orascan.corp.local", "Port": "1521", "ServiceName": "GLPDB",\n    "User": "CTM_GL",\n    "Password": "«{a14}»"\n  }\n}',
  ],
  [
    'ent92-controlm-connection-profile-sftp-password',
    '"SFTP_BANK": {\n  "Type": "ConnectionProfile:FileTransfer:SFTP",\n  "TargetAgent": "ctmagt02",\n  "HostName": "sftp.bank-partner.de",\n  "Port": "22",\n  "User": "corp_payments",\n  "Password": "«{a16}»"\n}',
  ],
  ['ent92-controlm-ctmpwd-action-add', 'ctmpwd -action add -user CORP\\svc_ctmagt -password «{a14}»'],
  [
    'ent92-autosys-jil-command-password-arg',
    'insert_job: FIN_GL_LOAD   job_type: CMD\ncommand: /opt/fin/bin/gl_load.sh -u gl_loader -p «{a12}» -d $AUTO_JOB_NAME\nmachine: finbatch01\nowner: finbatch@finbatch01\nstd_err_file: /var/log/autosys/$AUTO_JOB_NAME.err',
  ],
  ['ent92-autosys-secure-add-owner-password', 'autosys_secure -a -u finbatch@finbatch01 -p «{a14}»'],
  [
    'ent92-autosys-jil-db-job-env-password',
    'insert_job: HR_SYNC   job_type: CMD\ncommand: /opt/hr/sync.sh\nmachine: hrbatch02\nenvvars: DB_USER=hr_sync, DB_PASS=«{a12}»',
  ],
  [
    'ent92-win-net-use-password-before-user',
    '@echo off\nnet use \\\\FILESRV01\\batch$ «{a12}» /user:CORP\\svc_batch /persistent:no\nxcopy \\\\FILESRV01\\batch$\\in\\*.csv D:\\feeds\\in\\ /y',
  ],
  ['ent92-win-net-use-drive-letter-quoted-password', 'net use Z: \\\\NAS02\\finance "«{a12}»" /user:CORP\\svc_fin'],
  ['ent92-win-sc-config-obj-password', 'sc config "PayrollBridge" obj= "CORP\\svc_paybridge" password= "«{a14}»"\nsc start PayrollBridge'],
  [
    'ent92-win-sc-create-binpath-obj-password',
    'sc.exe create OrdersListener binPath= "D:\\apps\\orders\\listener.exe" start= auto obj= CORP\\svc_orders password= «{a14}»',
  ],
  [
    'ent92-win-schtasks-create-ru-rp',
    'schtasks /create /tn "Nightly GL Export" /tr "D:\\jobs\\gl_export.cmd" /sc daily /st 02:15 /ru CORP\\svc_sched /rp «{a14}»',
  ],
  ['ent92-win-psexec-u-p-remote-cmd', 'psexec \\\\APPSRV07 -u CORP\\adm_ops -p «{a14}» -h cmd /c "iisreset /restart"'],
  ['ent92-win-cmdkey-add-pass', 'cmdkey /add:FILESRV01 /user:CORP\\svc_batch /pass:«{a12}»'],
  [
    'ent92-win-wmic-node-user-password',
    'wmic /node:APPSRV07 /user:CORP\\adm_ops /password:«{a12}» process call create "cmd /c D:\\jobs\\restart.cmd"',
  ],
  ['ent92-win-osql-sa-password-flag', 'osql -S SQL2000PRD -U sa -P «{a12}» -d Orders -i purge_old_orders.sql -o purge.log'],
  ['ent92-win-bcp-loader-password', 'bcp Orders.dbo.Staging in D:\\feeds\\orders.dat -S SQL01 -U loader -P «{a12}» -c -t"|"'],
  ['ent92-win-sqlcmd-password-in-batch', 'sqlcmd -S SQLPRD01\\INST1 -U etl_runner -P "«{a14}»" -Q "EXEC dbo.usp_NightlyLoad"'],
  [
    'ent92-win-batch-set-ftppass-and-script',
    'set FTPUSER=edi_out\nset FTPPASS=«{a12}»\necho user %FTPUSER% %FTPPASS%> ftp.txt\necho put D:\\edi\\out\\856.txt>> ftp.txt\nftp -n -s:ftp.txt edi.partner.com',
  ],
  [
    'ent92-powershell-convertto-securestring-plaintext',
    '$pw = ConvertTo-SecureString "«{a14}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential("CORP\\svc_deploy", $pw)\nInvoke-Command -ComputerName APPSRV07 -Credential $cred -ScriptBlock { Restart-Service W3SVC }',
  ],
  [
    'ent92-win-reg-add-winlogon-defaultpassword',
    'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v AutoAdminLogon /t REG_SZ /d 1 /f\nreg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d «{a12}» /f',
  ],
  [
    'ent92-win-appcmd-apppool-processmodel-password',
    '%windir%\\system32\\inetsrv\\appcmd set apppool "OrdersPool" /processModel.identityType:SpecificUser /processModel.userName:CORP\\svc_orders /processModel.password:«{a14}»',
  ],
  [
    'ent92-vbscript-wshshell-run-net-use',
    'Set sh = CreateObject("WScript.Shell")\nsh.Run "net use R: \\\\RPTSRV\\reports «{a12}» /user:CORP\\svc_rpt", 0, True',
  ],
  [
    'ent92-perl-dbi-oracle-connect-password',
    'my $dbh = DBI->connect("dbi:Oracle:host=oraprd01;sid=FINPRD", "fin_rpt", "«{a12}»",\n    { RaiseError => 1, AutoCommit => 0 }) or die $DBI::errstr;',
  ],
  ['ent92-perl-dbi-sybase-connect-single-quoted', "my $dbh = DBI->connect('dbi:Sybase:server=SYBPRD;database=trades', 'sa', '«{a12}»');"],
  [
    'ent92-perl-net-ftp-login',
    'use Net::FTP;\nmy $ftp = Net::FTP->new("mvsprd.corp.local", Debug => 0) or die "Cannot connect: $@";\n$ftp->login("FTPXFR", "«{u8}»") or die "Cannot login ", $ftp->message;',
  ],
  [
    'ent92-perl-cgi-config-dbpass-scalar',
    "# config.pl -- required by every intranet CGI\n$dbhost = 'mysql01';\n$dbuser = 'intranet';\n$dbpass = '«{a12}»';\n1;",
  ],
  [
    'ent92-vb6-ado-connectionstring-sqloledb',
    'Set cn = New ADODB.Connection\ncn.ConnectionString = "Provider=SQLOLEDB;Data Source=SQL01;Initial Catalog=Orders;User ID=vbapp;Password=«{a12}»;"\ncn.Open',
  ],
  [
    'ent92-vb6-private-const-db-pwd',
    'Private Const DB_SERVER As String = "ORAPRD"\nPrivate Const DB_USER As String = "INVAPP"\nPrivate Const DB_PWD As String = "«{a12}»"',
  ],
  [
    'ent92-vba-access-odbc-connect-string-pwd',
    'Set tdf = CurrentDb.CreateTableDef("dbo_Customers")\ntdf.Connect = "ODBC;DRIVER={SQL Server};SERVER=SQL01;DATABASE=CRM;UID=access_link;PWD=«{a12}»"\ntdf.SourceTableName = "dbo.Customers"',
  ],
  [
    'ent92-vba-workbooks-open-password-named-arg',
    'Set wb = Workbooks.Open(Filename:="\\\\FILESRV01\\fin\\budget_2025.xlsx", Password:="«{a12}»", ReadOnly:=True)',
  ],
  [
    'ent92-vba-sheet-unprotect-password',
    'Sub UnlockAll()\n    Dim ws As Worksheet\n    For Each ws In ThisWorkbook.Worksheets\n        ws.Unprotect Password:="«{a10}»"\n    Next ws\nEnd Sub',
  ],
  [
    'ent92-asp-classic-adodb-open-dsn-pwd',
    '<%\nSet conn = Server.CreateObject("ADODB.Connection")\nconn.Open "DSN=Intranet;UID=webuser;PWD=«{a12}»"\nSet rs = conn.Execute("SELECT * FROM news ORDER BY posted DESC")\n%>',
  ],
  [
    'ent92-asp-global-asa-application-connstr-msdaora',
    'Sub Application_OnStart\n  Application("ConnStr") = "Provider=MSDAORA;Data Source=ORCL8;User Id=webapp;Password=«{a12}»;"\nEnd Sub',
  ],
  [
    'ent92-coldfusion-cfquery-username-password',
    '<cfquery name="getOrders" datasource="ordersDSN" username="cfapp" password="«{a12}»">\n  SELECT order_id, status FROM orders WHERE customer_id = <cfqueryparam value="#url.cid#" cfsqltype="cf_sql_integer">\n</cfquery>',
  ],
  [
    'ent92-php4-mysql-connect-root',
    '<?php\n$link = mysql_connect("localhost", "root", "«{a12}»") or die("Could not connect: " . mysql_error());\nmysql_select_db("intranet", $link);',
  ],
  [
    'ent92-delphi-adoconnection-connectionstring',
    "ADOConnection1.ConnectionString := 'Provider=SQLOLEDB.1;Persist Security Info=True;' +\n  'User ID=delphiapp;Password=«{a12}»;Initial Catalog=Stock;Data Source=SQL01';\nADOConnection1.Connected := True;",
  ],
  [
    'ent92-powerbuilder-sqlca-logpass',
    'SQLCA.DBMS = "O84 Oracle8/8i (8.x.4+)"\nSQLCA.ServerName = "PRD817"\nSQLCA.LogId = "pbapp"\nSQLCA.LogPass = "«{a12}»"\nCONNECT USING SQLCA;',
  ],
  [
    'ent92-dotnet-webconfig-connectionstrings-password',
    '<connectionStrings>\n  <add name="LegacyOrders" connectionString="Data Source=SQL01;Initial Catalog=Orders;User ID=webforms;Password=«{a14}»;" providerName="System.Data.SqlClient"/>\n</connectionStrings>',
  ],
  [
    'ent92-udl-file-oledb-initstring-password',
    '[oledb]\n; Everything after this line is an OLE DB initstring\nProvider=SQLOLEDB.1;Password=«{a12}»;Persist Security Info=True;User ID=sa;Initial Catalog=Stock;Data Source=SQL01',
  ],
  ['ent92-odbc-file-dsn-pwd-line', '[ODBC]\nDRIVER=SQL Server\nUID=crystal_rpt\nPWD=«{a12}»\nDATABASE=Sales\nSERVER=SQL01'],
  [
    'ent92-unix-odbc-ini-db2-pwd',
    '[PRDDB2]\nDriver      = /opt/ibm/db2/clidriver/lib/libdb2o.so\nDatabase    = PAYPRD\nHostname    = db2prd01\nPort        = 50000\nUID         = rptuser\nPWD         = «{a12}»',
  ],
  [
    'ent92-foxpro-sqlstringconnect-pwd',
    'lnHandle = SQLSTRINGCONNECT("DRIVER=SQL Server;SERVER=SQL01;DATABASE=Stock;UID=vfpapp;PWD=«{a12}»")\nIF lnHandle < 1\n   MESSAGEBOX("Connect failed")\nENDIF',
  ],
  [
    'ent92-bizt-binding-send-port-password-vt8',
    '<TransportTypeData>&lt;CustomProps&gt;&lt;AdapterConfig vt="8"&gt;&lt;Config&gt;&lt;uri&gt;ftp://edi.partner.com:21/in&lt;/uri&gt;&lt;userName&gt;biztalk_out&lt;/userName&gt;&lt;password&gt;«{a12}»&lt;/password&gt;&lt;/Config&gt;&lt;/AdapterConfig&gt;&lt;/CustomProps&gt;</TransportTypeData>',
  ],
  [
    'ent92-crystal-setdatabaselogon-four-args',
    'ReportDocument rpt = new ReportDocument();\nrpt.Load(Server.MapPath("~/Reports/SalesByRegion.rpt"));\nrpt.SetDatabaseLogon("crystal_rpt", "«{a12}»", "SQL01", "Sales");',
  ],
  [
    'ent92-crystal-connectioninfo-password-vbnet',
    'Dim ci As New ConnectionInfo()\nci.ServerName = "ORAPRD"\nci.UserID = "RPT_RO"\nci.Password = "«{a12}»"',
  ],
  ['ent92-ssrs-rsconfig-execution-account', 'rsconfig -e -m RPTSRV01 -i SSRS -u CORP\\svc_ssrs_exec -p «{a14}»'],
  ['ent92-ssrs-rsconfig-catalog-sql-auth', 'rsconfig -c -s SQLPRD01 -d ReportServer -a SQL -u rs_catalog -p «{a14}»'],
  [
    'ent92-ssrs-rs-exe-script-datasource-password',
    'Dim definition As New DataSourceDefinition()\ndefinition.CredentialRetrieval = CredentialRetrievalEnum.Store\ndefinition.ConnectString = "Data Source=SQL01;Initial Catalog=Sales"\ndefinition.UserName = "rpt_reader"\ndefinition.Password = "«{a14}»"',
  ],
  [
    'ent92-ssrs-reportingservicestools-pscredential',
    "New-RsDataSource -RsFolder '/Finance' -Name 'GL_DW' -Extension 'SQL' `\n  -ConnectionString 'Data Source=SQLDW01;Initial Catalog=GL' -CredentialRetrieval 'Store' `\n  -DatasourceCredentials (New-Object PSCredential('CORP\\svc_rpt', (ConvertTo-SecureString '«{a14}»' -AsPlainText -Force)))",
  ],
  [
    'ent92-ssis-dtexec-decrypt-and-conn-password',
    'dtexec /F "D:\\ssis\\LoadGL.dtsx" /De «{a12}» /Conn "OLEDB_SRC";"Data Source=ORAPRD;User ID=etl;Password=«{a12}»;Provider=OraOLEDB.Oracle.1;"',
  ],
  ['ent92-sybase-isql-sa-password-flag', 'isql -Usa -P«{a12}» -SSYBPRD -w999 -i dump_trades.sql'],
  ['ent92-informix-esql-connect-using-literal', "EXEC SQL CONNECT TO 'stores@ol_prod' USER 'informix' USING '«{a12}»';"],
  [
    'ent92-tuxedo-tpinit-passwd-strcpy',
    'tpinfo = (TPINIT *)tpalloc("TPINIT", NULL, TPINITNEED(0));\nstrcpy(tpinfo->usrname, "batchcli");\nstrcpy(tpinfo->cltname, "nightly");\nstrcpy(tpinfo->passwd, "«{a12}»");\ntpinit(tpinfo);',
  ],
  ['ent92-progress-openedge-pf-file-P-param', '# prod.pf\n-db sports -H progprd01 -S 20931 -N TCP\n-U appuser -P «{a12}»'],
  [
    'ent92-teradata-bteq-logon-dot-command',
    '.LOGON tdprod/etl_loader,«{a12}»;\n.SET WIDTH 200\nSELECT COUNT(*) FROM edw.sales_fact WHERE load_dt = CURRENT_DATE;\n.LOGOFF',
  ],
  [
    'ent92-datastage-dsjob-password-flag',
    'dsjob -domain isdomain01:9443 -user dsadm -password «{a12}» -server DSENGPRD -run -wait -jobstatus DWH_PROD LoadCustomerDim',
  ],
  ['ent92-oid-ldapmodify-orcladmin-w-flag', 'ldapmodify -h oidprd01 -p 3060 -D "cn=orcladmin" -w «{a12}» -f add_app_users.ldif'],
  ['ent92-siebel-srvrmgr-sadmin-p-flag', 'srvrmgr /g gwprd01:2320 /e SBA_PRD /s sblapp01 /u SADMIN /p «{a12}» /c "list comp"'],
  [
    'ent92-peoplesoft-psappsrv-cfg-userpswd',
    '[Startup]\nDBName=HRPRD\nDBType=ORACLE\nUserId=PSAPPS\nUserPswd=«{a12}»\nConnectId=people\nConnectPswd=«{a12}»',
  ],
  ['ent92-jde-ini-security-default-password', '[SECURITY]\nUser=JDE\nPassword=«{a12}»\nDefaultEnvironment=JDV920\nDataSource=System - 920'],
  [
    'ent92-ibm-cognos-cogconfig-db-password-xml',
    '<crn:parameter name="password">\n  <crn:value xsi:type="xsd:string">«{a12}»</crn:value>\n</crn:parameter>',
  ],
  [
    'ent92-sterling-b2b-sftp-profile-password-prose',
    'In Sterling B2B I created the SFTP remote profile BANK_OUT with user corp_pay and password «{a14}» but the Business Process fails at SFTPClientBeginSession with "Auth fail". Anything obvious?',
  ],
  [
    'ent92-oracle-tuxedo-jolt-java-userpassword',
    'JoltSessionAttributes attr = new JoltSessionAttributes();\nattr.setString(JoltSessionAttributes.APPADDRESS, "//tuxprd01:8801");\nJoltSession s = new JoltSession(attr, "batchcli", "clerk", "«{a12}»", "«{a12}»");',
  ],
];

export const BLIND92_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'ent92-neg-jcl-job-card-user-only-notify-sysuid',
    "//PAYRL01  JOB (ACCT,'PAYROLL'),'NIGHTLY RUN',CLASS=A,MSGCLASS=X,\n//             NOTIFY=&SYSUID,USER=BATCH01\n//* PASSWORD= REMOVED - SURROGAT AUTH VIA BATCH01.SUBMIT\n//STEP010  EXEC PGM=PAYR0100",
  ],
  [
    'ent92-neg-jcl-proc-symbolic-pw-parameter',
    "//FTPPROC  PROC HOST=,USR=,PW=\n//FTP      EXEC PGM=FTP,PARM='&HOST (EXIT'\n//* &PW IS SUPPLIED BY CONTROL-M FROM THE VAULT AT SUBMIT TIME\n//INPUT    DD DSN=PROD.FTP.CMDS(&USR),DISP=SHR",
  ],
  [
    'ent92-neg-jcl-dataset-names-gdg-disp',
    '//SYSUT1   DD DSN=PROD.PAYROLL.MASTER(0),DISP=SHR\n//SYSUT2   DD DSN=PROD.PAYROLL.MASTER(+1),DISP=(NEW,CATLG,DELETE),\n//            SPACE=(CYL,(50,10),RLSE),DCB=(RECFM=FB,LRECL=400,BLKSIZE=27600)',
  ],
  [
    'ent92-neg-jes-joblog-ich408i-invalid-password',
    'ICH408I USER(BATCH01 ) GROUP(PRODBAT ) NAME(NIGHTLY BATCH       )\n  LOGON/JOB INITIATION - INVALID PASSWORD\nIRR013I VERIFICATION FAILED. INVALID PASSWORD GIVEN.\n$HASP395 PAYRL01  ENDED - ABEND=S000',
  ],
  [
    'ent92-neg-jes-hasp-ief-messages-condition-codes',
    '$HASP373 PAYRL01  STARTED - INIT 3    - CLASS A        - SYS PRD1\nIEF403I PAYRL01 - STARTED - TIME=02.15.07\nIEF142I PAYRL01 STEP010 - STEP WAS EXECUTED - COND CODE 0004\nIEF404I PAYRL01 - ENDED - TIME=02.31.44\n$HASP395 PAYRL01  ENDED - RC=0004',
  ],
  [
    'ent92-neg-racf-altuser-nopassword-protected',
    "ALTUSER STCCICS NOPASSWORD NOPHRASE NOOIDCARD\nALTUSER STCCICS DFLTGRP(STCGRP) NAME('CICS STARTED TASK')",
  ],
  [
    'ent92-neg-racf-setropts-password-rules',
    'SETROPTS PASSWORD(INTERVAL(90) HISTORY(12) REVOKE(5) WARNING(10) MINCHANGE(1))\nSETROPTS PASSWORD(RULE1(LENGTH(8) ALPHANUM(1:8)) MIXEDCASE SPECIALCHARS)\nSETROPTS PASSWORD(ALGORITHM(KDFAES))',
  ],
  [
    'ent92-neg-racf-listuser-output-passdate',
    'USER=BATCH01  NAME=NIGHTLY BATCH  OWNER=SECADM  CREATED=19.211\n DEFAULT-GROUP=PRODBAT PASSDATE=25.042 PASS-INTERVAL= 90 PHRASEDATE=N/A\n PASSWORD ENVELOPED=NO\n ATTRIBUTES=PROTECTED\n LAST-ACCESS=25.150/02:15:07',
  ],
  [
    'ent92-neg-racdcert-list-label-fingerprint',
    'Label: CICSPRD1 TLS 2025\nCertificate ID: 2QjDycPi1MLLxNkwMDAw\nStatus: TRUST\nStart Date: 2025/01/14 00:00:00\nEnd Date:   2026/01/14 23:59:59\nSerial Number:\n     >{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}<\nFingerprint (SHA256):\n     {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'ent92-neg-racf-permit-rdefine-facility-surrogat',
    'RDEFINE SURROGAT BATCH01.SUBMIT UACC(NONE) OWNER(SECADM)\nPERMIT BATCH01.SUBMIT CLASS(SURROGAT) ID(CTMSRV) ACCESS(READ)\nSETROPTS RACLIST(SURROGAT) REFRESH',
  ],
  [
    'ent92-neg-zowe-team-config-secure-array-no-values',
    '{\n  "profiles": {\n    "prd1": {\n      "type": "zosmf",\n      "properties": { "host": "mvsprd.corp.local", "port": 443, "rejectUnauthorized": true },\n      "secure": ["user", "password"]\n    }\n  },\n  "defaults": { "zosmf": "prd1" },\n  "autoStore": true\n}',
  ],
  [
    'ent92-neg-zowe-config-set-secure-prompt',
    '$ zowe config set profiles.prd1.properties.password --secure\nPlease enter the value for profiles.prd1.properties.password: ********\nSet property "profiles.prd1.properties.password" to value "(secure value)"',
  ],
  [
    'ent92-neg-zowe-jobs-submit-output-jobid',
    '$ zowe zos-jobs submit data-set "PROD.JCL(PAYRL01)" --rff jobid --rft string\nJOB04711\n$ zowe zos-jobs view job-status-by-jobid JOB04711 --rff retcode\nCC 0004',
  ],
  [
    'ent92-neg-db2zos-jcc-url-security-mechanism-no-pass',
    'jdbc:db2://mvsprd.corp.local:448/DSNPLOC1:sslConnection=true;securityMechanism=18;currentSchema=PAYROLL;clientProgramName=PAYAPI;',
  ],
  [
    'ent92-neg-db2-dis-ddf-dsnl-messages',
    'DSNL080I  -DB2P DSNLTDDF DISPLAY DDF REPORT FOLLOWS:\nDSNL081I STATUS=STARTD\nDSNL082I LOCATION           LUNAME            GENERICLU\nDSNL083I DSNPLOC1           NETA.DB2PLU       -NONE\nDSNL084I TCPPORT=446   SECPORT=448   RESPORT=5001  IPNAME=-NONE',
  ],
  [
    'ent92-neg-cics-startup-dfh-messages',
    'DFHSI1517 CICSPRD1 Control is being given to CICS.\nDFHXS1100I CICSPRD1 Security initialization has started.\nDFHXS1102I CICSPRD1 Security is using ESM CICSPRD1.\nDFHSO0100I CICSPRD1 Sockets domain initialization has started.',
  ],
  [
    'ent92-neg-cics-csd-define-transaction-program',
    'DEFINE TRANSACTION(PAYR) GROUP(PAYGRP) PROGRAM(PAYR0100) TWASIZE(0)\n       PROFILE(DFHCICST) STATUS(ENABLED) RESSEC(YES) CMDSEC(NO)\nDEFINE PROGRAM(PAYR0100) GROUP(PAYGRP) LANGUAGE(COBOL) DATALOCATION(ANY)',
  ],
  [
    'ent92-neg-cobol-copybook-password-field-no-value',
    '       01  LK-SIGNON-AREA.\n           05  LK-USERID           PIC X(08).\n           05  LK-PASSWORD         PIC X(08).\n           05  LK-NEW-PASSWORD     PIC X(08).\n       MOVE LK-PASSWORD TO WS-PASSWORD',
  ],
  [
    'ent92-neg-rpg-password-parameter-no-literal',
    'dcl-pi *n;\n  inUser char(10) const;\n  inPwd  char(128) const;\nend-pi;\ndcl-s pwdLen int(10);\npwdLen = %len(%trimr(inPwd));',
  ],
  [
    'ent92-neg-ibmi-chgusrprf-password-none',
    'CHGUSRPRF USRPRF(QSECOFR) PWDEXP(*YES)\nCHGUSRPRF USRPRF(BATCHUSR) PASSWORD(*NONE) STATUS(*ENABLED)\nCRTUSRPRF USRPRF(WEBSVC02) PASSWORD(*NONE) USRCLS(*USER)',
  ],
  [
    'ent92-neg-ibmi-joblog-cpf-password-messages',
    'CPF22E2    Diagnostic  40  Password not correct for user profile BATCHUSR.\nCPF2204    Diagnostic  40  User profile WEBSVC9 not found.\nJob 482913/QUSER/QZDASOINIT started on 06/04/25 at 02:15:07 in subsystem QUSRWRK',
  ],
  [
    'ent92-neg-ibmi-odbc-kerberos-signon-no-password',
    'Driver={IBM i Access ODBC Driver};System=AS400PRD;Signon=4;DefaultLibraries=PRODLIB;NAM=1;CCSID=1208;',
  ],
  ['ent92-neg-ibmi-jt400-url-prompt-true', 'jdbc:as400://as400prd.corp.local;naming=sql;libraries=PRODLIB;prompt=true;secure=true;'],
  [
    'ent92-neg-mqsc-chlauth-rules-no-creds',
    "SET CHLAUTH('APP1.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('10.20.*') USERSRC(CHANNEL) CHCKCLNT(REQUIRED)\nSET CHLAUTH('*') TYPE(BLOCKUSER) USERLIST('*MQADMIN')\nALTER QMGR CONNAUTH('LDAP.IDPW')\nREFRESH SECURITY TYPE(CONNAUTH)",
  ],
  [
    'ent92-neg-mq-error-log-amq-ids-blocked',
    "AMQ9777E: Channel was blocked\nEXPLANATION:\nThe inbound channel 'APP1.SVRCONN' was blocked from address '10.20.4.77' because the active values\nof the channel matched a record configured with USERSRC(NOACCESS).\nAMQ5534E: User ID 'app1' authentication failed",
  ],
  [
    'ent92-neg-mq-ccdt-json-channel-qmgr-cipher',
    '{\n  "channel": [{\n    "name": "APP1.SVRCONN",\n    "clientConnection": { "connection": [{ "host": "mqprd01.corp.local", "port": 1414 }], "queueManager": "QMPRD1" },\n    "transmissionSecurity": { "cipherSpecification": "ANY_TLS12_OR_HIGHER", "certificateLabel": "ibmwebspheremqapp1" },\n    "type": "clientConnection"\n  }]\n}',
  ],
  [
    'ent92-neg-mq-runmqakm-list-stashed-labels',
    '$ runmqakm -cert -list -db /var/mqm/qmgrs/QMPRD1/ssl/key.kdb -stashed\nCertificates found\n* default, - personal, ! trusted, # secret key\n!       corp_root_ca\n!       corp_issuing_ca_2\n-       ibmwebspheremqqmprd1',
  ],
  [
    'ent92-neg-mq-amqsputc-env-user-prompt',
    "$ export MQSERVER='APP1.SVRCONN/TCP/mqprd01.corp.local(1414)'\n$ export MQSAMP_USER_ID=app1\n$ amqsputc DEV.QUEUE.1 QMPRD1\nSample AMQSPUT0 start\nEnter password: ",
  ],
  [
    'ent92-neg-mq-msgid-hex-correlid',
    "MsgId : X'414D5120514D50524431202020202020{H16}'\nCorrelId : X'000000000000000000000000000000000000000000000000'\nPutApplName : 'PAYROLL'\nReplyToQMgr : 'QMPRD1' ",
  ],
  [
    'ent92-neg-jms-bindings-refaddr-no-password',
    'APP1CF/ClassName=com.ibm.mq.jms.MQConnectionFactory\nAPP1CF/RefAddr/0/Type=QMGR\nAPP1CF/RefAddr/0/Content=QMPRD1\nAPP1CF/RefAddr/1/Type=CHAN\nAPP1CF/RefAddr/1/Content=APP1.SVRCONN\nAPP1CF/RefAddr/2/Type=SCPHS\nAPP1CF/RefAddr/2/Content=ECDHE_RSA_AES_256_GCM_SHA384',
  ],
  [
    'ent92-neg-was-soap-props-empty-password-encoder-cmd',
    'com.ibm.SOAP.securityEnabled=true\ncom.ibm.SOAP.loginUserid=\ncom.ibm.SOAP.loginPassword=\n# after filling both values run:\n#   PropFilePasswordEncoder.sh soap.client.props com.ibm.SOAP.loginPassword',
  ],
  [
    'ent92-neg-was-systemout-wsvr-secj-messages',
    '[6/4/25 2:15:07:123 CEST] 00000001 WsServerImpl  A   WSVR0001I: Server server1 open for e-business\n[6/4/25 2:16:44:905 CEST] 0000004a LTPAServerObj E   SECJ0369E: Authentication failed when using LTPA. The exception is com.ibm.websphere.security.auth.AuthenticationFailedException',
  ],
  [
    'ent92-neg-weblogic-wlst-connect-userconfigfile',
    "connect(userConfigFile='/u01/secure/wlsadmin-config.secure',\n        userKeyFile='/u01/secure/wlsadmin-key.secure',\n        url='t3s://wlsadmin01.corp.local:7002')",
  ],
  [
    'ent92-neg-weblogic-wdt-secret-tokens',
    "domainInfo:\n    AdminUserName: '@@SECRET:__weblogic-credentials__:username@@'\n    AdminPassword: '@@SECRET:__weblogic-credentials__:password@@'\nresources:\n    JDBCSystemResource:\n        PayDS:\n            JdbcResource:\n                JDBCDriverParams:\n                    PasswordEncrypted: '@@SECRET:paydb-secret:password@@' ",
  ],
  [
    'ent92-neg-weblogic-log-bea-boot-identity-not-valid',
    '<Jun 4, 2025 2:15:07 AM CEST> <Critical> <Security> <BEA-090402> <Authentication denied: Boot identity not valid. The user name or password or both from the boot identity file (boot.properties) is not valid.>',
  ],
  [
    'ent92-neg-jboss-vault-and-env-expressions',
    '<security>\n    <user-name>${env.PAYROLL_DB_USER}</user-name>\n    <password>${VAULT::ds_PayrollDS::password::1}</password>\n</security>',
  ],
  [
    'ent92-neg-wildfly-credential-reference-store-alias',
    '/subsystem=datasources/data-source=PayrollDS:write-attribute(name=credential-reference, value={store=cs, alias=dbPassword})',
  ],
  [
    'ent92-neg-tomcat-realm-credentialhandler-no-passwords',
    '<Realm className="org.apache.catalina.realm.LockOutRealm">\n  <Realm className="org.apache.catalina.realm.UserDatabaseRealm" resourceName="UserDatabase">\n    <CredentialHandler className="org.apache.catalina.realm.MessageDigestCredentialHandler" algorithm="SHA-256" iterations="100000" saltLength="16"/>\n  </Realm>\n</Realm>',
  ],
  [
    'ent92-neg-tomcat-catalina-out-startup',
    '04-Jun-2025 02:15:07.123 INFO [main] org.apache.catalina.startup.Catalina.start Server startup in [4321] milliseconds\n04-Jun-2025 02:15:09.002 INFO [main] org.apache.catalina.startup.HostConfig.deployWAR Deploying web application archive [/opt/tomcat/webapps/orders.war]',
  ],
  [
    'ent92-neg-tibemsadmin-prompt-show-queues',
    '$ tibemsadmin -server tcp://ems01.corp.local:7222 -user admin\nPassword:\nConnected to: tcp://ems01.corp.local:7222\ntcp://ems01:7222> show queues ORDERS.>\n  Queue Name              SNFGXIBCT  Pre  Rcvrs     Msgs    Size\n  ORDERS.IN               ---------    5*     2        0     0.0 Kb',
  ],
  [
    'ent92-neg-tibco-bw-substvar-global-var-reference',
    '<globalVariable>\n    <name>DB_URL</name>\n    <value>jdbc:oracle:thin:@orascan:1521/ORDPDB</value>\n</globalVariable>\n<!-- password comes from %%DB/Password%% injected by AppManage at deploy time -->',
  ],
  [
    'ent92-neg-informatica-pmcmd-uv-pv-env-names',
    'pmcmd startworkflow -sv IS_PRD -d Domain_PRD -uv INFA_USER -pv INFA_PASSWD \\\n  -f FIN_DWH -wait wf_LOAD_GL_DAILY',
  ],
  [
    'ent92-neg-informatica-session-log-message-codes',
    "TM_6014 Initializing session [s_m_LOAD_GL] at [Wed Jun 04 02:15:07 2025].\nREADER_1_1_1> RR_4049 SQL Query issued to database : (Wed Jun 04 02:15:08 2025)\nWRITER_1_*_1> WRT_8167 Start loading table [GL_BALANCES] at: Wed Jun 04 02:15:09 2025\nMAPPING> TE_7004 Transformation Parse Warning [IIF(ISNULL(PERIOD_NAME), 'UNK', PERIOD_NAME)]",
  ],
  [
    'ent92-neg-ebs-sqlplus-prompted-and-adop',
    '[applmgr@ebsapp01 ~]$ sqlplus apps@EBSPRD\nEnter password:\n[applmgr@ebsapp01 ~]$ adop phase=prepare\nEnter the APPS password:\nEnter the SYSTEM password:',
  ],
  [
    'ent92-neg-ebs-fndcpass-usage-angle-brackets',
    'Usage: FNDCPASS <APPS username>/<APPS password> 0 Y <SYSTEM username>/<SYSTEM password> \\\n       USER <username> <new password>\ne.g. FNDCPASS apps/****** 0 Y system/****** USER SYSADMIN ******',
  ],
  [
    'ent92-neg-ebs-context-vars-and-paths',
    's_apps_jdbc_connect_descriptor  jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS_LIST=(ADDRESS=(PROTOCOL=tcp)(HOST=ebsdb01)(PORT=1521)))(CONNECT_DATA=(SERVICE_NAME=EBSPRD)))\nCONTEXT_FILE=/u01/applmgr/fs1/inst/apps/EBSPRD_ebsapp01/appl/admin/EBSPRD_ebsapp01.xml',
  ],
  [
    'ent92-neg-oracle-errors-ora-frm-codes',
    'ORA-01017: invalid username/password; logon denied\nORA-28000: the account is locked\nFRM-92101: There was a failure in the Forms Server during startup.\nREP-0501: Unable to connect to the specified database.',
  ],
  [
    'ent92-neg-sap-tcodes-clients-prose',
    'Use SU01 to reset the RFC user in client 100, check the destination in SM59 (type 3, PRD_RFC), then import transport PRDK900123 via STMS. QAS is client 200, DEV is 100/110.',
  ],
  [
    'ent92-neg-sap-jco-passwd-property-reference',
    'jco.client.ashost=sapprd-ci.corp.local\njco.client.sysnr=00\njco.client.client=100\njco.client.user=${SAP_RFC_USER}\njco.client.passwd=${SAP_RFC_PASSWORD}',
  ],
  [
    'ent92-neg-sap-sapnwrfc-ini-snc-no-password',
    'DEST=PRD_SNC\nASHOST=sapprd-ci.corp.local\nSYSNR=00\nCLIENT=100\nSNC_MODE=1\nSNC_PARTNERNAME=p:CN=PRD, OU=SAP, O=CORP, C=DE\nSNC_QOP=9\nSNC_LIB=/usr/sap/sapcrypto/libsapcrypto.so',
  ],
  [
    'ent92-neg-sap-hdbuserstore-list-output',
    '$ hdbuserstore LIST\nDATA FILE       : /usr/sap/HDB/home/.hdb/hanaprd01/SSFS_HDB.DAT\nKEY FILE        : /usr/sap/HDB/home/.hdb/hanaprd01/SSFS_HDB.KEY\n\nKEY BACKUPKEY\n  ENV : hanaprd01:30013\n  USER: BACKUP_OPERATOR\n  DATABASE: SYSTEMDB',
  ],
  ['ent92-neg-sap-hdbsql-userkey-backup', 'hdbsql -U BACKUPKEY -j "BACKUP DATA USING FILE (\'COMPLETE_$(date +%Y%m%d)\')"'],
  [
    'ent92-neg-sap-rfc-logon-failure-trace',
    '**** Trace file opened at 20250604 021507 CEST, by disp+work\nRfcException: message: Name or password is incorrect (repeat logon)\n    code: 3 (RFC_LOGON_FAILURE) key: RFC_ERROR_LOGON_FAILURE\n    Error group: 103 (LOGON_FAILURE)',
  ],
  [
    'ent92-neg-sap-pyrfc-dest-from-ini',
    'from pyrfc import Connection\nconn = Connection(dest="PRD_SNC")  # credentials via SNC, see sapnwrfc.ini\nprint(conn.call("STFC_CONNECTION", REQUTEXT="ping")["ECHOTEXT"])',
  ],
  ['ent92-neg-sap-note-and-kernel-patch-ids', 'Applied SAP Note 3089413 and kernel 7.93 PL 152 (SAPEXE_152-80007612.SAR, SHA-256 {h64}).'],
  [
    'ent92-neg-sap-cloud-connector-mapping-no-creds',
    'Subaccount: {h8}-{h4}-{h4}-{h4}-{h12}  Region: cf.eu10\nLocation ID: DC_FRANKFURT\nMapping: http://s4hprd-virtual:44300 -> http://s4hprd-ci.corp.local:8000 (Protocol HTTP, Principal Type: None)',
  ],
  [
    'ent92-neg-notes-unid-replica-doclink',
    'notes://DOMPRD01/C1258A4E0036F2B1/8178B1C14B1E9B6B8525624F0062FE9F/{H32}\nReplica ID: C1258A4E:0036F2B1   NoteID: 0x00012A6E',
  ],
  [
    'ent92-neg-domino-console-commands-messages',
    '> tell http restart\n06/04/2025 02:15:07 AM  HTTP Server: Restart Command Received\n> load fixup apps/orders.nsf -F\n06/04/2025 02:15:31 AM  Database Fixup: Completed apps/orders.nsf',
  ],
  [
    'ent92-neg-lotusscript-username-no-password',
    'Dim s As New NotesSession\nPrint "Running as " & s.EffectiveUserName\nSet db = s.GetDatabase("DOMPRD01/CORP", "apps\\orders.nsf")',
  ],
  [
    'ent92-neg-controlm-job-json-runas-profile-refs',
    '"GL_LOAD": {\n  "Type": "Job:Database:SQLScript",\n  "ConnectionProfile": "DB_PRD_ORA",\n  "SQLScript": "/opt/ctm/sql/gl_load.sql",\n  "RunAs": "ctmagt",\n  "Host": "ctmagt01"\n}',
  ],
  [
    'ent92-neg-controlm-ctm-session-login-prompt',
    '$ ctm environment add prod https://ctmem01.corp.local:8443/automation-api emuser\nPassword:\n$ ctm config servers::get -e prod',
  ],
  [
    'ent92-neg-autosys-jil-no-password-owner',
    'insert_job: PAYRL_DAILY   job_type: CMD\ncommand: /opt/pay/bin/payrl_daily.sh\nmachine: paybatch01\nowner: paybatch@paybatch01\ndate_conditions: 1\ndays_of_week: mo,tu,we,th,fr\nstart_times: "02:15"',
  ],
  [
    'ent92-neg-autosys-autorep-output',
    'Job Name                       Last Start           Last End             ST Run/Ntry Pri/Xit\n______________________________ ____________________ ____________________ __ ________ _______\nPAYRL_DAILY                    06/04/2025 02:15:07  06/04/2025 02:31:44  SU 48812/1 0',
  ],
  [
    'ent92-neg-win-net-use-star-prompt',
    'C:\\>net use \\\\FILESRV01\\batch$ /user:CORP\\svc_batch *\nType the password for \\\\FILESRV01\\batch$:\nThe command completed successfully.',
  ],
  [
    'ent92-neg-win-runas-prompt',
    'C:\\>runas /user:CORP\\adm_jdoe "mmc compmgmt.msc"\nEnter the password for CORP\\adm_jdoe:\nAttempting to start mmc compmgmt.msc as user "CORP\\adm_jdoe" ...',
  ],
  [
    'ent92-neg-win-sc-qc-output-service-account',
    '[SC] QueryServiceConfig SUCCESS\nSERVICE_NAME: PayrollBridge\n        TYPE               : 10  WIN32_OWN_PROCESS\n        START_TYPE         : 2   AUTO_START\n        BINARY_PATH_NAME   : D:\\apps\\paybridge\\PayBridge.exe\n        SERVICE_START_NAME : CORP\\svc_paybridge',
  ],
  [
    'ent92-neg-win-schtasks-ru-system',
    'schtasks /create /tn "Nightly GL Export" /tr "D:\\jobs\\gl_export.cmd" /sc daily /st 02:15 /ru SYSTEM /rl HIGHEST /f',
  ],
  [
    'ent92-neg-win-cmdkey-list-output',
    'C:\\>cmdkey /list\nCurrently stored credentials:\n    Target: Domain:target=FILESRV01\n    Type: Domain Password\n    User: CORP\\svc_batch',
  ],
  [
    'ent92-neg-vb6-ado-integrated-security',
    'cn.ConnectionString = "Provider=SQLOLEDB;Data Source=SQL01;Initial Catalog=Orders;Integrated Security=SSPI;"',
  ],
  [
    'ent92-neg-asp-classic-connstr-from-application-var',
    '<%\nSet conn = Server.CreateObject("ADODB.Connection")\nconn.Open "DSN=Intranet;UID=webuser;PWD=" & Application("DBPassword")\n%>',
  ],
  [
    'ent92-neg-perl-dbi-env-password',
    'my $dbh = DBI->connect("dbi:Oracle:FINPRD", $ENV{ORA_USER}, $ENV{ORA_PASSWORD}, { RaiseError => 1 });',
  ],
  [
    'ent92-neg-crystal-setdatabaselogon-from-config',
    'rpt.SetDatabaseLogon(ConfigurationManager.AppSettings["RptUser"], ConfigurationManager.AppSettings["RptPwd"], "SQL01", "Sales");',
  ],
  [
    'ent92-neg-ssrs-datasource-integrated-credentials',
    'definition.CredentialRetrieval = CredentialRetrievalEnum.Integrated\ndefinition.ConnectString = "Data Source=SQL01;Initial Catalog=Sales;Integrated Security=SSPI"\ndefinition.Extension = "SQL"',
  ],
  [
    'ent92-neg-was-fixpack-checksums',
    '9.0.5-WS-WAS-FP020.zip   sha256 {h64}\n9.0.5-WS-IHSPLG-FP020.zip sha256 {h64}\nmd5 ({h32})  PAYR0100.cbl',
  ],
  [
    'ent92-neg-docs-password-angle-and-asterisks',
    '//JOBNAME  JOB ...,USER=<userid>,PASSWORD=<password>\nALTUSER <userid> PASSWORD(********) NOEXPIRED\nhdbsql -u SYSTEM -p ******** ...\njco.client.passwd=changeme',
  ],
  [
    'ent92-neg-odbc-dsn-trusted-connection-empty-pwd',
    '[ODBC]\nDRIVER=ODBC Driver 17 for SQL Server\nTrusted_Connection=Yes\nUID=\nPWD=\nDATABASE=Sales\nSERVER=SQL01',
  ],
  [
    'ent92-neg-cobol-repo-git-log-shas',
    '$ git log --oneline -3 -- src/cobol/PAYR0100.cbl\n{h7} PAYR-412 fix COMP-3 rounding in YTD tax\n{h7} PAYR-398 add SQLCODE -911 retry\n{h7} migrate from Endevor stage 2',
  ],
  [
    'ent92-neg-zowe-config-list-secure-values-masked',
    '$ zowe config list profiles.prd1\nproperties:\n  host: mvsprd.corp.local\n  port: 443\n  user:     (secure value)\n  password: (secure value)\nsecure:\n  - user\n  - password',
  ],
  [
    'ent92-neg-liberty-securityutility-usage',
    '$ securityUtility encode --encoding=aes --key=@PASSWORD_KEY@\nEnter text:\nRe-enter text:\n# the value goes into server.xml as password="{aes}..." -- keep the key in bootstrap.properties',
  ],
  [
    'ent92-neg-zos-d-iplinfo-output',
    'D IPLINFO\nIEE254I  02.15.07 IPLINFO DISPLAY 123\n SYSTEM IPLED AT 04.02.11 ON 05/26/2025\n RELEASE z/OS 03.01.00    LICENSE = z/OS\n USED LOADP1 IN SYS1.IPLPARM ON 0A80\n IEASYM LIST = (00,P1)',
  ],
  [
    'ent92-neg-ssis-dtsid-guids',
    '<DTS:Executable DTS:refId="Package" DTS:CreationName="Microsoft.Package"\n  DTS:DTSID="{{H8}-{H4}-{H4}-{H4}-{H12}}" DTS:ExecutableType="Microsoft.Package"\n  DTS:ProtectionLevel="2" DTS:VersionGUID="{{H8}-{H4}-{H4}-{H4}-{H12}}">',
  ],
  ['ent92-neg-teradata-logon-tdwallet-reference', '.LOGON tdprod/etl_loader,$tdwallet(etl_loader_pwd);\n.SET ERRORLEVEL 3807 SEVERITY 0'],
  [
    'ent92-neg-informix-connect-host-variables',
    'EXEC SQL CONNECT TO :dbname USER :uname USING :upass;\nif (SQLCODE != 0) { fprintf(stderr, "connect failed %ld\\n", SQLCODE); }',
  ],
  [
    'ent92-neg-weblogic-setdomainenv-java-options',
    'JAVA_OPTIONS="${JAVA_OPTIONS} -Dweblogic.security.SSL.ignoreHostnameVerification=false -Dweblogic.security.TrustKeyStore=CustomTrust -Dweblogic.security.CustomTrustKeyStoreFileName=/u01/keystores/trust.jks"',
  ],
  [
    'ent92-neg-bizt-binding-password-null-vt1',
    '&lt;userName vt="8"&gt;biztalk_out&lt;/userName&gt;&lt;password vt="1" /&gt;&lt;uri vt="8"&gt;ftp://edi.partner.com:21/in&lt;/uri&gt;',
  ],
  [
    'ent92-neg-chat-mainframe-prose-no-secrets',
    'The job PAYRL01 abended S913 on STEP010 reading PROD.PAYROLL.MASTER — RACF says BATCH01 has no READ on the profile PROD.PAYROLL.**. Message was ICH408I with ACCESS INTENT(READ) ACCESS ALLOWED(NONE). Which PERMIT do I need?',
  ],
  [
    'ent92-neg-chat-sap-prose-no-secrets',
    'RFC from our BTP app to S/4 keeps failing with RFC_LOGON_FAILURE on client 100. The destination uses principal propagation, no user/password. SM21 shows nothing, ST22 empty. Which trace in SMICM should I switch on?',
  ],
  [
    'ent92-neg-mq-dis-chstatus-output',
    'AMQ8417I: Display Channel Status details.\n   CHANNEL(APP1.SVRCONN)                   CHLTYPE(SVRCONN)\n   CONNAME(10.20.4.77)                     CURRENT\n   MCAUSER(app1)                           STATUS(RUNNING)\n   SSLCIPH(TLS_AES_256_GCM_SHA384)         SSLPEER(SERIALNUMBER={H2}:{H2}:{H2}:{H2},CN=app1,O=CORP)',
  ],
  [
    'ent92-neg-ibmi-wrkactjob-qzdasoinit-ids',
    'Subsystem/Job  User        Type  CPU %  Function        Status\nQUSRWRK        QSYS        SBS      .0                   DEQW\n  QZDASOINIT   QUSER       PJ       .1                   TIMW\nJob: 482913/QUSER/QZDASOINIT   Current user: ODBCRPT',
  ],
  [
    'ent92-neg-jcl-sort-sysin-not-password',
    "//SYSIN    DD *\n  SORT FIELDS=(1,8,CH,A,9,4,PD,D)\n  INCLUDE COND=(21,8,CH,EQ,C'PASSWORD')\n  OUTREC FIELDS=(1,80)\n/*",
  ],
  [
    'ent92-neg-win-batch-env-var-password-reference',
    'sqlcmd -S SQLPRD01\\INST1 -U etl_runner -P "%ETL_SQL_PWD%" -Q "EXEC dbo.usp_NightlyLoad"\nnet use \\\\FILESRV01\\batch$ %BATCH_PWD% /user:CORP\\svc_batch',
  ],
];
