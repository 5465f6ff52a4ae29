/** On a terminal: text from outside the program reaches it escaped, and only the CLI's own colours remain. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTranscript } from '../../src/transcript/write.ts';
import {
  HOSTILE,
  HOSTILE_SHOWN,
  cli,
  emptyHome,
  mentionOf,
  onTerminal,
  plainHome,
  tmp,
  useCliHomes,
  zstdHome,
} from '../support/cli-homes.ts';

useCliHomes();

describe('on a terminal', () => {
  /** One CLI run per way text from outside the program reaches the terminal, and the words each must print. */
  const runs: [command: string, shows: string][] = [
    ['"$NODE" "$CLI" transcript "$BAD_HEADER"', 'header JSON does not parse'],
    ['"$NODE" "$CLI" transcript "$HOSTILE_TRANSCRIPT"', 'Transcript of'],
    ['"$NODE" "$CLI" transcript "$HOSTILE_TRANSCRIPT" --grep "$HOSTILE"', 'offset'],
    ['"$NODE" "$CLI" transcript "$HOSTILE_TRANSCRIPT" --grep "nothing$HOSTILE"', '0 matches of'],
    ['"$NODE" "$CLI" preview --home "$ZSTD_HOME" --no-spill "$HOSTILE_MENTION"', 'SESSION_REFERENCE_READ_FAILED'],
    ['"$NODE" "$CLI" candidates --home "$MISSING_HOME"', 'no DSH home at'],
    ['"$NODE" "$CLI" candidates "q$HOSTILE" --home "$EMPTY_HOME"', 'No session matches'],
    ['"$NODE" "$CLI" candidates --home "$PLAIN_HOME"', 'Alpha notes'],
    ['"$NODE" "$CLI" candidates "--x$HOSTILE"', 'unknown option'],
  ];
  let env: Record<string, string>;

  beforeAll(async () => {
    const hostile = renderTranscript({
      sessionId: `s${HOSTILE}`,
      label: `label${HOSTILE}`,
      cwd: `/w${HOSTILE}`,
      capturedThroughSeq: 3,
      capturedFormatVersion: 0,
      messages: [{ role: 'user', text: `text ${HOSTILE} more`, checkpoint: false }],
    });
    const hostileTranscript = join(tmp, 'hostile.txt');
    const badHeader = join(tmp, 'bad-header.txt');
    await writeFile(hostileTranscript, hostile);
    await writeFile(badHeader, hostile.replace(/^ {2}"sessionId": .*$/m, `  "sessionId": x${HOSTILE},`));
    env = {
      HOSTILE,
      HOSTILE_TRANSCRIPT: hostileTranscript,
      BAD_HEADER: badHeader,
      HOSTILE_MENTION: mentionOf(`id${HOSTILE}`),
      ZSTD_HOME: zstdHome,
      MISSING_HOME: join(tmp, `missing${HOSTILE}`),
      EMPTY_HOME: emptyHome,
      PLAIN_HOME: plainHome,
    };
  });

  it("the host message and the transcript reader's quote of the file reach even a pipe with every control escaped", async () => {
    const [header, id] = await Promise.all([
      cli(['transcript', env.BAD_HEADER!]),
      cli(['preview', '--home', zstdHome, '--no-spill', env.HOSTILE_MENTION!]),
    ]);
    // V8 quotes a window of the header; the reader passes that quote on JSON-escaped, so even a pipe gets no raw ESC.
    expect(header.stderr).toContain('x\\u001b]0;PWNED');
    expect(header.stderr).not.toContain('\u001b');
    // Error messages escape the host text they quote themselves, so the hostile id arrives escaped, not raw.
    expect(id.stderr).toContain('id\\u001b]0;PWNED');
    expect(id.stderr).not.toContain('\u001b');
  });

  it("no raw ESC, C1 control or bidi override from input reaches the terminal: errors, warnings, quoted text and session text are escaped; with colour on, the only sequences are the CLI's own colours", async () => {
    const commands = runs.map(([command]) => command).join('; ');
    const [plain, coloured] = await Promise.all([onTerminal(commands, { ...env, NO_COLOR: '1' }), onTerminal(commands, env)]);
    const shown = plain.replaceAll('\r\u001b[2K', '');
    for (const [command, words] of runs) expect(shown, command).toContain(words);
    expect(shown).not.toMatch(/[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(shown.split(HOSTILE_SHOWN).length - 1).toBeGreaterThanOrEqual(runs.length - 1);

    expect(coloured).toMatch(/\u001b\[31m/);
    const rest = coloured.replaceAll('\r\u001b[2K', '').replace(/\u001b\[(?:1|2|22|31|32|33|36|39)m/g, '');
    expect(rest).not.toMatch(/[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});
