/** The prepare bench's fixture: the sources it measures, written once through a real host per log encoding and cached under `.bench/`, and the fresh hosts that read them. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootHost, writeSession } from '../test/support/host.ts';
import type { Host, SessionItem } from '../test/support/host.ts';
import { SessionReferenceResolver } from '../src/plugin.ts';
import { MIXED_WORDS as WORDS, rng, wordText } from './rng.ts';

const FIXTURE_VERSION = 'prepare-v1';
export const BUDGET = 65_536;
const KiB = 1024;
export const MiB = 1024 * KiB;
export const ITERATIONS = positiveInt(process.env.BENCH_PREPARE_ITER, 5);
export const WARMUP = positiveInt(process.env.BENCH_PREPARE_WARMUP, 1);

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

export interface SourceSpec {
  id: string;
  name: string;
  /** Number of user/assistant messages (~1 KiB each), or undefined for a single-message source. */
  messages?: number;
  /** Size of the single user message, in UTF-8 bytes. */
  singleBytes?: number;
}

export const SOURCES: SourceSpec[] = [
  { id: 'bench-msgs-100', name: '100 × ~1 KB', messages: 100 },
  { id: 'bench-msgs-1000', name: '1k × ~1 KB', messages: 1_000 },
  { id: 'bench-msgs-10000', name: '10k × ~1 KB', messages: 10_000 },
  { id: 'bench-single-1mb', name: '1 × 1 MB', singleBytes: MiB },
  { id: 'bench-single-10mb', name: '1 × 10 MB', singleBytes: 10 * MiB },
];

export const ENCODINGS = [
  { name: 'zstd', compression: undefined },
  { name: 'none', compression: 'none' as const },
];
export type Encoding = (typeof ENCODINGS)[number];

/** Written source facts, cached with the fixture. */
interface SourceFacts {
  /** UTF-8 bytes of all message texts (user, assistant, tool call text and tool results). */
  textBytes: number;
  /** UTF-8 bytes of the texts prepare projects (user + assistant text). */
  projectedBytes: number;
  /** Projected messages. */
  projectedMessages: number;
  /** Items written (tool calls included). */
  items: number;
  /** Bytes of the stored log file, per encoding. */
  fileBytes: Record<string, number>;
}
export type Manifest = { version: string; sources: Record<string, SourceFacts> };

// ---------------------------------------------------------------- fixture

function sourceItems(spec: SourceSpec): SessionItem[] {
  const random = rng(spec.messages ?? spec.singleBytes ?? 1);
  if (spec.singleBytes !== undefined) return [{ kind: 'user', text: wordText(random, WORDS, spec.singleBytes) }];
  const items: SessionItem[] = [];
  for (let i = 0; i < spec.messages!; i++) {
    items.push(
      i % 2 === 0 ? { kind: 'user', text: wordText(random, WORDS, 1000) } : { kind: 'assistant', text: wordText(random, WORDS, 1000) },
    );
    // A tool call (assistant tool-call message + tool result) after every 10th message.
    if (i % 10 === 9) {
      items.push({ kind: 'tool', name: 'read', args: { path: `/work/file-${i}.ts` }, result: wordText(random, WORDS, 500) });
    }
  }
  return items;
}

function itemFacts(items: readonly SessionItem[]): Omit<SourceFacts, 'fileBytes'> {
  let textBytes = 0;
  let projectedBytes = 0;
  let projectedMessages = 0;
  for (const item of items) {
    if (item.kind === 'user' || (item.kind === 'assistant' && item.text !== undefined)) {
      const bytes = Buffer.byteLength(item.text!);
      textBytes += bytes;
      projectedBytes += bytes;
      projectedMessages++;
    } else if (item.kind === 'tool') {
      textBytes += Buffer.byteLength(item.result);
    }
  }
  return { textBytes, projectedBytes, projectedMessages, items: items.length };
}

