/** A fifty-sixth held-out batch, written blind: credentials leaking in CI/CD and build output that developers paste when a build fails (GitHub Actions, GitLab, Jenkins, CircleCI, Buildkite, TeamCity, Azure DevOps, Bitbucket, Drone logs, BuildKit output, docker history and compose config, Terraform, Ansible -vvv, Helm --debug, kubectl, Packer, Maven/Gradle/npm/pip/cargo logs, xtrace and test-failure diffs), and the same logs with nothing secret: masked values, digests, run ids and references. */
export const BLIND56_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'ci56-gha-set-x-curl-authorization-token-ghp',
    "2024-05-14T09:12:31.8841020Z ##[group]Run ./scripts/create-release.sh v2.8.0\n2024-05-14T09:12:31.8842213Z shell: /usr/bin/bash -e {0}\n2024-05-14T09:12:31.8843001Z ##[endgroup]\n2024-05-14T09:12:31.9920114Z + curl -fsSL -X POST -H 'Authorization: token «ghp_{a36}»' -d @release.json https://api.github.com/repos/acme/billing/releases\n2024-05-14T09:12:32.4410027Z curl: (22) The requested URL returned error: 422\n2024-05-14T09:12:32.4452210Z ##[error]Process completed with exit code 22.",
  ],
  [
    'ci56-gha-masked-token-beside-unmasked-base64-basic-auth',
    "2024-06-02T14:03:11.1021455Z ##[group]Run ./scripts/publish-nexus.sh\n2024-06-02T14:03:11.1030000Z env:\n2024-06-02T14:03:11.1030400Z   NPM_TOKEN: ***\n2024-06-02T14:03:11.1030800Z ##[endgroup]\n2024-06-02T14:03:11.2200871Z ++ echo -n 'ci-bot:***'\n2024-06-02T14:03:11.2201003Z ++ base64 -w0\n2024-06-02T14:03:11.2311024Z + NPM_AUTH=«Y2ktYm90O{b56}»\n2024-06-02T14:03:11.2400000Z + npm publish --registry https://nexus.acme.io/repository/npm-releases/\n2024-06-02T14:03:13.9000000Z npm error code E401",
  ],
  [
    'ci56-gha-debug-set-output-installation-token-ghs',
    "##[debug]Evaluating condition for step: 'Generate app token'\n##[debug]Set output token = «ghs_{a36}»\n##[debug]Set output installation-id = 51277390\n##[debug]Set output app-slug = acme-release-bot\n##[debug]Finishing: Generate app token",
  ],
  [
    'ci56-gha-git-clone-fine-grained-pat-in-url',
    "2024-03-08T22:41:07.0032190Z Run git clone --depth 1 https://oauth2:«github_pat_{a22}_{a59}»@github.com/acme/terraform-modules.git modules\n2024-03-08T22:41:07.0190331Z Cloning into 'modules'...\n2024-03-08T22:41:07.6633440Z remote: Write access to repository not granted.\n2024-03-08T22:41:07.6650012Z fatal: unable to access 'https://github.com/acme/terraform-modules.git/': The requested URL returned error: 403",
  ],
  [
    'ci56-gha-cat-npmrc-after-setup-node-automation-token',
    '2024-07-19T11:05:44.2201930Z ##[group]Run cat ~/.npmrc\n2024-07-19T11:05:44.2215811Z ##[endgroup]\n2024-07-19T11:05:44.2302118Z @acme:registry=https://registry.npmjs.org/\n2024-07-19T11:05:44.2302995Z //registry.npmjs.org/:_authToken=«npm_{a36}»\n2024-07-19T11:05:44.2303410Z always-auth=true',
  ],
  [
    'ci56-gha-env-sort-dotenv-loaded-aws-and-stripe',
    "2024-09-03T08:20:10.1100221Z ##[group]Run env | sort | grep -v '^GITHUB_'\n2024-09-03T08:20:10.1301940Z AWS_ACCESS_KEY_ID=AKIA{u16}\n2024-09-03T08:20:10.1302011Z AWS_DEFAULT_REGION=eu-west-1\n2024-09-03T08:20:10.1302377Z AWS_SECRET_ACCESS_KEY=«{b40}»\n2024-09-03T08:20:10.1302610Z CI=true\n2024-09-03T08:20:10.1302899Z STRIPE_SECRET_KEY=«sk_live_{a24}»\n2024-09-03T08:20:10.1303104Z RUNNER_OS=Linux",
  ],
  [
    'ci56-gha-set-output-deprecated-command-docker-hub-pat',
    '2024-02-11T16:44:50.5502281Z Warning: The `set-output` command is deprecated and will be disabled soon.\n2024-02-11T16:44:50.5510042Z ::set-output name=registry_password::«dckr_pat_{B27}»\n2024-02-11T16:44:50.5602003Z Run docker/login-action@v3',
  ],
  [
    'ci56-gha-kubeconfig-decoded-serviceaccount-jwt',
    '2024-10-22T19:01:33.3301001Z Run echo "$KUBECONFIG_B64" | base64 -d | tee ~/.kube/config\n2024-10-22T19:01:33.3402110Z apiVersion: v1\n2024-10-22T19:01:33.3402901Z users:\n2024-10-22T19:01:33.3403120Z - name: ci-deployer\n2024-10-22T19:01:33.3403555Z   user:\n2024-10-22T19:01:33.3403999Z     token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B41}.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50Ii{B140}.{B342}»',
  ],
  [
    'ci56-gha-matrix-job-echo-slack-bot-token',
    '2024-04-30T07:15:02.9901821Z ##[group]Run echo "notifying with token $SLACK_BOT_TOKEN (from .env.ci)"\n2024-04-30T07:15:02.9913002Z notifying with token «xoxb-{d11}-{d13}-{a24}» (from .env.ci)\n2024-04-30T07:15:03.4011220Z {"ok":false,"error":"not_in_channel"}',
  ],
  [
    'ci56-gha-slack-webhook-url-in-curl-trace',
    '2024-08-14T03:30:00.1200431Z + curl -sS -X POST -H \'Content-type: application/json\' --data \'{"text":"nightly build failed"}\' «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\n2024-08-14T03:30:00.6120002Z invalid_payload',
  ],
  [
    'ci56-gha-sentry-cli-releases-auth-token-arg',
    '2024-06-26T13:22:18.7710203Z ##[group]Run npx @sentry/cli releases new "$GITHUB_SHA" --auth-token «sntrys_eyJpYXQiOjE3MT{B60}_{B43}» --org acme --project web\n2024-06-26T13:22:18.7721140Z ##[endgroup]\n2024-06-26T13:22:20.0012300Z error: API request failed\n2024-06-26T13:22:20.0012899Z   caused by: sentry reported an error: You do not have permission to perform this action. (http status: 403)',
  ],
  [
    'ci56-gha-vercel-deploy-token-flag',
    '2024-05-01T20:11:41.2203380Z Run npx vercel deploy --prod --token=«{a24}» --scope acme-web\n2024-05-01T20:11:44.9112007Z Vercel CLI 34.1.7\n2024-05-01T20:11:45.3320110Z Error: The specified scope does not exist',
  ],
  [
    'ci56-gha-netlify-auth-token-env-dump',
    '2024-01-17T10:02:19.0023331Z ##[group]Run printenv | grep -i netlify\n2024-01-17T10:02:19.0101110Z NETLIFY_SITE_ID={h8}-{h4}-4{h3}-8{h3}-{h12}\n2024-01-17T10:02:19.0101998Z NETLIFY_AUTH_TOKEN=«nfp_{a36}»',
  ],
  [
    'ci56-gha-codecov-token-uuid-in-uploader-trace',
    "2024-03-29T15:40:12.5510021Z + ./codecov -t «{h8}-{h4}-4{h3}-9{h3}-{h12}» -f coverage/lcov.info -F unit\n2024-03-29T15:40:12.6610300Z [2024-03-29T15:40:12.661Z] ['info'] Codecov: Uploader 0.7.2\n2024-03-29T15:40:13.2201990Z [2024-03-29T15:40:13.220Z] ['error'] There was an error running the uploader: Error uploading to https://codecov.io: Error: There was an error fetching the storage URL during POST: 404 - {'detail': ErrorDetail(string='Unable to locate build via Github Actions API.', code='not_found')}",
  ],
  [
    'ci56-gha-snyk-token-in-auth-command',
    '2024-07-02T09:09:09.3210102Z Run snyk auth «{h8}-{h4}-4{h3}-a{h3}-{h12}»\n2024-07-02T09:09:10.1102011Z Your account has been authenticated. Snyk is now ready to be used.',
  ],
  [
    'ci56-gha-sonarqube-token-scanner-cli-debug',
    '2024-11-05T12:00:31.4410203Z 12:00:31.440 DEBUG: sonar.host.url=https://sonar.acme.io\n2024-11-05T12:00:31.4410771Z 12:00:31.440 DEBUG: sonar.projectKey=acme_billing-api\n2024-11-05T12:00:31.4411120Z 12:00:31.441 DEBUG: sonar.token=«squ_{h40}»\n2024-11-05T12:00:31.4411664Z 12:00:31.441 DEBUG: sonar.scm.revision={h40}',
  ],
  [
    'ci56-gha-doppler-service-token-setup-trace',
    '2024-09-12T17:18:05.6630014Z + doppler configure set token «dp.st.prd.{a40}» --scope /home/runner/work/api/api\n2024-09-12T17:18:06.0231110Z Unable to fetch secrets: Invalid Service token',
  ],
  [
    'ci56-gha-cloudflare-wrangler-token-debug-log',
    '2024-02-28T06:45:12.2210331Z [wrangler:debug] CLOUDFLARE_ACCOUNT_ID={h32}\n2024-02-28T06:45:12.2210900Z [wrangler:debug] CLOUDFLARE_API_TOKEN=«{B40}»\n2024-02-28T06:45:12.5501110Z ✘ [ERROR] A request to the Cloudflare API (/accounts/.../workers/scripts/edge-router) failed.',
  ],
  [
    'ci56-gha-fly-deploy-token-flyv1-echo',
    "2024-06-09T21:33:40.1120093Z + flyctl deploy --remote-only --access-token 'FlyV1 «fm2_{b160}»' --app acme-edge\n2024-06-09T21:33:40.9900212Z Error: failed to fetch an image or build from source: app not found",
  ],
  [
    'ci56-gha-digitalocean-doctl-init-access-token',
    '2024-08-01T04:04:11.0010032Z Run doctl auth init --access-token «dop_v1_{h64}» --context ci\n2024-08-01T04:04:11.8821300Z Error: Unable to use supplied token to access API: GET https://api.digitalocean.com/v2/account: 401 (request "{h8}-{h4}-{h4}-{h4}-{h12}") Unable to authenticate you',
  ],
  [
    'ci56-gha-heroku-api-key-v2-container-login',
    '2024-04-12T10:11:12.1111031Z + echo «HRKU-AA{B58}» | docker login --username=_ --password-stdin registry.heroku.com\n2024-04-12T10:11:13.0200330Z Error response from daemon: Get "https://registry.heroku.com/v2/": unauthorized',
  ],
  [
    'ci56-gha-datadog-ci-api-and-app-key-trace',
    '2024-10-10T10:10:10.0000001Z + DATADOG_API_KEY=«{h32}» DATADOG_APP_KEY=«{h40}» npx @datadog/datadog-ci junit upload --service billing-api reports/junit.xml\n2024-10-10T10:10:12.3100220Z ❌ Failed upload: Request failed with status code 403',
  ],
  [
    'ci56-gha-vault-token-from-jwt-login-echoed',
    '2024-12-02T18:07:51.3300290Z ##[group]Run VAULT_TOKEN=$(vault write -field=token auth/jwt/login role=ci jwt=$ACTIONS_ID_TOKEN) && echo "got $VAULT_TOKEN"\n2024-12-02T18:07:52.1002119Z got «hvs.CAESI{B40}Gh4KHGh2cy5{a24}»',
  ],
  [
    'ci56-gha-tfc-token-credentials-tfrc-cat',
    '2024-03-21T09:30:19.8801020Z Run cat ~/.terraform.d/credentials.tfrc.json\n2024-03-21T09:30:19.8900112Z {\n2024-03-21T09:30:19.8900771Z   "credentials": {\n2024-03-21T09:30:19.8901009Z     "app.terraform.io": {\n2024-03-21T09:30:19.8901450Z       "token": "«{a14}.atlasv1.{a67}»"\n2024-03-21T09:30:19.8901801Z     }\n2024-03-21T09:30:19.8902100Z   }',
  ],
  [
    'ci56-gha-pypi-token-twine-trace',
    '2024-01-05T13:55:02.3040011Z + python -m twine upload -u __token__ -p «pypi-AgEIcHlwaS5vcmc{B70}» dist/acme_sdk-1.9.0-py3-none-any.whl\n2024-01-05T13:55:03.0001204Z Uploading distributions to https://upload.pypi.org/legacy/\n2024-01-05T13:55:03.9203110Z ERROR    HTTPError: 400 Bad Request from https://upload.pypi.org/legacy/',
  ],
  [
    'ci56-gha-gcp-sa-key-json-decoded-in-step',
    '2024-07-07T07:07:07.7001001Z Run echo "$GCP_SA_KEY_B64" | base64 -d | jq -r \'.private_key_id, .client_email, .private_key\' | head -n 4\n2024-07-07T07:07:07.7203300Z {h40}\n2024-07-07T07:07:07.7203801Z deployer@acme-prod-381207.iam.gserviceaccount.com\n2024-07-07T07:07:07.7204010Z -----BEGIN PRIVATE KEY-----\n2024-07-07T07:07:07.7204500Z «MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}»',
  ],
  [
    'ci56-gha-azure-sp-client-secret-login-json',
    '2024-05-23T15:15:15.1500033Z Run echo \'${{ toJSON(env) }}\'\n2024-05-23T15:15:15.1600901Z {\n2024-05-23T15:15:15.1601200Z   "AZURE_CLIENT_ID": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n2024-05-23T15:15:15.1601700Z   "AZURE_TENANT_ID": "{h8}-{h4}-4{h3}-8{h3}-{h12}",\n2024-05-23T15:15:15.1602100Z   "AZURE_CLIENT_SECRET": "«{a3}8Q~{B34}»"\n2024-05-23T15:15:15.1602500Z }',
  ],
  [
    'ci56-gha-anthropic-key-pytest-failure-env',
    "2024-09-18T12:42:10.5521001Z E       AssertionError: expected client to use proxy settings\n2024-09-18T12:42:10.5521770Z E       assert Settings(api_key='«sk-ant-api03-{B93}AA»', base_url='https://api.anthropic.com', timeout=30.0) == Settings(api_key='sk-ant-api03-...', base_url='http://proxy.internal:8080', timeout=30.0)",
  ],
  [
    'ci56-gha-openai-project-key-jest-diff',
    '2024-10-01T16:12:03.1101110Z     - Expected  - 1\n2024-10-01T16:12:03.1101500Z     + Received  + 1\n2024-10-01T16:12:03.1102000Z       Object {\n2024-10-01T16:12:03.1102400Z     -   "apiKey": Any<String>,\n2024-10-01T16:12:03.1102800Z     +   "apiKey": "«sk-proj-{B74}T3BlbkFJ{B74}»",\n2024-10-01T16:12:03.1103100Z         "model": "gpt-4o-mini",',
  ],
  [
    'ci56-gitlab-job-cat-npmrc-project-registry-glpat',
    'Running with gitlab-runner 16.11.0 (91a27b2a)\n  on acme-shared-runner-3 zxB7kQ2p, system ID: s_{h12}\n$ echo "//gitlab.acme.io/api/v4/projects/${CI_PROJECT_ID}/packages/npm/:_authToken=${NPM_PUBLISH_TOKEN}" > .npmrc\n$ cat .npmrc\n//gitlab.acme.io/api/v4/projects/412/packages/npm/:_authToken=«glpat-{B20}»\n$ npm publish\nnpm ERR! code E403',
  ],
  [
    'ci56-gitlab-runner-register-glrt-token-in-job-log',
    "$ gitlab-runner register --non-interactive --url https://gitlab.acme.io --token «glrt-{B20}» --executor docker --docker-image alpine:3.19\nRuntime platform                                    arch=amd64 os=linux pid=41 revision=91a27b2a version=16.11.0\nVerifying runner... is valid                        runner=t4RkQ\nRunner registered successfully. Feel free to start it, but if it's running already the config should be automatically reloaded!",
  ],
  [
    'ci56-gitlab-trigger-pipeline-glptt-curl-form',
    '$ curl --fail --request POST --form token=«glptt-{h40}» --form ref=main --form "variables[DEPLOY_ENV]=staging" https://gitlab.acme.io/api/v4/projects/88/trigger/pipeline\ncurl: (22) The requested URL returned error: 404\nCleaning up project directory and file based variables\nERROR: Job failed: exit code 1',
  ],
  [
    'ci56-gitlab-deploy-token-docker-login-trace',
    '$ set -x\n+ docker login -u gitlab+deploy-token-17 -p «gldt-{B20}» registry.acme.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nError response from daemon: Get "https://registry.acme.io/v2/": denied: access forbidden',
  ],
  [
    'ci56-gitlab-legacy-registration-token-config-toml',
    '$ cat /etc/gitlab-runner/config.toml\nconcurrent = 4\n[[runners]]\n  name = "k8s-runner-eu"\n  url = "https://gitlab.acme.io/"\n  token = "«glrt-{B20}»"\n  executor = "kubernetes"',
  ],
  [
    'ci56-gitlab-helm-values-registration-token-gr1348941',
    '$ helm upgrade --install gitlab-runner gitlab/gitlab-runner --set gitlabUrl=https://gitlab.acme.io --set runnerRegistrationToken=«GR1348941{B20}» --debug\nhistory.go:56: [debug] getting history for release gitlab-runner\nError: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress',
  ],
  [
    'ci56-gitlab-job-env-export-aws-and-sentry',
    '$ export | grep -E \'AWS|SENTRY\'\ndeclare -x AWS_ACCESS_KEY_ID="AKIA{u16}"\ndeclare -x AWS_SECRET_ACCESS_KEY="«{b40}»"\ndeclare -x SENTRY_AUTH_TOKEN="«sntryu_{h64}»"\ndeclare -x SENTRY_ORG="acme"',
  ],
  [
    'ci56-gitlab-maven-settings-xml-cat-nexus-password',
    '$ cat ci_settings.xml\n<settings>\n  <servers>\n    <server>\n      <id>acme-nexus-releases</id>\n      <username>ci-deployer</username>\n      <password>«{a20}»</password>\n    </server>\n  </servers>\n</settings>',
  ],
  [
    'ci56-gitlab-terraform-http-backend-password-in-init',
    '$ terraform init -backend-config="address=https://gitlab.acme.io/api/v4/projects/31/terraform/state/prod" -backend-config="username=ci-bot" -backend-config="password=«glpat-{B20}»"\nInitializing the backend...\nError: Failed to get existing workspaces: HTTP remote state endpoint requires auth',
  ],
  [
    'ci56-gitlab-job-token-value-printed-by-debug-trace',
    '$ echo "fetching artifacts with CI_JOB_TOKEN=${CI_JOB_TOKEN}"\nfetching artifacts with CI_JOB_TOKEN=«glcbt-64_{B24}»\n$ curl --location --output artifacts.zip "https://gitlab.acme.io/api/v4/projects/12/jobs/artifacts/main/download?job=build"',
  ],
  [
    'ci56-jenkins-pipeline-sh-docker-login-password-flag',
    '[Pipeline] stage\n[Pipeline] { (Publish image)\n[Pipeline] sh\n+ docker login -u jenkins-ci -p «{a22}» harbor.acme.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n[Pipeline] sh\n+ docker push harbor.acme.io/payments/api:1.42.0',
  ],
  [
    'ci56-jenkins-console-mvn-deploy-alt-repo-password',
    '[Pipeline] sh\n+ mvn -B -s settings.xml deploy -DaltDeploymentRepository=releases::default::https://nexus.acme.io/repository/maven-releases/ -Dnexus.username=deployment -Dnexus.password=«{a18}»\n[INFO] Scanning for projects...\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy (default-deploy) on project billing-core: status code: 401, reason phrase: Unauthorized (401)',
  ],
  [
    'ci56-jenkins-api-token-curl-crumb-trace',
    "+ curl -s -X POST -u svc-release:«11{h32}» 'https://jenkins.acme.io/job/deploy/buildWithParameters?ENV=prod&TAG=1.42.0'\n<html><head><meta http-equiv='refresh' content='1;url=/login?from=%2Fjob%2Fdeploy%2FbuildWithParameters'/></head></html>\nscript returned exit code 0",
  ],
  [
    'ci56-jenkins-masked-password-but-base64-basic-auth-echoed',
    "[Pipeline] withCredentials\nMasking supported pattern matches of $NEXUS_PW\n[Pipeline] {\n[Pipeline] sh\n+ echo -n ci-deployer:****\n+ base64\n+ curl -H 'Authorization: Basic «Y2ktZGVwbG95ZXI6{b32}»' https://nexus.acme.io/service/rest/v1/status/check",
  ],
  [
    'ci56-jenkins-kubectl-create-secret-literal-trace',
    '[Pipeline] sh\n+ kubectl -n payments create secret generic api-env --from-literal=DATABASE_URL=postgres://payments:«{a24}»@pg-primary.payments.svc:5432/payments --from-literal=STRIPE_SECRET_KEY=«sk_live_{a24}» --dry-run=client -o yaml\n+ kubectl apply -f -\nerror: error validating "STDIN": error validating data: failed to download openapi',
  ],
  [
    'ci56-jenkins-groovy-println-credentials-map',
    '[Pipeline] echo\ndeploy config: [env:prod, region:eu-central-1, artifactoryUser:ci-publisher, artifactoryApiKey:«AKCp{a69}», dryRun:false]\n[Pipeline] sh\n+ jf rt upload build/libs/*.jar libs-release-local/acme/billing/',
  ],
  [
    'ci56-jenkins-sonar-scanner-login-property-trace',
    '[Pipeline] withSonarQubeEnv\n[Pipeline] sh\n+ ./gradlew sonar -Dsonar.projectKey=acme-ledger -Dsonar.host.url=https://sonarqube.acme.io -Dsonar.login=«sqp_{h40}»\n> Task :sonar FAILED',
  ],
  [
    'ci56-jenkins-ssh-agent-private-key-cat-in-console',
    '[Pipeline] sh\n+ cat /tmp/deploy_key\n-----BEGIN OPENSSH PRIVATE KEY-----\n«b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB{b49}\n{b70}\n{b40}»\n-----END OPENSSH PRIVATE KEY-----\n+ chmod 600 /tmp/deploy_key',
  ],
  [
    'ci56-circleci-step-output-ccipat-curl',
    '#!/bin/bash -eo pipefail\ncurl -s -u "«CCIPAT_{a22}_{h40}»:" https://circleci.com/api/v2/project/gh/acme/web/pipeline -d \'{"branch":"main"}\'\n{\n  "message" : "Project not found"\n}\n\nExited with code exit status 1',
  ],
  [
    'ci56-circleci-spin-up-env-printed-context-values',
    "#!/bin/bash -eo pipefail\nprintenv | sort | grep -E '^(HEROKU|DOCKER|CIRCLE_BR)'\nCIRCLE_BRANCH=release/2024-10\nDOCKER_PASSWORD=«{a24}»\nDOCKER_USER=acmebuild\nHEROKU_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»",
  ],
  [
    'ci56-circleci-heroku-git-push-url-with-key',
    '#!/bin/bash -eo pipefail\ngit push https://heroku:«HRKU-AA{B58}»@git.heroku.com/acme-api-staging.git HEAD:main\nremote: !\tWARNING:\nremote: !\tPush rejected, Heroku Git deploys are disabled for this app.',
  ],
  [
    'ci56-circleci-orb-aws-ecr-verbose-session-token',
    "aws ecr get-login-password --region us-east-1 --debug 2>&1 | grep -i 'x-amz-security-token'\n2024-08-20 11:12:13,141 - MainThread - botocore.endpoint - DEBUG - Making request for OperationModel(name=GetAuthorizationToken) with params: {'headers': {'X-Amz-Security-Token': '«IQoJb3JpZ2luX2VjE{B300}»', 'X-Amz-Target': 'AmazonEC2ContainerRegistry_V20150921.GetAuthorizationToken'}}",
  ],
  [
    'ci56-buildkite-step-log-bkua-token-graphql',
    '~~~ Preparing working directory\n~~~ Running commands\n$ curl -sS -H "Authorization: Bearer «bkua_{h40}»" -X POST https://graphql.buildkite.com/v1 -d \'{"query":"{ viewer { user { name } } }"}\'\n{"errors":[{"message":"Your API Access Token doesn\'t have the read_user scope"}]}\n🚨 Error: The command exited with status 1',
  ],
  [
    'ci56-buildkite-agent-start-token-in-systemd-log',
    'Oct 14 09:02:11 ci-agent-07 buildkite-agent[1180]: + buildkite-agent start --token «{h50}» --tags queue=deploy,os=linux --name ci-agent-07\nOct 14 09:02:11 ci-agent-07 buildkite-agent[1180]: 2024-10-14 09:02:11 NOTICE Starting buildkite-agent v3.81.0 with PID: 1180\nOct 14 09:02:12 ci-agent-07 buildkite-agent[1180]: 2024-10-14 09:02:12 FATAL  Failed to register: POST https://agent.buildkite.com/v3/register: 401 Unauthorized',
  ],
  [
    'ci56-buildkite-meta-data-get-leaks-db-password',
    '$ buildkite-agent meta-data get db-password\n«{a20}»\n$ psql "postgres://deploy@db-staging.acme.internal:5432/app" -c \'select 1\'\npsql: error: connection to server failed: FATAL:  password authentication failed for user "deploy"',
  ],
  [
    'ci56-teamcity-service-message-setparameter-value',
    "[12:01:44] : [Step 2/5] ##teamcity[setParameter name='env.NUGET_API_KEY' value='«oy2{l43}»']\n[12:01:44] : [Step 2/5] ##teamcity[message text='NuGet key resolved from vault' status='NORMAL']\n[12:01:45]W: [Step 2/5] Response status code does not indicate success: 403 (The specified API key is invalid, has expired, or does not have permission to access the specified package.).",
  ],
  [
    'ci56-teamcity-build-log-access-token-bearer',
    '[09:30:12]i: [Step 1/1] Starting: /usr/bin/curl -H "Authorization: Bearer «eyJ0eXAiOiAiVENWMiJ9.{B36}.{B48}»" https://teamcity.acme.io/app/rest/builds?locator=running:true\n[09:30:12]i: [Step 1/1] in directory: /opt/buildagent/work/5f1c0a3e\n[09:30:13]W: [Step 1/1] Process exited with code 22',
  ],
  [
    'ci56-teamcity-parameters-report-plain-password',
    '[10:14:02] : Parameters\n[10:14:02] :   env.DEPLOY_HOST = deploy01.acme.internal\n[10:14:02] :   env.DEPLOY_USER = teamcity\n[10:14:02] :   env.DEPLOY_PASS = «{a18}»\n[10:14:02] :   system.teamcity.buildType.id = Acme_Backend_DeployProd',
  ],
  [
    'ci56-azure-devops-setvariable-sas-sig',
    "2024-05-30T08:12:44.5521033Z ##[section]Starting: Generate SAS\n2024-05-30T08:12:46.1002001Z ##[command]az storage container generate-sas --account-name acmeartifacts --name drops --permissions rl --expiry 2024-06-30 -o tsv\n2024-05-30T08:12:47.0020122Z se=2024-06-30&sp=rl&sv=2022-11-02&sr=c&sig=«{b43}%3D»\n2024-05-30T08:12:47.0102011Z ##[warning]Variable 'dropSas' was set without issecret=true",
  ],
  [
    'ci56-azure-devops-pat-git-extraheader-trace',
    '2024-02-14T17:40:03.3310201Z ##[command]git -c http.extraheader="AUTHORIZATION: basic «Om{b70}»" fetch --force --tags --prune origin\n2024-02-14T17:40:03.4402100Z fatal: Authentication failed for \'https://dev.azure.com/acme/Platform/_git/infra/\'',
  ],
  [
    'ci56-azure-devops-pat-in-pip-extra-index-url',
    '2024-09-09T13:13:13.1313013Z ##[section]Starting: pip install\n2024-09-09T13:13:13.2010012Z ========================== Starting Command Output ===========================\n2024-09-09T13:13:13.2011442Z /usr/bin/bash --noprofile --norc /home/vsts/work/_temp/7f5e2b1a.sh\n2024-09-09T13:13:13.3020201Z + pip install --extra-index-url https://build:«{k52}»@pkgs.dev.azure.com/acme/_packaging/py-internal/pypi/simple/ acme-ledger==3.2.1\n2024-09-09T13:13:15.7730021Z ERROR: No matching distribution found for acme-ledger==3.2.1',
  ],
  [
    'ci56-azure-devops-storage-connection-string-output',
    '2024-07-11T22:02:20.4410012Z ##[section]Starting: Print deployment outputs\n2024-07-11T22:02:20.5500011Z {\n2024-07-11T22:02:20.5500301Z   "storageConnection": "DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net",\n2024-07-11T22:02:20.5500910Z   "functionAppName": "acme-prod-ingest"\n2024-07-11T22:02:20.5501200Z }',
  ],
  [
    'ci56-azure-devops-system-accesstoken-printed-debug',
    "2024-03-03T03:33:01.0101101Z ##[debug]Evaluating: variables['System.AccessToken']\n2024-03-03T03:33:01.0101602Z ##[debug]Result: '«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6I{B40}.eyJuYW1laWQiOi{B200}.{B342}»'",
  ],
  [
    'ci56-bitbucket-pipelines-app-password-curl-trace',
    '+ curl -s -u acme-deployer:«ATBB{a32}{H8}» -X POST https://api.bitbucket.org/2.0/repositories/acme/web/downloads -F files=@dist/web-4.2.0.tgz\n{"type": "error", "error": {"message": "Access denied. You must have write or admin access."}}',
  ],
  [
    'ci56-bitbucket-pipelines-repo-access-token-git-remote',
    '+ git remote set-url origin https://x-token-auth:«ATCTT3xFfGN0{B160}=»@bitbucket.org/acme/infra.git\n+ git push origin v1.18.0\nremote: Token does not have write access to this repository.',
  ],
  [
    'ci56-drone-secret-add-data-flag-trace',
    '+ drone secret add --repository acme/edge-proxy --name cloudflare_api_token --data «{B40}»\n+ drone secret ls --repository acme/edge-proxy\nclient error 401: Unauthorized',
  ],
  [
    'ci56-drone-server-env-rpc-secret-docker-inspect',
    '$ docker inspect drone-runner --format \'{{json .Config.Env}}\' | jq .\n[\n  "DRONE_RPC_PROTO=https",\n  "DRONE_RPC_HOST=drone.acme.io",\n  "DRONE_RPC_SECRET=«{h32}»",\n  "DRONE_RUNNER_CAPACITY=4"\n]',
  ],
  [
    'ci56-buildkit-run-npm-config-set-authtoken-step',
    '#7 [3/9] RUN npm config set //registry.npmjs.org/:_authToken «npm_{a36}»\n#7 DONE 0.6s\n\n#8 [4/9] RUN npm ci --omit=dev\n#8 12.41 npm ERR! code E404\n#8 ERROR: process "/bin/sh -c npm ci --omit=dev" did not complete successfully: exit code: 1',
  ],
  [
    'ci56-buildkit-run-pip-index-url-with-password',
    '#11 [builder 5/8] RUN pip install --no-cache-dir --index-url https://ci-reader:«{a24}»@pypi.acme.io/simple/ -r requirements.txt\n#11 3.102 Looking in indexes: https://ci-reader:****@pypi.acme.io/simple/\n#11 4.881 ERROR: Could not find a version that satisfies the requirement acme-auth==2.4.0 (from versions: none)',
  ],
  [
    'ci56-docker-build-command-trace-build-arg-github-token',
    '+ docker build --build-arg GITHUB_TOKEN=«ghp_{a36}» --build-arg NODE_ENV=production -t ghcr.io/acme/portal:4f2a9c1 .\n#0 building with "default" instance using docker driver\n#1 [internal] load build definition from Dockerfile\n#1 transferring dockerfile: 1.12kB done\n 1 warning found (use docker --debug to expand):\n - SecretsUsedInArgOrEnv: Do not use ARG or ENV instructions for sensitive data (ARG "GITHUB_TOKEN") (line 4)',
  ],
  [
    'ci56-docker-history-no-trunc-env-sentry-token',
    '$ docker history --no-trunc acme/web:2.3.1 | grep ENV\nsha256:{h64}   3 days ago   ENV SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3M{B60}_{B43}»   0B   buildkit.dockerfile.v0\n<missing>   3 days ago   ENV NODE_ENV=production   0B   buildkit.dockerfile.v0',
  ],
  [
    'ci56-docker-history-arg-value-in-run-layer',
    "$ docker history --no-trunc --format '{{.CreatedBy}}' registry.acme.io/api:8.1.0 | head -3\nRUN |2 NPM_TOKEN=«npm_{a36}» APP_VERSION=8.1.0 /bin/sh -c npm ci && npm run build # buildkit\nCOPY . . # buildkit\nWORKDIR /app",
  ],
  [
    'ci56-docker-inspect-env-database-url-password',
    "$ docker inspect billing-worker --format '{{range .Config.Env}}{{println .}}{{end}}'\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nDATABASE_URL=postgresql://billing:«{a26}»@pg.billing.internal:5432/billing?sslmode=require\nRAILS_ENV=production",
  ],
  [
    'ci56-docker-compose-config-interpolated-postgres-and-redis',
    '$ docker compose config\nname: acme\nservices:\n  api:\n    environment:\n      DATABASE_URL: postgres://acme:«{a20}»@db:5432/acme\n      REDIS_URL: redis://:«{a32}»@cache:6379/0\n    image: acme/api:latest\n  db:\n    image: postgres:16-alpine',
  ],
  [
    'ci56-docker-compose-config-mailgun-and-minio',
    "$ docker compose -f compose.prod.yml config | sed -n '12,16p'\n      MAILGUN_API_KEY: «key-{h32}»\n      MAILGUN_DOMAIN: mg.acme.io\n      MINIO_ROOT_USER: acme-admin\n      MINIO_ROOT_PASSWORD: «{a28}»\n    image: minio/minio:RELEASE.2024-06-13T22-53-53Z",
  ],
  [
    'ci56-docker-login-echo-pipe-trace-set-x',
    '+ echo «dckr_pat_{B27}»\n+ docker login -u acmebuild --password-stdin\nError response from daemon: Get "https://registry-1.docker.io/v2/": unauthorized: incorrect username or password',
  ],
  [
    'ci56-buildkit-run-go-private-netrc-echo',
    '#9 [build 4/7] RUN echo "machine github.com login x-access-token password «ghs_{a36}»" > ~/.netrc && go mod download\n#9 2.771 go: github.com/acme/internal-sdk@v0.14.2: reading github.com/acme/internal-sdk/go.mod at revision v0.14.2: unknown revision v0.14.2\n#9 ERROR: process "/bin/sh -c echo ..." did not complete successfully: exit code: 1',
  ],
  [
    'ci56-buildkit-run-composer-github-oauth',
    '#12 [php 6/10] RUN composer config -g github-oauth.github.com «gho_{a36}» && composer install --no-dev --prefer-dist\n#12 1.203 Installing dependencies from lock file\n#12 9.880 In GitDownloader.php line 82: Failed to clone the git@github.com:acme/php-commons.git repository',
  ],
  [
    'ci56-buildkit-env-layer-stripe-and-twilio',
    '#14 [runtime 3/6] ENV STRIPE_API_KEY=«rk_live_{a24}» TWILIO_AUTH_TOKEN=«{h32}» TWILIO_ACCOUNT_SID=AC{h32}\n#14 DONE 0.0s',
  ],
  [
    'ci56-terraform-plan-output-nonsensitive-connection-string',
    'Changes to Outputs:\n  + db_endpoint          = "acme-prod.cluster-{l12}.eu-west-1.rds.amazonaws.com"\n  + db_connection_string = "postgresql://acme_admin:«{a24}»@acme-prod.cluster-{l12}.eu-west-1.rds.amazonaws.com:5432/acme"\n  + db_password          = (sensitive value)',
  ],
  [
    'ci56-terraform-output-json-api-key-not-sensitive',
    '$ terraform output -json\n{\n  "datadog_api_key": {\n    "sensitive": false,\n    "type": "string",\n    "value": "«{h32}»"\n  },\n  "dashboard_url": {\n    "sensitive": false,\n    "type": "string",\n    "value": "https://app.datadoghq.eu/dashboard/abc-123-xyz"\n  }\n}',
  ],
  [
    'ci56-terraform-show-json-iam-access-key-secret',
    '$ terraform show -json | jq \'.values.root_module.resources[] | select(.type=="aws_iam_access_key") | .values\'\n{\n  "create_date": "2024-10-02T08:14:55Z",\n  "id": "AKIA{u16}",\n  "secret": "«{b40}»",\n  "ses_smtp_password_v4": "«{b44}»",\n  "status": "Active",\n  "user": "ci-deployer"\n}',
  ],
  [
    'ci56-terraform-apply-local-exec-echo-random-password',
    'module.redis.null_resource.bootstrap (local-exec): Executing: ["/bin/sh" "-c" "redis-cli -h 10.20.4.11 -a «{a32}» CONFIG SET maxmemory-policy allkeys-lru"]\nmodule.redis.null_resource.bootstrap (local-exec): Warning: Using a password with \'-a\' or \'-u\' option on the command line interface may not be safe.\nmodule.redis.null_resource.bootstrap (local-exec): OK',
  ],
  [
    'ci56-terraform-tf-log-debug-provider-bearer-header',
    '2024-06-18T10:22:41.120Z [DEBUG] provider.terraform-provider-digitalocean_v2.39.2: DigitalOcean API Request Details:\n---[ REQUEST ]---------------------------------------\nGET /v2/droplets?page=1&per_page=200 HTTP/1.1\nHost: api.digitalocean.com\nAuthorization: Bearer «dop_v1_{h64}»\nUser-Agent: Terraform/1.8.5 godo/1.117.0',
  ],
  [
    'ci56-terraform-state-pull-tls-private-key',
    '$ terraform state pull | jq -r \'.resources[] | select(.type=="tls_private_key") | .instances[0].attributes.private_key_pem\' | head -3\n-----BEGIN RSA PRIVATE KEY-----\n«MIIEpAIBAAKCAQEA{b48}\n{b64}»',
  ],
  [
    'ci56-terraform-plan-cloudflare-token-in-provider-block-error',
    '│ Error: Invalid provider configuration\n│\n│   on providers.tf line 14, in provider "cloudflare":\n│   14:   api_token = "«{B40}»"\n│\n│ A Cloudflare API token must be 40 characters long; check for stray whitespace.',
  ],
  [
    'ci56-terraform-cloud-env-token-in-env-dump',
    '$ env | grep ^TF_\nTF_IN_AUTOMATION=1\nTF_TOKEN_app_terraform_io=«{a14}.atlasv1.{a67}»\nTF_WORKSPACE=networking-prod',
  ],
  [
    'ci56-terragrunt-debug-inputs-github-provider-token',
    'DEBU[0003] Generated file /work/live/prod/github/.terragrunt-cache/{B27}/{B27}/provider.tf.  prefix=[/work/live/prod/github]\nDEBU[0003] The following variables were passed to terraform: github_token=«ghp_{a36}», github_owner=acme  prefix=[/work/live/prod/github]',
  ],
  [
    'ci56-ansible-vvv-module-args-login-password',
    'TASK [postgres : Create application role] **************************************\nfatal: [db-primary-1]: FAILED! => {"changed": false, "invocation": {"module_args": {"db": "billing", "login_host": "localhost", "login_password": "«{a22}»", "login_user": "postgres", "name": "billing_app", "password": "«{a24}»", "port": 5432}}, "msg": "unable to connect to database: connection refused"}',
  ],
  [
    'ci56-ansible-vvv-uri-module-bearer-header',
    '<10.0.2.17> EXEC /bin/sh -c \'/usr/bin/python3 /home/deploy/.ansible/tmp/ansible-tmp-1718000000.1-2231-1/AnsiballZ_uri.py && sleep 0\'\nfatal: [app-3]: FAILED! => {"changed": false, "elapsed": 0, "invocation": {"module_args": {"headers": {"Authorization": "Bearer «glsa_{a32}_{h8}»"}, "method": "POST", "url": "https://grafana.acme.io/api/dashboards/db"}}, "msg": "Status code was 401 and not [200]: HTTP Error 401: Unauthorized", "status": 401}',
  ],
  [
    'ci56-ansible-become-pass-extra-vars-in-ps-output',
    '$ ps -ef | grep ansible-playbook\ndeploy   48121 48002  2 10:14 ?  00:00:03 /usr/bin/python3 /usr/bin/ansible-playbook -i inventories/prod site.yml -e ansible_become_pass=«{a16}» -e env=prod',
  ],
  [
    'ci56-ansible-debug-var-hostvars-dump-smtp-password',
    'TASK [debug] *******************************************************************\nok: [mail-relay-1] => {\n    "hostvars[inventory_hostname].postfix_relay": {\n        "host": "[smtp.sendgrid.net]:587",\n        "password": "«SG.{B22}.{B43}»",\n        "user": "apikey"\n    }\n}',
  ],
  [
    'ci56-ansible-vault-password-file-cat-in-job',
    '$ cat .vault_pass && ansible-playbook site.yml --vault-password-file .vault_pass\n«{a32}»\nERROR! Decryption failed (no vault secrets were found that could decrypt) on /builds/ops/ansible/group_vars/prod/vault.yml',
  ],
  [
    'ci56-helm-debug-rendered-secret-stringdata',
    '$ helm upgrade --install payments ./chart -f values.prod.yaml --debug --dry-run\n---\n# Source: payments/templates/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: payments-env\nstringData:\n  STRIPE_WEBHOOK_SECRET: «whsec_{a32}»\n  DATABASE_PASSWORD: «{a24}»',
  ],
  [
    'ci56-helm-get-values-user-supplied-admin-password',
    '$ helm get values grafana -n monitoring\nUSER-SUPPLIED VALUES:\nadminPassword: «{a20}»\ningress:\n  enabled: true\n  hosts:\n  - grafana.acme.io',
  ],
  [
    'ci56-helm-debug-rendered-secret-data-base64',
    '# Source: keycloak/templates/secrets.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: keycloak\ntype: Opaque\ndata:\n  admin-password: «{b32}»',
  ],
  [
    'ci56-helm-set-flag-in-install-trace',
    '+ helm install rabbit bitnami/rabbitmq --namespace queues --set auth.username=svc-orders --set auth.password=«{a24}» --set auth.erlangCookie=«{a32}» --wait --timeout 5m\nError: INSTALLATION FAILED: context deadline exceeded',
  ],
  [
    'ci56-kubectl-describe-pod-plain-env-secret',
    '$ kubectl describe pod orders-api-7c9f6d8b5-x2k4q -n orders\n    Environment:\n      SPRING_PROFILES_ACTIVE:      prod\n      SPRING_DATASOURCE_URL:       jdbc:mysql://mysql.orders.svc:3306/orders\n      SPRING_DATASOURCE_PASSWORD:  «{a22}»\n      JWT_SIGNING_KEY:             «{b44}»',
  ],
  [
    'ci56-kubectl-logs-app-config-dump-on-start',
    '$ kubectl logs deploy/notifier -n comms --tail=6\n2024-11-12T07:40:02.113Z INFO  starting notifier v3.4.1\n2024-11-12T07:40:02.114Z DEBUG loaded config: {"smtp":{"host":"smtp.mailgun.org","port":587,"user":"postmaster@mg.acme.io","pass":"«{h32}-{h8}-{h8}»"},"twilio":{"accountSid":"AC{h32}","authToken":"«{h32}»"}}\n2024-11-12T07:40:03.902Z ERROR smtp auth failed: 535 5.7.8 Authentication failed',
  ],
  [
    'ci56-kubectl-get-secret-jsonpath-decoded-in-job',
    '$ kubectl get secret argocd-initial-admin-secret -n argocd -o jsonpath=\'{.data.password}\' | base64 -d; echo\n«{a16}»\n$ argocd login argocd.acme.io --username admin --password "$ARGO_PW" --grpc-web\nFATA[0001] rpc error: code = Unauthenticated desc = Invalid username or password',
  ],
  [
    'ci56-k8s-event-failed-pull-with-creds-in-url',
    '  Warning  Failed     12s (x3 over 51s)  kubelet  Failed to pull image "registry.acme.io/ml/infer:2.1": failed to resolve reference: failed to authorize: failed to fetch oauth token: unexpected status from GET request to https://registry.acme.io/service/token?account=robot%24ml-pull&password=«{a32}»&scope=repository%3Aml%2Finfer%3Apull: 401 Unauthorized',
  ],
  [
    'ci56-kubectl-create-docker-registry-secret-trace',
    '+ kubectl create secret docker-registry ghcr-pull --docker-server=ghcr.io --docker-username=acme-bot --docker-password=«ghp_{a36}» -n apps\nsecret/ghcr-pull created',
  ],
  [
    'ci56-packer-shell-provisioner-vault-token-export',
    '==> amazon-ebs.base: Provisioning with shell script: /tmp/packer-shell2811934077\n    amazon-ebs.base: + export VAULT_ADDR=https://vault.acme.internal:8200\n    amazon-ebs.base: + export VAULT_TOKEN=«hvs.{a24}»\n    amazon-ebs.base: + vault kv get -field=cert secret/pki/base-image\n    amazon-ebs.base: Error making API request.',
  ],
  [
    'ci56-packer-log-winrm-password-debug',
    '2024/04/02 10:11:12 packer-plugin-azure_v2.1.7_x5.0_linux_amd64 plugin: 2024/04/02 10:11:12 [INFO] WinRM connecting: Administrator@40.113.2.18 (password: «{a20}»)\n2024/04/02 10:11:42 packer-plugin-azure_v2.1.7_x5.0_linux_amd64 plugin: 2024/04/02 10:11:42 [ERROR] connection error: unknown error Post "https://40.113.2.18:5986/wsman": dial tcp 40.113.2.18:5986: i/o timeout',
  ],
  [
    'ci56-packer-build-var-flag-hcp-client-secret',
    '+ packer build -var "hcp_client_id={a32}" -var "hcp_client_secret=«{a64}»" -var ami_version=2024.11.1 ubuntu.pkr.hcl\nError: Failed to prepare build: "amazon-ebs.ubuntu"',
  ],
  [
    'ci56-maven-debug-settings-server-password-plain',
    '[DEBUG] Reading user settings from /home/runner/.m2/settings.xml\n[DEBUG] Using mirror central-proxy (https://artifactory.acme.io/artifactory/maven-remote) for central\n[DEBUG] Configuring mojo org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy from plugin realm ClassRealm[plugin>org.apache.maven.plugins:maven-deploy-plugin:3.1.1]\n[DEBUG]   (s) id = artifactory-releases\n[DEBUG]   (s) username = ci-publisher\n[DEBUG]   (s) password = «{a24}»',
  ],
  [
    'ci56-maven-x-wagon-http-basic-header-artifactory',
    '[DEBUG] http-outgoing-3 >> PUT /artifactory/libs-release-local/com/acme/ledger/3.2.0/ledger-3.2.0.jar HTTP/1.1\n[DEBUG] http-outgoing-3 >> Authorization: Basic «Y2ktcHVibGlzaGVyO{b40}»\n[DEBUG] http-outgoing-3 >> User-Agent: Apache-Maven/3.9.6 (Java 17.0.11; Linux 6.5.0-1022-azure)\n[DEBUG] http-outgoing-3 << HTTP/1.1 403 Forbidden',
  ],
  [
    'ci56-gradle-debug-publishing-credentials-property',
    "2024-08-08T11:11:40.221+0000 [DEBUG] [org.gradle.api.internal.project.DefaultProject] Resolved property 'artifactoryUser' = 'gradle-ci'\n2024-08-08T11:11:40.221+0000 [DEBUG] [org.gradle.api.internal.project.DefaultProject] Resolved property 'artifactoryPassword' = '«cmVmdGtuOjAxOj{a50}»'\n2024-08-08T11:11:41.902+0000 [ERROR] [org.gradle.internal.buildevents.BuildExceptionReporter] Could not PUT 'https://acme.jfrog.io/artifactory/libs-release/com/acme/core/2.0.0/core-2.0.0.pom'. Received status code 401 from server: Unauthorized",
  ],
  [
    'ci56-gradle-command-line-project-props-trace',
    '+ ./gradlew publish -PsonatypeUsername=acme-oss -PsonatypePassword=«{a32}» -Psigning.password=«{a20}» --no-daemon --stacktrace\n> Task :publishMavenPublicationToSonatypeRepository FAILED',
  ],
  [
    'ci56-gradle-plugin-portal-keys-in-env-print',
    '> Task :printEnv\nGRADLE_PUBLISH_KEY=«{a32}»\nGRADLE_PUBLISH_SECRET=«{a32}»\nJAVA_HOME=/opt/hostedtoolcache/Java_Temurin-Hotspot_jdk/17.0.11-9/x64',
  ],
  [
    'ci56-npm-verbose-publish-authorization-header',
    "npm verb publish [ '.' ]\nnpm http fetch PUT 401 https://registry.npmjs.org/@acme%2fui-kit 612ms\nnpm verb stack HttpErrorGeneral: 401 Unauthorized - PUT https://registry.npmjs.org/@acme%2fui-kit\nnpm verb cwd /home/runner/work/ui-kit/ui-kit\nnpm verb request headers { 'npm-auth-type': 'web', authorization: 'Bearer «npm_{a36}»', 'npm-command': 'publish' }",
  ],
  [
    'ci56-yarn-v1-verbose-request-auth-object',
    'verbose 0.521 Performing "GET" request to "https://npm.pkg.github.com/@acme%2fdesign-tokens".\nverbose 0.744 Request "https://npm.pkg.github.com/@acme%2fdesign-tokens" finished with status code 401.\nverbose 0.745 Error: Request failed "401 Unauthorized" { headers: { authorization: \'Bearer «ghp_{a36}»\', accept: \'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*\' } }',
  ],
  [
    'ci56-yarn-berry-config-npm-auth-token-print',
    '$ yarn config get npmScopes --json\n{\n  "acme": {\n    "npmRegistryServer": "https://acme.jfrog.io/artifactory/api/npm/npm-local/",\n    "npmAlwaysAuth": true,\n    "npmAuthToken": "«cmVmdGtuOjAxOj{a50}»"\n  }\n}',
  ],
  [
    'ci56-pnpm-debug-log-npmrc-interpolated',
    '$ cat node_modules/.pnpm-debug.log | head -n 6\n{\n  "0 debug pnpm:scope": { "selected": 1 },\n  "1 error pnpm": {\n    "code": "ERR_PNPM_FETCH_401",\n    "message": "GET https://npm.fontawesome.com/@fortawesome%2fpro-solid-svg-icons: Unauthorized - 401",\n    "hint": "An authorization header was used: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'ci56-pip-config-list-extra-index-with-token',
    "$ pip config list\nglobal.extra-index-url='https://__token__:«glpat-{B20}»@gitlab.acme.io/api/v4/projects/77/packages/pypi/simple'\nglobal.timeout='60'",
  ],
  [
    'ci56-poetry-config-list-http-basic-password',
    '$ poetry config --list | grep -i acme\nrepositories.acme.url = "https://pypi.acme.io/simple/"\nhttp-basic.acme.username = "ci"\nhttp-basic.acme.password = "«{a28}»"',
  ],
  [
    'ci56-uv-publish-trace-token-flag',
    '+ uv publish --token «pypi-AgEIcHlwaS5vcmc{B80}» dist/*\nPublishing 2 files https://upload.pypi.org/legacy/\nerror: Failed to publish `dist/acme_client-0.9.1-py3-none-any.whl` to https://upload.pypi.org/legacy/',
  ],
  [
    'ci56-go-env-goproxy-with-credentials',
    "$ go env | grep -E 'GOPROXY|GOPRIVATE|GONOSUMDB'\nGONOSUMDB='github.com/acme/*'\nGOPRIVATE='github.com/acme/*'\nGOPROXY='https://gobuilder:«{a28}»@athens.acme.internal,https://proxy.golang.org,direct'",
  ],
  [
    'ci56-go-mod-download-git-config-insteadof-token',
    '+ git config --global url.https://ci-bot:«glpat-{B20}»@gitlab.acme.io/.insteadOf https://gitlab.acme.io/\n+ go mod download -x\n# get https://proxy.golang.org/gitlab.acme.io/platform/logkit/@v/list\n# get https://proxy.golang.org/gitlab.acme.io/platform/logkit/@v/list: 404 Not Found (0.112s)',
  ],
  [
    'ci56-cargo-publish-token-flag-trace',
    '+ cargo publish --token «cio{a32}» --allow-dirty\n    Updating crates.io index\n   Packaging acme-tracing v0.6.2 (/home/runner/work/acme-tracing/acme-tracing)\nerror: failed to publish to registry at https://crates.io',
  ],
  [
    'ci56-cargo-credentials-toml-cat-private-registry',
    '$ cat ~/.cargo/credentials.toml\n[registries.crates-io]\ntoken = "«cio{a32}»"\n\n[registries.acme-kellnr]\ntoken = "«{a32}»"',
  ],
  [
    'ci56-gem-push-credentials-file-cat',
    '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»\n$ gem push acme-client-2.1.0.gem\nPushing gem to https://rubygems.org...',
  ],
  [
    'ci56-dotnet-nuget-push-api-key-trace',
    "+ dotnet nuget push bin/Release/Acme.Telemetry.3.0.1.nupkg --api-key «oy2{l43}» --source https://api.nuget.org/v3/index.json\n  Pushing Acme.Telemetry.3.0.1.nupkg to 'https://www.nuget.org/api/v2/package'...\n  Forbidden https://www.nuget.org/api/v2/package/ 412ms",
  ],
  [
    'ci56-makefile-echoed-docker-login-recipe',
    '$ make release\ndocker login -u acme-release -p «{a24}» quay.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nmake: *** [Makefile:42: login] Error 1',
  ],
  [
    'ci56-makefile-echoed-curl-upload-with-key',
    '$ make upload-sourcemaps\ncurl -sf -X POST https://api.rollbar.com/api/1/sourcemap -F access_token=«{h32}» -F version=9c1e2f7 -F minified_url=https://cdn.acme.io/app.js -F source_map=@dist/app.js.map\nmake: *** [upload-sourcemaps] Error 22',
  ],
  [
    'ci56-bash-xtrace-export-multiple-vendor-tokens',
    '+ source .env.deploy\n++ export LINEAR_API_KEY=«lin_api_{a40}»\n++ export NEW_RELIC_API_KEY=«NRAK-{u27}»\n++ export NEW_RELIC_ACCOUNT_ID=3810452\n+ node scripts/notify-release.mjs',
  ],
  [
    'ci56-bash-xtrace-psql-pgpassword',
    '+ export PGPASSWORD=«{a24}»\n+ psql -h pg-replica.acme.internal -U reporting -d analytics -c \'\\copy (select * from daily_revenue) to stdout csv\'\npsql: error: connection to server at "pg-replica.acme.internal" (10.4.0.12), port 5432 failed: timeout expired',
  ],
  [
    'ci56-bash-xtrace-mysql-password-flag',
    "+ mysqldump -h mysql-prod.acme.internal -u backup -p«{a20}» --single-transaction shop\nmysqldump: [Warning] Using a password on the command line interface can be insecure.\nmysqldump: Got error: 2003: Can't connect to MySQL server on 'mysql-prod.acme.internal:3306' (110) when trying to connect",
  ],
  [
    'ci56-bash-xtrace-aws-configure-set-secret',
    '+ aws configure set aws_access_key_id AKIA{u16} --profile deploy\n+ aws configure set aws_secret_access_key «{b40}» --profile deploy\n+ aws s3 sync build/ s3://acme-web-prod --delete --profile deploy',
  ],
  [
    'ci56-bash-xtrace-supabase-and-planetscale',
    '+ supabase link --project-ref {L20} --password «{a24}»\n+ pscale deploy-request create acme-db main --service-token-id {l12} --service-token «pscale_tkn_{B43}»\nError: Unauthorized. Please check your service token.',
  ],
  [
    'ci56-bash-xtrace-tailscale-up-authkey',
    '+ sudo tailscale up --authkey=«tskey-auth-{a12}CNTRL-{a33}» --hostname=ci-runner-{d4} --advertise-tags=tag:ci\nbackend error: invalid key: unable to validate API key',
  ],
  [
    'ci56-bash-xtrace-ngrok-authtoken',
    '+ ngrok config add-authtoken «{a27}_{a21}»\nAuthtoken saved to configuration file: /home/runner/.config/ngrok/ngrok.yml\n+ ngrok http 3000 --log stdout',
  ],
  [
    'ci56-bash-xtrace-shopify-admin-token-curl',
    '+ curl -sS -H \'X-Shopify-Access-Token: «shpat_{h32}»\' https://acme-store.myshopify.com/admin/api/2024-07/products/count.json\n{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}',
  ],
  [
    'ci56-bash-xtrace-postman-api-key-newman',
    '+ newman run https://api.getpostman.com/collections/{d8}-{h8}-{h4}-{h4}-{h4}-{h12}?apikey=«PMAK-{h24}-{h34}» -e env/staging.json --reporters cli,junit\nerror: collection could not be loaded',
  ],
  [
    'ci56-bash-xtrace-pulumi-access-token-login',
    '+ export PULUMI_ACCESS_TOKEN=«pul-{h40}»\n+ pulumi login\nerror: problem logging in: getting user info from https://api.pulumi.com: [401] Unauthorized: No credentials provided or are invalid.',
  ],
  [
    'ci56-bash-xtrace-atlassian-api-token-curl',
    '+ curl -s -u release-bot@acme.io:«ATATT3xFfGF0{B180}={H8}» -X POST -H \'Content-Type: application/json\' https://acme.atlassian.net/rest/api/3/version -d @version.json\n{"errorMessages":["Project must be specified to create a version."],"errors":{}}',
  ],
  [
    'ci56-bash-xtrace-mapbox-secret-token-upload',
    '+ mapbox upload acme.tiles-2024q4 tiles/out.mbtiles --access-token «sk.eyJ1IjoiYWNtZSIsImEiOiJ{B20}.{B22}»\nError: Access denied: token requires uploads:write scope',
  ],
  [
    'ci56-jest-diff-config-object-database-dsn',
    '  ● config › loads production settings\n\n    expect(received).toEqual(expected) // deep equality\n\n    - Expected  - 1\n    + Received  + 1\n\n      Object {\n    -   "databaseUrl": "postgres://localhost:5432/app",\n    +   "databaseUrl": "postgres://app_rw:«{a22}»@prod-db.acme.internal:5432/app",\n        "logLevel": "info",',
  ],
  [
    'ci56-jest-snapshot-mismatch-stripe-restricted-key',
    '    › 1 snapshot failed.\n    - Snapshot  - 1\n    + Received  + 1\n\n    @@ -3,7 +3,7 @@\n        "payments": Object {\n    -     "secretKey": "[FILTERED]",\n    +     "secretKey": "«rk_live_{a24}»",',
  ],
  [
    'ci56-pytest-assert-dict-dsn-mysql',
    "E       AssertionError: assert {'dsn': 'mysql+pymysql://shop:«{a20}»@mysql.shop.svc:3306/shop', 'pool_size': 5} == {'dsn': 'sqlite:///:memory:', 'pool_size': 5}\nE         Omitting 1 identical items, use -vv to show\nE         Differing items: dsn",
  ],
  [
    'ci56-pytest-locals-showlocals-api-key',
    "    def test_client_sends_key(monkeypatch):\n>       assert client.headers[\"X-API-Key\"] == \"redacted-in-tests\"\nE       AssertionError: assert '«{a40}»' == 'redacted-in-tests'\n\nclient     = <AcmeClient base_url='https://api.acme-logistics.io/v3'>",
  ],
  [
    'ci56-pytest-captured-log-sendgrid-key',
    "----------------------------- Captured log call ------------------------------\nDEBUG    mailer.client:client.py:88 POST https://api.sendgrid.com/v3/mail/send headers={'Authorization': 'Bearer «SG.{B22}.{B43}»', 'Content-Type': 'application/json'}\nERROR    mailer.client:client.py:97 sendgrid returned 401",
  ],
  [
    'ci56-go-test-failure-printing-struct-with-token',
    '--- FAIL: TestLoadConfig (0.00s)\n    config_test.go:41: got config.Config{Addr:":8080", GitHubToken:"«ghp_{a36}»", SlackWebhook:"«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"}, want config.Config{Addr:":8080"}\nFAIL\nFAIL\tgithub.com/acme/relbot/internal/config\t0.014s',
  ],
  [
    'ci56-rspec-failure-expected-headers-with-bearer',
    '  1) Acme::Billing::Client sends the bearer token\n     Failure/Error: expect(request.headers).to include("Authorization" => "Bearer test-token")\n       expected {"Authorization" => "Bearer «sk_live_{a24}»", "User-Agent" => "acme-billing-ruby/2.3.0"} to include {"Authorization" => "Bearer test-token"}',
  ],
  [
    'ci56-junit-xml-system-out-with-password',
    '<testcase classname="com.acme.ledger.DbIT" name="connectsToReplica" time="30.012">\n  <failure message="Connection refused">org.postgresql.util.PSQLException: Connection refused</failure>\n  <system-out>[main] INFO  HikariConfig - jdbcUrl=jdbc:postgresql://pg-replica:5432/ledger?user=ledger&amp;password=«{a22}»</system-out>\n</testcase>',
  ],
  [
    'ci56-cypress-run-record-key-in-trace',
    '+ npx cypress run --record --key «{h8}-{h4}-4{h3}-a{h3}-{h12}» --parallel --ci-build-id 18441-2\nYou passed the --record flag but this project has not been setup to record.',
  ],
  [
    'ci56-playwright-env-echo-basic-auth-url',
    '$ echo "BASE_URL=$BASE_URL" && npx playwright test --project=chromium\nBASE_URL=https://qa:«{a18}»@staging.acme.io\nError: page.goto: net::ERR_INVALID_AUTH_CREDENTIALS at https://staging.acme.io/login',
  ],
  [
    'ci56-gha-compose-up-logs-minio-root-password',
    '2024-10-15T11:22:33.4410012Z mc-init-1  | + mc alias set local http://minio:9000 minioadmin «{a28}»\n2024-10-15T11:22:33.9901121Z mc-init-1  | mc: <ERROR> Unable to initialize new alias from the provided credentials. The Access Key Id you provided does not exist in our records.',
  ],
  [
    'ci56-gha-rabbitmq-amqp-url-in-service-log',
    '2024-04-04T04:44:44.0041010Z worker-1  | 2024-04-04 04:44:44,004 ERROR celery.worker.consumer: consumer: Cannot connect to amqp://celery:«{a24}»@rabbitmq:5672/prod: [Errno 111] Connection refused.',
  ],
  [
    'ci56-gha-mongodb-uri-in-node-error',
    "2024-05-05T05:05:05.5050505Z MongoServerSelectionError: connect ECONNREFUSED 127.0.0.1:27017\n2024-05-05T05:05:05.5051001Z     at Timeout._onTimeout (/home/runner/work/api/api/node_modules/mongodb/lib/sdam/topology.js:278:38)\n2024-05-05T05:05:05.5051509Z   uri: 'mongodb+srv://api-ci:«{a20}»@cluster0.{l5}.mongodb.net/orders?retryWrites=true&w=majority'",
  ],
  [
    'ci56-gha-google-refresh-token-firebase-deploy',
    '2024-03-12T14:14:14.1414141Z + firebase deploy --only hosting --token «1//0{B100}» --project acme-web-prod\n2024-03-12T14:14:15.0100101Z ⚠  Authenticating with `--token` is deprecated and will be removed in a future major version of `firebase-tools`.',
  ],
  [
    'ci56-gha-google-api-key-maps-in-env-step',
    '2024-02-02T02:02:02.0202020Z Run echo "MAPS_SERVER_KEY=$MAPS_SERVER_KEY" >> .env.production && cat .env.production\n2024-02-02T02:02:02.0303030Z NEXT_PUBLIC_SITE=https://acme.io\n2024-02-02T02:02:02.0303510Z MAPS_SERVER_KEY=«AIza{B35}»',
  ],
  [
    'ci56-gha-age-secret-key-sops-debug',
    '2024-06-06T06:06:06.0606060Z Run echo "$SOPS_AGE_KEY" > key.txt && cat key.txt\n2024-06-06T06:06:06.0707070Z # created: 2024-01-12T09:40:11Z\n2024-06-06T06:06:06.0707500Z # public key: age1{k58}\n2024-06-06T06:06:06.0708010Z «AGE-SECRET-KEY-1{e58}»',
  ],
  [
    'ci56-gha-discord-webhook-notify-curl',
    '2024-09-09T09:09:09.0909090Z + curl -H \'Content-Type: application/json\' -d \'{"content":"deploy failed on main"}\' «https://discord.com/api/webhooks/{d19}/{B68}»\n2024-09-09T09:09:09.3030303Z {"message": "Unknown Webhook", "code": 10015}',
  ],
  [
    'ci56-gha-teams-webhook-url-in-action-input-debug',
    "##[debug]Evaluating: secrets.TEAMS_WEBHOOK_URL\n##[debug]Result: '«https://acme.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}»'",
  ],
  [
    'ci56-gha-expo-token-eas-build',
    '2024-07-27T13:37:00.1000000Z + EXPO_TOKEN=«{a40}» npx eas-cli build --platform ios --non-interactive\n2024-07-27T13:37:05.2000000Z ✖ Build failed: Your Apple Developer Program membership has expired.',
  ],
  [
    'ci56-gha-chromatic-project-token-flag',
    '2024-08-18T08:18:28.3000000Z + npx chromatic --project-token=«chpt_{h14}» --exit-zero-on-changes --only-changed\n2024-08-18T08:18:30.9000000Z ✖ Failed to publish your built Storybook',
  ],
  [
    'ci56-gha-coveralls-repo-token-in-env-json',
    '2024-01-31T23:59:59.0000000Z ##[debug]env: {"COVERALLS_REPO_TOKEN":"«{a32}»","COVERALLS_SERVICE_NAME":"github","COVERALLS_PARALLEL":"true"}',
  ],
  [
    'ci56-gha-algolia-admin-key-docsearch-scraper',
    '2024-05-15T10:10:10.1000000Z + docker run -e APPLICATION_ID={u10} -e API_KEY=«{h32}» -e CONFIG="$(cat docsearch.json | jq -r tostring)" algolia/docsearch-scraper\n2024-05-15T10:10:13.9000000Z algoliasearch.exceptions.RequestException: Method not allowed with this API key',
  ],
  [
    'ci56-gha-honeycomb-key-otel-exporter-headers',
    '2024-11-20T20:20:20.2000000Z OTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\n2024-11-20T20:20:20.2000100Z OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=«hcaik_{l58}»\n2024-11-20T20:20:20.2000200Z OTEL_SERVICE_NAME=ci-tests',
  ],
  [
    'ci56-gha-render-api-key-deploy-trigger',
    '2024-03-30T12:00:00.0000000Z + curl -s -X POST -H "Authorization: Bearer «rnd_{a32}»" https://api.render.com/v1/services/srv-{l20}/deploys\n2024-03-30T12:00:00.5000000Z {"id":"","message":"unauthorized"}',
  ],
  [
    'ci56-gha-render-deploy-hook-url',
    '2024-03-30T12:05:00.0000000Z + curl -fsS «https://api.render.com/deploy/srv-{l20}?key={a11}»\n2024-03-30T12:05:00.4000000Z curl: (22) The requested URL returned error: 404',
  ],
  [
    'ci56-gha-railway-token-env-echo',
    '2024-06-21T06:21:00.0000000Z Run echo "using RAILWAY_TOKEN=$RAILWAY_TOKEN"\n2024-06-21T06:21:00.1000000Z using RAILWAY_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'ci56-gha-grafana-cloud-access-policy-token-k6',
    '2024-09-30T18:00:00.0000000Z + K6_CLOUD_TOKEN=«glc_{b120}» k6 cloud run load/checkout.js\n2024-09-30T18:00:02.0000000Z ERRO[0002] (403/E2) You are not allowed to run tests in this project',
  ],
  [
    'ci56-gha-hf-token-model-upload-trace',
    '2024-10-12T12:12:12.1212121Z + huggingface-cli upload acme/ranker-v3 ./out --token «hf_{a34}»\n2024-10-12T12:12:13.0000000Z 403 Forbidden: You don\'t have the rights to create a model under the namespace "acme".',
  ],
  [
    'ci56-gha-ssh-deploy-private-key-echo-debug',
    '2024-04-18T04:18:00.0000000Z Run echo "$DEPLOY_KEY" | head -c 120\n2024-04-18T04:18:00.0100000Z -----BEGIN OPENSSH PRIVATE KEY-----\n2024-04-18T04:18:00.0100500Z «b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW{b14}»',
  ],
  [
    'ci56-circleci-env-printing-sonar-and-snyk',
    "#!/bin/bash -eo pipefail\nenv | grep -E 'SONAR_TOKEN|SNYK_TOKEN|CIRCLE_SHA1'\nCIRCLE_SHA1={h40}\nSNYK_TOKEN=«{h8}-{h4}-4{h3}-9{h3}-{h12}»\nSONAR_TOKEN=«squ_{h40}»",
  ],
  [
    'ci56-gitlab-job-bitbucket-mirror-push-url',
    "$ git push --mirror https://acme-mirror:«ATBB{a32}{H8}»@bitbucket.org/acme/legacy-billing.git\nremote: Invalid credentials\nfatal: Authentication failed for 'https://bitbucket.org/acme/legacy-billing.git/'",
  ],
  [
    'ci56-gitlab-job-azure-login-sp-password-trace',
    '$ az login --service-principal -u {h8}-{h4}-4{h3}-b{h3}-{h12} -p «{a3}8Q~{B34}» --tenant {h8}-{h4}-4{h3}-a{h3}-{h12}\nAADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID',
  ],
  [
    'ci56-gitlab-job-gcloud-activate-key-inline-json',
    '$ echo "$GCLOUD_KEY" | tee /tmp/key.json | jq -c \'{type, project_id, private_key_id, client_email}\' && cat /tmp/key.json | grep private_key\\"\n{"type":"service_account","project_id":"acme-data-421907","private_key_id":"{h40}","client_email":"ci-loader@acme-data-421907.iam.gserviceaccount.com"}\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n«MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ{b14}\\n{b64}\\n{b64}»\\n",',
  ],
  [
    'ci56-gitlab-job-ovh-application-secret-trace',
    '$ set -x; ovhcloud login --app-key "$OVH_AK" --app-secret "$OVH_AS" --consumer-key "$OVH_CK"\n+ ovhcloud login --app-key {a16} --app-secret «{a32}» --consumer-key «{a32}»\nError: invalid credentials (HTTP 403)',
  ],
  [
    'ci56-jenkins-console-aws-session-creds-from-assume-role',
    '[Pipeline] sh\n+ aws sts assume-role --role-arn arn:aws:iam::{d12}:role/ci-deploy --role-session-name jenkins-1841 --output json\n{\n    "Credentials": {\n        "AccessKeyId": "ASIA{u16}",\n        "SecretAccessKey": "«{b40}»",\n        "SessionToken": "«IQoJb3JpZ2luX2VjE{B280}»",\n        "Expiration": "2024-11-04T12:41:09+00:00"',
  ],
  [
    'ci56-jenkins-console-linode-token-terraform-var',
    '[Pipeline] sh\n+ terraform apply -auto-approve -var linode_token=«{h64}» -var region=eu-central\nlinode_instance.edge[0]: Creating...\n╷\n│ Error: Error creating a Linode Instance: [401] Invalid Token',
  ],
  [
    'ci56-jenkins-console-vault-approle-secret-id-trace',
    '+ vault write auth/approle/login role_id={h8}-{h4}-{h4}-{h4}-{h12} secret_id=«{h8}-{h4}-{h4}-{h4}-{h12}»\nError writing data to auth/approle/login: Error making API request.\nCode: 400. Errors:\n* invalid role or secret ID',
  ],
  [
    'ci56-drone-step-log-telegram-bot-token-url',
    '+ curl -s "https://api.telegram.org/bot«{d10}:AA{B33}»/sendMessage?chat_id=-100{d10}&text=build%20failed"\n{"ok":false,"error_code":401,"description":"Unauthorized"}',
  ],
  [
    'ci56-bitbucket-pipe-debug-variables-dump',
    "+ pipe: atlassian/aws-s3-deploy:1.6.0\nDEBUG: Pipe variables: {'AWS_DEFAULT_REGION': 'eu-west-1', 'AWS_ACCESS_KEY_ID': 'AKIA{u16}', 'AWS_SECRET_ACCESS_KEY': '«{b40}»', 'S3_BUCKET': 'acme-static-prod', 'LOCAL_PATH': 'dist'}\n✖ Deployment failed.",
  ],
  [
    'ci56-argocd-cli-auth-token-trace',
    '+ argocd app sync payments-prod --auth-token «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhcmdvY2QiLCJzdWIiOiJjaS1ib3Q6YXBpS2V5Ii{B90}.{B43}» --server argocd.acme.io --grpc-web\nFATA[0000] rpc error: code = PermissionDenied desc = permission denied: applications, sync, payments/payments-prod',
  ],
  [
    'ci56-helm-repo-add-password-flag-trace',
    '+ helm repo add acme-charts https://charts.acme.io --username ci --password «{a26}»\nError: looks like "https://charts.acme.io" is not a valid chart repository or cannot be reached: failed to fetch https://charts.acme.io/index.yaml : 401 Unauthorized',
  ],
  [
    'ci56-skopeo-copy-dest-creds-trace',
    '+ skopeo copy --dest-creds robot$releases:«{a32}» docker://ghcr.io/acme/api:1.9.0 docker://harbor.acme.io/releases/api:1.9.0\nFATA[0002] writing blob: initiating layer upload to /v2/releases/api/blobs/uploads/ in harbor.acme.io: unauthorized: unauthorized to access repository',
  ],
  [
    'ci56-crane-auth-login-password-trace',
    '+ crane auth login us-docker.pkg.dev -u _json_key_base64 -p «ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIs{b200}»\nError: logging in to us-docker.pkg.dev: GET https://us-docker.pkg.dev/v2/: UNAUTHORIZED',
  ],
  [
    'ci56-flux-bootstrap-github-token-env-trace',
    '+ GITHUB_TOKEN=«ghp_{a36}» flux bootstrap github --owner=acme --repository=fleet-infra --branch=main --path=clusters/prod --personal=false\n► connecting to github.com\n✗ failed to get Git repository "https://github.com/acme/fleet-infra": provider error: GET https://api.github.com/repos/acme/fleet-infra: 401 Bad credentials []',
  ],
  [
    'ci56-sentry-sourcemaps-upload-env-dump-in-webpack-error',
    'ERROR in Sentry CLI Plugin: Command failed: /app/node_modules/@sentry/cli/sentry-cli releases files 9f3b2e1 upload-sourcemaps ./dist\nerror: API request failed\n  caused by: sentry reported an error: Invalid token (http status: 401)\n  Env: SENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3M{B60}_{B43}» SENTRY_ORG=acme SENTRY_PROJECT=web',
  ],
  [
    'ci56-chat-prose-gha-log-paste-slack-user-token',
    "my release workflow keeps dying at the notify step, log below, any idea?\n\n2024-08-02T10:00:01.1000000Z Run slack-notify --token «xoxp-{d11}-{d12}-{d13}-{h32}» --channel '#releases'\n2024-08-02T10:00:01.9000000Z Error: missing_scope (needed: chat:write)",
  ],
  [
    'ci56-chat-prose-jenkins-console-okta-ssws',
    'why is this 401ing? token was rotated yesterday\n```\n[Pipeline] sh\n+ curl -s -H \'Authorization: SSWS «00{B40}»\' https://acme.okta.com/api/v1/groups?q=eng\n{"errorCode":"E0000011","errorSummary":"Invalid token provided"}\n```',
  ],
  [
    'ci56-chat-prose-docker-build-databricks-token',
    'build output from the docker step, it fails on the databricks cli part:\n#15 [6/8] RUN databricks configure --host https://adb-{d16}.4.azuredatabricks.net --token «dapi{h32}-2»\n#15 0.902 Error: default auth: cannot configure default credentials',
  ],
  [
    'ci56-chat-prose-terraform-output-dynatrace-token',
    'terraform output is printing this and I don\'t think it should?\n  monitoring_api_token = "«dt0c01.{u24}.{u64}»"\n  monitoring_env_url   = "https://{l8}.live.dynatrace.com"',
  ],
  [
    'ci56-gha-slack-app-level-token-socket-mode',
    '2024-02-19T09:00:00.0000000Z + SLACK_APP_TOKEN=«xapp-1-A{u10}-{d13}-{h64}» node bot/socket.js\n2024-02-19T09:00:01.2000000Z [ERROR] socket-mode:SocketModeClient:0 Failed to retrieve a new WSS URL (error: invalid_auth)',
  ],
  [
    'ci56-gha-github-oauth-refresh-token-debug-json',
    '2024-03-03T10:10:10.0000000Z ##[debug]response: {"access_token":"«ghu_{a36}»","expires_in":28800,"refresh_token":"«ghr_{a76}»","refresh_token_expires_in":15811200,"scope":"","token_type":"bearer"}',
  ],
  [
    'ci56-gha-gh-auth-status-show-token',
    '2024-05-12T12:00:00.0000000Z Run gh auth status --show-token\n2024-05-12T12:00:00.6000000Z github.com\n2024-05-12T12:00:00.6000400Z   ✓ Logged in to github.com account acme-ci (GH_TOKEN)\n2024-05-12T12:00:00.6000800Z   - Active account: true\n2024-05-12T12:00:00.6001200Z   - Git operations protocol: https\n2024-05-12T12:00:00.6001600Z   - Token: «gho_{a36}»',
  ],
  [
    'ci56-gitlab-job-npmrc-legacy-auth-base64',
    '$ cat .npmrc\nregistry=https://nexus.acme.io/repository/npm-group/\n_auth=«Y2ktbnBtO{b28}»\nemail=ci@acme.io\nalways-auth=true',
  ],
  [
    'ci56-gitlab-job-npmrc-azure-artifacts-password-base64',
    "$ cat $HOME/.npmrc\n//pkgs.dev.azure.com/acme/_packaging/web-feed/npm/registry/:username=acme\n//pkgs.dev.azure.com/acme/_packaging/web-feed/npm/registry/:_password=«{b72}»\n//pkgs.dev.azure.com/acme/_packaging/web-feed/npm/registry/:email=npm requires email to be set but doesn't use the value",
  ],
  [
    'ci56-gitlab-job-pagerduty-routing-key-event',
    '$ curl -s -X POST https://events.pagerduty.com/v2/enqueue -H \'Content-Type: application/json\' -d \'{"routing_key":"«R0{u30}»","event_action":"trigger","payload":{"summary":"prod deploy failed","source":"gitlab-ci","severity":"error"}}\'\n{"status":"invalid event","message":"Event object is invalid","errors":["\'routing_key\' is invalid"]}',
  ],
  [
    'ci56-gitlab-job-launchdarkly-sdk-key-dotenv',
    '$ cat .env.ci\nLD_CLIENT_SIDE_ID={h24}\nLD_SDK_KEY=«sdk-{h8}-{h4}-{h4}-{h4}-{h12}»\nFEATURE_FLAGS_OFFLINE=false',
  ],
  [
    'ci56-gitlab-job-segment-write-key-and-mixpanel-secret',
    "$ printenv | sort | grep -E 'SEGMENT|MIXPANEL'\nMIXPANEL_API_SECRET=«{h32}»\nMIXPANEL_PROJECT_TOKEN={h32}\nSEGMENT_WRITE_KEY=«{a32}»",
  ],
  [
    'ci56-jenkins-kafka-sasl-jaas-config-printed',
    '[Pipeline] sh\n+ cat client.properties\nbootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{a64}»";',
  ],
  [
    'ci56-jenkins-elastic-api-key-header-trace',
    '+ curl -s -H \'Authorization: ApiKey «{b60}==»\' \'https://logs.acme.es.eu-west-1.aws.found.io/_cat/indices?v\'\n{"error":{"root_cause":[{"type":"security_exception","reason":"unable to authenticate with provided credentials"}],"status":401}',
  ],
  [
    'ci56-azure-devops-cosmos-key-in-script-output',
    "2024-11-11T11:11:11.1111111Z ##[section]Starting: Seed Cosmos\n2024-11-11T11:11:11.2000000Z + node seed.js --endpoint https://acme-orders.documents.azure.com:443/ --key «{b86}==»\n2024-11-11T11:11:14.9000000Z Error: The input authorization token can't serve the request.",
  ],
  [
    'ci56-azure-devops-pat-az-devops-login-trace',
    '2024-06-30T18:30:00.0000000Z ##[command]/usr/bin/bash -c "echo «{k52}» | az devops login --organization https://dev.azure.com/acme"\n2024-06-30T18:30:01.7000000Z Failed to authenticate using the supplied token.',
  ],
  [
    'ci56-teamcity-snowflake-password-in-dbt-profile',
    '[14:02:10] : [Step 3/4] + cat ~/.dbt/profiles.yml\n[14:02:10] : [Step 3/4] acme:\n[14:02:10] : [Step 3/4]   outputs:\n[14:02:10] : [Step 3/4]     prod:\n[14:02:10] : [Step 3/4]       type: snowflake\n[14:02:10] : [Step 3/4]       account: acme-eu1\n[14:02:10] : [Step 3/4]       user: DBT_CI\n[14:02:10] : [Step 3/4]       password: «{a24}»',
  ],
  [
    'ci56-buildkite-mailchimp-key-hook-output',
    '~~~ Running global pre-command hook\n$ source .buildkite/hooks/env && echo "MC=$MAILCHIMP_API_KEY"\nMC=«{h32}-us21»',
  ],
  [
    'ci56-circleci-confluent-cloud-api-secret-login',
    '#!/bin/bash -eo pipefail\nconfluent api-key store {u16} «{B64}» --resource lkc-{l6} --force\nError: unable to store API key: Unauthorized',
  ],
  [
    'ci56-vault-token-lookup-output-in-ci',
    '$ vault token lookup\nKey                 Value\n---                 -----\naccessor            {a24}\ndisplay_name        jwt-gitlab-ci\nid                  «hvs.{a24}»\npolicies            [default ci-deploy]\nttl                 14m52s',
  ],
  [
    'ci56-doppler-personal-token-configure-debug',
    '$ doppler configure debug | grep -A1 token\ntoken: «dp.pt.{a43}»\napi-host: https://api.doppler.com',
  ],
  [
    'ci56-gha-twilio-api-key-secret-pair-trace',
    '2024-07-04T07:04:00.0000000Z + twilio login --api-key SK{h32} --api-secret «{a32}» --profile ci\n2024-07-04T07:04:01.3000000Z  ›   Error: Could not validate the provided credentials.',
  ],
];

