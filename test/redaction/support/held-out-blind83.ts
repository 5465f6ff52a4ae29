/** An eighty-third held-out batch, written blind: credentials whose naming word is not right before them (value on the line after a sentence, under a Markdown heading or bold label, in YAML block scalars, heredocs, multi-line strings, table and CSV columns, fixed-width reports, positional SDK arguments, lists after "creds:"), plain-letter passwords and passphrases in prose, and the same layouts holding non-secrets. */
export const BLIND83_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'far83-api-token-line-after-colon-slack-msg',
    'hey, rotated it this morning. here is the new API token:\n«{a40}»\nlmk if the dashboard still 401s',
  ],
  [
    'far83-staging-db-password-below-chat',
    "password for the staging DB below (user is `app_rw`, host staging-pg.internal):\n\n«{a20}»\n\nplease don't paste it in #general again",
  ],
  [
    'far83-gitlab-deploy-token-indented-after-sentence',
    'Ok the new deploy token for the release bot is\n\n    «glpat-{B20}»\n\nexpires in 90 days.',
  ],
  [
    'far83-vpn-temp-password-email-next-line',
    'Hi Marco,\n\nAs requested, your VPN login has been reset. Your temporary password follows on the next line and must be updated at first sign-in.\n\n«{a14}»\n\nRegards,\nIT Service Desk',
  ],
  [
    'far83-stripe-restricted-key-after-quoted-question',
    '> can someone share the Stripe key for the replay script?\nthis one (restricted, read-only on charges):\n«rk_live_{a24}»',
  ],
  [
    'far83-webhook-signing-secret-handover-two-lines-down',
    'Handover notes – billing webhooks\nThe signing secret for the prod endpoint is on the line below, copy it exactly:\n\n«whsec_{a32}»',
  ],
  ['far83-grafana-admin-pw-question-then-value', "what was the grafana admin pw again? I think it's this but it doesn't work:\n«{a16}»"],
  [
    'far83-mapbox-secret-token-commit-body',
    'fix: use new mapbox token for tiles\n\nnew token (old one revoked):\n«sk.eyJ1Ijoi{B20}In0.{B22}»',
  ],
  [
    'far83-router-admin-pw-split-chat-messages',
    "[10:42] Priya: the router admin pw is…\n[10:42] Priya: «{L5}{d2}{L6}»\n[10:43] Priya: actually don't write it down anywhere",
  ],
  [
    'far83-vpn-psk-onboarding-printed-below',
    'To connect to the office VPN, pick "IKEv2" and use the pre-shared key printed below. Username is your LDAP login.\n\n«{a32}»',
  ],
  [
    'far83-github-recovery-codes-list-after-sentence',
    'Your GitHub recovery codes (keep these safe):\n«{h5}-{h5}»\n«{h5}-{h5}»\n«{h5}-{h5}»\n«{h5}-{h5}»',
  ],
  [
    'far83-mailgun-key-forwarded-mail-next-line',
    '---------- Forwarded message ---------\nFrom: Ops <ops@acme.io>\nSubject: Re: sending blocked on eu domain\n\nNew private API key for the eu domain, shown once:\n«key-{h32}»',
  ],
  [
    'far83-github-pat-issue-comment-bare-fence',
    "Still failing for me. Full token below in case it's a scope thing (will revoke after):\n\n```\n«ghp_{a36}»\n```",
  ],
  [
    'far83-superuser-pw-standup-nested-bullet',
    'standup 12/03\n- migrated reports DB to pg16\n- new superuser pw, since the old one leaked in CI logs:\n  «{a24}»\n- still blocked on VPC peering',
  ],
  [
    'far83-azure-client-secret-so-question-after-colon',
    "I'm getting `invalid_client` when I call the token endpoint. The client secret I'm sending (copied from the Azure portal) is:\n\n«{a3}8Q~{B34}»\n\nWhat am I doing wrong?",
  ],
  ['far83-hf-token-after-cli-prompt-instructions', 'run `huggingface-cli login` and when it asks, paste:\n«hf_{a34}»'],
  [
    'far83-guest-wifi-letters-after-parenthetical',
    "Guest WiFi: AcmeGuest\n(password on the whiteboard, but for remote folks it's)\n«{L4}{U1}{L5}{U1}{L3}»",
  ],
  [
    'far83-backup-passphrase-four-words-next-line',
    'New shared passphrase for the offsite backup archive — four words, lowercase, dashes:\n«{L5}-{L6}-{L4}-{L7}»',
  ],
  ['far83-replica-password-bare-chat-reply', "dana: what's the read replica password?\nsam: «{a22}»\ndana: thx"],
  [
    'far83-sendgrid-key-incident-timeline-next-entry',
    '14:02 rotated the Sendgrid key, new one:\n14:02 «SG.{B22}.{B43}»\n14:05 redeployed notifier',
  ],
  [
    'far83-partner-portal-password-below-paragraph',
    'Log in to the partner portal with the shared account ops@acme.io. The password is below; MFA code comes from the shared Authy.\n\n«{a10}!{a6}»',
  ],
  [
    'far83-telegram-botfather-reply-token-line',
    'Done! Congratulations on your new bot. You will find it at t.me/acme_alerts_bot. You can now add a description, about section and profile picture for your bot.\n\nUse this token to access the HTTP API:\n«{d10}:AA{B33}»\nKeep your token secure and store it safely, it can be used by anyone to control your bot.',
  ],
  [
    'far83-discord-bot-token-after-reset-note',
    'copied from the dev portal after hitting "Reset Token" (it only shows once):\n\n«M{B25}.{B6}.{B38}»',
  ],
  [
    'far83-linear-key-dm-third-message',
    'Alex  9:14 AM\ncan you send me the linear key for the sync script\nJo  9:15 AM\none sec\nJo  9:16 AM\n«lin_api_{a40}»',
  ],
  [
    'far83-kiosk-letters-password-after-rotation-note',
    'Rotated the kiosk account password today. New one (all letters, the kiosk keyboard has no symbols):\n\n«{U1}{L6}{U1}{L7}»',
  ],
  [
    'far83-jenkins-initial-admin-password-banner',
    '*************************************************************\nJenkins initial setup is required. An admin user has been created and a password generated.\nPlease use the following password to proceed to installation:\n\n«{h32}»\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword\n*************************************************************',
  ],
  [
    'far83-argocd-initial-password-cli-output',
    '$ argocd admin initial-password -n argocd\n«{B16}»\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.',
  ],
  [
    'far83-elastic-autoconfig-password-indented-below',
    '✅ Elasticsearch security features have been automatically configured!\n✅ Authentication is enabled and cluster connections are encrypted.\n\nℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  «{B20}»',
  ],
  [
    'far83-rabbitmq-default-user-decoded-stdout',
    "$ kubectl get secret mq-default-user -o jsonpath='{.data.password}' | base64 -d\n«{B32}»",
  ],
  [
    'far83-wireguard-genkey-output-beside-pubkey',
    '$ wg genkey | tee /etc/wireguard/wg0.key\n«{b43}=»\n$ wg pubkey < /etc/wireguard/wg0.key\n{b43}=',
  ],
  [
    'far83-bootstrap-log-credentials-third-line',
    '2024-11-02T09:14:01Z INFO  bootstrap: generated initial admin credentials\n2024-11-02T09:14:01Z INFO  bootstrap:   user: admin\n2024-11-02T09:14:01Z INFO  bootstrap:   «{a20}»',
  ],
  [
    'far83-secrets-txt-comment-labels-above-values',
    '$ cat ops/secrets.txt\n# reporting read replica (user: reporter)\n«{a24}»\n# metabase admin\n«{a18}»',
  ],
  ['far83-age-secret-key-file-after-public-comment', '# created: 2024-05-02T10:11:12Z\n# public key: age1{l58}\n«AGE-SECRET-KEY-1{e58}»'],
  ['far83-bold-password-label-then-value-line', '**Host**\ndb-prod-02.acme.internal\n\n**User**\nreporting\n\n**Password**\n«{a20}»'],
  ['far83-h3-api-key-heading-inline-code-below', '### API key\n\n`«{a32}»`\n\n### Base URL\n\n`https://api.partner.io/v2`'],
  ['far83-h2-credentials-indented-code-block', '## Credentials\n\nAdmin console:\n\n    «{a18}»\n\n(username is `admin`)'],
  ['far83-bold-bot-token-label-fenced-text', '**Bot token**\n\n```text\n«xoxb-{d11}-{d13}-{a24}»\n```'],
  ['far83-confluence-label-colon-then-newline', 'Service account: svc-etl\nPassword:\n«{a24}»\nOwner: data-platform'],
  ['far83-vault-unseal-keys-definition-list', 'Vault unseal key 1\n: «{b44}»\n\nVault unseal key 2\n: «{b44}»'],
  [
    'far83-readme-h4-deploy-key-openssh-block',
    '#### Deploy key (read-only)\n\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB{b47}\n{b70}\n{b70}\n{b40}\n-----END OPENSSH PRIVATE KEY-----»',
  ],
  ['far83-html-dt-dd-client-secret', '<dl>\n  <dt>Client ID</dt>\n  <dd>{l20}</dd>\n  <dt>Client secret</dt>\n  <dd>«{a40}»</dd>\n</dl>'],
  ['far83-org-mode-subheadings-login-password', '* Staging SFTP\n** login\ndeploy\n** password\n«{a16}»'],
  ['far83-h4-webhook-blockquote-slack-url', '#### Webhook\n> «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»'],
  ['far83-wiki-heading-disk-passphrase-words', '== Disk encryption passphrase (lab laptops) ==\n«{L6} {L5} {L7} {L4}»'],
  ['far83-asciidoc-title-literal-block-token', '.Admin token\n....\n«{B43}»\n....'],
  ['far83-bold-twilio-label-unlabelled-bullet', '**Twilio (prod)**\n- SID: AC{h32}\n- «{h32}»'],
  ['far83-passwords-heading-numbered-list', '## Passwords (printer, NAS, camera)\n1. «{L8}{d2}»\n2. «{a14}»\n3. «{L10}»'],
  ['far83-notes-app-title-email-then-password', 'Amazon seller central\nmara@acme-shop.de\n«{a8}#{a7}»'],
  ['far83-bold-bitlocker-recovery-key-next-line', '**BitLocker recovery key (LAPTOP-0417)**\n«{d6}-{d6}-{d6}-{d6}-{d6}-{d6}-{d6}-{d6}»'],
  [
    'far83-h2-secrets-section-bullets-env-names-first',
    '## Secrets for the new cluster\n\n- `ARGOCD_ADMIN`\n- `SENTRY_AUTH`\n\nvalues, same order:\n\n- «{B16}»\n- «sntryu_{h64}»',
  ],
  ['far83-markdown-details-summary-token', '<details>\n<summary>Cloudflare API token (click to reveal)</summary>\n\n«{B40}»\n\n</details>'],
  ['far83-yaml-literal-block-github-token', 'github:\n  app_id: 318842\n  token: |\n    «ghs_{a36}»'],
  ['far83-yaml-folded-strip-db-password', 'database:\n  host: pg.internal\n  password: >-\n    «{a28}»'],
  [
    'far83-k8s-stringdata-token-strip-block-beside-ca',
    'stringData:\n  token: |-\n    «{B64}»\n  ca.crt: |\n    -----BEGIN CERTIFICATE-----\n    MIIC{b60}\n    -----END CERTIFICATE-----',
  ],
  [
    'far83-helm-values-ssh-rsa-key-block',
    'sshKey: |\n  «-----BEGIN RSA PRIVATE KEY-----\n  MIIEow{b58}\n  {b64}\n  {b64}\n  {b32}==\n  -----END RSA PRIVATE KEY-----»',
  ],
  [
    'far83-gha-run-block-echo-sa-jwt-to-file',
    '      - name: Write kube token\n        run: |\n          mkdir -p ~/.kube\n          echo "«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJ{B120}.{B86}»" > ~/.kube/token',
  ],
  [
    'far83-compose-folded-command-requirepass',
    '  redis:\n    image: redis:7-alpine\n    command: >\n      redis-server\n      --appendonly yes\n      --requirepass «{a32}»',
  ],
  [
    'far83-ansible-copy-content-block-newrelic-license',
    '- name: configure newrelic\n  copy:\n    dest: /etc/newrelic-infra.yml\n    content: |\n      license_key: «{h36}NRAL»\n      display_name: web-03',
  ],
  [
    'far83-yaml-list-items-secret-literal-blocks',
    'credentials:\n  - name: prod-readonly\n    secret: |\n      «{a40}»\n  - name: staging-readonly\n    secret: |\n      «{a40}»',
  ],
  ['far83-cloud-init-chpasswd-list-block', '#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:«{a18}»\n    ops:«{a18}»'],
  [
    'far83-alertmanager-keep-block-slack-webhook',
    'global:\n  slack_api_url: |+\n    «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\n\nroute:\n  receiver: ops',
  ],
  ['far83-gitlab-ci-variable-folded-sonar-token', 'variables:\n  SONAR_HOST_URL: https://sonar.acme.io\n  SONAR_TOKEN: >\n    «squ_{h40}»'],
  [
    'far83-yaml-block-gcp-service-account-json',
    'gcp:\n  credentials_json: |\n    {\n      "type": "service_account",\n      "project_id": "acme-prod-318",\n      "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b40}\\n{b64}\\n{b64}\\n-----END PRIVATE KEY-----\\n»",\n      "client_email": "etl@acme-prod-318.iam.gserviceaccount.com"\n    }',
  ],
  ['far83-yaml-block-indent-indicator-api-key', 'partner:\n  endpoint: https://api.northwind.io\n  api_key: |2\n      «{l40}»'],
  [
    'far83-heredoc-dotenv-database-url',
    'cat <<EOF > .env\nPORT=8080\nLOG_LEVEL=info\nDATABASE_URL=postgres://app:«{a24}»@db.internal:5432/app\nEOF',
  ],
  [
    'far83-heredoc-quoted-token-file-bare-value',
    "mkdir -p ~/.config/acme && cat > ~/.config/acme/token <<'EOF'\n«{B48}»\nEOF\nchmod 600 ~/.config/acme/token",
  ],
  [
    'far83-heredoc-kubectl-secret-stdin-stripe',
    'kubectl -n payments create secret generic stripe --from-file=key=/dev/stdin <<EOF\n«sk_live_{a99}»\nEOF',
  ],
  ['far83-herestring-docker-login-password-stdin', 'docker login ghcr.io -u acme-ci --password-stdin <<< "«ghp_{a36}»"'],
  [
    'far83-heredoc-tee-pgpass-replicator',
    "sudo tee /var/lib/postgresql/.pgpass >/dev/null <<'PGPASS'\n*:5432:*:replicator:«{a20}»\nPGPASS",
  ],
  [
    'far83-heredoc-psql-create-role-password',
    "psql -h db.internal -U postgres <<SQL\nCREATE ROLE grafana LOGIN PASSWORD '«{a22}»';\nGRANT pg_read_all_data TO grafana;\nSQL",
  ],
  [
    'far83-heredoc-netrc-append-heroku-key',
    'cat >> ~/.netrc <<EOF\nmachine api.heroku.com\n  login ops@acme.io\n  password «{h8}-{h4}-{h4}-{h4}-{h12}»\nEOF',
  ],
  [
    'far83-heredoc-write-ed25519-private-key',
    "cat > ~/.ssh/id_ed25519 <<'KEY'\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{b70}\n{b70}\n{b70}\n{b24}\n-----END OPENSSH PRIVATE KEY-----»\nKEY\nchmod 600 ~/.ssh/id_ed25519",
  ],
  ['far83-heredoc-vault-kv-put-dash-stdin', 'vault kv put secret/ci/npm token=- <<EOF\n«npm_{a36}»\nEOF'],
  ['far83-heredoc-gh-secret-set-fly-token', "gh secret set FLY_API_TOKEN --repo acme/web <<'EOF'\n«FlyV1 fm2_{B120}»\nEOF"],
  [
    'far83-heredoc-python-stdin-smtp-login-positional',
    'python3 - <<\'PY\'\nimport smtplib\ns = smtplib.SMTP_SSL("smtp.fastmail.com", 465)\ns.login("alerts@acme.io", "«{l16}»")\nPY',
  ],
  [
    'far83-heredoc-expect-send-password',
    'expect <<\'EXP\'\nspawn ssh admin@10.20.0.5\nexpect "password:"\nsend "«{a14}»\\r"\ninteract\nEXP',
  ],
  [
    'far83-heredoc-ftp-batch-user-line',
    'ftp -n ftp.partner-edi.com <<END\nuser acme_edi «{a12}»\nbinary\nput orders_20241104.edi\nbye\nEND',
  ],
  ['far83-heredoc-passwd-stdin-two-lines', 'passwd deploy <<EOF\n«{a16}»\n«{a16}»\nEOF'],
  [
    'far83-python-triple-quoted-ini-admin-password',
    'DEFAULT_CONFIG = """\n[server]\nhost = 0.0.0.0\nport = 8000\n\n[auth]\nadmin_password = «{a20}»\n"""',
  ],
  ['far83-python-implicit-concat-split-token', 'API_TOKEN = (\n    "«{a20}»"\n    "«{a20}»"\n)'],
  [
    'far83-js-template-literal-libpq-dsn',
    'const dsn = `\n  host=db.internal\n  port=5432\n  user=orders\n  password=«{a22}»\n  sslmode=require\n`;',
  ],
  [
    'far83-python-dedent-fstring-netrc',
    'NETRC = textwrap.dedent(f"""\\\n    machine artifacts.acme.io\n    login ci\n    password «{a32}»\n""")',
  ],
  [
    'far83-python-docstring-leaked-account-key',
    'def fetch_rates():\n    """Fetch FX rates.\n\n    Uses the account key below (prod):\n        «{h32}»\n    """\n    ...',
  ],
  [
    'far83-ruby-squiggly-heredoc-ec-key',
    'PRIVATE_KEY = <<~PEM\n  «-----BEGIN EC PRIVATE KEY-----\n  MHcCAQEEI{b43}\n  oAoGCCqGSM49AwEHoUQDQgAE{b64}\n  {b24}==\n  -----END EC PRIVATE KEY-----»\nPEM',
  ],
  [
    'far83-kotlin-trimmargin-kafka-jaas',
    'val props = """\n    |bootstrap.servers=pkc-{l5}.eu-central-1.aws.confluent.cloud:9092\n    |sasl.mechanism=PLAIN\n    |sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{B64}»";\n""".trimMargin()',
  ],
  ['far83-js-concat-discord-webhook-pieces', "const webhook =\n  'https://discord.com/api/webhooks/' +\n  '{d18}/' +\n  '«{B68}»';"],
  [
    'far83-csharp-verbatim-connstring-multiline',
    'var cs = @"Server=tcp:acme-sql.database.windows.net,1433;\n           Initial Catalog=orders;\n           User ID=orders_app;\n           Password=«{a20}»;\n           Encrypt=True;";',
  ],
  [
    'far83-python-single-triple-json-body-client-secret',
    'payload = \'\'\'\n{\n  "grant_type": "client_credentials",\n  "client_id": "{l24}",\n  "client_secret": "«{a40}»"\n}\n\'\'\'',
  ],
  ['far83-rust-raw-string-cargo-registry-token', 'let toml = r#"\n[registry]\ntoken = "«cio{a32}»"\n"#;'],
  [
    'far83-json-nested-positional-pair-array',
    '{\n  "database": {\n    "credentials": {\n      "primary": [\n        "reporting",\n        "«{a22}»"\n      ]\n    }\n  }\n}',
  ],
  [
    'far83-xml-values-list-smtp-triplet',
    '<entry key="smtp">\n  <value>mail.acme.io:587</value>\n  <value>alerts</value>\n  <value>«{a18}»</value>\n</entry>',
  ],
  ['far83-properties-backslash-continuation', 'db.url=jdbc:mysql://db.internal:3306/shop\ndb.password=\\\n    «{a20}»'],
  ['far83-ini-multiline-value-next-indented', '[oauth]\nclient_id = {l24}\nclient_secret =\n    «{a40}»'],
  [
    'far83-dockerfile-run-userinfo-split-line',
    'RUN curl -fsSL -u deploy:\\\n«{a24}» \\\n    https://nexus.acme.io/repository/raw/agent.tgz -o /tmp/agent.tgz',
  ],
  ['far83-shell-export-backslash-next-line', 'export SNOWFLAKE_PASSWORD=\\\n"«{a20}»"'],
  [
    'far83-md-table-password-column-three-envs',
    '| env     | host             | user   | password |\n|---------|------------------|--------|----------|\n| dev     | pg-dev.internal  | app    | «{a16}» |\n| staging | pg-stg.internal  | app    | «{a16}» |\n| prod    | pg-prod.internal | app_ro | «{a20}» |',
  ],
  [
    'far83-psql-aligned-output-api-key-column',
    ' id |  name   |             api_key              | active\n----+---------+----------------------------------+--------\n  1 | acme    | «{a32}» | t\n  2 | globex  | «{a32}» | t\n  3 | initech | «{a32}» | f\n(3 rows)',
  ],
  [
    'far83-mysql-box-table-plaintext-passwords',
    '+----+----------+----------------------+\n| id | username | password             |\n+----+----------+----------------------+\n|  1 | admin    | «{a20}» |\n|  2 | kiosk    | «{L12}»         |\n+----+----------+----------------------+\n2 rows in set (0.00 sec)',
  ],
  [
    'far83-html-table-secret-column',
    '<table>\n  <tr><th>System</th><th>Login</th><th>Secret</th></tr>\n  <tr><td>Jenkins</td><td>ci-bot</td><td>«11{h32}»</td></tr>\n  <tr><td>Nexus</td><td>deploy</td><td>«{a18}»</td></tr>\n</table>',
  ],
  [
    'far83-confluence-wiki-markup-table-passwords',
    '||Service||Username||Password||\n|Zabbix|Admin|«{a14}»|\n|pfSense|admin|«{a14}»|\n|iDRAC|root|«{a14}»|',
  ],
  [
    'far83-md-table-partner-token-column-in-chat',
    'Service tokens we issued to partners last quarter:\n\n| Partner | Scope | Token |\n|---|---|---|\n| Northwind | read | «{l40}» |\n| Contoso | read,write | «{l40}» |',
  ],
  [
    'far83-spreadsheet-paste-tab-pass-column',
    "Account\tEmail\tPass\tNotes\nGoogle Ads\tads@acme.io\t«{a14}»\t2FA on Mia's phone\nMeta Business\tads@acme.io\t«{a14}»\t\nLinkedIn\tads@acme.io\t«{a14}»\tshared",
  ],
  [
    'far83-rst-grid-table-admin-key-row',
    '+-----------+----------------------------------+\n| Key       | Value                            |\n+===========+==================================+\n| endpoint  | https://search.acme.io           |\n+-----------+----------------------------------+\n| admin key | «{h32}» |\n+-----------+----------------------------------+',
  ],
  [
    'far83-fixed-table-header-then-blank-rows-values',
    'LOGIN                PASSWORD                 EXPIRES\n=================================================================\n\n\nsvc_reports          «{a20}»     2025-03-01\nsvc_ingest           «{a20}»     2025-03-01',
  ],
  [
    'far83-md-table-secret-last-of-six-columns',
    '| # | Environment | Region | Owner | Rotated | Secret |\n|---|---|---|---|---|---|\n| 1 | prod | eu-west-1 | @kim | 2024-09-01 | «{B43}» |\n| 2 | prod | us-east-1 | @kim | 2024-09-01 | «{B43}» |',
  ],
  [
    'far83-tsv-vendor-credential-column',
    'Vendor\tPortal\tCredential\nTwilio\tconsole.twilio.com\t«{h32}»\nMailgun\tapp.mailgun.com\t«key-{h32}»\nSentry\tsentry.io\t«sntryu_{h64}»',
  ],
  [
    'far83-airflow-connection-plain-wide-row',
    '$ airflow connections get snowflake_default -o plain\nconn_id            conn_type  host                                            login     password                  port\nsnowflake_default  snowflake  ab12345.eu-central-1.snowflakecomputing.com  ETL_USER  «{a20}»      None',
  ],
  [
    'far83-sqlite-column-mode-tokens-table',
    'sqlite> .mode column\nsqlite> select service, token from integrations;\nservice     token\n----------  ----------------------------------------\nnotion      «ntn_{d11}{a35}»\nfigma       «figd_{B40}»',
  ],
  [
    'far83-md-table-header-far-then-separator-rows',
    '| Name | Value |\n| ---- | ----- |\n| Bucket | acme-exports |\n| Region | eu-central-1 |\n| Prefix | nightly/ |\n| Access key | backup-writer |\n| Secret | «{a40}» |',
  ],
  [
    'far83-vault-kv-get-data-two-columns',
    '$ vault kv get secret/prod/payments\n======= Secret Path =======\nsecret/data/prod/payments\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       2024-10-02T09:12:44.31Z\nversion            7\n\n====== Data ======\nKey                Value\n---                -----\nstripe_secret      «sk_live_{a24}»\nwebhook_secret     «whsec_{a32}»',
  ],
  [
    'far83-heroku-config-vars-aligned-output',
    '$ heroku config -a acme-api\n=== acme-api Config Vars\nLOG_LEVEL:            info\nPAPERTRAIL_API_TOKEN: «{a20}»\nREDIS_URL:            redis://h:«p{h64}»@ec2-54-1-2-3.compute-1.amazonaws.com:12219\nWEB_CONCURRENCY:      2',
  ],
  [
    'far83-dotted-leader-connection-report',
    'CONNECTION REPORT                                   2024-11-04 06:00\n--------------------------------------------------------------------\nHost ........................................ ftp.partner-edi.com\nPort ........................................ 21\nLogin ....................................... acme_edi\nPassword .................................... «{a12}»\nMode ........................................ passive',
  ],
  [
    'far83-router-card-two-columns-letters-psk',
    'Router      Model         : RT-AX88U\n            SSID          : acme-office\n            WPA2 key      : «{L5}{d3}{L5}»\n            Admin login   : admin / «{a12}»',
  ],
  [
    'far83-wp-cli-config-list-box',
    '$ wp config list --fields=name,value\n+-------------+------------------------------------------------------------------+\n| name        | value                                                            |\n+-------------+------------------------------------------------------------------+\n| DB_NAME     | wp_shop                                                          |\n| DB_USER     | wp_shop                                                          |\n| DB_PASSWORD | «{a24}»                                         |\n| AUTH_KEY    | «{a64}» |\n+-------------+------------------------------------------------------------------+',
  ],
  [
    'far83-storage-accounts-two-column-report',
    'SERVICE ACCOUNT SUMMARY\nAccount name      Account key\n------------      -----------\nacmelogs          «{b86}==»\nacmebackups       «{b86}==»',
  ],
  [
    'far83-printenv-column-t-aligned',
    '$ printenv | sort | column -t -s=\nHOME           /home/deploy\nHOSTNAME       api-7c9f\nPGPASSWORD     «{a22}»\nSENTRY_ENV     production',
  ],
  [
    'far83-terraform-output-jq-tab-separated',
    '$ terraform output -json | jq -r \'to_entries[] | "\\(.key)\\t\\(.value.value)"\'\nbucket_name\tacme-artifacts-prod\ndb_password\t«{a24}»\nredis_auth\t«{a32}»',
  ],
  [
    'far83-azure-devops-agent-summary-pat',
    '[Credentials for build agent 14]\n  Agent pool        Default\n  PAT               «{k52}»\n  Expires           2025-01-31',
  ],
  [
    'far83-label-column-then-value-column-separate-blocks',
    'SMTP relay settings (as printed by the appliance)\n\nServer\nPort\nUsername\nPassword\n\nrelay.acme-mail.net\n587\nscanner@acme.io\n«{a16}»',
  ],
  ['far83-csv-username-password-host', 'username,password,host\netl_loader,«{a18}»,pg-dw.internal\nbi_reader,«{a18}»,pg-dw.internal'],
  [
    'far83-chrome-passwords-csv-export',
    'name,url,username,password,note\ngithub.com,https://github.com/login,mkowalski,«{a16}»,\napp.hubspot.com,https://app.hubspot.com/login,mk@acme.io,«{a14}»,',
  ],
  [
    'far83-bitwarden-csv-export-password-and-totp',
    'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nWork,,login,AWS root,,,0,https://console.aws.amazon.com,root@acme.io,«{a24}»,«{c32}»',
  ],
  [
    'far83-lastpass-csv-secure-note-multiline',
    'url,username,password,totp,extra,name,grouping,fav\nhttps://portal.azure.com,ops@acme.onmicrosoft.com,«{a18}»,,,Azure portal,Infra,0\nhttp://sn,,,,"NoteType:Server\nHostname:bastion.acme.io\nUsername:ubuntu\nPassword:«{a16}»",Bastion,Infra,0',
  ],
  [
    'far83-onepassword-csv-export-row',
    'Title,Website,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\nCloudflare,https://dash.cloudflare.com,infra@acme.io,«{a20}»,,false,false,infra,',
  ],
  [
    'far83-aws-console-credentials-csv',
    'User name,Password,Console sign-in URL\njdoe,«{a12}{d2}»,https://{d12}.signin.aws.amazon.com/console',
  ],
  [
    'far83-csv-semicolon-german-kennwort',
    '"Kunde";"Benutzer";"Kennwort";"Server"\n"Müller GmbH";"mueller_ftp";"«{a14}»";"ftp.acme-hosting.de"\n"Bäckerei Kraus";"kraus_ftp";"«{a14}»";"ftp.acme-hosting.de"',
  ],
  [
    'far83-csv-api-keys-export-secret-last',
    'key_id,label,created_at,secret\nak_{l12},reporting,2024-06-01T10:00:00Z,«sk_{a40}»\nak_{l12},zapier,2024-07-19T08:31:12Z,«sk_{a40}»',
  ],
  [
    'far83-tsv-user-import-initial-password-letters',
    'email\tfirst\tlast\tinitial_password\nana@acme.io\tAna\tRuiz\t«{L4}{U1}{L4}{d2}»\nli@acme.io\tLi\tWei\t«{L4}{U1}{L4}{d2}»',
  ],
  [
    'far83-csv-comment-columns-line-no-header',
    '# export generated by acme-admin 3.2 on 2024-12-01\n# columns: login, secret, last_used\nsvc-backup,«{a32}»,2024-11-30\nsvc-metrics,«{a32}»,2024-12-01',
  ],
  ['far83-csv-hotel-wifi-vouchers-letter-groups', 'room,ssid,passphrase\n101,HotelGuest,«{L4}-{L4}-{L4}»\n102,HotelGuest,«{L4}-{L4}-{L4}»'],
  ['far83-csv-inside-python-triple-string', 'ROWS = """user,pass,host\nmq_admin,«{a20}»,rabbit-1.internal\n"""'],
  ['far83-csv-token-audit-fine-grained-pat', 'owner,token_name,token,expires\n@lena,terraform,«github_pat_{a22}_{a59}»,2025-02-01'],
  [
    'far83-csv-head-command-output-password-col',
    '$ head -3 legacy_users.csv\nuid,login,pwd_plain,created\n1001,jmartin,«{a12}»,2016-03-02\n1002,kpatel,«{L11}»,2016-03-09',
  ],
  [
    'far83-csv-quoted-with-commas-in-notes',
    '"host","port","user","password","notes"\n"mq-1.internal","5672","orders","«{a20}»","vhost /, rotated q3, ask @ops"',
  ],
  [
    'far83-twilio-node-constructor-positional-token',
    "const twilio = require('twilio');\nconst client = new twilio.Twilio('AC{h32}', '«{h32}»');",
  ],
  ['far83-twilio-python-api-key-secret-triple', 'client = Client("SK{h32}", "«{a32}»", "AC{h32}")'],
  ['far83-stripe-node-require-call-positional', "const stripe = require('stripe')('«sk_live_{a99}»');"],
  ['far83-stripe-node-new-with-options-restricted', "const stripe = new Stripe('«rk_live_{a99}»', { apiVersion: '2024-06-20' });"],
  ['far83-stripe-php-stripeclient-positional', "$stripe = new \\Stripe\\StripeClient('«sk_live_{a24}»');"],
  ['far83-redis-py-four-positional-args', 'r = redis.Redis("cache.internal", 6379, 0, "«{a32}»")'],
  [
    'far83-strictredis-multiline-positional',
    'pool = redis.StrictRedis(\n    "sessions.abc123.ng.0001.euw1.cache.amazonaws.com",\n    6379,\n    2,\n    "«{a40}»",\n)',
  ],
  [
    'far83-psycopg2-connect-dsn-single-string',
    'conn = psycopg2.connect("dbname=orders user=orders_app password=«{a22}» host=pg.internal port=5432")',
  ],
  [
    'far83-psycopg2-connect-dsn-concatenated-lines',
    'conn = psycopg2.connect(\n    "host=10.0.4.12 port=5432 "\n    "dbname=analytics user=looker "\n    "password=«{a24}» sslmode=require"\n)',
  ],
  ['far83-mysqldb-connect-four-positional', 'db = MySQLdb.connect("mysql.internal", "inventory", "«{a18}»", "inventory")'],
  ['far83-cx-oracle-connect-user-pass-dsn', 'con = cx_Oracle.connect("hr_app", "«{a16}»", "oradb.internal:1521/ORCLPDB1")'],
  [
    'far83-jdbc-getconnection-third-arg',
    'Connection c = DriverManager.getConnection(\n    "jdbc:postgresql://pg.internal:5432/billing", "billing", "«{a20}»");',
  ],
  [
    'far83-sequelize-constructor-positional',
    "const sequelize = new Sequelize('shop', 'shop_rw', '«{a20}»', {\n  host: 'mariadb.internal',\n  dialect: 'mariadb',\n});",
  ],
  ['far83-php-pdo-constructor-positional', "$pdo = new PDO('mysql:host=db.internal;dbname=crm;charset=utf8mb4', 'crm', '«{a18}»');"],
  ['far83-ftplib-ftp-host-user-passwd', 'ftp = ftplib.FTP("ftp.partner-edi.com", "acme_edi", "«{a12}»")\nftp.cwd("/outbound")'],
  [
    'far83-paramiko-connect-positional-password',
    'ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("10.20.0.5", 22, "deploy", "«{a16}»")',
  ],
  [
    'far83-requests-auth-tuple-atlassian-token',
    'resp = requests.get(\n    "https://acme.atlassian.net/rest/api/2/search?jql=project=OPS",\n    auth=("svc-jira@acme.io", "«ATATT3xFfGF0{B150}={H8}»"),\n)',
  ],
  [
    'far83-ldap-simple-bind-s-positional',
    'l = ldap.initialize("ldaps://ldap.acme.io")\nl.simple_bind_s("cn=readonly,dc=acme,dc=io", "«{a18}»")',
  ],
  [
    'far83-imap-login-google-app-password-letters',
    'M = imaplib.IMAP4_SSL("imap.gmail.com")\nM.login("invoices@acme.io", "«{L4} {L4} {L4} {L4}»")',
  ],
  ['far83-pygithub-github-positional-pat', 'from github import Github\ngh = Github("«ghp_{a36}»")'],
  ['far83-slack-sdk-webclient-positional', 'client = WebClient("«xoxb-{d12}-{d13}-{a24}»")'],
  ['far83-discord-client-run-positional', 'client.run("«M{B25}.{B6}.{B38}»")'],
  [
    'far83-algoliasearch-admin-key-positional',
    "const client = algoliasearch('{u10}', '«{h32}»');\nconst index = client.initIndex('products');",
  ],
  ['far83-sendgrid-apiclient-positional', 'sg = SendGridAPIClient("«SG.{B22}.{B43}»")'],
  ['far83-postmark-serverclient-uuid-positional', 'const client = new postmark.ServerClient("«{h8}-{h4}-{h4}-{h4}-{h12}»");'],
  ['far83-pyjwt-encode-positional-secret', 'token = jwt.encode({"sub": user_id, "exp": exp}, "«{a48}»", algorithm="HS256")'],
  ['far83-jsonwebtoken-sign-positional-secret', "const token = jwt.sign({ uid: user.id }, '«{a44}»', { expiresIn: '1h' });"],
  ['far83-cookie-parser-positional-secret', "app.use(cookieParser('«{a32}»'));"],
  ['far83-fernet-bytes-positional-key', 'f = Fernet(b"«{B43}=»")'],
  [
    'far83-pika-plaincredentials-positional',
    'creds = pika.PlainCredentials("orders", "«{a20}»")\nparams = pika.ConnectionParameters("rabbitmq.internal", 5672, "/", creds)',
  ],
  ['far83-neo4j-driver-auth-tuple', 'driver = GraphDatabase.driver("neo4j+s://{h8}.databases.neo4j.io", auth=("neo4j", "«{B43}»"))'],
  ['far83-csharp-networkcredential-three-args', 'client.Credentials = new NetworkCredential("svc_print", "«{a16}»", "ACME");'],
  ['far83-go-smtp-plainauth-positional', 'auth := smtp.PlainAuth("", "apikey", "«SG.{B22}.{B43}»", "smtp.sendgrid.net")'],
  ['far83-boto3-session-positional-secret-env-id', 'session = boto3.Session(os.environ["AWS_ACCESS_KEY_ID"], "«{b40}»")'],
  ['far83-azure-storage-shared-key-credential', 'const cred = new StorageSharedKeyCredential("acmelogs", "«{b86}==»");'],
  ['far83-mailjet-client-auth-tuple-secret', 'mailjet = Client(auth=("{h32}", "«{h32}»"), version="v3.1")'],
  ['far83-hvac-client-url-token-positional', 'client = hvac.Client("https://vault.internal:8200", "«hvs.{B91}»")'],
  ['far83-redis-cli-auth-default-user', '$ redis-cli -h cache.internal\ncache.internal:6379> AUTH default «{a32}»\nOK'],
  ['far83-htpasswd-batch-bcrypt-positional', 'htpasswd -bB /etc/nginx/.htpasswd grafana «{a18}»'],
  ['far83-rabbitmqctl-add-user-positional', 'rabbitmqctl add_user orders «{a20}»\nrabbitmqctl set_permissions -p / orders ".*" ".*" ".*"'],
  ['far83-windows-net-user-add-positional', 'net user svc_backup «{a14}» /add /y\nnet localgroup "Backup Operators" svc_backup /add'],
  ['far83-smbclient-user-percent-password', "smbclient //fs01.acme.local/finance -U 'ACME\\svc_scan%«{a16}»'"],
  ['far83-sshpass-p-rsync', "sshpass -p '«{a14}»' rsync -az ./dist/ deploy@10.20.0.5:/srv/app/"],
  ['far83-ipmitool-uppercase-letters-password', 'ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P «{U10}» chassis power status'],
  ['far83-creds-colon-dash-slash-pairs', 'creds:\n- grafana / «{a14}»\n- kibana / «{a14}»\n- argo / «{a14}»'],
  ['far83-creds-yaml-list-bare-hex-tokens', 'creds:\n  - «{h40}»\n  - «{h40}»'],
  ['far83-python-list-valid-tokens', 'VALID_TOKENS = [\n    "«{a32}»",\n    "«{a32}»",\n    "«{a32}»",\n]'],
  ['far83-json-keys-array-two-values', '{\n  "service": "ingest",\n  "keys": [\n    "«{l48}»",\n    "«{l48}»"\n  ]\n}'],
  [
    'far83-chat-creds-bullets-env-then-value',
    'Creds for the demo tenant:\n• prod: «{a16}»\n• staging: «{a16}»\n• login for both is demo-admin',
  ],
  ['far83-creds-colon-whitespace-columns', 'creds:\n    bastion    ubuntu    «{a18}»\n    db         postgres  «{a18}»'],
  [
    'far83-kiosk-numbered-list-letters-only',
    'Login details for the three kiosk tablets (same user `kiosk`):\n1) lobby   «{L9}»\n2) cafe    «{L9}»\n3) gym     «{L9}»',
  ],
  [
    'far83-toml-array-signing-secrets-with-comments',
    '[webhooks]\nsigning_secrets = [\n  "«whsec_{a32}»",  # current\n  "«whsec_{a32}»",  # previous, valid until 2024-12-31\n]',
  ],
  ['far83-creds-label-indented-user-then-password', 'Creds (read-only, expire Friday):\n    auditor-ext\n    «{a20}»'],
  [
    'far83-bash-array-gitlab-tokens-loop',
    'TOKENS=(\n  "«glpat-{B20}»"\n  "«glpat-{B20}»"\n)\nfor t in "${TOKENS[@]}"; do curl -sf -H "PRIVATE-TOKEN: $t" https://gitlab.acme.io/api/v4/user >/dev/null || echo bad; done',
  ],
  ['far83-creds-colon-inline-comma-list', 'creds: ops-admin, «{a18}», totp in the shared authenticator'],
  ['far83-go-slice-literal-api-keys', 'var apiKeys = []string{\n\t"«{l32}»",\n\t"«{l32}»",\n}'],
  ['far83-creds-colon-user-at-host-then-password-lines', 'creds:\n  root@backup-01\n  «{a20}»\n  root@backup-02\n  «{a20}»'],
  ['far83-restic-passphrase-hyphen-words-inline', 'The restic repo passphrase is «{L6}-{L5}-{L7}-{L5}», same as the old borg one.'],
  [
    'far83-luks-passphrase-spaces-quoted-chat',
    'ok so the luks passphrase on the media server is "«{L5} {L6} {L5} {L6}»" (all lowercase, spaces between)',
  ],
  [
    'far83-figma-login-camel-letters-only',
    'fyi the shared Figma login password is now «{U1}{L6}{U1}{L6}», Jess rotated it after the offboarding',
  ],
  ['far83-office-wifi-lowercase-letters-pw', 'wifi in the new office is AcmeHQ-5G, pw «{L14}»'],
  [
    'far83-gpg-passphrase-dot-separated-words',
    "Use «{L5}.{L6}.{L5}.{L4}» for the gpg key when it prompts; I'll rotate it after the release is signed.",
  ],
  [
    'far83-keepass-master-capitalised-words-joined',
    'The KeePass master password is «{U1}{L5}{U1}{L6}{U1}{L4}{U1}{L5}» — no spaces, each word capitalised.',
  ],
  ['far83-jenkins-admin-underscore-words-digits', "I set the jenkins admin pw to «{L6}_{L7}_{L5}_{d2}», pls don't lock it out again"],
  [
    'far83-alarm-code-word-between-dashes',
    "Call notes: Tom read out the alarm panel code word over the phone — «{L7}{L6}» — it's what the security company asks for when they call.",
  ],
  ['far83-synology-admin-letters-in-parentheses', 'Logged into the old Synology (admin / «{L5}{U2}{L5}») and exported the shares list.'],
  [
    'far83-zoom-rooms-passphrase-quoted-reply',
    "> Could you remind me what the Zoom Rooms admin password is?\nIt's «{L5}-{L4}-{L6}-{L5}», same as the display controller.",
  ],
  [
    'far83-diceware-six-words-next-line',
    'Diceware output for the new vault recovery passphrase:\n«{L5} {L4} {L6} {L5} {L4} {L5}»\nPrinted copy is in the safe.',
  ],
  ['far83-german-wlan-passwort-letters', 'Das WLAN-Passwort für das Lager lautet «{U1}{L11}», bitte nicht weitergeben.'],
  ['far83-spanish-contrasena-router-letters', 'La contraseña del router nuevo es «{L6}{U1}{L6}» (sin números).'],
  ['far83-qa-lead-sign-in-with-letters', 'you can sign in as `qa-lead` with «{L5}{U1}{L5}{U1}{L3}» until SSO is wired up'],
  [
    'far83-backup-passphrase-between-em-dashes-far',
    'We moved the backups to the new NAS last week. Encryption is on; the key file lives on the admin laptop, and the phrase that unlocks it — «{L6}-{L5}-{L6}-{L4}-{L5}» — is also in the sealed envelope in the finance safe.',
  ],
  ['far83-contractor-login-inline-code-pair', 'Temporary login for the contractor: `jwalsh` / `«{L4}{U1}{L7}»`'],
  ['far83-commit-message-parenthetical-passphrase', 'chore: bump backup cron\n\n(passphrase for the new repo: «{L5}-{L7}-{L4}-{L6}»)'],
  [
    'far83-passphrase-plus-separators-in-ticket',
    "Ticket #4471 resolved: reset the CFO's laptop unlock phrase to «{L5}+{L6}+{L5}+{L4}» and asked him to pick his own on next login.",
  ],
  ['far83-letters-password-said-after-username-comma', 'the NAS web UI is at http://10.0.0.40:5000, login admin, then «{L7}{U1}{L5}»'],
  [
    'far83-passphrase-in-markdown-bold-prose',
    'Reminder: the offline CA key is protected by **«{L6} {L6} {L5} {L7}»** — only Kim and Raj should know it, delete this message after reading.',
  ],
  ['far83-passphrase-slack-code-span-lowercase', "vpn cert import asks for a passphrase, it's `«{L5}{L6}{L5}»` (no spaces)"],
  ['far83-letters-password-two-accounts-one-message', 'mailbox creds: billing@ → «{L5}{U1}{L6}», support@ → «{L6}{U1}{L5}»'],
];

