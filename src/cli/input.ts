/** Reads a file or stdin, streaming, stopping at a byte cap before holding more than it in memory; decodes a transcript's bytes as UTF-8 exactly. */
import { isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';
import { entryKind } from '../session-index/entry-kind.ts';
import { count } from './text-layout.ts';

/** Default `--max-input-bytes`: 64 MiB. */
export const DEFAULT_MAX_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * Reads `path` (`-` for stdin, else a regular file, opened without blocking: a FIFO, a socket, a device or a
 * directory is refused) chunk by chunk, and rejects (exit status 1) as soon as more than `maxBytes` bytes have
 * arrived; the stream is then destroyed, so memory stays near `maxBytes`.
 */
export async function readBoundedBytes(path: string, maxBytes: number): Promise<Buffer> {
  let stream: NodeJS.ReadableStream = process.stdin;
  if (path !== '-') {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new Error(`${path} is ${entryKind(info)}, not a regular file; pass - to read standard input`);
    } catch (error) {
      await handle.close();
      throw error;
    }
    stream = handle.createReadStream();
  }
  const parts: Buffer[] = [];
  let total = 0;
  // Leaving the loop early (the throw) destroys the stream.
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > maxBytes) {
      const what = path === '-' ? 'stdin' : path;
      throw new Error(`${what} is larger than --max-input-bytes (${count(maxBytes)} bytes); pass a larger --max-input-bytes to read it`);
    }
    parts.push(buffer);
  }
  return Buffer.concat(parts, total);
}

/** The offset of the first byte of `bytes` that does not start or continue a well-formed UTF-8 sequence; -1 when none. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i + k;
    }
    i += length;
  }
  return -1;
}

/**
 * `bytes` decoded as UTF-8 exactly (a byte-order mark kept as U+FEFF), for a reader that promises the exact text:
 * an invalid sequence rejects with `SESSION_REFERENCE_INVALID_REFERENCE` naming the offset of the first bad byte.
 * @param what - what the bytes are, for the message (`transcript`).
 */
export function decodeUtf8Exactly(bytes: Buffer, what: string): string {
  if (isUtf8(bytes)) return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const offset = invalidUtf8Offset(bytes);
  const byte = bytes[offset];
  const shown = byte === undefined ? 'the end of the input' : `0x${byte.toString(16).padStart(2, '0')}`;
  throw new SessionReferenceError(
    `invalid ${what}: not valid UTF-8 at byte offset ${offset} (${shown}); the file is not read as it was written`,
    SessionReferenceErrorCode.INVALID_REFERENCE,
  );
}
