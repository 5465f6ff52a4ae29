/** Usage errors, help on every command, and the `demo` command. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/transcript/read.ts';
import { UNTRUSTED_WARNING } from '../../src/context/warning.ts';
import { cli, fakeUserHome, guarded, tmp, useCliHomes, zstdHome } from '../support/cli-homes.ts';

useCliHomes();

describe('usage', () => {
  it('--help on every command exits 0', async () => {
    const results = await Promise.all(
      [[], ['candidates'], ['mention'], ['preview'], ['transcript'], ['demo']].map((command) => cli([...command, '--help'])),
    );
    for (const [i, command] of ['', 'candidates ', 'mention ', 'preview ', 'transcript ', 'demo '].entries()) {
      expect(results[i]!.code).toBe(0);
      expect(results[i]!.stdout).toContain(`Usage: dsh-session-ref ${command}`);
    }
  });

  it('usage errors exit 2 without touching the home', async () => {
    const results = await Promise.all([
      cli([]),
      cli(['frobnicate']),
      cli(['preview']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--limit', 'abc']),
      guarded(zstdHome, ['candidates', '--home', zstdHome, '--limit', '0']),
      guarded(zstdHome, ['preview', '--home', zstdHome, '--max-bytes', '10', '--context-window', '1000', 'x']),
      cli(['mention']),
      cli(['transcript', 'a', 'b']),
    ]);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(results[1].stderr).toContain("unknown command 'frobnicate'");
  });
});

describe('demo', () => {
  it('builds a home in seconds and prints the @ menu, the framed context, the omission notice and the saved transcript', async () => {
    const dir = join(tmp, 'demo-home');
    const result = await cli(['demo', '--dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Warning');
    const out = result.stdout;
    expect(out).toMatch(/LABEL +ID +CWD +SAME-WORKSPACE/);
    expect(out).toContain('## Referenced sessions');
    expect(out).toContain(UNTRUSTED_WARNING);
    expect(out).toContain('<referenced-sessions>');
    expect(out).toContain('\\u003c/referenced-sessions>');
    expect(out).toContain('## Reference omissions');
    const saved = /Flaky checkout test: saved [\d,]+ B to\n {2}(\S+)/.exec(out);
    expect(saved?.[1]?.startsWith(join(dir, 'spill'))).toBe(true);
    expect(readTranscript(await readFile(saved![1]!, 'utf8')).capture.label).toBe('Flaky checkout test');
    expect(existsSync(join(fakeUserHome, '.dsh'))).toBe(false);

    const clean = join(tmp, 'demo-clean');
    const cleaned = await cli(['demo', '--dir', clean, '--clean']);
    expect(cleaned.code).toBe(0);
    expect(existsSync(clean)).toBe(false);
  });
});
