/** The one check and deep copy of a citing message's content blocks. */
import type { ContentBlock } from '@deepseek-ai/dsh-llm';
import { readGuarded, SessionReferenceError, SessionReferenceErrorCode } from '../errors.ts';

/** The largest length an array can have; a Proxy claiming more (or a non-integer) is not an array of blocks. */
const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/**
 * A deep copy of the citing message's content, after checking it is an array of blocks (objects
 * with a string `type`) that can be copied. The walk stops at the first bad block (a hole is one),
 * and every read is guarded: bad content, a getter or Proxy trap that throws, or an array whose
 * `length` throws is INVALID_REFERENCE (with the thrown value as `cause`), never a raw `TypeError`
 * or `DataCloneError`.
 */
export function copyContent(content: unknown): ContentBlock[] {
  if (!readGuarded(() => Array.isArray(content), 'the content')) throw badContent('content must be an array of content blocks');
  const length = readGuarded(() => (content as readonly unknown[]).length, 'the length of the content array');
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > MAX_ARRAY_LENGTH) {
    throw badContent('the content array reports a length that is not an array length');
  }
  const blocks: unknown[] = [];
  for (let index = 0; index < length; index++) {
    const block = readGuarded(() => (content as readonly unknown[])[index], `content block ${index}`);
    const type =
      block !== null && typeof block === 'object'
        ? readGuarded(() => (block as { type?: unknown }).type, `content block ${index}'s type`)
        : undefined;
    if (typeof type !== 'string') throw badContent(`content block ${index} is not an object with a string type`);
    blocks.push(block);
  }
  try {
    return structuredClone(blocks) as ContentBlock[];
  } catch (error) {
    throw badContent('content cannot be copied (it holds a function, a symbol or another value that cannot be cloned)', error);
  }
}

function badContent(message: string, cause?: unknown): SessionReferenceError {
  return new SessionReferenceError(message, SessionReferenceErrorCode.INVALID_REFERENCE, cause === undefined ? undefined : { cause });
}
