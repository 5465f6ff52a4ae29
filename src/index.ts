/** Package entry: the `SessionReferenceResolver` plugin (default export), its config schema, and everything the core exports. */
import { SessionReferenceResolver } from './host/service.ts';

export default SessionReferenceResolver;
export { SessionReferenceResolver };
export { ConfigSchema } from './host/config-schema.ts';
export * from './core/index.ts';
export type { DetailedPreparedReferencedMessage, SessionReferenceAgent, PreparedReferencedMessage } from './types.ts';
