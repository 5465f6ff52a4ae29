/** The CLI's output channels: stdout for results, stderr for diagnostics, each with its own TTY-aware colours. */
import pc from 'picocolors';

/** picocolors' colour functions. */
export type Colors = ReturnType<typeof pc.createColors>;

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
  /** Writes text as is. */
  write(text: string): void;
  /** Writes text and a newline. */
  line(text?: string): void;
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

/** Wraps a stream as a {@link Channel}. */
export function channel(stream: TextStream, env: NodeJS.ProcessEnv): Channel {
  const tty = stream.isTTY === true;
  return {
    stream,
    tty,
    c: pc.createColors(colourEnabled(stream, env)),
    write(text) {
      stream.write(text);
    },
    line(text = '') {
      stream.write(`${text}\n`);
    },
  };
}

/** The process's own I/O. */
export function processIo(): Io {
  return { out: channel(process.stdout, process.env), err: channel(process.stderr, process.env), env: process.env };
}
