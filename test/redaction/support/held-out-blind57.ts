/** A fifty-seventh held-out batch, written blind: credentials pasted from cloud provider CLIs, consoles and infrastructure-as-code artefacts (AWS/Azure/GCP/DigitalOcean/OCI/IBM/Linode/Hetzner/Scaleway/Exoscale/Vultr/Alibaba CLI output, Terraform state, Pulumi, CloudFormation/CDK/SAM/Serverless, kubeconfig, Crossplane, cloud-init, instance metadata), and the same tools' output with nothing secret in it. */
export const BLIND57_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'cloud57-sts-assume-role-json-secret-and-session-token',
    '$ aws sts assume-role --role-arn arn:aws:iam::{d12}:role/deploy-prod --role-session-name ci-{d6}\n{\n    "Credentials": {\n        "AccessKeyId": "ASIA{u16}",\n        "SecretAccessKey": "«{b40}»",\n        "SessionToken": "«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»",\n        "Expiration": "2024-06-11T14:02:37+00:00"\n    },\n    "AssumedRoleUser": {\n        "AssumedRoleId": "AROA{u17}:ci-{d6}",\n        "Arn": "arn:aws:sts::{d12}:assumed-role/deploy-prod/ci-{d6}"\n    }\n}',
  ],
  [
    'cloud57-sts-get-session-token-mfa-json',
    'aws sts get-session-token --serial-number arn:aws:iam::{d12}:mfa/jdoe --token-code {d6}\n{\n  "Credentials": {\n    "AccessKeyId": "ASIA{u16}",\n    "SecretAccessKey": "«{b40}»",\n    "SessionToken": "«FwoGZXIvYXdzE{b64}{b64}{b64}{b48}»",\n    "Expiration": "2024-03-02T05:11:48Z"\n  }\n}',
  ],
  [
    'cloud57-sts-get-session-token-text-output',
    '$ aws sts get-session-token --duration-seconds 3600 --output text\nCREDENTIALS\tASIA{u16}\t2024-07-19T22:40:01+00:00\t«{b40}»\t«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»',
  ],
  [
    'cloud57-sts-assume-role-query-text-export-line',
    'read AK SK ST <<< $(aws sts assume-role --role-arn "$ROLE" --role-session-name gha --query \'Credentials.[AccessKeyId,SecretAccessKey,SessionToken]\' --output text)\n+ echo ASIA{u16} «{b40}» «IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»',
  ],
  [
    'cloud57-iam-create-access-key-json',
    '$ aws iam create-access-key --user-name svc-backup\n{\n    "AccessKey": {\n        "UserName": "svc-backup",\n        "AccessKeyId": "AKIA{u16}",\n        "Status": "Active",\n        "SecretAccessKey": "«{b40}»",\n        "CreateDate": "2024-05-14T09:31:07+00:00"\n    }\n}',
  ],
  [
    'cloud57-iam-create-access-key-yaml-output',
    "aws iam create-access-key --user-name terraform-runner --output yaml\nAccessKey:\n  AccessKeyId: AKIA{u16}\n  CreateDate: '2023-11-02T16:20:55+00:00'\n  SecretAccessKey: «{b40}»\n  Status: Active\n  UserName: terraform-runner",
  ],
  [
    'cloud57-iam-create-access-key-table-output',
    'aws iam create-access-key --user-name s3-sync --output table\n---------------------------------------------------------------------------------------------------\n|                                         CreateAccessKey                                         |\n+-------------------------------------------------------------------------------------------------+\n||                                           AccessKey                                           ||\n|+-----------------------+----------------------------+-----------+--------------------------------+|\n||      AccessKeyId      |        CreateDate          |  Status   |        SecretAccessKey        ||\n|+-----------------------+----------------------------+-----------+--------------------------------+|\n||  AKIA{u16} |  2024-02-08T11:45:19+00:00 |  Active   |  «{b40}»  ||',
  ],
  [
    'cloud57-secretsmanager-get-secret-value-secretstring-json',
    '$ aws secretsmanager get-secret-value --secret-id prod/orders/postgres\n{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/postgres-{a6}",\n    "Name": "prod/orders/postgres",\n    "VersionId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "SecretString": "{\\"username\\":\\"orders_app\\",\\"password\\":\\"«{a28}»\\",\\"engine\\":\\"postgres\\",\\"host\\":\\"orders.cluster-{l12}.eu-west-1.rds.amazonaws.com\\",\\"port\\":5432}",\n    "VersionStages": [\n        "AWSCURRENT"\n    ],\n    "CreatedDate": "2024-04-22T10:14:09.712000+02:00"\n}',
  ],
  [
    'cloud57-secretsmanager-secretstring-query-raw-text',
    '$ aws secretsmanager get-secret-value --secret-id stripe/live --query SecretString --output text\n{"STRIPE_SECRET_KEY":"«sk_live_{a99}»","STRIPE_WEBHOOK_SECRET":"«whsec_{a32}»"}',
  ],
  [
    'cloud57-secretsmanager-secretstring-jq-password',
    '$ aws secretsmanager get-secret-value --secret-id rds!cluster-{h8}-{h4}-4{h3}-a{h3}-{h12} | jq -r .SecretString | jq -r .password\n«{a30}»',
  ],
  [
    'cloud57-secretsmanager-plain-string-secret-value',
    '{\n  "ARN": "arn:aws:secretsmanager:us-east-2:{d12}:secret:slack-bot-{a6}",\n  "Name": "slack-bot",\n  "VersionId": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "SecretString": "«xoxb-{d12}-{d13}-{a24}»",\n  "VersionStages": ["AWSCURRENT"]\n}',
  ],
  [
    'cloud57-secretsmanager-create-secret-cli-arg',
    'aws secretsmanager create-secret --name prod/mongo --secret-string \'{"user":"svc","password":"«{a24}»"}\' --kms-key-id alias/prod-secrets',
  ],
  [
    'cloud57-secretsmanager-put-secret-value-boto3',
    "sm = boto3.client('secretsmanager', region_name='ap-southeast-2')\nsm.put_secret_value(\n    SecretId='ledger/api',\n    SecretString=json.dumps({'api_key': '«{l40}»'}),\n)",
  ],
  [
    'cloud57-ssm-get-parameter-with-decryption-json',
    '$ aws ssm get-parameter --name /prod/payments/db_password --with-decryption\n{\n    "Parameter": {\n        "Name": "/prod/payments/db_password",\n        "Type": "SecureString",\n        "Value": "«{a26}»",\n        "Version": 4,\n        "LastModifiedDate": "2024-01-30T08:12:44.120000+00:00",\n        "ARN": "arn:aws:ssm:us-east-1:{d12}:parameter/prod/payments/db_password",\n        "DataType": "text"\n    }\n}',
  ],
  [
    'cloud57-ssm-get-parameter-decrypted-value-text',
    '~ $ aws ssm get-parameter --name /shared/sendgrid/api-key --with-decryption --query Parameter.Value --output text\n«SG.{B22}.{B43}»\n~ $',
  ],
  [
    'cloud57-ssm-get-parameters-by-path-decrypted',
    "$ aws ssm get-parameters-by-path --path /billing/prod --with-decryption --query 'Parameters[].[Name,Value]' --output text\n/billing/prod/DB_HOST\tbilling.{l10}.us-west-2.rds.amazonaws.com\n/billing/prod/DB_PASSWORD\t«{a22}»\n/billing/prod/JWT_SIGNING_KEY\t«{h64}»",
  ],
  [
    'cloud57-ssm-put-parameter-securestring-cli',
    'aws ssm put-parameter --name "/app/prod/redis_auth" --type SecureString --value "«{a32}»" --overwrite',
  ],
  [
    'cloud57-aws-credentials-file-default-profile',
    '$ cat ~/.aws/credentials\n[default]\naws_access_key_id = AKIA{u16}\naws_secret_access_key = «{b40}»\n\n[staging]\naws_access_key_id = AKIA{u16}\naws_secret_access_key = «{b40}»',
  ],
  [
    'cloud57-aws-credentials-file-session-token-profile',
    '[mfa]\naws_access_key_id=ASIA{u16}\naws_secret_access_key=«{b40}»\naws_session_token=«FwoGZXIvYXdzE{b64}{b64}{b64}{b48}»\nregion=eu-central-1',
  ],
  [
    'cloud57-aws-configure-export-credentials-env',
    '$ aws configure export-credentials --profile prod-sso --format env\nexport AWS_ACCESS_KEY_ID=ASIA{u16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»\nexport AWS_CREDENTIAL_EXPIRATION=2024-08-01T19:04:11+00:00',
  ],
  [
    'cloud57-aws-configure-export-credentials-process-json',
    '$ aws configure export-credentials --profile analytics --format process\n{\n  "Version": 1,\n  "AccessKeyId": "ASIA{u16}",\n  "SecretAccessKey": "«{b40}»",\n  "SessionToken": "«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»",\n  "Expiration": "2024-08-01T19:04:11+00:00"\n}',
  ],
  [
    'cloud57-aws-sso-get-role-credentials-json',
    '$ aws sso get-role-credentials --role-name AdministratorAccess --account-id {d12} --access-token "$TOKEN"\n{\n    "roleCredentials": {\n        "accessKeyId": "ASIA{u16}",\n        "secretAccessKey": "«{b40}»",\n        "sessionToken": "«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»",\n        "expiration": 1718041213000\n    }\n}',
  ],
  [
    'cloud57-aws-sso-cache-json-access-and-refresh-token',
    '$ cat ~/.aws/sso/cache/{h40}.json\n{"startUrl": "https://d-{l10}.awsapps.com/start", "region": "us-east-1", "accessToken": "«aoa{B60}:{B96}»", "expiresAt": "2024-06-12T01:19:55Z", "clientId": "{B22}", "clientSecret": "«eyJraWQiOiJrZXktMTU2{B64}{B64}{B40}»", "registrationExpiresAt": "2024-09-09T17:19:40Z", "refreshToken": "«aor{B64}{B64}{B24}»"}',
  ],
  [
    'cloud57-aws-cli-env-exports-shell-history',
    '  501  export AWS_ACCESS_KEY_ID=AKIA{u16}\n  502  export AWS_SECRET_ACCESS_KEY=«{b40}»\n  503  export AWS_DEFAULT_REGION=us-west-2\n  504  aws s3 ls s3://acme-exports-prod/',
  ],
  [
    'cloud57-aws-imdsv1-security-credentials-json',
    '$ curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/ec2-app-role\n{\n  "Code" : "Success",\n  "LastUpdated" : "2024-06-10T12:41:02Z",\n  "Type" : "AWS-HMAC",\n  "AccessKeyId" : "ASIA{u16}",\n  "SecretAccessKey" : "«{b40}»",\n  "Token" : "«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»",\n  "Expiration" : "2024-06-10T19:05:48Z"\n}',
  ],
  [
    'cloud57-aws-imdsv1-ssrf-response-in-bug-report',
    'SSRF PoC: GET /fetch?url=http://169.254.169.254/latest/meta-data/iam/security-credentials/web-prod returned 200:\n{"Code":"Success","LastUpdated":"2024-05-02T08:00:11Z","Type":"AWS-HMAC","AccessKeyId":"ASIA{u16}","SecretAccessKey":"«{b40}»","Token":"«FwoGZXIvYXdzE{b64}{b64}{b64}{b48}»","Expiration":"2024-05-02T14:21:37Z"}',
  ],
  [
    'cloud57-aws-ecs-container-credentials-endpoint-json',
    '$ curl -s 169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI\n{"RoleArn":"arn:aws:iam::{d12}:role/ecsTaskRole-orders","AccessKeyId":"ASIA{u16}","SecretAccessKey":"«{b40}»","Token":"«IQoJb3JpZ2luX2VjE{b64}{b64}{b64}{b64}{b64}{b36}»","Expiration":"2024-07-03T02:17:44Z"}',
  ],
  [
    'cloud57-aws-ecr-get-login-password-docker-login',
    '$ aws ecr get-login-password --region eu-west-1\n«eyJwYXlsb2FkIjoi{b64}{b64}{b64}{b64}{b64}{b64}{b32}»\n$ docker login --username AWS --password-stdin {d12}.dkr.ecr.eu-west-1.amazonaws.com',
  ],
  [
    'cloud57-aws-ecr-password-in-docker-login-p-flag',
    'docker login -u AWS -p «eyJwYXlsb2FkIjoi{b64}{b64}{b64}{b64}{b48}» https://{d12}.dkr.ecr.us-east-1.amazonaws.com\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded',
  ],
  [
    'cloud57-aws-codeartifact-authorization-token-json',
    '$ aws codeartifact get-authorization-token --domain acme --domain-owner {d12}\n{\n    "authorizationToken": "«eyJ2ZXIiOjEsImlzdSI6{B64}{B64}.{B64}{B22}»",\n    "expiration": "2024-06-11T03:12:09+00:00"\n}',
  ],
  [
    'cloud57-aws-codeartifact-token-in-pip-conf',
    '[global]\nindex-url = https://aws:«eyJ2ZXIiOjEsImlzdSI6{B64}{B64}.{B43}»@acme-{d12}.d.codeartifact.eu-central-1.amazonaws.com/pypi/internal/simple/',
  ],
  [
    'cloud57-aws-rds-generate-db-auth-token-security-token',
    '$ aws rds generate-db-auth-token --hostname orders.{l12}.us-east-1.rds.amazonaws.com --port 5432 --username iam_reader\norders.{l12}.us-east-1.rds.amazonaws.com:5432/?Action=connect&DBUser=iam_reader&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA{u16}%2F20240610%2Fus-east-1%2Frds-db%2Faws4_request&X-Amz-Date=20240610T101530Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Security-Token=«IQoJb3JpZ2luX2VjE{a48}%2F{a64}%2B{a64}%2F{a56}%2B{a40}%3D»&X-Amz-Signature={h64}',
  ],
  [
    'cloud57-aws-s3-presigned-url-with-security-token',
    'presigned: https://acme-reports.s3.eu-west-2.amazonaws.com/q2/summary.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA{u16}%2F20240611%2Feu-west-2%2Fs3%2Faws4_request&X-Amz-Date=20240611T081002Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Security-Token=«IQoJb3JpZ2luX2VjE{a48}%2F{a64}%2B{a64}%2F{a56}%2B{a40}%3D»&X-Amz-Signature={h64}',
  ],
  [
    'cloud57-aws-iam-service-specific-credential-codecommit',
    '$ aws iam create-service-specific-credential --user-name dana --service-name codecommit.amazonaws.com\n{\n    "ServiceSpecificCredential": {\n        "CreateDate": "2024-02-19T13:07:55+00:00",\n        "ServiceName": "codecommit.amazonaws.com",\n        "ServiceUserName": "dana-at-{d12}",\n        "ServicePassword": "«{b43}=»",\n        "ServiceSpecificCredentialId": "ACCA{u17}",\n        "UserName": "dana",\n        "Status": "Active"\n    }\n}',
  ],
  [
    'cloud57-aws-iam-create-login-profile-password-arg',
    "aws iam create-login-profile --user-name contractor-mk --password '«{a14}#{a6}»' --password-reset-required",
  ],
  [
    'cloud57-aws-rds-create-db-instance-master-password',
    'aws rds create-db-instance \\\n  --db-instance-identifier analytics-pg \\\n  --engine postgres --db-instance-class db.t4g.medium \\\n  --master-username pgadmin \\\n  --master-user-password «{a24}» \\\n  --allocated-storage 100',
  ],
  [
    'cloud57-aws-redshift-get-cluster-credentials-dbpassword',
    '$ aws redshift get-cluster-credentials --cluster-identifier dwh --db-user etl --db-name prod\n{\n    "DbUser": "IAM:etl",\n    "DbPassword": "«AskFL{b64}{b64}{b28}»",\n    "Expiration": "2024-06-10T11:30:41.450000+00:00"\n}',
  ],
  [
    'cloud57-aws-ec2-get-password-data-decrypted',
    '$ aws ec2 get-password-data --instance-id i-0{h16} --priv-launch-key ~/.ssh/win-prod.pem\n{\n    "InstanceId": "i-0{h16}",\n    "PasswordData": "«{a12}!{a10}»",\n    "Timestamp": "2024-03-21T07:44:09+00:00"\n}',
  ],
  [
    'cloud57-aws-ses-smtp-password-postfix-sasl',
    '# /etc/postfix/sasl_passwd (SES SMTP credentials from aws_iam_access_key.ses_smtp_password_v4)\n[email-smtp.eu-west-1.amazonaws.com]:587 AKIA{u16}:«B{b43}»',
  ],
  [
    'cloud57-aws-cognito-describe-user-pool-client-secret',
    '$ aws cognito-idp describe-user-pool-client --user-pool-id us-east-1_{a9} --client-id {l26}\n{\n    "UserPoolClient": {\n        "UserPoolId": "us-east-1_{a9}",\n        "ClientName": "backend",\n        "ClientId": "{l26}",\n        "ClientSecret": "«{l52}»",\n        "RefreshTokenValidity": 30\n    }\n}',
  ],
  [
    'cloud57-aws-cognito-initiate-auth-tokens',
    '{\n    "ChallengeParameters": {},\n    "AuthenticationResult": {\n        "AccessToken": "«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B30}.eyJ{B160}.{B86}»",\n        "ExpiresIn": 3600,\n        "TokenType": "Bearer",\n        "RefreshToken": "«eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIiwiYWxnIjoiUlNBLU9BRVAifQ.{B64}{B64}{B64}{B64}{B86}.{B22}.{B64}{B64}{B64}.{B22}»",\n        "IdToken": "«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B30}.eyJ{B160}.{B86}»"\n    }\n}',
  ],
  [
    'cloud57-aws-apigateway-get-api-key-include-value',
    '$ aws apigateway get-api-key --api-key {l10} --include-value\n{\n    "id": "{l10}",\n    "value": "«{a40}»",\n    "name": "partner-acme",\n    "enabled": true,\n    "createdDate": "2024-01-09T10:22:31+01:00"\n}',
  ],
  [
    'cloud57-aws-lambda-get-function-configuration-env',
    '$ aws lambda get-function-configuration --function-name webhook-relay --query Environment\n{\n    "Variables": {\n        "LOG_LEVEL": "info",\n        "GITHUB_WEBHOOK_SECRET": "«{h40}»",\n        "UPSTREAM_URL": "https://relay.internal.acme.io/hooks"\n    }\n}',
  ],
  [
    'cloud57-aws-lambda-update-env-cli-shorthand',
    'aws lambda update-function-configuration --function-name mailer --environment "Variables={SMTP_HOST=smtp.mailgun.org,SMTP_PASSWORD=«{a32}»}"',
  ],
  [
    'cloud57-aws-ecs-task-definition-plain-environment',
    '"containerDefinitions": [{\n  "name": "api",\n  "image": "{d12}.dkr.ecr.us-east-1.amazonaws.com/api:1.42.0",\n  "environment": [\n    {"name": "DB_USER", "value": "api"},\n    {"name": "DB_PASSWORD", "value": "«{a20}»"}\n  ]\n}]',
  ],
  [
    'cloud57-aws-elasticbeanstalk-option-settings-env',
    '$ aws elasticbeanstalk describe-configuration-settings --application-name shop --environment-name shop-prod --query "ConfigurationSettings[0].OptionSettings[?Namespace==\'aws:elasticbeanstalk:application:environment\']"\n[\n    {"Namespace": "aws:elasticbeanstalk:application:environment", "OptionName": "RAILS_MASTER_KEY", "Value": "«{h32}»"},\n    {"Namespace": "aws:elasticbeanstalk:application:environment", "OptionName": "RAILS_ENV", "Value": "production"}\n]',
  ],
  [
    'cloud57-aws-opensearch-master-user-password-cli',
    "aws opensearch create-domain --domain-name logs \\\n  --advanced-security-options 'Enabled=true,InternalUserDatabaseEnabled=true,MasterUserOptions={MasterUserName=admin,MasterUserPassword=«{a16}#{a4}»}'",
  ],
  [
    'cloud57-aws-boto3-session-inline-keys',
    "session = boto3.Session(\n    aws_access_key_id='AKIA{u16}',\n    aws_secret_access_key='«{b40}»',\n    region_name='eu-north-1',\n)\ns3 = session.client('s3')",
  ],
  [
    'cloud57-aws-sdk-js-v3-static-credentials',
    "const client = new S3Client({\n  region: 'us-east-1',\n  credentials: {\n    accessKeyId: 'AKIA{u16}',\n    secretAccessKey: '«{b40}»',\n  },\n});",
  ],
  [
    'cloud57-aws-go-sdk-static-credentials-provider',
    'cfg, err := config.LoadDefaultConfig(ctx,\n\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("AKIA{u16}", "«{b40}»", "")),\n\tconfig.WithRegion("ap-northeast-1"),\n)',
  ],
  [
    'cloud57-aws-bedrock-api-key-env',
    'export AWS_BEARER_TOKEN_BEDROCK=«ABSKQmVkcm9ja0FQSUtleS0{b64}{b64}{b16}»\npython invoke_claude.py --region us-west-2',
  ],
  [
    'cloud57-aws-kinesis-firehose-http-endpoint-access-key',
    '"HttpEndpointDestinationConfiguration": {\n  "EndpointConfiguration": {\n    "Url": "https://aws-api.newrelic.com/firehose/v1",\n    "Name": "New Relic",\n    "AccessKey": "«{h40}NRAL»"\n  }\n}',
  ],
  [
    'cloud57-az-ad-sp-create-for-rbac-json-password',
    '$ az ad sp create-for-rbac --name gha-deployer --role contributor --scopes /subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-web\nCreating \'contributor\' role assignment under scope \'/subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-web\'\nThe output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control. For more information, see https://aka.ms/azadsp-cli\n{\n  "appId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "displayName": "gha-deployer",\n  "password": "«{a3}8Q~{B34}»",\n  "tenant": "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n}',
  ],
  [
    'cloud57-az-ad-sp-create-for-rbac-sdk-auth-json',
    '{\n  "clientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "clientSecret": "«{a3}7Q~{a20}.{B13}»",\n  "subscriptionId": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "tenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "activeDirectoryEndpointUrl": "https://login.microsoftonline.com",\n  "resourceManagerEndpointUrl": "https://management.azure.com/"\n}',
  ],
  [
    'cloud57-az-ad-sp-credential-reset-output',
    '$ az ad sp credential reset --id {h8}-{h4}-4{h3}-a{h3}-{h12} --years 1\n{\n  "appId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "password": "«{a3}8Q~{B34}»",\n  "tenant": "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n}',
  ],
  [
    'cloud57-az-ad-app-credential-reset-append-tsv',
    '$ az ad app credential reset --id {h8}-{h4}-4{h3}-a{h3}-{h12} --append --display-name ci-2024 --query password -o tsv\n«{a3}7Q~{a20}.{B13}»',
  ],
  [
    'cloud57-az-login-service-principal-shell-history',
    'az login --service-principal -u {h8}-{h4}-4{h3}-a{h3}-{h12} -p "«{a3}8Q~{B34}»" --tenant {h8}-{h4}-4{h3}-9{h3}-{h12}\naz account set --subscription {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'cloud57-az-env-arm-client-secret-terraform',
    'export ARM_CLIENT_ID="{h8}-{h4}-4{h3}-a{h3}-{h12}"\nexport ARM_CLIENT_SECRET="«{a3}7Q~{a20}.{B13}»"\nexport ARM_SUBSCRIPTION_ID="{h8}-{h4}-4{h3}-a{h3}-{h12}"\nexport ARM_TENANT_ID="{h8}-{h4}-4{h3}-9{h3}-{h12}"\nterraform plan -out tfplan',
  ],
  [
    'cloud57-az-terraform-azurerm-provider-client-secret',
    'provider "azurerm" {\n  features {}\n  subscription_id = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n  client_id       = "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n  client_secret   = "«{a3}8Q~{B34}»"\n  tenant_id       = "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'cloud57-az-storage-account-keys-list-json',
    '$ az storage account keys list -g rg-data -n stacmedata01\n[\n  {\n    "creationTime": "2024-03-11T09:20:17.512345+00:00",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "«{b86}==»"\n  },\n  {\n    "creationTime": "2024-03-11T09:20:17.512345+00:00",\n    "keyName": "key2",\n    "permissions": "FULL",\n    "value": "«{b86}==»"\n  }\n]',
  ],
  [
    'cloud57-az-storage-account-keys-list-query-tsv',
    '$ az storage account keys list --account-name stlogs{l6} --query "[0].value" -o tsv\n«{b86}==»',
  ],
  [
    'cloud57-az-storage-show-connection-string',
    '$ az storage account show-connection-string -n stuploads{l4} -g rg-prod\n{\n  "connectionString": "DefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=stuploads{l4};AccountKey=«{b86}==»;BlobEndpoint=https://stuploads{l4}.blob.core.windows.net/"\n}',
  ],
  [
    'cloud57-az-storage-connection-string-appsettings-json',
    '{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "ConnectionStrings": {\n    "Blobs": "DefaultEndpointsProtocol=https;AccountName=stmedia{l6};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net"\n  }\n}',
  ],
  [
    'cloud57-az-functions-local-settings-azurewebjobsstorage',
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=stfunc{l8};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net",\n    "FUNCTIONS_WORKER_RUNTIME": "node"\n  }\n}',
  ],
  [
    'cloud57-az-storage-env-account-key-cli',
    'export AZURE_STORAGE_ACCOUNT=stbackup{l5}\nexport AZURE_STORAGE_KEY="«{b86}==»"\naz storage blob upload-batch -d nightly -s ./dumps',
  ],
  [
    'cloud57-az-storage-container-generate-sas-output',
    '$ az storage container generate-sas --account-name stshare{l5} -n exports --permissions rl --expiry 2024-12-31T23:59Z -o tsv\nse=2024-12-31T23%3A59Z&sp=rl&sv=2022-11-02&sr=c&sig=«{a22}%2F{a14}%2B{a5}%3D»',
  ],
  [
    'cloud57-az-blob-sas-url-in-chat',
    'here is the link for the vendor, valid till Friday: https://stvendor{l6}.blob.core.windows.net/drop/invoices-2024-05.zip?sp=r&st=2024-06-03T08:00:00Z&se=2024-06-07T18:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=«{a18}%2B{a20}%2F{a3}%3D»',
  ],
  [
    'cloud57-az-account-sas-token-env-var',
    'AZURE_STORAGE_SAS_TOKEN="?sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2025-01-01T00:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig=«{a30}%2B{a9}%3D»"',
  ],
  [
    'cloud57-az-azcopy-sas-url-command',
    'azcopy copy "./build/*" "https://stwebsite{l6}.blob.core.windows.net/$web?sv=2023-01-03&ss=b&srt=co&sp=rwlac&se=2024-09-30T17:00:00Z&spr=https&sig=«{a25}%2F{a16}%3D»" --recursive',
  ],
  [
    'cloud57-az-acr-credential-show-json-new-format',
    '$ az acr credential show -n acmeregistry\n{\n  "passwords": [\n    {\n      "name": "password",\n      "value": "«{a42}+ACR{a6}»"\n    },\n    {\n      "name": "password2",\n      "value": "«{a42}+ACR{a6}»"\n    }\n  ],\n  "username": "acmeregistry"\n}',
  ],
  [
    'cloud57-az-acr-credential-show-old-base64-password',
    '$ az acr credential show --name contosoacr --query "passwords[0].value" -o tsv\n«{a14}/{a10}+{a7}»',
  ],
  [
    'cloud57-az-acr-token-create-password-output',
    '$ az acr token create --name ci-pull --registry acmeacr --scope-map _repositories_pull --query "credentials.passwords[0].value" -o tsv\n«{a42}+ACR{a6}»',
  ],
  [
    'cloud57-az-acr-login-expose-token-json',
    '$ az acr login -n acmeacr --expose-token\nYou can perform manual login using the provided access token below, for example: \'docker login loginServer -u 00000000-0000-0000-0000-000000000000 -p accessToken\'\n{\n  "accessToken": "«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B30}.eyJ{B160}.{B86}»",\n  "loginServer": "acmeacr.azurecr.io"\n}',
  ],
  [
    'cloud57-az-cosmosdb-keys-list-all-four',
    '$ az cosmosdb keys list -n cosmos-orders -g rg-data\n{\n  "primaryMasterKey": "«{b86}==»",\n  "primaryReadonlyMasterKey": "«{b86}==»",\n  "secondaryMasterKey": "«{b86}==»",\n  "secondaryReadonlyMasterKey": "«{b86}==»"\n}',
  ],
  [
    'cloud57-az-cosmosdb-connection-strings-list',
    '$ az cosmosdb keys list -n cosmos-catalog -g rg-data --type connection-strings\n{\n  "connectionStrings": [\n    {\n      "connectionString": "AccountEndpoint=https://cosmos-catalog.documents.azure.com:443/;AccountKey=«{b86}==»;",\n      "description": "Primary SQL Connection String",\n      "keyKind": "Primary",\n      "type": "Sql"\n    }\n  ]\n}',
  ],
  [
    'cloud57-az-cosmos-mongo-connection-string',
    'MONGO_URL=mongodb://cosmos-shop:«{b86}==»@cosmos-shop.mongo.cosmos.azure.com:10255/?ssl=true&replicaSet=globaldb&retrywrites=false&maxIdleTimeMS=120000&appName=@cosmos-shop@',
  ],
  [
    'cloud57-az-servicebus-authorization-rule-keys-list',
    '$ az servicebus namespace authorization-rule keys list -g rg-msg --namespace-name sb-orders --name RootManageSharedAccessKey\n{\n  "keyName": "RootManageSharedAccessKey",\n  "primaryConnectionString": "Endpoint=sb://sb-orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b43}=»",\n  "primaryKey": "«{b43}=»",\n  "secondaryConnectionString": "Endpoint=sb://sb-orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b43}=»",\n  "secondaryKey": "«{b43}=»"\n}',
  ],
  [
    'cloud57-az-eventhub-connection-string-python',
    'producer = EventHubProducerClient.from_connection_string(\n    conn_str="Endpoint=sb://evh-telemetry.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=«{b43}=»;EntityPath=devices",\n)',
  ],
  [
    'cloud57-az-iothub-connection-string-env',
    'IOTHUB_CONNECTION_STRING="HostName=iot-fleet-prod.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=«{b43}=»"',
  ],
  [
    'cloud57-az-signalr-connection-string-appsettings',
    '"Azure": {\n  "SignalR": {\n    "ConnectionString": "Endpoint=https://sigr-chat.service.signalr.net;AccessKey=«{b43}=»;Version=1.0;"\n  }\n}',
  ],
  [
    'cloud57-az-communication-services-connection-string',
    'ACS_CONNECTION_STRING=endpoint=https://acs-notify.europe.communication.azure.com/;accesskey=«{b86}==»',
  ],
  [
    'cloud57-az-redis-list-keys-json',
    '$ az redis list-keys -n redis-sessions -g rg-cache\n{\n  "primaryKey": "«{b43}=»",\n  "secondaryKey": "«{b43}=»"\n}',
  ],
  [
    'cloud57-az-redis-connection-string-stackexchange',
    '"Redis": "redis-sessions.redis.cache.windows.net:6380,password=«{b43}=»,ssl=True,abortConnect=False"',
  ],
  [
    'cloud57-az-functionapp-keys-list-json',
    '$ az functionapp keys list -g rg-func -n func-ingest\n{\n  "functionKeys": {\n    "default": "«{B54}==»"\n  },\n  "masterKey": "«{B54}==»",\n  "systemKeys": {\n    "durabletask_extension": "«{B54}==»"\n  }\n}',
  ],
  [
    'cloud57-az-function-url-code-query-param',
    'curl -X POST "https://func-ingest.azurewebsites.net/api/HttpTrigger?code=«{B46}AzFu{B4}==»" -d @payload.json',
  ],
  [
    'cloud57-az-webapp-publish-profile-userpwd',
    '<publishData>\n  <publishProfile profileName="app-web - Web Deploy" publishMethod="MSDeploy" publishUrl="app-web.scm.azurewebsites.net:443" msdeploySite="app-web" userName="$app-web" userPWD="«{a60}»" destinationAppUrl="https://app-web.azurewebsites.net" />\n</publishData>',
  ],
  [
    'cloud57-az-webapp-deployment-credentials-git-url',
    'git remote add azure https://$app-legacy:«{a60}»@app-legacy.scm.azurewebsites.net:443/app-legacy.git',
  ],
  [
    'cloud57-az-account-get-access-token-json',
    '$ az account get-access-token --resource https://management.azure.com\n{\n  "accessToken": "«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6I{B24}.eyJhdWQiOi{B180}.{B86}»",\n  "expiresOn": "2024-06-11 15:40:22.000000",\n  "expires_on": 1718113222,\n  "subscription": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "tenant": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "tokenType": "Bearer"\n}',
  ],
  [
    'cloud57-az-keyvault-secret-show-value',
    '$ az keyvault secret show --vault-name kv-prod-weu --name sql-admin-password\n{\n  "attributes": {\n    "created": "2024-02-01T12:00:31+00:00",\n    "enabled": true,\n    "recoveryLevel": "Recoverable+Purgeable"\n  },\n  "id": "https://kv-prod-weu.vault.azure.net/secrets/sql-admin-password/{h32}",\n  "name": "sql-admin-password",\n  "value": "«{a20}$!{a4}»"\n}',
  ],
  ['cloud57-az-keyvault-secret-set-cli-value', 'az keyvault secret set --vault-name kv-shared --name openai-key --value «{h32}»'],
  [
    'cloud57-az-cognitiveservices-keys-list',
    '$ az cognitiveservices account keys list -n oai-eastus -g rg-ai\n{\n  "key1": "«{h32}»",\n  "key2": "«{h32}»"\n}',
  ],
  [
    'cloud57-az-openai-key-env-with-endpoint',
    'AZURE_OPENAI_ENDPOINT=https://oai-eastus-acme.openai.azure.com/\nAZURE_OPENAI_API_KEY=«{a84}»\nAZURE_OPENAI_DEPLOYMENT=gpt-4o',
  ],
  [
    'cloud57-az-search-admin-key-show',
    '$ az search admin-key show --service-name srch-docs -g rg-search\n{\n  "primaryKey": "«{a42}AzSeA{a5}»",\n  "secondaryKey": "«{a42}AzSeA{a5}»"\n}',
  ],
  [
    'cloud57-az-batch-account-keys-list',
    '$ az batch account keys list -n batchrender -g rg-render\n{\n  "accountName": "batchrender",\n  "primary": "«{b86}==»",\n  "secondary": "«{b86}==»"\n}',
  ],
  [
    'cloud57-az-maps-account-keys-list',
    '$ az maps account keys list -n maps-fleet -g rg-geo\n{\n  "primaryKey": "«{B43}»",\n  "primaryKeyLastUpdated": "2024-04-04T10:00:00Z",\n  "secondaryKey": "«{B43}»"\n}',
  ],
  [
    'cloud57-az-vm-create-admin-password',
    "az vm create -g rg-jump -n vm-jump01 --image Win2022Datacenter \\\n  --admin-username azureadmin --admin-password '«{a14}!{a5}»' \\\n  --public-ip-sku Standard",
  ],
  [
    'cloud57-az-sql-server-create-admin-password',
    'az sql server create --name sql-ledger --resource-group rg-data --location westeurope --admin-user sqladmin --admin-password "«{a18}#1»"',
  ],
  [
    'cloud57-az-sql-ado-connection-string-password',
    'Server=tcp:sql-ledger.database.windows.net,1433;Initial Catalog=ledger;Persist Security Info=False;User ID=sqladmin;Password=«{a22}»;MultipleActiveResultSets=False;Encrypt=True;',
  ],
  [
    'cloud57-az-devops-pat-env-login',
    'export AZURE_DEVOPS_EXT_PAT=«{k52}»\naz devops configure --defaults organization=https://dev.azure.com/acme project=Platform',
  ],
  [
    'cloud57-az-arm-parameters-file-adminpassword',
    '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "contentVersion": "1.0.0.0",\n  "parameters": {\n    "vmName": { "value": "vm-build-01" },\n    "adminUsername": { "value": "builder" },\n    "adminPassword": { "value": "«{a18}@{a3}»" }\n  }\n}',
  ],
  [
    'cloud57-az-arm-template-securestring-defaultvalue',
    '"parameters": {\n  "sqlAdministratorLoginPassword": {\n    "type": "securestring",\n    "defaultValue": "«{a16}!{a4}»",\n    "metadata": { "description": "SQL admin password" }\n  }\n}',
  ],
  [
    'cloud57-az-bicep-secure-param-default',
    "@secure()\n@description('Admin password for the PostgreSQL flexible server')\nparam administratorLoginPassword string = '«{a20}#{a2}»'\n\nparam location string = resourceGroup().location",
  ],
  [
    'cloud57-az-bicepparam-file-plain-secret',
    "using './main.bicep'\n\nparam appName = 'orders-api'\nparam sqlAdminPassword = '«{a22}»'\nparam skuName = 'P1v3'",
  ],
  [
    'cloud57-az-deployment-group-create-parameters-inline',
    "az deployment group create -g rg-app --template-file main.bicep \\\n  --parameters appName=orders dbPassword='«{a24}»'",
  ],
  [
    'cloud57-az-appservice-appsettings-list-json',
    '$ az webapp config appsettings list -g rg-web -n app-portal -o json\n[\n  { "name": "WEBSITE_RUN_FROM_PACKAGE", "slotSetting": false, "value": "1" },\n  { "name": "Auth0__ClientSecret", "slotSetting": false, "value": "«{B64}»" },\n  { "name": "ASPNETCORE_ENVIRONMENT", "slotSetting": false, "value": "Production" }\n]',
  ],
  [
    'cloud57-az-aks-get-credentials-admin-kubeconfig',
    'users:\n- name: clusterAdmin_rg-aks_aks-prod\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}\n    client-key-data: «LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFcEFJQkFBS0NBUUVB{b64}{b64}{b64}{b64}{b64}{b40}»\n    token: «{h32}»',
  ],
  [
    'cloud57-az-imds-managed-identity-token-response',
    '$ curl -s -H Metadata:true "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://vault.azure.net"\n{"access_token":"«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6I{B24}.eyJhdWQiOi{B180}.{B86}»","client_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","expires_in":"86399","expires_on":"1718185511","ext_expires_in":"86399","not_before":"1718098811","resource":"https://vault.azure.net","token_type":"Bearer"}',
  ],
  [
    'cloud57-gcloud-iam-sa-keys-create-json-private-key',
    '$ gcloud iam service-accounts keys create key.json --iam-account=ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com\ncreated key [{h40}] of type [json] as [key.json] for [ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com]\n$ cat key.json\n{\n  "type": "service_account",\n  "project_id": "acme-prod-{d6}",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com",\n  "client_id": "1{d20}",\n  "auth_uri": "https://accounts.google.com/o/oauth2/auth",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}',
  ],
  [
    'cloud57-gcp-sa-key-json-one-line-env',
    'GOOGLE_CREDENTIALS=\'{"type":"service_account","project_id":"data-lake-{l6}","private_key_id":"{h40}","private_key":"«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----»\\n","client_email":"airflow@data-lake-{l6}.iam.gserviceaccount.com","client_id":"1{d20}"}\'',
  ],
  [
    'cloud57-gcp-sa-key-base64-github-secret-paste',
    'I stored the key as GCP_SA_KEY (base64 -w0 key.json):\n«ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIsCiAgInByb2plY3RfaWQiOiAi{b64}{b64}{b64}{b64}{b64}{b64}{b64}{b64}{b60}»',
  ],
  [
    'cloud57-gcloud-auth-print-access-token-output',
    '$ gcloud auth print-access-token\n«ya29.a0{B64}{B64}{B40}»\n$ gcloud config get-value project\nacme-analytics-{d6}',
  ],
  [
    'cloud57-gcloud-access-token-curl-bearer-header',
    'curl -s -H "Authorization: Bearer «ya29.a0{B64}{B64}{B40}»" \\\n  "https://storage.googleapis.com/storage/v1/b/acme-raw-events/o?maxResults=5"',
  ],
  [
    'cloud57-gcloud-application-default-print-access-token-python',
    "creds.token\n'«ya29.a0{B64}{B64}{B40}»'\n>>> creds.expiry\ndatetime.datetime(2024, 6, 11, 13, 2, 41)",
  ],
  [
    'cloud57-gcloud-print-identity-token-cloud-run-curl',
    'TOKEN=«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B30}.eyJ{B160}.{B86}»\ncurl -H "Authorization: Bearer $TOKEN" https://billing-api-{l10}-ew.a.run.app/healthz',
  ],
  [
    'cloud57-gcp-adc-authorized-user-refresh-token',
    '$ cat ~/.config/gcloud/application_default_credentials.json\n{\n  "account": "",\n  "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n  "quota_project_id": "acme-dev-{d6}",\n  "refresh_token": "«1//0{B20}-{B80}»",\n  "type": "authorized_user",\n  "universe_domain": "googleapis.com"\n}',
  ],
  [
    'cloud57-gcp-metadata-server-token-json',
    '$ curl -s -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token\n{"access_token":"«ya29.c.{B64}{B64}{B64}{B30}»","expires_in":3479,"token_type":"Bearer"}',
  ],
  [
    'cloud57-gcloud-storage-hmac-create-output',
    '$ gcloud storage hmac create etl-sync@acme-ops-{d6}.iam.gserviceaccount.com\naccessId: GOOG1E{u55}\nsecret: «{b40}»\nmetadata:\n  accessId: GOOG1E{u55}\n  etag: {B11}=\n  id: acme-ops-{d6}/GOOG1E{u55}\n  projectId: acme-ops-{d6}\n  serviceAccountEmail: etl-sync@acme-ops-{d6}.iam.gserviceaccount.com\n  state: ACTIVE',
  ],
  [
    'cloud57-gcs-hmac-rclone-config',
    '[gcs-interop]\ntype = s3\nprovider = GCS\naccess_key_id = GOOG1E{u55}\nsecret_access_key = «{b40}»\nendpoint = https://storage.googleapis.com',
  ],
  [
    'cloud57-gsutil-boto-file-hmac',
    '[Credentials]\ngs_access_key_id = GOOG1E{u55}\ngs_secret_access_key = «{b40}»\n\n[GSUtil]\ndefault_project_id = acme-media-{d6}',
  ],
  [
    'cloud57-gcloud-secrets-versions-access-output',
    '$ gcloud secrets versions access latest --secret=pg-app-password --project=acme-prod-{d6}\n«{a26}»$',
  ],
  [
    'cloud57-gcloud-secrets-create-data-file-stdin',
    "printf '«{a32}»' | gcloud secrets create mailgun-key --data-file=- --replication-policy=automatic",
  ],
  ['cloud57-gcloud-sql-users-set-password', "gcloud sql users set-password postgres --instance=pg-main --password='«{a20}%{a3}»'"],
  [
    'cloud57-gcloud-services-api-keys-get-key-string',
    '$ gcloud services api-keys get-key-string projects/{d12}/locations/global/keys/{h8}-{h4}-4{h3}-a{h3}-{h12}\nkeyString: «AIza{B35}»',
  ],
  [
    'cloud57-firebase-login-ci-token-output',
    '✔  Success! Use this token to login on a CI server:\n\n«1//0{B20}-{B60}»\n\nExample: firebase deploy --token "$FIREBASE_TOKEN"',
  ],
  [
    'cloud57-gke-kubeconfig-gcp-auth-provider-access-token',
    'users:\n- name: gke_acme-prod-{d6}_europe-west1_main\n  user:\n    auth-provider:\n      config:\n        access-token: «ya29.a0{B64}{B64}{B40}»\n        cmd-args: config config-helper --format=json\n        cmd-path: /usr/lib/google-cloud-sdk/bin/gcloud\n        expiry: "2024-06-11T12:44:01Z"\n      name: gcp',
  ],
  [
    'cloud57-gcp-terraform-google-credentials-inline-json',
    'provider "google" {\n  project     = "acme-infra-{d6}"\n  region      = "europe-west4"\n  credentials = <<EOF\n{"type":"service_account","project_id":"acme-infra-{d6}","private_key_id":"{h40}","private_key":"«-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----»\\n","client_email":"tf@acme-infra-{d6}.iam.gserviceaccount.com"}\nEOF\n}',
  ],
  [
    'cloud57-gcloud-sa-impersonation-generate-access-token-rest',
    'POST https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/reporter@acme-bi-{d6}.iam.gserviceaccount.com:generateAccessToken\n200 OK\n{\n  "accessToken": "«ya29.a0{B64}{B64}{B40}»",\n  "expireTime": "2024-06-11T13:44:05Z"\n}',
  ],
  [
    'cloud57-doctl-config-yaml-access-token',
    '$ cat ~/.config/doctl/config.yaml\naccess-token: «dop_v1_{h64}»\nauth-contexts:\n  staging: «dop_v1_{h64}»\ncontext: default\noutput: text',
  ],
  [
    'cloud57-doctl-auth-init-token-flag',
    'doctl auth init --context ci --access-token «dop_v1_{h64}»\nUsing token for context ci\n\nValidating token... ✔',
  ],
  [
    'cloud57-doctl-registry-docker-config-auth',
    '$ doctl registry docker-config --read-write\n{"auths":{"registry.digitalocean.com":{"auth":"«ZG9wX3YxX{b64}{b64}{b64}{b40}»"}}}',
  ],
  [
    'cloud57-do-spaces-keys-s3cmd',
    '[default]\naccess_key = DO00{u16}\nsecret_key = «{b43}»\nhost_base = fra1.digitaloceanspaces.com\nhost_bucket = %(bucket)s.fra1.digitaloceanspaces.com',
  ],
  [
    'cloud57-doctl-spaces-keys-create-output',
    "$ doctl spaces keys create ci-uploads --grants 'bucket=assets;permission=readwrite'\nName          Access Key              Secret Key                                     Created At\nci-uploads    DO00{u16}    «{b43}»    2024-06-10 14:02:11 +0000 UTC",
  ],
  [
    'cloud57-doctl-databases-connection-uri',
    '$ doctl databases connection {h8}-{h4}-4{h3}-a{h3}-{h12} --format URI\nURI\npostgresql://doadmin:«AVNS_{a20}»@db-pg-fra1-{d5}-do-user-{d7}-0.c.db.ondigitalocean.com:25060/defaultdb?sslmode=require',
  ],
  ['cloud57-digitalocean-terraform-token-tfvars', 'do_token = "«dop_v1_{h64}»"\nregion   = "ams3"\nsize     = "s-2vcpu-4gb"'],
  ['cloud57-digitalocean-oauth-token-doo-env', 'DIGITALOCEAN_TOKEN=«doo_v1_{h64}»'],
  [
    'cloud57-oci-api-signing-key-pem-cat',
    '$ cat ~/.oci/oci_api_key.pem\n«-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»\nOCI_API_KEY',
  ],
  [
    'cloud57-oci-config-with-pass-phrase',
    '[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa{k52}\nfingerprint={h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}\nkey_file=~/.oci/oci_api_key.pem\npass_phrase=«{a20}»\ntenancy=ocid1.tenancy.oc1..aaaaaaaa{k52}\nregion=eu-frankfurt-1',
  ],
  [
    'cloud57-oci-iam-auth-token-create-output',
    '$ oci iam auth-token create --user-id ocid1.user.oc1..aaaaaaaa{k52} --description ocir-push\n{\n  "data": {\n    "description": "ocir-push",\n    "id": "ocid1.credential.oc1..aaaaaaaa{k52}",\n    "inactive-status": null,\n    "lifecycle-state": "ACTIVE",\n    "time-created": "2024-06-10T09:12:44.120000+00:00",\n    "token": "«{a4}({a3}]{a2};{a4}>{a3}.{a1}»",\n    "user-id": "ocid1.user.oc1..aaaaaaaa{k52}"\n  }\n}',
  ],
  [
    'cloud57-oci-ocir-docker-login-auth-token',
    "docker login fra.ocir.io -u '{l10}/oracleidentitycloudservice/dev@acme.io' -p '«{a5}:{a4}]{a3}{{a6}»'",
  ],
  [
    'cloud57-oci-customer-secret-key-create',
    '$ oci iam customer-secret-key create --user-id ocid1.user.oc1..aaaaaaaa{k52} --display-name s3-compat\n{\n  "data": {\n    "display-name": "s3-compat",\n    "id": "{h40}",\n    "key": "«{b43}=»",\n    "lifecycle-state": "ACTIVE",\n    "user-id": "ocid1.user.oc1..aaaaaaaa{k52}"\n  }\n}',
  ],
  [
    'cloud57-oci-terraform-provider-private-key-inline',
    'provider "oci" {\n  tenancy_ocid = "ocid1.tenancy.oc1..aaaaaaaa{k52}"\n  user_ocid    = "ocid1.user.oc1..aaaaaaaa{k52}"\n  fingerprint  = "{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}"\n  private_key  = <<EOT\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END RSA PRIVATE KEY-----»\nEOT\n  region = "us-ashburn-1"\n}',
  ],
  [
    'cloud57-oci-database-admin-password-create',
    'oci db autonomous-database create --compartment-id ocid1.compartment.oc1..aaaaaaaa{k52} --db-name APPDB --cpu-core-count 1 --data-storage-size-in-tbs 1 --admin-password "«{a14}#{a4}»"',
  ],
  [
    'cloud57-ibmcloud-iam-api-key-create-table',
    '$ ibmcloud iam api-key-create deploy-key -d "pipeline"\nCreating API key deploy-key under {h32} as ops@acme.io...\nOK\nAPI key deploy-key was created\n\nPlease preserve the API key! It cannot be retrieved after it\'s created.\n\nID            ApiKey-{h8}-{h4}-4{h3}-a{h3}-{h12}\nName          deploy-key\nDescription   pipeline\nCreated At    2024-06-10T09:21+0000\nAPI Key       «{B44}»\nLocked        false',
  ],
  [
    'cloud57-ibmcloud-api-key-json-file',
    '{\n  "name": "tf-runner",\n  "description": "",\n  "createdAt": "2024-04-02T10:11+0000",\n  "apikey": "«{B44}»"\n}',
  ],
  ['cloud57-ibmcloud-login-apikey-flag', 'ibmcloud login --apikey «{B44}» -r us-south -g Default'],
  [
    'cloud57-ibmcloud-cos-hmac-service-credentials',
    '"cos_hmac_keys": {\n  "access_key_id": "{h32}",\n  "secret_access_key": "«{h48}»"\n},\n"endpoints": "https://control.cloud-object-storage.cloud.ibm.com/v2/endpoints",\n"apikey": "«{B44}»",\n"iam_apikey_name": "cos-writer"',
  ],
  [
    'cloud57-linode-cli-config-token',
    '$ cat ~/.config/linode-cli\n[DEFAULT]\ndefault-user = ops\n\n[ops]\ntoken = «{h64}»\nregion = eu-central\ntype = g6-standard-2\nimage = linode/debian12',
  ],
  [
    'cloud57-linode-cli-linodes-create-root-pass',
    'linode-cli linodes create --type g6-nanode-1 --region us-east --image linode/ubuntu24.04 --label edge-01 --root_pass \'«{a22}»\' --authorized_keys "$(cat ~/.ssh/id_ed25519.pub)"',
  ],
  [
    'cloud57-linode-object-storage-keys-create-output',
    '$ linode-cli object-storage keys-create --label backups --json\n[{"id": {d6}, "label": "backups", "access_key": "{u20}", "secret_key": "«{a40}»", "limited": false}]',
  ],
  ['cloud57-linode-token-env-terraform', 'export LINODE_TOKEN=«{h64}»\nterraform apply -target=linode_lke_cluster.main'],
  ['cloud57-linode-lke-kubeconfig-token', 'users:\n- name: lke{d6}-admin\n  user:\n    as-user-extra: {}\n    token: «{a64}»'],
  [
    'cloud57-hcloud-cli-toml-context-token',
    '$ cat ~/.config/hcloud/cli.toml\nactive_context = "prod"\n\n[[contexts]]\n  name = "prod"\n  token = "«{a64}»"\n\n[[contexts]]\n  name = "lab"\n  token = "«{a64}»"',
  ],
  ['cloud57-hcloud-token-env-shell', '$ export HCLOUD_TOKEN=«{a64}»\n$ hcloud server list -o columns=name,status,ipv4'],
  [
    'cloud57-hetzner-ccm-secret-stringdata',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: hcloud\n  namespace: kube-system\nstringData:\n  token: «{a64}»\n  network: k8s-net',
  ],
  ['cloud57-hetzner-robot-webservice-password-curl', 'curl -u "#ws+{a8}:«{a20}»" https://robot-ws.your-server.de/server'],
  [
    'cloud57-scw-config-yaml-secret-key-uuid',
    '$ cat ~/.config/scw/config.yaml\naccess_key: SCW{u17}\nsecret_key: «{h8}-{h4}-4{h3}-a{h3}-{h12}»\ndefault_organization_id: {h8}-{h4}-4{h3}-9{h3}-{h12}\ndefault_project_id: {h8}-{h4}-4{h3}-9{h3}-{h12}\ndefault_region: fr-par\ndefault_zone: fr-par-1',
  ],
  [
    'cloud57-scw-iam-api-key-create-output',
    '$ scw iam api-key create application-id={h8}-{h4}-4{h3}-a{h3}-{h12} description=ci\nAccessKey            SCW{u17}\nSecretKey            «{h8}-{h4}-4{h3}-9{h3}-{h12}»\nApplicationID        {h8}-{h4}-4{h3}-a{h3}-{h12}\nDescription          ci\nCreatedAt            now\nDefaultProjectID     {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'cloud57-scw-env-secret-key-terraform',
    'export SCW_ACCESS_KEY=SCW{u17}\nexport SCW_SECRET_KEY=«{h8}-{h4}-4{h3}-a{h3}-{h12}»\nexport SCW_DEFAULT_PROJECT_ID={h8}-{h4}-4{h3}-9{h3}-{h12}',
  ],
  [
    'cloud57-scaleway-registry-docker-login-secret-key',
    'docker login rg.fr-par.scw.cloud/acme -u nologin --password «{h8}-{h4}-4{h3}-a{h3}-{h12}»',
  ],
  [
    'cloud57-exo-cli-toml-account-secret',
    '$ cat ~/.config/exoscale/exoscale.toml\ndefaultaccount = "prod"\n\n[[accounts]]\n  account = "acme"\n  defaultZone = "ch-gva-2"\n  endpoint = "https://api.exoscale.com/v1"\n  key = "EXO{h24}"\n  name = "prod"\n  secret = "«{B43}»"',
  ],
  [
    'cloud57-exo-iam-api-key-create-output',
    '$ exo iam api-key create ci-deployer ci-role\n┼──────────┼────────────────────────────────────────────┼\n│ API KEY  │                                            │\n┼──────────┼────────────────────────────────────────────┼\n│ Name     │ ci-deployer                                │\n│ Key      │ EXO{h24}                 │\n│ Secret   │ «{B43}»│\n│ Role ID  │ {h8}-{h4}-4{h3}-a{h3}-{h12}       │',
  ],
  ['cloud57-exoscale-env-vars-terraform', 'EXOSCALE_API_KEY=EXO{h24}\nEXOSCALE_API_SECRET=«{B43}»'],
  ['cloud57-vultr-cli-yaml-api-key', '$ cat ~/.vultr-cli.yaml\napi-key: «{u36}»'],
  [
    'cloud57-vultr-api-key-env-and-curl',
    'export VULTR_API_KEY=«{u36}»\ncurl "https://api.vultr.com/v2/instances" -H "Authorization: Bearer ${VULTR_API_KEY}"',
  ],
  [
    'cloud57-vultr-object-storage-keys-json',
    '"object_storage": {\n  "id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "s3_hostname": "ewr1.vultrobjects.com",\n  "s3_access_key": "{u20}",\n  "s3_secret_key": "«{a40}»"\n}',
  ],
  [
    'cloud57-aliyun-config-json-access-key-secret',
    '$ cat ~/.aliyun/config.json\n{\n\t"current": "default",\n\t"profiles": [\n\t\t{\n\t\t\t"name": "default",\n\t\t\t"mode": "AK",\n\t\t\t"access_key_id": "LTAI5t{a18}",\n\t\t\t"access_key_secret": "«{a30}»",\n\t\t\t"sts_token": "",\n\t\t\t"region_id": "cn-hangzhou",\n\t\t\t"output_format": "json",\n\t\t\t"language": "en"\n\t\t}\n\t]\n}',
  ],
  [
    'cloud57-aliyun-configure-set-cli',
    'aliyun configure set --profile ci --mode AK --region ap-southeast-1 --access-key-id LTAI5t{a18} --access-key-secret «{a30}»',
  ],
  [
    'cloud57-aliyun-sts-assume-role-credentials',
    '$ aliyun sts AssumeRole --RoleArn acs:ram::{d16}:role/oss-writer --RoleSessionName ci\n{\n\t"AssumedRoleUser": {\n\t\t"Arn": "acs:ram::{d16}:role/oss-writer/ci",\n\t\t"AssumedRoleId": "3{d17}:ci"\n\t},\n\t"Credentials": {\n\t\t"AccessKeyId": "STS.NT{a26}",\n\t\t"AccessKeySecret": "«{a44}»",\n\t\t"Expiration": "2024-06-10T11:22:33Z",\n\t\t"SecurityToken": "«CAIS{b64}{b64}{b64}{b64}{b64}{b32}»"\n\t},\n\t"RequestId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'cloud57-aliyun-ram-create-access-key-output',
    '$ aliyun ram CreateAccessKey --UserName oss-sync\n{\n\t"AccessKey": {\n\t\t"AccessKeyId": "LTAI5t{a18}",\n\t\t"AccessKeySecret": "«{a30}»",\n\t\t"CreateDate": "2024-06-10T06:01:33Z",\n\t\t"Status": "Active"\n\t},\n\t"RequestId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'cloud57-aliyun-ossutil-config',
    '[Credentials]\nlanguage=EN\nendpoint=oss-cn-shanghai.aliyuncs.com\naccessKeyID=LTAI5t{a18}\naccessKeySecret=«{a30}»',
  ],
  [
    'cloud57-tfstate-random-password-result-and-id-none',
    '{\n  "mode": "managed",\n  "type": "random_password",\n  "name": "db",\n  "provider": "provider[\\"registry.terraform.io/hashicorp/random\\"]",\n  "instances": [\n    {\n      "schema_version": 3,\n      "attributes": {\n        "id": "none",\n        "keepers": null,\n        "length": 24,\n        "lower": true,\n        "min_special": 2,\n        "override_special": "!#%*-_",\n        "result": "«{a11}#{a6}-{a5}»",\n        "special": true\n      },\n      "sensitive_attributes": []\n    }\n  ]\n}',
  ],
  [
    'cloud57-tfstate-aws-iam-access-key-secret-and-smtp',
    '        "attributes": {\n          "create_date": "2024-04-18T10:21:09Z",\n          "encrypted_secret": null,\n          "id": "AKIA{u16}",\n          "key_fingerprint": null,\n          "pgp_key": null,\n          "secret": "«{b40}»",\n          "ses_smtp_password_v4": "«B{b43}»",\n          "status": "Active",\n          "user": "ses-sender"\n        },',
  ],
  [
    'cloud57-tfstate-tls-private-key-pem-escaped',
    '      "type": "tls_private_key",\n      "name": "deploy",\n      "instances": [\n        {\n          "attributes": {\n            "algorithm": "RSA",\n            "id": "{h40}",\n            "private_key_pem": "«-----BEGIN RSA PRIVATE KEY-----\\nMIIEpAIBAAKCAQEA{b48}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END RSA PRIVATE KEY-----»\\n",\n            "public_key_fingerprint_md5": "{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",\n            "rsa_bits": 2048\n          }',
  ],
  [
    'cloud57-tfstate-tls-private-key-openssh',
    '          "attributes": {\n            "algorithm": "ED25519",\n            "private_key_openssh": "«-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\nQyNTUxOQAAACD{b57}\\n{b70}\\n{b70}\\n{b24}==\\n-----END OPENSSH PRIVATE KEY-----»\\n",\n            "public_key_openssh": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43}\\n"\n          }',
  ],
  [
    'cloud57-tfstate-azurerm-storage-account-keys',
    '          "attributes": {\n            "name": "stacmelogs{l6}",\n            "primary_access_key": "«{b86}==»",\n            "primary_blob_endpoint": "https://stacmelogs{l6}.blob.core.windows.net/",\n            "primary_connection_string": "DefaultEndpointsProtocol=https;AccountName=stacmelogs{l6};AccountKey=«{b86}==»;EndpointSuffix=core.windows.net",\n            "secondary_access_key": "«{b86}==»"\n          }',
  ],
  [
    'cloud57-tfstate-aws-db-instance-password',
    '          "attributes": {\n            "address": "app-db.{l12}.eu-west-1.rds.amazonaws.com",\n            "engine": "mysql",\n            "identifier": "app-db",\n            "password": "«{a26}»",\n            "username": "admin"\n          }',
  ],
  [
    'cloud57-tfstate-outputs-sensitive-true-value-clear',
    '{\n  "version": 4,\n  "terraform_version": "1.8.5",\n  "serial": 41,\n  "lineage": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "outputs": {\n    "db_password": {\n      "value": "«{a20}»",\n      "type": "string",\n      "sensitive": true\n    },\n    "vpc_id": {\n      "value": "vpc-0{h16}",\n      "type": "string"\n    }\n  },',
  ],
  [
    'cloud57-tfstate-google-service-account-key-private-key-b64',
    '          "attributes": {\n            "key_algorithm": "KEY_ALG_RSA_2048",\n            "name": "projects/acme-prod-{d6}/serviceAccounts/gke-nodes@acme-prod-{d6}.iam.gserviceaccount.com/keys/{h40}",\n            "private_key": "«ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIsCiAgInByb2plY3RfaWQiOiAi{b64}{b64}{b64}{b64}{b64}{b64}{b64}{b64}{b64}{b64}{b32}»",\n            "private_key_type": "TYPE_GOOGLE_CREDENTIALS_FILE"\n          }',
  ],
  [
    'cloud57-tfstate-azuread-application-password-value',
    '          "type": "azuread_application_password",\n          "attributes": {\n            "display_name": "terraform-managed",\n            "end_date": "2026-06-10T10:00:00Z",\n            "key_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n            "value": "«{a3}8Q~{B34}»"\n          }',
  ],
  [
    'cloud57-tfstate-azurerm-aks-kube-admin-config-client-key',
    '            "kube_admin_config": [\n              {\n                "client_certificate": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}",\n                "client_key": "«LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFcEFJQkFBS0NBUUVB{b64}{b64}{b64}{b64}{b64}{b40}»",\n                "host": "https://aks-prod-{h8}.hcp.westeurope.azmk8s.io:443",\n                "password": "«{h64}»",\n                "username": "clusterAdmin_rg-aks_aks-prod"\n              }\n            ],',
  ],
  [
    'cloud57-tfstate-secretsmanager-secret-version-string',
    '          "type": "aws_secretsmanager_secret_version",\n          "attributes": {\n            "arn": "arn:aws:secretsmanager:us-east-1:{d12}:secret:app/stripe-{a6}",\n            "secret_string": "{\\"stripe_key\\":\\"«sk_live_{a99}»\\"}",\n            "version_id": "terraform-{d26}"\n          }',
  ],
  [
    'cloud57-tfstate-digitalocean-database-cluster-uri',
    '          "attributes": {\n            "engine": "pg",\n            "host": "db-main-do-user-{d7}-0.b.db.ondigitalocean.com",\n            "password": "«AVNS_{a20}»",\n            "uri": "postgresql://doadmin:«AVNS_{a20}»@db-main-do-user-{d7}-0.b.db.ondigitalocean.com:25060/defaultdb?sslmode=require",\n            "user": "doadmin"\n          }',
  ],
  [
    'cloud57-tfstate-cosmosdb-primary-key',
    '          "type": "azurerm_cosmosdb_account",\n          "attributes": {\n            "endpoint": "https://cosmos-catalog.documents.azure.com:443/",\n            "primary_key": "«{b86}==»",\n            "primary_readonly_key": "«{b86}==»"\n          }',
  ],
  ['cloud57-terraform-output-raw-db-password', '$ terraform output -raw admin_password\n«{a24}»% '],
  [
    'cloud57-terraform-output-json-sensitive-values-clear',
    '$ terraform output -json\n{\n  "api_token": {\n    "sensitive": true,\n    "type": "string",\n    "value": "«{a48}»"\n  },\n  "bucket": {\n    "sensitive": false,\n    "type": "string",\n    "value": "acme-assets-prod"\n  }\n}',
  ],
  [
    'cloud57-terraform-tfvars-secrets',
    'region          = "eu-west-1"\ninstance_type   = "t3.large"\ndb_password     = "«{a22}»"\ncloudflare_api_token = "«{B40}»"',
  ],
  [
    'cloud57-terraform-tf-var-env-exports',
    "export TF_VAR_db_password='«{a24}»'\nexport TF_VAR_github_token=«ghp_{a36}»\nterraform apply -auto-approve",
  ],
  [
    'cloud57-terraform-cloud-credentials-tfrc-json',
    '$ cat ~/.terraform.d/credentials.tfrc.json\n{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "«{a14}.atlasv1.{a67}»"\n    }\n  }\n}',
  ],
  [
    'cloud57-terraform-variable-default-sensitive-in-clear',
    'variable "grafana_admin_password" {\n  type      = string\n  sensitive = true\n  default   = "«{a20}»"\n}',
  ],
  [
    'cloud57-terraform-state-show-random-password-result',
    '$ terraform state show random_password.redis\n# random_password.redis:\nresource "random_password" "redis" {\n    id          = "none"\n    length      = 32\n    result      = "«{a32}»"\n    special     = false\n}',
  ],
  ['cloud57-terraform-console-nonsensitive-output', '> nonsensitive(azurerm_container_registry.acr.admin_password)\n"«{a42}+ACR{a6}»"'],
  [
    'cloud57-pulumi-stack-output-show-secrets-table',
    '$ pulumi stack output --show-secrets\nCurrent stack outputs (4):\n    OUTPUT          VALUE\n    bucketName      assets-{h7}\n    dbEndpoint      app-db.{l12}.us-east-1.rds.amazonaws.com\n    dbPassword      «{a24}»\n    kubeconfigPath  ./kubeconfig',
  ],
  [
    'cloud57-pulumi-stack-output-show-secrets-json',
    '$ pulumi stack output --show-secrets --json\n{\n  "clusterName": "eks-prod-{h7}",\n  "grafanaAdminPassword": "«{a20}»",\n  "datadogApiKey": "«{h32}»"\n}',
  ],
  [
    'cloud57-pulumi-stack-yaml-plain-config-secrets',
    'config:\n  aws:region: us-west-2\n  shop:dbUser: shop\n  shop:dbPassword: «{a22}»\n  shop:stripeSecretKey: «sk_live_{a99}»',
  ],
  [
    'cloud57-pulumi-config-set-without-secret-flag',
    '$ pulumi config set mailgunApiKey «{h32}-{h8}-{h8}»\n$ pulumi config\nKEY            VALUE\naws:region     eu-central-1\nmailgunApiKey  «{h32}-{h8}-{h8}»',
  ],
  [
    'cloud57-pulumi-stack-export-show-secrets-plaintext',
    '{\n  "urn": "urn:pulumi:prod::shop::aws:rds/instance:Instance::db",\n  "outputs": {\n    "password": {\n      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",\n      "plaintext": "\\"«{a26}»\\""\n    },\n    "username": "shop"\n  }\n}',
  ],
  [
    'cloud57-pulumi-ts-program-plain-password-arg',
    'const db = new aws.rds.Instance("orders", {\n    engine: "postgres",\n    instanceClass: "db.t4g.micro",\n    allocatedStorage: 20,\n    username: "orders",\n    password: "«{a24}»",\n    skipFinalSnapshot: true,\n});',
  ],
  [
    'cloud57-pulumi-esc-environment-plain-values',
    'values:\n  aws:\n    creds:\n      accessKeyId: AKIA{u16}\n      secretAccessKey: «{b40}»\n  pulumiConfig:\n    aws:region: us-east-1',
  ],
  [
    'cloud57-cfn-describe-stacks-outputs-generated-password',
    '$ aws cloudformation describe-stacks --stack-name legacy-wordpress --query "Stacks[0].Outputs"\n[\n    {\n        "OutputKey": "SiteURL",\n        "OutputValue": "https://blog.acme.io"\n    },\n    {\n        "OutputKey": "DBMasterPassword",\n        "OutputValue": "«{a20}»",\n        "Description": "RDS master password"\n    }\n]',
  ],
  [
    'cloud57-cfn-template-noecho-parameter-default-clear',
    'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 12\n    Default: «{a18}»\n  DBUser:\n    Type: String\n    Default: app',
  ],
  [
    'cloud57-cfn-deploy-parameter-overrides',
    'aws cloudformation deploy --template-file stack.yml --stack-name api-prod \\\n  --parameter-overrides Env=prod DbPassword=«{a22}» SlackWebhook=«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»',
  ],
  [
    'cloud57-cfn-parameters-json-file',
    '[\n  { "ParameterKey": "KeyName", "ParameterValue": "ops-2024" },\n  { "ParameterKey": "AdminPassword", "ParameterValue": "«{a16}!{a3}»" }\n]',
  ],
  [
    'cloud57-cfn-iam-accesskey-output-getatt-secret-value',
    '$ aws cloudformation describe-stacks --stack-name ci-user --query "Stacks[0].Outputs[*].[OutputKey,OutputValue]" --output text\nAccessKeyId\tAKIA{u16}\nSecretAccessKey\t«{b40}»',
  ],
  [
    'cloud57-cdk-context-json-plain-secret',
    '{\n  "app": "npx ts-node --prefer-ts-exts bin/app.ts",\n  "context": {\n    "env": "prod",\n    "slackSigningSecret": "«{h32}»",\n    "@aws-cdk/aws-iam:minimizePolicies": true\n  }\n}',
  ],
  [
    'cloud57-cdk-secretvalue-unsafe-plain-text',
    "new rds.DatabaseInstance(this, 'Db', {\n  engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_16 }),\n  credentials: rds.Credentials.fromPassword('app', SecretValue.unsafePlainText('«{a24}»')),\n  vpc,\n});",
  ],
  ['cloud57-cdk-deploy-parameters-flag', 'npx cdk deploy ApiStack --parameters ApiStack:GithubToken=«ghp_{a36}» --require-approval never'],
  [
    'cloud57-sam-template-parameter-default-secret',
    'Parameters:\n  StripeKey:\n    Type: String\n    NoEcho: true\n    Default: «sk_live_{a99}»\nResources:\n  ChargeFunction:\n    Type: AWS::Serverless::Function',
  ],
  [
    'cloud57-samconfig-toml-parameter-overrides',
    'version = 0.1\n[default.deploy.parameters]\nstack_name = "payments"\nregion = "us-east-1"\nparameter_overrides = "Stage=\\"prod\\" DbPassword=\\"«{a20}»\\""',
  ],
  [
    'cloud57-serverless-yml-provider-environment',
    'provider:\n  name: aws\n  runtime: nodejs20.x\n  region: eu-west-1\n  environment:\n    NODE_ENV: production\n    MONGODB_URI: mongodb+srv://api:«{a24}»@cluster0.{l5}.mongodb.net/app\n    JWT_SECRET: «{a48}»',
  ],
  [
    'cloud57-serverless-function-env-plain-key',
    'functions:\n  notify:\n    handler: src/notify.handler\n    environment:\n      TWILIO_AUTH_TOKEN: «{h32}»\n      TWILIO_ACCOUNT_SID: AC{h32}',
  ],
  [
    'cloud57-amplify-env-variables-console-paste',
    'Amplify > App settings > Environment variables\nNEXT_PUBLIC_API_URL   https://api.acme.io\nCONTENTFUL_MANAGEMENT_TOKEN   «CFPAT-{B43}»',
  ],
  [
    'cloud57-crossplane-aws-provider-secret-creds-ini',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: aws-creds\n  namespace: crossplane-system\ntype: Opaque\nstringData:\n  creds: |\n    [default]\n    aws_access_key_id = AKIA{u16}\n    aws_secret_access_key = «{b40}»',
  ],
  [
    'cloud57-crossplane-gcp-provider-secret-base64-data',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: gcp-creds\n  namespace: crossplane-system\ndata:\n  creds: «ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIsCiAgInByb2plY3RfaWQiOiAi{b64}{b64}{b64}{b64}{b64}{b64}{b40}»',
  ],
  [
    'cloud57-crossplane-azure-provider-secret-json',
    'stringData:\n  credentials: |\n    {\n      "clientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n      "clientSecret": "«{a3}8Q~{B34}»",\n      "subscriptionId": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n      "tenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n    }',
  ],
  [
    'cloud57-k8s-secret-data-base64-aws-secret-key',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s3-backup\ndata:\n  AWS_ACCESS_KEY_ID: QUtJQ{b22}=\n  AWS_SECRET_ACCESS_KEY: «{b54}==»',
  ],
  [
    'cloud57-external-dns-azure-json-secret',
    '$ cat azure.json\n{\n  "tenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "subscriptionId": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "resourceGroup": "rg-dns",\n  "aadClientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "aadClientSecret": "«{a3}7Q~{a20}.{B13}»"\n}',
  ],
  [
    'cloud57-cert-manager-route53-solver-secret-key',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: route53-credentials\nstringData:\n  secret-access-key: «{b40}»\n---\n# ClusterIssuer references accessKeyID: AKIA{u16}',
  ],
  ['cloud57-velero-credentials-file', '$ cat credentials-velero\n[default]\naws_access_key_id=AKIA{u16}\naws_secret_access_key=«{b40}»'],
  [
    'cloud57-kubeconfig-client-key-data-ec',
    'apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}\n    server: https://10.0.0.12:6443\n  name: homelab\nusers:\n- name: admin@homelab\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}\n    client-key-data: «LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFS{b64}{b64}{b60}»',
  ],
  [
    'cloud57-kubeconfig-serviceaccount-token-jwt',
    'users:\n- name: ci-deployer\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50Ii{B180}.{B342}»',
  ],
  [
    'cloud57-kubeconfig-basic-auth-password',
    'users:\n- name: legacy-admin\n  user:\n    username: admin\n    password: «{a16}»\ncontexts:\n- context: {cluster: legacy, user: legacy-admin}\n  name: legacy',
  ],
  [
    'cloud57-kubeconfig-k3s-default-client-key',
    '$ sudo cat /etc/rancher/k3s/k3s.yaml | tail -4\n- name: default\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}\n    client-key-data: «LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFS{b64}{b64}{b60}»',
  ],
  [
    'cloud57-aws-eks-get-token-exec-credential',
    '$ aws eks get-token --cluster-name prod\n{"kind": "ExecCredential", "apiVersion": "client.authentication.k8s.io/v1beta1", "spec": {}, "status": {"expirationTimestamp": "2024-06-10T10:36:07Z", "token": "«k8s-aws-v1.aHR0cHM6Ly9zdHMuYW1hem9uYXdzLmNvbS8_QWN0aW9uPUdldENhbGxlcklkZW50aXR5JlZlcnNpb249MjAxMS0wNi0xNSZYLUFtei1BbGdvcml0aG09QVdTNC1ITUFDLVNIQTI1Ni{B64}{B64}{B64}{B64}{B64}{B40}»"}}',
  ],
  ['cloud57-kubeconfig-doks-token', 'users:\n- name: do-fra1-k8s-prod-admin\n  user:\n    token: «dop_v1_{h64}»'],
  [
    'cloud57-kubeconfig-oidc-refresh-and-id-token',
    'users:\n- name: oidc\n  user:\n    auth-provider:\n      config:\n        client-id: kubernetes\n        client-secret: «{a32}»\n        id-token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B30}.eyJ{B160}.{B86}»\n        idp-issuer-url: https://dex.acme.io\n        refresh-token: «Chl{a24}Ehl{a26}»\n      name: oidc',
  ],
  [
    'cloud57-kubectl-config-set-credentials-token-cmd',
    'kubectl config set-credentials deployer --token=«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJ{B150}.{B86}»',
  ],
  [
    'cloud57-cloud-init-chpasswd-list',
    '#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: «{a18}»\n      type: text\nssh_pwauth: true',
  ],
  [
    'cloud57-cloud-init-plain-text-passwd-user',
    '#cloud-config\nusers:\n  - name: ops\n    groups: sudo\n    shell: /bin/bash\n    lock_passwd: false\n    plain_text_passwd: «{a20}»',
  ],
  [
    'cloud57-cloud-init-legacy-chpasswd-list-string',
    '#cloud-config\nchpasswd:\n  list: |\n    root:«{a16}»\n    debian:«{a16}»\n  expire: False',
  ],
  [
    'cloud57-cloud-init-write-files-env-with-keys',
    '#cloud-config\nwrite_files:\n  - path: /etc/app/app.env\n    permissions: "0600"\n    content: |\n      DATABASE_URL=postgres://app:«{a24}»@10.0.1.5:5432/app\n      SENTRY_DSN=https://{h32}@o{d6}.ingest.sentry.io/{d7}',
  ],
  [
    'cloud57-cloud-init-runcmd-registry-login',
    '#cloud-config\nruncmd:\n  - echo "«{a42}+ACR{a6}»" | docker login acmeacr.azurecr.io -u acmeacr --password-stdin\n  - docker run -d --restart always acmeacr.azurecr.io/agent:2.3',
  ],
  [
    'cloud57-cloud-init-k3s-token-user-data',
    '#!/bin/bash\ncurl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.10:6443 K3S_TOKEN=«K10{h64}::server:{h32}» sh -',
  ],
  [
    'cloud57-ec2-describe-instance-attribute-user-data-decoded',
    '$ aws ec2 describe-instance-attribute --instance-id i-0{h16} --attribute userData --query UserData.Value --output text | base64 -d\n#!/bin/bash\nexport DB_PASSWORD=«{a22}»\n/opt/app/bin/start',
  ],
];

