/** The `transcript` command: a saved transcript read back whole or by search, and what is not one rejected. */
import { legacy } from '../support/legacy-transcript.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/transcript/read.ts';
import { findInTranscript } from '../../src/transcript/search.ts';
import { HOME_IDS } from '../support/cli-home.ts';
import { cli, guarded, mentionOf, tmp, useCliHomes, zstdHome } from '../support/cli-homes.ts';

useCliHomes();

describe('transcript', () => {
  let file: string;
  let text: string;

  beforeAll(async () => {
    const result = await guarded(zstdHome, [
      'preview',
      '--home',
      zstdHome,
      '--max-bytes',
      '1000',
      '--json',
      mentionOf(HOME_IDS.checkout, 'Flaky checkout test'),
    ]);
    const context = JSON.parse(result.stdout).additionalContext.content[0].text as string;
    file = (JSON.parse(context.slice(context.lastIndexOf('\n') + 1)) as { fullSnapshot: { locator: string } }[])[0]!.fullSnapshot.locator;
    text = await readFile(file, 'utf8');
  });

  it('--json prints the reader result; --message narrows it; the readable form shows each message', async () => {
    const [json, one, human] = await Promise.all([
      cli(['transcript', file, '--json']),
      cli(['transcript', file, '--message', '3', '--json']),
      cli(['transcript', file]),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(readTranscript(text));
    expect(JSON.parse(one.stdout)).toEqual({ capture: readTranscript(text).capture, messages: [readTranscript(text).messages[2]] });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Transcript of Flaky checkout test');
    expect(human.stdout).toContain('### Message 3: user\nSo raise the timeout?\n');
  });

  it('--grep prints exact hits with surrounding text; --json makes them an array; stdin works', async () => {
    const [json, human, stdin] = await Promise.all([
      cli(['transcript', file, '--grep', 'FAILED', '--json']),
      cli(['transcript', file, '--grep', 'timeout race']),
      cli(['transcript', '-', '--grep', 'FAILED', '--json'], { input: text }),
    ]);
    const hits = JSON.parse(json.stdout) as { message: number; offset: number; text: string }[];
    expect(hits.map(({ message, offset }) => ({ message, offset }))).toEqual(findInTranscript(text, 'FAILED'));
    expect(hits).toHaveLength(4);
    const messages = readTranscript(text).messages;
    for (const hit of hits) {
      expect(Object.keys(hit)).toEqual(['message', 'offset', 'text']);
      expect(hit.text).toContain('FAILED');
      expect(messages[hit.message - 1]!.text).toContain(hit.text);
    }
    expect(JSON.parse(stdin.stdout)).toEqual(hits);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^message 2 offset \d+ +.*timeout race/);
    expect(human.stderr).toContain('1 match of "timeout race"');
  });

  it('stops reading stdin or a file at --max-input-bytes (default 64 MiB) and exits 1; a file of exactly the cap reads; a device is refused', async () => {
    const size = Buffer.byteLength(text);
    const [endlessStdin, endlessFile, overStdin, exact, over, zero] = await Promise.all([
      cli(['preview', '-', '--home', zstdHome], { stdinPath: '/dev/zero' }),
      cli(['transcript', '/dev/zero', '--max-input-bytes', '1000']),
      cli(['preview', '-', '--home', zstdHome, '--max-input-bytes', '10'], { input: 'x'.repeat(11) }),
      cli(['transcript', file, '--max-input-bytes', String(size), '--json']),
      cli(['transcript', file, '--max-input-bytes', String(size - 1)]),
      cli(['transcript', file, '--max-input-bytes', '0']),
    ]);
    expect(endlessStdin.code).toBe(1);
    expect(endlessStdin.stderr).toBe(
      'error: stdin is larger than --max-input-bytes (67,108,864 bytes); pass a larger --max-input-bytes to read it\n',
    );
    expect(endlessFile.code).toBe(1);
    // An endless file can only be a device, which transcript refuses before reading a byte: stdin stands for it above.
    expect(endlessFile.stderr).toBe('error: /dev/zero is a character device, not a regular file; pass - to read standard input\n');
    expect(overStdin.code).toBe(1);
    expect(overStdin.stderr).toContain('stdin is larger than --max-input-bytes (10 bytes)');
    expect(exact.code, exact.stderr).toBe(0);
    expect(JSON.parse(exact.stdout)).toEqual(readTranscript(text));
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`${file} is larger than --max-input-bytes`);
    expect(zero.code).toBe(2);
    for (const result of [endlessStdin, endlessFile, overStdin, over, zero]) expect(result.stdout).toBe('');
  });

  it('--allow-unterminated reads a transcript without its closing line as the reader reports it, warning when it is unterminated', async () => {
    const unterminated = join(tmp, 'unterminated.txt');
    // A transcript written before the end line existed: the old explanation line, no end line.
    const cut = legacy(text);
    await writeFile(unterminated, cut);
    const result = await cli(['transcript', unterminated, '--allow-unterminated', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const read = readTranscript(cut, { allowUnterminated: true });
    expect(read.unterminated).toBe(true);
    expect(JSON.parse(result.stdout)).toEqual(read);
    expect(result.stderr.includes('no "### End of transcript" line')).toBe(read.unterminated === true);
  });

  it('a malformed transcript exits 1 with INVALID_REFERENCE; a missing file exits 1; --message past the end exits 2', async () => {
    const broken = join(tmp, 'broken.txt');
    await writeFile(broken, text.replace('### Message 2', '### Message 7'));
    const [bad, missing, past] = await Promise.all([
      cli(['transcript', broken]),
      cli(['transcript', join(tmp, 'nope.txt')]),
      cli(['transcript', file, '--message', '99']),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^SESSION_REFERENCE_INVALID_REFERENCE: invalid transcript, line \d+/);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: .*ENOENT/);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('the transcript has 4 message(s)');
  });
});
