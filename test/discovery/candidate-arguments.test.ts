// listCandidates() checks its agent at the edge: anything but an object with a string id and a session.header
// object is INVALID_REFERENCE with a message saying what was wrong, never a raw "Cannot read properties of …".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, bootHostileHost, settle, SOURCE_ID, typedError } from '../support/hostile-host.ts';
import type { HostileHost } from '../support/hostile-host.ts';

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost();
});

afterAll(async () => {
  await hostile.dispose();
});

const refusal = new Error('getter refused');
const throwingGetter = (field: string, base: object): object =>
  Object.defineProperty({ ...base }, field, {
    enumerable: true,
    get() {
      throw refusal;
    },
  });
const revoked = Proxy.revocable({}, {});
revoked.revoke();

const BAD_AGENTS: [string, unknown, RegExp][] = [
  ['null', null, /agent must be an object/],
  ['undefined', undefined, /agent must be an object/],
  ['a string', 'target', /agent must be an object/],
  ['an object without a session', { id: 'nope' }, /agent\.session must be an object/],
  ['an object with a numeric id', { id: 5, session: { header: {} } }, /agent\.id must be a string/],
  ['an object whose session is null', { id: 'a', session: null }, /agent\.session must be an object/],
  ['an object whose header is a string', { id: 'a', session: { header: 'h' } }, /agent\.session\.header must be an object/],
  ['an object whose session has no header', { id: 'a', session: {} }, /agent\.session\.header must be an object/],
  ['an object whose id getter throws', throwingGetter('id', { session: { header: {} } }), /agent\.id could not be read/],
  ['an object whose session getter throws', throwingGetter('session', { id: 'a' }), /agent\.session could not be read/],
  ['an object whose header getter throws', { id: 'a', session: throwingGetter('header', {}) }, /agent\.session\.header could not be read/],
  [
    'an object whose cwd getter throws',
    { id: 'a', session: { header: throwingGetter('cwd', {}) } },
    /agent\.session\.header\.cwd could not be read/,
  ],
  ['a revoked Proxy', revoked.proxy, /agent/],
];

describe('listCandidates with an agent of the wrong shape', () => {
  it.each(BAD_AGENTS)('%s: INVALID_REFERENCE saying what was wrong', async (name, agent, why) => {
    const error = typedError(await settle(() => hostile.resolver.listCandidates(agent as never, '')));
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toMatch(why);
    expect(error.message).not.toMatch(/Cannot read properties/);
    if (name.includes('getter throws')) expect(error.cause).toBe(refusal);
  });

  it('a well-formed agent still lists the stored session', async () => {
    const candidates = await hostile.resolver.listCandidates(AGENT, '');
    expect(candidates.map((c) => c.sessionId)).toContain(SOURCE_ID);
  });
});
