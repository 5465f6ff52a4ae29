/** A seventy-sixth held-out batch, written blind: credentials as they appear inside coding-agent sessions themselves (tool-call arguments and results as JSON with escapes, JSONL transcripts, MCP server and IDE assistant configs, span attributes, CLI credential output, proposed diffs, agent prose), and look-alikes holding only env references, masked values and ids. */
export const BLIND76_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'agentlog-bash-tool-input-curl-bearer-openai-models',
    '{"type":"tool_use","id":"toolu_01{a22}","name":"Bash","input":{"command":"curl -sS https://api.openai.com/v1/models -H \\"Authorization: Bearer «sk-proj-{B74}T3BlbkFJ{B74}»\\" | jq \'.data[].id\' | head","description":"List available OpenAI models"}}',
  ],
  [
    'agentlog-bash-tool-input-curl-x-api-key-anthropic',
    '{"name":"Bash","input":{"command":"curl https://api.anthropic.com/v1/messages -H \'x-api-key: «sk-ant-api03-{B93}AA»\' -H \'anthropic-version: 2023-06-01\' -H \'content-type: application/json\' -d @req.json","timeout":60000}}',
  ],
  [
    'agentlog-shell-function-call-args-string-github-pat',
    '{"type":"function_call","name":"shell","call_id":"call_{a24}","arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"curl -s -H \'Authorization: token «ghp_{a36}»\' https://api.github.com/repos/acme/web/pulls?state=open | jq length\\"],\\"workdir\\":\\"/home/dev/web\\",\\"timeout_ms\\":120000}"}',
  ],
  [
    'agentlog-run-terminal-cmd-psql-url-password',
    '{"tool":"run_terminal_cmd","parameters":{"command":"psql \\"postgresql://app_rw:«{a24}»@db-prod.internal.acme.io:5432/orders?sslmode=require\\" -c \'select count(*) from invoices\'","is_background":false}}',
  ],
  [
    'agentlog-execute-command-docker-login-password-flag',
    '{"tool_name":"execute_command","arguments":{"command":"docker login registry.acme.io -u deploy-bot -p «{a32}» && docker push registry.acme.io/api:1.14.2","requires_approval":true}}',
  ],
  [
    'agentlog-bash-tool-export-stripe-then-run',
    '{"name":"Bash","input":{"command":"export STRIPE_API_KEY=«sk_live_{a99}» && stripe listen --forward-to localhost:4242/webhook","run_in_background":true}}',
  ],
  [
    'agentlog-bash-tool-gh-secret-set-body',
    '{"name":"Bash","input":{"command":"gh secret set NPM_TOKEN --repo acme/ui-kit --body \\"«npm_{a36}»\\"","description":"Store npm automation token as repo secret"}}',
  ],
  [
    'agentlog-shell-args-git-clone-token-url',
    '{"type":"function_call","name":"shell","call_id":"call_{a24}","arguments":"{\\"command\\":[\\"git\\",\\"clone\\",\\"https://x-access-token:«ghs_{a36}»@github.com/acme/platform-infra.git\\",\\"/tmp/infra\\"]}"}',
  ],
  [
    'agentlog-bash-tool-npm-config-set-authtoken',
    '{"name":"Bash","input":{"command":"npm config set //npm.pkg.github.com/:_authToken «ghp_{a36}» && npm install @acme/design-tokens"}}',
  ],
  [
    'agentlog-bash-tool-twine-upload-password',
    '{"name":"Bash","input":{"command":"python -m twine upload dist/* -u __token__ -p «pypi-AgEIcHlwaS5vcmc{B130}»"}}',
  ],
  [
    'agentlog-bash-tool-redis-cli-a-flag',
    '{"name":"Bash","input":{"command":"redis-cli -h cache-01.prod.acme.io -p 6380 --tls -a «{a40}» INFO keyspace"}}',
  ],
  [
    'agentlog-bash-tool-mysql-inline-password',
    '{"name":"Bash","input":{"command":"mysql -h 10.20.4.11 -u reporting -p«{a18}» analytics -e \'SHOW TABLES;\'"}}',
  ],
  [
    'agentlog-bash-tool-aws-configure-set-secret',
    '{"name":"Bash","input":{"command":"aws configure set aws_access_key_id «AKIA{u16}» --profile staging && aws configure set aws_secret_access_key «{b40}» --profile staging"}}',
  ],
  [
    'agentlog-bash-tool-vercel-token-flag',
    '{"name":"Bash","input":{"command":"npx vercel deploy --prod --token «{a24}» --scope acme-web --yes"}}',
  ],
  [
    'agentlog-bash-tool-fly-secrets-set-multi',
    '{"name":"Bash","input":{"command":"fly secrets set -a acme-api DATABASE_URL=postgres://api:«{a32}»@acme-db.flycast:5432/api SESSION_SECRET=«{h64}»"}}',
  ],
  [
    'agentlog-bash-tool-heroku-config-set-sendgrid',
    '{"name":"Bash","input":{"command":"heroku config:set SENDGRID_API_KEY=«SG.{B22}.{B43}» -a acme-mailer"}}',
  ],
  [
    'agentlog-bash-tool-wrangler-secret-put-echo',
    '{"name":"Bash","input":{"command":"echo \'«{a40}»\' | npx wrangler secret put CF_API_TOKEN --env production"}}',
  ],
  [
    'agentlog-bash-tool-curl-basic-auth-u-flag',
    '{"name":"Bash","input":{"command":"curl -fsS -u admin:«{a20}» https://jenkins.acme.io/job/release/lastBuild/api/json | jq .result"}}',
  ],
  [
    'agentlog-bash-tool-slack-webhook-curl-post',
    '{"name":"Bash","input":{"command":"curl -X POST -H \'Content-type: application/json\' --data \'{\\"text\\":\\"deploy finished\\"}\' «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"}}',
  ],
  [
    'agentlog-bash-tool-hf-cli-login-token',
    '{"name":"Bash","input":{"command":"huggingface-cli login --token «hf_{a34}» --add-to-git-credential"}}',
  ],
  [
    'agentlog-bash-tool-replicate-env-prefix-run',
    '{"name":"Bash","input":{"command":"REPLICATE_API_TOKEN=«r8_{a37}» python scripts/upscale.py --input assets/hero.png"}}',
  ],
  [
    'agentlog-shell-args-kubectl-create-secret-literal',
    '{"type":"function_call","name":"shell","call_id":"call_{a24}","arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"kubectl -n payments create secret generic stripe --from-literal=api-key=«sk_live_{a99}» --from-literal=webhook-secret=«whsec_{a32}»\\"]}"}',
  ],
  [
    'agentlog-bash-tool-gitlab-private-token-header',
    '{"name":"Bash","input":{"command":"curl --header \\"PRIVATE-TOKEN: «glpat-{B20}»\\" \\"https://gitlab.acme.io/api/v4/projects/412/pipelines?status=failed\\""}}',
  ],
  [
    'agentlog-bash-tool-sentry-cli-auth-token',
    '{"name":"Bash","input":{"command":"SENTRY_AUTH_TOKEN=«sntryu_{h64}» npx @sentry/cli sourcemaps upload --org acme --project web ./dist"}}',
  ],
  [
    'agentlog-bash-tool-doppler-run-token-flag',
    '{"name":"Bash","input":{"command":"doppler run --token «dp.st.prd.{a43}» -- node dist/server.js"}}',
  ],
  [
    'agentlog-bash-tool-vault-login-token-arg',
    '{"name":"Bash","input":{"command":"VAULT_ADDR=https://vault.acme.io:8200 vault login «hvs.{a24}» && vault kv get -field=url secret/billing/db"}}',
  ],
  [
    'agentlog-bash-tool-linear-graphql-auth-header',
    '{"name":"Bash","input":{"command":"curl -s https://api.linear.app/graphql -H \'Content-Type: application/json\' -H \'Authorization: «lin_api_{a40}»\' -d \'{\\"query\\":\\"{ viewer { id name } }\\"}\'"}}',
  ],
  [
    'agentlog-bash-tool-groq-openai-compatible',
    '{"name":"Bash","input":{"command":"curl https://api.groq.com/openai/v1/chat/completions -H \\"Authorization: Bearer «gsk_{a52}»\\" -H \'Content-Type: application/json\' -d \'{\\"model\\":\\"llama-3.3-70b-versatile\\",\\"messages\\":[{\\"role\\":\\"user\\",\\"content\\":\\"ping\\"}]}\'"}}',
  ],
  [
    'agentlog-bash-tool-mongosh-srv-uri',
    '{"name":"Bash","input":{"command":"mongosh \\"mongodb+srv://analytics:«{a20}»@cluster0.{l5}.mongodb.net/events?retryWrites=true&w=majority\\" --eval \'db.sessions.countDocuments()\'"}}',
  ],
  [
    'agentlog-bash-tool-datadog-keys-headers',
    '{"name":"Bash","input":{"command":"curl -s \'https://api.datadoghq.com/api/v1/monitor?group_states=alert\' -H \'DD-API-KEY: «{h32}»\' -H \'DD-APPLICATION-KEY: «{h40}»\'"}}',
  ],
  [
    'agentlog-bash-tool-openrouter-key-env',
    '{"name":"Bash","input":{"command":"OPENROUTER_API_KEY=«sk-or-v1-{h64}» uv run evals/run.py --model anthropic/claude-3.5-haiku"}}',
  ],
  [
    'agentlog-bash-tool-terraform-var-flag-token',
    '{"name":"Bash","input":{"command":"terraform apply -auto-approve -var \'cloudflare_api_token=«{B40}»\' -var \'zone=acme.io\'"}}',
  ],
  [
    'agentlog-write-tool-dotenv-two-keys-escaped-newlines',
    '{"name":"Write","input":{"file_path":"/Users/maya/code/acme-web/.env","content":"OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»\\nDATABASE_URL=postgresql://acme:«{a24}»@localhost:5432/acme_dev\\nNEXT_PUBLIC_APP_URL=http://localhost:3000\\n"}}',
  ],
  [
    'agentlog-create-file-tool-env-local-supabase',
    '{"tool":"create_file","args":{"path":".env.local","content":"NEXT_PUBLIC_SUPABASE_URL=https://{L20}.supabase.co\\nNEXT_PUBLIC_SUPABASE_ANON_KEY=sb_publishable_{B32}\\nSUPABASE_SERVICE_ROLE_KEY=«sb_secret_{B32}»\\n"}}',
  ],
  [
    'agentlog-write-file-tool-config-json-escaped-quotes',
    '{"name":"write_file","arguments":{"path":"config/integrations.json","content":"{\\n  \\"slack\\": {\\n    \\"botToken\\": \\"«xoxb-{d12}-{d13}-{a24}»\\",\\n    \\"channel\\": \\"#deploys\\"\\n  },\\n  \\"pagerduty\\": { \\"routingKey\\": \\"«{h32}»\\" }\\n}\\n"}}',
  ],
  [
    'agentlog-write-tool-npmrc-authtoken',
    '{"name":"Write","input":{"file_path":"/home/runner/work/ui/.npmrc","content":"@acme:registry=https://npm.pkg.github.com\\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»\\nalways-auth=true\\n"}}',
  ],
  [
    'agentlog-write-tool-ssh-ed25519-private-key-escaped',
    '{"name":"Write","input":{"file_path":"/home/dev/.ssh/deploy_ed25519","content":"«-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\nQyNTUxOQAAACB{b59}\\n{b70}\\n{b70}\\n{b70}\\n{b22}==\\n-----END OPENSSH PRIVATE KEY-----»\\n"}}',
  ],
  [
    'agentlog-write-tool-docker-compose-env-block',
    '{"name":"write_to_file","input":{"TargetFile":"/workspace/docker-compose.override.yml","CodeContent":"services:\\n  api:\\n    environment:\\n      JWT_SECRET: «{a48}»\\n      REDIS_URL: redis://:«{a32}»@redis:6379/0\\n"}}',
  ],
  [
    'agentlog-write-tool-k8s-secret-stringdata',
    '{"name":"Write","input":{"file_path":"k8s/overlays/prod/secret.yaml","content":"apiVersion: v1\\nkind: Secret\\nmetadata:\\n  name: api-secrets\\ntype: Opaque\\nstringData:\\n  ANTHROPIC_API_KEY: «sk-ant-api03-{B93}AA»\\n  SENTRY_DSN: https://{h32}@o{d6}.ingest.us.sentry.io/{d7}\\n"}}',
  ],
  [
    'agentlog-write-tool-django-settings-secret-key',
    '{"name":"Write","input":{"file_path":"backend/settings/prod.py","content":"from .base import *\\n\\nDEBUG = False\\nSECRET_KEY = \\"«{a50}»\\"\\nALLOWED_HOSTS = [\\"api.acme.io\\"]\\n"}}',
  ],
  [
    'agentlog-write-tool-spring-application-yml',
    '{"name":"Write","input":{"file_path":"src/main/resources/application-prod.yml","content":"spring:\\n  datasource:\\n    url: jdbc:postgresql://pg.acme.internal:5432/ledger\\n    username: ledger_app\\n    password: «{a22}»\\n  mail:\\n    password: «{a16}»\\n"}}',
  ],
  [
    'agentlog-write-tool-pypirc',
    '{"name":"Write","input":{"file_path":"/home/ci/.pypirc","content":"[distutils]\\nindex-servers = pypi\\n\\n[pypi]\\nusername = __token__\\npassword = «pypi-AgEIcHlwaS5vcmc{B150}»\\n"}}',
  ],
  [
    'agentlog-write-tool-tfvars',
    '{"name":"Write","input":{"file_path":"infra/envs/prod/terraform.tfvars","content":"region          = \\"eu-west-1\\"\\ndatadog_api_key = \\"«{h32}»\\"\\ndatadog_app_key = \\"«{h40}»\\"\\n"}}',
  ],
  [
    'agentlog-write-tool-wrangler-toml-vars',
    '{"name":"Write","input":{"file_path":"wrangler.toml","content":"name = \\"edge-api\\"\\nmain = \\"src/index.ts\\"\\n\\n[vars]\\nUPSTASH_REDIS_REST_URL = \\"https://{L8}-{d5}.upstash.io\\"\\nUPSTASH_REDIS_REST_TOKEN = \\"«A{a4}AAIjcD{a52}»\\"\\n"}}',
  ],
  [
    'agentlog-edit-tool-old-new-string-api-key',
    '{"name":"Edit","input":{"file_path":"/repo/src/lib/mailer.ts","old_string":"const client = new Resend(process.env.RESEND_API_KEY);","new_string":"const client = new Resend(\\"«re_{a8}_{a24}»\\");"}}',
  ],
  [
    'agentlog-str-replace-editor-password-hardcode',
    '{"name":"str_replace_based_edit_tool","input":{"command":"str_replace","path":"/app/db.py","old_str":"password=os.environ[\\"PGPASSWORD\\"]","new_str":"password=\\"«{a20}»\\""}}',
  ],
  [
    'agentlog-multiedit-tool-two-edits-keys',
    '{"name":"MultiEdit","input":{"file_path":"/srv/app/config.py","edits":[{"old_string":"MAPS_KEY = None","new_string":"MAPS_KEY = \\"«AIza{B35}»\\""},{"old_string":"TWILIO_AUTH = None","new_string":"TWILIO_AUTH = \\"«{h32}»\\""}]}}',
  ],
  [
    'agentlog-apply-patch-codex-add-env',
    '{"type":"function_call","name":"apply_patch","call_id":"call_{a24}","arguments":"{\\"input\\":\\"*** Begin Patch\\n*** Add File: services/worker/.env\\n+QUEUE_URL=amqps://worker:«{a24}»@rabbit.acme.io:5671/prod\\n+MISTRAL_API_KEY=«{a32}»\\n*** End Patch\\"}"}',
  ],
  [
    'agentlog-write-tool-gcp-sa-json-double-escaped',
    '{"name":"Write","input":{"file_path":"secrets/gcp-sa.json","content":"{\\n  \\"type\\": \\"service_account\\",\\n  \\"project_id\\": \\"acme-data-prod\\",\\n  \\"private_key_id\\": \\"{h40}\\",\\n  \\"private_key\\": \\"«-----BEGIN PRIVATE KEY-----\\\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\\\\n{b64}\\\\n{b64}\\\\n{b64}\\\\n{b40}=\\\\n-----END PRIVATE KEY-----»\\\\n\\",\\n  \\"client_email\\": \\"etl@acme-data-prod.iam.gserviceaccount.com\\"\\n}\\n"}}',
  ],
  [
    'agentlog-write-tool-gson-escaped-equals-key',
    '{"tool":"write_file","input":{"path":"conf/app.properties","content":"smtp.host\\u003dsmtp.eu.mailgun.org\\nsmtp.password\\u003d«{a28}»\\nhmac.secret\\u003d«{h64}»\\n"}}',
  ],
  [
    'agentlog-write-tool-aws-credentials-file',
    '{"name":"Write","input":{"file_path":"/root/.aws/credentials","content":"[default]\\naws_access_key_id = «AKIA{u16}»\\naws_secret_access_key = «{b40}»\\nregion = us-east-2\\n"}}',
  ],
  [
    'agentlog-write-tool-netrc',
    '{"name":"Write","input":{"file_path":"/home/agent/.netrc","content":"machine api.heroku.com\\n  login ops@acme.io\\n  password «HRKU-AA{B43}_____w{B9}»\\nmachine git.heroku.com\\n  login ops@acme.io\\n  password «HRKU-AA{B43}_____w{B9}»\\n"}}',
  ],
  [
    'agentlog-write-tool-dotenv-quoted-password-with-escaped-quotes',
    '{"name":"Write","input":{"file_path":".env.production","content":"SMTP_USER=\\"noreply@acme.io\\"\\nSMTP_PASS=\\"«{a14}#{a6}»\\"\\nAUTH_SECRET=\\"«{B43}»\\"\\n"}}',
  ],
  [
    'agentlog-write-tool-php-env-laravel',
    '{"name":"write_file","arguments":{"path":".env","content":"APP_ENV=production\\nAPP_KEY=«base64:{b43}=»\\nDB_PASSWORD=«{a20}»\\nMAIL_PASSWORD=«{a16}»\\n"}}',
  ],
  [
    'agentlog-create-file-tool-mcp-json-inside-content',
    '{"tool":"create_file","args":{"path":".cursor/mcp.json","content":"{\\n  \\"mcpServers\\": {\\n    \\"github\\": {\\n      \\"command\\": \\"npx\\",\\n      \\"args\\": [\\"-y\\", \\"@modelcontextprotocol/server-github\\"],\\n      \\"env\\": { \\"GITHUB_PERSONAL_ACCESS_TOKEN\\": \\"«github_pat_11{u9}0{a10}_{a59}»\\" }\\n    }\\n  }\\n}\\n"}}',
  ],
  [
    'agentlog-write-tool-php-escaped-slashes-webhook',
    '{"name":"write_file","arguments":{"path":"storage\\/app\\/notify.json","content":"{\\"slack_webhook\\":\\"«https:\\/\\/hooks.slack.com\\/services\\/T{u8}\\/B{u10}\\/{a24}»\\",\\"channel\\":\\"#ops\\"}"}}',
  ],
  [
    'agentlog-claude-jsonl-tool-result-cat-env',
    '{"parentUuid":"{h8}-{h4}-4{h3}-a{h3}-{h12}","isSidechain":false,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_01{a22}","type":"tool_result","content":"     1\\tNODE_ENV=production\\n     2\\tSTRIPE_SECRET_KEY=«sk_live_{a99}»\\n     3\\tSTRIPE_WEBHOOK_SECRET=«whsec_{a32}»\\n     4\\tPORT=8080\\n"}]},"uuid":"{h8}-{h4}-4{h3}-b{h3}-{h12}","timestamp":"2025-06-12T09:41:07.512Z"}',
  ],
  [
    'agentlog-claude-jsonl-assistant-tool-use-export',
    '{"type":"assistant","message":{"id":"msg_01{a22}","type":"message","role":"assistant","model":"claude-sonnet-4-20250514","content":[{"type":"tool_use","id":"toolu_01{a22}","name":"Bash","input":{"command":"export GROQ_API_KEY=«gsk_{a52}»; python bench.py"}}],"usage":{"input_tokens":4,"output_tokens":112}},"requestId":"req_011C{a20}"}',
  ],
  [
    'agentlog-codex-rollout-function-call-output-double-escaped',
    '{"timestamp":"2025-07-02T14:03:11.204Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_{a24}","output":"{\\"output\\":\\"ANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»\\\\nLANGSMITH_API_KEY=«lsv2_pt_{h32}_{h10}»\\\\nLANGSMITH_PROJECT=triage-bot\\\\n\\",\\"metadata\\":{\\"exit_code\\":0,\\"duration_seconds\\":0.1}}"}}',
  ],
  [
    'agentlog-codex-rollout-function-call-args-double-escaped-write',
    '{"timestamp":"2025-07-02T14:05:40.871Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"printf \'PINECONE_API_KEY=«pcsk_{a5}_{a63}»\\\\\\\\nPINECONE_INDEX=docs-v2\\\\\\\\n\' > .env\\"],\\"workdir\\":\\"/work/rag\\"}","call_id":"call_{a24}"}}',
  ],
  [
    'agentlog-openai-chat-tool-calls-arguments-string',
    '{"role":"assistant","content":null,"tool_calls":[{"id":"call_{a24}","type":"function","function":{"name":"http_request","arguments":"{\\"url\\":\\"https://api.tavily.com/search\\",\\"method\\":\\"POST\\",\\"headers\\":{\\"Authorization\\":\\"Bearer «tvly-{a32}»\\"},\\"body\\":{\\"query\\":\\"rust async runtimes 2025\\"}}"}}]}',
  ],
  [
    'agentlog-openai-tool-message-content-env-dump',
    '{"role":"tool","tool_call_id":"call_{a24}","content":"HOME=/home/app\\nPATH=/usr/local/bin:/usr/bin\\nPERPLEXITY_API_KEY=«pplx-{a48}»\\nFIRECRAWL_API_KEY=«fc-{h32}»\\n"}',
  ],
  [
    'agentlog-anthropic-messages-log-tool-result-json-string',
    '{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":"{\\"AccessKeyId\\":\\"«ASIA{u16}»\\",\\"SecretAccessKey\\":\\"«{b40}»\\",\\"SessionToken\\":\\"«IQoJb3JpZ2luX2VjE{b72}//////////{b220}»\\",\\"Expiration\\":\\"2025-05-30T18:22:41Z\\"}"}]}',
  ],
  [
    'agentlog-gemini-cli-log-functioncall-args',
    '{"sessionId":"{h8}-{h4}-4{h3}-a{h3}-{h12}","messageId":7,"type":"gemini","functionCall":{"name":"run_shell_command","args":{"command":"curl -s \'https://generativelanguage.googleapis.com/v1beta/models?key=«AIza{B35}»\' | jq \'.models[].name\'"}}}',
  ],
  [
    'agentlog-agent-trace-jsonl-http-headers-event',
    '{"ts":1718203321.44,"event":"tool.http.request","span":"{h16}","attrs":{"method":"GET","url":"https://api.notion.com/v1/users/me","headers":{"Authorization":"Bearer «ntn_{d11}{a35}»","Notion-Version":"2022-06-28"}}}',
  ],
  [
    'agentlog-jsonl-tool-result-doubly-escaped-k8s-json',
    '{"type":"tool_result","id":"toolu_01{a22}","output":"{\\"apiVersion\\":\\"v1\\",\\"data\\":{\\"password\\":\\"«{b32}»\\",\\"username\\":\\"YXBw\\"},\\"kind\\":\\"Secret\\",\\"metadata\\":{\\"name\\":\\"pg-app\\",\\"namespace\\":\\"db\\"}}"}',
  ],
  [
    'agentlog-jsonl-stream-delta-partial-json-key',
    '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"command\\": \\"export HF_TOKEN=«hf_{a34}» && python train.py\\"}"}}',
  ],
  [
    'agentlog-jsonl-langchain-callback-tool-start',
    '{"event":"on_tool_start","name":"requests_post","run_id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","data":{"input":{"url":"https://api.cohere.com/v2/rerank","headers":{"Authorization":"Bearer «{a40}»"},"data":{"model":"rerank-v3.5"}}}}',
  ],
  [
    'agentlog-jsonl-aider-history-tool-output',
    '{"role":"user","content":"I ran `cat ~/.config/aider/keys.env` and got:\\n\\nDEEPSEEK_API_KEY=«sk-{h32}»\\nXAI_API_KEY=«xai-{a80}»\\n\\nWhich one does aider pick up first?"}',
  ],
  [
    'agentlog-jsonl-goose-session-tool-request',
    '{"role":"assistant","created":1719312000,"content":[{"type":"toolRequest","id":"{l20}","toolCall":{"status":"success","value":{"name":"developer__shell","arguments":{"command":"curl -s -H \'Authorization: Bearer «figd_{B40}»\' https://api.figma.com/v1/files/{a22}/nodes?ids=1:2"}}}}]}',
  ],
  [
    'agentlog-jsonl-unicode-escaped-amp-query-key',
    '{"tool":"fetch","input":{"url":"https://api.openweathermap.org/data/2.5/weather?q\\u003dBerlin\\u0026appid\\u003d«{h32}»\\u0026units\\u003dmetric"}}',
  ],
  [
    'agentlog-jsonl-cline-ui-message-command-output',
    '{"ts":1721034455123,"type":"say","say":"command_output","text":"$ cat .env.staging\\nBRAVE_API_KEY=«BSA{a28}»\\nEXA_API_KEY=«{h8}-{h4}-4{h3}-a{h3}-{h12}»\\n"}',
  ],
  [
    'agentlog-jsonl-tool-use-bash-heredoc-env',
    '{"name":"Bash","input":{"command":"cat > .env <<\'EOF\'\\nTOGETHER_API_KEY=«{h64}»\\nFIREWORKS_API_KEY=«fw_{a24}»\\nEOF\\necho written"}}',
  ],
  [
    'agentlog-jsonl-event-tool-output-stderr-auth-failure-echo',
    '{"event":"tool_output","call_id":"call_{a24}","stream":"stderr","chunk":"error: 401 Unauthorized for token «glpat-{B20}» (expired?)\\n"}',
  ],
  [
    'agentlog-jsonl-roo-api-req-started-request-text',
    '{"ts":1722000000000,"type":"say","say":"api_req_started","text":"{\\"request\\":\\"<task>\\\\nConnect to the staging DB with password «{a22}» and list tables\\\\n</task>\\",\\"tokensIn\\":1532,\\"tokensOut\\":88}"}',
  ],
  [
    'agentlog-jsonl-ndjson-trace-tool-args-mailgun',
    '{"trace_id":"{h32}","span_id":"{h16}","name":"tool:send_email","input":"{\\"api_key\\":\\"«{h32}-{h8}-{h8}»\\",\\"domain\\":\\"mg.acme.io\\",\\"to\\":\\"ops@acme.io\\"}"}',
  ],
  [
    'agentlog-jsonl-user-turn-pasted-key-in-text',
    '{"type":"user","message":{"role":"user","content":"here\'s the brevo key, wire it into the newsletter job: «xkeysib-{h64}-{a16}»"},"uuid":"{h8}-{h4}-4{h3}-a{h3}-{h12}","sessionId":"{h8}-{h4}-4{h3}-b{h3}-{h12}"}',
  ],
  [
    'agentlog-jsonl-subagent-result-quotes-token',
    '{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":[{"type":"text","text":"Found the deploy token in .github/workflows/deploy.yml line 41: `«ghp_{a36}»` (hard-coded in the env block)."}]}',
  ],
  [
    'agentlog-jsonl-triple-escaped-nested-arguments',
    '{"log":"{\\"type\\":\\"function_call\\",\\"arguments\\":\\"{\\\\\\"cmd\\\\\\":\\\\\\"curl -H \'Authorization: Bearer «sk-or-v1-{h64}»\' https://openrouter.ai/api/v1/auth/key\\\\\\"}\\"}","stream":"stdout","time":"2025-08-01T10:00:00.000Z"}',
  ],
  [
    'agentlog-jsonl-mcp-jsonrpc-tools-call-args',
    '{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"query","arguments":{"connectionString":"postgres://readonly:«{a24}»@ep-{L5}-{L5}-{d6}.eu-central-1.aws.neon.tech/neondb?sslmode=require","sql":"select 1"}}}',
  ],
  [
    'agentlog-jsonl-mcp-jsonrpc-result-content-text',
    '{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"Created API key for project acme-ml:\\n  name: ci-eval\\n  key: «{h40}»"}],"isError":false}}',
  ],
  [
    'agentlog-mcp-claude-desktop-github-env',
    '{\n  "mcpServers": {\n    "github": {\n      "command": "docker",\n      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],\n      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "«github_pat_11{u9}0{a10}_{a59}»" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-cursor-http-server-authorization-header',
    '// ~/.cursor/mcp.json\n{\n  "mcpServers": {\n    "linear": {\n      "url": "https://mcp.linear.app/mcp",\n      "headers": { "Authorization": "Bearer «lin_api_{a40}»" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-args-api-key-flag-separate',
    '{\n  "mcpServers": {\n    "firecrawl": {\n      "command": "npx",\n      "args": ["-y", "firecrawl-mcp", "--api-key", "«fc-{h32}»"]\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-args-token-equals-flag',
    '"mcpServers": {\n  "sentry": {\n    "command": "npx",\n    "args": ["@sentry/mcp-server@latest", "--access-token=«sntryu_{h64}»", "--host=sentry.acme.io"]\n  }\n}',
  ],
  [
    'agentlog-mcp-windsurf-postgres-connection-arg',
    '// ~/.codeium/windsurf/mcp_config.json\n{\n  "mcpServers": {\n    "postgres": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://agent_ro:«{a22}»@10.0.8.15:5432/warehouse"]\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-cline-settings-brave-slack',
    '{\n  "mcpServers": {\n    "brave-search": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-brave-search"],\n      "env": { "BRAVE_API_KEY": "«BSA{a28}»" },\n      "disabled": false,\n      "autoApprove": []\n    },\n    "slack": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-slack"],\n      "env": { "SLACK_BOT_TOKEN": "«xoxb-{d12}-{d13}-{a24}»", "SLACK_TEAM_ID": "T{u10}" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-vscode-mcp-json-servers-headers',
    '// .vscode/mcp.json\n{\n  "servers": {\n    "context7": {\n      "type": "http",\n      "url": "https://mcp.context7.com/mcp",\n      "headers": { "CONTEXT7_API_KEY": "«ctx7sk-{h8}-{h4}-4{h3}-a{h3}-{h12}»" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-zed-context-servers-env',
    '// ~/.config/zed/settings.json\n{\n  "context_servers": {\n    "mcp-server-supabase": {\n      "source": "custom",\n      "command": "npx",\n      "args": ["-y", "@supabase/mcp-server-supabase@latest", "--read-only", "--project-ref={L20}"],\n      "env": { "SUPABASE_ACCESS_TOKEN": "«sbp_{h40}»" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-codex-config-toml-env-table',
    '# ~/.codex/config.toml\nmodel = "gpt-5-codex"\n\n[mcp_servers.atlassian]\ncommand = "uvx"\nargs = ["mcp-atlassian"]\nenv = { "JIRA_URL" = "https://acme.atlassian.net", "JIRA_USERNAME" = "dev@acme.io", "JIRA_API_TOKEN" = "«ATATT3xFfGF0{B170}={H8}»" }',
  ],
  [
    'agentlog-mcp-gemini-settings-httpurl-headers',
    '~/.gemini/settings.json\n{\n  "mcpServers": {\n    "stripe": {\n      "httpUrl": "https://mcp.stripe.com",\n      "headers": { "Authorization": "Bearer «rk_live_{a99}»" },\n      "timeout": 15000\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-goose-config-yaml-extension-envs',
    'extensions:\n  github:\n    enabled: true\n    type: stdio\n    cmd: npx\n    args: [-y, "@modelcontextprotocol/server-github"]\n    envs:\n      GITHUB_PERSONAL_ACCESS_TOKEN: «ghp_{a36}»\n    timeout: 300',
  ],
  [
    'agentlog-mcp-claude-mcp-add-env-flag',
    '$ claude mcp add github --scope user -e GITHUB_PERSONAL_ACCESS_TOKEN=«ghp_{a36}» -- npx -y @modelcontextprotocol/server-github\nAdded stdio MCP server github with command: npx -y @modelcontextprotocol/server-github to user config',
  ],
  [
    'agentlog-mcp-claude-mcp-add-http-header',
    'claude mcp add --transport http notion https://mcp.notion.com/mcp --header "Authorization: Bearer «ntn_{d11}{a35}»"',
  ],
  [
    'agentlog-mcp-claude-json-project-mcpservers',
    '"projects": {\n  "/Users/li/src/shop": {\n    "allowedTools": [],\n    "mcpServers": {\n      "shopify-admin": {\n        "type": "stdio",\n        "command": "npx",\n        "args": ["-y", "shopify-mcp", "--accessToken", "«shpat_{h32}»", "--domain", "acme-shop.myshopify.com"]\n      }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-url-query-api-key',
    '{\n  "mcpServers": {\n    "exa": {\n      "command": "npx",\n      "args": ["-y", "mcp-remote", "https://mcp.exa.ai/mcp?exaApiKey=«{h8}-{h4}-4{h3}-a{h3}-{h12}»"]\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-mcp-remote-header-arg',
    '"cloudflare-observability": {\n  "command": "npx",\n  "args": [\n    "mcp-remote",\n    "https://observability.mcp.cloudflare.com/sse",\n    "--header",\n    "Authorization: Bearer «{B40}»"\n  ]\n}',
  ],
  [
    'agentlog-mcp-continue-yaml-mcpservers-env',
    'mcpServers:\n  - name: Browserbase\n    command: npx\n    args:\n      - "@browserbasehq/mcp-server-browserbase"\n    env:\n      BROWSERBASE_API_KEY: «bb_live_{B27}»\n      BROWSERBASE_PROJECT_ID: {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'agentlog-mcp-docker-env-flags-in-args',
    '{\n  "mcpServers": {\n    "grafana": {\n      "command": "docker",\n      "args": ["run", "--rm", "-i", "-e", "GRAFANA_URL=https://grafana.acme.io", "-e", "GRAFANA_API_KEY=«glsa_{a32}_{h8}»", "mcp/grafana", "-t", "stdio"]\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-env-openai-and-qdrant',
    '{\n  "mcpServers": {\n    "qdrant": {\n      "command": "uvx",\n      "args": ["mcp-server-qdrant"],\n      "env": {\n        "QDRANT_URL": "https://{h8}-{h4}-{h4}-{h4}-{h12}.eu-central-1-0.aws.cloud.qdrant.io:6333",\n        "QDRANT_API_KEY": "«{B40}»",\n        "COLLECTION_NAME": "code-snippets"\n      }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-azure-devops-pat-env',
    '"azure-devops": {\n  "command": "npx",\n  "args": ["-y", "@azure-devops/mcp", "acme-org"],\n  "env": { "AZURE_DEVOPS_PAT": "«{a84}»" }\n}',
  ],
  [
    'agentlog-mcp-sse-url-with-token-path',
    '{\n  "mcpServers": {\n    "zapier": {\n      "url": "«https://mcp.zapier.com/api/mcp/s/{B48}/sse»"\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-x-api-key-header-custom-server',
    '{\n  "mcpServers": {\n    "internal-search": {\n      "type": "streamable-http",\n      "url": "https://mcp.internal.acme.io/search",\n      "headers": { "X-API-Key": "«{a48}»", "X-Tenant": "acme-eu" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-claude-desktop-windows-paths-and-key',
    '{\n  "mcpServers": {\n    "filesystem": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-filesystem", "C:\\\\Users\\\\priya\\\\Documents\\\\notes"]\n    },\n    "perplexity": {\n      "command": "npx",\n      "args": ["-y", "server-perplexity-ask"],\n      "env": { "PERPLEXITY_API_KEY": "«pplx-{a48}»" }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-aws-env-in-server-block',
    '"aws-cost-explorer": {\n  "command": "uvx",\n  "args": ["awslabs.cost-explorer-mcp-server@latest"],\n  "env": {\n    "AWS_ACCESS_KEY_ID": "«AKIA{u16}»",\n    "AWS_SECRET_ACCESS_KEY": "«{b40}»",\n    "AWS_REGION": "us-east-1",\n    "FASTMCP_LOG_LEVEL": "ERROR"\n  }\n}',
  ],
  [
    'agentlog-mcp-codex-toml-http-bearer-inline',
    '[mcp_servers.figma]\nurl = "https://mcp.figma.com/mcp"\nhttp_headers = { "Authorization" = "Bearer «figd_{B40}»" }\nstartup_timeout_sec = 20',
  ],
  [
    'agentlog-mcp-langfuse-server-env',
    '{\n  "mcpServers": {\n    "langfuse-prompts": {\n      "command": "node",\n      "args": ["/opt/mcp/langfuse/build/index.js"],\n      "env": {\n        "LANGFUSE_PUBLIC_KEY": "pk-lf-{h8}-{h4}-4{h3}-a{h3}-{h12}",\n        "LANGFUSE_SECRET_KEY": "«sk-lf-{h8}-{h4}-4{h3}-b{h3}-{h12}»",\n        "LANGFUSE_BASEURL": "https://cloud.langfuse.com"\n      }\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-elevenlabs-twilio-env',
    '"ElevenLabs": {\n  "command": "uvx",\n  "args": ["elevenlabs-mcp"],\n  "env": { "ELEVENLABS_API_KEY": "«sk_{h48}»" }\n},\n"twilio": {\n  "command": "npx",\n  "args": ["-y", "@twilio-alpha/mcp", "AC{h32}/SK{h32}:«{a32}»"]\n}',
  ],
  [
    'agentlog-mcp-hubspot-private-app-token',
    '{"mcpServers":{"hubspot":{"command":"npx","args":["-y","@hubspot/mcp-server"],"env":{"PRIVATE_APP_ACCESS_TOKEN":"«pat-na1-{h8}-{h4}-4{h3}-a{h3}-{h12}»"}}}}',
  ],
  [
    'agentlog-mcp-redis-url-arg',
    '{\n  "mcpServers": {\n    "redis": {\n      "command": "uvx",\n      "args": ["--from", "redis-mcp-server@latest", "redis-mcp-server", "--url", "rediss://default:«{a32}»@redis-{d5}.c{d3}.eu-west-1-2.ec2.redns.redis-cloud.com:{d5}"]\n    }\n  }\n}',
  ],
  [
    'agentlog-mcp-mongodb-connection-string-env',
    '"MongoDB": {\n  "command": "npx",\n  "args": ["-y", "mongodb-mcp-server", "--readOnly"],\n  "env": { "MDB_MCP_CONNECTION_STRING": "mongodb+srv://mcp_reader:«{a20}»@prod.{l5}.mongodb.net/" }\n}',
  ],
  [
    'agentlog-mcp-e2b-and-modal-env',
    '"mcpServers": {\n  "e2b": { "command": "npx", "args": ["-y", "@e2b/mcp-server"], "env": { "E2B_API_KEY": "«e2b_{h40}»" } },\n  "modal": { "command": "uvx", "args": ["modal-mcp"], "env": { "MODAL_TOKEN_ID": "ak-{a22}", "MODAL_TOKEN_SECRET": "«as-{a22}»" } }\n}',
  ],
  [
    'agentlog-ide-continue-config-yaml-models-apikey',
    '# ~/.continue/config.yaml\nname: Local Assistant\nversion: 1.0.0\nmodels:\n  - name: Claude Sonnet\n    provider: anthropic\n    model: claude-sonnet-4-20250514\n    apiKey: «sk-ant-api03-{B93}AA»\n    roles: [chat, edit]\n  - name: Codestral\n    provider: mistral\n    model: codestral-latest\n    apiKey: «{a32}»\n    roles: [autocomplete]',
  ],
  [
    'agentlog-ide-continue-config-json-legacy',
    '{\n  "models": [\n    { "title": "GPT-4o", "provider": "openai", "model": "gpt-4o", "apiKey": "«sk-proj-{B74}T3BlbkFJ{B74}»" }\n  ],\n  "tabAutocompleteModel": { "title": "deepseek", "provider": "deepseek", "model": "deepseek-coder", "apiKey": "«sk-{h32}»" }\n}',
  ],
  [
    'agentlog-ide-aider-conf-yml-api-key-list',
    '# .aider.conf.yml\nmodel: sonnet\napi-key:\n  - anthropic=«sk-ant-api03-{B93}AA»\n  - openrouter=«sk-or-v1-{h64}»\nauto-commits: false',
  ],
  [
    'agentlog-ide-aider-conf-openai-api-key-field',
    '## .aider.conf.yml (in repo root)\nopenai-api-key: «sk-proj-{B74}T3BlbkFJ{B74}»\nopenai-api-base: https://llm-gw.acme.io/v1\ndark-mode: true',
  ],
  [
    'agentlog-ide-zed-settings-language-models-api-url',
    '{\n  "language_models": {\n    "openai_compatible": {\n      "Together": {\n        "api_url": "https://api.together.xyz/v1",\n        "api_key": "«{h64}»",\n        "available_models": [{ "name": "Qwen/Qwen2.5-Coder-32B-Instruct", "max_tokens": 32768 }]\n      }\n    }\n  }\n}',
  ],
  [
    'agentlog-ide-vscode-settings-rest-client-env-vars',
    '// .vscode/settings.json\n{\n  "rest-client.environmentVariables": {\n    "prod": {\n      "baseUrl": "https://api.acme.io",\n      "token": "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»"\n    }\n  },\n  "editor.formatOnSave": true\n}',
  ],
  [
    'agentlog-ide-vscode-settings-sqltools-password',
    '{\n  "sqltools.connections": [\n    {\n      "previewLimit": 50,\n      "server": "reporting.cluster-{l12}.eu-west-1.rds.amazonaws.com",\n      "port": 5432,\n      "driver": "PostgreSQL",\n      "name": "reporting-prod",\n      "database": "reporting",\n      "username": "bi_reader",\n      "password": "«{a24}»"\n    }\n  ]\n}',
  ],
  [
    'agentlog-ide-cline-vscode-settings-apikey',
    '"cline.apiProvider": "openrouter",\n"cline.openRouterApiKey": "«sk-or-v1-{h64}»",\n"cline.openRouterModelId": "anthropic/claude-sonnet-4"',
  ],
  [
    'agentlog-ide-claude-code-settings-env',
    '// ~/.claude/settings.json\n{\n  "env": {\n    "ANTHROPIC_API_KEY": "«sk-ant-api03-{B93}AA»",\n    "CLAUDE_CODE_MAX_OUTPUT_TOKENS": "16000"\n  },\n  "permissions": { "allow": ["Bash(npm run lint)"] }\n}',
  ],
  [
    'agentlog-ide-codex-auth-json-api-key-and-refresh',
    '$ cat ~/.codex/auth.json\n{\n  "OPENAI_API_KEY": "«sk-proj-{B74}T3BlbkFJ{B74}»",\n  "tokens": {\n    "id_token": "«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}In0.eyJ{B260}.{B342}»",\n    "refresh_token": "«rt_{B43}.{B43}»",\n    "account_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n  },\n  "last_refresh": "2025-09-03T07:12:44.918Z"\n}',
  ],
  [
    'agentlog-ide-sourcegraph-cody-access-token',
    '{\n  "cody.serverEndpoint": "https://sourcegraph.acme.io",\n  "cody.accessToken": "«sgp_{h16}_{h40}»",\n  "cody.autocomplete.enabled": true\n}',
  ],
  [
    'agentlog-ide-tabby-config-toml-token',
    '# ~/.tabby-client/agent/config.toml\n[server]\nendpoint = "https://tabby.acme.io"\ntoken = "«auth_{h32}»"',
  ],
  [
    'agentlog-ide-roo-code-profile-export',
    '{\n  "currentApiConfigName": "bedrock-prod",\n  "apiConfigs": {\n    "bedrock-prod": {\n      "apiProvider": "bedrock",\n      "awsAccessKey": "«AKIA{u16}»",\n      "awsSecretKey": "«{b40}»",\n      "awsRegion": "us-west-2",\n      "id": "{l10}"\n    }\n  }\n}',
  ],
  ['agentlog-ide-gemini-cli-dotenv', '$ cat ~/.gemini/.env\nGEMINI_API_KEY=«AIza{B35}»\nGOOGLE_CLOUD_PROJECT=acme-genai-dev'],
  [
    'agentlog-ide-opencode-json-provider-options',
    '{\n  "$schema": "https://opencode.ai/config.json",\n  "provider": {\n    "openrouter": {\n      "options": { "apiKey": "«sk-or-v1-{h64}»" },\n      "models": { "moonshotai/kimi-k2": {} }\n    }\n  }\n}',
  ],
  [
    'agentlog-ide-copilot-proxy-http-headers-setting',
    '"github.copilot.advanced": {\n  "debug.overrideProxyUrl": "https://copilot-gw.acme.io",\n  "authProvider": "github-enterprise"\n},\n"http.proxyAuthorization": "Basic «{b32}»"',
  ],
  [
    'agentlog-ide-azure-openai-continue-yaml',
    'models:\n  - name: gpt-4o (Azure)\n    provider: azure\n    model: gpt-4o\n    apiBase: https://acme-oai-eastus.openai.azure.com\n    apiKey: «{h32}»\n    env:\n      apiVersion: 2024-10-21\n      deployment: gpt-4o-prod',
  ],
  [
    'agentlog-otel-span-json-http-request-header-authorization',
    '{\n  "traceId": "{h32}",\n  "spanId": "{h16}",\n  "name": "POST /v1/chat/completions",\n  "attributes": [\n    { "key": "http.request.method", "value": { "stringValue": "POST" } },\n    { "key": "http.request.header.authorization", "value": { "arrayValue": { "values": [{ "stringValue": "Bearer «sk-proj-{B74}T3BlbkFJ{B74}»" }] } } },\n    { "key": "gen_ai.request.model", "value": { "stringValue": "gpt-4o-mini" } }\n  ]\n}',
  ],
  [
    'agentlog-otel-collector-debug-exporter-attributes',
    '2025-06-03T11:02:17.441Z\tinfo\tResourceSpans #0\nSpan #3\n    Trace ID       : {h32}\n    Parent ID      : {h16}\n    ID             : {h16}\n    Name           : HTTP GET\nAttributes:\n     -> http.url: Str(https://api.acme.io/v2/orders?api_key=«{a32}»&limit=50)\n     -> http.status_code: Int(200)',
  ],
  [
    'agentlog-otel-exporter-otlp-headers-env-honeycomb',
    '$ env | grep OTEL\nOTEL_SERVICE_NAME=agent-runner\nOTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\nOTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=«{a22}»,x-honeycomb-dataset=agent-runner',
  ],
  [
    'agentlog-otel-exporter-headers-grafana-basic',
    'OTEL_EXPORTER_OTLP_ENDPOINT="https://otlp-gateway-prod-eu-west-2.grafana.net/otlp"\nOTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic «{b120}»"',
  ],
  [
    'agentlog-langsmith-run-inputs-headers',
    '{\n  "id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "name": "call_partner_api",\n  "run_type": "tool",\n  "trace_id": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "inputs": {\n    "url": "https://partner.shipfast.io/v1/quotes",\n    "headers": { "X-Api-Key": "«{a40}»", "Accept": "application/json" }\n  },\n  "outputs": { "status": 200 }\n}',
  ],
  [
    'agentlog-langfuse-observation-input-env-dump',
    '{\n  "id": "{h32}",\n  "traceId": "{h32}",\n  "type": "SPAN",\n  "name": "tool:read_file",\n  "input": { "path": "/srv/app/.env" },\n  "output": "POSTMARK_SERVER_TOKEN=«{h8}-{h4}-4{h3}-a{h3}-{h12}»\\nPOSTMARK_FROM=billing@acme.io\\n",\n  "latency": 0.004\n}',
  ],
  [
    'agentlog-phoenix-span-tool-parameters-json',
    'span_kind: TOOL\nattributes.tool.name: "create_payment_link"\nattributes.tool.parameters: "{\\"secret_key\\": \\"«sk_live_{a99}»\\", \\"amount\\": 4900, \\"currency\\": \\"eur\\"}"\nattributes.output.value: "https://buy.stripe.com/{a14}"',
  ],
  [
    'agentlog-helicone-request-log-headers',
    '{\n  "request_id": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "provider": "ANTHROPIC",\n  "request_headers": {\n    "helicone-auth": "Bearer «sk-helicone-{l7}-{l7}-{l7}-{l7}»",\n    "x-api-key": "«sk-ant-api03-{B93}AA»"\n  },\n  "model": "claude-3-5-haiku-20241022",\n  "prompt_tokens": 812\n}',
  ],
  [
    'agentlog-datadog-apm-span-tags-url-token',
    'span.name: http.request\nservice: agent-worker\nhttp.url: https://hooks.acme.io/ingest?token=«{B43}»\nhttp.method: POST\ntrace_id: {d19}\nspan_id: {d19}',
  ],
  [
    'agentlog-otel-python-console-exporter-attributes-dict',
    '{\n    "name": "execute_tool",\n    "context": {\n        "trace_id": "0x{h32}",\n        "span_id": "0x{h16}",\n        "trace_state": "[]"\n    },\n    "attributes": {\n        "gen_ai.tool.name": "run_sql",\n        "gen_ai.tool.call.arguments": "{\\"dsn\\": \\"postgresql://etl:«{a24}»@warehouse:5432/dw\\", \\"sql\\": \\"select 1\\"}"\n    }\n}',
  ],
  [
    'agentlog-langsmith-env-tracing-settings-jsonl',
    '{"event":"tracer.init","endpoint":"https://api.smith.langchain.com","project":"support-agent","api_key":"«lsv2_sk_{h32}_{h10}»","sampling":1.0}',
  ],
  [
    'agentlog-otel-log-record-body-bearer',
    'LogRecord #0\nObservedTimestamp: 2025-07-18 08:14:02.118 +0000 UTC\nSeverityText: DEBUG\nBody: Str(outgoing request GET https://api.vercel.com/v9/projects headers={"authorization":"Bearer «{a24}»","user-agent":"agent/0.9"})\nTrace ID: {h32}\nSpan ID: {h16}',
  ],
  ['agentlog-cli-gh-auth-token-output', '$ gh auth token\n«gho_{a36}»'],
  [
    'agentlog-cli-gh-auth-status-show-token',
    "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account mkovacs (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: «gho_{a36}»\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'agentlog-cli-gcloud-print-access-token',
    '$ gcloud auth print-access-token --impersonate-service-account=deployer@acme-prod.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation. All API calls will be executed as [deployer@acme-prod.iam.gserviceaccount.com].\n«ya29.a0A{B170}»',
  ],
  [
    'agentlog-cli-gcloud-print-identity-token',
    '$ gcloud auth print-identity-token --audiences=https://billing-api-{l10}-ew.a.run.app\n«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}In0.eyJ{B260}.{B342}»',
  ],
  [
    'agentlog-cli-gcloud-adc-json-refresh-token',
    '$ cat ~/.config/gcloud/application_default_credentials.json\n{\n  "account": "",\n  "client_id": "{d12}-{l32}.apps.googleusercontent.com",\n  "client_secret": "«GOCSPX-{B28}»",\n  "quota_project_id": "acme-ml",\n  "refresh_token": "«1//0{B100}»",\n  "type": "authorized_user",\n  "universe_domain": "googleapis.com"\n}',
  ],
  [
    'agentlog-cli-aws-sts-get-session-token-json',
    '$ aws sts get-session-token --serial-number arn:aws:iam::{d12}:mfa/dana --token-code 482913\n{\n    "Credentials": {\n        "AccessKeyId": "«ASIA{u16}»",\n        "SecretAccessKey": "«{b40}»",\n        "SessionToken": "«IQoJb3JpZ2luX2VjE{b72}//////////{b220}»",\n        "Expiration": "2025-06-14T22:08:19+00:00"\n    }\n}',
  ],
  [
    'agentlog-cli-aws-sts-assume-role-json',
    '$ aws sts assume-role --role-arn arn:aws:iam::{d12}:role/agent-readonly --role-session-name claude-session\n{\n    "Credentials": {\n        "AccessKeyId": "«ASIA{u16}»",\n        "SecretAccessKey": "«{b40}»",\n        "SessionToken": "«FwoGZXIvYXdzE{b56}//////////{b180}»",\n        "Expiration": "2025-06-14T12:51:02+00:00"\n    },\n    "AssumedRoleUser": {\n        "AssumedRoleId": "AROA{u17}:claude-session",\n        "Arn": "arn:aws:sts::{d12}:assumed-role/agent-readonly/claude-session"\n    }\n}',
  ],
  [
    'agentlog-cli-aws-configure-export-credentials-env',
    '$ aws configure export-credentials --profile sso-dev --format env\nexport AWS_ACCESS_KEY_ID=«ASIA{u16}»\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2VjE{b72}//////////{b220}»\nexport AWS_CREDENTIAL_EXPIRATION=2025-06-14T19:00:00+00:00',
  ],
  ['agentlog-cli-aws-ecr-get-login-password', '$ aws ecr get-login-password --region eu-central-1\n«eyJwYXlsb2FkIjoi{b420}»'],
  [
    'agentlog-cli-aws-secretsmanager-secretstring-escaped',
    '$ aws secretsmanager get-secret-value --secret-id prod/orders/db\n{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6}",\n    "Name": "prod/orders/db",\n    "VersionId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "SecretString": "{\\"username\\":\\"orders\\",\\"password\\":\\"«{a32}»\\",\\"host\\":\\"orders.cluster-{l12}.eu-west-1.rds.amazonaws.com\\"}",\n    "VersionStages": ["AWSCURRENT"]\n}',
  ],
  [
    'agentlog-cli-az-account-get-access-token',
    '$ az account get-access-token --resource https://management.azure.com\n{\n  "accessToken": "«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6I{B60}In0.eyJhdWQiOi{B480}.{B342}»",\n  "expiresOn": "2025-06-14 13:45:10.000000",\n  "expires_on": 1749908710,\n  "subscription": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "tenant": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "tokenType": "Bearer"\n}',
  ],
  [
    'agentlog-cli-az-ad-sp-create-for-rbac',
    '$ az ad sp create-for-rbac --name gh-deployer --role contributor --scopes /subscriptions/{h8}-{h4}-4{h3}-a{h3}-{h12}/resourceGroups/web-prod\n{\n  "appId": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "displayName": "gh-deployer",\n  "password": "«{a3}8Q~{B34}»",\n  "tenant": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'agentlog-cli-az-storage-account-keys-list',
    '$ az storage account keys list -g data-rg -n acmelake --query "[0]"\n{\n  "creationTime": "2024-11-02T10:11:12.123456+00:00",\n  "keyName": "key1",\n  "permissions": "FULL",\n  "value": "«{b86}==»"\n}',
  ],
  [
    'agentlog-cli-az-connection-string-show',
    '$ az storage account show-connection-string -n acmelake -g data-rg -o tsv\nDefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=acmelake;AccountKey=«{b86}==»;BlobEndpoint=https://acmelake.blob.core.windows.net/',
  ],
  [
    'agentlog-cli-heroku-auth-token',
    '$ heroku auth:token\n ›   Warning: token will expire 06/14/2026\n ›   Use heroku authorizations:create to generate a long-term token\n«HRKU-AA{B43}_____w{B9}»',
  ],
  [
    'agentlog-cli-vault-token-create-table',
    '$ vault token create -policy=ci-read -ttl=1h\nKey                  Value\n---                  -----\ntoken                «hvs.{a24}»\ntoken_accessor       {a24}\ntoken_duration       1h\ntoken_renewable      true\ntoken_policies       ["ci-read" "default"]\nidentity_policies    []\npolicies             ["ci-read" "default"]',
  ],
  [
    'agentlog-cli-vault-token-create-format-json',
    '$ vault token create -format=json -policy=deploy | jq .auth\n{\n  "client_token": "«hvs.CAESI{B86}»",\n  "accessor": "{a24}",\n  "policies": ["default", "deploy"],\n  "lease_duration": 2764800,\n  "renewable": true\n}',
  ],
  [
    'agentlog-cli-vault-kv-get-table',
    '$ vault kv get secret/payments/stripe\n======= Secret Path =======\nsecret/data/payments/stripe\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2025-05-02T08:12:01.29384Z\nversion            4\n\n====== Data ======\nKey               Value\n---               -----\nsecret_key        «sk_live_{a99}»\nwebhook_secret    «whsec_{a32}»',
  ],
  [
    'agentlog-cli-vault-write-approle-secret-id',
    '$ vault write -f auth/approle/role/ci/secret-id\nKey                   Value\n---                   -----\nsecret_id             «{h8}-{h4}-4{h3}-a{h3}-{h12}»\nsecret_id_accessor    {h8}-{h4}-4{h3}-b{h3}-{h12}\nsecret_id_num_uses    0\nsecret_id_ttl         24h',
  ],
  ['agentlog-cli-doppler-secrets-get-plain', '$ doppler secrets get OPENAI_API_KEY --plain -p ml-api -c prd\n«sk-proj-{B74}T3BlbkFJ{B74}»'],
  ['agentlog-cli-doppler-configs-tokens-create', '$ doppler configs tokens create ci-runner -p web -c prd --plain\n«dp.st.prd.{a43}»'],
  [
    'agentlog-cli-doppler-secrets-download-json',
    '$ doppler secrets download --no-file --format json\n{\n  "DATABASE_URL": "postgres://web:«{a28}»@pg.acme.internal:5432/web",\n  "DOPPLER_CONFIG": "prd",\n  "DOPPLER_ENVIRONMENT": "prd",\n  "DOPPLER_PROJECT": "web",\n  "RESEND_API_KEY": "«re_{a8}_{a24}»"\n}',
  ],
  ['agentlog-cli-op-read-output', '$ op read "op://Engineering/Sendgrid Prod/credential"\n«SG.{B22}.{B43}»'],
  [
    'agentlog-cli-op-item-get-reveal-fields',
    '$ op item get "Prod DB" --vault Infra --fields label=username,label=password --reveal\norders_admin,«{a26}»',
  ],
  [
    'agentlog-cli-op-service-account-token-export',
    '$ op service-account create "ci-readonly" --vault Deploy:read_items\nService account created successfully!\nService account token: «ops_eyJzaWduSW5BZGRyZXNzIjoi{B320}»\nThis token will not be displayed again.',
  ],
  ['agentlog-cli-bw-get-password', '$ bw get password "AWS root - acme-billing"\n«{a24}»'],
  [
    'agentlog-cli-bw-unlock-session-export',
    '$ bw unlock\n? Master password: [hidden]\nYour vault is now unlocked!\n\nTo unlock your vault, set your session key to the `BW_SESSION` environment variable. ex:\n$ export BW_SESSION="«{b86}==»"',
  ],
  [
    'agentlog-cli-kubectl-jsonpath-base64-decode',
    "$ kubectl -n payments get secret stripe-creds -o jsonpath='{.data.api-key}' | base64 -d\n«sk_live_{a99}»",
  ],
  [
    'agentlog-cli-kubectl-jsonpath-raw-base64',
    '$ kubectl get secret grafana-admin -n monitoring -o jsonpath="{.data.admin-password}"\n«{b32}»',
  ],
  [
    'agentlog-cli-kubectl-get-secret-yaml',
    '$ kubectl get secret registry-pull -o yaml\napiVersion: v1\ndata:\n  .dockerconfigjson: «eyJhdXRocyI6eyJnaGNyLmlvIjp7{b180}»\nkind: Secret\nmetadata:\n  name: registry-pull\n  namespace: default\n  uid: {h8}-{h4}-4{h3}-a{h3}-{h12}\ntype: kubernetes.io/dockerconfigjson',
  ],
  [
    'agentlog-cli-kubectl-create-token-sa',
    '$ kubectl create token ci-deployer -n ci --duration=1h\n«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}In0.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVz{B380}.{B342}»',
  ],
  [
    'agentlog-cli-kubectl-go-template-decode-all',
    '$ kubectl get secret app-env -o go-template=\'{{range $k,$v := .data}}{{$k}}={{$v | base64decode}}{{"\\n"}}{{end}}\'\nJWT_SIGNING_KEY=«{B64}»\nREDIS_PASSWORD=«{a32}»',
  ],
  [
    'agentlog-cli-npm-token-create-output',
    '$ npm token create --read-only\n┌────────────────┬──────────────────────────────────────────┐\n│ token          │ «npm_{a36}» │\n├────────────────┼──────────────────────────────────────────┤\n│ readonly       │ true                                     │\n│ created        │ 2025-06-14T10:22:31.555Z                 │\n└────────────────┴──────────────────────────────────────────┘',
  ],
  [
    'agentlog-cli-git-credential-fill-output',
    '$ printf "protocol=https\\nhost=github.com\\n\\n" | git credential fill\nprotocol=https\nhost=github.com\nusername=ci-bot\npassword=«gho_{a36}»',
  ],
  [
    'agentlog-cli-docker-credential-helper-get',
    '$ echo "https://index.docker.io/v1/" | docker-credential-desktop get\n{"ServerURL":"https://index.docker.io/v1/","Username":"acmebuild","Secret":"«dckr_pat_{B27}»"}',
  ],
  [
    'agentlog-cli-cat-docker-config-auths',
    '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "ghcr.io": { "auth": "«{b72}»" },\n    "{d12}.dkr.ecr.us-east-1.amazonaws.com": {}\n  },\n  "credsStore": "desktop"\n}',
  ],
  [
    'agentlog-cli-cat-gh-hosts-yml',
    '$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        dkim:\n            oauth_token: «gho_{a36}»\n    git_protocol: ssh\n    oauth_token: «gho_{a36}»\n    user: dkim',
  ],
  ['agentlog-cli-terraform-output-raw-password', '$ terraform output -raw db_admin_password\n«{a30}»'],
  [
    'agentlog-cli-terraform-output-json-sensitive',
    '$ terraform output -json\n{\n  "api_gateway_url": { "sensitive": false, "type": "string", "value": "https://{l10}.execute-api.eu-west-1.amazonaws.com/prod" },\n  "redis_auth_token": { "sensitive": true, "type": "string", "value": "«{a64}»" }\n}',
  ],
  [
    'agentlog-cli-supabase-status-service-role',
    '$ supabase status -o env\nAPI_URL="https://{L20}.supabase.co"\nDB_URL="postgresql://postgres.{L20}:«{a24}»@aws-0-eu-central-1.pooler.supabase.com:6543/postgres"\nSERVICE_ROLE_KEY="«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6I{B150}.{B43}»"',
  ],
  [
    'agentlog-cli-railway-variables-kv',
    '$ railway variables --kv\nDATABASE_URL=postgresql://postgres:«{a32}»@postgres.railway.internal:5432/railway\nRAILWAY_ENVIRONMENT=production\nUPLOADTHING_TOKEN=«eyJhcGlLZXkiOiJza19saXZlX{b100}»',
  ],
  ['agentlog-cli-fly-auth-token', '$ fly auth token\nFlyV1 «fm2_{B300}»'],
  [
    'agentlog-cli-stripe-config-list',
    '$ stripe config --list\n[default]\n  account_id = "acct_{a16}"\n  display_name = "Acme Ltd"\n  live_mode_api_key = "«rk_live_{a99}»"\n  live_mode_key_expires_at = "2025-09-12"',
  ],
  [
    'agentlog-cli-wrangler-whoami-then-cat-config',
    '$ cat ~/.wrangler/config/default.toml\noauth_token = "«{B43}.{B43}»"\nexpiration_time = "2025-06-14T11:40:53.214Z"\nrefresh_token = "«{B43}.{B43}»"\nscopes = [ "account:read", "workers:write" ]',
  ],
  [
    'agentlog-cli-printenv-grep-token',
    "$ printenv | grep -i -E 'token|key'\nSSH_AUTH_SOCK=/private/tmp/com.apple.launchd.{a10}/Listeners\nCLOUDFLARE_API_TOKEN=«{B40}»\nHUGGINGFACE_HUB_TOKEN=«hf_{a34}»",
  ],
  [
    'agentlog-cli-netlify-status-json-cat',
    '$ cat ~/Library/Preferences/netlify/config.json\n{"telemetryDisabled":false,"cliId":"{h8}-{h4}-4{h3}-a{h3}-{h12}","userId":"{h24}","users":{"{h24}":{"id":"{h24}","name":"Ana","email":"ana@acme.io","auth":{"token":"«nfp_{a36}»","github":{}}}}}',
  ],
  ['agentlog-cli-pgpass-cat', '$ cat ~/.pgpass\npg-prod.acme.internal:5432:*:app_owner:«{a28}»\nlocalhost:5432:*:postgres:«{a16}»'],
  [
    'agentlog-diff-agent-proposed-env-added-line',
    "I'll add the key to your env file:\n\n```diff\n--- a/.env\n+++ b/.env\n@@ -1,3 +1,4 @@\n NODE_ENV=development\n PORT=3000\n+OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»\n LOG_LEVEL=debug\n```",
  ],
  [
    'agentlog-diff-agent-hardcodes-in-ts-client',
    'diff --git a/src/lib/anthropic.ts b/src/lib/anthropic.ts\nindex {h7}..{h7} 100644\n--- a/src/lib/anthropic.ts\n+++ b/src/lib/anthropic.ts\n@@ -1,5 +1,5 @@\n import Anthropic from "@anthropic-ai/sdk";\n-export const client = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY });\n+export const client = new Anthropic({ apiKey: "«sk-ant-api03-{B93}AA»" });',
  ],
  [
    'agentlog-diff-removed-secret-line-still-secret',
    '@@ -12,7 +12,7 @@ jobs:\n       - name: Publish\n         env:\n-          NPM_TOKEN: «npm_{a36}»\n+          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n         run: npm publish',
  ],
  [
    'agentlog-diff-in-tool-input-json-escaped',
    '{"name":"apply_diff","input":{"path":"deploy/values-prod.yaml","diff":"<<<<<<< SEARCH\\n  existingSecret: pg-creds\\n=======\\n  password: «{a24}»\\n>>>>>>> REPLACE"}}',
  ],
  [
    'agentlog-diff-codex-apply-patch-update-file-plain',
    '*** Begin Patch\n*** Update File: config/settings.toml\n@@ [telemetry]\n-sentry_auth_token = ""\n+sentry_auth_token = "«sntryu_{h64}»"\n*** End Patch',
  ],
  [
    'agentlog-diff-helm-values-webhook-url',
    '--- a/charts/alerts/values.yaml\n+++ b/charts/alerts/values.yaml\n@@ -8,3 +8,3 @@ alertmanager:\n   receivers:\n     - name: slack-oncall\n-      api_url: ""\n+      api_url: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»',
  ],
  [
    'agentlog-diff-github-actions-env-hardcoded-aws',
    '+    env:\n+      AWS_ACCESS_KEY_ID: «AKIA{u16}»\n+      AWS_SECRET_ACCESS_KEY: «{b40}»\n+      AWS_REGION: eu-west-1\n     steps:\n       - uses: actions/checkout@v4',
  ],
  [
    'agentlog-diff-python-settings-discord-token',
    '--- a/bot/config.py\n+++ b/bot/config.py\n@@ -2,2 +2,2 @@\n-DISCORD_TOKEN = os.getenv("DISCORD_TOKEN")\n+DISCORD_TOKEN = "«M{a25}.{B6}.{B38}»"\n GUILD_ID = {d18}',
  ],
  [
    'agentlog-diff-docker-compose-postgres-password',
    '   db:\n     image: postgres:16-alpine\n     environment:\n-      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n+      POSTGRES_PASSWORD: «{a26}»\n     volumes:',
  ],
  [
    'agentlog-diff-terraform-provider-token',
    '--- a/providers.tf\n+++ b/providers.tf\n@@ -1,3 +1,3 @@\n provider "digitalocean" {\n-  token = var.do_token\n+  token = "«dop_v1_{h64}»"\n }',
  ],
  [
    'agentlog-diff-telegram-bot-token-json-config',
    '   "telegram": {\n-    "botToken": "",\n+    "botToken": "«{d10}:AA{B33}»",\n     "chatId": -100{d10}\n   }',
  ],
  [
    'agentlog-diff-in-jsonl-tool-input-double-escaped',
    '{"type":"tool_use","name":"propose_patch","input":{"patch":"--- a/.env.ci\\n+++ b/.env.ci\\n@@ -1 +1,2 @@\\n CI=true\\n+CODECOV_TOKEN=«{h8}-{h4}-4{h3}-a{h3}-{h12}»\\n"}}',
  ],
  [
    'agentlog-prose-agent-found-key-in-config',
    "I found the problem: `config/prod.rb` still hard-codes the live Stripe key (`«sk_live_{a99}»`), so the staging deploy is charging real cards. I'd move it to `Rails.application.credentials` and rotate it in the Stripe dashboard.",
  ],
  [
    'agentlog-prose-agent-summary-table-keys',
    "Here's what I configured:\n\n| Variable | Value |\n|---|---|\n| `SLACK_BOT_TOKEN` | `«xoxb-{d12}-{d13}-{a24}»` |\n| `SLACK_SIGNING_SECRET` | `«{h32}»` |\n| `SLACK_CHANNEL` | `#alerts` |",
  ],
  [
    'agentlog-prose-agent-echoes-password-it-set',
    'Done — I created the `reporting` role with password «{a20}» and granted it `SELECT` on the `analytics` schema. Let me know if you want me to store it in Vault instead.',
  ],
  [
    'agentlog-prose-agent-quotes-token-in-explanation',
    "The 401 comes from the header: you're sending `Authorization: token «glpat-{B20}»`, but GitLab expects `PRIVATE-TOKEN: …` (or `Authorization: Bearer …`) for personal access tokens.",
  ],
  [
    'agentlog-prose-agent-lists-found-credentials',
    'While grepping I came across two credentials that should not be in git:\n\n1. `scripts/seed.sh`, line 14: `PGPASSWORD=«{a22}»`\n2. `docs/setup.md`, line 88: Mapbox secret token `«sk.eyJ1Ijoi{B20}IiwiYSI6I{B20}In0.{B22}»`\n\nBoth should be rotated.',
  ],
  [
    'agentlog-prose-agent-next-steps-with-vault-token',
    "Your root token from `vault operator init` is «hvs.{a24}» — store it offline, then revoke it once you've set up an admin policy with `vault token revoke`.",
  ],
  [
    'agentlog-prose-agent-markdown-code-block-export',
    'Run this in your shell before starting the dev server:\n\n```bash\nexport GOOGLE_API_KEY="«AIza{B35}»"\nexport GOOGLE_CSE_ID="{l17}:{l9}"\n```',
  ],
  [
    'agentlog-prose-agent-confirms-webhook-url',
    "I've pointed the alert at your Discord channel. The webhook I used is «https://discord.com/api/webhooks/{d19}/{B68}» — if that channel gets deleted you'll need a new one.",
  ],
  [
    'agentlog-prose-agent-quoted-bearer-in-inline-code',
    'The trace shows the request went out with `Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B120}.{B43}»`, which decodes to a token that expired yesterday, so refresh it before retrying.',
  ],
  [
    'agentlog-prose-agent-reports-env-contents',
    '`.env.staging` currently has:\n- `MAILGUN_API_KEY` = «{h32}-{h8}-{h8}»\n- `MAILGUN_DOMAIN` = mg.staging.acme.io\n- `SENTRY_DSN` = https://{h32}@o{d6}.ingest.sentry.io/{d7}',
  ],
  [
    'agentlog-prose-agent-rotated-key-old-and-new',
    "Rotated. Old key `«{h32}»` is revoked; the new Datadog API key is `«{h32}»` and I've updated it in 1Password and in the `datadog-agent` Helm secret.",
  ],
  [
    'agentlog-prose-user-message-pastes-pat-for-agent',
    "use this token for the private registry, it has read:packages: «github_pat_11{u9}0{a10}_{a59}» — don't commit it",
  ],
];