export const BLIND56_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'ci56-neg-gha-masked-stars-curl-authorization',
    "2024-05-14T09:12:31.9920114Z + curl -fsSL -X POST -H 'Authorization: token ***' -d @release.json https://api.github.com/repos/acme/billing/releases\n2024-05-14T09:12:32.4410027Z curl: (22) The requested URL returned error: 422\n2024-05-14T09:12:32.4452210Z ##[error]Process completed with exit code 22.",
  ],
  [
    'ci56-neg-gha-skip-output-may-contain-secret',
    "2024-06-26T13:22:21.0012300Z Warning: Skip output 'token' since it may contain secret.\n2024-06-26T13:22:21.0012899Z Warning: Skip output 'registry_password' since it may contain secret.\n2024-06-26T13:22:21.1100000Z Post job cleanup.",
  ],
  [
    'ci56-neg-gha-checkout-extraheader-masked',
    "2024-06-02T14:03:10.9920000Z Temporarily overriding HOME='/home/runner/work/_temp/{h8}-{h4}-{h4}-{h4}-{h12}' before making global git config changes\n2024-06-02T14:03:11.1021455Z [command]/usr/bin/git config --local http.https://github.com/.extraheader AUTHORIZATION: basic ***\n2024-06-02T14:03:11.2100000Z [command]/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +{h40}:refs/remotes/origin/main",
  ],
  [
    'ci56-neg-gha-run-header-with-secrets-expressions',
    '2024-09-03T08:20:10.0900000Z ##[group]Run npm publish --access public\n2024-09-03T08:20:10.0900400Z npm publish --access public\n2024-09-03T08:20:10.0900800Z shell: /usr/bin/bash -e {0}\n2024-09-03T08:20:10.0901200Z env:\n2024-09-03T08:20:10.0901600Z   NODE_AUTH_TOKEN: ***\n2024-09-03T08:20:10.0902000Z   NPM_CONFIG_USERCONFIG: /home/runner/work/_temp/.npmrc\n2024-09-03T08:20:10.0902400Z ##[endgroup]',
  ],
  [
    'ci56-neg-gha-workflow-yaml-secrets-references',
    '    steps:\n      - uses: actions/checkout@{h40} # v4.1.7\n      - run: ./deploy.sh\n        env:\n          AWS_ROLE_ARN: ${{ vars.AWS_ROLE_ARN }}\n          SENTRY_AUTH_TOKEN: ${{ secrets.SENTRY_AUTH_TOKEN }}\n          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}',
  ],
  [
    'ci56-neg-gha-cache-restore-key-hash',
    '2024-07-19T11:04:58.1100000Z Cache restored from key: node-cache-Linux-x64-npm-{h64}\n2024-07-19T11:04:58.1100500Z Cache Size: ~182 MB (190840221 B)\n2024-07-19T11:04:58.1101000Z Cache hit for: node-cache-Linux-x64-npm-{h64}',
  ],
  [
    'ci56-neg-gha-upload-artifact-digest-and-id',
    '2024-10-22T19:05:40.3300000Z With the provided path, there will be 41 files uploaded\n2024-10-22T19:05:41.0021000Z Artifact name is valid!\n2024-10-22T19:05:43.7710000Z SHA256 digest of uploaded artifact zip is {h64}\n2024-10-22T19:05:43.7712000Z Finalizing artifact upload\n2024-10-22T19:05:43.9920000Z Artifact coverage-report.zip successfully finalized. Artifact ID {d10}\n2024-10-22T19:05:43.9921000Z Artifact download URL: https://github.com/acme/billing/actions/runs/{d11}/artifacts/{d10}',
  ],
  [
    'ci56-neg-gha-runner-header-image-and-job-ids',
    "2024-03-08T22:40:58.0000000Z Current runner version: '2.317.0'\n2024-03-08T22:40:58.0021000Z Runner name: 'GitHub Actions 42'\n2024-03-08T22:40:58.0022000Z Runner Image: ubuntu-22.04 Version: 20240609.1.0\n2024-03-08T22:40:58.0030000Z Secret source: Actions\n2024-03-08T22:40:58.0031000Z Prepare workflow directory\n2024-03-08T22:40:58.0040000Z Download action repository 'actions/setup-node@v4' (SHA:{h40})",
  ],
  [
    'ci56-neg-gha-oidc-token-request-no-value',
    '2024-12-02T18:07:50.1000000Z ##[debug]ID token url is https://pipelinesghubeus2.actions.githubusercontent.com/{a50}/idtoken/{h8}-{h4}-{h4}-{h4}-{h12}/{h8}-{h4}-{h4}-{h4}-{h12}?api-version=2.0&audience=sts.amazonaws.com\n2024-12-02T18:07:50.4000000Z ::add-mask::***\n2024-12-02T18:07:51.0000000Z Authenticated as assumedRoleId AROA{u17}:GitHubActions',
  ],
  [
    'ci56-neg-gha-docker-build-push-image-digest',
    '2024-05-01T20:20:20.0000000Z #22 exporting manifest list sha256:{h64} done\n2024-05-01T20:20:20.0000400Z #22 pushing layers 2.3s done\n2024-05-01T20:20:20.0000800Z #22 pushing manifest for ghcr.io/acme/portal:{h7}@sha256:{h64} 0.6s done\n2024-05-01T20:20:21.0000000Z ImageID: sha256:{h64}\n2024-05-01T20:20:21.0000400Z Digest: sha256:{h64}',
  ],
  [
    'ci56-neg-gha-test-summary-durations-and-ids',
    '2024-10-01T16:12:05.0000000Z Test Suites: 1 failed, 84 passed, 85 total\n2024-10-01T16:12:05.0000400Z Tests:       2 failed, 611 passed, 613 total\n2024-10-01T16:12:05.0000800Z Snapshots:   41 passed, 41 total\n2024-10-01T16:12:05.0001200Z Time:        58.221 s\n2024-10-01T16:12:05.0001600Z Ran all test suites.\n2024-10-01T16:12:05.5000000Z ##[error]Process completed with exit code 1.',
  ],
  [
    'ci56-neg-gha-env-sort-harmless-vars',
    '2024-09-03T08:20:10.1301940Z GITHUB_RUN_ATTEMPT=1\n2024-09-03T08:20:10.1302011Z GITHUB_RUN_ID={d11}\n2024-09-03T08:20:10.1302377Z GITHUB_SHA={h40}\n2024-09-03T08:20:10.1302610Z GITHUB_TOKEN=***\n2024-09-03T08:20:10.1302899Z ImageOS=ubuntu22\n2024-09-03T08:20:10.1303104Z RUNNER_TEMP=/home/runner/work/_temp\n2024-09-03T08:20:10.1303500Z ACTIONS_RUNTIME_URL=https://pipelinesghubeus2.actions.githubusercontent.com/{a50}/',
  ],
  [
    'ci56-neg-gha-setup-node-npmrc-env-reference',
    '2024-07-19T11:05:44.2302118Z @acme:registry=https://npm.pkg.github.com/\n2024-07-19T11:05:44.2302995Z //npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n2024-07-19T11:05:44.2303410Z always-auth=true',
  ],
  [
    'ci56-neg-gha-create-app-token-masked-outputs',
    '2024-02-11T16:44:49.9000000Z Run actions/create-github-app-token@v1\n2024-02-11T16:44:50.2000000Z repositories not set, creating token for all repositories for given owner "acme"\n2024-02-11T16:44:50.5500000Z Token created successfully\n2024-02-11T16:44:50.5502281Z ::set-output name=token::***\n2024-02-11T16:44:50.5510042Z ::set-output name=installation-id::{d8}',
  ],
  [
    'ci56-neg-gitlab-masked-variable-in-log',
    '$ echo "//gitlab.acme.io/api/v4/projects/${CI_PROJECT_ID}/packages/npm/:_authToken=${CI_JOB_TOKEN}" > .npmrc\n$ cat .npmrc\n//gitlab.acme.io/api/v4/projects/412/packages/npm/:_authToken=[MASKED]\n$ npm publish\nnpm notice Publishing to https://gitlab.acme.io/api/v4/projects/412/packages/npm/ with tag latest and default access',
  ],
  [
    'ci56-neg-gitlab-artifacts-upload-truncated-token-prefix',
    'Uploading artifacts for successful job\nUploading artifacts...\ncoverage/: found 214 matching artifact files and directories\nUploading artifacts as "archive" to coordinator... 201 Created  id={d9} responseStatus=201 Created token=glcbt-64\nCleaning up project directory and file based variables\nJob succeeded',
  ],
  [
    'ci56-neg-gitlab-ci-yaml-job-token-variable-name',
    'publish:\n  stage: release\n  script:\n    - echo "@acme:registry=${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/npm/" >> .npmrc\n    - echo "${CI_API_V4_URL#https?}/projects/${CI_PROJECT_ID}/packages/npm/:_authToken=\\${CI_JOB_TOKEN}" >> .npmrc\n    - npm publish',
  ],
  [
    'ci56-neg-gitlab-runner-header-system-id-and-sha',
    'Running with gitlab-runner 16.11.0 (91a27b2a)\n  on acme-shared-runner-3 zxB7kQ2p, system ID: s_{h12}\nPreparing the "docker" executor\nUsing docker image sha256:{h64} for node:20-alpine with digest node@sha256:{h64} ...\nGetting source from Git repository\nChecking out {h8} as detached HEAD (ref is main)...',
  ],
  [
    'ci56-neg-gitlab-cache-key-and-pipeline-ids',
    'Restoring cache\nChecking cache for default-protected-{h40}-8-non_protected...\nDownloading cache from https://storage.googleapis.com/acme-runner-cache/project/412/default-protected-{h40}-8-non_protected  ETag="{h32}"\nSuccessfully extracted cache\nCI_PIPELINE_ID={d10} CI_JOB_ID={d10} CI_COMMIT_SHORT_SHA={h8}',
  ],
  [
    'ci56-neg-jenkins-withcredentials-masked-stars',
    '[Pipeline] withCredentials\nMasking supported pattern matches of $DOCKER_PW\n[Pipeline] {\n[Pipeline] sh\n+ docker login -u jenkins-ci -p **** harbor.acme.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded',
  ],
  [
    'ci56-neg-jenkins-groovy-string-interpolation-warning',
    'Warning: A secret was passed to "sh" using Groovy String interpolation, which is insecure.\n\t\t Affected argument(s) used the following variable(s): [NEXUS_PASSWORD]\n\t\t See https://jenkins.io/redirect/groovy-string-interpolation for details.\n+ mvn -B deploy -Dnexus.password=****',
  ],
  [
    'ci56-neg-jenkins-build-metadata-and-credentials-id',
    'Started by user Jane Doe\nObtained Jenkinsfile from git https://github.com/acme/payments.git\n[Pipeline] Start of Pipeline\n[Pipeline] node\nRunning on agent-k8s-{l5} in /home/jenkins/agent/workspace/payments_main\nusing credential {h8}-{h4}-{h4}-{h4}-{h12}\n > git rev-parse refs/remotes/origin/main^{commit} # timeout=10\nChecking out Revision {h40} (refs/remotes/origin/main)',
  ],
  [
    'ci56-neg-jenkins-finished-build-number-duration',
    '[Pipeline] End of Pipeline\nFinished: FAILURE\nBuild #1841 took 7 min 12 sec on agent-k8s-{l5}\nArtifacts: payments-api-1.42.0-b1841.jar (sha1 {h40})',
  ],
  [
    'ci56-neg-circleci-context-env-masked',
    "#!/bin/bash -eo pipefail\nprintenv | sort | grep -E '^(HEROKU|DOCKER|CIRCLE_BR)'\nCIRCLE_BRANCH=release/2024-10\nDOCKER_PASSWORD=xxxxxxxx\nDOCKER_USER=acmebuild\nHEROKU_API_KEY=xxxxxxxxxxxx",
  ],
  [
    'ci56-neg-circleci-workflow-and-job-uuid-links',
    'Workflow: https://app.circleci.com/pipelines/github/acme/web/{d5}/workflows/{h8}-{h4}-4{h3}-a{h3}-{h12}\nJob: https://app.circleci.com/pipelines/github/acme/web/{d5}/workflows/{h8}-{h4}-4{h3}-a{h3}-{h12}/jobs/{d6}\nCIRCLE_BUILD_NUM={d6} CIRCLE_SHA1={h40} CIRCLE_WORKFLOW_ID={h8}-{h4}-4{h3}-9{h3}-{h12}',
  ],
  [
    'ci56-neg-buildkite-job-and-agent-ids',
    '~~~ Preparing working directory\nRunning on agent ci-agent-07 (queue=deploy) with ID {h8}-{h4}-{h4}-{h4}-{h12}\nBUILDKITE_BUILD_NUMBER=4417\nBUILDKITE_JOB_ID={h8}-{h4}-{h4}-{h4}-{h12}\nBUILDKITE_COMMIT={h40}\nBUILDKITE_AGENT_ACCESS_TOKEN=[REDACTED]',
  ],
  [
    'ci56-neg-teamcity-build-number-and-password-param-stars',
    "[10:14:02] : Parameters\n[10:14:02] :   env.DEPLOY_HOST = deploy01.acme.internal\n[10:14:02] :   env.DEPLOY_PASS = *******\n[10:14:02] :   build.number = 1.4.{d3}\n[10:14:02] :   build.vcs.number = {h40}\n[10:14:03] : ##teamcity[buildNumber '1.4.{d3}']",
  ],
  [
    'ci56-neg-azure-devops-secret-variable-stars',
    '2024-05-30T08:12:44.5521033Z ##[section]Starting: Deploy web app\n2024-05-30T08:12:44.6000000Z ##[command]az webapp config appsettings set -g acme-prod -n acme-web --settings STRIPE_SECRET_KEY=*** SENTRY_DSN=***\n2024-05-30T08:12:47.0102011Z ##[section]Finishing: Deploy web app',
  ],
  [
    'ci56-neg-azure-devops-pipeline-ids-and-setvariable-secret',
    '2024-02-14T17:40:02.0000000Z ##[debug]Build.BuildId=48213\n2024-02-14T17:40:02.0000400Z ##[debug]Build.SourceVersion={h40}\n2024-02-14T17:40:02.0000800Z ##[debug]System.JobId={h8}-{h4}-{h4}-{h4}-{h12}\n2024-02-14T17:40:02.0001200Z ##vso[task.setvariable variable=dbPassword;issecret=true]***',
  ],
  [
    'ci56-neg-azure-pipelines-yaml-macro-references',
    "- task: AzureCLI@2\n  inputs:\n    azureSubscription: 'acme-prod-wif'\n    scriptType: bash\n    inlineScript: |\n      az storage blob upload-batch -d '$web' -s dist --account-name $(storageAccount) --auth-mode login\n  env:\n    SYSTEM_ACCESSTOKEN: $(System.AccessToken)",
  ],
  [
    'ci56-neg-bitbucket-pipeline-build-number-and-uuid',
    '+ echo "build ${BITBUCKET_BUILD_NUMBER} of ${BITBUCKET_REPO_SLUG}"\nbuild 912 of web\nBITBUCKET_PIPELINE_UUID={{h8}-{h4}-{h4}-{h4}-{h12}}\nBITBUCKET_COMMIT={h40}',
  ],
  [
    'ci56-neg-drone-secret-from-secret-reference',
    'steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: acme/edge-proxy\n      username: acmebuild\n      password:\n        from_secret: docker_password',
  ],
  [
    'ci56-neg-buildkit-mount-secret-no-value',
    '#7 [3/9] RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev\n#7 18.42 added 812 packages, and audited 813 packages in 18s\n#7 DONE 19.1s\n#8 [4/9] COPY . .\n#8 DONE 0.4s',
  ],
  [
    'ci56-neg-buildkit-secrets-used-in-arg-warning-only',
    ' 2 warnings found (use docker --debug to expand):\n - SecretsUsedInArgOrEnv: Do not use ARG or ENV instructions for sensitive data (ARG "NPM_TOKEN") (line 5)\n - SecretsUsedInArgOrEnv: Do not use ARG or ENV instructions for sensitive data (ENV "SENTRY_AUTH_TOKEN") (line 18)',
  ],
  [
    'ci56-neg-docker-build-arg-from-env-no-value',
    '+ docker build --build-arg NPM_TOKEN --build-arg GIT_SHA={h40} --secret id=pip,src=/run/secrets/pip.conf -t registry.acme.io/api:{h7} .',
  ],
  [
    'ci56-neg-docker-history-layer-ids-and-sizes',
    '$ docker history registry.acme.io/api:8.1.0\nIMAGE          CREATED       CREATED BY                                      SIZE      COMMENT\n{h12}   3 days ago    CMD ["node" "dist/server.js"]                   0B        buildkit.dockerfile.v0\n<missing>      3 days ago    RUN |2 NPM_TOKEN APP_VERSION=8.1.0 /bin/sh…    214MB     buildkit.dockerfile.v0\n<missing>      3 days ago    COPY . . # buildkit                             3.1MB     buildkit.dockerfile.v0',
  ],
  [
    'ci56-neg-docker-pull-digests-and-status',
    '$ docker pull ghcr.io/acme/portal:4f2a9c1\n4f2a9c1: Pulling from acme/portal\n{h12}: Already exists\n{h12}: Pull complete\nDigest: sha256:{h64}\nStatus: Downloaded newer image for ghcr.io/acme/portal:4f2a9c1',
  ],
  [
    'ci56-neg-docker-compose-config-missing-required-var',
    '$ docker compose config\nerror while interpolating services.db.environment.POSTGRES_PASSWORD: required variable POSTGRES_PASSWORD is missing a value: set it in .env',
  ],
  [
    'ci56-neg-docker-compose-file-env-interpolation-syntax',
    'services:\n  api:\n    environment:\n      DATABASE_URL: postgres://acme:${POSTGRES_PASSWORD:?err}@db:5432/acme\n      REDIS_URL: redis://:${REDIS_PASSWORD}@cache:6379/0\n    secrets:\n      - stripe_key',
  ],
  [
    'ci56-neg-docker-login-password-stdin-trace',
    "+ echo '***' | docker login -u acmebuild --password-stdin\nWARNING! Your password will be stored unencrypted in /home/runner/.docker/config.json.\nLogin Succeeded",
  ],
  [
    'ci56-neg-terraform-plan-sensitive-value-placeholders',
    '  # azurerm_mssql_server.main will be created\n  + resource "azurerm_mssql_server" "main" {\n      + administrator_login          = "sqladmin"\n      + administrator_login_password = (sensitive value)\n      + id                           = (known after apply)\n      + version                      = "12.0"\n    }',
  ],
  [
    'ci56-neg-terraform-outputs-sensitive-marker',
    'Apply complete! Resources: 3 added, 1 changed, 0 destroyed.\n\nOutputs:\n\ndb_endpoint = "acme-prod.cluster-{l12}.eu-west-1.rds.amazonaws.com"\ndb_password = <sensitive>\nvpc_id = "vpc-0{h16}"',
  ],
  [
    'ci56-neg-terraform-output-json-ids-only',
    '$ terraform output -json\n{\n  "bucket_arn": { "sensitive": false, "type": "string", "value": "arn:aws:s3:::acme-static-prod" },\n  "distribution_id": { "sensitive": false, "type": "string", "value": "E{u13}" },\n  "kms_key_id": { "sensitive": false, "type": "string", "value": "{h8}-{h4}-{h4}-{h4}-{h12}" }\n}',
  ],
  [
    'ci56-neg-terraform-init-lock-hashes',
    'Initializing provider plugins...\n- Reusing previous version of hashicorp/aws from the dependency lock file\n- Installed hashicorp/aws v5.54.1 (signed by HashiCorp)\n\nprovider "registry.terraform.io/hashicorp/aws" {\n  version = "5.54.1"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",',
  ],
  [
    'ci56-neg-terraform-show-access-key-sensitive-values',
    '# aws_iam_access_key.ci:\nresource "aws_iam_access_key" "ci" {\n    create_date = "2024-10-02T08:14:55Z"\n    id          = (sensitive value)\n    secret      = (sensitive value)\n    status      = "Active"\n    user        = "ci-deployer"\n}',
  ],
  [
    'ci56-neg-terraform-var-file-references',
    'provider "cloudflare" {\n  api_token = var.cloudflare_api_token\n}\nprovider "datadog" {\n  api_key = data.vault_kv_secret_v2.datadog.data["api_key"]\n  app_key = data.vault_kv_secret_v2.datadog.data["app_key"]\n}',
  ],
  [
    'ci56-neg-ansible-no-log-censored-output',
    'TASK [postgres : Create application role] **************************************\nfatal: [db-primary-1]: FAILED! => {"censored": "the output has been hidden due to the fact that \'no_log: true\' was specified for this result", "changed": false}',
  ],
  [
    'ci56-neg-ansible-vvv-connection-and-tmp-paths',
    "<10.0.2.17> ESTABLISH SSH CONNECTION FOR USER: deploy\n<10.0.2.17> SSH: EXEC ssh -C -o ControlMaster=auto -o ControlPersist=60s -o 'IdentityFile=\"/home/runner/.ssh/id_ed25519\"' -o KbdInteractiveAuthentication=no -o User=\"deploy\" -o ConnectTimeout=10 -o 'ControlPath=\"/home/runner/.ansible/cp/{h10}\"' 10.0.2.17 '/bin/sh -c '\"'\"'echo ~deploy && sleep 0'\"'\"''\n<10.0.2.17> (0, b'/home/deploy\\n', b'')",
  ],
  [
    'ci56-neg-ansible-vault-encrypted-blob',
    'db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {h80}\n          {h80}\n          {h40}',
  ],
  [
    'ci56-neg-ansible-recap-and-module-args-no-secret',
    'ok: [app-3] => {"changed": false, "invocation": {"module_args": {"name": "nginx", "state": "started", "enabled": true}}, "name": "nginx", "state": "started"}\nPLAY RECAP *********************************************************************\napp-3                      : ok=14   changed=2    unreachable=0    failed=0    skipped=3    rescued=0    ignored=0',
  ],
  [
    'ci56-neg-helm-debug-secret-from-existing-secret',
    '# Source: payments/templates/deployment.yaml\n          env:\n            - name: STRIPE_WEBHOOK_SECRET\n              valueFrom:\n                secretKeyRef:\n                  name: payments-stripe\n                  key: webhook-secret',
  ],
  [
    'ci56-neg-helm-install-notes-kubectl-get-secret-command',
    'NOTES:\n1. Get the application URL by running these commands:\n  echo "https://grafana.acme.io"\n2. Get the admin password:\n  kubectl get secret --namespace monitoring grafana -o jsonpath="{.data.admin-password}" | base64 --decode ; echo',
  ],
  [
    'ci56-neg-helm-history-revisions-and-chart-digest',
    '$ helm history payments -n payments\nREVISION\tUPDATED                 \tSTATUS    \tCHART          \tAPP VERSION\tDESCRIPTION\n41      \tTue Nov 12 07:31:02 2024\tsuperseded\tpayments-3.8.0 \t1.42.0     \tUpgrade complete\n42      \tTue Nov 12 07:40:55 2024\tfailed    \tpayments-3.8.1 \t1.42.1     \tUpgrade "payments" failed: context deadline exceeded\nPulled: ghcr.io/acme/charts/payments:3.8.1\nDigest: sha256:{h64}',
  ],
  [
    'ci56-neg-kubectl-describe-secret-byte-counts',
    '$ kubectl describe secret api-env -n payments\nName:         api-env\nNamespace:    payments\nType:  Opaque\n\nData\n====\nDATABASE_URL:       92 bytes\nSTRIPE_SECRET_KEY:  32 bytes',
  ],
  [
    'ci56-neg-kubectl-events-image-pull-digest',
    'LAST SEEN   TYPE     REASON    OBJECT                          MESSAGE\n12s         Normal   Pulled    pod/orders-api-7c9f6d8b5-x2k4q  Successfully pulled image "registry.acme.io/orders/api:1.9.0@sha256:{h64}" in 3.412s (3.412s including waiting). Image size: 81234512 bytes.\n4s          Warning  BackOff   pod/orders-api-7c9f6d8b5-x2k4q  Back-off restarting failed container api in pod orders-api-7c9f6d8b5-x2k4q_orders({h8}-{h4}-{h4}-{h4}-{h12})',
  ],
  [
    'ci56-neg-kubectl-serviceaccount-token-projection-paths',
    '    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-{l5} (ro)\n      /var/run/secrets/eks.amazonaws.com/serviceaccount from aws-iam-token (ro)\n    Environment:\n      AWS_ROLE_ARN:                 arn:aws:iam::{d12}:role/orders-api\n      AWS_WEB_IDENTITY_TOKEN_FILE:  /var/run/secrets/eks.amazonaws.com/serviceaccount/token',
  ],
  [
    'ci56-neg-packer-sensitive-vars-redacted',
    '==> amazon-ebs.base: Prevalidating any provided VPC information\n==> amazon-ebs.base: Prevalidating AMI Name: acme-base-2024.11.1-{d10}\n    amazon-ebs.base: Found Image ID: ami-0{h16}\n==> amazon-ebs.base: Creating temporary keypair: packer_{h8}-{h4}-{h4}-{h4}-{h12}\n    amazon-ebs.base: + export VAULT_TOKEN=<sensitive>',
  ],
  [
    'ci56-neg-maven-debug-password-masked-and-checksums',
    '[DEBUG]   (s) id = artifactory-releases\n[DEBUG]   (s) username = ci-publisher\n[DEBUG]   (s) password = ***\n[INFO] Uploaded to artifactory-releases: https://artifactory.acme.io/artifactory/libs-release-local/com/acme/ledger/3.2.0/ledger-3.2.0.jar.sha1 (40 B at 1.2 kB/s)\n[INFO] ledger-3.2.0.jar sha1={h40} md5={h32}',
  ],
  [
    'ci56-neg-gradle-build-scan-url-and-task-hashes',
    "BUILD FAILED in 2m 14s\n41 actionable tasks: 12 executed, 29 from cache\nPublishing build scan...\nhttps://gradle.com/s/{l13}\nBuild cache key for task ':core:compileJava' is {h32}",
  ],
  [
    'ci56-neg-npm-config-list-protected',
    '$ npm config list\n; "project" config from /home/runner/work/ui-kit/ui-kit/.npmrc\n//registry.npmjs.org/:_authToken = (protected)\n@acme:registry = "https://registry.npmjs.org/"\n; node bin location = /opt/hostedtoolcache/node/20.15.0/x64/bin/node',
  ],
  [
    'ci56-neg-npm-install-integrity-and-lockfile-resolved',
    'npm http fetch GET 200 https://registry.npmjs.org/@acme%2fui-kit/-/ui-kit-4.2.0.tgz 311ms (cache miss)\nnpm sill tarball no local data for @acme/ui-kit@https://registry.npmjs.org/@acme/ui-kit/-/ui-kit-4.2.0.tgz. Extracting by manifest.\n      "integrity": "sha512-{b86}==",\n      "resolved": "https://registry.npmjs.org/@acme/ui-kit/-/ui-kit-4.2.0.tgz"',
  ],
  [
    'ci56-neg-pip-looking-in-indexes-masked',
    '#11 3.102 Looking in indexes: https://pypi.org/simple, https://__token__:****@gitlab.acme.io/api/v4/projects/77/packages/pypi/simple\n#11 3.990 Collecting acme-auth==2.4.0\n#11 4.201   Downloading https://gitlab.acme.io/api/v4/projects/77/packages/pypi/files/{h64}/acme_auth-2.4.0-py3-none-any.whl (41 kB)',
  ],
  [
    'ci56-neg-twine-verbose-password-hidden',
    '+ twine upload --verbose dist/*\nUploading distributions to https://upload.pypi.org/legacy/\nINFO     dist/acme_sdk-1.9.0-py3-none-any.whl (52.1 KB)\nINFO     username set by command options\nINFO     password set from environment variable TWINE_PASSWORD\nINFO     username: __token__\nINFO     password: <hidden>',
  ],
  [
    'ci56-neg-go-mod-sum-hashes-download-log',
    'go: downloading github.com/acme/internal-sdk v0.14.2\ngo: downloading golang.org/x/oauth2 v0.21.0\ngithub.com/acme/internal-sdk v0.14.2 h1:{b43}=\ngithub.com/acme/internal-sdk v0.14.2/go.mod h1:{b43}=',
  ],
  [
    'ci56-neg-cargo-publish-uploading-checksum',
    '   Packaging acme-tracing v0.6.2 (/home/runner/work/acme-tracing/acme-tracing)\n   Verifying acme-tracing v0.6.2 (/home/runner/work/acme-tracing/acme-tracing)\n    Packaged 21 files, 88.4KiB (24.1KiB compressed)\n   Uploading acme-tracing v0.6.2 (/home/runner/work/acme-tracing/acme-tracing)\n    Uploaded acme-tracing v0.6.2 to registry `crates-io`\nnote: checksum "{h64}"',
  ],
  [
    'ci56-neg-bash-xtrace-unexpanded-variable-references',
    "+ curl -fsSL -H 'Authorization: Bearer ${API_TOKEN}' https://api.acme.io/v1/me\n+ export PGPASSWORD=\"$(vault kv get -field=password secret/reporting/db)\"\n+ psql -h pg-replica.acme.internal -U reporting -d analytics -c 'select 1'",
  ],
  [
    'ci56-neg-makefile-echo-with-env-var-names',
    '$ make -n release\ndocker login -u acme-release --password-stdin quay.io < $(QUAY_TOKEN_FILE)\ndocker push quay.io/acme/api:$(GIT_SHA)\ncurl -sf -X POST https://api.rollbar.com/api/1/deploy -F access_token=$$ROLLBAR_TOKEN -F revision=$(GIT_SHA)',
  ],
  [
    'ci56-neg-jest-diff-expected-any-string-only',
    '    - Expected  - 1\n    + Received  + 1\n\n      Object {\n    -   "apiKey": Any<String>,\n    +   "apiKey": "",\n        "model": "gpt-4o-mini",',
  ],
  [
    'ci56-neg-pytest-failure-with-sqlite-dsn-and-node-id',
    "FAILED tests/test_settings.py::test_prod_settings[eu-west-1] - AssertionError: assert 'sqlite:///:memory:' == 'postgresql://app@db:5432/app'\nFAILED tests/test_mailer.py::TestMailer::test_sends_with_bearer - KeyError: 'SENDGRID_API_KEY'\n========================= 2 failed, 318 passed in 41.07s =========================",
  ],
  [
    'ci56-neg-sonar-scanner-analysis-ids',
    '12:01:14.221 INFO  ANALYSIS SUCCESSFUL, you can find the results at: https://sonar.acme.io/dashboard?id=acme_billing-api\n12:01:14.222 INFO  Note that you will be able to access the updated dashboard once the server has processed the submitted analysis report\n12:01:14.222 INFO  More about the report processing at https://sonar.acme.io/api/ce/task?id={a20}\n12:01:14.300 INFO  Analysis total time: 41.882 s',
  ],
  [
    'ci56-neg-codecov-upload-commit-and-report-urls',
    '[2024-03-29T15:40:14.601Z] [\'info\'] Uploading...\n[2024-03-29T15:40:15.220Z] [\'info\'] {"status":"success","resultURL":"https://app.codecov.io/github/acme/billing/commit/{h40}"}\n[2024-03-29T15:40:15.221Z] [\'info\'] Pinging Codecov: https://codecov.io/upload/v4?package=uploader-0.7.2&token=*******&branch=main&build={d11}&commit={h40}',
  ],
  [
    'ci56-neg-cosign-sign-signature-digest',
    '+ cosign sign --yes ghcr.io/acme/portal@sha256:{h64}\nGenerating ephemeral keys...\nRetrieving signed certificate...\ntlog entry created with index: {d9}\nPushing signature to: ghcr.io/acme/portal',
  ],
  [
    'ci56-neg-vault-token-lookup-redacted-id',
    '$ vault token lookup -format=json | jq \'{accessor: "…", display_name, policies, ttl}\'\n{\n  "accessor": "…",\n  "display_name": "jwt-gitlab-ci",\n  "policies": ["default", "ci-deploy"],\n  "ttl": 892\n}',
  ],
  [
    'ci56-neg-aws-sts-caller-identity',
    '+ aws sts get-caller-identity\n{\n    "UserId": "AROA{u17}:GitHubActions",\n    "Account": "{d12}",\n    "Arn": "arn:aws:sts::{d12}:assumed-role/gha-deploy/GitHubActions"\n}',
  ],
  [
    'ci56-neg-ssh-keyscan-fingerprints-known-hosts',
    '+ ssh-keyscan -t ed25519 github.com >> ~/.ssh/known_hosts\n# github.com:22 SSH-2.0-babeld-{h8}\n+ ssh-keygen -lf ~/.ssh/known_hosts\n256 SHA256:{b43} github.com (ED25519)',
  ],
  [
    'ci56-neg-chat-prose-asking-about-masked-log',
    'my GHA run fails at the deploy step, the token shows as *** in the log so I can\'t tell if it\'s set; run id {d11}, job {d11}, commit {h7}. Is there a way to verify NODE_AUTH_TOKEN is non-empty without printing it? Something like `test -n "$NODE_AUTH_TOKEN" && echo set`?',
  ],
  [
    'ci56-neg-chat-prose-terraform-sensitive-question',
    'terraform plan shows `+ client_secret = (sensitive value)` for azuread_application_password but the output block errors with "Output refers to sensitive values". Do I need `sensitive = true` on the output, or nonsensitive()? Lock id was {h8}-{h4}-{h4}-{h4}-{h12} if that matters.',
  ],
  [
    'ci56-neg-dependabot-and-renovate-log-ids',
    'DEBUG: Found 14 package files (repository=acme/billing, baseBranch=main)\nDEBUG: hostRules: applying token for github.com (repository=acme/billing)\n INFO: Dependency extraction complete (repository=acme/billing, baseBranch=main)\n       "stats": {"managers": {"npm": {"fileCount": 3, "depCount": 211}}, "total": {"fileCount": 14, "depCount": 388}}\nDEBUG: PR #4412 created (sha={h40})',
  ],
  [
    'ci56-neg-github-deploy-status-and-environment-urls',
    '2024-05-01T20:30:00.0000000Z Deployment ID: {d10}\n2024-05-01T20:30:00.0000400Z Environment URL: https://acme-web-{l9}-acme.vercel.app\n2024-05-01T20:30:00.0000800Z Inspect: https://vercel.com/acme/acme-web/{a28}\n2024-05-01T20:30:00.0001200Z ✅  Production: https://acme.io [41s]',
  ],
  [
    'ci56-neg-k8s-configmap-with-checksum-annotation',
    'metadata:\n  annotations:\n    checksum/config: {h64}\n    checksum/secret: {h64}\n    deployment.kubernetes.io/revision: "42"\n  uid: {h8}-{h4}-{h4}-{h4}-{h12}\n  resourceVersion: "{d9}"',
  ],
  [
    'ci56-neg-sops-encrypted-values-metadata',
    'DATABASE_PASSWORD: ENC[AES256_GCM,data:{b32},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}\n    lastmodified: "2024-06-06T06:06:06Z"\n    mac: ENC[AES256_GCM,data:{b86}==,iv:{b43}=,tag:{b22}==,type:str]',
  ],
  [
    'ci56-neg-github-actions-pinned-sha-and-ids-in-workflow-run',
    "2024-08-14T03:29:58.0000000Z Download action repository 'slackapi/slack-github-action@{h40}' (SHA:{h40})\n2024-08-14T03:29:58.4000000Z Complete job name: notify (ubuntu-latest)\n2024-08-14T03:30:00.1200431Z Run slackapi/slack-github-action@{h40}\n2024-08-14T03:30:00.1200900Z   webhook: ***\n2024-08-14T03:30:00.1201300Z   webhook-type: incoming-webhook",
  ],
  [
    'ci56-neg-sentry-cli-release-finalize-ids',
    '> Found 37 files\n> Analyzing 37 sources\n> Adding source map references\n> Bundled 37 files for upload\n> Bundle ID: {h8}-{h4}-{h4}-{h4}-{h12}\n> Uploaded files to Sentry\n> File upload complete (processing pending on server)\n> Organization: acme\n> Release: web@{h40}',
  ],
];
