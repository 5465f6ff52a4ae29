/** The CLI's output channels (stdout for results, stderr for diagnostics and a progress spinner); on a terminal every control character written is escaped, except the CLI's own colours and line breaks. */
import { randomBytes } from 'node:crypto';
import { lineSafe, terminalSafe } from './text-layout.ts';

/** SGR open and close parameters of each colour. */
const STYLES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;

/** The colour functions the CLI uses; identity functions unless colour is enabled for the stream. */
export type Colors = Record<keyof typeof STYLES, (text: string) => string>;

/** A writable text stream, as the CLI uses it: `isTTY` when it is a terminal. */
export interface TextStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** One output channel, as {@link channel} wraps a stream. */
export type Channel = ReturnType<typeof channel>;

/** The CLI's I/O: results on `out`, progress, notes and errors on `err`, and the environment (`DSH_HOME`, `NO_COLOR`). */
export interface Io {
  readonly out: Channel;
  readonly err: Channel;
  readonly env: NodeJS.ProcessEnv;
}

/** Whether to colour `stream`: only on a TTY, never with a non-empty `NO_COLOR` or `TERM=dumb`; `FORCE_COLOR` and `CI` never colour a pipe. */
export function colourEnabled(stream: TextStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb';
}

/** Colours that `paint` their text with the SGR parameters of each entry of {@link STYLES}. */
const colours = (paint: (text: string, open: number, close: number) => string): Colors =>
  Object.fromEntries(
    Object.entries(STYLES).map(([name, [open, close]]) => [name, (text: string) => paint(text, open, close)]),
  ) as unknown as Colors;

/**
 * One output channel. `write` writes part of a line, `line` a whole line, `lines` text the CLI laid out in lines
 * itself (a table, usage), `json` a value as indented JSON, `block` text from outside that spans lines (on a TTY behind a `│ ` gutter, so
 * none of its lines can pass for the CLI's own), `control` one of the CLI's own terminal sequences (TTY only).
 * On a TTY every other control character is shown as a visible escape and only the colours of `c` survive; off a
 * TTY text is written exactly and `c` does nothing.
 */
export function channel(stream: TextStream, env: NodeJS.ProcessEnv) {
  const tty = stream.isTTY === true;
  // Colours mark their text with an unguessable token instead of escape sequences, so that rendering can escape
  // every control character and still turn exactly these marks, and no look-alike from a session or a file, into SGR.
  const token = randomBytes(12).toString('hex');
  const mark = (code: number): string => `\u0000${token}:${code}\u0000`;
  const marks = new RegExp(`\u0000${token}:(\\d+)\u0000`);
  // A nested colour's close also ends this one, so the outer colour is reopened after it.
  const c = colourEnabled(stream, env)
    ? colours((text, open, close) => mark(open) + text.replaceAll(mark(close), mark(close) + mark(open)) + mark(close))
    : colours((text) => text);
  const render = (text: string, escape: (text: string) => string): string =>
    tty
      ? text
          .split(marks)
          .map((part, i) => (i % 2 === 0 ? escape(part) : `\u001b[${part}m`))
          .join('')
      : text;
  const gutter = render(c.dim('│ '), lineSafe);
  return {
    tty,
    c,
    write: (text: string) => void stream.write(render(text, lineSafe)),
    line: (text = '') => void stream.write(`${render(text, lineSafe)}\n`),
    lines: (text: string) => void stream.write(render(text, terminalSafe)),
    json: (value: unknown) => void stream.write(render(`${JSON.stringify(value, null, 2)}\n`, terminalSafe)),
    block: (text: string) =>
      void stream.write(
        tty
          ? text
              .split('\n')
              .map((part) => `${gutter}${render(part, lineSafe)}\n`)
              .join('')
          : `${text}\n`,
      ),
    control: (sequence: string) => {
      if (tty) stream.write(sequence);
    },
  };
}

/**
 * The process's own I/O. A write error on stdout ends the process: quietly with status 0 for `EPIPE` (the reader
 * went away, as `| head` does), else (`ENOSPC` on `/dev/full`, say) with one line on stderr and status 1; one on
 * stderr ends it the same way, without a report, since none could be read.
 */
export function processIo(): Io {
  const err = channel(process.stderr, process.env);
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      if (stream === process.stdout) err.line(`error: cannot write to standard output: ${error.message}`);
      process.exit(1);
    });
  }
  return { out: channel(process.stdout, process.env), err, env: process.env };
}

/** The spinner's frames. */
const FRAMES = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';

/** How long an operation runs before the spinner appears, so small homes never flash one. */
export const SPINNER_DELAY_MS = 400;

/** What a running operation may tell its spinner: a new label from the next frame on, e.g. with a count of what is done. */
export interface Progress {
  set(label: string): void;
}

/**
 * Runs `work` while, on a TTY, a spinner shows `label` (which `work` may change) and the elapsed time on `on`
 * (normally stderr), from {@link SPINNER_DELAY_MS} on; the line is erased when `work` settles. Off a TTY nothing
 * is written.
 */
export async function withProgress<T>(on: Channel, label: string, work: (progress: Progress) => Promise<T>): Promise<T> {
  const progress: Progress = { set: (next) => void (label = next) };
  if (!on.tty) return work(progress);
  const started = performance.now();
  let frame = 0;
  const draw = (): void => {
    on.control('\r\x1b[2K');
    on.write(
      `${on.c.cyan(FRAMES[frame++ % FRAMES.length] ?? '')} ${label} ${on.c.dim(`${((performance.now() - started) / 1000).toFixed(1)}s`)}`,
    );
  };
  let timer: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    draw();
    timer = setInterval(draw, 80).unref();
  }, SPINNER_DELAY_MS).unref();
  try {
    return await work(progress);
  } finally {
    clearTimeout(delay);
    // the interval starts right after the first frame, so a set timer means a line to erase
    if (timer !== undefined) {
      clearInterval(timer);
      on.control('\r\x1b[2K');
    }
  }
}