export const BLIND76_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'agentlog-neg-bash-tool-curl-bearer-env-var',
    '{"type":"tool_use","id":"toolu_01{a22}","name":"Bash","input":{"command":"curl -sS https://api.openai.com/v1/models -H \\"Authorization: Bearer $OPENAI_API_KEY\\" | jq \'.data | length\'","description":"Count models visible to the key"}}',
  ],
  [
    'agentlog-neg-shell-args-string-gh-token-subshell',
    '{"type":"function_call","name":"shell","call_id":"call_{a24}","arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"GH_TOKEN=$(gh auth token) gh api repos/acme/web/actions/runs --jq \'.workflow_runs[0].id\'\\"],\\"timeout_ms\\":60000}"}',
  ],
  [
    'agentlog-neg-write-tool-dotenv-example-empty-values',
    '{"name":"Write","input":{"file_path":"/Users/maya/code/acme-web/.env.example","content":"OPENAI_API_KEY=\\nDATABASE_URL=postgresql://acme:<password>@localhost:5432/acme_dev\\nNEXT_PUBLIC_APP_URL=http://localhost:3000\\n"}}',
  ],
  [
    'agentlog-neg-edit-tool-replaces-literal-with-process-env',
    '{"name":"Edit","input":{"file_path":"/repo/src/lib/mailer.ts","old_string":"const client = new Resend(apiKey);","new_string":"const client = new Resend(process.env.RESEND_API_KEY!);"}}',
  ],
  [
    'agentlog-neg-mcp-config-env-interpolation-braces',
    '{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-github"],\n      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PAT}" }\n    },\n    "sentry": {\n      "url": "https://mcp.sentry.dev/mcp",\n      "headers": { "Authorization": "Bearer ${SENTRY_TOKEN:-}" }\n    }\n  }\n}',
  ],
  [
    'agentlog-neg-vscode-mcp-json-input-prompt',
    '{\n  "inputs": [\n    { "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true }\n  ],\n  "servers": {\n    "perplexity": {\n      "command": "npx",\n      "args": ["-y", "server-perplexity-ask"],\n      "env": { "PERPLEXITY_API_KEY": "${input:perplexity-key}" }\n    }\n  }\n}',
  ],
  [
    'agentlog-neg-cursor-mcp-env-colon-syntax',
    '{\n  "mcpServers": {\n    "linear": {\n      "url": "https://mcp.linear.app/mcp",\n      "headers": { "Authorization": "Bearer ${env:LINEAR_API_KEY}" }\n    }\n  }\n}',
  ],
  [
    'agentlog-neg-codex-toml-env-vars-and-bearer-env-var',
    '[mcp_servers.figma]\nurl = "https://mcp.figma.com/mcp"\nbearer_token_env_var = "FIGMA_OAUTH_TOKEN"\n\n[mcp_servers.github]\ncommand = "github-mcp-server"\nargs = ["stdio"]\nenv_vars = ["GITHUB_PERSONAL_ACCESS_TOKEN"]',
  ],
  [
    'agentlog-neg-continue-yaml-secrets-template',
    'models:\n  - name: Claude Sonnet\n    provider: anthropic\n    model: claude-sonnet-4-20250514\n    apiKey: ${{ secrets.ANTHROPIC_API_KEY }}\nmcpServers:\n  - name: Brave\n    command: npx\n    args: ["-y", "@modelcontextprotocol/server-brave-search"]\n    env:\n      BRAVE_API_KEY: ${{ secrets.BRAVE_API_KEY }}',
  ],
  [
    'agentlog-neg-gha-workflow-agent-step-secrets',
    '      - uses: anthropics/claude-code-action@v1\n        with:\n          anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}\n          github_token: ${{ secrets.GITHUB_TOKEN }}\n          claude_args: "--max-turns 8 --model claude-sonnet-4-20250514"',
  ],
  [
    'agentlog-neg-claude-settings-apikeyhelper-script',
    '{\n  "apiKeyHelper": "~/bin/fetch-anthropic-key.sh",\n  "env": { "CLAUDE_CODE_MAX_OUTPUT_TOKENS": "16000", "DISABLE_TELEMETRY": "1" },\n  "permissions": { "deny": ["Read(./.env)", "Read(./secrets/**)"] }\n}',
  ],
  [
    'agentlog-neg-aider-conf-commented-keys',
    '# .aider.conf.yml\n## Specify the api key for a provider (repeatable): api-key: provider=<key>\n#api-key: xxx\n## Use environment variables instead:\n## ANTHROPIC_API_KEY / OPENAI_API_KEY are read automatically\nmodel: sonnet\nauto-commits: false',
  ],
  [
    'agentlog-neg-zed-settings-no-key-only-url',
    '{\n  "language_models": {\n    "ollama": { "api_url": "http://localhost:11434" },\n    "openai": { "api_url": "https://api.openai.com/v1", "available_models": [] }\n  },\n  "agent": { "default_model": { "provider": "zed.dev", "model": "claude-sonnet-4" } }\n}',
  ],
  [
    'agentlog-neg-python-tool-os-environ-lookups',
    '{"name":"Write","input":{"file_path":"agent/clients.py","content":"import os\\n\\nOPENAI_KEY = os.environ[\\"OPENAI_API_KEY\\"]\\nPINECONE_KEY = os.getenv(\\"PINECONE_API_KEY\\", \\"\\")\\nHF_TOKEN = os.environ.get(\\"HF_TOKEN\\")\\n"}}',
  ],
  [
    'agentlog-neg-dotenv-vault-style-refs',
    'DATABASE_URL=postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:5432/${PGDATABASE}\nREDIS_URL=redis://:${REDIS_PASSWORD}@redis:6379/0\nSTRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:?must be set}',
  ],
  [
    'agentlog-neg-op-inject-template-references',
    '# .env.tpl  (rendered with `op inject -i .env.tpl -o .env`)\nOPENAI_API_KEY={{ op://Engineering/OpenAI/credential }}\nDB_PASSWORD={{ op://Infra/Prod DB/password }}\nSLACK_BOT_TOKEN=op://Engineering/Slack Bot/token',
  ],
  [
    'agentlog-neg-doppler-run-command-only-names',
    '$ doppler secrets --only-names -p web -c prd\n┌─────────────────────┐\n│ NAME                │\n├─────────────────────┤\n│ DATABASE_URL        │\n│ DOPPLER_CONFIG      │\n│ RESEND_API_KEY      │\n│ STRIPE_SECRET_KEY   │\n└─────────────────────┘',
  ],
  [
    'agentlog-neg-gh-auth-status-masked-token',
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account mkovacs (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'agentlog-neg-agent-prose-masked-key-suffix',
    "Your `.env` has `OPENAI_API_KEY=sk-proj-...a9Fq` (I've masked it). It looks like a project key, so make sure the project has access to `gpt-4.1`.",
  ],
  [
    'agentlog-neg-tool-result-masked-env-dump',
    '{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":"STRIPE_SECRET_KEY=sk_live_****\\nSTRIPE_WEBHOOK_SECRET=whsec_****\\nDATABASE_URL=postgres://app:****@db:5432/app\\n"}',
  ],
  [
    'agentlog-neg-printenv-sed-masked',
    "$ printenv | grep -iE 'key|token|secret' | sed -E 's/=.*/=<hidden>/'\nOPENAI_API_KEY=<hidden>\nGITHUB_TOKEN=<hidden>\nAWS_SECRET_ACCESS_KEY=<hidden>",
  ],
  [
    'agentlog-neg-otel-span-header-redacted',
    '{\n  "traceId": "{h32}",\n  "spanId": "{h16}",\n  "name": "POST /v1/messages",\n  "attributes": [\n    { "key": "http.request.header.x-api-key", "value": { "stringValue": "[REDACTED]" } },\n    { "key": "http.response.status_code", "value": { "intValue": "200" } }\n  ]\n}',
  ],
  [
    'agentlog-neg-aws-configure-list-masked',
    '$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                  default           manual    --profile\naccess_key     ****************7QXA shared-credentials-file\nsecret_key     ****************k2Zp shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config',
  ],
  [
    'agentlog-neg-npm-token-list-truncated',
    '$ npm token list\n┌────────┬─────────┬────────────┬──────────┬────────────────┐\n│ id     │ token   │ created    │ readonly │ CIDR whitelist │\n├────────┼─────────┼────────────┼──────────┼────────────────┤\n│ {h6} │ npm_Ab… │ 2025-06-14 │ yes      │                │\n└────────┴─────────┴────────────┴──────────┴────────────────┘',
  ],
  [
    'agentlog-neg-op-item-get-concealed-hint',
    '$ op item get "Prod DB" --vault Infra --fields label=password\n[use \'op item get {k26} --reveal\' to reveal]',
  ],
  [
    'agentlog-neg-kubectl-describe-secret-byte-counts',
    '$ kubectl describe secret stripe-creds -n payments\nName:         stripe-creds\nNamespace:    payments\nType:         Opaque\n\nData\n====\napi-key:         107 bytes\nwebhook-secret:  38 bytes',
  ],
  [
    'agentlog-neg-vault-kv-get-metadata-only',
    '$ vault kv metadata get secret/payments/stripe\n========== Metadata Path ==========\nsecret/metadata/payments/stripe\n\n========== Metadata ==========\nKey                     Value\n---                     -----\ncas_required            false\ncurrent_version         4\noldest_version          1\nupdated_time            2025-05-02T08:12:01.29384Z',
  ],
  [
    'agentlog-neg-terraform-output-sensitive-hidden',
    '$ terraform output\napi_gateway_url = "https://{l10}.execute-api.eu-west-1.amazonaws.com/prod"\ndb_admin_password = <sensitive>\nredis_auth_token = <sensitive>',
  ],
  [
    'agentlog-neg-langfuse-trace-masked-input',
    '{"id":"{h32}","name":"tool:read_file","input":{"path":"/srv/app/.env"},"output":"POSTMARK_SERVER_TOKEN=***\\nPOSTMARK_FROM=billing@acme.io\\n","metadata":{"masked":true}}',
  ],
  [
    'agentlog-neg-claude-jsonl-ids-and-usage',
    '{"parentUuid":"{h8}-{h4}-4{h3}-a{h3}-{h12}","sessionId":"{h8}-{h4}-4{h3}-b{h3}-{h12}","version":"1.0.43","gitBranch":"feat/billing","cwd":"/Users/maya/code/acme-web","type":"assistant","message":{"id":"msg_01{a22}","model":"claude-sonnet-4-20250514","content":[{"type":"tool_use","id":"toolu_01{a22}","name":"Read","input":{"file_path":"/Users/maya/code/acme-web/src/app/page.tsx"}}],"usage":{"input_tokens":3,"cache_creation_input_tokens":1822,"cache_read_input_tokens":14210,"output_tokens":96}},"requestId":"req_011C{a20}"}',
  ],
  [
    'agentlog-neg-openai-response-ids-and-tool-call',
    '{"id":"resp_{h48}","object":"response","model":"gpt-4.1-2025-04-14","output":[{"type":"function_call","id":"fc_{h48}","call_id":"call_{a24}","name":"read_file","arguments":"{\\"path\\":\\"src/server.ts\\"}"}],"usage":{"input_tokens":2211,"output_tokens":37,"total_tokens":2248}}',
  ],
  [
    'agentlog-neg-chat-completion-ids-system-fingerprint',
    '{"id":"chatcmpl-{a29}","object":"chat.completion","created":1718203321,"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_{h10}","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","tool_calls":[{"id":"call_{a24}","type":"function","function":{"name":"list_dir","arguments":"{\\"path\\":\\".\\"}"}}]}}]}',
  ],
  [
    'agentlog-neg-http-response-headers-request-ids',
    'HTTP/2 200\ndate: Sat, 14 Jun 2025 10:12:44 GMT\nrequest-id: req_011C{a20}\nanthropic-organization-id: {h8}-{h4}-4{h3}-a{h3}-{h12}\nanthropic-ratelimit-tokens-remaining: 398000\nx-request-id: {h8}-{h4}-4{h3}-b{h3}-{h12}\ncf-ray: {h16}-FRA',
  ],
  [
    'agentlog-neg-openai-headers-org-project-ids',
    '< HTTP/2 200\n< openai-organization: acme-labs-{l8}\n< openai-project: proj_{a24}\n< openai-processing-ms: 412\n< x-ratelimit-remaining-tokens: 149832\n< x-request-id: req_{h32}',
  ],
  [
    'agentlog-neg-otel-trace-span-ids-genai-usage',
    '{"resource":{"service.name":"agent-runner"},"traceId":"{h32}","spanId":"{h16}","parentSpanId":"{h16}","name":"chat claude-3-5-sonnet","attributes":{"gen_ai.system":"anthropic","gen_ai.request.model":"claude-3-5-sonnet-20241022","gen_ai.response.id":"msg_01{a22}","gen_ai.usage.input_tokens":5120,"gen_ai.usage.output_tokens":388}}',
  ],
  [
    'agentlog-neg-langsmith-run-ids-dotted-order',
    '{"id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","trace_id":"{h8}-{h4}-4{h3}-b{h3}-{h12}","dotted_order":"20250614T101244118000Z{h8}-{h4}-4{h3}-b{h3}-{h12}.20250614T101245002000Z{h8}-{h4}-4{h3}-a{h3}-{h12}","run_type":"llm","session_name":"support-agent","extra":{"metadata":{"ls_model_name":"gpt-4o-mini","revision_id":"{h7}"}}}',
  ],
  [
    'agentlog-neg-traceparent-header-log',
    '2025-06-14T10:12:44.118Z DEBUG outgoing POST https://api.acme.io/v1/jobs traceparent=00-{h32}-{h16}-01 tracestate=dd=s:1;p:{h16} idempotency-key={h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'agentlog-neg-codex-rollout-session-meta',
    '{"timestamp":"2025-07-02T14:00:00.000Z","type":"session_meta","payload":{"id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","timestamp":"2025-07-02T14:00:00.000Z","cwd":"/work/rag","originator":"codex_cli_rs","cli_version":"0.36.0","instructions":null,"git":{"commit_hash":"{h40}","branch":"main","repository_url":"git@github.com:acme/rag.git"}}}',
  ],
  [
    'agentlog-neg-gemini-cli-telemetry-prompt-id',
    '{"event.name":"gemini_cli.api_response","session.id":"{h8}-{h4}-4{h3}-a{h3}-{h12}","prompt_id":"{h13}########0","model":"gemini-2.5-pro","duration_ms":3812,"input_token_count":18422,"output_token_count":611,"cached_content_token_count":12000}',
  ],
  [
    'agentlog-neg-mcp-jsonrpc-initialize-session-id',
    '< HTTP/1.1 200 OK\n< mcp-session-id: {h8}-{h4}-4{h3}-a{h3}-{h12}\n< content-type: text/event-stream\ndata: {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","serverInfo":{"name":"github-mcp-server","version":"0.9.1"},"capabilities":{"tools":{}}}}',
  ],
  [
    'agentlog-neg-stripe-object-ids-in-tool-result',
    '{"role":"tool","tool_call_id":"call_{a24}","content":"{\\"id\\":\\"pi_{a24}\\",\\"object\\":\\"payment_intent\\",\\"customer\\":\\"cus_{a14}\\",\\"latest_charge\\":\\"ch_{a24}\\",\\"status\\":\\"succeeded\\",\\"livemode\\":true}"}',
  ],
  [
    'agentlog-neg-aws-sts-get-caller-identity',
    '$ aws sts get-caller-identity\n{\n    "UserId": "AROA{u17}:claude-session",\n    "Account": "{d12}",\n    "Arn": "arn:aws:sts::{d12}:assumed-role/agent-readonly/claude-session"\n}',
  ],
  [
    'agentlog-neg-az-account-show-ids',
    '$ az account show\n{\n  "environmentName": "AzureCloud",\n  "homeTenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "id": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "isDefault": true,\n  "name": "acme-prod",\n  "state": "Enabled",\n  "tenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "user": { "name": "ops@acme.io", "type": "user" }\n}',
  ],
  [
    'agentlog-neg-vault-status-cluster-id',
    '$ vault status\nKey                     Value\n---                     -----\nSeal Type               shamir\nInitialized             true\nSealed                  false\nTotal Shares            5\nThreshold               3\nVersion                 1.17.2\nCluster Name            vault-cluster-{h8}\nCluster ID              {h8}-{h4}-4{h3}-a{h3}-{h12}\nHA Enabled              true',
  ],
  [
    'agentlog-neg-kubectl-get-secrets-list',
    '$ kubectl get secrets -n payments\nNAME                  TYPE                             DATA   AGE\nstripe-creds          Opaque                           2      41d\nregistry-pull         kubernetes.io/dockerconfigjson   1      212d\nsh.helm.release.v1.payments.v17   helm.sh/release.v1   1      3d',
  ],
  [
    'agentlog-neg-kubectl-jsonpath-nonsecret-fields',
    "$ kubectl get secret stripe-creds -o jsonpath='{.metadata.uid}{\"\\n\"}{.metadata.resourceVersion}{\"\\n\"}'\n{h8}-{h4}-4{h3}-a{h3}-{h12}\n{d8}\n$ kubectl get secret stripe-creds -o jsonpath='{.data}' | jq -r 'keys[]'\napi-key\nwebhook-secret",
  ],
  [
    'agentlog-neg-kubectl-base64-decode-username-only',
    "$ kubectl get secret pg-app -n db -o jsonpath='{.data.username}' | base64 -d\napp_rw\n$ echo YXBwX3J3 | base64 -d\napp_rw",
  ],
  [
    'agentlog-neg-gcloud-print-token-piped-to-wc',
    '$ gcloud auth print-access-token | wc -c\n     224\n$ gcloud auth application-default print-access-token >/dev/null && echo ok\nok',
  ],
  [
    'agentlog-neg-az-get-access-token-query-expiry',
    '$ az account get-access-token --query "{expires: expiresOn, tenant: tenant}" -o json\n{\n  "expires": "2025-06-14 13:45:10.000000",\n  "tenant": "{h8}-{h4}-4{h3}-a{h3}-{h12}"\n}',
  ],
  [
    'agentlog-neg-aws-sts-session-token-query-expiration',
    "$ aws sts get-session-token --duration-seconds 3600 --query 'Credentials.Expiration' --output text\n2025-06-14T22:08:19+00:00",
  ],
  [
    'agentlog-neg-vault-token-create-piped-nowhere',
    '{"name":"Bash","input":{"command":"export VAULT_TOKEN=$(vault token create -policy=ci-read -ttl=1h -field=token) && vault kv get -field=version secret/ci/config"}}',
  ],
  [
    'agentlog-neg-git-log-commit-shas',
    '$ git log --oneline -5\n{h7} fix(billing): round tax before currency conversion\n{h7} chore: bump @anthropic-ai/sdk to 0.54.0\n{h7} feat(agent): stream tool results to the UI\n{h7} refactor: move env loading to config.ts\n{h7} Merge pull request #412 from acme/ci-cache',
  ],
  [
    'agentlog-neg-tool-result-sha256sum',
    '{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":"{h64}  dist/agent-linux-amd64.tar.gz\\n{h64}  dist/agent-darwin-arm64.tar.gz\\n"}',
  ],
  [
    'agentlog-neg-docker-image-digest-pull',
    '$ docker pull ghcr.io/github/github-mcp-server:v0.9.1\nv0.9.1: Pulling from github/github-mcp-server\nDigest: sha256:{h64}\nStatus: Downloaded newer image for ghcr.io/github/github-mcp-server:v0.9.1',
  ],
  [
    'agentlog-neg-package-lock-integrity-mcp-sdk',
    '    "node_modules/@modelcontextprotocol/sdk": {\n      "version": "1.17.3",\n      "resolved": "https://registry.npmjs.org/@modelcontextprotocol/sdk/-/sdk-1.17.3.tgz",\n      "integrity": "sha512-{b86}==",\n      "license": "MIT"\n    }',
  ],
  [
    'agentlog-neg-git-diff-index-line-and-blob',
    'diff --git a/src/agent/tools.ts b/src/agent/tools.ts\nindex {h7}..{h7} 100644\n--- a/src/agent/tools.ts\n+++ b/src/agent/tools.ts\n@@ -40,3 +40,4 @@ export const tools = [\n   readFile,\n   writeFile,\n+  webFetch,\n ];',
  ],
  [
    'agentlog-neg-token-usage-cost-report',
    'Session summary\n  model:              claude-opus-4-1-20250805\n  input tokens:       1,284,110\n  cache read tokens:  1,002,448\n  output tokens:      22,917\n  total cost:         $14.82\n  session id:         {h8}-{h4}-4{h3}-a{h3}-{h12}',
  ],
  [
    'agentlog-neg-model-names-list-tool-result',
    '{"role":"tool","tool_call_id":"call_{a24}","content":"claude-3-5-haiku-20241022\\nclaude-sonnet-4-20250514\\ngpt-4.1-mini-2025-04-14\\ngemini-2.5-flash-preview-05-20\\nmeta-llama/Llama-3.3-70B-Instruct-Turbo\\n"}',
  ],
  [
    'agentlog-neg-glob-tool-result-file-paths',
    '{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":"/Users/maya/code/acme-web/.env.example\\n/Users/maya/code/acme-web/config/secrets.example.yml\\n/Users/maya/code/acme-web/src/lib/tokens/refresh-token.ts\\n/Users/maya/code/acme-web/src/lib/auth/api-key.ts\\n"}',
  ],
  [
    'agentlog-neg-windows-paths-in-json-args',
    '{"name":"read_file","arguments":{"path":"C:\\\\Users\\\\priya\\\\AppData\\\\Roaming\\\\Claude\\\\claude_desktop_config.json"}}',
  ],
  [
    'agentlog-neg-content-hash-cache-keys-log',
    '[cache] hit  key=prompt:{h64} bytes=18231\n[cache] miss key=embed:{h40} model=text-embedding-3-small dims=1536\n[cache] store key=tool:read_file:{h16} ttl=300',
  ],
  [
    'agentlog-neg-stripe-publishable-key-frontend',
    '{"name":"Write","input":{"file_path":"web/src/stripe.ts","content":"import { loadStripe } from \\"@stripe/stripe-js\\";\\nexport const stripePromise = loadStripe(\\"pk_live_{a99}\\");\\n"}}',
  ],
  [
    'agentlog-neg-posthog-project-key-snippet',
    "posthog.init('phc_{a43}', {\n  api_host: 'https://eu.i.posthog.com',\n  person_profiles: 'identified_only',\n})",
  ],
  [
    'agentlog-neg-mapbox-public-token-pk',
    'mapboxgl.accessToken = "pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I{B20}In0.{B22}";\nconst map = new mapboxgl.Map({ container: "map", style: "mapbox://styles/mapbox/streets-v12" });',
  ],
  [
    'agentlog-neg-sentry-dsn-public-in-frontend',
    'Sentry.init({\n  dsn: "https://{h32}@o{d6}.ingest.us.sentry.io/{d7}",\n  tracesSampleRate: 0.1,\n  release: "web@{h7}",\n});',
  ],
  [
    'agentlog-neg-ssh-public-key-authorized-keys',
    '{"name":"Bash","input":{"command":"echo \'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ci-deploy@acme\' >> ~/.ssh/authorized_keys"}}',
  ],
  ['agentlog-neg-age-recipient-public-key-sops', '# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{k58}'],
  [
    'agentlog-neg-gpg-fingerprint-list-keys',
    '$ gpg --list-secret-keys --keyid-format=long\nsec   ed25519/{H16} 2024-03-02 [SC]\n      {H40}\nuid                 [ultimate] Maya Chen <maya@acme.io>\nssb   cv25519/{H16} 2024-03-02 [E]',
  ],
  [
    'agentlog-neg-github-node-ids-api-output',
    '$ gh api user --jq \'{login, id, node_id}\'\n{\n  "id": {d8},\n  "login": "mkovacs",\n  "node_id": "U_kgDO{B8}"\n}',
  ],
  [
    'agentlog-neg-supabase-publishable-key-env',
    'NEXT_PUBLIC_SUPABASE_URL=https://{L20}.supabase.co\nNEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{B32}\nSUPABASE_SECRET_KEY=${SUPABASE_SECRET_KEY}',
  ],
  [
    'agentlog-neg-langfuse-public-key-only-env',
    'LANGFUSE_PUBLIC_KEY=pk-lf-{h8}-{h4}-4{h3}-a{h3}-{h12}\nLANGFUSE_SECRET_KEY=${LANGFUSE_SECRET_KEY}\nLANGFUSE_HOST=https://cloud.langfuse.com',
  ],
  [
    'agentlog-neg-twilio-account-sid-and-env-ref',
    'const client = twilio("AC{h32}", process.env.TWILIO_AUTH_TOKEN);\nawait client.messages.create({ from: "+14155550123", to, body });',
  ],
  [
    'agentlog-neg-oauth-client-id-google-public',
    'GOOGLE_CLIENT_ID={d12}-{l32}.apps.googleusercontent.com\nGOOGLE_CLIENT_SECRET=op://Engineering/Google OAuth/client_secret\nOAUTH_REDIRECT_URI=http://localhost:3000/api/auth/callback/google',
  ],
  [
    'agentlog-neg-agent-prose-placeholders-angle-brackets',
    'To connect Claude to Linear, add this to `~/.cursor/mcp.json` and paste your key in place of `<LINEAR_API_KEY>`:\n\n```json\n{ "mcpServers": { "linear": { "url": "https://mcp.linear.app/mcp", "headers": { "Authorization": "Bearer <LINEAR_API_KEY>" } } } }\n```',
  ],
  [
    'agentlog-neg-agent-prose-refuses-to-print-key',
    "I found a key in `.env` (variable `ANTHROPIC_API_KEY`, 108 characters, starts with `sk-ant-api03-`). I won't print it here; run `grep -c ANTHROPIC_API_KEY .env` to confirm it's set.",
  ],
  [
    'agentlog-neg-docs-token-format-descriptions',
    'Doppler tokens are prefixed by type: `dp.st.` (service), `dp.pt.` (personal), `dp.ct.` (CLI). Vault service tokens start with `hvs.` and batch tokens with `hvb.`; GitHub OAuth tokens start with `gho_`.',
  ],
  [
    'agentlog-neg-env-example-placeholder-values',
    '# copy to .env and fill in\nOPENAI_API_KEY=sk-proj-your-key-here\nANTHROPIC_API_KEY=sk-ant-api03-xxxxxxxxxxxxxxxx\nGITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\nDATABASE_URL=postgres://user:changeme@localhost:5432/app',
  ],
  [
    'agentlog-neg-sops-encrypted-values',
    'api_key: ENC[AES256_GCM,data:{b44},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}\n    lastmodified: "2025-06-14T10:12:44Z"\n    mac: ENC[AES256_GCM,data:{b88},iv:{b43}=,tag:{b22}==,type:str]',
  ],
  [
    'agentlog-neg-jwt-header-only-debug-log',
    '[auth] decoded header alg=RS256 kid={h40} typ=JWT\n[auth] claims iss=https://token.actions.githubusercontent.com aud=sts.amazonaws.com sub=repo:acme/infra:ref:refs/heads/main\n[auth] verification ok (jwks cached {h16})',
  ],
  [
    'agentlog-neg-tool-call-uuid-idempotency-in-shell',
    '{"name":"Bash","input":{"command":"curl -X POST https://api.acme.io/v1/refunds -H \\"Authorization: Bearer $ACME_TOKEN\\" -H \'Idempotency-Key: {h8}-{h4}-4{h3}-a{h3}-{h12}\' -d \'{\\"charge\\":\\"ch_{a24}\\",\\"amount\\":1200}\'"}}',
  ],
  [
    'agentlog-neg-gson-escaped-nonsecret-config',
    '{"tool":"write_file","input":{"path":"conf/app.properties","content":"smtp.host\\u003dsmtp.eu.mailgun.org\\nsmtp.port\\u003d587\\nsmtp.password\\u003d${SMTP_PASSWORD}\\nfeature.flags\\u003dnew-checkout\\u0026beta-search\\n"}}',
  ],
  [
    'agentlog-neg-double-escaped-args-env-refs',
    '{"type":"function_call","name":"shell","arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"printf \'PINECONE_API_KEY=%s\\\\\\\\n\' \\\\\\"$PINECONE_API_KEY\\\\\\" >> .env\\"]}","call_id":"call_{a24}"}',
  ],
  [
    'agentlog-neg-base64-nonsecret-tool-output',
    '{"type":"tool_result","tool_use_id":"toolu_01{a22}","content":"$ echo -n \'acme-web:production\' | base64\\nYWNtZS13ZWI6cHJvZHVjdGlvbg==\\n"}',
  ],
  [
    'agentlog-neg-ci-run-ids-and-artifact-digests',
    '{"event":"tool.result","call":"call_{a24}","data":{"run_id":{d11},"run_attempt":1,"head_sha":"{h40}","artifact":{"id":{d10},"name":"coverage","digest":"sha256:{h64}"}}}',
  ],
];
