/** Reads a file or stdin as UTF-8 text, streaming, and stops at a byte cap before holding more than it in memory. */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { count } from './format.ts';

/** Default `--max-input-bytes`: 64 MiB. */
export const DEFAULT_MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The input is larger than `--max-input-bytes` (exit status 1). */
export class InputTooLargeError extends Error {
  override readonly name = 'InputTooLargeError';
}

/**
 * Reads `path` (`-` for `stdin`) as UTF-8, chunk by chunk, and rejects with {@link InputTooLargeError} as soon as
 * more than `maxBytes` bytes have arrived; the stream is then destroyed, so at most one chunk past the cap is
 * ever read and memory stays near `maxBytes`.
 */
export async function readBoundedText(path: string, maxBytes: number, stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const stream = path === '-' ? stdin : createReadStream(path);
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  let total = 0;
  // Leaving the loop early (the throw) destroys the stream.
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buffer.length;
    if (total > maxBytes) {
      const what = path === '-' ? 'stdin' : path;
      throw new InputTooLargeError(
        `${what} is larger than --max-input-bytes (${count(maxBytes)} bytes); pass a larger --max-input-bytes to read it`,
      );
    }
    parts.push(decoder.write(buffer));
  }
  parts.push(decoder.end());
  return parts.join('');
}