export const BLIND83_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'far83-neg-token-line-after-colon-is-actions-ref',
    "here is the new API token:\n${{ secrets.PARTNER_API_TOKEN }}\n(it's in the repo secrets now, don't paste the raw value)",
  ],
  ['far83-neg-password-below-is-vault-command', 'password for the staging DB below:\n\nvault kv get -field=password secret/staging/pg'],
  [
    'far83-neg-password-rotated-no-value',
    'Rotated the prod DB password at 09:40 UTC. New value is in 1Password (vault "Infra", item "pg-prod superuser"). Old one stops working at 12:00.',
  ],
  [
    'far83-neg-h3-api-key-heading-then-instructions',
    '### API key\n\nGenerate one under Settings → Developer → API keys, then export it as `ACME_API_KEY` before running `make seed`.',
  ],
  ['far83-neg-bold-password-label-then-policy-text', '**Password**\nAt least 14 characters, one symbol, not reused from the last 5.'],
  ['far83-neg-bold-labels-host-user-port-only', '**Host**\ndb-prod-02.acme.internal\n\n**User**\nreporting\n\n**Port**\n5432'],
  [
    'far83-neg-yaml-literal-block-public-certificate',
    'tls:\n  certificate: |\n    -----BEGIN CERTIFICATE-----\n    MIIDdzCCAl+gAwIBAgIUH{b40}\n    {b64}\n    {b48}\n    -----END CERTIFICATE-----',
  ],
  [
    'far83-neg-yaml-block-ssh-authorized-public-key',
    'users:\n  - name: deploy\n    ssh_authorized_keys: |\n      ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci',
  ],
  [
    'far83-neg-yaml-block-script-commands',
    'deploy:\n  script: |\n    npm ci\n    npm run build -- --mode production\n    npx wrangler deploy --env prod',
  ],
  [
    'far83-neg-heredoc-dotenv-without-credentials',
    'cat <<EOF > .env\nPORT=8080\nLOG_LEVEL=info\nDATABASE_URL=postgres://app@db.internal:5432/app\nREDIS_URL=redis://cache.internal:6379/0\nEOF',
  ],
  ['far83-neg-heredoc-npmrc-escaped-env-ref', 'cat > ~/.npmrc <<EOF\n//registry.npmjs.org/:_authToken=\\${NPM_TOKEN}\nEOF'],
  [
    'far83-neg-herestring-kubectl-secret-from-op-read',
    'kubectl create secret generic stripe --from-file=key=/dev/stdin <<< "$(op read op://Payments/stripe/secret_key)"',
  ],
  [
    'far83-neg-python-triple-quoted-ini-interpolation',
    'DEFAULT_CONFIG = """\n[server]\nhost = 0.0.0.0\nport = 8000\n\n[auth]\nadmin_password = %(ADMIN_PASSWORD)s\n"""',
  ],
  [
    'far83-neg-js-template-dsn-env-interpolation',
    'const dsn = `\n  host=${process.env.PGHOST}\n  user=${process.env.PGUSER}\n  password=${process.env.PGPASSWORD}\n`;',
  ],
  [
    'far83-neg-md-table-password-column-masked',
    '| env     | host             | user   | password |\n|---------|------------------|--------|----------|\n| dev     | pg-dev.internal  | app    | ******** |\n| staging | pg-stg.internal  | app    | ******** |\n| prod    | pg-prod.internal | app_ro | (vault)  |',
  ],
  [
    'far83-neg-psql-table-key-prefix-and-sha256',
    ' id |  name  | key_prefix |                            key_sha256\n----+--------+------------+------------------------------------------------------------------\n  1 | acme   | ak_{l5}   | {h64}\n  2 | globex | ak_{l5}   | {h64}\n(2 rows)',
  ],
  [
    'far83-neg-mysql-box-table-users-last-login',
    '+----+----------+---------------------+\n| id | username | last_login          |\n+----+----------+---------------------+\n|  1 | admin    | 2024-11-02 09:14:01 |\n|  2 | kiosk    | 2024-11-01 18:40:55 |\n+----+----------+---------------------+\n2 rows in set (0.00 sec)',
  ],
  [
    'far83-neg-csv-username-password-host-masked',
    'username,password,host\netl_loader,********,pg-dw.internal\nbi_reader,********,pg-dw.internal',
  ],
  [
    'far83-neg-csv-header-only-with-instruction',
    'name,url,username,password,note\n(leave the password column empty; the import script generates one per row)',
  ],
  [
    'far83-neg-bitwarden-csv-row-empty-password',
    'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nWork,,login,Status page,,,0,https://status.acme.io,ops@acme.io,,',
  ],
  ['far83-neg-csv-release-files-sha256', 'path,size,sha256\ndist/app.js,482113,{h64}\ndist/app.css,51230,{h64}'],
  [
    'far83-neg-vault-kv-metadata-two-columns',
    '$ vault kv metadata get secret/prod/payments\n========== Metadata Path ==========\nsecret/metadata/prod/payments\n\n========== Metadata ==========\nKey                     Value\n---                     -----\ncas_required            false\ncreated_time            2024-01-09T11:02:33.5Z\ncurrent_version         7\nmax_versions            0',
  ],
  [
    'far83-neg-kubectl-get-secrets-listing',
    '$ kubectl get secrets -n payments\nNAME                  TYPE                                  DATA   AGE\nstripe                Opaque                                1      41d\ndefault-token-{l5}    kubernetes.io/service-account-token   3      212d\nregcred               kubernetes.io/dockerconfigjson        1      212d',
  ],
  [
    'far83-neg-aws-configure-list-masked-columns',
    '$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                       ci           manual    --profile\naccess_key     ****************{U4} shared-credentials-file\nsecret_key     ****************{U4} shared-credentials-file\n    region             eu-central-1      config-file    ~/.aws/config',
  ],
  [
    'far83-neg-twilio-constructor-env-args',
    'const client = new twilio.Twilio(process.env.TWILIO_ACCOUNT_SID, process.env.TWILIO_AUTH_TOKEN);',
  ],
  ['far83-neg-loadstripe-publishable-key-positional', "const stripePromise = loadStripe('pk_live_{a99}');"],
  ['far83-neg-stripe-require-env-secret', "const stripe = require('stripe')(process.env.STRIPE_SECRET_KEY);"],
  ['far83-neg-redis-positional-host-port-db-only', 'r = redis.Redis("cache.internal", 6379, 0)\nr.ping()'],
  [
    'far83-neg-psycopg2-dsn-no-password-sslrootcert',
    'conn = psycopg2.connect("dbname=orders user=orders_app host=pg.internal port=5432 sslmode=verify-full sslrootcert=/etc/ssl/rds-ca.pem")',
  ],
  [
    'far83-neg-psycopg2-dsn-password-from-environ',
    'conn = psycopg2.connect(f"dbname=orders user=orders_app password={os.environ[\'PGPASSWORD\']} host=pg.internal")',
  ],
  ['far83-neg-jdbc-getconnection-variable-args', 'Connection c = DriverManager.getConnection(jdbcUrl, dbUser, dbPassword);'],
  [
    'far83-neg-sequelize-constructor-env-args',
    "const sequelize = new Sequelize(process.env.DB_NAME, process.env.DB_USER, process.env.DB_PASS, { dialect: 'postgres' });",
  ],
  ['far83-neg-algoliasearch-app-id-and-variable', "const client = algoliasearch('{u10}', process.env.ALGOLIA_ADMIN_KEY);"],
  ['far83-neg-paramiko-connect-key-filename', 'ssh.connect("10.20.0.5", 22, "deploy", key_filename="/home/ci/.ssh/id_ed25519")'],
  ['far83-neg-requests-auth-tuple-environ', 'resp = requests.get(url, auth=(os.environ["JIRA_USER"], os.environ["JIRA_TOKEN"]))'],
  ['far83-neg-creds-list-usernames-only', 'creds:\n- grafana / admin\n- kibana / elastic\n- argo / admin\n(passwords in the "Ops" vault)'],
  [
    'far83-neg-python-list-failed-request-uuids',
    'FAILED_REQUEST_IDS = [\n    "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n    "{h8}-{h4}-4{h3}-8{h3}-{h12}",\n]',
  ],
  ['far83-neg-json-array-reverted-commit-shas', '{\n  "reverted": [\n    "{h40}",\n    "{h40}"\n  ]\n}'],
  [
    'far83-neg-xkcd-correct-horse-policy-prose',
    'Per the password policy doc, prefer long passphrases (think xkcd\'s "correct horse battery staple") over short complex strings. Minimum is 4 words.',
  ],
  ['far83-neg-docker-ps-container-names', "$ docker ps --format '{{.Names}}'\nfrosty_hopper\nrelaxed_lovelace\ngracious_turing"],
  [
    'far83-neg-heroku-review-app-names-prose',
    'The review app spun up as shrouded-garden-48213 and the staging one is still quiet-meadow-72104.',
  ],
  [
    'far83-neg-letters-hostname-ssh-prose',
    'ssh into bastion and then hop to the box called pinewood, the password prompt there uses your LDAP creds.',
  ],
  [
    'far83-neg-passphrase-rotated-envelope-prose',
    'The restic repo passphrase was rotated on Monday; the new one is in the sealed envelope in the finance safe, not in Slack.',
  ],
  [
    'far83-neg-wifi-ssid-security-table',
    'SSID            Band   Security\nAcmeGuest       2.4G   WPA2-PSK\nAcmeHQ-5G       5G     WPA3-SAE',
  ],
  [
    'far83-neg-dotted-leader-report-password-stored-elsewhere',
    'CONNECTION REPORT                                   2024-11-04 06:00\n--------------------------------------------------------------------\nHost ........................................ ftp.partner-edi.com\nPort ........................................ 21\nLogin ....................................... acme_edi\nPassword .................................... (stored in key vault)\nMode ........................................ passive',
  ],
  [
    'far83-neg-terraform-output-sensitive-marker',
    '$ terraform output\nbucket_name = "acme-artifacts-prod"\ndb_endpoint = "orders.c8x2.eu-central-1.rds.amazonaws.com:5432"\ndb_password = <sensitive>',
  ],
  [
    'far83-neg-sha256sums-release-artifacts',
    '$ cat SHA256SUMS\n{h64}  acme-cli_2.4.1_linux_amd64.tar.gz\n{h64}  acme-cli_2.4.1_darwin_arm64.tar.gz',
  ],
  [
    'far83-neg-git-log-oneline-secret-words',
    '$ git log --oneline -3\n{h7} rotate stripe key (value moved to vault)\n{h7} remove hard-coded password from seed script\n{h7} add token column to api_keys table',
  ],
  [
    'far83-neg-sops-age-encrypted-block-scalar',
    'sops:\n    age:\n        - recipient: age1{l58}\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgyNTUxOSB{b40}\n            {b64}\n            -----END AGE ENCRYPTED FILE-----',
  ],
  ['far83-neg-csv-user-import-no-password-column', 'email,first,last,role\nana@acme.io,Ana,Ruiz,admin\nli@acme.io,Li,Wei,viewer'],
  [
    'far83-neg-heredoc-expect-send-env-variable',
    'expect <<EXP\nspawn ssh admin@10.20.0.5\nexpect "password:"\nsend "\\$env(SSH_PASS)\\r"\ninteract\nEXP',
  ],
  [
    'far83-neg-h4-public-key-pem-under-heading',
    '#### Webhook signing public key\n\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b64}\n{b24}==\n-----END PUBLIC KEY-----',
  ],
  [
    'far83-neg-bold-client-id-and-redirect-uri',
    '**Client ID**\n{h8}-{h4}-{h4}-{h4}-{h12}\n\n**Redirect URI**\nhttps://app.acme.io/auth/callback',
  ],
  ['far83-neg-jwks-json-public-modulus', '{"keys":[{"kty":"RSA","kid":"{h16}","use":"sig","alg":"RS256","e":"AQAB","n":"{B342}"}]}'],
  [
    'far83-neg-md-table-service-host-port',
    '| service  | host              | port |\n|----------|-------------------|------|\n| postgres | pg.internal       | 5432 |\n| redis    | cache.internal    | 6379 |\n| rabbit   | rabbitmq.internal | 5672 |',
  ],
  ['far83-neg-here-is-new-api-base-url', 'here is the new API base URL:\nhttps://api.eu.acme.io/v3\ntoken stays the same'],
  ['far83-neg-signing-key-id-next-line', "here's the new signing key id (kid) for the JWKS:\n{h16}\nthe private half never leaves KMS"],
  ['far83-neg-trace-id-after-support-request', 'Request failed, support asked for the trace id:\n{h32}'],
  ['far83-neg-bold-order-id-label-value', '**Order ID**\nord_{a24}\n\n**Status**\nrefunded'],
  [
    'far83-neg-pygithub-and-webclient-environ',
    'gh = Github(os.environ["GITHUB_TOKEN"])\nclient = WebClient(token=os.environ["SLACK_BOT_TOKEN"])',
  ],
  [
    'far83-neg-htpasswd-interactive-prompt',
    '$ htpasswd -B /etc/nginx/.htpasswd grafana\nNew password:\nRe-type new password:\nAdding password for user grafana',
  ],
  [
    'far83-neg-rabbitmqctl-list-users-output',
    '$ rabbitmqctl list_users\nListing users ...\nuser\ttags\norders\t[]\nadmin\t[administrator]',
  ],
  [
    'far83-neg-jenkins-initial-password-file-missing',
    '$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\ncat: /var/jenkins_home/secrets/initialAdminPassword: No such file or directory',
  ],
  ['far83-neg-release-codename-prose', 'Release 4.2 ("Quiet Harbor") goes out Thursday; 4.3 is codenamed Amber Falcon.'],
  [
    'far83-neg-csv-api-key-ids-last-used',
    'key_id,label,created_at,last_used\nak_{l12},reporting,2024-06-01T10:00:00Z,2024-11-30\nak_{l12},zapier,2024-07-19T08:31:12Z,never',
  ],
  [
    'far83-neg-two-column-build-info-commit',
    'Build info\n  Version         2.14.3\n  Commit          {h40}\n  Built           2024-11-04T06:00:12Z\n  Go              go1.22.5',
  ],
  ['far83-neg-confluence-table-see-vault', '||Service||Username||Password||\n|Zabbix|Admin|see vault|\n|pfSense|admin|see vault|'],
  [
    'far83-neg-block-scalar-description-about-token',
    'description: |\n  Token used by the sync job. Rotate every 90 days via\n  `acme tokens rotate --name sync`. Never commit the value.',
  ],
  ['far83-neg-age-recipients-public-keys', '# public key: age1{l58}\nrecipients:\n  - age1{l58}'],
  [
    'far83-neg-release-key-fingerprint-under-heading',
    '### Release signing key\nFingerprint: {H4} {H4} {H4} {H4} {H4}  {H4} {H4} {H4} {H4} {H4}',
  ],
  [
    'far83-neg-python-multiline-sql-password-hash-column',
    'query = """\nSELECT id, username, password_hash, last_login\nFROM users\nWHERE username = %s\n"""',
  ],
  [
    'far83-neg-heredoc-psql-create-role-without-password',
    'psql -h db.internal -U postgres <<SQL\nCREATE ROLE grafana LOGIN;\nGRANT pg_read_all_data TO grafana;\nSQL',
  ],
  ['far83-neg-chat-reply-only-hostname', "dana: what's the read replica host?\nsam: pg-replica-2.internal\ndana: thx"],
  [
    'far83-neg-recovery-codes-used-notice',
    'All 10 of your GitHub recovery codes have been used. Generate a new set under Settings → Password and authentication.',
  ],
  [
    'far83-neg-vault-kv-get-field-names-only',
    '$ vault kv get -format=json secret/prod/payments | jq \'.data.data | keys\'\n[\n  "stripe_secret",\n  "webhook_secret"\n]',
  ],
  [
    'far83-neg-creds-colon-list-of-file-paths',
    'creds:\n  - /etc/acme/tls/server.crt\n  - /etc/acme/tls/ca.pem\n  - /run/secrets/db_password',
  ],
  [
    'far83-neg-password-below-instructions-how-to-fetch',
    'The DB password is below — well, the command to get it is:\n\n    aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text',
  ],
  [
    'far83-neg-heading-credentials-then-sso-note',
    '## Credentials\n\nNone needed: sign in with Google SSO (acme.io accounts only). Service accounts are provisioned by the platform team.',
  ],
  ['far83-neg-csv-chrome-export-masked-row', 'name,url,username,password,note\ngithub.com,https://github.com/login,mkowalski,••••••••,'],
  [
    'far83-neg-positional-sdk-publishable-and-uuid-ids',
    'Purchases.configure(withAPIKey: "appl_{a27}", appUserID: "{h8}-{h4}-{h4}-{h4}-{h12}")',
  ],
  [
    'far83-neg-yaml-block-scalar-tag-list-versions',
    'images: |\n  ghcr.io/acme/api:2.14.3\n  ghcr.io/acme/worker:2.14.3\n  ghcr.io/acme/migrator:2.14.1',
  ],
  [
    'far83-neg-md-table-password-rotation-dates',
    '| Account | Last rotated | Next rotation | Owner |\n|---|---|---|---|\n| pg-prod superuser | 2024-10-01 | 2025-01-01 | @kim |\n| grafana admin | 2024-09-12 | 2024-12-12 | @raj |',
  ],
];
