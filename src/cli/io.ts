/** The CLI's output channels: stdout for results, stderr for diagnostics; on a terminal every control character written is escaped, except the CLI's own colours. */
import { randomBytes } from 'node:crypto';
import { terminalSafe } from './format.ts';

/** The colour functions the CLI uses; identity functions unless colour is enabled for the stream. */
export interface Colors {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** SGR open and close parameters of each colour. */
const STYLES: Record<keyof Colors, readonly [open: number, close: number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

/** A writable text stream, as the CLI uses it. */
export interface TextStream {
  /** Writes a chunk. */
  write(chunk: string): unknown;
  /** True when the stream is a terminal. */
  isTTY?: boolean;
  /** Terminal width, when a terminal. */
  columns?: number;
}

/** One output channel: its stream, whether it is a terminal, and colours that are no-ops off a TTY. */
export interface Channel {
  /** The underlying stream. */
  readonly stream: TextStream;
  /** Whether the stream is a terminal. */
  readonly tty: boolean;
  /** Colour functions; identity functions unless colour is enabled for this stream. */
  readonly c: Colors;
  /**
   * Writes text. On a TTY every control character in it (escape sequences, C1 controls, bidi overrides,
   * carriage returns) is shown as a visible escape, whatever its origin; only the colours `c` added survive.
   * Off a TTY the text is written exactly.
   */
  write(text: string): void;
  /** {@link write} with a newline. */
  line(text?: string): void;
  /** Writes one of the CLI's own terminal control sequences (the spinner's line erase) as it is. */
  control(sequence: string): void;
}

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
const PLAIN: Colors = { bold: identity, dim: identity, red: identity, green: identity, yellow: identity, cyan: identity };

/**
 * Colours that mark their text with an unguessable per-channel token instead of escape sequences, so
 * the channel can escape every control character in what it writes and still turn exactly these marks,
 * and no look-alike from a session or a file, into SGR sequences.
 */
function markedColors(): { c: Colors; render: (text: string) => string } {
  const token = randomBytes(12).toString('hex');
  const mark = (code: number): string => `\u0000${token}:${code}\u0000`;
  const colour = ([open, close]: readonly [number, number]) => {
    const [start, end] = [mark(open), mark(close)];
    // A nested colour's close also ends this one, so the outer colour is reopened after it.
    return (text: string): string => start + text.replaceAll(end, end + start) + end;
  };
  const c = Object.fromEntries(Object.entries(STYLES).map(([name, codes]) => [name, colour(codes)])) as unknown as Colors;
  const marks = new RegExp(`\u0000${token}:(\\d+)\u0000`);
  return {
    c,
    render(text) {
      const parts = text.split(marks);
      let out = '';
      for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? terminalSafe(parts[i]!) : `\u001b[${parts[i]}m`;
      return out;
    },
  };
}

/** Wraps a stream as a {@link Channel}. */
export function channel(stream: TextStream, env: NodeJS.ProcessEnv): Channel {
  const tty = stream.isTTY === true;
  const coloured = colourEnabled(stream, env) ? markedColors() : undefined;
  const render = coloured?.render ?? (tty ? terminalSafe : identity);
  const write = (text: string): void => void stream.write(render(text));
  return {
    stream,
    tty,
    c: coloured?.c ?? PLAIN,
    write,
    line(text = '') {
      write(`${text}\n`);
    },
    control(sequence) {
      if (tty) stream.write(sequence);
    },
  };
}

/** The process's own I/O. */
export function processIo(): Io {
  return { out: channel(process.stdout, process.env), err: channel(process.stderr, process.env), env: process.env };
}
