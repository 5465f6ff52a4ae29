/** A seventy-seventh held-out batch, written blind: credentials as people share them in conversations pasted into a coding-agent chat (email threads with quoted replies, forwards and quoted-printable, Slack/Teams/Discord messages and exports, issue and PR comments, support tickets, meeting notes and runbooks, casual and misspelled phrasing, lists per environment, corrected follow-ups), and conversation look-alikes that hold no secret. */
export const BLIND77_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'convo-email-gmail-quoted-reply-db-login',
    "Thanks Priya, I'm in.\n\nOn Tue, Mar 4, 2025 at 9:12 AM Priya Nair <priya.nair@northwind-labs.com> wrote:\n> Hi Tom,\n> the staging DB is back up. Login is svc_reporting / «{a12}{d3}!»\n> Let me know if the VPN gives you trouble.\n>\n> Priya",
  ],
  [
    'convo-email-nested-quote-github-classic-pat',
    "Ack, pushing the tag now.\n\nOn Wed, 12 Feb 2025 at 16:40, Marcus Lee <mlee@contoso-dev.io> wrote:\n> Did you get it?\n>\n> On Wed, 12 Feb 2025 at 15:02, Dana Ortiz <dana@contoso-dev.io> wrote:\n> > Release bot token (repo + workflow):\n> > «ghp_{a36}»\n> > Please don't commit it anywhere.",
  ],
  [
    'convo-email-forwarded-iam-keypair',
    "---------- Forwarded message ---------\nFrom: Kenji Watanabe <kenji@brightlane.co>\nDate: Mon, Jan 13, 2025 at 4:05 AM\nSubject: IAM user for the contractor\nTo: ops@brightlane.co\n\nHi, below are the credentials for the contractor's IAM user (eu-west-1 only):\nAccess key ID: «AKIA{u16}»\nSecret access key: «{b40}»",
  ],
  [
    'convo-email-qp-equals3d-sendgrid-key',
    'Content-Type: text/plain; charset="UTF-8"\nContent-Transfer-Encoding: quoted-printable\n\nHi team, the new SendGrid key for the transactional mailer is below. Please =\nupdate the secret in the deploy config before Friday:\nSENDGRID_API_KEY=3D«SG.{B22}.{B43}»',
  ],
  [
    'convo-email-qp-soft-break-inside-stripe-restricted-key',
    'Content-Transfer-Encoding: quoted-printable\n\nMorning! For the reporting job use the restricted (read-only charges) =\nkey: «rk_live_51{a60}=\n{a36}»\nShout if it 401s.',
  ],
  [
    'convo-email-qp-azure-storage-connstring-split',
    'Content-Transfer-Encoding: quoted-printable\n\nConnection string for the exports account:\nDefaultEndpointsProtocol=3Dhttps;AccountName=3Dstcontosoprod;AccountKey=3D=\n«{b72}=\n{b14}=3D=3D»;EndpointSuffix=3Dcore.windows.net',
  ],
  [
    'convo-email-signature-after-datadog-keys',
    'Hi Alex,\n\nDatadog API key for the new sub-org: «{h32}»\nApp key if you need it for the Terraform provider: «{h40}»\n\nBest,\n--\nRosa Delgado\nPlatform Engineering | Fabrikam Inc.\n+1 (415) 555-0142',
  ],
  [
    'convo-email-outlook-re-header-npm-token-next-line',
    'From: Jamal Hassan <jhassan@tailspin.io>\nSent: Thursday, May 8, 2025 11:21 AM\nTo: Lin Chen <lchen@tailspin.io>\nSubject: RE: npm publish failing\n\nLin - the automation token on the org is\n«npm_{a36}»\nuse that in NPM_TOKEN and rerun.\n\n________________________________\nFrom: Lin Chen <lchen@tailspin.io>\nSent: Thursday, May 8, 2025 10:58 AM\nSubject: npm publish failing',
  ],
  [
    'convo-email-nested-old-and-rotated-grafana-password',
    "new one: «{a10}-{a6}»\n\nOn Fri, Jun 6, 2025 at 8:02 AM Ola Berg <ola@vinterdata.se> wrote:\n> that's the old one, they rotated it friday\n>\n> On Thu, Jun 5, 2025 at 17:45, Ian Moss <ian@vinterdata.se> wrote:\n> > pw for the grafana admin is «{a14}»",
  ],
  [
    'convo-email-html-to-text-bold-labels-mailgun',
    '*Mailgun domain:* mg.fabrikam-retail.com\n*API key:* «key-{h32}»\n*Region:* EU (api.eu.mailgun.net)\n\nLet me know once the DNS records are verified.',
  ],
  [
    'convo-email-apple-mail-forward-twilio-auth-token',
    'Begin forwarded message:\n\nFrom: "Ops Alerts" <ops@harborview.health>\nSubject: Twilio sub-account for SMS reminders\nDate: February 3, 2025 at 8:44:10 AM PST\nTo: "Dev Team" <dev@harborview.health>\n\nAccount SID: AC{h32}\nAuth Token: «{h32}»\nMessaging Service SID: MG{h32}',
  ],
  [
    'convo-email-top-post-creds-below-sent-from-iphone',
    "Sure, creds below. Please delete this mail after you've set it up.\n\nuser: deploy-ci\npass: «{a8}{d2}{a6}»\n\nSent from my iPhone\n\n> On Mar 2, 2025, at 18:03, Eli Brandt <eli@corvid.dev> wrote:\n>\n> Can you send me the Jenkins login for the deploy job?",
  ],
  [
    'convo-email-outlook-quoted-dockerhub-pat',
    'Thanks Noor, pulls work again.\n\n> From: Noor Aziz <noor@lumen-build.io>\n> Sent: 14 April 2025 09:10\n> Subject: Docker Hub rate limits\n>\n> Docker Hub token for pulls from the CI runners (read-only):\n> «dckr_pat_{B27}»\n> Username is lumenbuild.',
  ],
  [
    'convo-email-qp-html-part-openai-project-key-split',
    'Content-Type: text/html; charset="UTF-8"\nContent-Transfer-Encoding: quoted-printable\n\n<div dir=3D"ltr">OpenAI key for the hackathon workspace:<br>\n<code>«sk-proj-{B60}=\n{B4}T3BlbkFJ{B64}»</code><br>Budget cap is $200.</div>',
  ],
  [
    'convo-email-pgp-signed-vault-unseal-share',
    '-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nUnseal key share 2 of 5 for the new Vault cluster, keep it offline:\n«{b44}»\n-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEE{b50}\n{b64}\n={b4}\n-----END PGP SIGNATURE-----',
  ],
  [
    'convo-email-original-message-anthropic-key',
    '-------- Original Message --------\nSubject: Claude API access for the eval team\nFrom: Wen Li <wen@orbital-ai.dev>\nTo: eval-team@orbital-ai.dev\nDate: 2025-05-20 10:14\n\nKey for the eval workspace (tier 2 limits):\n«sk-ant-api03-{B93}AA»\nPlease use it only from the eval cluster.',
  ],
  [
    'convo-email-typo-pasword-ftp-inline',
    'Hey,\nthe ftp pasword for the vendor drop is «{a6}{d4}{a4}» (user vendor_acme). They reset it every 90 days.\nCheers, Bo',
  ],
  [
    'convo-email-azure-app-registration-client-secret',
    'Hi Sven,\n\nThe app registration for the reporting connector is done:\nTenant ID: {h8}-{h4}-{h4}-{h4}-{h12}\nApplication (client) ID: {h8}-{h4}-{h4}-{h4}-{h12}\nClient secret: «{a3}8Q~{B34}»\nSecret expires: 2026-03-01\n\nRegards,\nAzure Platform Team',
  ],
  [
    'convo-email-qp-sas-url-sig',
    'Content-Transfer-Encoding: quoted-printable\n\nRead-only SAS for the exports container (valid till July):\nhttps://stfabrikamlogs.blob.core.windows.net/exports?sv=3D2022-11-02&ss=3Db=\n&srt=3Dco&sp=3Drl&se=3D2025-07-01T00:00:00Z&spr=3Dhttps&sig=3D«{a20}%2F{a12}%2B{a9}%3D»',
  ],
  [
    'convo-email-triple-quote-depth-gitlab-pat',
    '> > > can someone give me a gitlab token with read_registry?\n> > Use the group deploy one:\n> > «glpat-{B20}»\n> ^ this one expired yesterday btw',
  ],
  [
    'convo-email-forward-gcp-service-account-json',
    '---------- Forwarded message ---------\nFrom: Carla Ruiz <carla@pinecrest.ag>\nSubject: SA key for BigQuery export\n\n{\n  "type": "service_account",\n  "project_id": "pinecrest-analytics",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\\n{b64}\\n{b64}\\n{b40}\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "bq-export@pinecrest-analytics.iam.gserviceaccount.com"\n}',
  ],
  [
    'convo-email-reply-inline-interleaved-answers',
    "> 1. What's the SFTP host?\nsftp.partners.meridianfreight.com, port 2222\n\n> 2. Username / password?\nmeridian_inbound / «{a9}#{a6}»\n\n> 3. Do you need our IP for the allowlist?\nYes please.",
  ],
  [
    'convo-email-pypi-token-for-maintainer-handover',
    "Subject: Handover: pyfastgeo maintainer duties\n\nHi Theo,\nattached is the release checklist. The project-scoped upload token is:\n\n«pypi-AgEIcHlwaS5vcmcCJ{B150}»\n\nPut it in the repo secret PYPI_API_TOKEN, then I'll remove myself as owner.\nCheers, Maren",
  ],
  [
    'convo-email-html-paragraph-stripe-webhook-secret',
    '<p>Hi Jonas,</p>\n<p>the signing secret for the <b>/webhooks/stripe</b> endpoint is <code>«whsec_{a32}»</code>.</p>\n<p>Thanks,<br>Billing team</p>',
  ],
  [
    'convo-email-quoted-signature-block-between-secret',
    "> Here's the Heroku API key for the review apps pipeline:\n> «HRKU-AA{B58}»\n>\n> --\n> Mateo Silva | DevOps\n> Sent from Outlook for Android",
  ],
  [
    'convo-email-qp-do-token-equals-inline',
    'Content-Transfer-Encoding: quoted-printable\n\nTerraform needs the DO token, set DIGITALOCEAN_TOKEN=3D«dop_v1_{h64}» and =\nrun make plan.',
  ],
  [
    'convo-email-subject-line-plus-body-shopify',
    'Subject: Shopify custom app token (storefront sync)\n\nAdmin API access token: «shpat_{h32}»\nAPI secret key: «shpss_{h32}»\nStore: pine-and-pebble.myshopify.com',
  ],
  [
    'convo-email-german-reply-wlan-and-vpn',
    'Hallo Jana,\n\nhier die Zugangsdaten für das Test-VPN:\nBenutzer: j.keller\nPasswort: «{a7}{d3}{a5}»\n\nViele Grüße\nLukas\n\nAm Mo., 10. März 2025 um 09:14 Uhr schrieb Jana Keller <jana@ostwerk.de>:\n> Kannst du mir die VPN-Daten schicken?',
  ],
  [
    'convo-email-postmark-server-token-in-list',
    'Hi Ana, two things for the migration:\n\n- Postmark server token (outbound stream): «{h8}-{h4}-{h4}-{h4}-{h12}»\n- The sender signature is already verified for noreply@tidepool.app\n\nThanks!',
  ],
  [
    'convo-email-quoted-printable-mixed-heroku-redis-url',
    'Content-Transfer-Encoding: quoted-printable\n\nREDIS_URL=3Drediss://:«p{h64}»@ec2-3-{d3}-{d2}-{d3}.eu-west-1=\n.compute.amazonaws.com:{d5}',
  ],
  [
    'convo-email-newsletter-style-terraform-cloud-token',
    "Hi all,\n\nquick update from infra:\n* we're moving state to Terraform Cloud this sprint\n* team token for CI (please don't use it locally): «{a14}.atlasv1.{a67}»\n* workspace naming: svc-<name>-<env>\n\n-- infra@quarry.dev",
  ],
  [
    'convo-email-forward-chain-atlassian-api-token',
    '---------- Forwarded message ---------\nFrom: Jira Automation Owner <tools@helio-sys.com>\nDate: Tue, 18 Mar 2025 14:30\n\nUse this Atlassian API token for the Jira sync script (account tools@helio-sys.com):\n«ATATT3xFfGF0{B180}={H8}»',
  ],
  [
    'convo-email-reply-bullet-per-env-sendgrid-subusers',
    '> which SendGrid keys do the subusers use?\n\n- marketing subuser: «SG.{B22}.{B43}»\n- transactional subuser: «SG.{B22}.{B43}»\n\nThe parent account key stays with me.',
  ],
  [
    'convo-email-gmail-quote-mongodb-uri',
    'On Sun, 2 Mar 2025, 22:10 Femi Adeyemi, <femi@kolanut.africa> wrote:\n> Atlas URI for the analytics cluster:\n> mongodb+srv://analytics:«{a16}»@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority',
  ],
  [
    'convo-email-security-team-hand-off-hf-token',
    'Hello,\n\nAs requested, here is the Hugging Face token with read access to the gated models:\nhf token: «hf_{a34}»\n\nSecurity Operations\nThis message may contain confidential information.',
  ],
  [
    'convo-email-qp-long-line-slack-webhook-split',
    'Content-Transfer-Encoding: quoted-printable\n\nAlerts webhook (posts into #ops-alerts): «https://hooks.slack.com/services/T{u8}/=\nB{u10}/{a24}»',
  ],
  [
    'convo-email-cc-thread-sentry-auth-token',
    'From: Pia Lund\nTo: Oskar Nyberg\nCc: release-team\nSubject: Re: source maps upload\n\nOskar, the org auth token for sentry-cli:\nSENTRY_AUTH_TOKEN=«sntrys_eyJpYXQiOjE3{B90}_{B43}»',
  ],
  [
    'convo-email-legacy-openai-key-inline-sentence',
    "Hi Ben, I set up the billing alerts. The key for the prototype is «sk-{a20}T3BlbkFJ{a20}», it's on the personal org so please move to the team one soon.",
  ],
  [
    'convo-slack-copy-backtick-stripe-live-key',
    "Maya Chen  10:42 AM\nhere's the key for the connect platform account: `«sk_live_51{a96}»`\nMaya Chen  10:43 AM\n(live mode but restricted to the sandbox connect account, don't ask)",
  ],
  [
    'convo-slack-json-export-escaped-webhook-link',
    '{\n    "type": "message",\n    "user": "U0{u8}",\n    "text": "prod webhook for #alerts-payments is <«https:\\/\\/hooks.slack.com\\/services\\/T{u8}\\/B{u10}\\/{a24}»|this one>",\n    "ts": "17{d8}.{d6}"\n}',
  ],
  [
    'convo-slack-mrkdwn-link-label-hides-discord-webhook',
    "*Release notes bot* is wired up :tada: it posts via <«https://discord.com/api/webhooks/{d19}/{B68}»|the community webhook> so don't share this thread outside #eng",
  ],
  [
    'convo-slack-thread-creds-below-code-block',
    '*Jordan Blake*  9:14 AM\ncreds below for the read replica\n```\nuser: analytics_ro\npassword: «{a20}»\nhost: replica-2.db.internal\n```\n3 replies',
  ],
  [
    'convo-slack-dm-use-this-one-instead-bot-token',
    'Ravi Kumar  2:07 PM\nthe bot token in the README is revoked\nuse this one instead\n«xoxb-{d12}-{d13}-{a24}»\nRavi Kumar  2:08 PM\n(scopes: chat:write, channels:read)',
  ],
  [
    'convo-slack-irc-style-tocken-typo-gitlab',
    '[11:02] sam.k: gitlab tocken for the mirror job → «glpat-{B20}»\n[11:02] sam.k: expires in 30d\n[11:03] rita.o: ty',
  ],
  [
    'convo-slack-socket-mode-env-pasted-in-thread',
    'Aiko Tanaka  4:51 PM\nfor local dev of the bot put these in .env:\n```SLACK_APP_TOKEN=«xapp-1-A{u10}-{d13}-{h64}»\nSLACK_BOT_TOKEN=«xoxb-{d13}-{d13}-{a24}»\nSLACK_SIGNING_SECRET=«{h32}»```',
  ],
  [
    'convo-slack-json-export-user-token-in-text',
    '{"client_msg_id":"{h8}-{h4}-4{h3}-8{h3}-{h12}","type":"message","text":"legacy user token for the archiver, scopes channels:history: «xoxp-{d12}-{d12}-{d13}-{h32}»","user":"U0{u8}","ts":"17{d8}.{d6}","team":"T0{u8}"}',
  ],
  [
    'convo-slack-export-file-preview-dotenv-url',
    '"files": [{\n  "id": "F0{u8}",\n  "name": ".env.production",\n  "filetype": "text",\n  "preview": "DATABASE_URL=postgres:\\/\\/app:«{a24}»@db.internal:5432\\/app\\nREDIS_HOST=cache.internal\\nLOG_LEVEL=info"\n}]',
  ],
  [
    'convo-slack-export-edited-api-kee-typo-datadog',
    '{\n  "type": "message",\n  "text": "datadog api-kee for the EU org: «{h32}» (app key is in 1P)",\n  "user": "U0{u8}",\n  "ts": "17{d8}.{d6}",\n  "edited": {"user": "U0{u8}", "ts": "17{d8}.000000"}\n}',
  ],
  [
    'convo-slack-mrkdwn-bullets-three-env-db-passwords',
    'Kofi Mensah  11:20 AM\ndb passwords per env, moving them to vault tomorrow:\n• dev: `«{a16}»`\n• staging: `«{a16}»`\n• prod: `«{a20}»`',
  ],
  [
    'convo-slack-huddle-notes-pw-is',
    'Huddle notes (auto) — #platform\n• Lena: wifi for the offsite lab network is "lab-5g", pw is «{a6}{d2}{a4}!»\n• Marco will file the budget ticket',
  ],
  [
    'convo-slack-quoted-reply-gt-prefix-openai-key',
    "Tom Reyes  3:31 PM\n> whats the openai key for the summarizer?\n«sk-proj-{B64}T3BlbkFJ{B64}»\npls don't paste it in #general again :sweat_smile:",
  ],
  [
    'convo-slack-workflow-trigger-webhook-url',
    'Priyanka  9:03 AM\nworkflow builder trigger for the standup bot: «https://hooks.slack.com/triggers/T0{u8}/{d13}/{h32}»\njust POST {"text": "..."} to it',
  ],
  [
    'convo-slack-thread-reply-value-on-own-line-anthropic',
    'Sofia Marin\n  replied to a thread: Claude key for the eval harness?\n  here:\n  «sk-ant-api03-{B93}AA»',
  ],
  [
    'convo-slack-bolt-signing-and-client-secret-dm',
    'Omar  5:44 PM\napp credentials from api.slack.com for the new bolt app:\nClient ID: {d13}.{d13}\nClient Secret: «{h32}»\nSigning Secret: «{h32}»',
  ],
  [
    'convo-slack-canvas-copy-aws-temp-session',
    '*Temp creds for the incident (expire 18:00 UTC)*\nAWS_ACCESS_KEY_ID=«ASIA{u16}»\nAWS_SECRET_ACCESS_KEY=«{b40}»\nAWS_SESSION_TOKEN=«IQoJb3JpZ2luX2Vj{b200}»',
  ],
  [
    'convo-slack-emoji-prefixed-twilio-api-key-secret',
    ':key: twilio api key for the OTP service\nSID: SK{h32}\nsecret: «{a32}»\n:lock: please move into SSM after',
  ],
  [
    'convo-slack-export-rich-text-elements-cloudflare-token',
    '"blocks": [{"type": "rich_text", "block_id": "{a4}", "elements": [{"type": "rich_text_section", "elements": [\n  {"type": "text", "text": "cf token for the DNS job (zone edit only): "},\n  {"type": "text", "text": "«{B40}»", "style": {"code": true}}\n]}]}]',
  ],
  [
    'convo-slack-mobile-paste-newrelic-license-and-user-key',
    'New Relic for the k8s integration\nlicense key «{h36}NRAL»\nuser key «NRAK-{u27}»',
  ],
  [
    'convo-teams-chat-copy-azure-devops-pat',
    '[10:31 AM] Okafor, Chidi\n    Azure DevOps PAT for the agent pool registration:\n    «{l52}»\n[10:33 AM] Novak, Petra\n    thx, registering the agents now',
  ],
  [
    'convo-teams-graph-export-html-content-sql-password',
    '{\n  "id": "17{d11}",\n  "messageType": "message",\n  "from": {"user": {"displayName": "Grace Liu", "id": "{h8}-{h4}-{h4}-{h4}-{h12}"}},\n  "body": {"contentType": "html", "content": "<p>SQL admin pw for the migration VM: <code>«{a10}{d2}#{a4}»</code></p>"}\n}',
  ],
  [
    'convo-teams-incoming-webhook-url-in-message',
    '[2:15 PM] Daniel Park\n    connector URL for the build alerts channel:\n    «https://fabrikam.webhook.office.com/webhookb2/{h8}-{h4}-{h4}-{h4}-{h12}@{h8}-{h4}-{h4}-{h4}-{h12}/IncomingWebhook/{h32}/{h8}-{h4}-{h4}-{h4}-{h12}/V2{B43}»',
  ],
  [
    'convo-teams-edited-message-new-azure-ad-secret',
    '[9:02 AM] (Edited) Halvorsen, Ingrid\n    new client secret for the SSO app (old one expired): «{a3}8Q~{B34}»',
  ],
  [
    'convo-teams-reply-quote-storage-key',
    'Reply to Ahmed Saleh: "which key for the backup storage account?"\nkey1: «{b86}==»\nrotate key2 next week',
  ],
  [
    'convo-teams-cosmos-primary-key-and-endpoint',
    '[4:40 PM] Ruth Abebe\n    cosmos endpoint https://orders-cosmos.documents.azure.com:443/\n    primary key «{b86}==»',
  ],
  [
    'convo-teams-service-bus-connection-string',
    '[11:11 AM] Jonas Weber\n    Endpoint=sb://fabrikam-events.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«{b43}=»\n[11:12 AM] Jonas Weber\n    ^ root one, just for the spike',
  ],
  [
    'convo-teams-openai-azure-key-list',
    'Azure OpenAI (swedencentral) for the RAG PoC:\n- endpoint: https://rag-poc-swc.openai.azure.com/\n- key 1: «{h32}»\n- deployment: gpt-4o-mini',
  ],
  [
    'convo-discord-code-fence-bot-token',
    '**nova_dev** — Today at 3:14 PM\nbot token for the staging bot:\n```\n«MT{B24}.G{B5}.{B38}»\n```',
  ],
  [
    'convo-discord-spoiler-legacy-openai-key',
    "**riven** — 03/02/2025 10:21 PM\nopenai key for the jam, spoilered so stream doesn't catch it ||«sk-{a20}T3BlbkFJ{a20}»||",
  ],
  [
    'convo-discord-chat-exporter-json-webhook',
    '{\n  "id": "13{d17}",\n  "type": "Default",\n  "timestamp": "2025-04-09T19:22:11.512+00:00",\n  "content": "new webhook for #deploy-log: «https://discord.com/api/webhooks/{d19}/{B68}»",\n  "author": {"id": "{d18}", "name": "mossy", "discriminator": "0000"}\n}',
  ],
  [
    'convo-discord-plaintext-export-hf-spoiler',
    '[04-Mar-25 09:12 PM] kai\nhf token for the gated llama repo ||«hf_{a34}»||\n[04-Mar-25 09:13 PM] juno\ngot it',
  ],
  ['convo-discord-inline-code-replicate-token', "**lumen** — Yesterday at 11:48 PM\nreplicate: `«r8_{a37}»` — it's on my card so go easy"],
  [
    'convo-discord-reply-arrow-telegram-bot-token',
    '╭ @fern the telegram bot is dead again\n**pax** — Today at 8:01 AM\nregenerated it, new token «{d10}:AA{B33}»',
  ],
  [
    'convo-discord-multiline-spoiler-db-creds',
    '**otter** — Today at 1:37 AM\nminecraft server panel login\n||user: admin\npass: «{a12}{d4}»||',
  ],
  [
    'convo-discord-fenced-env-groq-and-supabase',
    '```env\nGROQ_API_KEY=«gsk_{a52}»\nSUPABASE_URL=https://{l20}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6Im{B60}.{B43}»\n```',
  ],
  [
    'convo-discord-bot-oauth-client-secret-in-help-channel',
    '**wisp** — Today at 6:15 PM\nI keep getting invalid_client, my client id is {d19} and secret «{B32}» what am I doing wrong',
  ],
  [
    'convo-discord-spoiler-mistral-key-sorry-wrong-one',
    "**bramble** — Today at 2:02 PM\nmistral key ||«{a32}»||\n**bramble** — Today at 2:03 PM\nsorry wrong one, that's my personal. team one: ||«{a32}»||",
  ],
  ['convo-discord-embed-field-steam-web-api-key', 'Embed: Server config\nField "steam_api_key": «{H32}»\nField "region": eu-west'],
  [
    'convo-gh-issue-details-collapsed-dotenv',
    '**Environment**\n- node 20.11, macOS 14\n\n<details>\n<summary>full .env (click to expand)</summary>\n\n```\nOPENAI_API_KEY=«sk-proj-{B64}T3BlbkFJ{B64}»\nNODE_ENV=production\nPORT=3000\n```\n</details>',
  ],
  [
    'convo-gh-pr-review-suggestion-quoted-sendgrid-fallback',
    '> ```suggestion\n> const apiKey = process.env.SENDGRID_KEY ?? "«SG.{B22}.{B43}»";\n> ```\n\nPlease don\'t hardcode this fallback, it\'s the real production key. Use `requireEnv("SENDGRID_KEY")`.',
  ],
  [
    'convo-jira-wiki-monospace-circleci-pat',
    'h3. Steps to reproduce\n# Export the token: {{export CIRCLE_TOKEN=«CCIPAT_{a22}_{h40}»}}\n# Run {{./scripts/sync-contexts.sh}}\n# Observe 403 on the second context',
  ],
  [
    'convo-jira-noformat-log-bearer-header',
    'Attached the failing request from the gateway log:\n{noformat}\n2025-03-11T08:14:22Z DEBUG http.client > GET /v1/invoices?limit=50\n2025-03-11T08:14:22Z DEBUG http.client > Authorization: Bearer «{a48}»\n2025-03-11T08:14:23Z DEBUG http.client < 502 Bad Gateway\n{noformat}',
  ],
  [
    'convo-linear-comment-linear-api-key',
    "**Dmitri** commented on ENG-2291\nFor the import script you'll need a personal key, I made one on the bot account: `«lin_api_{a40}»`. Delete it once the backfill is done.",
  ],
  [
    'convo-gh-issue-curl-verbose-output-github-app-token',
    'Here\'s the curl output:\n\n```\n$ curl -v -H "Authorization: token «ghs_{a36}»" https://api.github.com/repos/orbit-labs/infra/contents/README.md\n> GET /repos/orbit-labs/infra/contents/README.md HTTP/2\n< HTTP/2 404\n```',
  ],
  [
    'convo-gh-pr-body-collapsed-ci-log-npm-token',
    '<details><summary>CI log (failing step)</summary>\n\n```\nRun npm publish --access public\nnpm notice Publishing to https://registry.npmjs.org/ with tag latest\nnpm ERR! code E403\nnpm ERR! 403 Forbidden - PUT https://registry.npmjs.org/@orbit%2fui\n+ cat .npmrc\n//registry.npmjs.org/:_authToken=«npm_{a36}»\n```\n</details>',
  ],
  [
    'convo-jira-bq-quote-customer-password',
    'bq. Customer says they can log in with admin / «{a11}{d2}» on the old portal but not the new one.\n\nReproduced on staging with the same credentials. Assigning to auth team.',
  ],
  [
    'convo-gh-discussion-note-callout-gh-fine-grained',
    '> [!NOTE]\n> The workflow needs a fine-grained token with contents:write. I used «github_pat_11{u20}_{a59}» for now.\n\nShould we switch to a GitHub App instead?',
  ],
  [
    'convo-gitlab-mr-comment-runner-auth-token',
    '@marta the runner is registered, config.toml has:\n```toml\n[[runners]]\n  name = "build-arm64-01"\n  url = "https://gitlab.corvid.dev"\n  token = "«glrt-{B20}»"\n  executor = "docker"\n```\n/cc @devops',
  ],
  [
    'convo-jira-code-block-bash-vault-token',
    '{code:bash}\nexport VAULT_ADDR=https://vault.ops.helio-sys.com:8200\nexport VAULT_TOKEN=«hvs.{a90}»\nvault kv get secret/payments/adyen\n{code}',
  ],
  [
    'convo-gh-issue-stack-trace-with-connection-url',
    '```\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "pg-main.internal" (10.4.2.11), port 5432 failed: FATAL:  password authentication failed for user "orders"\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\n[SQL: SELECT 1]\nengine url: postgresql+psycopg2://orders:«{a22}»@pg-main.internal:5432/orders\n```',
  ],
  [
    'convo-gh-comment-quote-block-then-correction',
    "> I set `DD_API_KEY` to «{h32}» and still no metrics\n\n@hana that's the app key shape, the api key is the other one: «{h32}». Try again with that.",
  ],
  [
    'convo-linear-issue-description-markdown-table',
    '| Service | Env | Token |\n|---|---|---|\n| PostHog | prod | «phx_{a43}» |\n| Sentry | prod | «sntrys_eyJpYXQiOjE3{B90}_{B43}» |\n| Mixpanel | prod | see vault |',
  ],
  [
    'convo-gh-issue-docker-login-stdin-pat',
    'Tried the documented flow:\n```\n$ echo «dckr_pat_{B27}» | docker login -u orbitci --password-stdin\nError response from daemon: Get "https://registry-1.docker.io/v2/": unauthorized: incorrect username or password\n```',
  ],
  [
    'convo-jira-comment-pypi-token-twine-output',
    'Ran twine locally:\n{code}\n$ twine upload -u __token__ -p «pypi-AgEIcHlwaS5vcmcCJ{B150}» dist/*\nUploading pyfastgeo-0.9.2-py3-none-any.whl\nHTTPError: 403 Forbidden\n{code}',
  ],
  [
    'convo-gh-pr-comment-gcp-api-key-in-diff-context',
    '```diff\n const maps = new Loader({\n-  apiKey: process.env.MAPS_KEY,\n+  apiKey: "«AIza{B35}»",\n   version: "weekly",\n });\n```\n^ this was for local debugging, reverting before merge',
  ],
  [
    'convo-gitlab-issue-ci-variable-listing',
    'Current CI/CD variables on the project (masked flag was off!):\n- `DEPLOY_TOKEN_USER` = gitlab+deploy-token-{d6}\n- `DEPLOY_TOKEN` = «gldt-{B20}»\n- `TRIGGER_TOKEN` = «glptt-{h40}»',
  ],
  [
    'convo-jira-panel-breakglass-root',
    '{panel:title=Break-glass (prod bastion)|borderStyle=dashed}\nssh root@bastion-prod.helio-sys.com\nroot password: «{a8}-{a8}-{a8}»\n{panel}',
  ],
  [
    'convo-gh-issue-terraform-plan-output-sensitive-leak',
    'terraform plan output:\n```\n  + resource "aws_db_instance" "main" {\n      + engine   = "postgres"\n      + password = "«{a24}»"\n      + username = "root_admin"\n    }\n```\nI thought this would be marked sensitive?',
  ],
  [
    'convo-gh-issue-python-repro-anthropic-client',
    'Minimal repro:\n```python\nimport anthropic\nclient = anthropic.Anthropic(api_key="«sk-ant-api03-{B93}AA»")\nprint(client.messages.create(model="claude-3-5-haiku-latest", max_tokens=16, messages=[{"role": "user", "content": "hi"}]))\n```\nRaises `APIConnectionError` behind our proxy.',
  ],
  [
    'convo-linear-comment-slack-bot-token-for-integration',
    "Kaito Mori · 2h ago\nIntegration is live. Token for the Slack side (bot user): «xoxb-{d12}-{d13}-{a24}». I'll move it into the secrets manager after the demo.",
  ],
  [
    'convo-gh-pr-description-checklist-with-token',
    '## Checklist\n- [x] Added e2e for checkout\n- [x] Rotated the staging Stripe key (new: «sk_live_51{a96}»)\n- [ ] Update the runbook',
  ],
  [
    'convo-jira-table-wiki-markup-env-credentials',
    '||Env||DB user||DB password||\n|dev|app_dev|«{a14}»|\n|staging|app_stg|«{a14}»|\n|prod|app_prd|_see Vault_|',
  ],
  [
    'convo-gh-issue-kubeconfig-token-snippet',
    'kubeconfig that works from my machine:\n```yaml\nusers:\n- name: ci-deployer\n  user:\n    token: «eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVzLmRlZmF1bHQuc3Zj{B120}.{B86}»\n```',
  ],
  [
    'convo-gh-comment-okta-api-token-inline',
    '@ops the SCIM sync needs an Okta API token, I created one under the service account: «00{B40}». Tenant is helio.okta.com.',
  ],
  [
    'convo-jira-comment-mailchimp-key-with-dc',
    'Marketing sent their Mailchimp key so we can sync the audience: «{h32}-us21». Audience id is 7f{h8}.',
  ],
  [
    'convo-gh-issue-azure-sp-json-output',
    'Output of `az ad sp create-for-rbac`:\n```json\n{\n  "appId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "displayName": "gh-actions-deployer",\n  "password": "«{a3}8Q~{B34}»",\n  "tenant": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}\n```',
  ],
  [
    'convo-gh-issue-template-filled-api-key-field',
    "### Version\n2.14.0\n\n### API key used (we'll use this to look up logs)\n«{l32}»\n\n### What happened?\nExports time out after 30s.",
  ],
  [
    'convo-gitlab-snippet-comment-feed-token',
    'Subscribe to the issue feed with: https://gitlab.corvid.dev/platform/infra/-/issues.atom?feed_token=«glft-{B20}»&state=opened',
  ],
  [
    'convo-linear-issue-airtable-pat-in-steps',
    'Steps:\n1. Open the base "Content calendar"\n2. Call the API with PAT «pat{a14}.{h64}»\n3. 422 INVALID_PERMISSIONS on records list',
  ],
  [
    'convo-gh-pr-thread-databricks-token-next-line',
    '**reviewer:** how did you auth to the workspace for the integration run?\n**author:** personal token, sorry:\n«dapi{h32}»\nrevoking after merge',
  ],
  [
    'convo-zendesk-public-reply-customer-api-key',
    "Ticket #48213 — API returns 401 since this morning\nRequester: Harold Finch (hfinch@meridian-logistics.com)\nStatus: Open | Priority: High\n\nHarold Finch, Mar 3, 2025, 14:22\nHi, our integration stopped working. We're calling with key «{a40}» and get 401 on every request.",
  ],
  [
    'convo-zendesk-internal-note-sftp-creds',
    "Internal note — Ana P. (Tier 2)\nCustomer's SFTP creds, please don't put them in a public reply:\nhost: sftp.meridian-logistics.com\nuser: meridian_sftp\npass: «{a10}{d3}{a3}»",
  ],
  [
    'convo-freshdesk-conversation-agent-asked-for-key',
    "Conversation\nAgent (Lea, Support) — 2 days ago\nCould you share the API key you're using so we can check the logs?\n\nCustomer (Rahul Verma) — 2 days ago\nSure, it's «{h40}». We're on the EU instance.",
  ],
  [
    'convo-zendesk-internal-note-zendesk-api-token',
    'Internal note — Marcus (Ops)\nAPI token for the Salesforce ↔ Zendesk sync (agent: sync@acmehelp.zendesk.com):\n«{a40}»',
  ],
  [
    'convo-freshdesk-api-kee-typo-reply',
    'From: tasha@oakridge-dental.com\nTicket #91077: Webhook signature mismatch\n\nhi, here is our api-kee like you asked «{a20}» and the webhook secret «whsec_{a32}»\nthanks',
  ],
  [
    'convo-zendesk-ticket-email-channel-quoted-password',
    "Via email · Ticket #50022\n\nKim Do wrote:\n> I reset the kiosk admin password to «{a7}{d3}{a2}» but the device still shows locked.\n> Serial: KSK-{d6}\n\nAgent reply:\nThanks Kim, please don't send passwords over email. I've asked the device team to unlock it.",
  ],
  [
    'convo-helpdesk-it-ticket-temp-password-issued',
    '[IT-HELP-{d5}] Password reset for j.ortega\nResolution: Reset AD password. Temporary password: «{U1}{L5}{d4}{a3}!»\nUser must change at next logon.',
  ],
  [
    'convo-freshdesk-private-note-vendor-portal',
    'Private note by Sven Olsen\nVendor portal (Oracle support) login for escalations:\nsupport-id: CSI {d8}\nemail: escalations@nordfjord.no\npassword: «{a14}»',
  ],
  [
    'convo-zendesk-side-conversation-twilio-token',
    'Side conversation with Twilio support\nSubject: Messages stuck in "accepted"\n\nOur auth token (primary) for the account AC{h32} is «{h32}» in case you need to reproduce.',
  ],
  [
    'convo-ticket-intercom-transcript-api-secret',
    "[Intercom] Conversation with Bea Lopez\nBea: hey, i regenerated the secret but the plugin still says invalid\nBea: client secret: «{a48}»\nOperator: Thanks! Please regenerate it again after we fix this, since it's now in the chat.",
  ],
  [
    'convo-servicenow-incident-work-notes-service-account',
    'INC00{d5} - Work notes (internal)\n2025-04-02 09:41:13 - Luis Ortega\nService account svc_batch re-enabled. Password set to «{a16}{d2}», stored in CyberArk later today.',
  ],
  [
    'convo-zendesk-macro-output-leaked-key',
    'Hello {{ticket.requester.first_name}},\n\nYour new API credentials are:\nKey ID: ak_{l12}\nSecret: «{a44}»\n\nBest regards,\nSupport',
  ],
  [
    'convo-meeting-notes-rotated-webhook-secret-bullet',
    '## Ops sync — 2025-04-17\nAttendees: @kai, @rosa, @lin\n- Rotated Stripe webhook secret; new value: «whsec_{a32}» (update in Vercel env)\n- Action: Lin to move it into Doppler\n- Next sync Thursday',
  ],
  [
    'convo-runbook-markdown-restore-pgpassword',
    "### Restore the nightly dump\n1. Download the latest dump from `s3://helio-backups/pg/`\n2. Run:\n   ```bash\n   PGPASSWORD='«{a24}»' pg_restore -h pg-main.internal -U restore_admin -d orders latest.dump\n   ```\n3. Check row counts against the dashboard",
  ],
  [
    'convo-confluence-code-macro-title-redis-auth',
    "{code:language=bash|title=Flush the rate-limit cache}\nredis-cli -h cache-01.internal -a '«{a32}»' --no-auth-warning SCAN 0 MATCH 'rl:*'\n{code}",
  ],
  [
    'convo-confluence-table-wiki-env-api-keys',
    'h2. External API keys\n||Vendor||Environment||Key||\n|Algolia (admin)|prod|«{h32}»|\n|Algolia (admin)|staging|«{h32}»|\n|Mapbox (secret)|prod|«sk.eyJ1Ijoi{B20}IiwiYSI6I{B20}In0.{B22}»|',
  ],
  [
    'convo-notion-export-callout-shared-wifi-and-alarm',
    '> 💡 Office info\n> Guest Wi-Fi: harbour-guest\n> Staff Wi-Fi password: «{a8}{d4}{a4}»\n\n## Kitchen rota\nSee the sheet.',
  ],
  [
    'convo-meeting-notes-retro-leaked-key-quoted',
    '### Retro 2025-05-02\n**What went wrong**\n- Someone pasted `«sk-ant-api03-{B93}AA»` into #random; revoked within 10 min\n- Alerting on 5xx was noisy\n**Actions**\n- Enable secret scanning on the Slack workspace',
  ],
  [
    'convo-runbook-numbered-steps-docker-login-ghcr',
    '1. Log in to GHCR with the bot account:\n   `echo «ghp_{a36}» | docker login ghcr.io -u helio-bot --password-stdin`\n2. Pull `ghcr.io/helio-sys/api:2025.04.2`\n3. Retag and push to the DR registry',
  ],
  [
    'convo-confluence-info-macro-rabbitmq-amqp-url',
    '{info}Broker for the order events (shared with billing){info}\nAMQP_URL: amqps://orders-svc:«{a20}»@rabbit-prod.helio-sys.com:5671/orders',
  ],
  [
    'convo-onboarding-doc-first-week-accounts',
    '## Your first week\n- Jira: SSO, nothing to do\n- Shared QA account for the mobile app: qa-shared@helio-sys.com / «{a9}!{d3}»\n- VPN: request via #it-help',
  ],
  [
    'convo-incident-timeline-notes-exposed-token',
    '**Incident 2025-03-28 timeline**\n- 13:02 alert fired\n- 13:10 Kai shared the deploy token in the channel to unblock: «glpat-{B20}»\n- 13:40 token revoked, new one in vault',
  ],
  [
    'convo-runbook-ansible-vault-password-inline',
    "Decrypt the group vars with:\n```\necho '«{a28}»' > /tmp/.vault_pass && ansible-vault view --vault-password-file /tmp/.vault_pass group_vars/prod/vault.yml\n```\nthen `shred -u /tmp/.vault_pass`.",
  ],
  [
    'convo-confluence-expand-macro-snowflake-login',
    '{expand:title=Snowflake service login (click)}\naccount: hx{l5}.eu-central-1\nuser: DBT_PROD\npassword: «{a18}»\n{expand}',
  ],
  [
    'convo-meeting-notes-action-items-new-relic-key',
    'Action items\n- [ ] @sam swap the old NR key for the new ingest key «{h36}NRAL» in the helm values\n- [ ] @jo close the ticket',
  ],
  [
    'convo-wiki-page-mysql-dsn-in-prose',
    'The legacy reporting app connects with mysql://report_ro:«{a16}»@mysql-legacy.internal:3306/reports — we plan to decommission it in Q3.',
  ],
  [
    'convo-runbook-yaml-snippet-grafana-service-account-token',
    'Add the datasource via API:\n```\ncurl -s -X POST https://grafana.helio-sys.com/api/datasources \\\n  -H "Authorization: Bearer «glsa_{a32}_{h8}»" \\\n  -H "Content-Type: application/json" -d @prometheus.json\n```',
  ],
  [
    'convo-meeting-notes-vendor-call-pagerduty-key',
    "Vendor call w/ PagerDuty (notes by Rosa)\n- Events v2 integration key for the checkout service: «{h32}»\n- REST API key (read-only) for the reporting job: «u+{B18}»\n- They'll enable the new UI on our account next week",
  ],
  [
    'convo-confluence-status-macro-postman-key',
    '{status:colour=Red|title=Deprecated}{status} Old Postman collection runner key: «PMAK-{h24}-{h34}»\nUse the team workspace instead.',
  ],
  [
    'convo-obsidian-daily-note-bitbucket-app-password',
    '## 2025-05-14\n- fixed pipelines on bitbucket, app password for the CI user is «ATBB{a32}{H8}»\n- call w/ design at 3',
  ],
  [
    'convo-runbook-table-markdown-mongo-and-elastic',
    '| System | User | Secret |\n|--------|------|--------|\n| Mongo Atlas | ops_admin | «{a20}» |\n| Elastic Cloud | elastic | «{a24}» |\n| Kibana | — | SSO |',
  ],
  [
    'convo-runbook-cloudflare-scannable-user-token',
    'Purge the CDN cache after deploy:\ncurl -X POST "https://api.cloudflare.com/client/v4/zones/{h32}/purge_cache" -H "Authorization: Bearer «cfut_{a40}{h8}»" --data \'{"purge_everything":true}\'',
  ],
  ['convo-chat-pw-is-value-next-line', 'jess: whats the wifi pw for the lab\ntomas: pw is\ntomas: «{a5}{d3}{a4}»\njess: ty'],
  ['convo-chat-passwrd-typo-router-admin', 'router admin passwrd: «{a12}» (user is admin obviously)'],
  [
    'convo-chat-heres-the-key-openai-svcacct',
    "ok here's the key: «sk-svcacct-{B64}T3BlbkFJ{B64}»\nit's a service account key for the batch project",
  ],
  ['convo-chat-api-kee-typo-anthropic-admin', 'anthropic admin api-kee so you can pull usage reports → «sk-ant-admin01-{B93}AA»'],
  ['convo-chat-single-quoted-value-mid-sentence', "use '«{a18}»' as the redis password for now, I'll rotate it when we go live"],
  ['convo-chat-creds-below-colon-separated', 'creds below\njenkins: admin:«{a16}»\nnexus: deployer:«{a16}»'],
  [
    'convo-chat-the-password-for-x-is-y-period',
    "The password for the shared Figma admin account is «{a10}{d3}». Please don't change it without telling design.",
  ],
  ['convo-chat-token-then-thanks-emoji-gh-oauth', 'gh auth token gave me this: «gho_{a36}» 🙏 can you check why the API calls still fail?'],
  [
    'convo-chat-agent-prompt-with-key-inline',
    'can you write a python script that lists all my s3 buckets? my keys are «AKIA{u16}» and «{b40}», region us-east-2',
  ],
  ['convo-chat-agent-prompt-fix-my-curl', 'why does this return 401?\ncurl https://api.stripe.com/v1/customers -u «rk_live_51{a96}»:'],
  ['convo-chat-tocken-typo-vercel', 'vercel tocken for the preview deploys «{a24}» — team scope is acme-web'],
  [
    'convo-chat-key-in-parentheses-after-name',
    'I hooked up the weather widget (OpenWeather key «{h32}») and the map (Google, key «AIza{B35}»), both on the free tier.',
  ],
  ['convo-chat-value-in-double-quotes-and-colon', 'for the admin panel use username "ops" and password "«{a14}»"'],
  [
    'convo-chat-sorry-wrong-one-github-token',
    "Marta: token for the release action: «ghp_{a36}»\nMarta: sorry, wrong one, it's «ghp_{a36}»\nMarta: the first one is my personal, ignore it",
  ],
  ['convo-chat-oops-staging-key-use-prod', 'oops that was the staging key. prod is «sk_live_51{a96}»'],
  [
    'convo-chat-correction-edited-asterisk',
    'Leo: sentry dsn auth token: «sntryu_{h64}»\nLeo: *«sntryu_{h64}» (copied the revoked one first)',
  ],
  [
    'convo-chat-correction-email-follow-up',
    'Subject: Re: Re: SFTP access\nCorrection to my last mail — the password has a typo, the right one is «{a8}_{a6}{d2}».\nSorry about that!',
  ],
  ['convo-chat-new-line-value-with-trailing-space-no-label', 'hey can you add this to the github secrets as NPM_TOKEN\n«npm_{a36}»\nthx'],
  ['convo-chat-lowercase-all-pass-colon-space', 'ssh into the pi: ssh pi@192.168.1.44 pass: «{a8}{d3}»'],
  ['convo-chat-dutch-wachtwoord', 'het wachtwoord voor de staging omgeving is «{a11}{d2}», gebruikersnaam is beheer'],
  ['convo-chat-spanish-contrasena-y-token', 'te paso los datos: usuario deploy, contraseña «{a12}{d2}» y el token de GitLab «glpat-{B20}»'],
  ['convo-chat-french-mot-de-passe-next-line', 'voilà le mot de passe de la base :\n«{a16}»'],
  ['convo-chat-key-after-arrow-and-env-name', 'prod -> «{h32}»\nstaging -> «{h32}»\n(datadog api keys, both orgs)'],
  ['convo-chat-docker-hub-creds-inline-and-org', 'docker hub: user acmeci, token «dckr_pat_{B27}», org acme-labs'],
  ['convo-chat-pasword-typo-with-quotes-wifi', 'guest wifi is "Atlas-Guest" and the pasword is "«{a10}»"'],
  [
    'convo-chat-gcp-oauth-client-secret-and-refresh',
    'For the Sheets sync I made an OAuth client:\nclient_id: {d12}-{l32}.apps.googleusercontent.com\nclient_secret: «GOCSPX-{B28}»\nrefresh token: «1//0{B100}»',
  ],
  [
    'convo-chat-gcp-access-token-from-gcloud',
    '$ gcloud auth print-access-token\n«ya29.a0{B160}»\n^ pasted this into postman and it works, but only for an hour?',
  ],
  [
    'convo-chat-ssh-private-key-pasted-into-chat',
    "here's the deploy key, put it in ~/.ssh/deploy_ed25519:\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB{b69}\n{b70}\n{b70}\n{b44}\n-----END OPENSSH PRIVATE KEY-----»",
  ],
  ['convo-chat-age-secret-key-for-sops', 'sops key for the repo (age): «AGE-SECRET-KEY-1{e58}»\npublic one is in .sops.yaml already'],
  ['convo-chat-vault-root-token-after-init', "vault is initialised, root token: «hvs.{a24}» — I'll revoke it once the admin policy is in"],
  [
    'convo-chat-planetscale-password-in-connection-line',
    'planetscale branch password: «pscale_pw_{B43}» (user {l12}, host aws.connect.psdb.cloud)',
  ],
  ['convo-chat-netlify-personal-access-token', 'netlify PAT for the CLI in CI: «nfp_{a36}{h4}»'],
  ['convo-chat-fly-io-token-deploy', 'fly tokens create deploy gave me «FlyV1 fm2_lJPECAAAAAAAA{B60}» — is that the whole thing?'],
  ['convo-chat-doppler-service-token', 'doppler service token for the worker (prd config): «dp.st.prd.{a43}»'],
  ['convo-chat-pulumi-access-token', 'PULUMI_ACCESS_TOKEN=«pul-{h40}» if you want to run the preview locally'],
  ['convo-chat-square-access-token', 'square prod access token «EAAA{B60}», application id is sq0idp-{B22}'],
  ['convo-chat-contentful-cma-token', 'contentful management token: «CFPAT-{B43}» (space 9{l11})'],
  ['convo-chat-sonarqube-user-token', 'sonar token for the scanner step: «squ_{h40}»'],
  ['convo-chat-jfrog-identity-token', 'artifactory identity token for the build user:\n«cmVmdGtuOjAxOjE3{b50}»'],
  ['convo-chat-sendgrid-key-with-trailing-period', 'Switched the mailer to the new SendGrid key «SG.{B22}.{B43}».'],
  ['convo-chat-dropbox-short-lived-token', 'dropbox token from the app console (short-lived, 4h): «sl.u.{B140}»'],
  ['convo-chat-figma-pat', 'figma token for the design-token export script: «figd_{B40}»'],
  ['convo-chat-notion-integration-secret', 'notion internal integration secret «ntn_{d11}{a35}» — share the db with the integration first'],
  ['convo-chat-firebase-fcm-legacy-server-key', "FCM legacy server key (yes I know it's deprecated): «AAAA{B7}:APA91b{B134}»"],
  ['convo-chat-asana-pat', 'asana PAT for the sync: «2/{d16}/{d16}:{h32}»'],
  [
    'convo-list-numbered-three-envs-rds-passwords',
    'RDS master passwords (until we switch to IAM auth):\n1. dev — «{a20}»\n2. staging — «{a20}»\n3. prod — «{a28}»',
  ],
  [
    'convo-list-bulleted-vendor-keys-for-handover',
    'Handover, keys I own:\n* Stripe (live, restricted): «rk_live_51{a96}»\n* SendGrid: «SG.{B22}.{B43}»\n* Twilio auth token: «{h32}»\n* Datadog API key: «{h32}»',
  ],
  [
    'convo-list-markdown-nested-env-github-and-npm',
    '- CI\n  - GH_TOKEN: «ghp_{a36}»\n  - NPM_TOKEN: «npm_{a36}»\n- Local\n  - use `gh auth login`',
  ],
  ['convo-list-plain-dash-aws-two-accounts', '- sandbox: «AKIA{u16}» / «{b40}»\n- shared-services: «AKIA{u16}» / «{b40}»'],
  [
    'convo-list-email-numbered-portal-logins',
    'As discussed, the partner portal logins:\n1) Admin: admin@dunmore.co / «{a12}»\n2) Finance: finance@dunmore.co / «{a12}»\n3) Read-only: viewer@dunmore.co / «{a12}»',
  ],
  [
    'convo-list-slack-checklist-emoji-keys',
    ':white_check_mark: openai «sk-proj-{B64}T3BlbkFJ{B64}»\n:white_check_mark: anthropic «sk-ant-api03-{B93}AA»\n:x: gemini (waiting on billing)',
  ],
  [
    'convo-list-runbook-tab-separated-ldap-binds',
    'service\tbind dn\tpassword\ngitlab\tcn=gitlab,ou=svc,dc=helio,dc=local\t«{a18}»\njenkins\tcn=jenkins,ou=svc,dc=helio,dc=local\t«{a18}»',
  ],
  [
    'convo-list-email-env-blocks-with-headings',
    'STAGING\n  API: https://api.stg.tidepool.app\n  Key: «{a32}»\n\nPRODUCTION\n  API: https://api.tidepool.app\n  Key: «{a32}»',
  ],
  [
    'convo-list-chat-hugging-face-and-replicate-and-together',
    'inference keys for the bakeoff:\nhf: «hf_{a34}»\nreplicate: «r8_{a37}»\ntogether: «{h64}»',
  ],
  [
    'convo-list-gitlab-tokens-by-purpose',
    'Tokens for the migration (delete after 31 May):\n• personal (api scope): «glpat-{B20}»\n• deploy (read_registry): «gldt-{B20}»\n• runner: «glrt-{B20}»',
  ],
  [
    'convo-list-discord-bot-and-webhook-pair',
    '1. bot: «MT{B24}.G{B5}.{B38}»\n2. webhook: «https://discordapp.com/api/webhooks/{d18}/{B68}»',
  ],
  [
    'convo-correction-teams-message-followup-azure-key',
    "[3:01 PM] Ines Duarte\n    storage key: «{b86}==»\n[3:02 PM] Ines Duarte\n    wait no that's key2 which we're rotating, use key1: «{b86}==»",
  ],
  ['convo-correction-slack-strikethrough-old-token', '~«xoxb-{d12}-{d13}-{a24}»~ revoked\nnew: «xoxb-{d12}-{d13}-{a24}»'],
  [
    'convo-correction-jira-comment-previous-was-wrong',
    'My previous comment had the wrong PAT. The right one is {{«ghp_{a36}»}}, scoped to read:packages only.',
  ],
];

