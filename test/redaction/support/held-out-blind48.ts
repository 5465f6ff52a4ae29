/** A forty-eighth held-out batch on whole-value redaction, written blind from the facts (vendor prefix, length, alphabet) of public rule sets: secrets whose edges are hard to find, glued to Markdown emphasis, links and spoilers, in code spans and fences with trailing punctuation, before ellipses and closing-bracket runs, in HTML attributes with entities inside the value, in JSON with escaped slashes and unicode escapes inside the value, in query strings, ANSI-C quoting, here-strings, PowerShell, YAML flow maps, TOML inline tables, INI comments, CSV, logfmt and tables, at the very start or end of a text, with invisible characters inside and wrapped at column 80, every value a template run, every text written for the batch, scored once before any tuning. */
export const BLIND48_POSITIVES: readonly (readonly [string, string])[] = [
  // ── Markdown emphasis, links and other inline formatting glued to the value ──
  [
    'github-pat-markdown-double-underscore-bold',
    'Rotated the CI token, the new one is __«ghp_{a36}»__, update the org secret before Friday.',
  ],
  [
    'stripe-live-key-markdown-underscore-italic-glued',
    'Heads-up: the staging storefront is configured with _«sk_live_{a24}»_ instead of a sandbox key, so every checkout there charges real cards.',
  ],
  [
    'openai-project-key-markdown-strikethrough-list',
    '## OpenAI keys\n\n- ~~«sk-proj-{B74}T3BlbkFJ{B74}»~~ (revoked 2024-06-02)\n- current key: stored in the `ml-platform` vault',
  ],
  [
    'anthropic-key-markdown-link-text',
    'Paste [«sk-ant-api03-{B93}AA»](https://console.anthropic.com/settings/keys) into the provider settings and restart the agent.',
  ],
  ['gitlab-pat-markdown-triple-star-bold-italic', 'Mirror job token (expires in 30 days): ***«glpat-{B20}»***'],
  ['npm-token-markdown-bold-around-code-span', 'Publishing from the release box works with **`«npm_{a36}»`** as `NPM_TOKEN`.'],
  [
    'sendgrid-key-markdown-atx-heading',
    '### «SG.{B22}.{B43}»\n\nThat is the key the transactional mailer uses in prod; the marketing one is separate.',
  ],
  [
    'pypi-token-markdown-blockquote-line',
    'Quoting the old release checklist:\n\n> twine password: «pypi-AgEIcHlwaS5vcmc{B120}»\n\nIs that token still valid or did we rotate it?',
  ],
  [
    'twilio-auth-token-markdown-footnote',
    'Outbound SMS goes through Twilio account AC{h32}.[^twilio]\n\n[^twilio]: auth token «{h32}», rotated quarterly by ops.',
  ],
  [
    'google-maps-key-markdown-reference-link-definition',
    'See the [geocoder][geo] for the address lookup.\n\n[geo]: https://maps.googleapis.com/maps/api/geocode/json?key=«AIza{B35}»&address=Lisbon',
  ],
  [
    'shopify-admin-token-markdown-task-list',
    '## Cleanup\n- [x] move «shpat_{h32}» out of `theme.liquid`\n- [ ] rotate the Shopify app secret «shpss_{h32}»\n- [ ] audit collaborator accounts',
  ],
  [
    'aws-keypair-markdown-bold-values-after-colon',
    '**Access key ID:** **«AKIA{U16}»**\n**Secret access key:** **«{b40}»**\n**Region:** eu-central-1',
  ],
  ['huggingface-token-markdown-italic-then-period', 'The gated model download finally worked with the read token _«hf_{a34}»_.'],
  [
    'github-oauth-token-markdown-strike-then-bold-arrow',
    'gh token swap: ~~«gho_{a36}»~~ → **«gho_{a36}»** (old one revoked in Settings → Applications)',
  ],
  ['linear-api-key-markdown-bold-in-parens', 'The sync script needs a personal Linear API key (**«lin_api_{a40}»**).'],
  [
    'digitalocean-token-markdown-link-title-attribute',
    'Droplets are listed through the [API](https://api.digitalocean.com/v2/droplets "«dop_v1_{h64}»") with a read-only token.',
  ],
  [
    'stripe-webhook-secret-markdown-definition-list',
    'Stripe endpoint `we_{a24}`\n: signing secret «whsec_{a32}»\n: events `invoice.paid`, `customer.subscription.deleted`',
  ],
  ['replicate-token-markdown-kbd-tag', 'Press <kbd>Ctrl</kbd>+<kbd>V</kbd> to paste <kbd>«r8_{a37}»</kbd> into the Replicate token field.'],
  ['groq-key-markdown-details-block', '<details>\n<summary>Groq key for the eval run</summary>\n\n«gsk_{a52}»\n</details>'],
  ['notion-token-discord-spoiler-pipes', "notion integration secret for the wiki bot ||«ntn_{d11}{a35}»|| pls don't repost"],
  ['telegram-bot-token-telegram-markdown-single-star', 'BotFather says: Use this token to access the HTTP API: *«{d10}:AA{B33}»*'],
  [
    'sentry-auth-token-markdown-bold-then-colon',
    'Upload step fails. **«sntryu_{h64}»**: is that user token allowed to create releases for the `web` project?',
  ],
  ['postman-api-key-markdown-underscore-bold-glued-comma', 'The collection runner uses __«PMAK-{h24}-{h34}»__, the monitor uses its own.'],
  [
    'mailgun-key-markdown-table-no-outer-pipes',
    'service | key | owner\n--- | --- | ---\nmailgun|«key-{h32}»|growth\nstatuspage | none | sre',
  ],
  ['vercel-token-markdown-nested-emphasis-mixed', '_Vercel deploy token for previews: **«vercel_{a24}»**_'],
  ['figma-pat-markdown-html-mark-tag', 'The design-tokens export reads the Figma token <mark>«figd_{B40}»</mark> from the repo variables.'],
  [
    'dropbox-token-markdown-link-angle-destination',
    '[Dropbox upload](<https://content.dropboxapi.com/2/files/upload?authorization=Bearer%20«sl.{B138}»>)',
  ],
  [
    'cloudflare-api-token-markdown-ins-tag',
    'The DNS automation token changed:<br><del>none</del> <ins>«{B40}»</ins> (Cloudflare, zone:edit on acme.io)',
  ],

  // ── Code spans and fenced code with trailing punctuation ──
  ['github-fine-grained-pat-code-span-trailing-period', 'Set the repo secret to `«github_pat_{a22}_{a59}»`.'],
  ['gitlab-runner-token-double-backtick-span', 'Registration printed ``«glrt-{B20}»`` and the runner shows as online now.'],
  ['openai-key-code-span-paren-comma', 'We moved the evals to the new key (`«sk-proj-{B74}T3BlbkFJ{B74}»`), and the old one is disabled.'],
  [
    'anthropic-admin-key-fenced-js-semicolon',
    '```js\nconst admin = new Anthropic({ apiKey: "«sk-ant-admin01-{B93}AA»" });\n```\nThat admin key can list workspaces; should it be in the repo?',
  ],
  ['stripe-restricted-key-inline-triple-backticks-glued', 'reading key for the finance dashboard: ```«rk_live_{a99}»```'],
  ['slack-app-token-code-span-question-mark', 'Is `«xapp-1-A{U10}-{d13}-{h64}»`? the right socket-mode token for the bot?'],
  ['npm-token-tilde-fence', '~~~ini\n//registry.npmjs.org/:_authToken=«npm_{a36}»\nalways-auth=true\n~~~'],
  ['pypi-token-code-span-exclamation', "Please don't commit `«pypi-AgEIcHlwaS5vcmc{B110}»`! It is scoped to the whole account."],
  [
    'sendgrid-key-indented-fence-in-ordered-list',
    '1. Export the key:\n   ```sh\n   export SENDGRID_API_KEY=«SG.{B22}.{B43}»\n   ```\n2. Run `npm run mail:preview`.',
  ],
  [
    'jwt-code-span-then-colon',
    '`«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B90}.{B43}»`: this bearer still works against /admin after logout.',
  ],
  ['vault-token-fenced-diff-both-lines', '```diff\n-VAULT_TOKEN=«hvs.{a24}»\n+VAULT_TOKEN=«hvs.{a91}»\n```'],
  ['doppler-token-code-span-semicolon-chain', 'Use `«dp.st.prd.{a43}»`; `doppler run` picks it up from DOPPLER_TOKEN.'],
  ['databricks-pat-fence-no-language-glued-closing', 'databricks token:\n```\n«dapi{h32}»```'],
  ['planetscale-token-code-span-in-quotes', 'The connection helper wants "`«pscale_tkn_{B43}»`" as the service token.'],

  // ── Ellipsis and closing-bracket runs right after the value ──
  ['github-pat-unicode-ellipsis-question', 'found this in the bash history: «ghp_{a36}»…?'],
  ['stripe-live-key-python-nested-call-parens', 'print(repr(stripe.StripeClient(os.getenv("STRIPE_KEY", "«sk_live_{a99}»"))))'],
  ['openai-key-json-nested-closing-braces', '{"providers":{"openai":{"keys":["«sk-proj-{B74}T3BlbkFJ{B74}»"]}}}'],
  ['gemini-key-elisp-closing-parens', '(setq gptel-backend (gptel-make-gemini "Gemini" :key "«AIza{B35}»" :stream t))'],
  ['anthropic-key-elisp-plist-closing', '(use-package gptel\n  :config (setq gptel-api-key "«sk-ant-api03-{B93}AA»"))'],
  ['slack-bot-token-php-array-closing', "return ['slack' => ['bot_token' => '«xoxb-{d12}-{d13}-{a24}»']];"],
  ['huggingface-token-ellipsis-then-paren', '(the token «hf_{a34}»…) got picked up by the download script'],
  ['twilio-api-secret-clojure-map-closing', '(def twilio {:account "AC{h32}" :key-sid "SK{h32}" :key-secret "«{a32}»"})'],
  ['npm-token-rust-unwrap-or-closing', 'let token = env::var("NPM_TOKEN").unwrap_or_else(|_| "«npm_{a36}»".to_string());}'],
  [
    'shopify-tokens-ruby-hash-closing',
    'session = ShopifyAPI::Auth::Session.new(shop: "acme.myshopify.com", access_token: "«shpat_{h32}»")})',
  ],
  ['aws-keypair-python-nested-tuple-closing', 'CREDS = (("«AKIA{U16}»", "«{b40}»"),)'],
  ['gitlab-pat-go-composite-closing', 'c, err := gitlab.NewClient("«glpat-{B20}»", gitlab.WithBaseURL("https://git.acme.io/api/v4"))}'],
  ['sendgrid-key-log-double-bracket', 'mailer[init][key=«SG.{B22}.{B43}»]] retrying in 5s'],
  ['github-app-token-four-dots', 'The installation token was «ghs_{a36}».... and it expired an hour later'],
  ['openai-key-js-template-closing-backtick-brace', 'const h = { headers: { Authorization: `Bearer «sk-proj-{B74}T3BlbkFJ{B74}»` } };'],
  ['jwt-haskell-closing-brackets', 'headers = [("Authorization", "Bearer «eyJhbGciOiJSUzI1NiJ9.eyJ{B120}.{B342}»")]'],
  ['slack-user-token-ellipsis-bracket-log', '[slack] token «xoxp-{d12}-{d12}-{d13}-{h32}»…] (trimmed by log shipper)'],
  ['stripe-key-angle-then-close-paren', 'Key fallback (<«sk_live_{a24}»>) is still in config/initializers/stripe.rb'],

  // ── HTML attributes, tags and entities (some inside the value) ──
  ['github-pat-html-unquoted-attribute', '<input type=hidden name=gh_token value=«ghp_{a36}»>'],
  [
    'stripe-live-key-html-data-attr-entity-json',
    '<div id="checkout" data-config="{&quot;mode&quot;:&quot;live&quot;,&quot;secret&quot;:&quot;«sk_live_{a24}»&quot;}"></div>',
  ],
  [
    'aws-secret-html-hex-entity-slashes-inside',
    '<tr><th>aws_access_key_id</th><td>«AKIA{U16}»</td></tr>\n<tr><th>aws_secret_access_key</th><td>«{a12}&#x2F;{a15}&#x2F;{a11}»</td></tr>',
  ],
  ['aws-secret-html-decimal-entity-plus-inside', '<input name="aws_secret_access_key" value="«{a18}&#43;{a13}&#47;{a7}»" readonly>'],
  ['db-password-html-single-quoted-attr-apostrophe-entity', "<param name='db_password' value='«{a6}&#39;{a5}!{d2}»'/>"],
  ['slack-webhook-html-form-action', '<form action="«https://hooks.slack.com/services/T{U8}/B{U10}/{a24}»" method="post">'],
  ['google-oauth-secret-html-meta-single-quoted-self-closing', "<meta name='oauth-client-secret' content='«GOCSPX-{B28}»'/>"],
  [
    'jwt-html-href-amp-entity-after',
    '<a href="https://app.acme.io/magic-login?token=«eyJhbGciOiJIUzI1NiJ9.eyJ{B80}.{B43}»&amp;next=%2Fbilling">Sign in</a>',
  ],
  ['mailgun-key-html-title-tooltip', '<span class="badge" title="mailgun «key-{h32}»">mail</span>'],
  ['sendgrid-key-html-comment-glued', '<!--«SG.{B22}.{B43}»--><footer>Acme Inc.</footer>'],
  [
    'private-key-html-textarea',
    '<textarea name="private_key" rows="8">-----BEGIN PRIVATE KEY-----\n«MIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}»\n«{b64}»\n«{b64}»\n«{b44}»\n-----END PRIVATE KEY-----</textarea>',
  ],
  [
    'github-pat-html-highlighted-pre-span',
    '<pre><code class="language-bash"><span class="nb">export</span> <span class="nv">GH_TOKEN</span><span class="o">=</span><span class="s2">«ghp_{a36}»</span></code></pre>',
  ],
  ['smtp-password-html-numeric-entities-inside', '<input type="password" name="smtp_password" value="«{a4}&#33;{a5}&#64;{a3}»">'],
  [
    'stripe-key-html-srcdoc-double-entities',
    '<iframe srcdoc="&lt;script&gt;const s = Stripe(&#39;«sk_live_{a24}»&#39;);&lt;/script&gt;"></iframe>',
  ],
  ['openai-key-html-td-glued-tags', '<tr><td>openai</td><td>«sk-{a20}T3BlbkFJ{a20}»</td><td>2023-03-14</td></tr>'],
  ['anthropic-key-html-code-then-period-outside', 'Set <code>ANTHROPIC_API_KEY</code> to <code>«sk-ant-api03-{B93}AA»</code>.</p>'],
  ['db-password-html-option-value-amp-entity', '<option value="«{a6}&amp;{a6}»" selected>reporting@pg-main</option>'],
  ['github-pat-html-nbsp-entity-then-text', '<p>token:&nbsp;«ghp_{a36}»&nbsp;(ci-bot)</p>'],

  // ── JSON with escaped slashes and unicode escapes inside the value ──
  ['aws-secret-php-json-encode-escaped-slashes', '{"key":"«AKIA{U16}»","secret":"«{a9}\\/{a14}\\/{a15}»","region":"eu-west-1"}'],
  [
    'azure-storage-key-json-escaped-slash-connection-string',
    '{"AzureWebJobsStorage":"DefaultEndpointsProtocol=https;AccountName=acmefn;AccountKey=«{a22}\\/{a31}\\/{a31}==»;EndpointSuffix=core.windows.net"}',
  ],
  [
    'aws-secret-dotnet-json-u002b-escaped',
    '{\n  "AWS": {\n    "AccessKey": "«AKIA{U16}»",\n    "SecretKey": "«{a11}\\u002B{a17}\\u002B{a10}»"\n  }\n}',
  ],
  [
    'azure-storage-key-dotnet-json-u002b-padding',
    '{"Storage":{"AccountName":"acmedocs","AccountKey":"«{a30}\\u002B{a27}\\u002B{a27}==»"}}',
  ],
  [
    'slack-webhook-json-escaped-slashes',
    '{"channel":"#deploys","url":"«https:\\/\\/hooks.slack.com\\/services\\/T{U8}\\/B{U10}\\/{a24}»"}',
  ],
  ['discord-webhook-json-escaped-slashes', '{"notify":{"discord":"«https:\\/\\/discord.com\\/api\\/webhooks\\/{d18}\\/{B68}»"}}'],
  [
    'private-key-php-json-escaped-slash-in-body',
    '{"private_key":"-----BEGIN PRIVATE KEY-----\\n«MIIEvgIBADANBgkqhkiG9w0BAQEFAASC{a20}\\/{a11}»\\n«{a30}\\/{a33}»\\n«{a12}\\/{a20}==»\\n-----END PRIVATE KEY-----\\n","client_email":"sync@acme-prod.iam.gserviceaccount.com"}',
  ],
  ['redis-password-json-escaped-slash-url', '{"REDIS_URL":"rediss:\\/\\/default:«{a32}»@cache.acme.io:6380\\/0"}'],
  [
    'db-password-dotnet-json-u0022-inside',
    '{"ConnectionStrings":{"Main":"Server=sql01;Database=crm;User Id=crm_app;Password=«{a5}\\u0022{a6}\\u0026{d2}»;"}}',
  ],
  ['db-password-json-u0027-apostrophe-inside', '{"Db":{"User":"ledger","Password":"«{a6}\\u0027{a4}\\u003E{d3}»"}}'],
  [
    'aws-secret-json-escaped-slash-php-log',
    '[14-May-2024 09:12:44 UTC] PHP Notice: sts credentials {"AccessKeyId":"«ASIA{U16}»","SecretAccessKey":"«{a20}\\/{a19}»"}',
  ],
  [
    'jwt-go-json-url-then-u0026',
    '{"redirect":"https://app.acme.io/sso/cb?token=«eyJhbGciOiJSUzI1NiJ9.eyJ{B110}.{B342}»\\u0026state={a16}"}',
  ],
  ['sendgrid-key-json-double-escaped-in-string', '"{\\"sendgrid\\":{\\"api_key\\":\\"«SG.{B22}.{B43}»\\"}}"'],
  [
    'mongodb-password-json-escaped-slashes-uri',
    '{"mongo":"mongodb+srv:\\/\\/svc_reports:«{a20}»@cluster0.{l5}.mongodb.net\\/reports?retryWrites=true"}',
  ],
  ['github-pat-json-escaped-slash-git-url', '{"remote":"https:\\/\\/x-access-token:«ghp_{a36}»@github.com\\/acme\\/infra.git"}'],

  // ── Query strings and URL fragments ──
  ['google-maps-key-query-then-hash', '<iframe src="https://www.google.com/maps/embed/v1/place?key=«AIza{B35}»#map"></iframe>'],
  ['github-oauth-token-query-then-ampersand', 'GET https://api.github.com/user/repos?access_token=«gho_{a36}»&per_page=100&page=2'],
  ['mailchimp-key-query-apikey-then-ampersand', 'curl "https://us21.api.mailchimp.com/export/1.0/list/?apikey=«{h32}-us21»&id={h10}"'],
  ['slack-user-token-query-then-hash', 'https://slack.com/api/conversations.history?token=«xoxp-{d12}-{d12}-{d13}-{h32}»#C0{U9}'],
  [
    'telegram-bot-token-url-path-glued-bot-prefix',
    'curl -s "https://api.telegram.org/bot«{d10}:AA{B33}»/sendMessage?chat_id=-100{d10}&text=deploy%20ok"',
  ],
  ['openai-key-query-then-semicolon-param', 'proxy log: GET /v1/models?api_key=«sk-proj-{B74}T3BlbkFJ{B74}»;charset=utf-8 200'],
  ['shopify-token-query-then-fragment-route', 'https://admin.acme.io/#/stores?shop=acme&access_token=«shpat_{h32}»#/orders'],
  ['jwt-query-encoded-then-ampersand', 'wss://live.acme.io/socket?vsn=2.0.0&token=«eyJhbGciOiJIUzI1NiJ9.eyJ{B70}.{B43}»&heartbeat=30'],
  ['stripe-key-query-user-param-hash', 'https://dashboard.acme.io/debug?stripe_key=«sk_live_{a24}»#payments'],
  ['huggingface-token-query-then-amp-encoded', 'https://huggingface.co/api/models?search=llama&token=«hf_{a34}»&limit=5'],
  ['gitlab-pat-query-private-token-then-amp', 'curl "https://gitlab.acme.io/api/v4/projects?private_token=«glpat-{B20}»&membership=true"'],
  [
    'sendgrid-key-query-in-markdown-link-then-paren',
    'Open [the stats](https://api.sendgrid.com/v3/stats?api_key=«SG.{B22}.{B43}»&start_date=2024-05-01).',
  ],

  // ── Shell: ANSI-C quoting, here-strings, heredocs, exports with semicolons ──
  ['github-pat-bash-ansi-c-quoting', "export GH_TOKEN=$'«ghp_{a36}»'\ngh api user --jq .login"],
  [
    'postgres-password-ansi-c-quoting-escaped-quote-backslash',
    "PGPASSWORD=$'«{a5}\\'{a4}\\\\{a3}»' psql -h pg-main.acme.internal -U ledger -d ledger -c 'select 1'",
  ],
  ['mysql-password-ansi-c-hex-escapes', "MYSQL_PWD=$'«{a6}\\x21{a5}\\x40{d3}»' mysql -h db01 -u report -e 'show databases'"],
  ['anthropic-key-bash-here-string', 'gh secret set ANTHROPIC_API_KEY --repo acme/agents <<< "«sk-ant-api03-{B93}AA»"'],
  ['stripe-key-export-double-quoted-semicolon', 'export STRIPE_SECRET_KEY="«sk_live_{a99}»"; npm run seed:products'],
  ['aws-keypair-fish-set-gx-semicolons', "set -gx AWS_ACCESS_KEY_ID '«AKIA{U16}»'; set -gx AWS_SECRET_ACCESS_KEY '«{b40}»'; aws s3 ls"],
  ['gitlab-pat-csh-setenv', 'setenv GITLAB_TOKEN «glpat-{B20}»\nsetenv GITLAB_URL https://git.acme.io'],
  ['docker-pat-printf-pipe-login', "printf '%s' '«dckr_pat_{B27}»' | docker login -u acmebot --password-stdin"],
  [
    'sendgrid-key-curl-heredoc-json-body',
    'curl -s https://api.acme.io/settings -H "Content-Type: application/json" --data @- <<EOF\n{"mail":{"sendgrid_key":"«SG.{B22}.{B43}»"}}\nEOF',
  ],
  [
    'ec-private-key-ansi-c-newline-escapes',
    "export TLS_KEY=$'-----BEGIN EC PRIVATE KEY-----\\n«MHcCAQEEI{b35}»\\n«{b64}»\\n«{b28}==»\\n-----END EC PRIVATE KEY-----'",
  ],
  ['npm-token-heredoc-tab-stripped', 'cat <<-EOF > ~/.npmrc\n\t//registry.npmjs.org/:_authToken=«npm_{a36}»\n\tEOF'],
  ['openai-key-export-then-and-and', 'export OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»&&python eval.py --suite smoke'],
  ['huggingface-token-env-prefix-pipe', 'HF_TOKEN=«hf_{a34}»|| echo "token missing"'],
  ['db-password-bash-read-here-string-bang', "read -r -d '' DB_PASS <<< '«{a6}!{a5}»'\nexport DB_PASS"],
  ['slack-bot-token-zsh-history-colon-prefix', ': 1714986101:0;export SLACK_BOT_TOKEN=«xoxb-{d12}-{d13}-{a24}»'],

  // ── PowerShell ──
  ['db-password-powershell-env-doubled-single-quote', "$env:DB_PASSWORD = '«{a5}''{a4}$!{d2}»'\n.\\migrate.ps1 -Env prod"],
  [
    'sendgrid-key-powershell-setenvironmentvariable',
    "[Environment]::SetEnvironmentVariable('SENDGRID_API_KEY', '«SG.{B22}.{B43}»', 'User')",
  ],
  ['github-pat-powershell-splat-hashtable', "$headers = @{ Authorization = 'token «ghp_{a36}»'; Accept = 'application/vnd.github+json' }"],
  [
    'openai-key-powershell-backtick-continuation',
    'Invoke-RestMethod -Uri https://api.openai.com/v1/models `\n  -Headers @{ Authorization = "Bearer «sk-proj-{B74}T3BlbkFJ{B74}»" }',
  ],
  ['sql-password-powershell-here-string', "$conn = @'\nServer=sql01;Database=crm;User Id=crm_app;Password=«{a7}!{a4}»;\n'@"],
  [
    'backup-password-powershell-pscredential-doubled-quote',
    "$cred = New-Object PSCredential('svc-backup', (ConvertTo-SecureString '«{a5}''{a6}~{d3}»' -AsPlainText -Force))",
  ],
  ['stripe-key-powershell-set-item-env', 'Set-Item -Path Env:STRIPE_API_KEY -Value «rk_live_{a99}»;'],

  // ── YAML flow maps, TOML inline tables, INI comments ──
  ['stripe-key-yaml-nested-flow-maps', 'payments: {stripe: {secret: «sk_live_{a24}», webhook: «whsec_{a32}»}}'],
  ['github-pat-yaml-flow-map-closing-brace-glued', 'env: {GH_TOKEN: «ghp_{a36}»}'],
  ['db-password-yaml-flow-map-quoted-comma-brace', "database: {user: app, password: '«{a5},{a4}}{d3}»', host: pg01}"],
  [
    'sendgrid-key-yaml-flow-sequence-of-maps',
    'env: [{name: MAIL_PROVIDER, value: sendgrid}, {name: SENDGRID_API_KEY, value: «SG.{B22}.{B43}»}]',
  ],
  ['anthropic-key-toml-inline-table', '[providers]\nanthropic = { api_key = "«sk-ant-api03-{B93}AA»", model = "claude-sonnet-4-5" }'],
  ['db-password-toml-inline-literal-string', "[db]\nprimary = { user = 'app', password = '«{a6}\"{a4}#{d2}»', host = 'pg01' }"],
  ['npm-token-toml-inline-glued-no-spaces', '[registries]\nnpm={url="https://registry.npmjs.org",token="«npm_{a36}»"}'],
  ['cratesio-token-toml-nested-inline', 'registries = { acme = { index = "sparse+https://crates.acme.io/", token = "«cio{a32}»" } }'],
  ['twilio-auth-token-ini-semicolon-comment', '[twilio]\naccount_sid = AC{h32}\nauth_token = «{h32}» ; rotate after the SMS pilot'],
  ['mailgun-key-php-ini-semicolon-comment', '[mail]\nmailgun.secret = «key-{h32}»;set by ansible\nmailgun.domain = mg.acme.io'],
  ['db-password-ini-quoted-semicolon-inside-then-comment', '[database]\npassword = "«{a5};{a6}»" ; quoted because of the semicolon'],
  ['openai-key-ini-hash-comment-glued', '[llm]\nkey=«sk-proj-{B74}T3BlbkFJ{B74}»#prod'],

  // ── CSV, logfmt and tables ──
  ['stripe-key-csv-quoted-field-then-comma', 'account,secret_key,created\n"acme-shop","«sk_live_{a24}»","2024-04-01"'],
  ['db-password-csv-semicolon-delimited-quoted', 'dienst;benutzer;passwort;umgebung\n"billing";"billing_rw";"«{a6};{a5}»";"prod"'],
  ['github-pat-csv-last-field-crlf', 'name,token\r\nci-bot,«ghp_{a36}»\r\nrelease-bot,«ghp_{a36}»\r\n'],
  ['openai-key-tsv-tab-separated', 'team\tkey\tbudget\nresearch\t«sk-proj-{B74}T3BlbkFJ{B74}»\t500'],
  [
    'slack-bot-token-logfmt-comma-pairs',
    'level=debug msg="posting to channel" token=«xoxb-{d12}-{d13}-{a24}», channel=C0{U9}, ts=1714986101.{d6}',
  ],
  ['stripe-key-log-kv-comma-no-space', 'stripe_key=«sk_live_{a24}»,retries=3,timeout=30s'],
  [
    'aws-session-token-log-kv-comma',
    'sts assumed role: access_key=«ASIA{U16}», secret_key=«{b40}», session_token=«IQoJb3JpZ2luX2Vj{b340}», region=eu-west-1',
  ],
  ['db-password-log-kv-quoted-with-comma', 'conn opened user="etl", password="«{a5},{a4}=»", host="pg02", pool=8'],
  ['github-pat-table-glued-pipes', '|env|token|owner|\n|---|---|---|\n|prod|«ghp_{a36}»|ci-bot|'],
  [
    'aws-keypair-cli-table-output',
    '-------------------------------------------------------------\n|                      CreateAccessKey                      |\n+-----------------------------------------------------------+\n||                        AccessKey                        ||\n|+-------------------+-------------------------------------+|\n||  AccessKeyId      |  «AKIA{U16}»                 ||\n||  SecretAccessKey  |  «{b40}» ||\n||  Status           |  Active                            ||\n|+-------------------+-------------------------------------+|',
  ],
  ['sendgrid-key-org-mode-table', '| service  | key | owner |\n|----------+-----+-------|\n| sendgrid | «SG.{B22}.{B43}» | growth |'],
  [
    'anthropic-key-box-drawing-table',
    '┌──────────┬────────────────┐\n│ provider │ key            │\n├──────────┼────────────────┤\n│ claude   │«sk-ant-api03-{B93}AA»│\n└──────────┴────────────────┘',
  ],
  [
    'huggingface-token-rst-grid-table',
    '+-------+----------+\n| scope | token    |\n+=======+==========+\n| read  | «hf_{a34}» |\n+-------+----------+',
  ],

  // ── At the very start or end of the text, or the whole text ──
  ['github-pat-very-start-of-text', '«ghp_{a36}» is the token from the old laptop, can you check if it still has repo scope?'],
  ['anthropic-key-very-end-no-newline', 'ok the key is «sk-ant-api03-{B93}AA»'],
  ['openai-key-whole-text', '«sk-proj-{B74}T3BlbkFJ{B74}»'],
  ['jwt-whole-text-trailing-newline', '«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B96}.{B43}»\n'],
  ['stripe-key-start-then-colon', '«sk_live_{a99}»: which account does this belong to?'],
  ['slack-bot-token-end-after-period-space', 'Bot token for #alerts. «xoxb-{d12}-{d13}-{a24}»'],
  ['password-end-of-text-bang', 'wifi at the office: acme-guest / «{a6}!{a4}!»'],
  [
    'private-key-body-start-of-text-no-header',
    '«MIIEowIBAAKCAQEA{b48}»\n«{b64}»\n«{b64}»\n«{b36}»\n-----END RSA PRIVATE KEY-----\nthat is the tail of deploy.pem, the header got cut',
  ],

  // ── Invisible characters inside the value ──
  ['github-pat-zero-width-space-inside', 'teams mangled it when I pasted: «ghp_{a16}\u200b{a20}», the real one has no gap'],
  ['stripe-key-soft-hyphen-inside', 'STRIPE_SECRET_KEY=«sk_live_{a12}\u00ad{a12}»'],
  ['openai-key-html-shy-entity-inside', '<p class="mono">«sk-proj-{B74}&shy;T3BlbkFJ{B74}»</p>'],
  ['aws-secret-zero-width-space-after-slash', 'aws_secret_access_key = «{a19}/\u200b{a20}»'],
  ['jwt-html-wbr-tags-inside', '<code>«eyJhbGciOiJIUzI1NiJ9<wbr>.eyJ{B80}<wbr>.{B43}»</code>'],
  ['slack-bot-token-word-joiner-inside', 'SLACK_BOT_TOKEN: «xoxb-{d12}-{d13}-\u2060{a24}»'],
  ['anthropic-key-zero-width-spaces-every-chunk', 'key: «sk-ant-api03-{B30}\u200b{B30}\u200b{B33}AA»'],
  ['db-password-zero-width-non-joiner-inside', 'DB_PASSWORD="«{a7}\u200c{a6}!»"'],
  ['gitlab-pat-bom-inside-copied', 'GITLAB_TOKEN=«glpat-\ufeff{B20}»'],
  ['sendgrid-key-soft-hyphen-after-dot', 'mailer key «SG.{B22}.\u00ad{B43}» (copied from the wiki page)'],

  // ── Wrapped by a terminal at column 80 ──
  ['openai-key-wrap-col80-env-grep', '$ env | grep OPENAI\nOPENAI_API_KEY=«sk-proj-{B57}\n{B17}T3BlbkFJ{B55}\n{B19}»\n$ '],
  [
    'github-fine-grained-pat-wrap-col80-remote-url',
    '$ git config --get remote.origin.url\nhttps://oauth2:«github_pat_{a22}_{a31}\n{a28}»@github.com/acme/billing.git',
  ],
  [
    'anthropic-key-wrap-col80-docker-inspect-env',
    '$ docker inspect agent --format \'{{json .Config.Env}}\' | jq .\n[\n  "ANTHROPIC_API_KEY=«sk-ant-api03-{B46}\n{B47}AA»",\n  "PATH=/usr/local/bin:/usr/bin"\n]',
  ],
  [
    'stripe-key-wrap-col80-heroku-config',
    '$ heroku config -a acme-shop\n=== acme-shop Config Vars\nSTRIPE_SECRET_KEY:        «sk_live_{a46}\n{a53}»\nWEB_CONCURRENCY:          2',
  ],
  [
    'jwt-wrap-col80-kubectl-describe-secret',
    '$ kubectl describe secret ci-deployer-token\nca.crt:     1107 bytes\nnamespace:  7 bytes\ntoken:      «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B39}\n{B30}.eyJ{B46}\n{B80}\n{B74}.{B5}\n{B80}\n{B80}\n{B80}\n{B80}\n{B17}»',
  ],
  [
    'pypi-token-wrap-col80-keyring-get',
    '$ keyring get https://upload.pypi.org/legacy/ __token__\n«pypi-AgEIcHlwaS5vcmc{B60}\n{B80}\n{B20}»\n$ ',
  ],
  [
    'aws-session-token-wrap-col80-credentials-file',
    '$ cat ~/.aws/credentials\n[sso-prod]\naws_access_key_id = «ASIA{U16}»\naws_secret_access_key = «{b40}»\naws_session_token = «IQoJb3JpZ2luX2Vj{b44}\n{b80}\n{b80}\n{b60}»',
  ],
  [
    'mysql-password-wrap-col80-long-command',
    "$ mysql -h db-prod-replica-02.eu-west-1.rds.amazonaws.com -u reporting -p'«{a6}\n{a12}!{a3}»' -e 'show processlist'",
  ],
  [
    'sendgrid-key-wrap-col80-printenv-long-name',
    '$ printenv | grep SEND\nTRANSACTIONAL_MAIL_PROVIDER_SENDGRID_API_KEY_FOR_EU_REGION=«SG.{B18}\n{B4}.{B43}»',
  ],

  // ── Values whose alphabet holds + / = - _ . ~ ! ──
  [
    'azure-ad-client-secret-tilde-dot-underscore',
    'AZURE_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAZURE_CLIENT_SECRET=«{a3}8Q~{a6}.{a7}~{a4}_{a6}-{a7}»',
  ],
  [
    'azure-storage-key-plus-slash-padding-semicolon',
    'DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=«{a14}+{a20}/{a16}+{a14}/{a18}==»;EndpointSuffix=core.windows.net',
  ],
  ['okta-api-token-dash-underscore', 'okta:\n  orgUrl: https://acme.okta.com\n  token: «00{a12}-{a14}_{a12}»'],
  ['atlassian-api-token-equals-hex-tail', 'JIRA_USER=ana@acme.io\nJIRA_API_TOKEN=«ATATT3xFfGF0{B170}={H8}»'],
  ['db-password-bang-tilde-dot-env', 'POSTGRES_PASSWORD=«{a5}~{a4}.{a3}!{a4}»'],
  ['aws-secret-plus-slash-glued-to-comma-in-prose', 'keys are «AKIA{U16}»,«{a12}+{a10}/{a16}», please rotate them'],
  ['jwt-dash-underscore-heavy-signature-paren', 'token (Bearer «eyJhbGciOiJFUzI1NiJ9.eyJ{B60}.{a28}-_{a28}-{a26}_»)'],
  ['age-secret-key-bang-after', 'restore the backups with `age -d -i key.txt`, key.txt holds «AGE-SECRET-KEY-1{c58}»!'],
  ['wireguard-private-key-plus-equals-end', '[Interface]\nAddress = 10.8.0.2/32\nPrivateKey = «{a10}+{a12}/{a19}=»\nDNS = 1.1.1.1'],
  ['google-oauth-secret-dash-underscore-edges', 'client_secret=«GOCSPX-_{a12}-{a13}_»'],
  ['password-all-symbols-in-double-quotes-env', 'SMTP_PASSWORD="«{a4}+/{a3}=-_{a3}.~!{d2}»"'],
  ['azure-devops-pat-base32-lower-in-url', 'git clone https://build:«{k52}»@dev.azure.com/acme/platform/_git/infra'],

  // ── Connection strings with hard edges ──
  [
    'mssql-password-quoted-semicolon-inside',
    'Server=tcp:sql01.acme.internal,1433;Database=crm;User ID=crm_app;Password="«{a5};{a5}»";Encrypt=True',
  ],
  ['postgres-conninfo-single-quoted-escaped-quote', "DSN = \"host=pg01 dbname=app user=app password='«{a5}\\\\'{a6}»' sslmode=require\""],
  [
    'mongodb-password-percent-encoded-then-query',
    'MONGO_URL=mongodb://svc:«{a6}%21{a5}%40{a3}»@mongo-0.acme.internal:27017/app?authSource=admin&tls=true',
  ],
  ['redis-url-markdown-bold', 'Cache is at **redis://default:«{a32}»@cache.acme.io:6379/0**'],
  ['amqp-url-angle-brackets', 'broker <amqps://billing:«{a20}»@rabbit.acme.io:5671/billing> is unreachable from the worker'],
  [
    'jdbc-sqlserver-password-braces-escaped',
    'jdbc:sqlserver://sql01:1433;databaseName=crm;user=crm_app;password={«{a5}}}{a4};{d2}»};encrypt=true',
  ],
  ['mysql-url-password-in-code-span-period', 'Connect with `mysql://app:«{a18}»@db01.acme.io:3306/shop`.'],
  ['postgres-url-password-ellipsis-after-host', 'DATABASE_URL=postgres://ledger:«{a22}»@ledger-db.acme.io/ledger …'],
  [
    'snowflake-password-odbc-braced-end',
    'Driver={SnowflakeDSIIDriver};Server=acme.eu-west-1.snowflakecomputing.com;UID=etl;PWD={«{a6}=;{a5}»}',
  ],

  // ── More vendor tokens in mixed edge contexts ──
  ['github-refresh-token-markdown-table-code-glued', '|kind|value|\n|-|-|\n|refresh|`«ghr_{a36}»`|'],
  ['gitlab-deploy-token-html-attr-single-quote-glued', "<input id='deploy-token' value='«gldt-{B20}»'readonly>"],
  ['slack-config-token-yaml-flow-glued', 'slack: {config_token: «xoxe.xoxp-1-Mi0y{a160}», refresh: «xoxe-1-My0x{a142}»}'],
  ['stripe-restricted-key-json-u0022-wrapped', '"\\u0022«rk_live_{a99}»\\u0022"'],
  ['openai-admin-key-code-span-then-bracket-link', '[`«sk-admin-{B58}T3BlbkFJ{B58}»`][admin-keys] has org-wide scope'],
  [
    'anthropic-key-python-fstring-single-quote-inside',
    "cmd = f\"curl -s -H 'x-api-key: «sk-ant-api03-{B93}AA»' -H 'anthropic-version: 2023-06-01' {url}\"",
  ],
  [
    'npm-token-yaml-flow-in-gha-with',
    '- uses: actions/setup-node@v4\n  with: {node-version: 20, registry-url: "https://registry.npmjs.org", token: «npm_{a36}»}',
  ],
  [
    'pypi-token-toml-inline-poetry-http-basic',
    '[http-basic]\npypi = { username = "__token__", password = "«pypi-AgEIcHlwaS5vcmc{B100}»" }',
  ],
  ['twilio-api-secret-csv-quoted-last-field', 'name,sid,secret\n"sms-prod","SK{h32}","«{a32}»"'],
  ['shopify-token-log-kv-then-pipe', 'shop=acme.myshopify.com token=«shpat_{h32}»|status=401|retry=false'],
  [
    'sendgrid-key-powershell-doubled-quote-in-json',
    '$body = "{""key"":""«SG.{B22}.{B43}»""}"\nInvoke-RestMethod -Method Post -Uri $uri -Body $body',
  ],
  ['jwt-yaml-flow-map-glued-comma', 'auth: {type: bearer, token: «eyJhbGciOiJIUzI1NiJ9.eyJ{B64}.{B43}»,expires: 3600}'],
  ['aws-secret-toml-inline-literal', "aws = { access_key_id = '«AKIA{U16}»', secret_access_key = '«{b40}»' }"],
  ['github-pat-ini-semicolon-no-space', '[github]\ntoken=«ghp_{a36}»;ci only'],
  ['google-maps-key-csv-unquoted-then-newline', 'service,key\nmaps,«AIza{B35}»\ngeocoding,«AIza{B35}»'],
  ['hf-token-html-entity-quote-around', 'data-hf="&quot;«hf_{a34}»&quot;"'],
  ['digitalocean-token-ansi-c-quoting', "DIGITALOCEAN_ACCESS_TOKEN=$'«dop_v1_{h64}»' doctl compute droplet list"],
  ['linear-key-json-escaped-slash-graphql', '{"url":"https:\\/\\/api.linear.app\\/graphql","headers":{"Authorization":"«lin_api_{a40}»"}}'],
  ['databricks-token-query-then-hash', 'https://adb-{d16}.{d1}.azuredatabricks.net/api/2.0/clusters/list?token=«dapi{h32}»#'],
  ['telegram-bot-token-markdown-code-colon-glued', 'bot token: `«{d10}:AA{B33}»`:'],
  ['discord-bot-token-dotted-glued-quote-paren', 'client = discord.Client(intents=intents)\nclient.run("«M{a25}.{B6}.{B38}»")'],
  ['vault-token-markdown-bold-in-sentence-dash', 'The Vault root token—**«hvs.{a24}»**—must be revoked after unseal.'],
  [
    'postman-key-curl-header-glued-quote-backslash',
    'curl https://api.getpostman.com/collections \\\n  -H "X-Api-Key:«PMAK-{h24}-{h34}»"\\\n  -s',
  ],
  ['replicate-token-env-export-semicolon', 'export REPLICATE_API_TOKEN=«r8_{a37}»;python run.py'],
  ['groq-key-python-kwarg-closing', 'client = Groq(api_key="«gsk_{a52}»")'],
  ['sentry-org-token-yaml-flow', 'sentry: {org: acme, auth_token: «sntrys_eyJpYXQiOjE3{B100}_{a43}»}'],
  ['figma-token-powershell-doubled-quote', "$env:FIGMA_TOKEN = '«figd_{B40}»'"],
  ['okta-token-ssws-header-glued-quote', 'curl -H "Authorization: SSWS «00{a40}»" https://acme.okta.com/api/v1/users?limit=25'],
  [
    'smtp-password-dotnet-json-u002b-u0026',
    '{"Smtp":{"Host":"smtp.office365.com","User":"noreply@acme.io","Password":"«{a5}\\u002B{a4}\\u0026{a3}»"}}',
  ],
  ['atlassian-token-markdown-code-span-period', 'Use `«ATATT3xFfGF0{B170}={H8}»`.'],
  ['npm-token-markdown-link-text-glued-closing', '([«npm_{a36}»](https://www.npmjs.com/settings/acme/tokens))'],
  [
    'cloudflare-global-key-query-then-amp',
    'https://api.cloudflare.com/client/v4/zones?X-Auth-Email=ops@acme.io&X-Auth-Key=«{h37}»&per_page=50',
  ],
  ['mailchimp-key-html-data-attr-glued', '<div data-mailchimp-key="«{h32}-us14»"data-list="{h10}"></div>'],
  ['square-access-token-log-bracket-comma', '[square] token=«EAAA{B60}», location=L{U12}'],
  ['resend-key-code-span-exclamation', "Don't paste `«re_{a8}_{a24}»`!"],
  ['perplexity-key-ellipsis-unicode-glued', 'PPLX key «pplx-{a48}»…'],
  ['xai-key-toml-inline-glued-brace', 'grok={key="«xai-{a80}»"}'],
  ['buildkite-token-ini-semicolon', '[buildkite]\napi_token = «bkua_{h40}» ; read_builds only'],
  ['terraform-cloud-token-json-escaped-dot', '{"credentials":{"app.terraform.io":{"token":"«{a14}.atlasv1.{a67}»"}}}'],
  ['circleci-pat-log-kv-comma', 'circleci_token=«CCIPAT_{a22}_{h40}», project=gh/acme/api, branch=main'],
  ['supabase-token-markdown-strikethrough', '~~«sbp_{h40}»~~ rotated, see vault'],
  ['pulumi-token-code-span-paren', 'pulumi login with (`«pul-{h40}»`)'],
  ['contentful-pat-html-input-value', '<input name="contentful_management_token" value="«CFPAT-{B43}»">'],
  ['heroku-api-key-ansi-c-quoting', "HEROKU_API_KEY=$'«HRKU-AA{B58}»' heroku apps"],
  [
    'mapbox-secret-token-query-then-amp',
    'https://api.mapbox.com/uploads/v1/acme?access_token=«sk.eyJ1IjoiYWNtZSIsImEiOiJ{B20}.{B22}»&limit=10',
  ],
  ['tailscale-auth-key-yaml-flow-glued', 'tailscale: {authkey: «tskey-auth-{a12}-{a33}», hostname: ci-runner}'],
  ['netlify-token-toml-inline-glued', 'netlify = {auth_token="«nfp_{a36}»"}'],
  ['bitbucket-app-password-csv-quoted', 'workspace,user,app_password\n"acme","deploy-bot","«ATBB{a32}{H8}»"'],
  ['asana-pat-html-code-tag-glued-period', '<p>Asana PAT for the sync job: <code>«2/{d16}/{d16}:{h32}»</code>.</p>'],
  ['dropbox-token-ansi-c-quoting', "DROPBOX_TOKEN=$'«sl.{B138}»' rclone lsd dropbox:"],
  ['gitlab-pat-zwsp-then-period', 'new gitlab token «glpat-{B10}\u200b{B10}».'],
  ['stripe-key-zero-width-space-after-prefix', 'STRIPE_KEY=«sk_live_\u200b{a99}»'],
  [
    'sendgrid-key-wrap-col80-log-line',
    '2024-05-14T09:12:44Z WARN mailer: falling back to inline key «SG.{B16}\n{B6}.{B43}» for tenant acme',
  ],
  ['github-pat-wrap-col80-json-value', '{"sources":[{"name":"internal","url":"https://npm.pkg.github.com","token":"«ghp_{a1}\n{a35}»"}]}'],
];

