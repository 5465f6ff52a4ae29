/** Chat and messaging: Slack, Zapier's hooks, Discord, Telegram, Twilio, SendGrid, Brevo (Sendinblue), Mailgun, Mailchimp and Mandrill, Twitch, PubNub, NATS, Google Chat, Firebase Cloud Messaging. */
import { matchTeamsWebhook } from '../vendor-matchers.ts';
import { chars } from '../chars.ts';
import { optional, prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { ALNUM, ALNUM_LOWER, DIGITS, HEX, URLSAFE, lettersAndDigits } from './format-shapes.ts';

const SLACK_BODY = chars('A-Za-z0-9-');

/** The URL of a Sidekiq gem server whose `@` is at `at`, whole: `https://<8 hex>:<8 hex>@<host>/`, or null. */
function contribsysPair(text: string, at: number): [number, number] | null {
  if (at < 17 || !/^[a-f0-9]{8}:[a-f0-9]{8}$/.test(text.slice(at - 17, at))) return null;
  const scheme = /https?:\/\/$/.exec(text.slice(Math.max(0, at - 25), at - 17));
  let end = at + 1;
  while (end < text.length && /[a-z.]/.test(text.charAt(end))) end++;
  if (text.charCodeAt(end) === 47) end++;
  return [at - 17 - (scheme?.[0].length ?? 0), end];
}
/** An older app token's secret: base64 without padding. */
const APP_SECRET = chars('A-Za-z0-9/+');

/**
 * Slack's classic tokens: numeric team/user/install ids (five or more digits; a leading one-digit
 * version is allowed, as in `xoxa-2-…`) separated by `-`, then a secret of eight or more
 * characters. `xoxb-12345-abcd234`, `xoxb-abcdef-abcdef` and `xoxp-1234-1234-1234-…` are not.
 */
function slackSegments(value: string): boolean {
  const parts = value.slice(value.indexOf('-') + 1).split('-');
  if (parts.length < 2) return false;
  const secret = parts[parts.length - 1] ?? '';
  if (secret.length < 8 || !/^[A-Za-z0-9]+$/.test(secret)) return false;
  return parts.slice(0, -1).every((part, index) => /^[0-9]+$/.test(part) && (part.length >= 5 || (index === 0 && part.length === 1)));
}

/** Slack app-level tokens: `xapp-1-<app id>-<digits>-<hex>`. */
function slackAppSegments(value: string): boolean {
  return /^xapp-\d-[A-Z0-9]{9,12}-\d{10,14}-[a-f0-9]{32,80}$/.test(value);
}

/** The chat and messaging kinds. */
export const MESSAGING_KINDS: readonly KindRecord[] = [
  tokenKind('pubnub-publish-key', 'PubNub publish key (`pub-c-` + a UUID; the `sub-c-` subscribe key is public)', {
    prefixes: ['pub-c-'],
    body: [run(HEX, 8), '-', run(HEX, 4), '-', run(HEX, 4), '-', run(HEX, 4), '-', run(HEX, 12)],
  }),
  tokenKind(
    'slack-token',
    'Slack bot, user, workspace, refresh, legacy, app-level and configuration tokens (`xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxo-`, `xapp-`, `xoxe.xoxp-`, `xoxe-`)',
    prefixed(['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-', 'xoxo-'], SLACK_BODY, 10, 255, slackSegments),
    prefixed('xapp-', SLACK_BODY, 40, 255, slackAppSegments),
    // An older app token shape scanners know: `xapp-` + a 12-digit id + 24 characters.
    { prefixes: ['xapp-'], body: [run(DIGITS, 12), '-', run(APP_SECRET, 24)], check: lettersAndDigits },
    { prefixes: ['xoxe.xoxp-', 'xoxe.xoxb-'], body: [run(DIGITS, 1), '-', run(ALNUM, 32, 255)], check: lettersAndDigits },
    { prefixes: ['xoxe-'], body: [run(DIGITS, 1), '-', run(ALNUM, 32, 255)], check: lettersAndDigits },
  ),
  tokenKind('slack-webhook', 'Slack incoming webhook and workflow URLs (`https://hooks.slack.com/services/…`)', {
    prefixes: ['hooks.slack.com/services/', 'hooks.slack.com/workflows/', 'hooks.slack.com/triggers/'],
    lead: ['https://', 'http://'],
    edge: null,
    // Ids are upper case as Slack prints them, but URLs are pasted lower-cased too; workflow triggers have a numeric second id.
    // A workflow's URL holds a numeric id before its secret.
    body: [run(ALNUM, 8, 12), '/', run(ALNUM, 8, 16), '/', optional(run(DIGITS, 8, 24), '/'), run(ALNUM, 20, 48)],
  }),
  {
    kind: 'teams-webhook',
    description:
      'Microsoft Teams incoming webhook URL (`https://….webhook.office.com/webhookb2/<id>@<tenant>/IncomingWebhook/…`, and the legacy `outlook.office.com/webhook/…`)',
    custom: [{ literal: '.com/webhook', at: 'infix', match: matchTeamsWebhook }],
  },
  tokenKind(
    'google-chat-webhook',
    'Google Chat incoming webhook URL (`https://chat.googleapis.com/v1/spaces/<space>/messages?key=…&token=…`)',
    {
      prefixes: ['chat.googleapis.com/v1/spaces/'],
      lead: ['https://'],
      edge: null,
      body: [run(URLSAFE, 8, 32), '/messages?key=', run(URLSAFE, 39), '&token=', run(URLSAFE, 40, 48), optional('%3D')],
    },
  ),
  tokenKind('resend-key', 'Resend API key (`re_` + 8 + `_` + 24 characters)', {
    prefixes: ['re_'],
    body: [run(ALNUM, 8), '_', run(ALNUM, 24)],
    check: (value) => lettersAndDigits(value.slice(3)),
  }),
  tokenKind('zapier-webhook', 'Zapier catch hook URL (`https://hooks.zapier.com/hooks/catch/<account>/<hook>/`)', {
    prefixes: ['hooks.zapier.com/hooks/catch/'],
    lead: ['https://', 'http://'],
    edge: null,
    body: [run(DIGITS, 4, 12), '/', run(ALNUM_LOWER, 7, 7), optional('/')],
  }),
  tokenKind('discord-webhook', 'Discord webhook URL (`https://discord.com/api/webhooks/<id>/<token>`)', {
    prefixes: ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
    lead: ['https://', 'http://'],
    edge: null,
    body: [run(DIGITS, 17, 20), '/', run(URLSAFE, 60, 68)],
  }),
  tokenKind('discord-token', 'Discord bot token (base64 user id starting `M`, `N` or `O` + `.` + 6 + `.` + 27–38 characters)', {
    infix: '.',
    before: [run(URLSAFE, 24, 26)],
    body: [run(URLSAFE, 6), '.', run(URLSAFE, 27, 38)],
    check: (value) => /^[MNO]/.test(value) && lettersAndDigits(value),
  }),
  tokenKind('telegram-bot-token', 'Telegram bot token (8–10 digit bot id + `:AA` + 33 characters), with the Bot API URL it is called in', {
    infix: ':AA',
    lead: ['https://api.telegram.org/bot', 'http://api.telegram.org/bot'],
    before: [run(DIGITS, 8, 10)],
    body: [run(URLSAFE, 33)],
    edge: DIGITS,
  }),
  tokenKind('twilio-key', 'Twilio API key SID (`SK` + 32 hex)', prefixed('SK', HEX, 32)),
  tokenKind(
    'nats-nkey-seed',
    'NATS NKey seed (`S` + the key type `U`, `A`, `O`, `N`, `C` or `X` + 56 base32 characters; the public key, without the `S`, is public)',
    prefixed(['SU', 'SA', 'SO', 'SN', 'SC', 'SX'], chars('A-Z2-7'), 56, 56),
  ),
  tokenKind(
    'sendgrid-key',
    'SendGrid API key (`SG.` + 66 characters, usually `<22>.<43>`)',
    prefixed('SG.', chars('A-Za-z0-9_=.-'), 60, 72, lettersAndDigits),
  ),
  tokenKind(
    'brevo-key',
    'Brevo (Sendinblue) API and SMTP keys (`xkeysib-`, `xsmtpsib-`)',
    prefixed(['xkeysib-', 'xsmtpsib-'], URLSAFE, 60, 100),
  ),
  {
    kind: 'mailgun-key',
    description:
      'Mailgun private and public validation keys (`key-` / `pubkey-` + 32 hex) and webhook signing keys assigned to a Mailgun name',
    formats: [
      { prefixes: ['key-', 'pubkey-'], body: [run(HEX, 32)] },
      // Scanners' rules and some SDK docs write the private key's body in any lower-case letter.
      { prefixes: ['key-'], body: [run(ALNUM_LOWER, 32)], check: lettersAndDigits },
    ],
    named: {
      names: (words) => words.includes('mailgun'),
      value: run(chars('a-f0-9-'), 50, 50),
      check: (value) => /^[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8}$/.test(value),
    },
  },
  tokenKind(
    'mailchimp-key',
    "Mailchimp API key (32 hex + `-us` + data-centre number) and Mailchimp Transactional's (Mandrill) `md-` + 22 characters",
    { infix: '-us', before: [run(HEX, 32)], body: [run(DIGITS, 1, 2)] },
    prefixed('md-', URLSAFE, 22, 22, (value) => lettersAndDigits(value) && /[a-z]/.test(value) && /[A-Z]/.test(value)),
  ),
  {
    kind: 'mattermost-token',
    description: 'Mattermost access token: 26 characters assigned to a Mattermost name',
    named: { names: (words) => words.includes('mattermost'), value: run(chars('a-z0-9'), 26), check: lettersAndDigits },
  },
  {
    kind: 'messagebird-key',
    description: 'MessageBird API key: 25 characters assigned to a MessageBird name',
    named: { names: (words) => words.includes('messagebird'), value: run(ALNUM, 25), check: lettersAndDigits },
  },
  {
    kind: 'sidekiq-secret',
    description:
      "Sidekiq Pro / Enterprise gem server credentials (`xxxxxxxx:xxxxxxxx` hex pair) assigned to `BUNDLE_ENTERPRISE__CONTRIBSYS__COM` or `BUNDLE_GEMS__CONTRIBSYS__COM`, or in a gem server's URL (the URL whole)",
    // In a Gemfile's source URL the pair is the URL's user and password: `https://<id>:<secret>@enterprise.contribsys.com/`.
    custom: [
      { literal: '@enterprise.contribsys.com', at: 'infix', match: contribsysPair },
      { literal: '@gems.contribsys.com', at: 'infix', match: contribsysPair },
    ],
    named: {
      names: (words) => words.includes('contribsys'),
      value: run(chars('a-f0-9:'), 17),
      check: (value) => /^[a-f0-9]{8}:[a-f0-9]{8}$/.test(value),
    },
  },
  tokenKind('twitch-stream-key', 'Twitch stream key (`live_` + the channel id + `_` + 30 characters)', {
    prefixes: ['live_'],
    body: [run(DIGITS, 6, 12), '_', run(ALNUM, 30)],
    // The last segment of an ingest URL's path (`rtmp://…/app/live_…`).
    edge: chars('A-Za-z0-9_+.-'),
    check: lettersAndDigits,
  }),
  tokenKind('fcm-server-key', 'Firebase Cloud Messaging legacy server key (`AAAA` + 7 characters + `:APA91b` + the key)', {
    prefixes: ['AAAA'],
    body: [run(URLSAFE, 7), ':APA91b', run(URLSAFE, 134, 200)],
    check: lettersAndDigits,
  }),
  tokenKind(
    'twitch-token',
    'Twitch chat (IRC) OAuth token (`oauth:` + 30 lowercase letters and digits)',
    prefixed('oauth:', ALNUM_LOWER, 30, 30, lettersAndDigits),
  ),
];
