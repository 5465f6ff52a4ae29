// A reader that goes away (`| head`) ends the CLI quietly with status 0; any other failed write to stdout (a full device) is one line on stderr and status 1.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderTranscript } from '../../src/transcript/write.ts';
import { CLI_SOURCE, NODE, runCli } from '../support/cli-process.ts';

let tmp: string;
let userHome: string;
/** A transcript whose readable form is a few MB, far more than a pipe holds. */
let large: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-writes-'));
  userHome = join(tmp, 'user-home');
  await mkdir(userHome);
  large = join(tmp, 'large.txt');
  const text = Array.from({ length: 100_000 }, (_, i) => `line ${i} of a long message`).join('\n');
  await writeFile(
    large,
    renderTranscript({
      sessionId: 's',
      label: 'large',
      cwd: null,
      capturedThroughSeq: 1,
      capturedFormatVersion: 0,
      messages: [{ role: 'user', text, checkpoint: false }],
    }),
  );
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

it('exits 0 with nothing on stderr when the reader of stdout closes it early (EPIPE)', async () => {
  const child = spawn(NODE, [CLI_SOURCE, 'transcript', large], {
    cwd: tmp,
    env: { ...process.env, HOME: userHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // Like `head`: read the first chunk, then close the pipe.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((done) => child.on('close', done));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

it('a full device on stdout gives one line on stderr and exit status 1', async () => {
  const result = await runCli(['transcript', large], { cwd: tmp, home: userHome, stdoutPath: '/dev/full' });
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^error: cannot write to standard output: ENOSPC: no space left on device, write\n$/);
});
