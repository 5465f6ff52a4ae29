/** The `dsh-session-ref` command line: commander wiring, the home and cwd it names, the `transcript` command, the exit-status contract and error reporting. */
import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_REFERENCE_CONTEXT_FRACTION } from '../config.ts';
import { isSessionReferenceError } from '../errors.ts';
import { formatSessionReferenceMention } from '../mentions/uri.ts';
import { readTranscript } from '../transcript/read.ts';
import type { ParsedTranscript } from '../transcript/read.ts';
import { findInTranscript } from '../transcript/search.ts';
import { splitsPair } from '../utf16.ts';
import { decodeUtf8Exactly, DEFAULT_MAX_INPUT_BYTES, readBoundedBytes } from './input.ts';
import type { Io } from './output-channel.ts';
import type { PreviewOptions } from './preview-command.ts';
import { cellSafe, count, heading } from './text-layout.ts';

/** A usage problem found outside commander's parsing (exit status 2), such as `--message` beyond the transcript's end. */
class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The package's version, from the package.json every install ships. */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function positiveInteger(value: string): number {
  const n = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer.');
  return n;
}

/**
 * The DSH home to read: `flag` (from `--home`), else `$DSH_HOME`, else `~/.dsh`, made absolute. An empty `--home` is
 * a usage error rather than a silent fall back to another home; an empty `$DSH_HOME` counts as unset.
 */
function resolveHome(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag === '') throw new UsageError('--home: expected a directory, got an empty string');
  if (flag !== undefined) return resolve(flag);
  return env.DSH_HOME !== undefined && env.DSH_HOME !== '' ? resolve(env.DSH_HOME) : join(homedir(), '.dsh');
}

