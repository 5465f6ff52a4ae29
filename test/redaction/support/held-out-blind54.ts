/** A fifty-fourth held-out batch, written blind: credentials of databases, data platforms and data tooling (JDBC/ODBC/ADO.NET/SQLAlchemy/Mongo/Redis/AMQP/Kafka JAAS URIs and configs, warehouse, lakehouse and orchestration tool configs, database CLIs and SQL DDL), and look-alikes from the same tools that hold only references, masked values, ids, LSNs and checksums. */
export const BLIND54_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'flyway-cli-jdbc-pg-url-password-query-param',
    '$ flyway -url="jdbc:postgresql://pg-primary.internal:5432/ledger?user=flyway&password=«{a20}»&sslmode=verify-full" -locations=filesystem:sql migrate\nFlyway OSS Edition 10.15.0 by Redgate\nSuccessfully validated 42 migrations (execution time 00:00.081s)',
  ],
  [
    'jdbc-sqlserver-azure-password-bang-inside-semicolons',
    'jdbc:sqlserver://sql-prod.database.windows.net:1433;database=crm;user=crm_app@sql-prod;password=«{a14}!{a6}»;encrypt=true;trustServerCertificate=false;hostNameInCertificate=*.database.windows.net;loginTimeout=30;',
  ],
  [
    'java-drivermanager-oracle-thin-user-slash-pass',
    'try (Connection c = DriverManager.getConnection("jdbc:oracle:thin:hr_app/«{a16}»@//ora-scan.corp:1521/HRPDB")) {\n    c.setAutoCommit(false);\n    new PayrollLoader(c).run();\n}',
  ],
  [
    'liquibase-yaml-db2-url-with-password-key',
    '# liquibase.properties\nchangeLogFile: db/changelog/db.changelog-master.xml\nurl: jdbc:db2://db2.mainframe.corp:50000/PAYROLL:currentSchema=PAY;\nusername: db2admin\npassword: «{a12}»',
  ],
  [
    'dbeaver-log-snowflake-jdbc-url-password-param',
    '2024-06-04 10:12:44.118 - Connecting to jdbc:snowflake://ab12345.eu-central-1.snowflakecomputing.com/?user=ETL_SVC&password=«{a24}»&warehouse=LOAD_WH&db=RAW&role=LOADER\n2024-06-04 10:12:45.902 - Connected (snowflake 8.21.1)',
  ],
  [
    'jaydebeapi-redshift-credentials-list',
    'conn = jaydebeapi.connect(\n    "com.amazon.redshift.jdbc42.Driver",\n    "jdbc:redshift://analytics.c9xq2{l5}.us-east-1.redshift.amazonaws.com:5439/dev",\n    ["etl_user", "«{a18}»"],\n    "/opt/jdbc/redshift-jdbc42-2.1.0.29.jar",\n)',
  ],
  [
    'jdbc-clickhouse-https-url-user-password-params',
    'clickhouse.jdbc.url=jdbc:clickhouse://ch-lb.internal:8443/analytics?ssl=true&user=reporter&password=«{a22}»&socket_timeout=300000',
  ],
  [
    'jdbc-trino-url-password-ssl-in-metabase-note',
    "Metabase can't use the Starburst driver yet, so for now the BI box connects with:\njdbc:trino://trino.data.corp:443/hive/web?user=svc_bi&password=«{a20}»&SSL=true",
  ],
  [
    'beeline-hive2-n-and-p-flags',
    'beeline -u "jdbc:hive2://hs2.hadoop.corp:10000/default;ssl=true;sslTrustStore=/etc/hive/truststore.jks" -n etl -p «{a16}» -f nightly_rollup.hql',
  ],
  [
    'spring-properties-mariadb-password-with-hash-char',
    'spring.datasource.url=jdbc:mariadb://maria-ha.corp:3306/inventory?useSsl=true\nspring.datasource.username=inventory\nspring.datasource.password=«{a12}#{a6}»\nspring.datasource.hikari.maximum-pool-size=20',
  ],
  [
    'pyspark-jdbc-read-option-password-chain',
    'df = (spark.read.format("jdbc")\n      .option("url", "jdbc:postgresql://pg-dw.corp:5432/dw")\n      .option("dbtable", "public.orders")\n      .option("user", "spark_reader")\n      .option("password", "«{a20}»")\n      .option("fetchsize", "10000")\n      .load())',
  ],
  [
    'tomcat-context-xml-resource-sqlserver-password-attr',
    '<Resource name="jdbc/CRM" auth="Container" type="javax.sql.DataSource"\n          maxTotal="50" maxIdle="10" username="crm_web" password="«{a18}»"\n          driverClassName="com.microsoft.sqlserver.jdbc.SQLServerDriver"\n          url="jdbc:sqlserver://sql01.corp:1433;databaseName=CRM;encrypt=true"/>',
  ],
  [
    'jdbc-databricks-authmech3-pwd-dapi-in-tableau-note',
    'Tableau custom JDBC string that finally worked:\njdbc:databricks://adb-{d16}.{d1}.azuredatabricks.net:443/default;transportMode=http;ssl=1;AuthMech=3;httpPath=/sql/1.0/warehouses/{h16};UID=token;PWD=«dapi{h32}»',
  ],
  [
    'kafka-connect-jdbc-sink-connection-password-json',
    '{\n  "name": "orders-pg-sink",\n  "config": {\n    "connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector",\n    "connection.url": "jdbc:postgresql://pg-sink.corp:5432/sink",\n    "connection.user": "connect",\n    "connection.password": "«{a20}»",\n    "topics": "orders.v1"\n  }\n}',
  ],
  ['jdbc-mysql-userinfo-password-percent-encoded-at', 'JDBC_URL=jdbc:mysql://app:«{a12}%40{a6}»@mysql-ro.corp:3306/app?sslMode=REQUIRED'],
  ['jdbc-sap-hana-url-user-password-params', 'jdbc:sap://hana.corp:30015/?databaseName=HXE&user=SYSTEM&password=«{a16}»&encrypt=true'],
  [
    'pyodbc-driver18-pwd-encrypt-yes',
    'conn = pyodbc.connect(\n    "DRIVER={ODBC Driver 18 for SQL Server};SERVER=tcp:sql-prod.database.windows.net,1433;"\n    "DATABASE=crm;UID=crm_reader;PWD=«{a20}»;Encrypt=yes;TrustServerCertificate=no;Connection Timeout=30"\n)',
  ],
  [
    'odbc-ini-postgres-unicode-dsn-password',
    '[pg_reporting]\nDriver=PostgreSQL Unicode\nServername=pg-ro.corp\nPort=5432\nDatabase=reports\nUsername=powerbi\nPassword=«{a16}»\nSSLmode=require',
  ],
  [
    'odbc-snowflake-dsn-less-pwd-braced-semicolon',
    '"Driver={SnowflakeDSIIDriver};Server=ab12345.snowflakecomputing.com;uid=BI_USER;pwd={«{a14};{a6}»};warehouse=BI_WH;database=ANALYTICS;role=BI"',
  ],
  [
    'r-dbi-odbc-oracle-pwd-argument',
    'con <- DBI::dbConnect(odbc::odbc(),\n                      Driver = "Oracle 19 ODBC driver",\n                      DBQ    = "orahost.corp:1521/FIN",\n                      UID    = "fin_ro",\n                      PWD    = "«{a16}»")',
  ],
  [
    'simba-spark-odbc-pwd-dapi-suffix',
    'Driver=Simba Spark ODBC Driver;Host=adb-{d16}.{d1}.azuredatabricks.net;Port=443;HTTPPath=/sql/1.0/warehouses/{h16};SSL=1;ThriftTransport=2;AuthMech=3;UID=token;PWD=«dapi{h32}-2»',
  ],
  [
    'appsettings-json-sqlserver-user-id-password',
    '"ConnectionStrings": {\n  "Default": "Server=tcp:sql01.corp,1433;Initial Catalog=Orders;User ID=orders_app;Password=«{a20}»;MultipleActiveResultSets=True;TrustServerCertificate=True"\n},',
  ],
  [
    'npgsql-connection-string-pwd-abbreviation',
    '"Host=pg.internal;Port=5432;Database=billing;Username=billing;Pwd=«{a18}»;SSL Mode=Require;Trust Server Certificate=true"',
  ],
  [
    'web-config-add-connectionstring-password-attr',
    '<connectionStrings>\n  <add name="CrmDb" connectionString="Data Source=SQLPROD01\\CRM;Initial Catalog=Crm;User Id=crm_web;Password=«{a16}»;" providerName="System.Data.SqlClient" />\n</connectionStrings>',
  ],
  [
    'adonet-password-single-quoted-with-semicolon',
    "Server=sql02.corp;Database=Hr;User Id=hr_sync;Password='«{a10};{a8}»';Connect Timeout=15",
  ],
  [
    'dotnet-user-secrets-set-reporting-connection',
    'dotnet user-secrets set "ConnectionStrings:Reporting" "Server=rpt.corp;Database=Rpt;User Id=rpt;Password=«{a18}»;TrustServerCertificate=true"\nSuccessfully saved ConnectionStrings:Reporting to the secret store.',
  ],
  [
    'efcore-onconfiguring-usesqlserver-sa-password',
    'protected override void OnConfiguring(DbContextOptionsBuilder optionsBuilder)\n    => optionsBuilder.UseSqlServer("Server=localhost,1433;Database=Shop;User=sa;Password=«{a12}!{a4}»;TrustServerCertificate=True");',
  ],
  [
    'sqlalchemy-create-engine-psycopg2-pool-pre-ping',
    'engine = create_engine(\n    "postgresql+psycopg2://etl:«{a22}»@pg-dw.corp:5432/warehouse",\n    pool_pre_ping=True,\n    pool_size=5,\n)',
  ],
  ['sqlalchemy-pymysql-url-password-percent-21', 'DB_URL = "mysql+pymysql://app:«{a8}%21{a8}»@mysql.corp:3306/app?charset=utf8mb4"'],
  [
    'sqlalchemy-mssql-pyodbc-url-driver-query',
    'SQLALCHEMY_URL=mssql+pyodbc://sa:«{a16}»@sqlserver:1433/master?driver=ODBC+Driver+18+for+SQL+Server&TrustServerCertificate=yes',
  ],
  [
    'pydantic-settings-asyncpg-default-url',
    'class Settings(BaseSettings):\n    database_url: str = "postgresql+asyncpg://api:«{a24}»@db:5432/api"\n    redis_url: str = "redis://redis:6379/0"',
  ],
  [
    'sqlalchemy-redshift-connector-serverless-url',
    'redshift+redshift_connector://admin:«{a18}»@analytics.{d12}.us-east-1.redshift-serverless.amazonaws.com:5439/dev',
  ],
  [
    'clickhouse-connect-sqlalchemy-cloud-url',
    'engine = create_engine("clickhousedb://default:«{a20}»@{l10}.eu-west-1.aws.clickhouse.cloud:8443/default?secure=true")',
  ],
  [
    'sqlalchemy-databricks-token-userinfo-http-path',
    'databricks://token:«dapi{h32}»@adb-{d16}.{d1}.azuredatabricks.net?http_path=/sql/1.0/warehouses/{h16}&catalog=main&schema=default',
  ],
  [
    'sqlalchemy-url-create-keyword-password',
    'url = URL.create(\n    "postgresql+psycopg",\n    username="report",\n    password="«{a20}»",\n    host="pg-ro.corp",\n    database="rpt",\n)',
  ],
  [
    'alembic-ini-sqlalchemy-url-line',
    '[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql://alembic:«{a18}»@localhost:5432/app',
  ],
  [
    'pandas-read-sql-inline-url-second-arg',
    'df = pd.read_sql(\n    "SELECT * FROM sales.orders WHERE created_at > now() - interval \'1 day\'",\n    "postgresql://analyst:«{a18}»@pg-ro.corp:5432/dw",\n)',
  ],
  [
    'duckdb-attach-postgres-libpq-password',
    "ATTACH 'dbname=crm user=duck password=«{a18}» host=pg.corp' AS crm (TYPE postgres, READ_ONLY);",
  ],
  [
    'duckdb-motherduck-token-in-connect-string',
    'con = duckdb.connect("md:analytics?motherduck_token=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B80}.{B43}»")',
  ],
  [
    'node-mongodb-srv-authsource-retrywrites',
    'const uri = "mongodb+srv://orders_svc:«{a20}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority&authSource=admin";\nconst client = new MongoClient(uri);',
  ],
  [
    'mongodb-replicaset-three-hosts-root-password',
    'MONGO_URL=mongodb://root:«{a16}»@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/?replicaSet=rs0&authSource=admin',
  ],
  [
    'mongosh-username-password-authdb-flags',
    'mongosh "mongodb://mongo.corp:27017/admin" --username admin --password «{a18}» --authenticationDatabase admin --eval \'rs.status().ok\'',
  ],
  [
    'mongodump-cron-uri-archive-gzip',
    '0 2 * * * mongodump --uri="mongodb://backup:«{a20}»@mongo.corp:27017/?authSource=admin" --gzip --archive=/backups/mongo-$(date +\\%F).gz',
  ],
  [
    'atlas-cli-config-private-api-key-uuid',
    '[default]\n  org_id = "{h24}"\n  public_api_key = "{L8}"\n  private_api_key = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n  service = "cloud"',
  ],
  [
    'k8s-secret-data-mongodb-root-password-base64',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mongodb\ndata:\n  mongodb-root-password: «{b24}»\n  mongodb-replica-set-key: «{b32}»',
  ],
  [
    'cosmos-mongo-api-base64-account-key-userinfo',
    'COSMOS_MONGO_URL=mongodb://acme-cosmos:«{b86}==»@acme-cosmos.mongo.cosmos.azure.com:10255/?ssl=true&replicaSet=globaldb&retrywrites=false&maxIdleTimeMS=120000&appName=@acme-cosmos@',
  ],
  [
    'cosmos-account-endpoint-accountkey-semicolon',
    '"CosmosDb": "AccountEndpoint=https://acme-orders.documents.azure.com:443/;AccountKey=«{b86}==»;Database=orders;"',
  ],
  ['rediss-url-empty-username-elasticache', 'REDIS_URL=rediss://:«{a32}»@master.redis-prod.{l6}.euw1.cache.amazonaws.com:6379/0'],
  ['redis-cli-a-flag-tls-no-auth-warning', 'redis-cli -h redis.corp -p 6380 --tls -a «{a24}» --no-auth-warning INFO replication'],
  ['redis-conf-requirepass-and-masterauth-lines', 'bind 0.0.0.0\nprotected-mode yes\nrequirepass «{a32}»\nmasterauth «{a32}»'],
  ['redis-acl-file-user-line-gt-password', 'user default off\nuser app on >«{a24}» ~app:* &* +@read +@write -@dangerous'],
  ['redis-cli-session-auth-user-password', '127.0.0.1:6379> AUTH worker «{a20}»\nOK\n127.0.0.1:6379> LLEN queue:emails\n(integer) 18'],
  ['upstash-redis-rest-token-pair', 'UPSTASH_REDIS_REST_URL="https://{L6}-{L5}-{d5}.upstash.io"\nUPSTASH_REDIS_REST_TOKEN="«A{a63}»"'],
  [
    'redis-cli-u-redis-cloud-default-user',
    'redis-cli -u "redis://default:«{a32}»@redis-1{d4}.c{d3}.us-east-1-2.ec2.redns.redis-cloud.com:1{d4}" PING',
  ],
  ['amqps-url-amazon-mq-broker-vhost', 'BROKER_URL=amqps://orders:«{a22}»@b-{h8}-{h4}-{h4}-{h4}-{h12}.mq.eu-west-1.amazonaws.com:5671/%2F'],
  ['rabbitmqctl-add-user-then-permissions', 'rabbitmqctl add_user etl «{a18}» && rabbitmqctl set_permissions -p / etl ".*" ".*" ".*"'],
  ['cloudamqp-url-user-as-vhost', 'CLOUDAMQP_URL=amqps://{L8}:«{a32}»@rat.rmq2.cloudamqp.com/{L8}'],
  [
    'kafka-client-properties-scram-512-jaas-line',
    'security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="orders-producer" password="«{a24}»";\nssl.truststore.location=/etc/kafka/truststore.jks',
  ],
  [
    'confluent-kafka-python-config-dict-sasl-password',
    'conf = {\n    "bootstrap.servers": "pkc-{l5}.eu-west-1.aws.confluent.cloud:9092",\n    "security.protocol": "SASL_SSL",\n    "sasl.mechanisms": "PLAIN",\n    "sasl.username": "{u16}",\n    "sasl.password": "«{b64}»",\n}',
  ],
  [
    'kafka-server-jaas-file-user-entries',
    'KafkaServer {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username="admin"\n  password="«{a20}»"\n  user_admin="«{a20}»"\n  user_alice="«{a16}»";\n};',
  ],
  [
    'kafka-client-properties-heredoc-plain-login',
    'cat > /tmp/client.properties <<EOF\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{b64}»";\nEOF\nkafka-topics --bootstrap-server pkc-{l5}.us-east-2.aws.confluent.cloud:9092 --command-config /tmp/client.properties --list',
  ],
  [
    'kafka-configs-add-scram-credentials-inline',
    "kafka-configs.sh --bootstrap-server kafka-0:9093 --alter --add-config 'SCRAM-SHA-256=[iterations=8192,password=«{a20}»]' --entity-type users --entity-name connect",
  ],
  [
    'schema-registry-basic-auth-user-info-property',
    'schema.registry.url=https://psrc-{l5}.eu-central-1.aws.confluent.cloud\nbasic.auth.credentials.source=USER_INFO\nbasic.auth.user.info={u16}:«{b64}»',
  ],
  [
    'kafka-ui-env-sasl-jaas-config-cluster0',
    'KAFKA_CLUSTERS_0_NAME: prod\nKAFKA_CLUSTERS_0_BOOTSTRAPSERVERS: kafka-0.corp:9094\nKAFKA_CLUSTERS_0_PROPERTIES_SECURITY_PROTOCOL: SASL_SSL\nKAFKA_CLUSTERS_0_PROPERTIES_SASL_MECHANISM: SCRAM-SHA-512\nKAFKA_CLUSTERS_0_PROPERTIES_SASL_JAAS_CONFIG: \'org.apache.kafka.common.security.scram.ScramLoginModule required username="kafka-ui" password="«{a22}»";\'',
  ],
  ['cqlsh-u-p-ssl-flags', 'cqlsh cass-01.corp 9042 -u cassandra -p «{a16}» --ssl -e "DESCRIBE KEYSPACES"'],
  [
    'cqlshrc-authentication-section-password',
    '[authentication]\nusername = ops\npassword = «{a20}»\n\n[connection]\nhostname = cass-01.corp\nport = 9042',
  ],
  [
    'python-cassandra-plaintextauthprovider-kwargs',
    'auth = PlainTextAuthProvider(username="ingest", password="«{a18}»")\ncluster = Cluster(["scylla-0.corp", "scylla-1.corp"], auth_provider=auth, port=9042)',
  ],
  [
    'astra-application-token-env-in-langchain-notebook',
    'os.environ["ASTRA_DB_API_ENDPOINT"] = "https://{h8}-{h4}-{h4}-{h4}-{h12}-us-east1.apps.astra.datastax.com"\nos.environ["ASTRA_DB_APPLICATION_TOKEN"] = "«AstraCS:{a24}:{h64}»"',
  ],
  [
    'compose-neo4j-auth-slash-password',
    '  neo4j:\n    image: neo4j:5.20\n    environment:\n      NEO4J_AUTH: neo4j/«{a16}»\n      NEO4J_PLUGINS: \'["apoc"]\'',
  ],
  [
    'neo4j-aura-credentials-txt-download',
    '# Wait 60 seconds before connecting using these details, or login to https://console.neo4j.io to validate the Aura Instance is available\nNEO4J_URI=neo4j+s://{h8}.databases.neo4j.io\nNEO4J_USERNAME=neo4j\nNEO4J_PASSWORD=«{B43}»\nAURA_INSTANCEID={h8}\nAURA_INSTANCENAME=Instance01',
  ],
  ['neo4j-python-driver-bolt-auth-tuple', 'driver = GraphDatabase.driver("bolt://graph.corp:7687", auth=("neo4j", "«{a20}»"))'],
  ['curl-elastic-basic-auth-cat-indices', 'curl -k -u elastic:«{a20}» "https://es01.corp:9200/_cat/indices?v&s=store.size:desc"'],
  [
    'curl-elastic-cloud-apikey-header',
    'curl -s -H "Authorization: ApiKey «{a58}==»" "https://acme-prod.es.eu-west-1.aws.found.io:443/_cluster/health?pretty"',
  ],
  ['es-python-client-api-key-tuple-cloud-id', 'es = Elasticsearch(\n    cloud_id="acme-prod:{b76}",\n    api_key=("{B20}", "«{B22}»"),\n)'],
  [
    'kibana-yml-kibana-system-password',
    'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es01.corp:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "«{a20}»"',
  ],
  [
    'es-security-api-key-create-response-body',
    'POST /_security/api_key\n{"id":"{B20}","name":"ingest-pipeline","expiration":1720086764000,"api_key":"«{B22}»","encoded":"«{a58}==»"}',
  ],
  ['filebeat-output-es-api-key-id-colon-key', 'output.elasticsearch:\n  hosts: ["https://es01.corp:9200"]\n  api_key: "{B20}:«{B22}»"'],
  [
    'elasticsearch-reset-password-tool-output',
    '$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nThe password will be printed in the console.\nPlease confirm that you would like to continue [y/N]y\n\nPassword for the [elastic] user successfully reset.\nNew value: «{a8}*{a6}_{a5}»',
  ],
  ['couchdb-url-admin-userinfo-env', 'COUCHDB_URL=http://admin:«{a18}»@couchdb.corp:5984'],
  ['couchdb-local-ini-admins-plaintext', '[admins]\nadmin = «{a16}»\n\n[chttpd]\nbind_address = 0.0.0.0'],
  [
    'influx-token-env-base64url-padded',
    'export INFLUX_HOST=https://eu-central-1-1.aws.cloud2.influxdata.com\nexport INFLUX_ORG=acme\nexport INFLUX_TOKEN=«{B86}==»',
  ],
  [
    'telegraf-outputs-influxdb-v2-token',
    '[[outputs.influxdb_v2]]\n  urls = ["https://influx.corp:8086"]\n  token = "«{B86}==»"\n  organization = "acme"\n  bucket = "telegraf"',
  ],
  [
    'compose-influxdb-init-admin-token-and-password',
    '      DOCKER_INFLUXDB_INIT_MODE: setup\n      DOCKER_INFLUXDB_INIT_USERNAME: admin\n      DOCKER_INFLUXDB_INIT_PASSWORD: «{a16}»\n      DOCKER_INFLUXDB_INIT_ORG: acme\n      DOCKER_INFLUXDB_INIT_BUCKET: metrics\n      DOCKER_INFLUXDB_INIT_ADMIN_TOKEN: «{a40}»',
  ],
  [
    'grafana-provisioning-influx-flux-secure-json-token',
    'datasources:\n  - name: InfluxDB-Flux\n    type: influxdb\n    url: https://influx.corp:8086\n    jsonData:\n      version: Flux\n      organization: acme\n      defaultBucket: metrics\n    secureJsonData:\n      token: «{B86}==»',
  ],
  [
    'timescale-cloud-service-url-tsdbadmin',
    'TIMESCALE_SERVICE_URL=postgres://tsdbadmin:«{a24}»@{l10}.{l10}.tsdb.cloud.timescale.com:3{d4}/tsdb?sslmode=require',
  ],
  [
    'supabase-pooler-url-tenant-username-password',
    'DATABASE_URL="postgresql://postgres.{L20}:«{a20}»@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?pgbouncer=true"',
  ],
  [
    'supabase-service-role-jwt-beside-project-url',
    'NEXT_PUBLIC_SUPABASE_URL=https://{L20}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»',
  ],
  ['supabase-cli-access-token-sbp-link', 'SUPABASE_ACCESS_TOKEN=«sbp_{h40}» npx supabase link --project-ref {L20}'],
  [
    'neon-pooled-url-npg-password-channel-binding',
    'DATABASE_URL="postgresql://neondb_owner:«npg_{a12}»@ep-{L5}-{L8}-a{l7}-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require&channel_binding=require"',
  ],
  [
    'neon-unpooled-url-psycopg-driver',
    'DATABASE_URL_UNPOOLED=postgresql+psycopg://app_owner:«npg_{a12}»@ep-{L6}-{L5}-a{l7}.us-east-2.aws.neon.tech/app?sslmode=require',
  ],
  [
    'planetscale-env-triple-pscale-pw-password',
    'DATABASE_HOST=aws.connect.psdb.cloud\nDATABASE_USERNAME={l12}\nDATABASE_PASSWORD=«pscale_pw_{a43}»',
  ],
  [
    'cockroach-cloud-url-verify-full-root-cert',
    'DATABASE_URL="postgresql://app:«{a22}»@{L6}-{L5}-{d4}.{d1}xj.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full&sslrootcert=$HOME/.postgresql/root.crt"',
  ],
  [
    'aiven-pg-url-avns-password-defaultdb',
    'postgres://avnadmin:«AVNS_{a19}»@pg-{l8}-acme.{l1}.aivencloud.com:2{d4}/defaultdb?sslmode=require',
  ],
  [
    'turso-libsql-auth-token-jwt-eddsa',
    'TURSO_DATABASE_URL=libsql://orders-acme.turso.io\nTURSO_AUTH_TOKEN=«eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJ{B90}.{B86}»',
  ],
  [
    'tidb-cloud-url-prefixed-root-user',
    'mysql://{a15}.root:«{a16}»@gateway01.eu-central-1.prod.aws.tidbcloud.com:4000/shop?ssl={"rejectUnauthorized":true}',
  ],
  [
    'heroku-postgres-url-p-hex-password',
    'DATABASE_URL: postgres://u{l13}:«p{h64}»@c{l7}.cluster-{l12}.us-east-1.rds.amazonaws.com:5432/d{l13}',
  ],
  [
    'snowsql-config-connections-section-password',
    '[connections.etl]\naccountname = ab12345.eu-central-1\nusername = ETL_SVC\npassword = «{a24}»\nwarehousename = LOAD_WH\nrolename = LOADER',
  ],
  [
    'snowflake-private-key-passphrase-env-beside-key-path',
    'SNOWFLAKE_ACCOUNT=ab12345.eu-central-1\nSNOWFLAKE_USER=DBT_SVC\nSNOWFLAKE_PRIVATE_KEY_PATH=/secrets/rsa_key.p8\nSNOWFLAKE_PRIVATE_KEY_PASSPHRASE=«{a20}»',
  ],
  [
    'snowflake-connector-private-key-file-pwd-kwarg',
    'conn = snowflake.connector.connect(\n    account="ab12345.eu-central-1",\n    user="LOADER",\n    private_key_file="/secrets/rsa_key.p8",\n    private_key_file_pwd="«{a22}»",\n    warehouse="LOAD_WH",\n)',
  ],
  [
    'snowsql-pwd-env-prefix-command',
    "SNOWSQL_PWD='«{a18}»' snowsql -a ab12345.eu-central-1 -u LOADER -r LOADER -w LOAD_WH -f load_orders.sql",
  ],
  [
    'spark-snowflake-sfpassword-options-map',
    'sfOptions = {\n  "sfURL": "ab12345.eu-central-1.snowflakecomputing.com",\n  "sfUser": "SPARK",\n  "sfPassword": "«{a20}»",\n  "sfDatabase": "RAW",\n  "sfWarehouse": "SPARK_WH",\n}',
  ],
  [
    'snowflake-create-stage-azure-sas-sig',
    "CREATE OR REPLACE STAGE raw.public.events_stage\n  URL = 'azure://acmelake.blob.core.windows.net/events/'\n  CREDENTIALS = (AZURE_SAS_TOKEN = '?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-12-31T00:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig=«{a43}%3D»');",
  ],
  [
    'redshift-copy-access-key-credentials-string',
    "COPY sales.orders\nFROM 's3://acme-raw/orders/2024/06/04/'\nCREDENTIALS 'aws_access_key_id=«AKIA{u16}»;aws_secret_access_key=«{b40}»'\nFORMAT AS PARQUET;",
  ],
  [
    'gcp-service-account-json-private-key-block',
    '{\n  "type": "service_account",\n  "project_id": "acme-analytics",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "bq-loader@acme-analytics.iam.gserviceaccount.com",\n  "client_id": "1{d20}",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}',
  ],
  [
    'dbt-bigquery-keyfile-json-private-key',
    'analytics:\n  target: prod\n  outputs:\n    prod:\n      type: bigquery\n      method: service-account-json\n      project: acme-analytics\n      dataset: marts\n      keyfile_json:\n        type: service_account\n        project_id: acme-analytics\n        private_key_id: "{h40}"\n        private_key: "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASC{b32}\\n{b64}\\n{b48}==\\n-----END PRIVATE KEY-----»\\n"\n        client_email: dbt-runner@acme-analytics.iam.gserviceaccount.com',
  ],
  [
    'gsutil-hmac-create-output-secret',
    '$ gsutil hmac create lake-sync@acme-analytics.iam.gserviceaccount.com\nAccess ID:   GOOG1E{U30}{d5}{U20}\nSecret:      «{b40}»',
  ],
  [
    'databrickscfg-default-and-staging-profiles',
    '[DEFAULT]\nhost  = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken = «dapi{h32}»\n\n[staging]\nhost  = https://dbc-{h8}-{h4}.cloud.databricks.com\ntoken = «dapi{h32}-3»',
  ],
  [
    'databricks-sdk-workspaceclient-host-token-kwargs',
    'from databricks.sdk import WorkspaceClient\nw = WorkspaceClient(host="https://dbc-{h8}-{h4}.cloud.databricks.com", token="«dapi{h32}»")\nfor c in w.clusters.list():\n    print(c.cluster_name)',
  ],
  [
    'databricks-rest-curl-bearer-run-now',
    'curl -s -X POST -H "Authorization: Bearer «dapi{h32}»" \\\n  https://adb-{d16}.{d1}.azuredatabricks.net/api/2.1/jobs/run-now \\\n  -d \'{"job_id": 1{d14}}\'',
  ],
  [
    'databricks-notebook-spark-conf-adls-account-key',
    'spark.conf.set(\n    "fs.azure.account.key.lakeacme.dfs.core.windows.net",\n    "«{b86}==»",\n)',
  ],
  [
    'databricks-sp-oauth-client-secret-dose-env',
    'DATABRICKS_HOST=https://accounts.azuredatabricks.net\nDATABRICKS_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nDATABRICKS_CLIENT_SECRET=«dose{h32}»',
  ],
  [
    'dbt-profiles-postgres-pass-key-short-form',
    'jaffle_shop:\n  target: dev\n  outputs:\n    dev:\n      type: postgres\n      host: localhost\n      user: dbt\n      pass: «{a18}»\n      port: 5432\n      dbname: jaffle\n      schema: dbt_dev\n      threads: 4',
  ],
  [
    'dbt-profiles-snowflake-password-prod-target',
    '    prod:\n      type: snowflake\n      account: ab12345.eu-central-1\n      user: DBT_PROD\n      password: «{a22}»\n      role: TRANSFORMER\n      warehouse: TRANSFORM_WH\n      database: ANALYTICS\n      schema: MARTS',
  ],
  [
    'dbt-profiles-snowflake-private-key-passphrase',
    '    ci:\n      type: snowflake\n      account: ab12345.eu-central-1\n      user: DBT_CI\n      private_key_path: /home/runner/.ssh/snowflake_ci.p8\n      private_key_passphrase: «{a20}»\n      role: CI',
  ],
  [
    'dbt-profiles-databricks-token-http-path',
    '    dbx:\n      type: databricks\n      catalog: main\n      schema: analytics\n      host: adb-{d16}.{d1}.azuredatabricks.net\n      http_path: /sql/1.0/warehouses/{h16}\n      token: «dapi{h32}»\n      threads: 8',
  ],
  ['dbt-env-var-with-literal-default-password', "      password: \"{{ env_var('DBT_PG_PASSWORD', '«{a18}»') }}\""],
  ['dbt-cloud-service-token-dbtc-env', 'DBT_CLOUD_ACCOUNT_ID={d6}\nDBT_CLOUD_API_TOKEN=«dbtc_{a56}»'],
  ['airflow-conn-env-uri-postgres-sslmode', "AIRFLOW_CONN_WAREHOUSE_DB='postgres://etl:«{a20}»@pg-dw.corp:5432/warehouse?sslmode=require'"],
  [
    'airflow-conn-env-json-snowflake-extra',
    'AIRFLOW_CONN_SNOWFLAKE_DEFAULT=\'{"conn_type": "snowflake", "login": "AIRFLOW", "password": "«{a22}»", "schema": "RAW", "extra": {"account": "ab12345", "warehouse": "LOAD_WH", "database": "RAW", "role": "LOADER"}}\'',
  ],
  [
    'airflow-connections-add-mysql-conn-uri',
    "airflow connections add 'mysql_legacy' --conn-uri 'mysql://legacy:«{a16}»@10.1.4.22:3306/erp'",
  ],
  [
    'airflow-connections-add-conn-json-mongo',
    'airflow connections add \'mongo_events\' --conn-json \'{"conn_type": "mongo", "host": "mongo.corp", "login": "airflow", "password": "«{a18}»", "port": 27017, "extra": {"srv": false}}\'',
  ],
  [
    'airflow-cfg-database-sql-alchemy-conn',
    '[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:«{a20}»@airflow-db:5432/airflow\nload_default_connections = False',
  ],
  [
    'airflow-helm-values-metadata-connection-pass',
    'data:\n  metadataConnection:\n    user: airflow\n    pass: «{a18}»\n    protocol: postgresql\n    host: airflow-pg.data.svc\n    port: 5432\n    db: airflow',
  ],
  [
    'airflow-celery-result-backend-and-broker-env',
    'AIRFLOW__CELERY__RESULT_BACKEND=db+postgresql://airflow:«{a20}»@postgres/airflow\nAIRFLOW__CELERY__BROKER_URL=redis://:«{a20}»@redis:6379/0',
  ],
  [
    'airflow-variables-import-json-warehouse-password',
    '$ cat variables.json\n{\n  "warehouse_user": "etl",\n  "warehouse_password": "«{a20}»",\n  "warehouse_host": "pg-dw.corp"\n}\n$ airflow variables import variables.json',
  ],
  [
    'airflow-dag-connection-aws-extra-keys',
    'conn = Connection(\n    conn_id="s3_raw",\n    conn_type="aws",\n    extra={"aws_access_key_id": "«AKIA{u16}»", "aws_secret_access_key": "«{b40}»", "region_name": "eu-west-1"},\n)',
  ],
  ['airflow-conn-aws-uri-userinfo-keys', "AIRFLOW_CONN_AWS_DEFAULT='aws://«AKIA{u16}»:«{a40}»@/?region_name=eu-west-1'"],
  [
    'prefect-cloud-api-key-pnu-beside-api-url',
    'PREFECT_API_URL=https://api.prefect.cloud/api/accounts/{h8}-{h4}-{h4}-{h4}-{h12}/workspaces/{h8}-{h4}-{h4}-{h4}-{h12}\nPREFECT_API_KEY=«pnu_{a36}»',
  ],
  [
    'prefect-sqlalchemy-connector-block-password',
    'SqlAlchemyConnector(\n    connection_info=ConnectionComponents(\n        driver=SyncDriver.POSTGRESQL_PSYCOPG2,\n        username="prefect",\n        password="«{a20}»",\n        host="pg-dw.corp",\n        port=5432,\n        database="dw",\n    )\n).save("warehouse", overwrite=True)',
  ],
  [
    'prefect-secret-block-value-save',
    'from prefect.blocks.system import Secret\nSecret(value="«{a32}»").save("snowflake-password", overwrite=True)',
  ],
  [
    'dagster-yaml-storage-postgres-db-password',
    'storage:\n  postgres:\n    postgres_db:\n      username: dagster\n      password: «{a18}»\n      hostname: dagster-pg.corp\n      db_name: dagster\n      port: 5432',
  ],
  [
    'dagster-snowflake-resource-password-kwarg',
    'defs = Definitions(\n    assets=all_assets,\n    resources={\n        "snowflake": SnowflakeResource(account="ab12345", user="DAGSTER", password="«{a20}»", warehouse="TRANSFORM_WH"),\n    },\n)',
  ],
  [
    'superset-config-secret-key-and-metadata-uri',
    'SECRET_KEY = "«{b42}»"\nSQLALCHEMY_DATABASE_URI = "postgresql://superset:«{a20}»@superset-db:5432/superset"',
  ],
  [
    'metabase-env-mb-db-pass-and-encryption-key',
    'MB_DB_TYPE=postgres\nMB_DB_DBNAME=metabase\nMB_DB_PORT=5432\nMB_DB_USER=metabase\nMB_DB_PASS=«{a20}»\nMB_DB_HOST=metabase-db\nMB_ENCRYPTION_SECRET_KEY=«{b32}»',
  ],
  ['metabase-api-key-mb-prefix-x-api-key', 'curl -s -H "x-api-key: «mb_{B43}»" https://metabase.corp/api/card/412/query/json'],
  [
    'redash-env-database-url-cookie-secret',
    'REDASH_DATABASE_URL=postgresql://redash:«{a20}»@postgres/redash\nREDASH_REDIS_URL=redis://redis:6379/0\nREDASH_COOKIE_SECRET=«{h64}»\nREDASH_SECRET_KEY=«{h64}»',
  ],
  [
    'looker-ini-client-secret-api4',
    '[Looker]\nbase_url=https://acme.cloud.looker.com\nclient_id={a20}\nclient_secret=«{a24}»\nverify_ssl=True',
  ],
  [
    'spark-defaults-conf-s3a-access-and-secret',
    'spark.hadoop.fs.s3a.impl              org.apache.hadoop.fs.s3a.S3AFileSystem\nspark.hadoop.fs.s3a.access.key        «AKIA{u16}»\nspark.hadoop.fs.s3a.secret.key        «{b40}»\nspark.hadoop.fs.s3a.fast.upload       true',
  ],
  [
    'spark-submit-conf-minio-s3a-secret',
    'spark-submit \\\n  --conf spark.hadoop.fs.s3a.endpoint=http://minio.corp:9000 \\\n  --conf spark.hadoop.fs.s3a.path.style.access=true \\\n  --conf spark.hadoop.fs.s3a.access.key=spark \\\n  --conf spark.hadoop.fs.s3a.secret.key=«{a32}» \\\n  jobs/compact_events.py',
  ],
  [
    'core-site-xml-azure-blob-account-key',
    '<property>\n  <name>fs.azure.account.key.datalake01.blob.core.windows.net</name>\n  <value>«{b86}==»</value>\n</property>',
  ],
  [
    'hive-site-jdo-connection-password',
    '<property>\n  <name>javax.jdo.option.ConnectionURL</name>\n  <value>jdbc:mysql://metastore-db.corp:3306/metastore?createDatabaseIfNotExist=true</value>\n</property>\n<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>«{a18}»</value>\n</property>',
  ],
  [
    'trino-catalog-postgresql-connection-password',
    '# etc/catalog/app.properties\nconnector.name=postgresql\nconnection-url=jdbc:postgresql://pg.corp:5432/app\nconnection-user=trino\nconnection-password=«{a20}»',
  ],
  [
    'flink-sql-jdbc-sink-with-password-option',
    "CREATE TABLE orders_sink (\n  id BIGINT, total DECIMAL(10, 2), PRIMARY KEY (id) NOT ENFORCED\n) WITH (\n  'connector' = 'jdbc',\n  'url' = 'jdbc:mysql://mysql.corp:3306/shop',\n  'table-name' = 'orders_agg',\n  'username' = 'flink',\n  'password' = '«{a18}»'\n);",
  ],
  [
    'iceberg-rest-catalog-credential-client-secret',
    'spark.sql.catalog.polaris.type=rest\nspark.sql.catalog.polaris.uri=https://polaris.corp/api/catalog\nspark.sql.catalog.polaris.credential={h16}:«{h32}»\nspark.sql.catalog.polaris.warehouse=lake',
  ],
  [
    'sqoop-import-password-flag',
    'sqoop import --connect jdbc:mysql://mysql.corp/shop --username sqoop --password «{a16}» --table orders --target-dir /data/raw/orders -m 4',
  ],
  [
    'debezium-postgres-connector-json-database-password',
    '{\n  "name": "orders-cdc",\n  "config": {\n    "connector.class": "io.debezium.connector.postgresql.PostgresConnector",\n    "database.hostname": "pg-orders.corp",\n    "database.port": "5432",\n    "database.user": "debezium",\n    "database.password": "«{a20}»",\n    "database.dbname": "orders",\n    "topic.prefix": "orders",\n    "slot.name": "debezium_orders"\n  }\n}',
  ],
  [
    'debezium-server-application-properties-password',
    'debezium.sink.type=kinesis\ndebezium.source.connector.class=io.debezium.connector.mysql.MySqlConnector\ndebezium.source.database.hostname=mysql.corp\ndebezium.source.database.user=cdc\ndebezium.source.database.password=«{a18}»',
  ],
  [
    'curl-put-connector-config-sqlserver-password',
    'curl -s -X PUT -H "Content-Type: application/json" http://connect.corp:8083/connectors/crm-cdc/config -d \'{\n  "connector.class": "io.debezium.connector.sqlserver.SqlServerConnector",\n  "database.hostname": "sql01.corp",\n  "database.user": "cdc_reader",\n  "database.password": "«{a16}»",\n  "database.names": "CRM"\n}\'',
  ],
  [
    'kafka-connect-s3-sink-aws-key-pair',
    '    "connector.class": "io.confluent.connect.s3.S3SinkConnector",\n    "s3.bucket.name": "acme-events",\n    "aws.access.key.id": "«AKIA{u16}»",\n    "aws.secret.access.key": "«{b40}»",\n    "flush.size": "10000"',
  ],
  [
    'kafka-connect-mongodb-source-connection-uri',
    '    "connector.class": "com.mongodb.kafka.connect.MongoSourceConnector",\n    "connection.uri": "mongodb+srv://kafka_connect:«{a20}»@cluster0.{l5}.mongodb.net/?authSource=admin",\n    "database": "shop",\n    "collection": "orders"',
  ],
  [
    'kafka-connect-snowflake-sink-private-key-and-passphrase',
    '    "connector.class": "com.snowflake.kafka.connector.SnowflakeSinkConnector",\n    "snowflake.url.name": "ab12345.eu-central-1.snowflakecomputing.com:443",\n    "snowflake.user.name": "KAFKA_CONNECTOR",\n    "snowflake.private.key": "«MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI{b64}{b64}{b40}»",\n    "snowflake.private.key.passphrase": "«{a20}»",\n    "snowflake.database.name": "RAW"',
  ],
  ['fivetran-api-curl-basic-key-secret', "curl -s -u {a16}:«{a32}» https://api.fivetran.com/v1/groups | jq '.data.items[].name'"],
  [
    'fivetran-connector-create-payload-password',
    '{\n  "service": "postgres_rds",\n  "group_id": "{L8}_{L6}",\n  "config": {\n    "host": "orders.{l12}.eu-west-1.rds.amazonaws.com",\n    "port": 5432,\n    "database": "orders",\n    "user": "fivetran",\n    "password": "«{a20}»",\n    "update_method": "WAL"\n  }\n}',
  ],
  [
    'airbyte-source-postgres-config-with-ssh-tunnel-password',
    '{\n  "host": "10.20.0.15",\n  "port": 5432,\n  "database": "crm",\n  "username": "airbyte",\n  "password": "«{a20}»",\n  "tunnel_method": {\n    "tunnel_method": "SSH_PASSWORD_AUTH",\n    "tunnel_host": "bastion.corp",\n    "tunnel_user": "airbyte",\n    "tunnel_user_password": "«{a16}»"\n  }\n}',
  ],
  ['airbyte-api-client-credentials-env', 'AIRBYTE_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAIRBYTE_CLIENT_SECRET=«{a32}»'],
  [
    'great-expectations-config-variables-creds',
    "# uncommitted/config_variables.yml\nmy_postgres_db_yaml_creds:\n  drivername: postgresql\n  host: pg-dw.corp\n  port: '5432'\n  username: gx\n  password: «{a18}»\n  database: dw",
  ],
  [
    'great-expectations-add-postgres-connection-string',
    'datasource = context.sources.add_postgres(\n    name="warehouse",\n    connection_string="postgresql+psycopg2://gx:«{a20}»@pg-dw.corp:5432/dw",\n)',
  ],
  ['pgpassword-inline-psql-list-tables', "PGPASSWORD='«{a20}»' psql -h pg-prod.corp -U postgres -d orders -c '\\dt+ public.*'"],
  ['psql-conninfo-keyword-value-password', 'psql "host=pg.corp port=5432 dbname=app user=app password=«{a18}» sslmode=require"'],
  ['pgpass-file-two-lines-wildcard-db', 'pg-prod.corp:5432:*:replicator:«{a24}»\nlocalhost:5432:app:app:«{a16}»'],
  [
    'pg-dump-crontab-url-gzip-weekday',
    '15 3 * * * pg_dump "postgresql://backup:«{a20}»@pg.corp:5432/shop" | gzip > /var/backups/shop-$(date +\\%u).sql.gz',
  ],
  ['mysql-p-flag-no-space-show-replica-status', 'mysql -h mysql.corp -u root -p«{a16}» -e "SHOW REPLICA STATUS\\G"'],
  [
    'mysqldump-password-equals-single-transaction',
    'mysqldump --single-transaction --routines --user=backup --password=«{a18}» --host=mysql.corp shop > shop-$(date +%F).sql',
  ],
  ['mysql-pwd-env-prefix-reporting', 'MYSQL_PWD=«{a16}» mysql -u reporting -h 10.0.0.12 reports < monthly_rollup.sql'],
  ['my-cnf-client-section-quoted-password', '# ~/.my.cnf\n[client]\nuser=root\npassword="«{a20}»"\nhost=127.0.0.1'],
  ['mysqladmin-change-password-two-values', 'mysqladmin -u root -p«{a12}» password «{a16}»'],
  ['sqlcmd-sa-password-with-bang-query', 'sqlcmd -S tcp:sql01.corp,1433 -U sa -P «{a14}!{a4}» -Q "SELECT @@VERSION" -C'],
  ['sqlplus-system-pass-easy-connect-script', 'sqlplus system/«{a16}»@//ora01.corp:1521/ORCLPDB1 @create_schema.sql'],
  [
    'sqlplus-connect-statement-in-sql-script',
    'WHENEVER SQLERROR EXIT FAILURE\nCONNECT app_owner/«{a14}»@FINPROD\n@migrations/V042__add_invoice_index.sql',
  ],
  ['rman-target-and-auxiliary-sys-passwords', 'rman target sys/«{a18}»@PRIMARY auxiliary sys/«{a18}»@STANDBY'],
  [
    'clickhouse-client-secure-password-flag',
    'clickhouse-client --host ch.corp --secure --user admin --password «{a20}» --query "SELECT version()"',
  ],
  [
    'clickhouse-users-xml-plaintext-password-element',
    '<clickhouse>\n  <users>\n    <etl>\n      <password>«{a20}»</password>\n      <networks><ip>10.0.0.0/8</ip></networks>\n      <profile>default</profile>\n    </etl>\n  </users>\n</clickhouse>',
  ],
  [
    'postgresql-auto-conf-primary-conninfo-password',
    "primary_conninfo = 'host=pg-primary.corp port=5432 user=replicator password=«{a24}» application_name=pg-replica-1 sslmode=require'\nprimary_slot_name = 'replica_1'",
  ],
  ['pgbouncer-userlist-txt-plaintext-passwords', '"app" "«{a20}»"\n"stats" "«{a16}»"'],
  [
    'proxysql-cnf-admin-credentials-two-users',
    'admin_variables=\n{\n    admin_credentials="admin:«{a16}»;radmin:«{a16}»"\n    mysql_ifaces="0.0.0.0:6032"\n}',
  ],
  [
    'patroni-yml-replication-and-superuser-passwords',
    '  authentication:\n    replication:\n      username: replicator\n      password: «{a24}»\n    superuser:\n      username: postgres\n      password: «{a24}»',
  ],
  [
    'pgbackrest-conf-s3-key-and-secret',
    '[global]\nrepo1-type=s3\nrepo1-s3-bucket=acme-pg-backups\nrepo1-s3-region=eu-west-1\nrepo1-s3-key=«AKIA{u16}»\nrepo1-s3-key-secret=«{b40}»',
  ],
  [
    'pg-create-role-login-password-valid-until',
    "CREATE ROLE app_rw LOGIN PASSWORD '«{a20}»' VALID UNTIL '2026-01-01';\nGRANT CONNECT ON DATABASE orders TO app_rw;",
  ],
  [
    'mysql-create-user-host-pattern-identified-by',
    "CREATE USER 'etl'@'10.%' IDENTIFIED BY '«{a18}»';\nGRANT SELECT, INSERT ON warehouse.* TO 'etl'@'10.%';",
  ],
  [
    'mssql-create-login-nvarchar-password',
    "CREATE LOGIN reporting WITH PASSWORD = N'«{a16}»', CHECK_POLICY = ON, DEFAULT_DATABASE = [Reports];",
  ],
  ['oracle-alter-user-identified-by-quoted', 'ALTER USER app_owner IDENTIFIED BY "«{a16}»" ACCOUNT UNLOCK;'],
  [
    'postgres-fdw-user-mapping-options-password',
    "CREATE USER MAPPING FOR etl SERVER legacy_pg OPTIONS (user 'legacy', password '«{a18}»');",
  ],
  [
    'pg-create-subscription-connection-password',
    "CREATE SUBSCRIPTION orders_sub\n  CONNECTION 'host=pg-src.corp dbname=orders user=repl password=«{a22}»'\n  PUBLICATION orders_pub;",
  ],
  [
    'oracle-db-link-connect-to-identified-by-using',
    'CREATE DATABASE LINK fin_link CONNECT TO fin_ro IDENTIFIED BY "«{a14}»" USING \'FINPROD\';',
  ],
  [
    'pg-dblink-query-conninfo-password',
    "SELECT * FROM dblink('host=pg2.corp dbname=crm user=crm password=«{a16}»', 'SELECT id, email FROM accounts') AS t(id int, email text);",
  ],
  [
    'clickhouse-create-user-sha256-password-by',
    "CREATE USER bi IDENTIFIED WITH sha256_password BY '«{a20}»' HOST IP '10.0.0.0/8' SETTINGS PROFILE 'readonly';",
  ],
  [
    'clickhouse-s3-table-function-inline-keys',
    "SELECT count() FROM s3('https://acme-events.s3.eu-west-1.amazonaws.com/2024/06/*.parquet', '«AKIA{u16}»', '«{b40}»', 'Parquet');",
  ],
  [
    'mssql-sp-addlinkedsrvlogin-rmtpassword',
    "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LEGACY', @useself = N'False', @locallogin = NULL, @rmtuser = N'legacy_ro', @rmtpassword = N'«{a16}»';",
  ],
  [
    'databricks-sql-create-connection-postgres-password',
    "CREATE CONNECTION pg_crm TYPE postgresql\nOPTIONS (host 'pg.corp', port '5432', user 'unity', password '«{a20}»');",
  ],
  [
    'mysql-federated-engine-connection-url',
    "CREATE TABLE remote_orders (id INT NOT NULL, total DECIMAL(10,2)) ENGINE=FEDERATED\nCONNECTION='mysql://fed_user:«{a16}»@remote-host.corp:3306/shop/orders';",
  ],
  [
    'vault-read-database-creds-table-output',
    '$ vault read database/creds/readonly\nKey                Value\n---                -----\nlease_id           database/creds/readonly/{a24}\nlease_duration     1h\nlease_renewable    true\npassword           «{a4}-{a16}»\nusername           v-token-readonly-{a20}-{d10}',
  ],
  [
    'vault-write-database-config-root-password',
    'vault write database/config/orders \\\n    plugin_name=postgresql-database-plugin \\\n    allowed_roles="readonly,app" \\\n    connection_url="postgresql://{{username}}:{{password}}@pg.corp:5432/orders" \\\n    username="vault_admin" \\\n    password="«{a24}»"',
  ],
  [
    'vault-read-creds-json-format-data-password',
    '{\n  "request_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "lease_id": "database/creds/app/{a24}",\n  "lease_duration": 3600,\n  "data": {\n    "password": "«{a4}-{a16}»",\n    "username": "v-approle-app-{a20}-{d10}"\n  }\n}',
  ],
  [
    'django-settings-databases-password-key',
    'DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "shop",\n        "USER": "shop",\n        "PASSWORD": "«{a20}»",\n        "HOST": "pg.corp",\n        "PORT": "5432",\n    }\n}',
  ],
  [
    'go-mysql-dsn-tcp-parsetime',
    'dsn := "app:«{a18}»@tcp(mysql.corp:3306)/app?parseTime=true&loc=UTC&tls=true"\ndb, err := sql.Open("mysql", dsn)',
  ],
  ['sqlx-cli-database-url-prefix', 'DATABASE_URL=postgres://sqlx:«{a16}»@localhost/app cargo sqlx prepare --workspace'],
  [
    'prisma-env-database-url-pgbouncer-flag',
    'DATABASE_URL="postgresql://prisma:«{a22}»@pgbouncer.corp:6432/app?pgbouncer=true&connection_limit=1"',
  ],
  [
    'php-pdo-pgsql-constructor-password-arg',
    "$pdo = new PDO('pgsql:host=pg.corp;dbname=shop', 'shop', '«{a16}»', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);",
  ],
  ['spring-r2dbc-url-userinfo-password', 'spring.r2dbc.url=r2dbc:postgresql://reactive:«{a18}»@pg.corp:5432/app?sslMode=require'],
  [
    'terraform-aws-db-instance-password-literal',
    'resource "aws_db_instance" "orders" {\n  identifier        = "orders-prod"\n  engine            = "postgres"\n  instance_class    = "db.r6g.large"\n  username          = "orders_admin"\n  password          = "«{a20}»"\n  allocated_storage = 200\n}',
  ],
  [
    'terraform-azurerm-mssql-admin-login-password',
    'resource "azurerm_mssql_server" "crm" {\n  name                         = "crm-sql-prod"\n  version                      = "12.0"\n  administrator_login          = "crmadmin"\n  administrator_login_password = "«{a16}!{a4}»"\n}',
  ],
  [
    'helm-bitnami-postgresql-auth-values',
    'auth:\n  postgresPassword: «{a16}»\n  username: app\n  password: «{a16}»\n  database: app\nprimary:\n  persistence:\n    size: 50Gi',
  ],
  [
    'k8s-secret-data-base64-database-url',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: api-db\ntype: Opaque\ndata:\n  DATABASE_URL: «{b88}»',
  ],
  [
    'docker-run-mssql-sa-password-eula',
    'docker run -e "ACCEPT_EULA=Y" -e "MSSQL_SA_PASSWORD=«{a14}!{a4}»" -p 1433:1433 -d mcr.microsoft.com/mssql/server:2022-latest',
  ],
  [
    'compose-mysql-root-and-user-password',
    '    environment:\n      MYSQL_ROOT_PASSWORD: «{a20}»\n      MYSQL_DATABASE: shop\n      MYSQL_USER: shop\n      MYSQL_PASSWORD: «{a18}»',
  ],
  ['surreal-start-user-pass-rocksdb', 'surreal start --user root --pass «{a20}» --bind 0.0.0.0:8000 rocksdb:/data/surreal.db'],
  ['qdrant-service-api-key-env', 'QDRANT__SERVICE__API_KEY=«{a32}»\nQDRANT__SERVICE__ENABLE_TLS=true'],
  [
    'milvus-client-token-user-colon-password',
    'client = MilvusClient(uri="https://in01-{h15}.aws-us-west-2.vectordb.zillizcloud.com:19530", token="db_admin:«{a20}»")',
  ],
  ['minio-mc-alias-set-secret-key', 'mc alias set lake https://minio.corp:9000 lakeadmin «{a32}»\nmc ls lake/raw'],
  ['nats-creds-user-nkey-seed-block', '-----BEGIN USER NKEY SEED-----\n«SUA{c55}»\n------END USER NKEY SEED------'],
  ['sqlcipher-pragma-key-literal', "sqlite> PRAGMA key = '«{a24}»';\nsqlite> SELECT count(*) FROM sqlite_master;"],
  [
    'node-error-object-leaks-connection-string',
    "Error: getaddrinfo ENOTFOUND pg-old.corp\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:107:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  config: { connectionString: 'postgres://api:«{a20}»@pg-old.corp:5432/api', max: 10 }\n}",
  ],
  [
    'mongo-server-selection-error-log-uri',
    '[2024-06-04T10:12:44.118Z] ERROR worker: MongoServerSelectionError: connection timed out while connecting to mongodb://ingest:«{a18}»@mongo-2.corp:27017/?authSource=admin',
  ],
  [
    'jupyter-sql-magic-connection-url',
    '%load_ext sql\n%sql postgresql://analyst:«{a16}»@pg-ro.corp/dw\n%sql SELECT count(*) FROM marts.fct_orders;',
  ],
  [
    'mongo-shell-create-user-pwd-field',
    'db.getSiblingDB("admin").createUser({\n  user: "reporting",\n  pwd: "«{a18}»",\n  roles: [{ role: "read", db: "shop" }]\n})',
  ],
  [
    'slack-chat-paste-pg-url-ask-help',
    "hey, prod worker can't connect, this is what it's using:\npostgres://worker:«{a20}»@pg-primary.corp:5432/jobs?sslmode=require\nany idea why it times out from the new subnet?",
  ],
];

