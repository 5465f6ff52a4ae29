/** Test-double LLM adapter: answers model info and one canned text completion per request, recording every request. */
import { LlmAdapter } from '@deepseek-ai/dsh-llm';
import type { GenerateOptions, LlmResolvedModelInfo, Message, StreamChunk } from '@deepseek-ai/dsh-llm';

/** Provider route the harness registers the test adapter under. */
export const TEST_PROVIDER = 'test';
/** Model id the harness helpers use by default. */
export const TEST_MODEL = 'm';

/** One canned completion: visible text and optional reasoning (emitted first). */
export interface TestCompletion {
  text: string;
  reasoning?: string;
}

/**
 * What the adapter answers: a fixed text, or a function of the request and its
 * zero-based index among all requests this adapter has received.
 */
export type TestReply = string | ((request: GenerateOptions, index: number) => string | TestCompletion);

/** Construction options for {@link TestLlmAdapter}. */
export interface TestLlmAdapterOptions {
  /** Context window reported by `resolveModel`; `null`/omitted reports none (unknown capacity). */
  contextWindow?: number | null;
  /** Canned reply; defaults to the text `'ok'`. */
  reply?: TestReply;
}

/**
 * LLM adapter double. Every `stream()` call is recorded in {@link requests}
 * (the exact frozen `GenerateOptions` the runtime dispatched) and answered with
 * one grammar-valid completion: optional reasoning block, one text block,
 * usage, then a `stop` finish.
 */
export class TestLlmAdapter extends LlmAdapter {
  /** Every request received, in arrival order. */
  readonly requests: GenerateOptions[] = [];
  /** Context window reported for every model; `null` means none. Mutable between requests. */
  contextWindow: number | null;
  /** Canned reply; mutable between requests. */
  reply: TestReply;

  /** @param options - context window and canned reply. */
  constructor(options: TestLlmAdapterOptions = {}) {
    super();
    this.contextWindow = options.contextWindow ?? null;
    this.reply = options.reply ?? 'ok';
  }

  /** The most recent request, or `undefined` before any. */
  get lastRequest(): GenerateOptions | undefined {
    return this.requests.at(-1);
  }

  /**
   * Report the exact model with the configured context window, if any.
   * @param provider - provider route being resolved.
   * @param model - exact model id.
   * @returns model identity plus optional context capacity.
   */
  override async resolveModel(provider: string, model: string): Promise<LlmResolvedModelInfo> {
    return {
      provider,
      id: model,
      name: model,
      ...(this.contextWindow === null ? {} : { context: { contextWindow: this.contextWindow } }),
    };
  }

  /**
   * Record the request and stream the canned completion.
   * @param options - the dispatched request.
   * @returns the chunk stream.
   */
  override async *stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    const index = this.requests.length;
    this.requests.push(options);
    options.signal?.throwIfAborted();
    const answer = typeof this.reply === 'string' ? this.reply : this.reply(options, index);
    const completion: TestCompletion = typeof answer === 'string' ? { text: answer } : answer;
    let block = 0;
    if (completion.reasoning !== undefined) {
      yield { type: 'block-start', index: block, blockType: 'reasoning' };
      yield { type: 'reasoning-delta', index: block, text: completion.reasoning };
      yield { type: 'block-end', index: block, block: { type: 'reasoning', text: completion.reasoning } };
      block += 1;
    }
    yield { type: 'block-start', index: block, blockType: 'text' };
    yield { type: 'text-delta', index: block, text: completion.text };
    yield { type: 'block-end', index: block, block: { type: 'text', text: completion.text } };
    yield { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } };
    yield { type: 'finish', reason: { kind: 'stop' } };
  }
}

/**
 * Concatenate the text blocks of one message (tool-result blocks contribute their nested text).
 * @param message - message to flatten.
 * @returns its visible text, blocks joined with newlines.
 */
export function messageText(message: Pick<Message, 'content'>): string {
  const parts: string[] = [];
  for (const block of message.content) {
    if (block.type === 'text') parts.push(block.text);
    else if (block.type === 'tool-result') parts.push(messageText({ content: block.content }));
  }
  return parts.join('\n');
}
