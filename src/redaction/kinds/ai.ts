/** AI model providers: OpenAI, Anthropic, DeepSeek, Groq, Hugging Face, xAI, NVIDIA, OpenRouter, Pinecone, Perplexity, LangSmith, Langfuse, Helicone, Replicate, ElevenLabs, DeepL, Mem0. */
import { chars } from '../chars.ts';
import { prefixed, run, tokenKind } from '../kind-record.ts';
import type { KindRecord } from '../kind-record.ts';
import { ALNUM, ALNUM_LOWER, ALNUM_UPPER, HEX, URLSAFE, lettersAndDigits, mixedCase, notWords } from './format-shapes.ts';
import { matchDeeplKey } from '../vendor-matchers.ts';

/** The AI model providers kinds. */
export const AI_KINDS: readonly KindRecord[] = [
  tokenKind('mem0-key', 'Mem0 API key (`m0-` + 40 characters)', prefixed('m0-', ALNUM, 40, 40, lettersAndDigits)),
  tokenKind(
    'openai-key',
    'OpenAI API keys: `sk-proj-`, `sk-svcacct-`, `sk-admin-`, `sk-None-`, and legacy `sk-` + 48 characters',
    prefixed(['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'], URLSAFE, 40, 250, lettersAndDigits),
    prefixed('sk-', ALNUM, 48, 48, lettersAndDigits),
  ),
  tokenKind(
    'anthropic-key',
    'Anthropic API, admin and OAuth keys (`sk-ant-api03-…AA`, `sk-ant-admin01-…AA`)',
    prefixed('sk-ant-', URLSAFE, 80, 200, (value) => value.endsWith('AA')),
  ),
  tokenKind(
    'deepseek-key',
    'DeepSeek API key: `sk-` + 32 lowercase hex or alphanumeric characters',
    prefixed('sk-', ALNUM_LOWER, 32, 32, lettersAndDigits),
  ),
  tokenKind('openrouter-key', 'OpenRouter API key (`sk-or-v1-` + 64 hex)', prefixed('sk-or-v1-', HEX, 64)),
  tokenKind('groq-key', 'Groq API key (`gsk_` + 52 characters)', prefixed('gsk_', ALNUM, 52)),
  tokenKind(
    'huggingface-token',
    'Hugging Face user access tokens (`hf_` + 34 characters, digits or not) and organisation tokens (`api_org_`)',
    prefixed('hf_', ALNUM, 34, 34, (value) => mixedCase(value) && notWords(value.slice(3))),
    prefixed('api_org_', ALNUM, 34, 34, (value) => mixedCase(value) && notWords(value.slice(8))),
  ),
  tokenKind('xai-key', 'xAI API key (`xai-` + 80 characters)', prefixed('xai-', ALNUM, 80)),
  tokenKind('nvidia-key', 'NVIDIA API key (`nvapi-` + 64 characters)', prefixed('nvapi-', URLSAFE, 64)),
  tokenKind('pinecone-key', 'Pinecone API key (`pcsk_` + id + `_` + secret)', {
    prefixes: ['pcsk_'],
    body: [run(ALNUM, 4, 8), '_', run(URLSAFE, 50, 80)],
  }),
  tokenKind('perplexity-key', 'Perplexity API key (`pplx-` + 48 characters)', prefixed('pplx-', ALNUM, 48)),
  tokenKind('langsmith-key', 'LangSmith personal and service keys (`lsv2_pt_`, `lsv2_sk_` + 32 hex + `_` + 10 hex)', {
    prefixes: ['lsv2_pt_', 'lsv2_sk_'],
    body: [run(HEX, 32), '_', run(HEX, 10)],
  }),
  tokenKind('langfuse-key', 'Langfuse secret key (`sk-lf-` + a UUID)', {
    prefixes: ['sk-lf-'],
    body: [run(HEX, 8), '-', run(HEX, 4), '-', run(HEX, 4), '-', run(HEX, 4), '-', run(HEX, 12)],
  }),
  tokenKind('helicone-key', 'Helicone API key (`sk-helicone-` + four groups of 7 lowercase characters)', {
    prefixes: ['sk-helicone-'],
    body: [run(ALNUM_LOWER, 7), '-', run(ALNUM_LOWER, 7), '-', run(ALNUM_LOWER, 7), '-', run(ALNUM_LOWER, 7)],
  }),
  tokenKind('replicate-token', 'Replicate API token (`r8_` + 37 characters)', prefixed('r8_', URLSAFE, 37, 37, lettersAndDigits)),
  tokenKind('elevenlabs-key', 'ElevenLabs API key (`sk_` + 48 hex)', prefixed('sk_', HEX, 48)),
  tokenKind(
    'tavily-key',
    'Tavily API key (`tvly-`, `tvly-dev-`, `tvly-prod-` + 32 characters)',
    prefixed(['tvly-dev-', 'tvly-prod-', 'tvly-'], ALNUM, 32, 32, lettersAndDigits),
  ),
  tokenKind('jina-key', 'Jina AI API key (`jina_` + 60 characters)', prefixed('jina_', ALNUM, 60, 60, lettersAndDigits)),
  tokenKind(
    'fireworks-key',
    'Fireworks AI API key (`fw_` + 24 characters)',
    prefixed('fw_', ALNUM, 24, 24, (value) => lettersAndDigits(value) && mixedCase(value)),
  ),
  tokenKind(
    'anyscale-key',
    'Anyscale API key (`esecret_` + 26 lowercase characters)',
    prefixed('esecret_', ALNUM_LOWER, 26, 26, lettersAndDigits),
  ),
  tokenKind(
    'voyage-key',
    'Voyage AI API key (`pa-` + 43 characters)',
    prefixed('pa-', URLSAFE, 43, 43, (value) => lettersAndDigits(value) && mixedCase(value) && notWords(value)),
  ),
  {
    kind: 'deepl-key',
    description: 'DeepL API Free key (a UUID + `:fx`)',
    custom: [{ literal: ':fx', at: 'infix', match: matchDeeplKey }],
  },
  {
    kind: 'cohere-key',
    description: 'Cohere API key: 40 characters assigned to a `cohere` / `co_api_key` name',
    named: {
      names: (words) => (words.includes('cohere') || words[0] === 'co') && (words.at(-1) === 'key' || words.at(-1) === 'token'),
      value: run(chars('A-Za-z0-9'), 40),
      check: lettersAndDigits,
    },
  },
  tokenKind(
    'ai-platform-key',
    'MiniMax (`MINIMAX-` + four groups of 8), Cartesia (`sk_car_`) and Firecrawl (`fc-` + 32 hex) keys',
    {
      prefixes: ['MINIMAX-'],
      body: [run(ALNUM_UPPER, 8), '-', run(ALNUM_UPPER, 8), '-', run(ALNUM_UPPER, 8), '-', run(ALNUM_UPPER, 8)],
      check: lettersAndDigits,
    },
    prefixed('sk_car_', ALNUM, 20, 64, lettersAndDigits),
    prefixed('fc-', HEX, 32, 32, lettersAndDigits),
  ),
];
