/** A fifty-second held-out batch, written blind: credentials in the long tail of configuration formats and languages (HCL, TOML, INI, properties, XML, .NET, PowerShell, cmd, Go to COBOL-ish JCL, SQL, LDIF, Nix, config management, CI systems, notebooks, htpasswd, VPN and network gear), mostly plain passwords and keys without vendor prefixes, beside same-format look-alikes that hold no secret. */
export const BLIND52_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'tfvars-rds-master-password-beside-instance-class',
    '# envs/prod/terraform.tfvars\nregion               = "eu-west-1"\ndb_instance_class    = "db.r6g.large"\ndb_allocated_storage = 200\ndb_master_username   = "orders_admin"\ndb_master_password   = "«{a24}»"',
  ],
  [
    'hcl-postgresql-provider-block-password-literal',
    'provider "postgresql" {\n  host            = "pg-prod.internal.acme.io"\n  port            = 5432\n  username        = "tf_admin"\n  password        = "«{a22}»"\n  sslmode         = "require"\n  connect_timeout = 15\n}',
  ],
  [
    'hcl-user-data-heredoc-mysql-root-export',
    'resource "aws_instance" "legacy_db" {\n  ami           = "ami-0{h16}"\n  instance_type = "m6i.large"\n  user_data     = <<-EOT\n    #!/bin/bash\n    export MYSQL_ROOT_PASSWORD=\'«{a20}»\'\n    apt-get install -y mysql-server\n  EOT\n}',
  ],
  [
    'hcl-locals-webhook-signing-secret-hex64',
    'locals {\n  service_name           = "payments-webhooks"\n  webhook_signing_secret = "«{h64}»"\n  retry_limit            = 5\n}',
  ],
  [
    'hcl-variable-default-grafana-admin-password',
    'variable "grafana_admin_password" {\n  type        = string\n  sensitive   = true\n  description = "Initial admin password"\n  default     = "«{a18}»"\n}',
  ],
  [
    'tfstate-json-db-instance-attributes-password',
    '        {\n          "schema_version": 2,\n          "attributes": {\n            "engine": "postgres",\n            "engine_version": "16.3",\n            "username": "app",\n            "password": "«{a26}»",\n            "port": 5432,',
  ],
  [
    'terraform-output-redis-auth-token-unmarked-sensitive',
    '$ terraform output\nbastion_public_ip = "52.18.40.117"\nredis_auth_token  = "«{a32}»"\nredis_endpoint    = "master.cache-prod.{l6}.euw1.cache.amazonaws.com"',
  ],
  [
    'hcl-kubernetes-secret-data-admin-api-key',
    'resource "kubernetes_secret" "search" {\n  metadata {\n    name      = "search-credentials"\n    namespace = "catalog"\n  }\n  data = {\n    "admin-api-key" = "«{h32}»"\n    "index-prefix"  = "prod_"\n  }\n}',
  ],
  [
    'packer-hcl-amazon-ebs-winrm-password',
    'source "amazon-ebs" "win2022" {\n  region         = "eu-west-1"\n  instance_type  = "t3.large"\n  communicator   = "winrm"\n  winrm_username = "Administrator"\n  winrm_password = "«{a16}!{d4}»"\n  winrm_use_ssl  = true',
  ],
  [
    'nomad-job-template-heredoc-db-password-line',
    '      template {\n        data        = <<EOH\nDB_HOST=pg.service.consul\nDB_USER=inventory\nDB_PASSWORD=«{a24}»\nEOH\n        destination = "secrets/db.env"\n        env         = true\n      }',
  ],
  [
    'consul-acl-token-read-output-secretid-uuid',
    '$ consul acl token read -id {h8}-{h4}-4{h3}-8{h3}-{h12}\nAccessorID:       {h8}-{h4}-4{h3}-b{h3}-{h12}\nSecretID:         «{h8}-{h4}-4{h3}-9{h3}-{h12}»\nDescription:      ci deploy token\nLocal:            false\nCreate Time:      2024-04-02 09:12:44.1 +0000 UTC',
  ],
  [
    'consul-agent-hcl-agent-token-and-gossip-key',
    'datacenter = "dc1"\nencrypt    = "«{b43}=»"\nacl {\n  enabled        = true\n  default_policy = "deny"\n  tokens {\n    agent = "«{h8}-{h4}-4{h3}-a{h3}-{h12}»"\n  }\n}',
  ],
  [
    'vault-server-hcl-postgresql-storage-connection-url',
    'storage "postgresql" {\n  connection_url = "postgres://vault:«{a20}»@pg-vault.internal:5432/vault?sslmode=require"\n  ha_enabled     = "true"\n}\nlistener "tcp" {\n  address = "0.0.0.0:8200"\n}',
  ],
  [
    'pulumi-stack-yaml-plain-db-password-beside-secure',
    'config:\n  aws:region: eu-central-1\n  acme:dbUser: ledger\n  acme:dbPassword: «{a22}»\n  acme:apiSigningKey:\n    secure: v1:{b16}:{b60}',
  ],
  ['cargo-credentials-toml-alt-registry-token', '# ~/.cargo/credentials.toml\n[registries.acme-internal]\ntoken = "«{a40}»"'],
  [
    'poetry-auth-toml-http-basic-nexus',
    '# ~/.config/pypoetry/auth.toml\n[http-basic.acme-nexus]\nusername = "ci-publisher"\npassword = "«{a28}»"',
  ],
  [
    'poetry-config-http-basic-cli-args',
    '$ poetry config http-basic.acme-nexus ci-publisher «{a28}»\n$ poetry publish -r acme-nexus --build\nBuilding acme-ledger (2.4.1)',
  ],
  [
    'netlify-toml-production-env-form-signing-secret',
    '[context.production.environment]\n  NODE_VERSION = "20"\n  FORM_SIGNING_SECRET = "«{h48}»"\n\n[[redirects]]\n  from = "/api/*"\n  to = "/.netlify/functions/:splat"\n  status = 200',
  ],
  ['hugo-params-algolia-admin-key-beside-app-id', '[params.algolia]\n  appId = "{U10}"\n  indexName = "docs_prod"\n  adminKey = "«{h32}»"'],
  [
    'pyproject-poetry-source-url-userinfo-password',
    '[[tool.poetry.source]]\nname = "internal"\nurl = "https://deploy:«{a24}»@pypi.acme.io/simple/"\npriority = "supplemental"',
  ],
  [
    'streamlit-secrets-toml-snowflake-password',
    '# .streamlit/secrets.toml\n[connections.snowflake]\naccount = "{U7}-{U7}"\nuser = "STREAMLIT_SVC"\npassword = "«{a20}»"\nwarehouse = "REPORTING_WH"\nrole = "REPORTER"',
  ],
  [
    'rust-app-config-toml-database-url-password',
    '[server]\nbind = "0.0.0.0:8080"\n\n[database]\nurl = "postgres://ledger:«{a22}»@ledger-db.internal:5432/ledger"\nmax_connections = 20',
  ],
  [
    'telegraf-conf-mqtt-consumer-password',
    '[[inputs.mqtt_consumer]]\n  servers = ["tcp://broker.iot.acme.io:1883"]\n  topics = ["sensors/#"]\n  username = "telegraf"\n  password = "«{a20}»"\n  data_format = "json"',
  ],
  [
    'telegraf-conf-influxdb-v2-output-token',
    '[[outputs.influxdb_v2]]\n  urls = ["https://influx.acme.io"]\n  token = "«{B86}==»"\n  organization = "acme"\n  bucket = "metrics"',
  ],
  [
    'wrangler-toml-vars-session-hmac-key',
    'name = "edge-auth"\nmain = "src/index.ts"\ncompatibility_date = "2024-05-01"\n\n[vars]\nSESSION_HMAC_KEY = "«{b43}=»"',
  ],
  ['fly-toml-env-session-secret', 'app = "acme-dash"\nprimary_region = "ams"\n\n[env]\n  PORT = "8080"\n  SESSION_SECRET = "«{a48}»"'],
  ['rocket-toml-release-secret-key', '[release]\naddress = "0.0.0.0"\nport = 8000\nsecret_key = "«{b43}=»"'],
  [
    'grafana-ini-security-admin-password-and-secret-key',
    '[security]\nadmin_user = admin\nadmin_password = «{a20}»\nsecret_key = «{a32}»\ncookie_secure = true',
  ],
  [
    'gitea-app-ini-secret-key-internal-token-db-passwd',
    '[database]\nDB_TYPE = postgres\nHOST    = 127.0.0.1:5432\nNAME    = gitea\nUSER    = gitea\nPASSWD  = «{a20}»\n\n[security]\nINSTALL_LOCK   = true\nSECRET_KEY     = «{a64}»\nINTERNAL_TOKEN = «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOj{B20}.{B43}»',
  ],
  [
    'php-ini-mysqli-default-pw',
    '[MySQLi]\nmysqli.default_host = db.internal\nmysqli.default_user = wp_prod\nmysqli.default_pw = «{a18}»\nmysqli.reconnect = Off',
  ],
  ['my-cnf-client-section-password-cat', '$ cat ~/.my.cnf\n[client]\nuser=backup\npassword=«{a20}»\nhost=mysql-primary.internal'],
  ['my-cnf-mysqldump-section-quoted-password', '[mysqldump]\nuser = dump_ro\npassword = "«{a16}#{a6}»"\nsingle-transaction\nquick'],
  [
    'freetds-odbc-ini-reporting-dsn-pwd',
    '[ReportingDSN]\nDriver      = FreeTDS\nServer      = mssql01.corp.acme.local\nPort        = 1433\nDatabase    = Reporting\nUID         = rpt_reader\nPWD         = «{a18}»',
  ],
  [
    'pypirc-nexus-index-server-password',
    '[distutils]\nindex-servers =\n    nexus\n\n[nexus]\nrepository = https://nexus.acme.io/repository/pypi-internal/\nusername = ci\npassword = «{a26}»',
  ],
  [
    's3cfg-minio-host-base-secret-key',
    '[default]\nhost_base = minio.lab.acme.io:9000\nhost_bucket = minio.lab.acme.io:9000\naccess_key = backup-writer\nsecret_key = «{a40}»\nuse_https = True',
  ],
  ['rclone-conf-b2-remote-application-key', '[b2-archive]\ntype = b2\naccount = 00{h10}0000000003\nkey = «K00{a28}»\nhard_delete = false'],
  [
    'rclone-conf-sftp-remote-obscured-pass',
    '[nas]\ntype = sftp\nhost = nas.home.arpa\nuser = rclone\npass = «{B48}»\nshell_type = unix\nmd5sum_command = md5sum',
  ],
  [
    'boto-config-gs-secret-access-key',
    '[Credentials]\ngs_access_key_id = GOOG1E{U54}\ngs_secret_access_key = «{b40}»\n\n[Boto]\nhttps_validate_certificates = True',
  ],
  [
    'tox-ini-setenv-pgpassword-integration',
    '[testenv:integration]\ndeps = -rrequirements-dev.txt\nsetenv =\n    PGHOST = localhost\n    PGUSER = ci\n    PGPASSWORD = «{a20}»\ncommands = pytest tests/integration',
  ],
  ['supervisord-inet-http-server-password', '[inet_http_server]\nport = 127.0.0.1:9001\nusername = ops\npassword = «{a16}»'],
  [
    'supervisord-program-environment-broker-password',
    '[program:celery]\ncommand=/srv/app/venv/bin/celery -A app worker -l info\nenvironment=DJANGO_SETTINGS_MODULE="app.settings.prod",BROKER_PASSWORD="«{a24}»"\nautorestart=true',
  ],
  [
    'gitconfig-http-extraheader-basic-b64',
    '[http "https://git.acme.io/"]\n    extraheader = AUTHORIZATION: basic «{b40}»\n[user]\n    name = build-bot',
  ],
  ['pgpass-two-lines-replica-and-wildcard', '$ cat ~/.pgpass\npg-replica.internal:5432:analytics:analyst:«{a22}»\n*:*:*:postgres:«{a18}»'],
  ['samba-credentials-file-svc-backup', '$ sudo cat /etc/samba/creds-fs01\nusername=svc_backup\npassword=«{a18}»\ndomain=CORP'],
  [
    'fstab-cifs-mount-inline-password-option',
    '//fs01.corp.local/finance  /mnt/finance  cifs  username=svc_fin,password=«{a16}»,vers=3.0,uid=1000  0  0',
  ],
  [
    'networkmanager-keyfile-wifi-security-psk',
    '[connection]\nid=ACME-Corp\ntype=wifi\n\n[wifi]\nmode=infrastructure\nssid=ACME-Corp\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=«{a20}»',
  ],
  ['wpa-supplicant-network-hex-psk', 'network={\n    ssid="warehouse-iot"\n    key_mgmt=WPA-PSK\n    psk=«{h64}»\n}'],
  ['hostapd-conf-wpa-passphrase', 'interface=wlan0\nssid=lab-ap\nhw_mode=g\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=«{a20}»'],
  ['asterisk-pjsip-trunk-auth-password', '[trunk-auth]\ntype=auth\nauth_type=userpass\nusername=4420{d6}\npassword=«{a20}»'],
  [
    'nagios-resource-cfg-user-macro-password',
    '# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n$USER3$=monitor\n$USER4$=«{a18}»',
  ],
  [
    'postfix-sasl-passwd-relay-host-line',
    '$ sudo cat /etc/postfix/sasl_passwd\n[smtp.relay.acme.io]:587 alerts@acme.io:«{a22}»\n$ sudo postmap /etc/postfix/sasl_passwd',
  ],
  [
    'msmtprc-account-password-line',
    'account default\nhost smtp.fastmail.com\nport 465\ntls on\ntls_starttls off\nuser ops@acme.io\npassword «{l16}»',
  ],
  [
    'muttrc-smtp-and-imap-pass',
    'set smtp_url = "smtps://dana@acme.io@smtp.acme.io:465/"\nset smtp_pass = "«{a20}»"\nset imap_user = "dana@acme.io"\nset imap_pass = "«{a20}»"',
  ],
  [
    'redis-sentinel-conf-auth-pass',
    'sentinel monitor mymaster 10.0.4.11 6379 2\nsentinel auth-pass mymaster «{a32}»\nsentinel down-after-milliseconds mymaster 5000',
  ],
  [
    'pgbouncer-userlist-md5-and-scram-verifiers',
    '$ cat /etc/pgbouncer/userlist.txt\n"app" "«md5{h32}»"\n"reporting" "«SCRAM-SHA-256$4096:{b24}${b43}=:{b43}=»"',
  ],
  [
    'keepalived-vrrp-authentication-auth-pass',
    'vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    priority 150\n    authentication {\n        auth_type PASS\n        auth_pass «{a8}»\n    }',
  ],
  [
    'haproxy-listen-stats-auth-colon-password',
    'listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats refresh 10s\n    stats auth admin:«{a20}»',
  ],
  [
    'haproxy-userlist-insecure-password-and-crypt',
    'userlist internal_users\n    user deploy insecure-password «{a18}»\n    user ops password «$6$rounds=5000${p16}${p86}»',
  ],
  [
    'nginx-proxy-set-header-authorization-basic',
    'location /upstream-api/ {\n    proxy_pass https://partner.api.internal;\n    proxy_set_header Authorization "Basic «{b36}»";\n}',
  ],
  ['mosquitto-password-file-pbkdf2-line', '$ cat /etc/mosquitto/passwd\niot-gateway:«$7$101${b16}${b86}==»'],
  [
    'spring-properties-mail-password-office365',
    'spring.mail.host=smtp.office365.com\nspring.mail.port=587\nspring.mail.username=noreply@acme.io\nspring.mail.password=«{a20}»\nspring.mail.properties.mail.smtp.starttls.enable=true',
  ],
  [
    'spring-yaml-keycloak-registration-client-secret',
    'spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          keycloak:\n            client-id: orders-api\n            client-secret: «{a32}»\n            scope: openid',
  ],
  [
    'jasypt-encryptor-master-password-properties',
    'jasypt.encryptor.password=«{a24}»\njasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256\nspring.datasource.password=ENC({b44})',
  ],
  [
    'spring-server-ssl-key-store-password',
    'server.port=8443\nserver.ssl.key-store=classpath:keystore.p12\nserver.ssl.key-store-type=PKCS12\nserver.ssl.key-store-password=«{a18}»\nserver.ssl.key-alias=api',
  ],
  [
    'maven-settings-xml-server-password-releases',
    '<servers>\n  <server>\n    <id>acme-releases</id>\n    <username>deployer</username>\n    <password>«{a24}»</password>\n  </server>\n</servers>',
  ],
  [
    'maven-settings-profile-gpg-passphrase-property',
    '<profile>\n  <id>release</id>\n  <properties>\n    <gpg.keyname>{H16}</gpg.keyname>\n    <gpg.passphrase>«{a22}»</gpg.passphrase>\n  </properties>\n</profile>',
  ],
  [
    'gradle-properties-signing-password-and-ossrh-password',
    'signing.keyId={H8}\nsigning.password=«{a20}»\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=acme-bot\nossrhPassword=«{a24}»',
  ],
  [
    'gradle-kts-artifactory-credentials-literal',
    'repositories {\n    maven {\n        url = uri("https://artifactory.acme.io/artifactory/libs-release")\n        credentials {\n            username = "gradle-ci"\n            password = "«{a28}»"\n        }\n    }\n}',
  ],
  [
    'android-groovy-signingconfigs-store-and-key-password',
    'signingConfigs {\n    release {\n        storeFile file("release.jks")\n        storePassword "«{a16}»"\n        keyAlias "upload"\n        keyPassword "«{a16}»"\n    }\n}',
  ],
  [
    'log4j2-xml-smtp-appender-smtppassword',
    '<SMTP name="Mail" subject="[prod] error" to="oncall@acme.io" from="log4j@acme.io"\n      smtpHost="smtp.acme.io" smtpPort="587" smtpUsername="log4j@acme.io"\n      smtpPassword="«{a20}»" bufferSize="50"/>',
  ],
  [
    'logback-db-appender-connectionsource-password',
    '<appender name="DB" class="ch.qos.logback.classic.db.DBAppender">\n  <connectionSource class="ch.qos.logback.core.db.DriverManagerConnectionSource">\n    <driverClass>org.postgresql.Driver</driverClass>\n    <url>jdbc:postgresql://logs-db:5432/logs</url>\n    <user>logback</user>\n    <password>«{a18}»</password>\n  </connectionSource>\n</appender>',
  ],
  [
    'tomcat-context-xml-jndi-resource-password',
    '<Context>\n  <Resource name="jdbc/OrdersDB" auth="Container" type="javax.sql.DataSource"\n            username="orders" password="«{a20}»"\n            driverClassName="org.postgresql.Driver"\n            url="jdbc:postgresql://db01:5432/orders" maxTotal="40"/>\n</Context>',
  ],
  [
    'tomcat-users-xml-manager-script-user',
    '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n  <role rolename="manager-script"/>\n  <user username="deployer" password="«{a18}»" roles="manager-script,manager-gui"/>\n</tomcat-users>',
  ],
  [
    'tomcat-server-xml-connector-keystorepass',
    '<Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol"\n           SSLEnabled="true" scheme="https" secure="true"\n           keystoreFile="conf/acme.jks" keystorePass="«{a16}»" clientAuth="false"/>',
  ],
  [
    'hibernate-cfg-xml-connection-password-property',
    '<property name="hibernate.connection.url">jdbc:mysql://db:3306/shop</property>\n<property name="hibernate.connection.username">shop</property>\n<property name="hibernate.connection.password">«{a18}»</property>\n<property name="hibernate.dialect">org.hibernate.dialect.MySQL8Dialect</property>',
  ],
  [
    'flyway-conf-password-line',
    'flyway.url=jdbc:postgresql://localhost:5432/billing\nflyway.user=billing_owner\nflyway.password=«{a20}»\nflyway.locations=filesystem:sql',
  ],
  [
    'quarkus-properties-datasource-and-oidc-secret',
    'quarkus.datasource.db-kind=postgresql\nquarkus.datasource.username=inventory\nquarkus.datasource.password=«{a22}»\nquarkus.oidc.client-id=inventory-svc\nquarkus.oidc.credentials.secret=«{a32}»',
  ],
  [
    'micronaut-yaml-jwt-generator-secret',
    'micronaut:\n  security:\n    authentication: bearer\n    token:\n      jwt:\n        signatures:\n          secret:\n            generator:\n              secret: «{a48}»',
  ],
  [
    'jboss-standalone-datasource-security-password',
    '<datasource jndi-name="java:jboss/datasources/LegacyDS" pool-name="LegacyDS">\n    <connection-url>jdbc:oracle:thin:@ora01:1521/LEGACY</connection-url>\n    <security>\n        <user-name>legacy_app</user-name>\n        <password>«{a16}»</password>\n    </security>\n</datasource>',
  ],
  [
    'liquibase-properties-yaml-style-password',
    'changeLogFile: db/changelog/db.changelog-master.yaml\nurl: jdbc:postgresql://db:5432/catalog\nusername: catalog\npassword: «{a20}»',
  ],
  [
    'scala-hocon-play-secret-and-slick-password',
    'play.http.secret.key = "«{a64}»"\nplay.filters.hosts.allowed = [".acme.io"]\nslick.dbs.default.db.user = "play"\nslick.dbs.default.db.password = "«{a20}»"',
  ],
  [
    'scala-object-private-val-signing-secret',
    'object WebhookVerifier {\n  private val SigningSecret = "«{h64}»"\n  def verify(body: String, sig: String): Boolean =\n    hmacSha256(SigningSecret, body) == sig\n}',
  ],
  [
    'kotlin-companion-const-client-secret',
    'companion object {\n    private const val CLIENT_ID = "mobile-android"\n    private const val CLIENT_SECRET = "«{a40}»"\n}',
  ],
  [
    'ktor-basic-auth-validate-password-literal',
    'install(Authentication) {\n    basic("metrics") {\n        validate { c -> if (c.name == "prom" && c.password == "«{a20}»") UserIdPrincipal(c.name) else null }\n    }\n}',
  ],
  [
    'appsettings-json-azure-sql-connectionstring-password',
    '{\n  "ConnectionStrings": {\n    "Default": "Server=tcp:sql-prod.database.windows.net,1433;Database=Orders;User ID=orders_app;Password=«{a22}»;Encrypt=True;"\n  },',
  ],
  [
    'appsettings-json-jwt-section-signing-key',
    '  "Jwt": {\n    "Issuer": "https://auth.acme.io",\n    "Audience": "acme-api",\n    "Key": "«{b43}=»",\n    "ExpiryMinutes": 60\n  }',
  ],
  [
    'webconfig-appsettings-add-key-smtppassword',
    '<appSettings>\n  <add key="SmtpHost" value="smtp.acme.io" />\n  <add key="SmtpUser" value="portal@acme.io" />\n  <add key="SmtpPassword" value="«{a18}»" />\n</appSettings>',
  ],
  [
    'webconfig-machinekey-explicit-validation-decryption',
    '<system.web>\n  <machineKey validationKey="«{H128}»" decryptionKey="«{H64}»" validation="HMACSHA256" decryption="AES" />\n</system.web>',
  ],
  [
    'webconfig-connectionstrings-crm-sqlclient-password',
    '<connectionStrings>\n  <add name="CrmDb" connectionString="Data Source=CRMSQL01;Initial Catalog=Crm;User Id=crm_web;Password=«{a16}»;MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'dotnet-user-secrets-set-webhook-signing-secret',
    'PS> dotnet user-secrets set "Stripe:WebhookSigningSecret" "«{a32}»" --project src/Billing.Api\nSuccessfully saved Stripe:WebhookSigningSecret to the secret store.',
  ],
  [
    'dotnet-user-secrets-list-output-two-passwords',
    '$ dotnet user-secrets list\nSmtp:User = mailer@acme.io\nSmtp:Password = «{a20}»\nRedis:Password = «{a32}»',
  ],
  [
    'usersecrets-secrets-json-client-secret-and-db',
    '// %APPDATA%\\Microsoft\\UserSecrets\\{h8}-{h4}-4{h3}-a{h3}-{h12}\\secrets.json\n{\n  "AzureAd:ClientSecret": "«{a34}»",\n  "Database:Password": "«{a20}»"\n}',
  ],
  [
    'nuget-config-packagesourcecredentials-cleartext',
    '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="nuget-ci" />\n    <add key="ClearTextPassword" value="«{a32}»" />\n  </AcmeFeed>\n</packageSourceCredentials>',
  ],
  [
    'launchsettings-json-env-payments-apisecret',
    '"Billing.Api": {\n  "commandName": "Project",\n  "environmentVariables": {\n    "ASPNETCORE_ENVIRONMENT": "Development",\n    "PAYMENTS__APISECRET": "«{a40}»"\n  }\n}',
  ],
  [
    'csharp-smtpclient-networkcredential-literal',
    'var client = new SmtpClient("smtp.acme.io", 587)\n{\n    EnableSsl = true,\n    Credentials = new NetworkCredential("reports@acme.io", "«{a18}»")\n};',
  ],
  [
    'powershell-securestring-asplaintext-then-pscredential',
    '$user = "CORP\\svc_deploy"\n$pass = ConvertTo-SecureString "«{a20}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential($user, $pass)\nInvoke-Command -ComputerName web01 -Credential $cred -ScriptBlock { iisreset }',
  ],
  [
    'powershell-pscredential-type-accelerator-inline',
    "$cred = [pscredential]::new('sa', (ConvertTo-SecureString -String '«{a18}»' -AsPlainText -Force))\nInvoke-Sqlcmd -ServerInstance SQL02 -Credential $cred -Query \"SELECT @@VERSION\"",
  ],
  [
    'powershell-set-adaccountpassword-reset-literal',
    'Set-ADAccountPassword -Identity jdoe -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "«{a14}!»" -Force)\nSet-ADUser -Identity jdoe -ChangePasswordAtLogon $true',
  ],
  [
    'powershell-env-arm-client-secret-before-plan',
    '$env:ARM_CLIENT_ID = "{h8}-{h4}-4{h3}-b{h3}-{h12}"\n$env:ARM_CLIENT_SECRET = "«{a40}»"\n$env:ARM_TENANT_ID = "{h8}-{h4}-4{h3}-8{h3}-{h12}"\nterraform plan -out tfplan',
  ],
  [
    'powershell-invoke-restmethod-headers-hashtable-key',
    'Invoke-RestMethod -Uri "https://cmdb.acme.io/api/v1/assets" -Headers @{ "X-Auth-Key" = "«{h40}»"; Accept = "application/json" }',
  ],
  [
    'powershell-new-localuser-kiosk-password',
    'New-LocalUser -Name "kiosk" -Password (ConvertTo-SecureString "«{a16}»" -AsPlainText -Force) -PasswordNeverExpires\nAdd-LocalGroupMember -Group "Users" -Member "kiosk"',
  ],
  [
    'cmd-net-use-drive-letter-password-positional',
    'C:\\> net use Z: \\\\fs01.corp.local\\finance «{a16}» /user:CORP\\svc_fin /persistent:yes\nThe command completed successfully.',
  ],
  ['cmd-psexec-u-p-remote-stop-service', 'psexec \\\\sql02 -u CORP\\sqladmin -p «{a18}» -h cmd /c "net stop MSSQLSERVER"'],
  ['cmd-setx-machine-db-password', 'C:\\deploy> setx DB_PASSWORD "«{a20}»" /M\n\nSUCCESS: Specified value was saved.'],
  ['cmd-cmdkey-generic-termsrv-pass', 'cmdkey /generic:TERMSRV/jump01.corp.local /user:CORP\\adm_ops /pass:«{a18}»'],
  [
    'cmd-schtasks-create-ru-rp-password',
    'schtasks /Create /TN "NightlyExport" /TR "C:\\jobs\\export.bat" /SC DAILY /ST 02:00 /RU CORP\\svc_export /RP «{a18}»',
  ],
  ['cmd-sc-config-service-obj-password', 'sc.exe config "AcmeSync" obj= "CORP\\svc_sync" password= "«{a20}»"\nsc.exe start AcmeSync'],
  ['cmd-net-user-add-local-admin', 'net user backupadm «{a14}» /add /expires:never\nnet localgroup Administrators backupadm /add'],
  [
    'cmd-wmic-node-user-password-flags',
    'wmic /node:srv01 /user:CORP\\ops /password:«{a16}» process call create "cmd /c ipconfig /flushdns"',
  ],
  ['go-const-block-jwt-secret', 'package auth\n\nconst (\n\tissuer    = "acme-auth"\n\tjwtSecret = "«{a48}»"\n)'],
  [
    'go-sql-open-mysql-dsn-password',
    'db, err := sql.Open("mysql", "orders:«{a20}»@tcp(mysql.internal:3306)/orders?parseTime=true")\nif err != nil {\n\tlog.Fatal(err)\n}',
  ],
  [
    'go-smtp-plainauth-literal-password',
    'auth := smtp.PlainAuth("", "alerts@acme.io", "«{a18}»", "smtp.acme.io")\nerr := smtp.SendMail("smtp.acme.io:587", auth, from, to, msg)',
  ],
  [
    'go-redis-options-struct-password',
    'rdb := redis.NewClient(&redis.Options{\n\tAddr:     "cache.internal:6379",\n\tPassword: "«{a32}»",\n\tDB:       0,\n})',
  ],
  [
    'go-byte-slice-hmac-signing-key',
    'var signingKey = []byte("«{h64}»")\n\nfunc sign(body []byte) string {\n\tmac := hmac.New(sha256.New, signingKey)',
  ],
  [
    'go-request-setbasicauth-literal',
    'req, _ := http.NewRequest(http.MethodPost, pushURL, body)\nreq.SetBasicAuth("metrics-pusher", "«{a24}»")',
  ],
  ['rust-const-api-secret-str-beside-base', 'const API_BASE: &str = "https://api.acme.io/v2";\nconst API_SECRET: &str = "«{a40}»";'],
  ['rust-hex-macro-aes256-key', 'let key: [u8; 32] = hex!("«{h64}»");\nlet cipher = Aes256Gcm::new(&key.into());'],
  [
    'rust-sqlx-pgconnectoptions-password-call',
    'let opts = PgConnectOptions::new()\n    .host("pg.internal")\n    .username("ledger")\n    .password("«{a22}»")\n    .database("ledger");',
  ],
  [
    'rust-lettre-smtp-credentials-new',
    'let creds = Credentials::new("noreply@acme.io".to_owned(), "«{a20}»".to_owned());\nlet mailer = SmtpTransport::relay("smtp.acme.io")?.credentials(creds).build();',
  ],
  [
    'swift-enum-static-let-api-key-and-secret',
    'enum Secrets {\n    static let apiKey = "«{a32}»"\n    static let apiSecret = "«{a48}»"\n}',
  ],
  [
    'swift-data-base64encoded-hmac-key',
    'private let hmacKey = Data(base64Encoded: "«{b43}=»")!\nlet signature = HMAC<SHA256>.authenticationCode(for: payload, using: SymmetricKey(data: hmacKey))',
  ],
  [
    'swift-urlcredential-user-password-session',
    'let credential = URLCredential(user: "kiosk-ios", password: "«{a18}»", persistence: .forSession)',
  ],
  [
    'objc-static-nsstring-const-api-secret',
    'static NSString * const kAPIHost = @"api.acme.io";\nstatic NSString * const kAPISecret = @"«{a40}»";',
  ],
  [
    'elixir-prod-exs-endpoint-secret-key-base',
    'config :shop, ShopWeb.Endpoint,\n  url: [host: "shop.acme.io", port: 443],\n  secret_key_base: "«{a64}»"',
  ],
  [
    'elixir-config-repo-password-keyword',
    'config :shop, Shop.Repo,\n  username: "shop",\n  password: "«{a20}»",\n  hostname: "db.internal",\n  pool_size: 10',
  ],
  ['elixir-guardian-secret-key-config', 'config :shop, Shop.Guardian,\n  issuer: "shop",\n  secret_key: "«{a48}»"'],
  [
    'erlang-sys-config-epgsql-password-tuple',
    '[{epgsql_pool, [\n    {host, "pg.internal"},\n    {username, "billing"},\n    {password, "«{a20}»"},\n    {database, "billing"}\n]}].',
  ],
  ['erlang-vm-args-setcookie-uppercase', '-name rabbit@mq01.internal\n-setcookie «{U20}»\n+K true\n+A 64'],
  ['rabbitmq-erlang-cookie-file-cat', '$ sudo cat /var/lib/rabbitmq/.erlang.cookie\n«{U20}»\n$ rabbitmqctl -n rabbit@mq02 cluster_status'],
  [
    'haskell-postgresql-simple-connectinfo-password',
    'connInfo :: ConnectInfo\nconnInfo = defaultConnectInfo\n  { connectHost = "pg.internal"\n  , connectUser = "hs_app"\n  , connectPassword = "«{a20}»"\n  , connectDatabase = "events"\n  }',
  ],
  ['haskell-bytestring-api-secret-binding', 'apiSecret :: ByteString\napiSecret = "«{h64}»"'],
  [
    'lua-openresty-redis-auth-call',
    'local red = redis:new()\nred:set_timeout(1000)\nred:connect("127.0.0.1", 6379)\nlocal ok, err = red:auth("«{a32}»")',
  ],
  [
    'lua-local-signing-secret-ngx-hmac',
    'local SIGNING_SECRET = "«{a40}»"\nlocal digest = ngx.encode_base64(ngx.hmac_sha1(SIGNING_SECRET, ngx.var.request_uri))',
  ],
  [
    'perl-dbi-connect-pg-literal-password',
    'my $dbh = DBI->connect("dbi:Pg:dbname=crm;host=pg01", "crm_batch", "«{a18}»", { RaiseError => 1 });',
  ],
  [
    'perl-lwp-useragent-credentials-realm',
    'my $ua = LWP::UserAgent->new;\n$ua->credentials("intranet.acme.io:443", "Restricted", "reporter", "«{a16}»");',
  ],
  ['r-sys-setenv-openweather-key', 'Sys.setenv(OPENWEATHER_API_KEY = "«{h32}»")\ndf <- fetch_forecast("Berlin", days = 7)'],
  [
    'r-dbi-dbconnect-rpostgres-password-arg',
    'con <- DBI::dbConnect(RPostgres::Postgres(),\n  host = "warehouse.internal", dbname = "dw",\n  user = "analyst", password = "«{a20}»")',
  ],
  ['renviron-kaggle-key-beside-username', '# ~/.Renviron\nKAGGLE_USERNAME=dana-k\nKAGGLE_KEY=«{h32}»'],
  [
    'julia-libpq-connection-keyword-string',
    'using LibPQ\nconn = LibPQ.Connection("host=pg.internal dbname=sim user=julia password=«{a20}»")',
  ],
  ['julia-env-assignment-api-secret', 'ENV["ACME_API_SECRET"] = "«{a40}»"\nusing AcmeClient\nclient = AcmeClient.Client()'],
  ['dart-const-string-api-secret', "const String kApiBase = 'https://api.acme.io';\nconst String kApiSecret = '«{a40}»';"],
  [
    'flutter-build-dart-define-signing-secret',
    'flutter build apk --release --dart-define=API_BASE=https://api.acme.io --dart-define=API_SIGNING_SECRET=«{a32}»',
  ],
  [
    'c-define-api-secret-beside-host-and-timeout',
    '#define API_HOST        "api.acme.io"\n#define API_SECRET      "«{a40}»"\n#define API_TIMEOUT_MS  5000',
  ],
  [
    'c-uint8-array-hmac-key-bytes',
    'static const uint8_t hmac_key[16] = {«0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}»};',
  ],
  [
    'cpp-constexpr-char-mqtt-password',
    'constexpr char MQTT_HOST[] = "mqtt.iot.acme.io";\nconstexpr char MQTT_USER[] = "sensor-07";\nconstexpr char MQTT_PASS[] = "«{a20}»";',
  ],
  [
    'arduino-const-char-wifi-password',
    'const char* WIFI_SSID = "Warehouse-IoT";\nconst char* WIFI_PASSWORD = "«{a16}»";\n\nvoid setup() {\n  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);',
  ],
  ['delphi-const-section-db-password', "const\n  DBServer   = 'SQL01';\n  DBUser     = 'erp_app';\n  DBPassword = '«{a16}»';"],
  [
    'delphi-adoconnection-connectionstring-assignment',
    "ADOConnection1.ConnectionString := 'Provider=SQLOLEDB.1;Data Source=SQL01;Initial Catalog=ERP;User ID=erp_app;Password=«{a16}»;';\nADOConnection1.Connected := True;",
  ],
  [
    'vba-adodb-open-driver-uid-pwd',
    'Dim conn As New ADODB.Connection\nconn.Open "Driver={SQL Server};Server=SQL01;Database=Sales;Uid=xl_report;Pwd=«{a16}»;"',
  ],
  [
    'vba-private-const-ftp-pass',
    'Private Const FTP_HOST As String = "ftp.partner.com"\nPrivate Const FTP_USER As String = "edi_upload"\nPrivate Const FTP_PASS As String = "«{a16}»"',
  ],
  [
    'jcl-job-card-user-password-operand',
    "//NIGHTLY  JOB (ACCT01),'PAYROLL RUN',CLASS=A,MSGCLASS=X,\n//         USER=BATCH01,PASSWORD=«{U4}{d4}»\n//STEP1    EXEC PGM=PAYCALC",
  ],
  [
    'jcl-ftp-step-sysin-user-password',
    "//FTPSTEP  EXEC PGM=FTP,PARM='edi.partner.com (EXIT'\n//OUTPUT   DD SYSOUT=*\n//INPUT    DD *\nedisend «{a12}»\nput 'PROD.EDI.OUTBOUND' outbound.dat\nquit\n/*",
  ],
  [
    'oracle-create-user-identified-by-quoted',
    'CREATE USER report_ro IDENTIFIED BY "«{a18}»"\n  DEFAULT TABLESPACE users QUOTA 100M ON users;\nGRANT CREATE SESSION TO report_ro;',
  ],
  [
    'mysql57-grant-identified-by-subnet-host',
    "GRANT SELECT, INSERT ON shop.* TO 'shop_app'@'10.0.%' IDENTIFIED BY '«{a18}»';\nFLUSH PRIVILEGES;",
  ],
  ['postgres-alter-role-replication-login-password', "ALTER ROLE replicator WITH REPLICATION LOGIN PASSWORD '«{a24}»';"],
  ['postgres-alter-role-scram-verifier-literal', "ALTER ROLE app PASSWORD '«SCRAM-SHA-256$4096:{b24}${b43}=:{b43}=»';"],
  [
    'mssql-create-login-nvarchar-password',
    "CREATE LOGIN etl_loader WITH PASSWORD = N'«{a20}»', CHECK_POLICY = OFF;\nCREATE USER etl_loader FOR LOGIN etl_loader;",
  ],
  [
    'mssql-database-scoped-credential-storage-key',
    "CREATE DATABASE SCOPED CREDENTIAL BlobCred\nWITH IDENTITY = 'acmestorage',\nSECRET = '«{b86}==»';",
  ],
  [
    'postgres-user-mapping-fdw-options-password',
    "CREATE USER MAPPING FOR analytics SERVER legacy_mysql OPTIONS (username 'fdw', password '«{a20}»');",
  ],
  ['mysql-set-password-for-grafana-session', "mysql> SET PASSWORD FOR 'grafana'@'%' = '«{a18}»';\nQuery OK, 0 rows affected (0.01 sec)"],
  ['mysql-create-user-native-password-hash-as', "CREATE USER 'legacy'@'%' IDENTIFIED WITH mysql_native_password AS '«*{H40}»';"],
  [
    'snowflake-create-user-password-default-role',
    "CREATE USER looker_svc PASSWORD = '«{a22}»' DEFAULT_ROLE = REPORTING DEFAULT_WAREHOUSE = BI_WH;",
  ],
  ['psql-uri-admin-password-sslmode-require', '$ psql "postgresql://admin:«{a20}»@pg-prod.internal:5432/app?sslmode=require" -c \'\\dt\''],
  [
    'ldif-jenkins-service-userpassword-ssha',
    'dn: uid=jenkins,ou=services,dc=acme,dc=io\nobjectClass: inetOrgPerson\nuid: jenkins\ncn: Jenkins CI\nsn: CI\nuserPassword: «{SSHA}{b32}»',
  ],
  [
    'ldif-userpassword-base64-double-colon',
    'dn: uid=backup,ou=services,dc=acme,dc=io\nchangetype: modify\nreplace: userPassword\nuserPassword:: «{b24}»',
  ],
  [
    'slapd-cn-config-olcrootpw-replace',
    'dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: «{SSHA}{b32}»',
  ],
  [
    'ldapsearch-w-bind-password-flag',
    'ldapsearch -x -H ldaps://ldap.acme.io -D "cn=readonly,dc=acme,dc=io" -w «{a20}» -b "ou=people,dc=acme,dc=io" "(uid=dana)"',
  ],
  [
    'sssd-conf-ldap-default-authtok',
    '[domain/acme.io]\nid_provider = ldap\nldap_uri = ldaps://ldap.acme.io\nldap_default_bind_dn = cn=sssd,ou=services,dc=acme,dc=io\nldap_default_authtok_type = password\nldap_default_authtok = «{a22}»',
  ],
  [
    'apache-location-authldapbindpassword',
    '<Location /wiki>\n  AuthType Basic\n  AuthBasicProvider ldap\n  AuthLDAPURL "ldaps://ldap.acme.io/ou=people,dc=acme,dc=io?uid"\n  AuthLDAPBindDN "cn=apache,ou=services,dc=acme,dc=io"\n  AuthLDAPBindPassword «{a20}»\n  Require valid-user\n</Location>',
  ],
  [
    'nixos-users-initialpassword-literal',
    'users.users.deploy = {\n  isNormalUser = true;\n  extraGroups = [ "wheel" "docker" ];\n  initialPassword = "«{a16}»";\n};',
  ],
  ['nixos-root-hashedpassword-sha512crypt', 'users.mutableUsers = false;\nusers.users.root.hashedPassword = "«$6${p16}${p86}»";'],
  [
    'nixos-systemd-service-environment-attrset-secret',
    'systemd.services.ingest.environment = {\n  INGEST_API_SECRET = "«{a40}»";\n  RUST_LOG = "info";\n};',
  ],
  [
    'ansible-group-vars-mysql-root-password-plain',
    '# group_vars/dbservers.yml\nmysql_port: 3306\nmysql_root_password: "«{a22}»"\nmysql_innodb_buffer_pool_size: 4G',
  ],
  [
    'ansible-vault-prefixed-vars-left-unencrypted',
    '# group_vars/all/vault.yml  (forgot to run ansible-vault encrypt)\nvault_smtp_password: «{a20}»\nvault_api_signing_key: «{h64}»',
  ],
  [
    'ansible-ini-inventory-ssh-and-become-pass',
    '[legacy]\nfw01.corp.local ansible_user=admin ansible_ssh_pass=«{a16}» ansible_become_pass=«{a16}»',
  ],
  [
    'ansible-user-module-password-crypt-hash',
    '- name: create deploy user\n  ansible.builtin.user:\n    name: deploy\n    password: "«$6${p16}${p86}»"\n    groups: sudo\n    shell: /bin/bash',
  ],
  [
    'salt-pillar-sls-postgres-user-password',
    '# /srv/pillar/postgres.sls\npostgres:\n  users:\n    app:\n      ensure: present\n      password: «{a24}»\n      createdb: False',
  ],
  [
    'puppet-hiera-common-yaml-mysql-root-password',
    "---\nprofile::mysql::root_password: '«{a20}»'\nprofile::mysql::bind_address: '0.0.0.0'\nprofile::mysql::max_connections: 500",
  ],
  [
    'chef-data-bag-item-json-rabbitmq-password',
    '{\n  "id": "rabbitmq",\n  "user": "app",\n  "password": "«{a24}»",\n  "vhost": "/prod"\n}',
  ],
  [
    'dockerfile-env-continuation-db-password',
    'FROM python:3.12-slim\nENV DJANGO_SETTINGS_MODULE=app.settings.prod \\\n    DB_PASSWORD=«{a22}»\nCOPY . /app',
  ],
  [
    'dockerfile-arg-default-artifactory-password',
    'ARG ARTIFACTORY_USER=ci-build\nARG ARTIFACTORY_PASSWORD=«{a28}»\nRUN pip install --index-url https://${ARTIFACTORY_USER}:${ARTIFACTORY_PASSWORD}@artifactory.acme.io/api/pypi/pypi/simple -r requirements.txt',
  ],
  [
    'compose-rabbitmq-default-pass-mapping',
    '  rabbitmq:\n    image: rabbitmq:3.13-management\n    environment:\n      RABBITMQ_DEFAULT_USER: app\n      RABBITMQ_DEFAULT_PASS: «{a24}»',
  ],
  [
    'compose-minio-root-password-list-form',
    '  minio:\n    image: quay.io/minio/minio\n    command: server /data --console-address ":9001"\n    environment:\n      - MINIO_ROOT_USER=admin\n      - MINIO_ROOT_PASSWORD=«{a32}»',
  ],
  [
    'compose-keycloak-admin-and-db-password',
    '  keycloak:\n    image: quay.io/keycloak/keycloak:24.0\n    environment:\n      KC_DB: postgres\n      KC_DB_PASSWORD: «{a20}»\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: «{a20}»',
  ],
  [
    'traefik-compose-label-basicauth-bcrypt-doubled-dollars',
    '    labels:\n      - "traefik.http.routers.dash.rule=Host(`traefik.acme.io`)"\n      - "traefik.http.middlewares.dash-auth.basicauth.users=admin:«$$2y$$05$${p53}»"',
  ],
  [
    'systemd-service-environment-quoted-ingest-token',
    '[Service]\nUser=ingest\nEnvironment="INGEST_TOKEN=«{a40}»"\nExecStart=/usr/local/bin/ingest --listen :9100',
  ],
  ['systemd-dropin-override-pgpassword', '# /etc/systemd/system/backup.service.d/override.conf\n[Service]\nEnvironment=PGPASSWORD=«{a20}»'],
  [
    'crontab-mysqldump-quoted-p-flag',
    "30 2 * * * /usr/bin/mysqldump -u backup -p'«{a18}»' --all-databases | gzip > /backup/all-$(date +\\%F).sql.gz",
  ],
  ['crontab-curl-u-healthbot-password', '*/5 * * * * curl -fsS -u healthbot:«{a20}» https://status.internal/api/ping >/dev/null'],
  [
    'procfile-web-inline-secret-key-base',
    'web: SECRET_KEY_BASE=«{h128}» bundle exec puma -C config/puma.rb\nworker: bundle exec sidekiq -C config/sidekiq.yml',
  ],
  [
    'makefile-conditional-registry-pass-default',
    'REGISTRY      ?= registry.acme.io\nREGISTRY_USER ?= ci\nREGISTRY_PASS ?= «{a24}»\n\nlogin:\n\tdocker login $(REGISTRY) -u $(REGISTRY_USER) -p $(REGISTRY_PASS)',
  ],
  [
    'jenkinsfile-declarative-environment-nexus-pass',
    "pipeline {\n  agent any\n  environment {\n    NEXUS_USER = 'jenkins'\n    NEXUS_PASS = '«{a24}»'\n  }",
  ],
  [
    'jenkinsfile-sh-docker-login-inline-p',
    'stage(\'Push\') {\n  steps {\n    sh "docker login registry.acme.io -u jenkins -p «{a24}»"\n    sh "docker push registry.acme.io/app:${env.BUILD_NUMBER}"\n  }\n}',
  ],
  [
    'gitlab-ci-global-variables-deploy-password',
    'variables:\n  DOCKER_DRIVER: overlay2\n  DEPLOY_USER: gitlab\n  DEPLOY_PASSWORD: "«{a24}»"',
  ],
  [
    'circleci-docker-job-environment-api-secret',
    'jobs:\n  integration:\n    docker:\n      - image: cimg/python:3.12\n        environment:\n          ACME_API_BASE: https://sandbox.acme.io\n          ACME_API_SECRET: «{a40}»',
  ],
  [
    'azure-pipelines-variables-name-value-sql-password',
    "variables:\n  - name: sqlAdminLogin\n    value: sqladmin\n  - name: sqlAdminPassword\n    value: '«{a22}»'",
  ],
  [
    'bitbucket-pipelines-step-curl-upload-user',
    '- step:\n    name: Upload artifact\n    script:\n      - curl -u deploy:«{a24}» -T dist/app.zip https://nexus.acme.io/repository/raw/app/',
  ],
  [
    'drone-plugins-docker-settings-password-literal',
    '- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.acme.io/app\n    username: drone\n    password: «{a24}»',
  ],
  [
    'tekton-task-param-default-sonar-login',
    'params:\n  - name: sonar-host\n    default: https://sonar.acme.io\n  - name: sonar-login\n    default: «{h40}»',
  ],
  [
    'argo-workflow-arguments-db-password-value',
    'spec:\n  arguments:\n    parameters:\n      - name: db-host\n        value: pg.internal\n      - name: db-password\n        value: «{a22}»',
  ],
  [
    'argocd-repository-secret-stringdata-password',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-infra\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.acme.io/infra/deploy.git\n  username: argocd\n  password: «{a28}»',
  ],
  [
    'kustomize-secretgenerator-literals-db-and-session',
    'secretGenerator:\n  - name: api-secrets\n    literals:\n      - DB_PASSWORD=«{a22}»\n      - SESSION_SECRET=«{h64}»',
  ],
  [
    'helm-values-auth-root-and-replication-password',
    'architecture: replication\nauth:\n  rootPassword: «{a20}»\n  replicationPassword: «{a20}»',
  ],
  [
    'helm-upgrade-install-set-postgres-password',
    'helm upgrade --install pg bitnami/postgresql -n data --set auth.postgresPassword=«{a22}» --set primary.persistence.size=50Gi',
  ],
  [
    'jupyter-ipynb-code-cell-source-api-secret',
    '  {\n   "cell_type": "code",\n   "execution_count": 3,\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "import requests\\n",\n    "API_SECRET = \\"«{a40}»\\"\\n",\n    "resp = requests.get(URL, headers={\\"X-Api-Secret\\": API_SECRET})"\n   ]\n  },',
  ],
  [
    'jupyter-ipynb-stream-output-printed-password',
    '   "outputs": [\n    {\n     "name": "stdout",\n     "output_type": "stream",\n     "text": [\n      "connected as etl with password «{a20}»\\n"\n     ]\n    }\n   ],',
  ],
  [
    'csv-export-service-accounts-password-column',
    'account,type,password,owner,last_rotated\nsvc-etl,service,«{a20}»,data-eng,2024-02-11\nsvc-backup,service,«{a20}»,infra,2023-11-30',
  ],
  [
    'excel-tsv-paste-system-login-password',
    'System\tLogin\tPassword\tNotes\nNexus\tdeployer\t«{a18}»\tCI uploads\nGrafana\tadmin\t«{a16}»\tops dashboards',
  ],
  ['nginx-htpasswd-cat-two-apr1-users', '$ cat /etc/nginx/.htpasswd\nprometheus:«$apr1${p8}${p22}»\ngrafana:«$apr1${p8}${p22}»'],
  ['htpasswd-sha1-scheme-ci-user', 'ci:«{SHA}{b27}=»'],
  ['htdigest-file-realm-md5-line', '$ cat /etc/apache2/.htdigest\nops:Restricted:«{h32}»'],
  [
    'wireguard-client-interface-privatekey-beside-peer-pubkey',
    '[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = «{b42}A=»\nDNS = 10.8.0.1\n\n[Peer]\nPublicKey = {b42}E=\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 0.0.0.0/0',
  ],
  ['wireguard-peer-presharedkey-line', '[Peer]\n# laptop-dana\nPublicKey = {b42}Q=\nPresharedKey = «{b42}g=»\nAllowedIPs = 10.8.0.5/32'],
  ['wireguard-privatekey-file-cat', '$ sudo cat /etc/wireguard/wg0.key\n«{b42}I=»'],
  [
    'openvpn-static-key-v1-file-body',
    '#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n«{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}»\n-----END OpenVPN Static key V1-----',
  ],
  [
    'openvpn-inline-tls-crypt-block',
    'remote vpn.acme.io 1194\n<tls-crypt>\n-----BEGIN OpenVPN Static key V1-----\n«{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}\n{h32}»\n-----END OpenVPN Static key V1-----\n</tls-crypt>',
  ],
  ['openvpn-auth-user-pass-creds-file', '$ cat /etc/openvpn/client/creds.txt\nvpn-svc-03\n«{a18}»'],
  ['ipsec-secrets-peer-pair-psk', '# /etc/ipsec.secrets\n203.0.113.10 198.51.100.7 : PSK "«{a32}»"'],
  [
    'swanctl-conf-secrets-ike-base64-secret',
    'secrets {\n    ike-branch {\n        id = branch-gw.acme.io\n        secret = «0s{b43}=»\n    }\n}',
  ],
  [
    'cisco-crypto-isakmp-key-address',
    'crypto isakmp policy 10\n encr aes 256\n authentication pre-share\ncrypto isakmp key «{a24}» address 198.51.100.7',
  ],
  ['snmpd-conf-rocommunity-subnet', 'rocommunity «{a16}» 10.0.0.0/8\nsyslocation "DC1, rack 14"\nsyscontact noc@acme.io'],
  ['snmpd-conf-v3-createuser-auth-priv', 'createUser monitor SHA "«{a20}»" AES "«{a20}»"\nrouser monitor priv'],
  ['snmpwalk-v2c-community-flag', '$ snmpwalk -v2c -c «{a14}» 10.20.0.1 1.3.6.1.2.1.1\nSNMPv2-MIB::sysName.0 = STRING: core-sw-01'],
  [
    'cisco-ios-snmp-server-community-ro-acl',
    'snmp-server community «{a16}» RO 10\nsnmp-server location DC1\nsnmp-server contact noc@acme.io',
  ],
  [
    'radius-clients-conf-wifi-controller-secret',
    'client wlc01 {\n    ipaddr = 10.30.0.5\n    secret = «{a24}»\n    shortname = wlc01\n    nas_type = other\n}',
  ],
  [
    'radtest-user-password-and-shared-secret',
    "$ radtest dana '«{a14}»' 127.0.0.1 0 «{a20}»\nSent Access-Request Id 214 from 0.0.0.0:51144 to 127.0.0.1:1812 length 75",
  ],
  ['cisco-radius-server-block-key', 'radius server ISE01\n address ipv4 10.1.1.20 auth-port 1812 acct-port 1813\n key «{a20}»'],
  ['cisco-tacacs-server-host-key', 'tacacs-server host 10.1.1.30 key «{a20}»\naaa authentication login default group tacacs+ local'],
  ['cisco-username-secret-5-md5crypt', 'username netadmin privilege 15 secret 5 «$1${p4}${p22}»\nenable secret 9 «$9${p14}${p43}»'],
  [
    'juniper-radius-server-secret-9-encoded',
    'set system radius-server 10.1.1.20 secret "«$9${p24}»"\nset system authentication-order [ radius password ]',
  ],
  [
    'klist-kte-uppercase-k-keytab-listing-with-keys',
    '$ klist -kte -K /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   3 03/11/2024 09:14:02 host/web01.acme.io@ACME.IO (aes256-cts-hmac-sha1-96)  (0x«{h64}»)\n   3 03/11/2024 09:14:02 host/web01.acme.io@ACME.IO (aes128-cts-hmac-sha1-96)  (0x«{h32}»)',
  ],
  ['kinit-echo-password-pipe', "echo '«{a18}»' | kinit svc_hdfs@ACME.IO\nklist"],
];
export const BLIND52_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'hcl-rds-module-password-from-secrets-manager-data',
    'module "db" {\n  source   = "terraform-aws-modules/rds/aws"\n  version  = "6.5.4"\n  username = "orders_admin"\n  password = data.aws_secretsmanager_secret_version.db.secret_string\n  manage_master_user_password = false\n}',
  ],
  [
    'hcl-sensitive-variable-validation-no-default',
    'variable "db_master_password" {\n  type      = string\n  sensitive = true\n  validation {\n    condition     = length(var.db_master_password) >= 16\n    error_message = "Password must be at least 16 characters."\n  }\n}',
  ],
  [
    'hcl-random-password-resource-override-special',
    'resource "random_password" "db" {\n  length           = 32\n  special          = true\n  override_special = "!#$%&*()-_=+[]<>:?"\n}',
  ],
  [
    'terraform-lock-hcl-provider-h1-zh-hashes',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.54.1"\n  constraints = "~> 5.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'consul-acl-token-list-accessor-ids-only',
    '$ consul acl token list -format=json | jq \'.[] | {AccessorID, Description}\'\n{\n  "AccessorID": "{h8}-{h4}-4{h3}-8{h3}-{h12}",\n  "Description": "ci deploy token"\n}',
  ],
  [
    'hcl-vault-kv-secret-v2-data-source-reference',
    'data "vault_kv_secret_v2" "db" {\n  mount = "kv"\n  name  = "prod/orders/db"\n}\n\nlocals {\n  db_password = data.vault_kv_secret_v2.db.data["password"]\n}',
  ],
  [
    'tfvars-secretsmanager-arn-and-kms-key-id',
    'db_secret_arn = "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6}"\nkms_key_id    = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\ndb_port       = 5432',
  ],
  [
    'cargo-lock-package-checksum-ring',
    '[[package]]\nname = "ring"\nversion = "0.17.8"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"',
  ],
  [
    'cargo-config-toml-credential-providers',
    '# .cargo/config.toml\n[registry]\nglobal-credential-providers = ["cargo:token", "cargo:libsecret"]\n\n[registries.acme-internal]\nindex = "sparse+https://cargo.acme.io/index/"\ncredential-provider = "cargo:token"',
  ],
  [
    'poetry-lock-files-sha256-hash',
    '[[package]]\nname = "cryptography"\nversion = "42.0.8"\nfiles = [\n    {file = "cryptography-42.0.8-cp39-abi3-macosx_10_12_universal2.whl", hash = "sha256:{h64}"},\n]',
  ],
  [
    'netlify-toml-secrets-scan-omit-keys-names',
    '[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  NODE_VERSION = "20.14.0"\n  SECRETS_SCAN_OMIT_KEYS = "FORM_SIGNING_SECRET,ALGOLIA_ADMIN_KEY"',
  ],
  [
    'hugo-params-algolia-search-only-key-public',
    '[params.algolia]\n  appId = "{U10}"\n  indexName = "docs_prod"\n  # search-only key, restricted to the docs_prod index, shipped to browsers by design\n  searchOnlyApiKey = "{h32}"',
  ],
  [
    'streamlit-st-secrets-lookup-code',
    'conn = st.connection("snowflake")\npassword = st.secrets["connections"]["snowflake"]["password"]\nst.caption(f"warehouse: {conn.warehouse}")',
  ],
  [
    'php-ini-empty-default-pw-and-session-settings',
    '[MySQLi]\nmysqli.default_pw =\n\n[Session]\nsession.sid_length = 48\nsession.hash_function = sha256\nsession.cookie_secure = 1',
  ],
  [
    'my-cnf-client-socket-ssl-login-path-comment',
    '[client]\nuser = backup\nsocket = /var/run/mysqld/mysqld.sock\nssl-ca = /etc/mysql/certs/ca.pem\n# password comes from ~/.mylogin.cnf (mysql_config_editor set --login-path=backup -p)',
  ],
  [
    'pypirc-token-username-keyring-note',
    '[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\n# password is read from the system keyring: keyring set https://upload.pypi.org/legacy/ __token__',
  ],
  ['s3cfg-empty-keys-instance-role', '[default]\naccess_key =\nsecret_key =\nsecurity_token =\ngpg_passphrase =\nuse_https = True'],
  [
    'rclone-conf-s3-env-auth-true',
    '[s3-logs]\ntype = s3\nprovider = AWS\nenv_auth = true\nregion = eu-west-1\nstorage_class = STANDARD_IA',
  ],
  [
    'boto-config-service-key-file-path',
    '[Credentials]\ngs_service_key_file = /etc/gcs/sa-backup.json\n\n[GSUtil]\ndefault_project_id = acme-data-{d6}\nparallel_composite_upload_threshold = 150M',
  ],
  [
    'tox-ini-passenv-secret-variable-names',
    '[testenv]\npassenv =\n    PGPASSWORD\n    AWS_SECRET_ACCESS_KEY\nsetenv =\n    PYTHONHASHSEED = 0',
  ],
  [
    'spring-properties-env-placeholders-with-defaults',
    'spring.datasource.password=${DB_PASSWORD}\nserver.ssl.key-store-password=${KEYSTORE_PASSWORD:}\nspring.mail.password=${SMTP_PASSWORD:#{null}}',
  ],
  [
    'spring-yaml-password-policy-and-expiry-settings',
    'app:\n  security:\n    password-min-length: 12\n    password-reset-url: https://id.acme.io/reset\n    token-expiry: 3600\n    max-login-attempts: 5',
  ],
  [
    'maven-settings-server-env-expressions',
    '<server>\n  <id>acme-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>',
  ],
  [
    'gradle-properties-signing-key-id-and-jvmargs',
    'signing.keyId={H8}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\norg.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\norg.gradle.caching=true',
  ],
  [
    'gradle-kts-credentials-from-providers',
    'credentials {\n    username = providers.gradleProperty("artifactoryUser").get()\n    password = providers.gradleProperty("artifactoryPassword").get()\n}',
  ],
  [
    'gradle-wrapper-properties-distribution-sha256',
    'distributionBase=GRADLE_USER_HOME\ndistributionUrl=https\\://services.gradle.org/distributions/gradle-8.8-bin.zip\ndistributionSha256Sum={h64}',
  ],
  [
    'appsettings-trusted-connection-and-azuread-ids',
    '"ConnectionStrings": {\n  "Default": "Server=sql01;Database=Orders;Trusted_Connection=True;TrustServerCertificate=True;"\n},\n"AzureAd": {\n  "Instance": "https://login.microsoftonline.com/",\n  "TenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "ClientId": "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n}',
  ],
  [
    'csproj-usersecretsid-guid-element',
    '<PropertyGroup>\n  <TargetFramework>net8.0</TargetFramework>\n  <Nullable>enable</Nullable>\n  <UserSecretsId>{h8}-{h4}-4{h3}-b{h3}-{h12}</UserSecretsId>\n</PropertyGroup>',
  ],
  [
    'webconfig-machinekey-autogenerate-isolateapps',
    '<machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" decryption="AES" />',
  ],
  [
    'nuget-config-cleartextpassword-percent-env',
    '<packageSourceCredentials>\n  <AcmeFeed>\n    <add key="Username" value="nuget-ci" />\n    <add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />\n  </AcmeFeed>\n</packageSourceCredentials>',
  ],
  [
    'powershell-get-credential-and-read-host-securestring',
    '$cred = Get-Credential -UserName "CORP\\svc_deploy" -Message "Deploy account"\n$pin  = Read-Host -Prompt "Smartcard PIN" -AsSecureString\nInvoke-Command -ComputerName web01 -Credential $cred -ScriptBlock { iisreset }',
  ],
  [
    'powershell-secretmanagement-get-secret-by-name',
    '$apiKey = Get-Secret -Name AcmeApiKey -Vault CorpVault -AsPlainText\nInvoke-RestMethod -Uri https://api.acme.io/v1/ping -Headers @{ "X-Api-Key" = $apiKey }',
  ],
  [
    'cmd-net-use-star-password-prompt',
    'C:\\> net use Z: \\\\fs01.corp.local\\finance * /user:CORP\\svc_fin /persistent:no\nType the password for \\\\fs01.corp.local\\finance:',
  ],
  [
    'go-os-getenv-jwt-secret-length-check',
    'jwtSecret := os.Getenv("JWT_SECRET")\nif len(jwtSecret) < 32 {\n\tlog.Fatal("JWT_SECRET must be at least 32 bytes")\n}',
  ],
  [
    'go-sum-mysql-driver-h1-lines',
    'github.com/go-sql-driver/mysql v1.8.1 h1:{b43}=\ngithub.com/go-sql-driver/mysql v1.8.1/go.mod h1:{b43}=',
  ],
  [
    'rust-env-var-name-consts-and-min-len',
    'const API_SECRET_ENV: &str = "ACME_API_SECRET";\nconst PASSWORD_MIN_LEN: usize = 12;\nlet secret = std::env::var(API_SECRET_ENV).expect("ACME_API_SECRET not set");',
  ],
  [
    'kotlin-buildconfig-ref-and-key-alias-const',
    'val apiKey = BuildConfig.ACME_API_KEY\nprivate const val TOKEN_EXPIRY_SECONDS = 3600\nprivate const val KEY_ALIAS = "acme_signing_key"',
  ],
  [
    'swift-info-plist-lookup-api-key',
    'let apiKey = Bundle.main.object(forInfoDictionaryKey: "ACME_API_KEY") as? String ?? ""\nlet keychainService = "io.acme.app.session-token"',
  ],
  [
    'podfile-lock-spec-checksums-sha1',
    'SPEC CHECKSUMS:\n  Alamofire: {h40}\n  KeychainAccess: {h40}\n\nPODFILE CHECKSUM: {h40}\n\nCOCOAPODS: 1.15.2',
  ],
  [
    'elixir-runtime-exs-system-get-env-raise',
    'secret_key_base =\n  System.get_env("SECRET_KEY_BASE") ||\n    raise "environment variable SECRET_KEY_BASE is missing."\n\nconfig :shop, ShopWeb.Endpoint, secret_key_base: secret_key_base',
  ],
  ['mix-lock-hex-package-outer-inner-hashes', '  "plug_crypto": {:hex, :plug_crypto, "2.1.0", "{h64}", [:mix], [], "hexpm", "{h64}"},'],
  ['rebar-lock-pkg-hash-binaries', '[\n{pkg_hash,[\n {<<"cowboy">>, <<"{H64}">>},\n {<<"ranch">>, <<"{H64}">>}]}\n].'],
  [
    'stack-yaml-lock-hackage-sha256-pantry',
    'packages:\n- completed:\n    hackage: aeson-2.2.3.0@sha256:{h64},7207\n    pantry-tree:\n      sha256: {h64}\n      size: 83101',
  ],
  [
    'lua-ngx-var-api-key-header-and-token-expiry',
    'local api_key = ngx.var.http_x_api_key\nlocal token_expiry = 3600\nif not api_key or #api_key ~= 40 then return ngx.exit(401) end',
  ],
  ['perl-dbi-connect-env-hash-lookups', 'my $dbh = DBI->connect($ENV{DSN}, $ENV{DB_USER}, $ENV{DB_PASS}, { RaiseError => 1 });'],
  [
    'renv-lock-package-md5-hash-field',
    '"jsonlite": {\n  "Package": "jsonlite",\n  "Version": "1.8.8",\n  "Source": "Repository",\n  "Repository": "CRAN",\n  "Hash": "{h32}"\n},',
  ],
  [
    'julia-manifest-toml-git-tree-sha1-uuid',
    '[[deps.HTTP]]\ndeps = ["Base64", "CodecZlib", "Dates", "MbedTLS", "Sockets", "URIs"]\ngit-tree-sha1 = "{h40}"\nuuid = "cd3eb016-35fb-5094-929b-558a96fad6f3"\nversion = "1.10.8"',
  ],
  [
    'pubspec-lock-hosted-sha256',
    '  http:\n    dependency: "direct main"\n    description:\n      name: http\n      sha256: "{h64}"\n      url: "https://pub.dev"\n    source: hosted\n    version: "1.2.1"',
  ],
  [
    'dart-string-fromenvironment-define-from-file',
    "$ flutter run --dart-define-from-file=config/prod.json\n// lib/env.dart\nconst apiSecret = String.fromEnvironment('API_SIGNING_SECRET');",
  ],
  [
    'c-defines-lengths-slot-id-build-hash',
    '#define SHA256_DIGEST_LEN   32\n#define PASSWORD_MAX_LEN    128\n#define KEY_SLOT_ID         0x{H4}\n#define FW_BUILD_HASH       "{h40}"',
  ],
  [
    'arduino-secrets-header-include-only',
    '#include "secrets.h"  // defines WIFI_SSID and WIFI_PASSWORD, kept out of git\nvoid setup() {\n  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);\n}',
  ],
  ['vba-adodb-integrated-security-sspi', 'conn.Open "Provider=SQLOLEDB;Data Source=SQL01;Initial Catalog=Sales;Integrated Security=SSPI;"'],
  [
    'psql-variable-interpolated-alter-role-password',
    "\\set app_password `cat /run/secrets/app_password`\nALTER ROLE app PASSWORD :'app_password';",
  ],
  [
    'sql-alter-role-valid-until-and-grants',
    "ALTER ROLE app VALID UNTIL '2025-12-31';\nGRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO app;\nALTER ROLE app SET statement_timeout = '30s';",
  ],
  [
    'mssql-sql-logins-policy-query',
    "SELECT name, is_policy_checked, is_expiration_checked, LOGINPROPERTY(name, 'PasswordLastSetTime') AS pwd_set\nFROM sys.sql_logins WHERE name = 'etl_loader';",
  ],
  [
    'ldif-sshpublickey-ed25519-attribute',
    'dn: uid=dana,ou=people,dc=acme,dc=io\nobjectClass: ldapPublicKey\nuid: dana\nsshPublicKey: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} dana@laptop',
  ],
  [
    'ldapsearch-capital-w-prompt',
    'ldapsearch -x -H ldaps://ldap.acme.io -D "cn=readonly,dc=acme,dc=io" -W -b "ou=people,dc=acme,dc=io" "(uid=dana)"\nEnter LDAP Password:',
  ],
  [
    'flake-lock-nixpkgs-narhash-rev',
    '"nixpkgs": {\n  "locked": {\n    "lastModified": 1718{d6},\n    "narHash": "sha256-{b43}=",\n    "owner": "NixOS",\n    "repo": "nixpkgs",\n    "rev": "{h40}",\n    "type": "github"\n  }\n}',
  ],
  [
    'nix-sops-hashedpasswordfile-path',
    'sops.secrets."users/deploy".neededForUsers = true;\nusers.users.deploy.hashedPasswordFile = config.sops.secrets."users/deploy".path;',
  ],
  [
    'ansible-vars-jinja-vault-indirection',
    'mysql_root_password: "{{ vault_mysql_root_password }}"\nsmtp_password: "{{ lookup(\'community.hashi_vault.hashi_vault\', \'secret=kv/data/smtp:password\') }}"',
  ],
  ['ansible-vault-aes256-encrypted-file-body', '$ cat group_vars/all/vault.yml\n$ANSIBLE_VAULT;1.1;AES256\n{h80}\n{h80}\n{h80}\n{h40}'],
  [
    'hiera-eyaml-enc-pkcs7-block',
    'profile::mysql::root_password: >\n    ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw{b120}]',
  ],
  [
    'chef-encrypted-data-bag-item-ruby-lookup',
    "secret = Chef::EncryptedDataBagItem.load_secret('/etc/chef/encrypted_data_bag_secret')\ncreds  = data_bag_item('rabbitmq', 'prod', secret)\nrabbitmq_user 'app' do\n  password creds['password']\nend",
  ],
  [
    'salt-pillar-jinja-vault-read-secret',
    "postgres:\n  users:\n    app:\n      password: {{ salt['vault'].read_secret('kv/data/postgres/app')['password'] }}",
  ],
  [
    'dockerfile-buildkit-secret-mount-and-digest-pin',
    '# syntax=docker/dockerfile:1.7\nFROM node:20-alpine@sha256:{h64}\nARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci',
  ],
  [
    'compose-postgres-password-file-docker-secrets',
    'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt',
  ],
  [
    'systemd-loadcredential-and-environmentfile',
    '[Service]\nEnvironmentFile=/etc/ingest/ingest.env\nLoadCredential=api-token:/etc/credstore/ingest.api-token\nExecStart=/usr/local/bin/ingest --token-file ${CREDENTIALS_DIRECTORY}/api-token',
  ],
  [
    'crontab-pgpassfile-pg-dump',
    '30 2 * * * PGPASSFILE=/root/.pgpass pg_dump -h pg01 -U backup app | gzip > /backup/app-$(date +\\%F).sql.gz',
  ],
  [
    'makefile-image-digest-and-git-sha-vars',
    'IMAGE        := registry.acme.io/app\nIMAGE_DIGEST := sha256:{h64}\nGIT_SHA      := $(shell git rev-parse --short HEAD)',
  ],
  [
    'jenkinsfile-credentials-helper-usr-psw',
    "environment {\n  NEXUS = credentials('nexus-deployer')\n}\nsteps {\n  sh 'echo $NEXUS_PSW | docker login registry.acme.io -u $NEXUS_USR --password-stdin'\n}",
  ],
  [
    'gitlab-ci-predefined-registry-and-job-token',
    '  script:\n    - echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY"\n    - curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file dist/app.tgz "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/app/1.4.2/app.tgz"',
  ],
  [
    'circleci-orbs-and-contexts-list',
    'orbs:\n  aws-cli: circleci/aws-cli@4.1.3\nworkflows:\n  deploy:\n    jobs:\n      - build:\n          context: [org-global, aws-prod]',
  ],
  [
    'azure-pipelines-variable-group-macro-syntax',
    'variables:\n  - group: sql-prod-credentials\nsteps:\n  - script: sqlcmd -S $(sqlServer) -U $(sqlAdminLogin) -P "$(sqlAdminPassword)" -i migrate.sql',
  ],
  [
    'drone-settings-from-secret-names',
    '  settings:\n    repo: registry.acme.io/app\n    username:\n      from_secret: docker_username\n    password:\n      from_secret: docker_password',
  ],
  [
    'tekton-step-env-secretkeyref',
    'env:\n  - name: SONAR_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: sonar-credentials\n        key: token',
  ],
  [
    'kustomize-secretgenerator-envs-and-files-only',
    'secretGenerator:\n  - name: api-secrets\n    envs:\n      - secrets/prod.env\n    files:\n      - tls.crt=certs/api.crt\ngeneratorOptions:\n  disableNameSuffixHash: false',
  ],
  [
    'helm-values-existing-secret-key-names',
    'auth:\n  existingSecret: pg-auth\n  secretKeys:\n    adminPasswordKey: postgres-password\n    userPasswordKey: password\n    replicationPasswordKey: replication-password',
  ],
  [
    'jupyter-display-data-png-base64',
    '     "data": {\n      "image/png": "iVBORw0KGgoAAAANSUhEUgAAA{b120}",\n      "text/plain": [\n       "<Figure size 640x480 with 1 Axes>"\n      ]\n     },',
  ],
  [
    'csv-service-accounts-inventory-no-secrets',
    'account,type,owner,mfa,last_login,key_id\nsvc-etl,service,data-eng,n/a,2024-05-30T02:00:11Z,{h8}-{h4}-4{h3}-a{h3}-{h12}\nsvc-backup,service,infra,n/a,2024-05-29T23:10:42Z,{h8}-{h4}-4{h3}-8{h3}-{h12}',
  ],
  [
    'tomcat-connector-keystorepass-property-ref',
    '<Connector port="8443" SSLEnabled="true" keystoreFile="conf/acme.jks" keystorePass="${keystore.pass}" clientAuth="false"/>',
  ],
  [
    'log4j2-smtp-appender-env-lookup-password',
    '<SMTP name="Mail" smtpHost="smtp.acme.io" smtpUsername="log4j@acme.io" smtpPassword="${env:SMTP_PASSWORD}" to="oncall@acme.io"/>',
  ],
  [
    'htpasswd-bcrypt-create-interactive-prompt',
    '$ sudo htpasswd -B -c /etc/nginx/.htpasswd prometheus\nNew password:\nRe-type new password:\nAdding password for user prometheus',
  ],
  [
    'nginx-auth-basic-user-file-directive',
    'location /metrics {\n    auth_basic           "Prometheus";\n    auth_basic_user_file /etc/nginx/.htpasswd;\n}',
  ],
  [
    'wg-show-public-keys-private-hidden',
    '$ sudo wg show wg0\ninterface: wg0\n  public key: {b42}c=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b42}w=\n  endpoint: 198.51.100.7:51820\n  allowed ips: 10.8.0.5/32\n  latest handshake: 42 seconds ago',
  ],
  [
    'wireguard-postup-private-key-from-file',
    '[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPostUp = wg set %i private-key /etc/wireguard/%i.key',
  ],
  [
    'openvpn-inline-ca-certificate-public',
    '<ca>\n-----BEGIN CERTIFICATE-----\nMIIDSzCCAjOgAwIBAgIU{b44}\n{b64}\n{b64}\n-----END CERTIFICATE-----\n</ca>\nremote-cert-tls server',
  ],
  [
    'strongswan-ipsec-conf-authby-pubkey',
    'conn branch\n    left=%defaultroute\n    leftcert=gw-cert.pem\n    leftid=@hq-gw.acme.io\n    right=198.51.100.7\n    rightid=@branch-gw.acme.io\n    authby=pubkey\n    auto=start',
  ],
  [
    'snmpwalk-v3-auth-priv-env-vars',
    'snmpwalk -v3 -l authPriv -u monitor -a SHA -A "$SNMP_AUTH_PASS" -x AES -X "$SNMP_PRIV_PASS" 10.20.0.1 sysDescr',
  ],
  [
    'snmpwalk-output-oids-and-mac',
    'SNMPv2-MIB::sysDescr.0 = STRING: Cisco IOS Software [Cupertino], Catalyst L3 Switch Software (CAT9K_IOSXE)\nSNMPv2-MIB::sysObjectID.0 = OID: SNMPv2-SMI::enterprises.9.1.2494\nIF-MIB::ifPhysAddress.1 = STRING: 0:1b:54:{h2}:{h2}:{h2}',
  ],
  [
    'freeradius-client-secret-env-expansion',
    'client wlc01 {\n    ipaddr = 10.30.0.5\n    secret = $ENV{RADIUS_WLC_SECRET}\n    require_message_authenticator = yes\n}',
  ],
  [
    'klist-kt-keytab-without-key-material',
    '$ klist -kt /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   3 03/11/2024 09:14:02 host/web01.acme.io@ACME.IO\n   3 03/11/2024 09:14:02 HTTP/web01.acme.io@ACME.IO',
  ],
  [
    'css-js-password-and-token-identifiers',
    ".password-toggle { position: absolute; right: 8px; }\n#api-key-input:focus { outline: 2px solid var(--accent); }\nconst tokenInput = document.getElementById('access-token');",
  ],
  [
    'ini-auth-password-policy-and-reset-url',
    '[auth]\nPasswordMinLength = 12\nPasswordRequireSymbols = true\npassword_reset_url = https://id.acme.io/reset\ntoken_expiry = 3600\nsession_secret_name = app/session-secret',
  ],
  ['ini-database-password-masked-stars', '[database]\nhost = pg-prod.internal\nport = 5432\nuser = app\npassword = ********'],
  [
    'sealedsecret-encrypteddata-ciphertext',
    'apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: api-secrets\nspec:\n  encryptedData:\n    DB_PASSWORD: AgB{b120}',
  ],
  [
    'compose-image-digest-pins-redis-postgres',
    'services:\n  cache:\n    image: bitnami/redis@sha256:{h64}\n  db:\n    image: postgres@sha256:{h64}',
  ],
  [
    'cisco-aaa-and-ssh-config-no-keys',
    'aaa new-model\naaa authentication login default group tacacs+ local\nip ssh version 2\ncrypto key generate rsa modulus 2048',
  ],
  [
    'dotnet-user-secrets-list-empty-store',
    "$ dotnet user-secrets list --project src/Billing.Api\nNo secrets configured for this application.\n$ dotnet user-secrets init\nSet UserSecretsId to '{h8}-{h4}-4{h3}-9{h3}-{h12}' for MSBuild project 'src/Billing.Api/Billing.Api.csproj'.",
  ],
  ['pulumi-config-secure-ciphertext-only', 'config:\n  aws:region: eu-central-1\n  acme:dbPassword:\n    secure: v1:{b16}:{b60}'],
  [
    'ldif-userpassword-attribute-absent-objectclasses',
    'dn: uid=jenkins,ou=services,dc=acme,dc=io\nobjectClass: inetOrgPerson\nobjectClass: pwdPolicy\npwdMinLength: 12\npwdMaxAge: 7776000\npwdAttribute: userPassword',
  ],
  [
    'webconfig-appsettings-non-secret-keys',
    '<appSettings>\n  <add key="SmtpHost" value="smtp.acme.io" />\n  <add key="SmtpPort" value="587" />\n  <add key="SmtpPasswordSecretName" value="portal-smtp-password" />\n  <add key="webpages:Version" value="3.0.0.0" />\n</appSettings>',
  ],
  [
    'helm-chart-lock-digest-and-versions',
    'dependencies:\n- name: postgresql\n  repository: oci://registry-1.docker.io/bitnamicharts\n  version: 15.5.7\ndigest: sha256:{h64}\ngenerated: "2024-06-11T09:12:44.123456+02:00"',
  ],
];
