/** An eighty-sixth held-out batch, written blind: credentials in enterprise Java and .NET estates and their middleware (Spring Boot and Cloud Config, Jasypt, Tomcat, WildFly, WebLogic, WebSphere, IBM MQ, Oracle, Hibernate, log appenders, Maven/Gradle/Jenkins/Artifactory/Nexus/Ant, web.config and appsettings, IIS, Azure connection strings, NuGet, Windows services, DSC and SQL Server, SAP JCo, LDAP and Kerberos, stack traces), and look-alikes holding only references, ciphertext, public keys, hashes and GUIDs. */
export const BLIND86_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'ent86-spring-props-datasource-postgres-password',
    '# src/main/resources/application-prod.properties\nspring.datasource.url=jdbc:postgresql://pg-prod-01.acme.internal:5432/orders\nspring.datasource.username=orders_app\nspring.datasource.password=«{a22}»\nspring.datasource.hikari.maximum-pool-size=20',
  ],
  [
    'ent86-spring-yml-oracle-datasource-hikari-password',
    'spring:\n  datasource:\n    url: jdbc:oracle:thin:@//ora-scan.acme.local:1521/BILLPDB\n    username: BILLING_RW\n    password: "«{a12}#{a6}»"\n    driver-class-name: oracle.jdbc.OracleDriver\n    hikari:\n      pool-name: billing-pool',
  ],
  [
    'ent86-spring-props-mail-office365-password',
    'spring.mail.host=smtp.office365.com\nspring.mail.port=587\nspring.mail.username=noreply@acme-insurance.com\nspring.mail.password=«{a18}»\nspring.mail.properties.mail.smtp.starttls.enable=true',
  ],
  [
    'ent86-spring-yml-mail-sendgrid-apikey-password',
    'spring:\n  mail:\n    host: smtp.sendgrid.net\n    port: 587\n    username: apikey\n    password: «SG.{B22}.{B43}»',
  ],
  [
    'ent86-spring-oauth2-registration-github-client-secret',
    'spring.security.oauth2.client.registration.github.client-id=Iv1.{h16}\nspring.security.oauth2.client.registration.github.client-secret=«{h40}»\nspring.security.oauth2.client.registration.github.scope=read:user,user:email',
  ],
  [
    'ent86-spring-oauth2-registration-okta-yml-client-secret',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          okta:\n            client-id: 0oa{a17}\n            client-secret: «{B40}»\n            scope: openid,profile,email\n        provider:\n          okta:\n            issuer-uri: https://acme.okta.com/oauth2/default',
  ],
  [
    'ent86-spring-oauth2-registration-azure-entra-secret',
    'spring.cloud.azure.active-directory.enabled=true\nspring.cloud.azure.active-directory.profile.tenant-id={h8}-{h4}-{h4}-{h4}-{h12}\nspring.cloud.azure.active-directory.credential.client-id={h8}-{h4}-{h4}-{h4}-{h12}\nspring.cloud.azure.active-directory.credential.client-secret=«{a3}8Q~{B34}»',
  ],
  [
    'ent86-spring-props-jwt-hs512-base64-secret',
    '# JWT\napp.security.jwt.issuer=https://auth.acme.io\napp.security.jwt.secret=«{b86}==»\napp.security.jwt.expiration-ms=3600000',
  ],
  [
    'ent86-spring-yml-jwt-ec-private-key-pem',
    'jwt:\n  key-id: orders-2024-06\n  private-key: |\n    «-----BEGIN EC PRIVATE KEY-----\n    MHcCAQEEI{b55}\n    {b64}\n    {b34}==\n    -----END EC PRIVATE KEY-----»',
  ],
  [
    'ent86-spring-authserver-registered-client-noop-secret',
    'spring:\n  security:\n    oauth2:\n      authorizationserver:\n        client:\n          reporting-client:\n            registration:\n              client-id: reporting-client\n              client-secret: "{noop}«{a32}»"\n              client-authentication-methods: client_secret_basic',
  ],
  [
    'ent86-spring-rabbitmq-password-yml',
    'spring:\n  rabbitmq:\n    host: rabbit-01.acme.internal\n    port: 5671\n    username: payments\n    password: «{l24}»\n    ssl:\n      enabled: true',
  ],
  [
    'ent86-spring-data-mongodb-uri-password',
    'spring.data.mongodb.uri=mongodb://catalog_svc:«{a20}»@mongo-0.acme.internal:27017,mongo-1.acme.internal:27017/catalog?replicaSet=rs0&authSource=admin',
  ],
  [
    'ent86-spring-kafka-sasl-jaas-confluent-secret',
    'spring.kafka.bootstrap-servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nspring.kafka.properties.security.protocol=SASL_SSL\nspring.kafka.properties.sasl.mechanism=PLAIN\nspring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{a64}»";',
  ],
  [
    'ent86-spring-datasource-password-compose-env',
    '  orders-api:\n    image: registry.acme.io/orders-api:3.4.1\n    environment:\n      SPRING_PROFILES_ACTIVE: prod\n      SPRING_DATASOURCE_URL: jdbc:postgresql://db:5432/orders\n      SPRING_DATASOURCE_USERNAME: orders\n      SPRING_DATASOURCE_PASSWORD: «{a20}»',
  ],
  [
    'ent86-spring-boot-jar-cli-datasource-password-arg',
    "$ java -Xmx1g -jar inventory-service-2.7.3.jar \\\n    --spring.profiles.active=uat \\\n    --spring.datasource.username=inv_uat \\\n    --spring.datasource.password='«{a10}!{a8}»'",
  ],
  [
    'ent86-spring-security-user-password-props',
    '# basic auth for the actuator endpoints\nspring.security.user.name=actuator\nspring.security.user.password=«{a24}»\nspring.security.user.roles=ACTUATOR',
  ],
  [
    'ent86-spring-server-ssl-keystore-and-key-password',
    'server.port=8443\nserver.ssl.key-store=classpath:keystore/orders.p12\nserver.ssl.key-store-type=PKCS12\nserver.ssl.key-store-password=«{a16}»\nserver.ssl.key-alias=orders\nserver.ssl.key-password=«{a16}»',
  ],
  [
    'ent86-spring-cloud-azure-storage-account-key',
    'spring.cloud.azure.storage.blob.account-name=acmedocsprod\nspring.cloud.azure.storage.blob.account-key=«{b86}==»\nspring.cloud.azure.storage.blob.endpoint=https://acmedocsprod.blob.core.windows.net',
  ],
  [
    'ent86-spring-datasource-sqlserver-jdbc-url-password',
    'spring.datasource.url=jdbc:sqlserver://sqlprod01.acme.local:1433;databaseName=Claims;user=claims_app;password=«{a18}»;encrypt=true;trustServerCertificate=false',
  ],
  [
    'ent86-spring-actuator-env-json-unmasked-password',
    '$ curl -s -u actuator:$ACT_PW https://orders.acme.io/actuator/env/spring.datasource.password | jq .property\n{\n  "source": "Config resource \'class path resource [application-prod.yml]\' via location \'optional:classpath:/\'",\n  "value": "«{a22}»"\n}',
  ],
  [
    'ent86-spring-cloud-config-client-bootstrap-password',
    '# bootstrap.yml\nspring:\n  application:\n    name: pricing-service\n  cloud:\n    config:\n      uri: https://config.acme.internal\n      username: config-reader\n      password: «{a26}»\n      fail-fast: true',
  ],
  [
    'ent86-spring-ldap-embedded-bind-password-yml',
    'spring:\n  ldap:\n    urls: ldaps://dc01.corp.acme.local:636\n    base: dc=corp,dc=acme,dc=local\n    username: CN=svc-portal-ldap,OU=Service Accounts,DC=corp,DC=acme,DC=local\n    password: «{a14}%{a6}»',
  ],
  [
    'ent86-spring-cloud-config-server-git-pat',
    "spring:\n  cloud:\n    config:\n      server:\n        git:\n          uri: https://github.com/acme-corp/config-repo\n          username: acme-config-bot\n          password: «ghp_{a36}»\n          default-label: main\n          search-paths: '{application}'",
  ],
  ['ent86-spring-cloud-config-server-encrypt-key', '# config-server application.yml\nencrypt:\n  key: «{a40}»\nserver:\n  port: 8888'],
  [
    'ent86-spring-cloud-config-encrypt-keystore-secret',
    'encrypt:\n  key-store:\n    location: file:/etc/config-server/server.jks\n    alias: config-server-key\n    password: «{a18}»\n    secret: «{a18}»',
  ],
  [
    'ent86-spring-cloud-config-curl-encrypt-plaintext',
    "$ curl -s -u admin:«{a16}» https://config.acme.internal/encrypt -d '«{a20}»'\n{h64}",
  ],
  [
    'ent86-spring-cloud-config-git-ssh-private-key',
    'spring:\n  cloud:\n    config:\n      server:\n        git:\n          uri: git@gitlab.acme.io:platform/config-repo.git\n          ignore-local-ssh-settings: true\n          private-key: |\n            «-----BEGIN OPENSSH PRIVATE KEY-----\n            b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n            QyNTUxOQAAACB{b49}AAAA{b12}\n            {b70}\n            {b70}\n            {b44}=\n            -----END OPENSSH PRIVATE KEY-----»',
  ],
  [
    'ent86-spring-cloud-vault-token-bootstrap',
    'spring.cloud.vault.uri=https://vault.acme.internal:8200\nspring.cloud.vault.authentication=TOKEN\nspring.cloud.vault.token=«hvs.CAESI{B86}»\nspring.cloud.vault.kv.backend=secret',
  ],
  [
    'ent86-jasypt-encryptor-password-in-properties',
    'jasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256\njasypt.encryptor.password=«{a32}»\nspring.datasource.password=ENC({b64})',
  ],
  [
    'ent86-jasypt-system-property-on-java-cmd',
    'ExecStart=/usr/bin/java -Djasypt.encryptor.password=«{a24}» -jar /opt/acme/claims-api.jar --spring.profiles.active=prod',
  ],
  [
    'ent86-jasypt-maven-plugin-encrypt-value-plaintext',
    '$ mvn jasypt:encrypt-value -Djasypt.encryptor.password="«{a20}»" -Djasypt.plugin.value="«{a16}»"\n[INFO] --- jasypt-maven-plugin:3.0.5:encrypt-value (default-cli) @ claims-api ---\nENC({b64})',
  ],
  [
    'ent86-jasypt-cli-encrypt-sh-input-and-password',
    "$ ./encrypt.sh input='«{a14}»' password=«{a22}» algorithm=PBEWithMD5AndDES\n\n----ENVIRONMENT-----------------\nRuntime: Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.11+9\n\n----OUTPUT----------------------\n{b24}",
  ],
  [
    'ent86-tomcat-server-xml-connector-keystorepass',
    '<Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol"\n           maxThreads="200" SSLEnabled="true" scheme="https" secure="true"\n           keystoreFile="conf/acme-portal.jks" keystorePass="«{a18}»"\n           clientAuth="false" sslProtocol="TLS" />',
  ],
  [
    'ent86-tomcat-sslhostconfig-certificate-keystore-password',
    '<Connector port="8443" protocol="org.apache.coyote.http11.Http11Nio2Protocol" SSLEnabled="true">\n    <SSLHostConfig protocols="TLSv1.2+TLSv1.3">\n        <Certificate certificateKeystoreFile="conf/tls/portal.p12"\n                     certificateKeystorePassword="«{a20}»"\n                     certificateKeyAlias="portal" type="RSA" />\n    </SSLHostConfig>\n</Connector>',
  ],
  [
    'ent86-tomcat-sslhostconfig-pem-key-password',
    '<SSLHostConfig hostName="intranet.acme.local">\n    <Certificate certificateFile="conf/tls/intranet.crt"\n                 certificateKeyFile="conf/tls/intranet.key"\n                 certificateKeyPassword="«{a16}»"\n                 certificateChainFile="conf/tls/chain.pem" />\n</SSLHostConfig>',
  ],
  [
    'ent86-tomcat-ajp-connector-secret',
    '<!-- AJP for the Apache httpd front end -->\n<Connector protocol="AJP/1.3" address="127.0.0.1" port="8009"\n           redirectPort="8443" secretRequired="true" secret="«{a32}»" />',
  ],
  [
    'ent86-tomcat-datasourcerealm-jdbc-connection-password',
    '<Realm className="org.apache.catalina.realm.JDBCRealm"\n       driverName="org.postgresql.Driver"\n       connectionURL="jdbc:postgresql://pg-auth.acme.local:5432/webauth"\n       connectionName="tomcat_realm" connectionPassword="«{a20}»"\n       userTable="users" userNameCol="user_name" userCredCol="user_pass"\n       userRoleTable="user_roles" roleNameCol="role_name" />',
  ],
  [
    'ent86-tomcat-jndirealm-ad-connection-password',
    '<Realm className="org.apache.catalina.realm.JNDIRealm"\n       connectionURL="ldaps://dc02.corp.acme.local:636"\n       connectionName="CN=svc-tomcat,OU=Service Accounts,DC=corp,DC=acme,DC=local"\n       connectionPassword="«{a12}.{a8}»"\n       userBase="OU=Staff,DC=corp,DC=acme,DC=local" userSearch="(sAMAccountName={0})"\n       roleBase="OU=Groups,DC=corp,DC=acme,DC=local" roleName="cn" roleSearch="(member={0})" />',
  ],
  [
    'ent86-tomcat-context-xml-oracle-resource-password',
    '<Context>\n  <Resource name="jdbc/ClaimsDB" auth="Container" type="javax.sql.DataSource"\n            driverClassName="oracle.jdbc.OracleDriver"\n            url="jdbc:oracle:thin:@ora-scan.acme.local:1521/CLMPRD"\n            username="CLAIMS_APP" password="«{a18}»"\n            maxTotal="40" maxIdle="10" maxWaitMillis="10000" />\n</Context>',
  ],
  [
    'ent86-tomcat-users-manager-gui-plain-password',
    '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n  <role rolename="manager-gui"/>\n  <role rolename="manager-script"/>\n  <user username="ops-admin" password="«{a20}»" roles="manager-gui"/>\n</tomcat-users>',
  ],
  [
    'ent86-tomcat-setenv-sh-javax-ssl-keystore-password',
    '# $CATALINA_BASE/bin/setenv.sh\nexport CATALINA_OPTS="$CATALINA_OPTS -Xms2g -Xmx2g \\\n  -Djavax.net.ssl.keyStore=/opt/tomcat/conf/client.jks \\\n  -Djavax.net.ssl.keyStorePassword=«{a18}» \\\n  -Djavax.net.ssl.trustStore=/opt/tomcat/conf/truststore.jks"',
  ],
  [
    'ent86-tomcat-manager-curl-deploy-basic-auth',
    '$ curl -sS --upload-file target/claims-portal.war \\\n    -u deployer:«{a18}» \\\n    "http://app03.acme.local:8080/manager/text/deploy?path=/claims&update=true"\nOK - Deployed application at context path [/claims]',
  ],
  [
    'ent86-tomcat-cluster-encrypt-interceptor-key',
    '<Channel className="org.apache.catalina.tribes.group.GroupChannel">\n  <Interceptor className="org.apache.catalina.tribes.group.interceptors.EncryptInterceptor"\n               encryptionAlgorithm="AES/GCM/NoPadding"\n               encryptionKey="«{h32}»" />\n</Channel>',
  ],
  [
    'ent86-wildfly-standalone-xml-datasource-security-password',
    '<datasource jndi-name="java:jboss/datasources/OrdersDS" pool-name="OrdersDS" enabled="true">\n    <connection-url>jdbc:postgresql://pg-prod-02.acme.internal:5432/orders</connection-url>\n    <driver>postgresql</driver>\n    <security>\n        <user-name>orders_app</user-name>\n        <password>«{a20}»</password>\n    </security>\n</datasource>',
  ],
  [
    'ent86-jboss-cli-data-source-add-password',
    '[standalone@localhost:9990 /] data-source add --name=ReportsDS --jndi-name=java:jboss/datasources/ReportsDS \\\n  --driver-name=mysql --connection-url=jdbc:mysql://mysql-ro.acme.internal:3306/reports \\\n  --user-name=reports_ro --password=«{a18}»',
  ],
  [
    'ent86-wildfly-elytron-credential-store-add-alias',
    '/subsystem=elytron/credential-store=appCS:add(location="credentials/app.cs", relative-to=jboss.server.config.dir, credential-reference={clear-text="«{a20}»"}, create=true)\n/subsystem=elytron/credential-store=appCS:add-alias(alias=orders-db, secret-value="«{a22}»")',
  ],
  [
    'ent86-wildfly-elytron-tool-credential-store-create',
    '$ bin/elytron-tool.sh credential-store --create --location "standalone/configuration/prod.cs" \\\n    --password «{a18}» --add mq-password --secret «{a16}»\nCredential store created\nAlias "mq-password" has been successfully stored',
  ],
  ['ent86-jboss-add-user-sh-management-password', "$ $JBOSS_HOME/bin/add-user.sh -u admin -p '«{a12}@{a6}»' -g SuperUser --silent"],
  [
    'ent86-jboss-vault-sh-sec-attr-and-keystore-password',
    '$ ./vault.sh --keystore /opt/jboss/vault/vault.keystore --keystore-password «{a16}» \\\n    --alias vault --vault-block ds_Orders --attribute password --sec-attr «{a20}» \\\n    --enc-dir /opt/jboss/vault/ --iteration 120 --salt 8675309K',
  ],
  [
    'ent86-wildfly-messaging-cluster-password',
    '<subsystem xmlns="urn:jboss:domain:messaging-activemq:15.0">\n    <server name="default" cluster-user="artemis-cluster" cluster-password="«{a24}»">\n        <security-setting name="#">',
  ],
  [
    'ent86-wildfly-ldap-dir-context-credential-reference-clear',
    '<dir-contexts>\n    <dir-context name="corp-ad" url="ldaps://dc01.corp.acme.local:636"\n                 principal="CN=svc-wildfly,OU=Service Accounts,DC=corp,DC=acme,DC=local">\n        <credential-reference clear-text="«{a18}»"/>\n    </dir-context>\n</dir-contexts>',
  ],
  [
    'ent86-keycloak-realm-json-client-secret',
    '    {\n      "clientId": "claims-portal",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n      "secret": "«{a32}»",\n      "redirectUris": ["https://claims.acme.io/*"]\n    }',
  ],
  [
    'ent86-weblogic-boot-properties-plaintext-before-start',
    '$ cat $DOMAIN_HOME/servers/AdminServer/security/boot.properties\nusername=weblogic\npassword=«{a14}1»',
  ],
  [
    'ent86-weblogic-wlst-connect-admin-password',
    "wls:/offline> connect('weblogic', '«{a16}»', 't3://wls-admin.acme.local:7001')\nConnecting to t3://wls-admin.acme.local:7001 with userid weblogic ...\nSuccessfully connected to Admin Server \"AdminServer\" that belongs to domain \"claims_domain\".",
  ],
  [
    'ent86-weblogic-deployer-cli-password',
    'java weblogic.Deployer -adminurl t3://wls-admin.acme.local:7001 -username weblogic \\\n  -password «{a18}» -deploy -name claims-ear -targets ClaimsCluster /u01/deploy/claims-ear-4.2.ear',
  ],
  [
    'ent86-weblogic-wlst-jdbc-password-encrypted-set',
    "cd('/JDBCSystemResources/ClaimsDS/JDBCResource/ClaimsDS/JDBCDriverParams/ClaimsDS')\nset('Url', 'jdbc:oracle:thin:@//ora-scan.acme.local:1521/CLMPRD')\nset('PasswordEncrypted', '«{a18}»')\ncd('Properties/ClaimsDS/Properties/user')\nset('Value', 'CLAIMS_APP')",
  ],
  [
    'ent86-weblogic-wlst-create-domain-admin-password',
    "readTemplate('/u01/oracle/wlserver/common/templates/wls/wls.jar')\ncd('/Security/base_domain/User/weblogic')\ncmo.setPassword('«{a20}»')\nsetOption('OverwriteDomain', 'true')\nwriteDomain('/u01/domains/claims_domain')",
  ],
  [
    'ent86-websphere-wsadmin-user-password-args',
    '$ /opt/IBM/WebSphere/AppServer/profiles/Dmgr01/bin/wsadmin.sh -lang jython \\\n    -user wasadmin -password «{a16}» -f /tmp/deploy_claims.py\nWASX7209I: Connected to process "dmgr" on node acmeCellManager01 using SOAP connector;  The type of process is: DeploymentManager',
  ],
  [
    'ent86-websphere-soap-client-props-login-password',
    '# profiles/AppSrv01/properties/soap.client.props\ncom.ibm.SOAP.securityEnabled=true\ncom.ibm.SOAP.loginUserid=wasadmin\ncom.ibm.SOAP.loginPassword=«{a18}»\ncom.ibm.SOAP.loginSource=properties',
  ],
  [
    'ent86-websphere-admintask-create-auth-data-entry',
    'AdminTask.createAuthDataEntry(\'[-alias claimsDB2Auth -user db2claim -password «{a16}» -description "DB2 claims datasource"]\')\nAdminConfig.save()',
  ],
  [
    'ent86-liberty-server-xml-db2-datasource-password',
    '<dataSource id="claimsDS" jndiName="jdbc/claims">\n    <jdbcDriver libraryRef="db2Lib"/>\n    <properties.db2.jcc databaseName="CLAIMS" serverName="db2prod.acme.local" portNumber="50000"\n                        user="db2claim" password="«{a18}»"/>\n</dataSource>',
  ],
  [
    'ent86-liberty-server-xml-keystore-password',
    '<featureManager>\n    <feature>transportSecurity-1.0</feature>\n</featureManager>\n<keyStore id="defaultKeyStore" location="key.p12" type="PKCS12" password="«{a20}»" />',
  ],
  ['ent86-liberty-security-utility-encode-plaintext', "$ wlp/bin/securityUtility encode --encoding=aes '«{a20}»'\n{aes}{b64}"],
  [
    'ent86-ibm-mq-java-mqenvironment-password',
    'MQEnvironment.hostname = "mqprd01.acme.local";\nMQEnvironment.port = 1414;\nMQEnvironment.channel = "APP.SVRCONN";\nMQEnvironment.userID = "mqclaims";\nMQEnvironment.password = "«{a16}»";\nMQQueueManager qmgr = new MQQueueManager("QMPRD01");',
  ],
  [
    'ent86-ibm-mq-jms-connection-factory-password-property',
    'JmsConnectionFactory cf = ff.createConnectionFactory();\ncf.setStringProperty(WMQConstants.WMQ_HOST_NAME, "mqprd01.acme.local");\ncf.setIntProperty(WMQConstants.WMQ_PORT, 1414);\ncf.setStringProperty(WMQConstants.WMQ_CHANNEL, "CLAIMS.SVRCONN");\ncf.setStringProperty(WMQConstants.USERID, "mqclaims");\ncf.setStringProperty(WMQConstants.PASSWORD, "«{a18}»");',
  ],
  [
    'ent86-ibm-mq-spring-starter-password',
    'ibm.mq.queue-manager=QMPRD01\nibm.mq.channel=PAYMENTS.SVRCONN\nibm.mq.conn-name=mqprd01.acme.local(1414),mqprd02.acme.local(1414)\nibm.mq.user=mqpay\nibm.mq.password=«{a20}»',
  ],
  [
    'ent86-ibm-mq-runmqakm-create-kdb-password',
    '$ runmqakm -keydb -create -db /var/mqm/qmgrs/QMPRD01/ssl/key.kdb -pw «{a18}» -type cms -stash\n$ runmqakm -cert -add -db /var/mqm/qmgrs/QMPRD01/ssl/key.kdb -stashed -label acme-root-ca -file acme-root-ca.pem',
  ],
  [
    'ent86-ibm-mq-mqsc-authinfo-ldappwd',
    "DEFINE AUTHINFO(ACME.LDAP) AUTHTYPE(IDPWLDAP) +\n  CONNAME('dc01.corp.acme.local(636)') SECCOMM(YES) +\n  LDAPUSER('CN=svc-mq,OU=Service Accounts,DC=corp,DC=acme,DC=local') +\n  LDAPPWD('«{a16}»') +\n  SHORTUSR('sAMAccountName') BASEDNU('OU=Staff,DC=corp,DC=acme,DC=local') REPLACE",
  ],
  [
    'ent86-oracle-sqlplus-user-slash-password-tns',
    '$ sqlplus -L claims_ro/«{a16}»@CLMPRD_RO @/opt/reports/daily_claims.sql\nSQL*Plus: Release 19.0.0.0.0 - Production on Tue Jun 11 06:00:01 2024',
  ],
  [
    'ent86-oracle-sqlplus-sysdba-ezconnect-password',
    'sqlplus -s "sys/«{a18}»@//ora-prd-01.acme.local:1521/ORCLCDB as sysdba" <<\'EOF\'\nselect name, open_mode from v$database;\nEOF',
  ],
  [
    'ent86-oracle-mkstore-create-credential-password-args',
    '$ mkstore -wrl /u01/app/oracle/wallet -createCredential CLMPRD_RO claims_ro «{a16}»\nOracle Secret Store Tool Release 19.0.0.0.0 - Production\nEnter wallet password:',
  ],
  [
    'ent86-oracle-orapki-wallet-create-pwd',
    '$ orapki wallet create -wallet /u01/app/oracle/wallet -pwd «{a14}#{a4}» -auto_login\nOracle PKI Tool Release 19.0.0.0.0 - Production\nOperation is successfully completed.',
  ],
  [
    'ent86-oracle-rman-target-and-auxiliary-passwords',
    '$ rman target sys/«{a16}»@PRIM auxiliary sys/«{a16}»@STBY\nRMAN> duplicate target database for standby from active database nofilenamecheck;',
  ],
  [
    'ent86-oracle-jdbc-thin-url-embedded-user-password',
    'String url = "jdbc:oracle:thin:BILLING_RW/«{a18}»@ora-scan.acme.local:1521/BILLPDB";\nConnection conn = DriverManager.getConnection(url);',
  ],
  ['ent86-oracle-alter-user-identified-by', 'SQL> ALTER USER claims_app IDENTIFIED BY "«{a18}»" ACCOUNT UNLOCK;\n\nUser altered.'],
  [
    'ent86-oracle-create-database-link-identified-by',
    'CREATE DATABASE LINK dw_link\n  CONNECT TO dw_reader IDENTIFIED BY "«{a16}»"\n  USING \'DWPRD\';',
  ],
  [
    'ent86-oracle-sqlcl-adb-wallet-connect-password',
    '$ sql -cloudconfig ~/wallets/Wallet_acmeadw.zip admin/«{a12}_{a6}»@acmeadw_high\nSQLcl: Release 23.4 Production on Wed Jun 12 09:14:55 2024\nConnected to: Oracle Database 19c Enterprise Edition',
  ],
  [
    'ent86-hibernate-cfg-xml-connection-password',
    '<hibernate-configuration>\n  <session-factory>\n    <property name="hibernate.connection.driver_class">org.postgresql.Driver</property>\n    <property name="hibernate.connection.url">jdbc:postgresql://pg-legacy:5432/hr</property>\n    <property name="hibernate.connection.username">hr_app</property>\n    <property name="hibernate.connection.password">«{a18}»</property>\n    <property name="hibernate.dialect">org.hibernate.dialect.PostgreSQLDialect</property>\n  </session-factory>\n</hibernate-configuration>',
  ],
  [
    'ent86-persistence-xml-jakarta-jdbc-password',
    '<persistence-unit name="claimsPU" transaction-type="RESOURCE_LOCAL">\n  <properties>\n    <property name="jakarta.persistence.jdbc.url" value="jdbc:mysql://mysql-rw:3306/claims"/>\n    <property name="jakarta.persistence.jdbc.user" value="claims"/>\n    <property name="jakarta.persistence.jdbc.password" value="«{a20}»"/>\n  </properties>\n</persistence-unit>',
  ],
  [
    'ent86-persistence-xml-javax-eclipselink-password',
    '<property name="javax.persistence.jdbc.driver" value="oracle.jdbc.OracleDriver"/>\n<property name="javax.persistence.jdbc.url" value="jdbc:oracle:thin:@ora-scan:1521/HRPDB"/>\n<property name="javax.persistence.jdbc.user" value="HR_APP"/>\n<property name="javax.persistence.jdbc.password" value="«{a14}»"/>\n<property name="eclipselink.logging.level" value="FINE"/>',
  ],
  [
    'ent86-hibernate-java-settings-pass-constant',
    'Map<String, Object> settings = new HashMap<>();\nsettings.put(AvailableSettings.URL, "jdbc:postgresql://pg-hr:5432/hr");\nsettings.put(AvailableSettings.USER, "hr_batch");\nsettings.put(AvailableSettings.PASS, "«{a20}»");\nStandardServiceRegistry registry = new StandardServiceRegistryBuilder().applySettings(settings).build();',
  ],
  [
    'ent86-log4j1-smtp-appender-smtppassword',
    'log4j.appender.mail=org.apache.log4j.net.SMTPAppender\nlog4j.appender.mail.SMTPHost=smtp.acme-mail.com\nlog4j.appender.mail.SMTPUsername=alerts@acme-mail.com\nlog4j.appender.mail.SMTPPassword=«{a16}»\nlog4j.appender.mail.To=oncall@acme.io\nlog4j.appender.mail.Threshold=ERROR',
  ],
  [
    'ent86-log4j2-xml-smtp-appender-password',
    '<SMTP name="Mail" subject="[claims-api] ERROR" to="oncall@acme.io" from="noreply@acme.io"\n      smtpHost="smtp.office365.com" smtpPort="587" smtpProtocol="smtp"\n      smtpUsername="noreply@acme.io" smtpPassword="«{a18}»" bufferSize="50">\n  <ThresholdFilter level="ERROR"/>\n</SMTP>',
  ],
  [
    'ent86-logback-smtp-appender-password-element',
    '<appender name="EMAIL" class="ch.qos.logback.classic.net.SMTPAppender">\n  <smtpHost>smtp.gmail.com</smtpHost>\n  <smtpPort>587</smtpPort>\n  <STARTTLS>true</STARTTLS>\n  <username>ops.alerts@acme.io</username>\n  <password>«{L16}»</password>\n  <to>oncall@acme.io</to>\n</appender>',
  ],
  [
    'ent86-logback-db-appender-connection-source-password',
    '<appender name="DB" class="ch.qos.logback.classic.db.DBAppender">\n  <connectionSource class="ch.qos.logback.core.db.DriverManagerConnectionSource">\n    <driverClass>org.postgresql.Driver</driverClass>\n    <url>jdbc:postgresql://pg-logs:5432/applogs</url>\n    <user>logwriter</user>\n    <password>«{a20}»</password>\n  </connectionSource>\n</appender>',
  ],
  [
    'ent86-log4j2-jdbc-appender-driver-manager-password',
    '<JDBC name="AuditDb" tableName="AUDIT_EVENTS">\n  <DriverManager connectionString="jdbc:oracle:thin:@ora-scan:1521/AUDPDB"\n                 userName="AUDIT_W" password="«{a16}»"/>\n  <Column name="EVENT_DATE" isEventTimestamp="true"/>\n  <Column name="MESSAGE" pattern="%message"/>\n</JDBC>',
  ],
  [
    'ent86-log4j2-http-appender-splunk-hec-guid-token',
    '<Http name="Splunk" url="https://splunk-hec.acme.internal:8088/services/collector/raw">\n  <Property name="Authorization" value="Splunk «{h8}-{h4}-{h4}-{h4}-{h12}»"/>\n  <PatternLayout pattern="%d{ISO8601} %-5p [%t] %c - %m%n"/>\n</Http>',
  ],
  [
    'ent86-logback-slack-appender-webhook-url',
    '<appender name="SLACK" class="com.github.maricn.logback.SlackAppender">\n  <webhookUri>«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»</webhookUri>\n  <channel>#claims-alerts</channel>\n  <username>claims-api</username>\n</appender>',
  ],
  [
    'ent86-maven-settings-xml-server-password',
    '<servers>\n  <server>\n    <id>acme-releases</id>\n    <username>deployer</username>\n    <password>«{a20}»</password>\n  </server>\n</servers>',
  ],
  [
    'ent86-maven-settings-xml-private-key-passphrase',
    '<server>\n  <id>legacy-scp-repo</id>\n  <username>mvnsync</username>\n  <privateKey>${user.home}/.ssh/id_rsa_mvn</privateKey>\n  <passphrase>«{a18}»</passphrase>\n  <filePermissions>664</filePermissions>\n</server>',
  ],
  [
    'ent86-maven-settings-xml-artifactory-api-key-password',
    '<server>\n  <id>artifactory-libs</id>\n  <username>svc-ci</username>\n  <password>«AKCp8{a68}»</password>\n</server>',
  ],
  [
    'ent86-maven-settings-xml-gitlab-private-token-header',
    '<server>\n  <id>gitlab-maven</id>\n  <configuration>\n    <httpHeaders>\n      <property>\n        <name>Private-Token</name>\n        <value>«glpat-{B20}»</value>\n      </property>\n    </httpHeaders>\n  </configuration>\n</server>',
  ],
  [
    'ent86-maven-settings-xml-github-packages-token',
    '  <servers>\n    <server>\n      <id>github</id>\n      <username>acme-ci-bot</username>\n      <password>«ghp_{a36}»</password>\n    </server>\n  </servers>',
  ],
  [
    'ent86-maven-settings-gpg-passphrase-profile-property',
    '<profile>\n  <id>ossrh</id>\n  <properties>\n    <gpg.executable>gpg2</gpg.executable>\n    <gpg.keyname>{H16}</gpg.keyname>\n    <gpg.passphrase>«{a24}»</gpg.passphrase>\n  </properties>\n</profile>',
  ],
  [
    'ent86-maven-encrypt-master-password-arg',
    '$ mvn --encrypt-master-password «{a20}»\n# then paste the output into ~/.m2/settings-security.xml <master> element',
  ],
  [
    'ent86-maven-deploy-file-cli-password-property',
    'mvn -B deploy:deploy-file -DrepositoryId=acme-releases \\\n  -Durl=https://nexus.acme.io/repository/maven-releases/ \\\n  -Dfile=target/ojdbc-wrapper-1.0.jar -DgroupId=com.acme -DartifactId=ojdbc-wrapper -Dversion=1.0 \\\n  -Drepo.username=deployer -Drepo.password=«{a18}»',
  ],
  [
    'ent86-gradle-init-script-nexus-credentials',
    '// ~/.gradle/init.d/nexus.gradle\nallprojects {\n    repositories {\n        maven {\n            url "https://nexus.acme.io/repository/maven-public/"\n            credentials {\n                username "ci-reader"\n                password "«{a20}»"\n            }\n        }\n    }\n}',
  ],
  [
    'ent86-gradle-init-kts-credentials-password',
    '// init.gradle.kts\nsettingsEvaluated {\n    pluginManagement.repositories.maven("https://artifactory.acme.io/artifactory/gradle-plugins") {\n        credentials {\n            username = "gradle-ci"\n            password = "«cmVmdGtuOjAxOj{a50}»"\n        }\n    }\n}',
  ],
  [
    'ent86-gradle-properties-nexus-and-signing-password',
    '# ~/.gradle/gradle.properties\nnexusUsername=acme-publisher\nnexusPassword=«{a22}»\nsigning.keyId={H8}\nsigning.password=«{a20}»\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg',
  ],
  [
    'ent86-gradle-org-project-env-ossrh-password',
    "export ORG_GRADLE_PROJECT_ossrhUsername=acme-oss\nexport ORG_GRADLE_PROJECT_ossrhPassword='«{a22}»'\n./gradlew publishToSonatype closeAndReleaseSonatypeStagingRepository",
  ],
  [
    'ent86-jenkins-casc-username-password-credential',
    'credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-deployer\n              username: deployer\n              password: "«{a20}»"',
  ],
  [
    'ent86-jenkins-casc-string-credential-slack-bot',
    '          - string:\n              scope: GLOBAL\n              id: slack-bot-token\n              description: "Slack bot for #builds"\n              secret: "«xoxb-{d12}-{d13}-{a24}»"',
  ],
  [
    'ent86-jenkins-api-token-curl-build-trigger',
    '$ curl -X POST -u ci-trigger:«11{h32}» \\\n    "https://jenkins.acme.io/job/claims-api/job/main/buildWithParameters?DEPLOY_ENV=uat"',
  ],
  ['ent86-jenkins-cli-jar-auth-api-token', 'java -jar jenkins-cli.jar -s https://jenkins.acme.io/ -auth admin:«11{h32}» safe-restart'],
  [
    'ent86-jenkins-inbound-agent-secret-arg',
    'java -jar agent.jar -url https://jenkins.acme.io/ \\\n  -secret «{h64}» \\\n  -name win-build-03 -webSocket -workDir "C:\\jenkins"',
  ],
  ['ent86-jenkins-initial-admin-password-cat', '$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n«{h32}»'],
  [
    'ent86-jenkins-create-credentials-by-xml-plain-password',
    '$ cat nexus-cred.xml | java -jar jenkins-cli.jar -s https://jenkins.acme.io/ -auth @/home/ops/.jenkins-auth create-credentials-by-xml system::system::jenkins _\n# nexus-cred.xml\n<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>nexus-deployer</id>\n  <username>deployer</username>\n  <password>«{a20}»</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>',
  ],
  [
    'ent86-jenkins-script-console-groovy-credential',
    'import com.cloudbees.plugins.credentials.*\nimport com.cloudbees.plugins.credentials.impl.*\ndef c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, "artifactory-ci", "Artifactory CI", "svc-ci", "«{a22}»")\nSystemCredentialsProvider.getInstance().getStore().addCredentials(Domain.global(), c)',
  ],
  [
    'ent86-jenkins-casc-github-webhook-shared-secret',
    'unclassified:\n  gitHubPluginConfig:\n    hookSecretConfigs:\n      - credentialsId: github-webhook-secret\ncredentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - string:\n              id: github-webhook-secret\n              secret: "«{h40}»"',
  ],
  [
    'ent86-jenkins-casc-ldap-manager-password-secret',
    'jenkins:\n  securityRealm:\n    ldap:\n      configurations:\n        - server: ldaps://dc01.corp.acme.local:636\n          rootDN: DC=corp,DC=acme,DC=local\n          managerDN: CN=svc-jenkins,OU=Service Accounts,DC=corp,DC=acme,DC=local\n          managerPasswordSecret: "«{a20}»"\n          userSearch: sAMAccountName={0}',
  ],
  [
    'ent86-artifactory-x-jfrog-art-api-header-curl',
    'curl -H "X-JFrog-Art-Api: «AKCp8{a68}»" -T build/libs/claims-api-4.2.0.jar \\\n  "https://artifactory.acme.io/artifactory/libs-release-local/com/acme/claims-api/4.2.0/claims-api-4.2.0.jar"',
  ],
  [
    'ent86-jfrog-cli-config-add-access-token',
    '$ jf c add acme-prod --url=https://acme.jfrog.io --access-token=«cmVmdGtuOjAxOj{a50}» --interactive=false\n$ jf rt ping --server-id=acme-prod\nOK',
  ],
  [
    'ent86-artifactory-npmrc-basic-auth-base64',
    'registry=https://artifactory.acme.io/artifactory/api/npm/npm-virtual/\n_auth=«{b46}==»\nemail=ci@acme.io\nalways-auth=true',
  ],
  ['ent86-nexus-admin-password-file-uuid', '$ docker exec nexus cat /nexus-data/admin.password\n«{h8}-{h4}-4{h3}-{h4}-{h12}»'],
  [
    'ent86-nexus-rest-api-curl-admin-password',
    'curl -u admin:«{a20}» -X POST "https://nexus.acme.io/service/rest/v1/security/users" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"userId":"ci-reader","firstName":"CI","lastName":"Reader","emailAddress":"ci@acme.io","password":"«{a20}»","status":"active","roles":["nx-anonymous"]}\'',
  ],
  ['ent86-nexus-npm-token-npmrc', '//nexus.acme.io/repository/npm-internal/:_authToken=«NpmToken.{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'ent86-artifactory-system-yaml-database-password',
    'shared:\n  database:\n    type: postgresql\n    driver: org.postgresql.Driver\n    url: jdbc:postgresql://pg-rt:5432/artifactory\n    username: artifactory\n    password: «{a24}»',
  ],
  [
    'ent86-artifactory-master-and-join-key-cat',
    '$ cat $JFROG_HOME/artifactory/var/etc/security/master.key\n«{h64}»\n$ cat $JFROG_HOME/artifactory/var/etc/security/join.key\n«{h64}»',
  ],
  [
    'ent86-ant-build-xml-property-db-password',
    '<project name="claims-batch" default="dist">\n  <property name="db.url" value="jdbc:oracle:thin:@ora-scan:1521/CLMPRD"/>\n  <property name="db.user" value="CLAIMS_BATCH"/>\n  <property name="db.password" value="«{a16}»"/>',
  ],
  [
    'ent86-ant-sql-task-userid-password',
    '<target name="migrate">\n  <sql driver="org.postgresql.Driver" url="jdbc:postgresql://pg-hr:5432/hr"\n       userid="hr_owner" password="«{a18}»" src="sql/upgrade-4.2.sql" onerror="abort"/>\n</target>',
  ],
  [
    'ent86-ant-scp-task-todir-inline-password',
    '<scp file="dist/claims-batch.tar.gz"\n     todir="deploy:«{a16}»@batch01.acme.local:/opt/claims/releases"\n     trust="true"/>',
  ],
  [
    'ent86-ant-signjar-storepass-keypass',
    '<signjar jar="dist/acme-applet.jar" alias="acme-codesign"\n         keystore="${basedir}/keys/codesign.jks"\n         storepass="«{a18}»" keypass="«{a18}»"\n         tsaurl="http://timestamp.digicert.com"/>',
  ],
  [
    'ent86-webconfig-connectionstrings-sqlserver-password',
    '<connectionStrings>\n  <add name="ClaimsDb"\n       connectionString="Data Source=sqlprod01.acme.local;Initial Catalog=Claims;User ID=claims_web;Password=«{a18}»;MultipleActiveResultSets=True"\n       providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'ent86-webconfig-odp-net-oracle-connection-password',
    '<connectionStrings>\n  <add name="HrOracle" providerName="Oracle.ManagedDataAccess.Client"\n       connectionString="User Id=HR_WEB;Password=«{a16}»;Data Source=(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=ora-scan.acme.local)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=HRPDB)))" />\n</connectionStrings>',
  ],
  [
    'ent86-webconfig-ef6-entity-connection-string-quot-password',
    '<add name="PolicyEntities" connectionString="metadata=res://*/Policy.csdl|res://*/Policy.ssdl|res://*/Policy.msl;provider=System.Data.SqlClient;provider connection string=&quot;data source=sql03.acme.local;initial catalog=Policy;user id=policy_app;password=«{a20}»;MultipleActiveResultSets=True;App=EntityFramework&quot;" providerName="System.Data.EntityClient" />',
  ],
  [
    'ent86-webconfig-appsettings-stripe-secret-key',
    '<appSettings>\n  <add key="webpages:Version" value="3.0.0.0" />\n  <add key="Stripe:PublishableKey" value="pk_live_{a24}" />\n  <add key="Stripe:SecretKey" value="«sk_live_{a24}»" />\n</appSettings>',
  ],
  [
    'ent86-webconfig-appsettings-smtp-password',
    '<appSettings>\n  <add key="SmtpServer" value="smtp.office365.com" />\n  <add key="SmtpUser" value="portal@acme-insurance.com" />\n  <add key="SmtpPassword" value="«{a16}»" />\n</appSettings>',
  ],
  [
    'ent86-webconfig-machinekey-validation-and-decryption-keys',
    '<system.web>\n  <machineKey validationKey="«{H128}»"\n              decryptionKey="«{H64}»"\n              validation="HMACSHA256" decryption="AES" />\n</system.web>',
  ],
  [
    'ent86-webconfig-machinekey-3des-legacy-keys',
    '<machineKey validation="SHA1" decryption="3DES" validationKey="«{H80}»" decryptionKey="«{H48}»" />',
  ],
  [
    'ent86-webconfig-mailsettings-network-password',
    '<system.net>\n  <mailSettings>\n    <smtp from="noreply@acme.io" deliveryMethod="Network">\n      <network host="smtp.sendgrid.net" port="587" userName="apikey" password="«SG.{B22}.{B43}»" enableSsl="true" />\n    </smtp>\n  </mailSettings>\n</system.net>',
  ],
  [
    'ent86-webconfig-identity-impersonate-password',
    '<system.web>\n  <identity impersonate="true" userName="ACME\\svc_fileshare" password="«{a18}»" />\n</system.web>',
  ],
  [
    'ent86-webconfig-release-transform-setattributes-password',
    '<!-- Web.Release.config -->\n<connectionStrings>\n  <add name="ClaimsDb"\n       connectionString="Server=tcp:acme-sql-prod.database.windows.net,1433;Database=claims;User ID=claims_web;Password=«{a20}»;Encrypt=True;"\n       xdt:Transform="SetAttributes" xdt:Locator="Match(name)" />\n</connectionStrings>',
  ],
  [
    'ent86-webconfig-forms-credentials-clear-password',
    '<authentication mode="Forms">\n  <forms loginUrl="~/Account/Login" timeout="30">\n    <credentials passwordFormat="Clear">\n      <user name="backoffice" password="«{a16}»" />\n    </credentials>\n  </forms>\n</authentication>',
  ],
  [
    'ent86-webconfig-appsettings-azure-redis-password',
    '<add key="RedisConnection" value="acme-portal.redis.cache.windows.net:6380,password=«{a43}=»,ssl=True,abortConnect=False" />',
  ],
  [
    'ent86-wcf-client-credentials-username-password-code',
    'var client = new PolicyServiceClient("BasicHttpBinding_IPolicyService");\nclient.ClientCredentials.UserName.UserName = "svc_policy_sync";\nclient.ClientCredentials.UserName.Password = "«{a18}»";\nvar result = await client.GetPolicyAsync(policyNumber);',
  ],
  [
    'ent86-appsettings-json-default-connection-password',
    '{\n  "ConnectionStrings": {\n    "DefaultConnection": "Server=sql02.acme.local;Database=Inventory;User Id=inv_api;Password=«{a20}»;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
  ],
  [
    'ent86-appsettings-production-jwt-key',
    '  "Jwt": {\n    "Issuer": "https://auth.acme.io",\n    "Audience": "claims-api",\n    "Key": "«{b43}=»"\n  },',
  ],
  [
    'ent86-dotnet-user-secrets-set-google-client-secret',
    'PS C:\\src\\Acme.Portal> dotnet user-secrets set "Authentication:Google:ClientSecret" "«GOCSPX-{B28}»"\nSuccessfully saved Authentication:Google:ClientSecret = GOCSPX-... to the secret store.',
  ],
  [
    'ent86-dotnet-user-secrets-secrets-json-file',
    '// %APPDATA%\\Microsoft\\UserSecrets\\{h8}-{h4}-{h4}-{h4}-{h12}\\secrets.json\n{\n  "ConnectionStrings:Claims": "Host=localhost;Database=claims;Username=claims;Password=«{a16}»",\n  "Stripe:SecretKey": "«rk_live_{a24}»"\n}',
  ],
  [
    'ent86-dotnet-user-secrets-list-output',
    '$ dotnet user-secrets list --project src/Acme.Orders.Api\nSmtp:Password = «{a18}»\nAzureAd:ClientSecret = «{a3}8Q~{B34}»\nAzureAd:ClientId = {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent86-aspnetcore-kestrel-cert-password-env',
    'docker run -d -p 443:443 \\\n  -e ASPNETCORE_URLS="https://+;http://+" \\\n  -e ASPNETCORE_Kestrel__Certificates__Default__Path=/https/orders.pfx \\\n  -e ASPNETCORE_Kestrel__Certificates__Default__Password=«{a20}» \\\n  -v /etc/acme/certs:/https:ro registry.acme.io/orders-api:2.9.0',
  ],
  [
    'ent86-appsettings-kestrel-certificate-password',
    '  "Kestrel": {\n    "Endpoints": {\n      "Https": {\n        "Url": "https://*:5001",\n        "Certificate": { "Path": "certs/claims.pfx", "Password": "«{a18}»" }\n      }\n    }\n  }',
  ],
  [
    'ent86-appsettings-azuread-client-secret',
    '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "ClientSecret": "«{a3}8Q~{B34}»"\n  }',
  ],
  [
    'ent86-identityserver-client-secret-sha256-literal',
    'new Client\n{\n    ClientId = "claims.batch",\n    AllowedGrantTypes = GrantTypes.ClientCredentials,\n    ClientSecrets = { new Secret("«{a32}»".Sha256()) },\n    AllowedScopes = { "claims.read" }\n}',
  ],
  [
    'ent86-program-cs-usesqlserver-inline-password',
    'builder.Services.AddDbContext<OrdersContext>(options =>\n    options.UseSqlServer("Server=tcp:acme-orders.database.windows.net,1433;Initial Catalog=orders;User ID=orders_api;Password=«{a20}»;Encrypt=True;"));',
  ],
  [
    'ent86-appsettings-npgsql-connection-password-semicolon',
    '"ConnectionStrings": { "Ledger": "Host=pg-ledger;Port=5432;Database=ledger;Username=ledger_api;Password=\'«{a12};{a6}»\';SSL Mode=Require" }',
  ],
  [
    'ent86-iis-applicationhost-virtualdirectory-unc-password',
    '<application path="/docs" applicationPool="AcmeDocs">\n    <virtualDirectory path="/" physicalPath="\\\\fs01.acme.local\\webdocs$" userName="ACME\\svc_webdocs" password="«{a18}»" />\n</application>',
  ],
  [
    'ent86-iis-appcmd-apppool-processmodel-password',
    'C:\\> %windir%\\system32\\inetsrv\\appcmd.exe set apppool "ClaimsApi" -processModel.identityType:SpecificUser -processModel.userName:ACME\\svc_claims -processModel.password:«{a20}»\nAPPPOOL object "ClaimsApi" changed',
  ],
  [
    'ent86-iis-powershell-set-itemproperty-apppool-password',
    'Import-Module WebAdministration\nSet-ItemProperty IIS:\\AppPools\\OrdersApi -Name processModel -Value @{userName="ACME\\svc_orders";password="«{a18}»";identitytype=3}',
  ],
  [
    'ent86-iis-anonymous-authentication-user-password',
    '<security>\n    <authentication>\n        <anonymousAuthentication enabled="true" userName="ACME\\iis_anon" password="«{a16}»" />\n    </authentication>\n</security>',
  ],
  [
    'ent86-iis-msdeploy-dest-password',
    'msdeploy.exe -verb:sync -source:contentPath="C:\\build\\ClaimsWeb" ^\n  -dest:contentPath="Default Web Site/claims",computerName="https://web01.acme.local:8172/msdeploy.axd",userName="ACME\\svc_deploy",password="«{a18}»",authType="Basic" ^\n  -allowUntrusted',
  ],
  [
    'ent86-azure-publishsettings-userpwd',
    '<publishData>\n  <publishProfile profileName="acme-claims - Web Deploy" publishMethod="MSDeploy"\n    publishUrl="acme-claims.scm.azurewebsites.net:443" msdeploySite="acme-claims"\n    userName="$acme-claims" userPWD="«{a60}»"\n    destinationAppUrl="https://acme-claims.azurewebsites.net" />\n</publishData>',
  ],
  [
    'ent86-dotnet-servicebus-connection-string-appsettings',
    '  "ServiceBus": {\n    "ConnectionString": "Endpoint=sb://acme-prod-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b43}=»",\n    "Queue": "claims-intake"\n  }',
  ],
  [
    'ent86-dotnet-servicebus-client-ctor-entity-path',
    'await using var client = new ServiceBusClient(\n    "Endpoint=sb://acme-orders.servicebus.windows.net/;SharedAccessKeyName=send-only;SharedAccessKey=«{b43}=»;EntityPath=orders");\nvar sender = client.CreateSender("orders");',
  ],
  [
    'ent86-functions-local-settings-azurewebjobsstorage-key',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=acmefuncprod;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n  }\n}',
  ],
  [
    'ent86-dotnet-blobserviceclient-account-key-code',
    'var conn = "DefaultEndpointsProtocol=https;AccountName=acmeclaimsdocs;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net";\nvar blobService = new BlobServiceClient(conn);',
  ],
  [
    'ent86-azure-blob-sas-url-sig',
    '$ azcopy copy ./backup/claims-2024-06-11.bak "https://acmebackups.blob.core.windows.net/sql?sv=2022-11-02&ss=b&srt=co&sp=rwlc&se=2024-07-01T00:00:00Z&st=2024-06-11T00:00:00Z&spr=https&sig=«{a43}%3D»"',
  ],
  [
    'ent86-dotnet-cosmos-account-key-connection',
    '  "Cosmos": {\n    "ConnectionString": "AccountEndpoint=https://acme-catalog.documents.azure.com:443/;AccountKey=«{b86}==»;",\n    "Database": "catalog"\n  }',
  ],
  [
    'ent86-dotnet-signalr-access-key-connection',
    'builder.Services.AddSignalR().AddAzureSignalR("Endpoint=https://acme-live.service.signalr.net;AccessKey=«{b43}=»;Version=1.0;");',
  ],
  [
    'ent86-dotnet-app-configuration-connection-secret',
    'builder.Configuration.AddAzureAppConfiguration(\n    "Endpoint=https://acme-appcfg.azconfig.io;Id={a4}-l0-s0:{a20};Secret=«{b43}=»");',
  ],
  [
    'ent86-dotnet-key-vault-client-secret-credential',
    'var credential = new ClientSecretCredential(\n    "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "«{a3}8Q~{B34}»");\nvar client = new SecretClient(new Uri("https://acme-prod-kv.vault.azure.net/"), credential);',
  ],
  [
    'ent86-az-storage-account-keys-list-output',
    '$ az storage account keys list -g rg-claims-prod -n acmeclaimsdocs -o json\n[\n  { "creationTime": "2024-03-02T10:11:12.000000+00:00", "keyName": "key1", "permissions": "FULL", "value": "«{b86}==»" },\n  { "creationTime": "2024-03-02T10:11:12.000000+00:00", "keyName": "key2", "permissions": "FULL", "value": "«{b86}==»" }\n]',
  ],
  [
    'ent86-nuget-config-azure-devops-cleartext-pat',
    '<packageSourceCredentials>\n  <AcmeInternal>\n    <add key="Username" value="acme-build" />\n    <add key="ClearTextPassword" value="«{k52}»" />\n  </AcmeInternal>\n</packageSourceCredentials>',
  ],
  [
    'ent86-dotnet-nuget-add-source-password-clear-text',
    'dotnet nuget add source "https://pkgs.dev.azure.com/acme/_packaging/acme-internal/nuget/v3/index.json" \\\n  --name AcmeInternal --username az --password «{k52}» --store-password-in-clear-text',
  ],
  [
    'ent86-nuget-setapikey-nuget-org',
    "PS> nuget setapikey «oy2b{l15}a{l11}unc{l11}m» -Source https://api.nuget.org/v3/index.json\nThe API Key 'oy2b****' was saved for 'https://api.nuget.org/v3/index.json'.",
  ],
  [
    'ent86-dotnet-nuget-push-api-key-arg',
    '- run: dotnet nuget push "artifacts/*.nupkg" --api-key «oy2k{l15}q{l11}e7d{l11}u» --source https://api.nuget.org/v3/index.json --skip-duplicate',
  ],
  [
    'ent86-nuget-config-github-packages-cleartext',
    '<packageSourceCredentials>\n  <github>\n    <add key="Username" value="acme-ci-bot" />\n    <add key="ClearTextPassword" value="«ghp_{a36}»" />\n  </github>\n</packageSourceCredentials>',
  ],
  [
    'ent86-vss-nuget-external-feed-endpoints-json-password',
    'export VSS_NUGET_EXTERNAL_FEED_ENDPOINTS=\'{"endpointCredentials":[{"endpoint":"https://pkgs.dev.azure.com/acme/_packaging/acme-internal/nuget/v3/index.json","username":"build","password":"«{k52}»"}]}\'',
  ],
  [
    'ent86-sc-exe-create-service-obj-password',
    'C:\\> sc.exe create AcmeClaimsSync binPath= "C:\\Program Files\\Acme\\ClaimsSync\\ClaimsSync.exe" start= auto obj= "ACME\\svc_claimsync" password= "«{a18}»"\n[SC] CreateService SUCCESS',
  ],
  [
    'ent86-sc-exe-config-rotate-service-password',
    'sc.exe \\\\app07 config AcmeReportWorker obj= "ACME\\svc_reports" password= «{a20}»\nsc.exe \\\\app07 stop AcmeReportWorker && sc.exe \\\\app07 start AcmeReportWorker',
  ],
  [
    'ent86-powershell-new-service-pscredential-plaintext',
    '$pw = ConvertTo-SecureString "«{a18}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("ACME\\svc_ingest", $pw)\nNew-Service -Name "AcmeIngest" -BinaryPathName "C:\\Acme\\Ingest\\Acme.Ingest.exe" -Credential $cred -StartupType Automatic',
  ],
  [
    'ent86-installutil-username-password-switches',
    'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319\\InstallUtil.exe /username=ACME\\svc_fax /password=«{a16}» /unattended C:\\Acme\\FaxGateway\\Acme.FaxGateway.Service.exe',
  ],
  [
    'ent86-wix-serviceinstall-account-password',
    '<ServiceInstall Id="AcmeAgentSvc" Name="AcmeAgent" DisplayName="Acme Monitoring Agent"\n                Type="ownProcess" Start="auto" ErrorControl="normal"\n                Account="ACME\\svc_agent" Password="«{a18}»" />',
  ],
  [
    'ent86-nssm-set-objectname-password',
    'nssm install AcmeKafkaBridge "C:\\Acme\\bridge\\bridge.exe"\nnssm set AcmeKafkaBridge ObjectName ACME\\svc_bridge «{a20}»\nnssm start AcmeKafkaBridge',
  ],
  [
    'ent86-topshelf-runas-password-code',
    'HostFactory.Run(x =>\n{\n    x.Service<PolicyExporter>();\n    x.RunAs(@"ACME\\svc_export", "«{a18}»");\n    x.SetServiceName("AcmePolicyExporter");\n});',
  ],
  [
    'ent86-dsc-configuration-data-plaintext-credential',
    "$ConfigData = @{ AllNodes = @( @{ NodeName = 'web01'; PSDscAllowPlainTextPassword = $true } ) }\n$svcCred = New-Object PSCredential('ACME\\svc_web', (ConvertTo-SecureString '«{a20}»' -AsPlainText -Force))\nWebServerConfig -ConfigurationData $ConfigData -ServiceCredential $svcCred -OutputPath C:\\DSC\\WebServerConfig",
  ],
  [
    'ent86-dsc-aduser-password-credential-inline',
    "ADUser SqlServiceAccount\n{\n    DomainName = 'corp.acme.local'\n    UserName   = 'svc_sql01'\n    Password   = New-Object PSCredential('svc_sql01', (ConvertTo-SecureString '«{a22}»' -AsPlainText -Force))\n    Ensure     = 'Present'\n}",
  ],
  [
    'ent86-tsql-create-login-with-password',
    "CREATE LOGIN [svc_claims_api] WITH PASSWORD = N'«{a20}»', CHECK_POLICY = OFF, DEFAULT_DATABASE = [Claims];\nGO\nCREATE USER [svc_claims_api] FOR LOGIN [svc_claims_api];",
  ],
  ['ent86-sqlcmd-sa-password-switch', 'C:\\> sqlcmd -S tcp:sqlprod01.acme.local,1433 -U sa -P «{a18}» -d master -Q "SELECT @@VERSION"'],
  [
    'ent86-invoke-sqlcmd-username-password',
    'Invoke-Sqlcmd -ServerInstance "sql02.acme.local" -Database "Inventory" -Username "inv_etl" -Password "«{a18}»" -InputFile .\\reindex.sql -TrustServerCertificate',
  ],
  [
    'ent86-ssis-dtexec-decrypt-package-password',
    'dtexec /F "D:\\SSIS\\LoadPolicies.dtsx" /De «{a18}» /Conn "PolicyDB";"Data Source=sql03;Initial Catalog=Policy;Integrated Security=SSPI;" /Rep EW',
  ],
  [
    'ent86-tsql-create-master-key-encryption-password',
    "USE Claims;\nCREATE MASTER KEY ENCRYPTION BY PASSWORD = '«{a24}»';\nCREATE CERTIFICATE ClaimsTdeCert WITH SUBJECT = 'Claims TDE certificate';",
  ],
  [
    'ent86-tsql-backup-certificate-private-key-password',
    "BACKUP CERTIFICATE ClaimsTdeCert TO FILE = 'D:\\keys\\ClaimsTdeCert.cer'\nWITH PRIVATE KEY (FILE = 'D:\\keys\\ClaimsTdeCert.pvk', ENCRYPTION BY PASSWORD = '«{a22}»');",
  ],
  [
    'ent86-tsql-database-scoped-credential-sas-secret',
    "CREATE DATABASE SCOPED CREDENTIAL BackupSas\nWITH IDENTITY = 'SHARED ACCESS SIGNATURE',\nSECRET = '«sv=2022-11-02&ss=b&srt=co&sp=rwl&se=2025-01-01T00:00:00Z&spr=https&sig={a43}%3D»';",
  ],
  [
    'ent86-tsql-sp-addlinkedsrvlogin-rmtpassword',
    "EXEC master.dbo.sp_addlinkedsrvlogin @rmtsrvname = N'ORA_DW', @useself = N'False',\n     @locallogin = NULL, @rmtuser = N'DW_LINK', @rmtpassword = N'«{a18}»';",
  ],
  [
    'ent86-powershell-set-adaccountpassword-reset',
    'Set-ADAccountPassword -Identity svc_sql01 -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«{a20}»" -Force)\nSet-ADUser -Identity svc_sql01 -PasswordNeverExpires $true',
  ],
  [
    'ent86-sap-jco-destination-file-passwd',
    '# PRD.jcoDestination\njco.client.ashost=sapprd-ci.acme.local\njco.client.sysnr=00\njco.client.client=100\njco.client.user=RFC_CLAIMS\njco.client.passwd=«{a16}»\njco.client.lang=EN',
  ],
  [
    'ent86-sap-jco-java-destination-data-provider-passwd',
    'Properties connectProperties = new Properties();\nconnectProperties.setProperty(DestinationDataProvider.JCO_ASHOST, "sapprd-ci.acme.local");\nconnectProperties.setProperty(DestinationDataProvider.JCO_CLIENT, "100");\nconnectProperties.setProperty(DestinationDataProvider.JCO_USER, "RFC_BATCH");\nconnectProperties.setProperty(DestinationDataProvider.JCO_PASSWD, "«{a14}»");',
  ],
  [
    'ent86-sap-nco-app-config-destination-passwd',
    '<SAP.Middleware.Connector>\n  <ClientSettings>\n    <DestinationConfiguration>\n      <destinations>\n        <add NAME="PRD" USER="RFC_ORDERS" PASSWD="«{a16}»" CLIENT="100" LANG="EN" ASHOST="sapprd-ci.acme.local" SYSNR="00" POOL_SIZE="5" />\n      </destinations>\n    </DestinationConfiguration>\n  </ClientSettings>\n</SAP.Middleware.Connector>',
  ],
  [
    'ent86-sap-pyrfc-connection-passwd-kwarg',
    'from pyrfc import Connection\nconn = Connection(ashost="sapqas-ci.acme.local", sysnr="01", client="200", user="RFC_SYNC", passwd="«{a16}»")\nresult = conn.call("STFC_CONNECTION", REQUTEXT="ping")',
  ],
  [
    'ent86-sap-hana-hdbuserstore-set-password',
    '$ hdbuserstore SET BACKUPKEY hana-prd01.acme.local:30015 SYSTEM «{a18}»\n$ hdbuserstore LIST BACKUPKEY\nKEY BACKUPKEY\n  ENV : hana-prd01.acme.local:30015\n  USER: SYSTEM',
  ],
  [
    'ent86-sap-btp-xsuaa-service-key-clientsecret',
    '{\n  "clientid": "sb-claims-app!t{d5}",\n  "clientsecret": "«{h8}-{h4}-{h4}-{h4}-{h12}${B43}=»",\n  "url": "https://acme-prod.authentication.eu10.hana.ondemand.com",\n  "xsappname": "claims-app!t{d5}"\n}',
  ],
  [
    'ent86-ldapsearch-ad-bind-password-w',
    '$ ldapsearch -H ldaps://dc01.corp.acme.local -x \\\n    -D "CN=svc-ldap-ro,OU=Service Accounts,DC=corp,DC=acme,DC=local" -w \'«{a18}»\' \\\n    -b "OU=Staff,DC=corp,DC=acme,DC=local" "(sAMAccountName=jdoe)" memberOf',
  ],
  [
    'ent86-ldapmodify-openldap-admin-password',
    'ldapmodify -x -H ldap://ldap01.acme.io -D "cn=admin,dc=acme,dc=io" -w «{a20}» -f add-service-accounts.ldif',
  ],
  [
    'ent86-java-jndi-context-security-credentials',
    'Hashtable<String, String> env = new Hashtable<>();\nenv.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");\nenv.put(Context.PROVIDER_URL, "ldaps://dc01.corp.acme.local:636");\nenv.put(Context.SECURITY_PRINCIPAL, "svc-hr-sync@corp.acme.local");\nenv.put(Context.SECURITY_CREDENTIALS, "«{a18}»");\nDirContext ctx = new InitialDirContext(env);',
  ],
  [
    'ent86-sssd-conf-ldap-default-authtok',
    '[domain/acme.io]\nid_provider = ldap\nldap_uri = ldaps://ldap01.acme.io\nldap_default_bind_dn = cn=sssd-bind,ou=services,dc=acme,dc=io\nldap_default_authtok_type = password\nldap_default_authtok = «{a20}»',
  ],
  [
    'ent86-dotnet-directoryentry-ldap-credentials',
    'using var entry = new DirectoryEntry("LDAP://dc01.corp.acme.local/OU=Staff,DC=corp,DC=acme,DC=local",\n    @"ACME\\svc_portal_ldap", "«{a18}»", AuthenticationTypes.Secure);\nusing var searcher = new DirectorySearcher(entry) { Filter = "(sAMAccountName=" + login + ")" };',
  ],
  [
    'ent86-keycloak-ldap-federation-bind-credential',
    '      "config": {\n        "connectionUrl": ["ldaps://dc01.corp.acme.local:636"],\n        "bindDn": ["CN=svc-keycloak,OU=Service Accounts,DC=corp,DC=acme,DC=local"],\n        "bindCredential": ["«{a20}»"],\n        "usersDn": ["OU=Staff,DC=corp,DC=acme,DC=local"],\n        "vendor": ["ad"]\n      }',
  ],
  [
    'ent86-jboss-ldap-login-module-bind-credential',
    '<login-module code="LdapExtended" flag="required">\n    <module-option name="java.naming.provider.url" value="ldaps://dc01.corp.acme.local:636"/>\n    <module-option name="bindDN" value="CN=svc-jboss,OU=Service Accounts,DC=corp,DC=acme,DC=local"/>\n    <module-option name="bindCredential" value="«{a18}»"/>\n    <module-option name="baseCtxDN" value="OU=Staff,DC=corp,DC=acme,DC=local"/>\n</login-module>',
  ],
  [
    'ent86-net-ads-join-user-percent-password',
    "# net ads join -U 'Administrator%«{a18}»' createcomputer=\"Servers/Linux\"\nUsing short domain name -- ACME\nJoined 'FILE05' to dns domain 'corp.acme.local'",
  ],
  [
    'ent86-realm-join-password-piped',
    'echo \'«{a18}»\' | sudo realm join --user=svc-domainjoin corp.acme.local --computer-ou="OU=Linux,OU=Servers,DC=corp,DC=acme,DC=local"',
  ],
  [
    'ent86-ktpass-pass-arg-keytab-out',
    'C:\\> ktpass /princ HTTP/claims.acme.local@CORP.ACME.LOCAL /mapuser ACME\\svc_claims_http /pass «{a20}» /out C:\\temp\\claims-http.keytab /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL\nTargeting domain controller: dc01.corp.acme.local\nSuccessfully mapped HTTP/claims.acme.local to svc_claims_http.',
  ],
  [
    'ent86-ktutil-addent-password-printf-script',
    'printf "%b" "addent -password -p svc_kafka@CORP.ACME.LOCAL -k 1 -e aes256-cts-hmac-sha1-96\\n«{a18}»\\nwkt /etc/security/keytabs/kafka.keytab\\nquit\\n" | ktutil',
  ],
  [
    'ent86-kinit-password-echo-pipe',
    '$ echo "«{a16}»" | kinit svc_hadoop@CORP.ACME.LOCAL\n$ klist\nTicket cache: FILE:/tmp/krb5cc_1001\nDefault principal: svc_hadoop@CORP.ACME.LOCAL',
  ],
  [
    'ent86-kadmin-remote-admin-password-w',
    'kadmin -p admin/admin@ACME.IO -w «{a18}» -q "addprinc -randkey HTTP/api01.acme.io@ACME.IO"\nkadmin -p admin/admin@ACME.IO -k -t /etc/krb5/admin.keytab -q "ktadd -k /etc/krb5/api01.keytab HTTP/api01.acme.io@ACME.IO"',
  ],
  ['ent86-kadmin-local-addprinc-pw', '# kadmin.local -q "addprinc -pw «{a16}» alice@ACME.IO"\nPrincipal "alice@ACME.IO" created.'],
  [
    'ent86-java-jaas-krb5-login-module-callback-password',
    'LoginContext lc = new LoginContext("KafkaClient", callbacks -> {\n    for (Callback cb : callbacks) {\n        if (cb instanceof NameCallback nc) nc.setName("svc_kafka@CORP.ACME.LOCAL");\n        if (cb instanceof PasswordCallback pc) pc.setPassword("«{a18}»".toCharArray());\n    }\n});',
  ],
  [
    'ent86-spring-boot-failed-to-bind-property-value',
    '***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nFailed to bind properties under \'spring.datasource.hikari.password\' to java.lang.String:\n\n    Property: spring.datasource.hikari.password\n    Value: "«{a20}»"\n    Origin: System Environment Property "SPRING_DATASOURCE_HIKARI_PASSWORD"',
  ],
  [
    'ent86-tomcat-dbcp-cannot-create-jdbc-driver-url',
    "SEVERE [main] org.apache.catalina.core.StandardContext.listenerStart Exception sending context initialized event to listener instance of class [com.acme.claims.StartupListener]\njava.sql.SQLException: Cannot create JDBC driver of class 'oracle.jdbc.OracleDriver' for connect URL 'jdbc:oracle:thin:CLAIMS_APP/«{a18}»@ora-scan.acme.local:1521/CLMPRD'\n\tat org.apache.tomcat.dbcp.dbcp2.BasicDataSource.createConnectionFactory(BasicDataSource.java:2176)",
  ],
  [
    'ent86-dotnet-log-could-not-connect-connection-string',
    "fail: Acme.Orders.Api.Startup[0]\n      Could not connect to database using 'Host=pg-orders.acme.internal;Database=orders;Username=orders_api;Password=«{a20}»;Pooling=true'\n      Npgsql.NpgsqlException (0x80004005): Failed to connect to 10.20.4.11:5432\n       ---> System.TimeoutException: Timeout during connection attempt",
  ],
  [
    'ent86-dotnet-format-exception-storage-connection-echo',
    'Unhandled exception. System.FormatException: Settings must be of the form "name=value".\n   at Azure.Storage.StorageConnectionString.ParseCore(String connectionString, ...)\ninfo: Acme.Docs.Worker[0] Using storage connection: DefaultEndpointsProtocol=https;AccountName=acmedocs;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net;;',
  ],
  [
    'ent86-liquibase-connection-could-not-be-created-url',
    'Unexpected error running Liquibase: Connection could not be created to jdbc:postgresql://pg-prod-01:5432/orders?user=orders_owner&password=«{a18}» with driver org.postgresql.Driver.  Connection to pg-prod-01:5432 refused.',
  ],
  [
    'ent86-maven-deploy-failure-url-embedded-credentials',
    '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy (default-deploy) on project claims-api: Failed to deploy artifacts: Could not transfer artifact com.acme:claims-api:jar:4.2.0 from/to acme-releases (https://deployer:«{a18}»@nexus.acme.io/repository/maven-releases/): status code: 401, reason phrase: Unauthorized (401)',
  ],
  [
    'ent86-jenkins-console-set-x-curl-echo',
    '[Pipeline] sh\n+ curl -fsS -u svc-ci:«AKCp8{a68}» -T build/claims-api.jar https://artifactory.acme.io/artifactory/libs-release-local/claims-api.jar\ncurl: (22) The requested URL returned error: 403',
  ],
  [
    'ent86-rabbitmq-java-client-exception-amqp-uri',
    '2024-06-11 08:14:02.417 ERROR 1 --- [main] c.a.c.messaging.RabbitConfig : Cannot connect to amqps://claims:«{a22}»@rabbit-01.acme.internal:5671/claims\ncom.rabbitmq.client.AuthenticationFailureException: ACCESS_REFUSED - Login was refused using authentication mechanism PLAIN.',
  ],
  [
    'ent86-stackexchange-redis-app-logged-config-password',
    'warn: Acme.Portal.Cache[0] Redis connect failed for "acme-portal.redis.cache.windows.net:6380,password=«{a43}=»,ssl=True,abortConnect=False" - retrying in 5s\nStackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). UnableToConnect on acme-portal.redis.cache.windows.net:6380/Interactive',
  ],
  [
    'ent86-hikari-debug-config-dump-password-unmasked',
    'DEBUG com.zaxxer.hikari.HikariConfig - HikariPool-1 - configuration:\nDEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:sqlserver://sqlprod01:1433;databaseName=Claims;user=claims_app;password=«{a16}»\nDEBUG com.zaxxer.hikari.HikariConfig - maximumPoolSize.................20',
  ],
  [
    'ent86-weblogic-jdbc-exception-url-with-password',
    '<Jun 11, 2024 6:02:11 AM UTC> <Error> <JDBC> <BEA-001112> <Test "SELECT 1 FROM DUAL" set up for pool "ClaimsDS" failed with exception: "java.sql.SQLRecoverableException: IO Error: The Network Adapter could not establish the connection (CONNECTION_ID={B22}==) url=jdbc:oracle:thin:CLAIMS_APP/«{a16}»@ora-scan:1521/CLMPRD".>',
  ],
  [
    'ent86-mongo-spring-exception-uri-echo',
    "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'mongoClient': Invalid mongo uri 'mongodb+srv://catalog_svc:«{a20}»@catalog.{l5}.mongodb.net/catalog?retryWrites=true&w=majority&tls=tru'",
  ],
];

