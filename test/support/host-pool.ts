/** Real hosts for one test file: each on a fresh root under the file's temp directory, disposed (and spies restored) after its test. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import SessionReferenceResolver from '../../src/index.ts';
import { bootHost } from './host.ts';
import type { BootHostOptions, Host } from './host.ts';

/** The hosts of one test file. */
export interface HostPool {
  /** Boots a host on a fresh root (or `options.root`) with the pool's defaults under `options`; disposed after the test. */
  boot(options?: Partial<BootHostOptions>): Promise<Host>;
  /** A fresh path named after `name` under the file's temp directory (not created). */
  path(name: string): string;
}

/** Registers the file's hooks and returns its pool; `prefix` names the temp directory, `defaults` apply to every boot. */
export function useHostPool(prefix: string, defaults: Partial<BootHostOptions> = {}): HostPool {
  let tmp = '';
  let counter = 0;
  const hosts: Host[] = [];
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.dispose()));
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });
  return {
    async boot(options = {}) {
      const host = await bootHost({ root: join(tmp, `root-${counter++}`), ...defaults, ...options });
      hosts.push(host);
      return host;
    },
    path: (name) => join(tmp, `${name}-${counter++}`),
  };
}

/** Mounts the resolver on `host` with `config` and returns the service. */
export async function mountResolver(host: Host, config: Record<string, unknown> = {}): Promise<SessionReferenceResolver> {
  await host.ctx.plugin(SessionReferenceResolver, config);
  const service = host.ctx.get('sessionReferenceResolver');
  if (!service) throw new Error('service did not mount');
  return service;
}
