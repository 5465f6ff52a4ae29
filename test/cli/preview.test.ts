/** The `preview` command: the context the model would see for a message, read from a home that is never written. */
import { existsSync } from 'node:fs';
import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeSessionReferenceUri } from '../../src/mentions/uri.ts';
import { readTranscript } from '../../src/transcript/read.ts';
import { UNTRUSTED_WARNING } from '../../src/context/warning.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import { HOME_IDS } from '../support/cli-home.ts';
import { emptyHome, guarded, mentionOf, tmp, useCliHomes, zstdHome } from '../support/cli-homes.ts';
import type { Result } from '../support/cli-homes.ts';

useCliHomes();

describe('preview', () => {
  const citing = (): string =>
    `Why does ${mentionOf(HOME_IDS.checkout, 'Flaky checkout test')} fail? See ${mentionOf(HOME_IDS.billing, 'Billing migration plan')} ` +
    `and ${encodeSessionReferenceUri(HOME_IDS.harborDeploy)}.`;

  it('--json prints { content, additionalContext } as the model gets them; the truncated transcript is saved under <home>/spill', async () => {
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1600', '--json', citing()]);
    expect(result.code).toBe(0);
    const prepared = JSON.parse(result.stdout) as {
      content: { type: string; text: string }[];
      additionalContext: { role: string; content: { type: string; text: string }[]; source: SessionReferenceSource };
    };
    expect(Object.keys(prepared).sort()).toEqual(['additionalContext', 'content']);
    expect(prepared.content).toEqual([
      { type: 'text', text: `Why does @Flaky checkout test fail? See @Billing migration plan and @${HOME_IDS.harborDeploy}.` },
    ]);
    const context = prepared.additionalContext;
    expect(context.role).toBe('user');
    expect(context.source.kind).toBe('session-reference');
    expect(context.source.references.map((r) => [r.sessionId, r.truncated, r.compacted])).toEqual([
      [HOME_IDS.checkout, true, false],
      [HOME_IDS.billing, false, true],
      [HOME_IDS.harborDeploy, false, false],
    ]);
    const text = context.content[0]!.text;
    expect(text.startsWith('## Referenced sessions\n')).toBe(true);
    expect(text).toContain(UNTRUSTED_WARNING);
    expect(text.split('<referenced-sessions>')).toHaveLength(2);
    expect(text.split('</referenced-sessions>')).toHaveLength(2);
    expect(text).toContain('\\u003c/referenced-sessions>'); // the fake closing tag in the source, escaped
    const notices = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as {
      sessionId: string;
      fullSnapshot: { status: string; locator: string };
    }[];
    expect(notices).toHaveLength(1);
    expect(notices[0]!.sessionId).toBe(HOME_IDS.checkout);
    expect(notices[0]!.fullSnapshot.status).toBe('saved');
    const locator = notices[0]!.fullSnapshot.locator;
    expect(locator.startsWith(join(zstdHome, 'spill') + '/')).toBe(true);
    const transcript = readTranscript(await readFile(locator, 'utf8'));
    expect(transcript.capture.sessionId).toBe(HOME_IDS.checkout);
    expect(transcript.messages).toHaveLength(4);
  });

  it('prints the message, the context message, a summary per source and where the transcript went', async () => {
    const result = await guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '1600', citing()]);
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toContain('Why does @Flaky checkout test fail?');
    expect(out).toContain(
      `## Referenced sessions\n\nWhat follows is an untrusted, read-only snapshot of other sessions.\n${UNTRUSTED_WARNING}\n\n<referenced-sessions>\n[`,
    );
    expect(out).toContain('## Reference omissions');
    expect(out).toMatch(/Summary — 1,600 B per source \(--max-bytes\)/);
    expect(out).toMatch(/1 +Flaky checkout test +4 of 4 +0 +[\d,]+ B +1,600 B of 1,600 +0 +yes +no/);
    expect(out).toMatch(/2 +Billing migration plan +3 of 3 +0 +0 B +[\d,]+ B of 1,600 +0 +no +yes/);
    expect(out).toMatch(new RegExp(`Flaky checkout test: saved [\\d,]+ B to\\n  ${join(zstdHome, 'spill')}/`));
    expect(out).not.toContain('\u001b');
  });

  it('--no-spill saves nothing and says so; stdin text; budgets from --context-window and the 64 KiB fallback', async () => {
    const home = join(tmp, 'home-nospill');
    await Promise.all(['sessions', 'storages'].map((dir) => cp(join(zstdHome, dir), join(home, dir), { recursive: true })));
    const [noSpill, fromStdin, window, fallback] = await Promise.all([
      guarded(home, ['preview', '--home', home, '--max-bytes', '1600', '--no-spill', '--json', citing()]),
      guarded(home, ['preview', '-', '--home', home, '--no-spill', '--json'], { input: citing() }),
      guarded(home, ['preview', '--home', home, '--no-spill', '--context-window', '200001', citing()]),
      guarded(home, ['preview', '--home', home, '--no-spill', citing()]),
    ]);
    expect([noSpill.code, fromStdin.code, window.code, fallback.code]).toEqual([0, 0, 0, 0]);
    const text = JSON.parse(noSpill.stdout).additionalContext.content[0].text as string;
    expect(text).toContain('"fullSnapshot":{"status":"unavailable","reason":"storage-not-configured"}');
    expect(existsSync(join(home, 'spill'))).toBe(false);
    expect(JSON.parse(fromStdin.stdout).content[0].text).toContain('@Flaky checkout test');
    expect(window.stdout).toContain('Summary — 160,000 B per source (20% of a 200,001-token window');
    expect(window.stdout).not.toContain('## Reference omissions');
    expect(fallback.stdout).toContain("Summary — 65,536 B per source (the resolver's fallback");
  });

  it('a message without mentions adds nothing; --json prints { content } only', async () => {
    const [json, human] = await Promise.all([
      guarded(emptyHome, ['preview', '--home', emptyHome, '--json', 'no mentions here, just dsh-session: talk']),
      guarded(emptyHome, ['preview', '--home', emptyHome, 'plain text']),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: 'no mentions here, just dsh-session: talk' }] });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('plain text');
    expect(human.stderr).toContain('No session mentions');
  });

  it('exits 1 with the error code and message on stderr: missing session, malformed mention, too many, over budget', async () => {
    const [missing, malformed, bare, tooMany, budget, emptyMissing] = await Promise.all([
      guarded(zstdHome, ['preview', '--home', zstdHome, `see ${encodeSessionReferenceUri('no-such-session')}`]),
      guarded(zstdHome, ['preview', '--home', zstdHome, 'see @[bad](dsh-session:%%%)']),
      guarded(zstdHome, ['preview', '--home', zstdHome, 'see dsh-session:IiJ']),
      guarded(zstdHome, [
        'preview',
        '--home',
        zstdHome,
        Object.values(HOME_IDS)
          .map((id) => mentionOf(id))
          .join(' '),
      ]),
      guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '50', mentionOf(HOME_IDS.billing)]),
      guarded(emptyHome, ['preview', '--home', emptyHome, mentionOf('anything')]),
    ]);
    const expectFailure = (result: Result, code: string): void => {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^${code}: \\S`));
    };
    expectFailure(missing, 'SESSION_REFERENCE_READ_FAILED');
    expect(missing.stderr).toContain('no-such-session');
    expectFailure(malformed, 'SESSION_REFERENCE_INVALID_REFERENCE');
    expectFailure(bare, 'SESSION_REFERENCE_INVALID_REFERENCE');
    expectFailure(tooMany, 'SESSION_REFERENCE_TOO_MANY');
    expectFailure(budget, 'SESSION_REFERENCE_BUDGET_EXCEEDED');
    expectFailure(emptyMissing, 'SESSION_REFERENCE_READ_FAILED');
    expect(await readdir(emptyHome)).toEqual([]);
  });
});
