/** AI model providers: OpenAI, Anthropic, DeepSeek, Groq, Hugging Face, xAI, NVIDIA, OpenRouter, Pinecone, Perplexity, LangSmith, Replicate, ElevenLabs. */
import { chars } from '../chars.ts';
import { run } from '../record.ts';
import type { KindRecord } from '../record.ts';
import { ALNUM, ALNUM_LOWER, HEX, LETTERS, URLSAFE, lettersAndDigits, mixedCase, notWords } from './format-shapes.ts';

/** The AI model providers kinds. */
export const AI_KINDS: readonly KindRecord[] = [
  {
    kind: 'openai-key',
    description: 'OpenAI API keys: `sk-proj-`, `sk-svcacct-`, `sk-admin-`, `sk-None-`, and legacy `sk-` + 48 characters',
    formats: [
      { prefixes: ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'], body: [run(URLSAFE, 40, 250)], check: lettersAndDigits },
      { prefixes: ['sk-'], body: [run(ALNUM, 48)], check: lettersAndDigits },
    ],
  },
  {
    kind: 'anthropic-key',
    description: 'Anthropic API, admin and OAuth keys (`sk-ant-api03-…AA`, `sk-ant-admin01-…AA`)',
    formats: [{ prefixes: ['sk-ant-'], body: [run(URLSAFE, 80, 200)], check: (value) => value.endsWith('AA') }],
  },
  {
    kind: 'deepseek-key',
    description: 'DeepSeek API key: `sk-` + 32 lowercase hex or alphanumeric characters',
    formats: [{ prefixes: ['sk-'], body: [run(ALNUM_LOWER, 32)], check: lettersAndDigits }],
  },
  {
    kind: 'openrouter-key',
    description: 'OpenRouter API key (`sk-or-v1-` + 64 hex)',
    formats: [{ prefixes: ['sk-or-v1-'], body: [run(HEX, 64)] }],
  },
  {
    kind: 'groq-key',
    description: 'Groq API key (`gsk_` + 52 characters)',
    formats: [{ prefixes: ['gsk_'], body: [run(ALNUM, 52)] }],
  },
  {
    kind: 'huggingface-token',
    description: 'Hugging Face user access tokens (`hf_` + 34 characters, digits or not) and organisation tokens (`api_org_`)',
    formats: [
      { prefixes: ['hf_'], body: [run(ALNUM, 34)], check: (value) => mixedCase(value) && notWords(value.slice(3)) },
      { prefixes: ['api_org_'], body: [run(LETTERS, 34)], check: (value) => mixedCase(value) && notWords(value.slice(8)) },
    ],
  },
  {
    kind: 'xai-key',
    description: 'xAI API key (`xai-` + 80 characters)',
    formats: [{ prefixes: ['xai-'], body: [run(ALNUM, 80)] }],
  },
  {
    kind: 'nvidia-key',
    description: 'NVIDIA API key (`nvapi-` + 64 characters)',
    formats: [{ prefixes: ['nvapi-'], body: [run(URLSAFE, 64)] }],
  },
  {
    kind: 'pinecone-key',
    description: 'Pinecone API key (`pcsk_` + id + `_` + secret)',
    formats: [{ prefixes: ['pcsk_'], body: [run(ALNUM, 4, 8), '_', run(URLSAFE, 50, 80)] }],
  },
  {
    kind: 'perplexity-key',
    description: 'Perplexity API key (`pplx-` + 48 characters)',
    formats: [{ prefixes: ['pplx-'], body: [run(ALNUM, 48)] }],
  },
  {
    kind: 'langsmith-key',
    description: 'LangSmith personal and service keys (`lsv2_pt_`, `lsv2_sk_` + 32 hex + `_` + 10 hex)',
    formats: [{ prefixes: ['lsv2_pt_', 'lsv2_sk_'], body: [run(HEX, 32), '_', run(HEX, 10)] }],
  },
  {
    kind: 'replicate-token',
    description: 'Replicate API token (`r8_` + 37 characters)',
    formats: [{ prefixes: ['r8_'], body: [run(ALNUM, 37)], check: lettersAndDigits }],
  },
  {
    kind: 'elevenlabs-key',
    description: 'ElevenLabs API key (`sk_` + 48 hex)',
    formats: [{ prefixes: ['sk_'], body: [run(HEX, 48)] }],
  },
  {
    kind: 'tavily-key',
    description: 'Tavily API key (`tvly-`, `tvly-dev-`, `tvly-prod-` + 32 characters)',
    formats: [{ prefixes: ['tvly-dev-', 'tvly-prod-', 'tvly-'], body: [run(ALNUM, 32)], check: lettersAndDigits }],
  },
  {
    kind: 'jina-key',
    description: 'Jina AI API key (`jina_` + 60 characters)',
    formats: [{ prefixes: ['jina_'], body: [run(ALNUM, 60)], check: lettersAndDigits }],
  },
  {
    kind: 'fireworks-key',
    description: 'Fireworks AI API key (`fw_` + 24 characters)',
    formats: [{ prefixes: ['fw_'], body: [run(ALNUM, 24)], check: (value) => lettersAndDigits(value) && mixedCase(value) }],
  },
  {
    kind: 'anyscale-key',
    description: 'Anyscale API key (`esecret_` + 26 lowercase characters)',
    formats: [{ prefixes: ['esecret_'], body: [run(ALNUM_LOWER, 26)], check: lettersAndDigits }],
  },
  {
    kind: 'voyage-key',
    description: 'Voyage AI API key (`pa-` + 43 characters)',
    formats: [
      { prefixes: ['pa-'], body: [run(URLSAFE, 43)], check: (value) => lettersAndDigits(value) && mixedCase(value) && notWords(value) },
    ],
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
];
