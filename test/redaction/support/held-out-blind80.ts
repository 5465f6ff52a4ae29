/** An eightieth held-out batch, written blind: credentials of data-engineering and analytics platforms (Kafka Connect/Debezium, Flink, Spark, Trino, Airflow, Airbyte/Fivetran, dbt, BI tools, ClickHouse, Elastic, Cassandra, Neo4j, MongoDB, InfluxDB, Grafana, Jupyter, Dagster/Prefect) pasted into a coding-agent chat, and look-alikes from the same tools (secret references, masked values, job/query/cluster ids, checksums, ARNs, paths). */
export const BLIND80_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'data80-debezium-pg-connector-curl-post-database-password',
    'curl -sS -X POST -H "Content-Type: application/json" http://connect.internal:8083/connectors -d \'{\n  "name": "inventory-cdc",\n  "config": {\n    "connector.class": "io.debezium.connector.postgresql.PostgresConnector",\n    "database.hostname": "pg-primary.internal",\n    "database.user": "debezium",\n    "database.password": "«{a22}»",\n    "database.dbname": "inventory",\n    "topic.prefix": "inv"\n  }\n}\'',
  ],
  [
    'data80-debezium-mysql-put-config-password-and-history-jaas',
    'PUT /connectors/mysql-orders/config\n{\n  "connector.class": "io.debezium.connector.mysql.MySqlConnector",\n  "database.hostname": "mysql-orders.prod.internal",\n  "database.user": "cdc_reader",\n  "database.password": "«{a18}»",\n  "database.server.id": "184054",\n  "schema.history.internal.kafka.topic": "schema-changes.orders",\n  "schema.history.internal.producer.sasl.jaas.config": "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"{u16}\\" password=\\"«{a64}»\\";"\n}',
  ],
  [
    'data80-jdbc-sink-connection-password-json',
    '{\n  "name": "pg-sink-orders",\n  "config": {\n    "connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector",\n    "topics": "orders.enriched",\n    "connection.url": "jdbc:postgresql://warehouse.internal:5432/analytics",\n    "connection.user": "kafka_sink",\n    "connection.password": "«{a20}»",\n    "insert.mode": "upsert",\n    "pk.mode": "record_key"\n  }\n}',
  ],
  [
    'data80-jdbc-source-password-inside-connection-url-query',
    '"connection.url": "jdbc:mysql://mysql-shop.internal:3306/shop?user=etl_reader&password=«{a16}»&useSSL=true",\n"mode": "timestamp+incrementing",\n"incrementing.column.name": "id",\n"timestamp.column.name": "updated_at",',
  ],
  [
    'data80-connect-distributed-properties-plain-jaas',
    '# /etc/kafka/connect-distributed.properties\nbootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{a64}»";\ngroup.id=connect-cluster-analytics',
  ],
  [
    'data80-client-properties-scram-jaas-password',
    '$ cat client.properties\nsecurity.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\\n    username="analytics-consumer" \\\n    password="«{a24}»";\n$ kafka-console-consumer --bootstrap-server b-1.msk.internal:9096 --topic clicks --consumer.config client.properties',
  ],
  [
    'data80-s3-sink-connector-aws-secret-key',
    '  "connector.class": "io.confluent.connect.s3.S3SinkConnector",\n  "s3.bucket.name": "acme-raw-events",\n  "s3.region": "eu-west-1",\n  "aws.secret.access.key": "«{a40}»",\n  "flush.size": "10000",\n  "format.class": "io.confluent.connect.s3.format.parquet.ParquetFormat",',
  ],
  [
    'data80-snowflake-kafka-connector-private-key-and-passphrase',
    '{\n  "connector.class": "com.snowflake.kafka.connector.SnowflakeSinkConnector",\n  "snowflake.url.name": "xy12345.eu-west-1.snowflakecomputing.com:443",\n  "snowflake.user.name": "KAFKA_LOADER",\n  "snowflake.private.key": "«MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI{b40}{b64}{b64}{b64}»",\n  "snowflake.private.key.passphrase": "«{a24}»",\n  "snowflake.database.name": "RAW",\n  "snowflake.schema.name": "KAFKA"\n}',
  ],
  [
    'data80-schema-registry-basic-auth-user-info-converter',
    '    "value.converter": "io.confluent.connect.avro.AvroConverter",\n    "value.converter.schema.registry.url": "https://psrc-{l5}.eu-central-1.aws.confluent.cloud",\n    "value.converter.basic.auth.credentials.source": "USER_INFO",\n    "value.converter.basic.auth.user.info": "{u16}:«{a64}»",',
  ],
  [
    'data80-broker-server-properties-ssl-keystore-and-key-password',
    'listeners=SSL://0.0.0.0:9093\nssl.keystore.location=/var/private/ssl/kafka.server.keystore.jks\nssl.keystore.password=«{a20}»\nssl.key.password=«{a20}»\nssl.truststore.location=/var/private/ssl/kafka.server.truststore.jks\nssl.client.auth=required',
  ],
  [
    'data80-mongo-source-connector-srv-uri-password',
    '"connector.class": "com.mongodb.kafka.connect.MongoSourceConnector",\n"connection.uri": "mongodb+srv://kafka-connect:«{a20}»@cluster0.{l5}.mongodb.net/?retryWrites=true",\n"database": "events",\n"collection": "pageviews",\n"startup.mode": "copy_existing"',
  ],
  [
    'data80-custom-connector-log-prints-connection-password',
    '[2024-06-11 09:14:02,117] INFO [warehouse-source|task-0] WarehouseSourceConfig values:\n\tbatch.max.rows = 500\n\tconnection.password = «{a18}»\n\tconnection.url = jdbc:sqlserver://mssql-erp.internal:1433;databaseName=ERP\n\tconnection.user = erp_reader\n\tpoll.interval.ms = 5000',
  ],
  [
    'data80-elasticsearch-sink-connector-connection-password',
    '  "connector.class": "io.confluent.connect.elasticsearch.ElasticsearchSinkConnector",\n  "connection.url": "https://es-logs.internal:9200",\n  "connection.username": "kafka_writer",\n  "connection.password": "«{a22}»",\n  "type.name": "_doc",\n  "key.ignore": "true"',
  ],
  [
    'data80-mirrormaker2-properties-source-jaas',
    'clusters = onprem, cloud\nonprem.bootstrap.servers = kafka-01.dc1:9092\ncloud.bootstrap.servers = pkc-{l5}.us-east-1.aws.confluent.cloud:9092\ncloud.security.protocol = SASL_SSL\ncloud.sasl.mechanism = PLAIN\ncloud.sasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{a64}»";\nonprem->cloud.enabled = true',
  ],
  [
    'data80-ksqldb-server-properties-sr-basic-auth',
    'ksql.schema.registry.url=https://sr.internal:8081\nksql.schema.registry.basic.auth.credentials.source=USER_INFO\nksql.schema.registry.basic.auth.user.info=ksqldb:«{a26}»\nksql.streams.replication.factor=3',
  ],
  [
    'data80-debezium-server-application-properties-password',
    'debezium.sink.type=kinesis\ndebezium.sink.kinesis.region=eu-west-1\ndebezium.source.connector.class=io.debezium.connector.postgresql.PostgresConnector\ndebezium.source.database.hostname=orders-db.internal\ndebezium.source.database.user=replicator\ndebezium.source.database.password=«{a20}»\ndebezium.source.topic.prefix=orders',
  ],
  [
    'data80-strimzi-kafkauser-secret-decoded-password',
    "$ kubectl -n kafka get secret analytics-app -o jsonpath='{.data.password}' | base64 -d\n«{a12}»\n$ kubectl -n kafka get kafkauser analytics-app -o jsonpath='{.status.username}'\nanalytics-app",
  ],
  [
    'data80-kcat-sasl-password-flag',
    "kcat -b pkc-{l5}.westeurope.azure.confluent.cloud:9092 \\\n  -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN \\\n  -X sasl.username={u16} -X sasl.password='«{a64}»' \\\n  -t payments.v1 -C -o -5 -e",
  ],
  [
    'data80-confluent-api-key-create-output-secret',
    '$ confluent api-key create --resource lkc-{l5} --description "dbt ingest"\nIt may take a couple of minutes for the API key to be ready.\nSave the API key and secret. The secret is not retrievable later.\n+------------+------------------------------------------------------------------+\n| API Key    | {u16}                                                 |\n| API Secret | «{a64}» |\n+------------+------------------------------------------------------------------+',
  ],
  [
    'data80-connect-rest-validate-payload-connection-password',
    'curl -s -X PUT http://localhost:8083/connector-plugins/JdbcSourceConnector/config/validate \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"connector.class":"io.confluent.connect.jdbc.JdbcSourceConnector","connection.url":"jdbc:oracle:thin:@//ora-fin.internal:1521/FINPDB","connection.user":"KAFKA_RO","connection.password":"«{a16}»","topic.prefix":"fin-"}\' | jq \'.error_count\'',
  ],
  [
    'data80-debezium-oracle-logminer-password-yaml-kafkaconnector',
    'apiVersion: kafka.strimzi.io/v1beta2\nkind: KafkaConnector\nmetadata:\n  name: oracle-finance-cdc\nspec:\n  class: io.debezium.connector.oracle.OracleConnector\n  config:\n    database.hostname: ora-fin.internal\n    database.user: c##dbzuser\n    database.password: «{a18}»\n    database.dbname: ORCLCDB',
  ],
  [
    'data80-flink-sql-mysql-cdc-with-password',
    "CREATE TABLE orders_src (\n  id BIGINT,\n  customer_id BIGINT,\n  amount DECIMAL(10, 2),\n  PRIMARY KEY (id) NOT ENFORCED\n) WITH (\n  'connector' = 'mysql-cdc',\n  'hostname' = 'mysql-orders.internal',\n  'port' = '3306',\n  'username' = 'flink_cdc',\n  'password' = '«{a20}»',\n  'database-name' = 'shop',\n  'table-name' = 'orders'\n);",
  ],
  [
    'data80-flink-sql-jdbc-sink-password',
    "CREATE TABLE revenue_by_hour (\n  window_start TIMESTAMP(3), revenue DECIMAL(18, 2)\n) WITH (\n  'connector' = 'jdbc',\n  'url' = 'jdbc:postgresql://dwh.internal:5432/marts',\n  'table-name' = 'revenue_by_hour',\n  'username' = 'flink_writer',\n  'password' = '«{a18}»'\n);",
  ],
  [
    'data80-flink-sql-kafka-properties-sasl-jaas',
    "CREATE TABLE clicks (\n  user_id STRING, url STRING, ts TIMESTAMP_LTZ(3)\n) WITH (\n  'connector' = 'kafka',\n  'topic' = 'clicks',\n  'properties.bootstrap.servers' = 'pkc-{l5}.eu-west-1.aws.confluent.cloud:9092',\n  'properties.security.protocol' = 'SASL_SSL',\n  'properties.sasl.mechanism' = 'PLAIN',\n  'properties.sasl.jaas.config' = 'org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{u16}\" password=\"«{a64}»\";',\n  'format' = 'json'\n);",
  ],
  [
    'data80-flink-sql-create-jdbc-catalog-password',
    "Flink SQL> CREATE CATALOG pg_marts WITH (\n>   'type' = 'jdbc',\n>   'default-database' = 'marts',\n>   'username' = 'flink',\n>   'password' = '«{a16}»',\n>   'base-url' = 'jdbc:postgresql://dwh.internal:5432'\n> );\n[INFO] Execute statement succeed.",
  ],
  [
    'data80-flink-conf-yaml-s3-secret-key',
    'state.backend.type: rocksdb\nstate.checkpoints.dir: s3://acme-flink-checkpoints/clickstream\ns3.endpoint: https://minio.data.internal:9000\ns3.path.style.access: true\ns3.access-key: flink-checkpointer\ns3.secret-key: «{a40}»',
  ],
  [
    'data80-flink-cdc-pipeline-yaml-source-password',
    'source:\n  type: mysql\n  hostname: mysql-crm.internal\n  port: 3306\n  username: cdc\n  password: "«{a20}»"\n  tables: crm.\\.*\n  server-id: 5401-5404\n\nsink:\n  type: doris\n  fenodes: doris-fe.internal:8030',
  ],
  [
    'data80-flink-sql-elasticsearch7-sink-password',
    ") WITH (\n  'connector' = 'elasticsearch-7',\n  'hosts' = 'https://es-analytics.internal:9200',\n  'index' = 'user-sessions',\n  'username' = 'flink',\n  'password' = '«{a22}»'\n);",
  ],
  [
    'data80-flink-sql-postgres-cdc-slot-password',
    "  'connector' = 'postgres-cdc',\n  'hostname' = 'pg-billing.internal',\n  'username' = 'flink_repl',\n  'password' = '«{a16}»',\n  'database-name' = 'billing',\n  'schema-name' = 'public',\n  'slot.name' = 'flink_billing_slot',\n  'decoding.plugin.name' = 'pgoutput'",
  ],
  [
    'data80-pyspark-read-jdbc-option-password',
    'df = (\n    spark.read.format("jdbc")\n    .option("url", "jdbc:postgresql://pg-replica.internal:5432/crm")\n    .option("dbtable", "public.accounts")\n    .option("user", "spark_etl")\n    .option("password", "«{a20}»")\n    .option("fetchsize", 10000)\n    .load()\n)',
  ],
  [
    'data80-scala-spark-jdbc-properties-put-password',
    'val props = new java.util.Properties()\nprops.put("user", "spark_loader")\nprops.put("password", "«{a18}»")\nprops.put("driver", "org.postgresql.Driver")\naggregated.write.mode(SaveMode.Append).jdbc("jdbc:postgresql://dwh.internal:5432/marts", "daily_kpis", props)',
  ],
  [
    'data80-spark-submit-conf-s3a-secret-key',
    'spark-submit \\\n  --master k8s://https://k8s-api.internal:6443 \\\n  --deploy-mode cluster \\\n  --conf spark.hadoop.fs.s3a.endpoint=https://minio.data.internal:9000 \\\n  --conf spark.hadoop.fs.s3a.secret.key=«{a40}» \\\n  --conf spark.hadoop.fs.s3a.path.style.access=true \\\n  local:///opt/jobs/sessionize.py --date 2024-06-11',
  ],
  [
    'data80-spark-submit-conf-adls-account-key',
    'spark-submit --master yarn \\\n  --conf spark.hadoop.fs.azure.account.key.acmelake.dfs.core.windows.net=«{b86}==» \\\n  --class com.acme.etl.Compaction etl-assembly-2.4.1.jar abfss://bronze@acmelake.dfs.core.windows.net/events',
  ],
  [
    'data80-spark-defaults-conf-s3a-secret',
    '# $SPARK_HOME/conf/spark-defaults.conf\nspark.eventLog.enabled            true\nspark.eventLog.dir                s3a://acme-spark-logs/events\nspark.hadoop.fs.s3a.secret.key    «{a40}»\nspark.sql.adaptive.enabled        true',
  ],
  [
    'data80-spark-snowflake-options-sfpassword',
    'sf_options = {\n    "sfURL": "xy12345.eu-west-1.snowflakecomputing.com",\n    "sfUser": "SPARK_SVC",\n    "sfPassword": "«{a22}»",\n    "sfDatabase": "ANALYTICS",\n    "sfSchema": "STAGING",\n    "sfWarehouse": "SPARK_WH",\n}\ndf.write.format("snowflake").options(**sf_options).option("dbtable", "EVENTS").mode("append").save()',
  ],
  [
    'data80-spark-mongo-read-connection-uri',
    'spark = (SparkSession.builder.appName("mongo-export")\n    .config("spark.mongodb.read.connection.uri", "mongodb://spark_ro:«{a18}»@mongo-0.data.internal:27017/events?authSource=admin")\n    .getOrCreate())',
  ],
  [
    'data80-databricks-notebook-spark-conf-oauth-client-secret',
    'spark.conf.set("fs.azure.account.auth.type.acmelake.dfs.core.windows.net", "OAuth")\nspark.conf.set("fs.azure.account.oauth.provider.type.acmelake.dfs.core.windows.net", "org.apache.hadoop.fs.azurebfs.oauth2.ClientCredsTokenProvider")\nspark.conf.set("fs.azure.account.oauth2.client.id.acmelake.dfs.core.windows.net", "{h8}-{h4}-4{h3}-a{h3}-{h12}")\nspark.conf.set("fs.azure.account.oauth2.client.secret.acmelake.dfs.core.windows.net", "«{a3}8Q~{a34}»")',
  ],
  [
    'data80-spark-redshift-url-embedded-password',
    '(df.write\n   .format("io.github.spark_redshift_community.spark.redshift")\n   .option("url", "jdbc:redshift://acme-dwh.{l12}.eu-west-1.redshift.amazonaws.com:5439/dev?user=spark&password=«{a20}»")\n   .option("dbtable", "staging.orders")\n   .option("tempdir", "s3a://acme-redshift-tmp/spark/")\n   .option("aws_iam_role", "arn:aws:iam::123456789012:role/redshift-copy")\n   .save())',
  ],
  [
    'data80-spark-structured-streaming-kafka-jaas-option',
    'stream = (spark.readStream.format("kafka")\n    .option("kafka.bootstrap.servers", "b-1.analytics.{l6}.c3.kafka.eu-west-1.amazonaws.com:9096")\n    .option("kafka.security.protocol", "SASL_SSL")\n    .option("kafka.sasl.mechanism", "SCRAM-SHA-512")\n    .option("kafka.sasl.jaas.config", \'org.apache.kafka.common.security.scram.ScramLoginModule required username="spark" password="«{a24}»";\')\n    .option("subscribe", "orders")\n    .load())',
  ],
  [
    'data80-spark-cassandra-auth-password-conf',
    'pyspark --packages com.datastax.spark:spark-cassandra-connector_2.12:3.5.0 \\\n  --conf spark.cassandra.connection.host=cass-1.internal,cass-2.internal \\\n  --conf spark.cassandra.auth.username=spark \\\n  --conf spark.cassandra.auth.password=«{a18}»',
  ],
  [
    'data80-spark-es-net-http-auth-pass',
    'df.write.format("org.elasticsearch.spark.sql") \\\n    .option("es.nodes", "es-analytics.internal") \\\n    .option("es.port", "9200") \\\n    .option("es.net.ssl", "true") \\\n    .option("es.net.http.auth.user", "spark_writer") \\\n    .option("es.net.http.auth.pass", "«{a20}»") \\\n    .save("orders-2024.06")',
  ],
  [
    'data80-spark-bigquery-credentials-base64-keyfile',
    'df = (spark.read.format("bigquery")\n      .option("parentProject", "acme-analytics-prod")\n      .option("credentials", "«ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIsCiAgInByb2plY3RfaWQiOiAi{b120}{b120}{b80}»")\n      .option("table", "acme-analytics-prod.marts.fct_orders")\n      .load())',
  ],
  [
    'data80-spark-thrift-beeline-password-flag',
    '$ beeline -u "jdbc:hive2://spark-thrift.internal:10000/default;transportMode=http;httpPath=cliservice" \\\n    -n analyst -p \'«{a16}»\' -e "SHOW TABLES IN marts"\n+------------+--------------------+',
  ],
  [
    'data80-trino-catalog-postgresql-properties-connection-password',
    '# etc/catalog/crm.properties\nconnector.name=postgresql\nconnection-url=jdbc:postgresql://pg-crm.internal:5432/crm\nconnection-user=trino_ro\nconnection-password=«{a20}»\ncase-insensitive-name-matching=true',
  ],
  [
    'data80-trino-catalog-mysql-properties-helm-additional-catalogs',
    'additionalCatalogs:\n  shop: |-\n    connector.name=mysql\n    connection-url=jdbc:mysql://mysql-shop.internal:3306\n    connection-user=trino\n    connection-password=«{a18}»',
  ],
  [
    'data80-trino-hive-catalog-s3-aws-secret-key',
    'connector.name=hive\nhive.metastore.uri=thrift://hms.data.internal:9083\nhive.s3.endpoint=https://minio.data.internal:9000\nhive.s3.path-style-access=true\nhive.s3.aws-secret-key=«{a40}»',
  ],
  [
    'data80-trino-elasticsearch-catalog-auth-password',
    'connector.name=elasticsearch\nelasticsearch.host=es-logs.internal\nelasticsearch.port=9200\nelasticsearch.security=PASSWORD\nelasticsearch.auth.user=trino\nelasticsearch.auth.password=«{a22}»',
  ],
  [
    'data80-trino-cli-env-trino-password',
    "$ export TRINO_PASSWORD='«{a20}»'\n$ trino --server https://trino.data.acme.io --user jdoe --password --catalog iceberg --schema marts\ntrino:marts> SELECT count(*) FROM fct_sessions WHERE dt = DATE '2024-06-11';",
  ],
  [
    'data80-trino-config-internal-communication-shared-secret',
    'coordinator=true\nnode-scheduler.include-coordinator=false\nhttp-server.http.port=8080\nhttp-server.authentication.type=PASSWORD\ninternal-communication.shared-secret=«{b64}»\ndiscovery.uri=http://trino-coordinator:8080',
  ],
  [
    'data80-trino-jdbc-url-password-param',
    'String url = "jdbc:trino://trino.data.acme.io:443/iceberg/marts?SSL=true&user=reporting&password=«{a18}»";\ntry (Connection conn = DriverManager.getConnection(url)) {',
  ],
  [
    'data80-presto-python-basic-authentication',
    'import prestodb\nconn = prestodb.dbapi.connect(\n    host="presto.data.internal", port=8443, user="airflow", catalog="hive", schema="raw",\n    http_scheme="https",\n    auth=prestodb.auth.BasicAuthentication("airflow", "«{a20}»"),\n)',
  ],
  [
    'data80-trino-iceberg-rest-catalog-oauth2-credential',
    'connector.name=iceberg\niceberg.catalog.type=rest\niceberg.rest-catalog.uri=https://polaris.data.acme.io/api/catalog\niceberg.rest-catalog.security=OAUTH2\niceberg.rest-catalog.oauth2.credential={h16}:«{h32}»\niceberg.rest-catalog.warehouse=analytics',
  ],
  [
    'data80-trino-delta-azure-abfs-access-key',
    'connector.name=delta_lake\nhive.metastore=glue\nfs.native-azure.enabled=true\nazure.auth-type=ACCESS_KEY\nazure.access-key=«{b86}==»',
  ],
  [
    'data80-trino-python-client-basic-auth-sqlalchemy-url',
    'from sqlalchemy import create_engine\nengine = create_engine("trino://superset:«{a20}»@trino.data.acme.io:443/hive", connect_args={"http_scheme": "https"})',
  ],
  [
    'data80-airflow-conn-env-postgres-uri-password',
    "# .env for docker compose\nAIRFLOW_CONN_POSTGRES_DWH='postgresql://airflow_etl:«{a20}»@dwh.internal:5432/analytics'\nAIRFLOW_VAR_ENVIRONMENT=prod",
  ],
  [
    'data80-airflow-conn-env-snowflake-json-password',
    'export AIRFLOW_CONN_SNOWFLAKE_DEFAULT=\'{\n  "conn_type": "snowflake",\n  "login": "AIRFLOW_SVC",\n  "password": "«{a22}»",\n  "schema": "RAW",\n  "extra": {"account": "xy12345", "region": "eu-west-1", "warehouse": "LOAD_WH", "role": "LOADER"}\n}\'',
  ],
  [
    'data80-airflow-connections-add-conn-uri-mysql',
    "$ airflow connections add 'mysql_shop' --conn-uri 'mysql://etl_reader:«{a18}»@mysql-shop.internal:3306/shop'\nSuccessfully added `conn_id`=mysql_shop : mysql://etl_reader:******@mysql-shop.internal:3306/shop",
  ],
  [
    'data80-airflow-connections-add-conn-password-flag',
    "airflow connections add 'mssql_erp' \\\n    --conn-type 'mssql' \\\n    --conn-host 'mssql-erp.internal' \\\n    --conn-login 'airflow_ro' \\\n    --conn-password '«{a16}»' \\\n    --conn-port '1433' \\\n    --conn-schema 'ERP'",
  ],
  [
    'data80-airflow-connections-export-yaml-password',
    '$ airflow connections export - --file-format yaml\nredshift_marts:\n  conn_type: redshift\n  description: null\n  extra: \'{"region": "eu-west-1"}\'\n  host: acme-dwh.{l12}.eu-west-1.redshift.amazonaws.com\n  login: airflow\n  password: «{a20}»\n  port: 5439\n  schema: dev',
  ],
  [
    'data80-airflow-cfg-fernet-key',
    '[core]\ndags_folder = /opt/airflow/dags\nexecutor = CeleryExecutor\nfernet_key = «{B43}=»\nload_examples = False',
  ],
  [
    'data80-airflow-cfg-webserver-secret-key',
    '[webserver]\nbase_url = https://airflow.data.acme.io\nsecret_key = «{b32}»\nexpose_config = False',
  ],
  [
    'data80-airflow-cfg-sql-alchemy-conn-password',
    '[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:«{a20}»@airflow-db.internal:5432/airflow\nsql_alchemy_pool_size = 10',
  ],
  [
    'data80-airflow-celery-broker-redis-password-and-result-backend',
    '[celery]\nbroker_url = redis://:«{a24}»@airflow-redis.internal:6379/0\nresult_backend = db+postgresql://airflow:«{a20}»@airflow-db.internal/airflow\nworker_concurrency = 16',
  ],
  [
    'data80-airflow-compose-env-sql-alchemy-conn',
    "  environment: &airflow-common-env\n    AIRFLOW__CORE__EXECUTOR: CeleryExecutor\n    AIRFLOW__DATABASE__SQL_ALCHEMY_CONN: postgresql+psycopg2://airflow:«{a18}»@postgres/airflow\n    AIRFLOW__CORE__LOAD_EXAMPLES: 'false'\n    _PIP_ADDITIONAL_REQUIREMENTS: apache-airflow-providers-snowflake",
  ],
  [
    'data80-airflow-variables-json-slack-webhook',
    '$ cat variables.json\n{\n  "dq_alert_channel": "#data-quality",\n  "dq_slack_webhook": "«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»",\n  "retention_days": 90\n}\n$ airflow variables import variables.json',
  ],
  [
    'data80-airflow-python-connection-object-password',
    'from airflow.models.connection import Connection\n\nconn = Connection(\n    conn_id="pg_billing",\n    conn_type="postgres",\n    host="pg-billing.internal",\n    login="airflow",\n    password="«{a20}»",\n    port=5432,\n)\nprint(conn.get_uri())',
  ],
  [
    'data80-airflow-helm-values-metadata-pass-and-webserver-secret',
    'webserverSecretKey: «{h32}»\ndata:\n  metadataConnection:\n    user: airflow\n    pass: «{a20}»\n    protocol: postgresql\n    host: airflow-db.internal\n    db: airflow',
  ],
  [
    'data80-airflow-conn-env-http-extra-api-key',
    'AIRFLOW_CONN_HUBSPOT_API=\'{"conn_type": "http", "host": "https://api.hubapi.com", "extra": {"Authorization": "Bearer «pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»"}}\'',
  ],
  [
    'data80-airflow-conn-env-mongo-srv-uri',
    'AIRFLOW_CONN_MONGO_EVENTS=mongodb+srv://airflow:«{a18}»@events.{l5}.mongodb.net/events?srv=true&ssl=true',
  ],
  [
    'data80-airflow-webserver-config-ldap-bind-password',
    '# webserver_config.py\nAUTH_TYPE = AUTH_LDAP\nAUTH_LDAP_SERVER = "ldaps://ldap.acme.internal:636"\nAUTH_LDAP_BIND_USER = "cn=airflow,ou=svc,dc=acme,dc=internal"\nAUTH_LDAP_BIND_PASSWORD = "«{a20}»"\nAUTH_LDAP_SEARCH = "ou=people,dc=acme,dc=internal"',
  ],
  [
    'data80-airbyte-source-postgres-config-password-and-ssh-tunnel',
    '{\n  "host": "pg-crm.internal",\n  "port": 5432,\n  "database": "crm",\n  "username": "airbyte",\n  "password": "«{a20}»",\n  "ssl_mode": {"mode": "require"},\n  "tunnel_method": {\n    "tunnel_method": "SSH_PASSWORD_AUTH",\n    "tunnel_host": "bastion.acme.io",\n    "tunnel_user": "airbyte",\n    "tunnel_user_password": "«{a18}»"\n  }\n}',
  ],
  [
    'data80-airbyte-api-applications-token-client-secret',
    'curl -s -X POST https://api.airbyte.com/v1/applications/token \\\n  -H "Content-Type: application/json" \\\n  -d \'{"client_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}", "client_secret": "«{a32}»", "grant-type": "client_credentials"}\'',
  ],
  [
    'data80-abctl-local-credentials-output',
    "$ abctl local credentials\n  INFO    Using Kubernetes provider:\n            Provider: kind\n            Kubeconfig: /home/dev/.airbyte/abctl/abctl.kubeconfig\n            Context: kind-airbyte-abctl\n SUCCESS  Retrieving your credentials from 'airbyte-auth-secrets'\n  INFO    Credentials:\n            Email: data@acme.io\n            Password: «{a32}»\n            Client-Id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n            Client-Secret: «{a32}»",
  ],
  [
    'data80-airbyte-octavia-source-yaml-password',
    'definition_type: source\nresource_name: "mysql-shop"\ndefinition_image: airbyte/source-mysql\nconfiguration:\n  host: mysql-shop.internal\n  port: 3306\n  database: shop\n  username: airbyte\n  password: «{a18}»\n  replication_method:\n    method: CDC',
  ],
  [
    'data80-airbyte-terraform-source-snowflake-credentials-password',
    'resource "airbyte_source_snowflake" "finance" {\n  name         = "snowflake-finance"\n  workspace_id = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n  configuration = {\n    host      = "xy12345.eu-west-1.snowflakecomputing.com"\n    role      = "AIRBYTE_ROLE"\n    warehouse = "AIRBYTE_WH"\n    database  = "FINANCE"\n    credentials = {\n      username_and_password = {\n        username = "AIRBYTE_USER"\n        password = "«{a22}»"\n      }\n    }\n  }\n}',
  ],
  [
    'data80-fivetran-api-basic-auth-header-base64',
    'curl -s https://api.fivetran.com/v1/groups \\\n  -H "Accept: application/json;version=2" \\\n  -H "Authorization: Basic «{b64}»"',
  ],
  ['data80-fivetran-terraform-provider-api-secret', 'provider "fivetran" {\n  api_key    = "{a16}"\n  api_secret = "«{a32}»"\n}'],
  [
    'data80-fivetran-connector-create-payload-password',
    'POST https://api.fivetran.com/v1/connectors\n{\n  "service": "postgres_rds",\n  "group_id": "{L8}_{L6}",\n  "config": {\n    "schema_prefix": "crm",\n    "host": "crm-db.{l12}.eu-west-1.rds.amazonaws.com",\n    "port": 5432,\n    "database": "crm",\n    "user": "fivetran",\n    "password": "«{a24}»",\n    "update_method": "WAL"\n  }\n}',
  ],
  [
    'data80-fivetran-python-requests-auth-tuple-secret',
    'import requests\nAPI_KEY = "{a16}"\nAPI_SECRET = "«{a32}»"\nresp = requests.get("https://api.fivetran.com/v1/connectors/{L6}_{L8}", auth=(API_KEY, API_SECRET))',
  ],
  [
    'data80-meltano-env-tap-postgres-password',
    '# .env (meltano project)\nTAP_POSTGRES_HOST=pg-crm.internal\nTAP_POSTGRES_USER=meltano\nTAP_POSTGRES_PASSWORD=«{a20}»\nTARGET_SNOWFLAKE_PASSWORD=«{a22}»\nTARGET_SNOWFLAKE_ACCOUNT=xy12345.eu-west-1',
  ],
  [
    'data80-singer-tap-config-json-password',
    '$ cat tap_mysql_config.json\n{"host": "mysql-shop.internal", "port": "3306", "user": "singer", "password": "«{a18}»", "database": "shop", "filter_dbs": "shop"}\n$ tap-mysql --config tap_mysql_config.json --discover > catalog.json',
  ],
  [
    'data80-dbt-profiles-snowflake-password',
    'acme_analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: xy12345.eu-west-1\n      user: DBT_PROD\n      password: «{a22}»\n      role: TRANSFORMER\n      database: ANALYTICS\n      warehouse: TRANSFORMING\n      schema: marts\n      threads: 8',
  ],
  [
    'data80-dbt-profiles-snowflake-private-key-passphrase',
    '    ci:\n      type: snowflake\n      account: xy12345.eu-west-1\n      user: DBT_CI\n      authenticator: snowflake_jwt\n      private_key_path: /home/runner/.snowflake/rsa_key.p8\n      private_key_passphrase: «{a24}»\n      role: CI_ROLE\n      warehouse: CI_WH',
  ],
  [
    'data80-dbt-profiles-snowflake-inline-encrypted-private-key',
    '      private_key: |\n        «-----BEGIN ENCRYPTED PRIVATE KEY-----\n        MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI{b40}\n        {b64}\n        {b64}\n        {b64}\n        {b44}\n        -----END ENCRYPTED PRIVATE KEY-----»\n      private_key_passphrase: «{a20}»',
  ],
  [
    'data80-dbt-profiles-bigquery-keyfile-json-private-key',
    '    prod:\n      type: bigquery\n      method: service-account-json\n      project: acme-analytics-prod\n      dataset: marts\n      keyfile_json:\n        type: service_account\n        project_id: acme-analytics-prod\n        private_key_id: {h40}\n        private_key: "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC{b13}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----»\\n"\n        client_email: dbt-prod@acme-analytics-prod.iam.gserviceaccount.com\n        client_id: "{d21}"',
  ],
  [
    'data80-dbt-profiles-redshift-password',
    'redshift_marts:\n  target: dev\n  outputs:\n    dev:\n      type: redshift\n      host: acme-dwh.{l12}.eu-west-1.redshift.amazonaws.com\n      user: dbt_dev\n      password: «{a20}»\n      port: 5439\n      dbname: dev\n      schema: dbt_jdoe\n      threads: 4',
  ],
  [
    'data80-dbt-profiles-databricks-dapi-token',
    'lakehouse:\n  target: dev\n  outputs:\n    dev:\n      type: databricks\n      catalog: main\n      schema: dbt_jdoe\n      host: adb-{d16}.{d1}.azuredatabricks.net\n      http_path: /sql/1.0/warehouses/{h16}\n      token: «dapi{h32}»',
  ],
  [
    'data80-dbt-profiles-databricks-oauth-m2m-client-secret',
    '    prod:\n      type: databricks\n      auth_type: oauth\n      host: dbc-{h8}-{h4}.cloud.databricks.com\n      http_path: /sql/1.0/warehouses/{h16}\n      client_id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n      client_secret: «dose{h32}»\n      catalog: prod\n      schema: marts',
  ],
  [
    'data80-dbt-profiles-postgres-password-quoted',
    'jaffle_shop:\n  outputs:\n    local:\n      type: postgres\n      host: localhost\n      port: 5432\n      user: dbt\n      pass: "«{a16}»"\n      dbname: jaffle\n      schema: public\n  target: local',
  ],
  [
    'data80-dbt-profiles-trino-ldap-password',
    '    trino_prod:\n      type: trino\n      method: ldap\n      user: svc_dbt\n      password: «{a20}»\n      host: trino.data.acme.io\n      port: 443\n      database: iceberg\n      schema: marts',
  ],
  [
    'data80-dbt-profiles-clickhouse-password',
    'clickhouse_events:\n  target: prod\n  outputs:\n    prod:\n      type: clickhouse\n      host: ch.{l10}.eu-west-1.aws.clickhouse.cloud\n      port: 8443\n      secure: true\n      user: dbt\n      password: «{a22}»\n      schema: analytics',
  ],
  [
    'data80-dbt-profiles-motherduck-token-in-path',
    'duck:\n  target: md\n  outputs:\n    md:\n      type: duckdb\n      path: "md:analytics?motherduck_token=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B120}.{B43}»"\n      threads: 4',
  ],
  [
    'data80-dbt-profiles-sqlserver-fabric-sp-client-secret',
    '    fabric:\n      type: fabric\n      driver: ODBC Driver 18 for SQL Server\n      server: {l26}.datawarehouse.fabric.microsoft.com\n      database: lakehouse_gold\n      authentication: ServicePrincipal\n      tenant_id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n      client_id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n      client_secret: «{a3}8Q~{a34}»',
  ],
  [
    'data80-dbt-profiles-synapse-sql-password',
    "      type: synapse\n      driver: 'ODBC Driver 18 for SQL Server'\n      host: acme-syn.sql.azuresynapse.net\n      port: 1433\n      database: dwh\n      schema: dbt\n      user: dbt_loader\n      password: '«{a20}»'",
  ],
  [
    'data80-dbt-cloud-service-token-ci-env',
    '# .github/workflows/dbt-cloud-ci.yml\nenv:\n  DBT_CLOUD_ACCOUNT_ID: {d5}\n  DBT_CLOUD_JOB_ID: {d6}\n  DBT_CLOUD_API_TOKEN: «dbtc_{B52}»',
  ],
  [
    'data80-dbt-cloud-api-curl-token-header',
    'curl -s -X POST "https://cloud.getdbt.com/api/v2/accounts/{d5}/jobs/{d6}/run/" \\\n  -H "Authorization: Token «dbtc_{B52}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"cause": "Triggered by Airflow"}\'',
  ],
  [
    'data80-dbt-env-secret-gitlab-ci-literal',
    'dbt-build:\n  image: ghcr.io/dbt-labs/dbt-snowflake:1.8.3\n  variables:\n    DBT_ENV_SECRET_SNOWFLAKE_PASSWORD: "«{a22}»"\n    DBT_TARGET: ci\n  script:\n    - dbt build --target $DBT_TARGET',
  ],
  [
    'data80-dbt-profiles-spark-thrift-token',
    'spark_lake:\n  target: dev\n  outputs:\n    dev:\n      type: spark\n      method: http\n      host: adb-{d16}.{d1}.azuredatabricks.net\n      cluster: {d4}-{d6}-{l8}\n      token: «dapi{h32}-2»\n      schema: analytics',
  ],
  [
    'data80-dbt-profiles-postgres-multiple-targets-two-passwords',
    '    dev:\n      type: postgres\n      host: localhost\n      user: jdoe\n      password: «{a14}»\n      dbname: analytics\n      schema: dbt_jdoe\n    prod:\n      type: postgres\n      host: pg-dwh.internal\n      user: dbt_prod\n      password: «{a24}»\n      dbname: analytics\n      schema: marts',
  ],
  [
    'data80-metabase-docker-env-db-pass-and-encryption-key',
    '  metabase:\n    image: metabase/metabase:v0.50.6\n    environment:\n      MB_DB_TYPE: postgres\n      MB_DB_HOST: metabase-db\n      MB_DB_USER: metabase\n      MB_DB_PASS: «{a20}»\n      MB_ENCRYPTION_SECRET_KEY: «{b44}»',
  ],
  [
    'data80-metabase-api-x-api-key-header',
    'curl -s https://metabase.acme.io/api/card/412/query/json \\\n  -H "x-api-key: «mb_{b43}=»" \\\n  -X POST | jq \'.[0]\'',
  ],
  [
    'data80-metabase-api-session-login-password',
    'curl -s -X POST https://metabase.acme.io/api/session \\\n  -H "Content-Type: application/json" \\\n  -d \'{"username": "ops@acme.io", "password": "«{a18}»"}\'\n{"id":"{h8}-{h4}-4{h3}-a{h3}-{h12}"}',
  ],
  [
    'data80-metabase-config-yml-database-details-password',
    'version: 1\nconfig:\n  databases:\n    - name: Warehouse\n      engine: postgres\n      details:\n        host: dwh.internal\n        port: 5432\n        dbname: analytics\n        user: metabase_ro\n        password: «{a20}»',
  ],
  [
    'data80-metabase-embedding-secret-key-node',
    'const jwt = require("jsonwebtoken");\nconst METABASE_SITE_URL = "https://metabase.acme.io";\nconst METABASE_SECRET_KEY = "«{h64}»";\nconst payload = { resource: { dashboard: 17 }, params: {}, exp: Math.round(Date.now() / 1000) + 600 };\nconst token = jwt.sign(payload, METABASE_SECRET_KEY);',
  ],
  [
    'data80-superset-config-secret-key-and-sqlalchemy-uri',
    '# superset_config.py\nSECRET_KEY = "«{b42}»"\nSQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://superset:«{a20}»@superset-db:5432/superset"\nFEATURE_FLAGS = {"EMBEDDED_SUPERSET": True}',
  ],
  [
    'data80-superset-set-database-uri-cli',
    '$ superset set-database-uri -d "Trino Lake" -u "trino://superset:«{a18}»@trino.data.acme.io:443/iceberg"\nLoaded your LOCAL configuration at [/app/pythonpath/superset_config.py]',
  ],
  [
    'data80-superset-guest-token-jwt-secret',
    'GUEST_ROLE_NAME = "EmbedViewer"\nGUEST_TOKEN_JWT_SECRET = "«{a40}»"\nGUEST_TOKEN_JWT_ALGO = "HS256"\nGUEST_TOKEN_JWT_EXP_SECONDS = 300',
  ],
  [
    'data80-superset-api-security-login-password',
    'resp = session.post(\n    "https://superset.acme.io/api/v1/security/login",\n    json={"username": "admin", "password": "«{a16}»", "provider": "db", "refresh": True},\n)\naccess_token = resp.json()["access_token"]',
  ],
  [
    'data80-redash-api-authorization-key-header',
    'import requests\nREDASH_URL = "https://redash.acme.io"\nheaders = {"Authorization": "Key «{a40}»"}\nr = requests.post(f"{REDASH_URL}/api/queries/381/results", headers=headers, json={"max_age": 0})',
  ],
  [
    'data80-redash-env-cookie-and-secret-key',
    'REDASH_DATABASE_URL=postgresql://redash:«{a20}»@redash-db/redash\nREDASH_COOKIE_SECRET=«{h64}»\nREDASH_SECRET_KEY=«{h64}»\nREDASH_REDIS_URL=redis://redash-redis:6379/0',
  ],
  ['data80-redash-csv-results-url-api-key-query', '=IMPORTDATA("https://redash.acme.io/api/queries/127/results.csv?api_key=«{a40}»")'],
  [
    'data80-looker-ini-client-secret',
    '[Looker]\nbase_url=https://acme.cloud.looker.com\nclient_id={a20}\nclient_secret=«{a24}»\nverify_ssl=True',
  ],
  [
    'data80-looker-sdk-env-client-secret',
    'export LOOKERSDK_BASE_URL="https://acme.cloud.looker.com"\nexport LOOKERSDK_CLIENT_ID="{a20}"\nexport LOOKERSDK_CLIENT_SECRET="«{a24}»"\npython scripts/export_dashboards.py --folder 42',
  ],
  [
    'data80-tableau-tsc-pat-auth-secret',
    'import tableauserverclient as TSC\nauth = TSC.PersonalAccessTokenAuth("ci-refresh", "«{b22}==:{a32}»", site_id="analytics")\nserver = TSC.Server("https://tableau.acme.io", use_server_version=True)\nwith server.auth.sign_in(auth):\n    server.datasources.refresh(ds)',
  ],
  [
    'data80-tableau-rest-signin-xml-pat-secret',
    'POST /api/3.22/auth/signin\n<tsRequest>\n  <credentials personalAccessTokenName="extract-bot" personalAccessTokenSecret="«{b22}==:{a32}»">\n    <site contentUrl="finance" />\n  </credentials>\n</tsRequest>',
  ],
  [
    'data80-tableau-connected-app-secret-value-jwt',
    'CONNECTED_APP_CLIENT_ID = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\nCONNECTED_APP_SECRET_ID = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\nCONNECTED_APP_SECRET_VALUE = "«{a44}»"\ntoken = jwt.encode(claims, CONNECTED_APP_SECRET_VALUE, algorithm="HS256", headers={"kid": CONNECTED_APP_SECRET_ID, "iss": CONNECTED_APP_CLIENT_ID})',
  ],
  [
    'data80-tabcmd-login-password-flag',
    'tabcmd login -s https://tableau.acme.io -t finance -u svc_extracts -p "«{a18}»"\ntabcmd refreshextracts --datasource "Orders (Snowflake)" --synchronous',
  ],
  [
    'data80-lightdash-pat-cli-env',
    'export LIGHTDASH_URL=https://lightdash.acme.io\nexport LIGHTDASH_API_KEY=«ldpat_{h32}»\nlightdash deploy --project-dir ./dbt --target prod',
  ],
  [
    'data80-posthog-personal-api-key-query-api',
    'curl -s -X POST "https://eu.posthog.com/api/projects/{d5}/query/" \\\n  -H "Authorization: Bearer «phx_{a43}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"query": {"kind": "HogQLQuery", "query": "select count() from events"}}\'',
  ],
  [
    'data80-clickhouse-users-xml-plaintext-password',
    '<clickhouse>\n    <users>\n        <etl>\n            <password>«{a20}»</password>\n            <networks><ip>10.0.0.0/8</ip></networks>\n            <profile>default</profile>\n            <quota>default</quota>\n        </etl>\n    </users>\n</clickhouse>',
  ],
  [
    'data80-clickhouse-users-d-xml-two-users',
    '<!-- /etc/clickhouse-server/users.d/analysts.xml -->\n<clickhouse><users>\n  <grafana><password>«{a18}»</password><profile>readonly</profile></grafana>\n  <metabase><password>«{a18}»</password><profile>readonly</profile></metabase>\n</users></clickhouse>',
  ],
  [
    'data80-clickhouse-client-password-flag',
    '$ clickhouse-client --host ch-1.data.internal --secure --user analyst --password \'«{a16}»\' \\\n    --query "SELECT count() FROM events.pageviews WHERE event_date = today()"\n48213377',
  ],
  [
    'data80-clickhouse-http-curl-user-and-key-headers',
    "echo 'SELECT version()' | curl -s 'https://ch.{l10}.eu-west-1.aws.clickhouse.cloud:8443/' \\\n  -H 'X-ClickHouse-User: default' \\\n  -H 'X-ClickHouse-Key: «{a24}»' \\\n  --data-binary @-",
  ],
  [
    'data80-clickhouse-create-user-identified-by',
    "CREATE USER IF NOT EXISTS superset\n  IDENTIFIED WITH sha256_password BY '«{a20}»'\n  HOST IP '10.20.0.0/16'\n  SETTINGS PROFILE 'readonly';\nGRANT SELECT ON analytics.* TO superset;",
  ],
  [
    'data80-clickhouse-cloud-api-basic-auth-key-secret',
    'curl --user "{a20}:«4b1d{a38}»" \\\n  https://api.clickhouse.cloud/v1/organizations/{h8}-{h4}-4{h3}-a{h3}-{h12}/services',
  ],
  [
    'data80-clickhouse-connect-python-get-client-password',
    'import clickhouse_connect\nclient = clickhouse_connect.get_client(\n    host="ch.{l10}.eu-west-1.aws.clickhouse.cloud", port=8443, username="default",\n    password="«{a22}»", secure=True)\nprint(client.query("SELECT count() FROM system.tables").result_rows)',
  ],
  [
    'data80-clickhouse-remote-servers-replica-password',
    '<remote_servers>\n  <events_cluster>\n    <shard>\n      <replica><host>ch-1.data.internal</host><port>9000</port><user>interserver</user><password>«{a20}»</password></replica>\n    </shard>\n  </events_cluster>\n</remote_servers>',
  ],
  [
    'data80-clickhouse-docker-env-default-password',
    'docker run -d --name ch \\\n  -e CLICKHOUSE_DB=events \\\n  -e CLICKHOUSE_USER=app \\\n  -e CLICKHOUSE_PASSWORD=«{a18}» \\\n  -p 8123:8123 clickhouse/clickhouse-server:24.3',
  ],
  [
    'data80-elasticsearch-curl-elastic-user-password',
    '$ curl -s -u elastic:«{a20}» --cacert http_ca.crt https://localhost:9200/_cluster/health?pretty\n{\n  "cluster_name" : "logs-prod",\n  "status" : "green",',
  ],
  [
    'data80-elasticsearch-compose-elastic-password-env',
    '  es01:\n    image: docker.elastic.co/elasticsearch/elasticsearch:8.14.1\n    environment:\n      - node.name=es01\n      - ELASTIC_PASSWORD=«{a20}»\n      - xpack.security.enabled=true',
  ],
  [
    'data80-elasticsearch-reset-password-output',
    '$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nThe password will be printed in the console.\nPlease confirm that you would like to continue [y/N]y\n\n\nPassword for the [elastic] user successfully reset.\nNew value: «{a20}»',
  ],
  [
    'data80-kibana-yml-elasticsearch-password',
    'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "«{a20}»"\nxpack.encryptedSavedObjects.encryptionKey: "«{h32}»"',
  ],
  [
    'data80-elasticsearch-create-api-key-response',
    'POST /_security/api_key\n{"name": "logstash-ingest", "expiration": "90d"}\n\n{\n  "id": "{B20}",\n  "name": "logstash-ingest",\n  "expiration": 1725960000000,\n  "api_key": "«{B22}»",\n  "encoded": "«{b58}==»"\n}',
  ],
  [
    'data80-elasticsearch-authorization-apikey-header',
    'curl -s -X POST "https://es-analytics.internal:9200/orders-*/_search?size=0" \\\n  -H "Authorization: ApiKey «{b58}==»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"aggs": {"by_day": {"date_histogram": {"field": "@timestamp", "calendar_interval": "day"}}}}\'',
  ],
  [
    'data80-elasticsearch-python-api-key-tuple',
    'from elasticsearch import Elasticsearch\nes = Elasticsearch(\n    "https://es-analytics.internal:9200",\n    api_key=("{B20}", "«{B22}»"),\n    ca_certs="/etc/ssl/es-ca.pem",\n)',
  ],
  [
    'data80-elasticsearch-keystore-add-stdin-s3-secret',
    '$ echo "«{a40}»" | bin/elasticsearch-keystore add --stdin s3.client.default.secret_key\n$ bin/elasticsearch-keystore list\nkeystore.seed\ns3.client.default.access_key\ns3.client.default.secret_key',
  ],
  [
    'data80-logstash-output-elasticsearch-api-key-id-colon-key',
    'output {\n  elasticsearch {\n    hosts => ["https://es-analytics.internal:9200"]\n    api_key => "{B20}:«{B22}»"\n    ssl_enabled => true\n    data_stream => true\n  }\n}',
  ],
  [
    'data80-filebeat-output-elasticsearch-password',
    'output.elasticsearch:\n  hosts: ["https://es-logs.internal:9200"]\n  username: "filebeat_writer"\n  password: "«{a22}»"\n  ssl.certificate_authorities: ["/etc/filebeat/ca.crt"]',
  ],
  [
    'data80-elastic-fleet-service-token-env',
    'FLEET_SERVER_ENABLE=true\nFLEET_SERVER_ELASTICSEARCH_HOST=https://es01:9200\nFLEET_SERVER_SERVICE_TOKEN=«AAEAAWVsYXN0aWMvZmxlZXQtc2VydmVyL3Rva2Vu{B52}»\nFLEET_SERVER_POLICY_ID=fleet-server-policy',
  ],
  [
    'data80-opensearch-initial-admin-password-compose',
    '  opensearch-node1:\n    image: opensearchproject/opensearch:2.15.0\n    environment:\n      - cluster.name=opensearch-cluster\n      - discovery.type=single-node\n      - OPENSEARCH_INITIAL_ADMIN_PASSWORD=«{a12}!{a6}»',
  ],
  [
    'data80-opensearch-dashboards-yml-password',
    'opensearch.hosts: [https://opensearch-node1:9200]\nopensearch.ssl.verificationMode: certificate\nopensearch.username: kibanaserver\nopensearch.password: «{a20}»\nopensearch_security.multitenancy.enabled: true',
  ],
  [
    'data80-opensearch-py-http-auth-tuple',
    'from opensearchpy import OpenSearch\nclient = OpenSearch(\n    hosts=[{"host": "search-logs-{l10}.eu-west-1.es.amazonaws.com", "port": 443}],\n    http_auth=("master", "«{a16}#{a4}»"),\n    use_ssl=True,\n)',
  ],
  [
    'data80-elasticsearch-enrollment-token-output',
    '$ bin/elasticsearch-create-enrollment-token -s kibana\n«eyJ2ZXIiOiI4LjE0LjEiLCJhZHIiOlsiMTcyLjE4LjAuMjo5MjAwIl0sImZnciI6I{b120}{b40}=»',
  ],
  [
    'data80-elasticsearch-users-useradd-password-flag',
    "$ bin/elasticsearch-users useradd monitoring_bot -p '«{a18}»' -r remote_monitoring_agent\n$ bin/elasticsearch-users list\nmonitoring_bot  : remote_monitoring_agent",
  ],
  [
    'data80-cqlsh-user-password-flags',
    "$ cqlsh -u cassandra -p '«{a18}»' cass-1.data.internal 9042\nConnected to events at cass-1.data.internal:9042\n[cqlsh 6.1.0 | Cassandra 4.1.5 | CQL spec 3.4.6 | Native protocol v5]\ncassandra@cqlsh> DESCRIBE KEYSPACES;",
  ],
  [
    'data80-cqlshrc-authentication-password',
    '; ~/.cassandra/cqlshrc\n[authentication]\nusername = analytics_ro\npassword = «{a20}»\n\n[connection]\nhostname = cass-1.data.internal\nport = 9042\nssl = true',
  ],
  [
    'data80-cassandra-python-plaintext-auth-provider',
    'from cassandra.auth import PlainTextAuthProvider\nfrom cassandra.cluster import Cluster\n\nauth = PlainTextAuthProvider(username="ingest", password="«{a22}»")\ncluster = Cluster(["10.0.4.11", "10.0.4.12"], auth_provider=auth)\nsession = cluster.connect("telemetry")',
  ],
  [
    'data80-cassandra-java-cqlsession-auth-credentials',
    'CqlSession session = CqlSession.builder()\n    .addContactPoint(new InetSocketAddress("cass-1.data.internal", 9042))\n    .withLocalDatacenter("eu-west-1")\n    .withAuthCredentials("telemetry_writer", "«{a20}»")\n    .withKeyspace("telemetry")\n    .build();',
  ],
  [
    'data80-cql-alter-role-with-password',
    "cassandra@cqlsh> CREATE ROLE spark_reader WITH LOGIN = true AND PASSWORD = '«{a18}»';\ncassandra@cqlsh> GRANT SELECT ON KEYSPACE telemetry TO spark_reader;",
  ],
  [
    'data80-astra-db-application-token-env',
    'ASTRA_DB_API_ENDPOINT=https://{h8}-{h4}-4{h3}-a{h3}-{h12}-us-east1.apps.astra.datastax.com\nASTRA_DB_APPLICATION_TOKEN=«AstraCS:{a24}:{h64}»\nASTRA_DB_KEYSPACE=default_keyspace',
  ],
  ['data80-scylla-cloud-cqlsh-password', 'cqlsh -u scylla -p «{a14}» node-0.aws-eu-west-1.{h20}.clusters.scylla.cloud'],
  [
    'data80-cassandra-yaml-spark-conf-file-password',
    'datastax-java-driver {\n  basic.contact-points = ["cass-1.data.internal:9042"]\n  basic.load-balancing-policy.local-datacenter = dc1\n  advanced.auth-provider {\n    class = PlainTextAuthProvider\n    username = reporting\n    password = "«{a20}»"\n  }\n}',
  ],
  [
    'data80-neo4j-docker-neo4j-auth-env',
    'docker run -d --name graph \\\n  -p 7474:7474 -p 7687:7687 \\\n  -e NEO4J_AUTH=neo4j/«{a20}» \\\n  -e NEO4J_PLUGINS=\'["apoc"]\' \\\n  neo4j:5.20',
  ],
  [
    'data80-neo4j-aura-credentials-txt',
    '# Wait 60 seconds before connecting using these details, or login to https://console.neo4j.io to validate the Aura Instance is available\nNEO4J_URI=neo4j+s://{h8}.databases.neo4j.io\nNEO4J_USERNAME=neo4j\nNEO4J_PASSWORD=«{B43}»\nAURA_INSTANCEID={h8}\nAURA_INSTANCENAME=Instance01',
  ],
  [
    'data80-neo4j-python-driver-auth-tuple',
    'from neo4j import GraphDatabase\ndriver = GraphDatabase.driver("neo4j+s://graph.acme.io:7687", auth=("recommender", "«{a22}»"))\nwith driver.session(database="products") as s:\n    s.run("MATCH (p:Product) RETURN count(p)")',
  ],
  [
    'data80-cypher-shell-password-flag',
    '$ cypher-shell -a bolt://graph.internal:7687 -u neo4j -p \'«{a18}»\' -d lineage "MATCH (n:Table) RETURN count(n);"\n+----------+\n| count(n) |\n+----------+\n| 1843     |',
  ],
  ['data80-neo4j-bolt-uri-with-userinfo', 'LINEAGE_GRAPH_URL=bolt://lineage_writer:«{a20}»@graph.internal:7687'],
  [
    'data80-neo4j-admin-set-initial-password',
    "$ neo4j-admin dbms set-initial-password «{a16}»\nChanged password for user 'neo4j'. IMPORTANT: this change will only take effect if performed before the database is started for the first time.",
  ],
  [
    'data80-mongodb-atlas-srv-uri-python',
    'from pymongo import MongoClient\nclient = MongoClient("mongodb+srv://analytics:«{a20}»@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0")\ndb = client["events"]',
  ],
  [
    'data80-mongosh-srv-username-password-flags',
    '$ mongosh "mongodb+srv://cluster0.{l5}.mongodb.net/events" --apiVersion 1 --username dba --password \'«{a18}»\'\nCurrent Mongosh Log ID:\t{h24}\nConnecting to:\t\tmongodb+srv://<credentials>@cluster0.{l5}.mongodb.net/events',
  ],
  [
    'data80-atlas-cli-config-private-api-key-uuid',
    '# ~/.config/atlascli/config.toml\n[default]\n  org_id = "{h24}"\n  output = "json"\n  public_api_key = "{L8}"\n  private_api_key = "«{h8}-{h4}-4{h3}-a{h3}-{h12}»"\n  service = "cloud"',
  ],
  [
    'data80-atlas-admin-api-digest-curl-private-key',
    'curl --user "{L8}:«{h8}-{h4}-4{h3}-a{h3}-{h12}»" --digest \\\n  --header "Accept: application/vnd.atlas.2023-02-01+json" \\\n  "https://cloud.mongodb.com/api/atlas/v2/groups/{h24}/clusters?pretty=true"',
  ],
  [
    'data80-mongo-initdb-root-password-compose',
    '  mongo:\n    image: mongo:7.0\n    environment:\n      MONGO_INITDB_ROOT_USERNAME: root\n      MONGO_INITDB_ROOT_PASSWORD: «{a20}»\n    volumes:\n      - mongo-data:/data/db',
  ],
  [
    'data80-mongodump-uri-password',
    'mongodump --uri="mongodb://backup:«{a18}»@mongo-0.data.internal:27017,mongo-1.data.internal:27017/?replicaSet=rs0&authSource=admin" \\\n  --gzip --archive=/backups/mongo-$(date +%F).gz',
  ],
  [
    'data80-mongoose-connect-replica-set-uri',
    "await mongoose.connect(\n  'mongodb://events_api:«{a20}»@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/events?replicaSet=rs0&authSource=admin',\n  { maxPoolSize: 20 }\n);",
  ],
  [
    'data80-debezium-mongodb-connection-string',
    '"connector.class": "io.debezium.connector.mongodb.MongoDbConnector",\n"mongodb.connection.string": "mongodb+srv://debezium:«{a20}»@orders.{l5}.mongodb.net/?authSource=admin",\n"topic.prefix": "orders-mongo",\n"collection.include.list": "shop.orders"',
  ],
  [
    'data80-influx-config-create-token',
    '$ influx config create --config-name prod \\\n  --host-url https://eu-central-1-1.aws.cloud2.influxdata.com \\\n  --org acme-iot \\\n  --token «{B86}==» \\\n  --active',
  ],
  [
    'data80-influx-token-env-export',
    'export INFLUX_HOST=https://influx.data.internal:8086\nexport INFLUX_ORG=acme\nexport INFLUX_TOKEN=«{B86}==»\ninflux query \'from(bucket:"sensors") |> range(start:-1h) |> count()\'',
  ],
  [
    'data80-telegraf-outputs-influxdb-v2-token',
    '[[outputs.influxdb_v2]]\n  urls = ["https://influx.data.internal:8086"]\n  token = "«{B86}==»"\n  organization = "acme"\n  bucket = "telegraf"',
  ],
  [
    'data80-influxdb-client-python-token-kwarg',
    'from influxdb_client import InfluxDBClient\nwith InfluxDBClient(url="https://influx.data.internal:8086", token="«{B86}==»", org="acme") as client:\n    tables = client.query_api().query(\'from(bucket:"energy") |> range(start: -15m)\')',
  ],
  [
    'data80-influxdb-write-api-curl-token-header',
    'curl -s -X POST "https://influx.data.internal:8086/api/v2/write?org=acme&bucket=metrics&precision=s" \\\n  -H "Authorization: Token «{B86}==»" \\\n  --data-binary \'cpu,host=etl-1 usage=0.64 1718096400\'',
  ],
  [
    'data80-influxdb-docker-init-admin-token-and-password',
    '      DOCKER_INFLUXDB_INIT_MODE: setup\n      DOCKER_INFLUXDB_INIT_USERNAME: admin\n      DOCKER_INFLUXDB_INIT_PASSWORD: «{a20}»\n      DOCKER_INFLUXDB_INIT_ORG: acme\n      DOCKER_INFLUXDB_INIT_BUCKET: telemetry\n      DOCKER_INFLUXDB_INIT_ADMIN_TOKEN: «{a40}»',
  ],
  [
    'data80-influxdb-v1-query-url-u-p-params',
    'curl -G \'http://influx-v1.internal:8086/query?u=grafana&p=«{a18}»\' --data-urlencode "db=collectd" --data-urlencode "q=SHOW MEASUREMENTS"',
  ],
  [
    'data80-influxdb3-apiv3-token-env',
    '$ influxdb3 create token --admin\nNew token created successfully!\n\nToken: «apiv3_{B86}»\n\nIMPORTANT: Store this token securely, as it will not be shown again.',
  ],
  [
    'data80-grafana-provisioning-postgres-securejsondata-password',
    'apiVersion: 1\ndatasources:\n  - name: TimescaleDB\n    type: grafana-postgresql-datasource\n    url: tsdb.internal:5432\n    user: grafana_ro\n    jsonData:\n      database: metrics\n      sslmode: require\n      timescaledb: true\n    secureJsonData:\n      password: «{a20}»',
  ],
  [
    'data80-grafana-provisioning-prometheus-basic-auth-password',
    '  - name: Mimir\n    type: prometheus\n    access: proxy\n    url: https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom\n    basicAuth: true\n    basicAuthUser: {d7}\n    secureJsonData:\n      basicAuthPassword: «glc_eyJvIjoi{d7}IiwibiI6Im{b60}fQ==»',
  ],
  [
    'data80-grafana-ini-admin-password-and-secret-key',
    '[security]\nadmin_user = admin\nadmin_password = «{a18}»\nsecret_key = «{a32}»\ncookie_secure = true',
  ],
  [
    'data80-grafana-service-account-token-curl',
    'curl -s -H "Authorization: Bearer «glsa_{a32}_{h8}»" \\\n  https://grafana.acme.io/api/dashboards/uid/{a9} | jq \'.dashboard.title\'',
  ],
  [
    'data80-grafana-env-database-password',
    'GF_DATABASE_TYPE=postgres\nGF_DATABASE_HOST=grafana-db.internal:5432\nGF_DATABASE_USER=grafana\nGF_DATABASE_PASSWORD=«{a20}»\nGF_SERVER_ROOT_URL=https://grafana.acme.io',
  ],
  [
    'data80-grafana-provisioning-clickhouse-password',
    '  - name: ClickHouse Events\n    type: grafana-clickhouse-datasource\n    jsonData:\n      host: ch-1.data.internal\n      port: 9440\n      protocol: native\n      secure: true\n      username: grafana\n    secureJsonData:\n      password: «{a22}»',
  ],
  [
    'data80-grafana-provisioning-elasticsearch-basic-auth-password',
    '  - name: Logs\n    type: elasticsearch\n    url: https://es-logs.internal:9200\n    basicAuth: true\n    basicAuthUser: grafana\n    jsonData:\n      index: logs-*\n      timeField: "@timestamp"\n    secureJsonData:\n      basicAuthPassword: «{a20}»',
  ],
  [
    'data80-grafana-provisioning-influxdb-flux-token',
    '  - name: InfluxDB Sensors\n    type: influxdb\n    url: https://influx.data.internal:8086\n    jsonData:\n      version: Flux\n      organization: acme\n      defaultBucket: sensors\n    secureJsonData:\n      token: «{B86}==»',
  ],
  [
    'data80-timescale-cloud-psql-service-url',
    '$ psql "postgres://tsdbadmin:«{a16}»@{l10}.{l10}.tsdb.cloud.timescale.com:3{d4}/tsdb?sslmode=require"\npsql (16.3, server 16.2 (Ubuntu 16.2-1.pgdg22.04+1))\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)\ntsdb=>',
  ],
  [
    'data80-timescale-python-psycopg-conn-string',
    'CONNECTION = "postgres://tsdbadmin:«{a16}»@{l10}.{l10}.tsdb.cloud.timescale.com:3{d4}/tsdb?sslmode=require"\nwith psycopg2.connect(CONNECTION) as conn:\n    cur = conn.cursor()\n    cur.execute("SELECT create_hypertable(\'readings\', by_range(\'time\'));")',
  ],
  [
    'data80-grafana-alerting-contactpoint-slack-url',
    'apiVersion: 1\ncontactPoints:\n  - orgId: 1\n    name: data-oncall\n    receivers:\n      - uid: {a14}\n        type: slack\n        settings:\n          url: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»',
  ],
  [
    'data80-grafana-api-create-datasource-json-password',
    'curl -s -X POST https://admin:«{a16}»@grafana.acme.io/api/datasources \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"name":"Warehouse","type":"postgres","url":"dwh.internal:5432","user":"grafana","secureJsonData":{"password":"«{a20}»"},"jsonData":{"database":"analytics"}}\'',
  ],
  [
    'data80-gx-great-expectations-yml-connection-string',
    'datasources:\n  warehouse:\n    class_name: Datasource\n    execution_engine:\n      class_name: SqlAlchemyExecutionEngine\n      connection_string: postgresql+psycopg2://gx_validator:«{a20}»@dwh.internal:5432/analytics\n    data_connectors:\n      default_inferred_data_connector_name:\n        class_name: InferredAssetSqlDataConnector',
  ],
  [
    'data80-gx-config-variables-yml-password',
    '# uncommitted/config_variables.yml\ninstance_id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nwarehouse_password: «{a22}»\nwarehouse_user: gx_validator',
  ],
  [
    'data80-gx-fluent-add-snowflake-connection-string',
    'context = gx.get_context()\nds = context.data_sources.add_snowflake(\n    name="snowflake_raw",\n    connection_string="snowflake://GX_USER:«{a20}»@xy12345.eu-west-1/RAW/STRIPE?warehouse=GX_WH&role=GX_ROLE",\n)',
  ],
  [
    'data80-gx-cloud-access-token-env',
    'export GX_CLOUD_ORGANIZATION_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nexport GX_CLOUD_ACCESS_TOKEN=«{h32}»\npython validate_orders.py',
  ],
  [
    'data80-gx-checkpoint-slack-notification-webhook',
    'action_list:\n  - name: send_slack_notification_on_validation_result\n    action:\n      class_name: SlackNotificationAction\n      slack_webhook: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\n      notify_on: failure',
  ],
  [
    'data80-jupyter-server-config-token',
    '# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = "0.0.0.0"\nc.ServerApp.port = 8888\nc.ServerApp.open_browser = False\nc.IdentityProvider.token = "«{h48}»"',
  ],
  [
    'data80-jupyter-server-list-url-token',
    '$ jupyter server list\nCurrently running servers:\nhttp://gpu-box-3:8888/?token=«{h48}» :: /home/analyst/notebooks',
  ],
  [
    'data80-jupyter-kernel-connection-file-hmac-key',
    '$ cat ~/.local/share/jupyter/runtime/kernel-{h8}-{h4}-4{h3}-a{h3}-{h12}.json\n{\n  "shell_port": 53794,\n  "iopub_port": 53795,\n  "ip": "127.0.0.1",\n  "key": "«{h8}-{h4}-4{h3}-a{h3}-{h12}»",\n  "transport": "tcp",\n  "signature_scheme": "hmac-sha256",\n  "kernel_name": "python3"\n}',
  ],
  [
    'data80-jupyterhub-config-proxy-auth-and-service-token',
    'c.ConfigurableHTTPProxy.auth_token = "«{h64}»"\nc.JupyterHub.services = [\n    {"name": "idle-culler", "api_token": "«{h32}»", "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=3600"]},\n]',
  ],
  [
    'data80-zeppelin-interpreter-json-jdbc-default-password',
    '"default.url": {"name": "default.url", "value": "jdbc:postgresql://dwh.internal:5432/analytics", "type": "string"},\n"default.user": {"name": "default.user", "value": "zeppelin", "type": "string"},\n"default.password": {"name": "default.password", "value": "«{a18}»", "type": "password"},\n"default.driver": {"name": "default.driver", "value": "org.postgresql.Driver", "type": "string"}',
  ],
  [
    'data80-zeppelin-shiro-ini-users-password',
    '[users]\nadmin = «{a16}», admin\nanalyst1 = «{a16}», role1\n\n[main]\nsessionManager = org.apache.shiro.web.session.mgt.DefaultWebSessionManager',
  ],
  [
    'data80-jupyter-env-magic-snowflake-password',
    'In [3]: %env SNOWFLAKE_USER=JDOE\nIn [4]: %env SNOWFLAKE_PASSWORD=«{a20}»\nIn [5]: conn = snowflake.connector.connect(account="xy12345", user=os.environ["SNOWFLAKE_USER"], password=os.environ["SNOWFLAKE_PASSWORD"])',
  ],
  [
    'data80-ipynb-output-cell-printed-connection-url',
    '   "outputs": [\n    {\n     "name": "stdout",\n     "output_type": "stream",\n     "text": [\n      "engine url: postgresql://analyst:«{a18}»@pg-replica.internal:5432/crm\\n"\n     ]\n    }\n   ],',
  ],
  [
    'data80-sparkmagic-config-json-livy-password',
    '{\n  "kernel_python_credentials": {\n    "username": "livy_user",\n    "password": "«{a20}»",\n    "url": "https://livy.data.internal:8998",\n    "auth": "Basic_Access"\n  }\n}',
  ],
  [
    'data80-ipython-sql-magic-connection-string',
    '%load_ext sql\n%sql mysql+pymysql://notebook:«{a16}»@mysql-shop.internal:3306/shop\n%sql SELECT status, count(*) FROM orders GROUP BY status',
  ],
  [
    'data80-prefect-cloud-login-key-flag',
    "$ prefect cloud login -k «pnu_{a36}» --workspace acme/analytics\nAuthenticated with Prefect Cloud! Using workspace 'acme/analytics'.",
  ],
  [
    'data80-prefect-profiles-toml-api-key',
    '# ~/.prefect/profiles.toml\nactive = "cloud"\n\n[profiles.cloud]\nPREFECT_API_URL = "https://api.prefect.cloud/api/accounts/{h8}-{h4}-4{h3}-a{h3}-{h12}/workspaces/{h8}-{h4}-4{h3}-a{h3}-{h12}"\nPREFECT_API_KEY = "«pnu_{a36}»"',
  ],
  [
    'data80-prefect-sqlalchemy-connector-block-password',
    'from prefect_sqlalchemy import ConnectionComponents, SqlAlchemyConnector, SyncDriver\n\nSqlAlchemyConnector(\n    connection_info=ConnectionComponents(\n        driver=SyncDriver.POSTGRESQL_PSYCOPG2,\n        username="prefect",\n        password="«{a20}»",\n        host="dwh.internal",\n        port=5432,\n        database="analytics",\n    )\n).save("dwh", overwrite=True)',
  ],
  [
    'data80-prefect-secret-block-save-value',
    'from prefect.blocks.system import Secret\nSecret(value="«{a24}»").save("snowflake-loader-password", overwrite=True)',
  ],
  [
    'data80-prefect-aws-credentials-block-secret',
    'from prefect_aws import AwsCredentials\nAwsCredentials(\n    aws_secret_access_key="«{a40}»",\n    region_name="eu-west-1",\n).save("lake-writer")',
  ],
  [
    'data80-dagster-cloud-agent-token-env',
    '# dagster_cloud.yaml for the hybrid agent\ninstance_class:\n  module: dagster_cloud.instance\n  class: DagsterCloudAgentInstance\ndagster_cloud_api:\n  agent_token: «agent:acme:{h32}»\n  deployment: prod',
  ],
  [
    'data80-dagster-run-config-resource-password',
    'resources:\n  snowflake:\n    config:\n      account: xy12345.eu-west-1\n      user: DAGSTER\n      password: «{a22}»\n      warehouse: DAGSTER_WH\n      database: ANALYTICS',
  ],
  [
    'data80-dagster-definitions-snowflake-resource-password',
    'defs = Definitions(\n    assets=[raw_orders, stg_orders],\n    resources={\n        "snowflake": SnowflakeResource(\n            account="xy12345.eu-west-1", user="DAGSTER", password="«{a22}»", warehouse="DAGSTER_WH"\n        )\n    },\n)',
  ],
  [
    'data80-dagster-yaml-run-storage-postgres-password',
    'run_storage:\n  module: dagster_postgres.run_storage\n  class: PostgresRunStorage\n  config:\n    postgres_db:\n      hostname: dagster-db.internal\n      username: dagster\n      password: «{a20}»\n      db_name: dagster',
  ],
  ['data80-dagster-cloud-user-token-cli', '$ dagster-cloud config setup --organization acme --deployment prod --user-token «user:{h32}»'],
  [
    'data80-snowsql-config-password',
    '# ~/.snowsql/config\n[connections.prod]\naccountname = xy12345.eu-west-1\nusername = JDOE\npassword = «{a20}»\nwarehousename = ANALYST_WH\nrolename = ANALYST',
  ],
  [
    'data80-snowsql-pwd-env-inline',
    '$ SNOWSQL_PWD=\'«{a18}»\' snowsql -a xy12345.eu-west-1 -u LOADER -w LOAD_WH -q "LIST @raw.stripe.stage"',
  ],
  [
    'data80-snowflake-connector-python-password-kwarg',
    'conn = snowflake.connector.connect(\n    user="ETL_SVC",\n    password="«{a22}»",\n    account="xy12345.eu-west-1",\n    warehouse="ETL_WH",\n    database="RAW",\n)',
  ],
  [
    'data80-snowflake-create-user-password-sql',
    "CREATE USER looker_svc\n  PASSWORD = '«{a20}»'\n  DEFAULT_ROLE = REPORTER\n  DEFAULT_WAREHOUSE = BI_WH\n  MUST_CHANGE_PASSWORD = FALSE;",
  ],
  [
    'data80-snowflake-cli-connections-toml-password',
    '# ~/.snowflake/connections.toml\n[prod]\naccount = "xy12345.eu-west-1"\nuser = "JDOE"\npassword = "«{a20}»"\nwarehouse = "ANALYST_WH"\nrole = "ANALYST"',
  ],
  [
    'data80-snowflake-sqlalchemy-url-password',
    'engine = create_engine(\n    "snowflake://REPORTING:«{a20}»@xy12345.eu-west-1/ANALYTICS/MARTS?warehouse=BI_WH&role=REPORTER"\n)',
  ],
  [
    'data80-snowflake-jdbc-properties-private-key-pwd',
    'Properties props = new Properties();\nprops.put("user", "JAVA_SVC");\nprops.put("private_key_file", "/etc/keys/rsa_key.p8");\nprops.put("private_key_pwd", "«{a24}»");\nprops.put("db", "ANALYTICS");',
  ],
  [
    'data80-redshift-pgpassword-psql',
    '$ PGPASSWORD=\'«{a20}»\' psql -h acme-dwh.{l12}.eu-west-1.redshift.amazonaws.com -p 5439 -U admin -d dev -c "select count(*) from stv_sessions;"',
  ],
  [
    'data80-redshift-connector-python-password',
    'import redshift_connector\nconn = redshift_connector.connect(\n    host="acme-dwh.{l12}.eu-west-1.redshift.amazonaws.com",\n    database="dev",\n    port=5439,\n    user="analyst",\n    password="«{a20}»",\n)',
  ],
  [
    'data80-bigquery-keyfile-json-cat-output',
    '$ cat ~/keys/bq-loader.json\n{\n  "type": "service_account",\n  "project_id": "acme-analytics-prod",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD{b13}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "bq-loader@acme-analytics-prod.iam.gserviceaccount.com",\n  "client_id": "{d21}",',
  ],
  [
    'data80-bigquery-python-from-service-account-info-private-key',
    'creds = service_account.Credentials.from_service_account_info({\n    "type": "service_account",\n    "project_id": "acme-analytics-prod",\n    "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD{b13}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----»\\n",\n    "client_email": "looker-bq@acme-analytics-prod.iam.gserviceaccount.com",\n    "token_uri": "https://oauth2.googleapis.com/token",\n})',
  ],
  [
    'data80-databrickscfg-host-and-token',
    '$ cat ~/.databrickscfg\n[DEFAULT]\nhost  = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken = «dapi{h32}-3»',
  ],
  [
    'data80-databricks-sql-connector-access-token',
    'from databricks import sql\nwith sql.connect(\n    server_hostname="dbc-{h8}-{h4}.cloud.databricks.com",\n    http_path="/sql/1.0/warehouses/{h16}",\n    access_token="«dapi{h32}»",\n) as conn:',
  ],
  [
    'data80-databricks-jobs-run-now-curl-bearer',
    'curl -s -X POST https://dbc-{h8}-{h4}.cloud.databricks.com/api/2.1/jobs/run-now \\\n  -H "Authorization: Bearer «dapi{h32}»" \\\n  -d \'{"job_id": {d15}, "job_parameters": {"run_date": "2024-06-11"}}\'',
  ],
  [
    'data80-databricks-secrets-put-string-value',
    "$ databricks secrets create-scope jdbc\n$ databricks secrets put-secret jdbc pg-password --string-value '«{a22}»'\n$ databricks secrets list-secrets jdbc\nKey          Last Updated Timestamp\npg-password  1718096400000",
  ],
  [
    'data80-databricks-jdbc-url-pwd-token',
    'jdbc:databricks://adb-{d16}.{d1}.azuredatabricks.net:443/default;transportMode=http;ssl=1;httpPath=sql/protocolv1/o/{d16}/{d4}-{d6}-{l8};AuthMech=3;UID=token;PWD=«dapi{h32}»',
  ],
  [
    'data80-databricks-terraform-provider-client-secret',
    'provider "databricks" {\n  host          = "https://accounts.cloud.databricks.com"\n  account_id    = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n  client_id     = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n  client_secret = "«dose{h32}»"\n}',
  ],
  [
    'data80-hive-site-xml-metastore-connection-password',
    '<property>\n  <name>javax.jdo.option.ConnectionUserName</name>\n  <value>hive</value>\n</property>\n<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>«{a20}»</value>\n</property>',
  ],
  [
    'data80-druid-runtime-properties-metadata-password',
    'druid.metadata.storage.type=postgresql\ndruid.metadata.storage.connector.connectURI=jdbc:postgresql://druid-meta.internal:5432/druid\ndruid.metadata.storage.connector.user=druid\ndruid.metadata.storage.connector.password=«{a20}»\ndruid.storage.type=s3',
  ],
  [
    'data80-druid-basic-security-initial-admin-password',
    'druid.auth.authenticatorChain=["MyBasicMetadataAuthenticator"]\ndruid.auth.authenticator.MyBasicMetadataAuthenticator.type=basic\ndruid.auth.authenticator.MyBasicMetadataAuthenticator.initialAdminPassword=«{a20}»\ndruid.auth.authenticator.MyBasicMetadataAuthenticator.initialInternalClientPassword=«{a20}»',
  ],
  [
    'data80-sqoop-import-password-flag',
    "sqoop import \\\n  --connect jdbc:mysql://mysql-legacy.internal:3306/billing \\\n  --username sqoop \\\n  --password '«{a16}»' \\\n  --table invoices \\\n  --target-dir /data/raw/billing/invoices \\\n  --num-mappers 4",
  ],
  [
    'data80-starrocks-mysql-client-password',
    '$ mysql -h starrocks-fe.internal -P 9030 -u root -p\'«{a18}»\' -e "SHOW BACKENDS\\G" | grep Alive',
  ],
  [
    'data80-rpk-profile-sasl-password',
    '$ rpk profile create redpanda-cloud \\\n    --set brokers=seed-{h8}.{l20}.byoc.prd.cloud.redpanda.com:9092 \\\n    --set tls.enabled=true \\\n    --set sasl.mechanism=SCRAM-SHA-256 \\\n    --set user=analytics \\\n    --set pass=«{a24}»',
  ],
  [
    'data80-materialize-psql-app-password',
    'psql "postgres://data%40acme.io:«mzp_{h64}»@{l20}.eu-west-1.aws.materialize.cloud:6875/materialize?sslmode=require"',
  ],
  [
    'data80-impyla-connect-ldap-password',
    'from impala.dbapi import connect\nconn = connect(host="impala-lb.data.internal", port=21050, use_ssl=True,\n               auth_mechanism="LDAP", user="analyst", password="«{a18}»")',
  ],
  [
    'data80-pinot-controller-basic-auth-properties',
    'controller.segment.fetcher.auth.token=Basic «{b32}»\ncontroller.admin.access.control.factory.class=org.apache.pinot.controller.api.access.BasicAuthAccessControlFactory\ncontroller.admin.access.control.principals=admin\ncontroller.admin.access.control.principals.admin.password=«{a20}»',
  ],
  [
    'data80-nifi-properties-sensitive-props-key',
    'nifi.sensitive.props.key=«{a24}»\nnifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\nnifi.security.keystorePasswd=«{a32}»\nnifi.security.keyPasswd=«{a32}»',
  ],
  [
    'data80-azure-data-factory-linked-service-connection-string',
    '{\n  "name": "AzureSqlDwh",\n  "properties": {\n    "type": "AzureSqlDW",\n    "typeProperties": {\n      "connectionString": "Server=tcp:acme-dwh.database.windows.net,1433;Database=dwh;User ID=adf_loader;Password=«{a20}»;Encrypt=True;"\n    }\n  }\n}',
  ],
  [
    'data80-chat-prose-pasted-warehouse-password',
    'the nightly dbt job started failing with "Incorrect username or password was specified" after Kim rotated it. new creds for DBT_PROD are user DBT_PROD / «{a20}» — can you update profiles.yml on the runner and re-trigger the build?',
  ],
  [
    'data80-chat-prose-elastic-password-and-kibana',
    'ES is up on the new box. login is elastic / «{a20}» and kibana_system got «{a20}», can you wire those into the compose file and check that kibana comes up green?',
  ],
  [
    'data80-mixpanel-service-account-secret-python',
    'from requests.auth import HTTPBasicAuth\nauth = HTTPBasicAuth("etl-export.{h6}.mp-service-account", "«{a32}»")\nr = requests.get("https://data-eu.mixpanel.com/api/2.0/export", params={"project_id": {d7}, "from_date": "2024-06-10", "to_date": "2024-06-10"}, auth=auth)',
  ],
  [
    'data80-hex-api-token-run-project',
    'curl -s -X POST https://app.hex.tech/api/v1/project/{h8}-{h4}-4{h3}-a{h3}-{h12}/run \\\n  -H "Authorization: Bearer «{a48}»" \\\n  -H "Content-Type: application/json" -d \'{"updateCache": true}\'',
  ],
  [
    'data80-kafka-ui-application-yaml-cluster-jaas',
    'kafka:\n  clusters:\n    - name: prod-msk\n      bootstrapServers: b-1.prod.{l6}.c2.kafka.eu-west-1.amazonaws.com:9096\n      properties:\n        security.protocol: SASL_SSL\n        sasl.mechanism: SCRAM-SHA-512\n        sasl.jaas.config: org.apache.kafka.common.security.scram.ScramLoginModule required username="kafka-ui" password="«{a24}»";',
  ],
  [
    'data80-akhq-connect-basic-auth-password',
    'akhq:\n  connections:\n    prod:\n      properties:\n        bootstrap.servers: kafka-1.internal:9092\n      connect:\n        - name: connect-prod\n          url: https://connect.internal:8083\n          basic-auth-username: akhq\n          basic-auth-password: «{a20}»',
  ],
];

