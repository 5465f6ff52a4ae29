/** A stderr spinner shown only on a TTY, and only once an operation has taken long enough to be worth one. */
import type { Channel } from './output-channel.ts';

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
 * @param channel - normally stderr.
 * @param label - what is happening, e.g. `reading sessions in ~/.dsh`; `work` may change it.
 * @param work - the operation.
 */
export async function withProgress<T>(channel: Channel, label: string, work: (progress: Progress) => Promise<T>): Promise<T> {
  const progress: Progress = { set: (next) => void (label = next) };
  if (!channel.tty) return work(progress);
  const started = performance.now();
  let frame = 0;
  let shown = false;
  const draw = (): void => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    channel.control('\r\x1b[2K');
    channel.write(`${channel.c.cyan(FRAMES[frame++ % FRAMES.length]!)} ${label} ${channel.c.dim(`${seconds}s`)}`);
    shown = true;
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
    if (timer !== undefined) clearInterval(timer);
    if (shown) channel.control('\r\x1b[2K');
  }
}
