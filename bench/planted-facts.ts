/**
 * Seeded long sessions with planted facts, for the focused-retention benches: a goal first, 20
 * distinctive facts spread from start to end (each echoed by the next message without its answer),
 * filler that reuses every topic word on its own, and the citing messages that ask about them.
 */
import { formatSessionReferenceMention } from '../src/mentions/uri.ts';
import type { ProjectedMessage } from '../src/context/prepare-data.ts';
import { rng } from './rng.ts';

/** A fact: the sentence that states it, the answer that proves it reached the model, the question that asks for it without the answer, and an echo that repeats its topic without the answer. */
interface FactTemplate {
  statement: string;
  answer: string;
  question: string;
  echo: string;
}

const FACTS: FactTemplate[] = [
  {
    statement: 'Noted: the harbor certificate expires on 2031-03-14, so the renewal job has to run before that.',
    answer: '2031-03-14',
    question: 'When does the harbor certificate expire?',
    echo: 'I will add the harbor certificate expiry to the runbook.',
  },
  {
    statement: 'The staging database password is rotated every 47 days by the vault policy.',
    answer: '47 days',
    question: 'How often is the staging database password rotated?',
    echo: 'Good, the staging database password rotation stays with the vault policy.',
  },
  {
    statement: 'Billing reads from the Kafka consumer group billing-cg-7731 now.',
    answer: 'billing-cg-7731',
    question: 'What is the Kafka consumer group name for billing?',
    echo: 'Understood, the billing Kafka consumer group changed.',
  },
  {
    statement: 'The new checkout flow is gated by the feature flag checkout_v3_gate until launch.',
    answer: 'checkout_v3_gate',
    question: 'Which feature flag gates the new checkout flow?',
    echo: 'The checkout flow stays behind its feature flag until launch.',
  },
  {
    statement: 'For escalations the on-call phone extension is 5529, not the old front desk number.',
    answer: '5529',
    question: 'What is the on-call escalation phone extension?',
    echo: 'I will put the on-call escalation phone extension in the handbook.',
  },
  {
    statement: 'Avatar uploads are capped at 7340032 bytes by the upload service.',
    answer: '7340032',
    question: 'What is the maximum upload size for avatars?',
    echo: 'The avatar upload size cap is enforced by the upload service.',
  },
  {
    statement: 'The disaster recovery replica lives in ap-southeast-4 since the move.',
    answer: 'ap-southeast-4',
    question: 'Which region hosts the disaster recovery replica?',
    echo: 'So the disaster recovery replica region moved.',
  },
  {
    statement: 'Latency is on the Grafana dashboard dash-88213, the one with the p99 panel.',
    answer: 'dash-88213',
    question: 'What is the Grafana dashboard id for latency?',
    echo: 'I bookmarked the Grafana latency dashboard.',
  },
  {
    statement: 'The nightly vacuum runs with the cron schedule 17 3 * * * on the primary.',
    answer: '17 3 * * *',
    question: 'What cron schedule does the nightly vacuum use?',
    echo: 'The nightly vacuum cron schedule is on the primary only.',
  },
  {
    statement: 'The payment gateway sandbox is provided by Zerlinpay for the test cards.',
    answer: 'Zerlinpay',
    question: 'Which vendor provides the payment gateway sandbox?',
    echo: 'Fine, the payment gateway sandbox vendor handles the test cards.',
  },
  {
    statement: 'The search API timeout is 2750 ms after the tuning session.',
    answer: '2750 ms',
    question: 'What timeout does the search API use?',
    echo: 'The search API timeout was tuned.',
  },
  {
    statement: 'Audit logs are written to the S3 bucket audit-logs-fennec with object lock.',
    answer: 'audit-logs-fennec',
    question: 'Which S3 bucket stores the audit logs?',
    echo: 'The audit logs S3 bucket has object lock enabled.',
  },
  {
    statement: 'We pinned the TLS cipher suite TLS_AES_256_GCM_SHA384 on the edge.',
    answer: 'TLS_AES_256_GCM_SHA384',
    question: 'Which cipher suite did we pin for TLS?',
    echo: 'The pinned TLS cipher suite is on the edge proxies.',
  },
  {
    statement: 'Webhook delivery gives up after a retry ceiling of 13 attempts.',
    answer: '13 attempts',
    question: 'What is the retry ceiling for webhook delivery?',
    echo: 'The webhook delivery retry ceiling is documented now.',
  },
  {
    statement: 'The migration script that failed was 0042_split_ledger.sql, on the ledger table.',
    answer: '0042_split_ledger.sql',
    question: 'Which migration script failed?',
    echo: 'I will look at the failed migration script on the ledger table.',
  },
  {
    statement: 'The mobile release goes out under the code name Project Marigold.',
    answer: 'Marigold',
    question: 'What is the code name of the mobile release?',
    echo: 'The mobile release code name is confidential until launch.',
  },
  {
    statement: 'The flaky integration test belongs to Ingrid Vasquez from the platform team.',
    answer: 'Ingrid Vasquez',
    question: 'Who owns the flaky integration test?',
    echo: 'I will ping the owner of the flaky integration test.',
  },
  {
    statement: 'The internal metrics exporter listens on port 19464 behind the mesh.',
    answer: '19464',
    question: 'Which port does the internal metrics exporter listen on?',
    echo: 'The internal metrics exporter port is only reachable in the mesh.',
  },
  {
    statement: 'The last good build has the hash a7f3c91; everything after it breaks the linker.',
    answer: 'a7f3c91',
    question: 'What is the hash of the last good build?',
    echo: 'I will bisect from the last good build hash.',
  },
  {
    statement: 'We replaced the XML parser with the roxmltree crate to drop the C dependency.',
    answer: 'roxmltree',
    question: 'Which crate replaced the XML parser?',
    echo: 'Replacing the XML parser crate removed the C dependency.',
  },
];

