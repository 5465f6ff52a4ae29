/** The `dsh-session-ref` command line: commander wiring, the exit-status contract and error reporting. */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_REFERENCE_CONTEXT_FRACTION } from '../config.ts';
import { isSessionReferenceError } from '../errors.ts';
import { count } from './text-layout.ts';
import { decodeUtf8Exactly, DEFAULT_MAX_INPUT_BYTES, readBoundedBytes, readBoundedText } from './input.ts';
import type { Io } from './output-channel.ts';
import { formatSessionReferenceMention } from '../mentions/uri.ts';
import { resolveCwd, resolveHome, UsageError } from './command-args.ts';
import { runTranscript } from './transcript-command.ts';

/** Exit statuses. */
export const ExitStatus = {
  /** The command did its job. */
  OK: 0,
  /** A `SessionReferenceError` (its code and message on stderr), or another runtime failure. */
  FAILED: 1,
  /** Bad usage: unknown command or option, a missing or malformed argument. */
  USAGE: 2,
} as const;

function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function positiveInteger(value: string): number {
  const n = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer.');
  return n;
}

const HOME_HELP = 'DSH home to read, which must exist (default: $DSH_HOME, else ~/.dsh)';
const CWD_HELP = 'working directory the citing session claims, for ranking; symlinks are resolved (default: the current directory)';

/** `--home` and `--cwd` as the home-reading commands take them. */
interface HomeFlags {
  home?: string;
  cwd?: string;
}

function homeCommand(command: Command): Command {
  return command.option('--home <dir>', HOME_HELP).option('--cwd <dir>', CWD_HELP);
}

/** The home and cwd the flags name; an empty `--home` is a usage error. */
function homeOf(io: Io, flags: HomeFlags): { home: string; cwd: string } {
  return { home: resolveHome(flags.home, io.env), cwd: resolveCwd(flags.cwd) };
}

function maxInputOption(): Option {
  return new Option('--max-input-bytes <n>', 'largest file or stdin read, in bytes; a larger input exits 1')
    .argParser(positiveInteger)
    .default(DEFAULT_MAX_INPUT_BYTES, `${count(DEFAULT_MAX_INPUT_BYTES)}, 64 MiB`);
}

/** Builds the program; actions write through `io`. */
export function buildProgram(io: Io): Command {
  const program = new Command('dsh-session-ref');
  program
    .description(
      'Inspect, preview and debug cross-session references (ctx.sessionReferenceResolver) against a DSH home, ' +
        'without starting a model. Never writes to <home>/sessions.',
    )
    .version(packageVersion(), '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out.lines(text),
      writeErr: (text) => io.err.lines(text),
      outputError: (text, write) => write(io.err.c.red(text)),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nExit status: 0 on success, 1 on a SessionReferenceError (its code and message on stderr) or another\n' +
        'failure, 2 on a usage error.\n\nStart with: dsh-session-ref demo',
    );

  homeCommand(program.command('candidates'))
    .description('list the sessions the @ menu offers, as a host would show them')
    .argument('[query]', 'filter: case-insensitive text in the title, id or cwd, or (full-text search) what was said')
    .option('--limit <n>', 'most candidates to list (default: 50)', positiveInteger)
    .option('--json', 'print the array of candidates, each with its mention')
    .addHelpText('after', '\nExamples:\n  dsh-session-ref candidates\n  dsh-session-ref candidates billing --cwd ~/projects/atlas --json')
    .action(async (query: string | undefined, options: HomeFlags & { limit?: number; json?: boolean }) => {
      const { runCandidates } = await import('./candidates-command.ts');
      await runCandidates(io, { ...homeOf(io, options), query: query ?? '', limit: options.limit, json: options.json === true });
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
        const home = resolveHome(options.home, io.env);
        const { sessionLabel } = await import('./candidates-command.ts');
        label = await sessionLabel(io, home, sessionId);
      }
      io.out.line(formatSessionReferenceMention({ sessionId, label }));
    });

  type PreviewFlags = HomeFlags & { maxBytes?: number; contextWindow?: number; spill: boolean; maxInputBytes: number; json?: boolean };
  homeCommand(program.command('preview'))
    .description('prepare the mentions in a message against the home and print what the model would get')
    .argument('<text>', 'the message with @[label](dsh-session:…) mentions or bare dsh-session: URIs; - reads stdin')
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
      const home = homeOf(io, options);
      const message = text === '-' ? await readBoundedText('-', options.maxInputBytes) : text;
      const { runPreview } = await import('./preview-command.ts');
      await runPreview(io, {
        ...home,
        text: message,
        maxBytes: options.maxBytes,
        contextWindow: options.contextWindow,
        spill: options.spill,
        json: options.json === true,
      });
    });

  type TranscriptFlags = { message?: number; grep?: string; json?: boolean; allowUnterminated?: boolean; maxInputBytes: number };
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
      runTranscript(io, {
        text: decodeUtf8Exactly(await readBoundedBytes(file, options.maxInputBytes), 'transcript'),
        message: options.message,
        grep: options.grep,
        json: options.json === true,
        allowUnterminated: options.allowUnterminated === true,
        maxBytes: options.maxInputBytes,
      });
    });

  program
    .command('demo')
    .description('build a small demo home in a temp directory and show candidates and a preview on it')
    .option('--dir <dir>', 'build the demo home here (absent or empty) instead of a fresh temp directory')
    .option('--clean', 'remove the demo home at the end')
    .addHelpText('after', '\nNeeds no network, model or key, and never reads or writes ~/.dsh. `npm start` runs it.')
    .action(async (options: { dir?: string; clean?: boolean }) => {
      const { runDemo } = await import('./demo.ts');
      await runDemo(io, { ...(options.dir === undefined ? {} : { dir: options.dir }), clean: options.clean === true });
    });

  return program;
}

/**
 * Runs the CLI on `argv` (without the node and script paths) and returns the exit status: 0 on success, 1 on a
 * `SessionReferenceError` (code and message on stderr) or another failure, 2 on a usage error.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitStatus.OK;
  } catch (error) {
    const c = io.err.c;
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? ExitStatus.OK : ExitStatus.USAGE;
    }
    if (error instanceof UsageError) {
      io.err.line(c.red(`error: ${error.message}`));
      return ExitStatus.USAGE;
    }
    if (isSessionReferenceError(error)) {
      io.err.line(`${c.red(c.bold(error.code))}: ${error.message}`);
      return ExitStatus.FAILED;
    }
    io.err.line(c.red(`error: ${error instanceof Error ? error.message : String(error)}`));
    return ExitStatus.FAILED;
  }
}