export const BLIND86_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'ent86-spring-props-datasource-env-references',
    'spring.datasource.url=jdbc:postgresql://${DB_HOST:pg-prod-01.acme.internal}:5432/orders\nspring.datasource.username=${DB_USER}\nspring.datasource.password=${DB_PASSWORD}\nspring.mail.password=${SMTP_PASSWORD:}',
  ],
  [
    'ent86-spring-oauth2-client-secret-env-with-public-client-id',
    'spring.security.oauth2.client.registration.github.client-id=Iv1.{h16}\nspring.security.oauth2.client.registration.github.client-secret=${GITHUB_OAUTH_CLIENT_SECRET}\nspring.security.oauth2.client.registration.google.client-id={d12}-{l32}.apps.googleusercontent.com\nspring.security.oauth2.client.registration.google.client-secret=${GOOGLE_CLIENT_SECRET}',
  ],
  [
    'ent86-jasypt-enc-ciphertext-values-env-password',
    'jasypt.encryptor.password=${JASYPT_ENCRYPTOR_PASSWORD}\njasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256\njasypt.encryptor.iv-generator-classname=org.jasypt.iv.RandomIvGenerator\nspring.datasource.password=ENC({b64})\nspring.mail.password=ENC({b44})',
  ],
  [
    'ent86-jasypt-enc-yaml-ciphertext',
    'spring:\n  rabbitmq:\n    username: payments\n    password: ENC({b64})\napp:\n  partner-api-key: ENC({b88})',
  ],
  [
    'ent86-spring-cloud-config-cipher-hex-values',
    "spring:\n  datasource:\n    username: orders\n    password: '{cipher}{h96}'\npayments:\n  api-key: '{cipher}{h128}'",
  ],
  [
    'ent86-spring-cloud-config-cipher-rsa-base64-props',
    '# pricing-service-prod.properties in config-repo\nspring.datasource.password={cipher}AQA{b120}\nspring.rabbitmq.password={cipher}AQB{b120}',
  ],
  [
    'ent86-spring-jwt-resource-server-public-key-location',
    'spring.security.oauth2.resourceserver.jwt.issuer-uri=https://auth.acme.io/realms/claims\nspring.security.oauth2.resourceserver.jwt.jwk-set-uri=https://auth.acme.io/realms/claims/protocol/openid-connect/certs\nspring.security.oauth2.resourceserver.jwt.public-key-location=classpath:keys/jwt-signing.pub.pem\napp.jwt.key-id={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent86-jwt-public-key-pem-in-yml',
    'jwt:\n  public-key: |\n    -----BEGIN PUBLIC KEY-----\n    MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\n    {b64}\n    {b64}\n    {b64}\n    {b64}\n    {b6}IDAQAB\n    -----END PUBLIC KEY-----',
  ],
  [
    'ent86-public-certificate-pem-truststore-import',
    '$ cat acme-root-ca.crt\n-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIU{b44}\n{b64}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END CERTIFICATE-----\n$ keytool -importcert -alias acme-root-ca -file acme-root-ca.crt -keystore truststore.jks -storepass:env TRUSTSTORE_PASSWORD -noprompt',
  ],
  [
    'ent86-spring-ssl-key-alias-and-keystore-path-env-password',
    'server.ssl.enabled=true\nserver.ssl.key-store=file:/etc/acme/tls/orders-api.p12\nserver.ssl.key-store-type=PKCS12\nserver.ssl.key-alias=orders-api-2024\nserver.ssl.key-store-password=${KEYSTORE_PASSWORD}\nserver.ssl.trust-store=file:/etc/acme/tls/truststore.jks',
  ],
  [
    'ent86-java-cacerts-default-changeit-truststore',
    'JAVA_OPTS="-Djavax.net.ssl.trustStore=$JAVA_HOME/lib/security/cacerts -Djavax.net.ssl.trustStorePassword=changeit -Djavax.net.ssl.trustStoreType=PKCS12"',
  ],
  [
    'ent86-keytool-list-verbose-alias-fingerprints',
    '$ keytool -list -v -keystore orders-api.p12 -storetype PKCS12\nEnter keystore password:\nAlias name: orders-api-2024\nCreation date: Mar 4, 2024\nEntry type: PrivateKeyEntry\nCertificate fingerprints:\n\t SHA1: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n\t SHA256: {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'ent86-tomcat-users-digest-credential-handler-hashes',
    '<Realm className="org.apache.catalina.realm.UserDatabaseRealm" resourceName="UserDatabase">\n  <CredentialHandler className="org.apache.catalina.realm.MessageDigestCredentialHandler"\n                     algorithm="SHA-256" iterations="1000" saltLength="16" />\n</Realm>\n<!-- tomcat-users.xml: passwords are digests, not clear text -->\n<user username="ops-admin" password="{h32}$1000${h64}" roles="manager-gui"/>',
  ],
  [
    'ent86-tomcat-digest-sh-output-hash',
    '$ $CATALINA_HOME/bin/digest.sh -a SHA-256 -i 1000 -s 16 -h org.apache.catalina.realm.MessageDigestCredentialHandler "$NEW_MANAGER_PW"\n$NEW_MANAGER_PW:{h32}$1000${h64}',
  ],
  [
    'ent86-tomcat-server-xml-property-substitution-passwords',
    '<!-- catalina.properties: org.apache.tomcat.util.digester.PROPERTY_SOURCE=org.apache.tomcat.util.digester.EnvironmentPropertySource -->\n<Connector port="8443" protocol="HTTP/1.1" SSLEnabled="true"\n           keystoreFile="${catalina.base}/conf/portal.jks" keystorePass="${KEYSTORE_PASS}" />\n<Connector protocol="AJP/1.3" port="8009" secretRequired="true" secret="${AJP_SECRET}" />',
  ],
  [
    'ent86-tomcat-context-resource-placeholder-password',
    '<Resource name="jdbc/ClaimsDB" auth="Container" type="javax.sql.DataSource"\n          factory="org.apache.tomcat.jdbc.pool.DataSourceFactory"\n          url="jdbc:oracle:thin:@ora-scan.acme.local:1521/CLMPRD"\n          username="${claims.db.user}" password="${claims.db.password}" />',
  ],
  [
    'ent86-wildfly-datasource-vault-expression',
    '<security>\n    <user-name>orders_app</user-name>\n    <password>${VAULT::ds_OrdersDS::password::1}</password>\n</security>',
  ],
  [
    'ent86-wildfly-elytron-credential-reference-store-alias',
    '<datasource jndi-name="java:jboss/datasources/OrdersDS" pool-name="OrdersDS">\n    <connection-url>jdbc:postgresql://pg-prod-02.acme.internal:5432/orders</connection-url>\n    <driver>postgresql</driver>\n    <security user-name="orders_app">\n        <credential-reference store="appCS" alias="orders-db"/>\n    </security>\n</datasource>',
  ],
  [
    'ent86-wildfly-env-and-enc-expressions',
    '<security user-name="${env.LEDGER_DB_USER}" password="${env.LEDGER_DB_PASSWORD}"/>\n<!-- encrypted expression resolved by the Elytron expression=encryption resource -->\n<property name="partner.apiKey" value="${ENC::initial:RUxZAUMQ{b64}}"/>',
  ],
  [
    'ent86-jboss-vault-sh-output-reference-only',
    '********************************************\nVault Block:ds_Orders\nAttribute Name:password\nConfiguration should be done as follows:\nVAULT::ds_Orders::password::1\n********************************************',
  ],
  [
    'ent86-weblogic-boot-properties-after-encryption',
    '$ cat servers/AdminServer/security/boot.properties\n# Generated by Configuration info : Tue Jun 11 06:01:44 UTC 2024\nusername={AES256}{b64}\npassword={AES256}{b64}',
  ],
  [
    'ent86-weblogic-wlst-connect-user-config-file',
    "connect(userConfigFile='/home/oracle/.wls/wlsuser.secure', userKeyFile='/home/oracle/.wls/wlskey.secure', url='t3://wls-admin.acme.local:7001')",
  ],
  [
    'ent86-liberty-server-xml-env-variable-password',
    '<dataSource id="claimsDS" jndiName="jdbc/claims">\n    <properties.db2.jcc databaseName="CLAIMS" serverName="${env.DB2_HOST}" portNumber="50000"\n                        user="${env.DB2_USER}" password="${env.DB2_PASSWORD}"/>\n</dataSource>\n<keyStore id="defaultKeyStore" location="key.p12" password="${keystore_password}" />',
  ],
  [
    'ent86-ibm-mq-chlauth-rules-no-secret',
    "SET CHLAUTH('CLAIMS.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('10.20.*') USERSRC(CHANNEL) CHCKCLNT(REQUIRED) ACTION(REPLACE)\nSET CHLAUTH('*') TYPE(BLOCKUSER) USERLIST('*MQADMIN') ACTION(REPLACE)\nALTER QMGR CONNAUTH('ACME.LDAP') CHLAUTH(ENABLED)\nREFRESH SECURITY TYPE(CONNAUTH)",
  ],
  [
    'ent86-ibm-mq-runmqakm-list-labels-stashed',
    '$ runmqakm -cert -details -db key.kdb -stashed -label ibmwebspheremqqmprd01\nLabel : ibmwebspheremqqmprd01\nKey Size : 2048\nSerial : {h16}\nFingerprint : SHA256: {H64}',
  ],
  [
    'ent86-oracle-tnsnames-entry-no-credentials',
    'CLMPRD_RO =\n  (DESCRIPTION =\n    (ADDRESS = (PROTOCOL = TCP)(HOST = ora-scan.acme.local)(PORT = 1521))\n    (CONNECT_DATA = (SERVER = DEDICATED)(SERVICE_NAME = CLMPRD_RO.acme.local))\n  )',
  ],
  [
    'ent86-oracle-sqlplus-wallet-and-os-auth',
    '$ export TNS_ADMIN=/u01/app/oracle/network/admin\n$ sqlplus -s /@CLMPRD_RO @daily_claims.sql\n$ sqlplus / as sysdba\nSQL> show parameter wallet_root',
  ],
  [
    'ent86-oracle-mkstore-list-credential-output',
    '$ mkstore -wrl /u01/app/oracle/wallet -listCredential\nOracle Secret Store Tool Release 19.0.0.0.0 - Production\nEnter wallet password:\nList credential (index: connect_string username)\n2: DWPRD dw_reader\n1: CLMPRD_RO claims_ro',
  ],
  [
    'ent86-oracle-identified-by-values-hashed-verifier',
    '-- from dbms_metadata.get_ddl(\'USER\',\'CLAIMS_APP\')\nCREATE USER "CLAIMS_APP" IDENTIFIED BY VALUES \'S:{H60};T:{H160}\'\n      DEFAULT TABLESPACE "CLAIMS_DATA" TEMPORARY TABLESPACE "TEMP";',
  ],
  [
    'ent86-hibernate-h2-sa-empty-password',
    '<property name="hibernate.connection.url">jdbc:h2:mem:claims;DB_CLOSE_DELAY=-1</property>\n<property name="hibernate.connection.username">sa</property>\n<property name="hibernate.connection.password"></property>\n<property name="hibernate.hbm2ddl.auto">create-drop</property>',
  ],
  [
    'ent86-log4j2-smtp-appender-env-lookup-password',
    '<SMTP name="Mail" subject="[claims-api] ERROR" to="oncall@acme.io" from="noreply@acme.io"\n      smtpHost="smtp.office365.com" smtpPort="587"\n      smtpUsername="${env:SMTP_USER}" smtpPassword="${env:SMTP_PASSWORD}" bufferSize="50"/>',
  ],
  [
    'ent86-logback-smtp-appender-property-reference',
    '<springProperty scope="context" name="smtpPassword" source="alerts.smtp.password"/>\n<appender name="EMAIL" class="ch.qos.logback.classic.net.SMTPAppender">\n  <smtpHost>smtp.office365.com</smtpHost>\n  <username>ops.alerts@acme.io</username>\n  <password>${smtpPassword}</password>\n</appender>',
  ],
  [
    'ent86-log4j2-pattern-layout-with-mdc-ids',
    '<PatternLayout pattern="%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%X{traceId},%X{spanId}] %logger{36} - %msg%n"/>\n2024-06-11 08:14:02.417 INFO  [{h32},{h16}] c.a.c.ClaimsController - claim {d9} accepted',
  ],
  [
    'ent86-maven-settings-env-password-reference',
    '<server>\n  <id>acme-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>',
  ],
  [
    'ent86-maven-settings-encrypted-password-braces',
    '<!-- encrypted with mvn --encrypt-password; master lives in ~/.m2/settings-security.xml -->\n<server>\n  <id>acme-snapshots</id>\n  <username>deployer</username>\n  <password>{{b44}}</password>\n</server>',
  ],
  [
    'ent86-gradle-password-credentials-provider',
    'repositories {\n    maven {\n        name = "acmeNexus"\n        url = uri("https://nexus.acme.io/repository/maven-releases/")\n        credentials(PasswordCredentials::class)\n    }\n}\n// credentials come from acmeNexusUsername / acmeNexusPassword in ~/.gradle/gradle.properties',
  ],
  [
    'ent86-gradle-verification-metadata-sha256',
    '<component group="com.microsoft.sqlserver" name="mssql-jdbc" version="12.6.1.jre11">\n   <artifact name="mssql-jdbc-12.6.1.jre11.jar">\n      <sha256 value="{h64}" origin="Generated by Gradle"/>\n   </artifact>\n</component>',
  ],
  [
    'ent86-jenkinsfile-with-credentials-binding',
    "withCredentials([usernamePassword(credentialsId: 'nexus-deployer', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n    sh 'mvn -B -s .ci/settings.xml deploy -Dnexus.user=$NEXUS_USER -Dnexus.pass=$NEXUS_PASS'\n}",
  ],
  [
    'ent86-jenkins-credentials-xml-encrypted-secret',
    '<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>nexus-deployer</id>\n  <username>deployer</username>\n  <password>{AQAAABAAAAAQ{b64}}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>',
  ],
  [
    'ent86-jenkins-casc-env-substitution-secrets',
    'credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: nexus-deployer\n              username: deployer\n              password: "${NEXUS_DEPLOYER_PASSWORD}"\n          - string:\n              id: slack-bot-token\n              secret: "${readFile:/run/secrets/slack-bot-token}"',
  ],
  [
    'ent86-jenkins-agent-secret-file-reference',
    'java -jar agent.jar -url https://jenkins.acme.io/ -secret @/etc/jenkins-agent/secret-file -name win-build-03 -webSocket -workDir "C:\\jenkins"',
  ],
  [
    'ent86-jenkins-job-config-credentials-id-guid',
    '<scm class="hudson.plugins.git.GitSCM" plugin="git@5.2.2">\n  <userRemoteConfigs>\n    <hudson.plugins.git.UserRemoteConfig>\n      <url>https://github.com/acme-corp/claims-api.git</url>\n      <credentialsId>{h8}-{h4}-{h4}-{h4}-{h12}</credentialsId>\n    </hudson.plugins.git.UserRemoteConfig>\n  </userRemoteConfigs>\n</scm>',
  ],
  [
    'ent86-artifactory-upload-checksum-headers',
    '$ jf rt u "build/libs/*.jar" libs-release-local/com/acme/claims-api/4.2.0/ --server-id=acme-prod --build-name=claims-api --build-number=812\nHTTP/1.1 201 Created\nX-Checksum-Sha1: {h40}\nX-Checksum-Sha256: {h64}\nX-Checksum-Md5: {h32}',
  ],
  [
    'ent86-npmrc-nexus-token-env-reference',
    'registry=https://nexus.acme.io/repository/npm-group/\n//nexus.acme.io/repository/npm-internal/:_authToken=${NEXUS_NPM_TOKEN}\nalways-auth=true',
  ],
  [
    'ent86-ant-build-password-property-reference',
    '<property file="${user.home}/.acme/build.properties"/>\n<sql driver="org.postgresql.Driver" url="${db.url}" userid="${db.user}" password="${db.password}" src="sql/upgrade-4.2.sql"/>\n<signjar jar="dist/acme-applet.jar" alias="acme-codesign" keystore="${keystore.path}" storepass="${keystore.pass}"/>',
  ],
  [
    'ent86-webconfig-integrated-security-sspi',
    '<connectionStrings>\n  <add name="ClaimsDb" connectionString="Data Source=sqlprod01.acme.local;Initial Catalog=Claims;Integrated Security=SSPI;MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />\n  <add name="Reporting" connectionString="Server=sqlrpt01;Database=Reporting;Trusted_Connection=True;Encrypt=True" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'ent86-webconfig-machinekey-autogenerate',
    '<system.web>\n  <compilation debug="false" targetFramework="4.8" />\n  <machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" decryption="Auto" />\n</system.web>',
  ],
  [
    'ent86-webconfig-rsa-protected-config-ciphervalue',
    '<connectionStrings configProtectionProvider="RsaProtectedConfigurationProvider">\n  <EncryptedData Type="http://www.w3.org/2001/04/xmlenc#Element" xmlns="http://www.w3.org/2001/04/xmlenc#">\n    <EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes256-cbc" />\n    <CipherData>\n      <CipherValue>{b64}{b64}{b40}==</CipherValue>\n    </CipherData>\n  </EncryptedData>\n</connectionStrings>',
  ],
  [
    'ent86-webconfig-assembly-binding-public-key-tokens',
    '<dependentAssembly>\n  <assemblyIdentity name="Newtonsoft.Json" publicKeyToken="30ad4fe6b2a6aeed" culture="neutral" />\n  <bindingRedirect oldVersion="0.0.0.0-13.0.0.0" newVersion="13.0.0.0" />\n</dependentAssembly>\n<dependentAssembly>\n  <assemblyIdentity name="System.Web.Mvc" publicKeyToken="31bf3856ad364e35" />\n  <bindingRedirect oldVersion="1.0.0.0-5.2.9.0" newVersion="5.2.9.0" />\n</dependentAssembly>',
  ],
  [
    'ent86-sn-tp-strong-name-public-key-output',
    'PS> sn -Tp bin\\Release\\Acme.Claims.Core.dll\n\nPublic key (hash algorithm: sha1):\n0024000004800000940000000602000000240000525341310004000001000100{h64}\n{h64}\n{h64}\n{h40}\n\nPublic key token is {h16}',
  ],
  [
    'ent86-csproj-project-guid-and-user-secrets-id',
    '<PropertyGroup>\n  <TargetFramework>net8.0</TargetFramework>\n  <ProjectGuid>{{H8}-{H4}-{H4}-{H4}-{H12}}</ProjectGuid>\n  <UserSecretsId>{h8}-{h4}-{h4}-{h4}-{h12}</UserSecretsId>\n  <AssemblyOriginatorKeyFile>..\\..\\build\\Acme.snk</AssemblyOriginatorKeyFile>\n  <SignAssembly>true</SignAssembly>\n</PropertyGroup>',
  ],
  [
    'ent86-sln-project-type-guids',
    'Microsoft Visual Studio Solution File, Format Version 12.00\nProject("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "Acme.Claims.Web", "src\\Acme.Claims.Web\\Acme.Claims.Web.csproj", "{{H8}-{H4}-{H4}-{H4}-{H12}}"\nEndProject\nProject("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Acme.Claims.Core", "src\\Acme.Claims.Core\\Acme.Claims.Core.csproj", "{{H8}-{H4}-{H4}-{H4}-{H12}}"\nEndProject',
  ],
  [
    'ent86-appsettings-key-vault-references',
    '{\n  "ConnectionStrings": {\n    "Claims": "@Microsoft.KeyVault(SecretUri=https://acme-prod-kv.vault.azure.net/secrets/ClaimsDbConnection/)"\n  },\n  "Smtp": { "Password": "@Microsoft.KeyVault(VaultName=acme-prod-kv;SecretName=SmtpPassword)" }\n}',
  ],
  [
    'ent86-appsettings-empty-password-use-user-secrets',
    '  "Smtp": {\n    "Host": "smtp.office365.com",\n    "User": "portal@acme-insurance.com",\n    "Password": ""  // set with: dotnet user-secrets set "Smtp:Password" "<password>"\n  },',
  ],
  [
    'ent86-dotnet-user-secrets-init-output',
    "PS C:\\src\\Acme.Portal> dotnet user-secrets init\nSet UserSecretsId to '{h8}-{h4}-{h4}-{h4}-{h12}' for MSBuild project 'C:\\src\\Acme.Portal\\Acme.Portal.csproj'.",
  ],
  [
    'ent86-iis-apppool-applicationpoolidentity',
    '<add name="ClaimsApi" autoStart="true" managedRuntimeVersion="" startMode="AlwaysRunning">\n    <processModel identityType="ApplicationPoolIdentity" loadUserProfile="true" idleTimeout="00:00:00" />\n    <recycling><periodicRestart time="00:00:00" /></recycling>\n</add>',
  ],
  [
    'ent86-iis-applicationhost-enc-cng-provider-password',
    '<processModel identityType="SpecificUser" userName="ACME\\svc_orders" password="[enc:IISCngProvider:{b64}{b44}=:enc]" />',
  ],
  [
    'ent86-azure-storage-development-storage',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "UseDevelopmentStorage=true",\n    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n  }\n}',
  ],
  [
    'ent86-servicebus-managed-identity-namespace',
    '  "ServiceBus": {\n    "FullyQualifiedNamespace": "acme-prod-bus.servicebus.windows.net",\n    "ConnectionString": "Endpoint=sb://acme-prod-bus.servicebus.windows.net/;Authentication=Managed Identity"\n  }\n// var client = new ServiceBusClient(cfg["ServiceBus:FullyQualifiedNamespace"], new DefaultAzureCredential());',
  ],
  [
    'ent86-app-insights-connection-string-instrumentation-guid',
    '"ApplicationInsights": {\n  "ConnectionString": "InstrumentationKey={h8}-{h4}-{h4}-{h4}-{h12};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/;ApplicationId={h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'ent86-azure-pipelines-nuget-system-accesstoken',
    '- script: |\n    dotnet nuget add source "https://pkgs.dev.azure.com/acme/_packaging/acme-internal/nuget/v3/index.json" \\\n      --name AcmeInternal --username az --password $(System.AccessToken) --store-password-in-clear-text\n  displayName: Add internal feed',
  ],
  [
    'ent86-nuget-packages-lock-content-hash',
    '"Microsoft.Data.SqlClient": {\n  "type": "Direct",\n  "requested": "[5.2.1, )",\n  "resolved": "5.2.1",\n  "contentHash": "{b86}=="\n},',
  ],
  [
    'ent86-nuget-config-readme-dollar-ecret-sample',
    'Add your own feed credentials to %AppData%\\NuGet\\NuGet.config, e.g.\n<add key="Username" value="you@acme.io" />\n<add key="ClearTextPassword" value="$ecret" />\n(never commit this file; CI uses the AZURE_ARTIFACTS_PAT variable)',
  ],
  [
    'ent86-sc-exe-gmsa-service-no-password',
    'sc.exe config AcmeClaimsSync obj= "ACME\\gmsa_claimsync$" password= ""\nsc.exe create AcmeHealth binPath= "C:\\Acme\\Health\\health.exe" obj= "NT AUTHORITY\\LocalService"\n[SC] ChangeServiceConfig SUCCESS',
  ],
  [
    'ent86-dsc-automation-credential-and-cert-thumbprint',
    "$svcCred = Get-AutomationPSCredential -Name 'svc_web'\n$ConfigData = @{\n    AllNodes = @(@{ NodeName = 'web01'; CertificateFile = 'C:\\DSC\\web01-dsc.cer'; Thumbprint = '{H40}' })\n}",
  ],
  [
    'ent86-tsql-create-login-hashed-and-windows',
    'CREATE LOGIN [ACME\\svc_claims] FROM WINDOWS WITH DEFAULT_DATABASE = [Claims];\n-- migrated from the old instance with sp_help_revlogin\nCREATE LOGIN [claims_ro] WITH PASSWORD = 0x0200{H136} HASHED, SID = 0x{H32}, CHECK_POLICY = OFF;',
  ],
  [
    'ent86-azure-devops-variable-sql-admin-password',
    "- task: SqlAzureDacpacDeployment@1\n  inputs:\n    azureSubscription: 'acme-prod-arm'\n    ServerName: 'acme-orders.database.windows.net'\n    DatabaseName: 'orders'\n    SqlUsername: 'sqladmin'\n    SqlPassword: '$(SqlAdminPassword)'\n    DacpacFile: '$(Pipeline.Workspace)/drop/Orders.dacpac'",
  ],
  [
    'ent86-sap-jco-snc-config-no-password',
    'jco.client.ashost=sapprd-ci.acme.local\njco.client.sysnr=00\njco.client.client=100\njco.client.snc_mode=1\njco.client.snc_qop=9\njco.client.snc_partnername=p:CN=SAPPRD, OU=SAP, O=Acme, C=DE\njco.client.snc_lib=/usr/sap/sapcrypto/libsapcrypto.so',
  ],
  [
    'ent86-ldapsearch-prompt-and-gssapi',
    '$ ldapsearch -H ldaps://dc01.corp.acme.local -x -W \\\n    -D "CN=svc-ldap-ro,OU=Service Accounts,DC=corp,DC=acme,DC=local" \\\n    -b "OU=Staff,DC=corp,DC=acme,DC=local" "(sAMAccountName=jdoe)"\nEnter LDAP Password:\n$ ldapsearch -Y GSSAPI -H ldap://dc01.corp.acme.local -b "DC=corp,DC=acme,DC=local" "(cn=svc_*)" cn',
  ],
  [
    'ent86-openldap-olcrootpw-ssha-hash',
    'dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: {SSHA}{b32}',
  ],
  [
    'ent86-kinit-keytab-and-klist-kte',
    '$ kinit -kt /etc/security/keytabs/hdfs.headless.keytab hdfs-acme@CORP.ACME.LOCAL\n$ klist -kte /etc/security/keytabs/hdfs.headless.keytab\nKeytab name: FILE:/etc/security/keytabs/hdfs.headless.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   3 06/11/2024 06:00:01 hdfs-acme@CORP.ACME.LOCAL (aes256-cts-hmac-sha1-96)\n   3 06/11/2024 06:00:01 hdfs-acme@CORP.ACME.LOCAL (aes128-cts-hmac-sha1-96)',
  ],
  [
    'ent86-setspn-and-krb5-conf',
    'C:\\> setspn -S HTTP/claims.acme.local ACME\\svc_claims_http\nChecking domain DC=corp,DC=acme,DC=local\nRegistering ServicePrincipalNames for CN=svc_claims_http,OU=Service Accounts,DC=corp,DC=acme,DC=local\n[libdefaults]\n  default_realm = CORP.ACME.LOCAL\n  default_tgs_enctypes = aes256-cts-hmac-sha1-96',
  ],
  [
    'ent86-mongo-security-exception-password-hidden',
    "com.mongodb.MongoSecurityException: Exception authenticating MongoCredential{mechanism=SCRAM-SHA-256, userName='catalog_svc', source='admin', password=<hidden>, mechanismProperties=<hidden>}\n\tat com.mongodb.internal.connection.SaslAuthenticator.wrapException(SaslAuthenticator.java:234)",
  ],
  [
    'ent86-psql-and-mysql-auth-failure-messages',
    "org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"orders_app\"\njava.sql.SQLException: Access denied for user 'crm_rw'@'10.20.4.17' (using password: YES)\nMicrosoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'claims_web'.",
  ],
  [
    'ent86-stackexchange-redis-masked-password-message',
    'StackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). ConnectTimeout\n   Configuration: acme-portal.redis.cache.windows.net:6380,password=*****,ssl=True,abortConnect=False',
  ],
  [
    'ent86-spring-unresolved-placeholder-exception',
    'Caused by: java.lang.IllegalArgumentException: Could not resolve placeholder \'DB_PASSWORD\' in value "${DB_PASSWORD}"\n\tat org.springframework.util.PropertyPlaceholderHelper.parseStringValue(PropertyPlaceholderHelper.java:180)',
  ],
  [
    'ent86-spring-actuator-env-masked-values',
    '{\n  "name": "spring.datasource.password",\n  "value": "******",\n  "origin": "System Environment Property \\"SPRING_DATASOURCE_PASSWORD\\""\n}',
  ],
  [
    'ent86-weblogic-boot-identity-not-valid-error',
    '<Jun 11, 2024 6:01:44 AM UTC> <Critical> <Security> <BEA-090402> <Authentication denied: Boot identity not valid. The user name or password or both from the boot identity file (boot.properties) is not valid.>\nweblogic.security.SecurityInitializationException: Authentication denied: Boot identity not valid.',
  ],
  [
    'ent86-bank-vaults-webhook-vault-expressions',
    '        env:\n          - name: SPRING_DATASOURCE_PASSWORD\n            value: vault:secret/data/claims/db#password\n          - name: JASYPT_ENCRYPTOR_PASSWORD\n            value: vault:secret/data/claims/jasypt#password#2',
  ],
  [
    'ent86-supervisord-env-percent-expansion',
    '[program:claims-batch]\ncommand=/usr/bin/java -Djasypt.encryptor.password=%(ENV_JASYPT_PASSWORD)s -jar /opt/acme/claims-batch.jar\nenvironment=SPRING_DATASOURCE_PASSWORD="%(ENV_CLAIMS_DB_PASSWORD)s",SPRING_PROFILES_ACTIVE="prod"',
  ],
  [
    'ent86-webconfig-azure-ad-client-id-guids',
    '<appSettings>\n  <add key="ida:ClientId" value="{h8}-{h4}-{h4}-{h4}-{h12}" />\n  <add key="ida:TenantId" value="{h8}-{h4}-{h4}-{h4}-{h12}" />\n  <add key="ida:AADInstance" value="https://login.microsoftonline.com/{0}" />\n  <add key="ida:PostLogoutRedirectUri" value="https://claims.acme.io/" />\n</appSettings>',
  ],
  [
    'ent86-webconfig-forms-credentials-sha1-hash',
    '<credentials passwordFormat="SHA1">\n  <user name="backoffice" password="{H40}" />\n</credentials>',
  ],
];