/** The goal every session starts from; `GOAL_MARK` proves it reached the model. */
const GOAL_MARK = 'GOAL-7F3A';
const GOAL = `Goal (${GOAL_MARK}): harden the billing platform before the audit: rotate secrets, pin TLS, fix the flaky tests and document every decision in the runbook.`;

/** Everyday coding talk: the bulk of every filler message. */
const GENERAL = (
  'the a to of and in that it is for on with as we this be will at by from or an can should then so but if not ' +
  'function module import export return const value type error stack trace config build deploy service request ' +
  'response cache queue worker handler file path line change diff branch commit merge review comment patch fix ' +
  'bug issue ticket task step plan check run output input result list map set key field object array string ' +
  'number null undefined true false class method call async await promise callback event listener state store ' +
  'read write open close start stop load save parse format render update delete create insert select query index ' +
  'table column row schema model view route endpoint client server host network socket thread process memory cpu ' +
  'disk time date version release note doc readme script shell command flag option argument default env variable ' +
  'team user customer account session token login role access permission group name id code unit suite case mock ' +
  'fixture assert expect pass fail green red ci pipeline job stage artifact image container cluster node pod'
).split(' ');

/** Every fact's topic words: filler mentions them one at a time, so each is a common word in the session. */
const TOPIC = (
  'password certificate region replica upload checkout billing kafka consumer payment gateway sandbox search api ' +
  'bucket audit tls cipher webhook delivery migration ledger mobile integration flaky owner port exporter internal ' +
  'hash linker crate parser xml vacuum cron schedule primary harbor renewal escalation phone extension avatar size ' +
  'staging vault policy grafana dashboard latency panel edge proxy mesh timeout retry metrics maximum rotated'
).split(' ');
/** The session's citing messages: one question per fact, three "continue" and three "goal" messages. */
export interface CitingMessage {
  kind: 'fact' | 'continue' | 'goal';
  /** The asked fact's index (kind `fact`). */
  fact?: number;
  /** The message text, with the canonical mention of the session in it. */
  text: string;
}

