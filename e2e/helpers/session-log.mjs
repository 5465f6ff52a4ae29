// Read a DSH JSONL session log as the tests need it: the header line plus every
// event, in order. A `.jsonl.zstd` log is a sequence of independent Zstandard
// frames (one per durable batch); node:zlib's one-shot decoder stops after the
// first frame, so this walks the frame structure (RFC 8878 §3.1.1) to find each
// frame's end and decodes the frames one by one.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { parseJson } from './json.mjs';

/**
 * The lines of a session log, as far as the tests read them. The first line is
 * the header (`type: 'session'`); every other line is an event with its `data`.
 * @typedef {{ type: 'session', id: string, createdAt: number, cwd?: string }} LogHeader
 * @typedef {{ type: string, text?: string }} ContentBlock
 * @typedef {{ kind?: string, references?: { sessionId: string }[] }} MessageSource
 * @typedef {{ content?: ContentBlock[], source?: MessageSource, title?: string }} EventData
 * @typedef {{ type: string, data?: EventData }} LogLine
 * @typedef {{ id: string, cwd: string | undefined, createdAt: number, path: string }} SessionLog
 */

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;

/**
 * Byte ranges of the complete frames in `buffer`; a torn tail is ignored.
 * @param {Buffer} buffer
 */
export function zstdFrames(buffer) {
  /** @type {[number, number][]} */
  const frames = [];
  let offset = 0;
  while (buffer.length - offset >= 8) {
    const start = offset;
    const magic = buffer.readUInt32LE(offset);
    if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
      offset += 8 + buffer.readUInt32LE(offset + 4);
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw new Error(`not a Zstandard frame at byte ${String(offset)}`);
    offset += 4;
    const descriptor = buffer.readUInt8(offset);
    offset += 1;
    const sizeFlag = descriptor >>> 6;
    const singleSegment = (descriptor & 0x20) !== 0;
    const checksum = (descriptor & 0x04) !== 0;
    const dictFlag = descriptor & 0x03;
    const dictBytes = [0, 1, 2, 4][dictFlag] ?? 0;
    const sizeBytes = sizeFlag === 0 ? (singleSegment ? 1 : 0) : ([0, 2, 4, 8][sizeFlag] ?? 0);
    offset += (singleSegment ? 0 : 1) + dictBytes + sizeBytes;
    let last = false;
    while (!last) {
      if (buffer.length - offset < 3) return frames;
      const header = buffer.readUIntLE(offset, 3);
      offset += 3;
      last = (header & 1) === 1;
      const type = (header >>> 1) & 3;
      const size = header >>> 3;
      offset += type === 1 ? 1 : size;
    }
    if (checksum) offset += 4;
    if (offset > buffer.length) return frames;
    frames.push([start, offset]);
  }
  return frames;
}

/**
 * Every JSON line of one session log file (`.jsonl` or `.jsonl.zstd`).
 * @param {string} path
 * @returns {LogLine[]}
 */
export function readLogFile(path) {
  const bytes = readFileSync(path);
  let text;
  if (path.endsWith('.zstd')) {
    text = zstdFrames(bytes)
      .map(([start, end]) => zstdDecompressSync(bytes.subarray(start, end)).toString('utf8'))
      .join('');
  } else {
    text = bytes.toString('utf8');
  }
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => /** @type {LogLine} */ (parseJson(line)));
}

/**
 * Every session log under `<home>/sessions`: `{ id, cwd, createdAt, path }`
 * from each log's header line.
 * @param {string} home
 */
export function listSessionLogs(home) {
  const root = join(home, 'sessions');
  /** @type {SessionLog[]} */
  const found = [];
  /**
   * @param {string} dir
   * @param {number} depth
   */
  const walk = (dir, depth) => {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (/^session\.jsonl(\.zstd)?$/.test(name)) {
        const header = /** @type {LogHeader} */ (readLogFile(path)[0]);
        found.push({ id: header.id, cwd: header.cwd, createdAt: header.createdAt, path });
      } else if (depth < 4 && statSync(path).isDirectory()) {
        walk(path, depth + 1);
      }
    }
  };
  walk(root, 0);
  return found.sort((a, b) => a.createdAt - b.createdAt);
}
