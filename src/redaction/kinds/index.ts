/** Every kind record, in the order their formats are tried; each names a kind (`[REDACTED <kind>]`) and describes what it covers. */
import type { KindRecord } from '../kind-record.ts';
import { AI_KINDS } from './ai.ts';
import { CLOUD_KINDS } from './cloud.ts';
import { CODE_HOSTING_KINDS } from './code-hosting.ts';
import { DEVELOPER_TOOL_KINDS } from './developer-tools.ts';
import { MESSAGING_KINDS } from './messaging.ts';
import { OBSERVABILITY_KINDS } from './observability.ts';
import { PAYMENT_KINDS } from './payments.ts';
import { PLATFORM_KINDS } from './platforms.ts';
import { SAAS_KINDS } from './saas.ts';
import { STRUCTURAL_KINDS } from './structural.ts';

/** All records. Vendor records come before the structural and generic ones. */
export const RECORDS: readonly KindRecord[] = [
  ...CLOUD_KINDS,
  ...CODE_HOSTING_KINDS,
  ...AI_KINDS,
  ...MESSAGING_KINDS,
  ...PAYMENT_KINDS,
  ...PLATFORM_KINDS,
  ...DEVELOPER_TOOL_KINDS,
  ...OBSERVABILITY_KINDS,
  ...SAAS_KINDS,
  ...STRUCTURAL_KINDS,
];

const seen = new Set<string>();
for (const record of RECORDS) {
  if (seen.has(record.kind) || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(record.kind))
    throw new Error(`redaction: bad or duplicate kind ${record.kind}`);
  seen.add(record.kind);
}