function largestFile(dir: string): number {
  let largest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) largest = Math.max(largest, statSync(join(entry.parentPath, entry.name)).size);
  }
  return largest;
}

export function hostOptions(root: string, encoding: Encoding, spillRoot?: string) {
  return {
    root,
    ...(encoding.compression === undefined ? {} : { compression: encoding.compression }),
    query: 'nosearch' as const,
    llm: false,
    agentLoop: false,
    invariants: false,
    ...(spillRoot === undefined ? {} : { spillRoot }),
  };
}

const FIXTURE_DIR = join(import.meta.dirname, '..', '.bench', `prepare-fixture-${FIXTURE_VERSION}`);
export const rootOf = (encoding: Encoding): string => join(FIXTURE_DIR, encoding.name);

/** Writes every source once per encoding (one writing host per encoding, then disposed). */
async function buildFixture(): Promise<Manifest> {
  rmSync(FIXTURE_DIR, { recursive: true, force: true });
  const manifest: Manifest = { version: FIXTURE_VERSION, sources: {} };
  for (const spec of SOURCES) {
    const items = sourceItems(spec);
    const facts: SourceFacts = { ...itemFacts(items), fileBytes: {} };
    for (const encoding of ENCODINGS) {
      const root = join(rootOf(encoding), spec.id);
      // One root per source, so the file size is easy to read and listings stay equal across sources.
      mkdirSync(root, { recursive: true });
      const host = await bootHost(hostOptions(root, encoding));
      try {
        await writeSession(host, { id: spec.id, cwd: '/work/bench', items });
      } finally {
        await host.dispose();
      }
      facts.fileBytes[encoding.name] = largestFile(root);
    }
    manifest.sources[spec.id] = facts;
    console.error(`  wrote ${spec.id} (${facts.items} items)`);
  }
  writeFileSync(join(FIXTURE_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

export async function loadFixture(): Promise<Manifest> {
  if (process.env.BENCH_PREPARE_REBUILD !== '1') {
    try {
      const manifest = JSON.parse(readFileSync(join(FIXTURE_DIR, 'manifest.json'), 'utf8')) as Manifest;
      if (manifest.version === FIXTURE_VERSION && SOURCES.every((s) => manifest.sources[s.id] !== undefined)) return manifest;
    } catch {
      // missing or unreadable: rebuild
    }
  }
  console.error(`building fixture in ${FIXTURE_DIR} …`);
  const t0 = performance.now();
  const manifest = await buildFixture();
  console.error(`fixture built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return manifest;
}

/** A fresh host reading the fixture, with the resolver mounted on it (and a spill root when asked). */
export interface Reader {
  host: Host;
  resolver: SessionReferenceResolver;
  spillRoot?: string;
}

export async function bootReader(encoding: Encoding, spec: SourceSpec, spill: boolean): Promise<Reader> {
  const spillRoot = spill ? mkdtempSync(join(tmpdir(), 'prepare-bench-spill-')) : undefined;
  const host = await bootHost(hostOptions(join(rootOf(encoding), spec.id), encoding, spillRoot));
  try {
    await host.ctx.plugin(SessionReferenceResolver, { maxReferenceBytes: BUDGET });
    const resolver = host.ctx.get('sessionReferenceResolver');
    if (resolver === undefined) throw new Error('sessionReferenceResolver did not mount');
    return { host, resolver, ...(spillRoot === undefined ? {} : { spillRoot }) };
  } catch (error) {
    await host.dispose();
    throw error;
  }
}

export async function closeReader(reader: Reader): Promise<void> {
  await reader.host.dispose();
  if (reader.spillRoot !== undefined) rmSync(reader.spillRoot, { recursive: true, force: true });
}

/** Empties a spill root between samples (untimed) so saved transcripts do not pile up. */
export function clearSpill(reader: Reader): void {
  if (reader.spillRoot === undefined) return;
  for (const entry of readdirSync(reader.spillRoot)) rmSync(join(reader.spillRoot, entry), { recursive: true, force: true });
}
