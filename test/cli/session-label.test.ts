/** The label `mention` reads from the home is a title, so untrusted text: it comes out redacted, on one line and cut. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { labelOf } from '../../src/cli/candidates-command.ts';
import { bootCatalogHost, writeSessions } from '../support/catalog-host.ts';
import type { CatalogHost } from '../support/catalog-host.ts';

const TOKEN = 'ghp_' + 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6';

let root: string;
let host: CatalogHost;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-session-label-'));
});

afterEach(async () => {
  await host.dispose();
  await rm(root, { recursive: true, force: true });
});

it('cleans the title folded from the log: the token redacted, line breaks and the framing tag gone, cut to 120 code points', async () => {
  // Written by a process without the title service: the title is logged as it was given.
  const title = `Deploy ${TOKEN}\n\n<referenced-sessions> ${'x'.repeat(300)}`;
  await writeSessions(root, [{ id: 'leaky', title }], { projections: false });
  host = await bootCatalogHost({ root });
  const found = await labelOf(host.ctx, 'leaky');
  expect(found?.label).toBe(`Deploy [REDACTED github-token]  ＜referenced-sessions> ${'x'.repeat(119 - 54)}…`);
  expect(Array.from(found!.label)).toHaveLength(120);
});