export const BLIND54_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'spring-datasource-password-dollar-brace-env',
    'spring.datasource.url=jdbc:postgresql://pg.corp:5432/orders?sslmode=verify-full\nspring.datasource.username=${DB_USER}\nspring.datasource.password=${DB_PASSWORD}',
  ],
  [
    'dbt-profile-env-var-password-without-default',
    '    prod:\n      type: postgres\n      host: pg-dw.corp\n      user: "{{ env_var(\'DBT_USER\') }}"\n      password: "{{ env_var(\'DBT_PASSWORD\') }}"\n      dbname: dw\n      schema: marts',
  ],
  [
    'airflow-bash-operator-jinja-conn-password',
    "bash_command=\"PGPASSWORD='{{ conn.warehouse_db.password }}' psql -h {{ conn.warehouse_db.host }} -U {{ conn.warehouse_db.login }} -c 'VACUUM ANALYZE staging.events'\"",
  ],
  [
    'k8s-env-postgres-password-secretkeyref',
    '        env:\n          - name: POSTGRES_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: orders-pg-app\n                key: password',
  ],
  [
    'compose-postgres-password-file-docker-secret',
    '    environment:\n      POSTGRES_USER: orders\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets:\n      - pg_password',
  ],
  [
    'rds-iam-auth-generate-db-auth-token-subshell',
    'export PGPASSWORD="$(aws rds generate-db-auth-token --hostname orders.{l12}.eu-west-1.rds.amazonaws.com --port 5432 --region eu-west-1 --username iam_reader)"\npsql "host=orders.{l12}.eu-west-1.rds.amazonaws.com dbname=orders user=iam_reader sslmode=verify-full sslrootcert=global-bundle.pem"',
  ],
  [
    'sqlalchemy-engine-repr-password-masked-stars',
    ">>> engine\nEngine(postgresql+psycopg2://etl:***@pg-dw.corp:5432/warehouse)\n>>> engine.url.render_as_string(hide_password=True)\n'postgresql+psycopg2://etl:***@pg-dw.corp:5432/warehouse'",
  ],
  [
    'airflow-task-log-using-connection-masked',
    "[2024-06-04, 10:12:44 UTC] {base.py:84} INFO - Using connection ID 'warehouse_db' for task execution.\n[2024-06-04, 10:12:44 UTC] {sql.py:470} INFO - Running statement: SELECT count(*) FROM staging.events, parameters: None\n[2024-06-04, 10:12:45 UTC] {taskinstance.py:1206} INFO - Marking task as SUCCESS. dag_id=events_rollup, task_id=count_events, run_id=scheduled__2024-06-03T00:00:00+00:00",
  ],
  [
    'adonet-integrated-security-sspi',
    '"ConnectionStrings": {\n  "Crm": "Server=SQLPROD01;Database=Crm;Integrated Security=SSPI;TrustServerCertificate=True;Application Name=CrmWeb"\n}',
  ],
  [
    'odbc-driver18-trusted-connection-yes',
    'conn = pyodbc.connect("DRIVER={ODBC Driver 18 for SQL Server};SERVER=sql01.corp;DATABASE=dw;Trusted_Connection=yes;Encrypt=yes")',
  ],
  [
    'hive2-jdbc-kerberos-principal-host-realm',
    'beeline -u "jdbc:hive2://hs2.hadoop.corp:10000/default;principal=hive/_HOST@CORP.ACME.COM;ssl=true" -e "SHOW DATABASES;"',
  ],
  [
    'psql-capital-w-force-password-prompt',
    '$ psql -h pg-prod.corp -U postgres -d orders -W\nPassword:\npsql (16.3)\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)',
  ],
  [
    'mysql-bare-p-then-enter-password-prompt',
    '$ mysql -h mysql.corp -u root -p\nEnter password:\nWelcome to the MySQL monitor.  Commands end with ; or \\g.',
  ],
  [
    'pgpassfile-env-path-and-chmod',
    'export PGPASSFILE=/etc/pgbackup/.pgpass\nchmod 0600 "$PGPASSFILE"\npg_dump -h pg.corp -U backup -Fc shop -f /var/backups/shop.dump',
  ],
  [
    'user-passwords-table-ddl-hash-default-bang',
    "CREATE TABLE auth.user_passwords (\n  user_id       bigint PRIMARY KEY REFERENCES auth.users(id),\n  password_hash text NOT NULL DEFAULT '!',\n  rotated_at    timestamptz NOT NULL DEFAULT now()\n);",
  ],
  [
    'mysql-user-table-plugins-and-locked-sys-string',
    'mysql> SELECT user, host, plugin, account_locked FROM mysql.user;\n| mysql.session    | localhost | caching_sha2_password | Y |\n| mysql.sys        | localhost | caching_sha2_password | Y |\n| root             | localhost | auth_socket           | N |\n-- mysql.sys authentication_string: $A$005$THISISACOMBINATIONOFINVALIDSALTANDPASSWORDTHATMUSTNEVERBRBEUSED',
  ],
  [
    'snowflake-query-history-query-ids',
    'QUERY_ID                              | WAREHOUSE_NAME | EXECUTION_STATUS | TOTAL_ELAPSED_TIME\n01{h6}-{d4}-{h4}-0000-{h12} | TRANSFORM_WH   | SUCCESS          | 18234\n01{h6}-{d4}-{h4}-0000-{h12} | LOAD_WH        | FAILED_WITH_ERROR | 912',
  ],
  [
    'databricks-cluster-warehouse-run-ids',
    'cluster_id: 0{d3}-{d6}-{l8}\nwarehouse_id: {h16}\njob_id: {d15}\nrun_id: {d15}\nworkspace: https://adb-{d16}.{d1}.azuredatabricks.net/?o={d16}',
  ],
  [
    'pg-replication-slots-lsn-output',
    ' slot_name        | plugin   | slot_type | active | restart_lsn | confirmed_flush_lsn\n------------------+----------+-----------+--------+-------------+---------------------\n debezium_orders  | pgoutput | logical   | t      | 1A/{H8}    | 1A/{H8}\n replica_1        |          | physical  | t      | 1A/{H8}    |',
  ],
  [
    'pg-stat-statements-queryid-negative-bigint',
    '  queryid             | calls  | mean_exec_time\n----------------------+--------+----------------\n -{d19} | 184223 |          0.412\n {d19}  |   9921 |         18.770',
  ],
  [
    'sha256sum-of-nightly-dump-files',
    '$ sha256sum /var/backups/shop-2024-06-04.sql.gz /var/backups/orders-2024-06-04.dump\n{h64}  /var/backups/shop-2024-06-04.sql.gz\n{h64}  /var/backups/orders-2024-06-04.dump',
  ],
  [
    'mongo-objectid-and-change-stream-resume-token',
    '{ _id: ObjectId("{h24}"), status: "shipped", updatedAt: ISODate("2024-06-04T10:12:44.118Z") }\nresumeAfter: { _data: "82{H16}2B022C0100296E5A1004{H32}46645F696400646{H23}0004" }',
  ],
  [
    'redis-info-server-run-id-replid',
    '# Server\nredis_version:7.2.5\nrun_id:{h40}\n# Replication\nrole:master\nmaster_replid:{h40}\nmaster_replid2:0000000000000000000000000000000000000000',
  ],
  ['redis-conf-commented-requirepass-foobared-default', '# requirepass foobared\n# masterauth <master-password>\n# masteruser <username>'],
  [
    'mongo-srv-x509-external-auth-source',
    'mongodb+srv://cluster0.{l5}.mongodb.net/?authSource=%24external&authMechanism=MONGODB-X509&tlsCertificateKeyFile=/etc/ssl/mongo-client.pem&retryWrites=true',
  ],
  [
    'mongo-srv-aws-iam-auth-mechanism',
    'MONGO_URL=mongodb+srv://cluster0.{l5}.mongodb.net/shop?authSource=%24external&authMechanism=MONGODB-AWS&retryWrites=true&w=majority',
  ],
  [
    'es-get-api-key-list-without-secret',
    'GET /_security/api_key?name=ingest-pipeline\n{"api_keys":[{"id":"{B20}","name":"ingest-pipeline","type":"rest","creation":1717494764000,"expiration":1720086764000,"invalidated":false,"username":"elastic","realm":"reserved"}]}',
  ],
  [
    'es-root-cluster-uuid-and-doc-ids',
    '{\n  "name" : "es01",\n  "cluster_name" : "logs-prod",\n  "cluster_uuid" : "{B22}",\n  "version" : { "number" : "8.14.1", "build_hash" : "{h40}" }\n}',
  ],
  [
    'influx-bucket-list-ids',
    '$ influx bucket list --org acme\nID			Name		Retention	Shard group duration	Organization ID		Schema Type\n{h16}	_monitoring	168h0m0s	24h0m0s			{h16}	implicit\n{h16}	metrics		720h0m0s	24h0m0s			{h16}	implicit',
  ],
  [
    'vault-database-config-templated-url-env-password',
    'vault write database/config/orders \\\n    plugin_name=postgresql-database-plugin \\\n    connection_url="postgresql://{{username}}:{{password}}@pg.corp:5432/orders" \\\n    username="vault_admin" \\\n    password="$VAULT_PG_ADMIN_PASSWORD"',
  ],
  ['vault-list-lease-ids-readonly-role', '$ vault list sys/leases/lookup/database/creds/readonly\nKeys\n----\n{a24}\n{a24}\n{a24}'],
  [
    'spark-s3a-web-identity-credentials-provider',
    'spark.hadoop.fs.s3a.aws.credentials.provider=com.amazonaws.auth.WebIdentityTokenCredentialsProvider\nspark.hadoop.fs.s3a.endpoint=s3.eu-west-1.amazonaws.com\nspark.hadoop.fs.s3a.bucket.acme-raw.server-side-encryption-algorithm=SSE-KMS',
  ],
  [
    'hadoop-credential-provider-path-jceks',
    '<property>\n  <name>hadoop.security.credential.provider.path</name>\n  <value>jceks://hdfs@nn1.corp:8020/user/etl/s3.jceks</value>\n</property>',
  ],
  [
    'trino-catalog-env-expansion-password',
    'connector.name=postgresql\nconnection-url=jdbc:postgresql://pg.corp:5432/app\nconnection-user=${ENV:PG_USER}\nconnection-password=${ENV:PG_PASSWORD}',
  ],
  [
    'debezium-file-config-provider-password',
    '    "database.user": "${file:/opt/kafka/external-configuration/pg-credentials/creds.properties:username}",\n    "database.password": "${file:/opt/kafka/external-configuration/pg-credentials/creds.properties:password}",\n    "slot.name": "debezium_orders",\n    "publication.name": "dbz_orders"',
  ],
  [
    'strimzi-kafkauser-scram-password-secret-ref',
    'apiVersion: kafka.strimzi.io/v1beta2\nkind: KafkaUser\nmetadata:\n  name: orders-producer\nspec:\n  authentication:\n    type: scram-sha-512\n    password:\n      valueFrom:\n        secretKeyRef:\n          name: orders-producer-credentials\n          key: password',
  ],
  [
    'great-expectations-connection-string-env-subst',
    'datasources:\n  warehouse:\n    class_name: Datasource\n    execution_engine:\n      class_name: SqlAlchemyExecutionEngine\n      connection_string: ${WAREHOUSE_CONNECTION_STRING}',
  ],
  [
    'superset-config-uri-from-os-environ',
    'SECRET_KEY = os.environ["SUPERSET_SECRET_KEY"]\nSQLALCHEMY_DATABASE_URI = os.environ["SUPERSET_DATABASE_URI"]',
  ],
  [
    'metabase-compose-env-references',
    '      MB_DB_USER: ${MB_DB_USER}\n      MB_DB_PASS: ${MB_DB_PASS:?set MB_DB_PASS}\n      MB_ENCRYPTION_SECRET_KEY: ${MB_ENCRYPTION_SECRET_KEY}',
  ],
  [
    'prefect-block-load-and-document-id',
    ">>> SqlAlchemyConnector.load(\"warehouse\")\nSqlAlchemyConnector(connection_info=ConnectionComponents(driver=<SyncDriver.POSTGRESQL_PSYCOPG2: 'postgresql+psycopg2'>, database='dw', username='prefect', password=SecretStr('**********'), host='pg-dw.corp', port=5432))\nblock_document_id: {h8}-{h4}-4{h3}-a{h3}-{h12}",
  ],
  [
    'dagster-envvar-resource-config',
    '"snowflake": SnowflakeResource(\n    account=EnvVar("SNOWFLAKE_ACCOUNT"),\n    user=EnvVar("SNOWFLAKE_USER"),\n    password=EnvVar("SNOWFLAKE_PASSWORD"),\n    warehouse="TRANSFORM_WH",\n),',
  ],
  [
    'airbyte-connection-and-workspace-uuids',
    'connectionId: {h8}-{h4}-4{h3}-8{h3}-{h12}\nsourceId:     {h8}-{h4}-4{h3}-9{h3}-{h12}\nworkspaceId:  {h8}-{h4}-4{h3}-b{h3}-{h12}\njobId: {d7}  status: succeeded  bytesSynced: 48213377',
  ],
  [
    'fivetran-connector-and-group-ids',
    '{"code":"Success","data":{"id":"{L7}_{L8}","group_id":"{L8}_{L6}","service":"postgres_rds","schema":"orders_rds","paused":false,"sync_frequency":360}}',
  ],
  [
    'redshift-jdbc-iam-profile-url',
    'jdbc:redshift:iam://analytics.c9xq2{l5}.us-east-1.redshift.amazonaws.com:5439/dev?Profile=analytics-ro&AutoCreate=false&DbUser=bi_reader',
  ],
  [
    'redshift-copy-iam-role-arn',
    "COPY sales.orders\nFROM 's3://acme-raw/orders/2024/06/04/'\nIAM_ROLE 'arn:aws:iam::{d12}:role/RedshiftCopyRole'\nFORMAT AS PARQUET;",
  ],
  [
    'bigquery-adc-path-and-job-id',
    "export GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/google/key.json\n$ bq query --use_legacy_sql=false 'SELECT COUNT(*) FROM `acme-analytics.marts.fct_orders`'\nWaiting on bqjob_r{h16}_0000018f{h8}_1 ... (2s) Current status: DONE",
  ],
  [
    'gcp-service-account-public-fields-only',
    '{\n  "client_email": "bq-loader@acme-analytics.iam.gserviceaccount.com",\n  "client_id": "1{d20}",\n  "auth_uri": "https://accounts.google.com/o/oauth2/auth",\n  "token_uri": "https://oauth2.googleapis.com/token",\n  "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/bq-loader%40acme-analytics.iam.gserviceaccount.com"\n}',
  ],
  [
    'databricks-spark-conf-secret-scope-reference',
    'spark.hadoop.fs.azure.account.key.lakeacme.dfs.core.windows.net {{secrets/lake/account-key}}\nspark.databricks.delta.preview.enabled true',
  ],
  [
    'databricks-dbutils-secrets-get-jdbc',
    'pw = dbutils.secrets.get(scope="jdbc", key="crm-password")\ndf = spark.read.jdbc(url="jdbc:sqlserver://sql01.corp:1433;database=CRM", table="dbo.Accounts", properties={"user": "crm_ro", "password": pw})',
  ],
  [
    'snowflake-externalbrowser-and-private-key-path',
    'conn = snowflake.connector.connect(\n    account="ab12345.eu-central-1",\n    user="jane.doe@acme.io",\n    authenticator="externalbrowser",\n)\n# CI uses private_key_file="/secrets/rsa_key.p8" with the passphrase from SNOWFLAKE_PRIVATE_KEY_PASSPHRASE',
  ],
  ['oracle-wallet-and-sysdba-os-auth', 'sqlplus /@PRODDB\nsqlplus / as sysdba\nmkstore -wrl /u01/app/oracle/wallet -listCredential'],
  [
    'mongosh-srv-username-password-prompt',
    'mongosh "mongodb+srv://cluster0.{l5}.mongodb.net/" --apiVersion 1 --username app\nEnter password: ********\nCurrent Mongosh Log ID: {h24}',
  ],
  [
    'connection-dialog-export-hidden-password',
    'Connection: warehouse (PostgreSQL)\nHost: pg-dw.corp  Port: 5432  Database: dw\nUser: analyst\nPassword: [hidden]\nSave password: no',
  ],
  [
    'pg-hba-conf-scram-method-lines',
    '# TYPE  DATABASE        USER            ADDRESS                 METHOD\nhostssl all             all             10.0.0.0/8              scram-sha-256\nhostssl replication     replicator      10.0.4.0/24             scram-sha-256\nlocal   all             postgres                                peer',
  ],
  ['psql-backslash-password-interactive', 'orders=# \\password app_rw\nEnter new password for user "app_rw":\nEnter it again:\norders=#'],
  [
    'flyway-conf-env-placeholders',
    'flyway.url=jdbc:postgresql://pg.corp:5432/billing\nflyway.user=${FLYWAY_USER}\nflyway.password=${FLYWAY_PASSWORD}\nflyway.placeholders.schema=billing',
  ],
  [
    'liquibase-changeset-password-hash-column',
    '<changeSet id="042-add-password-columns" author="dba">\n  <addColumn tableName="users">\n    <column name="password_hash" type="varchar(60)"/>\n    <column name="password_changed_at" type="timestamp"/>\n  </addColumn>\n</changeSet>',
  ],
  [
    'django-databases-environ-get-password',
    '        "USER": os.environ.get("DB_USER", "shop"),\n        "PASSWORD": os.environ.get("DB_PASSWORD", ""),\n        "HOST": os.environ.get("DB_HOST", "localhost"),',
  ],
  [
    'rails-database-yml-erb-env-password',
    'production:\n  <<: *default\n  database: app_production\n  username: app\n  password: <%= ENV["APP_DATABASE_PASSWORD"] %>',
  ],
  ['laravel-env-empty-db-password', 'DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_DATABASE=laravel\nDB_USERNAME=root\nDB_PASSWORD='],
  [
    'prisma-schema-env-url-and-direct-url',
    'datasource db {\n  provider  = "postgresql"\n  url       = env("DATABASE_URL")\n  directUrl = env("DIRECT_URL")\n}',
  ],
  [
    'compose-mysql-random-root-password-flag',
    '    environment:\n      MYSQL_RANDOM_ROOT_PASSWORD: "yes"\n      MYSQL_DATABASE: shop\n      MYSQL_USER: shop\n      MYSQL_PASSWORD_FILE: /run/secrets/mysql_shop_password',
  ],
  [
    'trino-query-ids-in-ui-list',
    '20240604_101244_{d5}_{l5}  FINISHED  bi_reader  SELECT count(*) FROM hive.web.page_views\n20240604_101301_{d5}_{l5}  FAILED    etl        INSERT INTO iceberg.marts.fct_orders',
  ],
  [
    'clickhouse-query-log-query-ids',
    'SELECT query_id, initial_query_id, type, query_duration_ms FROM system.query_log WHERE event_date = today() LIMIT 2;\n{h8}-{h4}-4{h3}-a{h3}-{h12}	{h8}-{h4}-4{h3}-a{h3}-{h12}	QueryFinish	412',
  ],
  ['mysql-gtid-executed-set', 'mysql> SELECT @@GLOBAL.gtid_executed;\n{H8}-{H4}-11EE-{H4}-{H12}:1-{d6},\n{H8}-{H4}-11EE-{H4}-{H12}:1-{d4}'],
  [
    'pg-controldata-system-identifier',
    "pg_control version number:            1300\nCatalog version number:               202307071\nDatabase system identifier:           7{d18}\nLatest checkpoint location:           1A/{H8}\nLatest checkpoint's REDO WAL file:    000000010000001A000000{H2}",
  ],
  ['neo4j-driver-bookmarks-log', 'DEBUG [#{h4}] S: SUCCESS {"bookmark": "FB:kcwQ{B22}kAmTkA==", "db": "neo4j"}'],
  [
    'nodetool-status-host-ids',
    'Datacenter: dc1\nStatus=Up/Down\n--  Address      Load       Tokens  Owns (effective)  Host ID                               Rack\nUN  10.0.4.11    412.8 GiB  16      33.3%             {h8}-{h4}-4{h3}-a{h3}-{h12}  rack1\nUN  10.0.4.12    409.1 GiB  16      33.3%             {h8}-{h4}-4{h3}-b{h3}-{h12}  rack2',
  ],
  [
    'kafka-consumer-groups-describe-output',
    'GROUP           TOPIC       PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID                                          HOST\norders-sink     orders.v1   0          {d7}         {d7}         12   connector-consumer-orders-sink-0-{h8}-{h4}-{h4}-{h4}-{h12} /10.0.4.21',
  ],
  [
    'kafka-msk-iam-jaas-no-password',
    'security.protocol=SASL_SSL\nsasl.mechanism=AWS_MSK_IAM\nsasl.jaas.config=software.amazon.msk.auth.iam.IAMLoginModule required awsProfileName="msk-producer";\nsasl.client.callback.handler.class=software.amazon.msk.auth.iam.IAMClientCallbackHandler',
  ],
  [
    'sqoop-password-file-hdfs-path',
    'sqoop import --connect jdbc:mysql://mysql.corp/shop --username sqoop --password-file hdfs:///user/etl/.mysql.password --table orders -m 4',
  ],
  [
    'pgbouncer-ini-auth-query-and-file',
    '[pgbouncer]\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\nauth_user = pgbouncer_auth\nauth_query = SELECT usename, passwd FROM pg_shadow WHERE usename=$1',
  ],
  [
    'chat-prose-rotate-warehouse-password-via-vault',
    "Heads-up: the warehouse password for `etl` was rotated this morning with `vault write -f database/rotate-role/etl`.\nPull it from Vault (`vault read database/static-creds/etl`), don't paste it in this channel.",
  ],
  [
    'docs-connection-uri-angle-bracket-template',
    'Format: postgresql://<user>:<password>@<host>:5432/<database>?sslmode=require\nFor MongoDB: mongodb+srv://<username>:<password>@<cluster>.mongodb.net/?authSource=admin',
  ],
  [
    'debezium-source-offset-record',
    '{"transaction_id":null,"lsn_proc":3{d10},"messageType":"UPDATE","lsn_commit":3{d10},"lsn":3{d10},"txId":{d7},"ts_usec":1717494764118000}',
  ],
  [
    'azure-sql-active-directory-default-auth',
    'Server=tcp:sql-prod.database.windows.net,1433;Database=crm;Authentication=Active Directory Default;Encrypt=True;TrustServerCertificate=False',
  ],
  [
    'curl-elastic-basic-auth-env-var',
    'curl -sS -u "elastic:${ELASTIC_PASSWORD}" --cacert /etc/es/ca.crt "https://es01.corp:9200/_cluster/health?pretty"',
  ],
  [
    'mysql-alter-user-shell-var-heredoc',
    "mysql --defaults-extra-file=/etc/mysql/admin.cnf <<SQL\nALTER USER 'app'@'%' IDENTIFIED WITH caching_sha2_password BY '${APP_DB_PASSWORD}';\nFLUSH PRIVILEGES;\nSQL",
  ],
  ['rediss-url-without-auth-db-index', 'CACHE_URL=rediss://redis-prod.{l6}.euw1.cache.amazonaws.com:6379/2?ssl_cert_reqs=required'],
  [
    'databrickscfg-azure-cli-auth-type',
    '[DEFAULT]\nhost      = https://adb-{d16}.{d1}.azuredatabricks.net\nauth_type = azure-cli\n\n[prod-sp]\nhost      = https://adb-{d16}.{d1}.azuredatabricks.net\nauth_type = azure-msi',
  ],
  [
    'dbt-run-results-invocation-and-checksums',
    '"metadata": {"dbt_version": "1.8.2", "invocation_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}"},\n"checksum": {"name": "sha256", "checksum": "{h64}"},',
  ],
  [
    'kafka-storage-random-uuid-cluster-id',
    '$ bin/kafka-storage.sh random-uuid\n{B22}\n$ bin/kafka-storage.sh format -t "$KAFKA_CLUSTER_ID" -c config/kraft/server.properties\nFormatting /var/lib/kafka/data with metadata.version 3.7-IV4.',
  ],
  [
    'select-password-column-masked-output',
    "shop=> SELECT id, email, left(password_hash, 4) || '…' AS password_hash FROM users LIMIT 2;\n id |       email        | password_hash\n----+--------------------+---------------\n  1 | ops@acme.io        | $2b$…\n  2 | billing@acme.io    | $2b$…",
  ],
  [
    'airflow-connections-list-output-no-password',
    '$ airflow connections list -o table\nconn_id       | conn_type | host            | port | login  | schema\n==============+===========+=================+======+========+==========\nwarehouse_db  | postgres  | pg-dw.corp      | 5432 | etl    | warehouse\nmysql_legacy  | mysql     | 10.1.4.22       | 3306 | legacy | erp',
  ],
  [
    'pg-connection-error-no-credentials',
    'psycopg2.OperationalError: connection to server at "pg-dw.corp" (10.0.4.15), port 5432 failed: FATAL:  password authentication failed for user "etl"\nconnection to server at "pg-dw.corp" (10.0.4.15), port 5432 failed: FATAL:  no pg_hba.conf entry for host "10.0.9.4", user "etl", database "warehouse", no encryption',
  ],
  [
    'vault-static-role-rotation-metadata',
    '$ vault read database/static-roles/etl\nKey                    Value\n---                    -----\ndb_name                warehouse\nlast_vault_rotation    2024-06-04T07:00:12.118204Z\nrotation_period        24h\nusername               etl',
  ],
];
