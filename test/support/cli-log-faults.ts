/** Bad session logs for the CLI and log-reader tests: random bytes, and a Zstandard bomb behind a valid header frame. */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { constants, createZstdCompress, zstdCompressSync } from 'node:zlib';

/** The inflated size of the bomb {@link zstdBomb} writes by default: 1.5 GB of zeros, about 48 KB on disk. */
export const BOMB_INFLATED_BYTES = 1536 * 1024 * 1024;

/** Writes `bytes` random bytes at `path`, in place of a log. */
export async function writeRandomLog(path: string, bytes = 4096): Promise<void> {
  await writeFile(path, randomBytes(bytes));
}

/**
 * Writes at `path` a zstd log whose first frame is a valid header of session `id` (in `cwd`, so that the host's
 * listing takes it) and whose second frame inflates to `inflated` zero bytes, compressed while streamed so that the
 * test never holds the inflated text.
 */
export async function writeZstdBomb(path: string, id: string, options: { cwd?: string; inflated?: number } = {}): Promise<number> {
  const inflated = options.inflated ?? BOMB_INFLATED_BYTES;
  const checksummed = { [constants.ZSTD_c_checksumFlag]: 1 };
  const line = `${JSON.stringify({ type: 'session', version: 0, id, createdAt: 1, cwd: options.cwd, delegationDepth: 0 })}\n`;
  const header = zstdCompressSync(line, { params: checksummed });
  const compressor = createZstdCompress({ params: { ...checksummed, [constants.ZSTD_c_compressionLevel]: 19 } });
  const parts: Buffer[] = [];
  compressor.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((done, fail) => compressor.on('end', done).on('error', fail));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let left = inflated; left > 0; left -= zeros.length) {
    if (!compressor.write(zeros.subarray(0, Math.min(left, zeros.length)))) await new Promise((done) => compressor.once('drain', done));
  }
  compressor.end();
  await ended;
  const bomb = Buffer.concat([header, ...parts]);
  await writeFile(path, bomb);
  return bomb.length;
}
