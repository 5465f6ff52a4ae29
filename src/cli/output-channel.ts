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

/** The CLI's I/O: results on `out`, diagnostics on `err`. */
export interface Io {
  /** Standard output: command results. */
  readonly out: Channel;
  /** Standard error: progress, notes, errors. */
  readonly err: Channel;
  /** The environment (for `DSH_HOME`, `NO_COLOR`). */
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Whether to colour `stream`: only on a TTY, never when `NO_COLOR` is set to a non-empty value or `TERM` is `dumb`.
 * `FORCE_COLOR` and `CI` deliberately do not turn colour on for a pipe.
 */
export function colourEnabled(stream: TextStream, env: NodeJS.ProcessEnv): boolean {
  if (stream.isTTY !== true) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.TERM !== 'dumb';
}

const identity = (text: string): string => text;
const PLAIN = Object.fromEntries(Object.keys(STYLES).map((name) => [name, identity])) as Colors;

/**
 * Colours that mark their text with an unguessable per-channel token instead of escape sequences, so
 * the channel can escape every control character in what it writes and still turn exactly these marks,
 * and no look-alike from a session or a file, into SGR sequences.
 */
function markedColors(): { c: Colors; render: (text: string, escape: (text: string) => string) => string } {
  const token = randomBytes(12).toString('hex');
  const mark = (code: number): string => `\u0000${token}:${code}\u0000`;
  const colour = ([open, close]: readonly [number, number]): ((text: string) => string) => {
    const [start, end] = [mark(open), mark(close)];
    // A nested colour's close also ends this one, so the outer colour is reopened after it.
    return (text: string): string => start + text.replaceAll(end, end + start) + end;
  };
  const c = Object.fromEntries(Object.entries(STYLES).map(([name, codes]) => [name, colour(codes)])) as unknown as Colors;
  const marks = new RegExp(`\u0000${token}:(\\d+)\u0000`);
  return {
    c,
    render(text, escape) {
      const parts = text.split(marks);
      let out = '';
      parts.forEach((part, i) => (out += i % 2 === 0 ? escape(part) : `\u001b[${part}m`));
      return out;
    },
  };
}

/**
 * One output channel: whether it is a terminal, and colours that are no-ops unless colour is enabled. Text is
 * written by `write` (part of one line), `line` (a whole line, then the CLI's own line break), `lines` (text the
 * CLI laid out in lines itself: a table, a heading, JSON, usage; its newlines stay) and `block` (text from
 * outside that spans lines, such as a message body; on a TTY each of its lines is shown behind a `│ ` gutter so
 * none can pass for a line of the CLI's own). On a TTY every other control character, whatever its origin, is
 * shown as a visible escape and only the colours `c` added survive; off a TTY text is written exactly. `control`
 * writes one of the CLI's own terminal sequences (the spinner's line erase) on a TTY only.
 */
export function channel(stream: TextStream, env: NodeJS.ProcessEnv) {
  const tty = stream.isTTY === true;
  const coloured = colourEnabled(stream, env) ? markedColors() : undefined;
  const render = (text: string, escape: (text: string) => string): string => {
    if (coloured !== undefined) return coloured.render(text, escape);
    return tty ? escape(text) : text;
  };
  const c = coloured?.c ?? PLAIN;
  const gutter = render(c.dim('│ '), lineSafe);
  const gutterLine = (part: string): string => `${gutter}${render(part, lineSafe)}\n`;
  return {
    tty,
    c,
    write: (text: string) => void stream.write(render(text, lineSafe)),
    line: (text = '') => void stream.write(`${render(text, lineSafe)}\n`),
    lines: (text: string) => void stream.write(render(text, terminalSafe)),
    block: (text: string) => void stream.write(tty ? text.split('\n').map(gutterLine).join('') : `${text}\n`),
    control: (sequence: string): void => {
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
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** How long an operation runs before the spinner appears, so small homes never flash one. */
export const SPINNER_DELAY_MS = 400;

/** What a running operation may tell its spinner. */
export interface Progress {
  /** Replaces the label from the next frame on, e.g. with a count of what is done. */
  set(label: string): void;
}

/**
 * Runs `work` while showing a label with a spinner and the elapsed time on `channel`, when it is a TTY; the line
 * is erased when `work` settles. Off a TTY nothing is written.
 * @param on - the channel, normally stderr.
 * @param label - what is happening, e.g. `reading sessions in ~/.dsh`; `work` may change it.
 * @param work - the operation.
 */
export async function withProgress<T>(on: Channel, label: string, work: (progress: Progress) => Promise<T>): Promise<T> {
  const progress: Progress = { set: (next) => void (label = next) };
  if (!on.tty) return work(progress);
  const started = performance.now();
  let frame = 0;
  const draw = (): void => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    on.control('\r\x1b[2K');
    on.write(`${on.c.cyan(FRAMES[frame++ % FRAMES.length] ?? '')} ${label} ${on.c.dim(`${seconds}s`)}`);
  };
  let timer: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    draw();
    timer = setInterval(draw, 80);
    timer.unref();
  }, SPINNER_DELAY_MS);
  delay.unref();
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