/** A `--cwd` made absolute with its links resolved, as a host records a session's cwd; a path that does not exist is kept. */
function realCwd(value: string): string {
  const path = resolve(value);
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** What `transcript` is asked for, besides the file. */
interface TranscriptFlags {
  message?: number;
  grep?: string;
  json?: boolean;
  allowUnterminated?: boolean;
  maxInputBytes: number;
}

/** Code units of surrounding text kept on each side of a `--grep` match. */
const HIT_CONTEXT = 40;

/**
 * `transcript`: decodes a saved transcript with the package's reader and prints its messages (all, or `--message N`),
 * or with `--grep` the exact matches of a phrase in their surrounding text; `--json` prints the reader's result or
 * the array of hits `{ message, offset, text }`.
 */
function runTranscript(io: Io, text: string, options: TranscriptFlags): void {
  const { out } = io;
  const c = out.c;
  const parsed = readTranscript(text, { allowUnterminated: options.allowUnterminated === true, maxBytes: options.maxInputBytes });
  if (parsed.unterminated === true)
    io.err.line(
      c.yellow('warning: the transcript has no "### End of transcript" line, so it may be cut off (read with --allow-unterminated)'),
    );
  if (options.message !== undefined && options.message > parsed.messages.length)
    throw new UsageError(`--message ${options.message}: the transcript has ${parsed.messages.length} message(s)`);
  const selected = parsed.messages.filter((m) => options.message === undefined || m.index === options.message);
  const phrase = options.grep;
  if (phrase === undefined) {
    if (options.json) out.json({ ...parsed, messages: selected });
    else printMessages(io, parsed, selected);
    return;
  }
  const hits = findInTranscript(parsed, phrase).flatMap(({ message, offset }) => {
    const whole = selected.find((m) => m.index === message)?.text;
    if (whole === undefined) return [];
    // the excerpt is widened where its edge would cut a surrogate pair
    const [from, to] = [Math.max(0, offset - HIT_CONTEXT), Math.min(whole.length, offset + phrase.length + HIT_CONTEXT)];
    return [{ message, offset, whole, start: splitsPair(whole, from) ? from - 1 : from, end: splitsPair(whole, to) ? to + 1 : to }];
  });
  if (options.json) {
    out.json(hits.map(({ message, offset, whole, start, end }) => ({ message, offset, text: whole.slice(start, end) })));
    return;
  }
  for (const { message, offset, whole, start, end } of hits) {
    const cut = (from: number, to: number): string => cellSafe(whole.slice(from, to));
    const match = c.bold(c.yellow(cut(offset, offset + phrase.length)));
    const [lead, tail] = [start > 0 ? c.dim('…') : '', end < whole.length ? c.dim('…') : ''];
    out.line(
      `${c.cyan(`message ${message}`)} ${c.dim(`offset ${offset}`)}  ${lead}${cut(start, offset)}${match}${cut(offset + phrase.length, end)}${tail}`,
    );
  }
  io.err.line(c.dim(`${hits.length} match${hits.length === 1 ? '' : 'es'} of ${JSON.stringify(phrase)}`));
}

/** The readable transcript: a heading naming the session, what was captured, and each selected message behind the gutter. */
function printMessages(io: Io, parsed: ParsedTranscript, selected: ParsedTranscript['messages']): void {
  const { out } = io;
  const c = out.c;
  const { capture } = parsed;
  out.lines(heading(`Transcript of ${cellSafe(capture.label)}`, c, `session ${cellSafe(capture.sessionId)}`));
  const seq = capture.capturedThroughSeq ?? '-';
  out.line(
    c.dim(
      `cwd ${cellSafe(capture.cwd ?? '-')} · captured through seq ${seq} · format v${capture.capturedFormatVersion} · ${parsed.messages.length} message(s)`,
    ),
  );
  for (const message of selected) {
    out.line();
    out.line(c.bold(`### Message ${message.index}: ${message.role}${message.checkpoint === true ? ' (checkpoint)' : ''}`));
    out.block(message.text);
  }
}

const HOME_HELP = 'DSH home to read, which must exist (default: $DSH_HOME, else ~/.dsh)';

/** Adds `--home` and `--cwd`, as every command that reads a home takes them, to `command`. */
function readsHome(command: Command): Command {
  return command
    .option('--home <dir>', HOME_HELP)
    .option(
      '--cwd <dir>',
      'working directory the citing session claims, for ranking; symlinks are resolved (default: the current directory)',
      realCwd,
    );
}

const maxInputOption = (): Option =>
  new Option('--max-input-bytes <n>', 'largest file or stdin read, in bytes; a larger input exits 1')
    .argParser(positiveInteger)
    .default(DEFAULT_MAX_INPUT_BYTES, `${count(DEFAULT_MAX_INPUT_BYTES)}, 64 MiB`);

/** Builds the program; actions write through `io`. */
function buildProgram(io: Io): Command {
  const homeOf = (flags: { home?: string; cwd?: string }) => ({ home: resolveHome(flags.home, io.env), cwd: flags.cwd ?? realCwd('.') });
  const program = new Command('dsh-session-ref')
    .description(
      'Inspect, preview and debug cross-session references (ctx.sessionReferenceResolver) against a DSH home, ' +
        'without starting a model. Never writes to <home>/sessions.',
    )
    .version(version, '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: io.out.lines,
      writeErr: io.err.lines,
      outputError: (text, write) => {
        write(io.err.c.red(text));
      },
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nExit status: 0 on success, 1 on a SessionReferenceError (its code and message on stderr) or another\n' +
        'failure, 2 on a usage error.\n\nStart with: dsh-session-ref demo',
    );

  readsHome(
    program
      .command('candidates')
      .description('list the sessions the @ menu offers, as a host would show them')
      .argument('[query]', 'filter: case-insensitive text in the title, id or cwd, or (full-text search) what was said'),
  )
    .option('--limit <n>', 'most candidates to list (default: 50)', positiveInteger)
    .option('--json', 'print the array of candidates, each with its mention')
    .addHelpText('after', '\nExamples:\n  dsh-session-ref candidates\n  dsh-session-ref candidates billing --cwd ~/projects/atlas --json')
    .action(async (query: string | undefined, options: { home?: string; cwd?: string; limit?: number; json?: boolean }) => {
      const { runCandidates } = await import('./candidates-command.ts');
      await runCandidates(io, { ...options, ...homeOf(options), query: query ?? '' });
    });

  program
    .command('mention')
    .description('print the canonical mention of a session: @[label](dsh-session:…)')
    .argument('<sessionId>', 'the session id, exactly')
    .option('--label <text>', "label to show (default: the session's title, read from the home)")
    .option('--home <dir>', `${HOME_HELP}; read only without --label`)
    .addHelpText(
      'after',
      '\nWithout --label the session must be in the home: its title becomes the label.\n\nExamples:\n' +
        '  dsh-session-ref mention 7f3a9c2e-5b1d-4e8f-9a6c-2d4b8e1f3a70\n' +
        '  dsh-session-ref mention 7f3a9c2e-5b1d-4e8f-9a6c-2d4b8e1f3a70 --label "Billing migration plan"',
    )
    .action(async (sessionId: string, options: { label?: string; home?: string }) => {
      let label = options.label;
      if (label === undefined) {
        const { sessionLabel } = await import('./candidates-command.ts');
        label = await sessionLabel(io, resolveHome(options.home, io.env), sessionId);
      }
      io.out.line(formatSessionReferenceMention({ sessionId, label }));
    });

  type PreviewFlags = Omit<PreviewOptions, 'text' | 'home' | 'cwd'> & { home?: string; cwd?: string; maxInputBytes: number };
  readsHome(
    program
      .command('preview')
      .description('prepare the mentions in a message against the home and print what the model would get')
      .argument('<text>', 'the message with @[label](dsh-session:…) mentions or bare dsh-session: URIs; - reads stdin'),
  )
    .addOption(
      new Option('--max-bytes <n>', 'exact per-source budget in serialised JSON bytes')
        .argParser(positiveInteger)
        .conflicts('contextWindow'),
    )
    .addOption(
      new Option(
        '--context-window <n>',
        `model context window in tokens; budget max(65536, n × 4 × ${DEFAULT_REFERENCE_CONTEXT_FRACTION})`,
      ).argParser(positiveInteger),
    )
    .option('--no-spill', 'do not save full transcripts of truncated sources under <home>/spill')
    .addOption(maxInputOption())
    .option('--json', 'print { content, additionalContext }')
    .addHelpText(
      'after',
      "\nWithout --max-bytes or --context-window the budget is the resolver's fallback, 65536 bytes per source.\n" +
        'The citing session is a throwaway one that is never stored.\n\n' +
        'Examples:\n  dsh-session-ref preview "What did we decide in $(dsh-session-ref mention <id>)?"\n' +
        '  echo "see dsh-session:ImFiYyI" | dsh-session-ref preview - --max-bytes 4000 --json',
    )
    .action(async (text: string, options: PreviewFlags) => {
      const where = homeOf(options);
      const message = text === '-' ? (await readBoundedBytes('-', options.maxInputBytes)).toString('utf8') : text;
      const { runPreview } = await import('./preview-command.ts');
      await runPreview(io, { ...options, ...where, text: message });
    });

  program
    .command('transcript')
    .description("decode a saved full transcript with the package's reader and show its messages")
    .argument('<file>', 'the transcript file (the locator preview printed); - reads stdin')
    .option('--message <n>', 'only this message (1-based)', positiveInteger)
    .option('--grep <phrase>', 'print the exact matches of a phrase: message, offset and surrounding text')
    .option('--json', 'print the decoded transcript, or with --grep the array of hits')
    .option(
      '--allow-unterminated',
      'read a transcript without its closing "### End of transcript" line (written before that line existed, or cut off), with a warning',
    )
    .addOption(maxInputOption())
    .addHelpText(
      'after',
      '\nExamples:\n  dsh-session-ref transcript ~/.dsh/spill/session-…/session-reference-1.txt --message 2\n  dsh-session-ref transcript saved.txt --grep "timeout" --json',
    )
    .action(async (file: string, options: TranscriptFlags) => {
      runTranscript(io, decodeUtf8Exactly(await readBoundedBytes(file, options.maxInputBytes), 'transcript'), options);
    });

  program
    .command('demo')
    .description('build a small demo home in a temp directory and show candidates and a preview on it')
    .option('--dir <dir>', 'build the demo home here (absent or empty) instead of a fresh temp directory')
    .option('--clean', 'remove the demo home at the end')
    .addHelpText('after', '\nNeeds no network, model or key, and never reads or writes ~/.dsh. `npm start` runs it.')
    .action(async (options: { dir?: string; clean?: boolean }) => {
      const { runDemo } = await import('./demo.ts');
      await runDemo(io, { dir: options.dir, clean: options.clean === true });
    });

  return program;
}

/**
 * Runs the CLI on `argv` (without the node and script paths) and returns the exit status: 0 on success, 1 on a
 * `SessionReferenceError` (code and message on stderr) or another failure, 2 on a usage error.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const c = io.err.c;
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : 2;
    if (isSessionReferenceError(error)) {
      io.err.line(`${c.red(c.bold(error.code))}: ${error.message}`);
      return 1;
    }
    io.err.line(c.red(`error: ${error instanceof Error ? error.message : String(error)}`));
    return error instanceof UsageError ? 2 : 1;
  }
}
