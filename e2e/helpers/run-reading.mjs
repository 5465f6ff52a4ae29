// What the e2e tests read back from a run: the agent's requests to the fake model, logged
// message texts and titles, and the JSON between a context text's framing tags.

import assert from 'node:assert/strict';
import { parseJson } from './json.mjs';
import { readLogFile } from './session-log.mjs';

/**
 * @import { RecordedRequest } from './fake-model.mjs'
 * @import { LogLine } from './session-log.mjs'
 */

/**
 * The agent-step request (not the title helper's) among recorded requests.
 * @param {RecordedRequest[]} requests
 */
export function agentRequests(requests) {
  return requests.filter((r) => Array.isArray(r.body.tools) && r.body.tools.length > 0);
}

/**
 * The text of a logged `user/message` event.
 * @param {LogLine | undefined} event
 */
export function loggedText(event) {
  return (event?.data?.content ?? [])
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('');
}

/**
 * The latest title a session's own log recorded, if any.
 * @param {string} path
 */
export function loggedTitle(path) {
  return readLogFile(path)
    .filter((e) => e.type === 'session/title')
    .at(-1)?.data?.title;
}

/**
 * Parse the JSON between the `<referenced-sessions>` tags of a context text.
 * @param {string} text
 */
export function referencedJson(text) {
  const open = '<referenced-sessions>';
  const close = '</referenced-sessions>';
  assert.equal(text.split(open).length - 1, 1, 'exactly one opening tag');
  assert.equal(text.split(close).length - 1, 1, 'exactly one closing tag');
  return parseJson(text.slice(text.indexOf(open) + open.length, text.indexOf(close)).trim());
}
