// The transcript command reads the file's bytes exactly: invalid UTF-8 is INVALID_REFERENCE naming the byte offset, never U+FFFD; valid text, a byte-order mark included, reads as it was written.
import { isUtf8 } from 'node:buffer';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invalidUtf8Offset } from '../../src/cli/input.ts';
import { readTranscript } from '../../src/transcript/read.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import { runCli } from '../support/cli-process.ts';

let tmp: string;
let userHome: string;
let transcript: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-bytes-'));
  userHome = join(tmp, 'user-home');
  await mkdir(userHome);
  transcript = renderTranscript({
    sessionId: 's',
    label: 'Crème brûlée',
    cwd: null,
    capturedThroughSeq: 2,
    capturedFormatVersion: 0,
    messages: [{ role: 'user', text: 'bytes: é 日本 🎉 end', checkpoint: false }],
  });
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const cli = (args: readonly string[], input?: string) =>
  runCli(args, { cwd: tmp, home: userHome, ...(input === undefined ? {} : { input }) });

it('a transcript with an invalid byte exits 1 with INVALID_REFERENCE naming its offset, from a file and from stdin', async () => {
  const bytes = Buffer.from(transcript, 'utf8');
  const offset = bytes.indexOf(Buffer.from('é', 'utf8'), bytes.indexOf('bytes:'));
  bytes[offset] = 0xff;
  const file = join(tmp, 'invalid.txt');
  await writeFile(file, bytes);
  const [fromFile, fromStdin] = await Promise.all([
    cli(['transcript', file, '--json']),
    runCli(['transcript', '-'], { cwd: tmp, home: userHome, stdinPath: file }),
  ]);
  for (const result of [fromFile, fromStdin]) {
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `SESSION_REFERENCE_INVALID_REFERENCE: invalid transcript: not valid UTF-8 at byte offset ${offset} (0xff); the file is not read as it was written\n`,
    );
  }
});

it('a transcript cut inside a character names the offset where its next byte is missing', async () => {
  const bytes = Buffer.concat([Buffer.from(transcript, 'utf8'), Buffer.from([0xe6, 0x97])]);
  const file = join(tmp, 'cut.txt');
  await writeFile(file, bytes);
  const result = await cli(['transcript', file]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`not valid UTF-8 at byte offset ${bytes.length} (the end of the input)`);
});

it('valid UTF-8 reads exactly, a leading byte-order mark kept for the reader to judge', async () => {
  const file = join(tmp, 'valid.txt');
  await writeFile(file, transcript);
  const result = await cli(['transcript', file, '--json']);
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual(readTranscript(transcript));
  const bom = join(tmp, 'bom.txt');
  await writeFile(bom, `\ufeff${transcript}`);
  const withBom = await cli(['transcript', bom]);
  expect(withBom.code).toBe(1);
  expect(withBom.stderr).toMatch(/^SESSION_REFERENCE_INVALID_REFERENCE: invalid transcript, line 1/);
});

it('finds an invalid byte exactly when the bytes are not UTF-8, and never points past the input', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const offset = invalidUtf8Offset(bytes);
      expect(offset === -1).toBe(isUtf8(bytes));
      expect(offset).toBeLessThanOrEqual(bytes.length);
    }),
  );
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (before, after) => {
      const bytes = Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from([0xc0]), Buffer.from(after, 'utf8')]);
      expect(invalidUtf8Offset(bytes)).toBe(Buffer.byteLength(before, 'utf8'));
    }),
  );
});