export const BLIND57_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'cloud57-sts-get-caller-identity-ids',
    '$ aws sts get-caller-identity\n{\n    "UserId": "AROA{u17}:jdoe@acme.io",\n    "Account": "{d12}",\n    "Arn": "arn:aws:sts::{d12}:assumed-role/AWSReservedSSO_AdministratorAccess_{h16}/jdoe@acme.io"\n}',
  ],
  [
    'cloud57-iam-list-access-keys-metadata-only',
    '$ aws iam list-access-keys --user-name svc-backup\n{\n    "AccessKeyMetadata": [\n        {\n            "UserName": "svc-backup",\n            "AccessKeyId": "AKIA{u16}",\n            "Status": "Inactive",\n            "CreateDate": "2022-09-14T11:02:45+00:00"\n        }\n    ]\n}',
  ],
  [
    'cloud57-iam-get-access-key-last-used',
    '{\n    "UserName": "terraform-runner",\n    "AccessKeyLastUsed": {\n        "LastUsedDate": "2024-06-09T22:10:00+00:00",\n        "ServiceName": "s3",\n        "Region": "us-east-1"\n    }\n}',
  ],
  [
    'cloud57-kms-encrypt-ciphertext-blob',
    '$ aws kms encrypt --key-id alias/app-secrets --plaintext fileb://seed.bin\n{\n    "CiphertextBlob": "AQICAHh{b64}{b64}{b64}{b20}==",\n    "KeyId": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "EncryptionAlgorithm": "SYMMETRIC_DEFAULT"\n}',
  ],
  [
    'cloud57-kms-describe-key-metadata',
    '{\n    "KeyMetadata": {\n        "AWSAccountId": "{d12}",\n        "KeyId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n        "Arn": "arn:aws:kms:us-east-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}",\n        "KeyState": "Enabled",\n        "KeyUsage": "ENCRYPT_DECRYPT",\n        "KeySpec": "SYMMETRIC_DEFAULT",\n        "MultiRegion": false\n    }\n}',
  ],
  [
    'cloud57-kms-generate-data-key-without-plaintext',
    '$ aws kms generate-data-key-without-plaintext --key-id alias/backups --key-spec AES_256\n{\n    "CiphertextBlob": "AQIDAHh{b64}{b64}{b40}",\n    "KeyId": "arn:aws:kms:us-west-2:{d12}:key/mrk-{h32}"\n}',
  ],
  [
    'cloud57-secretsmanager-describe-secret-no-value',
    '$ aws secretsmanager describe-secret --secret-id prod/orders/postgres\n{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/postgres-{a6}",\n    "Name": "prod/orders/postgres",\n    "KmsKeyId": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "RotationEnabled": true,\n    "RotationLambdaARN": "arn:aws:lambda:eu-west-1:{d12}:function:SecretsManagerRDSRotation",\n    "VersionIdsToStages": {\n        "{h8}-{h4}-4{h3}-9{h3}-{h12}": ["AWSCURRENT"]\n    }\n}',
  ],
  [
    'cloud57-secretsmanager-secretstring-dynamic-references',
    '"SecretString": "{\\"username\\":\\"app\\",\\"password\\":\\"{{resolve:ssm-secure:/prod/db/password:3}}\\",\\"host\\":\\"{{resolve:ssm:/prod/db/host}}\\"}"',
  ],
  [
    'cloud57-cfn-dynamic-reference-secretsmanager',
    "MasterUserPassword: '{{resolve:secretsmanager:prod/orders/postgres:SecretString:password}}'\nMasterUsername: '{{resolve:secretsmanager:prod/orders/postgres:SecretString:username}}'",
  ],
  [
    'cloud57-ssm-get-parameter-securestring-encrypted-value',
    '$ aws ssm get-parameter --name /prod/payments/db_password\n{\n    "Parameter": {\n        "Name": "/prod/payments/db_password",\n        "Type": "SecureString",\n        "Value": "AQICAHh{b64}{b64}{b24}==",\n        "Version": 4,\n        "DataType": "text"\n    }\n}',
  ],
  [
    'cloud57-ssm-describe-parameters-listing',
    '$ aws ssm describe-parameters --query "Parameters[].[Name,Type,KeyId]" --output text\n/prod/payments/db_password\tSecureString\talias/aws/ssm\n/prod/payments/db_host\tString\tNone\n/prod/stripe/secret_key\tSecureString\talias/payments',
  ],
  [
    'cloud57-ec2-describe-instances-resource-ids',
    '"Instances": [{\n  "InstanceId": "i-0{h16}",\n  "ImageId": "ami-0{h16}",\n  "SubnetId": "subnet-0{h16}",\n  "VpcId": "vpc-0{h16}",\n  "SecurityGroups": [{"GroupName": "web", "GroupId": "sg-0{h16}"}],\n  "NetworkInterfaces": [{"NetworkInterfaceId": "eni-0{h16}", "MacAddress": "0a:{h2}:{h2}:{h2}:{h2}:{h2}"}],\n  "IamInstanceProfile": {"Arn": "arn:aws:iam::{d12}:instance-profile/web", "Id": "AIPA{u17}"}\n}]',
  ],
  [
    'cloud57-ec2-describe-key-pairs-fingerprint-public',
    '{\n    "KeyPairs": [\n        {\n            "KeyPairId": "key-0{h16}",\n            "KeyFingerprint": "SHA256:{b43}",\n            "KeyName": "ops-2024",\n            "KeyType": "ed25519",\n            "PublicKey": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ops-2024"\n        }\n    ]\n}',
  ],
  [
    'cloud57-ec2-get-password-data-encrypted',
    '$ aws ec2 get-password-data --instance-id i-0{h16}\n{\n    "InstanceId": "i-0{h16}",\n    "PasswordData": "\\r\\n{b64}{b64}{b64}{b64}{b40}==\\r\\n",\n    "Timestamp": "2024-03-21T07:44:09+00:00"\n}',
  ],
  [
    'cloud57-iam-policy-document-json',
    '{\n  "Version": "2012-10-17",\n  "Statement": [{\n    "Sid": "ReadSecret",\n    "Effect": "Allow",\n    "Action": ["secretsmanager:GetSecretValue", "kms:Decrypt"],\n    "Resource": ["arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/*", "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}"]\n  }]\n}',
  ],
  [
    'cloud57-s3api-head-object-etag-version',
    '$ aws s3api head-object --bucket acme-exports-prod --key 2024/06/10/orders.parquet\n{\n    "AcceptRanges": "bytes",\n    "LastModified": "2024-06-10T02:00:14+00:00",\n    "ContentLength": 48213377,\n    "ETag": "\\"{h32}-6\\"",\n    "VersionId": "{B32}",\n    "ServerSideEncryption": "aws:kms",\n    "SSEKMSKeyId": "arn:aws:kms:us-east-1:{d12}:key/{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'cloud57-cloudtrail-event-ids-and-access-key-id',
    '{"eventVersion":"1.09","userIdentity":{"type":"AssumedRole","principalId":"AROA{u17}:ci","arn":"arn:aws:sts::{d12}:assumed-role/deploy/ci","accountId":"{d12}","accessKeyId":"ASIA{u16}"},"eventTime":"2024-06-10T09:14:02Z","eventSource":"s3.amazonaws.com","eventName":"PutObject","requestID":"{u16}","eventID":"{h8}-{h4}-4{h3}-a{h3}-{h12}"}',
  ],
  [
    'cloud57-aws-configure-list-masked',
    '$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <not set>             None    None\naccess_key     ****************{u4} shared-credentials-file\nsecret_key     ****************{a4} shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config',
  ],
  [
    'cloud57-aws-config-file-roles-and-sso',
    '[profile prod]\nrole_arn = arn:aws:iam::{d12}:role/OrganizationAccountAccessRole\nsource_profile = default\nmfa_serial = arn:aws:iam::{d12}:mfa/jdoe\nregion = eu-west-1\n\n[profile dev-sso]\nsso_session = acme\nsso_account_id = {d12}\nsso_role_name = PowerUserAccess\n\n[sso-session acme]\nsso_start_url = https://d-{l10}.awsapps.com/start\nsso_region = us-east-1',
  ],
  [
    'cloud57-sts-credentials-masked-in-ci-log',
    '[deploy] assumed role arn:aws:iam::{d12}:role/deploy-prod\n{\n  "AccessKeyId": "ASIA{u16}",\n  "SecretAccessKey": "***",\n  "SessionToken": "***",\n  "Expiration": "2024-06-11T14:02:37+00:00"\n}',
  ],
  [
    'cloud57-cfn-describe-stacks-noecho-masked-parameters',
    '"Parameters": [\n    {"ParameterKey": "DBPassword", "ParameterValue": "****"},\n    {"ParameterKey": "Env", "ParameterValue": "prod"}\n],\n"Outputs": [\n    {"OutputKey": "ApiUrl", "OutputValue": "https://{l10}.execute-api.eu-west-1.amazonaws.com/prod"},\n    {"OutputKey": "QueueArn", "OutputValue": "arn:aws:sqs:eu-west-1:{d12}:orders"}\n]',
  ],
  [
    'cloud57-cfn-template-noecho-no-default',
    'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 16\n    AllowedPattern: "[a-zA-Z0-9!#%]*"\n    Description: Master password, supplied at deploy time\nResources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      MasterUserPassword: !Ref DBPassword',
  ],
  [
    'cloud57-cfn-generate-secret-string-template',
    'DbSecret:\n  Type: AWS::SecretsManager::Secret\n  Properties:\n    GenerateSecretString:\n      SecretStringTemplate: \'{"username": "app"}\'\n      GenerateStringKey: password\n      PasswordLength: 32\n      ExcludeCharacters: \'"@/\\\'',
  ],
  [
    'cloud57-aws-sigv4-authorization-header-log',
    "DEBUG botocore.auth: Signature:\n{h64}\nDEBUG botocore.endpoint: Sending http request: <AWSPreparedRequest method=GET, url=https://acme-logs.s3.amazonaws.com/?list-type=2, headers={'X-Amz-Date': b'20240610T101530Z', 'X-Amz-Content-SHA256': b'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'Authorization': b'AWS4-HMAC-SHA256 Credential=AKIA{u16}/20240610/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={h64}'}>",
  ],
  [
    'cloud57-imds-iam-info-instance-profile',
    '$ curl -s http://169.254.169.254/latest/meta-data/iam/info\n{\n  "Code" : "Success",\n  "LastUpdated" : "2024-06-10T12:41:02Z",\n  "InstanceProfileArn" : "arn:aws:iam::{d12}:instance-profile/ec2-app-role",\n  "InstanceProfileId" : "AIPA{u17}"\n}',
  ],
  [
    'cloud57-imds-instance-identity-document',
    '{\n  "accountId" : "{d12}",\n  "architecture" : "arm64",\n  "availabilityZone" : "eu-west-1b",\n  "imageId" : "ami-0{h16}",\n  "instanceId" : "i-0{h16}",\n  "instanceType" : "m7g.large",\n  "pendingTime" : "2024-06-01T08:12:40Z",\n  "privateIp" : "10.20.{d2}.{d2}",\n  "region" : "eu-west-1",\n  "version" : "2017-09-30"\n}',
  ],
  [
    'cloud57-imds-security-credentials-role-listing',
    '$ TOKEN=`curl -s -X PUT "http://169.254.169.254/latest/api/token" -H "X-aws-ec2-metadata-token-ttl-seconds: 21600"`\n$ curl -s -H "X-aws-ec2-metadata-token: $TOKEN" http://169.254.169.254/latest/meta-data/iam/security-credentials/\nec2-app-role',
  ],
  [
    'cloud57-ecs-task-definition-secrets-valuefrom',
    '"secrets": [\n  {"name": "DB_PASSWORD", "valueFrom": "arn:aws:secretsmanager:us-east-1:{d12}:secret:prod/api/db-{a6}:password::"},\n  {"name": "STRIPE_KEY", "valueFrom": "arn:aws:ssm:us-east-1:{d12}:parameter/prod/stripe/secret_key"}\n]',
  ],
  [
    'cloud57-github-actions-oidc-configure-aws-credentials',
    '- uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::{d12}:role/gha-deploy\n    role-session-name: gha-${{ github.run_id }}\n    aws-region: eu-west-1',
  ],
  [
    'cloud57-acm-get-certificate-public-chain',
    '{\n    "Certificate": "-----BEGIN CERTIFICATE-----\\nMIIDQTCCAimgAwIBAgITBmyfz5m/jAo54vB4ikPmljZbyjANBgkqhkiG9w0BAQsF\\n{b64}\\n{b64}\\n{b64}\\n{b44}\\n-----END CERTIFICATE-----",\n    "CertificateChain": "-----BEGIN CERTIFICATE-----\\nMIIDQTCCAimgAwIBAgITBmyfz5m/jAo54vB4ikPmljZbyjANBgkqhkiG9w0BAQsF\\n{b64}\\n{b64}\\n{b64}\\n{b44}\\n-----END CERTIFICATE-----\\n-----BEGIN CERTIFICATE-----\\nMIIDQTCCAimgAwIBAgITBmyfz5m/jAo54vB4ikPmljZbyjANBgkqhkiG9w0BAQsF\\n{b64}\\n{b64}\\n{b64}\\n{b44}\\n-----END CERTIFICATE-----"\n}',
  ],
  [
    'cloud57-agent-prose-deactivated-access-key-id',
    'I deactivated AKIA{u16} (the key GitGuardian flagged) with `aws iam update-access-key --status Inactive` and rotated the app to use the instance role instead; CloudTrail shows the last use was request {u16} on 2024-06-09.',
  ],
  [
    'cloud57-cognito-user-pool-client-ids-only',
    '{\n    "UserPoolClient": {\n        "UserPoolId": "eu-west-1_{a9}",\n        "ClientName": "spa",\n        "ClientId": "{l26}",\n        "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],\n        "AllowedOAuthFlows": ["code"]\n    }\n}',
  ],
  [
    'cloud57-apigateway-get-api-keys-without-value',
    '$ aws apigateway get-api-keys\n{\n    "items": [\n        {"id": "{l10}", "name": "partner-acme", "enabled": true, "stageKeys": ["{l10}/prod"]}\n    ]\n}',
  ],
  [
    'cloud57-az-account-show-ids',
    '$ az account show\n{\n  "environmentName": "AzureCloud",\n  "homeTenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "id": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "isDefault": true,\n  "name": "Acme Production",\n  "state": "Enabled",\n  "tenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "user": {\n    "name": "ops@acme.io",\n    "type": "user"\n  }\n}',
  ],
  [
    'cloud57-az-ad-sp-show-app-and-object-ids',
    '$ az ad sp show --id {h8}-{h4}-4{h3}-a{h3}-{h12} --query "{appId:appId, id:id, name:displayName, spn:servicePrincipalNames}"\n{\n  "appId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "id": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n  "name": "gha-deployer",\n  "spn": ["{h8}-{h4}-4{h3}-a{h3}-{h12}"]\n}',
  ],
  [
    'cloud57-az-ad-sp-create-for-rbac-cert-file-null-password',
    '$ az ad sp create-for-rbac --name build-agent --create-cert\n{\n  "appId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "displayName": "build-agent",\n  "fileWithCertAndPrivateKey": "/home/ops/tmp{l8}.pem",\n  "password": null,\n  "tenant": "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n}',
  ],
  [
    'cloud57-az-ad-app-credential-list-hint-only',
    '$ az ad app credential list --id {h8}-{h4}-4{h3}-a{h3}-{h12}\n[\n  {\n    "customKeyIdentifier": null,\n    "displayName": "ci-2024",\n    "endDateTime": "2025-06-10T09:30:00Z",\n    "hint": "{a3}",\n    "keyId": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n    "secretText": null,\n    "startDateTime": "2024-06-10T09:30:00Z"\n  }\n]',
  ],
  [
    'cloud57-az-storage-account-show-endpoints',
    '{\n  "id": "/subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-data/providers/Microsoft.Storage/storageAccounts/stacmedata01",\n  "kind": "StorageV2",\n  "primaryEndpoints": {\n    "blob": "https://stacmedata01.blob.core.windows.net/",\n    "dfs": "https://stacmedata01.dfs.core.windows.net/"\n  },\n  "allowSharedKeyAccess": false,\n  "minimumTlsVersion": "TLS1_2"\n}',
  ],
  [
    'cloud57-azurite-well-known-devstoreaccount-key',
    'AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"',
  ],
  [
    'cloud57-azure-storage-use-development-storage',
    '"Values": {\n  "AzureWebJobsStorage": "UseDevelopmentStorage=true",\n  "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n}',
  ],
  [
    'cloud57-azure-storage-connection-string-managed-identity',
    '"AzureWebJobsStorage__accountName": "stfunc{l8}",\n"AzureWebJobsStorage__credential": "managedidentity",\n"AzureWebJobsStorage__clientId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"',
  ],
  [
    'cloud57-azure-blob-url-public-container-no-sas',
    'az storage blob url --account-name stpublic{l6} -c downloads -n agent-2.14.0-linux-x64.tar.gz -o tsv\nhttps://stpublic{l6}.blob.core.windows.net/downloads/agent-2.14.0-linux-x64.tar.gz',
  ],
  [
    'cloud57-az-keyvault-secret-list-ids',
    '$ az keyvault secret list --vault-name kv-prod-weu --query "[].{name:name, id:id, enabled:attributes.enabled}" -o table\nName                 Id                                                              Enabled\n-------------------  --------------------------------------------------------------  ---------\nsql-admin-password   https://kv-prod-weu.vault.azure.net/secrets/sql-admin-password  True\nopenai-key           https://kv-prod-weu.vault.azure.net/secrets/openai-key          True',
  ],
  [
    'cloud57-az-appservice-keyvault-reference-setting',
    '{ "name": "Stripe__SecretKey", "slotSetting": false, "value": "@Microsoft.KeyVault(SecretUri=https://kv-prod-weu.vault.azure.net/secrets/stripe-secret/{h32})" }',
  ],
  [
    'cloud57-az-acr-show-login-server-and-id',
    '$ az acr show -n acmeregistry --query "{loginServer:loginServer, id:id, adminUserEnabled:adminUserEnabled}"\n{\n  "adminUserEnabled": false,\n  "id": "/subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-shared/providers/Microsoft.ContainerRegistry/registries/acmeregistry",\n  "loginServer": "acmeregistry.azurecr.io"\n}',
  ],
  [
    'cloud57-az-cosmosdb-show-endpoint',
    '{\n  "documentEndpoint": "https://cosmos-orders.documents.azure.com:443/",\n  "disableLocalAuth": true,\n  "id": "/subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-data/providers/Microsoft.DocumentDB/databaseAccounts/cosmos-orders",\n  "instanceId": "{h8}-{h4}-4{h3}-9{h3}-{h12}"\n}',
  ],
  [
    'cloud57-app-insights-connection-string-instrumentation-key',
    'APPLICATIONINSIGHTS_CONNECTION_STRING="InstrumentationKey={h8}-{h4}-4{h3}-a{h3}-{h12};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/;ApplicationId={h8}-{h4}-4{h3}-9{h3}-{h12}"',
  ],
  [
    'cloud57-arm-parameters-keyvault-reference',
    '"adminPassword": {\n  "reference": {\n    "keyVault": {\n      "id": "/subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-shared"\n    },\n    "secretName": "vm-admin-password"\n  }\n}',
  ],
  [
    'cloud57-bicep-secure-param-getsecret',
    "@secure()\nparam adminPassword string\n\nresource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {\n  name: kvName\n}\n\nmodule sql './sql.bicep' = {\n  name: 'sql'\n  params: {\n    adminPassword: kv.getSecret('sql-admin-password')\n  }\n}",
  ],
  [
    'cloud57-az-role-assignment-list',
    '[\n  {\n    "principalId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "principalType": "ServicePrincipal",\n    "roleDefinitionId": "/subscriptions/{h8}-{h4}-4{h3}-9{h3}-{h12}/providers/Microsoft.Authorization/roleDefinitions/b24988ac-6180-42a0-ab88-20f7382dd24c",\n    "roleDefinitionName": "Contributor",\n    "scope": "/subscriptions/{h8}-{h4}-4{h3}-9{h3}-{h12}/resourceGroups/rg-web"\n  }\n]',
  ],
  [
    'cloud57-azure-imds-compute-metadata',
    '{"compute":{"azEnvironment":"AzurePublicCloud","location":"westeurope","name":"vm-build-01","resourceGroupName":"rg-build","resourceId":"/subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/rg-build/providers/Microsoft.Compute/virtualMachines/vm-build-01","subscriptionId":"{h8}-{h4}-4{h3}-a{h3}-{h12}","vmId":"{h8}-{h4}-4{h3}-9{h3}-{h12}","vmSize":"Standard_D4s_v5"}}',
  ],
  [
    'cloud57-gha-azure-login-oidc-ids',
    '- uses: azure/login@v2\n  with:\n    client-id: ${{ secrets.AZURE_CLIENT_ID }}\n    tenant-id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n    subscription-id: {h8}-{h4}-4{h3}-9{h3}-{h12}',
  ],
  [
    'cloud57-gcloud-iam-sa-keys-list',
    '$ gcloud iam service-accounts keys list --iam-account=ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com\nKEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n{h40}  2024-06-10T09:01:22Z  9999-12-31T23:59:59Z\n{h40}  2023-01-04T15:44:09Z  9999-12-31T23:59:59Z',
  ],
  [
    'cloud57-gcloud-iam-sa-describe-unique-id',
    "description: CI deployer\ndisplayName: ci-deployer\nemail: ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com\netag: MDEwMjE5MjA=\nname: projects/acme-prod-{d6}/serviceAccounts/ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com\noauth2ClientId: '1{d20}'\nprojectId: acme-prod-{d6}\nuniqueId: '1{d20}'",
  ],
  [
    'cloud57-gcloud-auth-list-and-config',
    '$ gcloud auth list\n       Credentialed Accounts\nACTIVE  ACCOUNT\n*       ops@acme.io\n        terraform@acme-infra-{d6}.iam.gserviceaccount.com\n\n$ gcloud config list\n[core]\naccount = ops@acme.io\nproject = acme-infra-{d6}',
  ],
  [
    'cloud57-gcloud-storage-hmac-list-no-secret',
    '$ gcloud storage hmac list --format=json\n[\n  {\n    "accessId": "GOOG1E{u55}",\n    "etag": "{B11}=",\n    "id": "acme-ops-{d6}/GOOG1E{u55}",\n    "serviceAccountEmail": "etl-sync@acme-ops-{d6}.iam.gserviceaccount.com",\n    "state": "INACTIVE"\n  }\n]',
  ],
  [
    'cloud57-gcp-workload-identity-external-account-config',
    '{\n  "type": "external_account",\n  "audience": "//iam.googleapis.com/projects/{d12}/locations/global/workloadIdentityPools/github/providers/gha",\n  "subject_token_type": "urn:ietf:params:oauth:token-type:jwt",\n  "token_url": "https://sts.googleapis.com/v1/token",\n  "service_account_impersonation_url": "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/deployer@acme-prod-{d6}.iam.gserviceaccount.com:generateAccessToken",\n  "credential_source": {"file": "/var/run/secrets/tokens/gcp-ksa/token", "format": {"type": "text"}}\n}',
  ],
  [
    'cloud57-gcloud-kms-encrypt-ciphertext-file',
    '$ gcloud kms encrypt --key=app --keyring=prod --location=global --plaintext-file=.env --ciphertext-file=.env.enc\n$ base64 -w0 .env.enc | head -c 120\nCiQA{b64}{b52}',
  ],
  [
    'cloud57-gcloud-secrets-versions-list',
    '$ gcloud secrets versions list pg-app-password\nNAME  STATE     CREATED              DESTROYED\n4     enabled   2024-06-01T10:11:20  -\n3     disabled  2024-03-01T09:00:02  -\n2     destroyed 2023-12-01T08:59:41  2024-03-08T08:59:41',
  ],
  [
    'cloud57-gcp-robot-metadata-x509-public-certs',
    '$ curl -s https://www.googleapis.com/robot/v1/metadata/x509/ci-deployer%40acme-prod-{d6}.iam.gserviceaccount.com\n{\n  "{h40}": "-----BEGIN CERTIFICATE-----\\nMIIDQTCCAimgAwIBAgITBmyfz5m/jAo54vB4ikPmljZbyjANBgkqhkiG9w0BAQsF\\n{b64}\\n{b64}\\n{b64}\\n{b44}\\n-----END CERTIFICATE-----\\n"\n}',
  ],
  [
    'cloud57-gcp-sa-key-json-disabled-key-upload-public',
    "$ gcloud iam service-accounts keys upload public.pem --iam-account=signer@acme-prod-{d6}.iam.gserviceaccount.com\nname: projects/acme-prod-{d6}/serviceAccounts/signer@acme-prod-{d6}.iam.gserviceaccount.com/keys/{h40}\nvalidAfterTime: '2024-06-10T09:00:00Z'\nkeyOrigin: USER_PROVIDED",
  ],
  [
    'cloud57-doctl-droplet-list-table',
    '$ doctl compute droplet list --format ID,Name,PublicIPv4,Region,Status\nID           Name        Public IPv4       Region    Status\n{d9}    web-01      164.90.{d2}.{d2}     fra1      active\n{d9}    worker-01   164.90.{d2}.{d2}     fra1      active',
  ],
  [
    'cloud57-doctl-account-get',
    '$ doctl account get\nUser Email     Team        Droplet Limit    Email Verified    User UUID                               Status\nops@acme.io    Acme Ops    25               true              {h8}-{h4}-4{h3}-a{h3}-{h12}    active',
  ],
  [
    'cloud57-oci-config-file-key-path-only',
    '[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa{k52}\nfingerprint={h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}\nkey_file=~/.oci/oci_api_key.pem\ntenancy=ocid1.tenancy.oc1..aaaaaaaa{k52}\nregion=eu-frankfurt-1',
  ],
  [
    'cloud57-oci-iam-api-key-list-public-pem',
    '{\n  "data": [\n    {\n      "fingerprint": "{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",\n      "key-id": "ocid1.tenancy.oc1..aaaaaaaa{k52}/ocid1.user.oc1..aaaaaaaa{k52}/{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",\n      "key-value": "-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\\n{b64}\\n{b64}\\n{b8}IDAQAB\\n-----END PUBLIC KEY-----",\n      "lifecycle-state": "ACTIVE"\n    }\n  ]\n}',
  ],
  [
    'cloud57-oci-os-bucket-par-less-object-metadata',
    '{\n  "etag": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "namespace": "{l12}",\n  "name": "backups",\n  "compartment-id": "ocid1.compartment.oc1..aaaaaaaa{k52}",\n  "kms-key-id": "ocid1.key.oc1.eu-frankfurt-1.{l12}.abtheljs{k52}"\n}',
  ],
  [
    'cloud57-ibmcloud-iam-api-keys-list',
    '$ ibmcloud iam api-keys\nRetrieving API keys for ops@acme.io...\nOK\nID                                             Name          Description   Date Created                Locked\nApiKey-{h8}-{h4}-4{h3}-a{h3}-{h12}   deploy-key    pipeline      2024-06-10T09:21+0000       false\nApiKey-{h8}-{h4}-4{h3}-9{h3}-{h12}   tf-runner                   2024-04-02T10:11+0000       true',
  ],
  [
    'cloud57-linode-cli-linodes-list',
    '$ linode-cli linodes list --text --format id,label,region,ipv4\nid\tlabel\tregion\tipv4\n{d8}\tedge-01\tus-east\t172.105.{d2}.{d2}\n{d8}\tedge-02\teu-central\t139.162.{d2}.{d2}',
  ],
  [
    'cloud57-hcloud-context-list-and-server-list',
    '$ hcloud context list\nACTIVE   NAME\n*        prod\n         lab\n$ hcloud server list -o columns=id,name,status\nID         NAME      STATUS\n{d8}   k3s-cp1   running',
  ],
  [
    'cloud57-scw-instance-server-list',
    '$ scw instance server list\nID                                    NAME         TYPE      STATE    ZONE      PUBLIC IP\n{h8}-{h4}-4{h3}-a{h3}-{h12}  scw-web-01   PRO2-XS   running  fr-par-1  51.15.{d2}.{d2}',
  ],
  [
    'cloud57-exo-compute-instance-list',
    '$ exo compute instance list\n┼──────────────────────────────────────┼──────────┼──────────┼─────────┼\n│                  ID                  │   NAME   │   ZONE   │  STATE  │\n┼──────────────────────────────────────┼──────────┼──────────┼─────────┼\n│ {h8}-{h4}-4{h3}-a{h3}-{h12} │ web-01   │ ch-gva-2 │ running │',
  ],
  [
    'cloud57-vultr-cli-instance-list',
    '$ vultr-cli instance list\nID                                      IP              LABEL     OS                  STATUS\n{h8}-{h4}-4{h3}-a{h3}-{h12}    45.77.{d2}.{d2}   api-01    Ubuntu 24.04 x64    active',
  ],
  [
    'cloud57-aliyun-ecs-describe-instances-ids',
    '{\n\t"Instances": {\n\t\t"Instance": [\n\t\t\t{\n\t\t\t\t"InstanceId": "i-bp1{l17}",\n\t\t\t\t"ImageId": "ubuntu_22_04_x64_20G_alibase_20240508.vhd",\n\t\t\t\t"VpcAttributes": {"VpcId": "vpc-bp1{l17}", "VSwitchId": "vsw-bp1{l17}"},\n\t\t\t\t"SecurityGroupIds": {"SecurityGroupId": ["sg-bp1{l17}"]}\n\t\t\t}\n\t\t]\n\t},\n\t"RequestId": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'cloud57-aliyun-config-json-ecs-ram-role-mode',
    '{\n\t"current": "default",\n\t"profiles": [\n\t\t{\n\t\t\t"name": "default",\n\t\t\t"mode": "EcsRamRole",\n\t\t\t"ram_role_name": "ecs-oss-reader",\n\t\t\t"access_key_id": "",\n\t\t\t"access_key_secret": "",\n\t\t\t"region_id": "cn-shanghai"\n\t\t}\n\t]\n}',
  ],
  [
    'cloud57-terraform-plan-sensitive-value-markers',
    '  # aws_db_instance.app will be updated in-place\n  ~ resource "aws_db_instance" "app" {\n        id                    = "db-{u26}"\n      ~ password              = (sensitive value)\n        # (48 unchanged attributes hidden)\n    }\n\n  # random_password.db must be replaced\n-/+ resource "random_password" "db" {\n      ~ result = (sensitive value)\n    }',
  ],
  [
    'cloud57-terraform-state-show-access-key-sensitive',
    '$ terraform state show aws_iam_access_key.ci\n# aws_iam_access_key.ci:\nresource "aws_iam_access_key" "ci" {\n    create_date          = "2024-04-18T10:21:09Z"\n    id                   = "AKIA{u16}"\n    secret               = (sensitive value)\n    ses_smtp_password_v4 = (sensitive value)\n    status               = "Active"\n    user                 = "ci"\n}',
  ],
  [
    'cloud57-terraform-output-sensitive-redacted-listing',
    '$ terraform output\nadmin_password = <sensitive>\ncluster_endpoint = "https://{H32}.gr7.eu-west-1.eks.amazonaws.com"\nkubeconfig = <sensitive>\nvpc_id = "vpc-0{h16}"',
  ],
  [
    'cloud57-tfstate-iam-access-key-pgp-encrypted-secret',
    '          "attributes": {\n            "encrypted_secret": "wcBMA{b64}{b64}{b64}{b64}{b30}",\n            "encrypted_ses_smtp_password_v4": "wcBMA{b64}{b64}{b64}{b40}",\n            "id": "AKIA{u16}",\n            "key_fingerprint": "{h40}",\n            "pgp_key": "keybase:acme_ops",\n            "secret": null,\n            "status": "Active"\n          }',
  ],
  [
    'cloud57-tfstate-header-lineage-and-kms-key',
    '{\n  "version": 4,\n  "terraform_version": "1.8.5",\n  "serial": 112,\n  "lineage": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "outputs": {},\n  "resources": [\n    {\n      "mode": "managed",\n      "type": "aws_kms_key",\n      "name": "state",\n      "instances": [{"attributes": {"arn": "arn:aws:kms:eu-west-1:{d12}:key/{h8}-{h4}-4{h3}-9{h3}-{h12}", "key_id": "{h8}-{h4}-4{h3}-9{h3}-{h12}", "enable_key_rotation": true}}]\n    }\n  ]\n}',
  ],
  [
    'cloud57-tfstate-output-sensitive-null-value',
    '"outputs": {\n  "db_password": {\n    "value": null,\n    "type": "string",\n    "sensitive": true\n  }\n}',
  ],
  [
    'cloud57-terraform-lock-hcl-hashes',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.53.0"\n  constraints = "~> 5.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'cloud57-terraform-variable-sensitive-no-default',
    'variable "db_password" {\n  description = "Master password for the RDS instance"\n  type        = string\n  sensitive   = true\n}\n\nresource "aws_db_instance" "app" {\n  password = var.db_password\n}',
  ],
  [
    'cloud57-terraform-random-password-resource-definition',
    'resource "random_password" "db" {\n  length           = 24\n  special          = true\n  override_special = "!#%*-_"\n}\n\nresource "aws_secretsmanager_secret_version" "db" {\n  secret_id     = aws_secretsmanager_secret.db.id\n  secret_string = random_password.db.result\n}',
  ],
  [
    'cloud57-pulumi-stack-yaml-encrypted-secure-values',
    'encryptionsalt: v1:{b12}=:v1:{b16}:{b24}==\nconfig:\n  aws:region: us-west-2\n  shop:dbUser: shop\n  shop:dbPassword:\n    secure: v1:{b16}:{b60}==',
  ],
  [
    'cloud57-pulumi-stack-output-secret-masked',
    '$ pulumi stack output\nCurrent stack outputs (3):\n    OUTPUT          VALUE\n    bucketName      assets-{h7}\n    dbPassword      [secret]\n    kubeconfig      [secret]',
  ],
  [
    'cloud57-pulumi-config-listing-secret-masked',
    '$ pulumi config\nKEY               VALUE\naws:region        eu-central-1\nmailgunApiKey     [secret]\nstripeSecretKey   [secret]',
  ],
  [
    'cloud57-pulumi-stack-export-ciphertext-secret',
    '"outputs": {\n  "password": {\n    "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",\n    "ciphertext": "v1:{b16}:{b64}{b20}=="\n  }\n}',
  ],
  [
    'cloud57-serverless-yml-ssm-and-env-references',
    'provider:\n  name: aws\n  environment:\n    DB_PASSWORD: ${ssm:/prod/api/db_password}\n    STRIPE_KEY: ${env:STRIPE_SECRET_KEY}\n    JWT_SECRET: ${file(./secrets.${sls:stage}.yml):jwtSecret}',
  ],
  [
    'cloud57-sam-template-resolve-secretsmanager',
    "Environment:\n  Variables:\n    DB_SECRET_ARN: !Ref DbSecret\n    API_KEY: '{{resolve:secretsmanager:prod/api:SecretString:apiKey}}'\n    TABLE_NAME: !Ref OrdersTable",
  ],
  [
    'cloud57-cdk-context-json-lookups',
    '{\n  "vpc-provider:account={d12}:filter.vpc-id=vpc-0{h16}:region=eu-west-1:returnAsymmetricSubnets=true": {\n    "vpcId": "vpc-0{h16}",\n    "vpcCidrBlock": "10.20.0.0/16"\n  },\n  "hosted-zone:account={d12}:domainName=acme.io:region=eu-west-1": {\n    "Id": "/hostedzone/Z{u13}",\n    "Name": "acme.io."\n  }\n}',
  ],
  [
    'cloud57-cloud-init-ssh-keys-locked-password',
    '#cloud-config\nusers:\n  - name: deploy\n    lock_passwd: true\n    sudo: ALL=(ALL) NOPASSWD:ALL\n    ssh_authorized_keys:\n      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci\nssh_pwauth: false',
  ],
  [
    'cloud57-kubeconfig-exec-plugin-eks',
    'users:\n- name: arn:aws:eks:eu-west-1:{d12}:cluster/prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: ["--region", "eu-west-1", "eks", "get-token", "--cluster-name", "prod", "--output", "json"]\n      env:\n      - name: AWS_PROFILE\n        value: prod',
  ],
  [
    'cloud57-kubeconfig-cert-data-and-key-path',
    'clusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}\n    server: https://{H32}.gr7.eu-west-1.eks.amazonaws.com\n  name: prod\nusers:\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lC{b64}{b64}{b64}{b40}\n    client-key: /home/ops/.kube/pki/admin.key',
  ],
  [
    'cloud57-kubeconfig-gke-gcloud-auth-plugin',
    'users:\n- name: gke_acme-prod-{d6}_europe-west1_main\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: gke-gcloud-auth-plugin\n      installHint: Install gke-gcloud-auth-plugin for use with kubectl\n      provideClusterInfo: true',
  ],
  [
    'cloud57-crossplane-providerconfig-secretref',
    'apiVersion: aws.upbound.io/v1beta1\nkind: ProviderConfig\nmetadata:\n  name: default\nspec:\n  credentials:\n    source: Secret\n    secretRef:\n      namespace: crossplane-system\n      name: aws-creds\n      key: creds',
  ],
  [
    'cloud57-external-secrets-clustersecretstore-irsa',
    'apiVersion: external-secrets.io/v1beta1\nkind: ClusterSecretStore\nmetadata:\n  name: aws-sm\nspec:\n  provider:\n    aws:\n      service: SecretsManager\n      region: eu-west-1\n      auth:\n        jwt:\n          serviceAccountRef:\n            name: external-secrets\n            namespace: external-secrets',
  ],
  [
    'cloud57-k8s-secret-data-base64-non-secret-config',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-config\ndata:\n  AWS_REGION: ZXUtd2VzdC0x\n  BUCKET: YWNtZS1leHBvcnRzLXByb2Q=\n  LOG_LEVEL: aW5mbw==',
  ],
  [
    'cloud57-docs-table-cloud-env-var-names',
    '| Provider | Variables the CLI reads |\n|---|---|\n| AWS | `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` |\n| Azure | `ARM_CLIENT_ID`, `ARM_CLIENT_SECRET`, `ARM_TENANT_ID` |\n| GCP | `GOOGLE_APPLICATION_CREDENTIALS` (path to key.json) |\n| Hetzner | `HCLOUD_TOKEN` |\n| DigitalOcean | `DIGITALOCEAN_ACCESS_TOKEN` |',
  ],
  [
    'cloud57-ci-yaml-cloud-secrets-references',
    'env:\n  AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n  AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n  ARM_CLIENT_SECRET: ${{ secrets.ARM_CLIENT_SECRET }}\n  HCLOUD_TOKEN: ${{ secrets.HCLOUD_TOKEN }}\n  DIGITALOCEAN_ACCESS_TOKEN: ${{ secrets.DO_TOKEN }}',
  ],
  [
    'cloud57-cloud-cli-docs-placeholder-values',
    'aws configure set aws_access_key_id <ACCESS_KEY_ID>\naws configure set aws_secret_access_key <SECRET_ACCESS_KEY>\naz login --service-principal -u <app-id> -p <password-or-cert> --tenant <tenant>\nhcloud context create prod   # paste your API token when prompted',
  ],
  [
    'cloud57-aws-docs-well-known-example-keys',
    'From the AWS docs:\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  ],
  [
    'cloud57-gcloud-access-token-truncated-in-log',
    'DEBUG google.auth.transport.requests: Making request: POST https://oauth2.googleapis.com/token\nDEBUG urllib3.connectionpool: "POST /token HTTP/1.1" 200 None\nINFO refreshed credentials for ci-deployer@acme-prod-{d6}.iam.gserviceaccount.com, token=ya29.a0****, expiry=2024-06-11T13:02:41Z',
  ],
  [
    'cloud57-s3-object-url-version-query-no-signature',
    'https://acme-public-assets.s3.eu-west-1.amazonaws.com/releases/cli-3.4.1.tar.gz?versionId={B32}&response-content-disposition=attachment\nsha256: {h64}',
  ],
];
