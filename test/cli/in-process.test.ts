/** The CLI's pieces in process: a booted home refuses every write, and the output channel and progress behave at their edges. */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { SessionReferenceMentionCandidate } from '../../src/types.ts';
import { channel, colourEnabled, SPINNER_DELAY_MS, withProgress } from '../../src/cli/output-channel.ts';
import type { Progress } from '../../src/cli/output-channel.ts';
import { candidatesTable, snippetWindow } from '../../src/cli/candidates-command.ts';
import { openHome } from '../../src/cli/home.ts';
import { ReadOnlyHomeError, ReadOnlySessionPersistence } from '../../src/cli/read-only-persistence.ts';
import { HOSTILE, HOSTILE_SHOWN, useCliHomes, zstdHome } from '../support/cli-homes.ts';

useCliHomes();

describe('in process', () => {
  it('the booted home refuses every log write through the persistence', async () => {
    const host = await openHome({ home: zstdHome, spill: false });
    try {
      expect(host.ctx.sessionPersistence).toBeInstanceOf(ReadOnlySessionPersistence);
      const persistence = host.ctx.sessionPersistence as unknown as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;
      for (const method of ['create', 'append', 'prepare', 'load']) {
        await expect(persistence[method]!('x'), method).rejects.toBeInstanceOf(ReadOnlyHomeError);
      }
      // The backend's write primitives are not reachable through the service at all.
      for (const method of ['appendBatch', 'commitRepair']) expect(persistence[method], method).toBeUndefined();
      // the host's reader was mounted with the logs' encoding, and the projection cache reads the home's checkpoints
      const [header] = await host.persistence.list();
      expect(host.persistence.locate(header!)?.path.endsWith('/session.jsonl.zstd')).toBe(true);
      expect(host.ctx.sessionProjectionCache.cachedSnapshot(header!)?.values.title).toEqual(expect.any(String));
    } finally {
      await host.dispose();
    }
  });

  it('the progress line shows only on a TTY, only for slow work, and is erased afterwards', async () => {
    const slow = (): Promise<string> =>
      new Promise((done) =>
        setTimeout(() => {
          done('ok');
        }, SPINNER_DELAY_MS + 300),
      );
    const written = { tty: '', pipe: '', fast: '' };
    const tty = channel({ write: (chunk: string) => (written.tty += chunk), isTTY: true }, { NO_COLOR: '1' });
    const pipe = channel({ write: (chunk: string) => (written.pipe += chunk) }, {});
    const fast = channel({ write: (chunk: string) => (written.fast += chunk), isTTY: true }, {});
    const relabelled = async (progress: Progress): Promise<string> => {
      progress.set('folding titles 1/2');
      return slow();
    };
    expect(
      await Promise.all([
        withProgress(tty, 'reading', relabelled),
        withProgress(pipe, 'reading', slow),
        withProgress(fast, 'reading', async () => 'ok'),
      ]),
    ).toEqual(['ok', 'ok', 'ok']);
    expect(written.tty).toMatch(/^\r\x1b\[2K. folding titles 1\/2 \d+\.\ds/);
    expect(written.tty.endsWith('\r\x1b[2K')).toBe(true);
    expect(written.pipe).toBe('');
    expect(written.fast).toBe('');
  });

  it('on a TTY a channel escapes every control character it writes, whatever its origin, and keeps only its own colours', () => {
    const written = { tty: '', plain: '', pipe: '' };
    const tty = channel({ write: (chunk: string) => (written.tty += chunk), isTTY: true }, {});
    const plain = channel({ write: (chunk: string) => (written.plain += chunk), isTTY: true }, { NO_COLOR: '1' });
    const pipe = channel({ write: (chunk: string) => (written.pipe += chunk) }, {});
    for (const ch of [tty, plain, pipe]) {
      ch.line(`${ch.c.red(ch.c.bold('CODE'))}: x${HOSTILE}\ttab\r`);
      ch.write('\u0000forged:31\u0000');
    }
    expect(written.tty).toBe(`\u001b[31m\u001b[1mCODE\u001b[22m\u001b[39m: x${HOSTILE_SHOWN}\ttab\\r\n\\u0000forged:31\\u0000`);
    expect(written.plain).toBe(`CODE: x${HOSTILE_SHOWN}\ttab\\r\n\\u0000forged:31\\u0000`);
    expect(written.pipe).toBe(`CODE: x${HOSTILE}\ttab\r\n\u0000forged:31\u0000`);
  });

  it('the candidates table adds a MATCH column for a query: the field, or the body snippet on one line', () => {
    const c = channel({ write: () => true }, {}).c;
    const base = { cwd: '/w', sameWorkspace: false, createdAt: 1, mention: '' };
    const rows: SessionReferenceMentionCandidate[] = [
      { ...base, sessionId: 'a', label: 'Discount rules', match: { in: 'title' } },
      { ...base, sessionId: 'b', label: 'b', match: { in: 'body', snippet: 'the discount\n  service\u001b[31m timed out' } },
    ];
    const lines = candidatesTable(rows, 'discount', c).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LABEL +ID +CWD +SAME-WORKSPACE +MATCH$/);
    expect(lines[1]).toMatch(/^Discount rules +a +\/w +no +title$/);
    expect(lines[2]).toMatch(/ +no +body: the discount service\\u001b\[31m timed out$/);
    expect(candidatesTable(rows, '', c)).not.toContain('MATCH');
  });

  it('the MATCH column shows the matched word of a long body snippet, wherever the snippet has it', () => {
    const c = channel({ write: () => true }, {}).c;
    const base = { sessionId: 'b', label: 'b', cwd: '/w', sameWorkspace: false, createdAt: 1, mention: '' };
    const snippet = `${'Earlier we talked about many unrelated things, such as the weather and lunch; '.repeat(2)}then the zanzibarite sample came back with odd readings`;
    const table = candidatesTable([{ ...base, match: { in: 'body', snippet } }], 'ZANZ', c);
    expect(table.split('\n')[1]).toMatch(/body: ….*then the zanzibarite sample.*…$/);
    expect(snippetWindow(snippet, 'readings').endsWith('odd readings')).toBe(true);
    expect(snippetWindow(snippet, 'earlier').startsWith('Earlier we talked')).toBe(true);
  });

  it('the MATCH column keeps the matched word of a snippet in wide characters, within its width, by display columns', () => {
    const c = channel({ write: () => true }, {}).c;
    const base = { sessionId: 'b', label: 'b', cwd: '/w', sameWorkspace: false, createdAt: 1, mention: '' };
    const snippet = `${'数据库迁移计划'.repeat(12)}最后的检查清单 ${'后续'.repeat(3)}`;
    const cell = candidatesTable([{ ...base, match: { in: 'body', snippet } }], '检查清单', c)
      .split('\n')[1]!
      .split(/ {2,}/)
      .at(-1)!;
    expect(cell).toMatch(/^body: ….*最后的检查清单 后续后续后续$/);
    expect(stringWidth(cell)).toBeLessThanOrEqual(60);
    const longer = snippetWindow(`${snippet}${'之后'.repeat(40)}`, '检查清单  后续');
    expect(longer).toMatch(/^….*检查清单 后续.*…$/);
    expect(stringWidth(longer)).toBeLessThanOrEqual(54);
    const centred = snippetWindow(`${'数据'.repeat(40)}检查清单${'之后'.repeat(40)}`, '检查清单');
    expect(centred).toMatch(/^….*检查清单.*…$/);
    expect(stringWidth(centred)).toBeLessThanOrEqual(54);
  });

  it('a wide or combining label is cut by display columns, never inside a grapheme', () => {
    const c = channel({ write: () => true }, {}).c;
    const row = (label: string): string =>
      candidatesTable([{ sessionId: 'x', label, sameWorkspace: true, createdAt: 1, mention: '' }], '', c).split('\n')[1]!;
    expect(row('数据库迁移计划'.repeat(5)).startsWith(`${'数据库迁移计划'.repeat(3)}数据… `)).toBe(true);
    expect(row('e\u0301'.repeat(60)).startsWith(`${'e\u0301'.repeat(47)}… `)).toBe(true);
  });

  it('colour only on a TTY, and never with NO_COLOR', () => {
    expect(colourEnabled({ write: () => true, isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ write: () => true, isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ write: () => true, isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled({ write: () => true }, { FORCE_COLOR: '1' })).toBe(false);
  });
});
