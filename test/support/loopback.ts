/** A loopback carrier between a host and a client Context in one process, and the rc.8 browser bundles of the Typert registry and gateway loaded as a client would load them. */
import * as cordis from '@deepseek-ai/cordis';
import { Context, Service } from '@deepseek-ai/cordis';
import type {} from '@deepseek-ai/dsh-api-gateway/client';
import type { RemoteFailure } from '@deepseek-ai/dsh-typert-protocol';

// ---------------------------------------------------------------------------------------------
// Client face round trip.
//
// `@deepseek-ai/dsh-api-gateway/client` and `@deepseek-ai/dsh-typert-registry/client` are browser
// bundles that register through `window.__ModuleLoader__`; a small shim loads them in Node with
// the same Cordis module. The carrier is a loopback double of `@deepseek-ai/dsh-client-connection`
// (which must not be installed here): it offers exactly the two calls the gateway uses,
// `rpc.intercept('/api', claims, handler)` on the Host and `rpc.call('/api', endpoint, payload,
// signal)` on the Client, and JSON-encodes every payload and envelope as the wire would.
// ---------------------------------------------------------------------------------------------

export interface ClientFace {
  inject: string[];
  apply(ctx: Context): void;
}

interface ModuleLoaderEntry {
  id: string;
  factory: (require: (id: string) => unknown) => ClientFace;
}

/** Factories registered by the bundles; ES modules evaluate once, so this outlives a single load. */
const loaded = new Map<string, ClientFace>();

export async function loadBrowserBundles(): Promise<{ registry: ClientFace; gateway: ClientFace }> {
  const globals = globalThis as { window?: unknown };
  const previous = globals.window;
  globals.window = {
    __ModuleLoader__: {
      load: ({ id, factory }: ModuleLoaderEntry) => {
        loaded.set(
          id,
          factory((dependency) => {
            if (dependency === '@deepseek-ai/cordis') return cordis;
            throw new Error(`browser bundle ${id} requires unexpected module ${dependency}`);
          }),
        );
      },
    },
  };
  try {
    await import('@deepseek-ai/dsh-typert-registry/client');
    await import('@deepseek-ai/dsh-api-gateway/client');
  } finally {
    globals.window = previous;
  }
  const registry = loaded.get('@deepseek-ai/dsh-typert-registry');
  const gateway = loaded.get('@deepseek-ai/dsh-api-gateway');
  if (registry === undefined || gateway === undefined) throw new Error('browser bundles did not register');
  return { registry, gateway };
}

export type Envelope = { ok: true; value: unknown } | { ok: false; error: RemoteFailure };

export interface Interceptor {
  path: string;
  claims(endpoint: string): boolean;
  handle(endpoint: string, payload: unknown, signal: AbortSignal): Promise<Envelope>;
}

export class LoopbackCarrier {
  readonly interceptors = new Set<Interceptor>();
  readonly frames: { endpoint: string; payload: unknown; envelope?: unknown }[] = [];

  async call(path: string, endpoint: string, payload: unknown, signal?: AbortSignal): Promise<Envelope> {
    const frame: { endpoint: string; payload: unknown; envelope?: unknown } = { endpoint, payload: JSON.parse(JSON.stringify(payload)) };
    this.frames.push(frame);
    const interceptor = [...this.interceptors].find((candidate) => candidate.path === path && candidate.claims(endpoint));
    if (interceptor === undefined) return { ok: false, error: { code: 'not-found', message: `nothing claims ${endpoint}`, details: {} } };
    const envelope = await interceptor.handle(endpoint, frame.payload, signal ?? new AbortController().signal);
    frame.envelope = JSON.parse(JSON.stringify(envelope));
    return frame.envelope as Envelope;
  }
}

/** Host half of the loopback carrier: `ctx.connection.rpc.intercept`. */
export class HostConnection extends Service {
  private readonly carrier: LoopbackCarrier;

  constructor(ctx: Context, carrier: LoopbackCarrier) {
    super(ctx, 'connection');
    this.carrier = carrier;
  }

  get rpc() {
    const ctx = this.ctx;
    const carrier = this.carrier;
    return {
      intercept(path: string, claims: Interceptor['claims'], handle: Interceptor['handle'], _options?: { authority?: string }) {
        const interceptor: Interceptor = { path, claims, handle };
        return ctx.effect(() => {
          carrier.interceptors.add(interceptor);
          return () => {
            carrier.interceptors.delete(interceptor);
          };
        }, 'loopback.intercept');
      },
    };
  }
}

/** Client half of the loopback carrier: `ctx.connection.rpc.call`. */
export class ClientConnection extends Service {
  private readonly carrier: LoopbackCarrier;

  constructor(ctx: Context, carrier: LoopbackCarrier) {
    super(ctx, 'connection');
    this.carrier = carrier;
  }

  get rpc() {
    const carrier = this.carrier;
    return {
      call: (path: string, endpoint: string, payload: unknown, signal?: AbortSignal) => carrier.call(path, endpoint, payload, signal),
    };
  }
}