export const BLIND80_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'data80-debezium-config-provider-file-reference',
    '{\n  "connector.class": "io.debezium.connector.postgresql.PostgresConnector",\n  "database.hostname": "pg-primary.internal",\n  "database.user": "debezium",\n  "database.password": "${file:/opt/kafka/external-configuration/pg-credentials/pg.properties:password}",\n  "topic.prefix": "inv"\n}',
  ],
  [
    'data80-connect-log-hidden-password-values',
    '[2024-06-11 09:14:02,117] INFO JdbcSinkConfig values:\n\tconnection.password = [hidden]\n\tconnection.url = jdbc:postgresql://warehouse.internal:5432/analytics\n\tconnection.user = kafka_sink\n\tinsert.mode = upsert',
  ],
  [
    'data80-strimzi-secrets-config-provider-reference',
    '  config:\n    config.providers: secrets\n    config.providers.secrets.class: io.strimzi.kafka.KubernetesSecretConfigProvider\n    database.user: ${secrets:kafka/mysql-orders-creds:username}\n    database.password: ${secrets:kafka/mysql-orders-creds:password}',
  ],
  [
    'data80-connect-env-var-config-provider',
    'config.providers=env\nconfig.providers.env.class=org.apache.kafka.common.config.provider.EnvVarConfigProvider\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${env:CC_API_KEY}" password="${env:CC_API_SECRET}";',
  ],
  [
    'data80-connect-vault-config-provider-reference',
    '"connection.password": "${vault:secret/data/kafka-connect/warehouse:password}",\n"connection.user": "${vault:secret/data/kafka-connect/warehouse:username}",',
  ],
  [
    'data80-kraft-storage-format-cluster-id',
    '$ KAFKA_CLUSTER_ID="$(bin/kafka-storage.sh random-uuid)"; echo $KAFKA_CLUSTER_ID\n{B22}\n$ bin/kafka-storage.sh format -t {B22} -c config/kraft/server.properties\nFormatting /tmp/kraft-combined-logs with metadata.version 3.7-IV4.',
  ],
  [
    'data80-confluent-cloud-resource-ids',
    '$ confluent kafka cluster describe lkc-{l5}\n+----------------------+--------------------------------------------------------+\n| Current              | true                                                   |\n| ID                   | lkc-{l5}                                              |\n| Environment          | env-{l5}                                              |\n| Endpoint             | SASL_SSL://pkc-{l5}.eu-west-1.aws.confluent.cloud:9092 |\n| Service account      | sa-{l6}                                               |',
  ],
  [
    'data80-kafka-consumer-groups-describe-offsets',
    'GROUP            TOPIC      PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID                                                      HOST          CLIENT-ID\ndbt-ingest-v2    orders.v1  0          {d8}        {d8}        12   consumer-dbt-ingest-v2-1-{h8}-{h4}-4{h3}-a{h3}-{h12}  /10.0.4.17    consumer-dbt-ingest-v2-1\ndbt-ingest-v2    orders.v1  1          {d8}        {d8}        0    consumer-dbt-ingest-v2-1-{h8}-{h4}-4{h3}-a{h3}-{h12}  /10.0.4.17    consumer-dbt-ingest-v2-1',
  ],
  [
    'data80-confluent-api-key-list-no-secrets',
    '$ confluent api-key list --resource lkc-{l5}\n  Current |       Key        |  Description  |   Owner   |        Owner Email         | Resource Type |  Resource  |       Created\n----------+------------------+---------------+-----------+----------------------------+---------------+------------+-----------------------\n          | {u16} | dbt ingest    | sa-{l6} |                            | kafka         | lkc-{l5} | 2024-06-11T09:12:44Z',
  ],
  [
    'data80-flink-sql-env-placeholder-password',
    "-- password is injected by the Flink Kubernetes operator from the pg-cdc secret\nCREATE TABLE orders_src (...) WITH (\n  'connector' = 'postgres-cdc',\n  'hostname' = 'pg-primary.internal',\n  'username' = 'flink_cdc',\n  'password' = '${PG_CDC_PASSWORD}',\n  'slot.name' = 'flink_orders'\n);",
  ],
  [
    'data80-spark-jdbc-dbutils-secrets-get',
    'jdbc_password = dbutils.secrets.get(scope="jdbc", key="pg-password")\ndf = (spark.read.format("jdbc")\n      .option("url", "jdbc:postgresql://pg-replica.internal:5432/crm")\n      .option("user", "spark_etl")\n      .option("password", jdbc_password)\n      .load())',
  ],
  [
    'data80-databricks-cluster-spark-conf-secret-ref',
    '"spark_conf": {\n  "spark.hadoop.fs.azure.account.key.acmelake.dfs.core.windows.net": "{{secrets/lake/storage-account-key}}",\n  "spark.sql.shuffle.partitions": "auto"\n},\n"cluster_id": "{d4}-{d6}-{l8}"',
  ],
  [
    'data80-spark-submit-web-identity-provider-no-keys',
    'spark-submit \\\n  --conf spark.hadoop.fs.s3a.aws.credentials.provider=com.amazonaws.auth.WebIdentityTokenCredentialsProvider \\\n  --conf spark.kubernetes.authenticate.driver.serviceAccountName=spark-jobs \\\n  --conf spark.eventLog.dir=s3a://acme-spark-logs/events \\\n  local:///opt/jobs/sessionize.py',
  ],
  [
    'data80-spark-application-ids-and-event-log',
    '24/06/11 09:31:07 INFO Client: Submitted application application_{d13}_0042\n24/06/11 09:31:08 INFO SparkContext: Spark app id: spark-{h32}\nevent log: s3a://acme-spark-logs/events/spark-{h32}.zstd',
  ],
  [
    'data80-trino-catalog-env-substitution-password',
    'connector.name=postgresql\nconnection-url=jdbc:postgresql://pg-crm.internal:5432/crm\nconnection-user=${ENV:CRM_DB_USER}\nconnection-password=${ENV:CRM_DB_PASSWORD}',
  ],
  [
    'data80-trino-query-ids-system-runtime',
    'trino> SELECT query_id, state, user FROM system.runtime.queries ORDER BY created DESC LIMIT 2;\n          query_id           |  state   |  user\n-----------------------------+----------+---------\n 20240611_093215_{d5}_{l5} | FINISHED | superset\n 20240611_093201_{d5}_{l5} | FAILED   | airflow',
  ],
  [
    'data80-airflow-jinja-conn-password-template',
    "COPY INTO raw.stripe.charges\nFROM @raw.stripe.stage\nCREDENTIALS = (AWS_KEY_ID = '{{ conn.aws_lake.login }}' AWS_SECRET_KEY = '{{ conn.aws_lake.password }}')\nFILE_FORMAT = (TYPE = JSON);",
  ],
  [
    'data80-airflow-task-log-masked-password',
    "[2024-06-11, 09:14:02 UTC] {base.py:84} INFO - Using connection ID 'pg_dwh' for task execution.\n[2024-06-11, 09:14:02 UTC] {subprocess.py:93} INFO - pg_dump -h dwh.internal -U airflow_etl --password=*** analytics\n[2024-06-11, 09:14:09 UTC] {taskinstance.py:1206} INFO - Marking task as SUCCESS. dag_id=dwh_backup, task_id=dump, run_id=scheduled__2024-06-10T00:00:00+00:00",
  ],
  [
    'data80-airflow-secrets-backend-kwargs',
    '[secrets]\nbackend = airflow.providers.amazon.aws.secrets.secrets_manager.SecretsManagerBackend\nbackend_kwargs = {"connections_prefix": "airflow/connections", "variables_prefix": "airflow/variables", "region_name": "eu-west-1"}',
  ],
  [
    'data80-airflow-fernet-key-generation-command',
    '# generate a fernet key and store it in the airflow-fernet-key secret, do not commit it\npython -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"\nkubectl -n airflow create secret generic airflow-fernet-key --from-literal=fernet-key="$FERNET_KEY"',
  ],
  [
    'data80-airflow-dag-run-ids-and-map-index',
    'dag_id=dbt_nightly run_id=manual__2024-06-11T07:42:18.914311+00:00 task_id=dbt_build map_index=-1\ndag_id=dbt_nightly run_id=scheduled__2024-06-10T00:00:00+00:00 try_number=2 job_id={d6}',
  ],
  [
    'data80-airflow-compose-env-from-file-references',
    '    environment:\n      AIRFLOW__DATABASE__SQL_ALCHEMY_CONN_CMD: cat /run/secrets/airflow_sql_alchemy_conn\n      AIRFLOW__CORE__FERNET_KEY_SECRET: airflow/config/fernet_key\n      AIRFLOW__WEBSERVER__SECRET_KEY_CMD: cat /run/secrets/webserver_secret_key',
  ],
  [
    'data80-dbt-profiles-env-var-password',
    '    prod:\n      type: snowflake\n      account: "{{ env_var(\'DBT_SNOWFLAKE_ACCOUNT\') }}"\n      user: "{{ env_var(\'DBT_SNOWFLAKE_USER\') }}"\n      password: "{{ env_var(\'DBT_ENV_SECRET_SNOWFLAKE_PASSWORD\') }}"\n      role: TRANSFORMER\n      warehouse: TRANSFORMING',
  ],
  [
    'data80-dbt-profiles-keypair-path-and-env-passphrase',
    '      authenticator: snowflake_jwt\n      private_key_path: /home/runner/.snowflake/rsa_key.p8\n      private_key_passphrase: "{{ env_var(\'DBT_ENV_SECRET_PRIVATE_KEY_PASSPHRASE\') }}"',
  ],
  [
    'data80-dbt-profiles-bigquery-oauth-and-keyfile-path',
    '    dev:\n      type: bigquery\n      method: oauth\n      project: acme-analytics-dev\n      dataset: dbt_jdoe\n    prod:\n      type: bigquery\n      method: service-account\n      keyfile: /secrets/bq/dbt-prod.json\n      project: acme-analytics-prod\n      dataset: marts',
  ],
  [
    'data80-dbt-manifest-unique-ids-and-checksums',
    '"model.acme.stg_auth__password_resets": {\n  "resource_type": "model",\n  "checksum": {"name": "sha256", "checksum": "{h64}"},\n  "unique_id": "model.acme.stg_auth__password_resets",\n  "fqn": ["acme", "staging", "auth", "stg_auth__password_resets"]\n}',
  ],
  [
    'data80-dbt-packages-yml-git-revision-sha',
    'packages:\n  - package: dbt-labs/dbt_utils\n    version: 1.2.0\n  - git: "https://github.com/acme/dbt-shared-macros.git"\n    revision: {h40}',
  ],
  [
    'data80-dbt-run-results-invocation-id',
    '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/run-results/v6.json", "dbt_version": "1.8.3", "generated_at": "2024-06-11T05:02:17.441Z", "invocation_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}"}, "elapsed_time": 412.7}',
  ],
  [
    'data80-dbt-model-sql-password-token-columns',
    "select\n    user_id,\n    password_changed_at,\n    password_reset_token_expires_at,\n    api_token_last_used_at,\n    mfa_secret_set\nfrom {{ source('auth', 'users') }}\nwhere password_hash is not null",
  ],
  [
    'data80-snowflake-query-ids-history',
    'QUERY_ID                              | QUERY_TAG     | WAREHOUSE_NAME | EXECUTION_STATUS\n{h8}-{d4}-{h4}-0000-{h12}  | dbt-nightly   | TRANSFORMING   | SUCCESS\n{h8}-{d4}-{h4}-0000-{h12}  | looker        | BI_WH          | FAILED_WITH_ERROR',
  ],
  [
    'data80-snowflake-desc-user-masked-and-key-fingerprint',
    '> DESC USER DBT_CI;\nproperty              | value\nPASSWORD              | ********\nRSA_PUBLIC_KEY_FP     | SHA256:{b43}=\nDEFAULT_WAREHOUSE     | CI_WH\nHAS_RSA_PUBLIC_KEY    | true',
  ],
  [
    'data80-snowflake-account-warehouse-role-identifiers',
    'account locator: {U2}{d5}.eu-west-1   org: ACME   account name: ACME_PROD\nwarehouses: LOAD_WH (XSMALL), TRANSFORMING (MEDIUM), BI_WH (SMALL)\nroles: LOADER, TRANSFORMER, REPORTER   db: ANALYTICS.MARTS',
  ],
  [
    'data80-bigquery-job-id-and-public-dataset',
    "$ bq query --use_legacy_sql=false 'SELECT corpus, COUNT(*) FROM `bigquery-public-data.samples.shakespeare` GROUP BY corpus'\nWaiting on bquxjob_{h8}_{h16} ... (1s) Current status: DONE\nJob acme-analytics-prod:EU.bquxjob_{h8}_{h16} finished",
  ],
  [
    'data80-gcloud-service-account-keys-list',
    '$ gcloud iam service-accounts keys list --iam-account=dbt-prod@acme-analytics-prod.iam.gserviceaccount.com\nKEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n{h40}  2024-03-02T11:04:51Z  9999-12-31T23:59:59Z\n{h40}  2023-09-14T08:22:10Z  9999-12-31T23:59:59Z',
  ],
  [
    'data80-databricks-tokens-list-ids',
    '$ databricks tokens list\nID                                                                Comment\n{h64}  dbt ci (expires 2024-09-01)\n{h64}  airflow databricks_default',
  ],
  [
    'data80-databricks-workspace-cluster-warehouse-ids',
    'host: https://adb-{d16}.{d1}.azuredatabricks.net  (workspace id {d16})\ncluster: {d4}-{d6}-{l8}   job_id: {d15}   run_id: {d15}\nwarehouse http_path: /sql/1.0/warehouses/{h16}',
  ],
  [
    'data80-metabase-api-database-masked-password',
    'GET /api/database/2\n{"id": 2, "engine": "postgres", "name": "Warehouse",\n "details": {"host": "dwh.internal", "port": 5432, "dbname": "analytics", "user": "metabase_ro", "password": "**MetabasePass**", "ssl": true},\n "is_full_sync": true}',
  ],
  [
    'data80-metabase-docker-secret-file-env',
    '    environment:\n      MB_DB_TYPE: postgres\n      MB_DB_USER: metabase\n      MB_DB_PASS_FILE: /run/secrets/metabase_db_password\n      MB_ENCRYPTION_SECRET_KEY_FILE: /run/secrets/metabase_encryption_key',
  ],
  [
    'data80-superset-masked-sqlalchemy-uri',
    'GET /api/v1/database/3\n"sqlalchemy_uri": "postgresql://superset_ro:XXXXXXXXXX@dwh.internal:5432/analytics",\n"database_name": "Warehouse", "expose_in_sqllab": true',
  ],
  [
    'data80-superset-config-env-secret-key',
    'import os\nSECRET_KEY = os.environ["SUPERSET_SECRET_KEY"]\nSQLALCHEMY_DATABASE_URI = os.environ.get("SUPERSET_DB_URI", "sqlite:////app/superset_home/superset.db")\nGUEST_TOKEN_JWT_SECRET = os.environ["GUEST_TOKEN_JWT_SECRET"]',
  ],
  [
    'data80-redash-api-key-jinja-and-query-ids',
    '- name: refresh revenue query\n  uri:\n    url: "https://redash.acme.io/api/queries/381/results"\n    method: POST\n    headers:\n      Authorization: "Key {{ redash_api_key }}"\n  # query 381, data source 4, latest result id {d7}',
  ],
  [
    'data80-looker-ini-env-secret-fallback',
    '[Looker]\nbase_url=https://acme.cloud.looker.com\n# client_id / client_secret come from LOOKERSDK_CLIENT_ID / LOOKERSDK_CLIENT_SECRET in CI\nverify_ssl=True\ntimeout=120',
  ],
  [
    'data80-tableau-luids-and-pat-name',
    'workbook "Revenue Daily"  luid={h8}-{h4}-4{h3}-a{h3}-{h12}\ndatasource "Orders (Snowflake)"  luid={h8}-{h4}-4{h3}-a{h3}-{h12}\nrefreshed by PAT "extract-bot" (site finance), job id {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'data80-clickhouse-users-xml-password-from-env',
    '<clickhouse>\n  <users>\n    <etl>\n      <password from_env="CLICKHOUSE_ETL_PASSWORD" />\n      <profile>default</profile>\n    </etl>\n  </users>\n</clickhouse>',
  ],
  [
    'data80-clickhouse-query-log-ids',
    "SELECT query_id, initial_query_id, read_rows FROM system.query_log WHERE type = 'QueryFinish' LIMIT 2\n\n┌─query_id─────────────────────────────┬─initial_query_id─────────────────────┬─read_rows─┐\n│ {h8}-{h4}-4{h3}-a{h3}-{h12} │ {h8}-{h4}-4{h3}-a{h3}-{h12} │  {d8} │\n└──────────────────────────────────────┴──────────────────────────────────────┴───────────┘",
  ],
  [
    'data80-elasticsearch-get-api-keys-listing',
    'GET /_security/api_key?name=logstash-ingest\n{"api_keys": [{"id": "{B20}", "name": "logstash-ingest", "creation": 1718096400000, "expiration": 1725872400000, "invalidated": false, "username": "elastic", "realm": "reserved"}]}',
  ],
  [
    'data80-elasticsearch-search-hit-ids-seqno',
    '"hits": [\n  {"_index": ".ds-logs-app-2024.06.11-000003", "_id": "{B20}", "_seq_no": {d6}, "_primary_term": 3, "_score": 1.0,\n   "_source": {"event": {"action": "password_reset_requested"}, "user": {"id": "u_{d6}"}}}\n]',
  ],
  [
    'data80-elastic-cloud-id-and-env-password',
    'cloud_id: "analytics-prod:ZXUtd2VzdC0xLmF3cy5mb3VuZC5pbyQ{h32}JDZ{h30}"\ncloud_auth: "elastic:${ES_PASSWORD}"',
  ],
  [
    'data80-kibana-yml-env-substitution',
    'elasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "${KIBANA_SYSTEM_PASSWORD}"\nxpack.encryptedSavedObjects.encryptionKey: "${KIBANA_ENCRYPTION_KEY}"',
  ],
  [
    'data80-elasticsearch-keystore-list-names-only',
    '$ bin/elasticsearch-keystore list\nbootstrap.password\nkeystore.seed\ns3.client.default.access_key\ns3.client.default.secret_key\nxpack.notification.slack.account.monitoring.secure_url',
  ],
  [
    'data80-opensearch-docs-prose-password-requirement',
    'OpenSearch 2.12+ refuses to start without OPENSEARCH_INITIAL_ADMIN_PASSWORD. Set it in .env (never in the compose file) and reference it as ${OPENSEARCH_INITIAL_ADMIN_PASSWORD}; it needs 8+ chars with upper, lower, digit and special.',
  ],
  [
    'data80-cassandra-nodetool-status-host-ids',
    'Datacenter: eu-west-1\n===================\n--  Address     Load       Tokens  Owns (effective)  Host ID                               Rack\nUN  10.0.4.11   412.3 GiB  16      33.4%             {h8}-{h4}-4{h3}-a{h3}-{h12}  rack1\nUN  10.0.4.12   409.8 GiB  16      33.3%             {h8}-{h4}-4{h3}-a{h3}-{h12}  rack2',
  ],
  [
    'data80-cassandra-driver-env-credentials',
    'auth = PlainTextAuthProvider(\n    username=os.environ["CASSANDRA_USER"],\n    password=os.environ["CASSANDRA_PASSWORD"],\n)\ncluster = Cluster(contact_points=["10.0.4.11"], auth_provider=auth)',
  ],
  [
    'data80-cql-schema-password-token-columns',
    'CREATE TABLE auth.password_reset_tokens (\n    user_id uuid,\n    token_hash blob,\n    expires_at timestamp,\n    PRIMARY KEY (user_id, expires_at)\n) WITH default_time_to_live = 86400;',
  ],
  [
    'data80-neo4j-bolt-uri-no-auth',
    'NEO4J_URI=neo4j+s://{h8}.databases.neo4j.io\nNEO4J_USERNAME=neo4j\nNEO4J_PASSWORD=${AURA_PASSWORD}\nAURA_INSTANCEID={h8}',
  ],
  [
    'data80-neo4j-element-ids-result',
    '╒══════════════════════════════════════════════╤══════════════╕\n│elementId(n)                                  │n.name        │\n╞══════════════════════════════════════════════╪══════════════╡\n│"4:{h8}-{h4}-4{h3}-a{h3}-{h12}:{d4}"     │"fct_orders"  │\n└──────────────────────────────────────────────┴──────────────┘',
  ],
  [
    'data80-mongodb-atlas-uri-db-password-placeholder',
    'Connection string from Atlas → Connect → Drivers:\nmongodb+srv://analytics:<db_password>@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0\nReplace <db_password> with the password for the analytics database user.',
  ],
  [
    'data80-mongodb-objectids-and-group-id',
    '{ "_id": ObjectId("{h24}"), "orderId": "ORD-{d8}", "sessionToken": null, "ts": Timestamp({ t: 1718096400, i: 3 }) }\nAtlas project (group) id: {h24}   cluster: Cluster0   tier: M30',
  ],
  [
    'data80-mongodb-aws-iam-auth-uri',
    'MONGODB_URI="mongodb+srv://cluster0.{l5}.mongodb.net/events?authSource=%24external&authMechanism=MONGODB-AWS&retryWrites=true"',
  ],
  [
    'data80-influx-bucket-list-ids',
    '$ influx bucket list --org acme\nID                Name         Retention  Shard group duration  Organization ID   Schema Type\n{h16}  _monitoring  168h0m0s   24h0m0s               {h16}  implicit\n{h16}  sensors      720h0m0s   24h0m0s               {h16}  implicit',
  ],
  [
    'data80-telegraf-influx-token-env-reference',
    '[[outputs.influxdb_v2]]\n  urls = ["https://influx.data.internal:8086"]\n  token = "${INFLUX_TOKEN}"\n  organization = "acme"\n  bucket = "telegraf"',
  ],
  [
    'data80-grafana-provisioning-env-and-file-refs',
    '    secureJsonData:\n      password: $PG_GRAFANA_PASSWORD\n      tlsClientKey: $__file{/etc/grafana/certs/client.key}\n      basicAuthPassword: ${MIMIR_TOKEN}',
  ],
  [
    'data80-grafana-datasource-uids-dashboard-uid',
    '"datasource": {"type": "grafana-postgresql-datasource", "uid": "P{H16}"},\n"panels": [{"id": 4, "title": "Failed logins / password resets"}],\n"uid": "{a9}", "version": 27',
  ],
  [
    'data80-grafana-api-datasource-secure-fields-flags',
    'GET /api/datasources/uid/P{H16}\n{"id": 7, "name": "TimescaleDB", "type": "grafana-postgresql-datasource", "user": "grafana_ro",\n "secureJsonFields": {"password": true, "tlsClientKey": false}, "readOnly": true}',
  ],
  [
    'data80-timescale-chunk-and-job-ids',
    'SELECT job_id, application_name, hypertable_name FROM timescaledb_information.jobs;\n job_id |       application_name        | hypertable_name\n--------+-------------------------------+-----------------\n   1000 | Compression Policy [1000]     | readings\n   1001 | Retention Policy [1001]       | readings\nchunk: _timescaledb_internal._hyper_3_{d4}_chunk',
  ],
  [
    'data80-gx-config-variable-substitution',
    '      connection_string: postgresql+psycopg2://gx_validator:${WAREHOUSE_PASSWORD}@dwh.internal:5432/analytics\n      # resolved from config_variables.yml or the environment at runtime',
  ],
  [
    'data80-gx-validation-result-ids',
    'run_id: {"run_name": "nightly-2024-06-11", "run_time": "2024-06-11T05:30:12.384211+00:00"}\nexpectation_suite_name: stg_orders.warning\nvalidation_result_url: https://app.greatexpectations.io/organizations/{h8}-{h4}-4{h3}-a{h3}-{h12}/data-assets/{h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'data80-jupyter-config-token-from-env',
    'import os\nc.ServerApp.ip = "0.0.0.0"\nc.IdentityProvider.token = os.environ["JUPYTER_TOKEN"]\nc.PasswordIdentityProvider.password_required = True',
  ],
  [
    'data80-zeppelin-note-ids-and-empty-password',
    '"default.user": {"name": "default.user", "value": "zeppelin", "type": "string"},\n"default.password": {"name": "default.password", "value": "", "type": "password"},\nnotebook/2{u8}/note.json  (paragraph id paragraph_{d13}_{d10})',
  ],
  [
    'data80-prefect-secret-block-masked-repr',
    '>>> Secret.load("snowflake-loader-password")\nSecret(value=SecretStr(\'**********\'))\n>>> Block document id: {h8}-{h4}-4{h3}-a{h3}-{h12}   flow run: crimson-otter',
  ],
  [
    'data80-prefect-api-url-account-workspace-ids',
    'PREFECT_API_URL=https://api.prefect.cloud/api/accounts/{h8}-{h4}-4{h3}-a{h3}-{h12}/workspaces/{h8}-{h4}-4{h3}-a{h3}-{h12}\nPREFECT_API_KEY=${PREFECT_API_KEY}',
  ],
  [
    'data80-dagster-env-config-and-envvar',
    'resources:\n  snowflake:\n    config:\n      account: {env: SNOWFLAKE_ACCOUNT}\n      user: DAGSTER\n      password: {env: SNOWFLAKE_PASSWORD}\n# python: SnowflakeResource(password=EnvVar("SNOWFLAKE_PASSWORD"))',
  ],
  [
    'data80-dagster-run-ids-and-partition-keys',
    'Run {h8}-{h4}-4{h3}-a{h3}-{h12} for job daily_orders_job, partition 2024-06-11 (asset key ["marts", "fct_orders"])\nStep fct_orders succeeded in 42.1s; materialization event id {d7}',
  ],
  [
    'data80-s3-partition-paths-parquet-files',
    's3://acme-lake/bronze/auth/password_reset_events/dt=2024-06-11/hour=09/part-00000-{h8}-{h4}-4{h3}-a{h3}-{h12}-c000.snappy.parquet\ns3://acme-lake/bronze/auth/api_tokens/dt=2024-06-11/part-00003-{h8}-{h4}-4{h3}-a{h3}-{h12}-c000.snappy.parquet',
  ],
  [
    'data80-secretsmanager-arn-with-suffix',
    '{\n  "secret_arn": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/dwh/loader-password-{a6}",\n  "kms_key_arn": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'data80-redshift-copy-iam-role-arn',
    "COPY staging.orders\nFROM 's3://acme-lake/exports/orders/2024-06-11/'\nIAM_ROLE 'arn:aws:iam::{d12}:role/redshift-copy-role'\nFORMAT AS PARQUET;",
  ],
  [
    'data80-iceberg-snapshot-and-manifest-paths',
    'snapshot-id: {d19}\nparent-snapshot-id: {d19}\nmanifest-list: s3://acme-lake/warehouse/marts.db/fct_orders/metadata/snap-{d19}-1-{h8}-{h4}-4{h3}-a{h3}-{h12}.avro',
  ],
  [
    'data80-delta-log-version-files-and-checksums',
    '_delta_log/00000000000000000042.json\n_delta_log/00000000000000000042.crc\n{"tableSizeBytes": {d11}, "numFiles": 318, "txnId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"}',
  ],
  [
    'data80-airbyte-api-masked-config-and-ids',
    '{"sourceId": "{h8}-{h4}-4{h3}-a{h3}-{h12}", "workspaceId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n "configuration": {"host": "pg-crm.internal", "username": "airbyte", "password": "**********", "sourceType": "postgres"}}',
  ],
  [
    'data80-fivetran-connector-masked-password-and-ids',
    '"data": {"id": "{L8}_{L6}", "group_id": "{L7}_{L9}", "service": "postgres_rds",\n "config": {"host": "crm-db.internal", "user": "fivetran", "password": "******", "update_method": "WAL"}}',
  ],
  [
    'data80-airflow-image-digest-and-provider-versions',
    'FROM apache/airflow:2.9.2-python3.11@sha256:{h64}\nRUN pip install --no-cache-dir apache-airflow-providers-snowflake==5.5.1 apache-airflow-providers-databricks==6.5.0',
  ],
  [
    'data80-connect-plugin-jar-sha512',
    '$ sha512sum debezium-connector-postgres-2.6.2.Final-plugin.tar.gz\n{h128}  debezium-connector-postgres-2.6.2.Final-plugin.tar.gz',
  ],
  [
    'data80-schema-registry-subject-versions-ids',
    '$ curl -s http://schema-registry.internal:8081/subjects/orders.v1-value/versions/latest | jq \'{subject, version, id}\'\n{"subject": "orders.v1-value", "version": 7, "id": {d6}}',
  ],
  [
    'data80-kafka-oauthbearer-jaas-file-refs',
    'sasl.mechanism=OAUTHBEARER\nsasl.login.callback.handler.class=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler\nsasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId="${file:/etc/kafka/oauth.properties:client_id}" clientSecret="${file:/etc/kafka/oauth.properties:client_secret}";',
  ],
  [
    'data80-chat-prose-where-password-lives',
    'the `elastic` superuser password is in 1Password under "ES logs-prod", and the Snowflake loader key pair passphrase is in AWS Secrets Manager (prod/snowflake/loader). Don\'t paste either here — just use the env vars the runner already has.',
  ],
  [
    'data80-databricks-secret-scope-list-acls',
    '$ databricks secrets list-scopes\nScope       Backend Type\njdbc        DATABRICKS\nlake        AZURE_KEYVAULT (https://acme-lake-kv.vault.azure.net/)\n$ databricks secrets list-acls jdbc\nPrincipal          Permission\ndata-engineers     READ',
  ],
  [
    'data80-kafka-partition-key-murmur-hash',
    'key=customer-{d7} partition=murmur2(key) % 24 = 17\nrecord: topic=orders.v1 partition=17 offset={d9} timestamp=1718096400123 headers=[trace-id={h32}]',
  ],
  [
    'data80-clickhouse-cloud-service-and-org-ids',
    'organization id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nservice id: {h8}-{h4}-4{h3}-a{h3}-{h12}  endpoint: {l10}.eu-west-1.aws.clickhouse.cloud:8443\nAPI key id (name "terraform-ci"): {a20}  — the secret lives in Vault at kv/clickhouse/terraform-ci',
  ],
  [
    'data80-trino-python-env-password',
    'conn = trino.dbapi.connect(\n    host="trino.data.acme.io", port=443, user="airflow", http_scheme="https",\n    auth=trino.auth.BasicAuthentication("airflow", os.environ["TRINO_PASSWORD"]),\n)',
  ],
  [
    'data80-snowflake-create-user-rsa-public-key',
    "ALTER USER DBT_CI SET RSA_PUBLIC_KEY='MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64}{b64}{b64}{b64}{b32}IDAQAB';",
  ],
];
