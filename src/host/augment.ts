/** Module augmentations: the service on the Cordis context and the `session-reference` message-source kind. */
import type { SessionReferenceSource } from '../core/types.ts';
import type { SessionReferenceResolver } from './service.ts';

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