export const BLIND77_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'convo-neg-rotation-notice-values-in-1password',
    'Heads up: we rotated the Stripe webhook secret at 14:00 UTC. The new value is in 1Password under "Payments / Stripe webhook (prod)".\nNothing to do if your service reads STRIPE_WEBHOOK_SECRET from the vault.',
  ],
  [
    'convo-neg-sent-via-1password-share',
    "Rahul Verma  10:14 AM\nI've sent you the SFTP password via 1Password (shared item, expires in 7 days). Ping me if the link doesn't open.",
  ],
  [
    'convo-neg-check-the-vault-command',
    "> what's the db password for staging?\ncheck the vault: `vault kv get -field=password secret/staging/orders-db`",
  ],
  [
    'convo-neg-masked-openai-key-dashboard',
    'Looking at the usage page, the key sk-proj-…{a4} (created by kai@helio-sys.com) did 1.2M tokens yesterday. Can whoever owns it check the batch job?',
  ],
  [
    'convo-neg-card-last-four-stars',
    'Billing contact updated. Card on file: Visa ****{d4}, exp 09/27. Invoice INV-2025-{d6} will be charged on the 1st.',
  ],
  [
    'convo-neg-truncated-ghp-secret-scanning-email',
    'Subject: [GitHub] A personal access token was found in a public repository\n\nWe found a GitHub personal access token (ghp_{a4}…) in orbit-labs/website at commit {h40}.\nThe token has been revoked. No further action is required.',
  ],
  ['convo-neg-pw-is-the-usual-one', "jess: pw for the lab router?\ntomas: the usual one, ask in #it-help if you don't have it"],
  ['convo-neg-password-sent-separately-asterisks', 'user: deploy-ci\npassword: ******** (sent separately by SMS)'],
  [
    'convo-neg-env-template-with-angle-brackets',
    'Put this in your .env and fill in the values from the vault:\nOPENAI_API_KEY=<your-openai-key>\nSTRIPE_SECRET_KEY=<sk_live_...>\nDATABASE_URL=postgres://app:<password>@localhost:5432/app',
  ],
  [
    'convo-neg-github-actions-secrets-refs-in-pr-comment',
    'Use the org secrets instead of pasting tokens:\n```yaml\nenv:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n```',
  ],
  [
    'convo-neg-ci-log-masked-stars',
    'Run ./scripts/deploy.sh\n  env:\n    DEPLOY_TOKEN: ***\n    AWS_REGION: eu-west-1\nAuthenticating with token *** ... ok',
  ],
  [
    'convo-neg-token-format-explanation',
    'FYI the prefixes: ghp_ is a classic PAT, github_pat_ is fine-grained, gho_ is an OAuth token, ghs_ is an app installation token. Secret scanning knows all of them.',
  ],
  [
    'convo-neg-slack-token-types-explained',
    'bot tokens start with `xoxb-`, user tokens with `xoxp-`, app-level tokens with `xapp-`. For socket mode you need the app-level one with connections:write.',
  ],
  [
    'convo-neg-1password-op-reference',
    'The CLI pulls it at runtime: `op read "op://Engineering/Datadog API key/credential"` — no need to copy it anywhere.',
  ],
  [
    'convo-neg-secrets-manager-arn',
    "It's stored at arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6} and the task role already has GetSecretValue.",
  ],
  [
    'convo-neg-masked-aws-key-id-console',
    "IAM says the contractor user has one active key, AKIA************{u4}, last used 3 days ago in eu-west-1 (s3). I'll deactivate it Friday.",
  ],
  [
    'convo-neg-sendgrid-key-id-not-secret',
    'Deleted the old SendGrid key "legacy-mailer" (key id {B22}); the new one is in the vault as sendgrid/transactional.',
  ],
  [
    'convo-neg-anthropic-console-key-list-masked',
    'Name              Key                 Created      Last used\neval-harness      sk-ant-api03-{B4}...{B4}AA   2025-03-12   2025-05-19\nbatch-summaries   sk-ant-api03-{B4}...{B4}AA   2025-04-01   never',
  ],
  [
    'convo-neg-zendesk-ticket-no-secret-ids',
    "Ticket #{d5} · Requester id {d12} · Via: API\nTags: billing, refund_request\nHarold Finch: The refund for order {d9} still hasn't arrived, can you check?",
  ],
  [
    'convo-neg-rotation-checklist-no-values',
    'Rotation checklist for Q2:\n- [x] GitHub PATs (bot accounts)\n- [x] Slack bot token\n- [ ] Twilio auth token (secondary promoted, primary pending)\n- [ ] SendGrid keys',
  ],
  [
    'convo-neg-email-message-id-and-references',
    'Message-ID: <CA+{a40}@mail.gmail.com>\nIn-Reply-To: <CAK{a43}@mail.gmail.com>\nReferences: <CAK{a43}@mail.gmail.com>\nSubject: Re: staging creds',
  ],
  [
    'convo-neg-dkim-signature-header',
    'DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;\n        d=brightlane.co; s=google; t=17{d8};\n        h=to:subject:message-id:date:from:mime-version:from:to:cc:subject\n         :date:message-id:reply-to;\n        bh={b43}=;\n        b={b70}\n         {b70}\n         {b60}==',
  ],
  [
    'convo-neg-arc-seal-and-message-signature',
    'ARC-Seal: i=1; a=rsa-sha256; t=17{d8}; cv=none;\n        d=google.com; s=arc-20240605;\n        b={b70}\n         {b70}==\nARC-Authentication-Results: i=1; mx.google.com;\n       dkim=pass header.i=@brightlane.co header.s=google header.b={B8};\n       spf=pass (google.com: domain of kenji@brightlane.co designates 209.85.220.41 as permitted sender)',
  ],
  [
    'convo-neg-x-google-smtp-source-and-gm-state',
    'X-Gm-Message-State: AOJu0Y{B60}\nX-Google-Smtp-Source: AGHT+IF{B64}\nX-Received: by 2002:a05:6a20:{h4}:b0:{h3}:{h4}:{h4} with SMTP id {a16}.{d2}.17{d8};',
  ],
  [
    'convo-neg-dkim-dns-txt-public-key',
    'selector1._domainkey.fabrikam.com. 3600 IN TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b70}" "{b70}{b52}IDAQAB"',
  ],
  [
    'convo-neg-pgp-signature-block-only',
    'Release 4.2.0 artifacts are on the mirror, checksums below.\n\n-----BEGIN PGP SIGNATURE-----\n\niQIzBAABCgAdFiEE{b50}\n{b64}\n{b64}\n={b4}\n-----END PGP SIGNATURE-----',
  ],
  [
    'convo-neg-mime-boundaries-and-content-ids',
    'Content-Type: multipart/related; boundary="000000000000{h12}"\n\n--000000000000{h12}\nContent-Type: image/png; name="diagram.png"\nContent-ID: <ii_{l17}>\nX-Attachment-Id: ii_{l17}',
  ],
  [
    'convo-neg-qp-prose-with-equals3d-no-secret',
    'Content-Transfer-Encoding: quoted-printable\n\n<p style=3D"margin:0">We rotated all API keys last night; please fetch the n=\new ones from the vault. Ticket: <a href=3D"https://helio.atlassian.net/browse=\n/SEC-{d3}">SEC-{d3}</a></p>',
  ],
  [
    'convo-neg-exchange-headers-tenant-ids',
    'X-MS-Exchange-CrossTenant-Id: {h8}-{h4}-{h4}-{h4}-{h12}\nX-MS-Exchange-CrossTenant-OriginalArrivalTime: 14 Apr 2025 09:10:22.0311 (UTC)\nX-MS-Exchange-CrossTenant-Network-Message-Id: {h8}-{h4}-{h4}-{h4}-{h12}\nX-MS-Exchange-Transport-CrossTenantHeadersStamped: AM{u4}PR{d2}MB{d4}',
  ],
  [
    'convo-neg-received-header-smtp-id',
    'Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])\n        by mx.google.com with SMTPS id {a20}.{d3}.2025.05.08.11.21.44\n        for <lchen@tailspin.io>\n        (Google Transport Security);',
  ],
  [
    'convo-neg-inline-base64-image-html-email',
    '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{b80}" alt="logo" width="16" height="16">',
  ],
  [
    'convo-neg-email-signature-with-phone-and-ids',
    '--\nRosa Delgado\nPlatform Engineering | Fabrikam Inc.\nEmployee ID: FAB-{d6} | Office: B2-{d3}\n+1 (415) 555-0142',
  ],
  ['convo-neg-gmail-thread-url', 'thread is here if you want the context: https://mail.google.com/mail/u/0/#inbox/FMfcgz{B26}'],
  [
    'convo-neg-slack-json-export-ids-no-secret',
    '{\n    "client_msg_id": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n    "type": "message",\n    "text": "rotated the key, new one is in vault as <#C0{u8}|secrets-requests>",\n    "user": "U0{u8}",\n    "ts": "17{d8}.{d6}",\n    "team": "T0{u8}",\n    "blocks": [{"type": "rich_text", "block_id": "{a4}"}]\n}',
  ],
  [
    'convo-neg-slack-permalink-and-mentions',
    'see <https://helio.slack.com/archives/C0{u8}/p17{d14}|this thread> — <@U0{u8}> already opened INC-{d4}',
  ],
  ['convo-neg-slack-thread-ts-and-file-id', 'conversations.replies channel=C0{u8} ts=17{d8}.{d6} → 14 messages, files: F0{u8}, F0{u8}'],
  [
    'convo-neg-slack-signature-header-on-request',
    'POST /slack/events\nX-Slack-Request-Timestamp: 17{d8}\nX-Slack-Signature: v0={h64}\nContent-Type: application/json',
  ],
  [
    'convo-neg-discord-message-link-snowflakes',
    'bug report is here: https://discord.com/channels/{d18}/{d19}/{d19} (reply from user {d18})',
  ],
  ['convo-neg-discord-invite-and-role-ids', 'join us at discord.gg/{a8} — then grab the <@&{d19}> role in <#{d19}>'],
  ['convo-neg-discord-interactions-public-key', 'Discord dev portal → General Information\nApplication ID: {d19}\nPublic Key: {h64}'],
  [
    'convo-neg-teams-thread-id-and-message-link',
    'https://teams.microsoft.com/l/message/19:{h32}@thread.tacv2/17{d11}?tenantId={h8}-{h4}-{h4}-{h4}-{h12}&groupId={h8}-{h4}-{h4}-{h4}-{h12}&parentMessageId=17{d11}',
  ],
  [
    'convo-neg-teams-graph-export-no-secret',
    '{\n  "id": "17{d11}",\n  "replyToId": "17{d11}",\n  "etag": "17{d11}",\n  "chatId": "19:{h8}-{h4}-{h4}-{h4}-{h12}_{h8}-{h4}-{h4}-{h4}-{h12}@unq.gbl.spaces",\n  "body": {"contentType": "html", "content": "<p>I\'ve put the new client secret in Key Vault (kv-sso-prod / sso-client-secret).</p>"}\n}',
  ],
  ['convo-neg-pr-comment-commit-shas', 'Fixed in {h40} (cherry-picked to release/4.2 as {h7}). The flaky test was introduced in {h12}.'],
  [
    'convo-neg-ci-run-urls-and-build-numbers',
    'Build #{d4} failed: https://github.com/helio-sys/api/actions/runs/{d11}/job/{d11}\nPrevious green: build #{d4} (artifact id {d10})',
  ],
  [
    'convo-neg-jira-issue-keys-and-attachment-ids',
    'Linked issues: OPS-{d4}, SEC-{d3}, PLAT-{d4}\nAttachment: har-capture.har (id {d6}) · Confluence page id {d9}',
  ],
  [
    'convo-neg-linear-issue-uuid-and-url',
    'Moved to Linear: https://linear.app/helio/issue/ENG-{d4}/rotate-stripe-webhook-secret (id {h8}-{h4}-{h4}-{h4}-{h12})',
  ],
  [
    'convo-neg-docker-image-digest-in-comment',
    'Deployed ghcr.io/helio-sys/api@sha256:{h64} to staging, the previous digest was sha256:{h64}.',
  ],
  [
    'convo-neg-lockfile-integrity-in-review',
    '> "integrity": "sha512-{b86}=="\nthis changed because we bumped lodash, not because of a registry issue',
  ],
  [
    'convo-neg-github-webhook-delivery-signature',
    'Recent delivery {h8}-{h4}-11ef-{h4}-{h12}\nX-GitHub-Event: push\nX-Hub-Signature-256: sha256={h64}\nResponse: 200 in 312ms',
  ],
  [
    'convo-neg-stripe-signature-header-in-ticket',
    'The webhook request we received had:\nStripe-Signature: t=17{d8},v1={h64}\nand our endpoint returned 400 "No signatures found matching the expected signature for payload".',
  ],
  [
    'convo-neg-stripe-object-ids-and-publishable-key',
    'Checkout fails for customer cus_{a14} (payment intent pi_{a24}, event evt_{a24}).\nFrontend uses the publishable key pk_live_51{a96}.',
  ],
  [
    'convo-neg-twilio-message-sids-in-ticket',
    'Undelivered messages: SM{h32}, SM{h32} (error 30007, carrier filtering). Account SID AC{h32}.',
  ],
  ['convo-neg-openai-object-ids-in-bug-report', 'Run failed: thread_{a24} / run_{a24} (assistant asst_{a24}), request id req_{h32}.'],
  [
    'convo-neg-anthropic-message-and-request-ids',
    'Got an overloaded_error on msg_01{a22}, request-id: req_011C{a20}. Retried after 2s and it went through.',
  ],
  [
    'convo-neg-gerrit-change-id-trailers',
    'Fix token refresh race in the auth client\n\nChange-Id: I{h40}\nSigned-off-by: Dana Ortiz <dana@contoso-dev.io>\nReviewed-on: https://gerrit.contoso-dev.io/c/platform/+/{d5}',
  ],
  [
    'convo-neg-sentry-event-and-trace-ids',
    'Sentry event {h32} (issue HELIO-API-{u3}), trace_id {h32}, span {h16}. Started after deploy 2025.05.14-{d3}.',
  ],
  [
    'convo-neg-details-block-with-ssh-public-key',
    '<details><summary>my public key</summary>\n\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} lina@thinkpad\n</details>',
  ],
  [
    'convo-neg-gpg-fingerprint-in-issue',
    'Releases are signed with key {H16} (fingerprint {H4} {H4} {H4} {H4} {H4}  {H4} {H4} {H4} {H4} {H4}).',
  ],
  [
    'convo-neg-certificate-pem-public-in-ticket',
    'Our intermediate cert (public), in case it helps:\n-----BEGIN CERTIFICATE-----\nMIIFBTCCAu2gAwIBAgIQ{b48}\n{b64}\n{b64}\n{b40}==\n-----END CERTIFICATE-----',
  ],
  [
    'convo-neg-mapbox-public-token-in-config',
    'Frontend map config (public token, URL-restricted to *.tidepool.app):\nmapboxgl.accessToken = "pk.eyJ1IjoidGlkZXBvb2wiLCJhIjoi{B20}In0.{B22}";',
  ],
  ['convo-neg-google-analytics-and-gtm-ids', 'Tracking: GA4 measurement id G-{u10}, GTM container GTM-{u7}, Meta pixel {d15}.'],
  ['convo-neg-git-lfs-pointer-in-pr', 'version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize {d8}'],
  [
    'convo-neg-secret-scanning-alert-comment',
    'Secret scanning alert #{d2} (Slack Incoming Webhook URL) in config/alerts.yml@{h7} — closed as revoked by @kai. Location: line 14.',
  ],
  [
    'convo-neg-helm-values-secret-refs-in-comment',
    '```yaml\nstripe:\n  existingSecret: payments-stripe\n  secretKeyRef: stripe-secret-key\n  webhookSecretRef: stripe-webhook-secret\n```',
  ],
  [
    'convo-neg-jira-code-block-env-var-references',
    '{code:bash}\nexport VAULT_TOKEN="$(vault login -method=oidc -token-only)"\ncurl -H "Authorization: Bearer ${VAULT_TOKEN}" "$VAULT_ADDR/v1/secret/data/payments"\n{code}',
  ],
  [
    'convo-neg-python-os-environ-in-issue',
    '```python\nclient = anthropic.Anthropic(api_key=os.environ["ANTHROPIC_API_KEY"])\nsg = SendGridAPIClient(os.getenv("SENDGRID_API_KEY"))\n```',
  ],
  ['convo-neg-shipping-tracking-numbers', 'Replacement YubiKeys shipped: UPS 1Z{u6}03{d8}, FedEx {d12}, DHL JD{d18}.'],
  [
    'convo-neg-freshdesk-ticket-metadata',
    'Ticket ID: {d6} | Group: Billing | Agent: Lea M.\nSource: Email | Created: 2025-04-02 09:41\nCustom field "account_uuid": {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'convo-neg-aws-request-and-cloudtrail-ids',
    'CloudTrail eventID {h8}-{h4}-{h4}-{h4}-{h12}, requestID {u8}{d4}{u4}, accessed via role arn:aws:iam::{d12}:role/ContractorReadOnly.',
  ],
  ['convo-neg-cloudflare-ray-and-zone-ids', 'Error 1020 Access denied — Ray ID: {h16} • zone {h32} • account {h32}'],
  ['convo-neg-order-and-invoice-numbers', 'Refund approved for order #{d9} (invoice INV-2025-{d6}, PO {u3}-{d7}). Reference: RF{u4}{d8}.'],
  ['convo-neg-license-server-hostid-and-seat', 'License seat reassigned to j.ortega. Host ID: {H12}, seat #{d3}, contract CTR-{d7}.'],
  ['convo-neg-gravatar-hash-and-avatar-url', 'Avatar not updating: https://www.gravatar.com/avatar/{h32}?s=80&d=identicon'],
  [
    'convo-neg-meeting-notes-rotation-no-values',
    '## Security sync 2025-05-06\n- Twilio: promote secondary auth token, then delete primary (owner: Rosa)\n- GitHub: bot PATs → GitHub App (owner: Kai)\n- Stripe: webhook secret rotated, values only in Vault',
  ],
  [
    'convo-neg-runbook-uses-secret-paths',
    '1. `export PGPASSWORD="$(aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text | jq -r .password)"`\n2. `pg_dump -h pg-main.internal -U orders orders > orders.sql`',
  ],
  [
    'convo-neg-confluence-table-owners-not-values',
    '||Secret||Where||Owner||Rotation||\n|Stripe live key|Vault secret/payments/stripe|Billing|90 days|\n|SendGrid key|Vault secret/mail/sendgrid|Growth|180 days|\n|Datadog API key|SSM /dd/api-key|SRE|yearly|',
  ],
  [
    'convo-neg-wiki-changeme-defaults',
    'Default credentials of the dev container (local only, reset on every build): admin / changeme. Do not reuse anywhere.',
  ],
  [
    'convo-neg-runbook-kubectl-secret-names',
    "kubectl -n payments get secret stripe-keys -o jsonpath='{.data.webhook-secret}' | base64 -d   # prints the value, don't paste it in Slack",
  ],
  [
    'convo-neg-onboarding-request-access-no-values',
    '## Accounts\n- AWS: request the `developer` permission set in #it-help\n- Datadog: SSO via Okta\n- Shared QA login: in 1Password vault "QA", item "Mobile QA shared"',
  ],
  [
    'convo-neg-sops-encrypted-values',
    'stripe_secret_key: ENC[AES256_GCM,data:{b60},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{l58}',
  ],
  [
    'convo-neg-hashes-in-password-policy-discussion',
    'We store only argon2id hashes now, e.g. the audit row shows pw_hash_sha256_prefix={h8} and a salt id {d6}. Nobody can recover the plaintext.',
  ],
  [
    'convo-neg-mfa-backup-codes-discussion-no-codes',
    "If you lose your YubiKey use one of your backup codes (Settings → Security → Recovery codes). IT can't see them.",
  ],
  [
    'convo-neg-uuid-idempotency-keys-in-chat',
    'retrying with Idempotency-Key: {h8}-{h4}-4{h3}-a{h3}-{h12} gave the same 409, the original request was {h8}-{h4}-4{h3}-b{h3}-{h12}',
  ],
  [
    'convo-neg-npm-token-list-output-truncated',
    '$ npm token list\n┌────────┬─────────┬────────────┬──────────┬────────────────┐\n│ id     │ token   │ created    │ readonly │ CIDR whitelist │\n├────────┼─────────┼────────────┼──────────┼────────────────┤\n│ {h6} │ npm_{a2}… │ 2025-03-01 │ no       │                │\n└────────┴─────────┴────────────┴──────────┴────────────────┘',
  ],
  [
    'convo-neg-gh-token-list-output-masked',
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account helio-bot (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
  ],
  [
    'convo-neg-docker-hub-token-description-only',
    'Created a Docker Hub access token "ci-pull-readonly" (Read-only, expires 2025-12-31). It\'s in the CI secret DOCKERHUB_TOKEN; I didn\'t keep a copy.',
  ],
];
