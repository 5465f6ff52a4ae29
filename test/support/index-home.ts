/** A real host over a home whose session index a fault matrix breaks: the index folder, a victim folder outside it whose files must never change, a child process that holds the index locked, and what the file holds. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, lstatSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import SessionReferenceResolver from '../../src/index.ts';
import type { SessionReferenceCandidate } from '../../src/types.ts';
import { sqlite } from '../../src/session-index/sqlite.ts';
import { bootHost, createTargetAgent, runTurn, writeSession } from './host.ts';
import type { Host } from './host.ts';

/** The stored sessions every home starts with. */
export const STORED_IDS = ['alpha', 'beta'] as const;

/** One home under test. */
export interface IndexHome {
  /** The temporary root (removed by `dispose`). */
  readonly root: string;
  /** The folder of the index (the home's storage area). */
  readonly folder: string;
  /** The index file. */
  readonly path: string;
  /** A folder outside the index folder that symbolic links point into; its files must never change. */
  readonly victim: string;
  /** The host (booted by `boot`). */
  host: Host;
  /** Messages the plugin logged as warnings. */
  readonly warnings: string[];
  /** Boots the host over the sessions and writes the stored ones (the plugin is not loaded yet). */
  boot(): Promise<void>;
  /** Loads the plugin with the index at `path`; it must not reject. */
  load(): Promise<void>;
  /** Disposes the host and removes the root. */
  dispose(): Promise<void>;
}

/** Makes a home: folders only; `boot` starts its host. */
export async function makeIndexHome(): Promise<IndexHome> {
  const root = await mkdtemp(join(tmpdir(), 'dsh-index-faults-'));
  const folder = join(root, 'home', 'storages');
  const victim = join(root, 'victim');
  mkdirSync(victim, { recursive: true });
  const warnings: string[] = [];
  const home: IndexHome = {
    root,
    folder,
    path: join(folder, 'session-reference-index.sqlite'),
    victim,
    host: undefined as unknown as Host,
    warnings,
    async boot() {
      home.host = await bootHost({ root: join(root, 'sessions'), agentLoop: true });
      await writeSession(home.host, { id: 'alpha', cwd: '/w', createdAt: 2_000, items: [{ kind: 'user', text: 'the axolotl pipeline' }] });
      await writeSession(home.host, { id: 'beta', cwd: '/w', createdAt: 1_000, items: [{ kind: 'user', text: 'deploy on friday' }] });
      home.host.ctx.logger.exporter({
        levels: { default: 3 },
        export: (message) => {
          if (message.name === 'session-reference' && message.type === 'warn') warnings.push(String(message.args[0]));
        },
      });
    },
    async load() {
      await home.host.ctx.plugin(SessionReferenceResolver, { sessionIndexPath: home.path });
    },
    async dispose() {
      await home.host.dispose();
      await rm(root, { recursive: true, force: true });
    },
  };
  return home;
}

/** Every regular file and link under `dir` with a hash of its bytes (or its link target). */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      const entry = lstatSync(full);
      if (entry.isSymbolicLink()) out[full] = `link:${readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(full);
      else out[full] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * What the host must go on doing whatever the index suffers: create a session (a live agent), run
 * a turn in it, and answer keystrokes with the stored sessions and the new one. Returns the
 * candidates of the empty query.
 */
export async function hostGoesOn(home: IndexHome, id: string): Promise<SessionReferenceCandidate[]> {
  const agent = createTargetAgent(home.host, { id, cwd: '/w' });
  const turn = await runTurn(agent, `a turn about the ${id} wombat`);
  expect(turn.reason.kind).toBe('completed');
  const resolver = home.host.ctx.sessionReferenceResolver;
  const other = createTargetAgent(home.host, { id: `${id}-asker`, cwd: '/w' });
  const all = await resolver.listCandidates(other, '');
  expect(all.map((candidate) => candidate.sessionId)).toEqual(expect.arrayContaining([...STORED_IDS, id]));
  expect((await resolver.listCandidates(other, 'alph')).map((candidate) => candidate.sessionId)).toEqual(['alpha']);
  expect(await resolver.listCandidates(other, 'zan\0zib')).toEqual([]);
  return all;
}

/** The session ids the index file at `path` holds, read through a connection of its own; undefined when it cannot be read. */
export function idsInFile(path: string): string[] | undefined {
  try {
    const db = new (sqlite().DatabaseSync)(path, { readOnly: true });
    try {
      return (db.prepare('SELECT id FROM sessions ORDER BY id').all() as { id: string }[]).map((row) => row.id);
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/** The `node` devDependency's binary (Node 22, with `node:sqlite`); the `node` on the path may be older. */
const NODE_22 = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));

/** A child process holding an exclusive lock on the file at `path` until killed. */
export async function holdLocked(path: string): Promise<ChildProcess> {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(path)});
    db.exec('PRAGMA journal_mode = WAL; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE counters SET value = value;');
    process.stdout.write('ready\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(NODE_22, ['--no-warnings', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the locking child exited with ${code}`));
    });
  });
  return child;
}

/** Marks `path` immutable (`chattr +i`), so that even root cannot write it; false when this machine does not allow it. */
export function makeImmutable(path: string, on = true): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
