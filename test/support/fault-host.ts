/** The host a fault matrix runs on: three long sources that every prepare truncates and saves, unhandled rejections recorded per case, and a tally printed at the end. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { SOURCES } from './faults.ts';
import { bootHost, writeSession } from './host.ts';
import type { Host } from './host.ts';

/** Context window of the test adapter: the automatic budget is 100 000 × 4 × 0.2 = 80 000 bytes per source. */
const CONTEXT_WINDOW = 100_000;
/** Each source is about 3 × 30 KB of text, so every source is truncated and every prepare saves three transcripts. */
const sourceItems = (n: number) => [
  { kind: 'user' as const, text: `question ${n} ` + 'q'.repeat(30_000) },
  { kind: 'assistant' as const, text: `answer ${n} ` + 'a'.repeat(30_000) },
  { kind: 'user' as const, text: `follow-up ${n} ` + 'f'.repeat(30_000) },
];

/** What the cases of a fault matrix share. */
export interface FaultHost {
  /** The booted host (set once the file's `beforeAll` ran). */
  host: Host;
  /** Unhandled rejections seen during the current case. */
  readonly unhandled: unknown[];
  /** Cases attempted and passed, and faults that fired. */
  readonly tally: { attempted: number; passed: number; faults: number };
  /** Agents to dispose after the current case. */
  readonly handles: { dispose(): Promise<void> }[];
  /** Watchers to stop after the current case. */
  readonly stops: (() => void)[];
  /** A fresh target session id. */
  nextTarget(): string;
}

/** Registers the file's hooks for the fault matrix named `name` and returns what its cases share. */
export function useFaultHost(name: string): FaultHost {
  let tmp = '';
  let serial = 0;
  const onUnhandled = (reason: unknown) => {
    shared.unhandled.push(reason);
  };
  const shared: FaultHost = {
    host: undefined as unknown as Host,
    unhandled: [],
    tally: { attempted: 0, passed: 0, faults: 0 },
    handles: [],
    stops: [],
    nextTarget: () => `target-${serial++}`,
  };
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'dsh-sref-faults-'));
    shared.host = await bootHost({ root: join(tmp, 'sessions'), spillRoot: join(tmp, 'spill'), contextWindow: CONTEXT_WINDOW });
    for (const [n, id] of SOURCES.entries()) await writeSession(shared.host, { id, cwd: '/w', items: sourceItems(n) });
  });
  afterAll(async () => {
    await shared.host.dispose();
    await rm(tmp, { recursive: true, force: true });
    const { attempted, passed, faults } = shared.tally;
    console.info(`${name} fault matrix: ${attempted} cases, ${faults} faults injected, ${attempted - passed} violations`);
  });
  beforeEach(() => {
    shared.unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    for (const stop of shared.stops.splice(0)) stop();
    await Promise.all(shared.handles.splice(0).map((handle) => handle.dispose()));
  });
  return shared;
}
