/** Package entry: the `SessionReferenceResolver` plugin (default export), its config schema, and everything the core exports. */
import { SessionReferenceResolver } from './host/service.ts';

export default SessionReferenceResolver;
export { SessionReferenceResolver };
export type { DetailedPreparedReferencedMessage } from './host/service.ts';
export { ConfigSchema } from './host/config-schema.ts';
export * from './core/index.ts';
export type { SessionReferenceAgent, PreparedReferencedMessage } from './types.ts';