export const BLIND48_NEGATIVES: readonly (readonly [string, string])[] = [
  ['reference', 'Rotated the CI token; it now lives in __`${{ secrets.GH_TOKEN }}`__, nothing in the repo.'],
  ['masked', 'The staging store shows _sk_live_••••••••••••••••{d4}_ in the dashboard, which is the masked form.'],
  ['masked', '## OpenAI keys\n\n- ~~sk-proj-…{a4}~~ (revoked 2024-06-02)\n- current key: stored in the `ml-platform` vault'],
  ['stand-in', 'Paste [<ANTHROPIC_API_KEY>](https://console.anthropic.com/settings/keys) into the provider settings.'],
  ['reference', 'Publishing works with **`$NPM_TOKEN`** set from the org secret.'],
  [
    'identifier',
    'Outbound SMS goes through Twilio account AC{h32}.[^twilio]\n\n[^twilio]: the auth token is in 1Password, item "Twilio prod".',
  ],
  ['reference', '[geo]: https://maps.googleapis.com/maps/api/geocode/json?key=${GOOGLE_MAPS_KEY}&address=Lisbon'],
  ['prose', '- [x] move the Shopify token out of `theme.liquid`\n- [ ] rotate the app secret\n- [ ] audit collaborator accounts'],
  ['public', '<script src="https://js.stripe.com/v3/"></script>\n<div id="checkout" data-publishable-key="pk_live_{a99}"></div>'],
  ['reference', '<input type=hidden name=gh_token value="{{ gh_token }}">'],
  ['hash-of-public', '<script src="https://cdn.acme.io/app.js" integrity="sha384-{b64}" crossorigin="anonymous"></script>'],
  ['other', '{"homepage":"https:\\/\\/acme.io\\/docs\\/install","version":"2.14.0","sha":"{h40}"}'],
  ['other', '{"note":"caf\\u00e9 \\u0026 bar","id":"{h8}-{h4}-{h4}-{h4}-{h12}"}'],
  ['reference', 'curl "https://us21.api.mailchimp.com/3.0/lists?apikey=${MAILCHIMP_API_KEY}&count=10"'],
  ['reference', "export GH_TOKEN=$'${GITHUB_TOKEN}'\ngh api user --jq .login"],
  ['reference', 'gh secret set ANTHROPIC_API_KEY --repo acme/agents <<< "$(op read op://prod/anthropic/credential)"'],
  ['reference', "$env:DB_PASSWORD = (Get-Secret -Name 'db-prod' -AsPlainText)\n.\\migrate.ps1 -Env prod"],
  ['reference', 'env: {GH_TOKEN: "${{ secrets.GH_TOKEN }}"}'],
  ['reference', '[registries]\nnpm = { url = "https://registry.npmjs.org", token = { env = "NPM_TOKEN" } }'],
  ['stand-in', '[twilio]\naccount_sid = AC{h32}\nauth_token = ; set via TWILIO_AUTH_TOKEN'],
  ['identifier', 'commit,author,date\n{h40},ana,2024-04-01\n{h40},joao,2024-04-02'],
  ['identifier', 'level=info msg="request done" request_id={h8}-{h4}-{h4}-{h4}-{h12}, trace_id={h32}, span_id={h16}, status=200'],
  ['identifier', '|env|secret name|owner|\n|---|---|---|\n|prod|`GH_TOKEN`|ci-bot|\n|prod|`NPM_TOKEN`|release|'],
  ['identifier', '{h40} is the commit that removed the key from the repo, please cherry-pick it to release/2.x'],
  ['masked', 'ok the key is sk-ant-api03-****************************AA'],
  ['identifier', 'teams mangled the link when I pasted: https://github.com/acme/api/pull/{d4}\u200b#discussion_r{d9}'],
  ['hash-of-public', '$ npm view left-pad dist.integrity\nsha512-{b60}\n{b26}=='],
  ['public', 'AKIAIOSFODNN7EXAMPLE is the access key id used throughout the AWS docs, it is not ours.'],
  [
    'identifier',
    'AZURE_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAZURE_TENANT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nAZURE_CLIENT_SECRET=${AZURE_CLIENT_SECRET}',
  ],
  ['public', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ana@laptop'],
  ['reference', 'DATABASE_URL=postgres://ledger@ledger-db.acme.io/ledger?sslmode=require …'],
  ['stand-in', 'Connect with `mysql://app:<password>@db01.acme.io:3306/shop`.'],
  ['masked', 'SMTP_PASSWORD="********"'],
  ['identifier', '<code>sha256:{h64}</code>.'],
  ['reference', 'Set-Item -Path Env:STRIPE_API_KEY -Value (Get-Content .\\stripe.key -Raw);'],
  ['other', '[`sk-admin-`][admin-keys] keys have org-wide scope; we never create them outside the org settings page.'],
  ['reference', '{"ClientSecret":"@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/sso-client-secret/)"}'],
  ['identifier', 'arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/stripe/secret-key-{a6}'],
  ['reference', 'slack: {bot_token: !vault secret/data/slack#bot_token, channel: C0{U9}}'],
  ['stand-in', '<div data-mailchimp-key="{{ mailchimp_api_key }}"data-list="{h10}"></div>'],
  ['hash-of-public', '~~~\nsha256  {h64}  terraform_1.8.4_linux_amd64.zip\n~~~'],
  ['identifier', 'wss://live.acme.io/socket?vsn=2.0.0&client_id={h8}-{h4}-{h4}-{h4}-{h12}&heartbeat=30'],
];
