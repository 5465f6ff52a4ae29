/** The one check and deep copy of a citing message's content blocks. */
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';

/**
 * A deep copy of the citing message's content, after checking it is an array of blocks (objects
 * with a string `type`) that can be copied. Bad content is INVALID_REFERENCE, never a raw
 * `TypeError` or `DataCloneError`.
 */
export function copyContent(content: unknown): ContentBlock[] {
  if (!Array.isArray(content)) throw badContent('content must be an array of content blocks');
  content.forEach((block: unknown, index) => {
    if (block === null || typeof block !== 'object' || typeof (block as { type?: unknown }).type !== 'string') {
      throw badContent(`content block ${index} is not an object with a string type`);
    }
  });
  try {
    return structuredClone(content) as ContentBlock[];
  } catch (error) {
    throw badContent('content cannot be copied (it holds a function, a symbol or another value that cannot be cloned)', error);
  }
}

function badContent(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}
