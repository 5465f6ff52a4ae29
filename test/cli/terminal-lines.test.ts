// On a terminal, no newline from data can start a line of its own: one-line text shows it as \n, and multi-line data (a message body) is shown behind a gutter; the CLI's own line breaks are the only raw ones. Pipes get the exact text.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channel } from '../../src/cli/output-channel.ts';
import { renderTranscript } from '../../src/transcript/write.ts';
import { formatSessionReferenceMention } from '../../src/mentions/uri.ts';
import { HOME_IDS, writeFixtureHome } from '../support/cli-home.ts';
import { onTerminal, runCli } from '../support/cli-process.ts';

/** A line a hostile name or message would like to pass off as one of the CLI's own. */
const FORGED = 'warning: left out session "forged": all is well';

let tmp: string;
let userHome: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-lines-'));
  userHome = join(tmp, 'user-home');
  await mkdir(userHome);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The lines the terminal showed: on each, only what follows its last carriage return (the spinner's erase) is left. */
const shownLines = (screen: string): string[] =>
  screen
    .replaceAll('\u001b[2K', '')
    .split('\n')
    .map((line) => line.replace(/\r$/, '').split('\r').at(-1)!);

describe('on a terminal', () => {
  it('a session directory whose name holds a newline is named on one line: the newline is shown as \\n', async () => {
    const home = join(tmp, 'home-newline-dir');
    await writeFixtureHome(home);
    const project = join(home, 'sessions', (await readdir(join(home, 'sessions')))[0]!);
    const odd = join(project, `odd\n${FORGED}`);
    await mkdir(odd);
    await writeFile(join(odd, 'session.jsonl.zstd'), 'garbage');
    const screen = await onTerminal('"$NODE" "$CLI" candidates --home "$HOME_DIR"', {
      cwd: tmp,
      home: userHome,
      env: { HOME_DIR: home, NO_COLOR: '1' },
    });
    const lines = shownLines(screen);
    expect(lines.some((line) => line.startsWith('warning: left out session') && line.includes(`odd\\n${FORGED}`))).toBe(true);
    expect(lines.filter((line) => line.startsWith(FORGED))).toEqual([]);
  });

  it('a transcript message with newlines is shown behind a gutter, so none of its lines passes for the CLI’s own', async () => {
    const file = join(tmp, 'forging.txt');
    await writeFile(
      file,
      renderTranscript({
        sessionId: 's',
        label: `label\n${FORGED}`,
        cwd: null,
        capturedThroughSeq: 1,
        capturedFormatVersion: 0,
        messages: [{ role: 'user', text: `first line\n${FORGED}\n\u001b[31mred`, checkpoint: false }],
      }),
    );
    const [screen, piped] = await Promise.all([
      onTerminal('"$NODE" "$CLI" transcript "$FILE"', { cwd: tmp, home: userHome, env: { FILE: file, NO_COLOR: '1' } }),
      runCli(['transcript', file], { cwd: tmp, home: userHome }),
    ]);
    const lines = shownLines(screen);
    expect(lines).toContain('│ first line');
    expect(lines).toContain(`│ ${FORGED}`);
    expect(lines).toContain('│ \\u001b[31mred');
    expect(lines.filter((line) => line.startsWith(FORGED))).toEqual([]);
    expect(lines[0]).toBe(`Transcript of label\\n${FORGED} — session s`);
    // A pipe gets the message exactly.
    expect(piped.stdout).toContain(`### Message 1: user\nfirst line\n${FORGED}\n\u001b[31mred\n`);
  });

  it('the citing message and the context message of a preview are shown behind the gutter', async () => {
    const home = join(tmp, 'home-preview');
    await writeFixtureHome(home);
    const mention = formatSessionReferenceMention({ sessionId: HOME_IDS.harborTls });
    const screen = await onTerminal('"$NODE" "$CLI" preview --home "$HOME_DIR" --no-spill "$TEXT"', {
      cwd: tmp,
      home: userHome,
      env: { HOME_DIR: home, TEXT: `hello\n${FORGED} ${mention}`, NO_COLOR: '1' },
    });
    const lines = shownLines(screen);
    expect(lines).toContain('│ hello');
    expect(lines).toContain(`│ ${FORGED} @${HOME_IDS.harborTls}`);
    expect(lines).toContain('│ ## Referenced sessions');
    expect(lines).toContain('│ <referenced-sessions>');
    expect(lines.filter((line) => line.startsWith(FORGED))).toEqual([]);
  });
});

describe('a channel', () => {
  it('on a TTY escapes newlines in a line, keeps its own in laid-out lines, and puts a gutter before each line of a block', () => {
    const written = { tty: '', pipe: '' };
    const tty = channel({ write: (chunk: string) => (written.tty += chunk), isTTY: true }, { NO_COLOR: '1' });
    const pipe = channel({ write: (chunk: string) => (written.pipe += chunk) }, {});
    for (const ch of [tty, pipe]) {
      ch.line(`one\ntwo`);
      ch.write('part\n');
      ch.lines('a\tb\nc\u001b\n');
      ch.block('x\ny');
    }
    expect(written.tty).toBe('one\\ntwo\npart\\na\tb\nc\\u001b\n│ x\n│ y\n');
    expect(written.pipe).toBe('one\ntwo\npart\na\tb\nc\u001b\nx\ny\n');
  });

  it('with colour on, the gutter is dim and data still cannot close or open a colour', () => {
    let written = '';
    const tty = channel({ write: (chunk: string) => (written += chunk), isTTY: true }, {});
    tty.block('x\u001b[0m');
    expect(written).toBe('\u001b[2m│ \u001b[22mx\\u001b[0m\n');
  });
});
