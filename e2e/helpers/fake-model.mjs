// A stand-in for an OpenAI-compatible streaming chat-completions endpoint
// (the wire the DeepSeek adapter speaks), listening on 127.0.0.1 only.
//
// Every POST body is parsed and kept in `requests`, in arrival order. Each
// answer is one short assistant text streamed as server-sent events and closed
// with `[DONE]`. The server is bounded: it closes itself after `lifetimeMs`, and
// it answers at most `maxRequests` completions (later ones get HTTP 503 and the
// server closes), so a run that loops on the model cannot hold it open.

import { createServer } from 'node:http';
import { isRecord, parseJson } from './json.mjs';

/**
 * @import { ServerResponse } from 'node:http'
 * @typedef {{ role: string, content?: unknown }} ChatMessage
 * @typedef {{ model?: string, messages?: ChatMessage[], tools?: unknown[], raw?: string }} ChatBody
 *   A chat-completions request body as far as the fake reads it; `raw` holds the text of a body that was not a JSON object.
 * @typedef {{ path: string, headers: Record<string, string | string[] | undefined>, body: ChatBody }} RecordedRequest
 * @typedef {(body: ChatBody, index: number) => string} Replier
 * @typedef {Awaited<ReturnType<typeof startFakeModel>>} FakeModel
 */

/**
 * The default answer: a title for title requests, a fixed reply otherwise.
 * @type {Replier}
 */
export function defaultReply(body) {
  if (isTitleRequest(body)) return titleFor(titleSubject(body));
  return 'OK from the fake model.';
}

/**
 * The human text a title request is about. The title helper sends the
 * messages as a JSON array of `{seq, text}` after a one-line instruction;
 * anything else falls back to the whole first user message.
 * @param {ChatBody} body
 */
export function titleSubject(body) {
  const text = firstUserText(body);
  const start = text.indexOf('[');
  if (start >= 0) {
    try {
      const items = parseJson(text.slice(start));
      if (Array.isArray(items)) return items.map(textField).join(' ');
    } catch {
      // not the shape we know: use the whole text
    }
  }
  return text;
}

/**
 * Text of the first user-role message of a chat-completions body.
 * @param {ChatBody} body
 */
export function firstUserText(body) {
  const message = (body.messages ?? []).find((m) => m.role === 'user');
  return message === undefined ? '' : textOf(message.content);
}

/**
 * A message `content` as plain text (string or an array of text parts).
 * @param {unknown} content
 * @returns {string}
 */
export function textOf(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((/** @type {unknown} */ p) => (typeof p === 'string' ? p : textField(p))).join('');
  }
  return '';
}

/**
 * The `text` of a `{ text }` item or part; empty for anything else.
 * @param {unknown} item
 */
function textField(item) {
  return isRecord(item) && typeof item.text === 'string' ? item.text : '';
}

/**
 * Whether a request is the session-title helper's rather than an agent step.
 * The title request carries no tools; an agent step always offers its tool catalog.
 * @param {ChatBody} body
 */
export function isTitleRequest(body) {
  const system = (body.messages ?? []).find((m) => m.role === 'system');
  if (system !== undefined && /\btitle\b/i.test(textOf(system.content).split('\n')[0] ?? '')) return true;
  return !Array.isArray(body.tools) || body.tools.length === 0;
}

/**
 * A deterministic title: "Title " plus the first five words of the text.
 * @param {string} text
 */
export function titleFor(text) {
  const words = text
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 5)
    .join(' ');
  return `Title ${words || 'untitled'}`;
}

/**
 * Start the fake endpoint.
 * @param {{ reply?: Replier, maxRequests?: number, lifetimeMs?: number, chunkSize?: number }} [options]
 */
export async function startFakeModel(options = {}) {
  const reply = options.reply ?? defaultReply;
  const maxRequests = options.maxRequests ?? 40;
  const lifetimeMs = options.lifetimeMs ?? 180_000;
  const chunkSize = options.chunkSize ?? 16;
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {Set<() => void>} */
  const waiters = new Set();
  let completions = 0;
  let closed = false;

  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const parts = [];
    req.on('data', (/** @type {Buffer} */ part) => parts.push(part));
    req.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      /** @type {unknown} */
      let parsed;
      try {
        parsed = raw.length > 0 ? parseJson(raw) : undefined;
      } catch {
        parsed = undefined;
      }
      /** @type {ChatBody} */
      const body = isRecord(parsed) ? parsed : { raw };
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${String(req.method)} ${String(req.url)}` } }));
        return;
      }
      requests.push({ path: req.url, headers: { ...req.headers }, body });
      for (const waiter of waiters) waiter();
      completions += 1;
      if (completions > maxRequests) {
        res.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ error: { message: 'fake model: request limit reached' } }));
        void close();
        return;
      }
      const index = completions - 1;
      let text;
      try {
        text = reply(body, index);
      } catch (error) {
        text = `fake model reply failed: ${String(error)}`;
      }
      streamText(res, text, body.model ?? 'fake', index, chunkSize);
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined);
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake model: no TCP address');
  const url = `http://127.0.0.1:${String(address.port)}`;

  const lifetime = setTimeout(() => void close(), lifetimeMs);
  lifetime.unref();

  async function close() {
    if (closed) return;
    closed = true;
    clearTimeout(lifetime);
    for (const waiter of waiters) waiter();
    await new Promise((resolve) => {
      server.close(() => {
        resolve(undefined);
      });
      server.closeAllConnections();
    });
  }

  /**
   * Resolve once `count` requests have arrived; reject after `timeoutMs`.
   * @param {number} count
   * @returns {Promise<RecordedRequest[]>}
   */
  function waitForRequests(count, timeoutMs = 10_000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (requests.length >= count) {
          done();
          resolve(requests.slice());
        } else if (closed) {
          done();
          reject(new Error(`fake model closed with ${String(requests.length)} of ${String(count)} requests`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`fake model: ${String(requests.length)} of ${String(count)} requests after ${String(timeoutMs)} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    url,
    port: address.port,
    requests,
    close,
    waitForRequests,
    get closed() {
      return closed;
    },
  };
}

/**
 * @param {ServerResponse} res
 * @param {string} text
 * @param {string} model
 * @param {number} index
 * @param {number} chunkSize
 */
function streamText(res, text, model, index, chunkSize) {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const id = `fake-${String(index)}`;
  const created = Math.floor(Date.now() / 1000);
  const send = (/** @type {Record<string, unknown>} */ payload) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  const base = { id, object: 'chat.completion.chunk', created, model };
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  const chars = Array.from(text);
  for (let at = 0; at < chars.length; at += chunkSize) {
    send({ ...base, choices: [{ index: 0, delta: { content: chars.slice(at, at + chunkSize).join('') }, finish_reason: null }] });
  }
  send({
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: chars.length, total_tokens: 10 + chars.length },
  });
  res.write('data: [DONE]\n\n');
  res.end();
}