/** One generated session. */
export interface PlantedSession {
  /** Its id and label (the label is a title made of words the session uses). */
  sessionId: string;
  label: string;
  /** The projected conversation: user and assistant alternating, the goal first. */
  messages: ProjectedMessage[];
  /** Where each fact stands (1-based position) and what proves it was kept. */
  facts: { position: number; answer: string }[];
  /** What proves the goal was kept. */
  goalMark: string;
  citing: CitingMessage[];
}

/** Filler of about `bytes` bytes in which a word is a topic word with probability `topicRate`. */
function filler(random: () => number, bytes: number, topicRate: number): string {
  const words: string[] = [];
  let size = 0;
  while (size < bytes) {
    const pool = random() < topicRate ? TOPIC : GENERAL;
    const word = pool[Math.floor(random() * pool.length)]!;
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

/** A message size between 60 and 6,000 bytes, lognormal-ish, averaging about `mean`. */
function messageBytes(random: () => number, mean: number): number {
  const u = Math.max(random(), 1e-9);
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.round(Math.min(6000, Math.max(60, mean * 0.6 * Math.exp(0.9 * normal))));
}

/**
 * A session of `count` messages averaging `meanBytes` each, its 20 facts spread evenly from
 * message 2 to message count − 2. `topicRate` is the share of filler words that are topic words:
 * at 0.01 (the default) each topic word turns up in about one message in a hundred; at 0.3 in about
 * one in four, a stress case where the topic words barely tell messages apart.
 */
export function plantedSession(seed: number, count: number, meanBytes = 500, topicRate = 0.01): PlantedSession {
  const random = rng(seed);
  const sessionId = `planted-${seed}-${count}`;
  const label = 'Billing platform hardening';
  const factAt = new Map<number, number>();
  FACTS.forEach((_, k) => factAt.set(2 + Math.floor((k * (count - 4)) / (FACTS.length - 1)), k));
  const messages: ProjectedMessage[] = [];
  for (let i = 1; i <= count; i++) {
    const role = i % 2 === 1 ? 'user' : 'assistant';
    let text: string;
    if (i === 1) text = GOAL;
    else if (factAt.has(i)) {
      const fact = FACTS[factAt.get(i)!]!;
      text = `${filler(random, 120, topicRate)}. ${fact.statement} ${filler(random, messageBytes(random, meanBytes) / 2, topicRate)}.`;
    } else if (factAt.has(i - 1)) text = `${FACTS[factAt.get(i - 1)!]!.echo} ${filler(random, 80, topicRate)}.`;
    else text = `${filler(random, messageBytes(random, meanBytes), topicRate)}.`;
    messages.push({ role, text, checkpoint: false });
  }
  const mention = formatSessionReferenceMention({ sessionId, label });
  const citing: CitingMessage[] = FACTS.map((fact, k) => ({
    kind: 'fact',
    fact: k,
    text: k % 2 === 0 ? `${fact.question} It was in ${mention}.` : `In ${mention}: ${fact.question.toLowerCase()}`,
  }));
  for (const text of [`continue the work from ${mention}`, `Continue from ${mention} please`, `pick up where ${mention} left off`]) {
    citing.push({ kind: 'continue', text });
  }
  for (const text of [
    `what was the goal of ${mention}?`,
    `Remind me what ${mention} was trying to do`,
    `${mention} — what was the goal?`,
  ]) {
    citing.push({ kind: 'goal', text });
  }
  return {
    sessionId,
    label,
    messages,
    facts: FACTS.map((fact, k) => ({ position: [...factAt].find(([, at]) => at === k)![0], answer: fact.answer })),
    goalMark: GOAL_MARK,
    citing,
  };
}
