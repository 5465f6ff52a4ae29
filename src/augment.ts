/** Module augmentations: the service on the Cordis context and the `session-reference` message-source kind. */
import type { SessionReferenceSource } from './types.ts';
import type { SessionReferenceResolver } from './plugin.ts';

declare module '@deepseek-ai/dsh-llm' {
  interface MessageSourceMap {
    'session-reference': SessionReferenceSource;
  }
}

declare module '@deepseek-ai/cordis' {
  interface Context {
    sessionReferenceResolver: SessionReferenceResolver;
  }
}
